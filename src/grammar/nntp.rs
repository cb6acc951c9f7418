//! NNTP (section 3.7): `nntpurl`.

use nom::Parser;
use nom::combinator::{consumed, opt};
use nom::sequence::preceded;

use super::chars::digits;
use super::ip::hostport;
use super::leaf::{E, lit, rule, scheme_lit, seq};
use super::news::group;
use crate::Rule;
use crate::ast::NntpUrl;
use crate::input::Text;
use crate::trace::Observer;

/// ```text
/// nntpurl = "nntp://" hostport "/" group [ "/" digits ]
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/nntpurl.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, nntp::nntpurl};
///
/// let (_, url) = nntpurl(Quiet).parse_complete("nntp://news.dom/comp.lang/42").unwrap();
/// assert_eq!((url.group(), url.article()), ("comp.lang", Some("42")));
/// ```
#[must_use]
pub fn nntpurl<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = NntpUrl<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Nntpurl,
        consumed(seq((
            scheme_lit(o, "nntp://"),
            hostport(o),
            lit(o, "/"),
            group(o),
            opt(preceded(lit(o, "/"), digits(o))),
        ))),
    )
    .map(|(text, (_, hostport, _, group, article)): (I, _)| NntpUrl {
        text: text.text(),
        hostport,
        group,
        article,
    })
}
