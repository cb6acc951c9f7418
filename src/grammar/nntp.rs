//! NNTP (section 3.7): `nntpurl`.

use nom::Parser;
use nom::combinator::opt;
use nom::sequence::preceded;

use super::chars::digits;
use super::ip::hostport;
use super::news::group;
use super::primitive::{E, lit, rule, scheme_lit};
use crate::Rule;
use crate::ast::NntpUrl;
use crate::input::Source;

/// ```text
/// nntpurl = "nntp://" hostport "/" group [ "/" digits ]
/// ```
pub fn nntpurl<'a, I: Source<'a>>() -> impl Parser<I, Output = NntpUrl<'a>, Error = E<I>> {
    rule(
        Rule::Nntpurl,
        (
            scheme_lit("nntp://"),
            hostport(),
            lit("/"),
            group(),
            opt(preceded(lit("/"), digits())),
        ),
    )
    .map(|(scheme, hostport, _, group, article)| NntpUrl {
        scheme,
        hostport,
        group,
        article,
    })
}
