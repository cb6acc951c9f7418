//! What the BNF matcher costs, counted rather than timed: its work grows
//! with the input's length, not faster, and its memory not at all; grammars
//! whose automata are too large fail with an error, never a hang or an
//! abort.

use rfc1738::bnf::{Grammar, MAX_STATES, MatchCost, Matcher, Production};

fn rfc() -> &'static Grammar {
    Grammar::rfc1738()
}

#[track_caller]
fn production(name: &str) -> &'static Production {
    rfc()
        .get(name)
        .unwrap_or_else(|| panic!("no production {name}"))
}

/// Inputs made of `unit` repeated between a fixed start and end, for the
/// rule they are matched against: each separator and escape of the grammar,
/// in the places where a matcher that tracks every split of the input pays
/// for it (`%09` in gopher's selector, search and gopher+ string, labels of
/// host names, segments of paths), valid and broken.
const SHAPES: &[(&str, &str, &str, &str)] = &[
    ("gopherurl", "gopher://h/1", "%09", ""),
    ("url", "gopher://h/1", "%09", ""),
    ("url", "gopher://h/1", "%09", "%0"),
    ("httpurl", "http://h", "/a", ""),
    ("url", "http://h", "/a", ""),
    ("url", "http://h/", "%41", ""),
    ("url", "http://h/", "%41", "%zz"),
    ("urlpath", "", "%41", ""),
    ("url", "http://h/?", "=@:", ""),
    ("ftpurl", "ftp://h/", ";", ""),
    ("url", "ftp://h/", ";", ""),
    ("url", "ftp://h", "/", ";type=i"),
    ("url", "ftp://", "u:", "@h/"),
    ("hostname", "", "a.", "b"),
    ("host", "", "1.", "2"),
    ("url", "http://", "a.", "b/"),
    ("hostname", "", "a-", ""),
    ("url", "http://", "a-", "/"),
    ("newsurl", "news:", "a.", ""),
    ("url", "news:", "a@", "h"),
    ("prosperourl", "prospero://h/p", ";f=v", ""),
    ("waisurl", "wais://h/", "d", "/t/p"),
    ("mailtourl", "mailto:", "%41", ""),
];

#[track_caller]
fn cost(rule: &str, start: &str, unit: &str, end: &str, k: usize) -> MatchCost {
    let input = format!("{start}{}{end}", unit.repeat(k));
    Matcher::new(rfc())
        .cost(production(rule), &input)
        .unwrap_or_else(|e| panic!("{rule} {start}{unit}...: {e}"))
}

/// Ten times the input is at most about ten times the work, and no more
/// states: the matcher is linear in time and constant in memory on every
/// shape. The matcher this replaced kept a set of end positions per node
/// and start: its memory grew with the input on every shape, and on `%09`
/// its work a thousandfold.
#[test]
fn ten_times_the_input_is_ten_times_the_work_and_no_more_states() {
    for &(rule, start, unit, end) in SHAPES {
        let small = cost(rule, start, unit, end, 1_000);
        let large = cost(rule, start, unit, end, 10_000);
        assert!(
            large.steps <= 11 * small.steps,
            "{rule} on {start}{unit}...{end}: {small:?} at 10^3, {large:?} at 10^4"
        );
        assert_eq!(
            large.states, small.states,
            "{rule} on {start}{unit}...{end}: states grew with the input"
        );
    }
}

/// The states a production has in all bound those any question about it
/// makes, whatever the input: RFC 1738's productions are far from the
/// limit, so their questions never fail.
#[test]
fn every_rfc_production_has_few_states_whatever_the_input() {
    let m = Matcher::new(rfc());
    let mut largest = ("", 0);
    for p in rfc().productions() {
        let states = m
            .state_space(p)
            .unwrap_or_else(|e| panic!("{}: {e}", p.name));
        if states > largest.1 {
            largest = (p.name.as_str(), states);
        }
        // A question's states are some of the production's.
        for &(rule, start, unit, end) in SHAPES.iter().filter(|s| s.0 == p.name) {
            assert!(cost(rule, start, unit, end, 100).states <= states, "{rule}");
        }
    }
    // The documentation of MAX_STATES quotes url's count.
    assert_eq!(largest, ("url", 1405));
    assert!(largest.1 * 4 < MAX_STATES);
}

/// Alternatives that share a production are entered once each, not once
/// per path to them: 2^20 paths lead from `p0` to `p20`.
#[test]
fn shared_alternatives_are_entered_once() {
    let mut text: String = (0..20)
        .map(|i| format!("p{i} = p{0} | p{0}\n", i + 1))
        .collect();
    // Two bytes, so that the chain is not one character class.
    text.push_str("p20 = \"xy\"\n");
    let g = Grammar::parse(&text).unwrap();
    let m = Matcher::new(&g);
    let p0 = g.get("p0").unwrap();
    assert_eq!(m.try_check(p0, "xy"), Ok(Ok(())));
    let cost = m.cost(p0, "xy").unwrap();
    assert!(cost.steps < 500, "{cost:?}");
}

/// `a = 1000*[ 1000*[ 1000*"x" ] ]` has a state for every combination of
/// counts: short inputs are answered, long ones fail with an error once
/// the limit is reached, whatever their length.
#[test]
fn nested_counts_fail_with_an_error_past_the_limit() {
    let g = Grammar::parse("a = 1000*[ 1000*[ 1000*\"x\" ] ]\n").unwrap();
    let m = Matcher::new(&g);
    let a = g.get("a").unwrap();
    assert_eq!(m.try_check(a, "xxxy"), Ok(Err(3)));
    assert_eq!(m.try_check(a, &"x".repeat(2_000)), Ok(Err(2_000)));
    for length in [20_000, 200_000] {
        let error = m.try_check(a, &"x".repeat(length)).unwrap_err();
        // The limit is reached at the same byte, however long the input.
        assert!(error.offset() < 20_000, "{error}");
    }
}

/// A chain of productions each two of the next has one string, 2^40 bytes
/// long, and new states at nearly every byte of it.
#[test]
fn a_chain_of_doublings_fails_with_an_error_past_the_limit() {
    let mut text: String = (0..40)
        .map(|i| format!("p{i} = p{0} p{0}\n", i + 1))
        .collect();
    text.push_str("p40 = \"x\"\n");
    let g = Grammar::parse(&text).unwrap();
    let m = Matcher::new(&g);
    let p0 = g.get("p0").unwrap();
    assert!(m.state_space(p0).is_err());
    assert_eq!(m.try_check(p0, &"x".repeat(100)), Ok(Err(100)));
    let error = m.try_check(p0, &"x".repeat(1_000_000)).unwrap_err();
    assert!(0 < error.offset() && error.offset() < MAX_STATES, "{error}");
    assert_eq!(
        error.to_string(),
        format!(
            "the matcher needs more than {MAX_STATES} states (at byte {} of the input)",
            error.offset()
        )
    );
}

#[test]
#[should_panic(expected = "the matcher needs more than 8192 states")]
fn the_infallible_methods_panic_past_the_limit() {
    let mut text: String = (0..40)
        .map(|i| format!("p{i} = p{0} p{0}\n", i + 1))
        .collect();
    text.push_str("p40 = \"x\"\n");
    let g = Grammar::parse(&text).unwrap();
    let _ = Matcher::new(&g).matches(g.get("p0").unwrap(), &"x".repeat(100_000));
}
