//! The RFC's own examples: every `<URL:...>` in its text, parsed into its
//! syntax tree and pinned in `snapshots/`.

use std::path::Path;

use rfc1738::{Found, Rule, Url, parse};

/// Every `<URL:...>` of RFC 1738, in the order of the text, with the
/// whitespace of the line breaks inside the wrapper removed (appendix).
fn examples() -> Vec<&'static str> {
    include_str!("corpus/rfc_urls.txt").lines().collect()
}

/// The one example that is not a URL: the appendix's `#WARNING` is a
/// fragment identifier inside the wrapper, not part of the URL.
const WITH_FRAGMENT: &str = "http://ds.internic.net/instructions/overview.html#WARNING";

fn snapshots() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(Path::new(env!("CARGO_MANIFEST_DIR")).join("snapshots"));
    settings
}

#[test]
fn the_list_is_every_url_in_the_rfc() {
    let text = include_str!("../grammar/rfc1738.txt");
    let found: Vec<String> = text
        .split("<URL:")
        .skip(1)
        .map(|rest| {
            let wrapped = &rest[..rest.find('>').expect("every wrapper closes")];
            wrapped.split_whitespace().collect()
        })
        .collect();
    assert_eq!(found, examples());
}

#[test]
fn every_example_parses_into_its_tree() {
    for (index, example) in examples().iter().enumerate() {
        if *example == WITH_FRAGMENT {
            continue;
        }
        let url = parse(example).unwrap_or_else(|e| panic!("{example}:\n{e}"));
        assert_eq!(url.to_string(), *example, "Display reproduces the input");
        let mut settings = snapshots();
        settings.set_description(*example);
        settings.set_omit_expression(true);
        settings.bind(|| {
            insta::assert_debug_snapshot!(format!("example_{:02}", index + 1), url);
        });
    }
}

#[test]
fn the_fragment_example_is_rejected_at_the_hash() {
    let error = parse(WITH_FRAGMENT).unwrap_err();
    assert_eq!(error.rule(), Rule::Httpurl);
    assert_eq!(error.offset(), WITH_FRAGMENT.find('#').unwrap());
    assert_eq!(error.found(), Found::Char('#'));
    let mut settings = snapshots();
    settings.set_description(WITH_FRAGMENT);
    settings.bind(|| insta::assert_snapshot!("example_13_fragment", format!("{error:#}")));
    // Without the fragment the appendix's URL is an httpurl.
    let url = parse("http://ds.internic.net/instructions/overview.html").unwrap();
    assert_eq!(url.rule(), Rule::Httpurl);
}

#[test]
fn section_3_2_2_paths_split_into_segments() {
    let cases: [(&str, &[&str]); 3] = [
        ("ftp://myname@host.dom/%2Fetc/motd", &["%2Fetc", "motd"]),
        ("ftp://myname@host.dom/etc/motd", &["etc", "motd"]),
        ("ftp://myname@host.dom//etc/motd", &["", "etc", "motd"]),
    ];
    for (example, segments) in cases {
        let Ok(Url::Ftp(url)) = parse(example) else {
            panic!("{example} is an ftpurl");
        };
        assert_eq!(url.login().user(), Some("myname"));
        let found: Vec<&str> = url.fpath().unwrap().segments().collect();
        assert_eq!(found, segments, "{example}");
    }
}

#[test]
fn section_3_1_empty_user_and_password_differ_from_none() {
    fn user_and_password(example: &str) -> (Option<&str>, Option<&str>) {
        match parse(example) {
            Ok(Url::Ftp(url)) => (url.login().user(), url.login().password()),
            other => panic!("{example}: {other:?}"),
        }
    }
    assert_eq!(user_and_password("ftp://@host.com/"), (Some(""), None));
    assert_eq!(user_and_password("ftp://host.com/"), (None, None));
    assert_eq!(
        user_and_password("ftp://foo:@host.com/"),
        (Some("foo"), Some(""))
    );
}

#[test]
fn section_3_11_hsoname_keeps_its_slash() {
    let Ok(Url::Prospero(url)) = parse("prospero://host.dom//pros/name") else {
        panic!("a prosperourl");
    };
    assert_eq!(url.ppath().as_str(), "/pros/name");
}
