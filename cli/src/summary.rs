//! What a run counts, and the summary of it on standard error: written on
//! request (`--stats`), or when lines were read and standard error is a
//! terminal, someone watching a batch; never for inputs given as arguments
//! alone, nor with `--quiet`, unless asked for.

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use crate::inputs::Reading;
use crate::output::{self, Output, Stop};

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
    /// How many inputs were read.
    pub fn inputs(&self) -> u64 {
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

/// When a summary is written.
#[derive(Clone, Copy, Debug)]
pub struct When {
    /// `--stats`.
    pub asked: bool,
    /// `--quiet`.
    pub quiet: bool,
}

impl When {
    /// Whether to write the summary of a run that read lines from a file or
    /// standard input (`streams`) or not.
    pub fn now(self, streams: bool) -> bool {
        self.asked || (!self.quiet && streams && io::stderr().is_terminal())
    }
}

/// How a run that counted inputs ends.
pub struct End {
    /// When to write the summary.
    pub when: When,
    /// Whether lines were read from a file or standard input.
    pub streams: bool,
    /// What the inputs are called, one and many.
    pub noun: (&'static str, &'static str),
    /// Whether the summary counts warnings.
    pub warnings: bool,
    /// Whether a warning fails the run (`--deny-warnings`).
    pub deny_warnings: bool,
}

impl End {
    /// How a run of a command that writes a record per input ends, its
    /// inputs read from `sources`: no warnings.
    pub fn inputs(records: &crate::RecordArgs, sources: &[crate::inputs::Source<'_>]) -> End {
        End {
            when: When {
                asked: records.stats,
                quiet: records.quiet,
            },
            streams: crate::inputs::any_stream(sources),
            noun: ("input", "inputs"),
            warnings: false,
            deny_warnings: false,
        }
    }

    /// The exit status of a run that wrote its records (or why it stopped)
    /// and read all of its sources whole or not (`reading`), having
    /// counted `tally`: the summary written, when it is asked for, first,
    /// after SIGINT too (it counts what was read, and says so). 130 after
    /// SIGINT; 2 when writing failed, a source was not read whole, a line
    /// was too long or the summary could not be written; 1 when an input
    /// failed; else 0.
    pub fn status(&self, reading: Reading, out: &mut Output, tally: &Tally) -> ExitCode {
        let stopped = match reading.stopped {
            // What was written before the stop goes out all the same.
            Err(Stop::Interrupted) => match out.flush() {
                Err(Stop::Failed(error)) => Err(Stop::Failed(error)),
                _ => Err(Stop::Interrupted),
            },
            stopped => stopped.and_then(|()| out.flush()),
        };
        let cut = match stopped {
            Ok(()) => None,
            // Standard output closed: the status is that of what was read,
            // a source that could not be read included.
            Err(Stop::Closed) => Some(CLOSED),
            Err(Stop::Interrupted) => Some(INTERRUPTED),
            Err(Stop::Failed(error)) => {
                output::unwritable(error);
                return ExitCode::from(2);
            }
        };
        let whole = reading.whole;
        // The summary goes to standard error, which may still be open; it
        // counts what was read before the run was cut short, and says so.
        let summarized =
            !self.when.now(self.streams) || write(tally, self.noun, self.warnings, cut);
        if cut == Some(INTERRUPTED) {
            ExitCode::from(crate::interrupt::STATUS)
        } else if !whole || tally.too_long > 0 || !summarized {
            ExitCode::from(2)
        } else if tally.invalid > 0 || (self.deny_warnings && tally.warnings > 0) {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }
}

/// What the summary of a run that standard output's closing cut short
/// ends with.
pub const CLOSED: &str = "stopped when standard output closed";

/// What the summary of a run that SIGINT cut short ends with.
pub const INTERRUPTED: &str = "interrupted (SIGINT)";

/// `3 inputs` or `1 input`, the count written plain; [`counted`] groups
/// it.
pub fn plural(count: u64, one: &str, many: &str) -> String {
    format!("{count} {}", noun(count, one, many))
}

/// `one` for a count of 1, else `many`.
pub fn noun<'a>(count: u64, one: &'a str, many: &'a str) -> &'a str {
    if count == 1 { one } else { many }
}

/// `count` with its thousands grouped, as a person reads the counts of a
/// run (the summary of `--stats`, `check --summary` and its page, the
/// first lines of `coverage`'s report): `1,020,000`. JSON writes them as
/// plain numbers.
pub fn grouped(count: u64) -> String {
    let digits = count.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// `1 input`, `1,200 inputs`: a count of a run, [`grouped`].
pub fn counted(count: u64, one: &str, many: &str) -> String {
    format!("{} {}", grouped(count), noun(count, one, many))
}

/// Writes the summary of `tally` ([`line`]) on standard error; says
/// whether it could.
pub fn write(tally: &Tally, noun: (&str, &str), warnings: bool, cut: Option<&str>) -> bool {
    output::message(line(tally, noun, warnings, cut))
}

/// The summary of `tally`, its counts [`grouped`] (`3 inputs: 2 valid, 1
/// invalid, 0 warnings`, `1,600,000 inputs: ...`; `noun` names the inputs,
/// `inputs` or `hits`; warnings only when `warnings`; `; CUT` when `cut`
/// says what cut the run short).
fn line(tally: &Tally, noun: (&str, &str), warnings: bool, cut: Option<&str>) -> String {
    let too_long = if tally.too_long > 0 {
        format!(
            ", {} too long (--max-line-bytes)",
            counted(tally.too_long, "line", "lines")
        )
    } else {
        String::new()
    };
    let warnings = if warnings {
        format!(", {}", counted(tally.warnings, "warning", "warnings"))
    } else {
        String::new()
    };
    let cut = cut.map(|cut| format!("; {cut}")).unwrap_or_default();
    format!(
        "{}: {} valid, {} invalid{too_long}{warnings}{cut}",
        counted(tally.inputs(), noun.0, noun.1),
        grouped(tally.valid),
        grouped(tally.invalid),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_grouped_in_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(1_020_000), "1,020,000");
        assert_eq!(grouped(u64::MAX), "18,446,744,073,709,551,615");
        assert_eq!(counted(1, "input", "inputs"), "1 input");
        assert_eq!(counted(1200, "input", "inputs"), "1,200 inputs");
    }

    /// The line of `--stats` writes every count as `check --summary` does,
    /// grouped: `1,600,000`, not `1600000`.
    #[test]
    fn the_summary_line_groups_its_counts() {
        let tally = Tally {
            valid: 1_599_000,
            invalid: 1_000,
            too_long: 2_500,
            warnings: 12_345,
        };
        assert_eq!(
            line(&tally, ("input", "inputs"), true, Some(INTERRUPTED)),
            "1,602,500 inputs: 1,599,000 valid, 1,000 invalid, 2,500 lines too long \
             (--max-line-bytes), 12,345 warnings; interrupted (SIGINT)"
        );
        let small = Tally {
            valid: 2,
            invalid: 1,
            ..Tally::default()
        };
        assert_eq!(
            line(&small, ("hit", "hits"), false, None),
            "3 hits: 2 valid, 1 invalid"
        );
    }
}
