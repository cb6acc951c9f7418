//! Pages in a real browser: headless Chromium, Debian's `chromium` package,
//! which `.ci/run` installs when it is missing. What `tests/browser.rs`
//! (the grammar page, a derivation picture) and `tests/report.rs` (the
//! batch report) share.
//!
//! A harness page loads the page under test and writes what the browser
//! laid out, as JSON, into its `<pre id="result">`, which `--dump-dom`
//! prints. The browser's console must stay silent (no error, no
//! exception). Screenshots go to `target/tmp/browser/` for a reviewer.
//!
//! Without Chromium a test says so and passes, unless
//! `RFC1738_BROWSER_REQUIRED` is set, as `.ci/run` sets it: then it fails.

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;

/// The environment variable that makes a missing browser a failure.
const REQUIRED: &str = "RFC1738_BROWSER_REQUIRED";

/// How long one run of the browser may take.
const TIMEOUT: Duration = Duration::from_secs(120);

/// The browser on `PATH`.
pub struct Browser(PathBuf);

/// The directory under `target/` where pages, harnesses and screenshots
/// are written.
pub fn directory() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser");
    fs::create_dir_all(&dir).expect("a directory under target/");
    dir.canonicalize().expect("a path")
}

impl Browser {
    /// Chromium, if it is installed; if not, `None` after saying so, or a
    /// failure when [`REQUIRED`] is set.
    pub fn find() -> Option<Browser> {
        let found = std::env::var_os("PATH").and_then(|path| {
            std::env::split_paths(&path)
                .flat_map(|dir| ["chromium", "chromium-browser"].map(|name| dir.join(name)))
                .find(|candidate| candidate.is_file())
        });
        if found.is_none() {
            assert!(
                std::env::var_os(REQUIRED).is_none(),
                "chromium is not installed and {REQUIRED} is set (.ci/run sets it): \
                 apt-get install chromium"
            );
            eprintln!(
                "browser test skipped: chromium is not installed (apt-get install chromium; \
                 .ci/run installs it and runs this test)"
            );
        }
        found.map(Browser)
    }

    /// Runs the browser headless on `page` with `args`, in a profile of its
    /// own made for the run; its standard output and error.
    fn run(&self, dir: &Path, page: &Path, args: &[&str]) -> (String, String) {
        static RUNS: AtomicUsize = AtomicUsize::new(0);
        let run = format!(
            "{}-{}",
            std::process::id(),
            RUNS.fetch_add(1, Ordering::Relaxed)
        );
        let profile = dir.join(format!("profile-{run}"));
        let _ = fs::remove_dir_all(&profile);
        let (out, err) = (
            dir.join(format!("stdout-{run}")),
            dir.join(format!("stderr-{run}")),
        );
        let mut child = Command::new(&self.0)
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
        let read = |path: &Path| {
            let text = fs::read_to_string(path).expect("readable");
            let _ = fs::remove_file(path);
            text
        };
        let (stdout, stderr) = (read(&out), read(&err));
        assert!(status.success(), "the browser failed: {status}\n{stderr}");
        (stdout, stderr)
    }

    /// Writes the harness `source` into `dir` (beside the pages it loads,
    /// as `NAME-harness.html`), opens it, and returns the JSON it wrote
    /// into `#result`, after checking that the console stayed silent.
    pub fn harness(&self, dir: &Path, name: &str, source: &str) -> Value {
        self.harness_with(dir, name, source, &[])
    }

    /// [`Browser::harness`], the browser run with `args` besides
    /// (`--force-high-contrast`: the page in forced colours).
    pub fn harness_with(&self, dir: &Path, name: &str, source: &str, args: &[&str]) -> Value {
        let harness = dir.join(format!("{name}-harness.html"));
        fs::write(&harness, source).expect("writable");
        let mut all = vec!["--allow-file-access-from-files", "--dump-dom"];
        all.extend(args);
        let (dom, stderr) = self.run(dir, &harness, &all);
        assert_eq!(
            console(&stderr),
            Vec::<&str>::new(),
            "the console of {name}"
        );
        let result = dom
            .split_once("<pre id=\"result\">")
            .and_then(|(_, rest)| rest.split_once("</pre>"))
            .map(|(json, _)| {
                json.replace("&lt;", "<")
                    .replace("&gt;", ">")
                    .replace("&amp;", "&")
            })
            .expect("the harness's result");
        serde_json::from_str(&result).unwrap_or_else(|e| panic!("{e}: {result}"))
    }

    /// Takes a screenshot of `page` in a window of `size` (width, height),
    /// after checking that its console stayed silent; the PNG is beside the
    /// page, named after it (`report.html` → `report-html.png`).
    pub fn screenshot(&self, page: &Path, (width, height): (u32, u32)) -> PathBuf {
        let name = page.file_name().expect("a file").to_string_lossy();
        let shot = page.with_file_name(name.replace('.', "-") + ".png");
        let _ = fs::remove_file(&shot);
        let dir = page.parent().expect("a directory");
        let (_, stderr) = self.run(
            dir,
            page,
            &[
                &format!("--screenshot={}", shot.display()),
                &format!("--window-size={width},{height}"),
                "--hide-scrollbars",
            ],
        );
        assert_eq!(
            console(&stderr),
            Vec::<&str>::new(),
            "the console of {name}"
        );
        let bytes = fs::metadata(&shot).map(|m| m.len()).unwrap_or(0);
        assert!(bytes > 10_000, "{}: {bytes} bytes", shot.display());
        eprintln!("screenshot: {}", shot.display());
        shot
    }
}

/// The messages of the pages' console: errors, exceptions, anything.
fn console(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|line| line.contains(":CONSOLE") || line.contains("Uncaught"))
        .collect()
}
