//! `grammar --format svg NAME` and `grammar --format html`: the railroad
//! diagrams, one production's, or a page of all of them whose every link
//! leads to a diagram of the page.

mod common;

use std::collections::BTreeSet;

use common::rfc1738;
use rfc1738::bnf::Grammar;
use roxmltree::{Document, Node, ParsingOptions};

fn stdout(args: &[&str]) -> String {
    let output = rfc1738(args, b"");
    assert_eq!(output.status.code(), Some(0), "{args:?}");
    assert!(output.stderr.is_empty());
    String::from_utf8(output.stdout).expect("UTF-8")
}

#[test]
fn svg_draws_one_production() {
    let svg = stdout(&["grammar", "--format", "svg", "hostport"]);
    let document = Document::parse(svg.trim_end()).expect("well-formed XML");
    let root = document.root_element();
    assert!(root.has_tag_name(("http://www.w3.org/2000/svg", "svg")));
    let title = root.children().find(|n| n.has_tag_name("title"));
    assert_eq!(title.and_then(|t| t.text()), Some("hostport"));
    let boxes: Vec<&str> = document
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(boxes, ["host", "\":\"", "port"]);
    // On its own, it links nowhere.
    assert!(!svg.contains("href"));
}

#[test]
fn svg_needs_a_name_and_html_takes_none() {
    for args in [
        &["grammar", "--format", "svg"][..],
        &["grammar", "--format", "html", "hostport"],
    ] {
        let output = rfc1738(args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("NAME"), "{stderr}");
    }
}

/// The names a paragraph links to.
fn linked<'a>(paragraph: Node<'a, '_>) -> Vec<&'a str> {
    paragraph
        .children()
        .filter(|n| n.has_tag_name("a"))
        .map(|a| {
            a.attribute("href")
                .and_then(|h| h.strip_prefix('#'))
                .expect("#name")
        })
        .collect()
}

#[test]
fn html_is_one_page_of_every_diagram_linked_together() {
    let page = stdout(&["grammar", "--format", "html"]);
    // Laid out for a phone's width, as for a desktop's.
    assert!(
        page.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>")
    );
    // Self-contained: nothing to load, nothing to run.
    for word in ["<script", "src=", "<link", "@import", "url("] {
        assert!(!page.contains(word), "{word}");
    }
    // `<!DOCTYPE html>` is a DTD to an XML reader.
    let options = ParsingOptions {
        allow_dtd: true,
        ..ParsingOptions::default()
    };
    let document = Document::parse_with_options(page.trim_end(), options).expect("well-formed");
    let grammar = Grammar::rfc1738();
    let sections: Vec<Node> = document
        .descendants()
        .filter(|n| n.has_tag_name("section"))
        .collect();
    assert_eq!(sections.len(), 67);
    let ids: BTreeSet<&str> = document
        .descendants()
        .filter_map(|n| n.attribute("id"))
        .collect();
    for (section, production) in sections.iter().zip(grammar.productions()) {
        let name = production.name.as_str();
        assert_eq!(section.attribute("id"), Some(name));
        let pre = section.children().find(|n| n.has_tag_name("pre"));
        assert_eq!(pre.and_then(|p| p.text()), Some(production.text.as_str()));
        // Its diagram, in a box of its own (which scrolls on a narrow page).
        let svgs: Vec<Node> = section
            .children()
            .filter(|n| n.has_tag_name("div") && n.attribute("class") == Some("diagram"))
            .flat_map(|div| div.children().filter(|n| n.has_tag_name("svg")))
            .collect();
        assert_eq!(svgs.len(), 1, "{name}");
        // Its boxes link to the diagrams of the productions it uses.
        let mut boxes: Vec<&str> = svgs[0]
            .descendants()
            .filter_map(|n| n.attribute(("http://www.w3.org/1999/xlink", "href")))
            .map(|href| href.strip_prefix('#').expect("#name"))
            .collect();
        boxes.sort_unstable();
        boxes.dedup();
        let mut uses = grammar.uses(name);
        let paragraphs: Vec<Node> = section.children().filter(|n| n.has_tag_name("p")).collect();
        assert_eq!(linked(paragraphs[0]), uses, "uses of {name}");
        assert_eq!(
            linked(paragraphs[1]),
            grammar.used_by(name),
            "used by {name}"
        );
        uses.sort_unstable();
        assert_eq!(boxes, uses, "{name}");
    }
    // Every link leads to an element of the page.
    for node in document.descendants() {
        let href = node
            .attribute("href")
            .or(node.attribute(("http://www.w3.org/1999/xlink", "href")));
        if let Some(href) = href {
            let id = href.strip_prefix('#').expect("a link within the page");
            assert!(ids.contains(id), "{href}");
        }
    }
    // The grammar's comments, where they stand.
    let ftp = "<p class=\"comment\">; The predefined schemes:<br/>; FTP (see also RFC959)</p>\n\
               <section id=\"ftpurl\">";
    assert!(page.contains(ftp));
}
