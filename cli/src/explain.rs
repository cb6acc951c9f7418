//! `rfc1738 explain`: the derivation tree of a URL.

use std::process::ExitCode;

use annotate_snippets::Renderer;
use rfc1738::{
    Derivation, Error, check, check_prefix, is_character_class, parse_prefix, parse_rule,
};
use serde::Serialize;

use crate::check::ErrorRecord;
use crate::output::{self, Output};
use crate::{ExplainArgs, TreeFormat};

/// Runs the command: 0 when the input matches, 1 when it does not.
pub fn run(args: &ExplainArgs) -> ExitCode {
    let input = args.url.as_str();
    let matched = match args.rule {
        Some(rule) => parse_rule(rule, input),
        None => check(input),
    };
    let (text, valid) = match &matched {
        Ok(matched) => (render_valid(args, &matched.tree()), true),
        Err(error) => {
            let prefix = match args.rule {
                Some(rule) => parse_prefix(rule, input),
                None => check_prefix(input),
            };
            (render_invalid(args, error, prefix.as_ref()), false)
        }
    };
    let mut out = Output::new();
    if let Some(status) = output::failed(out.line(&text).and_then(|()| out.flush())) {
        return status;
    }
    if valid {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn render_valid(args: &ExplainArgs, tree: &Derivation<'_>) -> String {
    match args.format {
        TreeFormat::Text => text_tree(tree, args.all),
        TreeFormat::Json => json(&json_tree(tree, args.all)),
    }
}

fn render_invalid(args: &ExplainArgs, error: &Error, prefix: Option<&Derivation<'_>>) -> String {
    match args.format {
        TreeFormat::Text => {
            let mut text = error.render("input", &Renderer::plain());
            text.push('\n');
            match prefix {
                Some(tree) => {
                    text.push_str(&format!(
                        "the longest prefix that {} matches ({} of {} bytes):\n",
                        error.rule().name(),
                        tree.span().end,
                        args.url.len()
                    ));
                    text.push_str(&text_tree(tree, args.all));
                }
                None => text.push_str(&format!(
                    "no prefix of the input is a {}",
                    error.rule().name()
                )),
            }
            text
        }
        TreeFormat::Json => json(&Rejected {
            rule: error.rule().name(),
            valid: false,
            error: ErrorRecord::new(error),
            prefix: prefix.map(|tree| json_tree(tree, args.all)),
        }),
    }
}

/// The tree as indented lines: production, byte span, text.
fn text_tree(tree: &Derivation<'_>, all: bool) -> String {
    let mut lines = Vec::new();
    walk(tree, 0, all, &mut lines);
    lines.join("\n")
}

fn walk(node: &Derivation<'_>, depth: usize, all: bool, lines: &mut Vec<String>) {
    let span = node.span();
    lines.push(format!(
        "{:indent$}{} {}..{} \"{}\"",
        "",
        node.rule(),
        span.start,
        span.end,
        node.text().escape_debug(),
        indent = depth * 2
    ));
    for child in shown_children(node, all) {
        walk(child, depth + 1, all, lines);
    }
}

/// The children shown: all of them with `all`, else those that are not
/// character classes (`uchar`, `alpha`, …) under a production that is not
/// one either.
fn shown_children<'t, 'a>(
    node: &'t Derivation<'a>,
    all: bool,
) -> impl Iterator<Item = &'t Derivation<'a>> {
    node.children()
        .iter()
        .filter(move |child| all || !is_character_class(child.rule()))
}

/// A node of the JSON tree; byte offsets.
#[derive(Serialize)]
struct JsonNode {
    rule: &'static str,
    start: usize,
    end: usize,
    children: Vec<JsonNode>,
}

/// The JSON record of a rejected input.
#[derive(Serialize)]
struct Rejected {
    rule: &'static str,
    valid: bool,
    error: ErrorRecord,
    prefix: Option<JsonNode>,
}

fn json_tree(node: &Derivation<'_>, all: bool) -> JsonNode {
    let span = node.span();
    JsonNode {
        rule: node.rule().name(),
        start: span.start,
        end: span.end,
        children: shown_children(node, all)
            .map(|child| json_tree(child, all))
            .collect(),
    }
}

/// A record of strings, numbers and nested records always serializes.
fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}
