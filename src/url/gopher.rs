//! What a gopher URL means (section 3.4): the item type, the selector, the
//! search and the Gopher+ string, decoded, and the request a client sends.

use percent_encoding::percent_decode_str;

use super::decode::{Decoded, decode, has_escape};
use super::errors::ForbiddenByte;
use crate::ast::GopherUrl;

/// The octets a Gopher selector may not contain. Section 3.4.1: "Gopher
/// selector strings are a sequence of octets which may contain any octets
/// except 09 hexadecimal (US-ASCII HT or tab) 0A hexadecimal (US-ASCII
/// character LF), and 0D (US-ASCII character CR)." The search string, which
/// a tab ends (3.4.2, 3.4.3) and the request line's CRLF follows, may not
/// contain them either.
const GOPHER_FORBIDDEN: &[u8] = b"\t\r\n";

/// How a Gopher+ string that carries a filled-in electronic form starts
/// (section 3.4.9: `+%091%0D%0A+-1%0D%0A<ask_item1_value>%0D%0A...`).
const FORM_START: &[u8] = b"+\t1\r\n";

impl<'a> GopherUrl<'a> {
    /// The Gopher type: the `gtype` octet, decoded (`%31` is `1`); `1` (a
    /// directory) when the gopher-path is empty. Section 3.4.1: "The entire
    /// `<gopher-path>` may also be empty, in which case the delimiting "/" is
    /// also optional and the `<gophertype>` defaults to "1"."
    ///
    /// ```
    /// let rfc1738::Url::Gopher(url) = rfc1738::parse("gopher://host.dom")? else { panic!() };
    /// assert_eq!(url.gopher_type(), b'1');
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn gopher_type(&self) -> u8 {
        // `gtype = xchar`: one character or one escape, so one octet.
        self.gtype()
            .and_then(|gtype| decode(gtype).as_bytes().first().copied())
            .unwrap_or(b'1')
    }

    /// The selector, decoded; empty when there is none ("this is how Gopher
    /// clients refer to the top-level directory on a Gopher server").
    #[must_use]
    pub fn selector_decoded(&self) -> Decoded<'a> {
        decode(self.selector())
    }

    /// The search string after the first `%09`, decoded.
    #[must_use]
    pub fn search_decoded(&self) -> Option<Decoded<'a>> {
        self.search().map(decode)
    }

    /// The Gopher+ string after the second `%09`, decoded.
    #[must_use]
    pub fn gopher_plus_decoded(&self) -> Option<Decoded<'a>> {
        self.gopher_plus_string().map(decode)
    }

    /// The request a Gopher client sends once connected: the selector, then
    /// a TAB and the search when there is one (3.4.2), then a TAB and the
    /// Gopher+ string when there is one (3.4.3: "send the Gopher selector,
    /// followed by a tab and the search string (which may be empty),
    /// followed by a tab and the Gopher+ commands"), then CRLF. The type is
    /// not sent.
    ///
    /// Section 3.4.9 encodes the data block of a filled-in electronic form
    /// in the Gopher+ string, lines and all: `+%091%0D%0A+-1%0D%0A...%0D%0A.%0D%0A`.
    /// Such a string (decoded, it starts with `+` TAB `1` CRLF) is sent as it
    /// is, its lines included, and when it already ends with CRLF no second
    /// one is added.
    ///
    /// The RFC contradicts itself on the line such a form is sent with. Its
    /// URL has a search field, as 3.4.3 requires of every Gopher+ URL ("the
    /// %09`<search>` string must be supplied, although the `<search>`
    /// element may be the empty string"): `<selector>%09%09+%091%0D%0A...`.
    /// 3.4.3
    /// sends it ("followed by a tab and the search string (which may be
    /// empty)"), so the line is `<selector>` TAB TAB `+` TAB `1` CRLF; 3.4.9
    /// shows one TAB: "the Gopher client sends:
    /// `<a_gopher_selector><tab>+<tab>1<cr><lf>`". This crate follows 3.4.3,
    /// which states the rule for every Gopher+ request: the request is the
    /// URL's fields in order, whatever the Gopher+ string holds, so a form
    /// on a search item keeps its search, and no field of the URL is dropped
    /// for what another contains. A client that talks to a server expecting
    /// 3.4.9's line can send the selector, TAB and the Gopher+ string
    /// itself. (grammar/DECISIONS.md, D31.)
    ///
    /// ```
    /// let input = "gopher://h/1sel%09%09+%091%0D%0A+-1%0D%0Ayes%0D%0A.%0D%0A";
    /// let rfc1738::Url::Gopher(url) = rfc1738::parse(input).unwrap() else { panic!() };
    /// // 3.4.3's reading: the empty search is sent, between two TABs.
    /// assert_eq!(url.request()?, b"sel\t\t+\t1\r\n+-1\r\nyes\r\n.\r\n");
    /// # Ok::<(), rfc1738::url::ForbiddenByte>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ForbiddenByte`] for the first TAB, CR or LF in the decoded
    /// selector, else in the search, else in the Gopher+ string unless it
    /// carries a form: sent, it would end the line or a field early and
    /// smuggle another request (section 6).
    ///
    /// ```
    /// let rfc1738::Url::Gopher(url) = rfc1738::parse("gopher://host.dom/7sel%09query").unwrap() else { panic!() };
    /// assert_eq!(url.request()?, b"sel\tquery\r\n");
    /// # Ok::<(), rfc1738::url::ForbiddenByte>(())
    /// ```
    pub fn request(&self) -> Result<Vec<u8>, ForbiddenByte> {
        self.check_request()?;
        let mut request = self.selector_decoded().into_bytes().into_owned();
        let mut ends_with_crlf = false;
        if let Some(search) = self.search_decoded() {
            request.push(b'\t');
            request.extend_from_slice(search.as_bytes());
            if let Some(plus) = self.gopher_plus_decoded() {
                ends_with_crlf = plus.as_bytes().ends_with(b"\r\n");
                request.push(b'\t');
                request.extend_from_slice(plus.as_bytes());
            }
        }
        if !ends_with_crlf {
            request.extend_from_slice(b"\r\n");
        }
        Ok(request)
    }

    /// Whether [`GopherUrl::request`] can send the URL's fields: its error,
    /// found without building the request (each field is decoded one octet
    /// at a time, nothing allocated), for [`crate::Url::semantic_errors`].
    pub(crate) fn check_request(&self) -> Result<(), ForbiddenByte> {
        gopher_forbidden(self.selector(), "selector")?;
        let Some(search) = self.search() else {
            return Ok(());
        };
        gopher_forbidden(search, "search")?;
        if let Some(plus) = self.gopher_plus_string()
            && !self.carries_form()
        {
            gopher_forbidden(plus, "gopher+_string")?;
        }
        Ok(())
    }

    /// Whether the Gopher+ string carries a filled-in electronic form
    /// (section 3.4.9): it starts, decoded, with `+` TAB `1` CR LF, and the
    /// CR LF it holds end its request line and the lines of the form's data
    /// block, as that section writes them (`...%0D%0A.%0D%0A`), which the
    /// request sends as they are.
    pub(crate) fn carries_form(&self) -> bool {
        self.gopher_plus_string().is_some_and(|plus| {
            percent_decode_str(plus)
                .take(FORM_START.len())
                .eq(FORM_START.iter().copied())
        })
    }
}

/// The first TAB, CR or LF of the field `value`, as written, once decoded,
/// named `part`, as an error.
fn gopher_forbidden(value: &str, part: &'static str) -> Result<(), ForbiddenByte> {
    if !has_escape(value) {
        return Ok(());
    }
    let decoded = percent_decode_str(value);
    ForbiddenByte::find(decoded, GOPHER_FORBIDDEN, "Gopher", "request", part, None)
}
