//! Every command's JSON is JSON, whatever it is given: every production's
//! alphabet (read from the grammar itself), `"`, `\`, control characters
//! and bytes that are not UTF-8, as lines, as arguments and in file names,
//! go through `check`, `parse`, `explain`, `extract` and `coverage`, and
//! each line they write is parsed strictly, one JSON object a line; the
//! inputs read back from the records, bytes that are not UTF-8 included.

mod common;

use std::collections::BTreeSet;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;
use std::process::Output;

use rfc1738::Rule;
use rfc1738::bnf::{Expr, Grammar};
use serde_json::Value;

use common::rfc1738;

/// The characters of the strings of `rule`: those of every literal it
/// reaches through the grammar.
fn alphabet(rule: Rule) -> BTreeSet<char> {
    fn walk(expr: &Expr, seen: &mut BTreeSet<String>, chars: &mut BTreeSet<char>) {
        match expr {
            Expr::Alternatives(items) | Expr::Sequence(items) => {
                for item in items {
                    walk(item, seen, chars);
                }
            }
            Expr::Optional(inner) | Expr::Repeat { expr: inner, .. } => walk(inner, seen, chars),
            Expr::Literal(text) => chars.extend(text.chars()),
            Expr::Ref(name) => {
                if seen.insert(name.clone()) {
                    let production = Grammar::rfc1738().get(name).expect("a production");
                    walk(&production.expr, seen, chars);
                }
            }
            other => panic!("an expression this walk does not know: {other:?}"),
        }
    }
    let mut chars = BTreeSet::new();
    walk(
        &Expr::Ref(rule.name().to_owned()),
        &mut BTreeSet::new(),
        &mut chars,
    );
    chars
}

/// What JSON must escape, or what it is easy to get wrong: quotes,
/// backslashes, every control character, what a terminal obeys.
fn hostile() -> Vec<Vec<u8>> {
    let mut inputs: Vec<Vec<u8>> = vec![
        b"\"".to_vec(),
        b"\\".to_vec(),
        b"\\\"".to_vec(),
        b"http://h/\"},{\"valid\":true".to_vec(),
        b"ftp://me:p\"w\\@h/".to_vec(),
        "\u{7f}\u{85}\u{9b}\u{202e}\u{2028}\u{feff}\u{e0041}é😀".into(),
    ];
    // Every C0 control but the line feed, which ends a line.
    inputs.extend(
        (0u8..0x20)
            .filter(|&b| b != b'\n')
            .map(|b| vec![b'a', b, b'b']),
    );
    // Bytes that are not UTF-8: lone, truncated, a surrogate, past U+10FFFF.
    for bad in [
        &b"\xff"[..],
        b"http://h/\xc3",
        b"\xed\xa0\x80",
        b"\xf4\x90\x80\x80",
        b"ftp://h/\x80x",
    ] {
        inputs.push(bad.to_vec());
    }
    inputs
}

/// The inputs for `rule`: its alphabet, whole and a character at a time,
/// and the hostile ones.
fn inputs(rule: Rule) -> Vec<Vec<u8>> {
    let alphabet = alphabet(rule);
    let mut inputs: Vec<Vec<u8>> = vec![alphabet.iter().collect::<String>().into_bytes()];
    inputs.extend(alphabet.iter().map(|c| c.to_string().into_bytes()));
    inputs.extend(hostile());
    inputs
}

/// The lines of `inputs`, as standard input.
fn lines(inputs: &[Vec<u8>]) -> Vec<u8> {
    let mut lines = Vec::new();
    for input in inputs {
        lines.extend_from_slice(input);
        lines.push(b'\n');
    }
    lines
}

/// Each line of standard output parsed strictly: exactly one JSON object a
/// line, the output ending with a line feed.
#[track_caller]
fn strict(run: &str, output: &Output) -> Vec<Value> {
    assert!(
        matches!(output.status.code(), Some(0..=2)),
        "{run}: {:?}",
        output.status
    );
    let text = std::str::from_utf8(&output.stdout).unwrap_or_else(|e| panic!("{run}: {e}"));
    assert!(text.is_empty() || text.ends_with('\n'), "{run}: {text:?}");
    text.lines()
        .map(|line| {
            let value: Value = serde_json::from_str(line)
                .unwrap_or_else(|error| panic!("{run}: {error}: {line:?}"));
            assert!(value.is_object(), "{run}: {line}");
            value
        })
        .collect()
}

/// Asserts that `record` gives back `input`: as `input`, and as
/// `input_bytes` when it is not UTF-8.
#[track_caller]
fn reads_back(run: &str, record: &Value, input: &[u8]) {
    match std::str::from_utf8(input) {
        Ok(text) => {
            assert_eq!(record["input"], text, "{run}");
            assert!(record.get("input_bytes").is_none(), "{run}: {record}");
        }
        Err(_) => {
            let lossy = String::from_utf8_lossy(input);
            assert_eq!(record["input"], lossy.as_ref(), "{run}");
            assert_eq!(bytes_of(run, record, "input_bytes"), input, "{run}");
        }
    }
}

/// The array of byte values `record` holds as `member`.
#[track_caller]
fn bytes_of(run: &str, record: &Value, member: &str) -> Vec<u8> {
    record[member]
        .as_array()
        .unwrap_or_else(|| panic!("{run}: no {member} in {record}"))
        .iter()
        .map(|byte| {
            byte.as_u64()
                .and_then(|b| u8::try_from(b).ok())
                .expect("a byte")
        })
        .collect()
}

#[test]
fn check_and_explain_write_json_for_every_production_and_any_bytes() {
    for rule in Rule::ALL {
        let inputs = inputs(rule);
        let stdin = lines(&inputs);
        for command in ["check", "explain"] {
            let run = format!("{command} --rule {rule}");
            let output = rfc1738(
                &[command, "--format", "json", "--rule", rule.name()],
                &stdin,
            );
            let records = strict(&run, &output);
            assert_eq!(records.len(), inputs.len(), "{run}");
            for (record, input) in records.iter().zip(&inputs) {
                reads_back(&run, record, input);
            }
        }
        let run = format!("coverage --rule {rule}");
        let output = rfc1738(
            &["coverage", "--format", "json", "--rule", rule.name()],
            &stdin,
        );
        let report = strict(&run, &output);
        assert_eq!(report.len(), 1, "{run}");
        assert_eq!(report[0]["inputs"], inputs.len(), "{run}");
    }
}

#[test]
fn every_command_writes_json_for_any_input_as_a_line_or_an_argument() {
    let inputs: Vec<Vec<u8>> = [Rule::Url, Rule::National, Rule::Punctuation]
        .into_iter()
        .flat_map(inputs)
        .collect();
    let stdin = lines(&inputs);
    for args in [
        &["check", "--format", "json"][..],
        &["check", "--format", "json", "--rule", "national"],
        &["parse", "--format", "json"],
        &["explain", "--format", "json"],
    ] {
        let run = args.join(" ");
        let records = strict(&run, &rfc1738(args, &stdin));
        assert_eq!(records.len(), inputs.len(), "{run}");
        for (record, input) in records.iter().zip(&inputs) {
            reads_back(&run, record, input);
        }
        // Arguments, byte for byte (an argument holds no NUL, and `-` is
        // standard input).
        let mut all: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
        all.push(OsStr::new("--"));
        let arguments: Vec<&Vec<u8>> = inputs
            .iter()
            .filter(|input| !input.contains(&0) && input.as_slice() != b"-")
            .collect();
        all.extend(arguments.iter().map(|input| OsStr::from_bytes(input)));
        let records = strict(&run, &rfc1738(&all, b""));
        assert_eq!(records.len(), arguments.len(), "{run}");
        for (record, input) in records.iter().zip(&arguments) {
            reads_back(&run, record, input);
        }
    }
    // The issue's cases: valid inputs that hold `\` and `"`.
    for (rule, input) in [("national", "\\"), ("punctuation", "\"")] {
        let output = rfc1738(&["check", "--format", "json", "--rule", rule, input], b"");
        let records = strict(rule, &output);
        assert_eq!(records[0]["valid"], true, "{rule}");
        assert_eq!(records[0]["input"], input, "{rule}");
    }
}

#[test]
fn extract_writes_json_for_any_text() {
    let mut text = Vec::new();
    for input in inputs(Rule::Url).iter().chain(&hostile()) {
        // Each input bare, after a scheme, and in wrappers.
        for (before, after) in [
            (&b"see http://h/"[..], &b" and"[..]),
            (b"<URL:ftp://h/", b">"),
            (b"<news:", b">"),
            (b"**http://h/", b"**"),
            (b"[x](http://h/", b")"),
        ] {
            text.extend_from_slice(before);
            text.extend_from_slice(input);
            text.extend_from_slice(after);
            text.push(b' ');
        }
        text.push(b'\n');
    }
    let output = rfc1738(&["extract", "--format", "json"], &text);
    let hits = strict("extract", &output);
    assert!(hits.len() > 100, "{} hits", hits.len());
    for hit in &hits {
        let (start, end) = (hit["start"].as_u64(), hit["end"].as_u64());
        let span = start.zip(end).expect("a span");
        assert!(span.0 < span.1 && span.1 as usize <= text.len(), "{hit}");
    }
    // As arguments, each a text.
    let arguments: Vec<Vec<u8>> = hostile()
        .into_iter()
        .filter(|input| !input.contains(&0))
        .map(|input| [&b"see <URL:http://h/"[..], &input, b"> "].concat())
        .collect();
    let mut args: Vec<&OsStr> = ["extract", "--format", "json", "--"]
        .map(OsStr::new)
        .to_vec();
    args.extend(arguments.iter().map(|text| OsStr::from_bytes(text)));
    let hits = strict("extract arguments", &rfc1738(&args, b""));
    assert_eq!(hits.len(), arguments.len());
}

#[test]
fn file_names_of_any_characters_are_json_strings() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("json-names");
    std::fs::create_dir_all(&dir).expect("a directory");
    let name = "a\"b\\c\u{1}d\u{1b}[31m\te\u{7f}\u{202e}f.txt";
    let path = dir.join(name);
    // A line too long (the limit is 20 bytes) is named by its file.
    std::fs::write(
        &path,
        b"http://h/\nhttp://hhhhhhhhhhhhhhhhhhhhhhhh/\nx\"\\\n",
    )
    .expect("a file");
    let path = path.to_str().expect("UTF-8");
    let limit = ["--max-line-bytes", "20"];
    for command in ["check", "parse", "explain"] {
        let args = [command, "--format", "json", limit[0], limit[1], "-f", path];
        let records = strict(command, &rfc1738(&args, b""));
        assert_eq!(records.len(), 3, "{command}");
        assert_eq!(records[1]["too_long"], true, "{command}");
        assert_eq!(records[1]["file"], path, "{command}");
    }
    let records = strict(
        "check",
        &rfc1738(&["check", "--format", "json", "-f", path], b""),
    );
    assert!(records.iter().all(|record| record["file"] == path));
    let args = [
        "coverage", "--format", "json", limit[0], limit[1], "-f", path,
    ];
    let report = strict("coverage", &rfc1738(&args, b""));
    assert_eq!(report[0]["too_long"][0]["file"], path);
    std::fs::write(dir.join(name), b"see http://h/ and <URL:ftp://h/\"x>\n").expect("a file");
    let hits = strict(
        "extract",
        &rfc1738(&["extract", "--format", "json", "-f", path], b""),
    );
    assert!(hits.iter().all(|hit| hit["file"] == path));
}

/// Asserts that `record` names the file `name`, not UTF-8: `file` with
/// U+FFFD for its bad bytes, and the bytes themselves in `file_bytes`.
#[track_caller]
fn names_file(run: &str, record: &Value, name: &[u8]) {
    assert_eq!(
        record["file"],
        String::from_utf8_lossy(name).as_ref(),
        "{run}"
    );
    assert_eq!(bytes_of(run, record, "file_bytes"), name, "{run}");
}

#[test]
fn file_names_that_are_not_utf8_keep_their_bytes() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("json-bytes-names");
    std::fs::create_dir_all(&dir).expect("a directory");
    let path = dir.join(OsStr::from_bytes(b"\xff\xfe\"\x1b[1m.txt"));
    let name = path.as_os_str().as_bytes();
    // A line too long (the limit is 20 bytes) is named by its file.
    std::fs::write(&path, b"http://h/\nhttp://hhhhhhhhhhhhhhhhhhhhhhhh/\n").expect("a file");
    let limit = ["--max-line-bytes", "20"];
    let file = path.as_os_str();
    for command in ["check", "parse", "explain"] {
        let args = [command, "--format", "json", limit[0], limit[1], "-f"].map(OsStr::new);
        let records = strict(command, &rfc1738(&[&args[..], &[file]].concat(), b""));
        assert_eq!(records.len(), 2, "{command}");
        assert_eq!(records[1]["too_long"], true, "{command}");
        names_file(command, &records[1], name);
        // The record of a line read, too: `parse` names the file
        // `input_file`, `file` being a file URL's parts.
        match command {
            "parse" => {
                let lossy = String::from_utf8_lossy(name);
                assert_eq!(records[0]["input_file"], lossy.as_ref());
                assert_eq!(bytes_of(command, &records[0], "input_file_bytes"), name);
            }
            _ => names_file(command, &records[0], name),
        }
        assert_eq!(records[0]["line"], 1, "{command}");
    }
    let args = ["check", "--format", "json", "-f"].map(OsStr::new);
    for record in strict("check", &rfc1738(&[&args[..], &[file]].concat(), b"")) {
        names_file("check", &record, name);
    }
    let args = ["coverage", "--format", "json", limit[0], limit[1], "-f"].map(OsStr::new);
    let report = strict("coverage", &rfc1738(&[&args[..], &[file]].concat(), b""));
    names_file("coverage", &report[0]["too_long"][0], name);
    let args = ["extract", "--format", "json", "-f"].map(OsStr::new);
    let hits = strict("extract", &rfc1738(&[&args[..], &[file]].concat(), b""));
    assert_eq!(hits.len(), 2);
    for hit in &hits {
        names_file("extract", hit, name);
    }
    // The summary's sources and examples, a warning's and an error's.
    std::fs::write(&path, b"http://h:8a/\nftp://h:25/\n").expect("a file");
    let args = ["check", "--summary", "--format", "json", "-f"].map(OsStr::new);
    let summary = strict(
        "summary",
        &rfc1738(&[&args[..], &[file, OsStr::new("-")]].concat(), b""),
    );
    let summary = &summary[0];
    // Arguments ("-" here, standard input) come before files.
    assert_eq!(summary["sources"][0], "<stdin>");
    let lossy = String::from_utf8_lossy(name);
    assert_eq!(summary["sources"][1], lossy.as_ref());
    let sources_bytes = &summary["sources_bytes"];
    assert_eq!(sources_bytes[0], Value::Null, "{summary}");
    let second: Vec<u8> = serde_json::from_value(sources_bytes[1].clone()).expect("bytes");
    assert_eq!(second, name, "{summary}");
    names_file("summary", &summary["causes"][0]["examples"][0], name);
    names_file("summary", &summary["warning_codes"][0]["examples"][0], name);
    // A name that is UTF-8 has no `file_bytes`, and no `sources_bytes`.
    let summary = strict(
        "summary",
        &rfc1738(
            &["check", "--summary", "--format", "json"],
            b"ftp://h/%zz\n",
        ),
    );
    assert!(summary[0].get("sources_bytes").is_none(), "{}", summary[0]);
    let example = &summary[0]["causes"][0]["examples"][0];
    assert_eq!(example["file"], "<stdin>");
    assert!(example.get("file_bytes").is_none(), "{example}");
    let hits = strict(
        "extract",
        &rfc1738(&["extract", "--format", "json"], b"ftp://h/"),
    );
    assert_eq!(hits[0]["file"], "<stdin>");
    assert!(hits[0].get("file_bytes").is_none(), "{}", hits[0]);
}

#[test]
fn a_url_that_holds_bytes_that_are_not_utf8_keeps_them() {
    let text =
        b"see http://h/a\xffb and <URL:ftp://h/x\xfe\n  y\xc3#f\xfd> or http://h/\xef\xbf\xbd.";
    let hits = strict("extract", &rfc1738(&["extract", "--format", "json"], text));
    assert_eq!(hits.len(), 3, "{hits:?}");
    // A bare URL, and a wrapped one without its whitespace and fragment.
    assert_eq!(hits[0]["url"], "http://h/a\u{FFFD}b");
    assert_eq!(bytes_of("bare", &hits[0], "url_bytes"), b"http://h/a\xffb");
    assert_eq!(hits[1]["url"], "ftp://h/x\u{FFFD}y\u{FFFD}");
    assert_eq!(
        bytes_of("wrapped", &hits[1], "url_bytes"),
        b"ftp://h/x\xfey\xc3"
    );
    assert_eq!(hits[1]["fragment"], "f\u{FFFD}");
    assert_eq!(bytes_of("fragment", &hits[1], "fragment_bytes"), b"f\xfd");
    assert!(hits[0].get("fragment_bytes").is_none(), "{}", hits[0]);
    // A U+FFFD written in UTF-8 is text: no bytes were replaced.
    assert_eq!(hits[2]["url"], "http://h/\u{FFFD}");
    assert!(hits[2].get("url_bytes").is_none(), "{}", hits[2]);
    // The URL without a hyphen at a line break keeps its bytes too; a
    // fragment's `#` in the text before the URL's bad byte does not shift
    // them.
    let text = b"<URL:ftp://h/a-\n b\xff> <URL:ftp://h/\xfe#x\xfdy>";
    let hits = strict("extract", &rfc1738(&["extract", "--format", "json"], text));
    let hyphen = &hits[0]["hyphen_breaks"][0];
    assert_eq!(hyphen["without"], "ftp://h/ab\u{FFFD}");
    assert_eq!(
        bytes_of("without", hyphen, "without_bytes"),
        b"ftp://h/ab\xff"
    );
    assert_eq!(bytes_of("url", &hits[1], "url_bytes"), b"ftp://h/\xfe");
    assert_eq!(bytes_of("fragment", &hits[1], "fragment_bytes"), b"x\xfdy");
    let text = b"<URL:ftp://h/a-\n b>";
    let hits = strict("extract", &rfc1738(&["extract", "--format", "json"], text));
    let hyphen = &hits[0]["hyphen_breaks"][0];
    assert!(hyphen.get("without_bytes").is_none(), "{hyphen}");
}

#[test]
fn every_record_says_which_input_it_is_about() {
    // `parse` and `explain` said neither the file nor the line of a
    // record, and no command which argument: with several files, or
    // `--quiet`, a record could not be told to be of which input.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("json-whence");
    std::fs::create_dir_all(&dir).expect("a directory");
    let path = dir.join("urls.txt");
    std::fs::write(&path, b"file://h/x\n").expect("a file");
    let path = path.to_str().expect("a UTF-8 path");
    let stdin = b"news:x\nhttp://b c/\n";
    for command in ["check", "parse", "explain"] {
        // `parse` names a stream `input_file`: its `file` is a file URL's.
        let file = if command == "parse" {
            "input_file"
        } else {
            "file"
        };
        let args = [command, "--format", "json", "http://a/", "-"];
        let args = [&args[..], &["ftp://h/ a", "-f", path]].concat();
        let output = rfc1738(&args, stdin);
        let records = strict(command, &output);
        let whence: Vec<(Value, Value, Value)> = records
            .iter()
            .map(|record| {
                let member = |name: &str| record.get(name).cloned().unwrap_or(Value::Null);
                (member(file), member("line"), member("argument"))
            })
            .collect();
        let stream = |name: &str, line: u64| (Value::from(name), Value::from(line), Value::Null);
        let argument = |number: u64| (Value::Null, Value::Null, Value::from(number));
        // Arguments are numbered as `extract` numbers them, `-` counted.
        assert_eq!(
            whence,
            [
                argument(1),
                stream("<stdin>", 1),
                stream("<stdin>", 2),
                argument(3),
                stream(path, 1),
            ],
            "{command}"
        );
        // The members come last, and the file URL's `file` stays one.
        let text = String::from_utf8_lossy(&output.stdout);
        let last = text.lines().last().expect("a record");
        assert_eq!(last.matches("\"file\":").count(), 1, "{command}: {last}");
        let end = format!("\"{file}\":{},\"line\":1}}", Value::from(path));
        assert!(last.ends_with(&end), "{command}: {last}");
        // With --quiet, the records of the invalid inputs say which.
        let quiet = [&args[..1], &["-q"], &args[1..]].concat();
        let records = strict(command, &rfc1738(&quiet, stdin));
        assert_eq!(records.len(), 2, "{command}");
        assert_eq!(
            (&records[0][file], &records[0]["line"]),
            (&Value::from("<stdin>"), &Value::from(2)),
            "{command}"
        );
        assert_eq!(records[1]["argument"], 3, "{command}");
    }
}
