//! What `cargo package` ships, for the library and the command line: the
//! licences, and every file a shipped source includes by a path of its own
//! (an `include_str!` or `include_bytes!` of a literal path), so that each
//! package builds, and its tests run, from what ships. `cargo package`
//! verifies the build by compiling it; this asks for the list only, which
//! takes a fraction of a second.

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};
use std::process::Command;

/// The files `cargo package` ships from the package `name`, whose
/// directory is `dir`, relative to it.
fn shipped(name: &str, dir: &Path) -> BTreeSet<PathBuf> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args([
            "package",
            "--list",
            "--allow-dirty",
            "--offline",
            "-p",
            name,
        ])
        .current_dir(dir)
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "{}: {}",
        dir.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .expect("a list in UTF-8")
        .lines()
        .map(PathBuf::from)
        .collect()
}

/// `path` with its `.` and `..` resolved, as text (the package's files are
/// not all on disk where it lists them: `Cargo.toml.orig`); a `..` above
/// the start stays, so that a path out of the package never names a file
/// in it.
fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::ParentDir if out.file_name().is_some() => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// The literal paths `source` includes, relative to its own file.
fn included(source: &str) -> Vec<&str> {
    let mut paths = Vec::new();
    for opening in ["include_str!(\"", "include_bytes!(\""] {
        for (at, _) in source.match_indices(opening) {
            let rest = &source[at + opening.len()..];
            if let Some(end) = rest.find('"') {
                paths.push(&rest[..end]);
            }
        }
    }
    paths
}

#[test]
fn both_packages_ship_their_licences_and_every_file_their_sources_include() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (name, dir) in [
        ("rfc1738", root.to_path_buf()),
        ("rfc1738-cli", root.join("cli")),
    ] {
        let files = shipped(name, &dir);
        for needed in ["Cargo.toml", "LICENSE-MIT", "LICENSE-APACHE", "README.md"] {
            assert!(
                files.contains(Path::new(needed)),
                "{}: {needed} does not ship",
                dir.display()
            );
        }
        let mut includes = 0;
        for file in files
            .iter()
            .filter(|file| file.extension() == Some("rs".as_ref()))
        {
            let source = std::fs::read_to_string(dir.join(file)).expect("a shipped source");
            let base = file.parent().unwrap_or(Path::new(""));
            for path in included(&source) {
                assert!(
                    files.contains(&normal(&base.join(path))),
                    "{}: {} includes {path}, which does not ship",
                    dir.display(),
                    file.display()
                );
                includes += 1;
            }
        }
        // The library includes its grammar, README and decisions; the
        // command line its browser harness.
        assert!(includes > 0, "{}", dir.display());
    }
}

#[test]
fn a_path_out_of_the_package_is_caught() {
    let source = "const A: &str = include_str!(\"../../outside.md\");";
    assert_eq!(included(source), ["../../outside.md"]);
    let tests = Path::new("tests");
    assert_eq!(
        normal(&tests.join("../../outside.md")),
        Path::new("../outside.md")
    );
    assert_eq!(
        normal(&tests.join("./corpus/../a.txt")),
        Path::new("tests/a.txt")
    );
}
