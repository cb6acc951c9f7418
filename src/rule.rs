//! The production registry: [`Rule`], generated from `grammar/rfc1738.bnf` by
//! `build.rs`, so that the grammar file alone decides which productions exist,
//! how they are spelled and what they say.

include!(concat!(env!("OUT_DIR"), "/rules.rs"));

impl Rule {
    /// The number of productions in RFC 1738 section 5.
    ///
    /// ```
    /// assert_eq!(rfc1738::Rule::COUNT, 67);
    /// assert_eq!(rfc1738::bnf::Grammar::rfc1738().productions().len(), rfc1738::Rule::COUNT);
    /// ```
    pub const COUNT: usize = Rule::ALL.len();

    /// The productions whose strings are whole URLs, a scheme name and its
    /// `:` first: `url`, `genericurl`, `otherurl`, the ten scheme rules of
    /// section 3 and the three forms of a wais URL.
    pub(crate) const URLS: [Rule; 16] = [
        Rule::Url,
        Rule::Genericurl,
        Rule::Otherurl,
        Rule::Httpurl,
        Rule::Ftpurl,
        Rule::Newsurl,
        Rule::Nntpurl,
        Rule::Telneturl,
        Rule::Gopherurl,
        Rule::Waisurl,
        Rule::Waisdatabase,
        Rule::Waisindex,
        Rule::Waisdoc,
        Rule::Mailtourl,
        Rule::Fileurl,
        Rule::Prosperourl,
    ];
}

impl core::fmt::Display for Rule {
    /// Writes the production's name as the RFC spells it, padded as a
    /// `str` is given a width.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.pad(self.name())
    }
}

impl core::str::FromStr for Rule {
    type Err = UnknownRule;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Rule::from_name(name).ok_or_else(|| UnknownRule::new(name))
    }
}

/// A name that is not a production of RFC 1738 section 5: the error of
/// `str::parse::<Rule>`. [`name`](UnknownRule::name) is the name as given;
/// `Display` shows it between double quotes, as [`crate::visible`] shows
/// quoted text (an empty name as `""`, a `"` in it as `\"`).
///
/// Production names are spelled as the RFC spells them, in lower case,
/// and the crate writes a production two more ways: as its combinator is
/// named ([`Rule::function`], `ip_schemepart`) and as its variant of
/// [`Rule`] (its `Debug`, `IpSchemepart`). A name that is one of the three
/// spellings, in any case, is no production, and its error says which one
/// it spells ([`suggestion`](UnknownRule::suggestion)); no other name gets
/// a suggestion, however close.
///
/// ```
/// use rfc1738::Rule;
/// assert_eq!("hostport".parse::<Rule>(), Ok(Rule::Hostport));
/// let error = "host-port".parse::<Rule>().unwrap_err();
/// assert_eq!(error.name(), "host-port");
/// assert_eq!(error.to_string(), r#""host-port" is not a production of RFC 1738 section 5"#);
/// let empty = "".parse::<Rule>().unwrap_err();
/// assert_eq!(empty.to_string(), r#""" is not a production of RFC 1738 section 5"#);
/// let error = "ip_schemepart".parse::<Rule>().unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     r#""ip_schemepart" is not a production of RFC 1738 section 5; did you mean `ip-schemepart`?"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error(
    "\"{}\" is not a production of RFC 1738 section 5{}",
    crate::visible::Visible::new(&self.name).quoted(),
    DidYouMean(self.suggestion)
)]
pub struct UnknownRule {
    name: String,
    suggestion: Option<Rule>,
}

impl UnknownRule {
    #[cold]
    fn new(name: &str) -> Self {
        UnknownRule {
            name: name.to_owned(),
            suggestion: Rule::ALL.into_iter().find(|rule| rule.spelled_as(name)),
        }
    }

    /// The name that is no production, as it was given.
    ///
    /// ```
    /// let error = "Hostport".parse::<rfc1738::Rule>().unwrap_err();
    /// // Production names are case-sensitive: the RFC spells them in lower case.
    /// assert_eq!(error.name(), "Hostport");
    /// ```
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The production that the name spells another way, in any case: as
    /// the RFC spells it (`Hostport`, `IP-SCHEMEPART`), as its combinator
    /// is named (`ip_schemepart`, `gopher_plus_string`) or as its variant
    /// (`IpSchemepart`). `None` for any other name.
    ///
    /// ```
    /// use rfc1738::Rule;
    /// let meant = |name: &str| name.parse::<Rule>().unwrap_err().suggestion();
    /// assert_eq!(meant("Hostport"), Some(Rule::Hostport));
    /// assert_eq!(meant("ip_schemepart"), Some(Rule::IpSchemepart));
    /// assert_eq!(meant("IpSchemepart"), Some(Rule::IpSchemepart));
    /// assert_eq!(meant("gopher_plus_string"), Some(Rule::GopherPlusString));
    /// // No similarity: a misspelling is no spelling.
    /// assert_eq!(meant("hostprot"), None);
    /// assert_eq!(meant("host-port"), None);
    /// ```
    #[must_use]
    pub fn suggestion(&self) -> Option<Rule> {
        self.suggestion
    }
}

impl Rule {
    /// Whether `name` is one of the production's spellings, compared
    /// case-insensitively: its name (`ip-schemepart`), its combinator's
    /// (`ip_schemepart`) or its variant's, which is the combinator's
    /// without the `_` (`IpSchemepart`; `gopher_plus_string` and
    /// `GopherPlusString`).
    fn spelled_as(self, name: &str) -> bool {
        let variant = self.function().bytes().filter(|&byte| byte != b'_');
        name.eq_ignore_ascii_case(self.name())
            || name.eq_ignore_ascii_case(self.function())
            || variant
                .map(|byte| byte.to_ascii_lowercase())
                .eq(name.bytes().map(|byte| byte.to_ascii_lowercase()))
    }
}

/// What [`UnknownRule`]'s message adds for a suggestion:
/// ``; did you mean `ip-schemepart`?``, or nothing.
struct DidYouMean(Option<Rule>);

impl core::fmt::Display for DidYouMean {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.0 {
            Some(rule) => write!(f, "; did you mean `{rule}`?"),
            None => Ok(()),
        }
    }
}

/// With the `serde` feature, a [`Rule`] is written as its name, as the
/// command line's JSON writes rules (`"hostport"`), and read back through
/// `FromStr`: a name that is no production is an error saying so.
#[cfg(feature = "serde")]
mod serde_impl {
    use serde::de::{Deserialize, Deserializer};
    use serde::{Serialize, Serializer};

    use super::Rule;

    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl Serialize for Rule {
        /// The production's name as the RFC spells it (`"ip-schemepart"`).
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_str(self.name())
        }
    }

    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl<'de> Deserialize<'de> for Rule {
        /// A production's name, as `str::parse` reads it (case-sensitive).
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            crate::named::deserialize(
                deserializer,
                "the name of a production of RFC 1738 section 5",
                |name| {
                    name.parse()
                        .map_err(|unknown: super::UnknownRule| Some(unknown.to_string()))
                },
            )
        }
    }
}
