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

/// Appends `value` to `buffer` as one line of JSON, as [`json`] writes it.
/// The records are strings, numbers, sequences and records of them, which
/// always serialize, and writing to a `Vec` does not fail; were a value to
/// fail, nothing of it would be left in the buffer.
pub fn json_line(buffer: &mut Vec<u8>, value: &impl Serialize) {
    let before = buffer.len();
    match json(&mut *buffer, value) {
        Ok(()) => buffer.push(b'\n'),
        Err(_) => buffer.truncate(before),
    }
}

/// A JSON object written member by member at the end of a buffer, for a
/// record written many times a second (`check`'s): its keys are the
/// program's own names ([`key!`](crate::key)), each string value goes
/// through [`Object::string`], which escapes it as [`json`] does, and every
/// other value through [`json`] itself, or is one of JSON's constants
/// ([`member!`](crate::member)). Nothing given to it can end the object or
/// its line.
pub struct Object<'b> {
    buffer: &'b mut Vec<u8>,
    /// The buffer's length before the object: where a failed value cuts it
    /// back to.
    start: usize,
    first: bool,
    failed: bool,
}

/// A member's key as [`Object`] writes it: `,"name":`, made at compile
/// time from a name of letters, digits and `_` ([`key!`](crate::key)); or
/// a whole member whose value is one of JSON's constants, `,"name":true`
/// ([`member!`](crate::member)).
#[derive(Clone, Copy)]
pub struct Key(&'static str);

impl Key {
    /// `,"name":` followed by `value`, one of JSON's constants or nothing;
    /// checked when the program is compiled, as the macros make every key
    /// a constant.
    pub const fn new(key: &'static str, value: &'static str) -> Key {
        let bytes = key.as_bytes();
        assert!(bytes.len() > 4 && bytes[0] == b',' && bytes[1] == b'"');
        let end = bytes.len() - value.len();
        assert!(bytes[end - 2] == b'"' && bytes[end - 1] == b':');
        let mut i = 2;
        while i < end - 2 {
            let b = bytes[i];
            assert!(
                b.is_ascii_alphanumeric() || b == b'_',
                "a key is a plain name"
            );
            i += 1;
        }
        let value = value.as_bytes();
        assert!(
            matches!(value, b"" | b"true" | b"false" | b"null" | b"[]"),
            "a member's value is one of JSON's constants"
        );
        Key(key)
    }
}

/// The [`Key`] of a member's name: `key!("input")`.
#[macro_export]
macro_rules! key {
    ($name:literal) => {{
        const KEY: $crate::show::Key = $crate::show::Key::new(concat!(",\"", $name, "\":"), "");
        KEY
    }};
}

/// A whole member whose value is one of JSON's constants, as a [`Key`]
/// that [`Object::member`] writes: `member!("valid": true)`.
#[macro_export]
macro_rules! member {
    ($name:literal : $value:tt) => {{
        const MEMBER: $crate::show::Key = $crate::show::Key::new(
            concat!(",\"", $name, "\":", stringify!($value)),
            stringify!($value),
        );
        MEMBER
    }};
}

/// A string as JSON writes it, quotes included, escaped as [`json`]
/// escapes it: made once, written in many records.
pub struct Escaped(String);

impl Escaped {
    /// `text`, escaped.
    pub fn new(text: &str) -> Escaped {
        let mut escaped = Vec::with_capacity(text.len() + 2);
        // A string always serializes, and writing to a Vec does not fail;
        // the formatter writes UTF-8.
        let _ = json(&mut escaped, &text);
        Escaped(String::from_utf8(escaped).unwrap_or_else(|_| "\"\"".to_owned()))
    }
}

impl<'b> Object<'b> {
    /// Begins an object at the end of `buffer`.
    pub fn new(buffer: &'b mut Vec<u8>) -> Self {
        let start = buffer.len();
        buffer.push(b'{');
        Object {
            buffer,
            start,
            first: true,
            failed: false,
        }
    }

    /// Writes `"key":`, after a comma unless it is the first member.
    fn key(&mut self, Key(key): Key) {
        let key = key.as_bytes();
        let key = if std::mem::take(&mut self.first) {
            &key[1..]
        } else {
            key
        };
        self.buffer.extend_from_slice(key);
    }

    /// Writes the member `key` with the string `value`, escaped.
    pub fn string(&mut self, key: Key, value: &str) {
        self.key(key);
        if plain(value.as_bytes()) {
            self.buffer.push(b'"');
            self.buffer.extend_from_slice(value.as_bytes());
            self.buffer.push(b'"');
        } else {
            self.failed |= json(&mut *self.buffer, &value).is_err();
        }
    }

    /// Writes the member `key` with the string `value`, escaped once
    /// before ([`Escaped`]): a file's name, in every record of its lines.
    pub fn escaped(&mut self, key: Key, value: &Escaped) {
        self.key(key);
        self.buffer.extend_from_slice(value.0.as_bytes());
    }

    /// Writes the member `key` with the name of `rule`, a string of the
    /// grammar's own: letters, digits, `-`, `+` and `_`, which JSON writes
    /// as they are (a test checks every name).
    pub fn rule(&mut self, key: Key, rule: rfc1738::Rule) {
        self.key(key);
        self.buffer.push(b'"');
        self.buffer.extend_from_slice(rule.name().as_bytes());
        self.buffer.push(b'"');
    }

    /// Writes a member whose value is one of JSON's constants, made by
    /// [`member!`](crate::member).
    pub fn member(&mut self, member: Key) {
        self.key(member);
    }

    /// Writes the member `key` with `value`, as [`json`] writes it.
    pub fn value(&mut self, key: Key, value: &impl Serialize) {
        self.key(key);
        self.failed |= json(&mut *self.buffer, value).is_err();
    }

    /// Ends the object and its line; were a value to fail to serialize,
    /// nothing of the object is left in the buffer.
    pub fn end(self) {
        if self.failed {
            self.buffer.truncate(self.start);
        } else {
            self.buffer.extend_from_slice(b"}\n");
        }
    }
}

/// Whether `bytes` are printable ASCII other than `"` and `\`, which JSON
/// and [`Safe`] alike write as they are. Checked 16 bytes at a time, each
/// into its own lane, without a branch a byte, which the compiler makes
/// vector instructions of (the last 16 bytes again, rather than a byte at a
/// time).
#[inline]
fn plain(bytes: &[u8]) -> bool {
    let (chunks, rest) = bytes.as_chunks::<16>();
    let mut lanes = [0u8; 16];
    for chunk in chunks {
        escapes(&mut lanes, chunk);
    }
    match bytes.last_chunk::<16>() {
        Some(last) => escapes(&mut lanes, last),
        None => {
            for &byte in rest {
                lanes[0] |= escape(byte);
            }
        }
    }
    lanes == [0; 16]
}

/// Marks in `lanes` the bytes of `chunk` that are not [`plain`].
#[inline]
fn escapes(lanes: &mut [u8; 16], chunk: &[u8; 16]) {
    for (lane, &byte) in lanes.iter_mut().zip(chunk) {
        *lane |= escape(byte);
    }
}

/// 1 when `byte` is not [`plain`], else 0.
#[inline]
fn escape(byte: u8) -> u8 {
    u8::from(byte.wrapping_sub(0x20) > 0x5E) | u8::from(byte == b'"') | u8::from(byte == b'\\')
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

/// The spans of an input that human output hides: its passwords, its own
/// and those written further in it after a `//`
/// ([`rfc1738::authority_passwords`]: a second URL's, one in a path). Kept
/// in order and apart (spans that meet are merged), so that those in any
/// part of the input are found by a binary search, however many there are.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hidden(Vec<Range<usize>>);

impl Hidden {
    /// The passwords of `text`: `own`, the input's (the parser's, or a
    /// guess), those written after a `//` in it, and those its decoded
    /// text holds ([`passwords`]).
    pub fn of(text: &str, own: Option<Range<usize>>) -> Hidden {
        Hidden::from_spans(passwords(text, own.as_ref()).into_iter().chain(own))
    }

    /// `spans`, in any order, overlapping or not; empty ones left out.
    pub fn from_spans(spans: impl IntoIterator<Item = Range<usize>>) -> Hidden {
        let mut spans: Vec<Range<usize>> = spans.into_iter().filter(|s| !s.is_empty()).collect();
        spans.sort_unstable_by_key(|span| span.start);
        let mut merged: Vec<Range<usize>> = Vec::with_capacity(spans.len());
        for span in spans {
            match merged.last_mut() {
                Some(last) if span.start <= last.end => last.end = last.end.max(span.end),
                _ => merged.push(span),
            }
        }
        Hidden(merged)
    }

    /// The spans, in order and apart.
    pub fn spans(&self) -> &[Range<usize>] {
        &self.0
    }

    /// Whether the byte at `at` is hidden.
    pub fn contains(&self, at: usize) -> bool {
        self.covers(&(at..at + 1))
    }

    /// Whether all of `span`, not empty, is hidden: it lies in one of the
    /// spans (they are apart).
    pub fn covers(&self, span: &Range<usize>) -> bool {
        let first = self.0.partition_point(|hidden| hidden.end <= span.start);
        !span.is_empty()
            && self
                .0
                .get(first)
                .is_some_and(|hidden| hidden.start <= span.start && span.end <= hidden.end)
    }

    /// The hidden spans that meet `span`, as spans of it.
    pub fn within(&self, span: Range<usize>) -> Vec<Range<usize>> {
        let first = self.0.partition_point(|hidden| hidden.end <= span.start);
        self.0[first..]
            .iter()
            .take_while(|hidden| hidden.start < span.end)
            .map(|hidden| {
                hidden.start.saturating_sub(span.start)..hidden.end.min(span.end) - span.start
            })
            .collect()
    }
}

/// Byte offsets as `explain`'s trees and pictures give them while
/// passwords are hidden: each hidden character counts as one byte, as its
/// `*` does, so that no offset, span or count tells how long a hidden
/// character is in UTF-8. They are offsets of the input as shown; with
/// nothing hidden, the input's own.
#[derive(Debug, Default)]
pub struct Offsets {
    /// Each hidden character longer than a byte, in order.
    wide: Vec<Wide>,
}

/// A hidden character of more than one byte.
#[derive(Debug)]
struct Wide {
    /// Where it starts in the input.
    start: usize,
    /// Its bytes.
    length: usize,
    /// The bytes that the hidden characters before it do not count.
    before: usize,
}

impl Wide {
    /// Where it starts, as shown.
    fn shown(&self) -> usize {
        self.start - self.before
    }
}

impl Offsets {
    /// The offsets of `input` whose passwords `hidden` (byte spans of
    /// `input`) are hidden: a character is hidden when it starts in one of
    /// them, and a sequence that is not UTF-8 is a character of its own,
    /// as `String::from_utf8_lossy` reads it (one U+FFFD, one `*`).
    pub fn new(input: &[u8], hidden: &Hidden) -> Offsets {
        let mut wide = Vec::new();
        let (mut before, mut at) = (0, 0);
        // Each span is read character by character up to its end, never
        // further: a line of many passwords is read once, not once a span.
        for span in hidden.spans() {
            // A span that ends inside a character: the next starts after it.
            at = at.max(span.start);
            while at < span.end.min(input.len()) {
                let length = character_length(&input[at..]);
                if length > 1 {
                    wide.push(Wide {
                        start: at,
                        length,
                        before,
                    });
                    before += length - 1;
                }
                at += length;
            }
        }
        Offsets { wide }
    }

    /// Byte `offset` of the input, as shown; an offset inside a hidden
    /// character is taken to its start.
    pub fn shown(&self, offset: usize) -> usize {
        let after = self.wide.partition_point(|wide| wide.start < offset);
        match after.checked_sub(1).map(|i| &self.wide[i]) {
            None => offset,
            Some(wide) if offset >= wide.start + wide.length => {
                offset - wide.before - (wide.length - 1)
            }
            Some(wide) => wide.shown(),
        }
    }

    /// `span`, a byte span of the input, as shown.
    pub fn span(&self, span: &Range<usize>) -> Range<usize> {
        self.shown(span.start)..self.shown(span.end)
    }

    /// The byte of the input at `shown`, an offset as shown: what
    /// [`Offsets::shown`] undoes.
    pub fn input(&self, shown: usize) -> usize {
        let after = self.wide.partition_point(|wide| wide.shown() < shown);
        match after.checked_sub(1).map(|i| &self.wide[i]) {
            None => shown,
            Some(wide) => shown + wide.before + wide.length - 1,
        }
    }
}

/// The length in bytes of the character `bytes` starts with; for bytes
/// that are not UTF-8, of the sequence `String::from_utf8_lossy` makes one
/// U+FFFD of (one to three bytes), which a diagnostic shows as one `*`; 1
/// for no byte.
fn character_length(bytes: &[u8]) -> usize {
    let first = bytes.get(..bytes.len().min(4)).unwrap_or_default();
    match first.utf8_chunks().next() {
        Some(chunk) => match chunk.valid().chars().next() {
            Some(c) => c.len_utf8(),
            None => chunk.invalid().len().max(1),
        },
        None => 1,
    }
}

/// The passwords written after a `//` in `text`
/// ([`rfc1738::authority_passwords`]), in order; a line feed ends what is
/// read, as in a diagnostic.
pub fn written(text: &str) -> Vec<Range<usize>> {
    let mut spans = Vec::new();
    let mut start = 0;
    for line in text.split('\n') {
        let found = rfc1738::authority_passwords(line);
        spans.extend(found.map(|span| start + span.start..start + span.end));
        start += line.len() + 1;
    }
    spans
}

/// The passwords a text holds besides its own, `own` (the parser's, or an
/// error's guess), in order and apart: those written after a `//` in it
/// and those its decoded text holds, read line by line around the own
/// password as if each of its bytes were a `*`, as a diagnostic reads
/// them ([`rfc1738::passwords_around`]): what is found beyond it does not
/// depend on what it holds.
pub fn passwords(text: &str, own: Option<&Range<usize>>) -> Vec<Range<usize>> {
    rfc1738::passwords_around(text, own.cloned())
}

/// Octets that are not UTF-8 as the text format writes them (`b"caf\xe9"`,
/// as [`rfc1738::url::Decoded`]'s `Debug` does: ASCII as it is, the
/// quote, the backslash and every other byte escaped).
pub struct Bytes<'a>(pub &'a [u8]);

impl std::fmt::Display for Bytes<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "b\"{}\"", self.0.escape_ascii())
    }
}

/// A part of an input as shown ([`part`]): as [`Visible`] shows it, the
/// characters of the hidden spans in it as `*`.
pub struct Part<'a> {
    text: &'a str,
    hidden: Vec<Range<usize>>,
    quoted: bool,
}

impl Part<'_> {
    /// For a part shown between double quotes ([`Visible::quoted`]).
    pub fn quoted(mut self) -> Self {
        self.quoted = true;
        self
    }
}

impl std::fmt::Display for Part<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let shown = Visible::new(self.text).hiding_all(&self.hidden);
        match self.quoted {
            true => shown.quoted().fmt(f),
            false => shown.fmt(f),
        }
    }
}

/// `part`, which starts at byte `start` of an input whose passwords are
/// `hidden`, as shown: the characters of those in it hidden.
pub fn part<'a>(part: &'a str, start: usize, hidden: &Hidden) -> Part<'a> {
    Part {
        text: part,
        hidden: hidden.within(start..start + part.len()),
        quoted: false,
    }
}

/// `spans`, byte spans of the text an [`rfc1738::Error`] of `input` keeps
/// (`input` read as `String::from_utf8_lossy` reads it: each sequence that
/// is not UTF-8 one U+FFFD, of 3 bytes), in order and apart (as
/// [`Hidden::spans`] are), as spans of `input`'s bytes. An offset inside a
/// U+FFFD is taken to its sequence's start. One walk over `input`,
/// however many spans there are.
pub fn spans_in_bytes(input: &[u8], spans: &[Range<usize>]) -> Hidden {
    let replacement = '\u{FFFD}'.len_utf8();
    let mut chunks = input.utf8_chunks();
    let mut chunk = chunks.next();
    // Where `chunk` starts, in bytes and in the text.
    let (mut byte, mut text) = (0, 0);
    // Offsets come in order: the walk goes on from the chunk of the last.
    let mut to_bytes = |offset: usize| {
        while let Some(current) = &chunk {
            let valid = current.valid().len();
            if offset <= text + valid {
                return byte + (offset - text);
            }
            if offset < text + valid + replacement {
                return byte + valid;
            }
            byte += valid + current.invalid().len();
            text += valid + replacement;
            chunk = chunks.next();
        }
        byte
    };
    Hidden::from_spans(
        spans
            .iter()
            .map(|span| {
                let start = to_bytes(span.start);
                start..to_bytes(span.end)
            })
            .collect::<Vec<_>>(),
    )
}

/// A name a message gives that may be a URL typed in the wrong place (a
/// path that names no file that could be read or written, an argument a
/// usage error quotes) as [`Visible`] shows text, each password it holds
/// hidden: the one it would hold read as a URL ([`password_of`]), and
/// those written after a `//` in it or in its decoded text
/// ([`Hidden::of`]), whatever `--show-passwords` says: `-f
/// 'ftp://me:pw@h/'` is no input, and its password no less secret. A
/// file that was read is named as it is: its name is on the disk.
pub fn name(text: &str) -> String {
    let hidden = Hidden::of(text, password_of(text));
    Visible::new(text).hiding_all(hidden.spans()).to_string()
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
        let mut line = Vec::new();
        json_line(&mut line, &text);
        let written = String::from_utf8(line).expect("UTF-8");
        let written = written.trim_end();
        assert!(
            written.is_ascii() || written.chars().all(is_visible),
            "{written}"
        );
        assert_eq!(
            written,
            r#""a\u001b[31m\u007f\u0085\u202e\u3164\udb40\udc41é\"\\\n😀""#
        );
        let read: String = serde_json::from_str(written).expect("valid JSON");
        assert_eq!(read, text);
    }

    /// A hidden character is one byte as shown, whatever its length; a
    /// shown one keeps its bytes; each offset as shown is read back.
    #[test]
    fn a_hidden_character_counts_as_one_byte() {
        // "€" (3 bytes) and "😀" (4) hidden, "é" (2) shown, a byte that is
        // not UTF-8 hidden.
        let input = "a€b😀é€x".as_bytes().iter().copied().chain([0xFF, b'y']);
        let input: Vec<u8> = input.collect();
        let hidden = Hidden::from_spans([1..9, 11..14, 15..16]);
        let offsets = Offsets::new(&input, &hidden);
        let shown: Vec<usize> = [0, 1, 4, 5, 9, 11, 14, 15, 16, 17]
            .iter()
            .map(|&at| offsets.shown(at))
            .collect();
        assert_eq!(shown, [0, 1, 2, 3, 4, 6, 7, 8, 9, 10]);
        for at in [0, 1, 4, 5, 9, 11, 14, 15, 16, 17] {
            assert_eq!(offsets.input(offsets.shown(at)), at);
        }
        // Inside a hidden character: its start.
        assert_eq!(offsets.shown(2), 1);
        assert_eq!(offsets.span(&(1..9)), 1..4);
        // A sequence that is not UTF-8 hidden is one byte, as the one
        // U+FFFD of `String::from_utf8_lossy` is one `*`.
        let truncated = Offsets::new(b"a\xe2\x82b\xffc", &Hidden::from_spans(Some(1..5)));
        let shown: Vec<usize> = (0..=6).map(|at| truncated.shown(at)).collect();
        assert_eq!(shown, [0, 1, 1, 2, 3, 4, 5]);
        // Nothing hidden: the input's own.
        let none = Offsets::new(&input, &Hidden::default());
        assert_eq!((none.shown(9), none.input(9)), (9, 9));
    }

    #[test]
    fn a_span_of_the_errors_text_is_found_in_the_input_bytes() {
        // An error of each input keeps its text with U+FFFD for the bytes
        // that are not UTF-8; its password's span is in that text.
        for (input, password) in [
            (&b"ftp://\xffme:secret@host/"[..], "secret"),
            (b"ftp://\xf0\x9f\x98me:secret@host/", "secret"),
            (b"ftp://\xff\xfe\xfd:secret@host/", "secret"),
            (b"ftp://me:p\xffw@host/", "p\u{FFFD}w"),
            (b"ftp://me:sec ret@host/", "sec ret"),
        ] {
            let error = rfc1738::check_bytes(None, input).unwrap_err();
            let span = error.password_span().expect("a password");
            let text = String::from_utf8_lossy(input);
            assert_eq!(&text[span.clone()], password);
            let bytes = spans_in_bytes(input, std::slice::from_ref(&span)).spans()[0].clone();
            let expected = text[span.clone()].replace('\u{FFFD}', "");
            let found: Vec<u8> = input[bytes]
                .iter()
                .copied()
                .filter(|b| b.is_ascii())
                .collect();
            assert_eq!(found, expected.as_bytes(), "{input:?}");
        }
        // Past the end, and inside a U+FFFD.
        let one = |span| spans_in_bytes(b"a\xffb", &[span]).spans()[0].clone();
        assert_eq!(one(1..4), 1..2);
        assert_eq!(one(2..5), 1..3);
        // Several spans, in one walk, on either side of a byte that is not
        // UTF-8.
        // The text: "ab", U+FFFD (2..5), "cd", U+FFFD (7..10), U+FFFD
        // (10..13), "ef".
        let spans = spans_in_bytes(b"ab\xffcd\xfe\xfdef", &[0..1, 2..5, 6..7, 10..13]);
        assert_eq!(spans.spans(), [0..1, 2..3, 4..5, 6..7]);
    }

    #[test]
    fn a_part_hides_the_characters_of_the_password_it_holds() {
        let password = &Hidden::from_spans(Some(9..16));
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

    /// A password of the decoded text is given as the text it is decoded
    /// from, escapes whole; a part finds the spans of it that it holds.
    #[test]
    fn decoded_passwords_are_found_where_they_are_written() {
        // The one span of `spans`.
        let only = |spans: &[Range<usize>]| match spans {
            [span] => Some(span.clone()),
            _ => None,
        };
        let text = "http://h/a%2F%2Fme:p%FFw@h/x";
        let hidden = Hidden::from_spans(rfc1738::decoded_passwords(text));
        assert_eq!(only(hidden.spans()), Some(19..24));
        assert_eq!(&text[19..24], "p%FFw");
        // The segment "a%2F%2Fme:p%FFw@h" holds it, the next one none.
        assert_eq!(only(&hidden.within(9..26)), Some(10..15));
        assert_eq!(hidden.within(27..28), []);
        // Split: the `//` of a decoded `/` and a separating one.
        let text = "file://h/a%2F/me:pw@h/x";
        assert_eq!(
            only(Hidden::from_spans(rfc1738::decoded_passwords(text)).spans()),
            Some(17..19)
        );
        // A text without an escape decodes to itself: its passwords are
        // those read as written.
        assert_eq!(rfc1738::decoded_passwords("http://h/a//me:pw@h/"), []);
    }

    /// A text's passwords are those written and those decoded, line by
    /// line, in order and apart.
    #[test]
    fn a_texts_passwords_are_those_written_and_those_decoded() {
        let text = "x //u:a@h/%2F%2Fv:b@h\nftp://me%3Ax:pw@h/ //w:c%40@h/";
        let shown: Vec<&str> = passwords(text, None)
            .into_iter()
            .map(|s| &text[s])
            .collect();
        // The second line's own login stays the parser's: its user's
        // decoded `:` starts no password, and `c%40` is read both ways.
        assert_eq!(shown, ["a", "b", "pw", "c%40"]);
        // Found both ways: one span.
        let text = "http://h/a%2F//me:pw@h";
        let shown: Vec<&str> = passwords(text, None)
            .into_iter()
            .map(|s| &text[s])
            .collect();
        assert_eq!(shown, ["pw"]);
    }

    /// Around the own password, a text is read as if each of its bytes were
    /// a `*`: a guess that holds a `//` starts no authority whose password
    /// would run on past it to the `@` decoded from `%40` (fuzz finding
    /// 8), and `Hidden::of` hides the same beyond it whatever it holds.
    #[test]
    fn what_is_found_beyond_the_own_password_does_not_depend_on_it() {
        let own = 11..18;
        let text = "ftp://h./1:pa//x:/@y%40z";
        let found: Vec<&str> = passwords(text, None)
            .into_iter()
            .map(|s| &text[s])
            .collect();
        assert_eq!(found, ["/@y"]);
        assert_eq!(passwords(text, Some(&own)), []);
        for held in ["pa**x:/", "pa//x//", "\u{e9}//x:/"] {
            let other = format!("ftp://h./1:{held}@y%40z");
            let own = 11..11 + held.len();
            assert_eq!(passwords(&other, Some(&own)), [], "{other}");
            assert_eq!(Hidden::of(&other, Some(own.clone())).spans(), [own]);
        }
    }

    #[test]
    fn bytes_are_written_as_decoded_octets_are() {
        let bytes = b"a\xffb\xc3\xa9c\"\\\n";
        let decoded = rfc1738::url::Decoded::from(&bytes[..]);
        assert_eq!(Bytes(bytes).to_string(), format!("{decoded:?}"));
    }

    #[test]
    fn an_object_escapes_its_strings_as_serde_does() {
        let strings = [
            "http://h/",
            "a\"b",
            "a\\b",
            "\u{7f}",
            "tab\there",
            "\u{1b}[31m",
            "é",
            "\u{202e}",
            "",
            "}\n{",
        ];
        for text in strings {
            let mut object = Vec::new();
            let mut writer = Object::new(&mut object);
            writer.string(crate::key!("input"), text);
            writer.value(crate::key!("n"), &7);
            writer.member(crate::member!("t": true));
            writer.member(crate::member!("u": null));
            writer.member(crate::member!("v": []));
            writer.escaped(crate::key!("w"), &Escaped::new(text));
            writer.end();
            let mut serde = Vec::new();
            let value = serde_json::json!({
                "input": text, "n": 7, "t": true, "u": null, "v": [], "w": text
            });
            json_line(&mut serde, &value);
            assert_eq!(
                String::from_utf8(object).unwrap(),
                String::from_utf8(serde).unwrap(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn the_names_of_the_productions_are_plain() {
        for rule in rfc1738::Rule::ALL {
            assert!(plain(rule.name().as_bytes()), "{rule}");
        }
    }

    #[test]
    fn plain_bytes_are_printable_ascii_but_the_quote_and_the_backslash() {
        let printable: Vec<u8> = (0x20..0x7F).filter(|&b| b != b'"' && b != b'\\').collect();
        for length in 0..40 {
            let text: Vec<u8> = printable.iter().cycle().take(length).copied().collect();
            assert!(plain(&text), "{length}");
            // Any one byte that is not, anywhere.
            for at in 0..length {
                for bad in [0, 0x1F, b'"', b'\\', 0x7F, 0x80, 0xFF] {
                    let mut text = text.clone();
                    text[at] = bad;
                    assert!(!plain(&text), "{length} {at} {bad}");
                }
            }
        }
    }

    #[test]
    fn lines_keep_their_line_feeds_only() {
        assert_eq!(lines("a\u{1b}b\nc\td"), "a\\u{1b}b\nc\\td");
    }

    #[test]
    fn hidden_spans_are_merged_and_found_in_any_part() {
        let hidden = Hidden::from_spans([10..12, 2..4, 3..6, 8..8, 20..25]);
        assert_eq!(hidden.spans(), [2..6, 10..12, 20..25]);
        assert!(hidden.contains(2) && hidden.contains(5) && !hidden.contains(6));
        assert!(hidden.covers(&(3..5)) && !hidden.covers(&(5..11)) && !hidden.covers(&(4..4)));
        let text = "0123456789abcdefghijklmnop";
        assert_eq!(
            part(&text[4..22], 4, &hidden).to_string(),
            "**6789**cdefghij**"
        );
        assert_eq!(part(&text[6..10], 6, &hidden).to_string(), "6789");
        let line = "http://x/a ftp://me:secret@h/ //u:pw@h";
        let hidden = Hidden::of(line, Some(2..3));
        assert_eq!(
            part(line, 0, &hidden).to_string(),
            "ht*p://x/a ftp://me:******@h/ //u:**@h"
        );
        assert_eq!(
            part(&line[17..], 17, &hidden).quoted().to_string(),
            "me:******@h/ //u:**@h"
        );
    }
}
