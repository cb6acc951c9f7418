//! The conventions every command follows, as users of ripgrep and compilers
//! expect them: inputs read one way (arguments, `--file`, standard input,
//! `-`), one `--format` vocabulary, `--quiet` in every format, a summary
//! only when asked for, short flags, `--color` through NO_COLOR and
//! CLICOLOR_FORCE, help in one line per command, "did you mean", a
//! byte-order mark dropped, shell completions and a manual page.

mod common;

use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

use common::{records, rfc1738, rfc1738_env, stderr, stdout, words};

/// A file of `contents` in the tests' temporary directory.
fn file(name: &str, contents: &[u8]) -> String {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, contents).expect("a temporary file");
    path.to_str().expect("a UTF-8 path").to_owned()
}

/// The `input` of each JSON record, or its `url` for `extract`.
fn inputs(output: &std::process::Output) -> Vec<String> {
    records(output)
        .iter()
        .map(|record| {
            let input = record.get("input").or(record.get("url"));
            input.and_then(Value::as_str).unwrap_or("?").to_owned()
        })
        .collect()
}

#[test]
fn every_command_reads_arguments_files_and_standard_input_alike() {
    let a = file("conventions-a.txt", b"http://a/\nnews:b\n");
    let b = file("conventions-b.txt", b"ftp://c/\n");
    for command in ["check", "parse", "explain"] {
        let run = |args: &[&str], stdin: &[u8]| {
            let mut all = vec![command, "--format", "json"];
            all.extend(args);
            inputs(&rfc1738(&all, stdin))
        };
        // Arguments, then each file, in order; `-` is standard input, as an
        // argument or a file, and standard input is read without either.
        assert_eq!(
            run(&["http://x/", "-f", &a, "--file", &b], b"ignored\n"),
            ["http://x/", "http://a/", "news:b", "ftp://c/"],
            "{command}"
        );
        assert_eq!(
            run(&["http://x/", "-", "http://y/"], b"news:s\n"),
            ["http://x/", "news:s", "http://y/"],
            "{command}"
        );
        assert_eq!(run(&["-f", "-"], b"news:s\n"), ["news:s"], "{command}");
        assert_eq!(
            run(&[], b"news:s\nnews:t"),
            ["news:s", "news:t"],
            "{command}"
        );
    }
    // Coverage counts the same inputs.
    let counted = |args: &[&str], stdin: &[u8]| {
        let mut all = vec!["coverage", "--format", "json"];
        all.extend(args);
        records(&rfc1738(&all, stdin))[0]["inputs"].clone()
    };
    assert_eq!(counted(&["http://x/", "-f", &a, "-f", &b], b""), 4);
    assert_eq!(counted(&["http://x/", "-"], b"news:s\n"), 2);
    assert_eq!(counted(&[], b"news:s\nnews:t\n"), 2);
    // Extract: each argument a text, each file a text, standard input one.
    let text = file("conventions-text.txt", b"see http://f/ here\n");
    let output = rfc1738(
        &[
            "extract",
            "--format",
            "json",
            "a http://x/ b",
            "-",
            "-f",
            &text,
        ],
        b"and <URL:news:s>\n",
    );
    let hits = records(&output);
    let found: Vec<(Value, Value, Value)> = hits
        .iter()
        .map(|hit| {
            (
                hit["url"].clone(),
                hit.get("argument").cloned().unwrap_or(Value::Null),
                hit.get("file").cloned().unwrap_or(Value::Null),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            (json!("http://x/"), json!(1), Value::Null),
            (json!("news:s"), Value::Null, json!("<stdin>")),
            (json!("http://f/"), Value::Null, json!(text)),
        ]
    );
}

#[test]
fn extract_says_when_a_text_argument_names_a_file() {
    let text = file("conventions-named.txt", b"see http://f/\n");
    let output = rfc1738(&["extract", &text], b"");
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stdout.is_empty());
    assert!(
        stderr(&output).contains(&format!("to search the file, write `-f {text}`")),
        "{}",
        stderr(&output)
    );
}

#[test]
fn an_argument_that_names_a_file_gets_a_note() {
    let path = file("conventions-note.txt", b"http://a/\n");
    for command in ["check", "parse", "explain", "coverage"] {
        let output = rfc1738(&[command, &path], b"");
        let message = stderr(&output);
        assert!(
            message.contains(&format!("to read the lines of the file, write `-f {path}`")),
            "{command}: {message}"
        );
        // A URL, or the file given with -f, gets none.
        assert_eq!(
            stderr(&rfc1738(&[command, "-f", &path], b"")),
            "",
            "{command}"
        );
        assert_eq!(
            stderr(&rfc1738(&[command, "http://a/"], b"")),
            "",
            "{command}"
        );
    }
    // A picture is of one argument: `-f` draws nothing, so the note says
    // what does.
    for format in ["svg", "dot"] {
        let output = rfc1738(&["explain", "--format", format, &path], b"");
        let message = stderr(&output);
        assert!(
            message.contains(&format!(
                "note: the argument `{path}` is drawn as a URL, not the file it names"
            )),
            "{format}: {message}"
        );
        let output = rfc1738(&["explain", "--format", format, "http://a/"], b"");
        assert_eq!(stderr(&output), "", "{format}");
    }
}

#[test]
fn a_byte_order_mark_is_not_part_of_the_first_line() {
    let bom = "\u{feff}";
    let lines = format!("{bom}http://a/\r\nnews:b\n");
    let path = file("conventions-bom.txt", lines.as_bytes());
    for command in ["check", "parse", "explain"] {
        for args in [
            vec![command, "--format", "json"],
            vec![command, "--format", "json", "-f", &path],
        ] {
            let output = rfc1738(&args, lines.as_bytes());
            assert_eq!(output.status.code(), Some(0), "{args:?}");
            assert_eq!(inputs(&output), ["http://a/", "news:b"], "{args:?}");
        }
    }
    let output = rfc1738(&["coverage", "--format", "json"], lines.as_bytes());
    assert_eq!(records(&output)[0]["accepted"], 2);
    // Extract: the mark takes no column; offsets count its bytes, as read.
    let text = format!("{bom}http://a/ x");
    let hit = &records(&rfc1738(&["extract", "--format", "json"], text.as_bytes()))[0];
    assert_eq!((&hit["line"], &hit["column"]), (&json!(1), &json!(1)));
    assert_eq!((&hit["start"], &hit["end"]), (&json!(3), &json!(12)));
    // Only at the start: anywhere else it is a character of the input.
    let output = rfc1738(
        &["check", "--format", "json"],
        format!("x\n{bom}news:b").as_bytes(),
    );
    assert_eq!(records(&output)[1]["error"]["offset"], 0);
    // An argument is taken byte for byte.
    let output = rfc1738(&["check", "--format", "json", &format!("{bom}news:b")], b"");
    assert_eq!(records(&output)[0]["valid"], false);
}

#[test]
fn one_format_vocabulary_in_every_command() {
    for args in [
        &["check", "news:a"][..],
        &["parse", "news:a"],
        &["explain", "news:a"],
        &["extract", "see news:a"],
        &["coverage", "news:a"],
    ] {
        for format in ["human", "json"] {
            let mut all = args.to_vec();
            all.extend(["--format", format]);
            let output = rfc1738(&all, b"");
            assert_eq!(output.status.code(), Some(0), "{all:?}");
            let first = stdout(&output);
            let json = serde_json::from_str::<Value>(first.lines().next().unwrap_or(""));
            assert_eq!(json.is_ok(), format == "json", "{all:?}: {first}");
        }
        // `text`, the old name of `human` in parse and explain, still reads.
        let mut all = args.to_vec();
        all.extend(["--format", "text"]);
        assert_eq!(rfc1738(&all, b"").status.code(), Some(0), "{all:?}");
    }
}

#[test]
fn quiet_writes_only_what_failed_in_every_format() {
    let lines = b"http://a/\nhttp://b c/\nnews:d\n";
    for command in ["check", "parse", "explain"] {
        let output = rfc1738(&[command, "--quiet", "--format", "json"], lines);
        assert_eq!(output.status.code(), Some(1), "{command}");
        assert_eq!(inputs(&output), ["http://b c/"], "{command}");
        let output = rfc1738(&[command, "-q"], lines);
        let text = stdout(&output);
        assert!(text.contains("<stdin>:2:"), "{command}: {text}");
        assert!(
            !text.contains("http://a/") && !text.contains("news:d"),
            "{command}: {text}"
        );
    }
    let text = b"see http://a/ and http://b:x/ and news:d";
    let output = rfc1738(&["extract", "-q", "--format", "json"], text);
    assert_eq!(inputs(&output), ["http://b:x/"]);
    let output = rfc1738(&["extract", "--quiet"], text);
    let human = stdout(&output);
    assert!(
        human.starts_with("<stdin>:1:19: http://b:x/ (not a valid"),
        "{human}"
    );
    assert!(!human.contains("http://a/"), "{human}");
    // With --deny-warnings, a warning fails the run: --quiet writes it.
    let output = rfc1738(
        &["check", "-q", "--deny-warnings", "--format", "json"],
        b"http://a/\nHTTP://b/\n",
    );
    assert_eq!(inputs(&output), ["HTTP://b/"]);
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn a_batch_shows_only_problems_and_an_argument_gets_a_confirmation() {
    let lines = b"http://a/\nhttp://b c/\nHTTP://d/\n";
    let output = rfc1738(&["check"], lines);
    let text = stdout(&output);
    // Neither valid line is shown; the invalid one is, and the warning.
    assert!(!text.contains(": valid httpurl"), "{text}");
    assert!(text.contains("error: not a valid httpurl"), "{text}");
    assert!(text.contains("warning[upper-case-scheme]"), "{text}");
    assert!(text.contains("--> <stdin>:3:1"), "{text}");
    // --verbose confirms every valid line.
    let text = stdout(&rfc1738(&["check", "-v"], lines));
    assert!(
        text.starts_with("<stdin>:1: valid httpurl: http://a/\n"),
        "{text}"
    );
    assert!(
        text.contains("<stdin>:3: valid httpurl: HTTP://d/\n"),
        "{text}"
    );
    // An argument is confirmed.
    let output = rfc1738(&["check", "http://a/"], b"");
    assert_eq!(stdout(&output), "valid httpurl: http://a/\n");
    // --verbose and --quiet contradict each other.
    assert_eq!(rfc1738(&["check", "-v", "-q"], b"").status.code(), Some(2));
    // The decision is in the help.
    let help = words(&stdout(&rfc1738(&["check", "--help"], b"")));
    assert!(
        help.contains("the valid lines of a file or a pipe are counted, not shown"),
        "{help}"
    );
}

#[test]
fn the_summary_is_written_when_asked_for() {
    let lines = b"http://a/\nnope\n";
    // Not for an argument, not for a pipe to a pipe, not with --quiet.
    for args in [&["check", "http://a/"][..], &["check"], &["check", "-q"]] {
        assert_eq!(stderr(&rfc1738(args, lines)), "", "{args:?}");
    }
    for (command, summary) in [
        (
            "check",
            "rfc1738: 2 inputs: 1 valid, 1 invalid, 0 warnings\n",
        ),
        ("parse", "rfc1738: 2 inputs: 1 valid, 1 invalid\n"),
        ("explain", "rfc1738: 2 inputs: 1 valid, 1 invalid\n"),
    ] {
        let output = rfc1738(&[command, "--stats", "--format", "json"], lines);
        assert_eq!(stderr(&output), summary, "{command}");
        let output = rfc1738(&[command, "--stats", "-q"], lines);
        assert_eq!(stderr(&output), summary, "{command}");
    }
    let output = rfc1738(&["extract", "--stats"], b"http://a/ and http://b:x/");
    assert_eq!(stderr(&output), "rfc1738: 2 hits: 1 valid, 1 invalid\n");
}

/// The summary writes its counts as `check --summary` does, grouped by
/// thousands (`1,001`, not `1001`): both are read by people.
#[test]
fn the_summary_groups_its_counts_by_thousands() {
    let lines = "http://a/\n".repeat(1000) + "nope\n";
    let output = rfc1738(&["check", "--stats", "-q"], lines.as_bytes());
    assert_eq!(
        stderr(&output),
        "rfc1738: 1,001 inputs: 1,000 valid, 1 invalid, 0 warnings\n"
    );
    let output = rfc1738(&["check", "--summary"], lines.as_bytes());
    assert!(
        stdout(&output).starts_with("1,001 inputs: 1,000 valid, 1 invalid;"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn short_flags_stand_for_the_common_options() {
    let path = file("conventions-short.txt", b"h:1\n");
    let long = rfc1738(
        &[
            "check", "--rule", "hostport", "--file", &path, "--quiet", "--format", "json",
        ],
        b"",
    );
    let short = rfc1738(
        &[
            "check", "-r", "hostport", "-f", &path, "-q", "--format", "json",
        ],
        b"",
    );
    assert_eq!(long.stdout, short.stdout);
    assert_eq!(long.status.code(), Some(0));
    let long = rfc1738(&["explain", "--all", "--rule", "hostport", "h:1"], b"");
    let short = rfc1738(&["explain", "-a", "-r", "hostport", "h:1"], b"");
    assert_eq!(long.stdout, short.stdout);
    assert!(stdout(&short).contains("digit 2..3"), "{}", stdout(&short));
}

#[test]
fn an_option_given_twice_takes_its_last_value() {
    // As in ripgrep and cargo: an alias's `--format json` is overridden by
    // the line's `--format human`, in every command, a flag given twice is
    // no error, and files still add up.
    let a = file("conventions-twice-a.txt", b"http://a/\n");
    let b = file("conventions-twice-b.txt", b"news:b\n");
    for command in ["check", "parse", "explain", "extract"] {
        let twice = rfc1738(
            &[
                command,
                "--format",
                "json",
                "--format",
                "human",
                "http://x/",
            ],
            b"",
        );
        let once = rfc1738(&[command, "--format", "human", "http://x/"], b"");
        assert_eq!(
            twice.status.code(),
            Some(0),
            "{command}: {}",
            stderr(&twice)
        );
        assert_eq!(twice.stdout, once.stdout, "{command}");
        assert!(
            !stdout(&twice).starts_with('{'),
            "{command}: {}",
            stdout(&twice)
        );
    }
    let run = rfc1738(
        &["check", "-q", "-q", "-f", &a, "-f", &b, "--format", "json"],
        b"",
    );
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    let run = rfc1738(
        &[
            "check", "-r", "url", "-r", "hostport", "--format", "json", "-f", &a, "h:1",
        ],
        b"",
    );
    let rules: Vec<Value> = records(&run).iter().map(|r| r["rule"].clone()).collect();
    assert_eq!(rules, [json!("hostport"), json!("hostport")]);
    let run = rfc1738(&["check", "-f", &a, "-f", &b, "--format", "json"], b"");
    assert_eq!(inputs(&run), ["http://a/", "news:b"]);
}

#[test]
fn deny_warnings_is_refused_with_a_rule_that_gives_no_warnings() {
    // With --rule an input is matched by the production's letter and gets
    // no warnings: --deny-warnings would pass every URL, a password's too.
    let run = rfc1738(
        &["check", "--deny-warnings", "-r", "url", "ftp://me:pw@h:25/"],
        b"",
    );
    assert_eq!(run.status.code(), Some(2), "{}", stdout(&run));
    assert!(stderr(&run).contains("--deny-warnings"), "{}", stderr(&run));
    assert!(stdout(&run).is_empty(), "{}", stdout(&run));
    let run = rfc1738(&["check", "--deny-warnings", "ftp://me:pw@h:25/"], b"");
    assert_eq!(run.status.code(), Some(1), "{}", stderr(&run));
}

#[test]
fn colour_on_every_command_as_asked_and_as_the_environment_says() {
    let escape = |output: &std::process::Output| stdout(output).contains("\u{1b}[");
    for args in [
        &["check", "http://a b/"][..],
        &["parse", "http://a b/"],
        &["explain", "http://a b/"],
        &["extract", "see <URL:http://a b:x/>"],
    ] {
        let with = |color: &str, env: &[(&str, Option<&str>)]| {
            let mut all = args.to_vec();
            all.extend(["--color", color]);
            rfc1738_env(&all, b"", env)
        };
        assert!(escape(&with("always", &[])), "{args:?}");
        assert!(
            escape(&with("always", &[("NO_COLOR", Some("1"))])),
            "{args:?}"
        );
        assert!(
            !escape(&with("never", &[("CLICOLOR_FORCE", Some("1"))])),
            "{args:?}"
        );
        // Auto: a pipe is not a terminal; CLICOLOR_FORCE colours it anyway,
        // and NO_COLOR wins over it.
        assert!(!escape(&with("auto", &[])), "{args:?}");
        assert!(
            escape(&with("auto", &[("CLICOLOR_FORCE", Some("1"))])),
            "{args:?}"
        );
        let both = [("CLICOLOR_FORCE", Some("1")), ("NO_COLOR", Some("1"))];
        assert!(!escape(&with("auto", &both)), "{args:?}");
        // An empty NO_COLOR is none (no-color.org).
        let empty = [("CLICOLOR_FORCE", Some("1")), ("NO_COLOR", Some(""))];
        assert!(escape(&with("auto", &empty)), "{args:?}");
        // CLICOLOR_FORCE=0 forces nothing (bixense.com/clicolors: colour
        // is forced when it is "!= 0"); `always` still colours.
        let zero = [("CLICOLOR_FORCE", Some("0"))];
        assert!(!escape(&with("auto", &zero)), "{args:?}");
        assert!(escape(&with("always", &zero)), "{args:?}");
    }
    // Without `--color`, on a pipe: CLICOLOR_FORCE=1 colours the records,
    // clap's help (standard output) and its errors (standard error), and
    // CLICOLOR_FORCE=0 none of them, as without it. The value is compared
    // as text: `00` and `false` force colour; an empty one is none.
    let error_escape = |output: &std::process::Output| stderr(output).contains("\u{1b}[");
    for (force, coloured) in [
        (Some("1"), true),
        (Some("00"), true),
        (Some("false"), true),
        (Some("0"), false),
        (Some(""), false),
        (None, false),
    ] {
        let env = [("CLICOLOR_FORCE", force)];
        let records = rfc1738_env(&["check", "http://a b/"], b"", &env);
        assert_eq!(
            escape(&records),
            coloured,
            "{force:?}: {}",
            stdout(&records)
        );
        let help = rfc1738_env(&["check", "--help"], b"", &env);
        assert_eq!(escape(&help), coloured, "{force:?}");
        let error = rfc1738_env(&["check", "--bogus"], b"", &env);
        assert_eq!(
            error_escape(&error),
            coloured,
            "{force:?}: {}",
            stderr(&error)
        );
    }
    // `--color` goes anywhere on the line, and governs clap's own help.
    let output = rfc1738_env(&["--color", "always", "check", "--help"], b"", &[]);
    assert!(escape(&output));
    let output = rfc1738_env(&["check", "--help", "--color=never"], b"", &[]);
    assert!(!escape(&output));
    // JSON is never coloured.
    let output = rfc1738_env(
        &["check", "--color", "always", "--format", "json", "x"],
        b"",
        &[],
    );
    assert!(!escape(&output));
    records(&output);
}

#[test]
fn the_command_list_has_a_line_per_command_and_each_help_the_details() {
    let help = stdout(&rfc1738(&["--help"], b""));
    let list: Vec<&str> = help
        .lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| !line.is_empty())
        .collect();
    let names: Vec<&str> = list
        .iter()
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    assert_eq!(
        names,
        [
            "check",
            "extract",
            "parse",
            "explain",
            "grammar",
            "coverage",
            "completions",
            "man",
            "help"
        ]
    );
    for line in &list {
        assert!(line.len() <= 80, "a summary of one short line: {line:?}");
    }
    let check = words(&stdout(&rfc1738(&["check", "--help"], b"")));
    assert!(check.starts_with("Check URLs against their scheme's rule, or any production"));
    assert!(
        check.contains("Exit status: 0 when every input is valid"),
        "{check}"
    );
    // -h gives the summary only.
    let short = stdout(&rfc1738(&["check", "-h"], b""));
    assert!(!short.contains("Exit status"), "{short}");
}

#[test]
fn help_is_wrapped_to_the_terminal_width() {
    // COLUMNS stands for the terminal's width where there is no terminal.
    let output = rfc1738_env(&["check", "--help"], b"", &[("COLUMNS", Some("60"))]);
    let help = stdout(&output);
    let widest = help.lines().map(|line| line.chars().count()).max();
    assert!(widest.is_some_and(|width| width <= 60), "{help}");
    let output = rfc1738_env(&["check", "--help"], b"", &[("COLUMNS", Some("200"))]);
    let widest = stdout(&output).lines().map(str::len).max();
    assert!(
        widest.is_some_and(|width| width > 100),
        "{}",
        stdout(&output)
    );
}

#[test]
fn an_unknown_production_gets_a_suggestion_not_a_list() {
    for (name, suggestion) in [
        ("hostPort", "did you mean `hostport`?"),
        ("HOSTNAME", "did you mean `hostname`?"),
        ("hostprot", "did you mean `hostport`"),
        ("ip_schemepart", "did you mean `ip-schemepart`?"),
        ("IpSchemepart", "did you mean `ip-schemepart`?"),
        ("gopher_plus_string", "did you mean `gopher+_string`?"),
        ("zzzzzz", "`rfc1738 grammar` lists the 67 productions"),
    ] {
        for args in [
            &["check", "--rule", name, "x"][..],
            &["explain", "-r", name, "x"],
            &["coverage", "--rule", name],
            &["grammar", name],
        ] {
            let output = rfc1738(args, b"");
            assert_eq!(output.status.code(), Some(2), "{args:?}");
            let message = stderr(&output);
            assert!(message.contains(suggestion), "{args:?}: {message}");
            // The library's suggestion and the command line's are one.
            assert!(
                message.matches("did you mean").count() <= 1,
                "said once: {message}"
            );
            assert!(!message.contains("encoded822addr"), "no list: {message}");
        }
    }
}

/// Runs `program ARGS` on `input`, or `None` when it is not installed.
fn run_program(program: &str, args: &[&str], input: &[u8]) -> Option<std::process::Output> {
    use std::io::Write;
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|error| eprintln!("skipped: `{program}` does not run here ({error})"))
        .ok()?;
    let mut pipe = child.stdin.take().expect("piped");
    let input = input.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().expect("it ends");
    feeder.join().expect("the feeder ends");
    Some(output)
}

#[test]
fn completions_are_generated_for_each_shell() {
    for (shell, marker) in [
        ("bash", "complete -F _rfc1738"),
        ("zsh", "#compdef rfc1738"),
        ("fish", "complete -c rfc1738"),
        ("elvish", "rfc1738"),
        ("powershell", "rfc1738"),
    ] {
        let output = rfc1738(&["completions", shell], b"");
        assert_eq!(output.status.code(), Some(0), "{shell}");
        let script = stdout(&output);
        assert!(script.contains(marker), "{shell}: {script}");
        for word in ["check", "extract", "coverage", "max-line-bytes", "format"] {
            assert!(script.contains(word), "{shell}: {word}");
        }
    }
    // The bash script is bash.
    let script = rfc1738(&["completions", "bash"], b"").stdout;
    if let Some(output) = run_program("bash", &["-n"], &script) {
        assert!(output.status.success(), "{}", stderr(&output));
    }
    // And it completes: the commands after `rfc1738 `, the options of one.
    let complete = |line: &str| {
        let words: Vec<&str> = line.split(' ').collect();
        let program = format!(
            "source /dev/stdin\nCOMP_WORDS=({})\nCOMP_CWORD={}\nCOMP_LINE='{line}'\n\
             COMP_POINT={}\n_rfc1738 rfc1738 '{}' '{}'\nprintf '%s\\n' \"${{COMPREPLY[@]}}\"",
            words
                .iter()
                .map(|word| format!("'{word}'"))
                .collect::<Vec<_>>()
                .join(" "),
            words.len() - 1,
            line.len(),
            words[words.len() - 1],
            words[words.len().saturating_sub(2)],
        );
        run_program("bash", &["-c", &program], &script)
            .map(|output| String::from_utf8_lossy(&output.stdout).into_owned())
    };
    if let Some(commands) = complete("rfc1738 ") {
        assert!(commands.lines().any(|word| word == "check"), "{commands}");
        assert!(commands.lines().any(|word| word == "extract"), "{commands}");
    }
    if let Some(options) = complete("rfc1738 check --") {
        assert!(
            options.lines().any(|word| word == "--deny-warnings"),
            "{options}"
        );
        assert!(options.lines().any(|word| word == "--file"), "{options}");
    }
    // A production's name is completed from the 67, not from file names.
    for line in [
        "rfc1738 check -r ip-",
        "rfc1738 grammar gopher",
        "rfc1738 explain --rule host",
    ] {
        let Some(names) = complete(line) else {
            continue;
        };
        let mut names: Vec<&str> = names.lines().collect();
        names.sort_unstable();
        let expected: &[&str] = match line.rsplit(' ').next() {
            Some("ip-") => &["ip-schemepart"],
            Some("gopher") => &["gopher+_string", "gopherurl"],
            _ => &["host", "hostname", "hostnumber", "hostport"],
        };
        assert_eq!(names, expected, "{line}");
    }
}

#[test]
fn the_manual_pages_are_roff_that_renders() {
    let page = rfc1738(&["man"], b"");
    assert_eq!(page.status.code(), Some(0));
    let roff = stdout(&page);
    assert!(
        roff.starts_with(".ie \\n(.g .ds Aq"),
        "{}",
        &roff[..200.min(roff.len())]
    );
    assert!(roff.contains(".TH rfc1738 1"), "{roff}");
    for section in [
        ".SH NAME",
        ".SH SYNOPSIS",
        ".SH DESCRIPTION",
        ".SH OPTIONS",
        ".SH SUBCOMMANDS",
    ] {
        assert!(roff.contains(section), "{section}");
    }
    // The pages listed are those there are: none for `help`, which is
    // `--help` again. The name is not said twice.
    assert!(!roff.contains("rfc1738\\-help"), "{roff}");
    assert!(roff.contains("\nrfc1738 \\- Check URLs"), "{roff}");
    // A page per command, its options and its long help in it, from this
    // version of the tool.
    let check = stdout(&rfc1738(&["man", "check"], b""));
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        check.contains(&format!(".TH rfc1738-check 1  \"rfc1738 {version}\"")),
        "{check}"
    );
    assert!(check.contains("deny\\-warnings"), "{check}");
    assert!(check.contains("Exit status"), "{check}");
    for command in [
        "check",
        "extract",
        "parse",
        "explain",
        "grammar",
        "coverage",
        "completions",
        "man",
    ] {
        assert_eq!(
            rfc1738(&["man", command], b"").status.code(),
            Some(0),
            "{command}"
        );
    }
    assert_eq!(rfc1738(&["man", "nope"], b"").status.code(), Some(2));
    // Rendered by groff as man would, where groff is installed.
    if let Some(output) = run_program("groff", &["-man", "-Tutf8"], check.as_bytes()) {
        assert!(output.status.success(), "{}", stderr(&output));
        // A terminal's bold and underline are overstrikes: `S\bS`, `_\bS`.
        let mut shown = String::new();
        for c in String::from_utf8_lossy(&output.stdout).chars() {
            if c == '\u{8}' {
                shown.pop();
            } else {
                shown.push(c);
            }
        }
        assert!(shown.contains("SYNOPSIS"), "{shown}");
        assert!(shown.contains("rfc1738-check"), "{shown}");
        assert!(
            shown.contains("--deny-warnings") || shown.contains("‐‐deny‐warnings"),
            "{shown}"
        );
        let warnings = stderr(&output);
        assert!(!warnings.contains("warning"), "{warnings}");
    }
}

#[test]
fn the_note_on_an_argument_that_names_a_file_gives_a_command_that_runs() {
    // `check 'my urls.txt'` suggested `-f my urls.txt`, two words in a
    // shell, and `check -- -x.txt` `-f -x.txt`, which reads as an option.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("conventions-quoted");
    std::fs::create_dir_all(&dir).expect("a directory");
    let binary = env!("CARGO_BIN_EXE_rfc1738");
    for name in [
        "my urls.txt",
        "-x.txt",
        "it's.txt",
        "plain.txt",
        "=x.txt",
        "#x!.txt",
    ] {
        std::fs::write(dir.join(name), b"http://quoted/\n").expect("written");
        let output = Command::new(binary)
            .args(["check", "--", name])
            .current_dir(&dir)
            .output()
            .expect("it runs");
        let message = String::from_utf8_lossy(&output.stderr).into_owned();
        let (_, suggested) = message
            .split_once("to read the lines of the file, write `")
            .unwrap_or_else(|| panic!("{name}: {message}"));
        let suggested = suggested.split_once('`').expect("a closing quote").0;
        // The command suggested reads the file, in a shell.
        let run = Command::new("sh")
            .args(["-c", &format!("\"$0\" check {suggested}"), binary])
            .current_dir(&dir)
            .output()
            .expect("sh runs");
        assert_eq!(run.status.code(), Some(0), "{name}: {suggested}: {run:?}");
        assert_eq!(
            String::from_utf8_lossy(&run.stdout),
            "",
            "{name}: {suggested}: a file's valid lines are counted, not shown"
        );
        let stats = Command::new("sh")
            .args(["-c", &format!("\"$0\" check --stats {suggested}"), binary])
            .current_dir(&dir)
            .output()
            .expect("sh runs");
        assert_eq!(
            String::from_utf8_lossy(&stats.stderr),
            "rfc1738: 1 input: 1 valid, 0 invalid, 0 warnings\n",
            "{name}: {suggested}"
        );
    }
    // A name no command here can show gets no command, and no raw control.
    let name = "tab\there.txt";
    std::fs::write(dir.join(name), b"http://quoted/\n").expect("written");
    let output = Command::new(binary)
        .args(["check", name])
        .current_dir(&dir)
        .output()
        .expect("it runs");
    let message = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(!message.contains('\t'), "{message}");
    assert!(
        message.contains(
            "note: the argument `tab\\there.txt` is taken as an input; to read the lines of \
             the file, give its name with `-f` (it holds characters not shown here as they are)"
        ),
        "{message}"
    );
    std::fs::remove_dir_all(&dir).expect("removed");
}
