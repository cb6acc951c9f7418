//! WAIS (section 3.9): `waisurl`, its three forms, `database`, `wtype`,
//! `wpath`.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::consumed;

use super::http::search;
use super::ip::hostport;
use super::leaf::{E, lit, many, rule, scheme_lit, seq};
use crate::ast::{WaisDatabase, WaisDoc, WaisIndex, WaisUrl};
use crate::input::Text;
use crate::trace::Observer;
use crate::{Rule, charset};

/// ```text
/// waisurl = waisdatabase | waisindex | waisdoc
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/waisurl.md"))]
///
/// Tried in the order `waisdoc | waisindex | waisdatabase`, not the BNF's:
/// every `waisindex` and `waisdoc` starts with a `waisdatabase`, so in the
/// BNF's order nom's ordered choice would always stop after the database.
/// The three are disjoint (`database` has neither `/` nor `?`; the character
/// after it decides), so the order changes no verdict.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, wais::waisurl};
/// use rfc1738::url::WaisUrl;
///
/// let (_, url) = waisurl(Quiet).parse_complete("wais://h/db/TEXT/doc1").unwrap();
/// assert!(matches!(url, WaisUrl::Doc(_)));
/// assert_eq!((url.database(), url.wtype(), url.wpath()), ("db", Some("TEXT"), Some("doc1")));
/// let (_, url) = waisurl(Quiet).parse_complete("wais://h/db?query").unwrap();
/// assert_eq!((url.database(), url.search()), ("db", Some("query")));
/// ```
#[must_use]
pub fn waisurl<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = WaisUrl<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Waisurl,
        alt((
            waisdoc(o).map(WaisUrl::Doc),
            waisindex(o).map(WaisUrl::Index),
            waisdatabase(o).map(WaisUrl::Database),
        )),
    )
}

/// ```text
/// waisdatabase = "wais://" hostport "/" database
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/waisdatabase.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, wais::waisdatabase};
///
/// let (rest, url) = waisdatabase(Quiet).parse_complete("wais://h/db?q").unwrap();
/// // A prefix: the `?` starts a `waisindex`.
/// assert_eq!((url.as_str(), rest), ("wais://h/db", "?q"));
/// ```
#[must_use]
pub fn waisdatabase<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = WaisDatabase<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Waisdatabase,
        consumed(seq((
            scheme_lit(o, "wais://"),
            hostport(o),
            lit(o, "/"),
            database(o),
        ))),
    )
    .map(|(text, (_, hostport, _, database)): (I, _)| WaisDatabase {
        text: text.text(),
        hostport,
        database,
    })
}

/// ```text
/// waisindex = "wais://" hostport "/" database "?" search
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/waisindex.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, wais::waisindex};
///
/// let (_, url) = waisindex(Quiet).parse_complete("wais://h:210/db?query").unwrap();
/// assert_eq!(url.as_str(), "wais://h:210/db?query");
/// assert!(waisindex(Quiet).parse_complete("wais://h/db").is_err());
/// ```
#[must_use]
pub fn waisindex<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = WaisIndex<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Waisindex,
        consumed(seq((
            scheme_lit(o, "wais://"),
            hostport(o),
            lit(o, "/"),
            database(o),
            lit(o, "?"),
            search(o),
        ))),
    )
    .map(
        |(text, (_, hostport, _, database, _, search)): (I, _)| WaisIndex {
            text: text.text(),
            hostport,
            database,
            search,
        },
    )
}

/// ```text
/// waisdoc = "wais://" hostport "/" database "/" wtype "/" wpath
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/waisdoc.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, wais::waisdoc};
///
/// let (_, url) = waisdoc(Quiet).parse_complete("wais://h/db/TEXT/doc1").unwrap();
/// assert_eq!(url.as_str(), "wais://h/db/TEXT/doc1");
/// assert!(waisdoc(Quiet).parse_complete("wais://h/db/TEXT").is_err());
/// ```
#[must_use]
pub fn waisdoc<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = WaisDoc<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Waisdoc,
        consumed(seq((
            scheme_lit(o, "wais://"),
            hostport(o),
            lit(o, "/"),
            database(o),
            lit(o, "/"),
            wtype(o),
            lit(o, "/"),
            wpath(o),
        ))),
    )
    .map(
        |(text, (_, hostport, _, database, _, wtype, _, wpath)): (I, _)| WaisDoc {
            text: text.text(),
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
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/database.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, wais::database};
///
/// assert_eq!(database(Quiet).parse_complete("db/TEXT"), Ok(("/TEXT", "db")));
/// ```
#[must_use]
pub fn database<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Database, many(o, &charset::UCHAR, false))
}

/// ```text
/// wtype = *uchar
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/wtype.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, wais::wtype};
///
/// assert_eq!(wtype(Quiet).parse_complete("TEXT/doc"), Ok(("/doc", "TEXT")));
/// ```
#[must_use]
pub fn wtype<'a, I: Text<'a>, O: Observer>(o: O) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Wtype, many(o, &charset::UCHAR, false))
}

/// ```text
/// wpath = *uchar
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/wpath.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, wais::wpath};
///
/// assert_eq!(wpath(Quiet).parse_complete("doc%2F1"), Ok(("", "doc%2F1")));
/// // A `/` in a wpath is written `%2F`.
/// assert_eq!(wpath(Quiet).parse_complete("a/b"), Ok(("/b", "a")));
/// ```
#[must_use]
pub fn wpath<'a, I: Text<'a>, O: Observer>(o: O) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Wpath, many(o, &charset::UCHAR, false))
}
