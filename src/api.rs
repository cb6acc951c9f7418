//! The entry points: a URL or a production's string, checked, parsed or
//! derived.

use crate::ast::Url;
use crate::derivation::{Derivation, Entry, Flat};
use crate::grammar::{
    Folded, Quiet, file, ftp, generic, gopher, http, mailto, news, nntp, prospero, telnet, wais,
};
use crate::pass::{self, emit, whole_of};
use crate::password;
use crate::trace::Farthest;
use crate::{Error, Rule};

/// The scheme rule [`parse`] matches `input` against: the rule of the scheme
/// named before the first `:`, compared case-insensitively (section 2.1), or
/// `otherurl` for any other scheme and for an input with no scheme name
/// followed by `:`.
///
/// ```
/// use rfc1738::{Rule, scheme_rule};
/// assert_eq!(scheme_rule("HTTP://host/"), Rule::Httpurl);
/// assert_eq!(scheme_rule("https://host/"), Rule::Otherurl);
/// assert_eq!(scheme_rule("http//host/"), Rule::Otherurl);
/// ```
#[must_use]
pub fn scheme_rule(input: &str) -> Rule {
    // The ten names are at most 8 letters: a `:` after them is among the
    // first 9 bytes. Those 9 bytes are read as one word and a byte (zeros
    // past the end of a shorter input), so that finding the `:` and
    // comparing the name take a few word operations and no loop, whose exit
    // would mispredict on every change of scheme length.
    let (word, ninth) = match input.as_bytes().first_chunk::<9>() {
        Some(&[a, b, c, d, e, f, g, h, ninth]) => {
            (u64::from_le_bytes([a, b, c, d, e, f, g, h]), ninth)
        }
        None => short_head(input.as_bytes()),
    };
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    const COLONS: u64 = u64::from_le_bytes([b':'; 8]);
    // The bytes of `word` that are `:` are the zero bytes of `x`. Of the
    // high bits `(x - ONES) & !x` sets, the lowest marks the first zero byte
    // exactly (a borrow can only set bits above a zero byte).
    let x = word ^ COLONS;
    let zeros = x.wrapping_sub(ONES) & !x & HIGHS;
    let colon = match zeros.trailing_zeros() / 8 {
        8 if ninth == b':' => 8,
        8 => return Rule::Otherurl,
        colon => colon,
    };
    // The name (the bytes before the `:`) lower-cased by `| 0x20`, which
    // maps exactly the ASCII letters to lower-case letters and no other byte
    // to a letter, so that comparing with the all-letter names folds case
    // and nothing else. The bytes from the `:` on are cleared: a name of a
    // given length is then equal to no name of another length.
    let kept = u64::MAX.checked_shr(64 - 8 * colon).unwrap_or(0);
    let name = (word | u64::from_le_bytes([0x20; 8])) & kept;
    const fn word_of(name: &[u8]) -> u64 {
        let mut padded = [0u8; 8];
        let mut i = 0;
        while i < name.len() {
            padded[i] = name[i];
            i += 1;
        }
        u64::from_le_bytes(padded)
    }
    const HTTP: u64 = word_of(b"http");
    const FTP: u64 = word_of(b"ftp");
    const NEWS: u64 = word_of(b"news");
    const NNTP: u64 = word_of(b"nntp");
    const TELNET: u64 = word_of(b"telnet");
    const GOPHER: u64 = word_of(b"gopher");
    const WAIS: u64 = word_of(b"wais");
    const MAILTO: u64 = word_of(b"mailto");
    const FILE: u64 = word_of(b"file");
    const PROSPERO: u64 = word_of(b"prospero");
    match name {
        HTTP => Rule::Httpurl,
        FTP => Rule::Ftpurl,
        NEWS => Rule::Newsurl,
        NNTP => Rule::Nntpurl,
        TELNET => Rule::Telneturl,
        GOPHER => Rule::Gopherurl,
        WAIS => Rule::Waisurl,
        MAILTO => Rule::Mailtourl,
        FILE => Rule::Fileurl,
        PROSPERO => Rule::Prosperourl,
        _ => Rule::Otherurl,
    }
}

/// The first 9 bytes of an input shorter than 9, zeros after it, as
/// [`scheme_rule`] reads them: a word and a byte. Apart, so that the common
/// case reads its 9 bytes in place and copies nothing.
#[cold]
fn short_head(bytes: &[u8]) -> (u64, u8) {
    let mut word = [0u8; 8];
    word[..bytes.len().min(8)].copy_from_slice(&bytes[..bytes.len().min(8)]);
    (u64::from_le_bytes(word), bytes.get(8).copied().unwrap_or(0))
}

/// Parses a URL: matches it against the scheme rule its scheme selects
/// ([`scheme_rule`]), scheme names compared case-insensitively, and returns
/// its syntax tree.
///
/// Allocates nothing when the URL is valid. A URL that is not is read once:
/// the pass that rejects it finds the error's offset.
///
/// # Errors
///
/// When `input` is not a string of the scheme rule its scheme selects: the
/// [`Error`] names that rule and points at the first byte no string of it
/// can have there, or at the end of an input that stops too early; it gives
/// what was expected there, what was found and the production path.
///
/// ```
/// use rfc1738::{Rule, Url};
/// let Url::Http(url) = rfc1738::parse("HTTP://www.acl.lanl.gov/URI/archive")? else {
///     panic!("an http URL");
/// };
/// assert_eq!(url.hostport().host().as_str(), "www.acl.lanl.gov");
/// assert_eq!(rfc1738::parse("http://user@host/").unwrap_err().rule(), Rule::Httpurl);
/// # Ok::<(), rfc1738::Error>(())
/// ```
pub fn parse(input: &str) -> Result<Url<'_>, Error> {
    /// The pass of one scheme rule, a function of its own: small enough for
    /// the compiler to inline every leaf into it, and to keep the
    /// [`Farthest`] of its frame in a register. It returns `parse`'s own
    /// result, built in place: a valid URL's tree is not moved again.
    macro_rules! parse_as {
        ($rule:path, $combinator:path, $variant:path) => {{
            #[inline(never)]
            fn pass(input: &str) -> Result<Url<'_>, Error> {
                let farthest = Farthest::new(input);
                let o = &farthest;
                match emit($combinator(o), Folded(input), o) {
                    Some(url) => Ok($variant(url)),
                    None => Err(Error::new($rule, input, farthest.offset(), None, true)),
                }
            }
            pass(input)
        }};
    }
    match scheme_rule(input) {
        Rule::Httpurl => parse_as!(Rule::Httpurl, http::httpurl, Url::Http),
        Rule::Ftpurl => parse_as!(Rule::Ftpurl, ftp::ftpurl, Url::Ftp),
        Rule::Newsurl => parse_as!(Rule::Newsurl, news::newsurl, Url::News),
        Rule::Nntpurl => parse_as!(Rule::Nntpurl, nntp::nntpurl, Url::Nntp),
        Rule::Telneturl => parse_as!(Rule::Telneturl, telnet::telneturl, Url::Telnet),
        Rule::Gopherurl => parse_as!(Rule::Gopherurl, gopher::gopherurl, Url::Gopher),
        Rule::Waisurl => parse_as!(Rule::Waisurl, wais::waisurl, Url::Wais),
        Rule::Mailtourl => parse_as!(Rule::Mailtourl, mailto::mailtourl, Url::Mailto),
        Rule::Fileurl => parse_as!(Rule::Fileurl, file::fileurl, Url::File),
        Rule::Prosperourl => parse_as!(Rule::Prosperourl, prospero::prosperourl, Url::Prospero),
        _ => parse_as!(Rule::Otherurl, generic::otherurl, Url::Other),
    }
}

/// The span of the password of the URL after the appendix's prefix `URL:`
/// (in any case) that starts `input`, a string of `rule`: read as [`parse`]
/// reads it, the URL's own, or, when it does not parse (a valid `otherurl`
/// all the same: `URL:ftp://me:pw@h_x/`), its error's guess
/// ([`Error::password_span`]) when that holds a character. An empty guess
/// is where the failed pass could have begun reading one (`URL:ftp://h:`,
/// whose `:` was a port's as much as a password's), not a password
/// written: it would hide nothing, and be warned about as a password the
/// URL carries. `None` unless `rule` is one whose string can
/// start with a scheme name that is the prefix (`url`, `genericurl`,
/// `otherurl`) and `input` starts with it. Prefixes written twice or more
/// (`URL:URL:ftp://...`) are all skipped in one scan, so that what follows
/// is read once whatever their number; when the last is the URL's own
/// scheme name (`URL:url://me:pw@host/`), the guess finds the login after
/// its `//`.
pub(crate) fn url_prefix_password(rule: Rule, input: &str) -> Option<core::ops::Range<usize>> {
    if !matches!(rule, Rule::Url | Rule::Genericurl | Rule::Otherurl) {
        return None;
    }
    let start = after_url_prefixes(input)?;
    // The URL that follows has a scheme name other than `url`, so that its
    // own span is read without coming back here.
    let password = match parse(&input[start..]) {
        Ok(url) => url.password_span(),
        Err(error) => error.password_span().filter(|span| !span.is_empty()),
    }?;
    Some(start + password.start..start + password.end)
}

/// Where the URL after the appendix's prefixes `URL:` (in any case, all of
/// them: `URL:URL:ftp://...`) that start `input` begins; `None` when none
/// does. The offset follows an ASCII `:`: a char boundary.
pub(crate) fn after_url_prefixes(input: &str) -> Option<usize> {
    let mut start = 0;
    while input
        .as_bytes()
        .get(start..start + 4)
        .is_some_and(|prefix| prefix.eq_ignore_ascii_case(b"url:"))
    {
        start += 4;
    }
    (start > 0).then_some(start)
}

/// Whether [`parse`] would succeed, building nothing and allocating nothing.
///
/// ```
/// assert!(rfc1738::is_valid("ftp://myname@host.dom/%2Fetc/motd"));
/// assert!(rfc1738::is_valid("FTP://host.dom/"));
/// assert!(!rfc1738::is_valid("http://user@host/"));
/// assert!(!rfc1738::is_valid("ftp://host.dom/%zz"));
/// ```
#[must_use = "the verdict is the only thing `is_valid` gives"]
pub fn is_valid(input: &str) -> bool {
    let text = Folded(input);
    let o = Quiet;
    match scheme_rule(input) {
        Rule::Httpurl => whole_of(|| http::httpurl(o), text, o),
        Rule::Ftpurl => whole_of(|| ftp::ftpurl(o), text, o),
        Rule::Newsurl => whole_of(|| news::newsurl(o), text, o),
        Rule::Nntpurl => whole_of(|| nntp::nntpurl(o), text, o),
        Rule::Telneturl => whole_of(|| telnet::telneturl(o), text, o),
        Rule::Gopherurl => whole_of(|| gopher::gopherurl(o), text, o),
        Rule::Waisurl => whole_of(|| wais::waisurl(o), text, o),
        Rule::Mailtourl => whole_of(|| mailto::mailtourl(o), text, o),
        Rule::Fileurl => whole_of(|| file::fileurl(o), text, o),
        Rule::Prosperourl => whole_of(|| prospero::prosperourl(o), text, o),
        _ => whole_of(|| generic::otherurl(o), text, o),
    }
}

/// A whole input that matched a production.
///
/// ```
/// use rfc1738::{Rule, parse_rule};
/// let matched = parse_rule(Rule::Login, "myname:secret@host.dom")?;
/// assert_eq!((matched.rule(), matched.as_str()), (Rule::Login, "myname:secret@host.dom"));
/// assert_eq!(matched.password_span(), Some(7..13));
/// assert_eq!(matched.tree().find(Rule::Host).unwrap().text(), "host.dom");
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Match<'a> {
    rule: Rule,
    input: &'a str,
    folded: bool,
}

impl PartialEq for Match<'_> {
    /// Matches are equal when they are of the same production and text,
    /// whether scheme names were compared by the letter ([`parse_rule`]) or
    /// case-insensitively ([`check`]): a text that matches by the letter is
    /// read the same way both ways.
    ///
    /// ```
    /// use rfc1738::{Rule, check, parse_rule};
    /// assert_eq!(check("http://h/")?, parse_rule(Rule::Httpurl, "http://h/")?);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    fn eq(&self, other: &Match<'_>) -> bool {
        (self.rule, self.input) == (other.rule, other.input)
    }
}

impl Eq for Match<'_> {}

impl core::hash::Hash for Match<'_> {
    /// Hashes what equality compares.
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (self.rule, self.input).hash(state);
    }
}

impl core::fmt::Display for Match<'_> {
    /// The text matched, as written (passwords included, as a [`Url`]'s
    /// `Display` shows them), padded as a `str` is given a width.
    ///
    /// ```
    /// let matched = rfc1738::parse_rule(rfc1738::Rule::Hostport, "host.dom:80")?;
    /// assert_eq!(matched.to_string(), "host.dom:80");
    /// assert_eq!(format!("[{matched:>13}]"), "[  host.dom:80]");
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.pad(self.input)
    }
}

impl AsRef<str> for Match<'_> {
    /// [`Match::as_str`]: the text matched, for a function that takes any
    /// `impl AsRef<str>`.
    ///
    /// ```
    /// fn length(text: impl AsRef<str>) -> usize {
    ///     text.as_ref().len()
    /// }
    /// let matched = rfc1738::parse_rule(rfc1738::Rule::Login, "me@host.dom")?;
    /// assert_eq!(length(matched), 11);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    fn as_ref(&self) -> &str {
        self.input
    }
}

impl<'a> Match<'a> {
    /// The production matched.
    ///
    /// ```
    /// // `check` chooses the scheme rule by the scheme name.
    /// assert_eq!(rfc1738::check("WAIS://h/db")?.rule(), rfc1738::Rule::Waisurl);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The input, which the production matched whole.
    ///
    /// ```
    /// let matched = rfc1738::parse_rule(rfc1738::Rule::Hostport, "host.dom:80")?;
    /// assert_eq!(matched.as_str(), "host.dom:80");
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.input
    }

    /// The derivation tree of the input under the production: the input is
    /// read once more, recording which production matched which bytes.
    ///
    /// The tree is as large as the derivation: a node for each production
    /// matched, and for each character the chain of character classes it
    /// was matched by (`xchar` › `unreserved` › `alpha` › `lowalpha`), each
    /// node a small allocation. A run of characters takes some 300 bytes of
    /// memory a byte; bound the input before asking for the tree of what
    /// may be long. [`Derivation`] shows a printer that folds those chains.
    ///
    /// ```
    /// use rfc1738::{Rule, parse_rule};
    /// let tree = parse_rule(Rule::Ftpurl, "ftp://myname@host.dom/%2Fetc/motd")?.tree();
    /// assert_eq!(tree.find(Rule::User).unwrap().text(), "myname");
    /// assert_eq!(tree.find(Rule::Hostport).unwrap().span(), 13..21);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn tree(&self) -> Derivation<'a> {
        let tree = self.flat();
        Derivation::read(&tree, 0, self.input)
    }

    /// The derivation tree, flat: the input read once more.
    pub(crate) fn flat(&self) -> Flat {
        let tree = pass::derive(self.rule, self.input, true, self.folded);
        debug_assert!(tree.is_some(), "a match has a derivation");
        tree.unwrap_or_else(|| Flat {
            entries: vec![Entry {
                rule: self.rule,
                class: false,
                start: 0,
                end: self.input.len(),
                size: 1,
            }],
        })
    }

    /// The byte span of the `password` in the derivation tree, if the
    /// string holds one: the productions that can hold one are `password`,
    /// `login`, `ip-schemepart`, `ftpurl`, `telneturl`, `url`, and
    /// `schemepart`, `genericurl` and `otherurl` where their scheme-specific
    /// part is an `ip-schemepart`. No tree is built: the password is read
    /// from the typed output of the same combinators, in one more pass that
    /// allocates nothing, made only for those productions and only when the
    /// input has a `:` followed by an `@` after its `//`: most inputs cost
    /// nothing.
    ///
    /// A `url`, `genericurl` or `otherurl` that starts with the appendix's
    /// prefix `URL:` (in any case), read as a scheme name, holds no
    /// `password` for the grammar; the URL after the prefix may, and its
    /// password is given ([`Url::password_span`](crate::Url::password_span)
    /// says why), read as [`parse`] reads it, or guessed as its error's
    /// when it does not parse. Nor does a URL (of any scheme rule, `url`,
    /// `genericurl`, `otherurl`) or a `schemepart` whose scheme-specific part
    /// starts with `//` where the grammar reads no login (an other scheme's
    /// part that is no `ip-schemepart`, `x://me:p@ss@host/`; a news article,
    /// `news://me:pw@host`): the password people read after its `//` is
    /// given, guessed as [`Url::password_span`](crate::Url::password_span)
    /// says. A `url`, `genericurl` or `otherurl` whose scheme is one of
    /// section 3's but that its scheme's rule rejects (`ftp:/me:pw@h/`, an
    /// `otherurl` by the letter) has the password that rule's error guesses
    /// ([`Error::password_span`](crate::Error::password_span)), as
    /// [`parse`] would hide it.
    ///
    /// ```
    /// use rfc1738::{Rule, check, parse_rule};
    /// assert_eq!(check("URL:ftp://me:pw@host/")?.password_span(), Some(13..15));
    /// assert_eq!(parse_rule(Rule::Login, "john:hunter2@host.dom")?.password_span(), Some(5..12));
    /// assert_eq!(check("x-ftp://me:pw@host/")?.password_span(), Some(11..13));
    /// assert_eq!(check("ftp://host/a:b@c")?.password_span(), None);
    /// assert_eq!(parse_rule(Rule::Url, "ftp://me:p@ss@host/")?.password_span(), Some(9..13));
    /// assert_eq!(parse_rule(Rule::Url, "ftp:/me:pw@h/")?.password_span(), Some(8..10));
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn password_span(&self) -> Option<core::ops::Range<usize>> {
        password::in_match(self.rule, self.input, self.folded)
            .or_else(|| url_prefix_password(self.rule, self.input))
            .or_else(|| password::in_unparsed_of(self.rule, self.input))
    }
}

/// The derivation tree of the prefix of `input` that the production's
/// combinator matches when it need not reach the end, as nom parsers do:
/// for an input `parse_rule` rejects, how far a reading by the production
/// gets before the error. `None` when the combinator matches no prefix.
///
/// It is the combinator's reading, which commits as the grammar's
/// combinators do (`grammar/DECISIONS.md`): not the longest prefix of
/// `input` that is a string of the production, which may be longer than
/// what it gives, or exist where it gives `None`. `http://a.b./x` has the
/// prefix `http://a.b`, an httpurl, but the combinator, having read the
/// `.` as the start of another label, fails there. Where the error is,
/// the longest prefix that can go on to a string of the production, is
/// [`Error::offset`]; [`bnf::Matcher`](crate::bnf::Matcher) answers the
/// BNF's questions by its own semantics.
///
/// ```
/// use rfc1738::{Rule, parse_prefix};
/// let tree = parse_prefix(Rule::Httpurl, "http://host:8a/").unwrap();
/// assert_eq!(tree.text(), "http://host:8");
/// assert!(parse_prefix(Rule::Httpurl, "http:/").is_none());
/// // "http://a.b" is an httpurl; the combinator commits to a third label.
/// assert!(parse_prefix(Rule::Httpurl, "http://a.b./x").is_none());
/// ```
#[must_use]
pub fn parse_prefix(rule: Rule, input: &str) -> Option<Derivation<'_>> {
    pass::derive(rule, input, false, false).map(|tree| Derivation::read(&tree, 0, input))
}

/// Checks a URL as [`parse`] reads it (the scheme rule its scheme selects,
/// scheme names compared case-insensitively), building no syntax tree: the
/// validator's question. The [`Match`] gives the derivation tree on demand.
///
/// # Errors
///
/// When [`parse`] rejects `input`, with the same [`Error`].
///
/// ```
/// let url = rfc1738::check("HTTP://host/")?;
/// assert_eq!(url.rule(), rfc1738::Rule::Httpurl);
/// # Ok::<(), rfc1738::Error>(())
/// ```
pub fn check(input: &str) -> Result<Match<'_>, Error> {
    whole_match(scheme_rule(input), input, true)
}

/// The [`Match`] of `rule` over the whole of `input`, scheme names folded
/// with `fold`, or the error of the pass that rejected it.
fn whole_match(rule: Rule, input: &str, folded: bool) -> Result<Match<'_>, Error> {
    match pass::check(rule, input, folded) {
        Ok(()) => Ok(Match {
            rule,
            input,
            folded,
        }),
        Err(offset) => Err(Error::new(rule, input, offset, None, folded)),
    }
}

/// [`parse_prefix`] as [`check`] reads a URL: the scheme rule its scheme
/// selects, scheme names compared case-insensitively. Like it, the
/// combinator's reading, not the longest prefix of the rule.
///
/// ```
/// let tree = rfc1738::check_prefix("HTTP://host:8a/").unwrap();
/// assert_eq!(tree.text(), "HTTP://host:8");
/// assert!(rfc1738::check_prefix("http:/").is_none());
/// ```
#[must_use]
pub fn check_prefix(input: &str) -> Option<Derivation<'_>> {
    pass::derive(scheme_rule(input), input, false, true)
        .map(|tree| Derivation::read(&tree, 0, input))
}

/// Matches `rule` against the whole of `input`, by the grammar's letter: no
/// case folding, no choice of rule by scheme. This is the conformance
/// question "is `input` a string of the production?".
///
/// # Errors
///
/// When `input` is not a string of `rule`: the [`Error`] names `rule`,
/// points at the first byte no string of it can have there, or at the end
/// of an input that stops too early, and gives what was expected there,
/// what was found and the production path.
///
/// ```
/// use rfc1738::{Rule, parse_rule};
/// assert!(parse_rule(Rule::Hostnumber, "10.0.0.1").is_ok());
/// assert_eq!(parse_rule(Rule::Hostnumber, "10.0.0").unwrap_err().offset(), 6);
/// assert!(parse_rule(Rule::Url, "http://user@host/").is_ok()); // an otherurl
/// ```
pub fn parse_rule(rule: Rule, input: &str) -> Result<Match<'_>, Error> {
    whole_match(rule, input, false)
}

/// Checks bytes that may not be UTF-8, as a validator reading files does:
/// against `rule` by the grammar's letter, as [`parse_rule`] does, or, with
/// `None`, against the scheme rule as [`parse`] does. Returns the rule
/// matched. The rule comes first, as in [`parse_rule`] and
/// [`parse_prefix`].
///
/// # Errors
///
/// When the input is not a string of the rule. No valid URL has a byte
/// outside ASCII, so a byte that is not UTF-8 fails the input: the grammar
/// reads only the text before it, and the [`Error`] points at that byte
/// ([`Error::found`] is [`Found::Byte`](crate::Found::Byte)) unless the text
/// failed earlier. The error keeps the whole input, bytes that are not UTF-8
/// as U+FFFD, so that its diagnostic shows what follows too.
///
/// ```
/// use rfc1738::{Rule, check_bytes};
/// assert_eq!(check_bytes(None, b"news:comp.infosystems.www.misc"), Ok(Rule::Newsurl));
/// assert_eq!(check_bytes(Some(Rule::Hostnumber), b"10.0.0.1"), Ok(Rule::Hostnumber));
/// // "caf\u{e9}" in Latin-1: the byte 0xE9 is no UTF-8, and no URL.
/// let error = check_bytes(None, b"http://host/caf\xE9").unwrap_err();
/// assert_eq!(error.offset(), 15);
/// let error = check_bytes(None, b"http://host/caf\xE9/menu").unwrap_err();
/// assert!(format!("{error:#}").contains("http://host/caf\u{FFFD}/menu"));
/// ```
pub fn check_bytes(rule: Option<Rule>, input: &[u8]) -> Result<Rule, Error> {
    let (text, bad) = match core::str::from_utf8(input) {
        Ok(text) => (text, None),
        Err(error) => {
            let valid = error.valid_up_to();
            // `valid_up_to` ends the longest valid UTF-8 prefix, and the
            // invalid byte that stopped it follows.
            let text = core::str::from_utf8(&input[..valid]).unwrap_or_default();
            (text, Some(input[valid]))
        }
    };
    let (rule, fold) = match rule {
        Some(rule) => (rule, false),
        None => (scheme_rule(text), true),
    };
    // The error keeps the whole input, bytes that are not text as U+FFFD,
    // so that what follows the first of them is shown too: the grammar
    // reads only the text before it (`Error::read`).
    let whole = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    match (pass::check(rule, text, fold), bad) {
        (Ok(()), None) => Ok(rule),
        // The text failed before the byte: its error stands. The grammar
        // read nothing after the offset, so the rest, shown, changes
        // nothing of what it says.
        (Err(offset), Some(_)) if offset < text.len() => {
            Err(Error::new(rule, &whole(input), offset, None, fold))
        }
        // The byte comes where the text could have ended or gone on: the
        // error is there, and says what could have come instead.
        (_, Some(byte)) => Err(Error::new(
            rule,
            &whole(input),
            text.len(),
            Some(byte),
            fold,
        )),
        (Err(offset), None) => Err(Error::new(rule, text, offset, None, fold)),
    }
}

#[cfg(test)]
mod tests {
    use core::ops::Range;

    use super::url_prefix_password;
    use crate::{Rule, check};

    /// A URL after the appendix's prefix `URL:`, read as a scheme name,
    /// has its password, whatever the prefix's case and number, for the
    /// rules whose string can start with it, and no other.
    #[test]
    fn a_url_after_the_prefix_has_its_password() {
        let cases: [(Rule, &str, Option<Range<usize>>); 17] = [
            (Rule::Otherurl, "URL:ftp://me:pw@h/", Some(13..15)),
            // The last `url:` is the URL's scheme name, and `//me:pw@h/`
            // its ip-schemepart: found by the guess after the `//`.
            (Rule::Otherurl, "URL:url://me:pw@h/", Some(13..15)),
            (Rule::Otherurl, "url:URL:url://me:pw@h/", Some(17..19)),
            (Rule::Url, "url:x://me:pw@h/p", Some(11..13)),
            (Rule::Genericurl, "url:Url:telnet://me:pw@h", Some(20..22)),
            // A login after the `//` of a URL whose grammar reads none
            // there (a news article): guessed.
            (Rule::Otherurl, "URL:news://me:pw@h", Some(14..16)),
            // The URL after the prefix has no password, or is none.
            (Rule::Otherurl, "URL:mailto:me:pw@h", None),
            (Rule::Otherurl, "URL:ftp://h/%zz", None),
            // No URL follows: guessed as a rejected input's.
            (Rule::Otherurl, "URL:ftp://me:pw@h_x/", Some(13..15)),
            (Rule::Otherurl, "URL:ftp://me:p@w@h/%zz", Some(13..16)),
            (Rule::Otherurl, "URL:", None),
            // The guess is empty: no password was written, whether the
            // input stops there or goes on. A parsed URL's empty password
            // is one, as in the URL without the prefix.
            (Rule::Otherurl, "URL:ftp://h:", None),
            (Rule::Otherurl, "URL:ftp://h:/x", None),
            (Rule::Otherurl, "urL:ftp://m%0d(.r:", None),
            (Rule::Otherurl, "URL:telnet://me:@h", Some(16..16)),
            // No prefix, or a rule whose strings cannot start with one.
            (Rule::Otherurl, "URN:ftp://me:pw@h/", None),
            (Rule::Schemepart, "URL:ftp://me:pw@h/", None),
        ];
        for (rule, input, want) in cases {
            assert_eq!(url_prefix_password(rule, input), want, "{rule} {input}");
        }
        // A thousand prefixes are skipped by one scan, the URL parsed once.
        let many = format!("{}ftp://me:pw@h/", "uRl:".repeat(1000));
        assert_eq!(url_prefix_password(Rule::Url, &many), Some(4009..4011));
        // `parse` and `check` give it.
        let input = "URL:ftp://me:pw@h/";
        assert_eq!(crate::parse(input).unwrap().password_span(), Some(13..15));
        assert_eq!(check(input).unwrap().password_span(), Some(13..15));
    }
}
