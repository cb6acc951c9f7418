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
/// Fast form: `scan::fpath`.
///
/// ```
/// use nom::Parser;
/// use rfc1738::grammar::{Quiet, ftp::fpath};
///
/// let (rest, path) = fpath(Quiet).parse_complete("pub/file.txt;type=a").unwrap();
/// assert_eq!(path.segments().collect::<Vec<_>>(), ["pub", "file.txt"]);
/// assert_eq!(rest, ";type=a");
/// ```
pub fn fpath<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = Path<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Fpath,
        scanned(
            o,
            scan::fpath,
            span(seq((fsegment(o), star(o, seq((lit(o, "/"), fsegment(o))))))),
        ),
    )
    .map(Path)
}

/// ```text
/// fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/fsegment.md"))]
pub fn fsegment<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Fsegment, many(o, &charset::FSEGMENT_BODY, false))
}

/// ```text
/// ftptype = "A" | "I" | "D" | "a" | "i" | "d"
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/ftptype.md"))]
pub fn ftptype<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Ftptype, one(o, &charset::FTPTYPE))
}
