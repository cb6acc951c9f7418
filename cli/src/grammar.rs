//! `rfc1738 grammar`: the grammar, or one production and its neighbours.

use std::process::ExitCode;

use rfc1738::Rule;
use rfc1738::bnf::Grammar;

use crate::output::{self, Output};

/// The grammar file, as printed in the RFC.
const GRAMMAR: &str = rfc1738::bnf::RFC1738;

/// Prints the whole grammar, or the production `rule`: its definition, the
/// productions it uses and the productions that use it.
pub fn run(rule: Option<Rule>) -> ExitCode {
    let text = match rule {
        None => GRAMMAR.trim_end().to_owned(),
        Some(rule) => describe(rule),
    };
    let mut out = Output::new();
    output::failed(out.line(&text).and_then(|()| out.flush())).unwrap_or(ExitCode::SUCCESS)
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
