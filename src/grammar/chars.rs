//! The miscellaneous definitions of section 5: the character classes, as
//! `const` tables, and one combinator each.
//!
//! Each class production matches one character (or, for `escape`, `uchar` and
//! `xchar`, one `"%" hex hex` triplet) with a single table lookup. When a
//! derivation tree is built, the lookup records the class's node with the
//! class productions under it (`xchar` › `unreserved` › `alpha`). The tables
//! are built from the productions' literal alternatives by `const fn`s, and
//! `class` maps every class production to its table, so that the bodies of
//! repetitions elsewhere (`*[ uchar | ";" ]`) are written with the same names
//! the BNF uses.

use nom::Parser;

use super::primitive::{E, Set, Table, many, one, rule};
use crate::Rule;
use crate::expected::Expected;
use crate::input::Source;

/// The single characters of `xchar` (its escapes aside).
pub(crate) const XCHAR_SINGLE: Table = *crate::charset::XCHAR.table();

/// The table of a character-class production, and whether `escape` is one of
/// its alternatives: the tables `build.rs` generates from the grammar file.
/// Any other production is a compile-time error where a [`Set`] is built.
pub(crate) const fn class(rule: Rule) -> (Table, bool) {
    match rule.class() {
        Some(class) => (*class.table(), class.escape()),
        // Sets are built by `Set::of` in `const` items, so a production that
        // is no class fails the build; at run time only the rules of those
        // sets and of `tree::class_node`'s table (all classes) come here.
        None => panic!("not a character-class production"),
    }
}

/// The set of one class production.
macro_rules! class_set {
    ($name:ident, $rule:ident) => {
        pub(crate) static $name: Set = Set::of(&[Expected::Rule(Rule::$rule)]);
    };
}

class_set!(LOWALPHA_SET, Lowalpha);
class_set!(HIALPHA_SET, Hialpha);
class_set!(ALPHA_SET, Alpha);
class_set!(DIGIT_SET, Digit);
class_set!(ALPHADIGIT_SET, Alphadigit);
class_set!(SAFE_SET, Safe);
class_set!(EXTRA_SET, Extra);
class_set!(NATIONAL_SET, National);
class_set!(PUNCTUATION_SET, Punctuation);
class_set!(RESERVED_SET, Reserved);
class_set!(HEX_SET, Hex);
class_set!(ESCAPE_SET, Escape);
class_set!(UNRESERVED_SET, Unreserved);
class_set!(UCHAR_SET, Uchar);
/// `xchar`, scanned eight bytes per step: its runs (`otherurl`'s
/// `schemepart`, `urlpath`, `encoded822addr`) usually reach the end of the URL.
pub(crate) static XCHAR_SET: Set = Set::of(&[Expected::Rule(Rule::Xchar)]).wide();

/// ```text
/// lowalpha = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" |
/// "i" | "j" | "k" | "l" | "m" | "n" | "o" | "p" |
/// "q" | "r" | "s" | "t" | "u" | "v" | "w" | "x" |
/// "y" | "z"
/// ```
pub fn lowalpha<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Lowalpha, one(&LOWALPHA_SET))
}

/// ```text
/// hialpha = "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H" | "I" |
/// "J" | "K" | "L" | "M" | "N" | "O" | "P" | "Q" | "R" |
/// "S" | "T" | "U" | "V" | "W" | "X" | "Y" | "Z"
/// ```
pub fn hialpha<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Hialpha, one(&HIALPHA_SET))
}

/// ```text
/// alpha = lowalpha | hialpha
/// ```
pub fn alpha<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Alpha, one(&ALPHA_SET))
}

/// ```text
/// digit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" |
/// "8" | "9"
/// ```
pub fn digit<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Digit, one(&DIGIT_SET))
}

/// ```text
/// safe = "$" | "-" | "_" | "." | "+"
/// ```
pub fn safe<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Safe, one(&SAFE_SET))
}

/// ```text
/// extra = "!" | "*" | "'" | "(" | ")" | ","
/// ```
pub fn extra<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Extra, one(&EXTRA_SET))
}

/// ```text
/// national = "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]" | "`"
/// ```
///
/// No other production uses `national`: these characters are never valid
/// unencoded in a URL (section 2.2).
pub fn national<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::National, one(&NATIONAL_SET))
}

/// ```text
/// punctuation = "<" | ">" | "#" | "%" | <">
/// ```
///
/// No other production uses `punctuation`: these characters are never valid
/// unencoded in a URL (section 2.2), `%` only as the start of an `escape`.
pub fn punctuation<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Punctuation, one(&PUNCTUATION_SET))
}

/// ```text
/// reserved = ";" | "/" | "?" | ":" | "@" | "&" | "="
/// ```
pub fn reserved<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Reserved, one(&RESERVED_SET))
}

/// ```text
/// hex = digit | "A" | "B" | "C" | "D" | "E" | "F" |
/// "a" | "b" | "c" | "d" | "e" | "f"
/// ```
pub fn hex<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Hex, one(&HEX_SET))
}

/// ```text
/// escape = "%" hex hex
/// ```
///
/// After the `%`, a byte that is not a hex digit is reported as the failure,
/// not the `%`: `%4g` fails at the `g`.
pub fn escape<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Escape, one(&ESCAPE_SET))
}

/// ```text
/// unreserved = alpha | digit | safe | extra
/// ```
pub fn unreserved<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Unreserved, one(&UNRESERVED_SET))
}

/// ```text
/// uchar = unreserved | escape
/// ```
pub fn uchar<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Uchar, one(&UCHAR_SET))
}

/// ```text
/// xchar = unreserved | reserved | escape
/// ```
pub fn xchar<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Xchar, one(&XCHAR_SET))
}

/// ```text
/// digits = 1*digit
/// ```
pub fn digits<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Digits, many(&DIGIT_SET, true))
}
