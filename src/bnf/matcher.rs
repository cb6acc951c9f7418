//! Exhaustive matching by the BNF's context-free semantics.
//!
//! For an expression and a start position, the matcher computes the set of
//! every position a string of the expression can end at, memoized per
//! (node, start). Alternatives contribute all their ends, a sequence
//! continues from every end of its prefix, and a repetition from every end
//! of every number of repetitions: nothing is committed to, so the answer
//! is the language's, whatever order or greed a parser would use.
//!
//! The viable prefix is computed the same way, as the farthest position a
//! partial match can reach (see [`Matcher::viable_prefix`]).

use std::collections::{BTreeSet, HashMap};
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

use super::{Expr, Grammar, Production};

/// A node of the compiled grammar.
#[derive(Clone, Debug)]
enum Node {
    Literal(Box<[u8]>),
    /// Alternatives that are all one byte long (`lowalpha`, `safe`,
    /// `unreserved`, ...): the bytes they match. An optimization only: the
    /// language is the alternatives'.
    Class(Box<[bool; 256]>),
    /// The production at this index, or none (a name the grammar does not
    /// define, which matches nothing).
    Ref(Option<usize>),
    Sequence(Box<[usize]>),
    Alternatives(Box<[usize]>),
    Optional(usize),
    Repeat {
        min: u32,
        body: usize,
    },
}

/// Matches strings against a [`Grammar`]'s productions by the BNF's own
/// semantics: exhaustively, not as a PEG.
///
/// Methods take the [`Production`] to match (from [`Grammar::get`]), so an
/// unknown name is the caller's `None`, never a panic here. A production or
/// expression that does not belong to the matcher's grammar is matched by
/// its expression, its references resolved by name in the matcher's
/// grammar; a name the grammar does not define matches nothing.
///
/// Matching is byte-wise; positions are byte offsets. Every answer costs at
/// most polynomial time in the input's length (memoized per expression node
/// and start position), comfortably fast for URLs of a few hundred bytes and
/// linear for inputs like long host names.
#[derive(Clone, Debug)]
pub struct Matcher<'g> {
    grammar: &'g Grammar,
    nodes: Vec<Node>,
    /// The root node of each production.
    roots: Vec<usize>,
}

impl<'g> Matcher<'g> {
    /// A matcher for the productions of `grammar`.
    pub fn new(grammar: &'g Grammar) -> Matcher<'g> {
        let mut compiler = Compiler {
            grammar,
            base: &[],
            roots: vec![None; grammar.productions().len()],
            nodes: Vec::new(),
        };
        for p in 0..grammar.productions().len() {
            compiler.production(p);
        }
        let roots = compiler
            .roots
            .iter()
            // `production` compiled every production.
            .map(|root| root.unwrap_or(usize::MAX))
            .collect();
        Matcher {
            grammar,
            nodes: compiler.nodes,
            roots,
        }
    }

    /// The grammar matched against.
    pub fn grammar(&self) -> &'g Grammar {
        self.grammar
    }

    /// Whether the whole of `input` is a string of `production`.
    pub fn matches(&self, production: &Production, input: &str) -> bool {
        self.expr_matches(&production.expr, input)
    }

    /// Whether the whole of `input` is a string of `expr`, an expression
    /// whose references name productions of the matcher's grammar (a
    /// production's expression or a part of one, such as one of
    /// [`Production::alternatives`]).
    pub fn expr_matches(&self, expr: &Expr, input: &str) -> bool {
        let (extra, root) = self.entry(expr);
        let mut run = Run::new(self, &extra, input);
        run.ends(root, 0).contains(&input.len())
    }

    /// The length in bytes of the longest prefix of `input` that is a
    /// prefix of some string of `production`: `input.len()` when `input`
    /// is a string of the production or could be extended to one,
    /// otherwise the offset of the first byte no string of the production
    /// can have there.
    ///
    /// Compositionally: a literal's common prefix with the input; for a
    /// sequence, the farthest a partial match of any element reaches from
    /// any end of the elements before it; the farthest of the alternatives;
    /// for an optional or repeated body, the farthest a partial match of
    /// the body reaches from any position reachable by whole repetitions
    /// (the minimum count does not matter: more can always follow). Every
    /// language of a [`Grammar`] is non-empty, so each partial match can be
    /// completed.
    pub fn viable_prefix(&self, production: &Production, input: &str) -> usize {
        let (extra, root) = self.entry(&production.expr);
        let mut run = Run::new(self, &extra, input);
        run.viable(root, 0)
    }

    /// `Ok(())` when `input` is a string of `production`, otherwise
    /// `Err` with its [viable prefix](Self::viable_prefix).
    pub fn check(&self, production: &Production, input: &str) -> Result<(), usize> {
        let (extra, root) = self.entry(&production.expr);
        let mut run = Run::new(self, &extra, input);
        if run.ends(root, 0).contains(&input.len()) {
            Ok(())
        } else {
            Err(run.viable(root, 0))
        }
    }

    /// The node that matches `expr`: a production's root when `expr` is a
    /// production's expression in the grammar, otherwise nodes compiled
    /// for the call, numbered after the grammar's.
    fn entry(&self, expr: &Expr) -> (Vec<Node>, usize) {
        let own = self
            .grammar
            .productions()
            .iter()
            .position(|p| std::ptr::eq(&p.expr, expr));
        match own {
            // `roots` has an entry per production of the grammar.
            Some(i) => (Vec::new(), self.roots[i]),
            None => {
                let mut compiler = Compiler {
                    grammar: self.grammar,
                    base: &self.nodes,
                    roots: self.roots.iter().copied().map(Some).collect(),
                    nodes: Vec::new(),
                };
                let root = compiler.expr(expr);
                (compiler.nodes, root)
            }
        }
    }
}

/// Compiles expressions into nodes numbered after those of `base`.
struct Compiler<'c> {
    grammar: &'c Grammar,
    /// Nodes compiled before (the grammar's, when compiling an expression
    /// for one call).
    base: &'c [Node],
    /// The root of each production compiled so far.
    roots: Vec<Option<usize>>,
    /// The new nodes.
    nodes: Vec<Node>,
}

impl Compiler<'_> {
    fn node(&self, id: usize) -> Option<&Node> {
        match id.checked_sub(self.base.len()) {
            None => self.base.get(id),
            Some(new) => self.nodes.get(new),
        }
    }

    /// Compiles production `p` after the productions it refers to, so that
    /// a reference to a character class can be seen to be one. The grammar
    /// has no recursion and at most 256 levels of it.
    fn production(&mut self, p: usize) {
        if self.roots[p].is_some() {
            return;
        }
        let grammar = self.grammar;
        let production = &grammar.productions()[p];
        for name in grammar.uses(&production.name) {
            if let Some(q) = grammar.index_of(name) {
                self.production(q);
            }
        }
        self.roots[p] = Some(self.expr(&production.expr));
    }

    /// The bytes node `id` matches, if it matches exactly one byte.
    fn class(&self, id: usize) -> Option<[bool; 256]> {
        match self.node(id)? {
            Node::Literal(bytes) => match **bytes {
                [byte] => {
                    let mut set = [false; 256];
                    set[usize::from(byte)] = true;
                    Some(set)
                }
                _ => None,
            },
            Node::Class(set) => Some(**set),
            &Node::Ref(Some(p)) => self.class(self.roots.get(p).copied().flatten()?),
            _ => None,
        }
    }

    /// Compiles `expr`; returns its node's number.
    fn expr(&mut self, expr: &Expr) -> usize {
        let node = match expr {
            Expr::Literal(text) => Node::Literal(text.as_bytes().into()),
            Expr::Ref(name) => Node::Ref(self.grammar.index_of(name)),
            Expr::Sequence(items) => {
                Node::Sequence(items.iter().map(|item| self.expr(item)).collect())
            }
            Expr::Alternatives(items) => {
                let items: Vec<usize> = items.iter().map(|item| self.expr(item)).collect();
                let mut union = Some([false; 256]);
                for &item in &items {
                    union = union.zip(self.class(item)).map(|(mut all, set)| {
                        for (a, b) in all.iter_mut().zip(set) {
                            *a |= b;
                        }
                        all
                    });
                }
                match union {
                    Some(set) if !items.is_empty() => Node::Class(Box::new(set)),
                    _ => Node::Alternatives(items.into()),
                }
            }
            Expr::Optional(inner) => Node::Optional(self.expr(inner)),
            Expr::Repeat { min, expr } => Node::Repeat {
                min: *min,
                body: self.expr(expr),
            },
        };
        self.nodes.push(node);
        self.base.len() + self.nodes.len() - 1
    }
}

/// Sorted, deduplicated positions.
type Ends = Rc<[usize]>;

/// `positions` sorted and deduplicated.
fn sorted(mut positions: Vec<usize>) -> Vec<usize> {
    positions.sort_unstable();
    positions.dedup();
    positions
}

/// The memo tables' hasher: FxHash's multiply-and-rotate, much cheaper
/// than SipHash for keys of two small integers that no adversary chooses.
#[derive(Default)]
struct PairHasher(u64);

impl Hasher for PairHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_usize(&mut self, n: usize) {
        // `usize` is at most 64 bits on every platform Rust supports.
        self.write_u64(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type Memo<V> = HashMap<(usize, usize), V, BuildHasherDefault<PairHasher>>;

/// One question about one input: the memo tables live as long as it.
struct Run<'r> {
    nodes: &'r [Node],
    extra: &'r [Node],
    roots: &'r [usize],
    input: &'r [u8],
    ends: Memo<Ends>,
    viable: Memo<usize>,
    /// The empty set, shared.
    none: Ends,
    /// The one-position sets, shared.
    singles: Vec<Option<Ends>>,
}

impl<'r> Run<'r> {
    fn new(matcher: &'r Matcher<'_>, extra: &'r [Node], input: &'r str) -> Run<'r> {
        Run {
            nodes: &matcher.nodes,
            extra,
            roots: &matcher.roots,
            input: input.as_bytes(),
            ends: Memo::default(),
            viable: Memo::default(),
            none: Rc::from([]),
            singles: vec![None; input.len() + 1],
        }
    }

    fn node(&self, id: usize) -> &'r Node {
        // Ids past the grammar's nodes are those `entry` compiled after them.
        match id.checked_sub(self.nodes.len()) {
            None => &self.nodes[id],
            Some(extra) => &self.extra[extra],
        }
    }

    /// Every position at which a string of node `id` starting at `start`
    /// can end.
    fn ends(&mut self, id: usize, start: usize) -> Ends {
        // Leaves and references: cheap, not memoized.
        match self.node(id) {
            // Positions start at 0 or end a match: at most the input's length.
            Node::Literal(bytes) => {
                return if self.input[start..].starts_with(bytes) {
                    self.single(start + bytes.len())
                } else {
                    Rc::clone(&self.none)
                };
            }
            Node::Class(set) => {
                return match self.input.get(start) {
                    Some(&byte) if set[usize::from(byte)] => self.single(start + 1),
                    _ => Rc::clone(&self.none),
                };
            }
            Node::Ref(None) => return Rc::clone(&self.none),
            // `p` is the grammar's `index_of` a name: a production with a root.
            &Node::Ref(Some(p)) => return self.ends(self.roots[p], start),
            _ => {}
        }
        if let Some(ends) = self.ends.get(&(id, start)) {
            return Rc::clone(ends);
        }
        let ends: Ends = match self.node(id) {
            Node::Literal(_) | Node::Class(_) | Node::Ref(_) => Rc::clone(&self.none),
            Node::Sequence(items) => {
                let mut current = vec![start];
                for &item in items.iter() {
                    current = self.step(item, &current);
                    if current.is_empty() {
                        break;
                    }
                }
                current.into()
            }
            Node::Alternatives(items) => {
                let mut all = Vec::new();
                for &item in items.iter() {
                    all.extend_from_slice(&self.ends(item, start));
                }
                sorted(all).into()
            }
            &Node::Optional(body) => {
                let mut all = self.ends(body, start).to_vec();
                all.push(start);
                sorted(all).into()
            }
            &Node::Repeat { min, body } => {
                // A body that matches the empty string makes up any count
                // with empty repetitions: the minimum is then no constraint.
                let nullable = self.ends(body, start).contains(&start);
                let min = if nullable { 0 } else { min };
                let mut current = vec![start];
                for _ in 0..min {
                    current = self.step(body, &current);
                    if current.is_empty() {
                        // Each repetition consumes a byte: this ends
                        // within `input.len()` steps.
                        break;
                    }
                }
                self.closure(body, current).into()
            }
        };
        self.ends.insert((id, start), Rc::clone(&ends));
        ends
    }

    /// The set of the one position `end`.
    fn single(&mut self, end: usize) -> Ends {
        // `end` is at most the input's length: `singles` has a slot for it.
        Rc::clone(self.singles[end].get_or_insert_with(|| Rc::from([end])))
    }

    /// Every end of node `id` started at any of `starts`.
    fn step(&mut self, id: usize, starts: &[usize]) -> Vec<usize> {
        let mut all = Vec::new();
        for &start in starts {
            all.extend_from_slice(&self.ends(id, start));
        }
        sorted(all)
    }

    /// Every position reachable from `starts` by zero or more matches of
    /// node `body`.
    fn closure(&mut self, body: usize, starts: Vec<usize>) -> Vec<usize> {
        let mut reached: BTreeSet<usize> = starts.into_iter().collect();
        // Ends never precede their start: visiting positions in increasing
        // order visits each once, new ones included.
        let mut from = 0;
        while let Some(&position) = reached.range(from..).next() {
            from = position + 1;
            let ends = self.ends(body, position);
            reached.extend(ends.iter().copied());
        }
        reached.into_iter().collect()
    }

    /// The farthest position a prefix of a string of node `id`, started at
    /// `start`, reaches along the input.
    fn viable(&mut self, id: usize, start: usize) -> usize {
        // Leaves and references: cheap, not memoized.
        match self.node(id) {
            // As in `ends`: `start` is at most the input's length.
            Node::Literal(bytes) => {
                let common = bytes
                    .iter()
                    .zip(&self.input[start..])
                    .take_while(|(a, b)| a == b)
                    .count();
                return start + common;
            }
            Node::Class(set) => {
                return match self.input.get(start) {
                    Some(&byte) if set[usize::from(byte)] => start + 1,
                    _ => start,
                };
            }
            // No string at all: not even the empty prefix is one, but
            // `start` is the least answer, and a Grammar's references are
            // all defined.
            Node::Ref(None) => return start,
            &Node::Ref(Some(p)) => return self.viable(self.roots[p], start),
            _ => {}
        }
        if let Some(&far) = self.viable.get(&(id, start)) {
            return far;
        }
        let far = match self.node(id) {
            Node::Literal(_) | Node::Class(_) | Node::Ref(_) => start,
            Node::Sequence(items) => {
                let mut far = start;
                let mut current = vec![start];
                for &item in items.iter() {
                    for &position in &current {
                        far = far.max(self.viable(item, position));
                    }
                    current = self.step(item, &current);
                    if current.is_empty() {
                        break;
                    }
                }
                far
            }
            Node::Alternatives(items) => {
                let mut far = start;
                for &item in items.iter() {
                    far = far.max(self.viable(item, start));
                }
                far
            }
            &Node::Optional(body) => self.viable(body, start),
            &Node::Repeat { body, .. } => {
                let mut far = start;
                for position in self.closure(body, vec![start]) {
                    far = far.max(self.viable(body, position));
                }
                far
            }
        };
        self.viable.insert((id, start), far);
        far
    }
}
