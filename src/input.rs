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
use crate::error::Expected;

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
        self.extra.record.borrow().nodes.len()
    }

    fn reset(&self, mark: usize) {
        self.extra.record.borrow_mut().nodes.truncate(mark);
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

/// What the diagnostic pass records.
#[derive(Debug, Default)]
pub(crate) struct Record {
    /// The farthest offset at which something was expected, if any.
    pub farthest: Option<usize>,
    /// Everything expected at `farthest`, in the order it was tried (each
    /// once when [`Tracker::finish`] hands it on).
    pub expected: Vec<Expected>,
    /// The productions open when `farthest` was first reached, outermost first.
    pub path: Vec<Rule>,
    /// The productions open now.
    stack: Vec<Rule>,
    /// For each open production, where its children start in `nodes`.
    marks: Vec<usize>,
    /// Completed nodes not yet adopted by a parent (derivation trees only).
    pub nodes: Vec<Node>,
}

thread_local! {
    /// The buffers of the last finished run on this thread, for the next.
    static SPARE: Cell<Option<Record>> = const { Cell::new(None) };
}

/// The largest buffer (in elements) a finished run hands on to the next: a
/// long input's tree is not kept alive by the thread that built it.
const SPARE_CAPACITY: usize = 1024;

/// The side channel of the diagnostic pass (see the module documentation).
#[derive(Debug)]
pub(crate) struct Tracker {
    fold: bool,
    structured: bool,
    /// The farthest offset recorded so far, plus one (0: none yet), kept
    /// apart so that most reports, which fall short of it, cost a compare.
    farthest: Cell<usize>,
    record: RefCell<Record>,
}

impl Tracker {
    /// A tracker for one run; `structured` also builds the derivation tree.
    ///
    /// Its buffers are those the last run on this thread left (see
    /// [`Tracker::finish`]): an error costs no allocation for them.
    pub fn new(fold: bool, structured: bool) -> Self {
        let record = SPARE.with(Cell::take).unwrap_or_else(|| Record {
            // Enough for the grammar's depth and for what is usually
            // expected at one point: the pass rarely grows anything.
            expected: Vec::with_capacity(24),
            path: Vec::with_capacity(32),
            stack: Vec::with_capacity(32),
            ..Record::default()
        });
        Tracker {
            fold,
            structured,
            farthest: Cell::new(0),
            record: RefCell::new(record),
        }
    }

    /// Hands what the run recorded to `read`, then keeps the buffers for the
    /// next run on this thread (unless a long input made them large).
    pub fn finish<T>(self, read: impl FnOnce(&mut Record) -> T) -> T {
        let mut record = self.record.into_inner();
        // Each item kept once, where it was first reported: once here rather
        // than at each of the many reports that a later one supersedes.
        let mut kept = 0;
        for i in 0..record.expected.len() {
            let item = record.expected[i];
            if !record.expected[..kept].iter().any(|seen| seen.same(&item)) {
                record.expected[kept] = item;
                kept += 1;
            }
        }
        record.expected.truncate(kept);
        let result = read(&mut record);
        let small = [
            record.expected.capacity(),
            record.path.capacity(),
            record.stack.capacity(),
            record.marks.capacity(),
            record.nodes.capacity(),
        ]
        .iter()
        .all(|&capacity| capacity <= SPARE_CAPACITY);
        if small {
            record.farthest = None;
            record.expected.clear();
            record.path.clear();
            record.stack.clear();
            record.marks.clear();
            record.nodes.clear();
            SPARE.with(|spare| spare.set(Some(record)));
        }
        result
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
        let farthest = self.farthest.get();
        let mut record = self.record.borrow_mut();
        let record = &mut *record;
        if offset + 1 > farthest {
            self.farthest.set(offset + 1);
            record.farthest = Some(offset);
            record.expected.clear();
            // Element by element: a few bytes each time, which a call to
            // `memcpy` would cost more than it moves.
            record.path.clear();
            for &rule in &record.stack {
                record.path.push(rule);
            }
        }
        for &item in expected {
            record.expected.push(item);
        }
    }

    fn push(&self, node: Node) {
        if self.structured {
            self.record.borrow_mut().nodes.push(node);
        }
    }

    #[inline(always)]
    fn enter(&self, rule: Rule) {
        let mut record = self.record.borrow_mut();
        record.stack.push(rule);
        if self.structured {
            let mark = record.nodes.len();
            record.marks.push(mark);
        }
    }

    #[inline(always)]
    fn leave(&self, rule: Rule, start: usize, end: Option<usize>) {
        let open = self.record.borrow_mut().stack.pop();
        debug_assert_eq!(open, Some(rule), "enter and leave must pair up");
        if self.structured {
            self.adopt(rule, start, end);
        }
    }

    /// Makes the node of `rule`, which matched `start..end`, the parent of
    /// the nodes recorded since it was entered (or drops them if it failed).
    fn adopt(&self, rule: Rule, start: usize, end: Option<usize>) {
        let mut record = self.record.borrow_mut();
        // Every `leave` follows its own `enter`, which pushed a mark.
        let mark = record.marks.pop().unwrap_or(0);
        match end {
            Some(end) => {
                // Resets go back to marks taken inside the open productions,
                // never below theirs: `mark` is within `nodes`.
                let mut children = record.nodes.split_off(mark);
                // A character-class production's leaf records the class's own
                // node (`xchar` with `unreserved` under it): keep just that one.
                let node = match children.as_slice() {
                    [only] if only.rule == rule && only.start == start && only.end == end => {
                        children.pop()
                    }
                    _ => None,
                };
                record.nodes.push(node.unwrap_or(Node {
                    rule,
                    start,
                    end,
                    children,
                }));
            }
            None => record.nodes.truncate(mark),
        }
    }
}
