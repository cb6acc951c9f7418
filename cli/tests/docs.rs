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

/// The repository's root, where the grammar's notes and the sources are.
fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The names a note cites as its evidence: the code-quoted names of each
/// bracket that starts with one (`` [`productions::url`, `trees`] ``), but
/// not those in parentheses inside it, which describe rather than name.
fn citations(note: &str) -> Vec<String> {
    let mut names = Vec::new();
    for bracket in note.split("[`").skip(1) {
        let bracket = format!(
            "`{}",
            &bracket[..bracket.find(']').unwrap_or(bracket.len())]
        );
        let mut depth = 0;
        let mut quoted: Option<String> = None;
        for c in bracket.chars() {
            match (c, &mut quoted) {
                ('`', Some(name)) => {
                    if depth == 0 {
                        names.push(std::mem::take(name));
                    }
                    quoted = None;
                }
                ('`', None) => quoted = Some(String::new()),
                (c, Some(name)) => name.push(c),
                ('(', None) => depth += 1,
                (')', None) => depth -= 1,
                _ => {}
            }
        }
    }
    names
}

/// The source of a module path (`productions`, `scan/tests`): the first
/// module of that name among the tests of both packages, the library (and
/// its grammar) and the command line, in that order, as a note's evidence
/// is first a test.
fn module(path: &str) -> Option<String> {
    ["tests", "cli/tests", "src", "src/grammar", "cli/src"]
        .iter()
        .flat_map(|dir| [format!("{dir}/{path}.rs"), format!("{dir}/{path}/mod.rs")])
        .find_map(|file| std::fs::read_to_string(root().join(file)).ok())
}

/// Whether `source` defines or re-exports `item`.
fn defines(source: &str, item: &str) -> bool {
    let word = |line: &str| {
        line.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(|w| w == item)
    };
    let code = source
        .lines()
        .map(str::trim_start)
        .filter(|line| !line.starts_with("//"));
    code.into_iter().any(|line| {
        [
            format!("fn {item}("),
            format!("fn {item}<"),
            format!("mod {item} "),
            format!("const {item}:"),
            format!("static {item}:"),
            format!("struct {item} "),
            format!("enum {item} "),
            format!("trait {item} "),
            format!("type {item} "),
        ]
        .iter()
        .any(|definition| line.contains(definition.as_str()))
            || (line.starts_with("pub") && line.contains(" use ") && word(line))
    })
}

/// Whether a cited name is there: a file (`tests/corpus/accepted.tsv`), a
/// module (`differential`, `scan::tests`), or an item of one
/// (`productions::url`, `scan::HPATH`).
fn cited_exists(name: &str) -> bool {
    if name.contains('.') {
        return root().join(name).exists() || root().join("src").join(name).exists();
    }
    if module(&name.replace("::", "/")).is_some() {
        return true;
    }
    let Some((path, item)) = name.rsplit_once("::") else {
        return false;
    };
    module(&path.replace("::", "/"))
        .iter()
        .any(|source| defines(source, item))
}

/// Every test, module or file the grammar's notes (decisions, conformance,
/// design) cite as their evidence exists, and so does every item they name
/// by a path into one of the crate's modules (`scan::HPATH`,
/// `generic::url`): a renamed test or function does not leave a note
/// pointing at nothing.
#[test]
fn the_grammar_notes_cite_tests_that_exist() {
    let mut cited = 0;
    for note in [
        "grammar/DECISIONS.md",
        "grammar/CONFORMANCE.md",
        "grammar/DESIGN.md",
    ] {
        let text = std::fs::read_to_string(root().join(note)).unwrap();
        let mut names = citations(&text);
        // Every other quoted path whose first part is one of the modules.
        names.extend(
            text.split('`')
                .skip(1)
                .step_by(2)
                .filter(|name| {
                    name.split_once("::").is_some_and(|(first, _)| {
                        !name.contains([' ', '(', '.']) && module(first).is_some()
                    })
                })
                .map(str::to_owned),
        );
        for name in names {
            assert!(
                cited_exists(&name),
                "{note} cites `{name}`, which is not there"
            );
            cited += 1;
        }
    }
    assert!(cited >= 150, "the notes' citations were found ({cited})");
}
