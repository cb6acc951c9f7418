//! The building blocks the productions are written with.
//!
//! nom's own leaves (`tag`, `take_while`) know nothing of what a failure
//! should report, and its repetitions (`many0`) collect into a `Vec` and drop
//! the errors of the attempt that ended them. The grammar needs three things
//! they do not give:
//!
//! 1. Every leaf, whether it succeeds or fails, tells the input what could have
//!    continued where it stopped ([`Source::expect`]). On the diagnostic input
//!    this builds the error: the farthest such point is the length of the
//!    longest prefix that a string of the rule can still start with, because a
//!    leaf only ever runs where the grammar allows it and only ever consumes
//!    bytes the grammar allows there. On the fast inputs the call is empty.
//! 2. Character-class repetitions (`*xchar`, `*[ uchar | ";" ]`, `1*digit`)
//!    are one scan over a 256-entry table, escapes (`"%" hex hex`) included,
//!    not a combinator call per character.
//! 3. Repetitions of composite bodies ([`star`]) and whole productions
//!    ([`span`]) return the text they matched, so that no output mode
//!    allocates.
//!
//! All leaves treat their input as complete: a URL is never streamed.

use core::marker::PhantomData;

use nom::error::{ErrorKind, ParseError};
use nom::{Check, Err, Mode, OutputM, OutputMode, PResult, Parser};

use crate::Rule;
use crate::charset::Class;
use crate::expected::Expected;
use crate::input::Source;

/// The error type of every combinator: nom's own, with the position where the
/// combinator gave up. The crate's [`crate::Error`] comes from the diagnostic
/// pass, not from these.
pub type E<I> = nom::error::Error<I>;

/// A 256-entry membership table.
pub(crate) type Table = [bool; 256];

/// The empty table.
pub(crate) const NONE: Table = [false; 256];

/// The table of the bytes `first..=last`.
pub(crate) const fn range(first: u8, last: u8) -> Table {
    let mut table = NONE;
    let mut b = first as usize;
    while b <= last as usize {
        table[b] = true;
        b += 1;
    }
    table
}

/// The union of two tables.
pub(crate) const fn union(a: Table, b: Table) -> Table {
    let mut table = NONE;
    let mut i = 0;
    while i < 256 {
        table[i] = a[i] || b[i];
        i += 1;
    }
    table
}

/// The length of the longest run at the start of `bytes` of bytes in
/// `table`.
///
/// Four bytes per round with one bounds check, each with its own exit: the
/// exits are not taken until the run ends, so they predict well, and the
/// runs of a URL (a label, a segment) are too short for wider chunks to pay.
/// The last one to three bytes are checked as the last four, which overlap
/// bytes already known to be in the run: a fixed number of steps instead of a
/// loop whose exit mispredicts at the end of most URLs.
#[inline(always)]
pub(crate) fn run_of(table: &Table, bytes: &[u8]) -> usize {
    let mut n = 0;
    while let Some(chunk) = bytes.get(n..n + 4) {
        for (i, &byte) in chunk.iter().enumerate() {
            if !table[byte as usize] {
                return n + i;
            }
        }
        n += 4;
    }
    if n == bytes.len() {
        return n;
    }
    // The first byte out of `table` among the last four is at `n` or after:
    // those before `n` are in the run.
    if let Some(last) = bytes.len().checked_sub(4) {
        for (i, &byte) in bytes[last..].iter().enumerate() {
            if !table[byte as usize] {
                return last + i;
            }
        }
        return bytes.len();
    }
    while n < bytes.len() && table[bytes[n] as usize] {
        n += 1;
    }
    n
}

/// How many bytes at the start of `bytes` are in `table`, counted eight
/// bytes per step while all eight are, with one branch per step; the short
/// scan ([`run_of`]) finds the end of the run from there. Faster on long runs,
/// slower on the short runs of labels and segments, whose end falls inside
/// the first step.
#[inline(always)]
pub(crate) fn wide_steps(table: &Table, bytes: &[u8]) -> usize {
    let mut n = 0;
    while let Some(chunk) = bytes.get(n..n + 8) {
        if !chunk
            .iter()
            .fold(true, |all, &byte| all & table[byte as usize])
        {
            break;
        }
        n += 8;
    }
    n
}

/// The body of a character-class repetition or a single character class: a
/// table of single bytes, whether `escape` (`"%" hex hex`) is one of the
/// alternatives, and the alternatives as a failure reports them.
#[derive(Debug)]
pub(crate) struct Set {
    table: Table,
    escapes: bool,
    wide: bool,
    expected: &'static [Expected],
}

impl Set {
    /// The set a production's body names: each item is a character-class
    /// production or a one-character literal, exactly as the BNF lists them
    /// (`*[ uchar | ";" | "?" ]` is `set(&[rule(Uchar), lit(";"), lit("?")])`).
    pub(crate) const fn of(items: &'static [Expected]) -> Set {
        let mut table = NONE;
        let mut escapes = false;
        let mut i = 0;
        while i < items.len() {
            match items[i] {
                Expected::Rule(rule) => {
                    let (class, escape) = super::chars::class(rule);
                    table = union(table, class);
                    escapes = escapes || escape;
                }
                Expected::Literal(literal) => {
                    assert!(literal.len() == 1, "a set holds one-character literals");
                    table[literal.as_bytes()[0] as usize] = true;
                }
                // A `const` evaluation: a misuse fails the build, never a run.
                Expected::EndOfInput => panic!("end of input is not a character"),
            }
            i += 1;
        }
        // In a set with escapes, `%` only starts one: the scans look for
        // escapes, and for a `%09`, where a run of single characters stops.
        assert!(
            !(escapes && table[b'%' as usize]),
            "a set with escapes holds `%` only as their start"
        );
        Set {
            table,
            escapes,
            wide: false,
            expected: items,
        }
    }

    /// The set of a class or repetition body of the grammar file.
    pub(crate) const fn class(class: &'static Class) -> Set {
        Set {
            table: *class.table(),
            escapes: class.escape(),
            wide: false,
            expected: class.expected(),
        }
    }

    /// The same set with the upper-case letters added, reporting the same
    /// expectations: `scheme` when scheme case is folded (section 2.1).
    pub(crate) const fn with_upper_case(&self) -> Set {
        Set {
            table: union(self.table, range(b'A', b'Z')),
            escapes: self.escapes,
            wide: self.wide,
            expected: self.expected,
        }
    }

    /// The same set, its runs started with [`wide_steps`]: for runs that
    /// usually reach the end of the URL (`*xchar`).
    pub(crate) const fn wide(&self) -> Set {
        Set {
            table: self.table,
            escapes: self.escapes,
            wide: true,
            expected: self.expected,
        }
    }

    /// Whether the byte is one of the set's single characters.
    #[inline(always)]
    pub(crate) const fn contains(&self, byte: u8) -> bool {
        self.table[byte as usize]
    }

    /// The length of the element at the start of `bytes` (1, or 3 for an
    /// escape), or `None`. A `%` that does not start an escape is reported to
    /// `input` at the first byte that is not a hex digit.
    #[inline(always)]
    fn element<'a, I: Source<'a>>(&self, bytes: &[u8], at: usize, input: &I) -> Option<usize> {
        let byte = *bytes.get(at)?;
        if self.contains(byte) {
            return Some(1);
        }
        if self.escapes && byte == b'%' {
            return escape_len(bytes, at, input);
        }
        None
    }

    /// The length of the longest run of elements at the start of `bytes`.
    #[inline(always)]
    fn run<'a, I: Source<'a>>(&self, bytes: &[u8], input: &I) -> usize {
        self.run_until(bytes, input, false)
    }

    /// [`Set::run`], stopped before the first escape `%09` when `before_tab`
    /// is set.
    #[inline(always)]
    fn run_until<'a, I: Source<'a>>(&self, bytes: &[u8], input: &I, before_tab: bool) -> usize {
        // The wide steps come once, before the loop: the runs between
        // escapes are short (`%09%09`, `a%20b`), and a loop that holds both
        // scans took a third longer on runs of escapes.
        let mut n = if self.wide {
            wide_steps(&self.table, bytes)
        } else {
            0
        };
        loop {
            // A run stops at the end at the latest, and an escape counts only
            // when its three bytes are there: `n` never passes the end.
            n += run_of(&self.table, &bytes[n..]);
            if !self.escapes {
                return n;
            }
            // The escapes that follow, in a loop of their own: a run of them
            // (`%41%42`) does not go back through the single characters'
            // scan at each one.
            let before = n;
            while n < bytes.len() && bytes[n] == b'%' {
                if before_tab && bytes[n..].starts_with(b"%09") {
                    return n;
                }
                match escape_len(bytes, n, input) {
                    Some(len) => n += len,
                    None => return n,
                }
            }
            if n == before {
                return n;
            }
        }
    }
}

impl Set {
    /// Records, for a derivation tree, the class production of each element
    /// of `bytes[from..to]`, a run of the set's elements: the first item of
    /// the set that matches it (literal items are not productions and leave
    /// no node).
    fn emit<'a, I: Source<'a>>(&self, input: &I, from: usize, to: usize) {
        let bytes = input.text().as_bytes();
        let mut at = from;
        while at < to {
            // As in the scan: a single character of the set, else an escape.
            // `from..to` is a run the scan matched, so an escape is whole.
            let len = if self.contains(bytes[at]) { 1 } else { 3 };
            let element = &bytes[at..at + len];
            for item in self.expected {
                match item {
                    Expected::Rule(rule)
                        if rule.class().is_some_and(|class| class.matches(element)) =>
                    {
                        input.class(*rule, at, len);
                        break;
                    }
                    Expected::Literal(literal) if literal.as_bytes() == element => break,
                    _ => {}
                }
            }
            at += len;
        }
    }
}

/// `hex`, as a failure reports it.
const HEX: &[Expected] = &[Expected::Rule(Rule::Hex)];

#[inline(always)]
fn is_hex(byte: u8) -> bool {
    byte.is_ascii_hexdigit()
}

/// `escape = "%" hex hex` at `bytes[at]`, which is `%`: 3, or `None` after
/// reporting the first byte that is not a hex digit.
#[inline(always)]
fn escape_len<'a, I: Source<'a>>(bytes: &[u8], at: usize, input: &I) -> Option<usize> {
    match (bytes.get(at + 1), bytes.get(at + 2)) {
        (Some(&h1), Some(&h2)) if is_hex(h1) && is_hex(h2) => Some(3),
        (Some(&h1), _) if is_hex(h1) => {
            input.expect(at + 2, HEX);
            None
        }
        _ => {
            input.expect(at + 1, HEX);
            None
        }
    }
}

/// Whether `bytes` could continue an `*xchar` run: it starts with an
/// `xchar`, or with a `%`, which only an escape can start (a cut-off or
/// malformed escape still reaches past the `%`).
#[inline(always)]
fn continues_xchar(bytes: &[u8]) -> bool {
    match bytes.first() {
        None => false,
        Some(&byte) => byte == b'%' || super::chars::XCHAR_SINGLE[byte as usize],
    }
}

/// A recoverable failure at `ahead` bytes past `input`.
///
/// Inlined: optional parts and alternatives fail on most URLs (no port, no
/// search), and on the fast path (nom's `Check` mode) a failure is a bare
/// `Err` that a call would cost more than. Building the error, in the modes
/// that do, stays out of line.
#[inline(always)]
fn fail<'a, I: Source<'a>, O, OM: OutputMode>(
    input: &I,
    ahead: usize,
    kind: ErrorKind,
) -> PResult<OM, I, O, E<I>> {
    Err(Err::Error(OM::Error::bind(|| failure(input, ahead, kind))))
}

/// The error of [`fail`].
#[cold]
#[inline(never)]
fn failure<'a, I: Source<'a>>(input: &I, ahead: usize, kind: ErrorKind) -> E<I> {
    // `ahead` is 0 or ends bytes that matched an ASCII literal: a char
    // boundary.
    E::from_error_kind(input.take_from(ahead.min(input.input_len())), kind)
}

/// Succeeds, consuming `n` bytes and producing them as text.
#[inline(always)]
fn consume<'a, I: Source<'a>, OM: OutputMode>(input: I, n: usize) -> PResult<OM, I, &'a str, E<I>> {
    let text = input.text();
    // `n` ends a run of ASCII bytes matched by a table, so it is a char boundary.
    Ok((input.take_from(n), OM::Output::bind(|| &text[..n])))
}

/// One element of a set: a character-class production.
pub(crate) fn one<'a>(set: &'static Set) -> One<'a> {
    One(set, PhantomData)
}

/// See [`one`]. The lifetime is that of the text it produces.
pub(crate) struct One<'a>(&'static Set, PhantomData<&'a str>);

impl<'a, I: Source<'a>> Parser<I> for One<'a> {
    type Output = &'a str;
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, &'a str, E<I>> {
        match self.0.element(input.text().as_bytes(), 0, &input) {
            Some(n) => {
                if input.structured() {
                    self.0.emit(&input, 0, n);
                }
                consume::<I, OM>(input, n)
            }
            None => {
                input.expect(0, self.0.expected);
                fail::<I, _, OM>(&input, 0, ErrorKind::Char)
            }
        }
    }
}

/// `*set` (or `1*set` with `at_least_one`): the longest run of the set's
/// elements. Greedy is exact here: what follows a run never starts with one of
/// its elements in this grammar, except where a production says otherwise.
pub(crate) fn many<'a>(set: &'static Set, at_least_one: bool) -> Many<'a> {
    Many {
        set,
        folded: set,
        at_least_one,
        text: PhantomData,
    }
}

/// [`many`] over `set`, or over `folded` when the input folds scheme case:
/// the shape of `scheme`.
pub(crate) fn many_folding<'a>(
    set: &'static Set,
    folded: &'static Set,
    at_least_one: bool,
) -> Many<'a> {
    Many {
        set,
        folded,
        at_least_one,
        text: PhantomData,
    }
}

/// See [`many`].
pub(crate) struct Many<'a> {
    set: &'static Set,
    folded: &'static Set,
    at_least_one: bool,
    text: PhantomData<&'a str>,
}

impl<'a, I: Source<'a>> Parser<I> for Many<'a> {
    type Output = &'a str;
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, &'a str, E<I>> {
        let set = if input.fold_scheme() {
            self.folded
        } else {
            self.set
        };
        let n = set.run(input.text().as_bytes(), &input);
        input.expect(n, set.expected);
        if self.at_least_one && n == 0 {
            return fail::<I, _, OM>(&input, 0, ErrorKind::Many1);
        }
        if input.structured() {
            set.emit(&input, 0, n);
        }
        consume::<I, OM>(input, n)
    }
}

/// `*set` that stops before the first `%09`: the shape gopher's selector and
/// search take inside `gopherurl` (see `grammar/DECISIONS.md`).
pub(crate) fn many_before_tab<'a>(set: &'static Set) -> ManyBeforeTab<'a> {
    debug_assert!(set.escapes, "a `%09` is an escape of the set");
    ManyBeforeTab(set, PhantomData)
}

/// See [`many_before_tab`].
pub(crate) struct ManyBeforeTab<'a>(&'static Set, PhantomData<&'a str>);

impl<'a, I: Source<'a>> Parser<I> for ManyBeforeTab<'a> {
    type Output = &'a str;
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, &'a str, E<I>> {
        // The set has escapes, so it holds `%` only as their start (`Set::of`
        // checks): every `%09` is an escape that `run_until` meets in its
        // loop over escapes.
        let n = self.0.run_until(input.text().as_bytes(), &input, true);
        input.expect(n, self.0.expected);
        if input.structured() {
            self.0.emit(&input, 0, n);
        }
        consume::<I, OM>(input, n)
    }
}

/// A literal, compared byte for byte.
pub(crate) fn lit<'a>(literal: &'static str) -> Lit<'a> {
    Lit(literal, PhantomData)
}

/// See [`lit`].
pub(crate) struct Lit<'a>(&'static str, PhantomData<&'a str>);

/// The length of the common prefix of `text` and `literal`, folding the case
/// of ASCII letters when `fold` is set (the literals are lower case).
///
/// The whole literal is compared first: once inlined, with the literal a
/// constant, that is a few instructions; the mismatch is looked for only on
/// failure.
#[inline(always)]
fn common_prefix(text: &[u8], literal: &[u8], fold: bool) -> usize {
    // Byte by byte, not `==`: where the literal is not a constant (the
    // diagnostic input's combinators are not all inlined) `==` calls
    // `memcmp`, which costs more than the few bytes it compares.
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

impl<'a, I: Source<'a>> Parser<I> for Lit<'a> {
    type Output = &'a str;
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, &'a str, E<I>> {
        let literal = self.0.as_bytes();
        let k = common_prefix(input.text().as_bytes(), literal, false);
        if k == literal.len() {
            return consume::<I, OM>(input, k);
        }
        input.expect(k, &[Expected::Literal(self.0)]);
        fail::<I, _, OM>(&input, k, ErrorKind::Tag)
    }
}

/// The literal that opens a scheme rule (`"http://"`, `"news:"`), whose scheme
/// name matches whatever its case when the input folds scheme case. Produces
/// the scheme name as written.
pub(crate) fn scheme_lit<'a>(literal: &'static str) -> SchemeLit<'a> {
    SchemeLit(literal, PhantomData)
}

/// See [`scheme_lit`].
pub(crate) struct SchemeLit<'a>(&'static str, PhantomData<&'a str>);

impl<'a, I: Source<'a>> Parser<I> for SchemeLit<'a> {
    type Output = &'a str;
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, &'a str, E<I>> {
        let literal = self.0.as_bytes();
        let text = input.text();
        let k = common_prefix(text.as_bytes(), literal, input.fold_scheme());
        if k < literal.len() {
            input.expect(k, &[Expected::Literal(self.0)]);
            return fail::<I, _, OM>(&input, k, ErrorKind::Tag);
        }
        // Scheme literals end in "://" or ":": the name is what precedes.
        let name = literal.len() - if literal.ends_with(b"//") { 3 } else { 1 };
        // The first `k` bytes match an ASCII literal: char boundaries all.
        Ok((input.take_from(k), OM::Output::bind(|| &text[..name])))
    }
}

/// The end of the input: where a whole-input match must stop.
pub(crate) fn end_of_input() -> EndOfInput {
    EndOfInput
}

/// See [`end_of_input`].
pub(crate) struct EndOfInput;

impl<'a, I: Source<'a>> Parser<I> for EndOfInput {
    type Output = ();
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, (), E<I>> {
        if input.input_len() == 0 {
            return Ok((input, OM::Output::bind(|| ())));
        }
        input.expect(0, &[Expected::EndOfInput]);
        fail::<I, _, OM>(&input, 0, ErrorKind::Eof)
    }
}

/// Succeeds, consuming nothing, where nothing that could continue an `*xchar`
/// run follows (no `xchar`, no `%`): where every string `url` can match
/// ends, and where an `otherurl` could reach no farther. Records nothing: it
/// tells where a match may end, not what may come next.
pub(crate) fn xchar_end() -> XcharEnd {
    XcharEnd
}

/// See [`xchar_end`].
pub(crate) struct XcharEnd;

impl<'a, I: Source<'a>> Parser<I> for XcharEnd {
    type Output = ();
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, (), E<I>> {
        if continues_xchar(input.text().as_bytes()) {
            return fail::<I, _, OM>(&input, 0, ErrorKind::Not);
        }
        Ok((input, OM::Output::bind(|| ())))
    }
}

/// Whether the input continues with `literal`, consuming nothing and recording
/// nothing: a lookahead.
pub(crate) fn followed_by(literal: &'static str) -> FollowedBy {
    FollowedBy(literal)
}

/// See [`followed_by`].
pub(crate) struct FollowedBy(&'static str);

impl<'a, I: Source<'a>> Parser<I> for FollowedBy {
    type Output = ();
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, (), E<I>> {
        if input.text().as_bytes().starts_with(self.0.as_bytes()) {
            return Ok((input, OM::Output::bind(|| ())));
        }
        fail::<I, _, OM>(&input, 0, ErrorKind::Tag)
    }
}

/// A domain label: `first` then the longest run of `alphadigit | "-"` that
/// ends in an `alphadigit`.
///
/// `domainlabel = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit`
/// (and `toplabel`, with `alpha` first) cannot be run as written: nom's
/// ordered choice would take the one-character alternative and stop, and a
/// greedy `*[ alphadigit | "-" ]` would eat the final `alphadigit` the second
/// alternative needs. Both alternatives together mean "a run of alphadigits
/// and hyphens that starts with `first` and does not end with a hyphen": scan
/// the whole run, then give back any trailing hyphens. The run's end is
/// reported as a place where a label could go on, even when hyphens are given
/// back: `a-` can still become `a-b`.
pub(crate) fn label<'a>(first: &'static Set, body: &'static Set) -> Label<'a> {
    Label(first, body, PhantomData)
}

/// See [`label`].
pub(crate) struct Label<'a>(&'static Set, &'static Set, PhantomData<&'a str>);

impl<'a, I: Source<'a>> Parser<I> for Label<'a> {
    type Output = &'a str;
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, &'a str, E<I>> {
        let bytes = input.text().as_bytes();
        match bytes.first() {
            Some(&first) if self.0.contains(first) => {}
            _ => {
                input.expect(0, self.0.expected);
                return fail::<I, _, OM>(&input, 0, ErrorKind::AlphaNumeric);
            }
        }
        // The match above found a first byte.
        let run = 1 + run_of(&self.1.table, &bytes[1..]);
        input.expect(run, self.1.expected);
        // bytes[0] is alphanumeric, so this stops at 1 at the latest.
        let mut end = run;
        while bytes[end - 1] == b'-' {
            end -= 1;
        }
        if input.structured() {
            self.0.emit(&input, 0, 1);
            self.1.emit(&input, 1, end);
        }
        consume::<I, OM>(input, end)
    }
}

/// The combinator of a production: tells the input where `rule` starts and
/// ends, for the error's production path and for derivation trees. Free on
/// the fast inputs.
pub(crate) fn rule<P>(rule: Rule, parser: P) -> Named<P> {
    Named { rule, parser }
}

/// See [`rule`].
pub(crate) struct Named<P> {
    rule: Rule,
    parser: P,
}

impl<'a, I: Source<'a>, P: Parser<I, Error = E<I>>> Parser<I> for Named<P> {
    type Output = P::Output;
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, P::Output, E<I>> {
        input.enter(self.rule);
        let result = self.parser.process::<OM>(input.clone());
        input.leave(self.rule, result.as_ref().ok().map(|(rest, _)| rest));
        result
    }
}

/// `*[ body ]` over a composite body: as many matches as there are, producing
/// the text they cover. A failure (a `cut`) inside the body is passed on; an
/// attempt that consumes nothing ends the repetition.
pub(crate) fn star<'a, P>(body: P) -> Star<'a, P> {
    Star(body, PhantomData)
}

/// See [`star`].
pub(crate) struct Star<'a, P>(P, PhantomData<&'a str>);

impl<'a, I: Source<'a>, P: Parser<I, Error = E<I>>> Parser<I> for Star<'a, P> {
    type Output = &'a str;
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, &'a str, E<I>> {
        let mut rest = input.clone();
        loop {
            let len = rest.input_len();
            let mark = rest.mark();
            match self
                .0
                .process::<OutputM<Check, OM::Error, OM::Incomplete>>(rest.clone())
            {
                Ok((next, ())) if next.input_len() < len => rest = next,
                Ok(_) | Err(Err::Error(_)) => {
                    rest.reset(mark);
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
pub(crate) fn attempt<P>(parser: P) -> Attempt<P> {
    Attempt(parser)
}

/// See [`attempt`].
pub(crate) struct Attempt<P>(P);

impl<'a, I: Source<'a>, P: Parser<I, Error = E<I>>> Parser<I> for Attempt<P> {
    type Output = P::Output;
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, P::Output, E<I>> {
        let mark = input.mark();
        let result = self.0.process::<OM>(input.clone());
        if result.is_err() {
            input.reset(mark);
        }
        result
    }
}

/// A production with a fused fast form: `fast` on the fast inputs, `exact`
/// (the BNF's shape) on the diagnostic input. Both must accept the same
/// strings and consume the same bytes; the differential tests check the
/// verdicts of the one and the offsets of the other against the grammar.
pub(crate) fn fast_or<F, X>(fast: F, exact: X) -> FastOr<F, X> {
    FastOr { fast, exact }
}

/// See [`fast_or`].
pub(crate) struct FastOr<F, X> {
    fast: F,
    exact: X,
}

impl<'a, I, F, X> Parser<I> for FastOr<F, X>
where
    I: Source<'a>,
    F: Parser<I, Error = E<I>>,
    X: Parser<I, Output = F::Output, Error = E<I>>,
{
    type Output = F::Output;
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, F::Output, E<I>> {
        if input.tracked() {
            self.exact.process::<OM>(input)
        } else {
            self.fast.process::<OM>(input)
        }
    }
}

/// `hostname = *[ domainlabel "." ] toplabel` in one pass, for the verdict
/// only: the whole run of letters, digits, `.` and `-` here, if that run is
/// a hostname, else a failure.
///
/// The BNF-shaped combinator may consume a strict prefix of such a run
/// (`a.b` of `a.b-`), but only when the run is not a hostname, and no
/// production accepts a letter, digit, `.` or `-` right after a hostname: so
/// either way the enclosing rule fails, and on a hostname both consume the
/// whole run. A small automaton reads the run without a branch per label.
/// Records nothing: the diagnostic input runs the BNF-shaped combinator.
pub(crate) fn hostname_scan<'a>() -> HostnameScan<'a> {
    HostnameScan(PhantomData)
}

/// See [`hostname_scan`].
pub(crate) struct HostnameScan<'a>(PhantomData<&'a str>);

/// The classes of the bytes of a hostname's run; anything else ends it.
const OTHER: u8 = 0;
const DIGIT: u8 = 1;
const LETTER: u8 = 2;
const HYPHEN: u8 = 3;
const DOT: u8 = 4;

const HOST_CLASS: [u8; 256] = {
    let mut class = [OTHER; 256];
    let mut b = 0;
    while b < 256 {
        class[b] = match b as u8 {
            b'0'..=b'9' => DIGIT,
            b'a'..=b'z' | b'A'..=b'Z' => LETTER,
            b'-' => HYPHEN,
            b'.' => DOT,
            _ => OTHER,
        };
        b += 1;
    }
    class
};

/// The automaton's states. A label starts with an alphadigit and does not
/// end with a hyphen; the hostname's last label (its toplabel) starts with a
/// letter, so the states after an alphadigit or a hyphen remember whether
/// their label did.
const LABEL_START: u8 = 0;
const LETTER_ALPHADIGIT: u8 = 1;
const LETTER_HYPHEN: u8 = 2;
const DIGIT_ALPHADIGIT: u8 = 3;
const DIGIT_HYPHEN: u8 = 4;
const FAILED: u8 = 5;

/// The next state, at `state * 8 + class` (`OTHER` is never looked up).
const HOST_NEXT: [u8; 64] = {
    let mut next = [FAILED; 64];
    let rows: [(u8, [u8; 5]); 5] = [
        (
            LABEL_START,
            [FAILED, DIGIT_ALPHADIGIT, LETTER_ALPHADIGIT, FAILED, FAILED],
        ),
        (
            LETTER_ALPHADIGIT,
            [
                FAILED,
                LETTER_ALPHADIGIT,
                LETTER_ALPHADIGIT,
                LETTER_HYPHEN,
                LABEL_START,
            ],
        ),
        (
            LETTER_HYPHEN,
            [
                FAILED,
                LETTER_ALPHADIGIT,
                LETTER_ALPHADIGIT,
                LETTER_HYPHEN,
                FAILED,
            ],
        ),
        (
            DIGIT_ALPHADIGIT,
            [
                FAILED,
                DIGIT_ALPHADIGIT,
                DIGIT_ALPHADIGIT,
                DIGIT_HYPHEN,
                LABEL_START,
            ],
        ),
        (
            DIGIT_HYPHEN,
            [
                FAILED,
                DIGIT_ALPHADIGIT,
                DIGIT_ALPHADIGIT,
                DIGIT_HYPHEN,
                FAILED,
            ],
        ),
    ];
    let mut r = 0;
    while r < rows.len() {
        let (state, row) = rows[r];
        let mut class = 0;
        while class < 5 {
            next[state as usize * 8 + class] = row[class];
            class += 1;
        }
        r += 1;
    }
    next
};

/// The automaton by byte, for a chain of one shift and one mask per byte
/// instead of a load that waits on the previous byte's: the row of a byte
/// holds, in six bits at `state * 6`, the next state times 6 (the offset of
/// its own field). The row of a byte that ends the run is 0, which no other
/// row is (`FAILED` goes to `FAILED`, a field that is not 0).
const HOST_ROW: [u64; 256] = {
    let mut rows = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let class = HOST_CLASS[byte];
        if class != OTHER {
            let mut state = 0;
            while state <= FAILED as usize {
                let next = HOST_NEXT[state * 8 + class as usize] as u64;
                rows[byte] |= (next * 6) << (state * 6);
                state += 1;
            }
        }
        byte += 1;
    }
    rows
};

impl<'a, I: Source<'a>> Parser<I> for HostnameScan<'a> {
    type Output = &'a str;
    type Error = E<I>;

    #[inline(always)]
    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, &'a str, E<I>> {
        let bytes = input.text().as_bytes();
        // The state is held as its field's offset in the rows.
        let mut state = 0;
        let mut n = 0;
        for &byte in bytes {
            let row = HOST_ROW[byte as usize];
            if row == 0 {
                break;
            }
            state = (row >> state) & 63;
            n += 1;
        }
        if state == u64::from(LETTER_ALPHADIGIT) * 6 {
            consume::<I, OM>(input, n)
        } else {
            fail::<I, _, OM>(&input, 0, ErrorKind::AlphaNumeric)
        }
    }
}

/// The text `parser` matched, without building its output.
pub(crate) fn span<'a, P>(parser: P) -> Span<'a, P> {
    Span(parser, PhantomData)
}

/// See [`span`].
pub(crate) struct Span<'a, P>(P, PhantomData<&'a str>);

impl<'a, I: Source<'a>, P: Parser<I, Error = E<I>>> Parser<I> for Span<'a, P> {
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

#[cfg(test)]
mod tests {
    use super::super::chars::XCHAR_SET;
    use super::{is_hex, run_of, wide_steps};

    /// `run_of`, and `wide_steps` followed by `run_of`, against a byte-at-a-time
    /// scan, for every length up to 20 and every position of the first byte out
    /// of the table (or none).
    #[test]
    fn runs_end_at_the_first_byte_out_of_the_table() {
        let mut table = [false; 256];
        table[usize::from(b'a')] = true;
        for len in 0..=20 {
            for stop in 0..=len {
                let mut text = vec![b'a'; len];
                if stop < len {
                    text[stop] = b'/';
                    // Bytes after the first miss must not matter.
                    text[(stop + 1)..]
                        .iter_mut()
                        .step_by(2)
                        .for_each(|b| *b = b'/');
                }
                let naive = text.iter().take_while(|&&b| table[b as usize]).count();
                assert_eq!(naive, stop);
                let shown = String::from_utf8_lossy(&text);
                assert_eq!(run_of(&table, &text), stop, "run_of {shown:?}");
                let wide = wide_steps(&table, &text);
                assert!(wide <= stop && stop - wide < 8, "wide_steps {shown:?}");
                assert_eq!(wide + run_of(&table, &text[wide..]), stop, "wide {shown:?}");
            }
        }
    }

    /// `Set::run` with escapes against an element-at-a-time scan, on every
    /// string of up to 7 bytes over an alphabet of single characters of the
    /// set (two of them hex digits), a byte out of it, `%` and a letter that
    /// is not a hex digit: runs of escapes, escapes between characters, and
    /// `%` cut off or followed by a non-hex byte.
    #[test]
    fn runs_with_escapes_end_where_the_elements_end() {
        let alphabet = [b'a', b'4', b'%', b'G', b' '];
        let naive = |text: &[u8]| {
            let mut n = 0;
            loop {
                match text.get(n..) {
                    Some([byte, ..]) if XCHAR_SET.contains(*byte) => n += 1,
                    Some([b'%', h1, h2, ..]) if is_hex(*h1) && is_hex(*h2) => n += 3,
                    _ => return n,
                }
            }
        };
        let texts = strings(&alphabet, 7);
        assert_eq!(texts.len(), (0..=7).map(|k| 5usize.pow(k)).sum::<usize>());
        for text in &texts {
            assert_eq!(
                XCHAR_SET.run(text, &""),
                naive(text),
                "{:?}",
                String::from_utf8_lossy(text)
            );
        }
    }

    /// Every string over `alphabet` of up to `max` bytes, shortest first.
    fn strings(alphabet: &[u8], max: usize) -> Vec<Vec<u8>> {
        let mut texts = vec![Vec::new()];
        for _ in 0..max {
            let longer: Vec<Vec<u8>> = texts
                .iter()
                .filter(|text| text.len() == texts.last().map_or(0, Vec::len))
                .flat_map(|text| {
                    alphabet.iter().map(move |&byte| {
                        let mut text = text.clone();
                        text.push(byte);
                        text
                    })
                })
                .collect();
            texts.extend(longer);
        }
        texts
    }

    /// The scan of gopher's selector and search stops before the first escape
    /// `%09` and is otherwise `Set::run`: against an element-at-a-time scan
    /// that looks for `%09` before each element, on every string of up to 6
    /// bytes over single characters of the set (`0` and `9` among them), a
    /// byte out of it, `%` and a letter that is not a hex digit.
    #[test]
    fn runs_before_a_tab_stop_at_the_first_escaped_tab() {
        let alphabet = [b'a', b'0', b'9', b'%', b'G', b' '];
        let naive = |text: &[u8]| {
            let mut n = 0;
            loop {
                match text.get(n..) {
                    Some([b'%', b'0', b'9', ..]) => return n,
                    Some([byte, ..]) if XCHAR_SET.contains(*byte) => n += 1,
                    Some([b'%', h1, h2, ..]) if is_hex(*h1) && is_hex(*h2) => n += 3,
                    _ => return n,
                }
            }
        };
        for text in &strings(&alphabet, 6) {
            assert_eq!(
                XCHAR_SET.run_until(text, &"", true),
                naive(text),
                "{:?}",
                String::from_utf8_lossy(text)
            );
        }
    }
}
