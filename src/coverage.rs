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

use std::collections::{BTreeSet, HashMap};

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
#[derive(Clone, Debug)]
pub struct Coverage {
    matcher: Matcher<'static>,
    /// Per production (in the order of [`Rule::ALL`]), per alternative.
    counts: Vec<Vec<usize>>,
    /// Per production, how many inputs used it, whatever the alternative.
    uses: Vec<usize>,
    inputs: usize,
    rejected: usize,
    /// The alternative of leaf nodes, by production and text.
    leaves: HashMap<Rule, HashMap<Box<str>, usize>>,
    /// What the chain of a character-class leaf exercises, by its
    /// production and element.
    chains: HashMap<(Rule, Element), Vec<(Rule, usize)>>,
}

/// An element a character class matched, as a key: its length (1, or 3
/// for an escape), then its bytes.
type Element = [u8; 4];

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
    pub fn new() -> Self {
        let grammar = Grammar::rfc1738();
        let counts = Rule::ALL
            .iter()
            .map(|rule| vec![0; production(grammar, *rule).alternatives().len()])
            .collect();
        Coverage {
            matcher: Matcher::new(grammar),
            counts,
            uses: vec![0; Rule::COUNT],
            inputs: 0,
            rejected: 0,
            leaves: HashMap::new(),
            chains: HashMap::new(),
        }
    }

    /// Counts the alternatives the derivation of one accepted input took:
    /// each at most once for the input, however often it occurs.
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
        let mut exercised = BTreeSet::new();
        for node in tree.nodes() {
            exercised.insert((node.rule(), self.alternative(node)));
        }
        self.tally(exercised);
    }

    /// Counts what [`add`](Coverage::add) counts for `matched.tree()`,
    /// without building the [`Derivation`]: the tree is read in a compact
    /// form (some 32 bytes per production matched), and the chain of
    /// character classes under each character (`uchar` › `unreserved` ›
    /// `alpha` › `lowalpha`) is worked out once per production and
    /// character. A line of a megabyte costs tens of megabytes, not the
    /// hundreds its `Derivation` takes.
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
        let mut exercised = BTreeSet::new();
        for (at, entry) in tree.entries.iter().enumerate() {
            // Entries span what the grammar matched: ASCII, char boundaries.
            let text = &input[entry.start..entry.end];
            if entry.class {
                exercised.extend(self.chain(entry.rule, text).iter().copied());
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
            exercised.insert((entry.rule, self.choose(entry.rule, text, only, leaf)));
        }
        self.tally(exercised);
    }

    /// Counts one accepted input that exercised `exercised`.
    fn tally(&mut self, exercised: BTreeSet<(Rule, usize)>) {
        self.inputs += 1;
        let mut previous = None;
        for (rule, alternative) in exercised {
            // `alternative` indexes the production's alternatives, which sized
            // its counts.
            self.counts[index(rule)][alternative] += 1;
            // Ordered by production: its alternatives come together, and
            // the input counts once for it.
            if previous != Some(rule) {
                self.uses[index(rule)] += 1;
                previous = Some(rule);
            }
        }
    }

    /// What the chain of character classes under `rule` exercises for the
    /// element `text` (a character, or an escape's three).
    fn chain(&mut self, rule: Rule, text: &str) -> &[(Rule, usize)] {
        let mut key = [0; 4];
        // An element is one byte or three.
        key[0] = text.len() as u8;
        key[1..=text.len().min(3)].copy_from_slice(&text.as_bytes()[..text.len().min(3)]);
        if !self.chains.contains_key(&(rule, key)) {
            let chain = Derivation::class(rule, text.as_bytes(), 0, text);
            let exercised = chain
                .nodes()
                .map(|node| (node.rule(), self.alternative(node)))
                .collect();
            self.chains.insert((rule, key), exercised);
        }
        &self.chains[&(rule, key)]
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
        self.rejected += 1;
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
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// The rejected inputs counted.
    ///
    /// ```
    /// use rfc1738::coverage::Coverage;
    /// let mut coverage = Coverage::new();
    /// coverage.add_rejected();
    /// assert_eq!(coverage.rejected(), 1);
    /// ```
    pub fn rejected(&self) -> usize {
        self.rejected
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
    pub fn count(&self, rule: Rule, alternative: usize) -> usize {
        self.counts[index(rule)]
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
    pub fn uses(&self, rule: Rule) -> usize {
        // Counted apart: a sum over the alternatives would count twice an
        // input taking two, their largest would count once two inputs
        // taking one each.
        self.uses[index(rule)]
    }

    /// The number of alternatives of `rule`.
    ///
    /// ```
    /// use rfc1738::{Rule, coverage::Coverage};
    /// let coverage = Coverage::new();
    /// assert_eq!(coverage.alternatives(Rule::Host), 2); // hostname | hostnumber
    /// assert_eq!(coverage.alternatives(Rule::Digit), 10);
    /// ```
    pub fn alternatives(&self, rule: Rule) -> usize {
        self.counts[index(rule)].len()
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
    pub fn unexercised(&self) -> impl Iterator<Item = (Rule, usize)> + '_ {
        Rule::ALL.into_iter().flat_map(move |rule| {
            self.counts[index(rule)]
                .iter()
                .enumerate()
                .filter(|(_, count)| **count == 0)
                .map(move |(alternative, _)| (rule, alternative))
        })
    }

    /// The alternative of its production that `node` took.
    fn alternative(&mut self, node: &Derivation<'_>) -> usize {
        let only = match node.children() {
            [child] if child.span() == node.span() => Some(child.rule()),
            _ => None,
        };
        self.choose(node.rule(), node.text(), only, node.children().is_empty())
    }

    /// The alternative of `rule` a node of text `text` took: the one that
    /// is just the production `only` of its only child (which spans the
    /// same text), else the first whose language holds the text. `leaf`:
    /// the node has no children, and its answer is kept for the next.
    fn choose(&mut self, rule: Rule, text: &str, only: Option<Rule>, leaf: bool) -> usize {
        let alternatives = production(self.matcher.grammar(), rule).alternatives();
        if alternatives.len() == 1 {
            return 0;
        }
        if let Some(child) = only
            && let Some(taken) = alternatives.iter().position(
                |alternative| matches!(alternative, Expr::Ref(name) if name == child.name()),
            )
        {
            return taken;
        }
        if let Some(alternative) = self.leaves.get(&rule).and_then(|known| known.get(text)) {
            return *alternative;
        }
        let alternative = alternatives
            .iter()
            .position(|alternative| self.matcher.expr_matches(alternative, text))
            // A derivation's text is a string of its production, so one of
            // its alternatives contains it.
            .unwrap_or(0);
        if leaf {
            self.leaves
                .entry(rule)
                .or_default()
                .insert(text.into(), alternative);
        }
        alternative
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
