//! The `rfc1738 parse` command line.

mod common;

use std::process::Output;

use serde_json::{Value, json};

use common::rfc1738;

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("output is UTF-8")
}

fn records(output: &Output) -> Vec<Value> {
    stdout(output)
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
        .collect()
}

/// The JSON record of one URL given as an argument.
fn record(url: &str) -> Value {
    let output = rfc1738(&["parse", "--format", "json", url], b"");
    let mut records = records(&output);
    assert_eq!(records.len(), 1, "{}", stdout(&output));
    records.remove(0)
}

#[test]
fn the_issues_ftp_record_exactly() {
    // Section 3.2.2's first example.
    let output = rfc1738(
        &[
            "parse",
            "--format",
            "json",
            "ftp://myname@host.dom/%2Fetc/motd",
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        concat!(
            r#"{"input":"ftp://myname@host.dom/%2Fetc/motd","valid":true,"rule":"ftpurl","#,
            r#""scheme":"ftp","user":"myname","password":null,"host":"host.dom","port":null,"#,
            r#""effective_port":21,"ftp":{"path_segments":["/etc","motd"],"typecode":null,"#,
            r#""commands":["CWD /etc","RETR motd"]},"argument":1}"#,
            "\n"
        )
    );
    // Its third example: "CWD " with a null argument.
    assert_eq!(
        record("ftp://myname@host.dom//etc/motd")["ftp"]["commands"],
        json!(["CWD ", "CWD etc", "RETR motd"])
    );
    assert_eq!(
        record("ftp://h/a/b;type=d")["ftp"]["commands"],
        json!(["CWD a", "NLST b"])
    );
    // An empty name: no file to retrieve, the directory's listing
    // (grammar/DECISIONS.md D30).
    assert_eq!(record("ftp://h/")["ftp"]["commands"], json!(["NLST"]));
    assert_eq!(
        record("ftp://h/a/b/;type=d")["ftp"]["commands"],
        json!(["CWD a", "CWD b", "NLST"])
    );
    assert_eq!(record("ftp://h/b;type=I")["ftp"]["typecode"], json!("i"));
}

#[test]
fn one_sub_object_per_scheme() {
    assert_eq!(
        record("gopher://host.dom:7070/7search%09rfc%201738")["gopher"],
        json!({"type": "7", "selector": "search", "search": "rfc 1738", "gopher_plus": null, "request": "search\trfc 1738\r\n"})
    );
    assert_eq!(
        record("gopher://host.dom")["gopher"],
        json!({"type": "1", "selector": "", "search": null, "gopher_plus": null, "request": "\r\n"})
    );
    assert_eq!(
        record("news:comp.infosystems.www.misc")["news"],
        json!({"group": "comp.infosystems.www.misc", "article": null, "all": false})
    );
    assert_eq!(
        record("news:*")["news"],
        json!({"group": null, "article": null, "all": true})
    );
    assert_eq!(
        record("news:a%20b@host.dom")["news"],
        json!({"group": null, "article": "a b@host.dom", "all": false})
    );
    assert_eq!(
        record("nntp://h/comp.lang/042")["nntp"],
        json!({"group": "comp.lang", "article": "042", "article_number": 42})
    );
    assert_eq!(
        record("nntp://h/comp.lang")["nntp"],
        json!({"group": "comp.lang", "article": null, "article_number": null})
    );
    assert_eq!(
        record("wais://h/db/TEXT/0%2C1")["wais"],
        json!({"database": "db", "search": null, "wtype": "TEXT", "wpath": "0,1"})
    );
    assert_eq!(
        record("file:///etc/motd")["file"],
        json!({"host": "", "local": true, "path_segments": ["etc", "motd"]})
    );
    assert_eq!(
        record("file://localhost/x")["file"]["host"],
        json!("localhost")
    );
    assert_eq!(
        record("prospero://host.dom//pros/name;OBJECT-VERSION=1")["prospero"],
        json!({"hsoname": "/pros/name", "fields": [{"name": "OBJECT-VERSION", "value": "1"}]})
    );
    assert_eq!(
        record("mailto:a%25b@c.dom")["mailto"],
        json!({"address": "a%b@c.dom"})
    );
    let telnet = record("telnet://guest:pw@host.dom:2323/");
    assert_eq!(
        (
            &telnet["user"],
            &telnet["password"],
            &telnet["port"],
            &telnet["effective_port"]
        ),
        (&json!("guest"), &json!("pw"), &json!("2323"), &json!(2323))
    );
    let other = record("HTTPS://u@Example.com/a");
    assert_eq!(other["scheme"], json!("https"));
    assert_eq!(other["host"], json!("Example.com"));
    assert_eq!(other["effective_port"], Value::Null);
    assert_eq!(
        other["other"],
        json!({"schemepart": "//u@Example.com/a", "urlpath": "a"})
    );
}

#[test]
fn an_http_semicolon_and_its_escape_are_told_apart() {
    // Section 3.3: "Within the <path> and <searchpart> components, "/",
    // ";", "?" are reserved." A segment and the search are the pieces their
    // unencoded `;`s separate, each decoded.
    assert_eq!(
        record("http://h/a;b?c;d")["http"],
        json!({"path_segments": [["a", "b"]], "search": ["c", "d"]})
    );
    assert_eq!(
        record("http://h/a%3Bb?c%3Bd")["http"],
        json!({"path_segments": [["a;b"]], "search": ["c;d"]})
    );
    assert_eq!(
        record("http://h/;/x%FF?")["http"],
        json!({"path_segments": [["", ""], [[120, 255]]], "search": [""]})
    );
    assert_eq!(
        record("http://h")["http"],
        json!({"path_segments": null, "search": null})
    );
    let text = stdout(&rfc1738(&["parse", "http://h/a;b/c?d%3Be;f"], b""));
    assert!(
        text.contains(
            "  path segments   [[\"a\", \"b\"], [\"c\"]]\n  search          [\"d;e\", \"f\"]\n"
        ),
        "{text}"
    );
}

#[test]
fn octets_that_are_not_utf8_are_arrays_of_byte_values() {
    let record = record("ftp://u%FF@h/caf%E9/x%C3%A9");
    assert_eq!(record["user"], json!([117, 255]));
    assert_eq!(
        record["ftp"]["path_segments"],
        json!([[99, 97, 102, 233], "xé"])
    );
    assert_eq!(
        record["ftp"]["commands"],
        json!([[67, 87, 68, 32, 99, 97, 102, 233], "RETR xé"])
    );
}

#[test]
fn semantic_errors_of_valid_urls_are_listed() {
    let record = record("http://h:65536/");
    assert_eq!(record["valid"], json!(true));
    assert_eq!(record["port"], json!("65536"));
    assert_eq!(record["effective_port"], Value::Null);
    assert_eq!(
        record["semantic_errors"],
        json!(["the port 65536 does not fit in 16 bits (at most 65535)"])
    );
    // An article number beyond 64 bits: the article is there, as written,
    // as a port beyond 65535 is; its number is what fails.
    let record = self::record("nntp://h/g/0099999999999999999999999");
    assert_eq!(
        record["nntp"],
        json!({"group": "g", "article": "0099999999999999999999999", "article_number": null})
    );
    assert_eq!(
        record["semantic_errors"],
        json!([
            "the article number 0099999999999999999999999 does not fit in 64 bits (at most \
             18446744073709551615)"
        ])
    );
    let text = stdout(&rfc1738(
        &["parse", "nntp://h/g/99999999999999999999999"],
        b"",
    ));
    assert!(
        text.contains("\n  article         99999999999999999999999\n  article number  none\n"),
        "{text}"
    );
    let record = self::record("ftp://h/a%0D%0ADELE%20b/c");
    assert_eq!(record["ftp"]["commands"], Value::Null);
    assert!(
        record["semantic_errors"][0]
            .as_str()
            .unwrap()
            .contains("CR (0x0D)")
    );
    assert!(self::record("ftp://h/c").get("semantic_errors").is_none());
    // The user and password go in USER and PASS commands (section 3.2.1):
    // the path's commands stand, the login is refused.
    let record = self::record("ftp://me%0D%0ADELE%20x:pw@h/c");
    assert_eq!(record["ftp"]["commands"], json!(["RETR c"]));
    assert_eq!(
        record["semantic_errors"],
        json!([
            "the decoded user contains CR (0x0D) at byte 2: sent as it is, it would end the \
             FTP command line early (RFC 1738 section 6)"
        ])
    );
    let record = self::record("ftp://me:a%0Ab@h/c");
    let errors = record["semantic_errors"].as_array().unwrap();
    assert!(
        errors[0]
            .as_str()
            .unwrap()
            .starts_with("the decoded password contains LF")
    );
}

#[test]
fn every_semantic_error_of_parse_is_a_warning_of_check() {
    // Each kind: a port, an nntp article number, a TAB in a gopher selector
    // and in a Gopher+ string, CR or LF in an FTP user, password and path.
    let inputs = [
        "http://h:65536/",
        "nntp://h/g/99999999999999999999999",
        "gopher://h/1a%09b/c",
        "gopher://h/1a%09b%09c%09d",
        "ftp://u%0D:p%0A@h:70000/a%0D/b",
        "ftp://h/c",
        "ftp://h/pub/;type=i",
        // After the appendix's prefix: the errors of the URL that follows.
        "URL:http://h:65536/",
        "URL:URL://h:65536/",
    ];
    let parsed = records(&rfc1738(
        &[&["parse", "--format", "json"][..], &inputs].concat(),
        b"",
    ));
    let output = rfc1738(
        &[
            &["check", "--format", "json", "--deny-warnings"][..],
            &inputs,
        ]
        .concat(),
        b"",
    );
    assert_eq!(output.status.code(), Some(1));
    let checked = records(&output);
    for (parsed, checked) in parsed.iter().zip(&checked) {
        let errors = parsed["semantic_errors"].as_array().cloned();
        let errors = errors.unwrap_or_default();
        let warned: Vec<&str> = checked["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|warning| {
                ["port-range", "article-range", "forbidden-byte", "no-file"]
                    .contains(&warning["code"].as_str().unwrap())
            })
            .map(|warning| warning["message"].as_str().unwrap())
            .collect();
        assert_eq!(warned.len(), errors.len(), "{checked}");
        for (message, error) in warned.iter().zip(&errors) {
            assert!(message.starts_with(error.as_str().unwrap()), "{checked}");
        }
    }
    // The login's first (the user's), the port, the path's.
    assert_eq!(parsed[4]["semantic_errors"].as_array().unwrap().len(), 3);
    assert!(parsed[5].get("semantic_errors").is_none());
    assert_eq!(parsed[6]["ftp"]["commands"], Value::Null);
    assert!(
        parsed[6]["semantic_errors"][0]
            .as_str()
            .unwrap()
            .contains("there is none to retrieve"),
        "{}",
        parsed[6]
    );
    // Alone, the gopher URL whose selector holds a TAB fails the check.
    let output = rfc1738(&["check", "--deny-warnings", "gopher://h/1a%09b/c"], b"");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stdout(&output).contains("warning[forbidden-byte]: the decoded selector contains TAB"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn invalid_inputs_get_checks_error_record_and_exit_1() {
    let output = rfc1738(
        &["parse", "--format", "json", "http://host:8a/", "news:*"],
        b"",
    );
    assert_eq!(output.status.code(), Some(1));
    let records = records(&output);
    assert_eq!(
        records[0],
        json!({"input": "http://host:8a/", "valid": false, "rule": "httpurl", "error": {
            "offset": 13, "line": 1, "column": 14,
            "expected": ["digit", "\"/\"", "end of input"], "found": "a",
            "message": "expected digit, \"/\" or end of input, found \"a\"",
            "hints": ["a port is a decimal number, of digits only (RFC 1738, section 3.1)"]},
            "argument": 1})
    );
    assert_eq!(records[1]["valid"], json!(true));
    // The error object is check's, hints included.
    for input in ["http://host:8a/", "http://user@host/"] {
        let parsed = self::records(&rfc1738(&["parse", "--format", "json", input], b""));
        let checked = self::records(&rfc1738(&["check", "--format", "json", input], b""));
        assert_eq!(parsed[0]["error"], checked[0]["error"], "{input}");
    }
}

#[test]
fn standard_input_gives_one_record_per_line_in_order() {
    let output = rfc1738(
        &["parse", "--format", "json"],
        b"news:*\r\n\nhttp://h/\xff\nftp://h/\n",
    );
    assert_eq!(output.status.code(), Some(1));
    let records = records(&output);
    let verdicts: Vec<(&str, bool)> = records
        .iter()
        .map(|r| (r["input"].as_str().unwrap(), r["valid"].as_bool().unwrap()))
        .collect();
    assert_eq!(
        verdicts,
        [
            ("news:*", true),
            ("", false),
            ("http://h/\u{FFFD}", false),
            ("ftp://h/", true)
        ]
    );
    assert_eq!(records[2]["error"]["offset"], json!(9));
}

/// Section 3.10: "As a special case, `<host>` can be the string
/// "localhost" or the empty string; this is interpreted as `the machine from
/// which the URL is being interpreted'." The record says so, as
/// `FileUrl::is_local` does.
#[test]
fn a_file_url_says_whether_it_names_the_local_machine() {
    for (input, host, local) in [
        ("file:///etc/motd", "", true),
        ("file://localhost/etc/motd", "localhost", true),
        // Another case of the same name (grammar/DECISIONS.md D13).
        ("file://LocalHost/etc/motd", "LocalHost", true),
        ("file://localhost.dom/etc/motd", "localhost.dom", false),
        (
            "file://vms.host.edu/disk$user/my/notes/note12345.txt",
            "vms.host.edu",
            false,
        ),
    ] {
        let file = &record(input)["file"];
        assert_eq!(
            (&file["host"], &file["local"]),
            (&json!(host), &json!(local)),
            "{input}"
        );
        let text = stdout(&rfc1738(&["parse", input], b""));
        let shown = if local { "yes" } else { "no" };
        assert!(
            text.contains(&format!("\n  local           {shown}\n")),
            "{text}"
        );
    }
}

#[test]
fn the_text_format_shows_each_part() {
    let output = rfc1738(&["parse", "ftp://myname@host.dom/%2Fetc/motd"], b"");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "\
ftp://myname@host.dom/%2Fetc/motd (ftpurl)
  scheme          ftp
  user            \"myname\"
  password        none
  host            host.dom
  port            none
  effective port  21
  path segments   [\"/etc\", \"motd\"]
  typecode        none
  commands        [\"CWD /etc\", \"RETR motd\"]
"
    );
    let output = rfc1738(&["parse", "gopher://h/1a%09b%FF"], b"");
    let text = stdout(&output);
    assert!(text.contains("  search          b\"b\\xff\"\n"), "{text}");
    let output = rfc1738(&["parse", "http://host:8a/"], b"");
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).contains("error: not a valid httpurl"));
}

#[test]
fn the_text_format_shows_an_empty_value_as_empty_quotes_and_pads_nothing() {
    // A file URL's empty host was shown as its name and blank padding.
    let text = stdout(&rfc1738(&["parse", "file:///etc/motd"], b""));
    assert!(text.contains("\n  host            \"\"\n"), "{text}");
    let text = stdout(&rfc1738(&["parse", "x://h/"], b""));
    assert!(text.contains("\n  url-path        \"\"\n"), "{text}");
    let text = stdout(&rfc1738(&["parse", "x:"], b""));
    assert!(text.contains("\n  schemepart      \"\"\n"), "{text}");
    // Absent is `none`; no line of any scheme's record ends in a space.
    let inputs = [
        "file:///etc/motd",
        "x://h/",
        "x://h",
        "x:",
        "ftp://@h/",
        "ftp://h/",
        "http://h/?",
        "gopher://h",
        "gopher://h/1%09%09",
        "news:*",
        "nntp://h/g",
        "wais://h/db?",
        "prospero://h/;a=",
        "telnet://:@h",
    ];
    let text = stdout(&rfc1738(&[&["parse"][..], &inputs].concat(), b""));
    for line in text.lines() {
        assert!(!line.ends_with(' '), "{line:?} in\n{text}");
    }
    assert!(text.contains("\n  url-path        none\n"), "{text}");
}

#[test]
fn the_text_format_shows_a_user_and_password_only_where_the_rule_has_a_login() {
    let has_login = |url: &str| {
        let text = stdout(&rfc1738(&["parse", url], b""));
        let user = text.contains("\n  user ");
        assert_eq!(user, text.contains("\n  password "), "{text}");
        assert!(text.contains("\n  host "), "{text}");
        user
    };
    for url in ["ftp://h/", "telnet://u:p@h/", "x-y://h/p", "x-y://u@h"] {
        assert!(has_login(url), "{url}");
    }
    for url in [
        "http://h/",
        "gopher://h/1a",
        "nntp://h/g/1",
        "wais://h/db",
        "prospero://h/p",
        "file://h/p",
    ] {
        assert!(!has_login(url), "{url}");
    }
    // JSON keeps its members, null.
    let record = record("http://h/");
    assert_eq!(
        (&record["user"], &record["password"]),
        (&json!(null), &json!(null))
    );
}

#[test]
fn a_usage_error_exits_2() {
    let output = rfc1738(&["parse", "--format", "yaml", "news:*"], b"");
    assert_eq!(output.status.code(), Some(2));
}
