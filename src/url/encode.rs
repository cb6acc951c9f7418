//! `%XX` encoding (section 2.2) with percent-encoding's [`AsciiSet`]s,
//! each made from a character class of the grammar's tables
//! ([`crate::charset`]): the builder's encoder and the canonical form encode
//! exactly what the grammar does not let stand for itself.

use percent_encoding::{AsciiSet, percent_encode};

use crate::charset::Class;

/// The octets to write `%XX` where `allowed`'s single characters stand for
/// themselves: every US-ASCII octet outside the class (`%` included: a
/// class with escapes holds it only as their start). `percent_encode`
/// encodes every octet outside US-ASCII whatever the set.
pub(super) const fn outside(allowed: &Class) -> AsciiSet {
    let mut set = AsciiSet::EMPTY;
    let mut byte = 0;
    while byte < 0x80 {
        if !allowed.contains(byte) {
            set = set.add(byte);
        }
        byte += 1;
    }
    set
}

/// Appends `bytes`, each octet in `set` as `%XX` (upper-case hex digits, as
/// section 2.2 lists them first) and every other one as its character.
pub(super) fn encode(out: &mut String, bytes: &[u8], set: &'static AsciiSet) {
    out.extend(percent_encode(bytes, set));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charset;

    static UCHAR: AsciiSet = outside(&charset::UCHAR);

    #[test]
    fn a_class_encodes_what_it_does_not_hold() {
        let mut out = String::new();
        encode(&mut out, b"a-Z9/%\t\xE9 ;", &UCHAR);
        assert_eq!(out, "a-Z9%2F%25%09%E9%20%3B");
        for byte in 0..=255u8 {
            let mut out = String::new();
            encode(&mut out, &[byte], &UCHAR);
            let kept = charset::UCHAR.contains(byte);
            assert_eq!(out.len() == 1, kept, "{byte:#x}");
            assert!(kept || out == format!("%{byte:02X}"), "{byte:#x}");
        }
    }
}
