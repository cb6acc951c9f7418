//! GOPHER (section 3.4): `gopherurl`, `gtype`, `selector`, `gopher+_string`.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{consumed, opt};
use nom::sequence::preceded;

use super::http::search;
use super::ip::hostport;
use super::leaf::{
    E, attempt, before_tab, lit, many, one, rule, scanned, scheme_lit, seq, xchar_end,
};
use crate::ast::{GopherPath, GopherUrl};
use crate::input::Text;
use crate::trace::Observer;
use crate::{Rule, charset, scan};

/// ```text
/// gopherurl = "gopher://" hostport [ / [ gtype [ selector
/// [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/gopherurl.md"))]
///
/// The unquoted `/` after `hostport` is read as the literal `"/"` (erratum
/// EID 5118, verified). `selector = *xchar` also matches `%09`, so the BNF
/// lets the selector swallow the search and the gopher+ string. Section 3.4
/// describes the selector as ending at the first `%09`: the selector and the
/// search are read up to the next `%09` when what follows is a search and an
/// optional `%09 gopher+_string` that reach the end of the URL, and
/// otherwise the selector takes the rest (`1a%09b/c`: `/` is no `search`
/// character, so the selector is `a%09b/c`). The language is `"/" *xchar`
/// after the host either way. Wherever the selector ends, a `"%09"` is
/// expected there, whatever follows. See [decisions](crate::decisions),
/// D14.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, gopher::gopherurl};
///
/// let (_, url) = gopherurl(Quiet).parse_complete("gopher://h/7a%09b").unwrap();
/// assert_eq!((url.gtype(), url.selector(), url.search()), (Some("7"), "a", Some("b")));
/// // `/` is no `search` character: the selector takes the rest.
/// let (_, url) = gopherurl(Quiet).parse_complete("gopher://h/1a%09b/c").unwrap();
/// assert_eq!((url.selector(), url.search()), ("a%09b/c", None));
/// ```
#[must_use]
pub fn gopherurl<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = GopherUrl<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Gopherurl,
        consumed(seq((
            scheme_lit(o, "gopher://"),
            hostport(o),
            opt(preceded(lit(o, "/"), opt(gopher_path(o)))),
        ))),
    )
    .map(|(text, (_, hostport, path)): (I, _)| GopherUrl {
        text: text.text(),
        hostport,
        path: path.map(|path| path.unwrap_or_default()),
    })
}

/// What follows the `/` of a [`gopherurl`], when anything does:
/// `gtype [ selector [ "%09" search [ "%09" gopher+_string ] ] ]`. The
/// selector and the search are read up to the next `%09` when a search and
/// an optional gopher+ string reach the end of the URL (section 3.4), and
/// otherwise the selector takes the rest.
///
/// Wherever the selector ends, the `"%09"` the BNF lets follow it is tried
/// there, whichever reading ends it: what an error at its end expects
/// depends on what was read up to there, not on whether a `%09` is
/// written further on (D14).
fn gopher_path<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = GopherPath<'a>, Error = E<I>> {
    // Without a `%09` only `whole` can match: the split fails at once,
    // reporting nothing, and the selector is read once.
    let split = attempt(
        o,
        seq((
            before_tab(selector(o), true),
            lit(o, "%09"),
            before_tab(search(o), false),
            opt(preceded(lit(o, "%09"), gopher_plus_string(o))),
            xchar_end(o),
        )),
    )
    .map(|(selector, _, search, plus, ())| (selector, Some(search), plus));
    // The selector that takes the rest, then the BNF's `[ "%09" search ...
    // ]`, which cannot match (the selector took every `%09`) but reports
    // its `"%09"` where the selector stopped, as the split's does.
    let whole = seq((selector(o), opt(lit(o, "%09")))).map(|(selector, _)| (selector, None, None));
    seq((gtype(o), alt((split, whole)))).map(|(gtype, (selector, search, gopher_plus_string))| {
        GopherPath {
            gtype: Some(gtype),
            selector,
            search,
            gopher_plus_string,
        }
    })
}

/// ```text
/// gtype = xchar
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/gtype.md"))]
///
/// One `xchar`, so an escape is a gtype: in `gopher://h/%09x` the gtype is
/// `%09`.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, gopher::gtype};
///
/// assert_eq!(gtype(Quiet).parse_complete("1/x"), Ok(("/x", "1")));
/// assert_eq!(gtype(Quiet).parse_complete("%09x"), Ok(("x", "%09")));
/// ```
#[must_use]
pub fn gtype<'a, I: Text<'a>, O: Observer>(o: O) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Gtype, one(o, &charset::XCHAR))
}

/// ```text
/// selector = *xchar
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/selector.md"))]
///
/// All of `*xchar`, `%09` included. Inside [`gopherurl`] the selector is read
/// up to the first `%09` when a search follows (section 3.4). Fast form:
/// `scan::XCHARS`.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, gopher::selector};
///
/// assert_eq!(selector(Quiet).parse_complete("a%09b c"), Ok((" c", "a%09b")));
/// ```
#[must_use]
pub fn selector<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(
        o,
        Rule::Selector,
        scanned(o, scan::XCHARS, many(o, &charset::XCHAR, false)),
    )
}

/// ```text
/// gopher+_string = *xchar
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/gopher_plus_string.md"))]
///
/// Fast form: `scan::XCHARS`.
///
/// ```
/// let url = rfc1738::parse("gopher://h/1sel%09query%09+")?;
/// let rfc1738::Url::Gopher(gopher) = url else { unreachable!() };
/// assert_eq!(gopher.gopher_plus_string(), Some("+"));
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[must_use]
pub fn gopher_plus_string<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(
        o,
        Rule::GopherPlusString,
        scanned(o, scan::XCHARS, many(o, &charset::XCHAR, false)),
    )
}
