//! TELNET (section 3.8): `telneturl`.

use nom::Parser;
use nom::combinator::opt;

use super::ip::login;
use super::primitive::{E, lit, rule, scheme_lit};
use crate::Rule;
use crate::ast::TelnetUrl;
use crate::input::Source;

/// ```text
/// telneturl = "telnet://" login [ "/" ]
/// ```
pub fn telneturl<'a, I: Source<'a>>() -> impl Parser<I, Output = TelnetUrl<'a>, Error = E<I>> {
    rule(
        Rule::Telneturl,
        (scheme_lit("telnet://"), login(), opt(lit("/"))),
    )
    .map(|(scheme, login, slash)| TelnetUrl {
        scheme,
        login,
        slash: slash.is_some(),
    })
}
