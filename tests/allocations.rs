//! `is_valid` and `parse` of a valid URL allocate nothing, an error keeps
//! only its parts, and extraction holds one hit at a time.
//!
//! `allocation-counter` replaces the global allocator in this test binary
//! only, and counts the allocations of the current thread.

use allocation_counter::measure;
use rfc1738::extract::{MAX_HYPHEN_BREAKS, extract, extract_bytes_iter, extract_iter};
use rfc1738::{Rule, is_valid, parse, parse_rule};

/// Valid URLs of every scheme rule, long and short.
const URLS: &[&str] = &[
    "http://www.example.com/a/b;c/d.html?q=1&r=%20",
    "HTTP://WWW.EXAMPLE.COM",
    "http://10.0.0.1:8080/",
    "ftp://myname:secret@host.dom/%2Fetc/motd;type=a",
    "ftp://@host.com/",
    "news:comp.infosystems.www.misc",
    "news:1234@host.dom",
    "news:*",
    "nntp://news.host:119/comp.lang/42",
    "telnet://user:pw@host.dom:23/",
    "gopher://host.dom:70/1sel%09q%09+",
    "gopher://h/1a%09b/c",
    "wais://host/db/t/p",
    "wais://host/db?query",
    "wais://host/db",
    "mailto:someone@example.com",
    "file://vms.host.edu/disk$user/my/notes/note12345.txt",
    "file:///etc/motd",
    "prospero://host.dom//pros/name;OBJECT-VERSION=1",
    "https://example.com/path?x=y",
    "urn:isbn:0451450523",
];

#[test]
fn validating_and_parsing_valid_urls_allocates_nothing() {
    // Warm up anything lazily initialised outside the parser.
    for url in URLS {
        assert!(is_valid(url), "{url}");
        assert!(parse(url).is_ok(), "{url}");
    }
    for url in URLS {
        let info = measure(|| {
            assert!(is_valid(url));
        });
        assert_eq!(info.count_total, 0, "is_valid({url:?}) allocated");
        let info = measure(|| {
            let parsed = parse(url).expect("valid");
            std::hint::black_box(&parsed);
        });
        assert_eq!(info.count_total, 0, "parse({url:?}) allocated");
    }
}

#[test]
fn parse_rule_of_a_matching_string_allocates_nothing() {
    let cases = [
        (Rule::Hostport, "host.dom:80"),
        (Rule::Url, "http://user@host/"),
        (Rule::Xchar, "%41"),
    ];
    for (rule, input) in cases {
        let info = measure(|| {
            assert!(parse_rule(rule, input).is_ok());
        });
        assert_eq!(
            info.count_total, 0,
            "parse_rule({rule}, {input:?}) allocated"
        );
    }
}

#[test]
fn the_counter_sees_the_error_path_allocate() {
    // The measurement is live: a rejected input builds an Error, which
    // allocates.
    let info = measure(|| {
        assert!(parse("http://host:8a/").is_err());
    });
    assert!(info.count_total > 0);
}

#[test]
fn an_error_holds_little_memory_and_few_allocations() {
    // Rejected inputs of several schemes: an error keeps its parts at their
    // size (the diagnostic pass's buffers stay with the thread, for the next
    // error), so that a caller collecting millions of errors pays for what
    // they say, not for scratch space.
    let inputs = [
        "http://host:8a/",
        "ftp://user@host/a b",
        "gopher://host/1sel%0",
        "news:1comp",
        "wais://host/db?que~ry",
        "prospero://host/a;b=c;",
    ];
    // The first error on this thread makes the buffers it will reuse.
    assert!(parse("http://host:8a/").is_err());
    for input in inputs {
        let mut kept = Vec::with_capacity(1);
        let info = measure(|| {
            kept.push(parse(input).expect_err(input));
        });
        let error = &kept[0];
        // The error's box, the input and the path and expected set, each
        // allocated at its size; nothing else outlives the call.
        assert!(info.count_total <= 4, "{input:?}: {info:?}");
        let parts = input.len() + error.path().len() + std::mem::size_of_val(error.expected());
        assert!(
            info.bytes_current <= (parts + 256) as i64,
            "{input:?} keeps {} bytes for {parts} bytes of parts",
            info.bytes_current
        );
    }
}

#[test]
fn extracting_hit_by_hit_holds_one_hit_at_a_time() {
    // Invalid hits, each with its error: a caller that handles each hit as
    // it comes, as the command line does, needs as much memory for a
    // hundred thousand of them as for a hundred.
    let few = "ftp://h/%zz ".repeat(100);
    let many = "ftp://h/%zz ".repeat(100_000);
    let peak = |text: &str| {
        measure(|| {
            for hit in extract_iter(text) {
                assert!(!hit.is_valid());
                std::hint::black_box(hit);
            }
        })
        .bytes_max
    };
    // The first error on this thread makes the buffers it will reuse.
    peak(&few);
    let (few_peak, many_peak) = (peak(&few), peak(&many));
    assert!(
        many_peak <= few_peak + 1024,
        "{few_peak} bytes at most for 100 hits, {many_peak} for 100 000"
    );
    // The measurement is live: collecting them grows with their number.
    let collected = measure(|| {
        std::hint::black_box(extract(&many));
    });
    assert!(collected.bytes_max > 100 * many_peak, "{collected:?}");
}

#[test]
fn a_hit_holds_its_url_once_whatever_the_shape_of_its_text() {
    // One wrapper of 100 000 pieces took a list entry of 32 bytes per
    // piece, and one of a hyphen break per line a full copy of its URL
    // per break (16 of them): 3.4 GB for a 100 MB text. A hit now holds
    // its URL, once, and what it needs to map offsets back is the text.
    // With a fragment, the URL and the fragment are one string, which
    // human output reads to hide a password a `#` cut in two.
    let spaced = format!("<URL:ftp://h/{}x>", "a ".repeat(100_000));
    let hyphens = format!("<URL:ftp://h/{}x>", "a-\n".repeat(100_000));
    let fragment = format!(
        "<URL:ftp://h/{}x#{}>",
        "a ".repeat(50_000),
        "b\n".repeat(50_000)
    );
    for text in [&spaced, &hyphens, &fragment] {
        let mut url_len = 0;
        let info = measure(|| {
            for hit in extract_iter(text) {
                url_len = hit.url_with_fragment().len();
                std::hint::black_box(hit);
            }
        });
        assert!(url_len > 100_000, "{url_len}");
        assert!(
            info.bytes_max < url_len as u64 + 4096,
            "{:.20}: {} bytes at most for a URL of {url_len}",
            text,
            info.bytes_max
        );
    }
    // The readings of a long URL were checked, each in the URL itself.
    let hit = &extract(&hyphens)[0];
    assert_eq!(hit.hyphen_breaks().len(), MAX_HYPHEN_BREAKS);
    assert!(hit.hyphen_breaks().iter().all(|h| h.without().is_none()));
}

#[test]
fn a_hit_as_it_stands_in_the_text_allocates_nothing() {
    // A valid bare URL, or a wrapper with no whitespace inside, is a slice
    // of the text.
    let text = "see http://a.b/c, <URL:ftp://h/x#f> and <news:a.b> ".repeat(1000);
    let info = measure(|| assert_eq!(extract_iter(&text).count(), 3000));
    assert_eq!(info.count_total, 0, "{info:?}");
}

#[test]
fn bytes_that_are_not_utf8_are_searched_without_a_copy() {
    // A text of bytes that are not UTF-8 was searched as its lossy copy, a
    // U+FFFD of three bytes for each bad byte: three times the text, before
    // any hit.
    let mut text = vec![0xFF_u8; 1 << 20];
    text.extend_from_slice(b" http://a.b/c ");
    text.extend(std::iter::repeat_n(0xFE_u8, 1 << 20));
    let info = measure(|| {
        let hits: Vec<_> = extract_bytes_iter(&text).collect();
        assert_eq!(hits.len(), 1);
        assert_eq!(hits[0].url(), "http://a.b/c");
        assert_eq!(hits[0].span(), (1 << 20) + 1..(1 << 20) + 13);
    });
    assert!(info.bytes_max < 1024, "{info:?}");
}

#[test]
fn ftp_commands_one_at_a_time_cost_nothing_per_segment() {
    // An ftp URL of 10 million `/` took 0.9 GB to list its commands: a
    // vector of segments, one of commands. One at a time, the commands of
    // plain segments are borrowed from the URL, and an escaped segment's
    // decoding lives only while its command does.
    let plain = format!("ftp://h/{}x", "a/".repeat(100_000));
    let escaped = format!("ftp://h/{}x;type=i", "%41/".repeat(100_000));
    for (input, last) in [(&plain, "RETR x"), (&escaped, "RETR x")] {
        let rfc1738::Url::Ftp(ftp) = parse(input).expect("valid") else {
            unreachable!("an ftp URL")
        };
        let mut given = 0;
        let mut name = String::new();
        let info = measure(|| {
            for command in ftp.commands_iter(ftp.typecode()).expect("no CR or LF") {
                given += 1;
                if command.verb() == "RETR" {
                    name = command.to_string();
                }
            }
        });
        assert_eq!(name, last);
        assert!(given > 100_000, "{given} commands");
        assert!(info.bytes_max < 1024, "{input:.20}: {info:?}");
    }
    // Plain segments: nothing at all, the name's line aside.
    let rfc1738::Url::Ftp(ftp) = parse(&plain).expect("valid") else {
        unreachable!("an ftp URL")
    };
    let info = measure(|| {
        assert_eq!(
            ftp.commands_iter(None).expect("no CR or LF").count(),
            100_001
        );
    });
    assert_eq!(info.count_total, 0, "{info:?}");
}

#[test]
fn semantic_errors_are_found_without_decoding_a_part_whole() {
    // `lint` warns of every semantic error, so it checks each URL's Gopher
    // request and FTP commands: one octet at a time, with no copy of the
    // request or of a segment, whatever their length.
    let escapes = "%41".repeat(100_000);
    let inputs = [
        format!("gopher://h/1{escapes}%09x/y"),
        format!("gopher://h/1{escapes}%09{escapes}%09{escapes}%0D"),
        format!("ftp://h/{escapes}/{escapes}%0A;type=i"),
        format!("ftp://h/{escapes}/{escapes}"),
    ];
    for input in &inputs {
        let url = parse(input).expect("valid");
        let info = measure(|| {
            std::hint::black_box(url.semantic_errors());
        });
        assert!(info.bytes_max < 1024, "{:.30}: {info:?}", input);
        let info = measure(|| {
            std::hint::black_box(rfc1738::lint::lint(&url));
        });
        assert!(info.bytes_max < 4096, "{:.30}: {info:?}", input);
    }
}

#[test]
fn a_mailto_address_is_read_as_rfc_822_without_decoding_it_whole() {
    // `lint` reads a mailto address as an RFC 822 addr-spec one octet at a
    // time, escapes included: whether it is one or not, no copy of it.
    let escapes = "%41".repeat(100_000);
    let inputs = [
        format!("mailto:{escapes}@h"),
        format!("mailto:%22{escapes}%22@h"),
        format!("mailto:{escapes}"),
        format!("mailto:%22{escapes}"),
    ];
    for input in &inputs {
        let url = parse(input).expect("valid");
        let info = measure(|| {
            std::hint::black_box(rfc1738::lint::lint(&url));
        });
        assert!(info.bytes_max < 4096, "{:.30}: {info:?}", input);
    }
}

#[test]
fn coverage_of_a_match_allocates_nothing_per_character() {
    // Coverage of one 1 MB line took 0.35-0.5 GB: its derivation tree, a
    // node of some 80 bytes and an allocation per production per
    // character. Counted from the compact tree, a long path costs a few
    // allocations in all and a few dozen bytes per character.
    let input = format!("http://h/{}", "a%41/".repeat(20_000));
    let matched = rfc1738::check(&input).expect("valid");
    let mut coverage = rfc1738::coverage::Coverage::new();
    // The chains of the classes met, worked out once.
    coverage.add_match(&rfc1738::check("http://h/a%41/").expect("valid"));
    let info = measure(|| coverage.add_match(&matched));
    assert!(info.count_total < 200, "{info:?}");
    assert!(
        info.bytes_max < 64 * input.len() as u64,
        "{} bytes at most for {} bytes of input",
        info.bytes_max,
        input.len()
    );
    assert_eq!(coverage.inputs(), 2);
}
