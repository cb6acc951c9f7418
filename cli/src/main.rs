//! `rfc1738`: check URLs against RFC 1738 section 5.
//!
//! Exit status: 0 when every input is valid, 1 when any is not, 2 on a usage
//! or I/O error (standard output or error that cannot be written included:
//! nothing here panics on a failed write), 130 when SIGINT ended the run
//! (after its last whole record: [`interrupt`]).

#![forbid(unsafe_code)]

mod batch;
mod check;
mod compressed;
mod coverage;
mod explain;
mod extract;
mod grammar;
mod inputs;
mod interrupt;
mod manual;
mod markup;
mod output;
mod parse;
mod picture;
mod report;
mod show;
mod suggest;
mod summary;
mod veil;

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use std::io::{IsTerminal as _, Write as _};

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use rfc1738::Rule;

/// Check URLs against the grammar of RFC 1738 (Uniform Resource Locators),
/// section 5.
///
/// The commands that read inputs read them the same way: their arguments,
/// then the lines of each --file (-f), and standard input, one input per
/// line, when there are neither (`extract` reads each argument and each file
/// as one text); `-` stands for standard input, as an argument or as a file.
/// A gzip or zstd file is decompressed as it is read. `rfc1738 COMMAND
/// --help` says more about each command.
#[derive(Debug, Parser)]
// An option given twice takes its last value, as ripgrep's and cargo's do, so
// that a wrapper or an alias may set one that the line then overrides.
#[command(name = "rfc1738", version, about, after_help = INTERRUPT, args_override_self = true)]
struct Cli {
    /// When to colour the output: `auto` when the stream is a terminal,
    /// unless NO_COLOR is set and not empty, CLICOLOR=0, or TERM=dumb (which
    /// CLICOLOR or CI set overrides); CLICOLOR_FORCE, unless empty or 0,
    /// forces it. docs/cli.md ("Colour") says exactly how each is read.
    #[arg(
        long,
        value_enum,
        default_value_t = ColorChoice::Auto,
        value_name = "WHEN",
        global = true
    )]
    color: ColorChoice,

    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check URLs against their scheme's rule, or any production
    ///
    /// Each input is checked against the scheme rule its scheme selects
    /// (scheme names compared case-insensitively, as section 2.1 asks), or
    /// against the production given by --rule, by the grammar's letter.
    ///
    /// Inputs: the URL arguments, then the lines of each --file; standard
    /// input, one input per line, when there are neither. `-` is standard
    /// input, as an argument or a file. Every line gets its verdict, in
    /// order. A byte-order mark that starts a file or standard input is not
    /// part of its first line.
    ///
    /// Output: a diagnostic for each invalid input, and each warning. A
    /// valid input given as an argument or typed at a terminal gets a line
    /// that says so (`valid RULE: URL`); the valid lines of a file or a pipe
    /// are counted, not shown, as a compiler shows only problems (--verbose
    /// shows them, --format json writes a record for every input). A summary
    /// of the counts goes to standard error with --stats, or when lines were
    /// read and standard error is a terminal (not with --quiet).
    ///
    /// Batches: --summary writes, instead of the records, the counts per
    /// scheme, the invalid inputs grouped by cause and the warnings by code,
    /// with a few examples of each (as one JSON object with --format json);
    /// --report FILE writes the same as one self-contained HTML page. Both
    /// are bounded whatever the number of inputs, and their counts exact.
    ///
    /// Files (and standard input) that start as gzip or zstd data are
    /// decompressed as they are read; data that stops short, does not
    /// decode or is followed by bytes that are not compressed data is an
    /// error naming the line it cut.
    ///
    /// Lines: a line ends at a line feed (LF) or at the end of the input. A
    /// carriage return (CR) right before an LF is part of the line ending (CR
    /// LF files); any other CR is part of the input, one that ends the input
    /// included.
    ///
    /// Arguments: each is one input, byte for byte: a CR or LF in it is part
    /// of it, and bytes that are not UTF-8 fail it, reported at the first.
    ///
    /// Exit status: 0 when every input is valid (and, with --deny-warnings,
    /// has no warning), 1 otherwise, 2 on a usage error, a file that cannot
    /// be read or a line longer than --max-line-bytes (the other inputs are
    /// still checked), or a standard output or error that cannot be written.
    Check(CheckArgs),
    /// Find the URLs in a text and check each
    ///
    /// URLs are found as the RFC's appendix describes them: `<URL:...>` and
    /// `<...>` wrappers (whitespace inside removed, a `#fragment` split off,
    /// a line break after a hyphen reported) and bare URLs of the schemes of
    /// section 3 in running text, which end before trailing punctuation,
    /// before Markdown's closing emphasis and code marks, and at the bracket
    /// that closes a Markdown link. Each hit is checked.
    ///
    /// Inputs: each TEXT argument is a text of its own, then each --file is
    /// one; standard input is one when there are neither. `-` is standard
    /// input, as an argument or a file. A byte-order mark that starts a file
    /// or standard input is not part of the text (offsets still count it: they
    /// are bytes of the input as read).
    ///
    /// Exit status: 0 when every hit is valid, 1 when one is not, 2 when a
    /// text cannot be read to its end (the lines before the error are
    /// searched), or is longer than --max-text-bytes (the part searched is
    /// reported).
    Extract(ExtractArgs),
    /// Show what each URL means, part by part
    ///
    /// The parts of section 3: scheme, user and password, host, port and
    /// effective port (the scheme's default when the URL has none), and the
    /// scheme's own parts, decoded: ftp path segments, typecode and FTP
    /// commands; gopher type, selector, search, Gopher+ string and request;
    /// news group or article; and so on.
    ///
    /// Inputs: the URL arguments, then the lines of each --file; standard
    /// input, one input per line, when there are neither. `-` is standard
    /// input, as an argument or a file. Every input gets its record, in
    /// order; an invalid one gets the diagnostic (JSON: `"valid": false` and
    /// `check`'s `error` object).
    ///
    /// Lines: a line ends at a line feed (LF) or at the end of the input. A
    /// carriage return (CR) right before an LF is part of the line ending (CR
    /// LF files); any other CR is part of the input, one that ends the input
    /// included.
    ///
    /// Arguments: each is one input, byte for byte: a CR or LF in it is part
    /// of it, and bytes that are not UTF-8 fail it, reported at the first.
    ///
    /// JSON: one object per input, `{"input", "valid", "rule", "scheme",
    /// "user", "password", "host", "port", "effective_port"}` and, but for
    /// telnet, whose parts those are, an object named after the scheme
    /// (`"ftp": {"path_segments", "typecode", "commands"}`, `"gopher":
    /// {"type", "selector", "search", "gopher_plus", "request"}`, `"news":
    /// {"group", "article", "all"}`, `"nntp": {"group", "article",
    /// "article_number"}`, `"wais": {"database", "search", "wtype",
    /// "wpath"}`, `"file": {"host", "local", "path_segments"}`, `"prospero":
    /// {"hsoname", "fields"}`, `"mailto": {"address"}`, `"http":
    /// {"path_segments", "search"}`, `"other": {"schemepart", "urlpath"}`),
    /// then the input it is about: `"input_file"` and `"line"` for a line
    /// of a file or standard input (`"file"` being a file URL's parts), or
    /// `"argument"`, its number among the arguments and `-`, counted from 1.
    /// An http path segment and the search are lists of the pieces their
    /// unencoded `;`s separate (section 3.3 reserves `;` there: `a;b` gives
    /// `["a", "b"]`, `a%3Bb` gives `["a;b"]`). `port` and an nntp `article`
    /// are the digits as written, `effective_port` and `article_number`
    /// numbers. A file URL is `local` when its host is empty or `localhost`,
    /// in any case (section 3.10: "the machine from which the URL is being
    /// interpreted"). Decoded values are
    /// strings when their octets are UTF-8 and arrays of byte values when
    /// they are not (`%FF` gives `[255]`); an input that is not UTF-8 has
    /// its bytes in `input_bytes`.
    /// `semantic_errors` lists, when there are any, what a valid URL fails to
    /// mean: a port beyond 65535, an nntp article number beyond 64 bits, an
    /// FTP command (user, password, path) that a decoded CR or LF would end
    /// early, a Gopher request that a decoded TAB, CR or LF would end early
    /// (section 6), an FTP transfer (`;type=a` or `i`) of an empty name;
    /// `check` warns of each. An empty ftp name is otherwise a listing: `NLST`.
    /// A line longer than
    /// --max-line-bytes gets `{"input": null, "valid": null, "rule": null,
    /// "too_long": true, "max_line_bytes", "file", "line"}`.
    ///
    /// Exit status: 0 when every input is valid, 1 when one is not, 2 on a
    /// usage or I/O error or a line longer than --max-line-bytes (the other
    /// lines are still parsed).
    Parse(ParseArgs),
    /// Show the derivation tree: which production matched which bytes
    ///
    /// For an input that does not match, the diagnostic and the tree of the
    /// prefix the rule's combinator matches (it does not go back to a shorter
    /// reading, as the BNF could: grammar/DECISIONS.md, D26).
    ///
    /// Inputs: the URL arguments, then the lines of each --file; standard
    /// input, one input per line, when there are neither. `-` is standard
    /// input, as an argument or a file.
    ///
    /// Lines: a line ends at a line feed (LF) or at the end of the input. A
    /// carriage return (CR) right before an LF is part of the line ending (CR
    /// LF files); any other CR is part of the input, one that ends the input
    /// included.
    ///
    /// Arguments: each is one input, byte for byte: a CR or LF in it is part
    /// of it, and bytes that are not UTF-8 fail it, reported at the first.
    ///
    /// Exit status: 0 when every input matches, 1 when one does not, 2 on a
    /// usage or I/O error or a line longer than --max-line-bytes.
    Explain(ExplainArgs),
    /// Print or draw the grammar, or one production and its neighbours
    ///
    /// Without a name, the grammar of section 5 as the RFC prints it; with a
    /// production's name, its definition, the productions it uses and the
    /// productions that use it. `--format svg` draws a production's railroad
    /// diagram, `--format html` one page with every production's.
    Grammar {
        /// A production, spelled as in the RFC.
        #[arg(value_name = "NAME", value_parser = Productions, hide_possible_values = true,
              required_if_eq("format", "svg"))]
        rule: Option<Rule>,

        /// `human`: the grammar, or the production and its neighbours, as
        /// text. `svg`: the railroad diagram of the production NAME, an SVG
        /// document. `html`: one page, without NAME, with the diagram of
        /// every production, its text, the productions it uses and those
        /// that use it, each linked to its own; it loads nothing.
        #[arg(long, value_enum, default_value_t = grammar::Format::Human)]
        format: grammar::Format,
    },
    /// Report which alternatives of the grammar the inputs exercise
    ///
    /// For every production and each of its alternatives, how many inputs
    /// exercised it, and which alternatives none did. Inputs that do not
    /// match exercise nothing, nor do those longer than 1 MiB, too long for
    /// a tree (the report counts both). Only the productions the inputs
    /// were matched against (the rule each one's scheme selects, or
    /// --rule's) and those they use are listed; the report names the
    /// others, which no input could exercise (`url` itself when matched by
    /// scheme; `national` and `punctuation`, which no production uses).
    ///
    /// Inputs: the URL arguments, then the lines of each --file; standard
    /// input, one input per line, when there are neither. `-` is standard
    /// input, as an argument or a file.
    ///
    /// Lines: a line ends at a line feed (LF) or at the end of the input. A
    /// carriage return (CR) right before an LF is part of the line ending (CR
    /// LF files); any other CR is part of the input, one that ends the input
    /// included.
    ///
    /// Exit status: 0 once the report is written, whatever it says; 2 when
    /// an input cannot be read, or has a line longer than --max-line-bytes
    /// (the report names it, and counts the other lines).
    Coverage(CoverageArgs),
    /// Write a shell's completion script to standard output
    ///
    /// For bash: `rfc1738 completions bash > ~/.local/share/bash-completion/completions/rfc1738`;
    /// for zsh, a file `_rfc1738` in a directory of `$fpath`; for fish,
    /// `~/.config/fish/completions/rfc1738.fish`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Write the manual page (roff) to standard output
    ///
    /// `rfc1738 man | man -l -` shows it; `rfc1738 man check` writes the page
    /// of one command (`rfc1738-check(1)`).
    Man {
        /// The command whose page to write; the tool's own page without it.
        #[arg(value_name = "COMMAND", value_parser = Lossy(clap::builder::PossibleValuesParser::new(COMMANDS)))]
        command: Option<String>,
    },
}

/// The commands, each of which has a manual page of its own.
const COMMANDS: [&str; 8] = [
    "check",
    "extract",
    "parse",
    "explain",
    "grammar",
    "coverage",
    "completions",
    "man",
];

/// What SIGINT does, in the help.
const INTERRUPT: &str = "On SIGINT (Ctrl-C), a run ends after its last whole record, with exit \
                         status 130; a second SIGINT ends it at once.";

/// The longest line `check`, `parse` and `coverage` keep, unless told: 64 MiB.
const MAX_LINE_BYTES: u64 = 64 << 20;

/// How the commands that read lines bound them.
#[derive(Debug, clap::Args)]
struct LineArgs {
    /// The longest line read, in bytes, not counting its line ending. A
    /// longer line is not kept: it gets a record saying it is too long, with
    /// its line number, its bytes are read and dropped up to its line feed,
    /// and the run goes on with the next line (exit status 2 at the end).
    /// Memory stays within this limit however long a line is, an endless one
    /// included. The default is 64 MiB.
    #[arg(
        long = "max-line-bytes",
        value_name = "N",
        default_value_t = MAX_LINE_BYTES,
        value_parser = Lossy(clap::value_parser!(u64).range(1..))
    )]
    max_line_bytes: u64,
}

impl LineArgs {
    /// The limit as a length (all of it: no machine this runs on has a
    /// `usize` narrower than 64 bits, or memory past it).
    fn max_line(&self) -> usize {
        usize::try_from(self.max_line_bytes).unwrap_or(usize::MAX)
    }
}

/// Files of inputs, one per line.
#[derive(Debug, clap::Args)]
struct FileArgs {
    /// Read inputs from FILE, one per line, after the arguments (repeatable;
    /// `-` is standard input).
    #[arg(short = 'f', long = "file", value_name = "FILE")]
    files: Vec<PathBuf>,
}

/// What every command that writes a record per input shares.
#[derive(Debug, clap::Args)]
struct RecordArgs {
    /// `human` for people, `json` for one JSON object per record, on its own
    /// line.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,

    /// Write only the records of what failed (invalid inputs or hits), in
    /// every format.
    #[arg(short, long)]
    quiet: bool,

    /// Write a summary of the counts to standard error.
    #[arg(long)]
    stats: bool,

    /// Show passwords in human output instead of a `*` for each of their
    /// characters.
    #[arg(long)]
    show_passwords: bool,
}

#[derive(Debug, clap::Args)]
struct CoverageArgs {
    /// Match every input against this production, by the grammar's letter,
    /// instead of the scheme rule its scheme selects.
    #[arg(short, long, value_name = "NAME", value_parser = Productions, hide_possible_values = true)]
    rule: Option<Rule>,

    /// `human`: a table; `json`: one JSON object with the counts.
    #[arg(long, value_enum, default_value_t = Format::Human, hide_possible_values = true)]
    format: Format,

    #[command(flatten)]
    files: FileArgs,

    #[command(flatten)]
    lines: LineArgs,

    /// The inputs; standard input when there are neither inputs nor files.
    #[arg(value_name = "URL")]
    urls: Vec<OsString>,
}

#[derive(Debug, clap::Args)]
struct ExtractArgs {
    #[command(flatten)]
    records: RecordArgs,

    /// Search FILE, a text of its own (repeatable; `-` is standard input).
    #[arg(short = 'f', long = "file", value_name = "FILE")]
    files: Vec<PathBuf>,

    /// The longest text read, in bytes, an argument's included. A text is
    /// read whole, as a wrapper may span lines. Of a longer text only the
    /// lines that end within the limit are searched and the rest is not
    /// read; standard error says so and the exit status is 2. Memory stays within about twice this limit
    /// (the text, and the URL of one hit at a time; up to four times for a
    /// wrapper of bytes that are not UTF-8), an endless text included. The
    /// default is 256 MiB.
    #[arg(
        long = "max-text-bytes",
        value_name = "N",
        default_value_t = MAX_TEXT_BYTES,
        value_parser = Lossy(clap::value_parser!(u64).range(1..))
    )]
    max_text_bytes: u64,

    /// The texts to search, each on its own; standard input when there are
    /// neither texts nor files.
    #[arg(value_name = "TEXT")]
    texts: Vec<OsString>,
}

/// The longest text `extract` reads, unless told: 256 MiB.
const MAX_TEXT_BYTES: u64 = 256 << 20;

#[derive(Debug, clap::Args)]
struct ParseArgs {
    #[command(flatten)]
    records: RecordArgs,

    #[command(flatten)]
    files: FileArgs,

    #[command(flatten)]
    lines: LineArgs,

    /// The URLs to parse; standard input when there are neither URLs nor
    /// files.
    #[arg(value_name = "URL")]
    urls: Vec<OsString>,
}

/// The longest line `explain` reads, unless told: 256 KiB. The tree it
/// shows (`rfc1738::Match::tree`) has a node per production and per
/// character, with the chain of classes under each character, and takes
/// some 300 bytes a byte of a run of characters, its rendering with
/// `--all` as much again: about 100 MB for such a line, 150 MB with
/// `--all`.
const MAX_EXPLAIN_LINE: u64 = 256 << 10;

#[derive(Debug, clap::Args)]
struct ExplainArgs {
    /// The production to match, spelled as in the RFC; without it, the scheme
    /// rule the URL's scheme selects (case-insensitively).
    #[arg(short, long, value_name = "NAME", value_parser = Productions, hide_possible_values = true)]
    rule: Option<Rule>,

    /// `human`: an indented tree, a node per line with its production, byte
    /// span and text. `json`: one object per input, `{"input", "valid",
    /// "rule", "start", "end", "children"}` with byte offsets (for a rejected
    /// input `{"input", "valid": false, "rule", "error", "prefix"}`, `prefix`
    /// the tree of the prefix the rule's combinator matches), then, as
    /// `check`'s records, `"file"` and `"line"` for a line of a file or
    /// standard input, `"argument"` for an argument. `svg`: a picture of
    /// the tree over the input's characters, a box per node over the
    /// characters it matched; for a rejected input, the rejected part red
    /// and a caret under where it failed. `dot`: the same for Graphviz (`dot
    /// -Tsvg`). A picture is of one URL, given as an argument; it shows at
    /// most 1024 bytes of the input (240 with `--all`), around where it
    /// failed, and 1000 nodes, and says so.
    #[arg(long, value_enum, default_value_t = TreeFormat::Human)]
    format: TreeFormat,

    /// Write only the records of the inputs that do not match.
    #[arg(short, long)]
    quiet: bool,

    /// Write a summary of the counts to standard error.
    #[arg(long)]
    stats: bool,

    /// Show passwords in human output and pictures instead of a `*` for
    /// each of their characters, and the input's own byte offsets there;
    /// without it, those offsets count each `*` as one byte, whatever the
    /// character's length in UTF-8, and the nodes around a password the
    /// grammar does not read as one (written further in the input) are one
    /// run, `(hidden)`, which tells nothing of what it holds.
    #[arg(long)]
    show_passwords: bool,

    /// Also show the character-class productions (`uchar`, `unreserved`,
    /// `alpha`, …) under each part.
    #[arg(short, long)]
    all: bool,

    #[command(flatten)]
    files: FileArgs,

    /// The longest line read, in bytes, not counting its line ending: a
    /// longer line gets a record saying it is too long, and the run goes on
    /// (exit status 2 at the end). A derivation tree and its rendering take
    /// some 300 to 600 bytes a byte of input; the default is 256 KiB.
    /// Arguments have no limit.
    #[arg(
        long = "max-line-bytes",
        value_name = "N",
        default_value_t = MAX_EXPLAIN_LINE,
        value_parser = Lossy(clap::value_parser!(u64).range(1..))
    )]
    max_line_bytes: u64,

    /// The URLs (or strings of the production) to explain; standard input
    /// when there are neither URLs nor files.
    #[arg(value_name = "URL")]
    urls: Vec<OsString>,
}

impl ExplainArgs {
    /// The limit as a length.
    fn max_line(&self) -> usize {
        usize::try_from(self.max_line_bytes).unwrap_or(usize::MAX)
    }

    /// The options every command's records take: a picture counts as
    /// human output.
    fn records(&self) -> RecordArgs {
        RecordArgs {
            format: match self.format {
                TreeFormat::Json => Format::Json,
                TreeFormat::Human | TreeFormat::Svg | TreeFormat::Dot => Format::Human,
            },
            quiet: self.quiet,
            stats: self.stats,
            show_passwords: self.show_passwords,
        }
    }
}

/// How `explain` writes a tree: `Format`'s two, and two pictures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum TreeFormat {
    /// An indented tree.
    #[value(alias = "text")]
    Human,
    /// Nested JSON objects.
    Json,
    /// A picture, SVG.
    Svg,
    /// A picture, Graphviz DOT.
    Dot,
}

#[derive(Debug, clap::Args)]
struct CheckArgs {
    /// A production of RFC 1738 section 5 to match instead, spelled as in the
    /// RFC (`hostport`, `ip-schemepart`, `gopher+_string`). With `url`, a
    /// valid input's line (and JSON record: `alternative`) names which of its
    /// alternatives the input is (`valid url › otherurl: http://user@host/`).
    #[arg(short, long, value_name = "NAME", value_parser = Productions, hide_possible_values = true)]
    rule: Option<Rule>,

    #[command(flatten)]
    records: RecordArgs,

    /// Also write a line for each valid input read from a file or a pipe.
    #[arg(short, long, conflicts_with = "quiet")]
    verbose: bool,

    /// Exit with status 1 when a valid input has warnings (which --quiet
    /// then writes, as failures). Not with --rule, which checks by the
    /// production's letter and gives no warnings.
    #[arg(long, conflicts_with = "rule")]
    deny_warnings: bool,

    /// Write a summary of the batch instead of a record per input: the
    /// counts, the counts per scheme, the invalid inputs grouped by cause
    /// (the rule, the production where they failed, what was expected
    /// there, the hints' codes) and the warnings by code, the first few
    /// examples of each. `--format json` writes it as one JSON object.
    /// Passwords are hidden unless --show-passwords.
    #[arg(long, conflicts_with_all = ["quiet", "verbose"])]
    summary: bool,

    /// Also write the summary as one HTML page to FILE, with charts and
    /// the examples' diagnostics: self-contained, it loads nothing and
    /// needs no script. Standard output gets what it gets without it.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,

    #[command(flatten)]
    files: FileArgs,

    #[command(flatten)]
    lines: LineArgs,

    /// The URLs to check; standard input when there are neither URLs nor
    /// files.
    #[arg(value_name = "URL")]
    urls: Vec<OsString>,
}

/// When to colour the output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ColorChoice {
    /// When the stream is a terminal that has colour, as --color says.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// How records are written, in every command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// For people: diagnostics, trees, tables.
    #[value(alias = "text")]
    Human,
    /// JSON, for programs: an object per record, on its own line (one
    /// object for a summary or a coverage report).
    Json,
}

/// The longest input `coverage` and `explain` read a derivation tree of
/// unless told: even compact (`Coverage::add_match`), a tree has an entry
/// per character and production, some 30 to 60 bytes per byte of input.
const MAX_TREE_INPUT: usize = 1 << 20;

/// A value parser that reads a value that is not UTF-8 with U+FFFD for its
/// bad bytes, then as `P` does: `P` refuses it (no production, number or
/// command has U+FFFD) with an error that names the value and its option,
/// where clap's own says only "invalid UTF-8 was detected in one or more
/// arguments".
#[derive(Clone)]
struct Lossy<P>(P);

impl<P: clap::builder::TypedValueParser> clap::builder::TypedValueParser for Lossy<P> {
    type Value = P::Value;

    fn parse_ref(
        &self,
        command: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<P::Value, clap::Error> {
        let text = value.to_string_lossy();
        self.0.parse_ref(command, arg, std::ffi::OsStr::new(&*text))
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        self.0.possible_values()
    }
}

/// The value parser of a production's name ([`parse_rule_name`], any
/// value read as [`Lossy`] reads it), whose possible values, the 67 names,
/// are offered by the completions of bash, zsh and fish (and hidden in the
/// help, which says `rfc1738 grammar` lists them; the error of a missing
/// value lists them).
#[derive(Clone)]
struct Productions;

impl clap::builder::TypedValueParser for Productions {
    type Value = Rule;

    fn parse_ref(
        &self,
        command: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Rule, clap::Error> {
        Lossy(parse_rule_name).parse_ref(command, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        let names = Rule::ALL
            .iter()
            .map(|rule| clap::builder::PossibleValue::new(rule.name()));
        Some(Box::new(names))
    }
}

/// Accepts a production name as the RFC spells it; for another name, says
/// which productions it may stand for. A name that holds a password (a URL
/// given as a production) is quoted with it hidden, as [`show::name`]
/// hides it. The library's error names the production that a name spells
/// another way (`ip_schemepart`) itself: it is said once.
fn parse_rule_name(name: &str) -> Result<Rule, String> {
    name.parse::<Rule>().map_err(|error| {
        let hidden = show::Hidden::of(name, show::password_of(name));
        match hidden.spans() {
            [] if error.suggestion().is_some() => error.to_string(),
            [] => format!("{error}{}", suggest::productions(name)),
            spans => {
                let shown = rfc1738::visible::Visible::new(name)
                    .hiding_all(spans)
                    .quoted();
                let more = suggest::productions(name);
                format!("\"{shown}\" is not a production of RFC 1738 section 5{more}")
            }
        }
    })
}

/// The arguments, and the values of options written in one argument
/// (`--rule=VALUE`, `-rVALUE`), that hold a password as [`show::name`]
/// finds one, each with how it is shown, the password hidden: a usage
/// error quotes what it could not read (a URL typed where the command
/// goes: `rfc1738 ftp://me:pw@h/`), and it is shown as every name is.
fn veiled_arguments() -> Vec<(String, String)> {
    let mut veiled = Vec::new();
    for argument in std::env::args_os().skip(1) {
        let text = argument.to_string_lossy();
        for text in core::iter::once(&*text).chain(option_values(&text)) {
            let shown = show::name(text);
            // A name shown differs from the text only where it hides or
            // escapes: only one that hides is replaced.
            if shown.contains('*') && shown != rfc1738::visible::Visible::new(text).to_string() {
                veiled.push((text.to_owned(), shown));
            }
        }
    }
    // The longest first, so that an argument is replaced before a value
    // inside it.
    veiled.sort_by_key(|(text, _)| core::cmp::Reverse(text.len()));
    veiled
}

/// Where an option's value may start in `argument`, as clap reads one:
/// after the `=` of `--name=VALUE`; in a cluster of short options
/// (`-qrVALUE`, `-r=VALUE`), after each of its first letters, each of
/// which may be the option that takes the rest, and after an `=` there.
/// The cluster is read up to 16 letters.
fn option_values(argument: &str) -> Vec<&str> {
    if let Some(long) = argument.strip_prefix("--") {
        return long
            .split_once('=')
            .map(|(_, value)| value)
            .into_iter()
            .collect();
    }
    let Some(short) = argument.strip_prefix('-') else {
        return Vec::new();
    };
    let letters = short
        .bytes()
        .take(16)
        .take_while(u8::is_ascii_alphabetic)
        .count();
    let mut values = Vec::new();
    for at in 1..=letters {
        let value = &short[at..];
        values.push(value);
        if let Some(value) = value.strip_prefix('=') {
            values.push(value);
        }
    }
    values
}

/// Whether an argument holds a character that may not be shown on a
/// terminal as it is: clap would quote it raw in a usage error.
fn hostile_arguments() -> bool {
    std::env::args_os().any(|arg| {
        !arg.to_string_lossy()
            .chars()
            .all(rfc1738::visible::is_visible)
    })
}

/// The `--color` the command line gives, read apart from clap, so that
/// clap's own help and errors, written when clap could not read the line,
/// follow it too: the last `--color WHEN` or `--color=WHEN` before a `--`.
fn color_argument() -> Option<ColorChoice> {
    let arguments: Vec<OsString> = std::env::args_os().skip(1).collect();
    let mut chosen = None;
    let mut words = arguments.iter().take_while(|arg| *arg != "--");
    while let Some(arg) = words.next() {
        let value = match arg.to_str() {
            Some("--color") => words.next().and_then(|value| value.to_str()),
            Some(arg) => arg.strip_prefix("--color="),
            None => None,
        };
        if let Some(value) = value {
            chosen = ColorChoice::from_str(value, false).ok().or(chosen);
        }
    }
    chosen
}

/// Makes `choice` anstream's colour choice from now on, for this tool's
/// output and clap's: `auto` is left to anstream (which reads NO_COLOR,
/// CLICOLOR_FORCE, CLICOLOR and whether each stream is a terminal), but
/// for `CLICOLOR_FORCE=0`, decided here for the stream written next, a
/// `terminal` or not ([`output::color_choice`]). That is the one stream
/// coloured: clap's help or error, or else standard output.
fn choose_color(choice: ColorChoice, terminal: bool) {
    let when = match choice {
        ColorChoice::Auto => anstream::ColorChoice::Auto,
        ColorChoice::Always => anstream::ColorChoice::Always,
        ColorChoice::Never => anstream::ColorChoice::Never,
    };
    anstream::ColorChoice::write_global(output::color_choice(when, terminal));
}

/// Reads the command line. When an argument holds a character that may not
/// be shown on a terminal, clap styles nothing, and its message, which may
/// quote the argument, is written with each line as
/// [`rfc1738::visible`] shows it.
fn read_command_line() -> Result<Cli, ExitCode> {
    let hostile = hostile_arguments();
    let mut command = Cli::command();
    if hostile {
        command = command.styles(clap::builder::Styles::plain());
    }
    let error = match command
        .try_get_matches()
        .and_then(|matches| Cli::from_arg_matches(&matches))
    {
        Ok(cli) => return Ok(cli),
        Err(error) => error,
    };
    let status = u8::try_from(error.exit_code()).unwrap_or(2);
    // clap writes help and errors in the colours `--color` asks for.
    let terminal = if error.use_stderr() {
        std::io::stderr().is_terminal()
    } else {
        std::io::stdout().is_terminal()
    };
    choose_color(color_argument().unwrap_or(ColorChoice::Auto), terminal);
    // clap's own `exit` ignores a failure to write: help or a version that
    // cannot be written would end with status 0.
    let veiled = veiled_arguments();
    let written = if hostile || !veiled.is_empty() {
        let mut text = error.render().ansi().to_string();
        for (argument, shown) in &veiled {
            text = text.replace(argument.as_str(), shown);
        }
        if hostile {
            // Unstyled, the message is the text as clap made it.
            text = show::lines(&text);
        }
        // anstream drops the styles where colour is not chosen, as clap's
        // `print` does.
        if error.use_stderr() {
            anstream::stderr().lock().write_all(text.as_bytes())
        } else {
            anstream::stdout().lock().write_all(text.as_bytes())
        }
    } else {
        error.print()
    };
    Err(match written {
        Err(failure) if failure.kind() != std::io::ErrorKind::BrokenPipe => {
            // Standard error's failure cannot be told, on standard error:
            // only the status. Standard output's is told there.
            if !error.use_stderr() {
                output::unwritable(failure);
            }
            ExitCode::from(2)
        }
        _ => ExitCode::from(status),
    })
}

/// Why the inputs of `command` may not be read as given, before any is
/// read: a stream that is read once given twice ([`inputs::given_twice`]).
fn given_twice(command: &Command) -> Option<String> {
    let (arguments, files) = match command {
        Command::Check(args) => (&args.urls, &args.files.files),
        Command::Parse(args) => (&args.urls, &args.files.files),
        Command::Explain(args) => (&args.urls, &args.files.files),
        Command::Coverage(args) => (&args.urls, &args.files.files),
        Command::Extract(args) => (&args.texts, &args.files),
        Command::Grammar { .. } | Command::Completions { .. } | Command::Man { .. } => {
            return None;
        }
    };
    inputs::given_twice(&inputs::sources(arguments, files))
}

fn main() -> ExitCode {
    let cli = match read_command_line() {
        Ok(cli) => cli,
        Err(status) => return status,
    };
    choose_color(cli.color, std::io::stdout().is_terminal());
    // Should SIGINT keep its default action, a run it ends may end in the
    // middle of a record: nothing else is lost, so the run goes on.
    let _ = interrupt::install();
    if let Some(message) = given_twice(&cli.command) {
        output::message(message);
        return ExitCode::from(2);
    }
    let status = match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Parse(args) => parse::run(&args),
        Command::Extract(args) => extract::run(&args),
        Command::Grammar { rule, format } => grammar::run(rule, format),
        Command::Coverage(args) => coverage::run(&args),
        Command::Completions { shell } => manual::completions(shell, Cli::command()),
        Command::Man { command } => manual::man(Cli::command(), command.as_deref()),
    };
    // A note on standard error that could not be written fails the run.
    output::status(status)
}
