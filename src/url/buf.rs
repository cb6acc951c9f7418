//! [`Url::parse`] and [`UrlBuf`], a URL that owns its text.

use std::borrow::Borrow;
use std::fmt;
use std::str::FromStr;

use crate::ast::Url;
use crate::{Error, Rule, parse, scheme_rule};

impl<'a> Url<'a> {
    /// Parses a URL: [`crate::parse`], as an associated function. The tree
    /// borrows `input`; [`UrlBuf`] owns its text.
    ///
    /// # Errors
    ///
    /// When [`crate::parse`] rejects `input`, with its [`Error`].
    ///
    /// ```
    /// use rfc1738::Url;
    /// let url = Url::parse("ftp://myname@host.dom/%2Fetc/motd")?;
    /// assert_eq!(url.scheme(), "ftp");
    /// assert_eq!(Url::parse("http://host:8a/").unwrap_err().offset(), 13);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    pub fn parse(input: &'a str) -> Result<Url<'a>, Error> {
        parse(input)
    }

    /// A [`UrlBuf`] that holds the URL's text: what to keep when the text
    /// the `Url` borrows will not live long enough. `UrlBuf::try_from(url)`
    /// does the same.
    ///
    /// A `UrlBuf` is its text alone (it builds its tree on demand,
    /// [`UrlBuf::as_url`]), so a `Url` read by the rule its scheme selects
    /// ([`scheme_rule`](crate::scheme_rule())), as every `Url` from
    /// [`crate::parse`] is, is copied and not parsed again: its text is a
    /// string of that rule, which `parse` accepts. A `Url` the
    /// [`grammar`](crate::grammar)'s own combinators read by another rule
    /// (an `otherurl` whose scheme is one of section 3's) is parsed, as
    /// [`UrlBuf::parse`] parses its text: where `parse` reads the text by
    /// its scheme's rule, the `UrlBuf` is that reading, which does not
    /// equal the `Url` (`buf.as_url().rule()` is the scheme's rule).
    ///
    /// # Errors
    ///
    /// [`crate::parse`]'s error, when the `Url` was read by a rule other
    /// than its scheme's and `parse` rejects its text (`http://user@host/`,
    /// an `otherurl` to the grammar's `url` and no `httpurl`). A `Url` from
    /// `parse` gives none.
    ///
    /// ```
    /// use rfc1738::nom::Parser;
    /// use rfc1738::grammar::{Quiet, generic::url};
    /// use rfc1738::{Rule, Url, UrlBuf};
    ///
    /// fn keep(text: &str) -> Result<UrlBuf, rfc1738::Error> {
    ///     Url::parse(text)?.to_url_buf()
    /// }
    /// let kept = keep(&String::from("ftp://myname@host.dom/%2Fetc/motd"))?;
    /// assert_eq!(kept, "ftp://myname@host.dom/%2Fetc/motd");
    ///
    /// // By the BNF's letter, `http://user@host/` is an `otherurl`; section
    /// // 3.3 allows no user name in an http URL, and `parse` rejects it.
    /// let (_, read) = url(Quiet).parse_complete("http://user@host/").unwrap();
    /// assert_eq!(read.rule(), Rule::Otherurl);
    /// let error = read.to_url_buf().unwrap_err();
    /// assert_eq!(error, rfc1738::parse("http://user@host/").unwrap_err());
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    pub fn to_url_buf(&self) -> Result<UrlBuf, Error> {
        UrlBuf::try_from(*self)
    }
}

impl TryFrom<Url<'_>> for UrlBuf {
    type Error = Error;

    /// [`Url::to_url_buf`]: the URL's text, copied, and parsed only when
    /// the `Url` was read by a rule other than its scheme's.
    ///
    /// ```
    /// use rfc1738::{Url, UrlBuf};
    /// let url = Url::parse("gopher://spinaltap.micro.umn.edu/00/Weather")?;
    /// let kept = UrlBuf::try_from(url)?;
    /// assert_eq!(kept, url);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    fn try_from(url: Url<'_>) -> Result<UrlBuf, Error> {
        let text = url.as_str();
        if url.rule() == scheme_rule(text) {
            Ok(UrlBuf::from_tree(text))
        } else {
            UrlBuf::parse(text)
        }
    }
}

impl<'a> TryFrom<&'a str> for Url<'a> {
    type Error = Error;

    /// [`Url::parse`].
    ///
    /// ```
    /// use rfc1738::Url;
    /// let url = Url::try_from("news:comp.infosystems.www.misc")?;
    /// assert_eq!(url.rule(), rfc1738::Rule::Newsurl);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    fn try_from(input: &'a str) -> Result<Url<'a>, Error> {
        parse(input)
    }
}

impl PartialEq<str> for Url<'_> {
    /// Whether `text` is the URL's text and the URL was read by the rule
    /// `text`'s scheme selects ([`scheme_rule`](crate::scheme_rule())): a
    /// `str` compares as the `Url` that [`crate::parse`] reads from it, and
    /// as a [`UrlBuf`] that holds it. For a `Url` that `parse` returned, this
    /// is `url.as_str() == text`; the scheme's case is not folded. A tree
    /// the [`grammar`](crate::grammar)'s own combinators read by another
    /// rule equals no `str`, as it equals no `Url` that `parse` returns.
    ///
    /// ```
    /// use rfc1738::nom::Parser;
    /// use rfc1738::Url;
    /// use rfc1738::grammar::{Quiet, generic::otherurl};
    ///
    /// let url = Url::parse("ftp://host.dom/pub")?;
    /// assert!(url == *"ftp://host.dom/pub");
    /// assert!(url != *"FTP://host.dom/pub");
    /// // The same text read as an `otherurl`, not as `parse` reads it.
    /// let (_, other) = otherurl(Quiet).parse_complete("ftp://host.dom/pub").unwrap();
    /// assert!(Url::Other(other) != *"ftp://host.dom/pub");
    /// assert!(Url::Other(other) != url);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    fn eq(&self, text: &str) -> bool {
        self.as_str() == text && self.rule() == scheme_rule(text)
    }
}

impl PartialEq<&str> for Url<'_> {
    /// `url == *text`: the URL's text, read by the rule its scheme selects.
    ///
    /// ```
    /// let url = rfc1738::Url::parse("mailto:mduerst@ifi.unizh.ch")?;
    /// assert_eq!(url, "mailto:mduerst@ifi.unizh.ch");
    /// assert_ne!(url, "MAILTO:mduerst@ifi.unizh.ch");
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    fn eq(&self, text: &&str) -> bool {
        *self == **text
    }
}

impl PartialEq<Url<'_>> for str {
    /// `url == *text`, the other way round.
    ///
    /// ```
    /// let url = rfc1738::Url::parse("telnet://host.dom/")?;
    /// assert!(*"telnet://host.dom/" == url);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    fn eq(&self, url: &Url<'_>) -> bool {
        *url == *self
    }
}

impl PartialEq<Url<'_>> for &str {
    /// `url == text`, the other way round.
    ///
    /// ```
    /// let url = rfc1738::Url::parse("wais://host.dom/db")?;
    /// assert_eq!("wais://host.dom/db", url);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    fn eq(&self, url: &Url<'_>) -> bool {
        *url == **self
    }
}

/// A URL that owns its text: what to store in a struct, a map or a channel,
/// where a [`Url`] would have to outlive the text it borrows. `UrlBuf` is to
/// `Url` what `PathBuf` is to `Path`.
///
/// A `UrlBuf` holds a text that [`crate::parse`] accepts, and nothing else:
/// it is made by parsing ([`UrlBuf::parse`], `str::parse`,
/// `TryFrom<String>`, and with `serde`, deserializing), from a [`Url`] read
/// by the rule `parse` reads its text by ([`Url::to_url_buf`]), or by the
/// builders of decoded parts ([`crate::url::Parts::build`] and each
/// scheme's), which write only URLs that parse; so every `UrlBuf` is a
/// valid URL. It is one allocation, the text; it is `Send`, `Sync` and
/// `'static`.
///
/// [`as_url`](UrlBuf::as_url) gives the syntax tree, borrowed from the
/// text: it reads the text again, one pass of the grammar (what `parse`
/// costs, a few hundred instructions for a typical URL, and no
/// allocation). Keep the `Url` it returns while you read several parts.
///
/// `Eq`, `Ord` and `Hash` are those of the text, and `UrlBuf` is
/// `Borrow<str>`: a `HashMap<UrlBuf, _>` or a `BTreeMap<UrlBuf, _>` is
/// looked up with a `&str`. (The scheme rule follows from the text, so the
/// text alone tells two `UrlBuf`s apart.) A `UrlBuf` equals the [`Url`] of
/// its text, either way round: `buf == url` is `buf.as_url() == url`.
///
/// ```
/// use std::collections::HashMap;
/// use rfc1738::UrlBuf;
///
/// let mut visits: HashMap<UrlBuf, u32> = HashMap::new();
/// for line in ["http://host.dom/", "ftp://host.dom/pub", "http://host.dom/"] {
///     *visits.entry(line.parse()?).or_default() += 1;
/// }
/// assert_eq!(visits["http://host.dom/"], 2);
///
/// let url: UrlBuf = "ftp://myname@host.dom/%2Fetc/motd".parse()?;
/// assert_eq!(url.as_url().login().and_then(|login| login.user()), Some("myname"));
/// assert_eq!(String::from(url), "ftp://myname@host.dom/%2Fetc/motd");
///
/// let error = "http://host:8a/".parse::<UrlBuf>().unwrap_err();
/// assert_eq!(error.offset(), 13);
/// # Ok::<(), rfc1738::Error>(())
/// ```
///
/// # Why not `Url<'static>`
///
/// The tree's parts are `&'a str` slices of the text, which is what makes
/// `parse` allocate nothing. A `Url<'static>` made from a runtime string
/// would need that string leaked for the rest of the program, or a type
/// that holds both the text and slices into it, which safe Rust cannot
/// build (the crate forbids `unsafe`). An owned text and the tree on
/// demand cost one parse per `as_url` instead. A `Url` parsed from a
/// `&'static str` is a `Url<'static>` already.
///
/// # From a `Url`
///
/// [`Url::to_url_buf`] (or `UrlBuf::try_from(url)`) keeps a [`Url`]'s
/// text. For a `Url` that [`crate::parse`] returned, it copies the text,
/// with no second pass, and cannot fail. There is no infallible
/// `From<Url>`: a `Url` that the [`grammar`](crate::grammar)'s own
/// combinators read, by the BNF's letter alone, may hold a text that
/// `parse` rejects (see [`Url`]), and a `UrlBuf` holds none; converting
/// it gives `parse`'s error.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, generic::url};
/// use rfc1738::{Rule, UrlBuf};
///
/// let parsed = rfc1738::parse("news:comp.infosystems.www.misc")?;
/// let kept = parsed.to_url_buf()?;
/// assert_eq!(kept.as_url(), parsed);
///
/// // By the BNF's letter, `http://user@host/` is an `otherurl`; section 3.3
/// // allows no user name in an http URL, and `parse` rejects it.
/// let (_, read) = url(Quiet).parse_complete("http://user@host/").unwrap();
/// assert_eq!(read.rule(), Rule::Otherurl);
/// assert!(UrlBuf::try_from(read).is_err());
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UrlBuf(
    // Hashed, compared and ordered as the `str` it holds, which `Borrow<str>`
    // requires (`Box<str>` derives them from `str`).
    Box<str>,
);

impl UrlBuf {
    /// Parses `input` as [`crate::parse`] does, and keeps a copy of it.
    ///
    /// # Errors
    ///
    /// When [`crate::parse`] rejects `input`, with its [`Error`].
    ///
    /// ```
    /// let url = rfc1738::UrlBuf::parse("HTTP://host.dom/")?;
    /// assert_eq!(url.as_str(), "HTTP://host.dom/");
    /// assert!(rfc1738::UrlBuf::parse("http://user@host.dom/").is_err());
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    pub fn parse(input: &str) -> Result<UrlBuf, Error> {
        parse(input)?;
        Ok(UrlBuf(input.into()))
    }

    /// A URL a builder of decoded parts wrote ([`crate::url::Parts::build`]
    /// and each scheme's), kept without parsing it again: the builders
    /// encode what each component must have encoded and check every part
    /// they write as it is, so [`crate::parse`] accepts what they write.
    /// Property tests and a fuzz target check it on generated parts of every
    /// scheme, and a debug build checks each URL here.
    pub(crate) fn from_builder(text: String) -> UrlBuf {
        debug_assert!(
            parse(&text).is_ok(),
            "a builder wrote {text:?}, which does not parse"
        );
        UrlBuf(text.into_boxed_str())
    }

    /// The text of a tree read by the rule its scheme selects
    /// ([`Url::to_url_buf`]), kept without parsing it again: `parse` reads
    /// the text by that rule's combinator, the one that read the tree (the
    /// scheme's case folded, which the tree's rule matched in some case),
    /// and the tree is a string of it. A property test checks it on the
    /// prefixes the grammar's `url` reads from generated inputs, and a
    /// debug build checks each text here.
    fn from_tree(text: &str) -> UrlBuf {
        debug_assert!(
            parse(text).is_ok(),
            "a tree read by its scheme's rule has the text {text:?}, which does not parse"
        );
        UrlBuf(text.into())
    }

    /// The URL as written.
    ///
    /// ```
    /// let url: rfc1738::UrlBuf = "mailto:mduerst@ifi.unizh.ch".parse()?;
    /// assert_eq!(url.as_str(), "mailto:mduerst@ifi.unizh.ch");
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The syntax tree, borrowed from the text: one more pass of the
    /// grammar over it, which allocates nothing.
    ///
    /// ```
    /// use rfc1738::{Url, UrlBuf};
    /// let url: UrlBuf = "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles".parse()?;
    /// let Url::Gopher(gopher) = url.as_url() else { panic!("a gopher URL") };
    /// assert_eq!(gopher.gopher_type(), b'0');
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn as_url(&self) -> Url<'_> {
        // A `UrlBuf` is made only of a text `parse` accepted, of one a tree
        // read by its scheme's rule holds, or of one a builder wrote, which
        // `parse` accepts (`UrlBuf::from_tree`, `UrlBuf::from_builder`), and
        // `parse` gives the same answer for the same text.
        parse(&self.0).expect("a UrlBuf holds a text that parse accepts")
    }

    /// The scheme rule of the URL (`httpurl`, …, `otherurl`), from its
    /// scheme name alone: no pass of the grammar.
    ///
    /// ```
    /// let url: rfc1738::UrlBuf = "FTP://host.dom/".parse()?;
    /// assert_eq!(url.rule(), rfc1738::Rule::Ftpurl);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn rule(&self) -> Rule {
        scheme_rule(&self.0)
    }

    /// The URL as written, as a `String`: the same allocation, not a copy
    /// (as `String::from(url)`).
    ///
    /// ```
    /// let url: rfc1738::UrlBuf = "news:comp.infosystems.www.misc".parse()?;
    /// assert_eq!(url.into_string(), "news:comp.infosystems.www.misc");
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn into_string(self) -> String {
        self.0.into_string()
    }
}

impl FromStr for UrlBuf {
    type Err = Error;

    /// [`UrlBuf::parse`].
    fn from_str(input: &str) -> Result<UrlBuf, Error> {
        UrlBuf::parse(input)
    }
}

impl TryFrom<&str> for UrlBuf {
    type Error = Error;

    /// [`UrlBuf::parse`].
    fn try_from(input: &str) -> Result<UrlBuf, Error> {
        UrlBuf::parse(input)
    }
}

impl TryFrom<String> for UrlBuf {
    type Error = FromStringError;

    /// Parses the string and keeps it, without copying it. When
    /// [`crate::parse`] rejects it, the error gives it back
    /// ([`FromStringError::into_string`]).
    ///
    /// ```
    /// use rfc1738::UrlBuf;
    /// let url = UrlBuf::try_from(String::from("telnet://host.dom/"))?;
    /// assert_eq!(url, "telnet://host.dom/");
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    fn try_from(input: String) -> Result<UrlBuf, FromStringError> {
        match parse(&input).map(drop) {
            Ok(()) => Ok(UrlBuf(input.into_boxed_str())),
            Err(error) => Err(FromStringError { error, input }),
        }
    }
}

/// Why [`UrlBuf`]'s `TryFrom<String>` rejected a string, with the string,
/// given back as `String::from_utf8`'s error gives back its bytes.
///
/// `Display` is the [`Error`]'s (`{:#}` its whole diagnostic), and `?`
/// turns it into the `Error` in a function that returns one. `Debug` shows
/// the `Error`, not the string, which may hold a password: a panic's
/// message (`unwrap`) and a log show `Debug`.
///
/// ```
/// use rfc1738::UrlBuf;
/// let rejected = UrlBuf::try_from(String::from("http://host:8a/")).unwrap_err();
/// assert_eq!(rejected.error().offset(), 13);
/// assert_eq!(rejected.to_string(), "not a valid httpurl: expected digit, \"/\" or end of input, found \"a\" at 1:14");
/// let text: String = rejected.into_string();
/// assert_eq!(text, "http://host:8a/");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct FromStringError {
    error: Error,
    input: String,
}

impl FromStringError {
    /// Why [`crate::parse`] rejected the string.
    #[must_use]
    pub fn error(&self) -> &Error {
        &self.error
    }

    /// The error, without the string.
    #[must_use]
    pub fn into_error(self) -> Error {
        self.error
    }

    /// The string given to `try_from`, borrowed.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.input
    }

    /// Hides the password from what the error shows, its `Display` among
    /// it, as [`Error::hide_password`] hides it; the string given back is
    /// unchanged.
    ///
    /// ```
    /// use rfc1738::UrlBuf;
    /// let mut rejected = UrlBuf::try_from(String::from("ftp://me:hunter2@host.dom:21a/")).unwrap_err();
    /// assert!(format!("{rejected:#}").contains("hunter2"));
    /// rejected.hide_password();
    /// assert!(!format!("{rejected:#}").contains("hunter2"));
    /// assert_eq!(rejected.as_str(), "ftp://me:hunter2@host.dom:21a/");
    /// ```
    pub fn hide_password(&mut self) {
        self.error.hide_password();
    }

    /// The error with its password hidden
    /// ([`hide_password`](FromStringError::hide_password)), by value: for a
    /// `map_err` chain.
    ///
    /// ```
    /// use rfc1738::UrlBuf;
    /// use rfc1738::url::FromStringError;
    ///
    /// let line = String::from("ftp://me:hunter2@host.dom:21a/");
    /// let rejected = UrlBuf::try_from(line)
    ///     .map_err(FromStringError::password_hidden)
    ///     .unwrap_err();
    /// assert!(!rejected.to_string().contains("hunter2"));
    /// assert_eq!(rejected.into_string(), "ftp://me:hunter2@host.dom:21a/");
    /// ```
    #[must_use]
    pub fn password_hidden(mut self) -> Self {
        self.hide_password();
        self
    }

    /// The string given to `try_from`, unchanged: the same allocation.
    #[must_use]
    pub fn into_string(self) -> String {
        self.input
    }
}

impl From<FromStringError> for Error {
    /// [`FromStringError::into_error`].
    fn from(rejected: FromStringError) -> Error {
        rejected.error
    }
}

impl fmt::Display for FromStringError {
    /// The [`Error`]'s: one line, or with `{:#}` the whole diagnostic.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.error, f)
    }
}

impl fmt::Debug for FromStringError {
    /// The [`Error`] and the string's length: not the string, which may
    /// hold a password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FromStringError")
            .field("error", &self.error)
            .field("len", &self.input.len())
            .finish()
    }
}

/// `Display` shows the [`Error`] itself, so it is not also its `source`.
impl std::error::Error for FromStringError {}

impl<'a> From<&'a UrlBuf> for Url<'a> {
    /// [`UrlBuf::as_url`].
    fn from(url: &'a UrlBuf) -> Url<'a> {
        url.as_url()
    }
}

impl From<UrlBuf> for String {
    /// [`UrlBuf::into_string`].
    fn from(url: UrlBuf) -> String {
        url.into_string()
    }
}

impl From<UrlBuf> for Box<str> {
    /// The text, without copying it.
    fn from(url: UrlBuf) -> Box<str> {
        url.0
    }
}

impl AsRef<str> for UrlBuf {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for UrlBuf {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl PartialEq<str> for UrlBuf {
    fn eq(&self, other: &str) -> bool {
        *self.0 == *other
    }
}

impl PartialEq<&str> for UrlBuf {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<UrlBuf> for str {
    fn eq(&self, other: &UrlBuf) -> bool {
        *self == *other.0
    }
}

impl PartialEq<UrlBuf> for &str {
    fn eq(&self, other: &UrlBuf) -> bool {
        **self == *other.0
    }
}

impl PartialEq<UrlBuf> for Url<'_> {
    /// `url == buf.as_url()`, without reading the text again: the same text
    /// read by the same rule (a `UrlBuf`'s is the rule its scheme selects,
    /// [`UrlBuf::rule`]). So `url == buf` exactly when `url == buf.as_str()`.
    ///
    /// ```
    /// use rfc1738::{Url, UrlBuf};
    ///
    /// let buf = UrlBuf::parse("gopher://spinaltap.micro.umn.edu/00/Weather")?;
    /// let url = Url::parse("gopher://spinaltap.micro.umn.edu/00/Weather")?;
    /// assert_eq!(url, buf);
    /// assert_eq!(url == buf, url == buf.as_url());
    /// assert_ne!(Url::parse("GOPHER://spinaltap.micro.umn.edu/00/Weather")?, buf);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    fn eq(&self, buf: &UrlBuf) -> bool {
        *self == *buf.as_str()
    }
}

impl PartialEq<Url<'_>> for UrlBuf {
    /// `url == buf`, the other way round: `buf.as_url() == url`.
    ///
    /// ```
    /// use rfc1738::{Url, UrlBuf};
    ///
    /// let buf = UrlBuf::parse("news:comp.infosystems.www.misc")?;
    /// assert_eq!(buf, Url::parse("news:comp.infosystems.www.misc")?);
    /// assert_ne!(buf, Url::parse("news:comp.infosystems.www")?);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    fn eq(&self, url: &Url<'_>) -> bool {
        *url == *self.as_str()
    }
}

impl fmt::Display for UrlBuf {
    /// The URL as written, padded as a `str` is given a width.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.0)
    }
}

impl fmt::Debug for UrlBuf {
    /// `UrlBuf("…")`: the text, as a string literal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("UrlBuf").field(&self.0).finish()
    }
}
