//! RFC 1738 section 5, one nom 8 combinator per production.
//!
//! The modules follow the grammar's groups, in its order: the generic syntax,
//! the common internet scheme syntax, one module per scheme, and the
//! miscellaneous definitions. Each combinator is named after its production
//! (`ip-schemepart` → [`ip::ip_schemepart`], `gopher+_string` →
//! [`gopher::gopher_plus_string`]) and its documentation starts with the
//! production as printed. Where nom's ordered choice or greedy repetition
//! cannot follow the BNF literally, the combinator's documentation says what
//! it does instead and `grammar/DECISIONS.md` says why; each combinator
//! accepts exactly the language of its production.
//!
//! The combinators are generic over the [`Source`](crate::Source) they read and
//! return `impl Parser`, so they run in nom's `Check` mode (building nothing)
//! as well as in `Emit` mode. They parse a prefix of their input, as nom
//! parsers do; [`crate::parse_rule`] matches a production against a whole
//! input, with a precise error. They treat their input as complete.
//!
//! ```
//! use nom::Parser;
//! use rfc1738::grammar::http::httpurl;
//!
//! let (rest, url) = httpurl().parse_complete("http://host.dom:8080/a/b?q more").unwrap();
//! assert_eq!(url.hostport().port(), Some("8080"));
//! assert_eq!(url.search(), Some("q"));
//! assert_eq!(rest, " more");
//! ```

pub mod generic;
pub mod ip;

pub mod file;
pub mod ftp;
pub mod gopher;
pub mod http;
pub mod mailto;
pub mod news;
pub mod nntp;
pub mod prospero;
pub mod telnet;
pub mod wais;

pub mod chars;

pub(crate) mod primitive;

pub use primitive::E;
