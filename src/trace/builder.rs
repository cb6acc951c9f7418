//! `Builder`: the derivation tree of a pass.

use core::cell::RefCell;

use super::observe::Observe;
use crate::Rule;
use crate::derivation::Node;

/// Builds the derivation tree: a node for every production that matched, a
/// leaf for every character-class production an element matched.
#[derive(Debug)]
pub(crate) struct Builder {
    base: usize,
    tree: RefCell<Tree>,
}

/// A derivation tree under construction.
#[derive(Debug, Default)]
struct Tree {
    /// For each open production, where its children start in `nodes`.
    marks: Vec<usize>,
    /// Completed nodes not yet adopted by a parent.
    nodes: Vec<Node>,
}

impl Builder {
    /// For a pass over `input`.
    pub(crate) fn new(input: &str) -> Builder {
        Builder {
            base: input.as_ptr() as usize,
            tree: RefCell::default(),
        }
    }

    /// The root of the tree a successful pass built: the node of the rule
    /// it was run for.
    pub(crate) fn into_root(self) -> Option<Node> {
        self.tree.into_inner().nodes.pop()
    }
}

impl Observe for &Builder {
    const NODES: bool = true;

    fn scanned(self, _: usize) -> bool {
        true
    }

    fn enter(self, _: Rule, _: usize) {
        let mut tree = self.tree.borrow_mut();
        let mark = tree.nodes.len();
        tree.marks.push(mark);
    }

    fn leave(self, rule: Rule, start: usize, end: Option<usize>) {
        let mut tree = self.tree.borrow_mut();
        // Every `leave` follows its own `enter`, which pushed a mark.
        let mark = tree.marks.pop().unwrap_or(0);
        let Some(end) = end else {
            tree.nodes.truncate(mark);
            return;
        };
        let (start, end) = (start - self.base, end - self.base);
        // Resets go back to marks taken inside the open productions, never
        // below theirs: `mark` is within `nodes`.
        let mut children = tree.nodes.split_off(mark);
        // A character-class production's leaf records the class's own node
        // (`xchar` with `unreserved` under it): keep just that one.
        let node = match children.as_slice() {
            [only] if only.rule == rule && only.start == start && only.end == end => children.pop(),
            _ => None,
        };
        tree.nodes.push(node.unwrap_or(Node {
            rule,
            start,
            end,
            children,
        }));
    }

    fn class(self, rule: Rule, element: &[u8], at: usize) {
        let node = Node::class(rule, element, at - self.base);
        self.tree.borrow_mut().nodes.push(node);
    }

    fn mark(self) -> usize {
        self.tree.borrow().nodes.len()
    }

    fn reset(self, mark: usize) {
        self.tree.borrow_mut().nodes.truncate(mark);
    }
}
