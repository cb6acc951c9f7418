//! `%XX` decoding (section 2.2) and [`Decoded`], the octets a part of a URL
//! stands for.
//!
//! Section 2.2: "octets may be encoded by a character triplet consisting of
//! the character "%" followed by the two hexadecimal digits ... which forming
//! the hexadecimal value of the octet". A part of a URL is a sequence of
//! octets, not of characters: `%FF` is the octet 255, which is no UTF-8. So
//! decoding gives bytes, and a string view where those bytes are UTF-8.

use std::borrow::Cow;
use std::fmt;

use percent_encoding::percent_decode_str;

/// The octets a part of a URL stands for, its `%XX` escapes decoded: borrowed
/// from the URL when the part has no escape, owned otherwise.
///
/// The bytes are what section 2.2 says the part represents; they need not be
/// UTF-8 (`%FF`). [`Decoded::to_str`] is the lossless string view, `None`
/// when the bytes are not UTF-8; [`Decoded::to_string_lossy`] writes U+FFFD
/// for what is not.
///
/// `Decoded` also carries decoded parts into the builders
/// ([`crate::url::FtpParts`] and the others): the `From` impls take the bytes
/// as they are, decoding nothing (`Decoded::from("%41")` is three bytes).
/// Use [`decode`] to decode `%XX` escapes.
///
/// ```
/// use rfc1738::url::decode;
/// assert_eq!(decode("%2Fetc").to_str(), Some("/etc"));
/// assert!(decode("motd").is_borrowed());
/// assert_eq!(decode("%FF").to_str(), None);
/// assert_eq!(decode("%FF").as_bytes(), [0xFF]);
/// assert_eq!(decode("%FF").to_string_lossy(), "\u{FFFD}");
/// ```
///
/// It equals a `str` and bytes that hold its octets, either way round:
///
/// ```
/// use rfc1738::url::decode;
/// assert_eq!(decode("a%20b"), "a b");
/// assert_eq!("a b", decode("a%20b"));
/// assert_eq!(b"\xFF", decode("%FF"));
/// assert!(&b"a b"[..] == decode("a%20b") && *"a b" == decode("a%20b"));
/// ```
#[derive(Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Decoded<'a>(Cow<'a, [u8]>);

/// Decodes the `%XX` escapes of `text` (with percent-encoding's
/// `percent_decode`): borrows `text` when it has none.
///
/// A `%` not followed by two hex digits stays as it is; no part of a valid
/// URL has one (`escape = "%" hex hex`).
///
/// ```
/// use rfc1738::url::decode;
/// assert_eq!(decode("a%20b%2fc"), "a b/c");
/// assert_eq!(decode("100%"), "100%");
/// ```
#[must_use]
pub fn decode(text: &str) -> Decoded<'_> {
    Decoded(percent_decode_str(text).into())
}

/// Whether `text` has an escape: in a part of a valid URL, whose characters
/// are all printable ASCII, only an escape decodes to a control character
/// (a TAB, CR or LF that a request cannot carry). Found with memchr, so
/// that a part without one is checked at that speed.
pub(crate) fn has_escape(text: &str) -> bool {
    memchr::memchr(b'%', text.as_bytes()).is_some()
}

impl<'a> Decoded<'a> {
    /// The octets.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// The octets, borrowed from the URL when there was nothing to decode.
    #[must_use]
    pub fn into_bytes(self) -> Cow<'a, [u8]> {
        self.0
    }

    /// The octets as text, when they are UTF-8; `None` when they are not
    /// (`%FF`). Nothing is replaced: this view is lossless.
    #[must_use]
    pub fn to_str(&self) -> Option<&str> {
        core::str::from_utf8(&self.0).ok()
    }

    /// The octets as text, U+FFFD standing for what is not UTF-8.
    #[must_use]
    pub fn to_string_lossy(&self) -> Cow<'_, str> {
        String::from_utf8_lossy(&self.0)
    }

    /// The octets as text with the URL's lifetime, when they are UTF-8:
    /// borrowed from the URL when there was nothing to decode, so that a
    /// function can return what it decoded from a `Url<'a>`.
    ///
    /// # Errors
    ///
    /// When the octets are not UTF-8 (`%FF`): the `Err` gives them back.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use rfc1738::Url;
    ///
    /// fn user<'a>(url: &Url<'a>) -> Option<Cow<'a, str>> {
    ///     url.login()?.user_decoded()?.into_str().ok()
    /// }
    /// let url = rfc1738::parse("ftp://myname@host.dom/")?;
    /// assert!(matches!(user(&url), Some(Cow::Borrowed("myname"))));
    /// let url = rfc1738::parse("ftp://my%20name@host.dom/")?;
    /// assert_eq!(user(&url).as_deref(), Some("my name"));
    /// let url = rfc1738::parse("ftp://%FF@host.dom/")?;
    /// let octets = url.login().and_then(|login| login.user_decoded()).unwrap();
    /// assert_eq!(octets.into_str().unwrap_err().as_bytes(), b"\xFF");
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    pub fn into_str(self) -> Result<Cow<'a, str>, Decoded<'a>> {
        match self.0 {
            Cow::Borrowed(bytes) => core::str::from_utf8(bytes)
                .map(Cow::Borrowed)
                .map_err(|_| Decoded(Cow::Borrowed(bytes))),
            Cow::Owned(bytes) => String::from_utf8(bytes)
                .map(Cow::Owned)
                .map_err(|error| Decoded(Cow::Owned(error.into_bytes()))),
        }
    }

    /// The octets as text with the URL's lifetime, U+FFFD standing for what
    /// is not UTF-8: borrowed from the URL when there was nothing to decode
    /// or replace.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use rfc1738::url::decode;
    /// assert!(matches!(decode("motd").into_string_lossy(), Cow::Borrowed("motd")));
    /// assert_eq!(decode("a%FFb").into_string_lossy(), "a\u{FFFD}b");
    /// ```
    #[must_use]
    pub fn into_string_lossy(self) -> Cow<'a, str> {
        match self.into_str() {
            Ok(text) => text,
            Err(Decoded(bytes)) => Cow::Owned(String::from_utf8_lossy(&bytes).into_owned()),
        }
    }

    /// Whether the octets are borrowed from the URL (the part had no escape).
    #[must_use]
    pub fn is_borrowed(&self) -> bool {
        matches!(self.0, Cow::Borrowed(_))
    }

    /// The number of octets.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there is no octet.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The same octets, owned.
    #[must_use]
    pub fn into_owned(self) -> Decoded<'static> {
        Decoded(Cow::Owned(self.0.into_owned()))
    }
}

impl fmt::Debug for Decoded<'_> {
    /// As a string literal, non-UTF-8 bytes as `\xNN`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_str() {
            Some(text) => write!(f, "{text:?}"),
            None => write!(f, "b\"{}\"", self.0.escape_ascii()),
        }
    }
}

impl AsRef<[u8]> for Decoded<'_> {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl<'a> From<&'a str> for Decoded<'a> {
    /// The bytes of `text`, as they are (no `%XX` decoding: see [`decode`]).
    fn from(text: &'a str) -> Self {
        Decoded(Cow::Borrowed(text.as_bytes()))
    }
}

impl<'a> From<&'a [u8]> for Decoded<'a> {
    /// The bytes, as they are.
    fn from(bytes: &'a [u8]) -> Self {
        Decoded(Cow::Borrowed(bytes))
    }
}

impl<'a, const N: usize> From<&'a [u8; N]> for Decoded<'a> {
    /// The bytes, as they are.
    fn from(bytes: &'a [u8; N]) -> Self {
        Decoded(Cow::Borrowed(bytes))
    }
}

impl From<String> for Decoded<'static> {
    /// The bytes of `text`, as they are.
    fn from(text: String) -> Self {
        Decoded(Cow::Owned(text.into_bytes()))
    }
}

impl From<Vec<u8>> for Decoded<'static> {
    /// The bytes, as they are.
    fn from(bytes: Vec<u8>) -> Self {
        Decoded(Cow::Owned(bytes))
    }
}

impl<'a> From<Cow<'a, [u8]>> for Decoded<'a> {
    /// The bytes, as they are.
    fn from(bytes: Cow<'a, [u8]>) -> Self {
        Decoded(bytes)
    }
}

impl PartialEq<[u8]> for Decoded<'_> {
    fn eq(&self, other: &[u8]) -> bool {
        *self.0 == *other
    }
}

impl PartialEq<str> for Decoded<'_> {
    fn eq(&self, other: &str) -> bool {
        *self.0 == *other.as_bytes()
    }
}

impl PartialEq<&str> for Decoded<'_> {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == *other.as_bytes()
    }
}

impl<const N: usize> PartialEq<[u8; N]> for Decoded<'_> {
    fn eq(&self, other: &[u8; N]) -> bool {
        *self.0 == *other
    }
}

impl<const N: usize> PartialEq<&[u8; N]> for Decoded<'_> {
    fn eq(&self, other: &&[u8; N]) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<&[u8]> for Decoded<'_> {
    fn eq(&self, other: &&[u8]) -> bool {
        *self.0 == **other
    }
}

// The same comparisons the other way round: `"a b" == decode("a%20b")`.

impl PartialEq<Decoded<'_>> for [u8] {
    fn eq(&self, other: &Decoded<'_>) -> bool {
        *other == *self
    }
}

impl PartialEq<Decoded<'_>> for str {
    fn eq(&self, other: &Decoded<'_>) -> bool {
        *other == *self
    }
}

impl PartialEq<Decoded<'_>> for &str {
    fn eq(&self, other: &Decoded<'_>) -> bool {
        *other == *self
    }
}

impl<const N: usize> PartialEq<Decoded<'_>> for [u8; N] {
    fn eq(&self, other: &Decoded<'_>) -> bool {
        *other == *self
    }
}

impl<const N: usize> PartialEq<Decoded<'_>> for &[u8; N] {
    fn eq(&self, other: &Decoded<'_>) -> bool {
        *other == *self
    }
}

impl PartialEq<Decoded<'_>> for &[u8] {
    fn eq(&self, other: &Decoded<'_>) -> bool {
        *other == *self
    }
}

/// With the `serde` feature, a [`Decoded`] is written in a human-readable
/// format (JSON) as a string when its octets are UTF-8, and as a sequence of
/// byte values when they are not (`"/etc"`, `[255]`): lossless either way.
/// It is read back from either. A compact format (one whose serializer is
/// not [human-readable](serde::Serializer::is_human_readable): postcard,
/// bincode) gets the octets as a byte string, and is read with
/// `deserialize_byte_buf`, which such a format without `deserialize_any`
/// answers; a string or a sequence of byte values is taken there too.
#[cfg(feature = "serde")]
mod serde_impl {
    use super::Decoded;
    use serde::de::{self, SeqAccess, Visitor};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use std::borrow::Cow;
    use std::fmt;

    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl Serialize for Decoded<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            if !serializer.is_human_readable() {
                return serializer.serialize_bytes(self.as_bytes());
            }
            match self.to_str() {
                Some(text) => serializer.serialize_str(text),
                None => serializer.collect_seq(self.as_bytes()),
            }
        }
    }

    /// Reads a string, a byte string or a sequence of byte values.
    struct DecodedVisitor;

    impl<'de> Visitor<'de> for DecodedVisitor {
        type Value = Decoded<'static>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a string, a byte string or a sequence of byte values")
        }

        fn visit_str<E: de::Error>(self, text: &str) -> Result<Self::Value, E> {
            Ok(Decoded(Cow::Owned(text.as_bytes().to_vec())))
        }

        fn visit_string<E: de::Error>(self, text: String) -> Result<Self::Value, E> {
            Ok(Decoded(Cow::Owned(text.into_bytes())))
        }

        fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Self::Value, E> {
            Ok(Decoded(Cow::Owned(bytes.to_vec())))
        }

        fn visit_byte_buf<E: de::Error>(self, bytes: Vec<u8>) -> Result<Self::Value, E> {
            Ok(Decoded(Cow::Owned(bytes)))
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            // The hint comes from the input: reserve no more than a page on its word.
            let mut bytes = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
            while let Some(byte) = seq.next_element::<u8>()? {
                bytes.push(byte);
            }
            Ok(Decoded(Cow::Owned(bytes)))
        }
    }

    /// Always owned: a borrowed `Decoded` would tie the value to the
    /// deserializer's input for no gain in the builders that take it.
    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl<'de, 'a> Deserialize<'de> for Decoded<'a> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            if deserializer.is_human_readable() {
                // A string or an array: the input says which.
                deserializer.deserialize_any(DecodedVisitor)
            } else {
                deserializer.deserialize_byte_buf(DecodedVisitor)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_decode_in_either_case_and_the_rest_stays() {
        assert_eq!(decode("%2f%2F%41a"), "//Aa");
        assert_eq!(decode("%4g"), "%4g");
        assert_eq!(decode("%"), "%");
        assert_eq!(decode("%0D%0A"), b"\r\n");
        assert!(!decode("%41").is_borrowed());
        assert!(decode("").is_empty());
    }

    #[test]
    fn strs_and_bytes_compare_either_way_round() {
        let decoded = decode("a%20b");
        let (text, bytes): (&str, &[u8]) = ("a b", b"a b");
        assert_eq!(*text, decoded);
        assert_eq!(text, decoded);
        assert_eq!(*bytes, decoded);
        assert_eq!(bytes, decoded);
        assert_eq!(*b"a b", decoded);
        assert_eq!(b"a b", decoded);
        assert_ne!("a%20b", decode("a%20b"));
        assert_ne!("\u{FFFD}", decode("%FF"));
        assert_eq!(b"\xFF", decode("%FF"));
    }

    #[test]
    fn debug_shows_text_or_escaped_bytes() {
        assert_eq!(format!("{:?}", decode("a%20b")), r#""a b""#);
        assert_eq!(format!("{:?}", decode("a%FF")), r#"b"a\xff""#);
    }
}
