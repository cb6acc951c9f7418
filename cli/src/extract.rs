//! `rfc1738 extract`: URLs found in free text, as the RFC's appendix
//! describes them.

use std::io::{self, Read};
use std::ops::Range;
use std::process::ExitCode;
use std::str::{Utf8Chunk, Utf8Chunks};

use rfc1738::extract::{Extracted, Form, extract_iter};
use rfc1738::visible::Visible;
use rfc1738::{Error, Found};
use serde::Serialize;

use crate::batch::ReadAhead;
use crate::check::ErrorRecord;
use crate::inputs::{self, Source};
use crate::interrupt::{self, Interrupted};
use crate::output::{self, Output, Paint, Stop};
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
    url_bytes: Option<&'a [u8]>,
    fragment: Option<&'a str>,
    /// The fragment's bytes, when it holds bytes that are not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    fragment_bytes: Option<&'a [u8]>,
    hyphen_breaks: Vec<HyphenRecord<'a>>,
    valid: bool,
    rule: &'static str,
    error: Option<ErrorRecord>,
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
    without: &'a str,
    /// Its bytes, when it holds bytes that are not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    without_bytes: Option<&'a [u8]>,
    without_valid: bool,
}

fn form(form: Form) -> &'static str {
    match form {
        Form::UrlPrefixed => "url-prefixed",
        Form::Angle => "angle",
        Form::Bare => "bare",
    }
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
fn read_text(reader: impl Read + Send + 'static, max: usize) -> io::Result<Text> {
    let mut reader = ReadAhead::spawn(reader);
    let most = max.saturating_add(1);
    let mut bytes: Vec<u8> = Vec::new();
    let mut filled = 0;
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
            Err(error) => return Err(error),
        };
        filled += read;
    }
    bytes.truncate(filled);
    let cut = filled > max;
    if cut {
        let end = memchr::memrchr(b'\n', &bytes[..max]).map_or(0, |at| at + 1);
        bytes.truncate(end);
    }
    Ok(Text { bytes, cut })
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
        let (name, name_bytes, read) = match source.open() {
            None => {
                let Source::Argument(text) = source else {
                    continue;
                };
                let bytes = text.as_encoded_bytes().to_vec();
                let name = format!("<argument {}>", index + 1);
                (name, None, Ok(Text { bytes, cut: false }))
            }
            Some(Ok(stream)) => (
                stream.name,
                stream.name_bytes,
                read_text(stream.reader, max),
            ),
            // Said below, the source named as it is.
            Some(Err((_, error))) => (String::new(), None, Err(error)),
        };
        let text = match read {
            Ok(text) => text,
            Err(error) if Interrupted::caused(&error) => {
                return ExitCode::from(interrupt::STATUS);
            }
            Err(error) => {
                output::message(format_args!("{}: {error}", source.shown()));
                reading.whole = false;
                continue;
            }
        };
        let before = tally.inputs();
        let origin = match source {
            Source::Argument(_) => Origin::Argument(index + 1),
            _ => Origin::Stream(inputs::FileMembers::new(&name, name_bytes.as_deref())),
        };
        let written = search(args, &paint, (&name, origin), &text, &mut out, &mut tally);
        let stopped = written.and_then(|()| out.flush());
        if let Err(stop) = stopped {
            if let Some(status) = output::failed(Err(stop)) {
                return status;
            }
            // Standard output closed: this text is told of, and no text
            // after it is read.
            reading.stopped = Err(Stop::Closed);
        }
        if let Source::Argument(argument) = source
            && tally.inputs() == before
        {
            let taken = "searched as a text, and holds no URL";
            inputs::note_file(argument, taken, "search the file");
        }
        if text.cut {
            cut_message(&Visible::new(&name).to_string(), &text.bytes, max);
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
/// it, `bytes`, was searched.
fn cut_message(name: &str, bytes: &[u8], max: usize) {
    let searched = match memchr::memchr_iter(b'\n', bytes).count() {
        0 => "no line of it ends within them: nothing was searched".to_owned(),
        1 => format!("only its first line ({}) was searched", size(bytes.len())),
        lines => format!(
            "only its first {lines} lines ({}) were searched",
            size(bytes.len())
        ),
    };
    output::message(format_args!(
        "{name}: the text is longer than {} (--max-text-bytes); {searched}, and the rest was \
         not read",
        size(max)
    ));
}

/// `1 byte`, `20 bytes`.
fn size(bytes: usize) -> String {
    summary::plural(bytes as u64, "byte", "bytes")
}

/// Writes the hits of the text `name`, each as it is found: memory holds
/// the text and one hit.
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
    // Text that is not UTF-8 is read with U+FFFD in place of its bad bytes:
    // no URL can hold them, and the rest of the text is still searched.
    // Offsets are mapped back to the bytes as read.
    let lossy = String::from_utf8_lossy(bytes);
    let mut offsets = InputOffsets::new(bytes);
    let shown = Visible::new(name).to_string();
    let mut buffer = Vec::new();
    extract_iter(&lossy).try_for_each(|hit| {
        if hit.is_valid() {
            tally.valid += 1;
            if args.records.quiet {
                return Ok(());
            }
        } else {
            tally.invalid += 1;
        }
        let places = Places::new(&hit, &mut offsets, bytes, bom);
        buffer.clear();
        match args.records.format {
            Format::Json => show::json_line(&mut buffer, &json(&hit, &places, origin)),
            Format::Human => {
                let show_passwords = args.records.show_passwords;
                human(&mut buffer, &hit, &places, &shown, show_passwords, paint);
            }
        }
        out.write(&buffer)
    })
}

/// A lossy text's offsets mapped back to the bytes as read, by a cursor
/// that walks the bytes' UTF-8 chunks forward. The text is
/// `String::from_utf8_lossy` of the bytes: each chunk's valid part as it is,
/// then, for the invalid sequence (1 to 3 bytes) that ends the chunk, if
/// any, one U+FFFD (3 bytes).
#[derive(Clone)]
struct InputOffsets<'a> {
    /// The chunk that holds the cursor.
    chunk: Option<Utf8Chunk<'a>>,
    /// The chunks after it.
    rest: Utf8Chunks<'a>,
    /// Where `chunk` starts in the lossy text and in the bytes.
    lossy: usize,
    input: usize,
}

impl<'a> InputOffsets<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        let mut rest = bytes.utf8_chunks();
        InputOffsets {
            chunk: rest.next(),
            rest,
            lossy: 0,
            input: 0,
        }
    }

    /// The offset in the bytes of `offset`, a character boundary of the
    /// lossy text not before the cursor's chunk; the cursor moves to the
    /// chunk that holds it. The start of a U+FFFD maps to the start of the
    /// bytes it replaced, the end of the text to the end of the bytes.
    fn seek(&mut self, offset: usize) -> usize {
        while let Some(chunk) = &self.chunk {
            let valid = chunk.valid().len();
            let replaced = chunk.invalid().len();
            // One U+FFFD for the invalid sequence, if any.
            let shown = valid + usize::from(replaced > 0) * '\u{FFFD}'.len_utf8();
            let into = offset.saturating_sub(self.lossy);
            if into < shown {
                // Within the valid part, or at the U+FFFD's start (nothing
                // inside a U+FFFD is a boundary).
                return self.input + into.min(valid);
            }
            self.lossy += shown;
            self.input += valid + replaced;
            self.chunk = self.rest.next();
        }
        // Past the last chunk: the end.
        self.input
    }
}

/// A hit's offsets in the bytes as read, and where its error is.
struct Places {
    start: usize,
    end: usize,
    /// The offset of each hyphen break's `-`, and the bytes of the URL
    /// without it when some are not UTF-8 ([`as_read`]).
    hyphens: Vec<(usize, Option<Vec<u8>>)>,
    /// The error's offset, line and column in the text.
    error_at: Option<Place>,
    /// The error as the bytes say it, when it stands on bytes that are not
    /// UTF-8 (see [`byte_error`]).
    byte_error: Option<Error>,
    /// The URL's bytes as read, when some are not UTF-8 ([`as_read`]).
    url_bytes: Option<Vec<u8>>,
    /// The fragment's, likewise.
    fragment_bytes: Option<Vec<u8>>,
}

impl Places {
    /// The places of `hit`, the next hit of `bytes` after those `offsets`
    /// has seen; `bytes` start `base` bytes into the input (after a
    /// byte-order mark), which every offset given counts.
    fn new(hit: &Extracted, offsets: &mut InputOffsets, bytes: &[u8], base: usize) -> Places {
        let span = hit.span();
        let start = offsets.seek(span.start);
        // The other offsets are within the hit: each walk from its start
        // costs at most the hit's length.
        let mut within = offsets.clone();
        let hyphens: Vec<usize> = hit
            .hyphen_breaks()
            .iter()
            .map(|hyphen| base + within.seek(hyphen.offset_in_text()))
            .collect();
        let end = within.seek(span.end);
        let read = bytes.get(start..end).unwrap_or_default();
        // The fragment is what follows the hit's first `#`.
        let fragment_bytes = hit.fragment().and_then(|fragment| {
            let hash = memchr::memchr(b'#', read)?;
            as_read(fragment, &read[hash + 1..])
        });
        let hyphens = hit
            .hyphen_breaks()
            .iter()
            .zip(hyphens)
            .map(|(hyphen, offset)| (offset, as_read(hyphen.without(), read)))
            .collect();
        let error_at = hit.verdict().as_ref().err().map(|error| {
            let position = hit.text_position(error.offset());
            Place {
                offset: offsets.clone().seek(hit.text_offset(error.offset())),
                line: position.line(),
                column: position.column(),
            }
        });
        let byte_error = error_at
            .as_ref()
            .and_then(|place| byte_error(hit, bytes.get(place.offset..)?));
        let error_at = error_at.map(|place| Place {
            offset: base + place.offset,
            ..place
        });
        Places {
            start: base + start,
            end: base + end,
            hyphens,
            error_at,
            byte_error,
            url_bytes: as_read(hit.url(), read),
            fragment_bytes,
        }
    }

    /// The error of `hit`, as the bytes say it.
    fn error<'a>(&'a self, hit: &'a Extracted) -> Option<&'a Error> {
        self.byte_error.as_ref().or(hit.verdict().as_ref().err())
    }
}

/// The bytes of `url` as read, when some of them are not UTF-8: the URL
/// (a hit's, the same without a hyphen, or its fragment) holds a U+FFFD
/// for each run of them. `span` is the bytes of the occurrence from where
/// `url` starts, which hold its characters in order, besides a wrapper,
/// whitespace, a hyphen left out and a fragment after it; none of those is
/// a U+FFFD, so the URL's n-th U+FFFD is the span's n-th, and taking each
/// character of the URL where it first comes finds it.
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

/// The error of `hit` as `check` says it of bytes, when the error found a
/// U+FFFD that stands for bytes that are not UTF-8: `rest`, the input from
/// the error on, does not start with U+FFFD's own bytes. It names the
/// byte, and its hint the byte's `%XX`, not U+FFFD's.
fn byte_error(hit: &Extracted, rest: &[u8]) -> Option<Error> {
    let error = hit.verdict().as_ref().err()?;
    let replacement = '\u{FFFD}';
    if error.found() != Found::Char(replacement)
        || rest.starts_with(replacement.encode_utf8(&mut [0; 4]).as_bytes())
    {
        return None;
    }
    // The URL up to its error, then the byte: the same pass stops there and
    // names the byte (`check_bytes` reads no further than the first).
    let mut url = hit.url().as_bytes().get(..error.offset())?.to_vec();
    url.push(*rest.first()?);
    let again = rfc1738::check_bytes(&url, None).err()?;
    (again.rule() == error.rule() && again.offset() == error.offset()).then_some(again)
}

/// The record of `hit`, found in `origin`.
fn json<'a>(hit: &'a Extracted, places: &'a Places, origin: Origin<'a>) -> Hit<'a> {
    let (file, argument) = match origin {
        Origin::Argument(number) => (None, Some(number)),
        Origin::Stream(name) => (Some(name), None),
    };
    Hit {
        line: hit.line(),
        column: hit.column(),
        start: places.start,
        end: places.end,
        form: form(hit.form()),
        url: hit.url(),
        url_bytes: places.url_bytes.as_deref(),
        fragment: hit.fragment(),
        fragment_bytes: places.fragment_bytes.as_deref(),
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
        valid: hit.is_valid(),
        rule: match hit.verdict() {
            Ok(rule) => rule.name(),
            Err(error) => error.rule().name(),
        },
        error: places.error(hit).map(ErrorRecord::new),
        error_at: places.error_at.as_ref(),
        file,
        argument,
    }
}

/// What to hide of `hit`: the span of its URL's password, and the span of
/// its fragment that is a password's ([`hidden_in`]).
fn hidden(hit: &Extracted) -> (Option<Range<usize>>, Range<usize>) {
    let own = match hit.verdict() {
        Ok(_) => rfc1738::parse(hit.url())
            .ok()
            .and_then(|url| url.password_span()),
        Err(error) => error.password_span(),
    };
    hidden_in(hit.url(), hit.fragment(), own)
}

/// What to hide of `url`, whose password is `own` (the parser's, or the
/// error's guess), and of the `fragment` that followed it: the span of the
/// URL's password, and the span of the fragment that is a password's.
///
/// A `#` ends the URL before it is checked, while people type one into a
/// password as they type any other character (`ftp://admin:12#34@host/`):
/// the URL written with its fragment, `url#fragment`, is read as well, and
/// what would be its password is hidden on both sides of the `#`. A
/// password of the URL that runs to its end is taken to go on through the
/// whole fragment.
fn hidden_in(
    url: &str,
    fragment: Option<&str>,
    own: Option<Range<usize>>,
) -> (Option<Range<usize>>, Range<usize>) {
    let Some(fragment) = fragment else {
        return (own, 0..0);
    };
    let to_end = own.as_ref().is_some_and(|own| own.end == url.len());
    let whole = show::password_of(&format!("{url}#{fragment}"));
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
    (password, in_fragment)
}

/// Appends a line per hit, with the diagnostic of an invalid one;
/// passwords hidden unless `show_passwords`. `name` is the text's, as
/// shown.
fn human(
    out: &mut Vec<u8>,
    hit: &Extracted,
    places: &Places,
    name: &str,
    show_passwords: bool,
    paint: &Paint,
) {
    let (password, in_fragment) = if show_passwords {
        (None, 0..0)
    } else {
        hidden(hit)
    };
    let url = show::part(hit.url(), 0, password.as_ref());
    let mut lines = vec![match hit.verdict() {
        Ok(rule) => format!(
            "{name}:{}:{}: {url} (valid {rule})",
            hit.line(),
            hit.column()
        ),
        Err(error) => format!(
            "{name}:{}:{}: {url} (not a valid {})",
            hit.line(),
            hit.column(),
            error.rule()
        ),
    }];
    if let Some(fragment) = hit.fragment() {
        lines.push(format!(
            "  note: the fragment \"#{}\" is not part of the URL (RFC 1738, section 2.2 and \
             the appendix)",
            Visible::new(fragment).quoted().hiding(in_fragment)
        ));
    }
    for (hyphen, (offset, _)) in hit.hyphen_breaks().iter().zip(&places.hyphens) {
        let without = hyphen.without();
        let own = show::password_of(without);
        let (password, _) = hidden_in(without, hit.fragment(), own);
        let password = password.filter(|_| !show_passwords);
        lines.push(format!(
            "  note: a line break follows the \"-\" at byte {offset}: the hyphen may or may not \
             be part of the URL (appendix); without it: {} ({})",
            show::part(without, 0, password.as_ref()),
            if hyphen.without_valid() {
                "valid"
            } else {
                "not valid"
            }
        ));
    }
    if let (Some(error), Some(place)) = (places.error(hit), &places.error_at) {
        // The diagnostic shows the URL as extracted; say where its error is
        // in the text.
        lines.push(format!(
            "  the error is at {name}:{}:{}:",
            place.line, place.column
        ));
        let report = error
            .diagnostic()
            .origin("url")
            .styled(paint.color)
            .hide_password(!show_passwords);
        lines.push(report.to_string());
    }
    for line in lines {
        out.extend_from_slice(line.as_bytes());
        out.push(b'\n');
    }
}
