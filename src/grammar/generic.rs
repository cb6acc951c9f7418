//! The generic syntax: `genericurl`, `url`, `otherurl`, `scheme`, `schemepart`.

use core::marker::PhantomData;

use nom::branch::alt;
use nom::sequence::terminated;
use nom::{OutputMode, PResult, Parser};

use super::chars::XCHAR_SET;
use super::ip::ip_schemepart;
use super::primitive::{E, Set, attempt, lit, many, many_folding, rule, span, xchar_end};
use super::{file, ftp, gopher, http, mailto, news, nntp, prospero, telnet, wais};
use crate::Rule;
use crate::ast::{GenericUrl, Url};
use crate::input::Source;

/// ```text
/// genericurl = scheme ":" schemepart
/// ```
pub fn genericurl<'a, I: Source<'a>>() -> impl Parser<I, Output = GenericUrl<'a>, Error = E<I>> {
    rule(Rule::Genericurl, (scheme(), lit(":"), schemepart()))
        .map(|(scheme, _, schemepart)| GenericUrl { scheme, schemepart })
}

/// ```text
/// url = httpurl | ftpurl | newsurl |
/// nntpurl | telneturl | gopherurl |
/// waisurl | mailtourl | fileurl |
/// prosperourl | otherurl
/// ```
///
/// Every alternative's language is contained in `otherurl`'s, which comes
/// last: `http://user@host/` is not an `httpurl` (section 3.3 allows no user
/// name) but is an `otherurl`. nom's ordered choice commits to the first
/// alternative that matches a prefix, so each alternative must end where the
/// URL ends, that is where no `xchar` follows; otherwise the next is tried.
/// Without that, `http://h/a?b?c` would stop as an `httpurl` at the second `?`
/// (`search` has no `?`) instead of being the `otherurl` it is.
pub fn url<'a, I: Source<'a>>() -> impl Parser<I, Output = Url<'a>, Error = E<I>> {
    rule(
        Rule::Url,
        alt((
            attempt(terminated(http::httpurl(), xchar_end())).map(Url::Http),
            attempt(terminated(ftp::ftpurl(), xchar_end())).map(Url::Ftp),
            attempt(terminated(news::newsurl(), xchar_end())).map(Url::News),
            attempt(terminated(nntp::nntpurl(), xchar_end())).map(Url::Nntp),
            attempt(terminated(telnet::telneturl(), xchar_end())).map(Url::Telnet),
            attempt(terminated(gopher::gopherurl(), xchar_end())).map(Url::Gopher),
            attempt(terminated(wais::waisurl(), xchar_end())).map(Url::Wais),
            attempt(terminated(mailto::mailtourl(), xchar_end())).map(Url::Mailto),
            attempt(terminated(file::fileurl(), xchar_end())).map(Url::File),
            attempt(terminated(prospero::prosperourl(), xchar_end())).map(Url::Prospero),
            otherurl().map(Url::Other),
        )),
    )
}

/// ```text
/// otherurl = genericurl
/// ```
pub fn otherurl<'a, I: Source<'a>>() -> impl Parser<I, Output = GenericUrl<'a>, Error = E<I>> {
    rule(Rule::Otherurl, genericurl())
}

/// The body of `scheme`.
static SCHEME: Set = Set::class(&crate::charset::SCHEME_BODY);

/// The body of `scheme` when scheme case is folded (section 2.1).
static SCHEME_FOLDED: Set = SCHEME.with_upper_case();

/// ```text
/// scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]
/// ```
///
/// On the input of [`crate::parse`] (scheme case folded, as the comment above
/// asks of interpreters), upper-case letters match too; by the grammar's
/// letter ([`crate::parse_rule`]) they do not.
pub fn scheme<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Scheme, many_folding(&SCHEME, &SCHEME_FOLDED, true))
}

/// ```text
/// schemepart = *xchar | ip-schemepart
/// ```
///
/// `ip-schemepart`'s language is contained in `*xchar`'s (every character it
/// allows is an `xchar`), so `*xchar`, which always matches and which nom's
/// ordered choice would always take, already accepts exactly the language of
/// the production. The verdict path therefore scans `*xchar` only. When a
/// derivation tree is built, `ip-schemepart` is tried first and kept if it
/// covers the whole schemepart, so that the tree shows the structure a
/// reader expects (`//host/path`); see `grammar/DECISIONS.md`.
pub fn schemepart<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Schemepart, Schemepart(PhantomData))
}

/// See [`schemepart`].
struct Schemepart<'a>(PhantomData<&'a str>);

impl<'a, I: Source<'a>> Parser<I> for Schemepart<'a> {
    type Output = &'a str;
    type Error = E<I>;

    fn process<OM: OutputMode>(&mut self, input: I) -> PResult<OM, I, &'a str, E<I>> {
        if input.structured() {
            // A failed attempt leaves no nodes behind.
            let structured = attempt(span(terminated(ip_schemepart(), xchar_end())))
                .process::<OM>(input.clone());
            if structured.is_ok() {
                return structured;
            }
        }
        many(&XCHAR_SET, false).process::<OM>(input)
    }
}
