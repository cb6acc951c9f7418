//! `explain --format svg|dot`: the pictures show the tree `--format json`
//! gives, node for node, over the input's characters; the rejected part and
//! the caret where the input failed; nothing from the input raw, no
//! password; and a size bounded whatever the input.

mod common;

use std::collections::BTreeMap;

use common::rfc1738;
use roxmltree::Document;
use serde_json::Value;

fn stdout(args: &[&str]) -> String {
    let output = rfc1738(args, b"");
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// A node of a tree: production, span, and the index of its parent in the
/// tree's preorder.
type Node = (String, usize, usize, Option<usize>);

/// The tree `explain --format json` gives (the prefix's, for a rejected
/// input), in preorder, and the error's offset.
fn json_tree(url: &str, all: bool) -> (Vec<Node>, Option<usize>) {
    let mut args = vec!["explain", "--format", "json", url];
    if all {
        args.push("--all");
    }
    let value: Value = serde_json::from_str(&stdout(&args)).expect("JSON");
    let (tree, offset) = match value.get("valid") {
        Some(Value::Bool(false)) => (&value["prefix"], value["error"]["offset"].as_u64()),
        _ => (&value, None),
    };
    let mut nodes = Vec::new();
    if !tree.is_null() {
        flatten(tree, None, &mut nodes);
    }
    (nodes, offset.map(|o| o as usize))
}

fn flatten(value: &Value, parent: Option<usize>, nodes: &mut Vec<Node>) {
    let at = nodes.len();
    let number = |key: &str| value[key].as_u64().expect("an offset") as usize;
    nodes.push((
        value["rule"].as_str().expect("a rule").to_owned(),
        number("start"),
        number("end"),
        parent,
    ));
    for child in value["children"].as_array().expect("children") {
        flatten(child, Some(at), nodes);
    }
}

/// `text` from the start of a DOT string (after its `"`) to its end,
/// unescaped, and what follows it.
fn dot_string(text: &str) -> (String, &str) {
    let mut out = String::new();
    let mut chars = text.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return (out, &text[i + 1..]),
            '\\' => match chars.next().expect("an escape").1 {
                // A line ends, centred or left.
                'n' | 'l' => out.push('\n'),
                c => out.push(c),
            },
            c => out.push(c),
        }
    }
    panic!("an unterminated string in {text}");
}

/// A DOT picture read back: its nodes `nI` (label lines), its edges between
/// them, the edges to the row of characters, the nodes put on one rank, the
/// graph's label and the table of characters.
struct Dot {
    labels: BTreeMap<usize, Vec<String>>,
    edges: Vec<(usize, usize)>,
    to_input: Vec<(usize, usize)>,
    ranks: Vec<Vec<usize>>,
    label: String,
    table: String,
}

fn read_dot(dot: &str) -> Dot {
    let mut lines = dot.lines();
    assert_eq!(lines.next(), Some("digraph derivation {"));
    assert_eq!(dot.lines().last(), Some("}"));
    let mut picture = Dot {
        labels: BTreeMap::new(),
        edges: Vec::new(),
        to_input: Vec::new(),
        ranks: Vec::new(),
        label: String::new(),
        table: String::new(),
    };
    let node = |id: &str| -> usize { id.strip_prefix('n').expect("nI").parse().expect("a number") };
    for line in lines {
        if let Some(rest) = line.strip_prefix("graph [") {
            let at = rest.find("label=\"").expect("a label") + 7;
            picture.label = dot_string(&rest[at..]).0;
        } else if let Some(rest) = line.strip_prefix("{ rank=same; ") {
            let ids = rest.strip_suffix("; }").expect("a rank ends with ; }");
            picture.ranks.push(ids.split("; ").map(node).collect());
        } else if let Some(rest) = line.strip_prefix("{ rank=sink; input [") {
            let start = rest.find("label=<").expect("an HTML label") + 7;
            let end = rest.rfind(">]; }").expect("the end of the label");
            picture.table = rest[start..end].to_owned();
        } else if let Some((id, rest)) = line.split_once(" [label=\"") {
            let (label, rest) = dot_string(rest);
            assert_eq!(rest, "];", "{line}");
            let lines = label.lines().map(str::to_owned).collect();
            assert!(
                picture.labels.insert(node(id), lines).is_none(),
                "{id} twice"
            );
        } else if let Some((from, to)) = line.split_once(" -> ") {
            if let Some(rest) = to.strip_prefix("input:b") {
                let (offset, rest) = rest.split_once(':').expect("a port");
                assert_eq!(rest, "n [style=dotted, arrowhead=none];", "{line}");
                picture
                    .to_input
                    .push((node(from), offset.parse().expect("an offset")));
            } else {
                let to = to.strip_suffix(';').expect("an edge ends with ;");
                picture.edges.push((node(from), node(to)));
            }
        } else {
            assert!(line.starts_with("node [") || line == "}", "{line}");
        }
    }
    picture
}

/// The DOT picture has a node per node of the JSON tree, labelled with its
/// production and span, an edge per parent, the nodes of each depth on one
/// rank, and a dotted edge from each node without children to the
/// character its span starts at.
#[track_caller]
fn dot_is_the_tree(url: &str, all: bool) -> Dot {
    let (tree, _) = json_tree(url, all);
    let mut args = vec!["explain", "--format", "dot", url];
    if all {
        args.push("--all");
    }
    let dot = read_dot(&stdout(&args));
    assert_eq!(dot.labels.len(), tree.len(), "{url}");
    for (i, (rule, start, end, parent)) in tree.iter().enumerate() {
        let label = &dot.labels[&i];
        assert_eq!(label[0], *rule);
        assert_eq!(label[1], format!("{start}..{end}"));
        if let Some(parent) = parent {
            assert!(dot.edges.contains(&(*parent, i)), "{parent} -> {i}");
        }
        let leaf = !tree.iter().any(|n| n.3 == Some(i));
        let to_input: Vec<usize> = dot
            .to_input
            .iter()
            .filter(|e| e.0 == i)
            .map(|e| e.1)
            .collect();
        if leaf {
            assert_eq!(to_input.len(), 1, "node {i} points at its first character");
            assert!(to_input[0] <= *start.max(&to_input[0]));
            assert!(dot.table.contains(&format!("PORT=\"b{}\"", to_input[0])));
        } else {
            assert!(to_input.is_empty());
        }
    }
    assert_eq!(dot.edges.len(), tree.len().saturating_sub(1));
    // Preorder: a parent comes before its children.
    let mut depths: Vec<usize> = Vec::new();
    for (_, _, _, parent) in &tree {
        depths.push(parent.map_or(0, |p| depths[p] + 1));
    }
    let mut ranks: Vec<Vec<usize>> = Vec::new();
    for (i, &depth) in depths.iter().enumerate() {
        if depth == ranks.len() {
            ranks.push(Vec::new());
        }
        ranks[depth].push(i);
    }
    assert_eq!(dot.ranks, ranks, "{url}");
    dot
}

#[test]
fn dot_draws_the_tree_of_a_valid_url() {
    let dot = dot_is_the_tree("ftp://host.dom/a/b;type=i", false);
    assert_eq!(dot.labels[&0][2], "\"ftp://host.dom/a/b;type=i\"");
    assert!(dot.label.starts_with("ftpurl: valid, 25 bytes"));
    // A character per cell, no caret.
    assert_eq!(dot.table.matches("<TD PORT=").count(), 25);
    assert!(!dot.table.contains('^'));
    dot_is_the_tree("http://a.b.c/x/y?q", true);
    // Nodes that match nothing: an empty user, empty segments.
    dot_is_the_tree("ftp://@host//", true);
}

#[test]
fn dot_marks_the_rejected_part_and_the_caret() {
    // `8a`: a port is digits; the caret under the `a`.
    let dot = dot_is_the_tree("http://host:8a/", false);
    assert!(
        dot.label
            .starts_with("httpurl: invalid at byte 13 of 15: expected digit"),
        "{}",
        dot.label
    );
    assert!(dot.label.contains("in httpurl › hostport › port › digits"));
    let cells: Vec<&str> = dot.table.split("</TR><TR>").collect();
    let marked = cells[0].matches("BGCOLOR").count();
    assert_eq!(marked, 2, "a and / are rejected");
    assert!(cells[0].contains("<TD PORT=\"b13\" BGCOLOR=\"#f8d0d0\">a</TD>"));
    // The caret is the 14th cell of the second row, which has no borders.
    let carets: Vec<&str> = cells[1].split("</TD>").collect();
    assert_eq!(
        carets[13],
        "<TD BORDER=\"0\"><FONT COLOR=\"#cc0000\"><B>^</B></FONT>"
    );
    assert_eq!(cells[1].matches('^').count(), 1);
    assert_eq!(cells[1].matches("<TD BORDER=\"0\">").count(), 15);
}

#[test]
fn dot_escapes_what_it_quotes() {
    // A quote, a backslash and an escape character in the rejected part,
    // a quote in what was found.
    let url = "http://h/\"a\\b\u{1b}[31m";
    let out = stdout(&["explain", "--format", "dot", url]);
    assert!(!out.contains('\u{1b}'));
    let dot = dot_is_the_tree(url, false);
    assert!(dot.label.contains(r#"found "\"""#), "{}", dot.label);
    assert!(dot.table.contains(">&quot;</TD>"));
    assert!(dot.table.contains(">\\</TD>"));
    assert!(dot.table.contains(">\\u{1b}</TD>"));
}

/// Every character is drawn in its own cell. Graphviz 2.43 (Debian's) drew
/// the `]` of `http://h/a]b` nowhere and `]b` in the next cell: a `]` is
/// written `&#93;`. With Graphviz installed, the picture is drawn and its
/// cells read back; without it, the DOT text alone is checked.
#[test]
fn dot_draws_each_character_in_its_own_cell() {
    for url in [
        "http://h/a]b",
        "http://h/!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~a]]>",
    ] {
        let out = stdout(&["explain", "--format", "dot", url]);
        let table = read_dot(&out).table;
        assert!(!table.contains(']'), "{table}");
        let cells: Vec<String> = (table.split("<TD PORT=").skip(1))
            .map(|cell| {
                let text = cell.split_once('>').expect("a cell").1;
                let text = text.split_once("</TD>").expect("a cell's end").0;
                let xml = format!("<t>{text}</t>");
                let parsed = Document::parse(&xml).expect("XML");
                parsed.root_element().text().unwrap_or_default().to_owned()
            })
            .collect();
        let chars: Vec<String> = url.chars().map(String::from).collect();
        assert_eq!(cells, chars, "{url}");
        let Some(svg) = graphviz(&out) else {
            continue;
        };
        let options = roxmltree::ParsingOptions {
            allow_dtd: true,
            ..roxmltree::ParsingOptions::default()
        };
        let document = Document::parse_with_options(&svg, options).expect("Graphviz's SVG");
        let input = (document.descendants())
            .find(|n| n.has_tag_name("g") && n.children().any(|t| t.text() == Some("input")))
            .expect("the node of the characters");
        let drawn: Vec<&str> = (input.descendants())
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text())
            .collect();
        // Each character, then the caret.
        let mut expected: Vec<&str> = chars.iter().map(String::as_str).collect();
        expected.push("^");
        assert_eq!(drawn, expected, "{url}");
    }
}

/// `dot` as Graphviz's `dot -Tsvg` draws it, or `None`, said, when Graphviz
/// is not installed (nothing of this crate needs it).
fn graphviz(dot: &str) -> Option<String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let Ok(mut child) = Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    else {
        eprintln!("Graphviz is not installed: the DOT text alone is checked");
        return None;
    };
    let mut input = child.stdin.take().expect("piped");
    input.write_all(dot.as_bytes()).expect("dot reads");
    drop(input);
    let output = child.wait_with_output().expect("dot runs");
    assert!(output.status.success(), "{output:?}");
    Some(String::from_utf8(output.stdout).expect("UTF-8"))
}

/// The SVG of `url` parsed, with its tree (the JSON's) and its offset.
fn svg(url: &str, extra: &[&str]) -> String {
    let mut args = vec!["explain", "--format", "svg", url];
    args.extend(extra);
    stdout(&args)
}

/// The box of a character's group.
fn rect_of<'a, 'i>(cell: roxmltree::Node<'a, 'i>) -> roxmltree::Node<'a, 'i> {
    cell.children()
        .find(|c| c.has_tag_name("rect"))
        .expect("a rect")
}

#[track_caller]
fn svg_is_the_tree(url: &str) {
    let (tree, offset) = json_tree(url, false);
    let text = svg(url, &[]);
    let document = Document::parse(&text).expect("well-formed XML");
    let nodes: Vec<(String, usize, usize)> = document
        .descendants()
        .filter_map(|n| {
            let number = |key| n.attribute(key)?.parse().ok();
            Some((
                n.attribute("data-rule")?.to_owned(),
                number("data-start")?,
                number("data-end")?,
            ))
        })
        .collect();
    let expected: Vec<(String, usize, usize)> = tree
        .into_iter()
        .map(|(rule, start, end, _)| (rule, start, end))
        .collect();
    assert_eq!(nodes, expected);
    // A cell per character, the rejected ones marked.
    let cells: Vec<(usize, roxmltree::Node)> = document
        .descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("data-rule").is_none())
        .filter_map(|n| Some((n.attribute("data-start")?.parse().ok()?, n)))
        .collect();
    assert_eq!(cells.len(), url.chars().count());
    let rect = rect_of;
    for (start, cell) in &cells {
        let rejected = offset.is_some_and(|o| *start >= o);
        let class = rect(*cell).attribute("class");
        assert_eq!(class, Some(if rejected { "cell rejected" } else { "cell" }));
    }
    let caret = document
        .descendants()
        .find(|n| n.attribute("class") == Some("caret"));
    match offset {
        None => assert!(caret.is_none()),
        Some(offset) => {
            let caret = caret.expect("a caret");
            assert_eq!(
                caret.attribute("data-offset"),
                Some(offset.to_string().as_str())
            );
            let x: usize = caret
                .attribute("x")
                .and_then(|x| x.parse().ok())
                .expect("x");
            let center = match cells.iter().find(|(start, _)| *start == offset) {
                Some((_, cell)) => {
                    let number = |key| {
                        rect(*cell)
                            .attribute(key)
                            .and_then(|v| v.parse::<usize>().ok())
                    };
                    number("x").expect("x") + number("width").expect("width") / 2
                }
                // Past the last character: to the right of every cell.
                None => {
                    let (_, last) = cells.last().expect("a cell");
                    let number = |key| {
                        rect(*last)
                            .attribute(key)
                            .and_then(|v| v.parse::<usize>().ok())
                    };
                    let right = number("x").expect("x") + number("width").expect("width");
                    assert!(x > right);
                    x
                }
            };
            assert_eq!(x, center, "the caret is under byte {offset}");
        }
    }
}

#[test]
fn svg_draws_the_tree_and_the_caret_where_the_input_failed() {
    svg_is_the_tree("ftp://host.dom/a/b;type=i");
    svg_is_the_tree("ftp://@host//");
    svg_is_the_tree("http://host:8a/");
    svg_is_the_tree("http://host/a b");
    // Failing at the end of the input: the caret after it.
    svg_is_the_tree("http://host:");
    // Nothing of the rule matched: no tree, the caret at the start.
    svg_is_the_tree("ftp:x");
}

/// A character's cell has room on either side of its text, and a space,
/// which would be an empty box, shows a sign, `␣`, in grey; its cell keeps
/// its offset and the caret under it.
#[test]
fn a_cell_has_room_and_a_space_a_sign() {
    let url = "http://a b/";
    let text = svg(url, &[]);
    let document = Document::parse(&text).expect("well-formed XML");
    let cells: Vec<roxmltree::Node> = document
        .descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("data-rule").is_none())
        .filter(|n| n.attribute("data-start").is_some())
        .collect();
    assert_eq!(cells.len(), url.len());
    for cell in &cells {
        let width: usize = rect_of(*cell)
            .attribute("width")
            .and_then(|w| w.parse().ok())
            .expect("a width");
        let glyph = cell
            .children()
            .find(|c| c.has_tag_name("text"))
            .expect("a text");
        let length: usize = glyph
            .attribute("textLength")
            .and_then(|l| l.parse().ok())
            .expect("a length");
        assert!(width >= length + 6, "{width} {length}");
        let space = cell.attribute("data-start") == Some("8");
        assert_eq!(glyph.text() == Some("\u{2423}"), space);
        assert_eq!(glyph.attribute("class") == Some("space"), space);
    }
    let caret = document
        .descendants()
        .find(|n| n.attribute("class") == Some("caret"))
        .expect("a caret");
    assert_eq!(caret.attribute("data-offset"), Some("8"));
    let dot = stdout(&["explain", "--format", "dot", url]);
    assert!(dot.contains(
        "<TD PORT=\"b8\" BGCOLOR=\"#f8d0d0\"><FONT COLOR=\"#555555\">\u{2423}</FONT></TD>"
    ));
}

/// The boxes of an SVG picture: each node's production, its box's `x`,
/// `width` and `stroke-dasharray`, and its name's `x` and `text-anchor`.
struct NodeBox {
    rule: String,
    x: usize,
    width: usize,
    dashes: Option<Vec<usize>>,
    name_x: usize,
    anchor: String,
}

fn boxes_of(document: &Document) -> Vec<NodeBox> {
    let number = |node: roxmltree::Node, key| -> usize {
        node.attribute(key)
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{key}"))
    };
    (document.descendants())
        .filter(|n| n.attribute("data-rule").is_some())
        .map(|g| {
            let rect = rect_of(g);
            let name = g
                .children()
                .find(|c| c.has_tag_name("text"))
                .expect("a name");
            NodeBox {
                rule: g.attribute("data-rule").expect("a rule").to_owned(),
                x: number(rect, "x"),
                width: number(rect, "width"),
                dashes: rect
                    .attribute("stroke-dasharray")
                    .map(|d| d.split(' ').map(|n| n.parse().expect("a length")).collect()),
                name_x: number(name, "x"),
                anchor: name.attribute("text-anchor").expect("an anchor").to_owned(),
            }
        })
        .collect()
}

/// The `x` of each `…` that says the input goes on past the row.
fn more_of(document: &Document) -> Vec<usize> {
    (document.descendants())
        .filter(|n| n.attribute("class") == Some("more"))
        .map(|n| n.attribute("x").and_then(|x| x.parse().ok()).expect("x"))
        .collect()
}

/// A box over more than the bytes shown runs to the edge of the picture,
/// open on that side (its outline, drawn clockwise from the top left
/// corner, has a gap of the box's height there); a box much wider than its
/// name has the name at its left end, where a reader who scrolls from the
/// left sees it; a `…` ends the row where the input goes on.
#[test]
fn a_box_cut_by_the_window_is_open_on_that_side() {
    // Rejected at the `<`: bytes 1987..3011 shown, the boxes over the path
    // begin before them.
    let url = format!("http://h/{}<x", "a".repeat(3000));
    let text = svg(&url, &[]);
    let document = Document::parse(&text).expect("well-formed XML");
    let boxes = boxes_of(&document);
    let rules: Vec<&str> = boxes.iter().map(|b| b.rule.as_str()).collect();
    assert_eq!(rules, ["httpurl", "hpath", "hsegment"]);
    for b in &boxes {
        assert_eq!(b.x, 0, "{}", b.rule);
        // Top, right side and bottom drawn; the left side not.
        let (w, h) = (b.width, 22);
        assert_eq!(b.dashes, Some(vec![2 * w + h, h]), "{}", b.rule);
        assert!(b.width > 9000);
        assert_eq!((b.anchor.as_str(), b.name_x < 20), ("start", true));
    }
    assert_eq!(more_of(&document), [6]);
    // Valid and long: the first 1024 bytes, the boxes over the path go on
    // to the right edge of the picture.
    let url = format!("http://h/{}", "a/".repeat(1000));
    let text = svg(&url, &[]);
    let document = Document::parse(&text).expect("well-formed XML");
    let root = document.root_element();
    let width: usize = root
        .attribute("width")
        .and_then(|w| w.parse().ok())
        .expect("width");
    let boxes = boxes_of(&document);
    for b in boxes
        .iter()
        .filter(|b| b.rule == "httpurl" || b.rule == "hpath")
    {
        assert_eq!(b.x + b.width, width, "{}", b.rule);
        // Top drawn, right side not, bottom and left side drawn.
        let (w, h) = (b.width, 22);
        assert_eq!(b.dashes, Some(vec![w, h, w + h]), "{}", b.rule);
        assert_eq!((b.anchor.as_str(), b.name_x), ("start", b.x + 8));
    }
    let more = more_of(&document);
    assert_eq!(more.len(), 1);
    assert!(more[0] > width - 40 && more[0] < width, "{more:?}");
    // All of a short URL shown: closed, rounded boxes, names centred.
    let text = svg("http://host/a/b", &[]);
    let document = Document::parse(&text).expect("well-formed XML");
    for b in boxes_of(&document) {
        assert_eq!(b.dashes, None, "{}", b.rule);
        assert_eq!((b.anchor.as_str(), b.name_x), ("middle", b.x + b.width / 2));
    }
    assert!(text.contains("rx=\"3\"") && more_of(&document).is_empty());
}

#[test]
fn nothing_raw_from_the_input_and_no_password() {
    let url = "ftp://me:hunter2@host/\u{202e}\u{1b}[2J\u{7}</svg>&";
    for format in ["svg", "dot"] {
        let out = stdout(&["explain", "--format", format, url]);
        assert!(
            out.chars().all(|c| c == '\n' || !c.is_control()) && !out.contains('\u{202e}'),
            "{format}"
        );
        assert!(!out.contains("hunter2"), "{format}");
        assert!(!out.contains("</svg>&"), "{format}");
        let shown = stdout(&["explain", "--show-passwords", "--format", format, url]);
        assert!(shown.contains("hunter2"), "{format}");
    }
    // A valid URL's password too, and that of the URL after the
    // appendix's prefix `URL:` read as a scheme name.
    for url in ["ftp://me:hunter2@host/", "URL:ftp://me:hunter2@host/"] {
        let out = svg(url, &[]);
        assert!(!out.contains("hunter2"), "{url}");
    }
    Document::parse(&svg(url, &[])).expect("well-formed XML");
}

/// The longest argument Linux passes is 128 KiB: explain's input is at
/// most that long (src/picture/mod.rs tests a picture of 1 MB).
#[test]
fn a_long_input_gives_a_bounded_picture_around_where_it_failed() {
    // 100 kB of path, then a space 1000 bytes before the end.
    let mut url = String::from("http://host/");
    while url.len() < 100_000 {
        url.push_str("a/");
    }
    let at = url.len() - 1000;
    url.replace_range(at..at + 1, " ");
    for format in ["svg", "dot"] {
        let out = stdout(&["explain", "--format", format, &url]);
        assert!(out.len() < 1 << 20, "{format}: {} bytes", out.len());
        assert!(
            out.contains(&format!("invalid at byte {at} of {}", url.len())),
            "{format}"
        );
        assert!(out.contains(" shown (at most 1024)"), "{format}");
    }
    let document = svg(&url, &[]);
    let document = Document::parse(&document).expect("well-formed XML");
    let caret = document
        .descendants()
        .find(|n| n.attribute("class") == Some("caret"));
    assert_eq!(
        caret.and_then(|c| c.attribute("data-offset")),
        Some(at.to_string().as_str())
    );
    // Valid and long, every class shown: the first bytes.
    let valid = format!("http://host/{}", "a/".repeat(50_000));
    let out = stdout(&["explain", "--all", "--format", "svg", &valid]);
    assert!(out.len() < 1 << 20, "{} bytes", out.len());
    assert!(out.contains(&format!(
        "bytes 0..240 of {} shown (at most 240)",
        valid.len()
    )));
}

#[test]
fn a_picture_is_of_one_url_given_as_an_argument() {
    // A picture is one document: two URLs, or lines read from a file or
    // standard input, are a usage error, not two documents run together.
    for format in ["svg", "dot"] {
        for (args, stdin) in [
            (
                vec!["explain", "--format", format, "http://a/", "http://b/"],
                &b""[..],
            ),
            (vec!["explain", "--format", format], &b"http://a/\n"[..]),
            (
                vec!["explain", "--format", format, "-"],
                &b"http://a/\n"[..],
            ),
        ] {
            let output = rfc1738(&args, stdin);
            assert_eq!(output.status.code(), Some(2), "{args:?}");
            assert!(output.stdout.is_empty(), "{args:?}");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(
                stderr.contains("draw one URL, given as an argument"),
                "{stderr}"
            );
        }
        let one = rfc1738(&["explain", "--format", format, "http://a/"], b"");
        assert_eq!(one.status.code(), Some(0));
        assert!(!one.stdout.is_empty());
    }
}

#[test]
fn quiet_draws_only_a_url_that_fails() {
    // --quiet writes only what fails the run: no picture of a valid URL,
    // and no empty line in its place.
    for format in ["svg", "dot"] {
        let valid = rfc1738(&["explain", "-q", "--format", format, "http://a/"], b"");
        assert_eq!(valid.status.code(), Some(0), "{format}");
        assert!(valid.stdout.is_empty(), "{format}: {:?}", valid.stdout);
        let invalid = rfc1738(&["explain", "-q", "--format", format, "http://a b/"], b"");
        assert_eq!(invalid.status.code(), Some(1), "{format}");
        assert!(invalid.stdout.len() > 100, "{format}: the picture is drawn");
    }
}

#[test]
fn stats_counts_the_url_a_picture_draws() {
    for (url, line, status) in [
        ("http://a/", "rfc1738: 1 input: 1 valid, 0 invalid\n", 0),
        ("http://a b/", "rfc1738: 1 input: 0 valid, 1 invalid\n", 1),
    ] {
        for format in ["svg", "dot"] {
            let output = rfc1738(&["explain", "--stats", "--format", format, url], b"");
            assert_eq!(output.status.code(), Some(status), "{format} {url}");
            assert_eq!(String::from_utf8_lossy(&output.stderr), line, "{format}");
            assert!(!output.stdout.is_empty(), "{format}: the picture is drawn");
        }
    }
}

/// What `explain` shows of `input`, with `extra` arguments (a `--rule`):
/// its tree as text and its two pictures, each with and without `--all`,
/// and the exit status.
fn shown_every_way(input: &str, extra: &[&str]) -> Vec<(Option<i32>, String)> {
    let ways: [&[&str]; 6] = [
        &[],
        &["--all"],
        &["--format", "svg"],
        &["--format", "svg", "--all"],
        &["--format", "dot"],
        &["--format", "dot", "--all"],
    ];
    ways.iter()
        .map(|way| {
            let args = [&["explain"][..], extra, way, &[input]].concat();
            let output = rfc1738(&args, b"");
            assert!(output.stderr.is_empty(), "{args:?}");
            let text = String::from_utf8(output.stdout).expect("UTF-8");
            (output.status.code(), text)
        })
        .collect()
}

/// While passwords are hidden, what `explain` shows (the tree as text,
/// with `--all` or not, the SVG and the DOT pictures) does not depend on
/// what a hidden password holds, only on how many characters it has: an
/// input gives what it gives with each hidden character a `*`. A `/`, a
/// `?` or a `;` in a password written further in the input would end the
/// part that holds it (a segment, a path, a prospero segment), `%09` a
/// gopher selector, an escape makes one `xchar` of three characters: the
/// nodes around it are one run, `(hidden)`. (The input as shown is the
/// same: the outputs are compared whole, and the input as given is in
/// neither.)
#[test]
fn what_explain_shows_does_not_depend_on_a_hidden_passwords_characters() {
    // The input, and the same with each hidden character a `*`.
    let pairs: [(&[&str], &str, &str); 18] = [
        // A `/` in a path's password: two segments, or one.
        (&[], "http://h/a//me:pw/x@h/", "http://h/a//me:****@h/"),
        // A `?`: the path ends, a search starts.
        (&[], "http://h/a//me:p?w@h", "http://h/a//me:***@h"),
        // `%09` ends a selector and starts a search, which the next one
        // makes a Gopher+ string.
        (&[], "gopher://h/1//me:p%09w@h", "gopher://h/1//me:*****@h"),
        (
            &[],
            "gopher://h/1//me:p%09w@h%09x",
            "gopher://h/1//me:*****@h%09x",
        ),
        // An escape is one `xchar` of three bytes (the password guessed
        // after the `//` of a part that is no `ip-schemepart`).
        (
            &[],
            "postgres://app:p%40w@db_1:5432/",
            "postgres://app:*****@db_1:5432/",
        ),
        // A `;` ends a prospero segment and starts a field.
        (
            &[],
            "prospero://h/a//me:p;x=y@h",
            "prospero://h/a//me:*****@h",
        ),
        // Several passwords further in the input, after the own one.
        (
            &[],
            "http://h/a//u:p/q@h/b//v:r/s@h/",
            "http://h/a//u:***@h/b//v:***@h/",
        ),
        (&[], "x:a//u:p%41@h/b//v:r/s@h", "x:a//u:****@h/b//v:***@h"),
        (&[], "ftp://me:pw@h/a//u:p/w@h", "ftp://me:**@h/a//u:***@h"),
        // A news article, a mail address, a password decoded from the
        // text.
        (&[], "news:a//me:p/w@h", "news:a//me:***@h"),
        (&[], "mailto:a//me:p%40w@h", "mailto:a//me:*****@h"),
        (
            &[],
            "http://h/a%2F%2Fme:p/w@h/",
            "http://h/a%2F%2Fme:***@h/",
        ),
        // A production given.
        (&["--rule", "hpath"], "a//me:p/w@h", "a//me:***@h"),
        (&["--rule", "fpath"], "a//me:p/w@h/b", "a//me:***@h/b"),
        (&["--rule", "urlpath"], "a//me:p%41w@h", "a//me:*****@h"),
        // Rejected after the password, at a character no URL holds: the
        // prefix's tree holds it.
        (&[], "http://h/a//me:pw/x@h/é", "http://h/a//me:****@h/é"),
        // Rejected at a character of the password that no URL holds, as
        // wide as another: the same prefix, whatever the characters
        // before it and their lengths.
        (&[], "http://h/a//me:p/é@h/", "http://h/a//me:p*😀@h/"),
        (&[], "ftp://h/a//me:p/é@h/", "ftp://h/a//me:a*€@h/"),
    ];
    for (extra, input, starred) in pairs {
        let shown = shown_every_way(input, extra);
        assert_eq!(shown, shown_every_way(starred, extra), "{input}");
        assert!(
            shown.iter().all(|(_, text)| !text.contains(input)),
            "{input}"
        );
        // Not alike for want of showing anything: the passwords shown,
        // the two differ.
        let show = [extra, &["--show-passwords"]].concat();
        assert_ne!(
            shown_every_way(input, &show),
            shown_every_way(starred, &show),
            "{input}"
        );
    }
}

/// How a run is shown: a line `(hidden)` with its span and text in the
/// tree, a box `(hidden)` in the pictures, in place of the nodes that
/// told where the password's `/`, `%09` or escape is; JSON keeps them.
#[test]
fn the_nodes_around_a_hidden_password_are_one_run() {
    let text = stdout(&["explain", "http://h/a//me:pw/x@h/"]);
    assert!(
        text.ends_with("\n  (hidden) 9..22 \"a//me:****@h/\"\n"),
        "{text}"
    );
    assert!(!text.contains("hsegment"), "{text}");
    let text = stdout(&["explain", "gopher://h/1//me:p%09w@h"]);
    assert!(
        text.ends_with("\n  (hidden) 12..24 \"//me:*****@h\"\n"),
        "{text}"
    );
    assert!(
        !text.contains("selector") && !text.contains("search"),
        "{text}"
    );
    // Among the `xchar`s, with --all only.
    let url = "postgres://app:p%40w@db_1:5432/";
    let text = stdout(&["explain", "--all", url]);
    assert!(
        text.contains("\n      xchar 14..15 \":\"\n        reserved 14..15 \":\"\n      (hidden) 15..20 \"*****\"\n      xchar 20..21 \"@\"\n"),
        "{text}"
    );
    assert!(!stdout(&["explain", url]).contains("(hidden)"));
    // The input's own password is its node, without the nodes under it.
    let text = stdout(&["explain", "--all", "ftp://me:p%41@h/"]);
    assert!(
        text.contains("\n    password 9..13 \"****\"\n    hostport"),
        "{text}"
    );
    let svg = svg("http://h/a//me:pw/x@h/", &[]);
    let document = Document::parse(&svg).expect("well-formed XML");
    let run = document
        .descendants()
        .find(|n| n.attribute("data-rule") == Some("(hidden)"))
        .expect("a run");
    assert_eq!(run.attribute("data-start"), Some("9"));
    assert_eq!(run.attribute("data-end"), Some("22"));
    let dot = stdout(&["explain", "--format", "dot", "http://h/a//me:pw/x@h/"]);
    assert!(
        dot.contains("[label=\"(hidden)\\n9..22\\n\\\"a//me:****@h/\\\"\\n\"];"),
        "{dot}"
    );
    // JSON, for programs, has every node.
    let (tree, _) = json_tree("http://h/a//me:pw/x@h/", false);
    let segments: Vec<(usize, usize)> = tree
        .iter()
        .filter(|node| node.0 == "hsegment")
        .map(|node| (node.1, node.2))
        .collect();
    assert_eq!(segments, [(9, 10), (11, 11), (12, 17), (18, 21), (22, 22)]);
}
