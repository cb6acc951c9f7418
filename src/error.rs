//! Why an input does not match a production, and where.

use std::borrow::Cow;
use std::fmt::{self, Write as _};
use std::ops::Range;
use std::sync::OnceLock;

use annotate_snippets::{AnnotationKind, Group, Level, Origin, Renderer, Snippet, Title};
use nom::Input as _;
use nom_locate::LocatedSpan;
use once_cell::race::OnceBox;

use crate::expected::{Expected, Found, begun};
use crate::hint::{self, Hint};
use crate::position::{Position, ceil_boundary, floor_boundary};
use crate::trace::Recorded;
use crate::visible::{self, Visible};
use crate::{Rule, pass, password};

/// Why an input is not a string of a rule.
///
/// The [`offset`](Error::offset) is exact: it is the length in bytes of the
/// longest prefix of the input that some string of the rule starts with, so
/// it points at the first byte that no string of the rule can have there, or
/// at the end of the input when the input stops too early. For
/// `http://host:8a/` and `httpurl` it is 13, the `a`; for `http:/` it is 6,
/// the end. It comes from the pass that rejected the input.
///
/// The rest is derived when first asked for, from the input the error
/// keeps: the [`position`](Error::position) (line and column), what was
/// expected at the offset and the productions open there
/// ([`expected`](Error::expected), [`path`](Error::path), by the same
/// grammar once more), and the [`hints`](Error::hints). An input longer
/// than a few kilobytes is not kept: its details are derived at once, and
/// only an excerpt around the offset stays.
///
/// # Showing an error
///
/// `Display` writes one line, fit for a log: the rule, the
/// [`message`](Error::message) and the position, its line and column
/// counted in the input the error is of (line 1 for a URL read alone: a
/// program that reads URLs line by line from a file writes its own line
/// number beside [`column`](Error::column) and the message, or has the
/// diagnostic count from it with
/// [`first_line`](crate::Diagnostic::first_line)). The alternate form
/// (`{:#}`) and [`diagnostic`](Error::diagnostic) write the compiler-style
/// diagnostic: the message, the location, the input line with a caret, the
/// production path, the production's definition and the hints, plain or in
/// colour. Every character of the input they show is shown as
/// [`crate::visible`] says, so that nothing of the input reaches a terminal
/// raw.
///
/// ```
/// let error = rfc1738::parse("http://host:8a/").unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     r#"not a valid httpurl: expected digit, "/" or end of input, found "a" at 1:14"#
/// );
/// let diagnostic = format!("{error:#}");
/// assert!(diagnostic.starts_with("error: not a valid httpurl: expected digit"));
/// assert!(diagnostic.contains("while matching httpurl › hostport › port › digits"));
/// ```
///
/// An error shows the input as it is, a password included, unless told
/// to [`hide_password`](Error::hide_password): then what it shows (both
/// forms, the [`message`](Error::message) and the [`hints`](Error::hints))
/// holds no character of what would be the password
/// ([`password_span`](Error::password_span)), nor of the passwords written
/// further in the line shown ([`authority_passwords`](crate::authority_passwords):
/// a second URL's, `http://x/a ftp://me:pw@host/`).
///
/// An `Error` owns what it keeps (it is `Send`, `Sync` and `'static`, so
/// that it can be stored, sent to another thread or boxed as a
/// `dyn std::error::Error`), and it is small: 40 bytes on 64-bit targets.
#[derive(Clone)]
#[non_exhaustive]
pub struct Error {
    rule: Rule,
    /// Whether scheme names were matched whatever their case.
    fold: bool,
    /// Whether the password is hidden from what the error shows.
    hidden: bool,
    /// The byte at the offset, when the input goes on with bytes that are
    /// not text ([`crate::check_bytes`]).
    byte: Option<u8>,
    offset: usize,
    /// The input, when it is short enough to keep (else empty): the one
    /// allocation of an error that nothing has asked about yet.
    input: Box<str>,
    /// What is derived from the input, on first access for a kept input, at
    /// once for a long one.
    details: OnceBox<Details>,
}

/// How long an input may be for the error to keep it whole: 4 KiB, more than
/// most software takes in a URL. A longer input's error keeps what it shows
/// at once, its excerpt (the characters any window of it may show, at most
/// four bytes each) among it.
const KEEP_LIMIT: usize = 4096;

/// What an error told as the password's expects
/// ([`Error::hide_password`]): what a password may hold, the items of its
/// production, `password = *[ uchar | ";" | "?" | "&" | "=" ]`, in its
/// order (checked against the grammar by a test).
const PASSWORD_EXPECTED: &[Expected] = PASSWORD_ENDED.split_last().expect("six items").1;

/// What an error told as the password's expects at the password's end,
/// where the character found is not the login's `@`: what a password may
/// hold, or the `@` that ends a login (a mistyped port, `ftp://h:2l/`,
/// whose `2l` a guess reads as a password, is told so as before).
const PASSWORD_ENDED: &[Expected] = &[
    Expected::Rule(Rule::Uchar),
    Expected::Literal(";"),
    Expected::Literal("?"),
    Expected::Literal("&"),
    Expected::Literal("="),
    Expected::Literal("@"),
];

/// What the error says beyond its position.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Details {
    /// What the grammar, read once more, recorded at the offset: what was
    /// expected, the open productions, where the authority they are in
    /// starts, what was read of a login.
    recorded: Recorded,
    /// What would be the password: guessed from what was read of a login on
    /// first use (at once for a long input).
    password: OnceLock<Option<Range<usize>>>,
    /// The passwords written in the lines that the hints read with the
    /// password hidden (up to [`KEEP_LIMIT`] bytes past the offset), the
    /// offset's among them (whether it lies in one), as
    /// the window finds them: on first use (at once for a long input,
    /// whose window takes its own from them).
    read_written: OnceLock<Vec<Range<usize>>>,
    /// The hints: derived on first use from the kept input, at once with the
    /// rest for a long one; the second list for the passwords hidden.
    hints: OnceLock<Vec<Hint>>,
    hints_hidden: OnceLock<Vec<Hint>>,
    /// What the error says with the passwords hidden when its offset lies
    /// past the first character of a password, its own or one written
    /// further in its line, up to its end: derived when first asked with
    /// the password hidden (at once for a long input); `None` when it lies
    /// in none.
    masked: OnceLock<Option<Box<Masked>>>,
    /// What the error keeps of a long input, which it does not keep whole.
    long: Option<Box<Long>>,
}

/// What an error whose offset lies past the first character of a password
/// (its own, or one written further in its line), up to its end, says with
/// the passwords hidden ([`Error::hide_password`]): what the grammar
/// expects at the offset of the input read with each character of a
/// password before the offset as a `*`, and the input ending there.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Masked {
    /// The password the offset lies in, a span of the input.
    span: Range<usize>,
    /// Whether the offset is that password's end and what stands there is
    /// shown: a character of no password, or the end.
    at_end: bool,
    /// What the diagnosing pass recorded at the offset of that reading:
    /// expected there (the character found at the password's end, which is
    /// shown, left out), the productions open there, where the authority
    /// they are in starts. When the reading stops before the offset (a `*`
    /// stood where the grammar reads something else), what a password may
    /// hold ([`PASSWORD_EXPECTED`]), under the rule and `password`, in the
    /// authority the grammar read it in: the error is told as the
    /// password's.
    expected: Vec<Expected>,
    path: Vec<Rule>,
    authority: Option<usize>,
}

/// What an error keeps of a long input.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Long {
    position: Position,
    found: Found,
    excerpt: Excerpt,
}

impl core::hash::Hash for Error {
    /// Hashes what equal errors share: the rule, the offset, the byte found
    /// and the kept input (none for a long one).
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (self.rule, self.fold, self.offset, self.byte, &self.input).hash(state);
    }
}

impl PartialEq for Error {
    /// Errors are equal when they are of the same input, rule and offset:
    /// everything else derives from those, derived yet or not (whether the
    /// password is hidden is how it is shown, not what it is). Of a long
    /// input (beyond about 4 KiB), which the error does not keep, what it
    /// keeps is compared instead: the position, what was found there, the
    /// excerpt around it and what was derived from the input; two long
    /// inputs that differ only beyond the excerpt give equal errors.
    fn eq(&self, other: &Error) -> bool {
        (self.rule, self.fold, self.offset, self.byte, &self.input)
            == (
                other.rule,
                other.fold,
                other.offset,
                other.byte,
                &other.input,
            )
            && (!self.input.is_empty() || self.details() == other.details())
    }
}

impl Eq for Error {}

/// The line of an input around an offset, as far as a diagnostic may show
/// it: every character of it that a window may take, before a window is
/// measured in it.
///
/// A window is measured in the columns its characters take shown, hidden
/// passwords' as `*` ([`Excerpt::shown`], [`Excerpt::hiding`]): 60 columns
/// of characters before the offset (escaped characters take their
/// escape's width, wide ones two, a hidden password's one each), the
/// character at the offset, the characters after it that take 60 columns,
/// and `…` where the line goes on beyond them: the same window wherever
/// the offset is in the line, as wide on a terminal whatever the line
/// holds, and, where a password is hidden, as many `*` for it whatever its
/// characters are. Every diagnostic shows one, an [`Error`]'s and a
/// [`lint`](crate::lint) warning's: every excerpt of an input is made
/// here, in size bounded by the window, not by the line. Only the
/// passwords written in the line after a `//` are read from the line's
/// start, in time linear in it: one may reach into the window from
/// anywhere before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Excerpt {
    /// The line as it is in the input, as far as a window may take it: the
    /// [`CONTEXT`] characters before the offset's, that one, and the
    /// [`CONTEXT`] after it, fewer where the line ends nearer (a character
    /// takes a column at least, shown or hidden); where it starts in the
    /// input, and the offset's byte in it.
    text: String,
    start: usize,
    at: usize,
    /// The passwords written in the line after a `//` that reach into
    /// `text`, as spans of the input (`password::written_over`): hidden
    /// with the input's own.
    written: Vec<Range<usize>>,
    /// Whether the line goes on before and after `text`.
    line_before: bool,
    line_after: bool,
}

/// An [`Excerpt`]'s window as shown.
pub(crate) struct Shown {
    /// Escaped, hidden passwords as `*`, and `…` where the line was cut.
    text: String,
    /// The byte span in `text` of the character at the offset: empty at
    /// the end of the input.
    caret: Range<usize>,
}

/// How many columns of the input line are shown before the error, and
/// after it.
const CONTEXT: usize = 60;

/// Where the last characters of `text` that take at most `columns` columns
/// start (`text.len()` when none does), the columns of a character as
/// `width` counts them from its byte offset in `text` and itself.
fn columns_back(text: &str, columns: usize, width: impl Fn(usize, char) -> usize) -> usize {
    let mut used = 0;
    let mut first = text.len();
    for (i, c) in text.char_indices().rev() {
        used += width(i, c);
        if used > columns {
            break;
        }
        first = i;
    }
    first
}

/// Where the first character of `text` (the offset's, shown whatever its
/// width) and the characters after it that take at most `columns` columns
/// end, the columns of a character as `width` counts them from its byte
/// offset in `text` and itself.
fn columns_on(text: &str, columns: usize, width: impl Fn(usize, char) -> usize) -> usize {
    let mut chars = text.char_indices();
    let Some((_, c)) = chars.next() else {
        return 0;
    };
    let mut end = c.len_utf8();
    let mut used = 0;
    for (i, c) in chars {
        used += width(i, c);
        if used > columns {
            break;
        }
        end = i + c.len_utf8();
    }
    end
}

/// How many columns the character `c` at byte `i` of an excerpt's text
/// takes shown: one, its `*`, when it starts within one of `hidden` (byte
/// spans of that text), whatever it is; else as [`visible::columns`]
/// counts it. The one measure of a window: what a window shows of a hidden
/// password depends on how many characters it has, never on which.
fn shown_columns(hidden: &[Range<usize>], i: usize, c: char) -> usize {
    if hidden.iter().any(|span| span.contains(&i)) {
        1
    } else {
        visible::columns(c)
    }
}

impl fmt::Debug for Error {
    /// The error's parts, details included (derived if they were not yet).
    /// A character found in a hidden password is written as hidden: a
    /// panic's message (`unwrap`) and a log show `Debug`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut fields = f.debug_struct("Error");
        fields
            .field("rule", &self.rule)
            .field("offset", &self.offset)
            .field("line", &self.line())
            .field("column", &self.column())
            .field("path", &self.path())
            .field("expected", &self.expected());
        if self.hides_found(self.details()) {
            fields.field("found", &format_args!("Hidden"));
        } else {
            fields.field("found", &self.found());
        }
        fields.field("hints", &self.hints()).finish()
    }
}

impl fmt::Display for Error {
    /// One line: `not a valid httpurl: expected digit, "/" or end of input,
    /// found "a" at 1:14`. The alternate form, `{:#}`, is the whole
    /// diagnostic, plain ([`Error::diagnostic`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return fmt::Display::fmt(&self.diagnostic(), f);
        }
        // Written whole, then handed on at once: a `String` that
        // `to_string` or a logger formats into grows once, not at every
        // piece.
        let mut line = String::with_capacity(160);
        line.push_str("not a valid ");
        line.push_str(self.rule.name());
        line.push_str(": ");
        // Writing to a String does not fail.
        let _ = self.write_message(&mut line);
        let _ = write!(line, " at {}", self.position());
        f.write_str(&line)
    }
}

impl std::error::Error for Error {}

/// With the `serde` feature, an [`Error`] is written as a map of what its
/// accessors say, the members of the command line's JSON `error` record
/// under the same names, with the rule and the path: `rule` (its name),
/// `offset`, `line`, `column`, `path` (the rules' names), `expected` (each
/// item's `Display`), `found`, `message` and `hints` (each hint's
/// `Display`). `found` is a [`Found`]'s own form (`{"char": "a"}`,
/// `{"byte": 255}`, `"end-of-input"`), where the command line writes the
/// character alone or `null`; and, in a password the error hides,
/// `"hidden"`.
///
/// An error told to [`hide_password`](Error::hide_password) is written
/// hidden as `Display` and [`message`](Error::message) show it: the
/// message, the hints, the path and what was expected are those it then
/// gives, and a character found in the password is `"hidden"`. The
/// offset, line and column stay, as the caret's column does. There is no
/// way back: an error is derived from an input.
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl serde::Serialize for Error {
    /// A map: `{"rule", "offset", "line", "column", "path", "expected",
    /// "found", "message", "hints"}`.
    ///
    /// ```
    /// use serde_json::json;
    ///
    /// let error = rfc1738::parse("http://host:8a/").unwrap_err();
    /// assert_eq!(
    ///     serde_json::to_value(&error).unwrap(),
    ///     json!({
    ///         "rule": "httpurl",
    ///         "offset": 13,
    ///         "line": 1,
    ///         "column": 14,
    ///         "path": ["httpurl", "hostport", "port", "digits"],
    ///         "expected": ["digit", "\"/\"", "end of input"],
    ///         "found": {"char": "a"},
    ///         "message": "expected digit, \"/\" or end of input, found \"a\"",
    ///         "hints": ["a port is a decimal number, of digits only (RFC 1738, section 3.1)"],
    ///     })
    /// );
    /// // Hidden, the password is nowhere in it.
    /// let error = rfc1738::parse("ftp://me:QZ JX@host/").unwrap_err().password_hidden();
    /// let json = serde_json::to_value(&error).unwrap();
    /// assert_eq!(json["found"], "hidden");
    /// assert_eq!(json["message"], error.message());
    /// assert!(!json.to_string().contains(['Q', 'Z', 'J', 'X']), "{json}");
    /// ```
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;

        /// The character found, or `"hidden"` in a hidden password.
        struct Shown(Option<Found>);

        impl serde::Serialize for Shown {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                match self.0 {
                    Some(found) => found.serialize(serializer),
                    None => serializer.serialize_unit_variant("Found", 3, "hidden"),
                }
            }
        }

        let position = self.position();
        let found = Shown((!self.hides_found(self.details())).then(|| self.found()));
        let mut record = serializer.serialize_struct("Error", 9)?;
        record.serialize_field("rule", &self.rule)?;
        record.serialize_field("offset", &self.offset)?;
        record.serialize_field("line", &position.line())?;
        record.serialize_field("column", &position.column())?;
        record.serialize_field("path", self.path())?;
        record.serialize_field("expected", self.expected())?;
        record.serialize_field("found", &found)?;
        record.serialize_field("message", &self.message())?;
        record.serialize_field("hints", self.hints())?;
        record.end()
    }
}

impl Error {
    /// The error of `rule` over `input`, which a pass rejected having reached
    /// `offset` (a char boundary: every position the grammar reaches ends
    /// ASCII bytes it matched). `byte` is the byte that stands there when
    /// the input goes on with bytes that are not text.
    ///
    /// Inlined into each scheme rule's pass, so that the error is written
    /// where `parse` returns it (`benches/README.md`, "The error's cells and
    /// its input"); a long input's details are derived out of line.
    #[inline(always)]
    pub(crate) fn new(
        rule: Rule,
        input: &str,
        offset: usize,
        byte: Option<u8>,
        fold: bool,
    ) -> Error {
        let offset = offset.min(input.len());
        let kept = input.len() <= KEEP_LIMIT;
        let error = Error {
            rule,
            fold,
            hidden: false,
            byte,
            offset,
            input: if kept {
                Box::from(input)
            } else {
                Box::default()
            },
            details: OnceBox::new(),
        };
        if !kept {
            let _ = error.details.set(error.derive_long(input));
        }
        error
    }

    /// The details of the error in a long `input`, which it does not keep:
    /// everything that needs the input, at once.
    #[cold]
    fn derive_long(&self, input: &str) -> Box<Details> {
        let mut details = self.derive(input);
        let found = found_in(input, self.offset, self.byte);
        let password =
            password::guessed(self.rule, input, self.offset, &details.recorded.credentials);
        // The passwords of the lines the hints read, from which the
        // window takes those that reach into it: the lines are read once.
        let read_end = hints_end(input, self.offset);
        let written = password::written_over(input, 0..read_end, password.as_ref());
        let excerpt = Excerpt::with_passwords(input, self.offset, |window| {
            (written.iter())
                .filter(|span| span.end > window.start && span.start < window.end)
                .cloned()
                .collect()
        });
        let _ = details.read_written.set(written);
        let _ = details.password.set(password);
        let masked = self.derive_masked(input, &details);
        let _ = details.masked.set(masked);
        let _ = details.hints.set(self.derive_hints(input, &details, false));
        let _ = details
            .hints_hidden
            .set(self.derive_hints(input, &details, true));
        details.long = Some(Box::new(Long {
            position: Position::of(input, self.offset),
            found,
            excerpt,
        }));
        details
    }

    /// The rule the input was matched against.
    ///
    /// ```
    /// use rfc1738::Rule;
    /// // `parse` chooses the scheme rule by the scheme name.
    /// assert_eq!(rfc1738::parse("ftp://h/%zz").unwrap_err().rule(), Rule::Ftpurl);
    /// assert_eq!(rfc1738::parse_rule(Rule::Port, "8a").unwrap_err().rule(), Rule::Port);
    /// ```
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The byte offset of the error (see the type's documentation).
    ///
    /// ```
    /// let input = "http://host:8a/";
    /// let error = rfc1738::parse(input).unwrap_err();
    /// assert_eq!(error.offset(), 13);
    /// assert_eq!(&input[error.offset()..], "a/");
    /// // Too short: the offset is the end of the input.
    /// assert_eq!(rfc1738::parse("http:/").unwrap_err().offset(), 6);
    /// ```
    #[must_use]
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The line and column of the offset ([`Position`]).
    ///
    /// ```
    /// let error = rfc1738::parse_rule(rfc1738::Rule::Url, "x:a\nb").unwrap_err();
    /// assert_eq!(error.position().to_string(), "1:4");
    /// ```
    #[must_use]
    pub fn position(&self) -> Position {
        match self.long() {
            Some(long) => long.position,
            None => Position::from(&self.located()),
        }
    }

    /// The nom_locate span of the failure point: the input from the
    /// offset on, with its [offset](nom_locate::LocatedSpan::location_offset),
    /// [line](nom_locate::LocatedSpan::location_line) and
    /// [column](nom_locate::LocatedSpan::get_utf8_column), which
    /// [`position`](Error::position) is. `None` when the input the error
    /// would keep is longer than 4 KiB, as it then keeps none (a caller
    /// holding a `&str` input makes the same span with
    /// `LocatedSpan::new(input).take_from(error.offset())`), and once the
    /// error is told to [`hide_password`](Error::hide_password): a span is
    /// the input as given, a password included. The input of
    /// [`check_bytes`](crate::check_bytes) is kept as the error shows it:
    /// each byte that is not text a U+FFFD (three bytes), all of them after
    /// the offset, so that a short input of many such bytes may keep none.
    ///
    /// ```
    /// let error = rfc1738::parse("http://host:8a/").unwrap_err();
    /// let span = error.span().unwrap();
    /// assert_eq!(*span.fragment(), "a/");
    /// assert_eq!(span.location_offset(), error.offset());
    /// assert_eq!((span.location_line(), span.get_utf8_column()), (1, 14));
    /// assert_eq!(span.get_line_beginning(), b"http://host:8a/");
    /// ```
    #[must_use]
    pub fn span(&self) -> Option<LocatedSpan<&str>> {
        (self.long().is_none() && !self.hidden).then(|| self.located())
    }

    /// The nom_locate span of the failure point in the kept input (empty
    /// for a long one).
    fn located(&self) -> LocatedSpan<&str> {
        // The offset is a char boundary of the input (`Error::new`); were
        // it not, the span starts at the character it is in, as
        // `Position::of` counts.
        LocatedSpan::new(&*self.input).take_from(floor_boundary(&self.input, self.offset))
    }

    /// The 1-based line of the offset.
    ///
    /// ```
    /// let error = rfc1738::parse_rule(rfc1738::Rule::Url, "x:a\nb").unwrap_err();
    /// assert_eq!(error.line(), 1);
    /// ```
    #[must_use]
    pub fn line(&self) -> usize {
        self.position().line()
    }

    /// The 1-based column of the offset, in characters.
    ///
    /// ```
    /// // `é` is two bytes and one character.
    /// let error = rfc1738::parse("ftp://h/é").unwrap_err();
    /// assert_eq!((error.offset(), error.column()), (8, 9));
    /// ```
    #[must_use]
    pub fn column(&self) -> usize {
        self.position().column()
    }

    /// What the error keeps of a long input, if the input was long.
    fn long(&self) -> Option<&Long> {
        self.details
            .get()
            .and_then(|details| details.long.as_deref())
    }

    /// The productions that were being matched at the offset, from the rule
    /// down to the innermost one that expected something there. Where
    /// several readings reached the offset, it is the path of the first
    /// item of [`expected`](Error::expected): the others may have been
    /// expected in other productions. It is never empty: where the rule
    /// had matched up to the offset and only the end of the input could
    /// come, it is the rule alone.
    ///
    /// ```
    /// use rfc1738::{Expected, Rule};
    /// let error = rfc1738::parse("http://host:8a/").unwrap_err();
    /// assert_eq!(error.path(), [Rule::Httpurl, Rule::Hostport, Rule::Port, Rule::Digits]);
    /// // A telnet URL ends after its "/": nothing but the end could follow.
    /// let error = rfc1738::parse("telnet://h/x").unwrap_err();
    /// assert_eq!((error.path(), error.expected()), ([Rule::Telneturl].as_slice(), [Expected::EndOfInput].as_slice()));
    /// // `1.2.3` goes on as a hostname (`1.2.3-a.b`) or as a hostnumber
    /// // (`1.2.3.4`): the path is the hostname's, whose `alphadigit` comes
    /// // first; the `digit` is the hostnumber's.
    /// let error = rfc1738::parse("http://1.2.3/").unwrap_err();
    /// assert_eq!(error.path().last(), Some(&Rule::Domainlabel));
    /// assert_eq!(error.expected()[0], Expected::Rule(Rule::Alphadigit));
    /// assert!(error.expected().contains(&Expected::Rule(Rule::Digit)));
    /// ```
    ///
    /// With the password hidden, an error past a password's first
    /// character, up to its end, has the path read with the passwords'
    /// characters before the offset as `*`s (the rule, then `password`,
    /// where that reading stops before the offset; see
    /// [`hide_password`](Error::hide_password)).
    #[must_use]
    pub fn path(&self) -> &[Rule] {
        let details = self.details();
        if let Some(masked) = self.told_masked(details) {
            return &masked.path;
        }
        details.recorded.path.rules()
    }

    /// Everything that could have continued a string of the rule at the
    /// offset, in the order the grammar tried them.
    ///
    /// ```
    /// use rfc1738::{Expected, Rule};
    /// let error = rfc1738::parse("http://host:8a/").unwrap_err();
    /// assert_eq!(
    ///     error.expected(),
    ///     [Expected::Rule(Rule::Digit), Expected::Literal("/"), Expected::EndOfInput]
    /// );
    /// ```
    ///
    /// With the password hidden, an error past a password's first
    /// character, up to its end, expects what is expected after the
    /// passwords' characters before the offset read as `*`s (what a
    /// password may hold, where that reading stops before the offset; see
    /// [`hide_password`](Error::hide_password)).
    #[must_use]
    pub fn expected(&self) -> &[Expected] {
        let details = self.details();
        if let Some(masked) = self.told_masked(details) {
            return &masked.expected;
        }
        details.recorded.expected.as_slice()
    }

    /// What stands at the offset, hidden password or not.
    ///
    /// ```
    /// use rfc1738::Found;
    /// assert_eq!(rfc1738::parse("http://h:8a/").unwrap_err().found(), Found::Char('a'));
    /// assert_eq!(rfc1738::parse("http:/").unwrap_err().found(), Found::EndOfInput);
    /// let error = rfc1738::check_bytes(None, b"http://h/\xff").unwrap_err();
    /// assert_eq!(error.found(), Found::Byte(0xFF));
    /// ```
    #[must_use]
    pub fn found(&self) -> Found {
        match self.long() {
            Some(long) => long.found,
            None => found_in(&self.input, self.offset, self.byte),
        }
    }

    /// What the usual mistakes behind this error are and what to write
    /// instead, each citing its section of RFC 1738; often none. With the
    /// password hidden, a hint that would quote the character found in it
    /// says what to encode in a password instead.
    ///
    /// ```
    /// let error = rfc1738::parse("http://user@host/").unwrap_err();
    /// let hints = error.hints();
    /// assert_eq!(hints.len(), 1);
    /// assert_eq!(hints[0].section(), "3.3");
    /// assert!(rfc1738::parse("http:/").unwrap_err().hints().is_empty());
    /// ```
    #[must_use]
    pub fn hints(&self) -> &[Hint] {
        let details = self.details();
        // Hidden, they read no password the line shows, wherever the
        // offset is: a hint reads the line past it (D22).
        let hints = match self.hidden {
            true => &details.hints_hidden,
            false => &details.hints,
        };
        hints.get_or_init(|| self.derive_hints(&self.input, details, self.hidden))
    }

    /// The byte span of what would be the password, if the input looks as
    /// if it had one. An input of [`Rule::Password`] is one whole, rejected
    /// as a valid one is (`se/cret`: a `/` typed into it ends none of it).
    /// Another input has no tree to read it from, so the span is guessed,
    /// conservatively, from what the pass that rejected it read:
    ///
    /// 1. The authority starts where the pass first read a `login`, a
    ///    `hostport` or a `host` (or, as the rule checked, one of a login's
    ///    parts: `user`, `hostname`, `hostnumber`, `domainlabel`,
    ///    `toplabel`, `port`), or after the `//` that starts a
    ///    `schemepart`; failing that, where a `password` being read at the
    ///    offset starts (a string of `password` itself). When the pass read
    ///    none of these, or a `schemepart` without `//`, it stopped before
    ///    any login (text around the URL, a mistyped `//`, another
    ///    production's input): the authority starts after the `:` and `/`s
    ///    that end the name of a scheme of section 3 whose URLs have one
    ///    (`ftp:/me:pw@host/`, whatever `//` follows), or else after the
    ///    first `//` of the input; an input with neither
    ///    (`mailto:me:pw@host x`) has none.
    /// 2. It ends at the first `/` after its start; but a `/` typed into a
    ///    password may have ended it early, and if an `@` follows, the
    ///    authority ends at the first `/` after that `@` instead: when a
    ///    user or password was being read at the offset, and the offset is
    ///    not past the first `/` (the `@` is looked for after the offset),
    ///    or when what stands before the first `/` has a `:` that no port
    ///    (digits) follows, after its last `@` if it has one
    ///    (`http://root:hunter2/x@host/`, `ftp://me@mail.com:hun/ter2@host/`),
    ///    or ends with an `@` after a `:`, no host after it
    ///    (`ftp://me:hun@/ter2@host/`); and so on from that `/`.
    /// 3. The password is what stands between the first `:` and the last
    ///    `@` of the authority; without such a pair, when a password was
    ///    being read at the offset, it runs from where that password starts
    ///    to the end of the authority, and so it does from after the first
    ///    `:` of an other scheme's part (read as characters, no login)
    ///    when the offset lies after that `:` (`x://me:sec ret/`).
    ///
    /// ```
    /// let error = rfc1738::parse("ftp://admin:p@ssw0rd@host/").unwrap_err();
    /// assert_eq!(error.password_span(), Some(12..20));
    /// let error = rfc1738::parse("telnet://root:hunter2/x@host/").unwrap_err();
    /// assert_eq!(error.password_span(), Some(14..23));
    /// assert_eq!(rfc1738::parse("http://host:8a/").unwrap_err().password_span(), None);
    /// let error = rfc1738::parse("http://root:hunter2/x@host/").unwrap_err();
    /// assert_eq!(error.password_span(), Some(12..21));
    /// let error = rfc1738::parse(" ftp://me:secret@host/").unwrap_err();
    /// assert_eq!(error.password_span(), Some(10..16));
    /// ```
    #[must_use]
    pub fn password_span(&self) -> Option<Range<usize>> {
        self.password(self.details()).cloned()
    }

    /// What would be the password, guessed on first use from the kept
    /// input.
    fn password<'a>(&self, details: &'a Details) -> Option<&'a Range<usize>> {
        details
            .password
            .get_or_init(|| {
                password::guessed(
                    self.rule,
                    &self.input,
                    self.offset,
                    &details.recorded.credentials,
                )
            })
            .as_ref()
    }

    /// Hides the password ([`password_span`](Error::password_span)) from
    /// what the error shows: `Display` in both forms,
    /// [`diagnostic`](Error::diagnostic), [`message`](Error::message) and
    /// [`hints`](Error::hints); and with it every password written further
    /// in the lines it shows or reads, after a `//`
    /// ([`authority_passwords`](crate::authority_passwords), read from the
    /// line's start, so that one whose `//` lies before the excerpt is
    /// hidden too) or in what the line decodes to
    /// ([`decoded_passwords`](crate::decoded_passwords)): those
    /// [`passwords_around`](crate::passwords_around) finds. Each of their
    /// characters is rendered as `*` (so that the caret and the column stay
    /// right), and a character found in one is named only as a character of
    /// the password, in `Debug` too.
    ///
    /// What was expected at an offset past a password's first character,
    /// up to its end, depends on its characters before it (a hex digit
    /// after a `%`). So an error there, in the input's own password or in
    /// one written further in the line, says what it would say of the text
    /// before the offset with each character of a password there written as
    /// `*` (a `uchar`, which a password may hold wherever it stands),
    /// ending at the offset: what is expected there
    /// ([`expected`](Error::expected)) and the productions open there
    /// ([`path`](Error::path)) are read once more over that text, when
    /// first asked with the password hidden. `ftp://me:a%"b@host/` expected
    /// a hex digit and `ftp://me:ab"b@host/` a `uchar` or the `@`; both
    /// expect what a password may hold or the `@`, under `ftpurl › login ›
    /// password`. At the password's end, where what was found is shown, it
    /// is not listed as expected (a character of another password found
    /// there is hidden, and counts for nothing, as within the password); no
    /// literal is written as a rest begun before the offset (none holds a
    /// `*`).
    ///
    /// Where that reading stops before the offset (the `*`s stand where the
    /// grammar reads a port's digits: `http://me:1%"@h/`, a scheme without
    /// a login; `ftp://%2F@h:1a%40/`, whose decoded `//` reads the port as a
    /// password), the error is told as the password's: it expects what a
    /// password may hold, the items of the `password` production (and the
    /// login's `@`, at the password's end where something else was found),
    /// and its path is the rule, then `password`, whose definition the
    /// diagnostic quotes.
    ///
    /// The hints of such an error say what a password must encode, without
    /// reading it, or, in a scheme that allows no login (`http://me:1%"@h/`),
    /// that it allows none (at the password's end, where what was found is not the
    /// login's `@`, they are those of the character found, a mistyped
    /// port's). With the password hidden, every hint reads the input with
    /// the characters of every password in the lines it reads as `*`s.
    ///
    /// So what the error says, its `Debug` too, depends on the characters
    /// of the passwords only as far as the caret's column shows, and not on
    /// which password a character is taken for. [`found`](Error::found) and
    /// the offset stay as they are: they are data, not display.
    ///
    /// ```
    /// let mut error = rfc1738::parse("ftp://me:a%\"b@host/").unwrap_err();
    /// assert_eq!(error.message(), r#"expected hex, found "\"""#);
    /// error.hide_password();
    /// assert_eq!(
    ///     error.message(),
    ///     r#"expected uchar, ";", "?", "&", "=" or "@", found a character of the password (hidden)"#
    /// );
    /// assert!(format!("{error:#}").contains("ftp://me:****@host/"));
    /// assert_eq!(error.path_display(), "ftpurl › login › password");
    /// // At the password's end: "expected hex" would tell that it ends
    /// // with a "%".
    /// let mut error = rfc1738::parse("ftp://me:ab%@host/").unwrap_err();
    /// error.hide_password();
    /// assert_eq!(error.message(), r#"expected uchar, ";", "?", "&" or "=", found "@""#);
    /// // A second URL's password, on the same line.
    /// let mut error = rfc1738::parse("http://h/a ftp://me:pw@h/").unwrap_err();
    /// error.hide_password();
    /// assert!(format!("{error:#}").contains("http://h/a ftp://me:**@h/"));
    /// // A password in the path: told what may follow as many `*`s.
    /// let mut error = rfc1738::parse("http://h/a//me:p%\"w@h/").unwrap_err();
    /// assert_eq!(error.message(), r#"expected hex, found "\"""#);
    /// error.hide_password();
    /// assert_eq!(
    ///     error.message(),
    ///     r#"expected uchar, ";", ":", "@", "&", "=", "/", "?" or end of input, found a character of the password (hidden)"#
    /// );
    /// assert_eq!(error.path_display(), "httpurl › hpath › hsegment");
    /// // Read as a port: told as the password's.
    /// let mut error = rfc1738::parse("http://me:1%\"@h/").unwrap_err();
    /// error.hide_password();
    /// assert_eq!(error.path_display(), "httpurl › password");
    /// ```
    pub fn hide_password(&mut self) {
        self.hidden = true;
    }

    /// The error with its password hidden ([`hide_password`](Error::hide_password)),
    /// by value: for a `map_err` chain, where there is no `mut` binding.
    ///
    /// ```
    /// use rfc1738::{Error, UrlBuf};
    ///
    /// fn keep(s: &str) -> Result<UrlBuf, Error> {
    ///     let url = UrlBuf::parse(s).map_err(Error::password_hidden)?;
    ///     Ok(url)
    /// }
    /// let error = keep("ftp://me:hunter2@host.dom:21a/").unwrap_err();
    /// assert!(!format!("{error} {error:#} {error:?}").contains("hunter2"));
    /// assert_eq!(error, rfc1738::parse("ftp://me:hunter2@host.dom:21a/").unwrap_err());
    /// ```
    #[must_use]
    pub fn password_hidden(mut self) -> Self {
        self.hide_password();
        self
    }

    /// Whether [`hide_password`](Error::hide_password) was called.
    pub(crate) fn hides_password(&self) -> bool {
        self.hidden
    }

    /// Whether the character found, or the byte, continues what would be
    /// the password, or lies in a password written further in the line
    /// (`//me:pw@host`, a second URL's).
    fn found_in_password(&self, details: &Details) -> bool {
        let own = self.password(details);
        let in_own = own.is_some_and(|password| {
            password.contains(&self.offset) || (self.byte.is_some() && password.end == self.offset)
        });
        let offset = self.offset;
        in_own || (self.read_written(details).iter()).any(|span| span.contains(&offset))
    }

    /// Whether what stands at the offset is hidden.
    fn hides_found(&self, details: &Details) -> bool {
        self.hidden && self.found_in_password(details)
    }

    /// Of the passwords the error hides, its own (what would be the
    /// password) first, then those written further in its line, the one
    /// the offset lies past the first character of, up to its end: there,
    /// what the grammar expected, in which productions, and the hints read
    /// that password's characters before the offset (`ftp://me:a%"b@h/`
    /// expects a hex digit, `ftp://me:ab"b@h/` a uchar or the `@`;
    /// `ftp://me:ab%@h/` a hex digit at the `@`).
    fn read_password(&self, details: &Details) -> Option<Range<usize>> {
        let offset = self.offset;
        let past = |span: &&Range<usize>| span.start < offset && offset <= span.end;
        (self.password(details).filter(past))
            .or_else(|| self.read_written(details).iter().find(past))
            .cloned()
    }

    /// The passwords written in the lines the hints read with the password
    /// hidden ([`Details::read_written`]): found on first use (at once for
    /// a long input).
    fn read_written<'a>(&self, details: &'a Details) -> &'a [Range<usize>] {
        details.read_written.get_or_init(|| {
            let end = hints_end(&self.input, self.offset);
            password::written_over(&self.input, 0..end, self.password(details))
        })
    }

    /// What the error says with the passwords hidden, where the offset lies
    /// past the first character of a password, up to its end; `None` when
    /// it is shown.
    fn told_masked<'a>(&self, details: &'a Details) -> Option<&'a Masked> {
        match self.hidden {
            true => self.masked(details),
            false => None,
        }
    }

    /// [`told_masked`](Self::told_masked) whether the password is hidden or
    /// not: derived on first use from the kept input (at once for a long
    /// one).
    fn masked<'a>(&self, details: &'a Details) -> Option<&'a Masked> {
        (details.masked)
            .get_or_init(|| self.derive_masked(&self.input, details))
            .as_deref()
    }

    /// What the error in `input` says with the passwords hidden, where the
    /// offset lies past the first character of a password, up to its end
    /// ([`read_password`](Self::read_password)): what the diagnosing pass
    /// records at the end of the text before the offset with each
    /// character of a password there as a `*` (a `uchar`, as a password
    /// may hold anywhere). What follows the offset does not count: the
    /// character found is hidden, or, at the password's end, shown. Where
    /// that reading stops before the offset, it is told as the password's.
    ///
    /// Every password before the offset is read so, whichever the offset
    /// lies in: what is read depends on which characters are hidden, not
    /// on what they are, nor on which password a guess takes them for (an
    /// `@` that ends the guessed own password may be hidden as a decoded
    /// one's, fuzz finding 12).
    #[cold]
    fn derive_masked(&self, input: &str, details: &Details) -> Option<Box<Masked>> {
        let span = self.read_password(details)?;
        let offset = self.offset;
        // One `*` a byte keeps every position. The spans start at char
        // boundaries, and the offset is one (`Error::new`).
        let own = self.password(details).cloned();
        let spans = (own.into_iter())
            .chain(self.read_written(details).iter().cloned())
            .map(|span| span.start.min(offset)..span.end.min(offset));
        let text = password::starred(&self.read(input)[..offset], spans);
        let mut recorded = Recorded::new();
        pass::diagnose(self.rule, &text, self.fold, offset, &mut recorded);
        // At the password's end the character found is shown, unless it
        // is another password's (`ftp://%2F:a@@:b@1%40/`, whose guess ends
        // at the second `@` or the third as the character after it is one:
        // it lies in the password the decoded `//` starts). A hidden one
        // counts for nothing, as within the password.
        let found = found_in(input, offset, self.byte);
        let at_end = offset == span.end && !self.found_in_password(details);
        let mut expected = recorded.expected.as_slice().to_vec();
        if expected.is_empty() {
            // Nothing reached the offset: a `*` stood where the grammar
            // reads something else (`http://me:1%"@h/`, whose `1` a port
            // reads; `ftp://%2F@h:1a%40/`, whose decoded `//` reads the
            // port `1a` as a password). Told as the password's, the `@`
            // listed at its end where something else was found; in the
            // authority the grammar read it in, where that starts before
            // the password (the hints read the authority, starred).
            let items = match at_end && found != Found::Char('@') {
                true => PASSWORD_ENDED,
                false => PASSWORD_EXPECTED,
            };
            let alone = usize::from(self.rule == Rule::Password);
            let authority = (details.recorded.authority).filter(|&at| at <= span.start);
            return Some(Box::new(Masked {
                span,
                at_end,
                expected: items.to_vec(),
                path: [self.rule, Rule::Password][alone..].to_vec(),
                authority,
            }));
        }
        // What was found at the end is not listed as expected there.
        if at_end {
            expected.retain(|item| match (item, found) {
                (Expected::Literal(literal), Found::Char(c)) => !literal.chars().eq([c]),
                (Expected::EndOfInput, Found::EndOfInput) => false,
                _ => true,
            });
        }
        Some(Box::new(Masked {
            span,
            at_end,
            expected,
            path: recorded.path.rules().to_vec(),
            authority: recorded.authority,
        }))
    }

    /// The details: derived on the first call for a kept input.
    fn details(&self) -> &Details {
        self.details.get_or_init(|| self.derive(&self.input))
    }

    /// The details of this error in `input`, the input it was found in: the
    /// grammar read once more, recording at the offset, in place.
    #[cold]
    fn derive(&self, input: &str) -> Box<Details> {
        // Allocated first, then written: the details are written in place,
        // not built beside it and copied in.
        let mut details = Box::write(
            Box::new_uninit(),
            Details {
                recorded: Recorded::new(),
                password: OnceLock::new(),
                read_written: OnceLock::new(),
                hints: OnceLock::new(),
                hints_hidden: OnceLock::new(),
                masked: OnceLock::new(),
                long: None,
            },
        );
        pass::diagnose(
            self.rule,
            self.read(input),
            self.fold,
            self.offset,
            &mut details.recorded,
        );
        details
    }

    /// The hints of this error in `input`; with `hide`, those of the error
    /// with the password hidden: none quotes the character found in a
    /// password, nor reads a password's characters (the error is then told
    /// with the passwords before the offset read as `*`s, its path and
    /// expected set too, where the offset lies in one).
    #[cold]
    fn derive_hints(&self, input: &str, details: &Details, hide: bool) -> Vec<Hint> {
        let masked = hide.then(|| self.masked(details)).flatten();
        let found = found_in(input, self.offset, self.byte);
        let recorded = &details.recorded;
        let (path, expected, authority) = match masked {
            Some(masked) => (
                masked.path.as_slice(),
                masked.expected.as_slice(),
                masked.authority,
            ),
            None => (
                recorded.path.rules(),
                recorded.expected.as_slice(),
                recorded.authority,
            ),
        };
        // At the end of the password the offset lies in, what was found
        // there, not the login's `@`, may be another part's (a mistyped
        // port's, `ftp://h:2l/`): its hints read it, and the `*`s before.
        let ended = masked.is_some_and(|masked| masked.at_end && found != Found::Char('@'));
        let read = self.hints_read(input, details, hide);
        hint::hints(&hint::Context {
            rule: self.rule,
            input: self.read(&read),
            offset: self.offset,
            found,
            found_in_password: hide
                && (self.found_in_password(details) || (masked.is_some() && !ended)),
            path,
            expected,
            authority,
            fold: self.fold,
        })
    }

    /// The text the hints of this error in `input` read. Hidden (`hide`),
    /// the input with the characters of every password it shows hidden as
    /// `*`s: its own, and every other written in the lines read
    /// ([`password::written_over`], as the diagnostic's window finds them).
    /// A hint reads the line beyond the offset (D22), and must not tell
    /// what a password holds (`file://\x1a:a/b@h` would get the hint about
    /// `file:///` or not as the password holds a `/`; `gopher://%2F:1@h*h:1%40`
    /// that a gopher URL allows no user name or not as the password its
    /// decoded `//` starts holds an `@`). It is read so up to `KEEP_LIMIT`
    /// bytes past the offset: a bounded copy, not one of a long input (an
    /// `extract` hit of megabytes, a password that runs to its end).
    fn hints_read<'a>(&self, input: &'a str, details: &Details, hide: bool) -> Cow<'a, str> {
        if !hide {
            return Cow::Borrowed(input);
        }
        let end = hints_end(input, self.offset);
        let own = self.password(details).filter(|own| !own.is_empty());
        let written = self.read_written(details);
        if own.is_none() && written.is_empty() {
            return Cow::Borrowed(input);
        }
        // Spans of whole characters, cut at a char boundary.
        let spans = (own.cloned().into_iter())
            .chain(written.iter().cloned())
            .map(|span| span.start.min(end)..span.end.min(end));
        Cow::Owned(password::starred(&input[..end], spans))
    }

    /// The text of `input` the grammar read: all of it, or, when bytes that
    /// are not text follow it ([`crate::check_bytes`]), the text before
    /// them, which ends at the offset. The rest is only shown.
    fn read<'a>(&self, input: &'a str) -> &'a str {
        match self.byte {
            Some(_) => input.get(..self.offset).unwrap_or(input),
            None => input,
        }
    }

    /// The excerpt to render: the long input's, or one of the kept input.
    fn excerpt(&self) -> Cow<'_, Excerpt> {
        match self.long() {
            Some(long) => Cow::Borrowed(&long.excerpt),
            None => Cow::Owned(Excerpt::new(
                &self.input,
                self.offset,
                self.password(self.details()),
            )),
        }
    }

    /// The text of the offset's line before it, as far as the error keeps
    /// it (a long input's excerpt: the [`CONTEXT`] characters before the
    /// offset, fewer where the line starts nearer), for writing a literal
    /// begun there as its rest; none for an error told with a password's
    /// characters read as `*`s.
    fn before(&self) -> &str {
        // Told with the passwords hidden in one, the text is read with a
        // `*` before the offset, which begins no literal: none is written
        // as its rest, which would tell how the password ends (`;ty` of
        // `";type="`).
        if self.told_masked(self.details()).is_some() {
            return "";
        }
        match self.long() {
            Some(long) => long.excerpt.text.get(..long.excerpt.at).unwrap_or_default(),
            None => self.input.get(..self.offset).unwrap_or_default(),
        }
    }

    /// The error in one line, without the rule and the position:
    /// `expected digit, "/" or end of input, found "a"` (with the password
    /// hidden and the character found in it, `found a character of the
    /// password (hidden)`; past its first character, or a further
    /// password's, what is expected does not read it, see
    /// [`hide_password`](Error::hide_password)). A
    /// literal the input began before the offset is written as its rest,
    /// which [`expected`](Error::expected) does not change.
    ///
    /// ```
    /// let error = rfc1738::parse("http://host:8a/").unwrap_err();
    /// assert_eq!(error.message(), r#"expected digit, "/" or end of input, found "a""#);
    /// let error = rfc1738::parse("http:/host/").unwrap_err();
    /// assert_eq!(error.message(), r#"expected "/" (to complete "http://"), found "h""#);
    /// assert_eq!(error.expected(), [rfc1738::Expected::Literal("http://")]);
    /// let error = rfc1738::check_bytes(None, b"http://host/\xff").unwrap_err();
    /// assert_eq!(
    ///     error.message(),
    ///     r#"expected uchar, ";", ":", "@", "&", "=", "/", "?" or end of input, found byte 0xFF"#
    /// );
    /// ```
    #[must_use]
    pub fn message(&self) -> String {
        let mut message = String::with_capacity(128);
        // Writing to a String does not fail.
        let _ = self.write_message(&mut message);
        message
    }

    /// Writes [`message`](Error::message) to `out`.
    fn write_message(&self, out: &mut impl fmt::Write) -> fmt::Result {
        out.write_str("expected ")?;
        write_list(out, self.expected(), self.before(), usize::MAX)?;
        out.write_str(", found ")?;
        if self.hides_found(self.details()) {
            out.write_str("a character of the password (hidden)")
        } else {
            self.found().write_to(out)
        }
    }

    /// The production path written `httpurl › hostport › port`.
    ///
    /// ```
    /// let error = rfc1738::parse("http://host:8a/").unwrap_err();
    /// assert_eq!(error.path_display(), "httpurl › hostport › port › digits");
    /// ```
    #[must_use]
    pub fn path_display(&self) -> String {
        let mut path = String::with_capacity(64);
        self.write_path(&mut path);
        path
    }

    /// Writes [`path_display`](Error::path_display) at the end of `out`.
    fn write_path(&self, out: &mut String) {
        for (i, rule) in self.path().iter().enumerate() {
            if i > 0 {
                out.push_str(" › ");
            }
            out.push_str(rule.name());
        }
    }

    /// The compiler-style diagnostic: plain, naming the input `input`, on
    /// line 1, unless told otherwise. `{:#}` writes the same.
    ///
    /// ```
    /// let error = rfc1738::parse("ftp://host/a b").unwrap_err();
    /// let shown = error.diagnostic().origin("urls.txt").first_line(7).to_string();
    /// assert!(shown.starts_with("error: not a valid ftpurl: "), "{shown}");
    /// assert!(shown.contains("--> urls.txt:7:13"), "{shown}");
    /// assert!(shown.contains("7 | ftp://host/a b"), "{shown}");
    /// // In colour, for a terminal that shows it.
    /// assert!(error.diagnostic().styled(true).to_string().contains("\x1b["));
    /// ```
    #[must_use]
    pub fn diagnostic(&self) -> Diagnostic<'_> {
        Diagnostic::new(Of::Error(self))
    }

    /// Renders the diagnostic with `renderer`, naming the input `origin`
    /// (already shown as [`crate::visible`] says), which starts on line
    /// `first_line` of it.
    fn render(&self, origin: &str, first_line: usize, renderer: &Renderer) -> String {
        // The title, the label and the path are each written into a String
        // that holds most of them as it is made, without `format!`'s
        // copies and the growing: a batch of short invalid lines renders
        // one diagnostic a line.
        let mut title = String::with_capacity(192);
        title.push_str("not a valid ");
        title.push_str(self.rule.name());
        title.push_str(": ");
        let mut label = String::with_capacity(128);
        label.push_str("expected ");
        // Writing to a String does not fail.
        let _ = self.write_message(&mut title);
        let _ = write_list(&mut label, self.expected(), self.before(), 6);
        let excerpt = self.excerpt();
        let shown = match self.hidden {
            true => excerpt.hiding(self.password_span()),
            false => excerpt.shown(),
        };
        // `line` is at least 1; a first line near `usize::MAX` saturates.
        let line = first_line.saturating_add(self.line() - 1);
        let mut path = String::with_capacity(128);
        path.push_str("while matching ");
        self.write_path(&mut path);
        let innermost = self.path().last().copied().unwrap_or(self.rule);
        let definition = innermost.definition();
        let note = match definition.contains('\n') {
            true => Cow::Owned(definition.replace('\n', " ")),
            false => Cow::Borrowed(definition),
        };
        let title = Level::ERROR.primary_title(title.as_str());
        let mut group = shown.group(title, origin, line, self.column(), Some(&label));
        group = group.element(Level::NOTE.message(path.as_str()));
        group = group.element(Level::NOTE.message(&*note));
        let hints: Vec<String> = self.hints().iter().map(ToString::to_string).collect();
        for hint in &hints {
            group = group.element(Level::HELP.message(hint.as_str()));
        }
        rendered(renderer, group)
    }
}

/// A compiler-style diagnostic, from [`Error::diagnostic`] or
/// [`Warning::diagnostic`](crate::lint::Warning::diagnostic): `Display`
/// writes it, plain text unless [`styled`](Self::styled).
///
/// An error's shows the message, the location, the input line with a caret
/// under the offset (labelled with what was expected), the production path,
/// the innermost production's definition and the hints. A warning's shows
/// its code and message, the location, the URL with a caret under the
/// first occurrence, and, for a finding that occurs more than once, a note
/// counting them with the columns of the first ones.
///
/// The origin and every character of the input are shown as
/// [`crate::visible`] says; a hidden password (the input's own, and those
/// written further in its line) as `*`, one a character.
///
/// ```
/// let error = rfc1738::parse("http://host:8a/").unwrap_err();
/// assert_eq!(
///     error.diagnostic().to_string(),
///     r#"error: not a valid httpurl: expected digit, "/" or end of input, found "a"
///  --> input:1:14
///   |
/// 1 | http://host:8a/
///   |              ^ expected digit, "/" or end of input
///   |
///   = note: while matching httpurl › hostport › port › digits
///   = note: digits = 1*digit
///   = help: a port is a decimal number, of digits only (RFC 1738, section 3.1)"#
/// );
/// ```
#[derive(Clone)]
pub struct Diagnostic<'a> {
    of: Of<'a>,
    origin: &'a str,
    first_line: usize,
    styled: bool,
    hide_password: bool,
}

/// What a [`Diagnostic`] is of.
#[derive(Clone, Debug)]
enum Of<'a> {
    Error(&'a Error),
    Warning(Finding<'a>),
}

/// A warning about a valid URL, as its diagnostic shows it: what
/// [`crate::lint`] makes of a warning and the URL it is about.
#[derive(Clone, Debug)]
pub(crate) struct Finding<'a> {
    /// The warning's code, as `warning[code]` names it.
    pub(crate) code: &'static str,
    pub(crate) message: &'a str,
    /// The URL's text.
    pub(crate) url: &'a str,
    /// The byte offsets of the first occurrences, and how many there are.
    pub(crate) offsets: &'a [usize],
    pub(crate) count: usize,
    /// The span of the URL's password, if it has one.
    pub(crate) password: Option<Range<usize>>,
    /// What to say instead of `message` with the password hidden, when
    /// `message` quotes it.
    pub(crate) hidden_message: Option<&'a str>,
    /// Whether the warning was told to hide its password, which the
    /// diagnostic then hides whatever it is told.
    pub(crate) hidden: bool,
}

impl<'a> Diagnostic<'a> {
    /// The diagnostic of `of`: plain, naming the input `input`, on line 1,
    /// the password shown.
    fn new(of: Of<'a>) -> Self {
        Diagnostic {
            of,
            origin: "input",
            first_line: 1,
            styled: false,
            hide_password: false,
        }
    }

    /// The diagnostic of a warning.
    pub(crate) fn warning(finding: Finding<'a>) -> Self {
        Diagnostic::new(Of::Warning(finding))
    }

    /// Names the input `origin` in the location (`urls.txt:3:14`): a file
    /// name, `-` for standard input; `input` unless told. It is shown as
    /// [`crate::visible`] says.
    ///
    /// ```
    /// let error = rfc1738::parse("http://host:8a/").unwrap_err();
    /// assert!(error.diagnostic().origin("urls.txt").to_string().contains("--> urls.txt:1:14"));
    /// let shown = error.diagnostic().origin("new\nline.txt").to_string();
    /// assert!(shown.contains(r"--> new\nline.txt:1:14"), "{shown}");
    /// ```
    #[must_use]
    pub fn origin(mut self, origin: &'a str) -> Self {
        self.origin = origin;
        self
    }

    /// The input starts on line `first_line` of its origin (a line of a
    /// file read line by line), so that the location names the origin's
    /// line; 1 unless told. Lines count from 1: a 0 is taken as 1, as
    /// [`Position::new`] takes it.
    ///
    /// ```
    /// // Line 3 of a file read line by line: the location says so.
    /// let error = rfc1738::parse("http://host:8a/").unwrap_err();
    /// let shown = error.diagnostic().origin("urls.txt").first_line(3).to_string();
    /// assert!(shown.contains("--> urls.txt:3:14"), "{shown}");
    /// assert!(shown.contains("3 | http://host:8a/"), "{shown}");
    /// let shown = error.diagnostic().first_line(0).to_string();
    /// assert!(shown.contains("--> input:1:14"), "{shown}");
    /// ```
    #[must_use]
    pub fn first_line(mut self, first_line: usize) -> Self {
        self.first_line = first_line.max(1);
        self
    }

    /// With `styled`, in colour and bold through ANSI escape sequences, for
    /// a terminal that shows them (it is for the caller to know whether
    /// one does); plain text unless told.
    ///
    /// ```
    /// let error = rfc1738::parse("http://host:8a/").unwrap_err();
    /// let styled = error.diagnostic().styled(true).to_string();
    /// assert!(styled.contains("\x1b["));
    /// assert!(!error.diagnostic().to_string().contains('\x1b'));
    /// ```
    #[must_use]
    pub fn styled(mut self, styled: bool) -> Self {
        self.styled = styled;
        self
    }

    /// With `hide`, the password is hidden as [`Error::hide_password`]
    /// hides it, and with it those written further in the line after a
    /// `//` ([`authority_passwords`](crate::authority_passwords)): each of
    /// their characters shown as `*`, and a character found in one not
    /// named (nor an escape written in one that a warning is about). An
    /// error or a warning told to hide its password hides it whatever this
    /// says; another warning shows its URL's password unless told.
    ///
    /// ```
    /// let url = rfc1738::parse("ftp://me:hunter2@host.dom/")?;
    /// let warnings = rfc1738::lint::lint(&url);
    /// let shown = warnings[0].diagnostic().hide_password(true).to_string();
    /// assert!(shown.contains("ftp://me:*******@host.dom/"), "{shown}");
    /// assert!(!shown.contains("hunter2"), "{shown}");
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn hide_password(mut self, hide: bool) -> Self {
        self.hide_password = hide;
        self
    }
}

impl fmt::Debug for Diagnostic<'_> {
    /// What the diagnostic is of and how it is told, without the input nor
    /// the URL: a panic's message and a log show `Debug`, and they may hold
    /// a password. Of an error, the error's own `Debug`, told as with its
    /// password hidden when the diagnostic hides it; of a warning, its code.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut debug = f.debug_struct("Diagnostic");
        match self.of {
            Of::Error(error) if self.hide_password && !error.hidden => {
                let mut hidden = error.clone();
                hidden.hide_password();
                debug.field("error", &hidden)
            }
            Of::Error(error) => debug.field("error", error),
            Of::Warning(ref finding) => debug.field("warning", &finding.code),
        };
        debug
            .field("origin", &self.origin)
            .field("first_line", &self.first_line)
            .field("styled", &self.styled)
            .field("hide_password", &self.hide_password)
            .finish()
    }
}

impl fmt::Display for Diagnostic<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let renderer = if self.styled {
            Renderer::styled()
        } else {
            Renderer::plain()
        }
        .term_width(WIDEST_WINDOW);
        let origin = Visible::new(self.origin).to_string();
        let shown = match &self.of {
            Of::Error(error) if self.hide_password && !error.hidden => {
                let mut hidden = (*error).clone();
                hidden.hide_password();
                hidden.render(&origin, self.first_line, &renderer)
            }
            Of::Error(error) => error.render(&origin, self.first_line, &renderer),
            Of::Warning(finding) => {
                let hide = self.hide_password || finding.hidden;
                finding.render(&origin, self.first_line, hide, &renderer)
            }
        };
        f.write_str(&shown)
    }
}

impl Finding<'_> {
    /// Renders the warning's diagnostic with `renderer`, naming the URL
    /// `origin` (already shown as [`crate::visible`] says), on line
    /// `first_line`; its password hidden if `hide`.
    fn render(&self, origin: &str, first_line: usize, hide: bool, renderer: &Renderer) -> String {
        // A finding in a hidden password (the URL's own, or one written
        // further in it) is shown at the password's start, and its
        // occurrences are not counted: where they are, or how many, would
        // tell of the password.
        let first = self.offsets.first().copied().unwrap_or(0);
        let hidden = (hide && self.hidden_message.is_some())
            .then(|| self.password_at(first))
            .flatten();
        let at = (hidden.as_ref())
            .map_or(first, |password| password.start)
            .min(self.url.len());
        let excerpt = Excerpt::new(self.url, at, self.password.as_ref());
        let shown = match hide {
            true => excerpt.hiding(self.password.clone()),
            false => excerpt.shown(),
        };
        let position = Position::of(self.url, at);
        let line = first_line.saturating_add(position.line() - 1);
        let name = format!("warning[{}]", self.code);
        let message = match (hide, self.hidden_message) {
            (true, Some(hidden)) => hidden,
            _ => self.message,
        };
        let title = Level::WARNING
            .with_name(name.as_str())
            .primary_title(message);
        let group = shown.group(title, origin, line, position.column(), None);
        match self.occurrences().filter(|_| hidden.is_none()) {
            Some(note) => rendered(renderer, group.element(Level::NOTE.message(note.as_str()))),
            None => rendered(renderer, group),
        }
    }

    /// The password of the URL that holds `offset`: its own, or one written
    /// further in it.
    fn password_at(&self, offset: usize) -> Option<Range<usize>> {
        let own = self.password.clone().filter(|own| own.contains(&offset));
        own.or_else(|| {
            let written =
                password::written_over(self.url, offset..offset + 1, self.password.as_ref());
            written.into_iter().next()
        })
    }

    /// How many times the finding occurs in the URL, and the columns of
    /// the first occurrences: `3 times, at columns 9, 12, 15`, and how many
    /// more than those; `None` for one occurrence.
    fn occurrences(&self) -> Option<String> {
        if self.count <= 1 {
            return None;
        }
        let mut note = format!("{} times, at columns ", self.count);
        for (i, &offset) in self.offsets.iter().enumerate() {
            if i > 0 {
                note.push_str(", ");
            }
            // Writing to a String does not fail.
            let _ = write!(note, "{}", Position::of(self.url, offset).column());
        }
        let more = self.count.saturating_sub(self.offsets.len());
        if more > 0 {
            let _ = write!(note, " and {more} more");
        }
        Some(note)
    }
}

/// Where the text the hints of an error at `offset` of `input` read with
/// the password hidden ends: [`KEEP_LIMIT`] bytes past the offset, at a
/// char boundary, or the end of the input.
fn hints_end(input: &str, offset: usize) -> usize {
    floor_boundary(input, offset.saturating_add(KEEP_LIMIT))
}

/// What stands at `offset` of `input`: `byte` if given (a byte that is not
/// text follows the input), else the character there or the end.
fn found_in(input: &str, offset: usize, byte: Option<u8>) -> Found {
    match (
        byte,
        input.get(offset..).and_then(|rest| rest.chars().next()),
    ) {
        (Some(byte), _) => Found::Byte(byte),
        (None, Some(c)) => Found::Char(c),
        (None, None) => Found::EndOfInput,
    }
}

/// Writes `items` as a list, `a, b or c` (`nothing more` for none), or the
/// first `shown` and how many more; `before` is the text before the offset
/// (see [`write_item`]).
fn write_list(
    out: &mut impl fmt::Write,
    items: &[Expected],
    before: &str,
    shown: usize,
) -> fmt::Result {
    match items {
        [] => out.write_str("nothing more"),
        [only] => write_item(out, only, before),
        _ if items.len() > shown => {
            for item in &items[..shown] {
                write_item(out, item, before)?;
                out.write_str(", ")?;
            }
            write!(out, "or {} more", items.len() - shown)
        }
        [rest @ .., last] => {
            for (i, item) in rest.iter().enumerate() {
                if i > 0 {
                    out.write_str(", ")?;
                }
                write_item(out, item, before)?;
            }
            out.write_str(" or ")?;
            write_item(out, last, before)
        }
    }
}

/// Writes `item`; a literal that the text before the offset, `before`,
/// already began is written as its rest, completing it: `http:/` expects
/// `"/" (to complete "http://")`, where the literal alone would read as
/// if none of it were there. A scheme's literal is begun whatever the case
/// of its letters (section 2.1).
#[inline(always)]
fn write_item(out: &mut impl fmt::Write, item: &Expected, before: &str) -> fmt::Result {
    if let Expected::Literal(literal) = item
        && literal.len() > 1
        && let Some(begun) = begun(literal, before)
    {
        return write_rest(out, literal, begun);
    }
    item.write_to(out)
}

/// Writes the rest of `literal` after its first `begun` bytes, and that it
/// completes `literal`.
#[cold]
fn write_rest(out: &mut impl fmt::Write, literal: &str, begun: usize) -> fmt::Result {
    out.write_char('"')?;
    out.write_str(&literal[begun..])?;
    out.write_str("\" (to complete \"")?;
    out.write_str(literal)?;
    out.write_str("\")")
}

/// Where the line that holds `offset` (a char boundary) starts.
fn line_start(input: &str, offset: usize) -> usize {
    // A byte search: `str::rfind` costs more than a URL's few bytes.
    input.as_bytes()[..offset]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1)
}

impl Excerpt {
    /// The line of `input` that holds `offset` (a byte offset, moved back to
    /// the start of its character, and to the end of `input` past it), as
    /// far as a window may take it; `own` is the span of the input's own
    /// password, if it has one, which the passwords found further in the
    /// line do not depend on ([`password::written_over`]).
    pub(crate) fn new(input: &str, offset: usize, own: Option<&Range<usize>>) -> Excerpt {
        Excerpt::with_passwords(input, offset, |window| {
            password::written_over(input, window, own)
        })
    }

    /// [`Excerpt::new`], the passwords written in the line that reach into
    /// a window (a byte span of the input, not empty) given by `written`.
    fn with_passwords(
        input: &str,
        offset: usize,
        written: impl FnOnce(Range<usize>) -> Vec<Range<usize>>,
    ) -> Excerpt {
        let offset = floor_boundary(input, offset);
        let line_start = line_start(input, offset);
        // A character is at most 4 bytes: take that many, then count
        // characters only within them.
        let start = ceil_boundary(input, offset.saturating_sub(4 * CONTEXT).max(line_start));
        let end = floor_boundary(input, offset + 4 * (CONTEXT + 1));
        // `offset` is a char boundary, so the moves above keep `start` before
        // it and `end` after it.
        let line_end = input[offset..end].find('\n').map_or(end, |i| offset + i);
        let line = &input[start..line_end];
        let at = offset - start;
        // The most characters a window may take: each takes a column at
        // least.
        let first = columns_back(&line[..at], CONTEXT, |_, _| 1);
        let last = at + columns_on(&line[at..], CONTEXT, |_, _| 1);
        let reaches_line_end = line_end < end || end == input.len();
        let text = line[first..last].to_owned();
        let start = start + first;
        let written = match text.is_empty() {
            true => Vec::new(),
            false => written(start..start + text.len()),
        };
        Excerpt {
            text,
            start,
            at: at - first,
            written,
            line_before: start > line_start,
            line_after: last < line.len() || !reaches_line_end,
        }
    }

    /// The excerpt's window as shown, every character as it is written.
    pub(crate) fn shown(&self) -> Shown {
        self.window(&[])
    }

    /// The excerpt's window as shown with the characters of the passwords
    /// as `*`, one for each: `own` (the input's, a byte span of the input)
    /// and those written further in its line. Each takes one column in the
    /// window, as its `*` does: the window shows as many of them whatever
    /// they are.
    pub(crate) fn hiding(&self, own: Option<Range<usize>>) -> Shown {
        let end = self.start + self.text.len();
        // The spans that reach into the text, as spans of it, in order.
        let mut hidden: Vec<Range<usize>> = own
            .iter()
            .chain(&self.written)
            .filter(|span| !span.is_empty() && span.end > self.start && span.start < end)
            .map(|span| span.start.saturating_sub(self.start)..span.end.min(end) - self.start)
            .collect();
        hidden.sort_unstable_by_key(|span| span.start);
        self.window(&hidden)
    }

    /// The window of the excerpt with the characters of `hidden` (byte
    /// spans of its text, in order of their starts) shown as `*`: the
    /// characters around the offset's that take [`CONTEXT`] columns shown
    /// on each side ([`shown_columns`]).
    fn window(&self, hidden: &[Range<usize>]) -> Shown {
        let at = self.at;
        let first = columns_back(&self.text[..at], CONTEXT, |i, c| {
            shown_columns(hidden, i, c)
        });
        let last = at
            + columns_on(&self.text[at..], CONTEXT, |i, c| {
                shown_columns(hidden, at + i, c)
            });
        let cut_before = first > 0 || self.line_before;
        let cut_after = last < self.text.len() || self.line_after;
        visible(&self.text, first..last, at, (cut_before, cut_after), hidden)
    }
}

impl Shown {
    /// The window under `title`: the location named `origin` at `line`
    /// and `column` (the offset's, in characters, as [`Position`] counts
    /// it: not the renderer's count in the window, which may be cut and
    /// escaped), then the window with a caret at the offset, labelled
    /// `label` if given.
    fn group<'a>(
        &'a self,
        title: Title<'a>,
        origin: &'a str,
        line: usize,
        column: usize,
        label: Option<&'a str>,
    ) -> Group<'a> {
        let caret = AnnotationKind::Primary
            .span(self.caret.clone())
            .label(label);
        let snippet = Snippet::source(self.text.as_str())
            .line_start(line)
            .annotation(caret);
        let location = Origin::path(origin).line(line).char_column(column);
        title.element(location).element(snippet)
    }
}

/// Wider, in columns, than any excerpt's line with its gutter: the columns
/// before and after the offset, its character escaped as `\u{10ffff}`, the
/// `…`s, the line's number. The renderer cuts a line wider than its
/// terminal width, which would cut the window again and count the column
/// from there.
const WIDEST_WINDOW: usize = 2 * CONTEXT + 10 + 2 + 32;

/// `group` rendered by `renderer`. The location is an origin of its own,
/// stated, and the excerpt after it names no file: the renderer takes the
/// excerpt for a second file's and writes its location, none, on a line
/// ` ::: ` of its own, which says nothing and is left out.
///
/// The line is taken out of the rendered text in place: a line is known
/// not to be it by its first character shown, most often, so that
/// rendering pays for no copy of its text nor any allocation here (a
/// batch of short invalid lines spent a quarter of its time in a filter
/// that built each line again, character by character).
fn rendered(renderer: &Renderer, group: Group<'_>) -> String {
    let mut text = renderer.render(&[group]);
    let mut start = 0;
    while start < text.len() {
        // A line feed is a character of its own: `end` is a boundary.
        let end = memchr::memchr(b'\n', &text.as_bytes()[start..])
            .map_or(text.len(), |newline| start + newline + 1);
        if is_bare_origin(&text[start..end]) {
            text.replace_range(start..end, "");
        } else {
            start = end;
        }
    }
    text
}

/// Whether a rendered line says `:::` and nothing else, styles aside: its
/// characters, without the styles (`ESC [ … m`) and trimmed of whitespace,
/// are three colons. Read up to the first character that says otherwise.
fn is_bare_origin(line: &str) -> bool {
    let mut colons = 0;
    // Whether whitespace came after a colon: nothing but whitespace may.
    let mut ended = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // `ESC [ … m`: a style, up to its final letter.
            chars.by_ref().find(char::is_ascii_alphabetic);
        } else if c.is_whitespace() {
            ended |= colons > 0;
        } else if c == ':' && colons < 3 && !ended {
            colons += 1;
        } else {
            return false;
        }
    }
    colons == 3
}

/// The bytes `window` of `text` as shown: characters that are not visible
/// escaped (see [`crate::visible`]), those of `hidden` (byte spans of
/// `text`, in order of their starts) as `*`, `…` where the line was cut
/// (`cut`: before, after); and the byte span in it of the character at
/// byte `at` of `text` (empty at the end of the window).
fn visible(
    text: &str,
    window: Range<usize>,
    at: usize,
    cut: (bool, bool),
    hidden: &[Range<usize>],
) -> Shown {
    let mut shown = String::with_capacity(window.len() + 8);
    // The bytes `from..to` of the text, `hidden` read in them.
    let show = |shown: &mut String, from: usize, to: usize| {
        let hidden: Vec<Range<usize>> = hidden
            .iter()
            .map(|span| span.start.saturating_sub(from)..span.end.saturating_sub(from))
            .collect();
        // Writing to a String does not fail.
        let _ = write!(
            shown,
            "{}",
            Visible::new(&text[from..to]).hiding_all(&hidden)
        );
    };
    if cut.0 {
        shown.push('…');
    }
    show(&mut shown, window.start, at);
    let caret = shown.len();
    let next = text[at..window.end]
        .chars()
        .next()
        .map_or(at, |c| at + c.len_utf8());
    show(&mut shown, at, next);
    let width = shown.len() - caret;
    show(&mut shown, next, window.end);
    if cut.1 {
        shown.push('…');
    }
    Shown {
        text: shown,
        caret: caret..caret + width,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The columns `text` takes on a terminal, as it is shown (escaped
    /// already: every character visible).
    fn width(text: &str) -> usize {
        text.chars().map(visible::columns).sum()
    }

    /// Characters of every width a window may meet: ASCII, a letter of two
    /// bytes, a wide one, and escapes of 2, 6 and 10 columns.
    const FILLS: [char; 6] = ['a', 'é', '漢', '\t', '\u{7f}', '\u{10fffd}'];

    /// Whatever the line holds before and after the offset, the window
    /// takes as many of its characters as fit in 60 columns shown on each
    /// side, and no more: as wide on a terminal as a line of ASCII.
    #[test]
    fn the_window_is_60_columns_each_side_whatever_the_characters() {
        for before in FILLS {
            for after in FILLS {
                for count in [0, 1, 29, 30, 59, 60, 61, 200] {
                    let left = before.to_string().repeat(count);
                    let right = after.to_string().repeat(count);
                    let input = format!("{left}~{right}");
                    let excerpt = Excerpt::new(&input, left.len(), None).shown();
                    let shown = excerpt.text.as_str();
                    assert_eq!(&shown[excerpt.caret.clone()], "~", "{input:?}");
                    let shown_left = &shown[..excerpt.caret.start];
                    let shown_right = &shown[excerpt.caret.end..];
                    let fits = |c: char, count: usize| count.min(CONTEXT / visible::columns(c));
                    let kept_left = fits(before, count);
                    let kept_right = fits(after, count);
                    let cut = |kept: usize| if kept < count { "…" } else { "" };
                    let expected_left = format!(
                        "{}{}",
                        cut(kept_left),
                        Visible::new(&before.to_string().repeat(kept_left))
                    );
                    let expected_right = format!(
                        "{}{}",
                        Visible::new(&after.to_string().repeat(kept_right)),
                        cut(kept_right)
                    );
                    assert_eq!(shown_left, expected_left, "{input:?}");
                    assert_eq!(shown_right, expected_right, "{input:?}");
                    assert!(width(shown_left) <= CONTEXT + 1, "{input:?}");
                    assert!(width(shown_right) <= CONTEXT + 1, "{input:?}");
                }
            }
        }
    }

    /// The offset's own character is shown whatever its width, and the
    /// rendered line stays within the width the renderer is given.
    #[test]
    fn the_offsets_character_is_shown_however_wide() {
        let input = format!("{}\u{10fffd}{}", "a".repeat(100), "\u{10fffd}".repeat(100));
        let excerpt = Excerpt::new(&input, 100, None).shown();
        assert_eq!(&excerpt.text[excerpt.caret.clone()], r"\u{10fffd}");
        assert_eq!(width(&excerpt.text), 1 + CONTEXT + 10 + 6 * 10 + 1);
        assert!(width(&excerpt.text) + 10 < WIDEST_WINDOW);
    }

    /// Passwords of every kind of character: each of [`FILLS`] alone, and
    /// all of them mixed; `count` characters.
    fn passwords(count: usize) -> impl Iterator<Item = String> {
        let mixed: String = FILLS.iter().cycle().take(count).collect();
        FILLS
            .iter()
            .map(move |fill| fill.to_string().repeat(count))
            .chain([mixed])
    }

    /// A hidden password takes one column a character in the window, as
    /// its `*` does: the window shows as many `*` for it, and as much of
    /// the line around it, whatever characters it holds, the input's own
    /// password or one written further in the line, before the offset or
    /// after it. Measured as written, 100 wide characters would show as
    /// 27 `*`, 100 escaped ones as 11 or fewer.
    #[test]
    fn a_hidden_password_takes_a_column_a_character_whatever_it_holds() {
        // The line around the password, where the offset is in it, and
        // whether the password is the input's own; `{}` is the password.
        let lines: [(&str, &str, &str, bool); 4] = [
            ("ftp://me:", "@h_/", "", true),
            ("ftp://me:", "@h_/", "_", true),
            ("http://x/a ftp://me:", "@h_/", " ", false),
            ("http://x/a ftp://me:", "@h_/", "_", false),
        ];
        for (before, after, at, own) in lines {
            for count in [1, 2, 30, 59, 60, 61, 62, 100, 250] {
                let shown = |password: &str| {
                    let input = format!("{before}{password}{after}");
                    let offset = match at {
                        "" => before.len(),
                        _ => input.find(at).unwrap_or_default(),
                    };
                    let span = before.len()..before.len() + password.len();
                    let own = own.then_some(span);
                    let excerpt = Excerpt::new(&input, offset, own.as_ref());
                    let shown = excerpt.hiding(own);
                    (shown.text, shown.caret)
                };
                let ascii = shown(&"a".repeat(count));
                let stars = ascii.0.matches('*').count();
                assert!(
                    stars >= count.min(CONTEXT - 10),
                    "{before} {count}: {ascii:?}"
                );
                assert!(width(&ascii.0) <= 2 * CONTEXT + 3, "{ascii:?}");
                for password in passwords(count) {
                    assert_eq!(shown(&password), ascii, "{before} {password:?}");
                }
            }
        }
    }

    /// What the diagnostic hides beyond the input's own password, here a
    /// guess that holds a `//` and reaches past the authority read as the
    /// URL's own, does not depend on what the password holds: a `//` in it
    /// starts no authority whose password would run on to the `@` decoded
    /// from the final `%40` and hide the `y` (fuzz finding 8).
    #[test]
    fn what_is_hidden_beyond_a_guessed_password_does_not_depend_on_it() {
        let shown = |input: &str| {
            let mut error = crate::parse(input).expect_err("rejected");
            assert_eq!(error.password_span(), Some(11..18), "{input}");
            error.hide_password();
            format!("{error:#}")
        };
        let rendered = shown("ftp://h./1:pa//x:/@y%40z");
        assert!(rendered.contains("ftp://h./1:*******@y%40z"), "{rendered}");
        assert_eq!(rendered, shown("ftp://h./1:pa**x:/@y%40z"));
        assert_eq!(rendered, shown("ftp://h./1:*******@y%40z"));
    }

    /// What an error told as the password's expects is what the `password`
    /// production holds: what it expects where it may go on, but its end.
    #[test]
    fn a_hidden_password_is_told_to_hold_what_its_production_holds() {
        let error = crate::parse_rule(Rule::Password, "\"").expect_err("rejected");
        let items: Vec<Expected> = (error.expected().iter().copied())
            .filter(|item| *item != Expected::EndOfInput)
            .collect();
        assert_eq!(items, PASSWORD_EXPECTED);
        assert_eq!(
            Rule::Password.definition(),
            r#"password = *[ uchar | ";" | "?" | "&" | "=" ]"#
        );
    }

    /// Hidden, the hints of an error told as a further password's read
    /// that password's characters as `*`s, as the reading that says what
    /// is expected there does.
    #[test]
    fn hidden_hints_read_a_further_password_starred() {
        let mut error = crate::parse("http://h/a//me:p%\"w@h/").expect_err("rejected");
        // Shown, it is told as the grammar read it.
        assert!(error.told_masked(error.details()).is_none());
        error.hide_password();
        let details = error.details();
        let masked = error.told_masked(details);
        assert_eq!(masked.map(|masked| masked.span.clone()), Some(15..19));
        assert_eq!(
            error.hints_read(&error.input, details, true),
            "http://h/a//me:****@h/"
        );
    }

    /// Shown as written, the same password takes its characters' columns:
    /// only the hidden window counts each as one.
    #[test]
    fn a_password_shown_takes_its_characters_columns() {
        let input = format!("ftp://me:{}@h_/", "漢".repeat(100));
        let excerpt = Excerpt::new(&input, input.len() - 2, None);
        let shown = excerpt.shown();
        assert_eq!(shown.text, format!("…{}@h_/", "漢".repeat(29)));
        let hidden = excerpt.hiding(Some(9..input.len() - 4));
        assert_eq!(hidden.text, format!("…{}@h_/", "*".repeat(58)));
        assert_eq!(&hidden.text[hidden.caret], "_");
    }

    /// The bare origin line as it was first told apart: the line rebuilt
    /// without its styles, then trimmed. [`is_bare_origin`] reads the line
    /// in place and stops early; it must say the same of every line.
    fn bare_when_rebuilt(line: &str) -> bool {
        let mut shown = String::new();
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            if c == '\u{1b}' {
                chars.by_ref().find(char::is_ascii_alphabetic);
            } else {
                shown.push(c);
            }
        }
        shown.trim() == ":::"
    }

    /// Every line of up to five characters drawn from colons, whitespace
    /// (a non-breaking space among it), a style's characters and others is
    /// told bare or not as the rebuilt line says; and the renderer's own
    /// line is bare, plain and styled.
    #[test]
    fn a_bare_origin_is_three_colons_alone_whatever_surrounds_them() {
        const CHARS: [char; 8] = [':', ' ', '\n', '\u{a0}', '\u{1b}', '[', 'm', 'a'];
        let mut lines = vec![String::new()];
        let mut last = vec![String::new()];
        for _ in 0..5 {
            last = (last.iter())
                .flat_map(|line| CHARS.iter().map(move |&c| format!("{line}{c}")))
                .collect();
            lines.extend(last.iter().cloned());
        }
        for line in &lines {
            assert_eq!(is_bare_origin(line), bare_when_rebuilt(line), "{line:?}");
        }
        for bare in [
            "  ::: \n",
            ":::",
            "\u{1b}[1m\u{1b}[38;5;12m  ::: \u{1b}[0m\n",
        ] {
            assert!(is_bare_origin(bare), "{bare:?}");
        }
        for other in [
            "  :: \n",
            " : ::",
            "::::",
            "  ::: x",
            "  |\n",
            "error: ::: x",
        ] {
            assert!(!is_bare_origin(other), "{other:?}");
        }
    }

    /// The renderer writes the excerpt's empty origin on a line of its
    /// own, which the diagnostic leaves out, plain and styled, every other
    /// line kept as it was rendered.
    #[test]
    fn the_excerpts_empty_origin_is_left_out_and_the_rest_kept() {
        let error = crate::parse("http://a b").expect_err("rejected");
        for renderer in [Renderer::plain(), Renderer::styled()] {
            let renderer = renderer.term_width(WIDEST_WINDOW);
            let excerpt = error.excerpt();
            let shown = excerpt.shown();
            let title = Level::ERROR.primary_title("title");
            let group = || shown.group(title.clone(), "input", 1, 9, Some("label"));
            let whole = renderer.render(&[group()]);
            let kept: Vec<&str> = whole
                .split_inclusive('\n')
                .filter(|line| !bare_when_rebuilt(line))
                .collect();
            assert_eq!(kept.len() + 1, whole.split_inclusive('\n').count());
            assert_eq!(rendered(&renderer, group()), kept.concat());
        }
    }

    /// Leaving the line out takes no allocation of its own: a diagnostic
    /// costs what the renderer takes to write it. Rebuilding each line
    /// without its styles, then the text without the line, took some 30
    /// allocations a diagnostic, a quarter of a batch's time when its
    /// lines are short and invalid.
    #[test]
    fn leaving_out_the_empty_origin_allocates_nothing() {
        let error = crate::parse("ftp://h:x/").expect_err("rejected");
        let excerpt = error.excerpt();
        let shown = excerpt.shown();
        let renderer = Renderer::styled().term_width(WIDEST_WINDOW);
        let title = Level::ERROR.primary_title("title");
        let group = || shown.group(title.clone(), "input", 1, 9, Some("label"));
        let alone = allocation_counter::measure(|| {
            std::hint::black_box(renderer.render(&[group()]));
        });
        let left_out = allocation_counter::measure(|| {
            std::hint::black_box(rendered(&renderer, group()));
        });
        assert!(alone.count_total > 0, "{alone:?}");
        assert_eq!(left_out.count_total, alone.count_total, "{left_out:?}");
    }
}
