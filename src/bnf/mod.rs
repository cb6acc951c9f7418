//! RFC 1738's BNF read as data: an independent oracle for the combinators.
//!
//! [`Grammar`] reads the dialect of section 5 (the text of
//! `grammar/rfc1738.bnf`) into an AST; [`Matcher`] answers membership and
//! viable-prefix questions by the BNF's own context-free semantics, tracking
//! every position a production can end at instead of committing to the
//! first alternative or the longest repetition as nom does; [`generate()`]
//! walks a production's expression to derive random strings of it; with
//! the `diagram` feature, `bnf::diagram` draws a production's railroad
//! diagram.
//!
//! Nothing here shares code with [`crate::grammar`]: the two are written
//! independently so that each can test the other.
//!
//! ```
//! use rfc1738::bnf::{Grammar, Matcher};
//!
//! let grammar = Grammar::rfc1738();
//! let matcher = Matcher::new(grammar);
//! let httpurl = grammar.get("httpurl").expect("the RFC defines httpurl");
//! assert!(matcher.matches(httpurl, "http://host:80/a?b"));
//! // "http://host:8" could go on as an http URL; "a" cannot follow it.
//! assert_eq!(matcher.check(httpurl, "http://host:8a/"), Err(13));
//! ```
//!
//! # The dialect
//!
//! - A line `name = ...` starts a production. Names are a lower-case letter
//!   followed by lower-case letters, digits, `-`, `+` and `_`
//!   (`ip-schemepart`, `gopher+_string`, `encoded822addr`). Blanks may come
//!   before the name and around the `=`.
//! - A following line that is neither blank, nor a comment line, nor the
//!   start of a production continues the production (`url`, `lowalpha`,
//!   `gopherurl` span several lines). A blank or comment line ends it; a
//!   continuation line after one is an error.
//! - `;` starts a comment that runs to the end of the line, unless it is
//!   inside a quoted literal (`";"`).
//! - `"..."` is a literal, read with no escape processing (`"\"` is a
//!   backslash) and ending on its line; `<">` is the double-quote character.
//!   An unquoted `/` is the literal `/` (erratum EID 5118 to `gopherurl`).
//! - `|` separates alternatives and binds loosest; juxtaposition is
//!   sequence; `[ ... ]` is an optional group.
//! - `n*element` (`n` defaults to 0, at most 1000) is `n` or more
//!   repetitions of the element right after the `*`: a name, a literal or a
//!   bracketed group. Brackets after `n*` only delimit the repeated group:
//!   `*[ x | y ]` is zero or more of `x | y`, `1*[ x ]` one or more `x`.
//!
//! After reading, every reference must name a production, no production may
//! be defined twice, and no production may refer to itself, directly or
//! through others (so every language is non-empty and every derivation
//! finite). Groups nest at most 64 deep and a derivation at most 256 levels
//! ([`MAX_DEPTH`]). An [`Expr`] built by hand may nest deeper: what walks
//! it does so in constant stack, or refuses it. It may also refer to a name
//! the grammar does not define or hold an [`Expr::Alternatives`] with no
//! items, which derive nothing: the [`Matcher`] matches nothing there, and
//! [`try_generate`] refuses the expression with an error naming the
//! reference or the empty choice, rather than make a string outside its
//! language.

#[cfg(feature = "diagram")]
#[cfg_attr(docsrs, doc(cfg(feature = "diagram")))]
pub mod diagram;
mod generate;
mod grammar;
mod matcher;
mod reader;
mod syntax;

pub use generate::{ChoiceKind, ChoicePoint, generate};
pub use generate::{DERIVATION_BUDGET, GenerateError, MAX_DERIVATION, try_generate};
pub use grammar::{Grammar, RFC1738};
#[doc(hidden)]
pub use matcher::MatchCost;
pub use matcher::Matcher;
pub use matcher::{MAX_STATES, TooManyStates};
pub use syntax::{BnfError, Expr, MAX_DEPTH, Production};
