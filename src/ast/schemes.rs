//! One type per scheme rule of section 5, its fields the production's parts.
//!
//! Every part is borrowed from the parsed text, as written (still
//! `%`-encoded). Each type keeps the whole text its production matched
//! (`as_str`), and its scheme name is the start of that text. `Display`
//! writes the parts back in the production's order, so it reproduces the
//! input byte for byte (the tests hold it equal to `as_str`); given a width
//! or a precision, it pads or cuts that text as a `str`'s `Display` does.
//! Each type is ordered by its text, as [`Url`](crate::Url) is.

use core::fmt;
use core::iter::FusedIterator;

use super::parts::{Host, Hostport, Login, Path};

/// The scheme name at the start of a URL's text: what comes before its
/// first `:` (`scheme` has no `:`, and every scheme rule writes one after
/// it).
fn scheme_of(text: &str) -> &str {
    // A byte search: a scheme name is a few bytes, which `split_once`'s
    // searcher costs more than.
    let colon = text.bytes().position(|b| b == b':').unwrap_or(text.len());
    // The cut is at an ASCII `:`, or the end: a char boundary.
    &text[..colon]
}

/// Whether `Display` is asked for a width or a precision (`{:>40}`,
/// `{:.20}`): then a URL is its text padded or cut as a `str` is
/// (`Formatter::pad`), not its parts written one by one.
fn padded(f: &fmt::Formatter<'_>) -> bool {
    f.width().is_some() || f.precision().is_some()
}

/// With `serde`, a URL's text is written as its scheme name: the tree's
/// fields are the parts, as they were before the types kept their text.
#[cfg(feature = "serde")]
fn serialize_scheme<S: serde::Serializer>(text: &&str, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(scheme_of(text))
}

/// `Debug` for the types of the scheme rules: the scheme name, then the
/// parts (the whole text is what `Display` writes).
macro_rules! debug_parts {
    ($($name:ident: $($field:ident),*;)*) => {$(
        impl fmt::Debug for $name<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct(stringify!($name))
                    .field("scheme", &scheme_of(self.text))
                    $(.field(stringify!($field), &self.$field))*
                    .finish()
            }
        }
    )*};
}

/// `as_str` for the type of a scheme rule, and `AsRef<str>` and `Ord` by
/// it (as [`Url`](crate::Url) has).
macro_rules! as_str {
    ($($name:ident),*) => {$(
        impl<'a> $name<'a> {
            /// The whole text the production matched, as written: what
            /// `Display` writes, borrowed.
            #[must_use]
            pub fn as_str(&self) -> &'a str {
                self.text
            }
        }

        impl AsRef<str> for $name<'_> {
            /// [`as_str`](Self::as_str): the whole text, for a function
            /// that takes any `impl AsRef<str>`.
            fn as_ref(&self) -> &str {
                self.text
            }
        }

        impl PartialOrd for $name<'_> {
            fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }

        impl Ord for $name<'_> {
            /// By the text, as [`Url`](crate::Url) is ordered: one rule
            /// reads one text into one set of parts, so that this agrees
            /// with `Eq`.
            fn cmp(&self, other: &Self) -> core::cmp::Ordering {
                self.text.cmp(other.text)
            }
        }
    )*};
}

debug_parts! {
    HttpUrl: hostport, hpath, search;
    FtpUrl: login, fpath, ftptype;
    FileUrl: host, fpath;
    GopherUrl: hostport, path;
    MailtoUrl: encoded822addr;
    NewsUrl: grouppart;
    NntpUrl: hostport, group, article;
    TelnetUrl: login, slash;
    WaisDatabase: hostport, database;
    WaisIndex: hostport, database, search;
    WaisDoc: hostport, database, wtype, wpath;
    ProsperoUrl: hostport, ppath, fieldspecs;
    GenericUrl: schemepart;
}

as_str! {
    HttpUrl, FtpUrl, FileUrl, GopherUrl, MailtoUrl, NewsUrl, NntpUrl,
    TelnetUrl, WaisDatabase, WaisIndex, WaisDoc, ProsperoUrl, GenericUrl
}

/// `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]` (section 3.3).
///
/// ```
/// use rfc1738::Url;
/// let Url::Http(url) = Url::parse("http://host.dom:8080/a/b?q")? else { panic!("http") };
/// assert_eq!(url.hostport().port(), Some("8080"));
/// assert_eq!(url.hpath().map(|path| path.as_str()), Some("a/b"));
/// assert_eq!(url.search(), Some("q"));
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct HttpUrl<'a> {
    #[cfg_attr(
        feature = "serde",
        serde(rename = "scheme", serialize_with = "serialize_scheme")
    )]
    pub(crate) text: &'a str,
    pub(crate) hostport: Hostport<'a>,
    pub(crate) hpath: Option<Path<'a>>,
    pub(crate) search: Option<&'a str>,
}

impl<'a> HttpUrl<'a> {
    /// The scheme name as written (`http`, or `HTTP` through [`crate::parse`]).
    #[must_use]
    pub fn scheme(&self) -> &'a str {
        scheme_of(self.text)
    }

    /// The host and port.
    #[must_use]
    pub fn hostport(&self) -> Hostport<'a> {
        self.hostport
    }

    /// The `hpath`, if the URL has a `/` after the host (it may be empty).
    #[must_use]
    pub fn hpath(&self) -> Option<Path<'a>> {
        self.hpath
    }

    /// The `search` after `?`, if any (it may be empty).
    #[must_use]
    pub fn search(&self) -> Option<&'a str> {
        self.search
    }
}

impl fmt::Display for HttpUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if padded(f) {
            return f.pad(self.text);
        }
        write!(f, "{}://{}", self.scheme(), self.hostport)?;
        if let Some(hpath) = self.hpath {
            write!(f, "/{hpath}")?;
            if let Some(search) = self.search {
                write!(f, "?{search}")?;
            }
        }
        Ok(())
    }
}

/// `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]` (section 3.2).
///
/// ```
/// use rfc1738::Url;
/// use rfc1738::url::Typecode;
/// let Url::Ftp(url) = Url::parse("ftp://myname@host.dom/%2Fetc/motd;type=a")? else { panic!("ftp") };
/// assert_eq!(url.login().user(), Some("myname"));
/// assert_eq!(url.fpath().map(|path| path.as_str()), Some("%2Fetc/motd"));
/// assert_eq!(url.typecode(), Some(Typecode::Ascii));
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FtpUrl<'a> {
    #[cfg_attr(
        feature = "serde",
        serde(rename = "scheme", serialize_with = "serialize_scheme")
    )]
    pub(crate) text: &'a str,
    pub(crate) login: Login<'a>,
    pub(crate) fpath: Option<Path<'a>>,
    pub(crate) ftptype: Option<&'a str>,
}

impl<'a> FtpUrl<'a> {
    /// The scheme name as written.
    #[must_use]
    pub fn scheme(&self) -> &'a str {
        scheme_of(self.text)
    }

    /// The user, password, host and port.
    #[must_use]
    pub fn login(&self) -> Login<'a> {
        self.login
    }

    /// The `fpath`, if the URL has a `/` after the host: the `cwd` segments
    /// and the name of section 3.2.2.
    #[must_use]
    pub fn fpath(&self) -> Option<Path<'a>> {
        self.fpath
    }

    /// The `ftptype` after `;type=`, if any: one of `A I D a i d`.
    #[must_use]
    pub fn ftptype(&self) -> Option<&'a str> {
        self.ftptype
    }
}

impl fmt::Display for FtpUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if padded(f) {
            return f.pad(self.text);
        }
        write!(f, "{}://{}", self.scheme(), self.login)?;
        if let Some(fpath) = self.fpath {
            write!(f, "/{fpath}")?;
            if let Some(ftptype) = self.ftptype {
                write!(f, ";type={ftptype}")?;
            }
        }
        Ok(())
    }
}

/// The host of a file URL: `[ host | "localhost" ]`.
///
/// ```
/// use rfc1738::Url;
/// use rfc1738::url::{FileHost, Host};
/// let Url::File(url) = Url::parse("file://localhost/etc/motd")? else { panic!("file") };
/// assert_eq!(url.host(), Some(FileHost::Localhost));
/// let Url::File(url) = Url::parse("file://vms.host.edu/disk$user/notes")? else { panic!("file") };
/// assert_eq!(url.host(), Some(FileHost::Host(Host::Hostname("vms.host.edu"))));
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum FileHost<'a> {
    /// The literal `localhost`, which section 3.10 singles out: "the machine
    /// from which the URL is being interpreted".
    Localhost,
    /// Any other host.
    Host(Host<'a>),
}

impl fmt::Display for FileHost<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileHost::Localhost => f.pad("localhost"),
            FileHost::Host(host) => host.fmt(f),
        }
    }
}

/// `fileurl = "file://" [ host | "localhost" ] "/" fpath` (section 3.10).
///
/// ```
/// use rfc1738::Url;
/// let Url::File(url) = Url::parse("file:///etc/motd")? else { panic!("file") };
/// assert_eq!(url.host(), None);
/// assert!(url.is_local());
/// assert_eq!(url.fpath().as_str(), "etc/motd");
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FileUrl<'a> {
    #[cfg_attr(
        feature = "serde",
        serde(rename = "scheme", serialize_with = "serialize_scheme")
    )]
    pub(crate) text: &'a str,
    pub(crate) host: Option<FileHost<'a>>,
    pub(crate) fpath: Path<'a>,
}

impl<'a> FileUrl<'a> {
    /// The scheme name as written.
    #[must_use]
    pub fn scheme(&self) -> &'a str {
        scheme_of(self.text)
    }

    /// The host; `None` for the empty host of `file:///path`, which like
    /// `localhost` means the interpreting machine (section 3.10).
    #[must_use]
    pub fn host(&self) -> Option<FileHost<'a>> {
        self.host
    }

    /// The path after the `/` that follows the host.
    #[must_use]
    pub fn fpath(&self) -> Path<'a> {
        self.fpath
    }
}

impl fmt::Display for FileUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if padded(f) {
            return f.pad(self.text);
        }
        write!(f, "{}://", self.scheme())?;
        if let Some(host) = self.host {
            write!(f, "{host}")?;
        }
        write!(f, "/{}", self.fpath)
    }
}

/// The gopher path of a gopher URL, what follows the `/` after the host, as
/// it decomposes under
/// `[ gtype [ selector [ "%09" search [ "%09" gopher+_string ] ] ] ]`
/// ([`GopherUrl::gopher_path`]). `Display` writes it as written.
///
/// ```
/// use rfc1738::Url;
/// let Url::Gopher(url) = Url::parse("gopher://host.dom/7sel%09rfc%201738")? else { panic!() };
/// let path = url.gopher_path().unwrap();
/// assert_eq!((path.gtype(), path.selector(), path.search()), (Some("7"), "sel", Some("rfc%201738")));
/// assert_eq!(path.to_string(), "7sel%09rfc%201738");
/// // The same parts, through the URL's accessors.
/// assert_eq!((url.gtype(), url.selector(), url.search()), (Some("7"), "sel", Some("rfc%201738")));
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GopherPath<'a> {
    pub(crate) gtype: Option<&'a str>,
    pub(crate) selector: &'a str,
    pub(crate) search: Option<&'a str>,
    pub(crate) gopher_plus_string: Option<&'a str>,
}

impl<'a> GopherPath<'a> {
    /// The `gtype` as written (one `xchar`, so possibly an escape); `None`
    /// when the gopher path is empty.
    #[must_use]
    pub fn gtype(&self) -> Option<&'a str> {
        self.gtype
    }

    /// The `selector` as written; empty when there is none.
    #[must_use]
    pub fn selector(&self) -> &'a str {
        self.selector
    }

    /// The `search` after the first `%09`, if any.
    #[must_use]
    pub fn search(&self) -> Option<&'a str> {
        self.search
    }

    /// The `gopher+_string` after the second `%09`, if any.
    #[must_use]
    pub fn gopher_plus_string(&self) -> Option<&'a str> {
        self.gopher_plus_string
    }
}

impl fmt::Display for GopherPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(gtype) = self.gtype {
            write!(f, "{gtype}{}", self.selector)?;
        }
        if let Some(search) = self.search {
            write!(f, "%09{search}")?;
            if let Some(plus) = self.gopher_plus_string {
                write!(f, "%09{plus}")?;
            }
        }
        Ok(())
    }
}

/// `gopherurl = "gopher://" hostport [ / [ gtype [ selector [ "%09" search [
/// "%09" gopher+_string ] ] ] ] ]` (section 3.4).
///
/// The selector ends at the first `%09` when what follows is a `search` and
/// an optional `%09 gopher+_string`; see [decisions](crate::decisions), D14.
///
/// ```
/// use rfc1738::Url;
/// let Url::Gopher(url) = Url::parse("gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles")? else {
///     panic!("gopher");
/// };
/// assert_eq!(url.gtype(), Some("0"));
/// assert_eq!(url.selector(), "0/Weather/California/Los%20Angeles");
/// assert_eq!(url.selector_decoded(), "0/Weather/California/Los Angeles");
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GopherUrl<'a> {
    #[cfg_attr(
        feature = "serde",
        serde(rename = "scheme", serialize_with = "serialize_scheme")
    )]
    pub(crate) text: &'a str,
    pub(crate) hostport: Hostport<'a>,
    pub(crate) path: Option<GopherPath<'a>>,
}

impl<'a> GopherUrl<'a> {
    /// The scheme name as written.
    #[must_use]
    pub fn scheme(&self) -> &'a str {
        scheme_of(self.text)
    }

    /// The host and port.
    #[must_use]
    pub fn hostport(&self) -> Hostport<'a> {
        self.hostport
    }

    /// Whether the URL has the `/` after the host (optional when the gopher
    /// path is empty).
    #[must_use]
    pub fn has_slash(&self) -> bool {
        self.path.is_some()
    }

    /// The gopher path, if the URL has the `/` after the host (it may be
    /// empty: `gopher://host.dom/`).
    #[must_use]
    pub fn gopher_path(&self) -> Option<GopherPath<'a>> {
        self.path
    }

    /// The `gtype` as written (one `xchar`, so possibly an escape), if any.
    #[must_use]
    pub fn gtype(&self) -> Option<&'a str> {
        self.path.and_then(|path| path.gtype)
    }

    /// The `selector` as written; empty when there is none.
    #[must_use]
    pub fn selector(&self) -> &'a str {
        self.path.map_or("", |path| path.selector)
    }

    /// The `search` after the first `%09`, if any.
    #[must_use]
    pub fn search(&self) -> Option<&'a str> {
        self.path.and_then(|path| path.search)
    }

    /// The `gopher+_string` after the second `%09`, if any.
    #[must_use]
    pub fn gopher_plus_string(&self) -> Option<&'a str> {
        self.path.and_then(|path| path.gopher_plus_string)
    }
}

impl fmt::Display for GopherUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if padded(f) {
            return f.pad(self.text);
        }
        write!(f, "{}://{}", self.scheme(), self.hostport)?;
        if let Some(path) = self.path {
            write!(f, "/{path}")?;
        }
        Ok(())
    }
}

/// `mailtourl = "mailto:" encoded822addr` (section 3.5).
///
/// ```
/// use rfc1738::Url;
/// let Url::Mailto(url) = Url::parse("mailto:mduerst@ifi.unizh.ch")? else { panic!("mailto") };
/// assert_eq!(url.encoded822addr(), "mduerst@ifi.unizh.ch");
/// assert_eq!(url.address(), "mduerst@ifi.unizh.ch");
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MailtoUrl<'a> {
    #[cfg_attr(
        feature = "serde",
        serde(rename = "scheme", serialize_with = "serialize_scheme")
    )]
    pub(crate) text: &'a str,
    pub(crate) encoded822addr: &'a str,
}

impl<'a> MailtoUrl<'a> {
    /// The scheme name as written.
    #[must_use]
    pub fn scheme(&self) -> &'a str {
        scheme_of(self.text)
    }

    /// The encoded RFC 822 address, as written.
    #[must_use]
    pub fn encoded822addr(&self) -> &'a str {
        self.encoded822addr
    }
}

impl fmt::Display for MailtoUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if padded(f) {
            return f.pad(self.text);
        }
        write!(f, "{}:{}", self.scheme(), self.encoded822addr)
    }
}

/// `article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host`.
///
/// ```
/// use rfc1738::Url;
/// use rfc1738::url::Grouppart;
/// let Url::News(url) = Url::parse("news:12345@host.dom")? else { panic!("news") };
/// let Grouppart::Article(article) = url.grouppart() else { panic!("an article") };
/// assert_eq!((article.unique(), article.host().as_str()), ("12345", "host.dom"));
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Article<'a> {
    pub(crate) unique: &'a str,
    pub(crate) host: Host<'a>,
}

impl<'a> Article<'a> {
    /// The part before the `@` (section 3.6 calls it `<unique>`), as written.
    #[must_use]
    pub fn unique(&self) -> &'a str {
        self.unique
    }

    /// The host after the `@`.
    #[must_use]
    pub fn host(&self) -> Host<'a> {
        self.host
    }
}

impl fmt::Display for Article<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}", self.unique, self.host)
    }
}

/// `grouppart = "*" | group | article`.
///
/// ```
/// use rfc1738::Url;
/// use rfc1738::url::Grouppart;
/// let group = |input| match Url::parse(input) {
///     Ok(Url::News(url)) => url.grouppart(),
///     other => panic!("{other:?}"),
/// };
/// assert_eq!(group("news:*"), Grouppart::All);
/// assert_eq!(group("news:comp.infosystems.www.misc"), Grouppart::Group("comp.infosystems.www.misc"));
/// assert!(matches!(group("news:1@host.dom"), Grouppart::Article(_)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Grouppart<'a> {
    /// `*`: all available news groups (section 3.6).
    All,
    /// A news group name, e.g. `comp.infosystems.www.misc`.
    Group(&'a str),
    /// A message identifier without its angle brackets.
    Article(Article<'a>),
}

impl fmt::Display for Grouppart<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Grouppart::All => f.write_str("*"),
            Grouppart::Group(group) => f.write_str(group),
            Grouppart::Article(article) => write!(f, "{article}"),
        }
    }
}

/// `newsurl = "news:" grouppart` (section 3.6).
///
/// ```
/// use rfc1738::Url;
/// let Url::News(url) = Url::parse("news:comp.infosystems.www.misc")? else { panic!("news") };
/// assert_eq!(url.group(), Some("comp.infosystems.www.misc"));
/// assert!(!url.is_all());
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct NewsUrl<'a> {
    #[cfg_attr(
        feature = "serde",
        serde(rename = "scheme", serialize_with = "serialize_scheme")
    )]
    pub(crate) text: &'a str,
    pub(crate) grouppart: Grouppart<'a>,
}

impl<'a> NewsUrl<'a> {
    /// The scheme name as written.
    #[must_use]
    pub fn scheme(&self) -> &'a str {
        scheme_of(self.text)
    }

    /// The group, article or `*`.
    #[must_use]
    pub fn grouppart(&self) -> Grouppart<'a> {
        self.grouppart
    }
}

impl fmt::Display for NewsUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if padded(f) {
            return f.pad(self.text);
        }
        write!(f, "{}:{}", self.scheme(), self.grouppart)
    }
}

/// `nntpurl = "nntp://" hostport "/" group [ "/" digits ]` (section 3.7).
///
/// ```
/// use rfc1738::Url;
/// let Url::Nntp(url) = Url::parse("nntp://news.dom:119/comp.lang.misc/42")? else { panic!("nntp") };
/// assert_eq!((url.group(), url.article()), ("comp.lang.misc", Some("42")));
/// assert_eq!(url.article_number(), Ok(Some(42)));
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct NntpUrl<'a> {
    #[cfg_attr(
        feature = "serde",
        serde(rename = "scheme", serialize_with = "serialize_scheme")
    )]
    pub(crate) text: &'a str,
    pub(crate) hostport: Hostport<'a>,
    pub(crate) group: &'a str,
    pub(crate) article: Option<&'a str>,
}

impl<'a> NntpUrl<'a> {
    /// The scheme name as written.
    #[must_use]
    pub fn scheme(&self) -> &'a str {
        scheme_of(self.text)
    }

    /// The host and port.
    #[must_use]
    pub fn hostport(&self) -> Hostport<'a> {
        self.hostport
    }

    /// The news group name.
    #[must_use]
    pub fn group(&self) -> &'a str {
        self.group
    }

    /// The article number's digits, if any.
    #[must_use]
    pub fn article(&self) -> Option<&'a str> {
        self.article
    }
}

impl fmt::Display for NntpUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if padded(f) {
            return f.pad(self.text);
        }
        write!(f, "{}://{}/{}", self.scheme(), self.hostport, self.group)?;
        if let Some(article) = self.article {
            write!(f, "/{article}")?;
        }
        Ok(())
    }
}

/// `telneturl = "telnet://" login [ "/" ]` (section 3.8).
///
/// ```
/// use rfc1738::Url;
/// let Url::Telnet(url) = Url::parse("telnet://guest@host.dom:23/")? else { panic!("telnet") };
/// assert_eq!(url.login().user(), Some("guest"));
/// assert_eq!(url.login().hostport().port(), Some("23"));
/// assert!(url.has_slash());
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TelnetUrl<'a> {
    #[cfg_attr(
        feature = "serde",
        serde(rename = "scheme", serialize_with = "serialize_scheme")
    )]
    pub(crate) text: &'a str,
    pub(crate) login: Login<'a>,
    pub(crate) slash: bool,
}

impl<'a> TelnetUrl<'a> {
    /// The scheme name as written.
    #[must_use]
    pub fn scheme(&self) -> &'a str {
        scheme_of(self.text)
    }

    /// The user, password (advisory only, section 3.8), host and port.
    #[must_use]
    pub fn login(&self) -> Login<'a> {
        self.login
    }

    /// Whether the optional final `/` is there.
    #[must_use]
    pub fn has_slash(&self) -> bool {
        self.slash
    }
}

impl fmt::Display for TelnetUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if padded(f) {
            return f.pad(self.text);
        }
        write!(f, "{}://{}", self.scheme(), self.login)?;
        if self.slash {
            f.write_str("/")?;
        }
        Ok(())
    }
}

/// `waisdatabase = "wais://" hostport "/" database`.
///
/// ```
/// use rfc1738::Url;
/// use rfc1738::url::WaisUrl;
/// let Url::Wais(WaisUrl::Database(url)) = Url::parse("wais://host.dom/db")? else { panic!("a WaisDatabase") };
/// assert_eq!((url.hostport().host().as_str(), url.database()), ("host.dom", "db"));
/// assert_eq!(url.to_string(), "wais://host.dom/db");
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct WaisDatabase<'a> {
    #[cfg_attr(
        feature = "serde",
        serde(rename = "scheme", serialize_with = "serialize_scheme")
    )]
    pub(crate) text: &'a str,
    pub(crate) hostport: Hostport<'a>,
    pub(crate) database: &'a str,
}

/// `waisindex = "wais://" hostport "/" database "?" search`.
///
/// ```
/// use rfc1738::Url;
/// use rfc1738::url::WaisUrl;
/// let Url::Wais(WaisUrl::Index(url)) = Url::parse("wais://host.dom/db?search")? else { panic!("a WaisIndex") };
/// assert_eq!((url.database(), url.search()), ("db", "search"));
/// assert_eq!(url.to_string(), "wais://host.dom/db?search");
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct WaisIndex<'a> {
    #[cfg_attr(
        feature = "serde",
        serde(rename = "scheme", serialize_with = "serialize_scheme")
    )]
    pub(crate) text: &'a str,
    pub(crate) hostport: Hostport<'a>,
    pub(crate) database: &'a str,
    pub(crate) search: &'a str,
}

/// `waisdoc = "wais://" hostport "/" database "/" wtype "/" wpath`.
///
/// ```
/// use rfc1738::Url;
/// use rfc1738::url::WaisUrl;
/// let Url::Wais(WaisUrl::Doc(url)) = Url::parse("wais://host.dom/db/text/id1")? else { panic!("a WaisDoc") };
/// assert_eq!((url.database(), url.wtype(), url.wpath()), ("db", "text", "id1"));
/// assert_eq!(url.to_string(), "wais://host.dom/db/text/id1");
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct WaisDoc<'a> {
    #[cfg_attr(
        feature = "serde",
        serde(rename = "scheme", serialize_with = "serialize_scheme")
    )]
    pub(crate) text: &'a str,
    pub(crate) hostport: Hostport<'a>,
    pub(crate) database: &'a str,
    pub(crate) wtype: &'a str,
    pub(crate) wpath: &'a str,
}

/// `waisurl = waisdatabase | waisindex | waisdoc` (section 3.9).
///
/// ```
/// use rfc1738::Url;
/// use rfc1738::url::WaisUrl;
/// let Url::Wais(url) = Url::parse("wais://host.dom/db?search")? else { panic!("wais") };
/// assert!(matches!(url, WaisUrl::Index(_)));
/// assert_eq!((url.database(), url.search()), ("db", Some("search")));
/// let Url::Wais(url) = Url::parse("wais://host.dom/db/text/id1")? else { panic!("wais") };
/// assert!(matches!(url, WaisUrl::Doc(_)));
/// assert_eq!((url.wtype(), url.wpath()), (Some("text"), Some("id1")));
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum WaisUrl<'a> {
    /// A database available for searching.
    Database(WaisDatabase<'a>),
    /// A search in a database.
    Index(WaisIndex<'a>),
    /// A document of a database.
    Doc(WaisDoc<'a>),
}

/// The accessors every form of a wais URL has: its scheme name, host and
/// port, and database.
macro_rules! wais_common {
    ($($name:ident),*) => {$(
        impl<'a> $name<'a> {
            /// The scheme name as written.
            #[must_use]
            pub fn scheme(&self) -> &'a str {
                scheme_of(self.text)
            }

            /// The host and port.
            #[must_use]
            pub fn hostport(&self) -> Hostport<'a> {
                self.hostport
            }

            /// The database name as written.
            #[must_use]
            pub fn database(&self) -> &'a str {
                self.database
            }
        }
    )*};
}

wais_common!(WaisDatabase, WaisIndex, WaisDoc);

impl<'a> WaisIndex<'a> {
    /// The search after the `?`, as written.
    #[must_use]
    pub fn search(&self) -> &'a str {
        self.search
    }
}

impl<'a> WaisDoc<'a> {
    /// The `wtype` (the document's type), as written.
    #[must_use]
    pub fn wtype(&self) -> &'a str {
        self.wtype
    }

    /// The `wpath` (the document's id), as written.
    #[must_use]
    pub fn wpath(&self) -> &'a str {
        self.wpath
    }
}

impl fmt::Display for WaisDatabase<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if padded(f) {
            return f.pad(self.text);
        }
        write!(f, "{}://{}/{}", self.scheme(), self.hostport, self.database)
    }
}

impl fmt::Display for WaisIndex<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if padded(f) {
            return f.pad(self.text);
        }
        write!(
            f,
            "{}://{}/{}?{}",
            self.scheme(),
            self.hostport,
            self.database,
            self.search
        )
    }
}

impl fmt::Display for WaisDoc<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if padded(f) {
            return f.pad(self.text);
        }
        write!(
            f,
            "{}://{}/{}/{}/{}",
            self.scheme(),
            self.hostport,
            self.database,
            self.wtype,
            self.wpath
        )
    }
}

impl<'a> WaisUrl<'a> {
    /// The scheme name as written.
    #[must_use]
    pub fn scheme(&self) -> &'a str {
        match self {
            WaisUrl::Database(url) => url.scheme(),
            WaisUrl::Index(url) => url.scheme(),
            WaisUrl::Doc(url) => url.scheme(),
        }
    }

    /// The whole text the production matched, as written.
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        match self {
            WaisUrl::Database(url) => url.as_str(),
            WaisUrl::Index(url) => url.as_str(),
            WaisUrl::Doc(url) => url.as_str(),
        }
    }

    /// The host and port.
    #[must_use]
    pub fn hostport(&self) -> Hostport<'a> {
        match self {
            WaisUrl::Database(url) => url.hostport(),
            WaisUrl::Index(url) => url.hostport(),
            WaisUrl::Doc(url) => url.hostport(),
        }
    }

    /// The database name as written.
    #[must_use]
    pub fn database(&self) -> &'a str {
        match self {
            WaisUrl::Database(url) => url.database(),
            WaisUrl::Index(url) => url.database(),
            WaisUrl::Doc(url) => url.database(),
        }
    }

    /// The search of a `waisindex`.
    #[must_use]
    pub fn search(&self) -> Option<&'a str> {
        match self {
            WaisUrl::Index(url) => Some(url.search()),
            _ => None,
        }
    }

    /// The `wtype` of a `waisdoc`.
    #[must_use]
    pub fn wtype(&self) -> Option<&'a str> {
        match self {
            WaisUrl::Doc(url) => Some(url.wtype()),
            _ => None,
        }
    }

    /// The `wpath` (the document id) of a `waisdoc`.
    #[must_use]
    pub fn wpath(&self) -> Option<&'a str> {
        match self {
            WaisUrl::Doc(url) => Some(url.wpath()),
            _ => None,
        }
    }
}

impl AsRef<str> for WaisUrl<'_> {
    /// [`as_str`](Self::as_str): the whole text, whichever form.
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialOrd for WaisUrl<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for WaisUrl<'_> {
    /// By the text, as each form is: the text says which form it is (only
    /// a `waisindex` has a `?`, only a `waisdoc` a `/` after the database).
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl fmt::Display for WaisUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WaisUrl::Database(url) => url.fmt(f),
            WaisUrl::Index(url) => url.fmt(f),
            WaisUrl::Doc(url) => url.fmt(f),
        }
    }
}

/// One `fieldspec = ";" fieldname "=" fieldvalue` of a prospero URL.
///
/// ```
/// use rfc1738::Url;
/// let Url::Prospero(url) = Url::parse("prospero://host.dom//pros/name;version=2;lang=en")? else {
///     panic!("prospero");
/// };
/// let fields: Vec<(&str, &str)> =
///     url.fieldspecs().iter().map(|field| (field.fieldname, field.fieldvalue)).collect();
/// assert_eq!(fields, [("version", "2"), ("lang", "en")]);
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Fieldspec<'a> {
    /// The field name as written.
    pub fieldname: &'a str,
    /// The field value as written.
    pub fieldvalue: &'a str,
}

/// The `*[ fieldspec ]` of a prospero URL, as written (empty or starting
/// with `;`).
///
/// ```
/// use rfc1738::Url;
/// let Url::Prospero(url) = Url::parse("prospero://host.dom/name;version=2")? else { panic!() };
/// assert_eq!(url.fieldspecs().as_str(), ";version=2");
/// assert_eq!(url.fieldspecs().iter().count(), 1);
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Fieldspecs<'a>(pub(crate) &'a str);

impl<'a> Fieldspecs<'a> {
    /// The field specs as written.
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.0
    }

    /// Each field name and value, in the order of the URL (a
    /// [`FieldspecsIter`], which reads from either end). `for field in
    /// url.fieldspecs()` reads them too.
    pub fn iter(&self) -> FieldspecsIter<'a> {
        FieldspecsIter(self.0)
    }
}

impl<'a> IntoIterator for Fieldspecs<'a> {
    type Item = Fieldspec<'a>;
    type IntoIter = FieldspecsIter<'a>;

    /// [`Fieldspecs::iter`].
    ///
    /// ```
    /// use rfc1738::Url;
    /// let Url::Prospero(url) = Url::parse("prospero://h/p;a=1;b=2")? else { panic!() };
    /// let mut names = Vec::new();
    /// for field in url.fieldspecs() {
    ///     names.push(field.fieldname);
    /// }
    /// assert_eq!(names, ["a", "b"]);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    fn into_iter(self) -> FieldspecsIter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &Fieldspecs<'a> {
    type Item = Fieldspec<'a>;
    type IntoIter = FieldspecsIter<'a>;

    /// [`Fieldspecs::iter`].
    fn into_iter(self) -> FieldspecsIter<'a> {
        self.iter()
    }
}

/// The field specs of a prospero URL, each name and value as written: what
/// [`Fieldspecs::iter`] returns. It reads from either end
/// (`DoubleEndedIterator`), and once it has ended it gives nothing more
/// (`FusedIterator`).
///
/// ```
/// use rfc1738::Url;
/// use rfc1738::url::FieldspecsIter;
/// let Url::Prospero(url) = Url::parse("prospero://h/p;a=1;b=;c=3")? else { panic!() };
/// let mut fields: FieldspecsIter<'_> = url.fieldspecs().iter();
/// assert_eq!(fields.next_back().map(|field| field.fieldvalue), Some("3"));
/// let names: Vec<_> = fields.map(|field| field.fieldname).collect();
/// assert_eq!(names, ["a", "b"]);
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct FieldspecsIter<'a>(
    /// The field specs not read yet: empty, or starting with `;`.
    &'a str,
);

/// A field spec's name and value. The grammar allows `;` and `=` in neither
/// a name nor a value, so each `;` starts a field spec and its first `=`
/// separates name from value.
fn fieldspec(spec: &str) -> Fieldspec<'_> {
    let (fieldname, fieldvalue) = spec.split_once('=').unwrap_or((spec, ""));
    Fieldspec {
        fieldname,
        fieldvalue,
    }
}

impl<'a> Iterator for FieldspecsIter<'a> {
    type Item = Fieldspec<'a>;

    fn next(&mut self) -> Option<Fieldspec<'a>> {
        let rest = self.0.strip_prefix(';')?;
        let (spec, after) = rest.split_at(rest.find(';').unwrap_or(rest.len()));
        self.0 = after;
        Some(fieldspec(spec))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        // Each field spec takes a `;` at least.
        (usize::from(!self.0.is_empty()), Some(self.0.len()))
    }
}

impl<'a> DoubleEndedIterator for FieldspecsIter<'a> {
    fn next_back(&mut self) -> Option<Fieldspec<'a>> {
        let last = self.0.rfind(';')?;
        let (before, spec) = self.0.split_at(last);
        self.0 = before;
        // After the `;`, an ASCII byte: a boundary.
        Some(fieldspec(spec.get(1..).unwrap_or_default()))
    }
}

/// Once it has given its last field spec, it gives no more.
impl FusedIterator for FieldspecsIter<'_> {}

/// `prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]` (section 3.11).
///
/// ```
/// use rfc1738::Url;
/// let Url::Prospero(url) = Url::parse("prospero://host.dom//pros/name")? else { panic!() };
/// assert_eq!(url.ppath().as_str(), "/pros/name");
/// assert_eq!(url.hsoname(), "/pros/name");
/// assert_eq!(url.hostport().host().as_str(), "host.dom");
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ProsperoUrl<'a> {
    #[cfg_attr(
        feature = "serde",
        serde(rename = "scheme", serialize_with = "serialize_scheme")
    )]
    pub(crate) text: &'a str,
    pub(crate) hostport: Hostport<'a>,
    pub(crate) ppath: Path<'a>,
    pub(crate) fieldspecs: Fieldspecs<'a>,
}

impl<'a> ProsperoUrl<'a> {
    /// The scheme name as written.
    #[must_use]
    pub fn scheme(&self) -> &'a str {
        scheme_of(self.text)
    }

    /// The host and port.
    #[must_use]
    pub fn hostport(&self) -> Hostport<'a> {
        self.hostport
    }

    /// The `ppath`: the hsoname, as written.
    #[must_use]
    pub fn ppath(&self) -> Path<'a> {
        self.ppath
    }

    /// The field specs after the path.
    #[must_use]
    pub fn fieldspecs(&self) -> Fieldspecs<'a> {
        self.fieldspecs
    }
}

impl fmt::Display for ProsperoUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if padded(f) {
            return f.pad(self.text);
        }
        write!(
            f,
            "{}://{}/{}{}",
            self.scheme(),
            self.hostport,
            self.ppath,
            self.fieldspecs.0
        )
    }
}

/// `genericurl = scheme ":" schemepart`: a URL of any other scheme
/// (`otherurl = genericurl`).
///
/// ```
/// use rfc1738::Url;
/// let Url::Other(url) = Url::parse("https://host.dom/a?b")? else { panic!("another scheme") };
/// assert_eq!((url.scheme(), url.schemepart()), ("https", "//host.dom/a?b"));
/// let login = url.ip_schemepart().map(|ip| ip.login());
/// assert_eq!(login.map(|login| login.hostport().host().as_str()), Some("host.dom"));
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GenericUrl<'a> {
    #[cfg_attr(
        feature = "serde",
        serde(rename = "scheme", serialize_with = "serialize_scheme")
    )]
    pub(crate) text: &'a str,
    pub(crate) schemepart: &'a str,
}

impl<'a> GenericUrl<'a> {
    /// The scheme name as written.
    #[must_use]
    pub fn scheme(&self) -> &'a str {
        scheme_of(self.text)
    }

    /// Everything after the `:`, as written.
    #[must_use]
    pub fn schemepart(&self) -> &'a str {
        self.schemepart
    }
}

impl fmt::Display for GenericUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if padded(f) {
            return f.pad(self.text);
        }
        write!(f, "{}:{}", self.scheme(), self.schemepart)
    }
}
