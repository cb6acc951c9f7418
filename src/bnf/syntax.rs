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
#[derive(Clone, Debug, PartialEq, Eq)]
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
