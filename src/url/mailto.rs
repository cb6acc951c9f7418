//! Whether a mailto URL's address is what section 3.5 says it is: "(the
//! encoding of an) addr-spec, as specified in RFC 822". The grammar leaves
//! that to RFC 822 (`encoded822addr = 1*xchar ; further defined in RFC822`)
//! and accepts any run of characters: `mailto:joe` is a valid `mailtourl`
//! whose address is no addr-spec. [`crate::lint`] warns of it, where the
//! decoded address stops being one (grammar/DECISIONS.md, D33).
//!
//! RFC 822 reads an address in two steps (its section 3.1.4). A lexical
//! analyzer cuts the text into symbols: specials, quoted-strings,
//! domain-literals, comments and atoms, with linear-white-space and comments
//! free to stand between any two (`Muhammed.(I am the greatest) Ali
//! @(the)Vegas.WBA` is its own example). The grammar then reads the symbols
//! (RFC 822, section 6.1):
//!
//! ```text
//! addr-spec  = local-part "@" domain
//! local-part = word *("." word)
//! word       = atom / quoted-string
//! domain     = sub-domain *("." sub-domain)
//! sub-domain = domain-ref / domain-literal
//! domain-ref = atom
//! ```
//!
//! [`Lexer`] is the first step, reading the address as the URL writes it,
//! each escape as the octet it encodes (section 3.5: "there are no reserved
//! characters", so `%40` is an `@`); [`addr_spec`] is the second. The
//! lexical rules are RFC 822 section 3.3's:
//!
//! ```text
//! CHAR               = <any ASCII character>          ; 0-127
//! CTL                = <any ASCII control character and DEL>
//! specials           = "(" / ")" / "<" / ">" / "@" / "," / ";" / ":" / "\" / <">
//!                    / "." / "[" / "]"
//! linear-white-space = 1*([CRLF] LWSP-char)           ; LWSP-char = SPACE / HTAB
//! atom               = 1*<any CHAR except specials, SPACE and CTLs>
//! quoted-string      = <"> *(qtext/quoted-pair) <">
//! qtext              = <any CHAR excepting <">, "\" & CR, and including linear-white-space>
//! domain-literal     = "[" *(dtext / quoted-pair) "]"
//! dtext              = <any CHAR excluding "[", "]", "\" & CR, & including linear-white-space>
//! comment            = "(" *(ctext / quoted-pair / comment) ")"
//! ctext              = <any CHAR excluding "(", ")", "\" & CR, & including linear-white-space>
//! quoted-pair        = "\" CHAR
//! ```
//!
//! So a CR stands only in a quoted-pair or where it folds the text (CR LF
//! and a space or tab), a control character other than CR only inside a
//! quoted-string, a domain-literal or a comment, and no octet above 127
//! anywhere.

use core::fmt;

use crate::ast::MailtoUrl;

/// RFC 822's `specials`.
const SPECIALS: &[u8] = b"()<>@,;:\\\".[]";

/// A lexical symbol of RFC 822 (comments are skipped, as blanks are).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Symbol {
    Atom,
    QuotedString,
    DomainLiteral,
    /// One of the `specials` (never `"`, `[` or `(`, which open symbols).
    Special(u8),
    /// The end of the address.
    End,
}

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Symbol::Atom => f.write_str("an atom"),
            Symbol::QuotedString => f.write_str("a quoted-string"),
            Symbol::DomainLiteral => f.write_str("a domain-literal"),
            // Every special is a printable ASCII character.
            Symbol::Special(byte) => write!(f, "\"{}\"", char::from(*byte)),
            Symbol::End => f.write_str("the end of the address"),
        }
    }
}

/// What `addr-spec` allows at a point of its reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Expected {
    /// A `word` of the local-part: first, or after a `.`.
    Word,
    /// After a word: `.` and another word, or `@` and the domain.
    DotOrAt,
    /// A `sub-domain`: after the `@`, or after a `.` of the domain.
    SubDomain,
    /// After a sub-domain: `.` and another, or the end.
    DotOrEnd,
}

impl Expected {
    fn allows(self, symbol: Symbol) -> bool {
        match self {
            Expected::Word => matches!(symbol, Symbol::Atom | Symbol::QuotedString),
            Expected::DotOrAt => matches!(symbol, Symbol::Special(b'.' | b'@')),
            Expected::SubDomain => matches!(symbol, Symbol::Atom | Symbol::DomainLiteral),
            Expected::DotOrEnd => matches!(symbol, Symbol::Special(b'.') | Symbol::End),
        }
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expected::Word => "the local-part needs a word (an atom or a quoted-string)",
            Expected::DotOrAt => "\".\" or \"@\" must follow a word of the local-part",
            Expected::SubDomain => "the domain needs a sub-domain (an atom or a domain-literal)",
            Expected::DotOrEnd => "\".\" or the end must follow a sub-domain",
        })
    }
}

/// The symbols a text can end inside of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Enclosed {
    QuotedString,
    DomainLiteral,
    Comment,
}

impl Enclosed {
    /// The delimiter that closes it.
    fn close(self) -> u8 {
        match self {
            Enclosed::QuotedString => b'"',
            Enclosed::DomainLiteral => b']',
            Enclosed::Comment => b')',
        }
    }
}

/// Why an address stops being an RFC 822 addr-spec where it does. Its
/// `Display` names no octet of the address but a special (a printable ASCII
/// character): a control character or an octet above 127 is told by its
/// kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Why {
    /// An octet above 127 (RFC 822's `CHAR` is ASCII).
    NotAscii,
    /// A control character where an atom would start (`atom` excludes
    /// `CTL`s).
    Control,
    /// A CR that does not fold the text: no LF and space or tab follow.
    Cr,
    /// A `[` inside a domain-literal (`dtext` excludes it).
    Bracket,
    /// The address ends inside a quoted-string, domain-literal or comment.
    Unclosed(Enclosed),
    /// A symbol where the grammar has none of its kind.
    Found(Symbol, Expected),
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::NotAscii => f.write_str("found an octet above 127, which is no RFC 822 CHAR"),
            Why::Control => f.write_str(
                "found a control character, which only a quoted-string, a domain-literal or a \
                 comment may hold",
            ),
            Why::Cr => {
                f.write_str("found a CR that does not fold the line (CR LF and a space or tab)")
            }
            Why::Bracket => f.write_str("found a \"[\" inside a domain-literal"),
            Why::Unclosed(Enclosed::QuotedString) => f.write_str("it ends inside a quoted-string"),
            Why::Unclosed(Enclosed::DomainLiteral) => {
                f.write_str("it ends inside a domain-literal")
            }
            Why::Unclosed(Enclosed::Comment) => f.write_str("it ends inside a comment"),
            Why::Found(Symbol::End, expected) => write!(f, "it ends where {expected}"),
            Why::Found(symbol, expected) => write!(f, "found {symbol} where {expected}"),
        }
    }
}

/// Where an address stops being an addr-spec (an offset in its text as
/// written, or its length at its end), and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NotAddrSpec {
    pub(crate) at: usize,
    pub(crate) why: Why,
}

/// RFC 822's lexical analyzer over an address as a URL writes it: each
/// escape is read as the octet it encodes, one at a time, so that nothing
/// is decoded whole and every position is one in the text as written (an
/// escape's `%` for its octet).
struct Lexer<'t> {
    text: &'t [u8],
    at: usize,
}

impl Lexer<'_> {
    fn stop(&self, at: usize, why: Why) -> NotAddrSpec {
        NotAddrSpec { at, why }
    }

    /// The octet written at `at`, and where the next one starts: an
    /// escape's octet, or the byte itself (a `%` not followed by two hex
    /// digits, which no valid URL has, included).
    fn octet(&self, at: usize) -> Option<(u8, usize)> {
        let &byte = self.text.get(at)?;
        let escaped = match self.text.get(at + 1..at + 3) {
            Some(&[high, low]) if byte == b'%' => hex(high).zip(hex(low)),
            _ => None,
        };
        Some(match escaped {
            Some((high, low)) => (high << 4 | low, at + 3),
            None => (byte, at + 1),
        })
    }

    /// The octet here.
    fn peek(&self) -> Option<u8> {
        self.octet(self.at).map(|(octet, _)| octet)
    }

    /// Moves past the octet here.
    fn bump(&mut self) {
        if let Some((_, next)) = self.octet(self.at) {
            self.at = next;
        }
    }

    /// Reads the next symbol, which `expected` must allow.
    fn read(&mut self, expected: Expected) -> Result<Symbol, NotAddrSpec> {
        self.blanks()?;
        let start = self.at;
        let symbol = self.symbol()?;
        match expected.allows(symbol) {
            true => Ok(symbol),
            false => Err(self.stop(start, Why::Found(symbol, expected))),
        }
    }

    /// Skips linear-white-space and comments.
    fn blanks(&mut self) -> Result<(), NotAddrSpec> {
        loop {
            match self.peek() {
                Some(b' ' | b'\t') => self.bump(),
                Some(b'\r') => self.fold()?,
                Some(b'(') => self.enclosed(Enclosed::Comment)?,
                _ => return Ok(()),
            }
        }
    }

    /// Reads the symbol that starts here, after the blanks.
    fn symbol(&mut self) -> Result<Symbol, NotAddrSpec> {
        let Some(octet) = self.peek() else {
            return Ok(Symbol::End);
        };
        match octet {
            b'"' => {
                self.enclosed(Enclosed::QuotedString)?;
                Ok(Symbol::QuotedString)
            }
            b'[' => {
                self.enclosed(Enclosed::DomainLiteral)?;
                Ok(Symbol::DomainLiteral)
            }
            128.. => Err(self.stop(self.at, Why::NotAscii)),
            _ if SPECIALS.contains(&octet) => {
                self.bump();
                Ok(Symbol::Special(octet))
            }
            _ if is_atom_char(octet) => {
                while self.peek().is_some_and(is_atom_char) {
                    self.bump();
                }
                Ok(Symbol::Atom)
            }
            // Blanks are skipped, and a CR folds there or fails: a control.
            _ => Err(self.stop(self.at, Why::Control)),
        }
    }

    /// Reads a quoted-string, domain-literal or comment (nested comments
    /// counted, not recursed into) from its opening delimiter.
    fn enclosed(&mut self, kind: Enclosed) -> Result<(), NotAddrSpec> {
        self.bump();
        let mut depth = 1_usize;
        while let Some(octet) = self.peek() {
            match octet {
                b'\\' => {
                    self.quoted_pair()?;
                    continue;
                }
                b'\r' => {
                    self.fold()?;
                    continue;
                }
                _ if octet == kind.close() => depth -= 1,
                b'(' if kind == Enclosed::Comment => depth += 1,
                b'[' if kind == Enclosed::DomainLiteral => {
                    return Err(self.stop(self.at, Why::Bracket));
                }
                128.. => return Err(self.stop(self.at, Why::NotAscii)),
                _ => {}
            }
            self.bump();
            if depth == 0 {
                return Ok(());
            }
        }
        Err(self.stop(self.text.len(), Why::Unclosed(kind)))
    }

    /// Reads `quoted-pair = "\" CHAR` from its `\`; one that ends the
    /// address leaves its symbol unclosed.
    fn quoted_pair(&mut self) -> Result<(), NotAddrSpec> {
        self.bump();
        match self.peek() {
            Some(128..) => Err(self.stop(self.at, Why::NotAscii)),
            _ => {
                self.bump();
                Ok(())
            }
        }
    }

    /// Reads the CR LF of a fold, which a space or tab must follow (left
    /// to be read as a blank, or as qtext, dtext or ctext).
    fn fold(&mut self) -> Result<(), NotAddrSpec> {
        let lf = self.octet(self.at).and_then(|(_, next)| self.octet(next));
        let blank = lf.and_then(|(_, next)| self.octet(next));
        match (lf, blank) {
            (Some((b'\n', next)), Some((b' ' | b'\t', _))) => {
                self.at = next;
                Ok(())
            }
            _ => Err(self.stop(self.at, Why::Cr)),
        }
    }
}

/// The value of a hex digit.
fn hex(digit: u8) -> Option<u8> {
    // A hex digit's value is below 16: it fits in a u8.
    char::from(digit).to_digit(16).map(|value| value as u8)
}

/// `atom`'s characters: any CHAR except specials, SPACE and CTLs.
fn is_atom_char(octet: u8) -> bool {
    (b'!'..=b'~').contains(&octet) && !SPECIALS.contains(&octet)
}

/// Whether `address`, as a URL writes it (escapes read as their octets),
/// is an RFC 822 `addr-spec`, and if not, where it stops being one.
pub(crate) fn addr_spec(address: &[u8]) -> Result<(), NotAddrSpec> {
    let mut lexer = Lexer {
        text: address,
        at: 0,
    };
    // local-part = word *("." word), then "@".
    lexer.read(Expected::Word)?;
    while lexer.read(Expected::DotOrAt)? == Symbol::Special(b'.') {
        lexer.read(Expected::Word)?;
    }
    // domain = sub-domain *("." sub-domain), then the end.
    lexer.read(Expected::SubDomain)?;
    while lexer.read(Expected::DotOrEnd)? == Symbol::Special(b'.') {
        lexer.read(Expected::SubDomain)?;
    }
    Ok(())
}

impl MailtoUrl<'_> {
    /// Where the decoded address stops being an RFC 822 addr-spec, as an
    /// offset in `encoded822addr` as written (an escape's `%` for the octet
    /// it decodes to), and why; `None` when it is one. An address that ends
    /// too early stops at its last octet, so that the offset is that of a
    /// character of the URL, as every warning's is. Nothing is decoded
    /// whole, nothing allocated.
    pub(crate) fn not_addr_spec(&self) -> Option<(usize, Why)> {
        let text = self.encoded822addr;
        let stop = addr_spec(text.as_bytes()).err()?;
        // `encoded822addr = 1*xchar`: never empty. Every `%` of a valid URL
        // starts an escape of three bytes.
        let last = match text.len().checked_sub(3) {
            Some(start) if text.as_bytes()[start] == b'%' => start,
            _ => text.len() - 1,
        };
        Some((stop.at.min(last), stop.why))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `address` is an addr-spec.
    #[track_caller]
    fn ok(address: &str) {
        assert_eq!(addr_spec(address.as_bytes()), Ok(()), "{address:?}");
    }

    /// That `address` stops being an addr-spec at `at`, for `why`.
    #[track_caller]
    fn fail(address: &[u8], at: usize, why: Why) {
        assert_eq!(
            addr_spec(address),
            Err(NotAddrSpec { at, why }),
            "{:?}",
            String::from_utf8_lossy(address)
        );
    }

    #[test]
    fn rfc_822s_own_addr_specs() {
        // Appendix A.1.2 (and A.1.1 and A.1.3 inside their angle brackets).
        ok("Neuman@BBN-TENEXA");
        ok("Shared@Group.Arpanet");
        // A.1.4: a comment between words, and blanks around the ".".
        ok("Wilt . (the Stilt) Chamberlain@NBA.US");
        // 3.1.4: a quoted local-part, blanks around "@" and ".", comments.
        ok("\":sysmail\"@  Some-Group. Some-Org");
        ok("Muhammed.(I am  the greatest) Ali @(the)Vegas.WBA");
        // 3.1.1: "JJV @ BBN", folded.
        ok("JJV @ BBN");
        ok("JJV\r\n @BBN");
        // 3.4.1: "\"Full Name\"@Domain" is the legal form of what follows.
        ok("\"Full Name\"@Domain");
        // A.1.5, the address before its comment, and after it.
        ok("Childs@WGBH.Boston");
        ok("Cheapie@Discount-Liquors");
        ok("Gourmet@ANT.Down-Under (Australian National Television)");
    }

    #[test]
    fn what_rfc_822_says_is_no_addr_spec() {
        // 3.4.1: "a specification such as: Full\ Name@Domain is not legal".
        fail(
            b"Full\\ Name@Domain",
            4,
            Why::Found(Symbol::Special(b'\\'), Expected::DotOrAt),
        );
        // A.1.5's "Galloping Gourmet@ANT.Down-Under" is an address of its
        // list, but two words with no "." between them are no local-part.
        fail(
            b"Galloping Gourmet@ANT.Down-Under",
            10,
            Why::Found(Symbol::Atom, Expected::DotOrAt),
        );
        // A mailbox with a phrase and angle brackets is no addr-spec.
        fail(
            b"Alfred Neuman <Neuman@BBN-TENEXA>",
            7,
            Why::Found(Symbol::Atom, Expected::DotOrAt),
        );
        fail(
            b"<Neuman@BBN-TENEXA>",
            0,
            Why::Found(Symbol::Special(b'<'), Expected::Word),
        );
    }

    #[test]
    fn quoted_local_parts_and_domain_literals() {
        ok("\"joe smith\"@host.dom");
        ok("\"a\\\"b\"@host.dom");
        ok("\"\"@host.dom");
        ok("\"a.b\".\"c@d\"@host.dom");
        ok("joe@[10.0.0.1]");
        ok("joe@[a\\]b].dom");
        ok("joe@[]");
        // qtext and dtext take every CHAR but their delimiters, "\" and CR:
        // a tab, a LF, a "(" and "@".
        ok("\"a\tb\nc(d@\"@[x\ty(z@]");
        // A domain-literal is no word, a quoted-string no sub-domain.
        fail(
            b"[10.0.0.1]@host",
            0,
            Why::Found(Symbol::DomainLiteral, Expected::Word),
        );
        fail(
            b"joe@\"host\"",
            4,
            Why::Found(Symbol::QuotedString, Expected::SubDomain),
        );
        fail(b"joe@[a[b]", 6, Why::Bracket);
        fail(b"\"joe@host", 9, Why::Unclosed(Enclosed::QuotedString));
        fail(b"\"joe\\\"@host", 11, Why::Unclosed(Enclosed::QuotedString));
        fail(b"joe@[1.2.3.4", 12, Why::Unclosed(Enclosed::DomainLiteral));
        fail(b"joe@host (a (b) c", 17, Why::Unclosed(Enclosed::Comment));
        // Nested comments close in order.
        ok("joe@host (a (b) c)");
        fail(
            b"joe@host (a) b)",
            13,
            Why::Found(Symbol::Atom, Expected::DotOrEnd),
        );
        fail(
            b"joe@host)",
            8,
            Why::Found(Symbol::Special(b')'), Expected::DotOrEnd),
        );
    }

    #[test]
    fn dots_and_empty_parts() {
        ok("a.b.c@d.e.f");
        // A sub-domain is an atom, not a host name.
        ok("joe@host_1.-x-");
        fail(b"", 0, Why::Found(Symbol::End, Expected::Word));
        fail(b"joe", 3, Why::Found(Symbol::End, Expected::DotOrAt));
        fail(b"joe@", 4, Why::Found(Symbol::End, Expected::SubDomain));
        fail(
            b"@host",
            0,
            Why::Found(Symbol::Special(b'@'), Expected::Word),
        );
        fail(
            b".joe@host",
            0,
            Why::Found(Symbol::Special(b'.'), Expected::Word),
        );
        fail(
            b"joe.@host",
            4,
            Why::Found(Symbol::Special(b'@'), Expected::Word),
        );
        fail(
            b"jo..e@host",
            3,
            Why::Found(Symbol::Special(b'.'), Expected::Word),
        );
        fail(
            b"joe@.host",
            4,
            Why::Found(Symbol::Special(b'.'), Expected::SubDomain),
        );
        fail(
            b"joe@host.",
            9,
            Why::Found(Symbol::End, Expected::SubDomain),
        );
        fail(
            b"joe@ho..st",
            7,
            Why::Found(Symbol::Special(b'.'), Expected::SubDomain),
        );
        fail(
            b"joe@a@b",
            5,
            Why::Found(Symbol::Special(b'@'), Expected::DotOrEnd),
        );
        fail(
            b"joe@host b",
            9,
            Why::Found(Symbol::Atom, Expected::DotOrEnd),
        );
        fail(
            b"a,b@host",
            1,
            Why::Found(Symbol::Special(b','), Expected::DotOrAt),
        );
        // Blanks and comments alone are no word.
        fail(b" (x) ", 5, Why::Found(Symbol::End, Expected::Word));
    }

    #[test]
    fn octets_outside_ascii_controls_and_carriage_returns() {
        fail(b"jo\xe9@host", 2, Why::NotAscii);
        fail(b"\"jo\xe9\"@host", 3, Why::NotAscii);
        fail(b"\"jo\\\xe9\"@host", 4, Why::NotAscii);
        fail(b"joe@host (\xe9)", 10, Why::NotAscii);
        fail(b"jo\x00e@host", 2, Why::Control);
        fail(b"joe@\x7fhost", 4, Why::Control);
        fail(b"joe\n@host", 3, Why::Control);
        ok("\"jo\x00e\"@host");
        ok("\"jo\\\re\"@host");
        // CR folds only with LF and a space or tab after it.
        fail(b"joe\r@host", 3, Why::Cr);
        fail(b"joe\r\n@host", 3, Why::Cr);
        fail(b"\"jo\re\"@host", 3, Why::Cr);
        fail(b"joe@host\r", 8, Why::Cr);
        ok("\"jo\r\n e\"@host");
        ok("joe@host (a\r\n\tb)");
    }

    #[test]
    fn escapes_are_read_as_their_octets() {
        ok("joe%40host.dom");
        ok("%22joe%20smith%22@host.dom");
        ok("joe%0D%0A%20@host");
        ok("%4A%6f%65@host");
        // Positions are in the text as written: an escape's `%`.
        fail(
            b"j%20o@host",
            4,
            Why::Found(Symbol::Atom, Expected::DotOrAt),
        );
        fail(
            b"joe%2Cx@host",
            3,
            Why::Found(Symbol::Special(b','), Expected::DotOrAt),
        );
        fail(b"jo%E9@host", 2, Why::NotAscii);
        fail(b"joe%0D%0A@host", 3, Why::Cr);
        fail(b"%22joe@host", 11, Why::Unclosed(Enclosed::QuotedString));
        // A `%` that starts no escape (no valid URL has one) is itself.
        ok("a%b@c");
        ok("a%4@c%");
    }

    #[test]
    fn the_stop_is_written_where_its_octet_is() {
        let at = |input: &str| {
            let Ok(crate::Url::Mailto(url)) = crate::parse(input) else {
                panic!("{input}");
            };
            url.not_addr_spec()
        };
        assert_eq!(at("mailto:joe@host.dom"), None);
        assert_eq!(at("mailto:joe%40host.dom"), None);
        // An address that ends too early stops at its last octet.
        assert_eq!(
            at("mailto:joe"),
            Some((2, Why::Found(Symbol::End, Expected::DotOrAt)))
        );
        assert_eq!(
            at("mailto:j%20"),
            Some((1, Why::Found(Symbol::End, Expected::DotOrAt)))
        );
        assert_eq!(
            at("mailto:%22a%25"),
            Some((4, Why::Unclosed(Enclosed::QuotedString)))
        );
        // The octet of an escape is where its `%` is.
        assert_eq!(
            at("mailto:j%20o@host"),
            Some((4, Why::Found(Symbol::Atom, Expected::DotOrAt)))
        );
        assert_eq!(at("mailto:%E9@host"), Some((0, Why::NotAscii)));
    }
}
