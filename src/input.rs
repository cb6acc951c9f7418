//! What the grammar reads: text, with or without section 2.1's case-folding
//! of scheme names.

use core::str::{CharIndices, Chars};

use nom::{Input, Needed, Offset};

mod sealed {
    pub trait Sealed {}
    impl Sealed for &str {}
    impl Sealed for super::Folded<'_> {}
}

/// The input of the grammar's combinators: `&str`, the grammar's letter, or
/// [`Folded`], whose scheme names match whatever their case.
///
/// Sealed: the combinators rely on every position they cut at being a char
/// boundary of the text, which these two guarantee.
///
/// ```
/// use nom::Parser;
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

/// Text whose scheme names match whatever their case.
///
/// Section 2.1: "programs interpreting URLs should treat upper case letters
/// as equivalent to lower case in scheme names". [`crate::parse`] reads its
/// input through this wrapper, so `HTTP://host/` is an `httpurl`; the
/// grammar's own letter (`&str`) makes the scheme lower case.
///
/// ```
/// use nom::Parser;
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
