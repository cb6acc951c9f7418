//! The observer: what a pass of the grammar tells, kept apart from what it
//! reads.
//!
//! Every combinator of [`crate::grammar`] is built for an [`Observer`], as
//! its one argument, and tells it what happens as it reads: a leaf reports
//! where something could have continued a string of its production and
//! what, a production says where it starts and ends, a scan says how far it
//! read. The input is only the text. Four observers:
//!
//! - [`Quiet`] hears nothing: every call is empty and inlined away. It is
//!   what [`crate::is_valid`] and a user's own nom parsers run with.
//! - `Farthest` keeps the farthest position any leaf reached: the exact
//!   offset of [`crate::parse`]'s error, from the pass that rejects the
//!   input.
//! - `Diagnosis` knows that offset and records what was expected there and
//!   the productions open when it was first reached: the rest of the error,
//!   derived when first asked for.
//! - `Builder` builds the derivation tree.
//!
//! Scans (the fast forms of a few productions, [`crate::scan`]) tell only
//! how far they read. An observer that needs the inner productions (the
//! diagnosis, when the scan read up to its offset, and the tree always)
//! has the production run in its BNF shape instead.

mod builder;
mod diagnosis;
mod farthest;

pub(crate) use builder::Builder;
pub(crate) use diagnosis::{Diagnosis, Recorded};
pub(crate) use farthest::Farthest;

use crate::Rule;
use crate::expected::Expected;

/// What the grammar's combinators tell as they read (see the module
/// documentation). Sealed: [`Quiet`] is the observer for a user's own
/// parsers; the others serve the crate's entry points.
pub trait Observer: observe::Observe {}

impl<O: observe::Observe> Observer for O {}

pub(crate) mod observe {
    use super::*;

    /// The calls of an [`Observer`](super::Observer). Positions are
    /// addresses of the input's bytes ([`crate::input::address`]): every
    /// observer compares positions of one input.
    pub trait Observe: Copy {
        /// Whether the derivation tree is built: every production runs in
        /// its BNF shape, and character classes record their nodes.
        const NODES: bool = false;

        /// One of `expected` could have continued a string of the
        /// production being read at `at`.
        #[inline(always)]
        fn reach(self, at: usize, expected: &[Expected]) {
            let _ = (at, expected);
        }

        /// A scan read up to `farthest`: whether the production must run in
        /// its BNF shape instead, for the inner productions it would report.
        #[inline(always)]
        fn scanned(self, farthest: usize) -> bool {
            let _ = farthest;
            false
        }

        /// The combinator of `rule` starts at `at`.
        #[inline(always)]
        fn enter(self, rule: Rule, at: usize) {
            let _ = (rule, at);
        }

        /// The combinator of `rule`, which started at `start`, matched up to
        /// `end`, or failed (`None`).
        #[inline(always)]
        fn leave(self, rule: Rule, start: usize, end: Option<usize>) {
            let _ = (rule, start, end);
        }

        /// The character-class production `rule` matched the element (one
        /// byte, or the three of an escape) at `at`.
        #[inline(always)]
        fn class(self, rule: Rule, element: &[u8], at: usize) {
            let _ = (rule, element, at);
        }

        /// Where the tree under construction stands, to [`reset`] to when an
        /// attempt fails.
        ///
        /// [`reset`]: Observe::reset
        #[inline(always)]
        fn mark(self) -> usize {
            0
        }

        /// Drops the nodes recorded since `mark`: the attempt that recorded
        /// them failed, and nom backtracks.
        #[inline(always)]
        fn reset(self, mark: usize) {
            let _ = mark;
        }
    }
}

/// The observer that hears nothing: the grammar's combinators run as plain
/// nom parsers.
///
/// ```
/// use nom::Parser;
/// use rfc1738::grammar::{Quiet, ip::hostport};
///
/// let (rest, hostport) = hostport(Quiet).parse_complete("host.dom:8080/path").unwrap();
/// assert_eq!((hostport.port(), rest), (Some("8080"), "/path"));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Quiet;

impl observe::Observe for Quiet {}
