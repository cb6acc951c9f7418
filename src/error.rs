//! Why an input does not match a production, and where.

use std::borrow::Cow;
use std::fmt;
use std::sync::OnceLock;

use annotate_snippets::{AnnotationKind, Level, Origin, Renderer, Snippet};

use crate::Rule;
use crate::expected::{Expected, Found};
use crate::hint::{self, Hint};
use crate::input::Record;

/// Why an input is not a string of a rule.
///
/// The [`offset`](Error::offset) is exact: it is the length in bytes of the
/// longest prefix of the input that some string of the rule starts with, so
/// it points at the first byte that no string of the rule can have there, or
/// at the end of the input when the input stops too early. For
/// `http://host:8a/` and `httpurl` it is 13, the `a`; for `http:/` it is 6,
/// the end.
///
/// `Display` renders the error as a compiler-style diagnostic (plain text,
/// no colour): the message, the location, the input line with a caret, the
/// production path, the production's definition and the hints.
#[derive(Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.render("input", &Renderer::plain()))]
#[non_exhaustive]
pub struct Error(Box<Inner>);

/// The error's parts, boxed so that a `Result` stays small.
#[derive(Clone, PartialEq, Eq)]
struct Inner {
    rule: Rule,
    offset: usize,
    line: usize,
    column: usize,
    path: Box<[Rule]>,
    expected: Box<[Expected]>,
    found: Found,
    detail: Detail,
}

/// What the excerpt and the hints are made from.
///
/// A caller that only wants to know where an input went wrong (a filter over
/// millions of lines) should not pay for text it never reads: a short input
/// is kept, and the excerpt and hints are derived from it when first asked
/// for. A long input is not kept (an error must not hold on to megabytes):
/// its excerpt and hints are derived at once.
#[derive(Clone, PartialEq, Eq)]
enum Detail {
    /// A short input, whole, and its hints once derived.
    Kept { input: Box<str>, hints: Derived },
    /// A long input's excerpt and hints.
    Made { excerpt: Excerpt, hints: Vec<Hint> },
}

/// How long an input may be for the error to keep it: the excerpt's window
/// (at most four bytes for each of the characters shown) fits in it.
const KEEP_LIMIT: usize = 4 * (CONTEXT_BEFORE + CONTEXT + 2);

/// The hints of a kept input, derived on first use. They are a function of
/// the input and of the error's other parts, so two errors that agree on
/// those agree on their hints, derived yet or not: equality ignores the cell.
#[derive(Clone, Default)]
struct Derived(OnceLock<Vec<Hint>>);

impl PartialEq for Derived {
    fn eq(&self, _: &Derived) -> bool {
        true
    }
}

impl Eq for Derived {}

/// The line of the input around the error, for rendering: copied raw, made
/// visible only when rendered.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Excerpt {
    /// The error's line, or a window of [`CONTEXT`] characters on each side
    /// of the offset when it is longer.
    text: String,
    /// The error's byte offset in `text`.
    at: usize,
    /// Whether the line goes on before and after the window.
    cut_before: bool,
    cut_after: bool,
}

/// How many characters of the input line are shown after the error.
const CONTEXT: usize = 60;

/// How many characters of the input line are shown before the error: all of
/// them up to this many (so that the renderer's column is the line's), else
/// the last [`CONTEXT`].
const CONTEXT_BEFORE: usize = 1000;

impl fmt::Debug for Error {
    /// The error's parts, hints included (derived if they were not yet).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Error")
            .field("rule", &self.0.rule)
            .field("offset", &self.0.offset)
            .field("line", &self.0.line)
            .field("column", &self.0.column)
            .field("path", &self.0.path)
            .field("expected", &self.0.expected)
            .field("found", &self.0.found)
            .field("hints", &self.hints())
            .finish()
    }
}

impl Error {
    /// Builds the error from what the diagnostic pass recorded.
    #[cold]
    pub(crate) fn from_record(rule: Rule, input: &str, record: Record<'_>) -> Error {
        // Every recorded offset ends ASCII bytes the grammar matched (or is
        // 0): a char boundary.
        let offset = record.farthest.unwrap_or(0).min(input.len());
        let found = match input[offset..].chars().next() {
            Some(c) => Found::Char(c),
            None => Found::EndOfInput,
        };
        Error::new(rule, input, offset, found, record.path, record.expected)
    }

    #[cold]
    pub(crate) fn new(
        rule: Rule,
        input: &str,
        offset: usize,
        found: Found,
        path: &[Rule],
        expected: &[Expected],
    ) -> Error {
        // `offset` is a char boundary (see `from_record`; `check_bytes` passes
        // the text's end).
        let line_start = line_start(input, offset);
        let line = 1 + input.as_bytes()[..line_start]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        let column = 1 + input[line_start..offset].chars().count();
        let kept = input.len() <= KEEP_LIMIT;
        let mut error = Inner {
            rule,
            offset,
            line,
            column,
            path: Box::from(path),
            expected: Box::from(expected),
            found,
            detail: Detail::Kept {
                input: if kept {
                    Box::from(input)
                } else {
                    Box::default()
                },
                hints: Derived::default(),
            },
        };
        if !kept {
            error.detail = Detail::Made {
                excerpt: Excerpt::new(input, line_start, offset),
                hints: error.derive_hints(input),
            };
        }
        Error(Box::new(error))
    }

    /// The rule the input was matched against.
    pub fn rule(&self) -> Rule {
        self.0.rule
    }

    /// The byte offset of the error (see the type's documentation).
    pub fn offset(&self) -> usize {
        self.0.offset
    }

    /// The 1-based line of the offset.
    pub fn line(&self) -> usize {
        self.0.line
    }

    /// The 1-based column of the offset, in characters.
    pub fn column(&self) -> usize {
        self.0.column
    }

    /// The productions that were being matched at the offset, from the rule
    /// down to the innermost one that expected something there.
    pub fn path(&self) -> &[Rule] {
        &self.0.path
    }

    /// Everything that could have continued a string of the rule at the
    /// offset, in the order the grammar tried them.
    pub fn expected(&self) -> &[Expected] {
        &self.0.expected
    }

    /// What stands at the offset.
    pub fn found(&self) -> Found {
        self.0.found
    }

    /// What the usual mistakes behind this error are and what to write
    /// instead, each citing its section of RFC 1738; often none.
    ///
    /// For an input of up to a few kilobytes they are derived on the first
    /// call (the error keeps the input for that), so that a caller that
    /// never asks for them does not pay for them.
    pub fn hints(&self) -> &[Hint] {
        match &self.0.detail {
            Detail::Kept { input, hints } => hints.0.get_or_init(|| self.0.derive_hints(input)),
            Detail::Made { hints, .. } => hints,
        }
    }

    /// The error in one line: `expected digit, "/" or end of input, found "a"`.
    pub fn message(&self) -> String {
        let mut message = String::from("expected ");
        match self.0.expected.split_last() {
            None => message.push_str("nothing more"),
            Some((last, [])) => message.push_str(&last.to_string()),
            Some((last, rest)) => {
                let rest: Vec<String> = rest.iter().map(ToString::to_string).collect();
                message.push_str(&rest.join(", "));
                message.push_str(" or ");
                message.push_str(&last.to_string());
            }
        }
        message.push_str(", found ");
        message.push_str(&self.0.found.to_string());
        message
    }

    /// The production path written `httpurl › hostport › port`.
    pub fn path_display(&self) -> String {
        let names: Vec<&str> = self.0.path.iter().map(|rule| rule.name()).collect();
        names.join(" › ")
    }

    /// Renders the diagnostic with `renderer` (plain or styled), naming the
    /// input `origin` (`input`, or a file name).
    pub fn render(&self, origin: &str, renderer: &Renderer) -> String {
        self.render_at(origin, 1, renderer)
    }

    /// [`render`](Self::render) for an input that starts on line
    /// `first_line` of `origin` (a line of a file checked line by line), so
    /// that the location names the file's line.
    pub fn render_at(&self, origin: &str, first_line: usize, renderer: &Renderer) -> String {
        let title = format!("not a valid {}: {}", self.0.rule, self.message());
        let label = format!("expected {}", self.expected_short());
        let excerpt = self.0.excerpt();
        let (text, caret) = excerpt.visible(self.0.found);
        // `line` is at least 1; a first line near `usize::MAX` saturates.
        let line = first_line.saturating_add(self.0.line - 1);
        let snippet = Snippet::source(text.as_str())
            .line_start(line)
            .annotation(AnnotationKind::Primary.span(caret).label(label.as_str()));
        let path = format!("while matching {}", self.path_display());
        let innermost = self.0.path.last().copied().unwrap_or(self.0.rule);
        let note = innermost.definition().replace('\n', " ");
        let title = Level::ERROR.primary_title(title.as_str());
        let mut group = if excerpt.cut_before {
            // The snippet starts inside a very long line: the renderer would
            // count the column from the cut, so the location is stated.
            let location = Origin::path(origin).line(line).char_column(self.0.column);
            title.element(location).element(snippet)
        } else {
            title.element(snippet.path(origin))
        };
        if !self.0.path.is_empty() {
            group = group.element(Level::NOTE.message(path.as_str()));
        }
        group = group.element(Level::NOTE.message(note.as_str()));
        let hints: Vec<String> = self.hints().iter().map(ToString::to_string).collect();
        for hint in &hints {
            group = group.element(Level::HELP.message(hint.as_str()));
        }
        renderer.render(&[group])
    }

    /// The expected items for the caret's label, shortened when there are many.
    fn expected_short(&self) -> String {
        const SHOWN: usize = 6;
        let items: Vec<String> = self.0.expected.iter().map(ToString::to_string).collect();
        match items.len() {
            0 => "nothing more".to_owned(),
            1 => items[0].clone(),
            n if n <= SHOWN => format!("{} or {}", items[..n - 1].join(", "), items[n - 1]),
            n => format!("{}, or {} more", items[..SHOWN].join(", "), n - SHOWN),
        }
    }
}

impl Inner {
    /// The hints of this error in `input`, the input it was found in.
    fn derive_hints(&self, input: &str) -> Vec<Hint> {
        hint::hints(&hint::Context {
            rule: self.rule,
            input,
            offset: self.offset,
            found: self.found,
            path: &self.path,
            expected: &self.expected,
        })
    }

    /// The excerpt to render: the kept input's, or the one made at once.
    fn excerpt(&self) -> Cow<'_, Excerpt> {
        match &self.detail {
            Detail::Kept { input, .. } => Cow::Owned(Excerpt::new(
                input,
                line_start(input, self.offset),
                self.offset,
            )),
            Detail::Made { excerpt, .. } => Cow::Borrowed(excerpt),
        }
    }
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
    /// The line of `input` that holds `offset` (and starts at `line_start`),
    /// cut to a window of [`CONTEXT`] characters on each side of the offset.
    fn new(input: &str, line_start: usize, offset: usize) -> Excerpt {
        // A character is at most 4 bytes: take that many, then count
        // characters only within them.
        let mut start = offset.saturating_sub(4 * CONTEXT_BEFORE).max(line_start);
        while !input.is_char_boundary(start) {
            start += 1;
        }
        let mut end = (offset + 4 * (CONTEXT + 1)).min(input.len());
        while !input.is_char_boundary(end) {
            end -= 1;
        }
        // `offset` is a char boundary, so the moves above keep `start` before
        // it and `end` after it.
        let line_end = input[offset..end].find('\n').map_or(end, |i| offset + i);
        let window = &input[start..line_end];
        let at = offset - start;
        let before = window[..at].chars().count();
        let first = if start > line_start || before > CONTEXT_BEFORE {
            window[..at]
                .char_indices()
                .rev()
                .nth(CONTEXT - 1)
                .map_or(0, |(i, _)| i)
        } else {
            0
        };
        let last = window[at..]
            .char_indices()
            .nth(CONTEXT + 1)
            .map_or(window.len(), |(i, _)| at + i);
        let reaches_line_end = line_end < end || end == input.len();
        Excerpt {
            text: window[first..last].to_owned(),
            at: at - first,
            cut_before: start + first > line_start,
            cut_after: last < window.len() || !reaches_line_end,
        }
    }

    /// The window as shown: unprintable characters escaped, `…` where the
    /// line was cut; and the byte span in it of the character at the offset
    /// (empty at the end of the input or at a byte that is not UTF-8).
    fn visible(&self, found: Found) -> (String, core::ops::Range<usize>) {
        let mut text = String::with_capacity(self.text.len() + 8);
        if self.cut_before {
            text.push('…');
        }
        for c in self.text[..self.at].chars() {
            push_visible(&mut text, c);
        }
        let at = text.len();
        let mut after = self.text[self.at..].chars();
        if let Found::Char(_) = found
            && let Some(c) = after.next()
        {
            push_visible(&mut text, c);
        }
        let width = text.len() - at;
        for c in after {
            push_visible(&mut text, c);
        }
        if self.cut_after {
            text.push('…');
        }
        (text, at..at + width)
    }
}

/// Appends `c`, or its escape (`\u{1b}`) when it is a control, format or
/// other unprintable character, so that the rendered input cannot drive a
/// terminal (escape sequences, bidirectional overrides).
fn push_visible(text: &mut String, c: char) {
    if matches!(c, '\\' | '"' | '\'') || c.escape_debug().len() == 1 {
        text.push(c);
    } else {
        text.extend(c.escape_debug());
    }
}
