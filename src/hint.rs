//! Hints: what the usual mistakes behind an error are, and what the RFC says
//! to write instead.
//!
//! A hint is derived from the error (its rule, offset, what was found and
//! expected, the production path) and the input around the offset. Each
//! names the section of RFC 1738 it rests on.

use core::fmt;

use crate::Rule;
use crate::expected::{Expected, Found};

/// A suggestion attached to an [`crate::Error`], citing the RFC.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hint {
    section: &'static str,
    message: String,
}

impl Hint {
    fn new(section: &'static str, message: impl Into<String>) -> Hint {
        Hint {
            section,
            message: message.into(),
        }
    }

    /// The section of RFC 1738 the hint rests on (`2.2`, `3.3`, …).
    pub fn section(&self) -> &'static str {
        self.section
    }

    /// What to do, in a sentence.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Hint {
    /// The message followed by the section: `… (RFC 1738, section 2.2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (RFC 1738, section {})", self.message, self.section)
    }
}

/// What an error is about, for deriving hints.
pub(crate) struct Context<'a> {
    pub rule: Rule,
    pub input: &'a str,
    pub offset: usize,
    pub found: Found,
    pub path: &'a [Rule],
    pub expected: &'a [Expected],
    /// Where the login or hostport that was being read at the offset
    /// starts, if one was: the start of the authority, as the parser read
    /// it.
    pub authority: Option<usize>,
}

/// `%XX` for each byte of `c`'s UTF-8 encoding.
fn percent_encoded(c: char) -> String {
    let mut bytes = [0u8; 4];
    c.encode_utf8(&mut bytes)
        .bytes()
        .map(|byte| format!("%{byte:02X}"))
        .collect()
}

/// The section of RFC 1738 that forbids a user name in a scheme's URLs.
fn no_user_section(rule: Rule) -> Option<(&'static str, &'static str)> {
    match rule {
        Rule::Httpurl => Some(("3.3", "an http")),
        Rule::Gopherurl => Some(("3.4", "a gopher")),
        Rule::Nntpurl => Some(("3.7", "an nntp")),
        Rule::Waisurl | Rule::Waisdatabase | Rule::Waisindex | Rule::Waisdoc => {
            Some(("3.9", "a wais"))
        }
        Rule::Prosperourl => Some(("3.11", "a prospero")),
        _ => None,
    }
}

/// The hints for an error, most specific first.
pub(crate) fn hints(context: &Context<'_>) -> Vec<Hint> {
    let mut hints = Vec::new();
    let Context {
        rule,
        input,
        offset,
        found,
        path,
        expected,
        authority,
    } = *context;
    // `offset` is a char boundary of `input` (see `Error::new`).
    let before = &input[..offset];
    let in_host = path
        .iter()
        .any(|rule| matches!(rule, Rule::Host | Rule::Hostname | Rule::Hostnumber));
    let previous = before.chars().next_back();

    // A scheme name with characters section 2.1 does not allow: the error
    // is in the leading run of scheme characters of a generic URL.
    let in_scheme = matches!(
        rule,
        Rule::Url | Rule::Genericurl | Rule::Otherurl | Rule::Scheme
    ) && before
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    if in_scheme && matches!(found, Found::Char(c) if c != ':') {
        hints.push(Hint::new(
            "2.1",
            "scheme names are made of lower-case letters, digits, \"+\", \"-\" and \".\"",
        ));
    }

    // A user name or password where the scheme allows none: the error is
    // in the authority (which ends at the first "/", section 3.1), and the
    // authority has an "@".
    if let Some((section, article)) = no_user_section(rule)
        && let Some(start) = authority
    {
        // `start` is where the parser started a production: a char boundary.
        let end = input[start..].find('/').map_or(input.len(), |i| start + i);
        if offset < end && input[start..end].contains('@') {
            hints.push(Hint::new(
                section,
                format!("{article} URL allows no user name or password"),
            ));
        }
    }

    match found {
        Found::Char('#') => hints.push(Hint::new(
            "2.2",
            "a fragment identifier (\"#...\") is not part of a URL: keep it apart; a \"#\" \
             inside the URL must be encoded as %23",
        )),
        Found::Char(
            c @ (' ' | '<' | '>' | '"' | '{' | '}' | '|' | '\\' | '^' | '~' | '[' | ']' | '`'),
        ) => hints.push(Hint::new(
            "2.2",
            format!(
                "\"{c}\" is unsafe and must always be encoded: write {}",
                percent_encoded(c)
            ),
        )),
        Found::Char(c) if c.is_control() => hints.push(Hint::new(
            "2.2",
            format!(
                "control characters must be encoded: write {} for U+{:04X}",
                percent_encoded(c),
                u32::from(c)
            ),
        )),
        Found::Char(c) if !c.is_ascii() => hints.push(Hint::new(
            "2.2",
            format!(
                "URLs are written in US-ASCII: encode \"{c}\" as the %XX of its UTF-8 bytes, {}",
                percent_encoded(c)
            ),
        )),
        Found::Byte(byte) => hints.push(Hint::new(
            "2.2",
            format!("byte 0x{byte:02X} is not US-ASCII: encode it as %{byte:02X}"),
        )),
        _ => {}
    }

    // A "%" that does not start an escape.
    let escape_start = match before.as_bytes() {
        [.., b'%'] => true,
        [.., b'%', hex] => hex.is_ascii_hexdigit(),
        _ => false,
    };
    if escape_start && expected.contains(&Expected::Rule(Rule::Hex)) {
        hints.push(Hint::new(
            "2.2",
            "a \"%\" starts an escape and must be followed by two hex digits; a \"%\" itself \
             is written %25",
        ));
    }

    // An empty port: the ":" is followed by what ends a hostport. (After a
    // ":" and a letter, a user and password is the likelier mistake.)
    let ends_hostport = matches!(
        found,
        Found::EndOfInput | Found::Char('/' | '?' | ';' | '#' | '@')
    );
    if previous == Some(':') && path.contains(&Rule::Port) && ends_hostport {
        hints.push(Hint::new(
            "3.1",
            "the port is empty: when the port is omitted, the \":\" is omitted as well",
        ));
    }

    if in_host {
        host_hints(&mut hints, before, found, previous);
    }

    // An FTP typecode other than a, i, d.
    if expected.contains(&Expected::Rule(Rule::Ftptype)) {
        hints.push(Hint::new(
            "3.2.2",
            "the typecode (ftptype) is \"a\" (text), \"i\" (image) or \"d\" (directory \
             listing), in either case",
        ));
    }

    // A news group that does not start with a letter.
    if rule == Rule::Newsurl
        && let Some(grouppart) = input.get(5..)
        && !grouppart.contains('@')
        && grouppart
            .chars()
            .next()
            .is_some_and(|c| c != '*' && !c.is_ascii_alphabetic())
    {
        hints.push(Hint::new(
            "3.6",
            "a news group name starts with a letter; a message-id (unique@host) has an \"@\"",
        ));
    }
    hints
}

/// Hints about the host the error is in.
fn host_hints(hints: &mut Vec<Hint>, before: &str, found: Found, previous: Option<char>) {
    // The host so far: after "://" or "@", whichever comes last.
    // Each cut follows an ASCII `@`, `/` or `.`: a char boundary.
    let host_start = before.rfind(['@', '/']).map_or(0, |i| i + 1);
    let host = &before[host_start..];
    let label_start = host.rfind('.').map_or(0, |i| i + 1);
    let label = &host[label_start..];
    let at_label_start = label.is_empty();

    if at_label_start && found == Found::Char('-') {
        hints.push(Hint::new(
            "3.1",
            "a domain label starts with a letter or digit, not \"-\"",
        ));
    }
    let label_may_end = matches!(found, Found::Char('.' | ':' | '/') | Found::EndOfInput);
    if previous == Some('-') && label_may_end {
        hints.push(Hint::new(
            "3.1",
            "a domain label ends with a letter or digit, not \"-\"",
        ));
    }
    let ends_here = matches!(found, Found::Char(':' | '/') | Found::EndOfInput);
    let numeric = !host.is_empty() && host.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    if numeric && ends_here {
        let parts = host.split('.').count();
        if parts != 4 {
            hints.push(Hint::new(
                "3.1",
                format!(
                    "an IP address is four decimal numbers separated by \".\"; this has {parts}"
                ),
            ));
        }
    } else if ends_here
        && label.starts_with(|c: char| c.is_ascii_digit())
        && label.bytes().any(|b| b.is_ascii_alphabetic())
    {
        hints.push(Hint::new(
            "3.1",
            "the last label of a host name starts with a letter: that is what tells host \
             names from IP addresses",
        ));
    }
}
