//! NEWS (section 3.6): `newsurl`, `grouppart`, `group`, `article`.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{consumed, value};

use super::chars::alpha;
use super::ip::host;
use super::leaf::{E, lit, many, rule, scheme_lit, seq, span};
use crate::ast::{Article, Grouppart, NewsUrl};
use crate::input::Text;
use crate::trace::Observer;
use crate::{Rule, charset};

/// ```text
/// newsurl = "news:" grouppart
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/newsurl.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, news::newsurl};
/// use rfc1738::url::Grouppart;
///
/// let (_, url) = newsurl(Quiet).parse_complete("news:comp.infosystems.www").unwrap();
/// assert_eq!(url.grouppart(), Grouppart::Group("comp.infosystems.www"));
/// ```
#[must_use]
pub fn newsurl<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = NewsUrl<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Newsurl,
        consumed(seq((scheme_lit(o, "news:"), grouppart(o)))),
    )
    .map(|(text, (_, grouppart)): (I, _)| NewsUrl {
        text: text.text(),
        grouppart,
    })
}

/// ```text
/// grouppart = "*" | group | article
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/grouppart.md"))]
///
/// Tried in the order `article | "*" | group`, not the BNF's: an article's
/// first part can start with `*` or be a whole group name (`*x@h`,
/// `comp.lang@h`), so in the BNF's order nom's ordered choice would commit to
/// `"*"` or `group` and fail at the `@`. The three languages are disjoint
/// (only an article has an `@`), so the order changes no verdict.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, news::grouppart};
/// use rfc1738::url::Grouppart;
///
/// assert_eq!(grouppart(Quiet).parse_complete("*"), Ok(("", Grouppart::All)));
/// assert_eq!(grouppart(Quiet).parse_complete("comp.lang"), Ok(("", Grouppart::Group("comp.lang"))));
/// let (_, part) = grouppart(Quiet).parse_complete("comp.lang@h").unwrap();
/// assert!(matches!(part, Grouppart::Article(article) if article.unique() == "comp.lang"));
/// ```
#[must_use]
pub fn grouppart<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = Grouppart<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Grouppart,
        alt((
            article(o).map(Grouppart::Article),
            value(Grouppart::All, lit(o, "*")),
            group(o).map(Grouppart::Group),
        )),
    )
}

/// ```text
/// group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/group.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, news::group};
///
/// assert_eq!(group(Quiet).parse_complete("comp.lang.c++ x"), Ok((" x", "comp.lang.c++")));
/// // A group name starts with a letter.
/// assert!(group(Quiet).parse_complete("1x").is_err());
/// ```
#[must_use]
pub fn group<'a, I: Text<'a>, O: Observer>(o: O) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(
        o,
        Rule::Group,
        span(seq((alpha(o), many(o, &charset::GROUP_BODY, false)))),
    )
}

/// ```text
/// article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/article.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, news::article};
///
/// let (_, article) = article(Quiet).parse_complete("1234@host.dom").unwrap();
/// assert_eq!((article.unique(), article.host().as_str()), ("1234", "host.dom"));
/// ```
#[must_use]
pub fn article<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = Article<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Article,
        seq((many(o, &charset::ARTICLE_BODY, true), lit(o, "@"), host(o))),
    )
    .map(|(unique, _, host)| Article { unique, host })
}
