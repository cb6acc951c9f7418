//! The common traits of the public types, as a dependent expects them
//! (the Rust API guidelines' C-COMMON-TRAITS and C-SEND-SYNC): every type
//! is `Debug`, `Send` and `Sync`; values are `Clone`; those that compare
//! hash too; errors are `std::error::Error`, hashed and `'static`. A type that
//! loses one fails to compile here.
//!
//! Compared but not hashed: a `Derivation`, whose every node keeps the
//! whole input (a derived hash would read it again at each node), and the
//! BNF's `Expr`, `Production` and `Grammar`, whose equality walks an
//! expression of any depth without the stack.

use std::fmt::{Debug, Display};
use std::hash::Hash;

use rfc1738::bnf::{
    BnfError, ChoiceKind, ChoicePoint, Expr, GenerateError, Grammar, Matcher, Production,
    TooManyStates,
};
use rfc1738::coverage::Coverage;
use rfc1738::extract::{Extracted, Extractor, Form, HyphenBreak, UrlChar};
use rfc1738::grammar::{Folded, Quiet};
use rfc1738::lint::{Code, Warning};
use rfc1738::url::{
    Article, BuildError, Decoded, Fieldspec, Fieldspecs, FieldspecsIter, FileHost, FileParts,
    FileUrl, ForbiddenByte, FromStringError, FtpCommand, FtpCommands, FtpCredentials, FtpParts,
    FtpUrl, GenericUrl, GopherParts, GopherPath, GopherUrl, Grouppart, Host, Hostport, HttpParts,
    HttpUrl, IpSchemepart, Login, MailtoParts, MailtoUrl, NewsParts, NewsUrl, NntpParts, NntpUrl,
    OtherParts, OutOfRange, Parts, Path, ProsperoParts, ProsperoUrl, Segments, SemanticError,
    TelnetParts, TelnetUrl, Typecode, UrlBuf, Userinfo, WaisDatabase, WaisDoc, WaisForm, WaisIndex,
    WaisParts, WaisUrl,
};
use rfc1738::visible::Visible;
use rfc1738::{
    Derivation, Diagnostic, Error, Expected, Found, Hint, HintCode, Match, Position, Rule,
    UnknownCode, UnknownRule, Url,
};

fn value<T: Debug + Clone + Send + Sync>() {}
fn compared<T: Debug + Clone + PartialEq + Eq + Send + Sync>() {}
fn hashed<T: Debug + Clone + Eq + Hash + Send + Sync>() {}
fn error<T: std::error::Error + Clone + Eq + Hash + Send + Sync + 'static>() {}

#[test]
fn the_entry_points_types() {
    hashed::<Url<'_>>();
    hashed::<UrlBuf>();
    hashed::<Match<'_>>();
    hashed::<Rule>();
    hashed::<Expected>();
    hashed::<Found>();
    hashed::<Position>();
    hashed::<Hint>();
    hashed::<HintCode>();
    compared::<Derivation<'_>>();
    value::<Diagnostic<'_>>();
    error::<Error>();
    error::<UnknownRule>();
    error::<UnknownCode>();
    error::<FromStringError>();
}

#[test]
fn the_syntax_trees_types() {
    hashed::<HttpUrl<'_>>();
    hashed::<FtpUrl<'_>>();
    hashed::<NewsUrl<'_>>();
    hashed::<NntpUrl<'_>>();
    hashed::<TelnetUrl<'_>>();
    hashed::<GopherUrl<'_>>();
    hashed::<GopherPath<'_>>();
    hashed::<WaisUrl<'_>>();
    hashed::<WaisDatabase<'_>>();
    hashed::<WaisIndex<'_>>();
    hashed::<WaisDoc<'_>>();
    hashed::<MailtoUrl<'_>>();
    hashed::<FileUrl<'_>>();
    hashed::<FileHost<'_>>();
    hashed::<ProsperoUrl<'_>>();
    hashed::<Fieldspec<'_>>();
    hashed::<Fieldspecs<'_>>();
    value::<FieldspecsIter<'_>>();
    hashed::<GenericUrl<'_>>();
    hashed::<IpSchemepart<'_>>();
    hashed::<Login<'_>>();
    hashed::<Hostport<'_>>();
    hashed::<Host<'_>>();
    hashed::<Path<'_>>();
    hashed::<Grouppart<'_>>();
    hashed::<Article<'_>>();
}

#[test]
fn what_a_url_means_types() {
    hashed::<Decoded<'_>>();
    hashed::<Typecode>();
    hashed::<FtpCredentials<'_>>();
    hashed::<FtpCommand<'_>>();
    value::<FtpCommands<'_>>();
    value::<Segments<'_>>();
    hashed::<Parts<'_>>();
    hashed::<HttpParts<'_>>();
    hashed::<FtpParts<'_>>();
    hashed::<NewsParts<'_>>();
    hashed::<NntpParts<'_>>();
    hashed::<TelnetParts<'_>>();
    hashed::<GopherParts<'_>>();
    hashed::<WaisParts<'_>>();
    hashed::<WaisForm<'_>>();
    hashed::<MailtoParts<'_>>();
    hashed::<FileParts<'_>>();
    hashed::<ProsperoParts<'_>>();
    hashed::<OtherParts<'_>>();
    hashed::<Userinfo<'_>>();
    error::<OutOfRange>();
    error::<ForbiddenByte>();
    error::<SemanticError>();
    error::<BuildError>();
}

#[test]
fn the_other_modules_types() {
    hashed::<Warning>();
    hashed::<Code>();
    hashed::<Form>();
    hashed::<HyphenBreak>();
    hashed::<UrlChar>();
    hashed::<Extracted>();
    value::<Extractor<'_>>();
    hashed::<Visible<'_>>();
    compared::<Grammar>();
    compared::<Production>();
    compared::<Expr>();
    hashed::<ChoiceKind>();
    hashed::<ChoicePoint<'_>>();
    value::<Matcher<'_>>();
    value::<Coverage>();
    error::<BnfError>();
    error::<GenerateError>();
    error::<TooManyStates>();
}

#[test]
fn the_grammar_inputs_observer_and_serde_types() {
    hashed::<Folded<'_>>();
    hashed::<Quiet>();
    #[cfg(feature = "serde")]
    hashed::<rfc1738::url::serde_tree::Tree<'_>>();
}

/// The types whose text is a part of a URL write it with `Display`.
#[test]
fn the_parts_display() {
    fn shown<T: Display>() {}
    shown::<Url<'_>>();
    shown::<UrlBuf>();
    shown::<Match<'_>>();
    shown::<WaisDatabase<'_>>();
    shown::<WaisIndex<'_>>();
    shown::<WaisDoc<'_>>();
    shown::<GopherPath<'_>>();
    shown::<Hostport<'_>>();
    shown::<Login<'_>>();
    shown::<Path<'_>>();
}

/// The types whose `Display` writes one name or one text of the input pad
/// it as a `str` is padded given a width, and cut it given a precision.
#[test]
fn the_string_like_types_pad_as_str_does() {
    #[track_caller]
    fn pads(value: &dyn Display, text: &str) {
        assert_eq!(value.to_string(), text);
        assert_eq!(format!("[{value:>12}]"), format!("[{text:>12}]"));
        assert_eq!(format!("[{value:_<12}]"), format!("[{text:_<12}]"));
        assert_eq!(format!("[{value:^12.2}]"), format!("[{text:^12.2}]"));
    }
    let Url::Ftp(ftp) = rfc1738::parse("ftp://h.dom/a/b;type=d").unwrap() else {
        panic!("an ftp URL")
    };
    let Url::File(file) = rfc1738::parse("file://localhost/a").unwrap() else {
        panic!("a file URL")
    };
    let Url::File(file_host) = rfc1738::parse("file://h.dom/a").unwrap() else {
        panic!("a file URL")
    };
    pads(&ftp, "ftp://h.dom/a/b;type=d");
    pads(&ftp.login().hostport().host(), "h.dom");
    pads(&ftp.fpath().unwrap(), "a/b");
    pads(&ftp.typecode().unwrap(), "d");
    pads(&file.host().unwrap(), "localhost");
    pads(&file_host.host().unwrap(), "h.dom");
    pads(&Rule::Hostport, "hostport");
    pads(&HintCode::UnsafeCharacter, "unsafe-character");
    pads(&Form::UrlPrefixed, "url-prefixed");
    pads(&rfc1738::lint::Code::ReservedPort, "reserved-port");
    let matched = rfc1738::parse_rule(Rule::Login, "me:pw@h.dom").unwrap();
    pads(&matched, "me:pw@h.dom");
    assert_eq!(matched.as_ref(), matched.as_str());
}

/// The iterators of a URL's decoded parts can be kept (`Clone`), shown
/// (`Debug`) and read from either end, as the segments as written can.
#[test]
fn the_decoded_parts_iterators_clone_show_and_read_from_either_end() {
    use std::iter::FusedIterator;
    fn both_ends<I: DoubleEndedIterator + FusedIterator + Clone + Debug>(iterator: I) -> I {
        iterator
    }
    fn texts(iterator: impl Iterator<Item = Decoded<'static>>) -> Vec<String> {
        iterator
            .map(|piece| piece.to_str().unwrap().to_owned())
            .collect()
    }
    let Url::Ftp(ftp) = rfc1738::parse("ftp://h/a/b%2Fc/d.txt").unwrap() else {
        panic!("an ftp URL")
    };
    let Url::Http(http) = rfc1738::parse("http://h/a;b/c%20d?q;r").unwrap() else {
        panic!("an http URL")
    };
    let Url::File(file) = rfc1738::parse("file://h/a/b%20c").unwrap() else {
        panic!("a file URL")
    };
    let Url::Prospero(prospero) = rfc1738::parse("prospero://h/p;a=1;b=2").unwrap() else {
        panic!("a prospero URL")
    };
    let segments = both_ends(ftp.path_segments_decoded());
    assert_eq!(texts(segments.clone().rev()), ["d.txt", "b/c", "a"]);
    assert_eq!(texts(segments), ["a", "b/c", "d.txt"]);
    let segments = both_ends(ftp.fpath().unwrap().segments_decoded());
    assert!(format!("{segments:?}").contains("b%2Fc"));
    assert_eq!(
        texts(both_ends(file.path_segments_decoded()).rev()),
        ["b c", "a"]
    );
    let mut path = both_ends(http.path_segments_decoded());
    assert_eq!(texts(both_ends(path.next_back().unwrap())), ["c d"]);
    assert_eq!(texts(both_ends(path.next().unwrap()).rev()), ["b", "a"]);
    assert!(path.next().is_none() && path.next_back().is_none());
    assert_eq!(
        texts(both_ends(http.search_decoded().unwrap()).rev()),
        ["r", "q"]
    );
    let fields = both_ends(prospero.fields_decoded());
    let names: Vec<_> = fields.clone().rev().map(|(name, _)| name).collect();
    assert_eq!(names, ["b", "a"]);
    assert!(!format!("{fields:?}").is_empty());
    assert_eq!(fields.count(), 2);
}

/// Errors that compare equal hash alike: one with its password hidden and
/// one without, and two long inputs that differ only where the error keeps
/// nothing of them.
#[test]
fn equal_errors_hash_alike() {
    use std::hash::{BuildHasher, RandomState};
    let state = RandomState::new();
    let error = rfc1738::parse("ftp://me:pw@h/%zz").unwrap_err();
    let mut hidden = error.clone();
    hidden.hide_password();
    assert_eq!(error, hidden);
    assert_eq!(state.hash_one(&error), state.hash_one(&hidden));
    let long = |far: &str| format!("x:{}{} b", far.repeat(10), "a".repeat(5000));
    let (one, two) = (long("b"), long("d"));
    let (one, two) = (
        rfc1738::parse(&one).unwrap_err(),
        rfc1738::parse(&two).unwrap_err(),
    );
    assert_eq!(one, two);
    assert_eq!(state.hash_one(&one), state.hash_one(&two));
    assert_ne!(one, error);
}

/// Every iterator the crate returns is fused (after its first `None`, only
/// `None`), so that a caller may stop and ask again, or `.fuse()` it for
/// nothing; the FTP commands know their number from the start.
#[test]
fn the_iterators_are_fused_and_the_ftp_commands_exact() {
    use std::iter::FusedIterator;
    fn fused<I: FusedIterator>(iterator: I) -> I {
        iterator
    }
    let Url::Ftp(ftp) = rfc1738::parse("ftp://h/a/b%2Fc/d.txt;type=i").unwrap() else {
        panic!("an ftp URL")
    };
    let Url::Http(http) = rfc1738::parse("http://h/a;b/c?q;r").unwrap() else {
        panic!("an http URL")
    };
    let Url::File(file) = rfc1738::parse("file://h/a/b").unwrap() else {
        panic!("a file URL")
    };
    let Url::Prospero(prospero) = rfc1738::parse("prospero://h/p;a=1;b=2").unwrap() else {
        panic!("a prospero URL")
    };
    let mut segments = fused(ftp.path_segments_decoded());
    assert_eq!(segments.by_ref().count(), 3);
    assert!(segments.next().is_none());
    let _ = fused(ftp.fpath().unwrap().segments_decoded());
    // The segments as written: a type of the crate, read from either end.
    let mut written: Segments<'_> = fused(ftp.fpath().unwrap().segments());
    assert_eq!(written.next_back(), Some("d.txt"));
    assert_eq!(written.clone().collect::<Vec<_>>(), ["a", "b%2Fc"]);
    assert_eq!(written.by_ref().count(), 2);
    assert!(written.next().is_none() && written.next_back().is_none());
    let _ = fused(http.path_segments_decoded().map(fused));
    let _ = fused(http.search_decoded().unwrap());
    let _ = fused(file.path_segments_decoded());
    let _ = fused(prospero.fields_decoded());
    let _ = fused(prospero.fieldspecs().iter());
    let _ = fused(prospero.fieldspecs().into_iter());
    let tree = rfc1738::parse_rule(Rule::Port, "80").unwrap().tree();
    let _ = fused(tree.nodes());
    let _ = fused(rfc1738::authority_passwords("ftp://me:pw@h/"));
    let _ = fused(Coverage::new().unexercised());
    let hits = rfc1738::extract::extract("<URL:ftp://h/>");
    let _ = fused(hits[0].url_chars());
    let _ = fused(rfc1738::extract::extract_iter("http://h/"));

    // The commands' length is exact at every step, and stays 0 at the end.
    for (input, want) in [
        ("ftp://h/a/b%2Fc/d.txt;type=i", 4),
        ("ftp://h/a//b/;type=d", 4),
        ("ftp://h/name", 1),
        ("ftp://h/", 1),
        ("ftp://h", 0),
    ] {
        let Url::Ftp(url) = rfc1738::parse(input).unwrap() else {
            panic!("an ftp URL")
        };
        let mut commands = fused(url.commands_iter(url.typecode()).unwrap());
        assert_eq!(commands.len(), want, "{input}");
        for left in (0..want).rev() {
            assert!(commands.next().is_some(), "{input}");
            assert_eq!(commands.size_hint(), (left, Some(left)), "{input}");
        }
        assert!(
            commands.next().is_none() && commands.next().is_none(),
            "{input}"
        );
        assert_eq!(commands.len(), 0, "{input}");
        assert_eq!(url.commands().unwrap().len(), want, "{input}");
    }
}

/// Shows `value` every way it is shown: `Display`, its alternate form and
/// `Debug`.
fn shown(value: &(impl Display + Debug)) -> String {
    format!("{value} | {value:#} | {value:?}")
}

/// Each error and warning that can hide a password does it by value too
/// (`password_hidden`, for a `map_err` chain), as `hide_password` does in
/// place, and what it then shows holds no character of the password.
#[test]
fn password_hidden_is_hide_password_by_value() {
    /// Checks that `hidden` is `value` hidden in place, and that neither
    /// shows `secret` once hidden.
    #[track_caller]
    fn same<T: Display + Debug + Clone>(value: T, hide: fn(&mut T), hidden: fn(T) -> T) {
        let mut in_place = value.clone();
        hide(&mut in_place);
        let by_value = hidden(value.clone());
        assert_eq!(shown(&by_value), shown(&in_place));
        assert_ne!(shown(&by_value), shown(&value));
        assert!(!shown(&by_value).contains("QZ"), "{}", shown(&by_value));
    }
    let error = rfc1738::parse("ftp://me:QZ%zz@host/").unwrap_err();
    same(error, Error::hide_password, Error::password_hidden);
    let rejected = UrlBuf::try_from(String::from("ftp://me:QZ%zz@host/")).unwrap_err();
    same(
        rejected,
        FromStringError::hide_password,
        FromStringError::password_hidden,
    );
    let url = rfc1738::parse("ftp://me:QZ%0A@host/f").unwrap();
    let warning = rfc1738::lint::lint(&url)
        .into_iter()
        .find(|warning| warning.code() == Code::ForbiddenByte)
        .unwrap();
    same(warning, Warning::hide_password, Warning::password_hidden);
    let Url::Ftp(ftp) = url else {
        panic!("an ftp URL")
    };
    let forbidden = ftp.credentials().check().unwrap_err();
    same(
        forbidden,
        ForbiddenByte::hide_password,
        ForbiddenByte::password_hidden,
    );
    let semantic = url.semantic_errors().remove(0);
    same(
        semantic,
        SemanticError::hide_password,
        SemanticError::password_hidden,
    );
    let build = OtherParts::new("x", "//me:QZ@h x/").build().unwrap_err();
    same(
        build,
        BuildError::hide_password,
        BuildError::password_hidden,
    );
}
