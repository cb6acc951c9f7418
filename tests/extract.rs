//! `rfc1738::extract`: URLs found in free text, as the RFC's appendix
//! "Recommendations for URLs in Context" describes them.

use std::path::Path;

use proptest::prelude::*;
use rfc1738::extract::{Extracted, Form, MAX_HYPHEN_BREAKS, extract, extract_bytes_iter};
use rfc1738::{Found, Position, Rule};

/// The appendix's example paragraph, exactly as printed in the RFC's text.
const APPENDIX_EXAMPLE: &str = "\
Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
type=d> but you can probably pick it up from <URL:ftp://ds.in
ternic.net/rfc>. Note the warning in <URL:http://ds.internic.
net/instructions/overview.html#WARNING>.";

/// Every `<URL:...>` of RFC 1738, in the order of the text, whitespace
/// removed (the list `tests/rfc_examples.rs` checks against the text).
fn rfc_urls() -> Vec<&'static str> {
    include_str!("corpus/rfc_urls.txt").lines().collect()
}

fn snapshots() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(Path::new(env!("CARGO_MANIFEST_DIR")).join("snapshots"));
    settings
}

/// The URLs of the hits, in order.
fn urls<'a>(hits: &'a [Extracted<'_>]) -> Vec<&'a str> {
    hits.iter().map(Extracted::url).collect()
}

/// The one hit of `text`.
#[track_caller]
fn one(text: &str) -> Extracted<'_> {
    let mut hits = extract(text);
    assert_eq!(hits.len(), 1, "{text:?}: {hits:#?}");
    hits.remove(0)
}

/// The 1-based line and column (in characters) of a byte offset of `text`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (
        1 + before.matches('\n').count(),
        1 + before[line_start..].chars().count(),
    )
}

#[test]
fn the_appendix_example() {
    let text = include_str!("../grammar/rfc1738.txt");
    assert!(text.contains(APPENDIX_EXAMPLE), "copied exactly");

    let hits = extract(APPENDIX_EXAMPLE);
    assert_eq!(
        urls(&hits),
        [
            "ftp://info.cern.ch/pub/www/doc;type=d",
            "ftp://ds.internic.net/rfc",
            "http://ds.internic.net/instructions/overview.html",
        ]
    );
    let facts: Vec<_> = hits
        .iter()
        .map(|hit| {
            (
                hit.span(),
                hit.line(),
                hit.column(),
                hit.form(),
                hit.fragment(),
            )
        })
        .collect();
    assert_eq!(
        facts,
        [
            (27..71, 1, 28, Form::UrlPrefixed, None),
            (109..141, 2, 46, Form::UrlPrefixed, None),
            (163..227, 3, 38, Form::UrlPrefixed, Some("WARNING")),
        ]
    );
    let verdicts: Vec<_> = hits.iter().map(|hit| hit.verdict()).collect();
    assert_eq!(
        verdicts,
        [Ok(Rule::Ftpurl), Ok(Rule::Ftpurl), Ok(Rule::Httpurl)]
    );
    for hit in &hits {
        assert!(hit.hyphen_breaks().is_empty(), "{hit:?}");
        assert!(APPENDIX_EXAMPLE[hit.span()].starts_with("<URL:"));
        assert!(APPENDIX_EXAMPLE[hit.span()].ends_with('>'));
    }
    // The line break of "ds.in\nternic" is where the URL's bytes jump.
    let second = &hits[1];
    assert_eq!(second.text_offset(0), 114);
    assert_eq!(&APPENDIX_EXAMPLE[second.text_offset(9)..][..2], "in");
    assert_eq!(&APPENDIX_EXAMPLE[second.text_offset(11)..][..6], "ternic");

    snapshots().bind(|| insta::assert_debug_snapshot!("extract_appendix_example", hits));
}

#[test]
fn every_wrapped_url_of_the_rfc() {
    let text = include_str!("../grammar/rfc1738.txt");
    let hits = extract(text);
    let wrapped: Vec<&Extracted> = hits.iter().filter(|hit| hit.form() != Form::Bare).collect();
    let found: Vec<String> = wrapped
        .iter()
        .map(|hit| match hit.fragment() {
            Some(fragment) => format!("{}#{fragment}", hit.url()),
            None => hit.url().to_owned(),
        })
        .collect();
    assert_eq!(found, rfc_urls());
    // The RFC writes no bare URL: its `http://<host>:<port>/<path>` are
    // templates and its `"http://"` the BNF's literals, nothing but slashes
    // after the `:`.
    assert_eq!(wrapped.len(), hits.len(), "no bare hits");
    for hit in &wrapped {
        assert_eq!(hit.form(), Form::UrlPrefixed, "{hit:?}");
        assert!(hit.is_valid(), "{hit:?}");
        assert!(hit.hyphen_breaks().is_empty(), "{hit:?}");
        assert_eq!(
            line_column(text, hit.span().start),
            (hit.line(), hit.column())
        );
    }
    let with_fragment: Vec<_> = wrapped
        .iter()
        .filter(|hit| hit.fragment().is_some())
        .collect();
    assert_eq!(with_fragment.len(), 1);
    assert_eq!(
        with_fragment[0].url(),
        "http://ds.internic.net/instructions/overview.html"
    );
    assert_eq!(with_fragment[0].fragment(), Some("WARNING"));
    assert_eq!(with_fragment[0].verdict(), Ok(Rule::Httpurl));
}

#[test]
fn a_hyphen_before_a_line_break_gives_two_readings() {
    let text = "See <URL:http://host.dom/some-\n   path.html> today.";
    let hit = one(text);
    assert_eq!(
        hit.url(),
        "http://host.dom/some-path.html",
        "the hyphen is kept"
    );
    assert!(hit.is_valid());
    let [hyphen] = hit.hyphen_breaks() else {
        panic!("one hyphen break: {hit:?}");
    };
    assert_eq!(hyphen.offset_in_text(), text.find('-').unwrap());
    assert_eq!(hyphen.offset_in_url(), hit.url().find('-').unwrap());
    assert_eq!(
        hit.text_offset(hyphen.offset_in_url()),
        hyphen.offset_in_text()
    );
    assert_eq!(hyphen.without(), Some("http://host.dom/somepath.html"));
    assert!(hyphen.without_valid());
}

#[test]
fn a_hyphen_break_where_only_one_reading_is_valid() {
    // ";type=-d" is no ftptype; ";type=d" is.
    let hit = one("<URL:ftp://host.dom/x;type=-\nd>");
    assert_eq!(hit.url(), "ftp://host.dom/x;type=-d");
    let error = hit.verdict().unwrap_err();
    assert_eq!(error.found(), Found::Char('-'));
    let [hyphen] = hit.hyphen_breaks() else {
        panic!("one hyphen break: {hit:?}");
    };
    assert_eq!(hyphen.offset_in_text(), 27);
    assert_eq!(hit.text_offset(error.offset()), hyphen.offset_in_text());
    assert_eq!(hyphen.without(), Some("ftp://host.dom/x;type=d"));
    assert!(hyphen.without_valid());

    // The other way round: "a-.b" has a label ending in a hyphen.
    let hit = one("<URL:http://a-\n.b/>");
    assert!(!hit.is_valid());
    let [hyphen] = hit.hyphen_breaks() else {
        panic!("one hyphen break: {hit:?}");
    };
    assert_eq!(hyphen.without(), Some("http://a.b/"));
    assert!(hyphen.without_valid());
    let hit = one("<URL:http://a.b/x-\n.html>");
    assert!(hit.is_valid());
    assert!(hit.hyphen_breaks()[0].without_valid());
    let hit = one("<URL:ftp://h.c/x;type=a-\n>");
    assert!(!hit.is_valid());
    assert_eq!(hit.hyphen_breaks()[0].without(), Some("ftp://h.c/x;type=a"));
}

#[test]
fn which_hyphens_are_breaks() {
    let breaks = |text: &str| -> Vec<usize> {
        one(text)
            .hyphen_breaks()
            .iter()
            .map(|hyphen| hyphen.offset_in_text())
            .collect()
    };
    // Trailing blanks and a CRLF between the hyphen and the next line.
    assert_eq!(breaks("<URL:http://a.b/c- \t\r\n  d>"), [17]);
    // An old Mac line break.
    assert_eq!(breaks("<URL:http://a.b/c-\rd>"), [17]);
    // Blanks after a hyphen, but no line break: not the typesetter's.
    assert_eq!(breaks("<URL:http://a.b/c-  d>"), [0usize; 0]);
    // A line break after something else.
    assert_eq!(breaks("<URL:http://a.b/c\n-d>"), [0usize; 0]);
    // At the end of the content: the reading without it is a URL too.
    assert_eq!(breaks("<URL:http://a.b/c-\n>"), [17]);
    // Before the fragment: still the URL's hyphen.
    assert_eq!(breaks("<URL:http://a.b/c-\n#top>"), [17]);
    // In the fragment: not reported, kept.
    let hit = one("<URL:http://a.b/c#to-\np>");
    assert!(hit.hyphen_breaks().is_empty());
    assert_eq!(hit.fragment(), Some("to-p"));
    // In an <...> wrapper as well.
    assert_eq!(breaks("<http://a.b/c-\nd>"), [13]);

    // Two breaks: each reading drops its own hyphen only.
    let hit = one("<URL:http://a-\nb.c/d-\ne>");
    assert_eq!(hit.url(), "http://a-b.c/d-e");
    let readings: Vec<(Option<&str>, bool)> = hit
        .hyphen_breaks()
        .iter()
        .map(|hyphen| (hyphen.without(), hyphen.without_valid()))
        .collect();
    assert_eq!(
        readings,
        [
            (Some("http://ab.c/d-e"), true),
            (Some("http://a-b.c/de"), true)
        ]
    );
}

#[test]
fn at_most_so_many_hyphen_breaks_are_reported() {
    let text = format!("<URL:http://a.b/{}x>", "a-\n".repeat(MAX_HYPHEN_BREAKS + 4));
    let hit = one(&text);
    assert_eq!(hit.hyphen_breaks().len(), MAX_HYPHEN_BREAKS);
    assert_eq!(hit.hyphen_breaks()[0].offset_in_text(), 17);
    assert!(hit.is_valid());
}

#[test]
fn bare_urls_lose_trailing_punctuation() {
    let cases = [
        ("See http://a.b/c.", "http://a.b/c"),
        ("http://a.b/c, and", "http://a.b/c"),
        ("http://a.b/c; then", "http://a.b/c"),
        ("at http://a.b/c: it", "http://a.b/c"),
        ("look: http://a.b/c!", "http://a.b/c"),
        ("is it http://a.b/c?", "http://a.b/c"),
        // Repeatedly, whatever the order.
        ("really http://a.b/c?!.", "http://a.b/c"),
        // Only at the end.
        ("http://a.b/c?d=e.f", "http://a.b/c?d=e.f"),
        ("ftp://a.b/c;type=d.", "ftp://a.b/c;type=d"),
        ("news:comp.infosystems.www.", "news:comp.infosystems.www"),
        ("mailto:me@host.dom.", "mailto:me@host.dom"),
        // A "?" of an empty search is punctuation too.
        ("http://a.b/c?", "http://a.b/c"),
    ];
    for (text, url) in cases {
        let hit = one(text);
        assert_eq!(hit.url(), url, "{text:?}");
        assert_eq!(hit.form(), Form::Bare);
        assert_eq!(&text[hit.span()], url, "{text:?}");
        assert!(hit.is_valid(), "{text:?}: {hit:?}");
    }
}

#[test]
fn bare_urls_inside_parentheses_and_brackets() {
    let cases = [
        ("(see http://a.b/c)", "http://a.b/c"),
        ("(see http://a.b/c).", "http://a.b/c"),
        ("(see http://a.b/c.)", "http://a.b/c"),
        ("(http://a.b/f(x))", "http://a.b/f(x)"),
        ("(http://a.b/f(x)).", "http://a.b/f(x)"),
        ("http://a.b/f(x)", "http://a.b/f(x)"),
        ("http://a.b/f(x))", "http://a.b/f(x)"),
        ("((http://a.b/c))", "http://a.b/c"),
        ("[http://a.b/]", "http://a.b/"),
        ("[1] http://a.b/[x]", "http://a.b/[x]"),
        // Section 2.2's delimiters end it.
        ("\"http://a.b/c\"", "http://a.b/c"),
    ];
    for (text, url) in cases {
        let hit = one(text);
        assert_eq!(hit.url(), url, "{text:?}");
        assert_eq!(&text[hit.span()], url, "{text:?}");
    }
}

#[test]
fn where_bare_urls_start_and_end() {
    // The ten schemes of section 3, in any case.
    let hits = extract(
        "ftp://a.b/ http://a.b/ gopher://a.b/ mailto:a@b news:a.b nntp://a.b/c/1 \
         telnet://a.b/ wais://a.b/c?d file://a.b/c prospero://a.b/c HTTP://A.B/ Ftp://a.b/",
    );
    let rules: Vec<_> = hits.iter().map(|hit| hit.verdict()).collect();
    assert_eq!(
        rules,
        [
            Ok(Rule::Ftpurl),
            Ok(Rule::Httpurl),
            Ok(Rule::Gopherurl),
            Ok(Rule::Mailtourl),
            Ok(Rule::Newsurl),
            Ok(Rule::Nntpurl),
            Ok(Rule::Telneturl),
            Ok(Rule::Waisurl),
            Ok(Rule::Fileurl),
            Ok(Rule::Prosperourl),
            Ok(Rule::Httpurl),
            Ok(Rule::Ftpurl),
        ]
    );
    // Other schemes are found only in a wrapper.
    assert!(extract("https://a.b/ and ldap://a.b/").is_empty());
    // A longer scheme name is another scheme.
    assert!(extract("xhttp://a.b/ 1ftp://a.b/ a+news:x a-http://b/ a.http://b/").is_empty());
    // Nothing after the ":" (once punctuation is gone): no URL.
    assert!(extract("the ftp: command, news:. or mailto:?").is_empty());
    // Nor when only slashes follow it.
    assert!(extract("http://<host>:<port>/ \"ftp://\" file:/// (gopher://)").is_empty());
    assert_eq!(urls(&extract("file:///etc/motd")), ["file:///etc/motd"]);
    // The appendix's bare "URL:" prefix is running text before the URL.
    let hit = one("URL:http://a.b/");
    assert_eq!((hit.span(), hit.form()), (4..15, Form::Bare));
    // Whitespace ends it, Unicode's included; line breaks after a hyphen too.
    assert_eq!(urls(&extract("http://a.b/c\u{a0}d")), ["http://a.b/c"]);
    assert_eq!(
        urls(&extract("http://a.b/some-\npath")),
        ["http://a.b/some-"]
    );
    // A URL inside a URL is part of it.
    assert_eq!(
        urls(&extract("http://a.b/?u=http://c.d/")),
        ["http://a.b/?u=http://c.d/"]
    );
    // A fragment is split off.
    let hit = one("see http://a.b/c#top.");
    assert_eq!((hit.url(), hit.fragment()), ("http://a.b/c", Some("top")));
    assert_eq!(hit.span(), 4..20);
    let hit = one("http://a.b/c#");
    assert_eq!((hit.url(), hit.fragment()), ("http://a.b/c", Some("")));
}

#[test]
fn ordinary_angle_brackets_are_not_urls() {
    assert!(extract("<b>bold</b> and <me@host.dom> and <a b:c> and <:x> and <>").is_empty());
    // Not a scheme right after the "<": no wrapper, but a bare URL inside.
    let hit = one("< http://a.b/ >");
    assert_eq!((hit.form(), hit.span()), (Form::Bare, 2..13));
    let hit = one("<a href=\"http://a.b/\">");
    assert_eq!((hit.form(), hit.url()), (Form::Bare, "http://a.b/"));
}

#[test]
fn angle_wrappers_with_a_scheme() {
    let hit = one("Write to <mailto:me@host.dom>.");
    assert_eq!(
        (hit.form(), hit.url(), hit.span()),
        (Form::Angle, "mailto:me@host.dom", 9..29)
    );
    assert_eq!(hit.verdict(), Ok(Rule::Mailtourl));
    // Any scheme: section 2.1's characters, any case.
    let hit = one("<X-Foo+1.2:bar>");
    assert_eq!(
        (hit.form(), hit.verdict()),
        (Form::Angle, Ok(Rule::Otherurl))
    );
    let hit = one("<https://a.b/\n  c#d>");
    assert_eq!((hit.url(), hit.fragment()), ("https://a.b/c", Some("d")));
}

#[test]
fn url_prefix_in_any_case() {
    for text in ["<url:HTTP://X/>", "<Url:HTTP://X/>", "<URL:HTTP://X/>"] {
        let hit = one(text);
        assert_eq!(hit.form(), Form::UrlPrefixed, "{text}");
        assert_eq!(hit.url(), "HTTP://X/");
        assert_eq!(hit.verdict(), Ok(Rule::Httpurl));
        assert_eq!(hit.span(), 0..text.len());
    }
    // Whitespace after the prefix is ignored like any other inside.
    let hit = one("<URL:\n   ftp://a.b/>");
    assert_eq!(hit.url(), "ftp://a.b/");
    assert_eq!(hit.text_offset(0), 9);
}

#[test]
fn invalid_hits_point_into_the_text() {
    let text = "Try\n  <URL:http://host:8\n   a/> now.";
    let hit = one(text);
    assert_eq!(hit.url(), "http://host:8a/");
    let error = hit.verdict().unwrap_err();
    assert_eq!((error.rule(), error.offset()), (Rule::Httpurl, 13));
    let at = hit.text_offset(error.offset());
    assert_eq!(&text[at..at + 1], "a");
    assert_eq!(line_column(text, at), (3, 4));
    assert_eq!(hit.text_position(error.offset()), Position::new(3, 4));
    assert_eq!((hit.line(), hit.column()), (2, 3));

    // "found end of input": just after the URL, at its ">" or "#".
    let text = "<URL:http:/>";
    let hit = one(text);
    let error = hit.verdict().unwrap_err();
    assert_eq!(error.found(), Found::EndOfInput);
    assert_eq!(hit.text_offset(error.offset()), text.len() - 1);
    let text = "<URL:http://host:#x>";
    let hit = one(text);
    let error = hit.verdict().unwrap_err();
    assert_eq!(&text[hit.text_offset(error.offset())..], "#x>");

    // A bare URL maps one to one.
    let text = "go to http://host:8a/ now";
    let hit = one(text);
    let error = hit.verdict().unwrap_err();
    assert_eq!(hit.text_offset(error.offset()), 6 + 13);
    // Offsets past the end are the end.
    assert_eq!(hit.text_offset(usize::MAX), hit.span().end);

    // An empty URL maps to where the content starts.
    let hit = one("x <URL:> y");
    assert_eq!(hit.url(), "");
    assert_eq!(hit.verdict().unwrap_err().offset(), 0);
    assert_eq!(hit.text_offset(0), 7);
    assert_eq!(hit.text_position(0), Position::new(1, 8));
    let hit = one("<URL: \n >");
    assert_eq!((hit.url(), hit.text_offset(5)), ("", 5));
    assert_eq!(hit.text_position(5), Position::new(1, 6));
}

#[test]
fn errors_shown_in_the_text() {
    let text = "The archive is at\n  <URL:ftp://ds.internic.net/rfc/rfc1738.txt;\n   type=x> and\nsee also http://host.dom/a|b.\n";
    let mut shown = String::new();
    for hit in extract(text) {
        let Err(error) = hit.verdict() else {
            continue;
        };
        let at = hit.text_offset(error.offset());
        let (line, column) = line_column(text, at);
        let source = text.lines().nth(line - 1).unwrap();
        shown += &format!(
            "{line}:{column}: {} in {:?}\n{source}\n{}^\n",
            error.message(),
            hit.url(),
            " ".repeat(column - 1),
        );
    }
    snapshots().bind(|| insta::assert_snapshot!("extract_errors_in_text", shown));
}

#[test]
fn unclosed_wrappers_are_running_text() {
    // No ">": the bare URL inside is found.
    let hit = one("<URL:http://a.b/ and more");
    assert_eq!((hit.form(), hit.span()), (Form::Bare, 5..16));
    // Another "<" first: the first is unclosed, the second a hit.
    let hits = extract("<URL:http://a/ <URL:http://b/>");
    let forms: Vec<_> = hits.iter().map(|hit| (hit.form(), hit.url())).collect();
    assert_eq!(
        forms,
        [(Form::Bare, "http://a/"), (Form::UrlPrefixed, "http://b/")]
    );
    assert!(extract("<").is_empty());
    assert!(extract("<URL:").is_empty());
    assert!(
        extract("x <URL:https://a.b/").is_empty(),
        "https is not bare"
    );
    let hit = one("end <URL:http://a.b/");
    assert_eq!(hit.span(), 9..20);
}

#[test]
fn stray_and_nested_brackets_do_not_hide_later_urls() {
    let text = "a > b <URL:http://a.b/> c < d <http://e.f/> >> <<URL:ftp://g.h/>>";
    let hits = extract(text);
    assert_eq!(urls(&hits), ["http://a.b/", "http://e.f/", "ftp://g.h/"]);
    assert_eq!(&text[hits[2].span()], "<URL:ftp://g.h/>");
}

#[test]
fn empty_and_blank_input() {
    assert!(extract("").is_empty());
    assert!(extract(" \n\t\r\n").is_empty());
}

#[test]
fn non_ascii_text_around_urls() {
    let text = "Voilà « <URL:http://a.b/c> » — ähttp://x.y/ und\nüber: http://a.b/d。";
    let hits = extract(text);
    assert_eq!(urls(&hits), ["http://a.b/c", "http://x.y/", "http://a.b/d"]);
    // Columns count characters, not bytes.
    let places: Vec<_> = hits.iter().map(|hit| (hit.line(), hit.column())).collect();
    assert_eq!(places, [(1, 9), (1, 33), (2, 7)]);
    for hit in &hits {
        assert_eq!(
            line_column(text, hit.span().start),
            (hit.line(), hit.column())
        );
    }
    // "ä" is no scheme character, so the URL starts right after it. "。"
    // ends a sentence, and the bare URL before it; a letter outside ASCII
    // is part of the URL, which it makes invalid.
    assert!(hits[2].is_valid());
    let hit = one("see http://a.b/dé.");
    let error = hit.verdict().unwrap_err();
    assert_eq!(error.found(), Found::Char('é'));
    assert_eq!(
        &"see http://a.b/dé."[hit.text_offset(error.offset())..],
        "é."
    );
    // Non-ASCII inside a wrapper maps back byte for byte.
    let text = "<URL:http://a.b/é\n  ü>";
    let hit = one(text);
    assert_eq!(hit.url(), "http://a.b/éü");
    assert_eq!(&text[hit.text_offset(hit.url().len() - 2)..], "ü>");
}

#[test]
fn a_url_at_the_very_end() {
    let text = "see http://a.b/c";
    assert_eq!(one(text).span(), 4..text.len());
    let text = "see <URL:http://a.b/c>";
    assert_eq!(one(text).span(), 4..text.len());
    let text = "http://a.b/c.";
    assert_eq!(one(text).span(), 0..text.len() - 1);
    assert_eq!(urls(&extract("mailto:x")), ["mailto:x"]);
}

#[test]
fn long_inputs_take_linear_time() {
    // Quadratic work on any of these would take minutes.
    let unclosed = "<URL:http://a.b/c ".repeat(200_000);
    assert_eq!(extract(&unclosed).len(), 200_000);
    let opens = "<".repeat(2_000_000);
    assert!(extract(&opens).is_empty());
    let one_wrapper = format!("<URL:http://a.b/{}>", "x-\n".repeat(500_000));
    let hit = one(&one_wrapper);
    assert_eq!(hit.hyphen_breaks().len(), MAX_HYPHEN_BREAKS);
    assert_eq!(hit.more_hyphen_breaks(), 500_000 - MAX_HYPHEN_BREAKS);
    let one_line = "http://a.b/ ".repeat(200_000);
    let hits = extract(&one_line);
    assert_eq!(hits.last().unwrap().column(), 12 * 199_999 + 1);
    let punctuation = format!("http:{}", ".".repeat(1_000_000));
    assert!(extract(&punctuation).is_empty());
    let parentheses = format!("http://a.b/{}", ")".repeat(1_000_000));
    assert_eq!(urls(&extract(&parentheses)), ["http://a.b/"]);
    // Bracketed URLs with no whitespace between them: each ends at its
    // closing bracket, and the search reads on from there, not past it.
    for bracketed in ["(http://a.b/)", "[http://a.b/]"] {
        let text = bracketed.repeat(100_000);
        let hits = extract(&text);
        assert_eq!(hits.len(), 100_000, "{bracketed}");
        assert_eq!(hits.last().unwrap().url(), "http://a.b/", "{bracketed}");
    }
    // Where each character of a URL of a million, spaced, stands in the
    // text: `text_offset` for each would read the hit a million times.
    let spaced = format!("<URL:http://a.b/{}>", "x \n".repeat(1_000_000));
    let hit = one(&spaced);
    let mut last = None;
    for c in hit.url_chars() {
        assert_eq!(&spaced[c.in_text()], &hit.url()[c.in_url()]);
        last = Some(c);
    }
    let last = last.expect("characters");
    assert_eq!(last.in_url().end, hit.url().len());
    assert_eq!(last.position(), rfc1738::Position::new(1_000_000, 1));
}

/// `rule` and `error` are the verdict's two sides.
#[test]
fn rule_and_error_are_the_verdict() {
    let text = "<URL:ftp://h/ok> news:a.b http://h:8a/ <URL:ftp://h/%zz> <URL:>";
    let hits = extract(text);
    assert_eq!(hits.len(), 5);
    for hit in &hits {
        assert_eq!(hit.rule(), hit.verdict().ok(), "{hit:?}");
        assert_eq!(hit.error(), hit.verdict().err(), "{hit:?}");
        assert_eq!(hit.rule().is_some(), hit.is_valid());
        assert_ne!(hit.rule().is_some(), hit.error().is_some());
    }
    let rules: Vec<_> = hits.iter().map(Extracted::rule).collect();
    assert_eq!(
        rules,
        [Some(Rule::Ftpurl), Some(Rule::Newsurl), None, None, None]
    );
    let error = hits[3].error().unwrap();
    assert_eq!((error.rule(), error.offset()), (Rule::Ftpurl, 9));
}

#[test]
fn an_extractor_debug_shows_neither_its_text_nor_its_passwords() {
    let text = format!("ftp://me:secret@a/ {}", "x".repeat(100_000));
    let mut hits = rfc1738::extract::extract_iter(&text);
    let debug = format!("{hits:?}");
    assert_eq!(debug, "Extractor { at: 0, len: 100019, .. }");
    assert_eq!(hits.next().map(|hit| hit.span()), Some(0..18));
    assert_eq!(format!("{hits:#?}").lines().nth(1), Some("    at: 18,"));
    let bytes = extract_bytes_iter(b"http://u:pw@h/");
    assert!(!format!("{bytes:?}").contains("pw"));
}

/// Pieces of text that exercise the extractor's decisions.
fn token() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "<", ">", "<URL:", "<url:", "http://", "ftp:", "news:", "x:", "a.b", "/", "#", "-", "-\n",
        " ", "\n", "\r\n", "\t", ".", ",", ")", "(", "]", "[", "\"", "é", "。", "\u{a0}", "%2F",
        ":", "8", "@",
    ])
}

proptest! {
    #[test]
    fn hits_are_sound(tokens in prop::collection::vec(token(), 0..40)) {
        let text: String = tokens.concat();
        let hits = extract(&text);
        let mut previous_end = 0;
        for hit in &hits {
            let span = hit.span();
            prop_assert!(previous_end <= span.start && span.start < span.end);
            prop_assert!(span.end <= text.len());
            previous_end = span.end;
            prop_assert_eq!(line_column(&text, span.start), (hit.line(), hit.column()));
            // Every byte of the URL maps back to the same byte of the text,
            // inside the occurrence.
            for (index, byte) in hit.url().bytes().enumerate() {
                let at = hit.text_offset(index);
                prop_assert!(span.contains(&at));
                prop_assert_eq!(text.as_bytes()[at], byte);
            }
            prop_assert!(hit.text_offset(hit.url().len()) <= span.end);
            // Read at once, each character of the URL is where the text
            // has it, and where `text_offset` and `text_position` say.
            let mut covered = 0;
            for c in hit.url_chars() {
                prop_assert_eq!(c.in_url().start, covered);
                covered = c.in_url().end;
                prop_assert_eq!(&text[c.in_text()], &hit.url()[c.in_url()]);
                prop_assert_eq!(hit.text_offset(c.in_url().start), c.in_text().start);
                let position = c.position();
                prop_assert_eq!(
                    (position.line(), position.column()),
                    line_column(&text, c.in_text().start)
                );
                prop_assert_eq!(hit.text_position(c.in_url().start), position);
            }
            prop_assert_eq!(covered, hit.url().len());
            // Every character of the URL, and its end, is where the text
            // says, counted from the text's start.
            for index in (0..=hit.url().len()).filter(|&i| hit.url().is_char_boundary(i)) {
                let position = hit.text_position(index);
                prop_assert_eq!(
                    (position.line(), position.column()),
                    line_column(&text, hit.text_offset(index))
                );
            }
            prop_assert_eq!(hit.is_valid(), rfc1738::is_valid(hit.url()));
            let joined = match hit.fragment() {
                Some(fragment) => format!("{}#{fragment}", hit.url()),
                None => hit.url().to_owned(),
            };
            prop_assert_eq!(hit.url_with_fragment(), joined);
            if let Err(error) = hit.verdict() {
                prop_assert!(text.is_char_boundary(hit.text_offset(error.offset())));
            }
            for hyphen in hit.hyphen_breaks() {
                prop_assert_eq!(text.as_bytes()[hyphen.offset_in_text()], b'-');
                prop_assert_eq!(hit.text_offset(hyphen.offset_in_url()), hyphen.offset_in_text());
                let mut without = hit.url().to_owned();
                without.remove(hyphen.offset_in_url());
                prop_assert_eq!(hyphen.without(), Some(without.as_str()));
                prop_assert_eq!(hyphen.without_valid(), rfc1738::is_valid(&without));
            }
        }
    }
}

/// Pieces of bytes: the tokens, and bytes that are not UTF-8 (a lone byte,
/// a character cut short).
fn byte_token() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        4 => token().prop_map(|token| token.as_bytes().to_vec()),
        1 => prop::sample::select(vec![
            b"\xff".to_vec(),
            b"\xe9".to_vec(),
            b"\xe6\x97".to_vec(),
            b"\xf0\x9f\x98".to_vec(),
        ]),
    ]
}

proptest! {
    /// The bytes are searched as their lossy text would be, with offsets
    /// in the bytes, and an error on a bad byte named as `check_bytes`
    /// names it.
    #[test]
    fn bytes_are_searched_as_their_lossy_text(tokens in prop::collection::vec(byte_token(), 0..40)) {
        let bytes = tokens.concat();
        let lossy = String::from_utf8_lossy(&bytes);
        let from_bytes: Vec<_> = extract_bytes_iter(&bytes).collect();
        let from_text = extract(&lossy);
        prop_assert_eq!(from_bytes.len(), from_text.len());
        for (hit, expected) in from_bytes.iter().zip(&from_text) {
            prop_assert_eq!(hit.url(), expected.url());
            prop_assert_eq!(hit.fragment(), expected.fragment());
            prop_assert_eq!(hit.form(), expected.form());
            prop_assert_eq!(hit.position(), expected.position());
            prop_assert_eq!(hit.is_valid(), expected.is_valid());
            let read = String::from_utf8_lossy(&bytes[hit.span()]);
            prop_assert_eq!(read.as_ref(), &lossy[expected.span()]);
            for offset in 0..=hit.url().len() {
                prop_assert_eq!(hit.text_position(offset), expected.text_position(offset));
            }
            // Each character as the lossy text's hit has it, but for the
            // U+FFFD of bad bytes, which stand for those bytes.
            for (c, lossy_c) in hit.url_chars().zip(expected.url_chars()) {
                prop_assert_eq!((c.in_url(), c.position()), (lossy_c.in_url(), lossy_c.position()));
                let read = String::from_utf8_lossy(&bytes[c.in_text()]);
                prop_assert_eq!(read.as_ref(), &hit.url()[c.in_url()]);
                prop_assert_eq!(hit.text_offset(c.in_url().start), c.in_text().start);
            }
            prop_assert_eq!(hit.url_chars().count(), expected.url_chars().count());
            if let Err(error) = hit.verdict() {
                let expected_error = expected.verdict().unwrap_err();
                prop_assert_eq!(error.offset(), expected_error.offset());
                let at = hit.text_offset(error.offset());
                let byte = match std::str::from_utf8(&bytes[at..]) {
                    Err(bad) if bad.valid_up_to() == 0 => Some(bytes[at]),
                    _ => None,
                };
                let named = match byte {
                    Some(byte) => Found::Byte(byte),
                    None => expected_error.found(),
                };
                prop_assert_eq!(error.found(), named);
            }
        }
    }
}
