//! Warnings about valid URLs: what sections 2.1, 3, 4 and 6 and the appendix
//! of RFC 1738 warn of, although the grammar accepts it, a mailto address
//! that is no RFC 822 `addr-spec` (section 3.5), and every semantic error of
//! the URL
//! ([`Url::semantic_errors`], the one place that decides what a valid URL
//! fails to mean; `rfc1738 parse` lists the same errors).
//!
//! ```
//! use rfc1738::lint::{Code, lint};
//!
//! let url = rfc1738::parse("ftp://me:secret@host.dom:25/")?;
//! let codes: Vec<Code> = lint(&url).iter().map(|w| w.code()).collect();
//! assert_eq!(codes, [Code::Password, Code::ReservedPort]);
//! # Ok::<(), rfc1738::Error>(())
//! ```
//!
//! ## One warning per finding, however often it occurs
//!
//! A finding that occurs again (the same code about the same text: every
//! `%0D` of a path) is one [`Warning`], which counts its occurrences and keeps
//! the offsets of the first [`OFFSETS_KEPT`]. Occurrences in the password
//! are a warning of their own, so that a diagnostic that hides the password
//! tells nothing of them by those outside it. The grouping is done here, not
//! by whoever renders the warnings, so that every user of the library gets
//! the bound: [`lint`] returns at most 20 warnings (the appendix's prefix
//! `URL:`; the scheme name's case, and a name section 4 asks IANA to
//! reserve, which only another scheme's URL has, which has no semantic
//! error but its port's; a password, a port (reserved or above 65535), four
//! hostnumber parts, five ways of writing an encoded delimiter in the
//! password and five elsewhere, and two semantic errors besides the port's:
//! an ftp URL's login and its path), each of constant size whatever the
//! length of the URL, which they borrow (their diagnostics show it:
//! [`Warning::diagnostic`]). One URL of 333,333
//! `%0D` is one warning with a count of 333,333.
//!
//! ```
//! use rfc1738::lint::Code;
//! let input = format!("ftp://h/{}", "%0D".repeat(1000));
//! let warnings = rfc1738::lint::lint(&rfc1738::parse(&input)?);
//! // The escapes, and the FTP command that their first CR would end early.
//! assert_eq!(warnings.len(), 2);
//! assert_eq!(warnings[0].code(), Code::EncodedDelimiter);
//! assert_eq!(warnings[0].count(), 1000);
//! assert_eq!(warnings[0].offsets()[..3], [8, 11, 14]);
//! assert_eq!(warnings[0].offsets().len(), rfc1738::lint::OFFSETS_KEPT);
//! assert_eq!((warnings[1].code(), warnings[1].offset()), (Code::ForbiddenByte, 8));
//! # Ok::<(), rfc1738::Error>(())
//! ```

use core::fmt;
use core::ops::Range;

use std::borrow::Cow;

use crate::UnknownCode;
use crate::error::{Diagnostic, Finding};
use crate::password::InWritten;
use crate::url::{Grouppart, Host, SemanticError, Url};
use crate::visible::Elided;

/// What a warning is about.
///
/// ```
/// use rfc1738::lint::{Code, lint};
/// let url = rfc1738::parse("HTTP://host.dom:25/")?;
/// let codes: Vec<Code> = lint(&url).iter().map(|warning| warning.code()).collect();
/// assert_eq!(codes, [Code::UpperCaseScheme, Code::ReservedPort]);
/// assert_eq!(Code::ReservedPort.as_str(), "reserved-port");
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Code {
    /// An explicit port below 1024 other than the scheme's default (section 6).
    ReservedPort,
    /// An encoded CR, LF or NUL, a protocol delimiter once decoded (section 6).
    EncodedDelimiter,
    /// A password in the URL that should be secret (section 6): neither an
    /// empty one, which writes nothing, nor that of an ftp URL whose user is
    /// `anonymous`, which section 3.2.1 makes the end user's e-mail address.
    ///
    /// ```
    /// use rfc1738::lint::{Code, lint};
    /// let codes = |input| -> Vec<Code> {
    ///     lint(&rfc1738::parse(input).unwrap()).iter().map(|w| w.code()).collect()
    /// };
    /// assert_eq!(codes("ftp://me:secret@host.dom/"), [Code::Password]);
    /// assert!(codes("ftp://me:@host.dom/").is_empty());
    /// assert!(codes("ftp://anonymous:me%40my.dom@host.dom/").is_empty());
    /// ```
    Password,
    /// A part of a hostnumber above 255, which no IPv4 address has.
    HostnumberRange,
    /// A port above 65535, which no port to connect to has (a semantic
    /// error: [`Url::semantic_errors`]).
    PortRange,
    /// A scheme name with upper-case letters (the BNF's `scheme` is lower
    /// case; interpreters accept it, section 2.1).
    UpperCaseScheme,
    /// A scheme name section 4 asks IANA to reserve for future definition.
    ReservedScheme,
    /// The scheme name `URL`: the appendix's prefix before a URL in
    /// text, not a scheme.
    UrlPrefix,
    /// An nntp article number above `u64::MAX` (a semantic error).
    ArticleRange,
    /// A decoded octet that would end an FTP command line or a Gopher
    /// request early: a CR or LF in an FTP user, password or path segment,
    /// a TAB, CR or LF in a Gopher selector, search or Gopher+ string (a
    /// semantic error, [`ForbiddenByte`](crate::url::ForbiddenByte)).
    ForbiddenByte,
    /// An ftp URL whose typecode `a` or `i` asks to transfer a file and
    /// whose url-path ends in an empty name (a semantic error,
    /// [`SemanticError::NoFile`]).
    NoFile,
    /// A mailto URL whose decoded address is no RFC 822 `addr-spec`
    /// (section 3.5: "(the encoding of an) addr-spec, as specified in RFC
    /// 822"), which the grammar's `encoded822addr = 1*xchar` leaves to RFC
    /// 822: warned about where the address stops being one.
    ///
    /// ```
    /// use rfc1738::lint::{Code, lint};
    /// let url = rfc1738::parse("mailto:joe")?;
    /// let warning = &lint(&url)[0];
    /// // At its last character: the address ends there, too early.
    /// assert_eq!((warning.code(), warning.offset()), (Code::MailtoAddress, 9));
    /// assert!(lint(&rfc1738::parse("mailto:joe@host.dom")?).is_empty());
    /// assert!(lint(&rfc1738::parse("mailto:%22joe%20smith%22@host.dom")?).is_empty());
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    MailtoAddress,
}

impl Code {
    /// Every code, in the order of the variants: a slice, whose length may
    /// grow as codes are added (the enum is `#[non_exhaustive]`).
    ///
    /// ```
    /// use rfc1738::lint::Code;
    /// assert_eq!(Code::ALL[0], Code::ReservedPort);
    /// assert!(Code::ALL.contains(&Code::MailtoAddress));
    /// ```
    pub const ALL: &'static [Code] = &[
        Code::ReservedPort,
        Code::EncodedDelimiter,
        Code::Password,
        Code::HostnumberRange,
        Code::PortRange,
        Code::UpperCaseScheme,
        Code::ReservedScheme,
        Code::UrlPrefix,
        Code::ArticleRange,
        Code::ForbiddenByte,
        Code::NoFile,
        Code::MailtoAddress,
    ];

    /// The code as written in JSON records: `reserved-port`, …; `str::parse`
    /// reads it back.
    ///
    /// ```
    /// use rfc1738::lint::Code;
    /// assert_eq!(Code::EncodedDelimiter.as_str(), "encoded-delimiter");
    /// assert_eq!(Code::UpperCaseScheme.to_string(), "upper-case-scheme");
    /// ```
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Code::ReservedPort => "reserved-port",
            Code::EncodedDelimiter => "encoded-delimiter",
            Code::Password => "password",
            Code::HostnumberRange => "hostnumber-range",
            Code::PortRange => "port-range",
            Code::UpperCaseScheme => "upper-case-scheme",
            Code::ReservedScheme => "reserved-scheme",
            Code::UrlPrefix => "url-prefix",
            Code::ArticleRange => "article-range",
            Code::ForbiddenByte => "forbidden-byte",
            Code::NoFile => "no-file",
            Code::MailtoAddress => "mailto-address",
        }
    }

    /// Whether the code is that of a semantic error
    /// ([`Url::semantic_errors`]): `port-range`, `article-range`,
    /// `forbidden-byte`, `no-file`. Each semantic error is one warning of
    /// such a code.
    ///
    /// ```
    /// use rfc1738::lint::{Code, lint};
    /// let url = rfc1738::parse("gopher://h:70000/1a%09b/c")?;
    /// let semantic = lint(&url).iter().filter(|w| w.code().is_semantic_error()).count();
    /// assert_eq!(semantic, url.semantic_errors().len());
    /// assert!(!Code::EncodedDelimiter.is_semantic_error());
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn is_semantic_error(self) -> bool {
        matches!(
            self,
            Code::PortRange | Code::ArticleRange | Code::ForbiddenByte | Code::NoFile
        )
    }
}

impl fmt::Display for Code {
    /// [`Code::as_str`], padded and cut as a `str` is (`{:<20}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl core::str::FromStr for Code {
    type Err = UnknownCode;

    /// The code whose [`as_str`](Code::as_str) is `text`, exactly
    /// (case-sensitive): its inverse.
    ///
    /// ```
    /// use rfc1738::lint::Code;
    /// assert_eq!("upper-case-scheme".parse(), Ok(Code::UpperCaseScheme));
    /// let error = "Password".parse::<Code>().unwrap_err();
    /// assert_eq!(error.to_string(), r#""Password" is not a lint code"#);
    /// ```
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        UnknownCode::find(Code::ALL, Code::as_str, text, "a lint code")
    }
}

/// With the `serde` feature, a [`Code`] is written as its
/// [`as_str`](Code::as_str), as the command line's JSON writes it
/// (`"reserved-port"`), and read back from it through `FromStr`: a string
/// that is no code is an error saying so.
#[cfg(feature = "serde")]
mod serde_impl {
    use serde::de::{Deserialize, Deserializer};
    use serde::{Serialize, Serializer};

    use super::Code;

    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl Serialize for Code {
        /// [`Code::as_str`]: `"reserved-port"`.
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_str(self.as_str())
        }
    }

    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl<'de> Deserialize<'de> for Code {
        /// A code as [`Code::as_str`] writes it.
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            crate::named::deserialize(
                deserializer,
                "a lint code (\"reserved-port\", …)",
                |text| {
                    text.parse()
                        .map_err(|unknown: crate::UnknownCode| Some(unknown.to_string()))
                },
            )
        }
    }
}

/// With the `serde` feature, a [`Warning`] is written as a map of what its
/// accessors say, named as the command line's JSON `warnings` records name
/// them: `code`, `message`, `offset`, `count`, `offsets` and
/// `offsets_capped` (whether `offsets` is shorter than `count`), with
/// `in_password` beside them. Once told to
/// [`hide_password`](Warning::hide_password), its `message` is the hidden
/// one, as its `Display` is; the offsets stay, as
/// [`in_password`](Warning::in_password) lets whoever shows them decide.
/// The URL it is about is not written: a record of its own holds that.
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl serde::Serialize for Warning<'_> {
    /// A map: `{"code", "message", "offset", "count", "offsets",
    /// "offsets_capped", "in_password"}`.
    ///
    /// ```
    /// use serde_json::json;
    ///
    /// use rfc1738::lint::{Code, lint};
    ///
    /// let url = rfc1738::parse("ftp://me:a%0Db@host.dom:25/x")?;
    /// let warnings = lint(&url);
    /// let of = |code| warnings.iter().find(|w| w.code() == code).unwrap().clone();
    /// assert_eq!(
    ///     serde_json::to_value(of(Code::ReservedPort))?,
    ///     json!({
    ///         "code": "reserved-port",
    ///         "message": of(Code::ReservedPort).message(),
    ///         "offset": 24,
    ///         "count": 1,
    ///         "offsets": [24],
    ///         "offsets_capped": false,
    ///         "in_password": false,
    ///     })
    /// );
    /// // Hidden, a finding in the password is not named.
    /// let delimiter = serde_json::to_value(of(Code::EncodedDelimiter).password_hidden())?;
    /// assert_eq!(delimiter["in_password"], true);
    /// assert!(!delimiter["message"].as_str().unwrap().contains("%0D"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;

        let mut record = serializer.serialize_struct("Warning", 7)?;
        record.serialize_field("code", &self.code)?;
        record.serialize_field("message", self.message())?;
        record.serialize_field("offset", &self.offset())?;
        record.serialize_field("count", &self.count)?;
        record.serialize_field("offsets", &self.offsets)?;
        record.serialize_field("offsets_capped", &(self.count > self.offsets.len()))?;
        record.serialize_field("in_password", &self.in_password)?;
        record.end()
    }
}

/// How many offsets a [`Warning`] keeps of a finding it counts more often.
///
/// ```
/// use rfc1738::lint::{OFFSETS_KEPT, lint};
/// let text = format!("ftp://h/{}", "%00".repeat(20));
/// let url = rfc1738::parse(&text)?;
/// let warning = &lint(&url)[0];
/// assert_eq!((warning.count(), warning.offsets().len()), (20, OFFSETS_KEPT));
/// # Ok::<(), rfc1738::Error>(())
/// ```
pub const OFFSETS_KEPT: usize = 8;

/// A warning about a valid URL: what, where (byte offsets in the URL) and
/// why, citing the RFC.
///
/// One warning stands for every occurrence of its finding in the URL (see
/// the module's documentation): [`count`](Warning::count) says how many
/// there are, [`offsets`](Warning::offsets) where the first
/// [`OFFSETS_KEPT`] are.
///
/// It borrows the text of the URL it is about, as the [`Url`] does, so
/// that its diagnostic is of that URL and no other;
/// [`into_owned`](Warning::into_owned) copies the text, for a warning to
/// keep after it.
///
/// ```
/// let url = rfc1738::parse("http://host.dom/a%0Db%0Dc")?;
/// let warnings = rfc1738::lint::lint(&url);
/// assert_eq!(warnings.len(), 1);
/// assert_eq!(warnings[0].code(), rfc1738::lint::Code::EncodedDelimiter);
/// assert_eq!((warnings[0].offset(), warnings[0].count()), (17, 2));
/// assert_eq!(warnings[0].offsets(), [17, 21]);
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Warning<'a> {
    code: Code,
    /// The offsets of the first occurrences, in increasing order: never
    /// empty, at most [`OFFSETS_KEPT`].
    offsets: Vec<usize>,
    count: usize,
    message: String,
    /// Whether the occurrences are in the URL's password, or, for an
    /// escape, in a password written further in the URL (those are a
    /// warning of their own).
    in_password: bool,
    /// What the diagnostic says instead of the message when the password
    /// is hidden and the message would tell of it: an encoded delimiter
    /// names its escape, which may be written in the password, and a
    /// forbidden octet in the password names the octet and where it is.
    hidden_message: Option<Cow<'static, str>>,
    /// The URL it was found in, which its diagnostic shows: borrowed from
    /// the text the [`Url`] was parsed from, or owned
    /// ([`Warning::into_owned`]).
    url: Cow<'a, str>,
    /// The span of that URL's password ([`Url::password_span`]), which
    /// the diagnostic hides when told to.
    password: Option<Range<usize>>,
    /// Whether [`Warning::hide_password`] was called.
    hidden: bool,
}

impl fmt::Debug for Warning<'_> {
    /// What the warning says, without the URL it keeps: a panic's message
    /// and a log show `Debug`, and the URL may hold a password. Of a
    /// finding in a password ([`in_password`](Warning::in_password)) it
    /// says what a diagnostic with the passwords hidden says: the message
    /// that names no escape nor octet of it, and neither where in it the
    /// finding is nor how often.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut debug = f.debug_struct("Warning");
        debug.field("code", &self.code);
        if self.in_password {
            let message = self.hidden_message.as_deref().unwrap_or(&self.message);
            debug.field("in_password", &true).field("message", &message);
        } else {
            debug
                .field("offsets", &self.offsets)
                .field("count", &self.count)
                .field("message", &self.message);
        }
        debug.finish_non_exhaustive()
    }
}

impl<'a> Warning<'a> {
    /// What the warning is about.
    ///
    /// ```
    /// use rfc1738::lint::{Code, lint};
    /// let url = rfc1738::parse("http://256.1.1.1/")?;
    /// assert_eq!(lint(&url)[0].code(), Code::HostnumberRange);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn code(&self) -> Code {
        self.code
    }

    /// The byte offset in the URL of what the warning is about: the first
    /// occurrence's.
    ///
    /// ```
    /// let url = rfc1738::parse("telnet://host.dom:23/")?;
    /// assert!(rfc1738::lint::lint(&url).is_empty());
    /// let url = rfc1738::parse("telnet://host.dom:25/")?;
    /// let warning = &rfc1738::lint::lint(&url)[0];
    /// assert_eq!(&url.as_str()[warning.offset()..], "25/");
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn offset(&self) -> usize {
        // A warning is made with the offset of its first occurrence.
        self.offsets[0]
    }

    /// The byte offsets of the first occurrences, in increasing order: all
    /// of them when there are at most [`OFFSETS_KEPT`], else that many
    /// (then [`count`](Warning::count) is larger than the slice).
    ///
    /// ```
    /// let url = rfc1738::parse("ftp://h/a%0Ab%0Ac")?;
    /// assert_eq!(rfc1738::lint::lint(&url)[0].offsets(), [9, 13]);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn offsets(&self) -> &[usize] {
        &self.offsets
    }

    /// How many times the finding occurs in the URL: 1 for most, any number
    /// for an encoded delimiter.
    ///
    /// ```
    /// let url = rfc1738::parse("gopher://h/1%0D%0D%0D")?;
    /// assert_eq!(rfc1738::lint::lint(&url)[0].count(), 3);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn count(&self) -> usize {
        self.count
    }

    /// Whether the finding lies in a password (the URL's own, or one written
    /// further in it after a `//`): a diagnostic that hides the passwords
    /// says neither where in it the finding is nor how many times it occurs,
    /// and nor should anything else shown with the passwords hidden.
    ///
    /// ```
    /// let url = rfc1738::parse("ftp://me:a%0Db%0D@h/c%0D")?;
    /// let warnings = rfc1738::lint::lint(&url);
    /// let delimiters: Vec<(bool, usize)> = warnings
    ///     .iter()
    ///     .filter(|w| w.code() == rfc1738::lint::Code::EncodedDelimiter)
    ///     .map(|w| (w.in_password(), w.count()))
    ///     .collect();
    /// assert_eq!(delimiters, [(true, 2), (false, 1)]);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn in_password(&self) -> bool {
        self.in_password
    }

    /// The warning in a sentence, citing its section; once the password is
    /// hidden ([`Warning::hide_password`]), what a diagnostic that hides
    /// the passwords says of a finding in one.
    ///
    /// ```
    /// let url = rfc1738::parse("afs://cell/x")?;
    /// let warning = &rfc1738::lint::lint(&url)[0];
    /// assert!(warning.message().ends_with("(RFC 1738, section 4)"), "{warning}");
    /// assert_eq!(warning.to_string(), warning.message());
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn message(&self) -> &str {
        match &self.hidden_message {
            Some(hidden) if self.hidden => hidden,
            _ => &self.message,
        }
    }

    /// Hides what the warning tells of a password, as [`Error::hide_password`]
    /// hides an error's: its [`message`](Warning::message), and so its
    /// `Display`, no longer names an escape or an octet found in a password
    /// nor where in it it is, and its [`diagnostic`](Warning::diagnostic)
    /// hides the passwords of its URL whatever
    /// [`Diagnostic::hide_password`] says. [`offsets`](Warning::offsets) and
    /// [`count`](Warning::count) still tell where the finding is and how
    /// often, as [`ForbiddenByte::position`](crate::url::ForbiddenByte::position)
    /// does: whoever shows them decides, by
    /// [`in_password`](Warning::in_password).
    ///
    /// ```
    /// let url = rfc1738::parse("ftp://me:hunt%0Ar2@host/")?;
    /// let mut warnings = rfc1738::lint::lint(&url);
    /// assert!(warnings.iter().any(|w| w.to_string().contains("%0A")));
    /// for warning in &mut warnings {
    ///     warning.hide_password();
    ///     assert!(!warning.to_string().contains("%0A"), "{warning}");
    ///     let shown = warning.diagnostic().hide_password(false).to_string();
    ///     assert!(!shown.contains("hunt") && !shown.contains("%0A"), "{shown}");
    /// }
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    ///
    /// [`Error::hide_password`]: crate::Error::hide_password
    /// [`Diagnostic::hide_password`]: crate::Diagnostic::hide_password
    pub fn hide_password(&mut self) {
        self.hidden = true;
    }

    /// The warning with its password hidden
    /// ([`hide_password`](Warning::hide_password)), by value: for an
    /// iterator's `map`, where there is no `mut` binding.
    ///
    /// ```
    /// use rfc1738::lint::{Warning, lint};
    ///
    /// let url = rfc1738::parse("ftp://me:hunt%0Ar2@host/")?;
    /// let shown: Vec<String> = lint(&url)
    ///     .into_iter()
    ///     .map(Warning::password_hidden)
    ///     .map(|warning| warning.to_string())
    ///     .collect();
    /// assert!(shown.iter().all(|line| !line.contains("%0A")), "{shown:?}");
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn password_hidden(mut self) -> Self {
        self.hide_password();
        self
    }

    /// The URL the warning was found in, as [`lint`] was given it: what
    /// its offsets count in and its diagnostic shows.
    ///
    /// ```
    /// let url = rfc1738::parse("telnet://host.dom:25/")?;
    /// assert_eq!(rfc1738::lint::lint(&url)[0].url(), "telnet://host.dom:25/");
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The warning with a copy of its URL's text, to keep after the text
    /// it was parsed from (an owned URL borrows nothing).
    ///
    /// ```
    /// use rfc1738::lint::{Warning, lint};
    /// let text = String::from("telnet://host.dom:25/");
    /// let kept: Vec<Warning<'static>> =
    ///     lint(&rfc1738::parse(&text)?).into_iter().map(Warning::into_owned).collect();
    /// drop(text);
    /// assert!(kept[0].diagnostic().to_string().contains("telnet://host.dom:25/"));
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn into_owned(self) -> Warning<'static> {
        Warning {
            code: self.code,
            offsets: self.offsets,
            count: self.count,
            message: self.message,
            in_password: self.in_password,
            hidden_message: self.hidden_message,
            url: Cow::Owned(self.url.into_owned()),
            password: self.password,
            hidden: self.hidden,
        }
    }

    /// The warning as a compiler-style diagnostic about the URL [`lint`]
    /// found it in, which the warning keeps: its code and message, the URL
    /// with a caret under the first occurrence, and a note counting the
    /// occurrences of a finding that occurs more than once. The same
    /// builder as an [`Error`](crate::Error)'s names the origin and the
    /// first line, and says whether to style it and to hide the password.
    ///
    /// ```
    /// let url = rfc1738::parse("http://host.dom:25/")?;
    /// let warnings = rfc1738::lint::lint(&url);
    /// let shown = warnings[0].diagnostic().origin("urls.txt").first_line(3).to_string();
    /// assert_eq!(
    ///     shown,
    ///     "warning[reserved-port]: port 25 is in the reserved range and is not the scheme's \
    ///      default (80): a client could be made to speak http to a server of another \
    ///      protocol (RFC 1738, section 6)
    ///  --> urls.txt:3:17
    ///   |
    /// 3 | http://host.dom:25/
    ///   |                 ^"
    /// );
    ///
    /// let url = rfc1738::parse("ftp://h/%0D%0D")?;
    /// let shown = rfc1738::lint::lint(&url)[0].diagnostic().to_string();
    /// assert!(shown.ends_with("= note: 2 times, at columns 9, 12"), "{shown}");
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn diagnostic(&self) -> Diagnostic<'_> {
        Diagnostic::warning(Finding {
            code: self.code.as_str(),
            message: &self.message,
            url: &self.url,
            offsets: &self.offsets,
            count: self.count,
            password: self.password.clone(),
            hidden_message: self.hidden_message.as_deref(),
            hidden: self.hidden,
        })
    }
}

impl fmt::Display for Warning<'_> {
    /// [`Warning::message`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

/// The scheme names section 4 asks IANA to reserve.
const RESERVED_SCHEMES: [&str; 7] = ["afs", "mid", "cid", "nfs", "tn3270", "mailserver", "z39.50"];

/// The warnings about a parsed URL, in the order of their first offsets
/// (a finding in the URL's password at the password's start, so that the
/// order tells nothing of where in it the finding is): one per finding,
/// whatever the number of its occurrences.
///
/// ```
/// let url = rfc1738::parse("telnet://me:secret@host.dom/")?;
/// let warnings = rfc1738::lint::lint(&url);
/// assert_eq!(warnings.len(), 1);
/// assert!(warnings[0].message().contains("section 6"), "{}", warnings[0]);
/// assert!(rfc1738::lint::lint(&rfc1738::parse("http://host.dom/")?).is_empty());
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[must_use]
pub fn lint<'a>(url: &Url<'a>) -> Vec<Warning<'a>> {
    let mut found = Findings::new(url);
    url_prefix(&mut found, url);
    // After the appendix's prefix, the URL is what follows it, as the
    // prefix's warning says: read as any other, when it parses (D23). Its
    // parts are slices of the same text, and `Findings::at` gives their
    // offsets in the whole.
    let after = url.after_url_prefix();
    let url = after.as_ref().unwrap_or(url);
    scheme_name(&mut found, url);
    // Before `encoded_delimiters`, which reads where it found the password.
    password_and_port(&mut found, url);
    hostnumber(&mut found, url);
    mailto_address(&mut found, url);
    encoded_delimiters(&mut found, url);
    semantic_errors(&mut found, url);
    let own = found.password.clone();
    let mut warnings: Vec<Warning<'a>> = found
        .warnings
        .into_iter()
        .map(|(_, warning)| warning)
        .collect();
    // A finding in the URL's password stands at the password's start, as
    // its hidden diagnostic's caret does: at its own offset it would sort
    // before the password's warning only when at its first character.
    warnings.sort_by_key(|warning| {
        let at = match &own {
            Some(own) if warning.in_password && own.contains(&warning.offset()) => own.start,
            _ => warning.offset(),
        };
        (at, warning.code)
    });
    warnings
}

/// The warnings found so far, each with the text it is about.
struct Findings<'a> {
    url: Url<'a>,
    /// The span of the URL's password, which every warning keeps: found
    /// for the first.
    password_span: Option<Option<Range<usize>>>,
    /// Where the parsed text starts: offsets are distances from it.
    base: usize,
    /// Where the password is, once [`password_and_port`] found one.
    password: Option<Range<usize>>,
    /// Whether an offset lies in a password written further in the URL
    /// (`x:a//me:pw@host/`): read for an escape's warning only, the one
    /// that says something else with the password hidden.
    written: InWritten<'a>,
    /// The warnings, each with what it is about (`%0D`; empty for a
    /// finding that occurs once at most).
    warnings: Vec<(&'a str, Warning<'a>)>,
}

impl<'a> Findings<'a> {
    fn new(url: &Url<'a>) -> Self {
        Findings {
            url: *url,
            password_span: None,
            // Every part borrows from the parsed text, which the scheme
            // starts.
            base: url.scheme().as_ptr() as usize,
            password: None,
            written: InWritten::new(url.as_str()),
            warnings: Vec::new(),
        }
    }

    /// The offset of `part`, a slice of the parsed text, in it.
    fn at(&self, part: &str) -> usize {
        // Only parts of the parsed text come here (gopher's empty selector,
        // not in it, has no `%`): no underflow.
        part.as_ptr() as usize - self.base
    }

    /// Records `code` about `subject` at `offset`: a new warning, with the
    /// message `message` makes, or one more occurrence of the warning of
    /// the same code about the same text. Offsets come in increasing order.
    fn add(
        &mut self,
        code: Code,
        subject: &'a str,
        offset: usize,
        message: impl FnOnce() -> String,
    ) {
        let in_password = self.in_password(offset)
            || (code == Code::EncodedDelimiter && self.written.contains(offset));
        // At most 20 warnings (see the module's documentation): a
        // linear search.
        // Findings in passwords are one warning a code whatever their
        // subjects: two would tell, hidden, which escapes a password holds.
        let same = self.warnings.iter_mut().find(|(about, warning)| {
            warning.code == code
                && warning.in_password == in_password
                && (in_password || *about == subject)
        });
        match same {
            Some((about, warning)) => {
                if *about != subject && code == Code::EncodedDelimiter {
                    // The first escape's message no longer names them all.
                    warning.message = IN_PASSWORD_DELIMITERS.to_owned();
                }
                warning.count += 1;
                if warning.offsets.len() < OFFSETS_KEPT {
                    warning.offsets.push(offset);
                }
            }
            None => {
                let hidden = (in_password && code == Code::EncodedDelimiter)
                    .then_some(Cow::Borrowed(HIDDEN_PASSWORD_DELIMITERS));
                let first = (offset, in_password, hidden);
                self.push(subject, code, message(), first);
            }
        }
    }

    /// Records a new warning about `subject`, found once so far: at
    /// `offset`, in a password or not, with what its diagnostic says
    /// instead of `message` when that password is hidden.
    fn push(
        &mut self,
        subject: &'a str,
        code: Code,
        message: String,
        (offset, in_password, hidden_message): (usize, bool, Option<Cow<'static, str>>),
    ) {
        let (url, password) = self.kept();
        self.warnings.push((
            subject,
            Warning {
                code,
                offsets: vec![offset],
                count: 1,
                message,
                in_password,
                hidden_message,
                url,
                password,
                hidden: false,
            },
        ));
    }

    /// What a warning keeps of the URL: its text, borrowed, and its
    /// password's span.
    fn kept(&mut self) -> (Cow<'a, str>, Option<Range<usize>>) {
        let url = self.url;
        let password = self
            .password_span
            .get_or_insert_with(|| url.password_span());
        (Cow::Borrowed(url.as_str()), password.clone())
    }

    /// Records a semantic error at `offset` as a warning of its own: each
    /// is one finding, never counted with another. `hidden` makes what its
    /// diagnostic says instead of `message` when the error is in the
    /// password and the password is hidden.
    fn semantic(
        &mut self,
        code: Code,
        offset: usize,
        message: String,
        hidden: impl FnOnce() -> String,
    ) {
        let own = self.in_password(offset);
        // An octet decoded in a password written further in the URL (an
        // FTP segment's or a gopher selector's `//me:p%0Aw@h`): the error
        // names it and its place in the part, which the diagnostic that
        // hides the password does not tell.
        let further = !own && code == Code::ForbiddenByte && self.written.contains(offset);
        let hidden_message = if own {
            Some(Cow::Owned(hidden()))
        } else {
            further.then_some(Cow::Borrowed(FURTHER_FORBIDDEN))
        };
        self.push("", code, message, (offset, own || further, hidden_message));
    }

    /// Whether `offset` is in the password.
    fn in_password(&self, offset: usize) -> bool {
        self.password
            .as_ref()
            .is_some_and(|password| password.contains(&offset))
    }
}

/// What a diagnostic that hides the passwords says of encoded CR, LF or NUL
/// in a password: not which.
const HIDDEN_PASSWORD_DELIMITERS: &str = "the password (hidden) encodes CR, LF or NUL: decoded, \
     it can end a protocol line or string early and smuggle in another operation (RFC 1738, \
     section 6)";

/// The message of encoded CR, LF or NUL in a password once they are of more
/// than one escape: one warning, which names none of them.
const IN_PASSWORD_DELIMITERS: &str = "the password encodes CR, LF or NUL: decoded, it can end a \
     protocol line or string early and smuggle in another operation (RFC 1738, section 6)";

/// What a diagnostic that hides the passwords says of a forbidden octet in
/// a password written further in the URL.
const FURTHER_FORBIDDEN: &str = "a password written further in the URL decodes to an octet that \
     would end a protocol line early (hidden; RFC 1738, section 6)";

/// The appendix's prefix `URL:` read as a scheme name.
fn url_prefix(found: &mut Findings<'_>, url: &Url<'_>) {
    if url.has_url_prefix() {
        let scheme = url.scheme();
        found.add(Code::UrlPrefix, "", 0, || {
            format!(
                "\"{scheme}:\" is the prefix that marks a URL in text, not a scheme name: the \
                 URL is what follows it (RFC 1738, appendix)"
            )
        });
    }
}

/// An upper-case scheme name and a scheme name section 4 asks IANA to
/// reserve. The prefix `URL:`, when what follows it does not parse, is no
/// scheme name: the appendix writes it in upper case.
fn scheme_name(found: &mut Findings<'_>, url: &Url<'_>) {
    let scheme = url.scheme();
    if !url.has_url_prefix() && scheme.bytes().any(|b| b.is_ascii_uppercase()) {
        found.add(Code::UpperCaseScheme, "", found.at(scheme), || {
            format!(
                "the scheme name {} has upper-case letters: the grammar writes schemes in \
                 lower case, and interpreters fold them (RFC 1738, sections 2.1 and 5)",
                Elided::new(scheme, "characters").quoted()
            )
        });
    }
    if let Url::Other(_) = url
        && let Some(reserved) = RESERVED_SCHEMES
            .iter()
            .find(|name| name.eq_ignore_ascii_case(scheme))
    {
        found.add(Code::ReservedScheme, "", found.at(scheme), || {
            format!(
                "the scheme name \"{reserved}\" is one section 4 suggests IANA reserve for \
                 future definition: RFC 1738 does not define its syntax (RFC 1738, section 4)"
            )
        });
    }
}

/// A password, and an explicit port in the reserved range other than the
/// scheme's default (one above 65535 is a semantic error).
fn password_and_port<'a>(found: &mut Findings<'a>, url: &Url<'a>) {
    let password = match url.login() {
        // Read here, from the login the check reads anyway: `password_span`
        // would read an other scheme's login once more.
        Some(login) => login.password().map(|password| {
            let start = found.at(password);
            start..start + password.len()
        }),
        // The password the error of the URL after the appendix's prefix
        // `URL:` guesses, when that URL does not parse, or one after a `//`
        // that the grammar reads as no login: a span in `url`'s text.
        None => url.password_beyond_login().map(|span| {
            let start = found.at(url.as_str());
            start + span.start..start + span.end
        }),
    };
    if let Some(password) = password {
        let start = password.start;
        // Only a password "that should be secret" (section 6) is warned
        // about; every password is hidden all the same (D24).
        let secret = !password.is_empty() && !anonymous_ftp(url);
        found.password = Some(password);
        if secret {
            found.add(Code::Password, "", start, || {
                "the URL carries a password: \"the use of URLs containing passwords that \
                 should be secret is clearly unwise\" (RFC 1738, section 6)"
                    .to_owned()
            });
        }
    }
    if let Some(default) = url.default_port()
        && let Some(port) = url.port()
        && let Ok(number) = port.parse::<u64>()
        && number < 1024
        && number != u64::from(default)
    {
        let scheme = url.scheme();
        found.add(Code::ReservedPort, "", found.at(port), || {
            format!(
                "port {number} is in the reserved range and is not the scheme's default \
                 ({default}): a client could be made to speak {scheme} to a server of another \
                 protocol (RFC 1738, section 6)"
            )
        });
    }
}

/// Whether the URL is an ftp URL whose user is `anonymous`: section 3.2.1's
/// convention, whose password is "the Internet e-mail address of the end
/// user accessing the resource", which identifies the user to a server that
/// lets anyone in, and is no secret.
fn anonymous_ftp(url: &Url<'_>) -> bool {
    match url {
        Url::Ftp(ftp) => ftp
            .login()
            .user_decoded()
            .is_some_and(|user| user.as_bytes() == b"anonymous"),
        _ => false,
    }
}

/// Every semantic error of the URL ([`Url::semantic_errors`], which
/// decides what one is), each a warning of its own, at what it is about.
fn semantic_errors(found: &mut Findings<'_>, url: &Url<'_>) {
    // The errors' offsets are in `url`'s text, which may follow a prefix.
    let start = found.at(url.as_str());
    for (offset, error) in url.located_semantic_errors() {
        let offset = start + offset;
        let (code, message) = match &error {
            SemanticError::Port(range) => (
                Code::PortRange,
                format!(
                    "{range}: no port to connect to has that number (the grammar allows any \
                     digits; RFC 1738, section 3.1)"
                ),
            ),
            SemanticError::ArticleNumber(range) => (
                Code::ArticleRange,
                format!(
                    "{range}: the grammar allows any digits, but no article number is read \
                     past 64 bits (RFC 1738, section 3.7: \"the numeric id of the article\")"
                ),
            ),
            SemanticError::Forbidden(_) => (Code::ForbiddenByte, error.to_string()),
            SemanticError::NoFile { .. } => (Code::NoFile, error.to_string()),
        };
        found.semantic(code, offset, message, || {
            let mut hidden = error;
            hidden.hide_password();
            hidden.to_string()
        });
    }
}

/// The parts of a hostnumber above 255, by their value: leading zeros are
/// digits of no weight (`0255` is 255), and a part of any length is read.
fn hostnumber<'a>(found: &mut Findings<'a>, url: &Url<'a>) {
    // A news article's host is part of its message-id, but a host all the same.
    let host = match url {
        Url::News(news) => match news.grouppart() {
            Grouppart::Article(article) => Some(article.host()),
            _ => None,
        },
        _ => url.host(),
    };
    let Some(Host::Hostnumber(number)) = host else {
        return;
    };
    for part in number.split('.') {
        // The value's digits: the part without its leading zeros (`0` for
        // zeros only). More than three are above 255, however many: no
        // number is read that could overflow.
        let value = match part.trim_start_matches('0') {
            "" => "0",
            value => value,
        };
        if value.len() <= 3 && value.parse::<u16>().is_ok_and(|value| value <= 255) {
            continue;
        }
        found.add(Code::HostnumberRange, part, found.at(part), || {
            // Named by their ends and lengths past 32 digits: a part of a
            // million digits is one line.
            let written = Elided::new(part, "digits").quoted();
            let named = if value.len() == part.len() {
                format!("{written} is above 255")
            } else {
                format!("{written} is {}, above 255", Elided::new(value, "digits"))
            };
            format!(
                "{named}: no IPv4 address has such a part (the grammar allows it; RFC 1738, \
                 section 3.1 means \"its IP address\")"
            )
        });
    }
}

/// A mailto URL's address that is no RFC 822 addr-spec, at the octet where
/// it stops being one. The message names the octet only by its kind or as
/// a special (`","`); where the octet lies in a password written further
/// in the URL (`mailto:x//me:p,w@h/`), the diagnostic that hides the
/// password does not name it at all.
fn mailto_address<'a>(found: &mut Findings<'a>, url: &Url<'a>) {
    let Url::Mailto(mailto) = url else {
        return;
    };
    let Some((index, why)) = mailto.not_addr_spec() else {
        return;
    };
    let offset = found.at(mailto.encoded822addr()) + index;
    let in_password = found.written.contains(offset);
    let message = format!(
        "the mailto address is no RFC 822 addr-spec: {why} (RFC 1738, section 3.5: \
         \"(the encoding of an) addr-spec, as specified in RFC 822\")"
    );
    let hidden = in_password.then_some(Cow::Borrowed(
        "the mailto address is no RFC 822 addr-spec: it fails at a character of a password \
         written further in the URL (hidden; RFC 1738, section 3.5)",
    ));
    found.push(
        "",
        Code::MailtoAddress,
        message,
        (offset, in_password, hidden),
    );
}

/// Every encoded CR, LF and NUL: one warning per escape as written (`%0D`,
/// `%0d`, `%0A`, `%0a`, `%00`), counting its occurrences. The CR and LF of
/// a Gopher form's lines are warned about too, told as the form's (D23).
fn encoded_delimiters<'a>(found: &mut Findings<'a>, url: &Url<'a>) {
    // The lines of a form's data block, each ended by the CR LF section
    // 3.4.9 writes encoded: sent decoded by design, and as able to carry
    // another protocol's operations as any (D23).
    let form = match url {
        Url::Gopher(gopher) if gopher.carries_form() => gopher.gopher_plus_string(),
        _ => None,
    };
    for text in escaped_parts(url).into_iter().flatten() {
        let lines = form.is_some_and(|form| core::ptr::eq(form, text));
        // Each `%`, found with memchr: a byte loop over the paths took about
        // 150 of the lint's 360 instructions per URL of synthetic.txt.
        for index in memchr::memchr_iter(b'%', text.as_bytes()) {
            let delimiter = match text.as_bytes().get(index + 1..index + 3) {
                Some([b'0', b'd' | b'D']) => "CR",
                Some([b'0', b'a' | b'A']) => "LF",
                Some([b'0', b'0']) => "NUL",
                _ => continue,
            };
            // The match above read two ASCII bytes after this `%`.
            let escape = &text[index..index + 3];
            let form_line = lines && delimiter != "NUL";
            found.add(
                Code::EncodedDelimiter,
                escape,
                found.at(text) + index,
                || match form_line {
                    true => format!(
                        "{escape} encodes {delimiter}: a Gopher+ form sends it decoded, ending \
                         a line of its request or of its data block (section 3.4.9); a server \
                         of another protocol on that port would read each line as an operation \
                         (RFC 1738, section 6)"
                    ),
                    false => format!(
                        "{escape} encodes {delimiter}: decoded, it can end a protocol line or \
                         string early and smuggle in another operation (RFC 1738, section 6)"
                    ),
                },
            );
        }
    }
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
