//! The vocabulary every layer shares about a failure: what could have come
//! at a position ([`Expected`]) and what stands there ([`Found`]).

use core::fmt;

use crate::Rule;
use crate::visible::{self, Visible};

/// Something that could have continued a string of the rule at the error's
/// offset: a character-class production (`digit`, `uchar`), a literal of the
/// grammar (`"/"`, `";type="`) or the end of the input.
///
/// ```
/// use rfc1738::{Expected, Rule};
/// let error = rfc1738::parse("http://host:8a/").unwrap_err();
/// assert_eq!(
///     error.expected(),
///     [Expected::Rule(Rule::Digit), Expected::Literal("/"), Expected::EndOfInput]
/// );
/// assert_eq!(Expected::Literal("/").to_string(), r#""/""#);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Expected {
    /// A production, named as the RFC spells it.
    Rule(Rule),
    /// A literal, without its quotes.
    Literal(&'static str),
    /// The end of the input: the rule could have ended there.
    EndOfInput,
}

impl Expected {
    /// Equality, comparing literals by address first: the grammar's
    /// literals are `'static` strings, and a list dedups many.
    #[inline]
    pub(crate) fn same(&self, other: &Expected) -> bool {
        match (self, other) {
            (Expected::Literal(a), Expected::Literal(b)) => {
                core::ptr::eq(*a, *b) || a.as_bytes().iter().eq(b.as_bytes())
            }
            _ => self == other,
        }
    }

    /// Appends the item as `Display` writes it, without the formatting
    /// machinery: a message lists several.
    pub(crate) fn push_to(&self, out: &mut String) {
        match self {
            Expected::Rule(rule) => out.push_str(rule.name()),
            Expected::Literal(literal) => {
                out.push('"');
                out.push_str(literal);
                out.push('"');
            }
            Expected::EndOfInput => out.push_str("end of input"),
        }
    }
}

impl fmt::Display for Expected {
    /// `digit`, `"/"` (a literal in quotes, as the BNF writes it) or
    /// `end of input`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Rule(rule) => f.write_str(rule.name()),
            Expected::Literal(literal) => write!(f, "\"{literal}\""),
            Expected::EndOfInput => f.write_str("end of input"),
        }
    }
}

/// What stands at the error's offset.
///
/// ```
/// use rfc1738::Found;
/// assert_eq!(rfc1738::parse("http://host:8a/").unwrap_err().found(), Found::Char('a'));
/// assert_eq!(rfc1738::parse("http:/").unwrap_err().found(), Found::EndOfInput);
/// let error = rfc1738::check_bytes(b"http://host/\xFF", None).unwrap_err();
/// assert_eq!((error.found(), error.offset()), (Found::Byte(0xFF), 12));
/// assert_eq!(Found::Byte(0xFF).to_string(), "byte 0xFF");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Found {
    /// A character of the input.
    Char(char),
    /// A byte that does not start a UTF-8 character (only from
    /// [`crate::check_bytes`]).
    Byte(u8),
    /// Nothing: the input ended too early.
    EndOfInput,
}

impl Found {
    /// Appends what stands at the offset as `Display` writes it.
    pub(crate) fn push_to(&self, out: &mut String) {
        match self {
            Found::Char(c) => {
                out.push('"');
                visible::push(out, *c, true);
                out.push('"');
            }
            // Writing to a String does not fail.
            other => {
                use core::fmt::Write as _;
                let _ = write!(out, "{other}");
            }
        }
    }
}

impl fmt::Display for Found {
    /// `"a"`, `byte 0xFF` or `end of input`; the character as
    /// [`crate::visible`] shows it between quotes (`"\u{1b}"`, `"\""`), so
    /// that nothing from the input reaches a terminal raw.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Char(c) => write!(
                f,
                "\"{}\"",
                Visible::new(c.encode_utf8(&mut [0; 4])).quoted()
            ),
            Found::Byte(byte) => write!(f, "byte 0x{byte:02X}"),
            Found::EndOfInput => f.write_str("end of input"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fast path of a message writes what `Display` writes.
    #[test]
    fn push_to_writes_what_display_writes() {
        let found = (0..=0x7f_u8).map(|b| Found::Char(char::from(b))).chain([
            Found::Char('é'),
            Found::Char('\u{202e}'),
            Found::Byte(0xff),
            Found::EndOfInput,
        ]);
        for found in found {
            let mut pushed = String::new();
            found.push_to(&mut pushed);
            assert_eq!(pushed, found.to_string());
        }
        for expected in [
            Expected::Rule(Rule::GopherPlusString),
            Expected::Literal(";type="),
            Expected::EndOfInput,
        ] {
            let mut pushed = String::new();
            expected.push_to(&mut pushed);
            assert_eq!(pushed, expected.to_string());
        }
    }
}
