//! TELNET (section 3.8): `telneturl`.

use nom::Parser;
use nom::combinator::{consumed, opt};

use super::ip::login;
use super::leaf::{E, lit, rule, scheme_lit, seq};
use crate::Rule;
use crate::ast::TelnetUrl;
use crate::input::Text;
use crate::trace::Observer;

/// ```text
/// telneturl = "telnet://" login [ "/" ]
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/telneturl.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, telnet::telneturl};
///
/// let (_, url) = telneturl(Quiet).parse_complete("telnet://guest@host.dom:23/").unwrap();
/// assert_eq!(url.login().user(), Some("guest"));
/// assert!(url.has_slash());
/// ```
#[must_use]
pub fn telneturl<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = TelnetUrl<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Telneturl,
        consumed(seq((
            scheme_lit(o, "telnet://"),
            login(o),
            opt(lit(o, "/")),
        ))),
    )
    .map(|(text, (_, login, slash)): (I, _)| TelnetUrl {
        text: text.text(),
        login,
        slash: slash.is_some(),
    })
}
