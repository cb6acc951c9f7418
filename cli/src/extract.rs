//! `rfc1738 extract`: URLs found in free text, as the RFC's appendix
//! describes them.

use std::fs;
use std::io::{self, Read};
use std::process::ExitCode;

use annotate_snippets::Renderer;
use rfc1738::extract::{Extracted, Form, extract};
use serde::Serialize;

use crate::check::ErrorRecord;
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

/// Runs the command: 0 when every hit is valid, 1 when one is not, 2 when
/// the text cannot be read.
pub fn run(args: &ExtractArgs) -> ExitCode {
    let (name, bytes) = match &args.file {
        Some(path) => (path.display().to_string(), fs::read(path)),
        None => {
            let mut bytes = Vec::new();
            let read = io::stdin().lock().read_to_end(&mut bytes).map(|_| bytes);
            ("<stdin>".to_owned(), read)
        }
    };
    let bytes = match bytes {
        Ok(bytes) => bytes,
        Err(error) => {
            output::message(format_args!("{name}: {error}"));
            return ExitCode::from(2);
        }
    };
    // Text that is not UTF-8 is read with U+FFFD in place of its bad bytes:
    // no URL can hold them, and the rest of the text is still searched.
    let text = String::from_utf8_lossy(&bytes);
    let hits = extract(&text);
    let mut out = Output::new();
    let written = hits.iter().try_for_each(|hit| match args.format {
        Format::Json => out.line(&json(hit)),
        Format::Human => out.line(&human(hit, &name, &text)),
    });
    if let Some(status) = output::failed(written.and_then(|()| out.flush())) {
        return status;
    }
    if hits.iter().all(Extracted::is_valid) {
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

/// The 1-based line and column (in characters) of a byte offset of `text`.
fn position(text: &str, offset: usize) -> (usize, usize) {
    // `offset` comes from `text_offset`, which maps a char boundary of the
    // URL through bytes copied whole from `text`: a char boundary.
    let before = &text[..offset.min(text.len())];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = 1 + before.bytes().filter(|&b| b == b'\n').count();
    (line, 1 + before[line_start..].chars().count())
}

/// A line per hit, with the diagnostic of an invalid one.
fn human(hit: &Extracted, name: &str, text: &str) -> String {
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
        let (line, column) = position(text, hit.text_offset(error.offset()));
        lines.push(format!("  the error is at {name}:{line}:{column}:"));
        lines.push(error.render("url", &Renderer::plain()));
    }
    lines.join("\n")
}
