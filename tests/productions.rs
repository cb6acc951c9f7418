//! Per-production cases, by the grammar's letter (`parse_rule`): the strings
//! each production accepts (`tests/corpus/accepted.tsv`) and strings it
//! rejects, with the exact offset of each rejection: the length of the longest
//! prefix some string of the production starts with.

use rfc1738::{Rule, parse_rule};

/// The accepted strings of `tests/corpus/accepted.tsv`.
fn accepted() -> impl Iterator<Item = (Rule, &'static str)> {
    include_str!("corpus/accepted.tsv")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let (name, input) = line.split_once('\t').expect("rule<TAB>input");
            let rule = Rule::from_name(name).unwrap_or_else(|| panic!("{name} is no production"));
            (rule, input)
        })
}

#[test]
fn every_accepted_string_is_accepted() {
    for (rule, input) in accepted() {
        if let Err(error) = parse_rule(rule, input) {
            panic!("{rule} should match {input:?}, but: {}", error.message());
        }
    }
}

#[test]
fn every_production_has_accepted_strings() {
    for rule in Rule::ALL {
        assert!(
            accepted().any(|(accepted, _)| accepted == rule),
            "tests/corpus/accepted.tsv has no string of {rule}"
        );
    }
}

/// `input` is not a string of `rule`, and its longest viable prefix is
/// `offset` bytes long.
#[track_caller]
fn fail(rule: Rule, input: &str, offset: usize) {
    match parse_rule(rule, input) {
        Ok(_) => panic!("{rule} should not match {input:?}"),
        Err(error) => assert_eq!(
            error.offset(),
            offset,
            "{rule} on {input:?}: {}",
            error.message()
        ),
    }
}

#[test]
fn genericurl() {
    use Rule::Genericurl as R;
    fail(R, "", 0); // a scheme needs a character
    fail(R, "Http:x", 0); // by the letter the scheme is lower case
    fail(R, ":x", 0);
    fail(R, "ab", 2); // "ab:" would do: the input ends too early
    fail(R, "ab:c d", 4); // a space is unsafe (section 2.2)
    fail(R, "ab:%4", 5); // an escape needs two hex digits
    fail(R, "ab:%4g", 5);
    fail(R, "ab:#frag", 3); // "#" is unsafe: fragments are not part of a URL
}

#[test]
fn url() {
    use Rule::Url as R;
    fail(R, "http://host/ x", 12);
    fail(R, "HTTP://host/", 0); // by the letter, schemes are lower case
    fail(R, "", 0);
}

#[test]
fn where_a_shorter_reading_ends_a_longer_one_reports_too() {
    use rfc1738::Expected;
    let xchar = Expected::Rule(Rule::Xchar);
    // `url` takes the httpurl and tries no otherurl, which could have gone
    // on with an xchar at the `#`.
    let error = parse_rule(Rule::Url, "http://host/a#b").unwrap_err();
    assert_eq!(error.offset(), 13);
    assert!(error.expected().contains(&xchar), "{error}");
    // Gopher's selector cut at the `%09` ends before the `#`, where the
    // selector that takes the rest (`a%09b/`, valid) could have gone on.
    for rule in [Rule::Gopherurl, Rule::Url] {
        let error = parse_rule(rule, "gopher://h/1a%09b#").unwrap_err();
        assert_eq!(error.offset(), 17);
        assert!(error.expected().contains(&xchar), "{rule}: {error}");
    }
    assert!(rfc1738::parse("gopher://h/1a%09b/").is_ok());
    // A login read as a hostport before a `/` could have been a user
    // too: what a user goes on with, and the `@` after it, are expected.
    let error = parse_rule(Rule::Login, "a/aa").unwrap_err();
    assert_eq!(error.offset(), 1);
    for item in [Expected::Literal("@"), Expected::Literal(";")] {
        assert!(error.expected().contains(&item), "{error}");
    }
    assert_eq!(
        error.expected(),
        parse_rule(Rule::Login, "a aa").unwrap_err().expected()
    );
    // Nor is it expected where none could come: an httpurl alone.
    let error = parse_rule(Rule::Httpurl, "http://host/a#b").unwrap_err();
    assert!(!error.expected().contains(&xchar), "{error}");
}

#[test]
fn otherurl() {
    use Rule::Otherurl as R;
    fail(R, "foo", 3);
    fail(R, "foo:~", 4); // "~" is unsafe
}

#[test]
fn scheme() {
    use Rule::Scheme as R;
    fail(R, "", 0);
    fail(R, "Http", 0);
    fail(R, "ht_tp", 2);
    fail(R, "http:", 4);
}

#[test]
fn schemepart() {
    use Rule::Schemepart as R;
    fail(R, "a b", 1);
    fail(R, "%", 1); // the escape needs hex digits: the input ends too early
    fail(R, "%zz", 1);
    fail(R, "%2", 2);
    fail(R, "\u{e9}", 0); // non-ASCII must be encoded
}

#[test]
fn ip_schemepart() {
    use Rule::IpSchemepart as R;
    fail(R, "/host", 1);
    fail(R, "//", 2);
    fail(R, "//host:", 7);
    fail(R, "//host:x", 8); // a user and password: "//host:x@h" would do
    fail(R, "//host:x/", 8);
    fail(R, "//a@b@c", 5); // one "@" only: the user cannot contain one
    fail(R, "//host/a b", 8);
}

#[test]
fn login() {
    use Rule::Login as R;
    fail(R, "user@", 5);
    fail(R, "a:b", 3); // "a:b@h" would do
    fail(R, "a:b/", 3);
    fail(R, "host:80:", 7);
}

/// Logins around the fast form's condition (a hostport followed by `/` or
/// the end): its verdict and parts agree with the BNF matcher's verdict and
/// with the credentials the BNF's shape reads.
#[test]
fn login_with_and_without_credentials() {
    use rfc1738::bnf::{Grammar, Matcher};
    let grammar = Grammar::rfc1738();
    let matcher = Matcher::new(grammar);
    let production = grammar.get("login").unwrap();
    // (login, user, password, host, port) for the accepted ones.
    let accepted = [
        ("host", None, None, "host", None),
        ("host:21", None, None, "host", Some("21")),
        ("1.2.3.4:0", None, None, "1.2.3.4", Some("0")),
        ("a-b.c", None, None, "a-b.c", None),
        ("u@host", Some("u"), None, "host", None),
        ("host:21@h", Some("host"), Some("21"), "h", None),
        ("host@h:1", Some("host"), None, "h", Some("1")),
        ("h%41@x", Some("h%41"), None, "x", None),
        ("u:@x", Some("u"), Some(""), "x", None),
        ("@x", Some(""), None, "x", None),
        ("a.b-@x", Some("a.b-"), None, "x", None),
        ("1.2.3@x", Some("1.2.3"), None, "x", None),
    ];
    for (login, user, password, host, port) in accepted {
        assert!(matcher.matches(production, login), "{login}");
        assert!(parse_rule(Rule::Login, login).is_ok(), "{login}");
        for url in [format!("ftp://{login}/"), format!("ftp://{login}")] {
            let Ok(rfc1738::Url::Ftp(ftp)) = rfc1738::parse(&url) else {
                panic!("{url} is an ftpurl");
            };
            let parts = ftp.login();
            assert_eq!(parts.user(), user, "{url}");
            assert_eq!(parts.password(), password, "{url}");
            assert_eq!(parts.hostport().host().as_str(), host, "{url}");
            assert_eq!(parts.hostport().port(), port, "{url}");
        }
    }
    for login in [
        "host:", "host:21:", "a.b-", "1.2.3", "h%41", "host/", "u:p", "h:1:2@x",
    ] {
        let by_bnf = matcher.matches(production, login);
        assert_eq!(parse_rule(Rule::Login, login).is_ok(), by_bnf, "{login}");
        let url = format!("ftp://{login}/");
        assert_eq!(
            rfc1738::parse(&url).is_ok(),
            matcher.matches(grammar.get("ftpurl").unwrap(), &url),
            "{url}"
        );
    }
}

/// `login` reads a hostport followed by `/` or the end first (D18), so an
/// error inside what could be a host names the host's productions and
/// lists what a host could go on with first; read only as written, the
/// optional `user` would reach the offset first and name itself instead.
#[test]
fn an_error_in_a_login_with_no_at_names_the_host() {
    use rfc1738::Expected;
    for (url, offset, path) in [
        (
            "ftp://xer[ox.fi/",
            9,
            &[Rule::Hostname, Rule::Domainlabel][..],
        ),
        ("telnet://nic./t", 13, &[Rule::Hostname, Rule::Domainlabel]),
        ("ftp://host:/", 11, &[Rule::Port, Rule::Digits]),
    ] {
        let error = rfc1738::parse(url).unwrap_err();
        assert_eq!(error.offset(), offset, "{url}");
        assert!(error.path().ends_with(path), "{url}: {:?}", error.path());
        assert!(!error.path().contains(&Rule::User), "{url}");
        let first = error.expected().first();
        assert!(
            matches!(first, Some(Expected::Rule(Rule::Alphadigit | Rule::Digit))),
            "{url}: {first:?}"
        );
    }
}

#[test]
fn hostport() {
    use Rule::Hostport as R;
    fail(R, "host:", 5); // an empty port is not allowed
    fail(R, ":80", 0);
    fail(R, "host:8a", 6);
    fail(R, "1.2.3:80", 5);
}

#[test]
fn host() {
    use Rule::Host as R;
    fail(R, "1.2.3", 5); // neither: three groups, and "3" is no toplabel
    fail(R, "a.", 2);
    fail(R, "-a", 0);
    fail(R, "a-", 2); // "a-b" would do
    fail(R, "a_b", 1);
    fail(R, "a.1", 3); // "a.1.b" would do
    fail(R, "1.2.3.4.5", 9); // "1.2.3.4.5.a" would do
    fail(R, "a..b", 2);
}

#[test]
fn hostname() {
    use Rule::Hostname as R;
    fail(R, "1", 1); // the last label must start with a letter: "1.a" would do
    fail(R, "a.1", 3);
    fail(R, "a-.b", 2); // a label cannot end with "-"
    fail(R, ".a", 0);
    fail(R, "a.b.", 4);
    fail(R, "1.2.3.4", 7); // a hostnumber is no hostname
}

#[test]
fn domainlabel() {
    use Rule::Domainlabel as R;
    fail(R, "", 0);
    fail(R, "-", 0);
    fail(R, "a-", 2); // greedy "-" is given back, but "a-b" would do
    fail(R, "a.", 1);
    fail(R, "a-.", 2);
}

#[test]
fn toplabel() {
    use Rule::Toplabel as R;
    fail(R, "1", 0); // section 3.1: never starts with a digit
    fail(R, "a-", 2);
    fail(R, "-a", 0);
}

#[test]
fn alphadigit() {
    use Rule::Alphadigit as R;
    fail(R, "-", 0);
    fail(R, "", 0);
    fail(R, "ab", 1);
}

#[test]
fn hostnumber() {
    use Rule::Hostnumber as R;
    fail(R, "1.2.3", 5);
    fail(R, "1.2.3.4.", 7);
    fail(R, "1..2", 2);
    fail(R, "a", 0);
    fail(R, "1.2.3.4:", 7);
}

#[test]
fn port() {
    use Rule::Port as R;
    fail(R, "", 0);
    fail(R, "8a", 1);
    fail(R, "-1", 0);
}

#[test]
fn user_and_password() {
    for rule in [Rule::User, Rule::Password] {
        fail(rule, "a@b", 1); // section 3.1: "@", ":" and "/" must be encoded
        fail(rule, "a:b", 1);
        fail(rule, "a/b", 1);
        fail(rule, "%4", 2);
        fail(rule, "a b", 1);
    }
}

#[test]
fn urlpath() {
    use Rule::Urlpath as R;
    fail(R, "~", 0);
    fail(R, "a#b", 1);
}

#[test]
fn ftpurl() {
    use Rule::Ftpurl as R;
    fail(R, "ftp://host/f;type=x", 18);
    fail(R, "ftp://host/f;typ", 16);
    fail(R, "ftp://host/a;b", 13); // after ";" only "type=" can come
    fail(R, "ftp://host/f;type=aa", 19);
    fail(R, "ftp:/host", 5);
    fail(R, "ftp://host/a#b", 12);
    fail(R, "FTP://host/", 0); // by the letter
}

#[test]
fn fpath() {
    use Rule::Fpath as R;
    fail(R, "a;b", 1); // ";" is reserved in FTP paths (section 3.2.2)
}

#[test]
fn fsegment() {
    use Rule::Fsegment as R;
    fail(R, "a/b", 1);
    fail(R, "a;b", 1);
}

#[test]
fn ftptype() {
    use Rule::Ftptype as R;
    fail(R, "x", 0);
    fail(R, "", 0);
    fail(R, "aa", 1);
}

#[test]
fn fileurl() {
    use Rule::Fileurl as R;
    fail(R, "file://host", 11); // the "/" after the host is required
    fail(R, "file:/x", 6);
    fail(R, "file://localhostx", 17);
    fail(R, "file://", 7);
}

#[test]
fn httpurl() {
    use Rule::Httpurl as R;
    fail(R, "http://host:8a/", 13);
    fail(R, "http://user@host/", 11); // section 3.3: no user name
    fail(R, "http://1.2.3/", 12);
    fail(R, "http:/", 6);
    fail(R, "http://h/a?b?c", 12); // "?" is reserved in the search
    fail(R, "http://h/a#f", 10);
    fail(R, "http://h/~", 9);
    fail(R, "http://", 7);
}

#[test]
fn hpath_hsegment_search() {
    fail(Rule::Hpath, "a?b", 1);
    fail(Rule::Hsegment, "a/b", 1);
    fail(Rule::Search, "a?b", 1);
    fail(Rule::Search, "a/b", 1);
}

#[test]
fn gopherurl() {
    use Rule::Gopherurl as R;
    fail(R, "gopher://h/1 x", 12);
    fail(R, "gopher://h/1%0", 14);
    fail(R, "gopher://h:/", 11);
    fail(R, "gopher:/", 8);
}

#[test]
fn a_selector_expects_its_tab_whether_or_not_one_is_written_further() {
    use rfc1738::Expected;
    // D14: the selector is cut at a `%09` only when one follows, but
    // wherever it ends, the `"%09"` before a search may come there: an
    // error at its end says so whatever the input holds after the error.
    for (input, message) in [
        (
            "gopher://h/no::s q",
            r#"expected xchar, "%09" or end of input, found " ""#,
        ),
        // In an escape begun as `%09` is, the rest of the literal.
        (
            "gopher://h/1a%0g",
            r#"expected hex or "9" (to complete "%09"), found "g""#,
        ),
        // After a search, the `%09` before a gopher+ string.
        (
            "gopher://h/1a%09b c",
            r#"expected uchar, ";", ":", "@", "&", "=", "%09", xchar or end of input, found " ""#,
        ),
    ] {
        for rule in [Rule::Gopherurl, Rule::Url] {
            let error = parse_rule(rule, input).unwrap_err();
            assert!(
                error.expected().contains(&Expected::Literal("%09")),
                "{rule} on {input:?}: {error}"
            );
            assert_eq!(error.message(), message, "{rule} on {input:?}");
            for tail in ["%09", "x%09y%09z"] {
                let further = parse_rule(rule, &format!("{input}{tail}")).unwrap_err();
                assert_eq!(
                    (further.offset(), further.expected(), further.path()),
                    (error.offset(), error.expected(), error.path()),
                    "{rule} on {input:?} and {tail:?} after it"
                );
            }
        }
    }
}

#[test]
fn gtype_selector_gopher_plus_string() {
    fail(Rule::Gtype, "", 0);
    fail(Rule::Gtype, "12", 1);
    fail(Rule::Gtype, " ", 0);
    fail(Rule::Selector, "a b", 1);
    fail(Rule::GopherPlusString, "a#", 1);
}

#[test]
fn mailtourl() {
    use Rule::Mailtourl as R;
    fail(R, "mailto:", 7);
    fail(R, "mailto:a b", 8);
    fail(R, "mailto:<a@b>", 7);
    fail(Rule::Encoded822addr, "", 0);
}

#[test]
fn newsurl() {
    use Rule::Newsurl as R;
    fail(R, "news:", 5);
    fail(R, "news:*x", 7); // "*x@h" would do
    fail(R, "news:1abc", 9); // no group starts with a digit; "1abc@h" would do
    fail(R, "news:a b", 6);
    fail(R, "news:a@b@c", 8);
    fail(R, "news:a@", 7);
}

#[test]
fn grouppart_group_article() {
    fail(Rule::Grouppart, "**", 2); // "**@h" is an article
    fail(Rule::Grouppart, "*/", 2); // so is "*/@h"
    fail(Rule::Grouppart, "*#", 1);
    fail(Rule::Group, "1a", 0);
    fail(Rule::Group, "a/b", 1);
    fail(Rule::Article, "@h", 0);
    fail(Rule::Article, "x@", 2);
    fail(Rule::Article, "x", 1);
}

#[test]
fn nntpurl() {
    use Rule::Nntpurl as R;
    fail(R, "nntp://h/", 9);
    fail(R, "nntp://h/g/", 11);
    fail(R, "nntp://h/g/a", 11);
    fail(R, "nntp://h", 8);
}

#[test]
fn telneturl() {
    use Rule::Telneturl as R;
    fail(R, "telnet://h//", 11);
    fail(R, "telnet://h/x", 11);
}

#[test]
fn waisurl() {
    use Rule::Waisurl as R;
    fail(R, "wais://h/db/t", 13);
    fail(R, "wais://h/db?q/x", 13);
    fail(R, "wais://h", 8);
}

#[test]
fn wais_forms() {
    fail(Rule::Waisdatabase, "wais://h/db?q", 11);
    fail(Rule::Waisindex, "wais://h/db", 11);
    fail(Rule::Waisdoc, "wais://h/d/t", 12);
    for rule in [Rule::Database, Rule::Wtype, Rule::Wpath] {
        fail(rule, "a/b", 1);
        fail(rule, "a?b", 1);
    }
}

#[test]
fn prosperourl() {
    use Rule::Prosperourl as R;
    fail(R, "prospero://h/p;a", 16);
    fail(R, "prospero://h/p;a=b=c", 18);
    fail(R, "prospero://h", 12);
    fail(R, "prospero://u@h/", 12); // section 3.11: no user name
}

#[test]
fn prospero_parts() {
    fail(Rule::Ppath, "a;b", 1);
    fail(Rule::Psegment, "a/b", 1);
    fail(Rule::Fieldspec, ";a", 2);
    fail(Rule::Fieldspec, "a=b", 0);
    for rule in [Rule::Fieldname, Rule::Fieldvalue] {
        fail(rule, "a=b", 1);
        fail(rule, "a;b", 1);
    }
}

#[test]
fn character_classes() {
    let classes: [(Rule, &str, &str); 11] = [
        (Rule::Lowalpha, "abcdefghijklmnopqrstuvwxyz", "A0-"),
        (Rule::Hialpha, "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "a0-"),
        (Rule::Alpha, "azAZ", "0-_"),
        (Rule::Digit, "0123456789", "aA-"),
        (Rule::Safe, "$-_.+", "a!%"),
        (Rule::Extra, "!*'(),", "a$;"),
        (Rule::National, "{}|\\^~[]`", "a<%"),
        (Rule::Punctuation, "<>#%\"", "a{;"),
        (Rule::Reserved, ";/?:@&=", "a$%"),
        (Rule::Hex, "0123456789ABCDEFabcdef", "gG-"),
        (Rule::Unreserved, "aZ0$-_.+!*'(),", ";%~ "),
    ];
    for (rule, members, others) in classes {
        // Every member is in the accepted corpus, so it is checked there.
        for c in members.chars() {
            let c = c.to_string();
            assert!(
                accepted().any(|(accepted, input)| accepted == rule && input == c),
                "tests/corpus/accepted.tsv lacks {rule} {c:?}"
            );
        }
        for c in others.chars() {
            fail(rule, &c.to_string(), 0);
        }
        fail(rule, "", 0);
        let first = members.chars().next().unwrap();
        fail(rule, &format!("{first}{first}"), 1);
    }
}

#[test]
fn escape_uchar_xchar_digits() {
    fail(Rule::Escape, "%4g", 2);
    fail(Rule::Escape, "%", 1);
    fail(Rule::Escape, "41", 0);
    fail(Rule::Escape, "%411", 3);
    fail(Rule::Uchar, ";", 0);
    fail(Rule::Uchar, "%g1", 1);
    fail(Rule::Xchar, "%", 1);
    fail(Rule::Xchar, "#", 0);
    fail(Rule::Digits, "", 0);
    fail(Rule::Digits, "1a", 1);
}

#[test]
fn non_ascii_and_control_characters_are_never_part_of_a_url() {
    // Section 2.2: octets 80-FF and 00-1F, 7F must be encoded.
    fail(Rule::Url, "http://h\u{e9}/", 8);
    fail(Rule::Url, "http://h/\u{0}", 9);
    fail(Rule::Url, "http://h/\u{7f}", 9);
    fail(Rule::Url, "http://h/a\tb", 10);
    fail(Rule::Hostname, "ex\u{e4}mple", 2);
}

#[test]
fn every_production_has_rejected_cases_here() {
    // Each production is named in one of the tests above; this keeps the
    // file complete when the grammar file changes.
    let source = include_str!("productions.rs");
    for rule in Rule::ALL {
        let name = format!("Rule::{rule:?}");
        let named = source.match_indices(&name).any(|(at, _)| {
            let next = source[at + name.len()..].chars().next();
            !next.is_some_and(char::is_alphanumeric)
        });
        assert!(named, "no case for {rule}");
    }
}
