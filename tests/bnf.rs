//! `rfc1738::bnf`: the grammar file read as data, the exhaustive matcher and
//! the random generator.

use std::collections::{BTreeSet, HashSet};

use rfc1738::Rule;
use rfc1738::bnf::{
    ChoiceKind, ChoicePoint, Expr, GenerateError, Grammar, Matcher, Production, generate,
    try_generate,
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

fn lit(text: &str) -> Expr {
    Expr::Literal(text.to_owned())
}

fn r(name: &str) -> Expr {
    Expr::Ref(name.to_owned())
}

fn rep(min: u32, expr: Expr) -> Expr {
    Expr::Repeat {
        min,
        expr: Box::new(expr),
    }
}

fn opt(expr: Expr) -> Expr {
    Expr::Optional(Box::new(expr))
}

// ---------------------------------------------------------------- reading

#[test]
fn the_grammar_file_has_67_productions_in_file_order() {
    let names: Vec<&str> = rfc()
        .productions()
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(names.len(), 67);
    assert_eq!(names[0], "genericurl");
    assert_eq!(names[66], "digits");
    // The registry build.rs generates reads the same file by other code.
    let registry: Vec<&str> = Rule::ALL.iter().map(|rule| rule.name()).collect();
    assert_eq!(names, registry);
    for (p, rule) in rfc().productions().iter().zip(Rule::ALL) {
        assert_eq!(p.line, rule.line(), "{}", p.name);
        assert_eq!(p.text, rule.definition(), "{}", p.name);
    }
}

#[test]
fn spot_checks_of_the_ast() {
    assert_eq!(production("digits").expr, rep(1, r("digit")));
    assert!(
        production("punctuation")
            .alternatives()
            .contains(&lit("\""))
    );
    assert!(production("national").alternatives().contains(&lit("\\")));
    assert_eq!(
        production("scheme").expr,
        rep(
            1,
            Expr::Alternatives(vec![
                r("lowalpha"),
                r("digit"),
                lit("+"),
                lit("-"),
                lit(".")
            ])
        )
    );
    assert_eq!(
        production("gopherurl").expr,
        Expr::Sequence(vec![
            lit("gopher://"),
            r("hostport"),
            opt(Expr::Sequence(vec![
                lit("/"), // the bare `/` (erratum EID 5118)
                opt(Expr::Sequence(vec![
                    r("gtype"),
                    opt(Expr::Sequence(vec![
                        r("selector"),
                        opt(Expr::Sequence(vec![
                            lit("%09"),
                            r("search"),
                            opt(Expr::Sequence(vec![lit("%09"), r("gopher+_string")])),
                        ])),
                    ])),
                ])),
            ])),
        ])
    );
    let urlpath = production("urlpath");
    assert_eq!(urlpath.expr, rep(0, r("xchar")));
    assert_eq!(
        urlpath.text,
        "urlpath = *xchar ; depends on protocol see section 3.1"
    );
    let url = production("url");
    assert_eq!(url.line, 5);
    assert_eq!(url.text.lines().count(), 4);
    assert_eq!(url.alternatives().len(), 11);
    assert_eq!(url.alternatives()[10], r("otherurl"));
    assert_eq!(
        url.comments,
        [
            "Specific predefined schemes are defined here; new schemes",
            "may be registered with IANA"
        ]
    );
    assert_eq!(
        production("genericurl").comments,
        ["The generic form of a URL is:"]
    );
    assert_eq!(
        production("genericurl").expr,
        Expr::Sequence(vec![r("scheme"), lit(":"), r("schemepart")])
    );
    assert!(production("hostport").comments.is_empty());
    assert_eq!(production("lowalpha").alternatives().len(), 26);
    assert_eq!(production("lowalpha").text.lines().count(), 4);
    assert_eq!(
        production("domainlabel").expr,
        Expr::Alternatives(vec![
            r("alphadigit"),
            Expr::Sequence(vec![
                r("alphadigit"),
                rep(0, Expr::Alternatives(vec![r("alphadigit"), lit("-")])),
                r("alphadigit"),
            ]),
        ])
    );
    // `[ ... ]]`: two groups closed at once.
    assert_eq!(
        production("ftpurl").expr,
        Expr::Sequence(vec![
            lit("ftp://"),
            r("login"),
            opt(Expr::Sequence(vec![
                lit("/"),
                r("fpath"),
                opt(Expr::Sequence(vec![lit(";type="), r("ftptype")])),
            ])),
        ])
    );
    assert_eq!(
        production("prosperourl").expr,
        Expr::Sequence(vec![
            lit("prospero://"),
            r("hostport"),
            lit("/"),
            r("ppath"),
            rep(0, r("fieldspec")),
        ])
    );
    assert_eq!(production("gopher+_string").expr, rep(0, r("xchar")));
    assert_eq!(production("encoded822addr").expr, rep(1, r("xchar")));
    assert_eq!(production("otherurl").alternatives(), [r("genericurl")]);
}

#[test]
fn uses_and_used_by() {
    let g = rfc();
    assert_eq!(g.uses("hostport"), ["host", "port"]);
    assert_eq!(g.uses("domainlabel"), ["alphadigit"]);
    assert_eq!(g.uses("escape"), ["hex"]);
    assert!(g.uses("digit").is_empty());
    assert!(g.uses("no-such-production").is_empty());
    assert_eq!(
        g.used_by("hostport"),
        [
            "login",
            "httpurl",
            "gopherurl",
            "nntpurl",
            "waisdatabase",
            "waisindex",
            "waisdoc",
            "prosperourl"
        ]
    );
    assert_eq!(g.used_by("genericurl"), ["otherurl"]);
    assert!(g.used_by("url").is_empty());
    // Every reference names a production. No production refers to `url`,
    // the start symbol, nor to `national` and `punctuation`: section 5
    // defines the two classes (2.2 says their characters must be encoded)
    // but no other production uses them.
    let mut unused = Vec::new();
    for p in g.productions() {
        for used in g.uses(&p.name) {
            assert!(g.get(used).is_some());
        }
        if g.used_by(&p.name).is_empty() {
            unused.push(p.name.as_str());
        }
    }
    assert_eq!(unused, ["url", "national", "punctuation"]);
}

#[test]
fn reachable_is_what_a_match_may_use() {
    let g = rfc();
    assert_eq!(
        g.reachable(&["hostport"])[..3],
        ["hostport", "host", "port"]
    );
    // From `url`, every production but the two no production uses.
    assert_eq!(g.reachable(&["url"]).len(), g.productions().len() - 2);
    // Each name once, unknown names left out, whatever `from` repeats.
    assert_eq!(
        g.reachable(&["digits", "nope", "digit", "digits"]),
        ["digits", "digit"]
    );
    assert!(g.reachable(&[]).is_empty());
    // A grammar of its own, where two productions use a third: each once,
    // in the order found, and what uses the start (`e`) is not reached.
    let g = Grammar::parse("a = b | c\nb = d \"x\"\nc = d\nd = \"y\"\ne = a\n").unwrap();
    assert_eq!(g.reachable(&["a"]), ["a", "b", "c", "d"]);
    assert_eq!(g.reachable(&["c", "b"]), ["c", "b", "d"]);
    assert_eq!(g.reachable(&["d"]), ["d"]);
}

#[test]
fn reading_details() {
    // Blanks anywhere, a `;` inside a literal, a trailing comment on a
    // continuation line, CRLF line ends, a comment above kept.
    let g = Grammar::parse(
        "; first\r\n  a  =  b \";\" | ; note\r\n\t\"x\" ; more\r\n\r\nb=1*\"y\"\r\n",
    )
    .unwrap();
    let a = g.get("a").unwrap();
    assert_eq!(
        a.expr,
        Expr::Alternatives(vec![Expr::Sequence(vec![r("b"), lit(";")]), lit("x")])
    );
    assert_eq!(a.text, "  a  =  b \";\" | ; note\n\t\"x\" ; more");
    assert_eq!(a.comments, ["first"]);
    assert_eq!(a.line, 2);
    assert_eq!(g.get("b").unwrap().line, 5);
    assert_eq!(g.get("b").unwrap().expr, rep(1, lit("y")));
    // An empty grammar is a grammar.
    assert!(
        Grammar::parse("; nothing\n\n")
            .unwrap()
            .productions()
            .is_empty()
    );
    // A group after `n*` is the repeated body, not an optional one.
    let g = Grammar::parse("x = *[ \"a\" ] [ \"b\" ] 2*<\">\n").unwrap();
    assert_eq!(
        g.get("x").unwrap().expr,
        Expr::Sequence(vec![rep(0, lit("a")), opt(lit("b")), rep(2, lit("\""))])
    );
}

#[track_caller]
fn bad(text: &str, expected: &str) {
    match Grammar::parse(text) {
        Ok(g) => panic!("{text:?} read as {g:?}"),
        Err(e) => {
            assert_eq!(e.to_string(), expected, "{text:?}");
            assert_eq!(
                format!("{}:{}: {}", e.line(), e.column(), e.message()),
                expected
            );
        }
    }
}

#[test]
fn malformed_grammars_are_reported_where_they_go_wrong() {
    // Unterminated literal: at its opening quote.
    bad(
        "a = \"x\n",
        "1:5: unterminated literal: no closing quote on its line",
    );
    bad(
        "a = \"x\"\nb = \"\\\" | \"y\n",
        "2:11: unterminated literal: no closing quote on its line",
    );
    // Unclosed group: where the "]" was expected.
    bad(
        "a = [ \"x\" b\nb = \"y\"\n",
        "1:12: expected \"]\" to close the group opened at 1:5",
    );
    bad(
        "a = \"x\" [ b\n| c\nb = \"y\"\nc = \"z\"\n",
        "2:4: expected \"]\" to close the group opened at 1:9",
    );
    // ... before a trailing comment, or at the token that cannot go on.
    bad(
        "a = [ \"x\" ; note\n",
        "1:11: expected \"]\" to close the group opened at 1:5",
    );
    bad(
        "x = \"x\"\n; c\na = \"a\" [ \"b\" = \"c\" ]\n",
        "3:15: expected \"]\" to close the group opened at 3:9",
    );
    // Missing `=`: at the start of the file or after a comment line (right
    // after a production the line would continue it).
    bad(
        "a \"x\"\n",
        "1:3: expected \"=\" after the production name \"a\", found \"\\\"\"",
    );
    bad(
        "a = \"x\"\n; c\nb c\n",
        "3:3: expected \"=\" after the production name \"b\", found \"c\"",
    );
    bad(
        "Foo = \"x\"\n",
        "1:1: invalid production name \"Foo\": a name is a lower-case letter followed by \
         lower-case letters, digits, \"-\", \"+\" and \"_\"",
    );
    // `*` with nothing after it.
    bad(
        "a = *\n",
        "1:6: expected a name, a literal or a group right after \"*\", found the end of the line",
    );
    bad(
        "a = 1* \"x\"\n",
        "1:7: expected a name, a literal or a group right after \"*\", found a blank",
    );
    bad(
        "a = \"x\" 1*",
        "1:11: expected a name, a literal or a group right after \"*\", found the end of the file",
    );
    bad(
        "a = **\"x\"\n",
        "1:6: expected a name, a literal or a group right after \"*\", found \"*\"",
    );
    bad(
        "a = 2 \"x\"\n",
        "1:6: expected \"*\" after the repetition count, found a blank",
    );
    bad(
        "a = 1001*\"x\"\n",
        "1:5: repetition count 1001 is too large (at most 1000)",
    );
    // Empty alternatives, groups and productions.
    bad(
        "a = \"x\" |\nb = \"y\"\n",
        "1:10: empty alternative: nothing after \"|\"",
    );
    bad(
        "a = \"x\" | ; c\n",
        "1:11: empty alternative: nothing after \"|\"",
    );
    bad("a = | \"x\"\n", "1:5: empty alternative before \"|\"");
    bad(
        "a = \"x\" | | \"y\"\n",
        "1:11: empty alternative before \"|\"",
    );
    bad(
        "a = \"x\" |\n| \"y\"\n",
        "2:1: empty alternative before \"|\"",
    );
    bad(
        "a = [ \"x\" | ]\n",
        "1:13: expected an element after \"|\", found \"]\"",
    );
    bad("a = [ ]\n", "1:7: empty group");
    bad("a =\n", "1:4: empty production: nothing after \"=\"");
    bad("a = ; c\n", "1:5: empty production: nothing after \"=\"");
    bad(
        "a = <x>\n",
        "1:5: expected an element after \"=\", found \"<\"",
    );
    // Continuation lines with nothing to continue.
    bad(
        "\"x\" | b\n",
        "1:1: a continuation line before any production",
    );
    bad(
        "; c\n  | \"x\"\n",
        "2:3: a continuation line before any production",
    );
    bad(
        "a = \"x\"\n; c\n| \"y\"\n",
        "3:1: a continuation line must follow the lines of its production directly, \
         not a blank or comment line",
    );
    bad(
        "a = \"x\"\n\n| \"y\"\n",
        "3:1: a continuation line must follow the lines of its production directly, \
         not a blank or comment line",
    );
    // Stray `]` and other characters.
    bad("a = \"x\" ]\n", "1:9: unmatched \"]\"");
    bad("a = [ \"x\" ] ]\n", "1:13: unmatched \"]\"");
    bad(
        "a = \"x\" = \"y\"\n",
        "1:9: expected an element, \"|\" or the end of the production, found \"=\"",
    );
    bad(
        "a = \"x\"\n\"y\" (\n",
        "2:5: expected an element, \"|\" or the end of the production, found \"(\"",
    );
    // Undefined references and duplicate productions.
    bad("a = \"x\" b\n", "1:9: undefined production \"b\"");
    bad(
        "a = \"x\"\nb = a\n| \"y\" c\n",
        "3:7: undefined production \"c\"",
    );
    bad(
        "a = \"x\"\nb = a\na = \"y\"\n",
        "3:1: production \"a\" is already defined at line 1",
    );
    // Recursion, direct or through other productions.
    bad(
        "a = \"x\" [ a ]\n",
        "1:11: recursive production: a -> a (recursion is not supported)",
    );
    bad(
        "a = b\nb = c | \"x\"\nc = *[ a ]\n",
        "3:8: recursive production: a -> b -> c -> a (recursion is not supported)",
    );
    // Limits that keep the matcher's and the generator's recursion bounded.
    let nested = format!("a = {}\"x\"{}\n", "[".repeat(65), "]".repeat(65));
    bad(&nested, "1:69: groups nest more than 64 deep");
    let chain: String = (0..300)
        .map(|k| {
            if k == 299 {
                format!("p{k} = \"x\"\n")
            } else {
                format!("p{k} = p{}\n", k + 1)
            }
        })
        .collect();
    bad(
        &chain,
        "44:1: production \"p43\" nests 257 levels deep, more than 256",
    );
    // A character found is shown as `rfc1738::visible` shows it: a letter
    // that looks blank, a control character and a quote escaped.
    bad(
        "a = \u{3164}\n",
        "1:5: expected an element after \"=\", found \"\\u{3164}\"",
    );
    bad(
        "a = \"x\" | \u{1b}\n",
        "1:11: expected an element after \"|\", found \"\\u{1b}\"",
    );
    bad(
        "a = \"x\" | \u{2800}\n",
        "1:11: expected an element after \"|\", found \"\\u{2800}\"",
    );
}

#[test]
fn deep_grammars_within_the_limits_match_and_generate() {
    // 64 nested groups, and a chain of 250 productions: the deepest the
    // reader lets through, run on a test thread's stack.
    let nested = format!("a = {}\"x\"{}\n", "[".repeat(64), "]".repeat(64));
    let g = Grammar::parse(&nested).unwrap();
    let m = Matcher::new(&g);
    let a = g.get("a").unwrap();
    assert!(m.matches(a, "x"));
    assert!(m.matches(a, ""));
    assert_eq!(m.check(a, "xy"), Err(1));
    assert_eq!(generate(&g, a, &mut |_| 1), "x");

    let chain: String = (0..250)
        .map(|k| {
            if k == 249 {
                format!("p{k} = \"x\" | \"y\"\n")
            } else {
                format!("p{k} = p{}\n", k + 1)
            }
        })
        .collect();
    let g = Grammar::parse(&chain).unwrap();
    let m = Matcher::new(&g);
    let p0 = g.get("p0").unwrap();
    assert!(m.matches(p0, "y"));
    assert_eq!(m.check(p0, "z"), Err(0));
    assert_eq!(generate(&g, p0, &mut |_| 1), "y");
}

// ---------------------------------------------------------------- matching

/// xorshift64: a small, deterministic source of choices.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[track_caller]
fn check(rule: &str, input: &str, expected: Result<(), usize>) {
    let m = Matcher::new(rfc());
    let p = production(rule);
    assert_eq!(m.check(p, input), expected, "{rule} {input:?}");
    assert_eq!(m.matches(p, input), expected.is_ok(), "{rule} {input:?}");
    let viable = m.viable_prefix(p, input);
    match expected {
        Ok(()) => assert_eq!(viable, input.len()),
        Err(offset) => assert_eq!(viable, offset),
    }
}

#[test]
fn membership_and_viable_prefix() {
    // The port has digits only; "http://host:8" could go on.
    check("httpurl", "http://host:8a/", Err(13));
    // No user in an http URL: "http://user" is a host name, "@" cannot follow.
    check("httpurl", "http://user@host/", Err(11));
    // "1.2.3" could become a hostnumber or the start of a hostname.
    check("httpurl", "http://1.2.3/", Err(12));
    check("httpurl", "http://1.2.3.4/", Ok(()));
    check("httpurl", "http:/", Err(6));
    check("httpurl", "", Err(0));
    check("httpurl", "HTTP://host/", Err(0));
    check("httpurl", "http://host", Ok(()));
    check("httpurl", "http://host/a/b;c?d;e:f@g", Ok(()));
    check("httpurl", "http://h/a?b?c", Err(12));
    check("ftpurl", "ftp://host/f;type=x", Err(18));
    check("ftpurl", "ftp://host/f;type=a", Ok(()));
    check("ftpurl", "ftp://@host/", Ok(()));
    check("ftpurl", "ftp://foo:@host/", Ok(()));
    check("ftpurl", "ftp://u:p@host:21/a/b", Ok(()));
    check("hostname", "a-", Err(2));
    check("hostname", "a.1", Err(3));
    check("hostname", "a.b-c.d", Ok(()));
    check("hostname", "a..b", Err(2));
    check("hostname", "1a", Err(2));
    check("host", "1.2.3.4", Ok(()));
    // Could still become a hostname: five domain labels so far.
    check("host", "1.2.3.4.5", Err(9));
    check("host", "1.2.3.4.", Err(8));
    check("hostnumber", "1.2.3.4.5", Err(7));
    check("host", "999.0.0.1", Ok(()));
    check("domainlabel", "a-b", Ok(()));
    check("domainlabel", "a-", Err(2));
    check("domainlabel", "a--1", Ok(()));
    check("domainlabel", "-a", Err(0));
    check("toplabel", "1a", Err(0));
    check("toplabel", "a1", Ok(()));
    // Ambiguity does not matter: `url` holds `http://user@host/` as an
    // otherurl, `gopherurl` the %09 in the selector.
    check("url", "http://user@host/", Ok(()));
    check("url", "http://h/a?b?c", Ok(()));
    check("url", "foo:bar", Ok(()));
    check("url", "foo", Err(3));
    check("url", "", Err(0));
    check("gopherurl", "gopher://h/1a%09b/c", Ok(()));
    check("gopherurl", "gopher://h/%09x", Ok(()));
    check("gopherurl", "gopher://h", Ok(()));
    check("gopherurl", "gopher://h/", Ok(()));
    check("gopherurl", "gopher://h/1a%0", Err(15));
    check("gopherurl", "gopher://h/1a%zz", Err(14));
    check("schemepart", "//host/a b", Err(8));
    check("schemepart", "", Ok(()));
    check("login", "host:80", Ok(()));
    check("login", "user:pw@host:80", Ok(()));
    check("login", "user:pw@", Err(8));
    check("fileurl", "file://localhost/etc/motd", Ok(()));
    check("fileurl", "file:///etc/motd", Ok(()));
    check("newsurl", "news:*", Ok(()));
    check("newsurl", "news:comp.lang@host", Ok(()));
    check("newsurl", "news:*x@host", Ok(()));
    check("newsurl", "news:*x", Err(7));
    check("waisurl", "wais://h/db", Ok(()));
    check("waisurl", "wais://h/db?x", Ok(()));
    check("waisurl", "wais://h/db/t/p", Ok(()));
    check("waisurl", "wais://h/db/t", Err(13));
    check("prosperourl", "prospero://h/a/b;f=v;g=w", Ok(()));
    check("mailtourl", "mailto:", Err(7));
    check("mailtourl", "mailto:a@b", Ok(()));
    check("nntpurl", "nntp://h/g/12", Ok(()));
    check("nntpurl", "nntp://h/g/", Err(11));
    check("telneturl", "telnet://h/", Ok(()));
    check("escape", "%4g", Err(2));
    check("escape", "%4A", Ok(()));
    check("national", "\\", Ok(()));
    check("punctuation", "\"", Ok(()));
    check("digits", "", Err(0));
    check("port", "080", Ok(()));
    check("user", "", Ok(()));
    // Bytes outside ASCII are never part of a string of the grammar.
    check("xchar", "é", Err(0));
    check("urlpath", "a/é", Err(2));
}

#[test]
fn expressions_classify_the_alternative_a_string_belongs_to() {
    let m = Matcher::new(rfc());
    let url = production("url");
    let which = |input: &str| -> Vec<usize> {
        url.alternatives()
            .iter()
            .enumerate()
            .filter(|(_, alternative)| m.expr_matches(alternative, input))
            .map(|(i, _)| i)
            .collect()
    };
    // httpurl (0) and otherurl (10).
    assert_eq!(which("http://host/"), [0, 10]);
    assert_eq!(which("http://user@host/"), [10]);
    assert_eq!(which("mailto:a@b"), [7, 10]);
    assert!(which("http:// x").is_empty());
    let schemepart = production("schemepart");
    assert!(m.expr_matches(&schemepart.alternatives()[1], "//host/path"));
    assert!(!m.expr_matches(&schemepart.alternatives()[1], "host/path"));
    assert!(m.expr_matches(&schemepart.alternatives()[0], "host/path"));
    // An expression built by hand; a name the grammar lacks matches nothing.
    let e = Expr::Sequence(vec![r("digits"), lit("."), r("digits")]);
    assert!(m.expr_matches(&e, "12.5"));
    assert!(!m.expr_matches(&e, "12."));
    assert!(!m.expr_matches(&r("no-such-production"), ""));
    assert!(m.expr_matches(&rep(3, lit("")), ""));
    assert!(m.expr_matches(&rep(2, lit("ab")), "abab"));
    assert!(!m.expr_matches(&rep(3, lit("ab")), "abab"));
    assert!(!m.expr_matches(&Expr::Alternatives(vec![]), ""));
}

/// A part of a hand-built expression that matches nothing (a name the
/// grammar does not define, an empty `|` list, a sequence or a repetition
/// of at least one round that needs one) is no way on: the viable prefix
/// stops where only it could go on, as it does for any string no string
/// of the language starts with.
#[test]
fn parts_that_match_nothing_are_no_viable_way_on() {
    let m = Matcher::new(rfc());
    let check = |expr: &Expr, input: &str| m.try_check(&hand(expr.clone()), input).unwrap();
    let nothing = || Expr::Alternatives(vec![]);
    // The whole language is empty: no prefix is viable, not even "".
    for expr in [
        r("nope"),
        nothing(),
        Expr::Sequence(vec![lit("a"), r("nope")]),
    ] {
        assert_eq!(check(&expr, ""), Err(0), "{expr:?}");
        assert_eq!(check(&expr, "a"), Err(0), "{expr:?}");
        assert_eq!(m.viable_prefix(&hand(expr.clone()), "ab"), 0, "{expr:?}");
    }
    // "b" starts only the alternative that matches nothing.
    let e = Expr::Alternatives(vec![lit("a"), Expr::Sequence(vec![lit("b"), nothing()])]);
    assert_eq!(check(&e, "a"), Ok(()));
    assert_eq!(check(&e, "b"), Err(0));
    assert_eq!(check(&e, "ab"), Err(1));
    // Left out, an optional group or no round of a repetition is a way on.
    let e = Expr::Sequence(vec![lit("a"), opt(r("nope")), rep(0, nothing()), lit("c")]);
    assert_eq!(check(&e, "ac"), Ok(()));
    assert_eq!(check(&e, "ab"), Err(1));
    // One round required is not.
    let e = Expr::Sequence(vec![lit("a"), rep(1, r("nope")), lit("c")]);
    assert_eq!(check(&e, "ac"), Err(0));
    // A choice keeps its other ways on.
    let e = Expr::Sequence(vec![
        lit("a"),
        Expr::Alternatives(vec![r("nope"), r("digit")]),
    ]);
    assert_eq!(check(&e, "a7"), Ok(()));
    assert_eq!(check(&e, "a"), Err(1));
    assert_eq!(check(&e, "ab"), Err(1));
    assert!(m.expr_matches(&e, "a0"));
}

#[test]
fn long_inputs_stay_cheap() {
    let m = Matcher::new(rfc());
    // 10 kB host name of `a-a.` labels.
    let host = format!("{}a", "a-a.".repeat(2500));
    check("hostname", &host, Ok(()));
    assert!(m.matches(production("httpurl"), &format!("http://{host}/")));
    // 200 x `a-`: every prefix is viable, none matches.
    let dashes = "a-".repeat(200);
    check("hostname", &dashes, Err(400));
    check("domainlabel", &dashes, Err(400));
    check("url", &format!("http://{dashes}/"), Ok(()));
    // Long runs of `%41`.
    let escapes = "%41".repeat(200);
    check("urlpath", &escapes, Ok(()));
    check("url", &format!("http://h/{escapes}?{escapes}"), Ok(()));
    check(
        "url",
        &format!("gopher://h/1{escapes}%09{escapes}%09{escapes}"),
        Ok(()),
    );
    check(
        "url",
        &format!("ftp://{escapes}:{escapes}@h/{escapes}"),
        Ok(()),
    );
    let bad = format!("ftp://{escapes}:{escapes}@h/{escapes}%4g");
    check("ftpurl", &bad, Err(bad.len() - 1));
}

/// A random acyclic grammar over `a` and `b`: production `p{i}` refers
/// only to later ones.
fn random_grammar(rng: &mut Rng) -> String {
    fn expr(rng: &mut Rng, level: usize, count: usize, me: usize) -> String {
        let sub = |rng: &mut Rng| expr(rng, level + 1, count, me);
        match if level > 2 {
            rng.below(2)
        } else {
            rng.below(7)
        } {
            0 => ["\"a\"", "\"b\"", "\"ab\"", "\"\"", "\"ba\""][rng.below(5) as usize].to_owned(),
            1 if me + 1 < count => {
                format!("p{}", me + 1 + rng.below((count - me - 1) as u64) as usize)
            }
            1 => "\"a\"".to_owned(),
            2 => format!("{} {}", sub(rng), sub(rng)),
            3 => format!("[ {} | {} ]", sub(rng), sub(rng)),
            4 => format!("{}*[ {} ]", rng.below(3), sub(rng)),
            5 => format!("[ {} ]", sub(rng)),
            _ => format!("{} | {}", sub(rng), sub(rng)),
        }
    }
    let count = 1 + rng.below(4) as usize;
    (0..count)
        .map(|i| format!("p{i} = {}\n", expr(rng, 0, count, i)))
        .collect()
}

/// Every concatenation of a string of `a` and one of `b`, at most `max`
/// bytes long.
fn concat(a: &BTreeSet<String>, b: &BTreeSet<String>, max: usize) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for x in a {
        for y in b {
            if x.len() + y.len() <= max {
                out.insert(format!("{x}{y}"));
            }
        }
    }
    out
}

/// The strings of `e` at most `max` bytes long, by enumeration.
fn language(g: &Grammar, e: &Expr, max: usize) -> BTreeSet<String> {
    match e {
        Expr::Literal(s) if s.len() <= max => [s.clone()].into(),
        Expr::Literal(_) => BTreeSet::new(),
        Expr::Ref(name) => language(g, &g.get(name).unwrap().expr, max),
        Expr::Alternatives(items) => items.iter().flat_map(|x| language(g, x, max)).collect(),
        Expr::Sequence(items) => items.iter().fold([String::new()].into(), |done, x| {
            concat(&done, &language(g, x, max), max)
        }),
        Expr::Optional(x) => {
            let mut strings = language(g, x, max);
            strings.insert(String::new());
            strings
        }
        Expr::Repeat { min, expr } => {
            let body = language(g, expr, max);
            let mut strings: BTreeSet<String> = [String::new()].into();
            for _ in 0..*min {
                strings = concat(&strings, &body, max);
            }
            loop {
                let more = concat(&strings, &body, max);
                let before = strings.len();
                strings.extend(more);
                if strings.len() == before {
                    return strings;
                }
            }
        }
        other => panic!("an expression the enumeration does not know: {other:?}"),
    }
}

/// The prefixes, at most `max` bytes long, of strings of `e`, by
/// enumeration (every language here is non-empty, so a prefix of a part
/// after whole strings of the parts before it is a prefix of the whole).
fn prefixes(g: &Grammar, e: &Expr, max: usize) -> BTreeSet<String> {
    match e {
        Expr::Literal(s) => (0..=s.len().min(max)).map(|i| s[..i].to_owned()).collect(),
        Expr::Ref(name) => prefixes(g, &g.get(name).unwrap().expr, max),
        Expr::Alternatives(items) => items.iter().flat_map(|x| prefixes(g, x, max)).collect(),
        Expr::Sequence(items) => {
            let mut out = BTreeSet::new();
            let mut done: BTreeSet<String> = [String::new()].into();
            for x in items {
                out.extend(concat(&done, &prefixes(g, x, max), max));
                done = concat(&done, &language(g, x, max), max);
            }
            out
        }
        Expr::Optional(x) => prefixes(g, x, max),
        Expr::Repeat { expr, .. } => {
            let any = language(g, &rep(0, (**expr).clone()), max);
            concat(&any, &prefixes(g, expr, max), max)
        }
        other => panic!("an expression the enumeration does not know: {other:?}"),
    }
}

/// The matcher against plain enumeration of strings, on random small
/// grammars: membership and viable prefix of every word over `a`, `b`, `c`
/// up to 5 bytes long.
#[test]
fn the_matcher_agrees_with_enumeration_on_random_grammars() {
    const LEN: usize = 5;
    let mut words = vec![String::new()];
    let mut last = words.clone();
    for _ in 0..LEN {
        last = last
            .iter()
            .flat_map(|w| ["a", "b", "c"].map(|c| format!("{w}{c}")))
            .collect();
        words.extend(last.iter().cloned());
    }
    let mut rng = Rng(4242);
    for _ in 0..150 {
        let text = random_grammar(&mut rng);
        let g = Grammar::parse(&text).unwrap_or_else(|e| panic!("{text}{e}"));
        let m = Matcher::new(&g);
        let p = &g.productions()[0];
        let strings = language(&g, &p.expr, LEN);
        let viable = prefixes(&g, &p.expr, LEN + 1);
        for w in &words {
            assert_eq!(m.matches(p, w), strings.contains(w), "{text}{w:?}");
            let longest = (0..=w.len()).rev().find(|&i| viable.contains(&w[..i]));
            assert_eq!(Some(m.viable_prefix(p, w)), longest, "{text}{w:?}");
        }
    }
}

// ---------------------------------------------------------------- generating

/// A choice point's arm: which alternative, whether included, whether
/// repeated beyond the minimum.
type Arm<'g> = (&'g str, usize, usize);

#[test]
fn generated_strings_are_in_the_language_and_every_arm_is_exercised() {
    let g = rfc();
    let m = Matcher::new(g);
    let points = g.choice_points();
    let kinds: std::collections::HashMap<(&str, usize), ChoiceKind> = points
        .iter()
        .map(|(p, id, kind)| ((p.as_str(), *id), *kind))
        .collect();
    assert_eq!(kinds.len(), points.len(), "choice points are unique");

    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut hit: HashSet<Arm> = HashSet::new();
    for p in g.productions() {
        for _ in 0..200 {
            let mut choose = |point: &ChoicePoint<'static>| -> u32 {
                // Every choice reported is one `choice_points` lists.
                assert_eq!(
                    kinds.get(&(point.production, point.id)),
                    Some(&point.kind),
                    "{point:?}"
                );
                let (answer, arm) = match point.kind {
                    ChoiceKind::Alternative { count } => {
                        let index = (rng.next() % count as u64) as usize;
                        (index as u32, index)
                    }
                    ChoiceKind::Optional => {
                        let include = (rng.next() % 2) as u32;
                        (include, include as usize)
                    }
                    ChoiceKind::Repeat { .. } => {
                        let extra = (rng.next() % 4) as u32;
                        (extra, usize::from(extra > 0))
                    }
                    other => panic!("a choice the test does not know: {other:?}"),
                };
                hit.insert((point.production, point.id, arm));
                answer
            };
            let s = generate(g, p, &mut choose);
            assert!(
                m.matches(p, &s),
                "{}: generated {s:?} does not match",
                p.name
            );
            // Every prefix of a string of the production is viable.
            let cut = rng.below(s.len() as u64 + 1) as usize;
            assert_eq!(m.viable_prefix(p, &s[..cut]), cut, "{} {s:?}", p.name);
        }
    }

    // Every arm of every choice point: each alternative, an optional left
    // out and included, a repetition with no and with some extra. With 200
    // strings per production and uniform answers, none is out of reach.
    let mut missed = Vec::new();
    for (p, id, kind) in &points {
        let arms = match kind {
            ChoiceKind::Alternative { count } => *count,
            ChoiceKind::Optional | ChoiceKind::Repeat { .. } => 2,
            other => panic!("a choice the test does not know: {other:?}"),
        };
        for arm in 0..arms {
            if !hit.contains(&(p.as_str(), *id, arm)) {
                missed.push((p.clone(), *id, *kind, arm));
            }
        }
    }
    assert!(missed.is_empty(), "arms never taken: {missed:?}");
}

#[test]
fn choice_points_and_generation_agree_on_ids() {
    let g = rfc();
    let points: Vec<(String, usize, ChoiceKind)> = g
        .choice_points()
        .into_iter()
        .filter(|(p, _, _)| p == "ftpurl")
        .collect();
    // "ftp://" login [ "/" fpath [ ";type=" ftptype ]]: nodes in pre-order
    // are 0 sequence, 1 "ftp://", 2 login, 3 [...], 4 sequence, 5 "/",
    // 6 fpath, 7 [...], ...
    assert_eq!(
        points,
        [
            ("ftpurl".to_owned(), 3, ChoiceKind::Optional),
            ("ftpurl".to_owned(), 7, ChoiceKind::Optional)
        ]
    );
    // Alternative answers are taken modulo the count; repetitions are
    // capped at 8 beyond the minimum.
    let digits = production("digits");
    let s = generate(g, digits, &mut |point| match point.kind {
        ChoiceKind::Repeat { min } => {
            assert_eq!((point.production, point.id, min), ("digits", 0, 1));
            1000
        }
        ChoiceKind::Alternative { count } => {
            assert_eq!((point.production, count), ("digit", 10));
            13
        }
        other => unreachable!("{other:?}"),
    });
    assert_eq!(s, "333333333");
    let s = generate(g, production("ftpurl"), &mut |_| 0);
    assert_eq!(s, "ftp://a");
}

/// A production built by hand, as a `Production`'s public fields allow.
fn hand(expr: Expr) -> Production {
    Production {
        name: "hand".to_owned(),
        expr,
        line: 1,
        text: String::new(),
        comments: Vec::new(),
    }
}

/// A reference to a name the grammar does not define and an empty `|`
/// list derive nothing: the generator refuses an expression that holds
/// one, wherever it is and whatever the answers, rather than make a string
/// that is not in the language (which the matcher would reject). Its
/// error names the reference or says the choice is empty.
#[test]
fn generating_refuses_undefined_references_and_empty_choices() {
    let g = rfc();
    let refused = |expr: Expr| {
        let production = hand(expr);
        let errors: Vec<GenerateError> = [0, 1, 7]
            .into_iter()
            .map(|answer| try_generate(g, &production, &mut |_| answer).unwrap_err())
            .collect();
        // The same error whatever the answers: refused before the walk.
        assert!(errors.iter().all(|e| *e == errors[0]), "{errors:?}");
        assert!(!errors[0].is_too_deep() && !errors[0].is_too_large());
        errors[0].clone()
    };
    let error = refused(r("nope"));
    assert_eq!(error.undefined_name(), Some("nope"));
    assert!(!error.is_empty_choice());
    assert_eq!(
        error.to_string(),
        "the expression refers to \"nope\", which the grammar does not define"
    );
    let error = refused(Expr::Alternatives(vec![]));
    assert!(error.is_empty_choice());
    assert_eq!(error.undefined_name(), None);
    assert_eq!(
        error.to_string(),
        "the expression has a choice of no alternatives, which derives nothing"
    );
    // Deep inside, or where an answer of 0 would never reach it.
    let inside = Expr::Sequence(vec![r("digits"), opt(rep(0, r("no-such")))]);
    assert_eq!(refused(inside).undefined_name(), Some("no-such"));
    let inside = Expr::Alternatives(vec![lit("a"), Expr::Alternatives(vec![])]);
    assert!(refused(inside).is_empty_choice());
    // The first in pre-order is named.
    let two = Expr::Sequence(vec![r("first"), r("second")]);
    assert_eq!(refused(two).undefined_name(), Some("first"));

    // An expression built by hand whose references the grammar defines is
    // generated, and the matcher accepts what it makes.
    let m = Matcher::new(g);
    let number = hand(Expr::Sequence(vec![
        r("digits"),
        opt(Expr::Sequence(vec![lit("."), r("digits")])),
    ]));
    for answer in 0..4 {
        let made = try_generate(g, &number, &mut |_| answer).expect("defined references");
        assert_eq!(m.check(&number, &made), Ok(()), "{made:?}");
    }
    // The empty sequence derives the empty string.
    let empty = hand(Expr::Sequence(vec![]));
    assert_eq!(try_generate(g, &empty, &mut |_| 1).as_deref(), Ok(""));
    assert_eq!(m.check(&empty, ""), Ok(()));
}

/// What `try_generate` refuses, `generate` panics with.
#[test]
#[should_panic(expected = "the expression refers to \"nope\", which the grammar does not define")]
fn generate_panics_on_an_undefined_reference() {
    let _ = generate(rfc(), &hand(r("nope")), &mut |_| 0);
}

/// `Expr` implements `Drop`, so a `match` cannot move its parts out; its
/// default, the empty sequence, which matches the empty string, lets
/// `std::mem::take` take them, leaving the default behind.
#[test]
fn an_expressions_parts_are_taken_with_mem_take() {
    let default = Expr::default();
    assert_eq!(default, Expr::Sequence(Vec::new()));
    assert_eq!(default.to_string(), "");
    let m = Matcher::new(rfc());
    assert!(m.expr_matches(&default, ""));
    assert!(!m.expr_matches(&default, "a"));

    // "ftp://" login [ "/" fpath [ ";type=" ftptype ] ]
    let mut expr = production("ftpurl").expr.clone();
    let mut items = match &mut expr {
        Expr::Sequence(items) => std::mem::take(items),
        other => panic!("ftpurl is a sequence: {other:?}"),
    };
    assert_eq!(expr, Expr::default());
    assert_eq!(items.len(), 3);
    let login = std::mem::take(&mut items[1]);
    assert_eq!(login, r("login"));
    assert_eq!(items[1], Expr::default());
    let path = match &mut items[2] {
        Expr::Optional(inner) => std::mem::take(&mut **inner),
        other => panic!("an optional group: {other:?}"),
    };
    assert_eq!(path.to_string(), r#""/" fpath [ ";type=" ftptype ]"#);
    assert_eq!(items[2], opt(Expr::default()));
    // The original is untouched.
    assert_eq!(
        production("ftpurl").expr.to_string(),
        r#""ftp://" login [ "/" fpath [ ";type=" ftptype ] ]"#
    );
}

#[test]
fn expressions_display_in_the_dialect_and_read_back() {
    let grammar = Grammar::rfc1738();
    let text: String = grammar
        .productions()
        .iter()
        .map(|production| format!("{} = {}\n", production.name, production.expr))
        .collect();
    let again = Grammar::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    for (original, read) in grammar.productions().iter().zip(again.productions()) {
        assert_eq!(original.expr, read.expr, "{}", original.name);
    }
    let hostname = grammar.get("hostname").unwrap();
    assert_eq!(hostname.expr.to_string(), "*[ domainlabel \".\" ] toplabel");
    assert_eq!(grammar.get("digits").unwrap().expr.to_string(), "1*digit");
    let punctuation = grammar.get("punctuation").unwrap();
    assert_eq!(punctuation.alternatives()[4].to_string(), "<\">");
}

/// `Debug` counts the productions and nodes, and shows none of the grammar
/// (over 50 KB before).
#[test]
fn a_matchers_debug_is_short() {
    let shown = format!("{:?}", Matcher::new(rfc()));
    let productions = rfc().productions().len();
    assert!(
        shown.starts_with(&format!("Matcher {{ productions: {productions}, nodes: ")),
        "{shown}"
    );
    assert!(shown.ends_with(", .. }") && shown.len() < 60, "{shown}");
}
