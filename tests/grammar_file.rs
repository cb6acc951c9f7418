//! The grammar file is section 5 of the RFC, the registry is the grammar file,
//! and every combinator's documentation quotes its production and shows
//! its railroad diagram.

use std::fs;
use std::path::Path;

use rfc1738::Rule;

fn read(path: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The page footer and header lines the RFC's pagination puts inside
/// section 5; they are not part of the section.
fn is_page_furniture(line: &str) -> bool {
    (line.starts_with("Berners-Lee, Masinter & McCahill") && line.ends_with(']'))
        || line == "RFC 1738 Uniform Resource Locators (URL) December 1994"
}

#[test]
fn the_grammar_file_is_section_5_as_printed() {
    let rfc = read("grammar/rfc1738.txt");
    let start = rfc
        .find("; The generic form of a URL is:")
        .expect("section 5 starts with its first comment");
    let end = rfc
        .find("\n6. Security Considerations")
        .expect("section 6 follows");
    let section: Vec<&str> = rfc[start..end]
        .lines()
        .filter(|line| !is_page_furniture(line))
        .collect();
    let bnf = read("grammar/rfc1738.bnf");
    let grammar: Vec<&str> = bnf.lines().collect();
    assert_eq!(grammar, section);
}

#[test]
fn the_registry_is_the_grammar_file() {
    let bnf = read("grammar/rfc1738.bnf");
    let names: Vec<&str> = bnf
        .lines()
        .filter_map(|line| line.split_once(" = ").map(|(name, _)| name))
        .filter(|name| !name.starts_with(';') && !name.contains(' '))
        .collect();
    assert_eq!(names.len(), 67, "RFC 1738 section 5 has 67 productions");
    let registry: Vec<&str> = Rule::ALL.iter().map(|rule| rule.name()).collect();
    assert_eq!(registry, names);
    assert_eq!(Rule::COUNT, 67);
    for rule in Rule::ALL {
        let definition = rule.definition();
        assert!(bnf.contains(definition), "{rule}: {definition:?}");
        assert!(definition.starts_with(&format!("{} = ", rule.name())));
        let line = bnf.lines().nth(rule.line() - 1).unwrap();
        assert!(
            definition.starts_with(line),
            "{rule} starts on line {}",
            rule.line()
        );
        assert_eq!(Rule::from_name(rule.name()), Some(rule));
        assert_eq!(rule.to_string(), rule.name());
        assert_eq!(rule.name().parse::<Rule>(), Ok(rule));
    }
    assert_eq!(Rule::from_name("IP-SCHEMEPART"), None);
    assert_eq!(Rule::from_name("gopher_plus_string"), None);
    assert!("nope".parse::<Rule>().is_err());
}

/// A production written as the crate writes it elsewhere, as its
/// combinator (`Rule::function`) or its variant (`Rule`'s `Debug`) is
/// named, or in another case, is no production name: its error says which
/// production it spells, for every production. No other name is told one.
#[test]
fn another_spelling_of_a_production_is_told_its_name() {
    for rule in Rule::ALL {
        let variant = format!("{rule:?}");
        let spellings = [
            rule.function().to_owned(),
            rule.function().to_ascii_uppercase(),
            rule.name().to_ascii_uppercase(),
            variant.to_ascii_lowercase(),
            variant,
        ];
        for spelling in spellings {
            if spelling == rule.name() {
                assert_eq!(spelling.parse(), Ok(rule));
                continue;
            }
            let error = spelling.parse::<Rule>().unwrap_err();
            assert_eq!(error.suggestion(), Some(rule), "{spelling}");
            let message = error.to_string();
            let suffix = format!("; did you mean `{}`?", rule.name());
            assert!(message.ends_with(&suffix), "{message}");
        }
    }
    let message = |name: &str| name.parse::<Rule>().unwrap_err().to_string();
    assert_eq!(
        message("ip_schemepart"),
        r#""ip_schemepart" is not a production of RFC 1738 section 5; did you mean `ip-schemepart`?"#
    );
    assert_eq!(
        message("Hostport"),
        r#""Hostport" is not a production of RFC 1738 section 5; did you mean `hostport`?"#
    );
    assert!(message("gopher_plus_string").ends_with("did you mean `gopher+_string`?"));
    for name in [
        "hostprot",
        "host-port",
        "gopher_string",
        "ip schemepart",
        "ip-",
        "",
    ] {
        let error = name.parse::<Rule>().unwrap_err();
        assert_eq!(error.suggestion(), None, "{name}");
        assert_eq!(
            error.to_string(),
            format!(r#""{name}" is not a production of RFC 1738 section 5"#)
        );
    }
}

#[test]
fn names_follow_the_rfc() {
    assert_eq!(Rule::IpSchemepart.name(), "ip-schemepart");
    assert_eq!(Rule::IpSchemepart.function(), "ip_schemepart");
    assert_eq!(Rule::GopherPlusString.name(), "gopher+_string");
    assert_eq!(Rule::GopherPlusString.function(), "gopher_plus_string");
    assert_eq!(Rule::Encoded822addr.module(), "mailto");
    assert_eq!(Rule::Alphadigit.module(), "ip");
    assert_eq!(Rule::Digits.module(), "chars");
    assert_eq!(Rule::Genericurl.module(), "generic");
    assert_eq!(
        Rule::Url.definition(),
        "url = httpurl | ftpurl | newsurl |\nnntpurl | telneturl | gopherurl |\nwaisurl | mailtourl | fileurl |\nprosperourl | otherurl"
    );
}

/// The documentation above `pub fn name<` in `source`, past the attributes
/// right above it (`#[must_use]`): its `///` lines, without the marker, and
/// its `#[doc = ...]` attributes as written.
fn doc_comment<'a>(source: &'a str, function: &str) -> Vec<&'a str> {
    let lines: Vec<&str> = source.lines().collect();
    let signature = format!("pub fn {function}<");
    let at = lines
        .iter()
        .position(|line| line.starts_with(&signature))
        .unwrap_or_else(|| panic!("no `{signature}`"));
    let mut doc: Vec<&str> = lines[..at]
        .iter()
        .rev()
        .skip_while(|line| line.starts_with("#[") && !line.starts_with("#[doc = "))
        .take_while(|line| line.starts_with("///") || line.starts_with("#[doc = "))
        .map(|line| {
            line.strip_prefix("/// ")
                .unwrap_or(line.trim_start_matches("///"))
        })
        .collect();
    doc.reverse();
    doc
}

/// Each combinator's documentation starts with its production, and then
/// shows the production's railroad diagram (written by build.rs).
#[test]
fn every_combinator_quotes_its_production_and_shows_its_diagram() {
    for rule in Rule::ALL {
        let source = read(&format!("src/grammar/{}.rs", rule.module()));
        let doc = doc_comment(&source, rule.function());
        let mut expected = vec!["```text"];
        expected.extend(rule.definition().lines());
        expected.push("```");
        let diagram = format!(
            r#"#[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/{}.md"))]"#,
            rule.function()
        );
        expected.push(&diagram);
        assert!(
            doc.len() >= expected.len() && doc[..expected.len()] == expected[..],
            "the doc comment of {}::{} does not start with its production and its diagram:\n{}",
            rule.module(),
            rule.function(),
            doc.join("\n")
        );
    }
}

#[test]
fn the_conformance_table_has_a_row_per_production() {
    let table = read("grammar/CONFORMANCE.md");
    for rule in Rule::ALL {
        let row = format!(
            "| `{}` | `{}::{}` |",
            rule.name(),
            rule.module(),
            rule.function()
        );
        assert!(table.contains(&row), "grammar/CONFORMANCE.md lacks {row}");
    }
    let rows = table.lines().filter(|line| line.starts_with("| `")).count();
    assert_eq!(rows, Rule::COUNT);
}
