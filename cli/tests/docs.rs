//! The README and the command line's reference show what the commands
//! print: every `$ rfc1738 ...` of their `text` blocks is run, and its
//! output compared.
//!
//! The documents live outside the package (`README.md` and `docs/cli.md` at
//! the repository's root), so this test is left out of it (`exclude` in
//! `Cargo.toml`): the tests that ship read only what ships.

mod common;

use common::{rfc1738, stdout};

/// The words of a README command line: split at spaces, single quotes kept
/// together.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '\'' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

#[test]
fn the_readme_and_the_reference_show_what_the_commands_print() {
    let docs = [
        include_str!("../../README.md"),
        include_str!("../../docs/cli.md"),
    ];
    let mut checked = 0;
    for block in docs.iter().flat_map(|doc| doc.split("```text\n").skip(1)) {
        let block = &block[..block.find("```").unwrap()];
        let mut examples = block.split("$ ").skip(1);
        for example in examples.by_ref() {
            let (command, shown) = example.split_once('\n').unwrap();
            let args = words(command);
            if args.first().map(String::as_str) != Some("rfc1738") {
                continue;
            }
            let printed = stdout(&rfc1738(&args[1..], b""));
            assert_eq!(printed.trim_end(), shown.trim_end(), "README: $ {command}");
            checked += 1;
        }
    }
    assert!(
        checked >= 8,
        "the documents' examples were found ({checked})"
    );
}
