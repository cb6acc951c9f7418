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

pub use parts::{Host, Hostport, IpSchemepart, Login, Path};
pub use schemes::{
    Article, Fieldspec, Fieldspecs, FileHost, FileUrl, FtpUrl, GenericUrl, GopherPath, GopherUrl,
    Grouppart, HttpUrl, MailtoUrl, NewsUrl, NntpUrl, ProsperoUrl, TelnetUrl, WaisDatabase, WaisDoc,
    WaisIndex, WaisUrl,
};

use crate::Rule;

/// A URL that matched the scheme rule its scheme selects: one variant per
/// alternative of `url`, in the order of the production
/// (`url = httpurl | ftpurl | newsurl | nntpurl | telneturl | gopherurl |
/// waisurl | mailtourl | fileurl | prosperourl | otherurl`).
///
/// Every part borrows from the parsed text; nothing is decoded. `Display`
/// writes the parts back and reproduces the input byte for byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
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
    /// The scheme rule the URL matched (`httpurl`, …, `otherurl`).
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

    /// The scheme name as written: `HTTP` stays `HTTP`.
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
