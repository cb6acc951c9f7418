//! The railroad diagrams say what the grammar says: each production's SVG,
//! read back into the BNF dialect from its boxes and tracks, is the
//! production; and the diagrams build.rs writes into the combinators'
//! documentation link each production to its combinator's page.
#![cfg(feature = "diagram")]

use rfc1738::Rule;
use rfc1738::bnf::{Grammar, Production, diagram};
use roxmltree::{Document, Node};

/// Links to `#name`, as the grammar page does.
fn anchor(name: &str) -> Option<String> {
    Some(format!("#{name}"))
}

fn svg_of(name: &str) -> String {
    let production = Grammar::rfc1738().get(name).expect("a production");
    diagram::svg(production, &anchor, true)
}

/// The drawn elements under `node`: groups and links, not the tracks, nor
/// the empty groups that stand for track alone (a loop's way back, the
/// track added beside a narrow box).
fn parts<'a, 'i>(node: Node<'a, 'i>) -> impl Iterator<Item = Node<'a, 'i>> {
    node.children()
        .filter(|child| matches!(child.tag_name().name(), "g" | "a"))
        .filter(|child| child.has_children() || child.attribute("class").is_some())
}

/// `node`, or the one part of a sequence that is track around one part.
fn unpadded<'a, 'i>(node: Node<'a, 'i>) -> Node<'a, 'i> {
    let mut inner = parts(node);
    match (class(node), inner.next(), inner.next()) {
        ("sequence", Some(only), None) => only,
        _ => node,
    }
}

fn class<'a>(node: Node<'a, '_>) -> &'a str {
    node.attribute("class").unwrap_or("")
}

/// The text of a box, in the grammar's dialect: the double quote, drawn
/// as the character it is, is `<">` there.
fn label(node: Node<'_, '_>) -> String {
    let text = node
        .descendants()
        .find(|n| n.has_tag_name("text"))
        .and_then(|text| text.text())
        .expect("a box has its text");
    if text == r#"'"'"# {
        "<\">".to_owned()
    } else {
        text.to_owned()
    }
}

/// What `node` draws, written back in the grammar's dialect (as
/// `Expr`'s `Display` writes it); the links found are pushed on `links`.
fn read_back(node: Node<'_, '_>, links: &mut Vec<(String, String)>) -> String {
    let items = |links: &mut Vec<(String, String)>| -> Vec<String> {
        parts(node).map(|part| read_back(part, links)).collect()
    };
    match (node.tag_name().name(), class(node)) {
        ("a", _) => {
            let href = node
                .attribute(("http://www.w3.org/1999/xlink", "href"))
                .expect("a link has its target");
            let inner = read_back(parts(node).next().expect("a linked box"), links);
            links.push((inner.clone(), href.to_owned()));
            inner
        }
        (_, "terminal" | "nonterminal") => label(node),
        (_, "sequence" | "stack") => items(links).join(" "),
        (_, "choice" | "multichoice") => items(links).join(" | "),
        (_, "optional") => {
            let inner = parts(node).next().expect("an optional part");
            if class(inner) == "repeat" {
                // A loop that may be passed by: `*x`.
                repeat(inner, 0, links)
            } else {
                format!("[ {} ]", read_back(inner, links))
            }
        }
        (_, "repeat") => repeat(node, 1, links),
        (tag, class) => panic!("a diagram draws no <{tag} class={class:?}>"),
    }
}

/// A loop read back as `n*x`: its body, and the least number of times it is
/// taken, `min` unless the return track says more.
fn repeat(node: Node<'_, '_>, min: u32, links: &mut Vec<(String, String)>) -> String {
    // The return track is an empty group, or a comment `n or more times`.
    let times = node
        .descendants()
        .find(|n| n.has_tag_name("text") && n.attribute("class") == Some("comment"))
        .and_then(|comment| comment.text()?.strip_suffix(" or more times")?.parse().ok());
    let body = unpadded(parts(node).next().expect("a loop has its body"));
    let simple = matches!(class(body), "terminal" | "nonterminal") || body.has_tag_name("a");
    let body = read_back(body, links);
    let min = times.unwrap_or(min);
    let count = if min > 0 {
        min.to_string()
    } else {
        String::new()
    };
    if simple {
        format!("{count}*{body}")
    } else {
        format!("{count}*[ {body} ]")
    }
}

/// The production `svg` draws, read back, and its links.
fn drawn(svg: &str) -> (String, Vec<(String, String)>) {
    let document = Document::parse(svg).expect("the SVG is well-formed XML");
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    // Start, the production, End: one track.
    let track = parts(root).next().expect("the diagram's track");
    assert_eq!(class(track), "sequence");
    let mut links = Vec::new();
    let mut items: Vec<String> = parts(track).map(|p| read_back(p, &mut links)).collect();
    assert_eq!(items.len(), 1, "the track holds the production alone");
    (items.remove(0), links)
}

#[test]
fn each_diagram_reads_back_as_its_production() {
    for production in Grammar::rfc1738().productions() {
        let svg = diagram::svg(production, &anchor, true);
        let (expr, links) = drawn(&svg);
        assert_eq!(expr, production.expr.to_string(), "{}", production.name);
        // Every production it uses is a box linked to its diagram.
        for (name, href) in &links {
            assert_eq!(href, &format!("#{name}"));
        }
        let mut linked: Vec<&str> = links.iter().map(|(name, _)| name.as_str()).collect();
        linked.dedup();
        linked.sort_unstable();
        let mut uses = Grammar::rfc1738().uses(&production.name);
        uses.sort_unstable();
        assert_eq!(linked, uses, "{}", production.name);
    }
}

#[test]
fn a_few_diagrams_drawn_as_the_rfc_writes_them() {
    // Hand-written, not through `Expr`'s `Display`.
    let cases = [
        ("hostport", r#"host [ ":" port ]"#),
        ("ftptype", r#""A" | "I" | "D" | "a" | "i" | "d""#),
        ("scheme", r#"1*[ lowalpha | digit | "+" | "-" | "." ]"#),
        ("digits", "1*digit"),
        ("urlpath", "*xchar"),
        (
            "domainlabel",
            r#"alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit"#,
        ),
        ("punctuation", r##""<" | ">" | "#" | "%" | <">"##),
        (
            "gopherurl",
            r#""gopher://" hostport [ "/" [ gtype [ selector [ "%09" search [ "%09" gopher+_string ] ] ] ] ]"#,
        ),
    ];
    for (name, expected) in cases {
        assert_eq!(drawn(&svg_of(name)).0, expected, "{name}");
    }
}

#[test]
fn literals_are_rounded_boxes_and_productions_square_ones() {
    let svg = svg_of("ftpurl");
    let document = Document::parse(&svg).expect("well-formed");
    let boxes: Vec<(&str, String)> = document
        .descendants()
        .filter(|n| matches!(class(*n), "terminal" | "nonterminal"))
        .map(|n| (class(n), label(n)))
        .collect();
    let expected = [
        ("terminal", r#""ftp://""#),
        ("nonterminal", "login"),
        ("terminal", r#""/""#),
        ("nonterminal", "fpath"),
        ("terminal", r#"";type=""#),
        ("nonterminal", "ftptype"),
    ];
    let boxes: Vec<(&str, &str)> = boxes.iter().map(|(c, l)| (*c, l.as_str())).collect();
    assert_eq!(boxes, expected);
    // A literal's box has rounded corners; a production's has none.
    for node in document.descendants().filter(|n| n.has_tag_name("rect")) {
        let parent = class(node.parent().expect("in a box"));
        match parent {
            "terminal" => assert_eq!(node.attribute("rx"), Some("10")),
            "nonterminal" => assert_eq!(node.attribute("rx"), None),
            _ => {}
        }
    }
}

/// `<">` is one character, the double quote: its box shows that character,
/// quoted the other way, and no box shows `<">`, which reads as three.
#[test]
fn the_double_quote_is_drawn_as_the_character_it_is() {
    let svg = svg_of("punctuation");
    let document = Document::parse(&svg).expect("well-formed");
    let boxes: Vec<&str> = document
        .descendants()
        .filter(|n| class(*n) == "terminal")
        .filter_map(|n| n.descendants().find(|t| t.has_tag_name("text"))?.text())
        .collect();
    assert_eq!(boxes, [r#""<""#, r#"">""#, r##""#""##, r#""%""#, r#"'"'"#]);
    for production in Grammar::rfc1738().productions() {
        let svg = diagram::svg(production, &anchor, true);
        assert!(
            !svg.contains("&lt;\"&gt;") && !svg.contains("&lt;&quot;&gt;"),
            "{}",
            production.name
        );
    }
}

#[test]
fn a_repetition_of_more_than_one_says_how_many() {
    let production = Grammar::parse("threes = 3*\"x\"\n").expect("a grammar");
    let production: &Production = &production.productions()[0];
    let svg = diagram::svg(production, &anchor, true);
    assert!(svg.contains("3 or more times"), "{svg}");
    assert_eq!(drawn(&svg).0, r#"3*"x""#);
}

#[test]
fn a_diagram_is_one_line_of_its_own_size_with_its_title() {
    let svg = svg_of("hostport");
    assert!(!svg.contains('\n'), "a Markdown page holds it as one block");
    let document = Document::parse(&svg).expect("well-formed");
    let root = document.root_element();
    let view: Vec<&str> = root
        .attribute("viewBox")
        .expect("a viewBox")
        .split(' ')
        .collect();
    assert_eq!(root.attribute("width"), Some(view[2]));
    assert_eq!(root.attribute("height"), Some(view[3]));
    let title = root.children().find(|n| n.has_tag_name("title"));
    assert_eq!(title.and_then(|t| t.text()), Some("hostport"));
    assert!(svg.contains("<style"));
    // Unstyled, for a page that sets the stylesheet once.
    let production = Grammar::rfc1738().get("hostport").expect("a production");
    assert!(!diagram::svg(production, &anchor, false).contains("<style"));
    // No link where none is given.
    assert!(!diagram::svg(production, &|_| None, false).contains("href"));
}

/// The fragments build.rs writes for the combinators' documentation: the
/// diagram in one HTML block, each production linked to its combinator's
/// page, relative to the page of a combinator.
#[test]
fn the_documentation_links_each_production_to_its_combinator() {
    for rule in Rule::ALL {
        let path = format!("{}/railroad/{}.md", env!("OUT_DIR"), rule.function());
        let fragment = std::fs::read_to_string(&path).expect("build.rs wrote it");
        let svg = fragment
            .strip_prefix("\n<div class=\"railroad\">")
            .and_then(|rest| rest.strip_suffix("</div>\n\n"))
            .expect("one HTML block, blank lines around it");
        let (expr, links) = drawn(svg);
        let production = Grammar::rfc1738().get(rule.name()).expect("a production");
        assert_eq!(expr, production.expr.to_string());
        for (name, href) in links {
            let target = Rule::from_name(&name).expect("a production");
            assert_eq!(
                href,
                format!("../{}/fn.{}.html", target.module(), target.function())
            );
        }
    }
}

/// The commands of an SVG path's data, each with its numbers.
fn commands(data: &str) -> Vec<(char, Vec<i64>)> {
    let mut commands: Vec<(char, Vec<i64>)> = Vec::new();
    for token in data.split_whitespace() {
        match token.parse() {
            Ok(number) => commands.last_mut().expect("a command first").1.push(number),
            Err(_) => commands.push((token.chars().next().expect("a letter"), Vec::new())),
        }
    }
    commands
}

/// Every way past an optional box and every way back to a loop's start
/// has its arrowhead, whatever the width of the box: the `railroad` crate
/// draws one (a move, `m`, and two strokes) after a horizontal track, `h`,
/// only when that is longer than 50, and `telneturl`'s `[ "/" ]`, a box 44
/// wide, went past without one.
#[test]
fn every_way_around_a_box_says_which_way_it_goes() {
    let checked: usize = Grammar::rfc1738().productions().iter().map(arrows).sum();
    assert!(checked > 40, "{checked}");
    // A loop through one narrow box, and another optional one.
    let narrow = Grammar::parse("ones = 1*\"x\"\nmaybe = [ \"y\" ]\n").expect("a grammar");
    let checked: usize = narrow.productions().iter().map(arrows).sum();
    assert_eq!(checked, 2);
}

/// How many ways around a box `production`'s diagram draws, each checked
/// to have its arrowhead.
fn arrows(production: &Production) -> usize {
    let svg = diagram::svg(production, &anchor, true);
    let document = Document::parse(&svg).expect("well-formed");
    let mut checked = 0;
    for group in document.descendants().filter(|n| n.has_tag_name("g")) {
        let track = group.children().find(|n| n.has_tag_name("path"));
        let Some(data) = track.and_then(|path| path.attribute("d")) else {
            continue;
        };
        let commands = commands(data);
        // An optional's way past is the track after its second arc; a
        // loop's way back, the track drawn leftwards.
        let around: Vec<usize> = match class(group) {
            "optional" => (commands.iter().enumerate())
                .filter(|(_, (command, _))| *command == 'a')
                .nth(1)
                .map(|(at, _)| at + 1)
                .into_iter()
                .collect(),
            "repeat" => (commands.iter().enumerate())
                .filter(|(_, (command, numbers))| *command == 'h' && numbers[0] < 0)
                .map(|(at, _)| at)
                .collect(),
            _ => continue,
        };
        for at in around {
            assert_eq!(commands[at].0, 'h', "{}: {data}", production.name);
            let arrow = commands.get(at + 1).map(|(command, _)| *command);
            assert_eq!(arrow, Some('m'), "{}: {data}", production.name);
            checked += 1;
        }
    }
    checked
}

/// The README's diagram is the one the command line draws: regenerate it
/// with `cargo run -- grammar --format svg httpurl > docs/httpurl.svg`.
#[test]
fn the_readme_diagram_is_current() {
    let committed = std::fs::read_to_string("docs/httpurl.svg").expect("docs/httpurl.svg");
    let production = Grammar::rfc1738().get("httpurl").expect("a production");
    assert!(
        committed == diagram::svg(production, &|_| None, true) + "\n",
        "docs/httpurl.svg is stale: cargo run -- grammar --format svg httpurl > docs/httpurl.svg"
    );
}

/// The left edges of the boxes `name`'s diagram draws, each with how many
/// boxes stand there, left to right: one per column of a choice.
fn columns(name: &str) -> Vec<(i64, usize)> {
    let svg = svg_of(name);
    let document = Document::parse(&svg).expect("well-formed");
    let mut columns: Vec<(i64, usize)> = Vec::new();
    for rect in document.descendants().filter(|n| {
        n.has_tag_name("rect") && matches!(class(n.parent().unwrap()), "terminal" | "nonterminal")
    }) {
        let x: i64 = rect.attribute("x").and_then(|x| x.parse().ok()).expect("x");
        match columns.iter_mut().find(|(at, _)| *at == x) {
            Some((_, count)) => *count += 1,
            None => columns.push((x, 1)),
        }
    }
    columns.sort();
    columns
}

/// Up to twelve alternatives are drawn down one column (`url`'s schemes
/// read as a list); more are cut into columns of even lengths.
#[test]
fn a_long_choice_is_one_column_up_to_twelve() {
    for (name, alternatives) in [("url", 11), ("digit", 10), ("national", 9)] {
        let cols = columns(name);
        assert_eq!(cols.len(), 1, "{name}: {cols:?}");
        assert_eq!(cols[0].1, alternatives, "{name}");
    }
    let counts = |name| {
        columns(name)
            .into_iter()
            .map(|(_, n)| n)
            .collect::<Vec<_>>()
    };
    assert_eq!(counts("hialpha"), [9, 9, 8]);
    // hex: the production digit and twelve letters.
    assert_eq!(counts("hex"), [7, 6]);
}

/// A production whose groups nest as deep as the reader allows (64),
/// optional groups and repetitions of lists in turn, is drawn, and reads
/// back as itself. Each node is measured once: `railroad` measures a
/// container by measuring its items again at every question, and nested,
/// the questions multiplied at every level (40 groups took a second to
/// draw, twice that for each two more; 64 would have taken hours).
#[test]
fn the_deepest_groups_the_reader_allows_are_drawn() {
    let mut text = String::from("\"x\"");
    for level in 0..64 {
        text = match level % 2 {
            0 => format!("[ \"y\" {text} ]"),
            _ => format!("1*[ {text} | \"z\" ]"),
        };
    }
    let grammar = Grammar::parse(&format!("deep = {text}")).expect("64 groups read");
    let production = grammar.get("deep").expect("defined");
    let svg = diagram::svg(production, &anchor, true);
    let (expr, _) = drawn(&svg);
    assert_eq!(expr, production.expr.to_string());
}
