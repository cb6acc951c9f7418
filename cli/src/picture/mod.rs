//! `rfc1738 explain --format svg|dot`: the derivation tree drawn over the
//! input's bytes.
//!
//! A [`Scene`] is what both pictures show: the input's characters in a row,
//! each production of the tree (or of the prefix the rule's combinator matches,
//! for a rejected input) over the characters it matched, one row per
//! depth, and, for a rejected input, the rejected part marked and a caret
//! under the byte where the input failed. `svg` draws it (an icicle: the
//! rule on top, the characters at the bottom); `dot` writes it for Graphviz
//! (a tree of boxes above a table of the characters), which is not needed
//! to make it.
//!
//! Everything from the input is shown as [`rfc1738::visible`] shows it, the
//! characters of a password as `*` unless told otherwise (and the nodes
//! around one the grammar does not read as a password as one box,
//! `(hidden)`: [`crate::veil`]), and a byte that is not UTF-8 as `\xFF`.
//! Every offset, span and count of bytes a picture
//! gives is of the input as shown ([`Offsets`]): a hidden character is one
//! byte, as its `*` is, so that nothing in the picture tells how long it is.
//! A picture stays small whatever the input: it
//! shows at most [`MAX_BYTES`] bytes of the input ([`MAX_BYTES_ALL`] with
//! the character classes, which take 3 or 4 nodes a byte), the first ones
//! or, for a rejected input, those around where it failed, and at most
//! [`MAX_NODES`] nodes, and says what it leaves out. That many nodes and
//! characters, each of the longest form it can take, make less than 1 MiB
//! in either format (a test builds that picture).

use std::ops::Range;

use rfc1738::visible::Visible;
use rfc1738::{Derivation, Error, Rule};

use crate::show::{self, Hidden, Offsets};
use crate::veil::{HIDDEN, Shown, Veil};

mod dot;
mod svg;

pub use dot::dot;
pub use svg::svg;

/// The most bytes of the input a picture shows.
pub const MAX_BYTES: usize = 1024;

/// The most bytes of the input a picture shows with the character classes
/// (`--all`): a letter is 4 nodes (`uchar` › `unreserved` › `alpha` ›
/// `lowalpha`), so that this many bytes take less than [`MAX_NODES`].
pub const MAX_BYTES_ALL: usize = 240;

/// The most nodes of the tree a picture shows: about a node a byte of
/// [`MAX_BYTES`] (an empty segment between two `/`), or 4 a byte of
/// [`MAX_BYTES_ALL`].
pub const MAX_NODES: usize = 1000;

/// The most characters of a node's text shown in its label (DOT) or its
/// tooltip (SVG).
const MAX_TEXT: usize = 40;

/// The sign a picture draws in a space's cell, which would be empty: `␣`,
/// the open box, which monospace fonts have (DejaVu Sans Mono has it, and
/// not `␠`, the symbol for space).
const SPACE: &str = "\u{2423}";

/// A character of the input, as shown.
struct Cell {
    /// Its bytes, as shown ([`Offsets`]).
    span: Range<usize>,
    /// How it is shown: visible, or `*` in a password.
    shown: String,
}

/// What a box is of: a node's production, or a run of nodes hidden as one
/// ([`crate::veil`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Label {
    Rule(Rule),
    Hidden,
}

impl Label {
    /// The name the box shows: the production's, or `(hidden)`.
    fn name(self) -> &'static str {
        match self {
            Label::Rule(rule) => rule.name(),
            Label::Hidden => HIDDEN,
        }
    }
}

/// A node of the tree, or a run of them hidden as one, placed.
struct Placed {
    label: Label,
    /// Its bytes, as shown ([`Offsets`]).
    span: Range<usize>,
    depth: usize,
    /// The index of its parent among the placed nodes.
    parent: Option<usize>,
    /// Whether a child of it is shown.
    inner: bool,
    /// Its text, as shown, cut to [`MAX_TEXT`] characters.
    text: String,
}

/// Where and why a rejected input failed.
struct Failure {
    offset: usize,
    message: String,
    path: String,
}

/// What a picture shows, every offset and length in bytes of the input as
/// shown ([`Offsets`]).
pub struct Scene {
    rule: Rule,
    length: usize,
    /// The most bytes shown: [`MAX_BYTES`] or [`MAX_BYTES_ALL`].
    limit: usize,
    /// The bytes shown.
    window: Range<usize>,
    cells: Vec<Cell>,
    nodes: Vec<Placed>,
    /// Nodes in the window left out past [`MAX_NODES`].
    left_out: usize,
    /// Whether a tree (or prefix tree) was given.
    has_tree: bool,
    failure: Option<Failure>,
}

impl Scene {
    /// The scene of a valid input's `tree`, nothing hidden: what the
    /// tests draw.
    #[cfg(test)]
    pub(crate) fn of_valid(input: &str, tree: &Derivation<'_>, all: bool) -> Scene {
        Scene::new(
            tree.rule(),
            input.as_bytes(),
            Some(tree),
            None,
            &Hidden::default(),
            all,
        )
    }

    /// The scene of `input` matched against `rule`: its `tree` (the whole
    /// input's, or, when `failure` rejects it, the prefix's that the rule's
    /// combinator matches), with
    /// the character-class productions under other productions when `all`,
    /// and the characters of the passwords `hidden` (byte spans of
    /// `input`) hidden, each counted as one byte.
    pub fn new(
        rule: Rule,
        input: &[u8],
        tree: Option<&Derivation<'_>>,
        failure: Option<&Error>,
        hidden: &Hidden,
        all: bool,
    ) -> Scene {
        let limit = if all { MAX_BYTES_ALL } else { MAX_BYTES };
        let offsets = Offsets::new(input, hidden);
        let window = window(input, failure.map(Error::offset), limit, &offsets);
        let cells = cells(input, &window, hidden, &offsets);
        let mut scene = Scene {
            rule,
            length: offsets.shown(input.len()),
            limit,
            window: offsets.span(&window),
            cells,
            nodes: Vec::new(),
            left_out: 0,
            has_tree: tree.is_some(),
            failure: failure.map(|error| Failure {
                offset: offsets.shown(error.offset()),
                message: Visible::new(&error.message()).to_string(),
                path: error.path_display(),
            }),
        };
        if let Some(tree) = tree {
            scene.tree(tree, hidden, &offsets, all);
        }
        scene
    }

    /// The scene with `tree` drawn, a tree of the input as shown: of a text
    /// whose offsets are those shown ([`Offsets`]), as the input reads with
    /// each hidden character written as one `*`, whose hidden spans are
    /// `hidden`; the character classes with `all`. A rejected input's
    /// prefix is read from it while passwords are hidden, so that what it
    /// holds does not tell what they hold.
    pub fn with_shown_tree(mut self, tree: &Derivation<'_>, hidden: &Hidden, all: bool) -> Scene {
        self.tree(tree, hidden, &Offsets::default(), all);
        self
    }

    /// Places `tree`, whose passwords `hidden` are hidden and whose bytes
    /// `offsets` count as shown, as `veil` shows it.
    fn tree(&mut self, tree: &Derivation<'_>, hidden: &Hidden, offsets: &Offsets, all: bool) {
        self.has_tree = true;
        let veil = Veil::new(tree, hidden, all);
        self.place(Shown::Node(tree), None, 0, (&veil, hidden, offsets));
    }

    /// Places `item`, a node or a run of them hidden as one, and what is
    /// shown under it that meets the window, as `veil` shows it, the
    /// passwords `hidden` in the input hidden, its bytes counted as
    /// `offsets` count them.
    fn place(
        &mut self,
        item: Shown<'_, '_>,
        parent: Option<usize>,
        depth: usize,
        (veil, hidden, offsets): (&Veil<'_, '_>, &Hidden, &Offsets),
    ) {
        let (label, input_span, text, node) = match item {
            Shown::Node(node) => (
                Label::Rule(node.rule()),
                node.span(),
                node.text(),
                Some(node),
            ),
            Shown::Hidden(run) => (Label::Hidden, run.span, run.text, None),
        };
        let span = offsets.span(&input_span);
        let meets = if span.is_empty() {
            self.window.contains(&span.start) || self.window.end == span.start
        } else {
            span.start < self.window.end && span.end > self.window.start
        };
        if !meets {
            return;
        }
        let children = node.map(|node| veil.children(node)).unwrap_or_default();
        let hiding = (veil, hidden, offsets);
        if self.nodes.len() == MAX_NODES {
            // Left out, and so are its descendants in the window: each is
            // counted.
            self.left_out += 1;
            for child in children {
                self.place(child, None, depth + 1, hiding);
            }
            return;
        }
        let text = quoted(text, input_span.start, hidden);
        let at = self.nodes.len();
        self.nodes.push(Placed {
            label,
            span,
            depth,
            parent,
            inner: false,
            text,
        });
        if let Some(parent) = parent {
            self.nodes[parent].inner = true;
        }
        for child in children {
            self.place(child, Some(at), depth + 1, hiding);
        }
    }

    /// The index of the first character at or after byte `offset` (the
    /// number of characters, past the last).
    fn cell(&self, offset: usize) -> usize {
        self.cells.partition_point(|cell| cell.span.start < offset)
    }

    /// The depth of the deepest node, plus one: the rows of the tree.
    fn rows(&self) -> usize {
        self.nodes.iter().map(|n| n.depth + 1).max().unwrap_or(0)
    }

    /// Whether the byte at `offset` is in the rejected part.
    fn rejected(&self, offset: usize) -> bool {
        self.failure.as_ref().is_some_and(|f| offset >= f.offset)
    }

    /// The lines said under the picture: the verdict, where and why the
    /// input failed, and what the picture leaves out.
    fn notes(&self) -> Vec<String> {
        let rule = self.rule.name();
        let mut notes = Vec::new();
        match &self.failure {
            None => notes.push(format!(
                "{rule}: valid, {}",
                crate::summary::plural(self.length as u64, "byte", "bytes")
            )),
            Some(failure) => {
                notes.push(format!(
                    "{rule}: invalid at byte {} of {}: {}",
                    failure.offset, self.length, failure.message
                ));
                notes.push(format!("in {}", failure.path));
                if !self.has_tree {
                    notes.push(crate::explain::no_prefix(self.rule));
                }
            }
        }
        if self.window != (0..self.length) {
            notes.push(format!(
                "bytes {}..{} of {} shown (at most {})",
                self.window.start, self.window.end, self.length, self.limit
            ));
        }
        if self.left_out > 0 {
            notes.push(format!(
                "{} left out (at most {MAX_NODES} drawn)",
                crate::summary::plural(self.left_out as u64, "node", "nodes")
            ));
        }
        notes
    }
}

/// `text`, which starts at byte `start` of the input, as a node's text is
/// shown: between double quotes, escaped, the characters of the passwords
/// `hidden` hidden, and cut to [`MAX_TEXT`] characters, `…` after them.
fn quoted(text: &str, start: usize, hidden: &Hidden) -> String {
    let cut = text
        .char_indices()
        .nth(MAX_TEXT)
        .map_or(text.len(), |(at, _)| at);
    let shown = show::part(&text[..cut], start, hidden).quoted();
    let more = if cut < text.len() { "…" } else { "" };
    format!("\"{shown}{more}\"")
}

/// The bytes of `input` a picture shows: all of them, or `limit` of them
/// as `offsets` count them, the first ones or, when the input failed at
/// `failure`, those around it; narrowed to whole characters.
fn window(input: &[u8], failure: Option<usize>, limit: usize, offsets: &Offsets) -> Range<usize> {
    let length = offsets.shown(input.len());
    if length <= limit {
        return 0..input.len();
    }
    let failure = failure.map(|at| offsets.shown(at));
    let start = failure.map_or(0, |at| at.saturating_sub(limit * 3 / 4).min(length - limit));
    let continues = |at: usize| input.get(at).is_some_and(|b| (0x80..0xC0).contains(b));
    // A hidden character is whole on either side of an offset as shown.
    let (mut start, mut end) = (offsets.input(start), offsets.input(start + limit));
    // A character is at most 4 bytes: 3 that continue it. The window
    // narrows to whole characters, so that it holds at most `limit` bytes.
    for _ in 0..3 {
        if continues(start) {
            start += 1;
        }
        if continues(end) {
            end -= 1;
        }
    }
    start..end.min(input.len())
}

/// The characters of `input` in `window`, as shown, their bytes counted
/// as `offsets` count them; a byte that is not UTF-8 is a character of its
/// own, `\xFF`, and a hidden sequence of them one `*`.
fn cells(input: &[u8], window: &Range<usize>, hidden: &Hidden, offsets: &Offsets) -> Vec<Cell> {
    let mut cells = Vec::with_capacity(window.len());
    let mut at = window.start;
    let mut push = |span: Range<usize>, shown: String| {
        let shown = if hidden.contains(span.start) {
            "*".to_owned()
        } else {
            shown
        };
        let span = offsets.span(&span);
        cells.push(Cell { span, shown });
    };
    for chunk in input[window.clone()].utf8_chunks() {
        for c in chunk.valid().chars() {
            let mut buffer = [0; 4];
            let shown = if c.encode_utf8(&mut buffer) == SPACE {
                // The input's own `␣` is escaped: unescaped, it would read
                // as the sign drawn for a space.
                "\\u{2423}".to_owned()
            } else {
                Visible::new(c.encode_utf8(&mut buffer)).to_string()
            };
            push(at..at + c.len_utf8(), shown);
            at += c.len_utf8();
        }
        let invalid = chunk.invalid();
        if !invalid.is_empty() && hidden.contains(at) {
            // Hidden, a sequence that is not UTF-8 is one `*`, as in a
            // diagnostic (one U+FFFD), and one byte of the offsets.
            push(at..at + invalid.len(), String::new());
            at += invalid.len();
            continue;
        }
        for byte in invalid {
            push(at..at + 1, format!("\\x{byte:02X}"));
            at += 1;
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use std::fmt;

    use super::*;
    use crate::markup::escape as xml;

    /// The SVG and the DOT of `scene`.
    fn both(scene: &Scene) -> (String, String) {
        let (mut svg, mut dot) = (String::new(), String::new());
        super::svg(scene, &mut svg).expect("a String takes it");
        super::dot(scene, &mut dot).expect("a String takes it");
        (svg, dot)
    }

    /// A megabyte of input gives pictures of less than a megabyte: the
    /// window's, not the input's, every class shown or not.
    #[test]
    fn a_picture_of_a_megabyte_is_bounded() {
        let mut url = String::from("http://host/");
        while url.len() < 1 << 20 {
            url.push_str("a/");
        }
        let matched = rfc1738::check(&url).expect("valid");
        let tree = matched.tree();
        for (all, limit) in [(false, MAX_BYTES), (true, MAX_BYTES_ALL)] {
            let scene = Scene::of_valid(&url, &tree, all);
            assert_eq!(scene.window, 0..limit);
            let (svg, dot) = both(&scene);
            assert!(svg.len() < 1 << 20 && dot.len() < 1 << 20);
            assert!(svg.contains(&format!("(at most {limit})")));
        }
        // Rejected 10 bytes before its end: those bytes, and the 1014
        // before them (230 with every class).
        let at = url.len() - 10;
        url.replace_range(at..=at, " ");
        let error = rfc1738::check(&url).expect_err("a space");
        assert_eq!(error.offset(), at);
        let prefix = rfc1738::check_prefix(&url);
        for (all, limit) in [(false, MAX_BYTES), (true, MAX_BYTES_ALL)] {
            let scene = Scene::new(
                error.rule(),
                url.as_bytes(),
                prefix.as_ref(),
                Some(&error),
                &Hidden::default(),
                all,
            );
            assert_eq!(scene.window, url.len() - limit..url.len());
            let (svg, dot) = both(&scene);
            assert!(svg.len() < 1 << 20 && dot.len() < 1 << 20);
            assert!(svg.contains(&format!("data-offset=\"{at}\"")));
        }
    }

    /// The longest forms a picture gives a node's text and a character,
    /// found by trying every character (and a byte that is not UTF-8): the
    /// text of a node that matched more than [`MAX_TEXT`] of the character
    /// whose text is the longest once escaped for SVG and for DOT, and the
    /// longest cell once escaped (both formats escape a cell as XML).
    struct Longest {
        svg_text: String,
        dot_text: String,
        cell: String,
    }

    impl Longest {
        fn find() -> Longest {
            let text = |c: char| quoted(&c.to_string().repeat(MAX_TEXT + 1), 0, &Hidden::default());
            let longest_text = |escape: &dyn Fn(&str) -> String| {
                let worst = (char::MIN..=char::MAX)
                    .max_by_key(|&c| escape(&quoted(&c.to_string(), 0, &Hidden::default())).len())
                    .expect("characters");
                text(worst)
            };
            let cell = |bytes: &[u8]| {
                cells(
                    bytes,
                    &(0..bytes.len()),
                    &Hidden::default(),
                    &Offsets::default(),
                )
                .remove(0)
                .shown
            };
            let cell = (char::MIN..=char::MAX)
                .map(|c| cell(c.to_string().as_bytes()))
                .chain([cell(b"\xFF")])
                .max_by_key(|shown| xml(shown).len())
                .expect("cells");
            Longest {
                svg_text: longest_text(&xml),
                dot_text: longest_text(&|text| super::dot::dot_string([text], "")),
                cell,
            }
        }
    }

    /// The largest picture of an input matched against `rule`: `nodes`
    /// nodes labelled `label`, nested, each wider than the window on both
    /// sides, each with a line to the characters and each with `text`;
    /// under them [`MAX_BYTES`] characters shown as `cell`, all rejected;
    /// offsets as long as an input in memory can have; and every note.
    fn largest(rule: Rule, label: Label, text: &str, cell: &str, nodes: usize) -> Scene {
        // An input is at most `isize::MAX` bytes long: offsets of 19 digits.
        let base = isize::MAX as usize / 2;
        let cells: Vec<Cell> = (0..MAX_BYTES)
            .map(|i| Cell {
                span: base + 4 * i..base + 4 * i + 4,
                shown: cell.to_owned(),
            })
            .collect();
        let window = base..base + 4 * MAX_BYTES;
        let nodes = (0..nodes)
            .map(|depth| Placed {
                label,
                span: base - 1..window.end + 1,
                depth,
                parent: depth.checked_sub(1),
                inner: false,
                text: text.to_owned(),
            })
            .collect();
        Scene {
            rule,
            length: isize::MAX as usize,
            limit: MAX_BYTES,
            window,
            cells,
            nodes,
            left_out: usize::MAX,
            has_tree: false,
            failure: Some(Failure {
                offset: base,
                // Longer than any message the grammar makes.
                message: "x".repeat(1000),
                path: "y".repeat(1000),
            }),
        }
    }

    /// A picture's writer: [`svg`] or [`dot`].
    type Draw = fn(&Scene, &mut String) -> fmt::Result;

    /// Of `candidates`, the one whose picture, made by `scene` and drawn by
    /// `draw`, is the longest.
    fn longest_drawn<T: Copy>(
        draw: Draw,
        candidates: impl IntoIterator<Item = T>,
        scene: impl Fn(T) -> Scene,
    ) -> T {
        let size = |candidate| {
            let mut out = String::new();
            draw(&scene(candidate), &mut out).expect("a String takes it");
            out.len()
        };
        (candidates.into_iter())
            .max_by_key(|&candidate| size(candidate))
            .expect("candidates")
    }

    /// The bound holds by construction: the largest picture the limits let
    /// through, each node and character of the longest form it can take,
    /// is less than 1 MiB in either format.
    #[test]
    fn the_largest_picture_is_less_than_a_mebibyte() {
        let longest = Longest::find();
        // Each format's writer, its text, and how it begins a node and a
        // character.
        let formats: [(Draw, &str, [&str; 2]); 2] = [
            (
                super::svg,
                &longest.svg_text,
                ["<g data-rule=", "<g data-start="],
            ),
            (super::dot, &longest.dot_text, [" [label=", "<TD PORT="]),
        ];
        for (draw, text, marks) in formats {
            let rule = longest_drawn(draw, Rule::ALL, |rule| {
                largest(rule, Label::Rule(rule), "a", "a", 1)
            });
            // A box is a production's, or a run of nodes hidden as one.
            let labels = Rule::ALL
                .map(Label::Rule)
                .into_iter()
                .chain([Label::Hidden]);
            let label = longest_drawn(draw, labels, |label| largest(rule, label, "a", "a", 1));
            // A space is drawn as a sign, in a style of its own.
            let cells = [longest.cell.as_str(), " "];
            let cell = longest_drawn(draw, cells, |cell| largest(rule, label, "a", cell, 1));
            let mut out = String::new();
            let scene = largest(rule, label, text, cell, MAX_NODES);
            draw(&scene, &mut out).expect("a String takes it");
            assert!(out.len() < 1 << 20, "{} bytes\n{}", out.len(), &out[..200]);
            // Every node and every character drawn.
            let counts = marks.map(|mark| out.matches(mark).count());
            assert_eq!(counts, [MAX_NODES, MAX_BYTES]);
        }
    }

    /// Past the most nodes a picture draws, every node left out is
    /// counted, the descendants of one left out among them.
    #[test]
    fn every_node_left_out_is_counted() {
        let url = format!("prospero://h/a{}", ";=".repeat(600));
        let tree = rfc1738::check(&url).expect("valid").tree();
        let scene = Scene::of_valid(&url, &tree, false);
        // Each `fieldspec` has a `fieldname` and a `fieldvalue`.
        let shown = tree
            .nodes()
            .filter(|node| !rfc1738::is_character_class(node.rule()))
            // The window starts at 0: a node meets it when it starts in
            // it, or, matching nothing, at its end.
            .filter(|node| {
                let span = node.span();
                span.start < scene.window.end || (span.is_empty() && span.start == scene.window.end)
            })
            .count();
        assert_eq!(scene.nodes.len(), MAX_NODES);
        assert_eq!(scene.left_out, shown - MAX_NODES);
        assert!(scene.left_out > 2 * 174, "{}", scene.left_out);
    }

    /// A space's cell holds a space, which the pictures draw as `␣`; the
    /// input's own `␣` is escaped, so that the two are told apart.
    #[test]
    fn an_open_box_in_the_input_is_not_a_space() {
        let input = "a \u{2423}".as_bytes();
        let cells = cells(
            input,
            &(0..input.len()),
            &Hidden::default(),
            &Offsets::default(),
        );
        let shown: Vec<&str> = cells.iter().map(|c| c.shown.as_str()).collect();
        assert_eq!(shown, ["a", " ", "\\u{2423}"]);
    }

    #[test]
    fn the_window_is_whole_characters_around_the_failure() {
        let long = "é".repeat(MAX_BYTES);
        // Around byte 1501 (inside an `é`): from a character's start.
        let none = Offsets::default();
        let window = window(long.as_bytes(), Some(1501), MAX_BYTES, &none);
        assert!(long.is_char_boundary(window.start) && long.is_char_boundary(window.end));
        assert!(window.contains(&1501) && window.len() <= MAX_BYTES);
        // Characters of four bytes, the window's end inside one: it ends
        // before it, never past the most bytes a picture shows.
        let wide = format!("{}{}", "a".repeat(1000), "€".repeat(400));
        let window = super::window(wide.as_bytes(), Some(1500), MAX_BYTES, &none);
        assert!(wide.is_char_boundary(window.start) && wide.is_char_boundary(window.end));
        assert!(
            window.contains(&1500) && window.len() <= MAX_BYTES,
            "{window:?}"
        );
        assert_eq!(super::window(b"short", Some(3), MAX_BYTES, &none), 0..5);
    }

    /// A node's text is cut at a character, not a byte, and a password in
    /// it hidden.
    #[test]
    fn a_text_is_cut_after_its_first_characters() {
        let long = "é".repeat(MAX_TEXT + 1);
        assert_eq!(
            quoted(&long, 0, &Hidden::default()),
            format!("\"{}…\"", "é".repeat(MAX_TEXT))
        );
        assert_eq!(
            quoted(&long[2..], 2, &Hidden::default()),
            format!("\"{}\"", &long[2..])
        );
        assert_eq!(
            quoted("me:pw\"", 10, &Hidden::from_spans(Some(13..15))),
            r#""me:**\"""#
        );
    }

    #[test]
    fn a_byte_that_is_not_utf8_is_shown_escaped() {
        let hidden = Hidden::from_spans(Some(2..3));
        let cells = cells(b"a\xFFb", &(0..3), &hidden, &Offsets::default());
        let shown: Vec<&str> = cells.iter().map(|c| c.shown.as_str()).collect();
        assert_eq!(shown, ["a", "\\xFF", "*"]);
    }
}
