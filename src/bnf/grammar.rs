//! [`Grammar`]: the productions of a BNF, read and checked.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::reader;
use super::syntax::{BnfError, Expr, Production};

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
///
/// ```
/// use rfc1738::bnf::Grammar;
///
/// let grammar = Grammar::parse("pair = digit \":\" digit\ndigit = \"0\" | \"1\"")?;
/// assert_eq!(grammar.productions().len(), 2);
/// assert_eq!(grammar.get("pair").unwrap().expr.to_string(), r#"digit ":" digit"#);
/// # Ok::<(), rfc1738::bnf::BnfError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grammar {
    productions: Vec<Production>,
    index: HashMap<String, usize>,
}

impl Grammar {
    /// Reads a grammar written in the dialect described in the
    /// [module documentation](crate::bnf).
    ///
    /// # Errors
    ///
    /// The first problem found, with its line and column: syntax errors
    /// (unterminated literal, unclosed group, missing `=`, `*` with nothing
    /// after it, empty alternative, misplaced continuation line, stray `]`,
    /// ...) and productions defined twice, in file order; then references
    /// to undefined productions; then recursion and derivations nested too
    /// deep.
    ///
    /// ```
    /// use rfc1738::bnf::Grammar;
    ///
    /// let grammar = Grammar::parse("word = 1*letter\nletter = \"a\" | \"b\"").unwrap();
    /// assert_eq!(grammar.uses("word"), ["letter"]);
    /// let error = Grammar::parse("word = 1*letter").unwrap_err();
    /// assert!(error.message().contains("letter"), "{error}");
    /// ```
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
    ///
    /// ```
    /// let grammar = rfc1738::bnf::Grammar::rfc1738();
    /// assert_eq!(grammar.productions().len(), rfc1738::Rule::COUNT);
    /// assert_eq!(grammar.productions()[0].name, "genericurl");
    /// ```
    pub fn rfc1738() -> &'static Grammar {
        static GRAMMAR: OnceLock<Grammar> = OnceLock::new();
        GRAMMAR.get_or_init(|| {
            Grammar::parse(RFC1738).unwrap_or_else(|e| panic!("grammar/rfc1738.bnf:{e}"))
        })
    }

    /// The productions, in file order.
    ///
    /// ```
    /// let grammar = rfc1738::bnf::Grammar::rfc1738();
    /// let names: Vec<&str> = grammar.productions().iter().map(|p| p.name.as_str()).collect();
    /// assert_eq!(names[..3], ["genericurl", "url", "otherurl"]);
    /// ```
    #[must_use]
    pub fn productions(&self) -> &[Production] {
        &self.productions
    }

    /// The production called `name`.
    ///
    /// ```
    /// let grammar = rfc1738::bnf::Grammar::rfc1738();
    /// let port = grammar.get("port").unwrap();
    /// assert_eq!(port.text, "port = digits");
    /// assert!(grammar.get("authority").is_none());
    /// ```
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&Production> {
        // `index` maps each name to its position in `productions`.
        self.index_of(name).map(|i| &self.productions[i])
    }

    /// The names of the productions that `name`'s expression refers to,
    /// each once, in order of first reference; empty for an unknown name.
    ///
    /// ```
    /// let grammar = rfc1738::bnf::Grammar::rfc1738();
    /// assert_eq!(grammar.uses("hostport"), ["host", "port"]);
    /// assert!(grammar.uses("nonesuch").is_empty());
    /// ```
    #[must_use]
    pub fn uses(&self, name: &str) -> Vec<&str> {
        let mut names = Vec::new();
        if let Some(p) = self.get(name) {
            collect_refs(&p.expr, &mut names);
        }
        names
    }

    /// The names of the productions whose expressions refer to `name`, in
    /// file order; empty for an unknown name.
    ///
    /// ```
    /// let grammar = rfc1738::bnf::Grammar::rfc1738();
    /// assert_eq!(grammar.used_by("port"), ["hostport"]);
    /// assert_eq!(grammar.used_by("hostport")[..3], ["login", "httpurl", "gopherurl"]);
    /// ```
    #[must_use]
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

    /// The productions a match against the productions `from` may use:
    /// those of `from` the grammar has, and every production they refer
    /// to, directly or through others, each once, in the order found. The
    /// others no string matched against `from` can exercise.
    ///
    /// ```
    /// let grammar = rfc1738::bnf::Grammar::rfc1738();
    /// assert_eq!(grammar.reachable(&["port"]), ["port", "digits", "digit"]);
    /// // Matched against `url`'s alternatives, as `parse` matches, nothing
    /// // reaches `url` itself, nor `national` and `punctuation`, which no
    /// // production uses.
    /// let reached = grammar.reachable(&grammar.uses("url"));
    /// let others: Vec<&str> = grammar
    ///     .productions()
    ///     .iter()
    ///     .map(|production| production.name.as_str())
    ///     .filter(|name| !reached.contains(name))
    ///     .collect();
    /// assert_eq!(others, ["url", "national", "punctuation"]);
    /// ```
    #[must_use]
    pub fn reachable(&self, from: &[&str]) -> Vec<&str> {
        let mut names: Vec<&str> = Vec::new();
        for production in from.iter().filter_map(|name| self.get(name)) {
            if !names.contains(&production.name.as_str()) {
                names.push(&production.name);
            }
        }
        let mut next = 0;
        while let Some(&name) = names.get(next) {
            if let Some(production) = self.get(name) {
                collect_refs(&production.expr, &mut names);
            }
            next += 1;
        }
        names
    }

    /// The position of the production called `name`.
    pub(super) fn index_of(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
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
