//! NEWS (section 3.6): `newsurl`, `grouppart`, `group`, `article`.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::value;

use super::chars::alpha;
use super::ip::host;
use super::primitive::{E, Set, lit, many, rule, scheme_lit, span};
use crate::Rule;
use crate::ast::{Article, Grouppart, NewsUrl};
use crate::input::Source;

/// ```text
/// newsurl = "news:" grouppart
/// ```
pub fn newsurl<'a, I: Source<'a>>() -> impl Parser<I, Output = NewsUrl<'a>, Error = E<I>> {
    rule(Rule::Newsurl, (scheme_lit("news:"), grouppart()))
        .map(|(scheme, grouppart)| NewsUrl { scheme, grouppart })
}

/// ```text
/// grouppart = "*" | group | article
/// ```
///
/// Tried in the order `article | "*" | group`, not the BNF's: an article's
/// first part can start with `*` or be a whole group name (`*x@h`,
/// `comp.lang@h`), so in the BNF's order nom's ordered choice would commit to
/// `"*"` or `group` and fail at the `@`. The three languages are disjoint
/// (only an article has an `@`), so the order changes no verdict.
pub fn grouppart<'a, I: Source<'a>>() -> impl Parser<I, Output = Grouppart<'a>, Error = E<I>> {
    rule(
        Rule::Grouppart,
        alt((
            article().map(Grouppart::Article),
            value(Grouppart::All, lit("*")),
            group().map(Grouppart::Group),
        )),
    )
}

/// The body of `group`'s repetition.
static GROUP: Set = Set::class(&crate::charset::GROUP_BODY);

/// ```text
/// group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
/// ```
pub fn group<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Group, span((alpha(), many(&GROUP, false))))
}

/// The body of the repetition before an article's `@`.
static ARTICLE: Set = Set::class(&crate::charset::ARTICLE_BODY);

/// ```text
/// article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
/// ```
pub fn article<'a, I: Source<'a>>() -> impl Parser<I, Output = Article<'a>, Error = E<I>> {
    rule(Rule::Article, (many(&ARTICLE, true), lit("@"), host()))
        .map(|(unique, _, host)| Article { unique, host })
}
