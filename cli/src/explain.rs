//! `rfc1738 explain`: the derivation tree of a URL.

use std::process::ExitCode;

use annotate_snippets::Renderer;
use rfc1738::{
    Derivation, Error, check, check_bytes, check_prefix, is_character_class, parse_prefix,
    parse_rule,
};
use serde::Serialize;

use crate::check::ErrorRecord;
use crate::output::{self, Output};
use crate::{ExplainArgs, TreeFormat};

/// Runs the command: 0 when the input matches, 1 when it does not.
///
/// The argument is taken as `check` and `parse` take theirs: its bytes, as
/// given. Bytes that are not UTF-8 fail it at the first of them (no URL holds
/// one), and the longest prefix the rule matches lies before them.
pub fn run(args: &ExplainArgs) -> ExitCode {
    let bytes = args.url.as_encoded_bytes();
    // The UTF-8 before the first byte that is not.
    let (text, whole) = match std::str::from_utf8(bytes) {
        Ok(text) => (text, true),
        Err(error) => (
            // `valid_up_to` ends a valid UTF-8 prefix.
            std::str::from_utf8(&bytes[..error.valid_up_to()]).unwrap_or_default(),
            false,
        ),
    };
    let matched = match (whole, args.rule) {
        (true, Some(rule)) => parse_rule(rule, text),
        (true, None) => check(text),
        // The byte that is not UTF-8 is reported, or an error before it.
        (false, rule) => match check_bytes(bytes, rule) {
            Err(error) => Err(error),
            Ok(_) => {
                // `check_bytes` fails every input that is not UTF-8; were
                // that to change, say what cannot be shown rather than panic.
                output::message("explain: an input that is not UTF-8 has no derivation tree");
                return ExitCode::from(2);
            }
        },
    };
    let (text, valid) = match &matched {
        Ok(matched) => (render_valid(args, &matched.tree()), true),
        Err(error) => {
            let prefix = match args.rule {
                Some(rule) => parse_prefix(rule, text),
                None => check_prefix(text),
            };
            (
                render_invalid(args, error, prefix.as_ref(), bytes.len()),
                false,
            )
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

/// The diagnostic of a rejected input of `length` bytes, and the tree of its
/// longest prefix the rule matches.
fn render_invalid(
    args: &ExplainArgs,
    error: &Error,
    prefix: Option<&Derivation<'_>>,
    length: usize,
) -> String {
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
                        length
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
