//! Warnings about valid URLs: what sections 2.2, 4 and 6 of RFC 1738 warn
//! of, although the grammar accepts it.
//!
//! ```
//! use rfc1738::lint::{Code, lint};
//!
//! let url = rfc1738::parse("ftp://me:secret@host.dom:25/").unwrap();
//! let codes: Vec<Code> = lint(&url).iter().map(|w| w.code()).collect();
//! assert_eq!(codes, [Code::Password, Code::ReservedPort]);
//! ```

use core::fmt;

use crate::url::{Grouppart, Host, Url};

/// What a warning is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Code {
    /// An explicit port below 1024 other than the scheme's default (section 6).
    ReservedPort,
    /// An encoded CR, LF or NUL, a protocol delimiter once decoded (section 6).
    EncodedDelimiter,
    /// A password in the URL (section 6).
    Password,
    /// A part of a hostnumber above 255, which no IPv4 address has.
    HostnumberRange,
    /// A scheme name with upper-case letters (the BNF's `scheme` is lower
    /// case; interpreters accept it, section 2.1).
    UpperCaseScheme,
    /// A scheme name section 4 reserves for future definition.
    ReservedScheme,
}

impl Code {
    /// The code as written in JSON records: `reserved-port`, …
    pub fn as_str(self) -> &'static str {
        match self {
            Code::ReservedPort => "reserved-port",
            Code::EncodedDelimiter => "encoded-delimiter",
            Code::Password => "password",
            Code::HostnumberRange => "hostnumber-range",
            Code::UpperCaseScheme => "upper-case-scheme",
            Code::ReservedScheme => "reserved-scheme",
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A warning about a valid URL: what, where (a byte offset in the URL) and
/// why, citing the RFC.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Warning {
    code: Code,
    offset: usize,
    message: String,
}

impl Warning {
    /// What the warning is about.
    pub fn code(&self) -> Code {
        self.code
    }

    /// The byte offset in the URL of what the warning is about.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The warning in a sentence, citing its section.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// The scheme names section 4 reserves.
const RESERVED_SCHEMES: [&str; 7] = ["afs", "mid", "cid", "nfs", "tn3270", "mailserver", "z39.50"];

/// The warnings about a parsed URL, in the order of their offsets.
pub fn lint(url: &Url<'_>) -> Vec<Warning> {
    let scheme = url.scheme();
    // Every part borrows from the parsed text, which the scheme starts: an
    // offset is the distance from the scheme's first byte.
    let base = scheme.as_ptr() as usize;
    // Only parts of the parsed text come here (gopher's empty selector, not
    // in it, has no `%`): no underflow.
    let at = |part: &str| part.as_ptr() as usize - base;
    let mut warnings = Vec::new();
    let mut warn = |code: Code, offset: usize, message: String| {
        warnings.push(Warning {
            code,
            offset,
            message,
        });
    };

    if scheme.bytes().any(|b| b.is_ascii_uppercase()) {
        warn(
            Code::UpperCaseScheme,
            0,
            format!(
                "the scheme name \"{scheme}\" has upper-case letters: the grammar writes \
                 schemes in lower case, and interpreters fold them (RFC 1738, sections 2.1 \
                 and 5)"
            ),
        );
    }
    if let Url::Other(_) = url
        && let Some(reserved) = RESERVED_SCHEMES
            .iter()
            .find(|name| name.eq_ignore_ascii_case(scheme))
    {
        warn(
            Code::ReservedScheme,
            0,
            format!(
                "the scheme name \"{reserved}\" is reserved for future definition: RFC 1738 \
                 does not define its syntax (RFC 1738, section 4)"
            ),
        );
    }

    if let Some(login) = url.login()
        && let Some(password) = login.password()
    {
        warn(
            Code::Password,
            at(password),
            "the URL carries a password: \"the use of URLs containing passwords that should \
             be secret is clearly unwise\" (RFC 1738, section 6)"
                .to_owned(),
        );
    }
    if let Some(default) = url.default_port()
        && let Some(port) = url.port()
        && let Ok(number) = port.parse::<u64>()
        && number < 1024
        && number != u64::from(default)
    {
        warn(
            Code::ReservedPort,
            at(port),
            format!(
                "port {number} is in the reserved range and is not the scheme's default \
                 ({default}): a client could be made to speak {scheme} to a server of another \
                 protocol (RFC 1738, section 6)"
            ),
        );
    }
    // A news article's host is part of its message-id, but a host all the same.
    let host = match url {
        Url::News(news) => match news.grouppart() {
            Grouppart::Article(article) => Some(article.host()),
            _ => None,
        },
        _ => url.host(),
    };
    if let Some(Host::Hostnumber(number)) = host {
        for part in number.split('.') {
            if part.len() > 3 || part.parse::<u16>().is_ok_and(|value| value > 255) {
                warn(
                    Code::HostnumberRange,
                    at(part),
                    format!(
                        "\"{part}\" is above 255: no IPv4 address has such a part (the \
                         grammar allows it; RFC 1738, section 3.1 means \"its IP address\")"
                    ),
                );
            }
        }
    }
    for text in escaped_parts(url).into_iter().flatten() {
        // Each `%`, found with memchr: a byte loop over the paths took about
        // 150 of the lint's 360 instructions per URL of synthetic.txt.
        for index in memchr::memchr_iter(b'%', text.as_bytes()) {
            let delimiter = match text.as_bytes().get(index + 1..index + 3) {
                Some([b'0', b'd' | b'D']) => "CR",
                Some([b'0', b'a' | b'A']) => "LF",
                Some([b'0', b'0']) => "NUL",
                _ => continue,
            };
            warn(
                Code::EncodedDelimiter,
                at(text) + index,
                format!(
                    "{} encodes {delimiter}: decoded, it can end a protocol line or string \
                     early and smuggle in another operation (RFC 1738, section 6)",
                    // The match above read two ASCII bytes after this `%`.
                    &text[index..index + 3]
                ),
            );
        }
    }
    warnings.sort_by_key(|warning| (warning.offset, warning.code));
    warnings
}

/// The parts of a URL that can hold escapes (hosts, ports, group names and
/// scheme names cannot).
fn escaped_parts<'a>(url: &Url<'a>) -> [Option<&'a str>; 4] {
    match url {
        Url::Http(url) => [
            url.hpath().map(|path| path.as_str()),
            url.search(),
            None,
            None,
        ],
        Url::Ftp(url) => [
            url.login().user(),
            url.login().password(),
            url.fpath().map(|path| path.as_str()),
            None,
        ],
        Url::Telnet(url) => [url.login().user(), url.login().password(), None, None],
        Url::Gopher(url) => [
            url.gtype(),
            Some(url.selector()),
            url.search(),
            url.gopher_plus_string(),
        ],
        Url::Wais(url) => [Some(url.database()), url.search(), url.wtype(), url.wpath()],
        Url::Mailto(url) => [Some(url.encoded822addr()), None, None, None],
        Url::News(url) => match url.grouppart() {
            Grouppart::Article(article) => [Some(article.unique()), None, None, None],
            _ => [None; 4],
        },
        Url::Nntp(_) => [None; 4],
        Url::File(url) => [Some(url.fpath().as_str()), None, None, None],
        Url::Prospero(url) => [
            Some(url.ppath().as_str()),
            Some(url.fieldspecs().as_str()),
            None,
            None,
        ],
        Url::Other(url) => [Some(url.schemepart()), None, None, None],
    }
}
