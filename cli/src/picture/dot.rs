//! The scene for Graphviz: DOT text, which nothing here needs Graphviz to
//! make.

use std::fmt::{self, Write};
use std::ops::Range;

use super::{SPACE, Scene};
use crate::markup::escape as xml;

/// The cell of the caret's row under the byte where the input failed.
const CARET: &str = "<TD BORDER=\"0\"><FONT COLOR=\"#cc0000\"><B>^</B></FONT></TD>";

/// A cell of the caret's row under every other byte.
const NO_CARET: &str = "<TD BORDER=\"0\"></TD>";

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
/// per node (its production, span and text), an edge per parent, the nodes
/// of a depth on one rank, the characters in a table on the lowest rank
/// (`input`, a port `b<offset>` per character) with a dotted edge from each
/// node without children to its first character, the rejected part red and
/// the caret under where the input failed, and the notes as the graph's
/// label.
///
/// The ranks keep siblings side by side, however far each is from the
/// characters. The dotted edges still rank (no `constraint=false`):
/// Graphviz places a node over the end of its edges only along edges that
/// do, and without them the leaves bunch up on one side and the dotted
/// lines run across the picture. The characters' cells are as wide as the
/// nodes over them ([`widths`]), so that each node stands over its own.
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
        let label = dot_string([node.label.name(), &span, &node.text], "\\n");
        writeln!(out, "n{i} [label={label}];")?;
        if let Some(parent) = node.parent {
            writeln!(out, "n{parent} -> n{i};")?;
        }
    }
    ranks(scene, out)?;
    dot_row(scene, out)?;
    for (i, node) in scene.nodes.iter().enumerate() {
        if let Some(cell) = anchor(scene, &node.span)
            && !node.inner
        {
            let at = scene.cells[cell].span.start;
            writeln!(out, "n{i} -> input:b{at}:n [style=dotted, arrowhead=none];")?;
        }
    }
    out.write_str("}")
}

/// The character a dotted edge from a node of `span` goes to: the one its
/// span starts in, or the nearest shown; `None` when none is.
fn anchor(scene: &Scene, span: &Range<usize>) -> Option<usize> {
    let cell = scene.cells.partition_point(|c| c.span.end <= span.start);
    (!scene.cells.is_empty()).then(|| cell.min(scene.cells.len() - 1))
}

/// The width of `count` characters of Graphviz's 14-point monospace, in
/// points (0.6 em each), rounded up.
fn points(count: usize) -> usize {
    (count * 42).div_ceil(5)
}

/// The least width of each character's cell, in points, or `None` where
/// the character alone decides. A node's box is its label's width and a
/// margin of 8 points a side, at least 54 points, and 18 points stand
/// between two boxes: the cells under a node are widened, evenly, until
/// they are that wide, narrowest node first (as the SVG's layout does).
/// A node that matched nothing stands over the character its dotted edge
/// goes to.
fn widths(scene: &Scene) -> Vec<Option<usize>> {
    // A cell pads its text with 2 points a side, in a border of 1.
    let mut width: Vec<usize> = (scene.cells.iter())
        .map(|cell| points(cell.shown.chars().count()) + 6)
        .collect();
    let mut widened = vec![false; width.len()];
    let mut order: Vec<usize> = (0..scene.nodes.len()).collect();
    order.sort_by_key(|&i| scene.nodes[i].span.len());
    for node in order.into_iter().map(|i| &scene.nodes[i]) {
        let (start, end) = (scene.cell(node.span.start), scene.cell(node.span.end));
        let cells = if start < end {
            start..end
        } else if let Some(cell) = anchor(scene, &node.span) {
            cell..cell + 1
        } else {
            continue;
        };
        let span = format!("{}..{}", node.span.start, node.span.end);
        let label = [
            node.label.name().len(),
            span.len(),
            node.text.chars().count(),
        ];
        let need = (points(label.into_iter().max().unwrap_or(0)) + 16).max(54) + 18;
        let have: usize = width[cells.clone()].iter().sum();
        if have < need {
            let more = (need - have).div_ceil(cells.len());
            width[cells.clone()].iter_mut().for_each(|w| *w += more);
            widened[cells].iter_mut().for_each(|w| *w = true);
        }
    }
    width
        .into_iter()
        .zip(widened)
        .map(|(width, widened)| widened.then_some(width))
        .collect()
}

/// The nodes of each depth on one rank, a line per depth.
fn ranks(scene: &Scene, out: &mut impl Write) -> fmt::Result {
    let mut ranks = vec![String::new(); scene.rows()];
    for (i, node) in scene.nodes.iter().enumerate() {
        let _ = write!(ranks[node.depth], " n{i};");
    }
    for rank in ranks.iter().filter(|rank| !rank.is_empty()) {
        writeln!(out, "{{ rank=same;{rank} }}")?;
    }
    Ok(())
}

/// `shown` as the text of a cell of an HTML-like label: as XML, and `]` as
/// `&#93;`, which Graphviz 2.43 (Debian's) reads right where a `]` drew
/// nothing and the next cell `]b`. Every other character of ASCII is drawn
/// in its own cell as XML writes it.
fn cell_text(shown: &str) -> String {
    xml(shown).replace(']', "&#93;")
}

/// The characters as a table: a row of them, the rejected ones red, and,
/// for a rejected input, a row without borders with the caret.
fn dot_row(scene: &Scene, out: &mut impl Write) -> fmt::Result {
    let mut row = String::new();
    let mut carets = String::new();
    for (cell, width) in scene.cells.iter().zip(widths(scene)) {
        let colour = if scene.rejected(cell.span.start) {
            " BGCOLOR=\"#f8d0d0\""
        } else {
            ""
        };
        let _ = write!(row, "<TD PORT=\"b{}\"{colour}", cell.span.start);
        if let Some(width) = width {
            let _ = write!(row, " WIDTH=\"{width}\"");
        }
        // A space would be an empty box: its sign instead, grey.
        let _ = match cell.shown.as_str() {
            " " => write!(row, "><FONT COLOR=\"#555555\">{SPACE}</FONT></TD>"),
            shown => write!(row, ">{}</TD>", cell_text(shown)),
        };
        let caret = scene
            .failure
            .as_ref()
            .is_some_and(|f| f.offset == cell.span.start);
        carets.push_str(if caret { CARET } else { NO_CARET });
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
        carets.push_str(CARET);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A cell is widened to the widest node over it: `user` and `password`
    /// matched nothing and stand over the character after them, three
    /// nodes named `hostport`, `hostname` and `toplabel` over `h`, and
    /// `fpath` and `fsegment` (at the end) over the last character.
    #[test]
    fn a_cell_is_as_wide_as_the_nodes_over_it() {
        let url = "ftp://:@h/";
        let matched = rfc1738::check(url).expect("valid");
        let tree = matched.tree();
        let scene = Scene::of_valid(url, &tree, false);
        // A box is at least 54 points wide, 18 between two; 8 letters of
        // 8.4 points and 8 points a side take 84.
        let (small, name) = (Some(54 + 18), Some(84 + 18));
        let mut widths = vec![None; 6];
        widths.extend([small, name, name, name]);
        assert_eq!(super::widths(&scene), widths);
    }
}
