//! `rfc1738 check`.

use std::borrow::Cow;
use std::io::{self, IsTerminal, Write};
use std::ops::Range;
use std::process::ExitCode;
use std::sync::Arc;

use indicatif::{ProgressDrawTarget, ProgressStyle};
use rfc1738::lint::{Warning, lint};
use rfc1738::visible::Visible;
use rfc1738::{
    Diagnostic, Error, Expected, Found, Hint, Rule, check_bytes, parse, parse_rule, scheme_rule,
};
use serde::Serialize;

use crate::batch::{self, Item, Line};
use crate::inputs;
use crate::output::{self, Output, Paint, Stop};
use crate::report::{self, FileName, Summary};
use crate::show;
use crate::summary::{self, Tally};
use crate::{CheckArgs, Format};
use crate::{key, member};

/// An input in a JSON record: its text (bytes that are not UTF-8 as
/// U+FFFD), and its bytes when they are not UTF-8, so that nothing is lost.
pub fn input_members(input: Line<'_>) -> (Cow<'_, str>, Option<&[u8]>) {
    match input {
        Line::Text(text) => (Cow::Borrowed(text), None),
        Line::Bytes(bytes) => (String::from_utf8_lossy(bytes), Some(bytes)),
    }
}

/// The `error` member of a JSON record. What was expected and the hints
/// are written as the library's `serde` feature writes an [`Expected`] and
/// a [`Hint`]: each its `Display`.
#[derive(Serialize)]
pub struct ErrorRecord<'a> {
    offset: usize,
    line: usize,
    column: usize,
    expected: &'a [Expected],
    /// The character at the offset; `null` at the end of the input or at a
    /// byte that is not UTF-8 (the message names the byte).
    found: Option<char>,
    message: String,
    hints: &'a [Hint],
}

impl<'a> ErrorRecord<'a> {
    /// The record of an error.
    pub fn new(error: &'a Error) -> Self {
        ErrorRecord {
            offset: error.offset(),
            line: error.line(),
            column: error.column(),
            expected: error.expected(),
            found: match error.found() {
                Found::Char(c) => Some(c),
                _ => None,
            },
            message: error.message(),
            hints: error.hints(),
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
    error: Option<ErrorRecord<'a>>,
    warnings: [(); 0],
    too_long: bool,
    max_line_bytes: usize,
    #[serde(flatten)]
    file: inputs::FileMembers<'a>,
    line: u64,
}

/// Where an input comes from.
#[derive(Clone, Copy)]
enum Origin<'a> {
    /// A command-line argument, the name a diagnostic gives it
    /// (`inputs::argument_name`) and its number among the sources, counted
    /// from 1 ([`inputs::Whence`]).
    Argument(&'a str, usize),
    /// A line of standard input or of a file.
    Stream(&'a Named),
}

/// A stream whose lines are checked.
struct Named {
    /// The name, as given, and its bytes when they are not UTF-8: what
    /// records and the summary's examples name.
    file: Arc<FileName>,
    /// The name as a JSON string.
    json_name: show::Escaped,
    /// The name as human output shows it.
    shown: String,
    /// Whether a valid line is confirmed in human output (typed at a
    /// terminal, or `--verbose`).
    confirm: bool,
}

/// How results are written, decided once.
struct Style {
    paint: Paint,
    /// Whether human output hides passwords.
    hide: bool,
    /// How the summary shows what it gathers, when one is asked for.
    summary: Option<report::Shown>,
    /// Whether standard output gets a record per input (not with
    /// `--summary`).
    records: bool,
}

/// What a run counts: the tally, and the summary when one is asked for.
struct Run {
    tally: Tally,
    summary: Option<Summary>,
}

impl Run {
    /// Adds what a unit counted, the units taken in input order.
    fn add(&mut self, counted: Counted) {
        self.tally += counted.tally;
        if let Some(summary) = &mut self.summary {
            summary.merge(counted.gathered);
        }
    }
}

/// What a unit of inputs counts, on its own core.
#[derive(Default)]
struct Counted {
    tally: Tally,
    gathered: report::Gathered,
}

/// Input files larger than this get a progress bar, on a terminal.
const PROGRESS_FROM: u64 = 16 << 20;

/// Runs the command; the exit status says whether every input was valid.
pub fn run(args: &CheckArgs) -> ExitCode {
    let summarized = args.summary || args.report.is_some();
    let style = Style {
        paint: Paint::stdout(),
        hide: args.records.format == Format::Human && !args.records.show_passwords,
        summary: summarized.then(|| {
            let hide = !args.records.show_passwords;
            report::Shown::new(hide, args.rule, plain_warning)
        }),
        records: !args.summary,
    };
    let sources = inputs::sources(&args.urls, &args.files.files);
    // The report's file is made before the run, so that a run of an hour
    // does not end in an error that could have been told at once.
    let report_file = match args
        .report
        .as_deref()
        .map(|path| inputs::open_report(path, &sources))
        .transpose()
    {
        Ok(file) => file,
        Err(message) => {
            output::message(message);
            return ExitCode::from(2);
        }
    };
    let mut run = (
        Output::new(),
        Run {
            tally: Tally::default(),
            summary: style.summary.clone().map(Summary::new),
        },
    );
    let reading = inputs::read_each(
        &sources,
        &mut run,
        |url, name, number, (out, run)| {
            let mut buffer = Vec::new();
            let line = Line::new(url.as_encoded_bytes());
            let mut counted = Counted::default();
            record(
                args,
                &style,
                Origin::Argument(name, number),
                1,
                line,
                &mut buffer,
                &mut counted,
            );
            batch::write_records(out, &buffer, counted, |counted| run.add(counted))
        },
        |stream, (out, run)| check_stream(args, &style, stream, out, run),
    );
    let (mut out, run) = run;
    let reading = match &run.summary {
        Some(summary) => write_summary(
            args,
            summary,
            &run.tally,
            &sources,
            report_file,
            reading,
            &mut out,
        ),
        None => reading,
    };
    let mut end = summary::End {
        warnings: true,
        deny_warnings: args.deny_warnings,
        ..summary::End::inputs(&args.records, &sources)
    };
    // The summary says it all: the line of counts only when asked for.
    end.when.quiet |= args.summary;
    end.status(reading, &mut out, &run.tally)
}

/// Writes the summary of `tally` and `summary`: to standard output with
/// `--summary`, to `report_file` with `--report`. A run whose standard
/// output closed or failed writes no summary there; one that SIGINT ended
/// writes the summary of what it read. Its report, its summary, as those
/// of a run that could not read a source, say that they are incomplete. A report that cannot be written makes the run fail
/// (exit status 2), as a source that cannot be read does.
fn write_summary(
    args: &CheckArgs,
    summary: &Summary,
    tally: &Tally,
    sources: &[inputs::Source<'_>],
    report_file: Option<std::fs::File>,
    mut reading: inputs::Reading,
    out: &mut Output,
) -> inputs::Reading {
    let interrupted = matches!(reading.stopped, Err(Stop::Interrupted));
    let document = summary.document(tally, source_names(sources), report::incomplete(&reading));
    if let (Some(mut file), Some(path)) = (report_file, &args.report) {
        let page = report::page(&document);
        if let Err(error) = file.write_all(page.as_bytes()).and_then(|()| file.flush()) {
            let name = show::name(&path.to_string_lossy());
            output::message(format_args!(
                "{name}: the report (--report) could not be written whole: {error}"
            ));
            reading.whole = false;
        }
    }
    if args.summary && (reading.stopped.is_ok() || interrupted) {
        let text = match args.records.format {
            Format::Json => {
                let mut buffer = Vec::new();
                show::json_line(&mut buffer, &document);
                buffer
            }
            Format::Human => report::text(&document).into_bytes(),
        };
        // After SIGINT, the summary of what was read is the run's one
        // record, written whole.
        let written = match interrupted {
            true => out.write_rest(&text),
            false => out.write(&text),
        };
        // After SIGINT, the stop stays SIGINT's, unless the write failed.
        if let Err(stop) = written
            && (!interrupted || matches!(stop, Stop::Failed(_)))
        {
            reading.stopped = Err(stop);
        }
    }
    reading
}

/// The sources as the summary names them: each file, `<stdin>`, and
/// `arguments` once for all of them.
fn source_names(sources: &[inputs::Source<'_>]) -> Vec<FileName> {
    let mut names: Vec<FileName> = Vec::new();
    for source in sources {
        let (name, bytes) = match source {
            inputs::Source::Argument(_) => ("arguments".to_owned(), None),
            inputs::Source::Stdin => (inputs::STDIN.to_owned(), None),
            inputs::Source::File(path) => inputs::path_name(path),
        };
        if !names
            .iter()
            .any(|seen| seen.name == name && seen.bytes == bytes)
        {
            names.push(FileName { name, bytes });
        }
    }
    names
}

/// A warning about a valid URL (the one it keeps), read at `line` of
/// `name`, rendered plain, its password hidden when `hide` says: what the
/// summary's examples show.
fn plain_warning(warning: &Warning, hide: bool, name: &str, line: usize) -> String {
    warning
        .diagnostic()
        .origin(name)
        .first_line(line)
        .hide_password(hide)
        .to_string()
}

/// Checks each line of `stream`, on every core, writing results in order;
/// a file of many megabytes shows a progress bar on a terminal. An error
/// reading it comes back inside (saying what could not be read), a failed
/// write outside.
fn check_stream(
    args: &CheckArgs,
    style: &Style,
    stream: inputs::Stream,
    out: &mut Output,
    run: &mut Run,
) -> Result<Result<(), String>, Stop> {
    let inputs::Stream {
        name,
        shown: unreadable,
        name_bytes,
        reader,
        typed,
        progress,
    } = stream;
    // The file's own bar, which its reads advance: shown on a terminal for
    // a large file.
    let progress = progress.filter(|bar| {
        bar.length().is_some_and(|size| size >= PROGRESS_FROM) && io::stderr().is_terminal()
    });
    if let Some(bar) = &progress {
        if let Ok(template) =
            ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {bytes_per_sec} {eta}")
        {
            bar.set_style(template);
        }
        bar.set_draw_target(ProgressDrawTarget::stderr());
    }
    out.beside(progress.as_ref());
    let max_line = args.lines.max_line();
    let confirm = typed || args.verbose;
    let named = Named {
        file: Arc::new(FileName {
            name: name.clone(),
            bytes: name_bytes,
        }),
        json_name: show::Escaped::new(&name),
        shown: Visible::new(&name).to_string(),
        confirm,
    };
    let origin = Origin::Stream(&named);
    let result = batch::stream(
        reader,
        max_line,
        out,
        |number, item, buffer, counted| match item {
            Item::Line(line) => record(args, style, origin, number, line, buffer, counted),
            Item::TooLong => {
                counted.tally.too_long += 1;
                if style.records {
                    let file = inputs::FileMembers::new(&name, named.file.bytes.as_deref());
                    too_long(args, style, file, number, max_line, buffer);
                }
            }
        },
        |counted: Counted| run.add(counted),
    );
    out.beside(None);
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    Ok(result?.map_err(|error| format!("{unreadable}: {error}")))
}

/// The record of line `line` of `origin`, longer than `max_line` bytes and
/// not checked.
fn too_long(
    args: &CheckArgs,
    style: &Style,
    origin: inputs::FileMembers<'_>,
    line: u64,
    max_line: usize,
    buffer: &mut Vec<u8>,
) {
    match args.records.format {
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
            show::json_line(buffer, &record);
        }
        Format::Human => {
            let origin = Visible::new(origin.name());
            let error = style.paint.paint(output::ERROR, "error");
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
    counted: &mut Counted,
) {
    let tally = &mut counted.tally;
    // Without --rule an input is read as `parse` reads it, once, and a valid
    // one is linted; with --rule, or for bytes that are not UTF-8, it is
    // checked by the letter and has no warnings. A valid input's password
    // is the parser's, for human output; its warnings keep the URL they
    // are about.
    let mut password = None;
    let (result, warnings) = match (args.rule, input) {
        (None, Line::Text(text)) => match parse(text) {
            Ok(url) => {
                password = url.password_span().filter(|_| style.hide);
                (Ok(url.rule()), lint(&url))
            }
            Err(error) => (Err(error), Vec::new()),
        },
        (Some(rule), Line::Text(text)) if style.hide => match parse_rule(rule, text) {
            Ok(matched) => {
                password = matched.password_span();
                (Ok(rule), Vec::new())
            }
            Err(error) => (Err(error), Vec::new()),
        },
        _ => (check_bytes(args.rule, input.bytes()), Vec::new()),
    };
    match &result {
        Ok(_) => tally.valid += 1,
        Err(_) => tally.invalid += 1,
    }
    tally.warnings += warnings.len() as u64;
    // With --quiet, only what fails the run: an invalid input, or one with
    // warnings when they are denied.
    let failed = result.is_err() || (args.deny_warnings && !warnings.is_empty());
    if style.records && (failed || !args.records.quiet) {
        let verdict = result.as_ref().copied();
        match args.records.format {
            Format::Json => json(origin, line, input, verdict, &warnings, buffer),
            Format::Human => {
                let shown = Shown {
                    input: input.bytes(),
                    password,
                };
                human(args, style, origin, line, shown, verdict, &warnings, buffer);
            }
        }
    }
    // Last, so that the summary takes the error, with what the record
    // derived of it, rather than a copy.
    if let Some(shown) = &style.summary {
        let file = match origin {
            Origin::Argument(..) => None,
            Origin::Stream(stream) => Some(&stream.file),
        };
        let gathered = &mut counted.gathered;
        gathered.add(shown, (file, line), input, result, &warnings);
    }
}

/// Which of `url`'s alternatives `text`, a string of `url`, is: its
/// scheme's rule when the text is a string of it by the grammar's letter,
/// else `otherurl` (`http://user@host/`, `mailto:`), as `explain
/// --rule url` shows it. The scheme rules start with distinct literals, so
/// at most one can match, and `url` tries `otherurl` last.
fn url_alternative(text: &str) -> Rule {
    match scheme_rule(text) {
        rule if rule != Rule::Otherurl && parse_rule(rule, text).is_ok() => rule,
        _ => Rule::Otherurl,
    }
}

/// The JSON record of one input, on its own line: `input` (and
/// `input_bytes` when it is not UTF-8), `rule`, with `--rule url` the
/// `alternative` of a valid input (`null` for an invalid one), `valid`,
/// `error`, `warnings`, and for a line, its `file` and `line`, for an
/// argument, its number, `argument` ([`inputs::Whence`]).
///
/// Written member by member ([`show::Object`]): a batch writes hundreds of
/// thousands a second, and serde's struct serializer escapes even the keys
/// byte by byte, which made a batch two and a half times slower.
fn json(
    origin: Origin<'_>,
    line: u64,
    input: Line<'_>,
    result: Result<Rule, &Error>,
    warnings: &[Warning],
    buffer: &mut Vec<u8>,
) {
    let (text, bytes) = input_members(input);
    let mut record = show::Object::new(buffer);
    record.string(key!("input"), &text);
    if let Some(bytes) = bytes {
        record.value(key!("input_bytes"), &bytes);
    }
    let rule = match result {
        Ok(rule) => rule,
        Err(error) => error.rule(),
    };
    record.rule(key!("rule"), rule);
    if rule == Rule::Url {
        match (result, input) {
            (Ok(_), Line::Text(text)) => record.rule(key!("alternative"), url_alternative(text)),
            _ => record.member(member!("alternative": null)),
        }
    }
    match result {
        Ok(_) => {
            record.member(member!("valid": true));
            record.member(member!("error": null));
        }
        Err(error) => {
            record.member(member!("valid": false));
            record.value(key!("error"), &ErrorRecord::new(error));
        }
    }
    if warnings.is_empty() {
        record.member(member!("warnings": []));
    } else {
        let warnings: Vec<WarningRecord<'_>> = warnings.iter().map(WarningRecord::new).collect();
        record.value(key!("warnings"), &warnings);
    }
    match origin {
        Origin::Stream(stream) => {
            record.escaped(key!("file"), &stream.json_name);
            if let Some(bytes) = &stream.file.bytes {
                record.value(key!("file_bytes"), bytes);
            }
            record.value(key!("line"), &line);
        }
        Origin::Argument(_, number) => record.value(key!("argument"), &number),
    }
    record.end();
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
    result: Result<Rule, &Error>,
    warnings: &[Warning],
    buffer: &mut Vec<u8>,
) {
    let (name, first_line, confirm) = match origin {
        Origin::Argument(name, _) => (name, 1, true),
        Origin::Stream(stream) => (
            stream.file.name.as_str(),
            usize::try_from(line).unwrap_or(usize::MAX),
            stream.confirm,
        ),
    };
    match result {
        Ok(rule) => {
            let text = String::from_utf8_lossy(input);
            if confirm && !args.records.quiet {
                // A valid input is printable ASCII: hiding the passwords, its
                // own, those written further in it (`x:a//me:pw@h/`) and
                // those its decoded text holds (`x:a%2F%2Fme:pw@h/`), a `*`
                // a character keeps every offset.
                let written: Vec<Range<usize>> = match style.hide {
                    true => show::passwords(&text, password.as_ref()),
                    false => Vec::new(),
                };
                let shown = Visible::new(&text)
                    .hiding(password.unwrap_or(0..0))
                    .hiding_all(&written);
                let valid = style.paint.paint(output::VALID, "valid");
                let location = match origin {
                    Origin::Argument(..) => String::new(),
                    Origin::Stream(stream) => format!("{}:{line}: ", stream.shown),
                };
                // Checked against `url`, the line names the alternative
                // the input is, in the notation of a production path.
                let alternative = match rule {
                    Rule::Url => format!(" › {}", url_alternative(&text)),
                    _ => String::new(),
                };
                let _ = writeln!(buffer, "{location}{valid} {rule}{alternative}: {shown}");
            }
            // Each warning keeps the URL it is about.
            for warning in warnings {
                write_diagnostic(buffer, warning.diagnostic(), name, first_line, style);
            }
        }
        Err(error) => write_diagnostic(buffer, error.diagnostic(), name, first_line, style),
    }
}

/// A warning's or an error's diagnostic, as the human output writes it.
fn write_diagnostic(
    buffer: &mut Vec<u8>,
    diagnostic: Diagnostic<'_>,
    name: &str,
    first_line: usize,
    style: &Style,
) {
    let report = diagnostic
        .origin(name)
        .first_line(first_line)
        .styled(style.paint.color)
        .hide_password(style.hide);
    let _ = writeln!(buffer, "{report}");
}
