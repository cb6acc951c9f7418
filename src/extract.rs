//! URLs found in free text, as the RFC's appendix "Recommendations for URLs
//! in Context" describes them, each checked as [`check`] reads
//! a URL.
//!
//! ```
//! use rfc1738::Rule;
//! use rfc1738::extract::{Form, extract};
//!
//! let text = "Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\n\
//!             type=d> (or see http://info.cern.ch/).";
//! let hits = extract(text);
//! assert_eq!(hits.len(), 2);
//! assert_eq!(hits[0].form(), Form::UrlPrefixed);
//! assert_eq!(hits[0].url(), "ftp://info.cern.ch/pub/www/doc;type=d");
//! assert_eq!(hits[0].verdict(), Ok(Rule::Ftpurl));
//! assert_eq!(hits[1].form(), Form::Bare);
//! assert_eq!(hits[1].url(), "http://info.cern.ch/");
//! assert_eq!((hits[1].line(), hits[1].column()), (2, 17));
//! ```
//!
//! # What is a hit
//!
//! The text is read once, left to right; a hit's text is not searched again,
//! so hits never overlap and come in the order of the text.
//!
//! **Wrappers.** A `<` opens a wrapper that its first following `<` or `>`
//! closes when that is a `>`. A wrapper is a hit when
//!
//! - it starts with `<URL:`, `URL:` in any case ([`Form::UrlPrefixed`]):
//!   whatever follows is taken for a URL, even nothing (`<URL:>` is a hit
//!   whose URL, empty, is invalid); or
//! - right after its `<` come one or more scheme characters (section 2.1:
//!   letters of either case, digits, `+`, `-`, `.`) and a `:`
//!   ([`Form::Angle`]). Otherwise (`<b>`, `<me@host>`, `< http://x/>`) it is
//!   ordinary text.
//!
//! Inside a hit's wrapper every whitespace character (Unicode `White_Space`:
//! spaces, tabs, line breaks, form feeds, ...) is removed ("The whitespace
//! should be ignored when extracting the URL"), and the first `#` splits off
//! the fragment identifier, reported by [`Extracted::fragment`] without its
//! `#`; the URL, checked without it, is what comes before.
//!
//! A `<` with no `>` before the next `<` or the end of the text is
//! **unclosed**: no wrapper, ordinary text. Its text is read on as running
//! text, so `<URL:http://a.b/ and then` yields the bare `http://a.b/`, and in
//! `<URL:http://a/ <URL:http://b/>` the second wrapper is a hit. Because a
//! wrapper ends at the next `<` or `>` and the scan never goes back before
//! it, an unclosed wrapper costs no more than its own text: extraction is
//! linear in the length of the text.
//!
//! **Hyphens at line breaks.** When a run of whitespace inside a wrapper
//! contains a line break (`\n` or `\r`) and directly follows a `-` of the URL,
//! the appendix says to "ignore all unencoded whitespace around the line
//! break" and to "be aware that the hyphen may or may not actually be part of
//! the URL". The URL keeps the hyphen (the RFC tells the interpreter to
//! ignore the whitespace, not the hyphen, and "No whitespace should be
//! introduced after a hyphen"), and each such hyphen is reported as a
//! [`HyphenBreak`] with the other reading: the URL with that one hyphen
//! removed, and whether it is valid. Hyphens in the fragment are kept and not
//! reported. A hit reports at most [`MAX_HYPHEN_BREAKS`] of them, and counts
//! the others ([`Extracted::more_hyphen_breaks`]): each other reading is a
//! check of the whole URL, made in the URL itself (the hyphen
//! taken out and put back); its text is kept only for a URL of at most
//! [`MAX_READING_BYTES`].
//!
//! **Bare URLs.** Outside the wrappers that are hits, a URL of one of the ten
//! schemes of section 3 (`ftp`, `http`, `gopher`, `mailto`, `news`, `nntp`,
//! `telnet`, `wais`, `file`, `prospero`, in any case) is found where its
//! scheme name and `:` start and the byte before is not a scheme character (a
//! letter, digit, `+`, `-` or `.`: `xhttp:` is another scheme). It runs up to
//! the first whitespace character, `<`, `>` or `"` (the delimiters of section
//! 2.2), mark of punctuation outside ASCII (a quote such as `”` `’` `»`, a
//! bracket, a dash, `…`, the sentence marks of other scripts such as `。`
//! `，`: no URL holds one) or the end of the text, and then loses its
//! trailing punctuation: as long as it ends with one of `.` `,` `;` `:` `!`
//! `?`, or with a `)` while it has more `)` than `(`, or with a `]` while it
//! has more `]` than `[`, or with a `}` while it has more `}` than `{`, that
//! character is dropped, and so is one `'` when a `'` stands right before
//! the URL (`get('http://a/b')`, `href='http://a/b'`); a URL's own `'`
//! stays (`http://a/b'c`, and `http://a/b'` with no quote before it). A URL
//! right after a `{` ends at the `}` that closes it (`\href{url}{text}`),
//! as after a `(` or a `[` (below). What remains is a hit when something
//! other than `/` is left after the scheme's `:`: `the ftp: command`, the
//! `http://` of a template such as `http://<host>:<port>/<path>` and the
//! BNF's literal `"http://"` are no hits. A `#` in a hit splits off the
//! fragment as in a wrapper. A bare URL never continues across whitespace,
//! line breaks after a hyphen included.
//!
//! **Markdown.** Text written in Markdown wraps URLs in its own marks, which
//! a bare URL leaves out:
//!
//! - A URL right after a `(` ends before the `)` that closes it, and one
//!   right after a `[` before the `]` that closes it (a bracket the URL
//!   opens itself is matched within it): `[text](url)`, `![alt](url)` and
//!   `[url](url)` give their URLs without the brackets, a title after the
//!   URL is left out as whitespace ends it, and `(http://a/b)c` gives
//!   `http://a/b`.
//! - Wherever it starts, a URL ends before a `]` followed by `(` or `[`,
//!   the end of a link's text (inline or by reference), unless a `[` of
//!   its own opened it: `` [`url`](url) ``, `[see url](url)` and
//!   `[**url**][ref]` give the URL in the text without the marks and
//!   brackets after it.
//! - Emphasis and code marks (`*`, `_`, `~`, `` ` ``, in runs: `**`, `~~`)
//!   that end a URL are left out, with the punctuation around them, when a
//!   run of the same mark opened before the URL in its paragraph and is not
//!   closed yet: `**see http://a/b**`, `` `http://a/b` ``, `_http://a/b_`,
//!   `~~http://a/b~~`. A mark is open when an odd number of its runs came
//!   before, in the running text since the last blank line (text inside a
//!   hit or a wrapper does not count); a `_` between two letters or digits
//!   is part of a word and opens nothing, and neither does a run of `*`,
//!   `_` or `~` followed by whitespace or the end of the text (a list's
//!   bullet, `2 * 3`: CommonMark's left-flanking rule), which only closes
//!   one that is open. A URL's own `*` or `_`, with no mark open, stays:
//!   `news:*`, `http://a/b_`.
//!
//! `<url>` (Markdown's autolink) is a wrapper, read as above; inside a
//! wrapper nothing is Markdown.
//!
//! For every hit, [`Extracted::verdict`] is [`check`] of the URL
//! (its scheme rule chosen by its scheme, case-insensitively), and
//! [`Extracted::text_offset`] and [`Extracted::text_position`] map an offset
//! in the URL, such as an error's, back to the text; [`Extracted::url_chars`]
//! maps all of them in one reading.
//!
//! # One hit at a time
//!
//! [`extract_iter`] finds the hits as they are asked for: each call to
//! [`Iterator::next`] reads the text on from where the last hit ended, up to
//! the end of the next hit, and what the iterator holds besides the text is
//! a few offsets. A caller that writes each hit as it comes needs memory for
//! the text and one hit, however many hits there are; [`extract`] collects
//! them all. Lines and columns are counted as the search goes, never by
//! reading the text again from its start.
//!
//! A hit borrows from the text: its URL and its fragment are one slice of
//! it where they stand there as they are, and one copy of their length only
//! where whitespace was removed from them or they hold bytes that are not
//! UTF-8; to map offsets back, it reads its own text again, once for one
//! offset or for all of them ([`Extracted::url_chars`]), never the text
//! before it.
//! [`extract_bytes_iter`] searches bytes that may not be UTF-8 (a file as
//! read) as their `String::from_utf8_lossy` text, without making that copy:
//! a hit's U+FFFD takes three bytes for the one to three it stands for, the
//! text none.
//!
//! ```
//! let text = "ftp://h/%zz ".repeat(1000);
//! let mut invalid = 0;
//! for hit in rfc1738::extract::extract_iter(&text) {
//!     invalid += usize::from(!hit.is_valid());
//! }
//! assert_eq!(invalid, 1000);
//! ```

use core::fmt;
use core::iter::FusedIterator;
use core::ops::Range;
use std::borrow::Cow;

use crate::{Error, Position, Rule, charset, check, is_valid, scheme_rule};

/// The most [`HyphenBreak`]s one hit reports: the first ones in the text.
/// Each is a second reading of the URL, checked in full, so the limit keeps
/// extraction linear in the length of the text.
///
/// ```
/// use rfc1738::extract::{MAX_HYPHEN_BREAKS, extract};
///
/// let text = format!("<URL:ftp://h/{}x>", "a-\n".repeat(20));
/// let hit = &extract(&text)[0];
/// assert_eq!(hit.url(), format!("ftp://h/{}x", "a-".repeat(20)));
/// assert_eq!(hit.hyphen_breaks().len(), MAX_HYPHEN_BREAKS);
/// ```
pub const MAX_HYPHEN_BREAKS: usize = 16;

/// The longest URL, in bytes, whose other readings a [`HyphenBreak`] keeps
/// as text ([`HyphenBreak::without`]): 4 KiB. A longer URL's readings are
/// checked all the same, one at a time in the URL itself, and not kept,
/// so that a hit holds its URL once, not once per hyphen.
///
/// ```
/// use rfc1738::extract::{MAX_READING_BYTES, extract};
///
/// let long = format!("<URL:ftp://h/x-\n{}>", "y".repeat(MAX_READING_BYTES));
/// let hits = extract(&long);
/// let hyphen = &hits[0].hyphen_breaks()[0];
/// assert_eq!(hyphen.without(), None);
/// assert!(hyphen.without_valid());
/// ```
pub const MAX_READING_BYTES: usize = 4096;

/// How a URL was written in the text.
///
/// ```
/// use rfc1738::extract::{Form, extract};
///
/// let text = "<URL:http://a/> <ftp://b/> news:c.d";
/// let forms: Vec<Form> = extract(text).iter().map(|hit| hit.form()).collect();
/// assert_eq!(forms, [Form::UrlPrefixed, Form::Angle, Form::Bare]);
/// ```
///
/// Forms are ordered as they are declared, from the wrapper the appendix
/// recommends to none: `UrlPrefixed < Angle < Bare`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Form {
    /// `<URL:...>`, the appendix's recommended wrapper (`URL:` in any case).
    UrlPrefixed,
    /// `<...>` whose content starts with a scheme name and `:`.
    Angle,
    /// Running text, not wrapped: one of the ten schemes of section 3.
    Bare,
}

impl Form {
    /// The form as the command line's JSON records write it:
    /// `url-prefixed`, `angle` or `bare`. `Display` writes it too.
    ///
    /// ```
    /// use rfc1738::extract::{Form, extract};
    /// let hit = &extract("see <URL:ftp://h/>")[0];
    /// assert_eq!(hit.form().as_str(), "url-prefixed");
    /// assert_eq!(Form::Bare.to_string(), "bare");
    /// ```
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Form::UrlPrefixed => "url-prefixed",
            Form::Angle => "angle",
            Form::Bare => "bare",
        }
    }
}

impl fmt::Display for Form {
    /// [`as_str`](Form::as_str), padded as a `str` is given a width.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// A `-` of a wrapped URL directly followed by whitespace that contains a line
/// break: the hyphen "may or may not actually be part of the URL" (appendix).
/// [`Extracted::url`] keeps it; this is the other reading.
///
/// ```
/// let text = "see <URL:http://a.b/long-\n   word>";
/// let hit = &rfc1738::extract::extract(text)[0];
/// assert_eq!(hit.url(), "http://a.b/long-word");
/// let hyphen = &hit.hyphen_breaks()[0];
/// assert_eq!((hyphen.offset_in_text(), hyphen.offset_in_url()), (24, 15));
/// assert_eq!(hyphen.without(), Some("http://a.b/longword"));
/// assert!(hyphen.without_valid());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HyphenBreak {
    offset_in_text: usize,
    offset_in_url: usize,
    /// The other reading, for a URL of at most [`MAX_READING_BYTES`].
    without: Option<Box<str>>,
    without_valid: bool,
}

impl HyphenBreak {
    /// The byte offset of the hyphen in the text.
    ///
    /// ```
    /// let text = "<URL:ftp://h/a-\nb>";
    /// let hits = rfc1738::extract::extract(text);
    /// let hyphen = &hits[0].hyphen_breaks()[0];
    /// assert_eq!(hyphen.offset_in_text(), 14);
    /// assert_eq!(&text[hyphen.offset_in_text()..][..1], "-");
    /// ```
    #[must_use]
    pub fn offset_in_text(&self) -> usize {
        self.offset_in_text
    }

    /// The byte offset of the hyphen in [`Extracted::url`].
    ///
    /// ```
    /// let hit = &rfc1738::extract::extract("<URL:ftp://h/a-\nb>")[0];
    /// assert_eq!(hit.url(), "ftp://h/a-b");
    /// assert_eq!(hit.hyphen_breaks()[0].offset_in_url(), 9);
    /// ```
    #[must_use]
    pub fn offset_in_url(&self) -> usize {
        self.offset_in_url
    }

    /// The URL with this hyphen removed (and every other one kept), when
    /// the URL is at most [`MAX_READING_BYTES`] long; `None` for a longer
    /// one, whose reading is [`Extracted::url`] less its byte at
    /// [`offset_in_url`](HyphenBreak::offset_in_url).
    ///
    /// ```
    /// let hit = &rfc1738::extract::extract("<URL:ftp://h/a-\nb-\nc>")[0];
    /// assert_eq!(hit.url(), "ftp://h/a-b-c");
    /// let readings: Vec<_> = hit.hyphen_breaks().iter().map(|h| h.without()).collect();
    /// assert_eq!(readings, [Some("ftp://h/ab-c"), Some("ftp://h/a-bc")]);
    /// ```
    #[must_use]
    pub fn without(&self) -> Option<&str> {
        self.without.as_deref()
    }

    /// Whether the URL without this hyphen ([`without`](HyphenBreak::without))
    /// is a valid URL, as [`crate::is_valid`] says; known for a URL of any
    /// length.
    ///
    /// ```
    /// // A label does not end with a hyphen: the reading without it is valid.
    /// let hit = &rfc1738::extract::extract("<URL:http://a.b-\n:80/>")[0];
    /// assert!(!hit.is_valid());
    /// assert!(hit.hyphen_breaks()[0].without_valid());
    /// ```
    #[must_use]
    pub fn without_valid(&self) -> bool {
        self.without_valid
    }
}

/// A URL found in a text (see the [module documentation](self) for what is
/// found).
///
/// ```
/// use rfc1738::extract::{Form, extract};
///
/// let text = "Read <URL:http://a.b/x#top> now.";
/// let hit = &extract(text)[0];
/// assert_eq!((hit.url(), hit.fragment()), ("http://a.b/x", Some("top")));
/// assert_eq!((hit.form(), &text[hit.span()]), (Form::UrlPrefixed, "<URL:http://a.b/x#top>"));
/// assert!(hit.is_valid());
/// ```
///
/// A hit borrows from its text: the URL and the fragment, one string
/// ([`url_with_fragment`](Extracted::url_with_fragment)), when they stand
/// in it as they are (no whitespace removed, no byte that is not UTF-8),
/// and the text they were read from, to map offsets back to it.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Extracted<'a> {
    span: Range<usize>,
    position: Position,
    form: Form,
    /// The URL, then `#` and the fragment when there is one: a slice of
    /// the text when it stands there as it is, else made at its exact
    /// length.
    written: Cow<'a, str>,
    /// The URL's length in `written`.
    url_len: usize,
    /// Whether a fragment follows the URL in `written`.
    has_fragment: bool,
    hyphen_breaks: Vec<HyphenBreak>,
    /// How many hyphen breaks there are beyond those reported.
    more_hyphen_breaks: usize,
    verdict: Result<Rule, Error>,
    /// The text the URL and its fragment were read from: a wrapper's
    /// content, or a bare URL's text; where it starts in the text, and its
    /// line and column there.
    content: Content<'a>,
}

/// The text a hit's URL and fragment were read from, and where it is.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Content<'a> {
    bytes: &'a [u8],
    start: usize,
    position: Position,
}

impl core::fmt::Debug for Extracted<'_> {
    /// The URL and the fragment apart, as [`Extracted::url`] and
    /// [`Extracted::fragment`] give them.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Extracted")
            .field("span", &self.span)
            .field("position", &self.position)
            .field("form", &self.form)
            .field("url", &self.url())
            .field("fragment", &self.fragment())
            .field("hyphen_breaks", &self.hyphen_breaks)
            .field("more_hyphen_breaks", &self.more_hyphen_breaks)
            .field("verdict", &self.verdict)
            .field("content", &self.content)
            .finish()
    }
}

impl core::fmt::Debug for Content<'_> {
    /// The text as a string (bytes that are not UTF-8 as U+FFFD), not as
    /// a list of numbers.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Content")
            .field("text", &String::from_utf8_lossy(self.bytes))
            .field("start", &self.start)
            .field("position", &self.position)
            .finish()
    }
}

impl<'a> Extracted<'a> {
    /// The bytes of the whole occurrence in the text: the wrapper included,
    /// the trailing punctuation dropped from a bare URL excluded.
    ///
    /// ```
    /// let text = "(see http://a.b/c).";
    /// let hit = &rfc1738::extract::extract(text)[0];
    /// assert_eq!((hit.span(), &text[hit.span()]), (5..17, "http://a.b/c"));
    /// ```
    #[must_use]
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// The line and column of the occurrence's start, counted as
    /// [`Position`] counts them (lines end at `\n`, columns are characters,
    /// both from 1).
    ///
    /// ```
    /// use rfc1738::Position;
    /// let hits = rfc1738::extract::extract("a\nsee é http://a.b/");
    /// assert_eq!(hits[0].position(), Position::new(2, 7));
    /// assert_eq!(hits[0].position().to_string(), "2:7");
    /// ```
    #[must_use]
    pub fn position(&self) -> Position {
        self.position
    }

    /// The 1-based line of the occurrence's start ([`position`]).
    ///
    /// [`position`]: Extracted::position
    ///
    /// ```
    /// let hits = rfc1738::extract::extract("one\ntwo\nthree news:a.b");
    /// assert_eq!(hits[0].line(), 3);
    /// ```
    #[must_use]
    pub fn line(&self) -> usize {
        self.position.line()
    }

    /// The 1-based column of the occurrence's start, in characters
    /// ([`position`]).
    ///
    /// [`position`]: Extracted::position
    ///
    /// ```
    /// let hits = rfc1738::extract::extract("« voir http://a.b/ »");
    /// assert_eq!(hits[0].column(), 8);
    /// ```
    #[must_use]
    pub fn column(&self) -> usize {
        self.position.column()
    }

    /// How the URL was written.
    ///
    /// ```
    /// use rfc1738::extract::{Form, extract};
    /// assert_eq!(extract("<mailto:me@a.b>")[0].form(), Form::Angle);
    /// ```
    #[must_use]
    pub fn form(&self) -> Form {
        self.form
    }

    /// The URL: whitespace removed, wrapper and fragment not included.
    ///
    /// ```
    /// let hits = rfc1738::extract::extract("<URL: ftp://a.b/x\n  /y #z>");
    /// assert_eq!(hits[0].url(), "ftp://a.b/x/y");
    /// ```
    #[must_use]
    pub fn url(&self) -> &str {
        // `url_len` is the length of the URL's text, at the start of
        // `written`: a boundary.
        self.written.get(..self.url_len).unwrap_or_default()
    }

    /// The fragment identifier, without its `#` (and without whitespace):
    /// `Some("")` for a URL followed by a bare `#`.
    ///
    /// ```
    /// use rfc1738::extract::extract;
    /// assert_eq!(extract("http://a.b/c#sec-2")[0].fragment(), Some("sec-2"));
    /// assert_eq!(extract("http://a.b/c#")[0].fragment(), Some(""));
    /// assert_eq!(extract("http://a.b/c")[0].fragment(), None);
    /// ```
    #[must_use]
    pub fn fragment(&self) -> Option<&str> {
        // After the URL and its `#`, an ASCII byte: a boundary.
        let after = self.written.get(self.url_len + 1..);
        self.has_fragment.then(|| after.unwrap_or_default())
    }

    /// The URL and, when the hit has a fragment, `#` and the fragment, as
    /// one string: what the hit's text holds from the URL's start to the
    /// hit's end (before a wrapper's `>`), whitespace removed. A `#` ends a URL, while
    /// people type one into a password as any other character
    /// (`ftp://me:12#34@host/`): a program that hides passwords can read
    /// this as well as the URL. The hit holds it once, [`url`] and
    /// [`fragment`] being its two parts, so asking for it costs nothing.
    ///
    /// [`url`]: Extracted::url
    /// [`fragment`]: Extracted::fragment
    ///
    /// ```
    /// let hits = rfc1738::extract::extract("<URL:ftp://me:12#3\n 4@host/> http://h/a");
    /// assert_eq!(hits[0].url(), "ftp://me:12");
    /// assert_eq!(hits[0].url_with_fragment(), "ftp://me:12#34@host/");
    /// assert_eq!(hits[1].url_with_fragment(), "http://h/a");
    /// ```
    #[must_use]
    pub fn url_with_fragment(&self) -> &str {
        &self.written
    }

    /// The hyphens of the URL that stand before a line break, each with the
    /// reading without it, in the order of the text; at most
    /// [`MAX_HYPHEN_BREAKS`]. Always empty for a bare URL.
    ///
    /// ```
    /// use rfc1738::extract::extract;
    /// assert_eq!(extract("<URL:ftp://h/a-\n b>")[0].hyphen_breaks().len(), 1);
    /// // A bare URL ends at the line break.
    /// assert_eq!(extract("ftp://h/a-\nb")[0].url(), "ftp://h/a-");
    /// assert!(extract("ftp://h/a-\nb")[0].hyphen_breaks().is_empty());
    /// ```
    #[must_use]
    pub fn hyphen_breaks(&self) -> &[HyphenBreak] {
        &self.hyphen_breaks
    }

    /// How many hyphens of the URL stand before a line break beyond the
    /// [`MAX_HYPHEN_BREAKS`] that [`hyphen_breaks`](Extracted::hyphen_breaks)
    /// reports: counted, not checked.
    ///
    /// ```
    /// use rfc1738::extract::{MAX_HYPHEN_BREAKS, extract};
    ///
    /// let text = format!("<URL:ftp://h/{}x>", "a-\n".repeat(20));
    /// let hit = &extract(&text)[0];
    /// assert_eq!(hit.hyphen_breaks().len(), MAX_HYPHEN_BREAKS);
    /// assert_eq!(hit.more_hyphen_breaks(), 4);
    /// ```
    #[must_use]
    pub fn more_hyphen_breaks(&self) -> usize {
        self.more_hyphen_breaks
    }

    /// [`check`] of [`url`](Extracted::url), made when the hit was read:
    /// the scheme rule it matched, or why it does not.
    ///
    /// # Errors
    ///
    /// When the URL is not valid: [`check`]'s [`Error`] for it, borrowed
    /// from the hit (clone it to keep it longer). Its offsets are in the URL;
    /// map them to the text with [`text_offset`](Extracted::text_offset) and
    /// [`text_position`](Extracted::text_position).
    ///
    /// ```
    /// use rfc1738::Rule;
    /// let hits = rfc1738::extract::extract("gopher://h/1x and http://h:8a/");
    /// assert_eq!(hits[0].verdict(), Ok(Rule::Gopherurl));
    /// let error = hits[1].verdict().unwrap_err();
    /// assert_eq!((error.rule(), error.offset()), (Rule::Httpurl, 10));
    /// assert_eq!(hits[1].text_offset(error.offset()), 28);
    /// ```
    pub fn verdict(&self) -> Result<Rule, &Error> {
        self.verdict.as_ref().copied()
    }

    /// The scheme rule the URL matched, `None` when it is not valid: the
    /// [`verdict`](Extracted::verdict)'s `Ok`.
    ///
    /// ```
    /// use rfc1738::Rule;
    /// let hits = rfc1738::extract::extract("gopher://h/1x and http://h:8a/");
    /// assert_eq!(hits[0].rule(), Some(Rule::Gopherurl));
    /// assert_eq!(hits[1].rule(), None);
    /// ```
    #[must_use]
    pub fn rule(&self) -> Option<Rule> {
        self.verdict.as_ref().ok().copied()
    }

    /// Why the URL is not valid, `None` when it is: the
    /// [`verdict`](Extracted::verdict)'s `Err`, borrowed from the hit.
    /// Clone it to return it, as `?` does:
    ///
    /// ```
    /// use rfc1738::{Error, Rule};
    /// use rfc1738::extract::extract;
    ///
    /// /// The rules of the URLs in `text`, or the first URL's error.
    /// fn rules(text: &str) -> Result<Vec<Rule>, Error> {
    ///     let mut rules = Vec::new();
    ///     for hit in extract(text) {
    ///         hit.error().cloned().map_or(Ok(()), Err)?;
    ///         rules.extend(hit.rule());
    ///     }
    ///     Ok(rules)
    /// }
    /// assert_eq!(rules("see news:a.b and ftp://h/"), Ok(vec![Rule::Newsurl, Rule::Ftpurl]));
    /// let error = rules("see news:a.b and http://h:8a/").unwrap_err();
    /// assert_eq!((error.rule(), error.offset()), (Rule::Httpurl, 10));
    /// ```
    #[must_use]
    pub fn error(&self) -> Option<&Error> {
        self.verdict.as_ref().err()
    }

    /// Whether the URL is valid.
    ///
    /// ```
    /// let hits = rfc1738::extract::extract("ftp://h/ok ftp://h/%zz");
    /// let valid: Vec<bool> = hits.iter().map(|hit| hit.is_valid()).collect();
    /// assert_eq!(valid, [true, false]);
    /// ```
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.verdict.is_ok()
    }

    /// The byte offset in the text of the URL's byte at `url_offset`.
    ///
    /// The URL's end (`url().len()`, where an error "found end of input"
    /// points) maps to just after its last byte in the text, where the `#`,
    /// the whitespace, the `>` or whatever ended it stands; greater offsets
    /// are taken as the end. An offset where whitespace was removed maps to
    /// the byte after the whitespace. An empty URL maps every offset to where
    /// the wrapper's content starts. A U+FFFD that stands for bytes that are
    /// not UTF-8 ([`extract_bytes_iter`]) maps to the first of them.
    ///
    /// It reads the hit's text from its start, up to the offset: its cost
    /// is bounded by the length of the hit, not of the text before it. To
    /// map many offsets of one hit (each character's, each node of its
    /// derivation tree), read [`url_chars`](Extracted::url_chars) once
    /// rather than calling this for each, which would read the hit's text
    /// as many times.
    ///
    /// ```
    /// let hits = rfc1738::extract::extract("see <URL:http://host:8\n  a/>");
    /// let error = hits[0].verdict().unwrap_err();
    /// assert_eq!(error.offset(), 13); // the "a" of "http://host:8a/"
    /// assert_eq!(hits[0].text_offset(error.offset()), 25); // the "a" of the text
    /// ```
    #[must_use]
    pub fn text_offset(&self, url_offset: usize) -> usize {
        let mut end = self.content.start;
        for c in self.url_chars() {
            if url_offset < c.in_url.end {
                // Inside a character of the text, or at the start of bytes
                // read as one U+FFFD.
                let inside = if c.replaced {
                    0
                } else {
                    url_offset.saturating_sub(c.in_url.start)
                };
                return c.in_text.start + inside;
            }
            end = c.in_text.end;
        }
        end
    }

    /// The line and column in the text of
    /// [`text_offset(url_offset)`](Extracted::text_offset), counted as
    /// [`position`](Extracted::position) counts them; an offset inside a
    /// character is that character's.
    ///
    /// Like [`text_offset`](Extracted::text_offset), its cost is bounded by
    /// the length of the hit, not of the text before it, and
    /// [`url_chars`](Extracted::url_chars) gives the positions of all the
    /// URL's characters in one reading.
    ///
    /// ```
    /// use rfc1738::Position;
    /// let hits = rfc1738::extract::extract("see <URL:http://host:8\n  a/>");
    /// let error = hits[0].verdict().unwrap_err();
    /// assert_eq!(hits[0].text_position(error.offset()), Position::new(2, 3));
    /// ```
    #[must_use]
    pub fn text_position(&self, url_offset: usize) -> Position {
        let mut end = self.content.position;
        for c in self.url_chars() {
            if url_offset < c.in_url.end {
                return c.position;
            }
            // A character of a URL is no line feed: one column on.
            end = next_column(c.position);
        }
        end
    }

    /// Each character of the URL with where it stands in the text, in the
    /// order of the URL: what [`text_offset`](Extracted::text_offset) and
    /// [`text_position`](Extracted::text_position) read for one offset,
    /// for all of them at once. The whole iteration reads the hit's text
    /// once, up to the URL's end, and allocates nothing: mapping every
    /// offset of a URL this way costs as much as mapping one.
    ///
    /// ```
    /// let text = "see <URL:ftp://h/a-\n  b>";
    /// let hit = &rfc1738::extract::extract(text)[0];
    /// let chars: Vec<_> = hit.url_chars().collect();
    /// assert_eq!(chars.len(), hit.url().len());
    /// // The "b" after the line break: the 11th byte of the URL.
    /// let b = &chars[10];
    /// assert_eq!((b.in_url(), b.in_text()), (10..11, 22..23));
    /// assert_eq!(b.position().to_string(), "2:3");
    /// assert_eq!(hit.text_offset(10), b.in_text().start);
    /// ```
    pub fn url_chars(&self) -> impl FusedIterator<Item = UrlChar> + '_ {
        let Content {
            bytes,
            start,
            position,
        } = self.content;
        let url_len = self.url_len;
        let mut units = units(bytes);
        let (mut in_url, mut position) = (0, position);
        core::iter::from_fn(move || {
            while in_url < url_len {
                let unit = units.next()?;
                let at = position;
                position = match unit.c {
                    '\n' => Position::new(at.line().saturating_add(1), 1),
                    _ => next_column(at),
                };
                if unit.c.is_whitespace() {
                    continue;
                }
                let width = unit.c.len_utf8();
                let c = UrlChar {
                    in_url: in_url..in_url + width,
                    in_text: start + unit.at..start + unit.at + unit.len,
                    position: at,
                    replaced: unit.bad,
                };
                in_url += width;
                return Some(c);
            }
            None
        })
        .fuse()
    }
}

/// The position one column after `position`, on its line.
fn next_column(position: Position) -> Position {
    Position::new(position.line(), position.column().saturating_add(1))
}

/// A character of a hit's URL and where it stands in the text: what
/// [`Extracted::url_chars`] gives.
///
/// ```
/// let hit = &rfc1738::extract::extract("« http://h/é »")[0];
/// let e = hit.url_chars().last().unwrap();
/// assert_eq!((e.in_url(), e.in_text()), (9..11, 12..14));
/// assert_eq!(e.position().column(), 12);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UrlChar {
    in_url: Range<usize>,
    in_text: Range<usize>,
    position: Position,
    /// Whether it is a U+FFFD that stands for bytes that are not UTF-8.
    replaced: bool,
}

impl UrlChar {
    /// Its bytes in [`Extracted::url`].
    ///
    /// ```
    /// let hit = &rfc1738::extract::extract("<URL:news: a.b>")[0];
    /// let ranges: Vec<_> = hit.url_chars().map(|c| c.in_url()).collect();
    /// assert_eq!(ranges[5], 5..6); // the "a", after the removed space
    /// ```
    #[must_use]
    pub fn in_url(&self) -> Range<usize> {
        self.in_url.clone()
    }

    /// Its bytes in the text: as many as in the URL, but for a U+FFFD that
    /// stands for bytes that are not UTF-8 ([`extract_bytes_iter`]), three
    /// bytes in the URL for the one to three it stands for.
    ///
    /// ```
    /// let hit = rfc1738::extract::extract_bytes_iter(b"<URL:news: \xFFb>").next().unwrap();
    /// let ranges: Vec<_> = hit.url_chars().map(|c| (c.in_url(), c.in_text())).collect();
    /// assert_eq!(ranges[5], (5..8, 11..12)); // the 0xFF, as U+FFFD
    /// assert_eq!(ranges[6], (8..9, 12..13)); // the "b"
    /// ```
    #[must_use]
    pub fn in_text(&self) -> Range<usize> {
        self.in_text.clone()
    }

    /// The line and column of its first byte in the text, counted as
    /// [`Extracted::position`] counts them.
    ///
    /// ```
    /// let hit = &rfc1738::extract::extract("<URL:news:\n a.b>")[0];
    /// let c = hit.url_chars().nth(5).unwrap();
    /// assert_eq!((c.position().line(), c.position().column()), (2, 2));
    /// ```
    #[must_use]
    pub fn position(&self) -> Position {
        self.position
    }
}

/// Every URL in `text`, in the order of the text (see the [module
/// documentation](self) for what is found and how): [`extract_iter`]
/// collected.
///
/// Never panics; time and memory are linear in the length of the text.
///
/// ```
/// let hits = rfc1738::extract::extract("Mail <mailto:a@b.c>, or telnet://d.e/.");
/// let urls: Vec<&str> = hits.iter().map(|hit| hit.url()).collect();
/// assert_eq!(urls, ["mailto:a@b.c", "telnet://d.e/"]);
/// ```
#[must_use]
pub fn extract(text: &str) -> Vec<Extracted<'_>> {
    extract_iter(text).collect()
}

/// The URLs of `text`, found one at a time as the iterator is advanced, in
/// the order of the text (see the [module documentation](self)).
///
/// Never panics. Going through all of them reads the text once: time is
/// linear in its length, and the iterator holds nothing that grows with the
/// text or with the hits already returned.
///
/// ```
/// use rfc1738::extract::extract_iter;
///
/// let mut hits = extract_iter("see http://a.b/ and <URL:ftp://c.d/x>");
/// assert_eq!(hits.next().unwrap().url(), "http://a.b/");
/// assert_eq!(hits.next().unwrap().url(), "ftp://c.d/x");
/// assert!(hits.next().is_none());
/// ```
pub fn extract_iter(text: &str) -> Extractor<'_> {
    extract_bytes_iter(text.as_bytes())
}

/// The URLs of `text`, bytes that may not be UTF-8 (a file as read), found
/// one at a time: the hits [`extract_iter`] finds in
/// `String::from_utf8_lossy(text)`, where each sequence of bytes that is
/// not UTF-8 is one U+FFFD, without that copy of the text.
///
/// Offsets in the text ([`Extracted::span`],
/// [`HyphenBreak::offset_in_text`], [`Extracted::text_offset`]) are offsets
/// in `text`, the bytes; lines and columns count such a sequence as one
/// character. A hit's URL and fragment hold a U+FFFD for each (a URL
/// cannot hold one); when the URL's error stands on the first, the
/// verdict is the error [`check_bytes`](crate::check_bytes) gives for the
/// URL's bytes, which names the byte.
///
/// ```
/// use rfc1738::Found;
/// use rfc1738::extract::extract_bytes_iter;
///
/// let text = b"caf\xE9 <URL:http://h/\xE9t\n\xE9> http://h/x";
/// let hits: Vec<_> = extract_bytes_iter(text).collect();
/// assert_eq!(hits[0].url(), "http://h/\u{FFFD}t\u{FFFD}");
/// assert_eq!((hits[0].span(), hits[0].column()), (5..24, 6));
/// let error = hits[0].verdict().unwrap_err();
/// assert_eq!((error.offset(), error.found()), (9, Found::Byte(0xE9)));
/// assert_eq!(hits[0].text_offset(error.offset()), 19);
/// assert_eq!(hits[1].url(), "http://h/x");
/// ```
pub fn extract_bytes_iter(text: &[u8]) -> Extractor<'_> {
    Extractor {
        text,
        at: 0,
        cursor: Cursor::default(),
        marks: Marks::default(),
    }
}

/// The URLs of a text, found one at a time: what [`extract_iter`] and
/// [`extract_bytes_iter`] return.
///
/// ```
/// let mut hits = rfc1738::extract::extract_iter("http://a/ then http://b/");
/// let first = hits.next().unwrap();
/// assert_eq!(first.url(), "http://a/");
/// // The rest, from where the first ended.
/// assert_eq!(hits.map(|hit| hit.url().to_owned()).collect::<Vec<_>>(), ["http://b/"]);
/// ```
///
/// `Debug` shows where the search goes on and the text's length in bytes,
/// not the text, which may be long and hold passwords:
///
/// ```
/// let mut hits = rfc1738::extract::extract_iter("ftp://me:secret@a/ then");
/// hits.next();
/// assert_eq!(format!("{hits:?}"), "Extractor { at: 18, len: 23, .. }");
/// ```
#[derive(Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Extractor<'a> {
    text: &'a [u8],
    /// Where the search goes on: after the last hit, or the last text read.
    at: usize,
    /// Where the last hit starts, and its line and column.
    cursor: Cursor,
    /// Markdown's marks open in the running text read so far.
    marks: Marks,
}

impl fmt::Debug for Extractor<'_> {
    /// Where the search goes on and the text's length, in bytes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Extractor")
            .field("at", &self.at)
            .field("len", &self.text.len())
            .finish_non_exhaustive()
    }
}

impl<'a> Iterator for Extractor<'a> {
    type Item = Extracted<'a>;

    fn next(&mut self) -> Option<Extracted<'a>> {
        let text = self.text;
        while let Some(&byte) = text.get(self.at) {
            let found = if byte == b'<' {
                wrapped(text, self.at, &mut self.cursor).map(|hit| {
                    let resume = hit.span.end;
                    (Some(hit), resume)
                })
            } else {
                bare_scheme(text, self.at).map(|scheme| {
                    let at = (self.at, scheme);
                    bare(text, at, &mut self.marks, &mut self.cursor)
                })
            };
            match found {
                Some((hit, resume)) => {
                    // What a hit or a candidate spans is not running text.
                    self.marks.blank = false;
                    self.at = resume;
                    if hit.is_some() {
                        return hit;
                    }
                }
                None => {
                    self.marks.pass(text, self.at);
                    self.at += 1;
                }
            }
        }
        None
    }
}

impl FusedIterator for Extractor<'_> {}

/// A character of a text as `String::from_utf8_lossy` reads it, and where
/// it stands: a sequence of bytes that is not UTF-8 is one U+FFFD.
#[derive(Clone, Copy, Debug)]
struct Unit {
    /// Its offset in the bytes read.
    at: usize,
    c: char,
    /// How many bytes of the text it takes.
    len: usize,
    /// Whether it is a U+FFFD that stands for bytes that are not UTF-8.
    bad: bool,
}

/// The characters of `bytes`, as `String::from_utf8_lossy` reads them,
/// decoded one at a time as they are asked for: reading the first few
/// costs only them, however long the bytes.
fn units(bytes: &[u8]) -> impl Iterator<Item = Unit> + '_ {
    let mut at = 0;
    core::iter::from_fn(move || {
        let rest = bytes.get(at..)?;
        let first = *rest.first()?;
        let unit = if first.is_ascii() {
            Unit {
                at,
                c: char::from(first),
                len: 1,
                bad: false,
            }
        } else {
            // A character is at most 4 bytes, and a sequence that is not
            // UTF-8 is known from at most 4 as well.
            let chunk = rest.get(..4).unwrap_or(rest).utf8_chunks().next()?;
            match chunk.valid().chars().next() {
                Some(c) => Unit {
                    at,
                    c,
                    len: c.len_utf8(),
                    bad: false,
                },
                None => Unit {
                    at,
                    c: char::REPLACEMENT_CHARACTER,
                    len: chunk.invalid().len().max(1),
                    bad: true,
                },
            }
        };
        at += unit.len;
        Some(unit)
    })
}

/// The position reached from `position` by reading `bytes` as
/// `String::from_utf8_lossy` reads them: a sequence of bytes that is not
/// UTF-8 is one character.
fn after(position: Position, bytes: &[u8]) -> Position {
    bytes.utf8_chunks().fold(position, |position, chunk| {
        let position = position.after(chunk.valid());
        if chunk.invalid().is_empty() {
            position
        } else {
            position.after("\u{FFFD}")
        }
    })
}

/// An offset of the text and its [`Position`], advanced from hit to hit
/// so that locating every hit costs one pass.
#[derive(Clone, Debug, Default)]
struct Cursor {
    offset: usize,
    position: Position,
    /// How many characters the cursor has stepped over: each of the text
    /// at most once.
    #[cfg(test)]
    stepped: usize,
}

impl Cursor {
    /// Moves to `offset` (an ASCII byte, not before the current offset) and
    /// returns its position.
    fn advance(&mut self, text: &[u8], offset: usize) -> Position {
        // Hits start at a `<` or an ASCII letter, after the previous hit's
        // start: a character of its own ahead of us. Were it not, nothing
        // moves.
        if let Some(between) = text.get(self.offset..offset) {
            #[cfg(test)]
            {
                self.stepped += units(between).count();
            }
            self.position = after(self.position, between);
            self.offset = offset;
        }
        self.position
    }
}

/// A scheme character of section 2.1, in either case.
#[inline]
fn is_scheme_char(byte: u8) -> bool {
    charset::SCHEME_FOLDED.contains(byte)
}

/// The wrapper opened by the `<` at `open`, if it is a hit; `cursor` is
/// moved to its start.
fn wrapped<'a>(text: &'a [u8], open: usize, cursor: &mut Cursor) -> Option<Extracted<'a>> {
    let inside = open + 1;
    let close = inside
        + text
            .get(inside..)?
            .iter()
            .position(|&b| b == b'<' || b == b'>')?;
    if text.get(close) != Some(&b'>') {
        return None; // unclosed: another `<` comes first
    }
    let (form, content_start) = match text.get(inside..inside + 4) {
        // `URL:` has no `<` or `>`, so the `>` comes after it.
        Some(prefix) if prefix.eq_ignore_ascii_case(b"URL:") => (Form::UrlPrefixed, inside + 4),
        _ => {
            let scheme = text
                .get(inside..close)?
                .iter()
                .take_while(|&&b| is_scheme_char(b))
                .count();
            if scheme == 0 || text.get(inside + scheme) != Some(&b':') {
                return None;
            }
            (Form::Angle, inside)
        }
    };
    let position = cursor.advance(text, open);
    let content = Content {
        bytes: text.get(content_start..close)?,
        start: content_start,
        position: after(position, text.get(open..content_start)?),
    };
    Some(read(form, open..close + 1, position, content))
}

/// The hit of `form` that spans `span` and starts at `position`, its URL
/// and fragment read from `content`: whitespace removed, the fragment split
/// off at the first `#`, the hyphens at line breaks noted. The URL and the
/// fragment are one string, the content itself when it has neither
/// whitespace nor bytes that are not UTF-8.
fn read(form: Form, span: Range<usize>, position: Position, content: Content<'_>) -> Extracted<'_> {
    let bytes = content.bytes;
    // A `#` is ASCII: no byte of another character, or of bytes that are
    // not UTF-8, is one.
    let hash = memchr::memchr(b'#', bytes);
    let (url, fragment) = match hash {
        Some(hash) => (bytes.get(..hash).unwrap_or_default(), bytes.get(hash + 1..)),
        None => (bytes, None),
    };
    let (url_len, url_plain) = measured(url);
    let fragment_len = fragment.map(measured);
    let plain = url_plain && fragment_len.is_none_or(|(_, plain)| plain);
    let mut breaks = Breaks::default();
    let (written, verdict, hyphen_breaks) = match core::str::from_utf8(bytes) {
        // A plain URL is as long as its bytes.
        Ok(whole) if plain => {
            let url = whole.get(..url_len).unwrap_or_default();
            (Cow::Borrowed(whole), verdict(url, None), Vec::new())
        }
        _ => {
            let capacity = url_len + fragment_len.map_or(0, |(length, _)| 1 + length);
            let mut written = String::with_capacity(capacity);
            let replaced = gather(&mut written, url, content.start, Some(&mut breaks));
            let verdict = verdict(&written, replaced);
            // Before the fragment is added: a reading moves only the URL.
            let hyphen_breaks = readings(&mut written, core::mem::take(&mut breaks.found));
            if let Some(fragment) = fragment {
                written.push('#');
                gather(&mut written, fragment, 0, None);
            }
            (Cow::Owned(written), verdict, hyphen_breaks)
        }
    };
    Extracted {
        span,
        position,
        form,
        written,
        url_len,
        has_fragment: hash.is_some(),
        hyphen_breaks,
        more_hyphen_breaks: breaks.more,
        verdict,
        content,
    }
}

/// The hyphen breaks of a URL, as its offsets in the URL and in the text:
/// the first [`MAX_HYPHEN_BREAKS`], and how many more there are.
#[derive(Default)]
struct Breaks {
    found: Vec<(usize, usize)>,
    more: usize,
}

impl Breaks {
    /// Notes the hyphen at `hyphen`, if any, when the whitespace `run`
    /// after it held a line break.
    fn note(&mut self, run: Option<bool>, hyphen: Option<(usize, usize)>) {
        let Some(hyphen) = hyphen.filter(|_| run == Some(true)) else {
            return;
        };
        if self.found.len() < MAX_HYPHEN_BREAKS {
            self.found.push(hyphen);
        } else {
            self.more += 1;
        }
    }
}

/// The length of `part` of a hit's text (its URL or its fragment) as the
/// hit reads it ([`gather`]), and whether that is `part` itself: no
/// whitespace, no bytes that are not UTF-8.
fn measured(part: &[u8]) -> (usize, bool) {
    units(part).fold((0, true), |(length, plain), unit| {
        if unit.c.is_whitespace() {
            (length, false)
        } else {
            (length + unit.c.len_utf8(), plain && !unit.bad)
        }
    })
}

/// Adds `part` of a hit's text (its URL or its fragment) to `out` as the
/// hit reads it: whitespace removed, each sequence of bytes that is not
/// UTF-8 a U+FFFD.
///
/// With `breaks`, each `-` followed by whitespace that holds a line break
/// is noted there ([`Breaks::note`]), as its offsets in `out` and in the
/// text, where `part` starts at `start`. Returns the offset in `out` of
/// the first U+FFFD added that stands for bytes that are not UTF-8, and
/// the first of those bytes.
fn gather(
    out: &mut String,
    part: &[u8],
    start: usize,
    mut breaks: Option<&mut Breaks>,
) -> Option<(usize, u8)> {
    let mut replaced = None;
    // Inside a whitespace run: whether it has had a line break.
    let mut run: Option<bool> = None;
    // The offsets of the last character, in `out` and in the text, if it
    // is a `-`.
    let mut hyphen = None;
    for unit in units(part) {
        if unit.c.is_whitespace() {
            run = Some(run.unwrap_or(false) || matches!(unit.c, '\n' | '\r'));
            continue;
        }
        let ended = run.take();
        if let Some(breaks) = breaks.as_deref_mut() {
            breaks.note(ended, hyphen);
        }
        hyphen = (unit.c == '-').then_some((out.len(), start + unit.at));
        if unit.bad && replaced.is_none() {
            replaced = part.get(unit.at).map(|&byte| (out.len(), byte));
        }
        out.push(unit.c);
    }
    if let Some(breaks) = breaks {
        breaks.note(run, hyphen);
    }
    replaced
}

/// [`check`] of `url`; or, when its error stands on the U+FFFD at
/// `replaced`, which stands for bytes that are not UTF-8, the error
/// [`check_bytes`](crate::check_bytes) gives for the URL's bytes: no URL
/// reads past a U+FFFD, and that error names the first of the bytes.
fn verdict(url: &str, replaced: Option<(usize, u8)>) -> Result<Rule, Error> {
    let error = match check(url) {
        Ok(url) => return Ok(url.rule()),
        Err(error) => error,
    };
    match replaced {
        Some((at, byte)) if error.offset() == at => {
            Err(Error::new(error.rule(), url, at, Some(byte), true))
        }
        _ => Err(error),
    }
}

/// The other readings of `url`, one per hyphen break given as its
/// offsets in the URL and in the text: each checked in the URL itself,
/// the hyphen taken out and put back, and kept as text for a URL of at
/// most [`MAX_READING_BYTES`].
fn readings(url: &mut String, breaks: Vec<(usize, usize)>) -> Vec<HyphenBreak> {
    let keep = url.len() <= MAX_READING_BYTES;
    breaks
        .into_iter()
        .filter_map(|(offset_in_url, offset_in_text)| {
            // A `-`, one byte: boundaries on both sides.
            (url.as_bytes().get(offset_in_url) == Some(&b'-')).then_some(())?;
            url.remove(offset_in_url);
            let without_valid = is_valid(url);
            let without = keep.then(|| Box::from(url.as_str()));
            url.insert(offset_in_url, '-');
            Some(HyphenBreak {
                offset_in_text,
                offset_in_url,
                without,
                without_valid,
            })
        })
        .collect()
}

/// The length of the scheme name of a bare URL starting at `at`: one of the
/// ten names of section 3, followed by `:`, not preceded by a scheme
/// character.
fn bare_scheme(bytes: &[u8], at: usize) -> Option<usize> {
    if !bytes.get(at)?.is_ascii_alphabetic() {
        return None;
    }
    if at > 0 && bytes.get(at - 1).is_some_and(|&b| is_scheme_char(b)) {
        return None;
    }
    // The ten names are at most 8 bytes long, so the `:` is among the first
    // 9. The slice starts at an ASCII letter and ends at the ASCII `:`, so it
    // cuts no character and is UTF-8.
    let head = bytes.get(at..bytes.len().min(at + 9))?;
    let colon = head.iter().position(|&b| b == b':')?;
    let name = core::str::from_utf8(head.get(..=colon)?).ok()?;
    (scheme_rule(name) != Rule::Otherurl).then_some(colon)
}

/// The bare URL whose `scheme`-byte name starts at `start` (`(start,
/// scheme)`), if something is left of it after the trailing punctuation and
/// Markdown's closing `marks`, and where to read on: the end of its run.
/// `cursor` is moved to the URL's start if it is a hit.
fn bare<'a>(
    text: &'a [u8],
    (start, scheme): (usize, usize),
    marks: &mut Marks,
    cursor: &mut Cursor,
) -> (Option<Extracted<'a>>, usize) {
    let rest = text.get(start..).unwrap_or_default();
    // Opened by a bracket, a URL ends at the bracket that closes it; opened
    // by a `'`, it loses the `'` that closes it.
    let opener = start.checked_sub(1).and_then(|i| text.get(i));
    let brackets = match opener {
        Some(b'(') => Some(('(', ')')),
        Some(b'[') => Some(('[', ']')),
        Some(b'{') => Some(('{', '}')),
        _ => None,
    };
    let run = run_end(rest, brackets);
    let candidate = rest.get(..run).unwrap_or_default();
    let end = marks.close(candidate, opener == Some(&b'\''));
    // Scheme letters are not punctuation: trimming stops at the `:` at the
    // latest. Nothing but slashes after it (`http://` of a template such as
    // `http://<host>/`, or of the BNF's `"http://"`), no URL.
    let after_colon = candidate.get(scheme + 1..end).unwrap_or_default();
    if after_colon.iter().all(|&b| b == b'/') {
        return (None, start + run);
    }
    let position = cursor.advance(text, start);
    let content = Content {
        // Only ASCII bytes were trimmed.
        bytes: rest.get(..end).unwrap_or_default(),
        start,
        position,
    };
    let hit = read(Form::Bare, start..start + end, position, content);
    (Some(hit), start + run)
}

/// The length of the run of a bare URL at the start of `rest`: up to the
/// first whitespace character, `<`, `>`, `"` or mark of punctuation outside
/// ASCII ([`is_wide_punctuation`]); or, for a URL opened by the
/// first of `brackets`, up to the second that closes it (the first `close`
/// not matched by an `open` after it); or up to a `]` that ends a Markdown
/// link's text (followed by `(` or `[`) and that no `[` of the URL opened;
/// whichever comes first. It reads no further than the run, which the
/// search then steps over: a text of many bracketed URLs and no whitespace
/// is read once, not again from each.
fn run_end(rest: &[u8], brackets: Option<(char, char)>) -> usize {
    let mut depth = 0usize;
    // The `[` the URL opened and has not closed.
    let mut square = 0usize;
    for Unit { at, c, .. } in units(rest) {
        if c.is_whitespace() || matches!(c, '<' | '>' | '"') || is_wide_punctuation(c) {
            return at;
        }
        match c {
            '[' => square += 1,
            ']' => match square.checked_sub(1) {
                Some(inner) => square = inner,
                None if matches!(rest.get(at + 1), Some(b'(' | b'[')) => return at,
                None => {}
            },
            _ => {}
        }
        let Some((open, close)) = brackets else {
            continue;
        };
        if c == open {
            depth += 1;
        } else if c == close {
            match depth.checked_sub(1) {
                Some(inner) => depth = inner,
                None => return at,
            }
        }
    }
    rest.len()
}

/// Whether `c` is one of the marks of punctuation outside ASCII that text
/// puts around or after a URL: quotes (`“ ” ‘ ’ « » ‹ ›`, CJK corner
/// brackets), brackets, dashes, the ellipsis, and the sentence marks of
/// other scripts (`。 ， 、 ！ ？`, Arabic, Devanagari). No URL holds a
/// character outside ASCII, so such a mark ends a bare URL rather than
/// making it invalid; letters outside ASCII (`http://a/café`) stay, and
/// the URL is reported invalid where they are.
fn is_wide_punctuation(c: char) -> bool {
    matches!(
        c,
        '\u{2018}'..='\u{201F}' // ‘ ’ ‚ ‛ “ ” „ ‟
            | '«' | '»' | '‹' | '›'
            | '\u{2013}'..='\u{2015}' // – — ―
            | '…' | '‥' | '‼' | '⁇' | '⁈' | '⁉' | '¡' | '¿'
            | '\u{3001}'..='\u{3003}' // 、 。 〃
            | '\u{3008}'..='\u{3011}' // 〈 〉 《 》 「 」 『 』 【 】
            | '\u{3014}'..='\u{301F}' // 〔 〕 〖 〗 〘 〙 〚 〛 〜 〝 〞 〟
            | '\u{FF01}'..='\u{FF0F}' // ！ ＂ ＃ ... ， － ． ／
            | '\u{FF1A}'..='\u{FF1F}' // ： ； ＜ ＝ ＞ ？
            | '\u{FF3B}' | '\u{FF3D}' | '\u{FF5B}' | '\u{FF5D}' // ［ ］ ｛ ｝
            | '\u{FF5F}'..='\u{FF65}' // ｟ ｠ ｡ ｢ ｣ ､ ･
            | '\u{060C}' | '\u{061B}' | '\u{061F}' | '\u{06D4}' // ، ؛ ؟ ۔
            | '\u{0964}' | '\u{0965}' // । ॥
    )
}

/// Markdown's emphasis and code marks (`*`, `_`, `~`, `` ` ``) open in the
/// running text read so far: for each, whether an odd number of runs of it
/// were seen since the paragraph started (a blank line starts one). A `_`
/// between two letters or digits is part of a word, as Markdown reads it,
/// and opens nothing; nor does a run of `*`, `_` or `~` followed by
/// whitespace or the end of the text (a list's bullet, `2 * 3`), which is
/// not left-flanking as CommonMark says, though it closes one open.
#[derive(Clone, Copy, Debug, Default)]
struct Marks {
    open: [bool; MARKS.len()],
    /// Whether the line read so far holds only whitespace.
    blank: bool,
}

/// The marks, in the order of [`Marks::open`].
const MARKS: [u8; 4] = [b'*', b'_', b'~', b'`'];

impl Marks {
    /// Passes over `bytes[at]`, a byte of running text.
    fn pass(&mut self, bytes: &[u8], at: usize) {
        let Some(&byte) = bytes.get(at) else {
            return;
        };
        match byte {
            b'\n' => {
                if self.blank {
                    self.open = [false; MARKS.len()];
                }
                self.blank = true;
            }
            b' ' | b'\t' | b'\r' => {}
            _ => {
                self.blank = false;
                let Some(mark) = MARKS.iter().position(|&mark| mark == byte) else {
                    return;
                };
                let before = at.checked_sub(1).and_then(|i| bytes.get(i));
                if before == Some(&byte) {
                    return; // inside a run, counted at its start
                }
                let length = bytes[at..].iter().take_while(|&&b| b == byte).count();
                let after = bytes.get(at + length);
                let word = |b: Option<&u8>| b.is_some_and(u8::is_ascii_alphanumeric);
                if byte == b'_' && word(before) && word(after) {
                    return;
                }
                // A code span may start with a space; emphasis may not.
                let spaced = byte != b'`'
                    && units(bytes.get(at + length..).unwrap_or_default())
                        .next()
                        .is_none_or(|unit| unit.c.is_whitespace());
                if spaced && !self.open[mark] {
                    return;
                }
                self.open[mark] = !self.open[mark];
            }
        }
    }

    /// The length of a bare URL's `candidate` run once its trailing
    /// punctuation ([`trimmed`], the URL `quoted` or not), and the runs of
    /// marks that close marks open before it, are dropped; the marks it
    /// drops are closed.
    fn close(&mut self, candidate: &[u8], quoted: bool) -> usize {
        let mut end = trimmed(candidate, quoted);
        while let Some(&last) = end.checked_sub(1).and_then(|i| candidate.get(i)) {
            let Some(mark) = MARKS.iter().position(|&mark| mark == last) else {
                break;
            };
            if !self.open[mark] {
                break;
            }
            self.open[mark] = false;
            let run = candidate[..end]
                .iter()
                .rev()
                .take_while(|&&b| b == last)
                .count();
            end = trimmed(&candidate[..end - run], quoted);
        }
        end
    }
}

/// The length of a bare URL's `candidate` run once its trailing
/// punctuation is dropped: `.` `,` `;` `:` `!` `?`, a `)`, `]` or `}` that
/// the run has more of than of its opening bracket, and, for a URL
/// `quoted` (opened by a `'` right before it), one `'`, the quote that
/// closes it.
fn trimmed(candidate: &[u8], mut quoted: bool) -> usize {
    let count = |byte: u8| candidate.iter().filter(|&&b| b == byte).count();
    let (open_round, mut close_round) = (count(b'('), count(b')'));
    let (open_square, mut close_square) = (count(b'['), count(b']'));
    let (open_curly, mut close_curly) = (count(b'{'), count(b'}'));
    let mut end = candidate.len();
    while let Some(&last) = end.checked_sub(1).and_then(|i| candidate.get(i)) {
        match last {
            b'.' | b',' | b';' | b':' | b'!' | b'?' => {}
            b')' if close_round > open_round => close_round -= 1,
            b']' if close_square > open_square => close_square -= 1,
            b'}' if close_curly > open_curly => close_curly -= 1,
            b'\'' if quoted => quoted = false,
            _ => break,
        }
        end -= 1;
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `hits` of `ftp://h/%zz` (invalid: `%` starts no escape), after a
    /// word, each on a line of its own or all on one line.
    fn invalid_hits(hits: usize, lines: bool) -> String {
        let separator = if lines { "\n" } else { " " };
        format!("see {}", "ftp://h/%zz".repeat(hits))
            .replace("%zzftp", &format!("%zz{separator}ftp"))
    }

    #[test]
    fn locating_every_hit_steps_over_each_character_once() {
        for lines in [false, true] {
            let text = invalid_hits(50_000, lines);
            let mut hits = extract_iter(&text);
            let mut count = 0;
            for hit in hits.by_ref() {
                assert!(!hit.is_valid());
                count += 1;
            }
            assert_eq!(count, 50_000);
            // Up to the last hit's start, once: not a pass per hit.
            let last = text.len() - "ftp://h/%zz".len();
            assert_eq!(hits.cursor.stepped, last, "lines: {lines}");
        }
    }

    /// The URLs found in `text`, and the text each hit spans.
    fn found(text: &str) -> Vec<(String, &str)> {
        extract(text)
            .iter()
            .map(|hit| (hit.url().to_owned(), &text[hit.span()]))
            .collect()
    }

    /// The URLs found in `text`.
    fn urls(text: &str) -> Vec<String> {
        found(text).into_iter().map(|(url, _)| url).collect()
    }

    #[test]
    fn markdown_marks_that_close_before_a_url_are_not_part_of_it() {
        for (text, url) in [
            ("**http://a.b/c**", "http://a.b/c"),
            ("`http://a.b/c`", "http://a.b/c"),
            ("_http://a.b/c_", "http://a.b/c"),
            ("~~http://a.b/c~~", "http://a.b/c"),
            ("***http://a.b/c***.", "http://a.b/c"),
            ("**`http://a.b/c`**", "http://a.b/c"),
            // Opened earlier in the paragraph, on another line too.
            ("**See http://a.b/c**", "http://a.b/c"),
            ("*See\nhttp://a.b/c*, then", "http://a.b/c"),
            // The mark closes before punctuation, or after it.
            ("`ftp://h/f`.", "ftp://h/f"),
            ("(`ftp://h/f`)", "ftp://h/f"),
        ] {
            assert_eq!(urls(text), [url], "{text:?}");
        }
        // The span ends where the URL does.
        assert_eq!(found("x **http://a/b** y")[0].1, "http://a/b");
    }

    #[test]
    fn marks_that_opened_nothing_are_part_of_the_url() {
        for (text, url) in [
            // Nothing opened: `*` and `_` are characters a URL may hold.
            ("see http://a.b/c* and", "http://a.b/c*"),
            ("see http://a.b/c_", "http://a.b/c_"),
            ("news:*", "news:*"),
            // A `_` inside a word opens nothing.
            ("snake_case http://a.b/c_", "http://a.b/c_"),
            // A blank line ends a paragraph and the marks open in it.
            ("**open\n\nhttp://a.b/c**", "http://a.b/c**"),
            // Closed before the URL.
            ("**a** http://a.b/c*", "http://a.b/c*"),
        ] {
            assert_eq!(urls(text), [url], "{text:?}");
        }
        // Once a URL closes a mark, the next one does not close it again.
        assert_eq!(
            urls("*a http://a/b* http://c/d*"),
            ["http://a/b", "http://c/d*"]
        );
        // A URL that is only its scheme once the marks are dropped is none.
        assert!(urls("*try news:*").is_empty());
        // A mark followed by whitespace opens nothing: a list's bullet, a
        // product.
        assert_eq!(urls("* Subscribe to news:*"), ["news:*"]);
        assert_eq!(urls("2 * 3 = 6; see http://h/a*"), ["http://h/a*"]);
        assert_eq!(
            urls("a _ b http://h/a_ and ~ x http://h/b~"),
            ["http://h/a_", "http://h/b~"]
        );
        assert_eq!(urls("- item *\n  http://h/a*"), ["http://h/a*"]);
        // It still closes one that is open.
        assert_eq!(urls("*a * http://h/a*"), ["http://h/a*"]);
        assert_eq!(urls("* list: *see http://h/a*"), ["http://h/a"]);
    }

    #[test]
    fn markdown_links_give_their_urls_without_the_brackets() {
        assert_eq!(urls("[the spec](http://a.b/c)"), ["http://a.b/c"]);
        assert_eq!(
            urls("[http://a.b/](http://a.b/c)"),
            ["http://a.b/", "http://a.b/c"]
        );
        assert_eq!(
            urls("![logo](http://a.b/l.png), [x](ftp://h/f)."),
            ["http://a.b/l.png", "ftp://h/f"]
        );
        // Brackets that the URL opens are its own.
        assert_eq!(
            urls("[w](http://a.b/wiki/A_(b)) and"),
            ["http://a.b/wiki/A_(b)"]
        );
        // A title after the URL is not part of it.
        assert_eq!(urls("[t](http://a.b/c \"title\")"), ["http://a.b/c"]);
        // A closing bracket right after, as in `(http://a.b/c)and`.
        assert_eq!(urls("(http://a.b/c)and"), ["http://a.b/c"]);
        // An autolink is a wrapper.
        let hits = extract("**<http://a.b/c>**");
        assert_eq!(hits.len(), 1);
        assert_eq!(hits[0].form(), Form::Angle);
        assert_eq!(hits[0].url(), "http://a.b/c");
        // The span ends before the bracket.
        assert_eq!(found("[t](http://a/b)")[0].1, "http://a/b");
    }

    #[test]
    fn quotes_brackets_and_marks_outside_ascii_end_a_bare_url() {
        for text in [
            "“http://a/b”",
            "«http://a/b»",
            "‘http://a/b’.",
            "see http://a/b… and",
            "见http://a/b。然后",
            "「http://a/b」",
            "（http://a/b），",
            "http://a/b—see",
            "\\url{http://a/b}",
            "\\url{http://a/b}.",
            "\\href{http://a/b}{text}",
            "requests.get('http://a/b')",
            "<a href='http://a/b'>",
            "'http://a/b',",
        ] {
            assert_eq!(urls(text), ["http://a/b"], "{text:?}");
        }
        // A `'` or `}` of the URL's own stays; letters outside ASCII too.
        for (text, url) in [
            ("see http://a/b'c", "http://a/b'c"),
            ("see http://a/b'", "http://a/b'"),
            ("'http://a/it's'", "http://a/it's"),
            ("see http://a/{b}", "http://a/{b}"),
            ("see http://a/café", "http://a/café"),
        ] {
            assert_eq!(urls(text), [url], "{text:?}");
        }
    }

    #[test]
    fn a_url_in_a_links_text_ends_with_the_text() {
        for (text, first) in [
            ("[`http://h/x`](http://h/y)", "http://h/x"),
            ("[**http://h/x**](http://h/y)", "http://h/x"),
            ("[_http://h/x_](http://h/y)", "http://h/x"),
            ("[see http://h/x](http://h/y)", "http://h/x"),
            ("[see http://h/x.](http://h/y)", "http://h/x"),
            ("[see **http://h/x**](http://h/y).", "http://h/x"),
        ] {
            assert_eq!(urls(text), [first, "http://h/y"], "{text:?}");
        }
        // By reference: the label is no URL.
        assert_eq!(urls("[see http://h/x][ref]"), ["http://h/x"]);
        // A `]` the URL opened a `[` for is its own; one that ends no link
        // text is trailing punctuation, as before.
        assert_eq!(urls("see http://h/a[1](b) now"), ["http://h/a[1](b)"]);
        assert_eq!(urls("[see http://h/x] now"), ["http://h/x"]);
        // The span ends where the URL does.
        assert_eq!(found("[`http://h/x`](http://h/y)")[0].1, "http://h/x");
    }

    #[test]
    fn the_appendix_wrappers_are_read_as_before_in_markdown() {
        // Inside a wrapper nothing is Markdown: whitespace is removed and a
        // hyphen break reported, marks or not.
        let hits = extract("**<URL:ftp://a.b/lo-\n  ng*>**");
        assert_eq!(hits.len(), 1);
        assert_eq!(hits[0].url(), "ftp://a.b/lo-ng*");
        assert_eq!(hits[0].hyphen_breaks().len(), 1);
    }

    #[test]
    fn marks_cost_one_pass_however_many() {
        // A run of marks is read once, not again from each of its marks:
        // a megabyte of them would take minutes otherwise.
        for mark in ["*", "_", "~", "`"] {
            let text = format!("{}see http://a/b{mark}", mark.repeat(1 << 20));
            assert_eq!(urls(&text), ["http://a/b"], "{mark}");
        }
        let text = format!("{}http://a/b ", "*".repeat(1000)).repeat(200);
        let hits = extract(&text);
        assert_eq!(hits.len(), 200);
        assert!(hits.iter().all(|hit| hit.url() == "http://a/b"));
    }

    #[test]
    fn the_first_hit_of_a_long_text_reads_only_up_to_it() {
        let text = invalid_hits(100_000, true);
        assert!(text.len() > 1 << 20);
        let mut hits = extract_iter(&text);
        let first = hits.next().expect("a hit");
        assert_eq!(first.span(), 4..15);
        assert_eq!((first.line(), first.column()), (1, 5));
        // The search stopped at the hit's end, the position at its start.
        assert_eq!(hits.at, 15);
        assert_eq!(hits.cursor.stepped, 4);
        let second = hits.next().expect("a second hit");
        assert_eq!((second.line(), second.column()), (2, 1));
        assert_eq!((hits.at, hits.cursor.stepped), (27, 16));
    }
}
