//! The shape the library's code keeps (issue 18, `grammar/DESIGN.md`): no
//! function in `src/` is longer than 80 lines, and no combinator of the
//! grammar (`src/grammar/`) longer than 30, so that each reads as its
//! production. Generated code is not in `src/` and is not counted.
//!
//! A function's length runs from its `fn` to its closing brace: its doc
//! comment and attributes are not counted, its nested items are (and are
//! measured on their own too).

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use syn::visit::Visit;

/// The longest a function in `src/` may be, in lines.
const FUNCTION: usize = 80;
/// The longest a function in `src/grammar/` may be, in lines.
const COMBINATOR: usize = 30;

/// Each function of a file: its name and its length in lines.
#[derive(Default)]
struct Lengths(Vec<(String, usize)>);

impl Lengths {
    fn measure(&mut self, sig: &syn::Signature, block: &syn::Block) {
        let first = sig.fn_token.span.start().line;
        let last = block.brace_token.span.close().end().line;
        self.0.push((sig.ident.to_string(), last - first + 1));
    }
}

impl<'ast> Visit<'ast> for Lengths {
    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        self.measure(&item.sig, &item.block);
        syn::visit::visit_item_fn(self, item);
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        self.measure(&item.sig, &item.block);
        syn::visit::visit_impl_item_fn(self, item);
    }

    fn visit_trait_item_fn(&mut self, item: &'ast syn::TraitItemFn) {
        if let Some(block) = &item.default {
            self.measure(&item.sig, block);
        }
        syn::visit::visit_trait_item_fn(self, item);
    }
}

/// Every function of `src/`: its file, name and length.
fn functions() -> Vec<(PathBuf, String, usize)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let paths = common::rust_files(&src);
    let mut found = Vec::new();
    for path in paths {
        let text = fs::read_to_string(&path).unwrap();
        let file = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut lengths = Lengths::default();
        lengths.visit_file(&file);
        let relative = path.strip_prefix(&src).unwrap().to_path_buf();
        found.extend(
            lengths
                .0
                .into_iter()
                .map(|(name, lines)| (relative.clone(), name, lines)),
        );
    }
    found
}

#[test]
fn no_function_is_longer_than_80_lines_and_no_combinator_than_30() {
    let functions = functions();
    let mut wrong = Vec::new();
    for (path, name, lines) in &functions {
        let limit = if path.starts_with("grammar") {
            COMBINATOR
        } else {
            FUNCTION
        };
        if *lines > limit {
            wrong.push(format!(
                "src/{}: `{name}` is {lines} lines (at most {limit})",
                path.display()
            ));
        }
    }
    assert!(wrong.is_empty(), "too long:\n{}", wrong.join("\n"));
    // The walk measured the library, and the grammar among it.
    let grammar = functions
        .iter()
        .filter(|(path, ..)| path.starts_with("grammar"))
        .count();
    assert!(functions.len() > 500, "only {} functions", functions.len());
    assert!(grammar > 67, "only {grammar} combinators");
}

/// The measure counts what it should: a function of three lines is three.
#[test]
fn a_function_is_measured_from_fn_to_its_closing_brace() {
    let file: syn::File = syn::parse_str(
        "/// Doc.\n#[inline]\nfn three() {\n    body();\n}\nimpl T { fn one() {} }\n",
    )
    .unwrap();
    let mut lengths = Lengths::default();
    lengths.visit_file(&file);
    assert_eq!(lengths.0, [("three".to_owned(), 3), ("one".to_owned(), 1)]);
}

/// Every combinator of the grammar is `#[must_use]` (the crate's rule: what
/// it is a bug to drop is marked): nom's `Parser` trait, which they return,
/// is not, so that a combinator built and dropped would compile silently.
/// A combinator is a public function of `src/grammar/` returning `impl`.
#[test]
fn every_combinator_is_must_use() {
    let grammar = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/grammar");
    let mut combinators = 0;
    let mut unmarked = Vec::new();
    for path in common::rust_files(&grammar) {
        let text = fs::read_to_string(&path).unwrap();
        let file = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for item in &file.items {
            let syn::Item::Fn(function) = item else {
                continue;
            };
            let returns_impl = matches!(
                &function.sig.output,
                syn::ReturnType::Type(_, ty) if matches!(**ty, syn::Type::ImplTrait(_))
            );
            if !matches!(function.vis, syn::Visibility::Public(_)) || !returns_impl {
                continue;
            }
            combinators += 1;
            if !function
                .attrs
                .iter()
                .any(|attr| attr.path().is_ident("must_use"))
            {
                unmarked.push(format!("{}: {}", path.display(), function.sig.ident));
            }
        }
    }
    assert!(
        unmarked.is_empty(),
        "not #[must_use]:\n{}",
        unmarked.join("\n")
    );
    assert_eq!(combinators, rfc1738::Rule::COUNT);
}

/// A doc example is what a user copies: one that imports nom as `nom::`
/// compiles here, where nom is the crate's own dependency, and not in a
/// program that depends on `rfc1738` alone. Examples import the crate's
/// re-exports, `rfc1738::nom` and `rfc1738::nom_locate`.
#[test]
fn doc_examples_import_nom_through_the_crate() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    for path in common::rust_files(&src) {
        let text = fs::read_to_string(&path).unwrap();
        for (index, line) in text.lines().enumerate() {
            let line = line.trim_start();
            let doc = line
                .strip_prefix("///")
                .or_else(|| line.strip_prefix("//!"));
            let Some(code) = doc.map(str::trim_start) else {
                continue;
            };
            if code.starts_with("use nom::") || code.starts_with("use nom_locate::") {
                found.push(format!("{}:{}", path.display(), index + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "examples that import nom directly: {found:?}"
    );
}
