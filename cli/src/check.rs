//! `rfc1738 check`.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::ops::Range;
use std::path::Path;
use std::process::ExitCode;

use annotate_snippets::{Level, Renderer};
use indicatif::{ProgressBar, ProgressStyle};
use rfc1738::lint::{Warning, lint};
use rfc1738::visible::Visible;
use rfc1738::{Error, Excerpt, Found, check_bytes, parse, parse_rule};
use serde::Serialize;

use crate::batch::{self, Item, Line};
use crate::output::{self, Output, Stop};
use crate::show;
use crate::{CheckArgs, ColorChoice, Format};

/// The JSON record of one input.
#[derive(Serialize)]
struct Record<'a> {
    input: Cow<'a, str>,
    rule: &'static str,
    valid: bool,
    error: Option<ErrorRecord>,
    warnings: Vec<WarningRecord<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u64>,
}

/// The `error` member of a JSON record.
#[derive(Serialize)]
pub struct ErrorRecord {
    offset: usize,
    line: usize,
    column: usize,
    expected: Vec<String>,
    /// The character at the offset; `null` at the end of the input or at a
    /// byte that is not UTF-8 (the message names the byte).
    found: Option<String>,
    message: String,
    hints: Vec<String>,
}

impl ErrorRecord {
    /// The record of an error.
    pub fn new(error: &Error) -> Self {
        ErrorRecord {
            offset: error.offset(),
            line: error.line(),
            column: error.column(),
            expected: error.expected().iter().map(ToString::to_string).collect(),
            found: match error.found() {
                Found::Char(c) => Some(c.to_string()),
                _ => None,
            },
            message: error.message(),
            hints: error.hints().iter().map(ToString::to_string).collect(),
        }
    }
}

/// A member of `warnings` in a JSON record: a warning and every occurrence
/// of its finding, counted, with the offsets of the first few.
#[derive(Serialize)]
struct WarningRecord<'a> {
    code: &'static str,
    message: &'a str,
    offset: usize,
    count: usize,
    offsets: &'a [usize],
    /// Whether `offsets` is shorter than `count`.
    offsets_capped: bool,
}

impl<'a> WarningRecord<'a> {
    fn new(warning: &'a Warning) -> Self {
        WarningRecord {
            code: warning.code().as_str(),
            message: warning.message(),
            offset: warning.offset(),
            count: warning.count(),
            offsets: warning.offsets(),
            offsets_capped: warning.count() > warning.offsets().len(),
        }
    }
}

/// The JSON record of a line longer than `--max-line-bytes`: the members of
/// every record, `null` where nothing was checked, and what was not.
#[derive(Serialize)]
struct TooLongRecord<'a> {
    input: Option<&'a str>,
    rule: Option<&'a str>,
    valid: Option<bool>,
    error: Option<ErrorRecord>,
    warnings: [(); 0],
    too_long: bool,
    max_line_bytes: usize,
    file: &'a str,
    line: u64,
}

/// Counts what was checked.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    /// Inputs that matched.
    pub valid: u64,
    /// Inputs that did not.
    pub invalid: u64,
    /// Lines longer than `--max-line-bytes`, not checked.
    pub too_long: u64,
    /// Warnings about valid inputs.
    pub warnings: u64,
}

impl Tally {
    fn inputs(&self) -> u64 {
        self.valid + self.invalid + self.too_long
    }
}

impl std::ops::AddAssign for Tally {
    fn add_assign(&mut self, other: Tally) {
        self.valid += other.valid;
        self.invalid += other.invalid;
        self.too_long += other.too_long;
        self.warnings += other.warnings;
    }
}

/// Where an input comes from.
#[derive(Clone, Copy)]
enum Origin<'a> {
    /// A command-line argument.
    Argument,
    /// A line of standard input or of a file: its name, and the name as a
    /// JSON string.
    Stream(&'a str, &'a str),
}

/// How results are written, decided once.
struct Style {
    color: bool,
    renderer: Renderer,
}

impl Style {
    fn new(choice: ColorChoice) -> Self {
        let color = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty())
            }
        };
        let renderer = if color {
            Renderer::styled()
        } else {
            Renderer::plain()
        };
        Style { color, renderer }
    }
}

/// Input files larger than this get a progress bar, on a terminal.
const PROGRESS_FROM: u64 = 16 << 20;

/// Runs the command; the exit status says whether every input was valid.
pub fn run(args: &CheckArgs) -> ExitCode {
    let style = Style::new(args.color);
    let mut out = Output::new();
    let mut tally = Tally::default();
    let mut unreadable = false;
    let result = (|| {
        for url in &args.urls {
            let mut buffer = Vec::new();
            let bytes = url.clone().into_encoded_bytes();
            record(
                args,
                &style,
                Origin::Argument,
                1,
                Line::new(&bytes),
                &mut buffer,
                &mut tally,
            );
            out.write(&buffer)?;
        }
        for path in &args.files {
            let name = path.display().to_string();
            if let Err(error) = check_file(args, &style, path, &name, &mut out, &mut tally)? {
                // The file cannot be read: say so, and go on with the others.
                output::message(format_args!("{}: {error}", Visible::new(&name)));
                unreadable = true;
            }
        }
        if args.urls.is_empty() && args.files.is_empty() {
            let stdin = io::stdin();
            let name = "<stdin>";
            let progress = |_| {};
            if let Err(error) =
                check_stream(args, &style, stdin, name, progress, &mut out, &mut tally)?
            {
                output::message(format_args!("standard input: {error}"));
                unreadable = true;
            }
        }
        out.flush()
    })();
    if let Some(status) = output::failed(result) {
        return status;
    }
    // A closed standard output ends the run quietly; the summary goes to
    // standard error, which may still be open.
    let plural = |count: u64, one: &str, many: &str| {
        format!("{count} {}", if count == 1 { one } else { many })
    };
    let too_long = if tally.too_long > 0 {
        format!(
            "{} too long (--max-line-bytes), ",
            plural(tally.too_long, "line", "lines")
        )
    } else {
        String::new()
    };
    let summarized = output::message(format_args!(
        "{}: {} valid, {} invalid, {too_long}{}",
        plural(tally.inputs(), "input", "inputs"),
        tally.valid,
        tally.invalid,
        plural(tally.warnings, "warning", "warnings")
    ));
    if unreadable || tally.too_long > 0 || !summarized {
        ExitCode::from(2)
    } else if tally.invalid > 0 || (args.deny_warnings && tally.warnings > 0) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Checks each line of a file, named `name`; an error opening or reading it
/// comes back inside, a failed write outside.
fn check_file(
    args: &CheckArgs,
    style: &Style,
    path: &Path,
    name: &str,
    out: &mut Output,
    tally: &mut Tally,
) -> Result<io::Result<()>, Stop> {
    let file = match File::open(path) {
        Ok(file) => file,
        Err(error) => return Ok(Err(error)),
    };
    let size = match file.metadata() {
        Ok(metadata) => metadata.len(),
        Err(error) => return Ok(Err(error)),
    };
    let progress = (size >= PROGRESS_FROM && io::stderr().is_terminal()).then(|| {
        let bar = ProgressBar::new(size);
        if let Ok(template) =
            ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {bytes_per_sec} {eta}")
        {
            bar.set_style(template);
        }
        bar
    });
    let advance = |read| {
        if let Some(bar) = &progress {
            bar.set_position(read);
        }
    };
    let result = check_stream(args, style, file, name, advance, out, tally);
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    result
}

/// Checks each line of a stream, on every core, writing results in order;
/// `progress` is told how many bytes were read after each block.
fn check_stream(
    args: &CheckArgs,
    style: &Style,
    reader: impl io::Read + Send + 'static,
    origin: &str,
    progress: impl FnMut(u64),
    out: &mut Output,
    tally: &mut Tally,
) -> Result<io::Result<()>, Stop> {
    let json_name = show::json_string(&origin);
    let max_line = args.lines.max_line();
    batch::stream(
        reader,
        max_line,
        out,
        |number, item, buffer, counted| match item {
            Item::Line(line) => record(
                args,
                style,
                Origin::Stream(origin, &json_name),
                number,
                line,
                buffer,
                counted,
            ),
            Item::TooLong => {
                counted.too_long += 1;
                too_long(args, style, origin, number, max_line, buffer);
            }
        },
        |counted: Tally| *tally += counted,
        progress,
    )
}

/// The record of line `line` of `origin`, longer than `max_line` bytes and
/// not checked.
fn too_long(
    args: &CheckArgs,
    style: &Style,
    origin: &str,
    line: u64,
    max_line: usize,
    buffer: &mut Vec<u8>,
) {
    match args.format {
        Format::Json => {
            let record = TooLongRecord {
                input: None,
                rule: None,
                valid: None,
                error: None,
                warnings: [],
                too_long: true,
                max_line_bytes: max_line,
                file: origin,
                line,
            };
            // Strings, numbers and nulls always serialize, and writing to a
            // Vec does not fail.
            let _ = show::json(&mut *buffer, &record);
            buffer.push(b'\n');
        }
        Format::Human => {
            let origin = Visible::new(origin);
            let error = if style.color {
                "\x1b[1;31merror\x1b[0m"
            } else {
                "error"
            };
            let _ = writeln!(
                buffer,
                "{origin}:{line}: {error}: {}",
                batch::too_long_message(max_line, "checked")
            );
        }
    }
}

/// Checks one input and appends its result to `buffer`.
fn record(
    args: &CheckArgs,
    style: &Style,
    origin: Origin<'_>,
    line: u64,
    input: Line<'_>,
    buffer: &mut Vec<u8>,
    tally: &mut Tally,
) {
    // Without --rule an input is read as `parse` reads it, once, and a valid
    // one is linted; with --rule, or for bytes that are not UTF-8, it is
    // checked by the letter and has no warnings. A valid input's password
    // is the parser's, for human output.
    let hide = args.format == Format::Human && !args.show_passwords;
    let mut password = None;
    let (result, warnings) = match (args.rule, input) {
        (None, Line::Text(text)) => match parse(text) {
            Ok(url) => {
                password = url.password_span().filter(|_| hide);
                (Ok(url.rule()), lint(&url))
            }
            Err(error) => (Err(error), Vec::new()),
        },
        (Some(rule), Line::Text(text)) if hide => match parse_rule(rule, text) {
            Ok(matched) => {
                password = matched.password_span();
                (Ok(rule), Vec::new())
            }
            Err(error) => (Err(error), Vec::new()),
        },
        _ => (check_bytes(input.bytes(), args.rule), Vec::new()),
    };
    let input = input.bytes();
    match &result {
        Ok(_) => tally.valid += 1,
        Err(_) => tally.invalid += 1,
    }
    tally.warnings += warnings.len() as u64;
    match args.format {
        Format::Json => json(origin, line, input, &result, &warnings, buffer),
        Format::Human => {
            let shown = Shown { input, password };
            human(args, style, origin, line, shown, &result, &warnings, buffer);
        }
    }
}

/// The JSON record of one input, on its own line.
fn json(
    origin: Origin<'_>,
    line: u64,
    input: &[u8],
    result: &Result<rfc1738::Rule, Error>,
    warnings: &[Warning],
    buffer: &mut Vec<u8>,
) {
    if let (Ok(rule), []) = (result, warnings) {
        // The common case written directly: a valid input is printable
        // ASCII without `"` or `\`, so nothing in it needs escaping.
        buffer.extend_from_slice(b"{\"input\":\"");
        buffer.extend_from_slice(input);
        buffer.extend_from_slice(b"\",\"rule\":\"");
        buffer.extend_from_slice(rule.name().as_bytes());
        buffer.extend_from_slice(b"\",\"valid\":true,\"error\":null,\"warnings\":[]");
        if let Origin::Stream(_, json_name) = origin {
            buffer.extend_from_slice(b",\"file\":");
            buffer.extend_from_slice(json_name.as_bytes());
            buffer.extend_from_slice(b",\"line\":");
            push_number(buffer, line);
        }
        buffer.extend_from_slice(b"}\n");
        return;
    }
    let (file, line) = match origin {
        Origin::Argument => (None, None),
        Origin::Stream(name, _) => (Some(name), Some(line)),
    };
    let record = Record {
        input: String::from_utf8_lossy(input),
        rule: match result {
            Ok(rule) => rule.name(),
            Err(error) => error.rule().name(),
        },
        valid: result.is_ok(),
        error: result.as_ref().err().map(ErrorRecord::new),
        warnings: warnings.iter().map(WarningRecord::new).collect(),
        file,
        line,
    };
    // Strings and numbers always serialize, and writing to a Vec does not fail.
    let _ = show::json(&mut *buffer, &record);
    buffer.push(b'\n');
}

/// Appends the decimal digits of `number`.
fn push_number(buffer: &mut Vec<u8>, mut number: u64) {
    // A `u64` has at most 20 digits.
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (number % 10) as u8;
        number /= 10;
        if number == 0 {
            break;
        }
    }
    buffer.extend_from_slice(&digits[at..]);
}

/// An input as human output shows it: its bytes, and the span of a valid
/// one's password, hidden.
struct Shown<'a> {
    input: &'a [u8],
    password: Option<Range<usize>>,
}

/// The human output of one input: a line for a valid input (and its
/// warnings), a diagnostic for an invalid one.
#[allow(clippy::too_many_arguments)]
fn human(
    args: &CheckArgs,
    style: &Style,
    origin: Origin<'_>,
    line: u64,
    Shown { input, password }: Shown<'_>,
    result: &Result<rfc1738::Rule, Error>,
    warnings: &[Warning],
    buffer: &mut Vec<u8>,
) {
    let (name, first_line) = match origin {
        Origin::Argument => (Cow::Borrowed("input"), 1),
        Origin::Stream(name, _) => (
            Cow::Owned(Visible::new(name).to_string()),
            usize::try_from(line).unwrap_or(usize::MAX),
        ),
    };
    let name = name.as_ref();
    match result {
        Ok(rule) => {
            if args.quiet {
                return;
            }
            // A valid input is printable ASCII: hiding the password a `*`
            // a character keeps every offset.
            let text = String::from_utf8_lossy(input);
            let shown = Visible::new(&text)
                .hiding(password.unwrap_or(0..0))
                .to_string();
            let valid = if style.color {
                "\x1b[1;32mvalid\x1b[0m"
            } else {
                "valid"
            };
            let location = match origin {
                Origin::Argument => String::new(),
                Origin::Stream(..) => format!("{name}:{line}: "),
            };
            let _ = writeln!(buffer, "{location}{valid} {rule}: {shown}");
            for warning in warnings {
                let report = human_warning(style, &shown, warning, name, first_line);
                buffer.extend_from_slice(report.as_bytes());
                buffer.push(b'\n');
            }
        }
        Err(error) => {
            let mut error = Cow::Borrowed(error);
            if !args.show_passwords {
                error.to_mut().hide_password();
            }
            let rendered = error.render_at(name, first_line, &style.renderer);
            buffer.extend_from_slice(rendered.as_bytes());
            buffer.push(b'\n');
        }
    }
}

/// A warning about the valid URL `shown` (its password hidden a `*` a
/// character, so that its offsets are the URL's), rendered: its message,
/// an excerpt of the URL with a caret at the first occurrence, and, for a
/// finding that occurs more than once, a note with the count and the columns
/// of the first occurrences.
fn human_warning(style: &Style, shown: &str, warning: &Warning, name: &str, line: usize) -> String {
    let at = warning.offset().min(shown.len());
    let excerpt = Excerpt::new(shown, at);
    let code = format!("warning[{}]", warning.code());
    let title = Level::WARNING
        .with_name(code.as_str())
        .primary_title(warning.message());
    // A valid URL is ASCII: a column is a byte offset plus one.
    let group = excerpt.group(title, name, line, at + 1, None);
    match occurrences(warning) {
        Some(note) => style
            .renderer
            .render(&[group.element(Level::NOTE.message(note.as_str()))]),
        None => style.renderer.render(&[group]),
    }
}

/// How many times the finding of `warning` occurs in its URL, and the
/// columns of the first occurrences: `3 times, at columns 9, 12, 15`, and
/// how many more than those; `None` for one occurrence.
fn occurrences(warning: &Warning) -> Option<String> {
    if warning.count() == 1 {
        return None;
    }
    let mut note = format!("{} times, at columns ", warning.count());
    for (i, offset) in warning.offsets().iter().enumerate() {
        if i > 0 {
            note.push_str(", ");
        }
        // Writing to a String does not fail.
        let _ = write!(note, "{}", offset + 1);
    }
    let more = warning.count() - warning.offsets().len();
    if more > 0 {
        let _ = write!(note, " and {more} more");
    }
    Some(note)
}
