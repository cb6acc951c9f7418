//! Hints for the usual mistakes, each citing the RFC, and the rendered
//! diagnostics they appear in, pinned in `snapshots/`.

use std::ops::Range;
use std::path::Path;

use rfc1738::{Error, HintCode, Rule, check_bytes, parse, parse_rule};

fn error(input: &str) -> Error {
    parse(input).expect_err(input)
}

/// The sections the hints of `input`'s error cite, and their messages.
fn hints(input: &str) -> Vec<(String, String)> {
    error(input)
        .hints()
        .iter()
        .map(|hint| (hint.section().to_owned(), hint.message().to_owned()))
        .collect()
}

/// `input`'s error has a hint citing `section` whose message contains `text`.
#[track_caller]
fn hinted(input: &str, section: &str, text: &str) {
    let hints = hints(input);
    assert!(
        hints.iter().any(|(s, m)| s == section && m.contains(text)),
        "{input:?}: no hint of section {section} saying {text:?} in {hints:?}"
    );
}

/// Asserts that no hint of `input`'s error says `text`.
fn not_hinted(input: &str, text: &str) {
    let hints = hints(input);
    assert!(
        !hints.iter().any(|(_, m)| m.contains(text)),
        "{input:?}: a hint says {text:?}: {hints:?}"
    );
}

/// The codes of the hints of `input`'s error.
fn codes(input: &str) -> Vec<HintCode> {
    error(input)
        .hints()
        .iter()
        .map(|hint| hint.code())
        .collect()
}

/// The codes of the hints of `input`'s error, its password hidden.
fn hidden_codes(input: &str) -> Vec<HintCode> {
    let mut error = error(input);
    error.hide_password();
    error.hints().iter().map(|hint| hint.code()).collect()
}

#[test]
fn a_user_name_where_the_scheme_allows_none() {
    hinted(
        "http://user@host/",
        "3.3",
        "an http URL allows no user name or password",
    );
    hinted("http://user:pw@host/", "3.3", "no user name");
    // Sections 3.3 and 3.11 say that no user name is allowed; the others
    // write their URLs with a host and no login, which the hint quotes.
    hinted(
        "gopher://me@host/",
        "3.4",
        "a gopher URL is written gopher://<host>:<port>/<gopher-path>",
    );
    hinted(
        "nntp://me@host/group",
        "3.7",
        "written nntp://<host>:<port>/<newsgroup-name>/<article-number>",
    );
    hinted(
        "wais://me@host/db",
        "3.9",
        "written wais://<host>:<port>/<database>",
    );
    hinted(
        "prospero://me@host/x",
        "3.11",
        "a prospero URL allows no user name",
    );
    // A file URL has a host alone, no login: `file://<host>/<path>`.
    hinted(
        "file://me@host/x",
        "3.10",
        "a file URL is written file://<host>/<path>, with no user name",
    );
    hinted("file://me:pw@host/x", "3.10", "a file URL");
    // The `:` of that password is no port's, and with the password hidden
    // no hint says what a password may hold in a URL that may have none.
    not_hinted("file://me:pw@host/x", "has no port");
    // An `@` after the next `/` is the path's: the `:` is a drive letter's,
    // typed where the host goes.
    hinted(
        "file://C:/Users/john@example.com/a.txt",
        "3.10",
        "\"C:\" is a drive letter, which belongs to the path",
    );
    for input in [
        "gopher://me:pw@h/1x",
        "nntp://u:p@h/g/1",
        "file://me:pw@host/x",
    ] {
        let mut error = parse(input).unwrap_err();
        error.hide_password();
        let hints: Vec<String> = error.hints().iter().map(ToString::to_string).collect();
        assert!(
            hints
                .iter()
                .any(|hint| hint.contains("no user name or password")),
            "{input}: {hints:?}"
        );
        assert!(
            hints
                .iter()
                .all(|hint| !hint.contains("within a user name")),
            "{input}: {hints:?}"
        );
    }
    assert!(hints("file://host/a@b c").iter().all(|(s, _)| s != "3.10"));
    // ftp and telnet allow them: no such hint.
    assert!(parse("ftp://me@host/").is_ok());
    assert!(hints("http://host/a@b c").iter().all(|(s, _)| s != "3.3"));
}

/// Everything `input`'s error says with its password hidden: the line
/// (`Display`), the diagnostic (message, window, label, path, definition,
/// hints), the hints' codes, as a summary groups causes by them, and
/// `Debug`.
fn said_hidden(input: &str) -> String {
    let mut error = error(input);
    error.hide_password();
    let codes: Vec<&str> = error.hints().iter().map(|h| h.code().as_str()).collect();
    format!("{error}\n{error:#}\n{codes:?}\n{error:?}")
}

/// A login where the scheme allows none is told as such whatever its hidden
/// password holds: the password's guess reads a `/` typed into it as the
/// password's, and the hints read the guess as `*`s (`http://me:ab/d@h/`
/// and `http://me:abcd@h/` both show `http://me:****@h/`; the first had no
/// `user-not-allowed` hint, the authority read to its first `/`). Shown,
/// the first `/` ends the authority (section 3.1), and the hints tell
/// what is wrong with the host and port it ends
/// (`no_login_is_told_where_a_slash_ends_the_authority_before_the_at`).
#[test]
fn a_login_where_the_scheme_allows_none_is_told_whatever_its_password_holds() {
    for (input, password) in [
        ("http://me:ab/d@h/", "ab/d"),
        ("http://me:/x@h/", "/x"),
        ("http://root:hunter2/x@host/", "hunter2/x"),
        ("gopher://me:ab/c@h/", "ab/c"),
        ("nntp://me:ab/c@h/group", "ab/c"),
        ("wais://me:ab/c@h/db", "ab/c"),
        ("prospero://me:ab/c@h/x", "ab/c"),
        // The error before the password: at the `:`, no port in a file URL.
        ("file://me:ab/c@h/x", "ab/c"),
    ] {
        let error = error(input);
        let span = error.password_span().expect("a password");
        assert_eq!(&input[span.clone()], password, "{input}");
        assert!(
            hidden_codes(input).contains(&HintCode::UserNotAllowed),
            "{input}: {:?}",
            hidden_codes(input)
        );
        for fill in ['*', 'a', '/', ':', '@'] {
            let mut other = input.to_owned();
            let filled: String = password.chars().map(|_| fill).collect();
            other.replace_range(span.clone(), &filled);
            if parse(&other).map_err(|e| e.password_span()) != Err(Some(span.clone())) {
                continue;
            }
            assert_eq!(said_hidden(input), said_hidden(&other), "{input} {other}");
        }
        let mut masked = input.to_owned();
        masked.replace_range(span.clone(), &"*".repeat(span.len()));
        assert_eq!(said_hidden(input), said_hidden(&masked), "{input}");
    }
}

/// What an error past the first character of its hidden password says
/// does not depend on what the password holds before the offset: it is told
/// as the error of the input read with each of those characters as a `*`
/// and ending at the offset, what a password may hold and the login's `@`
/// expected, under the login's path; at the password's end, what was found
/// there is not listed. What was expected there did depend on them
/// (`ftp://me:a%"b@h/` expected a hex digit, `ftp://me:ab"b@h/` a uchar or
/// the `@`, both shown `ftp://me:****@h/`), and at the password's end it
/// told how the password ends (`ftp://me:ab%@h/`, `expected hex, found
/// "@"`). Where the `*`s read no further (a port read where a scheme takes
/// no login), the error is told as the password's: what a password may
/// hold, under the rule and `password`.
#[test]
fn an_error_past_a_hidden_passwords_first_character_is_told_after_stars() {
    let holds = r#"uchar, ";", "?", "&", "=""#;
    let login = |rule: Rule| vec![rule, Rule::Login, Rule::Password];
    for (input, like, message, path) in [
        (
            "ftp://me:a%\"b@h/",
            "ftp://me:ab\"b@h/",
            format!("expected {holds} or \"@\", found a character of the password (hidden)"),
            login(Rule::Ftpurl),
        ),
        (
            "ftp://me:ab%@h/",
            "ftp://me:a%4@h/",
            r#"expected uchar, ";", "?", "&" or "=", found "@""#.to_owned(),
            login(Rule::Ftpurl),
        ),
        // Read as a host after the first `@`.
        (
            "ftp://me:ab%@h/",
            "ftp://me:a@b@h/",
            r#"expected uchar, ";", "?", "&" or "=", found "@""#.to_owned(),
            login(Rule::Ftpurl),
        ),
        (
            "telnet://me:a%zz@h",
            "telnet://me:ab z@h",
            format!("expected {holds} or \"@\", found a character of the password (hidden)"),
            login(Rule::Telneturl),
        ),
        // A port, for a scheme without a login.
        (
            "http://me:1a/d@h/",
            "http://me:1%/d@h/",
            r#"expected uchar, ";", "?", "&" or "=", found a character of the password (hidden)"#
                .to_owned(),
            vec![Rule::Httpurl, Rule::Password],
        ),
    ] {
        let error = error(input);
        assert_eq!(error.offset(), offset_of(like), "{input} {like}");
        assert_eq!(
            error.password_span(),
            parse(like).unwrap_err().password_span()
        );
        assert_eq!(said_hidden(input), said_hidden(like), "{input} {like}");
        let mut hidden = error.clone();
        hidden.hide_password();
        assert_eq!(hidden.message(), message, "{input}");
        assert_eq!(hidden.path(), path, "{input}");
        // What a password must encode, where the scheme allows one; where
        // it allows none, that it allows none, and no word of what one holds.
        let last = match path[0] {
            Rule::Httpurl => HintCode::UserNotAllowed,
            _ => HintCode::PasswordCharacters,
        };
        let codes: Vec<HintCode> = hidden.hints().iter().map(|hint| hint.code()).collect();
        assert_eq!(codes.last(), Some(&last), "{input}");
        assert_eq!(
            codes.contains(&HintCode::PasswordCharacters),
            last == HintCode::PasswordCharacters,
            "{input}"
        );
        // Shown, as the grammar read it.
        assert_ne!(error.expected(), hidden.expected(), "{input}");
    }
    // Of the production itself, and where the password's guess runs to
    // the end of the input.
    let said = |rule: Rule, input: &str| {
        let mut error = parse_rule(rule, input).unwrap_err();
        error.hide_password();
        (error.offset(), format!("{error}\n{error:#}\n{error:?}"))
    };
    assert_eq!(said(Rule::Password, "a%zb"), said(Rule::Password, "ab\"b"));
    assert!(
        said(Rule::Password, "a%zb")
            .1
            .contains("while matching password\n")
    );
    assert_eq!(
        said(Rule::Ftpurl, "ftp://me:se%4"),
        said(Rule::Ftpurl, "ftp://me:secr")
    );
    // A byte that is not text in the password, after a `%` or not.
    let said_bytes = |input: &[u8]| {
        let mut error = check_bytes(None, input).unwrap_err();
        error.hide_password();
        (error.offset(), format!("{error}\n{error:#}\n{error:?}"))
    };
    assert_eq!(
        said_bytes(b"ftp://me:p%\xffss@host/"),
        said_bytes(b"ftp://me:pa\xffss@host/")
    );
}

/// The offset of `input`'s error.
fn offset_of(input: &str) -> usize {
    error(input).offset()
}

/// Whatever its hidden password holds before the offset, an input whose
/// error lies past the password's first character, up to its end, is told
/// alike: the password's characters before the offset replaced, one at a
/// time and all together, by characters of every kind the grammar reads
/// differently, wherever the error stays where it was and the same
/// characters are hidden, the error says the same, in a long input (not
/// kept whole) too.
#[test]
fn an_error_in_a_hidden_password_says_the_same_whatever_it_holds_before_it() {
    const FILLS: [char; 10] = ['*', 'a', '1', '%', '/', ':', '@', ' ', '"', ';'];
    let long = "a/".repeat(3000);
    let inputs = [
        "ftp://me:a%\"b@h/".to_owned(),
        "ftp://me:ab%@h/".to_owned(),
        "ftp://me:ab%4@h/".to_owned(),
        "ftp://me:a@b@h/x".to_owned(),
        "ftp://me:p w@host/".to_owned(),
        "telnet://me:a%zz@h".to_owned(),
        "ftp://me:secret".to_owned(),
        "http://me:1a/d@h/".to_owned(),
        "http://me:12@h/".to_owned(),
        "wais://me:12x@h/db".to_owned(),
        format!("ftp://me:a%\"b@h/{long}"),
        format!("ftp://me:ab%@h/{long}"),
    ];
    let mut compared = 0;
    for input in &inputs {
        let error = error(input);
        let span = error.password_span().expect("a password");
        let offset = error.offset();
        assert!(span.start < offset && offset <= span.end, "{input}");
        let before = span.start..offset;
        let mut others: Vec<String> = Vec::new();
        for fill in FILLS {
            let mut all = input.clone();
            all.replace_range(before.clone(), &fill.to_string().repeat(before.len()));
            others.push(all);
            for at in before.clone() {
                let mut one = input.clone();
                one.replace_range(at..at + 1, &fill.to_string());
                others.push(one);
            }
        }
        for other in others {
            let Err(again) = parse(&other) else { continue };
            if again.offset() != offset || again.password_span() != Some(span.clone()) {
                continue;
            }
            assert_eq!(said_hidden(input), said_hidden(&other), "{input} {other}");
            compared += 1;
        }
    }
    assert!(compared > 100, "{compared} compared");
}

#[test]
fn a_fragment() {
    hinted("http://host/page#part", "2.2", "fragment identifier");
    hinted("http://host/page#part", "2.2", "%23");
}

#[test]
fn unsafe_characters_with_their_escape() {
    for (c, escape) in [
        (' ', "%20"),
        ('<', "%3C"),
        ('>', "%3E"),
        ('"', "%22"),
        ('{', "%7B"),
        ('}', "%7D"),
        ('|', "%7C"),
        ('\\', "%5C"),
        ('^', "%5E"),
        ('~', "%7E"),
        ('[', "%5B"),
        (']', "%5D"),
        ('`', "%60"),
    ] {
        hinted(
            &format!("http://host/a{c}b"),
            "2.2",
            &format!("write {escape}"),
        );
    }
}

#[test]
fn a_hint_quotes_a_character_as_the_message_does() {
    // The quote mark is `"\""` in the hint as after "found", not `"""`.
    let error = error("http://host/a\"b");
    assert!(
        error.message().ends_with(r#"found "\"""#),
        "{}",
        error.message()
    );
    let hint = error.hints()[0].message();
    assert_eq!(
        hint,
        r#""\"" is unsafe and must always be encoded: write %22"#
    );
    let hint = hints("http://host/a\u{202e}b").remove(0).1;
    assert!(hint.contains(r#"encode "\u{202e}" as"#), "{hint}");
}

#[test]
fn a_percent_that_starts_no_escape() {
    hinted("http://host/100%", "2.2", "two hex digits");
    hinted("http://host/100%25%zz", "2.2", "%25");
    hinted("http://host/%4", "2.2", "two hex digits");
}

#[test]
fn non_ascii_and_control_characters_with_their_utf8_escape() {
    hinted("http://host/caf\u{e9}", "2.2", "%C3%A9");
    hinted("http://host/\u{1F600}", "2.2", "%F0%9F%98%80");
    hinted("http://host/a\tb", "2.2", "write %09");
    hinted("http://host/a\u{7f}", "2.2", "write %7F");
    let error = check_bytes(None, b"http://host/\xff").unwrap_err();
    assert!(
        error
            .hints()
            .iter()
            .any(|hint| hint.message().contains("%FF"))
    );
}

#[test]
fn no_escape_is_offered_where_none_can_stand() {
    // A host, a port or a scheme holds no escape: `%5B` would fail there
    // too, so the hint says that the character cannot be mended by
    // encoding: it can stand there neither as it is nor encoded.
    for (input, said) in [
        (
            "http://[::1]/",
            r#""[" is unsafe, and can stand here neither as it is nor encoded"#,
        ),
        (
            "http://ho st/",
            r#"" " is unsafe, and can stand here neither as it is nor encoded"#,
        ),
        (
            "http://host:8\t0/",
            "U+0009 is a control character, and can stand here neither as it is nor encoded",
        ),
        (
            "http://caf\u{e9}.fr/",
            "US-ASCII, and \"\u{e9}\" can stand here neither as it is nor encoded",
        ),
    ] {
        hinted(input, "2.2", said);
        let hints = hints(input);
        assert!(
            hints.iter().all(|(_, m)| !m.contains('%')),
            "{input:?}: {hints:?}"
        );
    }
    let error = check_bytes(None, b"http://h\xff/").unwrap_err();
    let hint = error.hints()[0].message();
    assert_eq!(
        hint,
        "byte 0xFF is not US-ASCII, and can stand here neither as it is nor encoded"
    );
    // Where a uchar or an xchar could stand, the escape is given.
    hinted("news:comp lang", "2.2", "write %20");
    hinted("gopher://h/1a%09b c", "2.2", "write %20");
}

#[test]
fn a_port_in_a_file_url() {
    for input in [
        "file://host:21/x",
        "file://localhost:/x",
        "FILE://10.0.0.1:8/x",
    ] {
        hinted(input, "3.10", "a file URL has no port");
    }
    // A `:` in the path is a path's character; elsewhere no such hint.
    for input in ["file://host/a:b c", "http://host:/", "ftp://h:x/"] {
        let codes = codes(input);
        assert!(
            !codes.contains(&HintCode::PortNotAllowed),
            "{input}: {codes:?}"
        );
    }
}

#[test]
fn what_the_text_around_a_url_left_is_named_alone() {
    // At the start, the wrapper or the whitespace explain the error: not
    // the scheme name, nor the character as one to encode.
    for (input, code) in [
        ("<URL:http://host/>", HintCode::Wrapper),
        ("<http://host/>", HintCode::Wrapper),
        (" http://host/", HintCode::Whitespace),
        ("\thttp://host/", HintCode::Whitespace),
        // After the URL, too.
        ("http://host/ ", HintCode::Whitespace),
        ("http://host/a \t ", HintCode::Whitespace),
    ] {
        assert_eq!(codes(input), [code], "{input:?}");
    }
    let hint = error("<URL:http://host/>").hints()[0].to_string();
    assert!(hint.ends_with("(RFC 1738, appendix)"), "{hint}");
    // Where the input is no URL, brackets are not its wrapper.
    let address = parse_rule(Rule::Encoded822addr, "<me@host>").unwrap_err();
    let codes: Vec<HintCode> = address.hints().iter().map(|h| h.code()).collect();
    assert_eq!(codes, [HintCode::UnsafeCharacter]);
    // Whitespace inside a URL is a character to encode.
    hinted("http://host/a b", "2.2", "write %20");
    assert!(
        hints("http://host/a b")
            .iter()
            .all(|(section, _)| section != "appendix")
    );
    // After the prefix URL:, the rest of the error is hinted as ever.
    hinted("URL:http://host/a b", "appendix", "the prefix \"URL:\"");
    hinted("URL:http://host/a b", "2.2", "write %20");
    // A `/` after a scheme name is a missing `:`, a `_` a bad character.
    hinted("http//host", "2.1", "a \":\" ends the scheme name");
    hinted("ht_tp://host", "2.1", "scheme names are made of");
    // Whitespace in a hidden password is told of by nothing but its hint.
    assert_eq!(
        hidden_codes("ftp://me:pw @host/"),
        [HintCode::PasswordCharacters]
    );
}

#[test]
fn a_literal_begun_before_the_offset_is_expected_as_its_rest() {
    for (rule, input, message) in [
        (
            Rule::Httpurl,
            "http:/host/",
            r#"expected "/" (to complete "http://"), found "h""#,
        ),
        (
            Rule::Httpurl,
            "http:host/",
            r#"expected "//" (to complete "http://"), found "h""#,
        ),
        // A scheme's letters are begun whatever their case (section 2.1).
        (
            Rule::Url,
            "HTTP:/host/",
            r#"expected "/" (to complete "http://"), found "h""#,
        ),
        (
            Rule::Ftpurl,
            "ftp://h/a;TYPE=a",
            r#"expected "type=" (to complete ";type="), found "T""#,
        ),
        (
            Rule::Gopherurl,
            "gopher://h/1a%0%09x",
            r#"expected hex or "9" (to complete "%09"), found "%""#,
        ),
        // Not begun: the literal as the grammar writes it.
        (Rule::IpSchemepart, "h", r#"expected "//", found "h""#),
    ] {
        let error = match rule {
            Rule::Url => rfc1738::parse(input).unwrap_err(),
            _ => parse_rule(rule, input).unwrap_err(),
        };
        assert_eq!(error.message(), message, "{rule} on {input:?}");
        // The line and the list under the caret say the same.
        assert!(error.to_string().contains(message), "{error}");
        let label = message.split(", found").next().unwrap_or_default();
        let rendered = format!("{error:#}");
        assert!(rendered.contains(&format!("^ {label}")), "{rendered}");
    }
    // A long input, which the error does not keep whole, is told the same
    // from its excerpt.
    let long = format!("ftp://h/{};TYPE=a", "a".repeat(100_000));
    let error = parse_rule(Rule::Ftpurl, &long).unwrap_err();
    assert_eq!(
        error.message(),
        r#"expected "type=" (to complete ";type="), found "T""#
    );
}

#[test]
fn host_mistakes() {
    hinted("http://host:/", "3.1", "the port is empty");
    hinted("http://host:", "3.1", "the port is empty");
    // An "@" after the ":" makes it a login's, before an empty password:
    // the login's hint tells it, and the port is no mistake of the user's.
    for input in ["http://user:@host/", "ftp://a@b:@h/", "telnet://a@b.c:@h/"] {
        not_hinted(input, "the port is empty");
    }
    hinted("http://user:@host/", "3.3", "allows no user name");
    hinted("ftp://a@b:@h/", "3.1", "must be encoded as %40");
    hinted("http://-host.com/", "3.1", "starts with a letter or digit");
    hinted("http://host-.com/", "3.1", "ends with a letter or digit");
    hinted("http://www.host-/", "3.1", "ends with a letter or digit");
    // A host name whose last label starts with a digit, or an IP address
    // with a character no number holds.
    for input in [
        "http://host.1com/",
        "http://85.A9.80.246/",
        "http://1.2.3-4",
    ] {
        hinted(
            input,
            "3.1",
            "the last label of a host name starts with a letter",
        );
    }
    hinted("http://1.2.3/", "3.1", "this has 3");
    hinted("http://1.2.3.4.5/", "3.1", "this has 5");
    // A "." after the last number is no number.
    hinted(
        "http://1.2.3.4./",
        "3.1",
        "this has a \".\" after the fourth",
    );
    hinted("http://1.2.3./", "3.1", "this has 3");
    hinted("http://1.2./x", "3.1", "this has 2");
    not_hinted("http://1.2.3.4./", "this has 5");
    hinted("ftp://u@10.0.0/", "3.1", "four decimal numbers");
    hinted("http://www.host..nl/", "3.1", "two leave an empty label");
    hinted(
        "http://.host/",
        "3.1",
        "a domain label starts with a letter or digit",
    );
    for input in ["http://host.dom./x", "http://host.dom.", "ftp://u@h.:21/"] {
        hinted(
            input,
            "3.1",
            "a host name ends with its top label, not with a \".\"",
        );
    }
    // A hostnumber alone stops at the "." that starts a fifth number: the
    // numbers after it are counted too.
    let hostnumber = |input: &str| {
        let error = parse_rule(Rule::Hostnumber, input).unwrap_err();
        let hints: Vec<String> = error.hints().iter().map(|h| h.to_string()).collect();
        hints.join("\n")
    };
    assert!(hostnumber("1.2.3.4.5").contains("this has 5"));
    assert!(hostnumber("1.2.3.4.5.6").contains("this has 6"));
    assert!(hostnumber("1.2.3").contains("this has 3"));
    // An empty number is no fifth one.
    assert!(!hostnumber("1..2.3").contains("IP address"));
}

#[test]
fn a_reserved_character_where_the_part_takes_it_only_encoded() {
    hinted(
        "http://h/a?b/c",
        "3.3",
        "\"/\" is reserved in an http search: write %2F",
    );
    hinted("http://h/a?b?c", "3.3", "write %3F");
    hinted("ftp://h/a;b/c", "3.2.2", "must be encoded as %3B");
    hinted("ftp://h/dir/a;", "3.2.2", "must be encoded as %3B");
    hinted(
        "file://localhost/a;b",
        "2.2",
        "fsegment takes only encoded: write %3B",
    );
    hinted(
        "wais://h/db/t/a=b",
        "2.2",
        "wpath takes only encoded: write %3D",
    );
    hinted(
        "prospero://h/a;b=c/d",
        "2.2",
        "fieldvalue takes only encoded: write %2F",
    );
    let error = parse_rule(Rule::Ppath, "a;b").unwrap_err();
    let ppath: Vec<(&str, String)> = error
        .hints()
        .iter()
        .map(|h| (h.section(), h.to_string()))
        .collect();
    assert!(
        ppath
            .iter()
            .any(|(s, m)| *s == "3.11" && m.contains("prospero hsoname")),
        "{ppath:?}"
    );
    // A reserved character that ends the part read, or a part of another
    // kind, gets none: the "/" ends what a user name would be.
    for input in ["ftp://darpa.a(/www", "telnet://nic./t", "ftp://h/a;type=x"] {
        not_hinted(input, "reserved");
    }
}

#[test]
fn a_character_no_host_holds() {
    hinted("http://ho_st.com/", "3.1", "\"_\" cannot be part of a host");
    hinted("http://ho%41st/", "3.1", "\"%\" cannot be part of a host");
    hinted("http://1.2.3_4/", "3.1", "\"_\" cannot be part of a host");
    hinted(
        "http://host?q=1",
        "3.3",
        "the search follows the \"/\" of the path",
    );
    // Read as a user name, since the host held it: no "@" came.
    hinted(
        "telnet://h_x",
        "3.1",
        "with no \"@\" after it, this is the host, and \"_\"",
    );
    hinted("ftp://h&x/pub", "3.1", "\"&\" cannot be part of one");
    // A user name with its "@" holds what it may ("%" is the host's), a
    // password is no host, an unsafe character has its own hint, and a
    // path is no host.
    let cases = [
        ("ftp://u_x@h%/", "\"_\""),
        ("ftp://me:pw_x/", "part of"),
        ("http://ho~st/", "part of"),
        ("ftp://h/a_b c", "part of"),
    ];
    for (input, not) in cases {
        not_hinted(input, not);
    }
    // A file URL's host read as far as the "localhost" it began.
    hinted(
        "file://loc=alhost/x",
        "3.1",
        "\"=\" cannot be part of a host",
    );
    hinted(
        "FILE://localhos@t/x",
        "3.10",
        "a file URL is written file://<host>/<path>, with no user name",
    );
}

#[test]
fn a_colon_in_a_password() {
    // The reading as a host and port, for want of the "@", may reach the
    // second ":" too, and first (host "h", port "21"; host "ju", no port).
    for input in [
        "ftp://me:pa:ss@host/",
        "telnet://a:b:c@h",
        "ftp://::x@h/",
        "ftp://h:21:x@h/",
        "telnet://ju::y@h/",
    ] {
        hinted(input, "3.1", "a \":\" in a password must be encoded as %3A");
    }
    // A second "@" is no password's.
    not_hinted("ftp://u@h:21:x@h2/", "in a password");
    // With no "@" after it, the login is a host and port.
    not_hinted("ftp://h:21:x/", "in a password");
    // Hidden, the character is not named.
    assert_eq!(
        hidden_codes("ftp://me:pa:ss@host/"),
        [HintCode::PasswordCharacters]
    );
}

#[test]
fn a_host_read_as_a_user_name_for_want_of_an_at() {
    // An ftp or telnet URL's authority with no "@" is its host: what is
    // wrong with it as a host, though the login read further.
    let cases = [
        ("ftp://ftp..example.com/pub", "two leave an empty label"),
        ("ftp://-x.com/", "starts with a letter or digit, not \"-\""),
        ("ftp://x-.com", "ends with a letter or digit, not \"-\""),
        ("telnet://a..b", "two leave an empty label"),
        ("ftp://a.-b/", "starts with a letter or digit, not \"-\""),
        (
            "ftp://::cs.nl/",
            "the host is missing: it follows the \"//\"",
        ),
        ("ftp://:21:x/", "the host is missing: it follows the \"//\""),
        // A second ":" is the port's hint only after a host.
        ("ftp://-x:a:b/", "starts with a letter or digit, not \"-\""),
    ];
    for (input, text) in cases {
        let hints = hints(input);
        let told = hints.iter().any(|(section, message)| {
            section == "3.1"
                && message.starts_with("with no \"@\" after it, this is no login but the host: ")
                && message.contains(text)
        });
        assert!(told, "{input:?}: {hints:?}");
    }
    // Not where the host is whole and the port is wrong (another hint's),
    // nor where an "@" makes it a login.
    not_hinted("ftp://h:8a/", "no login but the host");
    not_hinted("ftp://me:p w@-h/", "no login but the host");
}

#[test]
fn a_port_of_other_characters_than_digits() {
    hinted(
        "http://h:8a/",
        "3.1",
        "a port is a decimal number, of digits only",
    );
    hinted("http://h:port/", "3.1", "of digits only");
    // Read as a user and a password for want of an "@": nothing quoted.
    for input in ["ftp://h:8a/", "telnet://h:x", "ftp://me:pw/x"] {
        hinted(
            input,
            "3.1",
            "with no \"@\" after it, what follows the \":\" is a port",
        );
    }
    // A second ":" there, with no "@" either.
    for input in [
        "ftp://acme:.uk:21/pub",
        "telnet://me:p%3A:h.nl",
        "ftp://a:b:c",
    ] {
        hinted(
            input,
            "3.1",
            "with no \"@\" after it, this is a host and port, which holds one \":\"",
        );
    }
    not_hinted("ftp://a:b:c@h/", "host and port");
    // An "@" after it: a user and a password, which http allows none of.
    for input in ["http://user:secret@host/", "ftp://me:p w@h/"] {
        not_hinted(input, "port");
    }
    // A search or parameters with no path before them.
    hinted(
        "http://h:8080?q=1",
        "3.3",
        "of digits only: in an http URL the search follows the \"/\"",
    );
    hinted("gopher://h:70?x", "3.1", "of digits only");
    hinted("http://h:8080;x", "3.1", "of digits only");
}

#[test]
fn a_host_with_a_port_of_digits_read_as_a_login_for_want_of_an_at() {
    // The port is digits: what the reading as a host and port fails in is
    // the host, and that is what the hint is about.
    let cases = [
        ("ftp://1.2.3.4.5:0/test1", "this has 5"),
        ("telnet://1.2.3:23", "this has 3"),
        ("ftp://www.google.com.:80/test1", "not with a \".\""),
        (
            "ftp://6g9m8V6:21",
            "the last label of a host name starts with a letter",
        ),
        ("ftp://ho_st:21/", "\"_\" cannot be part of"),
        ("ftp://ho_st:/", "\"_\" cannot be part of"),
        (
            "ftp://-host:21/",
            "starts with a letter or digit, not \"-\"",
        ),
        ("ftp://:21/", "the host is missing: it follows the \"//\""),
        ("ftp://%5B%3A%3A1%5D:21/", "\"%\" cannot be part of"),
    ];
    for (input, text) in cases {
        hinted(input, "3.1", text);
        not_hinted(input, "what follows the \":\" is a port");
    }
    // A port that holds another character than a digit keeps its hint.
    for input in ["ftp://host:8o/", "ftp://host:80a/", "telnet://h.nl:2x"] {
        hinted(input, "3.1", "what follows the \":\" is a port");
        not_hinted(input, "no login but the host");
    }
}

#[test]
fn a_slash_in_a_password() {
    // The "/" ends the authority before the "@": there is one after it.
    for input in ["ftp://user:pa/ss@host/", "telnet://user:pa/ss@host/"] {
        hinted(
            input,
            "3.1",
            "a \"/\" in a user name or password must be encoded as %2F",
        );
        not_hinted(input, "with no \"@\" after it");
    }
    assert!(rfc1738::is_valid("ftp://user:pa%2Fss@host/"));
    // An "@" further in the path is the path's.
    hinted(
        "ftp://host:80a/pub/me@x",
        "3.1",
        "what follows the \":\" is a port",
    );
    not_hinted("ftp://host:80a/pub/me@x", "%2F");
}

#[test]
fn no_escape_is_offered_in_a_host_read_as_a_login_for_want_of_an_at() {
    // With no "@" in the authority, the text is a host, where no escape
    // stands, though the grammar still read it as a login too.
    for (input, escape) in [
        ("ftp://[::1]:21", "%5B"),
        ("telnet://[::1]/", "%5B"),
        ("ftp://ho st/", "%20"),
        ("telnet://ho|st/", "%7C"),
        ("ftp://www.b\u{fc}cher.ch", "%C3%BC"),
    ] {
        hinted(input, "2.2", "can stand here neither as it is nor encoded");
        not_hinted(input, escape);
    }
    // An "@" after it makes it a login's, where one stands.
    hinted("ftp://me[x@h/", "2.2", "write %5B");
    hinted("ftp://me@h x@h/", "2.2", "write %20");
    // An IPv6 literal, which RFC 1738 has none of.
    for input in ["ftp://[::1]:21", "telnet://[::1]/", "http://[::1]/"] {
        hinted(input, "3.1", "RFC 1738 has no IPv6 literal");
    }
    not_hinted("ftp://[me]@h/", "IPv6");
}

#[test]
fn a_host_after_an_empty_login_is_not_missing() {
    // The host follows the login's "@": it is there.
    for input in [
        "http://@example.com/",
        "http://:pass@example.com",
        "http://:hideout@www.php.net:80/",
    ] {
        hinted(input, "3.3", "an http URL allows no user name or password");
        not_hinted(input, "the host is missing");
    }
    // No host after it either, or none after the "//".
    for input in ["http://@/", "http://:pw@:80/", "http://:80/"] {
        hinted(input, "3.1", "the host is missing");
    }
    // An ftp login may have an empty user.
    assert!(rfc1738::is_valid("ftp://@host/") && rfc1738::is_valid("ftp://:pw@host/"));
    hinted(
        "ftp://:pw@/",
        "3.1",
        "it follows the \"@\" that ends the login",
    );
}

#[test]
fn no_login_is_told_where_a_slash_ends_the_authority_before_the_at() {
    // Section 3.1: a "/" in a user or password is encoded, so the first
    // one ends the host and port; an "@" after it is the path's.
    let cases = [
        ("http://h.com:/a@b", "the port is empty"),
        ("http://example.com:80a/contact/me@x.org", "of digits only"),
        ("gopher://h.com:/1a@b", "the port is empty"),
        ("wais://h.com:/a@b", "the port is empty"),
        ("nntp://h.com:/a@b", "the port is empty"),
        ("prospero://h.com:/a@b", "the port is empty"),
        ("http://me:ab/d@h/", "of digits only"),
    ];
    for (input, text) in cases {
        hinted(input, "3.1", text);
        not_hinted(input, "no user name or password");
    }
    // A "?" may stand in a password: that login is read.
    hinted(
        "http://example.com:8080?to=a@b.com",
        "3.3",
        "an http URL allows no user name or password",
    );
}

#[test]
fn a_url_that_ends_before_a_part_its_scheme_requires() {
    let cases = [
        (
            "nntp://host",
            "3.7",
            "nntp://<host>:<port>/<newsgroup-name>",
        ),
        (
            "nntp://host:119",
            "3.7",
            "names a news group after its host",
        ),
        ("wais://host:210", "3.9", "wais://<host>:<port>/<database>"),
        ("wais://h/db/TEXT", "3.9", "/<database>/<wtype>/<wpath>"),
        ("wais://h/db/", "3.9", "/<database>/<wtype>/<wpath>"),
        ("prospero://h", "3.11", "prospero://<host>:<port>/<hsoname>"),
        ("prospero://h/x;name", "3.11", "a name, \"=\" and a value"),
        ("mailto:", "3.5", "mailto:<rfc822-addr-spec>"),
        ("news:", "3.6", "news:<newsgroup-name> or news:<message-id>"),
    ];
    for (input, section, text) in cases {
        hinted(input, section, text);
    }
    // The rest of a literal, a part that may be left out, a character
    // found: the message says all, or other hints do.
    for input in [
        "http:/",
        "nntp://h:",
        "news:a.b@",
        "nntp://host?x",
        // An escape cut short is the escape's hint's.
        "wais://h/db/ty%2",
        "prospero://h/x;na%",
        "mailto:tim%2",
    ] {
        not_hinted(input, "<");
    }
}

#[test]
fn more_than_the_scheme_url_holds() {
    hinted("telnet://host/path", "3.8", "it has no path");
    hinted("telnet://me:secret@host:23/x", "3.8", "it has no path");
    for input in ["nntp://h/g/12/x", "nntp://h/g/abc", "nntp://h/g/1a"] {
        hinted(input, "3.7", "digits only: nntp://host/group/123");
    }
    for input in ["ftp://h/x;type=d9", "ftp://h/x;type=I/", "ftp://h/;type=a?"] {
        hinted(input, "3.2.2", "an ftp URL ends with its typecode");
    }
    // A port's digits are the port hint's.
    not_hinted("nntp://h:1x/g", "nntp://host/group");
    not_hinted("ftp://h/x;type=x", "ends with its typecode");
    not_hinted("telnet://ho st/", "no path");
}

#[test]
fn a_missing_host_and_an_at_in_a_login() {
    for input in ["http:///x", "http://:80/", "http://"] {
        hinted(input, "3.1", "the host is missing: it follows the \"//\"");
    }
    for input in ["ftp://me@/", "telnet://u@"] {
        hinted(input, "3.1", "it follows the \"@\" that ends the login");
    }
    hinted(
        "news:abc@",
        "3.6",
        "the host is missing: a message-id is unique@host",
    );
    // The hint quotes nothing of the login, which may hold a password.
    for input in ["ftp://me@mail.com@host/", "ftp://me:p@ss@host/"] {
        hinted(
            input,
            "3.1",
            "an \"@\" in a user name or password must be encoded as %40",
        );
        let all: String = hints(input).into_iter().map(|(_, m)| m).collect();
        assert!(!all.contains("mail") && !all.contains("ss@"), "{all}");
    }
    // The second "@" after the error: the host or port read after the first
    // is no host or port (a password, or a user name's end).
    for input in [
        "ftp://a@b:c@h/",
        "ftp://a@b:1@h/",
        "telnet://me@mail.com:pw@h",
    ] {
        hinted(
            input,
            "3.1",
            "an \"@\" in a user name or password must be encoded as %40",
        );
    }
    // The host the grammar read there is the login's: no hint about it as
    // a host.
    hinted("ftp://me@h_x@h/", "3.1", "must be encoded as %40");
    not_hinted("ftp://me@h_x@h/", "cannot be part of a host");
    // Where an escape stands.
    hinted("ftp://me@h x@h/", "2.2", "write %20");
    // One "@", or none in a login: other hints.
    for input in ["ftp://a:b:c@h/", "ftp://b@h:c/", "http://a@b:c@h/"] {
        not_hinted(input, "%40");
    }
    // A file URL may have no host; an "@" in a path is no login's.
    assert!(rfc1738::is_valid("file:///x"));
    not_hinted("ftp://h/a@b c", "%40");
}

#[test]
fn a_character_no_news_group_holds() {
    hinted(
        "nntp://h/g;x",
        "5",
        "\";\" cannot be part of a news group name",
    );
    hinted(
        "news:comp.un%09ix",
        "5",
        "\"%\" cannot be part of a news group name",
    );
    hinted(
        "news:s;oc.math",
        "5",
        "a message-id (unique@host) has an \"@\"",
    );
    // A message-id may hold them.
    assert!(rfc1738::is_valid("news:s;oc@host"));
    not_hinted("news:a b@host", "news group");
    // An "@" first is neither a group's first letter nor a message-id's.
    for input in ["news:@comp.unix", "news:@@talk"] {
        hinted(input, "5", "one character at least before its \"@\"");
    }
}

#[test]
fn a_character_no_message_id_host_holds() {
    hinted(
        "news:a.b@c@d.com",
        "3.6",
        "holds one \"@\", before its host",
    );
    for input in ["news:x@h:119", "news:x@goph::r.xerox.se"] {
        hinted(input, "3.6", "which has no port");
    }
    for input in ["news:x@h.nl//a", "news:x@h/"] {
        hinted(
            input,
            "3.6",
            "a news URL ends with the host of its message-id",
        );
    }
    // Elsewhere a ":" ends a host, and an "@" in a login has its own hint.
    not_hinted("http://h:x/", "no port");
    not_hinted("ftp://me@mail.com@host/", "message-id");
}

#[test]
fn a_file_url_with_a_path_where_its_host_goes() {
    for input in [
        "file://notes.txt",
        "file://.profile",
        "FILE://.github/workflows",
    ] {
        hinted(
            input,
            "3.10",
            "a file on this machine is written \"file:///\"",
        );
    }
    // A host, then "/": the error is in the path, or the host is one.
    for input in ["file://host/a b", "file://host:21/x", "file://ho_st/x"] {
        not_hinted(input, "file:///");
    }
}

#[test]
fn an_ftp_typecode_other_than_a_i_d() {
    hinted("ftp://host/file;type=x", "3.2.2", "ftptype");
    // A ";type=" misspelt: the spelling first, and that a ";" standing for
    // itself is encoded.
    for input in ["ftp://host/f;typ=a", "ftp://host/f;typei", "ftp://host/f;t"] {
        let hints = hints(input);
        assert!(hints[0].1.contains("spelt so"), "{input}: {hints:?}");
        assert!(hints[1].1.contains("%3B"), "{input}: {hints:?}");
    }
    // A ";" alone is a character of the name: no spelling to mend.
    not_hinted("ftp://host/a;b", "spelt so");
    hinted("ftp://host/a;b", "3.2.2", "%3B");
}

#[test]
fn a_news_group_that_does_not_start_with_a_letter() {
    hinted("news:1comp", "5", "starts with a letter");
    hinted("news:_x", "5", "starts with a letter");
    hinted(
        "nntp://host/1grp",
        "5",
        "a news group name starts with a letter",
    );
    hinted(
        "nntp://host/",
        "5",
        "a news group name starts with a letter",
    );
    let error = parse_rule(Rule::Group, "_x").unwrap_err();
    assert!(
        error
            .hints()
            .iter()
            .any(|hint| hint.code() == HintCode::NewsGroup && hint.section() == "5"),
        "{:?}",
        error.hints()
    );
    // Past the group's first letter, no such hint: `nntp://host/g~x` has a
    // group that started well.
    assert!(
        hints("nntp://host/g~x")
            .iter()
            .all(|(_, m)| !m.contains("starts with"))
    );
}

#[test]
fn a_scheme_with_characters_section_2_1_does_not_allow() {
    // Read as an interpreter reads it (D5), a scheme name may have
    // upper-case letters; by the grammar's letter, it may not.
    hinted("ht_tp://host/", "2.1", "letters (in either case), digits");
    hinted("My_scheme:x", "2.1", "letters (in either case), digits");
    let error = parse_rule(Rule::Url, "Http://host/").unwrap_err();
    assert!(
        error
            .hints()
            .iter()
            .any(|hint| hint.section() == "2.1" && hint.message().contains("lower-case letters"))
    );
    // No scheme name before the ":", or no ":" after one.
    hinted(":http://host/", "2.1", "starts with its scheme name");
    hinted("newscomp.lang", "2.1", "a \":\" ends the scheme name");
    not_hinted("newscomp.lang", "lower-case letters");
}

#[test]
fn a_scheme_whose_double_slash_is_missing_or_mangled() {
    for (input, scheme) in [
        ("http:/www.example.com/", "http"),
        ("http:www.example.com", "http"),
        ("HTTP::/host", "http"),
        ("http:%2F/host", "http"),
        ("ftp:/host/file", "ftp"),
        ("gopher:/host", "gopher"),
        ("telnet:@host", "telnet"),
    ] {
        hinted(
            input,
            "3.1",
            &format!("after \"{scheme}:\" come \"//\" and the host"),
        );
    }
    hinted("file:/etc/motd", "3.10", "file:///etc/motd");
    hinted("file:localhost/x", "3.10", "file://<host>/<path>");
    // Not where the scheme name itself is cut short, nor past the "//".
    let error = parse_rule(Rule::Httpurl, "htp://host/").unwrap_err();
    assert!(error.hints().is_empty(), "{:?}", error.hints());
    not_hinted("http://", "double slash");
    // A prefix that just stops is told what comes next by its message.
    not_hinted("http:/", "double slash");
    not_hinted("http:///x", "double slash");
}

#[test]
fn each_kind_of_hint_has_its_code() {
    // One input per kind, with the code and section of its hint: a program
    // groups errors by code, whatever the characters a message quotes.
    let cases: [(&[u8], HintCode, &str); 52] = [
        (b"ht_tp://host/", HintCode::SchemeName, "2.1"),
        (b"http://user@host/", HintCode::UserNotAllowed, "3.3"),
        (b"wais://me@host/db", HintCode::UserNotAllowed, "3.9"),
        (b"http://host/page#part", HintCode::Fragment, "2.2"),
        (b"http://host/a b", HintCode::UnsafeCharacter, "2.2"),
        (b"http://host/a`b", HintCode::UnsafeCharacter, "2.2"),
        (b"http://host/a\tb", HintCode::ControlCharacter, "2.2"),
        (
            "http://host/caf\u{e9}".as_bytes(),
            HintCode::NonAscii,
            "2.2",
        ),
        (b"http://host/\xff", HintCode::NonAsciiByte, "2.2"),
        (b"http://host/100%", HintCode::PercentEscape, "2.2"),
        (b"http://host:/", HintCode::EmptyPort, "3.1"),
        (b"http://-host.com/", HintCode::LabelStart, "3.1"),
        (b"http://host-.com/", HintCode::LabelEnd, "3.1"),
        (b"http://1.2.3/", HintCode::IpAddressParts, "3.1"),
        (b"http://host.1com/", HintCode::TopLabelDigit, "3.1"),
        (b"ftp://host/file;type=x", HintCode::FtpTypecode, "3.2.2"),
        (b"news:1comp", HintCode::NewsGroup, "5"),
        (b"news:_x", HintCode::NewsGroup, "5"),
        (b"nntp://host/1grp", HintCode::NewsGroup, "5"),
        (b"gopher://me@host/", HintCode::UserNotAllowed, "3.4"),
        (b"<URL:http://host/>", HintCode::Wrapper, "appendix"),
        (b"URL:http://host/a b", HintCode::Wrapper, "appendix"),
        (b" http://host/", HintCode::Whitespace, "appendix"),
        (b"http://host/\t", HintCode::Whitespace, "appendix"),
        (b"http//host/", HintCode::SchemeColon, "2.1"),
        (b"file://host:21/x", HintCode::PortNotAllowed, "3.10"),
        (b"http://host/a?b/c", HintCode::ReservedCharacter, "3.3"),
        (b"ftp://host/a;b", HintCode::ReservedCharacter, "3.2.2"),
        (b"wais://host/db;x", HintCode::ReservedCharacter, "2.2"),
        (b"http://ho_st.com/", HintCode::HostCharacter, "3.1"),
        (b"ftp://ho_st/", HintCode::HostCharacter, "3.1"),
        (b"http://host?q", HintCode::HostCharacter, "3.3"),
        (b"file://notes.txt", HintCode::FileHost, "3.10"),
        (b"http://host:8a/", HintCode::PortDigits, "3.1"),
        (b"ftp://host:21a/", HintCode::PortDigits, "3.1"),
        (b"nntp://host/g;x", HintCode::NewsGroup, "5"),
        (b"http:///x", HintCode::EmptyHost, "3.1"),
        (b"ftp://me@mail.com@host/", HintCode::AtInLogin, "3.1"),
        (b"http:/host/", HintCode::SchemeSlashes, "3.1"),
        (b"file:/etc/motd", HintCode::SchemeSlashes, "3.10"),
        (b"ftp://host/f;typ=a", HintCode::FtpTypecode, "3.2.2"),
        (b"example.com", HintCode::SchemeColon, "2.1"),
        (b":http://host/", HintCode::SchemeName, "2.1"),
        (b"telnet://host/path", HintCode::UrlEnd, "3.8"),
        (b"nntp://host/group/x", HintCode::UrlEnd, "3.7"),
        (b"nntp://host", HintCode::MissingPart, "3.7"),
        (b"news:<id@host>", HintCode::AngleBrackets, "3.6"),
        (b"mailto:<me@host>", HintCode::AngleBrackets, "3.5"),
        (b"news://host/group", HintCode::NewsServer, "3.6"),
        (b"prospero://host/a;;b=c", HintCode::ProsperoField, "3.11"),
        (b"wais://host//db/type/path", HintCode::EmptyDatabase, "3.9"),
        (b"file://C:/x", HintCode::DriveLetter, "3.10"),
    ];
    let mut seen = std::collections::BTreeSet::new();
    for (input, code, section) in cases {
        let error = check_bytes(None, input).unwrap_err();
        let found: Vec<(HintCode, &str)> = error
            .hints()
            .iter()
            .map(|hint| (hint.code(), hint.section()))
            .collect();
        assert!(
            found.contains(&(code, section)),
            "{input:?}: {found:?}, not {code} (section {section})"
        );
        seen.insert(code);
    }
    // A hidden password's hint has its own code, the same in every input.
    assert_eq!(
        hidden_codes("ftp://me:p w@host/"),
        [HintCode::PasswordCharacters]
    );
    seen.insert(HintCode::PasswordCharacters);
    // Every code is made by some input, and is written apart from the others.
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), HintCode::ALL);
    let written: std::collections::BTreeSet<&str> =
        HintCode::ALL.iter().map(|code| code.as_str()).collect();
    assert_eq!(written.len(), HintCode::ALL.len());
    for &code in HintCode::ALL {
        assert_eq!(code.to_string(), code.as_str());
        // `FromStr` is its inverse.
        assert_eq!(code.as_str().parse::<HintCode>(), Ok(code));
        assert!(
            code.as_str()
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b == b'-'),
            "{code}"
        );
    }
}

/// A string that is no hint code, in another case or spelling or a lint
/// code, does not parse as one: the error names it, escaped as quoted text.
#[test]
fn a_string_that_is_no_hint_code_is_an_error_naming_it() {
    for text in ["Fragment", "non_ascii", "", " fragment", "password"] {
        let error = text.parse::<HintCode>().unwrap_err();
        assert_eq!(error.name(), text);
        assert_eq!(error.to_string(), format!("\"{text}\" is not a hint code"));
    }
    let error = "\u{1b}[2J".parse::<HintCode>().unwrap_err();
    assert_eq!(error.to_string(), r#""\u{1b}[2J" is not a hint code"#);
    // Not the error of the same string as a lint code.
    assert_ne!(
        Some(error),
        "\u{1b}[2J".parse::<rfc1738::lint::Code>().err()
    );
}

#[test]
fn no_hint_is_invented() {
    // A valid prefix that stops inside a literal: the message names its
    // rest, nothing more to suggest.
    assert!(hints("http:/").is_empty());
    assert!(hints("telnet:/").is_empty());
}

#[test]
fn hints_derived_late_or_at_once_are_the_same() {
    // A short input is kept by its error, which derives hints when first
    // asked; a long one is not kept, and its hints are derived at once. The
    // same mistakes get the same hints either way.
    let long_path = "a/".repeat(3000);
    for (short, long) in [
        (
            "http://user@host/".to_owned(),
            format!("http://user@host/{long_path}"),
        ),
        (
            "http://host/a~b".to_owned(),
            format!("http://host/{long_path}a~b"),
        ),
        (
            "ftp://host/f;type=x".to_owned(),
            format!("ftp://host/{long_path}f;type=x"),
        ),
    ] {
        assert!(long.len() > 5000);
        let hints = |input: &str| {
            let error = error(input);
            let derived = error.clone();
            // Deriving the hints changes neither equality nor what they are.
            let first: Vec<String> = error.hints().iter().map(ToString::to_string).collect();
            assert_eq!(error, derived, "{input:?}");
            assert_eq!(error.hints(), derived.hints(), "{input:?}");
            assert!(format!("{error:?}").contains("hints"), "{input:?}");
            first
        };
        let (short_hints, long_hints) = (hints(&short), hints(&long));
        assert!(!short_hints.is_empty(), "{short:?}");
        assert_eq!(short_hints, long_hints, "{short:?}");
        // The long input's rendering shows a window of its line, not all of it.
        let rendered = format!("{:#}", error(&long));
        assert!(!rendered.contains(&long_path), "{rendered}");
        for hint in &long_hints {
            assert!(rendered.contains(hint.as_str()), "{rendered}");
        }
    }
}

#[test]
fn errors_cross_threads_and_box_into_dyn_error() {
    // The hints derived on first use sit in a cell that threads may share:
    // the error stays `Send + Sync`, as `anyhow` and `Box<dyn Error>` need.
    fn shareable<E: std::error::Error + Send + Sync + 'static>(
        error: E,
    ) -> Box<dyn std::error::Error + Send + Sync> {
        Box::new(error)
    }
    let error = error("http://host/a b");
    let shared = std::sync::Arc::new(error.clone());
    let hints = std::thread::scope(|scope| {
        let shared = &shared;
        let threads: Vec<_> = (0..2)
            .map(|_| scope.spawn(move || shared.hints().len()))
            .collect();
        threads
            .into_iter()
            .map(|thread| thread.join().expect("no panic"))
            .collect::<Vec<_>>()
    });
    assert_eq!(hints, [1, 1]);
    assert_eq!(shareable(error).to_string(), shared.to_string());
}

#[test]
fn threads_racing_to_derive_the_details_see_the_same() {
    // The details are derived on first access into a cell that one
    // compare-and-swap sets: threads that ask at once may each derive them,
    // and all see the one that was kept.
    let alone = error("ftp://user:pw@host:8a/path");
    let told = (
        alone.expected().to_vec(),
        alone.path().to_vec(),
        alone.message(),
    );
    for _ in 0..20 {
        let shared = error("ftp://user:pw@host:8a/path");
        let seen: Vec<_> = std::thread::scope(|scope| {
            let shared = &shared;
            let threads: Vec<_> = (0..4)
                .map(|_| {
                    scope.spawn(move || {
                        let expected = shared.expected();
                        (
                            expected.to_vec(),
                            shared.path().to_vec(),
                            shared.message(),
                            expected.as_ptr().addr(),
                        )
                    })
                })
                .collect();
            threads
                .into_iter()
                .map(|thread| thread.join().expect("no panic"))
                .collect()
        });
        for (expected, path, message, at) in &seen {
            assert_eq!((expected, path, message), (&told.0, &told.1, &told.2));
            // Every thread reads the one set of details kept.
            assert_eq!(*at, seen[0].3);
        }
    }
}

#[test]
fn rendered_diagnostics() {
    let cases = [
        ("user_in_http", "http://user:secret@host/"),
        (
            "fragment",
            "http://ds.internic.net/instructions/overview.html#WARNING",
        ),
        ("space", "http://host/a file.html"),
        ("percent", "http://host/100%"),
        ("non_ascii", "http://host/caf\u{e9}"),
        ("control", "http://host/\u{1b}[31m"),
        ("empty_port", "http://host:/"),
        ("label_hyphen", "http://host-.com/"),
        ("toplabel_digit", "http://host.1com/"),
        ("hostnumber", "http://10.0.1/"),
        ("ftptype", "ftp://host/file;type=x"),
        ("news_group", "news:1comp"),
        ("scheme", "ht_tp://host/"),
        (
            "long_line",
            &format!("http://host/{}~{}", "a".repeat(100), "b".repeat(100)),
        ),
    ];
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(Path::new(env!("CARGO_MANIFEST_DIR")).join("snapshots"));
    settings.set_omit_expression(true);
    for (name, input) in cases {
        let rendered = format!("{:#}", error(input));
        // Nothing from the input reaches the terminal raw.
        assert!(!rendered.contains('\u{1b}'), "{name}");
        settings.set_description(format!("{input:?}"));
        settings.bind(|| insta::assert_snapshot!(name, rendered));
    }
}

/// `styled` without the renderer's own escape sequences (`ESC [ ... m`,
/// colours and bold).
fn without_styles(styled: &str) -> String {
    let mut plain = String::new();
    let mut rest = styled;
    while let Some(at) = rest.find("\u{1b}[") {
        plain.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let end = after
            .find(|c: char| !(c.is_ascii_digit() || c == ';'))
            .filter(|&end| after[end..].starts_with('m'))
            .expect("a style ends in m");
        rest = &after[end + 1..];
    }
    plain.push_str(rest);
    plain
}

#[test]
fn nothing_invisible_reaches_a_rendering() {
    // A character of each class `rfc1738::visible` escapes, where the
    // excerpt, the message and a hint show it.
    let classes = [
        '\u{1b}',
        '\u{9b}',
        '\u{ad}',
        '\u{200b}',
        '\u{202e}',
        '\u{2066}',
        '\u{2028}',
        '\u{a0}',
        '\u{115f}',
        '\u{3164}',
        '\u{2800}',
        '\u{e0041}',
        '\u{e000}',
        '\u{fdd0}',
        '\u{301}',
    ];
    for c in classes {
        for input in [format!("http://host/{c}abc"), format!("http://host/a b{c}")] {
            let error = error(&input);
            let hints: Vec<String> = error.hints().iter().map(ToString::to_string).collect();
            let shown = [
                error.to_string(),
                format!("{error:#}"),
                without_styles(&error.diagnostic().styled(true).to_string()),
                error.message(),
                hints.join("\n"),
            ];
            for shown in shown {
                assert!(
                    !shown.contains(c) && shown.chars().all(|s| s == '\n' || s >= ' '),
                    "U+{:04X}: {shown}",
                    u32::from(c)
                );
            }
        }
    }
}

#[test]
fn a_hidden_password_is_hidden_in_short_and_long_inputs_alike() {
    let long_path = "a/".repeat(3000);
    for input in [
        "ftp://me:p w@host/".to_owned(),
        format!("ftp://me:p w@host/{long_path}"),
    ] {
        let mut error = error(&input);
        let shown = error.clone();
        error.hide_password();
        assert_eq!(error, shown, "hiding changes how it is shown only");
        assert_eq!(error.password_span(), Some(9..12));
        let rendered = format!("{error:#}");
        assert!(rendered.contains("ftp://me:***@host/"), "{rendered}");
        assert!(!rendered.contains("p w"), "{rendered}");
        // The hint about a space would quote it: one about passwords instead.
        let sections: Vec<&str> = error.hints().iter().map(|hint| hint.section()).collect();
        assert_eq!(sections, ["3.1"], "{rendered}");
        let sections: Vec<&str> = shown.hints().iter().map(|hint| hint.section()).collect();
        assert_eq!(sections, ["2.2"]);
        assert!(format!("{shown:#}").contains("ftp://me:p w@host/"));
        // Debug, which a panic's message shows, names the character found
        // only as hidden.
        let debug = format!("{error:?}");
        assert!(debug.contains("found: Hidden,"), "{debug}");
        assert!(format!("{shown:?}").contains("found: Char(' '),"));
        assert_eq!(error.found(), shown.found());
        // So does a diagnostic's that hides the password, of either.
        for of in [&error, &shown] {
            let debug = format!("{:?}", of.diagnostic().hide_password(true));
            assert!(debug.contains("found: Hidden,"), "{debug}");
            assert!(!debug.contains("p w"), "{debug}");
        }
        let debug = format!("{:?}", shown.diagnostic());
        assert!(debug.contains("found: Char(' '),"), "{debug}");
    }
}

#[test]
fn rendered_with_the_password_hidden() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(Path::new(env!("CARGO_MANIFEST_DIR")).join("snapshots"));
    settings.set_omit_expression(true);
    let input = "ftp://john@example.com:hunter2@host/";
    let mut error = error(input);
    error.hide_password();
    settings.set_description(format!("{input:?}, password hidden"));
    settings.bind(|| insta::assert_snapshot!("password_hidden", format!("{error:#}")));
}

/// The line the diagnostic of `input`'s error quotes, its passwords
/// hidden, and the whole diagnostic.
fn hidden_line(input: &str) -> (String, String) {
    let mut error = error(input);
    error.hide_password();
    let rendered = format!("{error:#}");
    let line = rendered
        .lines()
        .find_map(|line| line.strip_prefix("1 | "))
        .unwrap_or_else(|| panic!("no line quoted in {rendered}"))
        .to_owned();
    (line, rendered)
}

/// A password written further in the line than the input's own (a second
/// URL pasted beside it, a URL in its path, a log's text after it) is
/// hidden with it: after every `//`, between the first `:` and the last
/// `@` before the next `/`.
#[test]
fn passwords_written_further_in_the_line_are_hidden_too() {
    for (input, shown) in [
        (
            "http://x/a ftp://me:secret@h/",
            "http://x/a ftp://me:******@h/",
        ),
        (
            "ftp://a:b@h/ ftp://me:secret@h/",
            "ftp://a:*@h/ ftp://me:******@h/",
        ),
        // No scheme before the `//`, a run of `/`s, an `@` or a `/` typed
        // into the password.
        ("http://h/a b //me:p@ss@h/", "http://h/a b //me:****@h/"),
        ("http://h/a b ///me:pw@h/", "http://h/a b ///me:**@h/"),
        (
            "http://h/a b //root:hunter2/x@h/",
            "http://h/a b //root:*********@h/",
        ),
        // Escapes, and characters that are not visible: a star each.
        (
            "http://h/a b //me:p%41\u{202e}\u{0}@h/",
            "http://h/a b //me:******@h/",
        ),
        // Runs of `:` and `@`.
        ("http://h/a b //::@@:@/", "http://h/a b //:****@/"),
        // A port, or no `@`: nothing.
        (
            "http://h/a b //h:80/a@b //me:pw",
            "http://h/a b //h:80/a@b //me:pw",
        ),
    ] {
        let (line, rendered) = hidden_line(input);
        assert_eq!(line, shown, "{rendered}");
        // Shown unless hidden.
        let visible = format!("{:#}", error(input));
        assert!(
            visible.contains(&rfc1738::visible::Visible::new(input).to_string()),
            "{visible}"
        );
    }
}

/// Rejected before its login (a mistyped `//`), an input's password is
/// guessed after its scheme's name and `:`: a `//` further on (a path's
/// empty segment, a second URL, a query, the password itself) does not
/// move it, and the password is hidden whatever follows it on the line.
#[test]
fn a_mistyped_slash_pair_hides_the_password_whatever_follows() {
    for (input, shown) in [
        ("ftp:/admin:hunter2@h/", "ftp:/admin:*******@h/"),
        (
            "ftp:/admin:hunter2@ftp.example.com/pub//file",
            "ftp:/admin:*******@ftp.example.com/pub//file",
        ),
        (
            "ftp:/admin:hunter2@h/ see http://x/",
            "ftp:/admin:*******@h/ see http://x/",
        ),
        ("ftp:admin:hunter2@h/a//b", "ftp:admin:*******@h/a//b"),
        ("telnet:/root:hunter2@h//", "telnet:/root:*******@h//"),
        (
            "http:/me:hunter2@h/x?u=http://y/",
            "http:/me:*******@h/x?u=http://y/",
        ),
        ("ftp:/me:my//=gj@h/", "ftp:/me:*******@h/"),
        // A second URL's password after it is hidden too.
        (
            "ftp:/me:hunter2@h/ ftp://u:pw@h/",
            "ftp:/me:*******@h/ ftp://u:**@h/",
        ),
    ] {
        let (line, rendered) = hidden_line(input);
        assert_eq!(line, shown, "{rendered}");
    }
}

/// Checked as a `password`, the input is a password whole, rejected as
/// well as valid: hidden, its error shows none of it, in `Display` and
/// `Debug` alike, whatever stands at the offset.
#[test]
fn a_rejected_password_is_hidden_whole() {
    // Upper-case `Q` and `Z`, which no message, hint or note holds.
    for input in ["QZ/ZQ", "/QZQ", "Q Z", "Q:Z@Q/Z%zz"] {
        let mut error = parse_rule(Rule::Password, input).expect_err(input);
        assert_eq!(error.password_span(), Some(0..input.len()), "{input}");
        error.hide_password();
        let stars = "*".repeat(input.chars().count());
        for shown in [
            format!("{error}"),
            format!("{error:#}"),
            format!("{error:?}"),
        ] {
            assert!(!shown.contains(['Q', 'Z']), "{input}: {shown}");
        }
        let (line, rendered) = {
            let rendered = format!("{error:#}");
            let line = rendered
                .lines()
                .find_map(|line| line.strip_prefix("1 | "))
                .map(str::to_owned);
            (line, rendered)
        };
        assert_eq!(line.as_deref(), Some(stars.as_str()), "{rendered}");
    }
    // A valid one is the parser's, all of it.
    let valid = parse_rule(Rule::Password, "secret").expect("a password");
    assert_eq!(valid.password_span(), Some(0..6));
}

/// An `@` typed into the user and a `/` into the password, or an `@` and
/// then a `/` into the password: the password is hidden whole, the input's
/// own and one written further in the line alike.
#[test]
fn an_at_and_a_slash_typed_into_a_login_hide_the_password_whole() {
    for (input, shown) in [
        (
            "ftp://me@mail.com:hunter2/x@host/",
            "ftp://me@mail.com:*********@host/",
        ),
        (
            "telnet://me@corp:hun/ter2@host/",
            "telnet://me@corp:********@host/",
        ),
        (
            "http://me@mail.com:hun/ter2@host/",
            "http://me@mail.com:********@host/",
        ),
        ("ftp://me:hun@/ter2@host/", "ftp://me:*********@host/"),
        (
            "http://h/x //me:hun@/ter2@host/",
            "http://h/x //me:*********@host/",
        ),
    ] {
        let (line, rendered) = hidden_line(input);
        assert_eq!(line, shown, "{rendered}");
    }
}

/// A line feed typed into a password written further in the line ends
/// none of it: what the diagnostic's line shows of it is hidden, as the
/// input's own is.
#[test]
fn a_line_feed_typed_into_a_further_password_hides_it_whole() {
    for (input, shown) in [
        ("http://h/ //me:hun\nKx@h/", "http://h/ //me:***"),
        ("ftp://h/a b //me:h\nun@h/", "ftp://h/a b //me:*"),
        // The input's own.
        ("ftp://me:hun\nKx@h/", "ftp://me:***"),
        ("ftp:/me:hun\nKx@h/", "ftp:/me:***"),
    ] {
        let (line, rendered) = hidden_line(input);
        assert_eq!(line, shown, "{rendered}");
    }
}

/// The window shows 60 columns each side of the offset: a password written
/// further in the line is hidden however much of it the window shows,
/// its `//` and its `@` out of it, in a long input (not kept whole) too.
#[test]
fn a_further_password_is_hidden_across_the_windows_edges() {
    let secret = "s".repeat(200);
    // The `//me:` before the window, the error after the password.
    let input = format!("ftp://h/a//me:{secret}@h/ x");
    let (line, rendered) = hidden_line(&input);
    assert!(line.starts_with("…*****"), "{rendered}");
    assert!(line.ends_with("*@h/ x"), "{rendered}");
    // The error before it, the `@` past the window's end.
    let input = format!("http://x/a ftp://me:{secret}@h/");
    let (line, rendered) = hidden_line(&input);
    assert!(line.starts_with("http://x/a ftp://me:*****"), "{rendered}");
    assert!(line.ends_with("**…"), "{rendered}");
    // Both out of the window, in a long input.
    for input in [
        format!("ftp://h/a//me:{secret}é{secret}@h/"),
        format!("ftp://h/{}//me:{secret}é{secret}@h/", "a".repeat(5000)),
    ] {
        let (line, rendered) = hidden_line(&input);
        assert!(!line.contains('s') && !line.contains('é'), "{rendered}");
        assert!(
            line.starts_with("…****") && line.ends_with("****…"),
            "{rendered}"
        );
        assert!(
            rendered.contains("found a character of the password (hidden)"),
            "{rendered}"
        );
    }
    // A line of many: each hidden, the output bounded by the window.
    let input = format!("http://x/a {}", "//a:b@h".repeat(100_000));
    let (line, rendered) = hidden_line(&input);
    assert_eq!(
        line,
        format!("http://x/a {}//a:…", "//a:*@h".repeat(8)),
        "{rendered}"
    );
    assert!(rendered.len() < 1000);
}

/// A hidden password shows as many `*`, and the window as much of the
/// line around it, whatever characters it holds: each takes one column in
/// the window, as its `*` does. Measured as written, the window after
/// `http://x/a ftp://me:` showed 51 `*` for ASCII, 25 for wide characters
/// and 10 for control characters (escaped as `\u{7}`).
#[test]
fn a_hidden_password_shows_alike_whatever_its_characters() {
    let mixed: String = ['a', '漢', '\u{7}', 'é', '\u{10fffd}']
        .iter()
        .cycle()
        .take(99)
        .collect();
    let passwords = ["a".repeat(99), "漢".repeat(99), "\u{7}".repeat(99), mixed];
    let long = "a".repeat(5000);
    // Each `{}` is a password (the error before it), `{long}` a path that
    // makes the input too long for the error to keep.
    let lines = [
        "http://x/a ftp://me:{}@h_/".to_owned(),
        "http://x/a ftp://me:{}@h_/ ftp://me:{}@h/".to_owned(),
        format!("http://x/{long} ftp://me:{{}}@h_/"),
        // The input's own, the error at its first character.
        "ftp://me:~{}@h/".replace('~', "\u{7}"),
    ];
    for line in lines {
        let shown: Vec<String> = passwords
            .iter()
            .map(|password| hidden_line(&line.replace("{}", password)).0)
            .collect();
        assert!(shown[0].contains(&"*".repeat(40)), "{shown:?}");
        assert!(shown.iter().all(|line| *line == shown[0]), "{shown:?}");
    }
}

/// Where the error is in a password written further in the line, the
/// character found is named only as the password's, and the hint says
/// what a password must encode, as for the input's own.
#[test]
fn an_error_in_a_further_password_names_nothing_of_it() {
    let input = "ftp://h/a//me:pä w@h/";
    let mut error = error(input);
    let shown = error.clone();
    error.hide_password();
    assert_eq!(error.password_span(), None);
    assert!(
        error
            .message()
            .ends_with("found a character of the password (hidden)"),
        "{}",
        error.message()
    );
    let rendered = format!("{error:#}");
    assert!(
        rendered.contains("1 | ftp://h/a//me:****@h/\n"),
        "{rendered}"
    );
    assert!(
        !rendered.contains('ä') && !rendered.contains("%C3"),
        "{rendered}"
    );
    let sections: Vec<&str> = error.hints().iter().map(|hint| hint.section()).collect();
    assert_eq!(sections, ["3.1"], "{rendered}");
    assert!(format!("{error:?}").contains("found: Hidden,"));
    // Not hidden: as it is.
    assert!(
        shown.message().ends_with(r#"found "ä""#),
        "{}",
        shown.message()
    );
    assert!(format!("{shown:#}").contains("ftp://h/a//me:pä w@h/"));
    // Beside a further password, the character found is shown.
    let mut error = parse("http://h/a b //me:pw@h/").unwrap_err();
    error.hide_password();
    assert!(
        error.message().ends_with(r#"found " ""#),
        "{}",
        error.message()
    );
}

/// The passwords of every composition of up to `pieces` of [`PIECES`],
/// each after `lead`.
fn compositions(lead: &str, pieces: usize) -> Vec<String> {
    let mut all = vec![lead.to_owned()];
    let mut last = all.clone();
    for _ in 0..pieces {
        last = (last.iter())
            .flat_map(|password| PIECES.iter().map(move |piece| format!("{password}{piece}")))
            .collect();
        all.extend(last.iter().cloned());
    }
    all
}

/// What a password may be made of: characters the grammar reads
/// differently before an error (an escape begun, one whole, a delimiter of
/// a path or a search, an `;type=` begun, a character no part holds, one
/// of two bytes).
const PIECES: [&str; 11] = ["a", "1", "%", "%4", "\"", "/", "?", ":", ";", "é", "%41"];

/// Whatever a password written further in the line holds before the
/// offset, an error past its first character, up to its end, says the same
/// with the passwords hidden: for every password of up to four
/// [`PIECES`] in a URL's path (http, ftp, an `otherurl`), after a decoded
/// `//`, in a second URL on the line and where its decoded `//` reads a
/// port as a password, any two inputs whose error has the same offset and
/// column and whose hidden characters are the same are told alike: the
/// message, the path, what was expected, the hints, `Display` in both
/// forms and `Debug`. Shown, they were not (`http://h/a//me:p%"w@h/`
/// expected a hex digit, `http://h/a//me:pa"w@h/` a uchar, `/`, `?` or
/// the end).
#[test]
fn an_error_in_a_hidden_further_password_says_the_same_whatever_it_holds_before_it() {
    use std::collections::HashMap;
    // The line, `{}` the password, and what it starts with.
    let contexts = [
        ("http://h/a//me:{}@h/", ""),
        ("ftp://h/a//me:{}@h/", ""),
        ("x://h/a//me:{}@h/", ""),
        ("http://h/a%2F%2Fme:{}%40h/", ""),
        ("http://x/a ftp://me:{}@h/", ""),
        ("http://x/a,ftp://me:{}@h/", ""),
        ("ftp://%2F@h:{}%40/", "1"),
    ];
    let mut said: HashMap<_, (String, String)> = HashMap::new();
    let (mut compared, mut told) = (0, vec![0; contexts.len()]);
    let mut as_passwords = 0;
    for (i, (line, lead)) in contexts.iter().enumerate() {
        let start = line.find("{}").expect("a password");
        for password in compositions(lead, 4) {
            let input = line.replace("{}", &password);
            let Err(mut error) = parse(&input) else {
                continue;
            };
            let (offset, end) = (error.offset(), start + password.len());
            let own = error.password_span();
            let spans = rfc1738::passwords_around(&input, own.clone());
            // The whole password hidden as one, the offset past its first
            // character, up to its end; not told as the input's own.
            let past = |span: &Range<usize>| span.start < offset && offset <= span.end;
            if !(past(&(start..end)) && spans.contains(&(start..end)))
                || own.as_ref().is_some_and(past)
            {
                continue;
            }
            let hidden: Vec<bool> = (input.char_indices())
                .map(|(at, _)| spans.iter().any(|span| span.contains(&at)))
                .collect();
            error.hide_password();
            told[i] += 1;
            as_passwords += usize::from(error.path() == [error.rule(), Rule::Password]);
            let key = (i, offset, error.column(), hidden, own);
            let this = (input.clone(), said_hidden(&input));
            match said.get(&key) {
                Some((first, that)) => {
                    assert_eq!(this.1, *that, "{input} {first}");
                    compared += 1;
                }
                None => {
                    said.insert(key, this);
                }
            }
        }
    }
    // The error of the second URL on the line lies at the space before it.
    assert_eq!(told[4], 0, "{told:?}");
    let others = told.iter().enumerate().filter(|&(i, _)| i != 4);
    assert!(others.clone().all(|(_, &told)| told > 100), "{told:?}");
    assert!(compared > 10_000, "{compared} compared {told:?}");
    // Where the decoded `//` reads the port as a password, the `*`s stand
    // where a port's digits must: it is told as the password's.
    assert_eq!(as_passwords, told[6], "{told:?}");
}

/// With the password hidden, an error past the first character of a
/// password written further in the line is told what the grammar expects
/// after that many `*`s; at its end, the `@` found is not listed.
#[test]
fn an_error_in_a_hidden_further_password_is_told_as_after_stars() {
    let told = |input: &str| {
        let mut error = error(input);
        error.hide_password();
        (error.message(), error.path_display())
    };
    let after_stars = r#"expected uchar, ";", ":", "@", "&", "=", "/", "?" or end of input, found a character of the password (hidden)"#;
    for input in ["http://h/a//me:p%\"w@h/", "http://h/a//me:pa\"w@h/"] {
        assert_eq!(
            told(input),
            (
                after_stars.to_owned(),
                "httpurl › hpath › hsegment".to_owned()
            )
        );
    }
    // Shown, as the grammar read it.
    assert_eq!(
        error("http://h/a//me:p%\"w@h/").message(),
        r#"expected hex, found "\"""#
    );
    // At its end: the `@` found is no more expected than in the input's
    // own password.
    let (message, _) = told("ftp://h/a//me:p%@h/");
    assert_eq!(
        message,
        r#"expected uchar, "?", ":", "&", "=", "/", ";type=" or end of input, found "@""#
    );
    // No literal is written as its rest begun in the password.
    let (message, _) = told("ftp://h/a//me:p;ty\"@h/");
    assert!(message.contains(r#"";type=""#), "{message}");
    // Where the `*`s cannot stand, told as the password's.
    let (message, path) = told("ftp://%2F@h:1a%40/");
    assert_eq!(
        (message.as_str(), path.as_str()),
        (
            r#"expected uchar, ";", "?", "&" or "=", found a character of the password (hidden)"#,
            "ftpurl › password"
        )
    );
    let (message, _) = told("ftp://%2F@h:12%40/");
    assert!(message.ends_with(r#""=" or "@", found "%""#), "{message}");
}

/// Which password the guesses take a hidden character for does not change
/// what the error says: every password's characters before the offset are
/// read as `*`s. In each pair the first input's own password, as guessed,
/// runs to an `@` that a decoded reading (`%40`) or a further password
/// hides too; the second, the first with every hidden character but the
/// offset's written as `*`, has no own password there, or another, and
/// shows the same. The first was told as the password's, the second after
/// as many `*`s (fuzz finding 12); the news article's `@` read with a host
/// after it found no own password in the first of the last pair, and one
/// in the second.
#[test]
fn an_error_in_a_password_guessed_and_decoded_is_told_as_after_stars() {
    let starred = |input: &str| -> String {
        let error = error(input);
        let own = error.password_span();
        let hidden = rfc1738::passwords_around(input, own.clone());
        let hidden: Vec<Range<usize>> = own.into_iter().chain(hidden).collect();
        (input.char_indices())
            .map(|(at, c)| {
                let shown = at == error.offset() || !hidden.iter().any(|span| span.contains(&at));
                if shown { c } else { '*' }
            })
            .collect()
    };
    for input in [
        "NeprOspero:/wstelnet://h:u4@z4444444@z444444444444444444444444444444444A44loca+\u{1}\0\0 :.@98888.28888.3..8%4009&",
        "ftpmailto:://'tp://0.2432.-\u{12}F@h:1a%40/",
        "news:?&//me:@h ;%09@ %4é",
    ] {
        let twin = starred(input);
        let (first, second) = (error(input), error(&twin));
        assert_eq!(first.offset(), second.offset(), "{input:?}");
        assert_ne!(first.password_span(), second.password_span(), "{input:?}");
        assert_eq!(said_hidden(input), said_hidden(&twin), "{input:?}");
        let mut hidden = first.clone();
        hidden.hide_password();
        assert_ne!(hidden.path().last(), Some(&Rule::Password), "{input:?}");
    }
}

/// A hidden character at the end of the password the offset lies in, one
/// of another password, counts for nothing, as within the password: which
/// span the guess ends there, and whether that character is an `@`, turn on
/// hidden characters (in each pair the inputs differ only in one, and show
/// the same). The first pair's guess ended at the caret or two `@`s
/// further, as the hidden character after them was an `@` or not, and the
/// caret's `@` was then left out of what was expected or listed; the
/// others, whether the hidden character at the caret was an `@`.
#[test]
fn a_hidden_character_at_a_passwords_end_counts_for_nothing() {
    let hidden = |rule: Option<Rule>, input: &str| {
        let mut error = match rule {
            Some(rule) => parse_rule(rule, input).unwrap_err(),
            None => parse(input).unwrap_err(),
        };
        let own = error.password_span();
        let mut spans = rfc1738::passwords_around(input, own.clone());
        spans.extend(own);
        let mask: Vec<bool> = (0..input.len())
            .map(|at| spans.iter().any(|span| span.contains(&at)))
            .collect();
        error.hide_password();
        (
            error.offset(),
            mask,
            format!("{error}\n{error:#}\n{error:?}"),
        )
    };
    for (rule, first, second) in [
        (None, "ftp://%2F:a@@:b@1%40/", "ftp://%2F:a@@:b+1%40/"),
        (None, "ftp://%2F:@h:1a%40/", "ftp://%2F:@h:1@%40/"),
        (
            Some(Rule::Fpath),
            "http://ha%2F%2Fme:p%\"w%40h/",
            "http://ha%2F%2Fme:p%@w%40h/",
        ),
    ] {
        let (offset, mask, said) = hidden(rule, first);
        assert!(mask[offset], "{first}: the caret's character is hidden");
        assert_eq!(
            hidden(rule, second),
            (offset, mask, said),
            "{first} {second}"
        );
    }
}

/// After a byte that is not UTF-8, the error says what could have come in
/// its place: what continues the text before it, and the end when that
/// text is a whole string of the rule.
#[test]
fn a_byte_that_is_not_text_is_told_what_could_have_come() {
    for (input, rule, message, path) in [
        (
            &b"ftp://h/a;type=a\xff"[..],
            None,
            "expected end of input, found byte 0xFF",
            "ftpurl",
        ),
        (
            b"http://host\xfe/",
            None,
            r#"expected alphadigit, "-", ".", ":", "/" or end of input, found byte 0xFE"#,
            "httpurl › hostport › host › hostname › domainlabel",
        ),
        (
            b"http://h:80\xff",
            None,
            r#"expected digit, "/" or end of input, found byte 0xFF"#,
            "httpurl › hostport › port › digits",
        ),
        (
            b"\xff",
            None,
            r#"expected lowalpha, digit, "+", "-" or ".", found byte 0xFF"#,
            "otherurl › genericurl › scheme",
        ),
        (
            b"80\x80",
            Some(Rule::Port),
            "expected digit or end of input, found byte 0x80",
            "port › digits",
        ),
    ] {
        let error = check_bytes(rule, input).unwrap_err();
        let text_len = input.len() - input.iter().rev().position(|&b| b >= 0x80).unwrap() - 1;
        assert_eq!(error.offset(), text_len, "{input:?}");
        assert_eq!(error.message(), message, "{input:?}");
        assert_eq!(error.path_display(), path, "{input:?}");
        assert!(!error.expected().is_empty(), "{input:?}");
    }
    // A text that fails before the byte keeps its own error.
    let error = check_bytes(None, b"http://h h/\xff").unwrap_err();
    assert_eq!(
        (error.offset(), error.found()),
        (8, rfc1738::Found::Char(' '))
    );
    // What follows the byte is shown, the byte as U+FFFD; a password that
    // goes on after it is hidden whole.
    let error = check_bytes(None, b"http://a/\xffbc").unwrap_err();
    assert!(format!("{error:#}").contains("1 | http://a/\u{fffd}bc\n"));
    let mut error = check_bytes(None, b"ftp://me:pa\xffss@host/").unwrap_err();
    assert_eq!(error.password_span(), Some(9..16));
    error.hide_password();
    let shown = format!("{error:#}");
    assert!(shown.contains("1 | ftp://me:*****@host/\n"), "{shown}");
}

/// No hint shows a character that is not visible as it is: a byte-order
/// mark at the start or anywhere, zero-width and bidirectional controls,
/// C0 and C1 controls and DEL, each where the message and the hints quote
/// the character found.
#[test]
fn no_hint_shows_an_invisible_character_raw() {
    let classes = [
        '\u{feff}', '\u{200b}', '\u{200d}', '\u{2060}', '\u{202e}', '\u{2067}', '\u{200f}',
        '\u{61c}', '\u{0}', '\u{7}', '\t', '\n', '\r', '\u{1b}', '\u{1f}', '\u{7f}', '\u{80}',
        '\u{85}', '\u{9b}', '\u{9f}',
    ];
    for c in classes {
        let inputs = [
            format!("{c}http://host/"),
            format!("http://host/{c}"),
            format!("http://ho{c}st/"),
            format!("ftp://me:p{c}w@host/"),
        ];
        for input in inputs {
            let error = error(&input);
            let hints: Vec<String> = error.hints().iter().map(ToString::to_string).collect();
            assert!(!hints.is_empty(), "{input:?}");
            for shown in hints.iter().chain([&error.message(), &error.to_string()]) {
                assert!(
                    shown.chars().all(rfc1738::visible::is_visible),
                    "U+{:04X} in {input:?}: {shown:?}",
                    u32::from(c)
                );
            }
        }
    }
}

#[test]
fn display_is_one_line_and_the_diagnostic_is_the_alternate_form() {
    for input in [
        "http://host:8a/",
        "http://host/a\nb",
        "http://ho\u{202e}st/",
        "ftp://me:p w@host/",
        "\u{feff}http://host/",
    ] {
        let error = error(input);
        let line = error.to_string();
        assert!(!line.contains('\n'), "{line:?}");
        assert_eq!(
            line,
            format!(
                "not a valid {}: {} at {}:{}",
                error.rule(),
                error.message(),
                error.line(),
                error.column()
            )
        );
        let diagnostic = format!("{error:#}");
        assert_eq!(diagnostic, error.diagnostic().to_string());
        assert!(diagnostic.starts_with(&format!("error: not a valid {}: ", error.rule())));
        assert!(diagnostic.contains(&error.message()), "{diagnostic}");
        assert!(diagnostic.lines().count() > 3, "{diagnostic}");
    }
    // The position counts lines and characters as `Position` does.
    let error = parse_rule(Rule::Url, "x:ab\nc").unwrap_err();
    assert_eq!(error.position(), rfc1738::Position::new(1, 5));
    assert_eq!(
        error.to_string(),
        r#"not a valid url: expected xchar or end of input, found "\n" at 1:5"#
    );
}

/// What `span` says of `input`'s error: the rest of the input from the
/// offset, and the position, checked against the error's.
fn span_of(error: &Error, input: &str) -> Option<(String, rfc1738::Position)> {
    let span = error.span()?;
    assert_eq!(span.location_offset(), error.offset(), "{input:?}");
    let at = rfc1738::Position::from(&span);
    assert_eq!(at, error.position(), "{input:?}");
    assert_eq!(
        at,
        rfc1738::Position::of(input, error.offset()),
        "{input:?}"
    );
    Some(((*span.fragment()).to_owned(), at))
}

#[test]
fn the_span_of_the_failure_point_gives_the_errors_position() {
    let input = "ftp://hote/é dir";
    let failed = error(input);
    assert_eq!(
        span_of(&failed, input),
        Some(("é dir".to_owned(), rfc1738::Position::new(1, 12)))
    );
    // Too short: an empty span at the end.
    let failed = error("http:/");
    assert_eq!(
        span_of(&failed, "http:/"),
        Some((String::new(), rfc1738::Position::new(1, 7)))
    );
    // Bytes that are not text are U+FFFD in the input the error keeps.
    let failed = check_bytes(None, b"http://h/a\xFFb\xFE").unwrap_err();
    assert_eq!(
        failed.span().map(|span| *span.fragment()),
        Some("\u{FFFD}b\u{FFFD}")
    );
    assert_eq!(failed.offset(), 10);
    // Kept so, 1,400 such bytes are more than 4 KiB: no span, the position
    // counted at once.
    let mut bytes = b"http://h/a".to_vec();
    bytes.extend([0xFF; 1400]);
    let failed = check_bytes(None, &bytes).unwrap_err();
    assert_eq!((failed.span(), failed.offset()), (None, 10));
    assert_eq!(failed.position(), rfc1738::Position::new(1, 11));
    // Once the password is hidden, no span: it would hold the password.
    let mut failed = error("ftp://me:se cret@host/");
    assert!(failed.span().is_some());
    failed.hide_password();
    assert_eq!(failed.span(), None);
    // A long input is not kept, so neither is its span; its position is
    // counted at once, as a span of it counts.
    let input = format!("ftp://h/{}é dir", "a/".repeat(3000));
    let failed = error(&input);
    assert_eq!(failed.span(), None);
    let caller = rfc1738::nom_locate::LocatedSpan::new(input.as_str());
    let caller = rfc1738::nom::Input::take_from(&caller, failed.offset());
    assert_eq!(*caller.fragment(), "é dir");
    assert_eq!(failed.position(), rfc1738::Position::from(&caller));
    assert_eq!(failed.position(), rfc1738::Position::new(1, 6009));
}

proptest::proptest! {
    /// Every rejected input's span starts at the offset, holds the rest of
    /// the input, and is where `Position::of` says.
    #[test]
    fn every_errors_span_is_its_failure_point(
        input in "(http|ftp|news|x)(:|://)([a-z.@:/%;?=é日 \t\n]|😀|%4){0,24}",
    ) {
        if let Err(error) = parse(&input) {
            let (rest, _) = span_of(&error, &input).expect("a short input is kept");
            proptest::prop_assert_eq!(rest.as_str(), &input[error.offset()..]);
        }
    }
}

#[test]
fn a_diagnostic_names_its_origin_and_line_and_may_be_styled() {
    let error = error("http://host/a b");
    let shown = error
        .diagnostic()
        .origin("urls.txt")
        .first_line(41)
        .to_string();
    assert!(shown.contains("--> urls.txt:41:14"), "{shown}");
    assert!(shown.contains("41 | http://host/a b"), "{shown}");
    // Unless told, the origin is `input`, on line 1: what `{:#}` writes.
    assert_eq!(format!("{error:#}"), error.diagnostic().to_string());
    assert!(format!("{error:#}").contains("--> input:1:14"));
    // An origin is shown as `visible` shows it.
    let shown = error.diagnostic().origin("a\u{1b}[2Jb").to_string();
    assert!(shown.contains(r"--> a\u{1b}[2Jb:1:14"), "{shown}");
    let styled = error.diagnostic().styled(true).to_string();
    assert_ne!(styled, error.diagnostic().to_string());
    assert_eq!(without_styles(&styled), error.diagnostic().to_string());
}

/// The crate's errors can be stored, sent and boxed, and say where they
/// come from: `Error` is small.
#[test]
fn errors_are_std_errors_that_can_travel() {
    fn travels<E: std::error::Error + Send + Sync + 'static>() {}
    travels::<Error>();
    travels::<rfc1738::UnknownRule>();
    travels::<rfc1738::UnknownCode>();
    travels::<rfc1738::bnf::BnfError>();
    travels::<rfc1738::bnf::TooManyStates>();
    travels::<rfc1738::bnf::GenerateError>();
    travels::<rfc1738::url::BuildError>();
    travels::<rfc1738::url::OutOfRange>();
    travels::<rfc1738::url::ForbiddenByte>();
    travels::<rfc1738::url::SemanticError>();
    const _: () = assert!(std::mem::size_of::<Error>() <= 40);
    assert!(std::error::Error::source(&error("http://h h/")).is_none());
    // A part that is not a string of its production: why, as the source.
    let refused = rfc1738::url::Parts::Http(rfc1738::url::HttpParts::new("a b"))
        .build()
        .unwrap_err();
    let source = std::error::Error::source(&refused).expect("a source");
    assert!(source.downcast_ref::<Error>().is_some(), "{source}");
}

/// Wherever the error is in a long line, the diagnostic shows the same
/// window: the 60 characters (columns) before the caret and the 60 after, `…` where
/// the line goes on, the line's own column stated, and no line the
/// renderer would add for an excerpt that names no file (` ::: `).
#[test]
fn the_window_is_the_same_wherever_the_error_is_in_its_line() {
    for before in [0, 40, 59, 60, 61, 80, 500, 999, 1000, 1001, 1500, 5000] {
        let input = format!("http://h/{}~{}", "a".repeat(before), "b".repeat(200));
        let error = error(&input);
        let column = 9 + before + 1;
        for shown in [
            error.diagnostic().to_string(),
            without_styles(&error.diagnostic().styled(true).to_string()),
        ] {
            assert!(
                shown.contains(&format!(" --> input:1:{column}\n")),
                "{shown}"
            );
            assert!(
                shown.lines().all(|line| line.trim() != ":::"),
                "{before}: {shown}"
            );
            let line = shown
                .lines()
                .find_map(|line| line.strip_prefix("1 | "))
                .expect("the excerpt's line");
            let (left, right) = line.split_once('~').expect("the caret's character");
            let prefix = &input[..9 + before];
            let shown_before = match prefix.len().checked_sub(60) {
                Some(cut) if cut > 0 => format!("…{}", &prefix[cut..]),
                _ => prefix.to_owned(),
            };
            assert_eq!(left, shown_before, "{before}");
            assert_eq!(right, format!("{}…", "b".repeat(60)), "{before}");
            // The caret stands under the `~`.
            let caret = shown
                .lines()
                .find_map(|line| line.strip_prefix("  | "))
                .filter(|line| line.trim_start().starts_with('^'))
                .expect("the caret's line");
            assert_eq!(caret.find('^'), Some(left.chars().count()), "{before}");
        }
    }
}

/// Characters shown escaped take their escape's width in the window: 60
/// columns after the caret hold ten `\u{7f}`, not sixty, and the line
/// stays as wide on a terminal as a line of ASCII.
#[test]
fn escaped_characters_narrow_the_window_to_its_columns() {
    let error = error(&format!("http://h/ {}", "\u{7f}".repeat(200)));
    let shown = error.diagnostic().to_string();
    let line = shown
        .lines()
        .find_map(|line| line.strip_prefix("1 | "))
        .expect("the excerpt's line");
    assert_eq!(
        line,
        format!("http://h/ {}…", r"\u{7f}".repeat(10)),
        "{shown}"
    );
}

/// With the password hidden, the hints read the input with its characters
/// as `*`s: a hint reads the line past the offset (D22), and whether a
/// file URL's host is followed by a `/` must not be read inside the
/// password (fuzz finding 10: the `file:///` hint came or went as the
/// hidden password held a `/`).
#[test]
fn hidden_hints_do_not_read_the_password_past_the_offset() {
    let told = |input: &str| {
        let mut error = rfc1738::parse(input).expect_err("rejected");
        let own = error.password_span().expect("a password");
        error.hide_password();
        let codes: Vec<_> = error.hints().iter().map(|hint| hint.code()).collect();
        (own, format!("{error:#}"), codes)
    };
    let input = "file://\u{1a}ais:/77a:b@1.2.7.13*t";
    let (own, rendered, codes) = told(input);
    assert_eq!(&input[own.clone()], "/77a:b", "{rendered}");
    let masked = format!(
        "{}{}{}",
        &input[..own.start],
        "*".repeat(own.len()),
        &input[own.end..]
    );
    assert_eq!(told(&masked), (own, rendered, codes));
    // Shown, the hints read what is there.
    let shown = rfc1738::parse(input).expect_err("rejected");
    let other = rfc1738::parse(&masked).expect_err("rejected");
    assert_ne!(shown.hints().len(), other.hints().len());
}

/// With the passwords hidden, the hints read every password the line
/// shows hidden as `*`s, not only the input's own: which hints an error
/// gets does not tell what they hold. `gopher://%2F:1@h*h:1%40` was told
/// that a gopher URL allows no user name, for the `@` in the password that
/// its decoded `//` starts, and `gopher://%2F:1*h*h:1%40` was not; both
/// show `gopher://%2F:*******%40`. So do those of an error before every
/// password, where the input has none of its own.
#[test]
fn hidden_hints_read_every_password_of_the_line_as_stars() {
    for (input, other) in [
        ("gopher://%2F:1@h*h:1%40", "gopher://%2F:1*h*h:1%40"),
        ("news:1%4& 1//:- @%40", "news:1%4& 1//:***%40"),
        // The error before the password, and no own password: whether the
        // news URL is told how a group is named must not tell whether the
        // decoded password holds the `@` of a message-id.
        ("news:é//me:@&%40h%4&é//", "news:é//me:**%40h%4&é//"),
    ] {
        assert_eq!(hidden_line(input).0, hidden_line(other).0);
        assert_eq!(hidden_codes(input), hidden_codes(other), "{input} {other}");
    }
    // Shown, the hint reads what is there.
    let codes: Vec<HintCode> = (error("gopher://%2F:1@h*h:1%40").hints().iter())
        .map(|hint| hint.code())
        .collect();
    assert!(codes.contains(&HintCode::UserNotAllowed), "{codes:?}");
}

/// At a hidden password's end, where what was found is not the login's
/// `@`, the error may be another part's: a mistyped port (`2l`, which a
/// guess reads as a password) is told the `@` or a port's digits were
/// expected, with the port's hint, whatever the hidden characters are. Where
/// an `@` was found, it is told as the password's.
#[test]
fn a_mistyped_port_read_as_a_password_keeps_its_hint() {
    let told = |input: &str| {
        let mut error = rfc1738::parse(input).expect_err("rejected");
        error.hide_password();
        let codes: Vec<_> = error.hints().iter().map(|hint| hint.code()).collect();
        (error.message(), codes)
    };
    for port in ["2l", "ab", "9%"] {
        let (message, codes) = told(&format!("ftp://ftp.example.com:{port}/pub/"));
        assert_eq!(
            message, r#"expected uchar, ";", "?", "&", "=" or "@", found "/""#,
            "{port}"
        );
        assert_eq!(codes, [rfc1738::HintCode::PortDigits], "{port}");
    }
    let (message, codes) = told("ftp://me:ab%@h/");
    assert!(message.ends_with(r#"found "@""#) && !message.contains(r#""=" or "@""#));
    assert_eq!(codes, [rfc1738::HintCode::PasswordCharacters]);
}

/// The news hints read what follows `news:`: an input checked against
/// `newsurl` by the grammar's letter that does not start so gets none.
#[test]
fn news_hints_read_what_follows_the_scheme() {
    let error = rfc1738::parse_rule(rfc1738::Rule::Newsurl, "//me:@@h/").expect_err("rejected");
    assert!(error.hints().is_empty(), "{:?}", error.hints());
    let error = rfc1738::parse("NEWS:@x").expect_err("rejected");
    assert_eq!(error.hints().len(), 1);
}

/// Section 2.2 lets an escape stand for a character "not required to be
/// encoded" in the scheme-specific part; the grammar of section 5 lets none
/// stand in a host, a port, a typecode, a news group or an article number,
/// and the grammar decides (grammar/DECISIONS.md D35). The hint says whose
/// rule it is.
#[test]
fn an_escape_where_the_grammar_allows_none_is_refused_by_the_grammar() {
    for (input, offset) in [
        ("http://ex%61mple.com/", 9),
        ("http://h:%38%30/", 9),
        ("ftp://h/a;type=%61", 15),
        // Read as a message-id, which may hold escapes, lacking its "@".
        ("news:comp%2Elang", 16),
        ("nntp://h/g/%31", 11),
    ] {
        assert!(!rfc1738::is_valid(input), "{input}");
        assert_eq!(
            rfc1738::parse(input).unwrap_err().offset(),
            offset,
            "{input}"
        );
    }
    hinted(
        "http://ex%61mple.com/",
        "3.1",
        "the grammar of section 5 lets no escape stand for any of them",
    );
}

/// Hints whose fix is to write the part as section 3 does, where the
/// character found's escape would not make the URL valid or would change
/// what it means: each is given, and the escape is not offered.
#[test]
fn a_part_written_in_another_form_than_section_3s() {
    let valid = |input: &str| assert!(parse(input).is_ok(), "{input}");
    // A message-id or an address between "<" and ">": "%3C" would leave a
    // ">" after the message-id's host, and make an address no addr-spec.
    hinted(
        "news:<abc@host>",
        "3.6",
        "without the enclosing \"<\" and \">\"",
    );
    hinted(
        "news:<comp.lang>",
        "3.6",
        "without the enclosing \"<\" and \">\"",
    );
    hinted("mailto:<a@b.com>", "3.5", "which has no \"<\" and \">\"");
    for input in ["news:<abc@host>", "mailto:<a@b.com>"] {
        not_hinted(input, "%3C");
    }
    valid("news:abc@host");
    valid("mailto:a@b.com");
    // A "<" with no ">" after it is one character, which may be encoded.
    hinted("news:<abc@host", "2.2", "write %3C");
    valid("news:%3Cabc@host");
    // A news URL with a server's "//": nntp names one.
    for input in [
        "news://news.gmane.org/gmane.ietf.tools",
        "NEWS://localhost/?newgroups",
    ] {
        hinted(input, "3.6", "a news URL names no server");
        not_hinted(input, "a news group name starts with a letter");
    }
    valid("nntp://news.gmane.org/gmane.ietf.tools");
    // A prospero field with no "=", or none at all: "%3B" would make the
    // ";" part of a field's name.
    for input in [
        "prospero://h.com/foo/bar;;",
        "prospero://h.com/a;;b=c",
        "prospero://h.com/a;b;c=d",
    ] {
        hinted(input, "3.11", "this one has no \"=\" before the next \";\"");
        not_hinted(input, "%3B");
    }
    valid("prospero://h.com/a;b=c");
    // An empty wais database, for a doubled "/": the parts are read one
    // place further on, and "%2F" would make two of them one.
    for input in ["wais://wais.ceic.com//base/wtype/wpath", "wais://host//db"] {
        hinted(input, "3.9", "the database is empty");
        not_hinted(input, "%2F");
    }
    valid("wais://wais.ceic.com/base/wtype/wpath");
    // Not where the database is written: a "/" in the path is the path's.
    not_hinted("wais://host/db/type/pa/th", "the database is empty");
    hinted("wais://host/db/type/pa/th", "2.2", "write %2F");
    // A drive letter where the host goes, with ":" or its old "|": not a
    // port, nor an unsafe character with no escape.
    hinted("file://C:/x", "3.10", "write file:///C:/...");
    hinted("file://c|/x", "3.10", "write file:///c%7C/...");
    for input in ["file://C:/x", "file://c|/x"] {
        not_hinted(input, "has no port");
        not_hinted(input, "can stand here neither");
    }
    valid("file:///C:/x");
    valid("file:///c%7C/x");
    // A host of more than a letter, or a port after it, is no drive.
    hinted("file://host:21/x", "3.10", "a file URL has no port");
    not_hinted("file://CD:/x", "drive letter");
    not_hinted("file://C:1/x", "drive letter");
}

/// Section 2.2's control characters are US-ASCII's: U+0080 to U+009F are
/// characters outside it, told as any other.
#[test]
fn only_us_ascii_control_characters_are_told_as_control_characters() {
    for (input, code) in [
        ("http://host/a\u{7f}", HintCode::ControlCharacter),
        ("http://host/a\u{1}", HintCode::ControlCharacter),
        ("http://host/a\u{80}", HintCode::NonAscii),
        ("http://host/a\u{9f}", HintCode::NonAscii),
    ] {
        assert_eq!(codes(input), [code], "{input:?}");
    }
    hinted("http://host/a\u{85}", "2.2", "US-ASCII");
    not_hinted("http://host/a\u{85}", "control characters");
}

/// The readings a hint's condition could mistake: a login whose password
/// a `/` ended early is a login, where escapes stand; a rule above the
/// login (`url`) reads the text as an other scheme's too; a host with a
/// wrong port before a `/` and an `@` may be either; a message-id after a
/// news URL's `//` is one.
#[test]
fn each_reading_of_an_authority_is_told_where_it_may_be_meant() {
    let valid = |input: &str| assert!(parse(input).is_ok(), "{input}");
    // A `/` in the password, an `@` after it: the space is a login's.
    for (input, escape) in [
        ("ftp://u ser:pa/ss@host/", "write %20"),
        ("telnet://us er:p/w@h", "write %20"),
        ("ftp://u<ser:p/w@h/", "write %3C"),
    ] {
        hinted(input, "2.2", escape);
        not_hinted(input, "neither as it is nor encoded");
    }
    valid("ftp://u%20ser:pa%2Fss@host/");
    // Read as a `url`, an ftp URL's text is an `otherurl` too, which takes
    // escapes.
    for input in ["ftp://ho st/", "ftp://[::1]/", "telnet://[::1]:23"] {
        let error = check_bytes(Some(rfc1738::Rule::Url), input.as_bytes()).unwrap_err();
        let said: Vec<&str> = error.hints().iter().map(|hint| hint.message()).collect();
        assert!(
            said.iter().any(|hint| hint.contains("write %")),
            "{input}: {said:?}"
        );
        assert!(
            said.iter().all(|hint| !hint.contains("neither as it is")),
            "{input}: {said:?}"
        );
    }
    // A host whose port is wrong, a `/` and an `@` after it: both readings.
    let input = "ftp://files.example.com:8O/logo@2x.png";
    hinted(input, "3.1", "must be encoded as %2F");
    hinted(
        input,
        "3.1",
        "if this is a host and port, what follows the \":\" is a port",
    );
    // An escape begun in a host: no "%25", the host's hint.
    for input in ["ftp://ho%zzst/", "telnet://h%4/"] {
        not_hinted(input, "%25");
        hinted(
            input,
            "3.1",
            "this is the host, and \"%\" cannot be part of one",
        );
    }
    hinted("ftp://me:p%zz@host/", "2.2", "%25");
    // A message-id after `news://` is one: no hint that news names no
    // server, where the message-id's host is what is wrong.
    valid("news://a@b");
    not_hinted("news://a@b_c", "names no server");
    hinted("news://host/group", "3.6", "names no server");
    // Brackets followed by more: removing them would change the host.
    not_hinted("news:<id@host>x", "without the enclosing");
    // An empty wais database: no escape for any character read past it.
    for input in ["wais://host//db?q", "wais://host//db;x"] {
        hinted(input, "3.9", "the database is empty");
        assert!(
            hints(input).iter().all(|(_, m)| !m.contains("write %")),
            "{input}: {:?}",
            hints(input)
        );
    }
}
