//! A pass of the grammar: one rule over one input, with one observer.
//!
//! The entry points ([`crate::parse`], [`crate::parse_rule`], …) and the
//! error's details ([`crate::Error::expected`]) all read an input through
//! these functions, so that every pass runs the same combinators.

use nom::{Check, Complete, Emit, OutputM, Parser};

use crate::Rule;
use crate::derivation::Flat;
use crate::grammar::{E, Folded, Observer, Text, end_of_input};
use crate::rule::with_combinator;
use crate::trace::{Builder, Diagnosis, Farthest, Recorded};

/// Runs `parser` over the whole input, building its output.
#[inline(always)]
pub(crate) fn emit<'a, I, O, P>(parser: P, input: I, o: O) -> Option<P::Output>
where
    I: Text<'a>,
    O: Observer,
    P: Parser<I, Error = E<I>>,
{
    (parser, end_of_input(o))
        .process::<OutputM<Emit, Check, Complete>>(input)
        .ok()
        .map(|(_, (output, ()))| output)
}

/// Whether the combinator `make` builds matches the whole input, building
/// nothing.
///
/// Not inlined: each rule's pass is a function of its own, small enough for
/// the compiler to inline every leaf into it, and its combinator is built in
/// its own frame.
#[inline(never)]
pub(crate) fn whole_of<'a, I, O, P>(make: impl FnOnce() -> P, input: I, o: O) -> bool
where
    I: Text<'a>,
    O: Observer,
    P: Parser<I, Error = E<I>>,
{
    (make(), end_of_input(o))
        .process::<OutputM<Check, Check, Complete>>(input)
        .is_ok()
}

/// Whether the combinator `make` builds matches a prefix of the input,
/// building nothing.
fn prefix_of<'a, I, P>(make: impl FnOnce() -> P, input: I) -> bool
where
    I: Text<'a>,
    P: Parser<I, Error = E<I>>,
{
    make()
        .process::<OutputM<Check, Check, Complete>>(input)
        .is_ok()
}

/// Whether `rule` matches the whole of `input` (scheme names folded with
/// `fold`), and the farthest offset the pass reached.
pub(crate) fn check(rule: Rule, input: &str, fold: bool) -> Result<(), usize> {
    let farthest = Farthest::new(input);
    let o = &farthest;
    let matched = if fold {
        with_combinator!(rule, o, whole_of, Folded(input), o)
    } else {
        with_combinator!(rule, o, whole_of, input, o)
    };
    if matched {
        Ok(())
    } else {
        Err(farthest.offset())
    }
}

/// Records into `into` (which holds nothing yet) what was expected at
/// `offset`, the farthest offset a pass of `rule` over `input` reached (or
/// its end, when a byte that is not text follows), and the productions open
/// when it was first reached.
#[cold]
pub(crate) fn diagnose(rule: Rule, input: &str, fold: bool, offset: usize, into: &mut Recorded) {
    let diagnosis = Diagnosis::new(input, offset, into);
    let o = &diagnosis;
    let matched = if fold {
        with_combinator!(rule, o, whole_of, Folded(input), o)
    } else {
        with_combinator!(rule, o, whole_of, input, o)
    };
    diagnosis.finish(rule, matched);
}

/// The derivation of the whole input (or, with `whole` false, of the prefix
/// the combinator matches) under `rule`, folding scheme case with `fold`.
pub(crate) fn derive(rule: Rule, input: &str, entire: bool, fold: bool) -> Option<Flat> {
    let builder = Builder::new(input);
    let o = &builder;
    let matched = match (entire, fold) {
        (true, true) => with_combinator!(rule, o, whole_of, Folded(input), o),
        (true, false) => with_combinator!(rule, o, whole_of, input, o),
        (false, true) => with_combinator!(rule, o, prefix_of, Folded(input)),
        (false, false) => with_combinator!(rule, o, prefix_of, input),
    };
    // A successful run leaves exactly the tree of `rule` itself.
    let tree = matched.then(|| builder.into_root()).flatten()?;
    if !tree
        .entries
        .iter()
        .any(|entry| entry.rule == Rule::Schemepart)
    {
        return Some(tree);
    }
    let mut shown = Flat {
        entries: Vec::with_capacity(tree.entries.len()),
    };
    ip_schemeparts(&tree, 0, input, &mut shown);
    Some(shown)
}

/// Appends the subtree at `at` of `tree` to `shown`, every `schemepart`
/// that is a whole `ip-schemepart` shown as one.
///
/// `schemepart = *xchar | ip-schemepart`: nom's ordered choice reads every
/// schemepart as `*xchar`, whose language holds `ip-schemepart`'s. Where the
/// whole schemepart is also an `ip-schemepart`, the derivation a reader
/// expects is that one (`//host/path`), so the tree takes it
/// (`grammar/DECISIONS.md`).
fn ip_schemeparts(tree: &Flat, at: usize, input: &str, shown: &mut Flat) {
    let entry = tree.entries[at];
    let position = shown.entries.len();
    shown.entries.push(entry);
    let ip = (entry.rule == Rule::Schemepart && !entry.class)
        .then(|| {
            derive(
                Rule::IpSchemepart,
                &input[entry.start..entry.end],
                true,
                false,
            )
        })
        .flatten();
    match ip {
        Some(mut ip) => {
            ip.shift(entry.start);
            shown.entries.append(&mut ip.entries);
        }
        None => {
            for child in tree.children(at) {
                ip_schemeparts(tree, child, input, shown);
            }
        }
    }
    shown.entries[position].size = shown.entries.len() - position;
}
