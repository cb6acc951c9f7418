//! Building URLs from decoded parts, and the canonical form: parts → build →
//! parse → parts is the identity for every scheme, the builders refuse what
//! no URL can express, and canonical forms parse, are their own canonical
//! forms and keep the decoded parts.

use std::borrow::Cow;

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::string::string_regex;
use rfc1738::url::{
    BuildError, Decoded, FileParts, FtpParts, GopherParts, HttpParts, MailtoParts, NewsParts,
    NntpParts, OtherParts, Parts, ProsperoParts, TelnetParts, Typecode, Userinfo, WaisForm,
    WaisParts,
};
use rfc1738::{Rule, parse};

#[path = "common/http_meaning.rs"]
mod http_meaning;
use http_meaning::http_meaning as meaning;

/// Builds, parses and takes apart again.
#[track_caller]
fn round_trip(parts: &Parts<'_>) -> String {
    let url = parts
        .build()
        .unwrap_or_else(|error| panic!("{parts:?}: {error}"));
    let parsed = parse(url.as_str()).unwrap_or_else(|error| panic!("{url}: {error}"));
    assert_eq!(parsed, url.as_url());
    assert_eq!(parsed.to_string(), url.as_str());
    assert_eq!(&parsed.to_parts().unwrap(), parts, "{url}");
    url.into()
}

// Examples ----------------------------------------------------------------

#[test]
fn the_rfcs_ftp_examples_build_from_their_parts() {
    // Section 3.2.2: "if the appropriate FTP sequence to access a particular
    // file requires supplying a string containing a "/" as an argument to a
    // CWD or RETR command, it is necessary to encode each "/"."
    let parts = Parts::Ftp(FtpParts {
        userinfo: Some(Userinfo::new("myname")),
        path: Some(vec!["/etc".into(), "motd".into()]),
        ..FtpParts::new("host.dom")
    });
    assert_eq!(round_trip(&parts), "ftp://myname@host.dom/%2Fetc/motd");
    let parts = Parts::Ftp(FtpParts {
        userinfo: Some(Userinfo::new("myname")),
        path: Some(vec!["".into(), "etc".into(), "motd".into()]),
        ..FtpParts::new("host.dom")
    });
    assert_eq!(round_trip(&parts), "ftp://myname@host.dom//etc/motd");
    let parts = Parts::Ftp(FtpParts {
        path: Some(vec!["rfc".into(), "rfc1436.txt".into()]),
        typecode: Some(Typecode::Ascii),
        ..FtpParts::new("ds.internic.net")
    });
    assert_eq!(
        round_trip(&parts),
        "ftp://ds.internic.net/rfc/rfc1436.txt;type=a"
    );
}

#[test]
fn each_component_encodes_what_it_reserves() {
    // 3.1: "Within the user and password field, any ":", "@", or "/" must be
    // encoded." `;` `?` `&` `=` need not be.
    let parts = Parts::Ftp(FtpParts {
        userinfo: Some(Userinfo::with_password("a:b@c/d;e", "p w%")),
        path: Some(vec!["x;y/z?".into()]),
        ..FtpParts::new("h.dom")
    });
    assert_eq!(
        round_trip(&parts),
        "ftp://a%3Ab%40c%2Fd;e:p%20w%25@h.dom/x%3By%2Fz?"
    );
    // 3.3: "Within the <path> and <searchpart> components, "/", ";", "?" are
    // reserved." A `;` inside a piece is encoded; the pieces are joined by
    // the `;` itself.
    let parts = Parts::Http(HttpParts {
        path: Some(vec![vec!["a;b".into()], vec!["c?d".into(), "".into()]]),
        search: Some(vec!["q=1&r=/;?#".into(), "s".into()]),
        port: Some(8080),
        ..HttpParts::new("h.dom")
    });
    assert_eq!(
        round_trip(&parts),
        "http://h.dom:8080/a%3Bb/c%3Fd;?q=1&r=%2F%3B%3F%23;s"
    );
    // 3.4.1: "Within the <gopher-path>, no characters are reserved." A
    // search is a `search`, which has no `/` or `?`.
    let parts = Parts::Gopher(GopherParts {
        gopher_type: b'7',
        selector: "/a;b?c".into(),
        search: Some("x/y?z".into()),
        ..GopherParts::new("h.dom")
    });
    assert_eq!(round_trip(&parts), "gopher://h.dom/7/a;b?c%09x%2Fy%3Fz");
    // 3.5: "Within mailto URLs, there are no reserved characters. Note that
    // the percent sign ("%") is commonly used within RFC 822 addresses and
    // must be encoded."
    let parts = Parts::Mailto(MailtoParts::new("user%relay@gw.dom"));
    assert_eq!(round_trip(&parts), "mailto:user%25relay@gw.dom");
    // 3.11: "a slash "/" may appear in the <hsoname> without quoting"; "The
    // semicolon ";" is reserved and may not appear without quoting".
    let parts = Parts::Prospero(ProsperoParts {
        fields: vec![
            ("OBJECT-VERSION".into(), "1".into()),
            ("a=b".into(), "c;d".into()),
        ],
        ..ProsperoParts::new("host.dom", "/pros/name;x")
    });
    assert_eq!(
        round_trip(&parts),
        "prospero://host.dom//pros/name%3Bx;OBJECT-VERSION=1;a%3Db=c%3Bd"
    );
    // Unsafe and non-ASCII octets are always encoded, hex digits upper case.
    let parts = Parts::Wais(WaisParts {
        form: WaisForm::Document {
            wtype: "TEXT".into(),
            wpath: Decoded::from(&b"\x00~\xff"[..]),
        },
        ..WaisParts::new("quake.think.com", "db/x")
    });
    assert_eq!(
        round_trip(&parts),
        "wais://quake.think.com/db%2Fx/TEXT/%00%7E%FF"
    );
}

#[test]
fn every_scheme_builds_its_rfc_example() {
    for (parts, url) in [
        (
            Parts::News(NewsParts::Group("comp.infosystems.www.misc".into())),
            "news:comp.infosystems.www.misc",
        ),
        (Parts::News(NewsParts::All), "news:*"),
        (
            Parts::News(NewsParts::Article {
                unique: "a@b".into(),
                host: "host.dom".into(),
            }),
            "news:a%40b@host.dom",
        ),
        (
            Parts::Nntp(NntpParts {
                article: Some(42),
                ..NntpParts::new("news.dom", "comp.lang")
            }),
            "nntp://news.dom/comp.lang/42",
        ),
        (
            Parts::Telnet(TelnetParts {
                userinfo: Some(Userinfo::with_password("guest", "")),
                port: Some(2323),
                ..TelnetParts::new("host.dom")
            }),
            "telnet://guest:@host.dom:2323/",
        ),
        (
            Parts::Gopher(GopherParts::new("host.dom")),
            "gopher://host.dom/1",
        ),
        (
            Parts::File(FileParts {
                host: Some("vms.host.edu".into()),
                path: ["disk$user", "my", "notes", "note12345.txt"]
                    .map(Decoded::from)
                    .to_vec(),
            }),
            "file://vms.host.edu/disk$user/my/notes/note12345.txt",
        ),
        (
            Parts::File(FileParts {
                host: Some("localhost".into()),
                path: vec!["etc".into()],
            }),
            "file://localhost/etc",
        ),
        (
            Parts::File(FileParts::new(vec!["etc".into(), "motd".into()])),
            "file:///etc/motd",
        ),
        (
            Parts::Prospero(ProsperoParts::new("host.dom", "/pros/name")),
            "prospero://host.dom//pros/name",
        ),
        (
            Parts::Wais(WaisParts {
                form: WaisForm::Search("rfc 1738".into()),
                ..WaisParts::new("h.dom", "db")
            }),
            "wais://h.dom/db?rfc%201738",
        ),
        (
            Parts::Other(OtherParts::new("urn", "isbn:0451450523")),
            "urn:isbn:0451450523",
        ),
    ] {
        assert_eq!(round_trip(&parts), url);
    }
}

#[test]
fn http_semicolons_and_their_escapes_stay_apart() {
    // 3.3 reserves `;` in the path and the search, and 2.2: "encoding a
    // character reserved for a particular scheme may change the semantics of
    // a URL". The two URLs differ, so do their parts, and each builds back
    // to itself (grammar/DECISIONS.md D29).
    let plain = parse("http://h/a;b?c;d").unwrap().to_parts().unwrap();
    let escaped = parse("http://h/a%3Bb?c%3Bd").unwrap().to_parts().unwrap();
    assert_eq!(
        plain,
        Parts::Http(HttpParts {
            path: Some(vec![vec!["a".into(), "b".into()]]),
            search: Some(vec!["c".into(), "d".into()]),
            ..HttpParts::new("h")
        })
    );
    assert_eq!(
        escaped,
        Parts::Http(HttpParts {
            path: Some(vec![vec!["a;b".into()]]),
            search: Some(vec!["c;d".into()]),
            ..HttpParts::new("h")
        })
    );
    assert_eq!(round_trip(&plain), "http://h/a;b?c;d");
    assert_eq!(round_trip(&escaped), "http://h/a%3Bb?c%3Bd");
    // Empty pieces, and a `;` next to a `/`, a `?` or the end.
    let mixed = "http://h/;/a;;%3B/?;%3b;";
    let parts = parse(mixed).unwrap().to_parts().unwrap();
    let Parts::Http(http) = &parts else {
        panic!("http")
    };
    assert_eq!(
        http.path.as_deref(),
        Some(
            &[vec!["", ""], vec!["a", "", ";"], vec![""]]
                .map(|segment| segment.into_iter().map(Decoded::from).collect::<Vec<_>>())[..]
        )
    );
    assert_eq!(
        http.search.as_deref(),
        Some(&["", ";", ""].map(Decoded::from)[..])
    );
    assert_eq!(round_trip(&parts), "http://h/;/a;;%3B/?;%3B;");
    assert_eq!(meaning(&round_trip(&parts)), meaning(mixed));
}

// What cannot be built ----------------------------------------------------

#[track_caller]
fn refused(parts: Parts<'_>) -> BuildError {
    parts.build().expect_err("no URL expresses these parts")
}

#[test]
fn parts_no_url_can_express_are_errors() {
    // An empty host: `hostport` needs a host (only a file URL's may be empty,
    // and that is `host: None`).
    let error = refused(Parts::Http(HttpParts::new("")));
    assert!(
        matches!(
            &error,
            BuildError::NotA {
                part: "host",
                rule: Rule::Host,
                ..
            }
        ),
        "{error}"
    );
    // What the host is not, and, as the error's source, why.
    assert_eq!(error.to_string(), r#"the host "" is not a host"#);
    let source = std::error::Error::source(&error).expect("the parse error");
    assert!(
        source.to_string().starts_with("not a valid host: expected"),
        "{source}"
    );
    assert!(matches!(
        refused(Parts::Ftp(FtpParts::new("a b"))),
        BuildError::NotA { part: "host", .. }
    ));
    let file = FileParts {
        host: Some("".into()),
        path: vec!["x".into()],
    };
    assert!(matches!(
        refused(Parts::File(file)),
        BuildError::NotA { part: "host", .. }
    ));
    // 3.6: a group starts with a letter; `group` has no escapes.
    for group in ["1comp", "comp lang", "", "*"] {
        let error = refused(Parts::News(NewsParts::Group(group.into())));
        assert!(
            matches!(
                error,
                BuildError::NotA {
                    part: "group",
                    rule: Rule::Group,
                    ..
                }
            ),
            "{group}"
        );
    }
    let error = refused(Parts::Nntp(NntpParts::new("h.dom", "a/b")));
    assert!(matches!(error, BuildError::NotA { part: "group", .. }));
    let error = refused(Parts::News(NewsParts::Article {
        unique: "".into(),
        host: "h.dom".into(),
    }));
    assert!(matches!(error, BuildError::Empty { .. }));
    // 3.4: `%09` ends the selector and the search. It stays in a selector
    // only where no search can follow it (grammar/DECISIONS.md D14: `/` is
    // no search character): `gopher://h/1a%09b/c` parses with the selector
    // `a<TAB>b/c`, so those parts build.
    let gopher = GopherParts {
        selector: "a\tb/c".into(),
        ..GopherParts::new("h.dom")
    };
    assert_eq!(
        round_trip(&Parts::Gopher(gopher)),
        "gopher://h.dom/1a%09b/c"
    );
    let gopher = GopherParts {
        selector: "a\tb/c".into(),
        search: Some("".into()),
        ..GopherParts::new("h.dom")
    };
    assert!(matches!(
        refused(Parts::Gopher(gopher)),
        BuildError::Separator {
            part: "selector",
            ..
        }
    ));
    let gopher = GopherParts {
        selector: "a\tb".into(),
        ..GopherParts::new("h.dom")
    };
    let error = refused(Parts::Gopher(gopher));
    assert!(
        matches!(
            error,
            BuildError::Separator {
                part: "selector",
                byte: b'\t',
                ..
            }
        ),
        "{error}"
    );
    let gopher = GopherParts {
        search: Some("a\tb".into()),
        ..GopherParts::new("h.dom")
    };
    assert!(matches!(
        refused(Parts::Gopher(gopher)),
        BuildError::Separator { part: "search", .. }
    ));
    // 3.4.3: "the %09<search> string must be supplied".
    let gopher = GopherParts {
        gopher_plus: Some("+".into()),
        ..GopherParts::new("h.dom")
    };
    assert!(matches!(
        refused(Parts::Gopher(gopher)),
        BuildError::Needs {
            needs: "search, possibly empty",
            ..
        }
    ));
    // A typecode or a search needs the path they follow.
    let ftp = FtpParts {
        typecode: Some(Typecode::Image),
        ..FtpParts::new("h.dom")
    };
    assert!(matches!(
        refused(Parts::Ftp(ftp)),
        BuildError::Needs {
            part: "typecode",
            ..
        }
    ));
    let http = HttpParts {
        search: Some(vec!["q".into()]),
        ..HttpParts::new("h.dom")
    };
    assert!(matches!(
        refused(Parts::Http(http)),
        BuildError::Needs { part: "search", .. }
    ));
    // An http segment and search have at least one piece (an empty one is
    // `[""]`).
    for http in [
        HttpParts {
            path: Some(vec![vec!["a".into()], Vec::new()]),
            ..HttpParts::new("h.dom")
        },
        HttpParts {
            path: Some(vec![vec!["a".into()]]),
            search: Some(Vec::new()),
            ..HttpParts::new("h.dom")
        },
        HttpParts {
            path: Some(Vec::new()),
            ..HttpParts::new("h.dom")
        },
    ] {
        let error = refused(Parts::Http(http));
        assert!(matches!(error, BuildError::Empty { .. }), "{error}");
    }
    let http = HttpParts {
        path: Some(vec![Vec::new()]),
        ..HttpParts::new("h.dom")
    };
    assert_eq!(
        refused(Parts::Http(http)).to_string(),
        r#"the path segment is empty: an hsegment split at its ";"s (3.3) needs at least one piece, possibly empty"#
    );
    // A path has at least one segment.
    let ftp = FtpParts {
        path: Some(Vec::new()),
        ..FtpParts::new("h.dom")
    };
    assert!(matches!(
        refused(Parts::Ftp(ftp)),
        BuildError::Empty { part: "path", .. }
    ));
    assert!(matches!(
        refused(Parts::File(FileParts::new(Vec::new()))),
        BuildError::Empty { .. }
    ));
    // `encoded822addr = 1*xchar`.
    assert!(matches!(
        refused(Parts::Mailto(MailtoParts::new(""))),
        BuildError::Empty {
            part: "address",
            ..
        }
    ));
    // Other schemes: a lower-case `scheme` that is none of section 3's, and
    // a `schemepart`.
    assert!(matches!(
        refused(Parts::Other(OtherParts::new("HTTP", "//h/"))),
        BuildError::NotA { part: "scheme", .. }
    ));
    assert_eq!(
        refused(Parts::Other(OtherParts::new("http", "//h/"))),
        BuildError::DefinedScheme("http".into())
    );
    assert!(matches!(
        refused(Parts::Other(OtherParts::new("x", "a b"))),
        BuildError::NotA {
            part: "schemepart",
            ..
        }
    ));
}

#[test]
fn a_refused_parts_passwords_can_be_hidden() {
    use std::error::Error as _;
    // Written after a `//`, the error's own guess (no `@` ends it), or
    // written in the decoded text: each character one `*`.
    for (part, hidden, secret) in [
        ("//me:secret@h x/", "//me:******@h x/", "secret"),
        ("//me:s\u{e9}cret@h x/", "//me:******@h x/", "s\u{e9}cret"),
        ("//me:se\"cret@h/", "//me:*******@h/", "cret"),
        // No `@` yet: the error's guess, after the `:` it lies after.
        ("//me:secret x/", "//me:********/", "secret"),
        (
            "a b?u=ftp%3A%2F%2Fme%3Asecret%40h",
            "a b?u=ftp%3A%2F%2Fme%3A******%40h",
            "secret",
        ),
    ] {
        let mut error = OtherParts::new("x", part).build().unwrap_err();
        assert!(error.to_string().contains(secret), "{error}");
        // Debug, which a panic's message shows, hides it either way.
        let debug = format!("{error:?}");
        assert!(debug.contains(&format!("value: \"{hidden}\"")), "{debug}");
        assert!(!debug.contains(secret), "{debug}");
        error.hide_password();
        let shown = error.to_string();
        assert_eq!(
            shown,
            format!("the schemepart \"{hidden}\" is not a schemepart")
        );
        let source = error.source().expect("the parse error").to_string();
        assert!(!source.contains(secret), "{source}");
        assert!(!format!("{error:?}").contains(secret), "{error:?}");
    }
    // Hidden once, it stays as it is: hiding again neither panics nor
    // hides more (the value no longer has the offsets of its error).
    for part in [
        "//me:\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}\u{e9}@h x",
        "//me:s\u{e9}cr\u{e8}t@h x/",
        "//me:\u{e9}\u{e9}@h%2F%2Fa:b\u{e9}@h x",
    ] {
        let mut error = OtherParts::new("x", part).build().unwrap_err();
        error.hide_password();
        let once = (error.clone(), error.to_string(), format!("{error:?}"));
        error.hide_password();
        assert_eq!(
            (error.clone(), error.to_string(), format!("{error:?}")),
            once
        );
        assert!(once.1.contains("@h"), "{}", once.1);
    }
    // The error a NotA keeps, hidden first by whoever walks the sources,
    // does not stop its value from being hidden.
    let mut error = OtherParts::new("x", "//me:secret@h x/")
        .build()
        .unwrap_err();
    if let BuildError::NotA { error, .. } = &mut error {
        error.hide_password();
    }
    assert!(format!("{error:?}").contains(r#"value: "//me:******@h x/""#));
    assert!(error.to_string().contains("//me:******@h x/"), "{error}");
    error.hide_password();
    assert!(error.to_string().contains("//me:******@h x/"), "{error}");
    // The field keeps the value as given.
    let BuildError::NotA { value, .. } = &error else {
        panic!("{error:?}")
    };
    assert_eq!(value, "//me:secret@h x/");
    // Every character of a password is a `*`, a line feed too.
    let mut error = OtherParts::new("x", "//me:ab\ncd@h x/")
        .build()
        .unwrap_err();
    error.hide_password();
    assert_eq!(
        error.to_string(),
        "the schemepart \"//me:*****@h x/\" is not a schemepart"
    );
    // An error with nothing to hide stays as it is.
    let mut error = OtherParts::new("x", "a b").build().unwrap_err();
    let before = error.clone();
    error.hide_password();
    assert_eq!(error.to_string(), before.to_string());
    assert!(format!("{error:?}").starts_with(
        r#"NotA { part: "schemepart", value: "a b", rule: Schemepart, error: Error {"#
    ));
    let error = OtherParts::new("http", "//h/").build().unwrap_err();
    assert_eq!(format!("{error:?}"), r#"DefinedScheme("http")"#);
}

#[test]
fn a_refused_part_is_shown_as_visible_shows_it() {
    // Characters that look blank or steer the terminal, each escaped as
    // `rfc1738::visible` says, as any text of the input the crate shows.
    for (host, shown) in [
        ("a\u{3164}b", r#"the host "a\u{3164}b" is not a host"#),
        ("a\u{2800}", r#"the host "a\u{2800}" is not a host"#),
        ("\u{1b}[31m", r#"the host "\u{1b}[31m" is not a host"#),
        ("a\"b\\", r#"the host "a\"b\\" is not a host"#),
    ] {
        assert_eq!(
            refused(Parts::Http(HttpParts::new(host))).to_string(),
            shown
        );
    }
    let error = refused(Parts::Other(OtherParts::new("x\u{115f}", "y")));
    assert_eq!(
        error.to_string(),
        r#"the scheme "x\u{115f}" is not a scheme"#
    );
}

// Round trips on generated parts -----------------------------------------

/// Octets, biased towards the ones each component treats specially.
fn octets() -> impl Strategy<Value = Decoded<'static>> {
    let byte = prop_oneof![
        3 => any::<u8>(),
        2 => select(b";/?:@&=%#<> \"{}|\\^~[]`\t\r\n".to_vec()),
        2 => select(b"aZ09$-_.+!*'(),".to_vec()),
    ];
    vec(byte, 0..8).prop_map(Decoded::from)
}

fn non_empty_octets() -> impl Strategy<Value = Decoded<'static>> {
    octets().prop_filter("at least one octet", |octets| !octets.is_empty())
}

fn without_tab() -> impl Strategy<Value = Decoded<'static>> {
    octets().prop_map(|octets| {
        Decoded::from(
            octets
                .as_bytes()
                .iter()
                .map(|&b| if b == b'\t' { b'x' } else { b })
                .collect::<Vec<u8>>(),
        )
    })
}

fn host() -> impl Strategy<Value = Cow<'static, str>> {
    string_regex(r"(([a-zA-Z0-9]([a-zA-Z0-9-]{0,3}[a-zA-Z0-9])?\.){0,3}[a-zA-Z]([a-zA-Z0-9-]{0,3}[a-zA-Z0-9])?|[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3})")
        .unwrap()
        .prop_map(Cow::Owned)
}

fn group() -> impl Strategy<Value = Cow<'static, str>> {
    string_regex(r"[a-zA-Z][a-zA-Z0-9.+_-]{0,8}")
        .unwrap()
        .prop_map(Cow::Owned)
}

fn path() -> impl Strategy<Value = Vec<Decoded<'static>>> {
    vec(octets(), 1..4)
}

/// The pieces of an http segment or search.
fn pieces() -> impl Strategy<Value = Vec<Decoded<'static>>> {
    vec(octets(), 1..4)
}

fn userinfo() -> impl Strategy<Value = Option<Userinfo<'static>>> {
    proptest::option::of((octets(), proptest::option::of(octets())))
        .prop_map(|userinfo| userinfo.map(|(user, password)| Userinfo { user, password }))
}

fn typecode() -> impl Strategy<Value = Typecode> {
    select(vec![Typecode::Ascii, Typecode::Image, Typecode::Directory])
}

/// Parts of every scheme.
fn parts() -> impl Strategy<Value = Parts<'static>> {
    let port = proptest::option::of(any::<u16>());
    prop_oneof![
        (
            host(),
            port.clone(),
            proptest::option::of((vec(pieces(), 1..4), proptest::option::of(pieces())))
        )
            .prop_map(|(host, port, path)| Parts::Http(HttpParts {
                host,
                port,
                search: path.as_ref().and_then(|(_, search)| search.clone()),
                path: path.map(|(path, _)| path),
            })),
        (
            userinfo(),
            host(),
            port.clone(),
            proptest::option::of((path(), proptest::option::of(typecode())))
        )
            .prop_map(|(userinfo, host, port, path)| Parts::Ftp(FtpParts {
                userinfo,
                host,
                port,
                typecode: path.as_ref().and_then(|(_, typecode)| *typecode),
                path: path.map(|(path, _)| path),
            })),
        prop_oneof![
            Just(NewsParts::All),
            group().prop_map(NewsParts::Group),
            (non_empty_octets(), host())
                .prop_map(|(unique, host)| NewsParts::Article { unique, host }),
        ]
        .prop_map(Parts::News),
        (
            host(),
            port.clone(),
            group(),
            proptest::option::of(any::<u64>())
        )
            .prop_map(|(host, port, group, article)| Parts::Nntp(NntpParts {
                host,
                port,
                group,
                article
            })),
        (userinfo(), host(), port.clone()).prop_map(|(userinfo, host, port)| Parts::Telnet(
            TelnetParts {
                userinfo,
                host,
                port
            }
        )),
        (
            host(),
            port.clone(),
            any::<u8>(),
            without_tab(),
            proptest::option::of((without_tab(), proptest::option::of(octets()))),
        )
            .prop_map(|(host, port, gopher_type, selector, search)| Parts::Gopher(
                GopherParts {
                    host,
                    port,
                    gopher_type,
                    selector,
                    gopher_plus: search.as_ref().and_then(|(_, plus)| plus.clone()),
                    search: search.map(|(search, _)| search),
                }
            )),
        (
            host(),
            port.clone(),
            octets(),
            prop_oneof![
                Just(WaisForm::Database),
                octets().prop_map(WaisForm::Search),
                (octets(), octets()).prop_map(|(wtype, wpath)| WaisForm::Document { wtype, wpath }),
            ],
        )
            .prop_map(|(host, port, database, form)| Parts::Wais(WaisParts {
                host,
                port,
                database,
                form
            })),
        non_empty_octets().prop_map(|address| Parts::Mailto(MailtoParts { address })),
        (
            proptest::option::of(prop_oneof![host(), Just(Cow::Borrowed("localhost"))]),
            path()
        )
            .prop_map(|(host, path)| Parts::File(FileParts { host, path })),
        (host(), port, octets(), vec((octets(), octets()), 0..3)).prop_map(
            |(host, port, hsoname, fields)| Parts::Prospero(ProsperoParts {
                host,
                port,
                hsoname,
                fields
            })
        ),
        (
            string_regex(r"[a-z][a-z0-9+.-]{0,8}")
                .unwrap()
                .prop_filter("not a scheme of section 3", |scheme| {
                    rfc1738::scheme_rule(&format!("{scheme}:")) == Rule::Otherurl
                }),
            string_regex(r"([a-zA-Z0-9$_.+!*'(),;/?:@&=-]|%[0-9A-Fa-f]{2}){0,12}").unwrap(),
        )
            .prop_map(|(scheme, schemepart)| Parts::Other(OtherParts::new(scheme, schemepart))),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn parts_build_parse_and_decode_back_to_themselves(parts in parts()) {
        let url = parts.build().map_err(|error| TestCaseError::fail(format!("{parts:?}: {error}")))?;
        let parsed = parse(url.as_str()).map_err(|error| TestCaseError::fail(format!("{url}: {error}")))?;
        prop_assert_eq!(parsed.to_string(), url.as_str());
        prop_assert_eq!(parsed.to_parts().unwrap(), parts.clone(), "{}", url);
        // The builders encode only what must be encoded, in upper-case hex:
        // what they write is canonical but for the case of hosts and the
        // default port.
        if !matches!(parts, Parts::Other(_)) {
            let mut lowered = parts;
            lower_hosts(&mut lowered);
            drop_default_port(&mut lowered);
            let rebuilt = lowered.build().unwrap();
            prop_assert_eq!(parsed.canonical(), rebuilt.as_str());
        }
    }
}

/// Drops a port that is the scheme's default.
fn drop_default_port(parts: &mut Parts<'_>) {
    let (port, default) = match parts {
        Parts::Http(p) => (&mut p.port, 80),
        Parts::Ftp(p) => (&mut p.port, 21),
        Parts::Nntp(p) => (&mut p.port, 119),
        Parts::Telnet(p) => (&mut p.port, 23),
        Parts::Gopher(p) => (&mut p.port, 70),
        Parts::Wais(p) => (&mut p.port, 210),
        Parts::Prospero(p) => (&mut p.port, 1525),
        _ => return,
    };
    if *port == Some(default) {
        *port = None;
    }
}

/// Hosts in lower case (not a news article's: it is part of a message-id).
fn lower_hosts(parts: &mut Parts<'_>) {
    fn lower(host: &mut Cow<'_, str>) {
        *host = Cow::Owned(host.to_ascii_lowercase());
    }
    match parts {
        Parts::Http(p) => lower(&mut p.host),
        Parts::Ftp(p) => lower(&mut p.host),
        Parts::Nntp(p) => lower(&mut p.host),
        Parts::Telnet(p) => lower(&mut p.host),
        Parts::Gopher(p) => lower(&mut p.host),
        Parts::Wais(p) => lower(&mut p.host),
        Parts::Prospero(p) => lower(&mut p.host),
        Parts::File(p) => {
            if let Some(host) = &mut p.host {
                lower(host);
            }
        }
        Parts::News(_) | Parts::Mailto(_) | Parts::Other(_) => {}
    }
}

// The canonical form ------------------------------------------------------

#[test]
fn the_canonical_form_of_the_rfcs_examples() {
    for (input, canonical) in [
        (
            "FTP://MyName@Host.Dom:021/%2fetc/%6Dotd;type=A",
            "ftp://MyName@host.dom/%2Fetc/motd;type=a",
        ),
        ("HTTP://WWW.EXAMPLE.COM:80", "http://www.example.com"),
        ("http://host:8080/%7e", "http://host:8080/%7E"),
        (
            "gopher://Host.Dom:70/%31sel%09q",
            "gopher://host.dom/1sel%09q",
        ),
        ("news:%41rticle@Host.Dom", "news:Article@Host.Dom"),
        ("file://LOCALHOST/etc", "file://localhost/etc"),
        (
            "prospero://Host.Dom:1525//pros/name;a=%62",
            "prospero://host.dom//pros/name;a=b",
        ),
        ("Foo://User@Ho%73T.dom:1/x", "foo://User@host.dom:1/x"),
        // An other scheme's port: no default known, no leading zero.
        ("x://H:0080/", "x://h:80/"),
        ("x://h:0099999/", "x://h:0099999/"),
        ("http://h:99999/", "http://h:99999/"),
    ] {
        let url = parse(input).unwrap();
        assert_eq!(url.canonical(), canonical, "{input}");
        assert_eq!(url.to_string(), input, "Display stays as written");
    }
}

/// Section 3.4.1: "The entire `<gopher-path>` may also be empty, in which
/// case the delimiting "/" is also optional and the `<gophertype>` defaults
/// to "1"". The URLs that say so mean the same, and have one canonical form:
/// written with the type, as the builder writes their parts
/// (grammar/DECISIONS.md D32).
#[test]
fn an_empty_gopher_path_is_written_as_the_type_it_defaults_to() {
    let built = GopherParts::new("host.dom").build().unwrap();
    for input in [
        "gopher://host.dom",
        "gopher://host.dom/",
        "gopher://host.dom/1",
        "gopher://host.dom/%31",
        "GOPHER://Host.Dom:70/",
    ] {
        let url = parse(input).unwrap();
        assert_eq!(url.canonical(), "gopher://host.dom/1", "{input}");
        assert_eq!(url.canonical(), built.as_str(), "{input}");
        // The same parts, hosts compared in lower case and a default
        // port the same as none.
        assert_eq!(kept(&url), kept(&parse(built.as_str()).unwrap()), "{input}");
    }
    // Another type, or a selector, is no empty path.
    for (input, canonical) in [
        ("gopher://host.dom/0", "gopher://host.dom/0"),
        ("gopher://host.dom/11", "gopher://host.dom/11"),
        ("gopher://host.dom:7070", "gopher://host.dom:7070/1"),
        ("gopher://host.dom/%09", "gopher://host.dom/%09"),
        ("gopher://host.dom/1%09", "gopher://host.dom/1%09"),
    ] {
        assert_eq!(parse(input).unwrap().canonical(), canonical, "{input}");
    }
}

/// Section 3.8: "The final "/" character may be omitted." Both spellings
/// have one canonical form, the builder's (grammar/DECISIONS.md D32).
#[test]
fn a_telnet_urls_final_slash_is_always_written() {
    let built = TelnetParts {
        userinfo: Some(Userinfo::new("guest")),
        ..TelnetParts::new("host.dom")
    }
    .build()
    .unwrap();
    for input in [
        "telnet://guest@host.dom",
        "telnet://guest@host.dom/",
        "TELNET://guest@HOST.dom:023",
    ] {
        let url = parse(input).unwrap();
        assert_eq!(url.canonical(), "telnet://guest@host.dom/", "{input}");
        assert_eq!(url.canonical(), built.as_str(), "{input}");
    }
}

/// Section 2.2: "Usually a URL has the same interpretation when an octet is
/// represented by a character and when it encoded. However, this is not
/// true for reserved characters", and section 3 says, component by
/// component, which characters are reserved there. Each pair spells one URL:
/// an escape of a character its component does not reserve, or a number
/// with leading zeros. The two have one canonical form, and the same parts
/// (grammar/DECISIONS.md D34).
#[test]
fn spellings_that_mean_the_same_have_one_canonical_form() {
    for (encoded, plain) in [
        // 3.2.2: "Within a name or CWD component, the characters "/" and
        // ";" are reserved".
        ("ftp://h/a%3Db", "ftp://h/a=b"),
        ("ftp://h/%3F%3A%40%26/x;type=a", "ftp://h/?:@&/x;type=a"),
        ("file:///a%3Db", "file:///a=b"),
        ("file://h/%3F%3A%40%26", "file://h/?:@&"),
        // 3.1: "Within the user and password field, any ":", "@", or "/"
        // must be encoded."
        ("ftp://u%3B%3F:p%26%3D@h/", "ftp://u;?:p&=@h/"),
        ("telnet://u%3D:p%3B@h/", "telnet://u=:p;@h/"),
        // 3.3: "Within the <path> and <searchpart> components, "/", ";",
        // "?" are reserved."
        (
            "http://h/a%3A%40%26%3D?b%3A%40%26%3D",
            "http://h/a:@&=?b:@&=",
        ),
        // 3.4.1: "Within the <gopher-path>, no characters are reserved."
        ("gopher://h/%3Ba%2Fb%3Fc%3D", "gopher://h/;a/b?c="),
        (
            "gopher://h/7s%09a%3Bb%40%09%2F%3F",
            "gopher://h/7s%09a;b@%09/?",
        ),
        // 3.5: "Within mailto URLs, there are no reserved characters."
        ("mailto:a%2Cb%40c%3Ad", "mailto:a,b@c:d"),
        // 3.6: "No additional characters are reserved within the components
        // of a news URL."
        ("news:a%3Db%2Fc%3F%3B@h.dom", "news:a=b/c?;@h.dom"),
        // 3.7: "the numeric id of the article".
        ("nntp://h/g/0154", "nntp://h/g/154"),
        ("nntp://h/g/000", "nntp://h/g/0"),
        // 3.9: a search reserves nothing.
        ("wais://h/db?a%3Bb%3D%40", "wais://h/db?a;b=@"),
        // 3.11: ";" is reserved in the hsoname, "a slash "/" may appear in
        // the <hsoname> without quoting and no significance may be assumed";
        // a field's name and value end at ";" and "=".
        (
            "prospero://h/a%2Fb%3Dc;n=v%3F%40",
            "prospero://h/a/b=c;n=v?@",
        ),
    ] {
        let (encoded_url, plain_url) = (parse(encoded).unwrap(), parse(plain).unwrap());
        assert_eq!(encoded_url.canonical(), plain, "{encoded}");
        assert_eq!(plain_url.canonical(), plain, "{plain}");
        assert_eq!(encoded_url.to_parts(), plain_url.to_parts(), "{encoded}");
    }
}

/// Where a component reserves a character, its escape and the character
/// mean different things (section 2.2: "encoding a character reserved for
/// a particular scheme may change the semantics of a URL"): the two
/// spellings keep different canonical forms, and different parts. Another
/// scheme's reserved characters are unknown: none of their escapes is
/// decoded.
#[test]
fn spellings_that_differ_by_a_reserved_character_keep_apart() {
    for (encoded, plain) in [
        // Section 3.2.2's own example: "CWD /etc" against "CWD ", "CWD etc".
        (
            "ftp://myname@host.dom/%2Fetc/motd",
            "ftp://myname@host.dom//etc/motd",
        ),
        ("file:///a%2Fb", "file:///a/b"),
        ("ftp://a%3Ab@h/", "ftp://a:b@h/"),
        ("telnet://a%3Ab@h/", "telnet://a:b@h/"),
        ("http://h/a%3Bb", "http://h/a;b"),
        ("http://h/a%2Fb", "http://h/a/b"),
        ("http://h/a%3Fb", "http://h/a?b"),
        ("http://h/?a%3Bb", "http://h/?a;b"),
        ("wais://h/a%3Fb", "wais://h/a?b"),
        ("prospero://h/a%3Bn=v", "prospero://h/a;n=v"),
        ("prospero://h/a;n=v%3Bm%3Dw", "prospero://h/a;n=v;m=w"),
        ("x:a%3Db", "x:a=b"),
        ("x://h/a%2Fb", "x://h/a/b"),
        ("x-news:a%40b@h", "x-news:a@b@h"),
    ] {
        let (encoded_url, plain_url) = (parse(encoded).unwrap(), parse(plain).unwrap());
        assert_eq!(encoded_url.canonical(), encoded, "{encoded}");
        assert_eq!(plain_url.canonical(), plain, "{plain}");
        assert_ne!(encoded_url.to_parts(), plain_url.to_parts(), "{encoded}");
    }
}

/// Another scheme's parts are its scheme-specific part as written
/// (`OtherParts`): which characters it reserves is its own business. Its
/// canonical form equates what section 2.2 equates in every scheme, an
/// escape of an unreserved character and the character (no scheme may
/// reserve one), and the case of an escape's hex digits: URLs with
/// different parts can share it (grammar/DECISIONS.md D34).
#[test]
fn another_schemes_canonical_form_equates_more_than_its_parts() {
    for (input, other) in [("x:%41%2f", "x:A%2F"), ("X://H:080/%7e", "x://h:80/%7E")] {
        let (input_url, other_url) = (parse(input).unwrap(), parse(other).unwrap());
        assert_eq!(input_url.canonical(), other_url.canonical(), "{input}");
        assert_ne!(input_url.to_parts(), other_url.to_parts(), "{input}");
    }
}

/// Regular expressions for URLs of each scheme, with escapes of any octet in
/// either case and hosts in mixed case.
fn url_patterns() -> Vec<String> {
    const UCHAR: &str = r"([a-zA-Z0-9$_.+!*'(),-]|%[0-9A-Fa-f]{2})";
    const HOST: &str = r"(([a-zA-Z0-9]([a-zA-Z0-9-]{0,3}[a-zA-Z0-9])?\.){0,3}[a-zA-Z]([a-zA-Z0-9-]{0,3}[a-zA-Z0-9])?|[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3})";
    let hostport = format!(r"{HOST}(:0{{0,2}}(21|70|80|119|23|210|1525|[0-9]{{1,5}}))?");
    let user = format!(r"({UCHAR}|[;?&=])*");
    let login = format!(r"({user}(:{user})?@)?{hostport}");
    let fsegment = format!(r"({UCHAR}|[?:@&=])*");
    // `;` and its escape, which 3.3 keeps apart, more often than by chance.
    let hsegment = format!(r"({UCHAR}|[;:@&=]|;|%3[Bb])*");
    let xchar = format!(r"({UCHAR}|[;/?:@&=])");
    let group = r"[a-zA-Z][a-zA-Z0-9.+_-]{0,8}";
    vec![
        format!(r"(http|HTTP)://{hostport}(/{hsegment}(/{hsegment}){{0,3}}(\?{hsegment})?)?"),
        format!(r"(ftp|Ftp)://{login}(/{fsegment}(/{fsegment}){{0,3}}(;type=[AIDaid])?)?"),
        format!(r"news:(\*|{group}|({UCHAR}|[;/?:&=])+@{HOST})"),
        format!(r"nntp://{hostport}/{group}(/[0-9]{{1,4}})?"),
        format!(r"telnet://{login}/?"),
        format!(
            r"gopher://{hostport}(/({xchar}{xchar}{{0,6}}(%09{hsegment}(%09{xchar}{{0,4}})?)?)?)?"
        ),
        format!(r"wais://{hostport}/{UCHAR}{{0,5}}(\?{hsegment}|/{UCHAR}{{0,3}}/{UCHAR}{{0,5}})?"),
        format!(r"mailto:{xchar}{{1,12}}"),
        format!(r"file://({HOST}|localhost|LocalHost)?/{fsegment}(/{fsegment}){{0,3}}"),
        format!(
            r"prospero://{hostport}/{fsegment}(/{fsegment}){{0,2}}(;({UCHAR}|[?:@&]){{0,4}}=({UCHAR}|[?:@&]){{0,4}}){{0,2}}"
        ),
        format!(r"[a-zA-Z][a-z0-9+.-]{{0,6}}:{xchar}{{0,12}}"),
        format!(r"[a-zA-Z][a-z0-9+.-]{{0,6}}://{login}(/{xchar}{{0,8}})?"),
    ]
}

fn urls() -> impl Strategy<Value = String> {
    let patterns: Vec<BoxedStrategy<String>> = url_patterns()
        .iter()
        .map(|pattern| string_regex(pattern).unwrap().boxed())
        .collect();
    proptest::strategy::Union::new(patterns)
}

/// What the canonical form keeps of an other scheme's URL: its
/// ip-schemepart's decoded parts, host in lower case, or its decoded
/// scheme-specific part.
type OtherKept = (
    Option<Vec<u8>>,
    Option<Vec<u8>>,
    String,
    Option<String>,
    Option<Vec<u8>>,
);

/// `text` with the escapes of unreserved characters (`%41`, `%7E`) written as
/// the characters.
fn unreserved_decoded(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        let escape = &rest[at..];
        let byte = escape
            .get(1..3)
            .and_then(|hex| u8::from_str_radix(hex, 16).ok())
            .filter(|byte| byte.is_ascii_alphanumeric() || b"$-_.+!*'(),".contains(byte));
        match byte {
            Some(byte) => {
                out.push(char::from(byte));
                rest = &escape[3..];
            }
            None => {
                out.push('%');
                rest = &escape[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The parts that the canonical form keeps: hosts compared in lower case, a
/// default port the same as none, an other scheme's scheme-specific part
/// decoded.
fn kept<'a>(url: &rfc1738::Url<'a>) -> (Option<Parts<'a>>, Option<Result<OtherKept, Vec<u8>>>) {
    let bytes = |decoded: Decoded<'_>| decoded.as_bytes().to_vec();
    if let rfc1738::Url::Other(other) = url {
        // Section 2.2: an escape of an unreserved character means that
        // character, so the canonical form writes it plain, and a host can
        // appear (`foo://ho%73t/`): the structure is that of the scheme-
        // specific part with those escapes read.
        let plain = format!(
            "{}:{}",
            other.scheme(),
            unreserved_decoded(other.schemepart())
        );
        let Ok(rfc1738::Url::Other(plain)) = parse(&plain) else {
            unreachable!("reading escapes of unreserved characters keeps an otherurl");
        };
        let kept = match plain.ip_schemepart() {
            Some(ip) => {
                let login = ip.login();
                Ok((
                    login.user_decoded().map(bytes),
                    login.password_decoded().map(bytes),
                    login.hostport().host().as_str().to_ascii_lowercase(),
                    // The port as a number, beyond 65535 as written.
                    login.hostport().port().map(|port| {
                        port.parse::<u16>()
                            .map_or_else(|_| port.to_owned(), |port| port.to_string())
                    }),
                    ip.urlpath().map(|path| bytes(rfc1738::url::decode(path))),
                ))
            }
            None => Err(bytes(rfc1738::url::decode(other.schemepart()))),
        };
        return (None, Some(kept));
    }
    let mut parts = url.to_parts().ok();
    if let Some(parts) = &mut parts {
        lower_hosts(parts);
        drop_default_port(parts);
    }
    (parts, None)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn canonical_forms_parse_are_idempotent_and_keep_the_parts(input in urls()) {
        let Ok(url) = parse(&input) else {
            // The other-scheme patterns can spell a scheme of section 3,
            // whose own rule may reject the rest (`http://user@h`).
            return Ok(());
        };
        let canonical = url.canonical();
        let again = parse(&canonical).map_err(|error| TestCaseError::fail(format!("{input} → {canonical}: {error}")))?;
        prop_assert_eq!(again.canonical(), canonical.clone(), "{}", input);
        prop_assert_eq!(again.rule(), url.rule());
        prop_assert_eq!(kept(&again), kept(&url), "{} → {}", input, canonical);
        // Port as a number, default dropped.
        prop_assert_eq!(again.effective_port(), url.effective_port());
        if let (Some(default), Ok(Some(port))) = (url.default_port(), url.effective_port()) {
            prop_assert_eq!(again.port().is_none(), port == default, "{}", canonical);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// A URL of a scheme of section 3 that has parts has for its canonical
    /// form the builder's spelling of them, hosts in lower case and a
    /// default port dropped: URLs with the same parts have one canonical
    /// form (grammar/DECISIONS.md D34).
    #[test]
    fn a_canonical_form_is_the_builders_spelling_of_the_parts(input in urls()) {
        let Ok(url) = parse(&input) else {
            return Ok(());
        };
        // A port beyond 65535 or an article number beyond 64 bits has no
        // parts; another scheme's are its text as written.
        let Ok(mut parts) = url.to_parts() else {
            return Ok(());
        };
        if matches!(parts, Parts::Other(_)) {
            return Ok(());
        }
        lower_hosts(&mut parts);
        drop_default_port(&mut parts);
        let built = parts.build().map_err(|error| TestCaseError::fail(format!("{input} → {parts:?}: {error}")))?;
        prop_assert_eq!(url.canonical(), built.as_str(), "{}", input);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn urls_keep_their_meaning_through_their_parts(input in urls()) {
        let Ok(url) = parse(&input) else {
            return Ok(());
        };
        // A port beyond 65535 or an article number beyond 64 bits has no
        // parts.
        let Ok(parts) = url.to_parts() else {
            return Ok(());
        };
        let built = parts.build().map_err(|error| TestCaseError::fail(format!("{input} → {parts:?}: {error}")))?;
        let again = built.as_url();
        prop_assert_eq!(again.rule(), url.rule());
        prop_assert_eq!(again.to_parts(), Ok(parts), "{} → {}", input, built);
        if url.rule() == Rule::Httpurl {
            prop_assert_eq!(meaning(built.as_str()), meaning(&input), "{} → {}", input, built);
        }
    }
}

// serde --------------------------------------------------------------------

proptest! {
    #[test]
    fn gopher_selectors_with_tabs_build_when_a_url_can_hold_them(
        selector in octets(),
        search in proptest::option::of(without_tab()),
    ) {
        let parts = Parts::Gopher(GopherParts { selector, search, ..GopherParts::new("h.dom") });
        match parts.build() {
            Ok(_) => {
                round_trip(&parts);
            }
            Err(error) => {
                prop_assert!(matches!(error, BuildError::Separator { part: "selector", .. }), "{}", error);
            }
        }
    }
}

#[cfg(feature = "serde")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// In a human-readable format and in a compact one that is not
    /// self-describing (postcard has no `deserialize_any`).
    #[test]
    fn parts_come_back_from_json_and_postcard(parts in parts()) {
        let json = serde_json::to_string(&parts).unwrap();
        let back: Parts<'static> = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back, &parts, "{}", json);
        let bytes = postcard::to_allocvec(&parts).unwrap();
        let back: Result<Parts<'static>, _> = postcard::from_bytes(&bytes);
        prop_assert_eq!(back, Ok(parts), "{:?}", bytes);
    }
}

#[cfg(feature = "serde")]
#[test]
fn parts_serialize_decoded_octets_as_strings_or_byte_values() {
    let parts = Parts::Gopher(GopherParts {
        selector: Decoded::from(&b"a\xff"[..]),
        search: Some("q".into()),
        ..GopherParts::new("h.dom")
    });
    assert_eq!(
        serde_json::to_value(&parts).unwrap(),
        serde_json::json!({"gopher": {
            "host": "h.dom", "port": null, "gopher_type": "1",
            "selector": [97, 255], "search": "q", "gopher_plus": null,
        }})
    );
}
