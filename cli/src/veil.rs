//! What `explain`'s tree and pictures show of a derivation while passwords
//! are hidden: nothing that depends on what a hidden password holds, only
//! on how many characters it has. A node is shown only when it does not
//! meet a hidden span, or holds all of it; nothing under one that lies in
//! it.
//!
//! A node whose span is the hidden span itself (the `password` of a login;
//! a rejected input's prefix is read with each hidden character a `*`,
//! which no `port` holds) is shown without the nodes under it, which would
//! tell its characters' classes (`digit`, `hex`). A password the grammar
//! does not read as one (written further in the input, or guessed) is read
//! as the characters of a path, a selector or an article, and one of them
//! may end the part that holds it and start another (a `/` two path
//! segments, `%09` a gopher selector and its search, `?` an http path and
//! its search, `;` a prospero segment and a field). The nodes that would show that are shown as one run,
//! `(hidden)`, that stands for them all:
//!
//! - in a repetition of `xchar` that nothing follows (`schemepart`,
//!   `urlpath`, `encoded822addr`, `gopher+_string`), where every character
//!   a valid input holds is one `xchar` (an escape one of three bytes) and
//!   none ends the part, the run stands for the `xchar`s that meet the
//!   password: their number and lengths would tell where its escapes are;
//! - elsewhere, under the top of the tree (the input's production, or the
//!   scheme's under `url` and `otherurl`, which span all of it), the run
//!   stands for the parts from the one that holds or touches the password
//!   to the last: a character of it may end one part early, give the next
//!   one a role (a second `%09` makes a gopher search a Gopher+ string) or
//!   start one, so that only the parts before it are the same whatever it
//!   holds.
//!
//! JSON shows every node: it is for programs.

use std::ops::Range;

use rfc1738::{Derivation, Rule, is_character_class};

use crate::show::Hidden;

/// What is shown among a node's children.
pub(crate) enum Shown<'v, 'a> {
    /// A node, and what is shown under it.
    Node(&'v Derivation<'a>),
    /// Nodes shown as one, nothing under it.
    Hidden(Run<'a>),
}

/// Nodes shown as one run, `(hidden)`: the bytes they span (offsets of
/// the input) and their text.
pub(crate) struct Run<'a> {
    pub span: Range<usize>,
    pub text: &'a str,
}

/// The name a run is shown with, in the tree and in the pictures.
pub(crate) const HIDDEN: &str = "(hidden)";

/// Where a hidden span is kept from telling what it holds.
enum Place<'v, 'a> {
    /// In the node whose span it is, shown without the nodes under it.
    Whole,
    /// Among the `xchar`s of a repetition that holds it.
    Among(&'v Derivation<'a>),
    /// In the run of the top's parts from the one that holds it on.
    Tail,
}

/// What a tree shows while the passwords `hidden` are hidden: where each
/// hidden span is shown as a run.
pub(crate) struct Veil<'v, 'a> {
    hidden: &'v Hidden,
    all: bool,
    /// The top of the tree and where the run of its last parts starts.
    tail: Option<(&'v Derivation<'a>, usize)>,
    /// Runs of `xchar`s, in order and apart.
    runs: Vec<Range<usize>>,
}

impl<'v, 'a> Veil<'v, 'a> {
    /// What `tree` shows, the spans `hidden` hidden (none: every node), the
    /// character classes with `all` (`uchar`, `alpha`, …).
    pub(crate) fn new(tree: &'v Derivation<'a>, hidden: &'v Hidden, all: bool) -> Self {
        let mut veil = Veil {
            hidden,
            all,
            tail: None,
            runs: Vec::new(),
        };
        let root = tree.span();
        if hidden.covers(&root) {
            return veil;
        }
        let spans = hidden.spans();
        let first = spans.partition_point(|span| span.end <= root.start);
        let top = top(tree);
        for span in spans[first..]
            .iter()
            .take_while(|span| span.start < root.end)
        {
            match place(tree, span) {
                Place::Whole => {}
                Place::Among(node) => {
                    let meeting = meeting(node.children(), span);
                    if let (Some(first), Some(last)) = (meeting.first(), meeting.last()) {
                        veil.runs.push(first.span().start..last.span().end);
                    }
                }
                Place::Tail => {
                    // Every span after it lies in the run: the first one's
                    // start is the run's.
                    veil.tail = Some((top, tail_start(top, span)));
                    break;
                }
            }
        }
        veil
    }

    /// What is shown among the children of `node`, in order.
    pub(crate) fn children(&self, node: &'v Derivation<'a>) -> Vec<Shown<'v, 'a>> {
        if self.hidden.covers(&node.span()) {
            return Vec::new();
        }
        let mut children = node.children();
        let mut tail = None;
        if let Some((top, start)) = self.tail
            && std::ptr::eq(top, node)
        {
            let at = children.partition_point(|child| child.span().start < start);
            children = &children[..at];
            tail = Some(start..node.span().end);
        }
        let mut shown = Vec::with_capacity(children.len() + 1);
        let mut last_run = None;
        for child in children {
            match self.run_of(&child.span()) {
                Some(run) if last_run == Some(run.start) => {}
                Some(run) => {
                    last_run = Some(run.start);
                    let replaced = meeting(children, &run);
                    if self.all || replaced.iter().any(|n| !is_character_class(n.rule())) {
                        shown.push(Shown::Hidden(Run::of(node, run)));
                    }
                }
                None if self.all || !is_character_class(child.rule()) => {
                    shown.push(Shown::Node(child));
                }
                None => {}
            }
        }
        // The run of the top's last parts is shown whatever they are: the
        // parts differ with what the password holds.
        if let Some(tail) = tail {
            shown.push(Shown::Hidden(Run::of(node, tail)));
        }
        shown
    }

    /// The run of `xchar`s that holds `span`, a node's.
    fn run_of(&self, span: &Range<usize>) -> Option<Range<usize>> {
        let at = self.runs.partition_point(|run| run.end <= span.start);
        self.runs
            .get(at)
            .filter(|run| !span.is_empty() && run.start <= span.start && span.end <= run.end)
            .cloned()
    }
}

impl<'a> Run<'a> {
    /// The run over `span` among the children of `node`.
    fn of(node: &Derivation<'a>, span: Range<usize>) -> Run<'a> {
        let start = node.span().start;
        // A run starts and ends where nodes do: at characters.
        let text = node
            .text()
            .get(span.start - start..span.end - start)
            .unwrap_or_default();
        Run { span, text }
    }
}

/// The top of `tree`: the tree, or the node under it that spans all of it
/// (the scheme's production under `url`, `genericurl` under `otherurl`),
/// whose parts the tail's run is made of.
fn top<'v, 'a>(tree: &'v Derivation<'a>) -> &'v Derivation<'a> {
    let mut node = tree;
    while let [only] = node.children()
        && only.span() == node.span()
        && !is_character_class(only.rule())
    {
        node = only;
    }
    node
}

/// Where `span`, a hidden span that meets `tree`, is shown: the nodes that
/// hold it are walked from the top, down to the one whose span it is, or
/// to a repetition of `xchar` that nothing follows; past the nodes that
/// hold it all, it is in the tail.
fn place<'v, 'a>(tree: &'v Derivation<'a>, span: &Range<usize>) -> Place<'v, 'a> {
    let mut node = tree;
    if !covers(node, span) {
        return Place::Tail;
    }
    loop {
        if node.span() == *span {
            return Place::Whole;
        }
        if unended(node) {
            return Place::Among(node);
        }
        let children = node.children();
        let at = children.partition_point(|child| child.span().end < span.end);
        // A character class is no part: the span in one (a character of a
        // segment) is in the tail as the segment is.
        match children.get(at) {
            Some(child) if covers(child, span) && !is_character_class(child.rule()) => {
                node = child;
            }
            _ => return Place::Tail,
        }
    }
}

/// Whether `node`'s span holds all of `span`.
fn covers(node: &Derivation<'_>, span: &Range<usize>) -> bool {
    let own = node.span();
    own.start <= span.start && span.end <= own.end
}

/// Whether `node` is a repetition of `xchar` that nothing follows where the
/// grammar uses it: `schemepart = *xchar` (its first alternative),
/// `urlpath = *xchar`, `encoded822addr = 1*xchar` and `gopher+_string =
/// *xchar`, each the last part of its URL. Every character a valid input
/// holds there is one `xchar`, so none ends it early. `selector = *xchar`
/// is not one: the combinator ends it at a `%09` (D14).
fn unended(node: &Derivation<'_>) -> bool {
    matches!(
        node.rule(),
        Rule::Schemepart | Rule::Urlpath | Rule::Encoded822addr | Rule::GopherPlusString
    ) && node
        .children()
        .first()
        .is_some_and(|child| child.rule() == Rule::Xchar)
}

/// The nodes of `nodes`, in order, that meet `span`: hold a byte of it.
fn meeting<'v, 'a>(nodes: &'v [Derivation<'a>], span: &Range<usize>) -> &'v [Derivation<'a>] {
    let first = nodes.partition_point(|node| node.span().end <= span.start);
    let count = nodes[first..].partition_point(|node| node.span().start < span.end);
    &nodes[first..first + count]
}

/// Where the tail's run starts for `span`: at the first of `top`'s parts
/// that meets it or ends where it starts (a gopher selector ended by a
/// `%09` at the password's start), or at the span's start.
fn tail_start(top: &Derivation<'_>, span: &Range<usize>) -> usize {
    let children = top.children();
    let at = children.partition_point(|child| child.span().end < span.start);
    children
        .get(at)
        .map_or(span.start, |child| child.span().start.min(span.start))
}
