//! Random derivations: strings of a production, made by walking its
//! expression and asking at every choice which way to go.

use super::{Expr, Grammar, Production};

/// More repetitions than this beyond a repetition's minimum are not made,
/// whatever the answer, to keep strings short.
const MAX_EXTRA: u32 = 8;

/// A choice [`generate`] asks about: where it is and what kind it is.
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
/// are reported with their own production's name).
///
/// The string is in the production's language by construction. A
/// production that is not one of `grammar`'s has its references resolved
/// by name in `grammar`; a name `grammar` does not define derives nothing,
/// and the string is then not in the language.
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
pub fn generate<'g>(
    grammar: &'g Grammar,
    production: &'g Production,
    choose: &mut dyn FnMut(&ChoicePoint<'g>) -> u32,
) -> String {
    let mut out = String::new();
    let mut walk = Walk {
        grammar,
        choose,
        out: &mut out,
    };
    walk.expr(&production.name, &production.expr, 0);
    out
}

struct Walk<'g, 'c> {
    grammar: &'g Grammar,
    choose: &'c mut dyn FnMut(&ChoicePoint<'g>) -> u32,
    out: &'c mut String,
}

impl<'g> Walk<'g, '_> {
    fn ask(&mut self, production: &'g str, id: usize, kind: ChoiceKind) -> u32 {
        (self.choose)(&ChoicePoint {
            production,
            id,
            kind,
        })
    }

    /// Derives a string of `expr`, node `id` of `production`'s expression.
    fn expr(&mut self, production: &'g str, expr: &'g Expr, id: usize) {
        match expr {
            Expr::Literal(text) => self.out.push_str(text),
            Expr::Ref(name) => {
                if let Some(p) = self.grammar.get(name) {
                    self.expr(&p.name, &p.expr, 0);
                }
            }
            Expr::Sequence(items) => {
                let mut child = id + 1;
                for item in items {
                    self.expr(production, item, child);
                    child += size(item);
                }
            }
            Expr::Alternatives(items) => {
                let count = items.len();
                let answer = self.ask(production, id, ChoiceKind::Alternative { count });
                // A `u32` index always fits a `usize` where `std` runs. A
                // grammar's alternatives are at least 2; an empty list (built
                // by hand) derives nothing.
                let index = usize::try_from(answer).unwrap_or(usize::MAX) % count.max(1);
                if let Some(item) = items.get(index) {
                    let child = id + 1 + items[..index].iter().map(size).sum::<usize>();
                    self.expr(production, item, child);
                }
            }
            Expr::Optional(inner) => {
                if self.ask(production, id, ChoiceKind::Optional) != 0 {
                    self.expr(production, inner, id + 1);
                }
            }
            Expr::Repeat { min, expr: inner } => {
                let extra = self
                    .ask(production, id, ChoiceKind::Repeat { min: *min })
                    .min(MAX_EXTRA);
                for _ in 0..min.saturating_add(extra) {
                    self.expr(production, inner, id + 1);
                }
            }
        }
    }
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

/// Appends the choice points of `expr`, the root of `production`'s
/// expression, in pre-order.
pub(super) fn choice_points(
    production: &str,
    expr: &Expr,
    points: &mut Vec<(String, usize, ChoiceKind)>,
) {
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
