//! The library's modules import each other in one direction only: from the
//! vocabulary at the bottom, through the grammar, to the semantics at the
//! top (`grammar/DESIGN.md`). Each top-level module has a rank, and every
//! path a module's code names (`use crate::...`, `crate::x::y(...)`, a
//! re-export of the crate root resolved to where it comes from) must lead to
//! a module of a lower rank, or stay inside the module. A total order has no
//! cycle, so no module imports another that imports it back, directly or
//! around a circle.
//!
//! Tests (`#[cfg(test)]` items) are not counted: they may use any layer to
//! check their own.

mod common;

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use syn::visit::Visit;

/// The top-level modules, bottom first.
const LAYERS: &[&str] = &[
    // The vocabulary: productions, what was expected and found, the
    // character tables, the input, the derivation's nodes; what of any
    // text may be shown on a terminal, and where an offset of it stands.
    "visible",
    "position",
    "named",
    "rule",
    "expected",
    "charset",
    "input",
    "derivation",
    // The conformance oracle, independent of the combinators.
    "bnf",
    // Below the grammar: the typed syntax tree, the scans, the observer.
    "ast",
    "scan",
    "trace",
    "grammar",
    // Passes of the grammar, and what they make.
    "pass",
    "password",
    "hint",
    "error",
    "api",
    // The semantics and the tools above it.
    "url",
    "lint",
    "extract",
    "coverage",
];

fn rank(module: &str) -> usize {
    LAYERS
        .iter()
        .position(|layer| *layer == module)
        .unwrap_or_else(|| panic!("module `{module}` has no layer in tests/layers.rs"))
}

/// Whether the attributes hold `#[cfg(test)]`.
fn is_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident("cfg")
            && attr
                .parse_args::<syn::Meta>()
                .is_ok_and(|meta| meta.path().is_ident("test"))
    })
}

/// The names the crate root re-exports, and the top-level module each
/// comes from (`Rule` → `rule`).
fn root_exports(lib: &syn::File) -> BTreeMap<String, String> {
    fn walk(tree: &syn::UseTree, module: Option<&str>, out: &mut BTreeMap<String, String>) {
        match tree {
            syn::UseTree::Path(path) => {
                let name = path.ident.to_string();
                walk(&path.tree, Some(module.unwrap_or(&name)), out);
            }
            syn::UseTree::Name(name) => {
                if let Some(module) = module {
                    out.insert(name.ident.to_string(), module.to_owned());
                }
            }
            syn::UseTree::Rename(rename) => {
                if let Some(module) = module {
                    out.insert(rename.rename.to_string(), module.to_owned());
                }
            }
            syn::UseTree::Group(group) => {
                for tree in &group.items {
                    walk(tree, module, out);
                }
            }
            syn::UseTree::Glob(_) => {}
        }
    }
    let mut out = BTreeMap::new();
    for item in &lib.items {
        if let syn::Item::Use(item) = item
            && matches!(item.vis, syn::Visibility::Public(_))
        {
            walk(&item.tree, None, &mut out);
        }
    }
    out
}

/// The first segments of every `crate::` path a file's code names.
#[derive(Default)]
struct Paths {
    /// Whether the file is a top-level module's own (`src/x.rs`,
    /// `src/x/mod.rs`), where `super::` is the crate root.
    top_level: bool,
    /// `crate::a::b` as `a`, and a group `crate::{a, b}` as each.
    names: Vec<String>,
}

impl Paths {
    /// Whether a path starting with `ident` starts at the crate root.
    fn is_root(&self, ident: &syn::Ident) -> bool {
        ident == "crate" || (self.top_level && ident == "super")
    }
}

impl Paths {
    fn use_tree(&mut self, tree: &syn::UseTree, under_crate: bool) {
        match tree {
            syn::UseTree::Path(path) if !under_crate && self.is_root(&path.ident) => {
                self.use_tree(&path.tree, true);
            }
            syn::UseTree::Path(path) if under_crate => self.names.push(path.ident.to_string()),
            syn::UseTree::Name(name) if under_crate => self.names.push(name.ident.to_string()),
            syn::UseTree::Rename(rename) if under_crate => {
                self.names.push(rename.ident.to_string());
            }
            syn::UseTree::Group(group) => {
                for tree in &group.items {
                    self.use_tree(tree, under_crate);
                }
            }
            _ => {}
        }
    }
}

impl<'ast> Visit<'ast> for Paths {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs = match item {
            syn::Item::Mod(module) => {
                // Inside an inline module, `super::` is the file's module.
                if !is_test(&module.attrs) {
                    let top_level = std::mem::replace(&mut self.top_level, false);
                    syn::visit::visit_item(self, item);
                    self.top_level = top_level;
                }
                return;
            }
            syn::Item::Fn(item) => &item.attrs,
            syn::Item::Impl(item) => &item.attrs,
            syn::Item::Use(item) => &item.attrs,
            _ => return syn::visit::visit_item(self, item),
        };
        if !is_test(attrs) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.use_tree(&item.tree, false);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let mut segments = path.segments.iter();
        if segments
            .next()
            .is_some_and(|first| self.is_root(&first.ident))
            && let Some(second) = segments.next()
        {
            self.names.push(second.ident.to_string());
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        // Paths inside macro calls (`with_combinator!`) are tokens: read
        // `crate :: name` sequences from them.
        let tokens: Vec<String> = mac
            .tokens
            .clone()
            .into_iter()
            .map(|t| t.to_string())
            .collect();
        for window in tokens.windows(4) {
            if window[0] == "crate" && window[1] == ":" && window[2] == ":" {
                self.names.push(window[3].clone());
            }
        }
        syn::visit::visit_macro(self, mac);
    }
}

#[test]
fn modules_import_only_the_layers_below_them() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib: syn::File =
        syn::parse_file(&fs::read_to_string(src.join("lib.rs")).unwrap()).expect("lib.rs parses");
    let exports = root_exports(&lib);
    let paths = common::rust_files(&src);
    let mut checked = 0;
    let mut wrong = Vec::new();
    for path in paths {
        let relative = path.strip_prefix(&src).unwrap();
        let module = relative
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .map(|name| name.trim_end_matches(".rs").to_owned())
            .unwrap();
        if module == "lib" || relative.file_name().is_some_and(|f| f == "tests.rs") {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap();
        let file = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let depth = relative.components().count();
        let mut names = Paths {
            top_level: depth == 1 || (depth == 2 && relative.ends_with("mod.rs")),
            ..Paths::default()
        };
        names.visit_file(&file);
        for name in names.names {
            let target = exports.get(&name).cloned().unwrap_or(name);
            if target == module {
                continue;
            }
            checked += 1;
            if rank(&target) >= rank(&module) {
                wrong.push(format!("{} ({module}) uses `{target}`", relative.display()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
    // The walk found the imports it judges.
    assert!(checked > 100, "only {checked} imports were judged");
}

/// Every top-level module of `src/` has its layer, and no layer names a
/// module that does not exist.
#[test]
fn every_module_has_its_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut modules: Vec<String> = fs::read_dir(&src)
        .unwrap()
        .map(|entry| {
            let name = entry.unwrap().file_name().into_string().unwrap();
            name.trim_end_matches(".rs").to_owned()
        })
        .filter(|name| name != "lib")
        .collect();
    modules.sort();
    let mut layers: Vec<String> = LAYERS.iter().map(|s| s.to_string()).collect();
    layers.sort();
    assert_eq!(modules, layers);
}
