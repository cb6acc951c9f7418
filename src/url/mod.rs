//! What a URL means (section 3), on top of its typed, borrowed syntax tree.
//!
//! - The syntax tree itself ([`Url`], one type per scheme rule, [`Host`],
//!   [`Login`], [`Path`], …) is what [`crate::parse`] returns: every part
//!   borrows from the parsed text, as written (still `%`-encoded), and
//!   `Display` reproduces the input byte for byte. It is defined below the
//!   grammar and re-exported here with what it means.
//! - `decode`: [`decode`] and [`Decoded`], the octets a part stands for
//!   (section 2.2), borrowed when there is no escape.
//! - `semantics`: decoded parts, ports and default ports ([`default_port`])
//!   of every scheme (section 3); `ftp` and `gopher` add the protocol
//!   requests of sections 3.2.2 and 3.4 ([`FtpUrl::commands`],
//!   [`GopherUrl::request`]).
//! - `errors`: what a valid URL can still fail to mean ([`OutOfRange`],
//!   [`ForbiddenByte`]) and what cannot be built ([`BuildError`]).
//! - `build`: the decoded parts of each scheme ([`Parts`]), from a parsed URL
//!   ([`Url::to_parts`]) and back to a URL ([`Parts::build`]).
//! - `canonical`: [`Url::canonical`], one spelling for URLs that mean the
//!   same.
//!
//! With the `serde` feature, the syntax tree and the errors' data implement
//! `Serialize` (the parts as written: `{"http": {"scheme": "http",
//! "hostport": ...}}`), and the decoded parts and [`Decoded`] both
//! `Serialize` and `Deserialize`. The syntax tree has no `Deserialize`: a
//! deserialized tree would not have gone through the grammar, and its
//! `Display` would not be a URL; deserialize the URL's text and
//! [`crate::parse`] it, or deserialize [`Parts`] and build it.

mod build;
mod canonical;
mod decode;
mod errors;
mod ftp;
mod gopher;
mod semantics;

pub use crate::ast::{
    Article, Fieldspec, Fieldspecs, FileHost, FileUrl, FtpUrl, GenericUrl, GopherPath, GopherUrl,
    Grouppart, Host, Hostport, HttpUrl, IpSchemepart, Login, MailtoUrl, NewsUrl, NntpUrl, Path,
    ProsperoUrl, TelnetUrl, Url, WaisDatabase, WaisDoc, WaisIndex, WaisUrl,
};
pub use build::{
    FileParts, FtpParts, GopherParts, HttpParts, MailtoParts, NewsParts, NntpParts, OtherParts,
    Parts, ProsperoParts, TelnetParts, Userinfo, WaisForm, WaisParts,
};
pub use decode::{Decoded, decode};
pub use errors::{BuildError, ForbiddenByte, OutOfRange};
pub use ftp::{FtpCommand, FtpCredentials, Typecode};
pub use semantics::default_port;
