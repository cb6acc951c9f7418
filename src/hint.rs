//! Hints: what the usual mistakes behind an error are, and what the RFC says
//! to write instead.
//!
//! A hint is derived from the error (its rule, offset, what was found and
//! expected, the production path) and the input around the offset. Each
//! names the section of RFC 1738 it rests on.

use core::fmt;
use std::borrow::Cow;

use percent_encoding::percent_encode_byte;

use crate::Rule;
use crate::charset;
use crate::expected::{Expected, Found, begun};
use crate::pass;
use crate::trace::Recorded;

/// A suggestion attached to an [`crate::Error`], citing the RFC.
///
/// Its [`code`](Hint::code) says which mistake it is about, whatever the
/// characters its message quotes: what a program groups errors by.
///
/// ```
/// use rfc1738::HintCode;
/// let error = rfc1738::parse("http://host/page#part").unwrap_err();
/// let hint = &error.hints()[0];
/// assert_eq!(hint.code(), HintCode::Fragment);
/// assert_eq!(hint.section(), "2.2");
/// assert!(hint.message().starts_with("a fragment identifier"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hint {
    code: HintCode,
    section: &'static str,
    /// Most messages are fixed sentences, borrowed; those that quote a
    /// character are made.
    message: Cow<'static, str>,
}

/// What mistake a [`Hint`] is about: one code per kind of hint, stable
/// across versions and independent of the message's words and of the
/// characters it quotes. [`as_str`](HintCode::as_str) is the code as the
/// command line's summaries write it (`fragment`, `unsafe-character`), and
/// `str::parse` reads it back (a string that is no code is an
/// [`UnknownCode`]).
///
/// ```
/// use rfc1738::HintCode;
/// let codes = |input: &str| -> Vec<HintCode> {
///     rfc1738::parse(input).unwrap_err().hints().iter().map(|h| h.code()).collect()
/// };
/// assert_eq!(codes("http://host/a b"), [HintCode::UnsafeCharacter]);
/// assert_eq!(codes("http://host/a<b"), [HintCode::UnsafeCharacter]);
/// assert_eq!(codes("http://user@host/"), [HintCode::UserNotAllowed]);
/// assert_eq!(HintCode::UserNotAllowed.as_str(), "user-not-allowed");
/// assert_eq!("user-not-allowed".parse(), Ok(HintCode::UserNotAllowed));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum HintCode {
    /// A scheme name with characters section 2.1 does not allow.
    SchemeName,
    /// A user name or password in a URL whose scheme allows none (sections
    /// 3.3, 3.4, 3.7, 3.9, 3.10, 3.11).
    UserNotAllowed,
    /// An error inside a password that is not shown: what a user name or
    /// password must encode (section 3.1), instead of the character found
    /// or what was expected after the password's characters before it. Not
    /// given with [`HintCode::UserNotAllowed`], which says that the scheme
    /// allows no password at all.
    PasswordCharacters,
    /// A `#fragment`, which is not part of a URL (section 2.2).
    Fragment,
    /// An unsafe character (space, `<`, `>`, `"`, `{`, `}`, `|`, `\`,
    /// `^`, `~`, `[`, `]`, `` ` ``), which must be encoded (section 2.2).
    UnsafeCharacter,
    /// A control character, which must be encoded (section 2.2).
    ControlCharacter,
    /// A character that is not US-ASCII, to be encoded (section 2.2): as the
    /// `%XX` of its UTF-8 bytes, the encoding later standards chose, which
    /// RFC 1738 does not name.
    NonAscii,
    /// A byte that is not text (the input is not UTF-8), to be encoded
    /// (section 2.2).
    NonAsciiByte,
    /// A `%` that starts no escape of two hex digits (section 2.2).
    PercentEscape,
    /// A `:` with no port after it (section 3.1).
    EmptyPort,
    /// A domain label that starts with `-` (section 3.1).
    LabelStart,
    /// A domain label that ends with `-` (section 3.1).
    LabelEnd,
    /// An IP address that is not four numbers (section 3.1).
    IpAddressParts,
    /// A host name whose last label starts with a digit (section 3.1).
    TopLabelDigit,
    /// An FTP typecode other than `a`, `i` or `d` (section 3.2.2).
    FtpTypecode,
    /// A news group name that does not start with a letter, or holds a
    /// character no group name holds (section 5's `group`: sections 3.6
    /// and 3.7 call it only "a period-delimited hierarchical name").
    NewsGroup,
    /// The wrapper of a URL in text, `<URL:...>` or `<...>`, or its prefix
    /// `URL:`, which are not part of the URL (appendix).
    Wrapper,
    /// Whitespace before or after a URL, which is not part of it
    /// (appendix).
    Whitespace,
    /// A scheme name not followed by the `:` that ends it (section 2.1).
    SchemeColon,
    /// A port in a file URL, whose host has none (section 3.10).
    PortNotAllowed,
    /// A reserved character where the part read takes it only encoded:
    /// a `/` in an http search, a `;` in an ftp name or a prospero
    /// hsoname, a `:` or a `/` in a password (sections 2.2, 3.1, 3.2.2,
    /// 3.3, 3.11).
    ReservedCharacter,
    /// A character no host name holds, nor an escape of it (section 3.1),
    /// a `[` among them, which starts an IPv6 literal RFC 1738 has none
    /// of, or one after a news message-id's host, which ends the URL
    /// (section 3.6).
    HostCharacter,
    /// A file URL whose `//` is followed by a path, not by a host and `/`
    /// (section 3.10).
    FileHost,
    /// A port that is not decimal digits, or a host and port (with one `:`
    /// or more) an ftp or telnet URL read as a user and password for want
    /// of the `@`, whose port holds another character than a digit (section
    /// 3.1).
    PortDigits,
    /// No host where the scheme names one: `http:///x`, `http://:80/`
    /// (section 3.1).
    EmptyHost,
    /// An `@` in a user name or password, where only the `@` that ends the
    /// login may stand unencoded (section 3.1).
    AtInLogin,
    /// A scheme of the common Internet scheme syntax whose `//` after the
    /// `:` is missing or mangled: `http:/host`, `file:/etc/motd` (sections
    /// 3.1, 3.10).
    SchemeSlashes,
    /// More than the scheme's URL holds: a path after a telnet URL's host,
    /// more than an article number after an nntp URL's group, anything
    /// after an ftp URL's typecode (sections 3.2.2, 3.7, 3.8).
    UrlEnd,
    /// A URL that ends before a part its scheme requires, told the form
    /// section 3 gives it: an nntp URL's group, a wais URL's database or
    /// the path after its type, a prospero URL's hsoname or a field's `=`,
    /// a mailto URL's address, a news URL's group or message-id (sections
    /// 3.5, 3.6, 3.7, 3.9, 3.11).
    MissingPart,
    /// A news message-id or a mailto address written between `<` and `>`,
    /// which the URL leaves out (sections 3.5, 3.6).
    AngleBrackets,
    /// A news URL written with a host (`news://host/group`): a news URL
    /// names no server, an nntp URL does (sections 3.6, 3.7).
    NewsServer,
    /// A prospero field with no `=`, ended by the `;` of another, or empty
    /// (`;;`) (section 3.11).
    ProsperoField,
    /// A wais URL whose database is empty, for a `/` follows the one after
    /// the host (`wais://host//db`), so that its parts are read one place
    /// further on (section 3.9).
    EmptyDatabase,
    /// A drive letter written where a file URL's host goes
    /// (`file://C:/x`): it belongs to the path (section 3.10).
    DriveLetter,
}

impl HintCode {
    /// Every code, in the order of the variants: a slice, whose length
    /// may grow as codes are added (the enum is `#[non_exhaustive]`).
    pub const ALL: &'static [HintCode] = &[
        HintCode::SchemeName,
        HintCode::UserNotAllowed,
        HintCode::PasswordCharacters,
        HintCode::Fragment,
        HintCode::UnsafeCharacter,
        HintCode::ControlCharacter,
        HintCode::NonAscii,
        HintCode::NonAsciiByte,
        HintCode::PercentEscape,
        HintCode::EmptyPort,
        HintCode::LabelStart,
        HintCode::LabelEnd,
        HintCode::IpAddressParts,
        HintCode::TopLabelDigit,
        HintCode::FtpTypecode,
        HintCode::NewsGroup,
        HintCode::Wrapper,
        HintCode::Whitespace,
        HintCode::SchemeColon,
        HintCode::PortNotAllowed,
        HintCode::ReservedCharacter,
        HintCode::HostCharacter,
        HintCode::FileHost,
        HintCode::PortDigits,
        HintCode::EmptyHost,
        HintCode::AtInLogin,
        HintCode::SchemeSlashes,
        HintCode::UrlEnd,
        HintCode::MissingPart,
        HintCode::AngleBrackets,
        HintCode::NewsServer,
        HintCode::ProsperoField,
        HintCode::EmptyDatabase,
        HintCode::DriveLetter,
    ];

    /// The code in lower-case words joined by `-`: `scheme-name`,
    /// `user-not-allowed`, …
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            HintCode::SchemeName => "scheme-name",
            HintCode::UserNotAllowed => "user-not-allowed",
            HintCode::PasswordCharacters => "password-characters",
            HintCode::Fragment => "fragment",
            HintCode::UnsafeCharacter => "unsafe-character",
            HintCode::ControlCharacter => "control-character",
            HintCode::NonAscii => "non-ascii",
            HintCode::NonAsciiByte => "non-ascii-byte",
            HintCode::PercentEscape => "percent-escape",
            HintCode::EmptyPort => "empty-port",
            HintCode::LabelStart => "label-start",
            HintCode::LabelEnd => "label-end",
            HintCode::IpAddressParts => "ip-address-parts",
            HintCode::TopLabelDigit => "top-label-digit",
            HintCode::FtpTypecode => "ftp-typecode",
            HintCode::NewsGroup => "news-group",
            HintCode::Wrapper => "wrapper",
            HintCode::Whitespace => "whitespace",
            HintCode::SchemeColon => "scheme-colon",
            HintCode::PortNotAllowed => "port-not-allowed",
            HintCode::ReservedCharacter => "reserved-character",
            HintCode::HostCharacter => "host-character",
            HintCode::FileHost => "file-host",
            HintCode::PortDigits => "port-digits",
            HintCode::EmptyHost => "empty-host",
            HintCode::AtInLogin => "at-in-login",
            HintCode::SchemeSlashes => "scheme-slashes",
            HintCode::UrlEnd => "url-end",
            HintCode::MissingPart => "missing-part",
            HintCode::AngleBrackets => "angle-brackets",
            HintCode::NewsServer => "news-server",
            HintCode::ProsperoField => "prospero-field",
            HintCode::EmptyDatabase => "empty-database",
            HintCode::DriveLetter => "drive-letter",
        }
    }
}

impl fmt::Display for HintCode {
    /// [`as_str`](HintCode::as_str), padded as a `str` is given a width.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl core::str::FromStr for HintCode {
    type Err = UnknownCode;

    /// The code whose [`as_str`](HintCode::as_str) is `text`, exactly
    /// (case-sensitive): its inverse.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        UnknownCode::find(HintCode::ALL, HintCode::as_str, text, "a hint code")
    }
}

/// A string that is no code: the error of `str::parse` of a [`HintCode`]
/// or a [`lint::Code`](crate::lint::Code), which read back what their
/// `as_str` writes. [`name`](UnknownCode::name) is the string as given;
/// `Display` shows it between double quotes, as [`crate::visible`] shows
/// quoted text, and says which kind of code it is not.
///
/// ```
/// use rfc1738::{HintCode, UnknownCode, lint::Code};
/// assert_eq!("fragment".parse::<HintCode>(), Ok(HintCode::Fragment));
/// assert_eq!("reserved-port".parse::<Code>(), Ok(Code::ReservedPort));
/// let error: UnknownCode = "Fragment".parse::<HintCode>().unwrap_err();
/// // Codes are case-sensitive: `as_str` writes them in lower case.
/// assert_eq!(error.name(), "Fragment");
/// assert_eq!(error.to_string(), r#""Fragment" is not a hint code"#);
/// let error = "reserved_port".parse::<Code>().unwrap_err();
/// assert_eq!(error.to_string(), r#""reserved_port" is not a lint code"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error(
    "\"{}\" is not {}",
    crate::visible::Visible::new(&self.name).quoted(),
    self.kind
)]
pub struct UnknownCode {
    name: String,
    /// What the string is not: `"a hint code"`, `"a lint code"`.
    kind: &'static str,
}

impl UnknownCode {
    /// The code of `codes` whose name (`as_str`) is `text`, exactly, or
    /// the error that `text` is not `kind` (`"a hint code"`).
    pub(crate) fn find<T: Copy>(
        codes: &[T],
        as_str: fn(T) -> &'static str,
        text: &str,
        kind: &'static str,
    ) -> Result<T, UnknownCode> {
        let code = codes.iter().copied().find(|&code| as_str(code) == text);
        code.ok_or_else(|| UnknownCode::new(text, kind))
    }

    #[cold]
    fn new(name: &str, kind: &'static str) -> Self {
        UnknownCode {
            name: name.to_owned(),
            kind,
        }
    }

    /// The string that is no code, as it was given.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }
}

/// With the `serde` feature, a [`HintCode`] is written as its
/// [`as_str`](HintCode::as_str), as the command line's summaries write it
/// (`"fragment"`), and read back from it through `FromStr`; a [`Hint`] is
/// written as its `Display`, the message and its section, as the command
/// line's JSON records write a hint (its code, section and message have
/// accessors).
#[cfg(feature = "serde")]
mod serde_impl {
    use serde::de::{Deserialize, Deserializer};
    use serde::{Serialize, Serializer};

    use super::{Hint, HintCode};

    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl Serialize for HintCode {
        /// [`HintCode::as_str`]: `"unsafe-character"`.
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_str(self.as_str())
        }
    }

    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl<'de> Deserialize<'de> for HintCode {
        /// A code as [`HintCode::as_str`] writes it.
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            crate::named::deserialize(deserializer, "a hint code (\"fragment\", …)", |text| {
                text.parse()
                    .map_err(|unknown: super::UnknownCode| Some(unknown.to_string()))
            })
        }
    }

    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl Serialize for Hint {
        /// The message and its section, as `Display` writes them: `"… (RFC
        /// 1738, section 2.2)"`. There is no way back: a hint is derived
        /// from an error.
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_str(self)
        }
    }
}

impl Hint {
    fn new(code: HintCode, section: &'static str, message: impl Into<Cow<'static, str>>) -> Hint {
        Hint {
            code,
            section,
            message: message.into(),
        }
    }

    /// Which mistake the hint is about.
    #[must_use]
    pub fn code(&self) -> HintCode {
        self.code
    }

    /// The section of RFC 1738 the hint rests on (`2.2`, `3.3`, …, or
    /// `appendix`).
    ///
    /// ```
    /// let error = rfc1738::parse("ftp://h/a;type=x").unwrap_err();
    /// assert_eq!(error.hints()[0].section(), "3.2.2");
    /// ```
    #[must_use]
    pub fn section(&self) -> &'static str {
        self.section
    }

    /// What to do, in a sentence.
    ///
    /// ```
    /// let error = rfc1738::parse("http://host:/").unwrap_err();
    /// assert_eq!(
    ///     error.hints()[0].message(),
    ///     "the port is empty: when the port is omitted, the \":\" is omitted as well"
    /// );
    /// ```
    #[must_use]
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Hint {
    /// The message followed by the section: `… (RFC 1738, section 2.2)`,
    /// `… (RFC 1738, appendix)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let section = if self.section == APPENDIX {
            ""
        } else {
            "section "
        };
        write!(f, "{} (RFC 1738, {section}{})", self.message, self.section)
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
    /// Where the login, hostport or host that was being read at the offset
    /// starts, if one was: the start of the authority, as the parser read
    /// it.
    pub authority: Option<usize>,
    /// Whether the character found is in a password that is not shown, or
    /// the offset past such a password's first character, up to its end:
    /// no hint may then say what the character found, or one before it, is.
    pub found_in_password: bool,
    /// Whether scheme names were matched whatever their case (D5).
    pub fold: bool,
}

/// `%XX` for each byte of `c`'s UTF-8 encoding.
fn percent_encoded(c: char) -> String {
    c.encode_utf8(&mut [0; 4])
        .bytes()
        .map(percent_encode_byte)
        .collect()
}

/// Whether the character `c` is one of `class`'s (ASCII) bytes.
fn in_class(class: &charset::Class, c: char) -> bool {
    u8::try_from(c).is_ok_and(|byte| class.contains(byte))
}

/// `c` between double quotes as a message names the character found
/// (`"a"`, `"\""`), shown as [`crate::visible`] says.
fn quoted(c: char) -> String {
    Found::Char(c).to_string()
}

/// The section of RFC 1738 whose URLs have no user name, and what it says
/// of them: sections 3.3 and 3.11 say "No user name or password is
/// allowed", the others write their form with a host and no login.
fn no_user_section(rule: Rule) -> Option<(&'static str, &'static str)> {
    Some(match rule {
        Rule::Httpurl => ("3.3", "an http URL allows no user name or password"),
        Rule::Prosperourl => ("3.11", "a prospero URL allows no user name or password"),
        Rule::Gopherurl => (
            "3.4",
            "a gopher URL is written gopher://<host>:<port>/<gopher-path>, with no user name \
             or password",
        ),
        Rule::Nntpurl => (
            "3.7",
            "an nntp URL is written nntp://<host>:<port>/<newsgroup-name>/<article-number>, \
             with no user name or password",
        ),
        Rule::Waisurl | Rule::Waisdatabase | Rule::Waisindex | Rule::Waisdoc => (
            "3.9",
            "a wais URL is written wais://<host>:<port>/<database>, with no user name or \
             password",
        ),
        Rule::Fileurl => (
            "3.10",
            "a file URL is written file://<host>/<path>, with no user name or password",
        ),
        _ => return None,
    })
}

impl Context<'_> {
    /// The input before the offset.
    fn before(&self) -> &str {
        // `offset` is a char boundary of `input` (see `Error::new`).
        &self.input[..self.offset]
    }

    /// The character before the offset.
    fn previous(&self) -> Option<char> {
        self.before().chars().next_back()
    }

    /// The authority the error is in, up to the offset: what the parser
    /// read of it.
    fn authority_read(&self) -> Option<&str> {
        // The authority's start and the offset are char boundaries.
        self.input.get(self.authority?..self.offset)
    }
}

/// The appendix, "Recommendations for URLs in Context", as a hint cites it.
const APPENDIX: &str = "appendix";

/// The hints for an error, most specific first.
pub(crate) fn hints(context: &Context<'_>) -> Vec<Hint> {
    let mut hints = Vec::new();
    if let Some(hint) = text_hint(context) {
        // At the start of the input, or at whitespace after the URL, what
        // the text around a URL put there explains the error alone: the
        // scheme name and the character found are not the URL's.
        let alone = context.offset == 0 || hint.code == HintCode::Whitespace;
        hints.push(hint);
        if alone {
            return hints;
        }
    }
    hints.extend(scheme_hint(context));
    hints.extend(slashes_hint(context));
    let user = user_hint(context);
    // In a scheme that allows no login, what a password may hold is
    // beside the point: the user hint says what is wrong.
    let login_allowed = user.is_none();
    hints.extend(user);
    if context.found_in_password {
        // The hints below read the character found and those before it,
        // which are the password's: one that says nothing of them instead.
        if login_allowed {
            hints.push(password_hint());
        }
    } else {
        let at_in_login = login_at_hint(context);
        // With the login's last "@" after the error, what the grammar read
        // after its first is no host or port but the login's, where an
        // escape stands: hints about it as a host or port would mislead.
        // One found at the error ends a host or port that is one.
        let misread = at_in_login.is_some() && context.found != Found::Char('@');
        // With no "@" in the authority, what the grammar also read as a
        // login is a host and port, where no escape stands.
        let in_host = !misread && login_without_at(context);
        let escapable = !in_host && (misread || escape_may_stand(context.expected));
        // What was written in place of the part says what to write there,
        // which the character found's escape would not make valid.
        let instead = angle_brackets_hint(context).or_else(|| drive_letter_hint(context));
        if instead.is_none() {
            hints.extend(found_hint(context.found, escapable));
        }
        hints.extend(instead);
        // An escape begun in a host is no escape's to mend: `%25` would
        // not stand there either.
        hints.extend(escape_hint(context, !in_host));
        hints.extend(type_spelling_hint(context));
        hints.extend(reserved_hint(context));
        hints.extend(at_in_login);
        if !misread {
            host_and_port_hints(&mut hints, context);
        }
        if hints.is_empty() {
            hints.extend(unread_host_hints(context).unwrap_or_default());
        }
    }
    hints.extend(ftptype_hint(context));
    hints.extend(news_hint(context));
    hints.extend(empty_database_hint(context));
    hints.extend(url_end_hint(context));
    hints.extend(missing_part_hint(context));
    hints
}

/// An input that ends where its scheme requires more than the grammar
/// could still read: the form section 3 gives the scheme's URLs. Where
/// what is missing is only the rest of a literal (`http:/`) or may be left
/// out, the message says all (D22).
fn missing_part_hint(context: &Context<'_>) -> Option<Hint> {
    if context.found != Found::EndOfInput {
        return None;
    }
    let within = |rule| context.path.contains(&rule);
    // What would have gone on: not the rest of an escape (`%2`).
    let expects = |item| context.expected.contains(&item);
    let slash = expects(Expected::Literal("/"));
    // After the host and port, where only a "/" may follow.
    let after_host = within(Rule::Hostport) && slash;
    let last = context.path.last();
    let (section, message) = if within(Rule::Nntpurl) && after_host {
        (
            "3.7",
            "an nntp URL names a news group after its host: \
             nntp://<host>:<port>/<newsgroup-name>",
        )
    } else if within(Rule::Waisurl) && after_host {
        (
            "3.9",
            "a wais URL names a database after its host: wais://<host>:<port>/<database>",
        )
    } else if within(Rule::Waisurl) && last == Some(&Rule::Wtype) && slash {
        (
            "3.9",
            "a wais URL with a type has a path after it: \
             wais://<host>:<port>/<database>/<wtype>/<wpath>",
        )
    } else if within(Rule::Prosperourl) && after_host {
        (
            "3.11",
            "a prospero URL names an hsoname after its host: \
             prospero://<host>:<port>/<hsoname>;<field>=<value>",
        )
    } else if within(Rule::Prosperourl)
        && last == Some(&Rule::Fieldname)
        && expects(Expected::Literal("="))
    {
        (
            "3.11",
            "a prospero field is a name, \"=\" and a value: ;<field>=<value>",
        )
    } else if within(Rule::Mailtourl) && expects(Expected::Rule(Rule::Xchar)) {
        // `encoded822addr = 1*xchar`: an xchar is expected at the end only
        // when there is none.
        (
            "3.5",
            "a mailto URL names an address: mailto:<rfc822-addr-spec>",
        )
    } else if within(Rule::Newsurl) && context.offset == "news:".len() {
        (
            "3.6",
            "a news URL names a news group or a message-id: news:<newsgroup-name> or \
             news:<message-id>",
        )
    } else {
        return None;
    };
    Some(Hint::new(HintCode::MissingPart, section, message))
}

/// What is wrong with the host or the port the error is in.
fn host_and_port_hints(hints: &mut Vec<Hint>, context: &Context<'_>) {
    hints.extend(empty_port_hint(context));
    hints.extend(port_digits_hint(context));
    hints.extend(slash_in_password_hint(context));
    hints.extend(file_port_hint(context));
    hints.extend(file_host_hint(context));
    // A file URL's host may be the literal "localhost", which a leaf of
    // `fileurl` itself reads.
    let in_host = context
        .path
        .iter()
        .any(|rule| matches!(rule, Rule::Host | Rule::Hostname | Rule::Hostnumber))
        || context.expected.contains(&Expected::Literal("localhost"));
    if in_host {
        hints.extend(empty_host_hint(context));
        hints.extend(dot_hint(context));
        host_hints(hints, context);
    }
    hints.extend(host_character_hint(context, in_host));
}

/// More than a telnet URL (which ends after its host and port, or the `/`
/// that may follow them), an nntp URL (after its group, or the `/` and
/// the digits of an article number) or an ftp URL (after its typecode)
/// holds.
fn url_end_hint(context: &Context<'_>) -> Option<Hint> {
    let ends = context.expected == [Expected::EndOfInput];
    let typecode = match context.before().as_bytes() {
        [.., b';', b't', b'y', b'p', b'e', b'=', code] => b"aidAID".contains(code),
        _ => false,
    };
    let (section, message) = match context.rule {
        Rule::Ftpurl if ends && typecode => (
            "3.2.2",
            "an ftp URL ends with its typecode: nothing follows \";type=a\", \";type=i\" \
             or \";type=d\"",
        ),
        Rule::Telneturl if ends => (
            "3.8",
            "a telnet URL ends with its host and port, or the \"/\" after them: it has no \
             path",
        ),
        Rule::Nntpurl
            if context.path.last() == Some(&Rule::Digits)
                && !context.path.contains(&Rule::Port) =>
        {
            (
                "3.7",
                "an nntp URL ends with the group, or with a \"/\" and the article number, \
                 digits only: nntp://host/group/123",
            )
        }
        _ => return None,
    };
    Some(Hint::new(HintCode::UrlEnd, section, message))
}

/// What the text a URL was taken from left around it (appendix): its
/// wrapper `<URL:...>` or `<...>`, its prefix `URL:`, or whitespace before
/// or after it.
fn text_hint(context: &Context<'_>) -> Option<Hint> {
    // Only where the input is a URL: `<me@host>` is an address in brackets.
    let url = Rule::URLS.contains(&context.rule);
    if !url {
        return None;
    }
    let input = context.input;
    if context.offset == 0 && input.starts_with('<') {
        return Some(Hint::new(
            HintCode::Wrapper,
            APPENDIX,
            "the wrapper <URL:...> or <...> marks a URL in text and is not part of it: check \
             the URL inside it",
        ));
    }
    if after_prefix(input, "url:").is_some() {
        return Some(Hint::new(
            HintCode::Wrapper,
            APPENDIX,
            "the prefix \"URL:\" marks a URL and is not part of it: check the URL after it",
        ));
    }
    let Found::Char(c) = context.found else {
        return None;
    };
    let around = context.offset == 0 || input[context.offset..].trim_ascii().is_empty();
    (c.is_ascii_whitespace() && around && !context.found_in_password).then(|| {
        Hint::new(
            HintCode::Whitespace,
            APPENDIX,
            "whitespace before or after a URL is not part of it: leave it out",
        )
    })
}

/// A scheme name with characters section 2.1 does not allow, or none: the
/// error is in the leading run of scheme characters of a generic URL. A `/`
/// or the end after such a run is more likely a missing `:` (`http//host`,
/// `newscomp.lang`).
fn scheme_hint(context: &Context<'_>) -> Option<Hint> {
    let generic = matches!(
        context.rule,
        Rule::Url | Rule::Genericurl | Rule::Otherurl | Rule::Scheme
    );
    let in_scheme = generic
        && context
            .before()
            .bytes()
            .all(|b| charset::SCHEME_FOLDED.contains(b));
    let ends = matches!(context.found, Found::Char('/') | Found::EndOfInput);
    if in_scheme && context.offset > 0 && ends {
        return Some(Hint::new(
            HintCode::SchemeColon,
            "2.1",
            "a \":\" ends the scheme name: a URL is written <scheme>:<scheme-specific-part>",
        ));
    }
    let message = match context.found {
        _ if !in_scheme => return None,
        Found::Char(':') if context.offset == 0 => {
            "a URL starts with its scheme name: one character at least before the \":\""
        }
        // Read as an interpreter reads it, a scheme name's upper-case
        // letters are its lower-case ones (D5).
        Found::Char(c) if c != ':' && context.fold => {
            "scheme names are made of letters (in either case), digits, \"+\", \"-\" and \".\""
        }
        Found::Char(c) if c != ':' => {
            "scheme names are made of lower-case letters, digits, \"+\", \"-\" and \".\""
        }
        _ => return None,
    };
    Some(Hint::new(HintCode::SchemeName, "2.1", message))
}

/// A scheme of the common Internet scheme syntax read up to its `:`, whose
/// `//` does not follow: the error is in the rest of the scheme rule's
/// opening literal (`"http://"`), its name and `:` already read, and
/// something other than the `//` stands there (an input that stops there is
/// only cut short).
fn slashes_hint(context: &Context<'_>) -> Option<Hint> {
    let [Expected::Literal(literal)] = context.expected else {
        return None;
    };
    if context.found == Found::EndOfInput {
        return None;
    }
    let scheme = literal.strip_suffix("://")?;
    if begun(literal, context.before())? <= scheme.len() {
        return None;
    }
    Some(if scheme == "file" {
        Hint::new(
            HintCode::SchemeSlashes,
            "3.10",
            "a file URL is written file://<host>/<path>, the host left empty for the machine \
             the URL is read on: file:///etc/motd",
        )
    } else {
        Hint::new(
            HintCode::SchemeSlashes,
            "3.1",
            format!(
                "after \"{scheme}:\" come \"//\" and the host: the scheme-specific part of the \
                 common Internet scheme syntax starts with a double slash"
            ),
        )
    })
}

/// A user name or password where the scheme allows none: the error is in
/// the authority, and the authority has an "@". The authority ends at the
/// first "/": section 3.1 has a "/" in a user or password encoded, so that
/// one before the "@" ends a host and port (`http://h.com:/a@b`, whose
/// port is the error). The password's guess reads past it, to hide what
/// may be a password (`http://me:ab/d@h/`); hidden, the hints read that
/// guess as `*`s (`http://me:****@h/`), and are told this one.
fn user_hint(context: &Context<'_>) -> Option<Hint> {
    let (section, message) = no_user_section(context.rule)?;
    let input = context.input;
    // A file URL's host read as far as the "localhost" it began is no
    // production that tells where it starts: right after "file://".
    let file = context.rule == Rule::Fileurl && file_slashes(input);
    let start = context.authority.or(file.then_some(FILE_SLASHES.len()))?;
    // `start` is where the parser started a production, or follows an ASCII
    // "file://": a char boundary.
    let authority = authority_from(input, start)?;
    (context.offset < start + authority.len() && authority.contains('@'))
        .then(|| Hint::new(HintCode::UserNotAllowed, section, message))
}

/// What section 3.1 says of the characters of a user name and a password,
/// for an error in a password that is not shown: what it must encode, and
/// what a `%` in it starts (section 2.2), which the hints that read the
/// password would have said (`ftp://me:ab%@h/`, told only that a valid
/// password was expected).
fn password_hint() -> Hint {
    Hint::new(
        HintCode::PasswordCharacters,
        "3.1",
        "within a user name or password, \":\", \"@\" and \"/\" must be encoded (%3A, %40, \
         %2F), as must any unsafe, control or non-ASCII character; a \"%\" starts an escape \
         of two hex digits, %25 for a \"%\" itself",
    )
}

/// Whether an escape (`"%" hex hex`) could stand where something in
/// `expected` was expected: a class with escapes (`uchar`, `xchar`), or a
/// literal that starts with `%` (gopher's `"%09"`). In a host, a port, a
/// scheme or a news group none can.
fn escape_may_stand(expected: &[Expected]) -> bool {
    expected.iter().any(|item| match item {
        Expected::Rule(rule) => rule.class().is_some_and(charset::Class::escape),
        Expected::Literal(literal) => literal.starts_with('%'),
        Expected::EndOfInput => false,
    })
}

/// A reserved character (section 2.2) found where the part being read
/// takes characters and escapes but not it: the escape that stands for
/// it. The parts are those whose production is a repetition of `uchar`
/// and some reserved characters (a path segment, a search, a wais part, a
/// prospero field), so that the character found is the part's own and not
/// the end of another (a `/` after a user name is). An ftp path's `;` is
/// [`ftp_semicolon_hint`]'s.
fn reserved_hint(context: &Context<'_>) -> Option<Hint> {
    if let Some(hint) = ftp_semicolon_hint(context) {
        return Some(hint);
    }
    let Found::Char(c) = context.found else {
        return None;
    };
    if !in_class(&charset::RESERVED, c) || !context.expected.contains(&Expected::Rule(Rule::Uchar))
    {
        return None;
    }
    let part = *context.path.last()?;
    if part == Rule::Fieldname && c == ';' {
        // `;;`, or `;name;`: a field with no `=`, not a name holding a
        // `;`, is what the next field's `;` ends.
        return Some(prospero_field_hint());
    }
    if wais_database_empty(context) {
        // Read one part further on, the path's `/`s, its `?` and the rest
        // are misplaced: the empty database is what is wrong
        // (`empty_database_hint`), and an escape would not mend it.
        return None;
    }
    let (section, message) = match part {
        Rule::Search | Rule::Hsegment if context.path.contains(&Rule::Httpurl) => (
            "3.3",
            format!(
                "{} is reserved in an http {}: write {} for one that stands for itself",
                quoted(c),
                if part == Rule::Search {
                    "search"
                } else {
                    "path"
                },
                percent_encoded(c)
            ),
        ),
        // The reading as a host and port, for want of the `@`, may reach
        // the `:` too, and first (`telnet://ju::x@h`).
        Rule::Password | Rule::Digits if colon_in_password(context) => (
            "3.1",
            "a \":\" in a password must be encoded as %3A: the first \":\" of a login ends \
             the user name"
                .to_owned(),
        ),
        Rule::Psegment if c == ';' => (
            "3.11",
            "a \";\" is reserved in a prospero hsoname and may not appear unencoded: \
             write %3B"
                .to_owned(),
        ),
        Rule::Search
        | Rule::Hsegment
        | Rule::Fsegment
        | Rule::Database
        | Rule::Wtype
        | Rule::Wpath
        | Rule::Psegment
        | Rule::Fieldname
        | Rule::Fieldvalue => (
            "2.2",
            format!(
                "{} is a reserved character, which {} takes only encoded: write {}",
                quoted(c),
                part.name(),
                percent_encoded(c)
            ),
        ),
        _ => return None,
    };
    Some(Hint::new(HintCode::ReservedCharacter, section, message))
}

/// Whether an `@` follows the offset in the authority: what was read is a
/// login, not a host and port.
fn login_ends_after(context: &Context<'_>) -> bool {
    authority_from(context.input, context.offset).is_some_and(|rest| rest.contains('@'))
}

/// Whether the error is in a login whose authority holds no `@`: for want
/// of it, the text is a host and port (section 3.1), though the grammar
/// read it as a user and a password too. Not where an `@` follows in the
/// path segment after the authority, a password's `/` having ended it
/// early ([`slash_in_password`]), nor where a rule above the login reads
/// the text otherwise, as `url` does an other scheme's `*xchar`.
fn login_without_at(context: &Context<'_>) -> bool {
    let Some(start) = context.authority else {
        return false;
    };
    let other_reading = context.expected.contains(&Expected::Rule(Rule::Xchar));
    let host = authority_from(context.input, start).is_some_and(|text| {
        !text.contains('@') && !at_in_segment_after(context.input, start + text.len())
    });
    context.path.contains(&Rule::Login) && !other_reading && host
}

/// Whether the path segment after the `/` at `slash` of `input` (if one is
/// there) holds an `@`: the one a login typed with a `/` in it ends with.
fn at_in_segment_after(input: &str, slash: usize) -> bool {
    let after = input.get(slash + 1..).unwrap_or_default();
    input.get(slash..).is_some_and(|rest| rest.starts_with('/'))
        && authority_from(after, 0).is_some_and(|segment| segment.contains('@'))
}

/// Whether the character found is a `:` in a password: a login's `:`
/// after the one that ends its user name, with the login's `@` after it.
fn colon_in_password(context: &Context<'_>) -> bool {
    let read = context.authority_read();
    context.found == Found::Char(':')
        && context.path.contains(&Rule::Login)
        && read.is_some_and(|read| read.contains(':') && !read.contains('@'))
        && login_ends_after(context)
}

/// A `;` in an ftp path that starts no `;type=`, found where the `;type=`
/// it began stops: in a name or directory it is reserved (section 3.2.2).
fn ftp_semicolon_hint(context: &Context<'_>) -> Option<Hint> {
    (type_begun(context) > 0).then(|| {
        Hint::new(
            HintCode::ReservedCharacter,
            "3.2.2",
            "a \";\" in an ftp path starts \";type=\"; in a name or directory it is reserved \
             and must be encoded as %3B",
        )
    })
}

/// What section 2.2 says of the character found. The `%XX` to write is
/// given only where an escape could stand (`escapable`); elsewhere the hint
/// says that none can, which no encoding mends.
fn found_hint(found: Found, escapable: bool) -> Option<Hint> {
    const NO_ESCAPE: &str = "can stand here neither as it is nor encoded";
    let (code, message) = match found {
        Found::Char('#') => (
            HintCode::Fragment,
            "a fragment identifier (\"#...\") is not part of a URL: keep it apart; a \"#\" \
             inside the URL must be encoded as %23"
                .to_owned(),
        ),
        Found::Char(
            c @ (' ' | '<' | '>' | '"' | '{' | '}' | '|' | '\\' | '^' | '~' | '[' | ']' | '`'),
        ) => (
            HintCode::UnsafeCharacter,
            if escapable {
                format!(
                    "{} is unsafe and must always be encoded: write {}",
                    quoted(c),
                    percent_encoded(c)
                )
            } else {
                format!("{} is unsafe, and {NO_ESCAPE}", quoted(c))
            },
        ),
        // Section 2.2's control characters are US-ASCII's, 00-1F and 7F;
        // U+0080 to U+009F are characters outside US-ASCII as any other.
        Found::Char(c) if c.is_ascii_control() => (
            HintCode::ControlCharacter,
            if escapable {
                format!(
                    "control characters must be encoded: write {} for U+{:04X}",
                    percent_encoded(c),
                    u32::from(c)
                )
            } else {
                format!(
                    "U+{:04X} is a control character, and {NO_ESCAPE}",
                    u32::from(c)
                )
            },
        ),
        Found::Char(c) if !c.is_ascii() => (
            HintCode::NonAscii,
            if escapable {
                format!(
                    "URLs are written in US-ASCII: encode {} as the %XX of its octets; in \
                     UTF-8, which later standards chose, {}",
                    quoted(c),
                    percent_encoded(c)
                )
            } else {
                format!(
                    "URLs are written in US-ASCII, and {} {NO_ESCAPE}",
                    quoted(c)
                )
            },
        ),
        Found::Byte(byte) => (
            HintCode::NonAsciiByte,
            if escapable {
                format!(
                    "byte 0x{byte:02X} is not US-ASCII: encode it as {}",
                    percent_encode_byte(byte)
                )
            } else {
                format!("byte 0x{byte:02X} is not US-ASCII, and {NO_ESCAPE}")
            },
        ),
        _ => return None,
    };
    Some(Hint::new(code, "2.2", message))
}

/// Whether the offset is in an escape the input begins, a `%` and at most
/// one hex digit before it, where a hex digit is expected.
fn escape_begun(context: &Context<'_>) -> bool {
    let begun = match context.before().as_bytes() {
        [.., b'%'] => true,
        [.., b'%', hex] => charset::is_hex(*hex),
        _ => false,
    };
    begun && context.expected.contains(&Expected::Rule(Rule::Hex))
}

/// A "%" that does not start an escape.
///
/// Unless `escapable`: in the host and port of an ftp or telnet URL with no
/// `@` (`ftp://ho%zz/`), which the grammar also read as a login, no escape
/// stands, `%25` included: the host's own hints say what is wrong
/// ([`unread_host_hints`]).
fn escape_hint(context: &Context<'_>, escapable: bool) -> Option<Hint> {
    (escapable && escape_begun(context)).then(|| {
        Hint::new(
            HintCode::PercentEscape,
            "2.2",
            "a \"%\" starts an escape and must be followed by two hex digits; a \"%\" itself \
             is written %25",
        )
    })
}

/// An empty port: the ":" is followed by what ends a hostport. (After a
/// ":" and a letter, a user and password is the likelier mistake.) An `@`
/// found there makes the ":" a login's, before an empty password: the
/// login's hints tell it (`user_hint`, `login_at_hint`).
fn empty_port_hint(context: &Context<'_>) -> Option<Hint> {
    let ends_hostport = matches!(
        context.found,
        Found::EndOfInput | Found::Char('/' | '?' | ';' | '#')
    );
    (context.previous() == Some(':') && context.path.contains(&Rule::Port) && ends_hostport).then(
        || {
            Hint::new(
                HintCode::EmptyPort,
                "3.1",
                "the port is empty: when the port is omitted, the \":\" is omitted as well",
            )
        },
    )
}

/// A port with a character other than a digit (`http://host:8a/`), or
/// what would be one: a `:` and what follows it in a login that the
/// grammar read as a user and a password, ended by a `/`, the end or a
/// second `:` with no `@` (`ftp://host:21a/`, `ftp://h:x:21/`), where that
/// text read as a host and port fails in its port. One that fails in its
/// host, the port's digits whole (`ftp://ho_st:21/`), is the host hints'
/// ([`unread_host_hints`]), and a `/` with an `@` after it the login's
/// ([`slash_in_password_hint`]). The hint quotes nothing: in the second
/// case what it is about is hidden as a password.
fn port_digits_hint(context: &Context<'_>) -> Option<Hint> {
    let (section, message) = match context.path.last()? {
        Rule::Digits if context.path.contains(&Rule::Port) => {
            let Found::Char(c) = context.found else {
                return None;
            };
            // An `@` after it makes it a password where none is allowed
            // ([`user_hint`]).
            if c.is_ascii_digit() || matches!(c, '/' | '#') || login_ends_after(context) {
                return None;
            }
            if c == '?' && context.path.contains(&Rule::Httpurl) {
                (
                    "3.3",
                    "a port is a decimal number, of digits only: in an http URL the search \
                     follows the \"/\" of the path (http://host:port/?search)",
                )
            } else {
                ("3.1", "a port is a decimal number, of digits only")
            }
        }
        Rule::Password => {
            let ended = matches!(context.found, Found::Char('/') | Found::EndOfInput);
            let colon = context.found == Found::Char(':');
            // An authority with no `@` is a host and port: the hint is
            // about its port only where that is what fails.
            let port = port_fails(context);
            let read = context.authority_read()?;
            if !(ended || colon) || !port || read.contains('@') || slash_in_password(context) {
                return None;
            }
            let message = if colon {
                "with no \"@\" after it, this is a host and port, which holds one \":\", \
                 before the port's digits; a user and a password are followed by \"@\" and \
                 the host"
            } else {
                "with no \"@\" after it, what follows the \":\" is a port, a decimal number \
                 of digits only; a user and a password are followed by \"@\" and the host"
            };
            ("3.1", message)
        }
        _ => return None,
    };
    Some(Hint::new(HintCode::PortDigits, section, message))
}

/// Whether the character found is a `/` that ends a password read with no
/// `@` before it, an `@` following in the path segment it starts
/// (`ftp://user:pa/ss@host/`): typed into the password, it ended the
/// authority before the login's `@`.
fn slash_in_password(context: &Context<'_>) -> bool {
    context.found == Found::Char('/')
        && context.path.last() == Some(&Rule::Password)
        && context
            .authority_read()
            .is_some_and(|read| !read.contains('@'))
        && at_in_segment_after(context.input, context.offset)
}

/// Whether the authority, which holds no `@`, fails as a host and port in
/// its port (`ftp://host:21a/`), not in its host.
fn port_fails(context: &Context<'_>) -> bool {
    hostport_error(context).is_some_and(|(authority, at)| in_port(authority, at))
}

/// A `/` in a password, which section 3.1 says must be encoded: unencoded,
/// it ended the authority before the `@` after it ([`slash_in_password`]).
/// Where the text before the `/` also reads as a host with a port that is
/// wrong (`ftp://files.host.dom:8O/logo@2x.png`), the hint says that
/// reading too: encoding the `/` would make the host a user name.
fn slash_in_password_hint(context: &Context<'_>) -> Option<Hint> {
    const SLASH: &str = "a \"/\" in a user name or password must be encoded as %2F: the \
                         first \"/\" after the \"//\" ends the host and port, and an \"@\" \
                         after it is no login's";
    if !slash_in_password(context) {
        return None;
    }
    let message = if port_fails(context) {
        Cow::Owned(format!(
            "{SLASH}; or, if this is a host and port, what follows the \":\" is a port, a \
             decimal number of digits only"
        ))
    } else {
        Cow::Borrowed(SLASH)
    };
    Some(Hint::new(HintCode::ReservedCharacter, "3.1", message))
}

/// A `:` after the host of a file URL, which has no port (section 3.10).
fn file_port_hint(context: &Context<'_>) -> Option<Hint> {
    let after_host = context.path.first() == Some(&Rule::Fileurl)
        && context.path.get(1) == Some(&Rule::Host)
        && context.found == Found::Char(':');
    // A `:` before a login's `@`, which comes before the next `/`
    // (`file://u:pw@h/`), is a password's, not a port's: the user hint
    // tells what is wrong. One after it is in the path (`file://C:/a@b`).
    let rest = context.input.get(context.offset..).unwrap_or_default();
    let login = rest
        .split('/')
        .next()
        .is_some_and(|part| part.contains('@'));
    (after_host && !login && drive_letter(context).is_none()).then(|| {
        Hint::new(
            HintCode::PortNotAllowed,
            "3.10",
            "a file URL has no port: it is written file://<host>/<path>",
        )
    })
}

/// What follows `prefix` (a scheme name and what the scheme writes after
/// it, ASCII) at the start of `input`, matched in any case (section 2.1).
fn after_prefix<'a>(input: &'a str, prefix: &str) -> Option<&'a str> {
    let head = input.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &input[prefix.len()..])
}

/// `fileurl`'s literal, which a file URL's host follows.
const FILE_SLASHES: &str = "file://";

/// Whether `input` starts with [`FILE_SLASHES`], in any case (section 2.1).
fn file_slashes(input: &str) -> bool {
    after_prefix(input, FILE_SLASHES).is_some()
}

/// A file URL whose `//` is followed by what reads as a path: no `/`
/// after it (`file://notes.txt`), or a `.` first (`file://.profile`),
/// which no host starts with. The error is before the first `/`, in what
/// the grammar reads as the host (section 3.10).
fn file_host_hint(context: &Context<'_>) -> Option<Hint> {
    let in_file = context.path.contains(&Rule::Fileurl);
    if !in_file || !file_slashes(context.input) || context.found == Found::Char(':') {
        return None;
    }
    // The host's start and `offset` are char boundaries: after ASCII, and
    // the error's.
    let host = FILE_SLASHES.len();
    let (read, rest) = (
        context.input.get(host..context.offset)?,
        &context.input[host..],
    );
    let path_like = !rest.contains('/') || rest.starts_with('.');
    (!read.contains('/') && path_like).then(|| {
        Hint::new(
            HintCode::FileHost,
            "3.10",
            "\"file://\" is followed by a host, then \"/\" and the path: a file on this \
             machine is written \"file:///\" and its path",
        )
    })
}

/// A character that no host name holds, encoded or not: found in a host
/// (`in_host`), or the first of them in what the grammar read as a user
/// name because the host held it, the user's `@` never coming
/// (`ftp://ho_st/`). A `?` in an http URL's host is the start of a search
/// written before the path's `/`; a `[` that starts one, an IPv6 literal,
/// which RFC 1738 has none of; a news message-id's host, which ends
/// the URL, is followed by no `:` or `/`. The unsafe, control and
/// non-ASCII characters found in a host have [`found_hint`]'s, an `@` the
/// user's ([`user_hint`]).
fn host_character_hint(context: &Context<'_>, in_host: bool) -> Option<Hint> {
    const HOST_NAME: &str = "a host name holds only letters, digits, \"-\" and \".\", and the \
                             grammar of section 5 lets no escape stand for any of them";
    let http = context.path.contains(&Rule::Httpurl);
    if !in_host {
        let c = unread_host_character(context)?;
        let message = format!(
            "with no \"@\" after it, this is the host, and {} cannot be part of one: \
             {HOST_NAME}",
            quoted(c)
        );
        return Some(Hint::new(HintCode::HostCharacter, "3.1", message));
    }
    let Found::Char(c) = context.found else {
        return None;
    };
    // Not a host name's, nor a character another hint is about (the
    // unsafe ones, `#`, `@`), nor one that ends the host (`:`, `/`).
    let stray = c.is_ascii_graphic() && !in_host_name(c) && !":/@#<>\"{}|\\^~[]`".contains(c);
    // A message-id's host ends the URL: nothing ends it but the end.
    let article = context.path.contains(&Rule::Article);
    let (section, message) = match c {
        '@' if article => (
            "3.6",
            "a message-id (unique@host) holds one \"@\", before its host: one in the \
             unique part must be encoded as %40"
                .to_owned(),
        ),
        ':' if article => (
            "3.6",
            "\":\" cannot be part of a message-id's host, which has no port".to_owned(),
        ),
        '/' if article => (
            "3.6",
            "a news URL ends with the host of its message-id: it has no path".to_owned(),
        ),
        '[' if host_so_far(context.before()).0.is_empty() && !login_ends_after(context) => (
            "3.1",
            "RFC 1738 has no IPv6 literal: a host is \"the fully qualified domain name of a \
             network host, or its IP address as a set of four decimal digit groups separated \
             by \".\"\""
                .to_owned(),
        ),
        _ if !stray => return None,
        '?' if http => (
            "3.3",
            "\"?\" cannot be part of a host: in an http URL the search follows the \"/\" of \
             the path (http://host/?search)"
                .to_owned(),
        ),
        _ => (
            "3.1",
            format!("{} cannot be part of a host: {HOST_NAME}", quoted(c)),
        ),
    };
    Some(Hint::new(HintCode::HostCharacter, section, message))
}

/// The first character no host holds in a login read as a user name to
/// the offset, where it ends (a `/` or the end) with no `@`, or where an
/// escape begun in it stops (`ftp://ho%zz/`): the user reading went on
/// past a host that held it.
fn unread_host_character(context: &Context<'_>) -> Option<char> {
    // Or at an escape begun in it (`ftp://ho%zz/`), which no host holds.
    let escape = escape_begun(context) && login_without_at(context);
    let ended = matches!(context.found, Found::Char('/') | Found::EndOfInput) || escape;
    if context.path.last() != Some(&Rule::User) || !ended {
        return None;
    }
    let read = context.authority_read()?;
    if read.contains('@') {
        return None;
    }
    read.chars().find(|&c| !in_host_name(c) && c != ':')
}

/// What is wrong with the host of a login read as a user name (and
/// password) for want of an `@` (`ftp://ho..st/`, `ftp://-h.com/`): the
/// hints of the authority's own error as a `hostport`, when it fails in
/// its host, each saying that the text is the host.
fn unread_host_hints(context: &Context<'_>) -> Option<Vec<Hint>> {
    let credentials = matches!(context.path.last(), Some(Rule::User | Rule::Password));
    let ended = matches!(context.found, Found::Char('/' | ':') | Found::EndOfInput);
    if !credentials || !ended {
        return None;
    }
    let start = context.authority?;
    let (authority, offset) = hostport_error(context)?;
    // A port is the other hints' (`port_digits_hint`).
    if in_port(authority, offset) {
        return None;
    }
    let mut recorded = Recorded::new();
    pass::diagnose(Rule::Hostport, authority, false, offset, &mut recorded);
    let found = authority[offset..]
        .chars()
        .next()
        .map_or(Found::EndOfInput, Found::Char);
    // The hints read the `//` before a host (`empty_host_hint`).
    let lead = if context.input[..start].ends_with("//") {
        2
    } else {
        0
    };
    let nested = Context {
        rule: Rule::Hostport,
        input: &context.input[start - lead..start + authority.len()],
        offset: lead + offset,
        found,
        path: recorded.path.rules(),
        expected: recorded.expected.as_slice(),
        authority: Some(lead),
        found_in_password: false,
        fold: context.fold,
    };
    let mut hints = hints(&nested);
    for hint in &mut hints {
        let message = format!(
            "with no \"@\" after it, this is no login but the host: {}",
            hint.message
        );
        hint.message = message.into();
    }
    Some(hints)
}

/// The authority of the error's input when it has no `@`, and so is a
/// host and port, and where it fails when read as a `hostport`, if it does.
fn hostport_error<'a>(context: &Context<'a>) -> Option<(&'a str, usize)> {
    // The authority's start is a char boundary.
    let authority = authority_from(context.input, context.authority?)?;
    if authority.contains('@') {
        return None;
    }
    let offset = pass::check(Rule::Hostport, authority, false).err()?;
    Some((authority, offset))
}

/// Whether a `hostport`'s error at `offset` of `authority` (a char
/// boundary) is in its port.
fn in_port(authority: &str, offset: usize) -> bool {
    authority[..offset].contains(':')
}

/// The authority that starts at `start` of `input` (a char boundary): the
/// text up to the first `/` (section 3.1).
fn authority_from(input: &str, start: usize) -> Option<&str> {
    let rest = input.get(start..)?;
    Some(rest.find('/').map_or(rest, |end| &rest[..end]))
}

/// Whether a host name may hold `c`: a domain label's character or the
/// `.` between labels.
fn in_host_name(c: char) -> bool {
    c == '.' || in_class(&charset::DOMAINLABEL_BODY, c)
}

/// An FTP typecode other than a, i, d.
fn ftptype_hint(context: &Context<'_>) -> Option<Hint> {
    context
        .expected
        .contains(&Expected::Rule(Rule::Ftptype))
        .then(|| {
            Hint::new(
                HintCode::FtpTypecode,
                "3.2.2",
                "the typecode (ftptype) is \"a\" (text), \"i\" (image) or \"d\" (directory \
                 listing); section 5's ftptype allows them in upper case too",
            )
        })
}

/// A `;type=` misspelt: one that goes on past its `;` and stops before its
/// `=` (`;typ=a`, `;typea`).
fn type_spelling_hint(context: &Context<'_>) -> Option<Hint> {
    (type_begun(context) > 1).then(|| {
        Hint::new(
            HintCode::FtpTypecode,
            "3.2.2",
            "the typecode of an ftp URL follows \";type=\", spelt so: \";type=a\", \
             \";type=i\" or \";type=d\"",
        )
    })
}

/// How many bytes of `;type=` an ftp path read before the offset, where
/// the rest of it was expected: 0 when none.
fn type_begun(context: &Context<'_>) -> usize {
    const TYPE: &str = ";type=";
    let in_ftp = context.path.contains(&Rule::Ftpurl);
    if !in_ftp || !context.expected.contains(&Expected::Literal(TYPE)) {
        return 0;
    }
    begun(TYPE, context.before()).unwrap_or(0)
}

/// What a scheme's part starts with at `offset` of `input`: the rest after
/// `scheme` and its `:` (`news:`, `mailto:`), matched in any case, where
/// that is where the offset is.
fn scheme_part_at<'a>(input: &'a str, scheme: &str, offset: usize) -> Option<&'a str> {
    after_prefix(input, scheme).filter(|_| offset == scheme.len())
}

/// A news message-id or a mailto address written between `<` and `>`, as
/// in a mail header: section 3.6 writes the message-id "without the
/// enclosing "<" and ">"", and section 3.5's addr-spec (RFC 822) has none.
/// Encoding the `<` would not do: no message-id's host holds an escape,
/// and an address's would stay around it.
fn angle_brackets_hint(context: &Context<'_>) -> Option<Hint> {
    if context.found != Found::Char('<') {
        return None;
    }
    let (scheme, section, message) = match context.rule {
        Rule::Newsurl => (
            "news:",
            "3.6",
            "a news URL writes a message-id without the enclosing \"<\" and \">\": \
             news:unique@host",
        ),
        Rule::Mailtourl => (
            "mailto:",
            "3.5",
            "a mailto URL holds an RFC 822 addr-spec, which has no \"<\" and \">\": \
             mailto:user@host",
        ),
        _ => return None,
    };
    let rest = scheme_part_at(context.input, scheme, context.offset)?;
    rest.ends_with('>')
        .then(|| Hint::new(HintCode::AngleBrackets, section, message))
}

/// The drive letter written where a file URL's host goes, and the
/// character after it (`file://C:/x`, `file://C|/x`): a single letter
/// read as the host, then a `:` or `|` that ends the URL or is followed
/// by a `/`. Section 3.10's path is what holds it, after an empty host.
fn drive_letter(context: &Context<'_>) -> Option<(char, char)> {
    let Found::Char(after @ (':' | '|')) = context.found else {
        return None;
    };
    if context.path.first() != Some(&Rule::Fileurl) || !file_slashes(context.input) {
        return None;
    }
    let host = context.input.get(FILE_SLASHES.len()..context.offset)?;
    let rest = &context.input[context.offset + 1..];
    let letter = match host.as_bytes() {
        [letter] if letter.is_ascii_alphabetic() => char::from(*letter),
        _ => return None,
    };
    (rest.is_empty() || rest.starts_with('/')).then_some((letter, after))
}

/// [`drive_letter`]'s hint: where the letter goes, and for a `|` (an old
/// spelling of the `:`) its escape, `|` being unsafe (section 2.2).
fn drive_letter_hint(context: &Context<'_>) -> Option<Hint> {
    let (letter, after) = drive_letter(context)?;
    let message = if after == ':' {
        format!(
            "\"{letter}:\" is a drive letter, which belongs to the path: write \
             file:///{letter}:/..., whose host is empty (the machine the URL is read on)"
        )
    } else {
        format!(
            "\"{letter}|\" is a drive letter, which belongs to the path, its unsafe \"|\" \
             encoded: write file:///{letter}%7C/..., whose host is empty (the machine the URL \
             is read on)"
        )
    };
    Some(Hint::new(HintCode::DriveLetter, "3.10", message))
}

/// A `;` where a prospero field's name goes: the field before it has no
/// `=` (`;name;`) or nothing at all (`;;`). Each field is a name, `=` and
/// a value, and a `;` separates it from the next (section 3.11).
fn prospero_field_hint() -> Hint {
    Hint::new(
        HintCode::ProsperoField,
        "3.11",
        "a prospero field is a name, \"=\" and a value after a \";\": ;<field>=<value>; \
         this one has no \"=\" before the next \";\"",
    )
}

/// Whether the error is in a wais URL whose database is empty: a `/`
/// follows the one after the host, so that what was meant as the database
/// is read as the type, and so on (`wais://host//db/type/path`).
fn wais_database_empty(context: &Context<'_>) -> bool {
    const WAIS: &str = "wais://";
    if !context.path.contains(&Rule::Waisurl) {
        return false;
    }
    let after = after_prefix(context.input, WAIS).and_then(|rest| rest.split_once('/'));
    // The host and port hold no `/`; the error is past the second one.
    after.is_some_and(|(hostport, path)| {
        path.starts_with('/') && context.offset > WAIS.len() + hostport.len() + 1
    })
}

/// [`wais_database_empty`]'s hint.
fn empty_database_hint(context: &Context<'_>) -> Option<Hint> {
    wais_database_empty(context).then(|| {
        Hint::new(
            HintCode::EmptyDatabase,
            "3.9",
            "the database is empty, for a \"/\" follows the one after the host: a wais URL \
             is written wais://<host>:<port>/<database>, with /<wtype>/<wpath> after it for a \
             document",
        )
    })
}

/// A news group that does not start with a letter, or holds a character
/// no group name holds: in a news URL, which may hold a message-id instead
/// (the character is then the first such of what reads as one, for want
/// of its `@`), or where a `group` alone may stand (an nntp URL, the
/// production itself).
fn news_hint(context: &Context<'_>) -> Option<Hint> {
    const HOLDS: &str =
        "a news group name holds only letters, digits, \"-\", \".\", \"+\" and \"_\"";
    let in_group = |c: char| in_class(&charset::GROUP_BODY, c);
    // What a group name starts with and holds is section 5's `group`
    // (sections 3.6 and 3.7 call it "a period-delimited hierarchical
    // name"), as is a message-id's `@` (`article`).
    let section = "5";
    if context.rule != Rule::Newsurl {
        if context.path.ends_with(&[Rule::Group, Rule::Alpha]) {
            let message = "a news group name starts with a letter";
            return Some(Hint::new(HintCode::NewsGroup, section, message));
        }
        let Found::Char(c) = context.found else {
            return None;
        };
        let stray = context.path.last() == Some(&Rule::Group) && c != '/' && !in_group(c);
        let message = || format!("{} cannot be part of a news group name: {HOLDS}", quoted(c));
        return stray.then(|| Hint::new(HintCode::NewsGroup, section, message()));
    }
    // What follows `news:`: an input checked against `newsurl` by the
    // grammar's letter may not start so, and then gets none of these.
    let grouppart = after_prefix(context.input, "news:")?;
    if grouppart.starts_with("//") && !grouppart.contains('@') {
        return Some(Hint::new(
            HintCode::NewsServer,
            "3.6",
            "a news URL names no server: it is written news:<newsgroup-name> or \
             news:<message-id>, and an nntp URL names one: \
             nntp://<host>:<port>/<newsgroup-name>/<article-number>",
        ));
    }
    if grouppart.starts_with('@') {
        let message = "a news group name starts with a letter; a message-id (unique@host) has \
                       one character at least before its \"@\"";
        return Some(Hint::new(HintCode::NewsGroup, section, message));
    }
    if grouppart.contains('@') {
        return None;
    }
    let mut chars = grouppart.chars();
    let message = match chars.next() {
        Some(c) if c != '*' && !c.is_ascii_alphabetic() => {
            "a news group name starts with a letter; a message-id (unique@host) has an \"@\""
                .to_owned()
        }
        Some(_) => {
            let c = chars.find(|&c| !in_group(c))?;
            format!(
                "{} cannot be part of a news group name: {HOLDS}; a message-id \
                 (unique@host) has an \"@\"",
                quoted(c)
            )
        }
        None => return None,
    };
    Some(Hint::new(HintCode::NewsGroup, section, message))
}

/// A second `@` in a login: found in its host or port, the first having
/// ended the login (`ftp://me@mail.com@host/`), or after them, where the
/// error in them is (`ftp://me@mail.com:pw@host/`): the user name or the
/// password held one. The hint quotes nothing of the login, which may
/// hold a password.
fn login_at_hint(context: &Context<'_>) -> Option<Hint> {
    let login = context.authority_read()?;
    let second = context.found == Found::Char('@') || login_ends_after(context);
    let in_login = context.path.contains(&Rule::Login) && context.path.contains(&Rule::Hostport);
    (in_login && second && login.contains('@')).then(|| {
        Hint::new(
            HintCode::AtInLogin,
            "3.1",
            "an \"@\" in a user name or password must be encoded as %40: the first \"@\" \
             ends the login, and the host follows it",
        )
    })
}

/// No host where one is read: right after the `//` or the login's `@`,
/// the end of the authority (`http:///x`, `http://:80/`, `ftp://me@/`),
/// or after a message-id's `@`. A file URL may have none, and its `host`
/// is not read there. Right after the `//`, a login that the scheme reads
/// none of (an empty user, `http://@h/`, `http://:pw@h/`) may come first:
/// a host after its `@` is no missing one.
fn empty_host_hint(context: &Context<'_>) -> Option<Hint> {
    let article = context.path.contains(&Rule::Article);
    let (section, message) = match context.previous() {
        Some('@') if article => ("3.6", "the host is missing: a message-id is unique@host"),
        Some('@') => (
            "3.1",
            "the host is missing: it follows the \"@\" that ends the login",
        ),
        _ if context.before().ends_with("//") && !host_after_login(context) => {
            ("3.1", "the host is missing: it follows the \"//\"")
        }
        _ => return None,
    };
    let ends = matches!(
        context.found,
        Found::EndOfInput | Found::Char('/' | ':' | '@' | '?' | ';')
    );
    ends.then(|| Hint::new(HintCode::EmptyHost, section, message))
}

/// Whether the authority from the offset on holds an `@` with a host
/// after its last: what comes before it is a login, and the host is there.
fn host_after_login(context: &Context<'_>) -> bool {
    authority_from(context.input, context.offset)
        .and_then(|authority| authority.rsplit_once('@'))
        .is_some_and(|(_, host)| !host.is_empty() && !host.starts_with(':'))
}

/// The host read before the offset (after the `//` or the `@`, whichever
/// comes last), and its last label so far.
fn host_so_far(before: &str) -> (&str, &str) {
    // Each cut follows an ASCII `@`, `/` or `.`: a char boundary. A byte
    // search: `str::rfind` with a set of characters costs more than the few
    // bytes of a host.
    let after = |text: &str, stop: fn(&u8) -> bool| {
        text.as_bytes().iter().rposition(stop).map_or(0, |i| i + 1)
    };
    let host = &before[after(before, |&b| b == b'@' || b == b'/')..];
    (host, &host[after(host, |&b| b == b'.')..])
}

/// A `.` where a domain label must start (`a..b`, `.a`), and a host name
/// that ends with a `.` (`a.b./`): every label holds a character, the
/// last one is the top label (section 3.1).
fn dot_hint(context: &Context<'_>) -> Option<Hint> {
    let (host, label) = host_so_far(context.before());
    let ends = matches!(
        context.found,
        Found::Char(':' | '/' | '?') | Found::EndOfInput
    );
    let (code, message) = match context.found {
        Found::Char('.') if label.is_empty() => (
            HintCode::LabelStart,
            "a domain label starts with a letter or digit: a \".\" follows one, and two \
             leave an empty label between them",
        ),
        _ if ends && !host.is_empty() && label.is_empty() => (
            HintCode::LabelEnd,
            "a host name ends with its top label, not with a \".\"",
        ),
        _ => return None,
    };
    Some(Hint::new(code, "3.1", message))
}

/// Hints about the host the error is in.
fn host_hints(hints: &mut Vec<Hint>, context: &Context<'_>) {
    let (found, previous) = (context.found, context.previous());
    let (host, label) = host_so_far(context.before());
    let at_label_start = label.is_empty();

    if at_label_start && found == Found::Char('-') {
        hints.push(Hint::new(
            HintCode::LabelStart,
            "3.1",
            "a domain label starts with a letter or digit, not \"-\"",
        ));
    }
    let label_may_end = matches!(found, Found::Char('.' | ':' | '/') | Found::EndOfInput);
    if previous == Some('-') && label_may_end {
        hints.push(Hint::new(
            HintCode::LabelEnd,
            "3.1",
            "a domain label ends with a letter or digit, not \"-\"",
        ));
    }
    let ends_here = matches!(found, Found::Char(':' | '/') | Found::EndOfInput);
    let numeric = !host.is_empty() && host.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    // A `hostnumber` read alone stops after its fourth number, at the `.`
    // that starts a fifth; a `host` reads on as a hostname, to the end.
    let fifth = found == Found::Char('.') && host.split('.').count() == 4 && !label.is_empty();
    if numeric && (ends_here || fifth) {
        // The numbers and dots from the host's start, those after the
        // offset included: the offset is at the end of the run, or at a
        // `.` (`fifth`), so that no number spans it.
        let after = &context.input[context.offset..];
        let rest = &after[..after
            .bytes()
            .take_while(|b| b.is_ascii_digit() || *b == b'.')
            .count()];
        let numbers = (host.split('.').chain(rest.split('.')))
            .filter(|number| !number.is_empty())
            .count();
        let last = if rest.is_empty() { host } else { rest };
        let message = if numbers != 4 {
            Some(format!(
                "an IP address is four decimal numbers separated by \".\"; this has {numbers}"
            ))
        } else if last.ends_with('.') {
            Some(
                "an IP address is four decimal numbers separated by \".\"; this has a \".\" \
                 after the fourth"
                    .to_owned(),
            )
        } else {
            None
        };
        if let Some(message) = message {
            hints.push(Hint::new(HintCode::IpAddressParts, "3.1", message));
        }
    } else if ends_here && label.starts_with(|c: char| c.is_ascii_digit()) {
        // Not numbers and dots alone: a host name (`h.1com`), or an IP
        // address with a stray character (`85.A9.80.246`), whose last
        // label reads as a host name's.
        hints.push(Hint::new(
            HintCode::TopLabelDigit,
            "3.1",
            "the last label of a host name starts with a letter: that is what tells host \
             names from IP addresses",
        ));
    }
}
