//! The grammar page (`grammar --format html`) and a derivation picture
//! (`explain --format svg`) in a real browser: headless Chromium, Debian's
//! `chromium` package, which `.ci/run` installs when it is missing.
//!
//! `tests/browser/harness.html` loads both and asks the browser what it laid
//! out: 67 sections, 67 diagrams of non-zero size, their boxes drawn, every
//! link's target present, links followed by a click landing on their
//! section, the picture's caret drawn; `--dump-dom` prints the answer. The
//! browser's console must stay silent (no error, no exception). Screenshots
//! of both go to `target/tmp/browser/` for a reviewer to look at.
//!
//! Without Chromium the test says so and passes, unless
//! `RFC1738_BROWSER_REQUIRED` is set, as `.ci/run` sets it: then it fails.

mod common;

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::rfc1738;
use serde_json::Value;

/// The environment variable that makes a missing browser a failure.
const REQUIRED: &str = "RFC1738_BROWSER_REQUIRED";

/// How long one run of the browser may take.
const TIMEOUT: Duration = Duration::from_secs(120);

/// The browser on `PATH`.
fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| ["chromium", "chromium-browser"].map(|name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// Runs the browser headless on `page` with `args`, in a profile of its
/// own made for the run; its standard output and error.
fn run(browser: &Path, dir: &Path, page: &Path, args: &[&str]) -> (String, String) {
    let profile = dir.join(format!("profile-{}", args.len()));
    let _ = fs::remove_dir_all(&profile);
    let (out, err) = (dir.join("stdout"), dir.join("stderr"));
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .stdin(Stdio::null())
        .stdout(File::create(&out).expect("a file for its output"))
        .stderr(File::create(&err).expect("a file for its errors"))
        .spawn()
        .expect("the browser starts");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the browser runs") {
            break status;
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the browser did not end within {TIMEOUT:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let _ = fs::remove_dir_all(&profile);
    let read = |path: &Path| fs::read_to_string(path).expect("readable");
    let (stdout, stderr) = (read(&out), read(&err));
    assert!(status.success(), "the browser failed: {status}\n{stderr}");
    (stdout, stderr)
}

/// The messages of the pages' console: errors, exceptions, anything.
fn console(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|line| line.contains(":CONSOLE") || line.contains("Uncaught"))
        .collect()
}

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
    let Some(browser) = chromium() else {
        assert!(
            std::env::var_os(REQUIRED).is_none(),
            "chromium is not installed and {REQUIRED} is set (.ci/run sets it): \
             apt-get install chromium"
        );
        eprintln!(
            "browser test skipped: chromium is not installed (apt-get install chromium; \
             .ci/run installs it and runs this test)"
        );
        return;
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser");
    fs::create_dir_all(&dir).expect("a directory under target/");
    let dir = dir.canonicalize().expect("a path");
    write_output(&["grammar", "--format", "html"], &dir.join("grammar.html"));
    // Rejected at the space; the password hidden.
    let url = "ftp://me:secret@host.dom/pub/a b";
    write_output(
        &["explain", "--format", "svg", url],
        &dir.join("derivation.svg"),
    );
    let harness = dir.join("harness.html");
    fs::write(&harness, include_str!("browser/harness.html")).expect("writable");

    let (dom, stderr) = run(
        &browser,
        &dir,
        &harness,
        &["--allow-file-access-from-files", "--dump-dom"],
    );
    assert_eq!(console(&stderr), Vec::<&str>::new(), "the console");
    let result = dom
        .split_once("<pre id=\"result\">")
        .and_then(|(_, rest)| rest.split_once("</pre>"))
        .map(|(json, _)| {
            json.replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&")
        })
        .expect("the harness's result");
    let result: Value = serde_json::from_str(&result).unwrap_or_else(|e| panic!("{e}: {result}"));
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
    let derivation = &result["derivation"];
    assert_eq!(derivation["root"], "svg");
    assert!(derivation["nodes"].as_u64() > Some(5), "{derivation}");
    assert_eq!(derivation["caret"], (url.len() - 2).to_string());
    assert_eq!(derivation["caretDrawn"], true);
    assert_eq!(derivation["undrawn"], 0);

    // Screenshots, for a reviewer.
    for (page, size) in [("grammar.html", "1280,2400"), ("derivation.svg", "900,320")] {
        let shot = dir.join(page.replace(['.'], "-") + ".png");
        let _ = fs::remove_file(&shot);
        let (_, stderr) = run(
            &browser,
            &dir,
            &dir.join(page),
            &[
                &format!("--screenshot={}", shot.display()),
                &format!("--window-size={size}"),
                "--hide-scrollbars",
            ],
        );
        assert_eq!(
            console(&stderr),
            Vec::<&str>::new(),
            "the console of {page}"
        );
        let bytes = fs::metadata(&shot).map(|m| m.len()).unwrap_or(0);
        assert!(bytes > 10_000, "{}: {bytes} bytes", shot.display());
        eprintln!("screenshot: {}", shot.display());
    }
}
