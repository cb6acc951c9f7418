//! The scene as an SVG document: the tree as an icicle (the rule on top, a
//! box per node over the characters it matched, a row per depth) over the
//! row of characters (a space as a grey `␣`, which an empty box would
//! hide), the rejected ones red, a caret under the byte where the input
//! failed, and the notes under it all.
//!
//! Characters are widened where a node over them needs the room for its
//! name, and a node that matched nothing gets room of its own between two
//! characters, so that every node shows its name; its span and text are in
//! its tooltip. A name is centred in its box, or, in a box wider than
//! [`WIDE`], at its left end. Where the input goes on past the bytes shown,
//! a box over them runs to the edge of the picture, open on that side, and
//! a `…` ends the row of characters.

use std::fmt::{self, Write};
use std::ops::Range;

use rfc1738::is_character_class;

use super::{Label, Placed, SPACE, Scene};
use crate::markup::escape as xml;

/// The width of a character of the input, in pixels (14px monospace).
const CHAR: usize = 9;
/// The room in a character's cell on either side of it, in pixels.
const PAD: usize = 3;
/// The width of a character of a node's name, in pixels (13px monospace).
const LETTER: usize = 8;
/// The height of a row of the tree, in pixels.
const ROW: usize = 26;
/// The height of a line of the notes, in pixels.
const LINE: usize = 18;
/// The margin around the picture, in pixels.
const MARGIN: usize = 12;
/// The widest box whose name is centred in it, in pixels. A wider box has
/// its name at its left end: a reader scrolls a wide picture from the
/// left, and the middle of a box of a long input lies thousands of pixels
/// in.
const WIDE: usize = 960;

/// Where the characters and the nodes stand, left to right, in pixels.
struct Layout {
    /// Where the room before each character begins, and, last, where the
    /// room after the last one begins.
    edge: Vec<usize>,
    /// The room before each character, and after the last one, for the
    /// nodes that matched nothing there.
    gap: Vec<usize>,
    /// The width of each character.
    width: Vec<usize>,
    /// The left edge and the width of each node.
    nodes: Vec<(usize, usize)>,
}

impl Layout {
    fn of(scene: &Scene) -> Layout {
        let count = scene.cells.len();
        let mut width: Vec<usize> = scene.cells.iter().map(|c| natural(&c.shown)).collect();
        let mut gap = vec![0; count + 1];
        let mut order: Vec<usize> = (0..scene.nodes.len()).collect();
        // The narrowest first: room made for a node is room for those above.
        order.sort_by_key(|&i| scene.nodes[i].span.len());
        for &i in &order {
            let need = scene.nodes[i].label.name().len() * LETTER + LETTER;
            let cells = cells(scene, &scene.nodes[i].span);
            if cells.is_empty() {
                gap[cells.start] = gap[cells.start].max(need);
                continue;
            }
            let inner: usize = gap[cells.start + 1..cells.end].iter().sum();
            let have = inner + width[cells.clone()].iter().sum::<usize>();
            if have < need {
                let more = (need - have).div_ceil(cells.len());
                width[cells].iter_mut().for_each(|w| *w += more);
            }
        }
        let mut edge = Vec::with_capacity(count + 1);
        let mut x = MARGIN;
        for (i, room) in gap.iter().enumerate() {
            edge.push(x);
            x += room + width.get(i).copied().unwrap_or(0);
        }
        let mut layout = Layout {
            edge,
            gap,
            width,
            nodes: Vec::new(),
        };
        layout.place(scene);
        layout
    }

    /// Each node over its own characters, or in the room it has between two,
    /// widened over what its descendants cover.
    fn place(&mut self, scene: &Scene) {
        let mut extents: Vec<(usize, usize)> = scene
            .nodes
            .iter()
            .map(|node| {
                let cells = cells(scene, &node.span);
                if cells.is_empty() {
                    let at = self.edge[cells.start];
                    (at, at + self.gap[cells.start])
                } else {
                    let last = cells.end - 1;
                    (self.left(cells.start), self.left(last) + self.width[last])
                }
            })
            .collect();
        // Children come after their parent: cover them, deepest first.
        for i in (0..scene.nodes.len()).rev() {
            if let Some(parent) = scene.nodes[i].parent {
                let (left, right) = extents[i];
                let extent = &mut extents[parent];
                *extent = (extent.0.min(left), extent.1.max(right));
            }
        }
        self.nodes = extents
            .into_iter()
            .map(|(left, right)| (left, (right - left).max(3)))
            .collect();
    }

    /// The left edge of character `i`, or the right edge of the row.
    fn left(&self, i: usize) -> usize {
        self.edge[i] + self.gap[i]
    }

    /// The right edge of everything drawn.
    fn right(&self) -> usize {
        let last = self.edge.len() - 1;
        self.edge[last] + self.gap[last]
    }
}

/// The width of the text `shown`, in pixels.
fn glyphs(shown: &str) -> usize {
    shown.chars().count().max(1) * CHAR
}

/// The width of the cell of a character shown as `shown`, in pixels: its
/// text and room on either side.
fn natural(shown: &str) -> usize {
    glyphs(shown) + 2 * PAD
}

/// The characters in `span`, as indexes; empty for a span that matched
/// nothing (or lies out of the window), at the character it stands before.
fn cells(scene: &Scene, span: &Range<usize>) -> Range<usize> {
    scene.cell(span.start)..scene.cell(span.end).max(scene.cell(span.start))
}

/// Writes the scene as an SVG document.
pub fn svg(scene: &Scene, out: &mut impl Write) -> fmt::Result {
    let layout = Layout::of(scene);
    let notes = scene.notes();
    let row_y = MARGIN + scene.rows() * ROW;
    let notes_y = row_y + 2 * ROW + 8;
    let longest = notes.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    let width = (layout.right() + CHAR).max(longest * CHAR) + MARGIN;
    let height = notes_y + notes.len() * LINE + MARGIN;
    writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"monospace\" font-size=\"14\">"
    )?;
    writeln!(out, "<title>{}</title>", xml(&notes[0]))?;
    out.write_str(
        "<style>rect.node { fill: #dbe8f6; stroke: #3d6a99; } \
         rect.class { fill: #eef3e2; stroke: #7a9a3d; } \
         rect.hidden { fill: #e8e8e8; stroke: #777; } text.node { font-size: 13px; } \
         rect.cell { fill: #fafafa; stroke: #ccc; } rect.rejected { fill: #f8d0d0; stroke: #c33; } \
         text.space { fill: #555; } text.caret, text.failure { fill: #c00; font-weight: bold; }</style>\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
    )?;
    for (node, &extent) in scene.nodes.iter().zip(&layout.nodes) {
        draw_node(scene, node, extent, width, out)?;
    }
    row(scene, &layout, row_y, out)?;
    for (i, note) in notes.iter().enumerate() {
        let class = if i == 0 && scene.failure.is_some() {
            " class=\"failure\""
        } else {
            ""
        };
        let y = notes_y + i * LINE;
        writeln!(
            out,
            "<text{class} x=\"{MARGIN}\" y=\"{y}\">{}</text>",
            xml(note)
        )?;
    }
    out.write_str("</svg>")
}

/// A node's box, over the characters it matched, and its name, with its
/// span and text in its tooltip. A box that goes on past the bytes shown
/// runs to that edge of the picture, `edge` pixels wide, and is open
/// there: square corners, no line on that side.
fn draw_node(
    scene: &Scene,
    node: &Placed,
    (x, width): (usize, usize),
    edge: usize,
    out: &mut impl Write,
) -> fmt::Result {
    let class = match node.label {
        Label::Rule(rule) if is_character_class(rule) => "node class",
        Label::Rule(_) => "node",
        Label::Hidden => "node hidden",
    };
    let (name, span) = (node.label.name(), &node.span);
    let (y, height) = (MARGIN + node.depth * ROW, ROW - 4);
    let before = span.start < scene.window.start;
    let after = span.end > scene.window.end;
    let right = if after { edge } else { x + width };
    let x = if before { 0 } else { x };
    let width = right - x;
    // The outline runs from the top left corner, clockwise: top, right
    // side, bottom, left side. A dash over each side drawn, a gap over
    // each side left open.
    let corners = match (before, after) {
        (false, false) => " rx=\"3\"".to_owned(),
        (true, false) => format!(" stroke-dasharray=\"{} {height}\"", 2 * width + height),
        (false, true) => format!(" stroke-dasharray=\"{width} {height} {}\"", width + height),
        (true, true) => format!(" stroke-dasharray=\"{width} {height}\""),
    };
    let label = if width > WIDE {
        format!("x=\"{}\" text-anchor=\"start\"", x + LETTER)
    } else {
        format!("x=\"{}\" text-anchor=\"middle\"", x + width / 2)
    };
    writeln!(
        out,
        "<g data-rule=\"{name}\" data-start=\"{}\" data-end=\"{}\"><title>{name} {}..{} {}</title>\
         <rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{width}\" height=\"{height}\"{corners}/>\
         <text class=\"node\" {label} y=\"{}\">{name}</text></g>",
        span.start,
        span.end,
        span.start,
        span.end,
        xml(&node.text),
        y + ROW - 10
    )
}

/// The row of characters, the rejected ones marked, `…` on a side where
/// the input goes on past the bytes shown, and the caret under the byte
/// where the input failed.
fn row(scene: &Scene, layout: &Layout, y: usize, out: &mut impl Write) -> fmt::Result {
    let mut more = Vec::new();
    if scene.window.start > 0 {
        more.push(MARGIN / 2);
    }
    if scene.window.end < scene.length {
        more.push(layout.right() + MARGIN / 2);
    }
    for x in more {
        writeln!(
            out,
            "<text class=\"more\" x=\"{x}\" y=\"{}\" text-anchor=\"middle\">…</text>",
            y + ROW - 10
        )?;
    }
    for (i, cell) in scene.cells.iter().enumerate() {
        let class = if scene.rejected(cell.span.start) {
            "cell rejected"
        } else {
            "cell"
        };
        // A space would be an empty box: its sign instead, grey.
        let (text, space) = match cell.shown.as_str() {
            " " => (SPACE, " class=\"space\""),
            shown => (shown, ""),
        };
        let (x, width) = (layout.left(i), layout.width[i]);
        writeln!(
            out,
            "<g data-start=\"{}\"><rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{width}\" height=\"{}\"/>\
             <text{space} x=\"{}\" y=\"{}\" text-anchor=\"middle\" textLength=\"{}\" \
             lengthAdjust=\"spacingAndGlyphs\">{}</text></g>",
            cell.span.start,
            ROW - 4,
            x + width / 2,
            y + ROW - 10,
            glyphs(text),
            xml(text)
        )?;
    }
    if let Some(failure) = &scene.failure {
        // Under the character it failed at, or after the last one.
        let i = scene.cell(failure.offset);
        let x = match layout.width.get(i) {
            Some(width) => layout.left(i) + width / 2,
            None => layout.right() + CHAR / 2,
        };
        writeln!(
            out,
            "<text class=\"caret\" data-offset=\"{}\" x=\"{x}\" y=\"{}\" text-anchor=\"middle\">^</text>",
            failure.offset,
            y + 2 * ROW - 8
        )?;
    }
    Ok(())
}
