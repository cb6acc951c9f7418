//! The combinators against the grammar file, for every production.
//!
//! Random derivations are generated from the BNF (`rfc1738::bnf::generate`):
//! they are strings of the production by construction, and `parse_rule` must
//! accept them. One- and two-edit mutants of them must get the same verdict
//! from `parse_rule` as from the independent BNF matcher, and when rejected
//! the same offset as the matcher's longest viable prefix. The derivation
//! trees of accepted strings must consist of strings of their productions.
//! What a rejection expects at its offset is what the matcher lets follow
//! the prefix before it, and what its error says depends on nothing after
//! the character found there.
//!
//! The runs are deterministic (a fixed seed), so the check that every arm of
//! the grammar was exercised cannot flake. `PROPTEST_CASES` raises the number
//! of cases per production (default 160).

use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap, HashSet};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use rfc1738::bnf::{ChoiceKind, ChoicePoint, Grammar, Matcher, Production, generate};
use rfc1738::{Derivation, Error, Expected, Rule, parse, parse_rule};

/// An arm of a choice point: (production, node id, which way).
type Arm = (String, usize, u32);

/// The way a choice went, as an arm: the alternative's index; 0 or 1 for an
/// optional group left out or taken; 0 or 1 for a repetition at its minimum
/// or beyond it.
fn arm(point: &ChoicePoint<'_>, answer: u32) -> u32 {
    match point.kind {
        ChoiceKind::Alternative { count } => answer % count as u32,
        ChoiceKind::Optional => u32::from(answer != 0),
        ChoiceKind::Repeat { .. } => u32::from(answer != 0),
        other => panic!("a choice the test does not know: {other:?}"),
    }
}

/// A string of `production` derived with `choices`, and the arms it took.
/// Repetitions get 0 to 3 extra elements; an exhausted list answers 0.
fn derive(
    grammar: &'static Grammar,
    production: &'static Production,
    choices: &[u32],
) -> (String, Vec<Arm>) {
    let mut next = choices.iter().copied();
    let mut arms = Vec::new();
    let string = generate(grammar, production, &mut |point| {
        let raw = next.next().unwrap_or(0);
        let answer = match point.kind {
            ChoiceKind::Alternative { count } => raw % count as u32,
            ChoiceKind::Optional => raw % 2,
            ChoiceKind::Repeat { .. } => raw % 4,
            other => panic!("a choice the test does not know: {other:?}"),
        };
        arms.push((point.production.to_owned(), point.id, arm(point, answer)));
        answer
    });
    (string, arms)
}

/// Characters a mutation inserts or writes: the grammar's terminals, the
/// unsafe characters of section 2.2, a control and a non-ASCII character.
const ALPHABET: &[char] = &[
    'a', 'z', 'A', 'Z', '0', '9', '-', '.', '_', '+', '!', '*', '\'', '(', ')', ',', '$', ';', '/',
    '?', ':', '@', '&', '=', '%', '#', '<', '>', '"', '{', '}', '|', '\\', '^', '~', '[', ']', '`',
    ' ', '\t', '\u{e9}',
];

/// One edit: delete, insert or replace a character.
#[derive(Clone, Debug)]
enum Edit {
    Delete(prop::sample::Index),
    Insert(prop::sample::Index, char),
    Replace(prop::sample::Index, char),
}

fn edit() -> impl Strategy<Value = Edit> {
    let c = || prop::sample::select(ALPHABET);
    prop_oneof![
        any::<prop::sample::Index>().prop_map(Edit::Delete),
        (any::<prop::sample::Index>(), c()).prop_map(|(i, c)| Edit::Insert(i, c)),
        (any::<prop::sample::Index>(), c()).prop_map(|(i, c)| Edit::Replace(i, c)),
    ]
}

fn apply(string: &str, edit: &Edit) -> String {
    let mut chars: Vec<char> = string.chars().collect();
    match edit {
        Edit::Delete(i) if !chars.is_empty() => {
            chars.remove(i.index(chars.len()));
        }
        Edit::Delete(_) => {}
        Edit::Insert(i, c) => chars.insert(i.index(chars.len() + 1), *c),
        Edit::Replace(i, c) if !chars.is_empty() => {
            let i = i.index(chars.len());
            chars[i] = *c;
        }
        Edit::Replace(_, c) => chars.push(*c),
    }
    chars.into_iter().collect()
}

/// `parse_rule` and the matcher agree on `input`.
fn agree(
    matcher: &Matcher<'_>,
    rule: Rule,
    production: &Production,
    input: &str,
) -> Result<(), TestCaseError> {
    let oracle = matcher.check(production, input);
    let found = parse_rule(rule, input)
        .map(|_| ())
        .map_err(|error| error.offset());
    prop_assert_eq!(found, oracle, "{} on {:?}", rule, input);
    Ok(())
}

/// Every node of the tree is a string of its production, and lies inside
/// its parent after its elder siblings.
fn tree_agrees(
    matcher: &Matcher<'_>,
    grammar: &Grammar,
    tree: &Derivation<'_>,
) -> Result<(), TestCaseError> {
    for node in tree.nodes() {
        let mut at = node.span().start;
        for child in node.children() {
            prop_assert!(
                child.span().start >= at && child.span().end <= node.span().end,
                "the {} node {:?} overlaps its siblings or leaves its {} parent",
                child.rule(),
                child.span(),
                node.rule()
            );
            at = child.span().end;
        }
        let production = grammar.get(node.rule().name()).expect("registry = grammar");
        prop_assert!(
            matcher.matches(production, node.text()),
            "the {} node {:?} is no string of its production",
            node.rule(),
            node.text()
        );
    }
    Ok(())
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(160)
}

/// A runner of `cases` cases, the same ones every run (a failure is
/// reproduced by running the test again, and nothing is written to disk).
fn runner(cases: u32) -> TestRunner {
    TestRunner::new_with_rng(
        Config {
            cases,
            failure_persistence: None,
            ..Config::default()
        },
        proptest::test_runner::TestRng::deterministic_rng(
            proptest::test_runner::RngAlgorithm::ChaCha,
        ),
    )
}

/// What may follow `prefix` in a string of `production`, by the matcher: the
/// characters of [`ALPHABET`] (a `%` when an escape may), and `None` for the
/// end of the input.
fn may_follow(
    matcher: &Matcher<'_>,
    production: &Production,
    prefix: &str,
) -> BTreeSet<Option<char>> {
    let mut follow: BTreeSet<Option<char>> = ALPHABET
        .iter()
        .filter(|&&c| matcher.viable_prefix(production, &format!("{prefix}{c}")) > prefix.len())
        .map(|&c| Some(c))
        .collect();
    if matcher.matches(production, prefix) {
        follow.insert(None);
    }
    follow
}

/// What the items an error expects after `prefix` let follow it, of
/// [`ALPHABET`]: a production's first characters, a literal's next one (the
/// literal began where the longest of its beginnings ends `prefix`), the
/// end.
fn items_let_follow(
    matcher: &Matcher<'_>,
    grammar: &Grammar,
    items: &[Expected],
    prefix: &str,
    firsts: &mut HashMap<Rule, BTreeSet<Option<char>>>,
) -> BTreeSet<Option<char>> {
    let mut follow = BTreeSet::new();
    for item in items {
        match item {
            Expected::Rule(rule) => follow.extend(
                firsts
                    .entry(*rule)
                    .or_insert_with(|| {
                        let production = grammar.get(rule.name()).expect("registry = grammar");
                        may_follow(matcher, production, "")
                            .into_iter()
                            .filter(Option::is_some)
                            .collect()
                    })
                    .iter()
                    .copied(),
            ),
            Expected::Literal(literal) => {
                let begun = (0..literal.len())
                    .rev()
                    .find(|&k| prefix.ends_with(&literal[..k]))
                    .unwrap_or(0);
                let next = literal[begun..].chars().next();
                if next.is_some_and(|c| ALPHABET.contains(&c)) {
                    follow.insert(next);
                }
            }
            Expected::EndOfInput => {
                follow.insert(None);
            }
            other => panic!("an item the test does not know: {other:?}"),
        }
    }
    follow
}

#[test]
fn what_an_error_expects_is_what_may_follow_its_prefix() {
    let grammar = Grammar::rfc1738();
    let matcher = Matcher::new(grammar);
    let firsts = RefCell::new(HashMap::new());
    for rule in Rule::ALL {
        let production = grammar.get(rule.name()).expect("registry = grammar");
        let mut runner = runner(cases() / 4);
        let strategy = (prop::collection::vec(any::<u32>(), 0..48), edit());
        let result = runner.run(&strategy, |(choices, edit)| {
            let mutant = apply(&derive(grammar, production, &choices).0, &edit);
            let Err(error) = parse_rule(rule, &mutant) else {
                return Ok(());
            };
            let prefix = &mutant[..error.offset()];
            let told = items_let_follow(
                &matcher,
                grammar,
                error.expected(),
                prefix,
                &mut firsts.borrow_mut(),
            );
            let oracle = may_follow(&matcher, production, prefix);
            // Nothing is expected that could not follow.
            prop_assert!(
                told.is_subset(&oracle),
                "{} on {:?} expects {:?} at {}, more than {:?}",
                rule,
                mutant,
                error.expected(),
                error.offset(),
                oracle
            );
            // And everything that could is.
            prop_assert_eq!(
                told,
                oracle,
                "{} on {:?} expects {:?} at {}",
                rule,
                mutant,
                error.expected(),
                error.offset()
            );
            Ok(())
        });
        if let Err(failure) = result {
            panic!("{rule}: {failure}");
        }
    }
}

/// What an error says: its offset, what it expects there, the productions
/// open there and its message.
fn said(error: &Error) -> (usize, Vec<Expected>, Vec<Rule>, String) {
    (
        error.offset(),
        error.expected().to_vec(),
        error.path().to_vec(),
        error.message(),
    )
}

/// What a mutant's tail is replaced with: characters of [`ALPHABET`] and
/// pieces the grammar reads further on (gopher's `%09`, a login's `@`).
fn tail() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        prop::sample::select(ALPHABET).prop_map(String::from),
        prop::sample::select(&["%09", "%2F", "%", "@", "//", ":", "/", "?", ";type="][..])
            .prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..6).prop_map(|pieces| pieces.concat())
}

/// `check`'s error of `input` and of `input` with everything after the
/// character found at the offset cut off, or replaced with `tail`, say the
/// same (D19): the longest viable prefix and the character after it are
/// all the diagnosis reads.
fn says_the_same(
    input: &str,
    tail: &str,
    check: impl Fn(&str) -> Option<Error>,
) -> Result<(), TestCaseError> {
    let Some(error) = check(input) else {
        return Ok(());
    };
    let Some(found) = input[error.offset()..].chars().next() else {
        return Ok(());
    };
    let kept = &input[..error.offset() + found.len_utf8()];
    for other in [kept.to_owned(), format!("{kept}{tail}")] {
        let again = check(&other);
        prop_assert!(again.is_some(), "{:?} is rejected, {:?} not", input, other);
        let again = again.unwrap();
        prop_assert_eq!(said(&again), said(&error), "{:?} and {:?}", input, other);
    }
    Ok(())
}

#[test]
fn what_an_error_says_depends_on_nothing_after_what_it_found() {
    let grammar = Grammar::rfc1738();
    for rule in Rule::ALL {
        let production = grammar.get(rule.name()).expect("registry = grammar");
        let mut runner = runner(cases());
        let strategy = (
            prop::collection::vec(any::<u32>(), 0..48),
            prop::collection::vec(edit(), 1..=2),
            tail(),
        );
        let result = runner.run(&strategy, |(choices, edits, tail)| {
            let mut mutant = derive(grammar, production, &choices).0;
            for edit in &edits {
                mutant = apply(&mutant, edit);
            }
            says_the_same(&mutant, &tail, |input| parse_rule(rule, input).err())?;
            says_the_same(&mutant, &tail, |input| parse(input).err())
        });
        if let Err(failure) = result {
            panic!("{rule}: {failure}");
        }
    }
}

#[test]
fn every_production_agrees_with_the_grammar_file() {
    let grammar = Grammar::rfc1738();
    let matcher = Matcher::new(grammar);
    let exercised: RefCell<HashSet<Arm>> = RefCell::new(HashSet::new());
    for rule in Rule::ALL {
        let production = grammar.get(rule.name()).expect("registry = grammar");
        let mut runner = runner(cases());
        let strategy = (
            prop::collection::vec(any::<u32>(), 0..48),
            prop::collection::vec(edit(), 1..=2),
            any::<bool>(),
        );
        let result = runner.run(&strategy, |(choices, edits, check_tree)| {
            let (string, arms) = derive(grammar, production, &choices);
            exercised.borrow_mut().extend(arms);
            // (a) A derivation is accepted, and its tree holds together.
            let matched = parse_rule(rule, &string);
            prop_assert!(
                matched.is_ok(),
                "{} rejects its derivation {:?}: {}",
                rule,
                string,
                matched.unwrap_err()
            );
            if check_tree {
                tree_agrees(&matcher, grammar, &matched.unwrap().tree())?;
            }
            // (b) Its mutants get the matcher's verdict and offset.
            let once = apply(&string, &edits[0]);
            agree(&matcher, rule, production, &once)?;
            if let Some(second) = edits.get(1) {
                agree(&matcher, rule, production, &apply(&once, second))?;
            }
            Ok(())
        });
        if let Err(failure) = result {
            panic!("{rule}: {failure}");
        }
    }
    let exercised = exercised.into_inner();
    let mut missing = Vec::new();
    for (production, id, kind) in grammar.choice_points() {
        let ways: u32 = match kind {
            ChoiceKind::Alternative { count } => count as u32,
            ChoiceKind::Optional | ChoiceKind::Repeat { .. } => 2,
            other => panic!("a choice the test does not know: {other:?}"),
        };
        for way in 0..ways {
            if !exercised.contains(&(production.clone(), id, way)) {
                missing.push(format!("{production} node {id} arm {way}"));
            }
        }
    }
    assert!(missing.is_empty(), "arms never exercised: {missing:?}");
}
