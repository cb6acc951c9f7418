//! Nothing from the input or the user reaches a terminal raw: every class
//! of character a terminal obeys or shows as nothing goes through every
//! command, in the input, in a file's name, in a production's name, and
//! neither standard output nor standard error holds it as it is. JSON
//! escapes it, stays valid, and reads back to what was given.

mod common;

use std::path::PathBuf;
use std::process::Output;

use serde_json::Value;

use common::rfc1738;

/// One character of each class that must not reach a terminal raw.
const CLASSES: &[(&str, char)] = &[
    ("bell", '\u{7}'),
    ("backspace", '\u{8}'),
    ("tab", '\t'),
    ("carriage return", '\r'),
    ("escape", '\u{1b}'),
    ("delete", '\u{7f}'),
    ("C1 next line", '\u{85}'),
    ("C1 control sequence introducer", '\u{9b}'),
    ("soft hyphen", '\u{ad}'),
    ("no-break space", '\u{a0}'),
    ("combining acute accent", '\u{301}'),
    ("unassigned", '\u{378}'),
    ("Arabic letter mark", '\u{61c}'),
    ("Hangul choseong filler", '\u{115f}'),
    ("Hangul jungseong filler", '\u{1160}'),
    ("Hangul jungseong a", '\u{1161}'),
    ("Hangul jongseong kiyeok", '\u{11a8}'),
    ("Hangul jungseong o-yeo", '\u{d7b0}'),
    ("en quad", '\u{2000}'),
    ("hair space", '\u{200a}'),
    ("zero width space", '\u{200b}'),
    ("zero width joiner", '\u{200d}'),
    ("left-to-right mark", '\u{200e}'),
    ("right-to-left mark", '\u{200f}'),
    ("line separator", '\u{2028}'),
    ("paragraph separator", '\u{2029}'),
    ("left-to-right embedding", '\u{202a}'),
    ("right-to-left override", '\u{202e}'),
    ("narrow no-break space", '\u{202f}'),
    ("medium mathematical space", '\u{205f}'),
    ("word joiner", '\u{2060}'),
    ("left-to-right isolate", '\u{2066}'),
    ("pop directional isolate", '\u{2069}'),
    ("braille pattern blank", '\u{2800}'),
    ("ideographic space", '\u{3000}'),
    ("Hangul filler", '\u{3164}'),
    ("private use", '\u{e000}'),
    ("noncharacter", '\u{fdd0}'),
    ("variation selector", '\u{fe0f}'),
    ("byte order mark", '\u{feff}'),
    ("halfwidth Hangul filler", '\u{ffa0}'),
    ("noncharacter U+FFFF", '\u{ffff}'),
    ("musical symbol null notehead", '\u{1d159}'),
    ("tag latin capital letter A", '\u{e0041}'),
    ("supplementary private use", '\u{10fffd}'),
];

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|arg| (*arg).to_owned()).collect()
}

/// Asserts that neither stream of `output` holds a character of any class
/// raw, nor anything else the library counts not visible (line feeds end
/// lines), and that the command did not panic; returns standard output.
#[track_caller]
fn safe(run: &str, output: &Output) -> String {
    for (stream, bytes) in [("stdout", &output.stdout), ("stderr", &output.stderr)] {
        let text = String::from_utf8(bytes.clone())
            .unwrap_or_else(|_| panic!("{run}: {stream} is not UTF-8"));
        assert!(!text.contains("panicked"), "{run}: {text}");
        for (class, c) in CLASSES {
            assert!(
                !text.contains(*c),
                "{run}: {stream} holds a raw {class} (U+{:04X}):\n{text}",
                u32::from(*c)
            );
        }
        let raw = text
            .chars()
            .find(|&c| c != '\n' && !rfc1738::visible::is_visible(c));
        assert_eq!(raw, None, "{run}: {stream}:\n{text}");
    }
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The JSON records of `stdout`, one a line.
#[track_caller]
fn records(run: &str, stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{run}: {e}: {line}")))
        .collect()
}

/// The URLs that put `c` where each part of a diagnostic shows it: the
/// excerpt and the character found, in a hint, in a password, in a host.
fn urls(c: char) -> Vec<String> {
    vec![
        format!("http://host/{c}abc"),
        format!("ftp://me:p{c}w@host/"),
        format!("http://h{c}/"),
        format!("{c}http://h/"),
    ]
}

/// `%XX` for each byte of `c`.
fn encoded(c: char) -> String {
    c.to_string()
        .bytes()
        .map(|byte| format!("%{byte:02X}"))
        .collect()
}

#[test]
fn check_and_parse_show_the_input_escaped() {
    let every: Vec<String> = CLASSES.iter().flat_map(|&(_, c)| urls(c)).collect();
    let run = |command: &str, extra: &[&str]| {
        let mut all = args(&[command]);
        all.extend(args(extra));
        all.extend(every.iter().cloned());
        let output = rfc1738(&all, b"");
        safe(command, &output);
        assert_eq!(output.status.code(), Some(1), "{command} {extra:?}");
    };
    for extra in [&[][..], &["--show-passwords"]] {
        run("check", extra);
        run("parse", extra);
    }
    // Standard input, NUL included.
    let mut lines = every.join("\n");
    lines.push_str("\nhttp://host/\0x\n");
    for command in ["check", "parse"] {
        safe(command, &rfc1738(&args(&[command]), lines.as_bytes()));
    }
    // JSON: the input as given.
    let mut check = args(&["check", "--format", "json"]);
    check.extend(every.iter().cloned());
    let stdout = safe("check --format json", &rfc1738(&check, b""));
    let inputs: Vec<Value> = records("check", &stdout)
        .iter()
        .map(|record| record["input"].clone())
        .collect();
    assert_eq!(inputs, every);
}

#[test]
fn parse_shows_decoded_parts_escaped() {
    let mut parse = args(&["parse"]);
    let mut json = args(&["parse", "--format", "json"]);
    for &(_, c) in CLASSES {
        let url = format!("ftp://me:{0}@host/{0};type=a", encoded(c));
        parse.push(url.clone());
        json.push(url);
    }
    safe("parse", &rfc1738(&parse, b""));
    let stdout = safe("parse --format json", &rfc1738(&json, b""));
    for (record, &(class, c)) in records("parse", &stdout).iter().zip(CLASSES) {
        assert_eq!(record["password"], c.to_string(), "{class}");
        assert_eq!(record["ftp"]["path_segments"][0], c.to_string(), "{class}");
    }
}

#[test]
fn explain_shows_the_input_escaped() {
    for &(class, c) in CLASSES {
        for url in urls(c) {
            safe(class, &rfc1738(&args(&["explain", &url]), b""));
            let json = rfc1738(&args(&["explain", "--format", "json", &url]), b"");
            let stdout = safe(class, &json);
            let record = &records(class, &stdout)[0];
            assert_eq!(record["valid"], false, "{class}");
        }
        let url = format!("a{c}b");
        safe(
            class,
            &rfc1738(&args(&["explain", "--rule", "hsegment", &url]), b""),
        );
    }
    let url = format!("http://host/{}", encoded('\u{202e}'));
    safe("explain", &rfc1738(&args(&["explain", "--all", &url]), b""));
}

#[test]
fn extract_shows_the_text_escaped() {
    let mut text = String::new();
    for &(_, c) in CLASSES {
        text.push_str(&format!(
            "see <URL:http://host/{c}abc> and <URL:ftp://me:p{c}w@host/#frag{c}> and \
             http://h{c}/ and <URL:http://a-\nb{c}/>\n"
        ));
    }
    text.push_str("and <URL:http://host/\0x>\n");
    safe("extract", &rfc1738(&args(&["extract"]), text.as_bytes()));
    let json = rfc1738(&args(&["extract", "--format", "json"]), text.as_bytes());
    let stdout = safe("extract --format json", &json);
    let urls: Vec<String> = records("extract", &stdout)
        .iter()
        .map(|record| record["url"].as_str().expect("a string").to_owned())
        .collect();
    for &(class, c) in CLASSES {
        let url = format!("http://host/{c}abc");
        // A wrapper drops whitespace, the classes that are whitespace
        // included: the others stay in the URL.
        if !c.is_whitespace() {
            assert!(urls.contains(&url), "{class}: {urls:?}");
        }
    }
}

/// A directory of files whose names hold each class.
fn hostile_files() -> (PathBuf, Vec<(String, PathBuf)>) {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("visible-names");
    std::fs::create_dir_all(&dir).expect("a directory");
    let files = CLASSES
        .iter()
        .map(|&(class, c)| {
            let path = dir.join(format!("urls{c}.txt"));
            std::fs::write(&path, format!("http://host/{c}x\nhttp://h/\n")).expect("a file");
            (class.to_owned(), path)
        })
        .collect();
    (dir, files)
}

#[test]
fn file_names_are_shown_escaped() {
    let (dir, files) = hostile_files();
    let name = |path: &PathBuf| path.to_str().expect("UTF-8").to_owned();
    let mut check = args(&["check"]);
    let mut json = args(&["check", "--format", "json"]);
    for (_, path) in &files {
        check.extend(["--file".to_owned(), name(path)]);
        json.extend(["--file".to_owned(), name(path)]);
    }
    safe("check --file", &rfc1738(&check, b""));
    let stdout = safe("check --format json --file", &rfc1738(&json, b""));
    let named: Vec<Value> = records("check", &stdout)
        .iter()
        .step_by(2)
        .map(|record| record["file"].clone())
        .collect();
    let names: Vec<String> = files.iter().map(|(_, path)| name(path)).collect();
    assert_eq!(named, names, "the JSON names the files as they are");
    for (class, path) in &files {
        let missing = format!("{}.missing", name(path));
        let stderr_only = |command: &[&str]| {
            let output = rfc1738(&args(command), b"");
            safe(class, &output);
            assert_eq!(output.status.code(), Some(2), "{class}: {command:?}");
        };
        stderr_only(&["check", "--file", &missing]);
        stderr_only(&["extract", "-f", &missing]);
        stderr_only(&["coverage", "-f", &missing]);
        safe(class, &rfc1738(&args(&["extract", "-f", &name(path)]), b""));
        safe(
            class,
            &rfc1738(&args(&["coverage", "-f", &name(path)]), b""),
        );
        // Every command names its lines by the file, escaped.
        for command in ["check", "parse", "explain"] {
            let output = rfc1738(&args(&[command, "-f", &name(path)]), b"");
            safe(class, &output);
        }
    }
    std::fs::remove_dir_all(dir).expect("removed");
}

#[test]
fn names_given_to_options_and_arguments_are_shown_escaped() {
    for &(class, c) in CLASSES {
        let name = format!("host{c}port");
        for command in [
            &["check", "--rule", &name, "http://h/"][..],
            &["explain", "--rule", &name, "http://h/"],
            &["coverage", "--rule", &name],
            &["grammar", &name],
            &["check", &format!("--{name}")],
        ] {
            let output = rfc1738(&args(command), b"");
            safe(class, &output);
            assert_eq!(output.status.code(), Some(2), "{class}: {command:?}");
        }
    }
}
