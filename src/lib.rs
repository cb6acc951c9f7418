//! RFC 1738 (Uniform Resource Locators, December 1994), section 5, as a
//! parser-combinator grammar.
//!
//! Every production of the RFC's BNF is a nom 8 combinator of the same name in
//! [`grammar`], composed bottom-up into `url`, `genericurl` and the eleven
//! scheme rules. On top of them:
//!
//! - [`parse`] reads a URL the way section 2.1 asks an interpreter to: it
//!   chooses the scheme rule by the scheme name, whatever its case, and
//!   returns the typed, borrowed syntax tree [`Url`], whose `Display`
//!   reproduces the input.
//! - [`parse_rule`] matches any [`Rule`] against a whole input by the
//!   grammar's letter: the conformance question "is this string in the
//!   language of production P?".
//! - [`is_valid`] gives `parse`'s verdict building nothing.
//! - Every failure is an [`Error`] with the exact offset (the longest prefix a
//!   string of the rule can start with), line and column, the production path,
//!   what was expected and what was found.
//!
//! ```
//! let url = rfc1738::parse("ftp://myname@host.dom/%2Fetc/motd").unwrap();
//! assert_eq!(url.rule(), rfc1738::Rule::Ftpurl);
//! assert_eq!(url.to_string(), "ftp://myname@host.dom/%2Fetc/motd");
//!
//! let error = rfc1738::parse("http://host:8a/").unwrap_err();
//! assert_eq!(error.offset(), 13);
//! assert_eq!(error.message(), r#"expected digit, "/" or end of input, found "a""#);
//! ```
//!
//! ## `parse` and `parse_rule` answer different questions
//!
//! `parse("http://user@host/")` fails: the scheme `http` selects `httpurl`,
//! and section 3.3 allows no user name in an http URL. `parse_rule(Rule::Url,
//! "http://user@host/")` succeeds: `url` has the alternative `otherurl`, which
//! accepts any scheme followed by `xchar`s. Both answers are right. Likewise
//! `parse` accepts `HTTP://host/` (section 2.1: interpreters treat scheme names
//! case-insensitively) while `parse_rule(Rule::Httpurl, "HTTP://host/")`
//! fails: the grammar's literal is `"http://"`. The decisions behind these
//! and every other ambiguity of the BNF are written down in
//! `grammar/DECISIONS.md`.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod ast;
pub mod bnf;
pub mod coverage;
pub mod extract;
pub mod grammar;
pub mod lint;
pub mod position;
pub mod url;
pub mod visible;

mod api;
mod charset;
mod derivation;
mod error;
mod expected;
mod hint;
mod input;
mod pass;
mod password;
mod rule;
mod scan;
mod trace;

pub use error::{Diagnostic, Error, Excerpt};
pub use expected::{Expected, Found};
pub use hint::Hint;
pub use position::Position;

pub use api::{
    Match, check, check_bytes, check_prefix, is_valid, parse, parse_prefix, parse_rule, scheme_rule,
};
pub use derivation::{Derivation, is_character_class};
pub use rule::{Rule, UnknownRule};
pub use url::Url;

/// The README's examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
