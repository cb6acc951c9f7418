//! GOPHER (section 3.4): `gopherurl`, `gtype`, `selector`, `gopher+_string`.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::opt;
use nom::sequence::preceded;

use super::chars::XCHAR_SET;
use super::http::SEARCH;
use super::ip::hostport;
use super::primitive::{E, attempt, lit, many, many_before_tab, one, rule, scheme_lit, xchar_end};
use crate::Rule;
use crate::ast::{GopherPath, GopherUrl};
use crate::input::Source;

/// ```text
/// gopherurl = "gopher://" hostport [ / [ gtype [ selector
/// [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
/// ```
///
/// The unquoted `/` after `hostport` is read as the literal `"/"` (erratum
/// EID 5118, verified). `selector = *xchar` also matches `%09`, so the BNF
/// lets the selector swallow the search and the gopher+ string. Section 3.4
/// describes the selector as ending at the first `%09`; the combinator takes
/// that split when what follows is a `search` (stopping before the next
/// `%09`) and an optional `%09 gopher+_string` that reaches the end of the
/// URL, and otherwise lets the selector take the rest (`1a%09b/c`: `/` is no
/// `search` character, so the selector is `a%09b/c`). The language is
/// `"/" *xchar` after the host either way. See `grammar/DECISIONS.md`.
pub fn gopherurl<'a, I: Source<'a>>() -> impl Parser<I, Output = GopherUrl<'a>, Error = E<I>> {
    let split = attempt((
        rule(Rule::Selector, many_before_tab(&XCHAR_SET)),
        lit("%09"),
        rule(Rule::Search, many_before_tab(&SEARCH)),
        opt(preceded(lit("%09"), gopher_plus_string())),
        xchar_end(),
    ))
    .map(|(selector, _, search, plus, ())| (selector, Some(search), plus));
    let whole = selector().map(|selector| (selector, None, None));
    let gopher_path =
        (gtype(), alt((split, whole))).map(|(gtype, (selector, search, gopher_plus_string))| {
            GopherPath {
                gtype: Some(gtype),
                selector,
                search,
                gopher_plus_string,
            }
        });
    rule(
        Rule::Gopherurl,
        (
            scheme_lit("gopher://"),
            hostport(),
            opt(preceded(lit("/"), opt(gopher_path))),
        ),
    )
    .map(|(scheme, hostport, path)| GopherUrl {
        scheme,
        hostport,
        path: path.map(|path| {
            path.unwrap_or(GopherPath {
                gtype: None,
                selector: "",
                search: None,
                gopher_plus_string: None,
            })
        }),
    })
}

/// ```text
/// gtype = xchar
/// ```
///
/// One `xchar`, so an escape is a gtype: in `gopher://h/%09x` the gtype is
/// `%09`.
pub fn gtype<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Gtype, one(&XCHAR_SET))
}

/// ```text
/// selector = *xchar
/// ```
///
/// All of `*xchar`, `%09` included. Inside [`gopherurl`] the selector stops
/// at the first `%09` when a search follows (section 3.4).
pub fn selector<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Selector, many(&XCHAR_SET, false))
}

/// ```text
/// gopher+_string = *xchar
/// ```
pub fn gopher_plus_string<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::GopherPlusString, many(&XCHAR_SET, false))
}
