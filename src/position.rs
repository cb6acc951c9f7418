//! Where a byte offset of a text stands as people count: its line and
//! column.
//!
//! Every line and column the crate reports ([`Error::line`],
//! [`Error::column`], the location of a diagnostic, where
//! [`extract`](crate::extract) found a URL) is counted one way: lines end at
//! a line feed (`\n`, so that `\r\n` ends one line too), and a column
//! counts characters, not bytes, from 1. It is the count of a nom_locate
//! span's line and UTF-8 column, which an error's position is taken from
//! ([`Error::span`]), and a property test holds [`Position::of`] equal to
//! it. A program that reports positions beside ours, in the same text,
//! should count with [`Position`] too, or a nom_locate span, so that the
//! two agree.
//!
//! [`Error::line`]: crate::Error::line
//! [`Error::column`]: crate::Error::column
//! [`Error::span`]: crate::Error::span
//!
//! ```
//! use rfc1738::Position;
//!
//! let text = "first line\nsecond: ftp://h/é x";
//! let at = text.find(" x").unwrap();
//! assert_eq!(Position::of(text, at), Position::new(2, 18));
//! assert_eq!(Position::of(text, at).to_string(), "2:18");
//!
//! // Read in pieces (a stream, a file line by line), the same count.
//! let (head, tail) = text.split_at(14);
//! assert_eq!(Position::START.after(head).after(&tail[..at - 14]), Position::of(text, at));
//! ```

use core::fmt;

/// A place in a text: its 1-based line and its 1-based column in characters
/// (see [the module](crate::position) for how they are counted). `Display`
/// writes `LINE:COLUMN`.
///
/// Positions order as they stand in a text: by line, then by column.
///
/// With the `serde` feature, a position is written as `{"line": 2,
/// "column": 5}`, the `line` and `column` the command line's JSON writes,
/// and read back from it; a line or column of 0 is an error there, since
/// both count from 1.
///
/// ```
/// use rfc1738::Position;
///
/// let text = "a\nbc";
/// let (b, c) = (Position::of(text, 2), Position::of(text, 3));
/// assert_eq!((b.line(), b.column()), (2, 1));
/// assert!(b < c && Position::START < b);
/// assert_eq!(c.to_string(), "2:2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Position {
    line: usize,
    column: usize,
}

impl Default for Position {
    /// [`Position::START`].
    fn default() -> Self {
        Position::START
    }
}

impl Position {
    /// The start of a text: line 1, column 1.
    ///
    /// ```
    /// use rfc1738::Position;
    /// assert_eq!(Position::START, Position::of("anything", 0));
    /// assert_eq!(Position::START.to_string(), "1:1");
    /// ```
    pub const START: Position = Position { line: 1, column: 1 };

    /// The position on `line` at `column`, both counted from 1 (a 0 is
    /// taken as 1).
    ///
    /// ```
    /// use rfc1738::Position;
    /// assert_eq!(Position::new(2, 5).to_string(), "2:5");
    /// assert_eq!(Position::new(0, 0), Position::START);
    /// ```
    #[must_use]
    pub const fn new(line: usize, column: usize) -> Position {
        Position {
            line: if line == 0 { 1 } else { line },
            column: if column == 0 { 1 } else { column },
        }
    }

    /// Where byte `offset` of `text` stands: an offset inside a character
    /// is that character's, one past the end of `text` is the end's.
    ///
    /// Takes time in the length of `text` before `offset`; for many offsets
    /// of one text in increasing order, [`after`](Position::after) the text
    /// between them costs each byte once.
    ///
    /// ```
    /// use rfc1738::Position;
    /// assert_eq!(Position::of("ab\ncd", 4), Position::new(2, 2));
    /// assert_eq!(Position::of("ab\ncd", 99), Position::new(2, 3));
    /// assert_eq!(Position::of("é", 1), Position::new(1, 1));
    /// ```
    #[must_use]
    pub fn of(text: &str, offset: usize) -> Position {
        Position::START.after(&text[..floor_boundary(text, offset)])
    }

    /// The position reached from this one by reading `text`: each line feed
    /// starts a new line at column 1, every other character moves one
    /// column on. The incremental form of [`Position::of`], for a text read
    /// in pieces; a line or column past `usize::MAX` stays there.
    ///
    /// ```
    /// use rfc1738::Position;
    /// let at = Position::new(3, 5).after("ab\r\ncd");
    /// assert_eq!((at.line(), at.column()), (4, 3));
    /// ```
    #[must_use]
    pub fn after(self, text: &str) -> Position {
        let bytes = text.as_bytes();
        match memchr::memrchr(b'\n', bytes) {
            None => Position {
                line: self.line,
                column: self.column.saturating_add(characters(bytes)),
            },
            Some(last) => {
                let lines = lines(&bytes[..last]) + 1;
                Position {
                    line: self.line.saturating_add(lines),
                    column: 1 + characters(&bytes[last + 1..]),
                }
            }
        }
    }

    /// The line, from 1.
    ///
    /// ```
    /// assert_eq!(rfc1738::Position::of("a\r\nb\nc", 6).line(), 3);
    /// ```
    #[must_use]
    pub const fn line(self) -> usize {
        self.line
    }

    /// The column, in characters, from 1.
    ///
    /// ```
    /// // Two characters, of three bytes each, before the offset: column 3.
    /// assert_eq!(rfc1738::Position::of("日本x", 6).column(), 3);
    /// ```
    #[must_use]
    pub const fn column(self) -> usize {
        self.column
    }
}

/// The char boundary of `text` at or before byte `at` (clamped to the
/// text): the start of the character `at` is in.
pub(crate) fn floor_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The char boundary of `text` at or after byte `at` (clamped to the
/// text): the end of the character `at` is in.
pub(crate) fn ceil_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// How many line feeds `bytes` hold: a loop the compiler vectorizes. On
/// the short texts between two hits of `extract` it costs less than
/// memchr's count, whose set-up dominates there (benches/README.md).
fn lines(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count()
}

/// How many characters the UTF-8 `bytes` hold: the bytes that do not
/// continue a character.
fn characters(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b as i8) >= -0x40).count()
}

impl<X> From<&nom_locate::LocatedSpan<&str, X>> for Position {
    /// Where a nom_locate span of a text starts: its line, and its column
    /// in characters ([`get_utf8_column`]). It is the position
    /// [`Position::of`] gives at the span's offset in the text.
    ///
    /// [`get_utf8_column`]: nom_locate::LocatedSpan::get_utf8_column
    ///
    /// ```
    /// use rfc1738::nom::Input;
    /// use rfc1738::{Position, nom_locate::LocatedSpan};
    ///
    /// let text = "first\nftp://h/é x";
    /// let at = text.find(" x").unwrap();
    /// let span = LocatedSpan::new(text).take_from(at);
    /// assert_eq!(Position::from(&span), Position::of(text, at));
    /// assert_eq!(Position::from(&span).to_string(), "2:10");
    /// ```
    fn from(span: &nom_locate::LocatedSpan<&str, X>) -> Position {
        Position::new(span.location_line() as usize, span.get_utf8_column())
    }
}

impl fmt::Display for Position {
    /// `LINE:COLUMN`, as compilers write a location.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> serde::Deserialize<'de> for Position {
    /// `{"line": 2, "column": 5}`, each counted from 1.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// The members as written: a 0 is refused, where [`Position::new`]
        /// would take it as 1, since no position of ours has one.
        #[derive(serde::Deserialize)]
        #[serde(rename = "Position")]
        struct Counted {
            line: core::num::NonZeroUsize,
            column: core::num::NonZeroUsize,
        }
        let Counted { line, column } = Counted::deserialize(deserializer)?;
        Ok(Position::new(line.get(), column.get()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The position of every offset of `text`, counted one character at a
    /// time.
    fn counted(text: &str) -> Vec<(usize, Position)> {
        let mut at = Position::START;
        let mut all = Vec::new();
        for (offset, c) in text.char_indices() {
            all.push((offset, at));
            at = if c == '\n' {
                Position::new(at.line + 1, 1)
            } else {
                Position::new(at.line, at.column + 1)
            };
        }
        all.push((text.len(), at));
        all
    }

    #[test]
    fn of_counts_lines_and_characters() {
        let text = "ftp://é\r\n\n  日本\u{1b}x\n😀\nend";
        for (offset, want) in counted(text) {
            assert_eq!(Position::of(text, offset), want, "at {offset}");
            // Inside a character: the character's position.
            for inside in offset + 1
                ..text[offset..]
                    .chars()
                    .next()
                    .map_or(0, |c| offset + c.len_utf8())
            {
                assert_eq!(Position::of(text, inside), want, "inside at {inside}");
            }
        }
        assert_eq!(
            Position::of(text, usize::MAX),
            counted(text).last().unwrap().1
        );
        assert_eq!(Position::of("", 0), Position::START);
    }

    /// Read in pieces cut anywhere between characters, the count is the
    /// whole text's.
    #[test]
    fn after_in_pieces_is_of_the_whole() {
        let text = "a\nbé\n\nc日\r\nd";
        let boundaries: Vec<usize> = counted(text).iter().map(|(o, _)| *o).collect();
        for &cut in &boundaries {
            for &end in boundaries.iter().filter(|&&end| end >= cut) {
                let pieces = Position::START.after(&text[..cut]).after(&text[cut..end]);
                assert_eq!(pieces, Position::of(text, end), "{cut}..{end}");
            }
        }
    }

    proptest::proptest! {
        /// The line and column of every character boundary are those a
        /// nom_locate span of the text, advanced to it, gives: a reader of
        /// the crate's positions and one of a nom_locate parser's agree.
        #[test]
        fn of_counts_as_nom_locate_counts(
            text in "([a-z/:.%]|\n|\r\n|\r|é|日|😀|\u{2028}|\u{85}){0,40}",
        ) {
            use nom::Input;
            let span = nom_locate::LocatedSpan::new(text.as_str());
            for (offset, _) in counted(&text) {
                let at = span.take_from(offset);
                let want = Position::new(at.location_line() as usize, at.get_utf8_column());
                proptest::prop_assert_eq!(Position::from(&at), want);
                proptest::prop_assert_eq!(Position::of(&text, offset), want, "at {}", offset);
            }
        }
    }

    #[test]
    fn a_position_shows_and_orders_as_a_location() {
        assert_eq!(Position::new(12, 3).to_string(), "12:3");
        assert!(Position::new(1, 80) < Position::new(2, 1));
        assert_eq!(Position::new(0, 0), Position::START);
        assert_eq!(Position::default(), Position::START);
        let far = Position::new(usize::MAX, usize::MAX).after("ab\nc");
        assert_eq!(far, Position::new(usize::MAX, 2));
    }
}
