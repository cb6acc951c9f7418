//! PROSPERO (section 3.11): `prosperourl`, `ppath`, `psegment`, `fieldspec`,
//! `fieldname`, `fieldvalue`.

use nom::Parser;
use nom::combinator::consumed;

use super::ip::hostport;
use super::leaf::{E, lit, many, rule, scanned, scheme_lit, seq, span, star};
use crate::ast::{Fieldspec, Fieldspecs, Path, ProsperoUrl};
use crate::input::Text;
use crate::trace::Observer;
use crate::{Rule, charset, scan};

/// ```text
/// prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/prosperourl.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, prospero::prosperourl};
///
/// let (_, url) = prosperourl(Quiet).parse_complete("prospero://h:1525/a/b;key=v").unwrap();
/// assert_eq!(url.ppath().as_str(), "a/b");
/// let fields: Vec<_> = url.fieldspecs().iter().map(|f| (f.fieldname, f.fieldvalue)).collect();
/// assert_eq!(fields, [("key", "v")]);
/// ```
#[must_use]
pub fn prosperourl<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = ProsperoUrl<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Prosperourl,
        consumed(seq((
            scheme_lit(o, "prospero://"),
            hostport(o),
            lit(o, "/"),
            ppath(o),
            star(o, fieldspec(o)),
        ))),
    )
    .map(
        |(text, (_, hostport, _, ppath, fieldspecs)): (I, _)| ProsperoUrl {
            text: text.text(),
            hostport,
            ppath,
            fieldspecs: Fieldspecs(fieldspecs),
        },
    )
}

/// ```text
/// ppath = psegment *[ "/" psegment ]
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/ppath.md"))]
///
/// Fast form: `scan::PPATH`.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, prospero::ppath};
///
/// let (rest, path) = ppath(Quiet).parse_complete("a/b;k=v").unwrap();
/// assert_eq!(path.segments().collect::<Vec<_>>(), ["a", "b"]);
/// assert_eq!(rest, ";k=v");
/// ```
#[must_use]
pub fn ppath<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = Path<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Ppath,
        scanned(
            o,
            scan::PPATH,
            span(seq((psegment(o), star(o, seq((lit(o, "/"), psegment(o))))))),
        ),
    )
    .map(Path)
}

/// ```text
/// psegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/psegment.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, prospero::psegment};
///
/// assert_eq!(psegment(Quiet).parse_complete("a%20b/c"), Ok(("/c", "a%20b")));
/// ```
#[must_use]
pub fn psegment<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Psegment, many(o, &charset::PSEGMENT_BODY, false))
}

/// ```text
/// fieldspec = ";" fieldname "=" fieldvalue
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/fieldspec.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, prospero::fieldspec};
///
/// let (_, field) = fieldspec(Quiet).parse_complete(";version=2").unwrap();
/// assert_eq!((field.fieldname, field.fieldvalue), ("version", "2"));
/// ```
#[must_use]
pub fn fieldspec<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = Fieldspec<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Fieldspec,
        seq((lit(o, ";"), fieldname(o), lit(o, "="), fieldvalue(o))),
    )
    .map(|(_, fieldname, _, fieldvalue)| Fieldspec {
        fieldname,
        fieldvalue,
    })
}

/// ```text
/// fieldname = *[ uchar | "?" | ":" | "@" | "&" ]
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/fieldname.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, prospero::fieldname};
///
/// assert_eq!(fieldname(Quiet).parse_complete("key=v"), Ok(("=v", "key")));
/// ```
#[must_use]
pub fn fieldname<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Fieldname, many(o, &charset::FIELDNAME_BODY, false))
}

/// ```text
/// fieldvalue = *[ uchar | "?" | ":" | "@" | "&" ]
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/fieldvalue.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, prospero::fieldvalue};
///
/// assert_eq!(fieldvalue(Quiet).parse_complete("v1;k=v2"), Ok((";k=v2", "v1")));
/// ```
#[must_use]
pub fn fieldvalue<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(
        o,
        Rule::Fieldvalue,
        many(o, &charset::FIELDVALUE_BODY, false),
    )
}
