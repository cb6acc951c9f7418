//! What may be shown on a terminal as it is, and how the rest is shown.
//!
//! Everything the crate writes for people (an [`Error`](crate::Error)'s
//! rendering, its message and hints, a [`Found`](crate::Found)) shows text
//! from the input through this module, and so should a program that shows
//! our errors or its input to people: an input is untrusted, and a terminal
//! obeys some of the characters it may hold.
//!
//! # The rule
//!
//! A character is **visible** when it is printable in the terminal sense,
//! that is, when it is none of:
//!
//! - a control character (general category `Cc`: C0, DEL and C1, the escape
//!   `\u{1b}` that starts terminal sequences and the single-byte `\u{9b}`
//!   among them);
//! - a format character (`Cf`): bidirectional controls and isolates
//!   (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), zero-width
//!   characters (U+200B–U+200D, U+2060–U+2064, U+FEFF), the soft hyphen
//!   U+00AD, tag characters (U+E0001, U+E0020–U+E007F) and the others;
//! - a line or paragraph separator (`Zl`, `Zp`: U+2028, U+2029), or a space
//!   other than U+0020 (`Zs`: U+00A0, U+2000–U+200A, U+202F, U+205F,
//!   U+3000, …);
//! - a private-use character (`Co`), a surrogate (`Cs`, which no `char`
//!   holds) or an unassigned code point (`Cn`), the noncharacters (U+FDD0–
//!   U+FDEF and the last two of every plane) included;
//! - a character that extends the one before it (`Grapheme_Extend`:
//!   combining marks, variation selectors), which would change how a
//!   character of ours looks;
//! - a Hangul vowel or final consonant jamo (`Hangul_Syllable_Type` V and
//!   T: U+1160–U+11FF, U+D7B0–U+D7FF), which joins the character before it
//!   into one syllable, or is shown as nothing (a width of 0 to `wcwidth`);
//! - a letter or symbol that looks blank: the Hangul fillers U+115F, U+3164
//!   and U+FFA0 (default-ignorable code points of category `Lo`; the filler
//!   U+1160 is a vowel jamo), the blank braille pattern U+2800 and the null
//!   notehead U+1D159.
//!
//! The categories and properties are those of the Unicode version of the
//! Rust standard library the crate is built with, whose `char::escape_debug`
//! tables hold them; the jamo and the fillers are listed here. Everything else, the
//! space and every printable ASCII character included, is visible.
//!
//! # How the rest is shown
//!
//! A character that is not visible is written as its Rust escape: `\t`,
//! `\r`, `\n`, `\0`, and `\u{…}` in lower-case hexadecimal for every other
//! (`\u{1b}`, `\u{202e}`, `\u{3164}`). Between double quotes
//! ([`Visible::quoted`]) `"` and `\` are escaped as well (`\"`, `\\`), so
//! that the quoted text reads back unambiguously.
//!
//! ```
//! use rfc1738::visible::{Visible, is_visible};
//! assert!(is_visible('a') && is_visible(' ') && is_visible('é'));
//! assert!(!is_visible('\u{202e}') && !is_visible('\u{3164}') && !is_visible('\u{a0}'));
//! assert_eq!(Visible::new("a\u{1b}[31mb").to_string(), r"a\u{1b}[31mb");
//! assert_eq!(Visible::new("say \"hi\"").quoted().to_string(), r#"say \"hi\""#);
//! ```

use core::fmt::{self, Write as _};
use core::ops::Range;
use std::borrow::Cow;

use unicode_width::UnicodeWidthChar as _;

/// Letters and symbols that look blank: the Hangul fillers (default-ignorable
/// code points of category `Lo`) that are no vowel jamo, the blank braille
/// pattern and the null notehead. The standard library counts them
/// printable.
const BLANK: [char; 5] = ['\u{115F}', '\u{3164}', '\u{FFA0}', '\u{2800}', '\u{1D159}'];

/// Whether `c` may be written to a terminal as it is (see the module's
/// documentation for the rule).
///
/// ```
/// use rfc1738::visible::is_visible;
/// assert!(is_visible('a') && is_visible(' ') && is_visible('é'));
/// assert!(!is_visible('\u{1b}') && !is_visible('\u{202e}') && !is_visible('\u{200b}'));
/// ```
#[inline]
#[must_use]
pub fn is_visible(c: char) -> bool {
    if c.is_ascii() {
        return matches!(c, ' '..='~');
    }
    // `escape_debug` leaves a character as it is exactly when it is
    // printable (not Cc, Cf, Cs, Co, Cn, Zl, Zp, or Zs but the space) and
    // does not extend a grapheme.
    c.escape_debug().len() == 1 && !BLANK.contains(&c) && !is_vowel_or_final_jamo(c)
}

/// Whether `c` is a Hangul vowel or final consonant jamo
/// (`Hangul_Syllable_Type` V or T): printable for the standard library, but
/// joined to the character before it, or of no width, on a terminal.
fn is_vowel_or_final_jamo(c: char) -> bool {
    matches!(c, '\u{1160}'..='\u{11FF}' | '\u{D7B0}'..='\u{D7FF}')
}

/// Writes `c` as it is shown: as it is when visible, else escaped; `"` and
/// `\` escaped too when `quoted`.
pub(crate) fn write_char(out: &mut impl fmt::Write, c: char, quoted: bool) -> fmt::Result {
    if quoted && matches!(c, '"' | '\\') {
        out.write_char('\\')?;
        return out.write_char(c);
    }
    if is_visible(c) {
        return out.write_char(c);
    }
    let escape = c.escape_debug();
    if escape.len() > 1 {
        // `\t`, `\r`, `\n`, `\0`, or `\u{…}`.
        write!(out, "{escape}")
    } else {
        write!(out, "{}", c.escape_unicode())
    }
}

/// How many columns `c` takes as it is shown (unhidden, unquoted): a
/// visible character its width on a terminal (two for a wide one, as
/// `unicode-width` counts it, and at least one), any other its escape's
/// length.
pub(crate) fn columns(c: char) -> usize {
    if matches!(c, ' '..='~') {
        1
    } else if is_visible(c) {
        c.width().unwrap_or(1).max(1)
    } else {
        let escape = c.escape_debug().len();
        if escape > 1 {
            escape
        } else {
            c.escape_unicode().len()
        }
    }
}

/// Text as it may be shown on a terminal: `Display` writes each visible
/// character as it is and every other escaped (see the module's
/// documentation), and, when told, each character of the hidden spans
/// (passwords) as `*`.
///
/// ```
/// use rfc1738::visible::Visible;
/// let url = "ftp://me:hunter2@host/";
/// assert_eq!(Visible::new(url).hiding(9..16).to_string(), "ftp://me:*******@host/");
/// ```
///
/// `Debug` shows what `Display` shows, between double quotes (as
/// [`quoted`](Visible::quoted) text, so that it reads back), and never the
/// hidden characters:
///
/// ```
/// use rfc1738::visible::Visible;
/// let shown = Visible::new("ftp://me:hunter2@h/").hiding(9..16);
/// assert_eq!(format!("{shown:?}"), r#"Visible("ftp://me:*******@h/")"#);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Visible<'a> {
    text: &'a str,
    quoted: bool,
    /// A hidden span ([`Visible::hiding`]): the union of those given when
    /// they overlap or touch.
    hidden: Range<usize>,
    /// More hidden spans: those [`Visible::hiding_all`] was given,
    /// borrowed when it was given one list, and those of
    /// [`Visible::hiding`] that `hidden` cannot hold.
    more: Cow<'a, [Range<usize>]>,
}

impl<'a> Visible<'a> {
    /// `text`, shown.
    ///
    /// ```
    /// use rfc1738::visible::Visible;
    /// assert_eq!(Visible::new("tab\there").to_string(), r"tab\there");
    /// assert_eq!(Visible::new("café").to_string(), "café");
    /// ```
    #[must_use]
    pub fn new(text: &'a str) -> Self {
        Visible {
            text,
            quoted: false,
            hidden: 0..0,
            more: Cow::Borrowed(&[]),
        }
    }

    /// For text shown between double quotes: `"` and `\` are escaped too.
    ///
    /// ```
    /// use rfc1738::visible::Visible;
    /// let shown = Visible::new(r#"a"b\c"#).quoted();
    /// assert_eq!(format!("\"{shown}\""), r#""a\"b\\c""#);
    /// assert_eq!(Visible::new(r#"a"b"#).to_string(), r#"a"b"#);
    /// ```
    #[must_use]
    pub fn quoted(mut self) -> Self {
        self.quoted = true;
        self
    }

    /// Shows each character that starts within `span`, byte offsets of the
    /// text, as one `*`: the text keeps its length in characters, so that
    /// columns counted in the text stay right. A span past the text hides
    /// what of the text it covers.
    ///
    /// The spans add up: called again, or with
    /// [`hiding_all`](Visible::hiding_all) before or after, it hides this
    /// span besides those given before, never instead of them. Spans that
    /// overlap or touch are kept as one; another costs an allocation.
    ///
    /// ```
    /// use rfc1738::visible::Visible;
    /// // `é` is two bytes, hidden as one `*`.
    /// assert_eq!(Visible::new("ftp://u:pé@h/").hiding(8..11).to_string(), "ftp://u:**@h/");
    /// assert_eq!(Visible::new("abc").hiding(1..99).to_string(), "a**");
    /// let two = "ftp://u:pw@h/ ftp://v:secret@h/";
    /// let shown = Visible::new(two).hiding(8..10).hiding(22..28).to_string();
    /// assert_eq!(shown, "ftp://u:**@h/ ftp://v:******@h/");
    /// ```
    #[must_use]
    pub fn hiding(mut self, span: Range<usize>) -> Self {
        let hidden = &self.hidden;
        if span.is_empty() {
            // Hides nothing.
        } else if hidden.is_empty() {
            self.hidden = span;
        } else if span.start <= hidden.end && hidden.start <= span.end {
            // Their union is one span.
            self.hidden = hidden.start.min(span.start)..hidden.end.max(span.end);
        } else {
            self.more.to_mut().push(span);
        }
        self
    }

    /// Shows each character that starts within any of `spans` as one `*`,
    /// as [`hiding`](Visible::hiding) does for one span: a text that holds
    /// several passwords, such as the input's own and those
    /// [`authority_passwords`](crate::authority_passwords) finds.
    /// The spans may come in any order and overlap; in increasing order
    /// (as `authority_passwords` gives them), they are read in one pass
    /// over the text.
    ///
    /// The spans add up, as `hiding`'s do: these are hidden besides those
    /// of every `hiding` and `hiding_all` before or after. The first list
    /// is borrowed; a second is copied beside it.
    ///
    /// ```
    /// use rfc1738::authority_passwords;
    /// use rfc1738::visible::Visible;
    /// let line = "ftp://a:b@h/ ftp://me:secret@h/";
    /// let spans: Vec<_> = authority_passwords(line).collect();
    /// assert_eq!(spans, [8..9, 22..28]);
    /// let shown = Visible::new(line).hiding_all(&spans).to_string();
    /// assert_eq!(shown, "ftp://a:*@h/ ftp://me:******@h/");
    /// assert_eq!(Visible::new("abcdef").hiding(0..1).hiding_all(&[4..9, 2..3]).to_string(), "*b*d**");
    /// assert_eq!(Visible::new("abcdef").hiding_all(&[0..1]).hiding_all(&[2..3]).to_string(), "*b*def");
    /// ```
    #[must_use]
    pub fn hiding_all(mut self, spans: &'a [Range<usize>]) -> Self {
        if self.more.is_empty() {
            self.more = Cow::Borrowed(spans);
        } else if !spans.is_empty() {
            self.more.to_mut().extend_from_slice(spans);
        }
        self
    }
}

impl fmt::Debug for Visible<'_> {
    /// What `Display` shows, as quoted text between double quotes: the
    /// hidden characters as `*`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        /// Its `Debug` is the text shown quoted, between double quotes.
        struct Shown<'v, 'a>(&'v Visible<'a>);
        impl fmt::Debug for Shown<'_, '_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_char('"')?;
                self.0.write(f, true)?;
                f.write_char('"')
            }
        }
        f.debug_tuple("Visible").field(&Shown(self)).finish()
    }
}

impl fmt::Display for Visible<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, self.quoted)
    }
}

impl Visible<'_> {
    /// Writes the text as it is shown, quoted or not.
    fn write(&self, f: &mut impl fmt::Write, quoted: bool) -> fmt::Result {
        let plain = |b: u8| matches!(b, b' '..=b'~') && !(quoted && matches!(b, b'"' | b'\\'));
        let none_hidden = self.hidden.is_empty() && self.more.iter().all(Range::is_empty);
        if none_hidden && self.text.bytes().all(plain) {
            return f.write_str(self.text);
        }
        // The spans by their starts, walked once beside the text: a
        // character is hidden when a span that starts at or before it ends
        // after it.
        let more: Cow<'_, [Range<usize>]> = if self.more.is_sorted_by_key(|span| span.start) {
            Cow::Borrowed(&self.more)
        } else {
            let mut sorted = self.more.to_vec();
            sorted.sort_unstable_by_key(|span| span.start);
            Cow::Owned(sorted)
        };
        let (mut next, mut reach) = (0, 0);
        for (at, c) in self.text.char_indices() {
            while let Some(span) = more.get(next).filter(|span| span.start <= at) {
                reach = reach.max(span.end);
                next += 1;
            }
            if self.hidden.contains(&at) || at < reach {
                f.write_char('*')?;
            } else {
                write_char(f, c, quoted)?;
            }
        }
        Ok(())
    }
}

/// Text of the input named in a message, of bounded size however long the
/// text: as it is up to [`Elided::WHOLE`] characters; a longer one as its
/// first and last [`Elided::ENDS`] characters around a `…`, followed by how
/// many it has (`12345678901234…12345678901234 (1000000 digits)`). Shown
/// through [`Visible`], between double quotes when [`Elided::quoted`].
///
/// A URL may write a port, a hostnumber part or a scheme name of a million
/// characters; the warning about it names it, and stays one line.
pub(crate) struct Elided<'a> {
    text: &'a str,
    /// What the characters are called in the count: `digits`.
    unit: &'static str,
    quoted: bool,
}

impl<'a> Elided<'a> {
    /// The most characters shown whole: `u64::MAX` has 20 digits.
    pub(crate) const WHOLE: usize = 32;
    /// The characters shown at each end of a longer text.
    pub(crate) const ENDS: usize = 14;

    /// `text`, whose characters are `unit` (`digits`, `characters`).
    pub(crate) fn new(text: &'a str, unit: &'static str) -> Self {
        Elided {
            text,
            unit,
            quoted: false,
        }
    }

    /// Between double quotes, the count after them.
    pub(crate) fn quoted(mut self) -> Self {
        self.quoted = true;
        self
    }
}

impl fmt::Display for Elided<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let quote = if self.quoted { "\"" } else { "" };
        let count = self.text.chars().count();
        if count <= Self::WHOLE {
            return write!(f, "{quote}{}{quote}", self.shown(self.text));
        }
        let head = self
            .text
            .char_indices()
            .nth(Self::ENDS)
            .map_or(0, |(at, _)| at);
        let tail = self
            .text
            .char_indices()
            .nth_back(Self::ENDS - 1)
            .map_or(0, |(at, _)| at);
        write!(
            f,
            "{quote}{}…{}{quote} ({count} {})",
            self.shown(&self.text[..head]),
            self.shown(&self.text[tail..]),
            self.unit
        )
    }
}

impl Elided<'_> {
    /// `part` shown, escaped as a quoted text is when quoted.
    fn shown<'b>(&self, part: &'b str) -> Visible<'b> {
        match self.quoted {
            true => Visible::new(part).quoted(),
            false => Visible::new(part),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One character of every class the rule names, not visible, with its
    /// escape.
    const HIDDEN: &[(char, &str)] = &[
        ('\u{0}', r"\0"),
        ('\t', r"\t"),
        ('\n', r"\n"),
        ('\r', r"\r"),
        ('\u{1b}', r"\u{1b}"),
        ('\u{7f}', r"\u{7f}"),
        ('\u{85}', r"\u{85}"),
        ('\u{9b}', r"\u{9b}"),
        ('\u{202e}', r"\u{202e}"),
        ('\u{2066}', r"\u{2066}"),
        ('\u{2069}', r"\u{2069}"),
        ('\u{200b}', r"\u{200b}"),
        ('\u{200e}', r"\u{200e}"),
        ('\u{200f}', r"\u{200f}"),
        ('\u{61c}', r"\u{61c}"),
        ('\u{feff}', r"\u{feff}"),
        ('\u{2028}', r"\u{2028}"),
        ('\u{2029}', r"\u{2029}"),
        ('\u{ad}', r"\u{ad}"),
        ('\u{e0041}', r"\u{e0041}"),
        ('\u{e000}', r"\u{e000}"),
        ('\u{10fffd}', r"\u{10fffd}"),
        ('\u{fdd0}', r"\u{fdd0}"),
        ('\u{ffff}', r"\u{ffff}"),
        ('\u{378}', r"\u{378}"),
        ('\u{301}', r"\u{301}"),
        ('\u{fe0f}', r"\u{fe0f}"),
        ('\u{a0}', r"\u{a0}"),
        ('\u{2000}', r"\u{2000}"),
        ('\u{202f}', r"\u{202f}"),
        ('\u{3000}', r"\u{3000}"),
        ('\u{115f}', r"\u{115f}"),
        ('\u{1160}', r"\u{1160}"),
        ('\u{1161}', r"\u{1161}"),
        ('\u{11a8}', r"\u{11a8}"),
        ('\u{11ff}', r"\u{11ff}"),
        ('\u{d7b0}', r"\u{d7b0}"),
        ('\u{d7fb}', r"\u{d7fb}"),
        ('\u{3164}', r"\u{3164}"),
        ('\u{ffa0}', r"\u{ffa0}"),
        ('\u{2800}', r"\u{2800}"),
        ('\u{1d159}', r"\u{1d159}"),
    ];

    #[test]
    fn every_class_the_rule_names_is_escaped() {
        for &(c, escape) in HIDDEN {
            assert!(!is_visible(c), "U+{:04X}", u32::from(c));
            assert_eq!(Visible::new(c.encode_utf8(&mut [0; 4])).to_string(), escape);
        }
    }

    #[test]
    fn printable_characters_are_shown_as_they_are() {
        let printable = (' '..='~').chain([
            'é', 'ß', '€', '\u{fffd}', '日', '😀', '가', '\u{1100}', '\u{a960}',
        ]);
        for c in printable {
            assert!(is_visible(c), "{c:?}");
            let text = c.to_string();
            assert_eq!(Visible::new(&text).to_string(), text);
        }
    }

    #[test]
    fn quoted_text_escapes_its_quotes_and_backslashes() {
        assert_eq!(Visible::new(r#"a"b\c"#).to_string(), r#"a"b\c"#);
        assert_eq!(Visible::new(r#"a"b\c"#).quoted().to_string(), r#"a\"b\\c"#);
        assert_eq!(Visible::new("'").quoted().to_string(), "'");
    }

    #[test]
    fn a_hidden_span_shows_a_star_per_character() {
        let text = "u:pé\u{202e}w@h";
        assert_eq!(Visible::new(text).hiding(2..9).to_string(), "u:****@h");
        assert_eq!(Visible::new(text).hiding(2..100).to_string(), "u:******");
        assert_eq!(
            Visible::new(text).hiding(3..3).to_string(),
            r"u:pé\u{202e}w@h"
        );
    }

    #[test]
    fn several_hidden_spans_in_any_order() {
        let text = "a:pé\u{202e}w@h b:x@h";
        // In order, out of order, overlapping, empty, past the end, and
        // with the one span of `hiding`.
        let spans = [2..9, 14..15];
        assert_eq!(
            Visible::new(text).hiding_all(&spans).to_string(),
            "a:****@h b:*@h"
        );
        let spans = [14..15, 8..9, 2..4];
        assert_eq!(
            Visible::new(text).hiding_all(&spans).to_string(),
            r"a:**\u{202e}*@h b:*@h"
        );
        let spans = [2..5, 3..4, 4..4, 14..99];
        assert_eq!(
            Visible::new(text).hiding_all(&spans).to_string(),
            r"a:**\u{202e}w@h b:***"
        );
        assert_eq!(
            Visible::new(text)
                .hiding(0..1)
                .hiding_all(&[12..13, 14..15])
                .quoted()
                .to_string(),
            r"*:pé\u{202e}w@h *:*@h"
        );
        assert_eq!(
            Visible::new(text).hiding_all(&[]).to_string(),
            r"a:pé\u{202e}w@h b:x@h"
        );
    }

    #[test]
    // Lists of one span each, for `hiding_all`.
    #[allow(clippy::single_range_in_vec_init)]
    fn hidden_spans_add_up() {
        let text = "ftp://u:pw@h/ ftp://v:secret@h/";
        let both = "ftp://u:**@h/ ftp://v:******@h/";
        let shown = |visible: Visible<'_>| visible.to_string();
        // Apart, in either order, and touching or overlapping (one span).
        assert_eq!(shown(Visible::new(text).hiding(8..10).hiding(22..28)), both);
        assert_eq!(shown(Visible::new(text).hiding(22..28).hiding(8..10)), both);
        assert_eq!(
            shown(Visible::new("abcdef").hiding(1..3).hiding(3..4)),
            "a***ef"
        );
        assert_eq!(
            shown(Visible::new("abcdef").hiding(1..4).hiding(0..2)),
            "****ef"
        );
        // An empty span hides nothing, and keeps what was hidden.
        assert_eq!(shown(Visible::new("abc").hiding(0..1).hiding(2..2)), "*bc");
        assert_eq!(shown(Visible::new("abc").hiding(2..2).hiding(0..1)), "*bc");
        // With `hiding_all`, before and after, and twice.
        let first = [8..10];
        let second = [22..28];
        assert_eq!(
            shown(Visible::new(text).hiding_all(&first).hiding(22..28)),
            both
        );
        assert_eq!(
            shown(Visible::new(text).hiding(8..10).hiding_all(&second)),
            both
        );
        assert_eq!(
            shown(Visible::new(text).hiding_all(&first).hiding_all(&second)),
            both
        );
        assert_eq!(
            shown(Visible::new(text).hiding_all(&second).hiding_all(&first)),
            both
        );
        assert_eq!(
            shown(Visible::new(text).hiding_all(&first).hiding_all(&[])),
            shown(Visible::new(text).hiding(8..10))
        );
        assert_eq!(
            shown(
                Visible::new("abcdefg")
                    .hiding(0..1)
                    .hiding(2..3)
                    .hiding_all(&first)
                    .hiding(4..5)
                    .hiding_all(&[6..7])
            ),
            "*b*d*f*"
        );
    }

    #[test]
    fn one_span_borrows_its_list() {
        let spans = [1..2, 3..4];
        let visible = Visible::new("abcd").hiding(0..1).hiding_all(&spans);
        assert!(matches!(visible.more, Cow::Borrowed(_)));
        let visible = visible.hiding(0..1).hiding(1..2);
        assert!(matches!(visible.more, Cow::Borrowed(_)));
        assert_eq!(visible.hidden, 0..2);
    }

    #[test]
    fn debug_shows_what_display_shows() {
        let text = "ftp://me:hunter2@h/";
        let shown = Visible::new(text).hiding(9..16);
        assert_eq!(format!("{shown:?}"), r#"Visible("ftp://me:*******@h/")"#);
        assert!(!format!("{shown:#?}").contains("hunter2"));
        let two = Visible::new("a:x@h b:y@h").hiding(2..3).hiding(8..9);
        assert_eq!(format!("{two:?}"), r#"Visible("a:*@h b:*@h")"#);
        // Escaped, and quoted so that it reads back, quoted or not.
        let odd = Visible::new("a\"\u{1b}\\");
        assert_eq!(format!("{odd:?}"), r#"Visible("a\"\u{1b}\\")"#);
        assert_eq!(format!("{:?}", odd.quoted()), r#"Visible("a\"\u{1b}\\")"#);
    }

    #[test]
    fn an_elided_text_is_whole_up_to_its_limit_then_its_ends_and_count() {
        let whole = "9".repeat(Elided::WHOLE);
        assert_eq!(Elided::new(&whole, "digits").to_string(), whole);
        let long = format!("1{}2", "0".repeat(999_998));
        assert_eq!(
            Elided::new(&long, "digits").to_string(),
            "10000000000000…00000000000002 (1000000 digits)"
        );
        // Cut between characters, whatever their length, and shown escaped.
        let wide = format!("\"{}\u{202e}", "é".repeat(40));
        let shown = Elided::new(&wide, "characters").quoted().to_string();
        assert_eq!(
            shown,
            format!(
                r#""\"{}…{}\u{{202e}}" (42 characters)"#,
                "é".repeat(13),
                "é".repeat(13)
            )
        );
    }
}
