//! Where inputs come from, the same way in every command: the arguments,
//! in order, then each `--file`; standard input when there are neither. An
//! argument or a file that is `-` is standard input.

use std::borrow::Cow;
use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::path::{Path, PathBuf};

use indicatif::{ProgressBar, ProgressDrawTarget};

use crate::compressed;
use crate::output::Stop;
use crate::show;

/// The UTF-8 encoding of U+FEFF, the byte-order mark some editors start a
/// file with: not part of the file's first line or text.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// One source of inputs.
#[derive(Clone, Copy, Debug)]
pub enum Source<'a> {
    /// A command-line argument, byte for byte.
    Argument(&'a OsStr),
    /// Standard input.
    Stdin,
    /// A file.
    File(&'a Path),
}

/// The sources the command line gives: each argument (`-` standing for
/// standard input), then each file (`-` too); standard input alone when
/// there are neither.
pub fn sources<'a>(arguments: &'a [OsString], files: &'a [PathBuf]) -> Vec<Source<'a>> {
    let dash = |name: &OsStr| name == "-";
    let mut sources: Vec<Source<'a>> = arguments
        .iter()
        .map(|arg| {
            if dash(arg) {
                Source::Stdin
            } else {
                Source::Argument(arg)
            }
        })
        .chain(files.iter().map(|path| {
            if dash(path.as_os_str()) {
                Source::Stdin
            } else {
                Source::File(path)
            }
        }))
        .collect();
    if sources.is_empty() {
        sources.push(Source::Stdin);
    }
    sources
}

/// Why `sources` may not be read as given: a stream that can be read only
/// once named twice, whose second reading would read nothing, and nothing
/// would say so. Standard input is such a stream (its offset is shared: a
/// file it reads is read to its end the first time), but on a terminal,
/// where each reading ends at its own Ctrl-D; on Unix, a file that is a
/// pipe or a socket is one too, and standard input under another name
/// (`/dev/stdin`). A regular file is read as often as it is named.
pub fn given_twice(sources: &[Source<'_>]) -> Option<String> {
    given_twice_with(sources, io::stdin().is_terminal())
}

/// [`given_twice`], standard input a terminal or not (`terminal`): on one,
/// standard input may be given twice, but a pipe or a socket named twice is
/// read once all the same.
fn given_twice_with(sources: &[Source<'_>], terminal: bool) -> Option<String> {
    let stdin = once(same_file::Handle::stdin().and_then(|h| h.as_file().metadata()));
    let mut seen: Vec<(&Source<'_>, Option<(u64, u64)>)> = Vec::new();
    for source in sources {
        let identity = match source {
            Source::Argument(_) => continue,
            Source::Stdin => stdin,
            Source::File(path) => match once(std::fs::metadata(path)) {
                Some(identity) => Some(identity),
                None => continue,
            },
        };
        let is_stdin = |source: &Source<'_>, identity: Option<(u64, u64)>| {
            !terminal
                && (matches!(source, Source::Stdin) || (identity.is_some() && identity == stdin))
        };
        let first = seen.iter().find(|(first, first_identity)| {
            (is_stdin(first, *first_identity) && is_stdin(source, identity))
                || (identity.is_some() && *first_identity == identity)
        });
        if let Some((first, _)) = first {
            let names = match (first, source) {
                (Source::Stdin, Source::Stdin) => "standard input (`-`) is given twice".into(),
                _ => format!(
                    "{} and {} are one stream, given twice",
                    first.shown(),
                    source.shown()
                ),
            };
            return Some(format!(
                "{names}: it is read once, and the second time would read nothing"
            ));
        }
        seen.push((source, identity));
    }
    None
}

/// The device and inode of a file read only once, a pipe or a socket, by
/// its `metadata`; `None` for another (on Unix: elsewhere, for all).
fn once(metadata: io::Result<std::fs::Metadata>) -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{FileTypeExt, MetadataExt};
        let meta = metadata.ok()?;
        let kind = meta.file_type();
        (kind.is_fifo() || kind.is_socket()).then(|| (meta.dev(), meta.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = metadata;
        None
    }
}

/// Whether any of `sources` is read as a stream (a file or standard input).
pub fn any_stream(sources: &[Source<'_>]) -> bool {
    sources
        .iter()
        .any(|source| !matches!(source, Source::Argument(_)))
}

/// A stream opened: its name as records give it (`<stdin>`, or the file's
/// path), and its reader.
pub struct Stream {
    /// The name, as given (records escape it as they show it), with U+FFFD
    /// for bytes of a path that are not UTF-8.
    pub name: String,
    /// The stream as a message that it cannot be read names it
    /// ([`Source::shown`]).
    pub shown: String,
    /// The path's bytes when they are not UTF-8, so that a record can keep
    /// them ([`FileMembers`]).
    pub name_bytes: Option<Vec<u8>>,
    /// The bytes.
    pub reader: Box<dyn Read + Send>,
    /// Whether a person types it: standard input on a terminal.
    pub typed: bool,
    /// For a file, a progress bar, hidden until shown, whose length is the
    /// file's size and which the reads of the file advance: bytes as they
    /// are stored, before any decompression.
    pub progress: Option<ProgressBar>,
}

/// A file's name as records give it: the path with U+FFFD for its bytes
/// that are not UTF-8, and then its bytes.
pub fn path_name(path: &Path) -> (String, Option<Vec<u8>>) {
    let bytes = path
        .to_str()
        .is_none()
        .then(|| path.as_os_str().as_encoded_bytes().to_vec());
    (path.to_string_lossy().into_owned(), bytes)
}

/// The name standard input has in records.
pub const STDIN: &str = "<stdin>";

/// The members that name a stream in a JSON record: `file`, the name with
/// U+FFFD for bytes that are not UTF-8, and then `file_bytes` beside it,
/// the bytes (as `input_bytes` keeps an input's), so that none is lost.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct FileMembers<'a> {
    file: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    file_bytes: Option<&'a [u8]>,
}

impl<'a> FileMembers<'a> {
    /// The members of the stream `name`, whose path's `bytes` are given
    /// when they are not UTF-8.
    pub fn new(name: &'a str, bytes: Option<&'a [u8]>) -> Self {
        FileMembers {
            file: name,
            file_bytes: bytes,
        }
    }

    /// The name, lossy.
    pub fn name(&self) -> &'a str {
        self.file
    }

    /// The name's bytes, when they are not UTF-8.
    pub fn bytes(&self) -> Option<&'a [u8]> {
        self.file_bytes
    }
}

/// Which input a JSON record is about, in the members that end the
/// records of `check`, `parse` and `explain`: for a line of a file or of
/// standard input, `file` (and `file_bytes`: [`FileMembers`]) and `line`,
/// 1-based; for an argument, `argument`, its number among the sources,
/// counted from 1 as `extract` counts them (`-` among them).
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct Whence<'a> {
    #[serde(flatten)]
    file: Option<FileMembers<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    argument: Option<usize>,
}

impl<'a> Whence<'a> {
    /// Line `line` of the stream `file`.
    pub fn line(file: FileMembers<'a>, line: u64) -> Self {
        Whence {
            file: Some(file),
            line: Some(line),
            argument: None,
        }
    }

    /// The argument `number`, counted from 1 among the sources.
    pub fn argument(number: usize) -> Self {
        Whence {
            file: None,
            line: None,
            argument: Some(number),
        }
    }

    /// The stream and the line, for a line of one.
    pub fn file_line(&self) -> Option<(FileMembers<'a>, u64)> {
        self.file.zip(self.line)
    }

    /// The argument's number, for an argument.
    pub fn argument_number(&self) -> Option<usize> {
        self.argument
    }
}

impl Source<'_> {
    /// Opens a stream source; `None` for an argument. A file that cannot be
    /// opened gives its name and the error; one that cannot be read, the
    /// error of its first read.
    ///
    /// A file, or standard input when it is not a terminal, whose first
    /// bytes are those of gzip or zstd data is decompressed as it is read
    /// ([`compressed`]); a file named `.gz` or `.zst` that is not is read as
    /// it is, and standard error says so.
    pub fn open(self) -> Option<Result<Stream, (String, io::Error)>> {
        let shown = self.shown();
        let mut progress = None;
        let (name, name_bytes, reader, typed): (_, _, Box<dyn Read + Send>, _) = match self {
            Source::Argument(_) => return None,
            Source::Stdin if io::stdin().is_terminal() => {
                // Typed: no compressed data, and no read before one is asked.
                return Some(Ok(Stream {
                    name: STDIN.to_owned(),
                    shown,
                    name_bytes: None,
                    reader: Box::new(io::stdin()),
                    typed: true,
                    progress: None,
                }));
            }
            Source::Stdin if is_output(same_file::Handle::stdin()) => {
                return Some(Err((shown, io::Error::other(OUTPUT))));
            }
            Source::Stdin => (STDIN.to_owned(), None, Box::new(io::stdin()), false),
            Source::File(path) => {
                let (name, name_bytes) = path_name(path);
                match File::open(path) {
                    Ok(_) if is_output(same_file::Handle::from_path(path)) => {
                        return Some(Err((shown, io::Error::other(OUTPUT))));
                    }
                    Ok(file) => {
                        // The size of the file opened, not looked up again
                        // by its (perhaps lossy) name.
                        let size = file.metadata().ok().map(|metadata| metadata.len());
                        let bar = ProgressBar::with_draw_target(size, ProgressDrawTarget::hidden());
                        progress = Some(bar.clone());
                        (name, name_bytes, Box::new(bar.wrap_read(file)), false)
                    }
                    Err(error) => return Some(Err((shown, error))),
                }
            }
        };
        let reader = compressed::open(reader, name.clone());
        Some(Ok(Stream {
            name,
            shown,
            name_bytes,
            reader,
            typed,
            progress,
        }))
    }
}

/// Why an input that is also standard output is not read.
const OUTPUT: &str = "it is also standard output: not read, lest the run read what it writes";

/// Whether `input` is standard output, a regular file (`>> urls.txt`): read,
/// it would grow as it is read, the run checking its own records. A pipe or
/// a device is no such file.
fn is_output(input: io::Result<same_file::Handle>) -> bool {
    let Ok(output) = same_file::Handle::stdout() else {
        return false;
    };
    let regular = output.as_file().metadata().is_ok_and(|meta| meta.is_file());
    regular && input.is_ok_and(|input| input == output)
}

/// Reads every source in turn, in order: an argument is given to
/// `argument` with the name a diagnostic gives it ([`argument_name`]) and
/// its number, counted from 1 among the sources (as records give it: see
/// [`Whence`]), a
/// stream opened and given to `stream`, which says (inside) why it could
/// not be read to its end; both are given `run`, what the run writes to
/// and counts. What cannot be opened or read is said on standard error,
/// and the others are still read, until writing stops.
pub fn read_each<R>(
    sources: &[Source<'_>],
    run: &mut R,
    mut argument: impl FnMut(&OsStr, &str, usize, &mut R) -> Result<(), Stop>,
    mut stream: impl FnMut(Stream, &mut R) -> Result<Result<(), String>, Stop>,
) -> Reading {
    let arguments = sources
        .iter()
        .filter(|source| matches!(source, Source::Argument(_)))
        .count();
    let mut whole = true;
    for (index, source) in sources.iter().enumerate() {
        let failure = match (source, source.open()) {
            (Source::Argument(arg), _) => {
                let name = match arguments {
                    1 => Cow::Borrowed("input"),
                    _ => Cow::Owned(argument_name(index)),
                };
                if let Err(stop) = argument(arg, &name, index + 1, run) {
                    return Reading::stopped(whole, stop);
                }
                note_file(arg, "taken as an input", "read the lines of the file");
                continue;
            }
            (_, None) => continue,
            (_, Some(Ok(opened))) => match stream(opened, run) {
                Ok(Ok(())) => continue,
                Ok(Err(failure)) => failure,
                // What this source was read up to was read whole.
                Err(stop) => return Reading::stopped(whole, stop),
            },
            (_, Some(Err((shown, error)))) => format!("{shown}: {error}"),
        };
        crate::output::message(failure);
        whole = false;
    }
    Reading {
        whole,
        stopped: Ok(()),
    }
}

/// The name of the argument at `index` of the sources (counted from 0;
/// the arguments come first, `-` among them): `<argument N>`, N counted
/// from 1, as a diagnostic's location or a hit's names it. A command given
/// one argument names it `input` (`--> input:1:12`), as a compiler names
/// its one source; among several, each by its number.
pub fn argument_name(index: usize) -> String {
    format!("<argument {}>", index + 1)
}

/// How reading the sources ended.
#[derive(Debug)]
pub struct Reading {
    /// Whether every source read was read whole: one that could not be
    /// opened or read to its end was said on standard error. It stays so
    /// when writing stops later, so that the exit status still says it.
    pub whole: bool,
    /// Why writing stopped, if it did: no source after was read.
    pub stopped: Result<(), Stop>,
}

impl Reading {
    /// Reading that `stop` ended, the sources before it read `whole` or not.
    fn stopped(whole: bool, stop: Stop) -> Reading {
        Reading {
            whole,
            stopped: Err(stop),
        }
    }
}

/// Says, of an argument that names a file and cannot be a URL (it has no
/// `:`), how it was `taken` and that `-f` would `read` the file:
/// `COMMAND FILE` of other tools is `COMMAND -f FILE` here, written as a
/// shell reads it ([`shell_word`]), or, for a name no such word shows, in
/// words.
pub fn note_file(argument: &OsStr, taken: &str, read: &str) {
    let Some(name) = names_file(argument) else {
        return;
    };
    let how = match shell_word(argument) {
        Some(word) => format!("write `-f {word}`"),
        None => "give its name with `-f` (it holds characters not shown here as they are)".into(),
    };
    crate::output::message(format_args!(
        "note: the argument `{name}` is {taken}; to {read}, {how}"
    ));
}

/// `name` as one word of a POSIX shell that this command line reads as the
/// value of `-f`: as it is when it holds only characters no shell treats
/// apart where they stand ([`plain_word`]), else in single quotes (a `'`
/// written `'\''`), inside which bash and zsh expand nothing, `!` of their
/// history included; `./` before a name that starts with `-`, which would
/// read as an option. `None` for a name that is not UTF-8 or holds a
/// character [`rfc1738::visible`] escapes: a command that shows it escaped
/// would name another file.
pub fn shell_word(name: &OsStr) -> Option<String> {
    let text = name.to_str()?;
    if text.is_empty() || !text.chars().all(rfc1738::visible::is_visible) {
        return None;
    }
    let text = match text.starts_with('-') {
        true => format!("./{text}"),
        false => text.to_owned(),
    };
    Some(match plain_word(&text) {
        true => text,
        false => format!("'{}'", text.replace('\'', "'\\''")),
    })
}

/// Whether `word` is read back as written, unquoted, by a POSIX shell, by
/// bash and by zsh, interactive ones included: it holds only letters,
/// digits and `_./+,:=@%-`, none of them special anywhere but `=`. A word
/// that starts with `=` is the path of a command in zsh (`=ls`: its EQUALS
/// option, on by default), and so is an `=` after `:` or after another `=`
/// with its option MAGIC_EQUAL_SUBST (`a==ls`, `a=b:=ls`); an `=` after
/// anything else is plain. Every other character needs quotes: `~` and `#`
/// at the start of a word, `!` anywhere (history, in an interactive
/// shell), `^` (zsh's history and EXTENDED_GLOB), spaces, quotes, globs.
fn plain_word(word: &str) -> bool {
    let mut before = None;
    word.bytes().all(|byte| {
        let plain = match byte {
            b'=' => before.is_some_and(|before| before != b'=' && before != b':'),
            _ => byte.is_ascii_alphanumeric() || b"_./+,:@%-".contains(&byte),
        };
        before = Some(byte);
        plain
    })
}

/// The argument, as a message shows it, when it names a file and cannot
/// be a URL (it has no `:`).
pub fn names_file(argument: &OsStr) -> Option<String> {
    let colon = argument.as_encoded_bytes().contains(&b':');
    (!colon && Path::new(argument).is_file()).then(|| show::name(&argument.to_string_lossy()))
}

/// Opens the file of `--report` at `path` for writing, and empties it,
/// unless it is a file the run reads or writes otherwise: one of `sources`
/// (a file, or the file standard input reads), which would be empty before
/// it is read, or standard output or error, which the page and what is
/// written there would share. It is opened (made, when it does not exist
/// yet) before it is compared with them, so that it is compared as a file,
/// whatever path names it, and a file that an input names and that exists
/// only now is told apart too; a file made so is removed again (a link's
/// target, for a link to where no file is yet: not the link), if it is
/// still there ([`remove_made`]). `Err` holds the message.
pub fn open_report(path: &Path, sources: &[Source<'_>]) -> Result<File, String> {
    let shown = || show::name(&path.to_string_lossy());
    let cannot = |error: io::Error| {
        format!(
            "{}: the report (--report) cannot be written: {error}",
            shown()
        )
    };
    // The path of the file made, if one was.
    let (file, made) = match File::options().write(true).create_new(true).open(path) {
        // `create_new` follows no link: the file made is at `path`.
        Ok(file) => (file, Some(path.to_path_buf())),
        // An existing file, or a link: emptied only once it is known to be
        // no input.
        Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {
            match File::options().write(true).open(path) {
                Ok(file) => (file, None),
                // A link to where no file is yet: the file is made there,
                // at the end of the links, and the link stays.
                Err(error) if error.kind() == io::ErrorKind::NotFound => {
                    let file = File::options()
                        .write(true)
                        .create(true)
                        .truncate(false)
                        .open(path);
                    (file.map_err(cannot)?, std::fs::canonicalize(path).ok())
                }
                Err(error) => return Err(cannot(error)),
            }
        }
        Err(error) => return Err(cannot(error)),
    };
    if let Some(clash) = report_clash(&file, sources, &shown()) {
        if let Some(made) = made {
            // Nothing was written to it: the file goes as it came.
            remove_made(&file, &made);
        }
        return Err(clash);
    }
    if file.metadata().is_ok_and(|meta| meta.is_file()) {
        file.set_len(0).map_err(cannot)?;
    }
    Ok(file)
}

/// Removes the file at `path` if it is `file`, the file this run made
/// there and has open, and nothing else: a file that another process put
/// at `path` since (removed ours, or renamed another over it) stays. On
/// Unix, what is at `path`, a link not followed, is `file` when it has its
/// device and inode (which no other file has while `file` is open); on
/// Windows, when it is no link and same-file finds it the same file (its
/// volume and file index); elsewhere it is left. A file put at `path` in
/// the instant between that comparison and the removal is not told apart:
/// no system call removes a path only if it is a given file.
fn remove_made(file: &File, path: &Path) {
    if is_still(file, path) {
        let _ = std::fs::remove_file(path);
    }
}

/// Whether what is at `path`, a link not followed, is `file` ([`remove_made`]).
#[cfg(unix)]
fn is_still(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::symlink_metadata(path)) {
        (Ok(made), Ok(there)) => (made.dev(), made.ino()) == (there.dev(), there.ino()),
        _ => false,
    }
}

/// Whether what is at `path`, a link not followed, is `file` ([`remove_made`]).
#[cfg(not(unix))]
fn is_still(file: &File, path: &Path) -> bool {
    let link = std::fs::symlink_metadata(path).map_or(true, |meta| meta.is_symlink());
    let made = file.try_clone().and_then(same_file::Handle::from_file).ok();
    let there = same_file::Handle::from_path(path).ok();
    !link && made.is_some() && made == there
}

/// Why the report `file`, named `name`, may not be written beside what the
/// run reads and writes: the input among `sources` it is, a regular file
/// (`/dev/null` may be written and read at once), or the standard stream it
/// is, a file, pipe or terminal (`> crawl.html`, `--report /dev/stdout`).
fn report_clash(file: &File, sources: &[Source<'_>], name: &str) -> Option<String> {
    let report = same_file::Handle::from_file(file.try_clone().ok()?).ok()?;
    let meta = file.metadata().ok()?;
    let input = meta.is_file().then(|| {
        sources.iter().find(|source| {
            let handle = match source {
                Source::Argument(_) => return false,
                Source::Stdin => same_file::Handle::stdin(),
                Source::File(path) => same_file::Handle::from_path(path),
            };
            handle.is_ok_and(|handle| handle == report)
        })
    });
    if let Some(input) = input.flatten() {
        return Some(format!(
            "--report: {} is an input: it would be overwritten before it is read",
            input.shown()
        ));
    }
    if !shared(file, &meta) {
        return None;
    }
    let stream = [
        (same_file::Handle::stdout(), "standard output"),
        (same_file::Handle::stderr(), "standard error"),
    ]
    .into_iter()
    .find_map(|(stream, stream_name)| (stream.ok()? == report).then_some(stream_name))?;
    let how = match meta.is_file() {
        // Each from its own offset.
        true => "would overwrite each other",
        false => "would be mixed in one stream",
    };
    Some(format!(
        "--report: {name} is also {stream}: the page and what is written there {how}"
    ))
}

/// Whether what is written to `file` (whose metadata is `meta`) stays
/// there, for a reader or on a screen, so that two writers of it mix: a
/// regular file, a pipe, a socket or a terminal; not `/dev/null`.
fn shared(file: &File, meta: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    let stream = {
        use std::os::unix::fs::FileTypeExt;
        meta.file_type().is_fifo() || meta.file_type().is_socket()
    };
    #[cfg(not(unix))]
    let stream = false;
    meta.is_file() || stream || file.is_terminal()
}

impl Source<'_> {
    /// The source as a message that it cannot be read names it: `standard
    /// input`, or a file's path as [`show::name`] shows it (a file named
    /// `<stdin>` included: it is no standard input).
    pub fn shown(&self) -> String {
        let name = match self {
            Source::Stdin => return "standard input".to_owned(),
            Source::Argument(text) => text.to_string_lossy(),
            Source::File(path) => path.to_string_lossy(),
        };
        show::name(&name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(arguments: &[&str], files: &[&str]) -> Vec<String> {
        let arguments: Vec<OsString> = arguments.iter().map(OsString::from).collect();
        let files: Vec<PathBuf> = files.iter().map(PathBuf::from).collect();
        sources(&arguments, &files)
            .iter()
            .map(|source| match source {
                Source::Argument(arg) => format!("arg {}", arg.to_string_lossy()),
                Source::Stdin => "stdin".to_owned(),
                Source::File(path) => format!("file {}", path.display()),
            })
            .collect()
    }

    /// On a terminal standard input may be given twice, each reading ending
    /// at its own Ctrl-D, but a pipe named twice is read once all the same.
    #[cfg(unix)]
    #[test]
    fn a_pipe_given_twice_is_refused_with_standard_input_a_terminal_too() {
        let dir = std::env::temp_dir().join(format!("rfc1738-fifo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|status| status.success()) {
            eprintln!("skipped: mkfifo does not run here");
            return;
        }
        let pipe_twice = [Source::File(&fifo), Source::File(&fifo)];
        let stdin_twice = [Source::Stdin, Source::Stdin];
        let refused = [
            given_twice_with(&pipe_twice, true).is_some(),
            given_twice_with(&pipe_twice, false).is_some(),
            given_twice_with(&stdin_twice, true).is_some(),
            given_twice_with(&stdin_twice, false).is_some(),
        ];
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(refused, [true, true, false, true]);
    }

    #[test]
    fn a_word_that_a_shell_would_expand_is_quoted() {
        let word = |name: &str| shell_word(OsStr::new(name)).unwrap();
        for (name, written) in [
            ("urls.txt", "urls.txt"),
            ("a=b.txt", "a=b.txt"),
            ("x@y+z,1%.txt", "x@y+z,1%.txt"),
            // zsh: `=ls` is the path of `ls` (EQUALS), and so are `=ls`
            // after `=` or `:` with MAGIC_EQUAL_SUBST.
            ("=ls", "'=ls'"),
            ("a==ls", "'a==ls'"),
            ("a=b:=ls", "'a=b:=ls'"),
            ("-=x", "./-=x"),
            // Special at the start of a word, or anywhere.
            ("~", "'~'"),
            ("~root", "'~root'"),
            ("#x", "'#x'"),
            ("x#y", "'x#y'"),
            ("!!", "'!!'"),
            ("x!y", "'x!y'"),
            ("^x^y", "'^x^y'"),
            ("it's", "'it'\\''s'"),
            ("-x.txt", "./-x.txt"),
        ] {
            assert_eq!(word(name), written, "{name}");
        }
    }

    /// What bash, reading `word` as an interactive shell would (history
    /// expansion on, an earlier command for `!` to find), makes of it:
    /// `None` where bash does not run.
    #[cfg(unix)]
    fn bash_reads(word: &str) -> Option<Vec<u8>> {
        use std::io::Write;
        use std::process::{Command, Stdio};
        let mut bash = Command::new("bash")
            .arg("-s")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let script = format!("set -o history -o histexpand\ntrue\nprintf '%s\\0' {word}\n");
        let mut stdin = bash.stdin.take()?;
        stdin.write_all(script.as_bytes()).ok()?;
        drop(stdin);
        Some(bash.wait_with_output().ok()?.stdout)
    }

    #[cfg(unix)]
    #[test]
    fn bash_reads_each_word_back_as_the_name() {
        let Some(plain) = bash_reads("!true") else {
            eprintln!("skipped: bash does not run here");
            return;
        };
        // Unquoted, history and the home directory are expanded.
        assert_eq!(plain, b"true\0");
        assert_ne!(bash_reads("~").expect("bash ran once"), b"~\0");
        // `!true` and `!!` would be `true`, `~` the home directory, `#x`
        // a comment, `*` the files here.
        for name in [
            "!true",
            "!!",
            "x!!y",
            "~",
            "~/x",
            "#x",
            "x#y",
            "a=~",
            "*",
            "?",
            "[a]",
            "{a,b}",
            "$HOME",
            "`true`",
            "$(true)",
            "\\x",
            "a b",
            "a;b",
            "a&b",
            "a|b",
            "(x)",
            "<x>",
            "x\"y",
            "'",
            "''",
            "a'",
            "it's",
            "=",
            "=ls",
            "a==b",
            "%1",
            "^x^y",
            "-x",
            "é.txt",
            "a=b.txt",
            "x@y+z,1%.txt",
        ] {
            let word = shell_word(OsStr::new(name)).unwrap();
            let name = name
                .strip_prefix('-')
                .map_or(name.to_owned(), |_| format!("./{name}"));
            let read = bash_reads(&word).expect("bash ran once");
            assert_eq!(read, [name.as_bytes(), b"\0"].concat(), "{name}: {word}");
        }
    }

    /// A refused report removes the file it made, and not one that took
    /// its place: another process's, made at the same path since, or a
    /// link to the file made, put there.
    #[cfg(unix)]
    #[test]
    fn a_refused_report_removes_only_the_file_it_made() {
        let dir = std::env::temp_dir().join(format!("rfc1738-made-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("report.html");
        let make = || {
            File::options()
                .write(true)
                .create_new(true)
                .open(&path)
                .unwrap()
        };
        // Still the file made: removed.
        let made = make();
        remove_made(&made, &path);
        assert!(path.symlink_metadata().is_err());
        // Another file in its place: it stays.
        let made = make();
        std::fs::remove_file(&path).unwrap();
        std::fs::write(&path, b"another's").unwrap();
        remove_made(&made, &path);
        assert_eq!(std::fs::read(&path).unwrap(), b"another's");
        std::fs::remove_file(&path).unwrap();
        // The file made, moved away, and a link to it in its place: the
        // link stays.
        let made = make();
        let moved = dir.join("moved.html");
        std::fs::rename(&path, &moved).unwrap();
        std::os::unix::fs::symlink(&moved, &path).unwrap();
        remove_made(&made, &path);
        assert!(path.symlink_metadata().unwrap().file_type().is_symlink());
        // Nothing there: nothing done.
        std::fs::remove_file(&path).unwrap();
        remove_made(&made, &path);
        assert!(moved.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn arguments_then_files_and_standard_input_alone_without_either() {
        assert_eq!(kinds(&[], &[]), ["stdin"]);
        assert_eq!(
            kinds(&["a", "-", "b"], &["f", "-"]),
            ["arg a", "stdin", "arg b", "file f", "stdin"]
        );
        assert_eq!(kinds(&["--"], &[]), ["arg --"]);
    }

    /// Writes `contents` to a new file named `name` in a directory of this
    /// test's own, opens it as a source and reads it to its end: what was
    /// read, and the file's bar's length and position.
    fn read_through(test: &str, name: &OsStr, contents: &[u8]) -> (Vec<u8>, Option<u64>, u64) {
        let dir =
            std::env::temp_dir().join(format!("rfc1738-inputs-{test}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        let path = dir.join(name);
        std::fs::write(&path, contents).expect("written");
        let mut stream = Source::File(&path)
            .open()
            .expect("a stream")
            .expect("opened");
        let mut read = Vec::new();
        stream.reader.read_to_end(&mut read).expect("read");
        std::fs::remove_dir_all(&dir).expect("removed");
        let bar = stream.progress.expect("a file's bar");
        (read, bar.length(), bar.position())
    }

    #[test]
    fn a_files_bar_counts_its_bytes_as_stored() {
        let text = b"http://a/\n".repeat(5000);
        let (read, length, position) = read_through("plain", OsStr::new("urls.txt"), &text);
        assert_eq!(read, text);
        assert_eq!(
            (length, position),
            (Some(text.len() as u64), text.len() as u64)
        );
        // Compressed, the bar goes by the compressed bytes read, not the
        // text they make: it ends full, not past its end.
        let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        io::Write::write_all(&mut gzip, &text).expect("compressed");
        let gzip = gzip.finish().expect("compressed");
        assert!(gzip.len() * 10 < text.len());
        let (read, length, position) = read_through("gzip", OsStr::new("urls.txt.gz"), &gzip);
        assert_eq!(read, text);
        assert_eq!(
            (length, position),
            (Some(gzip.len() as u64), gzip.len() as u64)
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_file_whose_name_is_not_text_has_its_size_known() {
        use std::os::unix::ffi::OsStrExt;
        let name = OsStr::from_bytes(b"urls-\xff.txt");
        let (read, length, position) = read_through("bytes", name, b"ftp://h/\n");
        assert_eq!(read, b"ftp://h/\n");
        assert_eq!((length, position), (Some(9), 9));
    }
}
