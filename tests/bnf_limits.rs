//! What the BNF matcher and generator cost, counted rather than timed: the
//! matcher's work grows with the input's length, not faster, and its memory
//! not at all; the generator's output is bounded whatever the grammar and
//! the answers; grammars too large for either fail with an error, never a
//! hang or an abort.

use rfc1738::bnf::{
    ChoiceKind, DERIVATION_BUDGET, Expr, Grammar, MAX_DERIVATION, MAX_STATES, MatchCost, Matcher,
    Production, try_generate,
};

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

/// `n*"x"` built by hand, with any `n`: the reader refuses a count over
/// 1000, nothing checks a value built in a program.
fn at_least(min: u32) -> Expr {
    Expr::Repeat {
        min,
        expr: Box::new(Expr::Literal("x".to_owned())),
    }
}

/// An expression built by hand is asked with `try_expr_matches`: within
/// the limit it answers as `expr_matches` does; past it, where
/// `expr_matches` panics, it fails with the error `try_check` gives for a
/// production around the expression, at the same byte.
#[test]
fn a_hand_built_expression_past_the_limit_is_an_error() {
    let m = Matcher::new(rfc());
    // A state for each count up to 1000: within the limit.
    let within = at_least(1000);
    for (length, want) in [(999, false), (1000, true), (5000, true)] {
        let input = "x".repeat(length);
        assert_eq!(m.try_expr_matches(&within, &input), Ok(want), "{length}");
        assert_eq!(m.expr_matches(&within, &input), want, "{length}");
    }
    assert_eq!(m.try_expr_matches(&within, "xxy"), Ok(false));
    // A state for each count up to twice the limit: past it once the input
    // has counted that far, and the same byte however long the input.
    let past = at_least(2 * MAX_STATES as u32);
    let around = Production {
        name: "past".to_owned(),
        expr: past.clone(),
        line: 1,
        text: String::new(),
        comments: Vec::new(),
    };
    assert_eq!(m.try_expr_matches(&past, "xxy"), Ok(false));
    let mut offsets = Vec::new();
    for length in [4 * MAX_STATES, 40 * MAX_STATES] {
        let input = "x".repeat(length);
        let error = m.try_expr_matches(&past, &input).unwrap_err();
        assert_eq!(m.try_check(&around, &input), Err(error), "{length}");
        offsets.push(error.offset());
    }
    assert!(offsets[0] < 2 * MAX_STATES, "{offsets:?}");
    assert_eq!(offsets[0], offsets[1]);
}

#[test]
#[should_panic(expected = "the matcher needs more than 8192 states")]
fn expr_matches_panics_past_the_limit() {
    let input = "x".repeat(4 * MAX_STATES);
    let _ = Matcher::new(rfc()).expr_matches(&at_least(2 * MAX_STATES as u32), &input);
}

// ---------------------------------------------------------------- generating

/// The size of the largest derivation of `expr` when every repetition
/// makes eight extra rounds and every optional group is included, in the
/// generator's units: nodes walked plus bytes written.
fn largest(g: &Grammar, expr: &Expr) -> u64 {
    1 + match expr {
        Expr::Literal(text) => text.len() as u64,
        Expr::Ref(name) => largest(g, &g.get(name).unwrap().expr),
        Expr::Sequence(items) => items.iter().map(|item| largest(g, item)).sum(),
        Expr::Alternatives(items) => items.iter().map(|item| largest(g, item)).max().unwrap(),
        Expr::Optional(inner) => largest(g, inner),
        Expr::Repeat { min, expr } => (u64::from(*min) + 8) * largest(g, expr),
        other => panic!("an expression the test does not know: {other:?}"),
    }
}

/// RFC 1738's derivations never reach the budget, whatever the answers:
/// the budget and the limit change nothing there.
#[test]
fn every_rfc_derivation_stays_below_the_budget() {
    for p in rfc().productions() {
        let size = largest(rfc(), &p.expr);
        assert!(size < DERIVATION_BUDGET as u64 / 8, "{}: {size}", p.name);
    }
}

/// The issue's grammar: its one smallest string is 10^9 bytes long. The
/// generator stops at the limit, having asked nothing past the budget.
#[test]
fn a_derivation_past_the_limit_is_an_error() {
    let g = Grammar::parse("a = 1000*[ 1000*[ 1000*\"x\" ] ]\n").unwrap();
    let a = g.get("a").unwrap();
    let mut asked = 0;
    let result = try_generate(&g, a, &mut |_| {
        asked += 1;
        0
    });
    assert_eq!(
        result.unwrap_err().to_string(),
        format!(
            "the derivation is larger than {MAX_DERIVATION} (expression nodes walked and bytes \
             written)"
        )
    );
    assert!(0 < asked && asked <= DERIVATION_BUDGET, "{asked}");
    // Within the limit: 10^6 bytes, about 2 * 10^6 in size.
    let g = Grammar::parse("a = 1000*[ 1000*\"x\" ]\n").unwrap();
    let s = try_generate(&g, g.get("a").unwrap(), &mut |_| 0).unwrap();
    assert_eq!(s, "x".repeat(1_000_000));
}

#[test]
#[should_panic(expected = "the derivation is larger than 4194304")]
fn generate_panics_past_the_limit() {
    let g = Grammar::parse("a = 1000*[ 1000*[ 1000*\"x\" ] ]\n").unwrap();
    let _ = rfc1738::bnf::generate(&g, g.get("a").unwrap(), &mut |_| 0);
}

/// Eight rounds of each of 30 nested repetitions would be 8^30 x's:
/// past the budget nothing more is asked and no round beyond the minimum
/// is made.
#[test]
fn past_the_budget_no_more_is_asked_and_the_least_is_made() {
    let text = format!("a = {}\"x\"{}\n", "*[ ".repeat(30), " ]".repeat(30));
    let g = Grammar::parse(&text).unwrap();
    let a = g.get("a").unwrap();
    let mut asked = 0;
    let s = try_generate(&g, a, &mut |point| {
        asked += 1;
        // Here, not after the walk: one that kept asking would not end.
        assert!(asked <= DERIVATION_BUDGET, "{asked}");
        assert!(matches!(point.kind, ChoiceKind::Repeat { min: 0 }));
        8
    })
    .unwrap();
    assert!(!s.is_empty() && s.len() < DERIVATION_BUDGET, "{}", s.len());
    assert!(Matcher::new(&g).matches(a, &s));
}

/// Past the budget an alternative is the one with the smallest
/// derivation, whatever the answer: here "y", not 1000 x's, which would
/// make 10^7 bytes.
#[test]
fn past_the_budget_the_smallest_alternative_is_taken() {
    let g = Grammar::parse("a = 100*[ 100*b ]\nb = 1000*\"x\" | \"y\"\n").unwrap();
    let s = try_generate(&g, g.get("a").unwrap(), &mut |_| 0).unwrap();
    let xs = s.matches('x').count();
    let ys = s.matches('y').count();
    // Exactly the 10^4 required rounds of b, the first as answered.
    assert!(s.starts_with(&"x".repeat(1000)));
    assert_eq!((xs % 1000, xs / 1000 + ys), (0, 10_000));
    assert!(s.len() < DERIVATION_BUDGET + 10_000, "{}", s.len());
    // Every string of b is whole: runs of x are multiples of 1000 long.
    assert!(s.split('y').all(|run| run.len() % 1000 == 0));
}

// ------------------------------------------------------ hand-built depth

/// An expression built by hand, `depth` levels deep: optional groups,
/// repetitions, one-item sequences and two-way alternatives in turn, around
/// the literal `leaf`. The reader refuses groups nested more than 64 deep;
/// nothing checks a value built in a loop.
fn deep(depth: usize, leaf: &str) -> Expr {
    let mut expr = Expr::Literal(leaf.to_owned());
    for level in 0..depth {
        expr = match level % 4 {
            0 => Expr::Optional(Box::new(expr)),
            1 => Expr::Repeat {
                min: 1,
                expr: Box::new(expr),
            },
            2 => Expr::Sequence(vec![expr]),
            _ => Expr::Alternatives(vec![expr, Expr::Ref("digit".to_owned())]),
        };
    }
    expr
}

/// What a program does with an expression it built, on a thread with the
/// stack a thread has by default (2 MiB), not the 8 MiB of a main thread
/// that would hide a walk that needs one frame per level.
fn on_a_thread<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(work)
        .expect("a thread")
        .join()
        .expect("no panic")
}

/// 100,000 levels built in a loop: written, compared, cloned, matched,
/// generated from and dropped with no walk one frame per level deep, so no
/// stack overflow; the questions too deep to answer are errors.
#[test]
fn an_expression_built_100_000_deep_is_walked_without_the_stack() {
    const DEPTH: usize = 100_000;
    on_a_thread(|| {
        let expr = deep(DEPTH, "x");
        let shown = expr.to_string();
        // Written as the reader would read it back: innermost `[ "x" ]`,
        // then `1*[ ... ]`, then `... | digit`, and round again.
        assert!(shown.starts_with("1*[ [ 1*[ [ "), "{}", &shown[..40]);
        assert!(shown.contains(r#"[ 1*[ [ "x" ] ] | digit ]"#));
        assert!(
            shown.ends_with(" ] ] | digit ] ] | digit"),
            "{}",
            &shown[shown.len() - 40..]
        );
        assert!(
            format!("{expr:?}").starts_with(
                "Alternatives([Sequence([Repeat { min: 1, expr: Optional(Alternatives("
            )
        );
        let copy = expr.clone();
        assert_eq!(copy, expr);
        assert_ne!(copy, deep(DEPTH, "y"));
        assert_ne!(copy, deep(DEPTH - 1, "x"));
        drop(copy);

        let grammar = rfc();
        let production = Production {
            name: "deep".to_owned(),
            expr,
            line: 1,
            text: String::new(),
            comments: Vec::new(),
        };
        let matcher = Matcher::new(grammar);
        assert!(matcher.try_check(&production, "x").is_err());
        assert!(matcher.try_expr_matches(&production.expr, "x").is_err());
        assert!(try_generate(grammar, &production, &mut |_| 0).is_err());
        #[cfg(feature = "diagram")]
        {
            let svg = rfc1738::bnf::diagram::svg(&production, &|_| None, false);
            assert!(svg.contains("nested too deep"), "{}", &svg[..200]);
        }
        drop(production);

        // Long chains of one kind: a box in a box, and a sequence of one
        // item in another (written as its item alone, as before).
        let boxes = (0..DEPTH).fold(Expr::Ref("x".to_owned()), |e, _| {
            Expr::Optional(Box::new(e))
        });
        assert_eq!(boxes.clone(), boxes);
        assert_eq!(boxes.to_string().len(), 4 * DEPTH + 1);
        let sequences = (0..DEPTH).fold(Expr::Ref("x".to_owned()), |e, _| Expr::Sequence(vec![e]));
        assert_eq!(sequences.clone(), sequences);
        assert_ne!(sequences, boxes);
        assert_eq!(sequences.to_string(), "x");
    });
}

/// The deepest a hand-built production may be, `MAX_DEPTH` levels, around a
/// reference to the deepest derivation a grammar may hold, is generated on
/// a thread's stack: the generator recurses a level for each of both. One
/// level more is refused, with the depth.
#[test]
fn the_deepest_production_allowed_is_generated_on_a_threads_stack() {
    use rfc1738::bnf::MAX_DEPTH;
    on_a_thread(|| {
        // p0 = p1, ..., p254 = "x": a derivation 255 levels deep.
        let mut text: String = (0..254).map(|i| format!("p{i} = p{}\n", i + 1)).collect();
        text.push_str("p254 = \"x\"\n");
        let grammar = Grammar::parse(&text).expect("within the reader's depth");
        let chain = |depth: usize| Production {
            name: "deep".to_owned(),
            expr: (1..depth).fold(Expr::Ref("p0".to_owned()), |e, _| {
                Expr::Optional(Box::new(e))
            }),
            line: 1,
            text: String::new(),
            comments: Vec::new(),
        };
        let made = try_generate(&grammar, &chain(MAX_DEPTH), &mut |_| 1).expect("deep enough");
        assert_eq!(made, "x");
        let least = try_generate(&grammar, &chain(MAX_DEPTH), &mut |_| 0).expect("deep enough");
        assert_eq!(least, "");
        let error = try_generate(&grammar, &chain(MAX_DEPTH + 1), &mut |_| 1).unwrap_err();
        assert!(error.is_too_deep());
        assert_eq!(
            error.to_string(),
            "the expression nests 257 levels deep, more than 256"
        );
    });
}
