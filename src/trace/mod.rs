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
//! Scans (the fast forms of a few productions, [`crate::scan`]) tell how
//! far they read and, when asked, what their production's leaves report
//! there and in which inner production: the diagnosis takes that. The tree
//! needs every inner production: it has the production run in its BNF
//! shape instead.

mod builder;
mod diagnosis;
mod farthest;
pub(crate) mod observe;

pub(crate) use builder::Builder;
pub(crate) use diagnosis::{Credentials, Diagnosis, Recorded};
pub(crate) use farthest::Farthest;
pub use observe::{Observer, Quiet};
