//! `Diagnosis`: what was expected at the error's offset, and where.

use core::cell::{Cell, RefCell};

use super::observe::Observe;
use crate::Rule;
use crate::expected::Expected;

/// How deep the productions of one pass nest, at most. The grammar has no
/// recursion, so this bounds every pass whatever the input; a test holds
/// the grammar's longest chain of references to it.
pub(crate) const DEPTH: usize = 16;

/// Records, for a known position (the error's offset, which the pass that
/// rejected the input found), everything that could have continued there
/// and the productions that were open when a leaf first reported there.
///
/// It runs on first access to an error's details, over the same grammar as
/// the pass that found the offset: scans that read short of the position
/// are taken as they are, and a production whose scan read up to it runs in
/// its BNF shape, so that the path names its inner productions.
#[derive(Debug)]
pub(crate) struct Diagnosis {
    base: usize,
    target: usize,
    /// How many productions are open; the first `DEPTH` of them, and where
    /// each started.
    depth: Cell<usize>,
    stack: Cell<[Rule; DEPTH]>,
    starts: [Cell<usize>; DEPTH],
    /// Whether a leaf reported at the target yet.
    reached: Cell<bool>,
    /// The open productions when the target was first reported, and how
    /// many; where the innermost open login or hostport started then.
    path: Cell<([Rule; DEPTH], usize)>,
    authority: Cell<Option<usize>>,
    /// Everything expected at the target, each once, in the order tried.
    expected: RefCell<Vec<Expected>>,
}

/// What a diagnosis found.
pub(crate) struct Recorded {
    /// Everything expected at the position, each once, in the order tried.
    pub expected: Vec<Expected>,
    /// The productions open when a leaf first reported there, outermost
    /// first.
    pub path: Box<[Rule]>,
    /// Where the innermost login or hostport open then started: the start of
    /// the authority, as the parser read it.
    pub authority: Option<usize>,
}

impl Diagnosis {
    /// For a pass over `input`, recording at `offset`.
    pub(crate) fn new(input: &str, offset: usize) -> Diagnosis {
        let base = input.as_ptr() as usize;
        Diagnosis {
            base,
            target: base + offset,
            depth: Cell::new(0),
            stack: Cell::new([Rule::Url; DEPTH]),
            starts: Default::default(),
            reached: Cell::new(false),
            path: Cell::new(([Rule::Url; DEPTH], 0)),
            authority: Cell::new(None),
            expected: RefCell::new(Vec::with_capacity(8)),
        }
    }

    /// What the pass recorded.
    pub(crate) fn finish(self) -> Recorded {
        let (open, len) = self.path.get();
        Recorded {
            expected: self.expected.into_inner(),
            path: Box::from(&open[..len]),
            authority: self.authority.get().map(|start| start - self.base),
        }
    }
}

impl Observe for &Diagnosis {
    #[inline]
    fn reach(self, at: usize, expected: &[Expected]) {
        if at != self.target {
            return;
        }
        if !self.reached.replace(true) {
            let len = self.depth.get().min(DEPTH);
            let open = self.stack.get();
            self.path.set((open, len));
            let authority = (0..len)
                .rev()
                .find(|&i| matches!(open[i], Rule::Hostport | Rule::Login))
                .map(|i| self.starts[i].get());
            self.authority.set(authority);
        }
        let mut kept = self.expected.borrow_mut();
        for item in expected {
            if !kept.iter().any(|seen| seen.same(item)) {
                kept.push(*item);
            }
        }
    }

    #[inline]
    fn scanned(self, farthest: usize) -> bool {
        farthest >= self.target
    }

    #[inline]
    fn enter(self, rule: Rule, at: usize) {
        let depth = self.depth.get();
        debug_assert!(depth < DEPTH, "the grammar nests deeper than DEPTH");
        let stack: &Cell<[Rule]> = &self.stack;
        if let (Some(place), Some(start)) =
            (stack.as_slice_of_cells().get(depth), self.starts.get(depth))
        {
            place.set(rule);
            start.set(at);
        }
        self.depth.set(depth + 1);
    }

    #[inline]
    fn leave(self, rule: Rule, _: usize, _: Option<usize>) {
        let depth = self.depth.get();
        debug_assert!(
            depth > 0 && (depth > DEPTH || self.stack.get()[depth - 1] == rule),
            "enter and leave must pair up"
        );
        self.depth.set(depth.saturating_sub(1));
    }
}

#[cfg(test)]
mod tests {
    use super::DEPTH;
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
    fn the_grammar_nests_within_the_diagnosis_depth() {
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
}
