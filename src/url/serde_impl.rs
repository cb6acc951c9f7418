//! With the `serde` feature: a URL is written as its text and read through
//! the grammar; [`serde_tree`](super::serde_tree) writes the syntax tree.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::{Serialize, Serializer};

use super::buf::UrlBuf;
use crate::ast::Url;
use crate::{Error, parse};

/// The deserialization error of a text the grammar rejects: the error's
/// one-line account, its password hidden (a deserialization error tends to
/// end up in a log), with its position said to be the URL's, since the
/// format may name a position of its own in its document after it (`...
/// found "a" at 1:14 of the URL at line 3 column 20`).
#[cold]
fn invalid<E: de::Error>(mut error: Error) -> E {
    error.hide_password();
    E::custom(format_args!("{error} of the URL"))
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Url<'_> {
    /// The URL as written (`"ftp://host.dom/pub"`). `Deserialize` reads the
    /// text back through [`crate::parse`]: a `Url` that `parse` gave comes
    /// back equal, and one the [`grammar`](crate::grammar)'s own
    /// combinators read by another rule than its scheme's does not round
    /// trip (`http://user@host/`, an `otherurl` to the grammar's `url`, is
    /// written and then rejected; `ftp://host.dom/pub` read as an
    /// `otherurl` comes back an ftp URL), as [`Url::to_url_buf`] says.
    ///
    /// ```
    /// use rfc1738::nom::Parser;
    /// use rfc1738::grammar::{Quiet, generic::url};
    ///
    /// let (_, read) = url(Quiet).parse_complete("http://user@host/").unwrap();
    /// let json = serde_json::to_string(&read).unwrap();
    /// assert_eq!(json, r#""http://user@host/""#);
    /// assert!(serde_json::from_str::<rfc1738::Url<'_>>(&json).is_err());
    /// ```
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for UrlBuf {
    /// The URL as written (`"ftp://host.dom/pub"`).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de: 'a, 'a> Deserialize<'de> for Url<'a> {
    /// A string borrowed from the deserializer's input, parsed: an input
    /// the grammar rejects is an error naming the position. A format that
    /// cannot lend its strings (a JSON string with an escape, a reader)
    /// cannot give a `Url`: deserialize a [`UrlBuf`] there.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <&'de str>::deserialize(deserializer)?;
        parse(text).map_err(invalid)
    }
}

/// Reads a [`UrlBuf`] from a string, owned or not.
struct UrlBufVisitor;

impl Visitor<'_> for UrlBufVisitor {
    type Value = UrlBuf;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a URL as a string")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<UrlBuf, E> {
        UrlBuf::parse(text).map_err(invalid)
    }

    fn visit_string<E: de::Error>(self, text: String) -> Result<UrlBuf, E> {
        UrlBuf::try_from(text).map_err(|rejected| invalid(rejected.into_error()))
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for UrlBuf {
    /// A string, parsed: an input the grammar rejects is an error naming
    /// the position.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_string(UrlBufVisitor)
    }
}
