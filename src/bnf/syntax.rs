//! The BNF's abstract syntax: productions, expressions and the error of a
//! malformed grammar.
//!
//! Shared with `build.rs`, which includes this file and `reader.rs` to read
//! `grammar/rfc1738.bnf` with the same code as [`crate::bnf::Grammar`]: one
//! reader of the grammar, whether at build time or at run time.

/// One production: `name = expression`, with where and how it is written.
///
/// ```
/// use rfc1738::bnf::{Expr, Grammar};
///
/// let grammar = Grammar::parse("; the port\nport = digits ; decimal\ndigits = 1*\"0\"")?;
/// let port = grammar.get("port").unwrap();
/// assert_eq!(port.expr, Expr::Ref("digits".into()));
/// assert_eq!((port.line, port.text.as_str()), (2, "port = digits ; decimal"));
/// assert_eq!(port.comments, ["the port"]);
/// # Ok::<(), rfc1738::bnf::BnfError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Production {
    /// The name defined, as written (`ip-schemepart`).
    pub name: String,
    /// The right-hand side.
    pub expr: Expr,
    /// The 1-based line on which the production starts.
    pub line: usize,
    /// The production's lines exactly as in the file, joined with `\n`,
    /// continuation lines and trailing comment included.
    pub text: String,
    /// The comment lines between the previous production and this one, in
    /// order, each without its `;` and trimmed of surrounding blanks.
    pub comments: Vec<String>,
}

/// An expression of the BNF. `Display` writes it back in the dialect.
///
/// ```
/// use rfc1738::bnf::{Expr, Grammar};
///
/// let hostport = rfc1738::bnf::Grammar::rfc1738().get("hostport").unwrap();
/// let Expr::Sequence(items) = &hostport.expr else { panic!("a sequence") };
/// assert_eq!(items[0], Expr::Ref("host".into()));
/// assert!(matches!(&items[1], Expr::Optional(_)));
/// assert_eq!(hostport.expr.to_string(), r#"host [ ":" port ]"#);
/// # let _ = Grammar::rfc1738();
/// ```
///
/// An expression may be built by hand, nested as deep as memory allows:
/// its `Clone`, `PartialEq`, `Debug`, `Display` and `Drop`, and the
/// [`Matcher`](super::Matcher), walk it with a stack on the heap, never
/// one frame per level, so that no depth overflows the thread's stack.
/// What recurses instead refuses an expression that nests deeper than
/// [`MAX_DEPTH`]: [`try_generate`](super::try_generate) returns an error,
/// [`diagram::svg`](crate::bnf) draws that deep and no deeper.
///
/// ```
/// use rfc1738::bnf::Expr;
///
/// let mut deep = Expr::Literal("x".into());
/// for _ in 0..100_000 {
///     deep = Expr::Optional(Box::new(deep));
/// }
/// assert_eq!(deep.clone(), deep);
/// assert!(deep.to_string().starts_with("[ [ [ "));
/// ```
///
/// # Taking an expression apart
///
/// `Expr` implements [`Drop`] for that reason: the drop a derive would
/// make takes a frame per level. A type that implements `Drop` cannot be
/// moved out of in a pattern, so `match expr { Expr::Sequence(items) =>
/// items, _ => Vec::new() }` is error E0509:
///
/// ```compile_fail,E0509
/// use rfc1738::bnf::Expr;
///
/// fn items(expr: Expr) -> Vec<Expr> {
///     match expr {
///         Expr::Sequence(items) => items,
///         _ => Vec::new(),
///     }
/// }
/// ```
///
/// Take the parts through a `&mut` with [`std::mem::take`] instead: it
/// leaves behind the [default](Expr::default), the empty sequence, which
/// allocates nothing.
///
/// ```
/// use rfc1738::bnf::{Expr, Grammar};
///
/// fn items(mut expr: Expr) -> Vec<Expr> {
///     match &mut expr {
///         Expr::Sequence(items) => std::mem::take(items),
///         _ => Vec::new(),
///     }
/// }
///
/// // host [ ":" port ]
/// let hostport = Grammar::rfc1738().get("hostport").unwrap().expr.clone();
/// let mut items = items(hostport);
/// assert_eq!(items.len(), 2);
/// let Expr::Optional(group) = &mut items[1] else { panic!("an optional group") };
/// let port = std::mem::take(&mut **group);
/// assert_eq!(port.to_string(), r#"":" port"#);
/// assert_eq!(items[1], Expr::Optional(Box::default()));
/// let host = std::mem::take(&mut items[0]);
/// assert_eq!(host, Expr::Ref("host".into()));
/// assert_eq!(items[0], Expr::default());
/// ```
#[non_exhaustive]
pub enum Expr {
    /// `a | b | ...`: any one of two or more expressions.
    Alternatives(Vec<Expr>),
    /// `a b ...`: two or more expressions one after the other.
    Sequence(Vec<Expr>),
    /// `[ a ]`: the expression or nothing.
    Optional(Box<Expr>),
    /// `n*a`: `min` or more repetitions of the expression.
    Repeat {
        /// The least number of repetitions (the `n` of `n*`, 0 when absent).
        min: u32,
        /// The repeated expression.
        expr: Box<Expr>,
    },
    /// A quoted literal (`"ftp://"`), `<">` (a double quote) or the
    /// unquoted `/`, as the characters it stands for.
    Literal(String),
    /// A reference to the production of that name.
    Ref(String),
}

/// How deep an expression may nest where it is walked one frame per level:
/// each `|` list, sequence, optional group and repetition is a level, and
/// so is each production a reference leads to.
///
/// [`Grammar::parse`](super::Grammar::parse) refuses a grammar with a
/// derivation deeper (RFC 1738's deepest is about 20 levels); an
/// expression built by hand may nest deeper, and then
/// [`try_generate`](super::try_generate) refuses it, and `diagram::svg`
/// draws the levels past this one as a box saying so. Everything else
/// walks an expression of any depth (see [`Expr`]).
///
/// ```
/// use rfc1738::bnf::{Grammar, MAX_DEPTH};
///
/// let text = format!("deep = {}\"x\"{}", "[ ".repeat(64), " ]".repeat(64));
/// assert!(Grammar::parse(&text).is_ok());
/// assert_eq!(MAX_DEPTH, 256);
/// ```
pub const MAX_DEPTH: usize = 256;

/// A step of a walk over an expression ([`Expr::walk`]).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Step<'e> {
    /// An expression entered, before its items: the `index`th item of its
    /// parent (0 for the root), at `depth` levels (1 for the root).
    Enter {
        expr: &'e Expr,
        index: usize,
        depth: usize,
    },
    /// An expression left, after its items.
    Leave(&'e Expr),
}

/// The steps of a walk over an expression, depth first, with a stack on
/// the heap: an expression of any depth is walked in constant stack.
pub(crate) struct Walk<'e> {
    /// The expressions entered and not left, each with the index of its
    /// next item to enter.
    stack: Vec<(&'e Expr, usize)>,
    /// The root, until it is entered.
    root: Option<&'e Expr>,
}

impl<'e> Iterator for Walk<'e> {
    type Item = Step<'e>;

    fn next(&mut self) -> Option<Step<'e>> {
        if let Some(root) = self.root.take() {
            self.stack.push((root, 0));
            return Some(Step::Enter {
                expr: root,
                index: 0,
                depth: 1,
            });
        }
        let depth = self.stack.len() + 1;
        let (expr, next) = self.stack.last_mut()?;
        let expr: &'e Expr = expr;
        match expr.items().get(*next) {
            Some(item) => {
                let index = *next;
                *next += 1;
                self.stack.push((item, 0));
                Some(Step::Enter {
                    expr: item,
                    index,
                    depth,
                })
            }
            None => {
                self.stack.pop();
                Some(Step::Leave(expr))
            }
        }
    }
}

impl Expr {
    /// The expressions directly inside this one, in order: a list's or a
    /// sequence's items, an optional group's or a repetition's body.
    pub(crate) fn items(&self) -> &[Expr] {
        match self {
            Expr::Alternatives(items) | Expr::Sequence(items) => items,
            Expr::Optional(inner) | Expr::Repeat { expr: inner, .. } => {
                std::slice::from_ref(&**inner)
            }
            Expr::Literal(_) | Expr::Ref(_) => &[],
        }
    }

    /// A walk over the expression, depth first: each expression entered
    /// before its items and left after them.
    pub(crate) fn walk(&self) -> Walk<'_> {
        Walk {
            stack: Vec::new(),
            root: Some(self),
        }
    }

    /// The expression's own part, without its items: its kind and the
    /// counts and texts it holds, what equality compares node by node.
    fn shape(&self) -> (u8, usize, u32, &str) {
        match self {
            Expr::Alternatives(items) => (0, items.len(), 0, ""),
            Expr::Sequence(items) => (1, items.len(), 0, ""),
            Expr::Optional(_) => (2, 1, 0, ""),
            Expr::Repeat { min, .. } => (3, 1, *min, ""),
            Expr::Literal(text) => (4, 0, 0, text),
            Expr::Ref(name) => (5, 0, 0, name),
        }
    }
}

impl Default for Expr {
    /// The empty sequence, `Expr::Sequence(Vec::new())`: the expression of
    /// the empty string. The dialect has no way to write it (it displays as
    /// nothing); the [`Matcher`](super::Matcher) matches it against `""`
    /// alone, and [`generate`](super::generate()) derives `""` from it. It
    /// allocates nothing, so it is what [`std::mem::take`] leaves behind.
    ///
    /// ```
    /// use rfc1738::bnf::{Expr, Grammar, Matcher};
    ///
    /// assert_eq!(Expr::default(), Expr::Sequence(Vec::new()));
    /// let matcher = Matcher::new(Grammar::rfc1738());
    /// assert!(matcher.expr_matches(&Expr::default(), ""));
    /// assert!(!matcher.expr_matches(&Expr::default(), "a"));
    /// ```
    fn default() -> Expr {
        Expr::Sequence(Vec::new())
    }
}

impl Clone for Expr {
    /// A copy made bottom-up in one walk: each expression is built when it
    /// is left, from the copies of its items.
    fn clone(&self) -> Expr {
        let mut made: Vec<Expr> = Vec::new();
        for step in self.walk() {
            let Step::Leave(expr) = step else { continue };
            // The walk left each item before its parent: they are the last
            // `items().len()` made.
            let items = made.split_off(made.len().saturating_sub(expr.items().len()));
            let body = |items: Vec<Expr>| Box::new(items.into_iter().next().unwrap_or_default());
            let copy = match expr {
                Expr::Alternatives(_) => Expr::Alternatives(items),
                Expr::Sequence(_) => Expr::Sequence(items),
                Expr::Optional(_) => Expr::Optional(body(items)),
                Expr::Repeat { min, .. } => Expr::Repeat {
                    min: *min,
                    expr: body(items),
                },
                Expr::Literal(text) => Expr::Literal(text.clone()),
                Expr::Ref(name) => Expr::Ref(name.clone()),
            };
            made.push(copy);
        }
        // The walk left the root last.
        made.pop().unwrap_or_default()
    }
}

impl PartialEq for Expr {
    /// Expressions are equal when their walks enter expressions of the
    /// same shape in the same order: the shapes, items counted, and their
    /// order make the tree.
    fn eq(&self, other: &Expr) -> bool {
        let entered = |expr| match expr {
            Step::Enter { expr, .. } => Some(expr.shape()),
            Step::Leave(_) => None,
        };
        self.walk()
            .filter_map(entered)
            .eq(other.walk().filter_map(entered))
    }
}

impl Eq for Expr {}

impl std::fmt::Debug for Expr {
    /// As `derive(Debug)` writes it on one line (`{:#?}` too):
    /// `Sequence([Ref("host"), Optional(Sequence([Literal(":"), Ref("port")]))])`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for step in self.walk() {
            match step {
                Step::Enter { expr, index, .. } => {
                    if index > 0 {
                        f.write_str(", ")?;
                    }
                    match expr {
                        Expr::Alternatives(_) => f.write_str("Alternatives([")?,
                        Expr::Sequence(_) => f.write_str("Sequence([")?,
                        Expr::Optional(_) => f.write_str("Optional(")?,
                        Expr::Repeat { min, .. } => write!(f, "Repeat {{ min: {min}, expr: ")?,
                        Expr::Literal(text) => write!(f, "Literal({text:?})")?,
                        Expr::Ref(name) => write!(f, "Ref({name:?})")?,
                    }
                }
                Step::Leave(expr) => match expr {
                    Expr::Alternatives(_) | Expr::Sequence(_) => f.write_str("])")?,
                    Expr::Optional(_) => f.write_str(")")?,
                    Expr::Repeat { .. } => f.write_str(" }")?,
                    Expr::Literal(_) | Expr::Ref(_) => {}
                },
            }
        }
        Ok(())
    }
}

impl Drop for Expr {
    /// Takes the items out of the expressions inside, level by level, onto
    /// a stack on the heap, so that each is dropped with none left in it:
    /// dropping a chain of boxes one inside the other would otherwise take
    /// a frame per level.
    fn drop(&mut self) {
        // With no item that has items of its own, nothing nests deeper
        // than the drops below this one: the common case, and the case of
        // every expression taken out below, allocates nothing.
        if self.items().iter().all(|item| item.items().is_empty()) {
            return;
        }
        let mut stack = Vec::new();
        take_items(self, &mut stack);
        while let Some(mut expr) = stack.pop() {
            take_items(&mut expr, &mut stack);
        }
    }
}

/// Moves the items of `expr` onto `stack`, leaving it none: an optional
/// group or a repetition keeps the default, an empty sequence, as its body.
fn take_items(expr: &mut Expr, stack: &mut Vec<Expr>) {
    match expr {
        Expr::Alternatives(items) | Expr::Sequence(items) => stack.append(items),
        Expr::Optional(inner) | Expr::Repeat { expr: inner, .. } => {
            stack.push(std::mem::take(&mut **inner));
        }
        Expr::Literal(_) | Expr::Ref(_) => {}
    }
}

/// A malformed grammar: where the problem is and what it is.
///
/// Displays as `line:column: message`, for instance
/// `3:14: expected "]" to close the group opened at 3:5`.
///
/// ```
/// use rfc1738::bnf::Grammar;
///
/// let error = Grammar::parse("a = \"x\"\nb = [ a").unwrap_err();
/// assert_eq!(error.line(), 2);
/// assert!(error.to_string().starts_with("2:"), "{error}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{line}:{column}: {message}")]
#[non_exhaustive]
pub struct BnfError {
    line: usize,
    column: usize,
    message: String,
}

impl BnfError {
    #[cold]
    pub(crate) fn new(line: usize, column: usize, message: String) -> Self {
        BnfError {
            line,
            column,
            message,
        }
    }

    /// The 1-based line of the problem.
    ///
    /// ```
    /// let error = rfc1738::bnf::Grammar::parse("a = b").unwrap_err();
    /// assert_eq!(error.line(), 1);
    /// ```
    #[must_use]
    pub fn line(&self) -> usize {
        self.line
    }

    /// The 1-based column of the problem, counted in characters.
    ///
    /// ```
    /// // `b`, which names no production, is the 9th character (`é` is one).
    /// let error = rfc1738::bnf::Grammar::parse("a = \"é\" b").unwrap_err();
    /// assert_eq!((error.line(), error.column()), (1, 9), "{error}");
    /// ```
    #[must_use]
    pub fn column(&self) -> usize {
        self.column
    }

    /// What is wrong, without the position.
    ///
    /// ```
    /// let error = rfc1738::bnf::Grammar::parse("a = b").unwrap_err();
    /// assert!(error.message().contains('b'), "{error}");
    /// assert!(!error.message().starts_with("1:"));
    /// ```
    #[must_use]
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl std::fmt::Display for Expr {
    /// Writes the expression back in the dialect: `[ "/" fpath ]`,
    /// `1*digit`, `*[ uchar | ";" ]`, `<">` for the double quote.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The parent of each expression entered, for its separator.
        let mut parents: Vec<&Expr> = Vec::new();
        for step in self.walk() {
            match step {
                Step::Enter { expr, index, .. } => {
                    let parent = parents.last().copied();
                    match parent {
                        Some(Expr::Alternatives(_)) if index > 0 => f.write_str(" | ")?,
                        Some(Expr::Sequence(_)) if index > 0 => f.write_str(" ")?,
                        _ => {}
                    }
                    match expr {
                        Expr::Alternatives(_) | Expr::Sequence(_) => {}
                        Expr::Optional(_) => f.write_str("[ ")?,
                        Expr::Repeat { min, expr: body } => {
                            if *min > 0 {
                                write!(f, "{min}")?;
                            }
                            match **body {
                                Expr::Ref(_) | Expr::Literal(_) => f.write_str("*")?,
                                _ => f.write_str("*[ ")?,
                            }
                        }
                        Expr::Literal(literal) if literal == "\"" => f.write_str("<\">")?,
                        Expr::Literal(literal) => write!(f, "\"{literal}\"")?,
                        Expr::Ref(name) => f.write_str(name)?,
                    }
                    parents.push(expr);
                }
                Step::Leave(expr) => {
                    parents.pop();
                    match expr {
                        Expr::Optional(_) => f.write_str(" ]")?,
                        Expr::Repeat { expr: body, .. }
                            if !matches!(**body, Expr::Ref(_) | Expr::Literal(_)) =>
                        {
                            f.write_str(" ]")?;
                        }
                        _ => {}
                    }
                }
            }
        }
        Ok(())
    }
}

impl Production {
    /// The top-level alternatives: the items of an [`Expr::Alternatives`],
    /// or else the expression alone.
    ///
    /// ```
    /// let grammar = rfc1738::bnf::Grammar::rfc1738();
    /// assert_eq!(grammar.get("host").unwrap().alternatives().len(), 2);
    /// assert_eq!(grammar.get("hostport").unwrap().alternatives().len(), 1);
    /// ```
    #[must_use]
    pub fn alternatives(&self) -> &[Expr] {
        match &self.expr {
            Expr::Alternatives(items) => items,
            expr => std::slice::from_ref(expr),
        }
    }
}
