//! FILE (section 3.10): `fileurl`.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{consumed, opt};
use nom::sequence::terminated;

use super::ftp::fpath;
use super::ip::host;
use super::leaf::{E, followed_by, lit, rule, scheme_lit, seq};
use crate::Rule;
use crate::ast::{FileHost, FileUrl};
use crate::input::Text;
use crate::trace::Observer;

/// ```text
/// fileurl = "file://" [ host | "localhost" ] "/" fpath
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/fileurl.md"))]
///
/// `localhost` is also a `host`, so the grammar derives `file://localhost/`
/// two ways. Section 3.10 gives `localhost` its own meaning, so the literal
/// is tried first and kept when the `/` follows it; `localhost.dom` and
/// `LOCALHOST` are hosts. Both readings accept the same strings.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, file::fileurl};
/// use rfc1738::url::FileHost;
///
/// let (_, url) = fileurl(Quiet).parse_complete("file://localhost/etc/motd").unwrap();
/// assert_eq!(url.host(), Some(FileHost::Localhost));
/// let (_, url) = fileurl(Quiet).parse_complete("file://localhost.dom/etc/motd").unwrap();
/// assert!(matches!(url.host(), Some(FileHost::Host(host)) if host.as_str() == "localhost.dom"));
/// ```
#[must_use]
pub fn fileurl<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = FileUrl<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Fileurl,
        consumed(seq((
            scheme_lit(o, "file://"),
            opt(alt((
                terminated(lit(o, "localhost"), followed_by("/", false))
                    .map(|_| FileHost::Localhost),
                host(o).map(FileHost::Host),
            ))),
            lit(o, "/"),
            fpath(o),
        ))),
    )
    .map(|(text, (_, host, _, fpath)): (I, _)| FileUrl {
        text: text.text(),
        host,
        fpath,
    })
}
