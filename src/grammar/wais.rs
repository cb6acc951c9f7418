//! WAIS (section 3.9): `waisurl`, its three forms, `database`, `wtype`,
//! `wpath`.

use nom::Parser;
use nom::branch::alt;

use super::chars::UCHAR_SET;
use super::http::search;
use super::ip::hostport;
use super::primitive::{E, lit, many, rule, scheme_lit};
use crate::Rule;
use crate::input::Source;
use crate::url::{WaisDatabase, WaisDoc, WaisIndex, WaisUrl};

/// ```text
/// waisurl = waisdatabase | waisindex | waisdoc
/// ```
///
/// Tried in the order `waisdoc | waisindex | waisdatabase`, not the BNF's:
/// every `waisindex` and `waisdoc` starts with a `waisdatabase`, so in the
/// BNF's order nom's ordered choice would always stop after the database.
/// The three are disjoint (`database` has neither `/` nor `?`; the character
/// after it decides), so the order changes no verdict.
pub fn waisurl<'a, I: Source<'a>>() -> impl Parser<I, Output = WaisUrl<'a>, Error = E<I>> {
    rule(
        Rule::Waisurl,
        alt((
            waisdoc().map(WaisUrl::Doc),
            waisindex().map(WaisUrl::Index),
            waisdatabase().map(WaisUrl::Database),
        )),
    )
}

/// ```text
/// waisdatabase = "wais://" hostport "/" database
/// ```
pub fn waisdatabase<'a, I: Source<'a>>() -> impl Parser<I, Output = WaisDatabase<'a>, Error = E<I>>
{
    rule(
        Rule::Waisdatabase,
        (scheme_lit("wais://"), hostport(), lit("/"), database()),
    )
    .map(|(scheme, hostport, _, database)| WaisDatabase {
        scheme,
        hostport,
        database,
    })
}

/// ```text
/// waisindex = "wais://" hostport "/" database "?" search
/// ```
pub fn waisindex<'a, I: Source<'a>>() -> impl Parser<I, Output = WaisIndex<'a>, Error = E<I>> {
    rule(
        Rule::Waisindex,
        (
            scheme_lit("wais://"),
            hostport(),
            lit("/"),
            database(),
            lit("?"),
            search(),
        ),
    )
    .map(|(scheme, hostport, _, database, _, search)| WaisIndex {
        scheme,
        hostport,
        database,
        search,
    })
}

/// ```text
/// waisdoc = "wais://" hostport "/" database "/" wtype "/" wpath
/// ```
pub fn waisdoc<'a, I: Source<'a>>() -> impl Parser<I, Output = WaisDoc<'a>, Error = E<I>> {
    rule(
        Rule::Waisdoc,
        (
            scheme_lit("wais://"),
            hostport(),
            lit("/"),
            database(),
            lit("/"),
            wtype(),
            lit("/"),
            wpath(),
        ),
    )
    .map(
        |(scheme, hostport, _, database, _, wtype, _, wpath)| WaisDoc {
            scheme,
            hostport,
            database,
            wtype,
            wpath,
        },
    )
}

/// ```text
/// database = *uchar
/// ```
pub fn database<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Database, many(&UCHAR_SET, false))
}

/// ```text
/// wtype = *uchar
/// ```
pub fn wtype<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Wtype, many(&UCHAR_SET, false))
}

/// ```text
/// wpath = *uchar
/// ```
pub fn wpath<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Wpath, many(&UCHAR_SET, false))
}
