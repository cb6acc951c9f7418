//! MAILTO (section 3.5): `mailtourl`, `encoded822addr`.

use nom::Parser;

use super::chars::XCHAR_SET;
use super::primitive::{E, many, rule, scheme_lit};
use crate::Rule;
use crate::ast::MailtoUrl;
use crate::input::Source;

/// ```text
/// mailtourl = "mailto:" encoded822addr
/// ```
pub fn mailtourl<'a, I: Source<'a>>() -> impl Parser<I, Output = MailtoUrl<'a>, Error = E<I>> {
    rule(Rule::Mailtourl, (scheme_lit("mailto:"), encoded822addr())).map(
        |(scheme, encoded822addr)| MailtoUrl {
            scheme,
            encoded822addr,
        },
    )
}

/// ```text
/// encoded822addr = 1*xchar ; further defined in RFC822
/// ```
///
/// Only the `1*xchar` shape is checked: RFC 822's own syntax is out of the
/// grammar's scope.
pub fn encoded822addr<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Encoded822addr, many(&XCHAR_SET, true))
}
