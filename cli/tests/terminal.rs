//! What `check` does when its output is a terminal: colour unless NO_COLOR
//! is set, a progress bar on standard error for a large file, an answer to
//! each line typed and the summary of what was read. The
//! terminal is a pseudo-terminal made by util-linux `script`; where that
//! program is missing the tests say so and check nothing.

use std::path::Path;
use std::process::{Command, Stdio};

/// What the terminal showed while `rfc1738 ARGS` ran in it (standard output
/// and standard error together), or `None` without `script`.
fn on_a_terminal(args: &[&str], no_color: bool) -> Option<String> {
    typed_on_a_terminal(args, no_color, None)
}

/// What the terminal showed while `rfc1738 ARGS` ran in it, `typed` typed
/// at it (its standard input is the terminal too), or `None` without
/// `script`.
fn typed_on_a_terminal(args: &[&str], no_color: bool, typed: Option<&str>) -> Option<String> {
    let env: &[(&str, Option<&str>)] = if no_color {
        &[("NO_COLOR", Some("1"))]
    } else {
        &[]
    };
    in_a_terminal(args, env, typed)
}

/// What the terminal showed while `rfc1738 ARGS` ran in it with the
/// variables of `env` set (`None` removes one), `typed` typed at it, or
/// `None` without `script`. Unless `env` says otherwise, the colour
/// variables and `CI` are removed, and the terminal is `TERM=xterm`, one
/// with colour, whatever the environment of the tests.
fn in_a_terminal(
    args: &[&str],
    env: &[(&str, Option<&str>)],
    typed: Option<&str>,
) -> Option<String> {
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
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("CI")
        .env("TERM", "xterm");
    for (variable, value) in env {
        match value {
            Some(value) => script.env(variable, value),
            None => script.env_remove(variable),
        };
    }
    let mut child = match script.spawn() {
        Ok(child) => child,
        Err(error) => {
            eprintln!("skipped: `script` does not run here ({error})");
            return None;
        }
    };
    // `script` passes what it reads on to the terminal, as keys typed.
    let mut keys = child.stdin.take().expect("piped");
    if let Some(typed) = typed {
        use std::io::Write;
        keys.write_all(typed.as_bytes()).expect("script reads");
    }
    drop(keys);
    let output = child.wait_with_output().expect("script ends");
    Some(String::from_utf8_lossy(&output.stdout).into_owned())
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

#[test]
fn clicolor_force_0_leaves_a_terminal_its_colour() {
    // CLICOLOR_FORCE=0 forces nothing, neither colour on a pipe nor its
    // absence on a terminal; NO_COLOR and CLICOLOR=0 still take it away.
    let args = ["check", "http://a b/"];
    let zero = ("CLICOLOR_FORCE", Some("0"));
    let Some(coloured) = in_a_terminal(&args, &[zero], None) else {
        return;
    };
    assert!(coloured.contains("\u{1b}["), "{coloured:?}");
    for off in [("NO_COLOR", Some("1")), ("CLICOLOR", Some("0"))] {
        let plain = in_a_terminal(&args, &[zero, off], None).expect("script ran once");
        assert!(!plain.contains('\u{1b}'), "{off:?}: {plain:?}");
    }
}

#[test]
fn a_dumb_terminal_gets_colour_only_when_asked_for() {
    // TERM=dumb, or no TERM, says the terminal has no colour: `auto` is
    // plain there, unless CLICOLOR (any value but 0, an empty one too) or
    // CI says otherwise, or CLICOLOR_FORCE (but empty or 0) forces it.
    let args = ["check", "http://a b/"];
    let dumb = ("TERM", Some("dumb"));
    let Some(plain) = in_a_terminal(&args, &[dumb], None) else {
        return;
    };
    assert!(!plain.contains('\u{1b}'), "{plain:?}");
    assert!(plain.contains("error: "), "{plain:?}");
    let coloured = |env: &[(&str, Option<&str>)]| {
        let shown = in_a_terminal(&args, env, None).expect("script ran once");
        shown.contains("\u{1b}[")
    };
    assert!(!coloured(&[("TERM", None)]));
    for (variable, value, colour) in [
        ("CLICOLOR", "1", true),
        ("CLICOLOR", "", true),
        ("CLICOLOR", "0", false),
        ("CI", "", true),
        ("CLICOLOR_FORCE", "1", true),
        ("CLICOLOR_FORCE", "00", true),
        ("CLICOLOR_FORCE", "0", false),
        ("CLICOLOR_FORCE", "", false),
    ] {
        let env = [dumb, (variable, Some(value))];
        assert_eq!(coloured(&env), colour, "{variable}={value:?}");
    }
    // `--color always` holds whatever the terminal says.
    let always = in_a_terminal(
        &["check", "--color", "always", "http://a b/"],
        &[dumb],
        None,
    )
    .expect("script ran once");
    assert!(always.contains("\u{1b}["), "{always:?}");
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

#[test]
fn a_record_written_beside_the_progress_bar_starts_on_a_line_of_its_own() {
    // Invalid lines all through a large file: their diagnostics go to the
    // terminal the bar is drawn on, each after the bar is cleared, so that
    // no line of the screen shows the bar and then a diagnostic.
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("terminal-mixed.txt");
    let valid = b"http://www.example.com/a/b/c.html?q=1\n".repeat(16 << 10);
    let (mut text, mut invalid) = (Vec::new(), 0);
    while text.len() < 17 << 20 {
        text.extend_from_slice(&valid);
        text.extend_from_slice(b"http://a b/\n");
        invalid += 1;
    }
    std::fs::write(&path, &text).expect("a temporary file");
    let path = path.to_str().expect("a UTF-8 path");
    let Some(shown) = on_a_terminal(&["check", "--file", path], true) else {
        return;
    };
    assert!(shown.contains('█'), "{shown:?}");
    let mut errors = 0;
    for line in shown.split('\n') {
        // What stays on the screen of a line: what was written after its
        // last carriage return (the terminal ends each line with CR LF).
        let line = line.strip_suffix('\r').unwrap_or(line);
        let last = line.rsplit('\r').next().unwrap_or(line);
        if last.contains("error:") {
            errors += 1;
            assert!(!last.contains('█') && !last.contains('░'), "{last:?}");
        }
    }
    assert_eq!(errors, invalid, "{shown:?}");
}

#[test]
fn lines_typed_at_a_terminal_are_answered_and_summed_up() {
    // A valid line typed is confirmed; the summary is written, as lines were
    // read and standard error is the terminal.
    let Some(shown) = typed_on_a_terminal(&["check"], true, Some("http://a/\nhttp://b c/\n"))
    else {
        return;
    };
    assert!(
        shown.contains("<stdin>:1: valid httpurl: http://a/"),
        "{shown:?}"
    );
    assert!(shown.contains("--> <stdin>:2:9"), "{shown:?}");
    assert!(
        shown.contains("rfc1738: 2 inputs: 1 valid, 1 invalid, 0 warnings"),
        "{shown:?}"
    );
    // One URL given as an argument: its answer, no summary.
    let shown = on_a_terminal(&["check", "http://a/"], true).expect("script ran once");
    assert!(shown.contains("valid httpurl: http://a/"), "{shown:?}");
    assert!(
        !shown.contains("inputs:") && !shown.contains("input:"),
        "{shown:?}"
    );
    // --quiet: nothing for the valid line, and no summary.
    let shown =
        typed_on_a_terminal(&["check", "-q"], true, Some("http://a/\n")).expect("script ran once");
    assert!(
        !shown.contains("valid httpurl") && !shown.contains("inputs"),
        "{shown:?}"
    );
}
