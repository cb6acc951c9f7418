//! `rfc1738 extract`: URLs found in free text, as the RFC's appendix
//! describes them.

use std::borrow::Cow;
use std::fmt::Display;
use std::io::{self, Read, Write};
use std::ops::Range;
use std::process::ExitCode;

use rfc1738::Error;
use rfc1738::extract::{Extracted, Form, MAX_HYPHEN_BREAKS, MAX_READING_BYTES, extract_bytes_iter};
use rfc1738::visible::Visible;
use serde::Serialize;
use serde::ser::{SerializeSeq, Serializer};

use crate::batch::{self, ReadAhead};
use crate::check::ErrorRecord;
use crate::inputs::{self, Source};
use crate::interrupt::Interrupted;
use crate::output::{self, Output, Paint, Record, Stop};
use crate::show;
use crate::summary::{self, Tally};
use crate::{ExtractArgs, Format};

/// The JSON record of one hit.
#[derive(Serialize)]
struct Hit<'a> {
    line: usize,
    column: usize,
    start: usize,
    end: usize,
    form: &'static str,
    url: &'a str,
    /// The URL's bytes, when it holds bytes that are not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    url_bytes: Option<AsRead<'a>>,
    fragment: Option<&'a str>,
    /// The fragment's bytes, when it holds bytes that are not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    fragment_bytes: Option<AsRead<'a>>,
    hyphen_breaks: Vec<HyphenRecord<'a>>,
    /// How many hyphens at a line break there are beyond those listed in
    /// `hyphen_breaks` ([`MAX_HYPHEN_BREAKS`]).
    more_hyphen_breaks: usize,
    valid: bool,
    rule: &'static str,
    error: Option<ErrorRecord<'a>>,
    error_at: Option<&'a Place>,
    /// The text's file (`<stdin>` for standard input), and its bytes when
    /// they are not UTF-8...
    #[serde(flatten)]
    file: Option<inputs::FileMembers<'a>>,
    /// ... or its argument, counted from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    argument: Option<usize>,
}

/// Where a text comes from.
#[derive(Clone, Copy)]
enum Origin<'a> {
    /// The argument of this number, counted from 1.
    Argument(usize),
    /// A file, or standard input: its name.
    Stream(inputs::FileMembers<'a>),
}

/// Where an invalid hit's error is in the text.
#[derive(Serialize)]
struct Place {
    offset: usize,
    line: usize,
    column: usize,
}

/// A hyphen at a line break, in a JSON record.
#[derive(Serialize)]
struct HyphenRecord<'a> {
    offset: usize,
    /// `null` for a URL longer than [`MAX_READING_BYTES`].
    without: Option<&'a str>,
    /// Its bytes, when it holds bytes that are not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    without_bytes: Option<&'a [u8]>,
    without_valid: bool,
}

/// The text read, bounded.
struct Text {
    /// The bytes searched: all of the text, or of a text longer than the
    /// limit, its lines that end within it.
    bytes: Vec<u8>,
    /// Whether the text was longer than the limit.
    cut: bool,
}

/// Reads at most `max` bytes of `reader`, and one more to know whether the
/// text is longer; a longer text is cut after its last line feed within
/// `max` bytes, so that no line is searched in part.
///
/// A read that fails (a truncated or corrupt compressed file, which names
/// the line it cut) gives its error beside the text read before it, cut
/// after its last line feed as a longer text is: the lines before the error
/// are searched, as the other commands check them.
fn read_text(reader: impl Read + Send + 'static, max: usize) -> (Text, io::Result<()>) {
    let mut reader = ReadAhead::spawn(reader);
    let most = max.saturating_add(1);
    let mut bytes: Vec<u8> = Vec::new();
    let mut filled = 0;
    let mut failed = Ok(());
    while filled < most {
        if filled == bytes.len() {
            // Doubling, but never past the limit: the buffer is at most the
            // limit and a byte, not twice that.
            let grown = (2 * filled).max(CHUNK).min(most);
            bytes.reserve_exact(grown - filled);
            bytes.resize(grown, 0);
        }
        let read = match reader.read(&mut bytes[filled..]) {
            Ok(0) => break,
            Ok(read) => read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => {
                failed = Err(error);
                break;
            }
        };
        filled += read;
    }
    // A read failed before the limit: the line it cut is not searched.
    if failed.is_err() {
        filled = memchr::memrchr(b'\n', &bytes[..filled]).map_or(0, |at| at + 1);
    }
    bytes.truncate(filled);
    (bounded(bytes, max), failed)
}

/// The text `bytes`, bounded by `max`: all of it, or, when it is longer,
/// its lines that end within `max` bytes, so that no line is searched in
/// part.
fn bounded(mut bytes: Vec<u8>, max: usize) -> Text {
    let cut = bytes.len() > max;
    if cut {
        let end = memchr::memrchr(b'\n', &bytes[..max]).map_or(0, |at| at + 1);
        bytes.truncate(end);
    }
    Text { bytes, cut }
}

/// The first size the text's buffer has.
const CHUNK: usize = 64 << 10;

/// Runs the command: 0 when every hit is valid, 1 when one is not, 2 when
/// a text cannot be read or is longer than the limit.
pub fn run(args: &ExtractArgs) -> ExitCode {
    let max = usize::try_from(args.max_text_bytes).unwrap_or(usize::MAX);
    let paint = Paint::stdout();
    let sources = inputs::sources(&args.texts, &args.files);
    let mut out = Output::new();
    let mut tally = Tally::default();
    let mut reading = inputs::Reading {
        whole: true,
        stopped: Ok(()),
    };
    for (index, source) in sources.iter().enumerate() {
        let (name, name_bytes, text, read) = match source.open() {
            None => {
                let Source::Argument(text) = source else {
                    continue;
                };
                let bytes = text.as_encoded_bytes().to_vec();
                let name = inputs::argument_name(index);
                (name, None, bounded(bytes, max), Ok(()))
            }
            Some(Ok(stream)) => {
                let (text, read) = read_text(stream.reader, max);
                (stream.name, stream.name_bytes, text, read)
            }
            Some(Err((_, error))) => {
                output::message(format_args!("{}: {error}", source.shown()));
                reading.whole = false;
                continue;
            }
        };
        // SIGINT ended the read: the run ends, its summary counting the
        // hits written before.
        if let Err(error) = &read
            && Interrupted::caused(error)
        {
            reading.stopped = Err(Stop::Interrupted);
            break;
        }
        let before = tally.inputs();
        let origin = match source {
            Source::Argument(_) => Origin::Argument(index + 1),
            _ => Origin::Stream(inputs::FileMembers::new(&name, name_bytes.as_deref())),
        };
        let written = search(args, &paint, (&name, origin), &text, &mut out, &mut tally);
        let stopped = written.and_then(|()| out.flush());
        if let Err(stop) = stopped {
            // Standard output closed: this text is told of, and no text
            // after it is read. SIGINT, or a failed write, ends the run
            // now; its end says why, with the summary of what was written
            // when it can.
            let closed = matches!(stop, Stop::Closed);
            reading.stopped = Err(stop);
            if !closed {
                break;
            }
        }
        if let Source::Argument(argument) = source
            && tally.inputs() == before
            && !text.cut
        {
            let taken = "searched as a text, and holds no URL";
            inputs::note_file(argument, taken, "search the file");
        }
        if text.cut {
            let read = !matches!(source, Source::Argument(_));
            cut_message(&Visible::new(&name).to_string(), &text.bytes, max, read);
            reading.whole = false;
        }
        // After the hits of the lines read before it.
        if let Err(error) = read {
            output::message(format_args!("{}: {error}", source.shown()));
            reading.whole = false;
        }
        if reading.stopped.is_err() {
            break;
        }
    }
    let end = summary::End {
        noun: ("hit", "hits"),
        ..summary::End::inputs(&args.records, &sources)
    };
    end.status(reading, &mut out, &tally)
}

/// Says that the text `name` was longer than `max` bytes, and how much of
/// it, `bytes`, was searched; and that the rest was not read, when it was
/// not `read` (a file's, standard input's; an argument is read whole).
fn cut_message(name: &str, bytes: &[u8], max: usize, read: bool) {
    let searched = match memchr::memchr_iter(b'\n', bytes).count() {
        0 => "no line of it ends within them: nothing was searched".to_owned(),
        1 => format!("only its first line ({}) was searched", size(bytes.len())),
        lines => format!(
            "only its first {lines} lines ({}) were searched",
            size(bytes.len())
        ),
    };
    let rest = if read {
        ", and the rest was not read"
    } else {
        ""
    };
    output::message(format_args!(
        "{name}: the text is longer than {} (--max-text-bytes); {searched}{rest}",
        size(max)
    ));
}

/// `1 byte`, `20 bytes`.
fn size(bytes: usize) -> String {
    summary::plural(bytes as u64, "byte", "bytes")
}

/// Writes the hits of the text `name`, each as it is found and in pieces:
/// memory holds the text and one hit.
fn search(
    args: &ExtractArgs,
    paint: &Paint,
    (name, origin): (&str, Origin<'_>),
    text: &Text,
    out: &mut Output,
    tally: &mut Tally,
) -> Result<(), Stop> {
    // A byte-order mark is not part of the text; offsets still count it, as
    // they count the bytes of the input as read.
    let bom = if text.bytes.starts_with(inputs::BOM) {
        inputs::BOM.len()
    } else {
        0
    };
    let bytes = &text.bytes[bom..];
    let shown = Visible::new(name).to_string();
    let mut buffer = Vec::new();
    let hide = args.records.format == Format::Human && !args.records.show_passwords;
    // What the hidden characters of the hits before take beyond one byte
    // each, for the hyphens' offsets as human output gives them.
    let mut narrowed = 0;
    // Text that is not UTF-8 is read with U+FFFD in place of its bad bytes,
    // with no copy made: no URL can hold them, and the rest of the text is
    // still searched. Offsets are those of the bytes as read.
    extract_bytes_iter(bytes).try_for_each(|hit| {
        let skipped = hit.is_valid() && args.records.quiet;
        let counted = match hit.is_valid() {
            true => &mut tally.valid,
            false => &mut tally.invalid,
        };
        // A hit not shown still counts its hidden characters for those
        // after it; one all of ASCII has none longer than a byte.
        let masked = match hide && !(skipped && hit.url_with_fragment().is_ascii()) {
            true => hidden(&hit),
            false => Hidden::default(),
        };
        let narrowing = Narrowing::new(&hit, &masked, bytes, narrowed);
        narrowed += narrowing.whole;
        if skipped {
            *counted += 1;
            return Ok(());
        }
        let places = Places::new(&hit, bytes, bom);
        let mut record = Record::new(out, &mut buffer);
        let written = match args.records.format {
            Format::Json => {
                // Strings, numbers and lists of them always serialize, and
                // a record takes every write.
                let _ = show::json(&mut record, &json(&hit, &places, origin));
                record.end()
            }
            Format::Human => {
                let show_passwords = args.records.show_passwords;
                let shown = (shown.as_str(), show_passwords);
                let hit = (&hit, &masked, &narrowing);
                let _ = human(&mut record, hit, &places, shown, paint);
                record.finish()
            }
        };
        // A record that SIGINT refused was not begun: the summary counts
        // the hits whose records were written, as the other commands count
        // their inputs.
        if batch::counted(&written) {
            *counted += 1;
        }
        written
    })
}

/// A hit's offsets in the bytes as read, and where its error is.
struct Places<'a> {
    start: usize,
    end: usize,
    /// The offset of each hyphen break's `-`, and the bytes of the URL
    /// without it when some are not UTF-8 ([`as_read`]).
    hyphens: Vec<(usize, Option<Vec<u8>>)>,
    /// The error's offset, line and column in the text.
    error_at: Option<Place>,
    /// The URL's bytes as read, when some are not UTF-8.
    url_bytes: Option<AsRead<'a>>,
    /// The fragment's, likewise.
    fragment_bytes: Option<AsRead<'a>>,
}

impl<'a> Places<'a> {
    /// The places of `hit`, a hit of `bytes`, which start `base` bytes into
    /// the input (after a byte-order mark), which every offset given
    /// counts.
    fn new(hit: &Extracted<'_>, bytes: &'a [u8], base: usize) -> Places<'a> {
        let span = hit.span();
        let read = bytes.get(span.clone()).unwrap_or_default();
        let hyphens = hit
            .hyphen_breaks()
            .iter()
            .map(|hyphen| {
                let without = hyphen.without().and_then(|without| as_read(without, read));
                (base + hyphen.offset_in_text(), without)
            })
            .collect();
        let error_at = hit.verdict().err().map(|error| {
            let position = hit.text_position(error.offset());
            Place {
                offset: base + hit.text_offset(error.offset()),
                line: position.line(),
                column: position.column(),
            }
        });
        let url = bytes.get(hit.text_offset(0)..hit.text_offset(hit.url().len()));
        Places {
            start: base + span.start,
            end: base + span.end,
            hyphens,
            error_at,
            url_bytes: url.and_then(AsRead::new),
            fragment_bytes: fragment_read(hit, bytes).and_then(AsRead::new),
        }
    }
}

/// The bytes of `hit`'s fragment as read in `bytes`, its text: what
/// follows the first `#` after the URL, up to the wrapper's `>`, whitespace
/// included.
fn fragment_read<'a>(hit: &Extracted<'_>, bytes: &'a [u8]) -> Option<&'a [u8]> {
    hit.fragment()?;
    let url_end = hit.text_offset(hit.url().len());
    let wrapped = usize::from(hit.form() != Form::Bare);
    let after = bytes.get(url_end..hit.span().end - wrapped)?;
    after.get(memchr::memchr(b'#', after)? + 1..)
}

/// How human output gives a hit's byte offsets in its text while
/// passwords are hidden: each hidden character counts as the one byte of
/// its `*`, whatever its length in the text, as [`show::Offsets`] counts
/// them for `explain`, so that no offset tells how long one is in UTF-8 (a
/// U+FFFD that stands for bytes that are not UTF-8 is one character, of
/// as many bytes as it stands for). Those of the hits before it count so
/// too.
struct Narrowing {
    /// For each hyphen break of the hit, in order, the bytes that the
    /// hidden characters before it in the text (of the hits before, and of
    /// the hit's URL) take beyond one each.
    hyphens: Vec<usize>,
    /// What the hidden characters of the hit's URL and fragment take
    /// beyond one byte each.
    whole: usize,
}

impl Narrowing {
    /// The narrowing of `hit`, a hit of `bytes` whose URL and fragment
    /// hide what `hidden` says, after hits whose hidden characters take
    /// `before` bytes beyond one each.
    fn new(hit: &Extracted<'_>, hidden: &Hidden, bytes: &[u8], before: usize) -> Narrowing {
        let breaks = hit.hyphen_breaks();
        // Nothing hidden, or all of ASCII: every character is a byte (a
        // byte that is not UTF-8 is read as a U+FFFD, which is not ASCII).
        if hidden.is_empty() || hit.url_with_fragment().is_ascii() {
            return Narrowing {
                hyphens: vec![before; breaks.len()],
                whole: 0,
            };
        }
        let in_url = hidden.in_url();
        // Each hidden character longer than a byte: where it starts in the
        // URL, and what those up to it take beyond a byte each.
        let mut wide: Vec<(usize, usize)> = Vec::new();
        let mut whole = 0;
        for c in hit.url_chars() {
            let length = c.in_text().len();
            if length > 1 && in_url.contains(c.in_url().start) {
                whole += length - 1;
                wide.push((c.in_url().start, whole));
            }
        }
        let hyphens = breaks
            .iter()
            .map(|hyphen| {
                let after = wide.partition_point(|&(start, _)| start < hyphen.offset_in_url());
                before + after.checked_sub(1).map_or(0, |last| wide[last].1)
            })
            .collect();
        let in_fragment = show::Hidden::from_spans(
            std::iter::once(hidden.fragment.clone()).chain(hidden.further_fragment.iter().cloned()),
        );
        if let Some(fragment) = fragment_read(hit, bytes) {
            whole += narrowed_in(fragment, &in_fragment);
        }
        Narrowing { hyphens, whole }
    }
}

/// What the characters of `read`, the bytes of a fragment as read, that
/// `hidden` (spans of the fragment as extracted) hides take beyond one
/// byte each: its whitespace left out, as the fragment leaves it, and each
/// sequence of bytes that is not UTF-8 one U+FFFD, as it reads them.
fn narrowed_in(read: &[u8], hidden: &show::Hidden) -> usize {
    let (mut at, mut narrowed) = (0, 0);
    for chunk in read.utf8_chunks() {
        let valid = chunk.valid().chars().filter(|c| !c.is_whitespace());
        let valid = valid.map(|c| (c.len_utf8(), c.len_utf8()));
        let bad = chunk.invalid();
        let bad = (!bad.is_empty()).then_some((char::REPLACEMENT_CHARACTER.len_utf8(), bad.len()));
        // Its bytes in the fragment, and in the text.
        for (extracted, read) in valid.chain(bad) {
            if hidden.contains(at) {
                narrowed += read - 1;
            }
            at += extracted;
        }
    }
    narrowed
}

/// The bytes as read of a URL or a fragment that holds bytes that are not
/// UTF-8: those of its text, whitespace left out; written as a JSON list of
/// numbers as they are read, never held whole.
#[derive(Clone, Copy)]
struct AsRead<'a>(&'a [u8]);

impl<'a> AsRead<'a> {
    /// The bytes of `text` less its whitespace, when some are not UTF-8.
    fn new(text: &'a [u8]) -> Option<Self> {
        std::str::from_utf8(text).is_err().then_some(AsRead(text))
    }
}

impl Serialize for AsRead<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut list = serializer.serialize_seq(None)?;
        for chunk in self.0.utf8_chunks() {
            for c in chunk.valid().chars().filter(|c| !c.is_whitespace()) {
                for byte in c.encode_utf8(&mut [0; 4]).bytes() {
                    list.serialize_element(&byte)?;
                }
            }
            for byte in chunk.invalid() {
                list.serialize_element(byte)?;
            }
        }
        list.end()
    }
}

/// The bytes of `url` as read, when some of them are not UTF-8: the URL
/// (a reading of a hit's URL without a hyphen) holds a U+FFFD for each run
/// of them. `span` is the bytes of the occurrence from where `url` starts,
/// which hold its characters in order, besides a wrapper, whitespace, a
/// hyphen left out and a fragment after it; none of those is a U+FFFD, so
/// the URL's n-th U+FFFD is the span's n-th, and taking each character of
/// the URL where it first comes finds it.
fn as_read(url: &str, span: &[u8]) -> Option<Vec<u8>> {
    const REPLACEMENT: char = '\u{FFFD}';
    if !url.contains(REPLACEMENT) {
        return None;
    }
    // Each character of the occurrence with its bytes, as
    // `String::from_utf8_lossy` reads it: a run of bad bytes is one U+FFFD.
    let mut units = span.utf8_chunks().flat_map(|chunk| {
        let valid = chunk.valid();
        let bad = chunk.invalid();
        let chars = valid
            .char_indices()
            .map(move |(at, c)| (c, &valid.as_bytes()[at..at + c.len_utf8()]));
        chars.chain((!bad.is_empty()).then_some((REPLACEMENT, bad)))
    });
    let mut out = Vec::with_capacity(url.len());
    let mut replaced = false;
    for c in url.chars() {
        let (_, bytes) = units.find(|&(unit, _)| unit == c)?;
        replaced |= c == REPLACEMENT && std::str::from_utf8(bytes).is_err();
        out.extend_from_slice(bytes);
    }
    replaced.then_some(out)
}

/// The record of `hit`, found in `origin`.
fn json<'a>(hit: &'a Extracted<'_>, places: &'a Places<'a>, origin: Origin<'a>) -> Hit<'a> {
    let (file, argument) = match origin {
        Origin::Argument(number) => (None, Some(number)),
        Origin::Stream(name) => (Some(name), None),
    };
    Hit {
        line: hit.line(),
        column: hit.column(),
        start: places.start,
        end: places.end,
        form: hit.form().as_str(),
        url: hit.url(),
        url_bytes: places.url_bytes,
        fragment: hit.fragment(),
        fragment_bytes: places.fragment_bytes,
        hyphen_breaks: hit
            .hyphen_breaks()
            .iter()
            .zip(&places.hyphens)
            .map(|(hyphen, (offset, without_bytes))| HyphenRecord {
                offset: *offset,
                without: hyphen.without(),
                without_bytes: without_bytes.as_deref(),
                without_valid: hyphen.without_valid(),
            })
            .collect(),
        more_hyphen_breaks: hit.more_hyphen_breaks(),
        valid: hit.is_valid(),
        rule: match hit.verdict() {
            Ok(rule) => rule.name(),
            Err(error) => error.rule().name(),
        },
        error: hit.verdict().err().map(ErrorRecord::new),
        error_at: places.error_at.as_ref(),
        file,
        argument,
    }
}

/// What human output hides of a hit's URL and fragment.
#[derive(Default)]
struct Hidden {
    /// The span of the URL's password.
    url: Option<Range<usize>>,
    /// The span of the fragment that is a password's.
    fragment: Range<usize>,
    /// The passwords written after a `//` in the URL, and in its fragment,
    /// and those their decoded text holds, read in the two as written
    /// together ([`further`]).
    further_url: Vec<Range<usize>>,
    further_fragment: Vec<Range<usize>>,
    /// The error of the URL written with its fragment, when the URL's own
    /// error would show characters of that password: its diagnostic, at
    /// the same offset (no URL reads past a `#`), hides them.
    error: Option<Error>,
}

impl Hidden {
    /// Whether it hides nothing.
    fn is_empty(&self) -> bool {
        self.url.as_ref().is_none_or(Range::is_empty)
            && self.further_url.iter().all(Range::is_empty)
            && self.fragment.is_empty()
            && self.further_fragment.iter().all(Range::is_empty)
    }

    /// The spans hidden in the URL: its password and those written
    /// further in it.
    fn in_url(&self) -> show::Hidden {
        let own = self.url.clone().into_iter();
        show::Hidden::from_spans(own.chain(self.further_url.iter().cloned()))
    }
}

/// What to hide of `hit` ([`hidden_in`]).
fn hidden(hit: &Extracted<'_>) -> Hidden {
    let own = match hit.verdict() {
        Ok(_) => rfc1738::parse(hit.url())
            .ok()
            .and_then(|url| url.password_span()),
        Err(error) => error.password_span(),
    };
    let written = Some(hit.url_with_fragment());
    let mut hidden = hidden_in(hit.url(), hit.fragment(), own, written);
    // The URL's own error shows what its own guess does not hide, and its
    // line ends at the `#`, where a password written further may go on.
    let url_len = hit.url().len();
    let cut = hidden
        .further_url
        .last()
        .is_some_and(|last| last.end == url_len)
        && hidden
            .further_fragment
            .first()
            .is_some_and(|first| first.start == 0);
    let covered = !cut
        && match hit.verdict() {
            Err(error) => {
                let in_url = hidden.url.iter().chain(&hidden.further_url);
                hides_all(error, hit.url(), in_url)
            }
            Ok(_) => true,
        };
    if covered {
        hidden.error = None;
    }
    hidden
}

/// Whether `error`, of `url` alone, hides every character of `spans` when
/// its passwords are hidden: its own password (its guess) and those
/// written further in `url`, read without the fragment. A password that
/// only the URL written with its fragment has (its `@` after the `#`), or
/// that it reads longer, is not.
fn hides_all<'a>(
    error: &Error,
    url: &str,
    mut spans: impl Iterator<Item = &'a Range<usize>>,
) -> bool {
    let hides = show::Hidden::of(url, error.password_span());
    spans.all(|span| span.is_empty() || hides.covers(span))
}

/// What to hide of `url`, whose password is `own` (the parser's, or the
/// error's guess), and of the `fragment` that followed it.
///
/// A `#` ends the URL before it is checked, while people type one into a
/// password as they type any other character (`ftp://admin:12#34@host/`):
/// the URL written with its fragment, `url#fragment` (`written`, the hit's
/// own, or else made here), is read as well, and what would be its password
/// is hidden on both sides of the `#`. A password of the URL that runs to
/// its end is taken to go on through the whole fragment.
fn hidden_in(
    url: &str,
    fragment: Option<&str>,
    own: Option<Range<usize>>,
    written: Option<&str>,
) -> Hidden {
    let Some(fragment) = fragment else {
        return Hidden {
            further_url: show::passwords(url, own.as_ref()),
            url: own,
            ..Hidden::default()
        };
    };
    let to_end = own.as_ref().is_some_and(|own| own.end == url.len());
    let written = written.map_or_else(|| Cow::Owned(format!("{url}#{fragment}")), Cow::Borrowed);
    // No URL holds a `#`: the URL so written is rejected, and its error
    // guesses the password.
    let (whole, error) = match rfc1738::parse(&written) {
        Ok(parsed) => (parsed.password_span(), None),
        Err(error) => (error.password_span(), Some(error)),
    };
    let in_url = whole
        .as_ref()
        .filter(|whole| whole.start < url.len())
        .map(|whole| whole.start..whole.end.min(url.len()));
    let password = match (own, in_url) {
        (Some(own), Some(guess)) => Some(own.start.min(guess.start)..own.end.max(guess.end)),
        (own, guess) => own.or(guess),
    };
    // The fragment starts after the URL and its `#`.
    let start = url.len() + 1;
    let in_fragment = match whole {
        _ if to_end => 0..fragment.len(),
        Some(whole) => whole.start.saturating_sub(start)..whole.end.saturating_sub(start),
        None => 0..0,
    };
    // The own password of the URL so written, read as unknown by the
    // reading of the rest: from its start in the URL to its end, in the
    // fragment when it goes on there.
    let in_written =
        (!in_fragment.is_empty()).then(|| start + in_fragment.start..start + in_fragment.end);
    let own_written = match (password.clone(), in_written) {
        (Some(password), Some(after)) => Some(password.start..after.end),
        (password, after) => password.or(after),
    };
    let (further_url, further_fragment) = further(&written, url.len(), own_written.as_ref());
    Hidden {
        url: password,
        fragment: in_fragment,
        further_url,
        further_fragment,
        error,
    }
}

/// The passwords written after a `//` in `written`, a URL of `url_len`
/// bytes, its `#` and its fragment, and those its decoded text holds
/// ([`show::passwords`], around `own`, the own password of the URL so
/// written): those in the URL, and those in the fragment as spans of it. A
/// `#` typed into one cuts it in two.
fn further(
    written: &str,
    url_len: usize,
    own: Option<&Range<usize>>,
) -> (Vec<Range<usize>>, Vec<Range<usize>>) {
    let start = url_len + 1;
    let (mut in_url, mut in_fragment) = (Vec::new(), Vec::new());
    for span in show::passwords(written, own) {
        if span.start < url_len {
            in_url.push(span.start..span.end.min(url_len));
        }
        if span.end > start {
            in_fragment.push(span.start.saturating_sub(start)..span.end - start);
        }
    }
    (in_url, in_fragment)
}

/// How human output shows an empty URL (`<URL:>`), which would be nothing.
const EMPTY: &str = "(empty URL)";

/// Writes a line for `hit`, and its notes and the diagnostic of an invalid
/// one; passwords hidden, as `hidden` says, unless `show_passwords`, and
/// offsets in the text narrowed so ([`Narrowing`]). `name` is the text's,
/// as shown.
fn human(
    out: &mut impl Write,
    (hit, hidden, narrowing): (&Extracted<'_>, &Hidden, &Narrowing),
    places: &Places<'_>,
    (name, show_passwords): (&str, bool),
    paint: &Paint,
) -> io::Result<()> {
    let in_url = hidden.in_url();
    let part = show::part(hit.url(), 0, &in_url);
    // No URL found holds a space: this says nothing a URL could.
    let url: &dyn Display = if hit.url().is_empty() { &EMPTY } else { &part };
    let (line, column) = (hit.line(), hit.column());
    match hit.verdict() {
        Ok(rule) => writeln!(out, "{name}:{line}:{column}: {url} (valid {rule})")?,
        Err(error) => {
            let rule = error.rule();
            writeln!(out, "{name}:{line}:{column}: {url} (not a valid {rule})")?;
        }
    }
    if let Some(fragment) = hit.fragment() {
        writeln!(
            out,
            "  note: the fragment \"#{}\" is not part of the URL (RFC 1738, section 2.2 and \
             the appendix)",
            Visible::new(fragment)
                .quoted()
                .hiding(hidden.fragment.clone())
                .hiding_all(&hidden.further_fragment)
        )?;
    }
    hyphen_notes(out, hit, places, narrowing, show_passwords)?;
    if let (Err(error), Some(place)) = (hit.verdict(), &places.error_at) {
        // The diagnostic shows the URL as extracted; say where its error is
        // in the text.
        writeln!(
            out,
            "  the error is at {name}:{}:{}:",
            place.line, place.column
        )?;
        let report = hidden
            .error
            .as_ref()
            .unwrap_or(error)
            .diagnostic()
            .origin("url")
            .styled(paint.color)
            .hide_password(!show_passwords);
        writeln!(out, "{report}")?;
    }
    Ok(())
}

/// Writes a note for each hyphen break of `hit`, with its byte in the text
/// (narrowed while passwords are hidden: [`Narrowing`]) and the other
/// reading: the URL without the hyphen, its password hidden unless
/// `show_passwords`, when the URL is short enough for the reading to be
/// kept ([`MAX_READING_BYTES`]) and, to hide a password, its fragment
/// short enough to be read with it.
///
/// A password that a `#` cut in two is hidden in a reading as in the URL
/// ([`hidden_in`]): by reading it written with the fragment, which takes
/// a copy of the two. A fragment of any length made that a copy of the
/// whole fragment, and a reading of it, for each of the (up to 16)
/// hyphens; one of at most [`MAX_READING_BYTES`] bounds both, and a
/// longer one's readings are not shown, as a long URL's are not.
fn hyphen_notes(
    out: &mut impl Write,
    hit: &Extracted<'_>,
    places: &Places<'_>,
    narrowing: &Narrowing,
    show_passwords: bool,
) -> io::Result<()> {
    let offsets = places.hyphens.iter().zip(&narrowing.hyphens);
    for (hyphen, ((offset, _), narrowed)) in hit.hyphen_breaks().iter().zip(offsets) {
        // What hidden characters take beyond a byte each lies before the
        // hyphen: never more than its offset.
        let offset = offset.saturating_sub(*narrowed);
        let verdict = if hyphen.without_valid() {
            "valid"
        } else {
            "not valid"
        };
        write!(
            out,
            "  note: a line break follows the \"-\" at byte {offset}: the hyphen may or may not \
             be part of the URL (appendix); without it: "
        )?;
        let fragment = hit.fragment();
        let readable = show_passwords || fragment.is_none_or(|f| f.len() <= MAX_READING_BYTES);
        match hyphen.without() {
            Some(without) if readable => {
                let own = show::password_of(without);
                let hidden = match show_passwords {
                    true => Hidden::default(),
                    false => hidden_in(without, fragment, own, None),
                };
                writeln!(
                    out,
                    "{} ({verdict})",
                    show::part(without, 0, &hidden.in_url())
                )?;
            }
            Some(_) => writeln!(
                out,
                "the URL less that hyphen, {verdict} (its fragment, where part of a password \
                 may stand, is longer than {MAX_READING_BYTES} bytes: not shown)"
            )?,
            None => writeln!(
                out,
                "the URL less that hyphen, {verdict} (the URL is longer than \
                 {MAX_READING_BYTES} bytes: not shown)"
            )?,
        }
    }
    let more = hit.more_hyphen_breaks();
    if more > 0 {
        let hyphens = if more == 1 { "hyphen" } else { "hyphens" };
        writeln!(
            out,
            "  note: and {more} more {hyphens} followed by a line break, not reported (at most \
             {MAX_HYPHEN_BREAKS} are)"
        )?;
    }
    Ok(())
}
