//! HTTP (section 3.3): `httpurl`, `hpath`, `hsegment`, `search`.

use nom::Parser;
use nom::combinator::{consumed, opt};
use nom::sequence::preceded;

use super::ip::hostport;
use super::leaf::{E, lit, many, rule, scanned, scheme_lit, seq, span, star};
use crate::ast::{HttpUrl, Path};
use crate::input::Text;
use crate::trace::Observer;
use crate::{Rule, charset, scan};

/// ```text
/// httpurl = "http://" hostport [ "/" hpath [ "?" search ]]
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/httpurl.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, http::httpurl};
///
/// let (_, url) = httpurl(Quiet).parse_complete("http://host.dom/a/b?q=1").unwrap();
/// assert_eq!(url.hostport().host().as_str(), "host.dom");
/// assert_eq!(url.hpath().map(|path| path.as_str()), Some("a/b"));
/// assert_eq!(url.search(), Some("q=1"));
/// ```
#[must_use]
pub fn httpurl<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = HttpUrl<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Httpurl,
        consumed(seq((
            scheme_lit(o, "http://"),
            hostport(o),
            opt(preceded(
                lit(o, "/"),
                seq((hpath(o), opt(preceded(lit(o, "?"), search(o))))),
            )),
        ))),
    )
    .map(|(text, (_, hostport, path)): (I, _)| HttpUrl {
        text: text.text(),
        hostport,
        hpath: path.map(|(hpath, _)| hpath),
        search: path.and_then(|(_, search)| search),
    })
}

/// ```text
/// hpath = hsegment *[ "/" hsegment ]
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/hpath.md"))]
///
/// Fast form: `scan::HPATH`.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, http::hpath};
///
/// let (rest, path) = hpath(Quiet).parse_complete("a/b%2Fc/?q").unwrap();
/// assert_eq!(path.segments().collect::<Vec<_>>(), ["a", "b%2Fc", ""]);
/// assert_eq!(rest, "?q");
/// ```
#[must_use]
pub fn hpath<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = Path<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Hpath,
        scanned(
            o,
            scan::HPATH,
            span(seq((hsegment(o), star(o, seq((lit(o, "/"), hsegment(o))))))),
        ),
    )
    .map(Path)
}

/// ```text
/// hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/hsegment.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, http::hsegment};
///
/// assert_eq!(hsegment(Quiet).parse_complete("a;b=c/d"), Ok(("/d", "a;b=c")));
/// ```
#[must_use]
pub fn hsegment<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Hsegment, many(o, &charset::HSEGMENT_BODY, false))
}

/// ```text
/// search = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/search.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, http::search};
///
/// assert_eq!(search(Quiet).parse_complete("q=a&b=%20#top"), Ok(("#top", "q=a&b=%20")));
/// // No `?` in a search.
/// assert_eq!(search(Quiet).parse_complete("a?b"), Ok(("?b", "a")));
/// ```
#[must_use]
pub fn search<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Search, many(o, &charset::SEARCH_BODY, false))
}
