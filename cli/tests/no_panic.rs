//! Nothing panics on any input through the command line: arbitrary bytes on
//! standard input and as arguments, through every command.

mod common;

use std::ffi::OsStr;

use common::rfc1738;
use proptest::prelude::*;

/// Bytes that look like URLs often enough to go deep: pieces of the grammar,
/// unsafe characters, controls, non-ASCII and anything at all.
fn url_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(b"http://".to_vec()),
        Just(b"ftp://".to_vec()),
        Just(b"gopher://".to_vec()),
        Just(b"news:".to_vec()),
        Just(b"wais://".to_vec()),
        Just(b"prospero://".to_vec()),
        Just(b"file://".to_vec()),
        Just(b"%09".to_vec()),
        Just(b";type=".to_vec()),
        Just(b"%".to_vec()),
        prop::collection::vec(any::<u8>(), 0..4),
        "[a-zA-Z0-9:/@.?;=&%#~ -]{0,6}".prop_map(String::into_bytes),
    ];
    prop::collection::vec(piece, 0..12).prop_map(|pieces| pieces.concat())
}

proptest! {
    // Each case starts processes: fewer cases.
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn no_command_panics_on_any_input(data in url_bytes()) {
        for args in [
            &["check"][..],
            &["check", "--format", "json"],
            &["check", "--rule", "hostport"],
            &["parse", "--format", "json"],
            &["explain"],
            &["explain", "--format", "json", "--all"],
            &["extract"],
            &["extract", "--format", "json"],
            &["coverage"],
            &["coverage", "--format", "json"],
        ] {
            let output = rfc1738(args, &data);
            let code = output.status.code();
            prop_assert!(matches!(code, Some(0..=2)), "{:?} ended with {:?}", args, output.status);
            let stderr = String::from_utf8_lossy(&output.stderr);
            prop_assert!(!stderr.contains("panicked"), "{:?}: {}", args, stderr);
            // Human output never carries the input's control characters raw.
            if !args.contains(&"json") {
                let stdout = String::from_utf8_lossy(&output.stdout);
                prop_assert!(!stdout.chars().any(|c| c.is_control() && c != '\n'), "{:?}: {:?}", args, stdout);
            }
        }
        // And as an argument, where the bytes can go (no NUL in an argument).
        if !data.contains(&0) {
            use std::os::unix::ffi::OsStrExt;
            let argument = OsStr::from_bytes(&data);
            for command in ["check", "parse", "explain"] {
                let output = rfc1738(&[OsStr::new(command), OsStr::new("--"), argument], b"");
                prop_assert!(matches!(output.status.code(), Some(0..=2)), "{} {:?}", command, output.status);
                let stdout = String::from_utf8_lossy(&output.stdout);
                prop_assert!(!stdout.chars().any(|c| c.is_control() && c != '\n'), "{}: {:?}", command, stdout);
            }
        }
    }
}
