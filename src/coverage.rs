//! Grammar coverage: which alternatives of which productions a set of inputs
//! exercises.
//!
//! Each accepted input's [`Derivation`] is walked; every node counts for one
//! alternative of its production. The alternative is the one whose language
//! contains the node's text, asked of the independent BNF [`Matcher`]; where
//! two alternatives contain it (`url`: `httpurl` and `otherurl`; `schemepart`:
//! `*xchar` and `ip-schemepart`), the one the derivation took, told by the
//! node's only child. So coverage counts the derivations `explain` shows.
//!
//! ```
//! use rfc1738::{Rule, check, coverage::Coverage};
//!
//! let mut coverage = Coverage::new();
//! coverage.add(&check("news:*").unwrap().tree());
//! assert_eq!(coverage.count(Rule::Grouppart, 0), 1); // "*"
//! assert_eq!(coverage.count(Rule::Grouppart, 1), 0); // group
//! assert!(coverage.unexercised().any(|(rule, _)| rule == Rule::Httpurl));
//! ```

use std::borrow::Cow;
use std::collections::HashMap;

use crate::bnf::{Expr, Grammar, Matcher, Production};
use crate::{Derivation, Match, Rule};

/// Counts, for every production and each of its alternatives, how many inputs
/// exercised it.
///
/// ```
/// use rfc1738::{Rule, check, coverage::Coverage};
/// let mut coverage = Coverage::new();
/// for url in ["http://host/", "http://host:80/"] {
///     coverage.add_match(&check(url)?);
/// }
/// coverage.add_rejected();
/// assert_eq!((coverage.inputs(), coverage.rejected()), (2, 1));
/// assert_eq!(coverage.uses(Rule::Port), 1);
/// # Ok::<(), rfc1738::Error>(())
/// ```
///
/// `Debug` shows the counts: the inputs accepted and rejected, the
/// alternatives of the grammar and how many of them are exercised (not
/// the grammar, nor every count):
///
/// ```
/// use rfc1738::{check, coverage::Coverage};
/// let mut coverage = Coverage::new();
/// coverage.add_match(&check("news:*")?);
/// let shown = format!("{coverage:?}");
/// assert!(shown.starts_with("Coverage { inputs: 1, rejected: 0, alternatives: "), "{shown}");
/// assert!(shown.len() < 120, "{shown}");
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone)]
pub struct Coverage {
    choices: Choices,
    tally: Tally,
}

/// The counts.
#[derive(Clone, Debug)]
struct Tally {
    /// Per production (in the order of [`Rule::ALL`]), per alternative.
    counts: Vec<Vec<usize>>,
    /// Per production, how many inputs used it, whatever the alternative.
    uses: Vec<usize>,
    /// Per production and alternative, and per production: the number
    /// (from 1) of the last input that counted it, so that an input counts
    /// each once however often it takes it.
    counted: Vec<Vec<usize>>,
    used: Vec<usize>,
    inputs: usize,
    rejected: usize,
}

/// How a node's alternative is found, and what was found before.
#[derive(Clone, Debug)]
struct Choices {
    matcher: Matcher<'static>,
    /// Per production, its alternatives.
    alternatives: Vec<&'static [Expr]>,
    /// Per production, the only alternative that is not just a production,
    /// where it has one: the alternative of every node of it whose only
    /// child does not span it as that production.
    unnamed: Vec<Option<usize>>,
    /// The alternative of leaf nodes, by production and text.
    leaves: Memo,
    /// The same, as [`defined`](Choices::defined) found it: a leaf's
    /// alternative depends on its production and text alone.
    defined_leaves: Memo,
    /// What the chain of a character-class leaf exercises, by its
    /// production and element: at `production * 128 + byte` for an ASCII
    /// character (every character a class matches), by key for an escape.
    characters: Vec<Option<Exercised>>,
    escapes: HashMap<(Rule, Element), Exercised>,
}

/// The alternatives of leaves, by production and text.
type Memo = HashMap<Rule, HashMap<Box<str>, usize>>;

/// What a chain of character classes exercises: each production and its
/// alternative.
type Exercised = Box<[(Rule, usize)]>;

/// An element a character class matched other than an ASCII character (an
/// escape), as a key: its length, then its first three bytes.
type Element = [u8; 4];

impl core::fmt::Debug for Coverage {
    /// The counts, not the grammar and its memos.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let counts = self.tally.counts.iter().flatten();
        let exercised = counts.clone().filter(|count| **count > 0).count();
        f.debug_struct("Coverage")
            .field("inputs", &self.tally.inputs)
            .field("rejected", &self.tally.rejected)
            .field("alternatives", &counts.count())
            .field("exercised", &exercised)
            .finish_non_exhaustive()
    }
}

impl Default for Coverage {
    fn default() -> Self {
        Self::new()
    }
}

impl Coverage {
    /// Nothing exercised yet.
    ///
    /// ```
    /// use rfc1738::{Rule, coverage::Coverage};
    /// let coverage = Coverage::new();
    /// assert_eq!(coverage.inputs(), 0);
    /// assert_eq!(coverage.unexercised().count(), Rule::ALL.iter().map(|&r| coverage.alternatives(r)).sum());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        let grammar = Grammar::rfc1738();
        let alternatives: Vec<&'static [Expr]> = Rule::ALL
            .iter()
            .map(|rule| production(grammar, *rule).alternatives())
            .collect();
        let counts: Vec<Vec<usize>> = alternatives
            .iter()
            .map(|alternatives| vec![0; alternatives.len()])
            .collect();
        let unnamed = alternatives
            .iter()
            .map(|alternatives| {
                let mut unnamed =
                    (0..alternatives.len()).filter(|at| !matches!(alternatives[*at], Expr::Ref(_)));
                match (unnamed.next(), unnamed.next()) {
                    (Some(only), None) => Some(only),
                    _ => None,
                }
            })
            .collect();
        Coverage {
            choices: Choices {
                matcher: Matcher::new(grammar),
                alternatives,
                unnamed,
                leaves: HashMap::new(),
                defined_leaves: HashMap::new(),
                characters: vec![None; Rule::COUNT * 128],
                escapes: HashMap::new(),
            },
            tally: Tally {
                counted: counts.clone(),
                counts,
                uses: vec![0; Rule::COUNT],
                used: vec![0; Rule::COUNT],
                inputs: 0,
                rejected: 0,
            },
        }
    }

    /// Counts the alternatives the derivation of one accepted input took:
    /// each at most once for the input, however often it occurs.
    ///
    /// Each node's alternative is found as decision D27 words it, asked of
    /// the BNF matcher: the one that is just the production of the node's
    /// only child (spanning the same text), else the first whose language
    /// holds the node's text. [`add_match`](Coverage::add_match) counts the
    /// same without the tree or the matcher, much faster; the tests hold
    /// the two equal.
    ///
    /// ```
    /// use rfc1738::{Rule, check, coverage::Coverage};
    /// let mut coverage = Coverage::new();
    /// // Two hostnumber parts, one input: counted once.
    /// coverage.add(&check("http://1.2.3.4/")?.tree());
    /// assert_eq!(coverage.uses(Rule::Hostnumber), 1);
    /// assert_eq!(coverage.count(Rule::Host, 1), 1); // hostnumber
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    pub fn add(&mut self, tree: &Derivation<'_>) {
        for node in tree.nodes() {
            let alternative = self.choices.defined(node);
            self.tally.exercise(node.rule(), alternative);
        }
        self.tally.inputs += 1;
    }

    /// Counts what [`add`](Coverage::add) counts for `matched.tree()`,
    /// without building the [`Derivation`]: the tree is read in a compact
    /// form (some 32 bytes per production matched), and the chain of
    /// character classes under each character (`uchar` › `unreserved` ›
    /// `alpha` › `lowalpha`) is worked out once per production and
    /// character. A line of a megabyte costs tens of megabytes, not the
    /// hundreds its `Derivation` takes. A node that is not its only child's
    /// production took none of the alternatives that are just a production,
    /// so where one alternative is left the matcher is not asked, and a
    /// leaf's answer is kept for the next leaf of its production and text.
    ///
    /// ```
    /// use rfc1738::{Rule, check, coverage::Coverage};
    ///
    /// let (mut compact, mut built) = (Coverage::new(), Coverage::new());
    /// let matched = check("ftp://me@host.dom/a%2Fb;type=d").unwrap();
    /// compact.add_match(&matched);
    /// built.add(&matched.tree());
    /// assert_eq!(compact.count(Rule::Ftptype, 5), 1); // "d"
    /// assert!(compact.unexercised().eq(built.unexercised()));
    /// ```
    pub fn add_match(&mut self, matched: &Match<'_>) {
        let tree = matched.flat();
        let input = matched.as_str();
        for (at, entry) in tree.entries.iter().enumerate() {
            // Entries span what the grammar matched: ASCII, char boundaries.
            let text = &input[entry.start..entry.end];
            if entry.class {
                for &(rule, alternative) in self.choices.chain(entry.rule, text) {
                    self.tally.exercise(rule, alternative);
                }
                continue;
            }
            let mut children = tree.children(at);
            let only = match (children.next(), children.next()) {
                (Some(child), None) => Some(tree.entries[child]),
                _ => None,
            };
            let only = only
                .filter(|child| (child.start, child.end) == (entry.start, entry.end))
                .map(|child| child.rule);
            let leaf = entry.size == 1;
            let alternative = self.choices.choose(entry.rule, text, only, leaf);
            self.tally.exercise(entry.rule, alternative);
        }
        self.tally.inputs += 1;
    }

    /// Counts an input that was rejected: it exercises nothing.
    ///
    /// ```
    /// use rfc1738::coverage::Coverage;
    /// let mut coverage = Coverage::new();
    /// if rfc1738::check("http://host:8a/").is_err() {
    ///     coverage.add_rejected();
    /// }
    /// assert_eq!((coverage.inputs(), coverage.rejected()), (0, 1));
    /// ```
    pub fn add_rejected(&mut self) {
        self.tally.rejected += 1;
    }

    /// The accepted inputs counted.
    ///
    /// ```
    /// use rfc1738::{check, coverage::Coverage};
    /// let mut coverage = Coverage::new();
    /// coverage.add_match(&check("news:a.b")?);
    /// coverage.add_match(&check("news:a.b")?);
    /// assert_eq!(coverage.inputs(), 2);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn inputs(&self) -> usize {
        self.tally.inputs
    }

    /// The rejected inputs counted.
    ///
    /// ```
    /// use rfc1738::coverage::Coverage;
    /// let mut coverage = Coverage::new();
    /// coverage.add_rejected();
    /// assert_eq!(coverage.rejected(), 1);
    /// ```
    #[must_use]
    pub fn rejected(&self) -> usize {
        self.tally.rejected
    }

    /// How many accepted inputs exercised the `alternative`-th (from 0)
    /// alternative of `rule`; 0 for an alternative it does not have.
    ///
    /// ```
    /// use rfc1738::{Rule, check, coverage::Coverage};
    /// let mut coverage = Coverage::new();
    /// coverage.add_match(&check("gopher://h/0a")?);
    /// // `gopherurl`'s `gtype`: `xchar`, its only alternative.
    /// assert_eq!(coverage.count(Rule::Gtype, 0), 1);
    /// assert_eq!(coverage.count(Rule::Gtype, 7), 0);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn count(&self, rule: Rule, alternative: usize) -> usize {
        self.tally.counts[index(rule)]
            .get(alternative)
            .copied()
            .unwrap_or(0)
    }

    /// How many accepted inputs used `rule` at all.
    ///
    /// ```
    /// use rfc1738::{Rule, check, coverage::Coverage};
    /// let mut coverage = Coverage::new();
    /// for url in ["http://a/", "http://a:80/", "ftp://b:21/"] {
    ///     coverage.add_match(&check(url)?);
    /// }
    /// assert_eq!(coverage.uses(Rule::Port), 2);
    /// assert_eq!(coverage.uses(Rule::Hostport), 3);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn uses(&self, rule: Rule) -> usize {
        // Counted apart: a sum over the alternatives would count twice an
        // input taking two, their largest would count once two inputs
        // taking one each.
        self.tally.uses[index(rule)]
    }

    /// The number of alternatives of `rule`.
    ///
    /// ```
    /// use rfc1738::{Rule, coverage::Coverage};
    /// let coverage = Coverage::new();
    /// assert_eq!(coverage.alternatives(Rule::Host), 2); // hostname | hostnumber
    /// assert_eq!(coverage.alternatives(Rule::Digit), 10);
    /// ```
    #[must_use]
    pub fn alternatives(&self, rule: Rule) -> usize {
        self.tally.counts[index(rule)].len()
    }

    /// Every alternative no input exercised, as (production, index from 0),
    /// in the order of the grammar: of every production, including those no
    /// input can exercise (`url` when each input was matched against the
    /// rule its scheme selects, as [`check`](crate::check) matches;
    /// `national` and `punctuation`, which no production uses).
    /// [`Grammar::reachable`] tells which productions a match may use.
    ///
    /// ```
    /// use rfc1738::{Rule, check, coverage::Coverage};
    /// let mut coverage = Coverage::new();
    /// coverage.add_match(&check("ftp://h/x;type=a")?);
    /// let ftptype: Vec<usize> = coverage
    ///     .unexercised()
    ///     .filter_map(|(rule, alternative)| (rule == Rule::Ftptype).then_some(alternative))
    ///     .collect();
    /// // "A" | "I" | "D" | "a" | "i" | "d": all but "a".
    /// assert_eq!(ftptype, [0, 1, 2, 4, 5]);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn unexercised(&self) -> impl core::iter::FusedIterator<Item = (Rule, usize)> + '_ {
        Rule::ALL.into_iter().flat_map(move |rule| {
            self.tally.counts[index(rule)]
                .iter()
                .enumerate()
                .filter(|(_, count)| **count == 0)
                .map(move |(alternative, _)| (rule, alternative))
        })
    }
}

impl Choices {
    /// What the chain of character classes under `rule` exercises for the
    /// element `text` (a character, or an escape's three).
    fn chain(&mut self, rule: Rule, text: &str) -> &[(Rule, usize)] {
        let text = as_read(rule, text);
        let text = text.as_ref();
        // An element is an ASCII character, or an escape's three.
        match *text.as_bytes() {
            [byte] if byte.is_ascii() => {
                let at = index(rule) * 128 + usize::from(byte);
                if self.characters[at].is_none() {
                    self.characters[at] = Some(self.worked_out(rule, text));
                }
                self.characters[at].as_deref().unwrap_or_default()
            }
            _ => {
                let mut key = [0; 4];
                let length = text.len().min(3);
                // An escape's length is 3: the cast keeps it.
                key[0] = text.len() as u8;
                key[1..=length].copy_from_slice(&text.as_bytes()[..length]);
                if !self.escapes.contains_key(&(rule, key)) {
                    let exercised = self.worked_out(rule, text);
                    self.escapes.insert((rule, key), exercised);
                }
                &self.escapes[&(rule, key)]
            }
        }
    }

    /// What the chain of character classes under `rule` exercises for the
    /// element `text`, worked out from its derivation.
    fn worked_out(&mut self, rule: Rule, text: &str) -> Exercised {
        let chain = Derivation::class(rule, text.as_bytes(), 0, text);
        chain
            .nodes()
            .map(|node| (node.rule(), self.alternative(node)))
            .collect()
    }

    /// The alternative of its production that `node` took, as D27 words
    /// it: the one that is just the production of its only child, else the
    /// first whose language holds its text. A production of one
    /// alternative takes it, even where the text is not in its language (a
    /// scheme folded to lower case: `HTTP://` matches `httpurl` as `parse`
    /// reads it).
    fn defined(&mut self, node: &Derivation<'_>) -> usize {
        let rule = node.rule();
        let text = as_read(rule, node.text());
        let text = text.as_ref();
        let alternatives = self.alternatives[index(rule)];
        if alternatives.len() == 1 {
            return 0;
        }
        let leaf = node.children().is_empty();
        let known = self.defined_leaves.get(&rule);
        if leaf && let Some(&alternative) = known.and_then(|known| known.get(text)) {
            return alternative;
        }
        let alternative = only_child(node)
            .and_then(|child| named(alternatives, child))
            .unwrap_or_else(|| self.first_holding(alternatives, text));
        if leaf {
            remember(&mut self.defined_leaves, rule, text, alternative);
        }
        alternative
    }

    /// The alternative of its production that `node` took, found as
    /// [`choose`](Choices::choose) finds it.
    fn alternative(&mut self, node: &Derivation<'_>) -> usize {
        let leaf = node.children().is_empty();
        self.choose(node.rule(), node.text(), only_child(node), leaf)
    }

    /// The alternative of `rule` a node of text `text` took: the one that
    /// is just the production `only` of its only child (which spans the
    /// same text), else the first whose language holds the text (D27).
    /// `leaf`: the node has no children, and its answer is kept for the
    /// next.
    fn choose(&mut self, rule: Rule, text: &str, only: Option<Rule>, leaf: bool) -> usize {
        let alternatives = self.alternatives[index(rule)];
        if alternatives.len() == 1 {
            return 0;
        }
        if let Some(taken) = only.and_then(|child| named(alternatives, child)) {
            return taken;
        }
        // Any other node took none of the alternatives that are just a
        // production: their derivation is that production's node alone
        // (D26: every production has a node). Where one alternative is
        // left, it is the one, and the matcher need not be asked.
        if let Some(alternative) = self.unnamed[index(rule)] {
            return alternative;
        }
        if let Some(alternative) = self.leaves.get(&rule).and_then(|known| known.get(text)) {
            return *alternative;
        }
        let alternative = self.first_holding(alternatives, text);
        if leaf {
            remember(&mut self.leaves, rule, text, alternative);
        }
        alternative
    }

    /// The first of `alternatives` whose language holds `text`.
    fn first_holding(&self, alternatives: &[Expr], text: &str) -> usize {
        alternatives
            .iter()
            .position(|alternative| self.matcher.expr_matches(alternative, text))
            // A derivation's text, as the grammar read it (`as_read`), is a
            // string of its production, so one of its alternatives holds it.
            .unwrap_or(0)
    }
}

/// The text of a node of `rule` as the grammar read it: a `lowalpha` that
/// is an upper-case letter is one of a scheme name read whatever its case,
/// and was read as its lower-case one (D5).
fn as_read(rule: Rule, text: &str) -> Cow<'_, str> {
    if rule == Rule::Lowalpha && text.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(text.to_ascii_lowercase())
    } else {
        Cow::Borrowed(text)
    }
}

/// The production of `node`'s only child, when that child spans all of it.
fn only_child(node: &Derivation<'_>) -> Option<Rule> {
    match node.children() {
        [child] if child.span() == node.span() => Some(child.rule()),
        _ => None,
    }
}

/// The alternative that is just the production `child`, if there is one.
fn named(alternatives: &[Expr], child: Rule) -> Option<usize> {
    alternatives
        .iter()
        .position(|alternative| matches!(alternative, Expr::Ref(name) if name == child.name()))
}

/// Keeps in `memo` that a leaf of `rule` and text `text` took
/// `alternative`.
fn remember(memo: &mut Memo, rule: Rule, text: &str, alternative: usize) {
    memo.entry(rule)
        .or_default()
        .insert(text.into(), alternative);
}

impl Tally {
    /// Counts that the input being read took the `alternative`-th
    /// alternative of `rule`, unless it already did.
    fn exercise(&mut self, rule: Rule, alternative: usize) {
        let at = index(rule);
        let input = self.inputs + 1;
        // `alternative` indexes the production's alternatives, which sized
        // its counts.
        if self.counted[at][alternative] != input {
            self.counted[at][alternative] = input;
            self.counts[at][alternative] += 1;
        }
        if self.used[at] != input {
            self.used[at] = input;
            self.uses[at] += 1;
        }
    }
}

/// The production of `rule` in the grammar the registry was generated from.
fn production(grammar: &'static Grammar, rule: Rule) -> &'static Production {
    // `Rule` is generated from the same grammar file: every name is defined.
    grammar
        .get(rule.name())
        .unwrap_or_else(|| unreachable!("{rule} is in grammar/rfc1738.bnf"))
}

/// The position of `rule` in [`Rule::ALL`], which is the grammar's order.
fn index(rule: Rule) -> usize {
    rule as usize
}
