//! `rfc1738 coverage`: which alternatives of the grammar a file of inputs
//! exercises.

use std::io;
use std::process::ExitCode;

use rfc1738::bnf::Grammar;
use rfc1738::coverage::Coverage;
use rfc1738::{Rule, check, parse_rule};
use serde::Serialize;

use crate::batch::{Block, Blocks, Item, Line, ReadAhead, lines};
use crate::inputs;
use crate::interrupt::Interrupted;
use crate::output::{self, Output, Stop};
use crate::report::{self, Incomplete, completeness, reasons};
use crate::show;
use crate::summary::{counted, grouped};
use crate::{CoverageArgs, Format};

/// What was measured: the coverage, of which productions, how many
/// accepted inputs were too long for a derivation tree, and the lines
/// longer than `--max-line-bytes`.
struct Measured {
    coverage: Coverage,
    scope: Scope,
    no_tree: u64,
    /// The lines too long, by stream: a stream's name once, how many of
    /// its lines were too long, and the numbers of the first [`NUMBERED`]
    /// lines too long of all streams together, so that memory does not
    /// grow with their number (a number for each took 8 bytes a line, and
    /// their runs in the human report some 80 more).
    too_long: Vec<TooLong>,
    /// How many numbers `too_long` holds, in every stream.
    numbered: usize,
    max_line: usize,
}

/// How many lines too long, of every stream together, are named by their
/// numbers; the others are counted.
const NUMBERED: usize = 1000;

/// The lines of one stream longer than `--max-line-bytes`.
struct TooLong {
    /// The stream's name, and its bytes when they are not UTF-8.
    name: String,
    name_bytes: Option<Vec<u8>>,
    /// How many of its lines were too long.
    count: u64,
    /// The numbers of the first of them, in order, while fewer than
    /// [`NUMBERED`] were kept.
    lines: Vec<u64>,
}

/// The productions a report is about: those the inputs were matched
/// against, and every production they use, directly or through others.
/// The others no input can exercise (`url` when each input is matched
/// against the rule its scheme selects; `national` and `punctuation`,
/// which no production uses), and listing them as never exercised would
/// bury the alternatives a file of inputs could still exercise.
struct Scope {
    /// The productions matched against: `--rule`'s, or `url`'s
    /// alternatives, one chosen by each input's scheme.
    entries: Vec<&'static str>,
    /// Whether `entries` are `url`'s alternatives, chosen by scheme.
    by_scheme: bool,
    /// The productions they reach, in the grammar's order.
    reached: Vec<Rule>,
    /// The others, in the grammar's order.
    unreached: Vec<Rule>,
}

impl Scope {
    fn new(rule: Option<Rule>) -> Scope {
        let grammar = Grammar::rfc1738();
        let entries = match rule {
            Some(rule) => vec![rule.name()],
            None => grammar.uses(Rule::Url.name()),
        };
        let reached = grammar.reachable(&entries);
        let (reached, unreached) = Rule::ALL
            .into_iter()
            .partition(|rule| reached.contains(&rule.name()));
        Scope {
            entries,
            by_scheme: rule.is_none(),
            reached,
            unreached,
        }
    }

    fn reaches(&self, rule: Rule) -> bool {
        self.reached.contains(&rule)
    }

    /// The report's line on what the inputs were matched against, and
    /// which productions it leaves out.
    fn describe(&self) -> String {
        let matched = if self.by_scheme {
            format!(
                "matched against the rule each input's scheme selects, one of url's {} \
                 alternatives",
                self.entries.len()
            )
        } else {
            format!("matched against {}", self.entries.join(", "))
        };
        let left_out = match self.unreached.len() {
            0 => return matched,
            // Named while a reader can take the names in.
            1..=8 => {
                let names: Vec<&str> = self.unreached.iter().map(|rule| rule.name()).collect();
                names.join(", ")
            }
            count => format!("{count} productions"),
        };
        let from = if self.entries.len() == 1 {
            "it"
        } else {
            "them"
        };
        format!("{matched}; not reached from {from}, so not listed: {left_out}")
    }
}

impl Measured {
    /// How many lines were too long, in every stream.
    fn too_long_lines(&self) -> u64 {
        self.too_long.iter().map(|t| t.count).sum()
    }
}

/// Runs the command: 0 once the report is written, whatever it says; 2 when
/// an input cannot be read or has a line too long to read.
pub fn run(args: &CoverageArgs) -> ExitCode {
    let max_line = args.lines.max_line();
    let mut measured = Measured {
        coverage: Coverage::new(),
        scope: Scope::new(args.rule),
        no_tree: 0,
        too_long: Vec::new(),
        numbered: 0,
        max_line,
    };
    let sources = inputs::sources(&args.urls, &args.files.files);
    let read = inputs::read_each(
        &sources,
        &mut measured,
        |url, _, _, measured| {
            add(measured, args.rule, Line::new(url.as_encoded_bytes()));
            Ok(())
        },
        |stream, measured| match measure(stream, args.rule, measured) {
            Ok(()) => Ok(Ok(())),
            // Why reading stopped, named.
            Err(Stop::Failed(error)) => Ok(Err(error.to_string())),
            Err(stop) => Err(stop),
        },
    );
    // SIGINT: the report of what was read, which says so; exit status 130.
    let interrupted = match read.stopped {
        Ok(()) => false,
        Err(Stop::Interrupted) => true,
        Err(stop) => return output::failed(Err(stop)).unwrap_or(ExitCode::from(2)),
    };
    // Each reason that holds, the interrupt first, as `check --summary`
    // says them (a closed or failed standard output returned above).
    let incomplete = report::incomplete(&read);
    let mut out = Output::new();
    let text = match args.format {
        Format::Human => {
            let mut text = report(&measured);
            // Under the line of counts.
            if !incomplete.is_empty() {
                let at = text.find('\n').unwrap_or(text.len());
                let note = format!(
                    "\nincomplete: {}; the counts are those of the inputs read",
                    reasons(&incomplete)
                );
                text.insert_str(at, &note);
            }
            text.push('\n');
            text.into_bytes()
        }
        Format::Json => {
            let mut buffer = Vec::new();
            show::json_line(&mut buffer, &Report::new(&measured, &incomplete));
            buffer
        }
    };
    // After SIGINT, the report is the run's one record, written whole.
    let written = match interrupted {
        true => out.write_rest(&text).and(Err(Stop::Interrupted)),
        false => out.write(&text),
    };
    let flushed = match written {
        Err(Stop::Interrupted) => out.flush().and(Err(Stop::Interrupted)),
        written => written.and_then(|()| out.flush()),
    };
    output::failed(flushed).unwrap_or(if measured.too_long.is_empty() && read.whole {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    })
}

/// Counts one input: its alternatives when it matches.
fn add(measured: &mut Measured, rule: Option<Rule>, input: Line<'_>) {
    // A line that is not UTF-8 is no URL: it exercises nothing.
    let Line::Text(input) = input else {
        measured.coverage.add_rejected();
        return;
    };
    let matched = match rule {
        Some(rule) => parse_rule(rule, input),
        None => check(input),
    };
    match matched {
        // A derivation tree has a node per character: longer inputs are
        // counted apart, and said so in the report.
        Ok(_) if input.len() > crate::MAX_TREE_INPUT => measured.no_tree += 1,
        Ok(matched) => measured.coverage.add_match(&matched),
        Err(_) => measured.coverage.add_rejected(),
    }
}

/// Checks each line of `stream` and counts the alternatives of the
/// accepted ones. Lines are cut as `check` and `parse` cut them
/// ([`lines`]), and bounded alike.
fn measure(
    stream: inputs::Stream,
    rule: Option<Rule>,
    measured: &mut Measured,
) -> Result<(), Stop> {
    let (name, name_bytes, shown) = (stream.name, stream.name_bytes, stream.shown);
    let mut blocks = Blocks::new(ReadAhead::spawn(stream.reader), measured.max_line);
    // This stream's lines too long, once it has one.
    let first = measured.too_long.len();
    let too_long = |measured: &mut Measured, number| {
        if measured.too_long.len() == first {
            measured.too_long.push(TooLong {
                name: name.clone(),
                name_bytes: name_bytes.clone(),
                count: 0,
                lines: Vec::new(),
            });
        }
        let keep = measured.numbered < NUMBERED;
        if let Some(stream) = measured.too_long.last_mut() {
            stream.count += 1;
            if keep {
                stream.lines.push(number);
                measured.numbered += 1;
            }
        }
    };
    let mut number = 0;
    while let Some(block) = blocks
        .next_block()
        .map_err(|error| unreadable(&shown, &error))?
    {
        let block = match block {
            Block::Lines(block) => block,
            Block::TooLong => {
                number += 1;
                too_long(measured, number);
                continue;
            }
        };
        for input in lines(block) {
            number += 1;
            match Item::of(Line::new(input), measured.max_line) {
                Item::TooLong => too_long(measured, number),
                Item::Line(line) => add(measured, rule, line),
            }
        }
    }
    Ok(())
}

/// Why reading `name` stopped: SIGINT, or its error, named.
fn unreadable(name: &str, error: &io::Error) -> Stop {
    if Interrupted::caused(error) {
        Stop::Interrupted
    } else {
        Stop::Failed(io::Error::new(error.kind(), format!("{name}: {error}")))
    }
}

/// The report as one JSON object.
#[derive(Serialize)]
struct Report<'a> {
    /// Why not every input was read (SIGINT, a source that could not be
    /// read to its end): written as `complete`, whether there is no reason,
    /// and `incomplete`, the reasons' codes, as in `check`'s JSON summary.
    #[serde(flatten, serialize_with = "completeness")]
    incomplete: &'a [Incomplete],
    inputs: u64,
    accepted: u64,
    rejected: u64,
    /// Accepted inputs longer than [`crate::MAX_TREE_INPUT`]: not counted.
    no_tree: u64,
    too_long: Vec<TooLongLines<'a>>,
    max_line_bytes: usize,
    /// The productions matched against.
    matched_against: &'a [&'static str],
    /// The productions they do not reach: left out of the two lists below.
    unreached: Vec<&'static str>,
    productions: Vec<ProductionCount>,
    unexercised: Vec<Unexercised>,
}

/// The lines of one stream longer than `--max-line-bytes`, in the report:
/// how many, and the numbers of the first (of the first [`NUMBERED`] of
/// every stream).
#[derive(Serialize)]
struct TooLongLines<'a> {
    #[serde(flatten)]
    file: inputs::FileMembers<'a>,
    lines: &'a [u64],
    count: u64,
    /// Whether `lines` is shorter than `count`.
    lines_capped: bool,
}

/// A production's counts: how many inputs used it, and each of its
/// alternatives, in the BNF's order.
#[derive(Serialize)]
struct ProductionCount {
    rule: &'static str,
    inputs: usize,
    alternatives: Vec<usize>,
}

/// An alternative no input exercised: its production, its 1-based number
/// and its text in the BNF.
#[derive(Serialize)]
struct Unexercised {
    rule: &'static str,
    alternative: usize,
    text: String,
}

impl<'a> Report<'a> {
    fn new(measured: &'a Measured, incomplete: &'a [Incomplete]) -> Self {
        let Measured {
            coverage,
            scope,
            no_tree,
            too_long,
            max_line,
            ..
        } = measured;
        let accepted = coverage.inputs() as u64 + no_tree;
        let rejected = coverage.rejected() as u64;
        Report {
            incomplete,
            inputs: accepted + rejected + measured.too_long_lines(),
            accepted,
            rejected,
            no_tree: *no_tree,
            too_long: too_long
                .iter()
                .map(|stream| TooLongLines {
                    file: inputs::FileMembers::new(&stream.name, stream.name_bytes.as_deref()),
                    lines: &stream.lines,
                    count: stream.count,
                    lines_capped: (stream.lines.len() as u64) < stream.count,
                })
                .collect(),
            max_line_bytes: *max_line,
            matched_against: &scope.entries,
            unreached: scope.unreached.iter().map(|rule| rule.name()).collect(),
            productions: scope
                .reached
                .iter()
                .map(|&rule| ProductionCount {
                    rule: rule.name(),
                    inputs: coverage.uses(rule),
                    alternatives: (0..coverage.alternatives(rule))
                        .map(|alternative| coverage.count(rule, alternative))
                        .collect(),
                })
                .collect(),
            unexercised: coverage
                .unexercised()
                .filter(|(rule, _)| scope.reaches(*rule))
                .map(|(rule, alternative)| Unexercised {
                    rule: rule.name(),
                    alternative: alternative + 1,
                    text: alternative_text(rule, alternative),
                })
                .collect(),
        }
    }
}

/// The text of alternative `alternative` (0-based) of `rule` in the BNF.
fn alternative_text(rule: Rule, alternative: usize) -> String {
    Grammar::rfc1738()
        .get(rule.name())
        .and_then(|production| production.alternatives().get(alternative))
        .map(ToString::to_string)
        .unwrap_or_default()
}

/// A stream's lines too long as the report names them: `lines 1-3, 7`,
/// after the file's name for a file (`urls.txt lines 2, 9`) and after
/// `<stdin>` for standard input among other streams (`alone`: the only
/// one), and `and 12 more` after those numbered (`urls.txt 12 lines` when
/// none is).
fn stream_lines(stream: &TooLong, alone: bool) -> String {
    let name = rfc1738::visible::Visible::new(&stream.name);
    let which = crate::summary::noun(stream.count, "line", "lines");
    if stream.lines.is_empty() {
        return format!("{name} {} {which}", grouped(stream.count));
    }
    let mut runs: Vec<String> = Vec::new();
    let mut numbers = stream.lines.iter().copied().peekable();
    while let Some(start) = numbers.next() {
        let mut end = start;
        while let Some(next) = numbers.next_if(|&next| next == end + 1) {
            end = next;
        }
        runs.push(if end == start {
            start.to_string()
        } else {
            format!("{start}-{end}")
        });
    }
    let more = match stream.count.saturating_sub(stream.lines.len() as u64) {
        0 => String::new(),
        more => format!(" and {} more", grouped(more)),
    };
    let runs = runs.join(", ");
    match stream.name.as_str() {
        inputs::STDIN if alone => format!("{which} {runs}{more}"),
        _ => format!("{name} {which} {runs}{more}"),
    }
}

/// The report: a line per production with how many inputs used it and each
/// alternative's count, then every alternative never exercised.
fn report(measured: &Measured) -> String {
    let Measured {
        coverage,
        scope,
        no_tree,
        too_long,
        max_line,
        ..
    } = measured;
    let too_long_lines = measured.too_long_lines();
    let skipped = if too_long.is_empty() {
        String::new()
    } else {
        format!(", {} too long", grouped(too_long_lines))
    };
    let inputs = coverage.inputs() as u64 + coverage.rejected() as u64 + no_tree + too_long_lines;
    // Which inputs were rejected is `check`'s to say, in full, against the
    // same rule.
    let which = match (coverage.rejected(), scope.by_scheme) {
        (0, _) => String::new(),
        (_, true) => "; `rfc1738 check -q` on the same inputs lists them".to_owned(),
        (_, false) => format!(
            "; `rfc1738 check -q -r {}` on the same inputs lists them",
            scope.entries.join(" ")
        ),
    };
    let mut lines = vec![format!(
        "{}: {} accepted, {} rejected{skipped} (rejected inputs exercise nothing{which})",
        counted(inputs, "input", "inputs"),
        grouped(coverage.inputs() as u64 + no_tree),
        grouped(coverage.rejected() as u64)
    )];
    if *no_tree > 0 {
        let (inputs, are, trees) = match no_tree {
            1 => (
                "1 accepted input".to_owned(),
                "is",
                "its derivation tree is",
            ),
            n => (
                format!("{} accepted inputs", grouped(*n)),
                "are",
                "their derivation trees are",
            ),
        };
        lines.push(format!(
            "{inputs} longer than {} bytes {are} not counted: {trees} not built",
            crate::MAX_TREE_INPUT
        ));
    }
    if !too_long.is_empty() {
        // Each stream's lines of more than `max_line` bytes, named once,
        // their numbers in runs: the list is shorter than what it stands
        // for.
        let alone = too_long.len() == 1;
        let streams: Vec<String> = too_long
            .iter()
            .map(|stream| stream_lines(stream, alone))
            .collect();
        let count = counted(too_long_lines, "line", "lines");
        lines.push(format!(
            "{count} longer than {} (--max-line-bytes) skipped, not counted: {}",
            crate::summary::plural(*max_line as u64, "byte", "bytes"),
            streams.join("; ")
        ));
    }
    lines.push(scope.describe());
    lines.push(String::new());
    lines.push(format!(
        "{:<16} {:>8}  alternatives (#: inputs)",
        "production", "inputs"
    ));
    for &rule in &scope.reached {
        let counts: Vec<String> = (0..coverage.alternatives(rule))
            .map(|alternative| {
                format!("{}: {}", alternative + 1, coverage.count(rule, alternative))
            })
            .collect();
        lines.push(format!(
            "{:<16} {:>8}  {}",
            rule.name(),
            coverage.uses(rule),
            counts.join(", ")
        ));
    }
    let missing: Vec<(Rule, usize)> = coverage
        .unexercised()
        .filter(|(rule, _)| scope.reaches(*rule))
        .collect();
    lines.push(String::new());
    if missing.is_empty() {
        lines.push("every alternative of every production was exercised".to_owned());
    } else {
        lines.push(format!("never exercised ({}):", missing.len()));
        for (rule, alternative) in missing {
            let text = alternative_text(rule, alternative);
            lines.push(format!(
                "  {} alternative {}: {}",
                rule.name(),
                alternative + 1,
                text
            ));
        }
    }
    lines.join("\n")
}
