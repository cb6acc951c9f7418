//! The common internet scheme syntax (section 3.1): `ip-schemepart` …
//! `urlpath`.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::opt;
use nom::sequence::{preceded, terminated};

use super::chars::digits;
use super::leaf::{
    E, attempt, followed_by, label, lit, many, one, rule, scanned, seq, shortcut_ends, span, star,
};
use crate::ast::{Host, Hostport, IpSchemepart, Login};
use crate::input::Text;
use crate::trace::Observer;
use crate::{Rule, charset, scan};

/// ```text
/// ip-schemepart = "//" login [ "/" urlpath ]
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/ip_schemepart.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, ip::ip_schemepart};
///
/// let (_, part) = ip_schemepart(Quiet).parse_complete("//me@host:21/a/b").unwrap();
/// assert_eq!(part.login().user(), Some("me"));
/// assert_eq!(part.urlpath(), Some("a/b"));
/// ```
#[must_use]
pub fn ip_schemepart<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = IpSchemepart<'a>, Error = E<I>> {
    rule(
        o,
        Rule::IpSchemepart,
        seq((
            lit(o, "//"),
            login(o),
            opt(preceded(lit(o, "/"), urlpath(o))),
        )),
    )
    .map(|(_, login, urlpath)| IpSchemepart { login, urlpath })
}

/// ```text
/// login = [ user [ ":" password ] "@" ] hostport
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/login.md"))]
///
/// Read as a `hostport` alone when a `/` or the end of the input follows
/// it, and otherwise as written, the optional `user [ ":" password ] "@"`
/// first. Both readings accept the same strings ([decisions](crate::decisions),
/// D18): such a hostport is host characters and digits, all allowed in
/// `user` and `password`, around at most one `:`, and the `@` the optional
/// part needs is not there. Most logins are read once that way, not twice
/// (as a user and password until the missing `@`, then as a host and port).
/// Where an error's diagnosis records, the login is read as written: the
/// user and password, which could have gone on there, report too.
///
/// As written, the optional part is tried first. A host and port are also
/// a user and password (`host:80` is `user ":" password`), so it only fails
/// at the missing `@`, and nom's `opt` then backtracks to read them as
/// `hostport`. The `@` alone decides, as in the BNF.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, ip::login};
///
/// let (_, read) = login(Quiet).parse_complete("me:secret@host.dom:21").unwrap();
/// assert_eq!((read.user(), read.password()), (Some("me"), Some("secret")));
/// assert_eq!(read.hostport().port(), Some("21"));
/// // Without an `@`, `host:80` is a host and a port, not a user and password.
/// let (_, read) = login(Quiet).parse_complete("host:80").unwrap();
/// assert_eq!((read.user(), read.hostport().port()), (None, Some("80")));
/// ```
#[must_use]
pub fn login<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = Login<'a>, Error = E<I>> {
    let alone = terminated(hostport(o), seq((followed_by("/", true), shortcut_ends(o))))
        .map(|hostport| (None, hostport));
    let credentials = terminated(
        seq((user(o), opt(preceded(lit(o, ":"), password(o))))),
        lit(o, "@"),
    );
    let written = seq((opt(attempt(o, credentials)), hostport(o)));
    rule(o, Rule::Login, alt((attempt(o, alone), written))).map(|(credentials, hostport)| Login {
        user: credentials.map(|(user, _)| user),
        password: credentials.and_then(|(_, password)| password),
        hostport,
    })
}

/// ```text
/// hostport = host [ ":" port ]
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/hostport.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, ip::hostport};
///
/// let (_, read) = hostport(Quiet).parse_complete("host.dom:8080").unwrap();
/// assert_eq!((read.host().as_str(), read.port()), ("host.dom", Some("8080")));
/// let (_, read) = hostport(Quiet).parse_complete("10.0.0.1").unwrap();
/// assert_eq!(read.port(), None);
/// ```
#[must_use]
pub fn hostport<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = Hostport<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Hostport,
        seq((host(o), opt(preceded(lit(o, ":"), port(o))))),
    )
    .map(|(host, port)| Hostport { host, port })
}

/// ```text
/// host = hostname | hostnumber
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/host.md"))]
///
/// The two alternatives are disjoint: a `hostname` ends with a `toplabel`,
/// which starts with a letter, and a `hostnumber` has none. So `1.2.3.4`
/// fails as a `hostname` (its last label `4` is no `toplabel`) and matches
/// as a `hostnumber`, while `1.2.3` is neither. Disjoint languages do not
/// make nom's ordered choice free of order, though: a `hostnumber` can be a
/// prefix of a `hostname` (`1.2.3.4` of `1.2.3.4.com`), which `hostnumber`
/// first would match and leave the `.com` to fail after it. `hostname`
/// first, the BNF's order, is the one that reads both.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, ip::host};
/// use rfc1738::url::Host;
///
/// assert_eq!(host(Quiet).parse_complete("1.2.3.4"), Ok(("", Host::Hostnumber("1.2.3.4"))));
/// assert_eq!(host(Quiet).parse_complete("a.b.c"), Ok(("", Host::Hostname("a.b.c"))));
/// assert!(rfc1738::parse_rule(rfc1738::Rule::Host, "1.2.3").is_err());
/// ```
#[must_use]
pub fn host<'a, I: Text<'a>, O: Observer>(o: O) -> impl Parser<I, Output = Host<'a>, Error = E<I>> {
    rule(
        o,
        Rule::Host,
        alt((
            hostname(o).map(Host::Hostname),
            hostnumber(o).map(Host::Hostnumber),
        )),
    )
}

/// ```text
/// hostname = *[ domainlabel "." ] toplabel
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/hostname.md"))]
///
/// The repetition takes a label only together with the `.` after it, so it
/// stops before the last label and leaves it to `toplabel`: no string of the
/// grammar has a `.` right after a `hostname`, so greedy is exact. If the
/// last label is no `toplabel` (`a.1`), the hostname fails: no other way of
/// splitting the labels exists. Fast form: `scan::HOSTNAME`.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, ip::hostname};
///
/// assert_eq!(hostname(Quiet).parse_complete("www.example.com:80"), Ok((":80", "www.example.com")));
/// // The last label is no `toplabel`: no hostname.
/// assert!(hostname(Quiet).parse_complete("a.1").is_err());
/// ```
#[must_use]
pub fn hostname<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(
        o,
        Rule::Hostname,
        scanned(
            o,
            scan::HOSTNAME,
            span(seq((
                star(o, seq((domainlabel(o), lit(o, ".")))),
                toplabel(o),
            ))),
        ),
    )
}

/// ```text
/// domainlabel = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/domainlabel.md"))]
///
/// Read as one run of `alphadigit | "-"` starting with an `alphadigit`,
/// trailing hyphens given back: see [decisions](crate::decisions) for why the two
/// alternatives cannot be run as nom's ordered choice.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, ip::domainlabel};
///
/// // The trailing hyphens are given back: a label ends with a letter or a digit.
/// assert_eq!(domainlabel(Quiet).parse_complete("my-host--.x"), Ok(("--.x", "my-host")));
/// ```
#[must_use]
pub fn domainlabel<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(
        o,
        Rule::Domainlabel,
        label(o, &charset::ALPHADIGIT, &charset::DOMAINLABEL_BODY),
    )
}

/// ```text
/// toplabel = alpha | alpha *[ alphadigit | "-" ] alphadigit
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/toplabel.md"))]
///
/// Read like [`domainlabel`], with an `alpha` first.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, ip::toplabel};
///
/// assert_eq!(toplabel(Quiet).parse_complete("com-"), Ok(("-", "com")));
/// assert!(toplabel(Quiet).parse_complete("9com").is_err());
/// ```
#[must_use]
pub fn toplabel<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(
        o,
        Rule::Toplabel,
        label(o, &charset::ALPHA, &charset::TOPLABEL_BODY),
    )
}

/// ```text
/// alphadigit = alpha | digit
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/alphadigit.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, ip::alphadigit};
///
/// assert_eq!(alphadigit(Quiet).parse_complete("a1"), Ok(("1", "a")));
/// assert_eq!(alphadigit(Quiet).parse_complete("1a"), Ok(("a", "1")));
/// assert!(alphadigit(Quiet).parse_complete("-").is_err());
/// ```
#[must_use]
pub fn alphadigit<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Alphadigit, one(o, &charset::ALPHADIGIT))
}

/// ```text
/// hostnumber = digits "." digits "." digits "." digits
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/hostnumber.md"))]
///
/// The grammar bounds neither the groups' values nor their lengths:
/// `999.0.0.1` is a hostnumber.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, ip::hostnumber};
/// use rfc1738::lint::{Code, lint};
///
/// assert_eq!(hostnumber(Quiet).parse_complete("999.0.0.1/"), Ok(("/", "999.0.0.1")));
/// // Valid, and `lint` says what the grammar does not.
/// let url = rfc1738::parse("http://999.0.0.1/")?;
/// assert_eq!(lint(&url)[0].code(), Code::HostnumberRange);
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[must_use]
pub fn hostnumber<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(
        o,
        Rule::Hostnumber,
        span(seq((
            digits(o),
            lit(o, "."),
            digits(o),
            lit(o, "."),
            digits(o),
            lit(o, "."),
            digits(o),
        ))),
    )
}

/// ```text
/// port = digits
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/port.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, ip::port};
///
/// assert_eq!(port(Quiet).parse_complete("8080/"), Ok(("/", "8080")));
/// // An empty port is no port: `http://host:/` is invalid.
/// assert!(port(Quiet).parse_complete("/").is_err());
/// ```
#[must_use]
pub fn port<'a, I: Text<'a>, O: Observer>(o: O) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Port, digits(o))
}

/// ```text
/// user = *[ uchar | ";" | "?" | "&" | "=" ]
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/user.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, ip::user};
///
/// assert_eq!(user(Quiet).parse_complete("me%40home:pw@h"), Ok((":pw@h", "me%40home")));
/// ```
#[must_use]
pub fn user<'a, I: Text<'a>, O: Observer>(o: O) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::User, many(o, &charset::USER_BODY, false))
}

/// ```text
/// password = *[ uchar | ";" | "?" | "&" | "=" ]
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/password.md"))]
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, ip::password};
///
/// assert_eq!(password(Quiet).parse_complete("s;e?c&r=t@h"), Ok(("@h", "s;e?c&r=t")));
/// // A `:` in a password is written `%3A`.
/// assert_eq!(password(Quiet).parse_complete("a:b"), Ok((":b", "a")));
/// ```
#[must_use]
pub fn password<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(o, Rule::Password, many(o, &charset::PASSWORD_BODY, false))
}

/// ```text
/// urlpath = *xchar ; depends on protocol see section 3.1
/// ```
#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/urlpath.md"))]
///
/// Fast form: `scan::XCHARS`.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, ip::urlpath};
///
/// assert_eq!(urlpath(Quiet).parse_complete("a/b;c?d e"), Ok((" e", "a/b;c?d")));
/// ```
#[must_use]
pub fn urlpath<'a, I: Text<'a>, O: Observer>(
    o: O,
) -> impl Parser<I, Output = &'a str, Error = E<I>> {
    rule(
        o,
        Rule::Urlpath,
        scanned(o, scan::XCHARS, many(o, &charset::XCHAR, false)),
    )
}
