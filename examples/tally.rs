//! Counts the URLs of a list, one per line: the valid ones are kept in a
//! `HashMap<UrlBuf, _>`, each invalid one is logged on a line of its own.
//!
//! ```text
//! cargo run --example tally -- urls.txt
//! some-command | cargo run --example tally -- -
//! ```
//!
//! Writes each distinct URL with how often it came, in order, passwords
//! hidden, to standard output; each error, as `FILE:LINE:COLUMN: not a
//! valid RULE: MESSAGE`, to standard error. Exits with 1 when a line was no URL.
//!
//! An `Error` is of the one line it was given: its `Display` ends with its
//! position there, `at 1:COLUMN`, which beside the file's line would be a
//! second, conflicting one. The log writes the file's line and the error's
//! column, rule and message instead (`Error::column`, `Error::rule`,
//! `Error::message`).
//!
//! The map's keys are `UrlBuf`s: a URL that owns its text. A `Url<'a>`
//! borrows the line it was parsed from, which the next line replaces; see
//! `UrlBuf`'s documentation for why there is no `Url<'static>`.

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::process::ExitCode;

use rfc1738::UrlBuf;
use rfc1738::visible::Visible;

/// What was read: each URL with how many lines it is on and the first of
/// them, and how many lines were no URL.
#[derive(Default)]
struct Tally {
    urls: HashMap<UrlBuf, (usize, usize)>,
    errors: usize,
}

/// Reads `input` line by line, logging each line that is no URL to `log`,
/// the lines named after `name`.
fn tally(input: impl BufRead, name: &str, mut log: impl Write) -> io::Result<Tally> {
    let mut tally = Tally::default();
    for (index, line) in input.split(b'\n').enumerate() {
        let line = line?;
        let number = index + 1;
        let line = line.strip_suffix(b"\r").unwrap_or(&line);
        // A byte-order mark is no part of the first URL.
        let line = match number {
            1 => line.strip_prefix("\u{feff}".as_bytes()).unwrap_or(line),
            _ => line,
        };
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let parsed = match std::str::from_utf8(line) {
            Ok(text) => text.parse::<UrlBuf>(),
            Err(error) => {
                // Columns count characters, as the errors' do: those of
                // the valid text before the first byte that is none.
                let valid = String::from_utf8_lossy(&line[..error.valid_up_to()]);
                let column = valid.chars().count() + 1;
                writeln!(log, "{name}:{number}:{column}: not UTF-8")?;
                tally.errors += 1;
                continue;
            }
        };
        match parsed {
            Ok(url) => tally.urls.entry(url).or_insert((0, number)).0 += 1,
            Err(mut error) => {
                // A log is no place for a password: the message hides it.
                error.hide_password();
                let (column, rule, message) = (error.column(), error.rule(), error.message());
                writeln!(
                    log,
                    "{name}:{number}:{column}: not a valid {rule}: {message}"
                )?;
                tally.errors += 1;
            }
        }
    }
    Ok(tally)
}

/// Writes each URL with its count and first line, in the order of the URLs'
/// text, each password hidden.
fn report(tally: &Tally, mut out: impl Write) -> io::Result<()> {
    let mut urls: Vec<(&UrlBuf, &(usize, usize))> = tally.urls.iter().collect();
    urls.sort();
    for (url, (count, first)) in urls {
        let password = url.as_url().password_span().unwrap_or(0..0);
        let shown = Visible::new(url.as_str()).hiding(password);
        writeln!(out, "{count}\tline {first}\t{shown}")?;
    }
    Ok(())
}

fn main() -> ExitCode {
    let path = std::env::args_os().nth(1);
    let (input, name): (Box<dyn BufRead>, String) = match path {
        Some(path) if path != "-" => match File::open(&path) {
            Ok(file) => {
                let name = Visible::new(&path.to_string_lossy()).to_string();
                (Box::new(BufReader::new(file)), name)
            }
            Err(error) => {
                let name = Visible::new(&path.to_string_lossy()).to_string();
                eprintln!("tally: {name}: {error}");
                return ExitCode::from(2);
            }
        },
        _ => (Box::new(io::stdin().lock()), String::from("<stdin>")),
    };
    let result = tally(input, &name, io::stderr().lock())
        .and_then(|tally| report(&tally, io::stdout().lock()).map(|()| tally));
    match result {
        Ok(tally) if tally.errors == 0 => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        // A reader that stopped reading is no reason to say more.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("tally: {name}: {error}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The report and the log of `input`.
    fn run(input: &[u8]) -> (String, String, usize) {
        let mut log = Vec::new();
        let tally = tally(input, "urls.txt", &mut log).expect("no I/O error in memory");
        let mut out = Vec::new();
        report(&tally, &mut out).expect("no I/O error in memory");
        let text = |bytes| String::from_utf8(bytes).expect("UTF-8");
        (text(out), text(log), tally.errors)
    }

    #[test]
    fn valid_urls_are_counted_and_errors_logged_with_their_line() {
        let input = b"\xEF\xBB\xBFhttp://host.dom/\r\n\
                      ftp://me:hunter2@host.dom/pub\n\
                      \n\
                      http://host:8a/\n\
                      http://host.dom/\n\
                      ftp://me:hunter2@host:8a/\n\
                      caf\xE9:x\n\
                      \xC3\xA9t\xC3\xA9\xFF\n";
        let (out, log, errors) = run(input);
        assert_eq!(
            out,
            "1\tline 2\tftp://me:*******@host.dom/pub\n2\tline 1\thttp://host.dom/\n"
        );
        assert_eq!(errors, 4);
        // Each error at the file's line and the column in it, its
        // password hidden; columns count characters.
        assert_eq!(
            log,
            "urls.txt:4:14: not a valid httpurl: expected digit, \"/\" or end of input, \
             found \"a\"\n\
             urls.txt:6:24: not a valid ftpurl: expected digit, \"/\" or end of input, found \"a\"\n\
             urls.txt:7:4: not UTF-8\n\
             urls.txt:8:4: not UTF-8\n"
        );
    }

    /// `Error`'s `Display` ends with its position in the one line it read,
    /// `at 1:14`, which the log leaves out: one line, one column.
    #[test]
    fn an_error_is_logged_at_one_position() {
        let (_, log, _) = run(b"\n\nhttp://host.dom/\nhttp://host:8a/\n");
        let display = "http://host:8a/".parse::<UrlBuf>().unwrap_err().to_string();
        assert!(display.ends_with(" at 1:14"), "{display}");
        assert_eq!(
            log,
            "urls.txt:4:14: not a valid httpurl: expected digit, \"/\" or end of input, \
             found \"a\"\n"
        );
    }

    /// The column is the error's in its line, a password before it hidden
    /// from the message and counted in the column.
    #[test]
    fn a_password_is_hidden_and_counted() {
        let (_, log, _) = run("ftp://me:hunter2@h\u{e9}/\n".as_bytes());
        assert!(log.starts_with("urls.txt:1:19: "), "{log}");
        assert!(!log.contains("hunter2"), "{log}");
    }

    #[test]
    fn the_map_is_looked_up_by_str() {
        let mut log = Vec::new();
        let input: &[u8] = b"news:comp.infosystems.www.misc\nnews:comp.infosystems.www.misc\n";
        let tally = tally(input, "-", &mut log).expect("no I/O error in memory");
        assert_eq!(tally.urls["news:comp.infosystems.www.misc"], (2, 1));
        assert!(log.is_empty());
    }
}
