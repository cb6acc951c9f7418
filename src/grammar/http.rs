//! HTTP (section 3.3): `httpurl`, `hpath`, `hsegment`, `search`.

use nom::Parser;
use nom::combinator::opt;
use nom::sequence::preceded;

use super::ip::hostport;
use super::primitive::{E, Set, fast_or, lit, many, rule, scheme_lit, span, star};
use crate::Rule;
use crate::ast::{HttpUrl, Path};
use crate::expected::Expected::{Literal, Rule as R};
use crate::input::Source;

/// ```text
/// httpurl = "http://" hostport [ "/" hpath [ "?" search ]]
/// ```
pub fn httpurl<'a, I: Source<'a>>() -> impl Parser<I, Output = HttpUrl<'a>, Error = E<I>> {
    rule(
        Rule::Httpurl,
        (
            scheme_lit("http://"),
            hostport(),
            opt(preceded(
                lit("/"),
                (hpath(), opt(preceded(lit("?"), search()))),
            )),
        ),
    )
    .map(|(scheme, hostport, path)| HttpUrl {
        scheme,
        hostport,
        hpath: path.map(|(hpath, _)| hpath),
        search: path.and_then(|(_, search)| search),
    })
}

/// ```text
/// hpath = hsegment *[ "/" hsegment ]
/// ```
///
/// The fast inputs scan the `hsegment`s and the `/`s between them in one run.
pub fn hpath<'a, I: Source<'a>>() -> impl Parser<I, Output = Path<'a>, Error = E<I>> {
    rule(
        Rule::Hpath,
        fast_or(
            many(&HPATH, false),
            span((hsegment(), star((lit("/"), hsegment())))),
        ),
    )
    .map(Path)
}

/// The characters of `hpath` on the fast inputs: a `hsegment` can be empty and
/// has no `/`, so `hsegment *[ "/" hsegment ]` is any run of its characters and
/// `/`, scanned at once.
static HPATH: Set = Set::of(&[
    R(Rule::Uchar),
    Literal(";"),
    Literal(":"),
    Literal("@"),
    Literal("&"),
    Literal("="),
    Literal("/"),
]);

/// The body of `hsegment`.
static HSEGMENT: Set = Set::class(&crate::charset::HSEGMENT_BODY);

/// ```text
/// hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
/// ```
pub fn hsegment<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Hsegment, many(&HSEGMENT, false))
}

/// The body of `search` (the same as `hsegment`'s).
pub(crate) static SEARCH: Set = Set::class(&crate::charset::SEARCH_BODY);

/// ```text
/// search = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
/// ```
pub fn search<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Search, many(&SEARCH, false))
}
