//! The character classes of the grammar, as tables generated from
//! `grammar/rfc1738.bnf` by `build.rs`: one [`Class`] per character-class
//! production (`lowalpha` … `xchar`, `alphadigit`, `ftptype`, `gtype`) and
//! one per repetition body made of classes and one-character literals
//! (`USER_BODY` is the `*[ uchar | ";" | "?" | "&" | "=" ]` of `user`).
//!
//! Every part of the crate that asks whether a byte belongs to a class asks
//! these tables: the grammar's leaves, the scans, the derivation trees, the
//! builder's encoder and the canonical form.

use crate::Rule;
use crate::expected::Expected;

/// A set of characters: single bytes, and `"%" hex hex` when `escape` is one
/// of its alternatives.
#[derive(Debug)]
pub(crate) struct Class {
    table: [bool; 256],
    escape: bool,
    /// The alternatives that are themselves productions, in the BNF's order
    /// (`unreserved = alpha | digit | safe | extra`): a derivation tree's
    /// children of one element.
    parts: &'static [Rule],
    /// What a failure to match one reports: the class production, or a
    /// body's items as written.
    expected: &'static [Expected],
}

impl Class {
    /// The class of `bytes`, with or without escapes.
    pub(crate) const fn new(
        bytes: &[u8],
        escape: bool,
        parts: &'static [Rule],
        expected: &'static [Expected],
    ) -> Class {
        let table = table(bytes);
        // The scans read a `%` in a class with escapes as an escape's start.
        assert!(
            !(escape && table[b'%' as usize]),
            "a class with escapes holds `%` only as their start"
        );
        Class {
            table,
            escape,
            parts,
            expected,
        }
    }

    /// The same class with `bytes` added, reporting the same expectations:
    /// `scheme`'s body when scheme case is folded, a path's segment body
    /// with its `/`.
    pub(crate) const fn with(&self, bytes: &[u8]) -> Class {
        self.edit(bytes, true)
    }

    /// The same class without the single characters `bytes`: http's
    /// `search` and segments without the `;` section 3.3 reserves.
    pub(crate) const fn without(&self, bytes: &[u8]) -> Class {
        self.edit(bytes, false)
    }

    /// The same class with each of `bytes` in it or not, as `keep` says.
    const fn edit(&self, bytes: &[u8], keep: bool) -> Class {
        let mut table = self.table;
        let mut i = 0;
        while i < bytes.len() {
            table[bytes[i] as usize] = keep;
            i += 1;
        }
        assert!(
            !(self.escape && table[b'%' as usize]),
            "a class with escapes holds `%` only as their start"
        );
        Class {
            table,
            escape: self.escape,
            parts: self.parts,
            expected: self.expected,
        }
    }

    /// Whether the byte is one of the class's single characters.
    #[inline(always)]
    pub(crate) const fn contains(&self, byte: u8) -> bool {
        self.table[byte as usize]
    }

    /// The single characters, as a table indexed by byte.
    #[inline(always)]
    pub(crate) const fn table(&self) -> &[bool; 256] {
        &self.table
    }

    /// Whether `"%" hex hex` is one of the alternatives.
    #[inline(always)]
    pub(crate) const fn escape(&self) -> bool {
        self.escape
    }

    /// The alternatives that are productions, in the BNF's order.
    pub(crate) const fn parts(&self) -> &'static [Rule] {
        self.parts
    }

    /// What a failure to match one element reports.
    #[inline(always)]
    pub(crate) const fn expected(&self) -> &'static [Expected] {
        self.expected
    }

    /// Whether `element` (one byte, or the three of an escape) is one
    /// element of the class.
    pub(crate) fn matches(&self, element: &[u8]) -> bool {
        match element {
            [byte] => self.contains(*byte),
            [b'%', high, low] => self.escape && is_hex(*high) && is_hex(*low),
            _ => false,
        }
    }
}

/// Whether `byte` is a `hex` digit.
#[inline(always)]
pub(crate) const fn is_hex(byte: u8) -> bool {
    HEX.contains(byte)
}

const fn table(bytes: &[u8]) -> [bool; 256] {
    let mut table = [false; 256];
    let mut i = 0;
    while i < bytes.len() {
        table[bytes[i] as usize] = true;
        i += 1;
    }
    table
}

include!(concat!(env!("OUT_DIR"), "/charset.rs"));

/// The body of `scheme` when scheme case is folded (section 2.1): the
/// scheme characters of an interpreter, upper-case letters included.
pub(crate) static SCHEME_FOLDED: Class = SCHEME_BODY.with(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ");

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables say what the RFC's productions say, checked against
    /// the standard library's own classification.
    #[test]
    fn the_tables_are_the_productions() {
        for byte in 0..=255u8 {
            let c = char::from(byte);
            assert_eq!(ALPHA.contains(byte), c.is_ascii_alphabetic(), "{c:?}");
            assert_eq!(DIGIT.contains(byte), c.is_ascii_digit(), "{c:?}");
            assert_eq!(HEX.contains(byte), c.is_ascii_hexdigit(), "{c:?}");
            let unreserved = c.is_ascii_alphanumeric() || "$-_.+!*'(),".contains(c);
            assert_eq!(UNRESERVED.contains(byte), unreserved, "{c:?}");
            assert_eq!(UCHAR.contains(byte), unreserved, "{c:?}");
            assert_eq!(
                XCHAR.contains(byte),
                unreserved || ";/?:@&=".contains(c),
                "{c:?}"
            );
            assert_eq!(USER_BODY.contains(byte), unreserved || ";?&=".contains(c));
            assert_eq!(
                SCHEME_BODY.contains(byte),
                c.is_ascii_lowercase() || c.is_ascii_digit() || "+-.".contains(c)
            );
        }
        assert!(!UNRESERVED.escape() && UCHAR.escape() && XCHAR.escape() && ESCAPE.escape());
        assert_eq!(
            XCHAR.parts(),
            [Rule::Unreserved, Rule::Reserved, Rule::Escape]
        );
        assert_eq!(GTYPE.parts(), [Rule::Xchar]);
        assert_eq!(
            HSEGMENT_BODY.expected(),
            [
                Expected::Rule(Rule::Uchar),
                Expected::Literal(";"),
                Expected::Literal(":"),
                Expected::Literal("@"),
                Expected::Literal("&"),
                Expected::Literal("=")
            ]
        );
        assert_eq!(
            Rule::Xchar.class().map(Class::expected),
            Some(&[Expected::Rule(Rule::Xchar)][..])
        );
        assert!(Rule::Hostport.class().is_none() && Rule::Digits.class().is_none());
    }

    #[test]
    fn an_escape_is_percent_and_two_hex_digits() {
        assert!(UCHAR.matches(b"%2f") && UCHAR.matches(b"%fF") && ESCAPE.matches(b"%41"));
        assert!(!UCHAR.matches(b"%2") && !UCHAR.matches(b"%4g") && !UNRESERVED.matches(b"%20"));
    }
}
