//! Standard output and standard error, written only through fallible calls.
//!
//! `println!` and `eprintln!` panic when their stream cannot be written (a
//! full disk, `2>/dev/full`): nothing in the command line uses them. A
//! failed write of standard output ends the run with status 2; a message for
//! standard error that cannot be written is dropped, since there is nowhere
//! left to say so, and the status says it: every message goes through
//! [`message`], which records the failure, and [`status`] makes the run's
//! status of it.

use std::fmt::{self, Display};
use std::io::{self, BufWriter, ErrorKind, IsTerminal, StdoutLock, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

use anstream::ColorChoice;
use anstyle::{AnsiColor, Style};
use indicatif::ProgressBar;

use crate::interrupt;

/// How human output on standard output is styled, decided once per run:
/// colour when anstream says so for standard output (`--color`, NO_COLOR,
/// CLICOLOR_FORCE, and whether it is a terminal, as [`color_choice`] made
/// its choice). Diagnostics are told the same (`styled`).
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
        let color = anstream::AutoStream::choice(&io::stdout()) != ColorChoice::Never;
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

/// The colour choice for a stream, a `terminal` or not, under `--color`
/// `when`: `always` and `never` as they say; `auto` as anstream decides it
/// for the stream (NO_COLOR, then CLICOLOR_FORCE, CLICOLOR, whether it is
/// a terminal, TERM), except that `CLICOLOR_FORCE=0` forces nothing.
///
/// anstream (through anstyle-query) takes any value of CLICOLOR_FORCE but
/// an empty one to force colour; the convention it reads
/// (<https://bixense.com/clicolors/>) forces colour when it is "!= 0", as
/// anstyle-query reads `CLICOLOR=0` itself. For that value the choice is
/// anstream's reading of the rest of the environment, made here for the
/// stream; for any other, `auto` is left to anstream. Values are compared
/// as text, as anstream and the convention's readers compare them: `00`
/// forces colour.
pub fn color_choice(when: ColorChoice, terminal: bool) -> ColorChoice {
    let unforced = std::env::var_os("CLICOLOR_FORCE").is_some_and(|value| value == "0");
    if when != ColorChoice::Auto || !unforced {
        return when;
    }
    let clicolor = anstyle_query::clicolor();
    let colour = !anstyle_query::no_color()
        && clicolor != Some(false)
        && terminal
        && (anstyle_query::term_supports_color()
            || clicolor == Some(true)
            || anstyle_query::is_ci());
    if colour {
        ColorChoice::Always
    } else {
        ColorChoice::Never
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
    /// The progress bar drawn on standard error while standard output is
    /// the same terminal ([`Output::beside`]).
    bar: Option<ProgressBar>,
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
            bar: None,
        }
    }

    /// Has what is written from now on wait for `bar`, drawn on standard
    /// error, to be cleared, when standard output is a terminal (the same
    /// screen, as far as the tool can tell): written beside a bar that
    /// stays, a record would start on the bar's line, which would stay
    /// above it. `None` ends it.
    pub fn beside(&mut self, bar: Option<&ProgressBar>) {
        self.bar = bar.filter(|_| io::stdout().is_terminal()).cloned();
    }

    /// Writes `bytes`, whole records, as they are; or, once SIGINT asked
    /// the run to end, writes out what is buffered and nothing more.
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), Stop> {
        if interrupt::requested() {
            self.out.flush()?;
            return Err(Stop::Interrupted);
        }
        self.write_rest(bytes)
    }

    /// Writes `bytes`, the rest of a record [`Output::write`] began: a
    /// record begun is finished, SIGINT or not. Beside a progress bar, the
    /// bar is cleared, the bytes are written out, and the bar drawn again
    /// below them.
    pub fn write_rest(&mut self, bytes: &[u8]) -> Result<(), Stop> {
        let Output { out, bar } = self;
        match bar {
            Some(bar) => bar.suspend(|| out.write_all(bytes).and_then(|()| out.flush()))?,
            None => out.write_all(bytes)?,
        }
        Ok(())
    }

    /// Writes `text`, whole records, and a newline, as [`Output::write`]
    /// does.
    pub fn line(&mut self, text: &str) -> Result<(), Stop> {
        self.write(text.as_bytes())?;
        self.write_rest(b"\n")
    }

    /// Writes out what is buffered.
    pub fn flush(&mut self) -> Result<(), Stop> {
        self.out.flush()?;
        Ok(())
    }
}

/// One record of standard output written in pieces as it is made, not
/// held whole: begun only if SIGINT has not asked the run to end, then
/// finished whatever comes, so that the output ends on a whole record.
/// What it holds at a time is at most two pieces, however long the record
/// and whatever the size of a write.
pub struct Record<'o> {
    out: &'o mut Output,
    /// What was made and not written yet: the caller's, so that one buffer
    /// serves record after record.
    buffer: &'o mut Vec<u8>,
    begun: bool,
    /// Why writing stopped, if it did: what is made after is dropped.
    stopped: Option<Stop>,
}

/// How much of a record is made before it is written.
const PIECE: usize = 1 << 16;

impl<'o> Record<'o> {
    /// A record to `out`, made in `buffer` (emptied first).
    pub fn new(out: &'o mut Output, buffer: &'o mut Vec<u8>) -> Self {
        buffer.clear();
        Record {
            out,
            buffer,
            begun: false,
            stopped: None,
        }
    }

    /// Writes what was made.
    fn send(&mut self) {
        if self.stopped.is_some() {
            self.buffer.clear();
            return;
        }
        let written = if self.begun {
            self.out.write_rest(self.buffer)
        } else {
            self.out.write(self.buffer)
        };
        self.begun = true;
        self.buffer.clear();
        if let Err(stop) = written {
            self.stopped = Some(stop);
        }
    }

    /// Takes `bytes`, writing out each piece it fills.
    #[cold]
    fn pieces(&mut self, bytes: &[u8]) {
        for piece in bytes.chunks(PIECE) {
            self.buffer.extend_from_slice(piece);
            if self.buffer.len() >= PIECE {
                self.send();
            }
        }
    }

    /// Ends the record with a newline and writes it out; says why writing
    /// stopped, if it did.
    pub fn end(self) -> Result<(), Stop> {
        self.buffer.push(b'\n');
        self.finish()
    }

    /// Writes the rest of the record out, as it is (its lines ended by
    /// their writer); says why writing stopped, if it did.
    pub fn finish(mut self) -> Result<(), Stop> {
        self.send();
        self.stopped.map_or(Ok(()), Err)
    }
}

impl Write for Record<'_> {
    /// Takes all of `bytes` ([`Record::write_all`]).
    #[inline]
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.write_all(bytes)?;
        Ok(bytes.len())
    }

    /// Takes all of `bytes`, a piece at a time: a failed write of standard
    /// output is kept, and said by [`Record::end`].
    #[inline]
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        if self.buffer.len() + bytes.len() < PIECE {
            self.buffer.extend_from_slice(bytes);
        } else {
            self.pieces(bytes);
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Whether a message could not be written on standard error.
static UNSAID: AtomicBool = AtomicBool::new(false);

/// Writes `rfc1738: MESSAGE` on standard error, and says whether it could:
/// `false` when standard error cannot be written (a closed pipe counts as
/// written, as on standard output: its reader went away on purpose), which
/// is recorded for the run's exit status ([`status`]).
pub fn message(message: impl Display) -> bool {
    let mut stderr = io::stderr().lock();
    let said = match writeln!(stderr, "rfc1738: {message}").and_then(|()| stderr.flush()) {
        Ok(()) => true,
        Err(error) => error.kind() == ErrorKind::BrokenPipe,
    };
    if !said {
        UNSAID.store(true, Ordering::Relaxed);
    }
    said
}

/// The exit status of a run that ended with `status`: 2 for 0 or 1 when a
/// [`message`] could not be written on standard error, which only the
/// status can tell; 2 and 130 (SIGINT) as they are.
pub fn status(status: ExitCode) -> ExitCode {
    let interrupted = status == ExitCode::from(interrupt::STATUS);
    if UNSAID.load(Ordering::Relaxed) && !interrupted {
        ExitCode::from(2)
    } else {
        status
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
            unwritable(cause);
            Some(ExitCode::from(2))
        }
    }
}

/// Says on standard error that standard output could not be written, and
/// why (`rfc1738: standard output: No space left on device (os error
/// 28)`): the error alone names no file.
pub fn unwritable(cause: impl Display) {
    message(format_args!("standard output: {cause}"));
}
