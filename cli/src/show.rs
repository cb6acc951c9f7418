//! What reaches a terminal: text from the input or the user shown as
//! [`rfc1738::visible`] says, in human output and in JSON alike.
//!
//! Human output shows every such string through [`Visible`]: the inputs,
//! parts of them, file names and production names. JSON records go through
//! [`json`], which writes every character that is not visible as a `\u`
//! escape: the record is the same JSON value, and a terminal it is read on
//! obeys none of it.

use std::io::{self, Write};
use std::ops::Range;

use rfc1738::visible::{Visible, is_visible};
use serde::Serialize;

/// The JSON formatter that escapes what is not visible.
struct Safe;

impl serde_json::ser::Formatter for Safe {
    /// `fragment` is text between the escapes JSON itself makes (`"`, `\`
    /// and the C0 controls): each character in it that is not visible is
    /// written as `\uXXXX` (two for a character beyond U+FFFF).
    #[inline]
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        // Most text is printable ASCII, written as it is: JSON escaped the
        // C0 controls already, and every other byte that is not is 0x7F (DEL)
        // or above, which `+ 1` takes to 0x80 or above (0xFF, which would
        // wrap, is no byte of UTF-8). Or-ed over all bytes, without a branch
        // a byte, the loop vectorizes.
        if fragment.bytes().fold(0, |high, b| high | b.wrapping_add(1)) < 0x80 {
            writer.write_all(fragment.as_bytes())
        } else {
            escaped(writer, fragment)
        }
    }
}

/// Writes `fragment`, each character that is not visible as `\uXXXX`.
#[cold]
#[inline(never)]
fn escaped<W: ?Sized + Write>(writer: &mut W, fragment: &str) -> io::Result<()> {
    let mut rest = fragment;
    while let Some((at, c)) = rest.char_indices().find(|&(_, c)| !is_visible(c)) {
        writer.write_all(&rest.as_bytes()[..at])?;
        for unit in c.encode_utf16(&mut [0; 2]) {
            write!(writer, "\\u{unit:04x}")?;
        }
        rest = &rest[at + c.len_utf8()..];
    }
    writer.write_all(rest.as_bytes())
}

/// Writes `value` as one JSON value, every character that is not visible
/// escaped.
pub fn json(writer: impl Write, value: &impl Serialize) -> serde_json::Result<()> {
    value.serialize(&mut serde_json::Serializer::with_formatter(writer, Safe))
}

/// `value` as a JSON string, as [`json`] writes it.
pub fn json_string(value: &impl Serialize) -> String {
    let mut out = Vec::with_capacity(128);
    // The records are strings, numbers and nested records, which always
    // serialize; the formatter writes UTF-8.
    let _ = json(&mut out, value);
    String::from_utf8(out).unwrap_or_default()
}

/// Text of several lines as it may be shown: each line as [`Visible`]
/// shows it, the line feeds kept.
pub fn lines(text: &str) -> String {
    let shown: Vec<String> = text
        .split('\n')
        .map(|line| Visible::new(line).to_string())
        .collect();
    shown.join("\n")
}

/// `part`, which starts at byte `start` of an input whose password is at
/// `password`, as shown: the characters of the password in it hidden.
pub fn part<'a>(part: &'a str, start: usize, password: Option<&Range<usize>>) -> Visible<'a> {
    let hidden = password.map_or(0..0, |password| {
        password.start.saturating_sub(start)..password.end.saturating_sub(start)
    });
    Visible::new(part).hiding(hidden)
}

/// The span of what is, or would be, the password of `url`, read as
/// `parse` reads it: the parser's, or, for a URL that is not valid, the
/// error's guess.
pub fn password_of(url: &str) -> Option<Range<usize>> {
    match rfc1738::parse(url) {
        Ok(url) => url.password_span(),
        Err(error) => error.password_span(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_escapes_what_is_not_visible_and_reads_back_the_same() {
        let text = "a\u{1b}[31m\u{7f}\u{85}\u{202e}\u{3164}\u{e0041}é\"\\\n😀";
        let written = json_string(&text);
        assert!(
            written.is_ascii() || written.chars().all(is_visible),
            "{written}"
        );
        assert_eq!(
            written,
            r#""a\u001b[31m\u007f\u0085\u202e\u3164\udb40\udc41é\"\\\n😀""#
        );
        let read: String = serde_json::from_str(&written).expect("valid JSON");
        assert_eq!(read, text);
    }

    #[test]
    fn a_part_hides_the_characters_of_the_password_it_holds() {
        let password = Some(&(9..16));
        // "ftp://me:hunter2@host/" and three of its parts.
        assert_eq!(
            part("me:hunter2@host", 6, password).to_string(),
            "me:*******@host"
        );
        assert_eq!(part("hunter2", 9, password).to_string(), "*******");
        assert_eq!(part("host", 17, password).to_string(), "host");
        assert_eq!(
            part("ftp://me:hun", 0, password).to_string(),
            "ftp://me:***"
        );
    }

    #[test]
    fn lines_keep_their_line_feeds_only() {
        assert_eq!(lines("a\u{1b}b\nc\td"), "a\\u{1b}b\nc\\td");
    }
}
