//! The parts of the common internet scheme syntax (section 3.1) and the paths
//! several schemes share.

use core::cmp::Ordering;
use core::fmt;
use core::iter::{FusedIterator, once};

/// `host = hostname | hostnumber`: a fully qualified domain name, or an IP
/// address as four decimal groups.
///
/// ```
/// use rfc1738::url::Host;
/// let url = rfc1738::parse("http://10.0.0.1/")?;
/// assert_eq!(url.host(), Some(Host::Hostnumber("10.0.0.1")));
/// let url = rfc1738::parse("http://host.dom/")?;
/// assert_eq!(url.host().map(|host| host.as_str()), Some("host.dom"));
/// # Ok::<(), rfc1738::Error>(())
/// ```
///
/// Hosts are ordered by their text (then a hostname before a hostnumber,
/// for the same text in two variants, which only a program's own value can
/// be): `Host::Hostnumber("10.0.0.1") < Host::Hostname("a.dom")`.
///
/// # Case
///
/// Equality, hashing and order take the text as written, case included,
/// while a host name's case means nothing: domain names are compared "in
/// a case-insensitive manner" (RFC 1034, section 3.1), and
/// [`Url::canonical`](crate::Url::canonical) writes hosts in lower case.
/// `Host.Dom` and `host.dom` are two keys of a `HashMap<Host, _>`. To key
/// by the host a name stands for, key by its text in lower case, a
/// `String` of your own (a `Host` borrows the URL's text as written):
///
/// ```
/// use std::collections::{HashMap, HashSet};
/// let texts = ["http://Host.Dom/", "ftp://host.dom/pub", "http://HOST.DOM:8080/"];
/// let urls: Vec<rfc1738::Url> = texts.into_iter().map(rfc1738::parse).collect::<Result<_, _>>()?;
/// // Keyed by `Host`, as written, they are three hosts.
/// let hosts: HashSet<_> = urls.iter().filter_map(|url| url.host()).collect();
/// assert_eq!(hosts.len(), 3);
/// // Keyed by the text in lower case, one.
/// let mut per_host: HashMap<String, usize> = HashMap::new();
/// for host in urls.iter().filter_map(|url| url.host()) {
///     *per_host.entry(host.as_str().to_ascii_lowercase()).or_default() += 1;
/// }
/// assert_eq!(per_host.len(), 1);
/// assert_eq!(per_host["host.dom"], 3);
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Host<'a> {
    /// `hostname = *[ domainlabel "." ] toplabel`, e.g. `host.dom`.
    Hostname(&'a str),
    /// `hostnumber = digits "." digits "." digits "." digits`, e.g. `10.0.0.1`.
    /// The grammar puts no bound on the groups: `999.0.0.1` is a hostnumber.
    Hostnumber(&'a str),
}

impl<'a> Host<'a> {
    /// The host as written.
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        match *self {
            Host::Hostname(text) | Host::Hostnumber(text) => text,
        }
    }
}

impl PartialOrd for Host<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Host<'_> {
    /// By the text, then the variant.
    fn cmp(&self, other: &Self) -> Ordering {
        let key = |host: &Self| (host.as_str(), matches!(host, Host::Hostnumber(_)));
        key(self).cmp(&key(other))
    }
}

impl fmt::Display for Host<'_> {
    /// The host as written, padded as a `str` is given a width.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// `hostport = host [ ":" port ]`.
///
/// ```
/// let url = rfc1738::parse("http://host.dom:0080/")?;
/// let hostport = url.hostport().unwrap();
/// assert_eq!((hostport.host().as_str(), hostport.port()), ("host.dom", Some("0080")));
/// assert_eq!(hostport.port_number(), Ok(Some(80)));
/// assert_eq!(hostport.to_string(), "host.dom:0080");
/// # Ok::<(), rfc1738::Error>(())
/// ```
///
/// Hostports are ordered by their text, what `Display` writes (so `h.dom`
/// comes before `h:80`, and the port `80` after `0080`): as the URLs that
/// hold them are. Their equality and hash take the text as written too,
/// the host's case included ([`Host`], "Case").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Hostport<'a> {
    pub(crate) host: Host<'a>,
    pub(crate) port: Option<&'a str>,
}

impl<'a> Hostport<'a> {
    /// The host.
    #[must_use]
    pub fn host(&self) -> Host<'a> {
        self.host
    }

    /// The port's digits as written, if there is a `:port`. The grammar allows
    /// any number of digits (`port = digits`), so this is text, not a number.
    #[must_use]
    pub fn port(&self) -> Option<&'a str> {
        self.port
    }
}

impl Hostport<'_> {
    /// The bytes `Display` writes, one at a time.
    fn bytes(&self) -> impl Iterator<Item = u8> + '_ {
        let port = self
            .port
            .into_iter()
            .flat_map(|port| once(b':').chain(port.bytes()));
        self.host.as_str().bytes().chain(port)
    }
}

impl PartialOrd for Hostport<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Hostport<'_> {
    /// By the text, then the host's variant. A host has no `:`: one text is
    /// one host and port.
    fn cmp(&self, other: &Self) -> Ordering {
        self.bytes()
            .cmp(other.bytes())
            .then_with(|| self.host.cmp(&other.host))
    }
}

impl fmt::Display for Hostport<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.host)?;
        if let Some(port) = self.port {
            write!(f, ":{port}")?;
        }
        Ok(())
    }
}

/// `login = [ user [ ":" password ] "@" ] hostport`.
///
/// Section 3.1: "an empty user name or password is different than no user
/// name or password": `ftp://@host.com/` has the user `Some("")`,
/// `ftp://host.com/` has `None`.
///
/// ```
/// let url = rfc1738::parse("ftp://my%20name:pass@host.dom/")?;
/// let login = url.login().unwrap();
/// assert_eq!((login.user(), login.password()), (Some("my%20name"), Some("pass")));
/// assert_eq!(login.user_decoded().unwrap(), "my name");
/// let url = rfc1738::parse("ftp://@host.dom/")?;
/// assert_eq!(url.login().unwrap().user(), Some(""));
/// # Ok::<(), rfc1738::Error>(())
/// ```
///
/// Logins are ordered by their text, what `Display` writes
/// (`a:b@h` before `a@h`), as the URLs that hold them are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Login<'a> {
    pub(crate) user: Option<&'a str>,
    pub(crate) password: Option<&'a str>,
    pub(crate) hostport: Hostport<'a>,
}

impl<'a> Login<'a> {
    /// The user name as written (still `%`-encoded), if there is a `user@`.
    #[must_use]
    pub fn user(&self) -> Option<&'a str> {
        self.user
    }

    /// The password as written (still `%`-encoded), if there is a `:password`.
    #[must_use]
    pub fn password(&self) -> Option<&'a str> {
        self.password
    }

    /// The host and port.
    #[must_use]
    pub fn hostport(&self) -> Hostport<'a> {
        self.hostport
    }
}

impl Login<'_> {
    /// The bytes `Display` writes, one at a time.
    fn bytes(&self) -> impl Iterator<Item = u8> + '_ {
        let user = self.user.into_iter().flat_map(move |user| {
            let password = self
                .password
                .into_iter()
                .flat_map(|password| once(b':').chain(password.bytes()));
            user.bytes().chain(password).chain(once(b'@'))
        });
        user.chain(self.hostport.bytes())
    }
}

impl PartialOrd for Login<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Login<'_> {
    /// By the text, then the host's variant. A user has no `:` or `@`, a
    /// password no `@`, and an empty user or password is written (`@h`,
    /// `a:@h`): one text is one login.
    fn cmp(&self, other: &Self) -> Ordering {
        self.bytes()
            .cmp(other.bytes())
            .then_with(|| self.hostport.cmp(&other.hostport))
    }
}

impl fmt::Display for Login<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(user) = self.user {
            f.write_str(user)?;
            if let Some(password) = self.password {
                write!(f, ":{password}")?;
            }
            f.write_str("@")?;
        }
        write!(f, "{}", self.hostport)
    }
}

/// A `/`-separated path: `fpath`, `hpath` or `ppath`.
///
/// ```
/// use rfc1738::Url;
/// let Url::Ftp(url) = Url::parse("ftp://host.dom//etc/%6Dotd")? else { panic!("ftp") };
/// let path = url.fpath().unwrap();
/// assert_eq!(path.segments().collect::<Vec<_>>(), ["", "etc", "%6Dotd"]);
/// assert_eq!(path.segments_decoded().collect::<Vec<_>>(), ["", "etc", "motd"]);
/// # Ok::<(), rfc1738::Error>(())
/// ```
///
/// Paths are ordered by their text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Path<'a>(pub(crate) &'a str);

impl<'a> Path<'a> {
    /// The path as written, without the `/` that introduces it.
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.0
    }

    /// The segments (`fsegment`, `hsegment` or `psegment`) as written, still
    /// `%`-encoded. There is always at least one, possibly empty: the path of
    /// `ftp://host/` is one empty segment, that of `ftp://host//etc` is `""`
    /// and `"etc"`. The iterator reads from either end ([`Segments`]).
    pub fn segments(&self) -> Segments<'a> {
        // No segment contains an unencoded `/`: every `/` separates two.
        Segments(self.0.split('/'))
    }
}

impl fmt::Display for Path<'_> {
    /// The path as written, padded as a `str` is given a width.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.0)
    }
}

/// The segments of a [`Path`], as written: what [`Path::segments`]
/// returns. It reads from either end (`DoubleEndedIterator`: the last
/// segment, an ftp URL's `<name>`, is `next_back`), and once it has ended
/// it gives nothing more (`FusedIterator`).
///
/// ```
/// use rfc1738::url::Segments;
/// let rfc1738::Url::Http(url) = rfc1738::parse("http://host.dom/a/b%2Fc/")? else { panic!() };
/// let mut segments: Segments<'_> = url.hpath().unwrap().segments();
/// assert_eq!(segments.next_back(), Some(""));
/// assert_eq!(segments.clone().collect::<Vec<_>>(), ["a", "b%2Fc"]);
/// assert_eq!((segments.next(), segments.next(), segments.next()), (Some("a"), Some("b%2Fc"), None));
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Segments<'a>(core::str::Split<'a, char>);

impl<'a> Iterator for Segments<'a> {
    type Item = &'a str;

    #[inline]
    fn next(&mut self) -> Option<&'a str> {
        self.0.next()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl<'a> DoubleEndedIterator for Segments<'a> {
    #[inline]
    fn next_back(&mut self) -> Option<&'a str> {
        self.0.next_back()
    }
}

/// Once it has given its last segment, it gives no more.
impl FusedIterator for Segments<'_> {}

/// `ip-schemepart = "//" login [ "/" urlpath ]`: the common internet scheme
/// syntax of section 3.1, as the scheme-specific part of any scheme.
///
/// ```
/// use rfc1738::Url;
/// let Url::Other(url) = Url::parse("x-ftp://me@host.dom:2121/pub/file")? else { panic!() };
/// let ip = url.ip_schemepart().unwrap();
/// assert_eq!(ip.login().user(), Some("me"));
/// assert_eq!(ip.urlpath(), Some("pub/file"));
/// # Ok::<(), rfc1738::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct IpSchemepart<'a> {
    pub(crate) login: Login<'a>,
    pub(crate) urlpath: Option<&'a str>,
}

impl<'a> IpSchemepart<'a> {
    /// The user, password, host and port.
    #[must_use]
    pub fn login(&self) -> Login<'a> {
        self.login
    }

    /// The `url-path` after the `/` that follows the host, if there is that `/`.
    /// Section 3.1: the `/` "is NOT part of the url-path".
    #[must_use]
    pub fn urlpath(&self) -> Option<&'a str> {
        self.urlpath
    }
}

impl fmt::Display for IpSchemepart<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "//{}", self.login)?;
        if let Some(urlpath) = self.urlpath {
            write!(f, "/{urlpath}")?;
        }
        Ok(())
    }
}
