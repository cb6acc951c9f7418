//! Compressed files: gzip and zstd, told by their first bytes, read as they
//! stream in by every command that reads files; a truncated one is an error
//! that names the file and the line it cut, after the lines before it.

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};

use common::{records, rfc1738, stderr, stdout};
use serde_json::Value;

/// `count` lines of the kinds a crawl holds, valid and not.
fn lines(count: usize) -> Vec<u8> {
    let kinds = [
        "http://host.dom/a",
        "ftp://me:secret@host.dom/f;type=x",
        "http://host/page#part",
        "news:comp.lang",
        "gopher://host:70/1sel",
    ];
    (0..count)
        .flat_map(|i| format!("{}{i}\n", kinds[i % kinds.len()]).into_bytes())
        .collect()
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(data).expect("in memory");
    encoder.finish().expect("in memory")
}

fn zstd(data: &[u8]) -> Vec<u8> {
    ruzstd::encoding::compress_to_vec(data, ruzstd::encoding::CompressionLevel::Fastest)
}

/// Writes `bytes` to a file `name` of its own; its path.
fn file(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("compressed");
    std::fs::create_dir_all(&dir).expect("a directory under target/");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("writable");
    path
}

fn path(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// `check --format json`'s records of `file`, without their `file` member.
fn checked(file: &Path) -> (Vec<Value>, i32, String) {
    let output = rfc1738(&["check", "--format", "json", "-f", path(file)], b"");
    let mut found = records(&output);
    for record in &mut found {
        record.as_object_mut().expect("an object").remove("file");
    }
    (
        found,
        output.status.code().expect("a status"),
        stderr(&output),
    )
}

#[test]
fn gzip_and_zstd_files_are_read_as_the_text_they_hold() {
    let text = lines(3000);
    let (plain, status, _) = checked(&file("plain.txt", &text));
    assert_eq!(plain.len(), 3000);
    assert_eq!(status, 1, "some lines are invalid");
    for (name, bytes) in [("urls.txt.gz", gzip(&text)), ("urls.txt.zst", zstd(&text))] {
        let (found, status, errors) = checked(&file(name, &bytes));
        assert_eq!(found, plain, "{name}");
        assert_eq!((status, errors.as_str()), (1, ""), "{name}");
    }
    // The bytes decide, not the name: gzip data named .txt is read as such.
    let (found, _, errors) = checked(&file("really-gzip.txt", &gzip(&text)));
    assert_eq!((found, errors.as_str()), (plain, ""));
}

#[test]
fn every_command_that_reads_files_reads_them_compressed() {
    let text = b"http://host.dom/\nftp://host/a b\n";
    let gz = file("every.gz", &gzip(text));
    let plain = file("every.txt", text);
    for command in [
        &["check", "--format", "json"][..],
        &["parse", "--format", "json"],
        &["explain", "--format", "json"],
        &["extract", "--format", "json"],
        &["coverage", "--format", "json"],
    ] {
        let run = |file: &Path| {
            let output = rfc1738(&[command, &["-f", path(file)]].concat(), b"");
            assert_eq!(stderr(&output), "", "{command:?}");
            stdout(&output).replace(path(file), "FILE")
        };
        assert_eq!(run(&gz), run(&plain), "{command:?}");
    }
    // Standard input too, and `-f -`.
    for args in [
        &["check", "--format", "json"][..],
        &["check", "--format", "json", "-f", "-"],
    ] {
        let output = rfc1738(args, &zstd(text));
        assert_eq!(records(&output).len(), 2, "{args:?}");
    }
}

#[test]
fn a_file_of_several_gzip_members_is_read_whole() {
    let (first, second) = (lines(1000), lines(7));
    let members = [gzip(&first), gzip(&second)].concat();
    let (found, _, errors) = checked(&file("members.gz", &members));
    assert_eq!(errors, "");
    assert_eq!(found.len(), 1007);
    assert_eq!(found[1006]["line"], 1007);
    assert_eq!(found[1006]["input"], "ftp://me:secret@host.dom/f;type=x6");
}

/// The line that the error about the file `cut`, named `name`, names:
/// `rfc1738: PATH: line N: ...`.
fn error_line(errors: &str, cut: &Path, name: &str) -> usize {
    let prefix = format!("rfc1738: {}: line ", path(cut));
    errors
        .strip_prefix(&prefix)
        .and_then(|rest| rest.split(':').next())
        .and_then(|line| line.parse().ok())
        .unwrap_or_else(|| panic!("{name}: {errors}"))
}

#[test]
fn a_truncated_file_is_an_error_after_the_lines_before_the_cut() {
    let text = lines(20_000);
    for (name, bytes) in [("cut.gz", gzip(&text)), ("cut.zst", zstd(&text))] {
        let cut = file(name, &bytes[..bytes.len() / 2]);
        let (found, status, errors) = checked(&cut);
        assert_eq!(status, 2, "{name}: {errors}");
        let line = error_line(&errors, &cut, name);
        assert!(errors.contains("truncated"), "{errors}");
        // Every line before the one cut was checked, and no other.
        assert!(line > 1000 && line < 20_000, "{name}: {errors}");
        assert_eq!(found.len(), line - 1, "{name}");
        assert_eq!(found[line - 2]["line"], line - 1);
    }
}

#[test]
fn a_file_named_gz_that_holds_plain_text_is_read_as_it_is_and_said_so() {
    let plain = file("plain.gz", b"http://host.dom/\n");
    let output = rfc1738(&["check", "--format", "json", "-f", path(&plain)], b"");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(records(&output).len(), 1);
    assert_eq!(
        stderr(&output),
        format!(
            "rfc1738: note: {} does not start as gzip data does: read as it is\n",
            path(&plain)
        )
    );
}

#[test]
fn extract_searches_the_lines_before_a_cut_or_trailing_junk() {
    // `extract` read such a file's text, then dropped it at the error: no
    // hit of the lines read before it, which every other command checks.
    let text = lines(20_000);
    let gz = gzip(&text);
    let zst = zstd(&text);
    for (name, bytes) in [
        ("cut-extract.gz", gz[..gz.len() / 2].to_vec()),
        ("cut-extract.zst", zst[..zst.len() / 2].to_vec()),
        ("junk-extract.gz", [&gz[..], b"garbage\n"].concat()),
    ] {
        let cut = file(name, &bytes);
        let output = rfc1738(&["extract", "--format", "json", "-f", path(&cut)], b"");
        let errors = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{name}: {errors}");
        let line = error_line(&errors, &cut, name);
        assert_eq!(errors.lines().count(), 1, "{name}: {errors}");
        // A hit a line, for every line before the one the error names
        // (after the last, for the junk), as `check` reads them.
        let hits = records(&output);
        assert!(line > 1000, "{name}: {errors}");
        assert_eq!(hits.len(), line - 1, "{name}");
        assert_eq!(hits[line - 2]["line"], line - 1, "{name}");
        let (checked, _, _) = checked(&cut);
        assert_eq!(checked.len(), hits.len(), "{name}");
    }
}
