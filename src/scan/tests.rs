//! Every scan against its production's BNF shape: the same match, the same
//! length, the same farthest position and the same reports there, on every
//! short string of the production's alphabet and the bytes around it, and on
//! derivations and mutants generated from the grammar file.

use core::cell::{Cell, RefCell};

use nom::{Check, Complete, OutputM, Parser};

use super::answer::Scan;
use super::host::hostname;
use super::run::{long_run, xchars};
use super::*;
use crate::Rule;
use crate::bnf::{Grammar, generate};
use crate::expected::Expected;
use crate::grammar::{E, ftp, generic, gopher, http, ip, mailto, prospero};
use crate::trace::observe::Observe;

/// A leaf's report: the productions open inside the scanned one, and what
/// it expected.
type Reported = (Vec<Rule>, Vec<Expected>);

/// An observer that has every production run in its BNF shape and keeps
/// every report, in order, with the productions open inside the one
/// scanned: what a scan must answer.
struct Shape {
    base: usize,
    farthest: Cell<usize>,
    /// The productions open, the scanned one first.
    open: RefCell<Vec<Rule>>,
    /// Where each report was made, and the report.
    reports: RefCell<Vec<(usize, Reported)>>,
}

impl Observe for &Shape {
    fn reach(self, at: usize, expected: &[Expected]) {
        let at = at - self.base;
        self.farthest.set(self.farthest.get().max(at));
        let inner = self.open.borrow().iter().skip(1).copied().collect();
        self.reports
            .borrow_mut()
            .push((at, (inner, expected.to_vec())));
    }

    fn scanned(self, _: usize, _: impl FnOnce() -> &'static [Report]) -> bool {
        true
    }

    fn enter(self, rule: Rule, _: usize) {
        self.open.borrow_mut().push(rule);
    }

    fn leave(self, rule: Rule, _: usize, _: Option<usize>) {
        assert_eq!(self.open.borrow_mut().pop(), Some(rule));
    }
}

/// What a production reads of some bytes: whether it matches and how long,
/// how far it reaches, and what its leaves report there (the productions
/// open inside it, and what was expected).
#[derive(Debug, PartialEq, Eq)]
struct Reading {
    len: Option<usize>,
    farthest: usize,
    reports: Vec<Reported>,
}

impl Reading {
    /// What `fast` answers over `bytes`, if it answers.
    fn of(fast: &Fast, bytes: &[u8]) -> Option<Reading> {
        let scan = (fast.scan)(bytes)?;
        let reports = (fast.reports)(bytes, &scan).iter().map(|report| {
            let inner = report.inner.into_iter().collect();
            (inner, report.expected.to_vec())
        });
        Some(Reading {
            len: scan.len,
            farthest: scan.farthest,
            reports: reports.collect(),
        })
    }
}

/// A fast form, and its production's combinator in BNF shape.
struct Case {
    name: &'static str,
    fast: Fast,
    shape: fn(&str) -> Reading,
}

/// Runs `parser` (built for `shape`) over a prefix of `text`, as the
/// production's combinator does inside a URL.
fn by_shape<'a, P>(parser: P, shape: &Shape, text: &'a str) -> Reading
where
    P: Parser<&'a str, Error = E<&'a str>>,
{
    let mut parser = parser;
    let len = parser
        .process::<OutputM<Check, Check, Complete>>(text)
        .ok()
        .map(|(rest, ())| text.len() - rest.len());
    let farthest = shape.farthest.get();
    let reports = shape.reports.take().into_iter();
    Reading {
        len,
        farthest,
        reports: reports
            .filter(|(at, _)| *at == farthest)
            .map(|(_, reported)| reported)
            .collect(),
    }
}

macro_rules! case {
    ($fast:expr, $production:path) => {
        Case {
            name: stringify!($production),
            fast: $fast,
            shape: |text| {
                let shape = Shape {
                    base: text.as_ptr() as usize,
                    farthest: Cell::new(0),
                    open: RefCell::new(Vec::new()),
                    reports: RefCell::new(Vec::new()),
                };
                by_shape($production(&shape), &shape, text)
            },
        }
    };
}

/// The hostname scan by its automaton alone, as targets without SSE2 run
/// it.
fn hostname_by_automaton(bytes: &[u8]) -> Option<Scan> {
    Some(host::by_automaton(bytes))
}

/// The hostname scan by its masks alone, where it answers.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
fn hostname_by_masks(bytes: &[u8]) -> Option<Scan> {
    host::by_masks(bytes)
}

/// The hostname's fast form, and one for each form of its scan.
fn hostname_cases() -> Vec<Case> {
    let by_automaton = Fast {
        scan: hostname_by_automaton,
        ..HOSTNAME
    };
    vec![
        case!(HOSTNAME, ip::hostname),
        case!(by_automaton, ip::hostname),
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        case!(
            Fast {
                scan: hostname_by_masks,
                ..HOSTNAME
            },
            ip::hostname
        ),
    ]
}

fn cases() -> Vec<Case> {
    let mut cases = hostname_cases();
    cases.extend(vec![
        case!(HPATH, http::hpath),
        case!(FPATH, ftp::fpath),
        case!(PPATH, prospero::ppath),
        case!(XCHARS, ip::urlpath),
        case!(XCHARS, generic::schemepart),
        case!(XCHARS, gopher::selector),
        case!(XCHARS, gopher::gopher_plus_string),
        case!(XCHARS1, mailto::encoded822addr),
    ]);
    cases
}

/// Whether a scan agrees with the production on `text`: when it answers,
/// the production matches the same bytes (or fails too), reaches the same
/// farthest position, and its leaves report there what the scan says, in
/// the same order and the same inner productions.
#[track_caller]
fn agree(case: &Case, text: &str) {
    if let Some(reading) = Reading::of(&case.fast, text.as_bytes()) {
        assert_eq!(reading, (case.shape)(text), "{} on {text:?}", case.name);
    }
}

/// Every string over `alphabet` of up to `max` bytes, shortest first.
fn strings(alphabet: &[u8], max: usize) -> Vec<String> {
    let mut texts = vec![String::new()];
    let mut last = vec![String::new()];
    for _ in 0..max {
        let longer: Vec<String> = last
            .iter()
            .flat_map(|text| {
                alphabet.iter().map(move |&byte| {
                    let mut text = text.clone();
                    text.push(char::from(byte));
                    text
                })
            })
            .collect();
        texts.extend(longer.iter().cloned());
        last = longer;
    }
    texts
}

#[test]
fn hostname_agrees_on_every_short_string() {
    // Letters, digits, the separators of labels, and what ends a host.
    let texts = strings(b"a1-.Z/:", 7);
    for case in hostname_cases() {
        for text in &texts {
            agree(&case, text);
        }
    }
}

/// Hostnames around the 32 bytes the masks read at once, and the 8 of a
/// word: every short string of the alphabet after a run of letters (or
/// labels) of each length up to 40.
#[test]
fn hostname_agrees_across_its_window() {
    let cases = hostname_cases();
    let tails = strings(b"a1-./", 3);
    for stem in ["a", "a.", "1.", "a-"] {
        for len in 0..=40 {
            let head: String = stem.chars().cycle().take(len).collect();
            for tail in &tails {
                for case in &cases {
                    agree(case, &format!("{head}{tail}"));
                }
            }
        }
    }
}

/// Hostnames of each length up to 40 that end at a byte next to the
/// letters' ranges (`@`, `[`, `` ` ``, `{`) or at a byte of a non-ASCII
/// character of each UTF-8 length: the masks see bytes of `0x80` and above
/// too.
#[test]
fn hostname_agrees_on_the_bytes_next_to_its_classes() {
    let cases = hostname_cases();
    let tails = ["@", "[", "`", "{", "é", "\u{FFFD}", "😀", "a\u{7F}", ".é"];
    for stem in ["a", "a.", "1.", "a-"] {
        for len in 0..=40 {
            let head: String = stem.chars().cycle().take(len).collect();
            for tail in tails {
                for case in &cases {
                    agree(case, &format!("{head}{tail}"));
                    agree(case, &format!("{head}{tail}a.b"));
                }
            }
        }
    }
}

#[test]
fn paths_agree_on_every_short_string() {
    // The segments' characters, their separator, escapes whole, cut off and
    // broken, and what none of the three allows.
    let alphabet = b"a/%4g;?= #";
    for case in [
        case!(HPATH, http::hpath),
        case!(FPATH, ftp::fpath),
        case!(PPATH, prospero::ppath),
    ] {
        for text in strings(alphabet, 5) {
            agree(&case, &text);
        }
    }
}

#[test]
fn xchar_runs_agree_on_every_short_string() {
    // Runs long enough for the eight-byte steps, escapes at every place.
    let alphabet = b"a/%4g #";
    for case in [
        case!(XCHARS, ip::urlpath),
        case!(XCHARS, gopher::selector),
        case!(XCHARS, gopher::gopher_plus_string),
        case!(XCHARS1, mailto::encoded822addr),
    ] {
        for text in strings(alphabet, 5) {
            agree(&case, &text);
        }
        for text in strings(b"a%4", 10) {
            agree(&case, &text);
        }
    }
    // `schemepart` tries `ip-schemepart` too: its characters.
    let case = case!(XCHARS, generic::schemepart);
    for text in strings(b"/a1:@.%4 ", 5) {
        agree(&case, &text);
    }
}

/// Runs of every length up to 40, of single characters and of escapes, so
/// that the eight-byte steps end at each place in a step, stopped by each
/// kind of byte that ends a run of `xchar`s or a path: one outside the
/// class, a non-ASCII character, a `%` that starts no escape, the end.
#[test]
fn long_runs_agree_wherever_they_stop() {
    let stops = [
        "", " ", "#", "~", "é", "😀", "\u{7F}", "%", "%4", "%4 ", "%G1", "%41 ", "a b", "/ ",
    ];
    let mut cases = vec![
        case!(XCHARS, ip::urlpath),
        case!(XCHARS, gopher::selector),
        case!(XCHARS1, mailto::encoded822addr),
    ];
    cases.extend([
        case!(HPATH, http::hpath),
        case!(FPATH, ftp::fpath),
        case!(PPATH, prospero::ppath),
    ]);
    for stem in ["a", "a/", "%41", "a%4F"] {
        for len in 0..=40 {
            let head: String = stem.chars().cycle().take(len).collect();
            for stop in stops {
                let text = format!("{head}{stop}");
                for case in &cases {
                    agree(case, &text);
                }
            }
        }
    }
}

/// A small deterministic generator of choices.
struct Choices(u64);

impl Choices {
    fn next(&mut self) -> u32 {
        // xorshift64
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 32) as u32
    }
}

/// Derivations of the production, each alone, followed by each byte that
/// can follow it, and mutated by one edit.
#[test]
fn scans_agree_on_derivations_and_mutants() {
    let grammar = Grammar::rfc1738();
    let mut choices = Choices(0x5eed_1738);
    let edits = b"a1-./:@%4g ;=?#";
    for case in cases() {
        let name = case.name.rsplit("::").next().unwrap_or(case.name);
        let name = match name {
            "gopher_plus_string" => "gopher+_string",
            other => other,
        };
        let production = grammar.get(name).expect("a production of the RFC");
        for _ in 0..300 {
            let text = generate(grammar, production, &mut |_| choices.next() % 4);
            agree(&case, &text);
            for &after in edits {
                agree(&case, &format!("{text}{}", char::from(after)));
            }
            let bytes = text.as_bytes();
            for at in 0..=bytes.len() {
                let edit = char::from(edits[choices.next() as usize % edits.len()]);
                let (before, rest) = text.split_at(at);
                agree(&case, &format!("{before}{edit}{rest}"));
                if let Some(first) = rest.chars().next() {
                    let rest = &rest[first.len_utf8()..];
                    agree(&case, &format!("{before}{rest}"));
                    agree(&case, &format!("{before}{edit}{rest}"));
                }
            }
        }
    }
}

/// The hostname scan answers exactly, wherever the run goes: it never
/// declines, so its verdicts stand for the production's on the fast path.
#[test]
fn the_hostname_scan_always_answers() {
    for text in strings(b"a1-.", 6) {
        assert!(hostname(text.as_bytes()).is_some(), "{text:?}");
    }
    let long = "a".repeat(40);
    assert!(hostname(long.as_bytes()).is_some());
}

/// Runs of escapes and of single characters, long and short: the scans'
/// own loops against an element-at-a-time reading.
#[test]
fn runs_end_where_the_elements_end() {
    let naive = |text: &[u8]| {
        let mut n = 0;
        loop {
            match text.get(n..) {
                Some([byte, ..]) if crate::charset::XCHAR.contains(*byte) => n += 1,
                Some([b'%', h1, h2, ..])
                    if crate::charset::is_hex(*h1) && crate::charset::is_hex(*h2) =>
                {
                    n += 3
                }
                _ => return n,
            }
        }
    };
    let long = (0..=24).flat_map(|len| {
        ["", " ", "%", "%4", "%G", "%41", "é"].map(|stop| format!("{}{stop}", "a".repeat(len)))
    });
    for text in strings(b"a4%G ", 7).into_iter().chain(long) {
        let bytes = text.as_bytes();
        assert_eq!(
            long_run(&crate::charset::XCHAR, bytes).len,
            naive(bytes),
            "{text:?}"
        );
        assert_eq!(
            run(&crate::charset::XCHAR, bytes).len,
            naive(bytes),
            "{text:?}"
        );
        assert_eq!(
            xchars(bytes).and_then(|s| s.len),
            Some(naive(bytes)),
            "{text:?}"
        );
    }
}
