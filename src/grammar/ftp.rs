//! FTP (section 3.2): `ftpurl`, `fpath`, `fsegment`, `ftptype`.

use nom::Parser;
use nom::combinator::opt;
use nom::sequence::preceded;

use super::ip::login;
use super::primitive::{E, Set, fast_or, lit, many, one, rule, scheme_lit, span, star};
use crate::Rule;
use crate::ast::{FtpUrl, Path};
use crate::expected::Expected::{Literal, Rule as R};
use crate::input::Source;

/// ```text
/// ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
/// ```
pub fn ftpurl<'a, I: Source<'a>>() -> impl Parser<I, Output = FtpUrl<'a>, Error = E<I>> {
    rule(
        Rule::Ftpurl,
        (
            scheme_lit("ftp://"),
            login(),
            opt(preceded(
                lit("/"),
                (fpath(), opt(preceded(lit(";type="), ftptype()))),
            )),
        ),
    )
    .map(|(scheme, login, path)| FtpUrl {
        scheme,
        login,
        fpath: path.map(|(fpath, _)| fpath),
        ftptype: path.and_then(|(_, ftptype)| ftptype),
    })
}

/// ```text
/// fpath = fsegment *[ "/" fsegment ]
/// ```
///
/// The fast inputs scan the `fsegment`s and the `/`s between them in one run.
pub fn fpath<'a, I: Source<'a>>() -> impl Parser<I, Output = Path<'a>, Error = E<I>> {
    rule(
        Rule::Fpath,
        fast_or(
            many(&FPATH, false),
            span((fsegment(), star((lit("/"), fsegment())))),
        ),
    )
    .map(Path)
}

/// The characters of `fpath` on the fast inputs: a `fsegment` can be empty and
/// has no `/`, so `fsegment *[ "/" fsegment ]` is any run of its characters and
/// `/`, scanned at once.
static FPATH: Set = Set::of(&[
    R(Rule::Uchar),
    Literal("?"),
    Literal(":"),
    Literal("@"),
    Literal("&"),
    Literal("="),
    Literal("/"),
]);

/// The body of `fsegment`.
static FSEGMENT: Set = Set::class(&crate::charset::FSEGMENT_BODY);

/// ```text
/// fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
/// ```
pub fn fsegment<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Fsegment, many(&FSEGMENT, false))
}

/// `ftptype`, a character class: a failure reports the production.
static FTPTYPE: Set = Set::of(&[R(Rule::Ftptype)]);

/// ```text
/// ftptype = "A" | "I" | "D" | "a" | "i" | "d"
/// ```
pub fn ftptype<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Ftptype, one(&FTPTYPE))
}
