//! "Did you mean": the productions a name that is not one may stand for:
//! the one it spells another way, as the library's error says
//! ([`rfc1738::UnknownRule::suggestion`]: in another case, or as the
//! combinator or the variant is named), else those it is similar to
//! (strsim's Jaro-Winkler, as clap suggests subcommands and options).

use rfc1738::Rule;

/// How similar a name must be to a production's to be suggested, on
/// Jaro-Winkler's scale (1 is the same name); clap's own threshold for its
/// suggestions.
const SIMILAR: f64 = 0.8;

/// The most productions suggested.
const MOST: usize = 3;

/// The productions most like `name`, best first: the one it spells
/// another way alone (`Hostport`, `ip_schemepart`, `IpSchemepart`), else up
/// to [`MOST`] similar ones.
pub fn similar(name: &str) -> Vec<Rule> {
    if let Some(rule) = name.parse::<Rule>().err().and_then(|e| e.suggestion()) {
        return vec![rule];
    }
    let folded = name.to_lowercase();
    let mut scored: Vec<(f64, Rule)> = Rule::ALL
        .iter()
        .map(|&rule| (strsim::jaro_winkler(&folded, rule.name()), rule))
        .filter(|&(score, _)| score > SIMILAR)
        .collect();
    // Best first; equal scores in the grammar's order (the sort is stable).
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored
        .into_iter()
        .take(MOST)
        .map(|(_, rule)| rule)
        .collect()
}

/// What to add to the message about `name`, not a production: `; did you
/// mean `hostport`?`, or where the productions are listed.
pub fn productions(name: &str) -> String {
    let names: Vec<String> = similar(name)
        .iter()
        .map(|rule| format!("`{rule}`"))
        .collect();
    match names.as_slice() {
        [] => format!("; `rfc1738 grammar` lists the {} productions", Rule::COUNT),
        [one] => format!("; did you mean {one}?"),
        [first @ .., last] => format!("; did you mean {} or {last}?", first.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_alone_gives_the_production() {
        assert_eq!(similar("hostPort"), [Rule::Hostport]);
        assert_eq!(similar("IP-SCHEMEPART"), [Rule::IpSchemepart]);
        assert_eq!(productions("HostPort"), "; did you mean `hostport`?");
    }

    /// The crate's other spellings of a production, which the library's
    /// error names it for, give it alone.
    #[test]
    fn the_combinators_and_the_variants_name_give_the_production() {
        assert_eq!(similar("ip_schemepart"), [Rule::IpSchemepart]);
        assert_eq!(similar("IpSchemepart"), [Rule::IpSchemepart]);
        assert_eq!(similar("gopher_plus_string"), [Rule::GopherPlusString]);
        assert_eq!(
            productions("gopher_plus_string"),
            "; did you mean `gopher+_string`?"
        );
    }

    #[test]
    fn a_misspelling_gives_the_nearest_productions() {
        assert_eq!(similar("hostprot").first(), Some(&Rule::Hostport));
        assert_eq!(similar("ip_schemepart").first(), Some(&Rule::IpSchemepart));
        assert!(similar("gopher_string").contains(&Rule::GopherPlusString));
        let message = productions("hostnmae");
        assert!(
            message.starts_with("; did you mean `hostname`"),
            "{message}"
        );
    }

    #[test]
    fn a_name_like_none_points_to_the_list() {
        assert!(similar("zzzzzz").is_empty());
        assert_eq!(
            productions("zzzzzz"),
            "; `rfc1738 grammar` lists the 67 productions"
        );
    }
}
