//! `Builder`: the derivation tree of a pass.

use core::cell::RefCell;

use super::observe::Observe;
use crate::Rule;
use crate::derivation::{Entry, Flat};
use crate::scan::Report;

/// Builds the derivation tree, flat ([`Flat`]): an entry for every
/// production that matched, a leaf for every character-class production an
/// element matched.
#[derive(Debug)]
pub(crate) struct Builder {
    base: usize,
    tree: RefCell<Tree>,
}

/// A derivation tree under construction.
#[derive(Debug, Default)]
struct Tree {
    /// For each open production, where its entry is in `entries`.
    marks: Vec<usize>,
    /// The entries so far, in preorder: an open production's entry waits
    /// for its end and size.
    entries: Vec<Entry>,
}

impl Builder {
    /// For a pass over `input`.
    pub(crate) fn new(input: &str) -> Builder {
        // Every element of the input a class matched has its leaf, and the
        // productions over them come to a few more: room for one entry a
        // byte spares most of the vector's growing.
        let tree = Tree {
            marks: Vec::with_capacity(16),
            entries: Vec::with_capacity(input.len() + 16),
        };
        Builder {
            base: input.as_ptr() as usize,
            tree: RefCell::new(tree),
        }
    }

    /// The tree a successful pass built: the subtree of the rule it was run
    /// for, the last that matched at the top.
    pub(crate) fn into_root(self) -> Option<Flat> {
        let mut entries = self.tree.into_inner().entries;
        let mut root = 0;
        // Top-level subtrees follow each other: the last one's is the root.
        while let Some(next) = entries.get(root).map(|entry| root + entry.size)
            && next < entries.len()
        {
            root = next;
        }
        entries.get(root)?;
        entries.drain(..root);
        Some(Flat { entries })
    }
}

impl Observe for &Builder {
    const NODES: bool = true;

    fn scanned(self, _: usize, _: impl FnOnce() -> &'static [Report]) -> bool {
        true
    }

    fn enter(self, rule: Rule, at: usize) {
        let mut tree = self.tree.borrow_mut();
        let mark = tree.entries.len();
        tree.marks.push(mark);
        let start = at - self.base;
        // Its end and size come when it matches.
        tree.entries.push(Entry {
            rule,
            class: false,
            start,
            end: start,
            size: 1,
        });
    }

    fn leave(self, rule: Rule, start: usize, end: Option<usize>) {
        let mut tree = self.tree.borrow_mut();
        // Every `leave` follows its own `enter`, which pushed a mark and the
        // entry there.
        let mark = tree.marks.pop().unwrap_or(0);
        let Some(end) = end else {
            tree.entries.truncate(mark);
            return;
        };
        let (start, end) = (start - self.base, end - self.base);
        // Resets go back to marks taken inside the open productions, never
        // below theirs: the entry at `mark` is this production's.
        let size = tree.entries.len() - mark;
        // A character-class production's leaf records the class's own node
        // (`xchar` with `unreserved` under it): keep just that one.
        if let Some(only) = tree.entries.get(mark + 1)
            && only.size == size - 1
            && (only.rule, only.start, only.end) == (rule, start, end)
        {
            tree.entries.remove(mark);
            return;
        }
        tree.entries[mark] = Entry {
            rule,
            class: false,
            start,
            end,
            size,
        };
    }

    fn class(self, rule: Rule, element: &[u8], at: usize) {
        let start = at - self.base;
        self.tree.borrow_mut().entries.push(Entry {
            rule,
            class: true,
            start,
            end: start + element.len(),
            size: 1,
        });
    }

    fn mark(self) -> usize {
        self.tree.borrow().entries.len()
    }

    fn reset(self, mark: usize) {
        self.tree.borrow_mut().entries.truncate(mark);
    }
}
