//! Hostile conditions: huge lines, a small stack, standard input closed at
//! once, unreadable files, a closed standard output, memory under many
//! lines. Exit statuses stay as documented and nothing panics.

use std::io::{Read, Write};
use std::process::{Child, Command, Output, Stdio};

/// The binary on `args`, its three streams piped.
fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

fn run(args: &[&str], stdin: Vec<u8>) -> Output {
    let mut child = spawn(args);
    let mut pipe = child.stdin.take().expect("piped");
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&stdin);
    });
    let output = child.wait_with_output().expect("it ends");
    feeder.join().expect("the feeder ends");
    output
}

fn no_panic(output: &Output) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn the_stack_does_not_grow_with_the_input() {
    // 10 MB of input on a 1 MB stack: nothing recurses per character,
    // label, segment or escape.
    let long_path = format!("http://host/{}", "a/%41".repeat(2 << 20));
    let many_labels = format!("http://{}a/", "a-a.".repeat(2 << 20));
    let invalid_end = format!("gopher://h/1{}#", "%09".repeat(3 << 20));
    let worker = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || {
            assert!(rfc1738::is_valid(&long_path));
            assert!(rfc1738::parse(&long_path).is_ok());
            assert!(rfc1738::parse_rule(rfc1738::Rule::Url, &long_path).is_ok());
            assert!(rfc1738::is_valid(&many_labels));
            let error = rfc1738::parse(&invalid_end).unwrap_err();
            assert_eq!(error.offset(), invalid_end.len() - 1);
            let _ = error.to_string();
        })
        .expect("a thread");
    worker.join().expect("no stack overflow, no panic");
}

#[test]
fn lines_of_a_hundred_megabytes() {
    let mut valid = b"http://host/".to_vec();
    valid.resize(100 << 20, b'a');
    let mut invalid = valid.clone();
    invalid.push(b' ');
    let mut input = valid.clone();
    input.push(b'\n');
    input.extend_from_slice(&invalid);
    input.push(b'\n');
    // Longer than the default limit of 64 MiB: the limit is raised.
    let output = run(
        &[
            "check",
            "--quiet",
            "--stats",
            "--max-line-bytes",
            "209715200",
        ],
        input,
    );
    no_panic(&output);
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    // The diagnostic shows a window of the line, not 100 MB of it.
    assert!(text.len() < 4096, "{} bytes of output", text.len());
    assert!(
        text.contains(&format!("--> <stdin>:2:{}", (100 << 20) + 1)),
        "{text}"
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "rfc1738: 2 inputs: 1 valid, 1 invalid, 0 warnings\n"
    );
}

#[test]
fn coverage_counts_a_huge_line_without_building_its_tree() {
    let mut huge = b"http://host/".to_vec();
    huge.resize(3 << 20, b'a');
    let mut input = b"ftp://host/f\n".to_vec();
    input.extend_from_slice(&huge);
    input.push(b'\n');
    let output = run(&["coverage"], input);
    no_panic(&output);
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(
        text.starts_with("2 inputs: 2 accepted, 0 rejected"),
        "{text}"
    );
    assert!(
        text.contains("1 accepted input longer than 1048576 bytes is not counted: its"),
        "{text}"
    );
}

#[test]
fn coverage_names_a_file_of_lines_too_long_once() {
    // A file of 100,001 lines, every one too long, under a long name,
    // then a file of three: the report names each file once, the first
    // 1000 lines of them all by number, in a run, and counts the others.
    let dir = scratch_dir("coverage-too-long");
    let path = dir.join(format!("{}.txt", "n".repeat(200)));
    let mut lines = "ab\n".repeat(100_000);
    lines.insert_str(0, "http://h/\n");
    std::fs::write(&path, &lines).unwrap();
    let file = path.to_str().expect("UTF-8");
    let more = dir.join("more.txt");
    std::fs::write(&more, "ab\na\nab\nab").unwrap();
    let more = more.to_str().expect("UTF-8");
    let args = ["coverage", "--max-line-bytes", "1", "-f", file, "-f", more];
    let output = run(&args, Vec::new());
    no_panic(&output);
    assert_eq!(output.status.code(), Some(2));
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let said = format!(
        "\n100,004 lines longer than 1 byte (--max-line-bytes) skipped, not counted: \
         {file} lines 1-1000 and 99,001 more; {more} 3 lines\n"
    );
    assert!(text.contains(&said), "{}", head(&text));
    // Counts grouped, as the summary's are.
    assert!(
        text.starts_with("100,005 inputs: 0 accepted, 1 rejected, 100,004 too long"),
        "{}",
        head(&text)
    );
    assert!(text.len() < 16 << 10, "{} bytes", text.len());
    let args = [
        "coverage",
        "--format",
        "json",
        "--max-line-bytes",
        "1",
        "-f",
        file,
        "-f",
        more,
    ];
    let output = run(&args, Vec::new());
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("one object");
    let numbers: Vec<u64> = (1..=1000).collect();
    assert_eq!(
        report["too_long"],
        serde_json::json!([
            {"file": file, "lines": numbers, "count": 100_001, "lines_capped": true},
            {"file": more, "lines": [], "count": 3, "lines_capped": true},
        ])
    );
    assert_eq!(report["inputs"], 100_005);
    // Under the bound, every line by number.
    let args = ["coverage", "--format", "json", "--max-line-bytes", "1"];
    let output = run(&args, b"ab\na\nab\nab".to_vec());
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("one object");
    assert_eq!(
        report["too_long"],
        serde_json::json!([
            {"file": "<stdin>", "lines": [1, 3, 4], "count": 3, "lines_capped": false},
        ])
    );
    let output = run(
        &["coverage", "--max-line-bytes", "1"],
        b"ab\na\nab\nab".to_vec(),
    );
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(
        text.contains(
            "\n3 lines longer than 1 byte (--max-line-bytes) skipped, not counted: lines 1, 3-4\n"
        ),
        "{text}"
    );
    // Beside a file, standard input is named as it is in records.
    let args = ["coverage", "--max-line-bytes", "1", "-", "-f", more];
    let output = run(&args, b"ab\n".to_vec());
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let said = format!("skipped, not counted: <stdin> line 1; {more} lines 1, 3-4\n");
    assert!(text.contains(&said), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_limit_of_one_byte_is_said_in_the_singular() {
    let said = |args: &[&str], stdin: &[u8]| {
        let output = run(args, stdin.to_vec());
        no_panic(&output);
        String::from_utf8_lossy(&output.stdout).into_owned()
            + &String::from_utf8_lossy(&output.stderr)
    };
    let check = said(&["check", "--max-line-bytes", "1"], b"ab\n");
    assert!(
        check.contains("longer than 1 byte (--max-line-bytes)"),
        "{check}"
    );
    let extract = said(&["extract", "--max-text-bytes", "1"], b"ab\n");
    assert!(
        extract.contains("longer than 1 byte (--max-text-bytes)"),
        "{extract}"
    );
    let dot = said(&["explain", "-r", "digit", "--format", "dot", "1"], b"");
    assert!(dot.contains("digit: valid, 1 byte\\l"), "{dot}");
}

#[test]
fn standard_input_closed_at_once() {
    for args in [
        &["check"][..],
        &["check", "--format", "json"],
        &["parse"],
        &["extract"],
        &["coverage"],
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("the binary runs");
        no_panic(&output);
        assert_eq!(output.status.code(), Some(0), "{args:?}");
    }
    let output = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(["check", "--stats"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(output.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "rfc1738: 0 inputs: 0 valid, 0 invalid, 0 warnings\n"
    );
}

/// A directory of this test process's own for `purpose` (made if it is not
/// there).
fn scratch_dir(purpose: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("rfc1738-{purpose}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn unreadable_files_and_directories_exit_2_naming_them() {
    let dir = scratch_dir("hostile");
    let locked = dir.join("locked.txt");
    std::fs::write(&locked, b"http://a/\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    let dir_name = dir.to_str().unwrap();
    let mut cases = vec![dir_name.to_owned(), "/nonexistent/urls.txt".to_owned()];
    // Root reads a file whatever its mode: the locked file is unreadable
    // only to others.
    if std::fs::File::open(&locked).is_err() {
        cases.push(locked.to_str().unwrap().to_owned());
    }
    for path in &cases {
        for args in [
            vec!["check", "--file", path.as_str()],
            vec!["coverage", "-f", path.as_str()],
            vec!["extract", "-f", path.as_str()],
        ] {
            let output = run(&args, Vec::new());
            no_panic(&output);
            assert_eq!(output.status.code(), Some(2), "{args:?}");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(stderr.contains(path.as_str()), "{args:?}: {stderr}");
        }
    }
    // Unlinking the locked file needs only the directory's permission.
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Reads the first bytes `child` writes, closes its standard output and
/// waits for it: how it ended, and its standard error.
fn close_after_the_first_bytes(child: &mut Child) -> (std::process::ExitStatus, String) {
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 64];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let ended = child.wait().unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    (ended, stderr)
}

/// The binary on `args`, fed `input` on standard input, its standard
/// output closed after the first bytes ([`close_after_the_first_bytes`]).
fn fed_then_closed(args: &[&str], input: Vec<u8>) -> (std::process::ExitStatus, String) {
    let mut child = spawn(args);
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let ended = close_after_the_first_bytes(&mut child);
    feeder.join().unwrap();
    ended
}

#[test]
fn a_closed_standard_output_ends_every_command_quietly() {
    // The status is that of the inputs read before the output closed.
    let valid = b"http://host/path\n".repeat(50_000);
    let invalid = b"http://host/path x\n".repeat(50_000);
    for (args, lines, status) in [
        (&["check", "--verbose"][..], &valid, 0),
        (&["check"], &invalid, 1),
        (&["check", "--format", "json"], &valid, 0),
        (&["check", "--format", "json"], &invalid, 1),
        (&["parse", "--format", "json"], &valid, 0),
        (&["parse"], &invalid, 1),
        (&["extract"], &invalid, 0),
    ] {
        let (ended, stderr) = fed_then_closed(args, lines.clone());
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(!stderr.contains("Broken pipe"), "{args:?}: {stderr}");
        assert_eq!(ended.code(), Some(status), "{args:?}: {stderr}");
    }
    // The counts asked for are of what was read, and say so.
    let (ended, stderr) = fed_then_closed(&["check", "--verbose", "--stats"], valid);
    assert_eq!(ended.code(), Some(0), "{stderr}");
    assert!(
        stderr.ends_with(" 0 invalid, 0 warnings; stopped when standard output closed\n"),
        "{stderr}"
    );
}

#[test]
fn a_closed_standard_output_still_tells_what_could_not_be_read() {
    // A file that cannot be read, then one whose records fill the pipe its
    // reader closes: the status still says the first (2, not the 1 of the
    // invalid lines), and the report asked for is written, incomplete.
    let dir = scratch_dir("closed");
    let lines = dir.join("lines.txt");
    std::fs::write(&lines, b"http://host/path x\n".repeat(50_000)).unwrap();
    let report = dir.join("report.html");
    let missing = "/nonexistent/urls.txt";
    let (lines_arg, report_arg) = (lines.to_str().unwrap(), report.to_str().unwrap());
    let mut child = spawn(&[
        "check", "-f", missing, "-f", lines_arg, "--report", report_arg,
    ]);
    drop(child.stdin.take());
    let (ended, stderr) = close_after_the_first_bytes(&mut child);
    let page = std::fs::read_to_string(&report);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(stderr.contains(missing), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(!stderr.contains("Broken pipe"), "{stderr}");
    assert_eq!(ended.code(), Some(2), "{stderr}");
    let page = page.expect("the report written");
    assert!(page.contains("data-complete=\"false\""));
}

#[test]
fn no_source_is_read_after_standard_output_closed() {
    // A text whose hits fill the pipe its reader closes, then a file that
    // cannot be read: every command stops at the close, as `head` expects,
    // and does not go on to open the file (nor say it cannot).
    let dir = scratch_dir("after");
    let text = dir.join("text.txt");
    std::fs::write(&text, b"see http://host/path now\n".repeat(50_000)).unwrap();
    let text = text.to_str().unwrap();
    let missing = "/nonexistent/later.txt";
    // Each line is a text with one valid hit, and an invalid URL.
    for (command, status) in [("extract", 0), ("check", 1), ("parse", 1)] {
        let args = [command, "-f", text, "-f", missing];
        let mut child = spawn(&args);
        drop(child.stdin.take());
        let (ended, stderr) = close_after_the_first_bytes(&mut child);
        assert!(!stderr.contains(missing), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(ended.code(), Some(status), "{args:?}: {stderr}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The peak resident memory of a process, from /proc, in kB.
fn peak_memory(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The peak memory of `check` over `lines` lines, sampled while it runs.
fn memory_for(lines: usize) -> u64 {
    let input = b"http://www.example.com/a/b/c.html?q=1\n".repeat(lines);
    peak_while_writing(&["check", "--format", "json"], input)
}

/// The peak memory of `rfc1738 ARGS` on `input`, sampled while it writes
/// its output.
fn peak_while_writing(args: &[&str], input: Vec<u8>) -> u64 {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut peak = 0;
    let mut buffer = vec![0u8; 1 << 16];
    while stdout.read(&mut buffer).unwrap_or(0) > 0 {
        peak = peak.max(peak_memory(pid).unwrap_or(0));
    }
    feeder.join().unwrap();
    child.wait().unwrap();
    peak
}

#[test]
fn memory_does_not_grow_with_the_number_of_lines() {
    let few = memory_for(50_000);
    let many = memory_for(1_000_000);
    assert!(few > 0 && many > 0, "/proc gave the peak memory");
    // Twenty times the lines, within a few blocks' worth of memory.
    assert!(
        many < few + 32 * 1024,
        "{few} kB for 50 000 lines, {many} kB for 1 000 000"
    );
}

/// The peak memory of `rfc1738 ARGS` reading the file `input`, sampled
/// until it ends.
fn peak_reading(args: &[&str], input: &std::path::Path) -> u64 {
    peak_reading_on(args, input, None)
}

/// The peak memory of `rfc1738 ARGS` reading the file `input`, on
/// `threads` threads (`RAYON_NUM_THREADS`) or as many as it takes, sampled
/// until it ends.
fn peak_reading_on(args: &[&str], input: &std::path::Path, threads: Option<usize>) -> u64 {
    let mut command = Command::new(env!("CARGO_BIN_EXE_rfc1738"));
    if let Some(threads) = threads {
        command.env("RAYON_NUM_THREADS", threads.to_string());
    }
    let mut child = command
        .args(args)
        .arg("-f")
        .arg(input)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut peak = 0;
    while child.try_wait().unwrap().is_none() {
        peak = peak.max(peak_memory(child.id()).unwrap_or(0));
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    peak
}

#[test]
fn the_summary_holds_no_more_for_more_lines() {
    // Invalid lines of tens of causes, each of a scheme of its own, with
    // passwords: the summary keeps as much of four times the lines, once
    // they fill the reader's blocks.
    let dir = scratch_dir("summary");
    let lines = |count: usize| {
        let put = [" ", "#", "%z", "\t", "\u{e9}", "<", "^", "|", "[", "{"];
        let path = "/a/b;c?q=1";
        let mut text = String::new();
        for i in 0..count / 2 {
            let (c, at) = (put[i % put.len()], i / put.len() % (path.len() + 1));
            text.push_str(&format!("s{i}://h.dom{}{c}\n", &path[..at]));
            text.push_str(&format!("http://me:pw{i}@h.dom{}{c}\n", &path[..at]));
        }
        let file = dir.join(format!("{count}.txt"));
        std::fs::write(&file, text).unwrap();
        file
    };
    let report = dir.join("report.html");
    let args = ["check", "--summary", "--report", report.to_str().unwrap()];
    let few = peak_reading(&args, &lines(300_000));
    let many = peak_reading(&args, &lines(1_200_000));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(few > 0 && many > 0, "/proc gave the peak memory");
    assert!(
        many < few + 16 * 1024,
        "{few} kB for 300 000 lines, {many} kB for 1 200 000"
    );
}

/// A file of `count` lines of two bytes in `dir`: every one longer than a
/// limit of one byte, the cheapest line to put through a batch.
fn short_lines(dir: &std::path::Path, count: usize) -> std::path::PathBuf {
    let file = dir.join(format!("{count}.txt"));
    std::fs::write(&file, "ab\n".repeat(count)).unwrap();
    file
}

#[test]
fn coverage_holds_no_more_for_more_lines_too_long() {
    // Eight times the lines too long, the same memory: the report counts
    // them and numbers only the first 1000. A number kept for each took
    // 8 bytes a line, and the JSON report as many again: 40 MB more for
    // 3,200,000 lines of 3 bytes.
    let dir = scratch_dir("coverage-memory");
    let args = ["coverage", "--format", "json", "--max-line-bytes", "1"];
    let few = peak_reading(&args, &short_lines(&dir, 400_000));
    let many = peak_reading(&args, &short_lines(&dir, 3_200_000));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(few > 0 && many > 0, "/proc gave the peak memory");
    assert!(
        many < few + 8 * 1024,
        "{few} kB for 400 000 lines, {many} kB for 3 200 000"
    );
}

#[test]
fn check_and_parse_write_their_records_as_they_go_whatever_the_number_of_lines() {
    // A record per line (each line too long for a limit of one byte, the
    // cheapest to make): six times the lines, and some 45 MB more of
    // records, take no more memory. Records held for their order, or
    // anything kept per line, would show here.
    let dir = scratch_dir("records-memory");
    let (few_lines, many_lines) = (short_lines(&dir, 100_000), short_lines(&dir, 600_000));
    for command in ["check", "parse"] {
        let args = [command, "--max-line-bytes", "1"];
        let few = peak_reading(&args, &few_lines);
        let many = peak_reading(&args, &many_lines);
        assert!(few > 0 && many > 0, "/proc gave the peak memory");
        assert!(
            many < few + 4 * 1024,
            "{command}: {few} kB for 100 000 lines, {many} kB for 600 000"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn short_lines_take_no_more_memory_on_more_threads() {
    // A record per line of three bytes (too long for a limit of one byte,
    // the cheapest record, a hundred bytes): units of 64 KiB held 21,845
    // of them, 2 MB of records, and a wave two units a thread, so eight
    // threads took 40 MB more than one (4 MB of empty lines, whose
    // diagnostics are 336 bytes, 300 MB more). 1.2 MB of lines fill a wave
    // of 8 threads.
    let dir = scratch_dir("threads-memory");
    let file = short_lines(&dir, 400_000);
    for command in ["check", "parse", "explain"] {
        let args = [command, "--max-line-bytes", "1"];
        let one = peak_reading_on(&args, &file, Some(1));
        let eight = peak_reading_on(&args, &file, Some(8));
        assert!(one > 0 && eight > 0, "/proc gave the peak memory");
        assert!(
            eight < one + 8 * 1024,
            "{command}: {one} kB on 1 thread, {eight} kB on 8"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn extract_holds_the_text_and_one_hit_whatever_the_number_of_hits() {
    // 1 MB of text, with a thousand invalid hits or 85 000: each hit is
    // written as it is found, so the text is what takes memory. Holding
    // every hit and its error before writing took 85 MB more.
    let text = |hits: usize| {
        let mut text = "ftp://h/%zz ".repeat(hits).into_bytes();
        text.resize(85_000 * 12, b' ');
        text
    };
    for format in ["human", "json"] {
        let args = ["extract", "--format", format];
        let few = peak_while_writing(&args, text(1_000));
        let many = peak_while_writing(&args, text(85_000));
        assert!(few > 0 && many > 0, "/proc gave the peak memory");
        assert!(
            many < few + 8 * 1024,
            "{format}: {few} kB for 1 000 hits, {many} kB for 85 000"
        );
    }
}

#[test]
fn extract_hides_a_password_cut_by_a_hash_without_copying_the_hit() {
    // A wrapper whose URL and fragment hold whitespace (removed) or bytes
    // that are not UTF-8 (each a U+FFFD of three bytes): to hide a
    // password that a `#` cut in two, human output read a copy of the URL
    // and its fragment made for it: 4 MB more than JSON for the first
    // text, 6 MB for the second. It reads the hit's own now.
    let spaced = format!(
        "<URL:ftp://h/{}#{}>\n",
        "a ".repeat(2 << 20),
        "b ".repeat(2 << 20)
    );
    let mut bad = b"<URL:ftp://h/".to_vec();
    bad.extend(std::iter::repeat_n(0xFF, 1 << 20));
    bad.push(b'#');
    bad.extend(std::iter::repeat_n(0xFF, 1 << 20));
    bad.extend_from_slice(b">\n");
    // Sixteen hyphen breaks before a long fragment: each reading was read
    // written with the fragment, a copy of it each time (4 MB more than
    // JSON). A reading is shown only with a fragment of at most 4 kB now.
    let hyphens = format!(
        "<URL:ftp://a:b{}#{}>\n",
        "c-\n".repeat(16),
        "x".repeat(4 << 20)
    );
    for text in [spaced.into_bytes(), bad, hyphens.into_bytes()] {
        let json = peak_while_writing(&["extract", "--format", "json"], text.clone());
        let human = peak_while_writing(&["extract"], text);
        assert!(json > 0 && human > 0, "/proc gave the peak memory");
        // Human output does more for a hit than JSON (it parses the URL
        // again, and the URL with its fragment): under 1 MB more for these,
        // as measured, where a copy took 4 MB or more.
        assert!(human < json + 2048, "{human} kB as text, {json} kB as JSON");
    }
}

/// The first 2 kB of `text`, for a failure's message.
fn head(text: &str) -> &str {
    text.get(..2048).unwrap_or(text)
}

#[test]
fn a_finding_repeated_on_one_line_is_one_warning_in_both_formats() {
    // One ftp URL of 100,000 `%0D` (300 kB) once gave 100,000 warnings, each
    // with a snippet rendered over the whole line: 40 MB of output, in a
    // time quadratic in the line. Now one warning, its count, the first
    // offsets, and an excerpt bounded in width.
    let line = format!("ftp://me:pw@h/{}", "%0D".repeat(100_000));
    let output = run(
        &["check", "-v", "--stats"],
        format!("{line}\n").into_bytes(),
    );
    no_panic(&output);
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    // The URL once (its password masked), then three bounded warnings: the
    // password, the escapes, and the FTP command their first CR would end
    // early (a semantic error).
    assert!(
        text.len() < line.len() + 2048,
        "{} bytes of output",
        text.len()
    );
    assert_eq!(text.matches("warning[encoded-delimiter]").count(), 1);
    assert_eq!(text.matches("warning[forbidden-byte]").count(), 1);
    // What follows the URL's line: not the 300 kB of the URL again.
    let warnings = &text[text.find('\n').expect("the URL's line") + 1..];
    assert!(
        warnings.contains(
            "= note: 100000 times, at columns 15, 18, 21, 24, 27, 30, 33, 36 and 99992 more"
        ),
        "{}",
        head(warnings)
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "rfc1738: 1 input: 1 valid, 0 invalid, 3 warnings\n"
    );
    let output = run(
        &["check", "--format", "json"],
        format!("{line}\n").into_bytes(),
    );
    let record: serde_json::Value = serde_json::from_slice(&output.stdout).expect("one record");
    let warnings = record["warnings"].as_array().expect("warnings");
    assert_eq!(warnings.len(), 3);
    assert_eq!(warnings[1]["count"], 100_000);
    assert_eq!(warnings[1]["offset"], 14);
    assert_eq!(
        warnings[1]["offsets"],
        serde_json::json!([14, 17, 20, 23, 26, 29, 32, 35])
    );
    assert_eq!(warnings[1]["offsets_capped"], true);
    assert_eq!(warnings[0]["offsets_capped"], false);
    assert_eq!(
        (
            &warnings[2]["code"],
            &warnings[2]["offset"],
            &warnings[2]["count"]
        ),
        (
            &serde_json::json!("forbidden-byte"),
            &serde_json::json!(14),
            &serde_json::json!(1)
        )
    );
    assert!(
        output.stdout.len() < line.len() + 2048,
        "{} bytes of output",
        output.stdout.len()
    );
}

#[test]
fn a_warning_shows_a_window_of_a_long_line() {
    // The caret's line is cut around the warning, whatever its length: a
    // password at the start of a 1 MB URL, a CR escape at its end.
    let line = format!("ftp://me:pw@h/{}%0d", "a".repeat(1 << 20));
    let output = run(&["check"], format!("{line}\n").into_bytes());
    no_panic(&output);
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let warnings = &text[text.find('\n').expect("the URL's line") + 1..];
    assert!(warnings.len() < 2048, "{}", head(warnings));
    // The column in the line: `pw` is shown `**`, a star a character.
    let column = line.len() - 3 + 1;
    assert!(
        warnings.contains(&format!("--> <stdin>:1:{column}")),
        "{}",
        head(warnings)
    );
}

/// Runs `rfc1738 ARGS` on `stdin`, sampling its peak memory while its
/// output is read: the peak in kB and the output's length in kB.
fn peak_and_output(args: &[&str], stdin: Vec<u8>) -> (u64, u64) {
    let mut child = spawn(args);
    let pid = child.id();
    let mut pipe = child.stdin.take().expect("piped");
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&stdin);
    });
    let mut stdout = child.stdout.take().expect("piped");
    let (mut peak, mut length) = (0, 0);
    let mut buffer = vec![0u8; 1 << 16];
    while let Ok(read) = stdout.read(&mut buffer) {
        if read == 0 {
            break;
        }
        length += read as u64;
        peak = peak.max(peak_memory(pid).unwrap_or(0));
    }
    feeder.join().expect("the feeder ends");
    let status = child.wait().expect("it ends");
    assert!(
        status.code().is_some_and(|code| code < 2),
        "{args:?}: {status}"
    );
    (peak, length / 1024)
}

#[test]
fn a_record_costs_its_own_size_and_no_vector_per_segment() {
    // parse of an ftp URL of 10 million `/` took 0.9 GB as JSON and 1.5 GB
    // as text (a vector of segments, one of commands, a string per command),
    // explain --all of a 130 kB URL 175 MB (a tree of owned nodes, the
    // whole output as a string). Each now costs about its output and the
    // input's derivation, however many segments.
    let slashes = format!("ftp://h/{}\n", "/".repeat(1_000_000)).into_bytes();
    let url = format!("http://h/{}", "a/".repeat(50_000));
    for (args, stdin) in [
        (&["parse", "--format", "json"][..], slashes.clone()),
        (&["parse"], slashes),
        (&["explain", "--all", "--format", "json", &url], Vec::new()),
    ] {
        let (peak, output) = peak_and_output(args, stdin);
        let command = &args[..args.len().min(2)];
        assert!(output > 10_000, "{command:?}: {output} kB of output");
        assert!(
            peak < output + 24 * 1024,
            "{command:?}: {peak} kB at the peak for {output} kB of output"
        );
    }
}

/// The binary on `args`, with standard input and output as given (files,
/// to see what it does when they are its inputs) and standard error piped.
fn run_on(args: &[&str], stdin: impl Into<Stdio>, stdout: impl Into<Stdio>) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(args)
        .stdin(stdin)
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs")
}

#[test]
fn a_report_that_is_an_input_is_refused_before_it_is_written() {
    // Created before the run, the report's file would be empty when the
    // input it is read: the run would check nothing, and the input be lost.
    let dir = scratch_dir("report-input");
    let urls = dir.join("urls.txt");
    let text = b"http://a b/\nhttp://ok/\n";
    std::fs::write(&urls, text).unwrap();
    // The same file by another path.
    let link = dir.join("link.html");
    std::os::unix::fs::symlink(&urls, &link).unwrap();
    let urls_arg = urls.to_str().unwrap();
    for report in [urls_arg, link.to_str().unwrap()] {
        let output = run(
            &["check", "--summary", "--report", report, "-f", urls_arg],
            Vec::new(),
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{report}: {stderr}");
        assert!(stderr.contains("urls.txt is an input"), "{stderr}");
        assert!(output.stdout.is_empty(), "nothing was checked");
        assert_eq!(std::fs::read(&urls).unwrap(), text, "{report}");
    }
    // Standard input, redirected from the file.
    let from_urls = || std::fs::File::open(&urls).unwrap();
    let output = run_on(
        &["check", "--report", urls_arg],
        from_urls(),
        Stdio::piped(),
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("standard input is an input"), "{stderr}");
    assert_eq!(std::fs::read(&urls).unwrap(), text);
    // What is not a regular file is no input to lose.
    let null = std::fs::File::open("/dev/null").unwrap();
    let output = run_on(&["check", "--report", "/dev/null"], null, Stdio::piped());
    assert_eq!(output.status.code(), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_report_that_does_not_exist_yet_and_is_an_input_is_refused() {
    // `check --summary --report new.html -f new.html`: the report, made
    // empty before the run, was read as the input, and the run said
    // "0 inputs" with status 0, whatever path names the file.
    let dir = scratch_dir("report-new-input");
    let new = dir.join("new.html");
    let other = dir.join(".").join("new.html");
    for (report, input) in [(&new, &new), (&other, &new), (&new, &other)] {
        for summary in [&["--summary"][..], &["--stats"]] {
            let mut args = vec!["check"];
            args.extend(summary);
            args.extend(["--report", report.to_str().unwrap()]);
            args.extend(["-f", input.to_str().unwrap()]);
            let output = run(&args, Vec::new());
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
            assert!(
                stderr.contains("new.html is an input"),
                "{args:?}: {stderr}"
            );
            assert!(output.stdout.is_empty(), "{args:?}: nothing was checked");
            // The file made to tell the two apart is not left behind.
            assert!(!new.exists(), "{args:?}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_refused_report_through_a_link_to_no_file_leaves_no_file() {
    // `--report link -f link`, the link's target not there yet: the run
    // was refused, but the empty target made to compare the two was left
    // behind, only `path` (a file made there) being removed.
    let dir = scratch_dir("report-dangling-link");
    let target = dir.join("target.html");
    let link = dir.join("link.html");
    let chained = dir.join("chained.html");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    std::os::unix::fs::symlink(&link, &chained).unwrap();
    let names = |path: &std::path::Path| path.to_str().unwrap().to_owned();
    for (report, input) in [
        (&link, &link),
        (&link, &target),
        (&chained, &link),
        (&target, &chained),
    ] {
        let args = ["check", "--summary", "--report", &names(report)];
        let output = run(&[&args[..], &["-f", &names(input)]].concat(), Vec::new());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{report:?}: {stderr}");
        assert!(stderr.contains("is an input"), "{report:?}: {stderr}");
        assert!(!target.exists(), "{report:?} -f {input:?}: the target left");
        // The links stay, still leading nowhere.
        for kept in [&link, &chained] {
            assert!(kept.symlink_metadata().is_ok(), "{kept:?}");
        }
    }
    // Not refused, the page is written where the link leads.
    let output = run(
        &["check", "--report", &names(&chained), "http://a/"],
        Vec::new(),
    );
    assert_eq!(output.status.code(), Some(0));
    let page = std::fs::read_to_string(&target).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
    assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_report_that_cannot_be_written_is_named_as_the_report() {
    // `rfc1738: r.html: No such file or directory` read as an input that
    // could not be read.
    let dir = scratch_dir("report-unwritable");
    let missing = dir.join("no-such-dir").join("r.html");
    for (report, said) in [
        (missing.to_str().unwrap(), "cannot be written"),
        ("/dev/full", "could not be written whole"),
    ] {
        let output = run(&["check", "--report", report, "http://a/"], Vec::new());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.starts_with(&format!(
                "rfc1738: {report}: the report (--report) {said}: "
            )),
            "{stderr}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_report_that_is_also_standard_output_or_error_is_refused() {
    // `check --summary --report r.html > r.html`: the page, written from
    // the start of the file, and the summary, written from the start too by
    // standard output's own offset, made one file of neither.
    let dir = scratch_dir("report-output");
    let report = dir.join("r.html");
    let report_arg = report.to_str().unwrap();
    let before = b"kept as it was\n";
    let writer = || {
        std::fs::write(&report, before).unwrap();
        std::fs::OpenOptions::new()
            .write(true)
            .open(&report)
            .unwrap()
    };
    let args = [
        "check",
        "--summary",
        "--report",
        report_arg,
        "http://a b/",
        "ftp://h/",
    ];
    let output = run_on(&args, Stdio::null(), writer());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("r.html is also standard output"),
        "{stderr}"
    );
    assert_eq!(std::fs::read(&report).unwrap(), before);
    let output = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(writer())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty(), "nothing was checked");
    let stderr = std::fs::read_to_string(&report).unwrap();
    assert!(stderr.contains("r.html is also standard error"), "{stderr}");
    // Another file, or a pipe, is written as asked.
    let other = std::fs::File::create(dir.join("summary.txt")).unwrap();
    let output = run_on(&args, Stdio::null(), other);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        std::fs::read_to_string(&report)
            .unwrap()
            .contains("</html>")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_report_that_is_standard_output_on_a_pipe_is_refused() {
    // `check --summary --report /dev/stdout URL | cat` wrote the page and
    // then the summary into one stream: only a regular file was compared.
    for (report, stream) in [
        ("/dev/stdout", "standard output"),
        ("/dev/fd/1", "standard output"),
        ("/proc/self/fd/1", "standard output"),
        ("/dev/stderr", "standard error"),
        ("/dev/fd/2", "standard error"),
    ] {
        let output = run(
            &["check", "--summary", "--report", report, "http://h/ x"],
            Vec::new(),
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{report}: {stderr}");
        assert!(
            stderr.contains(&format!(
                "--report: {report} is also {stream}: the page and what is written there \
                 would be mixed in one stream"
            )),
            "{report}: {stderr}"
        );
        assert!(output.stdout.is_empty(), "{report}: nothing was checked");
    }
    // `/dev/null` keeps nothing: it may be both.
    let output = run_on(
        &["check", "--summary", "--report", "/dev/stdout", "http://h/"],
        Stdio::null(),
        Stdio::null(),
    );
    assert_eq!(output.status.code(), Some(0), "{output:?}");
}

#[test]
fn an_input_that_is_also_standard_output_is_not_read() {
    // `>> urls.txt`: read, the file would grow with the run's own records,
    // which it would read in turn, as ripgrep refuses to.
    let dir = scratch_dir("output-input");
    let urls = dir.join("urls.txt");
    let text = b"http://a b/\n".repeat(20_000);
    let urls_arg = urls.to_str().unwrap();
    let append = || {
        std::fs::OpenOptions::new()
            .append(true)
            .open(&urls)
            .unwrap()
    };
    for command in ["check", "parse", "explain", "extract", "coverage"] {
        std::fs::write(&urls, &text).unwrap();
        let output = run_on(&[command, "-f", urls_arg], Stdio::null(), append());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{command}: {stderr}");
        assert!(
            stderr.contains("urls.txt: it is also standard output"),
            "{command}: {stderr}"
        );
        // Standard input redirected from the file, too.
        let from_urls = std::fs::File::open(&urls).unwrap();
        let output = run_on(&[command], from_urls, append());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{command}: {stderr}");
        assert!(
            stderr.contains("standard input: it is also standard output"),
            "{command}: {stderr}"
        );
    }
    // Nothing was checked: `check` wrote nothing after the file's lines.
    std::fs::write(&urls, &text).unwrap();
    let output = run_on(&["check", "-f", urls_arg], Stdio::null(), append());
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(std::fs::read(&urls).unwrap(), text);
    // A device is no such file: /dev/null in and out is read.
    let null = std::fs::OpenOptions::new().write(true).open("/dev/null");
    let output = run_on(&["check", "-f", "/dev/null"], Stdio::null(), null.unwrap());
    assert_eq!(output.status.code(), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_option_value_that_is_not_utf8_is_named_with_its_option() {
    // clap's own error says only "invalid UTF-8 was detected in one or
    // more arguments": which, and for what, is left to guess.
    use std::os::unix::ffi::OsStrExt;
    let value = std::ffi::OsStr::from_bytes(b"x\xff");
    for (args, option) in [
        (&["check", "--rule"][..], "'--rule <NAME>'"),
        (&["explain", "-r"], "'--rule <NAME>'"),
        (&["coverage", "-r"], "'--rule <NAME>'"),
        (&["grammar"], "'[NAME]'"),
        (&["man"], "'[COMMAND]'"),
        (&["check", "--max-line-bytes"], "'--max-line-bytes <N>'"),
        (&["parse", "--max-line-bytes"], "'--max-line-bytes <N>'"),
        (&["explain", "--max-line-bytes"], "'--max-line-bytes <N>'"),
        (&["coverage", "--max-line-bytes"], "'--max-line-bytes <N>'"),
        (&["extract", "--max-text-bytes"], "'--max-text-bytes <N>'"),
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
            .args(args)
            .arg(value)
            .output()
            .unwrap();
        no_panic(&output);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&format!("invalid value 'x\u{fffd}' for {option}")),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn a_file_named_like_standard_input_is_named_as_a_file() {
    // Records name standard input `<stdin>`; a message that a file of that
    // name cannot be read names the file, not standard input.
    let dir = scratch_dir("named-stdin");
    let with_directory = dir.join("directory");
    std::fs::create_dir_all(with_directory.join("<stdin>")).unwrap();
    let without = dir.join("none");
    std::fs::create_dir_all(&without).unwrap();
    for cwd in [&with_directory, &without] {
        for command in ["check", "parse", "explain", "extract", "coverage"] {
            let output = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
                .args([command, "-f", "<stdin>"])
                .current_dir(cwd)
                .stdin(Stdio::null())
                .output()
                .expect("the binary runs");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{command}: {stderr}");
            assert!(
                stderr.starts_with("rfc1738: <stdin>: "),
                "{command}: {stderr}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
