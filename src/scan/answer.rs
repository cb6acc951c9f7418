//! What a scan answers.

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
