//! Building URLs from their decoded parts, and taking parsed URLs apart into
//! them: one `…Parts` type per scheme, all under [`Parts`].

use std::borrow::Cow;
use std::fmt::Write as _;

use percent_encoding::AsciiSet;

use super::buf::UrlBuf;
use super::decode::Decoded;
use super::encode::{ARTICLE, FIELD, FSEGMENT, HSONAME, HTTP, SEARCH, UCHAR, USER, XCHAR, encode};
use super::errors::{BuildError, OutOfRange};
use super::ftp::Typecode;
use crate::ast::Hostport;
use crate::ast::Url;
use crate::ast::{
    FileHost, FileUrl, FtpUrl, GenericUrl, GopherUrl, Grouppart, HttpUrl, MailtoUrl, NewsUrl,
    NntpUrl, ProsperoUrl, TelnetUrl, WaisUrl,
};
use crate::{Rule, parse_rule, scheme_rule};

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// A user name and an optional password (section 3.1), decoded.
///
/// ```
/// use rfc1738::url::{FtpParts, Userinfo};
/// let parts = FtpParts {
///     userinfo: Some(Userinfo::with_password("me@home", "p/w")),
///     ..FtpParts::new("host.dom")
/// };
/// assert_eq!(parts.build()?, "ftp://me%40home:p%2Fw@host.dom");
/// # Ok::<(), rfc1738::url::BuildError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Userinfo<'a> {
    /// The user name; may be empty, which differs from none (3.1).
    pub user: Decoded<'a>,
    /// The password, if any ("there is no way to specify a password without
    /// specifying a user name").
    pub password: Option<Decoded<'a>>,
}

impl<'a> Userinfo<'a> {
    /// A user name without a password.
    #[must_use]
    pub fn new(user: impl Into<Decoded<'a>>) -> Self {
        Userinfo {
            user: user.into(),
            password: None,
        }
    }

    /// A user name and a password.
    #[must_use]
    pub fn with_password(user: impl Into<Decoded<'a>>, password: impl Into<Decoded<'a>>) -> Self {
        Userinfo {
            user: user.into(),
            password: Some(password.into()),
        }
    }
}

/// The parts of an http URL (section 3.3).
///
/// "Within the `<path>` and `<searchpart>` components, "/", ";", "?" are
/// reserved", and the grammar lets `;` stand for itself there (`hsegment`
/// and `search` hold `";"`): `a;b` and `a%3Bb` are different URLs (section
/// 2.2: "encoding a character reserved for a particular scheme may change
/// the semantics of a URL"). So each segment, and the search, is held as the
/// pieces a `;` separates, each decoded: `a;b` is the pieces `a` and `b`,
/// `a%3Bb` the one piece `a;b`. `build` joins the pieces with `;` and writes
/// a `;` inside a piece as `%3B` ([decisions](crate::decisions), D29).
///
/// ```
/// use rfc1738::url::HttpParts;
/// let parts = HttpParts {
///     path: Some(vec![vec!["a b".into()], vec!["c;d".into(), "e".into()]]),
///     search: Some(vec!["x?y".into(), "z".into()]),
///     ..HttpParts::new("host.dom")
/// };
/// assert_eq!(parts.build()?, "http://host.dom/a%20b/c%3Bd;e?x%3Fy;z");
/// # Ok::<(), rfc1738::url::BuildError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct HttpParts<'a> {
    /// The host: a `hostname` or `hostnumber`, never encoded.
    pub host: Cow<'a, str>,
    /// The port, if the URL writes one.
    pub port: Option<u16>,
    /// The path's segments, if the URL has a `/` after the host (at least
    /// one, possibly empty), each as its `;`-separated pieces (at least one,
    /// possibly empty), decoded: `/a;b/c` is `[["a", "b"], ["c"]]`.
    pub path: Option<Vec<Vec<Decoded<'a>>>>,
    /// The search's `;`-separated pieces (at least one, possibly empty),
    /// decoded; needs a path (`http://host/?q`).
    pub search: Option<Vec<Decoded<'a>>>,
}

/// The parts of an ftp URL (section 3.2).
///
/// ```
/// use rfc1738::url::{FtpParts, Typecode};
/// let parts = FtpParts {
///     port: Some(2121),
///     path: Some(vec!["pub".into(), "file.txt".into()]),
///     typecode: Some(Typecode::Ascii),
///     ..FtpParts::new("host.dom")
/// };
/// assert_eq!(parts.build()?, "ftp://host.dom:2121/pub/file.txt;type=a");
/// # Ok::<(), rfc1738::url::BuildError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct FtpParts<'a> {
    /// The user and password; `None` is the anonymous convention (3.2.1).
    pub userinfo: Option<Userinfo<'a>>,
    /// The host.
    pub host: Cow<'a, str>,
    /// The port, if the URL writes one.
    pub port: Option<u16>,
    /// The path's segments, decoded: `<cwd1>`, …, `<name>`.
    pub path: Option<Vec<Decoded<'a>>>,
    /// The typecode; needs a path.
    pub typecode: Option<Typecode>,
}

/// The parts of a news URL (section 3.6).
///
/// ```
/// use rfc1738::url::NewsParts;
/// let article = NewsParts::Article { unique: "1@2".into(), host: "host.dom".into() };
/// assert_eq!(article.build()?, "news:1%402@host.dom");
/// assert_eq!(NewsParts::All.build()?, "news:*");
/// # Ok::<(), rfc1738::url::BuildError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum NewsParts<'a> {
    /// `news:*`.
    All,
    /// A news group: a `group`, never encoded.
    Group(Cow<'a, str>),
    /// An article: its message-id `<unique>@<host>`.
    Article {
        /// The `<unique>` part, decoded; at least one octet.
        unique: Decoded<'a>,
        /// The host after the `@`.
        host: Cow<'a, str>,
    },
}

/// The parts of an nntp URL (section 3.7).
///
/// ```
/// use rfc1738::url::NntpParts;
/// let parts = NntpParts { article: Some(42), ..NntpParts::new("news.dom", "comp.lang.misc") };
/// assert_eq!(parts.build()?, "nntp://news.dom/comp.lang.misc/42");
/// # Ok::<(), rfc1738::url::BuildError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct NntpParts<'a> {
    /// The host.
    pub host: Cow<'a, str>,
    /// The port, if the URL writes one.
    pub port: Option<u16>,
    /// The news group: a `group`, never encoded.
    pub group: Cow<'a, str>,
    /// The article number.
    pub article: Option<u64>,
}

/// The parts of a telnet URL (section 3.8). The URL is written with its
/// final `/`, which section 3.8 makes optional.
///
/// ```
/// use rfc1738::url::{TelnetParts, Userinfo};
/// let parts = TelnetParts {
///     userinfo: Some(Userinfo::new("guest")),
///     port: Some(2323),
///     ..TelnetParts::new("host.dom")
/// };
/// assert_eq!(parts.build()?, "telnet://guest@host.dom:2323/");
/// # Ok::<(), rfc1738::url::BuildError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct TelnetParts<'a> {
    /// The advisory user and password.
    pub userinfo: Option<Userinfo<'a>>,
    /// The host.
    pub host: Cow<'a, str>,
    /// The port, if the URL writes one.
    pub port: Option<u16>,
}

/// The parts of a gopher URL (section 3.4). The URL is always written with
/// its type (`gopher://host/1`), which an empty gopher-path leaves implicit.
///
/// ```
/// use rfc1738::url::GopherParts;
/// let parts = GopherParts {
///     gopher_type: b'7',
///     selector: "/search".into(),
///     search: Some("rfc 1738".into()),
///     ..GopherParts::new("host.dom")
/// };
/// assert_eq!(parts.build()?, "gopher://host.dom/7/search%09rfc%201738");
/// # Ok::<(), rfc1738::url::BuildError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct GopherParts<'a> {
    /// The host.
    pub host: Cow<'a, str>,
    /// The port, if the URL writes one.
    pub port: Option<u16>,
    /// The Gopher type octet (`b'1'` for a directory). With `serde`, a
    /// one-octet string (`"1"`), or `[byte]` when it is not UTF-8.
    #[cfg_attr(feature = "serde", serde(with = "gopher_type_serde"))]
    pub gopher_type: u8,
    /// The selector, decoded. A TAB ends it in a URL (3.4): it may contain
    /// one only without a search, and only when a `/` or `?` follows it
    /// before the next TAB (see [decisions](crate::decisions), D14).
    pub selector: Decoded<'a>,
    /// The search, decoded; it may not contain TAB.
    pub search: Option<Decoded<'a>>,
    /// The Gopher+ string, decoded; needs a search (3.4.3: "the %09`<search>`
    /// string must be supplied, although the `<search>` element may be the
    /// empty string").
    pub gopher_plus: Option<Decoded<'a>>,
}

/// The three forms of a wais URL (section 3.9).
///
/// ```
/// use rfc1738::url::{WaisForm, WaisParts};
/// let search = WaisParts { form: WaisForm::Search("a b".into()), ..WaisParts::new("host.dom", "db") };
/// assert_eq!(search.build()?, "wais://host.dom/db?a%20b");
/// let document = WaisParts {
///     form: WaisForm::Document { wtype: "text".into(), wpath: "id/1".into() },
///     ..WaisParts::new("host.dom", "db")
/// };
/// assert_eq!(document.build()?, "wais://host.dom/db/text/id%2F1");
/// # Ok::<(), rfc1738::url::BuildError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum WaisForm<'a> {
    /// `wais://host/database`: a database available for searching.
    Database,
    /// `wais://host/database?search`: a search, decoded.
    Search(Decoded<'a>),
    /// `wais://host/database/wtype/wpath`: a document.
    Document {
        /// The WAIS type of the document, decoded.
        wtype: Decoded<'a>,
        /// The document-id, decoded.
        wpath: Decoded<'a>,
    },
}

/// The parts of a wais URL (section 3.9).
///
/// ```
/// use rfc1738::url::WaisParts;
/// assert_eq!(WaisParts::new("host.dom", "my db").build()?, "wais://host.dom/my%20db");
/// # Ok::<(), rfc1738::url::BuildError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct WaisParts<'a> {
    /// The host.
    pub host: Cow<'a, str>,
    /// The port, if the URL writes one.
    pub port: Option<u16>,
    /// The database name, decoded.
    pub database: Decoded<'a>,
    /// Which of the three forms.
    pub form: WaisForm<'a>,
}

/// The parts of a mailto URL (section 3.5).
///
/// ```
/// use rfc1738::url::MailtoParts;
/// let parts = MailtoParts::new("Mr. Jones <jones@host.dom>");
/// assert_eq!(parts.build()?, "mailto:Mr.%20Jones%20%3Cjones@host.dom%3E");
/// # Ok::<(), rfc1738::url::BuildError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct MailtoParts<'a> {
    /// The RFC 822 address, decoded; at least one octet.
    pub address: Decoded<'a>,
}

/// The parts of a file URL (section 3.10).
///
/// ```
/// use rfc1738::url::FileParts;
/// let local = FileParts::new(vec!["etc".into(), "motd".into()]);
/// assert_eq!(local.build()?, "file:///etc/motd");
/// let remote = FileParts { host: Some("vms.host.edu".into()), ..local };
/// assert_eq!(remote.build()?, "file://vms.host.edu/etc/motd");
/// # Ok::<(), rfc1738::url::BuildError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct FileParts<'a> {
    /// The host: `None` for the empty host, `Some("localhost")` for the
    /// literal, both "the machine from which the URL is being interpreted".
    pub host: Option<Cow<'a, str>>,
    /// The path's segments, decoded: at least one.
    pub path: Vec<Decoded<'a>>,
}

/// The parts of a prospero URL (section 3.11).
///
/// ```
/// use rfc1738::url::ProsperoParts;
/// let parts = ProsperoParts {
///     fields: vec![("version".into(), "2".into())],
///     ..ProsperoParts::new("host.dom", "/pros/my name")
/// };
/// assert_eq!(parts.build()?, "prospero://host.dom//pros/my%20name;version=2");
/// # Ok::<(), rfc1738::url::BuildError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct ProsperoParts<'a> {
    /// The host.
    pub host: Cow<'a, str>,
    /// The port, if the URL writes one.
    pub port: Option<u16>,
    /// The hsoname, decoded; its `/`s are written as they are.
    pub hsoname: Decoded<'a>,
    /// The field names and values, decoded, in order.
    pub fields: Vec<(Decoded<'a>, Decoded<'a>)>,
}

/// The parts of a URL of any other scheme: as written, since which
/// characters another scheme reserves, and so what decoding would lose, is
/// that scheme's business.
///
/// ```
/// use rfc1738::url::{BuildError, OtherParts};
/// assert_eq!(OtherParts::new("x-my", "any:thing").build()?, "x-my:any:thing");
/// let defined = OtherParts::new("http", "//host.dom/").build().unwrap_err();
/// assert!(matches!(defined, BuildError::DefinedScheme(_)));
/// # Ok::<(), BuildError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct OtherParts<'a> {
    /// The scheme name, in lower case (`scheme`; section 2.1 makes case
    /// irrelevant, and the grammar writes it in lower case).
    pub scheme: Cow<'a, str>,
    /// The scheme-specific part as written (`*xchar`).
    pub schemepart: Cow<'a, str>,
}

/// The decoded parts of a URL of any scheme: what [`Url::to_parts`] gives and
/// [`Parts::build`] writes back.
///
/// A parts value holds what a URL means, not how it is written: decoded
/// octets ([`Decoded`]), hosts, numbers. `build` writes the URL, encoding in
/// each component exactly the octets that must be encoded there (section
/// 2.2):
///
/// - `%`, the unsafe characters, the controls and every octet outside
///   US-ASCII, everywhere;
/// - the characters each component reserves: `:`, `@` and `/` in a user
///   name or password (3.1), `/` and `;` in an ftp or file path segment
///   (3.2.2), `/`, `;` and `?` in a piece of an http path segment or search
///   (3.3: the pieces are what an unencoded `;` separates, [`HttpParts`]),
///   `;` in a prospero hsoname (3.11), `;` and `=` in its field names and
///   values, `@` in a news article's `<unique>`;
/// - whatever else the component's production does not allow unencoded (a
///   wais database is `*uchar`, so every reserved character is encoded; a
///   gopher search has no `/` or `?`).
///
/// Nothing else is encoded: `mailto:` and the gopher selector reserve no
/// character (3.5, 3.4.1). The result is a [`UrlBuf`], a text that
/// [`crate::parse`] accepts (`as_url()` reads it, with no error to handle),
/// and it decodes back to the same parts: `parts.build()` then `to_parts()`
/// is the identity, which the crate's tests check on generated parts of
/// every scheme. Parts that no URL can express are a [`BuildError`]. Parts
/// that a URL expresses but whose meaning fails are built all the same, as
/// [`crate::parse`] accepts such URLs: an FTP path segment holding a CR,
/// which no command line can send, or an empty file name under `;type=i`.
/// The URL's [`semantic_errors`](crate::Url::semantic_errors) say what
/// fails.
///
/// The other way round, `to_parts()` then `build()` writes a URL that means
/// what the parsed one means: where a component lets a character it
/// reserves stand for itself (only `;` in an http path or search), the
/// parts keep it apart from its escape ([decisions](crate::decisions),
/// D29). The URL written may differ in what does not change the meaning:
/// escapes of characters the component does not reserve are decoded, the
/// others' hex digits are in upper case, a gopher URL gets its type and a
/// telnet URL its final `/`, a port or an nntp article number loses its
/// leading zeros.
///
/// ```
/// use rfc1738::url::{FtpParts, Userinfo};
/// let parts = FtpParts {
///     userinfo: Some(Userinfo::new("myname")),
///     path: Some(vec!["/etc".into(), "motd".into()]),
///     ..FtpParts::new("host.dom")
/// };
/// let url = parts.build()?;
/// assert_eq!(url, "ftp://myname@host.dom/%2Fetc/motd");
/// assert_eq!(url.as_url().login().and_then(|login| login.user()), Some("myname"));
///
/// // Built, and told of by its semantic errors: no RETR line can send a CR.
/// let url = FtpParts { path: Some(vec!["a\rb".into()]), ..FtpParts::new("h") }.build()?;
/// assert_eq!(url, "ftp://h/a%0Db");
/// assert_eq!(url.as_url().semantic_errors().len(), 1);
/// # Ok::<(), rfc1738::url::BuildError>(())
/// ```
///
/// Each scheme's parts convert into `Parts` (`From`):
///
/// ```
/// use rfc1738::url::{HttpParts, Parts};
/// let parts: Parts<'_> = HttpParts::new("host.dom").into();
/// assert_eq!(parts, Parts::Http(HttpParts::new("host.dom")));
/// assert_eq!(parts.build()?, "http://host.dom");
/// # Ok::<(), rfc1738::url::BuildError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Parts<'a> {
    /// An http URL.
    Http(HttpParts<'a>),
    /// An ftp URL.
    Ftp(FtpParts<'a>),
    /// A news URL.
    News(NewsParts<'a>),
    /// An nntp URL.
    Nntp(NntpParts<'a>),
    /// A telnet URL.
    Telnet(TelnetParts<'a>),
    /// A gopher URL.
    Gopher(GopherParts<'a>),
    /// A wais URL.
    Wais(WaisParts<'a>),
    /// A mailto URL.
    Mailto(MailtoParts<'a>),
    /// A file URL.
    File(FileParts<'a>),
    /// A prospero URL.
    Prospero(ProsperoParts<'a>),
    /// A URL of another scheme.
    Other(OtherParts<'a>),
}

// ---------------------------------------------------------------------------
// Encoding

/// Appends the segments of a path, `/` between them.
fn encode_path(
    out: &mut String,
    segments: &[Decoded<'_>],
    set: &'static AsciiSet,
) -> Result<(), BuildError> {
    if segments.is_empty() {
        return Err(BuildError::Empty {
            part: "path",
            production: "a path (fsegment *[ \"/\" fsegment ])",
            what: "segment, possibly empty",
        });
    }
    for (index, segment) in segments.iter().enumerate() {
        if index > 0 {
            out.push('/');
        }
        encode(out, segment.as_bytes(), set);
    }
    Ok(())
}

/// Appends the pieces of an http segment or search, `;` between them: the
/// `;` that 3.3 reserves there, which a piece writes `%3B`.
fn encode_pieces(
    out: &mut String,
    (part, production): (&'static str, &'static str),
    pieces: &[Decoded<'_>],
) -> Result<(), BuildError> {
    if pieces.is_empty() {
        return Err(BuildError::Empty {
            part,
            production,
            what: "piece, possibly empty",
        });
    }
    for (index, piece) in pieces.iter().enumerate() {
        if index > 0 {
            out.push(';');
        }
        encode(out, piece.as_bytes(), &HTTP);
    }
    Ok(())
}

/// Checks that `value` is a string of `rule`.
fn check(part: &'static str, value: &str, rule: Rule) -> Result<(), BuildError> {
    parse_rule(rule, value)
        .map(|_| ())
        .map_err(|error| BuildError::not_a(part, value, rule, error))
}

/// Appends `host[:port]`.
fn write_hostport(out: &mut String, host: &str, port: Option<u16>) -> Result<(), BuildError> {
    check("host", host, Rule::Host)?;
    out.push_str(host);
    if let Some(port) = port {
        let _ = write!(out, ":{port}");
    }
    Ok(())
}

/// Appends `[user[:password]@]`.
fn write_userinfo(out: &mut String, userinfo: Option<&Userinfo<'_>>) {
    if let Some(userinfo) = userinfo {
        encode(out, userinfo.user.as_bytes(), &USER);
        if let Some(password) = &userinfo.password {
            out.push(':');
            encode(out, password.as_bytes(), &USER);
        }
        out.push('@');
    }
}

/// Refuses a TAB in a gopher selector or search: `%09` ends them.
fn no_tab(part: &'static str, value: &[u8]) -> Result<(), BuildError> {
    if value.contains(&b'\t') {
        return Err(BuildError::Separator {
            part,
            byte: b'\t',
            section: "3.4",
        });
    }
    Ok(())
}

/// Whether a selector's TABs, written `%09`, stay in the selector when the
/// URL is read back: only without a search, and only when what follows the
/// first TAB, up to the next one, is no `search` (it has a `/` or a `?`,
/// which the selector writes as they are). Otherwise the first `%09` would
/// end the selector ([decisions](crate::decisions), D14). Section 3.4.1 forbids TAB
/// in a selector sent to a server ([`crate::url::GopherUrl::request`]
/// refuses it), but such URLs parse, and their parts build back.
fn selector_keeps_its_tabs(selector: &[u8], has_search: bool) -> bool {
    let Some(first) = selector.iter().position(|&b| b == b'\t') else {
        return true;
    };
    // `first` is a byte of `selector`: `first + 1` is at most its length.
    let rest = &selector[first + 1..];
    let field = &rest[..rest.iter().position(|&b| b == b'\t').unwrap_or(rest.len())];
    !has_search && field.iter().any(|&b| b == b'/' || b == b'?')
}

// ---------------------------------------------------------------------------
// Building

impl<'a> HttpParts<'a> {
    /// `http://host`: no port, no path, no search.
    #[must_use]
    pub fn new(host: impl Into<Cow<'a, str>>) -> Self {
        HttpParts {
            host: host.into(),
            port: None,
            path: None,
            search: None,
        }
    }

    /// Writes the URL.
    ///
    /// # Errors
    ///
    /// [`BuildError::NotA`] when the host is not a `host`,
    /// [`BuildError::Needs`] for a search without a path, [`BuildError::Empty`]
    /// for a path without a segment, or a segment or a search without a
    /// piece.
    pub fn build(&self) -> Result<UrlBuf, BuildError> {
        let mut out = String::from("http://");
        write_hostport(&mut out, &self.host, self.port)?;
        match (&self.path, &self.search) {
            (None, Some(_)) => {
                return Err(BuildError::Needs {
                    part: "search",
                    needs: "path",
                    production: "httpurl = \"http://\" hostport [ \"/\" hpath [ \"?\" search ]]",
                });
            }
            (None, None) => {}
            (Some(path), search) => {
                if path.is_empty() {
                    return Err(BuildError::Empty {
                        part: "path",
                        production: "hpath = hsegment *[ \"/\" hsegment ]",
                        what: "segment, possibly empty",
                    });
                }
                for segment in path {
                    out.push('/');
                    let part = ("path segment", "an hsegment split at its \";\"s (3.3)");
                    encode_pieces(&mut out, part, segment)?;
                }
                if let Some(search) = search {
                    out.push('?');
                    let part = ("search", "a search split at its \";\"s (3.3)");
                    encode_pieces(&mut out, part, search)?;
                }
            }
        }
        Ok(UrlBuf::from_builder(out))
    }
}

impl<'a> FtpParts<'a> {
    /// `ftp://host`: anonymous, no port, no path, no typecode.
    #[must_use]
    pub fn new(host: impl Into<Cow<'a, str>>) -> Self {
        FtpParts {
            userinfo: None,
            host: host.into(),
            port: None,
            path: None,
            typecode: None,
        }
    }

    /// Writes the URL.
    ///
    /// # Errors
    ///
    /// [`BuildError::NotA`] when the host is not a `host`,
    /// [`BuildError::Needs`] for a typecode without a path,
    /// [`BuildError::Empty`] for a path without a segment.
    pub fn build(&self) -> Result<UrlBuf, BuildError> {
        let mut out = String::from("ftp://");
        write_userinfo(&mut out, self.userinfo.as_ref());
        write_hostport(&mut out, &self.host, self.port)?;
        match (&self.path, self.typecode) {
            (None, Some(_)) => {
                return Err(BuildError::Needs {
                    part: "typecode",
                    needs: "path",
                    production: "ftpurl = \"ftp://\" login [ \"/\" fpath [ \";type=\" ftptype ]]",
                });
            }
            (None, None) => {}
            (Some(path), typecode) => {
                out.push('/');
                encode_path(&mut out, path, &FSEGMENT)?;
                if let Some(typecode) = typecode {
                    let _ = write!(out, ";type={typecode}");
                }
            }
        }
        Ok(UrlBuf::from_builder(out))
    }
}

impl NewsParts<'_> {
    /// Writes the URL.
    ///
    /// # Errors
    ///
    /// [`BuildError::NotA`] when the group is not a `group` or the article's
    /// host not a `host`, [`BuildError::Empty`] for an article's empty
    /// `<unique>`.
    pub fn build(&self) -> Result<UrlBuf, BuildError> {
        let mut out = String::from("news:");
        match self {
            NewsParts::All => out.push('*'),
            NewsParts::Group(group) => {
                check("group", group, Rule::Group)?;
                out.push_str(group);
            }
            NewsParts::Article { unique, host } => {
                if unique.is_empty() {
                    return Err(BuildError::Empty {
                        part: "article's <unique>",
                        production: "article = 1*[ uchar | \";\" | \"/\" | \"?\" | \":\" | \"&\" | \"=\" ] \"@\" host",
                        what: "octet",
                    });
                }
                check("host", host, Rule::Host)?;
                encode(&mut out, unique.as_bytes(), &ARTICLE);
                out.push('@');
                out.push_str(host);
            }
        }
        Ok(UrlBuf::from_builder(out))
    }
}

impl<'a> NntpParts<'a> {
    /// `nntp://host/group`.
    #[must_use]
    pub fn new(host: impl Into<Cow<'a, str>>, group: impl Into<Cow<'a, str>>) -> Self {
        NntpParts {
            host: host.into(),
            port: None,
            group: group.into(),
            article: None,
        }
    }

    /// Writes the URL.
    ///
    /// # Errors
    ///
    /// [`BuildError::NotA`] when the host is not a `host` or the group not a
    /// `group`.
    pub fn build(&self) -> Result<UrlBuf, BuildError> {
        let mut out = String::from("nntp://");
        write_hostport(&mut out, &self.host, self.port)?;
        check("group", &self.group, Rule::Group)?;
        out.push('/');
        out.push_str(&self.group);
        if let Some(article) = self.article {
            let _ = write!(out, "/{article}");
        }
        Ok(UrlBuf::from_builder(out))
    }
}

impl<'a> TelnetParts<'a> {
    /// `telnet://host/`.
    #[must_use]
    pub fn new(host: impl Into<Cow<'a, str>>) -> Self {
        TelnetParts {
            userinfo: None,
            host: host.into(),
            port: None,
        }
    }

    /// Writes the URL, with its final `/`.
    ///
    /// # Errors
    ///
    /// [`BuildError::NotA`] when the host is not a `host`.
    pub fn build(&self) -> Result<UrlBuf, BuildError> {
        let mut out = String::from("telnet://");
        write_userinfo(&mut out, self.userinfo.as_ref());
        write_hostport(&mut out, &self.host, self.port)?;
        out.push('/');
        Ok(UrlBuf::from_builder(out))
    }
}

impl<'a> GopherParts<'a> {
    /// `gopher://host/1`: the top-level directory.
    #[must_use]
    pub fn new(host: impl Into<Cow<'a, str>>) -> Self {
        GopherParts {
            host: host.into(),
            port: None,
            gopher_type: b'1',
            selector: Decoded::default(),
            search: None,
            gopher_plus: None,
        }
    }

    /// Writes the URL, always with its type.
    ///
    /// # Errors
    ///
    /// [`BuildError::NotA`] when the host is not a `host`;
    /// [`BuildError::Separator`] for a TAB in the search, or in the selector
    /// where [`GopherParts::selector`] allows none; [`BuildError::Needs`] for a
    /// Gopher+ string without a search.
    pub fn build(&self) -> Result<UrlBuf, BuildError> {
        let mut out = String::from("gopher://");
        write_hostport(&mut out, &self.host, self.port)?;
        out.push('/');
        encode(&mut out, &[self.gopher_type], &XCHAR);
        if !selector_keeps_its_tabs(self.selector.as_bytes(), self.search.is_some()) {
            no_tab("selector", self.selector.as_bytes())?;
        }
        encode(&mut out, self.selector.as_bytes(), &XCHAR);
        match (&self.search, &self.gopher_plus) {
            (None, Some(_)) => {
                return Err(BuildError::Needs {
                    part: "gopher+ string",
                    needs: "search, possibly empty",
                    production: "section 3.4.3: \"the %09<search> string must be supplied\"",
                });
            }
            (None, None) => {}
            (Some(search), plus) => {
                no_tab("search", search.as_bytes())?;
                out.push_str("%09");
                encode(&mut out, search.as_bytes(), &SEARCH);
                if let Some(plus) = plus {
                    out.push_str("%09");
                    encode(&mut out, plus.as_bytes(), &XCHAR);
                }
            }
        }
        Ok(UrlBuf::from_builder(out))
    }
}

impl<'a> WaisParts<'a> {
    /// `wais://host/database`.
    #[must_use]
    pub fn new(host: impl Into<Cow<'a, str>>, database: impl Into<Decoded<'a>>) -> Self {
        WaisParts {
            host: host.into(),
            port: None,
            database: database.into(),
            form: WaisForm::Database,
        }
    }

    /// Writes the URL.
    ///
    /// # Errors
    ///
    /// [`BuildError::NotA`] when the host is not a `host`.
    pub fn build(&self) -> Result<UrlBuf, BuildError> {
        let mut out = String::from("wais://");
        write_hostport(&mut out, &self.host, self.port)?;
        out.push('/');
        encode(&mut out, self.database.as_bytes(), &UCHAR);
        match &self.form {
            WaisForm::Database => {}
            WaisForm::Search(search) => {
                out.push('?');
                encode(&mut out, search.as_bytes(), &SEARCH);
            }
            WaisForm::Document { wtype, wpath } => {
                out.push('/');
                encode(&mut out, wtype.as_bytes(), &UCHAR);
                out.push('/');
                encode(&mut out, wpath.as_bytes(), &UCHAR);
            }
        }
        Ok(UrlBuf::from_builder(out))
    }
}

impl<'a> MailtoParts<'a> {
    /// `mailto:address`.
    #[must_use]
    pub fn new(address: impl Into<Decoded<'a>>) -> Self {
        MailtoParts {
            address: address.into(),
        }
    }

    /// Writes the URL.
    ///
    /// # Errors
    ///
    /// [`BuildError::Empty`] for an empty address.
    pub fn build(&self) -> Result<UrlBuf, BuildError> {
        if self.address.is_empty() {
            return Err(BuildError::Empty {
                part: "address",
                production: "encoded822addr = 1*xchar",
                what: "octet",
            });
        }
        let mut out = String::from("mailto:");
        encode(&mut out, self.address.as_bytes(), &XCHAR);
        Ok(UrlBuf::from_builder(out))
    }
}

impl<'a> FileParts<'a> {
    /// `file:///path`: the empty host.
    #[must_use]
    pub fn new(path: Vec<Decoded<'a>>) -> Self {
        FileParts { host: None, path }
    }

    /// Writes the URL.
    ///
    /// # Errors
    ///
    /// [`BuildError::NotA`] when the host is not a `host`,
    /// [`BuildError::Empty`] for a path without a segment.
    pub fn build(&self) -> Result<UrlBuf, BuildError> {
        let mut out = String::from("file://");
        if let Some(host) = &self.host {
            check("host", host, Rule::Host)?;
            out.push_str(host);
        }
        out.push('/');
        encode_path(&mut out, &self.path, &FSEGMENT)?;
        Ok(UrlBuf::from_builder(out))
    }
}

impl<'a> ProsperoParts<'a> {
    /// `prospero://host/hsoname`, no fields.
    #[must_use]
    pub fn new(host: impl Into<Cow<'a, str>>, hsoname: impl Into<Decoded<'a>>) -> Self {
        ProsperoParts {
            host: host.into(),
            port: None,
            hsoname: hsoname.into(),
            fields: Vec::new(),
        }
    }

    /// Writes the URL.
    ///
    /// # Errors
    ///
    /// [`BuildError::NotA`] when the host is not a `host`.
    pub fn build(&self) -> Result<UrlBuf, BuildError> {
        let mut out = String::from("prospero://");
        write_hostport(&mut out, &self.host, self.port)?;
        out.push('/');
        encode(&mut out, self.hsoname.as_bytes(), &HSONAME);
        for (name, value) in &self.fields {
            out.push(';');
            encode(&mut out, name.as_bytes(), &FIELD);
            out.push('=');
            encode(&mut out, value.as_bytes(), &FIELD);
        }
        Ok(UrlBuf::from_builder(out))
    }
}

impl<'a> OtherParts<'a> {
    /// `scheme:schemepart`.
    #[must_use]
    pub fn new(scheme: impl Into<Cow<'a, str>>, schemepart: impl Into<Cow<'a, str>>) -> Self {
        OtherParts {
            scheme: scheme.into(),
            schemepart: schemepart.into(),
        }
    }

    /// Writes the URL.
    ///
    /// # Errors
    ///
    /// [`BuildError::NotA`] when the scheme is not a `scheme` (lower case) or
    /// the scheme-specific part not a `schemepart`,
    /// [`BuildError::DefinedScheme`] when the scheme is one of the ten of
    /// section 3.
    pub fn build(&self) -> Result<UrlBuf, BuildError> {
        check("scheme", &self.scheme, Rule::Scheme)?;
        let url = format!("{}:{}", self.scheme, self.schemepart);
        if scheme_rule(&url) != Rule::Otherurl {
            return Err(BuildError::DefinedScheme(self.scheme.to_string()));
        }
        check("schemepart", &self.schemepart, Rule::Schemepart)?;
        Ok(UrlBuf::from_builder(url))
    }
}

/// `From` each scheme's parts into [`Parts`].
macro_rules! parts_variants {
    ($($variant:ident($parts:ident),)*) => {$(
        impl<'a> From<$parts<'a>> for Parts<'a> {
            #[doc = concat!("`Parts::", stringify!($variant), "(parts)`.")]
            fn from(parts: $parts<'a>) -> Parts<'a> {
                Parts::$variant(parts)
            }
        }
    )*};
}

parts_variants! {
    Http(HttpParts),
    Ftp(FtpParts),
    News(NewsParts),
    Nntp(NntpParts),
    Telnet(TelnetParts),
    Gopher(GopherParts),
    Wais(WaisParts),
    Mailto(MailtoParts),
    File(FileParts),
    Prospero(ProsperoParts),
    Other(OtherParts),
}

impl Parts<'_> {
    /// Writes the URL: a [`UrlBuf`], which [`crate::parse`] accepts.
    ///
    /// # Errors
    ///
    /// The [`BuildError`] of the scheme's own `build`
    /// ([`HttpParts::build`], …, [`OtherParts::build`]).
    ///
    /// ```
    /// use rfc1738::url::{NewsParts, Parts};
    /// let parts = Parts::News(NewsParts::Group("comp.infosystems.www.misc".into()));
    /// assert_eq!(parts.build()?, "news:comp.infosystems.www.misc");
    /// # Ok::<(), rfc1738::url::BuildError>(())
    /// ```
    pub fn build(&self) -> Result<UrlBuf, BuildError> {
        match self {
            Parts::Http(parts) => parts.build(),
            Parts::Ftp(parts) => parts.build(),
            Parts::News(parts) => parts.build(),
            Parts::Nntp(parts) => parts.build(),
            Parts::Telnet(parts) => parts.build(),
            Parts::Gopher(parts) => parts.build(),
            Parts::Wais(parts) => parts.build(),
            Parts::Mailto(parts) => parts.build(),
            Parts::File(parts) => parts.build(),
            Parts::Prospero(parts) => parts.build(),
            Parts::Other(parts) => parts.build(),
        }
    }
}

// ---------------------------------------------------------------------------
// Taking parsed URLs apart

/// The port of a hostport as a number.
fn port(hostport: Hostport<'_>) -> Result<Option<u16>, OutOfRange> {
    hostport.port_number()
}

/// The user and password of a login.
fn userinfo<'a>(login: crate::ast::Login<'a>) -> Option<Userinfo<'a>> {
    login.user_decoded().map(|user| Userinfo {
        user,
        password: login.password_decoded(),
    })
}

impl<'a> HttpUrl<'a> {
    /// The decoded parts.
    ///
    /// # Errors
    ///
    /// [`OutOfRange`] when the port is beyond 65535.
    pub fn to_parts(&self) -> Result<HttpParts<'a>, OutOfRange> {
        Ok(HttpParts {
            host: self.hostport.host().as_str().into(),
            port: port(self.hostport)?,
            path: self.hpath.map(|_| {
                self.path_segments_decoded()
                    .map(Iterator::collect)
                    .collect()
            }),
            search: self.search_decoded().map(Iterator::collect),
        })
    }
}

impl<'a> FtpUrl<'a> {
    /// The decoded parts.
    ///
    /// # Errors
    ///
    /// [`OutOfRange`] when the port is beyond 65535.
    pub fn to_parts(&self) -> Result<FtpParts<'a>, OutOfRange> {
        Ok(FtpParts {
            userinfo: userinfo(self.login),
            host: self.login.hostport().host().as_str().into(),
            port: port(self.login.hostport())?,
            path: self.fpath.map(|path| path.segments_decoded().collect()),
            typecode: self.typecode(),
        })
    }
}

impl<'a> NewsUrl<'a> {
    /// The decoded parts.
    #[must_use]
    pub fn to_parts(&self) -> NewsParts<'a> {
        match self.grouppart {
            Grouppart::All => NewsParts::All,
            Grouppart::Group(group) => NewsParts::Group(group.into()),
            Grouppart::Article(article) => NewsParts::Article {
                unique: article.unique_decoded(),
                host: article.host().as_str().into(),
            },
        }
    }
}

impl<'a> NntpUrl<'a> {
    /// The parts.
    ///
    /// # Errors
    ///
    /// [`OutOfRange`] when the port is beyond 65535 or the article number
    /// beyond `u64::MAX`.
    pub fn to_parts(&self) -> Result<NntpParts<'a>, OutOfRange> {
        Ok(NntpParts {
            host: self.hostport.host().as_str().into(),
            port: port(self.hostport)?,
            group: self.group.into(),
            article: self.article_number()?,
        })
    }
}

impl<'a> TelnetUrl<'a> {
    /// The decoded parts.
    ///
    /// # Errors
    ///
    /// [`OutOfRange`] when the port is beyond 65535.
    pub fn to_parts(&self) -> Result<TelnetParts<'a>, OutOfRange> {
        Ok(TelnetParts {
            userinfo: userinfo(self.login),
            host: self.login.hostport().host().as_str().into(),
            port: port(self.login.hostport())?,
        })
    }
}

impl<'a> GopherUrl<'a> {
    /// The decoded parts, the type defaulting to `1`.
    ///
    /// # Errors
    ///
    /// [`OutOfRange`] when the port is beyond 65535.
    pub fn to_parts(&self) -> Result<GopherParts<'a>, OutOfRange> {
        Ok(GopherParts {
            host: self.hostport.host().as_str().into(),
            port: port(self.hostport)?,
            gopher_type: self.gopher_type(),
            selector: self.selector_decoded(),
            search: self.search_decoded(),
            gopher_plus: self.gopher_plus_decoded(),
        })
    }
}

impl<'a> WaisUrl<'a> {
    /// The decoded parts.
    ///
    /// # Errors
    ///
    /// [`OutOfRange`] when the port is beyond 65535.
    pub fn to_parts(&self) -> Result<WaisParts<'a>, OutOfRange> {
        let form = match self {
            WaisUrl::Database(_) => WaisForm::Database,
            WaisUrl::Index(_) => WaisForm::Search(self.search_decoded().unwrap_or_default()),
            WaisUrl::Doc(_) => WaisForm::Document {
                wtype: self.wtype_decoded().unwrap_or_default(),
                wpath: self.wpath_decoded().unwrap_or_default(),
            },
        };
        Ok(WaisParts {
            host: self.hostport().host().as_str().into(),
            port: port(self.hostport())?,
            database: self.database_decoded(),
            form,
        })
    }
}

impl<'a> MailtoUrl<'a> {
    /// The decoded parts.
    #[must_use]
    pub fn to_parts(&self) -> MailtoParts<'a> {
        MailtoParts {
            address: self.address(),
        }
    }
}

impl<'a> FileUrl<'a> {
    /// The decoded parts.
    #[must_use]
    pub fn to_parts(&self) -> FileParts<'a> {
        FileParts {
            host: self.host.map(|host| match host {
                FileHost::Localhost => Cow::Borrowed("localhost"),
                FileHost::Host(host) => Cow::Borrowed(host.as_str()),
            }),
            path: self.path_segments_decoded().collect(),
        }
    }
}

impl<'a> ProsperoUrl<'a> {
    /// The decoded parts.
    ///
    /// # Errors
    ///
    /// [`OutOfRange`] when the port is beyond 65535.
    pub fn to_parts(&self) -> Result<ProsperoParts<'a>, OutOfRange> {
        Ok(ProsperoParts {
            host: self.hostport.host().as_str().into(),
            port: port(self.hostport)?,
            hsoname: self.hsoname(),
            fields: self.fields_decoded().collect(),
        })
    }
}

impl<'a> GenericUrl<'a> {
    /// The parts: the scheme in lower case, the scheme-specific part as
    /// written.
    #[must_use]
    pub fn to_parts(&self) -> OtherParts<'a> {
        let scheme = if self.scheme().bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(self.scheme().to_ascii_lowercase())
        } else {
            Cow::Borrowed(self.scheme())
        };
        OtherParts {
            scheme,
            schemepart: self.schemepart.into(),
        }
    }
}

impl<'a> Url<'a> {
    /// The decoded parts, borrowed from the URL where nothing is decoded:
    /// what the URL means, which [`Parts::build`] writes back.
    ///
    /// # Errors
    ///
    /// [`OutOfRange`] when the port is beyond 65535, or an nntp URL's article
    /// number beyond `u64::MAX`.
    ///
    /// ```
    /// use rfc1738::url::Parts;
    /// let url = rfc1738::parse("FTP://myname@host.dom/%2Fetc/motd")?;
    /// let Parts::Ftp(parts) = url.to_parts()? else { panic!() };
    /// assert_eq!(parts.path.as_deref(), Some(&["/etc".into(), "motd".into()][..]));
    /// assert_eq!(parts.build()?, "ftp://myname@host.dom/%2Fetc/motd");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_parts(&self) -> Result<Parts<'a>, OutOfRange> {
        Ok(match self {
            Url::Http(url) => Parts::Http(url.to_parts()?),
            Url::Ftp(url) => Parts::Ftp(url.to_parts()?),
            Url::News(url) => Parts::News(url.to_parts()),
            Url::Nntp(url) => Parts::Nntp(url.to_parts()?),
            Url::Telnet(url) => Parts::Telnet(url.to_parts()?),
            Url::Gopher(url) => Parts::Gopher(url.to_parts()?),
            Url::Wais(url) => Parts::Wais(url.to_parts()?),
            Url::Mailto(url) => Parts::Mailto(url.to_parts()),
            Url::File(url) => Parts::File(url.to_parts()),
            Url::Prospero(url) => Parts::Prospero(url.to_parts()?),
            Url::Other(url) => Parts::Other(url.to_parts()),
        })
    }
}

/// A gopher type octet with `serde`: a one-octet [`Decoded`].
#[cfg(feature = "serde")]
mod gopher_type_serde {
    use super::Decoded;
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};

    pub fn serialize<S: Serializer>(byte: &u8, serializer: S) -> Result<S::Ok, S::Error> {
        Decoded::from(core::slice::from_ref(byte)).serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u8, D::Error> {
        let decoded = Decoded::deserialize(deserializer)?;
        match decoded.as_bytes() {
            [byte] => Ok(*byte),
            _ => Err(D::Error::custom("a gopher type is one octet")),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::charset::{self, Class};

    /// Each decoded component that has reserved characters, the body of the
    /// production that holds it, and those characters: the ones section 3
    /// reserves there, and the ones that end it in its URL (a wais
    /// database's `/` and `?`). Section 3 reserves nothing in a gopher
    /// selector, search or Gopher+ string (3.4.1: "no characters are
    /// reserved"; their separator is the escape `%09`, D14), in a mailto
    /// address (3.5), a wais search or `wpath`, and nothing in a news
    /// article's `<unique>` but the `@` that ends it (3.6: "No additional
    /// characters are reserved"). A prospero hsoname's `/` has "no
    /// significance" (3.11).
    const COMPONENTS: [(&str, &Class, &[u8]); 11] = [
        ("user (3.1)", &charset::USER_BODY, b":@/"),
        ("password (3.1)", &charset::PASSWORD_BODY, b":@/"),
        (
            "ftp or file segment (3.2.2)",
            &charset::FSEGMENT_BODY,
            b"/;",
        ),
        ("http segment (3.3)", &charset::HSEGMENT_BODY, b"/;?"),
        ("http search (3.3)", &charset::SEARCH_BODY, b"/;?"),
        ("news <unique> (3.6)", &charset::ARTICLE_BODY, b"@"),
        ("wais database (3.9)", &charset::UCHAR, b"/?"),
        ("wais wtype (3.9)", &charset::UCHAR, b"/"),
        ("prospero hsoname (3.11)", &charset::PSEGMENT_BODY, b";"),
        (
            "prospero field name (3.11)",
            &charset::FIELDNAME_BODY,
            b";=",
        ),
        (
            "prospero field value (3.11)",
            &charset::FIELDVALUE_BODY,
            b";",
        ),
    ];

    /// Where the grammar lets a character that a component reserves stand
    /// for itself, decoding would make it one with its escape: only an http
    /// segment's and search's `;`, which the parts keep apart by splitting
    /// there (D29). Everywhere else a reserved character is always written
    /// as an escape, which decodes to it without loss.
    #[test]
    fn only_http_lets_a_reserved_character_stand_for_itself() {
        let mut unencoded = Vec::new();
        for (component, body, reserved) in COMPONENTS {
            for &byte in reserved {
                if body.contains(byte) {
                    unencoded.push((component, char::from(byte)));
                }
            }
        }
        assert_eq!(
            unencoded,
            [("http segment (3.3)", ';'), ("http search (3.3)", ';')]
        );
        // The builder writes a piece's `;` encoded, and joins pieces with it.
        let mut out = String::new();
        let part = ("search", "a search");
        super::encode_pieces(&mut out, part, &["a;b".into(), "".into()]).unwrap();
        assert_eq!(out, "a%3Bb;");
    }
}
