//! `Farthest`: the farthest position a pass reached.

use core::cell::Cell;

use super::observe::Observe;
use crate::expected::Expected;
use crate::scan::Report;

/// Keeps the farthest position at which a leaf reported that something
/// could have continued, or up to which a scan read.
///
/// That position, for a pass that rejects its input, is the length of the
/// longest prefix that a string of the rule can start with: a leaf only
/// runs where the grammar allows it and only consumes, or reports past,
/// bytes the grammar allows there. It is the error's offset, found by the
/// pass that rejects the input.
#[derive(Debug)]
pub(crate) struct Farthest {
    base: usize,
    farthest: Cell<usize>,
}

impl Farthest {
    /// For a pass over `input`.
    #[inline(always)]
    pub(crate) fn new(input: &str) -> Farthest {
        let base = input.as_ptr() as usize;
        Farthest {
            base,
            farthest: Cell::new(base),
        }
    }

    /// The farthest offset reached (0 before any report).
    pub(crate) fn offset(&self) -> usize {
        self.farthest.get() - self.base
    }
}

impl Observe for &Farthest {
    #[inline(always)]
    fn reach(self, at: usize, _: &[Expected]) {
        if at > self.farthest.get() {
            self.farthest.set(at);
        }
    }

    #[inline(always)]
    fn scanned(self, farthest: usize, _: impl FnOnce() -> &'static [Report]) -> bool {
        self.reach(farthest, &[]);
        false
    }
}
