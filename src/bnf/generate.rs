//! Random derivations: strings of a production, made by walking its
//! expression and asking at every choice which way to go.
//!
//! The answers alone cannot keep a derivation small: eight extra rounds of
//! each of 64 nested repetitions are 8^64 copies of the innermost body, and
//! a grammar the reader accepts can require 1000 rounds of each
//! (`a = 1000*[ 1000*[ 1000*"x" ] ]`). So the walk counts what it has done
//! and, past a budget, stops asking and takes the smallest way on; a
//! derivation that is still too large is an error, never an allocation
//! that aborts or a walk that does not end.

use std::collections::HashMap;

use super::grammar::Grammar;
use super::syntax::{Expr, MAX_DEPTH, Production, Step};

/// More repetitions than this beyond a repetition's minimum are not made,
/// whatever the answer, to keep strings short.
const MAX_EXTRA: u32 = 8;

/// The size of a derivation past which [`generate`] asks no more questions
/// and takes the smallest way on: the minimum of every repetition, no
/// optional group, the alternative with the smallest derivation.
///
/// A derivation's size is the number of expression nodes it walks plus the
/// number of bytes it writes. No derivation of [`Grammar::rfc1738`] comes
/// near the budget, whatever the answers (`url`'s largest is under 5000),
/// so there every answer is asked and followed.
///
/// ```
/// use rfc1738::bnf::{DERIVATION_BUDGET, Grammar, generate};
///
/// // Eight extra rounds at each of 64 nested repetitions: stopped by the
/// // budget, never made.
/// let text = format!("deep = {}\"x\"{}", "*[ ".repeat(64), " ]".repeat(64));
/// let grammar = Grammar::parse(&text)?;
/// let deep = grammar.get("deep").unwrap();
/// assert!(generate(&grammar, deep, &mut |_| 8).len() <= DERIVATION_BUDGET);
/// # Ok::<(), rfc1738::bnf::BnfError>(())
/// ```
pub const DERIVATION_BUDGET: usize = 1 << 16;

/// The largest derivation [`try_generate`] makes, in the units of
/// [`DERIVATION_BUDGET`]: its string is at most this many bytes long.
///
/// Past [`DERIVATION_BUDGET`] a derivation grows only by what the grammar
/// requires, so it reaches the limit only where the grammar requires that
/// much: `a = 1000*[ 1000*[ 1000*"x" ] ]`, whose one smallest string is
/// 10^9 bytes long, at once.
///
/// ```
/// use rfc1738::bnf::{Grammar, MAX_DERIVATION, try_generate};
///
/// let grammar = Grammar::parse("million = 1000*[ 1000*\"x\" ]\nbillion = 1000*million")?;
/// let million = grammar.get("million").unwrap();
/// let made = try_generate(&grammar, million, &mut |_| 0).unwrap();
/// assert!(made.len() == 1_000_000 && made.len() < MAX_DERIVATION);
/// let billion = grammar.get("billion").unwrap();
/// assert!(try_generate(&grammar, billion, &mut |_| 0).is_err());
/// # Ok::<(), rfc1738::bnf::BnfError>(())
/// ```
pub const MAX_DERIVATION: usize = 1 << 22;

/// Why [`try_generate`] made no string. A derivation larger than
/// [`MAX_DERIVATION`] ([`is_too_large`](Self::is_too_large)): the walk
/// stops when it reaches the limit and returns this instead of a string.
/// Or a production built by hand that [`try_generate`] refuses before the
/// walk: one whose expression nests deeper than [`MAX_DEPTH`] (the walk
/// recurses a level for each of the expression's:
/// [`is_too_deep`](Self::is_too_deep)), or one whose language
/// may be empty, so that no string of it can be promised: its expression
/// refers to a name the grammar does not define
/// ([`undefined_name`](Self::undefined_name)), or holds an
/// [`Expr::Alternatives`] with no items
/// ([`is_empty_choice`](Self::is_empty_choice)). A grammar read by
/// [`Grammar::parse`] has neither.
///
/// ```
/// use rfc1738::bnf::{GenerateError, Expr, Grammar, Production, try_generate};
///
/// let grammar = Grammar::parse("a = 1000*[ 1000*[ 1000*\"x\" ] ]")?;
/// let a = grammar.get("a").unwrap();
/// let error: GenerateError = try_generate(&grammar, a, &mut |_| 0).unwrap_err();
/// assert!(error.to_string().starts_with("the derivation is larger than 4194304"));
/// assert!(error.is_too_large() && !error.is_too_deep());
///
/// let deep = (0..1000).fold(Expr::Ref("a".into()), |e, _| Expr::Optional(Box::new(e)));
/// let deep = Production { name: "deep".into(), expr: deep, line: 1, text: String::new(), comments: Vec::new() };
/// let error = try_generate(&grammar, &deep, &mut |_| 0).unwrap_err();
/// assert_eq!(error.to_string(), "the expression nests 1001 levels deep, more than 256");
/// assert!(error.is_too_deep() && !error.is_too_large());
///
/// let typo = Production { expr: Expr::Ref("b".into()), ..deep };
/// let error = try_generate(&grammar, &typo, &mut |_| 0).unwrap_err();
/// assert_eq!(error.to_string(), "the expression refers to \"b\", which the grammar does not define");
/// assert_eq!(error.undefined_name(), Some("b"));
/// # Ok::<(), rfc1738::bnf::BnfError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct GenerateError {
    /// Why the derivation was refused.
    refused: Refused,
}

/// Why [`try_generate`] refused a derivation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Refused {
    /// It grew past [`MAX_DERIVATION`].
    Size,
    /// The expression nests this many levels, more than [`MAX_DEPTH`].
    Depth(usize),
    /// The expression refers to this name, which the grammar lacks.
    Undefined(Box<str>),
    /// The expression holds an [`Expr::Alternatives`] with no items.
    EmptyChoice,
}

impl GenerateError {
    #[cold]
    fn new(refused: Refused) -> Self {
        GenerateError { refused }
    }

    /// Whether the derivation was refused for its depth ([`MAX_DEPTH`])
    /// rather than its size ([`MAX_DERIVATION`]) or its language.
    #[must_use]
    pub fn is_too_deep(&self) -> bool {
        matches!(self.refused, Refused::Depth(_))
    }

    /// Whether the derivation grew past [`MAX_DERIVATION`], which no
    /// derivation of a production of [`Grammar::rfc1738`] does.
    #[must_use]
    pub fn is_too_large(&self) -> bool {
        matches!(self.refused, Refused::Size)
    }

    /// The name the production's expression refers to that the grammar does
    /// not define, when that is why it was refused: the first such in the
    /// expression, in pre-order.
    ///
    /// ```
    /// use rfc1738::bnf::{Expr, Grammar, Production, try_generate};
    ///
    /// let grammar = Grammar::rfc1738();
    /// let expr = Expr::Sequence(vec![Expr::Ref("digits".into()), Expr::Ref("digitz".into())]);
    /// let typo = Production { name: "n".into(), expr, line: 1, text: String::new(), comments: Vec::new() };
    /// let error = try_generate(grammar, &typo, &mut |_| 0).unwrap_err();
    /// assert_eq!(error.undefined_name(), Some("digitz"));
    /// ```
    #[must_use]
    pub fn undefined_name(&self) -> Option<&str> {
        match &self.refused {
            Refused::Undefined(name) => Some(name),
            _ => None,
        }
    }

    /// Whether the derivation was refused because the production's
    /// expression holds an [`Expr::Alternatives`] with no items: a choice
    /// with nothing to choose, which derives nothing.
    ///
    /// ```
    /// use rfc1738::bnf::{Expr, Grammar, Production, try_generate};
    ///
    /// let grammar = Grammar::rfc1738();
    /// let expr = Expr::Optional(Box::new(Expr::Alternatives(Vec::new())));
    /// let none = Production { name: "n".into(), expr, line: 1, text: String::new(), comments: Vec::new() };
    /// let error = try_generate(grammar, &none, &mut |_| 0).unwrap_err();
    /// assert!(error.is_empty_choice());
    /// ```
    #[must_use]
    pub fn is_empty_choice(&self) -> bool {
        matches!(self.refused, Refused::EmptyChoice)
    }
}

impl core::fmt::Display for GenerateError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match &self.refused {
            Refused::Size => write!(
                f,
                "the derivation is larger than {MAX_DERIVATION} (expression nodes walked and \
                 bytes written)"
            ),
            Refused::Depth(depth) => write!(
                f,
                "the expression nests {depth} levels deep, more than {MAX_DEPTH}"
            ),
            Refused::Undefined(name) => write!(
                f,
                "the expression refers to {name:?}, which the grammar does not define"
            ),
            Refused::EmptyChoice => {
                f.write_str("the expression has a choice of no alternatives, which derives nothing")
            }
        }
    }
}

impl std::error::Error for GenerateError {}

/// A choice [`generate`] asks about: where it is and what kind it is.
///
/// ```
/// use rfc1738::bnf::{ChoiceKind, ChoicePoint, Grammar, generate};
///
/// let grammar = Grammar::rfc1738();
/// let port = grammar.get("port").unwrap();
/// let mut asked: Vec<ChoicePoint> = Vec::new();
/// let made = generate(grammar, port, &mut |point| {
///     asked.push(*point);
///     0
/// });
/// assert_eq!(made, "0");
/// // `digits = 1*digit`: how many more digits, then which digit.
/// assert_eq!(asked[0].production, "digits");
/// assert_eq!(asked[0].kind, ChoiceKind::Repeat { min: 1 });
/// assert_eq!(asked[1].kind, ChoiceKind::Alternative { count: 10 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChoicePoint<'g> {
    /// The production whose expression holds the choice.
    pub production: &'g str,
    /// The pre-order index of the choice's node in that production's
    /// expression tree; 0 is the root.
    pub id: usize,
    /// What is chosen.
    pub kind: ChoiceKind,
}

/// The kind of a [`ChoicePoint`], and what the answer to it means.
///
/// ```
/// use rfc1738::bnf::{ChoiceKind, Grammar};
///
/// let grammar = Grammar::parse("ab = [ \"a\" ] 2*\"b\" | \"c\"")?;
/// let kinds: Vec<ChoiceKind> = grammar.choice_points().into_iter().map(|(_, _, k)| k).collect();
/// assert_eq!(
///     kinds,
///     [
///         ChoiceKind::Alternative { count: 2 },
///         ChoiceKind::Optional,
///         ChoiceKind::Repeat { min: 2 },
///     ]
/// );
/// # Ok::<(), rfc1738::bnf::BnfError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ChoiceKind {
    /// Which of `count` alternatives: the answer is an index, taken modulo
    /// `count`.
    Alternative {
        /// How many alternatives there are.
        count: usize,
    },
    /// Whether to include an optional group: 0 leaves it out, anything
    /// else includes it.
    Optional,
    /// How many repetitions to make beyond `min`: the answer, at most 8.
    Repeat {
        /// The repetition's minimum count, always made.
        min: u32,
    },
}

/// A string of `production`, derived by walking its expression and asking
/// `choose` at every choice point, references included (their choice points
/// are reported with their own production's name), until the derivation
/// reaches [`DERIVATION_BUDGET`]; past it, `choose` is not asked and the
/// walk takes the smallest way on.
///
/// The string is in the production's language by construction. A
/// production that is not one of `grammar`'s has its references resolved
/// by name in `grammar`. Each must name one of its productions, and each
/// [`Expr::Alternatives`] must have an item: a name `grammar` does not
/// define, or a choice of nothing, derives nothing (the
/// [`Matcher`](super::Matcher) matches nothing for it), so a production
/// that holds one anywhere, reached or not, is refused before the walk,
/// never answered with a string outside its language.
///
/// # Panics
///
/// When the derivation is larger than [`MAX_DERIVATION`], which none of
/// [`Grammar::rfc1738`] is, whatever the answers, or the production's
/// expression, built by hand, nests deeper than [`MAX_DEPTH`], refers to
/// a name `grammar` does not define or holds an empty choice;
/// [`try_generate`] returns those as an error.
///
/// ```
/// use rfc1738::bnf::{Grammar, generate};
///
/// let grammar = Grammar::rfc1738();
/// let digits = grammar.get("digits").expect("the RFC defines digits");
/// // `1*digit`: two repetitions beyond the one required, each time the
/// // third alternative of `digit`.
/// assert_eq!(generate(grammar, digits, &mut |_| 2), "222");
/// ```
#[track_caller]
pub fn generate<'g>(
    grammar: &'g Grammar,
    production: &'g Production,
    choose: &mut dyn FnMut(&ChoicePoint<'g>) -> u32,
) -> String {
    try_generate(grammar, production, choose).unwrap_or_else(|error| panic!("{error}"))
}

/// [`generate`] for any grammar and any production: the string, or an
/// error when the derivation is larger than [`MAX_DERIVATION`] or the
/// production cannot be derived.
///
/// # Errors
///
/// [`GenerateError`], as soon as the walk reaches the limit, or
/// before it starts when the production's expression nests deeper than
/// [`MAX_DEPTH`] (only one built by hand can: the walk recurses a level
/// for each, and for each of the grammar's productions it reaches, which
/// [`Grammar::parse`] holds to that depth too), or refers to a name
/// `grammar` does not define, or holds an [`Expr::Alternatives`] with no
/// items (only one built by hand can: [`Grammar::parse`] refuses both).
/// Those are found in one pass over the expression, whatever the answers
/// would have been; a production of `grammar` itself needs none, having
/// been checked when the grammar was read.
///
/// ```
/// use rfc1738::bnf::{DERIVATION_BUDGET, Grammar, try_generate};
///
/// let grammar = Grammar::parse(
///     "a = 1000*[ 1000*[ 1000*\"x\" ] ]\n\
///      b = *[ *[ *[ *[ *[ *[ \"x\" ] ] ] ] ] ]\n",
/// )?;
/// let a = grammar.get("a").expect("defined above");
/// assert!(try_generate(&grammar, a, &mut |_| 0).is_err());
/// // Eight rounds at every level would be 8^6 x's; past the budget,
/// // the walk stops asking and makes no more.
/// let b = grammar.get("b").expect("defined above");
/// let x = try_generate(&grammar, b, &mut |_| 8)?;
/// assert!(x.len() < DERIVATION_BUDGET);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn try_generate<'g>(
    grammar: &'g Grammar,
    production: &'g Production,
    choose: &mut dyn FnMut(&ChoicePoint<'g>) -> u32,
) -> Result<String, GenerateError> {
    // One of `grammar`'s own productions was checked by `Grammar::parse`,
    // which holds its depth and its references: only others need the walk.
    let own = grammar.productions().as_ptr_range();
    if !own.contains(&std::ptr::from_ref(production)) {
        refuse(grammar, &production.expr)?;
    }
    let mut walk = Walk {
        grammar,
        choose,
        out: String::new(),
        size: 0,
        least: HashMap::new(),
    };
    walk.expr(&production.name, &production.expr, 0)?;
    Ok(walk.out)
}

struct Walk<'g, 'c> {
    grammar: &'g Grammar,
    choose: &'c mut dyn FnMut(&ChoicePoint<'g>) -> u32,
    out: String,
    /// The size of the derivation so far: nodes walked and bytes written.
    size: usize,
    /// The size of each production's smallest derivation, once computed.
    least: HashMap<&'g str, usize>,
}

impl<'g> Walk<'g, '_> {
    /// The answer to the choice at node `id` of `production`, or `None`
    /// past the budget, where the smallest way on is taken unasked.
    fn ask(&mut self, production: &'g str, id: usize, kind: ChoiceKind) -> Option<u32> {
        (self.size < DERIVATION_BUDGET).then(|| {
            (self.choose)(&ChoicePoint {
                production,
                id,
                kind,
            })
        })
    }

    /// Adds `amount` to the derivation's size, unless that takes it past
    /// the limit.
    fn grow(&mut self, amount: usize) -> Result<(), GenerateError> {
        self.size = self.size.saturating_add(amount);
        if self.size > MAX_DERIVATION {
            Err(GenerateError::new(Refused::Size))
        } else {
            Ok(())
        }
    }

    /// Derives a string of `expr`, node `id` of `production`'s expression.
    fn expr(
        &mut self,
        production: &'g str,
        expr: &'g Expr,
        id: usize,
    ) -> Result<(), GenerateError> {
        self.grow(1)?;
        match expr {
            Expr::Literal(text) => {
                // Counted before it is written: a long literal repeated
                // stops at the limit, not after it.
                self.grow(text.len())?;
                self.out.push_str(text);
            }
            Expr::Ref(name) => {
                // `refuse` checked that the grammar defines every name.
                if let Some(p) = self.grammar.get(name) {
                    self.expr(&p.name, &p.expr, 0)?;
                }
            }
            Expr::Sequence(items) => {
                let mut child = id + 1;
                for item in items {
                    self.expr(production, item, child)?;
                    child += size(item);
                }
            }
            Expr::Alternatives(items) => {
                let count = items.len();
                let index = match self.ask(production, id, ChoiceKind::Alternative { count }) {
                    // A `u32` index always fits a `usize` where `std` runs.
                    // `refuse` checked that no list is empty.
                    Some(answer) => usize::try_from(answer).unwrap_or(usize::MAX) % count.max(1),
                    None => self.smallest(items),
                };
                if let Some(item) = items.get(index) {
                    let child = id + 1 + items[..index].iter().map(size).sum::<usize>();
                    self.expr(production, item, child)?;
                }
            }
            Expr::Optional(inner) => {
                if self.ask(production, id, ChoiceKind::Optional).unwrap_or(0) != 0 {
                    self.expr(production, inner, id + 1)?;
                }
            }
            Expr::Repeat { min, expr: inner } => {
                let extra = self
                    .ask(production, id, ChoiceKind::Repeat { min: *min })
                    .unwrap_or(0)
                    .min(MAX_EXTRA);
                // Every round grows the size by at least its own node: the
                // loop ends at the limit whatever the count.
                for _ in 0..min.saturating_add(extra) {
                    self.expr(production, inner, id + 1)?;
                }
            }
        }
        Ok(())
    }

    /// The index of the alternative with the smallest derivation, the
    /// first of equals.
    fn smallest(&mut self, items: &'g [Expr]) -> usize {
        let mut best = (0, usize::MAX);
        for (index, item) in items.iter().enumerate() {
            let size = self.least(item);
            if size < best.1 {
                best = (index, size);
            }
        }
        best.0
    }

    /// The size of the smallest derivation of `expr`, saturating: what
    /// walking it costs with the least of every choice.
    fn least(&mut self, expr: &'g Expr) -> usize {
        let own = match expr {
            Expr::Literal(text) => text.len(),
            Expr::Ref(name) => match self.grammar.get(name) {
                Some(p) => match self.least.get(p.name.as_str()) {
                    Some(&known) => known,
                    None => {
                        let known = self.least(&p.expr);
                        self.least.insert(&p.name, known);
                        known
                    }
                },
                None => 0,
            },
            Expr::Sequence(items) => items
                .iter()
                .fold(0usize, |sum, item| sum.saturating_add(self.least(item))),
            Expr::Alternatives(items) => {
                items.iter().map(|item| self.least(item)).min().unwrap_or(0)
            }
            Expr::Optional(_) => 0,
            Expr::Repeat { min, expr: inner } => {
                // A `u32` count always fits a `usize` where `std` runs.
                let rounds = usize::try_from(*min).unwrap_or(usize::MAX);
                rounds.saturating_mul(self.least(inner))
            }
        };
        own.saturating_add(1)
    }
}

/// Checks, in one walk over `expr`, what [`try_generate`] refuses before
/// deriving: an expression nested deeper than [`MAX_DEPTH`], and then the
/// first reference in pre-order to a name `grammar` does not define or
/// empty choice. The productions the references lead to need no check:
/// [`Grammar::parse`] refused any of them that had one.
fn refuse(grammar: &Grammar, expr: &Expr) -> Result<(), GenerateError> {
    let mut deepest = 0;
    let mut first = None;
    for step in expr.walk() {
        let Step::Enter { expr, depth, .. } = step else {
            continue;
        };
        deepest = deepest.max(depth);
        if first.is_none() {
            first = match expr {
                Expr::Ref(name) if grammar.get(name).is_none() => {
                    Some(Refused::Undefined(name.as_str().into()))
                }
                Expr::Alternatives(items) if items.is_empty() => Some(Refused::EmptyChoice),
                _ => None,
            };
        }
    }
    if deepest > MAX_DEPTH {
        return Err(GenerateError::new(Refused::Depth(deepest)));
    }
    first.map_or(Ok(()), |refused| Err(GenerateError::new(refused)))
}

/// How many nodes the expression tree of `expr` has.
fn size(expr: &Expr) -> usize {
    match expr {
        Expr::Alternatives(items) | Expr::Sequence(items) => {
            1 + items.iter().map(size).sum::<usize>()
        }
        Expr::Optional(inner) | Expr::Repeat { expr: inner, .. } => 1 + size(inner),
        Expr::Literal(_) | Expr::Ref(_) => 1,
    }
}

impl Grammar {
    /// Every choice point of every production, in file order and, within a
    /// production, in pre-order: the production's name, the node's pre-order
    /// index in its expression (0 is the root) and the kind of choice, as
    /// [`generate`](crate::bnf::generate()) reports them in [`ChoicePoint`].
    ///
    /// ```
    /// use rfc1738::bnf::{ChoiceKind, Grammar};
    ///
    /// let points = Grammar::rfc1738().choice_points();
    /// let hostport: Vec<_> = points.iter().filter(|(name, ..)| name == "hostport").collect();
    /// // `hostport = host [ ":" port ]`: one optional group, node 2 in pre-order.
    /// assert_eq!(hostport, [&("hostport".to_owned(), 2, ChoiceKind::Optional)]);
    /// ```
    #[must_use]
    pub fn choice_points(&self) -> Vec<(String, usize, ChoiceKind)> {
        let mut points = Vec::new();
        for p in self.productions() {
            choice_points(&p.name, &p.expr, &mut points);
        }
        points
    }
}

/// Appends the choice points of `expr`, the root of `production`'s
/// expression, in pre-order.
fn choice_points(production: &str, expr: &Expr, points: &mut Vec<(String, usize, ChoiceKind)>) {
    walk_points(production, expr, 0, points);
}

/// Appends the choice points of `expr`, node `id`; returns the id after
/// its subtree.
fn walk_points(
    production: &str,
    expr: &Expr,
    id: usize,
    points: &mut Vec<(String, usize, ChoiceKind)>,
) -> usize {
    let kind = match expr {
        Expr::Alternatives(items) => Some(ChoiceKind::Alternative { count: items.len() }),
        Expr::Optional(_) => Some(ChoiceKind::Optional),
        Expr::Repeat { min, .. } => Some(ChoiceKind::Repeat { min: *min }),
        Expr::Sequence(_) | Expr::Literal(_) | Expr::Ref(_) => None,
    };
    if let Some(kind) = kind {
        points.push((production.to_owned(), id, kind));
    }
    let mut next = id + 1;
    match expr {
        Expr::Alternatives(items) | Expr::Sequence(items) => {
            for item in items {
                next = walk_points(production, item, next, points);
            }
        }
        Expr::Optional(inner) | Expr::Repeat { expr: inner, .. } => {
            next = walk_points(production, inner, next, points);
        }
        Expr::Literal(_) | Expr::Ref(_) => {}
    }
    next
}
