//! `%XX` encoding (section 2.2) with percent-encoding's [`AsciiSet`]s,
//! each made from a character class of the grammar's tables
//! ([`crate::charset`]): the builder's encoder and the canonical form encode
//! exactly what the grammar does not let stand for itself, with one set per
//! component, shared by both.

use percent_encoding::{AsciiSet, percent_encode};

use crate::charset::{self, Class};

/// The octets a component writes `%XX`: all but the single characters of
/// its production's class or repetition body (the tables `build.rs`
/// generates from the grammar file), which stand for themselves. Each set
/// holds the characters section 3 reserves in its component, and nothing
/// else the grammar lets stand for itself there.
///
/// `user`, `password`: `uchar | ";" | "?" | "&" | "="` (`:`, `@`, `/` must be
/// encoded, 3.1).
pub(super) static USER: AsciiSet = outside(&charset::USER_BODY);
/// `fsegment`: `uchar | "?" | ":" | "@" | "&" | "="` (`/` and `;` reserved,
/// 3.2.2).
pub(super) static FSEGMENT: AsciiSet = outside(&charset::FSEGMENT_BODY);
/// A piece of an http `hsegment` or `search`: their body less `;`, which
/// 3.3 reserves with `/` and `?`, and which separates the pieces.
pub(super) static HTTP: AsciiSet = outside(&charset::HSEGMENT_BODY.without(b";"));
/// `search` (gopher, wais): `uchar | ";" | ":" | "@" | "&" | "="`.
pub(super) static SEARCH: AsciiSet = outside(&charset::SEARCH_BODY);
/// `xchar` (gopher type, selector, Gopher+ string; mailto): nothing
/// reserved.
pub(super) static XCHAR: AsciiSet = outside(&charset::XCHAR);
/// An article's first part: `uchar | ";" | "/" | "?" | ":" | "&" | "="`.
pub(super) static ARTICLE: AsciiSet = outside(&charset::ARTICLE_BODY);
/// `uchar` (wais `database`, `wtype`, `wpath`).
pub(super) static UCHAR: AsciiSet = outside(&charset::UCHAR);
/// A prospero hsoname: `psegment`s and the `/` between them, which "may
/// appear in the `<hsoname>` without quoting" (3.11).
pub(super) static HSONAME: AsciiSet = outside(&charset::PSEGMENT_BODY.with(b"/"));
/// `fieldname`, `fieldvalue`: `uchar | "?" | ":" | "@" | "&"`.
pub(super) static FIELD: AsciiSet = outside(&charset::FIELDNAME_BODY);

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
