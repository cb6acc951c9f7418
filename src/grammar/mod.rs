//! RFC 1738 section 5, one nom 8 combinator per production.
//!
//! The modules follow the grammar's groups: the generic syntax, the common
//! internet scheme syntax, one module per scheme (declared in the order of
//! their names), and the miscellaneous definitions. Each combinator is
//! named after its production (`ip-schemepart` → [`ip::ip_schemepart`],
//! `gopher+_string` →
//! [`gopher::gopher_plus_string`]), its documentation starts with the
//! production as printed, and it is written in the production's shape.
//! Where nom's ordered choice or greedy repetition cannot follow the BNF
//! literally, the combinator's documentation says what it does instead and
//! [`decisions`](crate::decisions) says why; each combinator accepts exactly the
//! language of its production.
//!
//! A combinator is built for an observer, its one argument: [`Quiet`] for
//! your own parsers. It reads [`Text`]: `&str`, the grammar's letter,
//! [`Folded`], which matches scheme names whatever their case (section 2.1),
//! or a nom_locate span of text (`LocatedSpan<&str, X>`), whose line and
//! column the rest it leaves carries on. Its error type is nom's own,
//! [`E`]: a parser with an error type of its own converts the failure
//! (`nom::Err::map`, `nom::Err::convert`).
//! The combinators return `impl Parser`, so they run in nom's `Check` mode
//! (building nothing) as well as in `Emit` mode, and are `#[must_use]`: a
//! combinator parses nothing until it is run. They parse a prefix of
//! their input, as nom parsers do, and treat it as complete;
//! [`crate::parse_rule`] matches a production against a whole input, with a
//! precise error.
//!
//! The combinators are nom 8's, and nom is re-exported as
//! [`rfc1738::nom`](crate::nom): a program that calls them needs no
//! dependency of its own on nom, and cannot pick a version they do not
//! implement.
//!
//! ```
//! use rfc1738::grammar::{Quiet, http::httpurl};
//! use rfc1738::nom::Parser;
//!
//! let (rest, url) = httpurl(Quiet).parse_complete("http://host.dom:8080/a/b?q more").unwrap();
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

mod leaf;

pub use leaf::E;
pub(crate) use leaf::end_of_input;

pub use crate::input::{Folded, Text};
pub use crate::trace::{Observer, Quiet};

/// Every combinator is `#[must_use]`: nom's `Parser` trait, which they
/// return, is not, and a combinator built and dropped parses nothing. Each
/// of these fails to compile when warnings are errors. (The input type is
/// named: where nothing uses the parser, nothing infers it either.)
///
/// ```compile_fail
/// #![deny(unused_must_use)]
/// use rfc1738::grammar::{Quiet, http};
/// http::httpurl::<&str, _>(Quiet);
/// ```
///
/// ```compile_fail
/// #![deny(unused_must_use)]
/// use rfc1738::grammar::{Quiet, ip};
/// ip::hostport::<&str, _>(Quiet);
/// ```
///
/// ```compile_fail
/// #![deny(unused_must_use)]
/// use rfc1738::grammar::{Quiet, chars};
/// chars::xchar::<&str, _>(Quiet);
/// ```
///
/// The same lines compile when the combinator is used.
///
/// ```
/// #![deny(unused_must_use)]
/// use rfc1738::grammar::{Quiet, chars, http, ip};
/// let _ = http::httpurl::<&str, _>(Quiet);
/// let _ = ip::hostport::<&str, _>(Quiet);
/// let _ = chars::xchar::<&str, _>(Quiet);
/// ```
#[cfg(doctest)]
struct MustUse;
