//! One rejected input per production, its rendered diagnostic pinned in
//! `snapshots/`.

use std::path::Path;

use rfc1738::{Rule, parse_rule};

/// A string the production does not match. The `match` is exhaustive, so a
/// production added to the grammar needs an example here.
fn rejected(rule: Rule) -> &'static str {
    match rule {
        Rule::Genericurl => "http//host",
        Rule::Url => "http://host/~user",
        Rule::Otherurl => "https://example.com/a b",
        Rule::Scheme => "Http",
        Rule::Schemepart => "//host/%zz",
        Rule::IpSchemepart => "//host:/",
        Rule::Login => "user:pass@",
        Rule::Hostport => "host:",
        Rule::Host => "1.2.3",
        Rule::Hostname => "example.com-",
        Rule::Domainlabel => "-abc",
        Rule::Toplabel => "9abc",
        Rule::Alphadigit => "_",
        Rule::Hostnumber => "10.0.0",
        Rule::Port => "80a",
        Rule::User => "a@b",
        Rule::Password => "p@ss",
        Rule::Urlpath => "a b",
        Rule::Ftpurl => "ftp://host/file;type=x",
        Rule::Fpath => "dir/file;x",
        Rule::Fsegment => "a/b",
        Rule::Ftptype => "b",
        Rule::Fileurl => "file://host",
        Rule::Httpurl => "http://user@host/",
        Rule::Hpath => "a?b",
        Rule::Hsegment => "a/b",
        Rule::Search => "a?b",
        Rule::Gopherurl => "gopher://host/1sel ector",
        Rule::Gtype => "",
        Rule::Selector => "a b",
        Rule::GopherPlusString => "+a#",
        Rule::Mailtourl => "mailto:",
        Rule::Encoded822addr => "<a@b>",
        Rule::Newsurl => "news:1abc",
        Rule::Grouppart => "comp lang",
        Rule::Group => "1abc",
        Rule::Article => "abc@",
        Rule::Nntpurl => "nntp://host/group/abc",
        Rule::Telneturl => "telnet://host/x",
        Rule::Waisurl => "wais://host/db/type",
        Rule::Waisdatabase => "wais://host/db?q",
        Rule::Waisindex => "wais://host/db",
        Rule::Waisdoc => "wais://host/db/type",
        Rule::Database => "db/x",
        Rule::Wtype => "t?",
        Rule::Wpath => "p/q",
        Rule::Prosperourl => "prospero://user@host/",
        Rule::Ppath => "a;b",
        Rule::Psegment => "a/b",
        Rule::Fieldspec => ";name",
        Rule::Fieldname => "a=b",
        Rule::Fieldvalue => "a;b",
        Rule::Lowalpha => "A",
        Rule::Hialpha => "a",
        Rule::Alpha => "1",
        Rule::Digit => "a",
        Rule::Safe => "!",
        Rule::Extra => "$",
        Rule::National => "a",
        Rule::Punctuation => "a",
        Rule::Reserved => "a",
        Rule::Hex => "g",
        Rule::Escape => "%4g",
        Rule::Unreserved => "~",
        Rule::Uchar => ";",
        Rule::Xchar => "#",
        Rule::Digits => "x",
    }
}

#[test]
fn every_production_renders_its_rejection() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(Path::new(env!("CARGO_MANIFEST_DIR")).join("snapshots"));
    settings.set_omit_expression(true);
    for rule in Rule::ALL {
        let input = rejected(rule);
        let error = match parse_rule(rule, input) {
            Ok(_) => panic!("{rule} should reject {input:?}"),
            Err(error) => error,
        };
        assert_eq!(error.rule(), rule);
        assert!(error.offset() <= input.len());
        settings.set_description(format!("{rule} rejects {input:?}"));
        settings.bind(|| insta::assert_snapshot!(rule.function(), format!("{error:#}")));
    }
}
