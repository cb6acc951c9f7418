//! No password in human output unless `--show-passwords`: in `check`,
//! `parse`, `explain` and `extract`, valid inputs and invalid ones, their
//! diagnostics included. JSON keeps the input as it is.

mod common;

use std::process::Output;

use common::rfc1738;

/// Standard output and standard error together.
fn shown(output: &Output) -> String {
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    text
}

/// An input, the production it is checked against (`None`: its scheme's),
/// and pieces of its password, none of which may be shown.
struct Case {
    input: &'static str,
    rule: Option<&'static str>,
    secrets: &'static [&'static str],
}

const CASES: &[Case] = &[
    // Valid: the parser's own password.
    Case {
        input: "ftp://me:hunter2@host/",
        rule: None,
        secrets: &["hunter2"],
    },
    Case {
        input: "x-scheme://me:hunter2@host/path",
        rule: None,
        secrets: &["hunter2"],
    },
    Case {
        input: "john:hunter2@host.dom",
        rule: Some("login"),
        secrets: &["hunter2"],
    },
    Case {
        input: "ftp://me:hunter2@host/",
        rule: Some("url"),
        secrets: &["hunter2"],
    },
    // Valid: the appendix's prefix read as a scheme name, an otherurl
    // whose password is the URL's after the prefix.
    Case {
        input: "URL:ftp://me:hunter2@host/",
        rule: None,
        secrets: &["hunter2"],
    },
    Case {
        input: "url:URL:x-scheme://me:hunter2@host/",
        rule: Some("url"),
        secrets: &["hunter2"],
    },
    // Valid, and no login for the grammar, but one after the "//" for
    // people: a "_" in the host, an "@" in the password.
    Case {
        input: "postgres://app:hunter2@db_1:5432/app",
        rule: None,
        secrets: &["hunter2"],
    },
    Case {
        input: "ftp://admin:p@ssw0rd@h/",
        rule: Some("url"),
        secrets: &["ssw0rd"],
    },
    Case {
        input: "x://me:hunter2@h_1/",
        rule: Some("otherurl"),
        secrets: &["hunter2"],
    },
    // Valid, and refused as FTP credentials (a line break in the decoded
    // password): the refusal names neither the octet nor where it is.
    Case {
        input: "ftp://me:hunter2%0D%0Ax@host/",
        rule: None,
        secrets: &["hunter2", "CR (0x0D)", "at byte"],
    },
    // Invalid: a user name with an "@", then the password.
    Case {
        input: "ftp://john@example.com:hunter2@h/",
        rule: None,
        secrets: &["hunter2"],
    },
    // A "/" in the password.
    Case {
        input: "telnet://root:hunter2/x@host/",
        rule: None,
        secrets: &["hunter2"],
    },
    // A "/" in the password where the scheme has no login: the ":" has
    // no port after it.
    Case {
        input: "http://root:hunter2/x@host/",
        rule: None,
        secrets: &["hunter2"],
    },
    // An "@" in the password: all of it up to the last "@" is hidden.
    Case {
        input: "ftp://admin:p@ssw0rd@h/",
        rule: None,
        secrets: &["ssw0rd"],
    },
    // Two "@" in the password.
    Case {
        input: "ftp://me:s3cr3t@p4ss@w0rd@host/",
        rule: None,
        secrets: &["s3cr3t", "p4ss", "w0rd"],
    },
    // A character outside ASCII in the password, where the error is.
    Case {
        input: "ftp://me:pässwort@host/",
        rule: None,
        secrets: &["ässwort", "sswort"],
    },
    // The error inside the password, at a space.
    Case {
        input: "ftp://me:hun ter2@host/",
        rule: None,
        secrets: &["hun", "ter2"],
    },
    // A password where http allows none.
    Case {
        input: "http://me:hunter2@host/",
        rule: None,
        secrets: &["hunter2"],
    },
    // A password and no host.
    Case {
        input: "ftp://me:hunter2",
        rule: None,
        secrets: &["hunter2"],
    },
    // A "#" in the password: `extract` splits a fragment off there, and
    // the URL before it may be valid, or invalid before its password.
    Case {
        input: "ftp://admin:1234#5678@db.example.com/",
        rule: None,
        secrets: &["1234", "5678"],
    },
    Case {
        input: "telnet://root:2024#Secret@host/",
        rule: None,
        secrets: &["2024", "Secret"],
    },
    Case {
        input: "ftp://ad^min:1234#5678@h/",
        rule: None,
        secrets: &["1234", "5678"],
    },
    // A `//` after the scheme's `:` that starts no login (a mail address,
    // a news article): decoded, it writes a password as any `//` does.
    // (A scheme name in capitals, warned about, for `check` of a pipe.)
    Case {
        input: "mailto://me%3Asecret%40h",
        rule: None,
        secrets: &["secret"],
    },
    Case {
        input: "NEWS://me%3Asecret%40h@host",
        rule: None,
        secrets: &["secret"],
    },
    // The "#" ends a password written further in the URL, and the URL's
    // own error comes before it: what `extract` cuts off holds the `@`
    // that makes it a password (the URL alone has none, or a shorter one).
    Case {
        input: "ftp://h/a~//me:hunter2#@h/",
        rule: None,
        secrets: &["hunter2"],
    },
    Case {
        input: "ftp://h/a//me:hunter2%2-#@h/",
        rule: None,
        secrets: &["hunter2"],
    },
    Case {
        input: "news://me:ab@c@de%#@h",
        rule: None,
        secrets: &["ab@c", "de%"],
    },
    // Passwords written further in the line than the input's own: a
    // second URL's, beside an invalid first and a valid one.
    Case {
        input: "http://x/a ftp://me:hunter2@h/",
        rule: None,
        secrets: &["hunter2"],
    },
    Case {
        input: "ftp://a:b@h/ ftp://me:hunter2@h/",
        rule: None,
        secrets: &["hunter2"],
    },
    // In a valid URL: an other scheme's part, a path (an archive's URL of
    // a URL) and a gopher selector, whose parts `parse` decodes. Each has
    // a warning (a scheme name's case, a reserved port), whose diagnostic
    // shows the URL where `check` counts a valid line of a pipe.
    Case {
        input: "X:a//me:hunter2@h/",
        rule: None,
        secrets: &["hunter2"],
    },
    Case {
        input: "x:a//me:hunter2@h/",
        rule: Some("url"),
        secrets: &["hunter2"],
    },
    Case {
        input: "http://web.archive.org:81/web/2020/ftp://me:hun%74er2@host/x",
        rule: None,
        secrets: &["hun%74er2", "hunter2", "74er2"],
    },
    Case {
        input: "gopher://h.dom:71/1a//me:hunter2@h/",
        rule: None,
        secrets: &["hunter2"],
    },
    // The error in it, at a character that must be encoded (not at a
    // space, where `extract` would end the URL before the `@`).
    Case {
        input: "ftp://h/a//me:hun^ter2@h/",
        rule: None,
        secrets: &["hun", "ter2"],
    },
    // A password that only the decoded text writes (`%2F%2F` decodes to
    // `//`, `%3A` to `:`, `%40` to `@`): valid (a `%0D` for a warning
    // that shows the line), an escape in it, an error after it, and in it.
    Case {
        input: "ftp://h/a%2F%2Fme:hunter2@h/x%0D",
        rule: None,
        secrets: &["hunter2"],
    },
    Case {
        input: "ftp://h/a%2F%2Fme:hun%0Dter2@h/",
        rule: None,
        secrets: &["hun", "ter2"],
    },
    Case {
        input: "ftp://h/x%0D?next=ftp%3A%2F%2Fme%3Ahunter2%40h%2F",
        rule: None,
        secrets: &["hunter2"],
    },
    Case {
        input: "http://h/a%2F%2Fme:hunter2@h/x y",
        rule: None,
        secrets: &["hunter2"],
    },
    Case {
        input: "ftp://h/a%2F%2Fme:hun^ter2@h/",
        rule: None,
        secrets: &["hun", "ter2"],
    },
];

/// The human output of each command on `case`, with `extra` arguments.
fn outputs(case: &Case, extra: &[&str]) -> Vec<(String, String)> {
    let mut runs = Vec::new();
    let with_rule = |command: &str| {
        let mut args = vec![command.to_owned()];
        if let Some(rule) = case.rule {
            args.extend(["--rule".to_owned(), rule.to_owned()]);
        }
        args.extend(extra.iter().map(|arg| (*arg).to_owned()));
        args
    };
    let mut commands = vec![with_rule("check"), with_rule("explain")];
    if case.rule.is_none() {
        commands.push(
            ["parse"]
                .iter()
                .chain(extra)
                .map(|a| (*a).to_owned())
                .collect(),
        );
    }
    for mut args in commands {
        args.push(case.input.to_owned());
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        runs.push((args.join(" "), shown(&rfc1738(&refs, b""))));
    }
    // Standard input, as lines, for check and parse.
    if case.rule.is_none() {
        for command in ["check", "parse"] {
            let args: Vec<&str> = [command].into_iter().chain(extra.iter().copied()).collect();
            let input = format!("{}\n", case.input);
            let output = rfc1738(&args, input.as_bytes());
            runs.push((format!("{command} < {}", case.input), shown(&output)));
        }
        // Extract, in a wrapper and bare in running text.
        let args: Vec<&str> = ["extract"]
            .into_iter()
            .chain(extra.iter().copied())
            .collect();
        let text = format!("see <URL:{}> and {} too\n", case.input, case.input);
        let output = rfc1738(&args, text.as_bytes());
        runs.push((format!("extract < {}", case.input), shown(&output)));
    }
    runs
}

#[test]
fn no_human_output_shows_a_password() {
    for case in CASES {
        for (run, output) in outputs(case, &[]) {
            for secret in case.secrets {
                assert!(
                    !output.contains(secret),
                    "{run}: {secret:?} shown\n{output}"
                );
            }
        }
    }
}

#[test]
fn show_passwords_shows_them() {
    for case in CASES {
        for (run, output) in outputs(case, &["--show-passwords"]) {
            let secret = case.secrets[0];
            assert!(
                output.contains(secret),
                "{run}: {secret:?} not shown\n{output}"
            );
        }
    }
}

#[test]
fn a_hidden_password_keeps_the_caret_and_the_column() {
    // The error is after the password: the caret and the column are where
    // they are without hiding it, a star standing for each character.
    let output = shown(&rfc1738(&["check", "ftp://me:hunter2@host:x/"], b""));
    assert!(
        output.contains("1 | ftp://me:*******@host:x/\n"),
        "{output}"
    );
    assert!(output.contains("--> input:1:23"), "{output}");
    assert!(
        output.contains("\n  |                       ^ expected digit"),
        "{output}"
    );
    // The error is in the password, at a character outside ASCII: named,
    // not shown, no hint quotes it, and a star stands for each character
    // of the password, two-byte ones included.
    let output = shown(&rfc1738(&["check", "ftp://me:pä w@host/"], b""));
    assert!(
        output.contains("found a character of the password (hidden)"),
        "{output}"
    );
    assert!(output.contains("1 | ftp://me:****@host/\n"), "{output}");
    assert!(output.contains("--> input:1:11"), "{output}");
    assert!(
        output.contains("\n  |           ^ expected uchar"),
        "{output}"
    );
    assert!(!output.contains('ä') && !output.contains("%C3"), "{output}");
    assert!(output.contains("section 3.1"), "{output}");
}

#[test]
fn json_keeps_the_input_as_it_is() {
    for args in [
        &["check", "--format", "json"][..],
        &["parse", "--format", "json"],
        &["explain", "--format", "json"],
    ] {
        let mut args = args.to_vec();
        args.push("ftp://me:hunter2@host/");
        let output = String::from_utf8(rfc1738(&args, b"").stdout).expect("UTF-8");
        let record: serde_json::Value = serde_json::from_str(output.trim()).expect("JSON");
        match args[0] {
            // The tree has spans, not text.
            "explain" => assert_eq!(record["children"][0]["rule"], "login", "{output}"),
            "parse" => assert_eq!(record["password"], "hunter2", "{output}"),
            _ => assert_eq!(record["input"], "ftp://me:hunter2@host/", "{output}"),
        }
    }
    let output = rfc1738(
        &["extract", "--format", "json"],
        b"<URL:ftp://me:hun ter2@h/>",
    );
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let record: serde_json::Value = serde_json::from_str(text.trim()).expect("JSON");
    assert_eq!(record["url"], "ftp://me:hunter2@h/");
}

/// The error object of an invalid input is `check`'s in every command's
/// JSON, `--show-passwords` or not: what stands in a password is named, and
/// the hints are about it, not about passwords in general.
#[test]
fn json_gives_checks_error_object_whatever_the_flag() {
    for (input, rule) in [
        ("ftp://me:p w@h/", None),
        ("ftp://me:p<w@h/", None),
        ("p w", Some("password")),
        ("x:a//me:p w@h/ z", Some("url")),
    ] {
        let run = |command: &str, show: bool| {
            let mut args = vec![command, "--format", "json"];
            if show {
                args.push("--show-passwords");
            }
            if let Some(rule) = rule {
                args.extend(["--rule", rule]);
            }
            args.push(input);
            let record = common::records(&rfc1738(&args, b"")).remove(0);
            assert_eq!(record["valid"], false, "{command} {input}");
            record["error"].clone()
        };
        let expected = run("check", false);
        let message = expected["message"].as_str().expect("a message");
        assert!(!message.contains("(hidden)"), "{input}: {message}");
        // `parse` reads its scheme's rule only.
        let commands = match rule {
            Some(_) => &["check", "explain"][..],
            None => &["check", "parse", "explain"],
        };
        for &command in commands {
            for show in [false, true] {
                assert_eq!(
                    run(command, show),
                    expected,
                    "{command} --show-passwords {show}: {input}"
                );
            }
        }
    }
}

/// A picture's cells are the input's bytes, while an error's password is
/// found in its text, where a byte that is not UTF-8 is a U+FFFD of three:
/// every byte of the password is hidden all the same, the input's own or
/// one written further in it.
#[cfg(unix)]
#[test]
fn a_picture_of_an_input_that_is_not_utf8_hides_the_whole_password() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    for (input, colon) in [
        (&b"ftp://\xffme:secret@host/"[..], 9),
        (b"ftp://h/\xff//me:secret@host/", 13),
    ] {
        picture_hides(OsStr::from_bytes(input), colon);
    }
}

/// The picture of `input` shows the 6 bytes after the `:` at `colon` as
/// `*`, and the characters around them.
fn picture_hides(input: &std::ffi::OsStr, colon: usize) {
    use std::ffi::OsStr;
    let output = rfc1738(
        &[
            OsStr::new("explain"),
            "--format".as_ref(),
            "dot".as_ref(),
            input,
        ],
        b"",
    );
    let dot = String::from_utf8(output.stdout).expect("UTF-8");
    // The cell of byte `at`: what its `<TD>` holds.
    let cell = |at: usize| {
        let port = format!("PORT=\"b{at}\"");
        let from = dot.find(&port).expect("a cell") + port.len();
        let from = from + dot[from..].find('>').expect("a cell's end") + 1;
        dot[from..from + dot[from..].find('<').expect("a cell's text")].to_owned()
    };
    for at in colon + 1..colon + 7 {
        assert_eq!(cell(at), "*", "byte {at}\n{dot}");
    }
    assert_eq!(
        (cell(colon), cell(colon + 7), cell(colon + 8)),
        (":".into(), "@".into(), "h".into())
    );
}

/// The productions under a hidden password would tell its characters'
/// classes (a digit, an escape's hex digits, an `extra`): a tree shows the
/// node that lies in the password without the nodes under it, in every
/// picture, and all of them when the password is shown.
#[test]
fn a_tree_tells_nothing_of_the_characters_of_a_hidden_password() {
    // "ftp://me:" then "9%4A!": a digit, an escape, an extra; in the
    // input's own password, and in one written further in it.
    for (input, format) in ["ftp://me:9%4A!@h/", "x:a//me:9%4A!@h/"]
        .into_iter()
        .flat_map(|input| ["human", "svg", "dot"].map(|format| (input, format)))
    {
        let output = rfc1738(&["explain", "--all", "--format", format, input], b"");
        let text = String::from_utf8(output.stdout).expect("UTF-8");
        // The grammar reads the first as a login's, the second as none.
        let node = if input.starts_with("ftp") {
            "password"
        } else {
            "xchar"
        };
        assert!(text.contains(node), "{format}\n{text}");
        for class in ["digit", "hex", "escape", "extra"] {
            assert!(!text.contains(class), "{format}: {class}\n{text}");
        }
        let output = rfc1738(
            &[
                "explain",
                "--all",
                "--show-passwords",
                "--format",
                format,
                input,
            ],
            b"",
        );
        let text = String::from_utf8(output.stdout).expect("UTF-8");
        for class in ["digit", "hex", "escape", "extra"] {
            assert!(text.contains(class), "{format}: {class}\n{text}");
        }
    }
    // A guessed password the parser reads as a port: the prefix is read
    // with it as `*`s, which no port holds, so that neither the port nor
    // its digits are drawn; shown, they are.
    let output = rfc1738(&["explain", "http://me:1234@h.dom/"], b"");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let (_, tree) = text.split_once("(9 of 21 bytes):\n").expect("the prefix");
    assert!(
        !tree.contains(" port") && !tree.contains("digits"),
        "{text}"
    );
    let output = rfc1738(
        &["explain", "-a", "--show-passwords", "http://me:1234@h.dom/"],
        b"",
    );
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(text.contains("port 10..14 \"1234\""), "{text}");
    assert!(text.contains("digits 10..14"), "{text}");
}

/// A hidden character counts as one byte, as its `*` is one, in every
/// offset and count of `explain`'s trees and pictures: two inputs that
/// differ only in the UTF-8 lengths of their passwords' characters (the
/// input's own, and one written further in it) give the same output, the
/// window of a picture of a long one included. `--show-passwords` gives
/// the input's offsets.
#[test]
fn offsets_tell_nothing_of_the_lengths_of_a_hidden_passwords_characters() {
    let long = |middle: &str| format!("ftp://me:{}{}@h/", "x".repeat(600), middle.repeat(900));
    let pairs = [
        // Failed at the `€` (or the `é`), the first character no
        // password holds.
        (
            "ftp://me:a€b😀c d@h/".to_owned(),
            "ftp://me:aébüc d@h/".to_owned(),
        ),
        (
            "http://h/ x//me:p€w😀@h/".to_owned(),
            "http://h/ x//me:péwü@h/".to_owned(),
        ),
        (long("€"), long("é")),
    ];
    for (one, other) in &pairs {
        assert_explained_alike(one, other);
    }
    let (input, _) = &pairs[0];
    let output = rfc1738(&["explain", "--format", "svg", input], b"");
    let svg = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(svg.contains("invalid at byte 10 of 19"), "{svg}");
    let output = rfc1738(&["explain", input], b"");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    // No `*` in the prefix, and none said.
    assert!(text.contains("reads it (8 of 19 bytes)"), "{text}");
    // The input's own offsets: the `😀` at 14, the `c` after it at 18.
    let output = rfc1738(
        &["explain", "--show-passwords", "--format", "svg", input],
        b"",
    );
    let svg = String::from_utf8(output.stdout).expect("UTF-8");
    for shown in ["data-start=\"14\"", "data-start=\"18\"", "of 24"] {
        assert!(svg.contains(shown), "{shown}\n{svg}");
    }
}

/// Asserts that `explain` says the same of two rejected inputs, as text
/// and in both pictures, with `--all` and without.
fn assert_explained_alike(one: &str, other: &str) {
    for format in ["human", "svg", "dot"] {
        for all in [false, true] {
            let run = |input: &str| {
                let mut args = vec!["explain", "--format", format];
                if all {
                    args.push("--all");
                }
                args.push(input);
                let output = rfc1738(&args, b"");
                assert_eq!(output.status.code(), Some(1), "{input}");
                String::from_utf8(output.stdout).expect("UTF-8")
            };
            assert_eq!(run(one), run(other), "{one} {other} {format} --all {all}");
        }
    }
}

/// A rejected input's prefix is read, while passwords are hidden, from the
/// input as shown before where it failed, each hidden character a `*`, as
/// the diagnostic reads it: the combinator would stop
/// at a space in a password, or before a broken escape (`%zz`), and so tell
/// where it is. Pairs of inputs that differ only in their hidden
/// passwords' characters, as many of them, failed at the same byte with the
/// same diagnostic, are explained alike: the tree, with `--all` or not, and
/// both pictures. `--show-passwords` and JSON read the input itself.
#[test]
fn a_rejected_inputs_prefix_tells_nothing_of_what_a_hidden_password_holds() {
    let pairs = [
        // A password in a path, in an otherurl's schemepart, in a gopher
        // selector: a space, or a broken escape.
        ("http://h/a//me:a b @h/x", "http://h/a//me:%zzz@h/x"),
        ("x:a//me:a b @h/", "x:a//me:%zzz@h/"),
        ("gopher://h/1//me:a b @h", "gopher://h/1//me:%zzz@h"),
        // A character of several bytes, which no password holds.
        ("http://h/a//me:a€ b@h/x", "http://h/a//me:%zzz@h/x"),
        ("ftp://me:a€ d@h/", "ftp://me:a\" d@h/"),
        // The input's own password: a digit read as a port, or not.
        ("ftp://me:%zz@h/", "ftp://me:a b@h/"),
        ("ftp://me:1 @h/", "ftp://me:a @h/"),
        ("telnet://me:1 @h/", "telnet://me:a @h/"),
    ];
    for (one, other) in pairs {
        assert_explained_alike(one, other);
    }
    let explain = |args: &[&str]| String::from_utf8(rfc1738(args, b"").stdout).expect("UTF-8");
    let (one, other) = pairs[0];
    // Read as `http://h/a//me:*`, the input as shown before where it
    // failed: nothing after it.
    let text = explain(&["explain", one]);
    assert!(
        text.contains("each hidden character a `*` (16 of 23 bytes):\n"),
        "{text}"
    );
    assert!(text.contains("(hidden) 9..16 \"a//me:*\""), "{text}");
    // The input itself: the space, and the `%` before `zz`, end it.
    let text = explain(&["explain", "--show-passwords", one]);
    assert!(
        text.contains("as its combinator reads it (16 of 23 bytes):\n"),
        "{text}"
    );
    let text = explain(&["explain", "--show-passwords", other]);
    assert!(
        text.contains("as its combinator reads it (15 of 23 bytes):\n"),
        "{text}"
    );
    for (input, end) in [(one, 16), (other, 15)] {
        let json = explain(&["explain", "--format", "json", input]);
        let record: serde_json::Value = serde_json::from_str(&json).expect("JSON");
        assert_eq!(record["prefix"]["end"], end, "{json}");
    }
}

/// Sequences that are not UTF-8, of one to three bytes, are each one
/// U+FFFD in a diagnostic, one `*`, while passwords are hidden: one byte of
/// `explain`'s offsets too, and one cell of its pictures. (Arguments that
/// are not UTF-8 are written on Unix.)
#[cfg(unix)]
#[test]
fn a_hidden_sequence_that_is_not_utf8_is_one_character_whatever_its_length() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let inputs: [&[u8]; 3] = [
        b"ftp://me:a\xffb d@h/",
        b"ftp://me:a\xe2\x82b d@h/",
        b"ftp://me:a\xf0\x9f\x98b d@h/",
    ];
    for format in ["human", "svg", "dot"] {
        let run = |input: &[u8]| {
            let args = ["explain", "--format", format].map(OsStr::new);
            let output = rfc1738(&[&args[..], &[OsStr::from_bytes(input)]].concat(), b"");
            assert_eq!(output.status.code(), Some(1), "{input:?}");
            String::from_utf8(output.stdout).expect("UTF-8")
        };
        let first = run(inputs[0]);
        for input in &inputs[1..] {
            assert_eq!(run(input), first, "{format}");
        }
        if format == "svg" {
            assert!(first.contains("of 17"), "{first}");
        }
    }
}

/// `extract` ends a URL at its first `#`, which people type into passwords
/// too: the password of the URL written with its fragment is hidden in
/// the URL, in the fragment and in a hyphen break's other reading; JSON
/// keeps them.
#[test]
fn a_hash_in_a_password_is_hidden_on_both_sides_in_extract() {
    let text = b"see ftp://admin:1234#5678@db.example.com/\n<URL:telnet://ro-\n ot:20#24@h/>\n";
    let output = shown(&rfc1738(&["extract"], text));
    let expected = [
        "<stdin>:1:5: ftp://admin:**** (valid ftpurl)",
        "  note: the fragment \"#****@db.example.com/\" is not part of the URL",
        "<stdin>:2:1: telnet://ro-ot:** (valid telneturl)",
        "  note: the fragment \"#**@h/\" is not part of the URL",
        "without it: telnet://root:** (valid)",
    ];
    shows_and_hides(&output, &expected, &["1234", "5678", "20", "24"]);
    let output = rfc1738(&["extract", "--format", "json"], text);
    let json = String::from_utf8(output.stdout).expect("UTF-8");
    for kept in [
        "\"ftp://admin:1234\"",
        "\"5678@db.example.com/\"",
        "\"telnet://root:20\"",
    ] {
        assert!(json.contains(kept), "{kept} not in\n{json}");
    }
}

/// An invalid hit's diagnostic is that of the URL written with its
/// fragment wherever the URL's own would hide less of a password than the
/// hit's line: when the `@` that makes a password written further in the
/// URL stands after the `#` (the URL alone has no password there), or a
/// later `@` makes it longer.
#[test]
fn an_invalid_hits_diagnostic_hides_what_its_line_hides() {
    let text = "see ftp://h/a~//me:hunter2#@h/ and news://me:ab@c@de%#@h and <URL:ftp://h/a~//me:sec-\nret#@h/>\n";
    let output = shown(&rfc1738(&["extract"], text.as_bytes()));
    let expected = [
        "<stdin>:1:5: ftp://h/a~//me:******* (not a valid ftpurl)",
        "1 | ftp://h/a~//me:********@h/",
        "<stdin>:1:36: news://me:******** (not a valid newsurl)",
        "1 | news://me:*********@h",
    ];
    shows_and_hides(
        &output,
        &expected,
        &["hunter2", "ab@c", "de%", "sec-", "secret"],
    );
}

/// Asserts that `output` holds each of `lines` and none of `secrets`.
fn shows_and_hides(output: &str, lines: &[&str], secrets: &[&str]) {
    for line in lines {
        assert!(output.contains(line), "{line:?} not in\n{output}");
    }
    for secret in secrets {
        assert!(!output.contains(secret), "{secret:?} shown\n{output}");
    }
}

/// `parse` decodes its parts from the URL, where no span shows a password
/// written further in it: such a URL's parts are not shown, nor read from a
/// copy with that password's characters as `*` (which would mean something
/// else: a masked `%0A` hides the FTP command's semantic error, a masked
/// `%09` moves the gopher search). What it fails to mean is counted.
#[test]
fn parse_shows_no_parts_of_a_url_with_a_further_password() {
    for (input, errors) in [
        ("ftp://h/a//me:p%0Aw@h/", 1),
        ("gopher://h/1//me:p%09x@h", 0),
        ("http://h/a//me:p;q@h/", 0),
    ] {
        let text = shown(&rfc1738(&["parse", input], b""));
        assert!(
            text.contains("parts           hidden: a password is written in them"),
            "{text}"
        );
        for part in [
            "commands",
            "search",
            "selector",
            "path segments",
            "p%0Aw",
            "p;q",
        ] {
            assert!(!text.contains(part), "{part}: {text}");
        }
        let counted = format!("semantic errors {errors}, hidden with the parts");
        assert_eq!(text.contains(&counted), errors > 0, "{text}");
        // Shown, the parts are the URL's own.
        let all = shown(&rfc1738(&["parse", "--show-passwords", input], b""));
        assert!(!all.contains("hidden"), "{all}");
    }
    let all = shown(&rfc1738(
        &["parse", "--show-passwords", "gopher://h/1//me:p%09x@h"],
        b"",
    ));
    assert!(all.contains("search          \"x@h\""), "{all}");
}

/// A URL encoded into a query is followed by the query's next parameters,
/// which are no password: decoded, an authority ends at a `?`, `&` or `#`
/// too, so that an ordinary sign-in URL is shown as it is, and an error in
/// it is told as the character it is, not as a password's.
#[test]
fn parameters_after_an_encoded_url_are_no_password() {
    let url = "http://a.example/l?continue=https%3A%2F%2Fmail.example.com\
               &time=10%3A30&login_hint=user%40example.com";
    let output = rfc1738(&["check", url], b"");
    assert_eq!(output.status.code(), Some(0));
    assert!(common::stdout(&output).contains("10%3A30&login_hint=user%40example"));
    let invalid = url.replace("&time", "&q=a b&time");
    let output = rfc1738(&["check", &invalid], b"");
    let text = common::stdout(&output) + &common::stderr(&output);
    assert!(text.contains("found \" \""), "{text}");
    assert!(!text.contains("password"), "{text}");
    // A password typed with a `&` is still read through to its `@`.
    let typed = "http://h/?next=ftp%3A%2F%2Fme%3A12%2634%40h%2F";
    let output = rfc1738(&["check", typed], b"");
    assert!(
        common::stdout(&output).contains("%3A*******%40h"),
        "{output:?}"
    );
}

/// A semantic error about a decoded octet names neither it nor where it
/// is, in a URL that holds a password only decoding writes: the octet may
/// be the password's, whose escape the line hides.
#[test]
fn parse_names_no_octet_of_a_url_with_a_decoded_password() {
    for (url, part) in [
        (
            "ftp://h/a%2F%2Fme:QZ%0D@h/",
            "cwd segment 0 (hidden) contains CR or LF",
        ),
        (
            "gopher://h/1%2F%2Fa:Q%0DZ@h",
            "selector (hidden) contains TAB, CR or LF",
        ),
    ] {
        let text = common::stdout(&rfc1738(&["parse", url], b""));
        assert!(text.contains(part), "{text}");
        assert!(
            !text.contains("0x0D") && !text.contains("at byte"),
            "{text}"
        );
        let shown = common::stdout(&rfc1738(&["parse", "--show-passwords", url], b""));
        assert!(shown.contains("CR (0x0D) at byte"), "{shown}");
    }
    // Without such a password, the octet is named as before.
    let text = common::stdout(&rfc1738(&["parse", "ftp://h/a%0D/b"], b""));
    assert!(text.contains("CR (0x0D) at byte 1"), "{text}");
}

/// `parse` shows an otherurl's url-path apart from its schemepart, and
/// hides the passwords in it as it hides them there.
#[test]
fn parse_hides_a_password_in_an_otherurls_url_path() {
    let url = "https://example.com/login?next=ftp%3A%2F%2Fme%3Ahunter2%40h%2F";
    let text = common::stdout(&rfc1738(&["parse", url], b""));
    assert!(
        text.contains("url-path        login?next=ftp%3A%2F%2Fme%3A*******%40h%2F"),
        "{text}"
    );
    assert!(!text.contains("hunter2"), "{text}");
    let shown = common::stdout(&rfc1738(&["parse", "--show-passwords", url], b""));
    assert!(
        shown.contains("url-path        login?next=ftp%3A%2F%2Fme%3Ahunter2%40h%2F"),
        "{shown}"
    );
}

/// A password that only the decoded parts hold (`%2F%2F` is no `//` as
/// written) is hidden in every decoded part `parse` shows, read as the URL
/// joins its parts: its `//`, `:` and `@` may lie in different segments,
/// or on either side of a gopher `%09`. A character is one `*`, whatever
/// its length or escape; the characters around it stay escaped. The URL's
/// own user keeps its decoded `:`, and `--show-passwords` and JSON show
/// every part as it is.
#[test]
fn parse_hides_the_passwords_its_decoded_parts_hold() {
    let cases: &[(&str, &[&str], &[&str])] = &[
        (
            "http://h/a%2F%2Fme:pw@h/x?q%2F%2Fu:secret@h",
            &["pw", "secret"],
            &[
                r#"path segments   [["a//me:**@h"], ["x"]]"#,
                r#"search          ["q//u:******@h"]"#,
            ],
        ),
        (
            "ftp://h/a%2f%2fme:pw@h/b;type=d",
            &["pw"],
            &[
                r#"path segments   ["a//me:**@h", "b"]"#,
                r#"commands        ["CWD a//me:**@h", "NLST b"]"#,
            ],
        ),
        // The `//` of a decoded `/` and a separating one, either way round.
        (
            "file://h/a%2F/me:pw@h/x",
            &["pw"],
            &[r#"path segments   ["a/", "me:**@h", "x"]"#],
        ),
        (
            "http://h/a/%2Fme:pw@h/x",
            &["pw"],
            &[r#"path segments   [["a"], ["/me:**@h"], ["x"]]"#],
        ),
        // A `/` typed into the password: two segments hold it.
        (
            "http://h/a%2F%2Fme:p/w@h/x",
            &["me:p", "w@"],
            &[r#"path segments   [["a//me:*"], ["*@h"], ["x"]]"#],
        ),
        // A `%09` in it: the selector and the search hold it, the request
        // all of it.
        (
            "gopher://h/1%2F%2Fme:p%09w@h",
            &["me:p", "w@"],
            &[
                r#"selector        "//me:*""#,
                r#"search          "*@h""#,
                r#"request         "//me:*****@h\r\n""#,
            ],
        ),
        // Octets that are not UTF-8, a wide character, a control one: a
        // `*` for each character they are decoded from, as the URL's line
        // shows them, so that neither how many escapes the password holds
        // nor whether its octets are UTF-8 (`b"..."`) is told; an LF
        // outside the password stays escaped.
        (
            "http://h/a%2F%2Fme:p%FFw@h/x",
            &["p\\xffw", "b\""],
            &[r#"path segments   [["a//me:*****@h"], ["x"]]"#],
        ),
        (
            "http://h/a%0A%2F%2Fme:%C3%A9%0A@h",
            &["é", "\\n@"],
            &[r#"path segments   [["a\n//me:*********@h"]]"#],
        ),
        // A decoded `//` in the URL's own user; the user's own `:` stays.
        (
            "telnet://u%2F%2Fa%3Ab%40c:p@h/",
            &["a:b", "b@c"],
            &[r#"user            "u//a:*****""#],
        ),
        (
            "ftp://me%3Ax:pw@h/",
            &["pw"],
            &[r#"user            "me:x""#],
        ),
        (
            "news:a%2F%2Fme:pw@h",
            &["pw"],
            &[r#"article         "a//me:**@h""#],
        ),
        (
            "mailto:a%2F%2Fme:pw@h",
            &["pw"],
            &[r#"address         "a//me:**@h""#],
        ),
        // The URL's own password, where the grammar reads no login: an
        // article or an address decoded whole holds it.
        (
            "news://me:secret@host",
            &["secret"],
            &[r#"article         "//me:******@host""#],
        ),
        (
            "mailto://me:secret@host",
            &["secret"],
            &[r#"address         "//me:******@host""#],
        ),
        (
            "news://me:p%41w@h",
            &["pAw", "p%41w"],
            &[r#"article         "//me:*****@h""#],
        ),
        (
            "news://me:hu%FF%FEtx@h",
            &["hu", "tx", "b\""],
            &[r#"article         "//me:**********@h""#],
        ),
        (
            "prospero://h/a%2F%2Fme:pw@h;n%2F%2Fa:b@c=v%2F%2Fx:y@z",
            &["pw", "a:b", "x:y"],
            &[
                r#"hsoname         "a//me:**@h""#,
                r#"field           "n//a:*@c" = "v//x:*@z""#,
            ],
        ),
        (
            "wais://h/db/t%2F%2Fa%3Ab%40c/p%2F%2Fx%3Ay%40z",
            &["a:b", "x:y"],
            &[
                r#"wtype           "t//a:*@c""#,
                r#"wpath           "p//x:*@z""#,
            ],
        ),
    ];
    for &(input, secrets, lines) in cases {
        let output = shown(&rfc1738(&["parse", input], b""));
        // The first line is the input as written, which holds no `//`
        // there.
        let parts = output.split_once('\n').map_or("", |(_, parts)| parts);
        for secret in secrets {
            assert!(!parts.contains(secret), "{input}: {secret:?}\n{output}");
        }
        for line in lines {
            assert!(parts.contains(line), "{input}: {line}\n{output}");
        }
        let all = shown(&rfc1738(&["parse", "--show-passwords", input], b""));
        assert!(!all.contains("**"), "{input}\n{all}");
    }
    let all = shown(&rfc1738(
        &["parse", "--show-passwords", "http://h/a%2F%2Fme:p/w@h/x"],
        b"",
    ));
    assert!(all.contains(r#"[["a//me:p"], ["w@h"], ["x"]]"#), "{all}");
    let json = shown(&rfc1738(
        &["parse", "--format", "json", "gopher://h/1%2F%2Fme:p%09w@h"],
        b"",
    ));
    assert!(json.contains(r#""request":"//me:p\tw@h\r\n""#), "{json}");
}

/// A password that only the decoded text writes (`%2F%2F` decodes to
/// `//`) is hidden in the text as written too, as any password written
/// further in it: `parse`'s input line, `check`'s line, a diagnostic's
/// window whose `//` lies before it, a summary's example, `explain`'s
/// offsets and pictures (a wide character one byte, one cell), and
/// `extract`'s hit and the fragment a `#` cuts from it. The own user of a
/// URL keeps its decoded `:` shown.
#[test]
fn the_text_hides_the_passwords_its_decoded_text_holds() {
    let run = |args: &[&str], stdin: &str| shown(&rfc1738(args, stdin.as_bytes()));
    let output = run(&["parse", "http://h/a%2F%2Fme:pw@h/x"], "");
    assert!(
        output.starts_with("http://h/a%2F%2Fme:**@h/x (httpurl)\n"),
        "{output}"
    );
    let output = run(&["check", "http://h/?next=ftp%3A%2F%2Fme%3Apw%40h%2F"], "");
    assert_eq!(
        output,
        "valid httpurl: http://h/?next=ftp%3A%2F%2Fme%3A**%40h%2F\n"
    );
    let output = run(&["check", "ftp://me%3Ax:pw@h/ y"], "");
    assert!(output.contains("1 | ftp://me%3Ax:**@h/ y\n"), "{output}");
    // The `//` and the `:` lie before the window the diagnostic shows.
    let long = format!("http://h/a%2F%2Fme:{} y@h/", "x".repeat(100));
    let output = run(&["check", &long], "");
    assert!(output.contains("1 | …*****"), "{output}");
    assert!(!output.contains("xx"), "{output}");
    let output = run(&["check", "--show-passwords", &long], "");
    assert!(output.contains("xxxxx y@h/"), "{output}");
    let output = run(&["check", "--summary"], "http://h/a%2F%2Fme:pw@h/x y\n");
    assert!(
        output.contains("e.g. <stdin>:1: http://h/a%2F%2Fme:**@h/x y\n"),
        "{output}"
    );
    let output = run(&["extract"], "see http://h/a%2F%2Fme:12#34@h/ ok\n");
    assert!(
        output.contains("<stdin>:1:5: http://h/a%2F%2Fme:** (valid httpurl)\n"),
        "{output}"
    );
    assert!(output.contains("the fragment \"#**@h/\""), "{output}");
    // The hidden `é` and `€` are one byte each, one cell.
    for format in ["human", "svg", "dot"] {
        let explain = |input: &str| {
            let output = rfc1738(&["explain", "--format", format, input], b"");
            String::from_utf8(output.stdout).expect("UTF-8")
        };
        let one = explain("ftp://h/a%2F%2Fme:pé w@h/");
        assert_eq!(one, explain("ftp://h/a%2F%2Fme:p€ w@h/"), "{format}");
        assert!(!one.contains('é'), "{one}");
        if format != "dot" {
            assert!(one.contains("of 25"), "{format}\n{one}");
        }
    }
    // The segment that holds it is in the run that hides its nodes.
    let output = run(&["explain", "ftp://h/a%2F%2Fme:pa w@h/"], "");
    assert!(
        output.contains("(hidden) 8..20 \"a%2F%2Fme:**\""),
        "{output}"
    );
}

/// A summary, passwords hidden, counts a password's findings once: how many
/// escapes of CR, LF or NUL it holds would tell what it holds. Shown, it
/// counts them all; the path's are counted either way.
#[test]
fn a_summary_counts_a_hidden_passwords_findings_once() {
    let occurrences = |extra: &[&str]| -> Vec<u64> {
        let mut args = vec!["check", "--summary", "--format", "json"];
        args.extend_from_slice(extra);
        args.extend(["ftp://me:a%0Db%0a%0D%00@h/", "ftp://h/a%0D%0D"]);
        let output = String::from_utf8(rfc1738(&args, b"").stdout).expect("UTF-8");
        let summary: serde_json::Value = serde_json::from_str(output.trim()).expect("JSON");
        let codes = summary["warning_codes"].as_array().expect("warning codes");
        let delimiters = codes
            .iter()
            .find(|code| code["code"] == "encoded-delimiter")
            .expect("encoded-delimiter");
        vec![
            delimiters["inputs"].as_u64().unwrap(),
            delimiters["occurrences"].as_u64().unwrap(),
        ]
    };
    assert_eq!(occurrences(&[]), [2, 3]);
    assert_eq!(occurrences(&["--show-passwords"]), [2, 6]);
}

/// What is hidden beyond a guessed own password does not depend on what it
/// holds: `pa//x:/`, reaching past the authority read as the URL's own,
/// hides no more than `pa**x:/` in any human output, though a `//` in it
/// would start an authority whose password runs on to the `@` decoded from
/// the final `%40` (fuzz finding 8).
#[test]
fn what_is_hidden_beyond_a_guessed_password_does_not_depend_on_it() {
    let dir = std::env::temp_dir().join(format!("rfc1738-finding-8-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let run = |input: &str, args: &[&str]| -> String {
        let report = dir.join("report.html");
        let mut all: Vec<String> = args.iter().map(|arg| arg.to_string()).collect();
        if args.contains(&"--summary") {
            all.extend(["--report".into(), report.display().to_string()]);
        }
        all.push(input.to_owned());
        let output = rfc1738(&all, b"");
        let mut shown = shown(&output);
        if args.contains(&"--summary") {
            shown.push_str(&std::fs::read_to_string(&report).expect("the report"));
        }
        shown.replace(input, "INPUT")
    };
    let held = "ftp://h./1:pa//x:/@y%40z";
    let masked = "ftp://h./1:pa**x:/@y%40z";
    for args in [
        &["check"][..],
        &["check", "--summary"],
        &["extract"],
        &["parse"],
        &["explain"],
        &["explain", "--format", "svg"],
    ] {
        let shown = run(held, args);
        let picture = args.contains(&"svg");
        assert!(
            picture || shown.contains("*******@y%40z"),
            "{args:?}: {shown}"
        );
        assert_eq!(shown, run(masked, args), "{args:?}");
    }
    std::fs::remove_dir_all(&dir).expect("removed");
}

#[test]
fn a_url_given_where_a_path_goes_is_named_with_its_password_hidden() {
    // A URL typed after -f or --report names no file: the message that
    // says so hides its password, whatever --show-passwords says. A file
    // that was read is named as it is, its name being on the disk (a
    // `ftp:/me:hunter2@h/` directory), so that a location leads to it.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("passwords-names");
    let deep = dir.join("ftp:/me:hunter2@h");
    std::fs::create_dir_all(&deep).expect("a temporary directory");
    std::fs::write(deep.join("urls.txt"), "http://a b/\n").expect("a file");
    let runs: [&[&str]; 5] = [
        &["check", "-f", "ftp://me:hunter2@h/"],
        &["check", "--show-passwords", "-f", "ftp:/me:hunter2@h/"],
        &["parse", "--file=ftp://me:hunter2@h/"],
        &["extract", "-fftp://me:hunter2@h/"],
        &[
            "check",
            "--report",
            "ftp://me:hunter2@h/r.html",
            "http://a/",
        ],
    ];
    for args in runs {
        let output = rfc1738(args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let shown = shown(&output);
        assert!(!shown.contains("hunter2"), "{args:?}: {shown}");
        assert!(shown.contains("me:*******@h"), "{args:?}: {shown}");
    }
    let path = format!("{}/ftp://me:hunter2@h/urls.txt", dir.display());
    let shown = shown(&rfc1738(&["check", "-f", &path], b""));
    assert!(shown.contains(&format!(" --> {path}:1:9")), "{shown}");
}

#[test]
fn a_usage_error_quotes_an_argument_with_its_password_hidden() {
    // A URL typed where the command goes, or as an option's value: clap
    // quotes what it could not read, the password hidden as in a name.
    let runs: [&[&str]; 12] = [
        &["ftp://admin:hunter2@ftp.example.com/"],
        &["check", "-qrftp://me:hunter2@h/", "x"],
        &["check", "-r=ftp://me:hunter2@h/", "x"],
        &["check", "-vr=ftp://me:hunter2@h/", "x"],
        // The production's own message quotes the value escaped.
        &["check", "-r", "ftp://me:hun\"ter2@h/", "x"],
        &["grammar", "ftp://me:hunter2@h/\u{1b}[31m"],
        &["check", "--format", "ftp:/admin:hunter2@h/"],
        &["check", "-r", "http://admin:hunter2@h/", "x"],
        &["check", "-rhttp://admin:hunter2@h/", "x"],
        &["check", "--show-passwords=ftp://me:hunter2@h/", "x"],
        &["check", "--ftp://me:hunter2@h/"],
        &[
            "check",
            "--color",
            "always",
            "--max-line-bytes",
            "ftp://me:hunter2@h/\u{7}",
        ],
    ];
    for args in runs {
        let output = rfc1738(args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let shown = shown(&output);
        assert!(!shown.contains("hunter2"), "{args:?}: {shown}");
        assert!(shown.contains(":*******"), "{args:?}: {shown}");
    }
}
