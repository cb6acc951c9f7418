//! `rfc1738 grammar`: the grammar, or one production and its neighbours, as
//! text or as railroad diagrams.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::ValueEnum;
use rfc1738::Rule;
use rfc1738::bnf::{Grammar, Production, diagram};

use crate::markup::escape;
use crate::output::{self, Output};

/// The grammar file, as printed in the RFC.
const GRAMMAR: &str = rfc1738::bnf::RFC1738;

/// How the grammar is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The grammar, or the production and its neighbours, as text.
    Human,
    /// The railroad diagram of one production, an SVG document.
    Svg,
    /// One HTML page with the railroad diagrams of every production.
    Html,
}

/// Writes the whole grammar, or the production `rule` (its definition, the
/// productions it uses and the productions that use it), in `format`.
pub fn run(rule: Option<Rule>, format: Format) -> ExitCode {
    let text = match (format, rule) {
        (Format::Human, None) => GRAMMAR.trim_end().to_owned(),
        (Format::Human, Some(rule)) => describe(rule),
        (Format::Svg, Some(rule)) => diagram::svg(production(rule), &|_| None, true),
        (Format::Html, None) => page(Grammar::rfc1738()),
        // clap requires NAME with svg.
        (Format::Svg, None) | (Format::Html, Some(_)) => {
            output::message(
                "grammar: --format svg draws the production NAME, --format html every \
                 production: give NAME with svg only",
            );
            return ExitCode::from(2);
        }
    };
    let mut out = Output::new();
    output::failed(out.line(&text).and_then(|()| out.flush())).unwrap_or(ExitCode::SUCCESS)
}

/// The production of `rule` in the grammar file.
fn production(rule: Rule) -> &'static Production {
    // `Rule` is generated from the same file: every rule is a production.
    Grammar::rfc1738()
        .productions()
        .iter()
        .find(|p| p.name == rule.name())
        .unwrap_or_else(|| unreachable!("{} is a production of the grammar file", rule.name()))
}

fn describe(rule: Rule) -> String {
    let grammar = Grammar::rfc1738();
    let list = |names: Vec<&str>| {
        if names.is_empty() {
            "(none)".to_owned()
        } else {
            names.join(", ")
        }
    };
    let mut lines = vec![rule.definition().to_owned(), String::new()];
    lines.push(format!(
        "grammar/rfc1738.bnf line {}; combinator rfc1738::grammar::{}::{}",
        rule.line(),
        rule.module(),
        rule.function()
    ));
    lines.push(format!("uses: {}", list(grammar.uses(rule.name()))));
    lines.push(format!("used by: {}", list(grammar.used_by(rule.name()))));
    lines.join("\n")
}

/// The page's own style, beside the diagrams': an underline below the
/// underscore of `gopher+_string`, not over it; a diagram as drawn, never
/// shrunk to the page (its text would be unreadable on a phone), in a box
/// that scrolls sideways when the page is narrower.
const STYLE: &str = "\
body { font: 16px/1.5 sans-serif; margin: 2em auto; max-width: 72em; padding: 0 1em; color: #222; }
pre { background: #f4f4f4; padding: .5em 1em; overflow-x: auto; }
p.comment { font-family: monospace; color: #555; margin: 2em 0 0; }
p.links { margin: .3em 0; }
section { border-top: 1px solid #ddd; margin-top: 1.5em; }
section:target { background: #fffbe6; }
nav a, p.links a { margin-right: .6em; }
a { text-underline-offset: .3em; text-decoration-skip-ink: none; }
div.diagram { overflow-x: auto; }
div.diagram > svg.railroad { max-width: none; }
";

/// The page of every production's diagram: self-contained (its styles
/// inline, no script, nothing loaded), a section per production with its
/// text as in the RFC, its diagram, and the productions it uses and that
/// use it, every name linked to its section. The grammar's comments stand
/// where they stand in the grammar file. It is well-formed XML as well as
/// HTML, so that a program can read it.
fn page(grammar: &Grammar) -> String {
    let mut page = String::with_capacity(256 << 10);
    page.push_str(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n\
         <title>RFC 1738 section 5: railroad diagrams</title>\n<style>\n",
    );
    page.push_str(STYLE);
    page.push_str(&diagram::css());
    page.push_str(
        "</style>\n</head>\n<body>\n<h1>RFC 1738, section 5: the BNF of URLs</h1>\n\
         <p>Each production of <code>grammar/rfc1738.bnf</code> as printed in the RFC, \
         and its railroad diagram, drawn from it by <code>rfc1738 grammar --format html</code>: \
         literals in rounded boxes, as written (the double quote, which the BNF writes \
         <code>&lt;\"&gt;</code>, as <code>'\"'</code>); productions in square boxes, \
         each linked to its diagram.</p>\n<nav>",
    );
    for p in grammar.productions() {
        let _ = write!(page, "{} ", link(&p.name));
    }
    page.push_str("</nav>\n");
    for p in grammar.productions() {
        section(&mut page, grammar, p);
    }
    page.push_str("</body>\n</html>");
    page
}

/// The section of production `p`.
fn section(page: &mut String, grammar: &Grammar, p: &Production) {
    if !p.comments.is_empty() {
        let lines: Vec<String> = p
            .comments
            .iter()
            .map(|c| format!("; {}", escape(c)))
            .collect();
        let _ = writeln!(page, "<p class=\"comment\">{}</p>", lines.join("<br/>"));
    }
    let id = escape(&p.name);
    let _ = writeln!(
        page,
        "<section id=\"{id}\">\n<h2><a href=\"#{id}\">{id}</a></h2>\n<pre>{}</pre>",
        escape(&p.text)
    );
    let anchor = |name: &str| Some(format!("#{name}"));
    page.push_str("<div class=\"diagram\">");
    page.push_str(&diagram::svg(p, &anchor, false));
    page.push_str("</div>");
    let links = |names: Vec<&str>| {
        if names.is_empty() {
            "none".to_owned()
        } else {
            names.into_iter().map(link).collect::<Vec<_>>().join(" ")
        }
    };
    let _ = writeln!(
        page,
        "\n<p class=\"links\">Uses: {}</p>\n<p class=\"links\">Used by: {}</p>\n</section>",
        links(grammar.uses(&p.name)),
        links(grammar.used_by(&p.name))
    );
}

/// A link to the section of production `name`.
fn link(name: &str) -> String {
    let name = escape(name);
    format!("<a href=\"#{name}\">{name}</a>")
}
