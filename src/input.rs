//! What the grammar reads: text, with or without section 2.1's case-folding
//! of scheme names.

use core::str::{CharIndices, Chars};

use nom::{Input, Needed, Offset};

mod sealed {
    pub trait Sealed {}
    impl Sealed for &str {}
    impl Sealed for super::Folded<'_> {}
    impl<X: Clone> Sealed for nom_locate::LocatedSpan<&str, X> {}
}

/// The input of the grammar's combinators: `&str`, the grammar's letter, or
/// [`Folded`], whose scheme names match whatever their case; or a
/// nom_locate span of text (`LocatedSpan<&str, X>`, read by the grammar's
/// letter), so that the combinators take part in a parser that tracks
/// lines and columns.
///
/// Sealed: the combinators rely on every position they cut at being a char
/// boundary of the text, which these guarantee.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Folded, Quiet, Text, generic::scheme};
///
/// /// The scheme name at the start of any text the grammar reads.
/// fn scheme_of<'a, I: Text<'a>>(input: I) -> Option<&'a str> {
///     scheme(Quiet).parse_complete(input).ok().map(|(_, name)| name)
/// }
/// assert_eq!(scheme_of("http://host/"), Some("http"));
/// assert_eq!(scheme_of("HTTP://host/"), None); // the grammar's letter: lower case
/// assert_eq!(scheme_of(Folded("HTTP://host/")), Some("HTTP"));
/// ```
pub trait Text<'a>: Input<Item = char> + Offset + Clone + sealed::Sealed {
    /// Whether scheme names match whatever their case (section 2.1).
    const FOLD: bool;

    /// The rest of the input.
    fn text(&self) -> &'a str;
}

impl<'a> Text<'a> for &'a str {
    const FOLD: bool = false;

    #[inline(always)]
    fn text(&self) -> &'a str {
        self
    }
}

/// A nom_locate span reads as the text it holds, by the grammar's letter:
/// the rest it leaves is a span with its line and column counted.
///
/// ```
/// use rfc1738::grammar::{Quiet, generic::url};
/// use rfc1738::nom::{Parser, bytes::complete::tag, sequence::preceded};
/// use rfc1738::nom_locate::LocatedSpan;
///
/// let text = LocatedSpan::new("see:\nurl=ftp://h/a b");
/// let (rest, found) = preceded(tag("see:\nurl="), url(Quiet)).parse(text).unwrap();
/// assert_eq!(found.as_str(), "ftp://h/a");
/// assert_eq!((rest.location_line(), rest.get_utf8_column()), (2, 14));
/// ```
impl<'a, X: Clone> Text<'a> for nom_locate::LocatedSpan<&'a str, X> {
    const FOLD: bool = false;

    #[inline(always)]
    fn text(&self) -> &'a str {
        self.fragment()
    }
}

/// Text whose scheme names match whatever their case.
///
/// Section 2.1: "programs interpreting URLs should treat upper case letters
/// as equivalent to lower case in scheme names". [`crate::parse`] reads its
/// input through this wrapper, so `HTTP://host/` is an `httpurl`; the
/// grammar's own letter (`&str`) makes the scheme lower case.
///
/// ```
/// use rfc1738::nom::Parser;
/// use rfc1738::grammar::{Folded, Quiet, http::httpurl};
///
/// assert!(httpurl(Quiet).parse_complete(Folded("HTTP://host/")).is_ok());
/// assert!(httpurl(Quiet).parse_complete("HTTP://host/").is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Folded<'a>(pub &'a str);

impl<'a> Text<'a> for Folded<'a> {
    const FOLD: bool = true;

    #[inline(always)]
    fn text(&self) -> &'a str {
        self.0
    }
}

impl<'a> Input for Folded<'a> {
    type Item = char;
    type Iter = Chars<'a>;
    type IterIndices = CharIndices<'a>;

    #[inline(always)]
    fn input_len(&self) -> usize {
        self.0.len()
    }

    // The combinators cut only at char boundaries (after ASCII bytes they
    // matched), as `&str`'s own `Input` requires.
    #[inline(always)]
    fn take(&self, index: usize) -> Self {
        Folded(&self.0[..index])
    }

    #[inline(always)]
    fn take_from(&self, index: usize) -> Self {
        Folded(&self.0[index..])
    }

    #[inline(always)]
    fn take_split(&self, index: usize) -> (Self, Self) {
        let (prefix, suffix) = self.0.split_at(index);
        (Folded(suffix), Folded(prefix))
    }

    fn position<P>(&self, predicate: P) -> Option<usize>
    where
        P: Fn(Self::Item) -> bool,
    {
        self.0.position(predicate)
    }

    fn iter_elements(&self) -> Self::Iter {
        self.0.chars()
    }

    fn iter_indices(&self) -> Self::IterIndices {
        self.0.char_indices()
    }

    fn slice_index(&self, count: usize) -> Result<usize, Needed> {
        self.0.slice_index(count)
    }
}

impl Offset for Folded<'_> {
    #[inline(always)]
    fn offset(&self, second: &Self) -> usize {
        self.0.offset(second.0)
    }
}

/// Where `input` stands, as an address: the observers compare positions of
/// one input, and an address needs no offset carried in the input.
#[inline(always)]
pub(crate) fn address<'a, I: Text<'a>>(input: &I) -> usize {
    input.text().as_ptr() as usize
}

#[cfg(test)]
mod tests {
    use nom::{Check, Complete, Input as _, OutputM, Parser};
    use nom_locate::LocatedSpan;

    use crate::bnf::{ChoiceKind, Grammar, generate};
    use crate::grammar::{E, Quiet, Text};
    use crate::rule::with_combinator;
    use crate::{Position, Rule};

    /// What the combinator `make` builds leaves of `input`, when it matches
    /// a prefix of it.
    fn rest_of<'a, I: Text<'a>, P: Parser<I, Error = E<I>>>(
        make: impl FnOnce() -> P,
        input: I,
    ) -> Option<I> {
        make()
            .process::<OutputM<Check, Check, Complete>>(input)
            .ok()
            .map(|(rest, _)| rest)
    }

    proptest::proptest! {
        /// Every production reads a nom_locate span as it reads the text
        /// the span holds, and the span it leaves stands where
        /// `Position::of` says: on derivations of the production, mutated
        /// by a character (a line feed among them), read after a line.
        #[test]
        fn a_span_reads_as_its_text(
            rule in 0..Rule::ALL.len(),
            choices in proptest::collection::vec(0u32..8, 0..40),
            at in 0usize..64,
            inserted in proptest::sample::select(&['\n', '/', ':', '@', '%', ' ', 'a', '9', 'é'][..]),
        ) {
            let rule = Rule::ALL[rule];
            let grammar = Grammar::rfc1738();
            let production = grammar.get(rule.name()).expect("every rule is a production");
            let mut next = choices.iter().copied();
            let mut text = generate(grammar, production, &mut |point| {
                let raw = next.next().unwrap_or(0);
                match point.kind {
                    ChoiceKind::Alternative { count } => raw % count as u32,
                    ChoiceKind::Optional => raw % 2,
                    _ => raw % 3,
                }
            });
            text.insert(crate::position::floor_boundary(&text, at), inserted);
            let full = format!("line one é\n{text}");
            let start = full.len() - text.len();
            let span = LocatedSpan::new(full.as_str()).take_from(start);
            let o = Quiet;
            let by_text = with_combinator!(rule, o, rest_of, text.as_str());
            let by_span = with_combinator!(rule, o, rest_of, span);
            proptest::prop_assert_eq!(by_text, by_span.map(|rest| *rest.fragment()), "{}", rule);
            if let Some(rest) = by_span {
                let offset = full.len() - rest.fragment().len();
                proptest::prop_assert_eq!(rest.location_offset(), offset);
                proptest::prop_assert_eq!(Position::from(&rest), Position::of(&full, offset));
            }
        }
    }
}
