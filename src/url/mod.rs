//! What a URL means (section 3), on top of its typed, borrowed syntax tree.
//!
//! The syntax tree itself ([`Url`], one type per scheme rule, [`Host`],
//! [`Login`], [`Path`], …) is what [`crate::parse`] returns: every part
//! borrows from the parsed text (a file URL's literal `localhost`,
//! [`FileHost::Localhost`], holds no text), as written (still `%`-encoded),
//! [`Url::as_str`] is that text, and `Display` reproduces it byte for byte.
//! It is defined below the grammar and re-exported here with what it means.
//! [`UrlBuf`] is a URL that owns its text, to store or send anywhere.
//!
//! Section 3 gives each scheme's parts a meaning: default ports, the anonymous FTP login, the
//! FTP commands an ftp URL stands for, the request a gopher URL sends. This module has it as
//! accessors on the syntax tree, decoding only on request:
//!
//! ```rust
//! use rfc1738::Url;
//! use rfc1738::url::{FtpCredentials, decode};
//!
//! let Ok(Url::Ftp(url)) = rfc1738::parse("ftp://myname@host.dom/%2Fetc/motd") else { panic!() };
//! assert_eq!(url.effective_port(), Ok(21));                 // port() is None: the default
//! assert_eq!(url.credentials(), FtpCredentials::User { user: "myname".into(), password: None });
//! let commands: Vec<String> = url.commands()?.iter().map(ToString::to_string).collect();
//! assert_eq!(commands, ["CWD /etc", "RETR motd"]);
//!
//! let Ok(Url::Gopher(url)) = rfc1738::parse("gopher://host.dom/7sel%09rfc%201738") else { panic!() };
//! assert_eq!((url.gopher_type(), url.request()?), (b'7', b"sel\trfc 1738\r\n".to_vec()));
//!
//! assert_eq!(decode("caf%E9").as_bytes(), b"caf\xE9");      // octets, not characters
//! assert_eq!(decode("caf%E9").to_str(), None);              // lossless: no U+FFFD
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! - **Decoded parts** are `Decoded`: the octets of section 2.2 (`%FF` is the octet 255,
//!   not a character), borrowed from the input when the part has no escape, with `as_bytes()`,
//!   the lossless `to_str() -> Option<&str>` and `to_string_lossy()`. Every scheme has its
//!   parts as written (`&str`) and decoded (`*_decoded()`, `address()`, `hsoname()`,
//!   `message_id()`). Parsing still allocates nothing; decoding allocates only for a part
//!   with an escape.
//! - **Ports**: `port()` is the digits as written, `port_number()` the number, and
//!   `effective_port()` the number or the scheme's default (ftp 21, http 80, gopher 70, nntp
//!   119, telnet 23, wais 210, prospero 1525; `url::default_port(scheme)`). `port = digits`
//!   has no bound, so `http://host:65536/` is valid, and its port is an `OutOfRange` error.
//! - **ftp** (3.2): `credentials()` is `Anonymous` when the URL has no user: section 3.2.1's
//!   convention (user `anonymous`, password the end user's e-mail address) applies "if ... one
//!   is requested by the FTP server", with values the URL does not give, so none is invented;
//!   a user without a password is `User { password: None }` (the client asks the user).
//!   `commands()` follows 3.2.2 to the letter: a `CWD` per segment before the last (an empty
//!   one is `CWD ` with a null argument), then `NLST <name>` for `;type=d`, else `TYPE A` or
//!   `TYPE I` when there is a typecode, then `RETR <name>`; no `TYPE` without a typecode
//!   (3.2.3 leaves the mode to the client: `guess_typecode()` guesses it from the name).
//!   An empty name names no file: `NLST` alone (the directory's listing) under `d` or
//!   without a typecode, a `SemanticError::NoFile` under `a` or `i` (D30); no url-path, no
//!   command. `commands_with(typecode)` gives them under a typecode the caller chooses, and
//!   `commands_iter(typecode)` one at a time, without a vector (a path of a million segments
//!   costs nothing more than the URL; `commands_iter(url.typecode())` is `commands()`'s).
//! - **gopher** (3.4): `gopher_path()` ([`GopherPath`], the parts after the `/`),
//!   `gopher_type()` (`1` when the gopher-path is empty), `selector_decoded()`,
//!   `search_decoded()`, `gopher_plus_decoded()`, and `request()`: the selector, TAB and the
//!   search, TAB and the Gopher+ string (those present), CRLF. A form's data block (3.4.9) is
//!   sent with its lines, after the search field 3.4.3 requires, empty or not (3.4.9 shows the
//!   line without it: the RFC contradicts itself, D31).
//! - **Section 6**: a decoded CR or LF in an FTP argument, or a TAB, CR or LF in a gopher
//!   selector or search (or a Gopher+ string that is no form), would end the command or field
//!   and smuggle another ("could be used to simulate an extra operation"). `commands()` and
//!   `request()` refuse such URLs with a `ForbiddenByte` naming the part, the octet and its
//!   position; the decoded parts stay readable.
//! - **Semantic errors**: `Url::semantic_errors()` lists every error those accessors give a
//!   URL (a port beyond 65535, an nntp article number beyond 64 bits, a `ForbiddenByte` of
//!   the FTP login, path or Gopher request, an FTP transfer of no file) as a
//!   [`SemanticError`], in the order of where each is; [`crate::lint`] warns of each.
//! - **news** (3.6) `group()`, `article()` (`message_id()` without the angle brackets),
//!   `is_all()` for `news:*`; **nntp** (3.7) `group()`, `article_number()`; **telnet** (3.8)
//!   the advisory `user_decoded()`, `password_decoded()`; **wais** (3.9) `database_decoded()`
//!   and `search_decoded()` or `wtype_decoded()` and `wpath_decoded()`, on a [`WaisUrl`] and
//!   on each of its three forms ([`WaisDatabase`], [`WaisIndex`], [`WaisDoc`]); **file** (3.10)
//!   `host()`, `is_local()` (empty host or `localhost`), `path_segments_decoded()`;
//!   **prospero** (3.11) `hsoname()` (`prospero://host.dom//pros/name` → `/pros/name`) and
//!   `fields_decoded()`; **mailto** (3.5) `address()`; any other scheme `schemepart()` and,
//!   read by the grammar's own `ip-schemepart` combinator, `ip_schemepart()`.
//!   `Url::host()`, `login()`, `port()`, `port_number()`, `effective_port()` work across
//!   schemes.
//! - **Building**: `Url::to_parts()` gives the decoded parts (`Parts`: `FtpParts`,
//!   `GopherParts`, …), and `Parts::build()` writes a URL from them, a [`UrlBuf`] (which
//!   parses, as every `UrlBuf` does: no second parse, no error to handle), encoding in each
//!   component exactly what must be: `%`, unsafe, control and non-ASCII octets everywhere, and
//!   the characters the component reserves (`:` `@` `/` in a user name, `/` `;` in an ftp
//!   segment, `/` `;` `?` in an http path or search, `;` in an hsoname, nothing in a mailto
//!   address or a gopher selector). Parts no URL can express (an empty host, a news group not
//!   starting with a letter, a TAB in a gopher search, a search without a path…) are a
//!   `BuildError`. An http segment and search are the pieces their unencoded `;`s separate,
//!   each decoded (`a;b` is `a` and `b`, `a%3Bb` the one piece `a;b`): section 3.3 reserves
//!   `;` there and the grammar lets it stand for itself, the only component where it does, so
//!   URL → parts → URL keeps what the URL means (D29 of [`crate::decisions`]). Property tests
//!   check parts → build → parse → parts for every scheme, and URL → parts → URL.
//! - **Canonical form**: `Url::canonical()` lower-cases the scheme and host, drops a default
//!   port and the leading zeros of a port and an nntp article number, decodes each escape
//!   unless its component reserves the character (section 3) or its production does not
//!   allow it unencoded (`ftp://h/a%3Db` is `ftp://h/a=b`; an http path's `%3B` stays; another
//!   scheme's escapes only where the character is unreserved), upper-cases the hex digits of
//!   the escapes kept, lower-cases an ftp typecode, and writes a gopher URL's type even
//!   where its empty path leaves it to default (`gopher://h` is `gopher://h/1`, section
//!   3.4.1) and a telnet URL's optional final `/` (3.8). For the schemes of section 3 it is
//!   the builder's spelling of the URL's parts: URLs with the same parts have one canonical
//!   form (D34 of [`crate::decisions`]). `Display` stays the input as written. Canonical
//!   forms parse, are their own canonical form and keep the decoded parts (property-tested).
//! - **serde** (feature `serde`): a [`Url`] and a [`UrlBuf`] are written as their text, and
//!   read back through the grammar (a text it rejects is an error naming the position); a
//!   `Url<'de>` borrows the deserializer's string. `serde_tree` writes the syntax tree
//!   instead (`{"ftp": {"scheme": "ftp", "login": ...}}`), as do the scheme types
//!   ([`FtpUrl`], …) themselves; [`Parts`] and [`Decoded`] are `Serialize` and
//!   `Deserialize`: decoded octets are a string when they are UTF-8, else an array of byte
//!   values, in a human-readable format (JSON); in a compact one (postcard, bincode),
//!   a byte string, read back without the `deserialize_any` such a format lacks. Each
//!   type reads back from either kind of format, and the tree is written in either. The
//!   tree has no `Deserialize`: a tree that did not come from the grammar would not be a
//!   URL; deserialize the text, or [`Parts`] and build them.

mod buf;
mod build;
mod canonical;
mod decode;
mod encode;
mod errors;
mod ftp;
mod gopher;
mod mailto;
mod semantic_errors;
mod semantics;
#[cfg(feature = "serde")]
mod serde_impl;
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod serde_tree;

pub use crate::ast::{
    Article, Fieldspec, Fieldspecs, FieldspecsIter, FileHost, FileUrl, FtpUrl, GenericUrl,
    GopherPath, GopherUrl, Grouppart, Host, Hostport, HttpUrl, IpSchemepart, Login, MailtoUrl,
    NewsUrl, NntpUrl, Path, ProsperoUrl, Segments, TelnetUrl, Url, WaisDatabase, WaisDoc,
    WaisIndex, WaisUrl,
};
pub use buf::{FromStringError, UrlBuf};
pub use build::{
    FileParts, FtpParts, GopherParts, HttpParts, MailtoParts, NewsParts, NntpParts, OtherParts,
    Parts, ProsperoParts, TelnetParts, Userinfo, WaisForm, WaisParts,
};
pub use decode::{Decoded, decode};
pub use errors::{BuildError, ForbiddenByte, OutOfRange, SemanticError};
pub use ftp::{FtpCommand, FtpCommands, FtpCredentials, Typecode};
pub use semantics::default_port;
