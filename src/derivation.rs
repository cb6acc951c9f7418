//! Derivation trees: which production matched which bytes.

use core::fmt;
use core::ops::Range;

use crate::Rule;

/// A derivation tree in one vector, parents before their children
/// (preorder), as a pass builds it: one entry per production that matched,
/// and one per character-class leaf, whose chain of class productions
/// (`uchar` › `unreserved` › `alpha` › `lowalpha`) is made only when read.
/// Some 32 bytes per entry, where a [`Derivation`] costs an allocation and
/// some 80 bytes per node.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Flat {
    pub(crate) entries: Vec<Entry>,
}

/// An entry of a [`Flat`] tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub rule: Rule,
    /// A character-class leaf: the element from `start` to `end` under
    /// the class production `rule`, the chain below it made when read
    /// ([`Derivation::class`]).
    pub class: bool,
    pub start: usize,
    pub end: usize,
    /// The entries of its subtree, itself included: its next sibling is
    /// this many entries on.
    pub size: usize,
}

impl Flat {
    /// The entries of the subtree at `at`'s children, as their indexes.
    pub(crate) fn children(&self, at: usize) -> impl Iterator<Item = usize> + '_ {
        let end = at + self.entries[at].size;
        let mut next = at + 1;
        core::iter::from_fn(move || {
            let child = next;
            // A subtree's entries follow it: its children fill them.
            (child < end).then(|| {
                next += self.entries[child].size;
                child
            })
        })
    }

    /// Moves every entry `by` bytes to the right: a tree derived from a
    /// slice, placed in the whole input.
    pub(crate) fn shift(&mut self, by: usize) {
        for entry in &mut self.entries {
            entry.start += by;
            entry.end += by;
        }
    }
}

/// A node of a derivation tree: a production, the bytes of the input it
/// matched, and the productions it matched them with.
///
/// Literals of the grammar (`"://"`, `"@"`) have no nodes; every production
/// does, down to the character classes (`uchar`, `unreserved`, `alpha`,
/// `lowalpha`). Where the BNF derives a string in more than one way, the tree
/// is the derivation the [decisions](crate::decisions) choose.
///
/// ```
/// use rfc1738::{Rule, check};
/// let tree = check("ftp://myname@host.dom/%2Fetc/motd")?.tree();
/// assert_eq!(tree.rule(), Rule::Ftpurl);
/// let login = tree.find(Rule::Login).unwrap();
/// assert_eq!((login.text(), login.span()), ("myname@host.dom", 6..21));
/// let names: Vec<Rule> = login.children().iter().map(|child| child.rule()).collect();
/// assert_eq!(names, [Rule::User, Rule::Hostport]);
/// assert_eq!(tree.nodes().filter(|node| node.rule() == Rule::Escape).count(), 1);
/// # Ok::<(), rfc1738::Error>(())
/// ```
///
/// # Printing a tree
///
/// There is no `Display`: how much of a tree to show is the reader's
/// choice. Each character of a run has its chain of classes (`a` in a path
/// is `uchar` › `unreserved` › `alpha` › `lowalpha`), which a printer that
/// shows every node writes one per line; [`is_character_class`] tells the
/// nodes to fold into the production that holds them:
///
/// ```
/// use std::fmt::Write;
/// use rfc1738::{Derivation, is_character_class};
///
/// /// Writes `node` and the productions below it, one per line, indented
/// /// by depth, the character classes folded away.
/// fn print(node: &Derivation<'_>, depth: usize, out: &mut String) -> std::fmt::Result {
///     let (rule, span, text) = (node.rule(), node.span(), node.text());
///     writeln!(out, "{:indent$}{rule} {span:?} {text:?}", "", indent = 2 * depth)?;
///     for child in node.children() {
///         if !is_character_class(child.rule()) {
///             print(child, depth + 1, out)?;
///         }
///     }
///     Ok(())
/// }
///
/// let mut out = String::new();
/// print(&rfc1738::check("http://host.dom:80/a%41")?.tree(), 0, &mut out)?;
/// assert_eq!(out, "\
/// httpurl 0..23 \"http://host.dom:80/a%41\"
///   hostport 7..18 \"host.dom:80\"
///     host 7..15 \"host.dom\"
///       hostname 7..15 \"host.dom\"
///         domainlabel 7..11 \"host\"
///         toplabel 12..15 \"dom\"
///     port 16..18 \"80\"
///       digits 16..18 \"80\"
///   hpath 19..23 \"a%41\"
///     hsegment 19..23 \"a%41\"
/// ");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The command line draws trees too: `rfc1738 explain URL` prints such an
/// indented tree (`--all` keeps the classes), `--format json` writes it as
/// JSON, and `--format svg` or `dot` draws it as a picture.
///
/// `Debug` shows each node's production, span and own text, and its
/// children (`{:#?}` indented): the whole input once, at the root, not at
/// every node, so that it grows with the tree.
#[derive(Clone, PartialEq, Eq)]
pub struct Derivation<'a> {
    rule: Rule,
    span: Range<usize>,
    input: &'a str,
    children: Vec<Derivation<'a>>,
}

impl<'a> Derivation<'a> {
    /// The tree of the subtree at `at` of `flat`, a tree of `input`.
    pub(crate) fn read(flat: &Flat, at: usize, input: &'a str) -> Self {
        let entry = flat.entries[at];
        if entry.class {
            // Entries span what the grammar matched: ASCII, char boundaries.
            let element = &input.as_bytes()[entry.start..entry.end];
            return Derivation::class(entry.rule, element, entry.start, input);
        }
        // Counted first, so that the children take no more than their room.
        let mut children = Vec::with_capacity(flat.children(at).count());
        children.extend(
            flat.children(at)
                .map(|child| Derivation::read(flat, child, input)),
        );
        Derivation {
            rule: entry.rule,
            span: entry.start..entry.end,
            input,
            children,
        }
    }

    /// The derivation of one element (a byte, or the three of an escape)
    /// under the character-class production `rule`, which matched it at
    /// offset `start` of `input`: down the class's alternatives that are
    /// productions, the first that matches it at each level (`xchar` ›
    /// `unreserved` › `alpha` › `lowalpha`).
    pub(crate) fn class(rule: Rule, element: &[u8], start: usize, input: &'a str) -> Self {
        let end = start + element.len();
        let children = if rule == Rule::Escape {
            // escape = "%" hex hex. `Class::matches` gives single bytes to
            // the table, so `escape` matched an escape's three bytes.
            vec![
                Derivation::class(Rule::Hex, &element[1..2], start + 1, input),
                Derivation::class(Rule::Hex, &element[2..3], start + 2, input),
            ]
        } else {
            rule.class()
                .map_or(&[][..], crate::charset::Class::parts)
                .iter()
                .find(|part| part.class().is_some_and(|class| class.matches(element)))
                .map(|part| vec![Derivation::class(*part, element, start, input)])
                .unwrap_or_default()
        };
        Derivation {
            rule,
            span: start..end,
            input,
            children,
        }
    }

    /// The production.
    ///
    /// ```
    /// let tree = rfc1738::check("news:comp.lang")?.tree();
    /// assert_eq!(tree.rule(), rfc1738::Rule::Newsurl);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The byte range of the input it matched.
    ///
    /// ```
    /// let tree = rfc1738::check("http://host:80/")?.tree();
    /// assert_eq!(tree.find(rfc1738::Rule::Port).unwrap().span(), 12..14);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// The text it matched.
    ///
    /// ```
    /// let tree = rfc1738::check("ftp://me@host/f")?.tree();
    /// assert_eq!(tree.find(rfc1738::Rule::User).unwrap().text(), "me");
    /// assert_eq!(tree.text(), "ftp://me@host/f");
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn text(&self) -> &'a str {
        // Spans end at ASCII bytes the grammar matched: char boundaries.
        &self.input[self.span.clone()]
    }

    /// The productions it matched its text with, in input order.
    ///
    /// ```
    /// use rfc1738::Rule;
    /// let tree = rfc1738::parse_rule(Rule::Hostport, "host:80")?.tree();
    /// let children: Vec<Rule> = tree.children().iter().map(|child| child.rule()).collect();
    /// assert_eq!(children, [Rule::Host, Rule::Port]);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn children(&self) -> &[Derivation<'a>] {
        &self.children
    }

    /// This node and all below it, depth first, parents before children.
    ///
    /// ```
    /// use rfc1738::Rule;
    /// let tree = rfc1738::parse_rule(Rule::Port, "80")?.tree();
    /// let rules: Vec<Rule> = tree.nodes().map(|node| node.rule()).collect();
    /// assert_eq!(rules, [Rule::Port, Rule::Digits, Rule::Digit, Rule::Digit]);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn nodes(&self) -> impl core::iter::FusedIterator<Item = &Derivation<'a>> {
        let mut stack = vec![self];
        core::iter::from_fn(move || {
            let node = stack.pop()?;
            stack.extend(node.children.iter().rev());
            Some(node)
        })
        .fuse()
    }

    /// The first node, depth first, of the given production.
    ///
    /// ```
    /// use rfc1738::Rule;
    /// let tree = rfc1738::check("http://a.b.c/")?.tree();
    /// assert_eq!(tree.find(Rule::Domainlabel).unwrap().text(), "a");
    /// assert!(tree.find(Rule::Port).is_none());
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn find(&self, rule: Rule) -> Option<&Derivation<'a>> {
        self.nodes().find(|node| node.rule == rule)
    }
}

impl fmt::Debug for Derivation<'_> {
    /// `Derivation { rule, span, text, children }`, `text` the node's own
    /// text ([`Derivation::text`]), not the input it is a slice of.
    ///
    /// ```
    /// let tree = rfc1738::parse_rule(rfc1738::Rule::Port, "80")?.tree();
    /// let digit = &tree.children()[0].children()[1];
    /// assert_eq!(
    ///     format!("{digit:?}"),
    ///     r#"Derivation { rule: Digit, span: 1..2, text: "0", children: [] }"#
    /// );
    /// assert!(format!("{tree:#?}").contains("    text: \"80\",\n"));
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Derivation")
            .field("rule", &self.rule)
            .field("span", &self.span)
            .field("text", &self.text())
            .field("children", &self.children)
            .finish()
    }
}

/// Whether the production matches exactly one character (or one escape),
/// with no structure a reader of a URL cares about: `lowalpha` … `xchar`,
/// `alphadigit`, `hex`, `escape`. Renderings of trees may fold these away.
///
/// ```
/// use rfc1738::{Rule, is_character_class};
/// assert!(is_character_class(Rule::Uchar) && is_character_class(Rule::Escape));
/// assert!(!is_character_class(Rule::Hostport) && !is_character_class(Rule::Digits));
/// ```
#[must_use]
pub fn is_character_class(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::Lowalpha
            | Rule::Hialpha
            | Rule::Alpha
            | Rule::Digit
            | Rule::Alphadigit
            | Rule::Safe
            | Rule::Extra
            | Rule::National
            | Rule::Punctuation
            | Rule::Reserved
            | Rule::Hex
            | Rule::Escape
            | Rule::Unreserved
            | Rule::Uchar
            | Rule::Xchar
    )
}
