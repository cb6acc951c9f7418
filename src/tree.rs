//! Derivation trees: which production matched which bytes.

use core::ops::Range;

use crate::Rule;
use crate::input::Node;

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

/// The alternatives of a character-class production that are themselves
/// productions, in the order of the BNF (`unreserved = alpha | digit | safe |
/// extra`). The other alternatives are literals.
fn class_alternatives(rule: Rule) -> &'static [Rule] {
    rule.class().map_or(&[], crate::charset::Class::parts)
}

/// The derivation of one element under the character-class production
/// `rule`, which matched it at byte `start`.
pub(crate) fn class_node(rule: Rule, element: &[u8], start: usize) -> Node {
    let end = start + element.len();
    let children = if rule == Rule::Escape {
        // escape = "%" hex hex. `Class::matches` gives single bytes to the
        // table, so `escape` matched the three bytes `Set::emit` passed.
        vec![
            class_node(Rule::Hex, &element[1..2], start + 1),
            class_node(Rule::Hex, &element[2..3], start + 2),
        ]
    } else {
        class_alternatives(rule)
            .iter()
            .find(|alternative| {
                alternative
                    .class()
                    .is_some_and(|class| class.matches(element))
            })
            .map(|alternative| vec![class_node(*alternative, element, start)])
            .unwrap_or_default()
    };
    Node {
        rule,
        start,
        end,
        children,
    }
}
