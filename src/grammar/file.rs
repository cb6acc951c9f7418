//! FILE (section 3.10): `fileurl`.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::opt;
use nom::sequence::terminated;

use super::ftp::fpath;
use super::ip::host;
use super::primitive::{E, followed_by, lit, rule, scheme_lit};
use crate::Rule;
use crate::ast::{FileHost, FileUrl};
use crate::input::Source;

/// ```text
/// fileurl = "file://" [ host | "localhost" ] "/" fpath
/// ```
///
/// `localhost` is also a `host`, so the grammar derives `file://localhost/`
/// two ways. Section 3.10 gives `localhost` its own meaning, so the literal
/// is tried first and kept when the `/` follows it; `localhost.dom` and
/// `LOCALHOST` are hosts. Both readings accept the same strings.
pub fn fileurl<'a, I: Source<'a>>() -> impl Parser<I, Output = FileUrl<'a>, Error = E<I>> {
    rule(
        Rule::Fileurl,
        (
            scheme_lit("file://"),
            opt(alt((
                terminated(lit("localhost"), followed_by("/")).map(|_| FileHost::Localhost),
                host().map(FileHost::Host),
            ))),
            lit("/"),
            fpath(),
        ),
    )
    .map(|(scheme, host, _, fpath)| FileUrl {
        scheme,
        host,
        fpath,
    })
}
