//! The sweep of hostile shapes: every command of the `rfc1738` tool and
//! every public entry point of the library, over inputs repeating one
//! separator or escape of the grammar 10^4, 10^5 and 10^6 times, valid and
//! broken, each case in a process of its own, its time and peak memory
//! measured. A step of 10x in the input that costs more than 12x in time
//! or in memory is flagged: nothing should grow faster than its input.
//!
//! ```sh
//! cargo build --release -p rfc1738-cli
//! cargo run --release --manifest-path benches/Cargo.toml --bin sweep
//! ```
//!
//! `-- FILTER` runs the cases whose entry or shape contains FILTER; the
//! tool is `target/release/rfc1738`, or `$RFC1738_BIN`. The exit status
//! is 1 when a step was flagged.
//!
//! How a case is measured: the sweep starts itself as a go-between
//! (`sweep measure ...`), which starts the case's process, counts its
//! output, waits for it and reads the peak resident memory of its only
//! child from `getrusage(RUSAGE_CHILDREN)`, and its processor time (user
//! and system: on a shared machine, less noisy than the clock's). A command
//! is timed from start to end; a library case (`sweep lib ...`) makes its
//! input, then times one call of the entry point and prints the time. Memory is
//! the peak less the peak of the same case at 10 repetitions, so that what
//! is compared is what the input costs. Below 1 ms for a call, 5 ms for a
//! command (its start alone takes one or two) and 1 MB of memory, a value
//! counts as that much: a ratio of smaller ones says nothing, and a
//! quadratic cost shows all the same at the last step, where it takes
//! seconds. A case whose step exceeds the limit is measured four times more
//! and judged on the least of the times and memories at each size: a
//! linear cost stays below 12x, noise and caches (10^6 repetitions no
//! longer fit in them) aside.

use std::collections::HashMap;
use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use nix::sys::resource::{UsageWho, getrusage};
use rfc1738::bnf::{Grammar, Matcher};
use rfc1738::coverage::Coverage;
use rfc1738::url::{Url, decode};
use rfc1738::{
    Rule, check, check_bytes, check_prefix, is_valid, parse, parse_prefix, parse_rule, scheme_rule,
};

/// A shape: a prefix, a unit repeated n times, then a suffix, valid or
/// broken (the suffix that makes the input fail at its end).
struct Shape {
    name: &'static str,
    prefix: &'static str,
    unit: &'static str,
    valid: &'static str,
    broken: &'static str,
}

/// The shapes of URLs: each separator and escape of the grammar repeated.
const SHAPES: &[Shape] = &[
    shape("/", "ftp://h/", "/", "", " "),
    shape("labels a.", "http://", "a.", "com/", "_/"),
    shape("a-", "http://", "a-", "a/", "/"),
    shape("%09", "gopher://h/1", "%09", "", "%0"),
    shape("%0D", "ftp://h/", "%0D", "", "%"),
    shape("%zz", "http://h/", "%zz", "", ""),
    shape(";", "http://h/", ";", "", "#"),
    shape("=", "http://h/", "=", "", "{"),
    shape("@", "mailto:", "a@", "", " "),
    shape(":", "http://h/", ":", "", "^"),
    shape("fields ;a=b", "prospero://h/p", ";a=b", "", ";"),
];

/// Text for `extract`: URLs among words, valid and invalid hits.
const TEXT: Shape = shape(
    "text",
    "",
    "see ftp://h/%zz and <URL:http://h/a> then\n",
    "",
    "<URL:http://h/",
);

/// Text for `extract`: bare URLs in brackets and no whitespace, each ending
/// at the bracket that closes it.
const BRACKETED: Shape = shape("text (http://a)", "", "(http://a)", "", "(http://");

/// Grammars for the BNF reader and generator: a long sequence.
const BNF: Shape = shape("bnf a = \"x\"...", "a = ", "\"x\" ", "\n", "|\n");

const fn shape(
    name: &'static str,
    prefix: &'static str,
    unit: &'static str,
    valid: &'static str,
    broken: &'static str,
) -> Shape {
    Shape {
        name,
        prefix,
        unit,
        valid,
        broken,
    }
}

impl Shape {
    fn input(&self, broken: bool, n: usize) -> String {
        let suffix = if broken { self.broken } else { self.valid };
        let mut input = String::with_capacity(self.prefix.len() + self.unit.len() * n + 8);
        input.push_str(self.prefix);
        for _ in 0..n {
            input.push_str(self.unit);
        }
        input.push_str(suffix);
        input
    }
}

/// How a command of the tool gets its input.
#[derive(Clone, Copy)]
enum Via {
    /// The path of a file holding it, as the last argument, after the
    /// command's `--file` (a bare argument is an input, or a text, of its own).
    File,
    /// Standard input.
    Stdin,
    /// The input itself, as the last argument (at most 128 kB on Linux).
    Argument,
}

/// What a case runs.
#[derive(Clone, Copy)]
enum Run {
    /// A public entry point of the library, by name (see [`lib`]).
    Lib(&'static str),
    /// The tool, with these arguments and the input given so.
    Cli(&'static [&'static str], Via),
}

/// Which inputs an entry point takes.
#[derive(Clone, Copy, PartialEq)]
enum Takes {
    /// Every URL shape, valid and broken.
    Both,
    /// Every URL shape, valid only (semantics need a valid URL).
    Valid,
    /// Every URL shape, broken only (an error to render).
    Broken,
    /// URLs of one scheme, valid only.
    Scheme(&'static str),
    /// Running text.
    Text,
    /// Grammar text.
    Bnf,
}

/// Every entry point and command swept, and what it takes.
const ENTRIES: &[(&str, Run, Takes)] = &[
    ("is_valid", Run::Lib("is_valid"), Takes::Both),
    ("parse", Run::Lib("parse"), Takes::Both),
    ("parse_rule(url)", Run::Lib("parse_rule"), Takes::Both),
    ("check", Run::Lib("check"), Takes::Both),
    ("check_bytes", Run::Lib("check_bytes"), Takes::Both),
    ("check_prefix", Run::Lib("check_prefix"), Takes::Both),
    ("parse_prefix", Run::Lib("parse_prefix"), Takes::Both),
    ("bnf::Matcher", Run::Lib("matcher"), Takes::Both),
    ("Error (rendered)", Run::Lib("error"), Takes::Broken),
    ("Match::tree", Run::Lib("tree"), Takes::Valid),
    ("lint", Run::Lib("lint"), Takes::Valid),
    ("Coverage::add_match", Run::Lib("add_match"), Takes::Valid),
    ("Coverage::add(tree)", Run::Lib("add_tree"), Takes::Valid),
    ("url::decode", Run::Lib("decode"), Takes::Valid),
    ("Url::canonical", Run::Lib("canonical"), Takes::Valid),
    (
        "FtpUrl::commands",
        Run::Lib("commands"),
        Takes::Scheme("ftp"),
    ),
    (
        "FtpUrl::commands_iter",
        Run::Lib("commands_iter"),
        Takes::Scheme("ftp"),
    ),
    (
        "GopherUrl::request",
        Run::Lib("request"),
        Takes::Scheme("gopher"),
    ),
    ("extract", Run::Lib("extract"), Takes::Text),
    ("Grammar::parse+generate", Run::Lib("bnf"), Takes::Bnf),
    (
        "check (human)",
        Run::Cli(&["check", "--file"], Via::File),
        Takes::Both,
    ),
    (
        "check --format json",
        Run::Cli(&["check", "--format", "json", "--file"], Via::File),
        Takes::Both,
    ),
    (
        "parse (text)",
        Run::Cli(&["parse"], Via::Stdin),
        Takes::Both,
    ),
    (
        "parse --format json",
        Run::Cli(&["parse", "--format", "json"], Via::Stdin),
        Takes::Both,
    ),
    (
        "coverage",
        Run::Cli(&["coverage", "--file"], Via::File),
        Takes::Both,
    ),
    (
        "explain",
        Run::Cli(&["explain"], Via::Argument),
        Takes::Both,
    ),
    (
        "explain --format json",
        Run::Cli(&["explain", "--format", "json"], Via::Argument),
        Takes::Both,
    ),
    (
        "explain --all --format json",
        Run::Cli(&["explain", "--all", "--format", "json"], Via::Argument),
        Takes::Valid,
    ),
    (
        "extract (human)",
        Run::Cli(&["extract", "--file"], Via::File),
        Takes::Text,
    ),
    (
        "extract --format json",
        Run::Cli(&["extract", "--format", "json", "--file"], Via::File),
        Takes::Text,
    ),
];

/// The repetitions of a case, and the one its baseline memory is read at.
const SIZES: [usize; 3] = [10_000, 100_000, 1_000_000];
/// An argument is at most 128 kB (Linux's MAX_ARG_STRLEN): `explain`
/// takes 10^3 and 10^4.
const ARGUMENT_SIZES: [usize; 2] = [1_000, 10_000];
const BASELINE: usize = 10;
/// The step past which a case is flagged.
const LIMIT: f64 = 12.0;
/// How many more times a case past the limit is measured: the machine is
/// shared, and a single slow run is no finding.
const AGAIN: usize = 4;
/// A case is stopped after this long, and flagged.
const TIMEOUT: Duration = Duration::from_secs(120);
/// Below these, a time or a memory is counted as this much: a library
/// call's time, a command's time from start to end (its start alone
/// takes a millisecond or two), memory in kB.
const LIB_TIME_FLOOR: f64 = 0.001;
const CLI_TIME_FLOOR: f64 = 0.005;
const MEMORY_FLOOR: f64 = 1024.0;

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    match args.first().and_then(|arg| arg.to_str()) {
        Some("measure") => measure(&args[1..]),
        Some("lib") => {
            let text: Vec<String> = args[1..]
                .iter()
                .map(|arg| arg.to_string_lossy().into_owned())
                .collect();
            lib_case(&text)
        }
        filter => sweep(filter.unwrap_or("")),
    }
}

/// Every shape by name.
fn find_shape(name: &str) -> Option<&'static Shape> {
    SHAPES
        .iter()
        .chain([&TEXT, &BRACKETED, &BNF])
        .find(|shape| shape.name == name)
}

/// `sweep lib ENTRY SHAPE valid|broken N`: makes the input, runs the entry
/// point on it and prints the seconds it took.
fn lib_case(args: &[String]) -> ExitCode {
    let [entry, shape, variant, n] = args else {
        eprintln!("sweep lib ENTRY SHAPE valid|broken N");
        return ExitCode::from(2);
    };
    let (Some(shape), Ok(n)) = (find_shape(shape), n.parse()) else {
        eprintln!("sweep lib: no shape {shape:?} or count {n:?}");
        return ExitCode::from(2);
    };
    let input = shape.input(variant == "broken", n);
    // One call, as a caller makes it: its allocations' first touch of
    // fresh memory included. Its processor time, which other work on a
    // shared machine changes less than the time on the clock.
    let start = cpu_seconds(UsageWho::RUSAGE_SELF);
    let Some(result) = lib(entry, &input) else {
        eprintln!("sweep lib: no entry point {entry:?}");
        return ExitCode::from(2);
    };
    let elapsed = cpu_seconds(UsageWho::RUSAGE_SELF) - start;
    std::hint::black_box(result);
    println!("{elapsed:.9}");
    ExitCode::SUCCESS
}

/// Runs the library's entry point `entry` on `input`: something of its
/// answer, so that nothing is optimised away; `None` for no such entry.
fn lib(entry: &str, input: &str) -> Option<usize> {
    let url = || parse(input).ok();
    Some(match entry {
        "is_valid" => usize::from(is_valid(input)),
        "parse" => url().map_or(0, |url| url.to_string().len()),
        "parse_rule" => usize::from(parse_rule(Rule::Url, input).is_ok()),
        "check" => usize::from(check(input).is_ok()),
        "check_bytes" => usize::from(check_bytes(None, input.as_bytes()).is_ok()),
        "check_prefix" => check_prefix(input).map_or(0, |tree| tree.span().end),
        "parse_prefix" => parse_prefix(scheme_rule(input), input).map_or(0, |tree| tree.span().end),
        "matcher" => {
            let grammar = Grammar::rfc1738();
            let production = grammar.get(scheme_rule(input).name())?;
            usize::from(Matcher::new(grammar).check(production, input).is_ok())
        }
        "error" => parse(input)
            .err()
            .map_or(0, |error| format!("{error:#}").len()),
        "tree" => check(input).map_or(0, |matched| matched.tree().nodes().count()),
        "lint" => url().map_or(0, |url| rfc1738::lint::lint(&url).len()),
        "add_match" | "add_tree" => {
            let mut coverage = Coverage::new();
            if let Ok(matched) = check(input) {
                if entry == "add_match" {
                    coverage.add_match(&matched);
                } else {
                    coverage.add(&matched.tree());
                }
            }
            coverage.inputs()
        }
        "decode" => decode(input).len(),
        "canonical" => url().map_or(0, |url| url.canonical().len()),
        "commands" | "commands_iter" => match url() {
            Some(Url::Ftp(ftp)) if entry == "commands" => ftp.commands().map_or(0, |c| c.len()),
            Some(Url::Ftp(ftp)) => ftp.commands_iter(ftp.typecode()).map_or(0, Iterator::count),
            _ => 0,
        },
        "request" => match url() {
            Some(Url::Gopher(gopher)) => gopher.request().map_or(0, |request| request.len()),
            _ => 0,
        },
        "extract" => rfc1738::extract::extract(input).len(),
        "bnf" => match Grammar::parse(input) {
            Ok(grammar) => grammar.productions().first().map_or(0, |production| {
                rfc1738::bnf::try_generate(&grammar, production, &mut |_| 0)
                    .map_or(0, |text| text.len())
            }),
            Err(error) => error.message().len(),
        },
        _ => return None,
    })
}

/// `sweep measure STDIN PROGRAM ARGS...`: runs PROGRAM with standard input
/// from the file STDIN (`-`: none), counts its output, and prints its wall
/// time and processor time in seconds, its peak resident memory in kB, the
/// bytes it wrote, its exit status (`timeout` when it was stopped) and its
/// first line.
fn measure(args: &[OsString]) -> ExitCode {
    let [stdin, program, rest @ ..] = args else {
        eprintln!("sweep measure STDIN PROGRAM ARGS...");
        return ExitCode::from(2);
    };
    let stdin = if stdin == "-" {
        Stdio::null()
    } else {
        match std::fs::File::open(stdin) {
            Ok(file) => Stdio::from(file),
            Err(error) => {
                eprintln!("sweep measure: {}: {error}", Path::new(stdin).display());
                return ExitCode::from(2);
            }
        }
    };
    let start = Instant::now();
    let mut child = match Command::new(program)
        .args(rest)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    {
        Ok(child) => child,
        Err(error) => {
            eprintln!("sweep measure: {}: {error}", Path::new(program).display());
            return ExitCode::from(2);
        }
    };
    let done = Arc::new(AtomicBool::new(false));
    let timed_out = Arc::new(AtomicBool::new(false));
    let watchdog = watch(child.id(), Arc::clone(&done), Arc::clone(&timed_out));
    let (bytes, head) = count(child.stdout.take());
    let status = child.wait();
    let wall = start.elapsed().as_secs_f64();
    done.store(true, Ordering::Relaxed);
    let _ = watchdog.join();
    // The only child this process had: its peak and time are the
    // children's.
    let rss = getrusage(UsageWho::RUSAGE_CHILDREN).map_or(0, |usage| usage.max_rss());
    let cpu = cpu_seconds(UsageWho::RUSAGE_CHILDREN);
    let status = match status {
        _ if timed_out.load(Ordering::Relaxed) => "timeout".to_owned(),
        Ok(status) => status
            .code()
            .map_or("signal".to_owned(), |code| code.to_string()),
        Err(error) => format!("error:{}", error.kind()),
    };
    println!("{wall:.6} {cpu:.6} {rss} {bytes} {status} {head}");
    ExitCode::SUCCESS
}

/// The processor time, user and system, of this process or of its
/// children waited for, in seconds.
fn cpu_seconds(who: UsageWho) -> f64 {
    getrusage(who).map_or(0.0, |usage| {
        let seconds =
            |time: nix::sys::time::TimeVal| time.tv_sec() as f64 + time.tv_usec() as f64 / 1e6;
        seconds(usage.user_time()) + seconds(usage.system_time())
    })
}

/// Stops the process `pid` after [`TIMEOUT`] unless `done` is set first.
fn watch(
    pid: u32,
    done: Arc<AtomicBool>,
    timed_out: Arc<AtomicBool>,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let start = Instant::now();
        while !done.load(Ordering::Relaxed) {
            if start.elapsed() > TIMEOUT {
                timed_out.store(true, Ordering::Relaxed);
                let pid = nix::unistd::Pid::from_raw(pid as i32);
                let _ = nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGKILL);
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    })
}

/// Reads `output` to its end: how many bytes, and the first line (at most
/// 80 bytes of it, spaces and all).
fn count(output: Option<impl Read>) -> (u64, String) {
    let Some(mut output) = output else {
        return (0, String::new());
    };
    let mut buffer = vec![0; 1 << 16];
    let mut head = Vec::new();
    let mut bytes = 0u64;
    while let Ok(read) = output.read(&mut buffer) {
        if read == 0 {
            break;
        }
        if bytes < 80 {
            head.extend_from_slice(&buffer[..read.min(80)]);
        }
        bytes += read as u64;
    }
    let head = String::from_utf8_lossy(&head);
    let line = head.lines().next().unwrap_or("").chars().take(80).collect();
    (bytes, line)
}

/// One measurement: seconds, peak kB, bytes written; `None` when the case
/// failed to run or was stopped.
#[derive(Clone, Copy)]
struct Measured {
    seconds: f64,
    kb: u64,
    bytes: u64,
}

/// The sweep: every case of every entry whose name or shape holds
/// `filter`, a row each; 1 when a step was flagged.
fn sweep(filter: &str) -> ExitCode {
    let tool = std::env::var_os("RFC1738_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/release/rfc1738"));
    if !tool.exists() {
        eprintln!(
            "sweep: no {} (cargo build --release -p rfc1738-cli, or set RFC1738_BIN)",
            tool.display()
        );
        return ExitCode::from(2);
    }
    let mut inputs = Inputs::new();
    let started = Instant::now();
    println!(
        "| entry | shape | input | repetitions | time | time steps | memory | memory steps \
         | output at the largest | flagged |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let mut flagged = Vec::new();
    for &(entry, run, takes) in ENTRIES {
        for (shape, broken) in cases(takes) {
            let row = format!("{entry} {}", shape.name);
            if !row.contains(filter) {
                continue;
            }
            let case = Case {
                entry,
                run,
                shape,
                broken,
                tool: &tool,
            };
            if let Some(flag) = case.row(&mut inputs) {
                flagged.push(flag);
            }
        }
    }
    inputs.remove();
    println!();
    println!("{} s in all", started.elapsed().as_secs());
    if flagged.is_empty() {
        println!("no step of 10x cost more than {LIMIT}x");
        ExitCode::SUCCESS
    } else {
        println!("flagged (a step of 10x cost more than {LIMIT}x, or a case failed):");
        for flag in &flagged {
            println!("- {flag}");
        }
        ExitCode::from(1)
    }
}

/// The shapes and variants (broken or not) an entry takes.
fn cases(takes: Takes) -> Vec<(&'static Shape, bool)> {
    let urls = SHAPES.iter();
    match takes {
        Takes::Both => urls
            .flat_map(|shape| [(shape, false), (shape, true)])
            .collect(),
        Takes::Valid => urls.map(|shape| (shape, false)).collect(),
        Takes::Broken => urls.map(|shape| (shape, true)).collect(),
        Takes::Scheme(scheme) => urls
            .filter(|shape| shape.prefix.starts_with(scheme))
            .map(|shape| (shape, false))
            .collect(),
        Takes::Text => [&TEXT, &BRACKETED]
            .into_iter()
            .flat_map(|shape| [(shape, false), (shape, true)])
            .collect(),
        Takes::Bnf => vec![(&BNF, false), (&BNF, true)],
    }
}

/// The input files of the tool's cases, made once each.
struct Inputs {
    dir: PathBuf,
    made: HashMap<(&'static str, bool, usize), PathBuf>,
}

impl Inputs {
    fn new() -> Self {
        let dir = std::env::temp_dir().join(format!("rfc1738-sweep-{}", std::process::id()));
        Inputs {
            dir,
            made: HashMap::new(),
        }
    }

    /// The file holding `shape` at `n` repetitions, and a line feed.
    fn file(&mut self, shape: &'static Shape, broken: bool, n: usize) -> std::io::Result<PathBuf> {
        if let Some(path) = self.made.get(&(shape.name, broken, n)) {
            return Ok(path.clone());
        }
        std::fs::create_dir_all(&self.dir)?;
        let path = self
            .dir
            .join(format!("{}-{broken}-{n}.txt", self.made.len()));
        let mut input = shape.input(broken, n);
        input.push('\n');
        std::fs::write(&path, input)?;
        self.made.insert((shape.name, broken, n), path.clone());
        Ok(path)
    }

    fn remove(&self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// One row of the table: an entry on a shape, valid or broken.
struct Case<'t> {
    entry: &'static str,
    run: Run,
    shape: &'static Shape,
    broken: bool,
    tool: &'t Path,
}

impl Case<'_> {
    /// Measures the case at every size, prints its row, and says what was
    /// flagged, if anything.
    fn row(&self, inputs: &mut Inputs) -> Option<String> {
        let sizes: &[usize] = match self.run {
            Run::Cli(_, Via::Argument) => &ARGUMENT_SIZES,
            _ => &SIZES,
        };
        let variant = if self.broken { "broken" } else { "valid" };
        let base = self.measure(inputs, BASELINE);
        let (mut measured, problem) = self.sizes(inputs, sizes);
        let base_kb = base.map_or(0, |m| m.kb);
        let floor = match self.run {
            Run::Lib(_) => LIB_TIME_FLOOR,
            Run::Cli(..) => CLI_TIME_FLOOR,
        };
        let judge = |measured: &[Measured]| {
            let times: Vec<f64> = measured.iter().map(|m| m.seconds).collect();
            let memory: Vec<f64> = measured
                .iter()
                .map(|m| m.kb.saturating_sub(base_kb) as f64)
                .collect();
            let time_steps = steps(&times, floor);
            let memory_steps = steps(&memory, MEMORY_FLOOR);
            let worst = time_steps
                .iter()
                .chain(&memory_steps)
                .copied()
                .fold(0.0, f64::max);
            (times, memory, time_steps, memory_steps, worst)
        };
        for _ in 0..AGAIN {
            if problem.is_some() || judge(&measured).4 <= LIMIT {
                break;
            }
            let (again, _) = self.sizes(inputs, sizes);
            for (least, other) in measured.iter_mut().zip(again) {
                least.seconds = least.seconds.min(other.seconds);
                least.kb = least.kb.min(other.kb);
            }
        }
        let (times, memory, time_steps, memory_steps, worst) = judge(&measured);
        let step = (worst > LIMIT).then(|| format!("a 10x step cost {worst:.1}x"));
        let flag = match (step, problem) {
            (Some(step), Some(problem)) => Some(format!("{step}; {problem}")),
            (step, problem) => step.or(problem),
        };
        let exponents: Vec<String> = sizes.iter().map(|n| n.ilog10().to_string()).collect();
        let output = match self.run {
            // A library case writes its time.
            Run::Lib(_) => "-".to_owned(),
            Run::Cli(..) => megabytes(measured.last().map_or(0, |m| m.bytes) as f64 / 1024.0),
        };
        println!(
            "| {} | `{}` | {variant} | 10^{} | {} | {} | {} | {} | {} | {} |",
            self.entry,
            self.shape.name,
            exponents.join(","),
            times
                .iter()
                .map(|t| seconds(*t))
                .collect::<Vec<_>>()
                .join(", "),
            ratios(&time_steps),
            memory
                .iter()
                .map(|kb| megabytes(*kb))
                .collect::<Vec<_>>()
                .join(", "),
            ratios(&memory_steps),
            output,
            flag.as_deref()
                .map_or(String::new(), |flag| format!("**{flag}**")),
        );
        flag.map(|flag| {
            format!(
                "{} on `{}` ({variant}): {flag}",
                self.entry, self.shape.name
            )
        })
    }

    /// Runs the case at each size while it runs well: the measurements, and
    /// what stopped them, if anything.
    fn sizes(&self, inputs: &mut Inputs, sizes: &[usize]) -> (Vec<Measured>, Option<String>) {
        let mut measured = Vec::new();
        for &n in sizes {
            match self.measure(inputs, n) {
                Ok(m) => {
                    measured.push(m);
                    // A case this slow would take minutes at the next size.
                    if m.seconds > 20.0 {
                        let why = format!("{:.0} s at {n}: larger sizes skipped", m.seconds);
                        return (measured, Some(why));
                    }
                }
                Err(why) => return (measured, Some(format!("{why} at {n}"))),
            }
        }
        (measured, None)
    }

    /// Runs the case at `n` repetitions in a go-between.
    fn measure(&self, inputs: &mut Inputs, n: usize) -> Result<Measured, String> {
        let this = std::env::current_exe().map_err(|error| error.to_string())?;
        let variant = if self.broken { "broken" } else { "valid" };
        let mut command = Command::new(&this);
        command.arg("measure");
        match self.run {
            Run::Lib(entry) => {
                command.args([
                    "-".as_ref(),
                    this.as_os_str(),
                    "lib".as_ref(),
                    entry.as_ref(),
                ]);
                command.args([self.shape.name, variant, &n.to_string()]);
            }
            Run::Cli(args, via) => {
                let file = inputs
                    .file(self.shape, self.broken, n)
                    .map_err(|e| e.to_string())?;
                let stdin = match via {
                    Via::Stdin => file.clone().into_os_string(),
                    _ => "-".into(),
                };
                command.arg(stdin).arg(self.tool).args(args);
                match via {
                    Via::File => command.arg(&file),
                    Via::Argument => command.arg(self.shape.input(self.broken, n)),
                    Via::Stdin => &mut command,
                };
            }
        }
        let output = command.output().map_err(|error| error.to_string())?;
        let line = String::from_utf8_lossy(&output.stdout);
        let fields: Vec<&str> = line.trim_end().splitn(6, ' ').collect();
        let [_, cpu, kb, bytes, status, head] = fields[..] else {
            return Err(format!("no measurement ({})", line.trim()));
        };
        let cpu: f64 = cpu.parse().map_err(|_| format!("no time in {line:?}"))?;
        let seconds = match self.run {
            Run::Lib(_) if status == "0" => {
                head.parse().map_err(|_| format!("no time in {head:?}"))?
            }
            Run::Cli(..) if ["0", "1"].contains(&status) => cpu,
            _ => return Err(format!("exit status {status}")),
        };
        Ok(Measured {
            seconds,
            kb: kb.parse().unwrap_or(0),
            bytes: bytes.parse().unwrap_or(0),
        })
    }
}

/// The ratios of each value to the one before, each at least `floor`.
fn steps(values: &[f64], floor: f64) -> Vec<f64> {
    values
        .windows(2)
        .map(|pair| pair[1].max(floor) / pair[0].max(floor))
        .collect()
}

fn ratios(steps: &[f64]) -> String {
    steps
        .iter()
        .map(|step| format!("{step:.1}x"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn seconds(value: f64) -> String {
    if value < 0.001 {
        format!("{:.1} µs", value * 1e6)
    } else if value < 1.0 {
        format!("{:.1} ms", value * 1000.0)
    } else {
        format!("{value:.2} s")
    }
}

fn megabytes(kb: f64) -> String {
    format!("{:.1} MB", kb / 1024.0)
}
