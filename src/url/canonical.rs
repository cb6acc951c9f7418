//! The canonical form of a URL ([`Url::canonical`]): one spelling for URLs
//! that sections 2 and 3 say mean the same, kept apart from `Display`, which
//! reproduces the input.

use std::fmt::Write as _;

use percent_encoding::{AsciiSet, percent_decode_str};

use super::encode::{encode, outside};
use super::semantics::{port_number, rule_default_port};
use crate::ast::Url;
use crate::ast::{
    FileHost, FileUrl, FtpUrl, GenericUrl, GopherUrl, Grouppart, HttpUrl, NewsUrl, NntpUrl, WaisUrl,
};
use crate::ast::{Host, Hostport, Login};
use crate::charset;

/// The octets the canonical form writes `%XX`: all but the unreserved
/// characters, which no escape needs to stand for.
static ENCODED: AsciiSet = outside(&charset::UNRESERVED);

/// Appends `text` with the escapes of unreserved characters decoded and the
/// others' hex digits in upper case: each escape is decoded, then encoded
/// again unless it is unreserved. The rest stays as it is (a valid URL is
/// ASCII, and no part of one has a `%` that starts no escape).
fn escapes(out: &mut String, text: &str) {
    let mut rest = text;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        match rest.get(at..at + 3) {
            Some(escape) if charset::ESCAPE.matches(escape.as_bytes()) => {
                for octet in percent_decode_str(escape) {
                    encode(out, &[octet], &ENCODED);
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
        escapes(out, user);
        if let Some(password) = login.password() {
            out.push(':');
            escapes(out, password);
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
    /// - the escapes of unreserved characters decoded: `%41` is `A` (section 2.2:
    ///   characters that need no encoding "may be encoded ... as long as they are
    ///   not being used for a reserved purpose", and no unreserved character has
    ///   one);
    /// - the remaining escapes' hex digits in upper case (`%2f` → `%2F`, the
    ///   digits section 2.2 lists first);
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
    /// Everything else stays: the escapes of reserved and unsafe characters
    /// (section 2.2: "encoding a character reserved for a particular scheme
    /// may change the semantics of a URL"), the optional `/` of an http URL
    /// (no path and an empty one are different parts,
    /// [`HttpParts::path`](crate::url::HttpParts::path)), the order of
    /// prospero fields.
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
    /// let url = rfc1738::parse("ftp://host.dom:21/pub;type=I")?;
    /// assert_eq!(url.canonical(), "ftp://host.dom/pub;type=i");
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
                escapes(&mut out, url.encoded822addr());
            }
            Url::File(url) => file(&mut out, url),
            Url::Prospero(url) => {
                out.push_str("://");
                hostport(&mut out, url.hostport(), default);
                out.push('/');
                escapes(&mut out, url.ppath().as_str());
                escapes(&mut out, url.fieldspecs().as_str());
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
        escapes(out, path.as_str());
        if let Some(search) = url.search() {
            out.push('?');
            escapes(out, search);
        }
    }
}

fn ftp(out: &mut String, url: &FtpUrl<'_>, default: Option<u16>) {
    out.push_str("://");
    login(out, url.login(), default);
    if let Some(path) = url.fpath() {
        out.push('/');
        escapes(out, path.as_str());
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
            escapes(out, article.unique());
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
        out.push_str(article);
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
            escapes(out, gtype);
            escapes(out, url.selector());
        }
        // No gtype, no selector and no search: the path is empty.
        None => out.push('1'),
    }
    if let Some(search) = url.search() {
        out.push_str("%09");
        escapes(out, search);
        if let Some(plus) = url.gopher_plus_string() {
            out.push_str("%09");
            escapes(out, plus);
        }
    }
}

fn wais(out: &mut String, url: &WaisUrl<'_>, default: Option<u16>) {
    out.push_str("://");
    hostport(out, url.hostport(), default);
    out.push('/');
    escapes(out, url.database());
    match url {
        WaisUrl::Database(_) => {}
        WaisUrl::Index(index) => {
            out.push('?');
            escapes(out, index.search);
        }
        WaisUrl::Doc(doc) => {
            out.push('/');
            escapes(out, doc.wtype);
            out.push('/');
            escapes(out, doc.wpath);
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
    escapes(out, url.fpath().as_str());
}

/// Any other scheme: its scheme-specific part with escapes read, then, if
/// that is an `ip-schemepart`, its host in lower case. Decoding comes first:
/// it can make an `ip-schemepart` appear (`foo://ho%73t/`), and the form
/// must be its own canonical form. The scheme's default port is unknown:
/// the port is kept, without its leading zeros.
fn other(out: &mut String, url: &GenericUrl<'_>) {
    out.push(':');
    let mut schemepart = String::with_capacity(url.schemepart().len());
    escapes(&mut schemepart, url.schemepart());
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
