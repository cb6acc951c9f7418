//! With `serde`, what the crate writes comes back from a human-readable
//! format (JSON) and from a compact one that is not self-describing
//! (postcard, which has no `deserialize_any`, as bincode has none), equal
//! to what was written; the values of an error's and a warning's accessors
//! are written as the command line's JSON writes them, and an error as a
//! map of them, hiding what it hides.

#![cfg(feature = "serde")]

use std::fmt::Debug;

use rfc1738::lint::{Code, lint};
use rfc1738::url::{
    Decoded, FileParts, FtpParts, GopherParts, HttpParts, MailtoParts, NewsParts, NntpParts,
    OtherParts, Parts, ProsperoParts, TelnetParts, Typecode, Userinfo, WaisForm, WaisParts,
};
use rfc1738::{Expected, Found, Hint, HintCode, Position, Rule, Url, UrlBuf};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::json;

/// Writes `value` in postcard and in JSON, and reads each back.
#[track_caller]
fn both_ways<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) {
    let bytes = postcard::to_allocvec(value).unwrap();
    let back: Result<T, _> = postcard::from_bytes(&bytes);
    assert_eq!(back.as_ref(), Ok(value), "postcard {bytes:?}");
    let json = serde_json::to_string(value).unwrap();
    let back: T = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, value, "{json}");
}

/// A URL of each scheme, with octets that are not UTF-8 (`%FF`) in every
/// decoded component that can hold them.
const URLS: &[&str] = &[
    "http://host.dom:8080/a%FFb;c/d?q%FF;r",
    "http://host.dom",
    "ftp://me:p%FFw@host.dom/pub/file;type=i",
    "ftp://%FF@host.dom/",
    "news:comp.infosystems.www.misc",
    "news:*",
    "news:a%FF@host.dom",
    "nntp://news.dom/comp.lang/42",
    "telnet://gu%FFest:pw@host.dom:2323/",
    "gopher://host.dom/0sel%FF%09se%FFarch%09pl%FFus",
    // The type itself is not UTF-8.
    "gopher://host.dom/%FF",
    "gopher://host.dom",
    "wais://host.dom/d%FFb",
    "wais://host.dom/db?s%FF",
    "wais://host.dom/db/t%FF/p%FF",
    "mailto:j%FFoe@host.dom",
    "file://vms.host.edu/disk$user/%FF",
    "file:///etc/motd",
    "prospero://host.dom//pros/n%FFame;f%FF=v%FF",
    "x-any:thing%FF",
];

/// The scheme a parts value is of.
fn scheme(parts: &Parts<'_>) -> &'static str {
    match parts {
        Parts::Http(_) => "http",
        Parts::Ftp(_) => "ftp",
        Parts::News(_) => "news",
        Parts::Nntp(_) => "nntp",
        Parts::Telnet(_) => "telnet",
        Parts::Gopher(_) => "gopher",
        Parts::Wais(_) => "wais",
        Parts::Mailto(_) => "mailto",
        Parts::File(_) => "file",
        Parts::Prospero(_) => "prospero",
        Parts::Other(_) => "other",
    }
}

#[test]
fn the_parts_of_a_parsed_url_of_every_scheme_come_back() {
    let mut schemes = std::collections::BTreeSet::new();
    for input in URLS {
        let parts = rfc1738::parse(input).unwrap().to_parts().unwrap();
        schemes.insert(scheme(&parts));
        both_ways(&parts);
    }
    assert_eq!(schemes.len(), 11, "{schemes:?}");
}

#[test]
fn the_parts_of_the_builders_come_back() {
    let octets = Decoded::from(&b"a\xff\0"[..]);
    for parts in [
        Parts::Http(HttpParts {
            port: Some(8080),
            path: Some(vec![vec![octets.clone(), "".into()], vec!["c;d".into()]]),
            search: Some(vec!["x?y".into()]),
            ..HttpParts::new("host.dom")
        }),
        Parts::Ftp(FtpParts {
            userinfo: Some(Userinfo::with_password("me@home", octets.clone())),
            path: Some(vec!["pub".into(), octets.clone()]),
            typecode: Some(Typecode::Directory),
            ..FtpParts::new("host.dom")
        }),
        Parts::News(NewsParts::Article {
            unique: octets.clone(),
            host: "host.dom".into(),
        }),
        Parts::News(NewsParts::Group("comp.lang".into())),
        Parts::Nntp(NntpParts {
            article: Some(u64::MAX),
            ..NntpParts::new("news.dom", "comp.lang")
        }),
        Parts::Telnet(TelnetParts {
            userinfo: Some(Userinfo::new(octets.clone())),
            ..TelnetParts::new("host.dom")
        }),
        Parts::Gopher(GopherParts {
            gopher_type: 0xFF,
            selector: octets.clone(),
            search: Some("".into()),
            gopher_plus: Some(octets.clone()),
            ..GopherParts::new("host.dom")
        }),
        Parts::Wais(WaisParts {
            form: WaisForm::Document {
                wtype: octets.clone(),
                wpath: "id/1".into(),
            },
            ..WaisParts::new("host.dom", octets.clone())
        }),
        Parts::Wais(WaisParts::new("host.dom", "db")),
        Parts::Mailto(MailtoParts::new(octets.clone())),
        Parts::File(FileParts::new(vec![octets.clone(), "".into()])),
        Parts::Prospero(ProsperoParts {
            fields: vec![(octets.clone(), "".into())],
            ..ProsperoParts::new("host.dom", octets.clone())
        }),
        Parts::Other(OtherParts::new("x-my", "any:thing")),
    ] {
        both_ways(&parts);
        // What comes back still builds the URL the parts build.
        let bytes = postcard::to_allocvec(&parts).unwrap();
        let back: Parts<'static> = postcard::from_bytes(&bytes).unwrap();
        assert_eq!(back.build(), parts.build());
    }
}

#[test]
fn decoded_octets_come_back() {
    for octets in [
        &b"abc"[..],
        b"",
        b"a\xff",
        b"\xc3",
        b"\0\t\r\n",
        "é".as_bytes(),
    ] {
        both_ways(&Decoded::from(octets));
    }
}

/// In a compact format the octets are a byte string, its length then the
/// octets, whether they are UTF-8 or not; JSON keeps a string, or an array
/// of byte values.
#[test]
fn decoded_octets_are_bytes_in_a_compact_format() {
    let bytes = |octets: &[u8]| postcard::to_allocvec(&Decoded::from(octets)).unwrap();
    assert_eq!(bytes(b"abc"), [3, b'a', b'b', b'c']);
    assert_eq!(bytes(b"a\xff"), [2, b'a', 0xFF]);
    let json = |octets: &[u8]| serde_json::to_string(&Decoded::from(octets)).unwrap();
    assert_eq!(json(b"abc"), r#""abc""#);
    assert_eq!(json(b"a\xff"), "[97,255]");
    // A byte string is what a compact reader takes.
    let back: Decoded<'static> = postcard::from_bytes(&[2, b'a', 0xFF]).unwrap();
    assert_eq!(back, b"a\xff");
}

#[test]
fn urls_come_back_as_their_text() {
    for input in URLS {
        let buf: UrlBuf = input.parse().unwrap();
        both_ways(&buf);
        let bytes = postcard::to_allocvec(&buf).unwrap();
        // The same text as a string: a `Url` borrows it from the input.
        assert_eq!(bytes, postcard::to_allocvec(input).unwrap());
        let url: Url<'_> = postcard::from_bytes(&bytes).unwrap();
        assert_eq!(url, buf.as_url());
    }
    // The grammar reads what comes back.
    let bytes = postcard::to_allocvec("http://host:8a/").unwrap();
    let error = postcard::from_bytes::<UrlBuf>(&bytes).unwrap_err();
    assert!(matches!(error, postcard::Error::SerdeDeCustom), "{error:?}");
}

#[test]
fn the_syntax_tree_is_written_in_a_compact_format() {
    for input in URLS {
        let url = rfc1738::parse(input).unwrap();
        let tree = postcard::to_allocvec(&rfc1738::url::serde_tree::Tree(url)).unwrap();
        // The scheme as written is in it, after the variant's index.
        let scheme = url.scheme().as_bytes();
        assert!(
            tree[1..].windows(scheme.len()).any(|w| w == scheme),
            "{input}"
        );
    }
}

// The vocabulary ----------------------------------------------------------

/// What the `serde` feature's documentation tells a user to do: put an
/// error's accessors in a record of their own, and derive `Serialize`.
#[derive(Serialize)]
struct Failure<'a> {
    rule: Rule,
    position: Position,
    path: &'a [Rule],
    expected: &'a [Expected],
    hints: &'a [Hint],
    codes: Vec<HintCode>,
}

#[test]
fn an_errors_accessors_serialize_as_the_command_line_writes_them() {
    let error = rfc1738::parse("http://host:8a/").unwrap_err();
    let failure = Failure {
        rule: error.rule(),
        position: error.position(),
        path: error.path(),
        expected: error.expected(),
        hints: error.hints(),
        codes: error.hints().iter().map(Hint::code).collect(),
    };
    assert_eq!(
        serde_json::to_value(&failure).unwrap(),
        json!({
            "rule": "httpurl",
            "position": {"line": 1, "column": 14},
            "path": ["httpurl", "hostport", "port", "digits"],
            "expected": ["digit", "\"/\"", "end of input"],
            "hints": ["a port is a decimal number, of digits only (RFC 1738, section 3.1)"],
            "codes": ["port-digits"],
        })
    );
    // The command line writes what was expected and the hints as their
    // `Display`, rules by name, hint codes by `as_str`.
    let error = rfc1738::parse("http://host/a b#c").unwrap_err();
    let hints: Vec<String> = error.hints().iter().map(ToString::to_string).collect();
    assert!(!hints.is_empty());
    assert_eq!(serde_json::to_value(error.hints()).unwrap(), json!(hints));
    let expected: Vec<String> = error.expected().iter().map(ToString::to_string).collect();
    assert_eq!(
        serde_json::to_value(error.expected()).unwrap(),
        json!(expected)
    );
    let code = error.hints()[0].code();
    assert_eq!(serde_json::to_value(code).unwrap(), json!(code.as_str()));
    // In a compact format too.
    assert!(postcard::to_allocvec(&failure).is_ok());
}

#[test]
fn rules_are_written_by_name_and_come_back() {
    for rule in Rule::ALL {
        assert_eq!(serde_json::to_value(rule).unwrap(), json!(rule.name()));
        both_ways(&rule);
    }
    let error = serde_json::from_str::<Rule>(r#""host-port""#).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with(r#""host-port" is not a production of RFC 1738 section 5"#),
        "{error}"
    );
    // Names are case-sensitive, as `str::parse` reads them.
    assert!(serde_json::from_str::<Rule>(r#""Hostport""#).is_err());
    assert!(serde_json::from_str::<Rule>("3").is_err());
}

#[test]
fn positions_are_a_line_and_a_column_and_come_back() {
    let position = Position::of("a\nbcd", 4);
    assert_eq!(
        serde_json::to_value(position).unwrap(),
        json!({"line": 2, "column": 3})
    );
    both_ways(&position);
    both_ways(&Position::new(usize::MAX, usize::MAX));
    // Both count from 1.
    for json in [r#"{"line": 0, "column": 1}"#, r#"{"line": 1, "column": 0}"#] {
        assert!(serde_json::from_str::<Position>(json).is_err(), "{json}");
    }
    assert!(serde_json::from_str::<Position>(r#"{"line": 1}"#).is_err());
}

#[test]
fn lint_codes_are_written_as_the_json_records_write_them_and_come_back() {
    for &code in Code::ALL {
        assert_eq!(serde_json::to_value(code).unwrap(), json!(code.as_str()));
        both_ways(&code);
    }
    let url = rfc1738::parse("HTTP://host.dom:25/").unwrap();
    let codes: Vec<Code> = lint(&url).iter().map(|warning| warning.code()).collect();
    assert_eq!(
        serde_json::to_string(&codes).unwrap(),
        r#"["upper-case-scheme","reserved-port"]"#
    );
    let error = serde_json::from_str::<Code>(r#""reserved_port""#).unwrap_err();
    // Read through `FromStr`: its error, naming the string.
    assert!(
        error
            .to_string()
            .starts_with(r#""reserved_port" is not a lint code"#),
        "{error}"
    );
}

#[test]
fn hint_codes_are_written_as_the_summaries_write_them_and_come_back() {
    for &code in HintCode::ALL {
        assert_eq!(serde_json::to_value(code).unwrap(), json!(code.as_str()));
        both_ways(&code);
    }
    let error = serde_json::from_str::<HintCode>(r#""Fragment""#).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with(r#""Fragment" is not a hint code"#),
        "{error}"
    );
}

/// An error is written as a map of its accessors' values, under the names
/// the command line's JSON `error` record gives them, and `found` as the
/// `Found` it is.
#[test]
fn an_error_is_written_as_its_accessors_say() {
    for input in [
        "http://host:8a/",
        "http:/",
        "ftp://h/a b",
        "http://user@host/",
    ] {
        let error = rfc1738::parse(input).unwrap_err();
        let hints: Vec<String> = error.hints().iter().map(ToString::to_string).collect();
        assert_eq!(
            serde_json::to_value(&error).unwrap(),
            json!({
                "rule": error.rule(),
                "offset": error.offset(),
                "line": error.line(),
                "column": error.column(),
                "path": error.path(),
                "expected": error.expected(),
                "found": error.found(),
                "message": error.message(),
                "hints": hints,
            }),
            "{input}"
        );
        assert!(postcard::to_allocvec(&error).is_ok());
    }
    let found = |input: &[u8]| {
        let error = rfc1738::check_bytes(None, input).unwrap_err();
        serde_json::to_value(&error).unwrap()["found"].clone()
    };
    assert_eq!(found(b"http://host:8a/"), json!({"char": "a"}));
    assert_eq!(found(b"http://host/\xFF"), json!({"byte": 255}));
    assert_eq!(found(b"http:/"), json!("end-of-input"));
    let json = |found: Found| serde_json::to_string(&found).unwrap();
    assert_eq!(json(Found::Char('\u{1b}')), r#"{"char":"\u001b"}"#);
    assert_eq!(json(Found::Byte(0)), r#"{"byte":0}"#);
    assert!(postcard::to_allocvec(&Found::EndOfInput).is_ok());
}

/// An error told to hide its password is written as it shows itself then:
/// the message and the hints as `message()` and `Display` give them, a
/// character found in the password `"hidden"` as `Debug` says `Hidden`,
/// and nothing of the password anywhere. The passwords are of letters
/// no message, hint or rule name has (`Q`, `Z`, `J`, `X`).
#[test]
fn a_hidden_password_is_nowhere_in_an_errors_record() {
    let mut found_hidden = 0;
    for input in [
        // Past the password, in the host.
        "ftp://me:QZJX@h_/",
        // In the password: a space, a `%` that starts no escape.
        "ftp://me:QZ JX@host/",
        "ftp://me:QZ%JX@host/",
        "ftp://me:QZ%@host/",
        // Read as a port by an http URL.
        "http://me:QZ%zzJX@h/",
        // A second URL's, on the same line.
        "http://h/a b ftp://me:QZJX@h/",
        // A password in the path.
        "http://h/a//me:QZ%\"JX@h/",
    ] {
        let shown = rfc1738::parse(input).unwrap_err();
        let error = shown.clone().password_hidden();
        let record = serde_json::to_value(&error).unwrap();
        let text = record.to_string();
        assert!(!text.contains(['Q', 'Z', 'J', 'X']), "{input}: {text}");
        assert!(!format!("{error} {error:#}").contains(['Q', 'Z', 'J', 'X']));
        assert_eq!(record["message"], error.message(), "{input}");
        let hints: Vec<String> = error.hints().iter().map(ToString::to_string).collect();
        assert_eq!(record["hints"], json!(hints), "{input}");
        assert_eq!(record["path"], json!(error.path()), "{input}");
        assert_eq!(record["expected"], json!(error.expected()), "{input}");
        assert_eq!(record["offset"], shown.offset(), "{input}");
        let hidden = format!("{error:?}").contains("found: Hidden");
        assert_eq!(record["found"] == "hidden", hidden, "{input}");
        if hidden {
            found_hidden += 1;
            assert_eq!(
                serde_json::to_value(&shown).unwrap()["found"],
                json!(shown.found()),
                "{input}"
            );
        }
    }
    assert!(found_hidden >= 3, "{found_hidden}");
    // In the password: hidden, where the error not hidden names it.
    let error = rfc1738::parse("ftp://me:se cret@host/").unwrap_err();
    assert_eq!(
        serde_json::to_value(&error).unwrap()["found"],
        json!({"char": " "})
    );
    let record = serde_json::to_value(error.password_hidden()).unwrap();
    assert_eq!(record["found"], "hidden");
    assert!(!record.to_string().contains("cret"), "{record}");
}

/// A warning is written with the members of the command line's JSON
/// `warnings` records, and whether it lies in a password; hidden, its
/// message names nothing of the password.
#[test]
fn warnings_serialize_as_the_json_records_write_them() {
    let text = format!("ftp://me:Q%0AZ@h.dom/{}", "%00".repeat(20));
    let url = rfc1738::parse(&text).unwrap();
    let records: Vec<serde_json::Value> = lint(&url)
        .into_iter()
        .map(|warning| serde_json::to_value(warning).unwrap())
        .collect();
    for record in &records {
        let keys: Vec<&str> = record
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        // The members, by name: a `Value`'s map keeps them sorted.
        let written = serde_json::to_string(record).unwrap();
        assert_eq!(
            keys,
            [
                "code",
                "count",
                "in_password",
                "message",
                "offset",
                "offsets",
                "offsets_capped"
            ],
            "{written}"
        );
    }
    let delimiters = records
        .iter()
        .find(|record| record["code"] == "encoded-delimiter" && record["in_password"] == false)
        .unwrap();
    assert_eq!(
        (
            delimiters["count"].clone(),
            delimiters["offsets_capped"].clone()
        ),
        (json!(20), json!(true))
    );
    assert_eq!(
        delimiters["offsets"].as_array().unwrap().len(),
        rfc1738::lint::OFFSETS_KEPT
    );
    let hidden: Vec<serde_json::Value> = lint(&url)
        .into_iter()
        .map(|warning| serde_json::to_value(warning.password_hidden()).unwrap())
        .collect();
    let said: String = hidden
        .iter()
        .map(|record| record["message"].to_string())
        .collect();
    assert!(
        !said.contains("%0A") && !said.contains('Q') && !said.contains('Z'),
        "{said}"
    );
    // Shown, the finding in the password is named.
    let shown: String = records
        .iter()
        .map(|record| record["message"].to_string())
        .collect();
    assert!(shown.contains("%0A"), "{shown}");
}
