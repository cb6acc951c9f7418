//! What `check` does when its output is a terminal: colour unless NO_COLOR
//! is set, and a progress bar on standard error for a large file. The
//! terminal is a pseudo-terminal made by util-linux `script`; where that
//! program is missing the tests say so and check nothing.

use std::path::Path;
use std::process::{Command, Stdio};

/// What the terminal showed while `rfc1738 ARGS` ran in it (standard output
/// and standard error together), or `None` without `script`.
fn on_a_terminal(args: &[&str], no_color: bool) -> Option<String> {
    let mut command_line = String::from(env!("CARGO_BIN_EXE_rfc1738"));
    for arg in args {
        command_line.push_str(" '");
        command_line.push_str(arg);
        command_line.push('\'');
    }
    let mut script = Command::new("script");
    script
        .args([
            "--quiet",
            "--return",
            "--command",
            &command_line,
            "/dev/null",
        ])
        .stdin(Stdio::null())
        .env_remove("NO_COLOR");
    if no_color {
        script.env("NO_COLOR", "1");
    }
    match script.output() {
        Ok(output) => Some(String::from_utf8_lossy(&output.stdout).into_owned()),
        Err(error) => {
            eprintln!("skipped: `script` does not run here ({error})");
            None
        }
    }
}

#[test]
fn a_terminal_gets_colour_unless_no_color_is_set() {
    let Some(coloured) = on_a_terminal(&["check", "http://a b/"], false) else {
        return;
    };
    assert!(coloured.contains("\u{1b}["), "{coloured:?}");
    assert!(coloured.contains("error"), "{coloured:?}");
    let plain = on_a_terminal(&["check", "http://a b/"], true).expect("script ran once");
    assert!(!plain.contains('\u{1b}'), "{plain:?}");
    assert!(plain.contains("error: "), "{plain:?}");
}

/// A file of `size` bytes of valid lines.
fn file_of(path: &Path, size: usize) {
    let line = b"http://www.example.com/a/b/c.html?q=1\n";
    std::fs::write(path, line.repeat(size / line.len() + 1)).expect("a temporary file");
}

#[test]
fn a_large_file_shows_a_progress_bar_a_small_one_does_not() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let large = dir.join("terminal-large.txt");
    let small = dir.join("terminal-small.txt");
    file_of(&large, 17 << 20);
    file_of(&small, 1 << 20);
    let large_path = large.to_str().expect("a UTF-8 path");
    let Some(shown) = on_a_terminal(&["check", "--file", large_path], false) else {
        return;
    };
    // The bar, its byte counts, then a cleared line before the summary.
    assert!(shown.contains('█'), "{shown:?}");
    assert!(shown.contains("MiB"), "{shown:?}");
    assert!(shown.contains("\u{1b}[2K"), "{shown:?}");
    assert!(shown.contains("valid, 0 invalid"), "{shown:?}");
    let small_path = small.to_str().expect("a UTF-8 path");
    let shown = on_a_terminal(&["check", "--file", small_path], false).expect("script ran once");
    assert!(!shown.contains('█') && !shown.contains("MiB"), "{shown:?}");
    assert!(shown.contains("valid, 0 invalid"), "{shown:?}");
}
