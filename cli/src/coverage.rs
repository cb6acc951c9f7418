//! `rfc1738 coverage`: which alternatives of the grammar a file of inputs
//! exercises.

use std::fs::File;
use std::io::{self, Read};
use std::process::ExitCode;

use rfc1738::bnf::Grammar;
use rfc1738::coverage::Coverage;
use rfc1738::{Rule, check, parse_rule};

use crate::CoverageArgs;
use crate::batch::{Blocks, ReadAhead, lines};
use crate::output::{self, Output};

/// Runs the command: 0 once the report is written, whatever it says; 2 when
/// the input cannot be read.
pub fn run(args: &CoverageArgs) -> ExitCode {
    let result = match &args.file {
        Some(path) => {
            let name = path.display().to_string();
            File::open(path)
                .map_err(|error| format!("{name}: {error}"))
                .and_then(|file| measure(file, args.rule, &name))
        }
        None => measure(io::stdin(), args.rule, "standard input"),
    };
    let (coverage, too_long) = match result {
        Ok(measured) => measured,
        Err(message) => {
            output::message(message);
            return ExitCode::from(2);
        }
    };
    let mut out = Output::new();
    let written = out
        .line(&report(&coverage, too_long))
        .and_then(|()| out.flush());
    output::failed(written).unwrap_or(ExitCode::SUCCESS)
}

/// Checks each line and counts the alternatives of the accepted ones. Lines
/// are cut as `check` and `parse` cut them ([`lines`]).
fn measure(
    reader: impl Read + Send + 'static,
    rule: Option<Rule>,
    name: &str,
) -> Result<(Coverage, u64), String> {
    let mut coverage = Coverage::new();
    let mut too_long = 0;
    let mut blocks = Blocks::new(ReadAhead::spawn(reader));
    while let Some(block) = blocks
        .next_block()
        .map_err(|error| format!("{name}: {error}"))?
    {
        for input in lines(block) {
            // A line that is not UTF-8 is no URL: it exercises nothing.
            let Ok(input) = std::str::from_utf8(input) else {
                coverage.add_rejected();
                continue;
            };
            let matched = match rule {
                Some(rule) => parse_rule(rule, input),
                None => check(input),
            };
            match matched {
                // A derivation tree has a node per character: longer inputs
                // are counted apart, and said so in the report.
                Ok(_) if input.len() > crate::MAX_TREE_INPUT => too_long += 1,
                Ok(matched) => coverage.add(&matched.tree()),
                Err(_) => coverage.add_rejected(),
            }
        }
    }
    Ok((coverage, too_long))
}

/// The report: a line per production with how many inputs used it and each
/// alternative's count, then every alternative never exercised.
fn report(coverage: &Coverage, too_long: u64) -> String {
    let grammar = Grammar::rfc1738();
    let mut lines = vec![format!(
        "{} inputs: {} accepted, {} rejected (rejected inputs exercise nothing)",
        coverage.inputs() as u64 + coverage.rejected() as u64 + too_long,
        coverage.inputs() as u64 + too_long,
        coverage.rejected()
    )];
    if too_long > 0 {
        lines.push(format!(
            "{too_long} accepted inputs longer than {} bytes are not counted: their \
             derivation trees are not built",
            crate::MAX_TREE_INPUT
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
