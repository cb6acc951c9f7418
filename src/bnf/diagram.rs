//! Railroad diagrams of productions, drawn from the BNF as data with the
//! [`railroad`](https://docs.rs/railroad) crate.
//!
//! Shared with `build.rs`, which includes this file (as it includes
//! `reader.rs`) to draw each combinator's diagram into its documentation:
//! one drawing of the grammar, whether in the rustdoc pages or in
//! `rfc1738 grammar --format svg|html`.
//!
//! The drawing follows the expression node for node:
//!
//! | BNF | diagram |
//! |---|---|
//! | `a b` | a track through `a`, then `b` (rows stacked when long) |
//! | `a \| b` | a branch per alternative, in the grammar's order (in columns past twelve) |
//! | `[ a ]` | a branch through `a` and one around it |
//! | `*a` | a branch around a loop through `a` |
//! | `1*a` | a loop through `a` |
//! | `n*a`, `n` above 1 | a loop through `a`, its return track labelled `n or more times` |
//! | `"ftp://"` | a rounded box: the literal as written, quotes and case included |
//! | `<">` | a rounded box: `'"'`, the one character it stands for |
//! | `host` | a square box: the production, linked to its own diagram when told where that is |
//!
//! Every track that goes around a box or back to it has its arrowhead: a
//! box too narrow for the crate to draw one there (`telneturl`'s
//! `[ "/" ]`) has a little more track on both sides.
//!
//! ```
//! use rfc1738::bnf::{Grammar, diagram};
//!
//! let hostport = Grammar::rfc1738().get("hostport").expect("the RFC defines hostport");
//! let svg = diagram::svg(hostport, &|name| Some(format!("#{name}")), true);
//! assert!(svg.starts_with("<svg") && svg.contains(r##"xlink:href="#port""##));
//! ```

use railroad::svg::{HDir, Renderer};
use railroad::{
    Choice, Comment, Diagram, Empty, End, Link, MultiChoice, Node, NodeGeometry, NonTerminal,
    Optional, Repeat, Sequence, Stack, Start, Terminal, svg,
};

use super::syntax::{Expr, MAX_DEPTH, Production};

/// The stylesheet of a diagram: the `railroad` crate's light theme, and a
/// pointer and an underline over a linked production. A page that holds
/// several diagrams drawn without their own stylesheet sets it once.
///
/// ```
/// use rfc1738::bnf::{Grammar, diagram};
///
/// let port = Grammar::rfc1738().get("port").unwrap();
/// let page = format!("<style>{}</style>{}", diagram::css(), diagram::svg(port, &|_| None, false));
/// assert!(diagram::css().contains("svg.railroad a:hover"));
/// assert!(!diagram::svg(port, &|_| None, false).contains("<style"));
/// # let _ = page;
/// ```
#[must_use]
pub fn css() -> String {
    let mut css = railroad::DEFAULT_CSS.to_owned();
    css.push_str(
        "svg.railroad { max-width: 100%; height: auto; }\n\
         svg.railroad a { cursor: pointer; }\n\
         svg.railroad a:hover text { text-decoration: underline; }\n\
         svg.railroad a:hover rect { fill: hsl(-290, 70%, 80%); }\n",
    );
    css
}

/// The SVG document of `production`'s diagram, on one line (no line breaks:
/// a Markdown page may hold it as one HTML block), with its stylesheet when
/// `styled`, and a title, its name. Each production it refers to links to
/// `link(name)`, or to nothing when that is `None`.
///
/// The diagram is drawn a level of the expression at a time, a frame each:
/// an expression built by hand that nests deeper than
/// [`MAX_DEPTH`], which none read by
/// [`Grammar::parse`](super::Grammar::parse) does, is drawn that deep, and
/// each expression below as a box that says it is nested too deep to draw.
///
/// ```
/// use rfc1738::bnf::{Expr, Grammar, Production, diagram};
///
/// let login = Grammar::rfc1738().get("login").unwrap();
/// let svg = diagram::svg(login, &|name| (name != "user").then(|| format!("{name}.svg")), true);
/// assert!(!svg.contains('\n'));
/// assert!(svg.contains("<title>login</title>") && svg.contains("<style"));
/// assert!(svg.contains(r#"xlink:href="hostport.svg""#));
/// assert!(!svg.contains(r#"xlink:href="user.svg""#));
///
/// let deep = (0..300).fold(Expr::Ref("x".into()), |e, _| Expr::Optional(Box::new(e)));
/// let deep = Production { name: "deep".into(), expr: deep, line: 1, text: String::new(), comments: Vec::new() };
/// assert!(diagram::svg(&deep, &|_| None, false).contains("nested too deep to draw"));
/// ```
#[must_use]
pub fn svg(production: &Production, link: &dyn Fn(&str) -> Option<String>, styled: bool) -> String {
    let track = Sequence::new(vec![
        Box::new(Start) as Box<dyn Node>,
        node(&production.expr, link, 1),
        Box::new(End),
    ]);
    let mut diagram = Diagram::new(track);
    // Its size, so that a page shows it as drawn, not stretched to its width.
    let (width, height) = (diagram.width(), diagram.height());
    diagram.attr("width".into()).or_insert(width.to_string());
    diagram.attr("height".into()).or_insert(height.to_string());
    diagram.add_element(svg::Element::new("title").text(&production.name));
    if styled {
        // Blanks for its line breaks: the only breaks left are the writer's.
        diagram.add_css(&css().replace('\n', " "));
    }
    // The writer breaks lines around elements and their text, where SVG
    // takes a break for no text; no text of the grammar holds one (a
    // literal ends on its line).
    diagram.to_string().replace('\n', "")
}

/// The box of the literal double quote, which the BNF writes `<">`.
const DOUBLE_QUOTE: &str = "'\"'";

/// The widest a sequence is drawn on one row, in the crate's units (a
/// character of a box's text is 8): past it, the sequence is cut into rows.
const ROW_WIDTH: i64 = 720;

/// The most alternatives drawn in one column: `url`'s eleven schemes read
/// down one, as a list; the alphabets (26) and `hex` (13) are cut into
/// columns, which a reader takes for one choice among their boxes only
/// when each is short.
const COLUMN: usize = 12;

/// The diagram of `expr`, measured ([`Measured`]), `depth` levels deep in
/// the production's expression (1 for the whole): past [`MAX_DEPTH`], a
/// box saying so.
fn node(expr: &Expr, link: &dyn Fn(&str) -> Option<String>, depth: usize) -> Box<dyn Node> {
    if depth > MAX_DEPTH {
        return Box::new(Comment::new(format!(
            "nested too deep to draw (more than {MAX_DEPTH} levels)"
        )));
    }
    Measured::boxed(drawn(expr, link, depth))
}

/// A node whose size is measured once, when it is made, and kept.
///
/// `railroad` measures a container by measuring its items again at every
/// question about it: a `Stack` asks its last row's width three times, an
/// `Optional` its item's geometry for its own height and again for its
/// entry. Nested, the questions multiply at every level: an expression of
/// 40 groups one inside the other, read from a grammar's text, took a
/// second to draw and twice that for each two more. Every node of an
/// expression is drawn inside one of these, which answers from what it
/// kept and gives its parent's geometry no items to walk: each node is
/// measured once, and drawn once, from the geometry it works out for
/// itself then.
struct Measured {
    inner: Box<dyn Node>,
    entry_height: i64,
    height: i64,
    width: i64,
}

impl Measured {
    /// `inner`, measured.
    fn boxed(inner: Box<dyn Node>) -> Box<dyn Node> {
        Box::new(Measured {
            entry_height: inner.entry_height(),
            height: inner.height(),
            width: inner.width(),
            inner,
        })
    }
}

impl Node for Measured {
    fn entry_height(&self) -> i64 {
        self.entry_height
    }

    fn height(&self) -> i64 {
        self.height
    }

    fn width(&self) -> i64 {
        self.width
    }

    fn draw(&self, x: i64, y: i64, h_dir: HDir) -> svg::Element {
        self.inner.draw(x, y, h_dir)
    }

    // `compute_geometry` is the default: the sizes kept, and no items, so
    // that a parent's geometry stops here.

    fn draw_with_geometry(&self, x: i64, y: i64, h_dir: HDir, _: &NodeGeometry) -> svg::Element {
        self.inner.draw(x, y, h_dir)
    }

    fn render_with_geometry(
        &self,
        out: &mut Renderer<'_>,
        x: i64,
        y: i64,
        h_dir: HDir,
        _: &NodeGeometry,
    ) -> core::fmt::Result {
        self.inner
            .render_with_geometry(out, x, y, h_dir, &self.inner.compute_geometry())
    }
}

/// The diagram of `expr`, at `depth`, its items measured.
fn drawn(expr: &Expr, link: &dyn Fn(&str) -> Option<String>, depth: usize) -> Box<dyn Node> {
    let below = |item: &Expr| node(item, link, depth + 1);
    match expr {
        Expr::Sequence(items) => sequence(items.iter().map(below).collect()),
        Expr::Alternatives(items) => {
            let mut branches: Vec<Box<dyn Node>> = items.iter().map(below).collect();
            if branches.len() <= COLUMN {
                return Box::new(Choice::new(branches));
            }
            // As many columns as needed, their lengths as even as can be.
            let columns = branches.len().div_ceil(COLUMN);
            let rows = branches.len().div_ceil(columns);
            let mut split = Vec::with_capacity(columns);
            while !branches.is_empty() {
                let rest = branches.split_off(rows.min(branches.len()));
                split.push(std::mem::replace(&mut branches, rest));
            }
            Box::new(MultiChoice::new(split))
        }
        Expr::Optional(inner) => Box::new(Optional::new(arrowed(below(inner)))),
        Expr::Repeat { min, expr } => {
            let body = arrowed(below(expr));
            match min {
                0 => Box::new(Optional::new(Repeat::new(body, Empty))),
                1 => Box::new(Repeat::new(body, Empty)),
                n => Box::new(Repeat::new(
                    body,
                    Comment::new(format!("{n} or more times")),
                )),
            }
        }
        // `<">` reads as three characters in a box: the character it stands
        // for, quoted the other way, reads as one.
        Expr::Literal(literal) if literal == "\"" => Box::new(Terminal::new(DOUBLE_QUOTE.into())),
        Expr::Literal(_) => Box::new(Terminal::new(expr.to_string())),
        Expr::Ref(name) => {
            let target = NonTerminal::new(name.clone());
            match link(name) {
                Some(uri) => Box::new(Link::new(target, uri)),
                None => Box::new(target),
            }
        }
    }
}

/// The longest track the `railroad` crate draws without an arrowhead, in
/// its units: it draws one only on a horizontal track longer than this.
const ARROWLESS: i64 = 50;

/// `body`, padded with track on both sides when it is too narrow for the
/// track that goes around it (an optional's way past it, a loop's way
/// back, each as long as `body` is wide) to have its arrowhead: without it
/// `telneturl`'s `[ "/" ]`, a box 44 units wide, was the one optional of
/// the grammar whose way past did not say which way it goes.
fn arrowed(body: Box<dyn Node>) -> Box<dyn Node> {
    if body.width() > ARROWLESS {
        return body;
    }
    // Each `Empty` adds the sequence's spacing, 10 units, and draws nothing
    // but track.
    // Positive: the body is at most ARROWLESS wide.
    let short = usize::try_from(ARROWLESS + 1 - body.width()).unwrap_or(0);
    let sides = short.div_ceil(20);
    let mut items: Vec<Box<dyn Node>> = Vec::with_capacity(2 * sides + 1);
    items.extend((0..sides).map(|_| Box::new(Empty) as Box<dyn Node>));
    items.push(body);
    items.extend((0..sides).map(|_| Box::new(Empty) as Box<dyn Node>));
    Box::new(Sequence::new(items))
}

/// A sequence of `items`, on one row when it fits [`ROW_WIDTH`], else on
/// as many rows as it needs, stacked, each item whole on one of them.
fn sequence(items: Vec<Box<dyn Node>>) -> Box<dyn Node> {
    let total: i64 = items.iter().map(|item| item.width()).sum();
    if total <= ROW_WIDTH {
        return Box::new(Sequence::new(items));
    }
    let mut rows: Vec<Box<dyn Node>> = Vec::new();
    let mut row: Vec<Box<dyn Node>> = Vec::new();
    let mut width = 0;
    for item in items {
        if !row.is_empty() && width + item.width() > ROW_WIDTH {
            rows.push(Box::new(Sequence::new(std::mem::take(&mut row))));
            width = 0;
        }
        width += item.width();
        row.push(item);
    }
    rows.push(Box::new(Sequence::new(row)));
    Box::new(Stack::new(rows))
}
