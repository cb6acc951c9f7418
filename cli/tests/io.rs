//! The command line's promises about its streams, kept whatever they are
//! connected to: a stream that cannot be written ends the run with status 2
//! and no panic.

use std::fs::File;
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `/dev/full`, opened for writing: every write to it fails with ENOSPC.
fn full() -> Stdio {
    Stdio::from(
        File::options()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full"),
    )
}

/// The binary on `args` with `input` on standard input and the given
/// standard output and error.
fn run_with(args: &[&str], input: &[u8], stdout: Stdio, stderr: Stdio) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .expect("the binary runs");
    let mut pipe = child.stdin.take().expect("piped");
    let input = input.to_vec();
    let feeder = std::thread::spawn(move || {
        // The program may stop reading early: that is fine.
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().expect("it ends");
    feeder.join().expect("the feeder ends");
    output
}

/// A file of `contents` in the test's own temporary directory.
fn temp_file(name: &str, contents: &[u8]) -> String {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, contents).expect("a temporary file");
    path.to_str().expect("a UTF-8 path").to_owned()
}

#[test]
fn an_unwritable_standard_error_ends_with_status_2_not_a_panic() {
    // The case: the file's error cannot be reported, and the run
    // still says, by its status, that something failed.
    let output = run_with(
        &["check", "--file", "/nonexistent", "http://h/"],
        b"",
        Stdio::piped(),
        full(),
    );
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(output.stdout, b"valid httpurl: http://h/\n");
    // A valid input whose summary cannot be written: the run could not
    // report, so it did not succeed.
    let output = run_with(&["check", "http://h/"], b"", Stdio::piped(), full());
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn every_command_with_both_streams_full_exits_2() {
    let text = temp_file("full-text.txt", b"see <URL:http://h/> and ftp://h/%zz\n");
    let lines = b"http://h/\nnews:*\nnot a url\n";
    for args in [
        &["check", "http://h/", "bad url"][..],
        &["check"],
        &["check", "--format", "json"],
        &["check", "--file", &text],
        &["parse", "http://h/"],
        &["parse", "--format", "json"],
        &["parse"],
        &["explain", "http://h/"],
        &["explain", "--format", "json", "http://h/ x"],
        &["grammar"],
        &["grammar", "hostport"],
        &["extract", &text],
        &["extract", "--format", "json"],
        &["coverage"],
        &["--help"],
        &["check", "--help"],
        &["--version"],
        &["check", "--rule", "nope", "x"],
        &["frobnicate"],
    ] {
        let output = run_with(args, lines, full(), full());
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn an_unwritable_standard_output_is_reported_on_standard_error() {
    for args in [
        &["check", "http://h/"][..],
        &["parse", "--format", "json"],
        &["explain", "http://h/"],
        &["grammar"],
        &["coverage"],
        &["--help"],
    ] {
        let output = run_with(args, b"http://h/\n", full(), Stdio::piped());
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("rfc1738: No space left on device"),
            "{args:?}: {stderr}"
        );
    }
}
