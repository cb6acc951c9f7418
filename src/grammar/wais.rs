//! WAIS (section 3.9): `waisurl`, its three forms, `database`, `wtype`,
//! `wpath`.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::opt;

use super::chars::UCHAR_SET;
use super::http::search;
use super::ip::hostport;
use super::primitive::{E, attempt, fast_or, lit, many, rule, scheme_lit};
use crate::Rule;
use crate::ast::{WaisDatabase, WaisDoc, WaisIndex, WaisUrl};
use crate::input::Source;

/// ```text
/// waisurl = waisdatabase | waisindex | waisdoc
/// ```
///
/// Tried in the order `waisdoc | waisindex | waisdatabase`, not the BNF's:
/// every `waisindex` and `waisdoc` starts with a `waisdatabase`, so in the
/// BNF's order nom's ordered choice would always stop after the database.
/// The three are disjoint (`database` has neither `/` nor `?`; the character
/// after it decides), so the order changes no verdict. The fast inputs read
/// the shared `"wais://" hostport "/" database` once.
pub fn waisurl<'a, I: Source<'a>>() -> impl Parser<I, Output = WaisUrl<'a>, Error = E<I>> {
    // The three forms share `"wais://" hostport "/" database`; the fast
    // inputs read it once and then the tail that decides the form, tried in
    // the same order, so they consume the same bytes and build the same URL.
    let shared = (scheme_lit("wais://"), hostport(), lit("/"), database());
    let tail = opt(alt((
        attempt((lit("/"), wtype(), lit("/"), wpath()))
            .map(|(_, wtype, _, wpath)| (Some((wtype, wpath)), None)),
        (lit("?"), search()).map(|(_, search)| (None, Some(search))),
    )));
    let fast = (shared, tail).map(|((scheme, hostport, _, database), tail)| match tail {
        Some((Some((wtype, wpath)), _)) => WaisUrl::Doc(WaisDoc {
            scheme,
            hostport,
            database,
            wtype,
            wpath,
        }),
        Some((None, Some(search))) => WaisUrl::Index(WaisIndex {
            scheme,
            hostport,
            database,
            search,
        }),
        _ => WaisUrl::Database(WaisDatabase {
            scheme,
            hostport,
            database,
        }),
    });
    rule(
        Rule::Waisurl,
        fast_or(
            fast,
            alt((
                waisdoc().map(WaisUrl::Doc),
                waisindex().map(WaisUrl::Index),
                waisdatabase().map(WaisUrl::Database),
            )),
        ),
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
