//! The combinators' railroad diagrams, for their documentation.
//!
//! Writes `$OUT_DIR/railroad/<function>.md` for every production: a
//! Markdown fragment that holds the production's diagram, drawn by
//! `src/bnf/diagram.rs` (the code behind `rfc1738 grammar --format svg`),
//! as one HTML block. Each combinator in `src/grammar/` includes its own:
//!
//! ```text
//! #[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/hostport.md"))]
//! ```
//!
//! A production in a diagram links to its combinator's page
//! (`../<module>/fn.<function>.html`, from the page of a combinator).

use std::collections::HashMap;
use std::fs;
use std::path::Path;

use crate::diagram;
use crate::syntax::Production;

/// Writes the fragments into `$OUT_DIR/railroad`; `modules[i]` is the module
/// of `productions[i]` and `function` names a production's combinator.
pub fn write(
    productions: &[Production],
    modules: &[String],
    function: fn(&str) -> String,
    out: &Path,
) {
    let pages: HashMap<&str, String> = productions
        .iter()
        .zip(modules)
        .map(|(p, module)| {
            (
                p.name.as_str(),
                format!("../{module}/fn.{}.html", function(&p.name)),
            )
        })
        .collect();
    let link = |name: &str| pages.get(name).cloned();
    let dir = out.join("railroad");
    fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: cannot create: {e}", dir.display()));
    for p in productions {
        let path = dir.join(format!("{}.md", function(&p.name)));
        fs::write(&path, fragment(&diagram::svg(p, &link, true)))
            .unwrap_or_else(|e| panic!("{}: cannot write: {e}", path.display()));
    }
}

/// The diagram as a Markdown HTML block: the `<div>` opens it and a blank
/// line ends it, so that nothing in the SVG, which has no line break, is
/// read as Markdown. Blank lines before and after keep it apart from the
/// documentation around it.
fn fragment(svg: &str) -> String {
    format!("\n<div class=\"railroad\">{svg}</div>\n\n")
}
