//! FTP (section 3.2): `ftpurl`, `fpath`, `fsegment`, `ftptype`.

use nom::Parser;
use nom::combinator::{consumed, opt};
use nom::sequence::preceded;

use super::ip::login;
use super::leaf::{E, lit, many, one, rule, scanned, scheme_lit, seq, span, star};
use crate::ast::{FtpUrl, Path};
use crate::input::Text;
use crate::trace::Observer;
use crate::{Rule, charset, scan};

/// ```text
/// ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/ftpurl.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, ftp::ftpurl};
///
/// let (_, url) = ftpurl(Quiet).parse_complete("ftp://me@host.dom/pub/f.txt;type=i").unwrap();
/// assert_eq!(url.login().user(), Some("me"));
/// assert_eq!(url.fpath().map(|path| path.as_str()), Some("pub/f.txt"));
/// assert_eq!(url.ftptype(), Some("i"));
/// ```
#[must_use]
pub fn ftpurl<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = FtpUrl<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Ftpurl,
        consumed(seq((
            scheme_lit(o, "ftp://"),
            login(o),
            opt(preceded(
                lit(o, "/"),
                seq((fpath(o), opt(preceded(lit(o, ";type="), ftptype(o))))),
            )),
        ))),
    )
    .map(|(text, (_, login, path)): (I, _)| FtpUrl {
        text: text.text(),
        login,
        fpath: path.map(|(fpath, _)| fpath),
        ftptype: path.and_then(|(_, ftptype)| ftptype),
    })
}

/// ```text
/// fpath = fsegment *[ "/" fsegment ]
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/fpath.md"))]
///
/// Fast form: `scan::FPATH`.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, ftp::fpath};
///
/// let (rest, path) = fpath(Quiet).parse_complete("pub/file.txt;type=a").unwrap();
/// assert_eq!(path.segments().collect::<Vec<_>>(), ["pub", "file.txt"]);
/// assert_eq!(rest, ";type=a");
/// ```
#[must_use]
pub fn fpath<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = Path<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Fpath,
        scanned(
            o,
            scan::FPATH,
            span(seq((fsegment(o), star(o, seq((lit(o, "/"), fsegment(o))))))),
        ),
    )
    .map(Path)
}

/// ```text
/// fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/fsegment.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, ftp::fsegment};
///
/// assert_eq!(fsegment(Quiet).parse_complete("a%2Fb/c"), Ok(("/c", "a%2Fb")));
/// // An empty segment too: `ftp://h//x` has one.
/// assert_eq!(fsegment(Quiet).parse_complete("/x"), Ok(("/x", "")));
/// ```
#[must_use]
pub fn fsegment<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Fsegment, many(o, &charset::FSEGMENT_BODY, false))
}

/// ```text
/// ftptype = "A" | "I" | "D" | "a" | "i" | "d"
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/ftptype.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, ftp::ftptype};
///
/// assert_eq!(ftptype(Quiet).parse_complete("d"), Ok(("", "d")));
/// assert!(ftptype(Quiet).parse_complete("x").is_err());
/// ```
#[must_use]
pub fn ftptype<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Ftptype, one(o, &charset::FTPTYPE))
}
