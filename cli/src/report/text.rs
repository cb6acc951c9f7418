//! The summary on a terminal (`check --summary`): the counts, the schemes,
//! the causes with an example each, the warnings by code.

use std::fmt::Write as _;

use rfc1738::visible::Visible;

use super::{Document, Example, Incomplete};
use crate::summary::{counted, grouped};

/// `part` as a share of `whole`, in percent with one decimal: `12.5%`
/// (`0.0%` of nothing). A share that rounds to `0.0%` or `100.0%` without
/// being it is `<0.1%` or `>99.9%`: one valid input among two thousand is
/// not none, and one invalid is not all.
pub fn share(part: u64, whole: u64) -> String {
    if whole == 0 {
        return "0.0%".to_owned();
    }
    // In tenths of a percent, rounded: exact for any count below 2^53.
    let tenths = (part as f64 * 1000.0 / whole as f64).round();
    if part > 0 && tenths < 1.0 {
        "<0.1%".to_owned()
    } else if part < whole && tenths >= 1000.0 {
        ">99.9%".to_owned()
    } else {
        format!("{:.1}%", tenths / 10.0)
    }
}

/// What was expected, as a diagnostic lists it: the first six and how many
/// more.
pub fn expected_list(expected: &[String]) -> String {
    const SHOWN: usize = 6;
    match expected {
        [] => "nothing more".to_owned(),
        [only] => only.clone(),
        _ if expected.len() > SHOWN => format!(
            "{}, or {} more",
            expected[..SHOWN].join(", "),
            expected.len() - SHOWN
        ),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// Where an example is: `FILE:LINE`, or `argument`.
pub fn place(example: &Example) -> String {
    match (&example.file, example.line) {
        (Some(file), Some(line)) => format!("{}:{line}", Visible::new(file)),
        _ => "argument".to_owned(),
    }
}

/// The summary as text for a terminal, every character from the input
/// shown as [`rfc1738::visible`] says.
pub fn text(document: &Document) -> String {
    let mut out = String::new();
    // Writing to a String does not fail.
    let _ = totals(&mut out, document);
    let _ = schemes(&mut out, document);
    let _ = causes(&mut out, document);
    let _ = warnings(&mut out, document);
    out
}

fn totals(out: &mut String, document: &Document) -> std::fmt::Result {
    let too_long = if document.too_long > 0 {
        format!(", {} too long", grouped(document.too_long))
    } else {
        String::new()
    };
    writeln!(
        out,
        "{}: {} valid, {} invalid{too_long}; {} in {}",
        counted(document.inputs, "input", "inputs"),
        grouped(document.valid),
        grouped(document.invalid),
        counted(document.warnings, "warning", "warnings"),
        counted(document.warned, "input", "inputs"),
    )?;
    if let Some(rule) = document.rule {
        writeln!(
            out,
            "each input checked against {rule} (--rule), which gives no warnings"
        )?;
    }
    if document.passwords_shown {
        // As the page's banner and the JSON summary's `passwords_shown`:
        // a summary kept or passed on shows them.
        writeln!(
            out,
            "passwords shown as they were written (--show-passwords)"
        )?;
    }
    if !document.incomplete.is_empty() {
        // A run whose standard output closed or failed writes no summary
        // there: an interrupt, a source not read whole, or both.
        writeln!(
            out,
            "incomplete: {}; the counts are those of the inputs read",
            reasons(&document.incomplete)
        )?;
    }
    Ok(())
}

/// Why the summary is incomplete, each reason said, as the terminal and
/// the page say it: `interrupted (SIGINT), and a source could not be read
/// to its end`.
pub fn reasons(incomplete: &[Incomplete]) -> String {
    let said: Vec<&str> = incomplete.iter().map(|r| r.said()).collect();
    said.join(", and ")
}

fn schemes(out: &mut String, document: &Document) -> std::fmt::Result {
    let checked = document.valid + document.invalid;
    let names = document.scheme_rows();
    if names.is_empty() {
        // No input checked: no table of nothing.
        return Ok(());
    }
    // The names' column is as wide as the longest: a scheme name may be
    // longer than most (32 characters are kept), and the counts stay in
    // their columns.
    let width = names
        .iter()
        .map(|(name, _)| name.chars().count())
        .fold(16, usize::max);
    writeln!(out, "\nschemes")?;
    writeln!(
        out,
        "  {:<width$} {:>12} {:>7} {:>12} {:>9} {:>12}",
        "scheme", "inputs", "share", "invalid", "invalid%", "warned"
    )?;
    for (name, counts) in names {
        writeln!(
            out,
            "  {:<width$} {:>12} {:>7} {:>12} {:>9} {:>12}",
            name,
            grouped(counts.inputs),
            share(counts.inputs, checked),
            grouped(counts.invalid),
            share(counts.invalid, counts.inputs),
            grouped(counts.warned),
        )?;
    }
    // The last row also counts the schemes met after those told apart, as
    // the row of other causes says of theirs.
    let others = &document.other_schemes;
    if others.untracked {
        writeln!(
            out,
            "  the last row counts {}schemes not told apart (past the first {})",
            match others.schemes {
                0 => String::new(),
                told => format!("{} and ", counted(told, "other scheme", "other schemes")),
            },
            document.limits.schemes_tracked
        )?;
    }
    Ok(())
}

fn causes(out: &mut String, document: &Document) -> std::fmt::Result {
    if document.invalid == 0 {
        return Ok(());
    }
    let told = document.causes.len() as u64 + document.other_causes.causes;
    writeln!(
        out,
        "\nwhy inputs are invalid: {}{}",
        counted(told, "cause", "causes"),
        if document.other_causes.causes > 0 {
            format!(", the {} with the most inputs", document.causes.len())
        } else {
            String::new()
        }
    )?;
    for cause in &document.causes {
        writeln!(
            out,
            "  {:>12} {:>7}  {}: expected {}",
            grouped(cause.count),
            share(cause.count, document.invalid),
            cause.heading(),
            expected_list(&cause.expected),
        )?;
        let indent = " ".repeat(24);
        if !cause.hints.is_empty() {
            writeln!(out, "{indent}hints: {}", cause.hints.join(", "))?;
        }
        if let Some(example) = cause.examples.first() {
            writeln!(out, "{indent}e.g. {}: {}", place(example), example.input)?;
        }
    }
    let others = &document.other_causes;
    if others.inputs > 0 {
        writeln!(
            out,
            "  {:>12} {:>7}  in {}{}",
            grouped(others.inputs),
            share(others.inputs, document.invalid),
            counted(others.causes, "other cause", "other causes"),
            if others.untracked_inputs > 0 {
                format!(
                    " and causes not told apart (past the first {})",
                    document.limits.causes_tracked
                )
            } else {
                String::new()
            }
        )?;
    }
    Ok(())
}

fn warnings(out: &mut String, document: &Document) -> std::fmt::Result {
    if document.warning_codes.is_empty() {
        return Ok(());
    }
    writeln!(out, "\nwarnings")?;
    writeln!(out, "  {:>12} {:>12}  code", "inputs", "occurrences")?;
    for warning in &document.warning_codes {
        writeln!(
            out,
            "  {:>12} {:>12}  {}",
            grouped(warning.inputs),
            grouped(warning.occurrences),
            warning.code
        )?;
        if let Some(example) = warning.examples.first() {
            writeln!(
                out,
                "{}e.g. {}: {}",
                " ".repeat(29),
                place(example),
                example.input
            )?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_read_as_people_write_them() {
        assert_eq!(share(1, 8), "12.5%");
        assert_eq!(share(1, 3), "33.3%");
        assert_eq!(share(0, 0), "0.0%");
        assert_eq!(share(5, 5), "100.0%");
        assert_eq!(share(0, 5), "0.0%");
    }

    #[test]
    fn a_share_that_is_neither_none_nor_all_is_never_said_to_be() {
        // 1 of 2,001 is below 0.05%; 1 of 2,000 is 0.05%, which rounds up to
        // 0.1%, as 1,999 of 2,000 rounds up to 100.0%.
        assert_eq!(share(1, 2001), "<0.1%");
        assert_eq!(share(1, 2000), "0.1%");
        assert_eq!(share(1, u64::MAX), "<0.1%");
        assert_eq!(share(2000, 2001), ">99.9%");
        assert_eq!(share(1999, 2000), ">99.9%");
        assert_eq!(share(1998, 2000), "99.9%");
        assert_eq!(share(u64::MAX - 1, u64::MAX), ">99.9%");
    }

    #[test]
    fn long_expected_lists_are_cut_as_diagnostics_cut_them() {
        let list = |n: usize| -> Vec<String> { (0..n).map(|i| i.to_string()).collect() };
        assert_eq!(expected_list(&list(0)), "nothing more");
        assert_eq!(expected_list(&list(1)), "0");
        assert_eq!(expected_list(&list(3)), "0, 1 or 2");
        assert_eq!(expected_list(&list(8)), "0, 1, 2, 3, 4, 5, or 2 more");
    }
}
