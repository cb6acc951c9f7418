//! The building blocks the productions are written with.
//!
//! nom's own leaves (`tag`, `take_while`) know nothing of what a failure
//! should report, and its repetitions (`many0`) collect into a `Vec` and drop
//! the errors of the attempt that ended them. The grammar needs three things
//! they do not give:
//!
//! 1. A leaf tells the observer what could have continued where it stopped
//!    ([`Observe::reach`](crate::trace::observe::Observe::reach)): a repetition of a class whether it matches or
//!    not (something more of it could have come), a literal, a single
//!    character or the end of the input where it fails. The lookaheads
//!    (`followed_by`, `shortcut_ends`, `before_tab`) report nothing: the leaf
//!    that runs next, where they stand, reports there. The farthest point
//!    reported is the length of the longest prefix that a string of the rule
//!    can start with, because a leaf only ever runs where the grammar allows
//!    it and only ever consumes bytes the grammar allows there.
//! 2. Character-class repetitions (`*xchar`, `*[ uchar | ";" ]`, `1*digit`)
//!    are one scan over the class's table, escapes included, not a
//!    combinator call per character.
//! 3. Repetitions of composite bodies ([`star`]) and whole productions
//!    ([`span`]) return the text they matched, so that no output mode
//!    allocates.
//!
//! Two rules keep the observer's picture right, and the tests of derivation
//! trees check them: every production's combinator is wrapped in [`rule`],
//! and a branch of an `opt` or `alt` that can fail after a production inside
//! it matched is wrapped in [`attempt`], so that the tree forgets what the
//! failed branch built.
//!
//! The blocks, beside nom's `alt`, `opt`, `preceded`, `terminated`,
//! `consumed` and `value`:
//!
//! - literals: [`lit`], and [`scheme_lit`] for a scheme's name in any case
//!   (section 2.1); [`end_of_input`];
//! - classes: [`one`] character, [`many`] (and [`many_folding`]) for a run
//!   of a class or repetition body from `charset`, [`label`] for a domain
//!   label;
//! - composition: [`seq`] (a sequence that builds nothing in nom's `Check`
//!   mode, where nom's tuples build everything), [`star`], [`span`],
//!   [`rule`], [`attempt`], and [`scanned`], which attaches a production's
//!   fast form (`crate::scan`);
//! - four lookaheads, each carrying a decision that its production's
//!   documentation names: [`xchar_end`] (an alternative of `url`, and
//!   gopher's selector, end only where no `xchar` could go on: D8, D14),
//!   [`followed_by`] (`fileurl`'s `localhost`, D13; `login`'s first
//!   reading, D18), [`shortcut_ends`] (where that reading gives way to the
//!   production as written, D18) and [`before_tab`] (gopher's `%09`, D14).
//!
//! All leaves treat their input as complete: a URL is never streamed.

use core::marker::PhantomData;
use core::ops::Range;

use nom::error::{ErrorKind, ParseError};
use nom::{Check, Err, Mode, OutputM, OutputMode, PResult, Parser};

use crate::Rule;
use crate::charset::{self, Class};
use crate::expected::Expected;
use crate::input::{Text, address};
use crate::scan::{self, Fast};
use crate::trace::Observer;

/// The error type of every combinator: nom's own, with the position where the
/// combinator gave up. The crate's [`crate::Error`] comes from the observer,
/// not from these.
///
/// ```
/// // nom is the crate's: a program needs no dependency of its own on it.
/// use rfc1738::nom::{self, Parser};
/// use rfc1738::grammar::{E, Quiet, ip::port};
///
/// let failed: nom::Err<E<&str>> = port(Quiet).parse_complete("x80").unwrap_err();
/// let nom::Err::Error(error) = failed else { panic!("a recoverable failure") };
/// assert_eq!(error.input, "x80");
/// // The crate's own error says more: where, and what was expected.
/// let error = rfc1738::parse_rule(rfc1738::Rule::Port, "x80").unwrap_err();
/// assert_eq!(error.message(), r#"expected digit, found "x""#);
/// ```
pub type E<I> = nom::error::Error<I>;

/// `hex`, as a failure reports it.
const HEX: &[Expected] = &[Expected::Rule(Rule::Hex)];

/// A recoverable failure at `ahead` bytes past `input`.
///
/// Inlined: optional parts and alternatives fail on most URLs (no port, no
/// search), and on the fast path (nom's `Check` mode) a failure is a bare
/// `Err` that a call would cost more than. Building the error, in the modes
/// that do, stays out of line.
#[inline(always)]
fn fail<'a, I: Text<'a>, O, OM: OutputMode>(
    input: &I,
    ahead: usize,
    kind: ErrorKind,
) -> PResult<OM, I, O, E<I>> {
    Err(Err::Error(OM::Error::bind(|| failure(input, ahead, kind))))
}

/// The error of [`fail`].
#[cold]
#[inline(never)]
fn failure<'a, I: Text<'a>>(input: &I, ahead: usize, kind: ErrorKind) -> E<I> {
    // `ahead` is 0 or ends bytes that matched an ASCII literal: a char
    // boundary.
    E::from_error_kind(input.take_from(ahead.min(input.input_len())), kind)
}

/// Succeeds, consuming `n` bytes and producing them as text.
#[inline(always)]
fn consume<'a, I: Text<'a>, OM: OutputMode>(input: I, n: usize) -> PResult<OM, I, &'a str, E<I>> {
    // `n` ends a run of ASCII bytes matched by a table, so it is a char
    // boundary, checked once for the rest and the text consumed alike.
    let (rest, consumed) = input.take_split(n);
    Ok((rest, OM::Output::bind(|| consumed.text())))
}

/// Tells the observer what a run of `class` at `input` reached: a `%` that
/// starts no escape, then the end of the run.
#[inline(always)]
fn report_run<'a, I: Text<'a>, O: Observer>(o: O, input: &I, run: scan::Run, class: &Class) {
    let at = address(input);
    if let Some(bad) = run.bad_escape {
        o.reach(at + bad, HEX);
    }
    o.reach(at + run.len, class.expected());
}

/// Records, for a derivation tree, the class production of each element of
/// `bytes[run]`, a run of `class`'s elements: the first item of the
/// class (as a failure reports it) that matches it. Literal items are not
/// productions and leave no node. In a scheme name read whatever its case
/// (D5), an upper-case letter is its lower-case one: a `lowalpha`.
fn emit_classes<O: Observer>(o: O, class: &Class, bytes: &[u8], at: usize, run: Range<usize>) {
    let fold = core::ptr::eq(class, &charset::SCHEME_FOLDED);
    let mut i = run.start;
    while i < run.end {
        // As in the run: a single character of the class, else an escape.
        // `run` is one the class matched, so an escape is whole.
        let len = if class.contains(bytes[i]) { 1 } else { 3 };
        let lower = [bytes[i].to_ascii_lowercase()];
        let element = if fold { &lower[..] } else { &bytes[i..i + len] };
        for item in class.expected() {
            match item {
                Expected::Rule(rule) if rule.class().is_some_and(|c| c.matches(element)) => {
                    o.class(*rule, element, at + i);
                    break;
                }
                Expected::Literal(literal) if literal.as_bytes() == element => break,
                _ => {}
            }
        }
        i += len;
    }
}

/// One element of a class: a character-class production.
pub(crate) fn one<'a, O: Observer>(o: O, class: &'static Class) -> One<'a, O> {
    One(o, class, PhantomData)
}

/// See [`one`]. The lifetime is that of the text it produces.
pub(crate) struct One<'a, O>(O, &'static Class, PhantomData<&'a str>);

impl<'a, I: Text<'a>, O: Observer> Parser<I> for One<'a, O> {
    type Output = &'a str;
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, &'a str, E<I>> {
        let (o, class) = (self.0, self.1);
        let bytes = input.text().as_bytes();
        let len = match bytes.first() {
            Some(&byte) if class.contains(byte) => Some(1),
            Some(b'%') if class.escape() => match scan::escape(bytes, 0) {
                Ok(()) => Some(3),
                Err(bad) => {
                    o.reach(address(&input) + bad, HEX);
                    None
                }
            },
            _ => None,
        };
        match len {
            Some(n) => {
                if O::NODES {
                    emit_classes(o, class, bytes, address(&input), 0..n);
                }
                consume::<I, OM>(input, n)
            }
            None => {
                o.reach(address(&input), class.expected());
                fail::<I, _, OM>(&input, 0, ErrorKind::Char)
            }
        }
    }
}

/// `*class` (or `1*class` with `at_least_one`): the longest run of the
/// class's elements. Greedy is exact here: what follows a run never starts
/// with one of its elements in this grammar, except where a production says
/// otherwise.
pub(crate) fn many<'a, O: Observer>(
    o: O,
    class: &'static Class,
    at_least_one: bool,
) -> Many<'a, O> {
    Many {
        o,
        class,
        folded: class,
        at_least_one,
        text: PhantomData,
    }
}

/// [`many`] over `class`, or over `folded` when the input folds scheme
/// case: the shape of `scheme`.
pub(crate) fn many_folding<'a, O: Observer>(
    o: O,
    class: &'static Class,
    folded: &'static Class,
    at_least_one: bool,
) -> Many<'a, O> {
    Many {
        o,
        class,
        folded,
        at_least_one,
        text: PhantomData,
    }
}

/// See [`many`].
pub(crate) struct Many<'a, O> {
    o: O,
    class: &'static Class,
    folded: &'static Class,
    at_least_one: bool,
    text: PhantomData<&'a str>,
}

impl<'a, I: Text<'a>, O: Observer> Parser<I> for Many<'a, O> {
    type Output = &'a str;
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, &'a str, E<I>> {
        let class = if I::FOLD { self.folded } else { self.class };
        let bytes = input.text().as_bytes();
        let run = scan::run(class, bytes);
        report_run(self.o, &input, run, class);
        if self.at_least_one && run.len == 0 {
            return fail::<I, _, OM>(&input, 0, ErrorKind::Many1);
        }
        if O::NODES {
            emit_classes(self.o, class, bytes, address(&input), 0..run.len);
        }
        consume::<I, OM>(input, run.len)
    }
}

/// A literal, compared byte for byte.
pub(crate) fn lit<'a, O: Observer>(o: O, literal: &'static str) -> Lit<'a, O> {
    Lit(o, literal, PhantomData)
}

/// See [`lit`].
pub(crate) struct Lit<'a, O>(O, &'static str, PhantomData<&'a str>);

/// The length of the common prefix of `text` and `literal`, folding the case
/// of ASCII letters when `fold` is set (the literals are lower case).
///
/// The whole literal is compared first: once inlined, with the literal a
/// constant, that is a few instructions; the mismatch is looked for only on
/// failure.
#[inline(always)]
fn common_prefix(text: &[u8], literal: &[u8], fold: bool) -> usize {
    // Byte by byte, not `==`: where the literal is not a constant (not every
    // combinator is inlined) `==` calls `memcmp`, which costs more than the
    // few bytes it compares.
    if let Some(head) = text.get(..literal.len())
        && (head.iter().zip(literal).all(|(t, l)| t == l)
            || (fold && head.eq_ignore_ascii_case(literal)))
    {
        return literal.len();
    }
    mismatch(text, literal, fold)
}

/// Where `text` stops following `literal`.
#[cold]
fn mismatch(text: &[u8], literal: &[u8], fold: bool) -> usize {
    text.iter()
        .zip(literal)
        .take_while(|&(t, l)| t == l || (fold && t.eq_ignore_ascii_case(l)))
        .count()
}

impl<'a, I: Text<'a>, O: Observer> Parser<I> for Lit<'a, O> {
    type Output = &'a str;
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, &'a str, E<I>> {
        let literal = self.1.as_bytes();
        let k = common_prefix(input.text().as_bytes(), literal, false);
        if k == literal.len() {
            return consume::<I, OM>(input, k);
        }
        self.0
            .reach(address(&input) + k, &[Expected::Literal(self.1)]);
        fail::<I, _, OM>(&input, k, ErrorKind::Tag)
    }
}

/// The literal that opens a scheme rule (`"http://"`, `"news:"`), whose
/// scheme name matches whatever its case when the input folds scheme case.
/// Produces the scheme name as written.
pub(crate) fn scheme_lit<'a, O: Observer>(o: O, literal: &'static str) -> SchemeLit<'a, O> {
    SchemeLit(o, literal, PhantomData)
}

/// See [`scheme_lit`].
pub(crate) struct SchemeLit<'a, O>(O, &'static str, PhantomData<&'a str>);

impl<'a, I: Text<'a>, O: Observer> Parser<I> for SchemeLit<'a, O> {
    type Output = &'a str;
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, &'a str, E<I>> {
        let literal = self.1.as_bytes();
        let text = input.text();
        let k = common_prefix(text.as_bytes(), literal, I::FOLD);
        if k < literal.len() {
            self.0
                .reach(address(&input) + k, &[Expected::Literal(self.1)]);
            return fail::<I, _, OM>(&input, k, ErrorKind::Tag);
        }
        // Scheme literals end in "://" or ":": the name is what precedes.
        let name = literal.len() - if literal.ends_with(b"//") { 3 } else { 1 };
        // The first `k` bytes match an ASCII literal: char boundaries all.
        Ok((input.take_from(k), OM::Output::bind(|| &text[..name])))
    }
}

/// The end of the input: where a whole-input match must stop.
pub(crate) fn end_of_input<O: Observer>(o: O) -> EndOfInput<O> {
    EndOfInput(o)
}

/// See [`end_of_input`].
pub(crate) struct EndOfInput<O>(O);

impl<'a, I: Text<'a>, O: Observer> Parser<I> for EndOfInput<O> {
    type Output = ();
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, (), E<I>> {
        if input.input_len() == 0 {
            return Ok((input, OM::Output::bind(|| ())));
        }
        self.0.reach(address(&input), &[Expected::EndOfInput]);
        fail::<I, _, OM>(&input, 0, ErrorKind::Eof)
    }
}

/// Succeeds, consuming nothing, where nothing that could continue an `*xchar`
/// run follows (no `xchar`, no `%`): where every string `url` can match
/// ends, and where an `otherurl` could reach no farther. Reports that an
/// `xchar` could come there, whether one does or not: the reading it lets
/// end there (a scheme rule in `url`, gopher's selector cut at a `%09`)
/// stands beside one that would go on with an `xchar` run (`otherurl`'s
/// schemepart, the selector that takes the rest), which nom's ordered
/// choice then does not try.
pub(crate) fn xchar_end<O: Observer>(o: O) -> XcharEnd<O> {
    XcharEnd(o)
}

/// See [`xchar_end`].
pub(crate) struct XcharEnd<O>(O);

impl<'a, I: Text<'a>, O: Observer> Parser<I> for XcharEnd<O> {
    type Output = ();
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, (), E<I>> {
        self.0
            .reach(address(&input), &[Expected::Rule(Rule::Xchar)]);
        match input.text().as_bytes().first() {
            Some(&byte) if byte == b'%' || charset::XCHAR.contains(byte) => {
                fail::<I, _, OM>(&input, 0, ErrorKind::Not)
            }
            _ => Ok((input, OM::Output::bind(|| ()))),
        }
    }
}

/// Succeeds, consuming nothing, where a shortcut reading may end: anywhere
/// but where the observer asks for the production as written
/// ([`Observe::as_written`](crate::trace::observe::Observe::as_written): the
/// diagnosing pass, at the error's offset).
pub(crate) fn shortcut_ends<O: Observer>(o: O) -> ShortcutEnds<O> {
    ShortcutEnds(o)
}

/// See [`shortcut_ends`].
pub(crate) struct ShortcutEnds<O>(O);

impl<'a, I: Text<'a>, O: Observer> Parser<I> for ShortcutEnds<O> {
    type Output = ();
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, (), E<I>> {
        if self.0.as_written(address(&input)) {
            return fail::<I, _, OM>(&input, 0, ErrorKind::Not);
        }
        Ok((input, OM::Output::bind(|| ())))
    }
}

/// Whether the input continues with `literal` (or, with `or_end`, ends),
/// consuming nothing and reporting nothing: a lookahead.
pub(crate) fn followed_by(literal: &'static str, or_end: bool) -> FollowedBy {
    FollowedBy(literal, or_end)
}

/// See [`followed_by`].
pub(crate) struct FollowedBy(&'static str, bool);

impl<'a, I: Text<'a>> Parser<I> for FollowedBy {
    type Output = ();
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, (), E<I>> {
        let text = input.text().as_bytes();
        if text.starts_with(self.0.as_bytes()) || (self.1 && text.is_empty()) {
            return Ok((input, OM::Output::bind(|| ())));
        }
        fail::<I, _, OM>(&input, 0, ErrorKind::Tag)
    }
}

/// A domain label: an element of `first`, then the longest run of `body`
/// (`alphadigit | "-"`) that ends in an `alphadigit`.
///
/// `domainlabel = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit`
/// (and `toplabel`, with `alpha` first) cannot be run as written: nom's
/// ordered choice would take the one-character alternative and stop, and a
/// greedy `*[ alphadigit | "-" ]` would eat the final `alphadigit` the second
/// alternative needs. Both alternatives together mean "a run of alphadigits
/// and hyphens that starts with `first` and does not end with a hyphen": read
/// the whole run, then give back any trailing hyphens. The run's end is
/// reported as a place where a label could go on, even when hyphens are
/// given back: `a-` can still become `a-b`.
pub(crate) fn label<'a, O: Observer>(
    o: O,
    first: &'static Class,
    body: &'static Class,
) -> Label<'a, O> {
    Label {
        o,
        first,
        body,
        text: PhantomData,
    }
}

/// See [`label`].
pub(crate) struct Label<'a, O> {
    o: O,
    first: &'static Class,
    body: &'static Class,
    text: PhantomData<&'a str>,
}

impl<'a, I: Text<'a>, O: Observer> Parser<I> for Label<'a, O> {
    type Output = &'a str;
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, &'a str, E<I>> {
        let bytes = input.text().as_bytes();
        let at = address(&input);
        match bytes.first() {
            Some(&first) if self.first.contains(first) => {}
            _ => {
                self.o.reach(at, self.first.expected());
                return fail::<I, _, OM>(&input, 0, ErrorKind::AlphaNumeric);
            }
        }
        // The match above found a first byte.
        let run = 1 + scan::run(self.body, &bytes[1..]).len;
        self.o.reach(at + run, self.body.expected());
        // bytes[0] is alphanumeric, so this stops at 1 at the latest.
        let mut end = run;
        while bytes[end - 1] == b'-' {
            end -= 1;
        }
        if O::NODES {
            emit_classes(self.o, self.first, bytes, at, 0..1);
            emit_classes(self.o, self.body, bytes, at, 1..end);
        }
        consume::<I, OM>(input, end)
    }
}

/// The combinator of a production: tells the observer where `rule` starts
/// and ends, for the error's production path and for derivation trees.
pub(crate) fn rule<O: Observer, P>(o: O, rule: Rule, parser: P) -> Named<O, P> {
    Named { o, rule, parser }
}

/// See [`rule`].
pub(crate) struct Named<O, P> {
    o: O,
    rule: Rule,
    parser: P,
}

impl<'a, I: Text<'a>, O: Observer, P: Parser<I, Error = E<I>>> Parser<I> for Named<O, P> {
    type Output = P::Output;
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, P::Output, E<I>> {
        let start = address(&input);
        self.o.enter(self.rule, start);
        let result = self.parser.process::<OM>(input);
        let end = result.as_ref().ok().map(|(rest, _)| address(rest));
        self.o.leave(self.rule, start, end);
        result
    }
}

/// `*[ body ]` over a composite body: as many matches as there are, producing
/// the text they cover. A failure (a `cut`) inside the body is passed on; an
/// attempt that consumes nothing ends the repetition.
pub(crate) fn star<'a, O: Observer, P>(o: O, body: P) -> Star<'a, O, P> {
    Star(o, body, PhantomData)
}

/// See [`star`].
pub(crate) struct Star<'a, O, P>(O, P, PhantomData<&'a str>);

impl<'a, I: Text<'a>, O: Observer, P: Parser<I, Error = E<I>>> Parser<I> for Star<'a, O, P> {
    type Output = &'a str;
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, &'a str, E<I>> {
        let mut rest = input.clone();
        loop {
            let len = rest.input_len();
            let mark = self.0.mark();
            match self
                .1
                .process::<OutputM<Check, OM::Error, OM::Incomplete>>(rest.clone())
            {
                Ok((next, ())) if next.input_len() < len => rest = next,
                Ok(_) | Err(Err::Error(_)) => {
                    self.0.reset(mark);
                    break;
                }
                Err(e) => return Err(e),
            }
        }
        // `rest` is a suffix of `input` that the combinators cut at a char
        // boundary.
        let n = input.input_len() - rest.input_len();
        let text = input.text();
        Ok((rest, OM::Output::bind(|| &text[..n])))
    }
}

/// `parser`, whose partial derivation is dropped when it fails: the branch of
/// an `opt` or `alt` that is not a whole production (a production's own
/// combinator drops its nodes when it fails).
pub(crate) fn attempt<O: Observer, P>(o: O, parser: P) -> Attempt<O, P> {
    Attempt(o, parser)
}

/// See [`attempt`].
pub(crate) struct Attempt<O, P>(O, P);

impl<'a, I: Text<'a>, O: Observer, P: Parser<I, Error = E<I>>> Parser<I> for Attempt<O, P> {
    type Output = P::Output;
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, P::Output, E<I>> {
        let mark = self.0.mark();
        let result = self.1.process::<OM>(input);
        if result.is_err() {
            self.0.reset(mark);
        }
        result
    }
}

/// A sequence: `seq((a, b, c))` runs `a`, then `b`, then `c`, and produces
/// their outputs as a tuple.
///
/// nom's own tuples produce every element's output whatever the caller asks
/// for: in `Check` mode they still build the parts of a URL that nobody
/// reads. A `seq` passes the caller's mode on, so that validation builds
/// nothing.
pub(crate) fn seq<T>(parsers: T) -> Seq<T> {
    Seq(parsers)
}

/// See [`seq`].
pub(crate) struct Seq<T>(T);

/// Combines the outputs `$first, $rest...` of one output mode into the tuple
/// of them, one pair at a time.
macro_rules! combine {
    ($mode:ty; $acc:expr; ($($done:ident),+);) => { $acc };
    ($mode:ty; $acc:expr; ($($done:ident),+); $next:ident $(, $rest:ident)*) => {
        combine!(
            $mode;
            <$mode as Mode>::combine($acc, $next, |($($done,)+), $next| ($($done,)+ $next,));
            ($($done,)+ $next);
            $($rest),*
        )
    };
}

macro_rules! seq_impl {
    ($first:ident $o1:ident $(, $parser:ident $output:ident)+) => {
        impl<I, E, $first, $($parser),+> Parser<I> for Seq<($first, $($parser),+)>
        where
            E: ParseError<I>,
            $first: Parser<I, Error = E>,
            $($parser: Parser<I, Error = E>),+
        {
            type Output = ($first::Output, $($parser::Output),+);
            type Error = E;

            #[inline(always)]
            #[allow(non_snake_case)]
            fn process<OM: OutputMode>(&mut self, i: I) -> PResult<OM, I, Self::Output, E> {
                let ($first, $($parser),+) = &mut self.0;
                let (i, $o1) = $first.process::<OM>(i)?;
                $(let (i, $output) = $parser.process::<OM>(i)?;)+
                let $o1 = <OM::Output as Mode>::map($o1, |$o1| ($o1,));
                Ok((i, combine!(OM::Output; $o1; ($o1); $($output),+)))
            }
        }
    };
}

seq_impl!(A a, B b);
seq_impl!(A a, B b, C c);
seq_impl!(A a, B b, C c, D d);
seq_impl!(A a, B b, C c, D d, F f);
seq_impl!(A a, B b, C c, D d, F f, G g);
seq_impl!(A a, B b, C c, D d, F f, G g, H h);
seq_impl!(A a, B b, C c, D d, F f, G g, H h, J j);

/// The text `parser` matched, without building its output.
pub(crate) fn span<'a, P>(parser: P) -> Span<'a, P> {
    Span(parser, PhantomData)
}

/// See [`span`].
pub(crate) struct Span<'a, P>(P, PhantomData<&'a str>);

impl<'a, I: Text<'a>, P: Parser<I, Error = E<I>>> Parser<I> for Span<'a, P> {
    type Output = &'a str;
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, &'a str, E<I>> {
        let (rest, ()) = self
            .0
            .process::<OutputM<Check, OM::Error, OM::Incomplete>>(input.clone())?;
        // As in `Star`: `rest` is a suffix of `input`, cut at a char boundary.
        let n = input.input_len() - rest.input_len();
        let text = input.text();
        Ok((rest, OM::Output::bind(|| &text[..n])))
    }
}

/// `parser`, reading only the input before the first `%09`: gopher's
/// selector and search, which section 3.4 ends at a tab. With `tab_needed`,
/// it fails at once, reporting nothing, when no `%09` follows: what it reads
/// must be followed by one (the selector of a search).
pub(crate) fn before_tab<P>(parser: P, tab_needed: bool) -> BeforeTab<P> {
    BeforeTab { parser, tab_needed }
}

/// See [`before_tab`].
pub(crate) struct BeforeTab<P> {
    parser: P,
    tab_needed: bool,
}

impl<'a, I: Text<'a>, P: Parser<I, Error = E<I>>> Parser<I> for BeforeTab<P> {
    type Output = P::Output;
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, P::Output, E<I>> {
        let text = input.text().as_bytes();
        // A `%09` starts an escape wherever it stands in a run of `xchar`s:
        // no escape has a `%` among its hex digits.
        let tab = memchr::memchr_iter(b'%', text).find(|&at| text[at + 1..].starts_with(b"09"));
        let cut = match tab {
            Some(cut) => cut,
            None if self.tab_needed => return fail::<I, _, OM>(&input, 0, ErrorKind::Tag),
            None => text.len(),
        };
        let (rest, output) = self.parser.process::<OM>(input.take(cut))?;
        let consumed = cut - rest.input_len();
        // `consumed` is where the parser stopped in the prefix: a char
        // boundary of the whole input too.
        Ok((input.take_from(consumed), output))
    }
}

/// A production with a fast form: where the observer allows, the answer
/// of `fast`'s scan (a pure function over the bytes, tested equal to the
/// production) instead of running `production` in its BNF shape. An
/// observer that records what leaves report learns it from `fast` too.
pub(crate) fn scanned<O: Observer, P>(o: O, fast: Fast, production: P) -> Scanned<O, P> {
    Scanned {
        o,
        fast,
        production,
    }
}

/// See [`scanned`].
pub(crate) struct Scanned<O, P> {
    o: O,
    fast: Fast,
    production: P,
}

impl<'a, I: Text<'a>, O: Observer, P: Parser<I, Output = &'a str, Error = E<I>>> Parser<I>
    for Scanned<O, P>
{
    type Output = &'a str;
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, &'a str, E<I>> {
        let bytes = input.text().as_bytes();
        if !O::NODES
            && let Some(scan) = (self.fast.scan)(bytes)
            && !self.o.scanned(address(&input) + scan.farthest, || {
                (self.fast.reports)(bytes, &scan)
            })
        {
            return match scan.len {
                Some(n) => consume::<I, OM>(input, n),
                None => fail::<I, _, OM>(&input, 0, ErrorKind::Verify),
            };
        }
        self.production.process::<OM>(input)
    }
}
