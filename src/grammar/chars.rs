//! The miscellaneous definitions of section 5: the character classes, one
//! combinator each, and `digits`.
//!
//! Each class production matches one character (or, for `escape`, `uchar`
//! and `xchar`, one `"%" hex hex` triplet) with a single lookup in its table,
//! which `build.rs` generates from the production (`charset`). When
//! a derivation tree is built, the lookup records the class's node with the
//! class productions under it (`xchar` › `unreserved` › `alpha`).

use nom::Parser;

use super::leaf::{E, many, one, rule};
use crate::Rule;
use crate::charset;
use crate::input::Text;
use crate::trace::Observer;

/// ```text
/// lowalpha = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" |
/// "i" | "j" | "k" | "l" | "m" | "n" | "o" | "p" |
/// "q" | "r" | "s" | "t" | "u" | "v" | "w" | "x" |
/// "y" | "z"
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/lowalpha.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, chars::lowalpha};
///
/// assert_eq!(lowalpha(Quiet).parse_complete("ab"), Ok(("b", "a")));
/// assert!(lowalpha(Quiet).parse_complete("A").is_err());
/// ```
#[must_use]
pub fn lowalpha<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Lowalpha, one(o, &charset::LOWALPHA))
}

/// ```text
/// hialpha = "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H" | "I" |
/// "J" | "K" | "L" | "M" | "N" | "O" | "P" | "Q" | "R" |
/// "S" | "T" | "U" | "V" | "W" | "X" | "Y" | "Z"
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/hialpha.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, chars::hialpha};
///
/// assert_eq!(hialpha(Quiet).parse_complete("Ab"), Ok(("b", "A")));
/// assert!(hialpha(Quiet).parse_complete("a").is_err());
/// ```
#[must_use]
pub fn hialpha<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Hialpha, one(o, &charset::HIALPHA))
}

/// ```text
/// alpha = lowalpha | hialpha
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/alpha.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, chars::alpha};
///
/// assert_eq!(alpha(Quiet).parse_complete("Zz"), Ok(("z", "Z")));
/// assert!(alpha(Quiet).parse_complete("1").is_err());
/// ```
#[must_use]
pub fn alpha<'a, I: Text<'a>, O: Observer>(o: O) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Alpha, one(o, &charset::ALPHA))
}

/// ```text
/// digit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" |
/// "8" | "9"
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/digit.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, chars::digit};
///
/// assert_eq!(digit(Quiet).parse_complete("42"), Ok(("2", "4")));
/// assert!(digit(Quiet).parse_complete("x").is_err());
/// ```
#[must_use]
pub fn digit<'a, I: Text<'a>, O: Observer>(o: O) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Digit, one(o, &charset::DIGIT))
}

/// ```text
/// safe = "$" | "-" | "_" | "." | "+"
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/safe.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, chars::safe};
///
/// assert_eq!(safe(Quiet).parse_complete("$x"), Ok(("x", "$")));
/// assert_eq!(safe(Quiet).parse_complete(".x"), Ok(("x", ".")));
/// ```
#[must_use]
pub fn safe<'a, I: Text<'a>, O: Observer>(o: O) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Safe, one(o, &charset::SAFE))
}

/// ```text
/// extra = "!" | "*" | "'" | "(" | ")" | ","
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/extra.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, chars::extra};
///
/// assert_eq!(extra(Quiet).parse_complete("(x)"), Ok(("x)", "(")));
/// assert_eq!(extra(Quiet).parse_complete("!"), Ok(("", "!")));
/// ```
#[must_use]
pub fn extra<'a, I: Text<'a>, O: Observer>(o: O) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Extra, one(o, &charset::EXTRA))
}

/// ```text
/// national = "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]" | "`"
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/national.md"))]
///
/// No other production uses `national`: these characters are never valid
/// unencoded in a URL (section 2.2).
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, chars::national};
///
/// assert_eq!(national(Quiet).parse_complete("~me"), Ok(("me", "~")));
/// // Never valid unencoded in a URL: a `~` is written `%7E`.
/// assert!(!rfc1738::is_valid("http://h/~me"));
/// assert!(rfc1738::is_valid("http://h/%7Eme"));
/// ```
#[must_use]
pub fn national<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::National, one(o, &charset::NATIONAL))
}

/// ```text
/// punctuation = "<" | ">" | "#" | "%" | <">
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/punctuation.md"))]
///
/// No other production uses `punctuation`: these characters are never valid
/// unencoded in a URL (section 2.2), `%` only as the start of an `escape`.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, chars::punctuation};
///
/// assert_eq!(punctuation(Quiet).parse_complete("#top"), Ok(("top", "#")));
/// // `%` stands unencoded only as the start of an escape.
/// assert!(rfc1738::is_valid("ftp://h/100%25"));
/// assert!(!rfc1738::is_valid("ftp://h/100%"));
/// ```
#[must_use]
pub fn punctuation<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Punctuation, one(o, &charset::PUNCTUATION))
}

/// ```text
/// reserved = ";" | "/" | "?" | ":" | "@" | "&" | "="
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/reserved.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, chars::reserved};
///
/// assert_eq!(reserved(Quiet).parse_complete("?q"), Ok(("q", "?")));
/// assert_eq!(reserved(Quiet).parse_complete("@h"), Ok(("h", "@")));
/// ```
#[must_use]
pub fn reserved<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Reserved, one(o, &charset::RESERVED))
}

/// ```text
/// hex = digit | "A" | "B" | "C" | "D" | "E" | "F" |
/// "a" | "b" | "c" | "d" | "e" | "f"
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/hex.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, chars::hex};
///
/// assert_eq!(hex(Quiet).parse_complete("Fa"), Ok(("a", "F")));
/// // Lower-case letters too: section 2.2 allows either case.
/// assert_eq!(hex(Quiet).parse_complete("a"), Ok(("", "a")));
/// ```
#[must_use]
pub fn hex<'a, I: Text<'a>, O: Observer>(o: O) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Hex, one(o, &charset::HEX))
}

/// ```text
/// escape = "%" hex hex
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/escape.md"))]
///
/// After the `%`, a byte that is not a hex digit is reported as the failure,
/// not the `%`: `%4g` fails at the `g`.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, chars::escape};
///
/// assert_eq!(escape(Quiet).parse_complete("%7Eme"), Ok(("me", "%7E")));
/// // The failure is at the `g`, the byte that is no hex digit.
/// let error = rfc1738::parse_rule(rfc1738::Rule::Escape, "%4g").unwrap_err();
/// assert_eq!(error.offset(), 2);
/// ```
#[must_use]
pub fn escape<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Escape, one(o, &charset::ESCAPE))
}

/// ```text
/// unreserved = alpha | digit | safe | extra
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/unreserved.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, chars::unreserved};
///
/// assert_eq!(unreserved(Quiet).parse_complete("a-b"), Ok(("-b", "a")));
/// assert_eq!(unreserved(Quiet).parse_complete("-b"), Ok(("b", "-")));
/// // A reserved character is not unreserved.
/// assert!(unreserved(Quiet).parse_complete("/").is_err());
/// ```
#[must_use]
pub fn unreserved<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Unreserved, one(o, &charset::UNRESERVED))
}

/// ```text
/// uchar = unreserved | escape
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/uchar.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, chars::uchar};
///
/// // One character, or one escape.
/// assert_eq!(uchar(Quiet).parse_complete("%41b"), Ok(("b", "%41")));
/// assert_eq!(uchar(Quiet).parse_complete("b%41"), Ok(("%41", "b")));
/// assert!(uchar(Quiet).parse_complete("/").is_err());
/// ```
#[must_use]
pub fn uchar<'a, I: Text<'a>, O: Observer>(o: O) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Uchar, one(o, &charset::UCHAR))
}

/// ```text
/// xchar = unreserved | reserved | escape
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/xchar.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, chars::xchar};
///
/// assert_eq!(xchar(Quiet).parse_complete("/x"), Ok(("x", "/")));
/// assert_eq!(xchar(Quiet).parse_complete("%2Fx"), Ok(("x", "%2F")));
/// assert!(xchar(Quiet).parse_complete("#x").is_err());
/// ```
#[must_use]
pub fn xchar<'a, I: Text<'a>, O: Observer>(o: O) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Xchar, one(o, &charset::XCHAR))
}

/// ```text
/// digits = 1*digit
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/digits.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, chars::digits};
///
/// assert_eq!(digits(Quiet).parse_complete("8080/"), Ok(("/", "8080")));
/// assert!(digits(Quiet).parse_complete("/").is_err());
/// ```
#[must_use]
pub fn digits<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Digits, many(o, &charset::DIGIT, true))
}
