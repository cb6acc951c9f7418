//! Fast forms of a few productions: pure functions over bytes, each kept
//! beside its production and tested equal to it.
//!
//! A reader who ignores this module understands the whole grammar: every
//! production is written in [`crate::grammar`] in the shape of its BNF, and
//! each scan is attached to its production in one visible place, the
//! production's combinator (`scanned(o, scan::hostname, ...)`). When the
//! observer allows (everywhere but in derivation trees, and in a diagnosis
//! only short of the error's offset), the combinator takes the scan's
//! answer instead of running its BNF shape:
//!
//! | production | scan | what it saves |
//! |---|---|---|
//! | `hostname` | [`hostname`] | a combinator call per label and per `.`; on x86_64, a branch per byte |
//! | `hpath`, `fpath`, `ppath` | [`hpath`], [`fpath`], [`ppath`] | a call per segment and per `/` |
//! | `schemepart`, `urlpath`, `selector`, `gopher+_string`, `encoded822addr` | [`xchars`], [`xchars1`] | checking runs that reach the end of the URL one byte at a time |
//!
//! A scan answers with a [`Scan`]: whether the production matches and how
//! long, and the farthest position it reached, which must be the farthest
//! position the production's leaves report: that position is the error's
//! offset. A scan may also decline (`None`): the production then runs.
//! `tests` holds every scan to its production on every short string of the
//! production's alphabet and the bytes around it, and on derivations and
//! mutants generated from the BNF.
//!
//! Where the target has SSE2 (every x86_64), `wide` reads 32 bytes at once
//! into masks of their classes, and the hostname scan finds its run and
//! labels in them with a few word operations; elsewhere, and for a run
//! longer than the window, the scan's scalar form answers. The tests hold
//! both forms to the production.

mod answer;
mod host;
mod run;
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod wide;

pub(crate) use answer::Scan;
pub(crate) use host::hostname;
pub(crate) use run::{Run, escape, fpath, hpath, ppath, run, xchars, xchars1};

#[cfg(test)]
mod tests;
