//! The common internet scheme syntax (section 3.1): `ip-schemepart` …
//! `urlpath`.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::opt;
use nom::sequence::{preceded, terminated};

use super::chars::{ALPHA_SET, ALPHADIGIT_SET, XCHAR_SET, digits};
use super::primitive::{
    E, Set, attempt, end_of_input, fast_or, followed_by, hostname_scan, label, lit, many, one,
    rule, span, star,
};
use crate::Rule;
use crate::ast::{Host, Hostport, IpSchemepart, Login};
use crate::input::Source;

/// ```text
/// ip-schemepart = "//" login [ "/" urlpath ]
/// ```
pub fn ip_schemepart<'a, I: Source<'a>>() -> impl Parser<I, Output = IpSchemepart<'a>, Error = E<I>>
{
    rule(
        Rule::IpSchemepart,
        (lit("//"), login(), opt(preceded(lit("/"), urlpath()))),
    )
    .map(|(_, login, urlpath)| IpSchemepart { login, urlpath })
}

/// ```text
/// login = [ user [ ":" password ] "@" ] hostport
/// ```
///
/// The optional `user [ ":" password ] "@"` is tried first. A host and port
/// are also a user and password (`host:80` is `user ":" password`), so the
/// attempt only fails at the missing `@`, and nom's `opt` then backtracks to
/// read them as `hostport`. The `@` alone decides, as in the BNF.
///
/// The fast inputs first try `hostport` followed by `/` or the end of the
/// input, the login of most URLs, which would otherwise be read twice (as a
/// user and password, then as a host and port). That is exact: such a
/// hostport is host characters and digits, all allowed in `user` and
/// `password`, around at most one `:`; the user's run stops at the `:` or at
/// the `/`, the password's at the `/`, and the `@` the attempt needs is not
/// there, so the BNF's shape reads the same hostport with no user. Anything
/// else (a `@`, a `%` after the host) takes the BNF's shape.
pub fn login<'a, I: Source<'a>>() -> impl Parser<I, Output = Login<'a>, Error = E<I>> {
    rule(
        Rule::Login,
        fast_or(
            alt((
                terminated(hostport(), alt((followed_by("/"), end_of_input())))
                    .map(|hostport| (None, hostport)),
                login_in_full(),
            )),
            login_in_full(),
        ),
    )
    .map(|(credentials, hostport)| Login {
        user: credentials.map(|(user, _)| user),
        password: credentials.and_then(|(_, password)| password),
        hostport,
    })
}

/// A login's user and password, if it has them.
type Credentials<'a> = Option<(&'a str, Option<&'a str>)>;

/// The body of [`login`] in the BNF's shape: the credentials, if any, and
/// the hostport.
fn login_in_full<'a, I: Source<'a>>()
-> impl Parser<I, Output = (Credentials<'a>, Hostport<'a>), Error = E<I>> {
    (
        opt(attempt(terminated(
            (user(), opt(preceded(lit(":"), password()))),
            lit("@"),
        ))),
        hostport(),
    )
}

/// ```text
/// hostport = host [ ":" port ]
/// ```
pub fn hostport<'a, I: Source<'a>>() -> impl Parser<I, Output = Hostport<'a>, Error = E<I>> {
    rule(Rule::Hostport, (host(), opt(preceded(lit(":"), port()))))
        .map(|(host, port)| Hostport { host, port })
}

/// ```text
/// host = hostname | hostnumber
/// ```
///
/// The two alternatives are disjoint: a `hostname` ends with a `toplabel`,
/// which starts with a letter, and a `hostnumber` has none. So `1.2.3.4`
/// fails as a `hostname` (its last label `4` is no `toplabel`) and matches
/// as a `hostnumber`, while `1.2.3` is neither.
pub fn host<'a, I: Source<'a>>() -> impl Parser<I, Output = Host<'a>, Error = E<I>> {
    rule(
        Rule::Host,
        alt((
            hostname().map(Host::Hostname),
            hostnumber().map(Host::Hostnumber),
        )),
    )
}

/// ```text
/// hostname = *[ domainlabel "." ] toplabel
/// ```
///
/// The repetition takes a label only together with the `.` after it, so it
/// stops before the last label and leaves it to `toplabel`: no string of the
/// grammar has a `.` right after a `hostname`, so greedy is exact. If the
/// last label is no `toplabel` (`a.1`), the hostname fails: no other way of
/// splitting the labels exists. The fast inputs check the whole run of
/// label characters in one pass instead, which gives every enclosing rule the
/// same verdict (see `grammar/DECISIONS.md`, D10).
pub fn hostname<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(
        Rule::Hostname,
        fast_or(
            hostname_scan(),
            span((star((domainlabel(), lit("."))), toplabel())),
        ),
    )
}

/// The body of `domainlabel`'s repetition.
static DOMAINLABEL: Set = Set::class(&crate::charset::DOMAINLABEL_BODY);

/// The body of `toplabel`'s repetition.
static TOPLABEL: Set = Set::class(&crate::charset::TOPLABEL_BODY);

/// ```text
/// domainlabel = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit
/// ```
///
/// Scanned as one run of `alphadigit | "-"` starting with an `alphadigit`,
/// trailing hyphens given back: see `grammar/DECISIONS.md` for why the two
/// alternatives cannot be run as nom's ordered choice.
pub fn domainlabel<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Domainlabel, label(&ALPHADIGIT_SET, &DOMAINLABEL))
}

/// ```text
/// toplabel = alpha | alpha *[ alphadigit | "-" ] alphadigit
/// ```
///
/// Scanned like [`domainlabel`], with an `alpha` first.
pub fn toplabel<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Toplabel, label(&ALPHA_SET, &TOPLABEL))
}

/// ```text
/// alphadigit = alpha | digit
/// ```
pub fn alphadigit<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Alphadigit, one(&ALPHADIGIT_SET))
}

/// ```text
/// hostnumber = digits "." digits "." digits "." digits
/// ```
///
/// The grammar bounds neither the groups' values nor their lengths:
/// `999.0.0.1` is a hostnumber.
pub fn hostnumber<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(
        Rule::Hostnumber,
        span((
            digits(),
            lit("."),
            digits(),
            lit("."),
            digits(),
            lit("."),
            digits(),
        )),
    )
}

/// ```text
/// port = digits
/// ```
pub fn port<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Port, digits())
}

/// The body of `user` and `password`.
static USER: Set = Set::class(&crate::charset::USER_BODY);

/// ```text
/// user = *[ uchar | ";" | "?" | "&" | "=" ]
/// ```
pub fn user<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::User, many(&USER, false))
}

/// The body of `password` (the same as `user`'s).
static PASSWORD: Set = Set::class(&crate::charset::PASSWORD_BODY);

/// ```text
/// password = *[ uchar | ";" | "?" | "&" | "=" ]
/// ```
pub fn password<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Password, many(&PASSWORD, false))
}

/// ```text
/// urlpath = *xchar ; depends on protocol see section 3.1
/// ```
pub fn urlpath<'a, I: Source<'a>>() -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(Rule::Urlpath, many(&XCHAR_SET, false))
}
