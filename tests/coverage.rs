//! The project's own accepted strings exercise every alternative of every
//! production, counted by the same coverage `rfc1738 coverage` reports.

use proptest::prelude::*;
use rfc1738::bnf::{ChoiceKind, Grammar, generate};
use rfc1738::coverage::Coverage;
use rfc1738::{Match, Rule, check, parse_rule};

/// Each accepted string of the corpus, matched by its production.
fn accepted() -> impl Iterator<Item = Match<'static>> {
    include_str!("corpus/accepted.tsv")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let (name, input) = line.split_once('\t').expect("rule<TAB>input");
            let rule = Rule::from_name(name).expect("a production");
            parse_rule(rule, input).unwrap_or_else(|e| panic!("{name} {input:?}: {e}"))
        })
}

#[test]
fn the_test_corpus_exercises_every_alternative() {
    let mut coverage = Coverage::new();
    for matched in accepted() {
        coverage.add(&matched.tree());
    }
    let missing: Vec<String> = coverage
        .unexercised()
        .map(|(rule, alternative)| format!("{rule} alternative {}", alternative + 1))
        .collect();
    assert!(missing.is_empty(), "never exercised: {missing:?}");
}

#[test]
fn coverage_counts_inputs_not_occurrences() {
    let mut coverage = Coverage::new();
    coverage.add(&check("http://a.b.c/").unwrap().tree());
    coverage.add(&check("HTTP://X/").unwrap().tree());
    coverage.add_rejected();
    assert_eq!(coverage.inputs(), 2);
    assert_eq!(coverage.rejected(), 1);
    // Both used domainlabel or toplabel; only the first has a domainlabel.
    assert_eq!(coverage.uses(Rule::Domainlabel), 1);
    assert_eq!(coverage.uses(Rule::Toplabel), 2);
    // One-letter labels are the first alternative of toplabel.
    assert_eq!(coverage.count(Rule::Toplabel, 0), 2);
    assert_eq!(coverage.count(Rule::Toplabel, 1), 0);
    // httpurl is url's first alternative, but these came through httpurl
    // directly, not through url.
    assert_eq!(coverage.uses(Rule::Url), 0);
    // The scheme is a literal of httpurl: its letters are no lowalpha.
    assert_eq!(coverage.count(Rule::Hialpha, 7), 0); // "H"
    assert_eq!(coverage.count(Rule::Hialpha, 23), 1); // "X"
    assert_eq!(coverage.count(Rule::Lowalpha, 0), 1); // "a"
}

#[test]
fn inputs_taking_different_alternatives_all_use_the_production() {
    let mut coverage = Coverage::new();
    for url in ["http://a/", "http://1.2.3.4/", "news:a", "news:*"] {
        coverage.add_match(&check(url).unwrap());
    }
    // One hostname, one hostnumber: two inputs used host.
    assert_eq!(
        (coverage.count(Rule::Host, 0), coverage.count(Rule::Host, 1)),
        (1, 1)
    );
    assert_eq!(coverage.uses(Rule::Host), 2);
    assert_eq!(coverage.uses(Rule::Grouppart), 2);
    // One input taking two alternatives (the labels `a` and `bc`) counts
    // once.
    let mut coverage = Coverage::new();
    coverage.add_match(&check("http://a.bc.d/").unwrap());
    let domainlabel = (0..2).map(|i| coverage.count(Rule::Domainlabel, i));
    assert_eq!(domainlabel.collect::<Vec<_>>(), [1, 1]);
    assert_eq!(coverage.uses(Rule::Domainlabel), 1);
}

#[test]
fn ambiguous_alternatives_follow_the_derivation() {
    let mut coverage = Coverage::new();
    coverage.add(&parse_rule(Rule::Url, "http://user@host/").unwrap().tree());
    assert_eq!(coverage.count(Rule::Url, 10), 1, "otherurl");
    assert_eq!(coverage.count(Rule::Url, 0), 0, "not httpurl");
    // Decision D7: the schemepart's ip-schemepart reading.
    assert_eq!(coverage.count(Rule::Schemepart, 1), 1);
    assert_eq!(coverage.count(Rule::Schemepart, 0), 0);
    let mut coverage = Coverage::new();
    coverage.add(&parse_rule(Rule::Url, "urn:x").unwrap().tree());
    assert_eq!(coverage.count(Rule::Schemepart, 0), 1);
}

/// Every count of every alternative of every production.
fn counts(coverage: &Coverage) -> Vec<usize> {
    Rule::ALL
        .iter()
        .flat_map(|&rule| {
            (0..coverage.alternatives(rule))
                .map(move |alternative| coverage.count(rule, alternative))
        })
        .collect()
}

#[test]
fn a_match_counted_without_its_tree_counts_as_its_tree() {
    // Each accepted string of the corpus, alone and all together: the
    // compact reading counts exactly what the built tree does.
    let mut compact = Coverage::new();
    let mut built = Coverage::new();
    for matched in accepted() {
        let (mut one, mut other) = (Coverage::new(), Coverage::new());
        one.add_match(&matched);
        other.add(&matched.tree());
        let (rule, input) = (matched.rule(), matched.as_str());
        assert_eq!(counts(&one), counts(&other), "{rule} {input:?}");
        compact.add_match(&matched);
        built.add(&matched.tree());
    }
    assert_eq!(counts(&compact), counts(&built));
    assert_eq!(compact.inputs(), built.inputs());
}

fn uses(coverage: &Coverage) -> Vec<usize> {
    Rule::ALL.iter().map(|&rule| coverage.uses(rule)).collect()
}

/// Coverage counted without the tree ([`Coverage::add_match`], the fast
/// form) against coverage counted from it ([`Coverage::add`], D27 asked of
/// the BNF matcher node by node), input by input and in all.
fn counts_as_defined(matches: &[Match<'_>]) {
    let (mut compact, mut built) = (Coverage::new(), Coverage::new());
    for matched in matches {
        compact.add_match(matched);
        built.add(&matched.tree());
        let input = matched.as_str();
        assert_eq!(counts(&compact), counts(&built), "{input:?}");
        assert_eq!(uses(&compact), uses(&built), "{input:?}");
    }
}

#[test]
fn a_url_of_every_scheme_is_counted_alike_with_and_without_its_tree() {
    let urls = [
        "http://a.bc.d/e?f",
        "HTTP://1.2.3.4:80/",
        "ftp://u:p@h/a/b;type=d",
        "news:*",
        "news:a@b.c",
        "gopher://h/0a%09b%09c",
        "wais://h/d/t/p",
        "file:///x",
        "prospero://h/p;a=b",
        "mailto:a@b",
        "x-y+z.1:a%41",
        "telnet://u@h:23/",
    ];
    let matches: Vec<Match<'static>> = urls.iter().map(|url| check(url).unwrap()).collect();
    counts_as_defined(&matches);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Random derivations of random productions, a few at a time.
    #[test]
    fn derivations_are_counted_alike_with_and_without_their_trees(
        picks in prop::collection::vec((0..Rule::COUNT, prop::collection::vec(any::<u32>(), 0..40)), 1..4)
    ) {
        let grammar = Grammar::rfc1738();
        let strings: Vec<(Rule, String)> = picks
            .iter()
            .map(|(rule, choices)| {
                let rule = Rule::ALL[*rule];
                let production = grammar.get(rule.name()).unwrap();
                let mut next = choices.iter().copied();
                let string = generate(grammar, production, &mut |point| {
                    let raw = next.next().unwrap_or(0);
                    match point.kind {
                        ChoiceKind::Alternative { count } => raw % count as u32,
                        ChoiceKind::Optional => raw % 2,
                        ChoiceKind::Repeat { .. } => raw % 4,
                        other => panic!("a choice the test does not know: {other:?}"),
                    }
                });
                (rule, string)
            })
            .collect();
        let matches: Vec<Match<'_>> = strings
            .iter()
            .map(|(rule, string)| parse_rule(*rule, string).unwrap())
            .collect();
        counts_as_defined(&matches);
    }
}

/// A scheme name read whatever its case (D5) counts each upper-case letter
/// as the `lowalpha` alternative of its lower-case one, with and without
/// the tree.
#[test]
fn an_upper_case_scheme_letter_counts_as_its_lower_case_one() {
    let mut coverage = Coverage::new();
    coverage.add(&check("Zq:x").unwrap().tree());
    let mut by_match = Coverage::new();
    by_match.add_match(&check("Zq:x").unwrap());
    for coverage in [coverage, by_match] {
        let letters: Vec<usize> = (0..26)
            .filter(|&letter| coverage.count(Rule::Lowalpha, letter) > 0)
            .collect();
        // "q" (16) and "z" (25), never "a" (0); the schemepart's "x" (23).
        assert_eq!(letters, [16, 23, 25]);
    }
}

/// `Debug` is a line of counts, not the grammar and the memos behind them
/// (over 100 KB before).
#[test]
fn debug_shows_the_counts_only() {
    let mut coverage = Coverage::new();
    let total: usize = Rule::ALL
        .iter()
        .map(|&rule| coverage.alternatives(rule))
        .sum();
    let shown = |coverage: &Coverage| format!("{coverage:?}");
    assert_eq!(
        shown(&coverage),
        format!("Coverage {{ inputs: 0, rejected: 0, alternatives: {total}, exercised: 0, .. }}")
    );
    coverage.add_match(&check("news:*").unwrap());
    coverage.add_rejected();
    let exercised = total - coverage.unexercised().count();
    assert!(exercised > 0);
    assert_eq!(
        shown(&coverage),
        format!(
            "Coverage {{ inputs: 1, rejected: 1, alternatives: {total}, exercised: {exercised}, .. }}"
        )
    );
}
