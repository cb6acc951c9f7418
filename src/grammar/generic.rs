//! The generic syntax: `genericurl`, `url`, `otherurl`, `scheme`, `schemepart`.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::consumed;
use nom::sequence::terminated;

use super::ip::ip_schemepart;
use super::leaf::{E, attempt, lit, many, many_folding, rule, scanned, seq, span, xchar_end};
use super::{file, ftp, gopher, http, mailto, news, nntp, prospero, telnet, wais};
use crate::ast::{GenericUrl, Url};
use crate::charset;
use crate::input::Text;
use crate::trace::Observer;
use crate::{Rule, scan};

/// ```text
/// genericurl = scheme ":" schemepart
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/genericurl.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, generic::genericurl};
///
/// let (rest, url) = genericurl(Quiet).parse_complete("urn:isbn:0451450523 x").unwrap();
/// assert_eq!((url.scheme(), url.schemepart(), rest), ("urn", "isbn:0451450523", " x"));
/// ```
#[must_use]
pub fn genericurl<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = GenericUrl<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Genericurl,
        consumed(seq((scheme(o), lit(o, ":"), schemepart(o)))),
    )
    .map(|(text, (_, _, schemepart)): (I, _)| GenericUrl {
        text: text.text(),
        schemepart,
    })
}

/// ```text
/// url = httpurl | ftpurl | newsurl |
/// nntpurl | telneturl | gopherurl |
/// waisurl | mailtourl | fileurl |
/// prosperourl | otherurl
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/url.md"))]
///
/// Every alternative's language is contained in `otherurl`'s, which comes
/// last: `http://user@host/` is not an `httpurl` (section 3.3 allows no user
/// name) but is an `otherurl`. nom's ordered choice commits to the first
/// alternative that matches a prefix, so each alternative must end where the
/// URL ends, that is where no `xchar` and no `%` follows (a `%` that starts
/// no escape ends no URL: `otherurl` reads up to it too, D8); otherwise the
/// next is tried.
/// Without that, `http://h/a?b?c` would stop as an `httpurl` at the second `?`
/// (`search` has no `?`) instead of being the `otherurl` it is.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, generic::url};
/// use rfc1738::Url;
///
/// let (_, read) = url(Quiet).parse_complete("http://h/a?b").unwrap();
/// assert!(matches!(read, Url::Http(_)));
/// // A user name is no part of an `httpurl`, and a second `?` no part of its
/// // search: both are read as an `otherurl`.
/// let (_, read) = url(Quiet).parse_complete("http://user@h/").unwrap();
/// assert!(matches!(read, Url::Other(_)));
/// let (_, read) = url(Quiet).parse_complete("http://h/a?b?c").unwrap();
/// assert_eq!((read.rule(), read.as_str()), (rfc1738::Rule::Otherurl, "http://h/a?b?c"));
/// ```
#[must_use]
pub fn url<'a, I: Text<'a>, O: Observer>(o: O) -> impl Parser<I, Output = Url<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Url,
        alt((
            attempt(o, terminated(http::httpurl(o), xchar_end(o))).map(Url::Http),
            attempt(o, terminated(ftp::ftpurl(o), xchar_end(o))).map(Url::Ftp),
            attempt(o, terminated(news::newsurl(o), xchar_end(o))).map(Url::News),
            attempt(o, terminated(nntp::nntpurl(o), xchar_end(o))).map(Url::Nntp),
            attempt(o, terminated(telnet::telneturl(o), xchar_end(o))).map(Url::Telnet),
            attempt(o, terminated(gopher::gopherurl(o), xchar_end(o))).map(Url::Gopher),
            attempt(o, terminated(wais::waisurl(o), xchar_end(o))).map(Url::Wais),
            attempt(o, terminated(mailto::mailtourl(o), xchar_end(o))).map(Url::Mailto),
            attempt(o, terminated(file::fileurl(o), xchar_end(o))).map(Url::File),
            attempt(o, terminated(prospero::prosperourl(o), xchar_end(o))).map(Url::Prospero),
            otherurl(o).map(Url::Other),
        )),
    )
}

/// ```text
/// otherurl = genericurl
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/otherurl.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, generic::otherurl};
///
/// // Any scheme, known or not: a `genericurl` under another name.
/// let (_, url) = otherurl(Quiet).parse_complete("gopher+://h/").unwrap();
/// assert_eq!((url.scheme(), url.schemepart()), ("gopher+", "//h/"));
/// ```
#[must_use]
pub fn otherurl<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = GenericUrl<'a>, Error = E<I>> {
    rule(o, Rule::Otherurl, genericurl(o))
}

/// ```text
/// scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/scheme.md"))]
///
/// On the input of [`crate::parse`] (scheme case folded, as the comment above
/// asks of interpreters), upper-case letters match too; by the grammar's
/// letter ([`crate::parse_rule`]) they do not.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Folded, Quiet, generic::scheme};
///
/// assert_eq!(scheme(Quiet).parse_complete("svn+ssh://h"), Ok(("://h", "svn+ssh")));
/// // By the grammar's letter, upper case is no scheme; folded, it is.
/// assert!(rfc1738::parse_rule(rfc1738::Rule::Scheme, "HTTP").is_err());
/// assert_eq!(scheme(Quiet).parse_complete(Folded("HTTP:x")).map(|(_, name)| name), Ok("HTTP"));
/// ```
#[must_use]
pub fn scheme<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(
        o,
        Rule::Scheme,
        many_folding(o, &charset::SCHEME_BODY, &charset::SCHEME_FOLDED, true),
    )
}

/// ```text
/// schemepart = *xchar | ip-schemepart
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/schemepart.md"))]
///
/// nom's ordered choice takes the first alternative that matches, and
/// `*xchar` matches every schemepart: `ip-schemepart`'s language is
/// contained in it (every character it allows is an `xchar`), so the second
/// alternative never runs and changes no verdict. A derivation tree shows
/// the `ip-schemepart` reading when the whole schemepart is one
/// ([decisions](crate::decisions)). Fast form: `scan::XCHARS`.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, generic::schemepart};
///
/// // `*xchar` takes every schemepart, one that is an `ip-schemepart` too.
/// assert_eq!(schemepart(Quiet).parse_complete("//h:1/x y"), Ok((" y", "//h:1/x")));
/// ```
#[must_use]
pub fn schemepart<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(
        o,
        Rule::Schemepart,
        scanned(
            o,
            scan::XCHARS,
            alt((many(o, &charset::XCHAR, false), span(ip_schemepart(o)))),
        ),
    )
}
