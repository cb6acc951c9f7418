//! RFC 1738 (Uniform Resource Locators, December 1994), section 5, as a
//! parser-combinator grammar.
//!
//! Every production of the RFC's BNF is a nom 8 combinator of the same name in
//! [`grammar`], composed bottom-up into `url`, `genericurl` and the eleven
//! scheme rules. On top of them:
//!
//! - [`parse`] reads a URL the way section 2.1 asks an interpreter to: it
//!   chooses the scheme rule by the scheme name, whatever its case, and
//!   returns the typed, borrowed syntax tree [`Url`], whose `Display`
//!   reproduces the input.
//! - [`parse_rule`] matches any [`Rule`] against a whole input by the
//!   grammar's letter: the conformance question "is this string in the
//!   language of production P?".
//! - [`is_valid`] gives `parse`'s verdict building nothing.
//! - Every failure is an [`Error`] with the exact offset (the longest prefix a
//!   string of the rule can start with), line and column, the production path,
//!   what was expected and what was found.
//!
//! ```
//! let url = rfc1738::parse("ftp://myname@host.dom/%2Fetc/motd").unwrap();
//! assert_eq!(url.rule(), rfc1738::Rule::Ftpurl);
//! assert_eq!(url.to_string(), "ftp://myname@host.dom/%2Fetc/motd");
//!
//! let error = rfc1738::parse("http://host:8a/").unwrap_err();
//! assert_eq!(error.offset(), 13);
//! assert_eq!(error.message(), r#"expected digit, "/" or end of input, found "a""#);
//! ```
//!
//! ## `parse` and `parse_rule` answer different questions
//!
//! `parse("http://user@host/")` fails: the scheme `http` selects `httpurl`,
//! and section 3.3 allows no user name in an http URL. `parse_rule(Rule::Url,
//! "http://user@host/")` succeeds: `url` has the alternative `otherurl`, which
//! accepts any scheme followed by `xchar`s. Both answers are right. Likewise
//! `parse` accepts `HTTP://host/` (section 2.1: interpreters treat scheme names
//! case-insensitively) while `parse_rule(Rule::Httpurl, "HTTP://host/")`
//! fails: the grammar's literal is `"http://"`. The decisions behind these
//! and every other ambiguity of the BNF are written down in
//! `grammar/DECISIONS.md`.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod ast;
pub mod bnf;
pub mod coverage;
pub mod extract;
pub mod grammar;
pub mod lint;
pub mod url;

mod charset;
mod error;
mod expected;
mod hint;
mod input;
mod rule;
mod tree;

pub use error::Error;
pub use expected::{Expected, Found};
pub use hint::Hint;
pub use input::{Folded, Source};
pub use rule::{Rule, UnknownRule};
pub use tree::{Derivation, is_character_class};
pub use url::Url;

use nom::{Check, Complete, Emit, OutputM, Parser};

/// The README's examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

use grammar::E;
use grammar::primitive::end_of_input;
use input::{Tracked, Tracker};
use rule::with_combinator;

/// The scheme rule [`parse`] matches `input` against: the rule of the scheme
/// named before the first `:`, compared case-insensitively (section 2.1), or
/// `otherurl` for any other scheme and for an input with no scheme name
/// followed by `:`.
///
/// ```
/// use rfc1738::{Rule, scheme_rule};
/// assert_eq!(scheme_rule("HTTP://host/"), Rule::Httpurl);
/// assert_eq!(scheme_rule("https://host/"), Rule::Otherurl);
/// assert_eq!(scheme_rule("http//host/"), Rule::Otherurl);
/// ```
pub fn scheme_rule(input: &str) -> Rule {
    // The ten names are at most 8 letters: a `:` after them is among the
    // first 9 bytes. Those 9 bytes are read as one word and a byte (zeros
    // past the end of a shorter input), so that finding the `:` and
    // comparing the name take a few word operations and no loop, whose exit
    // would mispredict on every change of scheme length.
    let bytes = input.as_bytes();
    let mut head = [0u8; 9];
    match bytes.get(..9) {
        Some(first) => head.copy_from_slice(first),
        None => head[..bytes.len()].copy_from_slice(bytes),
    }
    let [word @ .., ninth] = head;
    let word = u64::from_le_bytes(word);
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    const COLONS: u64 = u64::from_le_bytes([b':'; 8]);
    // The bytes of `word` that are `:` are the zero bytes of `x`. Of the
    // high bits `(x - ONES) & !x` sets, the lowest marks the first zero byte
    // exactly (a borrow can only set bits above a zero byte).
    let x = word ^ COLONS;
    let zeros = x.wrapping_sub(ONES) & !x & HIGHS;
    let colon = match zeros.trailing_zeros() / 8 {
        8 if ninth == b':' => 8,
        8 => return Rule::Otherurl,
        colon => colon,
    };
    // The name (the bytes before the `:`) lower-cased by `| 0x20`, which
    // maps exactly the ASCII letters to lower-case letters and no other byte
    // to a letter, so that comparing with the all-letter names folds case
    // and nothing else. The bytes from the `:` on are cleared: a name of a
    // given length is then equal to no name of another length.
    let kept = u64::MAX.checked_shr(64 - 8 * colon).unwrap_or(0);
    let name = (word | u64::from_le_bytes([0x20; 8])) & kept;
    const fn word_of(name: &[u8]) -> u64 {
        let mut padded = [0u8; 8];
        let mut i = 0;
        while i < name.len() {
            padded[i] = name[i];
            i += 1;
        }
        u64::from_le_bytes(padded)
    }
    const HTTP: u64 = word_of(b"http");
    const FTP: u64 = word_of(b"ftp");
    const NEWS: u64 = word_of(b"news");
    const NNTP: u64 = word_of(b"nntp");
    const TELNET: u64 = word_of(b"telnet");
    const GOPHER: u64 = word_of(b"gopher");
    const WAIS: u64 = word_of(b"wais");
    const MAILTO: u64 = word_of(b"mailto");
    const FILE: u64 = word_of(b"file");
    const PROSPERO: u64 = word_of(b"prospero");
    match name {
        HTTP => Rule::Httpurl,
        FTP => Rule::Ftpurl,
        NEWS => Rule::Newsurl,
        NNTP => Rule::Nntpurl,
        TELNET => Rule::Telneturl,
        GOPHER => Rule::Gopherurl,
        WAIS => Rule::Waisurl,
        MAILTO => Rule::Mailtourl,
        FILE => Rule::Fileurl,
        PROSPERO => Rule::Prosperourl,
        _ => Rule::Otherurl,
    }
}

/// Parses a URL: matches it against the scheme rule its scheme selects
/// ([`scheme_rule`]), scheme names compared case-insensitively, and returns
/// its syntax tree.
///
/// Allocates nothing when the URL is valid. On failure the input is read a
/// second time, recording what the error needs.
pub fn parse(input: &str) -> Result<Url<'_>, Error> {
    let rule = scheme_rule(input);
    let text = Folded(input);
    let url = match rule {
        Rule::Httpurl => emit(grammar::http::httpurl(), text).map(Url::Http),
        Rule::Ftpurl => emit(grammar::ftp::ftpurl(), text).map(Url::Ftp),
        Rule::Newsurl => emit(grammar::news::newsurl(), text).map(Url::News),
        Rule::Nntpurl => emit(grammar::nntp::nntpurl(), text).map(Url::Nntp),
        Rule::Telneturl => emit(grammar::telnet::telneturl(), text).map(Url::Telnet),
        Rule::Gopherurl => emit(grammar::gopher::gopherurl(), text).map(Url::Gopher),
        Rule::Waisurl => emit(grammar::wais::waisurl(), text).map(Url::Wais),
        Rule::Mailtourl => emit(grammar::mailto::mailtourl(), text).map(Url::Mailto),
        Rule::Fileurl => emit(grammar::file::fileurl(), text).map(Url::File),
        Rule::Prosperourl => emit(grammar::prospero::prosperourl(), text).map(Url::Prospero),
        _ => emit(grammar::generic::otherurl(), text).map(Url::Other),
    };
    url.ok_or_else(|| diagnose(rule, input, true))
}

/// Whether [`parse`] would succeed, building nothing and allocating nothing.
pub fn is_valid(input: &str) -> bool {
    let text = Folded(input);
    match scheme_rule(input) {
        Rule::Httpurl => matches(grammar::http::httpurl(), text),
        Rule::Ftpurl => matches(grammar::ftp::ftpurl(), text),
        Rule::Newsurl => matches(grammar::news::newsurl(), text),
        Rule::Nntpurl => matches(grammar::nntp::nntpurl(), text),
        Rule::Telneturl => matches(grammar::telnet::telneturl(), text),
        Rule::Gopherurl => matches(grammar::gopher::gopherurl(), text),
        Rule::Waisurl => matches(grammar::wais::waisurl(), text),
        Rule::Mailtourl => matches(grammar::mailto::mailtourl(), text),
        Rule::Fileurl => matches(grammar::file::fileurl(), text),
        Rule::Prosperourl => matches(grammar::prospero::prosperourl(), text),
        _ => matches(grammar::generic::otherurl(), text),
    }
}

/// A whole input that matched a production.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Match<'a> {
    rule: Rule,
    input: &'a str,
    folded: bool,
}

impl<'a> Match<'a> {
    /// The production matched.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The input, which the production matched whole.
    pub fn as_str(&self) -> &'a str {
        self.input
    }

    /// The derivation tree of the input under the production: the input is
    /// read once more, recording which production matched which bytes.
    ///
    /// ```
    /// use rfc1738::{Rule, parse_rule};
    /// let tree = parse_rule(Rule::Ftpurl, "ftp://myname@host.dom/%2Fetc/motd")?.tree();
    /// assert_eq!(tree.find(Rule::User).unwrap().text(), "myname");
    /// assert_eq!(tree.find(Rule::Hostport).unwrap().span(), 13..21);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    pub fn tree(&self) -> Derivation<'a> {
        let node = derive(self.rule, self.input, true, self.folded);
        debug_assert!(node.is_some(), "a match has a derivation");
        let node = node.unwrap_or(input::Node {
            rule: self.rule,
            start: 0,
            end: self.input.len(),
            children: Vec::new(),
        });
        Derivation::new(node, self.input)
    }
}

/// The derivation tree of the prefix of `input` that the production's
/// combinator matches when it need not reach the end, as nom parsers do:
/// for an input `parse_rule` rejects, how far a reading by the production
/// gets before the error. `None` when the combinator matches no prefix.
///
/// ```
/// use rfc1738::{Rule, parse_prefix};
/// let tree = parse_prefix(Rule::Httpurl, "http://host:8a/").unwrap();
/// assert_eq!(tree.text(), "http://host:8");
/// assert!(parse_prefix(Rule::Httpurl, "http:/").is_none());
/// ```
pub fn parse_prefix(rule: Rule, input: &str) -> Option<Derivation<'_>> {
    derive(rule, input, false, false).map(|node| Derivation::new(node, input))
}

/// Checks a URL as [`parse`] reads it (the scheme rule its scheme selects,
/// scheme names compared case-insensitively), building no syntax tree: the
/// validator's question. The [`Match`] gives the derivation tree on demand.
///
/// ```
/// let url = rfc1738::check("HTTP://host/")?;
/// assert_eq!(url.rule(), rfc1738::Rule::Httpurl);
/// # Ok::<(), rfc1738::Error>(())
/// ```
pub fn check(input: &str) -> Result<Match<'_>, Error> {
    let rule = scheme_rule(input);
    if is_valid(input) {
        Ok(Match {
            rule,
            input,
            folded: true,
        })
    } else {
        Err(diagnose(rule, input, true))
    }
}

/// [`parse_prefix`] as [`check`] reads a URL: the scheme rule its scheme
/// selects, scheme names compared case-insensitively.
pub fn check_prefix(input: &str) -> Option<Derivation<'_>> {
    derive(scheme_rule(input), input, false, true).map(|node| Derivation::new(node, input))
}

/// Matches `rule` against the whole of `input`, by the grammar's letter: no
/// case folding, no choice of rule by scheme. This is the conformance
/// question "is `input` a string of the production?".
///
/// ```
/// use rfc1738::{Rule, parse_rule};
/// assert!(parse_rule(Rule::Hostnumber, "10.0.0.1").is_ok());
/// assert_eq!(parse_rule(Rule::Hostnumber, "10.0.0").unwrap_err().offset(), 6);
/// assert!(parse_rule(Rule::Url, "http://user@host/").is_ok()); // an otherurl
/// ```
pub fn parse_rule(rule: Rule, input: &str) -> Result<Match<'_>, Error> {
    if with_combinator!(rule, matches, input) {
        Ok(Match {
            rule,
            input,
            folded: false,
        })
    } else {
        Err(diagnose(rule, input, false))
    }
}

/// Checks bytes that may not be UTF-8, as a validator reading files does:
/// against `rule` by the grammar's letter, or, with `None`, against the
/// scheme rule as [`parse`] does. Returns the rule matched.
///
/// No valid URL has a byte outside ASCII, so a byte that is not UTF-8 fails
/// the input; the error points at it unless the input already failed earlier.
pub fn check_bytes(input: &[u8], rule: Option<Rule>) -> Result<Rule, Error> {
    let (text, bad) = match core::str::from_utf8(input) {
        Ok(text) => (text, None),
        Err(error) => {
            let valid = error.valid_up_to();
            // `valid_up_to` ends the longest valid UTF-8 prefix, and the
            // invalid byte that stopped it follows.
            let text = core::str::from_utf8(&input[..valid]).unwrap_or_default();
            (text, Some(input[valid]))
        }
    };
    let (rule, fold) = match rule {
        Some(rule) => (rule, false),
        None => (scheme_rule(text), true),
    };
    let verdict = if fold {
        is_valid(text)
    } else {
        with_combinator!(rule, matches, text)
    };
    match (verdict, bad) {
        (true, None) => Ok(rule),
        (true, Some(byte)) => Err(Error::new(
            rule,
            text,
            text.len(),
            Found::Byte(byte),
            &[],
            &[],
        )),
        (false, bad) => {
            let error = diagnose(rule, text, fold);
            match bad {
                Some(byte) if error.offset() == text.len() => Err(Error::new(
                    rule,
                    text,
                    text.len(),
                    Found::Byte(byte),
                    error.path(),
                    error.expected(),
                )),
                _ => Err(error),
            }
        }
    }
}

/// Runs `parser` over the whole input, building its output.
fn emit<'a, P>(parser: P, input: Folded<'a>) -> Option<P::Output>
where
    P: Parser<Folded<'a>, Error = E<Folded<'a>>>,
{
    (parser, end_of_input())
        .process::<OutputM<Emit, Check, Complete>>(input)
        .ok()
        .map(|(_, (output, ()))| output)
}

/// Whether `parser` matches the whole input, building nothing.
fn matches<'a, I, P>(parser: P, input: I) -> bool
where
    I: Source<'a>,
    P: Parser<I, Error = E<I>>,
{
    (parser, end_of_input())
        .process::<OutputM<Check, Check, Complete>>(input)
        .is_ok()
}

/// Whether `parser` matches a prefix of the input, building nothing.
fn matches_prefix<'a, I, P>(mut parser: P, input: I) -> bool
where
    I: Source<'a>,
    P: Parser<I, Error = E<I>>,
{
    parser
        .process::<OutputM<Check, Check, Complete>>(input)
        .is_ok()
}

/// The derivation of the whole input (or, with `whole` false, of the prefix
/// the combinator matches) under `rule`, folding scheme case with `fold`.
fn derive(rule: Rule, input: &str, whole: bool, fold: bool) -> Option<input::Node> {
    let tracker = Tracker::new(fold, true);
    let span = Tracked::new_extra(input, &tracker);
    let matched = if whole {
        with_combinator!(rule, matches, span)
    } else {
        with_combinator!(rule, matches_prefix, span)
    };
    // A successful run leaves exactly the node of `rule` itself.
    matched.then(|| tracker.into_root()).flatten()
}

/// The error of an input the fast pass rejected: the same combinators run
/// again over a tracked input that records the farthest point reached.
#[cold]
#[inline(never)]
fn diagnose(rule: Rule, input: &str, fold: bool) -> Error {
    let tracker = Tracker::new(fold, false);
    let matched = with_combinator!(rule, matches, Tracked::new_extra(input, &tracker));
    debug_assert!(
        !matched,
        "the fast and the tracked pass disagree on {input:?}"
    );
    tracker.finish(|record| Error::from_record(rule, input, record))
}
