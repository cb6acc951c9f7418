//! `rfc1738 check`.

use std::borrow::Cow;
use std::io::{self, Write};
use std::process::ExitCode;

use annotate_snippets::Renderer;
use rfc1738::{Error, Found, check_bytes};
use serde::Serialize;

use crate::batch::{Blocks, format_block};
use crate::output::{Output, Stop};
use crate::{CheckArgs, Format};

/// The JSON record of one input.
#[derive(Serialize)]
struct Record<'a> {
    input: Cow<'a, str>,
    rule: &'static str,
    valid: bool,
    error: Option<ErrorRecord>,
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
        }
    }
}

/// Counts what was checked.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    /// Inputs that matched.
    pub valid: u64,
    /// Inputs that did not.
    pub invalid: u64,
}

impl std::ops::AddAssign for Tally {
    fn add_assign(&mut self, other: Tally) {
        self.valid += other.valid;
        self.invalid += other.invalid;
    }
}

/// Runs the command; the exit status says whether every input was valid.
pub fn run(args: &CheckArgs) -> ExitCode {
    let mut out = Output::new();
    let mut tally = Tally::default();
    let result = if args.urls.is_empty() {
        check_stream(args, io::stdin().lock(), "<stdin>", &mut out, &mut tally)
    } else {
        args.urls.iter().try_for_each(|url| {
            let mut buffer = Vec::new();
            record(
                args,
                "input",
                1,
                &url.clone().into_encoded_bytes(),
                &mut buffer,
                &mut tally,
            );
            out.write(&buffer)
        })
    };
    match result.and_then(|()| out.flush()) {
        Ok(()) | Err(Stop::Closed) => {}
        Err(Stop::Failed(error)) => {
            eprintln!("rfc1738: {error}");
            return ExitCode::from(2);
        }
    }
    if tally.invalid == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Checks each line of a stream, on every core, writing results in order.
fn check_stream(
    args: &CheckArgs,
    reader: impl io::Read,
    origin: &str,
    out: &mut Output,
    tally: &mut Tally,
) -> Result<(), Stop> {
    let mut blocks = Blocks::new(reader);
    let mut block = Vec::new();
    let mut next_line = 1;
    loop {
        let more = blocks.next_block(&mut block).map_err(|error| {
            Stop::Failed(io::Error::new(
                error.kind(),
                format!("reading {origin}: {error}"),
            ))
        })?;
        if !more {
            return Ok(());
        }
        let outputs = format_block(&block, next_line, |number, line, buffer, tally| {
            record(args, origin, number, line, buffer, tally);
        });
        for (buffer, counted) in outputs {
            next_line += counted.valid + counted.invalid;
            *tally += counted;
            out.write(&buffer)?;
        }
    }
}

/// Checks one input and appends its result to `buffer`.
fn record(
    args: &CheckArgs,
    origin: &str,
    line: u64,
    input: &[u8],
    buffer: &mut Vec<u8>,
    tally: &mut Tally,
) {
    let result = check_bytes(input, args.rule);
    match &result {
        Ok(_) => tally.valid += 1,
        Err(_) => tally.invalid += 1,
    }
    match (args.format, result) {
        (Format::Json, Ok(rule)) => {
            // A valid input is printable ASCII without `"` or `\`: nothing in
            // it needs escaping in a JSON string.
            buffer.extend_from_slice(b"{\"input\":\"");
            buffer.extend_from_slice(input);
            buffer.extend_from_slice(b"\",\"rule\":\"");
            buffer.extend_from_slice(rule.name().as_bytes());
            buffer.extend_from_slice(b"\",\"valid\":true,\"error\":null}\n");
        }
        (Format::Json, Err(error)) => {
            let record = Record {
                input: String::from_utf8_lossy(input),
                rule: error.rule().name(),
                valid: false,
                error: Some(ErrorRecord::new(&error)),
            };
            // Strings and numbers always serialize, and a Vec does not fail.
            let _ = serde_json::to_writer(&mut *buffer, &record);
            buffer.push(b'\n');
        }
        (Format::Human, Ok(rule)) => {
            // A valid input is printable ASCII: nothing in it can drive a terminal.
            let _ = writeln!(buffer, "valid {rule}: {}", String::from_utf8_lossy(input));
        }
        (Format::Human, Err(error)) => {
            let first_line = usize::try_from(line).unwrap_or(usize::MAX);
            let text = error.render_at(origin, first_line, &Renderer::plain());
            buffer.extend_from_slice(text.as_bytes());
            buffer.push(b'\n');
        }
    }
}
