//! One rule for what an input is, in every command: how a line of standard
//! input or of a file ends (a carriage return only before a line feed), and
//! what an argument is (its bytes exactly, UTF-8 or not).

mod common;

use std::process::{Command, Output};

use serde_json::Value;

use common::rfc1738 as run;

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("output is UTF-8")
}

/// The help of `command`, its words joined by single spaces: it is wrapped
/// to the terminal's width.
fn help(command: &str) -> String {
    let help = stdout(&run(&[command, "--help"], b""));
    help.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The `valid` member of each JSON record.
fn verdicts(output: &Output) -> Vec<bool> {
    stdout(output)
        .lines()
        .map(|line| {
            let record: Value = serde_json::from_str(line).expect("a JSON record");
            record["valid"].as_bool().expect("a verdict")
        })
        .collect()
}

/// The accepted and rejected counts of a coverage report.
fn coverage_counts(output: &Output) -> (u64, u64) {
    let report = stdout(output);
    let first = report.lines().next().expect("a report");
    let number = |word: &str| -> u64 {
        let before = &first[..first.find(word).expect(word)];
        let digits = before.trim_end().rsplit(' ').next().expect("a count");
        digits.parse().expect("a number")
    };
    (number(" accepted"), number(" rejected"))
}

/// Every way each command reads lines: standard input and a file.
fn verdicts_everywhere(input: &[u8], name: &str) -> Vec<(String, Vec<bool>)> {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, input).expect("a temporary file");
    let path = path.to_str().expect("a UTF-8 path");
    let mut seen = Vec::new();
    for args in [
        &["check", "--format", "json"][..],
        &["check", "--format", "json", "--file", path],
        &["check", "--format", "json", "-"],
        &["parse", "--format", "json"],
        &["parse", "--format", "json", "-f", path],
        &["explain", "--format", "json"],
        &["explain", "--format", "json", "--file", path],
    ] {
        seen.push((args.join(" "), verdicts(&run(args, input))));
    }
    for args in [&["coverage"][..], &["coverage", "-f", path]] {
        let (accepted, rejected) = coverage_counts(&run(args, input));
        // Coverage counts; as verdicts, the accepted lines come first.
        let mut verdicts = vec![true; accepted as usize];
        verdicts.extend(std::iter::repeat_n(false, rejected as usize));
        seen.push((args.join(" "), verdicts));
    }
    seen
}

#[test]
fn a_carriage_return_ends_a_line_only_before_a_line_feed_in_every_command() {
    for (input, expected) in [
        // CR LF: the CR is part of the line ending.
        (&b"http://h/\r\n"[..], vec![true]),
        // A CR that ends the input is the input's: the issue's case, which
        // `check` accepted and `coverage` rejected.
        (b"http://h/\r", vec![false]),
        // One CR belongs to the line ending, the one before it to the line.
        (b"http://h/\r\r\n", vec![false]),
        // A CR inside a line is part of it.
        (b"http://h/\rx\n", vec![false]),
    ] {
        for (command, verdicts) in verdicts_everywhere(input, "cr.txt") {
            assert_eq!(verdicts, expected, "{command} on {input:?}");
        }
    }
    // The CR that is kept is named where it is.
    let output = run(&["check", "--format", "json"], b"http://h/\r");
    let record: Value = serde_json::from_str(stdout(&output).trim_end()).unwrap();
    assert_eq!(record["input"], "http://h/\r");
    assert_eq!(record["error"]["offset"], 9);
    assert_eq!(record["error"]["found"], "\r");
}

#[test]
fn the_line_rule_is_in_the_help_of_every_command_that_reads_lines() {
    for command in ["check", "parse", "explain", "coverage"] {
        let help = help(command);
        assert!(
            help.contains(
                "Lines: a line ends at a line feed (LF) or at the end of the input. A \
                 carriage return (CR) right before an LF is part of the line ending (CR LF \
                 files); any other CR is part of the input, one that ends the input included."
            ),
            "{command}: {help}"
        );
    }
}

/// The exit status of `command` on `argument`, and the error offset of its
/// JSON record (`None` for a valid input).
fn argument_verdict(command: &str, argument: &[u8]) -> (Option<i32>, Option<u64>) {
    use std::os::unix::ffi::OsStrExt;
    let output = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args([command, "--format", "json", "--"])
        .arg(std::ffi::OsStr::from_bytes(argument))
        .output()
        .expect("the binary runs");
    let record: Option<Value> = serde_json::from_str(stdout(&output).trim_end()).ok();
    let offset = record.and_then(|record| record["error"]["offset"].as_u64());
    (output.status.code(), offset)
}

#[test]
fn an_argument_is_one_input_byte_for_byte_in_every_command() {
    for (argument, expected) in [
        (&b"http://h/"[..], (Some(0), None)),
        // Bytes that are not UTF-8: `explain` refused them as a usage error
        // where `check` and `parse` reported them at the first.
        (b"http://h/\xff", (Some(1), Some(9))),
        (b"http://h/a\xc3", (Some(1), Some(10))),
        // A CR or LF in an argument is the argument's: no line is cut.
        (b"http://h/\r", (Some(1), Some(9))),
        (b"http://h/\nx", (Some(1), Some(9))),
    ] {
        for command in ["check", "parse", "explain"] {
            assert_eq!(
                argument_verdict(command, argument),
                expected,
                "{command} {argument:?}"
            );
        }
    }
    // The human forms say the same: the diagnostic names the byte.
    use std::os::unix::ffi::OsStrExt;
    for command in ["check", "parse", "explain"] {
        let output = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
            .arg(command)
            .arg(std::ffi::OsStr::from_bytes(b"http://h/\xff"))
            .env("NO_COLOR", "1")
            .output()
            .expect("the binary runs");
        assert_eq!(output.status.code(), Some(1), "{command}");
        let text = stdout(&output);
        assert!(text.contains("found byte 0xFF"), "{command}: {text}");
    }
}

#[test]
fn the_argument_rule_is_in_the_help_of_every_command_that_takes_urls() {
    for command in ["check", "parse", "explain"] {
        let help = help(command);
        assert!(
            help.contains(
                "byte for byte: a CR or LF in it is part of it, and bytes that are not UTF-8 \
                 fail it, reported at the first."
            ),
            "{command}: {help}"
        );
    }
}

#[test]
fn standard_input_given_twice_is_an_error_in_every_command() {
    // `check --stats - -` read standard input once and said "1 input": the
    // second `-` read nothing, and nothing said so.
    let line = b"http://h/ x\n";
    for command in ["check", "parse", "explain", "extract", "coverage"] {
        for args in [
            &["-", "-"][..],
            &["-f", "-", "-"],
            &["-f", "-", "-f", "-"],
            &["-f", "/dev/stdin", "-"],
            &["http://h/", "-f", "-", "-f", "/dev/fd/0"],
        ] {
            let mut all = vec![command];
            all.extend(args);
            let output = run(&all, line);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{all:?}: {stderr}");
            assert!(
                stderr.contains("given twice") && stderr.contains("standard input"),
                "{all:?}: {stderr}"
            );
            assert!(output.stdout.is_empty(), "{all:?}: nothing was read");
        }
    }
    // A file is read as often as it is named, as `cat f f` reads it.
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("twice.txt");
    std::fs::write(&path, line).expect("written");
    let file = path.to_str().expect("UTF-8");
    let output = run(&["check", "--stats", "-f", file, "-f", file], b"");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("2 inputs: 0 valid, 2 invalid"),
        "{output:?}"
    );
}
