//! RFC 1738 (Uniform Resource Locators, December 1994), section 5, as a
//! parser-combinator grammar, a zero-copy URL parser and a validator.
//!
//! Every production of the RFC's BNF is a nom 8 combinator of the same name in
//! [`grammar`], composed bottom-up into `url`, `genericurl` and the eleven
//! scheme rules. On top of them:
//!
//! - [`parse`] (or [`Url::parse`]) reads a URL the way section 2.1 asks an
//!   interpreter to: it chooses the scheme rule by the scheme name, whatever
//!   its case, and returns the typed, borrowed syntax tree [`Url`], whose
//!   [`as_str`](Url::as_str) and `Display` are the input. [`UrlBuf`] is a URL
//!   that owns its text, to store in a struct or a map or send to a thread.
//! - [`parse_rule`] matches any [`Rule`] against a whole input by the
//!   grammar's letter: the conformance question "is this string in the
//!   language of production P?".
//! - [`is_valid`] gives `parse`'s verdict building nothing.
//! - Every failure is an [`Error`] with the exact offset (the longest prefix a
//!   string of the rule can start with), line and column, the production path,
//!   what was expected and what was found.
//! - [`url`] says what a URL means (section 3): decoded parts, ports, the FTP
//!   commands of an ftp URL, the request of a gopher URL, the canonical form,
//!   and URLs built from their parts.
//!
//! ```
//! use rfc1738::{Rule, Url, UrlBuf};
//!
//! let url = Url::parse("ftp://myname@host.dom/%2Fetc/motd")?;
//! assert_eq!(url.rule(), Rule::Ftpurl);
//! assert_eq!(url.as_str(), "ftp://myname@host.dom/%2Fetc/motd");
//!
//! // Owned, for a struct, a map or another thread.
//! let kept: UrlBuf = "news:comp.infosystems.www.misc".parse()?;
//! assert_eq!(kept.as_url().rule(), Rule::Newsurl);
//!
//! let error = Url::parse("http://host:8a/").unwrap_err();
//! assert_eq!(error.offset(), 13);
//! assert_eq!(error.message(), r#"expected digit, "/" or end of input, found "a""#);
//! # Ok::<(), rfc1738::Error>(())
//! ```
//!
//! ## Using the library
//!
//! The library is the package `rfc1738`, and it has none of the command
//! line's dependencies: the `rfc1738` tool is the package `rfc1738-cli`, a
//! package of its own. The library depends on `nom`, `nom_locate`,
//! `thiserror`, `memchr`, `annotate-snippets`, `percent-encoding`,
//! `unicode-width` and `once_cell` (and `safe_arch` on x86_64), and builds
//! with `railroad`,
//! which draws the diagrams of its documentation.
//!
//! The crate is not published: depend on a clone of its repository by
//! path.
//!
//! ```toml
//! [dependencies]
//! rfc1738 = { path = "../rfc1738" }
//! # or, with serde:
//! rfc1738 = { path = "../rfc1738", features = ["serde"] }
//! ```
//!
//! ## Features
//!
//! - `serde` (off by default): [`Url`] and [`UrlBuf`] serialize as their
//!   text, and deserialize through the grammar (a text it rejects is an error
//!   naming where); `url::serde_tree` serializes the syntax tree instead; the
//!   decoded parts ([`url::Parts`], [`url::Decoded`]) serialize and
//!   deserialize. Each reads back from a human-readable format (JSON) and
//!   from a compact one that is not self-describing (postcard, bincode).
//!   An [`Error`] serializes as a map of its accessors' values, named as
//!   the command line's JSON `error` record names them (`rule`, `offset`,
//!   `line`, `column`, `path`, `expected`, `found`, `message`, `hints`),
//!   its password hidden there as its `Display` hides it when it was told
//!   to [`hide_password`](Error::hide_password). Those values serialize in
//!   the forms the command line's JSON writes: a [`Rule`] as its name
//!   (`"hostport"`), a [`Position`] as `{"line": 1, "column": 14}`, a
//!   [`lint::Code`] and a [`HintCode`] as their `as_str`
//!   (`"reserved-port"`, `"fragment"`), each of these read back too; an
//!   [`Expected`] and a [`Hint`] as their `Display` (`"digit"`, `"\"/\""`;
//!   the message and its section), with no way back. A [`Found`] is
//!   `{"char": "a"}`, `{"byte": 255}` or `"end-of-input"`, which tells a
//!   byte from the end of the input (the command line writes the character
//!   alone, or `null` for either). A [`lint::Warning`] serializes as a map
//!   of the members of the command line's JSON `warnings` records (`code`,
//!   `message`, `offset`, `count`, `offsets`, `offsets_capped`) and
//!   `in_password`, its message hidden once it was told to hide its
//!   password. The other errors do not serialize: write their `Display`,
//!   or their accessors.
//! - `diagram` (off by default): [`bnf::diagram`][diagram] draws a production's
//!   railroad diagram as SVG (the `railroad` crate). Every combinator's
//!   documentation shows its diagram without it: they are drawn at build
//!   time.
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
//! and every other ambiguity of the BNF are in [`decisions`].
//!
//! ## Passwords
//!
//! A URL's types ([`Url`] and its parts, [`UrlBuf`], the decoded
//! [`url::Parts`]) are the URL: their `Display` and `Debug` show its text,
//! a password included, as `url::Url`'s do. What the crate says *about* an
//! input can leave its passwords out: an [`Error`] told to
//! [`hide_password`](Error::hide_password) (or, by value, in a `map_err`
//! chain, [`password_hidden`](Error::password_hidden)) shows none of them
//! (as do a [`Diagnostic`] told to, a [`url::BuildError`] and a
//! [`url::FromStringError`]); the `Debug` of an error, a warning or a
//! diagnostic, which a panic's message shows, does not show the input (an
//! [`Error`] not hidden names the character found, and its hints may quote
//! it); and
//! [`passwords_around`] says which characters of a line to hide before it
//! is logged ([`octet_spans`]: which octets of a part shown decoded).
//!
//! ## Modules
//!
//! - [`grammar`]: the 67 combinators, one module per group of the BNF, for
//!   your own nom parsers.
//! - [`url`]: the syntax tree's types and what they mean; [`UrlBuf`].
//! - [`lint`]: warnings about valid URLs (sections 2.1, 3, 4 and 6 and the appendix).
//! - [`extract`]: URLs found in text, as the RFC's appendix describes.
//! - [`visible`]: how text from an input may be shown on a terminal.
//! - [`bnf`] and [`coverage`]: the BNF as data, an exhaustive matcher and a
//!   generator (the conformance oracle), and which alternatives a set of
//!   inputs exercises.
//! - [`decisions`]: where the BNF leaves a choice open, and what this crate
//!   decides.
//!
//! The module [`url`] has the name of the `url` crate: in a program that
//! depends on both, `use rfc1738::*;` makes `url::Url` this crate's
//! [`url::Url`] (a glob import's names shadow the crates a program depends
//! on). Import the items you use by name, or refer to the other crate as
//! `::url`.
//!
// The module exists only with its feature: without it, the link goes to
// the list of features, which says how to have it.
#![cfg_attr(feature = "diagram", doc = "[diagram]: bnf::diagram")]
#![cfg_attr(not(feature = "diagram"), doc = "[diagram]: #features")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![warn(clippy::missing_errors_doc)]
// What it is a bug to drop is marked `#[must_use]`, and clippy says where
// a public function that only computes a value lacks it (it passes over
// macros and types with inner mutability, such as `Error`: those are
// marked by hand).
#![warn(clippy::must_use_candidate, clippy::return_self_not_must_use)]
#![cfg_attr(docsrs, feature(doc_cfg))]

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
#[cfg(feature = "serde")]
mod named;
mod pass;
mod password;
mod rule;
mod scan;
mod trace;

pub use error::{Diagnostic, Error};
pub use expected::{Expected, Found};
pub use hint::{Hint, HintCode, UnknownCode};
pub use password::{authority_passwords, decoded_passwords, octet_spans, passwords_around};
pub use position::Position;

pub use api::{
    Match, check, check_bytes, check_prefix, is_valid, parse, parse_prefix, parse_rule, scheme_rule,
};
pub use derivation::{Derivation, is_character_class};
pub use rule::{Rule, UnknownRule};
pub use url::{Url, UrlBuf};

/// nom 8, which the [`grammar`]'s combinators are written with and return
/// (`impl nom::Parser`, [`grammar::Text`], [`grammar::E`]): a program that
/// calls them uses this one, whose version they implement.
pub use nom;

/// nom_locate 5, whose span of text the [`grammar`]'s combinators read
/// ([`grammar::Text`]), an [`Error`] gives of its failure point
/// ([`Error::span`]), and a [`Position`] converts from: a program that
/// reads or makes these spans uses this one. nom_locate 5 is the
/// nom_locate of nom 8: a major version of either that the crate moved to
/// would change its API alike.
pub use nom_locate;

#[doc = include_str!("../grammar/DECISIONS.md")]
// The bracketed names are the tests that pin each decision, not links.
#[allow(rustdoc::broken_intra_doc_links)]
pub mod decisions {}

/// The README's examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// What it is a bug to drop is marked `#[must_use]`: each of these fails to
/// compile when warnings are errors.
///
/// ```compile_fail
/// #![deny(unused_must_use)]
/// rfc1738::is_valid("http://host/");
/// ```
///
/// ```compile_fail
/// #![deny(unused_must_use)]
/// rfc1738::scheme_rule("http://host/");
/// ```
///
/// ```compile_fail
/// #![deny(unused_must_use)]
/// rfc1738::check_prefix("http://host/");
/// ```
///
/// ```compile_fail
/// #![deny(unused_must_use)]
/// rfc1738::parse_prefix(rfc1738::Rule::Host, "host");
/// ```
///
/// ```compile_fail
/// #![deny(unused_must_use)]
/// rfc1738::url::decode("a%20b");
/// ```
///
/// ```compile_fail
/// #![deny(unused_must_use)]
/// rfc1738::check("http://host/").unwrap().tree();
/// ```
///
/// ```compile_fail
/// #![deny(unused_must_use)]
/// rfc1738::parse("http://host/").unwrap().canonical();
/// ```
///
/// ```compile_fail
/// #![deny(unused_must_use)]
/// rfc1738::lint::lint(&rfc1738::parse("http://host/").unwrap());
/// ```
///
/// ```compile_fail
/// #![deny(unused_must_use)]
/// rfc1738::extract::extract("see http://host/");
/// ```
///
/// ```compile_fail
/// #![deny(unused_must_use)]
/// rfc1738::UrlBuf::parse("http://host/").unwrap().as_url();
/// ```
///
/// ```compile_fail
/// #![deny(unused_must_use)]
/// rfc1738::parse("http://host:8a/").unwrap_err().message();
/// ```
///
/// ```compile_fail
/// #![deny(unused_must_use)]
/// rfc1738::Position::of("a\nb", 2);
/// ```
///
/// ```compile_fail
/// #![deny(unused_must_use)]
/// rfc1738::visible::Visible::new("a\tb").quoted();
/// ```
///
/// ```compile_fail
/// #![deny(unused_must_use)]
/// rfc1738::Rule::Host.name();
/// ```
///
/// The same lines compile when the result is used.
///
/// ```
/// #![deny(unused_must_use)]
/// let _ = rfc1738::is_valid("http://host/");
/// let _ = rfc1738::scheme_rule("http://host/");
/// let _ = rfc1738::check_prefix("http://host/");
/// let _ = rfc1738::parse_prefix(rfc1738::Rule::Host, "host");
/// let _ = rfc1738::url::decode("a%20b");
/// let _ = rfc1738::check("http://host/").unwrap().tree();
/// let _ = rfc1738::parse("http://host/").unwrap().canonical();
/// let _ = rfc1738::lint::lint(&rfc1738::parse("http://host/").unwrap());
/// let _ = rfc1738::extract::extract("see http://host/");
/// let _ = rfc1738::UrlBuf::parse("http://host/").unwrap().as_url();
/// let _ = rfc1738::parse("http://host:8a/").unwrap_err().message();
/// let _ = rfc1738::Position::of("a\nb", 2);
/// let _ = rfc1738::visible::Visible::new("a\tb").quoted();
/// let _ = rfc1738::Rule::Host.name();
/// ```
#[cfg(doctest)]
struct MustUse;

/// The vocabulary that may grow is `#[non_exhaustive]`: a match outside the
/// crate needs a wildcard arm, so that a variant added is no breaking
/// change. Each of these fails to compile.
///
/// ```compile_fail
/// fn name(expected: rfc1738::Expected) -> &'static str {
///     match expected {
///         rfc1738::Expected::Rule(_) => "rule",
///         rfc1738::Expected::Literal(_) => "literal",
///         rfc1738::Expected::EndOfInput => "end",
///     }
/// }
/// ```
///
/// ```compile_fail
/// fn name(found: rfc1738::Found) -> &'static str {
///     match found {
///         rfc1738::Found::Char(_) => "char",
///         rfc1738::Found::Byte(_) => "byte",
///         rfc1738::Found::EndOfInput => "end",
///     }
/// }
/// ```
///
/// ```compile_fail
/// use rfc1738::extract::Form;
/// fn name(form: Form) -> &'static str {
///     match form {
///         Form::UrlPrefixed => "url-prefixed",
///         Form::Angle => "angle",
///         Form::Bare => "bare",
///     }
/// }
/// ```
///
/// ```compile_fail
/// use rfc1738::bnf::Expr;
/// fn leaf(expr: &Expr) -> bool {
///     match expr {
///         Expr::Literal(_) | Expr::Ref(_) => true,
///         Expr::Alternatives(_) | Expr::Sequence(_) => false,
///         Expr::Optional(_) | Expr::Repeat { .. } => false,
///     }
/// }
/// ```
///
/// ```compile_fail
/// use rfc1738::bnf::ChoiceKind;
/// fn answer(kind: ChoiceKind) -> u32 {
///     match kind {
///         ChoiceKind::Alternative { .. } | ChoiceKind::Optional | ChoiceKind::Repeat { .. } => 0,
///     }
/// }
/// ```
///
/// A struct-like variant may gain fields: it is matched with `..`.
///
/// ```compile_fail
/// use rfc1738::url::BuildError;
/// fn part(error: &BuildError) -> Option<&'static str> {
///     match error {
///         BuildError::Empty { part, production: _, what: _ } => Some(part),
///         _ => None,
///     }
/// }
/// ```
///
/// With the wildcard arm, and `..`, they compile.
///
/// ```
/// use rfc1738::bnf::{ChoiceKind, Expr};
/// use rfc1738::extract::Form;
/// use rfc1738::url::BuildError;
/// use rfc1738::{Expected, Found};
/// let _ = |expected: Expected| match expected {
///     Expected::Rule(_) | Expected::Literal(_) | Expected::EndOfInput => 0,
///     _ => 1,
/// };
/// let _ = |found: Found| match found {
///     Found::Char(_) | Found::Byte(_) | Found::EndOfInput => 0,
///     _ => 1,
/// };
/// let _ = |form: Form| match form {
///     Form::UrlPrefixed | Form::Angle | Form::Bare => 0,
///     _ => 1,
/// };
/// let _ = |expr: &Expr| match expr {
///     Expr::Literal(_) | Expr::Ref(_) | Expr::Alternatives(_) | Expr::Sequence(_) => 0,
///     Expr::Optional(_) | Expr::Repeat { .. } => 0,
///     _ => 1,
/// };
/// let _ = |kind: ChoiceKind| match kind {
///     ChoiceKind::Alternative { .. } | ChoiceKind::Optional | ChoiceKind::Repeat { .. } => 0,
///     _ => 1,
/// };
/// let _ = |error: &BuildError| match error {
///     BuildError::Empty { part, .. } => Some(*part),
///     _ => None,
/// };
/// ```
#[cfg(doctest)]
struct NonExhaustive;
