//! A [`Url`] serialized as its syntax tree, where by default it is written
//! as its text: the scheme rule's name, then its parts as written
//! (`{"ftp": {"scheme": "ftp", "login": {...}, ...}}`).
//!
//! [`Tree`] wraps a URL for a serializer; [`serialize`] is for a field
//! (`#[serde(serialize_with = "rfc1738::url::serde_tree::serialize")]`).
//! There is no way back: a tree that did not come from the grammar would
//! not be a URL, so deserialize the text.
//!
//! ```
//! use rfc1738::url::serde_tree::Tree;
//!
//! #[derive(serde::Serialize)]
//! struct Link<'a> {
//!     #[serde(serialize_with = "rfc1738::url::serde_tree::serialize")]
//!     target: rfc1738::Url<'a>,
//! }
//!
//! let url = rfc1738::parse("news:comp.infosystems.www.misc")?;
//! assert_eq!(
//!     serde_json::to_string(&Tree(url)).unwrap(),
//!     r#"{"news":{"scheme":"news","grouppart":{"group":"comp.infosystems.www.misc"}}}"#
//! );
//! assert_eq!(
//!     serde_json::to_string(&Link { target: url }).unwrap(),
//!     r#"{"target":{"news":{"scheme":"news","grouppart":{"group":"comp.infosystems.www.misc"}}}}"#
//! );
//! assert_eq!(serde_json::to_string(&url).unwrap(), r#""news:comp.infosystems.www.misc""#);
//! # Ok::<(), rfc1738::Error>(())
//! ```

use serde::{Serialize, Serializer};

use crate::ast::Url;

/// A URL that serializes as its syntax tree: see [the module](self).
///
/// ```
/// use rfc1738::url::serde_tree::Tree;
/// let url = rfc1738::parse("mailto:mduerst@ifi.unizh.ch")?;
/// assert_eq!(
///     serde_json::to_value(Tree(url)).unwrap(),
///     serde_json::json!({"mailto": {"scheme": "mailto", "encoded822addr": "mduerst@ifi.unizh.ch"}})
/// );
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tree<'a>(pub Url<'a>);

impl Serialize for Tree<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize(&self.0, serializer)
    }
}

/// Serializes `url` as its syntax tree: an enum of one variant per scheme
/// rule, named as the scheme (`http`, …, `other`), holding the parts.
///
/// # Errors
///
/// The serializer's own, passed on: every syntax tree can be written.
///
/// ```
/// #[derive(serde::Serialize)]
/// struct Bookmark<'a> {
///     #[serde(serialize_with = "rfc1738::url::serde_tree::serialize")]
///     url: rfc1738::Url<'a>,
/// }
/// let bookmark = Bookmark { url: rfc1738::parse("telnet://host.dom/")? };
/// let json = serde_json::to_value(&bookmark).unwrap();
/// assert_eq!(json["url"]["telnet"]["slash"], true);
/// # Ok::<(), rfc1738::Error>(())
/// ```
pub fn serialize<S: Serializer>(url: &Url<'_>, serializer: S) -> Result<S::Ok, S::Error> {
    let s = serializer;
    match url {
        Url::Http(url) => s.serialize_newtype_variant("Url", 0, "http", url),
        Url::Ftp(url) => s.serialize_newtype_variant("Url", 1, "ftp", url),
        Url::News(url) => s.serialize_newtype_variant("Url", 2, "news", url),
        Url::Nntp(url) => s.serialize_newtype_variant("Url", 3, "nntp", url),
        Url::Telnet(url) => s.serialize_newtype_variant("Url", 4, "telnet", url),
        Url::Gopher(url) => s.serialize_newtype_variant("Url", 5, "gopher", url),
        Url::Wais(url) => s.serialize_newtype_variant("Url", 6, "wais", url),
        Url::Mailto(url) => s.serialize_newtype_variant("Url", 7, "mailto", url),
        Url::File(url) => s.serialize_newtype_variant("Url", 8, "file", url),
        Url::Prospero(url) => s.serialize_newtype_variant("Url", 9, "prospero", url),
        Url::Other(url) => s.serialize_newtype_variant("Url", 10, "other", url),
    }
}
