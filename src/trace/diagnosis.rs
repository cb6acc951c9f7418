//! `Diagnosis`: what was expected at the error's offset, and where.

use core::cell::{Cell, RefCell};

use super::observe::Observe;
use crate::Rule;
use crate::expected::Expected;

/// How deep the productions of one pass nest, at most. The grammar has no
/// recursion, so this bounds every pass whatever the input; a test holds
/// the grammar's longest chain of references to it.
pub(crate) const DEPTH: usize = 16;

/// Records, for a known position (the error's offset, which the pass that
/// rejected the input found), everything that could have continued there
/// and the productions that were open when a leaf first reported there.
///
/// It runs on first access to an error's details, over the same grammar as
/// the pass that found the offset: scans that read short of the position
/// are taken as they are, and a production whose scan read up to it runs in
/// its BNF shape, so that the path names its inner productions.
///
/// Everything it records is kept in place, in fixed arrays: a diagnosis
/// allocates only when more than [`KEPT`] different items are expected at
/// one position, which no input of the grammar's corpora comes near.
#[derive(Debug)]
pub(crate) struct Diagnosis {
    base: usize,
    target: usize,
    /// How many productions are open; the first `DEPTH` of them, and where
    /// each started.
    depth: Cell<usize>,
    stack: Cell<[Rule; DEPTH]>,
    starts: [Cell<usize>; DEPTH],
    /// Whether a leaf reported at the target yet.
    reached: Cell<bool>,
    /// The open productions when the target was first reported, and how
    /// many; where the innermost open login or hostport started then.
    path: Cell<Path>,
    authority: Cell<Option<usize>>,
    /// What the pass read of a login: see [`Credentials`].
    opened: Cell<Option<(Rule, usize)>>,
    user: Cell<bool>,
    password: Cell<Option<usize>>,
    /// Everything expected at the target, each once, in the order tried:
    /// the first [`KEPT`] in place, any more in `more`.
    kept: Cell<[Expected; KEPT]>,
    len: Cell<usize>,
    more: RefCell<Vec<Expected>>,
    /// Which productions and one-character literals are among them, and
    /// whether the end of the input is: most items are found there, not by
    /// comparing with each kept one.
    seen_rules: Cell<u128>,
    seen_chars: [Cell<u64>; 4],
    seen_end: Cell<bool>,
}

// A production's bit in `seen_rules`.
const _: () = assert!(Rule::COUNT <= 128);

/// How many expected items a diagnosis keeps in place.
const KEPT: usize = 16;

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
        // `len` is at most `DEPTH`: `Diagnosis::reach` caps it.
        &self.rules[..self.len]
    }
}

/// What a diagnosis found.
pub(crate) struct Recorded {
    /// Everything expected at the position, each once, in the order tried.
    pub expected: Box<[Expected]>,
    /// The productions open when a leaf first reported there.
    pub path: Path,
    /// Where the innermost login or hostport open then started: the start of
    /// the authority, as the parser read it.
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

impl Diagnosis {
    /// For a pass over `input`, recording at `offset`.
    pub(crate) fn new(input: &str, offset: usize) -> Diagnosis {
        let base = input.as_ptr() as usize;
        Diagnosis {
            base,
            target: base + offset,
            depth: Cell::new(0),
            stack: Cell::new([Rule::Url; DEPTH]),
            starts: Default::default(),
            reached: Cell::new(false),
            path: Cell::new(Path {
                rules: [Rule::Url; DEPTH],
                len: 0,
            }),
            authority: Cell::new(None),
            opened: Cell::new(None),
            user: Cell::new(false),
            password: Cell::new(None),
            kept: Cell::new([Expected::EndOfInput; KEPT]),
            len: Cell::new(0),
            more: RefCell::new(Vec::new()),
            seen_rules: Cell::new(0),
            seen_chars: Default::default(),
            seen_end: Cell::new(false),
        }
    }

    /// What the pass recorded.
    pub(crate) fn finish(self) -> Recorded {
        let len = self.len.get();
        let kept: &Cell<[Expected]> = &self.kept;
        let kept = kept.as_slice_of_cells();
        let expected = match kept.get(..len) {
            Some(kept) => kept.iter().map(Cell::get).collect(),
            None => kept
                .iter()
                .map(Cell::get)
                .chain(self.more.into_inner())
                .collect(),
        };
        Recorded {
            expected,
            path: self.path.get(),
            authority: self.authority.get().map(|start| start - self.base),
            credentials: Credentials {
                opened: self.opened.get().map(|(rule, at)| (rule, at - self.base)),
                user: self.user.get(),
                password: self.password.get().map(|start| start - self.base),
            },
        }
    }

    /// Notes whether a user or a password is open at the target, for a leaf
    /// reporting there.
    #[cold]
    fn note_credentials(&self) {
        let len = self.depth.get().min(DEPTH);
        let rules = self.stack.get();
        for (i, rule) in rules[..len].iter().enumerate().rev() {
            match rule {
                Rule::User => self.user.set(true),
                Rule::Password => self.password.set(Some(self.starts[i].get())),
                _ => continue,
            }
            return;
        }
    }

    /// Records what a leaf first reporting at the target knows: the open
    /// productions, and where the authority they are in starts.
    #[cold]
    fn first_reach(&self) {
        let len = self.depth.get().min(DEPTH);
        let rules = self.stack.get();
        self.path.set(Path { rules, len });
        let authority = (0..len)
            .rev()
            .find(|&i| matches!(rules[i], Rule::Hostport | Rule::Login))
            .map(|i| self.starts[i].get());
        self.authority.set(authority);
    }

    /// Adds `item` to what was expected, unless it is there already.
    #[inline(always)]
    fn expect(&self, item: Expected) {
        if self.seen(item) {
            return;
        }
        let len = self.len.get();
        let kept: &Cell<[Expected]> = &self.kept;
        match kept.as_slice_of_cells().get(len) {
            Some(place) => place.set(item),
            None => self.more.borrow_mut().push(item),
        }
        self.len.set(len + 1);
    }

    /// Whether `item` was expected already; marks it as seen.
    #[inline]
    fn seen(&self, item: Expected) -> bool {
        match item {
            Expected::Rule(rule) => {
                let bit = 1u128 << rule as usize;
                let seen = self.seen_rules.get();
                self.seen_rules.set(seen | bit);
                seen & bit != 0
            }
            Expected::Literal(literal) if literal.len() == 1 => {
                let byte = literal.as_bytes()[0];
                let word = &self.seen_chars[usize::from(byte / 64)];
                let bit = 1u64 << (byte % 64);
                let seen = word.get();
                word.set(seen | bit);
                seen & bit != 0
            }
            Expected::EndOfInput => self.seen_end.replace(true),
            // The longer literals (`"//"`, `";type="`) are few.
            Expected::Literal(_) => {
                let kept: &Cell<[Expected]> = &self.kept;
                let len = self.len.get();
                kept.as_slice_of_cells()[..len.min(KEPT)]
                    .iter()
                    .any(|seen| seen.get().same(&item))
                    || (len > KEPT && self.more.borrow().iter().any(|seen| seen.same(&item)))
            }
        }
    }
}

impl Observe for &Diagnosis {
    #[inline]
    fn reach(self, at: usize, expected: &[Expected]) {
        if at != self.target {
            return;
        }
        if !self.reached.replace(true) {
            self.first_reach();
        }
        self.note_credentials();
        for item in expected {
            self.expect(*item);
        }
    }

    #[inline]
    fn scanned(self, farthest: usize) -> bool {
        farthest >= self.target
    }

    #[inline]
    fn enter(self, rule: Rule, at: usize) {
        let depth = self.depth.get();
        debug_assert!(depth < DEPTH, "the grammar nests deeper than DEPTH");
        let stack: &Cell<[Rule]> = &self.stack;
        if let (Some(place), Some(start)) =
            (stack.as_slice_of_cells().get(depth), self.starts.get(depth))
        {
            place.set(rule);
            start.set(at);
        }
        self.depth.set(depth + 1);
        let authority = matches!(
            rule,
            Rule::Login | Rule::Hostport | Rule::Host | Rule::Schemepart
        );
        if authority && self.opened.get().is_none() {
            self.opened.set(Some((rule, at)));
        }
    }

    #[inline]
    fn leave(self, rule: Rule, _: usize, _: Option<usize>) {
        let depth = self.depth.get();
        debug_assert!(
            depth > 0 && (depth > DEPTH || self.stack.get()[depth - 1] == rule),
            "enter and leave must pair up"
        );
        self.depth.set(depth.saturating_sub(1));
    }
}

#[cfg(test)]
mod tests {
    use super::{DEPTH, Diagnosis, KEPT};
    use crate::bnf::Grammar;
    use crate::expected::Expected;
    use crate::trace::observe::Observe;
    use crate::{Rule, charset};

    /// What a diagnosis at offset 1 of a short input records from `reports`,
    /// each made at the offset, and one made elsewhere.
    fn recorded(reports: &[&[Expected]]) -> Vec<Expected> {
        let input = "ab";
        let diagnosis = Diagnosis::new(input, 1);
        let o = &diagnosis;
        let at = input.as_ptr() as usize;
        o.reach(at, &[Expected::Rule(Rule::Digit)]);
        for report in reports {
            o.reach(at + 1, report);
        }
        diagnosis.finish().expected.into_vec()
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
