//! What the combinators read: the [`Source`] trait and its three inputs.
//!
//! Every combinator of [`crate::grammar`] is generic over a [`Source`]. The
//! three inputs run the same combinators for three purposes:
//!
//! - `&str`: the grammar's letter, nothing recorded (what [`crate::parse_rule`]
//!   and [`crate::is_valid`]'s callers get on the fast path).
//! - [`Folded`]: the same, but the scheme names of the scheme rules and of
//!   `scheme` match whatever their case, as section 2.1 asks of interpreters
//!   (what [`crate::parse`] and [`crate::is_valid`] use).
//! - `Tracked` (crate-private): a [`nom_locate::LocatedSpan`] whose extra
//!   field is a [`Tracker`]. It records the farthest point any alternative
//!   reached, what could have continued there and the productions that were
//!   open, and it can build the derivation tree. Only the error path and
//!   derivation trees pay for it.
//!
//! The fast inputs implement the recording hooks as empty inline functions, so
//! the compiler removes them: validation pays for neither spans nor lines.

use core::cell::{Cell, RefCell};
use core::str::{CharIndices, Chars};

use nom::{Input, Needed, Offset};
use nom_locate::LocatedSpan;

use crate::Rule;
use crate::expected::Expected;

mod sealed {
    pub trait Sealed {}
    impl Sealed for &str {}
    impl Sealed for super::Folded<'_> {}
    impl Sealed for super::Tracked<'_> {}
}

/// An input the grammar's combinators can read.
///
/// Implemented for `&str` (the grammar's letter), for [`Folded`] (scheme names
/// compared case-insensitively) and for the crate's own diagnostic input.
/// The trait is sealed: its hooks may change as the diagnostics grow.
pub trait Source<'a>: Input + Offset + Clone + sealed::Sealed {
    /// The rest of the input.
    fn text(&self) -> &'a str;

    /// Whether scheme names match whatever their case (section 2.1).
    fn fold_scheme(&self) -> bool;

    /// Records that, `ahead` bytes past this position, one of `expected` could
    /// have continued a string of the production being matched.
    #[inline(always)]
    fn expect(&self, ahead: usize, expected: &[Expected]) {
        let _ = (ahead, expected);
    }

    /// Records that the combinator of `rule` starts here.
    #[inline(always)]
    fn enter(&self, rule: Rule) {
        let _ = rule;
    }

    /// Records that the combinator of `rule`, which started here, ended at
    /// `end` (or failed, for `None`).
    #[inline(always)]
    fn leave(&self, rule: Rule, end: Option<&Self>) {
        let _ = (rule, end);
    }

    /// Whether a derivation tree is being built, so that combinators whose
    /// fast form skips an alternative of the same language take it.
    #[inline(always)]
    fn structured(&self) -> bool {
        false
    }

    /// Whether this is the diagnostic input, on which every production runs
    /// in the shape of its BNF (so that errors name the inner productions and
    /// trees have their nodes), rather than in a fused fast form of the same
    /// language.
    #[doc(hidden)]
    #[inline(always)]
    fn tracked(&self) -> bool {
        false
    }

    /// Records that the character-class production `rule` matched the `len`
    /// bytes (one character, or three for an escape) `ahead` bytes past this
    /// position: a leaf of the derivation tree that a table scan matched.
    #[doc(hidden)]
    #[inline(always)]
    fn class(&self, rule: Rule, ahead: usize, len: usize) {
        let _ = (rule, ahead, len);
    }

    /// Where the derivation tree under construction stands, to [`reset`]
    /// it to when an attempt fails.
    ///
    /// [`reset`]: Source::reset
    #[doc(hidden)]
    #[inline(always)]
    fn mark(&self) -> usize {
        0
    }

    /// Drops the nodes recorded since `mark`: an attempt that recorded them
    /// failed, and nom backtracks.
    #[doc(hidden)]
    #[inline(always)]
    fn reset(&self, mark: usize) {
        let _ = mark;
    }
}

impl<'a> Source<'a> for &'a str {
    #[inline(always)]
    fn text(&self) -> &'a str {
        self
    }

    #[inline(always)]
    fn fold_scheme(&self) -> bool {
        false
    }
}

/// Text whose scheme names match whatever their case.
///
/// Section 2.1: "programs interpreting URLs should treat upper case letters
/// as equivalent to lower case in scheme names". [`crate::parse`] reads its
/// input through this wrapper, so `HTTP://host/` is an `httpurl`; the grammar's
/// own letter (`&str`) makes the scheme lower case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Folded<'a>(pub &'a str);

impl<'a> Source<'a> for Folded<'a> {
    #[inline(always)]
    fn text(&self) -> &'a str {
        self.0
    }

    #[inline(always)]
    fn fold_scheme(&self) -> bool {
        true
    }
}

impl<'a> Input for Folded<'a> {
    type Item = char;
    type Iter = Chars<'a>;
    type IterIndices = CharIndices<'a>;

    #[inline(always)]
    fn input_len(&self) -> usize {
        self.0.len()
    }

    // The combinators cut only at char boundaries (after ASCII bytes they
    // matched), as `&str`'s own `Input` requires.
    #[inline(always)]
    fn take(&self, index: usize) -> Self {
        Folded(&self.0[..index])
    }

    #[inline(always)]
    fn take_from(&self, index: usize) -> Self {
        Folded(&self.0[index..])
    }

    #[inline(always)]
    fn take_split(&self, index: usize) -> (Self, Self) {
        let (prefix, suffix) = self.0.split_at(index);
        (Folded(suffix), Folded(prefix))
    }

    fn position<P>(&self, predicate: P) -> Option<usize>
    where
        P: Fn(Self::Item) -> bool,
    {
        self.0.position(predicate)
    }

    fn iter_elements(&self) -> Self::Iter {
        self.0.chars()
    }

    fn iter_indices(&self) -> Self::IterIndices {
        self.0.char_indices()
    }

    fn slice_index(&self, count: usize) -> Result<usize, Needed> {
        self.0.slice_index(count)
    }
}

impl Offset for Folded<'_> {
    #[inline(always)]
    fn offset(&self, second: &Self) -> usize {
        self.0.offset(second.0)
    }
}

/// The diagnostic input: a located span whose extra field is the tracker.
pub(crate) type Tracked<'a> = LocatedSpan<&'a str, &'a Tracker>;

impl<'a> Source<'a> for Tracked<'a> {
    #[inline]
    fn text(&self) -> &'a str {
        self.fragment()
    }

    #[inline]
    fn fold_scheme(&self) -> bool {
        self.extra.fold
    }

    #[inline(always)]
    fn expect(&self, ahead: usize, expected: &[Expected]) {
        self.extra.expect(self.location_offset() + ahead, expected);
    }

    #[inline(always)]
    fn enter(&self, rule: Rule) {
        self.extra.enter(rule);
    }

    #[inline(always)]
    fn leave(&self, rule: Rule, end: Option<&Self>) {
        self.extra.leave(
            rule,
            self.location_offset(),
            end.map(LocatedSpan::location_offset),
        );
    }

    #[inline(always)]
    fn structured(&self) -> bool {
        self.extra.structured
    }

    fn tracked(&self) -> bool {
        true
    }

    fn class(&self, rule: Rule, ahead: usize, len: usize) {
        if !self.extra.structured {
            return;
        }
        let start = self.location_offset() + ahead;
        // `Set::emit` passes an element of a run it scanned in this fragment.
        let element = &self.fragment().as_bytes()[ahead..ahead + len];
        self.extra
            .push(crate::tree::class_node(rule, element, start));
    }

    fn mark(&self) -> usize {
        self.extra.tree.borrow().nodes.len()
    }

    fn reset(&self, mark: usize) {
        self.extra.tree.borrow_mut().nodes.truncate(mark);
    }
}

/// A node of a derivation: a production and the bytes it matched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    pub rule: Rule,
    pub start: usize,
    pub end: usize,
    pub children: Vec<Node>,
}

/// How deep the productions of one pass nest, at most. The grammar has no
/// recursion, so this bounds every pass whatever the input; a test holds the
/// grammar's longest chain of references to it.
const DEPTH: usize = 16;

/// How many reports at the farthest point (duplicates included) a pass keeps
/// without allocating: 21 at most over the benchmark corpora.
const INLINE_REPORTED: usize = 32;

/// A short list of `Copy` items, inline up to `N` of them and on the heap
/// beyond: the error path's lists are short, and the rare longer one is kept
/// whole rather than cut.
struct Few<T: Copy, const N: usize> {
    len: usize,
    inline: [T; N],
    /// Every item, once there are more than `N`.
    spilled: Vec<T>,
}

impl<T: Copy, const N: usize> Few<T, N> {
    /// An empty list; `filler` takes the unused inline places (never read).
    fn new(filler: T) -> Self {
        Few {
            len: 0,
            inline: [filler; N],
            spilled: Vec::new(),
        }
    }

    /// The items, in the order they were pushed.
    fn as_mut_slice(&mut self) -> &mut [T] {
        match self.inline.get_mut(..self.len) {
            Some(inline) => inline,
            None => &mut self.spilled,
        }
    }

    fn push(&mut self, item: T) {
        match self.inline.get_mut(self.len) {
            Some(place) => *place = item,
            None => {
                if self.len == N {
                    self.spilled.clear();
                    self.spilled.extend_from_slice(&self.inline);
                }
                self.spilled.push(item);
            }
        }
        self.len += 1;
    }

    fn clear(&mut self) {
        self.len = 0;
    }
}

/// The side channel of the diagnostic pass (see the module documentation).
///
/// It lives on the stack of the pass and allocates nothing unless it builds
/// a derivation tree or more than [`INLINE_REPORTED`] reports are made at
/// one point.
pub(crate) struct Tracker {
    fold: bool,
    structured: bool,
    /// The farthest offset recorded so far, plus one (0: none yet), kept
    /// apart so that most reports, which fall short of it, cost a compare.
    farthest: Cell<usize>,
    /// How many productions are open.
    depth: Cell<usize>,
    /// The open productions, outermost first (the first `depth`).
    stack: Cell<[Rule; DEPTH]>,
    /// The open productions when `farthest` was first reached (the first
    /// `path_len`): copied from `stack` in one 16-byte move.
    path: Cell<[Rule; DEPTH]>,
    path_len: Cell<usize>,
    /// Everything expected at `farthest`, in the order tried, with
    /// duplicates.
    expected: RefCell<Few<Expected, INLINE_REPORTED>>,
    /// The derivation tree under construction (derivation trees only).
    tree: RefCell<Tree>,
}

/// A derivation tree under construction.
#[derive(Default)]
struct Tree {
    /// For each open production, where its children start in `nodes`.
    marks: Vec<usize>,
    /// Completed nodes not yet adopted by a parent.
    nodes: Vec<Node>,
}

/// What a diagnostic pass found, for the error.
pub(crate) struct Record<'t> {
    /// The farthest offset at which something was expected, if any.
    pub farthest: Option<usize>,
    /// Everything expected at `farthest`, each once, in the order tried.
    pub expected: &'t [Expected],
    /// The productions open when `farthest` was first reached, outermost
    /// first.
    pub path: &'t [Rule],
}

impl Tracker {
    /// A tracker for one pass; `structured` also builds the derivation tree.
    pub fn new(fold: bool, structured: bool) -> Self {
        Tracker {
            fold,
            structured,
            farthest: Cell::new(0),
            depth: Cell::new(0),
            stack: Cell::new([Rule::Url; DEPTH]),
            path: Cell::new([Rule::Url; DEPTH]),
            path_len: Cell::new(0),
            expected: RefCell::new(Few::new(Expected::EndOfInput)),
            tree: RefCell::new(Tree::default()),
        }
    }

    /// Hands what the pass recorded to `read`.
    pub fn finish<T>(&self, read: impl FnOnce(Record<'_>) -> T) -> T {
        let path = self.path.get();
        let mut reported = self.expected.borrow_mut();
        let reported = reported.as_mut_slice();
        // Each item kept once, where it was first reported: once here rather
        // than at each of the many reports that a later one supersedes.
        let mut kept = 0;
        for i in 0..reported.len() {
            let item = reported[i];
            if !reported[..kept].iter().any(|seen| seen.same(&item)) {
                reported[kept] = item;
                kept += 1;
            }
        }
        read(Record {
            farthest: self.farthest.get().checked_sub(1),
            expected: &reported[..kept],
            path: &path[..self.path_len.get()],
        })
    }

    /// The root of the derivation tree a successful structured pass built.
    pub fn into_root(self) -> Option<Node> {
        self.tree.into_inner().nodes.pop()
    }

    /// Records that one of `expected` could have continued at `offset`.
    #[inline(always)]
    fn expect(&self, offset: usize, expected: &[Expected]) {
        // Most reports fall short of the farthest point: a compare where the
        // leaf reports, no call, no borrow.
        if offset + 1 >= self.farthest.get() {
            self.record_expected(offset, expected);
        }
    }

    /// [`Tracker::expect`] for a report at or beyond the farthest point.
    #[inline(never)]
    fn record_expected(&self, offset: usize, expected: &[Expected]) {
        let mut kept = self.expected.borrow_mut();
        if offset + 1 > self.farthest.get() {
            self.farthest.set(offset + 1);
            self.path.set(self.stack.get());
            self.path_len.set(self.depth.get().min(DEPTH));
            kept.clear();
        }
        // Duplicates are dropped by `finish`.
        for &item in expected {
            kept.push(item);
        }
    }

    fn push(&self, node: Node) {
        if self.structured {
            self.tree.borrow_mut().nodes.push(node);
        }
    }

    #[inline(always)]
    fn enter(&self, rule: Rule) {
        let depth = self.depth.get();
        debug_assert!(depth < DEPTH, "the grammar nests deeper than DEPTH");
        let stack: &Cell<[Rule]> = &self.stack;
        if let Some(place) = stack.as_slice_of_cells().get(depth) {
            place.set(rule);
        }
        self.depth.set(depth + 1);
        if self.structured {
            let mut tree = self.tree.borrow_mut();
            let mark = tree.nodes.len();
            tree.marks.push(mark);
        }
    }

    #[inline(always)]
    fn leave(&self, rule: Rule, start: usize, end: Option<usize>) {
        let depth = self.depth.get();
        debug_assert!(
            depth > 0 && (depth > DEPTH || self.stack.get()[depth - 1] == rule),
            "enter and leave must pair up"
        );
        self.depth.set(depth.saturating_sub(1));
        if self.structured {
            self.adopt(rule, start, end);
        }
    }

    /// Makes the node of `rule`, which matched `start..end`, the parent of
    /// the nodes recorded since it was entered (or drops them if it failed).
    fn adopt(&self, rule: Rule, start: usize, end: Option<usize>) {
        let mut tree = self.tree.borrow_mut();
        // Every `leave` follows its own `enter`, which pushed a mark.
        let mark = tree.marks.pop().unwrap_or(0);
        match end {
            Some(end) => {
                // Resets go back to marks taken inside the open productions,
                // never below theirs: `mark` is within `nodes`.
                let mut children = tree.nodes.split_off(mark);
                // A character-class production's leaf records the class's own
                // node (`xchar` with `unreserved` under it): keep just that one.
                let node = match children.as_slice() {
                    [only] if only.rule == rule && only.start == start && only.end == end => {
                        children.pop()
                    }
                    _ => None,
                };
                tree.nodes.push(node.unwrap_or(Node {
                    rule,
                    start,
                    end,
                    children,
                }));
            }
            None => tree.nodes.truncate(mark),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bnf::Grammar;

    /// The longest chain of productions, each referring to the next, that
    /// starts at `name`: how deep a pass that enters `name` can nest.
    fn chain(grammar: &Grammar, name: &str, open: &mut Vec<String>) -> usize {
        assert!(
            !open.iter().any(|o| o == name),
            "the grammar is recursive through {name}"
        );
        open.push(name.to_owned());
        let below = grammar
            .uses(name)
            .into_iter()
            .map(|used| chain(grammar, used, open))
            .max()
            .unwrap_or(0);
        open.pop();
        1 + below
    }

    #[test]
    fn the_grammar_nests_within_the_trackers_depth() {
        let grammar = Grammar::rfc1738();
        let deepest = grammar
            .productions()
            .iter()
            .map(|p| chain(grammar, &p.name, &mut Vec::new()))
            .max()
            .unwrap();
        assert!(
            deepest <= DEPTH,
            "{deepest} productions nest, DEPTH is {DEPTH}"
        );
        // The bound is tight enough to mean something.
        assert!(
            deepest + 8 > DEPTH,
            "{deepest} productions nest, DEPTH is {DEPTH}"
        );
    }

    #[test]
    fn few_spills_past_its_inline_places_and_keeps_every_item() {
        let mut few: Few<u32, 4> = Few::new(0);
        for i in 1..=9 {
            few.push(i);
            assert_eq!(few.as_mut_slice(), (1..=i).collect::<Vec<_>>());
        }
        few.clear();
        assert_eq!(few.as_mut_slice(), &[] as &[u32]);
        few.push(7);
        assert_eq!(few.as_mut_slice(), &[7]);
        for i in 1..=9 {
            few.push(i);
        }
        few.as_mut_slice()[8] = 0;
        assert_eq!(few.as_mut_slice(), [7, 1, 2, 3, 4, 5, 6, 7, 0, 9]);
    }
}
