//! MAILTO (section 3.5): `mailtourl`, `encoded822addr`.

use nom::Parser;
use nom::combinator::consumed;

use super::leaf::{E, many, rule, scanned, scheme_lit, seq};
use crate::ast::MailtoUrl;
use crate::input::Text;
use crate::trace::Observer;
use crate::{Rule, charset, scan};

/// ```text
/// mailtourl = "mailto:" encoded822addr
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/mailtourl.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, mailto::mailtourl};
///
/// let (_, url) = mailtourl(Quiet).parse_complete("mailto:me@host.dom").unwrap();
/// assert_eq!(url.encoded822addr(), "me@host.dom");
/// ```
#[must_use]
pub fn mailtourl<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = MailtoUrl<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Mailtourl,
        consumed(seq((scheme_lit(o, "mailto:"), encoded822addr(o)))),
    )
    .map(|(text, (_, encoded822addr)): (I, _)| MailtoUrl {
        text: text.text(),
        encoded822addr,
    })
}

/// ```text
/// encoded822addr = 1*xchar ; further defined in RFC822
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/encoded822addr.md"))]
///
/// Only the `1*xchar` shape is checked: RFC 822's own syntax is out of the
/// grammar's scope. Fast form: `scan::XCHARS1` (its empty run is a failure).
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, mailto::encoded822addr};
///
/// assert_eq!(encoded822addr(Quiet).parse_complete("me@host.dom"), Ok(("", "me@host.dom")));
/// // Any run of xchars will do, not an empty one.
/// assert!(rfc1738::is_valid("mailto:@@"));
/// assert!(!rfc1738::is_valid("mailto:"));
/// ```
#[must_use]
pub fn encoded822addr<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(
        o,
        Rule::Encoded822addr,
        scanned(o, scan::XCHARS1, many(o, &charset::XCHAR, true)),
    )
}
