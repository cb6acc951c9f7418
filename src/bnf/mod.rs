//! RFC 1738's BNF read as data: an independent oracle for the combinators.
//!
//! [`Grammar`] reads the dialect of section 5 (the text of
//! `grammar/rfc1738.bnf`) into an AST; [`Matcher`] answers membership and
//! viable-prefix questions by the BNF's own context-free semantics, tracking
//! every position a production can end at instead of committing to the
//! first alternative or the longest repetition as nom does; [`generate`]
//! walks a production's expression to derive random strings of it.
//!
//! Nothing here shares code with [`crate::grammar`]: the two are written
//! independently so that each can test the other.
//!
//! ```
//! use rfc1738::bnf::{Grammar, Matcher};
//!
//! let grammar = Grammar::rfc1738();
//! let matcher = Matcher::new(grammar);
//! let httpurl = grammar.get("httpurl").expect("the RFC defines httpurl");
//! assert!(matcher.matches(httpurl, "http://host:80/a?b"));
//! // "http://host:8" could go on as an http URL; "a" cannot follow it.
//! assert_eq!(matcher.check(httpurl, "http://host:8a/"), Err(13));
//! ```
//!
//! # The dialect
//!
//! - A line `name = ...` starts a production. Names are a lower-case letter
//!   followed by lower-case letters, digits, `-`, `+` and `_`
//!   (`ip-schemepart`, `gopher+_string`, `encoded822addr`). Blanks may come
//!   before the name and around the `=`.
//! - A following line that is neither blank, nor a comment line, nor the
//!   start of a production continues the production (`url`, `lowalpha`,
//!   `gopherurl` span several lines). A blank or comment line ends it; a
//!   continuation line after one is an error.
//! - `;` starts a comment that runs to the end of the line, unless it is
//!   inside a quoted literal (`";"`).
//! - `"..."` is a literal, read with no escape processing (`"\"` is a
//!   backslash) and ending on its line; `<">` is the double-quote character.
//!   An unquoted `/` is the literal `/` (erratum EID 5118 to `gopherurl`).
//! - `|` separates alternatives and binds loosest; juxtaposition is
//!   sequence; `[ ... ]` is an optional group.
//! - `n*element` (`n` defaults to 0, at most 1000) is `n` or more
//!   repetitions of the element right after the `*`: a name, a literal or a
//!   bracketed group. Brackets after `n*` only delimit the repeated group:
//!   `*[ x | y ]` is zero or more of `x | y`, `1*[ x ]` one or more `x`.
//!
//! After reading, every reference must name a production, no production may
//! be defined twice, and no production may refer to itself, directly or
//! through others (so every language is non-empty and every derivation
//! finite). Groups nest at most 64 deep and a derivation at most 256 levels.

use std::collections::HashMap;
use std::sync::OnceLock;

mod generate;
mod matcher;
mod reader;

pub use generate::{ChoiceKind, ChoicePoint, generate};
pub use matcher::Matcher;

/// RFC 1738 section 5 exactly as printed: the text of `grammar/rfc1738.bnf`,
/// embedded in the crate. [`Grammar::rfc1738`] is this text, read.
///
/// ```
/// assert!(rfc1738::bnf::RFC1738.contains("hostport = host [ \":\" port ]"));
/// ```
pub const RFC1738: &str = include_str!("../../grammar/rfc1738.bnf");

/// A grammar read from the BNF dialect of RFC 1738 section 5: its
/// productions in file order.
///
/// Built only by [`Grammar::parse`] (or [`Grammar::rfc1738`]), so every
/// reference names a production, no name is defined twice and no production
/// is recursive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grammar {
    productions: Vec<Production>,
    index: HashMap<String, usize>,
}

/// One production: `name = expression`, with where and how it is written.
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

/// An expression of the BNF.
#[derive(Clone, Debug, PartialEq, Eq)]
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

/// A malformed grammar: where the problem is and what it is.
///
/// Displays as `line:column: message`, for instance
/// `3:14: expected "]" to close the group opened at 3:5`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
#[non_exhaustive]
pub struct BnfError {
    line: usize,
    column: usize,
    message: String,
}

impl BnfError {
    #[cold]
    fn new(line: usize, column: usize, message: String) -> Self {
        BnfError {
            line,
            column,
            message,
        }
    }

    /// The 1-based line of the problem.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The 1-based column of the problem, counted in characters.
    pub fn column(&self) -> usize {
        self.column
    }

    /// What is wrong, without the position.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl Grammar {
    /// Reads a grammar written in the dialect described in the
    /// [module documentation](self).
    ///
    /// # Errors
    ///
    /// The first problem found, with its line and column: syntax errors
    /// (unterminated literal, unclosed group, missing `=`, `*` with nothing
    /// after it, empty alternative, misplaced continuation line, stray `]`,
    /// ...) and productions defined twice, in file order; then references
    /// to undefined productions; then recursion and derivations nested too
    /// deep.
    pub fn parse(text: &str) -> Result<Grammar, BnfError> {
        let productions = reader::read(text)?;
        let index = productions
            .iter()
            .enumerate()
            .map(|(i, p)| (p.name.clone(), i))
            .collect();
        Ok(Grammar { productions, index })
    }

    /// RFC 1738 section 5: `grammar/rfc1738.bnf`, embedded in the crate and
    /// read once.
    ///
    /// # Panics
    ///
    /// If the embedded file does not read, which its tests rule out.
    pub fn rfc1738() -> &'static Grammar {
        static GRAMMAR: OnceLock<Grammar> = OnceLock::new();
        GRAMMAR.get_or_init(|| {
            Grammar::parse(RFC1738).unwrap_or_else(|e| panic!("grammar/rfc1738.bnf:{e}"))
        })
    }

    /// The productions, in file order.
    pub fn productions(&self) -> &[Production] {
        &self.productions
    }

    /// The production called `name`.
    pub fn get(&self, name: &str) -> Option<&Production> {
        // `index` maps each name to its position in `productions`.
        self.index_of(name).map(|i| &self.productions[i])
    }

    /// The names of the productions that `name`'s expression refers to,
    /// each once, in order of first reference; empty for an unknown name.
    pub fn uses(&self, name: &str) -> Vec<&str> {
        let mut names = Vec::new();
        if let Some(p) = self.get(name) {
            collect_refs(&p.expr, &mut names);
        }
        names
    }

    /// The names of the productions whose expressions refer to `name`, in
    /// file order; empty for an unknown name.
    pub fn used_by(&self, name: &str) -> Vec<&str> {
        self.productions
            .iter()
            .filter(|p| {
                let mut names = Vec::new();
                collect_refs(&p.expr, &mut names);
                names.contains(&name)
            })
            .map(|p| p.name.as_str())
            .collect()
    }

    /// Every choice point of every production, in file order and, within a
    /// production, in pre-order: the production's name, the node's pre-order
    /// index in its expression (0 is the root) and the kind of choice, as
    /// [`generate`] reports them in [`ChoicePoint`].
    pub fn choice_points(&self) -> Vec<(String, usize, ChoiceKind)> {
        let mut points = Vec::new();
        for p in &self.productions {
            generate::choice_points(&p.name, &p.expr, &mut points);
        }
        points
    }

    /// The position of the production called `name`.
    fn index_of(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }
}

impl std::fmt::Display for Expr {
    /// Writes the expression back in the dialect: `[ "/" fpath ]`,
    /// `1*digit`, `*[ uchar | ";" ]`, `<">` for the double quote.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        fn join(
            f: &mut std::fmt::Formatter<'_>,
            items: &[Expr],
            separator: &str,
        ) -> std::fmt::Result {
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    f.write_str(separator)?;
                }
                write!(f, "{item}")?;
            }
            Ok(())
        }
        match self {
            Expr::Alternatives(items) => join(f, items, " | "),
            Expr::Sequence(items) => join(f, items, " "),
            Expr::Optional(inner) => write!(f, "[ {inner} ]"),
            Expr::Repeat { min, expr } => {
                if *min > 0 {
                    write!(f, "{min}")?;
                }
                match **expr {
                    Expr::Ref(_) | Expr::Literal(_) => write!(f, "*{expr}"),
                    _ => write!(f, "*[ {expr} ]"),
                }
            }
            Expr::Literal(literal) if literal == "\"" => f.write_str("<\">"),
            Expr::Literal(literal) => write!(f, "\"{literal}\""),
            Expr::Ref(name) => f.write_str(name),
        }
    }
}

impl Production {
    /// The top-level alternatives: the items of an [`Expr::Alternatives`],
    /// or else the expression alone.
    pub fn alternatives(&self) -> &[Expr] {
        match &self.expr {
            Expr::Alternatives(items) => items,
            expr => std::slice::from_ref(expr),
        }
    }
}

/// Appends the names `expr` refers to that `names` does not hold yet.
fn collect_refs<'e>(expr: &'e Expr, names: &mut Vec<&'e str>) {
    match expr {
        Expr::Alternatives(items) | Expr::Sequence(items) => {
            for item in items {
                collect_refs(item, names);
            }
        }
        Expr::Optional(inner) | Expr::Repeat { expr: inner, .. } => collect_refs(inner, names),
        Expr::Literal(_) => {}
        Expr::Ref(name) => {
            if !names.contains(&name.as_str()) {
                names.push(name);
            }
        }
    }
}
