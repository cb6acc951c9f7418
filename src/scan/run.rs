//! Runs of a character class: `*uchar`, `*[ uchar | ";" ]`, `1*digit` read
//! as one scan over the class's table, escapes included.

use super::answer::{Fast, Report, Scan};
use crate::Rule;
use crate::charset::{self, Class};
use crate::expected::Expected;

/// A run of a class's elements at the start of some bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Run {
    /// How many bytes the run covers.
    pub len: usize,
    /// Where the run stopped at a `%` that starts no escape: the offset of
    /// the first byte after it that is not a hex digit (or of the end). An
    /// escape could still have started there, so that position was reached.
    pub bad_escape: Option<usize>,
}

impl Run {
    /// The farthest position the run reached.
    #[inline(always)]
    pub(crate) fn farthest(&self) -> usize {
        self.bad_escape.unwrap_or(self.len)
    }
}

/// The longest run of `class`'s elements at the start of `bytes`.
#[inline(always)]
pub(crate) fn run(class: &Class, bytes: &[u8]) -> Run {
    run_from(class, bytes, 0)
}

/// [`run`], started with eight-byte steps: for runs that usually reach the
/// end of the URL.
#[inline(always)]
pub(crate) fn long_run(class: &Class, bytes: &[u8]) -> Run {
    run_from(class, bytes, wide_steps(class.table(), bytes))
}

/// The run, knowing that the first `n` bytes are single characters of the
/// class.
#[inline(always)]
fn run_from(class: &Class, bytes: &[u8], mut n: usize) -> Run {
    let table = class.table();
    loop {
        // A run stops at the end at the latest, and an escape counts only
        // when its three bytes are there: `n` never passes the end.
        n += run_of(table, &bytes[n..]);
        if !class.escape() {
            return Run {
                len: n,
                bad_escape: None,
            };
        }
        // The escapes that follow, in a loop of their own: a run of them
        // (`%41%42`) does not go back through the single characters' scan
        // at each one. A class with escapes never holds `%` as a single
        // character (`charset` tests it), so every `%` here starts one.
        let before = n;
        while n < bytes.len() && bytes[n] == b'%' {
            match escape(bytes, n) {
                Ok(()) => n += 3,
                Err(bad) => {
                    return Run {
                        len: n,
                        bad_escape: Some(bad),
                    };
                }
            }
        }
        if n == before {
            return Run {
                len: n,
                bad_escape: None,
            };
        }
    }
}

/// `escape = "%" hex hex` at `bytes[at]`, which is `%`: `Ok`, or the offset
/// of the first byte that is not a hex digit (the end, if it is missing).
#[inline(always)]
pub(crate) fn escape(bytes: &[u8], at: usize) -> Result<(), usize> {
    match (bytes.get(at + 1), bytes.get(at + 2)) {
        (Some(&high), Some(&low)) if charset::is_hex(high) && charset::is_hex(low) => Ok(()),
        (Some(&high), _) if charset::is_hex(high) => Err(at + 2),
        _ => Err(at + 1),
    }
}

/// The length of the longest run at the start of `bytes` of bytes in
/// `table`.
///
/// Four bytes per round, each with its own exit: the exits are not taken
/// until the run ends, so they predict well, and the runs of a URL (a label,
/// a segment) are too short for wider chunks to pay. The last round reads
/// the last four bytes, which may overlap bytes already known to be in the
/// run, and it is the only round that tests for the end: a run that reaches
/// the end of the input (most paths and searches do) ends with one
/// mispredicted branch, not a loop bound and then a test of the one to
/// three bytes left.
#[inline(always)]
pub(crate) fn run_of(table: &[bool; 256], bytes: &[u8]) -> usize {
    let Some(last) = bytes.len().checked_sub(4) else {
        return short_run_of(table, bytes);
    };
    let mut n = 0;
    loop {
        // The first byte out of `table` is at `n` or after: those before
        // `n`, which the last round may read again, are in the run.
        let at = n.min(last);
        for (i, &byte) in bytes[at..at + 4].iter().enumerate() {
            if !table[byte as usize] {
                return at + i;
            }
        }
        if at == last {
            return bytes.len();
        }
        n += 4;
    }
}

/// [`run_of`] on fewer than four bytes.
#[inline(always)]
fn short_run_of(table: &[bool; 256], bytes: &[u8]) -> usize {
    let mut n = 0;
    while n < bytes.len() && table[bytes[n] as usize] {
        n += 1;
    }
    n
}

/// How many bytes at the start of `bytes` are in `table`, counted eight
/// bytes per step while all eight are, with one branch per step; [`run_of`]
/// finds the end of the run from there. Faster on long runs, slower on the
/// short runs of labels and segments, whose end falls inside the first step.
#[inline(always)]
pub(crate) fn wide_steps(table: &[bool; 256], bytes: &[u8]) -> usize {
    let mut n = 0;
    while let Some(chunk) = bytes.get(n..n + 8) {
        if !chunk
            .iter()
            .fold(true, |all, &byte| all & table[byte as usize])
        {
            break;
        }
        n += 8;
    }
    n
}

/// What the leaves of a production that reads one run report where the run
/// stops: past a `%` that starts no escape, `hex` (the run then reaches
/// farther than it matches); else, at its end, `end`.
struct Stops<const N: usize> {
    escape: [Report; 1],
    end: [Report; N],
}

impl<const N: usize> Stops<N> {
    /// Those at the farthest position of `scan`.
    #[inline(always)]
    fn of(&'static self, scan: &Scan) -> &'static [Report] {
        if scan.farthest > scan.len.unwrap_or(0) {
            &self.escape
        } else {
            &self.end
        }
    }
}

/// What the leaf of a run of `xchar`s reports where it stops.
static XCHAR_STOPS: Stops<1> = Stops {
    escape: [Report {
        inner: None,
        expected: charset::HEX.expected(),
    }],
    end: [Report {
        inner: None,
        expected: charset::XCHAR.expected(),
    }],
};

/// `*xchar` (`urlpath`, `schemepart`, `selector`, `gopher+_string`,
/// `encoded822addr`'s run): one long run of `xchar`s.
#[inline(always)]
pub(crate) fn xchars(bytes: &[u8]) -> Option<Scan> {
    let run = long_run(&charset::XCHAR, bytes);
    Some(Scan::matched(run.len, run.farthest()))
}

/// `1*xchar` (`encoded822addr`): [`xchars`], of which an empty run fails.
#[inline(always)]
pub(crate) fn xchars1(bytes: &[u8]) -> Option<Scan> {
    let run = long_run(&charset::XCHAR, bytes);
    Some(match run.len {
        0 => Scan::failed(run.farthest()),
        len => Scan::matched(len, run.farthest()),
    })
}

/// What a run of `xchar`s reports where it stops.
fn xchar_reports(_: &[u8], scan: &Scan) -> &'static [Report] {
    XCHAR_STOPS.of(scan)
}

/// The fast form of `*xchar`.
pub(crate) const XCHARS: Fast = Fast {
    scan: xchars,
    reports: xchar_reports,
};

/// The fast form of `1*xchar`.
pub(crate) const XCHARS1: Fast = Fast {
    scan: xchars1,
    reports: xchar_reports,
};

/// The characters of `hpath`: a `hsegment` can be empty and has no `/`, so
/// `hsegment *[ "/" hsegment ]` is any run of its characters and `/`.
static HPATH_CHARS: Class = charset::HSEGMENT_BODY.with(b"/");

/// The characters of `fpath` (see [`HPATH_CHARS`]).
static FPATH_CHARS: Class = charset::FSEGMENT_BODY.with(b"/");

/// The characters of `ppath` (see [`HPATH_CHARS`]).
static PPATH_CHARS: Class = charset::PSEGMENT_BODY.with(b"/");

/// What the leaves of a path of `segment`s, whose body is `body`, report
/// where its run stops: the last segment's run (past a `%`, its escape),
/// then at the end the repetition's `"/"`, which is not there.
const fn path_stops(segment: Rule, body: &'static Class) -> Stops<2> {
    Stops {
        escape: [Report {
            inner: Some(segment),
            expected: charset::HEX.expected(),
        }],
        end: [
            Report {
                inner: Some(segment),
                expected: body.expected(),
            },
            Report {
                inner: None,
                expected: &[Expected::Literal("/")],
            },
        ],
    }
}

static HPATH_STOPS: Stops<2> = path_stops(Rule::Hsegment, &charset::HSEGMENT_BODY);
static FPATH_STOPS: Stops<2> = path_stops(Rule::Fsegment, &charset::FSEGMENT_BODY);
static PPATH_STOPS: Stops<2> = path_stops(Rule::Psegment, &charset::PSEGMENT_BODY);

/// `hpath = hsegment *[ "/" hsegment ]`, as one run.
#[inline(always)]
pub(crate) fn hpath(bytes: &[u8]) -> Option<Scan> {
    let run = run(&HPATH_CHARS, bytes);
    Some(Scan::matched(run.len, run.farthest()))
}

/// `fpath = fsegment *[ "/" fsegment ]`, as one run.
#[inline(always)]
pub(crate) fn fpath(bytes: &[u8]) -> Option<Scan> {
    let run = run(&FPATH_CHARS, bytes);
    Some(Scan::matched(run.len, run.farthest()))
}

/// `ppath = psegment *[ "/" psegment ]`, as one run.
#[inline(always)]
pub(crate) fn ppath(bytes: &[u8]) -> Option<Scan> {
    let run = run(&PPATH_CHARS, bytes);
    Some(Scan::matched(run.len, run.farthest()))
}

/// The fast form of `hpath`.
pub(crate) const HPATH: Fast = Fast {
    scan: hpath,
    reports: |_, scan| HPATH_STOPS.of(scan),
};

/// The fast form of `fpath`.
pub(crate) const FPATH: Fast = Fast {
    scan: fpath,
    reports: |_, scan| FPATH_STOPS.of(scan),
};

/// The fast form of `ppath`.
pub(crate) const PPATH: Fast = Fast {
    scan: ppath,
    reports: |_, scan| PPATH_STOPS.of(scan),
};
