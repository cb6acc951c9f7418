//! The shape the library's code keeps (issue 18, `grammar/DESIGN.md`): no
//! function in `src/` is longer than 80 lines, and no combinator of the
//! grammar (`src/grammar/`) longer than 30, so that each reads as its
//! production. Generated code is not in `src/` and is not counted.
//!
//! A function's length runs from its `fn` to its closing brace: its doc
//! comment and attributes are not counted, its nested items are (and are
//! measured on their own too).
//!
//! And what a user copies: the doc examples name nom's crates through the
//! crate's re-exports, which a program that depends on `rfc1738` alone has.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use proc_macro2::{Spacing, TokenStream, TokenTree};
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

/// The crates of nom's that the crate re-exports (`rfc1738::nom`,
/// `rfc1738::nom_locate`), which a user's program need not depend on.
const NOM_CRATES: [&str; 2] = ["nom", "nom_locate"];

/// Keywords that may stand before a path's leading `::` (`use ::nom::Err`,
/// `impl ::nom::Parser`): a `::` after one starts a path at a crate, where
/// a `::` after any other identifier goes on from it (`rfc1738::nom`).
const KEYWORDS: [&str; 14] = [
    "as", "break", "dyn", "else", "for", "impl", "in", "let", "match", "mut", "pub", "ref",
    "return", "use",
];

/// The tags of a fenced block that rustdoc compiles as Rust.
fn is_rust(info: &str) -> bool {
    info.split([',', ' ', '\t'])
        .filter(|tag| !tag.is_empty())
        .all(|tag| {
            matches!(
                tag,
                "rust" | "ignore" | "no_run" | "should_panic" | "compile_fail" | "test_harness"
            ) || tag.starts_with("edition")
                || tag.starts_with("ignore-")
                || tag == "standalone_crate"
        })
}

/// The Rust code blocks of `lines` (a Markdown text, or the text of a
/// file's doc comments, `None` where a line is none): each with the line
/// of its opening fence (1-based) and its code as rustdoc compiles it, the
/// hidden `# ` lines included.
fn rust_blocks<'a>(lines: impl Iterator<Item = Option<&'a str>>) -> Vec<(usize, String)> {
    let mut blocks = Vec::new();
    let mut open: Option<(usize, bool, String)> = None;
    for (index, line) in lines.enumerate() {
        let Some(line) = line else {
            // A doc comment ends, and a block left open in it with it.
            blocks.extend(open.take().filter(|b| b.1).map(|(at, _, code)| (at, code)));
            continue;
        };
        let trimmed = line.trim_start();
        match (&mut open, trimmed.strip_prefix("```")) {
            (None, Some(info)) => open = Some((index + 1, is_rust(info.trim()), String::new())),
            (Some(_), Some(_)) => {
                blocks.extend(open.take().filter(|b| b.1).map(|(at, _, code)| (at, code)));
            }
            (Some((_, _, code)), None) => {
                let shown = match trimmed {
                    "#" => "",
                    _ => trimmed.strip_prefix("# ").unwrap_or(line),
                };
                code.push_str(shown);
                code.push('\n');
            }
            (None, None) => {}
        }
    }
    blocks.extend(open.filter(|b| b.1).map(|(at, _, code)| (at, code)));
    blocks
}

/// The doc comments of a Rust file, line by line: the text after `///` or
/// `//!`, `None` for a line that is no doc comment.
fn doc_lines(text: &str) -> impl Iterator<Item = Option<&str>> {
    text.lines().map(|line| {
        let line = line.trim_start();
        let doc = match line.strip_prefix("///") {
            Some(rest) if !rest.starts_with('/') => Some(rest),
            _ => line.strip_prefix("//!"),
        };
        doc.map(|doc| doc.strip_prefix(' ').unwrap_or(doc))
    })
}

/// Whether the tokens at `at` are a `::`.
fn colons(trees: &[TokenTree], at: usize) -> bool {
    matches!(
        (trees.get(at), trees.get(at + 1)),
        (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
            if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':'
    )
}

/// Where the `use` item that starts at `trees[at]` ends: past its `;`.
fn use_end(trees: &[TokenTree], at: usize) -> usize {
    let semicolon = trees[at..]
        .iter()
        .position(|tree| matches!(tree, TokenTree::Punct(p) if p.as_char() == ';'));
    semicolon.map_or(trees.len(), |semicolon| at + semicolon + 1)
}

/// What the code of `stream`, at any depth, names of nom's crates by a
/// path of their own (`nom::Err`, `::nom::Err`, `use nom::Parser`,
/// `use {nom::Err}`), which a program that depends on `rfc1738` alone has
/// not, and what its `use` items bring in from `rfc1738` under the crate's
/// own name (`use rfc1738::nom;`). A path through another
/// (`rfc1738::nom::Err`, `use rfc1738::{nom_locate::LocatedSpan}`) names
/// none. Strings and comments name nothing.
#[derive(Default)]
struct Naming {
    direct: Vec<String>,
    brought: Vec<String>,
}

impl Naming {
    /// Reads `stream`, the code of an example or a group of it.
    fn read(&mut self, stream: TokenStream) {
        let trees: Vec<TokenTree> = stream.into_iter().collect();
        let mut i = 0;
        while i < trees.len() {
            match &trees[i] {
                TokenTree::Group(group) => self.read(group.stream()),
                TokenTree::Ident(ident) if ident == "use" => {
                    let end = use_end(&trees, i);
                    let item: TokenStream = trees[i..end].iter().cloned().collect();
                    if let Ok(item) = syn::parse2::<syn::ItemUse>(item) {
                        self.read_use(&item.tree, &[]);
                        i = end;
                        continue;
                    }
                }
                TokenTree::Ident(ident)
                    if NOM_CRATES.iter().any(|name| ident == name) && colons(&trees, i + 1) =>
                {
                    let through = i >= 3
                        && colons(&trees, i - 2)
                        && matches!(&trees[i - 3],
                            TokenTree::Ident(before) if !KEYWORDS.iter().any(|k| before == k));
                    if !through {
                        self.direct.push(ident.to_string());
                    }
                }
                _ => {}
            }
            i += 1;
        }
    }

    /// Reads `tree`, a use tree under `path`: a path that starts with a
    /// crate of nom's, and a name bound to one of `rfc1738`'s re-exports as
    /// itself (`use rfc1738::nom;`, `use rfc1738::{nom, Rule};`,
    /// `use rfc1738::nom::{self, Parser};`, `use rfc1738::*;`).
    fn read_use(&mut self, tree: &syn::UseTree, path: &[String]) {
        let ident = match tree {
            syn::UseTree::Path(next) => Some(&next.ident),
            syn::UseTree::Name(name) => Some(&name.ident),
            syn::UseTree::Rename(rename) => Some(&rename.ident),
            syn::UseTree::Group(_) | syn::UseTree::Glob(_) => None,
        };
        if let Some(ident) = ident.filter(|_| path.is_empty())
            && NOM_CRATES.iter().any(|name| ident == name)
        {
            self.direct.push(ident.to_string());
        }
        let mut bind = |ident: &syn::Ident, name: &syn::Ident| {
            let (parent, target) = match ident == "self" {
                true => (&path[..path.len().saturating_sub(1)], path.last().cloned()),
                false => (path, Some(ident.to_string())),
            };
            let name = match name == "self" {
                true => target.clone(),
                false => Some(name.to_string()),
            };
            if parent == ["rfc1738"] && target.is_some() && target == name {
                self.brought.extend(name);
            }
        };
        match tree {
            syn::UseTree::Path(next) => {
                let mut path = path.to_vec();
                path.push(next.ident.to_string());
                self.read_use(&next.tree, &path);
            }
            syn::UseTree::Name(name) => bind(&name.ident, &name.ident),
            syn::UseTree::Rename(rename) => bind(&rename.ident, &rename.rename),
            syn::UseTree::Group(group) => {
                for tree in &group.items {
                    self.read_use(tree, path);
                }
            }
            syn::UseTree::Glob(_) if path == ["rfc1738"] => {
                self.brought.extend(NOM_CRATES.map(String::from));
            }
            syn::UseTree::Glob(_) => {}
        }
    }
}

/// The crates of nom's that the Rust code `code` names where a user's
/// program has none: by a path of their own, not brought in from
/// `rfc1738` in the same code. Code that does not lex (a `compile_fail`
/// example may not) is read as text: a crate's name and `::` not after
/// an identifier or a `:`.
fn nom_outside_the_crate(code: &str) -> Vec<String> {
    let mut named = Vec::new();
    let mut brought = Vec::new();
    match code.parse::<TokenStream>() {
        Ok(stream) => {
            let mut naming = Naming::default();
            naming.read(stream);
            (named, brought) = (naming.direct, naming.brought);
        }
        Err(_) => {
            for name in NOM_CRATES {
                let path = format!("{name}::");
                let starts = code.match_indices(&path).map(|(at, _)| at);
                if starts.into_iter().any(|at| {
                    !code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':')
                }) {
                    named.push(name.to_owned());
                }
            }
        }
    }
    named.retain(|name| !brought.contains(name));
    named.sort();
    named.dedup();
    named
}

/// The checker finds what it should, and only that.
#[test]
fn a_path_of_noms_own_is_found_and_one_through_the_crate_is_not() {
    let found = |code: &str| nom_outside_the_crate(code);
    assert_eq!(found("let e: nom::Err<()> = todo!();"), ["nom"]);
    assert_eq!(found("use nom::Parser;"), ["nom"]);
    assert_eq!(found("use ::nom::Parser;"), ["nom"]);
    assert_eq!(found("fn f(p: impl ::nom::Parser<&str>) {}"), ["nom"]);
    assert_eq!(found("use nom_locate::LocatedSpan;"), ["nom_locate"]);
    assert_eq!(
        found("let e = ( nom::Err::Incomplete"),
        ["nom"],
        "read as text"
    );
    assert!(found("use rfc1738::nom::Parser; let e: rfc1738::nom::Err<()>;").is_empty());
    assert!(found("use rfc1738::nom; let e: nom::Err<()>;").is_empty());
    assert!(found("use rfc1738::{Rule, nom}; fn f() { nom::Err::<()>::Incomplete; }").is_empty());
    assert!(found("use rfc1738::nom::{self, Parser}; nom::Err::<()>::Incomplete;").is_empty());
    assert!(found("use rfc1738::*; let e: nom::Err<()>;").is_empty());
    assert!(found(r#"let s = "nom::Err"; // nom::Err"#).is_empty());
    assert_eq!(
        found("use rfc1738::nom::Parser; let e: nom::Err<()>;"),
        ["nom"]
    );
    assert_eq!(
        found("use rfc1738::nom as n; let e: nom::Err<()>;"),
        ["nom"]
    );
    assert_eq!(found("use {nom::Err, rfc1738::Rule};"), ["nom"]);
    assert!(found("use rfc1738::{Position, nom_locate::LocatedSpan};").is_empty());
    let doc = "/// Prose names `nom::Err`.\n/// ```text\n/// nom::Err\n/// ```\n///\n\
               /// ```no_run\n/// # use nom::Parser;\n/// let x = 1;\n/// ```\n";
    let blocks = rust_blocks(doc_lines(doc));
    assert_eq!(blocks, [(6, "use nom::Parser;\nlet x = 1;\n".to_owned())]);
}

/// A doc example is what a user copies: one that names nom as `nom::`
/// compiles here, where nom is the crate's own dependency, and not in a
/// program that depends on `rfc1738` alone. Examples name the crate's
/// re-exports, `rfc1738::nom` and `rfc1738::nom_locate`, or import them
/// (`use rfc1738::nom;`). The doc comments of `src/`, the Markdown
/// documentation (the README's examples run as doctests, `DECISIONS.md`
/// is the crate's `decisions` module) and the example programs are read.
#[test]
fn doc_examples_name_nom_through_the_crate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = common::rust_files(&root.join("src"));
    files.extend(common::rust_files(&root.join("examples")));
    for dir in [root.to_path_buf(), root.join("docs"), root.join("grammar")] {
        let entries = fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().path());
        files.extend(entries.filter(|path| path.extension().is_some_and(|e| e == "md")));
    }
    let (mut found, mut read) = (Vec::new(), 0);
    for path in files {
        let text = fs::read_to_string(&path).unwrap();
        let blocks = match path.extension().and_then(|e| e.to_str()) {
            Some("md") => rust_blocks(text.lines().map(Some)),
            // An example program is all example.
            _ if path.starts_with(root.join("examples")) => vec![(1, text.clone())],
            _ => rust_blocks(doc_lines(&text)),
        };
        for (line, code) in blocks {
            read += 1;
            for name in nom_outside_the_crate(&code) {
                found.push(format!("{}:{line}: {name}::", path.display()));
            }
        }
    }
    // The examples were found: `src/` alone holds some 450.
    assert!(read > 400, "{read} examples read");
    assert!(
        found.is_empty(),
        "examples that name nom's crates as a dependency of their own:\n{}",
        found.join("\n")
    );
}
