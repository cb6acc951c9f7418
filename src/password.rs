//! Where the password of an input is, so that what is shown to people can
//! hide it: the one place the crate decides it.
//!
//! - A valid URL's password is the parser's own: the `password` of its
//!   typed tree (`Url::password_span`), or, for a string of any production,
//!   the `password` node of its derivation tree, read from the typed output
//!   of the same combinators ([`in_match`]).
//! - A valid URL written with the appendix's prefix `URL:` read as its
//!   scheme name (`URL:ftp://me:pw@host/`, an `otherurl` whose scheme is
//!   `URL`) holds, for the grammar, no password; the URL after the prefix
//!   does, and it is that one's: the parser's own, or the guess of its
//!   error (`api::url_prefix_password`).
//! - A valid URL whose scheme-specific part starts with `//` but is no
//!   `ip-schemepart` (`postgres://me:pw@db_1:5432/`, a `_` in its host; `-r
//!   url 'ftp://me:p@ss@h/'`, an `otherurl`) holds, for the grammar, no
//!   password; people and programs read a login after its `//` all the
//!   same, and its password is guessed there ([`in_unparsed`]).
//! - A rejected input has no tree: its password is guessed from what the
//!   pass that rejected it read ([`guessed`]), conservatively, so that a
//!   password the grammar does not accept (an `@` or `/` typed into it
//!   unencoded) is hidden whole.
//! - Beyond the input's own, every `//user:password@host` written in what
//!   is shown (a second URL on the line, a URL in a path, in text after
//!   the URL) holds a password for people: each `//` starts an authority,
//!   read as the one after a scheme-specific part's `//` is ([`written`]).
//! - So is every one that the text's decoded text writes (`%2F%2Fme:pw@h`):
//!   hidden as the text it is decoded from ([`decoded_passwords`]), the
//!   login of the URL the text starts with left to the parser.

use core::iter::FusedIterator;
use core::ops::Range;
use std::borrow::Cow;

use crate::Rule;
use crate::ast::{Login, Url};
use crate::grammar::{Folded, Quiet, Text, ftp, generic, ip, telnet};
use crate::pass::emit;
use crate::position::{ceil_boundary, floor_boundary};
use crate::trace::Credentials;

/// The productions a string of which can hold a `password`: `password`, the
/// productions that use it directly or through others (`login`,
/// `ip-schemepart`, `ftpurl`, `telneturl`, `url`), and `schemepart` and
/// those that use it (`genericurl`, `otherurl`), whose derivation reads a
/// whole `ip-schemepart` as one (`grammar/DECISIONS.md`).
pub(crate) const HOLDERS: [Rule; 9] = [
    Rule::Password,
    Rule::Login,
    Rule::IpSchemepart,
    Rule::Schemepart,
    Rule::Genericurl,
    Rule::Otherurl,
    Rule::Url,
    Rule::Ftpurl,
    Rule::Telneturl,
];

/// The span of the `password` in the derivation of `input`, a string of
/// `rule` (scheme names folded with `fold`).
///
/// The derivation tree is not built: the password is read from what the
/// rule's combinator returns, the typed tree of the same choices
/// ([`typed`]), in one pass that allocates nothing. Even that pass is made
/// only when the input can hold a password: `rule` is one of [`HOLDERS`] and
/// the input has a `:` followed by an `@` (a password stands between the two
/// in a `login`) after its first `//` (a login follows the `//` of its
/// `ip-schemepart`, and a scheme name holds no `/`), or anywhere in an input
/// without `//` (a `login` of its own).
pub(crate) fn in_match(rule: Rule, input: &str, fold: bool) -> Option<Range<usize>> {
    if rule == Rule::Password {
        return Some(0..input.len());
    }
    if !HOLDERS.contains(&rule) || !may_hold(input) {
        return None;
    }
    let password = if fold {
        typed(rule, Folded(input))
    } else {
        typed(rule, input)
    }?;
    // The password is a slice of the input.
    let start = password.as_ptr() as usize - input.as_ptr() as usize;
    Some(start..start + password.len())
}

/// The password of `input`, a string of `rule`, from the typed output of
/// the rule's combinator: the `login` of a URL, of an `ip-schemepart`, or
/// of a scheme-specific part that is a whole `ip-schemepart` (as the
/// derivation tree reads it).
fn typed<'a, I: Text<'a>>(rule: Rule, input: I) -> Option<&'a str> {
    let o = Quiet;
    let login = match rule {
        Rule::Login => emit(ip::login(o), input, o)?,
        Rule::IpSchemepart => emit(ip::ip_schemepart(o), input, o)?.login,
        Rule::Ftpurl => emit(ftp::ftpurl(o), input, o)?.login,
        Rule::Telneturl => emit(telnet::telneturl(o), input, o)?.login,
        Rule::Url => match emit(generic::url(o), input, o)? {
            Url::Ftp(url) => url.login,
            Url::Telnet(url) => url.login,
            Url::Other(url) => login_of(url.schemepart)?,
            _ => return None,
        },
        Rule::Genericurl | Rule::Otherurl => {
            login_of(emit(generic::genericurl(o), input, o)?.schemepart)?
        }
        Rule::Schemepart => login_of(emit(generic::schemepart(o), input, o)?)?,
        _ => return None,
    };
    login.password
}

/// The login of a scheme-specific part that is a whole `ip-schemepart`.
fn login_of(schemepart: &str) -> Option<Login<'_>> {
    let o = Quiet;
    schemepart.starts_with("//").then_some(())?;
    emit(ip::ip_schemepart(o), schemepart, o).map(|ip| ip.login)
}

/// Whether `input` has a `:` then an `@` after its first `//`, or anywhere
/// when it has none.
fn may_hold(input: &str) -> bool {
    let after = input.find("//").map_or(input, |at| &input[at + 2..]);
    after
        .find(':')
        .is_some_and(|colon| after[colon..].contains('@'))
}

/// The span of what would be the password of `input`, which a pass of
/// `rule` rejected at `offset` having read `read`; `None` when nothing
/// there looks like one.
///
/// A string of `password` is a password whole, as a valid one is
/// ([`in_match`]): all of `input` is, whatever stands at the offset (a `/`
/// or an `@`, which a password may not hold unencoded, is no end of it).
/// Otherwise:
///
/// 1. The authority starts where the pass first entered a `login`, a
///    `hostport` or a `host` (or, as the rule checked, one of a login's
///    parts: `user`, `hostname`, `hostnumber`, `domainlabel`, `toplabel`,
///    `port`), or two bytes into a `schemepart` that starts with `//` (an
///    `ip-schemepart`'s login); with none of them, where the
///    `password` being read at the offset starts (a string of `password`
///    itself). When the pass read none of them, or a `schemepart` without
///    `//`, the guess is [`unread`]'s.
/// 2. It ends at the first `/` after its start. When a user or a password
///    was being read at the offset and the offset is not past that `/`,
///    a `/` typed into it may have ended it early (`root:hunter2/x@host`):
///    if an `@` follows the offset, the authority reaches the first `/`
///    after that `@` instead, and goes on from there as [`authority_end`]
///    reads on. Otherwise it ends where [`authority_end`] says.
/// 3. The password is what stands between the first `:` and the last `@` of
///    the authority (a user holds no `:`, a host no `@`). Without such a
///    pair, when a password was being read at the offset, it is all of the
///    authority from where that password starts (`ftp://me:secret`); so it
///    is from after the authority's first `:` when that of a `schemepart`
///    (an other scheme's part, which the pass reads as characters) has the
///    offset after it, the error in what would be the password, no `@`
///    typed yet (`x://me:sec ret/`, as `ftp://me:sec ret/`).
pub(crate) fn guessed(
    rule: Rule,
    input: &str,
    offset: usize,
    read: &Credentials,
) -> Option<Range<usize>> {
    if rule == Rule::Password {
        return Some(0..input.len());
    }
    let bytes = input.as_bytes();
    let start = match read.opened {
        Some((Rule::Schemepart, at)) if input[at..].starts_with("//") => Some(at + 2),
        Some((Rule::Schemepart, _)) => return unread(input),
        Some((_, at)) => Some(at),
        None if read.password.is_none() => return unread(input),
        None => None,
    }
    .or(read.password)?;
    // Every cut below is at an ASCII byte found in `input`, a production's
    // start or the offset: char boundaries.
    let slash = slash_after(bytes, start);
    let reading = read.user || read.password.is_some();
    let end = if reading && offset <= slash {
        // The pass reached no further than the offset, so the authority
        // starts before it; `max` keeps the span whole were that to change.
        let from = offset.max(start);
        let at = bytes[from..].iter().position(|&b| b == b'@');
        let end = at.map_or(slash, |at| slash_after(bytes, from + at));
        authority_end_from(bytes, start, end, &mut NextAt::default(), slash_after)
    } else {
        authority_end(bytes, start, &mut NextAt::default(), slash_after)
    };
    // An other scheme's part after its `//` is read as characters, no
    // `password` in it: where the offset lies after the authority's first
    // `:`, the input was rejected in what follows it, which no port (all
    // digits, which the part may hold) is.
    let in_part = matches!(read.opened, Some((Rule::Schemepart, _)))
        .then(|| memchr::memchr(b':', &bytes[start..end]))
        .flatten()
        .map(|colon| start + colon + 1)
        .filter(|&after| after <= offset && offset <= end);
    between(bytes, start..end).or_else(|| {
        (read.password.or(in_part))
            .filter(|password| (start..=end).contains(password))
            .map(|password| password..end)
    })
}

/// What stands between the first `:` and the last `@` of the authority at
/// `span` in `bytes`, if both are there in that order: its password.
fn between(bytes: &[u8], span: Range<usize>) -> Option<Range<usize>> {
    let authority = &bytes[span.clone()];
    let colon = authority.iter().position(|&b| b == b':')?;
    let at = authority.iter().rposition(|&b| b == b'@')?;
    (colon < at).then_some(span.start + colon + 1..span.start + at)
}

/// The span of what would be the password of `input` when the pass that
/// rejected it read nothing of a login: it stopped before one, at text
/// around the URL (`<URL:...>`, whitespace), a mistyped `//` or the start
/// of another production's input, or read a scheme-specific part that is
/// no `ip-schemepart` (`URL:ftp://...`, the appendix's prefix read as a
/// scheme name). The authority is taken to start after the `:` (and the
/// `/`s) that end the name of a scheme whose URLs have one (section 3; not
/// `mailto:me:x@host`, an address), or, without such a name, after the
/// first `//`; it ends where [`authority_end`] says, and the password is
/// what stands between its first `:` and its last `@`.
///
/// The scheme's name comes first, so that a `//` further on (`ftp:/me:pw@h/a//b`,
/// a mistyped `//` and a path's empty segment; a second URL after the first)
/// does not move the authority past the password; a `//` before the name
/// (`see //x ftp:/me:pw@h/`) starts an authority that [`written`] reads.
fn unread(input: &str) -> Option<Range<usize>> {
    let bytes = input.as_bytes();
    let start = match after_login_scheme(bytes) {
        Some(start) => start,
        None => input.find("//")? + 2,
    };
    // Every cut is at an ASCII byte of `input`: char boundaries.
    authority_at(bytes, start, &mut NextAt::default(), slash_after).0
}

/// The span of what would be the password of `schemepart`, the
/// scheme-specific part of a valid URL whose grammar reads no login in it
/// (not an `ip-schemepart`: a run of `xchar`, an address, an article): when
/// it starts with `//`, what stands between the first `:` and the last `@`
/// of what follows, up to where [`authority_end`] says.
///
/// Where the part is an `ip-schemepart` after all, this is its login's
/// password: the text up to its first `/` is the login, whose user holds no
/// `:` and whose host and password hold no `@`, whose host is not empty,
/// and whose `:` after the host is a port's, of digits.
pub(crate) fn in_unparsed(schemepart: &str) -> Option<Range<usize>> {
    let bytes = schemepart.as_bytes();
    bytes.starts_with(b"//").then_some(())?;
    authority_at(bytes, 2, &mut NextAt::default(), slash_after).0
}

/// [`in_unparsed`] for a valid string of `rule`: the scheme-specific part of
/// a URL ([`Rule::URLS`], after its scheme name's `:`), or a `schemepart`;
/// `None` for the other productions. As
/// [`Url::password_span`](crate::Url::password_span) reads it, it finds
/// something only where the grammar reads no login (an `otherurl`'s part, a
/// news article, a mail address) or where the login's password is the
/// parser's own.
///
/// A string of `url`, `genericurl` or `otherurl` whose scheme is one of
/// section 3's is read as [`crate::parse`] reads it, by that scheme's rule:
/// where the rule rejects it, a `url` by the grammar's letter that is no
/// URL of its scheme (`ftp:/me:pw@h/`, `ftp://me:pw`: `otherurl`s whose
/// scheme is `ftp`), as the rule's error guesses
/// ([`Error::password_span`](crate::Error::password_span), by the same
/// pass and [`guessed`]). So `url` hides what `parse` and its diagnostics
/// hide, not less: the guess after a `//` reads no login before an `@`,
/// nor one without a `//`. Only an input with a `:` after its scheme
/// name's may hold a password either way, and only such an input is read
/// again.
pub(crate) fn in_unparsed_of(rule: Rule, input: &str) -> Option<Range<usize>> {
    let start = match rule {
        Rule::Schemepart => 0,
        // A scheme name holds no `:`: the first ends it.
        Rule::Url | Rule::Genericurl | Rule::Otherurl => {
            let part = input.find(':')? + 1;
            memchr::memchr(b':', &input.as_bytes()[part..])?;
            if let Some(guess) = by_scheme(input, part - 1) {
                return guess;
            }
            part
        }
        _ if Rule::URLS.contains(&rule) => input.find(':')? + 1,
        _ => return None,
    };
    let span = in_unparsed(&input[start..])?;
    Some(start + span.start..start + span.end)
}

/// The rules of section 3's schemes, by name (compared case-insensitively),
/// as [`crate::scheme_rule`] selects them.
const SCHEME_RULES: [(&str, Rule); 10] = [
    ("http", Rule::Httpurl),
    ("ftp", Rule::Ftpurl),
    ("news", Rule::Newsurl),
    ("nntp", Rule::Nntpurl),
    ("telnet", Rule::Telneturl),
    ("gopher", Rule::Gopherurl),
    ("wais", Rule::Waisurl),
    ("mailto", Rule::Mailtourl),
    ("file", Rule::Fileurl),
    ("prospero", Rule::Prosperourl),
];

/// What [`crate::parse`]'s error would guess as the password of `input`,
/// whose scheme name ends at `colon`: `Some` where the name is one of
/// section 3's and that scheme's rule rejects `input` (the guess, or
/// `None`); `None` where it accepts it, or the name is another's.
fn by_scheme(input: &str, colon: usize) -> Option<Option<Range<usize>>> {
    let name = &input[..colon];
    let (_, rule) = SCHEME_RULES
        .iter()
        .find(|(scheme, _)| scheme.eq_ignore_ascii_case(name))?;
    let offset = crate::pass::check(*rule, input, true).err()?;
    let mut recorded = crate::trace::Recorded::new();
    crate::pass::diagnose(*rule, input, true, offset, &mut recorded);
    Some(guessed(*rule, input, offset, &recorded.credentials))
}

/// The authority that starts at `start` in `bytes`: the span of its
/// password, what stands between its first `:` and its last `@` (if both
/// are there in that order), and where it ends, as [`authority_end`] says.
/// `ats` finds the `@`s after `start` (see [`NextAt`]); `end_of` is where
/// the next delimiter after a position is ([`slash_after`], or
/// [`part_end_after`] in a decoded text).
fn authority_at(
    bytes: &[u8],
    start: usize,
    ats: &mut NextAt,
    end_of: EndOf,
) -> (Option<Range<usize>>, usize) {
    let end = authority_end(bytes, start, ats, end_of);
    (between(bytes, start..end), end)
}

/// Where the authority that starts at `start` in `bytes` ends: at the first
/// `/` after it, unless a `/` typed into a password ended it early, which
/// shows where the text up to that `/` has a `:` that is no port's while an
/// `@` comes after it: then at the first `/` after that `@`
/// (`http://root:hunter2/x@host/`), and so on from there. The `:` is no
/// port's where what stands after the last `@` of the text (all of it,
/// without one) has a `:` that no port follows (not all digits, or
/// nothing), after an `@` a host's name before it (letters, digits, `-`
/// and `.`: not a query's text): `root:hunter2`, `me@mail.com:hun` (an
/// `@` typed into the user);
/// or where nothing stands after that `@` and a `:` stands before it
/// (`me:hun@`, an `@` typed into the password, then a `/`): no host is
/// empty. The `@` is looked for, with `ats`, only then. (In a decoded text,
/// a `?` or `&` before the first `:` ends it too: [`part_end_after`].)
fn authority_end(bytes: &[u8], start: usize, ats: &mut NextAt, end_of: EndOf) -> usize {
    authority_end_from(bytes, start, end_of(bytes, start), ats, end_of)
}

/// [`authority_end`] for an authority known to reach at least to `end` (a
/// delimiter [`EndOf`] gives, or the end): read on from there as from its
/// first `/`. Each byte is read once, whatever the authority holds.
fn authority_end_from(
    bytes: &[u8],
    start: usize,
    mut end: usize,
    ats: &mut NextAt,
    end_of: EndOf,
) -> usize {
    // The authority's first `:` and its last `@`, as far as it is read.
    let (mut colon, mut last_at) = (None, None);
    let mut read = start;
    loop {
        let new = &bytes[read..end];
        colon = colon.or_else(|| memchr::memchr(b':', new).map(|i| read + i));
        last_at = memchr::memrchr(b'@', new).map(|i| read + i).or(last_at);
        read = end;
        // What stands after the last `@` (all of it, without one): the
        // host and port, if any.
        let host = &bytes[last_at.map_or(start, |at| at + 1)..end];
        let no_port = |at: usize| {
            let port = &host[at + 1..];
            port.is_empty() || !port.iter().all(u8::is_ascii_digit)
        };
        // After an `@`, a host's name before the `:`: not a query's text
        // (`//u:v@w?x=ftp://a:b@c`, whose `ftp:` has no port after it).
        let named = |at: &usize| {
            last_at.is_none()
                || host[..*at]
                    .iter()
                    .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.'))
        };
        let cut_password = memchr::memchr(b':', host)
            .filter(named)
            .is_some_and(no_port)
            || (host.is_empty() && last_at.is_some_and(|at| colon.is_some_and(|c| c < at)));
        match cut_password.then(|| ats.at_or_after(bytes, end)).flatten() {
            Some(at) => end = end_of(bytes, at),
            None => return end,
        }
    }
}

/// Where the delimiter that ends an authority is, at or after a position
/// of a text.
type EndOf = fn(&[u8], usize) -> usize;

/// Finds the first `@` at or after a position of a text, for positions
/// asked in increasing order, in time linear in the text however many are
/// asked: it keeps the last answer, which stands for every position up to
/// it (and, when there was none, for every position after).
#[derive(Default)]
struct NextAt {
    /// The position last asked, and the first `@` at or after it.
    last: Option<(usize, Option<usize>)>,
}

impl NextAt {
    /// The first `@` of `bytes` at or after `from`.
    fn at_or_after(&mut self, bytes: &[u8], from: usize) -> Option<usize> {
        let found = match self.last {
            Some((asked, found)) if asked <= from && found.is_none_or(|found| found >= from) => {
                found
            }
            _ => memchr::memchr(b'@', &bytes[from..]).map(|at| from + at),
        };
        self.last = Some((from, found));
        found
    }
}

/// The passwords written in `text` after a `//`, in order: each `//` starts
/// an authority (wherever it stands: after a scheme name, in a path, in
/// text around a URL, in a run of `/`s), read as [`in_unparsed`] reads the
/// one after a scheme-specific part's `//`: what stands between its first
/// `:` and its last `@`, up to where [`authority_end`] says. Empty
/// passwords are left out.
///
/// A `//` inside an authority already read is skipped: the password it
/// would start lies inside that authority's (whose end reaches past a `/`
/// only from one `@` to the `/` after it, the `@`s and `/`s an inner one
/// would read on through, an inner one stopping no later: what it reads
/// after its last `@` is the outer's, and a `:` it holds the outer holds;
/// and the outer reached past the inner's `//` for a `:` before it, so
/// that any `:` of the inner one follows the outer's first `:` and its
/// last `@` is at most the outer's last). The authorities read are thus apart, and the scan reads each byte
/// of `text` a bounded number of times: it takes time linear in `text`,
/// whatever it holds (`//a:b@` a hundred thousand times, runs of `/`, `:`
/// or `@`).
pub(crate) fn written(text: &str) -> Written<'_> {
    written_bytes(text.as_bytes())
}

/// [`written`] of octets that need not be UTF-8: the scan reads only their
/// ASCII bytes.
fn written_bytes(bytes: &[u8]) -> Written<'_> {
    Written {
        bytes,
        from: 0,
        ats: NextAt::default(),
        end_of: slash_after,
    }
}

/// The byte spans of `text` that read as the passwords of authorities
/// written `//user:password@host`, in increasing order and apart: every
/// `//` starts one (after a scheme name or not, in a path, in the text
/// around a URL), whose password is what stands between its first `:` and
/// its last `@` before the next `/`; or, when a `/` was typed into the
/// password (its `:`, after its last `@` if it has one, has no port after
/// it, or no host follows that `@`, while an `@` follows), up to the `/`
/// after that `@`, and so on (`//root:hunter2/x@host/`,
/// `//me@mail.com:hun/ter2@host/`, `//me:hun@/ter2@host/`). A `//` inside an authority already read starts none (it
/// would lie in that one's password). This is how the crate finds, besides
/// an input's own password ([`Url::password_span`](crate::Url::password_span),
/// [`Error::password_span`](crate::Error::password_span)), the passwords of
/// the other URLs a shown line holds (two URLs pasted on one line, a URL
/// in a path, a log's text after it), which its diagnostics hide with it
/// (`grammar/DECISIONS.md`, D24), and shown with
/// [`Visible::hiding_all`](crate::visible::Visible::hiding_all). It reads
/// `text` once, in time linear in its length whatever it holds.
///
/// ```
/// use rfc1738::authority_passwords;
/// let line = "http://x/a ftp://me:secret@h/ //root:hunter2/x@host/";
/// let passwords: Vec<&str> = authority_passwords(line).map(|span| &line[span]).collect();
/// assert_eq!(passwords, ["secret", "hunter2/x"]);
/// // A port is no password, nor is what has no `//` before it.
/// assert_eq!(authority_passwords("http://h:80/a@b me:pw@h").count(), 0);
/// ```
#[must_use]
pub fn authority_passwords(text: &str) -> impl FusedIterator<Item = Range<usize>> + '_ {
    written(text)
}

/// The passwords that `text` holds once its escapes are decoded, as the
/// spans of `text` they are decoded from (an escape whole, when its octet
/// lies in one), in increasing order and apart: `%2F%2F` decodes to `//`,
/// `%3A` to `:`, `%40` to `@`, and a reader of the decoded text reads a
/// password that [`authority_passwords`] does not find as written
/// (`http://h/a%2F%2Fme:pw@h/`, `?next=ftp%3A%2F%2Fme%3Apw%40h%2F`).
///
/// It adds to [`authority_passwords`], and does not replace it: a text
/// with no escape of `/`, `:` or `@` is not decoded (no copy is made), and
/// none is found in it, however many passwords it writes as they are; in
/// a text with one, those found as written are found again where decoding
/// changes nothing around them. To hide every password of a text, hide
/// the spans of both ([`passwords_around`]).
///
/// The decoded text is read as [`authority_passwords`] reads a text, but
/// an authority in it ends at a `?` or `&` before its first `:` too (a URL
/// encoded into a query parameter is followed by the next parameter,
/// `continue=https%3A%2F%2Fmail.example.com&time=10%3A30&hint=me%40x`),
/// and the reading starts at the text's start, or, when it starts with a
/// scheme name and its `:` (letters, digits, `+`, `-` and `.` before the
/// first `:`), after the `:`; the authority after a `//` written there is
/// the URL's own, whose login stays the parser's (after any scheme but
/// `mailto` and `news`, whose part may start with a `//` too): a
/// decoded `:` in its user (`ftp://me%3Ax:pw@h/`, the user `me:x`) starts
/// no password, and a `//` decoded inside it starts no other authority, so
/// that what is hidden beyond its password does not depend on what that
/// password holds. Elsewhere it is read decoded as any other
/// (`mailto://me%3Apw%40h` holds the password `pw`).
/// Escapes are decoded once (`%252F` is `%2F`, no `/`). It is decoded once
/// and read once, in time linear in its length.
///
/// [`passwords_around`] reads both, around a password whose characters
/// are not to be read (an [`Error`](crate::Error)'s guess, which may hold
/// a `//`).
///
/// ```
/// use rfc1738::decoded_passwords;
/// let text = "http://h/a%2F%2Fme:p%41w@h/x";
/// let spans = decoded_passwords(text);
/// assert_eq!(spans.iter().map(|s| &text[s.clone()]).collect::<Vec<_>>(), ["p%41w"]);
/// assert!(decoded_passwords("ftp://me%3Ax:pw@h/").iter().all(|s| s.start >= 12));
/// ```
#[must_use]
pub fn decoded_passwords(text: &str) -> Vec<Range<usize>> {
    let from = after_scheme(text.as_bytes());
    let written = &text.as_bytes()[from..];
    // The scan reads `/`, `:`, `@` and digits: without an escape of one
    // of the first three, the decoded text holds the same authorities,
    // whose passwords a decoded digit only makes ports of. Such a text
    // is not decoded (no copy of it is made).
    let delimiter = |at: usize| {
        matches!(
            written.get(at + 1..at + 3),
            Some([b'2', b'f' | b'F'] | [b'3', b'a' | b'A'] | [b'4', b'0'])
        )
    };
    if !memchr::memchr_iter(b'%', written).any(delimiter) {
        return Vec::new();
    }
    // Decoded as `url::decode` decodes, which a layer below it cannot
    // call.
    let decoded: Cow<'_, [u8]> = percent_encoding::percent_decode(written).into();
    let mut spans = Vec::new();
    // Where the next octet is decoded from, and which octet it is: the
    // spans come in order, and the walk goes on from the last.
    let (mut at, mut octet) = (0, 0);
    let mut scan = Written {
        end_of: part_end_after,
        ..written_bytes(&decoded)
    };
    if from > 0 && own_login(&text[..from - 1], &text[from..]) {
        // The URL's own authority is read, so that no `//` inside it
        // starts another (what is hidden must not depend on what its
        // password holds), and its password is left to the parser.
        let (_, end) = authority_at(&decoded, 2, &mut scan.ats, part_end_after);
        scan.from = end - 1;
    }
    for span in scan {
        while octet < span.start {
            at += escape_length(written, at);
            octet += 1;
        }
        let start = at;
        while octet < span.end {
            at += escape_length(written, at);
            octet += 1;
        }
        spans.push(from + start..from + at);
    }
    spans
}

/// Whether `written`, what follows the scheme name `scheme` and its `:`,
/// starts with the `//` of the URL's own authority, whose login is the
/// parser's (or the guess of its error): after any scheme's name but
/// `mailto` and `news`, whose address, group or article may start with a
/// `//` too, and there holds no login. It turns on the scheme's name
/// alone, not on what the authority holds: a password read as `*`s
/// changes nothing of it.
fn own_login(scheme: &str, written: &str) -> bool {
    written.starts_with("//")
        && !["mailto", "news"]
            .iter()
            .any(|s| s.eq_ignore_ascii_case(scheme))
}

/// The octets of a decoded part of a URL that spans of its text are
/// decoded from: for `part`, a part as written (a path segment, a search,
/// an address) that [`url::decode`](crate::url::decode) decodes, and
/// `spans` of its bytes, the spans of the decoded octets each of them
/// reaches into, one for each, in order. An escape a span reaches into
/// counts whole, as the octet it decodes to.
///
/// The passwords the crate finds ([`passwords_around`],
/// [`decoded_passwords`], [`authority_passwords`]) are spans of the text as
/// written, which [`Visible::hiding_all`](crate::visible::Visible::hiding_all)
/// hides there; a program that shows a part decoded hides them in it with
/// these spans, made relative to the part first. Spans are meant in
/// increasing order and apart, as those functions give them: each is
/// clamped to the part, and one that starts before the end of the octets
/// of the one before it starts there. Read once, in time linear in the
/// part's length and the number of spans.
///
/// ```
/// use rfc1738::url::decode;
/// use rfc1738::visible::Visible;
/// use rfc1738::{decoded_passwords, octet_spans};
///
/// let text = "http://h/a%2F%2Fme:p%41w@h/x";
/// let spans = decoded_passwords(text);
/// assert_eq!(spans.iter().map(|s| &text[s.clone()]).collect::<Vec<_>>(), ["p%41w"]);
/// // The first path segment, which decodes to "a//me:pAw@h", starts at 9.
/// let part = &text[9..26];
/// let octets = octet_spans(part, spans.iter().map(|s| s.start - 9..s.end - 9));
/// assert_eq!(octets, [6..9]);
/// let decoded = decode(part);
/// let shown = Visible::new(decoded.to_str().unwrap()).hiding_all(&octets).to_string();
/// assert_eq!(shown, "a//me:***@h");
/// // A span that reaches into an escape takes its octet.
/// assert_eq!(octet_spans("a%2Fb", [2..3]), [1..2]);
/// ```
#[must_use]
pub fn octet_spans(part: &str, spans: impl IntoIterator<Item = Range<usize>>) -> Vec<Range<usize>> {
    let raw = part.as_bytes();
    // Where the next octet is decoded from, and which octet it is.
    let (mut at, mut octet) = (0, 0);
    spans
        .into_iter()
        .map(|span| {
            let end = span.end.min(raw.len());
            let start = span.start.min(end);
            // Past the octets whose bytes end at or before the start.
            while at < start && at + escape_length(raw, at) <= start {
                at += escape_length(raw, at);
                octet += 1;
            }
            let first = octet;
            while at < end && start < end {
                at += escape_length(raw, at);
                octet += 1;
            }
            first..octet
        })
        .collect()
}

/// Where [`decoded_passwords`] starts to read `text`: after the scheme
/// name and its `:`, when the text starts with them; else at its start.
fn after_scheme(text: &[u8]) -> usize {
    let name = text
        .iter()
        .take_while(|&&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        .count();
    match name > 0 && text.get(name) == Some(&b':') {
        true => name + 1,
        false => 0,
    }
}

/// The number of bytes of `raw` that decode to the octet at `at`: 3 for
/// an escape (`%` and two hexadecimal digits, as `url::decode` reads
/// one), else 1.
pub(crate) fn escape_length(raw: &[u8], at: usize) -> usize {
    match raw.get(at..at + 3) {
        Some([b'%', high, low]) if high.is_ascii_hexdigit() && low.is_ascii_hexdigit() => 3,
        _ => 1,
    }
}

/// The spans of two lists in increasing order, merged into one: in order,
/// those that meet made one.
fn merged(a: impl Iterator<Item = Range<usize>>, b: Vec<Range<usize>>) -> Vec<Range<usize>> {
    let mut a = a.peekable();
    let mut b = b.into_iter().peekable();
    let mut spans: Vec<Range<usize>> = Vec::new();
    loop {
        let next = match (a.peek(), b.peek()) {
            (Some(x), Some(y)) if x.start <= y.start => a.next(),
            (Some(_), None) => a.next(),
            (_, Some(_)) => b.next(),
            (None, None) => return spans,
        };
        let Some(span) = next else { return spans };
        match spans.last_mut() {
            Some(last) if span.start <= last.end => last.end = last.end.max(span.end),
            _ => spans.push(span),
        }
    }
}

/// The iterator [`written`] returns: byte spans of `text`, in increasing
/// order and apart.
pub(crate) struct Written<'a> {
    bytes: &'a [u8],
    /// Where the next `//` is looked for.
    from: usize,
    ats: NextAt,
    /// Where an authority ends ([`authority_end`]).
    end_of: EndOf,
}

impl Iterator for Written<'_> {
    type Item = Range<usize>;

    fn next(&mut self) -> Option<Range<usize>> {
        loop {
            let Some(slashes) = memchr::memmem::find(&self.bytes[self.from..], b"//") else {
                // Past the end: a call after the last finds nothing at
                // once, not by reading the rest of the text again.
                self.from = self.bytes.len();
                return None;
            };
            let start = self.from + slashes + 2;
            let (password, end) = authority_at(self.bytes, start, &mut self.ats, self.end_of);
            // On from the authority's last byte: a `//` may start there
            // only when the authority is empty (`///me:pw@h`), its `/`
            // the second of the `//`.
            self.from = end - 1;
            // Every cut is at an ASCII byte of the text: char boundaries.
            if let Some(password) = password.filter(|password| !password.is_empty()) {
                return Some(password);
            }
        }
    }
}

/// Once no `//` is left, `from` is the end: every later call finds none,
/// at once (`Fuse` of a `FusedIterator` checks nothing, and `InWritten`
/// asks it again for every offset after the last password).
impl FusedIterator for Written<'_> {}

/// Whether offsets of a text lie in a password [`written`] in it, or in
/// one its decoded text holds ([`decoded_passwords`]), for offsets asked
/// in increasing order: all of them in time linear in the text (an offset
/// asked before the last is answered by reading the text again from its
/// start; the decoded text is read once, when first asked).
pub(crate) struct InWritten<'a> {
    text: &'a str,
    spans: core::iter::Fuse<Written<'a>>,
    /// The first password that ends after the offset last asked.
    current: Option<Range<usize>>,
    asked: usize,
    /// The passwords of the decoded text, once read.
    decoded: Option<Vec<Range<usize>>>,
}

impl<'a> InWritten<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        InWritten {
            text,
            spans: written(text).fuse(),
            current: None,
            asked: 0,
            decoded: None,
        }
    }

    /// Whether `offset` lies in a password written in the text, or in one
    /// its decoded text holds.
    pub(crate) fn contains(&mut self, offset: usize) -> bool {
        let decoded = self
            .decoded
            .get_or_insert_with(|| decoded_passwords(self.text));
        let first = decoded.partition_point(|span| span.end <= offset);
        if decoded
            .get(first)
            .is_some_and(|span| span.contains(&offset))
        {
            return true;
        }
        if offset < self.asked {
            let decoded = self.decoded.take();
            *self = InWritten::new(self.text);
            self.decoded = decoded;
        }
        self.asked = offset;
        while self.current.as_ref().is_none_or(|span| span.end <= offset) {
            match self.spans.next() {
                Some(span) => self.current = Some(span),
                None => return false,
            }
        }
        self.current
            .as_ref()
            .is_some_and(|span| span.contains(&offset))
    }
}

/// The passwords [`written`] in `input`, and those its decoded text holds
/// ([`decoded_passwords`]), that reach into `window` (a byte span of it),
/// as spans of `input`: those a window of its line shows. The input is
/// read from its start, so that a password whose `//` lies before the
/// window, on its line or on one before it, is found too, in time linear
/// in the input; a line feed is read as any other character (a password
/// with one typed into it is found whole, the part of it on the window's
/// line with the rest).
///
/// `own` is the span of the input's own password (the parser's, or an
/// error's guess), hidden on its own: the input is read with each of its
/// bytes taken as a `*` ([`masked`]), so that what is found beyond it does
/// not depend on what it holds. A guess may reach past the authority the
/// readings take as the URL's own (`ftp://h./1:pa//x:/@y%40`), and a `//`
/// in it would start one more, whose password would run on past the guess
/// to an `@` decoded further (fuzz finding 8).
pub(crate) fn written_over(
    input: &str,
    window: Range<usize>,
    own: Option<&Range<usize>>,
) -> Vec<Range<usize>> {
    let from = window.start.min(input.len());
    let to = window.end.clamp(from, input.len());
    passwords_around(input, own.cloned())
        .into_iter()
        .skip_while(|span| span.end <= from)
        .take_while(|span| span.start < to)
        .collect()
}

/// The passwords `text` holds around its own, `own` (a span of it, where
/// the caller knows one: [`Url::password_span`](crate::Url::password_span),
/// [`Error::password_span`](crate::Error::password_span); clamped to the
/// text, and a character it cuts taken whole): those
/// [`authority_passwords`] finds and those [`decoded_passwords`] finds, in
/// increasing order and apart: every span of `text` to hide with `own` for
/// none of its passwords to show. An authority after a `//` is read
/// through a line feed, as any other character, as the guess of an error's
/// password reads it, so that a password with one typed into it
/// (`//me:ab\ncd@h`) is found whole, the part of it on each line; the
/// decoded text is read line by line, each line from its start or after
/// the scheme name that starts it, as a URL of its own. A span found may reach into `own`, or be it (a
/// URL's own password after its `//` is found as written too).
///
/// The text is read as if each byte of `own` were a `*`, so that nothing
/// found beyond it depends on what it holds: an error's guess may hold a
/// `//`, which would start an authority whose password runs on past the
/// guess (`ftp://h./1:pa//x:/@y%40z`, whose `h.` ends at its `/`). A
/// password of the text that reaches into `own` is found as far as it
/// reaches. In time linear in the text.
///
/// ```
/// use rfc1738::passwords_around;
/// let line = "see ftp://me:pw@h/a//u:v@w?x=ftp%3A%2F%2Fa%3Ab%40c";
/// let spans = passwords_around(line, None);
/// let found: Vec<&str> = spans.iter().map(|span| &line[span.clone()]).collect();
/// assert_eq!(found, ["pw", "v", "b"]);
/// // Around an error's guess that holds a `//`: nothing past it.
/// let error = rfc1738::parse("ftp://h./1:pa//x:/@y%40z").unwrap_err();
/// let own = error.password_span();
/// assert_eq!(own, Some(11..18));
/// assert_eq!(passwords_around("ftp://h./1:pa//x:/@y%40z", own), []);
/// ```
#[must_use]
pub fn passwords_around(text: &str, own: Option<Range<usize>>) -> Vec<Range<usize>> {
    let read = masked(text, own);
    let text = read.as_ref();
    // Without an escape, as most are: read once, as written.
    if memchr::memchr(b'%', text.as_bytes()).is_none() {
        return written(text).collect();
    }
    let mut decoded = Vec::new();
    let mut start = 0;
    for line in text.split('\n') {
        let shift = |span: Range<usize>| start + span.start..start + span.end;
        decoded.extend(decoded_passwords(line).into_iter().map(shift));
        start += line.len() + 1;
    }
    merged(written(text), decoded)
}

/// `text` with every byte of `span` (a span of it, clamped to it, and
/// widened to whole characters) but a line feed taken as a `*`: a password whose characters are not to be
/// read, that the readings around it then find nothing in and take no
/// delimiter from. Every byte, not every character, so that every offset
/// stays, and the lines stay as they are; the text stays UTF-8, as the
/// span's characters are replaced whole.
///
/// Not copied when the span holds nothing of the text, or when masking it
/// would change no reading ([`inert`]): the common password, of letters
/// and digits after its `:`, costs no copy of a long line.
pub(crate) fn masked(text: &str, span: Option<Range<usize>>) -> Cow<'_, str> {
    let Some(span) = span else {
        return Cow::Borrowed(text);
    };
    // A span that cuts a character takes it whole.
    let end = ceil_boundary(text, span.end);
    let start = floor_boundary(text, span.start.min(end));
    if start == end || inert(text.as_bytes(), start..end) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(starred(text, core::iter::once(start..end)))
}

/// A copy of `text` with every byte of `spans` (at char boundaries, in any
/// order, overlapping or not) but a line feed as a `*`, whatever it holds:
/// what a reader of the text that must not read the spans reads
/// ([`masked`] without its shortcut). Made in one pass, however many spans
/// there are.
pub(crate) fn starred(text: &str, spans: impl IntoIterator<Item = Range<usize>>) -> String {
    starred_each(text, spans, Star::Byte)
}

/// What a `*` of [`starred_each`] stands for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Star {
    /// A byte: the copy keeps every offset, for a reader of it.
    Byte,
    /// A character, a line feed too: the copy tells how many characters
    /// were hidden, not which, for a reader of what is shown.
    Char,
}

/// [`starred`], each hidden character written as one `*` (a line feed
/// too: what is shown keeps no line of it) or as many as it has bytes.
pub(crate) fn starred_each(
    text: &str,
    spans: impl IntoIterator<Item = Range<usize>>,
    star: Star,
) -> String {
    let mut spans: Vec<Range<usize>> = spans.into_iter().collect();
    spans.sort_unstable_by_key(|span| span.start);
    let mut copy = String::with_capacity(text.len());
    // Where the text is copied up to.
    let mut at = 0;
    for span in spans {
        let start = span.start.max(at);
        if start >= span.end {
            continue;
        }
        copy.push_str(&text[at..start]);
        for c in text[start..span.end].chars() {
            match c {
                _ if star == Star::Char => copy.push('*'),
                '\n' => copy.push('\n'),
                _ => copy.extend(core::iter::repeat_n('*', c.len_utf8())),
            }
        }
        at = span.end;
    }
    copy.push_str(&text[at..]);
    copy
}

/// Whether the readings ([`written`], [`decoded_passwords`]) of `bytes`
/// read the same with the bytes of `span` (not empty) as `*`s: they react
/// to `/`, `:`, `@`, `%` (an escape), `?` and `&`, to a run of digits after
/// a `:` (a port) and to a scheme name at the start of a line (the decoded
/// text is read line by line). With none of the first six in the span, nor
/// a line feed, not all digits (a port that masked would not be one) and a
/// `:` before it (no escape reaches into it, and a scheme name that starts
/// the line ends before it), the span holds nothing that they react to
/// either way.
fn inert(bytes: &[u8], span: Range<usize>) -> bool {
    let held = &bytes[span.clone()];
    span.start > 0
        && bytes[span.start - 1] == b':'
        && !held.iter().all(u8::is_ascii_digit)
        && !held
            .iter()
            .any(|b| matches!(b, b'/' | b':' | b'@' | b'%' | b'?' | b'&' | b'\n'))
}

/// Where the first `/` of `bytes` at or after `from` is; the end if none.
fn slash_after(bytes: &[u8], from: usize) -> usize {
    bytes[from..]
        .iter()
        .position(|&b| b == b'/')
        .map_or(bytes.len(), |i| from + i)
}

/// Where an authority that starts at `from` ends in a text read decoded
/// ([`decoded_passwords`]): at its first `/`, or at a `?` or `&` before
/// its first `:` (or before that `/`, with no `:`). A URL encoded into a
/// query is followed by the query's next parameters
/// (`continue=https%3A%2F%2Fmail.example.com&time=10%3A30&hint=me%40x`),
/// which an authority ending only at a `/` would read as a user and a
/// password; after the `:`, a `?` or `&` is read on, as a password may
/// hold them (`me:12&34@h`).
fn part_end_after(bytes: &[u8], from: usize) -> usize {
    let slash = slash_after(bytes, from);
    let part = &bytes[from..slash];
    let colon = part.iter().position(|&b| b == b':').unwrap_or(part.len());
    part[..colon]
        .iter()
        .position(|&b| matches!(b, b'?' | b'&'))
        .map_or(slash, |i| from + i)
}

/// Where the authority of `bytes` would start after the first `:` that
/// ends a scheme name of section 3 whose URLs have one, and the `/`s after
/// it.
fn after_login_scheme(bytes: &[u8]) -> Option<usize> {
    const SCHEMES: [&[u8]; 8] = [
        b"ftp",
        b"http",
        b"gopher",
        b"nntp",
        b"telnet",
        b"wais",
        b"file",
        b"prospero",
    ];
    bytes.iter().enumerate().find_map(|(colon, &b)| {
        if b != b':' {
            return None;
        }
        // The name: the letters and digits before the `:`, after a byte
        // that is not one (the last of its character, if not ASCII).
        let name_start = bytes[..colon]
            .iter()
            .rposition(|b| !b.is_ascii_alphanumeric())
            .map_or(0, |i| i + 1);
        let name = &bytes[name_start..colon];
        SCHEMES
            .iter()
            .any(|s| s.eq_ignore_ascii_case(name))
            .then(|| {
                let slashes = bytes[colon + 1..]
                    .iter()
                    .take_while(|&&b| b == b'/')
                    .count();
                colon + 1 + slashes
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bnf::{Grammar, generate};
    use crate::{Rule, check, parse_rule};

    /// Ended, the scan stands at the end of the text: asked again (as
    /// `InWritten` asks for every offset after the last password, through a
    /// `Fuse` that trusts `FusedIterator`), it reads nothing. Reading the
    /// rest again each time made `lint` quadratic on a path of many `%0D`.
    #[test]
    fn the_scan_ended_reads_nothing_more() {
        let text = format!("ftp://me:pw@h/{}", "%0D".repeat(1000));
        let mut scan = written(&text);
        assert_eq!(scan.next(), Some(9..11));
        assert_eq!(scan.next(), None);
        assert_eq!(scan.from, text.len());
        assert_eq!(scan.next(), None);
        let mut fused = written(&text).fuse();
        assert_eq!(fused.by_ref().count(), 1);
        assert_eq!(fused.next(), None);
    }

    /// Around the own password, the line is read as if each of its bytes
    /// were a `*`: an error's guess that reaches past the authority read
    /// as the URL's own (`h.` ends at its `/`) and holds a `//` starts no
    /// authority, whose password would run on past the guess to the `@`
    /// of the final `%40` (fuzz finding 8). Not given the own password,
    /// the reading finds that one.
    #[test]
    fn what_is_found_beyond_the_own_password_does_not_depend_on_it() {
        let own = 11..18;
        for held in ["pa//x:/", "pa**x:/", "pa//x//", "*******"] {
            let text = format!("ftp://h./1:{held}@y%40z/w");
            assert_eq!(&text[own.clone()], held);
            let beyond = |found: Vec<Range<usize>>| -> Vec<Range<usize>> {
                found
                    .into_iter()
                    .filter(|span| span.end > own.end)
                    .collect()
            };
            let window = 0..text.len();
            assert_eq!(beyond(written_over(&text, window.clone(), Some(&own))), []);
            // The line is the one that holds the window: an own password
            // on another line masks nothing of it.
            let lines = format!("{text}\n{text}");
            let second = text.len() + 1..lines.len();
            let found = written_over(&lines, second.clone(), Some(&own));
            assert_eq!(found, written_over(&lines, second, None), "{held}");
        }
        let text = "ftp://h./1:pa//x:/@y%40z/w";
        let found = written_over(text, 0..text.len(), None);
        assert_eq!(found.last().map(|span| &text[span.clone()]), Some("/@y"));
        assert_eq!(masked("a\u{e9}b", Some(1..3)), "a**b");
        assert_eq!(masked("ab", Some(1..1)), "ab");
        assert_eq!(masked("ab", None), "ab");
    }

    /// A password that masking would change no reading of is not copied
    /// ([`inert`]): read as it is, the text gives the passwords the same
    /// text with the password's bytes as `*`s gives, every one of them. On
    /// every text of up to 6 pieces of the bytes the readings react to,
    /// for every span after a `:`, inert or not, and every inert span.
    #[test]
    fn an_inert_password_reads_as_a_masked_one() {
        const PIECES: [&str; 7] = ["//", "/", ":", "@", "a", "1", "%40"];
        let mut pieces = Vec::new();
        let (mut texts, mut inert_ones) = (0, 0);
        for length in 0..=6u32 {
            for mut number in 0..PIECES.len().pow(length) {
                pieces.clear();
                for _ in 0..length {
                    pieces.push(PIECES[number % PIECES.len()]);
                    number /= PIECES.len();
                }
                let text = pieces.concat();
                texts += 1;
                let bytes = text.as_bytes();
                for start in 0..text.len() {
                    for end in start + 1..=text.len() {
                        let own = start..end;
                        // Those after a `:`, a password's place, inert or
                        // not, and any inert one.
                        if bytes[start - usize::from(start > 0)] != b':'
                            && !inert(bytes, own.clone())
                        {
                            continue;
                        }
                        let mut read = text.clone().into_bytes();
                        read[own.clone()].fill(b'*');
                        let read = String::from_utf8(read).expect("ASCII");
                        let copied = matches!(masked(&text, Some(own.clone())), Cow::Owned(_));
                        inert_ones += usize::from(!copied);
                        assert_eq!(
                            passwords_around(&text, Some(own.clone())),
                            passwords_around(&read, None),
                            "{text:?} around {own:?}"
                        );
                    }
                }
            }
        }
        assert!(
            texts > 100_000 && inert_ones > 10_000,
            "{texts} {inert_ones}"
        );
        // A line feed stays one: the lines are read as they are.
        assert_eq!(masked("a:/\nc", Some(2..5)), "a:*\n*");
        // A span that cuts a character takes it whole; none panics.
        assert_eq!(masked("a:/\u{e9}", Some(4..5)), "a:/**");
        assert_eq!(masked("/\u{e9}", Some(0..2)), "***");
        assert_eq!(passwords_around("\u{e9}", Some(1..2)), []);
        let found = |text: &str, own: Range<usize>| -> Vec<String> {
            let spans = passwords_around(text, Some(own));
            spans
                .into_iter()
                .map(|span| text[span].to_owned())
                .collect()
        };
        assert_eq!(found("x://a:\u{e9}@b", 7..8), ["\u{e9}"]);
        assert_eq!(found("x://a:/\u{e9}@b", 8..9), ["/\u{e9}"]);
    }

    /// The decoded text is read from the start, or from after the scheme
    /// name, `:` and `//` that start it; its passwords merge with those
    /// written, in a window and for a lint alike; `%` a hundred thousand
    /// times is read once.
    #[test]
    fn decoded_passwords_join_those_written() {
        let shown = |text: &str| -> Vec<String> {
            decoded_passwords(text)
                .into_iter()
                .map(|span| text[span].to_owned())
                .collect()
        };
        assert_eq!(shown("ftp://me%3Ax:pw@h/"), [] as [String; 0]);
        assert_eq!(shown("see ftp://me%3Ax:pw@h/"), ["x:pw"]);
        assert_eq!(shown("x:%2F%2Fa:b%40c@h"), ["b%40c"]);
        assert_eq!(shown("http://h/a//me:pw@h/"), [] as [String; 0]);
        // A `//` after the scheme's `:` is the URL's own authority, whose
        // login is the parser's, but in a mail address or a news article,
        // which are read decoded as any text.
        assert_eq!(shown("mailto://me%3Apw%40h"), ["pw"]);
        assert_eq!(shown("MailTo://me%3Apw%40h"), ["pw"]);
        assert_eq!(shown("news://me%3Apw%40h@host"), ["pw%40h"]);
        assert_eq!(shown("x://me%3Ax:pw@h/"), [] as [String; 0]);
        assert_eq!(shown("ftp://me%3Ax@h/"), [] as [String; 0]);
        // Whatever the authority holds: an other scheme's (https is one)
        // with an empty port and an escaped `@` in its query keeps its
        // path and query; a password read as `*`s changes nothing (fuzz
        // finding 13).
        assert_eq!(
            shown("https://example.com:/login?email=me%40example.com"),
            [] as [String; 0]
        );
        assert_eq!(shown("p://p:2\u{10}@%40"), [] as [String; 0]);
        assert_eq!(shown("p://p:*\u{10}@%40"), [] as [String; 0]);
        // Decoded, an authority ends at a `?` or `&` before its `:` too:
        // the query's next parameters are no password; an `&` in a
        // password is read through.
        let oauth = "http://a.example/l?continue=https%3A%2F%2Fmail.example.com\
                     &time=10%3A30&login_hint=user%40example.com";
        assert_eq!(shown(oauth), [] as [String; 0]);
        assert_eq!(
            shown("http://h/?u=https%3A%2F%2Fh%3Fx%3A1&y=z%40w"),
            [] as [String; 0]
        );
        assert_eq!(
            shown("http://h/?next=ftp%3A%2F%2Fme%3Ap%26w%40h%2F"),
            ["p%26w"]
        );
        assert_eq!(shown("http://h/?next=ftp%3A%2F%2Fme%3Apw%40h&x=1"), ["pw"]);
        assert_eq!(
            shown("http://h/?next=ftp%3A%2F%2Fme%3A12%2634%40h"),
            ["12%2634"]
        );
        // A `//` inside the URL's own authority starts none: what is found
        // after its password is the same whatever the password holds
        // (fuzz finding 7).
        assert_eq!(shown("ftp://p:a//u:b@h.%51%40"), [] as [String; 0]);
        assert_eq!(shown("ftp://p:a**u:b@h.%51%40"), [] as [String; 0]);
        let text = "http://h/a%2F%2Fme:p%41w@h/x//u:v@h/";
        assert_eq!(written_over(text, 0..text.len(), None), [19..24, 32..33]);
        let mut lint = InWritten::new(text);
        assert!(lint.contains(20) && lint.contains(32) && !lint.contains(25));
        assert!(lint.contains(19));
        assert_eq!(
            merged([0..2, 5..6].into_iter(), vec![1..3, 6..7]),
            [0..3, 5..7]
        );
        let many = "%".repeat(100_000);
        assert_eq!(decoded_passwords(&many), []);
    }

    /// The productions that use `name`, directly or through others.
    fn users_of(grammar: &Grammar, name: &str, found: &mut Vec<String>) {
        for rule in Rule::ALL {
            let user = rule.name();
            if grammar.uses(user).contains(&name) && !found.iter().any(|f| f == user) {
                found.push(user.to_owned());
                users_of(grammar, user, found);
            }
        }
    }

    /// `HOLDERS` is what the grammar says, with `schemepart` read as an
    /// `ip-schemepart` where it can be one.
    #[test]
    fn the_holders_are_the_grammars() {
        let grammar = Grammar::rfc1738();
        let mut found = vec!["password".to_owned()];
        users_of(grammar, "password", &mut found);
        let mut through_schemepart = vec!["schemepart".to_owned()];
        users_of(grammar, "schemepart", &mut through_schemepart);
        found.extend(through_schemepart);
        found.sort();
        found.dedup();
        let mut holders: Vec<String> = HOLDERS.iter().map(|r| r.name().to_owned()).collect();
        holders.sort();
        assert_eq!(found, holders);
    }

    /// The password of the derivation tree of `input`, a string of `rule`.
    fn from_tree(rule: Rule, input: &str) -> Option<Range<usize>> {
        let tree = parse_rule(rule, input).ok()?.tree();
        tree.find(Rule::Password).map(|node| node.span())
    }

    /// The password read without a tree is the tree's: on inputs with and
    /// without one, and on random strings of every holder derived from the
    /// BNF.
    #[test]
    fn the_password_without_a_tree_is_the_trees() {
        let inputs = [
            "ftp://me:pw@host/",
            "ftp://me@host/a:b",
            "ftp://host/a:b@c",
            "ftp://host//x:y@z",
            "telnet://u:@h",
            "x://u:p@h/p",
            "x:u:p@h",
            "//u:p@h/",
            "u:p@h",
            "u@h:1",
            "hunter2",
        ];
        for rule in HOLDERS {
            for input in inputs {
                if parse_rule(rule, input).is_ok() {
                    assert_eq!(
                        in_match(rule, input, false),
                        from_tree(rule, input),
                        "{rule} {input}"
                    );
                }
            }
        }
        let grammar = Grammar::rfc1738();
        // A fixed xorshift: the same strings every run.
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut found = 0;
        for rule in HOLDERS {
            let production = grammar.get(rule.name()).expect("a production");
            for _ in 0..300 {
                let input = generate(grammar, production, &mut |_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state >> 32) as u32
                });
                let expected = from_tree(rule, &input);
                found += usize::from(expected.is_some());
                assert_eq!(in_match(rule, &input, false), expected, "{rule} {input:?}");
            }
        }
        assert!(found > 300, "{found} strings with a password");
        assert_eq!(
            in_match(Rule::Ftpurl, "ftp://me:pw@host/", false),
            Some(9..11)
        );
        assert_eq!(in_match(Rule::Login, "u:p@h", false), Some(2..3));
        assert_eq!(in_match(Rule::Url, "x://u:p@h/p", false), Some(6..7));
        let folded = check("FTP://me:pw@host/").unwrap();
        assert_eq!(folded.password_span(), Some(9..11));
    }

    /// What the guess for `input`, rejected by `rule` (by the scheme rule
    /// without one), hides.
    #[track_caller]
    fn guess(rule: Option<Rule>, input: &str, password: Option<&str>) {
        let error = match rule {
            None => crate::parse(input).map(|_| ()),
            Some(rule) => parse_rule(rule, input).map(|_| ()),
        };
        let span = error.expect_err("a rejected input").password_span();
        assert_eq!(span.map(|span| &input[span]), password, "{input}");
    }

    #[test]
    fn a_rejected_input_hides_what_would_be_its_password() {
        // The password ends at the last "@" of the authority.
        guess(None, "ftp://admin:p@ssw0rd@h/", Some("p@ssw0rd"));
        guess(None, "ftp://john@example.com:hunter2@h/", Some("hunter2"));
        // A "/" typed into the password.
        guess(None, "telnet://root:hunter2/x@host/", Some("hunter2/x"));
        guess(None, "telnet://root:hun/te/r2@host/", Some("hun/te/r2"));
        // Where the scheme has no login: the ":" has no port after it.
        guess(None, "http://root:hunter2/x@host/", Some("hunter2/x"));
        guess(None, "gopher://root:12x/x@host/", Some("12x/x"));
        guess(None, "http://host:8a/", None);
        guess(None, "http://host:80/a@b c", None);
        // No host: the password as far as the authority goes.
        guess(None, "ftp://me:secret", Some("secret"));
        guess(None, "ftp://me:sec ret/x", Some("sec ret"));
        // So in an other scheme's part, no `@` yet, rejected after its `:`.
        guess(None, "x://me:SEC RET/x", Some("SEC RET"));
        guess(None, "x://me:SECRET x", Some("SECRET x"));
        guess(None, "x://me:\u{7}", Some("\u{7}"));
        guess(Some(Rule::Schemepart), "//me:SEC RET/", Some("SEC RET"));
        // Rejected before the `:`, or past the authority: none.
        guess(None, "x://m e:80/", None);
        guess(None, "x://h:80/a b", None);
        guess(None, "x://me:SEC/RET x", None);
        guess(Some(Rule::Schemepart), "//h:80/a b", None);
        // The error after the authority: the parser's reading of it.
        guess(None, "ftp://me:pw@h/a b@c", Some("pw"));
        guess(None, "http://h/a:b@c d", None);
        // Where the scheme allows none, and in a generic URL.
        guess(None, "http://me:pw@h/", Some("pw"));
        guess(None, "x://me:p w@h/", Some("p w"));
        guess(None, "mailto:me:pw@h x", None);
        // A user with a "/" in it.
        guess(None, "ftp://u s/er:pw@h/", Some("pw"));
        // An "@" typed into the user and a "/" into the password: the ":"
        // after the "@" has no port after it.
        guess(None, "ftp://me@mail.com:SEC/RET@host/", Some("SEC/RET"));
        guess(None, "telnet://me@corp:SEC/RET@host/", Some("SEC/RET"));
        guess(None, "http://me@mail.com:SEC/RET@host/", Some("SEC/RET"));
        // An "@" and a "/" typed into the password: no host is empty.
        guess(None, "ftp://me:SEC@/RET@host/", Some("SEC@/RET"));
        guess(None, "ftp://me:S T@/RET@host/", Some("S T@/RET"));
        guess(None, "ftp://me:SEC@/R/E/T@host/", Some("SEC@/R/E/T"));
        // A port where no login can be is no password.
        guess(None, "http://h:2 3/", None);
        // Productions of their own.
        guess(Some(Rule::Login), "me:p w@h", Some("p w"));
        guess(Some(Rule::Password), "p w", Some("p w"));
        // A string of `password` is one whole: a `/`, an `@` or a `:` ends
        // none.
        guess(Some(Rule::Password), "se/cret", Some("se/cret"));
        guess(Some(Rule::Password), "/secret", Some("/secret"));
        guess(Some(Rule::Password), "me:p@ss w", Some("me:p@ss w"));
        guess(Some(Rule::Url), "ftp://me:p w@h/", Some("p w"));
        guess(Some(Rule::Hostport), "me:pw@h", Some("pw"));
        // A part of a login, as the rule checked: its input may hold the
        // rest of the login, as that of `host` does.
        for rule in [
            Rule::Host,
            Rule::Hostname,
            Rule::Hostnumber,
            Rule::Domainlabel,
            Rule::Toplabel,
            Rule::User,
            Rule::Port,
        ] {
            guess(Some(rule), "me:Qz9k@h", Some("Qz9k"));
        }
    }

    /// A valid URL whose grammar reads no login after its `//`: the
    /// password is guessed there, for `parse` and for the productions
    /// whose strings hold a scheme-specific part.
    #[test]
    fn a_valid_url_without_a_login_hides_what_would_be_its_password() {
        let cases = [
            // A `_` in the host, several hosts, a `?` after the host.
            ("postgres://app:Secr3t@db_1:5432/app", Some("Secr3t")),
            ("mongodb://me:Secr3t@h1.dom:1,h2.dom:2/db", Some("Secr3t")),
            ("https://me:Secr3t@host.dom?x=1", Some("Secr3t")),
            // A `:`, an `@` or a `/` in the password.
            ("ssh://me:Sec:r3t@h.dom/", Some("Sec:r3t")),
            ("x://me:p@ssw0rd@h/", Some("p@ssw0rd")),
            ("x://root:hunter2/x@host/", Some("hunter2/x")),
            ("x://root:/x@host/", Some("/x")),
            // A news article and a mail address that read as a login.
            ("news://me:pw@h", Some("pw")),
            ("news://:a@k9er", Some("a")),
            ("mailto://me:pw@h", Some("pw")),
            // A port, an `@` in the path, or no `//`: no password.
            ("x://h_1:80/a:b@c", None),
            ("x://h:8a/", None),
            ("x:me:pw@h", None),
            ("mailto:me:pw@h", None),
            ("news:me:pw@h", None),
        ];
        for (input, password) in cases {
            let url = crate::parse(input).expect("a valid URL");
            let span = url.password_span();
            assert_eq!(span.clone().map(|span| &input[span]), password, "{input}");
            assert_eq!(check(input).unwrap().password_span(), span, "{input}");
            for rule in [Rule::Url, Rule::Genericurl, Rule::Otherurl] {
                if let Ok(matched) = parse_rule(rule, input) {
                    assert_eq!(matched.password_span(), span, "{rule} {input}");
                }
            }
        }
        // `ftp` by the grammar's letter: an `otherurl` for `url`.
        let input = "ftp://admin:p@ssw0rd@h/";
        let span = parse_rule(Rule::Url, input).unwrap().password_span();
        assert_eq!(span.map(|span| &input[span]), Some("p@ssw0rd"));
        let span = parse_rule(Rule::Schemepart, &input[4..])
            .unwrap()
            .password_span();
        assert_eq!(span.map(|span| &input[4..][span]), Some("p@ssw0rd"));
    }

    /// A `url`, `genericurl` or `otherurl` by the grammar's letter that is
    /// no URL of its scheme (an `otherurl` whose scheme is `ftp`: a
    /// mistyped `//`, no `@` yet) hides what the error of its scheme's rule
    /// hides, as `parse` and `check` read it; one that is hides what the
    /// URL's password span does.
    #[test]
    fn a_url_by_the_letter_hides_what_its_schemes_rule_hides() {
        let rejected = [
            ("ftp:/admin:Qz9k@h/", "Qz9k"),
            ("ftp://admin:Qz9k", "Qz9k"),
            ("telnet:root:Qz9k@h", "Qz9k"),
            ("http:/me:Qz9k@h/", "Qz9k"),
            ("ftp://me:Qz@9k@h/", "Qz@9k"),
            ("ftp:/me:Qz/9k@h/x", "Qz/9k"),
        ];
        for (input, password) in rejected {
            let error = crate::parse(input).expect_err(input);
            let span = error.password_span();
            assert_eq!(span.clone().map(|span| &input[span]), Some(password));
            for rule in [Rule::Url, Rule::Genericurl, Rule::Otherurl] {
                let matched = parse_rule(rule, input).expect("an otherurl");
                assert_eq!(matched.password_span(), span, "{rule} {input}");
            }
        }
        // The rules are those `parse` selects.
        for (name, rule) in SCHEME_RULES {
            assert_eq!(crate::scheme_rule(&format!("{name}:x")), rule);
            assert_eq!(
                crate::scheme_rule(&format!("{}:x", name.to_uppercase())),
                rule
            );
        }
        let valid = [
            ("x://me:Qz@9k@h/", Some("Qz@9k")),
            ("postgres://me:Qz9k@db_1/", Some("Qz9k")),
            ("x:me:Qz9k@h", None),
            ("mailto:me:Qz9k@h", None),
            ("x://me:Qz9k", None),
            ("ftp://h/a:b@c", None),
        ];
        for (input, password) in valid {
            let span = crate::parse(input).expect(input).password_span();
            assert_eq!(span.clone().map(|span| &input[span]), password);
            for rule in [Rule::Url, Rule::Genericurl, Rule::Otherurl] {
                if let Ok(matched) = parse_rule(rule, input) {
                    assert_eq!(matched.password_span(), span, "{rule} {input}");
                }
            }
        }
    }

    /// The guess after a `//` is the parser's own password wherever the
    /// grammar reads a login there: on random `ip-schemepart`s derived
    /// from the BNF, with and without a password.
    #[test]
    fn the_guess_after_the_slashes_is_the_parsers_password_where_there_is_one() {
        let grammar = Grammar::rfc1738();
        let production = grammar.get("ip-schemepart").expect("a production");
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut found = 0;
        for _ in 0..3000 {
            let input = generate(grammar, production, &mut |_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state >> 32) as u32
            });
            let parsed = in_match(Rule::IpSchemepart, &input, false);
            found += usize::from(parsed.is_some());
            assert_eq!(in_unparsed(&input), parsed, "{input:?}");
        }
        assert!(found > 300, "{found} strings with a password");
    }

    #[test]
    fn an_input_rejected_before_its_login_hides_what_would_be_its_password() {
        // Text around the URL.
        guess(None, " ftp://me:SECRET@h/", Some("SECRET"));
        guess(None, "<URL:ftp://me:SECRET@h/>", Some("SECRET"));
        guess(None, "<URL:telnet://me:SEC/RET@h/>", Some("SEC/RET"));
        guess(None, " http://me:SEC/RET@h/", Some("SEC/RET"));
        guess(None, "URL:ftp://me:SECRET@h/ x", Some("SECRET"));
        guess(None, "\u{202e}ftp://me:SEC:RET@h/x", Some("SEC:RET"));
        // A mistyped "//".
        guess(None, "ftp:/me:SECRET@h/", Some("SECRET"));
        guess(None, "ftp:me:SECRET@h/", Some("SECRET"));
        guess(None, "ftp//me:SECRET@h/", Some("SECRET"));
        guess(None, "URL:TELNET:/u:p@w@h x", Some("p@w"));
        guess(None, "é:ftp:me:SECRET@h/", Some("SECRET"));
        guess(None, "ftp:///me:SECRET@h/", Some("SECRET"));
        // A `//` further on (a path's empty segment, a second URL, a
        // query) or in the password leaves the authority after the name.
        guess(None, "ftp:/admin:SECRET@h.dom/pub//file", Some("SECRET"));
        guess(None, "ftp:/admin:SECRET@h/ see http://x/", Some("SECRET"));
        guess(None, "ftp:admin:SECRET@h/a//b", Some("SECRET"));
        guess(None, "telnet:/root:SECRET@h//", Some("SECRET"));
        guess(None, "http:/me:SECRET@h/x?u=http://y/", Some("SECRET"));
        guess(None, "ftp:/me:my//=gj@h/", Some("my//=gj"));
        // A `//` before the name starts an authority of its own, which the
        // line's reading finds.
        guess(None, "a//b/ ftp:/me:SECRET@h/", Some("SECRET"));
        guess(None, "see //me:SECRET@h/", Some("SECRET"));
        // Another production's input.
        guess(Some(Rule::Ftpurl), "telnet://u:SECRET@h", Some("SECRET"));
        guess(
            Some(Rule::IpSchemepart),
            "ftp://me:SECRET@h/",
            Some("SECRET"),
        );
        // What holds no login: an address, a colon after the host, a
        // scheme that is not of section 3.
        guess(None, "mailto:me:pw@h x", None);
        guess(None, " mailto:me:pw@h", None);
        guess(None, " http://h:80/a@b", None);
        guess(None, " x:me:pw@h", None);
        guess(None, " ftp:me@h:21", None);
        // A byte that is not text first: the span is in the error's input,
        // where it stands as U+FFFD.
        let bytes = b"\xffftp://me:SECRET@h/";
        let span = crate::check_bytes(None, bytes).unwrap_err().password_span();
        let shown = String::from_utf8_lossy(bytes);
        assert_eq!(span.map(|span| &shown[span]), Some("SECRET"));
    }

    /// What [`written_over`] finds in `text` for `window`.
    fn over(text: &str, window: Range<usize>) -> Vec<&str> {
        written_over(text, window, None)
            .into_iter()
            .map(|span| &text[span])
            .collect()
    }

    /// What [`written`] finds in `text`.
    fn written_in(text: &str) -> Vec<&str> {
        written(text).map(|span| &text[span]).collect()
    }

    #[test]
    fn every_authority_after_a_slash_pair_has_its_password_found() {
        let cases: [(&str, &[&str]); 20] = [
            // A second URL on the line, after the first's own.
            ("http://x/a ftp://me:secret@h/", &["secret"]),
            ("ftp://a:b@h/ ftp://me:secret@h/", &["b", "secret"]),
            // In a valid URL's path or part, and in text with no scheme.
            ("x:a//me:pw@h/", &["pw"]),
            ("http://h/a//me:pw@h/b", &["pw"]),
            ("see //me:pw@h.", &["pw"]),
            // A run of `/`s: an authority after each pair.
            ("file:///me:pw@h/", &["pw"]),
            ("////me:pw@h", &["pw"]),
            // An `@` or a `/` typed into the password.
            ("x //me:p@ss@h/", &["p@ss"]),
            ("x //root:hunter2/x@host/", &["hunter2/x"]),
            // An `@` typed into the user, or into the password before a `/`.
            ("x //me@mail.com:hun/ter2@host/", &["hun/ter2"]),
            ("x //me:hun@/ter2@host/", &["hun@/ter2"]),
            ("x //me:a@/b@/c@h/ //u:v@w", &["a@/b@/c", "v"]),
            // A `//` inside an authority that reaches past a `/`: inside
            // its password.
            ("//a:b/c//d:e@f/ //g:h@i", &["b/c//d:e", "h"]),
            // Runs of `:` and `@`.
            ("//::::@@@@/", &[":::@@@"]),
            ("@@@@//@@@:@@@/", &["@@"]),
            // Escapes and characters that are not visible, kept whole.
            ("x //me:p%41\u{202e}\u{0}w@h", &["p%41\u{202e}\u{0}w"]),
            // A port, no `@`, an empty password: none.
            ("x //h:80/a@b //me:pw", &[]),
            ("x //me:@h/", &[]),
            ("x //me@h:pw/", &[]),
            ("x /me:pw@h/ me:pw@h", &[]),
        ];
        for (text, passwords) in cases {
            assert_eq!(written_in(text), passwords, "{text:?}");
        }
    }

    /// The scan reads at every `//` what [`in_unparsed`] reads after a
    /// part's `//`: on random strings of the characters that matter, every
    /// password it finds is one of those, and every one of those lies
    /// within one it finds (a `//` inside an authority already read is
    /// skipped).
    #[test]
    fn the_scan_is_the_reading_after_every_slash_pair() {
        const PIECES: [&str; 9] = ["/", "//", ":", "@", "a", "1", " ", "é", "\n"];
        let mut state = 0x1234_5678_9abc_def1_u64;
        let mut found = 0;
        for _ in 0..20_000 {
            let mut text = String::new();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            for _ in 0..(state >> 59) {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                text.push_str(PIECES[(state >> 32) as usize % PIECES.len()]);
            }
            let spans: Vec<Range<usize>> = written(&text).collect();
            // Every pair, overlapping ones too (`match_indices` would
            // skip the second of `///`).
            let read: Vec<Range<usize>> = (0..text.len())
                .filter(|&at| text.as_bytes()[at..].starts_with(b"//"))
                .filter_map(|at| {
                    let span = in_unparsed(&text[at..])?;
                    Some(at + span.start..at + span.end).filter(|span| !span.is_empty())
                })
                .collect();
            for span in &spans {
                assert!(read.contains(span), "{text:?}: {span:?}");
            }
            for span in &read {
                let within =
                    |outer: &Range<usize>| outer.start <= span.start && span.end <= outer.end;
                assert!(spans.iter().any(within), "{text:?}: {span:?}");
            }
            assert!(spans.windows(2).all(|pair| pair[0].end <= pair[1].start));
            found += spans.len();
        }
        assert!(found > 2000, "{found} passwords");
    }

    #[test]
    fn the_scan_takes_linear_time() {
        // Quadratic work on any of these would take minutes.
        let n = 100_000;
        assert_eq!(written("//a:b@h".repeat(n).as_str()).count(), n);
        // No host after each `@`, then a `/`: typed into a password, which
        // reads on to the last `@`, once.
        let empty = "//a:b@".repeat(n);
        assert_eq!(written_in(&empty), [&empty[4..empty.len() - 1]]);
        // A `:` after each `@` that no port follows, or no host after it:
        // each `/` typed into the first password, read once.
        for piece in ["//a@b:c/", "/a:b@/"] {
            let chain = piece.repeat(n);
            assert_eq!(written(&chain).count(), 1, "{piece}");
        }
        // No `@`: each authority's `:` has no port after it, and the `@`
        // is looked for after it, once for all of them.
        assert_eq!(written("//a:b".repeat(n).as_str()).count(), 0);
        // One `@` at the end: the first authority reaches it, and holds
        // every other.
        let one = format!("{}@h/", "//a:b".repeat(n));
        assert_eq!(written_in(&one), [&one[4..one.len() - 3]]);
        assert_eq!(written("/".repeat(10 * n).as_str()).count(), 0);
        let runs = format!("//{}{}/", ":".repeat(10 * n), "@".repeat(10 * n));
        assert_eq!(written(&runs).count(), 1);
        let runs = format!("{}//", "@:".repeat(10 * n));
        assert_eq!(written(&runs).count(), 0);
        let line = format!("{}{}", "//a:b@h".repeat(n), "x".repeat(100));
        assert!(written_over(&line, 7 * n..7 * n + 1, None).is_empty());
        assert_eq!(over(&line, 7 * n - 3..7 * n), ["b"]);
    }

    /// A line feed typed into a password ends none of it: it is read as
    /// any other character, by the line's readings as by the guess of an
    /// error's own password, and a window on either line gets all of it.
    /// Masked, an own password with one in it is copied: a scheme name
    /// after it would start the next line's decoded reading.
    #[test]
    fn a_line_feed_typed_into_a_password_ends_none_of_it() {
        let text = "http://h/ //me:hun\nKx@h/";
        let found: Vec<&str> = (passwords_around(text, None).into_iter())
            .map(|span| &text[span])
            .collect();
        assert_eq!(found, ["hun\nKx"]);
        assert_eq!(over(text, 0..10), [] as [&str; 0]);
        assert_eq!(over(text, 10..16), ["hun\nKx"]);
        assert_eq!(over(text, 20..21), ["hun\nKx"]);
        // Decoded too, and beside the own password.
        let text = "x //me:h%41n\nKx@h/ //a:b@c";
        let found: Vec<&str> = (passwords_around(text, Some(23..24)).into_iter())
            .map(|span| &text[span])
            .collect();
        assert_eq!(found, ["h%41n\nKx", "b"]);
        // The own guess reads through one.
        guess(Some(Rule::Login), "me:hun\nKx@h/", Some("hun\nKx"));
        guess(None, "ftp:/me:hun\nKx@h/", Some("hun\nKx"));
        // An own password with a line feed is masked, not read as it is.
        assert!(!inert(b"x:a\nb", 2..5));
        assert!(matches!(masked("x:a\nb", Some(2..5)), Cow::Owned(_)));
    }

    #[test]
    fn a_window_gets_the_passwords_of_its_line_that_reach_into_it() {
        let text = "a\nx //me:secret@h/ y\nb";
        // Whatever part of the password the window holds, from its line.
        assert_eq!(over(text, 12..13), ["secret"]);
        assert_eq!(over(text, 2..10), ["secret"]);
        assert_eq!(over(text, 14..22), ["secret"]);
        // Beside it, and on the other lines, none.
        assert!(over(text, 15..22).is_empty());
        assert!(over(text, 0..1).is_empty());
        assert!(over(text, 23..24).is_empty());
        // The `//` and the `@` far from the window.
        let long = format!("//me:{}@h", "s".repeat(10_000));
        assert_eq!(over(&long, 5000..5001), [&long[5..10_005]]);
    }

    /// A span of a part as written gives the octets of the part decoded
    /// that its bytes are decoded from, an escape whole, one span for each,
    /// in order.
    #[test]
    fn the_octets_of_spans_of_a_part_as_written() {
        let one = |part: &str, span: Range<usize>| octet_spans(part, [span]).pop();
        // Without an escape, a byte is an octet.
        assert_eq!(one("abc", 1..2), Some(1..2));
        // Any byte of an escape takes its octet; the byte after it, the next.
        for span in [1..2, 2..3, 3..4, 1..4, 2..4] {
            assert_eq!(one("a%2Fb", span.clone()), Some(1..2), "{span:?}");
        }
        assert_eq!(one("a%2Fb", 4..5), Some(2..3));
        assert_eq!(one("a%2Fb", 0..5), Some(0..3));
        // Octets that are not UTF-8.
        assert_eq!(one("%FF%FEx", 3..6), Some(1..2));
        // A `%` that starts no escape is an octet of its own, as `decode`
        // leaves it.
        assert_eq!(one("%4g%", 3..4), Some(3..4));
        assert_eq!(one("%%41", 1..2), Some(1..2));
        // Each part's whole text is all its decoded octets.
        for part in ["", "%", "%%41", "%4", "a%2", "%41%", "p%41w%FF", "%252F"] {
            let all = crate::url::decode(part).len();
            assert_eq!(one(part, 0..part.len()), Some(0..all), "{part}");
        }
        // Several, in order: the walk goes on from the last.
        assert_eq!(octet_spans("p%41w:%FF%FFx", [0..5, 6..12]), [0..3, 4..6]);
        // Clamped to the part; an empty span gives no octet.
        assert_eq!(one("a%2Fb", 3..100), Some(1..3));
        assert_eq!(one("a%2Fb", 10..20), Some(3..3));
        assert_eq!(one("a%2Fb", 2..2), Some(1..1));
        // A span that starts inside the octets of the one before starts
        // after them; one that ends there gives none.
        assert_eq!(octet_spans("abcdef", [2..4, 1..5]), [2..4, 4..5]);
        assert_eq!(octet_spans("abcdef", [4..6, 0..2]), [4..6, 6..6]);
        assert_eq!(octet_spans("abc", []), []);
    }
}
