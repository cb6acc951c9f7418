//! The command line's promises about its streams, kept whatever they are
//! connected to: a stream that cannot be written ends the run with status 2
//! and no panic.

mod common;

use std::fs::File;
use std::io::Write;
use std::process::{Command, Output, Stdio};

use common::run_with;

/// `/dev/full`, opened for writing: every write to it fails with ENOSPC.
fn full() -> Stdio {
    Stdio::from(
        File::options()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full"),
    )
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
    // A valid input whose summary, asked for, cannot be written: the run
    // could not report, so it did not succeed.
    let output = run_with(
        &["check", "--stats", "http://h/"],
        b"",
        Stdio::piped(),
        full(),
    );
    assert_eq!(output.status.code(), Some(2));
    // Without a summary to write, nothing failed.
    let output = run_with(&["check", "http://h/"], b"", Stdio::piped(), full());
    assert_eq!(output.status.code(), Some(0));
}

/// A note on standard error that cannot be written fails the run as a
/// summary does: only the status can tell that it was not said. Each case
/// writes its note, and ends with its own status, when standard error can
/// be written.
#[test]
fn a_note_that_cannot_be_written_ends_with_status_2() {
    let named = temp_file("note-names-a-file.txt", b"x\n");
    let plain = temp_file("note-plain.gz", b"ftp://h/\n");
    let cases: [(&[&str], i32); 7] = [
        // An argument that names a file.
        (&["extract", &named], 0),
        (&["check", &named], 1),
        (&["parse", &named], 1),
        (&["explain", "--format", "svg", &named], 1),
        // A file named .gz that is not compressed.
        (&["check", "-f", &plain], 0),
        (&["coverage", "ftp://h/", "-f", &plain], 0),
        (&["extract", "--format", "json", "-f", &plain], 0),
    ];
    for (args, status) in cases {
        let output = run_with(args, b"", Stdio::piped(), Stdio::piped());
        let said = String::from_utf8_lossy(&output.stderr);
        assert!(said.contains("note:"), "{args:?}: {said}");
        assert_eq!(output.status.code(), Some(status), "{args:?}: {said}");
        let output = run_with(args, b"", Stdio::piped(), full());
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
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
        &["check", "--stats", "--file", &text],
        &["parse", "http://h/"],
        &["parse", "--format", "json"],
        &["parse"],
        &["explain", "http://h/"],
        &["explain", "--format", "json", "http://h/ x"],
        &["grammar"],
        &["grammar", "hostport"],
        &["extract", "-f", &text],
        &["extract", "--format", "json"],
        &["coverage"],
        &["explain"],
        &["coverage", "--format", "json"],
        &["completions", "bash"],
        &["man", "check"],
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
        &["completions", "zsh"],
        &["man"],
        &["man", "check"],
        &["--help"],
        &["check", "--help"],
        &["check", "x:"],
        &["check", "--summary", "x:"],
        &["check", "--verbose", "--stats", "-f", "-"],
        &["extract", "http://h/"],
    ] {
        let output = run_with(args, b"http://h/\n", full(), Stdio::piped());
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        // The stream is named: `rfc1738: No space left on device` could be
        // of any file.
        assert!(
            stderr.starts_with("rfc1738: standard output: No space left on device (os error 28)\n"),
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
        &["check", "--verbose"][..],
        &["check", "--format", "json"],
        &["parse", "--format", "json"],
    ] {
        for chunk in [64 << 10, 256 << 10] {
            assert_eq!(answered_rounds(args, chunk, 3), 3, "{args:?}, {chunk}");
        }
    }
}

/// The peak resident memory of a running process, from /proc, in kB.
fn peak_memory(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc");
    let line = status
        .lines()
        .find(|line| line.starts_with("VmHWM:"))
        .expect("VmHWM");
    line.split_whitespace()
        .nth(1)
        .and_then(|kb| kb.parse().ok())
        .expect("a number of kB")
}

/// Runs `rfc1738 ARGS` on a line of `megabytes` MiB of NUL bytes with no
/// line feed yet, and returns the first line of output if one came within
/// 20 seconds (a generous bound, which only a program that keeps the line
/// reaches; not waited for when the command does not `answer` line by
/// line), the peak memory in kB once the line was written, and, after
/// `rest` is written and standard input closed, the whole output and the
/// exit status.
fn after_a_long_line(args: &[&str], megabytes: usize, rest: &[u8], answer: bool) -> LongLine {
    use std::io::{BufRead, BufReader, Read};
    use std::sync::mpsc;
    let mut child = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let pid = child.id();
    let mut input = child.stdin.take().expect("piped");
    let output = child.stdout.take().expect("piped");
    let (send, lines) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut output = BufReader::new(output);
        let mut first = String::new();
        let _ = output.read_line(&mut first);
        let _ = send.send(first.clone());
        let mut rest = String::new();
        let _ = output.read_to_string(&mut rest);
        first + &rest
    });
    let zeros = vec![0u8; 1 << 20];
    // A program that stops reading (a usage error) ends the writes early.
    let written = (0..megabytes).all(|_| input.write_all(&zeros).is_ok());
    let first = answer
        .then(|| lines.recv_timeout(std::time::Duration::from_secs(20)).ok())
        .flatten()
        .filter(|_| written);
    // Standard input is still open: the program is running.
    let peak = if written { peak_memory(pid) } else { 0 };
    let _ = input.write_all(rest);
    drop(input);
    let status = child.wait().expect("it ends");
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("piped")
        .read_to_string(&mut stderr)
        .expect("standard error");
    LongLine {
        first,
        peak,
        output: reader.join().expect("the reader ends"),
        stderr,
        status: status.code(),
    }
}

/// What [`after_a_long_line`] saw.
struct LongLine {
    first: Option<String>,
    peak: u64,
    output: String,
    stderr: String,
    status: Option<i32>,
}

#[test]
fn a_line_longer_than_the_limit_gets_a_record_and_is_not_kept() {
    // 256 MiB of one line, limited to 1 MiB: the program holds no more than
    // a block and the limit (about 12 MB in all, measured), where keeping
    // the line took more than the line.
    let limit = ["--max-line-bytes", "1048576"];
    let rest = b"\nhttp://h/\n";
    let json =
        |line: &str| -> serde_json::Value { serde_json::from_str(line).expect("a JSON record") };
    for format in ["human", "json"] {
        let args = [
            "check", "-v", "--stats", "--format", format, limit[0], limit[1],
        ];
        let seen = after_a_long_line(&args, 256, rest, true);
        // The record comes as soon as the line is known to be too long,
        // before its end.
        let first = seen.first.expect("the record of the long line came");
        if format == "json" {
            let record = json(&first);
            assert_eq!(record["too_long"], true, "{first}");
            assert_eq!(record["max_line_bytes"], 1048576, "{first}");
            assert_eq!(record["line"], 1, "{first}");
            assert_eq!(record["file"], "<stdin>", "{first}");
            assert_eq!(record["valid"], serde_json::Value::Null, "{first}");
            let next = json(seen.output.lines().nth(1).expect("a second record"));
            assert_eq!((&next["line"], &next["valid"]), (&2.into(), &true.into()));
        } else {
            assert_eq!(
                first,
                "<stdin>:1: error: the line is longer than 1048576 bytes (--max-line-bytes): \
                 not checked, skipped\n"
            );
            assert!(
                seen.output
                    .ends_with("<stdin>:2: valid httpurl: http://h/\n"),
                "{}",
                seen.output
            );
        }
        assert!(seen.peak < 64 << 10, "{format}: peak {} kB", seen.peak);
        assert_eq!(seen.status, Some(2), "{format}: {}", seen.stderr);
        assert_eq!(
            seen.stderr,
            "rfc1738: 2 inputs: 1 valid, 0 invalid, 1 line too long (--max-line-bytes), \
             0 warnings\n"
        );
    }
    let args = ["parse", "--format", "json", limit[0], limit[1]];
    let seen = after_a_long_line(&args, 256, rest, true);
    let record = json(&seen.first.expect("the record of the long line came"));
    assert_eq!(
        (&record["too_long"], &record["line"]),
        (&true.into(), &1.into())
    );
    assert!(
        seen.output
            .lines()
            .nth(1)
            .is_some_and(|line| json(line)["valid"] == true)
    );
    assert!(seen.peak < 64 << 10, "parse: peak {} kB", seen.peak);
    assert_eq!(seen.status, Some(2));
    // Coverage reports at the end: the report names the line.
    let seen = after_a_long_line(&["coverage", limit[0], limit[1]], 256, rest, false);
    assert!(seen.peak < 64 << 10, "coverage: peak {} kB", seen.peak);
    assert!(
        seen.output
            .starts_with("2 inputs: 1 accepted, 0 rejected, 1 too long (rejected inputs"),
        "{}",
        seen.output
    );
    assert!(
        seen.output.contains(
            "\n1 line longer than 1048576 bytes (--max-line-bytes) skipped, not counted: line 1\n"
        ),
        "{}",
        seen.output
    );
    assert_eq!(seen.status, Some(2));
}

#[test]
fn the_default_limit_is_64_mib() {
    // 100 MiB of one line: past the default, reported with it, and memory
    // within the limit and a few blocks.
    let seen = after_a_long_line(&["check", "--format", "json"], 100, b"\nnews:*\n", true);
    let first = seen.first.expect("the record of the long line came");
    let record: serde_json::Value = serde_json::from_str(&first).expect("a JSON record");
    assert_eq!(record["max_line_bytes"], 64 << 20, "{first}");
    assert!(seen.peak < 128 << 10, "peak {} kB", seen.peak);
    assert_eq!(seen.status, Some(2));
    // A line as long as the limit is kept.
    let mut line = vec![b'a'; 64 << 20];
    line[..9].copy_from_slice(b"http://h/");
    line.push(b'\n');
    let output = run_with(
        &["check", "--quiet", "--stats"],
        &line,
        Stdio::piped(),
        Stdio::piped(),
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "rfc1738: 1 input: 1 valid, 0 invalid, 0 warnings\n"
    );
}

#[test]
fn the_limit_is_documented_and_checked() {
    for command in ["check", "parse", "coverage"] {
        let output = run_with(&[command, "--help"], b"", Stdio::piped(), Stdio::piped());
        let help = String::from_utf8_lossy(&output.stdout)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(help.contains("--max-line-bytes <N>"), "{command}: {help}");
        assert!(
            help.contains("Memory stays within this limit however long a line is"),
            "{command}: {help}"
        );
        assert!(help.contains("[default: 67108864]"), "{command}: {help}");
        let output = run_with(
            &[command, "--max-line-bytes", "0"],
            b"",
            Stdio::piped(),
            Stdio::piped(),
        );
        assert_eq!(output.status.code(), Some(2), "{command}");
    }
}

#[test]
fn explain_reads_lines_of_256_kib_by_default() {
    // A tree takes some 300 bytes a byte of a run of characters: a line
    // of the limit is explained, one byte more gets its record.
    let line = |length: usize| {
        let mut line = b"x:".to_vec();
        line.resize(length, b'a');
        line.push(b'\n');
        line
    };
    let output = run_with(
        &["explain", "--format", "json"],
        &line(256 << 10),
        Stdio::piped(),
        Stdio::piped(),
    );
    assert_eq!(output.status.code(), Some(0));
    let record: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(record["end"], 256 << 10);
    let output = run_with(
        &["explain", "--format", "json"],
        &line((256 << 10) + 1),
        Stdio::piped(),
        Stdio::piped(),
    );
    assert_eq!(output.status.code(), Some(2));
    let record: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(record["too_long"], true, "{record}");
    assert_eq!(record["max_line_bytes"], 256 << 10, "{record}");
    let output = run_with(&["explain", "--help"], b"", Stdio::piped(), Stdio::piped());
    let help = String::from_utf8_lossy(&output.stdout);
    assert!(help.contains("[default: 262144]"), "{help}");
}

#[test]
fn a_text_longer_than_the_limit_is_searched_up_to_its_last_whole_line() {
    let text: String = (1..=20).map(|i| format!("see http://h/{i:02}\n")).collect();
    // Lines of 16 bytes: the sixth ends at byte 96, the seventh past 100.
    let output = run_with(
        &["extract", "--max-text-bytes", "100"],
        text.as_bytes(),
        Stdio::piped(),
        Stdio::piped(),
    );
    assert_eq!(output.status.code(), Some(2));
    let hits = String::from_utf8_lossy(&output.stdout);
    assert_eq!(hits.lines().count(), 6, "{hits}");
    assert!(
        hits.ends_with("<stdin>:6:5: http://h/06 (valid httpurl)\n"),
        "{hits}"
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "rfc1738: <stdin>: the text is longer than 100 bytes (--max-text-bytes); only its \
         first 6 lines (96 bytes) were searched, and the rest was not read\n"
    );
    // An argument is a text too, bounded alike.
    let output = run_with(
        &["extract", "--max-text-bytes", "5", "http://a/b/c/d"],
        b"",
        Stdio::piped(),
        Stdio::piped(),
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty(), "{output:?}");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "rfc1738: <argument 1>: the text is longer than 5 bytes (--max-text-bytes); no line \
         of it ends within them: nothing was searched\n"
    );
    // Within the limit, all of it.
    let output = run_with(
        &["extract", "--max-text-bytes", "320"],
        text.as_bytes(),
        Stdio::piped(),
        Stdio::piped(),
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 20);
}

/// `rfc1738 ARGS` with at most `kilobytes` of address space.
fn within(kilobytes: u64, args: &[&str]) -> Output {
    let command = format!("ulimit -v {kilobytes} && exec \"$0\" \"$@\"",);
    Command::new("sh")
        .args(["-c", &command, env!("CARGO_BIN_EXE_rfc1738")])
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("sh runs")
}

#[test]
fn an_endless_text_is_read_up_to_the_limit_and_no_further() {
    // The text is read whole, so an endless one needs a limit: with 1 MiB,
    // the run ends within 256 MB of address space (threads, stacks and the
    // allocator's arenas take most of it); with the default of 256 MiB,
    // within 1 GB. Without a limit, the text grew until memory ran out.
    for (kilobytes, args, limit) in [
        (
            256 << 10,
            &["extract", "--max-text-bytes", "1048576", "-f", "/dev/zero"][..],
            1 << 20,
        ),
        (1 << 20, &["extract", "-f", "/dev/zero"], 256 << 20),
    ] {
        let output = within(kilobytes, args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty());
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            format!(
                "rfc1738: /dev/zero: the text is longer than {limit} bytes (--max-text-bytes); \
                 no line of it ends within them: nothing was searched, and the rest was not \
                 read\n"
            ),
            "{args:?}"
        );
    }
    let output = run_with(&["extract", "--help"], b"", Stdio::piped(), Stdio::piped());
    let help = String::from_utf8_lossy(&output.stdout);
    assert!(help.contains("--max-text-bytes <N>"), "{help}");
    assert!(help.contains("[default: 268435456]"), "{help}");
}

/// Sends SIGINT to process `pid` (with the shell's `kill`: the test needs
/// no unsafe code).
fn interrupt(pid: u32) {
    let status = Command::new("sh")
        .args(["-c", "kill -INT \"$0\"", &pid.to_string()])
        .status()
        .expect("sh runs");
    assert!(status.success(), "kill -INT {pid}");
}

/// Waits for `child` to end, at most 20 seconds (a generous bound, which
/// only a program that does not end on SIGINT reaches; then it is killed).
fn ended_within_20_seconds(child: &mut std::process::Child) -> Option<std::process::ExitStatus> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        if let Some(status) = child.try_wait().expect("the child") {
            return Some(status);
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// `rfc1738 ARGS` with standard input fed endlessly with copies of `line`;
/// the number of bytes written so far is counted.
fn fed_endlessly(
    args: &[&str],
    line: &str,
) -> (
    std::process::Child,
    std::sync::Arc<std::sync::atomic::AtomicUsize>,
) {
    fed_endlessly_to(args, line, Stdio::null())
}

/// [`fed_endlessly`], with standard error as given.
fn fed_endlessly_to(
    args: &[&str],
    line: &str,
    stderr: Stdio,
) -> (
    std::process::Child,
    std::sync::Arc<std::sync::atomic::AtomicUsize>,
) {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let mut child = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("piped");
    let written = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&written);
    let chunk = line.repeat((64 << 10) / line.len());
    std::thread::spawn(move || {
        // Until the program stops reading.
        while input.write_all(chunk.as_bytes()).is_ok() {
            counter.fetch_add(chunk.len(), Ordering::SeqCst);
        }
    });
    (child, written)
}

#[test]
fn sigint_ends_the_output_on_a_record_boundary_with_status_130() {
    use std::io::Read;
    // The case: standard output on a pipe, records cut off at
    // SIGINT. Here the pipe is read, then not for a while (the program waits
    // in a write), then read to its end after SIGINT.
    for args in [
        &["check", "--format", "json"][..],
        &["parse", "--format", "json"],
        &["check", "--verbose"],
    ] {
        let (mut child, _) = fed_endlessly(args, "http://h/aaaaaaaaaaaaaaaa\n");
        let mut output = child.stdout.take().expect("piped");
        let mut seen = vec![0; 1 << 20];
        output.read_exact(&mut seen).expect("a megabyte of records");
        interrupt(child.id());
        let reader = std::thread::spawn(move || {
            let _ = output.read_to_end(&mut seen);
            seen
        });
        let status = ended_within_20_seconds(&mut child);
        let seen = String::from_utf8(reader.join().expect("the reader")).expect("UTF-8");
        assert_eq!(
            status.and_then(|status| status.code()),
            Some(130),
            "{args:?}"
        );
        assert!(
            seen.ends_with('\n'),
            "{args:?}: {:?}",
            &seen[seen.len() - 100..]
        );
        for line in seen.lines() {
            if args.contains(&"json") {
                let record: serde_json::Value =
                    serde_json::from_str(line).unwrap_or_else(|_| panic!("{args:?}: {line}"));
                assert_eq!(record["valid"], true, "{args:?}: {line}");
            } else {
                assert!(
                    line.starts_with("<stdin>:")
                        && line.ends_with(": valid httpurl: http://h/aaaaaaaaaaaaaaaa"),
                    "{args:?}: {line}"
                );
            }
        }
    }
}

#[test]
fn sigint_still_writes_the_summary_of_what_was_read() {
    use std::io::Read;
    use std::sync::atomic::Ordering;
    // `check --summary` wrote nothing on standard output after SIGINT, nor
    // the line of --stats, nor `coverage` its report, though the run had
    // counted what it read: a batch of an hour lost to Ctrl-C.
    for args in [
        &["check", "--summary", "--stats"][..],
        &["check", "--summary", "--format", "json"],
        &["check", "--stats"],
        &["parse", "--format", "json", "--stats"],
        &["extract", "--format", "json", "--stats"],
        &["coverage"],
        &["coverage", "--format", "json"],
    ] {
        let (mut child, written) =
            fed_endlessly_to(args, "http://h/a\nhttp://a b/\n", Stdio::piped());
        let mut output = child.stdout.take().expect("piped");
        let mut errors = child.stderr.take().expect("piped");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        // A megabyte taken: the program runs, its handler set. A JSON
        // summary is asked to count some inputs, which a megabyte taken
        // does not ensure on a loaded machine: the run reads ahead of what
        // it has checked. It holds less than 16 MB (blocks of 4 MB read
        // ahead, units on their way to be counted), so once 24 MB are
        // taken, some of them were counted and let go.
        let taken = match args.contains(&"json") && args.contains(&"--summary")
            || args == ["coverage", "--format", "json"]
        {
            true => 24 << 20,
            false => 1 << 20,
        };
        while written.load(Ordering::SeqCst) < taken && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        interrupt(child.id());
        let stderr = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = errors.read_to_string(&mut text);
            text
        });
        let reader = std::thread::spawn(move || {
            let mut seen = Vec::new();
            let _ = output.read_to_end(&mut seen);
            seen
        });
        let status = ended_within_20_seconds(&mut child);
        let seen = String::from_utf8(reader.join().expect("the reader")).expect("UTF-8");
        let stderr = stderr.join().expect("the reader");
        assert_eq!(
            status.and_then(|status| status.code()),
            Some(130),
            "{args:?}"
        );
        if args.contains(&"--stats") {
            assert!(
                stderr.starts_with("rfc1738: ")
                    && stderr.contains(" valid, ")
                    && stderr.ends_with("; interrupted (SIGINT)\n"),
                "{args:?}: {stderr}"
            );
        }
        match args {
            ["check", "--summary", "--stats"] => {
                assert!(seen.contains(" inputs: "), "{args:?}: {seen}");
                assert!(
                    seen.contains("incomplete: interrupted (SIGINT)"),
                    "{args:?}: {seen}"
                );
            }
            ["check", "--summary", "--format", "json"] | ["coverage", "--format", "json"] => {
                let summary: serde_json::Value = serde_json::from_str(&seen).expect(&seen);
                assert_eq!(summary["complete"], false, "{args:?}");
                assert_eq!(summary["incomplete"], serde_json::json!(["interrupted"]));
                assert!(summary["inputs"].as_u64() > Some(0), "{args:?}");
            }
            ["coverage"] => {
                assert!(seen.contains(" accepted, "), "{args:?}: {seen}");
                assert!(
                    seen.contains("incomplete: interrupted (SIGINT)"),
                    "{args:?}: {seen}"
                );
            }
            _ => assert!(seen.is_empty() || seen.ends_with('\n'), "{args:?}"),
        }
    }
}

#[test]
fn sigint_ends_a_run_that_waits_for_input_with_status_130() {
    use std::io::{BufRead, BufReader, Read};
    for (args, answers) in [
        (&["check", "-v"][..], true),
        (&["parse", "--format", "json"], true),
        (&["coverage"], false),
        (&["extract"], false),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let mut input = child.stdin.take().expect("piped");
        let mut output = BufReader::new(child.stdout.take().expect("piped"));
        if answers {
            input.write_all(b"http://a/\n").expect("the program reads");
            // The answer says the program runs, its handler set.
            let mut first = String::new();
            output.read_line(&mut first).expect("an answer");
        } else {
            // A program that answers at the end: more than a pipe holds
            // is written only once the program reads, and so has started.
            let lines = b"http://a/\n".repeat((1 << 20) / 10);
            input.write_all(&lines).expect("the program reads");
        }
        interrupt(child.id());
        // Standard input stays open: only SIGINT can end the run.
        let status = ended_within_20_seconds(&mut child);
        drop(input);
        let mut rest = String::new();
        output.read_to_string(&mut rest).expect("the output");
        assert_eq!(
            status.and_then(|status| status.code()),
            Some(130),
            "{args:?}"
        );
        if args == ["coverage"] {
            // The report of what was read, which says so.
            assert!(
                rest.contains("\nincomplete: interrupted (SIGINT); "),
                "{args:?}: {rest}"
            );
        } else {
            assert_eq!(rest, "", "{args:?}: nothing after the answer");
        }
    }
}

#[test]
fn a_second_sigint_ends_a_run_stuck_in_a_write() {
    use std::sync::atomic::Ordering;
    // The help says what SIGINT does.
    let output = run_with(&["--help"], b"", Stdio::piped(), Stdio::piped());
    // Wrapped to the terminal's width: the words, single spaces between.
    let help = String::from_utf8_lossy(&output.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        help.contains(
            "On SIGINT (Ctrl-C), a run ends after its last whole record, with exit status \
             130; a second SIGINT ends it at once."
        ),
        "{help}"
    );
    // Standard output is never read: the program waits in a write that
    // cannot finish, and the first SIGINT cannot end it on a record
    // boundary; SIGINT is sent until the run ends.
    let (mut child, written) = fed_endlessly(&["check", "--format", "json"], "http://h/a\n");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    // A megabyte taken: the program runs, its handler set.
    while written.load(Ordering::SeqCst) < 1 << 20 {
        assert!(
            std::time::Instant::now() < deadline,
            "the program never read"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let status = loop {
        interrupt(child.id());
        std::thread::sleep(std::time::Duration::from_millis(100));
        if let Some(status) = child.try_wait().expect("the child") {
            break Some(status);
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
    };
    assert_eq!(status.and_then(|status| status.code()), Some(130));
}

/// Whether process `pid` catches SIGINT yet (Linux: `SigCgt` in
/// /proc/PID/status, a mask in which SIGINT is bit 1).
fn catches_sigint(pid: u32) -> bool {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("SigCgt:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & 2 != 0)
}

#[test]
fn sigint_ends_a_run_that_waits_for_its_first_bytes() {
    // Standard input a pipe that stays open and empty: the first bytes,
    // which say whether it is compressed, are waited for as any other.
    for command in ["check", "parse", "explain", "extract", "coverage"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let input = child.stdin.take().expect("piped");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while !catches_sigint(child.id()) && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        interrupt(child.id());
        let status = ended_within_20_seconds(&mut child);
        drop(input);
        assert_eq!(
            status.and_then(|status| status.code()),
            Some(130),
            "{command}"
        );
    }
}

/// `rfc1738 ARGS -f FILE`, FILE a few megabytes of valid URLs, a line each,
/// interrupted in the middle of its output: standard output is read to its
/// first bytes (the run has read lines, its handler set), then not for a
/// while, so that the run waits in a write with more records to come;
/// SIGINT is sent then, and standard output read to its end. Its exit
/// status, the records written (standard output) and standard error.
fn interrupted_in_a_write(args: &[&str]) -> (Option<i32>, String, String) {
    use std::io::Read;
    let lines: String = (0..200_000).map(|i| format!("http://h/{i}\n")).collect();
    let file = temp_file("interrupted-in-a-write.txt", lines.as_bytes());
    let mut child = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(args)
        .args(["-f", &file])
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut output = child.stdout.take().expect("piped");
    let mut errors = child.stderr.take().expect("piped");
    let mut seen = vec![0; 1];
    output.read_exact(&mut seen).expect("a record begun");
    // The pipe fills: the run waits in a write, far from the file's end.
    std::thread::sleep(std::time::Duration::from_millis(200));
    interrupt(child.id());
    let stderr = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = errors.read_to_string(&mut text);
        text
    });
    let _ = output.read_to_end(&mut seen);
    let status = ended_within_20_seconds(&mut child);
    let stderr = stderr.join().expect("the reader");
    let seen = String::from_utf8(seen).expect("UTF-8");
    (status.and_then(|status| status.code()), seen, stderr)
}

/// The count that the line of `--stats`, `stderr`, starts with (`rfc1738:
/// 1,234 inputs: ...`).
fn stats_count(stderr: &str) -> usize {
    stderr
        .strip_prefix("rfc1738: ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|count| count.replace(',', "").parse().ok())
        .unwrap_or_else(|| panic!("{stderr}"))
}

#[test]
fn after_sigint_the_stats_count_what_was_written() {
    // The records written and what `--stats` counted differed by the
    // records that SIGINT stopped from being written, a unit of lines of a
    // batch (`extract` wrote no summary at all).
    let report = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("interrupted.html");
    let report = report.to_str().expect("a UTF-8 path");
    for args in [
        &["check", "--format", "json", "--stats"][..],
        &["parse", "--format", "json", "--stats"],
        &["explain", "--format", "json", "--stats"],
        &["extract", "--format", "json", "--stats"],
        &["check", "--format", "json", "--stats", "--report", report],
        // Every line too long, each with a record that says so.
        &["check", "--format", "json", "--stats", "--max-line-bytes=4"],
    ] {
        let (status, records, stderr) = interrupted_in_a_write(args);
        assert_eq!(status, Some(130), "{args:?}: {stderr}");
        assert!(
            stderr.ends_with("; interrupted (SIGINT)\n") && stderr.lines().count() == 1,
            "{args:?}: {stderr}"
        );
        assert!(records.ends_with('\n'), "{args:?}");
        let written = records.lines().count();
        assert!(written > 0 && written < 200_000, "{args:?}: {written}");
        assert_eq!(stats_count(&stderr), written, "{args:?}: {stderr}");
        if args.contains(&"--report") {
            // The page counts them so too.
            let page = std::fs::read_to_string(report).expect("the page");
            assert!(
                page.contains(&format!("data-inputs=\"{written}\" ")),
                "{args:?}"
            );
            assert!(page.contains("data-complete=\"false\""), "{args:?}");
            // And says why, as the terminal's summary does.
            assert!(
                page.contains(" data-incomplete=\"interrupted\" "),
                "{args:?}"
            );
            assert!(
                page.contains(
                    "<p class=\"banner\">Incomplete: interrupted (SIGINT). The counts are \
                     those of the inputs read.</p>"
                ),
                "{args:?}"
            );
        }
    }
}
