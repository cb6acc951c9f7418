//! Nothing panics on any input: arbitrary bytes through every public entry
//! point, and through the command line.

use std::io::Write;
use std::process::{Command, Stdio};

use proptest::prelude::*;
use rfc1738::bnf::{Grammar, Matcher};
use rfc1738::url::decode;
use rfc1738::{
    Rule, check, check_bytes, check_prefix, extract, is_valid, lint, parse, parse_prefix,
    parse_rule, scheme_rule,
};

/// Bytes that look like URLs often enough to go deep: pieces of the grammar,
/// unsafe characters, controls, non-ASCII and anything at all.
fn url_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(b"http://".to_vec()),
        Just(b"ftp://".to_vec()),
        Just(b"gopher://".to_vec()),
        Just(b"news:".to_vec()),
        Just(b"wais://".to_vec()),
        Just(b"prospero://".to_vec()),
        Just(b"file://".to_vec()),
        Just(b"%09".to_vec()),
        Just(b";type=".to_vec()),
        Just(b"%".to_vec()),
        prop::collection::vec(any::<u8>(), 0..4),
        "[a-zA-Z0-9:/@.?;=&%#~ -]{0,6}".prop_map(String::into_bytes),
    ];
    prop::collection::vec(piece, 0..12).prop_map(|pieces| pieces.concat())
}

/// Every library entry point on `data`.
fn every_entry_point(data: &[u8]) {
    let _ = check_bytes(data, None);
    for rule in [Rule::Url, Rule::Hostport, Rule::Gopherurl, Rule::Xchar] {
        let _ = check_bytes(data, Some(rule));
    }
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    let _ = scheme_rule(text);
    let _ = is_valid(text);
    match parse(text) {
        Ok(url) => {
            let _ = url.to_string();
            let _ = lint::lint(&url);
            let _ = url.canonical();
            if let Ok(parts) = url.to_parts() {
                let _ = parts.build();
            }
            let _ = url.effective_port();
        }
        Err(error) => {
            let _ = error.to_string();
            let _ = error.hints();
        }
    }
    if let Ok(matched) = check(text) {
        let _ = matched.tree();
    }
    let _ = check_prefix(text);
    let rule = Rule::ALL[data.first().map_or(0, |&b| usize::from(b)) % Rule::COUNT];
    match parse_rule(rule, text) {
        Ok(matched) => {
            let _ = matched.tree();
        }
        Err(error) => {
            let _ = error.to_string();
        }
    }
    let _ = parse_prefix(rule, text);
    let _ = extract::extract(text);
    let _ = decode(text).to_string_lossy();
    let grammar = Grammar::rfc1738();
    if let Some(production) = grammar.get(rule.name()) {
        let _ = Matcher::new(grammar).check(production, text);
    }
    let _ = Grammar::parse(text);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn no_entry_point_panics_on_url_like_bytes(data in url_bytes()) {
        every_entry_point(&data);
    }

    #[test]
    fn no_entry_point_panics_on_any_bytes(data in prop::collection::vec(any::<u8>(), 0..64)) {
        every_entry_point(&data);
    }
}

proptest! {
    // Each case starts processes: fewer cases.
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn no_command_panics_on_any_input(data in url_bytes()) {
        for args in [
            &["check"][..],
            &["check", "--format", "json"],
            &["check", "--rule", "hostport"],
            &["parse", "--format", "json"],
            &["extract"],
            &["coverage"],
        ] {
            let mut child = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
                .args(args)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("the binary runs");
            let mut stdin = child.stdin.take().expect("piped");
            let input = data.clone();
            let feeder = std::thread::spawn(move || {
                let _ = stdin.write_all(&input);
            });
            let output = child.wait_with_output().expect("it ends");
            feeder.join().expect("the feeder ends");
            let code = output.status.code();
            prop_assert!(matches!(code, Some(0..=2)), "{:?} ended with {:?}", args, output.status);
            let stderr = String::from_utf8_lossy(&output.stderr);
            prop_assert!(!stderr.contains("panicked"), "{:?}: {}", args, stderr);
            // Human output never carries the input's control characters raw.
            if !args.contains(&"json") {
                let stdout = String::from_utf8_lossy(&output.stdout);
                prop_assert!(!stdout.chars().any(|c| c.is_control() && c != '\n'), "{:?}: {:?}", args, stdout);
            }
        }
        // And as an argument, where the bytes can go (no NUL in an argument).
        if !data.contains(&0) {
            use std::os::unix::ffi::OsStrExt;
            let argument = std::ffi::OsStr::from_bytes(&data);
            for command in ["check", "parse", "explain"] {
                let output = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
                    .arg(command)
                    .arg("--")
                    .arg(argument)
                    .output()
                    .expect("the binary runs");
                prop_assert!(matches!(output.status.code(), Some(0..=2)), "{} {:?}", command, output.status);
                let stdout = String::from_utf8_lossy(&output.stdout);
                prop_assert!(!stdout.chars().any(|c| c.is_control() && c != '\n'), "{}: {:?}", command, stdout);
            }
        }
    }
}
