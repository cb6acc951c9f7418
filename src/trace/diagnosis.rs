//! `Diagnosis`: what was expected at the error's offset, and where.

use core::cell::{Cell, RefCell};

use super::observe::Observe;
use crate::Rule;
use crate::expected::Expected;
use crate::scan::Report;

/// How deep the productions of one pass nest, at most. The grammar has no
/// recursion, so this bounds every pass whatever the input; a test holds
/// the grammar's longest chain of references to it.
pub(crate) const DEPTH: usize = 16;

/// Records, for a known position (the error's offset, which the pass that
/// rejected the input found), everything that could have continued there
/// and the productions that were open when a leaf first reported there.
///
/// It runs on first access to an error's details, over the same grammar as
/// the pass that found the offset, taking every scan's answer as that pass
/// did: a scan that read up to the position tells what its production's
/// leaves report there, and in which of its inner productions.
///
/// Everything it records is kept in place, in fixed arrays: a diagnosis
/// allocates only when more than [`KEPT`] different items are expected at
/// one position, which no input of the grammar's corpora comes near. What
/// it does for a report away from the position is one comparison.
#[derive(Debug)]
pub(crate) struct Diagnosis<'r> {
    base: usize,
    target: usize,
    /// How many productions are open; the first `DEPTH` of them, and where
    /// each started.
    depth: Cell<usize>,
    stack: Cell<[Rule; DEPTH]>,
    starts: [Cell<usize>; DEPTH],
    /// The first `login`, `hostport`, `host` or `schemepart` entered, and
    /// where (see [`Credentials`]).
    opened: Cell<Option<(Rule, usize)>>,
    /// What was recorded at the target: a leaf's report there is rare
    /// enough for a borrow's check.
    record: RefCell<Record<'r>>,
}

/// What a diagnosis records at its target.
#[derive(Debug)]
struct Record<'r> {
    /// Whether a leaf reported there yet.
    reached: bool,
    /// Which items are among those expected, by [`code`]: most items are
    /// found there, not by comparing with each kept one.
    seen: [u64; 4],
    /// Where: in place, in the error's details.
    recorded: &'r mut Recorded,
}

/// How many expected items a diagnosis keeps in place.
pub(crate) const KEPT: usize = 16;

/// An item's bit among those a diagnosis has seen: productions first, then
/// the end of the input, then the one-character ASCII literals; `None` for
/// the longer literals (`"//"`, `";type="`), which are few.
#[inline(always)]
fn code(item: &Expected) -> Option<usize> {
    match item {
        Expected::Rule(rule) => Some(*rule as usize),
        Expected::EndOfInput => Some(Rule::COUNT),
        Expected::Literal(literal) => match literal.as_bytes() {
            [byte] if byte.is_ascii() => Some(128 + usize::from(*byte)),
            _ => None,
        },
    }
}

// The productions and the end of the input fit below the literals.
const _: () = assert!(Rule::COUNT < 128);

/// The productions open at a position, outermost first: the first `len` of
/// `rules`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Path {
    rules: [Rule; DEPTH],
    len: usize,
}

impl Path {
    /// The productions, outermost first.
    pub(crate) fn rules(&self) -> &[Rule] {
        // `len` is at most `DEPTH`: `Diagnosis::first_reach` caps it.
        &self.rules[..self.len]
    }
}

/// Everything expected at a position, each once, in the order first
/// reported: in place up to [`KEPT`] items, all of them on the heap beyond.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Items {
    kept: [Expected; KEPT],
    len: usize,
    more: Vec<Expected>,
}

impl Items {
    /// The items, in order.
    pub(crate) fn as_slice(&self) -> &[Expected] {
        match self.kept.get(..self.len) {
            Some(kept) => kept,
            None => &self.more,
        }
    }
}

/// What a diagnosis found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Recorded {
    /// Everything expected at the position, each once, in the order tried.
    pub expected: Items,
    /// The productions open when a leaf first reported there.
    pub path: Path,
    /// Where the outermost login, hostport or host open then started: the
    /// start of the authority, as the parser read it.
    pub authority: Option<usize>,
    /// What the pass read of a user and password.
    pub credentials: Credentials,
}

/// What a pass read of a login, for guessing where the password of a
/// rejected input is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Credentials {
    /// The first `login`, `hostport`, `host` or `schemepart` the pass
    /// entered, and where: the first three start an authority, a
    /// `schemepart` that starts with `//` holds one.
    pub opened: Option<(Rule, usize)>,
    /// Whether a `user` was being read at the offset, in any of the readings
    /// that reached it.
    pub user: bool,
    /// Where the `password` being read at the offset started, in a reading
    /// that reached it, if one was.
    pub password: Option<usize>,
}

impl Recorded {
    /// Nothing recorded yet.
    pub(crate) fn new() -> Recorded {
        Recorded {
            expected: Items {
                kept: [Expected::EndOfInput; KEPT],
                len: 0,
                more: Vec::new(),
            },
            path: Path {
                rules: [Rule::Url; DEPTH],
                len: 0,
            },
            authority: None,
            credentials: Credentials::default(),
        }
    }
}

impl<'r> Diagnosis<'r> {
    /// For a pass over `input`, recording at `offset` into `into`, which
    /// holds nothing yet ([`Recorded::new`]).
    pub(crate) fn new(input: &str, offset: usize, into: &'r mut Recorded) -> Diagnosis<'r> {
        let base = input.as_ptr() as usize;
        Diagnosis {
            base,
            target: base + offset,
            depth: Cell::new(0),
            stack: Cell::new([Rule::Url; DEPTH]),
            starts: Default::default(),
            opened: Cell::new(None),
            record: RefCell::new(Record {
                reached: false,
                seen: [0; 4],
                recorded: into,
            }),
        }
    }

    /// Completes the record of a pass of `rule`. When the pass `matched`,
    /// its offset is the end of the input (a byte that is not text follows
    /// it, [`crate::check_bytes`]): the input could have ended there. Where
    /// no production was open at the offset, the rule had matched up to it
    /// and only the end of the input could come (`telnet://h/x`): the path
    /// is the rule alone.
    pub(crate) fn finish(self, rule: Rule, matched: bool) {
        let opened = self.opened.get().map(|(rule, at)| (rule, at - self.base));
        let mut record = self.record.into_inner();
        if matched && !record.seen(&Expected::EndOfInput) {
            record.recorded.expected.push(Expected::EndOfInput);
        }
        if record.recorded.path.len == 0 {
            record.recorded.path.rules[0] = rule;
            record.recorded.path.len = 1;
        }
        record.recorded.credentials.opened = opened;
    }

    /// The open productions, outermost first, one cell each.
    #[inline(always)]
    fn open(&self) -> &[Cell<Rule>] {
        let stack: &Cell<[Rule]> = &self.stack;
        stack.as_slice_of_cells()
    }

    /// Records what a leaf reporting `expected` at the target tells: a
    /// leaf of the innermost open production, or of `inner`, a production
    /// inside it that a scan read.
    #[inline(never)]
    fn record(&self, inner: Option<Rule>, expected: &[Expected]) {
        let mut record = self.record.borrow_mut();
        let record = &mut *record;
        let depth = self.depth.get().min(DEPTH);
        if !record.reached {
            record.reached = true;
            self.first_reach(record.recorded, depth, inner);
        }
        // A user or a password holds no production (`enter` checks it) and
        // no scan reads one: when one is open at a report, it is the
        // innermost, and the report is its own leaf's.
        if let (None, Some(i)) = (inner, depth.checked_sub(1)) {
            let credentials = &mut record.recorded.credentials;
            match self.open()[i].get() {
                Rule::User => credentials.user = true,
                Rule::Password => credentials.password = Some(self.starts[i].get() - self.base),
                _ => {}
            }
        }
        for item in expected {
            let new = !record.seen(item);
            record.recorded.expected.push_if(*item, new);
        }
    }

    /// Records what a scan tells its production's leaves report at the
    /// target.
    #[cold]
    fn record_reports(&self, reports: &[Report]) {
        for report in reports {
            self.record(report.inner, report.expected);
        }
    }

    /// Records what a leaf first reporting at the target knows: the `depth`
    /// open productions and `inner` inside them, and where the authority
    /// they are in starts.
    #[cold]
    fn first_reach(&self, recorded: &mut Recorded, depth: usize, inner: Option<Rule>) {
        let mut rules = self.stack.get();
        let mut len = depth;
        if let (Some(rule), Some(place)) = (inner, rules.get_mut(depth)) {
            *place = rule;
            len += 1;
        }
        recorded.path = Path { rules, len };
        // The outermost: a login holds a hostport, which holds a host, and
        // a `fileurl` has a host alone.
        recorded.authority = (0..depth)
            .find(|&i| matches!(rules[i], Rule::Login | Rule::Hostport | Rule::Host))
            .map(|i| self.starts[i].get() - self.base);
    }
}

impl Record<'_> {
    /// Whether `item` was expected already; marks it as seen.
    #[inline(always)]
    fn seen(&mut self, item: &Expected) -> bool {
        match code(item) {
            Some(code) => {
                let word = &mut self.seen[code / 64];
                let bit = 1u64 << (code % 64);
                let seen = *word & bit != 0;
                *word |= bit;
                seen
            }
            None => self
                .recorded
                .expected
                .as_slice()
                .iter()
                .any(|seen| seen.same(item)),
        }
    }
}

impl Items {
    /// Adds `item` at the end.
    #[inline]
    fn push(&mut self, item: Expected) {
        self.push_if(item, true);
    }

    /// Adds `item` at the end if `add`: while the items fit in place, it is
    /// written either way and counted only if added, so that whether it is
    /// costs no branch.
    #[inline(always)]
    fn push_if(&mut self, item: Expected, add: bool) {
        match self.kept.get_mut(self.len) {
            Some(place) => *place = item,
            None if add => {
                if self.more.is_empty() {
                    self.more.extend_from_slice(&self.kept);
                }
                self.more.push(item);
            }
            None => {}
        }
        self.len += usize::from(add);
    }
}

impl Observe for &Diagnosis<'_> {
    #[inline(always)]
    fn reach(self, at: usize, expected: &[Expected]) {
        if at == self.target {
            self.record(None, expected);
        }
    }

    /// The scan's answer stands: the pass that found the target took it
    /// too, and it tells what the production reports there.
    #[inline(always)]
    fn scanned(self, farthest: usize, reports: impl FnOnce() -> &'static [Report]) -> bool {
        if farthest == self.target {
            self.record_reports(reports());
        }
        false
    }

    /// At the target, every reading runs: one that would go on with more
    /// than the shortcut read reports there too.
    #[inline(always)]
    fn as_written(self, at: usize) -> bool {
        at == self.target
    }

    #[inline(always)]
    fn enter(self, rule: Rule, at: usize) {
        let depth = self.depth.get();
        debug_assert!(depth < DEPTH, "the grammar nests deeper than DEPTH");
        debug_assert!(
            depth == 0
                || depth > DEPTH
                || !matches!(self.open()[depth - 1].get(), Rule::User | Rule::Password),
            "a user or a password holds no production"
        );
        if let (Some(place), Some(start)) = (self.open().get(depth), self.starts.get(depth)) {
            place.set(rule);
            start.set(at);
        }
        self.depth.set(depth + 1);
        // Where an authority starts: a production that holds one, or, as
        // the rule checked (the others are entered only inside `login`),
        // one of its parts, whose input may hold the rest of the login
        // (`me:pw@h` checked against `hostname` or `user`).
        let authority = matches!(
            rule,
            Rule::Login
                | Rule::Hostport
                | Rule::Host
                | Rule::Schemepart
                | Rule::User
                | Rule::Hostname
                | Rule::Hostnumber
                | Rule::Domainlabel
                | Rule::Toplabel
                | Rule::Port
        );
        if authority && self.opened.get().is_none() {
            self.opened.set(Some((rule, at)));
        }
    }

    #[inline(always)]
    fn leave(self, rule: Rule, _: usize, _: Option<usize>) {
        let depth = self.depth.get();
        debug_assert!(
            depth > 0 && (depth > DEPTH || self.open()[depth - 1].get() == rule),
            "enter and leave must pair up"
        );
        self.depth.set(depth.saturating_sub(1));
    }
}

#[cfg(test)]
mod tests {
    use super::{DEPTH, Diagnosis, KEPT, Recorded};
    use crate::bnf::Grammar;
    use crate::expected::Expected;
    use crate::trace::observe::Observe;
    use crate::{Rule, charset};

    /// What a diagnosis at offset 1 of a short input records from `reports`,
    /// each made at the offset, and one made elsewhere.
    fn recorded(reports: &[&[Expected]]) -> Vec<Expected> {
        let input = "ab";
        let mut recorded = Recorded::new();
        let diagnosis = Diagnosis::new(input, 1, &mut recorded);
        let o = &diagnosis;
        let at = input.as_ptr() as usize;
        o.reach(at, &[Expected::Rule(Rule::Digit)]);
        for report in reports {
            o.reach(at + 1, report);
        }
        diagnosis.finish(Rule::Url, false);
        recorded.expected.as_slice().to_vec()
    }

    /// Every item once, in the order first reported: productions, one- and
    /// many-character literals (the same literal from different strings
    /// included) and the end of the input.
    #[test]
    fn a_diagnosis_keeps_each_item_once_in_order() {
        let slash = String::from("/").leak();
        let type_ = String::from(";type=").leak();
        let got = recorded(&[
            charset::HSEGMENT_BODY.expected(),
            &[Expected::Literal("/"), Expected::EndOfInput],
            &[Expected::Literal(";type=")],
            charset::HSEGMENT_BODY.expected(),
            &[Expected::Literal(slash), Expected::Literal(type_)],
            &[Expected::EndOfInput, Expected::Rule(Rule::Uchar)],
        ]);
        let mut want = charset::HSEGMENT_BODY.expected().to_vec();
        want.extend([
            Expected::Literal("/"),
            Expected::EndOfInput,
            Expected::Literal(";type="),
        ]);
        assert_eq!(got, want);
    }

    /// More items than a diagnosis keeps in place are all kept, in order.
    #[test]
    fn a_diagnosis_keeps_more_items_than_fit_in_place() {
        let rules: Vec<Expected> = Rule::ALL.iter().map(|&rule| Expected::Rule(rule)).collect();
        assert!(rules.len() > 2 * KEPT);
        let (first, second) = rules.split_at(KEPT + 3);
        let got = recorded(&[first, &[Expected::EndOfInput], second, first]);
        let mut want = first.to_vec();
        want.push(Expected::EndOfInput);
        want.extend_from_slice(second);
        assert_eq!(got, want);
    }

    /// The longest chain of productions, each referring to the next, that
    /// starts at `name`: how deep a pass that enters `name` can nest.
    fn chain(grammar: &Grammar, name: &str, open: &mut Vec<String>) -> usize {
        assert!(
            !open.iter().any(|o| o == name),
            "the grammar is recursive through {name}"
        );
        open.push(name.to_owned());
        let below = grammar
            .uses(name)
            .into_iter()
            .map(|used| chain(grammar, used, open))
            .max()
            .unwrap_or(0);
        open.pop();
        1 + below
    }

    #[test]
    fn the_grammar_nests_within_the_diagnosis_depth() {
        let grammar = Grammar::rfc1738();
        let deepest = grammar
            .productions()
            .iter()
            .map(|p| chain(grammar, &p.name, &mut Vec::new()))
            .max()
            .unwrap();
        assert!(
            deepest <= DEPTH,
            "{deepest} productions nest, DEPTH is {DEPTH}"
        );
        // The bound is tight enough to mean something.
        assert!(
            deepest + 8 > DEPTH,
            "{deepest} productions nest, DEPTH is {DEPTH}"
        );
    }
}
