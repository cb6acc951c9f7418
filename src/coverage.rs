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
use crate::{Derivation, Rule};

/// Counts, for every production and each of its alternatives, how many inputs
/// exercised it.
#[derive(Debug)]
pub struct Coverage {
    matcher: Matcher<'static>,
    /// Per production (in the order of [`Rule::ALL`]), per alternative.
    counts: Vec<Vec<usize>>,
    inputs: usize,
    rejected: usize,
    /// The alternative of character-class nodes, by production and text.
    classes: HashMap<(Rule, String), usize>,
}

impl Default for Coverage {
    fn default() -> Self {
        Self::new()
    }
}

impl Coverage {
    /// Nothing exercised yet.
    pub fn new() -> Self {
        let grammar = Grammar::rfc1738();
        let counts = Rule::ALL
            .iter()
            .map(|rule| vec![0; production(grammar, *rule).alternatives().len()])
            .collect();
        Coverage {
            matcher: Matcher::new(grammar),
            counts,
            inputs: 0,
            rejected: 0,
            classes: HashMap::new(),
        }
    }

    /// Counts the alternatives the derivation of one accepted input took:
    /// each at most once for the input, however often it occurs.
    pub fn add(&mut self, tree: &Derivation<'_>) {
        self.inputs += 1;
        let mut exercised = BTreeSet::new();
        for node in tree.nodes() {
            exercised.insert((node.rule(), self.alternative(node)));
        }
        for (rule, alternative) in exercised {
            // `alternative` indexes the production's alternatives, which sized
            // its counts.
            self.counts[index(rule)][alternative] += 1;
        }
    }

    /// Counts an input that was rejected: it exercises nothing.
    pub fn add_rejected(&mut self) {
        self.rejected += 1;
    }

    /// The accepted inputs counted.
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// The rejected inputs counted.
    pub fn rejected(&self) -> usize {
        self.rejected
    }

    /// How many accepted inputs exercised the `alternative`-th (from 0)
    /// alternative of `rule`; 0 for an alternative it does not have.
    pub fn count(&self, rule: Rule, alternative: usize) -> usize {
        self.counts[index(rule)]
            .get(alternative)
            .copied()
            .unwrap_or(0)
    }

    /// How many accepted inputs used `rule` at all.
    pub fn uses(&self, rule: Rule) -> usize {
        // An input uses a production once per alternative it took there; a
        // sum over alternatives would count twice an input taking two.
        self.counts[index(rule)].iter().copied().max().unwrap_or(0)
    }

    /// The number of alternatives of `rule`.
    pub fn alternatives(&self, rule: Rule) -> usize {
        self.counts[index(rule)].len()
    }

    /// Every alternative no input exercised, as (production, index from 0),
    /// in the order of the grammar.
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
        let rule = node.rule();
        let alternatives = production(self.matcher.grammar(), rule).alternatives();
        if alternatives.len() == 1 {
            return 0;
        }
        // The alternative that is just the production of the node's only child.
        if let [child] = node.children()
            && child.span() == node.span()
            && let Some(taken) = alternatives.iter().position(
                |alternative| matches!(alternative, Expr::Ref(name) if name == child.rule().name()),
            )
        {
            return taken;
        }
        let key = (rule, node.text().to_owned());
        if let Some(alternative) = self.classes.get(&key) {
            return *alternative;
        }
        let alternative = alternatives
            .iter()
            .position(|alternative| self.matcher.expr_matches(alternative, node.text()))
            // A derivation's text is a string of its production, so one of
            // its alternatives contains it.
            .unwrap_or(0);
        if node.children().is_empty() {
            self.classes.insert(key, alternative);
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
