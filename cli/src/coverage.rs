//! `rfc1738 coverage`: which alternatives of the grammar a file of inputs
//! exercises.

use std::fs::File;
use std::io::{self, Read};
use std::process::ExitCode;

use rfc1738::bnf::Grammar;
use rfc1738::coverage::Coverage;
use rfc1738::visible::Visible;
use rfc1738::{Rule, check, parse_rule};

use crate::CoverageArgs;
use crate::batch::{Block, Blocks, Item, Line, ReadAhead, lines};
use crate::interrupt::Interrupted;
use crate::output::{self, Output, Stop};

/// What was measured: the coverage, how many accepted inputs were too long
/// for a derivation tree, and the lines longer than `--max-line-bytes`.
struct Measured {
    coverage: Coverage,
    no_tree: u64,
    too_long: Vec<u64>,
    max_line: usize,
}

/// Runs the command: 0 once the report is written, whatever it says; 2 when
/// the input cannot be read or has a line too long to read.
pub fn run(args: &CoverageArgs) -> ExitCode {
    let max_line = args.lines.max_line();
    let result = match &args.file {
        Some(path) => {
            // Named in an error only, as it may be shown.
            let name = Visible::new(&path.display().to_string()).to_string();
            File::open(path)
                .map_err(|error| unreadable(&name, &error))
                .and_then(|file| measure(file, args.rule, max_line, &name))
        }
        None => measure(io::stdin(), args.rule, max_line, "standard input"),
    };
    let measured = match result {
        Ok(measured) => measured,
        // Why reading stopped: an error, named, or SIGINT.
        Err(stop) => return output::failed(Err(stop)).unwrap_or(ExitCode::from(2)),
    };
    let mut out = Output::new();
    let written = out.line(&report(&measured)).and_then(|()| out.flush());
    output::failed(written).unwrap_or(if measured.too_long.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    })
}

/// Checks each line and counts the alternatives of the accepted ones. Lines
/// are cut as `check` and `parse` cut them ([`lines`]), and bounded alike.
fn measure(
    reader: impl Read + Send + 'static,
    rule: Option<Rule>,
    max_line: usize,
    name: &str,
) -> Result<Measured, Stop> {
    let mut measured = Measured {
        coverage: Coverage::new(),
        no_tree: 0,
        too_long: Vec::new(),
        max_line,
    };
    let mut blocks = Blocks::new(ReadAhead::spawn(reader), max_line);
    let mut number = 0;
    while let Some(block) = blocks
        .next_block()
        .map_err(|error| unreadable(name, &error))?
    {
        let block = match block {
            Block::Lines(block) => block,
            Block::TooLong => {
                number += 1;
                measured.too_long.push(number);
                continue;
            }
        };
        for input in lines(block) {
            number += 1;
            let input = match Item::of(Line::new(input), max_line) {
                Item::TooLong => {
                    measured.too_long.push(number);
                    continue;
                }
                // A line that is not UTF-8 is no URL: it exercises nothing.
                Item::Line(Line::Bytes(_)) => {
                    measured.coverage.add_rejected();
                    continue;
                }
                Item::Line(Line::Text(input)) => input,
            };
            let matched = match rule {
                Some(rule) => parse_rule(rule, input),
                None => check(input),
            };
            match matched {
                // A derivation tree has a node per character: longer inputs
                // are counted apart, and said so in the report.
                Ok(_) if input.len() > crate::MAX_TREE_INPUT => measured.no_tree += 1,
                Ok(matched) => measured.coverage.add_match(&matched),
                Err(_) => measured.coverage.add_rejected(),
            }
        }
    }
    Ok(measured)
}

/// Why reading `name` stopped: SIGINT, or its error, named.
fn unreadable(name: &str, error: &io::Error) -> Stop {
    if Interrupted::caused(error) {
        Stop::Interrupted
    } else {
        Stop::Failed(io::Error::new(error.kind(), format!("{name}: {error}")))
    }
}

/// The report: a line per production with how many inputs used it and each
/// alternative's count, then every alternative never exercised.
fn report(measured: &Measured) -> String {
    let Measured {
        coverage,
        no_tree,
        too_long,
        max_line,
    } = measured;
    let grammar = Grammar::rfc1738();
    let skipped = if too_long.is_empty() {
        String::new()
    } else {
        format!(", {} too long", too_long.len())
    };
    let mut lines = vec![format!(
        "{} inputs: {} accepted, {} rejected{skipped} (rejected inputs exercise nothing)",
        coverage.inputs() as u64 + coverage.rejected() as u64 + no_tree + too_long.len() as u64,
        coverage.inputs() as u64 + no_tree,
        coverage.rejected()
    )];
    if *no_tree > 0 {
        lines.push(format!(
            "{no_tree} accepted inputs longer than {} bytes are not counted: their \
             derivation trees are not built",
            crate::MAX_TREE_INPUT
        ));
    }
    if !too_long.is_empty() {
        // A number per line of more than `max_line` bytes: the list is
        // shorter than what it stands for.
        let numbers: Vec<String> = too_long.iter().map(u64::to_string).collect();
        let (count, which) = match too_long.len() {
            1 => ("1 line".to_owned(), "line"),
            count => (format!("{count} lines"), "lines"),
        };
        lines.push(format!(
            "{count} longer than {max_line} bytes (--max-line-bytes) skipped, not counted: \
             {which} {}",
            numbers.join(", ")
        ));
    }
    lines.push(String::new());
    lines.push(format!(
        "{:<16} {:>8}  alternatives (#: inputs)",
        "production", "inputs"
    ));
    for rule in Rule::ALL {
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
    let missing: Vec<(Rule, usize)> = coverage.unexercised().collect();
    lines.push(String::new());
    if missing.is_empty() {
        lines.push("every alternative of every production was exercised".to_owned());
    } else {
        lines.push(format!("never exercised ({}):", missing.len()));
        for (rule, alternative) in missing {
            let text = grammar
                .get(rule.name())
                .and_then(|production| production.alternatives().get(alternative))
                .map(ToString::to_string)
                .unwrap_or_default();
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
