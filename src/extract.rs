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
//! assert_eq!(hits[0].verdict(), &Ok(Rule::Ftpurl));
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
//! reported. A hit reports at most [`MAX_HYPHEN_BREAKS`] of them: each other
//! reading is a copy and a check of the whole URL.
//!
//! **Bare URLs.** Outside the wrappers that are hits, a URL of one of the ten
//! schemes of section 3 (`ftp`, `http`, `gopher`, `mailto`, `news`, `nntp`,
//! `telnet`, `wais`, `file`, `prospero`, in any case) is found where its
//! scheme name and `:` start and the byte before is not a scheme character (a
//! letter, digit, `+`, `-` or `.`: `xhttp:` is another scheme). It runs up to
//! the first whitespace character, `<`, `>` or `"` (the delimiters of section
//! 2.2) or the end of the text, and then loses its trailing punctuation: as
//! long as it ends with one of `.` `,` `;` `:` `!` `?`, or with a `)` while it
//! has more `)` than `(`, or with a `]` while it has more `]` than `[`, that
//! character is dropped. What remains is a hit when something other than `/`
//! is left after the scheme's `:`: `the ftp: command`, the `http://` of a
//! template such as `http://<host>:<port>/<path>` and the BNF's literal
//! `"http://"` are no hits. A `#` in a hit splits off the fragment as in a
//! wrapper. A bare URL never continues across
//! whitespace, line breaks after a hyphen included.
//!
//! For every hit, [`Extracted::verdict`] is [`check`] of the URL
//! (its scheme rule chosen by its scheme, case-insensitively), and
//! [`Extracted::text_offset`] maps an offset in the URL, such as an error's,
//! back to the text.

use core::ops::Range;

use crate::{Error, Rule, check, is_valid, scheme_rule};

/// The most [`HyphenBreak`]s one hit reports: the first ones in the text.
/// Each is a second reading of the URL, copied and checked in full, so the
/// limit keeps extraction linear in the length of the text.
pub const MAX_HYPHEN_BREAKS: usize = 16;

/// How a URL was written in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// `<URL:...>`, the appendix's recommended wrapper (`URL:` in any case).
    UrlPrefixed,
    /// `<...>` whose content starts with a scheme name and `:`.
    Angle,
    /// Running text, not wrapped: one of the ten schemes of section 3.
    Bare,
}

/// A `-` of a wrapped URL directly followed by whitespace that contains a line
/// break: the hyphen "may or may not actually be part of the URL" (appendix).
/// [`Extracted::url`] keeps it; this is the other reading.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HyphenBreak {
    offset_in_text: usize,
    offset_in_url: usize,
    without: String,
    without_valid: bool,
}

impl HyphenBreak {
    /// The byte offset of the hyphen in the text.
    pub fn offset_in_text(&self) -> usize {
        self.offset_in_text
    }

    /// The byte offset of the hyphen in [`Extracted::url`].
    pub fn offset_in_url(&self) -> usize {
        self.offset_in_url
    }

    /// The URL with this hyphen removed (and every other one kept).
    pub fn without(&self) -> &str {
        &self.without
    }

    /// Whether [`without`](HyphenBreak::without) is a valid URL, as
    /// [`crate::is_valid`] says.
    pub fn without_valid(&self) -> bool {
        self.without_valid
    }
}

/// A URL found in a text (see the [module documentation](self) for what is
/// found).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extracted {
    span: Range<usize>,
    line: usize,
    column: usize,
    form: Form,
    url: String,
    fragment: Option<String>,
    hyphen_breaks: Vec<HyphenBreak>,
    verdict: Result<Rule, Error>,
    /// Where the URL's bytes are in the text: runs of bytes copied whole,
    /// as (offset in the URL, offset in the text), by increasing offsets,
    /// the first at URL offset 0. Empty for an empty URL.
    pieces: Vec<(usize, usize)>,
    /// The text offset an empty URL maps to: where it would have started.
    content_start: usize,
}

impl Extracted {
    /// The bytes of the whole occurrence in the text: the wrapper included,
    /// the trailing punctuation dropped from a bare URL excluded.
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// The 1-based line of the occurrence's start (lines end at `\n`).
    pub fn line(&self) -> usize {
        self.line
    }

    /// The 1-based column of the occurrence's start, in characters.
    pub fn column(&self) -> usize {
        self.column
    }

    /// How the URL was written.
    pub fn form(&self) -> Form {
        self.form
    }

    /// The URL: whitespace removed, wrapper and fragment not included.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The fragment identifier, without its `#` (and without whitespace):
    /// `Some("")` for a URL followed by a bare `#`.
    pub fn fragment(&self) -> Option<&str> {
        self.fragment.as_deref()
    }

    /// The hyphens of the URL that stand before a line break, each with the
    /// reading without it, in the order of the text; at most
    /// [`MAX_HYPHEN_BREAKS`]. Always empty for a bare URL.
    pub fn hyphen_breaks(&self) -> &[HyphenBreak] {
        &self.hyphen_breaks
    }

    /// [`check`] of [`url`](Extracted::url): the scheme rule it
    /// matched, or why it does not. The error's offsets are in the URL; map
    /// them to the text with [`text_offset`](Extracted::text_offset).
    pub fn verdict(&self) -> &Result<Rule, Error> {
        &self.verdict
    }

    /// Whether the URL is valid.
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
    /// the wrapper's content starts.
    ///
    /// ```
    /// let hits = rfc1738::extract::extract("see <URL:http://host:8\n  a/>");
    /// let error = hits[0].verdict().as_ref().unwrap_err();
    /// assert_eq!(error.offset(), 13); // the "a" of "http://host:8a/"
    /// assert_eq!(hits[0].text_offset(error.offset()), 25); // the "a" of the text
    /// ```
    pub fn text_offset(&self, url_offset: usize) -> usize {
        let url_offset = url_offset.min(self.url.len());
        // The last piece starting at or before the offset; the first piece
        // starts at 0, so there is one unless the URL is empty.
        let after = self
            .pieces
            .partition_point(|&(start, _)| start <= url_offset);
        match after.checked_sub(1).and_then(|i| self.pieces.get(i)) {
            Some(&(url_start, text_start)) => text_start + (url_offset - url_start),
            None => self.content_start,
        }
    }
}

/// Every URL in `text`, in the order of the text (see the [module
/// documentation](self) for what is found and how).
///
/// Never panics; time and memory are linear in the length of the text.
pub fn extract(text: &str) -> Vec<Extracted> {
    let bytes = text.as_bytes();
    let mut hits = Vec::new();
    let mut position = Position::default();
    let mut at = 0;
    while let Some(&byte) = bytes.get(at) {
        let found = if byte == b'<' {
            wrapped(text, at).map(|hit| {
                let resume = hit.span.end;
                (Some(hit), resume)
            })
        } else {
            bare_scheme(bytes, at).map(|scheme| bare(text, at, scheme))
        };
        match found {
            Some((hit, resume)) => {
                if let Some(mut hit) = hit {
                    (hit.line, hit.column) = position.advance(text, hit.span.start);
                    hits.push(hit);
                }
                at = resume;
            }
            None => at += 1,
        }
    }
    hits
}

/// A line and column, advanced through the text from hit to hit so that
/// locating every hit costs one pass.
#[derive(Debug)]
struct Position {
    offset: usize,
    line: usize,
    column: usize,
}

impl Default for Position {
    fn default() -> Self {
        Position {
            offset: 0,
            line: 1,
            column: 1,
        }
    }
}

impl Position {
    /// Moves to `offset` (a character boundary not before the current
    /// offset) and returns its line and column.
    fn advance(&mut self, text: &str, offset: usize) -> (usize, usize) {
        // Hits start at a `<` or an ASCII letter, after the previous hit's
        // start: a boundary ahead of us. Were it not, nothing moves.
        for c in text.get(self.offset..offset).unwrap_or_default().chars() {
            if c == '\n' {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
        }
        self.offset = self.offset.max(offset);
        (self.line, self.column)
    }
}

/// A scheme character of section 2.1, in either case.
#[inline]
fn is_scheme_char(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'+' | b'-' | b'.')
}

/// The wrapper opened by the `<` at `open`, if it is a hit.
fn wrapped(text: &str, open: usize) -> Option<Extracted> {
    let bytes = text.as_bytes();
    let inside = open + 1;
    let close = inside
        + bytes
            .get(inside..)?
            .iter()
            .position(|&b| b == b'<' || b == b'>')?;
    if bytes.get(close) != Some(&b'>') {
        return None; // unclosed: another `<` comes first
    }
    let (form, content_start) = match bytes.get(inside..inside + 4) {
        // `URL:` has no `<` or `>`, so the `>` comes after it.
        Some(prefix) if prefix.eq_ignore_ascii_case(b"URL:") => (Form::UrlPrefixed, inside + 4),
        _ => {
            let scheme = bytes
                .get(inside..close)?
                .iter()
                .take_while(|&&b| is_scheme_char(b))
                .count();
            if scheme == 0 || bytes.get(inside + scheme) != Some(&b':') {
                return None;
            }
            (Form::Angle, inside)
        }
    };
    // Both ends follow or are an ASCII byte: character boundaries.
    let content = text.get(content_start..close)?;
    Some(assemble(form, open..close + 1, content_start, content))
}

/// A wrapper's content read into its URL, fragment and hyphen breaks.
fn assemble(form: Form, span: Range<usize>, content_start: usize, content: &str) -> Extracted {
    let mut url = String::new();
    let mut fragment: Option<String> = None;
    let mut pieces: Vec<(usize, usize)> = Vec::new();
    let mut breaks: Vec<(usize, usize)> = Vec::new();
    // The text offset that would continue the current piece.
    let mut piece_end = None;
    // The URL and text offsets of the URL's last character if it is a `-`.
    let mut hyphen = None;
    // Inside a whitespace run: whether it has had a line break.
    let mut run: Option<bool> = None;
    for (index, c) in content.char_indices() {
        let at = content_start + index;
        if c.is_whitespace() {
            let line_break = matches!(c, '\n' | '\r');
            run = Some(run.unwrap_or(false) || line_break);
            continue;
        }
        if run.take() == Some(true)
            && fragment.is_none()
            && let Some(hyphen) = hyphen
        {
            breaks.push(hyphen);
        }
        if let Some(fragment) = &mut fragment {
            fragment.push(c);
            continue;
        }
        if c == '#' {
            fragment = Some(String::new());
            continue;
        }
        if piece_end != Some(at) {
            pieces.push((url.len(), at));
        }
        hyphen = (c == '-').then_some((url.len(), at));
        url.push(c);
        piece_end = Some(at + c.len_utf8());
    }
    if run == Some(true)
        && fragment.is_none()
        && let Some(hyphen) = hyphen
    {
        breaks.push(hyphen);
    }
    let hyphen_breaks = breaks
        .into_iter()
        .take(MAX_HYPHEN_BREAKS)
        .map(|(offset_in_url, offset_in_text)| {
            // `offset_in_url` is a `-`, one byte: boundaries on both sides.
            let without = [url.get(..offset_in_url), url.get(offset_in_url + 1..)]
                .into_iter()
                .flatten()
                .collect::<String>();
            HyphenBreak {
                offset_in_text,
                offset_in_url,
                without_valid: is_valid(&without),
                without,
            }
        })
        .collect();
    Extracted {
        span,
        line: 0,
        column: 0,
        form,
        verdict: check(&url).map(|url| url.rule()),
        url,
        fragment,
        hyphen_breaks,
        pieces,
        content_start,
    }
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

/// The bare URL whose `scheme`-byte name starts at `start`, if something is
/// left of it after the trailing punctuation, and where to read on: the end
/// of its run.
fn bare(text: &str, start: usize, scheme: usize) -> (Option<Extracted>, usize) {
    // `start` is an ASCII letter: a boundary.
    let rest = text.get(start..).unwrap_or_default();
    let run = rest
        .char_indices()
        .find(|&(_, c)| c.is_whitespace() || matches!(c, '<' | '>' | '"'))
        .map_or(rest.len(), |(index, _)| index);
    let candidate = rest.get(..run).unwrap_or_default().as_bytes();
    let count = |byte: u8| candidate.iter().filter(|&&b| b == byte).count();
    let (open_round, mut close_round) = (count(b'('), count(b')'));
    let (open_square, mut close_square) = (count(b'['), count(b']'));
    let mut end = run;
    while let Some(&last) = end.checked_sub(1).and_then(|i| candidate.get(i)) {
        match last {
            b'.' | b',' | b';' | b':' | b'!' | b'?' => {}
            b')' if close_round > open_round => close_round -= 1,
            b']' if close_square > open_square => close_square -= 1,
            _ => break,
        }
        end -= 1;
    }
    // Scheme letters are not punctuation: trimming stops at the `:` at the
    // latest. Nothing but slashes after it (`http://` of a template such as
    // `http://<host>/`, or of the BNF's `"http://"`), no URL.
    let after_colon = candidate.get(scheme + 1..end).unwrap_or_default();
    if after_colon.iter().all(|&b| b == b'/') {
        return (None, start + run);
    }
    // Only ASCII bytes were trimmed, so `end` is a boundary.
    let found = rest.get(..end).unwrap_or_default();
    let (url, fragment) = match found.split_once('#') {
        Some((url, fragment)) => (url, Some(fragment.to_owned())),
        None => (found, None),
    };
    let hit = Extracted {
        span: start..start + end,
        line: 0,
        column: 0,
        form: Form::Bare,
        url: url.to_owned(),
        fragment,
        hyphen_breaks: Vec::new(),
        verdict: check(url).map(|url| url.rule()),
        pieces: vec![(0, start)],
        content_start: start,
    };
    (Some(hit), start + run)
}
