//! The observer's protocol: [`Observer`], its calls, and [`Quiet`].

use crate::Rule;
use crate::expected::Expected;
use crate::scan::Report;

/// What a combinator of [`crate::grammar`] tells as it reads, apart from
/// what it reads: where something could have continued, where a production
/// starts and ends. Every combinator is built for an observer.
///
/// Sealed: [`Quiet`], which hears nothing, is the observer for a user's own
/// parsers. The crate's entry points use others: one keeps the farthest
/// position a pass reached (an error's offset), one records what was
/// expected there and the productions open there (the rest of the error),
/// one builds derivation trees.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Observer, Quiet, ip::hostport};
///
/// /// The port of an authority, read by a combinator built for `observer`.
/// fn port_of<O: Observer>(observer: O, authority: &str) -> Option<&str> {
///     let (_, hostport) = hostport(observer).parse_complete(authority).ok()?;
///     hostport.port()
/// }
/// assert_eq!(port_of(Quiet, "host.dom:8080"), Some("8080"));
/// assert_eq!(port_of(Quiet, "host.dom"), None);
/// ```
pub trait Observer: Observe {}

impl<O: Observe> Observer for O {}

/// The calls of an [`Observer`], in a trait of their own that only this crate
/// can name: a user's parsers see none of them. Positions are
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

    /// A scan read up to `farthest`, where the leaves of its production
    /// report what `reports` tells: whether the production must run in its
    /// BNF shape instead.
    #[inline(always)]
    fn scanned(self, farthest: usize, reports: impl FnOnce() -> &'static [Report]) -> bool {
        let _ = (farthest, reports);
        false
    }

    /// Whether a shortcut reading that would end at `at` (`login` read as a
    /// hostport alone, D18) must give way to the production as written, so
    /// that every reading reports there.
    #[inline(always)]
    fn as_written(self, at: usize) -> bool {
        let _ = at;
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

/// The observer that hears nothing: the grammar's combinators run as plain
/// nom parsers.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Quiet, ip::hostport};
///
/// let (rest, hostport) = hostport(Quiet).parse_complete("host.dom:8080/path").unwrap();
/// assert_eq!((hostport.port(), rest), (Some("8080"), "/path"));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Quiet;

impl Observe for Quiet {}
