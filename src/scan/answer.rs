//! What a scan answers.

use crate::Rule;
use crate::expected::Expected;

/// A scan's answer for the bytes it was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Scan {
    /// How many bytes the production matches, or `None` if it fails.
    pub len: Option<usize>,
    /// The farthest position the production reaches: where a leaf of its
    /// BNF shape reports that something could still have continued.
    pub farthest: usize,
}

impl Scan {
    /// The production matches `len` bytes, having reached `farthest`.
    #[inline(always)]
    pub(crate) const fn matched(len: usize, farthest: usize) -> Scan {
        Scan {
            len: Some(len),
            farthest,
        }
    }

    /// The production fails, having reached `farthest`.
    #[inline(always)]
    pub(crate) const fn failed(farthest: usize) -> Scan {
        Scan {
            len: None,
            farthest,
        }
    }
}

/// A production's fast form: its scan, and what the leaves of its BNF
/// shape report at the farthest position an answer of the scan names.
#[derive(Clone, Copy)]
pub(crate) struct Fast {
    /// The production's match and farthest position over some bytes, or
    /// `None` when the scan declines (the production then runs).
    pub scan: fn(&[u8]) -> Option<Scan>,
    /// What the production's leaves report, in order, at the farthest
    /// position of the scan's answer over the same bytes: what an error
    /// there says was expected, and in which production. Derived from the
    /// answer and the bytes around that position, not by reading the
    /// bytes again.
    pub reports: fn(&[u8], &Scan) -> &'static [Report],
}

/// What one leaf of a production reports at the farthest position the
/// production reaches.
///
/// Public only because [`Observe`](crate::trace::observe::Observe), whose
/// calls no user can name, takes it: the module is the crate's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    /// The production inside the scanned one that the leaf belongs to
    /// (`domainlabel` in `hostname`), or `None` for a leaf of the scanned
    /// production itself (the `"."` after a domain label).
    pub inner: Option<Rule>,
    /// What the leaf reports could have continued there.
    pub expected: &'static [Expected],
}
