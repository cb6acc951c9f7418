//! The fuzz corpus and every crash the fuzzers ever found, replayed through
//! the fuzz targets' own checks on the stable toolchain (`cargo test`): a
//! regression fails here without nightly or cargo-fuzz.
//!
//! `fuzz/corpus/<target>/` holds the (minimized) corpus; `fuzz/regressions/
//! <target>/` the inputs of past findings, kept when they are fixed.

use std::fs;
use std::path::Path;

use rfc1738_fuzz_properties as fuzzing;

/// Runs `check` on every file of `fuzz/corpus/<target>` and
/// `fuzz/regressions/<target>`, returning how many there were.
fn replay(target: &str, check: fn(&[u8])) -> usize {
    // This package is `fuzz/properties`; the corpus is beside it.
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut count = 0;
    for folder in ["corpus", "regressions"] {
        let Ok(entries) = fs::read_dir(fuzz.join(folder).join(target)) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("a readable folder").path();
            let data = fs::read(&path).expect("a readable file");
            let outcome = std::panic::catch_unwind(|| check(&data));
            assert!(outcome.is_ok(), "{target}: {} fails", path.display());
            count += 1;
        }
    }
    count
}

#[test]
fn parse() {
    assert!(replay("parse", fuzzing::parse_target) > 0);
}

#[test]
fn parse_rule() {
    assert!(replay("parse_rule", fuzzing::parse_rule_target) > 0);
}

#[test]
fn differential() {
    assert!(replay("differential", fuzzing::differential_target) > 0);
}

#[test]
fn extract() {
    assert!(replay("extract", fuzzing::extract_target) > 0);
}

#[test]
fn builder() {
    assert!(replay("builder", fuzzing::builder_target) > 0);
}
