//! Derivation trees: which production matched which bytes, for an example of
//! every scheme, and the shape every tree has.

use rfc1738::{Derivation, Rule, check, check_prefix, parse_prefix, parse_rule};

/// The texts of the nodes of `rule` in `tree`, in input order.
fn texts<'a>(tree: &Derivation<'a>, rule: Rule) -> Vec<&'a str> {
    tree.nodes()
        .filter(|node| node.rule() == rule)
        .map(|node| node.text())
        .collect()
}

fn tree(rule: Rule, input: &str) -> Derivation<'_> {
    parse_rule(rule, input)
        .unwrap_or_else(|e| panic!("{rule} {input:?}: {e}"))
        .tree()
}

#[test]
fn ftp() {
    let tree = tree(Rule::Ftpurl, "ftp://myname@host.dom/%2Fetc/motd");
    assert_eq!(tree.span(), 0..33);
    assert_eq!(texts(&tree, Rule::User), ["myname"]);
    assert_eq!(texts(&tree, Rule::Password), [] as [&str; 0]);
    assert_eq!(texts(&tree, Rule::Hostport), ["host.dom"]);
    assert_eq!(tree.find(Rule::Hostport).unwrap().span(), 13..21);
    assert_eq!(texts(&tree, Rule::Fsegment), ["%2Fetc", "motd"]);
    assert_eq!(texts(&tree, Rule::Escape), ["%2F"]);
    let tree = self::tree(Rule::Ftpurl, "ftp://host/a;type=i");
    assert_eq!(texts(&tree, Rule::Ftptype), ["i"]);
}

#[test]
fn gopher() {
    let tree = tree(Rule::Gopherurl, "gopher://host.dom:70/1sel%09q%09+");
    assert_eq!(texts(&tree, Rule::Port), ["70"]);
    assert_eq!(texts(&tree, Rule::Gtype), ["1"]);
    assert_eq!(texts(&tree, Rule::Selector), ["sel"]);
    assert_eq!(texts(&tree, Rule::Search), ["q"]);
    assert_eq!(texts(&tree, Rule::GopherPlusString), ["+"]);
    // Decision D14: when no search follows, the selector keeps the %09.
    let tree = self::tree(Rule::Gopherurl, "gopher://h/1a%09b/c");
    assert_eq!(texts(&tree, Rule::Selector), ["a%09b/c"]);
    assert_eq!(texts(&tree, Rule::Search), [] as [&str; 0]);
    // Only the first %09 is tried: the BNF would also let the second end
    // the selector (search `d`); either reading keeps a %09 in it.
    let tree = self::tree(Rule::Gopherurl, "gopher://h/1a%09b/c%09d");
    assert_eq!(texts(&tree, Rule::Selector), ["a%09b/c%09d"]);
    assert_eq!(texts(&tree, Rule::Search), [] as [&str; 0]);
}

#[test]
fn wais() {
    let doc = tree(Rule::Waisurl, "wais://host/db/t/p");
    assert_eq!(doc.children()[0].rule(), Rule::Waisdoc);
    assert_eq!(texts(&doc, Rule::Database), ["db"]);
    assert_eq!(texts(&doc, Rule::Wtype), ["t"]);
    assert_eq!(texts(&doc, Rule::Wpath), ["p"]);
    let index = tree(Rule::Waisurl, "wais://host/db?q");
    assert_eq!(index.children()[0].rule(), Rule::Waisindex);
    assert_eq!(texts(&index, Rule::Search), ["q"]);
    let database = tree(Rule::Waisurl, "wais://host/db");
    assert_eq!(database.children()[0].rule(), Rule::Waisdatabase);
}

#[test]
fn http_news_nntp_telnet_mailto_file_prospero_other() {
    let http = tree(Rule::Httpurl, "http://h.dom:8080/a/b;c?x=1");
    assert_eq!(texts(&http, Rule::Hsegment), ["a", "b;c"]);
    assert_eq!(texts(&http, Rule::Search), ["x=1"]);
    assert_eq!(texts(&http, Rule::Domainlabel), ["h"]);
    assert_eq!(texts(&http, Rule::Toplabel), ["dom"]);

    let article = tree(Rule::Newsurl, "news:1234@host.dom");
    assert_eq!(texts(&article, Rule::Article), ["1234@host.dom"]);
    assert_eq!(texts(&article, Rule::Host), ["host.dom"]);
    let group = tree(Rule::Newsurl, "news:comp.lang");
    assert_eq!(texts(&group, Rule::Group), ["comp.lang"]);
    assert_eq!(tree(Rule::Newsurl, "news:*").children()[0].text(), "*");

    let nntp = tree(Rule::Nntpurl, "nntp://h/comp.lang/42");
    assert_eq!(texts(&nntp, Rule::Group), ["comp.lang"]);
    assert_eq!(texts(&nntp, Rule::Digits), ["42"]);

    let telnet = tree(Rule::Telneturl, "telnet://u:p@10.0.0.1:23/");
    assert_eq!(texts(&telnet, Rule::Password), ["p"]);
    assert_eq!(texts(&telnet, Rule::Hostnumber), ["10.0.0.1"]);

    let mailto = tree(Rule::Mailtourl, "mailto:me@host");
    assert_eq!(texts(&mailto, Rule::Encoded822addr), ["me@host"]);

    // Decision D13: the literal localhost has no host node.
    let file = tree(Rule::Fileurl, "file://localhost/etc/motd");
    assert_eq!(texts(&file, Rule::Host), [] as [&str; 0]);
    assert_eq!(texts(&file, Rule::Fsegment), ["etc", "motd"]);
    let file = tree(Rule::Fileurl, "file://localhost.dom/x");
    assert_eq!(texts(&file, Rule::Host), ["localhost.dom"]);

    let prospero = tree(Rule::Prosperourl, "prospero://host.dom//pros/name;a=b");
    assert_eq!(texts(&prospero, Rule::Ppath), ["/pros/name"]);
    assert_eq!(texts(&prospero, Rule::Psegment), ["", "pros", "name"]);
    assert_eq!(texts(&prospero, Rule::Fieldname), ["a"]);
    assert_eq!(texts(&prospero, Rule::Fieldvalue), ["b"]);

    // Decision D7: the tree shows the ip-schemepart when it covers the
    // schemepart.
    let other = tree(Rule::Url, "https://user@host:443/path");
    assert_eq!(other.children()[0].rule(), Rule::Otherurl);
    assert_eq!(texts(&other, Rule::User), ["user"]);
    assert_eq!(texts(&other, Rule::Urlpath), ["path"]);
    let opaque = tree(Rule::Url, "urn:isbn:0");
    assert_eq!(texts(&opaque, Rule::IpSchemepart), [] as [&str; 0]);
    assert_eq!(texts(&opaque, Rule::Schemepart), ["isbn:0"]);
}

#[test]
fn character_classes_are_nodes_too() {
    let tree = tree(Rule::Uchar, "%4a");
    let rules: Vec<Rule> = tree.nodes().map(|node| node.rule()).collect();
    assert_eq!(
        rules,
        [Rule::Uchar, Rule::Escape, Rule::Hex, Rule::Digit, Rule::Hex]
    );
    let tree = self::tree(Rule::Hostname, "a.b");
    let alpha: Vec<&str> = texts(&tree, Rule::Lowalpha);
    assert_eq!(alpha, ["a", "b"]);
}

#[test]
fn check_folds_scheme_case_in_trees_too() {
    let tree = check("HTTP://Host/").unwrap().tree();
    assert_eq!(tree.rule(), Rule::Httpurl);
    assert_eq!(tree.text(), "HTTP://Host/");
    assert_eq!(texts(&tree, Rule::Toplabel), ["Host"]);
    assert!(check_prefix("HTTP://Host:x").is_some());
    // A scheme name's letters, read whatever their case, are each a
    // `lowalpha`: the tree covers every one of them.
    let tree = check("FOo+1:bar").unwrap().tree();
    let scheme = tree.find(Rule::Scheme).unwrap();
    let classes: Vec<(Rule, &str)> = scheme
        .children()
        .iter()
        .map(|node| (node.rule(), node.text()))
        .collect();
    assert_eq!(
        classes,
        [
            (Rule::Lowalpha, "F"),
            (Rule::Lowalpha, "O"),
            (Rule::Lowalpha, "o"),
            (Rule::Digit, "1")
        ]
    );
}

#[test]
fn prefixes_of_rejected_inputs() {
    let tree = parse_prefix(Rule::Httpurl, "http://host:8a/").unwrap();
    assert_eq!(tree.text(), "http://host:8");
    let tree = parse_prefix(Rule::Ftpurl, "ftp://host/f;type=x").unwrap();
    assert_eq!(tree.text(), "ftp://host/f");
    assert!(parse_prefix(Rule::Httpurl, "http:/").is_none());
    assert!(parse_prefix(Rule::Httpurl, "HTTP://h/").is_none());
}

/// Children lie inside their parent, in order, without overlap.
fn assert_well_formed(node: &Derivation<'_>) {
    let span = node.span();
    let mut at = span.start;
    for child in node.children() {
        assert!(
            child.span().start >= at && child.span().end <= span.end,
            "{} {:?} in {} {:?}",
            child.rule(),
            child.span(),
            node.rule(),
            span
        );
        at = child.span().end;
        assert_well_formed(child);
    }
}

#[test]
fn trees_are_well_formed_and_cover_the_input() {
    for input in [
        "ftp://myname@host.dom/%2Fetc/motd",
        "gopher://host.dom:70/1sel%09q%09+",
        "prospero://h/a/b;c=d;e=f",
        "http://a.b.c/d?e",
        "news:a/b@1.2.3.4",
    ] {
        let tree = check(input).unwrap().tree();
        assert_eq!(tree.span(), 0..input.len(), "{input}");
        assert_well_formed(&tree);
    }
}

#[test]
fn a_failed_attempt_leaves_no_node_behind() {
    // Found by fuzzing: the schemepart first tries ip-schemepart, which
    // matches "//host.dom" and then has to give up at the ":"; its nodes went
    // into the tree anyway.
    let input = "gselopher://host.dom:;5/1sel%09q%09+";
    let tree = check(input).unwrap().tree();
    assert_well_formed(&tree);
    assert_eq!(texts(&tree, Rule::IpSchemepart), [] as [&str; 0]);
    assert_eq!(
        texts(&tree, Rule::Schemepart),
        ["//host.dom:;5/1sel%09q%09+"]
    );
}

/// `Debug` writes each node's own text, not the input: its length is
/// bounded by the nodes' texts and a fixed overhead per node, where the
/// input at every node grew with the nodes times the input.
#[test]
fn debug_shows_each_nodes_own_text_and_grows_with_the_tree() {
    let input = format!(
        "ftp://me:pw@{}.dom:21/{}/{};type=i",
        "host".repeat(10),
        "a%41b".repeat(20),
        "seg/".repeat(20)
    );
    let tree = tree(Rule::Ftpurl, &input);
    let shown = format!("{tree:?}");
    // A node's rule, span, field names and punctuation: under 80 bytes.
    let bound: usize = tree.nodes().map(|node| node.text().len() + 80).sum();
    assert!(tree.nodes().count() > 500);
    assert!(shown.len() <= bound, "{} > {bound}", shown.len());
    assert_eq!(shown.matches(&*input).count(), 1);
    for node in tree.nodes() {
        let own = format!(
            "Derivation {{ rule: {:?}, span: {:?}, text: {:?}, children: [",
            node.rule(),
            node.span(),
            node.text()
        );
        assert!(shown.contains(&own), "{own}");
    }
    let login = tree.find(Rule::Login).unwrap();
    let pretty = format!("{login:#?}");
    assert!(
        pretty.starts_with("Derivation {\n    rule: Login,\n"),
        "{pretty}"
    );
    assert!(pretty.contains("\n            text: \"pw\",\n"), "{pretty}");
}
