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

/// Writes `rounds` writes of `chunk` bytes of whole lines to `rfc1738 ARGS`,
/// each only after the answers to the lines of the one before have come
/// (one line of output per line of input), and returns how many rounds were
/// answered. An answer that never comes fails the round after 20 seconds:
/// a generous bound, which only a program that waits for more input before
/// answering reaches.
fn answered_rounds(args: &[&str], chunk: usize, rounds: usize) -> usize {
    use std::io::{BufRead, BufReader};
    use std::sync::mpsc;
    use std::time::{Duration, Instant};
    // Lines of 64 bytes, line feed included.
    let line = format!("http://h/{}\n", "a".repeat(54));
    assert_eq!(line.len(), 64);
    let per_chunk = chunk / line.len();
    let mut child = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("piped");
    let output = child.stdout.take().expect("piped");
    let (send, answers) = mpsc::channel();
    std::thread::spawn(move || {
        for answer in BufReader::new(output).lines() {
            if answer.is_err() || send.send(()).is_err() {
                return;
            }
        }
    });
    let mut answered = 0;
    'rounds: for _ in 0..rounds {
        // One write of the whole chunk, which ends with a line feed.
        input
            .write_all(line.repeat(per_chunk).as_bytes())
            .expect("the program reads");
        input.flush().expect("the program reads");
        let deadline = Instant::now() + Duration::from_secs(20);
        for _ in 0..per_chunk {
            let left = deadline.saturating_duration_since(Instant::now());
            if answers.recv_timeout(left).is_err() {
                break 'rounds;
            }
        }
        answered += 1;
    }
    // Standard input closes only now: every answer came while it was open.
    drop(input);
    child.wait().expect("it ends");
    answered
}

#[test]
fn lines_sent_in_pipe_sized_writes_are_answered_before_more_come() {
    // The writer: 64 KiB writes, each waiting for its answers, got
    // none before 4 MiB had come. Larger writes than a pipe holds, too.
    for args in [
        &["check"][..],
        &["check", "--format", "json"],
        &["parse", "--format", "json"],
    ] {
        for chunk in [64 << 10, 256 << 10] {
            assert_eq!(answered_rounds(args, chunk, 3), 3, "{args:?}, {chunk}");
        }
    }
}
