//! `hostname` in one pass: from the masks of its bytes' classes where the
//! target has SSE2, by an automaton a byte at a time elsewhere and past
//! the masks' window.

use super::answer::{Fast, Report, Scan};
use super::run::run_of;
use crate::Rule;
use crate::charset::{self, Class};
use crate::expected::Expected;

/// The classes of the bytes of a hostname's run; anything else ends it.
const OTHER: u8 = 0;
const DIGIT: u8 = 1;
const LETTER: u8 = 2;
const HYPHEN: u8 = 3;
const DOT: u8 = 4;

const HOST_CLASS: [u8; 256] = {
    let mut class = [OTHER; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        class[b] = if charset::DIGIT.contains(byte) {
            DIGIT
        } else if charset::ALPHA.contains(byte) {
            LETTER
        } else if byte == b'-' {
            HYPHEN
        } else if byte == b'.' {
            DOT
        } else {
            OTHER
        };
        b += 1;
    }
    class
};

/// The automaton's states. A label starts with an alphadigit and does not
/// end with a hyphen; the hostname's last label (its toplabel) starts with
/// a letter, so the states after an alphadigit or a hyphen remember whether
/// their label did.
const LABEL_START: u8 = 0;
const LETTER_ALPHADIGIT: u8 = 1;
const LETTER_HYPHEN: u8 = 2;
const DIGIT_ALPHADIGIT: u8 = 3;
const DIGIT_HYPHEN: u8 = 4;
const FAILED: u8 = 5;

/// The next state, at `state * 8 + class` (`OTHER` is never looked up).
const HOST_NEXT: [u8; 64] = {
    let mut next = [FAILED; 64];
    let rows: [(u8, [u8; 5]); 5] = [
        (
            LABEL_START,
            [FAILED, DIGIT_ALPHADIGIT, LETTER_ALPHADIGIT, FAILED, FAILED],
        ),
        (
            LETTER_ALPHADIGIT,
            [
                FAILED,
                LETTER_ALPHADIGIT,
                LETTER_ALPHADIGIT,
                LETTER_HYPHEN,
                LABEL_START,
            ],
        ),
        (
            LETTER_HYPHEN,
            [
                FAILED,
                LETTER_ALPHADIGIT,
                LETTER_ALPHADIGIT,
                LETTER_HYPHEN,
                FAILED,
            ],
        ),
        (
            DIGIT_ALPHADIGIT,
            [
                FAILED,
                DIGIT_ALPHADIGIT,
                DIGIT_ALPHADIGIT,
                DIGIT_HYPHEN,
                LABEL_START,
            ],
        ),
        (
            DIGIT_HYPHEN,
            [
                FAILED,
                DIGIT_ALPHADIGIT,
                DIGIT_ALPHADIGIT,
                DIGIT_HYPHEN,
                FAILED,
            ],
        ),
    ];
    let mut r = 0;
    while r < rows.len() {
        let (state, row) = rows[r];
        let mut class = 0;
        while class < 5 {
            next[state as usize * 8 + class] = row[class];
            class += 1;
        }
        r += 1;
    }
    next
};

/// The automaton by byte, for a chain of one shift and one mask per byte
/// instead of a load that waits on the previous byte's: the row of a byte
/// holds, in six bits at `state * 6`, the next state times 6 (the offset of
/// its own field). The row of a byte that ends the run is 0, which no other
/// row is (`FAILED` goes to `FAILED`, a field that is not 0).
const HOST_ROW: [u64; 256] = {
    let mut rows = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let class = HOST_CLASS[byte];
        if class != OTHER {
            let mut state = 0;
            while state <= FAILED as usize {
                let next = HOST_NEXT[state * 8 + class as usize] as u64;
                rows[byte] |= (next * 6) << (state * 6);
                state += 1;
            }
        }
        byte += 1;
    }
    rows
};

/// `hostname = *[ domainlabel "." ] toplabel`, read as the grammar's
/// combinator reads it: the same match, the same farthest position.
///
/// Most hostnames are a run of letters, digits, `.` and `-` that ends in a
/// label starting with a letter, and the hostname is the whole run: the
/// masks of 32 bytes (where the target has SSE2) or a small automaton read
/// it without a branch per label. A run of sound labels whose last starts
/// with a digit (an IP address) or that ends with a `.` fails at its end,
/// which every label reached. Any other run (a label starting or ending
/// with `-`, an empty label) is read label by label, as the production's
/// greedy repetition does.
#[inline(always)]
pub(crate) fn hostname(bytes: &[u8]) -> Option<Scan> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    if let Some(scan) = by_masks(bytes) {
        return Some(scan);
    }
    Some(by_automaton(bytes))
}

/// [`hostname`] from the masks of the bytes' classes in a window of 32:
/// where the run ends, where its labels start and end, in a few word
/// operations and no branch per byte. `None` when the run fills the window.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
pub(crate) fn by_masks(bytes: &[u8]) -> Option<Scan> {
    let masks = super::wide::host_masks(bytes);
    let n = (!masks.run).trailing_zeros() as usize;
    if n == 32 {
        return None;
    }
    let within = (1u32 << n) - 1;
    let (hyphen, dot) = (masks.hyphen & within, masks.dot & within);
    // Where labels start: the first byte, and each byte after a `.`.
    let starts = (dot << 1 | 1) & within;
    // The run's last byte (no bit for an empty run).
    let last = 1u32 << n >> 1;
    // A label starting with `-` or `.`, ending with `-`, or the run
    // ending with `-`: read label by label, as the production does.
    if (starts & (hyphen | dot)) | (hyphen << 1 & dot) | (hyphen & last) != 0 {
        return Some(by_labels(bytes));
    }
    // Every label starts with an alphadigit and ends with one, but the run
    // may end with a `.` (or be empty): as in the automaton, no toplabel.
    if n == 0 || dot & last != 0 {
        return Some(Scan::failed(n));
    }
    let top = 31 - starts.leading_zeros();
    Some(if masks.letter >> top & 1 == 1 {
        Scan::matched(n, n)
    } else {
        Scan::failed(n)
    })
}

/// [`hostname`] by the automaton, a byte at a time.
#[inline(always)]
pub(crate) fn by_automaton(bytes: &[u8]) -> Scan {
    // The state is held as its field's offset in the rows.
    let mut state = 0;
    let mut n = 0;
    for &byte in bytes {
        let row = HOST_ROW[byte as usize];
        if row == 0 {
            break;
        }
        state = (row >> state) & 63;
        n += 1;
    }
    // The run is labels, each followed by a `.`, then perhaps one more; the
    // state after its last byte tells how the production ends.
    match state / 6 {
        // The last label starts with a letter: a toplabel. The repetition
        // takes every label before it, and the hostname is the whole run.
        s if s == u64::from(LETTER_ALPHADIGIT) => Scan::matched(n, n),
        // The last label starts with a digit (an IP address), or the run
        // ends with a `.` or is empty: the repetition takes every label
        // followed by a `.`, and no toplabel follows at the end of the run,
        // which every label reached.
        s if s == u64::from(DIGIT_ALPHADIGIT) || s == u64::from(LABEL_START) => Scan::failed(n),
        // A label ends with `-`, or the run has `..`, `.-` or `-.`: read
        // label by label, as the production does.
        _ => by_labels(bytes),
    }
}

/// Where a label read from some position ends.
enum Label {
    /// The first byte is not of the label's first class.
    NoStart,
    /// The label, trailing hyphens given back, ends at `end`; its run of
    /// `alphadigit | "-"` reached `run_end`.
    Ends { end: usize, run_end: usize },
}

/// `domainlabel` (first an `alphadigit`) or `toplabel` (first an `alpha`)
/// at `pos`: the whole run of `alphadigit | "-"`, trailing hyphens given
/// back, as the combinator reads the two alternatives together.
fn label(bytes: &[u8], pos: usize, first: &Class) -> Label {
    match bytes.get(pos) {
        Some(&byte) if first.contains(byte) => {
            let run_end = pos + 1 + run_of(charset::DOMAINLABEL_BODY.table(), &bytes[pos + 1..]);
            let mut end = run_end;
            while bytes[end - 1] == b'-' {
                end -= 1;
            }
            Label::Ends { end, run_end }
        }
        _ => Label::NoStart,
    }
}

/// The hostname by the production's shape: labels followed by `.` as long
/// as there are, then a toplabel.
#[cold]
fn by_labels(bytes: &[u8]) -> Scan {
    let mut farthest = 0;
    let mut pos = 0;
    loop {
        match label(bytes, pos, &charset::ALPHADIGIT) {
            Label::Ends { end, run_end } => {
                farthest = farthest.max(run_end);
                if bytes.get(end) == Some(&b'.') {
                    pos = end + 1;
                    continue;
                }
            }
            Label::NoStart => farthest = farthest.max(pos),
        }
        break;
    }
    match label(bytes, pos, &charset::ALPHA) {
        Label::Ends { end, run_end } => Scan::matched(end, farthest.max(run_end)),
        Label::NoStart => Scan::failed(farthest.max(pos)),
    }
}

/// What the hostname's leaves report at the farthest position it reaches:
/// the end of the run of `alphadigit | "-"` of the last label the
/// repetition tried, or where that label could not start. There, in this
/// order: the `domainlabel`, whose run ended (or which no `alphadigit`
/// started); the repetition's `"."`, when the label, trailing hyphens given
/// back, ends there; the `toplabel` read from the same start, whose run
/// ends there too when a letter starts it (or which nothing starts either).
fn hostname_reports(bytes: &[u8], scan: &Scan) -> &'static [Report] {
    // The last byte the last label's run read tells which: a `.` before
    // that label (or no byte) when none started, a `-` when hyphens were
    // given back; the toplabel matched when a letter started it.
    let last = scan.farthest.checked_sub(1).map(|at| bytes[at]);
    match (last, scan.len) {
        (None | Some(b'.'), _) => &NO_LABEL,
        (Some(b'-'), Some(_)) => &TOP_HYPHENS,
        (Some(b'-'), None) => &NOT_TOP_HYPHENS,
        (_, Some(_)) => &TOP,
        (_, None) => &NOT_TOP,
    }
}

/// A `domainlabel`'s run of `alphadigit | "-"` ends.
static DOMAINLABEL_RUN: Report = Report {
    inner: Some(Rule::Domainlabel),
    expected: charset::DOMAINLABEL_BODY.expected(),
};
/// A `toplabel`'s run ends.
static TOPLABEL_RUN: Report = Report {
    inner: Some(Rule::Toplabel),
    expected: charset::TOPLABEL_BODY.expected(),
};
/// The `"."` after a domain label is not there.
static LABEL_DOT: Report = Report {
    inner: None,
    expected: &[Expected::Literal(".")],
};

/// The last label starts with a letter: the toplabel too.
static TOP: [Report; 3] = [DOMAINLABEL_RUN, LABEL_DOT, TOPLABEL_RUN];
/// The last label starts with a digit: no toplabel.
static NOT_TOP: [Report; 2] = [DOMAINLABEL_RUN, LABEL_DOT];
/// The last label, a toplabel, gives back hyphens: its `"."` is not there.
static TOP_HYPHENS: [Report; 2] = [DOMAINLABEL_RUN, TOPLABEL_RUN];
/// The last label, no toplabel, gives back hyphens.
static NOT_TOP_HYPHENS: [Report; 1] = [DOMAINLABEL_RUN];
/// No label starts where the repetition stopped (at the start or after a
/// `.`).
static NO_LABEL: [Report; 2] = [
    Report {
        inner: Some(Rule::Domainlabel),
        expected: charset::ALPHADIGIT.expected(),
    },
    Report {
        inner: Some(Rule::Toplabel),
        expected: charset::ALPHA.expected(),
    },
];

/// The fast form of `hostname`.
pub(crate) const HOSTNAME: Fast = Fast {
    scan: hostname,
    reports: hostname_reports,
};
