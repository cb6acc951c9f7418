//! Warnings about valid URLs, from sections 2.2, 4 and 6.

use rfc1738::lint::{Code, lint};
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
    assert!(warnings("http://host:99999999999999999999999/").is_empty());
}

#[test]
fn encoded_protocol_delimiters() {
    assert_eq!(
        warnings("gopher://host/0sel%0D%0Amore%00"),
        [
            (Code::EncodedDelimiter, 18),
            (Code::EncodedDelimiter, 21),
            (Code::EncodedDelimiter, 28)
        ]
    );
    assert_eq!(warnings("ftp://u%0a@host/"), [(Code::EncodedDelimiter, 7)]);
    assert!(warnings("http://host/%0B%20").is_empty());
}

#[test]
fn a_password() {
    assert_eq!(warnings("ftp://me:secret@host/"), [(Code::Password, 9)]);
    assert_eq!(warnings("telnet://me:@host"), [(Code::Password, 12)]);
    assert_eq!(warnings("https://me:pw@host/"), [(Code::Password, 11)]);
    assert!(warnings("ftp://me@host/").is_empty());
}

#[test]
fn a_hostnumber_part_above_255() {
    assert_eq!(
        warnings("http://10.0.0.256/"),
        [(Code::HostnumberRange, 14)]
    );
    assert_eq!(
        warnings("news:a@999.1.1.0001"),
        [(Code::HostnumberRange, 7), (Code::HostnumberRange, 15)]
    );
    assert!(warnings("http://255.255.255.255/").is_empty());
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
            (Code::EncodedDelimiter, 24)
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
