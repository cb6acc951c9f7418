//! The semantic errors: what a valid URL can still fail to mean.
//!
//! None of them is a syntax error. The grammar accepts `http://host:99999/`
//! (`port = digits`), a gopher selector that decodes to a line feed, and any
//! decoded part; these errors say where the meaning section 3 gives the URL
//! stops: a number too large for its part, a decoded octet a protocol cannot
//! carry, parts no URL can express.

use core::fmt;

use crate::password::Star;
use crate::visible::{Elided, Visible};
use crate::{Error, Rule};

/// A number written with more digits than its part can hold: a port beyond
/// 65535, an nntp article number beyond `u64::MAX`.
///
/// The grammar puts no bound on `digits`, so the URL stays valid; the number
/// is what does not fit.
///
/// ```
/// let url = rfc1738::parse("http://host:65536/")?;
/// let error = url.effective_port().unwrap_err();
/// assert_eq!(error.digits(), "65536");
/// assert_eq!(error.to_string(), "the port 65536 does not fit in 16 bits (at most 65535)");
/// # Ok::<(), rfc1738::Error>(())
/// ```
///
/// The message names a number of more than 32 digits by its ends and its
/// length, [`digits`](OutOfRange::digits) gives it whole:
///
/// ```
/// let input = format!("http://host:{}/", "9".repeat(100_000));
/// let error = rfc1738::parse(&input)?.effective_port().unwrap_err();
/// assert_eq!(error.digits().len(), 100_000);
/// assert_eq!(
///     error.to_string(),
///     "the port 99999999999999…99999999999999 (100000 digits) does not fit in 16 bits \
///      (at most 65535)"
/// );
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error(
    "the {part} {digits} does not fit in {bits} bits (at most {max})",
    digits = Elided::new(&self.digits, "digits"),
    max = self.max()
)]
pub struct OutOfRange {
    part: &'static str,
    digits: String,
    bits: u32,
}

impl OutOfRange {
    #[cold]
    pub(crate) fn new(part: &'static str, digits: &str, bits: u32) -> Self {
        OutOfRange {
            part,
            digits: digits.to_owned(),
            bits,
        }
    }

    /// The part: `port` or `article number`.
    #[must_use]
    pub fn part(&self) -> &'static str {
        self.part
    }

    /// The digits as the URL writes them.
    #[must_use]
    pub fn digits(&self) -> &str {
        &self.digits
    }

    /// The largest number the part can hold.
    #[must_use]
    pub fn max(&self) -> u64 {
        u64::MAX >> (64 - self.bits)
    }
}

/// Reads `digits` (ASCII digits only, as the grammar's `digits`) as a number
/// of at most `bits` bits. Leading zeros do not count: `0080` is 80.
pub(crate) fn number(part: &'static str, digits: &str, bits: u32) -> Result<u64, OutOfRange> {
    let max = u64::MAX >> (64 - bits);
    digits
        .bytes()
        .try_fold(0u64, |value, digit| {
            value
                .checked_mul(10)
                .and_then(|value| value.checked_add(u64::from(digit.wrapping_sub(b'0'))))
                .filter(|&value| value <= max)
        })
        .ok_or_else(|| OutOfRange::new(part, digits, bits))
}

/// A decoded octet a protocol request cannot carry: sent as it is, it would
/// end the command or field it is in and start another.
///
/// Section 6: "Care should be taken when URLs contain embedded encoded
/// delimiters for a given protocol (for example, CR and LF characters for
/// telnet protocols) that these are not unencoded before transmission. This
/// would violate the protocol but could be used to simulate an extra
/// operation or parameter". [`crate::url::FtpCredentials::check`] and
/// [`crate::url::GopherUrl::request`] refuse such a request and return this
/// error, [`crate::url::FtpUrl::commands`] returns it as a
/// [`SemanticError::Forbidden`].
///
/// ```
/// use rfc1738::url::SemanticError;
/// let url = rfc1738::parse("ftp://host/pub%0D%0ADELE%20x/file")?;
/// let rfc1738::Url::Ftp(ftp) = url else { unreachable!() };
/// let SemanticError::Forbidden(error) = ftp.commands().unwrap_err() else { panic!() };
/// assert_eq!(error.part(), "cwd");
/// assert_eq!(error.segment(), Some(0));
/// assert_eq!(error.byte(), b'\r');
/// assert_eq!(error.position(), 3);
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone)]
pub struct ForbiddenByte {
    protocol: &'static str,
    field: &'static str,
    part: &'static str,
    segment: Option<usize>,
    byte: u8,
    position: usize,
    /// Whether the password is hidden from what the error shows.
    hidden: bool,
    /// Whether the octet and where it is are hidden, whatever the part.
    octet_hidden: bool,
}

impl PartialEq for ForbiddenByte {
    /// Errors are equal when they say the same of the same part, whether
    /// the password is hidden or not (that is how it is shown).
    fn eq(&self, other: &ForbiddenByte) -> bool {
        let key = |e: &ForbiddenByte| (e.protocol, e.field, e.part, e.segment, e.byte, e.position);
        key(self) == key(other)
    }
}

impl Eq for ForbiddenByte {}

impl fmt::Debug for ForbiddenByte {
    /// The error's fields; the octet and where it is written as `Hidden`
    /// where the error's `Display` hides them
    /// ([`hide_password`](ForbiddenByte::hide_password) of a password's
    /// error, [`hide_octet`](ForbiddenByte::hide_octet)): a panic's message
    /// and a log show `Debug`. [`byte`](ForbiddenByte::byte) and
    /// [`position`](ForbiddenByte::position) still tell them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut debug = f.debug_struct("ForbiddenByte");
        debug
            .field("protocol", &self.protocol)
            .field("field", &self.field)
            .field("part", &self.part)
            .field("segment", &self.segment);
        if self.hides() {
            let hidden = format_args!("Hidden");
            debug.field("byte", &hidden).field("position", &hidden);
        } else {
            debug
                .field("byte", &self.byte)
                .field("position", &self.position);
        }
        debug.finish()
    }
}

impl core::hash::Hash for ForbiddenByte {
    /// Hashes what equality compares.
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (
            self.protocol,
            self.field,
            self.part,
            self.segment,
            self.byte,
            self.position,
        )
            .hash(state);
    }
}

impl fmt::Display for ForbiddenByte {
    /// `the decoded cwd segment 0 contains CR (0x0D) at byte 3: sent as it
    /// is, it would end the FTP command line early (RFC 1738 section 6)`;
    /// for a password hidden ([`ForbiddenByte::hide_password`]), neither
    /// the octet nor where it is.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the decoded {}", self.part)?;
        if let Some(index) = self.segment {
            write!(f, " segment {index}")?;
        }
        if self.hides() {
            // The octets the protocol forbids, not which of them.
            let octets = match self.protocol {
                "Gopher" => "TAB, CR or LF",
                _ => "CR or LF",
            };
            write!(f, " (hidden) contains {octets}")?;
        } else {
            write!(
                f,
                " contains {} at byte {}",
                byte_name(self.byte),
                self.position
            )?;
        }
        // Section 3.4.1 says what a selector may not hold; section 6 why
        // no field may hold what ends its line.
        let sections = match self.part {
            "selector" => "sections 3.4.1 and 6",
            _ => "section 6",
        };
        write!(
            f,
            ": sent as it is, it would end the {} {} early (RFC 1738 {sections})",
            self.protocol, self.field
        )
    }
}

impl std::error::Error for ForbiddenByte {}

impl ForbiddenByte {
    /// The first byte of `value` (decoded octets, given one at a time so
    /// that a part need not be decoded whole to be checked) among
    /// `forbidden`, as an error.
    pub(crate) fn find(
        value: impl IntoIterator<Item = u8>,
        forbidden: &[u8],
        protocol: &'static str,
        field: &'static str,
        part: &'static str,
        segment: Option<usize>,
    ) -> Result<(), ForbiddenByte> {
        let found = value
            .into_iter()
            .enumerate()
            .find(|(_, byte)| forbidden.contains(byte));
        match found {
            None => Ok(()),
            Some((position, byte)) => Err(ForbiddenByte {
                protocol,
                field,
                part,
                segment,
                byte,
                position,
                hidden: false,
                octet_hidden: false,
            }),
        }
    }

    /// The part of the URL: `cwd`, `name`, `user` or `password` (ftp),
    /// `selector`, `search` or `gopher+_string` (gopher).
    #[must_use]
    pub fn part(&self) -> &'static str {
        self.part
    }

    /// For a `cwd`, its index among the path's segments (0 for the first).
    #[must_use]
    pub fn segment(&self) -> Option<usize> {
        self.segment
    }

    /// The forbidden octet: TAB, CR or LF.
    #[must_use]
    pub fn byte(&self) -> u8 {
        self.byte
    }

    /// Its offset in the decoded part.
    #[must_use]
    pub fn position(&self) -> usize {
        self.position
    }

    /// Hides what the error tells of a password from what it shows: for
    /// an error in the `password` ([`FtpCredentials::check`]), the message
    /// then names neither the octet nor where it is, as a diagnostic that
    /// hides the password shows none of its characters. [`byte`] and
    /// [`position`] still tell them; an error in another part is shown as
    /// it was.
    ///
    /// [`FtpCredentials::check`]: crate::url::FtpCredentials::check
    /// [`byte`]: ForbiddenByte::byte
    /// [`position`]: ForbiddenByte::position
    ///
    /// ```
    /// let rfc1738::Url::Ftp(url) = rfc1738::parse("ftp://me:ab%0Acd@host/")? else { panic!() };
    /// let mut error = url.credentials().check().unwrap_err();
    /// assert!(error.to_string().starts_with("the decoded password contains LF (0x0A) at byte 2:"));
    /// assert!(format!("{error:?}").ends_with("byte: 10, position: 2 }"));
    /// error.hide_password();
    /// // Debug, which a panic's message shows, hides them too.
    /// assert!(format!("{error:?}").ends_with("byte: Hidden, position: Hidden }"));
    /// assert_eq!(
    ///     error.to_string(),
    ///     "the decoded password (hidden) contains CR or LF: sent as it is, it would end the \
    ///      FTP command line early (RFC 1738 section 6)"
    /// );
    /// assert_eq!((error.byte(), error.position()), (b'\n', 2));
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    pub fn hide_password(&mut self) {
        self.hidden = true;
    }

    /// The error with what it tells of a password hidden
    /// ([`hide_password`](ForbiddenByte::hide_password)), by value: for a
    /// `map_err` chain.
    ///
    /// ```
    /// use rfc1738::url::ForbiddenByte;
    ///
    /// let rfc1738::Url::Ftp(url) = rfc1738::parse("ftp://me:ab%0Acd@host/")? else { panic!() };
    /// let error = url.credentials().check().map_err(ForbiddenByte::password_hidden).unwrap_err();
    /// assert!(error.to_string().starts_with("the decoded password (hidden) contains CR or LF"));
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn password_hidden(mut self) -> Self {
        self.hide_password();
        self
    }

    /// Hides the octet and where it is from what the error shows, whatever
    /// the part: for a part that may hold a password only decoding writes
    /// ([`crate::decoded_passwords`]: `ftp://h/a%2F%2Fme:p%0Dw@h/`, whose
    /// first `cwd` decodes to `a//me:p\rw@h`), which a diagnostic hides and
    /// an error naming the octet would tell of. [`byte`] and [`position`]
    /// still tell them.
    ///
    /// [`byte`]: ForbiddenByte::byte
    /// [`position`]: ForbiddenByte::position
    ///
    /// ```
    /// use rfc1738::url::SemanticError;
    /// let url = rfc1738::parse("ftp://h/a%2F%2Fme:p%0Dw@h/x")?;
    /// let [SemanticError::Forbidden(error)] = &url.semantic_errors()[..] else { panic!() };
    /// let mut error = error.clone();
    /// error.hide_octet();
    /// assert!(format!("{error:?}").ends_with("byte: Hidden, position: Hidden }"));
    /// assert_eq!(
    ///     error.to_string(),
    ///     "the decoded cwd segment 0 (hidden) contains CR or LF: sent as it is, it would end \
    ///      the FTP command line early (RFC 1738 section 6)"
    /// );
    /// assert_eq!((error.byte(), error.position()), (b'\r', 7));
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    pub fn hide_octet(&mut self) {
        self.octet_hidden = true;
    }

    /// Whether the message hides what it would tell of a password.
    fn hides(&self) -> bool {
        self.octet_hidden || (self.hidden && self.part == "password")
    }
}

/// A control character's name.
fn byte_name(byte: u8) -> &'static str {
    match byte {
        b'\t' => "TAB (0x09)",
        b'\r' => "CR (0x0D)",
        b'\n' => "LF (0x0A)",
        _ => "a control character",
    }
}

/// What a valid URL fails to mean: one of the errors the accessors of
/// section 3's meaning return, as [`Url::semantic_errors`] lists them.
///
/// [`Url::semantic_errors`] is the one place that decides what a semantic
/// error is: `rfc1738 parse` lists its errors as `semantic_errors`, and
/// [`crate::lint`] warns of each.
///
/// [`Url::semantic_errors`]: crate::Url::semantic_errors
///
/// ```
/// use rfc1738::url::SemanticError;
/// let url = rfc1738::parse("gopher://h:65536/1a%09b/c")?;
/// let errors = url.semantic_errors();
/// assert!(matches!(errors[0], SemanticError::Port(_)));
/// assert!(matches!(&errors[1], SemanticError::Forbidden(error) if error.byte() == b'\t'));
/// assert_eq!(errors[0].to_string(), "the port 65536 does not fit in 16 bits (at most 65535)");
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum SemanticError {
    /// A port beyond 65535 ([`crate::Url::effective_port`]).
    #[error(transparent)]
    Port(OutOfRange),
    /// An nntp article number beyond `u64::MAX`
    /// ([`crate::url::NntpUrl::article_number`]).
    #[error(transparent)]
    ArticleNumber(OutOfRange),
    /// A decoded octet that would end an FTP command line or a Gopher
    /// request early ([`crate::url::FtpCredentials::check`],
    /// [`crate::url::FtpUrl::commands`], [`crate::url::GopherUrl::request`]).
    #[error(transparent)]
    Forbidden(ForbiddenByte),
    /// An ftp URL whose typecode, `a` or `i`, asks to transfer a file, and
    /// whose url-path ends in an empty name: it names no file to `RETR`
    /// ([`crate::url::FtpUrl::commands_with`], grammar/DECISIONS.md D30).
    #[error(
        "the url-path ends in an empty name, which RFC 1738 section 3.2.2 allows (\"The \
         <cwdx> and <name> parts may be empty\"), but the typecode \"{typecode}\" asks to \
         transfer a file, and there is none to retrieve (RFC 959's RETR needs a pathname)"
    )]
    #[non_exhaustive]
    NoFile {
        /// The typecode, `a` or `i`.
        typecode: crate::url::Typecode,
    },
}

impl SemanticError {
    /// Hides what the error tells of a password from what it shows
    /// ([`ForbiddenByte::hide_password`]); an error about another part is
    /// shown as it was.
    pub fn hide_password(&mut self) {
        if let SemanticError::Forbidden(error) = self {
            error.hide_password();
        }
    }

    /// The error with what it tells of a password hidden
    /// ([`hide_password`](SemanticError::hide_password)), by value: for a
    /// `map_err` chain or an iterator's `map`.
    ///
    /// ```
    /// use rfc1738::url::SemanticError;
    ///
    /// let url = rfc1738::parse("ftp://me:ab%0Acd@host/f")?;
    /// let errors: Vec<SemanticError> = url
    ///     .semantic_errors()
    ///     .into_iter()
    ///     .map(SemanticError::password_hidden)
    ///     .collect();
    /// assert!(errors[0].to_string().starts_with("the decoded password (hidden) contains CR or LF"));
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn password_hidden(mut self) -> Self {
        self.hide_password();
        self
    }

    /// Hides the octet of a forbidden-octet error and where it is, whatever
    /// its part ([`ForbiddenByte::hide_octet`]); another error is shown as
    /// it was.
    pub fn hide_octet(&mut self) {
        if let SemanticError::Forbidden(error) = self {
            error.hide_octet();
        }
    }
}

/// Parts from which no URL can be built: what the builders
/// ([`crate::url::Parts::build`] and each scheme's) return instead of a URL
/// that would not parse, or would not decode back to the same parts.
///
/// ```
/// use rfc1738::url::{BuildError, GopherParts, HttpParts};
/// let bad_host = HttpParts::new("host_dom").build().unwrap_err();
/// assert!(matches!(bad_host, BuildError::NotA { part: "host", .. }), "{bad_host}");
/// let tab = GopherParts { search: Some("a\tb".into()), ..GopherParts::new("host.dom") };
/// assert_eq!(
///     tab.build().unwrap_err().to_string(),
///     "the search contains TAB (0x09), which ends the search in a URL (section 3.4)"
/// );
/// ```
#[derive(Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// A part written as it is, never encoded (a host, a news group, a
    /// scheme name, an other scheme's scheme-specific part), is not a string
    /// of its production: `error`, the error's
    /// [`source`](std::error::Error::source), says where and why. Once
    /// that error hides its password ([`BuildError::hide_password`]), the
    /// value is shown with its passwords hidden; `value` keeps it as given.
    #[error("the {part} \"{}\" is not a {}", Visible::new(&shown_value(.value, *.rule, .error)).quoted(), rule.name())]
    #[non_exhaustive]
    NotA {
        /// The part: `host`, `group`, `scheme` or `schemepart`.
        part: &'static str,
        /// Its value.
        value: String,
        /// The production it must match.
        rule: Rule,
        /// Why it does not.
        #[source]
        error: Error,
    },
    /// A part contains an octet that no encoding can carry in its place:
    /// a TAB in a gopher selector or search would end it early (`%09` is the
    /// separator there, section 3.4).
    #[error("the {part} contains {}, which ends the {part} in a URL (section {section})", byte_name(*byte))]
    #[non_exhaustive]
    Separator {
        /// The part.
        part: &'static str,
        /// The octet.
        byte: u8,
        /// The section of RFC 1738 that makes it a separator.
        section: &'static str,
    },
    /// A part must not be empty: a path has at least one segment, a mailto
    /// address and an article's `<unique>` at least one octet.
    #[error("the {part} is empty: {production} needs at least one {what}")]
    #[non_exhaustive]
    Empty {
        /// The part.
        part: &'static str,
        /// The production that requires it.
        production: &'static str,
        /// What there must be at least one of.
        what: &'static str,
    },
    /// A part is given without the part that must precede it: a search or
    /// a typecode without a path, a gopher+ string without a search.
    #[error("a {part} needs a {needs}: {production}")]
    #[non_exhaustive]
    Needs {
        /// The part given.
        part: &'static str,
        /// The part it needs.
        needs: &'static str,
        /// The production that says so.
        production: &'static str,
    },
    /// An other scheme's name is one of the ten of section 3:
    /// [`crate::parse`] would read the URL by that scheme's rule. (A name
    /// in upper case, `HTTP`, is no `scheme`, whose letters are lower case:
    /// [`BuildError::NotA`].)
    #[error("the scheme {0:?} is defined by section 3: build its URL from its own parts")]
    DefinedScheme(String),
}

impl BuildError {
    /// Hides the passwords a part's value holds from what the error shows,
    /// as [`Error::hide_password`] hides an input's: a
    /// [`BuildError::NotA`] (an other scheme's `schemepart` may hold a
    /// login, `//me:secret@h x/`) tells its error to hide its password, and
    /// then shows the value with one `*` for each character (a line feed
    /// among them too) of what its production's error reads as a password
    /// ([`Error::password_span`]) and of the passwords written or decoded
    /// around it ([`passwords_around`]). Its `value` field
    /// keeps the value as given, as [`ForbiddenByte::byte`] keeps a hidden
    /// octet. The other errors show no part's value.
    ///
    /// [`passwords_around`]: crate::passwords_around
    ///
    /// ```
    /// use rfc1738::url::OtherParts;
    /// let mut error = OtherParts::new("x", "//me:secret@h x/").build().unwrap_err();
    /// error.hide_password();
    /// assert_eq!(
    ///     error.to_string(),
    ///     r#"the schemepart "//me:******@h x/" is not a schemepart"#
    /// );
    /// ```
    pub fn hide_password(&mut self) {
        if let BuildError::NotA { error, .. } = self {
            error.hide_password();
        }
    }

    /// The error with its passwords hidden
    /// ([`hide_password`](BuildError::hide_password)), by value: for a
    /// `map_err` chain.
    ///
    /// ```
    /// use rfc1738::url::{BuildError, OtherParts};
    ///
    /// let error = OtherParts::new("x", "//me:secret@h x/")
    ///     .build()
    ///     .map_err(BuildError::password_hidden)
    ///     .unwrap_err();
    /// assert_eq!(error.to_string(), r#"the schemepart "//me:******@h x/" is not a schemepart"#);
    /// ```
    #[must_use]
    pub fn password_hidden(mut self) -> Self {
        self.hide_password();
        self
    }

    /// A [`BuildError::NotA`].
    #[cold]
    pub(crate) fn not_a(part: &'static str, value: &str, rule: Rule, error: Error) -> Self {
        BuildError::NotA {
            part,
            value: value.to_owned(),
            rule,
            error,
        }
    }
}

/// A refused part's value as its error shows it: with its passwords hidden
/// ([`hidden_value`]) once `error` hides its password.
fn shown_value(value: &str, rule: Rule, error: &Error) -> String {
    match error.hides_password() {
        true => hidden_value(value, rule),
        false => value.to_owned(),
    }
}

/// `value`, a part's value that is not a string of `rule`, with each
/// character of its passwords written as one `*`: what the error of `rule`
/// over it reads as a password ([`Error::password_span`]) and those written
/// or decoded around it ([`passwords_around`](crate::passwords_around)).
/// The error is read again from the value as it stands (`value` is a public
/// field), so that its spans are the value's.
fn hidden_value(value: &str, rule: Rule) -> String {
    let own = crate::parse_rule(rule, value)
        .err()
        .and_then(|error| error.password_span());
    let around = crate::passwords_around(value, own.clone());
    crate::password::starred_each(value, own.into_iter().chain(around), Star::Char)
}

impl fmt::Debug for BuildError {
    /// The variant and its fields, a refused part's value with its
    /// passwords hidden as [`BuildError::hide_password`] hides them, and its
    /// error told to hide its password: a panic's message (`unwrap`) and a
    /// log show `Debug`, and the value may hold a password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::NotA {
                part,
                value,
                rule,
                error,
            } => {
                let mut hidden = error.clone();
                hidden.hide_password();
                f.debug_struct("NotA")
                    .field("part", part)
                    .field("value", &hidden_value(value, *rule))
                    .field("rule", rule)
                    .field("error", &hidden)
                    .finish()
            }
            BuildError::Separator {
                part,
                byte,
                section,
            } => f
                .debug_struct("Separator")
                .field("part", part)
                .field("byte", byte)
                .field("section", section)
                .finish(),
            BuildError::Empty {
                part,
                production,
                what,
            } => f
                .debug_struct("Empty")
                .field("part", part)
                .field("production", production)
                .field("what", what)
                .finish(),
            BuildError::Needs {
                part,
                needs,
                production,
            } => f
                .debug_struct("Needs")
                .field("part", part)
                .field("needs", needs)
                .field("production", production)
                .finish(),
            BuildError::DefinedScheme(scheme) => {
                f.debug_tuple("DefinedScheme").field(scheme).finish()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_fit_by_value_not_by_length() {
        assert_eq!(number("port", "0000000000000000080", 16), Ok(80));
        assert_eq!(number("port", "65535", 16), Ok(65535));
        assert_eq!(number("port", "0", 16), Ok(0));
        assert!(number("port", "65536", 16).is_err());
        assert_eq!(number("n", "18446744073709551615", 64), Ok(u64::MAX));
        assert!(number("n", "18446744073709551616", 64).is_err());
    }
}
