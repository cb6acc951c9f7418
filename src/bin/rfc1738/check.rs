//! `rfc1738 check`.

use std::borrow::Cow;
use std::io::{self, BufRead};
use std::process::ExitCode;

use annotate_snippets::Renderer;
use rfc1738::{Error, Found, check_bytes};
use serde::Serialize;

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
#[derive(Default)]
struct Tally {
    invalid: usize,
}

/// Runs the command; the exit status says whether every input was valid.
pub fn run(args: &CheckArgs) -> ExitCode {
    let mut out = Output::new();
    let mut tally = Tally::default();
    let result = if args.urls.is_empty() {
        check_stdin(args, &mut out, &mut tally)
    } else {
        args.urls.iter().try_for_each(|url| {
            check_one(
                args,
                &url.clone().into_encoded_bytes(),
                &mut out,
                &mut tally,
            )
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

/// Checks each line of standard input.
fn check_stdin(args: &CheckArgs, out: &mut Output, tally: &mut Tally) -> Result<(), Stop> {
    let stdin = io::stdin();
    let mut reader = stdin.lock();
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = reader.read_until(b'\n', &mut line).map_err(|error| {
            Stop::Failed(io::Error::new(
                error.kind(),
                format!("reading standard input: {error}"),
            ))
        })?;
        if read == 0 {
            return Ok(());
        }
        let mut input = line.as_slice();
        if let Some(rest) = input.strip_suffix(b"\n") {
            input = rest.strip_suffix(b"\r").unwrap_or(rest);
        }
        check_one(args, input, out, tally)?;
    }
}

/// Checks one input and writes its result.
fn check_one(
    args: &CheckArgs,
    input: &[u8],
    out: &mut Output,
    tally: &mut Tally,
) -> Result<(), Stop> {
    let result = check_bytes(input, args.rule);
    let rule = match &result {
        Ok(rule) => *rule,
        Err(error) => error.rule(),
    };
    if result.is_err() {
        tally.invalid += 1;
    }
    match args.format {
        Format::Json => {
            let record = Record {
                input: String::from_utf8_lossy(input),
                rule: rule.name(),
                valid: result.is_ok(),
                error: result.as_ref().err().map(ErrorRecord::new),
            };
            // A record of strings and numbers always serializes.
            let json = serde_json::to_string(&record).unwrap_or_default();
            out.line(&json)
        }
        Format::Human => match result {
            // A valid input is printable ASCII: nothing in it can drive a terminal.
            Ok(rule) => out.line(&format!("valid {rule}: {}", String::from_utf8_lossy(input))),
            Err(error) => out.line(&error.render("input", &Renderer::plain())),
        },
    }
}
