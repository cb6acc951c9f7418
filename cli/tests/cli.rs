//! The `rfc1738 check` command line.

use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

use serde_json::{Value, json};

/// `rfc1738 ARGS`, started with pipes for standard input and output and
/// `stderr` for standard error.
fn spawn(args: &[&str], stderr: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("the binary runs")
}

fn rfc1738(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = spawn(args, Stdio::piped());
    // Feed standard input from a thread while the output is read: with a
    // large input both pipes would otherwise fill and wait on each other.
    let mut pipe = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        // The program may stop reading early (a usage error): that is fine.
        let _ = pipe.write_all(&stdin);
    });
    let output = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    output
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("output is UTF-8")
}

fn records(output: &Output) -> Vec<Value> {
    stdout(output)
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
        .collect()
}

#[test]
fn a_valid_url_prints_its_rule_and_exits_0() {
    let output = rfc1738(&["check", "ftp://myname@host.dom/%2Fetc/motd"], b"");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "valid ftpurl: ftp://myname@host.dom/%2Fetc/motd\n"
    );
}

#[test]
fn an_invalid_url_prints_a_diagnostic_and_exits_1() {
    let output = rfc1738(&["check", "http://host:8a/"], b"");
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(text.contains("error: not a valid httpurl"), "{text}");
    assert!(text.contains("input:1:14"), "{text}");
    assert!(
        text.contains("while matching httpurl › hostport › port"),
        "{text}"
    );
}

#[test]
fn among_several_arguments_a_diagnostic_names_each_by_its_number() {
    // The locations of `check`, `parse` and `explain` alike; one argument
    // is `input`, as a compiler names its one source, and standard input
    // beside it keeps its own name.
    let locations = |args: &[&str], stdin: &[u8]| -> Vec<String> {
        let output = rfc1738(args, stdin);
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        stdout(&output)
            .lines()
            .filter_map(|line| line.strip_prefix(" --> "))
            .map(str::to_owned)
            .collect()
    };
    for command in ["check", "parse", "explain"] {
        assert_eq!(
            locations(&[command, "http://a b", "ftp://h/ok", "ftp://x y"], b""),
            ["<argument 1>:1:9", "<argument 3>:1:8"],
            "{command}"
        );
        assert_eq!(locations(&[command, "http://a b"], b""), ["input:1:9"]);
        assert_eq!(
            locations(&[command, "http://a b", "-"], b"ftp://x y\n"),
            ["input:1:9", "<stdin>:1:8"],
            "{command}"
        );
        // `-` is counted among the arguments, as `extract` counts them.
        assert_eq!(
            locations(&[command, "-", "http://a b", "ftp://x y"], b""),
            ["<argument 2>:1:9", "<argument 3>:1:8"],
            "{command}"
        );
    }
}

#[test]
fn json_records_carry_the_verdict_and_the_error() {
    let output = rfc1738(
        &[
            "check",
            "--format",
            "json",
            "http://host:8a/",
            "HTTP://host/",
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        records(&output),
        [
            json!({
                "input": "http://host:8a/",
                "rule": "httpurl",
                "valid": false,
                "error": {
                    "offset": 13,
                    "line": 1,
                    "column": 14,
                    "expected": ["digit", "\"/\"", "end of input"],
                    "found": "a",
                    "message": "expected digit, \"/\" or end of input, found \"a\"",
                    "hints": ["a port is a decimal number, of digits only (RFC 1738, section 3.1)"],
                },
                "warnings": [],
                "argument": 1,
            }),
            json!({
                "input": "HTTP://host/",
                "rule": "httpurl",
                "valid": true,
                "error": null,
                "warnings": [{
                    "code": "upper-case-scheme",
                    "message": "the scheme name \"HTTP\" has upper-case letters: the grammar \
                                writes schemes in lower case, and interpreters fold them \
                                (RFC 1738, sections 2.1 and 5)",
                    "offset": 0,
                    "count": 1,
                    "offsets": [0],
                    "offsets_capped": false,
                }],
                "argument": 2,
            }),
        ]
    );
}

#[test]
fn the_rule_option_matches_any_production_by_the_letter() {
    let output = rfc1738(
        &[
            "check",
            "--rule",
            "url",
            "--format",
            "json",
            "http://user@host/",
            "HTTP://host/",
        ],
        b"",
    );
    let records = records(&output);
    assert_eq!(records[0]["valid"], json!(true));
    assert_eq!(records[0]["rule"], json!("url"));
    assert_eq!(records[1]["valid"], json!(false));
    assert_eq!(records[1]["error"]["offset"], json!(0));
    let output = rfc1738(&["check", "--rule", "gopher+_string", "+"], b"");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "valid gopher+_string: +\n");
}

#[test]
fn checked_against_url_a_valid_input_is_named_by_its_alternative() {
    // Strings only `otherurl` takes (a user in an http URL, an ftp typecode
    // of another letter, a mailto URL without an address, a second `?` in a
    // search, a user in a gopher URL, a path in a telnet URL, an
    // unknown scheme), then the corpus's strings of url's alternatives.
    let mut inputs: Vec<String> = [
        "http://user@host/",
        "ftp://a/b;type=x",
        "mailto:",
        "http://h/a?b?c",
        "gopher://me@h/",
        "telnet://h/x",
        "x:y",
    ]
    .map(String::from)
    .to_vec();
    let corpus = |name: &str| std::fs::read_to_string(format!("../tests/corpus/{name}")).unwrap();
    let alternatives = [
        "httpurl",
        "ftpurl",
        "newsurl",
        "nntpurl",
        "telneturl",
        "gopherurl",
    ];
    let more = ["waisurl", "mailtourl", "fileurl", "prosperourl", "otherurl"];
    for line in corpus("accepted.tsv").lines() {
        if let Some((rule, text)) = line.split_once('\t')
            && (alternatives.contains(&rule) || more.contains(&rule))
        {
            inputs.push(text.to_owned());
        }
    }
    inputs.extend(corpus("rfc_urls.txt").lines().map(String::from));
    let lines = inputs.join("\n");
    let checked = records(&rfc1738(
        &["check", "-r", "url", "--format", "json"],
        lines.as_bytes(),
    ));
    let explained = records(&rfc1738(
        &["explain", "-r", "url", "--format", "json"],
        lines.as_bytes(),
    ));
    assert_eq!(
        (checked.len(), explained.len()),
        (inputs.len(), inputs.len())
    );
    let mut named = BTreeSet::new();
    for ((checked, explained), input) in checked.iter().zip(&explained).zip(&inputs) {
        assert_eq!(checked["valid"], explained["valid"], "{input}");
        let alternative = match checked["valid"] {
            Value::Bool(true) => explained["children"][0]["rule"].clone(),
            _ => Value::Null,
        };
        assert_eq!(checked["alternative"], alternative, "{input}");
        named.insert(alternative.to_string());
    }
    // Every alternative was named, and `otherurl` for each of the first
    // inputs, which their schemes' rules do not take.
    assert_eq!(named.len(), 12, "{named:?}");
    for record in &checked[..7] {
        assert_eq!(record["alternative"], json!("otherurl"), "{record}");
    }
    // An invalid input has none; a rule other than `url` no member.
    let output = rfc1738(
        &["check", "-r", "url", "--format", "json", "http://a b/"],
        b"",
    );
    assert_eq!(records(&output)[0]["alternative"], Value::Null);
    let output = rfc1738(&["check", "-r", "host", "--format", "json", "h"], b"");
    assert_eq!(records(&output)[0].get("alternative"), None);
    let output = rfc1738(&["check", "-r", "url", "http://user@h/", "http://h/"], b"");
    assert_eq!(
        stdout(&output),
        "valid url › otherurl: http://user@h/\nvalid url › httpurl: http://h/\n"
    );
}

#[test]
fn an_unknown_rule_is_a_usage_error() {
    let output = rfc1738(&["check", "--rule", "hostPort", "x"], b"");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("\"hostPort\" is not a production"),
        "{stderr}"
    );
    assert!(stderr.contains("hostport"), "{stderr}");
}

#[test]
fn standard_input_gives_one_record_per_line_in_order() {
    let input = b"http://a/\r\n\nftp://b/\xff/x\nnews:*\nhttp://c/\0\nmailto:me@x";
    let output = rfc1738(&["check", "--format", "json"], input);
    assert_eq!(output.status.code(), Some(1));
    let records = records(&output);
    let inputs: Vec<&str> = records
        .iter()
        .map(|r| r["input"].as_str().unwrap())
        .collect();
    assert_eq!(
        inputs,
        [
            "http://a/",
            "",
            "ftp://b/\u{fffd}/x",
            "news:*",
            "http://c/\0",
            "mailto:me@x"
        ]
    );
    let valid: Vec<bool> = records
        .iter()
        .map(|r| r["valid"].as_bool().unwrap())
        .collect();
    assert_eq!(valid, [true, false, false, true, false, true]);
    // The empty line: an otherurl needs a scheme.
    assert_eq!(records[1]["rule"], json!("otherurl"));
    assert_eq!(records[1]["error"]["offset"], json!(0));
    // Invalid UTF-8 is reported at its first byte.
    assert_eq!(records[2]["error"]["offset"], json!(8));
    assert_eq!(records[2]["error"]["found"], json!(null));
    assert!(
        records[2]["error"]["message"]
            .as_str()
            .unwrap()
            .ends_with("found byte 0xFF")
    );
    // What could have come there instead: a segment's characters, and the
    // byte's own escape.
    assert_eq!(records[2]["error"]["expected"][0], json!("uchar"));
    let hint = records[2]["error"]["hints"][0].as_str().unwrap();
    assert!(hint.contains("encode it as %FF"), "{hint}");
    assert_eq!(records[4]["error"]["offset"], json!(9));
    assert_eq!(records[4]["error"]["found"], json!("\0"));
}

#[test]
fn empty_standard_input_checks_nothing() {
    let output = rfc1738(&["check"], b"");
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stdout.is_empty());
}

#[test]
fn diagnostics_never_write_control_characters_raw() {
    let output = rfc1738(&["check", "http://h/\u{1b}[31mred"], b"");
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(!text.contains('\u{1b}'), "{text:?}");
    assert!(text.contains("\\u{1b}"), "{text}");
}

#[test]
fn explain_prints_the_tree_with_spans_and_texts() {
    let output = rfc1738(&["explain", "ftp://myname@host.dom/%2Fetc/motd"], b"");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "\
ftpurl 0..33 \"ftp://myname@host.dom/%2Fetc/motd\"
  login 6..21 \"myname@host.dom\"
    user 6..12 \"myname\"
    hostport 13..21 \"host.dom\"
      host 13..21 \"host.dom\"
        hostname 13..21 \"host.dom\"
          domainlabel 13..17 \"host\"
          toplabel 18..21 \"dom\"
  fpath 22..33 \"%2Fetc/motd\"
    fsegment 22..28 \"%2Fetc\"
    fsegment 29..33 \"motd\"
"
    );
    let all = stdout(&rfc1738(
        &["explain", "--all", "ftp://myname@host.dom/%2Fetc/motd"],
        b"",
    ));
    assert!(all.contains("          lowalpha 6..7 \"m\"\n"), "{all}");
    assert!(all.contains("escape 22..25 \"%2F\""), "{all}");
}

#[test]
fn explain_json_nests_rule_start_end_children() {
    let output = rfc1738(
        &["explain", "--format", "json", "--rule", "hostport", "h:1"],
        b"",
    );
    let tree: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(
        tree,
        json!({"input": "h:1", "valid": true, "rule": "hostport", "start": 0, "end": 3, "children": [
            {"rule": "host", "start": 0, "end": 1, "children": [
                {"rule": "hostname", "start": 0, "end": 1, "children": [
                    {"rule": "toplabel", "start": 0, "end": 1, "children": []}]}]},
            {"rule": "port", "start": 2, "end": 3, "children": [
                {"rule": "digits", "start": 2, "end": 3, "children": []}]}],
            "argument": 1})
    );
}

#[test]
fn explain_shows_the_diagnostic_and_the_prefix_of_a_rejected_input() {
    let output = rfc1738(&["explain", "http://host:8a/"], b"");
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(text.starts_with("error: not a valid httpurl"), "{text}");
    assert!(text.contains("the prefix that httpurl matches, as its combinator reads it (13 of 15 bytes):\nhttpurl 0..13 \"http://host:8\"\n"), "{text}");
    // An input of one byte is "1 byte".
    let text = stdout(&rfc1738(&["explain", "-r", "search", "#"], b""));
    assert!(
        text.contains(
            "search matches, as its combinator reads it (0 of 1 byte):\nsearch 0..0 \"\"\n"
        ),
        "{text}"
    );
    let output = rfc1738(&["explain", "--format", "json", "http:/"], b"");
    let record: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(record["valid"], json!(false));
    assert_eq!(record["error"]["offset"], json!(6));
    assert_eq!(record["prefix"], json!(null));
    // Said of any production, a vowel first or not ("is a otherurl" was);
    // said of the combinator, which does not go back to a shorter reading:
    // `a` is a hostname, and `a.` has no prefix tree.
    for (args, rule) in [
        (&["explain", "x"][..], "otherurl"),
        (&["explain", "-r", "hostname", "a."], "hostname"),
        (&["explain", "-r", "escape", "x"], "escape"),
        (
            &["explain", "--format", "dot", "-r", "escape", "x"],
            "escape",
        ),
    ] {
        let text = stdout(&rfc1738(args, b""));
        assert!(
            text.contains(&format!(
                "{rule}, as its combinator reads it, matches no prefix of the input"
            )),
            "{args:?}: {text}"
        );
    }
}

#[test]
fn grammar_prints_the_grammar_or_a_production_and_its_neighbours() {
    let whole = stdout(&rfc1738(&["grammar"], b""));
    assert_eq!(whole, format!("{}", rfc1738::bnf::RFC1738));
    let output = rfc1738(&["grammar", "hostport"], b"");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "hostport = host [ \":\" port ]\n\n\
         grammar/rfc1738.bnf line 17; combinator rfc1738::grammar::ip::hostport\n\
         uses: host, port\n\
         used by: login, httpurl, gopherurl, nntpurl, waisdatabase, waisindex, waisdoc, prosperourl\n"
    );
    let url = stdout(&rfc1738(&["grammar", "url"], b""));
    assert!(url.contains("used by: (none)\n"), "{url}");
    assert_eq!(rfc1738(&["grammar", "nope"], b"").status.code(), Some(2));
}

#[test]
fn coverage_reports_every_production_and_what_was_never_exercised() {
    let output = rfc1738(&["coverage"], b"news:*\nnews:comp.lang\nnot a url\n");
    assert_eq!(output.status.code(), Some(0));
    let report = stdout(&output);
    assert!(
        report.starts_with("3 inputs: 2 accepted, 1 rejected"),
        "{report}"
    );
    // Which were rejected is check's to tell: the report says where to ask.
    assert!(report.contains("`rfc1738 check -q` on the same inputs lists them"));
    let none_rejected = stdout(&rfc1738(&["coverage", "news:*"], b""));
    assert!(!none_rejected.contains("check -q"), "{none_rejected}");
    // Against the rule coverage used, not the one check would choose.
    let by_rule = stdout(&rfc1738(&["coverage", "-r", "hostname", "http://x/"], b""));
    assert!(
        by_rule.contains("`rfc1738 check -q -r hostname` on the same inputs lists them"),
        "{by_rule}"
    );
    for rule in ["genericurl", "grouppart", "xchar", "digits"] {
        assert!(
            report.lines().any(|line| line.starts_with(rule)),
            "{rule}: {report}"
        );
    }
    let grouppart = report
        .lines()
        .find(|line| line.starts_with("grouppart"))
        .unwrap();
    assert!(grouppart.ends_with("1: 1, 2: 1, 3: 0"), "{grouppart}");
    assert!(
        report.contains("  grouppart alternative 3: article\n"),
        "{report}"
    );
    let output = rfc1738(
        &["coverage", "--rule", "digit"],
        b"0\n1\n2\n3\n4\n5\n6\n7\n8\n9\n",
    );
    let digit = stdout(&output);
    assert!(!digit.contains("  digit alternative"), "{digit}");
}

#[test]
fn coverage_leaves_out_the_productions_the_rules_matched_against_do_not_reach() {
    // Matched by scheme, no input is matched against `url`, and no
    // production uses `national` or `punctuation`: none of their
    // alternatives is reported as never exercised, and the report says so.
    let report = stdout(&rfc1738(&["coverage"], b"news:*\n"));
    assert!(
        report.contains(
            "\nmatched against the rule each input's scheme selects, one of url's 11 \
             alternatives; not reached from them, so not listed: url, national, punctuation\n"
        ),
        "{report}"
    );
    for rule in ["url", "national", "punctuation"] {
        assert!(
            !report
                .lines()
                .any(|line| line.starts_with(&format!("{rule} "))
                    || line.starts_with(&format!("  {rule} alternative"))),
            "{rule}: {report}"
        );
    }
    // What the scheme rules reach is still listed, exercised or not.
    assert!(report.contains("\n  httpurl alternative 1: "), "{report}");
    // Against one production, only it and what it uses.
    let report = stdout(&rfc1738(&["coverage", "--rule", "hostport"], b"h:80\n"));
    assert!(
        report.contains(
            "\nmatched against hostport; not reached from it, so not listed: 54 productions\n"
        ),
        "{report}"
    );
    let listed: BTreeSet<&str> = report
        .lines()
        .skip_while(|line| !line.starts_with("production "))
        .skip(1)
        .take_while(|line| !line.is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    let reached = [
        "hostport",
        "host",
        "hostname",
        "domainlabel",
        "toplabel",
        "alphadigit",
        "hostnumber",
        "port",
        "alpha",
        "digit",
        "digits",
        "lowalpha",
        "hialpha",
    ];
    assert_eq!(listed, BTreeSet::from(reached), "{report}");
    assert!(
        report.contains("\n  hostnumber alternative 1: "),
        "{report}"
    );
    assert!(!report.contains("  httpurl alternative"), "{report}");
    // A production no other uses is reached when it is matched against.
    let report = stdout(&rfc1738(&["coverage", "--rule", "national"], b"{\n"));
    assert!(report.contains("\nnational "), "{report}");
    assert!(report.contains("never exercised (8):"), "{report}");
    // The JSON report says the same.
    let output = rfc1738(
        &["coverage", "--format", "json", "--rule", "hostport"],
        b"h\n",
    );
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["matched_against"], json!(["hostport"]));
    assert_eq!(
        report["unreached"].as_array().unwrap().len(),
        67 - reached.len()
    );
    let rules = |list: &str| -> BTreeSet<String> {
        report[list]
            .as_array()
            .unwrap()
            .iter()
            .map(|entry| entry["rule"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(rules("productions"), reached.map(String::from).into());
    assert!(rules("unexercised").is_subset(&rules("productions")));
}

#[test]
fn coverage_of_a_missing_file_is_an_error_naming_it() {
    let output = rfc1738(&["coverage", "-f", "/nonexistent/urls.txt"], b"");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("/nonexistent/urls.txt"), "{stderr}");
    // The report of what was read says why it is incomplete, in the words
    // and codes of `check --summary`.
    let args = ["coverage", "-f", "/nonexistent/urls.txt", "http://h/"];
    let text = String::from_utf8(rfc1738(&args, b"").stdout).unwrap();
    let note = "\nincomplete: a source could not be read to its end; the counts are those of \
                the inputs read\n";
    assert!(text.contains(note), "{text}");
    let output = rfc1738(&[&args[..], &["--format", "json"]].concat(), b"");
    assert_eq!(output.status.code(), Some(2));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        (
            &report["complete"],
            &report["incomplete"],
            &report["inputs"]
        ),
        (&json!(false), &json!(["unread"]), &json!(1))
    );
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A file in the tests' directory under `target/` (which `cargo clean`
/// removes), not the system's: a directory there per run was left behind.
fn temp_file(name: &str, contents: &[u8]) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn files_are_checked_in_order_with_their_names_and_line_numbers() {
    let first = temp_file("first.txt", b"http://a/\r\nbad url\n");
    let second = temp_file("second.txt", b"news:*");
    let output = rfc1738(
        &[
            "check",
            "--stats",
            "--format",
            "json",
            "--file",
            first.to_str().unwrap(),
            "--file",
            second.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(1));
    let records = records(&output);
    let places: Vec<(String, u64)> = records
        .iter()
        .map(|r| {
            (
                r["file"].as_str().unwrap().to_owned(),
                r["line"].as_u64().unwrap(),
            )
        })
        .collect();
    let first = first.to_str().unwrap().to_owned();
    let second = second.to_str().unwrap().to_owned();
    assert_eq!(places, [(first.clone(), 1), (first, 2), (second, 1)]);
    assert_eq!(
        stderr(&output),
        "rfc1738: 3 inputs: 2 valid, 1 invalid, 0 warnings\n"
    );
    let human = stdout(&rfc1738(&["check", "--file", places[1].0.as_str()], b""));
    assert!(
        human.contains(&format!("--> {}:2:4", places[1].0)),
        "{human}"
    );
}

#[test]
fn a_missing_or_unreadable_file_exits_2_naming_it_and_the_rest_is_checked() {
    let good = temp_file("good.txt", b"http://a/\n");
    let dir = good.parent().unwrap().to_str().unwrap().to_owned();
    let output = rfc1738(
        &[
            "check",
            "--verbose",
            "--file",
            "/nonexistent/urls.txt",
            "--file",
            &dir,
            "--file",
            good.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(2));
    let errors = stderr(&output);
    assert!(
        errors.contains("rfc1738: /nonexistent/urls.txt: "),
        "{errors}"
    );
    assert!(errors.contains(&format!("rfc1738: {dir}: ")), "{errors}");
    assert!(
        stdout(&output).contains(&format!("{}:1: valid httpurl: http://a/", good.display())),
        "{}",
        stdout(&output)
    );
}

#[test]
fn warnings_are_reported_and_can_fail_the_run() {
    let output = rfc1738(&["check", "--format", "json", "HTTP://h:25/%0a"], b"");
    assert_eq!(output.status.code(), Some(0));
    let record = &records(&output)[0];
    let codes: Vec<&str> = record["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes,
        ["upper-case-scheme", "reserved-port", "encoded-delimiter"]
    );
    assert_eq!(record["warnings"][1]["offset"], json!(9));
    assert!(
        record["warnings"][1]["message"]
            .as_str()
            .unwrap()
            .contains("section 6")
    );
    let denied = rfc1738(&["check", "--deny-warnings", "http://h:25/"], b"");
    assert_eq!(denied.status.code(), Some(1));
    let human = stdout(&denied);
    assert!(human.contains("warning[reserved-port]: port 25"), "{human}");
    assert!(human.contains(" --> input:1:10"), "{human}");
    assert_eq!(
        rfc1738(&["check", "--deny-warnings", "http://h/"], b"")
            .status
            .code(),
        Some(0)
    );
}

/// A mailto address that is no RFC 822 addr-spec is a warning about a valid
/// URL (grammar/DECISIONS.md D33): checked by the grammar's letter, it is a
/// valid `mailtourl` with none (D23).
#[test]
fn a_mailto_address_that_is_no_addr_spec_is_a_warning_by_scheme_only() {
    let output = rfc1738(&["check", "--format", "json", "mailto:joe"], b"");
    assert_eq!(output.status.code(), Some(0));
    let record = &records(&output)[0];
    assert_eq!(record["valid"], json!(true));
    assert_eq!(record["warnings"][0]["code"], json!("mailto-address"));
    assert_eq!(record["warnings"][0]["offset"], json!(9));
    let denied = rfc1738(&["check", "--deny-warnings", "mailto:joe"], b"");
    assert_eq!(denied.status.code(), Some(1));
    let human = stdout(&denied);
    assert!(
        human.contains("warning[mailto-address]: the mailto address is no"),
        "{human}"
    );
    assert!(human.contains(" --> input:1:10"), "{human}");
    // By the production's letter there are no warnings, and so nothing
    // for --deny-warnings to deny: the two do not go together.
    let letter = rfc1738(&["check", "-r", "mailtourl", "mailto:joe"], b"");
    assert_eq!(letter.status.code(), Some(0));
    assert_eq!(stdout(&letter), "valid mailtourl: mailto:joe\n");
    let letter = rfc1738(
        &["check", "--deny-warnings", "-r", "mailtourl", "mailto:joe"],
        b"",
    );
    assert_eq!(letter.status.code(), Some(2));
    let fine = rfc1738(&["check", "--deny-warnings", "mailto:joe@host.dom"], b"");
    assert_eq!(fine.status.code(), Some(0));
}

#[test]
fn passwords_are_masked_in_human_output_only() {
    let output = rfc1738(&["check", "ftp://me:hunter2@host/"], b"");
    let human = stdout(&output);
    assert!(
        human.starts_with("valid ftpurl: ftp://me:*******@host/\n"),
        "{human}"
    );
    assert!(!human.contains("hunter2"), "{human}");
    let shown = stdout(&rfc1738(
        &["check", "--show-passwords", "ftp://me:hunter2@host/"],
        b"",
    ));
    assert!(shown.contains("ftp://me:hunter2@host/"), "{shown}");
    // An invalid URL's diagnostic masks it too, when the error is elsewhere.
    let diagnostic = stdout(&rfc1738(&["check", "ftp://me:hunter2@host:x/"], b""));
    assert!(!diagnostic.contains("hunter2"), "{diagnostic}");
    assert!(diagnostic.contains("--> input:1:23"), "{diagnostic}");
    // JSON is for programs: the input as given.
    let json = stdout(&rfc1738(
        &["check", "--format", "json", "ftp://me:hunter2@host/"],
        b"",
    ));
    assert!(json.contains("ftp://me:hunter2@host/"), "{json}");
    // A password written further in the line, a second URL's or one in a
    // valid URL's part, is hidden with the input's own, in the valid line,
    // a diagnostic and a warning alike; shown with --show-passwords, and
    // kept in JSON.
    let inputs = [
        "ftp://a:b@h/ ftp://me:hunter2@h/",
        "http://x/a //me:hunter2@h/",
        "X:a//me:hunter2@h/",
        "ftp://h/a//me:hunter2@h/",
    ];
    for input in inputs {
        let human = stdout(&rfc1738(&["check", input], b""));
        assert!(human.contains("//me:*******@h/"), "{human}");
        assert!(!human.contains("hunter2"), "{human}");
        let piped = stdout(&rfc1738(
            &["check", "--verbose"],
            format!("{input}\n").as_bytes(),
        ));
        assert!(
            !piped.contains("hunter2") && piped.contains("*******"),
            "{piped}"
        );
        let shown = stdout(&rfc1738(&["check", "--show-passwords", input], b""));
        assert!(shown.contains("//me:hunter2@h/"), "{shown}");
        let json = stdout(&rfc1738(&["check", "--format", "json", input], b""));
        assert!(json.contains("//me:hunter2@h/"), "{json}");
    }
    let human = stdout(&rfc1738(&["check", inputs[0]], b""));
    assert!(
        human.contains("1 | ftp://a:*@h/ ftp://me:*******@h/"),
        "{human}"
    );
}

/// Inputs that differ only in what their hidden password holds are told
/// alike: `check` writes the same diagnostic for each, and `--summary`
/// counts them as one cause, its expected set and hint codes included.
/// `http://me:ab/d@h/` was not told that an http URL allows no user name,
/// `http://me:abcd@h/` was; `ftp://me:a%"b@h/` expected a hex digit,
/// `ftp://me:ab"b@h/` a uchar or the `@`.
#[test]
fn inputs_that_differ_only_in_a_hidden_password_are_told_alike() {
    let pairs = [
        (
            ["http://me:abcd@h/", "http://me:ab/d@h/"],
            "user-not-allowed",
        ),
        (
            ["file://me:abcd@h/x", "file://me:ab/c@h/x"],
            "user-not-allowed",
        ),
        (
            ["wais://me:abcd@h/db", "wais://me:ab/c@h/db"],
            "user-not-allowed",
        ),
        (
            ["ftp://me:a%\"b@h/", "ftp://me:ab\"b@h/"],
            "ftpurl › password: expected uchar, \";\", \"?\", \"&\", \"=\" or \"@\"\n",
        ),
        (
            ["ftp://me:ab%@h/", "ftp://me:a@b@h/"],
            "ftpurl › password: expected uchar, \";\", \"?\", \"&\" or \"=\"\n",
        ),
    ];
    for (pair, cause) in pairs {
        let shown = pair.map(|input| stdout(&rfc1738(&["check", input], b"")));
        assert_eq!(shown[0], shown[1], "{pair:?}");
        let lines = format!("{}\n{}\n", pair[0], pair[1]);
        let summary = stdout(&rfc1738(&["check", "--summary"], lines.as_bytes()));
        assert!(
            summary.contains("why inputs are invalid: 1 cause\n"),
            "{summary}"
        );
        assert!(summary.contains(cause), "{summary}");
    }
}

#[test]
fn quiet_prints_only_the_invalid_inputs() {
    let output = rfc1738(&["check", "--quiet"], b"http://a/\nhttp://b c/\nnews:*\n");
    let text = stdout(&output);
    assert!(
        !text
            .lines()
            .any(|line| line.contains(": valid ") || line.starts_with("valid ")),
        "{text}"
    );
    assert!(text.contains("--> <stdin>:2:"), "{text}");
    // No summary with --quiet, unless asked for.
    assert_eq!(stderr(&output), "");
    let output = rfc1738(
        &["check", "-q", "--stats"],
        b"http://a/\nhttp://b c/\nnews:*\n",
    );
    assert_eq!(
        stderr(&output),
        "rfc1738: 3 inputs: 2 valid, 1 invalid, 0 warnings\n"
    );
}

#[test]
fn colour_follows_the_terminal_no_color_and_the_option() {
    let plain = stdout(&rfc1738(&["check", "http://a b/"], b""));
    assert!(!plain.contains('\u{1b}'), "not a terminal: no colour");
    let forced = stdout(&rfc1738(
        &["check", "--color", "always", "http://a b/", "http://a/"],
        b"",
    ));
    assert!(forced.contains("\u{1b}["), "{forced:?}");
    let never = stdout(&rfc1738(&["check", "--color", "never", "http://a b/"], b""));
    assert!(!never.contains('\u{1b}'));
}

#[test]
fn hints_cite_the_rfc_in_both_formats() {
    let human = stdout(&rfc1738(&["check", "http://user@host/"], b""));
    assert!(
        human.contains(
            "= help: an http URL allows no user name or password (RFC 1738, section 3.3)"
        ),
        "{human}"
    );
    let record = &records(&rfc1738(
        &["check", "--format", "json", "http://host/a b"],
        b"",
    ))[0];
    assert_eq!(
        record["error"]["hints"],
        json!(["\" \" is unsafe and must always be encoded: write %20 (RFC 1738, section 2.2)"])
    );
}

#[test]
fn a_line_of_many_megabytes_is_one_input() {
    let mut input = b"http://host/".to_vec();
    input.extend(std::iter::repeat_n(b'a', 8 << 20));
    input.extend_from_slice(b"\nnews:*\n");
    let output = rfc1738(&["check", "--format", "json"], &input);
    let records = records(&output);
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["valid"], json!(true));
    assert_eq!(records[0]["input"].as_str().unwrap().len(), (8 << 20) + 12);
    assert_eq!(records[1]["line"], json!(2));
}

#[test]
fn many_lines_keep_their_order_across_threads() {
    let lines: Vec<String> = (0..50_000)
        .map(|i| {
            if i % 7 == 0 {
                format!("http://h/{i} x")
            } else {
                format!("http://h/{i}")
            }
        })
        .collect();
    let output = rfc1738(&["check", "--format", "json"], lines.join("\n").as_bytes());
    let records = records(&output);
    assert_eq!(records.len(), lines.len());
    for (i, (record, line)) in records.iter().zip(&lines).enumerate() {
        assert_eq!(record["input"].as_str().unwrap(), line);
        assert_eq!(record["line"], json!(i + 1));
        assert_eq!(record["valid"], json!(i % 7 != 0));
    }
}

#[test]
fn extract_finds_the_appendix_urls() {
    let text = "Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\n\
                type=d> but you can probably pick it up from <URL:ftp://ds.in\n\
                ternic.net/rfc>. Note the warning in <URL:http://ds.internic.\n\
                net/instructions/overview.html#WARNING>.\n";
    let output = rfc1738(&["extract"], text.as_bytes());
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "<stdin>:1:28: ftp://info.cern.ch/pub/www/doc;type=d (valid ftpurl)\n\
         <stdin>:2:46: ftp://ds.internic.net/rfc (valid ftpurl)\n\
         <stdin>:3:38: http://ds.internic.net/instructions/overview.html (valid httpurl)\n  \
         note: the fragment \"#WARNING\" is not part of the URL (RFC 1738, section 2.2 and the appendix)\n"
    );
    let json = records(&rfc1738(&["extract", "--format", "json"], text.as_bytes()));
    assert_eq!(json.len(), 3);
    assert_eq!(json[2]["fragment"], json!("WARNING"));
    assert_eq!(json[0]["form"], json!("url-prefixed"));
    assert_eq!(
        (json[1]["start"].clone(), json[1]["end"].clone()),
        (json!(109), json!(141))
    );
}

#[test]
fn extract_reports_invalid_hits_and_hyphen_breaks() {
    let text = "see <URL:http://host/~user> and <URL:ftp://a.b/long-\n  name>\n";
    let output = rfc1738(&["extract"], text.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    let human = stdout(&output);
    assert!(
        human.contains("<stdin>:1:5: http://host/~user (not a valid httpurl)"),
        "{human}"
    );
    assert!(human.contains("the error is at <stdin>:1:22:"), "{human}");
    assert!(
        human.contains("without it: ftp://a.b/longname (valid)"),
        "{human}"
    );
    assert_eq!(
        rfc1738(&["extract", "-f", "/nonexistent"], b"")
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn extract_shows_an_empty_url_as_such() {
    let human = stdout(&rfc1738(&["extract"], b"see <URL:> and <URL: #x>\n"));
    assert!(
        human.contains("<stdin>:1:5: (empty URL) (not a valid otherurl)\n"),
        "{human}"
    );
    assert!(
        human.contains("<stdin>:1:16: (empty URL) (not a valid otherurl)\n"),
        "{human}"
    );
}

#[test]
fn extract_says_how_many_hyphen_breaks_it_does_not_report() {
    let text = format!("<URL:ftp://h/{}x>\n", "a-\n".repeat(20));
    let human = stdout(&rfc1738(&["extract"], text.as_bytes()));
    assert_eq!(
        human.matches("note: a line break follows").count(),
        16,
        "{human}"
    );
    assert!(
        human.contains(
            "  note: and 4 more hyphens followed by a line break, not reported (at most 16 are)\n"
        ),
        "{human}"
    );
    // JSON says as much: 16 listed, and the count of the others.
    let json = records(&rfc1738(&["extract", "--format", "json"], text.as_bytes()));
    assert_eq!(json[0]["hyphen_breaks"].as_array().map(Vec::len), Some(16));
    assert_eq!(json[0]["more_hyphen_breaks"], json!(4));
    let text = format!("<URL:ftp://h/{}x>\n", "a-\n".repeat(16));
    let human = stdout(&rfc1738(&["extract"], text.as_bytes()));
    assert!(!human.contains("more hyphen"), "{human}");
    let json = records(&rfc1738(&["extract", "--format", "json"], text.as_bytes()));
    assert_eq!(json[0]["hyphen_breaks"].as_array().map(Vec::len), Some(16));
    assert_eq!(json[0]["more_hyphen_breaks"], json!(0));
}

#[test]
fn extract_checks_the_other_reading_of_a_long_url_without_writing_it() {
    // A URL over 4096 bytes: its other reading is checked, and not written
    // (it was, in full, once per hyphen break).
    let text = format!("<URL:ftp://h/{}-\n  b>\n", "a".repeat(5000));
    let output = rfc1738(&["extract"], text.as_bytes());
    let human = stdout(&output);
    assert!(
        human.contains(
            "without it: the URL less that hyphen, valid (the URL is longer than 4096 bytes: \
             not shown)"
        ),
        "{human}"
    );
    assert!(human.len() < 5000 + 400, "{human}");
    let json = records(&rfc1738(&["extract", "--format", "json"], text.as_bytes()));
    let hyphen = &json[0]["hyphen_breaks"][0];
    assert_eq!(hyphen["offset"], json!(5013));
    assert_eq!(hyphen["without"], json!(null));
    assert_eq!(hyphen["without_valid"], json!(true));
}

#[test]
fn extract_shows_no_reading_whose_fragment_is_too_long_to_look_for_a_password_in() {
    // A password that a `#` cut in two is hidden in a reading as in the
    // URL: the reading is read written with its fragment. Of a fragment
    // over 4096 bytes that took a copy and a reading for each hyphen; the
    // readings are not shown then, unless passwords are.
    let long = format!("<URL:ftp://me:pw-\n  d#{}@h/>\n", "x".repeat(5000));
    let human = stdout(&rfc1738(&["extract"], long.as_bytes()));
    assert!(
        human.contains(
            "without it: the URL less that hyphen, not valid (its fragment, where part of a \
             password may stand, is longer than 4096 bytes: not shown)\n"
        ),
        "{human}"
    );
    assert!(!human.contains("pw"), "{human}");
    let shown = stdout(&rfc1738(&["extract", "--show-passwords"], long.as_bytes()));
    assert!(
        shown.contains("without it: ftp://me:pwd (not valid)\n"),
        "{shown}"
    );
    // At 4096 bytes, the reading is shown, its password hidden.
    let short = format!("<URL:ftp://me:pw-\n  d#{}@h/>\n", "x".repeat(4096 - 4));
    let human = stdout(&rfc1738(&["extract"], short.as_bytes()));
    assert!(
        human.contains("without it: ftp://me:*** (not valid)\n"),
        "{human}"
    );
    let json = records(&rfc1738(&["extract", "--format", "json"], long.as_bytes()));
    assert_eq!(
        json[0]["hyphen_breaks"][0]["without"],
        json!("ftp://me:pwd")
    );
}

#[test]
fn extract_reports_offsets_in_the_bytes_read() {
    // Bytes that are not UTF-8 before, between and inside hits: two lone
    // 0xFF, a truncated three-byte character, an "é" and an emoji (valid,
    // two and four bytes), 0xFF in a wrapper, 0xE9 in a bare URL and 0xFF
    // in its fragment; last, a U+FFFD that the input holds as such.
    let text: &[u8] = b"\xff\xff http://h/a \xe2\x82 caf\xc3\xa9 <URL:ftp://a.b/lo-\n  ng/x\xffy> \
        \xff\n\xf0\x9f\x98\x80 http://h/b\xe9c#fr\xffag.\nhttp://h/\xef\xbf\xbd\n";
    let output = rfc1738(&["extract", "--format", "json"], text);
    assert_eq!(output.status.code(), Some(1));
    let json = records(&output);
    let spans: Vec<_> = json
        .iter()
        .map(|hit| {
            let (start, end) = (hit["start"].as_u64().unwrap(), hit["end"].as_u64().unwrap());
            &text[start as usize..end as usize]
        })
        .collect();
    assert_eq!(
        spans,
        [
            &b"http://h/a"[..],
            b"<URL:ftp://a.b/lo-\n  ng/x\xffy>",
            b"http://h/b\xe9c#fr\xffag",
            b"http://h/\xef\xbf\xbd",
        ]
    );
    // Lines and columns count characters, each U+FFFD the text is read with
    // one: a lone bad byte, or a truncated character's bytes together.
    let places: Vec<_> = json
        .iter()
        .map(|hit| (hit["line"].clone(), hit["column"].clone()))
        .collect();
    assert_eq!(
        places,
        [
            (json!(1), json!(4)),
            (json!(1), json!(22)),
            (json!(3), json!(3)),
            (json!(4), json!(1))
        ]
    );
    let hyphen = json[1]["hyphen_breaks"][0]["offset"].as_u64().unwrap();
    assert_eq!((hyphen, text[hyphen as usize]), (40, b'-'));
    // The errors stand on the bad bytes, and name them as `check` does.
    for (hit, offset, line, column, byte) in
        [(&json[1], 48, 2, 7, "0xFF"), (&json[2], 69, 3, 13, "0xE9")]
    {
        assert_eq!(
            hit["error_at"],
            json!({"offset": offset, "line": line, "column": column})
        );
        let message = hit["error"]["message"].as_str().unwrap();
        assert!(
            message.ends_with(&format!("found byte {byte}")),
            "{message}"
        );
        let hint = &hit["error"]["hints"][0];
        assert!(
            hint.as_str()
                .unwrap()
                .contains(&format!("as %{}", &byte[2..])),
            "{hint}"
        );
    }
    assert_eq!(json[2]["fragment"], json!("fr\u{FFFD}ag"));
    // A U+FFFD of the input is a character like any other.
    assert_eq!(json[3]["error"]["found"], json!("\u{FFFD}"));
    let hint = json[3]["error"]["hints"][0].as_str().unwrap();
    assert!(hint.contains("%EF%BF%BD"), "{hint}");

    let human = stdout(&rfc1738(&["extract"], text));
    for line in [
        "<stdin>:1:4: http://h/a (valid httpurl)",
        "<stdin>:1:22: ftp://a.b/lo-ng/x\u{FFFD}y (not a valid ftpurl)",
        "  note: a line break follows the \"-\" at byte 40:",
        "  the error is at <stdin>:2:7:",
        "<stdin>:3:3: http://h/b\u{FFFD}c (not a valid httpurl)",
        "  the error is at <stdin>:3:13:",
        "found byte 0xE9",
    ] {
        assert!(human.contains(line), "{line:?} in\n{human}");
    }
}

/// The bytes that `extract`'s human notes give the hyphens at line breaks.
fn hyphen_bytes(human: &str) -> Vec<usize> {
    let before = "a line break follows the \"-\" at byte ";
    human
        .match_indices(before)
        .map(|(at, _)| {
            let digits = &human[at + before.len()..];
            let end = digits.find(':').expect("a colon after the byte");
            digits[..end].parse().expect("a byte offset")
        })
        .collect()
}

#[test]
fn extract_counts_a_hidden_character_as_one_byte_where_a_hyphen_is() {
    // A hyphen's byte in the text told how long in UTF-8 the hidden
    // characters before it are: those of its URL's password, and of a hit
    // before it (here in a fragment, the rest of a password that a `#` cut
    // in two, of a valid URL that `--quiet` does not show). Each counts as
    // the one byte of its `*`, as a password of ASCII would: a lone bad
    // byte, a truncated character, "é", "€" and an emoji alike.
    let text = |password: &[u8]| -> Vec<u8> {
        let mut text = b"see <URL:ftp://me:p".to_vec();
        text.extend_from_slice(password);
        text.extend_from_slice(b"-\n ss@h/a-\n b> and <URL:ftp://ad:1#");
        text.extend_from_slice(password);
        text.extend_from_slice(b"2@h/> then <URL:ftp://h:c-\n d/>\n");
        text
    };
    let ascii = text(b"x");
    let json = records(&rfc1738(&["extract", "--format", "json"], &ascii));
    let ascii_offsets: Vec<u64> = json
        .iter()
        .flat_map(|hit| hit["hyphen_breaks"].as_array().unwrap().clone())
        .map(|hyphen| hyphen["offset"].as_u64().unwrap())
        .collect();
    assert_eq!(ascii_offsets, [20, 29, 81]);
    let wide: [&[u8]; 5] = [
        b"\xff",
        b"\xe2\x82",
        "é".as_bytes(),
        "€".as_bytes(),
        "😀".as_bytes(),
    ];
    let shown = |args: &[&str], text: &[u8]| stdout(&rfc1738(args, text));
    let human = shown(&["extract"], &text(wide[0]));
    let quiet = shown(&["extract", "--quiet"], &text(wide[0]));
    assert_eq!(hyphen_bytes(&human), [20, 29, 81], "{human}");
    assert_eq!(hyphen_bytes(&quiet), [20, 29, 81], "{quiet}");
    for password in wide {
        let text = text(password);
        assert_eq!(shown(&["extract"], &text), human);
        assert_eq!(shown(&["extract", "--quiet"], &text), quiet);
        // JSON and `--show-passwords` hide nothing: the bytes as read.
        let json = records(&rfc1738(&["extract", "--format", "json"], &text));
        let offsets: Vec<usize> = json
            .iter()
            .flat_map(|hit| hit["hyphen_breaks"].as_array().unwrap().clone())
            .map(|hyphen| hyphen["offset"].as_u64().unwrap() as usize)
            .collect();
        let extra = password.len() - 1;
        assert_eq!(offsets, [20 + extra, 29 + extra, 81 + 2 * extra]);
        assert!(offsets.iter().all(|&at| text[at] == b'-'));
        let shown = shown(&["extract", "--show-passwords"], &text);
        assert_eq!(hyphen_bytes(&shown), offsets, "{shown}");
    }
    // The texts of the report, a file each: the same note, the file's
    // name apart.
    let dir = std::env::temp_dir().join(format!("rfc1738-hyphen-bytes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let notes: Vec<String> = ["€", "😀"]
        .iter()
        .map(|password| {
            let file = dir.join("text");
            let text = format!("see <URL:ftp://me:p{password}-\n ss@h/a-\n b>\n");
            std::fs::write(&file, text).unwrap();
            let path = file.to_str().unwrap();
            shown(&["extract", "-f", path], b"").replace(path, "FILE")
        })
        .collect();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(hyphen_bytes(&notes[0]), [20, 29], "{}", notes[0]);
    assert_eq!(notes[0], notes[1]);
}

/// Runs `rfc1738 ARGS` with a pipe for standard input, writes `first`, and
/// returns the first line of output, or `None` if none came within ten
/// seconds while standard input stayed open.
fn first_answer(args: &[&str], first: &str) -> Option<String> {
    use std::io::{BufRead, BufReader};
    let mut child = spawn(args, Stdio::null());
    let mut input = child.stdin.take().unwrap();
    input.write_all(first.as_bytes()).unwrap();
    input.flush().unwrap();
    let output = child.stdout.take().unwrap();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(output).read_line(&mut line);
        let _ = send.send(line);
    });
    let answer = receive
        .recv_timeout(std::time::Duration::from_secs(10))
        .ok();
    // Standard input closes only now: the answer came while it was open.
    drop(input);
    child.wait().unwrap();
    answer
}

#[test]
fn each_line_from_a_pipe_is_answered_before_the_next_is_written() {
    let answer = first_answer(&["check", "--verbose"], "http://a/\n");
    assert_eq!(
        answer.as_deref(),
        Some("<stdin>:1: valid httpurl: http://a/\n")
    );
    let answer = first_answer(&["check"], "http://a b/\n");
    assert_eq!(
        answer.as_deref(),
        Some(
            "error: not a valid httpurl: expected alphadigit, \"-\", \".\", \":\", \"/\" or end of input, found \" \"\n"
        )
    );
    let answer = first_answer(&["check", "--format", "json"], "ftp://b/\n").unwrap();
    assert!(
        answer.contains(r#""rule":"ftpurl","valid":true"#),
        "{answer}"
    );
    let answer = first_answer(&["parse", "--format", "json"], "news:x\n").unwrap();
    assert!(answer.contains(r#""valid":true"#), "{answer}");
}

#[test]
fn extract_reads_markdown_links_and_marks() {
    let text = "See **http://a.b/c**, `ftp://h/f` and [the spec](http://a.b/spec) \
                or [http://x.y/](http://x.y/z) and <http://a.b/auto>.\n";
    let output = rfc1738(&["extract", "--format", "json"], text.as_bytes());
    assert_eq!(output.status.code(), Some(0));
    let hits = records(&output);
    let found: Vec<(&str, &str)> = hits
        .iter()
        .map(|hit| {
            let (start, end) = (hit["start"].as_u64().unwrap(), hit["end"].as_u64().unwrap());
            (
                hit["url"].as_str().unwrap(),
                &text[start as usize..end as usize],
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            ("http://a.b/c", "http://a.b/c"),
            ("ftp://h/f", "ftp://h/f"),
            ("http://a.b/spec", "http://a.b/spec"),
            ("http://x.y/", "http://x.y/"),
            ("http://x.y/z", "http://x.y/z"),
            ("http://a.b/auto", "<http://a.b/auto>"),
        ]
    );
    let human = stdout(&rfc1738(&["extract"], text.as_bytes()));
    assert!(
        human.starts_with("<stdin>:1:7: http://a.b/c (valid httpurl)\n"),
        "{human}"
    );
}
