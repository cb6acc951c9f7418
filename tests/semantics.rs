//! What a URL means: section 3's rules for each scheme, on the RFC's own
//! examples where it gives them.

use rfc1738::Url;
use rfc1738::url::{
    FileHost, ForbiddenByte, FtpCommand, FtpCredentials, FtpUrl, GopherUrl, Host, SemanticError,
    Typecode, WaisUrl, decode, default_port,
};

fn parse(input: &str) -> Url<'_> {
    rfc1738::parse(input).unwrap_or_else(|error| panic!("{input}: {error}"))
}

fn ftp(input: &str) -> FtpUrl<'_> {
    match parse(input) {
        Url::Ftp(url) => url,
        other => panic!("{input} is a {}", other.rule()),
    }
}

fn gopher(input: &str) -> GopherUrl<'_> {
    match parse(input) {
        Url::Gopher(url) => url,
        other => panic!("{input} is a {}", other.rule()),
    }
}

/// The octet an ftp URL's commands are refused for.
fn forbidden(input: &str) -> ForbiddenByte {
    match ftp(input).commands() {
        Err(SemanticError::Forbidden(error)) => error,
        other => panic!("{input}: {other:?}"),
    }
}

/// The FTP commands of a URL, as text.
fn commands(input: &str) -> Vec<String> {
    ftp(input)
        .commands()
        .unwrap_or_else(|error| panic!("{input}: {error}"))
        .iter()
        .map(ToString::to_string)
        .collect()
}

// Section 2.2 -------------------------------------------------------------

#[test]
fn decoding_gives_octets_borrowed_when_there_is_no_escape() {
    // "octets may be encoded by a character triplet consisting of the
    // character "%" followed by the two hexadecimal digits ... (The
    // characters "abcdef" may also be used in hexadecimal encodings.)"
    assert_eq!(decode("%2Fetc"), "/etc");
    assert_eq!(decode("%2fetc"), "/etc");
    assert!(decode("motd").is_borrowed());
    assert!(!decode("%2Fetc").is_borrowed());
    // Octets, not characters: 80-FF need not be UTF-8.
    let latin1 = decode("caf%E9");
    assert_eq!(latin1.as_bytes(), b"caf\xE9");
    assert_eq!(latin1.to_str(), None);
    assert_eq!(latin1.to_string_lossy(), "caf\u{FFFD}");
    assert_eq!(decode("caf%C3%A9").to_str(), Some("café"));
}

// Section 3 and 3.1 -------------------------------------------------------

#[test]
fn default_ports_are_section_3s() {
    for (url, port) in [
        ("ftp://host/", 21),
        ("http://host/", 80),
        ("gopher://host", 70),
        ("nntp://host/comp.lang", 119),
        ("telnet://host", 23),
        ("wais://host/db", 210),
        ("prospero://host/x", 1525),
    ] {
        let url = parse(url);
        assert_eq!(url.port(), None, "{url}");
        assert_eq!(url.default_port(), Some(port), "{url}");
        assert_eq!(url.effective_port(), Ok(Some(port)), "{url}");
        assert_eq!(default_port(url.scheme()), Some(port), "{url}");
    }
    for url in ["news:comp.lang", "mailto:a@b", "file:///x", "https://host/"] {
        let url = parse(url);
        assert_eq!(url.default_port(), None, "{url}");
    }
    assert_eq!(default_port("GOPHER"), Some(70));
    assert_eq!(rfc1738::url::HttpUrl::DEFAULT_PORT, 80);
}

#[test]
fn a_written_port_wins_and_leading_zeros_do_not_count() {
    let url = parse("http://host.dom:8080/");
    assert_eq!(url.port(), Some("8080"));
    assert_eq!(url.effective_port(), Ok(Some(8080)));
    let url = parse("ftp://host.dom:0021/");
    assert_eq!(url.port(), Some("0021"));
    assert_eq!(url.effective_port(), Ok(Some(21)));
    assert_eq!(parse("gopher://h:0/").effective_port(), Ok(Some(0)));
    assert_eq!(parse("gopher://h:65535/").effective_port(), Ok(Some(65535)));
}

#[test]
fn a_port_beyond_16_bits_is_a_semantic_error_of_a_valid_url() {
    // `port = digits`: the grammar bounds neither length nor value.
    let url = parse("http://host:65536/");
    assert_eq!(url.port(), Some("65536"));
    let error = url.effective_port().unwrap_err();
    assert_eq!(error.part(), "port");
    assert_eq!(error.digits(), "65536");
    assert_eq!(error.max(), 65535);
    let Url::Http(http) = url else { unreachable!() };
    assert_eq!(http.port_number(), Err(error.clone()));
    assert_eq!(http.effective_port(), Err(error));
    let url = parse("telnet://host:000000000000000000000000023");
    assert_eq!(url.effective_port(), Ok(Some(23)));
    assert!(
        parse("wais://h:99999999999999999999999/db")
            .effective_port()
            .is_err()
    );
}

/// `Url::port_number` is the number of the port the URL writes, for every
/// URL with a hostport, as the scheme's own `port_number` and
/// `effective_port` read it: `None` without a `:port` or a hostport.
#[test]
fn a_urls_port_number_is_its_written_port_whatever_the_scheme() {
    for (input, want) in [
        ("http://host.dom:0080/", Some(80)),
        ("ftp://me:pw@host.dom:21/", Some(21)),
        ("gopher://host.dom:0/", Some(0)),
        ("nntp://host.dom:65535/comp.lang", Some(65535)),
        ("telnet://host.dom:000023", Some(23)),
        ("wais://host.dom:2100/db", Some(2100)),
        ("prospero://host.dom:1/x", Some(1)),
        ("x-irc://irc.host.dom:6667/", Some(6667)),
        ("http://host.dom/", None),
        ("ftp://host.dom/", None),
        ("x-irc://irc.host.dom/", None),
        ("news:comp.lang", None),
        ("mailto:a@b", None),
        ("file://host.dom/x", None),
        ("x-any:thing:80", None),
        ("URL:http://host:80/", None),
    ] {
        let url = parse(input);
        assert_eq!(url.port_number(), Ok(want), "{input}");
        let default = url.default_port();
        if url.hostport().is_some() {
            assert_eq!(url.effective_port(), Ok(want.or(default)), "{input}");
        }
        if let Url::Http(http) = url {
            assert_eq!(url.port_number(), http.port_number(), "{input}");
        }
    }
    let url = parse("telnet://host:65536/");
    assert_eq!(url.port_number(), url.effective_port().map(|_| None));
    let Url::Telnet(telnet) = url else {
        unreachable!()
    };
    assert_eq!(url.port_number(), telnet.port_number());
    assert_eq!(url.port_number().unwrap_err().digits(), "65536");
}

#[test]
fn section_3_1_empty_user_and_password_differ_from_none() {
    // "E.g., <URL:ftp://@host.com/> has an empty user name and no password,
    // <URL:ftp://host.com/> has no user name, while <URL:ftp://foo:@host.com/>
    // has a user name of "foo" and an empty password."
    assert_eq!(
        ftp("ftp://@host.com/").credentials(),
        FtpCredentials::User {
            user: "".into(),
            password: None
        }
    );
    assert_eq!(
        ftp("ftp://host.com/").credentials(),
        FtpCredentials::Anonymous
    );
    assert_eq!(
        ftp("ftp://foo:@host.com/").credentials(),
        FtpCredentials::User {
            user: "foo".into(),
            password: Some("".into())
        }
    );
}

#[test]
fn user_and_password_decode_the_characters_3_1_makes_them_encode() {
    // "Within the user and password field, any ":", "@", or "/" must be
    // encoded."
    let url = parse("ftp://a%3Ab%40c:p%2Fq%3A@host/");
    let login = url.login().unwrap();
    assert_eq!(login.user(), Some("a%3Ab%40c"));
    assert_eq!(login.user_decoded().unwrap(), "a:b@c");
    assert_eq!(login.password_decoded().unwrap(), "p/q:");
}

#[test]
fn hosts_of_every_scheme() {
    assert_eq!(
        parse("http://10.0.0.1/").host(),
        Some(Host::Hostnumber("10.0.0.1"))
    );
    assert_eq!(
        parse("ftp://u@host.dom/").host(),
        Some(Host::Hostname("host.dom"))
    );
    assert_eq!(
        parse("wais://w.dom/db?q").host(),
        Some(Host::Hostname("w.dom"))
    );
    assert_eq!(parse("news:comp.lang").host(), None);
    assert_eq!(parse("mailto:a@b.dom").host(), None);
    // Section 3.10: "<host> can be the string "localhost" or the empty
    // string".
    assert_eq!(
        parse("file://localhost/x").host(),
        Some(Host::Hostname("localhost"))
    );
    assert_eq!(parse("file:///x").host(), None);
    assert!(
        parse("http://10.0.0.1/")
            .host()
            .is_some_and(|host| !host.is_hostname())
    );
}

// Section 3.2 -------------------------------------------------------------

#[test]
fn section_3_2_1_the_anonymous_convention_is_named_not_invented() {
    // "If no user name or password is supplied and one is requested by the
    // FTP server, the conventions for "anonymous" FTP are to be used". The
    // URL supplies neither "anonymous" nor the end user's e-mail address.
    let url = ftp("ftp://ds.internic.net/rfc/rfc1436.txt;type=a");
    assert_eq!(url.credentials(), FtpCredentials::Anonymous);
    assert_eq!(url.login().user(), None);
    // "If the URL supplies a user name but no password ... the program
    // interpreting the FTP URL should request one from the user": no
    // password is made up.
    assert_eq!(
        ftp("ftp://myname@host.dom/%2Fetc/motd").credentials(),
        FtpCredentials::User {
            user: "myname".into(),
            password: None
        }
    );
}

#[test]
fn section_3_2_2_the_rfcs_three_examples() {
    // "<URL:ftp://myname@host.dom/%2Fetc/motd> is interpreted by FTP-ing to
    // "host.dom", logging in as "myname" ... and then executing "CWD /etc"
    // and then "RETR motd"."
    let url = ftp("ftp://myname@host.dom/%2Fetc/motd");
    assert_eq!(url.host().as_str(), "host.dom");
    assert_eq!(url.effective_port(), Ok(21));
    assert_eq!(
        commands("ftp://myname@host.dom/%2Fetc/motd"),
        ["CWD /etc", "RETR motd"]
    );
    // "This has a different meaning from <URL:ftp://myname@host.dom/etc/motd>
    // which would "CWD etc" and then "RETR motd""
    assert_eq!(
        commands("ftp://myname@host.dom/etc/motd"),
        ["CWD etc", "RETR motd"]
    );
    // "<URL:ftp://myname@host.dom//etc/motd>, would "CWD " with a null
    // argument, then "CWD etc", and then "RETR motd"."
    assert_eq!(
        commands("ftp://myname@host.dom//etc/motd"),
        ["CWD ", "CWD etc", "RETR motd"]
    );
    assert_eq!(
        ftp("ftp://myname@host.dom//etc/motd").commands().unwrap()[0],
        FtpCommand::Cwd("".into())
    );
}

#[test]
fn section_3_2_2_path_segments_are_decoded_after_splitting() {
    // "Within a name or CWD component, the characters "/" and ";" are
    // reserved and must be encoded. The components are decoded prior to
    // their use in the FTP protocol."
    let url = ftp("ftp://host/a%2Fb/c%3Bd/e%20f");
    let segments: Vec<_> = url.path_segments_decoded().collect();
    assert_eq!(segments, ["a/b", "c;d", "e f"]);
    assert_eq!(url.name(), Some("e%20f"));
    assert_eq!(
        commands("ftp://host/a%2Fb/c%3Bd/e%20f"),
        ["CWD a/b", "CWD c;d", "RETR e f"]
    );
}

#[test]
fn section_3_2_2_typecodes() {
    // "If the typecode is "d", perform a NLST (name list) command with <name>
    // as the argument"
    assert_eq!(
        commands("ftp://info.cern.ch/pub/www/doc;type=d"),
        ["CWD pub", "CWD www", "NLST doc"]
    );
    // "Otherwise, perform a TYPE command with <typecode> as the argument, and
    // then access the file whose name is <name>"
    assert_eq!(
        commands("ftp://ds.internic.net/rfc/rfc1436.txt;type=a"),
        ["CWD rfc", "TYPE A", "RETR rfc1436.txt"]
    );
    assert_eq!(commands("ftp://h/f;type=I"), ["TYPE I", "RETR f"]);
    assert_eq!(
        ftp("ftp://h/f;type=D").typecode(),
        Some(Typecode::Directory)
    );
    assert_eq!(ftp("ftp://h/f;type=a").typecode(), Some(Typecode::Ascii));
    assert_eq!(ftp("ftp://h/f").typecode(), None);
}

#[test]
fn section_3_2_3_no_typecode_no_type_command_and_the_guess_is_separate() {
    // "If it is omitted, the client program interpreting the URL must guess
    // the appropriate mode to use."
    assert_eq!(
        commands("ftp://ds.internic.net/rfc/rfc1630.txt"),
        ["CWD rfc", "RETR rfc1630.txt"]
    );
    let url = ftp("ftp://ds.internic.net/rfc/rfc1630.txt");
    assert_eq!(url.guess_typecode(), Typecode::Ascii);
    let with_guess: Vec<String> = url
        .commands_with(Some(url.guess_typecode()))
        .unwrap()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(with_guess, ["CWD rfc", "TYPE A", "RETR rfc1630.txt"]);
    assert_eq!(
        ftp("ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z").guess_typecode(),
        Typecode::Image
    );
    assert_eq!(
        ftp("ftp://ds.internic.net/rfc/").guess_typecode(),
        Typecode::Directory
    );
    assert_eq!(
        ftp("ftp://ds.internic.net").guess_typecode(),
        Typecode::Directory
    );
}

#[test]
fn an_ftp_url_without_a_path_stands_for_no_command_and_an_empty_name_for_a_listing() {
    // "The whole url-path may be omitted".
    assert!(commands("ftp://host.dom").is_empty());
    let url = ftp("ftp://host.dom");
    assert_eq!(url.commands_with(Some(Typecode::Image)), Ok(vec![]));
    // "The <cwdx> and <name> parts may be empty". An empty name names no
    // file: RFC 959's RETR needs a pathname, its NLST does not ("a null
    // argument implies the current directory"). Without a typecode (whose
    // guess is `d` for an empty name) and under `d`, the URL lists the
    // directory the CWDs reached (grammar/DECISIONS.md D30).
    assert_eq!(commands("ftp://host.dom/"), ["NLST"]);
    assert_eq!(commands("ftp://host.dom/pub/"), ["CWD pub", "NLST"]);
    assert_eq!(
        commands("ftp://host.dom/a/b/;type=d"),
        ["CWD a", "CWD b", "NLST"]
    );
    assert_eq!(
        ftp("ftp://host.dom/pub/").guess_typecode(),
        Typecode::Directory
    );
    let nlst = &ftp("ftp://h/pub/").commands().unwrap()[1];
    assert_eq!(nlst, &FtpCommand::Nlst("".into()));
    assert_eq!(
        (nlst.verb(), nlst.argument(), nlst.to_bytes()),
        ("NLST", &b""[..], b"NLST".to_vec())
    );
    // An empty CWD keeps its null argument, as section 3.2.2 writes it.
    assert_eq!(commands("ftp://h//x"), ["CWD ", "RETR x"]);
    // Under `a` or `i`, the URL asks to transfer a file it does not name.
    for (input, typecode) in [
        ("ftp://host.dom/pub/;type=a", Typecode::Ascii),
        ("ftp://host.dom/;type=I", Typecode::Image),
    ] {
        let url = ftp(input);
        let error = url.commands().unwrap_err();
        assert!(
            matches!(error, SemanticError::NoFile { typecode: t, .. } if t == typecode),
            "{input}: {error:?}"
        );
        assert!(
            error.to_string().contains("RFC 1738 section 3.2.2"),
            "{error}"
        );
        assert!(url.commands_iter(url.typecode()).is_err());
        assert_eq!(parse(input).semantic_errors(), [error]);
        // The listing it can stand for, by the caller's choice.
        let listing = url.commands_with(Some(Typecode::Directory)).unwrap();
        assert_eq!(listing.last(), Some(&FtpCommand::Nlst("".into())));
    }
    let url = ftp("ftp://host.dom/pub/");
    assert!(matches!(
        url.commands_with(Some(Typecode::Ascii)),
        Err(SemanticError::NoFile {
            typecode: Typecode::Ascii,
            ..
        })
    ));
}

#[test]
fn section_6_cr_or_lf_in_a_decoded_ftp_argument_is_refused() {
    // "Care should be taken when URLs contain embedded encoded delimiters ...
    // (for example, CR and LF characters for telnet protocols) that these are
    // not unencoded before transmission."
    let error = forbidden("ftp://host/pub%0D%0ADELE%20x/file");
    assert_eq!(
        (
            error.part(),
            error.segment(),
            error.byte(),
            error.position()
        ),
        ("cwd", Some(0), b'\r', 3)
    );
    assert!(error.to_string().contains("section 6"), "{error}");
    let error = forbidden("ftp://host/a/b/file%0A");
    assert_eq!(
        (
            error.part(),
            error.segment(),
            error.byte(),
            error.position()
        ),
        ("name", None, b'\n', 4)
    );
    // The path accessors still give the decoded segments.
    assert_eq!(
        ftp("ftp://host/a/b/file%0A")
            .path_segments_decoded()
            .last()
            .unwrap(),
        "file\n"
    );
}

// Section 3.3 -------------------------------------------------------------

#[test]
fn section_3_3_http_path_and_search() {
    let Url::Http(url) = parse("http://host.dom/a%20b/c;d%3Be?q%3Dx=y;z") else {
        panic!()
    };
    // "Within the <path> and <searchpart> components, "/", ";", "?" are
    // reserved": an unencoded `;` separates pieces, its escape is one.
    let segments: Vec<Vec<_>> = url.path_segments_decoded().map(Iterator::collect).collect();
    assert_eq!(segments, [vec!["a b"], vec!["c", "d;e"]]);
    let search: Vec<_> = url.search_decoded().unwrap().collect();
    assert_eq!(search, ["q=x=y", "z"]);
    // The path's own accessor decodes whole segments.
    let whole: Vec<_> = url.hpath().unwrap().segments_decoded().collect();
    assert_eq!(whole, ["a b", "c;d;e"]);
    assert_eq!(url.effective_port(), Ok(80));
    // "If neither <path> nor <searchpart> is present, the "/" may also be
    // omitted."
    let Url::Http(url) = parse("http://host.dom") else {
        panic!()
    };
    assert_eq!(url.path_segments_decoded().count(), 0);
}

// Section 3.4 -------------------------------------------------------------

#[test]
fn section_3_4_1_an_empty_gopher_path_is_type_1() {
    // "The entire <gopher-path> may also be empty, in which case the
    // delimiting "/" is also optional and the <gophertype> defaults to "1"."
    for input in ["gopher://host.dom", "gopher://host.dom/"] {
        let url = gopher(input);
        assert_eq!(url.gopher_type(), b'1', "{input}");
        assert_eq!(url.selector_decoded(), "", "{input}");
        assert_eq!(url.search_decoded(), None, "{input}");
        assert_eq!(url.effective_port(), Ok(70), "{input}");
        // "The Gopher selector string may be an empty string; this is how
        // Gopher clients refer to the top-level directory"
        assert_eq!(url.request().unwrap(), b"\r\n", "{input}");
    }
}

#[test]
fn section_3_4_1_type_and_selector() {
    // "Note that some Gopher <selector> strings begin with a copy of the
    // <gophertype> character, in which case that character will occur twice
    // consecutively."
    let url = gopher("gopher://boombox.micro.umn.edu/11/pub/gopher");
    assert_eq!(url.gopher_type(), b'1');
    assert_eq!(url.selector_decoded(), "1/pub/gopher");
    assert_eq!(url.request().unwrap(), b"1/pub/gopher\r\n");
    // `gtype = xchar`: an escape is a type too.
    let url = gopher("gopher://h/%30about%20us");
    assert_eq!(url.gopher_type(), b'0');
    assert_eq!(url.selector_decoded(), "about us");
}

#[test]
fn section_3_4_2_a_search_is_sent_after_a_tab() {
    // "To submit a search to a Gopher search engine, the Gopher client sends
    // the <selector> string (after decoding), a tab, and the search string"
    let url = gopher("gopher://host.dom/7search%20engine%09rfc%201738");
    assert_eq!(url.gopher_type(), b'7');
    assert_eq!(url.selector_decoded(), "search engine");
    assert_eq!(url.search_decoded().unwrap(), "rfc 1738");
    assert_eq!(url.request().unwrap(), b"search engine\trfc 1738\r\n");
}

#[test]
fn section_3_4_3_to_3_4_8_gopher_plus_strings() {
    // "send the Gopher selector, followed by a tab and the search string
    // (which may be empty), followed by a tab and the Gopher+ commands."
    let url = gopher("gopher://host.dom/1sel%09%09+");
    assert_eq!(url.search_decoded().unwrap(), "");
    assert_eq!(url.gopher_plus_decoded().unwrap(), "+");
    assert_eq!(url.request().unwrap(), b"sel\t\t+\r\n");
    // 3.4.7: ""!+ABSTRACT%20+SMELL" refers to the +ABSTRACT and +SMELL
    // attributes of an item."
    let url = gopher("gopher://host.dom/0item%09%09!+ABSTRACT%20+SMELL");
    assert_eq!(url.gopher_plus_decoded().unwrap(), "!+ABSTRACT +SMELL");
    // 3.4.8: "a Gopher+ string of "+application/postscript%20Es_ES" refers to
    // the Spanish language postscript alternate view"
    let url = gopher("gopher://host.dom/0item%09%09+application/postscript%20Es_ES");
    assert_eq!(
        url.gopher_plus_decoded().unwrap(),
        "+application/postscript Es_ES"
    );
    assert_eq!(
        url.request().unwrap(),
        b"item\t\t+application/postscript Es_ES\r\n"
    );
}

#[test]
fn section_3_4_9_a_form_is_sent_with_its_lines_after_the_search_of_3_4_3() {
    // "The gopher+_string is of the form:
    // +%091%0D%0A+-1%0D%0A<ask_item1_value>%0D%0A<ask_item2_value>%0D%0A.%0D%0A
    // To retrieve this item, the Gopher client sends:
    // <a_gopher_selector><tab>+<tab>1<cr><lf> +-1<cr><lf> <ask_item1_value><cr><lf>
    // <ask_item2_value><cr><lf> .<cr><lf>"
    // 3.4.9 shows one TAB before the `+`; 3.4.3 sends the search, "which may
    // be empty", between the selector and the Gopher+ string. The crate
    // follows 3.4.3 (grammar/DECISIONS.md D31): two TABs.
    let url = gopher("gopher://host.dom/1sel%09%09+%091%0D%0A+-1%0D%0Ayes%0D%0Ablue%0D%0A.%0D%0A");
    assert_eq!(
        url.gopher_plus_decoded().unwrap(),
        "+\t1\r\n+-1\r\nyes\r\nblue\r\n.\r\n"
    );
    assert_eq!(
        url.request().unwrap(),
        b"sel\t\t+\t1\r\n+-1\r\nyes\r\nblue\r\n.\r\n"
    );
    // A form on a search item keeps its search.
    let url = gopher("gopher://host.dom/7sel%09q%09+%091%0D%0Ax%0D%0A.%0D%0A");
    assert_eq!(url.request().unwrap(), b"sel\tq\t+\t1\r\nx\r\n.\r\n");
}

#[test]
fn section_6_a_decoded_tab_cr_or_lf_that_would_end_a_gopher_field_is_refused() {
    // Section 3.4.1: selectors "may contain any octets except 09 hexadecimal
    // (US-ASCII HT or tab) 0A hexadecimal (US-ASCII character LF), and 0D".
    // Section 6: "An example has been the use of gopher URLs to cause a rude
    // message to be sent via a SMTP server."
    let error = gopher("gopher://mail.dom:25/1HELO%20x%0D%0AMAIL%20FROM:a")
        .request()
        .unwrap_err();
    assert_eq!(
        (error.part(), error.byte(), error.position()),
        ("selector", b'\r', 6)
    );
    // The message cites the section that says what a selector may hold.
    assert!(
        error
            .to_string()
            .ends_with("(RFC 1738 sections 3.4.1 and 6)"),
        "{error}"
    );
    let error = gopher("gopher://h/7s%09a%0Ab").request().unwrap_err();
    assert_eq!((error.part(), error.byte()), ("search", b'\n'));
    assert!(
        error.to_string().ends_with("(RFC 1738 section 6)"),
        "{error}"
    );
    // A selector the URL cannot end at `%09` (what follows is no `search`:
    // see grammar/DECISIONS.md D14) keeps its tab, and cannot be sent.
    let url = gopher("gopher://h/1a%09b/c");
    assert_eq!(url.selector_decoded(), "a\tb/c");
    assert_eq!(url.request().unwrap_err().byte(), b'\t');
    // A Gopher+ string that is no form may not carry a line break either.
    let error = gopher("gopher://h/1s%09%09+%0D%0AQUIT")
        .request()
        .unwrap_err();
    assert_eq!((error.part(), error.byte()), ("gopher+_string", b'\r'));
}

#[test]
fn the_gopher_path_is_what_follows_the_slash_in_parts() {
    assert_eq!(gopher("gopher://host.dom").gopher_path(), None);
    let empty = gopher("gopher://host.dom/").gopher_path().unwrap();
    assert_eq!(
        (empty.gtype(), empty.selector(), empty.search()),
        (None, "", None)
    );
    assert_eq!(empty.to_string(), "");
    let input = "gopher://host.dom/7sel%09rfc%201738%09+ASK";
    let path = gopher(input).gopher_path().unwrap();
    assert_eq!(
        (
            path.gtype(),
            path.selector(),
            path.search(),
            path.gopher_plus_string()
        ),
        (Some("7"), "sel", Some("rfc%201738"), Some("+ASK"))
    );
    assert_eq!(path.to_string(), &input["gopher://host.dom/".len()..]);
}

// Section 3.5 -------------------------------------------------------------

#[test]
fn section_3_5_the_mailto_address_is_decoded() {
    // "Note that the percent sign ("%") is commonly used within RFC 822
    // addresses and must be encoded."
    let Url::Mailto(url) = parse("mailto:user%25relay@gateway.dom") else {
        panic!()
    };
    assert_eq!(url.address(), "user%relay@gateway.dom");
    assert_eq!(url.encoded822addr(), "user%25relay@gateway.dom");
}

// Section 3.6 and 3.7 -----------------------------------------------------

#[test]
fn section_3_6_a_group_an_article_or_all() {
    // "A <newsgroup-name> is a period-delimited hierarchical name, such as
    // "comp.infosystems.www.misc"."
    let Url::News(url) = parse("news:comp.infosystems.www.misc") else {
        panic!()
    };
    assert_eq!(url.group(), Some("comp.infosystems.www.misc"));
    assert!(url.article().is_none() && !url.is_all());
    // "If <newsgroup-name> is "*" (as in <URL:news:*>), it is used to refer
    // to "all available news groups"."
    let Url::News(url) = parse("news:*") else {
        panic!()
    };
    assert!(url.is_all());
    assert_eq!(url.group(), None);
    // "A <message-id> corresponds to the Message-ID of section 2.1.5 of RFC
    // 1036, without the enclosing "<" and ">"; it takes the form
    // <unique>@<full_domain_name>."
    let Url::News(url) = parse("news:199412151200.AA01%2523@host.dom") else {
        panic!()
    };
    let article = url.article().unwrap();
    assert_eq!(article.unique_decoded(), "199412151200.AA01%23");
    assert_eq!(article.host().as_str(), "host.dom");
    assert_eq!(article.message_id(), "199412151200.AA01%23@host.dom");
    assert_eq!(url.group(), None);
    // News URLs "are location-independent": no host to connect to, no port.
    assert_eq!(parse("news:a@host.dom").hostport(), None);
    assert_eq!(parse("news:a@host.dom").effective_port(), Ok(None));
}

#[test]
fn section_3_7_nntp_group_and_article_number() {
    // "nntp://<host>:<port>/<newsgroup-name>/<article-number> ... If :<port>
    // is omitted, the port defaults to 119."
    let Url::Nntp(url) = parse("nntp://news.host.dom/comp.infosystems.www.misc/0042") else {
        panic!()
    };
    assert_eq!(url.group(), "comp.infosystems.www.misc");
    assert_eq!(url.article(), Some("0042"));
    assert_eq!(url.article_number(), Ok(Some(42)));
    assert_eq!(url.effective_port(), Ok(119));
    let Url::Nntp(url) = parse("nntp://h/g/99999999999999999999") else {
        panic!()
    };
    assert_eq!(url.article_number().unwrap_err().part(), "article number");
}

// Section 3.8 -------------------------------------------------------------

#[test]
fn section_3_8_telnet_user_and_password_are_advisory() {
    // "telnet://<user>:<password>@<host>:<port>/ ... The final "/" character
    // may be omitted. If :<port> is omitted, the port defaults to 23."
    let Url::Telnet(url) = parse("telnet://guest:%2Ansecret@host.dom") else {
        panic!()
    };
    assert_eq!(url.user_decoded().unwrap(), "guest");
    assert_eq!(url.password_decoded().unwrap(), "*nsecret");
    assert_eq!(url.effective_port(), Ok(23));
    assert!(!url.has_slash());
}

// Section 3.9 -------------------------------------------------------------

#[test]
fn section_3_9_the_three_wais_forms() {
    let Url::Wais(url) = parse("wais://quake.think.com/directory-of-servers") else {
        panic!()
    };
    assert_eq!(url.database_decoded(), "directory-of-servers");
    assert_eq!(
        (
            url.search_decoded(),
            url.wtype_decoded(),
            url.wpath_decoded()
        ),
        (None, None, None)
    );
    assert_eq!(url.effective_port(), Ok(210));
    let Url::Wais(url) = parse("wais://quake.think.com:210/db?rfc%201738") else {
        panic!()
    };
    assert_eq!(url.search_decoded().unwrap(), "rfc 1738");
    let Url::Wais(url) = parse("wais://quake.think.com/db/TEXT/0%2C123%2Cdoc") else {
        panic!()
    };
    assert_eq!(url.wtype_decoded().unwrap(), "TEXT");
    // "The <wpath> of a WAIS URL consists of the WAIS document-id, encoded as
    // necessary using the method described in Section 2.2."
    assert_eq!(url.wpath_decoded().unwrap(), "0,123,doc");
}

#[test]
fn each_wais_form_has_its_parts_as_the_wais_url_does() {
    let Url::Wais(WaisUrl::Database(url)) = parse("WAIS://host.dom:2100/d%62") else {
        panic!()
    };
    assert_eq!((url.scheme(), url.database()), ("WAIS", "d%62"));
    assert_eq!(url.database_decoded(), "db");
    assert_eq!((url.port(), url.effective_port()), (Some("2100"), Ok(2100)));
    assert_eq!(url.to_string(), url.as_str());
    let Url::Wais(WaisUrl::Index(url)) = parse("wais://host.dom/db?rfc%201738") else {
        panic!()
    };
    assert_eq!((url.database(), url.search()), ("db", "rfc%201738"));
    assert_eq!(url.search_decoded(), "rfc 1738");
    assert_eq!(
        (url.host(), url.effective_port()),
        (Host::Hostname("host.dom"), Ok(210))
    );
    assert_eq!(url.to_string(), url.as_str());
    let Url::Wais(WaisUrl::Doc(url)) = parse("wais://10.0.0.1/db/TEXT/0%2C123") else {
        panic!()
    };
    assert_eq!((url.wtype(), url.wpath()), ("TEXT", "0%2C123"));
    assert_eq!(
        (url.wtype_decoded(), url.wpath_decoded()),
        ("TEXT".into(), "0,123".into())
    );
    assert_eq!(url.hostport().host(), Host::Hostnumber("10.0.0.1"));
    assert_eq!(url.to_string(), url.as_str());
}

// Section 3.10 ------------------------------------------------------------

#[test]
fn section_3_10_file_hosts_and_path() {
    // "For example, a VMS file DISK$USER:[MY.NOTES]NOTE123456.TXT might become
    // <URL:file://vms.host.edu/disk$user/my/notes/note12345.txt>"
    let Url::File(url) = parse("file://vms.host.edu/disk$user/my/notes/note12345.txt") else {
        panic!()
    };
    assert_eq!(
        url.host(),
        Some(FileHost::Host(Host::Hostname("vms.host.edu")))
    );
    assert!(!url.is_local());
    let segments: Vec<_> = url.path_segments_decoded().collect();
    assert_eq!(segments, ["disk$user", "my", "notes", "note12345.txt"]);
    // "As a special case, <host> can be the string "localhost" or the empty
    // string; this is interpreted as `the machine from which the URL is being
    // interpreted'."
    let Url::File(url) = parse("file://localhost/etc/motd") else {
        panic!()
    };
    assert!(url.is_local());
    assert_eq!(url.host().unwrap().as_str(), "localhost");
    let Url::File(url) = parse("file:///etc/motd") else {
        panic!()
    };
    assert!(url.is_local());
    assert_eq!(url.host(), None);
}

/// D5: an interpreter folds the scheme name's case and nothing else. The
/// typecode is read as written (the grammar has both cases), and
/// `LOCALHOST` is a host name, not the literal `localhost` (D13 makes it
/// local all the same).
#[test]
fn only_the_scheme_name_folds() {
    let url = ftp("FTP://host/;type=A");
    assert_eq!(url.typecode(), Some(Typecode::Ascii));
    assert!(url.to_string().ends_with(";type=A"));
    let Url::File(url) = parse("file://LOCALHOST/") else {
        panic!()
    };
    assert_eq!(
        url.host(),
        Some(FileHost::Host(Host::Hostname("LOCALHOST")))
    );
    assert!(url.is_local());
    let Url::File(url) = parse("FILE://localhost/") else {
        panic!()
    };
    assert_eq!(url.host(), Some(FileHost::Localhost));
}

/// D6: the scheme rule is chosen by what precedes the first `:` when that
/// is a scheme name, and `otherurl` takes the rest, which it rejects when
/// no scheme name comes first; a scheme rule that fails is not retried as
/// an `otherurl`.
#[test]
fn the_scheme_rule_is_chosen_by_the_name_before_the_first_colon() {
    use rfc1738::Rule;
    let rule = |input: &str| match rfc1738::parse(input) {
        Ok(url) => (url.rule(), None),
        Err(error) => (error.rule(), Some(error.offset())),
    };
    assert_eq!(rule("http://h/"), (Rule::Httpurl, None));
    assert_eq!(rule("Foo:bar"), (Rule::Otherurl, None));
    assert_eq!(rule("http//x"), (Rule::Otherurl, Some(4)));
    assert_eq!(rule(" http://x"), (Rule::Otherurl, Some(0)));
    assert_eq!(rule(""), (Rule::Otherurl, Some(0)));
    assert_eq!(rule("http:x"), (Rule::Httpurl, Some(5)));
    assert_eq!(rule("http://user@host/"), (Rule::Httpurl, Some(11)));
}

// Section 3.11 ------------------------------------------------------------

#[test]
fn section_3_11_the_hsoname_keeps_its_leading_slash() {
    // "(E.g., <URL:prospero://host.dom//pros/name> designates a <hsoname> of
    // "/pros/name".)"
    let Url::Prospero(url) = parse("prospero://host.dom//pros/name") else {
        panic!()
    };
    assert_eq!(url.hsoname(), "/pros/name");
    assert_eq!(url.effective_port(), Ok(1525));
    assert_eq!(url.fields_decoded().count(), 0);
}

#[test]
fn section_3_11_fields_and_values() {
    // "each field/value pair is separated from each other and from the rest
    // of the URL by a ";" (semicolon). The name of the field and its value
    // are separated by a "=" (equal sign). ... the OBJECT-VERSION field can be
    // specified to identify a specific version of an object." And "The
    // semicolon ";" is reserved and may not appear without quoting in the
    // <hsoname>."
    let Url::Prospero(url) =
        parse("prospero://host.dom:1526/a%3Bb/c;OBJECT-VERSION=2;note=x%3Dy%3Bz")
    else {
        panic!()
    };
    assert_eq!(url.hsoname(), "a;b/c");
    let fields: Vec<_> = url.fields_decoded().collect();
    assert_eq!(
        fields,
        [
            ("OBJECT-VERSION".into(), "2".into()),
            ("note".into(), "x=y;z".into())
        ]
    );
    assert_eq!(url.effective_port(), Ok(1526));
}

// Other schemes -----------------------------------------------------------

#[test]
fn other_schemes_show_their_ip_schemepart_when_they_have_one() {
    let Url::Other(url) = parse("https://user:pw@Example.COM:8443/a/b?c") else {
        panic!()
    };
    assert_eq!(url.scheme(), "https");
    assert_eq!(url.schemepart(), "//user:pw@Example.COM:8443/a/b?c");
    let ip = url.ip_schemepart().unwrap();
    assert_eq!(ip.login().user_decoded().unwrap(), "user");
    assert_eq!(ip.login().hostport().host().as_str(), "Example.COM");
    assert_eq!(ip.urlpath(), Some("a/b?c"));
    let url = parse("https://user:pw@Example.COM:8443/a/b?c");
    assert_eq!(url.port(), Some("8443"));
    assert_eq!(url.effective_port(), Ok(Some(8443)));
    assert_eq!(parse("https://example.com/").effective_port(), Ok(None));
    // Not every scheme-specific part is one.
    for input in [
        "urn:isbn:0451450523",
        "foo://bad_host/",
        "x:",
        "foo://h:1/%",
    ] {
        if let Ok(Url::Other(url)) = rfc1738::parse(input) {
            assert!(url.ip_schemepart().is_none(), "{input}");
        }
    }
    assert!(matches!(parse("x:"), Url::Other(url) if url.ip_schemepart().is_none()));
}

// serde -------------------------------------------------------------------

#[cfg(feature = "serde")]
#[test]
fn the_syntax_tree_serializes_as_written() {
    let url = parse("ftp://myname@host.dom/%2Fetc/motd");
    let json = serde_json::to_value(rfc1738::url::serde_tree::Tree(url)).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"ftp": {
            "scheme": "ftp",
            "login": {"user": "myname", "password": null,
                      "hostport": {"host": {"hostname": "host.dom"}, "port": null}},
            "fpath": "%2Fetc/motd",
            "ftptype": null,
        }})
    );
}

#[cfg(feature = "serde")]
#[test]
fn decoded_octets_serialize_as_strings_or_byte_arrays_and_come_back() {
    use rfc1738::url::Decoded;
    assert_eq!(
        serde_json::to_string(&decode("%2Fetc")).unwrap(),
        r#""/etc""#
    );
    assert_eq!(serde_json::to_string(&decode("a%FF")).unwrap(), "[97,255]");
    let back: Decoded<'static> = serde_json::from_str("[97,255]").unwrap();
    assert_eq!(back, decode("a%FF"));
    let back: Decoded<'static> = serde_json::from_str(r#""/etc""#).unwrap();
    assert_eq!(back, "/etc");
    let credentials = ftp("ftp://foo:@host.com/").credentials();
    assert_eq!(
        serde_json::to_value(credentials).unwrap(),
        serde_json::json!({"user": {"user": "foo", "password": ""}})
    );
    assert_eq!(serde_json::to_value(Typecode::Directory).unwrap(), "d");
}
