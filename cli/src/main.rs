//! `rfc1738`: check URLs against RFC 1738 section 5.
//!
//! Exit status: 0 when every input is valid, 1 when any is not, 2 on a usage
//! or I/O error (standard output or error that cannot be written included:
//! nothing here panics on a failed write), 130 when SIGINT ended the run
//! (after its last whole record: [`interrupt`]).

#![forbid(unsafe_code)]

mod batch;
mod check;
mod coverage;
mod explain;
mod extract;
mod grammar;
mod interrupt;
mod markup;
mod output;
mod parse;
mod picture;
mod show;

use std::ffi::OsString;
use std::process::ExitCode;

use std::io::Write as _;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use rfc1738::Rule;

/// Check URLs against the grammar of RFC 1738 (Uniform Resource Locators),
/// section 5.
#[derive(Debug, Parser)]
#[command(name = "rfc1738", version, about, after_help = INTERRUPT)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check each URL: against the scheme rule its scheme selects (scheme
    /// names compared case-insensitively, as section 2.1 asks), or against
    /// the production given by `--rule`, by the grammar's letter.
    ///
    /// With no URL arguments and no --file, reads standard input, one input
    /// per line. Every line gets its record, in order. A summary goes to
    /// standard error.
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
    /// Find the URLs in a text, as the RFC's appendix describes them:
    /// `<URL:...>` and `<...>` wrappers (whitespace inside removed, a
    /// `#fragment` split off, a line break after a hyphen reported) and bare
    /// URLs of the schemes of section 3 in running text. Each hit is checked.
    ///
    /// Exit status: 0 when every hit is valid, 1 when one is not, 2 when the
    /// text cannot be read, or is longer than --max-text-bytes (the part
    /// searched is reported).
    Extract(ExtractArgs),
    /// Show what each URL means, part by part (section 3): scheme, user and
    /// password, host, port and effective port (the scheme's default when
    /// the URL has none), and the scheme's own parts, decoded: ftp path
    /// segments, typecode and FTP commands; gopher type, selector, search,
    /// Gopher+ string and request; news group or article; and so on.
    ///
    /// With no URL arguments, reads standard input, one input per line.
    /// Every input gets its record, in order; an invalid one gets the
    /// diagnostic (JSON: `"valid": false` and `check`'s `error` object).
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
    /// "user", "password", "host", "port", "effective_port"}` and an object
    /// named after the scheme (`"ftp": {"path_segments", "typecode",
    /// "commands"}`, `"gopher": {"type", "selector", "search",
    /// "gopher_plus", "request"}`, `"news": {"group", "article", "all"}`,
    /// `"nntp": {"group", "article"}`, `"wais": {"database", "search",
    /// "wtype", "wpath"}`, `"file": {"host", "path_segments"}`,
    /// `"prospero": {"hsoname", "fields"}`, `"mailto": {"address"}`,
    /// `"http": {"path_segments", "search"}`, `"other": {"schemepart",
    /// "urlpath"}`). `port` is the digits as written, `effective_port` a
    /// number. Decoded values are strings when their octets are UTF-8 and
    /// arrays of byte values when they are not (`%FF` gives `[255]`).
    /// `semantic_errors` lists, when there are any, what a valid URL fails to
    /// mean: a port beyond 65535, an FTP or Gopher request refused because a
    /// decoded part holds CR, LF or TAB (section 6). A line longer than
    /// --max-line-bytes gets `{"input": null, "valid": null, "rule": null,
    /// "too_long": true, "max_line_bytes", "line"}`.
    ///
    /// Exit status: 0 when every input is valid, 1 when one is not, 2 on a
    /// usage or I/O error or a line longer than --max-line-bytes (the other
    /// lines are still parsed).
    Parse(ParseArgs),
    /// Show the derivation tree of a URL: which production matched which
    /// bytes. For an input that does not match, the diagnostic and the tree
    /// of the longest prefix the rule matches.
    ///
    /// Arguments: the URL is one input, byte for byte: a CR or LF in it is part
    /// of it, and bytes that are not UTF-8 fail it, reported at the first.
    Explain(ExplainArgs),
    /// Print the grammar of section 5; with a production's name, its
    /// definition, the productions it uses and the productions that use it.
    /// Or draw railroad diagrams of it: a production's (`--format svg`), or
    /// one page with every production's (`--format html`).
    Grammar {
        /// A production, spelled as in the RFC.
        #[arg(value_name = "NAME", value_parser = parse_rule_name,
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
    /// Report, for every production and each of its alternatives, how many
    /// inputs exercised it, and which alternatives none did. Reads one input
    /// per line from FILE, or standard input; inputs that do not match
    /// exercise nothing.
    ///
    /// Lines: a line ends at a line feed (LF) or at the end of the input. A
    /// carriage return (CR) right before an LF is part of the line ending (CR
    /// LF files); any other CR is part of the input, one that ends the input
    /// included.
    ///
    /// Exit status: 0 once the report is written, whatever it says; 2 when
    /// the input cannot be read, or has a line longer than --max-line-bytes
    /// (the report names it, and counts the other lines).
    Coverage(CoverageArgs),
}

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
        value_parser = clap::value_parser!(u64).range(1..)
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

#[derive(Debug, clap::Args)]
struct CoverageArgs {
    /// Match every input against this production, by the grammar's letter,
    /// instead of the scheme rule its scheme selects.
    #[arg(long, value_name = "NAME", value_parser = parse_rule_name)]
    rule: Option<Rule>,

    #[command(flatten)]
    lines: LineArgs,

    /// The file of inputs, one per line; standard input without it.
    file: Option<std::path::PathBuf>,
}

#[derive(Debug, clap::Args)]
struct ExtractArgs {
    /// `human`: a line per hit, with notes and diagnostics; `json`: one JSON
    /// object per hit.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,

    /// The longest text read, in bytes. The text is read whole, as a wrapper
    /// may span lines. Of a longer text only the lines that end within the
    /// limit are searched and the rest is not read; standard error says so
    /// and the exit status is 2. Memory stays within about twice this limit
    /// (the text, and a copy of it when it is not UTF-8), an endless text
    /// included. The default is 256 MiB.
    #[arg(
        long = "max-text-bytes",
        value_name = "N",
        default_value_t = MAX_TEXT_BYTES,
        value_parser = clap::value_parser!(u64).range(1..)
    )]
    max_text_bytes: u64,

    /// Show passwords in human output instead of a `*` for each of their
    /// characters.
    #[arg(long)]
    show_passwords: bool,

    /// The text; standard input without it.
    file: Option<std::path::PathBuf>,
}

/// The longest text `extract` reads, unless told: 256 MiB.
const MAX_TEXT_BYTES: u64 = 256 << 20;

#[derive(Debug, clap::Args)]
struct ParseArgs {
    /// `text`: the URL, then a line per part, decoded values quoted (`b"\xff"`
    /// for octets that are not UTF-8). `json`: one JSON object per input, on
    /// its own line.
    #[arg(long, value_enum, default_value_t = parse::Format::Text)]
    format: parse::Format,

    #[command(flatten)]
    lines: LineArgs,

    /// Show passwords in human output instead of a `*` for each of their
    /// characters.
    #[arg(long)]
    show_passwords: bool,

    /// The URLs to parse; standard input when there are none.
    #[arg(value_name = "URL")]
    urls: Vec<OsString>,
}

#[derive(Debug, clap::Args)]
struct ExplainArgs {
    /// The production to match, spelled as in the RFC; without it, the scheme
    /// rule the URL's scheme selects (case-insensitively).
    #[arg(long, value_name = "NAME", value_parser = parse_rule_name)]
    rule: Option<Rule>,

    /// `text`: an indented tree, a node per line with its production, byte
    /// span and text. `json`: `{"rule", "start", "end", "children"}` with byte
    /// offsets (for a rejected input `{"rule", "valid": false, "error",
    /// "prefix"}`, `prefix` the tree of the longest prefix the rule matches).
    /// `svg`: a picture of the tree over the input's characters, a box per
    /// node over the characters it matched; for a rejected input, the
    /// rejected part red and a caret under where it failed. `dot`: the same
    /// for Graphviz (`dot -Tsvg`). A picture shows at most 1024 bytes of the
    /// input (around where it failed) and 10000 nodes, and says so.
    #[arg(long, value_enum, default_value_t = TreeFormat::Text)]
    format: TreeFormat,

    /// Also show the character-class productions (`uchar`, `unreserved`,
    /// `alpha`, …) under each part.
    #[arg(long)]
    all: bool,

    /// Show passwords in human output instead of a `*` for each of their
    /// characters.
    #[arg(long)]
    show_passwords: bool,

    /// The URL (or string of the production) to explain.
    url: OsString,
}

/// How a tree is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum TreeFormat {
    /// An indented tree.
    Text,
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
    /// RFC (`hostport`, `ip-schemepart`, `gopher+_string`).
    #[arg(long, value_name = "NAME", value_parser = parse_rule_name)]
    rule: Option<Rule>,

    /// `human`: a line per valid input, a diagnostic per invalid one.
    /// `json`: one JSON object per input, on its own line, in input order;
    /// for a line longer than --max-line-bytes, `"too_long": true`,
    /// `"max_line_bytes"`, its `file` and `line`, and `null` for `input`,
    /// `rule`, `valid` and `error`.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,

    /// Check each line of this file (repeatable; after any URL arguments).
    #[arg(long = "file", value_name = "PATH")]
    files: Vec<std::path::PathBuf>,

    #[command(flatten)]
    lines: LineArgs,

    /// Write only the invalid inputs (the summary still goes to standard
    /// error).
    #[arg(long)]
    quiet: bool,

    /// Exit with status 1 when a valid input has warnings.
    #[arg(long)]
    deny_warnings: bool,

    /// Show passwords in human output instead of a `*` for each of their
    /// characters.
    #[arg(long)]
    show_passwords: bool,

    /// Colour human output: `auto` when standard output is a terminal and
    /// NO_COLOR is not set.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    color: ColorChoice,

    /// The URLs to check; standard input when there are neither URLs nor
    /// files.
    #[arg(value_name = "URL")]
    urls: Vec<OsString>,
}

/// When to colour human output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ColorChoice {
    /// When standard output is a terminal and NO_COLOR is not set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// How results are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// Diagnostics for people.
    Human,
    /// One JSON object per input.
    Json,
}

/// The longest input `coverage` reads a derivation tree of: even compact
/// (`Coverage::add_match`), a tree has an entry per character and
/// production, some 30 to 60 bytes per byte of input. (`explain` needs no
/// such bound: its input is one argument, which the operating system keeps
/// far shorter.)
const MAX_TREE_INPUT: usize = 1 << 20;

/// Accepts a production name as the RFC spells it.
fn parse_rule_name(name: &str) -> Result<Rule, String> {
    name.parse::<Rule>().map_err(|error| {
        let names: Vec<&str> = Rule::ALL.iter().map(|rule| rule.name()).collect();
        format!("{error}; the productions are: {}", names.join(", "))
    })
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
    // clap's own `exit` ignores a failure to write: help or a version that
    // cannot be written would end with status 0.
    let written = if hostile {
        // Unstyled, the message is the text as clap made it.
        let text = show::lines(&error.render().ansi().to_string());
        if error.use_stderr() {
            std::io::stderr().lock().write_all(text.as_bytes())
        } else {
            std::io::stdout().lock().write_all(text.as_bytes())
        }
    } else {
        error.print()
    };
    Err(match written {
        Err(failure) if failure.kind() != std::io::ErrorKind::BrokenPipe => {
            output::message(failure);
            ExitCode::from(2)
        }
        _ => ExitCode::from(status),
    })
}

fn main() -> ExitCode {
    let cli = match read_command_line() {
        Ok(cli) => cli,
        Err(status) => return status,
    };
    // Should SIGINT keep its default action, a run it ends may end in the
    // middle of a record: nothing else is lost, so the run goes on.
    let _ = interrupt::install();
    match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Parse(args) => parse::run(&args),
        Command::Extract(args) => extract::run(&args),
        Command::Grammar { rule, format } => grammar::run(rule, format),
        Command::Coverage(args) => coverage::run(&args),
    }
}
