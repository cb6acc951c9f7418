//! Warnings about valid URLs, from sections 2.2, 3, 4 and 6.

use rfc1738::lint::{Code, OFFSETS_KEPT, Warning, lint};
use rfc1738::parse;

/// The (code, offset) of each warning about `input`.
fn warnings(input: &str) -> Vec<(Code, usize)> {
    let url = parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
    lint(&url)
        .iter()
        .map(|warning| (warning.code(), warning.offset()))
        .collect()
}

#[test]
fn a_reserved_port_other_than_the_default() {
    assert_eq!(warnings("http://host:25/"), [(Code::ReservedPort, 12)]);
    assert_eq!(warnings("gopher://host:25/0"), [(Code::ReservedPort, 14)]);
    // The default, or above the reserved range: nothing to say.
    assert!(warnings("http://host:80/").is_empty());
    assert!(warnings("http://host:8080/").is_empty());
    assert!(warnings("ftp://host:21/").is_empty());
    assert!(warnings("prospero://host:1525/x").is_empty());
    // Past any integer type: not reserved, but no port (`port-range`).
    assert_eq!(
        warnings("http://host:99999999999999999999999/"),
        [(Code::PortRange, 12)]
    );
}

#[test]
fn encoded_protocol_delimiters() {
    // In any part that can hold escapes; where the decoded octet would end
    // a request this crate makes (a Gopher request, an FTP command line),
    // the request is a semantic error too, at its first such octet.
    assert_eq!(
        warnings("gopher://host/0sel%0D%0Amore%00"),
        [
            (Code::EncodedDelimiter, 18),
            (Code::ForbiddenByte, 18),
            (Code::EncodedDelimiter, 21),
            (Code::EncodedDelimiter, 28)
        ]
    );
    assert_eq!(
        warnings("ftp://u%0a@host/"),
        [(Code::EncodedDelimiter, 7), (Code::ForbiddenByte, 7)]
    );
    assert_eq!(
        warnings("http://host/a%0D%0A%00"),
        [
            (Code::EncodedDelimiter, 13),
            (Code::EncodedDelimiter, 16),
            (Code::EncodedDelimiter, 19)
        ]
    );
    assert!(warnings("http://host/%0B%20").is_empty());
}

#[test]
fn the_lines_of_a_gopher_form_are_encoded_delimiters_told_as_the_forms() {
    // Section 3.4.9's form, its CR LF as it writes them: the form's lines,
    // which the Gopher request sends decoded (D31), and which a server of
    // another protocol would read as operations: `gopher://h:6379/...` with
    // a form of Redis commands. They are warned about, told as the form's.
    let form = "+%091%0D%0A+-1%0D%0Ayes%0D%0A.%0D%0A";
    let input = format!("gopher://h/1sel%09%09{form}");
    let found = lint(&parse(&input).unwrap());
    let counted: Vec<(Code, usize, usize)> = found
        .iter()
        .map(|w| (w.code(), w.offset(), w.count()))
        .collect();
    assert_eq!(
        counted,
        [
            (Code::EncodedDelimiter, 26, 4),
            (Code::EncodedDelimiter, 29, 4)
        ]
    );
    for warning in &found {
        assert!(
            warning
                .message()
                .contains("a Gopher+ form sends it decoded"),
            "{warning}"
        );
    }
    // No semantic error: the request sends them (D31). A NUL, and the
    // selector's CR, are told as any other.
    assert_eq!(
        warnings(&format!("gopher://h/1s%0Dl%09%09{form}%00")),
        [
            (Code::EncodedDelimiter, 13),
            (Code::ForbiddenByte, 13),
            (Code::EncodedDelimiter, 31),
            (Code::EncodedDelimiter, 59)
        ]
    );
    // A Gopher+ string that starts otherwise carries no form.
    assert_eq!(
        warnings("gopher://h/1sel%09%09+%0D%0A"),
        [
            (Code::EncodedDelimiter, 22),
            (Code::ForbiddenByte, 22),
            (Code::EncodedDelimiter, 25)
        ]
    );
    let url = parse("gopher://h/1sel%09%09+%0D%0A").unwrap();
    assert!(!lint(&url)[0].message().contains("form"));
}

#[test]
fn a_finding_repeated_is_one_warning_with_its_count_and_first_offsets() {
    // Found on one ftp URL of 333,333 `%0D`: a warning per escape, 39 MB of
    // output from `check`, quadratic time rendering them.
    let url = format!("ftp://h/{}", "%0D".repeat(100_000));
    let warnings = lint(&parse(&url).unwrap());
    // The escapes, and the FTP command the first CR would end early.
    assert_eq!(warnings.len(), 2);
    assert_eq!(
        (
            warnings[1].code(),
            warnings[1].offset(),
            warnings[1].count()
        ),
        (Code::ForbiddenByte, 8, 1)
    );
    let warning = &warnings[0];
    assert_eq!(warning.code(), Code::EncodedDelimiter);
    assert_eq!(warning.count(), 100_000);
    assert_eq!(warning.offset(), 8);
    assert_eq!(warning.offsets(), [8, 11, 14, 17, 20, 23, 26, 29]);
    assert_eq!(warning.offsets().len(), OFFSETS_KEPT);
    // Few occurrences: all their offsets, and the count says so.
    let url = parse("http://h/a%0D/%0Db?%0D").unwrap();
    let warnings = lint(&url);
    assert_eq!(warnings.len(), 1);
    assert_eq!(warnings[0].offsets(), [10, 14, 19]);
    assert_eq!(warnings[0].count(), 3);
}

#[test]
fn a_warning_names_a_long_number_or_scheme_by_its_ends_and_length() {
    // A port, an article number, a hostnumber part or a scheme name of any
    // length is valid; the message about it stays a line, however long.
    let long = "9".repeat(1_000_000);
    let zeros = format!("0{long}");
    let scheme = format!("X{}", "y".repeat(999_999));
    let inputs = [
        (format!("http://h:{long}/"), Code::PortRange),
        (format!("nntp://h/g/{long}"), Code::ArticleRange),
        (format!("http://1.2.3.{zeros}/"), Code::HostnumberRange),
        (format!("{scheme}:z"), Code::UpperCaseScheme),
    ];
    for (input, code) in inputs {
        let warnings = lint(&parse(&input).unwrap());
        let warning = warnings.iter().find(|w| w.code() == code).unwrap();
        let message = warning.message();
        assert!(message.len() < 400, "{code:?}: {} bytes", message.len());
        let shown = warning.diagnostic().to_string();
        assert!(shown.len() < 2_000, "{code:?}: {} bytes", shown.len());
    }
    let named = |input: &str, code| {
        let url = parse(input).unwrap();
        let warnings = lint(&url);
        warnings
            .iter()
            .find(|w| w.code() == code)
            .unwrap()
            .message()
            .to_owned()
    };
    let message = named(&format!("http://1.2.3.{zeros}/"), Code::HostnumberRange);
    assert!(
        message.starts_with(
            "\"09999999999999…99999999999999\" (1000001 digits) is \
             99999999999999…99999999999999 (1000000 digits), above 255"
        ),
        "{message}"
    );
    let message = named(&format!("{scheme}:z"), Code::UpperCaseScheme);
    assert!(
        message.starts_with(
            "the scheme name \"Xyyyyyyyyyyyyy…yyyyyyyyyyyyyy\" (1000000 characters) has"
        ),
        "{message}"
    );
    // Up to 32 characters, named whole.
    let message = named("http://1.2.3.0256/", Code::HostnumberRange);
    assert!(
        message.starts_with("\"0256\" is 256, above 255"),
        "{message}"
    );
}

#[test]
fn different_escapes_are_different_warnings_in_the_order_of_their_first_offsets() {
    let url = parse("http://h/0%0a%0D%0d%00%0D%0a%0A%00").unwrap();
    let warnings = lint(&url);
    let found: Vec<(&str, usize, &[usize])> = warnings
        .iter()
        .map(|w| (&w.message()[..3], w.count(), w.offsets()))
        .collect();
    assert_eq!(
        found,
        [
            ("%0a", 2, &[10, 25][..]),
            ("%0D", 2, &[13, 22][..]),
            ("%0d", 1, &[16][..]),
            ("%00", 2, &[19, 31][..]),
            ("%0A", 1, &[28][..]),
        ]
    );
}

#[test]
fn a_password() {
    assert_eq!(warnings("ftp://me:secret@host/"), [(Code::Password, 9)]);
    assert_eq!(warnings("telnet://me:x@host"), [(Code::Password, 12)]);
    assert_eq!(warnings("https://me:pw@host/"), [(Code::Password, 11)]);
    assert!(warnings("ftp://me@host/").is_empty());
}

/// Section 6 warns of "URLs containing passwords that should be secret"
/// (grammar/DECISIONS.md D23). An empty password writes nothing secret, and
/// the anonymous FTP convention's (3.2.1: "The password is supplied as the
/// Internet e-mail address of the end user") lets anyone in: neither is
/// warned about. Both are still a password, hidden in human output (D24).
#[test]
fn only_a_password_that_should_be_secret_is_warned_about() {
    for input in [
        "ftp://me:@host/",
        "telnet://me:@host",
        "x://me:@host/",
        "url:telnet://me:@h",
        "ftp://anonymous:joe%40host.dom@host/",
        "ftp://an%6Fnymous:joe%40host.dom@host/",
        "url:ftp://anonymous:joe%40host.dom@host/",
        "URL:URL:ftp://anonymous:joe%40host.dom@host/",
    ] {
        assert!(
            warnings(input)
                .iter()
                .all(|(code, _)| *code != Code::Password),
            "{input}"
        );
    }
    // The convention is FTP's, and names the user "anonymous".
    for (input, at) in [
        ("telnet://anonymous:joe%40host.dom@host", 19),
        ("x://anonymous:joe%40host.dom@host/", 14),
        ("ftp://Anonymous:joe%40host.dom@host/", 16),
        ("ftp://anonymous2:pw@host/", 17),
        ("url:ftp://anonymous2:pw@host/", 21),
    ] {
        assert!(warnings(input).contains(&(Code::Password, at)), "{input}");
    }
    // Not warned about, the password is hidden all the same, and a warning
    // in it is told of as one in a password.
    let url = parse("ftp://anonymous:joe%0A@host/").unwrap();
    let found = lint(&url);
    assert!(found.iter().all(|warning| warning.code() != Code::Password));
    let shown = found[0].diagnostic().hide_password(true).to_string();
    assert!(shown.contains("ftp://anonymous:******@host/"), "{shown}");
    assert!(shown.contains("the password (hidden) encodes"), "{shown}");
    assert!(!shown.contains("%0A"), "{shown}");
}

/// Section 3.5: `<rfc822-addr-spec>` is "(the encoding of an) addr-spec, as
/// specified in RFC 822"; the grammar's `encoded822addr = 1*xchar` accepts
/// any run of characters. The decoded address is read as RFC 822 reads one
/// (grammar/DECISIONS.md D33), and the warning is at the character where it
/// stops being an addr-spec.
#[test]
fn a_mailto_address_that_is_no_rfc_822_addr_spec() {
    for input in [
        "mailto:joe@host.dom",
        // Section 3.5: "the percent sign ("%") ... must be encoded".
        "mailto:a%25b@c.dom",
        // Within mailto URLs there are no reserved characters: `%40` is `@`.
        "mailto:joe%40host.dom",
        "mailto:%22joe%20smith%22@host.dom",
        // `[` and `]` are unsafe (section 2.2): encoded.
        "mailto:joe@%5B10.0.0.1%5D",
        // Blanks between symbols and after the last are RFC 822's
        // linear-white-space.
        "mailto:joe%20@%20host.dom%20",
        // RFC 822's own, A.1.4: a comment, and spaces around the ".".
        "mailto:Wilt%20.%20(the%20Stilt)%20Chamberlain@NBA.US",
    ] {
        assert!(warnings(input).is_empty(), "{input}");
    }
    for (input, at) in [
        // No "@" and domain: at the last character, after which they are
        // missing.
        ("mailto:joe", 9),
        ("mailto:joe@", 10),
        ("mailto:joe@host.", 15),
        // An empty word or sub-domain: at the "." or "@" in its place.
        ("mailto:joe..x@host", 11),
        ("mailto:@host", 7),
        // A special outside a quoted-string, written or encoded: at it.
        ("mailto:joe,x@host", 10),
        ("mailto:joe%2Cx@host", 10),
        ("mailto:joe@a@b", 12),
        // Two words with no "." between them (RFC 822's A.1.5 "Galloping
        // Gourmet@ANT.Down-Under").
        ("mailto:Galloping%20Gourmet@ANT.Down-Under", 19),
        // An octet outside ASCII, and a quoted-string never closed.
        ("mailto:j%C3%A9@host", 8),
        ("mailto:%22joe@host", 17),
        ("mailto:joe%20", 10),
    ] {
        assert_eq!(warnings(input), [(Code::MailtoAddress, at)], "{input}");
    }
    let url = parse("mailto:joe%2Cx@host").unwrap();
    let message = lint(&url)[0].message().to_owned();
    assert!(
        message.contains("found \",\" where \".\" or \"@\""),
        "{message}"
    );
    assert!(message.contains("RFC 1738, section 3.5"), "{message}");
    // A control character is told by its kind, never written raw.
    let url = parse("mailto:jo%1Be@host").unwrap();
    let message = lint(&url)[0].message().to_owned();
    assert!(message.contains("a control character"), "{message}");
    assert!(!message.contains('\x1b'), "{message}");
    // Found in a password written further in the URL, the character is
    // not named when the passwords are hidden.
    let url = parse("mailto:(//me:p)w,@h/").unwrap();
    let warning = &lint(&url)[0];
    assert_eq!(
        (warning.code(), warning.offset()),
        (Code::MailtoAddress, 16)
    );
    let hidden = warning.diagnostic().hide_password(true).to_string();
    assert!(!hidden.contains("\",\""), "{hidden}");
    assert!(hidden.contains("mailto:(//me:****@h/"), "{hidden}");
    assert!(hidden.contains("a password written further"), "{hidden}");
    assert_eq!(Code::MailtoAddress.as_str(), "mailto-address");
}

#[test]
fn a_hostnumber_part_above_255() {
    assert_eq!(
        warnings("http://10.0.0.256/"),
        [(Code::HostnumberRange, 14)]
    );
    assert_eq!(
        warnings("news:a@999.1.1.0001"),
        [(Code::HostnumberRange, 7)]
    );
    assert!(warnings("http://255.255.255.255/").is_empty());
}

#[test]
fn the_appendix_prefix_read_as_a_scheme_name() {
    // The appendix writes the prefix in upper case: no scheme name, whose
    // case is warned about.
    assert_eq!(warnings("URL:http://host/"), [(Code::UrlPrefix, 0)]);
    assert_eq!(warnings("url:ftp://host/"), [(Code::UrlPrefix, 0)]);
    // The URL after it is read as any other, each warning at its offset in
    // the whole: its scheme name, port, host number, address and escapes,
    // and its semantic errors.
    assert_eq!(
        warnings("URL:FTP://h:25/"),
        [
            (Code::UrlPrefix, 0),
            (Code::UpperCaseScheme, 4),
            (Code::ReservedPort, 12)
        ]
    );
    assert_eq!(
        warnings("URL:URL:afs://h"),
        [(Code::UrlPrefix, 0), (Code::ReservedScheme, 8)]
    );
    assert_eq!(
        warnings("url:http://h:70000/a%0D"),
        [
            (Code::UrlPrefix, 0),
            (Code::PortRange, 13),
            (Code::EncodedDelimiter, 20)
        ]
    );
    assert_eq!(
        warnings("url:http://1.2.3.256/"),
        [(Code::UrlPrefix, 0), (Code::HostnumberRange, 17)]
    );
    assert_eq!(
        warnings("url:mailto:a,b@h"),
        [(Code::UrlPrefix, 0), (Code::MailtoAddress, 12)]
    );
    assert_eq!(
        warnings("url:ftp://h/a%0Ab/"),
        [
            (Code::UrlPrefix, 0),
            (Code::EncodedDelimiter, 13),
            (Code::ForbiddenByte, 13)
        ]
    );
    // Those semantic errors are the URL's own, as `parse` lists them.
    let url = parse("url:url:http://h:70000/a").unwrap();
    let errors = url.semantic_errors();
    assert_eq!(errors.len(), 1);
    assert!(lint(&url)[1].message().starts_with(&errors[0].to_string()));
    assert_eq!(lint(&url)[1].offset(), 17);
    // What follows the prefix and does not parse is no URL to read: the
    // `otherurl` is read as it is, its password guessed below.
    assert_eq!(warnings("URL:http://me@h:25/"), [(Code::UrlPrefix, 0)]);
    // The URL after the prefix carries a password: the warning is at it.
    assert_eq!(
        warnings("url:ftp://me:pw@host/"),
        [(Code::UrlPrefix, 0), (Code::Password, 13)]
    );
    // One that does not parse has the password its error guesses, when
    // the guess holds a character: a ":" the input ends after, or that a
    // "/" follows, may be a port's, and carries nothing. A password written
    // before the "@" of a URL that parses is one, as without the prefix.
    assert_eq!(
        warnings("url:ftp://me:pw@h_x/"),
        [(Code::UrlPrefix, 0), (Code::Password, 13)]
    );
    for input in ["url:ftp://h:", "url:ftp://h:/x", "url:ftp://m%0d(.r:"] {
        let codes: Vec<Code> = warnings(input).into_iter().map(|(code, _)| code).collect();
        assert!(!codes.contains(&Code::Password), "{input}: {codes:?}");
    }
    assert_eq!(warnings("telnet://me:x@h"), [(Code::Password, 12)]);
    assert_eq!(
        warnings("url:telnet://me:x@h"),
        [(Code::UrlPrefix, 0), (Code::Password, 16)]
    );
    let url = parse("url:ftp://host/").unwrap();
    let message = lint(&url)[0].message().to_owned();
    assert!(message.starts_with("\"url:\" is the prefix"), "{message}");
    assert!(message.ends_with("(RFC 1738, appendix)"), "{message}");
    // A scheme that only starts so is a scheme.
    assert!(warnings("urls:x").is_empty());
    assert_eq!(Code::UrlPrefix.as_str(), "url-prefix");
}

/// A login after the `//` of an other scheme's URL that the grammar reads
/// as no `ip-schemepart` (a `_` in the host, several hosts) carries a
/// password all the same: warned about where it starts.
#[test]
fn a_password_the_grammar_reads_as_no_login() {
    assert_eq!(
        warnings("postgres://app:pw@db_1:5432/app"),
        [(Code::Password, 15)]
    );
    assert_eq!(
        warnings("mongodb://me:pw@h1:1,h2:2/db"),
        [(Code::Password, 13)]
    );
    // No login after the `//`, or none there at all.
    assert!(warnings("x://h_1/a:b@c").is_empty());
    assert!(warnings("x:me:pw@h").is_empty());
}

#[test]
fn a_port_above_65535() {
    assert_eq!(warnings("http://h:65536/"), [(Code::PortRange, 9)]);
    assert_eq!(
        warnings("x-y://h:99999999999999999999999/"),
        [(Code::PortRange, 8)]
    );
    assert_eq!(warnings("gopher://h:0070000/"), [(Code::PortRange, 11)]);
    // Leading zeros weigh nothing; 65535 and a scheme's default are ports.
    assert!(warnings("http://h:0000065535/").is_empty());
    assert!(warnings("wais://h:0210/db").is_empty());
    let url = parse("ftp://h:70000/").unwrap();
    let message = lint(&url)[0].message().to_owned();
    assert!(
        message.starts_with("the port 70000 does not fit in 16 bits"),
        "{message}"
    );
    assert!(message.contains("section 3.1"), "{message}");
    assert_eq!(Code::PortRange.as_str(), "port-range");
}

#[test]
fn every_semantic_error_is_a_warning_at_what_it_is_about() {
    // `rfc1738 parse` lists a URL's semantic errors; `check` warns of each
    // (they come from one place, `Url::semantic_errors`).
    for (input, expected) in [
        // Section 3.4.1: a selector "may contain any octets except 09
        // hexadecimal"; `/` is no search character, so the `%09` is the
        // selector's (grammar/DECISIONS.md D14).
        ("gopher://h/1a%09b/c", (Code::ForbiddenByte, 13)),
        // A TAB in the Gopher+ string, which carries no form.
        ("gopher://h/1a%09b%09c%09d", (Code::ForbiddenByte, 21)),
        ("gopher://h/1a%09b%09+%0Dx", (Code::ForbiddenByte, 21)),
        (
            "nntp://h/g/99999999999999999999999",
            (Code::ArticleRange, 11),
        ),
        ("http://h:65536/", (Code::PortRange, 9)),
        // Plain characters before the escape count one byte each.
        ("ftp://h/ab/c%41d%0A", (Code::ForbiddenByte, 16)),
        ("ftp://h/a/b%0Dc/d", (Code::ForbiddenByte, 11)),
        ("ftp://u%0Dx@h/", (Code::ForbiddenByte, 7)),
        // A typecode that asks for a file, and no name: at the `;`.
        ("ftp://h/pub/;type=a", (Code::NoFile, 12)),
    ] {
        let url = parse(input).unwrap();
        let errors = url.semantic_errors();
        assert_eq!(errors.len(), 1, "{input}");
        let warnings = lint(&url);
        let semantic: Vec<_> = warnings
            .iter()
            .filter(|warning| warning.code().is_semantic_error())
            .collect();
        assert_eq!(semantic.len(), 1, "{input}");
        let warning = semantic[0];
        assert_eq!((warning.code(), warning.offset()), expected, "{input}");
        assert!(
            warning.message().starts_with(&errors[0].to_string()),
            "{input}: {warning}"
        );
    }
    let url = parse("nntp://h/g/99999999999999999999999").unwrap();
    assert!(lint(&url)[0].message().contains("section 3.7"));
    // Several, each a warning of its own, in the order of their offsets.
    assert_eq!(
        warnings("ftp://u%0Dx@h:70000/a%0A/b"),
        [
            (Code::EncodedDelimiter, 7),
            (Code::ForbiddenByte, 7),
            (Code::PortRange, 14),
            (Code::EncodedDelimiter, 21),
            (Code::ForbiddenByte, 21)
        ]
    );
    // A form's Gopher+ string carries its lines (section 3.4.9): no error.
    let form = parse("gopher://h/1s%09%09+%091%0D%0Ay%0D%0A.%0D%0A").unwrap();
    assert!(form.semantic_errors().is_empty());
    assert!(!lint(&form).iter().any(|w| w.code().is_semantic_error()));
    assert_eq!(Code::ForbiddenByte.as_str(), "forbidden-byte");
    assert_eq!(Code::ArticleRange.as_str(), "article-range");
    assert_eq!(Code::NoFile.as_str(), "no-file");
    // An empty name under `d`, or with no typecode, is a listing.
    assert!(warnings("ftp://h/pub/;type=d").is_empty());
    assert!(warnings("ftp://h/pub/").is_empty());
}

#[test]
fn a_semantic_error_in_the_password_tells_nothing_of_it_when_hidden() {
    let url = parse("ftp://me:ab%0Acd@host/").unwrap();
    let warning = lint(&url)
        .into_iter()
        .find(|warning| warning.code() == Code::ForbiddenByte)
        .unwrap();
    assert_eq!(warning.offset(), 11);
    let shown = warning.diagnostic().to_string();
    assert!(
        shown.contains("the decoded password contains LF (0x0A) at byte 2"),
        "{shown}"
    );
    let hidden = warning.diagnostic().hide_password(true).to_string();
    let title = hidden.lines().next().unwrap();
    assert_eq!(
        title,
        "warning[forbidden-byte]: the decoded password (hidden) contains CR or LF: sent as it \
         is, it would end the FTP command line early (RFC 1738 section 6)"
    );
    assert!(hidden.contains("input:1:10"), "{hidden}");
    assert!(hidden.contains("ftp://me:*******@host/"), "{hidden}");
    // In the user name, nothing is hidden.
    let url = parse("ftp://m%0De:pw@host/").unwrap();
    let warning = lint(&url)
        .into_iter()
        .find(|warning| warning.code() == Code::ForbiddenByte)
        .unwrap();
    let hidden = warning.diagnostic().hide_password(true).to_string();
    assert!(hidden.contains("the decoded user contains CR"), "{hidden}");
}

#[test]
fn a_hostnumber_part_is_read_by_its_value_not_its_digits() {
    // Leading zeros weigh nothing: `0001` is 1 and `0255` is 255 (the
    // warning once counted their digits).
    assert!(warnings("http://0001.02.003.0255/").is_empty());
    assert!(warnings("http://0000.00.0.000000000000000000000255/").is_empty());
    // Above 255 with or without them, and past any integer type.
    assert_eq!(
        warnings("http://256.0256.1.99999999999999999999999/"),
        [
            (Code::HostnumberRange, 7),
            (Code::HostnumberRange, 11),
            (Code::HostnumberRange, 18)
        ]
    );
    // The message says the value.
    let url = parse("http://1.1.1.0300/").unwrap();
    let message = lint(&url)[0].message().to_owned();
    assert!(
        message.starts_with("\"0300\" is 300, above 255"),
        "{message}"
    );
    let url = parse("http://1.1.1.99999999999999999999999/").unwrap();
    let message = lint(&url)[0].message().to_owned();
    assert!(
        message.starts_with("\"99999999999999999999999\" is above 255"),
        "{message}"
    );
}

#[test]
fn an_upper_case_scheme_and_reserved_schemes() {
    assert_eq!(warnings("HTTP://host/"), [(Code::UpperCaseScheme, 0)]);
    assert_eq!(warnings("afs://cell/path"), [(Code::ReservedScheme, 0)]);
    for scheme in ["mid", "cid", "nfs", "tn3270", "mailserver", "z39.50", "AFS"] {
        let codes: Vec<Code> = warnings(&format!("{scheme}:x"))
            .iter()
            .map(|w| w.0)
            .collect();
        assert!(codes.contains(&Code::ReservedScheme), "{scheme}");
    }
    assert!(warnings("x-afs:y").is_empty());
}

#[test]
fn warnings_come_in_the_order_of_their_offsets() {
    assert_eq!(
        warnings("FTP://me:pw@host.dom:25/%0d"),
        [
            (Code::UpperCaseScheme, 0),
            (Code::Password, 9),
            (Code::ReservedPort, 21),
            (Code::EncodedDelimiter, 24),
            (Code::ForbiddenByte, 24)
        ]
    );
}

#[test]
fn messages_cite_the_rfc_and_codes_have_names() {
    let url = parse("http://host:25/").unwrap();
    let warning = &lint(&url)[0];
    assert!(
        warning.message().contains("RFC 1738, section 6"),
        "{warning}"
    );
    assert_eq!(warning.code().as_str(), "reserved-port");
    assert_eq!(Code::EncodedDelimiter.to_string(), "encoded-delimiter");
}

/// `Diagnostic`'s styled output without its escape sequences.
fn plain(styled: &str) -> String {
    let mut out = String::new();
    let mut rest = styled;
    while let Some(start) = rest.find("\x1b[") {
        out.push_str(&rest[..start]);
        let end = rest[start..].find('m').expect("a sequence ends");
        rest = &rest[start + end + 1..];
    }
    out + rest
}

#[test]
fn a_warning_is_a_diagnostic_about_its_url() {
    let url = parse("ftp://me:secret@host.dom:25/").unwrap();
    let warnings = lint(&url);
    let password = warnings[0].diagnostic().origin("list\t.txt").first_line(12);
    assert_eq!(
        password.to_string(),
        "warning[password]: the URL carries a password: \"the use of URLs containing \
         passwords that should be secret is clearly unwise\" (RFC 1738, section 6)
  --> list\\t.txt:12:10
   |
12 | ftp://me:secret@host.dom:25/
   |          ^"
    );
    // Hidden a `*` a character: the caret and the column stay.
    let port = warnings[1].diagnostic().hide_password(true).to_string();
    assert!(port.contains(" --> input:1:26"), "{port}");
    assert!(port.contains("1 | ftp://me:******@host.dom:25/"), "{port}");
    assert!(!port.contains("secret"), "{port}");
    // Styled for a terminal, the same text.
    let styled = warnings[1].diagnostic().styled(true).to_string();
    assert!(styled.contains("\x1b["), "{styled}");
    assert_eq!(plain(&styled), warnings[1].diagnostic().to_string());
}

#[test]
fn a_hidden_password_is_not_quoted_by_the_message_of_an_escape_in_it() {
    // The escape is in the password: shown, the message names it and what
    // it decodes to; hidden, the password is stars and the message names
    // neither.
    for input in [
        "ftp://me:a%0Db@host.dom/",
        "telnet://me:%0a@host.dom/",
        "x://me:%00@host.dom/",
        // The password of the URL after the appendix's prefix.
        "URL:ftp://me:a%0Db@host.dom/",
        // In the user name and in the password: a warning each.
        "ftp://%0D:%0D@host.dom/",
    ] {
        let url = parse(input).unwrap();
        let warnings = lint(&url);
        let in_password = url.password_span().unwrap();
        let delimiter = warnings
            .iter()
            .find(|warning| {
                warning.code() == Code::EncodedDelimiter && in_password.contains(&warning.offset())
            })
            .unwrap();
        assert_eq!(delimiter.count(), 1, "{input}");
        let shown = delimiter.diagnostic().to_string();
        let escape = &input[url.password_span().unwrap()];
        let escape = &escape[escape.find('%').unwrap()..][..3];
        assert!(shown.contains(&format!("{escape} encodes")), "{shown}");
        let hidden = delimiter.diagnostic().hide_password(true).to_string();
        // The title names no escape, and no note counts the user name's
        // (shown) with the password's.
        let title = hidden.lines().next().unwrap();
        assert!(!title.contains(escape), "{hidden}");
        assert!(
            title.contains("the password (hidden) encodes CR, LF or NUL"),
            "{hidden}"
        );
        assert!(!hidden.contains("note"), "{hidden}");
        let stars = "*".repeat(url.password_span().unwrap().len());
        assert!(hidden.contains(&format!(":{stars}@host.dom/")), "{hidden}");
    }
    // Two escapes in the password: hidden, neither their number nor their
    // columns are told, and the caret is at the password's start.
    let url = parse("ftp://me:ZQ%0DXJ%0D@h/").unwrap();
    let delimiter = lint(&url)
        .into_iter()
        .find(|warning| warning.code() == Code::EncodedDelimiter)
        .unwrap();
    assert_eq!((delimiter.count(), delimiter.offset()), (2, 11));
    let shown = delimiter.diagnostic().to_string();
    assert!(shown.contains("2 times, at columns 12, 17"), "{shown}");
    let hidden = delimiter.diagnostic().hide_password(true).to_string();
    assert!(!hidden.contains("times"), "{hidden}");
    assert!(!hidden.contains("12"), "{hidden}");
    assert!(hidden.contains("input:1:10"), "{hidden}");
    // Escapes of different octets in the password: one warning still, which
    // names none of them, hidden or shown, so that how many warnings there
    // are tells nothing of which octets the password encodes.
    let url = parse("ftp://me:ZQ%0DXJ%0A%00@h/").unwrap();
    let delimiters: Vec<_> = lint(&url)
        .into_iter()
        .filter(|warning| warning.code() == Code::EncodedDelimiter)
        .collect();
    assert_eq!(delimiters.len(), 1);
    assert_eq!((delimiters[0].count(), delimiters[0].offset()), (3, 11));
    let shown = delimiters[0].diagnostic().to_string();
    assert!(
        shown.contains("the password encodes CR, LF or NUL"),
        "{shown}"
    );
    assert!(shown.contains("3 times, at columns 12, 17, 20"), "{shown}");
    let hidden = delimiters[0].diagnostic().hide_password(true).to_string();
    assert!(hidden.contains("the password (hidden) encodes"), "{hidden}");
    assert!(
        !hidden.contains("%0") && !hidden.contains("times"),
        "{hidden}"
    );
    // Only in the path: the escape is no secret, and is named.
    let url = parse("ftp://me:pw@host.dom/%0D").unwrap();
    let delimiter = &lint(&url)[1];
    let hidden = delimiter.diagnostic().hide_password(true).to_string();
    assert!(hidden.contains("%0D encodes CR"), "{hidden}");
}

/// A valid URL can hold a password written after a `//` of its own path
/// or part (`x:a//me:pw@h/`, `http://h/a//me:pw@h/`): its warnings hide it
/// with the URL's own, and an escape in it is told of as one in the
/// password.
#[test]
fn a_password_written_further_in_the_url_is_hidden_too() {
    // The scheme name's warning: the URL shown, both passwords hidden.
    let url = parse("X:a//me:pw@h/b//u:secret@h/").unwrap();
    let warnings = lint(&url);
    assert_eq!(warnings.len(), 1);
    let hidden = warnings[0].diagnostic().hide_password(true).to_string();
    assert!(
        hidden.contains("1 | X:a//me:**@h/b//u:******@h/"),
        "{hidden}"
    );
    let shown = warnings[0].diagnostic().to_string();
    assert!(shown.contains("1 | X:a//me:pw@h/b//u:secret@h/"), "{shown}");
    // An escape in one, in a path: hidden, named as the password's, at its
    // start, the occurrences in both passwords not counted.
    let input = "http://h.dom/a//me:ZQ%0D@h//u:%0D@h/%0D";
    let url = parse(input).unwrap();
    let warnings = lint(&url);
    let counts: Vec<(usize, usize)> = warnings
        .iter()
        .map(|warning| (warning.offset(), warning.count()))
        .collect();
    // The two in passwords, and the one in the path beyond.
    assert_eq!(counts, [(21, 2), (36, 1)]);
    let hidden = warnings[0].diagnostic().hide_password(true).to_string();
    let title = hidden.lines().next().unwrap();
    assert!(
        title.contains("the password (hidden) encodes CR, LF or NUL"),
        "{hidden}"
    );
    assert!(
        !hidden.contains("times") && !title.contains("%0D"),
        "{hidden}"
    );
    assert!(hidden.contains(" --> input:1:20"), "{hidden}");
    assert!(
        hidden.contains("1 | http://h.dom/a//me:*****@h//u:***@h/%0D"),
        "{hidden}"
    );
    let shown = warnings[0].diagnostic().to_string();
    assert!(
        shown.contains("%0D encodes CR") && shown.contains("2 times"),
        "{shown}"
    );
    // Beyond them, the escape is named.
    let hidden = warnings[1].diagnostic().hide_password(true).to_string();
    assert!(hidden.contains("%0D encodes CR"), "{hidden}");
}

#[test]
fn a_warning_far_along_a_long_url_shows_a_window_and_states_its_column() {
    let url = format!("http://{}.com:25/", "a".repeat(100_000));
    let parsed = parse(&url).unwrap();
    let warnings = lint(&parsed);
    let shown = warnings[0].diagnostic().to_string();
    assert!(shown.len() < 600, "{} bytes", shown.len());
    assert!(shown.contains(" --> input:1:100013"), "{shown}");
    assert!(shown.contains("1 | …aaaa"), "{shown}");
    // A finding written 100,000 times: one caret, the first columns counted.
    let url = format!("ftp://h/{}", "%0D".repeat(100_000));
    let parsed = parse(&url).unwrap();
    let shown = lint(&parsed)[0].diagnostic().to_string();
    assert!(shown.len() < 1000, "{} bytes", shown.len());
    assert!(
        shown.ends_with(
            "= note: 100000 times, at columns 9, 12, 15, 18, 21, 24, 27, 30 and 99992 more"
        ),
        "{shown}"
    );
}

#[test]
fn an_errors_diagnostic_may_hide_the_password_without_changing_the_error() {
    let error = parse("ftp://me:p w@host/").unwrap_err();
    let hidden = error.diagnostic().hide_password(true).to_string();
    assert!(hidden.contains("1 | ftp://me:***@host/"), "{hidden}");
    assert!(
        hidden.contains("found a character of the password (hidden)"),
        "{hidden}"
    );
    // The error itself still shows it; one told to hide it hides it always.
    assert!(format!("{error:#}").contains("ftp://me:p w@host/"));
    let mut told = error.clone();
    told.hide_password();
    assert_eq!(told.diagnostic().hide_password(false).to_string(), hidden);
}

/// A semantic error about an octet decoded in a password written further in
/// the URL (an FTP segment's, a gopher selector's) names the octet and its
/// place in the part: hidden, the warning says only that such a password
/// holds one, at the password's start.
#[test]
fn a_forbidden_octet_in_a_further_password_is_not_named_when_hidden() {
    for (input, column) in [
        ("ftp://h/a//me:p%0Aw@h/", 15),
        ("gopher://h/1a//me:p%09w@h/", 19),
    ] {
        let url = parse(input).unwrap();
        let warnings = lint(&url);
        let forbidden = warnings
            .iter()
            .find(|warning| warning.code() == Code::ForbiddenByte)
            .expect("a forbidden octet");
        let hidden = forbidden.diagnostic().hide_password(true).to_string();
        let title = hidden.lines().next().unwrap();
        assert!(title.contains("a password written further"), "{hidden}");
        for named in [
            "0x0A", "0x09", "at byte", "segment", "selector", "%0A", "%09",
        ] {
            assert!(!hidden.contains(named), "{named}: {hidden}");
        }
        assert!(
            hidden.contains(&format!(" --> input:1:{column}\n")),
            "{hidden}"
        );
        let shown = forbidden.diagnostic().to_string();
        assert!(shown.contains("at byte"), "{shown}");
    }
}

/// A warning keeps the URL it was found in: its diagnostic is of that URL
/// and no other, its password hidden when told, borrowed from the text it
/// was parsed from or, once owned, after that text is gone; `Debug` (a
/// panic's message, a log) shows none of it.
#[test]
fn a_warning_keeps_the_url_it_is_about() {
    let text = String::from("ftp://me:hunter2@host.dom:25/a%0Db");
    let borrowed = lint(&parse(&text).unwrap());
    // Borrowed: the URL's own text, not a copy.
    assert!(
        borrowed
            .iter()
            .all(|warning| std::ptr::eq(warning.url(), text.as_str()))
    );
    let warnings: Vec<Warning<'static>> = borrowed.into_iter().map(Warning::into_owned).collect();
    drop(text);
    let codes: Vec<Code> = warnings.iter().map(|warning| warning.code()).collect();
    assert_eq!(
        codes,
        [
            Code::Password,
            Code::ReservedPort,
            Code::EncodedDelimiter,
            Code::ForbiddenByte
        ]
    );
    for warning in &warnings {
        assert_eq!(warning.url(), "ftp://me:hunter2@host.dom:25/a%0Db");
        let shown = warning.diagnostic().to_string();
        assert!(
            shown.contains("ftp://me:hunter2@host.dom:25/a%0Db"),
            "{shown}"
        );
        let hidden = warning.diagnostic().hide_password(true).to_string();
        assert!(
            hidden.contains("ftp://me:*******@host.dom:25/a%0Db"),
            "{hidden}"
        );
        assert!(!hidden.contains("hunter2"), "{hidden}");
        assert!(!format!("{warning:?}").contains("hunter2"), "{warning:?}");
        // A diagnostic's Debug shows neither the URL nor where in it.
        for hide in [false, true] {
            let debug = format!("{:?}", warning.diagnostic().hide_password(hide));
            assert!(!debug.contains("hunter2"), "{debug}");
            assert!(debug.contains(warning.code().as_str()), "{debug}");
        }
    }
    // The port's caret, under the port of its own URL.
    let port = warnings[1].diagnostic().to_string();
    assert!(port.contains(" --> input:1:27"), "{port}");
    // Equal warnings are of equal URLs.
    let again = lint(&parse("ftp://me:hunter2@host.dom:25/a%0Db").unwrap());
    assert_eq!(warnings, again);
    let other = lint(&parse("ftp://me:hunter3@host.dom:25/a%0Db").unwrap());
    assert_ne!(warnings[1], other[1]);
}

/// A finding in a password is told by `Debug` as a diagnostic with the
/// passwords hidden tells it: not which octet nor escape, not where, not
/// how often; the same of any password with one.
#[test]
fn debug_tells_a_finding_in_a_password_as_a_hidden_diagnostic_does() {
    let debug = |text: &str| -> Vec<String> {
        let url = parse(text).unwrap();
        let warnings = lint(&url);
        assert!(warnings.iter().any(Warning::in_password), "{text}");
        // In the same order, whatever the password holds where.
        warnings
            .iter()
            .map(|warning| format!("{warning:?}"))
            .collect()
    };
    let one = debug("ftp://me:hunter%0D2@h/");
    assert_eq!(one, debug("ftp://me:%0Ahunter%0A%0D@h/"));
    for shown in &one {
        for told in ["0x0D", "%0D", "byte", "offsets", "count"] {
            assert!(!shown.contains(told), "{shown}");
        }
        assert!(shown.contains("in_password: true"), "{shown}");
    }
    // Elsewhere, where and how often.
    let path = format!("{:?}", lint(&parse("ftp://h/a%0Db").unwrap())[0]);
    assert!(
        path.contains("offsets: [9]") && path.contains("count: 1"),
        "{path}"
    );
}

/// `Code::ALL` holds every code, in the order of the variants, each once:
/// the codes the lint gives, one input each, and their `as_str` are unique.
#[test]
fn all_codes_are_listed_once() {
    let inputs = [
        "http://host:25/",
        "http://h/%0D",
        "ftp://me:secret@host/",
        "http://10.0.0.256/",
        "http://h:65536/",
        "HTTP://host/",
        "afs://cell/path",
        "url:x-y:z",
        "nntp://h/g/99999999999999999999999",
        "ftp://u%0Dx@h/",
        "ftp://h/pub/;type=a",
        "mailto:joe",
    ];
    let mut seen: Vec<Code> = inputs
        .iter()
        .flat_map(|input| lint(&parse(input).unwrap()))
        .map(|warning| warning.code())
        .collect();
    seen.sort();
    seen.dedup();
    assert_eq!(seen, Code::ALL);
    let mut written: Vec<&str> = Code::ALL.iter().map(|code| code.as_str()).collect();
    written.sort();
    written.dedup();
    assert_eq!(written.len(), Code::ALL.len());
}

/// `FromStr` is the inverse of `as_str`: every code reads back from what it
/// writes, and a string that is no code, in another case or spelling, is an
/// error naming it.
#[test]
fn codes_parse_back_from_as_str() {
    for &code in Code::ALL {
        assert_eq!(code.as_str().parse::<Code>(), Ok(code));
    }
    for text in [
        "Reserved-Port",
        "reserved_port",
        "",
        "reserved-port ",
        "fragment",
    ] {
        let error = text.parse::<Code>().unwrap_err();
        assert_eq!(error.name(), text);
        assert_eq!(error.to_string(), format!("\"{text}\" is not a lint code"));
    }
    // What it names is shown as quoted text is: a control character escaped.
    let error = "a\tb\"".parse::<Code>().unwrap_err();
    assert_eq!(error.to_string(), r#""a\tb\"" is not a lint code"#);
    assert_eq!(error.clone(), error);
}

#[test]
fn a_url_after_the_prefix_gets_no_more_warnings_than_the_bound() {
    // Every finding the module's documentation counts, in an ftp URL after
    // the prefix: the bound of 20 holds with it.
    let input = "URL:FTP://u%0D%0d%0A%0a%00:p%0D%0d%0A%0a%00@256.256.256.256:25/\
                 a%0D%0d%0A%0a%00/;type=i";
    let warnings = lint(&parse(input).unwrap());
    let codes: Vec<Code> = warnings.iter().map(Warning::code).collect();
    for code in [
        Code::UrlPrefix,
        Code::UpperCaseScheme,
        Code::Password,
        Code::ReservedPort,
        Code::HostnumberRange,
        Code::EncodedDelimiter,
        Code::ForbiddenByte,
    ] {
        assert!(codes.contains(&code), "{code}: {codes:?}");
    }
    assert!(warnings.len() <= 20, "{}: {codes:?}", warnings.len());
}

#[test]
fn a_reserved_scheme_name_is_told_as_section_4_suggests() {
    let url = parse("afs://h/x").unwrap();
    let message = lint(&url)[0].message().to_owned();
    assert!(
        message.contains("section 4 suggests IANA reserve for future definition"),
        "{message}"
    );
}

#[test]
fn a_warning_told_to_hide_its_password_tells_nothing_of_it() {
    // An escape and an octet in the password: the messages name them and
    // where they are until hidden; `Debug` never does.
    let url = parse("ftp://me:hunt%0Ar2@host/a%0Db").unwrap();
    let mut warnings = lint(&url);
    let shown: Vec<String> = warnings.iter().map(ToString::to_string).collect();
    assert!(
        shown.iter().any(|message| message.contains("%0A")),
        "{shown:?}"
    );
    assert!(
        shown.iter().any(|message| message.contains("at byte 4")),
        "{shown:?}"
    );
    for warning in &mut warnings {
        let before = warning.to_string();
        warning.hide_password();
        let message = warning.to_string();
        assert_eq!(message, warning.message());
        assert!(
            !message.contains("%0A") && !message.contains("byte 4"),
            "{message}"
        );
        if !warning.in_password() {
            // A finding outside the password says what it said.
            assert_eq!(message, before);
        }
        let diagnostic = warning.diagnostic().hide_password(false).to_string();
        assert!(!diagnostic.contains("hunt"), "{diagnostic}");
        let kept = warning.clone().into_owned();
        assert_eq!(kept.to_string(), message);
        assert!(!kept.diagnostic().to_string().contains("hunt"));
    }
    // The path's escape, outside the password, is still named.
    assert!(warnings.iter().any(|w| w.to_string().contains("%0D")));
}

#[test]
fn the_last_prefix_may_be_the_urls_own_scheme_name() {
    // `URL:URL://h/` is the prefix, then the URL `URL://h/`, whose scheme
    // name is `url`; `URL://h/` alone is that URL, after no prefix.
    let url = parse("URL:URL://h:70000/").unwrap();
    assert_eq!(url.semantic_errors().len(), 1);
    assert_eq!(
        warnings("URL:URL://h:70000/"),
        [(Code::UrlPrefix, 0), (Code::PortRange, 12)]
    );
    assert_eq!(parse("URL://h:70000/").unwrap().semantic_errors().len(), 1);
}
