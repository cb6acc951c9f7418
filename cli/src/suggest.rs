//! "Did you mean": the productions a name that is not one may stand for,
//! compared case-insensitively and by similarity (strsim's Jaro-Winkler, as
//! clap suggests subcommands and options).

use rfc1738::Rule;

/// How similar a name must be to a production's to be suggested, on
/// Jaro-Winkler's scale (1 is the same name); clap's own threshold for its
/// suggestions.
const SIMILAR: f64 = 0.8;

/// The most productions suggested.
const MOST: usize = 3;

/// The productions most like `name`, best first: one that differs only in
/// case alone, else up to [`MOST`] similar ones.
pub fn similar(name: &str) -> Vec<Rule> {
    let folded = name.to_lowercase();
    if let Some(rule) = Rule::ALL
        .iter()
        .find(|rule| rule.name().eq_ignore_ascii_case(&folded))
    {
        return vec![*rule];
    }
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
