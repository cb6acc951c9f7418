//! The typed, borrowed syntax tree of a URL: what [`crate::parse`] returns.
//!
//! One type per scheme rule of section 5 (`schemes`) and per part of the
//! common internet scheme syntax (`parts`), each field a production's text
//! as written (still `%`-encoded), borrowed from the parsed input. `Display`
//! writes the parts back in the production's order and reproduces the input
//! byte for byte. What the parts mean (decoding, ports, the protocol
//! requests) is in [`crate::url`], above the grammar; this module sits below
//! it, and knows nothing of either.

use core::fmt;

mod parts;
mod schemes;

pub use parts::{Host, Hostport, IpSchemepart, Login, Path, Segments};
pub use schemes::{
    Article, Fieldspec, Fieldspecs, FieldspecsIter, FileHost, FileUrl, FtpUrl, GenericUrl,
    GopherPath, GopherUrl, Grouppart, HttpUrl, MailtoUrl, NewsUrl, NntpUrl, ProsperoUrl, TelnetUrl,
    WaisDatabase, WaisDoc, WaisIndex, WaisUrl,
};

use crate::Rule;

/// A URL read by one alternative of `url`: one variant per alternative, in
/// the order of the production (`url = httpurl | ftpurl | newsurl |
/// nntpurl | telneturl | gopherurl | waisurl | mailtourl | fileurl |
/// prosperourl | otherurl`).
///
/// A `Url` from [`parse`](crate::parse) (or [`Url::parse`]) matched the
/// scheme rule its scheme selects. The [`grammar`](crate::grammar)'s own
/// combinators read by the BNF alone, where every URL is an `otherurl` too:
/// their `url` gives `http://user@h/`, which `parse` rejects (section 3.3
/// allows no user name), as a [`Url::Other`]. What is said below of a
/// `Url`'s meaning (its canonical form, its decoded parts) holds for a
/// `Url` that `parse` accepts.
///
/// Every part borrows from the parsed text; nothing is decoded.
/// [`as_str`](Url::as_str) is the whole text, and `Display` writes the parts
/// back and reproduces it byte for byte.
///
/// Two URLs are equal when they are the same text read by the same scheme
/// rule; they are ordered by their text, then by the rule, and hashed by
/// both, so that `Eq`, `Ord` and `Hash` agree. The rule matters only for a
/// tree built by the [`grammar`](crate::grammar)'s own combinators: `parse`
/// reads a text by the one rule its scheme selects.
///
/// A `Url` also equals a `str` and a [`UrlBuf`](crate::UrlBuf), either way
/// round, that hold its text, if it was read by the rule that text's scheme
/// selects: a `str` compares as the `Url` that `parse` reads from it. For a
/// `Url` that `parse` returned, that is its text alone; the scheme's case is
/// not folded (`HTTP://h/` is not `http://h/`). A `Url` is not
/// `Borrow<str>`, which asks that two values be equal exactly when their
/// texts are, and hashed as their texts: one text read by two rules makes
/// two unequal trees, and the rule is hashed too.
///
/// ```
/// use rfc1738::Url;
///
/// let url = Url::parse("ftp://myname@host.dom/%2Fetc/motd")?;
/// let Url::Ftp(ftp) = url else { panic!("an ftp URL") };
/// assert_eq!(ftp.login().user(), Some("myname"));
/// assert_eq!(url.as_str(), "ftp://myname@host.dom/%2Fetc/motd");
/// assert!(url < Url::parse("http://host.dom/")?);
/// # Ok::<(), rfc1738::Error>(())
/// ```
///
/// A `Url` borrows the text it was parsed from; to keep a URL beyond it,
/// store a [`UrlBuf`](crate::UrlBuf) ([`url.to_url_buf()`](Url::to_url_buf),
/// see [its documentation](crate::UrlBuf#from-a-url)).
///
/// Each variant's tree converts into a `Url` (`From`), and a `Url` into the
/// tree of its variant (`TryFrom`, which gives the `Url` back when it is of
/// another variant):
///
/// ```
/// use rfc1738::Url;
/// use rfc1738::url::{FtpUrl, HttpUrl};
///
/// let url = Url::parse("http://host.dom/")?;
/// let http = HttpUrl::try_from(url).expect("an http URL");
/// assert_eq!(http.hostport().to_string(), "host.dom");
/// assert_eq!(Url::from(http), url);
/// assert_eq!(FtpUrl::try_from(url), Err(url));
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub enum Url<'a> {
    /// `httpurl` (section 3.3).
    Http(HttpUrl<'a>),
    /// `ftpurl` (section 3.2).
    Ftp(FtpUrl<'a>),
    /// `newsurl` (section 3.6).
    News(NewsUrl<'a>),
    /// `nntpurl` (section 3.7).
    Nntp(NntpUrl<'a>),
    /// `telneturl` (section 3.8).
    Telnet(TelnetUrl<'a>),
    /// `gopherurl` (section 3.4).
    Gopher(GopherUrl<'a>),
    /// `waisurl` (section 3.9).
    Wais(WaisUrl<'a>),
    /// `mailtourl` (section 3.5).
    Mailto(MailtoUrl<'a>),
    /// `fileurl` (section 3.10).
    File(FileUrl<'a>),
    /// `prosperourl` (section 3.11).
    Prospero(ProsperoUrl<'a>),
    /// `otherurl = genericurl`: any scheme section 3 does not define.
    Other(GenericUrl<'a>),
}

impl<'a> Url<'a> {
    /// The scheme rule the URL matched (`httpurl`, …, `otherurl`): what
    /// to match on without naming the variant, or to report.
    ///
    /// ```
    /// use rfc1738::{Rule, parse};
    /// assert_eq!(parse("gopher://spinaltap.micro.umn.edu/00/Weather")?.rule(), Rule::Gopherurl);
    /// // The scheme name selects the rule whatever its case (section 2.1);
    /// // a scheme section 3 does not define is read by `otherurl`.
    /// assert_eq!(parse("FTP://ds.internic.net/rfc/rfc1738.txt")?.rule(), Rule::Ftpurl);
    /// assert_eq!(parse("https://host.dom/")?.rule(), Rule::Otherurl);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn rule(&self) -> Rule {
        match self {
            Url::Http(_) => Rule::Httpurl,
            Url::Ftp(_) => Rule::Ftpurl,
            Url::News(_) => Rule::Newsurl,
            Url::Nntp(_) => Rule::Nntpurl,
            Url::Telnet(_) => Rule::Telneturl,
            Url::Gopher(_) => Rule::Gopherurl,
            Url::Wais(_) => Rule::Waisurl,
            Url::Mailto(_) => Rule::Mailtourl,
            Url::File(_) => Rule::Fileurl,
            Url::Prospero(_) => Rule::Prosperourl,
            Url::Other(_) => Rule::Otherurl,
        }
    }

    /// The whole URL as written: the text it was parsed from, borrowed.
    ///
    /// ```
    /// let url = rfc1738::parse("HTTP://host.dom:80/%7Euser")?;
    /// assert_eq!(url.as_str(), "HTTP://host.dom:80/%7Euser");
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        match self {
            Url::Http(url) => url.as_str(),
            Url::Ftp(url) => url.as_str(),
            Url::News(url) => url.as_str(),
            Url::Nntp(url) => url.as_str(),
            Url::Telnet(url) => url.as_str(),
            Url::Gopher(url) => url.as_str(),
            Url::Wais(url) => url.as_str(),
            Url::Mailto(url) => url.as_str(),
            Url::File(url) => url.as_str(),
            Url::Prospero(url) => url.as_str(),
            Url::Other(url) => url.as_str(),
        }
    }

    /// The scheme name as written: `HTTP` stays `HTTP`. Section 2.1 has
    /// programs treat its case as equivalent: compare it with
    /// `eq_ignore_ascii_case`.
    ///
    /// ```
    /// let url = rfc1738::parse("HTTP://info.cern.ch/hypertext/WWW/TheProject.html")?;
    /// assert_eq!(url.scheme(), "HTTP");
    /// assert!(url.scheme().eq_ignore_ascii_case("http"));
    /// assert_eq!(rfc1738::parse("x-local:anything")?.scheme(), "x-local");
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn scheme(&self) -> &'a str {
        match self {
            Url::Http(url) => url.scheme(),
            Url::Ftp(url) => url.scheme(),
            Url::News(url) => url.scheme(),
            Url::Nntp(url) => url.scheme(),
            Url::Telnet(url) => url.scheme(),
            Url::Gopher(url) => url.scheme(),
            Url::Wais(url) => url.scheme(),
            Url::Mailto(url) => url.scheme(),
            Url::File(url) => url.scheme(),
            Url::Prospero(url) => url.scheme(),
            Url::Other(url) => url.scheme(),
        }
    }
}

impl fmt::Display for Url<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Url::Http(url) => url.fmt(f),
            Url::Ftp(url) => url.fmt(f),
            Url::News(url) => url.fmt(f),
            Url::Nntp(url) => url.fmt(f),
            Url::Telnet(url) => url.fmt(f),
            Url::Gopher(url) => url.fmt(f),
            Url::Wais(url) => url.fmt(f),
            Url::Mailto(url) => url.fmt(f),
            Url::File(url) => url.fmt(f),
            Url::Prospero(url) => url.fmt(f),
            Url::Other(url) => url.fmt(f),
        }
    }
}

/// `From` each variant's tree into a [`Url`], and `TryFrom` a `Url` into
/// it.
macro_rules! variants {
    ($($variant:ident($tree:ident),)*) => {$(
        impl<'a> From<$tree<'a>> for Url<'a> {
            #[doc = concat!("`Url::", stringify!($variant), "(url)`.")]
            fn from(url: $tree<'a>) -> Url<'a> {
                Url::$variant(url)
            }
        }

        impl<'a> TryFrom<Url<'a>> for $tree<'a> {
            type Error = Url<'a>;

            #[doc = concat!("The tree of a `Url::", stringify!($variant), "`.")]
            ///
            /// # Errors
            ///
            /// The `Url` itself, given back, when it is of another variant.
            fn try_from(url: Url<'a>) -> Result<$tree<'a>, Url<'a>> {
                match url {
                    Url::$variant(tree) => Ok(tree),
                    other => Err(other),
                }
            }
        }
    )*};
}

variants! {
    Http(HttpUrl),
    Ftp(FtpUrl),
    News(NewsUrl),
    Nntp(NntpUrl),
    Telnet(TelnetUrl),
    Gopher(GopherUrl),
    Wais(WaisUrl),
    Mailto(MailtoUrl),
    File(FileUrl),
    Prospero(ProsperoUrl),
    Other(GenericUrl),
}

impl AsRef<str> for Url<'_> {
    /// [`Url::as_str`]: the whole URL as written, for a function that takes
    /// any `impl AsRef<str>`.
    ///
    /// ```
    /// fn length(text: impl AsRef<str>) -> usize {
    ///     text.as_ref().len()
    /// }
    /// let url = rfc1738::Url::parse("news:comp.infosystems.www.misc")?;
    /// assert_eq!(url.as_ref(), url.as_str());
    /// assert_eq!(length(url), 30);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for Url<'_> {
    /// The same text read by the same rule: the parts follow from those.
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str() && self.rule() == other.rule()
    }
}

impl Eq for Url<'_> {}

impl PartialOrd for Url<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Url<'_> {
    /// By the text, then by the rule.
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        (self.as_str(), self.rule()).cmp(&(other.as_str(), other.rule()))
    }
}

impl core::hash::Hash for Url<'_> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
        self.rule().hash(state);
    }
}
