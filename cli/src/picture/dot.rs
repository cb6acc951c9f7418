//! The scene for Graphviz: DOT text, which nothing here needs Graphviz to
//! make.

use std::fmt::{self, Write};

use super::Scene;
use crate::markup::escape as xml;

/// `lines` as a DOT string: `"` and `\` escaped, each line ended with
/// `end` (`\n` centres it, `\l` puts it left).
pub(super) fn dot_string<'l>(lines: impl IntoIterator<Item = &'l str>, end: &str) -> String {
    let mut escaped = String::from("\"");
    for line in lines {
        for c in line.chars() {
            match c {
                '"' => escaped.push_str("\\\""),
                '\\' => escaped.push_str("\\\\"),
                c => escaped.push(c),
            }
        }
        escaped.push_str(end);
    }
    escaped.push('"');
    escaped
}

/// Writes the scene for Graphviz (`dot -Tsvg`): a statement per line, a box
/// per node (its production, span and text), an edge per parent, the
/// characters in a table under the tree (`input`, a port `b<offset>` per
/// character) with a dotted edge from each node without children to its
/// first character, the rejected part red and the caret under where the
/// input failed, and the notes as the graph's label.
pub fn dot(scene: &Scene, out: &mut impl Write) -> fmt::Result {
    writeln!(out, "digraph derivation {{")?;
    writeln!(
        out,
        "graph [ordering=out, labelloc=b, labeljust=l, fontname=monospace, label={}];",
        dot_string(scene.notes().iter().map(String::as_str), "\\l")
    )?;
    writeln!(
        out,
        "node [shape=box, style=\"rounded,filled\", fillcolor=\"#dbe8f6\", fontname=monospace];"
    )?;
    for (i, node) in scene.nodes.iter().enumerate() {
        let span = format!("{}..{}", node.span.start, node.span.end);
        let label = dot_string([node.rule.name(), &span, &node.text], "\\n");
        writeln!(out, "n{i} [label={label}];")?;
        if let Some(parent) = node.parent {
            writeln!(out, "n{parent} -> n{i};")?;
        }
    }
    dot_row(scene, out)?;
    for (i, node) in scene.nodes.iter().enumerate() {
        // The character its span starts in, or the nearest shown.
        let cell = scene
            .cells
            .partition_point(|c| c.span.end <= node.span.start);
        if let Some(cell) = scene
            .cells
            .get(cell.min(scene.cells.len().saturating_sub(1)))
            && !node.inner
        {
            let at = cell.span.start;
            writeln!(out, "n{i} -> input:b{at}:n [style=dotted, arrowhead=none];")?;
        }
    }
    out.write_str("}")
}

/// The characters as a table: a row of them, the rejected ones red, and a
/// row with the caret.
fn dot_row(scene: &Scene, out: &mut impl Write) -> fmt::Result {
    let mut row = String::new();
    let mut carets = String::new();
    for cell in &scene.cells {
        let colour = if scene.rejected(cell.span.start) {
            " BGCOLOR=\"#f8d0d0\""
        } else {
            ""
        };
        let _ = write!(
            row,
            "<TD PORT=\"b{}\"{colour}>{}</TD>",
            cell.span.start,
            xml(&cell.shown)
        );
        let caret = scene
            .failure
            .as_ref()
            .is_some_and(|f| f.offset == cell.span.start);
        let _ = write!(carets, "<TD>{}</TD>", if caret { "^" } else { "" });
    }
    // A failure at the end of the input: the caret after the last character.
    if let Some(failure) = scene
        .failure
        .as_ref()
        .filter(|f| f.offset >= scene.window.end)
    {
        let _ = write!(
            row,
            "<TD PORT=\"b{}\" BGCOLOR=\"#f8d0d0\"> </TD>",
            failure.offset
        );
        carets.push_str("<TD>^</TD>");
    }
    if row.is_empty() {
        row.push_str("<TD> </TD>");
    }
    // The caret's row for a rejected input only.
    let carets = if scene.failure.is_some() {
        format!("<TR>{carets}</TR>")
    } else {
        String::new()
    };
    writeln!(
        out,
        "{{ rank=sink; input [shape=plaintext, style=\"\", label=<<TABLE BORDER=\"0\" CELLBORDER=\"1\" \
         CELLSPACING=\"0\"><TR>{row}</TR>{carets}</TABLE>>]; }}"
    )
}
