//! Fast forms of a few productions: pure functions over bytes, each kept
//! beside its production and tested equal to it.
//!
//! A reader who ignores this module understands the whole grammar: every
//! production is written in [`crate::grammar`] in the shape of its BNF, and
//! each scan is attached to its production in one visible place, the
//! production's combinator (`scanned(o, scan::HOSTNAME, ...)`). When the
//! observer allows (everywhere but in derivation trees), the combinator
//! takes the scan's answer instead of running its BNF shape:
//!
//! | production | fast form | what it saves |
//! |---|---|---|
//! | `hostname` | [`HOSTNAME`] | a combinator call per label and per `.`; on x86_64, a branch per byte |
//! | `hpath`, `fpath`, `ppath` | [`HPATH`], [`FPATH`], [`PPATH`] | a call per segment and per `/` |
//! | `schemepart`, `urlpath`, `selector`, `gopher+_string`, `encoded822addr` | [`XCHARS`], [`XCHARS1`] | checking runs that reach the end of the URL one byte at a time |
//!
//! A fast form ([`Fast`]) is two pure functions. Its scan answers with a
//! `Scan`: whether the production matches and how long, and the farthest
//! position it reached, which must be the farthest position the
//! production's leaves report: that position is the error's offset. A scan
//! may also decline (`None`): the production then runs. Its reports say,
//! from that answer and the bytes, what the production's leaves report at
//! that farthest position, in order, and in which of its inner productions
//! ([`Report`]): what an error's diagnosis records there, without running
//! the production. `tests` holds both to the production, its verdict, its
//! length, its farthest position and its reports there, on every short
//! string of the production's alphabet and the bytes around it, and on
//! derivations and mutants generated from the BNF.
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

pub(crate) use answer::Fast;
pub use answer::Report;
pub(crate) use host::HOSTNAME;
pub(crate) use run::{FPATH, HPATH, PPATH, Run, XCHARS, XCHARS1, escape, run};

#[cfg(test)]
mod tests;
