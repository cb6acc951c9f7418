//! Exhaustive matching by the BNF's context-free semantics.
//!
//! The reader admits no recursion, so every production is a finite
//! automaton in disguise: a place in an expression, together with what is
//! left to match after it, says all there is to say about how the rest of
//! the input may go on. The matcher reads the input once, left to right,
//! keeping the set of every such state that some reading of the bytes so far
//! can be in: every alternative, a repetition both stopping and going on after
//! each round, an optional group both taken and left out. Nothing is
//! committed to, so the answer is the language's, whatever order or greed a
//! parser would use.
//!
//! States are interned: a place and a continuation are one state however
//! many splits of the input lead to them. That is what keeps a question
//! linear in the input's length. In `gopher://h/1%09%09%09...` the selector,
//! the search and the gopher+ string can each start after any `%09`; tracked
//! per start, as sets of end positions memoized per start are, that makes
//! a set of ends for each of a linear number of starts, and the work cubic.
//! Interned, every start lands on the same few states. The states alive at
//! one position are at most all of the production's states, a number set by
//! the grammar alone; [`MAX_STATES`] bounds it for grammars where it is vast.
//!
//! The viable prefix comes out of the same pass: it is the last position
//! the set of states reached before it ran empty (see
//! [`Matcher::viable_prefix`]).

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::{BuildHasherDefault, Hasher};

use super::grammar::Grammar;
use super::syntax::{Expr, Production, Step};

/// The most states the matcher makes to answer one question; past it the
/// question fails with [`TooManyStates`].
///
/// A state is a place in a production's expression together with what is
/// left to match after it; a repetition's place counts its rounds up to its
/// minimum (`1000*x` has a place for each count). The states alive at one
/// position are at most the states made, so the limit bounds both a
/// question's memory (about a megabyte) and its work per input byte. Every
/// production of [`Grammar::rfc1738`] has fewer states in all, whatever the
/// input (`url`, the largest, has 1405), so its questions never fail. A
/// grammar read by [`Grammar::parse`] can have astronomically many:
/// `a = 1000*[ 1000*[ 1000*"x" ] ]` has a state for each combination of
/// the counts of its three repetitions, and a chain of productions each two
/// of the next (`p0 = p1 p1`, `p1 = p2 p2`, ...) new states at nearly every
/// byte of its one string.
///
/// ```
/// use rfc1738::bnf::{Grammar, MAX_STATES, Matcher};
///
/// // The RFC's productions never need that many, whatever the input.
/// let grammar = Grammar::rfc1738();
/// let url = grammar.get("url").unwrap();
/// let input = format!("gopher://h/1{}", "%09".repeat(10_000));
/// assert_eq!(Matcher::new(grammar).try_check(url, &input), Ok(Ok(())));
/// assert_eq!(MAX_STATES, 8192);
/// ```
pub const MAX_STATES: usize = 1 << 13;

/// The matcher gave up on a question: answering it needs more than
/// [`MAX_STATES`] states.
///
/// Displays as `the matcher needs more than 8192 states (at byte 1200 of
/// the input)`.
///
/// ```
/// use rfc1738::bnf::{Grammar, Matcher};
///
/// // p0 = p1 p1, ..., p40 = "x": new states at nearly every byte.
/// let mut text: String = (0..40).map(|i| format!("p{i} = p{0} p{0}\n", i + 1)).collect();
/// text.push_str("p40 = \"x\"\n");
/// let grammar = Grammar::parse(&text)?;
/// let p0 = grammar.get("p0").unwrap();
/// let error = Matcher::new(&grammar).try_check(p0, &"x".repeat(100_000)).unwrap_err();
/// assert!(error.to_string().starts_with("the matcher needs more than 8192 states"));
/// # Ok::<(), rfc1738::bnf::BnfError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("the matcher needs more than {MAX_STATES} states (at byte {offset} of the input)")]
#[non_exhaustive]
pub struct TooManyStates {
    offset: usize,
}

impl TooManyStates {
    #[cold]
    fn at(offset: usize) -> Self {
        TooManyStates { offset }
    }

    /// The byte offset of the input the matcher had read up to when it
    /// needed one state too many; 0 when it gave up before reading any.
    ///
    /// ```
    /// use rfc1738::bnf::{Grammar, Matcher};
    ///
    /// let mut text: String = (0..40).map(|i| format!("p{i} = p{0} p{0}\n", i + 1)).collect();
    /// text.push_str("p40 = \"x\"\n");
    /// let grammar = Grammar::parse(&text)?;
    /// let p0 = grammar.get("p0").unwrap();
    /// let error = Matcher::new(&grammar).try_check(p0, &"x".repeat(100_000)).unwrap_err();
    /// assert!(0 < error.offset() && error.offset() < 100_000);
    /// # Ok::<(), rfc1738::bnf::BnfError>(())
    /// ```
    #[must_use]
    pub fn offset(&self) -> usize {
        self.offset
    }
}

/// What a question cost the matcher, counted, for tests that pin its
/// complexity without timing it.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchCost {
    /// The states made: the question's memory, apart from the input.
    pub states: usize,
    /// The steps taken: a byte tried against a state waiting for one, an
    /// edge followed from one state to the next.
    pub steps: usize,
}

/// A node of the compiled grammar.
#[derive(Clone, Debug)]
enum Node {
    Literal(Box<[u8]>),
    /// Alternatives that are all one byte long (`lowalpha`, `safe`,
    /// `unreserved`, ...): the bytes they match. An optimization only: the
    /// language is the alternatives'.
    Class(Box<[bool; 256]>),
    /// The production at this index.
    Ref(usize),
    /// What matches nothing, built by hand: a name the grammar does not
    /// define, an empty list of alternatives, and a sequence or a
    /// repetition of at least one round that needs one of those. Compiled
    /// so that no state waits for a byte on a way that cannot end.
    Nothing,
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
/// grammar. A name the grammar does not define matches nothing, and so
/// does an [`Expr::Alternatives`] with no items, as the BNF reads them:
/// neither has a string, so neither is a way on for the
/// [viable prefix](Matcher::viable_prefix) either, and an expression whose
/// language they leave empty rejects every input at offset 0.
/// [`try_generate`](super::try_generate) refuses an expression that holds
/// either, rather than make a string of it.
///
/// ```
/// use rfc1738::bnf::{Expr, Grammar, Matcher, Production, try_generate};
///
/// let grammar = Grammar::rfc1738();
/// // `digits "." nope`, built by hand: `nope` is no production.
/// let expr = Expr::Sequence(vec![
///     Expr::Ref("digits".into()),
///     Expr::Literal(".".into()),
///     Expr::Ref("nope".into()),
/// ]);
/// let number = Production { name: "number".into(), expr, line: 1, text: String::new(), comments: Vec::new() };
/// let matcher = Matcher::new(grammar);
/// assert_eq!(matcher.check(&number, "12."), Err(0));
/// assert!(try_generate(grammar, &number, &mut |_| 0).is_err());
/// ```
///
/// Matching is byte-wise; positions are byte offsets. Every answer reads the
/// input once: its time is linear in the input's length and its memory,
/// apart from the input, bounded by the production's states, whatever the
/// input (see [`MAX_STATES`]).
///
/// ```
/// use rfc1738::bnf::{Grammar, Matcher};
///
/// let grammar = Grammar::rfc1738();
/// let matcher = Matcher::new(grammar);
/// // `hostname` ends with a `toplabel`, however greedy a parser would be.
/// let hostname = grammar.get("hostname").unwrap();
/// assert!(matcher.matches(hostname, "a.b-c.d"));
/// assert!(!matcher.matches(hostname, "a.b."));
/// ```
///
/// `Debug` shows how many productions it holds and how many nodes they
/// are compiled into, not the grammar and the nodes themselves:
///
/// ```
/// use rfc1738::bnf::{Grammar, Matcher};
/// let grammar = Grammar::parse("bit = \"0\" | \"1\"")?;
/// let shown = format!("{:?}", Matcher::new(&grammar));
/// assert_eq!(shown, "Matcher { productions: 1, nodes: 3, .. }");
/// # Ok::<(), rfc1738::bnf::BnfError>(())
/// ```
#[derive(Clone)]
pub struct Matcher<'g> {
    grammar: &'g Grammar,
    nodes: Vec<Node>,
    /// The root node of each production.
    roots: Vec<usize>,
}

impl core::fmt::Debug for Matcher<'_> {
    /// The number of productions and of compiled nodes, not the grammar.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Matcher")
            .field("productions", &self.roots.len())
            .field("nodes", &self.nodes.len())
            .finish_non_exhaustive()
    }
}

impl<'g> Matcher<'g> {
    /// A matcher for the productions of `grammar`.
    ///
    /// ```
    /// use rfc1738::bnf::{Grammar, Matcher};
    /// let grammar = Grammar::parse("bit = \"0\" | \"1\"")?;
    /// let matcher = Matcher::new(&grammar);
    /// assert!(matcher.matches(grammar.get("bit").unwrap(), "1"));
    /// # Ok::<(), rfc1738::bnf::BnfError>(())
    /// ```
    #[must_use]
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
    ///
    /// ```
    /// use rfc1738::bnf::{Grammar, Matcher};
    /// let matcher = Matcher::new(Grammar::rfc1738());
    /// assert!(std::ptr::eq(matcher.grammar(), Grammar::rfc1738()));
    /// ```
    #[must_use]
    pub fn grammar(&self) -> &'g Grammar {
        self.grammar
    }

    /// Whether the whole of `input` is a string of `production`.
    ///
    /// # Panics
    ///
    /// When the question needs more than [`MAX_STATES`] states, which no
    /// production of [`Grammar::rfc1738`] does; [`Matcher::try_check`]
    /// returns that as an error.
    ///
    /// ```
    /// use rfc1738::bnf::{Grammar, Matcher};
    /// let grammar = Grammar::rfc1738();
    /// let port = grammar.get("port").unwrap();
    /// let matcher = Matcher::new(grammar);
    /// assert!(matcher.matches(port, "8080"));
    /// assert!(!matcher.matches(port, "80a"));
    /// assert!(!matcher.matches(port, ""));
    /// ```
    #[track_caller]
    #[must_use]
    pub fn matches(&self, production: &Production, input: &str) -> bool {
        self.expr_matches(&production.expr, input)
    }

    /// Whether the whole of `input` is a string of `expr`, an expression
    /// whose references name productions of the matcher's grammar (a
    /// production's expression or a part of one, such as one of
    /// [`Production::alternatives`]); a name it does not define matches
    /// nothing (see [`Matcher`]).
    ///
    /// # Panics
    ///
    /// When the question needs more than [`MAX_STATES`] states, which no
    /// expression of [`Grammar::rfc1738`] does; an expression built by hand
    /// may, and [`Matcher::try_expr_matches`] returns that as an error.
    ///
    /// ```
    /// use rfc1738::bnf::{Grammar, Matcher};
    /// let grammar = Grammar::rfc1738();
    /// let host = grammar.get("host").unwrap();
    /// // `host = hostname | hostnumber`: `1.2.3.4` is a string of both.
    /// let [hostname, hostnumber] = host.alternatives() else { unreachable!() };
    /// let matcher = Matcher::new(grammar);
    /// assert!(matcher.expr_matches(hostnumber, "1.2.3.4"));
    /// assert!(!matcher.expr_matches(hostname, "1.2.3.4"));
    /// assert!(matcher.expr_matches(hostname, "a.b"));
    /// ```
    #[track_caller]
    #[must_use]
    pub fn expr_matches(&self, expr: &Expr, input: &str) -> bool {
        expect(self.try_expr_matches(expr, input))
    }

    /// [`Matcher::expr_matches`] for any expression: `Ok` with its answer,
    /// or an error when the question needs more than [`MAX_STATES`] states.
    ///
    /// # Errors
    ///
    /// [`TooManyStates`], with how far the input had been read.
    ///
    /// ```
    /// use rfc1738::bnf::{Expr, Grammar, Matcher};
    /// let matcher = Matcher::new(Grammar::rfc1738());
    ///
    /// // `1*alpha`, built by hand: its reference is to the matcher's grammar.
    /// let word = Expr::Repeat { min: 1, expr: Box::new(Expr::Ref("alpha".into())) };
    /// assert_eq!(matcher.try_expr_matches(&word, "gopher"), Ok(true));
    /// assert_eq!(matcher.try_expr_matches(&word, "gopher+"), Ok(false));
    ///
    /// // `10000*"x"`, which the reader refuses (it counts to 1000): a state
    /// // for each count up to the minimum, more than the matcher makes.
    /// let many = Expr::Repeat { min: 10_000, expr: Box::new(Expr::Literal("x".into())) };
    /// let error = matcher.try_expr_matches(&many, &"x".repeat(10_000)).unwrap_err();
    /// assert!(error.offset() < 10_000);
    /// ```
    pub fn try_expr_matches(&self, expr: &Expr, input: &str) -> Result<bool, TooManyStates> {
        Ok(self.read(expr, input)?.matched)
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
    /// completed. In an expression built by hand, a part whose language is
    /// empty (a reference to a name the grammar does not define, an empty
    /// [`Expr::Alternatives`], a sequence or a repetition of one round or
    /// more that holds one) is no way on, so the answer is the same for
    /// it; when the whole language is empty, it is 0.
    ///
    /// # Panics
    ///
    /// As [`Matcher::matches`].
    ///
    /// ```
    /// use rfc1738::bnf::{Grammar, Matcher};
    /// let grammar = Grammar::rfc1738();
    /// let httpurl = grammar.get("httpurl").unwrap();
    /// let matcher = Matcher::new(grammar);
    /// assert_eq!(matcher.viable_prefix(httpurl, "http://host:8a/"), 13);
    /// // Could go on to a string of httpurl: all of it.
    /// assert_eq!(matcher.viable_prefix(httpurl, "http://ho"), 9);
    /// ```
    #[track_caller]
    #[must_use]
    pub fn viable_prefix(&self, production: &Production, input: &str) -> usize {
        expect(self.read(&production.expr, input)).viable
    }

    /// Checks that `input` is a string of `production`.
    ///
    /// # Errors
    ///
    /// When `input` is not a string of `production`: the `Err` holds its
    /// [viable prefix](Self::viable_prefix), the offset of the first byte no
    /// string of the production can have there (`input.len()` when `input`
    /// stops too early; 0 for a production built by hand whose language is
    /// empty, see [`Matcher`]).
    ///
    /// # Panics
    ///
    /// As [`Matcher::matches`].
    ///
    /// ```
    /// use rfc1738::bnf::{Grammar, Matcher};
    /// let grammar = Grammar::rfc1738();
    /// let ftpurl = grammar.get("ftpurl").unwrap();
    /// let matcher = Matcher::new(grammar);
    /// assert_eq!(matcher.check(ftpurl, "ftp://host/a;type=i"), Ok(()));
    /// assert_eq!(matcher.check(ftpurl, "ftp://host/a;type=x"), Err(18));
    /// ```
    #[track_caller]
    pub fn check(&self, production: &Production, input: &str) -> Result<(), usize> {
        expect(self.try_check(production, input))
    }

    /// [`Matcher::check`] for any grammar: `Ok` with its answer, or an
    /// error when the question needs more than [`MAX_STATES`] states.
    ///
    /// # Errors
    ///
    /// [`TooManyStates`], with how far the input had been read.
    ///
    /// ```
    /// use rfc1738::bnf::{Grammar, Matcher};
    ///
    /// // p0 = p1 p1, p1 = p2 p2, ..., p40 = "x": one string, 2^40 x's long,
    /// // and new states at nearly every byte of it.
    /// let mut text: String = (0..40).map(|i| format!("p{i} = p{0} p{0}\n", i + 1)).collect();
    /// text.push_str("p40 = \"x\"\n");
    /// let grammar = Grammar::parse(&text)?;
    /// let matcher = Matcher::new(&grammar);
    /// let p0 = grammar.get("p0").expect("defined above");
    /// assert_eq!(matcher.try_check(p0, "xxxy"), Ok(Err(3)));
    /// let error = matcher.try_check(p0, &"x".repeat(100_000)).unwrap_err();
    /// assert!(error.offset() < 100_000);
    /// # Ok::<(), rfc1738::bnf::BnfError>(())
    /// ```
    pub fn try_check(
        &self,
        production: &Production,
        input: &str,
    ) -> Result<Result<(), usize>, TooManyStates> {
        let verdict = self.read(&production.expr, input)?;
        Ok(if verdict.matched {
            Ok(())
        } else {
            Err(verdict.viable)
        })
    }

    /// What [`Matcher::check`] of `production` on `input` costs.
    #[doc(hidden)]
    pub fn cost(&self, production: &Production, input: &str) -> Result<MatchCost, TooManyStates> {
        let (extra, root) = self.entry(&production.expr);
        let mut run = Run::new(self, &extra);
        run.read(root, input.as_bytes())?;
        Ok(MatchCost {
            states: run.states.len(),
            steps: run.steps,
        })
    }

    /// How many states `production` has in all: the most any question
    /// about it can make, whatever the input.
    #[doc(hidden)]
    pub fn state_space(&self, production: &Production) -> Result<usize, TooManyStates> {
        let (extra, root) = self.entry(&production.expr);
        Run::new(self, &extra).explore(root)
    }

    /// Reads `input` as a string of `expr`.
    fn read(&self, expr: &Expr, input: &str) -> Result<Verdict, TooManyStates> {
        let (extra, root) = self.entry(expr);
        Run::new(self, &extra).read(root, input.as_bytes())
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

/// The answer of the infallible methods, which document the panic.
#[track_caller]
fn expect<T>(answer: Result<T, TooManyStates>) -> T {
    answer.unwrap_or_else(|error| panic!("{error}"))
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
            &Node::Ref(p) => self.class(self.roots.get(p).copied().flatten()?),
            _ => None,
        }
    }

    /// Compiles `expr`; returns its node's number. Each expression is
    /// compiled when a walk leaves it, after its items, so that an
    /// expression built by hand as deep as memory allows takes no frame
    /// per level. What matches nothing is [`Node::Nothing`], and so is what
    /// needs it; a list of alternatives leaves it out.
    fn expr(&mut self, expr: &Expr) -> usize {
        // The numbers of the items compiled whose parent is not yet.
        let mut compiled: Vec<usize> = Vec::new();
        for step in expr.walk() {
            let Step::Leave(expr) = step else { continue };
            // The walk left each item before its parent: their numbers are
            // the last `items().len()`.
            let items = compiled.split_off(compiled.len().saturating_sub(expr.items().len()));
            let body = items.first().copied().unwrap_or(usize::MAX);
            let nothing = |id: usize| matches!(self.node(id), Some(Node::Nothing));
            let node = match expr {
                Expr::Literal(text) => Node::Literal(text.as_bytes().into()),
                Expr::Ref(name) => self.grammar.index_of(name).map_or(Node::Nothing, Node::Ref),
                Expr::Sequence(_) if items.iter().any(|&item| nothing(item)) => Node::Nothing,
                Expr::Sequence(_) => Node::Sequence(items.into()),
                Expr::Alternatives(_) => {
                    let ways: Vec<usize> =
                        items.into_iter().filter(|&item| !nothing(item)).collect();
                    if ways.is_empty() {
                        Node::Nothing
                    } else {
                        self.alternatives(ways)
                    }
                }
                Expr::Optional(_) => Node::Optional(body),
                Expr::Repeat { min, .. } if *min > 0 && nothing(body) => Node::Nothing,
                Expr::Repeat { min, .. } => Node::Repeat { min: *min, body },
            };
            self.nodes.push(node);
            compiled.push(self.base.len() + self.nodes.len() - 1);
        }
        // The walk left the root last.
        compiled.pop().unwrap_or(usize::MAX)
    }

    /// The node of alternatives `items`, compiled: the bytes they match
    /// when each matches one byte, else the list.
    fn alternatives(&self, items: Vec<usize>) -> Node {
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
}

/// The answer to one question.
#[derive(Clone, Copy, Debug)]
struct Verdict {
    /// Whether the whole input is a string of the expression.
    matched: bool,
    /// The viable prefix's length.
    viable: usize,
}

/// Where a state is in the grammar and what it does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Place {
    /// Literal or class `node`, waiting for its byte `offset`.
    Leaf { node: usize, offset: usize },
    /// Sequence `node`, to go on with its item `next`.
    Then { node: usize, next: usize },
    /// Repetition `node` after `count` rounds, counted only up to its
    /// minimum: past it, one count behaves as any other.
    Again { node: usize, count: u32 },
    /// Node `node` entered: a state only so that entering one node with
    /// one continuation twice at one position is done once. Without it,
    /// alternatives that share a production (`a = b | b`, `b = c | c`, ...)
    /// would enter it once per path to it, exponentially often.
    Enter { node: usize },
}

/// A place and its continuation: the state to go on with when the place's
/// node has matched, or [`DONE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct State {
    place: Place,
    then: u32,
}

/// The continuation of the expression asked about: it has matched.
const DONE: u32 = u32::MAX;

/// Where a state leads without reading a byte, or, from a leaf state, once
/// its byte is read.
#[derive(Clone, Copy, Debug)]
enum Edge {
    /// To a state that enters a node or continues a sequence or repetition.
    Go(u32),
    /// To a leaf state, which waits for the next byte.
    Wait(u32),
    /// The expression has matched.
    Done,
}

/// The edge that goes on with continuation `then`.
fn go(then: u32) -> Edge {
    if then == DONE {
        Edge::Done
    } else {
        Edge::Go(then)
    }
}

/// One question about one input: the states live as long as it.
///
/// A state's edges depend on the state alone, not on the input: they are
/// worked out the first time the state is visited and kept, so that the
/// table of states is looked up once per state, not once per visit.
struct Run<'r> {
    nodes: &'r [Node],
    extra: &'r [Node],
    roots: &'r [usize],
    /// Every state made, numbered in order.
    states: Vec<State>,
    /// The number of each state.
    numbers: HashMap<State, u32, BuildHasherDefault<PairHasher>>,
    /// Per state, where its edges are in `edges`, once worked out.
    ranges: Vec<Option<(usize, usize)>>,
    /// The edges of every state worked out, one range per state.
    edges: Vec<Edge>,
    /// Per state, the `stamp` of the position it was last visited at: a
    /// state is followed at most once per position.
    visited: Vec<usize>,
    /// The current position plus one (so that 0 is never visited).
    stamp: usize,
    /// The current position, for the error.
    position: usize,
    /// Whether the expression has matched the input up to the current
    /// position.
    matched: bool,
    /// The leaf states waiting for the byte at the current position.
    waiting: Vec<u32>,
    /// Edges to follow at the current position.
    pending: Vec<Edge>,
    steps: usize,
}

impl<'r> Run<'r> {
    fn new(matcher: &'r Matcher<'_>, extra: &'r [Node]) -> Run<'r> {
        Run {
            nodes: &matcher.nodes,
            extra,
            roots: &matcher.roots,
            states: Vec::new(),
            numbers: HashMap::default(),
            ranges: Vec::new(),
            edges: Vec::new(),
            visited: Vec::new(),
            stamp: 1,
            position: 0,
            matched: false,
            waiting: Vec::new(),
            pending: Vec::new(),
            steps: 0,
        }
    }

    fn node(&self, id: usize) -> &'r Node {
        // Ids past the grammar's nodes are those `entry` compiled after them.
        match id.checked_sub(self.nodes.len()) {
            None => &self.nodes[id],
            Some(extra) => &self.extra[extra],
        }
    }

    /// Reads `input` from node `root`, one byte at a time, until it ends or
    /// no state can take its next byte.
    fn read(&mut self, root: usize, input: &[u8]) -> Result<Verdict, TooManyStates> {
        let mut start = Vec::new();
        self.reach(root, DONE, &mut start)?;
        self.pending = start;
        self.settle()?;
        let mut waited = Vec::new();
        for (position, &byte) in input.iter().enumerate() {
            std::mem::swap(&mut waited, &mut self.waiting);
            self.waiting.clear();
            self.position = position + 1;
            self.stamp = position + 2;
            self.matched = false;
            let mut moved = false;
            for &id in &waited {
                self.steps += 1;
                // Only leaf states wait, and `states` holds every number made.
                let Place::Leaf { node, offset } = self.states[id as usize].place else {
                    continue;
                };
                let takes = match self.node(node) {
                    Node::Class(set) => set[usize::from(byte)],
                    Node::Literal(bytes) => bytes.get(offset) == Some(&byte),
                    _ => false,
                };
                if takes {
                    moved = true;
                    self.follow_edges(id)?;
                }
            }
            if !moved {
                return Ok(Verdict {
                    matched: false,
                    viable: position,
                });
            }
            self.settle()?;
        }
        Ok(Verdict {
            matched: self.matched,
            viable: input.len(),
        })
    }

    /// Makes every state reachable from node `root` whatever the input,
    /// as if each leaf took any byte; returns how many there are.
    fn explore(&mut self, root: usize) -> Result<usize, TooManyStates> {
        // One stamp throughout: each state is followed once in all, not
        // once per position.
        let mut start = Vec::new();
        self.reach(root, DONE, &mut start)?;
        self.pending = start;
        self.settle()?;
        while let Some(id) = self.waiting.pop() {
            self.follow_edges(id)?;
            self.settle()?;
        }
        Ok(self.states.len())
    }

    /// Follows the pending edges, and the edges of the states they lead to,
    /// until none is left: the leaf states they reach wait for the next
    /// byte, and reaching [`Edge::Done`] means the expression has matched.
    fn settle(&mut self) -> Result<(), TooManyStates> {
        while let Some(edge) = self.pending.pop() {
            self.steps += 1;
            match edge {
                Edge::Done => self.matched = true,
                Edge::Wait(id) => {
                    if self.visit(id) {
                        self.waiting.push(id);
                    }
                }
                Edge::Go(id) => {
                    if self.visit(id) {
                        self.follow_edges(id)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Adds the edges of state `id` to the pending ones, working them out
    /// if this is the first time.
    fn follow_edges(&mut self, id: u32) -> Result<(), TooManyStates> {
        // `ranges` has an entry per state made.
        let (start, end) = match self.ranges[id as usize] {
            Some(range) => range,
            None => {
                let edges = self.work_out(id)?;
                let range = (self.edges.len(), self.edges.len() + edges.len());
                self.edges.extend_from_slice(&edges);
                self.ranges[id as usize] = Some(range);
                range
            }
        };
        // The range was cut from `edges`, which only grows.
        self.pending.extend_from_slice(&self.edges[start..end]);
        Ok(())
    }

    /// The edges of state `id`: for a leaf, where it goes once its byte is
    /// read; for the others, where they go at once.
    fn work_out(&mut self, id: u32) -> Result<Vec<Edge>, TooManyStates> {
        let mut out = Vec::new();
        // `states` holds every number made.
        let State { place, then } = self.states[id as usize];
        match (place, self.node_of(place)) {
            (Place::Leaf { node, offset }, Node::Literal(bytes)) if offset + 1 < bytes.len() => {
                let next = self.make(
                    Place::Leaf {
                        node,
                        offset: offset + 1,
                    },
                    then,
                )?;
                out.push(Edge::Wait(next));
            }
            (Place::Leaf { .. }, _) => out.push(go(then)),
            (Place::Enter { node }, Node::Sequence(items)) => match items.first() {
                Some(&first) => {
                    let after = self.after(node, 1, items.len(), then)?;
                    self.reach(first, after, &mut out)?;
                }
                // Built by hand: the empty sequence matches the empty
                // string.
                None => out.push(go(then)),
            },
            (Place::Enter { .. }, Node::Alternatives(items)) => {
                for &item in items.iter() {
                    self.reach(item, then, &mut out)?;
                }
            }
            (Place::Enter { .. }, &Node::Optional(body)) => {
                out.push(go(then));
                self.reach(body, then, &mut out)?;
            }
            (Place::Enter { node }, &Node::Repeat { min, body }) => {
                if min == 0 {
                    out.push(go(then));
                }
                let again = self.make(
                    Place::Again {
                        node,
                        count: min.min(1),
                    },
                    then,
                )?;
                self.reach(body, again, &mut out)?;
            }
            (Place::Then { node, next }, Node::Sequence(items)) => {
                if let Some(&item) = items.get(next) {
                    let after = self.after(node, next + 1, items.len(), then)?;
                    self.reach(item, after, &mut out)?;
                }
            }
            (Place::Again { node, count }, &Node::Repeat { min, body }) => {
                // A body that matches the empty string makes up the minimum
                // with empty rounds: each comes back here with one more, and
                // the count stops at the minimum, so this ends.
                if count >= min {
                    out.push(go(then));
                }
                let again = self.make(
                    Place::Again {
                        node,
                        count: count.saturating_add(1).min(min),
                    },
                    then,
                )?;
                self.reach(body, again, &mut out)?;
            }
            // Each place belongs to a node of its own kind: `Enter` to a
            // sequence, alternatives, optional or repetition, `Then` to a
            // sequence, `Again` to a repetition.
            _ => {}
        }
        Ok(out)
    }

    /// Appends to `out` the edge that starts matching node `id` at the
    /// current position, to go on with `then` when it has matched.
    fn reach(
        &mut self,
        mut id: usize,
        then: u32,
        out: &mut Vec<Edge>,
    ) -> Result<(), TooManyStates> {
        loop {
            match self.node(id) {
                Node::Literal(bytes) if bytes.is_empty() => out.push(go(then)),
                Node::Literal(_) | Node::Class(_) => {
                    out.push(Edge::Wait(self.make(
                        Place::Leaf {
                            node: id,
                            offset: 0,
                        },
                        then,
                    )?));
                }
                Node::Nothing => {}
                // A reference is its production's root: no state of its
                // own. The grammar has no recursion, so this ends.
                &Node::Ref(p) => {
                    id = self.roots[p];
                    continue;
                }
                Node::Sequence(_)
                | Node::Alternatives(_)
                | Node::Optional(_)
                | Node::Repeat { .. } => {
                    out.push(Edge::Go(self.make(Place::Enter { node: id }, then)?));
                }
            }
            return Ok(());
        }
    }

    /// The node a place belongs to.
    fn node_of(&self, place: Place) -> &'r Node {
        match place {
            Place::Leaf { node, .. }
            | Place::Then { node, .. }
            | Place::Again { node, .. }
            | Place::Enter { node } => self.node(node),
        }
    }

    /// The continuation after item `next - 1` of sequence `node`, of `len`
    /// items: the rest of the sequence, or `then` after its last item.
    fn after(
        &mut self,
        node: usize,
        next: usize,
        len: usize,
        then: u32,
    ) -> Result<u32, TooManyStates> {
        if next < len {
            self.make(Place::Then { node, next }, then)
        } else {
            Ok(then)
        }
    }

    /// Whether state `id` is visited at the current position for the first
    /// time; it is from now on.
    fn visit(&mut self, id: u32) -> bool {
        // `visited` has an entry per state made.
        let stamp = &mut self.visited[id as usize];
        let first = *stamp != self.stamp;
        *stamp = self.stamp;
        first
    }

    /// The number of the state (`place`, `then`), made if new.
    fn make(&mut self, place: Place, then: u32) -> Result<u32, TooManyStates> {
        match self.numbers.entry(State { place, then }) {
            Entry::Occupied(entry) => Ok(*entry.get()),
            Entry::Vacant(entry) => {
                let id = self.states.len();
                if id >= MAX_STATES {
                    return Err(TooManyStates::at(self.position));
                }
                // MAX_STATES is far below u32::MAX, which stays DONE.
                let number = id as u32;
                entry.insert(number);
                self.states.push(State { place, then });
                self.ranges.push(None);
                self.visited.push(0);
                Ok(number)
            }
        }
    }
}

/// The state table's hasher: FxHash's multiply-and-rotate, much cheaper
/// than SipHash for keys of a few small integers that no adversary chooses
/// (states come from the grammar; the input only decides which are made).
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

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        // `usize` is at most 64 bits on every platform Rust supports.
        self.write_u64(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}
