//! The summary of a batch: `check --summary` on a terminal and as one JSON
//! object, and `check --report FILE`, one HTML page, read back in a real
//! browser ([`common::browser`]), its counts equal to the JSON summary's,
//! which equal those of the records.

mod common;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use common::browser::{self, Browser};
use common::{records, rfc1738, stderr, stdout};
use serde_json::{Value, json};

/// Lines that fail at causes of their own (a place of a scheme and what
/// stands there: `places × kinds` of them), each cause `i + 1` times, and
/// valid lines, some with warnings, of several schemes.
fn batch(places: usize) -> Vec<u8> {
    let schemes = [
        "http://h{}.dom/a?",
        "http://h{}.dom/a",
        "ftp://h{}.dom/a",
        "gopher://h{}.dom/1a",
        "news:a{}",
        "mailto:a{}",
        "wais://h{}.dom/d",
        "file://h{}.dom/a",
        "prospero://h{}.dom/a",
        "nntp://h{}.dom/g",
    ];
    // A space and a `<` would be one cause (`unsafe-character`, and the same
    // expected set): one each of the kinds of hint.
    let kinds = ["b c", "b#c", "b\tc", "b\u{e9}c", "b%zc"];
    let mut lines = Vec::new();
    for (i, place) in schemes.iter().take(places).enumerate() {
        for (j, kind) in kinds.iter().enumerate() {
            for k in 0..=(i * kinds.len() + j) % 7 {
                lines.push(format!("{}{kind}", place.replace("{}", &k.to_string())));
            }
        }
    }
    for i in 0..300 {
        lines.push(match i % 6 {
            0 => format!("ftp://me:hunter{i}@host.dom/"),
            1 => format!("http://host{i}.dom:25/"),
            2 => "HTTPS://host.dom/".to_owned(),
            3 => format!("telnet://h{i}.dom/"),
            _ => format!("http://host{i}.dom/page"),
        });
    }
    lines.join("\n").into_bytes()
}

/// Writes `bytes` to `name` in the test's directory; its path.
fn file(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("report");
    fs::create_dir_all(&dir).expect("a directory under target/");
    let path = dir.join(name);
    fs::write(&path, bytes).expect("writable");
    path
}

fn path(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// `check --summary --format json` of `input`, with the report written to
/// `report`: the summary.
fn summary(input: &Path, report: &Path) -> Value {
    let output = rfc1738(
        &[
            "check",
            "--summary",
            "--format",
            "json",
            "--report",
            path(report),
            "-f",
            path(input),
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(stderr(&output), "");
    let mut found = records(&output);
    assert_eq!(found.len(), 1, "one object");
    found.remove(0)
}

/// `check --summary --report` on `lines` written to the file `name`: the
/// run's output, its summary on standard output and the page.
fn summary_and_page(name: &str, lines: &[&str]) -> (std::process::Output, String, String) {
    let input = file(name, lines.join("\n").as_bytes());
    let report = input.with_extension("html");
    let output = rfc1738(
        &[
            "check",
            "--summary",
            "--report",
            path(&report),
            "-f",
            path(&input),
        ],
        b"",
    );
    let text = stdout(&output);
    let page = fs::read_to_string(&report).expect("the report is written");
    (output, text, page)
}

/// The counts the records of `check --format json` give: the totals, and
/// `[inputs, valid, invalid, warned]` per scheme.
fn counted(input: &Path) -> (Value, BTreeMap<String, [u64; 4]>) {
    let output = rfc1738(&["check", "--format", "json", "-f", path(input)], b"");
    let records = records(&output);
    let mut schemes: BTreeMap<String, [u64; 4]> = BTreeMap::new();
    let (mut valid, mut warnings, mut warned) = (0, 0, 0);
    for record in &records {
        let text = record["input"].as_str().expect("an input");
        let scheme = match text.split_once(':') {
            Some((name, _)) if !name.is_empty() => name.to_ascii_lowercase(),
            _ => "(none)".to_owned(),
        };
        let counts = schemes.entry(scheme).or_default();
        let is_valid = record["valid"] == true;
        let warning_count = record["warnings"].as_array().expect("warnings").len() as u64;
        counts[0] += 1;
        counts[if is_valid { 1 } else { 2 }] += 1;
        counts[3] += u64::from(warning_count > 0);
        valid += u64::from(is_valid);
        warnings += warning_count;
        warned += u64::from(warning_count > 0);
    }
    let total = records.len() as u64;
    let totals = json!({
        "inputs": total, "valid": valid, "invalid": total - valid, "too_long": 0,
        "warnings": warnings, "warned": warned,
    });
    (totals, schemes)
}

#[test]
fn the_json_summary_counts_what_the_records_say() {
    let input = file("batch.txt", &batch(10));
    let summary = summary(&input, &input.with_extension("html"));
    let (totals, schemes) = counted(&input);
    for (key, value) in totals.as_object().expect("an object") {
        assert_eq!(&summary[key], value, "{key}");
    }
    assert_eq!(summary["complete"], true);
    assert_eq!(summary["incomplete"], json!([]));
    assert_eq!(summary["sources"], json!([path(&input)]));
    let mut shown: BTreeMap<String, [u64; 4]> = BTreeMap::new();
    for row in summary["schemes"].as_array().expect("schemes") {
        let count = |key: &str| row[key].as_u64().expect("a count");
        let name = row["scheme"].as_str().expect("a name").to_owned();
        shown.insert(
            name,
            [
                count("inputs"),
                count("valid"),
                count("invalid"),
                count("warned"),
            ],
        );
    }
    assert_eq!(
        shown, schemes,
        "every scheme shown: there are fewer than 20"
    );
    // Fifty causes: forty shown, the most inputs first, and the others
    // counted together.
    let causes = summary["causes"].as_array().expect("causes");
    assert_eq!(causes.len(), 40);
    let counts: Vec<u64> = causes
        .iter()
        .map(|c| c["count"].as_u64().unwrap())
        .collect();
    assert!(
        counts.windows(2).all(|pair| pair[0] >= pair[1]),
        "{counts:?}"
    );
    let others = &summary["other_causes"];
    assert_eq!(others["causes"], 10);
    assert_eq!(others["untracked_inputs"], 0);
    let all: u64 = counts.iter().sum::<u64>() + others["inputs"].as_u64().unwrap();
    assert_eq!(json!(all), summary["invalid"]);
    for cause in causes {
        let examples = cause["examples"].as_array().expect("examples");
        let count = cause["count"].as_u64().unwrap() as usize;
        assert_eq!(examples.len(), count.min(3), "{cause}");
        for example in examples {
            let diagnostic = example["diagnostic"].as_str().expect("a diagnostic");
            assert!(
                diagnostic.starts_with("error: not a valid "),
                "{diagnostic}"
            );
            let location = format!("{}:{}:", path(&input), example["line"]);
            assert!(diagnostic.contains(&location), "{diagnostic}");
        }
    }
    let codes: Vec<&str> = (summary["warning_codes"].as_array().expect("codes").iter())
        .map(|w| w["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["reserved-port", "password", "upper-case-scheme"]);
    // Passwords hidden in the examples, as in human output.
    let text = summary.to_string();
    assert!(!text.contains("hunter"), "{text}");
    assert!(text.contains("ftp://me:*******@host.dom/"), "{text}");
}

/// The environment variable that names another input for the browser
/// test: `benches/README.md` runs it on a million lines.
const INPUT: &str = "RFC1738_REPORT_INPUT";

#[test]
fn the_report_renders_in_chromium_with_the_counts_of_the_json_summary() {
    let Some(browser) = Browser::find() else {
        return;
    };
    let dir = browser::directory();
    let input = match std::env::var_os(INPUT) {
        Some(path) => PathBuf::from(path),
        None => {
            // And a scheme name as long as any told apart, and a cause
            // charted first whose count, share and hints make a long note:
            // both were drawn past the edges of their chart.
            let mut lines = batch(10);
            lines.extend_from_slice(b"\nabcdefghijklmnopqrstuvwxyz012345://h/");
            lines.extend_from_slice(&b"\nhttp:/^152.23.10.96/".repeat(1000));
            // Right-to-left letters, which the page drew reordered: the
            // caret stood under the `1`, not the `א` where the input fails.
            lines.extend_from_slice("\nhttp://h/אב/גד/12 x".as_bytes());
            file("browser.txt", &lines)
        }
    };
    let report = dir.join("report.html");
    let summary = summary(&input, &report);
    let page = browser.harness(&dir, "report", include_str!("browser/report.html"));

    let totals = &page["totals"];
    for (key, json) in [
        ("inputs", "inputs"),
        ("valid", "valid"),
        ("invalid", "invalid"),
        ("tooLong", "too_long"),
        ("warnings", "warnings"),
        ("warned", "warned"),
    ] {
        assert_eq!(totals[key], summary[json], "{key}");
    }
    assert_eq!(totals["complete"], "true");
    let schemes: Vec<Value> = (summary["schemes"].as_array().unwrap().iter())
        .map(|row| {
            json!({"scheme": row["scheme"], "inputs": row["inputs"], "valid": row["valid"],
                   "invalid": row["invalid"], "warned": row["warned"]})
        })
        .collect();
    assert_eq!(page["schemes"], Value::Array(schemes));
    let others = &summary["other_schemes"];
    let others = (others["inputs"] != 0).then(|| {
        json!({"schemes": others["schemes"], "inputs": others["inputs"], "valid": others["valid"],
               "invalid": others["invalid"], "warned": others["warned"]})
    });
    assert_eq!(page["otherSchemes"], json!(others));
    let causes: Vec<Value> = (summary["causes"].as_array().unwrap().iter())
        .map(|cause| {
            json!({"count": cause["count"], "rule": cause["rule"],
                   "production": cause["production"], "hints": cause["hints"],
                   "examples": cause["examples"].as_array().unwrap().len()})
        })
        .collect();
    assert_eq!(page["causes"], Value::Array(causes));
    let others = &summary["other_causes"];
    assert_eq!(
        page["otherCauses"],
        json!({"causes": others["causes"], "inputs": others["inputs"],
               "untrackedInputs": others["untracked_inputs"]})
    );
    let warnings: Vec<Value> = (summary["warning_codes"].as_array().unwrap().iter())
        .map(|w| {
            json!({"code": w["code"], "inputs": w["inputs"], "occurrences": w["occurrences"],
                   "examples": w["examples"].as_array().unwrap().len()})
        })
        .collect();
    assert_eq!(page["warnings"], Value::Array(warnings));
    drawn_whole_and_self_contained(&page);
    links_and_legends(&browser, &page);

    browser.screenshot(&report, (1100, 1600));
}

/// A colour as the browser writes it, `rgb(R, G, B)`: its contrast with
/// another, as WCAG 2 defines it.
fn contrast(a: &Value, b: &Value) -> f64 {
    let luminance = |colour: &Value| {
        let text = colour.as_str().expect("a colour");
        let inner = text.strip_prefix("rgb(").and_then(|t| t.strip_suffix(')'));
        let channels: Vec<f64> = (inner.expect(text).split(", "))
            .map(|c| c.parse::<f64>().expect(text) / 255.0)
            .map(|c| match c <= 0.04045 {
                true => c / 12.92,
                false => ((c + 0.055) / 1.055).powf(2.4),
            })
            .collect();
        0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    };
    let (a, b) = (luminance(a), luminance(b));
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

/// The charts' links are links, told from text by more than their colour,
/// and the legends' colours stay tied to the bars' in forced colours (a
/// high contrast mode): the chart of causes was an image, which hides its
/// links, and the swatches were backgrounds, which forced colours paint
/// over while the bars keep theirs. A link stands 3:1 from the notes of its
/// chart, which were muted grey (1.2:1, told from the link by its
/// underline and hue alone); in forced colours, light or dark, the charts'
/// text and links take the system's colours, which the page's own dark text
/// was not in a dark palette (drawn on black).
fn links_and_legends(browser: &Browser, page: &Value) {
    assert_eq!(page["imagesWithLinks"], 0, "{page}");
    let links = page["chartLinks"].as_array().expect("links");
    assert!(!links.is_empty(), "{page}");
    for link in links {
        assert_eq!(
            *link,
            json!({"underlined": "underline", "focused": true,
                   "chart": ["group", "the causes with the most inputs"]}),
        );
    }
    assert_eq!(page["forcedColors"], false);
    let colours = &page["textColours"];
    let ratio = contrast(&colours["link"], &colours["note"]);
    assert!(ratio >= 3.0, "a link beside a note: {ratio:.2}, {colours}");
    for (name, palette) in [
        ("report-forced", &["--force-high-contrast"][..]),
        (
            "report-forced-dark",
            &["--force-high-contrast", "--force-dark-mode"],
        ),
    ] {
        let forced = browser.harness_with(
            &browser::directory(),
            name,
            include_str!("browser/report.html"),
            palette,
        );
        assert_eq!(forced["forcedColors"], true, "the browser forces colours");
        let swatches = forced["swatches"].as_array().expect("swatches");
        assert!(swatches.len() >= 4, "{forced}");
        for swatch in swatches {
            let (class, colour) = (&swatch[0], &swatch[1]);
            let bar = &forced["barColours"][class.as_str().expect("a class")];
            assert_eq!(colour, bar, "{class}: {forced}");
            assert_eq!(*colour, page["barColours"][class.as_str().unwrap()]);
        }
        let colours = &forced["textColours"];
        assert_ne!(
            colours["text"], page["textColours"]["text"],
            "{name}: forced"
        );
        for text in ["note", "label"] {
            assert_eq!(colours[text], colours["text"], "{name}: {text}, {colours}");
        }
        assert_eq!(colours["link"], colours["pageLink"], "{name}: {colours}");
    }
}

/// What the browser says of the page as laid out: its charts drawn, their
/// texts within their edges, the page within its width, at 1100 pixels
/// and at 400 (where the tables and charts scroll in their boxes, the
/// charts' text legible), each example's caret under the character it
/// points at, and nothing to load or run.
fn drawn_whole_and_self_contained(page: &Value) {
    assert_eq!(page["charts"], 4, "{page}");
    assert_eq!(page["undrawnCharts"], 0, "{page}");
    assert!(page["bars"].as_u64() > Some(20), "{page}");
    assert_eq!(page["undrawnBars"], 0, "{page}");
    assert_eq!(page["fits"], true);
    assert_eq!(page["clippedTexts"], json!([]), "{page}");
    let narrow = &page["narrow"];
    assert_eq!(narrow["fits"], true, "{narrow}");
    let smallest = narrow["smallestText"].as_f64().expect("a size");
    assert!(smallest >= 9.9, "{narrow}");
    assert!(page["examples"].as_u64() > Some(10), "{page}");
    assert_eq!(page["misplacedCarets"], json!([]), "{page}");
    assert_eq!(page["scripts"], 0);
    assert_eq!(page["loads"], json!([]));
}

#[test]
fn the_summary_on_a_terminal_and_beside_the_records() {
    let input = file("terminal.txt", &batch(2));
    let report = input.with_extension("html");
    let output = rfc1738(&["check", "--summary", "-f", path(&input)], b"");
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    let first = text.lines().next().unwrap_or_default();
    assert!(first.ends_with("warnings in 150 inputs"), "{first}");
    assert!(
        text.contains("\nschemes\n") && text.contains("why inputs are invalid"),
        "{text}"
    );
    assert!(text.contains("e.g. "), "{text}");
    assert!(!text.contains("hunter"), "{text}");
    // The records as usual, and the report beside them.
    let _ = fs::remove_file(&report);
    let output = rfc1738(
        &[
            "check",
            "--format",
            "json",
            "--report",
            path(&report),
            "-f",
            path(&input),
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(records(&output).len(), text_lines(&input));
    let page = fs::read_to_string(&report).expect("the report is written");
    assert!(page.starts_with("<!DOCTYPE html>") && page.ends_with("</html>\n"));
}

/// The summary's first line counts in words that agree with the counts.
#[test]
fn the_summary_says_one_input_and_one_warning() {
    let input = file("one.txt", b"ftp://host.dom:25/\n");
    let output = rfc1738(&["check", "--summary", "-f", path(&input)], b"");
    let text = stdout(&output);
    assert_eq!(
        text.lines().next(),
        Some("1 input: 1 valid, 0 invalid; 1 warning in 1 input"),
        "{text}"
    );
}

/// Counts of one are said in the singular, on the terminal and on the
/// page: one input, one invalid input and its cause, one warning and its
/// occurrence.
#[test]
fn counts_of_one_are_said_in_the_singular() {
    let (_, text, page) = summary_and_page("singular.txt", &["http://a b/", "ftp://host.dom:25/"]);
    assert!(
        text.contains("\nwhy inputs are invalid: 1 cause\n"),
        "{text}"
    );
    for said in [
        "1 invalid input, grouped by cause",
        "the hints. 1 cause.</p>",
        "· 1 input · <code>httpurl</code>",
        "1 warning in 1 of the 1 valid input.",
        "· 1 input, 1 occurrence</h3>",
        // The card said "1 warnings, in 1 valid inputs".
        "<b>1</b><span>warning, in 1 valid input</span>",
    ] {
        assert!(page.contains(said), "{said:?} in {page}");
    }
    for plural in [
        "1 inputs",
        "1 causes",
        "1 warnings",
        "1 occurrences",
        "1 valid inputs",
        "<b>1</b><span>inputs",
        "<b>1</b><span>warnings",
    ] {
        assert!(!page.contains(plural) && !text.contains(plural), "{plural}");
    }
    // Two examples of a cause: the second folded, "1 more example".
    let (_, _, page) = summary_and_page("two.txt", &["http://a b/", "http://c d/"]);
    assert!(
        page.contains("<details><summary>1 more example</summary>"),
        "{page}"
    );
    assert!(!page.contains("1 more examples"), "{page}");
    // Three: "2 more examples".
    let (_, _, page) =
        summary_and_page("three.txt", &["http://a b/", "http://c d/", "http://e f/"]);
    assert!(
        page.contains("<details><summary>2 more examples</summary>"),
        "{page}"
    );
    let (_, _, page) = summary_and_page("one_invalid.txt", &["http://a b/"]);
    assert!(
        page.contains("<title>rfc1738 check: 1 input</title>"),
        "{page}"
    );
    // The card said "1 inputs".
    assert!(
        page.contains("<div class=\"card \"><b>1</b><span>input</span></div>"),
        "{page}"
    );
}

/// An example's input is drawn in the order its characters were read, left
/// to right, as the caret's column counts them: right-to-left letters were
/// reordered on the page (`http://h/12/גד/אב x`), the caret under the `1`
/// rather than the `א`. The terminal writes the characters in order (its
/// own reordering is its own).
#[test]
fn right_to_left_letters_are_shown_in_the_order_read() {
    let input = "http://h/אב/גד/12 x";
    let (_, text, page) = summary_and_page("rtl.txt", &[input]);
    assert!(text.contains(&format!("rtl.txt:1: {input}\n")), "{text}");
    let example = page
        .split("<pre class=\"example\"")
        .nth(1)
        .expect("an example");
    assert!(
        example.contains("rtl.txt:1\"><bdo dir=\"ltr\">error: ")
            && example.contains(&format!("1 | {input}\n  |          ^"))
            && example.contains("</bdo></pre>"),
        "{example}"
    );
}

/// What loads the page of `file_names_are_isolated_from_the_text_around_them`
/// and writes where the browser drew each name of its list of sources.
const NAMES_HARNESS: &str = r#"<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>file names test</title></head>
<body>
<iframe id="page" src="names.html" width="1100" height="600"></iframe>
<pre id="result"></pre>
<script>
window.addEventListener("load", () => {
  const doc = document.getElementById("page").contentDocument;
  const names = [...doc.querySelectorAll("p.lead code")].map(code =>
    [code.textContent, code.getBoundingClientRect().left]);
  document.getElementById("result").textContent = JSON.stringify({names});
});
</script>
</body>
</html>
"#;

/// A file's name is isolated wherever the page shows it outside an
/// example's `<bdo>`: in a `<bdi>` in the list of sources, between U+2068
/// and U+2069 in an example's tooltip when it is not all ASCII (an ASCII
/// name is not: `right_to_left_letters_are_shown_in_the_order_read`).
/// Right-to-left names read `אב`, then
/// `גד`, were drawn `גד, אב`, the comma between them taking their
/// direction; in Chromium they are drawn in the order read, left to right.
#[test]
fn file_names_are_isolated_from_the_text_around_them() {
    let dir = browser::directory().join("names");
    fs::create_dir_all(&dir).expect("a directory under target/");
    let names = ["אב", "גד", "a\u{202e}b.txt"];
    for name in names {
        fs::write(dir.join(name), "http://a b/\n").expect("writable");
    }
    let report = dir.join("names.html");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .current_dir(&dir)
        .args(["check", "--summary", "--report", path(&report)])
        .args(names.iter().flat_map(|name| ["-f", name]))
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let page = fs::read_to_string(&report).expect("the report is written");
    assert!(
        page.contains(
            "Read from <code><bdi>אב</bdi></code>, <code><bdi>גד</bdi></code>, \
             <code><bdi>a\\u{202e}b.txt</bdi></code>; each input"
        ),
        "{page}"
    );
    assert!(!page.contains('\u{202e}'), "{page}");
    for title in ["&#x2068;אב&#x2069;:1", "&#x2068;a\\u{202e}b.txt&#x2069;:1"] {
        let example = format!("<pre class=\"example\" title=\"{title}\">");
        assert!(page.contains(&example), "{example}\n{page}");
    }
    let Some(browser) = Browser::find() else {
        return;
    };
    let result = browser.harness(&dir, "names", NAMES_HARNESS);
    // The sources, then `rfc1738 check`.
    let drawn = &result["names"].as_array().expect("the names")[..names.len()];
    let read: Vec<&str> = (drawn.iter())
        .map(|name| name[0].as_str().expect("a name"))
        .collect();
    assert_eq!(read, ["אב", "גד", "a\\u{202e}b.txt"], "{result}");
    let lefts: Vec<f64> = (drawn.iter())
        .map(|name| name[1].as_f64().expect("a position"))
        .collect();
    assert!(lefts.windows(2).all(|pair| pair[0] < pair[1]), "{result}");
}

/// With `--rule`, every input is checked against that production, and none
/// gets warnings: the page said each was checked against the rule its
/// scheme selects, and "No warning." as though the inputs had none. The
/// page, the terminal and the JSON summary name the rule.
#[test]
fn the_summary_names_the_rule_of_rule() {
    let input = file(
        "rule.txt",
        b"host.dom:80
a b
",
    );
    let report = input.with_extension("html");
    let run = |extra: &[&str]| {
        let mut args = vec!["check", "--summary", "--report", path(&report)];
        args.extend(extra);
        args.extend(["-f", path(&input)]);
        let output = rfc1738(&args, b"");
        assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
        let page = fs::read_to_string(&report).expect("the report is written");
        (stdout(&output), page)
    };
    let (text, page) = run(&["--rule", "hostport"]);
    assert!(
        page.contains(
            "each input checked against <code>hostport</code> (<code>--rule hostport</code>), by"
        ),
        "{page}"
    );
    assert!(!page.contains("the rule its scheme selects"), "{page}");
    assert!(!page.contains("No warning."), "{page}");
    assert!(
        page.contains("<p class=\"lead\">None: with <code>--rule</code> no input gets warnings."),
        "{page}"
    );
    let second = text.lines().nth(1).unwrap_or_default();
    assert_eq!(
        second, "each input checked against hostport (--rule), which gives no warnings",
        "{text}"
    );
    let (json, _) = run(&["--rule", "hostport", "--format", "json"]);
    let summary: Value = serde_json::from_str(&json).expect(&json);
    assert_eq!(summary["rule"], "hostport");
    // Without --rule: the rule of each input's scheme, and no line of it.
    let (text, page) = run(&[]);
    assert!(
        page.contains("each input checked against the rule its scheme selects, by"),
        "{page}"
    );
    assert!(!text.contains("--rule"), "{text}");
    let (json, _) = run(&["--format", "json"]);
    let summary: Value = serde_json::from_str(&json).expect(&json);
    assert_eq!(summary["rule"], Value::Null);
}

/// A page made with `--show-passwords` shows them, and says so plainly: it
/// said "Passwords are shown as `*` unless `--show-passwords`", true of
/// another page. The JSON summary says which it does.
#[test]
fn a_page_that_shows_passwords_says_so() {
    let input = file(
        "passwords.txt",
        b"ftp://me:hunter2@host.dom/\nhttp://a b/\n",
    );
    let report = input.with_extension("html");
    let run = |extra: &[&str]| {
        let mut args = vec!["check", "--summary", "--format", "json"];
        args.extend(["--report", path(&report)]);
        args.extend(extra);
        args.extend(["-f", path(&input)]);
        let output = rfc1738(&args, b"");
        assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
        let page = fs::read_to_string(&report).expect("the report is written");
        (records(&output).remove(0), page)
    };
    let (summary, page) = run(&["--show-passwords"]);
    assert_eq!(summary["passwords_shown"], true);
    assert!(summary.to_string().contains("hunter2"));
    assert!(page.contains("hunter2"));
    assert!(page.contains(" data-passwords-shown=\"true\""));
    assert!(
        page.contains(
            "<p class=\"banner passwords\">This page shows passwords as they were written \
             (<code>--show-passwords</code>)"
        ),
        "{page}"
    );
    assert!(
        page.contains("This page shows passwords as they were written (<code>--show-passwords</code>). Characters"),
        "{page}"
    );
    assert!(!page.contains("unless <code>--show-passwords"), "{page}");
    let (summary, page) = run(&[]);
    assert_eq!(summary["passwords_shown"], false);
    assert!(!page.contains("hunter2") && !page.contains("This page shows passwords"));
    assert!(page.contains(" data-passwords-shown=\"false\""));
    assert!(
        page.contains(
            "Passwords are shown as <code>*</code>: this page was made without \
             <code>--show-passwords</code>."
        ),
        "{page}"
    );
}

/// The summary on a terminal says when it shows passwords, as the page and
/// the JSON summary do: it showed them and said nothing.
#[test]
fn the_summary_on_a_terminal_says_when_it_shows_passwords() {
    let lines = "ftp://me:hunter2@host.dom/\nhttp://a b/\n";
    let said = "passwords shown as they were written (--show-passwords)";
    let output = rfc1738(
        &["check", "--summary", "--show-passwords"],
        lines.as_bytes(),
    );
    let text = stdout(&output);
    assert!(text.contains("hunter2"), "{text}");
    assert_eq!(text.lines().nth(1), Some(said), "{text}");
    // With --rule, after the rule's line.
    let args = ["check", "--summary", "--show-passwords", "--rule", "url"];
    let text = stdout(&rfc1738(&args, lines.as_bytes()));
    assert_eq!(text.lines().nth(2), Some(said), "{text}");
    let text = stdout(&rfc1738(&["check", "--summary"], lines.as_bytes()));
    assert!(!text.contains("hunter2") && !text.contains(said), "{text}");
}

/// The table of schemes says what it holds: a caption, and the share of a
/// scheme's inputs that are invalid named so (its header said "of its
/// inputs").
#[test]
fn the_table_of_schemes_says_what_its_columns_hold() {
    let (_, _, page) = summary_and_page("table.txt", &["http://a b/", "ftp://host.dom/"]);
    assert!(
        page.contains(
            "<table>\n<caption>Each scheme's inputs, their share of those checked, how many \
             are valid and invalid, the share of the scheme's inputs that are invalid, and \
             the valid ones with warnings.</caption>"
        ),
        "{page}"
    );
    assert!(
        page.contains("<th>invalid</th><th>share invalid</th><th>with warnings</th>"),
        "{page}"
    );
    assert!(!page.contains("of its inputs"), "{page}");
}

/// Without inputs the page drew an empty chart and an empty table, the
/// terminal an empty table: they say there was no input instead.
#[test]
fn without_inputs_the_summary_says_so() {
    let (output, text, page) = summary_and_page("empty.txt", &[]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        text, "0 inputs: 0 valid, 0 invalid; 0 warnings in 0 inputs\n",
        "no table of nothing"
    );
    assert!(
        page.contains(
            "<p class=\"lead no-inputs\">No input was read: there is nothing to count.</p>"
        ),
        "{page}"
    );
    for empty in ["<svg", "<table", "<section id=\"schemes\"", "No warning."] {
        assert!(!page.contains(empty), "{empty}: {page}");
    }
    assert!(page.contains(" data-inputs=\"0\" "), "{page}");
    assert!(
        page.ends_with("</footer>\n</main>\n</body>\n</html>\n"),
        "{page}"
    );
}

/// A cause is named by the rule and the production inside it where the
/// inputs failed, or by the rule alone when they failed in the rule's own
/// text (a `file://` followed by a `.`), on the terminal and on the page.
#[test]
fn a_cause_names_the_production_inside_the_rule_once() {
    let (_, text, page) = summary_and_page("causes.txt", &["file://.profile", "http://h:8a/"]);
    assert!(
        text.contains("%  fileurl: expected \"localhost\""),
        "{text}"
    );
    assert!(
        text.contains("%  httpurl › digits: expected digit"),
        "{text}"
    );
    assert!(!text.contains("fileurl › fileurl"), "{text}");
    assert!(!page.contains("fileurl</code> ›"), "{page}");
    assert!(
        page.contains("<code>httpurl</code> › <code>digits</code>"),
        "{page}"
    );
}

/// One valid input among 2,001 is not none of them, and 2,000 invalid are
/// not all: a share that rounds to 0.0% or 100.0% without being it is said
/// `<0.1%` or `>99.9%`, on the terminal and on the page; the JSON summary
/// has the exact counts.
#[test]
fn a_share_is_said_none_or_all_only_when_it_is() {
    let mut lines = vec!["http:/^152.23.10.96/"; 2000];
    lines.push("http://ok/");
    let (_, text, page) = summary_and_page("shares.txt", &lines);
    let http = text
        .lines()
        .find(|line| line.starts_with("  http "))
        .expect("http");
    let columns: Vec<&str> = http.split_whitespace().collect();
    assert_eq!(
        columns,
        ["http", "2,001", "100.0%", "2,000", ">99.9%", "0"],
        "{text}"
    );
    // The one cause holds every invalid input.
    assert!(text.contains("2,000  100.0%  httpurl"), "{text}");
    for said in [
        "<span>valid, &lt;0.1%</span>",
        "<span>invalid, &gt;99.9%</span>",
        "<td>&gt;99.9%</td>",
        "2,001 (100.0%), &gt;99.9% invalid",
    ] {
        assert!(page.contains(said), "{said:?} in {page}");
    }
    for rounded in [
        "valid, 0.0%",
        "invalid, 100.0%",
        "100.0% invalid",
        "<0.1%",
        ">99.9%",
    ] {
        assert!(!page.contains(rounded), "{rounded:?} in {page}");
    }
}

/// The number of lines of `input`.
fn text_lines(input: &Path) -> usize {
    fs::read_to_string(input).expect("readable").lines().count()
}

#[test]
fn a_report_that_cannot_be_written_is_said_at_once() {
    let input = file("unwritable.txt", b"http://host/\n");
    let output = rfc1738(
        &[
            "check",
            "--report",
            "/nonexistent/dir/r.html",
            "-f",
            path(&input),
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(stdout(&output).is_empty(), "nothing was checked");
    assert!(
        stderr(&output).starts_with("rfc1738: /nonexistent/dir/r.html: "),
        "{}",
        stderr(&output)
    );
    // --summary shows what --quiet and --verbose would change: no both.
    for flag in ["--quiet", "--verbose"] {
        let output = rfc1738(&["check", "--summary", flag, "http://h/"], b"");
        assert_eq!(output.status.code(), Some(2), "{flag}");
    }
}

#[test]
fn a_run_that_could_not_read_a_source_says_its_report_is_incomplete() {
    let input = file("incomplete.txt", b"http://host/\nhttp://a b/\n");
    let report = input.with_extension("html");
    let output = rfc1738(
        &[
            "check",
            "--summary",
            "--format",
            "json",
            "--report",
            path(&report),
            "-f",
            path(&input),
            "-f",
            "/nonexistent/urls.txt",
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(2));
    let summary = &records(&output)[0];
    assert_eq!(
        (summary["complete"].clone(), summary["inputs"].clone()),
        (json!(false), json!(2))
    );
    // Why, as the page's data-incomplete names it: the JSON summary said
    // only that it was incomplete.
    assert_eq!(summary["incomplete"], json!(["unread"]));
    let page = fs::read_to_string(&report).expect("written");
    assert!(page.contains("data-complete=\"false\" data-incomplete=\"unread\" "));
    // Why, as the terminal says it: the page did not say.
    assert!(
        page.contains(
            "<p class=\"banner\">Incomplete: a source could not be read to its end. The counts \
             are those of the inputs read.</p>"
        ),
        "{page}"
    );
    let output = rfc1738(
        &[
            "check",
            "--summary",
            "-f",
            path(&input),
            "-f",
            "/nonexistent/urls.txt",
        ],
        b"",
    );
    let text = stdout(&output);
    assert_eq!(
        text.lines().nth(1),
        Some(
            "incomplete: a source could not be read to its end; the counts are those of the inputs read"
        ),
        "{text}"
    );
    // A complete run's page says nothing of it.
    let output = rfc1738(
        &["check", "--report", path(&report), "-f", path(&input)],
        b"",
    );
    assert_eq!(output.status.code(), Some(1));
    let page = fs::read_to_string(&report).expect("written");
    assert!(page.contains("data-complete=\"true\" data-incomplete=\"\" "));
    assert!(!page.contains("Incomplete"));
}

/// A run whose standard output closed (`| head`) still writes its page,
/// which says that the run stopped then: the terminal's summary is not
/// written, with nowhere to go.
#[test]
fn a_report_says_when_standard_output_closed() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let input = file("closed.txt", &b"http://host/\n".repeat(200_000));
    let report = input.with_extension("html");
    let mut child = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(["check", "-v", "--report", path(&report), "-f", path(&input)])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("piped"))
        .read_line(&mut first)
        .expect("a line");
    assert!(first.contains("valid httpurl"), "{first}");
    // The reader goes away.
    let status = child.wait().expect("the run ends");
    assert_eq!(status.code(), Some(0));
    let page = fs::read_to_string(&report).expect("written");
    assert!(
        page.contains("data-complete=\"false\" data-incomplete=\"output-closed\" "),
        "{}",
        &page[..2000]
    );
    assert!(
        page.contains("Incomplete: stopped when standard output closed. The counts"),
        "{page}"
    );
}

#[test]
fn the_page_stays_bounded_whatever_the_inputs() {
    // Long lines, each failing far into itself, with passwords and
    // characters a terminal would obey: the page holds excerpts.
    let mut lines = Vec::new();
    for i in 0..100 {
        let long = "a".repeat(20_000 + i);
        lines.push(format!("ftp://me:pw{i}@h/{long}\u{1b}[2J{long} x"));
        lines.push(format!("http://h/{long}#{i}"));
    }
    let input = file("long.txt", lines.join("\n").as_bytes());
    let report = input.with_extension("html");
    let summary = summary(&input, &report);
    assert_eq!(summary["invalid"], 200);
    let page = fs::read_to_string(&report).expect("written");
    assert!(page.len() < 100_000, "{} bytes", page.len());
    assert!(
        !page.contains('\u{1b}') && !page.contains("pw1"),
        "nothing raw, no password"
    );
    assert!(page.contains("\\u{1b}"));
}

/// `count` lines that fail in as many ways as the grammar tells apart:
/// URLs of each scheme with each of a few characters put in, or put in
/// place of, each of their bytes in turn (the same lines again past the
/// first round), and scheme names of their own.
fn mutants(count: usize) -> Vec<u8> {
    let urls = [
        "http://host.dom:80/a/b;c?q=1",
        "ftp://me:pw@host.dom:21/a/b;type=a",
        "gopher://h.dom:70/1sel%09srch%09plus",
        "news:comp.x.y",
        "news:a@b.dom",
        "nntp://h.dom:119/g.x/12",
        "mailto:a@b.dom",
        "wais://h.dom:210/db?s",
        "wais://h.dom/db/t/p",
        "file://h.dom/a/b",
        "prospero://h.dom:1525/a/b;f=v",
        "telnet://u:p@h.dom:23/",
        "10.0.0.1",
        "x-y+z.w:abc",
    ];
    let put = [
        " ", "#", "%", "%z", "@", ":", "/", ";", "=", "?", "\u{e9}", "\t", "[", "~", "+", "a", "0",
        ".", "-", "", "&", "\"", "<",
    ];
    let mut round = Vec::new();
    for url in urls {
        for at in 0..=url.len() {
            let after = (at + 1).min(url.len());
            for c in put {
                round.push(format!("{}{c}{}", &url[..at], &url[after..]));
                round.push(format!("{}{c}{}", &url[..at], &url[at..]));
            }
        }
    }
    let lines: Vec<&str> = round
        .iter()
        .cycle()
        .take(count)
        .map(String::as_str)
        .collect();
    lines.join("\n").into_bytes()
}

#[test]
fn the_page_does_not_grow_with_the_number_of_inputs() {
    let mut pages = Vec::new();
    for count in [1_000, 100_000] {
        let input = file(&format!("mutants-{count}.txt"), &mutants(count));
        let report = input.with_extension("html");
        let summary = summary(&input, &report);
        let page = fs::read_to_string(&report).expect("written");
        // The warnings' chapter: a group per warning code met, whose
        // number the codes bound, not the inputs.
        let start = page.find("<section id=\"warnings\"").expect("warnings");
        let end = page
            .find("<section id=\"cause-examples\"")
            .expect("examples");
        pages.push((summary, page.len() - (end - start), end - start));
    }
    let [(few, small, few_warnings), (many, large, many_warnings)] = &pages[..] else {
        unreachable!()
    };
    // A hundred times the inputs, and more causes and schemes than are
    // shown (hundreds, and more schemes than are told apart), yet the page
    // holds as many groups and examples: a few more digits, the warnings'
    // chapter aside, which has a group for each warning code met.
    let told = |summary: &Value| {
        summary["causes"].as_array().unwrap().len() as u64
            + summary["other_causes"]["causes"].as_u64().unwrap()
    };
    assert!(told(many) > 400 && told(few) < told(many), "{}", told(many));
    assert_eq!(many["other_schemes"]["untracked"], true);
    assert_eq!(many["causes"].as_array().unwrap().len(), 40);
    let whole = large + many_warnings;
    assert!(whole < 150_000, "{whole} bytes");
    assert!(large * 10 < small * 11, "{small} bytes, then {large}");
    // The few inputs meet one warning code, the many most of them: at most
    // a group's bytes for each code (its bar, three examples of bounded
    // width).
    let codes = |summary: &Value| summary["warning_codes"].as_array().unwrap().len();
    assert!(codes(few) < codes(many), "{} codes", codes(many));
    assert!(
        *few_warnings < 600 + 2_000 * codes(few),
        "{few_warnings} bytes"
    );
    assert!(
        *many_warnings < 600 + 2_000 * codes(many),
        "{many_warnings} bytes"
    );
}

#[test]
fn nothing_from_the_inputs_reaches_the_terminal_or_the_page_raw() {
    // Characters a terminal obeys or shows as nothing, markup, and
    // passwords, in invalid and valid inputs.
    let lines = [
        "http://h/a\u{1b}[2Jb",
        "http://h/a\u{200b}b\u{202e}c",
        "http://h/<script>alert(1)</script>",
        "ftp://me:hunter2@h/a b",
        "ftp://me:hunter3@host.dom/",
        "gopher://h/1\u{7}\u{8}",
    ];
    let (output, text, page) = summary_and_page("raw.txt", &lines);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    for (name, shown) in [("the terminal", &text), ("the page", &page)] {
        for raw in ['\u{1b}', '\u{200b}', '\u{202e}', '\u{7}', '\u{8}'] {
            assert!(!shown.contains(raw), "{name}: {raw:?}\n{shown}");
        }
        assert!(!shown.contains("hunter"), "{name}\n{shown}");
        assert!(shown.contains("\\u{1b}[2Jb"), "{name}\n{shown}");
        assert!(shown.contains("\\u{202e}"), "{name}\n{shown}");
    }
    assert!(!page.contains("<script>") && page.contains("&lt;script&gt;"));
    assert!(page.contains("ftp://me:*******@host.dom/"));
}

/// A scheme name longer than the names' column widens it: the counts of
/// every row stay under their headings.
#[test]
fn the_summary_keeps_its_columns_with_a_long_scheme_name() {
    let long = "abcdefghijklmnopqrstuvwxyz012345";
    let input = format!("{long}:x\nhttp://a/\nhttp://a b/\n");
    let text = stdout(&rfc1738(&["check", "--summary"], input.as_bytes()));
    let table: Vec<&str> = text
        .lines()
        .skip_while(|line| *line != "schemes")
        .skip(1)
        .take(3)
        .collect();
    assert!(table[0].trim_start().starts_with("scheme"), "{text}");
    // Where each row's inputs column ends: under the end of "inputs".
    let end = |line: &str, word: &str| line.find(word).map(|at| at + word.len());
    let heading = end(table[0], "inputs").expect("the heading");
    assert_eq!(end(table[1], " 2 "), Some(heading + 1), "{text}");
    assert_eq!(end(table[2], " 1 "), Some(heading + 1), "{text}");
    assert!(table[2].contains(long), "{text}");
}

/// A scheme name longer than the 32 characters told apart is a scheme
/// name all the same: its inputs are counted under a name of their own,
/// all such names together, on the terminal, in JSON and on the page; not
/// as inputs without a scheme, as they were.
#[test]
fn scheme_names_longer_than_told_apart_are_counted_as_long_not_none() {
    let longest = "s".repeat(32);
    let lines = [
        format!("{longest}:x"),
        format!("{longest}s:x"),
        format!("{}:x", "T".repeat(40)),
        format!("{longest}s_b:x"),
        "no scheme".to_owned(),
    ];
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let long = "(longer than 32 characters)";
    // scheme, inputs, valid, invalid
    let expected = [
        (long, 2, 2, 0),
        ("(none)", 2, 0, 2),
        (longest.as_str(), 1, 1, 0),
    ];

    let (_, text, page) = summary_and_page("long_schemes.txt", &lines);
    let rows: Vec<Vec<&str>> = (text.lines())
        .skip_while(|line| *line != "schemes")
        .skip(2)
        .take_while(|line| !line.is_empty())
        .map(|line| line.split("  ").filter(|cell| !cell.is_empty()).collect())
        .collect();
    let shown: Vec<[&str; 3]> = (rows.iter())
        .map(|row| [row[0].trim(), row[1].trim(), row[3].trim()])
        .collect();
    let counted: Vec<[String; 3]> = (expected.iter())
        .map(|(scheme, inputs, _, invalid)| {
            [scheme.to_string(), inputs.to_string(), invalid.to_string()]
        })
        .collect();
    assert_eq!(shown, counted, "{text}");
    for (scheme, inputs, valid, invalid) in expected {
        let row = format!(
            "<tr class=\"scheme\" data-scheme=\"{scheme}\" data-inputs=\"{inputs}\" \
             data-valid=\"{valid}\" data-invalid=\"{invalid}\""
        );
        assert!(page.contains(&row), "{row}\n{page}");
    }

    let input = file("long_schemes.txt", lines.join("\n").as_bytes());
    let summary = summary(&input, &input.with_extension("html"));
    let schemes: Vec<Value> = (summary["schemes"].as_array().expect("schemes").iter())
        .map(|row| json!([row["scheme"], row["inputs"], row["valid"], row["invalid"]]))
        .collect();
    let expected: Vec<Value> = (expected.iter())
        .map(|(scheme, inputs, valid, invalid)| json!([scheme, inputs, valid, invalid]))
        .collect();
    assert_eq!(schemes, expected);
}

/// Past the first 256 schemes met, the others are counted together in the
/// last row, which the terminal now says below the table (its row was
/// labelled with the schemes told apart alone), as the page and the JSON
/// summary (`untracked`) say it; with fewer, nothing is said.
#[test]
fn the_terminal_says_that_schemes_past_those_told_apart_are_counted_together() {
    let lines: Vec<String> = (0..300).map(|i| format!("s{i}:x")).collect();
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let (_, text, page) = summary_and_page("many_schemes.txt", &lines);
    let table: Vec<&str> = (text.lines())
        .skip_while(|line| *line != "schemes")
        .skip(2)
        .collect();
    // Twenty shown, 236 told apart besides, 44 not told apart.
    assert_eq!(table.len(), 22, "{text}");
    assert!(table[20].trim_start().starts_with("236 others "), "{text}");
    assert!(table[20].contains(" 280 "), "{text}");
    assert_eq!(
        table[21],
        "  the last row counts 236 other schemes and schemes not told apart (past the first 256)"
    );
    assert!(
        page.contains("the schemes met after the first 256 are counted together with the others"),
        "{page}"
    );
    let (_, text, _) = summary_and_page("few_schemes.txt", &lines[..30]);
    assert!(text.contains("\n  10 others "), "{text}");
    assert!(!text.contains("not told apart"), "{text}");
}

/// The inputs of each warning code as JSON, the terminal and the page give
/// them: `check --summary ARGS`, once with `--format json`.
fn inputs_per_code(args: &[&str]) -> [BTreeMap<String, u64>; 3] {
    let report = file("per_code.html", b"");
    let run = |format: &str| {
        let mut all = vec!["check", "--summary", "--format", format];
        all.extend(["--report", path(&report)]);
        all.extend_from_slice(args);
        let output = rfc1738(&all, b"");
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        stdout(&output)
    };
    let json: Value = serde_json::from_str(run("json").trim()).expect("one JSON object");
    let from_json = (json["warning_codes"].as_array().expect("codes").iter())
        .map(|row| {
            (
                row["code"].as_str().unwrap().to_owned(),
                row["inputs"].as_u64().unwrap(),
            )
        })
        .collect();
    let page = fs::read_to_string(&report).expect("the report is written");
    let from_page = page
        .split("<section class=\"warning\" data-code=\"")
        .skip(1)
        .map(|section| {
            let (code, rest) = section.split_once('"').unwrap();
            let inputs = rest.split('"').nth(1).unwrap();
            (code.to_owned(), inputs.parse().unwrap())
        })
        .collect();
    // The terminal's table: inputs, occurrences and the code, a line each.
    let text = run("human");
    let table = text.split("\nwarnings\n").nth(1).expect("the warnings");
    let from_text = table
        .lines()
        .skip(1)
        .filter_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let [inputs, _, code] = words[..] else {
                return None;
            };
            Some((code.to_owned(), inputs.replace(',', "").parse().ok()?))
        })
        .collect();
    [from_json, from_text, from_page]
}

/// A valid input with two warnings of one code (its password's findings,
/// hidden, and those outside it) is one input of that code, however its
/// lines are gathered: alone, or among thousands read in parallel units.
#[test]
fn an_input_counts_once_for_each_code_of_its_warnings() {
    let twice = "http://h/a//me:a%0Db@h/x%0Dy%0D";
    let record = &records(&rfc1738(&["check", "--format", "json", twice], b""))[0];
    let codes: Vec<&str> = (record["warnings"].as_array().unwrap().iter())
        .map(|warning| warning["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["encoded-delimiter", "encoded-delimiter"]);
    let one = BTreeMap::from([("encoded-delimiter".to_owned(), 1)]);
    for counted in inputs_per_code(&[twice]) {
        assert_eq!(counted, one);
    }
    // A batch: each code counts the inputs whose records have it.
    let lines: Vec<String> = (0..3000)
        .map(|i| match i % 3 {
            0 => twice.to_owned(),
            1 => format!("ftp://h{i}.dom/a%0D"),
            _ => format!("http://h{i}.dom:25/"),
        })
        .collect();
    let input = file("per_code.txt", lines.join("\n").as_bytes());
    let output = rfc1738(&["check", "--format", "json", "-f", path(&input)], b"");
    let mut expected: BTreeMap<String, u64> = BTreeMap::new();
    for record in records(&output) {
        let warnings = record["warnings"].as_array().unwrap().iter();
        let codes: std::collections::BTreeSet<String> = warnings
            .map(|warning| warning["code"].as_str().unwrap().to_owned())
            .collect();
        for code in codes {
            *expected.entry(code).or_default() += 1;
        }
    }
    assert_eq!(expected["encoded-delimiter"], 2000);
    for counted in inputs_per_code(&["-f", path(&input)]) {
        assert_eq!(counted, expected);
    }
    // Occurrences stay as they were: the hidden password's findings
    // once, each `%0D` outside it once.
    let json = rfc1738(
        &["check", "--summary", "--format", "json", "-f", path(&input)],
        b"",
    );
    let summary: Value = serde_json::from_str(stdout(&json).trim()).unwrap();
    let delimiters = (summary["warning_codes"].as_array().unwrap().iter())
        .find(|row| row["code"] == "encoded-delimiter")
        .unwrap();
    assert_eq!(delimiters["occurrences"], 1000 * 3 + 1000);
}
