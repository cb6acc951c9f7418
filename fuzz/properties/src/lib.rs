//! The properties the fuzz targets check, shared by the cargo-fuzz targets
//! of `fuzz/` (nightly) and by `tests/replay.rs`, which replays the fuzz
//! corpus and every past crash inside `cargo test` on the stable toolchain.
//!
//! Each function panics when a property fails, which is how a fuzzer
//! notices. They use only `rfc1738`'s public API.

#![forbid(unsafe_code)]

use std::cell::RefCell;
use std::sync::OnceLock;

use rfc1738::bnf::{Grammar, Matcher};
use rfc1738::coverage::Coverage;
use rfc1738::url::{
    BuildError, Decoded, FileParts, FtpParts, GopherParts, HttpParts, MailtoParts, NewsParts,
    NntpParts, OtherParts, Parts, ProsperoParts, TelnetParts, Typecode, Userinfo, WaisForm,
    WaisParts,
};
use rfc1738::{
    Derivation, Match, Rule, UrlBuf, check, check_bytes, check_prefix, extract, is_valid, lint,
    parse, parse_prefix, parse_rule,
};

// The tests' oracle of what an http URL means, one file for both.
#[path = "../../../tests/common/http_meaning.rs"]
mod http_meaning;
use http_meaning::http_meaning;

/// The rule a fuzz input's first byte selects, and the rest of the input.
fn rule_and_rest(data: &[u8]) -> Option<(Rule, &[u8])> {
    let (&first, rest) = data.split_first()?;
    Some((Rule::ALL[usize::from(first) % Rule::COUNT], rest))
}

/// Children lie inside their parent, in order, without overlap.
fn assert_well_formed(node: &Derivation<'_>) {
    let span = node.span();
    let mut at = span.start;
    for child in node.children() {
        assert!(child.span().start >= at && child.span().end <= span.end);
        at = child.span().end;
        assert_well_formed(child);
    }
}

/// `parse`: no panic; an accepted input's `Display` is the input and every
/// other reading agrees; a rejected input's error points inside it, after a
/// prefix that is viable, says nothing that depends on what follows the
/// character found there, and renders.
pub fn parse_target(data: &[u8]) {
    let Ok(input) = core::str::from_utf8(data) else {
        let error = check_bytes(None, data).expect_err("bytes that are not UTF-8 are no URL");
        assert!(error.offset() <= data.len());
        assert!(!error.to_string().contains('\n'), "one line");
        let _ = format!("{error:#}");
        return;
    };
    match parse(input) {
        Ok(url) => {
            assert_eq!(url.to_string(), input, "Display reproduces the input");
            assert!(is_valid(input));
            assert_eq!(check(input).map(|m| m.rule()), Ok(url.rule()));
            assert_eq!(check_bytes(None, data), Ok(url.rule()));
            // The password, where there is one, is a span of the input, and
            // the URL and its match agree on it.
            let password = url.password_span();
            assert_span(input, password.clone());
            assert_eq!(check(input).expect("valid").password_span(), password);
            let warnings = lint::lint(&url);
            for warning in &warnings {
                assert!(warning.offset() < input.len());
                let shown = warning.diagnostic().hide_password(true).to_string();
                assert_hidden(input, &passwords(input, password.clone()), &shown);
            }
            // Every semantic error is a warning of its own, in the same
            // order, its message first.
            let warned: Vec<&str> = warnings
                .iter()
                .filter(|warning| warning.code().is_semantic_error())
                .map(|warning| warning.message())
                .collect();
            let errors = url.semantic_errors();
            assert_eq!(warned.len(), errors.len(), "{input}");
            for (message, error) in warned.iter().zip(&errors) {
                assert!(
                    message.starts_with(&error.to_string()),
                    "{input}: {message}"
                );
            }
            // What the URL means: none of it may panic.
            let _ = url.effective_port();
            // The canonical form is a URL of the same rule, its own canonical
            // form, with the same effective port. An other scheme's part with
            // no login may gain one, host and port, as its escapes are
            // decoded (`x://ho%73t:99999/`): its port is then the decoded
            // URL's (`Url::canonical` says so).
            let canonical = url.canonical();
            let again = parse(&canonical).unwrap_or_else(|error| panic!("{canonical:?}: {error}"));
            assert_eq!(again.rule(), url.rule(), "{canonical:?}");
            assert_eq!(again.canonical(), canonical);
            if url.login().is_some() || url.rule() != Rule::Otherurl {
                assert_eq!(
                    again.effective_port(),
                    url.effective_port(),
                    "{canonical:?}"
                );
            }
            assert_canonical_is_the_parts(input, &url, &canonical);
            // Section 6: no decoded part may end a protocol line early. An
            // FTP command's argument holds no CR or LF; a gopher request
            // ends with its one CR LF, and holds no other CR, LF, or TAB
            // beyond the two that separate its fields.
            if let rfc1738::Url::Ftp(ftp) = &url
                && let Ok(commands) = ftp.commands()
            {
                for command in commands {
                    assert!(!command.argument().contains(&b'\r'), "{command}");
                    assert!(!command.argument().contains(&b'\n'), "{command}");
                }
            }
            if let rfc1738::Url::Gopher(gopher) = &url
                && let Ok(request) = gopher.request()
            {
                let line = request
                    .strip_suffix(b"\r\n")
                    .expect("a request ends with CR LF");
                assert!(!line.contains(&b'\r') && !line.contains(&b'\n'), "{input}");
                assert!(
                    line.iter().filter(|&&byte| byte == b'\t').count() <= 2,
                    "{input}"
                );
            }
            assert_parts_keep_the_meaning(input, &url);
            let tree = check(input).expect("valid").tree();
            assert_eq!(tree.span(), 0..input.len());
            assert_well_formed(&tree);
        }
        Err(error) => {
            assert!(!is_valid(input));
            let offset = error.offset();
            assert!(offset <= input.len() && input.is_char_boundary(offset));
            // The path runs from the rule down, never empty.
            assert_eq!(error.path().first(), Some(&error.rule()), "{input:?}");
            // The prefix before the error can still become a URL of the rule.
            let prefix = &input[..offset];
            if let Err(earlier) = check_bytes(None, prefix.as_bytes()) {
                assert_eq!(earlier.rule(), error.rule(), "{prefix:?}");
                assert_eq!(earlier.offset(), prefix.len(), "{prefix:?} is viable");
            }
            assert_located(input, &error);
            let line = error.to_string();
            assert!(!line.contains('\n'), "one line: {line}");
            let rendered = format!("{error:#}");
            for shown in [&line, &rendered] {
                assert!(!shown.contains('\u{1b}'), "nothing reaches a terminal raw");
            }
            let _ = error.hints();
            assert_window_bounded(&rendered);
            assert_span(input, error.password_span());
            assert_password_hidden(input, &error);
            assert_said_alike(input, &error, |input| parse(input).err());
            assert_hidden_alike(input, &error, |input| parse(input).err());
            // The longest prefix the rule's combinator matches is a URL of
            // its own, no longer than the longest viable prefix.
            if let Some(tree) = check_prefix(input) {
                assert_eq!(tree.span().start, 0);
                assert!(tree.span().end <= offset, "{input:?}");
                assert!(check(tree.text()).is_ok(), "{input:?}: {:?}", tree.text());
            }
        }
    }
}

/// A diagnostic's excerpt is as wide as its window, whatever the line
/// holds: 60 columns each side of the offset, the offset's character
/// (escaped, at most 10), and `…` at each end; a character takes at least
/// a column, so it has at most as many characters.
fn assert_window_bounded(rendered: &str) {
    for line in rendered.lines() {
        let Some((number, excerpt)) = line.split_once(" | ") else {
            continue;
        };
        if !number.is_empty() && number.bytes().all(|byte| byte.is_ascii_digit()) {
            let width = excerpt.chars().count();
            assert!(width <= 60 + 10 + 60 + 2, "{width} characters: {line}");
        }
    }
}

/// A URL of a scheme of section 3 that has parts: its canonical form keeps
/// them and is the builder's spelling of them, hosts in lower case and a
/// default port dropped (D34), so that URLs with the same parts share it.
fn assert_canonical_is_the_parts(input: &str, url: &rfc1738::Url<'_>, canonical: &str) {
    let (Ok(parts), Ok(again)) = (url.to_parts(), parse(canonical)) else {
        return;
    };
    if matches!(parts, Parts::Other(_)) {
        return;
    }
    let parts = compared(parts, url.default_port());
    assert_eq!(
        again
            .to_parts()
            .map(|again| compared(again, url.default_port())),
        Ok(parts.clone()),
        "{input:?} → {canonical:?}"
    );
    let built = parts
        .build()
        .unwrap_or_else(|error| panic!("{input:?} → {parts:?}: {error}"));
    assert_eq!(canonical, built.as_str(), "{input:?}");
}

/// Parts as the canonical form compares them: hosts in lower case (not a
/// news article's, part of a message-id), a port that is `default` none.
fn compared(mut parts: Parts<'_>, default: Option<u16>) -> Parts<'_> {
    let (host, port) = match &mut parts {
        Parts::Http(p) => (&mut p.host, Some(&mut p.port)),
        Parts::Ftp(p) => (&mut p.host, Some(&mut p.port)),
        Parts::Nntp(p) => (&mut p.host, Some(&mut p.port)),
        Parts::Telnet(p) => (&mut p.host, Some(&mut p.port)),
        Parts::Gopher(p) => (&mut p.host, Some(&mut p.port)),
        Parts::Wais(p) => (&mut p.host, Some(&mut p.port)),
        Parts::Prospero(p) => (&mut p.host, Some(&mut p.port)),
        Parts::File(FileParts {
            host: Some(host), ..
        }) => (host, None),
        _ => return parts,
    };
    *host = host.to_ascii_lowercase().into();
    if let Some(port) = port
        && *port == default
    {
        *port = None;
    }
    parts
}

/// URL → parts → URL: a URL's parts build, to a URL of the same rule with
/// the same parts; an http URL's reserved characters stand where they
/// stood, as [`http_meaning()`] reads them.
fn assert_parts_keep_the_meaning(input: &str, url: &rfc1738::Url<'_>) {
    // A port beyond 65535 or an article number beyond 64 bits has no parts.
    let Ok(parts) = url.to_parts() else {
        return;
    };
    let built = parts
        .build()
        .unwrap_or_else(|error| panic!("{input:?} → {parts:?}: {error}"));
    let again = built.as_url();
    assert_eq!(again.rule(), url.rule(), "{input:?} → {built:?}");
    assert_eq!(again.to_parts(), Ok(parts), "{input:?} → {built:?}");
    if url.rule() == Rule::Httpurl {
        assert_eq!(
            http_meaning(built.as_str()),
            http_meaning(input),
            "{input:?} → {built:?}"
        );
    }
}

/// A password's span, if there is one, is a slice of `input`: in order,
/// within it, between char boundaries.
fn assert_span(input: &str, span: Option<core::ops::Range<usize>>) {
    if let Some(span) = span {
        assert!(
            span.start <= span.end && span.end <= input.len(),
            "{span:?}"
        );
        assert!(
            input.get(span.clone()).is_some(),
            "{span:?} between char boundaries"
        );
    }
}

/// With its passwords hidden, nothing a rejected input's error shows (its
/// line, its diagnostic, its hints) gives one away ([`assert_hidden`]).
fn assert_password_hidden(input: &str, error: &rfc1738::Error) {
    let mut hidden = error.clone();
    hidden.hide_password();
    let mut shown = format!("{hidden}\n{hidden:#}\n");
    for hint in hidden.hints() {
        shown.push_str(hint.message());
    }
    assert_hidden(input, &passwords(input, error.password_span()), &shown);
}

/// The error's nom_locate span of a short input starts at the offset and
/// holds the rest of the input; the error's position is the span's, and
/// `Position::of` counts it alike.
fn assert_located(input: &str, error: &rfc1738::Error) {
    let at = rfc1738::Position::of(input, error.offset());
    assert_eq!(error.position(), at, "{input:?}");
    match error.span() {
        Some(span) => {
            assert_eq!(span.location_offset(), error.offset(), "{input:?}");
            assert_eq!(*span.fragment(), &input[error.offset()..], "{input:?}");
            assert_eq!(rfc1738::Position::from(&span), at, "{input:?}");
        }
        None => assert!(input.len() > 4096, "{input:?}: a short input's span"),
    }
}

/// What an error says depends on nothing after the character found at its
/// offset (D19): `input` cut after that character, or with what follows it
/// replaced, has an error by `again` at the same offset, expecting the same
/// in the same productions, with the same message. (Its hints may read
/// further: D22.)
fn assert_said_alike(
    input: &str,
    error: &rfc1738::Error,
    again: impl Fn(&str) -> Option<rfc1738::Error>,
) {
    let said = |error: &rfc1738::Error| {
        (
            error.offset(),
            error.expected().to_vec(),
            error.path().to_vec(),
            error.message(),
        )
    };
    let Some(found) = input[error.offset()..].chars().next() else {
        return;
    };
    let kept = &input[..error.offset() + found.len_utf8()];
    // Cut; then what the grammar reads further on: a `%09` that may end a
    // gopher selector, a login's `@`, a path.
    for tail in ["", "%09", "x%09y", ":@h/%09"] {
        let other = format!("{kept}{tail}");
        let Some(again) = again(&other) else {
            panic!("{input:?}: {other:?} is accepted");
        };
        assert_eq!(said(&again), said(error), "{input:?}: {other:?}");
    }
}

/// What an error's excerpt shows of a hidden password depends on how many
/// characters it has, never on which (a wide one, a control character
/// shown as its escape): `input` with every hidden character after the
/// offset's written as `*` has an error by `again` at the same offset (D19:
/// the offset depends on what stands before it and there), and where its
/// passwords hide the same characters, its diagnostic, passwords hidden,
/// quotes the same excerpt, caret, label and location. With the input's
/// own password written as `*` before the offset too, it says the same
/// ([`assert_told_alike`]).
fn assert_hidden_alike(
    input: &str,
    error: &rfc1738::Error,
    again: impl Fn(&str) -> Option<rfc1738::Error>,
) {
    assert_told_alike(input, error, &again);
    let spans = passwords(input, error.password_span());
    let after = input[error.offset()..]
        .chars()
        .next()
        .map_or(input.len(), |c| error.offset() + c.len_utf8());
    let hidden_after = |at: usize| at >= after && spans.iter().any(|span| span.contains(&at));
    if !input
        .char_indices()
        .any(|(at, c)| hidden_after(at) && c != '*')
    {
        return;
    }
    let masked: String = input
        .char_indices()
        .map(|(at, c)| {
            if hidden_after(at) && c != '\n' {
                '*'
            } else {
                c
            }
        })
        .collect();
    let Some(other) = again(&masked) else {
        panic!("{input:?}: {masked:?} is accepted");
    };
    assert_eq!(other.offset(), error.offset(), "{input:?}: {masked:?}");
    // Which characters the passwords hide, counted in characters: the same
    // in both, or nothing to compare.
    let hidden_chars = |text: &str, spans: &[core::ops::Range<usize>]| -> Vec<bool> {
        text.char_indices()
            .map(|(at, _)| spans.iter().any(|span| span.contains(&at)))
            .collect()
    };
    let other_spans = passwords(&masked, other.password_span());
    if hidden_chars(input, &spans) != hidden_chars(&masked, &other_spans) {
        return;
    }
    let excerpt = |error: &rfc1738::Error| -> String {
        let mut hidden = error.clone();
        hidden.hide_password();
        let rendered = format!("{hidden:#}");
        // From the location to the notes: the window, the caret and the
        // label under it, what is expected there ([`assert_said_alike`]).
        let lines = rendered.lines().skip(1);
        let lines = lines.take_while(|line| !line.trim_start().starts_with("= "));
        lines.collect::<Vec<_>>().join("\n")
    };
    assert_eq!(excerpt(error), excerpt(&other), "{input:?}: {masked:?}");
}

/// What an error says of an input with a hidden password depends on the
/// passwords' characters only as far as the caret's column shows (D24):
/// where its offset lies past the first character of a password, the
/// input's own or one written further in its line, up to its end, `input`
/// with every hidden character but the offset's written as `*` (before the
/// offset, read by the grammar, they are ASCII: the offset stays) has,
/// wherever its error is at the same offset and its passwords hide the
/// same characters, an error that says the same, passwords hidden: its
/// line, its whole diagnostic (message, label, path, definition, hints),
/// the hints' codes, what it expects and its path. What was expected there
/// read the characters before it (`ftp://me:a%"b@h/`, `expected hex`;
/// `http://h/a//me:p%"w@h/` too); a hint read a `/` in the password after
/// the offset (`http://me:ab/d@h/` was not told that an http URL allows no
/// user name, `http://me:****@h/` was). It is told what the grammar
/// expects after every password's characters before the offset as `*`s,
/// whichever password a guess takes them for (finding 12: the own
/// password's guess ran to an `@` that a decoded reading hides too, and the
/// same line with that `@` a `*` had no own password there). So does the
/// input with only its hidden characters after the offset written as `*`,
/// and with those at and after it: what follows the character found counts
/// for nothing, nor does the hidden character found (the guess of a
/// password could end at a hidden `@` there, or two `@`s further as a
/// hidden character after them was one, and the `@` was listed as expected
/// or not: `ftp://%2F:a@@:b@1%40/`).
fn assert_told_alike(
    input: &str,
    error: &rfc1738::Error,
    again: &impl Fn(&str) -> Option<rfc1738::Error>,
) {
    let own = error.password_span();
    let offset = error.offset();
    let spans = passwords(input, own.clone());
    let past = |span: &core::ops::Range<usize>| span.start < offset && offset <= span.end;
    // Past every password's end, what was expected is what the
    // alternatives that read them reach there with, and which reach there
    // may turn on what they hold (a `/` in `telnet://u:a/b@\x18` ends the
    // telnet URL's login, and only the other URL reads on to the `\x18`):
    // as whether the input is valid may. Before the own (D19) and in one,
    // nothing they hold is read.
    let within = own.as_ref().is_some_and(past) || spans.iter().any(past);
    let before_own = own.as_ref().is_some_and(|own| offset <= own.start);
    let in_spans = |at: usize| spans.iter().any(|span| span.contains(&at));
    // What follows the character found counts for nothing, hidden (D19;
    // the hints read it starred): the error stays where it is. Nor does the
    // hidden character found, where the error stays with it a `*` (the
    // guess of a password may end there or further as it is an `@` or not).
    told_alike_masked(input, error, again, &spans, |at| {
        at > offset && in_spans(at)
    });
    told_alike_masked(input, error, again, &spans, |at| {
        at >= offset && in_spans(at)
    });
    if !within && !before_own {
        return;
    }
    // Before the own password, only the own and what follows the offset
    // are hidden: what precedes it is read as written.
    told_alike_masked(input, error, again, &spans, |at| {
        at != offset
            && in_spans(at)
            && (within || at > offset || own.as_ref().is_some_and(|own| own.contains(&at)))
    });
}

/// [`assert_told_alike`] of `input` and its twin with every character at
/// whose offset `hidden` holds written as `*` (a line feed kept), where the
/// twin's error is at the same offset and its passwords hide the same
/// characters: both errors say the same, passwords hidden.
fn told_alike_masked(
    input: &str,
    error: &rfc1738::Error,
    again: &impl Fn(&str) -> Option<rfc1738::Error>,
    spans: &[core::ops::Range<usize>],
    hidden: impl Fn(usize) -> bool,
) {
    let masked: String = input
        .char_indices()
        .map(|(at, c)| if hidden(at) && c != '\n' { '*' } else { c })
        .collect();
    if masked == input {
        return;
    }
    let Some(other) = again(&masked) else {
        return;
    };
    let hidden_chars = |text: &str, spans: &[core::ops::Range<usize>]| -> Vec<bool> {
        text.char_indices()
            .map(|(at, _)| spans.iter().any(|span| span.contains(&at)))
            .collect()
    };
    let other_spans = passwords(&masked, other.password_span());
    if other.offset() != error.offset()
        || hidden_chars(input, spans) != hidden_chars(&masked, &other_spans)
    {
        return;
    }
    let said = |error: &rfc1738::Error| {
        let mut hidden = error.clone();
        hidden.hide_password();
        let hints: Vec<(rfc1738::HintCode, String)> = (hidden.hints().iter())
            .map(|hint| (hint.code(), hint.to_string()))
            .collect();
        (
            format!("{hidden}\n{hidden:#}"),
            hints,
            hidden.expected().to_vec(),
            hidden.path().to_vec(),
        )
    };
    assert_eq!(said(error), said(&other), "{input:?}: {masked:?}");
}

/// The passwords of `input` that human output hides: its own, `own`, and
/// those written after a `//` in each of its lines
/// ([`rfc1738::authority_passwords`]) or that its decoded text holds
/// ([`rfc1738::decoded_passwords`]), as spans of `input`. The others are
/// read with each byte of the own password as a `*`: what is hidden beyond
/// it does not depend on what it holds.
fn passwords(input: &str, own: Option<core::ops::Range<usize>>) -> Vec<core::ops::Range<usize>> {
    let mut read = input.as_bytes().to_vec();
    if let Some(own) = &own {
        read[own.clone()].fill(b'*');
    }
    let read = String::from_utf8(read).expect("whole characters replaced");
    let mut spans: Vec<core::ops::Range<usize>> = own.into_iter().collect();
    let mut start = 0;
    for line in read.split('\n') {
        let decoded = rfc1738::decoded_passwords(line).into_iter();
        spans.extend(
            rfc1738::authority_passwords(line)
                .chain(decoded)
                .map(|span| start + span.start..start + span.end),
        );
        start += line.len() + 1;
    }
    spans
}

/// `shown`, what is shown of `input` with its passwords at `spans` hidden,
/// gives none of them away. Where `input` is a short line of printable
/// ASCII, shown whole, the line that quotes it is the input with a `*` for
/// each character of a password. Whatever the input, `shown` holds no
/// character outside ASCII that only the passwords have, nor its `%XX`: no
/// text of the crate's own holds one but `›`, `…` and `–`.
fn assert_hidden(input: &str, spans: &[core::ops::Range<usize>], shown: &str) {
    let hidden = |at: usize| spans.iter().any(|span| span.contains(&at));
    if !(0..input.len()).any(hidden) {
        return;
    }
    if input.len() <= 60 && input.bytes().all(|byte| (b' '..=b'~').contains(&byte)) {
        let masked: String = input
            .char_indices()
            .map(|(at, c)| if hidden(at) { '*' } else { c })
            .collect();
        let quoted = shown.lines().find_map(|line| line.strip_prefix("1 | "));
        assert_eq!(
            quoted.map(str::trim_end),
            Some(masked.trim_end()),
            "{input:?} in {shown}"
        );
    }
    let elsewhere: String = input
        .char_indices()
        .filter(|&(at, _)| !hidden(at))
        .map(|(_, c)| c)
        .collect();
    let secrets = input
        .char_indices()
        .filter(|&(at, _)| hidden(at))
        .map(|(_, c)| c);
    for secret in secrets {
        if secret.is_ascii() || matches!(secret, '›' | '…' | '–') {
            continue;
        }
        if elsewhere.contains(secret) {
            continue;
        }
        assert!(!shown.contains(secret), "{input:?}: {secret:?} in {shown}");
        let escape: String = secret
            .to_string()
            .bytes()
            .map(|byte| format!("%{byte:02X}"))
            .collect();
        if !input.to_ascii_uppercase().contains(&escape) {
            assert!(!shown.contains(&escape), "{input:?}: {escape} in {shown}");
        }
    }
}

/// `parse_rule` of any production: no panic; `check_bytes` agrees; a match
/// has a well-formed tree covering the input; a rejection a viable prefix
/// before its offset, a longest matched prefix within it, and an error
/// that says nothing that depends on what follows the character found
/// there and shows nothing of its password once that is hidden.
pub fn parse_rule_target(data: &[u8]) {
    let Some((rule, rest)) = rule_and_rest(data) else {
        return;
    };
    let Ok(input) = core::str::from_utf8(rest) else {
        let error = check_bytes(Some(rule), rest).expect_err("not UTF-8");
        assert!(error.offset() <= rest.len());
        return;
    };
    // The validator's reading of the bytes is parse_rule's of the text.
    assert_eq!(
        check_bytes(Some(rule), rest).map_err(|error| error.offset()),
        parse_rule(rule, input)
            .map(|matched| matched.rule())
            .map_err(|error| error.offset()),
        "{rule} {input:?}"
    );
    match parse_rule(rule, input) {
        Ok(matched) => {
            let tree = matched.tree();
            assert_eq!(tree.rule(), rule);
            assert_eq!(tree.span(), 0..input.len());
            assert_well_formed(&tree);
        }
        Err(error) => {
            let offset = error.offset();
            assert!(offset <= input.len() && input.is_char_boundary(offset));
            assert_eq!(error.path().first(), Some(&rule), "{rule} {input:?}");
            assert_located(input, &error);
            let prefix = &input[..offset];
            if let Err(earlier) = parse_rule(rule, prefix) {
                assert_eq!(
                    earlier.offset(),
                    prefix.len(),
                    "{rule} {prefix:?} is viable"
                );
            }
            // The longest prefix the combinator matches is a string of the
            // rule, no longer than the longest viable prefix.
            if let Some(tree) = parse_prefix(rule, input) {
                assert_eq!(tree.span().start, 0);
                assert!(tree.span().end <= offset, "{rule} {input:?}");
                assert_well_formed(&tree);
                assert!(parse_rule(rule, tree.text()).is_ok(), "{rule} {input:?}");
            }
            // What the command line shows of it, password hidden.
            let _ = error.hints();
            assert_window_bounded(&format!("{error:#}"));
            assert_span(input, error.password_span());
            assert_password_hidden(input, &error);
            assert_said_alike(input, &error, |input| parse_rule(rule, input).err());
            assert_hidden_alike(input, &error, |input| parse_rule(rule, input).err());
        }
    }
}

/// The matcher of `grammar/rfc1738.bnf`, built once.
fn matcher() -> &'static Matcher<'static> {
    static MATCHER: OnceLock<Matcher<'static>> = OnceLock::new();
    MATCHER.get_or_init(|| Matcher::new(Grammar::rfc1738()))
}

/// The combinators against the BNF matcher: the same verdict, and for a
/// rejection the matcher's longest viable prefix as the offset; for a match,
/// its coverage counted alike with and without its tree.
pub fn differential_target(data: &[u8]) {
    let Some((rule, rest)) = rule_and_rest(data) else {
        return;
    };
    let Ok(input) = core::str::from_utf8(rest) else {
        return;
    };
    let production = Grammar::rfc1738()
        .get(rule.name())
        .expect("the registry is the grammar file");
    let oracle = matcher().check(production, input);
    let matched = parse_rule(rule, input);
    let found = matched.as_ref().map(|_| ()).map_err(|error| error.offset());
    assert_eq!(found, oracle, "{rule} on {input:?}");
    if let Ok(matched) = matched {
        assert_counted_alike(&matched);
    }
}

thread_local! {
    /// Coverage counted from built trees, and without them, of every
    /// input a thread checked.
    static COVERAGE: RefCell<(Coverage, Coverage)> =
        RefCell::new((Coverage::new(), Coverage::new()));
}

/// [`Coverage::add_match`], the fast form, counts what [`Coverage::add`]
/// counts, decision D27 asked of the BNF matcher node by node.
fn assert_counted_alike(matched: &Match<'_>) {
    COVERAGE.with_borrow_mut(|(built, compact)| {
        built.add(&matched.tree());
        compact.add_match(matched);
        for rule in Rule::ALL {
            for alternative in 0..built.alternatives(rule) {
                assert_eq!(
                    built.count(rule, alternative),
                    compact.count(rule, alternative),
                    "{rule} alternative {alternative}, after {:?}",
                    matched.as_str()
                );
            }
            assert_eq!(built.uses(rule), compact.uses(rule), "{rule}");
        }
    });
}

/// `extract` on any text: hits in order, inside the text, their positions
/// right, their verdicts those of `is_valid`; every character of a URL
/// stands in the text, inside the hit, as it is in the URL.
pub fn extract_target(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut end = 0;
    for hit in extract::extract(&text) {
        let span = hit.span();
        assert!(span.start >= end && span.end <= text.len() && span.start < span.end);
        end = span.end;
        let before = &text[..span.start];
        let line = 1 + before.matches('\n').count();
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        assert_eq!(hit.line(), line);
        assert_eq!(
            hit.column(),
            1 + text[line_start..span.start].chars().count()
        );
        assert_eq!(hit.is_valid(), is_valid(hit.url()));
        // Every offset of the URL, read in one pass (`text_offset` for
        // each would read the hit once per offset).
        let mut covered = 0;
        for c in hit.url_chars() {
            assert_eq!(c.in_url().start, covered);
            covered = c.in_url().end;
            assert!(span.start <= c.in_text().start && c.in_text().end <= span.end);
            assert_eq!(text.get(c.in_text()), hit.url().get(c.in_url()));
        }
        assert_eq!(covered, hit.url().len());
        assert!(hit.text_offset(hit.url().len()) <= span.end);
        if let Err(error) = hit.verdict() {
            assert!(error.offset() <= hit.url().len());
            assert!(text.is_char_boundary(hit.text_offset(error.offset())));
        }
    }
}

/// A reader of fuzz bytes: numbers and strings, as long as there are bytes.
struct Bytes<'a>(&'a [u8]);

impl<'a> Bytes<'a> {
    fn byte(&mut self) -> u8 {
        let (&first, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        first
    }

    /// Bytes up to the next 0xFF (which is consumed) or the end.
    fn bytes(&mut self) -> &'a [u8] {
        let end = self
            .0
            .iter()
            .position(|&b| b == 0xFF)
            .unwrap_or(self.0.len());
        let (taken, rest) = self.0.split_at(end);
        self.0 = rest.get(1..).unwrap_or(&[]);
        taken
    }

    fn decoded(&mut self) -> Decoded<'a> {
        Decoded::from(self.bytes())
    }

    fn text(&mut self) -> String {
        String::from_utf8_lossy(self.bytes()).into_owned()
    }

    fn maybe<T>(&mut self, make: impl FnOnce(&mut Self) -> T) -> Option<T> {
        (self.byte() % 2 == 1).then(|| make(self))
    }

    fn port(&mut self) -> Option<u16> {
        self.maybe(|b| u16::from(b.byte()) << 8 | u16::from(b.byte()))
    }

    fn segments(&mut self) -> Vec<Decoded<'a>> {
        (0..self.byte() % 4).map(|_| self.decoded()).collect()
    }

    /// An http path: segments of pieces.
    fn http_path(&mut self) -> Vec<Vec<Decoded<'a>>> {
        (0..self.byte() % 4).map(|_| self.segments()).collect()
    }
}

/// A user and password, or none, made from fuzz bytes.
fn userinfo<'a>(b: &mut Bytes<'a>) -> Option<Userinfo<'a>> {
    b.maybe(|b| Userinfo {
        user: b.decoded(),
        password: b.maybe(Bytes::decoded),
    })
}

/// Parts of any scheme, made from fuzz bytes.
fn parts(data: &[u8]) -> Parts<'_> {
    let mut b = Bytes(data);
    match b.byte() % 11 {
        0 => Parts::Http(HttpParts {
            host: b.text().into(),
            port: b.port(),
            path: b.maybe(Bytes::http_path),
            search: b.maybe(Bytes::segments),
        }),
        1 => Parts::Ftp(FtpParts {
            userinfo: userinfo(&mut b),
            host: b.text().into(),
            port: b.port(),
            path: b.maybe(Bytes::segments),
            typecode: b.maybe(|b| match b.byte() % 3 {
                0 => Typecode::Ascii,
                1 => Typecode::Image,
                _ => Typecode::Directory,
            }),
        }),
        2 => Parts::News(match b.byte() % 3 {
            0 => NewsParts::All,
            1 => NewsParts::Group(b.text().into()),
            _ => NewsParts::Article {
                unique: b.decoded(),
                host: b.text().into(),
            },
        }),
        3 => Parts::Nntp(NntpParts {
            host: b.text().into(),
            port: b.port(),
            group: b.text().into(),
            article: b.maybe(|b| u64::from(b.byte())),
        }),
        4 => Parts::Telnet(TelnetParts {
            userinfo: userinfo(&mut b),
            host: b.text().into(),
            port: b.port(),
        }),
        5 => Parts::Gopher(GopherParts {
            host: b.text().into(),
            port: b.port(),
            gopher_type: b.byte(),
            selector: b.decoded(),
            search: b.maybe(Bytes::decoded),
            gopher_plus: b.maybe(Bytes::decoded),
        }),
        6 => Parts::Wais(WaisParts {
            host: b.text().into(),
            port: b.port(),
            database: b.decoded(),
            form: match b.byte() % 3 {
                0 => WaisForm::Database,
                1 => WaisForm::Search(b.decoded()),
                _ => WaisForm::Document {
                    wtype: b.decoded(),
                    wpath: b.decoded(),
                },
            },
        }),
        7 => Parts::Mailto(MailtoParts {
            address: b.decoded(),
        }),
        8 => Parts::File(FileParts {
            host: b.maybe(|b| b.text().into()),
            path: b.segments(),
        }),
        9 => Parts::Prospero(ProsperoParts {
            host: b.text().into(),
            port: b.port(),
            hsoname: b.decoded(),
            fields: (0..b.byte() % 3)
                .map(|_| (b.decoded(), b.decoded()))
                .collect(),
        }),
        _ => Parts::Other(OtherParts {
            scheme: b.text().into(),
            schemepart: b.text().into(),
        }),
    }
}

/// Parts → build → parse → parts is the identity whenever the parts build,
/// and the URL built keeps its meaning when built again from its parts.
/// Parts that do not build give an error that hides its passwords once and
/// for all, keeping every character's place, and whose `Debug` shows what
/// hiding leaves.
pub fn builder_target(data: &[u8]) {
    let parts = parts(data);
    let built: Result<UrlBuf, BuildError> = parts.build();
    match built {
        Ok(url) => {
            // A `UrlBuf` is a text `parse` accepts: the builder's is too.
            let parsed =
                parse(url.as_str()).unwrap_or_else(|error| panic!("{url:?} was built: {error}"));
            assert_eq!(parsed, url.as_url());
            assert_eq!(parsed.to_parts(), Ok(parts), "{url:?}");
            assert_parts_keep_the_meaning(url.as_str(), &parsed);
        }
        Err(error) => assert_hidden_once(&error),
    }
}

/// `error` hidden: once is enough, hiding the error it keeps is hiding it,
/// its `value` keeps the value as given, and `Debug` shows the same before
/// and after.
fn assert_hidden_once(error: &BuildError) {
    let mut once = error.clone();
    once.hide_password();
    let mut twice = once.clone();
    twice.hide_password();
    assert_eq!(once, twice, "hiding {error:?} twice");
    assert_eq!(format!("{error:?}"), format!("{once:?}"));
    let mut inner_first = error.clone();
    if let BuildError::NotA { error, .. } = &mut inner_first {
        error.hide_password();
    }
    assert_eq!(format!("{inner_first:?}"), format!("{once:?}"));
    inner_first.hide_password();
    assert_eq!(inner_first, once, "hiding {error:?} after its error");
    let _ = once.to_string();
    if let (BuildError::NotA { value, .. }, BuildError::NotA { value: kept, .. }) = (error, &once) {
        assert_eq!(value, kept);
    }
}
