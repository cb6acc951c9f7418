//! The canonical form of a URL ([`Url::canonical`]): one spelling for URLs
//! that sections 2 and 3 say mean the same, kept apart from `Display`, which
//! reproduces the input.

use std::fmt::Write as _;

use percent_encoding::{AsciiSet, percent_decode_str};

use super::encode::{
    ARTICLE, FIELD, FSEGMENT, HSONAME, HTTP, SEARCH, UCHAR, USER, XCHAR, encode, outside,
};
use super::semantics::{port_number, rule_default_port};
use crate::ast::Url;
use crate::ast::{
    FileHost, FileUrl, FtpUrl, GenericUrl, GopherUrl, Grouppart, HttpUrl, NewsUrl, NntpUrl, WaisUrl,
};
use crate::ast::{Host, Hostport, Login};
use crate::charset;

/// The octets another scheme's part writes `%XX`: all but the unreserved
/// characters. Which characters that scheme reserves is unknown, and no
/// scheme may reserve an unreserved one (section 2.2: "No other characters
/// may be reserved within a scheme"): only their escapes are decoded.
static OTHER: AsciiSet = outside(&charset::UNRESERVED);

/// Appends `text`, a component as written, with each escape decoded and
/// written again as the builder writes that octet in the component: as
/// `%XX` with upper-case hex digits where `set` holds it (a character the
/// component reserves, or one its production does not let stand for
/// itself), as the character otherwise. The rest of `text` stays as it is:
/// characters the grammar lets stand for themselves there, reserved ones
/// used for their reserved purpose included (a valid URL is ASCII, and no
/// part of one has a `%` that starts no escape).
fn recode(out: &mut String, text: &str, set: &'static AsciiSet) {
    let mut rest = text;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        match rest.get(at..at + 3) {
            Some(escape) if charset::ESCAPE.matches(escape.as_bytes()) => {
                for octet in percent_decode_str(escape) {
                    encode(out, &[octet], set);
                }
                rest = &rest[at + 3..];
            }
            _ => {
                out.push('%');
                rest = &rest[at + 1..];
            }
        }
    }
    out.push_str(rest);
}

/// Appends a host in lower case.
fn host(out: &mut String, host: Host<'_>) {
    out.push_str(&host.as_str().to_ascii_lowercase());
}

/// Appends `host[:port]`, the port without leading zeros and dropped when it
/// is `default`.
fn hostport(out: &mut String, hostport: Hostport<'_>, default: Option<u16>) {
    host(out, hostport.host());
    if let Some(digits) = hostport.port() {
        match port_number(digits) {
            Ok(port) if Some(port) == default => {}
            Ok(port) => {
                let _ = write!(out, ":{port}");
            }
            Err(_) => {
                out.push(':');
                out.push_str(digits);
            }
        }
    }
}

/// Appends `[user[:password]@]hostport`.
fn login(out: &mut String, login: Login<'_>, default: Option<u16>) {
    if let Some(user) = login.user() {
        recode(out, user, &USER);
        if let Some(password) = login.password() {
            out.push(':');
            recode(out, password, &USER);
        }
        out.push('@');
    }
    hostport(out, login.hostport(), default);
}

impl Url<'_> {
    /// The canonical form: one spelling for the URLs that mean the same,
    /// where `Display` is the URL as written. It has:
    ///
    /// - the scheme in lower case (section 2.1: "programs interpreting URLs
    ///   should treat upper case letters as equivalent to lower case in scheme
    ///   names");
    /// - every host in lower case (domain names compare case-insensitively, RFC
    ///   1034 section 3.1), `LOCALHOST` included; other schemes' hosts too when
    ///   their scheme-specific part is an `ip-schemepart`. A news article's host
    ///   is left as it is: it is part of a message-id, an identifier compared as
    ///   a string;
    /// - the port written without leading zeros, and dropped when it is the
    ///   scheme's default (section 3: "If :`<port>` is omitted, the port defaults
    ///   to ..."; an other scheme's default is unknown); a port beyond 65535
    ///   stays as written;
    /// - an nntp article number without leading zeros (section 3.7: "the
    ///   numeric id of the article"), as [`NntpParts`](crate::url::NntpParts)
    ///   reads it; one beyond 2⁶⁴ − 1 stays as written, as a port beyond 65535
    ///   does;
    /// - each escape written as the component it is in needs it (section 2.2:
    ///   "Usually a URL has the same interpretation when an octet is
    ///   represented by a character and when it encoded. However, this is not
    ///   true for reserved characters"): `%XX`, with upper-case hex digits
    ///   (`%2f` → `%2F`, the digits section 2.2 lists first), where section 3
    ///   reserves the character in that component or its production does not
    ///   let it stand for itself (an unsafe character, `%`, a control, an
    ///   octet beyond US-ASCII); the character everywhere else. That is
    ///   exactly what [`Parts::build`](crate::url::Parts::build) encodes: `:`
    ///   `@` `/` in a user name or password (3.1), `/` `;` in an ftp or file
    ///   segment (3.2.2), `/` `;` `?` in an http path or search (3.3), `@` in a
    ///   news article's `<unique>` (3.6), `;` in a prospero hsoname and `;` `=`
    ///   in its fields (3.11), nothing in a gopher path (3.4.1) or a mailto
    ///   address (3.5); a wais database, `wtype` and `wpath` (`*uchar`) keep
    ///   the escapes of every reserved character, a gopher or wais search
    ///   those of `/` and `?`, which their productions do not allow. So `ftp://h/a%3Db` is `ftp://h/a=b` and `mailto:a%40b` is
    ///   `mailto:a@b`, while `http://h/a%3Bb` stays. Another scheme reserves
    ///   what it does, unknown here: only the escapes of unreserved
    ///   characters, which no scheme may reserve ("No other characters may be
    ///   reserved within a scheme"), are decoded there;
    /// - an ftp typecode in lower case (section 3.2.2 writes "a", "i", "d");
    /// - a gopher URL's type written always: an empty gopher-path is the type
    ///   `1` (section 3.4.1: "The entire `<gopher-path>` may also be empty, in
    ///   which case the delimiting "/" is also optional and the
    ///   `<gophertype>` defaults to "1""), so `gopher://h`, `gopher://h/` and
    ///   `gopher://h/1` are all `gopher://h/1`, as
    ///   [`GopherParts::build`](crate::url::GopherParts::build) writes them
    ///   ([decisions](crate::decisions), D32);
    /// - a telnet URL's final `/` written always (section 3.8: "The final "/"
    ///   character may be omitted"), as
    ///   [`TelnetParts::build`](crate::url::TelnetParts::build) writes it.
    ///
    /// Everything else stays, as the parts keep it: the optional `/` of an
    /// http URL (no path and an empty one are different parts,
    /// [`HttpParts::path`](crate::url::HttpParts::path)), a file URL's empty
    /// host and `localhost` ([`FileParts::host`](crate::url::FileParts::host)),
    /// the order of prospero fields.
    ///
    /// Which URLs share a canonical form ([decisions](crate::decisions),
    /// D34): for the ten schemes of section 3, the canonical form of a URL
    /// that has parts ([`Url::to_parts`]) is the builder's spelling of them,
    /// hosts in lower case and a default port dropped, so two such URLs have
    /// one canonical form exactly when they have the same parts, compared so
    /// (property-tested). Another scheme's parts are its scheme-specific part
    /// as written ([`OtherParts`](crate::url::OtherParts)), and its canonical
    /// form equates more: what section 2.2 equates in every scheme, and the
    /// host's case and the port's leading zeros of an `ip-schemepart`
    /// (`x:%41` and `x:A` have one canonical form and different parts).
    /// It is RFC 1738's letter: section 3.3 reserves no `&` nor `=` in an
    /// http search, so `http://h/?a%26b` and `http://h/?a&b` share one form,
    /// which RFC 3986 and today's servers tell apart; it is no key for
    /// comparing http URLs as they are served.
    ///
    /// The canonical form of a URL that [`parse`](crate::parse) accepts
    /// parses, is its own canonical form, and has the same decoded parts,
    /// hosts compared case-insensitively (property-tested). (An `otherurl`
    /// read by the [`grammar`](crate::grammar)'s own `url` from a text
    /// `parse` rejects, `http://user@h/`, gives a text `parse` rejects.)
    /// One reading may change: an other scheme's part that is no
    /// `ip-schemepart` as written may be one once its escapes are decoded,
    /// and the canonical form is then read with the login it has
    /// (`x://ho%73t:8/` is `x://host:8/`, whose host is `host` and port 8).
    ///
    /// ```
    /// let url = rfc1738::parse("HTTP://WWW.Example.COM:080/%7euser/%41%2f?q=%3b")?;
    /// assert_eq!(url.canonical(), "http://www.example.com/%7Euser/A%2F?q=%3B");
    /// assert_eq!(url.to_string(), "HTTP://WWW.Example.COM:080/%7euser/%41%2f?q=%3b");
    /// let url = rfc1738::parse("ftp://host.dom:21/pub/a%3db;type=I")?;
    /// assert_eq!(url.canonical(), "ftp://host.dom/pub/a=b;type=i");
    /// assert_eq!(rfc1738::parse("nntp://h/g/0154")?.canonical(), "nntp://h/g/154");
    /// let url = rfc1738::parse("x://ho%73t:8/")?;
    /// assert_eq!((url.port(), url.canonical()), (None, "x://host:8/".to_owned()));
    /// assert_eq!(rfc1738::parse(&url.canonical())?.port(), Some("8"));
    /// assert_eq!(rfc1738::parse("x://H:0080/")?.canonical(), "x://h:80/");
    /// for gopher in ["gopher://h", "gopher://h/", "gopher://h/1", "gopher://H:70/%31"] {
    ///     assert_eq!(rfc1738::parse(gopher)?.canonical(), "gopher://h/1");
    /// }
    /// assert_eq!(rfc1738::parse("telnet://H:23")?.canonical(), "telnet://h/");
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    ///
    /// # The appendix's prefix `URL:`
    ///
    /// A text written with the appendix's prefix `URL:` (in any case) is a
    /// URL of the scheme `URL`: an `otherurl` whose part after the `:` is any
    /// run of `xchar` (the scheme name is what precedes the first `:`,
    /// [decisions](crate::decisions) D6). Its canonical form is that of an
    /// other scheme's part that is no `ip-schemepart` (it starts with no
    /// `//`): the scheme in lower case and the unreserved characters'
    /// escapes decoded, the host's case and a default port kept, as this
    /// URL has no host ([`Url::host`]). [`Url::password_span`] and
    /// [`Url::semantic_errors`] read through the prefix, to the URL that
    /// follows it, which the text means (D23, D24): for that URL's canonical
    /// form, parse what follows the prefix.
    ///
    /// ```
    /// let text = "URL:ftp://H.dom:21/a%41";
    /// assert_eq!(rfc1738::parse(text)?.canonical(), "url:ftp://H.dom:21/aA");
    /// let meant = match text.get(..4) {
    ///     Some(prefix) if prefix.eq_ignore_ascii_case("URL:") => &text[4..],
    ///     _ => text,
    /// };
    /// assert_eq!(rfc1738::parse(meant)?.canonical(), "ftp://h.dom/aA");
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn canonical(&self) -> String {
        let mut out = String::with_capacity(self.scheme().len() + 64);
        out.push_str(&self.scheme().to_ascii_lowercase());
        let default = rule_default_port(self.rule());
        match self {
            Url::Http(url) => http(&mut out, url, default),
            Url::Ftp(url) => ftp(&mut out, url, default),
            Url::News(url) => news(&mut out, url),
            Url::Nntp(url) => nntp(&mut out, url, default),
            Url::Telnet(url) => {
                out.push_str("://");
                login(&mut out, url.login(), default);
                // Section 3.8: "The final "/" character may be omitted."
                out.push('/');
            }
            Url::Gopher(url) => gopher(&mut out, url, default),
            Url::Wais(url) => wais(&mut out, url, default),
            Url::Mailto(url) => {
                out.push(':');
                recode(&mut out, url.encoded822addr(), &XCHAR);
            }
            Url::File(url) => file(&mut out, url),
            Url::Prospero(url) => {
                out.push_str("://");
                hostport(&mut out, url.hostport(), default);
                out.push('/');
                recode(&mut out, url.ppath().as_str(), &HSONAME);
                // Each field's name and value, and the `;` and `=` around
                // them, which FIELD holds.
                recode(&mut out, url.fieldspecs().as_str(), &FIELD);
            }
            Url::Other(url) => other(&mut out, url),
        }
        out
    }
}

fn http(out: &mut String, url: &HttpUrl<'_>, default: Option<u16>) {
    out.push_str("://");
    hostport(out, url.hostport(), default);
    if let Some(path) = url.hpath() {
        out.push('/');
        // The pieces an unencoded `;` separates (3.3), each as the builder
        // writes it.
        recode(out, path.as_str(), &HTTP);
        if let Some(search) = url.search() {
            out.push('?');
            recode(out, search, &HTTP);
        }
    }
}

fn ftp(out: &mut String, url: &FtpUrl<'_>, default: Option<u16>) {
    out.push_str("://");
    login(out, url.login(), default);
    if let Some(path) = url.fpath() {
        out.push('/');
        recode(out, path.as_str(), &FSEGMENT);
        if let Some(typecode) = url.typecode() {
            let _ = write!(out, ";type={typecode}");
        }
    }
}

fn news(out: &mut String, url: &NewsUrl<'_>) {
    out.push(':');
    match url.grouppart() {
        Grouppart::All => out.push('*'),
        Grouppart::Group(group) => out.push_str(group),
        Grouppart::Article(article) => {
            recode(out, article.unique(), &ARTICLE);
            out.push('@');
            out.push_str(article.host().as_str());
        }
    }
}

fn nntp(out: &mut String, url: &NntpUrl<'_>, default: Option<u16>) {
    out.push_str("://");
    hostport(out, url.hostport(), default);
    out.push('/');
    out.push_str(url.group());
    if let Some(article) = url.article() {
        out.push('/');
        // Section 3.7: "the numeric id of the article", without leading
        // zeros; beyond 64 bits, where the parts have none, as written.
        match url.article_number() {
            Ok(Some(number)) => {
                let _ = write!(out, "{number}");
            }
            _ => out.push_str(article),
        }
    }
}

/// A gopher URL, always with its type: an empty gopher-path is written as
/// the type it defaults to (section 3.4.1), `gopher://h` and `gopher://h/`
/// as `gopher://h/1`.
fn gopher(out: &mut String, url: &GopherUrl<'_>, default: Option<u16>) {
    out.push_str("://");
    hostport(out, url.hostport(), default);
    out.push('/');
    match url.gtype() {
        Some(gtype) => {
            recode(out, gtype, &XCHAR);
            recode(out, url.selector(), &XCHAR);
        }
        // No gtype, no selector and no search: the path is empty.
        None => out.push('1'),
    }
    if let Some(search) = url.search() {
        out.push_str("%09");
        recode(out, search, &SEARCH);
        if let Some(plus) = url.gopher_plus_string() {
            out.push_str("%09");
            recode(out, plus, &XCHAR);
        }
    }
}

fn wais(out: &mut String, url: &WaisUrl<'_>, default: Option<u16>) {
    out.push_str("://");
    hostport(out, url.hostport(), default);
    out.push('/');
    recode(out, url.database(), &UCHAR);
    match url {
        WaisUrl::Database(_) => {}
        WaisUrl::Index(index) => {
            out.push('?');
            recode(out, index.search, &SEARCH);
        }
        WaisUrl::Doc(doc) => {
            out.push('/');
            recode(out, doc.wtype, &UCHAR);
            out.push('/');
            recode(out, doc.wpath, &UCHAR);
        }
    }
}

fn file(out: &mut String, url: &FileUrl<'_>) {
    out.push_str("://");
    match url.host() {
        None => {}
        Some(FileHost::Localhost) => out.push_str("localhost"),
        Some(FileHost::Host(name)) => host(out, name),
    }
    out.push('/');
    recode(out, url.fpath().as_str(), &FSEGMENT);
}

/// Any other scheme: its scheme-specific part with the escapes of
/// unreserved characters read, then, if that is an `ip-schemepart`, its
/// host in lower case. Decoding comes first:
/// it can make an `ip-schemepart` appear (`foo://ho%73t/`), and the form
/// must be its own canonical form. The scheme's default port is unknown:
/// the port is kept, without its leading zeros.
fn other(out: &mut String, url: &GenericUrl<'_>) {
    out.push(':');
    let mut schemepart = String::with_capacity(url.schemepart().len());
    recode(&mut schemepart, url.schemepart(), &OTHER);
    let o = crate::grammar::Quiet;
    let Some(ip) = crate::pass::emit(crate::grammar::ip::ip_schemepart(o), schemepart.as_str(), o)
    else {
        out.push_str(&schemepart);
        return;
    };
    out.push_str("//");
    let login = ip.login();
    if let Some(user) = login.user() {
        out.push_str(user);
        if let Some(password) = login.password() {
            out.push(':');
            out.push_str(password);
        }
        out.push('@');
    }
    hostport(out, login.hostport(), None);
    if let Some(urlpath) = ip.urlpath() {
        out.push('/');
        out.push_str(urlpath);
    }
}
