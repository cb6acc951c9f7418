//! The summary of a batch (`check --summary`, `--report FILE`): the invalid
//! inputs grouped by cause, the warnings by code, the counts per scheme,
//! with a few examples of each group.
//!
//! A cause is what a program can tell apart without reading messages: the
//! rule, the production where the input failed (the innermost of the
//! error's path), what was expected there and the codes of the hints
//! ([`Cause`]). Each unit of a batch gathers what its lines show
//! ([`Gathered`], on every core); the units are merged in input order into
//! the [`Summary`], on one thread. A diagnostic is rendered only for the
//! few examples the summary keeps, at the merge.
//!
//! Everything is bounded, whatever the number of inputs: the summary tells
//! apart the first [`CAUSES_TRACKED`] causes and [`SCHEMES_TRACKED`]
//! schemes it meets (the inputs of the others are counted together), keeps
//! [`EXAMPLES`] examples of each, and shows the [`CAUSES_SHOWN`] causes and
//! [`SCHEMES_SHOWN`] schemes with the most inputs. Every count is exact.

mod html;
mod text;

use std::borrow::Cow;
use std::cmp::Reverse;
use std::collections::BTreeMap;
use std::collections::hash_map::Entry;
use std::hash::{Hash, Hasher};
use std::ops::Range;
use std::sync::{Arc, PoisonError, RwLock};

use rfc1738::lint::{Code, Warning};
use rfc1738::visible::Visible;
use rfc1738::{Error, Expected, Hint, HintCode, Rule};
use rustc_hash::{FxHashMap, FxHasher};
use serde::Serialize;

use crate::batch::Line;
use crate::show;
use crate::summary::Tally;

pub use html::page;
pub use text::{reasons, text};

/// How many distinct causes the summary tells apart: the inputs of the
/// causes met after these are counted together.
pub const CAUSES_TRACKED: usize = 1000;

/// How many causes the summary shows, those with the most inputs first.
pub const CAUSES_SHOWN: usize = 40;

/// How many examples the summary keeps of each cause and warning code: the
/// first met.
pub const EXAMPLES: usize = 3;

/// How many distinct schemes the summary tells apart.
pub const SCHEMES_TRACKED: usize = 256;

/// How many schemes the summary shows, those with the most inputs first.
pub const SCHEMES_SHOWN: usize = 20;

/// The longest scheme name told apart: the longer ones are counted together,
/// as [`LONG_SCHEME`], so that many long names do not grow the summary.
const SCHEME_LONGEST: usize = 32;

/// How many characters of an example's input are shown.
const INPUT_SHOWN: usize = 200;

/// The longest valid URL whose warning is rendered at the merge: a longer
/// one's is rendered when it is met, so that no example holds more.
const URL_KEPT: usize = 4096;

/// The name the summary gives inputs without a scheme name. No scheme name
/// has parentheses or spaces: it is told apart from every one.
const NO_SCHEME: &str = "(none)";

/// The name the summary gives inputs whose scheme name is longer than
/// [`SCHEME_LONGEST`] characters, counted together (checked equal to it by
/// a test). Told apart from every scheme name, as [`NO_SCHEME`] is.
const LONG_SCHEME: &str = "(longer than 32 characters)";

/// Why an input is invalid, as the summary groups it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cause {
    rule: Rule,
    /// The innermost production of the error's path (the rule itself when
    /// the path is empty).
    production: Rule,
    expected: Box<[Expected]>,
    hints: Box<[HintCode]>,
}

/// A cause as an error tells it, borrowed from the error: a unit looks it
/// up without copying its expected set and hints, and copies them only for
/// a cause it meets first.
struct Told<'a> {
    rule: Rule,
    production: Rule,
    expected: &'a [Expected],
    hints: &'a [Hint],
}

impl<'a> Told<'a> {
    /// The cause of `error`, whose hints are as shown (the password hidden
    /// or not).
    fn of(error: &'a Error) -> Self {
        Told {
            rule: error.rule(),
            production: error.path().last().copied().unwrap_or(error.rule()),
            expected: error.expected(),
            hints: error.hints(),
        }
    }

    /// The key the units look the cause up by: the hash of [`Cause`]'s.
    fn key(&self) -> u64 {
        let mut hasher = FxHasher::default();
        let hints = self.hints.iter().map(Hint::code);
        hash_cause(
            self.rule,
            self.production,
            self.expected,
            hints,
            &mut hasher,
        );
        hasher.finish()
    }

    /// Whether it is `cause`.
    fn is(&self, cause: &Cause) -> bool {
        (self.rule, self.production, self.expected)
            == (cause.rule, cause.production, &*cause.expected)
            && self
                .hints
                .iter()
                .map(Hint::code)
                .eq(cause.hints.iter().copied())
    }

    /// The cause, owned.
    fn to_cause(&self) -> Cause {
        Cause {
            rule: self.rule,
            production: self.production,
            expected: self.expected.into(),
            hints: self.hints.iter().map(Hint::code).collect(),
        }
    }
}

impl Hash for Cause {
    fn hash<H: Hasher>(&self, hasher: &mut H) {
        let hints = self.hints.iter().copied();
        hash_cause(self.rule, self.production, &self.expected, hints, hasher);
    }
}

/// Hashes the parts of a cause, borrowed ([`Told`]) or owned ([`Cause`]):
/// of a literal expected, only its length and first byte, which tell most
/// apart at a few instructions (a cause is hashed for each invalid input,
/// and its expected set may hold a dozen literals).
fn hash_cause(
    rule: Rule,
    production: Rule,
    expected: &[Expected],
    hints: impl ExactSizeIterator<Item = HintCode>,
    hasher: &mut impl Hasher,
) {
    (rule, production).hash(hasher);
    hasher.write_usize(expected.len());
    for expected in expected {
        match expected {
            Expected::Rule(rule) => rule.hash(hasher),
            Expected::Literal(literal) => {
                hasher.write_usize(literal.len());
                hasher.write_u8(literal.bytes().next().unwrap_or(0));
            }
            Expected::EndOfInput => hasher.write_u8(0),
            other => other.hash(hasher),
        }
    }
    hasher.write_usize(hints.len());
    for code in hints {
        code.hash(hasher);
    }
}

/// The counts of a scheme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Inputs of the scheme.
    pub inputs: u64,
    /// Of which valid.
    pub valid: u64,
    /// Of which invalid.
    pub invalid: u64,
    /// Valid inputs with at least one warning.
    pub warned: u64,
}

impl std::ops::AddAssign for Counts {
    fn add_assign(&mut self, other: Counts) {
        self.inputs += other.inputs;
        self.valid += other.valid;
        self.invalid += other.invalid;
        self.warned += other.warned;
    }
}

/// A stream's name as the summary gives it: as records give it, with
/// U+FFFD for the bytes of a path that are not UTF-8, and those bytes.
#[derive(Clone, Debug)]
pub struct FileName {
    /// The name, `<stdin>` for standard input.
    pub name: String,
    /// The path's bytes when they are not UTF-8.
    pub bytes: Option<Vec<u8>>,
}

/// Where an example comes from: a line of a file or standard input, or an
/// argument.
#[derive(Clone, Debug)]
struct Place {
    /// The stream's name (`None` for an argument).
    file: Option<Arc<FileName>>,
    /// The line (1 for an argument).
    line: u64,
}

impl Place {
    /// The name a diagnostic gives the input: the file, or `input`.
    fn origin(&self) -> &str {
        self.file
            .as_ref()
            .map_or("input", |file| file.name.as_str())
    }

    /// The line, as a diagnostic numbers it.
    fn line_number(&self) -> usize {
        usize::try_from(self.line).unwrap_or(usize::MAX)
    }
}

/// An invalid input met, kept to be an example: what it takes to show it,
/// which is done only for the causes shown.
struct PendingError {
    place: Place,
    /// The first [`INPUT_SHOWN`] characters of the input, as they are.
    head: Head,
    /// The error, its password hidden when passwords are.
    error: Error,
}

/// A warning met, kept to be an example.
struct PendingWarning {
    place: Place,
    /// The warning, with a copy of its URL, to be rendered with it; or, for
    /// a URL longer than [`URL_KEPT`], the URL as shown and the warning
    /// rendered at once (the warning and its URL are not kept).
    warning: Result<Warning<'static>, (String, String)>,
}

/// The start of an input: at most [`INPUT_SHOWN`] characters of it (bytes
/// that are not UTF-8 as U+FFFD), whether it goes on, and the passwords
/// written in the input after a `//` that reach into it, when passwords
/// are hidden.
struct Head {
    text: String,
    cut: bool,
    written: Vec<Range<usize>>,
}

impl Head {
    /// The head of `input`; with `hide`, its passwords written after a
    /// `//` and those its decoded text holds ([`show::passwords`], around
    /// `own`, the input's own password), found in the whole input (the `@`
    /// that ends one may lie beyond the head).
    fn of(input: Line<'_>, hide: bool, own: Option<&Range<usize>>) -> Head {
        let text = match input {
            Line::Text(text) => Cow::Borrowed(text),
            Line::Bytes(bytes) => String::from_utf8_lossy(bytes),
        };
        // A character is at least a byte: a short input is shown whole,
        // its characters not counted.
        let end = match text.len() <= INPUT_SHOWN {
            true => text.len(),
            false => (text.char_indices().nth(INPUT_SHOWN)).map_or(text.len(), |(at, _)| at),
        };
        let written = match hide {
            true => show::passwords(&text, own)
                .into_iter()
                .take_while(|span| span.start < end)
                .map(|span| span.start..span.end.min(end))
                .collect(),
            false => Vec::new(),
        };
        Head {
            text: text[..end].to_owned(),
            cut: end < text.len(),
            written,
        }
    }

    /// The head as shown: the part of `password` in it hidden, and the
    /// passwords written in it, nothing raw, `…` when the input goes on.
    fn shown(&self, password: Option<Range<usize>>) -> String {
        // Spans past the head hide nothing of it.
        let hidden = show::Hidden::from_spans(password.into_iter().chain(self.written.clone()));
        let mut shown = show::part(&self.text, 0, &hidden).to_string();
        if self.cut {
            shown.push('…');
        }
        shown
    }
}

/// What a unit gathered of one cause.
struct UnitCause {
    /// The next cause of the same key the unit met, if any: where it is
    /// in [`Gathered::causes`].
    next: Option<usize>,
    count: u64,
    examples: Vec<PendingError>,
    /// Whether the summary has all the examples it keeps of it.
    full: bool,
}

/// What a unit gathered of one warning code.
#[derive(Default)]
struct UnitWarning {
    /// Its inputs, each counted once.
    inputs: u64,
    occurrences: u64,
    examples: Vec<PendingWarning>,
}

/// A scheme name as the summary tells schemes apart: the name before the
/// first `:`, lower case, when it has at most [`SCHEME_LONGEST`] characters
/// of `scheme` (section 5: letters, digits, `+`, `-`, `.`); one value for
/// all the longer names of those characters, whose bytes are not kept; none
/// otherwise. A value, not a string, so that counting an input allocates
/// nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct SchemeName {
    /// How many bytes of `bytes` are the name: 0 for none, [`LONGER`] for
    /// a name longer than [`SCHEME_LONGEST`].
    len: u8,
    bytes: [u8; SCHEME_LONGEST],
}

/// The length [`SchemeName`] gives a name longer than [`SCHEME_LONGEST`]
/// (which is below 255).
const LONGER: u8 = SCHEME_LONGEST as u8 + 1;

impl SchemeName {
    /// No scheme name.
    const NONE: SchemeName = SchemeName {
        len: 0,
        bytes: [0; SCHEME_LONGEST],
    };

    /// The names longer than [`SCHEME_LONGEST`].
    const LONG: SchemeName = SchemeName {
        len: LONGER,
        bytes: [0; SCHEME_LONGEST],
    };

    /// The scheme name of `input`.
    fn of(input: &[u8]) -> SchemeName {
        // One pass over at most the name's bytes and the `:`: counting a
        // valid input costs a few instructions a byte of its scheme name.
        let mut name = SchemeName::NONE;
        for (at, &byte) in input.iter().enumerate() {
            if byte == b':' {
                return match at {
                    // At most SCHEME_LONGEST, which is below 256.
                    0..=SCHEME_LONGEST => SchemeName {
                        len: at as u8,
                        ..name
                    },
                    _ => SchemeName::LONG,
                };
            }
            let lower = SCHEME_BYTES[usize::from(byte)];
            if lower == 0 {
                break;
            }
            // The bytes past SCHEME_LONGEST are read, not kept: whether
            // they are a name decides between LONG and NONE.
            if let Some(kept) = name.bytes.get_mut(at) {
                *kept = lower;
            }
        }
        SchemeName::NONE
    }

    /// The name, `(none)` for none, [`LONG_SCHEME`] for the long ones.
    fn as_str(&self) -> &str {
        if self.len == LONGER {
            return LONG_SCHEME;
        }
        // Letters, digits, `+`, `-` and `.`: ASCII.
        let name = self.bytes.get(..usize::from(self.len)).unwrap_or_default();
        match std::str::from_utf8(name) {
            Ok("") | Err(_) => NO_SCHEME,
            Ok(name) => name,
        }
    }
}

/// Each byte of `scheme` (letters, digits, `+`, `-`, `.`) in lower case,
/// and 0 for every other byte.
const SCHEME_BYTES: [u8; 256] = {
    let mut table = [0; 256];
    let mut byte = 0;
    while byte < 256 {
        let c = byte as u8;
        if c.is_ascii_alphanumeric() || c == b'+' || c == b'-' || c == b'.' {
            table[byte] = c.to_ascii_lowercase();
        }
        byte += 1;
    }
    table
};

/// How many schemes a unit looks up by comparing them one by one: a batch
/// has a few, and this beats hashing; a unit that meets more looks them up
/// in a map.
const SCHEMES_SCANNED: usize = 16;

/// The scheme rules of section 3 and the scheme names that select them:
/// without `--rule`, an input's rule names its scheme.
const NAMED: [(Rule, &str); 10] = [
    (Rule::Httpurl, "http"),
    (Rule::Ftpurl, "ftp"),
    (Rule::Fileurl, "file"),
    (Rule::Mailtourl, "mailto"),
    (Rule::Newsurl, "news"),
    (Rule::Gopherurl, "gopher"),
    (Rule::Nntpurl, "nntp"),
    (Rule::Telneturl, "telnet"),
    (Rule::Waisurl, "wais"),
    (Rule::Prosperourl, "prospero"),
];

/// Where `rule` is in [`NAMED`], if it is a scheme rule: asked for every
/// input, so read from a table rather than searched.
fn named(rule: Rule) -> Option<usize> {
    match NAMED_AT.get(rule as usize) {
        Some(&at) if at != NOT_NAMED => Some(usize::from(at)),
        _ => None,
    }
}

/// Where each rule is in [`NAMED`], by its place among the rules;
/// [`NOT_NAMED`] for the others.
const NAMED_AT: [u8; Rule::COUNT] = {
    let mut table = [NOT_NAMED; Rule::COUNT];
    let mut at = 0;
    while at < NAMED.len() {
        // Fewer than ten.
        table[NAMED[at].0 as usize] = at as u8;
        at += 1;
    }
    table
};

/// A rule that is not in [`NAMED`], in [`NAMED_AT`].
const NOT_NAMED: u8 = u8::MAX;

/// The schemes a unit met, in the order it met them, and their counts.
#[derive(Default)]
struct UnitSchemes {
    met: Vec<(SchemeName, Counts)>,
    /// Where each is in `met`, once there are more than
    /// [`SCHEMES_SCANNED`].
    index: FxHashMap<SchemeName, usize>,
    /// Where each scheme of [`NAMED`] is in `met`, once met.
    named: [Option<usize>; NAMED.len()],
}

impl UnitSchemes {
    /// The counts of `name`, new if it was not met yet.
    fn counts(&mut self, name: SchemeName) -> &mut Counts {
        let at = self.slot(name);
        &mut self.met[at].1
    }

    /// The counts of the scheme `NAMED[named]`: found without reading the
    /// input's name again, which the rule told.
    fn named(&mut self, named: usize) -> &mut Counts {
        let at = match self.named[named] {
            Some(at) => at,
            None => {
                let name = NAMED[named].1.as_bytes();
                let mut bytes = [0; SCHEME_LONGEST];
                bytes[..name.len()].copy_from_slice(name);
                // The names of section 3, at most 8 letters.
                let len = name.len() as u8;
                let at = self.slot(SchemeName { len, bytes });
                self.named[named] = Some(at);
                at
            }
        };
        &mut self.met[at].1
    }

    /// Where `name` is in `met`, added if it was not met yet.
    fn slot(&mut self, name: SchemeName) -> usize {
        let found = if self.met.len() <= SCHEMES_SCANNED {
            self.met.iter().position(|(met, _)| *met == name)
        } else {
            self.index.get(&name).copied()
        };
        found.unwrap_or_else(|| {
            if self.met.len() == SCHEMES_SCANNED {
                self.index = (self.met.iter().enumerate())
                    .map(|(at, (met, _))| (*met, at))
                    .collect();
            }
            if self.met.len() >= SCHEMES_SCANNED {
                self.index.insert(name, self.met.len());
            }
            self.met.push((name, Counts::default()));
            self.met.len() - 1
        })
    }
}

/// What one unit of a batch gathered for the summary, merged into the
/// [`Summary`] in input order.
#[derive(Default)]
pub struct Gathered {
    /// The line of the first input the unit counted: units are read in
    /// the order of their lines, one source after the other.
    first_line: Option<u64>,
    schemes: UnitSchemes,
    /// The causes, in the order the unit met them.
    causes: Vec<(Cause, UnitCause)>,
    /// Where the first cause of each key is in `causes`.
    keys: FxHashMap<u64, usize>,
    warnings: BTreeMap<Code, UnitWarning>,
}

/// How the summary shows what it is given, and what it shares with the
/// units as they gather.
#[derive(Clone)]
pub struct Shown {
    /// Whether passwords are hidden (unless `--show-passwords`).
    hide: bool,
    /// The rule of `--rule`, which every input was checked against; `None`
    /// when each was checked against the rule its scheme selects: then the
    /// rule of section 3's schemes names the scheme.
    rule: Option<Rule>,
    /// How a warning about a valid URL (the warning, which keeps the URL;
    /// whether the password is hidden; the input's name and line) is
    /// rendered, plain.
    warning: fn(&Warning, bool, &str, usize) -> String,
    /// The causes of which all the examples the summary keeps are known:
    /// for each, the first line of the first unit that holds them all, or 0
    /// once the summary does. A unit whose first line comes after keeps
    /// none of theirs, since those of the units before it come first.
    /// Written by the units that fill a cause, and at the merges; read as
    /// units gather.
    full: Arc<RwLock<FxHashMap<Cause, u64>>>,
}

impl Shown {
    /// What the summary shows: passwords hidden (`hide`) or not, inputs
    /// checked against their scheme's rule (`rule` `None`) or `rule`, each
    /// warning rendered by `warning` (the warning, which keeps its URL;
    /// whether its password is hidden; the input's name and line).
    pub fn new(
        hide: bool,
        rule: Option<Rule>,
        warning: fn(&Warning, bool, &str, usize) -> String,
    ) -> Self {
        Shown {
            hide,
            rule,
            warning,
            full: Arc::default(),
        }
    }

    /// Whether the examples of `cause` that the summary keeps are known
    /// before the unit whose first line is `first_line`.
    fn is_full(&self, cause: &Cause, first_line: u64) -> bool {
        // A lock poisoned by a panic elsewhere: the map is still a map.
        let full = self.full.read().unwrap_or_else(PoisonError::into_inner);
        full.get(cause).is_some_and(|&line| line < first_line)
    }

    /// Says that the unit whose first line is `first_line` holds all the
    /// examples of `cause` a summary keeps (0: the summary does). The
    /// units tell at most [`CAUSES_TRACKED`] causes so, beside those the
    /// summary tells, so that the map stays bounded whatever the input;
    /// past that, a unit keeps examples that the merge may drop.
    fn fill(&self, cause: &Cause, first_line: u64) {
        let mut full = self.full.write().unwrap_or_else(PoisonError::into_inner);
        if let Some(line) = full.get_mut(cause) {
            *line = first_line.min(*line);
        } else if first_line == 0 || full.len() < CAUSES_TRACKED {
            full.insert(cause.clone(), first_line);
        }
    }

    /// `warning` about a valid URL (the one it keeps), read at `place`, as
    /// an example shows it: the URL's head, and the warning rendered.
    fn warning_example(&self, place: &Place, warning: &Warning) -> (String, String) {
        let text = warning.url();
        let password = show::password_of(text).filter(|_| self.hide);
        let (origin, line) = (place.origin(), place.line_number());
        let rendered = (self.warning)(warning, self.hide, origin, line);
        (
            Head::of(Line::Text(text), self.hide, password.as_ref()).shown(password),
            rendered,
        )
    }
}

impl Gathered {
    /// Counts `input`, checked as `result` says, with `warnings`, read at
    /// `line` of `file` (`None` for an argument).
    pub fn add(
        &mut self,
        shown: &Shown,
        (file, line): (Option<&Arc<FileName>>, u64),
        input: Line<'_>,
        result: Result<Rule, Error>,
        warnings: &[Warning],
    ) {
        let place = || Place {
            file: file.cloned(),
            line,
        };
        let first_line = *self.first_line.get_or_insert(line);
        let rule = match &result {
            Ok(rule) => *rule,
            Err(error) => error.rule(),
        };
        let counts = match named(rule).filter(|_| shown.rule.is_none()) {
            Some(named) => self.schemes.named(named),
            None => self.schemes.counts(SchemeName::of(input.bytes())),
        };
        counts.inputs += 1;
        match result {
            Ok(_) => {
                counts.valid += 1;
                counts.warned += u64::from(!warnings.is_empty());
                for (at, warning) in warnings.iter().enumerate() {
                    // One input, counted once for each of its codes: a
                    // password's findings and those outside it are two
                    // warnings of one code. At most 20 warnings: the
                    // search is short.
                    let code = warning.code();
                    let again = warnings[..at].iter().any(|other| other.code() == code);
                    self.add_warning(shown, (&place, !again), warning);
                }
            }
            Err(error) => {
                counts.invalid += 1;
                self.add_error(shown, (place, first_line), input, error);
            }
        }
    }

    /// Counts an invalid input's cause, and keeps it as an example if the
    /// unit has fewer than [`EXAMPLES`] of it.
    fn add_error(
        &mut self,
        shown: &Shown,
        (place, first_line): (impl FnOnce() -> Place, u64),
        input: Line<'_>,
        mut error: Error,
    ) {
        // The hints are those shown: with the password hidden, a hint that
        // would quote it is another.
        if shown.hide {
            error.hide_password();
        }
        let at = self.cause_of(&error);
        let (cause, unit) = &mut self.causes[at];
        unit.count += 1;
        // A cause whose examples the summary has, or a unit before this
        // one has, is only counted: most causes of a batch are met in its
        // first block, and their errors are dropped where they were made.
        // The summary is asked while the unit still takes examples of it.
        if unit.full || unit.examples.len() >= EXAMPLES {
            return;
        }
        if shown.is_full(cause, first_line) {
            unit.full = true;
            return;
        }
        unit.examples.push(PendingError {
            place: place(),
            head: Head::of(input, shown.hide, error.password_span().as_ref()),
            error,
        });
        if unit.examples.len() == EXAMPLES {
            shown.fill(cause, first_line);
        }
    }

    /// Where the cause of `error` is in `causes`, added if the unit had
    /// not met it: looked up by its key, borrowed from the error.
    fn cause_of(&mut self, error: &Error) -> usize {
        let told = Told::of(error);
        let key = told.key();
        let mut next = self.keys.get(&key).copied();
        let mut last = None;
        while let Some(at) = next {
            let (cause, unit) = &self.causes[at];
            if told.is(cause) {
                return at;
            }
            last = Some(at);
            next = unit.next;
        }
        let at = self.causes.len();
        let unit = UnitCause {
            next: None,
            count: 0,
            examples: Vec::new(),
            full: false,
        };
        self.causes.push((told.to_cause(), unit));
        match last {
            Some(last) => self.causes[last].1.next = Some(at),
            None => {
                self.keys.insert(key, at);
            }
        }
        at
    }

    /// Counts a warning, and its input when it is the `first` of its code
    /// about it, and keeps it as an example if the unit has fewer than
    /// [`EXAMPLES`] of its code.
    ///
    /// The place is made only for an example kept: its file's name is
    /// shared by the threads, and counting it for each warning would cost
    /// them more than the warning.
    fn add_warning(
        &mut self,
        shown: &Shown,
        (place, first): (&impl Fn() -> Place, bool),
        warning: &Warning,
    ) {
        let unit = self.warnings.entry(warning.code()).or_default();
        unit.inputs += u64::from(first);
        // Hidden, a password's findings count once: how many there are
        // would tell what it holds.
        unit.occurrences += match shown.hide && warning.in_password() {
            true => 1,
            false => warning.count() as u64,
        };
        if unit.examples.len() >= EXAMPLES {
            return;
        }
        let place = place();
        let warning = if warning.url().len() <= URL_KEPT {
            Ok(warning.clone().into_owned())
        } else {
            Err(shown.warning_example(&place, warning))
        };
        unit.examples.push(PendingWarning { place, warning });
    }
}

/// An example of a group, as the summary shows it.
#[derive(Clone, Debug, Serialize)]
pub struct Example {
    /// The file (`<stdin>` for standard input), `null` for an argument.
    pub file: Option<String>,
    /// The file's bytes, when its name is not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file_bytes: Option<Vec<u8>>,
    /// The line in the file, `null` for an argument.
    pub line: Option<u64>,
    /// The input, cut to [`INPUT_SHOWN`] characters, its password hidden,
    /// every character that is not visible escaped.
    pub input: String,
    /// The diagnostic or warning, plain, as `check` shows it.
    pub diagnostic: String,
}

impl Example {
    fn new(place: &Place, input: String, diagnostic: String) -> Example {
        Example {
            file: place.file.as_ref().map(|file| file.name.clone()),
            file_bytes: place.file.as_ref().and_then(|file| file.bytes.clone()),
            line: place.file.as_ref().map(|_| place.line),
            input,
            diagnostic,
        }
    }
}

/// A cause the summary counts.
struct Group {
    /// When the summary met it: the order of causes with as many inputs.
    order: u64,
    count: u64,
    /// Rendered only for the causes shown.
    examples: Vec<PendingError>,
}

/// A warning code the summary counts.
#[derive(Default)]
struct WarningGroup {
    inputs: u64,
    occurrences: u64,
    examples: Vec<PendingWarning>,
}

/// What a batch showed, merged from its units in input order.
pub struct Summary {
    shown: Shown,
    limits: Limits,
    /// How many schemes and causes it met: their order.
    met: u64,
    schemes: FxHashMap<SchemeName, (u64, Counts)>,
    /// The schemes met after as many as it tells apart, counted together.
    untracked_schemes: Counts,
    causes: FxHashMap<Cause, Group>,
    /// The inputs of causes met after as many as it tells apart.
    untracked_inputs: u64,
    warnings: BTreeMap<Code, WarningGroup>,
}

impl Summary {
    /// An empty summary, showing what it keeps as `shown` says, within the
    /// limits of [`Limits::default`].
    pub fn new(shown: Shown) -> Self {
        Summary::within(shown, Limits::default())
    }

    /// An empty summary within `limits`.
    fn within(shown: Shown, limits: Limits) -> Self {
        Summary {
            shown,
            limits,
            met: 0,
            schemes: FxHashMap::default(),
            untracked_schemes: Counts::default(),
            causes: FxHashMap::default(),
            untracked_inputs: 0,
            warnings: BTreeMap::new(),
        }
    }

    /// Adds what a unit gathered, the units taken in input order; renders
    /// the examples it keeps.
    pub fn merge(&mut self, gathered: Gathered) {
        self.merge_schemes(gathered.schemes);
        self.merge_causes(gathered.causes);
        self.merge_warnings(gathered.warnings);
    }

    fn merge_schemes(&mut self, schemes: UnitSchemes) {
        // In the order the unit met them.
        for (name, counts) in schemes.met {
            if let Some((_, total)) = self.schemes.get_mut(&name) {
                *total += counts;
            } else if self.schemes.len() < self.limits.schemes_tracked {
                self.met += 1;
                self.schemes.insert(name, (self.met, counts));
            } else {
                self.untracked_schemes += counts;
            }
        }
    }

    fn merge_causes(&mut self, causes: Vec<(Cause, UnitCause)>) {
        // In the order the unit met them.
        for (cause, unit) in causes {
            let tracked = self.causes.len() < self.limits.causes_tracked;
            // The cause, to say when its examples are all kept.
            let key = (!unit.examples.is_empty()).then(|| cause.clone());
            let group = match self.causes.entry(cause) {
                Entry::Occupied(group) => group.into_mut(),
                Entry::Vacant(vacant) if tracked => {
                    self.met += 1;
                    vacant.insert(Group {
                        order: self.met,
                        count: 0,
                        examples: Vec::new(),
                    })
                }
                Entry::Vacant(_) => {
                    self.untracked_inputs += unit.count;
                    continue;
                }
            };
            group.count += unit.count;
            let room = self.limits.examples.saturating_sub(group.examples.len());
            group.examples.extend(unit.examples.into_iter().take(room));
            if let Some(key) = key.filter(|_| group.examples.len() == self.limits.examples) {
                self.shown.fill(&key, 0);
            }
        }
    }

    fn merge_warnings(&mut self, warnings: BTreeMap<Code, UnitWarning>) {
        for (code, unit) in warnings {
            let group = self.warnings.entry(code).or_default();
            group.inputs += unit.inputs;
            group.occurrences += unit.occurrences;
            let room = self.limits.examples.saturating_sub(group.examples.len());
            group.examples.extend(unit.examples.into_iter().take(room));
        }
    }

    /// The examples of a cause shown, their diagnostics rendered.
    fn errors(&self, pending: &[PendingError]) -> Vec<Example> {
        let example = |pending: &PendingError| {
            let place = &pending.place;
            let diagnostic = (pending.error.diagnostic())
                .origin(place.origin())
                .first_line(place.line_number())
                .to_string();
            let password = pending.error.password_span().filter(|_| self.shown.hide);
            Example::new(place, pending.head.shown(password), diagnostic)
        };
        pending.iter().map(example).collect()
    }

    /// The examples of a warning code, rendered.
    fn warnings(&self, pending: &[PendingWarning]) -> Vec<Example> {
        let example = |pending: &PendingWarning| {
            let (input, rendered) = match &pending.warning {
                Ok(warning) => self.shown.warning_example(&pending.place, warning),
                Err(shown) => shown.clone(),
            };
            Example::new(&pending.place, input, rendered)
        };
        pending.iter().map(example).collect()
    }

    /// The summary as it is shown: of a run that counted `tally`, read
    /// `sources` and read them whole, or not for each reason of
    /// `incomplete`.
    pub fn document(
        &self,
        tally: &Tally,
        sources: Vec<FileName>,
        incomplete: Vec<Incomplete>,
    ) -> Document {
        let (schemes, other_schemes) = self.scheme_rows();
        let (causes, other_causes) = self.cause_rows();
        let warning_codes = self
            .warnings
            .iter()
            .map(|(code, group)| WarningRow {
                code: code.as_str(),
                inputs: group.inputs,
                occurrences: group.occurrences,
                examples: self.warnings(&group.examples),
            })
            .collect();
        let warned = self.schemes.values().map(|(_, counts)| counts.warned);
        let sources_bytes = sources
            .iter()
            .any(|source| source.bytes.is_some())
            .then(|| sources.iter().map(|source| source.bytes.clone()).collect());
        Document {
            incomplete,
            sources: sources.into_iter().map(|source| source.name).collect(),
            sources_bytes,
            passwords_shown: !self.shown.hide,
            rule: self.shown.rule.map(Rule::name),
            inputs: tally.inputs(),
            valid: tally.valid,
            invalid: tally.invalid,
            too_long: tally.too_long,
            warnings: tally.warnings,
            warned: warned.sum::<u64>() + self.untracked_schemes.warned,
            schemes,
            other_schemes,
            causes,
            other_causes,
            warning_codes,
            limits: self.limits,
        }
    }

    /// The schemes shown, those with the most inputs first (the first met
    /// first among equals), and the others.
    fn scheme_rows(&self) -> (Vec<SchemeRow>, OtherSchemes) {
        let mut schemes: Vec<_> = self.schemes.iter().collect();
        schemes.sort_unstable_by_key(|(_, (order, counts))| (Reverse(counts.inputs), *order));
        let mut others = OtherSchemes {
            schemes: 0,
            counts: self.untracked_schemes,
            untracked: self.untracked_schemes.inputs > 0,
        };
        for (_, (_, counts)) in schemes.iter().skip(self.limits.schemes_shown) {
            others.schemes += 1;
            others.counts += *counts;
        }
        let rows = schemes
            .iter()
            .take(self.limits.schemes_shown)
            .map(|(name, (_, counts))| SchemeRow {
                scheme: name.as_str().to_owned(),
                counts: *counts,
            })
            .collect();
        (rows, others)
    }

    /// The causes shown, those with the most inputs first (the first met
    /// first among equals), and the others.
    fn cause_rows(&self) -> (Vec<CauseRow>, OtherCauses) {
        let mut causes: Vec<_> = self.causes.iter().collect();
        causes.sort_unstable_by_key(|(_, group)| (Reverse(group.count), group.order));
        let hidden = causes.iter().skip(self.limits.causes_shown);
        let others = OtherCauses {
            causes: hidden.len() as u64,
            inputs: hidden.map(|(_, group)| group.count).sum::<u64>() + self.untracked_inputs,
            untracked_inputs: self.untracked_inputs,
        };
        let rows = causes
            .iter()
            .take(self.limits.causes_shown)
            .map(|(cause, group)| CauseRow {
                count: group.count,
                rule: cause.rule.name(),
                production: cause.production.name(),
                expected: cause.expected.iter().map(ToString::to_string).collect(),
                hints: cause.hints.iter().map(|code| code.as_str()).collect(),
                examples: self.errors(&group.examples),
            })
            .collect();
        (rows, others)
    }
}

/// Why a summary counts only some of the inputs: what cut the run short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Incomplete {
    /// SIGINT ended the run.
    Interrupted,
    /// A source could not be opened or read to its end.
    Unread,
    /// Standard output closed (`| head`): no source after was read.
    OutputClosed,
    /// Standard output could not be written: no source after was read.
    OutputFailed,
}

impl Incomplete {
    /// The reason as the page's `data-incomplete` and the JSON summary's
    /// `incomplete` name it, for programs: `docs/cli.md` lists them, and
    /// they stay.
    pub fn code(self) -> &'static str {
        match self {
            Incomplete::Interrupted => "interrupted",
            Incomplete::Unread => "unread",
            Incomplete::OutputClosed => "output-closed",
            Incomplete::OutputFailed => "output-failed",
        }
    }

    /// The reason as the terminal and the page say it.
    pub fn said(self) -> &'static str {
        match self {
            Incomplete::Interrupted => crate::summary::INTERRUPTED,
            Incomplete::Unread => "a source could not be read to its end",
            Incomplete::OutputClosed => crate::summary::CLOSED,
            Incomplete::OutputFailed => "stopped when standard output could not be written",
        }
    }
}

/// Why the summary (or `coverage`'s report) of a run that `reading` ended
/// counts only some of its inputs: each reason that holds, the interrupt
/// first.
pub fn incomplete(reading: &crate::inputs::Reading) -> Vec<Incomplete> {
    use crate::output::Stop;
    let stop = match &reading.stopped {
        Ok(()) => None,
        Err(Stop::Interrupted) => Some(Incomplete::Interrupted),
        Err(Stop::Closed) => Some(Incomplete::OutputClosed),
        Err(Stop::Failed(_)) => Some(Incomplete::OutputFailed),
    };
    let unread = (!reading.whole).then_some(Incomplete::Unread);
    match stop {
        Some(Incomplete::Interrupted) => [stop, unread],
        _ => [unread, stop],
    }
    .into_iter()
    .flatten()
    .collect()
}

/// A reason is written as its [`code`](Incomplete::code).
impl Serialize for Incomplete {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

/// The summary, as the JSON summary writes it and the page and the
/// terminal show it.
#[derive(Debug, Serialize)]
pub struct Document {
    /// Why the summary counts only some of the inputs, each reason that
    /// holds, the interrupt first (the counts are those of the inputs read
    /// before); empty when every source was read whole. Written as
    /// `complete`, whether it is empty ([`Document::complete`]), which is
    /// told from it where it is read, never kept beside it, and as
    /// `incomplete`, each reason's [`Incomplete::code`].
    #[serde(flatten, serialize_with = "completeness")]
    pub incomplete: Vec<Incomplete>,
    /// The sources read, as given (`<stdin>`, file names, `arguments`),
    /// with U+FFFD for the bytes of a file name that are not UTF-8.
    pub sources: Vec<String>,
    /// When a file name is not UTF-8: for each source, its bytes, or
    /// `null` for a name that is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sources_bytes: Option<Vec<Option<Vec<u8>>>>,
    /// Whether the examples show passwords as they were written
    /// (`--show-passwords`); when not, each of their characters is `*`.
    pub passwords_shown: bool,
    /// The production of `--rule`, which every input was checked against
    /// (and which gives no warnings); `null` when each was checked against
    /// the rule its scheme selects.
    pub rule: Option<&'static str>,
    /// Inputs read: valid, invalid and too long.
    pub inputs: u64,
    /// Valid inputs.
    pub valid: u64,
    /// Invalid inputs.
    pub invalid: u64,
    /// Lines longer than `--max-line-bytes`, not checked.
    pub too_long: u64,
    /// Warnings (a finding that occurs several times in a URL is one).
    pub warnings: u64,
    /// Valid inputs with at least one warning.
    pub warned: u64,
    /// The schemes with the most inputs.
    pub schemes: Vec<SchemeRow>,
    /// The others.
    pub other_schemes: OtherSchemes,
    /// The causes with the most inputs.
    pub causes: Vec<CauseRow>,
    /// The others.
    pub other_causes: OtherCauses,
    /// The warnings, by code.
    pub warning_codes: Vec<WarningRow>,
    /// What the summary bounds.
    pub limits: Limits,
}

/// Writes the reasons a summary (or `coverage`'s report) is incomplete as
/// the members of the document they stand in: `complete`, whether there
/// are none, and `incomplete`, their codes (`[]` when there are none).
pub fn completeness<S: serde::Serializer>(
    incomplete: &[Incomplete],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = serializer.serialize_map(Some(2))?;
    map.serialize_entry("complete", &incomplete.is_empty())?;
    map.serialize_entry("incomplete", incomplete)?;
    map.end()
}

impl Document {
    /// Whether every source was read whole (no file that could not be
    /// read, no interrupt, standard output written to the end): no reason
    /// the summary is incomplete.
    pub fn complete(&self) -> bool {
        self.incomplete.is_empty()
    }

    /// The schemes' rows as the terminal and the page show them: each
    /// tracked scheme's name (escaped as [`rfc1738::visible`] shows it) and
    /// counts, then, when any input had another, a row for the others.
    pub fn scheme_rows(&self) -> Vec<(String, &Counts)> {
        let mut rows: Vec<(String, &Counts)> = self
            .schemes
            .iter()
            .map(|row| (Visible::new(&row.scheme).to_string(), &row.counts))
            .collect();
        let others = &self.other_schemes;
        if others.counts.inputs > 0 {
            let name = crate::summary::counted(others.schemes, "other", "others");
            rows.push((name, &others.counts));
        }
        rows
    }
}

/// A scheme's counts.
#[derive(Debug, Serialize)]
pub struct SchemeRow {
    /// The scheme name, lower case; `(none)` for inputs without one,
    /// `(longer than 32 characters)` for those whose name is longer (see
    /// [`SchemeName`]).
    pub scheme: String,
    /// Its counts.
    #[serde(flatten)]
    pub counts: Counts,
}

/// The schemes not shown.
#[derive(Debug, Serialize)]
pub struct OtherSchemes {
    /// How many were told apart but not shown.
    pub schemes: u64,
    /// Their counts, and those of the schemes not told apart.
    #[serde(flatten)]
    pub counts: Counts,
    /// Whether some schemes were met after [`SCHEMES_TRACKED`] others and
    /// not told apart.
    pub untracked: bool,
}

/// A cause and its inputs.
#[derive(Debug, Serialize)]
pub struct CauseRow {
    /// How many inputs failed so.
    pub count: u64,
    /// The rule they were checked against.
    pub rule: &'static str,
    /// The production where they failed.
    pub production: &'static str,
    /// What was expected there.
    pub expected: Vec<String>,
    /// The codes of the hints.
    pub hints: Vec<&'static str>,
    /// The first few.
    pub examples: Vec<Example>,
}

impl CauseRow {
    /// The production where the inputs failed when it is not the rule
    /// itself (`fileurl` failing right after its `file://`).
    pub fn inner(&self) -> Option<&'static str> {
        (self.production != self.rule).then_some(self.production)
    }

    /// Where the inputs failed: `httpurl › port`, or the rule alone.
    pub fn heading(&self) -> String {
        match self.inner() {
            Some(inner) => format!("{} › {inner}", self.rule),
            None => self.rule.to_owned(),
        }
    }
}

/// The causes not shown.
#[derive(Debug, Serialize)]
pub struct OtherCauses {
    /// How many were told apart but not shown.
    pub causes: u64,
    /// Their inputs, and those of the causes not told apart.
    pub inputs: u64,
    /// The inputs of causes met after [`CAUSES_TRACKED`] others, not told
    /// apart.
    pub untracked_inputs: u64,
}

/// A warning code and its inputs.
#[derive(Debug, Serialize)]
pub struct WarningRow {
    /// The code.
    pub code: &'static str,
    /// Valid inputs with this warning, each counted once however many
    /// warnings of the code it has.
    pub inputs: u64,
    /// How often the finding occurs in them.
    pub occurrences: u64,
    /// The first few.
    pub examples: Vec<Example>,
}

/// The bounds of the summary.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Limits {
    /// [`CAUSES_TRACKED`].
    pub causes_tracked: usize,
    /// [`CAUSES_SHOWN`].
    pub causes_shown: usize,
    /// [`SCHEMES_TRACKED`].
    pub schemes_tracked: usize,
    /// [`SCHEMES_SHOWN`].
    pub schemes_shown: usize,
    /// [`EXAMPLES`].
    pub examples: usize,
    /// [`INPUT_SHOWN`].
    pub input_characters: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            causes_tracked: CAUSES_TRACKED,
            causes_shown: CAUSES_SHOWN,
            schemes_tracked: SCHEMES_TRACKED,
            schemes_shown: SCHEMES_SHOWN,
            examples: EXAMPLES,
            input_characters: INPUT_SHOWN,
        }
    }
}

#[cfg(test)]
mod tests {
    use rfc1738::visible::Visible;
    use serde_json::json;

    use super::*;

    /// A warning as the tests render it: its code, where, and the URL, its
    /// passwords hidden when `hide` says.
    fn render(warning: &Warning, hide: bool, name: &str, line: usize) -> String {
        let url = warning.url();
        let password = show::password_of(url).filter(|_| hide);
        let written: Vec<Range<usize>> = show::passwords(url, password.as_ref())
            .into_iter()
            .filter(|_| hide)
            .collect();
        let url = Visible::new(url)
            .hiding(password.unwrap_or(0..0))
            .hiding_all(&written);
        format!("{name}:{line}: {} {url}", warning.code())
    }

    /// Passwords hidden, inputs checked against their scheme's rule.
    fn shown() -> Shown {
        Shown::new(true, None, render)
    }

    /// Checks `inputs` as `check` does, each unit of `per_unit` lines
    /// gathered apart and merged in order into a summary within `limits`;
    /// its document.
    fn summarize(inputs: &[&str], per_unit: usize, shown: Shown, limits: Limits) -> Document {
        let mut summary = Summary::within(shown.clone(), limits);
        let mut tally = Tally::default();
        let file = Arc::new(FileName {
            name: "urls.txt".to_owned(),
            bytes: None,
        });
        for (unit, chunk) in inputs.chunks(per_unit).enumerate() {
            let mut gathered = Gathered::default();
            for (i, input) in chunk.iter().enumerate() {
                let line = (unit * per_unit + i + 1) as u64;
                let (result, warnings) = match rfc1738::parse(input) {
                    Ok(url) => (Ok(url.rule()), rfc1738::lint::lint(&url)),
                    Err(error) => (Err(error), Vec::new()),
                };
                match &result {
                    Ok(_) => tally.valid += 1,
                    Err(_) => tally.invalid += 1,
                }
                tally.warnings += warnings.len() as u64;
                let place = (Some(&file), line);
                gathered.add(&shown, place, Line::Text(input), result, &warnings);
            }
            summary.merge(gathered);
        }
        summary.document(&tally, vec![FileName::clone(&file)], Vec::new())
    }

    #[test]
    fn scheme_names_are_the_letters_before_the_colon_lower_case() {
        let name = |input: &str| SchemeName::of(input.as_bytes()).as_str().to_owned();
        assert_eq!(name("HTTP://host/"), "http");
        assert_eq!(name("z39.50r:x"), "z39.50r");
        assert_eq!(name("a+b-c.d:"), "a+b-c.d");
        for none in ["", ":x", "no colon", "a b:c", "h\u{e9}:x", "http"] {
            assert_eq!(name(none), NO_SCHEME, "{none:?}");
        }
        let longest = "a".repeat(SCHEME_LONGEST);
        assert_eq!(name(&format!("{longest}:")), longest);
        // Longer names are counted together, not as no name; a longer run
        // of a name's characters without its `:`, or broken by another
        // character, is no name.
        assert_eq!(name(&format!("{longest}a:x")), LONG_SCHEME);
        assert_eq!(name(&format!("{longest}{longest}B+.-:")), LONG_SCHEME);
        for none in [format!("{longest}a"), format!("{longest}a_b:x")] {
            assert_eq!(name(&none), NO_SCHEME, "{none:?}");
        }
        let long = format!("(longer than {SCHEME_LONGEST} characters)");
        assert_eq!(LONG_SCHEME, long);
    }

    #[test]
    fn the_rule_names_the_scheme_as_the_input_does() {
        let inputs = [
            "http://h/",
            "HTTP://h/a b",
            "Ftp://h/",
            "https://h/",
            "mailto:a b",
            "news:x",
            "nntp:x",
            "prospero://h/x",
            "file://h/",
            "ftp:x",
            "gopher://h/",
            "wais://h/d",
            "telnet://h",
            "x:y",
            "no scheme",
            "HtTp:/",
        ];
        let by_rule = summarize(&inputs, 3, shown(), Limits::default());
        let by_name = Shown::new(true, Some(Rule::Url), render);
        let read = summarize(&inputs, 3, by_name, Limits::default());
        assert_eq!((by_rule.rule, read.rule), (None, Some("url")));
        let without_rule = |document: &Document| {
            let mut value = serde_json::to_value(document).unwrap();
            value.as_object_mut().unwrap().remove("rule");
            value
        };
        assert_eq!(without_rule(&by_rule), without_rule(&read));
        assert_eq!(by_rule.schemes.len(), 13);
        assert_eq!(by_rule.schemes[0].scheme, "http");
        assert_eq!(by_rule.schemes[0].counts.inputs, 3);
    }

    #[test]
    fn the_scheme_rules_are_found_in_named_and_no_other() {
        for rule in Rule::ALL {
            let searched = NAMED.iter().position(|(named, _)| *named == rule);
            assert_eq!(named(rule), searched, "{rule}");
        }
    }

    #[test]
    fn a_unit_of_many_schemes_counts_each() {
        let mut schemes = UnitSchemes::default();
        for round in 0..3 {
            for i in 0..40 {
                let input = format!("s{i}:x");
                schemes.counts(SchemeName::of(input.as_bytes())).inputs += 1;
                assert_eq!(schemes.met.len(), if round == 0 { i + 1 } else { 40 });
            }
        }
        let names: Vec<&str> = schemes.met.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(names[..3], ["s0", "s1", "s2"], "in the order met");
        assert!(schemes.met.iter().all(|(_, counts)| counts.inputs == 3));
    }

    /// Inputs that fail at a cause of their own each (a place of a scheme,
    /// and what stands there), `h{i}` in each host.
    fn causes(count: usize) -> Vec<String> {
        let places = [
            "http://h{}.dom/a?",
            "http://h{}.dom/a",
            "ftp://h{}.dom/a",
            "gopher://h{}.dom/1a",
            "news:a{}",
            "mailto:a{}",
            "wais://h{}.dom/d",
            "file://h{}.dom/a",
        ];
        let kinds = ["b c", "b#c", "b\tc", "b\u{e9}c", "b%zc"];
        (0..count)
            .map(|i| {
                let place = places[i % places.len()].replace("{}", &i.to_string());
                format!("{place}{}", kinds[(i / places.len()) % kinds.len()])
            })
            .collect()
    }

    #[test]
    fn the_generated_causes_are_told_apart() {
        let inputs = causes(40);
        let mut told: Vec<Cause> = Vec::new();
        for input in &inputs {
            let error = rfc1738::parse(input).expect_err(input);
            let cause = Told::of(&error).to_cause();
            assert!(!told.contains(&cause), "{input}: {cause:?}");
            told.push(cause);
        }
    }

    #[test]
    fn counts_are_exact_and_examples_the_first_met_whatever_the_units() {
        let mut inputs: Vec<String> = causes(30);
        inputs.extend((0..50).map(|i| format!("ftp://h{i}.dom/")));
        inputs.extend((0..5).map(|i| format!("http://h:{i}a/")));
        let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
        let limits = Limits::default();
        let whole = summarize(&inputs, inputs.len(), shown(), limits);
        for per_unit in [1, 7, 40] {
            let cut = summarize(&inputs, per_unit, shown(), limits);
            assert_eq!(
                serde_json::to_value(&cut).unwrap(),
                serde_json::to_value(&whole).unwrap(),
                "units of {per_unit}"
            );
        }
        assert_eq!((whole.valid, whole.invalid), (50, 35));
        let counted: u64 = whole.causes.iter().map(|cause| cause.count).sum();
        assert_eq!(counted + whole.other_causes.inputs, 35);
        assert_eq!(whole.other_causes.causes, 0);
        // The five bad ports are one cause, the first shown (most inputs).
        let port = &whole.causes[0];
        assert_eq!((port.count, port.production), (5, "digits"));
        let lines: Vec<Option<u64>> = port.examples.iter().map(|e| e.line).collect();
        assert_eq!(lines, [Some(81), Some(82), Some(83)]);
        assert!(port.examples[0].diagnostic.contains("--> urls.txt:81:"));
        let schemes: Vec<(&str, u64)> = (whole.schemes.iter())
            .map(|row| (row.scheme.as_str(), row.counts.inputs))
            .collect();
        // 50 valid, and causes(30) has four: i = 2, 10, 18 and 26.
        assert_eq!(schemes[0], ("ftp", 54));
    }

    #[test]
    fn a_unit_keeps_no_examples_a_unit_before_it_holds_whatever_the_order_they_run() {
        let shown = shown();
        let file = Arc::new(FileName {
            name: "urls.txt".to_owned(),
            bytes: None,
        });
        // Three units of three inputs of one cause, lines 1 to 9, gathered
        // out of order as threads may: the second, then the first and the
        // third.
        let gather = |first: u64| {
            let mut gathered = Gathered::default();
            for line in first..first + 3 {
                let input = format!("http://h:{line}a/");
                let error = rfc1738::parse(&input).unwrap_err();
                let place = (Some(&file), line);
                gathered.add(&shown, place, Line::Text(&input), Err(error), &[]);
            }
            gathered
        };
        let second = gather(4);
        let first = gather(1);
        let third = gather(7);
        let kept = |gathered: &Gathered| gathered.causes[0].1.examples.len();
        // The first ran after the second had all its examples: it keeps
        // its own, which come first; the third keeps none.
        assert_eq!((kept(&first), kept(&second), kept(&third)), (3, 3, 0));
        let mut summary = Summary::new(shown.clone());
        for gathered in [first, second, third] {
            summary.merge(gathered);
        }
        let tally = Tally {
            invalid: 9,
            ..Tally::default()
        };
        let document = summary.document(&tally, vec![FileName::clone(&file)], Vec::new());
        let port = &document.causes[0];
        let lines: Vec<Option<u64>> = port.examples.iter().map(|e| e.line).collect();
        assert_eq!((port.count, lines), (9, vec![Some(1), Some(2), Some(3)]));
        // Once the summary has them, a unit of a later source keeps none,
        // whatever its lines.
        assert_eq!(kept(&gather(1)), 0);
    }

    #[test]
    fn the_units_tell_a_bounded_number_of_causes_full_and_the_summary_its_own() {
        let shown = shown();
        let cause = |i: usize| Cause {
            rule: Rule::ALL[i % Rule::COUNT],
            production: Rule::ALL[i / Rule::COUNT % Rule::COUNT],
            expected: Box::default(),
            hints: Box::default(),
        };
        for i in 0..2 * CAUSES_TRACKED {
            shown.fill(&cause(i), 5);
        }
        let told = |shown: &Shown| shown.full.read().unwrap().len();
        assert_eq!(told(&shown), CAUSES_TRACKED);
        assert!(shown.is_full(&cause(0), 6) && !shown.is_full(&cause(0), 5));
        assert!(!shown.is_full(&cause(CAUSES_TRACKED), 6));
        // What the summary holds is told whatever the units told.
        shown.fill(&cause(CAUSES_TRACKED), 0);
        assert_eq!(told(&shown), CAUSES_TRACKED + 1);
        assert!(shown.is_full(&cause(CAUSES_TRACKED), 1));
        shown.fill(&cause(0), 0);
        assert!(shown.is_full(&cause(0), 1));
    }

    #[test]
    fn past_the_limits_causes_and_schemes_are_counted_together() {
        let mut inputs = causes(12);
        inputs.extend((0..6).map(|i| format!("x{i}:y")));
        let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
        let limits = Limits {
            causes_tracked: 5,
            causes_shown: 3,
            schemes_tracked: 4,
            schemes_shown: 2,
            examples: 2,
            ..Limits::default()
        };
        let document = summarize(&inputs, 4, shown(), limits);
        // Twelve causes of an input each: three shown, two more told apart,
        // seven not.
        assert_eq!(document.causes.len(), 3);
        let others = &document.other_causes;
        assert_eq!(
            (others.causes, others.inputs, others.untracked_inputs),
            (2, 9, 7)
        );
        // The first met first among equals.
        assert!(
            document.causes[0].examples[0]
                .input
                .starts_with("http://h0.dom/")
        );
        assert!(
            document
                .causes
                .iter()
                .all(|cause| cause.examples.len() == 1)
        );
        // Fourteen schemes: four told apart (http, ftp, gopher, news: the
        // first met), two shown (ftp before gopher, met first).
        let shown: Vec<&str> = document.schemes.iter().map(|r| r.scheme.as_str()).collect();
        assert_eq!(shown, ["http", "ftp"]);
        let others = &document.other_schemes;
        assert_eq!(
            (others.schemes, others.counts.inputs, others.untracked),
            (2, 12, true)
        );
        let total: u64 = document.schemes.iter().map(|r| r.counts.inputs).sum();
        assert_eq!(total + others.counts.inputs, 18);
    }

    /// An interrupt and a source not read whole are both said, the
    /// interrupt first, in the same words on the terminal and the page;
    /// the reasons alone make the summary incomplete, in JSON and on the
    /// page (a flag kept beside them was set apart, and could say
    /// otherwise).
    #[test]
    fn each_reason_a_summary_is_incomplete_is_said() {
        let mut document = summarize(&["http://h/"], 1, shown(), Limits::default());
        assert!(document.complete());
        let json = serde_json::to_value(&document).unwrap();
        assert_eq!(
            (&json["complete"], &json["incomplete"]),
            (&json!(true), &json!([]))
        );
        assert!(page(&document).contains(" data-complete=\"true\" "));
        document.incomplete = vec![Incomplete::Interrupted, Incomplete::Unread];
        assert!(!document.complete());
        let json = serde_json::to_string(&document).unwrap();
        // Why, as the page's data-incomplete says it: the JSON summary
        // said only `"complete": false`.
        let start = r#"{"complete":false,"incomplete":["interrupted","unread"],"sources":"#;
        assert!(json.starts_with(start), "{json}");
        assert_eq!(json.matches(r#""complete""#).count(), 1, "{json}");
        let said = "interrupted (SIGINT), and a source could not be read to its end";
        let text = text(&document);
        assert_eq!(
            text.lines().nth(1),
            Some(format!("incomplete: {said}; the counts are those of the inputs read").as_str()),
            "{text}"
        );
        let page = page(&document);
        assert!(
            page.contains(&format!(
                "<p class=\"banner\">Incomplete: {said}. The counts are those of the inputs \
                 read.</p>"
            )),
            "{page}"
        );
        assert!(
            page.contains(" data-complete=\"false\" data-incomplete=\"interrupted unread\""),
            "{page}"
        );
    }

    #[test]
    fn examples_hide_passwords_and_show_nothing_raw() {
        let long = format!("ftp://me:hunter2@h/{}", "a".repeat(500));
        // A password written further in the line, whose `@` is beyond
        // what the example shows of it.
        let further = format!("http://h/a b //me:hunter2{}@h/", "x".repeat(500));
        let inputs = [
            "ftp://me:hunter2@host.dom/",
            "ftp://me:hun ter2@host.dom/",
            "http://h/a\u{1b}[31mb",
            long.as_str(),
            // Passwords written further in an invalid input and in a valid
            // one (warned about its scheme name's case).
            "http://h/a\tb ftp://me:hunter2@h/",
            further.as_str(),
            "X:a//me:hunter2@h/",
        ];
        let document = summarize(&inputs, 2, shown(), Limits::default());
        let json = serde_json::to_string(&document).unwrap();
        assert!(
            !json.contains("hunter2") && !json.contains("hun ter2"),
            "{json}"
        );
        assert!(json.contains("ftp://me:*******@host.dom/"), "{json}");
        assert!(json.contains("ftp://me:********@host.dom/"), "{json}");
        assert!(
            json.contains(r"http://h/a\\tb ftp://me:*******@h/"),
            "{json}"
        );
        assert!(json.contains("X:a//me:*******@h/"), "{json}");
        let stars = "*".repeat(INPUT_SHOWN - "http://h/a b //me:".len());
        assert!(
            json.contains(&format!("http://h/a b //me:{stars}…")),
            "{json}"
        );
        assert!(!json.contains('\u{1b}'), "{json}");
        assert!(json.contains(r"\\u{1b}"), "{json}");
        let password = &document.warning_codes[0];
        assert_eq!((password.code, password.inputs), ("password", 2));
        let cut = &password.examples[1].input;
        assert_eq!(cut.chars().count(), INPUT_SHOWN + 1);
        assert!(cut.ends_with('…'));
        // Told to show them, it shows them.
        let shown = Shown::new(false, None, render);
        let json = serde_json::to_string(&summarize(&inputs, 2, shown, Limits::default())).unwrap();
        assert!(
            json.contains("hunter2") && json.contains("hun ter2"),
            "{json}"
        );
    }
}
