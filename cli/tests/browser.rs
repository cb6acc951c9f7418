//! The grammar page (`grammar --format html`) and a derivation picture
//! (`explain --format svg`) in a real browser: headless Chromium, Debian's
//! `chromium` package, which `.ci/run` installs when it is missing.
//!
//! `tests/browser/grammar.html` loads both and asks the browser what it laid
//! out: 67 sections, 67 diagrams of non-zero size, their boxes drawn, every
//! link's target present, links followed by a click landing on their
//! section, at 400 pixels the page within its width and the diagrams at
//! their own size, the picture's caret drawn; `--dump-dom` prints the answer. The
//! browser's console must stay silent (no error, no exception). Screenshots
//! of both go to `target/tmp/browser/` for a reviewer to look at.
//!
//! Without Chromium the test says so and passes, unless
//! `RFC1738_BROWSER_REQUIRED` is set, as `.ci/run` sets it: then it fails
//! ([`common::browser`], which `tests/report.rs` shares).

mod common;

use std::fs;
use std::path::Path;

use common::browser::{self, Browser};
use common::rfc1738;
use serde_json::Value;

/// `rfc1738 ARGS`'s standard output, written to `path`.
fn write_output(args: &[&str], path: &Path) {
    let output = rfc1738(args, b"");
    assert!(
        output.status.code().is_some_and(|code| code < 2),
        "{args:?}"
    );
    fs::write(path, output.stdout).expect("writable");
}

#[test]
fn the_grammar_page_and_a_derivation_render_in_chromium() {
    let Some(browser) = Browser::find() else {
        return;
    };
    let dir = browser::directory();
    write_output(&["grammar", "--format", "html"], &dir.join("grammar.html"));
    // Rejected at the space; the password hidden.
    let url = "ftp://me:secret@host.dom/pub/a b";
    write_output(
        &["explain", "--format", "svg", url],
        &dir.join("derivation.svg"),
    );
    let result = browser.harness(&dir, "grammar", include_str!("browser/grammar.html"));
    let grammar = &result["grammar"];
    assert_eq!(grammar["sections"], 67);
    assert_eq!(grammar["diagrams"], 67);
    assert_eq!(grammar["undrawn"], Value::Array(Vec::new()));
    assert!(grammar["boxes"].as_u64() > Some(300), "{grammar}");
    assert_eq!(grammar["undrawnBoxes"], 0);
    assert!(grammar["links"].as_u64() > Some(400), "{grammar}");
    assert_eq!(grammar["broken"], Value::Array(Vec::new()));
    for followed in grammar["followed"].as_array().expect("links followed") {
        let name = &followed["name"];
        assert_eq!(
            followed["hash"],
            format!("#{}", name.as_str().expect("a name"))
        );
        assert_eq!(&followed["target"], name);
        assert_eq!(followed["inView"], true, "{followed}");
    }
    // At 400 pixels the page fits, and each diagram keeps its size, the
    // widest scrolling in its box; an underline leaves `_` visible.
    let narrow = &result["narrow"];
    assert_eq!(narrow["fits"], true, "{narrow}");
    assert_eq!(narrow["resized"], Value::Array(Vec::new()), "{narrow}");
    assert!(narrow["scrolled"].as_u64() > Some(5), "{narrow}");
    let offset = narrow["underlineOffset"].as_str().expect("a length");
    let pixels: f64 = offset.trim_end_matches("px").parse().expect(offset);
    assert!(pixels >= 3.0, "{offset}");
    let derivation = &result["derivation"];
    assert_eq!(derivation["root"], "svg");
    assert!(derivation["nodes"].as_u64() > Some(5), "{derivation}");
    assert_eq!(derivation["caret"], (url.len() - 2).to_string());
    assert_eq!(derivation["caretDrawn"], true);
    assert_eq!(derivation["undrawn"], 0);

    // Screenshots, for a reviewer.
    browser.screenshot(&dir.join("grammar.html"), (1280, 2400));
    browser.screenshot(&dir.join("derivation.svg"), (900, 320));
}
