//! PROSPERO (section 3.11): `prosperourl`, `ppath`, `psegment`, `fieldspec`,
//! `fieldname`, `fieldvalue`.

use nom::Parser;

use super::ip::hostport;
use super::primitive::{E, Set, fast_or, lit, many, rule, scheme_lit, span, star};
use crate::Rule;
use crate::ast::{Fieldspec, Fieldspecs, Path, ProsperoUrl};
use crate::expected::Expected::{Literal, Rule as R};
use crate::input::Source;

/// ```text
/// prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
/// ```
pub fn prosperourl<'a, I: Source<'a>>() -> impl Parser<I, Output = ProsperoUrl<'a>, Error = E<I>> {
    rule(
        Rule::Prosperourl,
        (
            scheme_lit("prospero://"),
            hostport(),
            lit("/"),
            ppath(),
            star(fieldspec()),
        ),
    )
    .map(|(scheme, hostport, _, ppath, fieldspecs)| ProsperoUrl {
        scheme,
        hostport,
        ppath,
        fieldspecs: Fieldspecs(fieldspecs),
    })
}

/// ```text
/// ppath = psegment *[ "/" psegment ]
/// ```
///
/// The fast inputs scan the `psegment`s and the `/`s between them in one run.
pub fn ppath<'a, I: Source<'a>>() -> impl Parser<I, Output = Path<'a>, Error = E<I>> {
    rule(
        Rule::Ppath,
        fast_or(
            many(&PPATH, false),
            span((psegment(), star((lit("/"), psegment())))),
        ),
    )
    .map(Path)
}

/// The characters of `ppath` on the fast inputs: a `psegment` can be empty and
/// has no `/`, so `psegment *[ "/" psegment ]` is any run of its characters and
/// `/`, scanned at once.
static PPATH: Set = Set::of(&[
    R(Rule::Uchar),
    Literal("?"),
    Literal(":"),
    Literal("@"),
    Literal("&"),
    Literal("="),
    Literal("/"),
]);

/// The body of `psegment`.
static PSEGMENT: Set = Set::class(&crate::charset::PSEGMENT_BODY);

/// ```text
/// psegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
/// ```
pub fn psegment<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Psegment, many(&PSEGMENT, false))
}

/// ```text
/// fieldspec = ";" fieldname "=" fieldvalue
/// ```
pub fn fieldspec<'a, I: Source<'a>>() -> impl Parser<I, Output = Fieldspec<'a>, Error = E<I>> {
    rule(
        Rule::Fieldspec,
        (lit(";"), fieldname(), lit("="), fieldvalue()),
    )
    .map(|(_, fieldname, _, fieldvalue)| Fieldspec {
        fieldname,
        fieldvalue,
    })
}

/// The body of `fieldname` and `fieldvalue`.
static FIELD: Set = Set::class(&crate::charset::FIELDNAME_BODY);

/// ```text
/// fieldname = *[ uchar | "?" | ":" | "@" | "&" ]
/// ```
pub fn fieldname<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Fieldname, many(&FIELD, false))
}

/// The body of `fieldvalue` (the same as `fieldname`'s).
static FIELDVALUE: Set = Set::class(&crate::charset::FIELDVALUE_BODY);

/// ```text
/// fieldvalue = *[ uchar | "?" | ":" | "@" | "&" ]
/// ```
pub fn fieldvalue<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Fieldvalue, many(&FIELDVALUE, false))
}
