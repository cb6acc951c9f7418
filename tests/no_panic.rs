//! Nothing panics on any input: arbitrary bytes through every public entry
//! point. (`cli/tests/no_panic.rs` does the same through the command line.)

use proptest::prelude::*;
use rfc1738::bnf::{Grammar, Matcher};
use rfc1738::url::decode;
use rfc1738::{
    Rule, check, check_bytes, check_prefix, extract, is_valid, lint, parse, parse_prefix,
    parse_rule, scheme_rule,
};

/// Bytes that look like URLs often enough to go deep: pieces of the grammar,
/// unsafe characters, controls, non-ASCII and anything at all.
fn url_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(b"http://".to_vec()),
        Just(b"ftp://".to_vec()),
        Just(b"gopher://".to_vec()),
        Just(b"news:".to_vec()),
        Just(b"wais://".to_vec()),
        Just(b"prospero://".to_vec()),
        Just(b"file://".to_vec()),
        Just(b"%09".to_vec()),
        Just(b";type=".to_vec()),
        Just(b"%".to_vec()),
        prop::collection::vec(any::<u8>(), 0..4),
        "[a-zA-Z0-9:/@.?;=&%#~ -]{0,6}".prop_map(String::into_bytes),
    ];
    prop::collection::vec(piece, 0..12).prop_map(|pieces| pieces.concat())
}

/// An error shown, then shown with its password hidden.
fn hidden(mut error: rfc1738::Error) {
    let _ = error.to_string();
    let _ = error.hints();
    let span = error.password_span();
    if let Some(span) = span {
        assert!(span.start <= span.end, "{error:?}");
    }
    error.hide_password();
    let _ = error.to_string();
    let _ = error.message();
    let _ = error.hints();
}

/// Every library entry point on `data`.
fn every_entry_point(data: &[u8]) {
    if let Err(error) = check_bytes(None, data) {
        hidden(error);
    }
    for rule in [Rule::Url, Rule::Hostport, Rule::Gopherurl, Rule::Xchar] {
        let _ = check_bytes(Some(rule), data);
    }
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    let _ = scheme_rule(text);
    let _ = is_valid(text);
    match parse(text) {
        Ok(url) => {
            let _ = url.to_string();
            let _ = lint::lint(&url);
            let _ = url.canonical();
            if let Ok(parts) = url.to_parts() {
                let _ = parts.build();
            }
            let _ = url.effective_port();
            let _ = url.password_span();
        }
        Err(error) => hidden(error),
    }
    if let Ok(matched) = check(text) {
        let _ = matched.tree();
    }
    let _ = check_prefix(text);
    let rule = Rule::ALL[data.first().map_or(0, |&b| usize::from(b)) % Rule::COUNT];
    match parse_rule(rule, text) {
        Ok(matched) => {
            let _ = matched.tree();
            let _ = matched.password_span();
        }
        Err(error) => hidden(error),
    }
    let _ = parse_prefix(rule, text);
    let _ = extract::extract(text);
    let _ = decode(text).to_string_lossy();
    let grammar = Grammar::rfc1738();
    if let Some(production) = grammar.get(rule.name()) {
        let _ = Matcher::new(grammar).check(production, text);
    }
    let _ = Grammar::parse(text);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn no_entry_point_panics_on_url_like_bytes(data in url_bytes()) {
        every_entry_point(&data);
    }

    #[test]
    fn no_entry_point_panics_on_any_bytes(data in prop::collection::vec(any::<u8>(), 0..64)) {
        every_entry_point(&data);
    }
}
