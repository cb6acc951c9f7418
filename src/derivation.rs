//! Derivation trees: which production matched which bytes.

use core::ops::Range;

use crate::Rule;

/// A node of a derivation under construction: a production and the byte
/// offsets it matched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    pub rule: Rule,
    pub start: usize,
    pub end: usize,
    pub children: Vec<Node>,
}

impl Node {
    /// Moves the node and all below it `by` bytes to the right: a tree
    /// derived from a slice, placed in the whole input.
    pub(crate) fn shift(&mut self, by: usize) {
        self.start += by;
        self.end += by;
        for child in &mut self.children {
            child.shift(by);
        }
    }

    /// The derivation of one element (a byte, or the three of an escape)
    /// under the character-class production `rule`, which matched it at
    /// offset `start`: down the class's alternatives that are productions,
    /// the first that matches it at each level (`xchar` › `unreserved` ›
    /// `alpha` › `lowalpha`).
    pub(crate) fn class(rule: Rule, element: &[u8], start: usize) -> Node {
        let end = start + element.len();
        let children = if rule == Rule::Escape {
            // escape = "%" hex hex. `Class::matches` gives single bytes to
            // the table, so `escape` matched an escape's three bytes.
            vec![
                Node::class(Rule::Hex, &element[1..2], start + 1),
                Node::class(Rule::Hex, &element[2..3], start + 2),
            ]
        } else {
            rule.class()
                .map_or(&[][..], crate::charset::Class::parts)
                .iter()
                .find(|part| part.class().is_some_and(|class| class.matches(element)))
                .map(|part| vec![Node::class(*part, element, start)])
                .unwrap_or_default()
        };
        Node {
            rule,
            start,
            end,
            children,
        }
    }
}

/// A node of a derivation tree: a production, the bytes of the input it
/// matched, and the productions it matched them with.
///
/// Literals of the grammar (`"://"`, `"@"`) have no nodes; every production
/// does, down to the character classes (`uchar`, `unreserved`, `alpha`,
/// `lowalpha`). Where the BNF derives a string in more than one way, the tree
/// is the derivation `grammar/DECISIONS.md` chooses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Derivation<'a> {
    rule: Rule,
    span: Range<usize>,
    input: &'a str,
    children: Vec<Derivation<'a>>,
}

impl<'a> Derivation<'a> {
    pub(crate) fn new(node: Node, input: &'a str) -> Self {
        Derivation {
            rule: node.rule,
            span: node.start..node.end,
            input,
            children: node
                .children
                .into_iter()
                .map(|child| Derivation::new(child, input))
                .collect(),
        }
    }

    /// The production.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The byte range of the input it matched.
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// The text it matched.
    pub fn text(&self) -> &'a str {
        // Spans end at ASCII bytes the grammar matched: char boundaries.
        &self.input[self.span.clone()]
    }

    /// The productions it matched its text with, in input order.
    pub fn children(&self) -> &[Derivation<'a>] {
        &self.children
    }

    /// This node and all below it, depth first, parents before children.
    pub fn nodes(&self) -> impl Iterator<Item = &Derivation<'a>> {
        let mut stack = vec![self];
        core::iter::from_fn(move || {
            let node = stack.pop()?;
            stack.extend(node.children.iter().rev());
            Some(node)
        })
    }

    /// The first node, depth first, of the given production.
    pub fn find(&self, rule: Rule) -> Option<&Derivation<'a>> {
        self.nodes().find(|node| node.rule == rule)
    }
}

/// Whether the production matches exactly one character (or one escape),
/// with no structure a reader of a URL cares about: `lowalpha` … `xchar`,
/// `alphadigit`, `hex`, `escape`. Renderings of trees may fold these away.
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
