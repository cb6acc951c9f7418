//! The URL types as users of `url` and `fluent-uri` expect them: `Url::parse`
//! and `TryFrom<&str>`, `as_str()`, `Eq`, `Ord` and `Hash` that agree, the
//! owned `UrlBuf`, comparisons between a `Url`, a `UrlBuf` and a `str`, and
//! with `serde`, a URL written as its text.

use std::cmp::Ordering;
use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasher, Hash, RandomState};

use nom::Parser;
use rfc1738::grammar::{Folded, Quiet, generic, http};
use rfc1738::{Error, Rule, Url, UrlBuf};

/// One URL of each scheme rule, and of other schemes.
const URLS: &[&str] = &[
    "http://www.acl.lanl.gov/URI/archive/uri-archive.index.html",
    "HTTP://host.dom:80/a?b",
    "ftp://myname@host.dom/%2Fetc/motd",
    "ftp://host.dom/pub;type=d",
    "news:comp.infosystems.www.misc",
    "news:123@host.dom",
    "nntp://host.dom/comp.lang/12",
    "telnet://me:pw@host.dom/",
    "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
    "wais://host.dom/db",
    "wais://host.dom/db?search",
    "wais://host.dom/db/type/path",
    "mailto:mduerst@ifi.unizh.ch",
    "file://vms.host.edu/disk$user/my/notes/note12345.txt",
    "prospero://host.dom//pros/name;f=v",
    "x-any:thing",
    "https://host.dom/",
];

fn hash_of(value: &impl Hash, state: &RandomState) -> u64 {
    state.hash_one(value)
}

#[test]
fn url_parse_and_try_from_are_parse() {
    for input in URLS {
        assert_eq!(Url::parse(input), rfc1738::parse(input), "{input}");
        assert_eq!(Url::try_from(*input), rfc1738::parse(input), "{input}");
    }
    let error = Url::try_from("http://host:8a/").unwrap_err();
    assert_eq!((error.rule(), error.offset()), (Rule::Httpurl, 13));
}

#[test]
fn as_str_is_the_whole_input_borrowed() {
    for input in URLS {
        let url = Url::parse(input).unwrap();
        assert_eq!(url.as_str(), *input);
        // The very bytes of the input, not a copy.
        assert_eq!(url.as_str().as_ptr(), input.as_ptr());
        assert_eq!(url.to_string(), *input, "Display agrees");
    }
    let Url::Wais(wais) = Url::parse("wais://host.dom/db?search").unwrap() else {
        panic!("a wais URL");
    };
    assert_eq!(wais.as_str(), "wais://host.dom/db?search");
    let Url::Http(http) = Url::parse("HTTP://host.dom/").unwrap() else {
        panic!("an http URL");
    };
    assert_eq!((http.as_str(), http.scheme()), ("HTTP://host.dom/", "HTTP"));
}

/// Given a width, a precision, a fill or an alignment, a URL's `Display`
/// pads and cuts its text as a `str`'s does, whatever its scheme; without
/// them it writes the text alone.
#[test]
fn display_pads_and_cuts_as_str_does() {
    for input in URLS {
        let url = Url::parse(input).unwrap();
        let buf = UrlBuf::parse(input).unwrap();
        for (shown, want) in [
            (format!("[{url:>80}]"), format!("[{input:>80}]")),
            (format!("[{url:<80}]"), format!("[{input:<80}]")),
            (format!("[{url:*^81}]"), format!("[{input:*^81}]")),
            (format!("[{url:.7}]"), format!("[{input:.7}]")),
            (format!("[{url:>9.7}]"), format!("[{input:>9.7}]")),
            (format!("[{url:4}]"), format!("[{input:4}]")),
            (format!("[{url}]"), format!("[{input}]")),
            (format!("[{buf:>80}]"), format!("[{input:>80}]")),
            (format!("[{buf:.7}]"), format!("[{input:.7}]")),
        ] {
            assert_eq!(shown, want, "{input}");
        }
        if let Url::Wais(wais) = url {
            assert_eq!(format!("{wais:-<80}"), format!("{input:-<80}"));
        }
    }
    let url = Url::parse("http://h/").unwrap();
    assert_eq!(format!("[{url:>14}]"), "[     http://h/]");
}

/// Each scheme rule's tree is `AsRef<str>`, as `Url` is: its whole text.
#[test]
fn every_scheme_tree_is_as_ref_str() {
    fn text(url: &impl AsRef<str>) -> &str {
        url.as_ref()
    }
    let mut schemes = Vec::new();
    for input in URLS
        .iter()
        .chain(&["wais://h/db", "wais://h/db?s", "x-y:z"])
    {
        let url = Url::parse(input).unwrap();
        let (scheme, as_ref) = match &url {
            Url::Http(url) => ("http", text(url)),
            Url::Ftp(url) => ("ftp", text(url)),
            Url::News(url) => ("news", text(url)),
            Url::Nntp(url) => ("nntp", text(url)),
            Url::Telnet(url) => ("telnet", text(url)),
            Url::Gopher(url) => ("gopher", text(url)),
            Url::Wais(url) => ("wais", text(url)),
            Url::Mailto(url) => ("mailto", text(url)),
            Url::File(url) => ("file", text(url)),
            Url::Prospero(url) => ("prospero", text(url)),
            Url::Other(url) => ("other", text(url)),
        };
        assert_eq!(as_ref, *input);
        assert_eq!(text(&url), *input);
        schemes.push(scheme);
    }
    schemes.sort_unstable();
    schemes.dedup();
    assert_eq!(schemes.len(), 11, "{schemes:?}");
}

#[test]
fn a_scheme_rule_read_alone_keeps_the_text_it_matched() {
    // The combinator stops at the second `?` (`search` has none): its tree
    // is the prefix it matched.
    let (rest, url) = http::httpurl(Quiet).parse("http://h/a?b?c").unwrap();
    assert_eq!((url.as_str(), rest), ("http://h/a?b", "?c"));
    let (_, url) = http::httpurl(Quiet).parse(Folded("HTTP://h/")).unwrap();
    assert_eq!((url.as_str(), url.scheme()), ("HTTP://h/", "HTTP"));
}

/// Trees that compare in every way: the URLs above, and the same texts
/// read as an `otherurl` by the grammar's own `url` production where that
/// differs (`http://user@host/` is no `httpurl`), or by `otherurl` itself.
fn trees() -> Vec<Url<'static>> {
    let mut trees: Vec<Url<'static>> = URLS.iter().map(|u| Url::parse(u).unwrap()).collect();
    for input in URLS
        .iter()
        .copied()
        .chain(["http://user@host/", "ftp://host.dom/pub"])
    {
        if let Ok((_, url)) = generic::url(Quiet).parse_complete(Folded(input)) {
            trees.push(url);
        }
        if let Ok((_, url)) = generic::otherurl(Quiet).parse_complete(Folded(input)) {
            trees.push(Url::Other(url));
        }
    }
    trees
}

#[test]
fn eq_ord_and_hash_agree() {
    let trees = trees();
    let state = RandomState::new();
    let mut equal_pairs = 0;
    for a in &trees {
        for b in &trees {
            let equal = a == b;
            assert_eq!(equal, a.cmp(b) == Ordering::Equal, "{a:?} {b:?}");
            assert_eq!(a.partial_cmp(b), Some(a.cmp(b)));
            assert_eq!(a.cmp(b), b.cmp(a).reverse());
            // Equal means the same text by the same rule.
            assert_eq!(equal, (a.as_str(), a.rule()) == (b.as_str(), b.rule()));
            if equal {
                assert_eq!(hash_of(a, &state), hash_of(b, &state));
                equal_pairs += 1;
            }
        }
    }
    // Each tree equals itself, and the trees the grammar's `url` gives
    // for the typed URLs equal `parse`'s.
    assert!(equal_pairs > trees.len(), "{equal_pairs}");
    // The same text by two rules: not equal, ordered by the rule.
    let typed = Url::parse("ftp://host.dom/pub").unwrap();
    let other = Url::Other(
        generic::otherurl(Quiet)
            .parse_complete("ftp://host.dom/pub")
            .unwrap()
            .1,
    );
    assert_ne!(typed, other);
    assert_eq!(typed.cmp(&other), Rule::Ftpurl.cmp(&Rule::Otherurl));
}

#[test]
fn urls_are_ordered_by_their_text() {
    let mut urls: Vec<Url<'_>> = URLS.iter().map(|u| Url::parse(u).unwrap()).collect();
    urls.sort();
    let mut texts = URLS.to_vec();
    texts.sort();
    assert_eq!(urls.iter().map(Url::as_str).collect::<Vec<_>>(), texts);
}

/// `Ord` by the text `Display` writes, agreeing with `Eq`, for each pair of
/// `values`.
#[track_caller]
fn ordered_by_text<T: Ord + std::fmt::Display + std::fmt::Debug>(values: &[T]) {
    for a in values {
        for b in values {
            assert_eq!(a.cmp(b), a.to_string().cmp(&b.to_string()), "{a:?} {b:?}");
            assert_eq!(a == b, a.cmp(b) == Ordering::Equal, "{a:?} {b:?}");
            assert_eq!(a.partial_cmp(b), Some(a.cmp(b)));
        }
    }
}

/// Every type a `Url` wraps is ordered by its text, as the `Url` is, and so
/// are the parts of the common internet scheme syntax.
#[test]
fn scheme_trees_and_parts_are_ordered_by_their_text() {
    use rfc1738::url::{Host, Typecode, WaisUrl};
    let urls: Vec<Url<'_>> = URLS
        .iter()
        .chain(&[
            "http://a.dom/",
            "http://a:80/x",
            "HTTP://a/",
            "http://10.0.0.1/",
            "http://b/?",
            "ftp://a:b@h/",
            "ftp://a@h/",
            "ftp://@h/",
            "ftp://h/",
            "ftp://a:@h/",
            "ftp://h:21/",
            "ftp://h.dom/;type=i",
            "ftp://h.dom/;type=a",
            "ftp://h.dom/;type=D",
            "news:*",
            "news:a@b",
            "nntp://h/g",
            "nntp://h:1/g/2",
            "telnet://h",
            "telnet://u@h/",
            "gopher://h",
            "gopher://h/1",
            "wais://h/db/t/p",
            "wais://h/d?s",
            "mailto:a@b",
            "MAILTO:b@a",
            "file:///a",
            "file://localhost/a",
            "prospero://h/p",
            "prospero://h/p;a=b",
            "x:y",
            "X-a:b",
        ])
        .map(|input| Url::parse(input).unwrap())
        .collect();
    let pick = |f: &dyn Fn(&Url<'static>) -> bool| -> Vec<Url<'static>> {
        urls.iter().copied().filter(|url| f(url)).collect()
    };
    macro_rules! each_scheme {
        ($($variant:ident),*) => {$(
            let trees: Vec<_> = urls
                .iter()
                .filter_map(|url| match url {
                    Url::$variant(tree) => Some(*tree),
                    _ => None,
                })
                .collect();
            assert!(trees.len() >= 2, stringify!($variant));
            ordered_by_text(&trees);
            // As their `Url`s are.
            let wrapped = pick(&|url| matches!(url, Url::$variant(_)));
            for (a, b) in trees.iter().zip(&wrapped) {
                for (c, d) in trees.iter().zip(&wrapped) {
                    assert_eq!(a.cmp(c), b.cmp(d));
                }
            }
        )*};
    }
    each_scheme!(
        Http, Ftp, News, Nntp, Telnet, Gopher, Wais, Mailto, File, Prospero, Other
    );
    let forms: Vec<_> = urls
        .iter()
        .filter_map(|url| match url {
            Url::Wais(WaisUrl::Database(form)) => Some(*form),
            _ => None,
        })
        .collect();
    ordered_by_text(&forms);

    // The parts, where the order of their fields is not that of the text:
    // `h.dom` before `h:80`, `a:b@h` before `a@h`, `10.0.0.1` before `a`.
    let hosts: Vec<Host<'_>> = urls.iter().filter_map(Url::host).collect();
    ordered_by_text(&hosts);
    assert!(Host::Hostnumber("10.0.0.1") < Host::Hostname("a.dom"));
    assert!(Host::Hostname("1.2.3.4") < Host::Hostnumber("1.2.3.4"));
    let hostports: Vec<_> = urls.iter().filter_map(Url::hostport).collect();
    ordered_by_text(&hostports);
    let logins: Vec<_> = urls.iter().filter_map(Url::login).collect();
    assert!(logins.len() > 8);
    ordered_by_text(&logins);
    let paths: Vec<_> = urls
        .iter()
        .filter_map(|url| match url {
            Url::Http(url) => url.hpath(),
            Url::Ftp(url) => url.fpath(),
            _ => None,
        })
        .collect();
    ordered_by_text(&paths);
    let mut typecodes = vec![Typecode::Image, Typecode::Directory, Typecode::Ascii];
    ordered_by_text(&typecodes);
    typecodes.sort();
    assert_eq!(
        typecodes,
        [Typecode::Ascii, Typecode::Directory, Typecode::Image]
    );
}

/// Each variant's tree converts into a `Url` and back; a `Url` of another
/// variant comes back as it was. Each scheme's parts convert into `Parts`
/// as the `Url`'s own are.
#[test]
fn each_tree_converts_to_its_url_and_back_and_its_parts_to_parts() {
    use rfc1738::url::{
        FileUrl, FtpUrl, GenericUrl, GopherUrl, HttpUrl, MailtoUrl, NewsUrl, NntpUrl, Parts,
        ProsperoUrl, TelnetUrl, WaisUrl,
    };
    macro_rules! trees_of {
        ($url:expr, $($variant:ident($tree:ident)),*) => {{
            let url: Url<'_> = $url;
            let mut trees = 0;
            $(
                match $tree::try_from(url) {
                    Ok(tree) => {
                        assert!(matches!(url, Url::$variant(_)), "{url:?}");
                        assert_eq!(Url::from(tree), url);
                        assert_eq!(tree.as_str().as_ptr(), url.as_str().as_ptr());
                        trees += 1;
                    }
                    Err(back) => {
                        assert!(!matches!(url, Url::$variant(_)), "{url:?}");
                        assert_eq!((back, back.rule()), (url, url.rule()));
                    }
                }
            )*
            trees
        }};
    }
    for input in URLS {
        let url = Url::parse(input).unwrap();
        let trees = trees_of!(
            url,
            Http(HttpUrl),
            Ftp(FtpUrl),
            News(NewsUrl),
            Nntp(NntpUrl),
            Telnet(TelnetUrl),
            Gopher(GopherUrl),
            Wais(WaisUrl),
            Mailto(MailtoUrl),
            File(FileUrl),
            Prospero(ProsperoUrl),
            Other(GenericUrl)
        );
        assert_eq!(trees, 1, "{input}");
        let parts: Parts<'_> = match url {
            Url::Http(url) => url.to_parts().unwrap().into(),
            Url::Ftp(url) => url.to_parts().unwrap().into(),
            Url::News(url) => url.to_parts().into(),
            Url::Nntp(url) => url.to_parts().unwrap().into(),
            Url::Telnet(url) => url.to_parts().unwrap().into(),
            Url::Gopher(url) => url.to_parts().unwrap().into(),
            Url::Wais(url) => url.to_parts().unwrap().into(),
            Url::Mailto(url) => url.to_parts().into(),
            Url::File(url) => url.to_parts().into(),
            Url::Prospero(url) => url.to_parts().unwrap().into(),
            Url::Other(url) => url.to_parts().into(),
        };
        assert_eq!(parts, url.to_parts().unwrap(), "{input}");
    }
}

/// A prospero URL's field specs, read forwards, backwards, from both ends
/// at once, and by `for`, are those of its derivation tree.
#[test]
fn the_field_specs_read_from_either_end_and_by_for() {
    for input in [
        "prospero://h/p",
        "prospero://h/p;a=1",
        "prospero://h/p;a=1;b=;=c;d=4",
        "prospero://h/p;=;=",
        "prospero://h/p;a%3B=%3D;?:@&=?:@&",
    ] {
        let Url::Prospero(url) = Url::parse(input).unwrap() else {
            panic!("a prospero URL")
        };
        let tree = rfc1738::check(input).unwrap().tree();
        let texts = |rule| {
            let nodes = tree.nodes().filter(move |node| node.rule() == rule);
            nodes.map(|node| node.text()).collect::<Vec<_>>()
        };
        let (names, values) = (texts(Rule::Fieldname), texts(Rule::Fieldvalue));
        let want: Vec<_> = names.into_iter().zip(values).collect();
        let pair = |field: rfc1738::url::Fieldspec<'static>| (field.fieldname, field.fieldvalue);
        let mut looped = Vec::new();
        for field in url.fieldspecs() {
            looped.push(pair(field));
        }
        assert_eq!(looped, want, "{input}");
        for field in &url.fieldspecs() {
            looped.push(pair(field));
        }
        assert_eq!(looped.len(), 2 * want.len());
        let mut backwards: Vec<_> = url.fieldspecs().iter().rev().map(pair).collect();
        backwards.reverse();
        assert_eq!(backwards, want, "{input}");
        // From both ends at once, meeting in the middle, then nothing more.
        let mut fields = url.fieldspecs().into_iter();
        let (mut front, mut back) = (Vec::new(), Vec::new());
        while let Some(field) = fields.next() {
            front.push(pair(field));
            let Some(field) = fields.next_back() else {
                break;
            };
            back.push(pair(field));
        }
        assert!(fields.next().is_none() && fields.next_back().is_none());
        back.reverse();
        front.extend(back);
        assert_eq!(front, want, "{input}");
        let (low, high) = url.fieldspecs().iter().size_hint();
        assert!(low <= want.len() && high.unwrap() >= want.len());
    }
}

#[test]
fn a_url_buf_is_made_by_parsing_only() {
    for input in URLS {
        let from_str: UrlBuf = input.parse().unwrap();
        assert_eq!(from_str.as_str(), *input);
        assert_eq!(UrlBuf::parse(input).unwrap(), from_str);
        assert_eq!(UrlBuf::try_from(*input).unwrap(), from_str);
        assert_eq!(UrlBuf::try_from(input.to_string()).unwrap(), from_str);
        assert_eq!(from_str.as_url(), Url::parse(input).unwrap());
        assert_eq!(Url::from(&from_str), from_str.as_url());
        assert_eq!(from_str.rule(), from_str.as_url().rule());
        assert_eq!(from_str.to_string(), *input);
        assert_eq!(format!("{from_str:?}"), format!("UrlBuf({input:?})"));
        assert_eq!(String::from(from_str.clone()), *input);
        assert_eq!(&*Box::<str>::from(from_str.clone()), *input);
        assert_eq!(from_str.as_ref(), *input);
        assert_eq!(from_str, *input);
        assert_eq!(*input, from_str);
        assert_eq!(**input, from_str);
    }
    for bad in ["http://host:8a/", "http://user@host/", "", "ftp://h/\u{e9}"] {
        let expected = rfc1738::parse(bad).unwrap_err();
        assert_eq!(bad.parse::<UrlBuf>().unwrap_err(), expected, "{bad:?}");
        let rejected = UrlBuf::try_from(bad.to_string()).unwrap_err();
        assert_eq!(*rejected.error(), expected);
        assert_eq!(rejected.to_string(), expected.to_string());
        assert_eq!(format!("{rejected:#}"), format!("{expected:#}"));
        assert_eq!(Error::from(rejected.clone()), expected);
        assert_eq!(rejected.into_string(), bad);
    }
}

#[test]
fn a_url_becomes_a_url_buf_as_parse_reads_its_text() {
    // Every tree, `parse`'s and the grammar's own, whole or a prefix of
    // its input: the conversion says what `UrlBuf::parse` says of its text.
    let mut trees = trees();
    for input in [
        "http://h/a?b?c",
        "ftp://h/a b",
        "http://user@host/ x",
        "x-a:b c",
    ] {
        if let Ok((_, url)) = generic::url(Quiet).parse(input) {
            trees.push(url);
        }
        if let Ok((_, url)) = http::httpurl(Quiet).parse(input) {
            trees.push(Url::Http(url));
        }
    }
    let mut rejected = 0;
    for url in trees {
        let expected = UrlBuf::parse(url.as_str());
        rejected += usize::from(expected.is_err());
        assert_eq!(UrlBuf::try_from(url), expected, "{url:?}");
        assert_eq!(url.to_url_buf(), expected, "{url:?}");
        if url.rule() == rfc1738::scheme_rule(url.as_str()) {
            // Read as `parse` reads it: the same URL, owned.
            assert_eq!(url.to_url_buf().unwrap(), url, "{url:?}");
        }
    }
    assert!(rejected > 0);
    // `http://user@host/`: an `otherurl` by the BNF's letter, which
    // `parse` rejects; the conversion fails with `parse`'s error.
    let (_, read) = generic::url(Quiet)
        .parse_complete("http://user@host/")
        .unwrap();
    assert_eq!(read.rule(), Rule::Otherurl);
    assert_eq!(
        read.to_url_buf(),
        Err(rfc1738::parse("http://user@host/").unwrap_err())
    );
    // An `otherurl` that `parse` reads as an ftp URL: the `UrlBuf` is
    // `parse`'s reading, not the tree's.
    let (_, other) = generic::otherurl(Quiet)
        .parse_complete("ftp://host.dom/pub")
        .unwrap();
    let kept = Url::Other(other).to_url_buf().unwrap();
    assert_eq!(kept.rule(), Rule::Ftpurl);
    assert_ne!(kept, Url::Other(other));
}

#[test]
fn a_rejected_string_comes_back_whole_and_its_debug_holds_none_of_it() {
    let text = String::from("ftp://me:hunter2@host.dom:21a/");
    let address = text.as_ptr();
    let rejected = UrlBuf::try_from(text).unwrap_err();
    let debug = format!("{rejected:?}");
    assert!(!debug.contains("hunter2"), "{debug}");
    assert!(
        debug.starts_with("FromStringError { error: Error {"),
        "{debug}"
    );
    assert!(debug.ends_with(", len: 30 }"), "{debug}");
    let mut hidden = rejected.clone();
    hidden.hide_password();
    let shown = format!("{hidden} {hidden:#}");
    assert!(!shown.contains("hunter2"), "{shown}");
    assert!(format!("{rejected:#}").contains("hunter2"));
    assert_eq!(hidden.as_str(), rejected.as_str());
    let text = rejected.into_string();
    assert_eq!(text.as_ptr(), address);
    assert_eq!(text, "ftp://me:hunter2@host.dom:21a/");
}

#[test]
fn try_from_string_keeps_the_allocation() {
    let text = String::from("ftp://host.dom/pub");
    let address = text.as_ptr();
    let url = UrlBuf::try_from(text).unwrap();
    assert_eq!(url.as_str().as_ptr(), address);
    let text = String::from(url);
    assert_eq!(text.as_ptr(), address);
    let text = UrlBuf::try_from(text).unwrap().into_string();
    assert_eq!(text.as_ptr(), address);
}

#[test]
fn a_url_buf_can_go_anywhere() {
    fn stored<T: Send + Sync + 'static>() {}
    stored::<UrlBuf>();
    let url: UrlBuf = "news:comp.infosystems.www.misc".parse().unwrap();
    let back = std::thread::spawn(move || url).join().unwrap();
    assert_eq!(back.as_url().rule(), Rule::Newsurl);
}

#[test]
fn url_bufs_are_looked_up_by_str_and_hashed_as_their_text() {
    let state = RandomState::new();
    let mut map: HashMap<UrlBuf, usize> = HashMap::new();
    let mut tree: BTreeMap<UrlBuf, usize> = BTreeMap::new();
    for (index, input) in URLS.iter().enumerate() {
        let url: UrlBuf = input.parse().unwrap();
        // `Borrow<str>` asks for the hash and order of the `str`.
        assert_eq!(hash_of(&url, &state), hash_of(input, &state));
        map.insert(url.clone(), index);
        tree.insert(url, index);
    }
    for (index, input) in URLS.iter().enumerate() {
        assert_eq!(map.get(*input), Some(&index));
        assert_eq!(tree.get(*input), Some(&index));
    }
    assert_eq!(map.get("http://not.there/"), None);
    let ordered: Vec<&str> = tree.keys().map(UrlBuf::as_str).collect();
    let mut texts = URLS.to_vec();
    texts.sort();
    assert_eq!(ordered, texts);
    for a in tree.keys() {
        for b in tree.keys() {
            assert_eq!(a.cmp(b), a.as_str().cmp(b.as_str()));
            assert_eq!(a == b, a.cmp(b) == Ordering::Equal);
        }
    }
}

/// The texts of `URLS`, and some that differ from one of them only in the
/// case of the scheme: the same rule and the same canonical form, but
/// another text.
fn texts() -> Vec<&'static str> {
    let mut texts = URLS.to_vec();
    texts.extend([
        "http://host.dom:80/a?b",
        "FTP://myname@host.dom/%2Fetc/motd",
        "News:comp.infosystems.www.misc",
        "X-ANY:thing",
    ]);
    texts
}

#[test]
fn urls_url_bufs_and_strs_compare_alike_either_way_round() {
    let trees = trees();
    let mut equal_pairs = 0;
    for text in texts() {
        let buf = UrlBuf::parse(text).unwrap();
        let as_url = buf.as_url();
        for url in &trees {
            let equal = *url == as_url;
            let context = format!("{url:?} {text:?}");
            // Comparing with the `UrlBuf` is comparing with its `Url`, either
            // way round, and so is comparing with the text.
            assert_eq!(*url == buf, equal, "{context}");
            assert_eq!(buf == *url, equal, "{context}");
            assert_eq!(*url == *text, equal, "{context}");
            assert_eq!(*text == *url, equal, "{context}");
            assert_eq!(*url == text, equal, "{context}");
            assert_eq!(text == *url, equal, "{context}");
            assert_eq!(url.as_ref() == text, url.as_str() == text, "{context}");
            // The same text read by the rule its scheme selects.
            assert_eq!(
                equal,
                url.as_str() == text && url.rule() == rfc1738::scheme_rule(text),
                "{context}"
            );
            equal_pairs += usize::from(equal);
        }
    }
    // Every URL of `URLS` is among the trees, read by `parse`.
    assert!(equal_pairs >= URLS.len(), "{equal_pairs}");

    // The same text read as an `otherurl`: a tree `parse` does not return,
    // equal to no `str` and no `UrlBuf`, though its text is theirs.
    let text = "ftp://host.dom/pub";
    let other = Url::Other(generic::otherurl(Quiet).parse_complete(text).unwrap().1);
    let buf = UrlBuf::parse(text).unwrap();
    assert_eq!(other.as_ref(), text);
    assert_ne!(other, text);
    assert_ne!(text, other);
    assert_ne!(other, *text);
    assert_ne!(*text, other);
    assert_ne!(other, buf);
    assert_ne!(buf, other);
    assert_eq!(Url::parse(text).unwrap(), buf);
    assert_eq!(buf, Url::parse(text).unwrap());

    // Texts that differ in the scheme's case alone: one rule, one canonical
    // form, and still not equal, as their texts are not.
    let upper = Url::parse("HTTP://host.dom:80/a?b").unwrap();
    let lower = UrlBuf::parse("http://host.dom:80/a?b").unwrap();
    assert_eq!(upper.rule(), lower.rule());
    assert_eq!(upper.canonical(), lower.as_url().canonical());
    assert_ne!(upper, lower);
    assert_ne!(lower, upper);
    assert_ne!(upper, "http://host.dom:80/a?b");
    assert_ne!("http://host.dom:80/a?b", upper);
    assert_eq!(upper == lower, upper == lower.as_url());
}

#[cfg(feature = "serde")]
mod with_serde {
    use super::*;
    use rfc1738::url::serde_tree::{self, Tree};

    #[test]
    fn a_url_serializes_as_its_text() {
        for input in URLS {
            let json = serde_json::to_string(input).unwrap();
            let url = Url::parse(input).unwrap();
            assert_eq!(serde_json::to_string(&url).unwrap(), json);
            let buf: UrlBuf = input.parse().unwrap();
            assert_eq!(serde_json::to_string(&buf).unwrap(), json);
        }
    }

    #[test]
    fn urls_come_back_through_the_grammar() {
        for input in URLS {
            let json = serde_json::to_string(input).unwrap();
            let buf: UrlBuf = serde_json::from_str(&json).unwrap();
            assert_eq!(buf, *input);
            // Borrowed from the JSON text, which has no escape here.
            let url: Url<'_> = serde_json::from_str(&json).unwrap();
            assert_eq!(url, Url::parse(input).unwrap());
            assert_eq!(url.as_str().as_ptr(), json[1..].as_ptr());
            // From an owned string too (a `Value` holds `String`s).
            let value = serde_json::Value::String(input.to_string());
            assert_eq!(serde_json::from_value::<UrlBuf>(value).unwrap(), buf);
        }
        let map: HashMap<UrlBuf, u32> =
            serde_json::from_str(r#"{"ftp://host.dom/pub": 1, "http://host.dom/": 2}"#).unwrap();
        assert_eq!(map["http://host.dom/"], 2);
    }

    #[test]
    fn an_invalid_url_is_an_error_naming_the_position() {
        let error = serde_json::from_str::<UrlBuf>(r#""http://host:8a/""#).unwrap_err();
        let message = error.to_string();
        assert!(message.contains(r#"expected digit, "/" or end of input, found "a""#));
        // Line 1, column 14 of the URL: its `a`; serde_json names its own
        // position in the document after it.
        assert!(
            message.contains("1:14 of the URL at line 1 column 17"),
            "{message}"
        );
        let error = serde_json::from_str::<Url<'_>>(r#""http://user@host/""#).unwrap_err();
        assert!(error.to_string().contains("1:12"), "{error}");
        assert!(serde_json::from_str::<UrlBuf>("12").is_err());
    }

    #[test]
    fn a_deserialization_error_hides_the_password() {
        let error = serde_json::from_str::<UrlBuf>(r#""ftp://me:hunter2@host:8a/""#).unwrap_err();
        let message = error.to_string();
        assert!(!message.contains("hunter2"), "{message}");
        assert!(message.contains("1:24"), "{message}");
    }

    #[test]
    fn a_url_that_cannot_be_borrowed_asks_for_a_url_buf() {
        // An escape in the JSON string: the text is not in the input as is.
        let json = r#""http://host.dom/\u0061""#;
        assert!(serde_json::from_str::<Url<'_>>(json).is_err());
        assert_eq!(
            serde_json::from_str::<UrlBuf>(json).unwrap(),
            "http://host.dom/a"
        );
    }

    #[test]
    fn the_tree_is_an_option() {
        let url = Url::parse("ftp://myname@host.dom/%2Fetc/motd").unwrap();
        let tree = serde_json::json!({"ftp": {
            "scheme": "ftp",
            "login": {"user": "myname", "password": null,
                      "hostport": {"host": {"hostname": "host.dom"}, "port": null}},
            "fpath": "%2Fetc/motd",
            "ftptype": null,
        }});
        assert_eq!(serde_json::to_value(Tree(url)).unwrap(), tree);
        #[derive(serde::Serialize)]
        struct Link<'a> {
            #[serde(serialize_with = "serde_tree::serialize")]
            target: Url<'a>,
        }
        assert_eq!(
            serde_json::to_value(Link { target: url }).unwrap(),
            serde_json::json!({ "target": tree })
        );
        // Every scheme's variant is named after the scheme.
        for input in URLS {
            let url = Url::parse(input).unwrap();
            let value = serde_json::to_value(Tree(url)).unwrap();
            let (name, _) = value.as_object().unwrap().iter().next().unwrap();
            assert_eq!(format!("{name}url"), url.rule().name(), "{input}");
        }
    }
}
