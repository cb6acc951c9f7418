//! Properties over generated URLs of every scheme and their one-character
//! mutants: `Display` and `as_str` reproduce every accepted input, and the
//! entry points agree with each other.

use nom::Parser;
use proptest::prelude::*;
use proptest::string::string_regex;
use rfc1738::grammar::{Folded, Quiet, generic};
use rfc1738::url::WaisUrl;
use rfc1738::{Rule, Url, UrlBuf, check_bytes, is_valid, parse, parse_rule, scheme_rule};

const UCHAR: &str = r"([a-zA-Z0-9$_.+!*'(),-]|%[0-9A-Fa-f]{2})";
const HOST: &str = r"(([a-z0-9]([a-z0-9-]{0,3}[a-z0-9])?\.){0,3}[a-zA-Z]([a-zA-Z0-9-]{0,3}[a-z0-9])?|[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3})";

/// A regular expression for URLs of each scheme, built from the BNF.
fn url_patterns() -> Vec<String> {
    let hostport = format!(r"{HOST}(:[0-9]{{1,5}})?");
    let user = format!(r"({UCHAR}|[;?&=])*");
    let login = format!(r"({user}(:{user})?@)?{hostport}");
    let fsegment = format!(r"({UCHAR}|[?:@&=])*");
    let hsegment = format!(r"({UCHAR}|[;:@&=])*");
    let xchar = format!(r"({UCHAR}|[;/?:@&=])");
    let group = r"[a-zA-Z][a-zA-Z0-9.+_-]{0,8}";
    vec![
        format!(r"http://{hostport}(/{hsegment}(/{hsegment}){{0,3}}(\?{hsegment})?)?"),
        format!(r"ftp://{login}(/{fsegment}(/{fsegment}){{0,3}}(;type=[AIDaid])?)?"),
        format!(r"news:(\*|{group}|({UCHAR}|[;/?:&=])+@{HOST})"),
        format!(r"nntp://{hostport}/{group}(/[0-9]{{1,4}})?"),
        format!(r"telnet://{login}/?"),
        format!(
            r"gopher://{hostport}(/({xchar}{xchar}{{0,6}}(%09{hsegment}(%09{xchar}{{0,4}})?)?)?)?"
        ),
        format!(r"wais://{hostport}/{UCHAR}{{0,5}}(\?{hsegment}|/{UCHAR}{{0,3}}/{UCHAR}{{0,5}})?"),
        format!(r"mailto:{xchar}{{1,12}}"),
        format!(r"file://({HOST}|localhost)?/{fsegment}(/{fsegment}){{0,3}}"),
        format!(
            r"prospero://{hostport}/{fsegment}(/{fsegment}){{0,2}}(;({UCHAR}|[?:@&]){{0,4}}=({UCHAR}|[?:@&]){{0,4}}){{0,2}}"
        ),
        format!(r"[a-z][a-z0-9+.-]{{0,6}}:{xchar}{{0,12}}"),
        format!(r"[a-z][a-z0-9+.-]{{0,6}}://{login}(/{xchar}{{0,8}})?"),
    ]
}

/// URLs of every scheme, mostly valid.
fn urls() -> impl Strategy<Value = String> {
    let strategies: Vec<_> = url_patterns()
        .iter()
        .map(|pattern| string_regex(pattern).expect("a valid pattern").boxed())
        .collect();
    proptest::strategy::Union::new(strategies)
}

/// Characters a mutation inserts: the grammar's own, the unsafe ones
/// (section 2.2), controls and non-ASCII.
const MUTATIONS: &[char] = &[
    '/',
    ':',
    '@',
    ';',
    '?',
    '=',
    '&',
    '%',
    '.',
    '-',
    '+',
    '*',
    'a',
    'Z',
    '0',
    '9',
    ' ',
    '<',
    '>',
    '"',
    '#',
    '{',
    '}',
    '|',
    '\\',
    '^',
    '~',
    '[',
    ']',
    '`',
    '\t',
    '\n',
    '\u{7f}',
    '\u{e9}',
    '\u{1F600}',
];

/// A URL with one character inserted, deleted or replaced.
fn mutants() -> impl Strategy<Value = String> {
    (
        urls(),
        any::<prop::sample::Index>(),
        0..3u8,
        prop::sample::select(MUTATIONS),
    )
        .prop_map(|(url, at, edit, c)| {
            let mut chars: Vec<char> = url.chars().collect();
            let at = at.index(chars.len() + 1);
            match edit {
                0 => chars.insert(at, c),
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                _ if at < chars.len() => chars[at] = c,
                _ => chars.push(c),
            }
            chars.into_iter().collect()
        })
}

/// What must hold for any input.
fn check(input: &str) -> Result<(), TestCaseError> {
    let parsed = parse(input);
    prop_assert_eq!(is_valid(input), parsed.is_ok());
    match &parsed {
        Ok(url) => {
            prop_assert_eq!(url.to_string(), input);
            prop_assert_eq!(url.as_str(), input);
            prop_assert_eq!(
                UrlBuf::parse(input).map(|buf| buf.as_url() == *url),
                Ok(true)
            );
            prop_assert_eq!(url.rule(), scheme_rule(input));
            prop_assert_eq!(check_bytes(None, input.as_bytes()), Ok(url.rule()));
            if url.scheme().bytes().all(|b| !b.is_ascii_uppercase()) {
                // By the letter too: through the scheme rule and through `url`.
                prop_assert!(parse_rule(url.rule(), input).is_ok());
                prop_assert!(parse_rule(Rule::Url, input).is_ok());
            }
        }
        Err(error) => {
            prop_assert_eq!(&UrlBuf::parse(input).unwrap_err(), error);
            prop_assert!(error.offset() <= input.len());
            prop_assert!(input.is_char_boundary(error.offset()));
            prop_assert_eq!(error.rule(), scheme_rule(input));
            prop_assert_eq!(&check_bytes(None, input.as_bytes()), &Err(error.clone()));
            // The prefix before the error is viable: matched alone, it is
            // accepted or runs out of input, never rejected earlier.
            let scheme_is_lower = !input
                .split(':')
                .next()
                .unwrap_or("")
                .bytes()
                .any(|b| b.is_ascii_uppercase());
            if scheme_is_lower {
                let prefix = &input[..error.offset()];
                if let Err(earlier) = parse_rule(error.rule(), prefix) {
                    prop_assert_eq!(earlier.offset(), prefix.len(), "{:?}", prefix);
                }
            }
        }
    }
    // The tree of the prefix the grammar's own `url` reads becomes a
    // `UrlBuf` as its text parses: copied, unparsed, when the variant is
    // its scheme's rule.
    if let Ok((_, url)) = generic::url(Quiet).parse_complete(Folded(input)) {
        prop_assert_eq!(UrlBuf::try_from(url), UrlBuf::parse(url.as_str()));
    }
    // The grammar's own `url` production, which may read a URL `parse`
    // rejects as an `otherurl`: its tree is the input too.
    if let Ok((Folded(""), url)) = generic::url(Quiet).parse_complete(Folded(input)) {
        prop_assert_eq!(url.as_str(), input);
        prop_assert_eq!(url.to_string(), input);
        if let Ok(parsed) = &parsed {
            prop_assert_eq!(url == *parsed, url.rule() == parsed.rule());
        }
    }
    Ok(())
}

/// Every part of a valid URL that has a `Display` writes the text its
/// production matched: the text of its node in the derivation tree, which
/// the grammar builds apart from the typed tree.
fn parts_display_their_text(input: &str) -> Result<(), TestCaseError> {
    let Ok(url) = parse(input) else {
        return Ok(());
    };
    let tree = rfc1738::check(input).expect("parse accepts it").tree();
    let text = |rule| tree.find(rule).map(|node| node.text());
    let shown = |part: &dyn std::fmt::Display| Some(part.to_string());
    let owned = |text: Option<&str>| text.map(str::to_owned);
    if let Some(host) = url.host()
        && !matches!(url, Url::Other(_) | Url::File(_))
    {
        prop_assert_eq!(shown(&host), owned(text(Rule::Host)));
        prop_assert_eq!(shown(&url.hostport().unwrap()), owned(text(Rule::Hostport)));
    }
    if let Some(login) = url.login()
        && !matches!(url, Url::Other(_))
    {
        prop_assert_eq!(shown(&login), owned(text(Rule::Login)));
    }
    match url {
        Url::Http(url) => {
            if let Some(hpath) = url.hpath() {
                prop_assert_eq!(shown(&hpath), owned(text(Rule::Hpath)));
            }
        }
        Url::Ftp(url) => {
            if let Some(fpath) = url.fpath() {
                prop_assert_eq!(shown(&fpath), owned(text(Rule::Fpath)));
            }
        }
        Url::News(url) => {
            prop_assert_eq!(shown(&url.grouppart()), owned(text(Rule::Grouppart)));
            if let Some(article) = url.article() {
                prop_assert_eq!(shown(&article), owned(text(Rule::Article)));
            }
        }
        Url::Gopher(url) => {
            if let Some(path) = url.gopher_path() {
                // The gopher path runs from after the `/` that follows
                // the hostport to the end.
                let after = tree.find(Rule::Hostport).unwrap().span().end + 1;
                prop_assert_eq!(path.to_string(), &input[after..]);
            }
        }
        Url::Wais(wais) => {
            let (form, rule) = match wais {
                WaisUrl::Database(form) => (form.to_string(), Rule::Waisdatabase),
                WaisUrl::Index(form) => (form.to_string(), Rule::Waisindex),
                WaisUrl::Doc(form) => (form.to_string(), Rule::Waisdoc),
            };
            prop_assert_eq!(Some(form), owned(text(rule)));
        }
        Url::File(url) => {
            if let Some(host) = url.host() {
                // Between `file://` and the `/` of the path.
                let host_end = 7 + input[7..].find('/').unwrap();
                prop_assert_eq!(host.to_string(), &input[7..host_end]);
            }
            prop_assert_eq!(shown(&url.fpath()), owned(text(Rule::Fpath)));
        }
        Url::Prospero(url) => {
            prop_assert_eq!(shown(&url.ppath()), owned(text(Rule::Ppath)));
        }
        Url::Other(url) => {
            if let Some(ip) = url.ip_schemepart() {
                prop_assert_eq!(ip.to_string(), url.schemepart());
                let tree = parse_rule(Rule::IpSchemepart, url.schemepart())
                    .expect("an ip-schemepart")
                    .tree();
                let text = |rule| tree.find(rule).map(|node| node.text().to_owned());
                prop_assert_eq!(shown(&ip.login()), text(Rule::Login));
                prop_assert_eq!(shown(&ip.login().hostport()), text(Rule::Hostport));
            }
        }
        Url::Nntp(_) | Url::Telnet(_) | Url::Mailto(_) => {}
    }
    Ok(())
}

/// The rule of a scheme name by section 2.1's letter: the name before the
/// first `:`, upper-case letters equivalent to lower-case ones.
fn rule_of_name(input: &str) -> Rule {
    let Some((name, _)) = input.split_once(':') else {
        return Rule::Otherurl;
    };
    match name.to_ascii_lowercase().as_str() {
        "http" => Rule::Httpurl,
        "ftp" => Rule::Ftpurl,
        "news" => Rule::Newsurl,
        "nntp" => Rule::Nntpurl,
        "telnet" => Rule::Telneturl,
        "gopher" => Rule::Gopherurl,
        "wais" => Rule::Waisurl,
        "mailto" => Rule::Mailtourl,
        "file" => Rule::Fileurl,
        "prospero" => Rule::Prosperourl,
        _ => Rule::Otherurl,
    }
}

/// Inputs that start like scheme names: a name of the ten (or close to one)
/// in mixed case, then bytes that lengthen it or end it, then the rest.
fn scheme_heads() -> impl Strategy<Value = String> {
    let names = prop::sample::select(vec![
        "http",
        "ftp",
        "news",
        "nntp",
        "telnet",
        "gopher",
        "wais",
        "mailto",
        "file",
        "prospero",
        "",
        "h",
        "htt",
        "https",
        "ftps",
        "prosper",
        "prosperos",
        "mail",
    ]);
    let more = string_regex("[a-zA-Z0-9@\\[`{\\x00\\x7f:é+./-]{0,3}").expect("a valid pattern");
    let rest = string_regex(":?[a-zA-Z:/é]{0,8}").expect("a valid pattern");
    (names, prop::collection::vec(any::<bool>(), 9), more, rest).prop_map(
        |(name, upper, more, rest)| {
            let name: String = name
                .chars()
                .zip(upper)
                .map(|(c, upper)| if upper { c.to_ascii_uppercase() } else { c })
                .collect();
            format!("{name}{more}{rest}")
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn scheme_rule_is_the_rule_of_the_name_before_the_first_colon(input in scheme_heads()) {
        prop_assert_eq!(scheme_rule(&input), rule_of_name(&input), "{:?}", input);
    }

    #[test]
    fn generated_urls_are_valid_and_round_trip(url in urls()) {
        prop_assert!(parse(&url).is_ok(), "{:?}: {}", url, parse(&url).unwrap_err());
        check(&url)?;
    }

    #[test]
    fn mutants_are_consistent(url in mutants()) {
        check(&url)?;
    }

    #[test]
    fn every_part_displays_the_text_it_matched(url in urls()) {
        parts_display_their_text(&url)?;
    }

    /// After a byte that is not UTF-8, what follows changes nothing the
    /// error says but what it shows: the grammar reads only the text
    /// before the byte, and the excerpt shows the rest.
    #[test]
    fn what_follows_a_byte_that_is_not_text_is_shown_not_read(
        url in mutants(),
        cut in any::<prop::sample::Index>(),
        tail in string_regex("[a-z/@:]{0,8}").expect("a valid pattern"),
    ) {
        let mut at = cut.index(url.len() + 1);
        while !url.is_char_boundary(at) {
            at -= 1;
        }
        let mut cut_there = url.as_bytes()[..at].to_vec();
        cut_there.push(0xFF);
        let mut with_tail = cut_there.clone();
        with_tail.extend_from_slice(tail.as_bytes());
        let (short, long) = (
            check_bytes(None, &cut_there).unwrap_err(),
            check_bytes(None, &with_tail).unwrap_err(),
        );
        prop_assert_eq!(
            (short.rule(), short.offset(), short.found(), short.expected(), short.path()),
            (long.rule(), long.offset(), long.found(), long.expected(), long.path())
        );
        if long.offset() == at {
            let shown = format!("{long:#}");
            prop_assert!(shown.contains(&format!("\u{FFFD}{tail}")), "{}", shown);
        }
    }

    #[test]
    fn scheme_case_does_not_matter_to_parse(url in urls()) {
        let colon = url.find(':').unwrap();
        let upper = format!("{}{}", url[..colon].to_ascii_uppercase(), &url[colon..]);
        let parsed = parse(&upper);
        prop_assert!(parsed.is_ok());
        prop_assert_eq!(parsed.unwrap().scheme(), &upper[..colon]);
    }
}
