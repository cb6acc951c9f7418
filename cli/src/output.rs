//! Standard output and standard error, written only through fallible calls.
//!
//! `println!` and `eprintln!` panic when their stream cannot be written (a
//! full disk, `2>/dev/full`): nothing in the command line uses them. A
//! failed write of standard output ends the run with status 2; a message for
//! standard error that cannot be written is dropped, since there is nowhere
//! left to say so, and the status says it.

use std::fmt::{self, Display};
use std::io::{self, BufWriter, ErrorKind, StdoutLock, Write};
use std::process::ExitCode;

use anstyle::{AnsiColor, Style};

use crate::interrupt;

/// How human output on standard output is styled, decided once per run:
/// colour when anstream says so for standard output (`--color`, NO_COLOR,
/// CLICOLOR_FORCE, and whether it is a terminal). Diagnostics are told
/// the same (`styled`).
pub struct Paint {
    /// Whether to colour.
    pub color: bool,
}

/// The style of the word `error`.
pub const ERROR: Style = Style::new()
    .bold()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Red)));

/// The style of the word `valid`.
pub const VALID: Style = Style::new()
    .bold()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Green)));

impl Paint {
    /// The styling of standard output.
    pub fn stdout() -> Self {
        let color = anstream::AutoStream::choice(&io::stdout()) != anstream::ColorChoice::Never;
        Paint { color }
    }

    /// `text` in `style`, when colouring.
    pub fn paint<'a>(&self, style: Style, text: &'a str) -> Painted<'a> {
        Painted {
            style: self.color.then_some(style),
            text,
        }
    }
}

/// A word in a style, or plain: what [`Paint::paint`] makes.
pub struct Painted<'a> {
    style: Option<Style>,
    text: &'a str,
}

impl Display for Painted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.style {
            Some(style) => write!(f, "{style}{}{style:#}", self.text),
            None => f.write_str(self.text),
        }
    }
}

/// Buffered standard output.
pub struct Output {
    out: BufWriter<StdoutLock<'static>>,
}

/// Why writing stopped.
#[derive(Debug)]
pub enum Stop {
    /// The reader closed the pipe (`| head`): not an error.
    Closed,
    /// SIGINT asked the run to end; what was written ends with a whole
    /// record.
    Interrupted,
    /// Any other write error.
    Failed(io::Error),
}

impl From<io::Error> for Stop {
    fn from(error: io::Error) -> Self {
        if error.kind() == ErrorKind::BrokenPipe {
            Stop::Closed
        } else {
            Stop::Failed(error)
        }
    }
}

impl Output {
    /// Locks standard output.
    pub fn new() -> Self {
        Output {
            out: BufWriter::new(io::stdout().lock()),
        }
    }

    /// Writes `bytes`, whole records, as they are; or, once SIGINT asked
    /// the run to end, writes out what is buffered and nothing more.
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), Stop> {
        if interrupt::requested() {
            self.out.flush()?;
            return Err(Stop::Interrupted);
        }
        self.out.write_all(bytes)?;
        Ok(())
    }

    /// Writes `bytes`, the rest of a record [`Output::write`] began: a
    /// record begun is finished, SIGINT or not.
    pub fn write_rest(&mut self, bytes: &[u8]) -> Result<(), Stop> {
        self.out.write_all(bytes)?;
        Ok(())
    }

    /// Writes `text`, whole records, and a newline, as [`Output::write`]
    /// does.
    pub fn line(&mut self, text: &str) -> Result<(), Stop> {
        self.write(text.as_bytes())?;
        self.out.write_all(b"\n")?;
        Ok(())
    }

    /// Writes out what is buffered.
    pub fn flush(&mut self) -> Result<(), Stop> {
        self.out.flush()?;
        Ok(())
    }
}

/// Writes `rfc1738: MESSAGE` on standard error, and says whether it could:
/// `false` when standard error cannot be written (a closed pipe counts as
/// written, as on standard output: its reader went away on purpose).
pub fn message(message: impl Display) -> bool {
    let mut stderr = io::stderr().lock();
    match writeln!(stderr, "rfc1738: {message}").and_then(|()| stderr.flush()) {
        Ok(()) => true,
        Err(error) => error.kind() == ErrorKind::BrokenPipe,
    }
}

/// The exit status of a run that wrote everything (`Ok`) or whose standard
/// output stopped: `None` when it ended well or its reader left, 130 when
/// SIGINT ended it, else 2, after saying why on standard error if that can
/// still be written.
pub fn failed(written: Result<(), Stop>) -> Option<ExitCode> {
    match written {
        Ok(()) | Err(Stop::Closed) => None,
        Err(Stop::Interrupted) => Some(ExitCode::from(interrupt::STATUS)),
        Err(Stop::Failed(cause)) => {
            message(cause);
            Some(ExitCode::from(2))
        }
    }
}
