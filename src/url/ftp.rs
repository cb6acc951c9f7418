//! What an ftp URL means (section 3.2): the login, the typecode and the FTP
//! commands its url-path stands for.

use core::fmt;
use core::iter::FusedIterator;

use percent_encoding::percent_decode_str;

use super::decode::{Decoded, decode, has_escape};
use super::errors::{ForbiddenByte, SemanticError};
use crate::ast::FtpUrl;

/// The `;type=` typecode of section 3.2.2: "one of the characters "a", "i",
/// or "d"". The grammar also allows them in upper case (`ftptype = "A" | "I"
/// | "D" | "a" | "i" | "d"`); both mean the same.
///
/// ```
/// use rfc1738::url::Typecode;
/// let rfc1738::Url::Ftp(url) = rfc1738::parse("ftp://host.dom/pub;type=D")? else { panic!() };
/// assert_eq!(url.typecode(), Some(Typecode::Directory));
/// assert_eq!((Typecode::from_char('I'), Typecode::Image.as_char()), (Some(Typecode::Image), 'i'));
/// # Ok::<(), rfc1738::Error>(())
/// ```
///
/// Typecodes are ordered by their letter, as the URLs that hold them are:
/// `a`, `d`, `i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Typecode {
    /// `a`: transfer as ASCII text (`TYPE A`).
    #[cfg_attr(feature = "serde", serde(rename = "a"))]
    Ascii,
    /// `i`: transfer as an image, byte for byte (`TYPE I`).
    #[cfg_attr(feature = "serde", serde(rename = "i"))]
    Image,
    /// `d`: the name is a directory; list it (`NLST`).
    #[cfg_attr(feature = "serde", serde(rename = "d"))]
    Directory,
}

impl Typecode {
    /// The typecode of a character, in either case.
    #[must_use]
    pub fn from_char(c: char) -> Option<Typecode> {
        match c.to_ascii_lowercase() {
            'a' => Some(Typecode::Ascii),
            'i' => Some(Typecode::Image),
            'd' => Some(Typecode::Directory),
            _ => None,
        }
    }

    /// The typecode's character, in lower case as section 3.2.2 writes it.
    #[must_use]
    pub fn as_char(&self) -> char {
        match self {
            Typecode::Ascii => 'a',
            Typecode::Image => 'i',
            Typecode::Directory => 'd',
        }
    }
}

impl PartialOrd for Typecode {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Typecode {
    /// By the letter.
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.as_char().cmp(&other.as_char())
    }
}

impl fmt::Display for Typecode {
    /// The letter, padded as a `char` is given a width.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_char().fmt(f)
    }
}

/// Who an ftp URL logs in as (section 3.2.1), as the URL says it: the
/// anonymous convention is named, not filled in.
///
/// "If no user name or password is supplied and one is requested by the FTP
/// server, the conventions for "anonymous" FTP are to be used": the user
/// name `anonymous`, and as password "the Internet e-mail address of the end
/// user accessing the resource". The URL gives neither, and this crate does
/// not know the end user's address, so it returns
/// [`FtpCredentials::Anonymous`] and leaves the two values to the client.
///
/// The values are decoded as they are: before sending them in `USER` and
/// `PASS` commands, [`FtpCredentials::check`] refuses CR and LF in them, as
/// [`FtpUrl::commands`] does in the path (section 6).
///
/// ```
/// use rfc1738::url::FtpCredentials;
/// let rfc1738::Url::Ftp(url) = rfc1738::parse("ftp://host.com/")? else { panic!() };
/// assert_eq!(url.credentials(), FtpCredentials::Anonymous);
/// let rfc1738::Url::Ftp(url) = rfc1738::parse("ftp://foo:@host.com/")? else { panic!() };
/// assert_eq!(url.credentials(), FtpCredentials::User { user: "foo".into(), password: Some("".into()) });
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum FtpCredentials<'a> {
    /// No `user@`: if the server asks for a user name, the conventions for
    /// anonymous FTP apply (user `anonymous`, password the end user's e-mail
    /// address).
    Anonymous,
    /// A user name (possibly empty: `ftp://@host.com/`), and a password if
    /// the URL gives one. Without one, "if the remote server requests a
    /// password, the program interpreting the FTP URL should request one
    /// from the user".
    User {
        /// The user name, decoded.
        user: Decoded<'a>,
        /// The password, decoded, if there is a `:password`.
        password: Option<Decoded<'a>>,
    },
}

impl FtpCredentials<'_> {
    /// Refuses credentials a client cannot send as they are in `USER` and
    /// `PASS` commands. Anonymous credentials pass: the client supplies them.
    ///
    /// # Errors
    ///
    /// A [`ForbiddenByte`] for the first CR or LF in the decoded user name,
    /// else in the password, naming the part: sent as it is, it would end its
    /// command line and start another on the server (section 6: "could be
    /// used to simulate an extra operation"), as [`FtpUrl::commands`]
    /// refuses in the path.
    ///
    /// ```
    /// let rfc1738::Url::Ftp(url) = rfc1738::parse("ftp://me%0D%0ADELE%20x@host/")? else { panic!() };
    /// let error = url.credentials().check().unwrap_err();
    /// assert_eq!((error.part(), error.byte(), error.position()), ("user", b'\r', 2));
    /// let rfc1738::Url::Ftp(url) = rfc1738::parse("ftp://me:a%0Ab@host/")? else { panic!() };
    /// assert_eq!(url.credentials().check().unwrap_err().part(), "password");
    /// let rfc1738::Url::Ftp(url) = rfc1738::parse("ftp://me:pw@host/")? else { panic!() };
    /// assert!(url.credentials().check().is_ok());
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    pub fn check(&self) -> Result<(), ForbiddenByte> {
        if let FtpCredentials::User { user, password } = self {
            forbidden(user.as_bytes().iter().copied(), "user", None)?;
            if let Some(password) = password {
                forbidden(password.as_bytes().iter().copied(), "password", None)?;
            }
        }
        Ok(())
    }
}

/// One FTP command of the sequence section 3.2.2 derives from a url-path.
/// Its arguments are decoded: "The components are decoded prior to their
/// use in the FTP protocol."
///
/// ```
/// use rfc1738::url::FtpCommand;
/// let rfc1738::Url::Ftp(url) = rfc1738::parse("ftp://host.dom/pub/list;type=d")? else { panic!() };
/// let commands = url.commands()?;
/// assert_eq!(commands, [FtpCommand::Cwd("pub".into()), FtpCommand::Nlst("list".into())]);
/// assert_eq!((commands[1].verb(), commands[1].argument()), ("NLST", &b"list"[..]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FtpCommand<'a> {
    /// `CWD <cwd>`; an empty argument is the "null argument" of the RFC's
    /// example `ftp://myname@host.dom//etc/motd`.
    Cwd(Decoded<'a>),
    /// `TYPE A`, for typecode `a`.
    TypeA,
    /// `TYPE I`, for typecode `i`.
    TypeI,
    /// `NLST <name>`, for typecode `d`; `NLST` alone for an empty name
    /// (RFC 959: `NLST [<SP> <pathname>]`, "a null argument implies the
    /// current directory"): see [`FtpUrl::commands_with`].
    Nlst(Decoded<'a>),
    /// `RETR <name>`: "access the file whose name is `<name>` (for example,
    /// using the RETR command.)"
    Retr(Decoded<'a>),
}

impl FtpCommand<'_> {
    /// The command's name: `CWD`, `TYPE`, `NLST` or `RETR`.
    #[must_use]
    pub fn verb(&self) -> &'static str {
        match self {
            FtpCommand::Cwd(_) => "CWD",
            FtpCommand::TypeA | FtpCommand::TypeI => "TYPE",
            FtpCommand::Nlst(_) => "NLST",
            FtpCommand::Retr(_) => "RETR",
        }
    }

    /// The command's argument, decoded: the segment or the name, `A` or `I`
    /// for `TYPE`. The command line is the verb, a space and the argument;
    /// the verb alone for an `NLST` whose argument is empty.
    #[must_use]
    pub fn argument(&self) -> &[u8] {
        match self {
            FtpCommand::Cwd(argument) | FtpCommand::Nlst(argument) | FtpCommand::Retr(argument) => {
                argument.as_bytes()
            }
            FtpCommand::TypeA => b"A",
            FtpCommand::TypeI => b"I",
        }
    }

    /// The command line's bytes, without the CRLF that ends it.
    ///
    /// ```
    /// use rfc1738::url::FtpCommand;
    /// assert_eq!(FtpCommand::Cwd("".into()).to_bytes(), b"CWD ");
    /// assert_eq!(FtpCommand::TypeI.to_bytes(), b"TYPE I");
    /// assert_eq!(FtpCommand::Nlst("".into()).to_bytes(), b"NLST");
    /// ```
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        if self.has_argument() {
            [self.verb().as_bytes(), b" ", self.argument()].concat()
        } else {
            self.verb().as_bytes().to_vec()
        }
    }

    /// Whether the command line has an argument: all have but an `NLST`
    /// without one, whose argument RFC 959 makes optional. A `CWD` keeps
    /// its null argument, as section 3.2.2 writes it (`"CWD " with a null
    /// argument`).
    fn has_argument(&self) -> bool {
        !matches!(self, FtpCommand::Nlst(name) if name.is_empty())
    }
}

impl fmt::Display for FtpCommand<'_> {
    /// The command line, U+FFFD standing for bytes that are not UTF-8.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.verb())?;
        if self.has_argument() {
            write!(f, " {}", String::from_utf8_lossy(self.argument()))?;
        }
        Ok(())
    }
}

/// The bytes a decoded FTP argument may not contain: they end a command line
/// (RFC 959 commands end with CRLF).
const FTP_FORBIDDEN: &[u8] = b"\r\n";

/// The first byte of the decoded argument `value` (a `cwd` segment, the
/// `name`, the user or the password) that would end an FTP command line,
/// as an error.
fn forbidden(
    value: impl IntoIterator<Item = u8>,
    part: &'static str,
    segment: Option<usize>,
) -> Result<(), ForbiddenByte> {
    ForbiddenByte::find(value, FTP_FORBIDDEN, "FTP", "command line", part, segment)
}

/// The FTP commands of a url-path, one at a time ([`FtpUrl::commands_iter`]):
/// a `CWD` per segment before the last, decoded as it is reached, then the
/// commands of the name. Its length is known from the start
/// (`ExactSizeIterator`), and once it has ended it gives nothing more
/// (`FusedIterator`).
///
/// ```
/// let rfc1738::Url::Ftp(url) = rfc1738::parse("ftp://host.dom/a/b/c.txt;type=i")? else { panic!() };
/// let commands = url.commands_iter(url.typecode())?;
/// assert_eq!(commands.len(), 4);
/// let lines: Vec<String> = commands.map(|command| command.to_string()).collect();
/// assert_eq!(lines, ["CWD a", "CWD b", "TYPE I", "RETR c.txt"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct FtpCommands<'a> {
    /// The `<cwd>` segments not given yet; `None` once given (or without
    /// any).
    cwds: Option<core::str::Split<'a, char>>,
    /// How many segments `cwds` has left to give: its `/`s and one, counted
    /// once, so that the length is known without reading them again.
    cwds_left: usize,
    /// The commands after them, in order, each taken when given.
    last: [Option<FtpCommand<'a>>; 2],
}

impl<'a> Iterator for FtpCommands<'a> {
    type Item = FtpCommand<'a>;

    fn next(&mut self) -> Option<FtpCommand<'a>> {
        if let Some(cwds) = &mut self.cwds {
            match cwds.next() {
                Some(cwd) => {
                    self.cwds_left = self.cwds_left.saturating_sub(1);
                    return Some(FtpCommand::Cwd(decode(cwd)));
                }
                None => self.cwds = None,
            }
        }
        self.last.iter_mut().find_map(Option::take)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.len();
        (len, Some(len))
    }
}

impl ExactSizeIterator for FtpCommands<'_> {
    /// The commands left: the segments not given, and the commands of the
    /// name.
    fn len(&self) -> usize {
        let cwds = if self.cwds.is_some() {
            self.cwds_left
        } else {
            0
        };
        cwds + self.last.iter().filter(|command| command.is_some()).count()
    }
}

/// Once it has given its last command, it gives no more.
impl FusedIterator for FtpCommands<'_> {}

impl<'a> FtpUrl<'a> {
    /// The user and password, with the anonymous convention of section 3.2.1
    /// named rather than filled in ([`FtpCredentials`]).
    #[must_use]
    pub fn credentials(&self) -> FtpCredentials<'a> {
        match self.login.user_decoded() {
            None => FtpCredentials::Anonymous,
            Some(user) => FtpCredentials::User {
                user,
                password: self.login.password_decoded(),
            },
        }
    }

    /// The typecode, if the URL has `;type=`.
    #[must_use]
    pub fn typecode(&self) -> Option<Typecode> {
        // The grammar allows only `A I D a i d` after `;type=`.
        self.ftptype
            .and_then(|text| text.chars().next())
            .and_then(Typecode::from_char)
    }

    /// The path's segments, decoded: `<cwd1>`, …, `<cwdN>`, `<name>`; no
    /// segment when the URL has no url-path (`ftp://host`). It reads from
    /// either end: `next_back` is the `<name>`.
    ///
    /// ```
    /// let rfc1738::Url::Ftp(url) = rfc1738::parse("ftp://h/pub/a%20b.txt")? else { panic!() };
    /// assert_eq!(url.path_segments_decoded().next_back().unwrap(), "a b.txt");
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn path_segments_decoded(
        &self,
    ) -> impl DoubleEndedIterator<Item = Decoded<'a>> + FusedIterator + Clone + fmt::Debug + use<'a>
    {
        self.fpath
            .into_iter()
            .flat_map(|path| path.segments_decoded())
    }

    /// The `<name>`, the last segment, as written; `None` without a
    /// url-path. It may be empty (`ftp://host/pub/`).
    #[must_use]
    pub fn name(&self) -> Option<&'a str> {
        self.fpath.and_then(|path| path.segments().next_back())
    }

    /// The FTP commands the url-path stands for (section 3.2.2), with the
    /// URL's own typecode; see [`FtpUrl::commands_with`].
    ///
    /// # Errors
    ///
    /// The [`SemanticError`] of [`FtpUrl::commands_with`].
    ///
    /// ```
    /// use rfc1738::url::FtpCommand;
    /// let rfc1738::Url::Ftp(url) = rfc1738::parse("ftp://myname@host.dom/%2Fetc/motd").unwrap() else { panic!() };
    /// let commands: Vec<String> = url.commands()?.iter().map(ToString::to_string).collect();
    /// assert_eq!(commands, ["CWD /etc", "RETR motd"]);
    /// # Ok::<(), rfc1738::url::SemanticError>(())
    /// ```
    pub fn commands(&self) -> Result<Vec<FtpCommand<'a>>, SemanticError> {
        self.commands_with(self.typecode())
    }

    /// The FTP commands the url-path stands for under `typecode`, after
    /// login: "Each of the `<cwd>` elements is to be supplied, sequentially,
    /// as the argument to a CWD (change working directory) command. If the
    /// typecode is "d", perform a NLST (name list) command with `<name>` as the
    /// argument ... Otherwise, perform a TYPE command with `<typecode>` as the
    /// argument, and then access the file whose name is `<name>`".
    ///
    /// - Every segment before the last is a `CWD`, the empty ones with a
    ///   null argument (`CWD `), as section 3.2.2 writes it.
    /// - The last is the name: `NLST <name>` under `d`, else `TYPE A` or
    ///   `TYPE I` under `a` or `i`, then `RETR <name>`. Without a typecode
    ///   there is no `TYPE`: section 3.2.3 leaves the mode to the client
    ///   ([`FtpUrl::guess_typecode`] offers a guess).
    /// - An empty name (`ftp://host/pub/`) names no file: `RETR` needs one
    ///   (RFC 959: `RETR <SP> <pathname>`), and only the listing does
    ///   without (`NLST [<SP> <pathname>]`, "a null argument implies the
    ///   current directory"). Under `d`, or without a typecode (whose guess
    ///   is `d` for an empty name), it is `NLST` alone, listing the
    ///   directory the `CWD`s reached; under `a` or `i` it is an error:
    ///   the URL asks to transfer a file it does not name.
    ///   (grammar/DECISIONS.md, D30.)
    /// - A URL without a url-path (`ftp://host`) stands for no command,
    ///   whatever the typecode.
    ///
    /// The arguments are decoded, so one may contain `/`
    /// (`%2Fetc` → `CWD /etc`).
    ///
    /// ```
    /// use rfc1738::url::{SemanticError, Typecode};
    /// let rfc1738::Url::Ftp(url) = rfc1738::parse("ftp://host.dom/pub/")? else { panic!() };
    /// let lines = |commands: Vec<_>| commands.iter().map(ToString::to_string).collect::<Vec<_>>();
    /// assert_eq!(lines(url.commands()?), ["CWD pub", "NLST"]);
    /// assert_eq!(lines(url.commands_with(Some(Typecode::Directory))?), ["CWD pub", "NLST"]);
    /// let error = url.commands_with(Some(Typecode::Image)).unwrap_err();
    /// assert!(matches!(error, SemanticError::NoFile { typecode: Typecode::Image, .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`SemanticError::Forbidden`] for the first segment whose decoded
    /// argument holds CR or LF, which would end the command line and start
    /// another on the server (section 6): it names the segment (`cwd` and
    /// its index, or `name`), the octet and where it is in the argument.
    /// Else a [`SemanticError::NoFile`] when `typecode` is `a` or `i` and
    /// the name is empty.
    pub fn commands_with(
        &self,
        typecode: Option<Typecode>,
    ) -> Result<Vec<FtpCommand<'a>>, SemanticError> {
        self.commands_iter(typecode).map(Iterator::collect)
    }

    /// The commands of [`FtpUrl::commands_with`], one at a time: a path of
    /// a million segments gives a million commands without a vector of
    /// them, each argument borrowed from the URL unless it has an escape.
    ///
    /// The whole sequence is checked first, by a pass over the path that
    /// decodes each segment one octet at a time and allocates nothing.
    ///
    /// # Errors
    ///
    /// The [`SemanticError`] of [`FtpUrl::commands_with`], before any command
    /// is given.
    ///
    /// ```
    /// let rfc1738::Url::Ftp(url) = rfc1738::parse("ftp://host.dom/etc/motd;type=i").unwrap() else { panic!() };
    /// let mut commands = url.commands_iter(url.typecode())?;
    /// assert_eq!(commands.next().unwrap().to_string(), "CWD etc");
    /// assert_eq!(commands.next().unwrap().to_string(), "TYPE I");
    /// assert_eq!(commands.next().unwrap().to_string(), "RETR motd");
    /// assert!(commands.next().is_none());
    /// # Ok::<(), rfc1738::url::SemanticError>(())
    /// ```
    pub fn commands_iter(
        &self,
        typecode: Option<Typecode>,
    ) -> Result<FtpCommands<'a>, SemanticError> {
        self.check_commands(typecode)?;
        let Some((cwds, name)) = self.cwds_and_name() else {
            return Ok(FtpCommands {
                cwds: None,
                cwds_left: 0,
                last: [None, None],
            });
        };
        let name = decode(name);
        // `check_commands` refused an empty name under `a` or `i`.
        let last = match typecode {
            Some(Typecode::Directory) => [Some(FtpCommand::Nlst(name)), None],
            None if name.is_empty() => [Some(FtpCommand::Nlst(name)), None],
            Some(Typecode::Ascii) => [Some(FtpCommand::TypeA), Some(FtpCommand::Retr(name))],
            Some(Typecode::Image) => [Some(FtpCommand::TypeI), Some(FtpCommand::Retr(name))],
            None => [Some(FtpCommand::Retr(name)), None],
        };
        Ok(FtpCommands {
            cwds: cwds.map(|cwds| cwds.split('/')),
            cwds_left: cwds.map_or(0, |cwds| {
                memchr::memchr_iter(b'/', cwds.as_bytes()).count() + 1
            }),
            last,
        })
    }

    /// The error of [`FtpUrl::commands_iter`] under `typecode`, found
    /// without giving a command: each segment is decoded one octet at a
    /// time, nothing allocated ([`crate::Url::semantic_errors`] checks every
    /// ftp URL so).
    pub(crate) fn check_commands(&self, typecode: Option<Typecode>) -> Result<(), SemanticError> {
        let Some((cwds, name)) = self.cwds_and_name() else {
            return Ok(());
        };
        // Only an escape decodes to CR or LF: segments without one are
        // skipped, and directories without any are not split.
        let escaped_cwds = cwds.filter(|cwds| has_escape(cwds));
        for (index, cwd) in escaped_cwds
            .into_iter()
            .flat_map(|cwds| cwds.split('/'))
            .enumerate()
            .filter(|(_, cwd)| has_escape(cwd))
        {
            forbidden(percent_decode_str(cwd), "cwd", Some(index))
                .map_err(SemanticError::Forbidden)?;
        }
        if has_escape(name) {
            forbidden(percent_decode_str(name), "name", None).map_err(SemanticError::Forbidden)?;
        }
        match typecode {
            Some(typecode @ (Typecode::Ascii | Typecode::Image)) if name.is_empty() => {
                Err(SemanticError::NoFile { typecode })
            }
            _ => Ok(()),
        }
    }

    /// The url-path's `<cwd>` segments before the last `/` (none when the
    /// path has one segment) and its `<name>`; `None` without a url-path.
    fn cwds_and_name(&self) -> Option<(Option<&'a str>, &'a str)> {
        let path = self.fpath?.as_str();
        // memrchr: `rsplit_once('/')` cost about 190 instructions a URL of
        // synthetic.txt, which the lint checks every ftp URL with.
        Some(match memchr::memrchr(b'/', path.as_bytes()) {
            // The `/` is one byte: both sides are whole characters.
            Some(slash) => (Some(&path[..slash]), &path[slash + 1..]),
            None => (None, path),
        })
    }

    /// The typecode to use: the URL's, or, when it gives none, a guess
    /// (section 3.2.3: "the client program interpreting the URL must guess
    /// the appropriate mode to use. In general, the data content type of a
    /// file can only be guessed from the name, e.g., from the suffix of the
    /// name").
    ///
    /// The guess: `d` when there is no name (no url-path, or an empty last
    /// segment such as `ftp://host/pub/`); `a` for a name whose suffix,
    /// case aside, is one of plain text (`.txt`, `.text`, `.html`, `.htm`,
    /// `.c`, `.h`, `.md`, `.tex`, `.ps`, `.csv`, `.xml`, `.json`); else `i`,
    /// which transfers any file unchanged.
    ///
    /// ```
    /// use rfc1738::url::Typecode;
    /// let guess = |url| match rfc1738::parse(url).unwrap() {
    ///     rfc1738::Url::Ftp(url) => url.guess_typecode(),
    ///     _ => unreachable!(),
    /// };
    /// assert_eq!(guess("ftp://ds.internic.net/rfc/rfc1436.txt"), Typecode::Ascii);
    /// assert_eq!(guess("ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z"), Typecode::Image);
    /// assert_eq!(guess("ftp://ds.internic.net/rfc/"), Typecode::Directory);
    /// assert_eq!(guess("ftp://host/a.txt;type=i"), Typecode::Image);
    /// ```
    #[must_use]
    pub fn guess_typecode(&self) -> Typecode {
        const TEXT: [&[u8]; 12] = [
            b".txt", b".text", b".html", b".htm", b".c", b".h", b".md", b".tex", b".ps", b".csv",
            b".xml", b".json",
        ];
        if let Some(typecode) = self.typecode() {
            return typecode;
        }
        let Some(name) = self.name().map(decode).filter(|name| !name.is_empty()) else {
            return Typecode::Directory;
        };
        let name = name.as_bytes().to_ascii_lowercase();
        if TEXT.iter().any(|suffix| name.ends_with(suffix)) {
            Typecode::Ascii
        } else {
            Typecode::Image
        }
    }
}
