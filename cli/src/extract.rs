//! `rfc1738 extract`: URLs found in free text, as the RFC's appendix
//! describes them.

use std::fs::File;
use std::io::{self, Read};
use std::process::ExitCode;

use annotate_snippets::Renderer;
use rfc1738::extract::{Extracted, Form, extract_iter};
use serde::Serialize;

use crate::batch::ReadAhead;
use crate::check::ErrorRecord;
use crate::interrupt::{self, Interrupted};
use crate::output::{self, Output};
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
    fragment: Option<&'a str>,
    hyphen_breaks: Vec<HyphenRecord<'a>>,
    valid: bool,
    rule: &'static str,
    error: Option<ErrorRecord>,
}

/// A hyphen at a line break, in a JSON record.
#[derive(Serialize)]
struct HyphenRecord<'a> {
    offset: usize,
    without: &'a str,
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
/// the text cannot be read or is longer than the limit.
pub fn run(args: &ExtractArgs) -> ExitCode {
    let max = usize::try_from(args.max_text_bytes).unwrap_or(usize::MAX);
    let (name, read) = match &args.file {
        Some(path) => (
            path.display().to_string(),
            File::open(path).and_then(|file| read_text(file, max)),
        ),
        None => ("<stdin>".to_owned(), read_text(io::stdin(), max)),
    };
    let Text { bytes, cut } = match read {
        Ok(text) => text,
        Err(error) if Interrupted::caused(&error) => {
            return ExitCode::from(interrupt::STATUS);
        }
        Err(error) => {
            output::message(format_args!("{name}: {error}"));
            return ExitCode::from(2);
        }
    };
    // Text that is not UTF-8 is read with U+FFFD in place of its bad bytes:
    // no URL can hold them, and the rest of the text is still searched.
    let text = String::from_utf8_lossy(&bytes);
    let mut out = Output::new();
    let mut all_valid = true;
    // Each hit is written as it is found: memory holds the text and one hit.
    let written = extract_iter(&text).try_for_each(|hit| {
        all_valid &= hit.is_valid();
        out.line(&match args.format {
            Format::Json => json(&hit),
            Format::Human => human(&hit, &name),
        })
    });
    if let Some(status) = output::failed(written.and_then(|()| out.flush())) {
        return status;
    }
    if cut {
        let searched = match memchr::memchr_iter(b'\n', &bytes).count() {
            0 => "no line of it ends within them: nothing was searched".to_owned(),
            1 => format!("only its first line ({} bytes) was searched", bytes.len()),
            lines => format!(
                "only its first {lines} lines ({} bytes) were searched",
                bytes.len()
            ),
        };
        output::message(format_args!(
            "{name}: the text is longer than {max} bytes (--max-text-bytes); {searched}, and \
             the rest was not read"
        ));
        return ExitCode::from(2);
    }
    if all_valid {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn json(hit: &Extracted) -> String {
    let span = hit.span();
    let record = Hit {
        line: hit.line(),
        column: hit.column(),
        start: span.start,
        end: span.end,
        form: form(hit.form()),
        url: hit.url(),
        fragment: hit.fragment(),
        hyphen_breaks: hit
            .hyphen_breaks()
            .iter()
            .map(|hyphen| HyphenRecord {
                offset: hyphen.offset_in_text(),
                without: hyphen.without(),
                without_valid: hyphen.without_valid(),
            })
            .collect(),
        valid: hit.is_valid(),
        rule: match hit.verdict() {
            Ok(rule) => rule.name(),
            Err(error) => error.rule().name(),
        },
        error: hit.verdict().as_ref().err().map(ErrorRecord::new),
    };
    // Strings, numbers and nested records always serialize.
    serde_json::to_string(&record).unwrap_or_default()
}

/// A line per hit, with the diagnostic of an invalid one.
fn human(hit: &Extracted, name: &str) -> String {
    let url = hit.url().escape_debug().to_string();
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
            fragment.escape_debug()
        ));
    }
    for hyphen in hit.hyphen_breaks() {
        lines.push(format!(
            "  note: a line break follows the \"-\" at byte {}: the hyphen may or may not be \
             part of the URL (appendix); without it: {} ({})",
            hyphen.offset_in_text(),
            hyphen.without().escape_debug(),
            if hyphen.without_valid() {
                "valid"
            } else {
                "not valid"
            }
        ));
    }
    if let Err(error) = hit.verdict() {
        // The diagnostic shows the URL as extracted; say where its error is
        // in the text.
        let (line, column) = hit.text_position(error.offset());
        lines.push(format!("  the error is at {name}:{line}:{column}:"));
        lines.push(error.render("url", &Renderer::plain()));
    }
    lines.join("\n")
}
