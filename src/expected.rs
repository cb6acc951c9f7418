//! The vocabulary every layer shares about a failure: what could have come
//! at a position ([`Expected`]) and what stands there ([`Found`]).

use core::fmt;

use crate::Rule;
use crate::visible;

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
#[non_exhaustive]
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

    /// Writes the item as `Display` does, without the formatting
    /// machinery when `out` is a `String`: a message lists several.
    #[inline(always)]
    pub(crate) fn write_to(&self, out: &mut impl fmt::Write) -> fmt::Result {
        match self {
            Expected::Rule(rule) => out.write_str(rule.name()),
            Expected::Literal(literal) => match literal.as_bytes() {
                // Most literals are one character: their quoted form is a
                // slice of a table, one write.
                [byte] if byte.is_ascii() => {
                    let at = 3 * usize::from(*byte);
                    out.write_str(&QUOTED[at..at + 3])
                }
                _ => {
                    out.write_char('"')?;
                    out.write_str(literal)?;
                    out.write_char('"')
                }
            },
            Expected::EndOfInput => out.write_str("end of input"),
        }
    }
}

/// Every ASCII character between double quotes, in the order of their
/// codes: `"\0"` (the character itself, not an escape) at 0, `"a"` at
/// `3 * 97`.
const QUOTED: &str = {
    const BYTES: [u8; 3 * 128] = {
        let mut bytes = [b'"'; 3 * 128];
        let mut c = 0;
        while c < 128 {
            bytes[3 * c + 1] = c as u8;
            c += 1;
        }
        bytes
    };
    match core::str::from_utf8(&BYTES) {
        Ok(quoted) => quoted,
        Err(_) => panic!("ASCII is UTF-8"),
    }
};

/// How many bytes of `literal`, at least one and not all, end `before`:
/// how much of it the text before an error's offset began. A scheme's
/// literal is begun whatever the case of its letters (section 2.1).
#[inline]
pub(crate) fn begun(literal: &str, before: &str) -> Option<usize> {
    let (literal, before) = (literal.as_bytes(), before.as_bytes());
    // Most literals are one character, and most begun by none: the byte
    // before the offset rules out every length it does not end.
    let (&last, literal) = (before.last()?, literal.split_last()?.1);
    (1..=literal.len()).rev().find(|&k| {
        literal[k - 1].eq_ignore_ascii_case(&last)
            && before.len() >= k
            && before[before.len() - k..].eq_ignore_ascii_case(&literal[..k])
    })
}

impl fmt::Display for Expected {
    /// `digit`, `"/"` (a literal in quotes, as the BNF writes it) or
    /// `end of input`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

/// What stands at the error's offset.
///
/// ```
/// use rfc1738::Found;
/// assert_eq!(rfc1738::parse("http://host:8a/").unwrap_err().found(), Found::Char('a'));
/// assert_eq!(rfc1738::parse("http:/").unwrap_err().found(), Found::EndOfInput);
/// let error = rfc1738::check_bytes(None, b"http://host/\xFF").unwrap_err();
/// assert_eq!((error.found(), error.offset()), (Found::Byte(0xFF), 12));
/// // The first byte of "é", cut short by the end: no character.
/// let error = rfc1738::check_bytes(None, b"http://host/\xC3").unwrap_err();
/// assert_eq!((error.found(), error.offset()), (Found::Byte(0xC3), 12));
/// assert_eq!(Found::Byte(0xFF).to_string(), "byte 0xFF");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Found {
    /// A character of the input.
    Char(char),
    /// A byte that is not part of a UTF-8 character: one that starts none,
    /// or one that starts a character the input cuts short (only from
    /// [`crate::check_bytes`]).
    Byte(u8),
    /// Nothing: the input ended too early.
    EndOfInput,
}

impl Found {
    /// Writes what stands at the offset as `Display` does.
    #[inline]
    pub(crate) fn write_to(&self, out: &mut impl fmt::Write) -> fmt::Result {
        match self {
            Found::Char(c) => {
                out.write_char('"')?;
                visible::write_char(out, *c, true)?;
                out.write_char('"')
            }
            Found::Byte(byte) => write!(out, "byte 0x{byte:02X}"),
            Found::EndOfInput => out.write_str("end of input"),
        }
    }
}

impl fmt::Display for Found {
    /// `"a"`, `byte 0xFF` or `end of input`; the character as
    /// [`crate::visible`] shows it between quotes (`"\u{1b}"`, `"\""`), so
    /// that nothing from the input reaches a terminal raw.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

/// With the `serde` feature, an [`Expected`] is written as its `Display`
/// (`"digit"`, `"\"/\""`, `"end of input"`), as the command line's JSON
/// writes what was expected. There is no way back: a literal is the
/// grammar's own `'static` string. A [`Found`] is written as what it is,
/// not as its `Display` (quoted for a terminal): see its `Serialize`.
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl serde::Serialize for Expected {
    /// The item as `Display` writes it: `"digit"`, `"\"/\""`, `"end of input"`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// With the `serde` feature, a [`Found`] is written as an enum whose
/// variants are named `char`, `byte` and `end-of-input`: in JSON
/// `{"char": "a"}`, `{"byte": 255}` or `"end-of-input"`. The command line's
/// JSON records write the character alone, `null` for a byte or the end
/// (`found` of `check`'s `error`), which cannot tell those two apart; this
/// form keeps the byte and says which. There is no way back: a `Found` is
/// read from an input, not from a record.
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl serde::Serialize for Found {
    /// `{"char": "a"}`, `{"byte": 255}` or `"end-of-input"` in JSON.
    ///
    /// ```
    /// use rfc1738::Found;
    /// let json = |found: Found| serde_json::to_string(&found).unwrap();
    /// assert_eq!(json(Found::Char('a')), r#"{"char":"a"}"#);
    /// assert_eq!(json(Found::Byte(0xFF)), r#"{"byte":255}"#);
    /// assert_eq!(json(Found::EndOfInput), r#""end-of-input""#);
    /// ```
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match *self {
            Found::Char(c) => serializer.serialize_newtype_variant("Found", 0, "char", &c),
            Found::Byte(byte) => serializer.serialize_newtype_variant("Found", 1, "byte", &byte),
            Found::EndOfInput => serializer.serialize_unit_variant("Found", 2, "end-of-input"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::visible::Visible;

    /// Every character found is shown quoted, as [`Visible`] shows it.
    #[test]
    fn a_character_found_is_shown_quoted_and_visible() {
        let found = (0..=0x7f_u8)
            .map(char::from)
            .chain(['é', '\u{202e}', '\u{feff}', '\u{85}']);
        for c in found {
            let text = c.to_string();
            let visible = Visible::new(&text).quoted();
            assert_eq!(Found::Char(c).to_string(), format!("\"{visible}\""));
        }
        assert_eq!(Found::Byte(0xff).to_string(), "byte 0xFF");
        assert_eq!(Found::EndOfInput.to_string(), "end of input");
    }

    /// Literals are written between quotes, one character or more, as the
    /// BNF writes them.
    #[test]
    fn a_literal_is_shown_as_the_bnf_writes_it() {
        for c in 0..=0x7f_u8 {
            let literal = String::from(char::from(c)).leak();
            let shown = Expected::Literal(literal).to_string();
            assert_eq!(shown, format!("\"{literal}\""));
        }
        assert_eq!(Expected::Literal(";type=").to_string(), "\";type=\"");
        assert_eq!(Expected::Literal("é").to_string(), "\"é\"");
        assert_eq!(
            Expected::Rule(Rule::GopherPlusString).to_string(),
            "gopher+_string"
        );
        assert_eq!(Expected::EndOfInput.to_string(), "end of input");
    }
}
