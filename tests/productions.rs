//! Per-production cases: strings each production accepts and rejects, by the
//! grammar's letter (`parse_rule`), with the exact offset of each rejection:
//! the length of the longest prefix some string of the production starts with.

use rfc1738::{Rule, parse_rule};

/// `input` is a string of `rule`.
#[track_caller]
fn pass(rule: Rule, input: &str) {
    if let Err(error) = parse_rule(rule, input) {
        panic!("{rule} should match {input:?}, but: {}", error.message());
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
    pass(R, "x:");
    pass(R, "a+b-c.d:anything;/?:@&=");
    pass(R, "z39.50:ab%20c");
    pass(R, "http://user@host/"); // any scheme, any xchars
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
    pass(R, "http://host/");
    pass(R, "http://user@host/"); // not an httpurl, but an otherurl
    pass(R, "http://h/a?b?c"); // search has no "?": an otherurl again
    pass(R, "ftp://host/");
    pass(R, "news:*");
    pass(R, "x-y:z");
    fail(R, "http://host/ x", 12);
    fail(R, "HTTP://host/", 0); // by the letter, schemes are lower case
    fail(R, "", 0);
}

#[test]
fn otherurl() {
    use Rule::Otherurl as R;
    pass(R, "foo:bar");
    pass(R, "https://host/");
    fail(R, "foo", 3);
    fail(R, "foo:~", 4); // "~" is unsafe
}

#[test]
fn scheme() {
    use Rule::Scheme as R;
    pass(R, "http");
    pass(R, "z39.50");
    pass(R, "x-+.");
    pass(R, "1");
    fail(R, "", 0);
    fail(R, "Http", 0);
    fail(R, "ht_tp", 2);
    fail(R, "http:", 4);
}

#[test]
fn schemepart() {
    use Rule::Schemepart as R;
    pass(R, "");
    pass(R, "//host:80/path");
    pass(R, "anything%20");
    pass(R, "/;?:@&=");
    fail(R, "a b", 1);
    fail(R, "%", 1); // the escape needs hex digits: the input ends too early
    fail(R, "%zz", 1);
    fail(R, "%2", 2);
    fail(R, "\u{e9}", 0); // non-ASCII must be encoded
}

#[test]
fn ip_schemepart() {
    use Rule::IpSchemepart as R;
    pass(R, "//host");
    pass(R, "//host/");
    pass(R, "//user:pass@host:21/path;x");
    pass(R, "//@host/");
    pass(R, "//1.2.3.4");
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
    pass(R, "host");
    pass(R, "user@host");
    pass(R, "user:pw@host:8");
    pass(R, ":@host"); // an empty user and an empty password
    pass(R, "@host"); // an empty user (section 3.1)
    pass(R, "host:80"); // no "@": a hostport, not a user and password
    fail(R, "user@", 5);
    fail(R, "a:b", 3); // "a:b@h" would do
    fail(R, "a:b/", 3);
    fail(R, "host:80:", 7);
}

#[test]
fn hostport() {
    use Rule::Hostport as R;
    pass(R, "host");
    pass(R, "host:0");
    pass(R, "host:00000080");
    pass(R, "1.2.3.4:80");
    fail(R, "host:", 5); // an empty port is not allowed
    fail(R, ":80", 0);
    fail(R, "host:8a", 6);
    fail(R, "1.2.3:80", 5);
}

#[test]
fn host() {
    use Rule::Host as R;
    pass(R, "a");
    pass(R, "a.b.c");
    pass(R, "1.2.3.4"); // a hostnumber, not a hostname
    pass(R, "a-b.c--d");
    pass(R, "999.999.999.999"); // the grammar bounds no group
    pass(R, "1a.b");
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
    pass(R, "localhost");
    pass(R, "x");
    pass(R, "a.b-c.d9");
    pass(R, "1.a");
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
    pass(R, "a");
    pass(R, "1");
    pass(R, "a-1");
    pass(R, "a--b");
    pass(R, "9z");
    fail(R, "", 0);
    fail(R, "-", 0);
    fail(R, "a-", 2); // greedy "-" is given back, but "a-b" would do
    fail(R, "a.", 1);
    fail(R, "a-.", 2);
}

#[test]
fn toplabel() {
    use Rule::Toplabel as R;
    pass(R, "a");
    pass(R, "a-1");
    pass(R, "z9");
    fail(R, "1", 0); // section 3.1: never starts with a digit
    fail(R, "a-", 2);
    fail(R, "-a", 0);
}

#[test]
fn alphadigit() {
    use Rule::Alphadigit as R;
    pass(R, "a");
    pass(R, "Z");
    pass(R, "7");
    fail(R, "-", 0);
    fail(R, "", 0);
    fail(R, "ab", 1);
}

#[test]
fn hostnumber() {
    use Rule::Hostnumber as R;
    pass(R, "1.2.3.4");
    pass(R, "000.0.0.12345");
    fail(R, "1.2.3", 5);
    fail(R, "1.2.3.4.", 7);
    fail(R, "1..2", 2);
    fail(R, "a", 0);
    fail(R, "1.2.3.4:", 7);
}

#[test]
fn port() {
    use Rule::Port as R;
    pass(R, "0");
    pass(R, "65536");
    pass(R, "99999999999"); // the grammar puts no bound on the digits
    fail(R, "", 0);
    fail(R, "8a", 1);
    fail(R, "-1", 0);
}

#[test]
fn user_and_password() {
    for rule in [Rule::User, Rule::Password] {
        pass(rule, "");
        pass(rule, "me");
        pass(rule, "a;b?c&d=e");
        pass(rule, "%40");
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
    pass(R, "");
    pass(R, "a/b;c?d:e@f&g=h");
    pass(R, "%7E");
    fail(R, "~", 0);
    fail(R, "a#b", 1);
}

#[test]
fn ftpurl() {
    use Rule::Ftpurl as R;
    pass(R, "ftp://host");
    pass(R, "ftp://host/");
    pass(R, "ftp://@host.com/");
    pass(R, "ftp://foo:@host.com/");
    pass(R, "ftp://host/a/b;type=d");
    pass(R, "ftp://host/;type=A");
    pass(R, "ftp://host/a?b;type=i");
    pass(R, "ftp://myname@host.dom//etc/motd");
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
    pass(R, "");
    pass(R, "a/b/c");
    pass(R, "/");
    pass(R, "%2Fetc/motd");
    fail(R, "a;b", 1); // ";" is reserved in FTP paths (section 3.2.2)
}

#[test]
fn fsegment() {
    use Rule::Fsegment as R;
    pass(R, "");
    pass(R, "a?:@&=");
    fail(R, "a/b", 1);
    fail(R, "a;b", 1);
}

#[test]
fn ftptype() {
    use Rule::Ftptype as R;
    for code in ["A", "I", "D", "a", "i", "d"] {
        pass(R, code);
    }
    fail(R, "x", 0);
    fail(R, "", 0);
    fail(R, "aa", 1);
}

#[test]
fn fileurl() {
    use Rule::Fileurl as R;
    pass(R, "file:///");
    pass(R, "file://localhost/etc/motd");
    pass(R, "file://vms.host.edu/disk$user/my/notes/note12345.txt");
    pass(R, "file://localhost.dom/x"); // a host that starts like "localhost"
    pass(R, "file://1.2.3.4/");
    fail(R, "file://host", 11); // the "/" after the host is required
    fail(R, "file:/x", 6);
    fail(R, "file://localhostx", 17);
    fail(R, "file://", 7);
}

#[test]
fn httpurl() {
    use Rule::Httpurl as R;
    pass(R, "http://host");
    pass(R, "http://host/");
    pass(R, "http://host:80/a/b?c");
    pass(R, "http://h/?");
    pass(R, "http://h/a;b:c@d&e=f?g;h");
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
    pass(Rule::Hpath, "");
    pass(Rule::Hpath, "a/b;c/");
    fail(Rule::Hpath, "a?b", 1);
    pass(Rule::Hsegment, "a;:@&=%20");
    fail(Rule::Hsegment, "a/b", 1);
    pass(Rule::Search, "q=a&b=c;d:e@f");
    fail(Rule::Search, "a?b", 1);
    fail(Rule::Search, "a/b", 1);
}

#[test]
fn gopherurl() {
    use Rule::Gopherurl as R;
    pass(R, "gopher://host");
    pass(R, "gopher://host/");
    pass(R, "gopher://host/1");
    pass(R, "gopher://host.dom:70/1sel%09q%09+");
    pass(R, "gopher://h/1a%09b/c"); // "/" is no search character: all selector
    pass(R, "gopher://h/%09x"); // the gtype is the escape %09
    pass(R, "gopher://h/0%09%09%09");
    fail(R, "gopher://h/1 x", 12);
    fail(R, "gopher://h/1%0", 14);
    fail(R, "gopher://h:/", 11);
    fail(R, "gopher:/", 8);
}

#[test]
fn gtype_selector_gopher_plus_string() {
    pass(Rule::Gtype, "1");
    pass(Rule::Gtype, "%09");
    pass(Rule::Gtype, "/");
    fail(Rule::Gtype, "", 0);
    fail(Rule::Gtype, "12", 1);
    fail(Rule::Gtype, " ", 0);
    pass(Rule::Selector, "");
    pass(Rule::Selector, "a%09b/c?d"); // on its own, %09 is a selector's xchar
    fail(Rule::Selector, "a b", 1);
    pass(Rule::GopherPlusString, "+");
    pass(Rule::GopherPlusString, "!+ABSTRACT%20+SMELL");
    fail(Rule::GopherPlusString, "a#", 1);
}

#[test]
fn mailtourl() {
    use Rule::Mailtourl as R;
    pass(R, "mailto:a@b");
    pass(R, "mailto:%25");
    fail(R, "mailto:", 7);
    fail(R, "mailto:a b", 8);
    fail(R, "mailto:<a@b>", 7);
    pass(Rule::Encoded822addr, "x");
    fail(Rule::Encoded822addr, "", 0);
}

#[test]
fn newsurl() {
    use Rule::Newsurl as R;
    pass(R, "news:*");
    pass(R, "news:comp.infosystems.www.misc");
    pass(R, "news:a1-._+");
    pass(R, "news:123@host.dom");
    pass(R, "news:*x@h"); // an article, though it starts like "*"
    pass(R, "news:a/b?c@1.2.3.4");
    fail(R, "news:", 5);
    fail(R, "news:*x", 7); // "*x@h" would do
    fail(R, "news:1abc", 9); // no group starts with a digit; "1abc@h" would do
    fail(R, "news:a b", 6);
    fail(R, "news:a@b@c", 8);
    fail(R, "news:a@", 7);
}

#[test]
fn grouppart_group_article() {
    pass(Rule::Grouppart, "*");
    pass(Rule::Grouppart, "comp.lang");
    pass(Rule::Grouppart, "comp.lang@h"); // an article, though it starts like a group
    fail(Rule::Grouppart, "**", 2); // "**@h" is an article
    fail(Rule::Grouppart, "*/", 2); // so is "*/@h"
    fail(Rule::Grouppart, "*#", 1);
    pass(Rule::Group, "a");
    pass(Rule::Group, "a.b-c+d_e1");
    fail(Rule::Group, "1a", 0);
    fail(Rule::Group, "a/b", 1);
    pass(Rule::Article, "x@h");
    pass(Rule::Article, "a;/?:&=@1.2.3.4");
    fail(Rule::Article, "@h", 0);
    fail(Rule::Article, "x@", 2);
    fail(Rule::Article, "x", 1);
}

#[test]
fn nntpurl() {
    use Rule::Nntpurl as R;
    pass(R, "nntp://h/g");
    pass(R, "nntp://h:119/comp.lang/123");
    fail(R, "nntp://h/", 9);
    fail(R, "nntp://h/g/", 11);
    fail(R, "nntp://h/g/a", 11);
    fail(R, "nntp://h", 8);
}

#[test]
fn telneturl() {
    use Rule::Telneturl as R;
    pass(R, "telnet://h");
    pass(R, "telnet://u:p@h:23/");
    pass(R, "telnet://h/");
    fail(R, "telnet://h//", 11);
    fail(R, "telnet://h/x", 11);
}

#[test]
fn waisurl() {
    use Rule::Waisurl as R;
    pass(R, "wais://h/db");
    pass(R, "wais://h/db?q");
    pass(R, "wais://h/db/t/p");
    pass(R, "wais://h/");
    fail(R, "wais://h/db/t", 13);
    fail(R, "wais://h/db?q/x", 13);
    fail(R, "wais://h", 8);
}

#[test]
fn wais_forms() {
    pass(Rule::Waisdatabase, "wais://h/db");
    fail(Rule::Waisdatabase, "wais://h/db?q", 11);
    pass(Rule::Waisindex, "wais://h/db?");
    fail(Rule::Waisindex, "wais://h/db", 11);
    pass(Rule::Waisdoc, "wais://h/d/t/p");
    pass(Rule::Waisdoc, "wais://h///");
    fail(Rule::Waisdoc, "wais://h/d/t", 12);
    for rule in [Rule::Database, Rule::Wtype, Rule::Wpath] {
        pass(rule, "");
        pass(rule, "a%20b");
        fail(rule, "a/b", 1);
        fail(rule, "a?b", 1);
    }
}

#[test]
fn prosperourl() {
    use Rule::Prosperourl as R;
    pass(R, "prospero://host.dom//pros/name");
    pass(R, "prospero://h/p;a=b;c=d");
    pass(R, "prospero://h/");
    fail(R, "prospero://h/p;a", 16);
    fail(R, "prospero://h/p;a=b=c", 18);
    fail(R, "prospero://h", 12);
    fail(R, "prospero://u@h/", 12); // section 3.11: no user name
}

#[test]
fn prospero_parts() {
    pass(Rule::Ppath, "/pros/name");
    fail(Rule::Ppath, "a;b", 1);
    pass(Rule::Psegment, "a?:@&=");
    fail(Rule::Psegment, "a/b", 1);
    pass(Rule::Fieldspec, ";OBJECT-VERSION=1");
    pass(Rule::Fieldspec, ";=");
    fail(Rule::Fieldspec, ";a", 2);
    fail(Rule::Fieldspec, "a=b", 0);
    for rule in [Rule::Fieldname, Rule::Fieldvalue] {
        pass(rule, "a?:@&%3B");
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
        for c in members.chars() {
            pass(rule, &c.to_string());
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
    pass(Rule::Escape, "%41");
    pass(Rule::Escape, "%aF");
    fail(Rule::Escape, "%4g", 2);
    fail(Rule::Escape, "%", 1);
    fail(Rule::Escape, "41", 0);
    fail(Rule::Escape, "%411", 3);
    pass(Rule::Uchar, "%41");
    pass(Rule::Uchar, "a");
    fail(Rule::Uchar, ";", 0);
    fail(Rule::Uchar, "%g1", 1);
    pass(Rule::Xchar, ";");
    pass(Rule::Xchar, "%09");
    fail(Rule::Xchar, "%", 1);
    fail(Rule::Xchar, "#", 0);
    pass(Rule::Digits, "0");
    pass(Rule::Digits, "0123456789");
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
fn every_production_has_cases_here() {
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
