//! The vocabulary every layer shares about a failure: what could have come
//! at a position ([`Expected`]) and what stands there ([`Found`]).

use core::fmt;

use crate::Rule;

/// Something that could have continued a string of the rule at the error's
/// offset: a character-class production (`digit`, `uchar`), a literal of the
/// grammar (`"/"`, `";type="`) or the end of the input.
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
    /// Equality without a call to `memcmp`: the literals are a few bytes.
    #[inline]
    pub(crate) fn same(&self, other: &Expected) -> bool {
        match (self, other) {
            (Expected::Rule(a), Expected::Rule(b)) => a == b,
            (Expected::Literal(a), Expected::Literal(b)) => {
                a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(a, b)| a == b)
            }
            (Expected::EndOfInput, Expected::EndOfInput) => true,
            _ => false,
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

impl fmt::Display for Found {
    /// `"a"`, `byte 0xFF` or `end of input`; control characters, spaces and
    /// other invisible characters are written as escapes (`"\u{1b}"`), so that
    /// nothing from the input reaches a terminal raw.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Char(c) => write!(f, "\"{}\"", c.escape_debug()),
            Found::Byte(byte) => write!(f, "byte 0x{byte:02X}"),
            Found::EndOfInput => f.write_str("end of input"),
        }
    }
}
