//! What the parts of a URL mean (section 3): decoded parts, port numbers and
//! default ports, for every scheme but ftp and gopher (their own modules,
//! [`super::ftp`] and [`super::gopher`], add the protocol requests).
//!
//! Every accessor here reads the syntax tree; the ones that decode
//! (`*_decoded`, [`MailtoUrl::address`], [`ProsperoUrl::hsoname`]) allocate
//! only when the part has an escape, and say so by returning a
//! [`Decoded`].

use core::fmt::Debug;
use core::iter::FusedIterator;

use super::decode::{Decoded, decode};
use super::errors::{OutOfRange, number};
use crate::Rule;
use crate::ast::Url;
use crate::ast::{
    Article, Fieldspec, FileHost, FileUrl, FtpUrl, GenericUrl, GopherUrl, Grouppart, HttpUrl,
    MailtoUrl, NewsUrl, NntpUrl, ProsperoUrl, TelnetUrl, WaisDatabase, WaisDoc, WaisIndex, WaisUrl,
};
use crate::ast::{Host, Hostport, IpSchemepart, Login, Path};

/// The default port of a scheme of section 3, its name compared
/// case-insensitively: ftp 21 (3.2), http 80 (3.3), gopher 70 (3.4), nntp 119
/// (3.7), telnet 23 (3.8), wais 210 (3.9), prospero 1525 (3.11). `None` for
/// the schemes without a port (news, mailto, file) and for every other
/// scheme.
///
/// ```
/// use rfc1738::url::default_port;
/// assert_eq!(default_port("FTP"), Some(21));
/// assert_eq!(default_port("news"), None);
/// assert_eq!(default_port("https"), None);
/// ```
#[must_use]
pub fn default_port(scheme: &str) -> Option<u16> {
    const PORTS: [(&str, u16); 7] = [
        ("ftp", 21),
        ("http", 80),
        ("gopher", 70),
        ("nntp", 119),
        ("telnet", 23),
        ("wais", 210),
        ("prospero", 1525),
    ];
    PORTS
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(scheme))
        .map(|&(_, port)| port)
}

/// The default port of the scheme a rule belongs to.
pub(crate) fn rule_default_port(rule: Rule) -> Option<u16> {
    match rule {
        Rule::Ftpurl => Some(21),
        Rule::Httpurl => Some(80),
        Rule::Gopherurl => Some(70),
        Rule::Nntpurl => Some(119),
        Rule::Telneturl => Some(23),
        Rule::Waisurl => Some(210),
        Rule::Prosperourl => Some(1525),
        _ => None,
    }
}

impl<'a> Hostport<'a> {
    /// The port as a number, if there is a `:port`; leading zeros do not
    /// count (`:0080` is 80).
    ///
    /// # Errors
    ///
    /// [`OutOfRange`] when the port is beyond 65535: the grammar accepts any
    /// number of digits, and the URL stays valid.
    ///
    /// ```
    /// let rfc1738::Url::Http(url) = rfc1738::parse("http://host:0080/")? else { panic!() };
    /// assert_eq!(url.hostport().port(), Some("0080"));
    /// assert_eq!(url.hostport().port_number(), Ok(Some(80)));
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    pub fn port_number(&self) -> Result<Option<u16>, OutOfRange> {
        self.port.map(port_number).transpose()
    }

    /// The port to connect to: the URL's, or `default` when it has none,
    /// for a scheme whose default the crate does not know.
    ///
    /// # Errors
    ///
    /// [`OutOfRange`] when the port is beyond 65535.
    ///
    /// ```
    /// let irc = |text| rfc1738::parse(text).unwrap().hostport().unwrap();
    /// assert_eq!(irc("x-irc://irc.host.dom/").effective_port(6667), Ok(6667));
    /// assert_eq!(irc("x-irc://irc.host.dom:7000/").effective_port(6667), Ok(7000));
    /// assert!(irc("x-irc://irc.host.dom:70000/").effective_port(6667).is_err());
    /// ```
    pub fn effective_port(&self, default: u16) -> Result<u16, OutOfRange> {
        Ok(self.port_number()?.unwrap_or(default))
    }
}

/// The digits of a port as a 16-bit number.
pub(crate) fn port_number(digits: &str) -> Result<u16, OutOfRange> {
    // `number` bounds the value by 16 bits.
    number("port", digits, 16).map(|port| port as u16)
}

impl<'a> Login<'a> {
    /// The user name, decoded, if there is a `user@`. Empty differs from
    /// none (section 3.1): `ftp://@host.com/` has the user `""`.
    #[must_use]
    pub fn user_decoded(&self) -> Option<Decoded<'a>> {
        self.user.map(decode)
    }

    /// The password, decoded, if there is a `:password`.
    #[must_use]
    pub fn password_decoded(&self) -> Option<Decoded<'a>> {
        self.password.map(decode)
    }
}

impl<'a> Path<'a> {
    /// The segments, each decoded: `%2Fetc/motd` gives `/etc` and `motd`.
    /// Decoding comes after splitting, so a decoded segment may contain `/`.
    /// An http segment's unencoded `;` is reserved (section 3.3), and decodes
    /// here like its escape `%3B`: [`HttpUrl::path_segments_decoded`] keeps
    /// them apart. It reads from either end, as [`Path::segments`] does.
    ///
    /// ```
    /// let rfc1738::Url::Ftp(url) = rfc1738::parse("ftp://h/a%20b/c")? else { panic!() };
    /// let mut segments = url.fpath().unwrap().segments_decoded();
    /// assert_eq!(segments.next_back().unwrap(), "c");
    /// assert_eq!(segments.clone().next().unwrap(), "a b");
    /// assert_eq!(segments.count(), 1);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    pub fn segments_decoded(
        &self,
    ) -> impl DoubleEndedIterator<Item = Decoded<'a>> + FusedIterator + Clone + Debug + use<'a>
    {
        self.segments().map(decode)
    }

    /// The whole path, decoded: `/` separators and encoded `%2F` alike
    /// become `/`.
    #[must_use]
    pub fn decoded(&self) -> Decoded<'a> {
        decode(self.0)
    }
}

impl<'a> Host<'a> {
    /// Whether the host is a `hostname` (else a `hostnumber`).
    #[must_use]
    pub fn is_hostname(&self) -> bool {
        matches!(self, Host::Hostname(_))
    }
}

/// The accessors every scheme with a `hostport` has.
macro_rules! hostport_accessors {
    ($type:ident, $port:literal, $section:literal, $hostport:expr) => {
        impl<'a> $type<'a> {
            #[doc = concat!("The port the scheme defaults to: ", $port, " (section ", $section, ").")]
            pub const DEFAULT_PORT: u16 = $port;

            /// The host.
            #[must_use]
            pub fn host(&self) -> Host<'a> {
                let hostport: fn(&Self) -> Hostport<'a> = $hostport;
                hostport(self).host()
            }

            /// The port's digits as written, if there is a `:port`.
            #[must_use]
            pub fn port(&self) -> Option<&'a str> {
                let hostport: fn(&Self) -> Hostport<'a> = $hostport;
                hostport(self).port()
            }

            /// The port as a number, if there is a `:port`
            /// ([`Hostport::port_number`]).
            ///
            /// # Errors
            ///
            /// [`OutOfRange`] when the port is beyond 65535.
            pub fn port_number(&self) -> Result<Option<u16>, OutOfRange> {
                let hostport: fn(&Self) -> Hostport<'a> = $hostport;
                hostport(self).port_number()
            }

            #[doc = concat!("The port to connect to: the URL's, or ", $port, " when it has none.")]
            ///
            /// # Errors
            ///
            /// [`OutOfRange`] when the port is beyond 65535.
            pub fn effective_port(&self) -> Result<u16, OutOfRange> {
                let hostport: fn(&Self) -> Hostport<'a> = $hostport;
                hostport(self).effective_port(Self::DEFAULT_PORT)
            }
        }
    };
}

hostport_accessors!(HttpUrl, 80, "3.3", |url| url.hostport);
hostport_accessors!(FtpUrl, 21, "3.2", |url| url.login.hostport);
hostport_accessors!(GopherUrl, 70, "3.4", |url| url.hostport);
hostport_accessors!(NntpUrl, 119, "3.7", |url| url.hostport);
hostport_accessors!(TelnetUrl, 23, "3.8", |url| url.login.hostport);
hostport_accessors!(WaisUrl, 210, "3.9", |url| url.hostport());
hostport_accessors!(WaisDatabase, 210, "3.9", |url| url.hostport);
hostport_accessors!(WaisIndex, 210, "3.9", |url| url.hostport);
hostport_accessors!(WaisDoc, 210, "3.9", |url| url.hostport);
hostport_accessors!(ProsperoUrl, 1525, "3.11", |url| url.hostport);

/// The pieces of an http segment or search: what its unencoded `;`s
/// separate, each decoded.
type Pieces<'a> = core::iter::Map<core::str::Split<'a, char>, fn(&'a str) -> Decoded<'a>>;

/// Splits an http segment or search at its unencoded `;`s, then decodes
/// each piece: splitting first keeps a `;` apart from its escape `%3B`.
fn pieces<'a>(text: &'a str) -> Pieces<'a> {
    text.split(';').map(decode as fn(&'a str) -> Decoded<'a>)
}

impl<'a> HttpUrl<'a> {
    /// The path's segments, none when the URL has no `/` after the host;
    /// each segment as the pieces its unencoded `;`s separate, each piece
    /// decoded (at least one piece, possibly empty).
    ///
    /// Section 3.3: "Within the `<path>` and `<searchpart>` components, "/",
    /// ";", "?" are reserved", and the grammar lets `;` stand for itself
    /// there: `a;b` is the two pieces `a` and `b`, `a%3Bb` the one piece
    /// `a;b` ([decisions](crate::decisions), D29). [`Path::segments_decoded`]
    /// on the [`HttpUrl::hpath`] decodes whole segments, and gives `a;b`
    /// for both.
    ///
    /// ```
    /// let rfc1738::Url::Http(url) = rfc1738::parse("http://h/a;b/c%3Bd%20e")? else { panic!() };
    /// let segments: Vec<Vec<_>> = url.path_segments_decoded().map(Iterator::collect).collect();
    /// assert_eq!(segments, [vec!["a", "b"], vec!["c;d e"]]);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    pub fn path_segments_decoded(
        &self,
    ) -> impl DoubleEndedIterator<
        Item = impl DoubleEndedIterator<Item = Decoded<'a>> + FusedIterator + Clone + Debug + use<'a>,
    > + FusedIterator
    + Clone
    + Debug
    + use<'a> {
        self.hpath
            .into_iter()
            .flat_map(|path| path.segments())
            .map(pieces)
    }

    /// The search (the query string of section 3.3), as the pieces its
    /// unencoded `;`s separate, each decoded: `?q;r%3Bs` is `q` and `r;s`,
    /// as for a segment ([`HttpUrl::path_segments_decoded`]). The `&` and
    /// `=` of a form's query are no reserved characters of section 3.3:
    /// `%26` decodes to `&` as any other escape; read [`HttpUrl::search`]
    /// as written to tell them apart.
    ///
    /// ```
    /// let rfc1738::Url::Http(url) = rfc1738::parse("http://h/?q;r%3Bs")? else { panic!() };
    /// assert_eq!(url.search_decoded().unwrap().collect::<Vec<_>>(), ["q", "r;s"]);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    pub fn search_decoded(
        &self,
    ) -> Option<
        impl DoubleEndedIterator<Item = Decoded<'a>> + FusedIterator + Clone + Debug + use<'a>,
    > {
        self.search.map(pieces)
    }
}

impl<'a> TelnetUrl<'a> {
    /// The user name, decoded. Section 3.8: "the `<user>` and `<password>`
    /// supplied are advisory only: clients accessing a telnet URL merely
    /// advise the user of the suggested username and password".
    #[must_use]
    pub fn user_decoded(&self) -> Option<Decoded<'a>> {
        self.login.user_decoded()
    }

    /// The password, decoded; advisory like the user name.
    #[must_use]
    pub fn password_decoded(&self) -> Option<Decoded<'a>> {
        self.login.password_decoded()
    }
}

impl<'a> NewsUrl<'a> {
    /// The news group, if the URL names one (`news:comp.infosystems.www.misc`).
    /// A group has no escapes (`group = alpha *[ alpha | digit | "-" | "." |
    /// "+" | "_" ]`): there is nothing to decode.
    #[must_use]
    pub fn group(&self) -> Option<&'a str> {
        match self.grouppart {
            Grouppart::Group(group) => Some(group),
            _ => None,
        }
    }

    /// The article, if the URL names one by its message-id.
    #[must_use]
    pub fn article(&self) -> Option<Article<'a>> {
        match self.grouppart {
            Grouppart::Article(article) => Some(article),
            _ => None,
        }
    }

    /// Whether the URL is `news:*`: "all available news groups" (section
    /// 3.6).
    #[must_use]
    pub fn is_all(&self) -> bool {
        self.grouppart == Grouppart::All
    }
}

impl<'a> Article<'a> {
    /// The `<unique>` part, decoded.
    #[must_use]
    pub fn unique_decoded(&self) -> Decoded<'a> {
        decode(self.unique)
    }

    /// The message-id without the angle brackets, `<unique>@<full_domain_name>`
    /// (section 3.6), `<unique>` decoded. Always owned: the two parts are
    /// joined.
    ///
    /// ```
    /// let rfc1738::Url::News(url) = rfc1738::parse("news:12%2034@host.dom")? else { panic!() };
    /// assert_eq!(url.article().unwrap().message_id(), "12 34@host.dom");
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn message_id(&self) -> Decoded<'a> {
        let mut id = self.unique_decoded().into_bytes().into_owned();
        id.push(b'@');
        id.extend_from_slice(self.host.as_str().as_bytes());
        Decoded::from(id)
    }
}

impl<'a> NntpUrl<'a> {
    /// The article number, if the URL has one (section 3.7: "the numeric id
    /// of the article within that newsgroup"), leading zeros aside.
    ///
    /// # Errors
    ///
    /// [`OutOfRange`] when the number is beyond `u64::MAX`.
    pub fn article_number(&self) -> Result<Option<u64>, OutOfRange> {
        self.article
            .map(|digits| number("article number", digits, 64))
            .transpose()
    }
}

impl<'a> WaisUrl<'a> {
    /// The database name, decoded.
    #[must_use]
    pub fn database_decoded(&self) -> Decoded<'a> {
        decode(self.database())
    }

    /// The search of a `waisindex`, decoded.
    #[must_use]
    pub fn search_decoded(&self) -> Option<Decoded<'a>> {
        self.search().map(decode)
    }

    /// The `wtype` of a `waisdoc`, decoded.
    #[must_use]
    pub fn wtype_decoded(&self) -> Option<Decoded<'a>> {
        self.wtype().map(decode)
    }

    /// The `wpath` of a `waisdoc`, decoded: the document-id, which section
    /// 3.9 says "should be treated opaquely".
    #[must_use]
    pub fn wpath_decoded(&self) -> Option<Decoded<'a>> {
        self.wpath().map(decode)
    }
}

impl<'a> WaisDatabase<'a> {
    /// The database name, decoded.
    #[must_use]
    pub fn database_decoded(&self) -> Decoded<'a> {
        decode(self.database())
    }
}

impl<'a> WaisIndex<'a> {
    /// The database name, decoded.
    #[must_use]
    pub fn database_decoded(&self) -> Decoded<'a> {
        decode(self.database())
    }

    /// The search, decoded.
    #[must_use]
    pub fn search_decoded(&self) -> Decoded<'a> {
        decode(self.search())
    }
}

impl<'a> WaisDoc<'a> {
    /// The database name, decoded.
    #[must_use]
    pub fn database_decoded(&self) -> Decoded<'a> {
        decode(self.database())
    }

    /// The `wtype`, decoded.
    #[must_use]
    pub fn wtype_decoded(&self) -> Decoded<'a> {
        decode(self.wtype())
    }

    /// The `wpath`, decoded: the document-id, which section 3.9 says
    /// "should be treated opaquely".
    #[must_use]
    pub fn wpath_decoded(&self) -> Decoded<'a> {
        decode(self.wpath())
    }
}

impl<'a> FileHost<'a> {
    /// The host as written: `localhost` or the host. The literal holds no
    /// text of the URL: it is given as a `'static` string
    /// ([`Url::host`] borrows it from the URL).
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        match self {
            FileHost::Localhost => "localhost",
            FileHost::Host(host) => host.as_str(),
        }
    }
}

impl<'a> FileUrl<'a> {
    /// Whether the URL names a file of "the machine from which the URL is
    /// being interpreted" (section 3.10): its host is empty, the literal
    /// `localhost`, or the host of that name in another case (`LOCALHOST`,
    /// which the grammar reads as a host: [`crate::decisions`], D5), since
    /// domain names compare case-insensitively and the canonical form
    /// writes it as the literal.
    ///
    /// ```
    /// use rfc1738::Url;
    /// for (input, local) in [
    ///     ("file:///etc/motd", true),
    ///     ("file://localhost/etc/motd", true),
    ///     ("file://LocalHost/etc/motd", true),
    ///     ("file://localhost.dom/etc/motd", false),
    /// ] {
    ///     let Url::File(url) = rfc1738::parse(input)? else { panic!("file") };
    ///     assert_eq!(url.is_local(), local, "{input}");
    /// }
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn is_local(&self) -> bool {
        match self.host {
            None | Some(FileHost::Localhost) => true,
            Some(FileHost::Host(host)) => host.as_str().eq_ignore_ascii_case("localhost"),
        }
    }

    /// The path's segments, decoded: `<directory>/<directory>/.../<name>`,
    /// from either end.
    #[must_use]
    pub fn path_segments_decoded(
        &self,
    ) -> impl DoubleEndedIterator<Item = Decoded<'a>> + FusedIterator + Clone + Debug + use<'a>
    {
        self.fpath.segments_decoded()
    }
}

impl<'a> Fieldspec<'a> {
    /// The field name, decoded.
    #[must_use]
    pub fn name_decoded(&self) -> Decoded<'a> {
        decode(self.fieldname)
    }

    /// The field value, decoded.
    #[must_use]
    pub fn value_decoded(&self) -> Decoded<'a> {
        decode(self.fieldvalue)
    }
}

impl<'a> ProsperoUrl<'a> {
    /// The hsoname, decoded: the whole `ppath`, its `/`s kept. Section 3.11:
    /// "`<URL:prospero://host.dom//pros/name>` designates a `<hsoname>` of
    /// "/pros/name"".
    ///
    /// ```
    /// let rfc1738::Url::Prospero(url) = rfc1738::parse("prospero://host.dom//pros/name")? else { panic!() };
    /// assert_eq!(url.hsoname(), "/pros/name");
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn hsoname(&self) -> Decoded<'a> {
        self.ppath.decoded()
    }

    /// Each field name and value, decoded, in order (from either end, as
    /// [`Fieldspecs::iter`](crate::url::Fieldspecs::iter) reads them).
    ///
    /// ```
    /// let rfc1738::Url::Prospero(url) = rfc1738::parse("prospero://h/p;a=1;b%20c=2")? else { panic!() };
    /// let mut fields = url.fields_decoded();
    /// let (name, value) = fields.next_back().unwrap();
    /// assert_eq!((name.to_str(), value.to_str()), (Some("b c"), Some("2")));
    /// assert_eq!(fields.count(), 1);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn fields_decoded(
        &self,
    ) -> impl DoubleEndedIterator<Item = (Decoded<'a>, Decoded<'a>)>
    + FusedIterator
    + Clone
    + Debug
    + use<'a> {
        self.fieldspecs
            .iter()
            .map(|field| (field.name_decoded(), field.value_decoded()))
    }
}

impl<'a> MailtoUrl<'a> {
    /// The RFC 822 address, decoded (section 3.5: `%` "must be encoded").
    #[must_use]
    pub fn address(&self) -> Decoded<'a> {
        decode(self.encoded822addr)
    }
}

impl<'a> GenericUrl<'a> {
    /// The common internet scheme syntax of the scheme-specific part
    /// (section 3.1), when the whole of it is an `ip-schemepart`: `//`, an
    /// optional user and password, a host, an optional port and an optional
    /// `/url-path`. Read by the grammar's own `ip-schemepart` combinator,
    /// anchored at the end.
    ///
    /// ```
    /// let rfc1738::Url::Other(url) = rfc1738::parse("https://user@example.com:8443/a")? else { panic!() };
    /// let ip = url.ip_schemepart().unwrap();
    /// assert_eq!(ip.login().hostport().host().as_str(), "example.com");
    /// assert_eq!(ip.urlpath(), Some("a"));
    /// assert!(rfc1738::parse("urn:isbn:0451450523").is_ok_and(|url| match url {
    ///     rfc1738::Url::Other(url) => url.ip_schemepart().is_none(),
    ///     _ => false,
    /// }));
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn ip_schemepart(&self) -> Option<IpSchemepart<'a>> {
        if !self.schemepart.starts_with("//") {
            return None;
        }
        let o = crate::grammar::Quiet;
        crate::pass::emit(crate::grammar::ip::ip_schemepart(o), self.schemepart, o)
    }
}

impl<'a> Url<'a> {
    /// The host and port, for the schemes that have them: http, ftp, nntp,
    /// telnet, gopher, wais, prospero, and any other scheme whose
    /// scheme-specific part is an `ip-schemepart`. Where to connect,
    /// whatever the scheme, without matching on it.
    ///
    /// ```
    /// let url = rfc1738::parse("gopher://spinaltap.micro.umn.edu:70/00/Weather")?;
    /// let hostport = url.hostport().unwrap();
    /// assert_eq!(hostport.host().as_str(), "spinaltap.micro.umn.edu");
    /// assert_eq!(hostport.port(), Some("70"));
    /// // The common internet scheme syntax, in a scheme section 3 does not define.
    /// let other = rfc1738::parse("x-irc://irc.host.dom:6667/channel")?;
    /// assert_eq!(other.hostport().unwrap().to_string(), "irc.host.dom:6667");
    /// // A news URL names no host to connect to.
    /// assert_eq!(rfc1738::parse("news:comp.infosystems.www.misc")?.hostport(), None);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn hostport(&self) -> Option<Hostport<'a>> {
        match self {
            Url::Http(url) => Some(url.hostport),
            Url::Ftp(url) => Some(url.login.hostport),
            Url::Nntp(url) => Some(url.hostport),
            Url::Telnet(url) => Some(url.login.hostport),
            Url::Gopher(url) => Some(url.hostport),
            Url::Wais(url) => Some(url.hostport()),
            Url::Prospero(url) => Some(url.hostport),
            Url::Other(url) => url.ip_schemepart().map(|ip| ip.login.hostport),
            Url::News(_) | Url::Mailto(_) | Url::File(_) => None,
        }
    }

    /// The host: that of [`Url::hostport`], or a file URL's. A file URL's
    /// empty host (`file:///etc/motd`) is `None`, its `localhost` the
    /// hostname `localhost` (borrowed from the URL, as every part is). A
    /// news article's host is part of its message-id, not a host to connect
    /// to: see [`NewsUrl::article`].
    ///
    /// ```
    /// let url = rfc1738::parse("file://localhost/etc/motd")?;
    /// let host = url.host().unwrap().as_str();
    /// assert_eq!((host, host.as_ptr()), ("localhost", url.as_str()[7..].as_ptr()));
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    ///
    /// A text written with the appendix's prefix `URL:` (in any case,
    /// `URL:http://host/`) has no host, nor a [`hostport`](Url::hostport),
    /// [`login`](Url::login) or [`port`](Url::port): it is a URL of the
    /// scheme `URL`, an `otherurl` whose part, `http://host/`, starts with
    /// no `//` and is no `ip-schemepart` ([decisions](crate::decisions), D6).
    /// [`password_span`](Url::password_span) and
    /// [`semantic_errors`](Url::semantic_errors) read through the prefix, to
    /// the URL that follows it, which the text means (D23, D24); its host is
    /// that of what follows the prefix, parsed:
    ///
    /// ```
    /// let url = rfc1738::parse("URL:http://host/")?;
    /// assert_eq!((url.scheme(), url.host()), ("URL", None));
    /// let meant = rfc1738::parse(&url.as_str()[4..])?;
    /// assert_eq!(meant.host().map(|host| host.as_str()), Some("host"));
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn host(&self) -> Option<Host<'a>> {
        match self {
            Url::File(url) => url.host.map(|host| match host {
                // `file://localhost/`: the literal follows the 7 bytes of
                // `file://`, in any case.
                FileHost::Localhost => Host::Hostname(&self.as_str()[7..7 + "localhost".len()]),
                FileHost::Host(host) => host,
            }),
            _ => self.hostport().map(|hostport| hostport.host),
        }
    }

    /// The user, password, host and port, for ftp, telnet and any other
    /// scheme whose scheme-specific part is an `ip-schemepart`. An http or
    /// gopher URL has none: its `hostport` has no `user@` (section 3.3).
    ///
    /// ```
    /// let url = rfc1738::parse("ftp://foo:@host.com/")?;
    /// let login = url.login().unwrap();
    /// // Section 3.1: a user name of "foo" and an empty password.
    /// assert_eq!((login.user(), login.password()), (Some("foo"), Some("")));
    /// assert_eq!(rfc1738::parse("http://host.com/")?.login(), None);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn login(&self) -> Option<Login<'a>> {
        match self {
            Url::Ftp(url) => Some(url.login),
            Url::Telnet(url) => Some(url.login),
            Url::Other(url) => url.ip_schemepart().map(|ip| ip.login),
            _ => None,
        }
    }

    /// Whether the URL is the appendix's prefix `URL:` (in any case) read as
    /// a scheme name: an `otherurl` whose scheme is `URL`.
    pub(crate) fn has_url_prefix(&self) -> bool {
        matches!(self, Url::Other(_)) && self.scheme().eq_ignore_ascii_case("url")
    }

    /// The URL after the appendix's prefixes `URL:` that start this one,
    /// when it parses: "the URL" the text means (appendix), whose semantic
    /// errors are this one's and which the lint reads. `None` when there is
    /// no prefix, or what follows does not parse. Its parts are slices of
    /// this URL's text.
    pub(crate) fn after_url_prefix(&self) -> Option<Url<'a>> {
        if !self.has_url_prefix() {
            return None;
        }
        let text = self.as_str();
        let mut start = crate::api::after_url_prefixes(text)?;
        // The last `URL:` may be the scheme name of the URL that follows the
        // prefixes before it (`URL:URL://h/`); alone (`URL://h/`), there is
        // no prefix before it.
        if text[start..].starts_with("//") {
            start -= 4;
        }
        (start > 0).then(|| crate::parse(&text[start..]).ok())?
    }

    /// The byte span of the password in the URL, if it has a
    /// `:password`: the parser's own, from [`Url::login`].
    ///
    /// Two kinds of URL have a password the grammar does not see, and give
    /// it, so that whoever hides a password with this span hides those too:
    ///
    /// - A URL written with the appendix's prefix `URL:` (in any case) is a
    ///   valid `otherurl` whose scheme name is `URL`, whose scheme-specific
    ///   part holds no login. It is "the URL" that follows the prefix (RFC
    ///   1738, appendix) that means something, and its password is given,
    ///   as [`crate::parse`] reads that URL, or as its error guesses it when
    ///   it does not parse.
    /// - A URL whose scheme-specific part starts with `//` but is no
    ///   `ip-schemepart` (a host with a `_`, several hosts, a `?` after the
    ///   host, a password with an `@` or a `/`: an `otherurl`, whose part is
    ///   any run of `xchar`; a news article or a mail address written after
    ///   a `//`) has no login for the grammar, but one for people and
    ///   programs. Its password is taken to be what stands between the
    ///   first `:` and the last `@` of what follows the `//`, up to the next
    ///   `/` (or past it, to the `/` after an `@`, when the `:` has no `@`
    ///   before the `/` and no port after it: a `/` typed into the
    ///   password). Where the part is an `ip-schemepart`, that is the
    ///   parser's own.
    ///
    /// ```
    /// let url = rfc1738::parse("ftp://me:hunter2@host/")?;
    /// assert_eq!(url.password_span(), Some(9..16));
    /// assert_eq!(rfc1738::parse("ftp://me@host/a:b@c")?.password_span(), None);
    /// let prefixed = rfc1738::parse("URL:ftp://me:hunter2@host/")?;
    /// assert_eq!((prefixed.login(), prefixed.password_span()), (None, Some(13..20)));
    /// let other = rfc1738::parse("postgres://me:hunter2@db_1:5432/app")?;
    /// assert_eq!((other.login(), other.password_span()), (None, Some(14..21)));
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn password_span(&self) -> Option<core::ops::Range<usize>> {
        if self.has_url_prefix() {
            return self.password_beyond_login();
        }
        // A generic URL has a login only if its part after the scheme is
        // an `ip-schemepart`, which takes a pass to know: a password is
        // followed by an `@`.
        if let Url::Other(url) = self
            && !url.schemepart.contains('@')
        {
            return None;
        }
        let Some(login) = self.login() else {
            return self.password_beyond_login();
        };
        let password = login.password?;
        // The password and the scheme name, which starts the URL, are
        // slices of the one input.
        let start = password.as_ptr() as usize - self.scheme().as_ptr() as usize;
        Some(start..start + password.len())
    }

    /// [`Url::password_span`] for a URL without a login: that of the URL
    /// after the prefix `URL:`, or the guess after the `//` of its
    /// scheme-specific part.
    pub(crate) fn password_beyond_login(&self) -> Option<core::ops::Range<usize>> {
        if self.has_url_prefix() {
            return crate::api::url_prefix_password(Rule::Otherurl, self.as_str());
        }
        // A scheme name holds no `:`, so the part after it starts after the
        // scheme name and one byte.
        let start = self.scheme().len() + 1;
        let span = crate::password::in_unparsed(&self.as_str()[start..])?;
        Some(start + span.start..start + span.end)
    }

    /// The port's digits as written, if there is a `:port`: text, leading
    /// zeros and all, since `port = digits` puts no bound on them
    /// ([`Url::port_number`] reads the number, [`Url::effective_port`] the
    /// number or the scheme's default).
    ///
    /// ```
    /// let url = rfc1738::parse("nntp://news.host.dom:0119/comp.infosystems.www.misc")?;
    /// assert_eq!(url.port(), Some("0119"));
    /// assert_eq!(url.effective_port(), Ok(Some(119)));
    /// assert_eq!(rfc1738::parse("nntp://news.host.dom/comp.infosystems.www.misc")?.port(), None);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn port(&self) -> Option<&'a str> {
        self.hostport().and_then(|hostport| hostport.port)
    }

    /// The port as a number, if the URL writes a `:port`
    /// ([`Hostport::port_number`]: leading zeros do not count): `None` when
    /// it writes none (the scheme's default is
    /// [`effective_port`](Url::effective_port)'s), or has no
    /// [`hostport`](Url::hostport) (news, mailto, file, and another
    /// scheme's part that is no `ip-schemepart`). For an [`HttpUrl`] and
    /// the other schemes with a hostport it is their own `port_number`.
    ///
    /// # Errors
    ///
    /// [`OutOfRange`] when the URL's port is beyond 65535: the grammar
    /// accepts any number of digits, and the URL stays valid.
    ///
    /// ```
    /// let port = |text| rfc1738::parse(text).unwrap().port_number();
    /// assert_eq!(port("http://host.dom:0080/"), Ok(Some(80)));
    /// assert_eq!(port("x-irc://irc.host.dom:6667/"), Ok(Some(6667)));
    /// assert_eq!(port("ftp://host.dom/"), Ok(None));
    /// assert_eq!(port("news:comp.infosystems.www.misc"), Ok(None));
    /// assert!(port("telnet://host.dom:65536/").is_err());
    /// ```
    pub fn port_number(&self) -> Result<Option<u16>, OutOfRange> {
        match self.hostport() {
            Some(hostport) => hostport.port_number(),
            None => Ok(None),
        }
    }

    /// The default port of the URL's scheme (section 3), `None` for news,
    /// mailto, file and other schemes, whatever port the URL writes.
    ///
    /// ```
    /// let url = rfc1738::parse("prospero://host.dom//pros/name")?;
    /// assert_eq!(url.default_port(), Some(1525));
    /// let url = rfc1738::parse("http://host.dom:8080/")?;
    /// assert_eq!((url.port(), url.default_port()), (Some("8080"), Some(80)));
    /// assert_eq!(rfc1738::parse("x-irc://irc.host.dom:6667/")?.default_port(), None);
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    #[must_use]
    pub fn default_port(&self) -> Option<u16> {
        rule_default_port(self.rule())
    }

    /// The port to connect to: the URL's, else the scheme's default; `None`
    /// when the URL has no port and its scheme no default (and for news,
    /// mailto and file URLs).
    ///
    /// # Errors
    ///
    /// [`OutOfRange`] when the URL's port is beyond 65535.
    ///
    /// ```
    /// let url = rfc1738::parse("ftp://myname@host.dom/%2Fetc/motd")?;
    /// assert_eq!(url.port(), None);
    /// assert_eq!(url.effective_port(), Ok(Some(21)));
    /// # Ok::<(), rfc1738::Error>(())
    /// ```
    pub fn effective_port(&self) -> Result<Option<u16>, OutOfRange> {
        let Some(hostport) = self.hostport() else {
            return Ok(None);
        };
        Ok(hostport.port_number()?.or(self.default_port()))
    }
}
