//! Generates the production registry and the character tables from
//! `grammar/rfc1738.bnf`.
//!
//! The grammar file is the source of truth. It is read by the crate's own
//! BNF reader (`src/bnf/reader.rs` and `src/bnf/syntax.rs`, included here),
//! the one that serves `rfc1738::bnf` at run time, and two files are written
//! to `$OUT_DIR`:
//!
//! - `rules.rs`, included by `src/rule.rs`: the `Rule` enum, its name,
//!   definition, module, function and line tables, and the macro that binds
//!   each production to its combinator in the module of its group (a
//!   production added to the grammar without a combinator fails to compile);
//! - `charset.rs`, included by `src/charset.rs`: one table per
//!   character-class production (`alpha`, `uchar`, `xchar`, `ftptype`, ...:
//!   an expression of one-character literals, other classes and
//!   `"%" hex hex`) and one per repetition body made of them (the
//!   `*[ uchar | ";" | "?" | "&" | "=" ]` of `user`, ...).

use std::collections::{BTreeMap, BTreeSet};
use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

// The reader's error type and accessors serve `rfc1738::bnf`; this script
// uses only what reading needs.
#[allow(dead_code)]
#[path = "src/bnf/syntax.rs"]
mod syntax;

#[path = "src/bnf/reader.rs"]
mod reader;

// The reader shows a character of the grammar file as `rfc1738::visible`
// does; this script uses only that.
#[allow(dead_code)]
#[path = "src/visible.rs"]
mod visible;

// Apart from the two files above, the combinators' railroad diagrams:
// `railroad/<function>.md` in `$OUT_DIR`, one per production, drawn by the
// code of `rfc1738::bnf::diagram` and written for the combinators'
// documentation by `railroad_docs` below.
#[path = "src/bnf/diagram.rs"]
mod diagram;

use syntax::{Expr, Production};

const GRAMMAR: &str = "grammar/rfc1738.bnf";

fn main() {
    println!("cargo::rerun-if-changed={GRAMMAR}");
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/bnf/syntax.rs");
    println!("cargo::rerun-if-changed=src/bnf/reader.rs");
    println!("cargo::rerun-if-changed=src/bnf/diagram.rs");
    let text = fs::read_to_string(GRAMMAR)
        .unwrap_or_else(|e| panic!("{GRAMMAR}: cannot read the grammar: {e}"));
    let productions = reader::read(&text).unwrap_or_else(|e| panic!("{GRAMMAR}:{e}"));
    let modules = modules(&productions);
    let classes = Classes::of(&productions);
    let out = env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let out = Path::new(&out);
    write(&out.join("rules.rs"), &rules(&productions, &modules));
    write(&out.join("charset.rs"), &charset(&productions, &classes));
    railroad_docs::write(&productions, &modules, function, out);
}

fn write(path: &Path, text: &str) {
    fs::write(path, text).unwrap_or_else(|e| panic!("{}: cannot write: {e}", path.display()));
}

/// The module a group comment opens, or `None` for a comment that opens no
/// group.
fn group_of(comment: &str) -> Option<String> {
    if comment.starts_with("The generic form") {
        return Some("generic".into());
    }
    if comment.starts_with("URL schemeparts for ip based protocols") {
        return Some("ip".into());
    }
    if comment.starts_with("Miscellaneous definitions") {
        return Some("chars".into());
    }
    // A scheme's group: its name in capitals, alone or before a note
    // ("FTP (see also RFC959)").
    let word = comment.split_whitespace().next()?;
    (word.len() > 1 && word.bytes().all(|b| b.is_ascii_uppercase()))
        .then(|| word.to_ascii_lowercase())
}

/// The module of each production: that of the last group comment before it.
fn modules(productions: &[Production]) -> Vec<String> {
    let mut module: Option<String> = None;
    productions
        .iter()
        .map(|p| {
            for comment in &p.comments {
                if let Some(group) = group_of(comment) {
                    module = Some(group);
                }
            }
            module.clone().unwrap_or_else(|| {
                panic!(
                    "{GRAMMAR}:{}: production `{}` comes before any group comment",
                    p.line, p.name
                )
            })
        })
        .collect()
}

/// `ip-schemepart` → `IpSchemepart`, `gopher+_string` → `GopherPlusString`.
fn variant(name: &str) -> String {
    name.replace('+', "-plus-")
        .split(['-', '_'])
        .filter(|part| !part.is_empty())
        .map(|part| {
            let mut chars = part.chars();
            let first = chars.next().map(|c| c.to_ascii_uppercase());
            first.into_iter().chain(chars).collect::<String>()
        })
        .collect()
}

/// `ip-schemepart` → `ip_schemepart`, `gopher+_string` → `gopher_plus_string`.
fn function(name: &str) -> String {
    name.replace('+', "_plus").replace('-', "_")
}

/// `ip-schemepart` → `IP_SCHEMEPART`: the name of a table.
fn constant(name: &str) -> String {
    function(name).to_ascii_uppercase()
}

/// One `const fn` of `Rule` that maps each production to a value.
fn table(
    out: &mut String,
    doc: &str,
    signature: &str,
    rows: impl Iterator<Item = (String, String)>,
) {
    for line in doc.lines() {
        writeln!(out, "    /// {line}").unwrap();
    }
    writeln!(
        out,
        "    #[must_use]\n    pub const fn {signature} {{\n        match self {{"
    )
    .unwrap();
    for (variant, value) in rows {
        writeln!(out, "            Rule::{variant} => {value},").unwrap();
    }
    out.push_str("        }\n    }\n\n");
}

fn rules(productions: &[Production], modules: &[String]) -> String {
    let mut out = String::new();
    let n = productions.len();
    out.push_str("// Generated by build.rs from grammar/rfc1738.bnf. Do not edit.\n\n");
    out.push_str(
        "/// A production of RFC 1738 section 5, in the order of `grammar/rfc1738.bnf`.\n\
         ///\n\
         /// Generated from the grammar file at build time: each variant's documentation\n\
         /// is its production as printed in the RFC.\n\
         ///\n\
         /// ```\n\
         /// use rfc1738::Rule;\n\
         ///\n\
         /// let rule: Rule = \"ip-schemepart\".parse()?;\n\
         /// assert_eq!(rule, Rule::IpSchemepart);\n\
         /// assert_eq!(rule.to_string(), \"ip-schemepart\");\n\
         /// assert!(rfc1738::parse_rule(rule, \"//host.dom:21/x\").is_ok());\n\
         /// # Ok::<(), rfc1738::UnknownRule>(())\n\
         /// ```\n\
         #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]\n\
         pub enum Rule {\n",
    );
    for p in productions {
        out.push_str("    /// ```text\n");
        for line in p.text.lines() {
            writeln!(out, "    /// {line}").unwrap();
        }
        writeln!(out, "    /// ```\n    {},", variant(&p.name)).unwrap();
    }
    out.push_str("}\n\nimpl Rule {\n");
    out.push_str(
        "    /// Every production, in the order of the grammar file.\n    ///\n    \
         /// ```\n    \
         /// use rfc1738::Rule;\n    \
         /// assert_eq!(Rule::ALL[0], Rule::Genericurl);\n    \
         /// assert_eq!(Rule::ALL.len(), Rule::COUNT);\n    \
         /// assert!(Rule::ALL.iter().all(|&rule| Rule::from_name(rule.name()) == Some(rule)));\n    \
         /// ```\n",
    );
    writeln!(out, "    pub const ALL: [Rule; {n}] = [").unwrap();
    for p in productions {
        writeln!(out, "        Rule::{},", variant(&p.name)).unwrap();
    }
    out.push_str("    ];\n\n");
    let each = |value: &dyn Fn(usize, &Production) -> String| {
        productions
            .iter()
            .enumerate()
            .map(move |(i, p)| (variant(&p.name), value(i, p)))
            .collect::<Vec<_>>()
            .into_iter()
    };
    table(
        &mut out,
        "The production's name as the RFC spells it (`ip-schemepart`, `gopher+_string`).\n\n\
         ```\n\
         use rfc1738::Rule;\n\
         assert_eq!(Rule::GopherPlusString.name(), \"gopher+_string\");\n\
         ```",
        "name(self) -> &'static str",
        each(&|_, p| format!("{:?}", p.name)),
    );
    table(
        &mut out,
        "The production as printed in the grammar file, continuation lines and\n\
         trailing comment included.\n\n\
         ```\n\
         use rfc1738::Rule;\n\
         assert_eq!(Rule::Hostport.definition(), r#\"hostport = host [ \":\" port ]\"#);\n\
         assert_eq!(Rule::Url.definition().lines().count(), 4);\n\
         ```",
        "definition(self) -> &'static str",
        each(&|_, p| format!("{:?}", p.text)),
    );
    table(
        &mut out,
        "The name of the combinator that implements the production.\n\n\
         ```\n\
         use rfc1738::Rule;\n\
         assert_eq!(Rule::IpSchemepart.function(), \"ip_schemepart\");\n\
         assert_eq!(Rule::GopherPlusString.function(), \"gopher_plus_string\");\n\
         ```",
        "function(self) -> &'static str",
        each(&|_, p| format!("{:?}", function(&p.name))),
    );
    table(
        &mut out,
        "The module of `rfc1738::grammar` that holds the production's combinator,\n\
         after the group comment it stands under in the grammar file.\n\n\
         ```\n\
         use rfc1738::Rule;\n\
         assert_eq!(Rule::Hostport.module(), \"ip\");\n\
         assert_eq!(Rule::Fsegment.module(), \"ftp\");\n\
         ```",
        "module(self) -> &'static str",
        each(&|i, _| format!("{:?}", modules[i])),
    );
    table(
        &mut out,
        "The line of the grammar file on which the production starts.\n\n\
         ```\n\
         use rfc1738::{Rule, bnf::RFC1738};\n\
         let line = RFC1738.lines().nth(Rule::Hostport.line() - 1).unwrap();\n\
         assert!(line.starts_with(\"hostport\"));\n\
         ```",
        "line(self) -> usize",
        each(&|_, p| p.line.to_string()),
    );
    out.push_str(
        "    /// The production with this name, spelled as in the RFC (`ip-schemepart`).\n    \
         ///\n    \
         /// ```\n    \
         /// use rfc1738::Rule;\n    \
         /// assert_eq!(Rule::from_name(\"ip-schemepart\"), Some(Rule::IpSchemepart));\n    \
         /// assert_eq!(Rule::from_name(\"IP-SCHEMEPART\"), None);\n    \
         /// ```\n    \
         #[must_use]\n    \
         pub fn from_name(name: &str) -> Option<Rule> {\n        match name {\n",
    );
    for p in productions {
        writeln!(
            out,
            "            {:?} => Some(Rule::{}),",
            p.name,
            variant(&p.name)
        )
        .unwrap();
    }
    out.push_str("            _ => None,\n        }\n    }\n}\n\n");
    out.push_str(
        "/// Calls `$run(make, $($arg),*)`, where `make` builds the combinator of `$rule`\n\
         /// for the observer `$observer`: each combinator is built in the frame of\n\
         /// `$run`, not all of them in the caller's.\n\
         macro_rules! with_combinator {\n    \
         ($rule:expr, $observer:expr, $run:ident $(, $arg:expr)*) => {\n        match $rule {\n",
    );
    for (p, module) in productions.iter().zip(modules) {
        writeln!(
            out,
            "            $crate::Rule::{} => $run(|| $crate::grammar::{module}::{}($observer) $(, $arg)*),",
            variant(&p.name),
            function(&p.name)
        )
        .unwrap();
    }
    out.push_str("        }\n    };\n}\npub(crate) use with_combinator;\n");
    out
}

/// A character class: the single bytes it matches, whether `"%" hex hex`
/// is one of its alternatives, and the productions among its alternatives.
#[derive(Clone, Debug, Default, PartialEq)]
struct Class {
    bytes: BTreeSet<u8>,
    escape: bool,
    parts: Vec<String>,
}

/// The character-class productions of a grammar.
struct Classes(BTreeMap<String, Class>);

impl Classes {
    fn of(productions: &[Production]) -> Classes {
        let mut classes = Classes(BTreeMap::new());
        // A class's alternatives may be classes defined further down (the
        // reader ruled out recursion): resolve until nothing changes.
        loop {
            let before = classes.0.len();
            for p in productions {
                if !classes.0.contains_key(&p.name)
                    && let Some(class) = classes.class_of(&p.expr)
                {
                    classes.0.insert(p.name.clone(), class);
                }
            }
            if classes.0.len() == before {
                return classes;
            }
        }
    }

    /// The class `expr` denotes, if it is one: one-character literals,
    /// references to classes, `"%" hex hex`, and alternatives of these.
    fn class_of(&self, expr: &Expr) -> Option<Class> {
        match expr {
            Expr::Literal(text) if text.len() == 1 => Some(Class {
                bytes: text.bytes().collect(),
                ..Class::default()
            }),
            Expr::Ref(name) => self.0.get(name).map(|class| Class {
                parts: vec![name.clone()],
                ..class.clone()
            }),
            Expr::Sequence(items) => match items.as_slice() {
                [Expr::Literal(percent), Expr::Ref(a), Expr::Ref(b)]
                    if percent == "%" && a == b && self.is_hex(a) =>
                {
                    Some(Class {
                        escape: true,
                        ..Class::default()
                    })
                }
                _ => None,
            },
            Expr::Alternatives(items) => {
                let mut union = Class::default();
                for item in items {
                    let class = self.class_of(item)?;
                    union.bytes.extend(class.bytes);
                    union.escape |= class.escape;
                    union.parts.extend(class.parts);
                }
                Some(union)
            }
            _ => None,
        }
    }

    /// Whether `name` is the class of the sixteen hex digits, both cases.
    fn is_hex(&self, name: &str) -> bool {
        self.0.get(name).is_some_and(|class| {
            !class.escape
                && class
                    .bytes
                    .iter()
                    .copied()
                    .eq(b"0123456789ABCDEFabcdef".iter().copied())
        })
    }
}

/// The body of a repetition made of classes and one-character literals
/// (`*[ uchar | ";" ]`), as its items: `(true, name)` for a class, `(false,
/// literal)` for a literal. `None` for any other body, and for a body that
/// is a single class (`*xchar`, `1*digit`), which its class's table serves.
fn body_items(body: &Expr, classes: &Classes) -> Option<Vec<(bool, String)>> {
    let Expr::Alternatives(items) = body else {
        return None;
    };
    items
        .iter()
        .map(|item| match item {
            Expr::Ref(name) if classes.0.contains_key(name) => Some((true, name.clone())),
            Expr::Literal(text) if text.len() == 1 => Some((false, text.clone())),
            _ => None,
        })
        .collect()
}

/// Every repetition in `expr`, outermost first.
fn repetitions<'e>(expr: &'e Expr, found: &mut Vec<&'e Expr>) {
    match expr {
        Expr::Alternatives(items) | Expr::Sequence(items) => {
            items.iter().for_each(|item| repetitions(item, found));
        }
        Expr::Optional(inner) => repetitions(inner, found),
        Expr::Repeat { expr, .. } => {
            found.push(expr);
            repetitions(expr, found);
        }
        Expr::Literal(_) | Expr::Ref(_) => {}
    }
}

/// `b"..."` for a set of bytes.
fn byte_string(bytes: &BTreeSet<u8>) -> String {
    let text: String = bytes.iter().map(|&b| char::from(b)).collect();
    format!("b{text:?}")
}

fn charset(productions: &[Production], classes: &Classes) -> String {
    let mut out = String::new();
    out.push_str("// Generated by build.rs from grammar/rfc1738.bnf. Do not edit.\n\n");
    let mut rows = Vec::new();
    for p in productions {
        let Some(class) = classes.0.get(&p.name) else {
            continue;
        };
        let name = constant(&p.name);
        writeln!(
            out,
            "/// ```text\n/// {}\n/// ```",
            p.text.replace('\n', "\n/// ")
        )
        .unwrap();
        let parts: Vec<String> = class
            .parts
            .iter()
            .map(|part| format!("Rule::{}", variant(part)))
            .collect();
        writeln!(
            out,
            "pub(crate) static {name}: Class = Class::new({}, {}, &[{}], &[Expected::Rule(Rule::{})]);\n",
            byte_string(&class.bytes),
            class.escape,
            parts.join(", "),
            variant(&p.name)
        )
        .unwrap();
        rows.push((variant(&p.name), name));
    }
    for p in productions {
        let mut found = Vec::new();
        repetitions(&p.expr, &mut found);
        let bodies: Vec<Vec<(bool, String)>> = found
            .iter()
            .filter_map(|body| body_items(body, classes))
            .collect();
        match bodies.as_slice() {
            [] => continue,
            [items] => {
                let mut union = Class::default();
                let mut expected = Vec::new();
                for (is_class, item) in items {
                    if *is_class {
                        let class = &classes.0[item];
                        union.bytes.extend(&class.bytes);
                        union.escape |= class.escape;
                        expected.push(format!("Expected::Rule(Rule::{})", variant(item)));
                    } else {
                        union.bytes.extend(item.bytes());
                        expected.push(format!("Expected::Literal({item:?})"));
                    }
                }
                writeln!(
                    out,
                    "/// The body of `{}`'s repetition:\n///\n/// ```text\n/// {}\n/// ```",
                    p.name,
                    p.text.replace('\n', "\n/// ")
                )
                .unwrap();
                writeln!(
                    out,
                    "pub(crate) static {}_BODY: Class = Class::new({}, {}, &[], &[{}]);\n",
                    constant(&p.name),
                    byte_string(&union.bytes),
                    union.escape,
                    expected.join(", ")
                )
                .unwrap();
            }
            _ => panic!(
                "{GRAMMAR}:{}: `{}` has two repetition bodies to name",
                p.line, p.name
            ),
        }
    }
    out.push_str(
        "impl Rule {\n    \
         /// The table of a character-class production, `None` for any other.\n    \
         pub(crate) const fn class(self) -> Option<&'static Class> {\n        match self {\n",
    );
    for (variant, name) in rows {
        writeln!(out, "            Rule::{variant} => Some(&{name}),").unwrap();
    }
    out.push_str("            _ => None,\n        }\n    }\n}\n");
    out
}

mod railroad_docs {
    //! The combinators' railroad diagrams, for their documentation.
    //!
    //! Writes `$OUT_DIR/railroad/<function>.md` for every production: a
    //! Markdown fragment that holds the production's diagram, drawn by
    //! `src/bnf/diagram.rs` (the code behind `rfc1738 grammar --format svg`),
    //! as one HTML block. Each combinator in `src/grammar/` includes its own:
    //!
    //! ```text
    //! #[doc = include_str!(concat!(env!("OUT_DIR"), "/railroad/hostport.md"))]
    //! ```
    //!
    //! A production in a diagram links to its combinator's page
    //! (`../<module>/fn.<function>.html`, from the page of a combinator).

    use std::collections::HashMap;
    use std::fs;
    use std::path::Path;

    use crate::diagram;
    use crate::syntax::Production;

    /// Writes the fragments into `$OUT_DIR/railroad`; `modules[i]` is the module
    /// of `productions[i]` and `function` names a production's combinator.
    pub fn write(
        productions: &[Production],
        modules: &[String],
        function: fn(&str) -> String,
        out: &Path,
    ) {
        let pages: HashMap<&str, String> = productions
            .iter()
            .zip(modules)
            .map(|(p, module)| {
                (
                    p.name.as_str(),
                    format!("../{module}/fn.{}.html", function(&p.name)),
                )
            })
            .collect();
        let link = |name: &str| pages.get(name).cloned();
        let dir = out.join("railroad");
        fs::create_dir_all(&dir)
            .unwrap_or_else(|e| panic!("{}: cannot create: {e}", dir.display()));
        for p in productions {
            let path = dir.join(format!("{}.md", function(&p.name)));
            fs::write(&path, fragment(&diagram::svg(p, &link, true)))
                .unwrap_or_else(|e| panic!("{}: cannot write: {e}", path.display()));
        }
    }

    /// The diagram as a Markdown HTML block: the `<div>` opens it and a blank
    /// line ends it, so that nothing in the SVG, which has no line break, is
    /// read as Markdown. Blank lines before and after keep it apart from the
    /// documentation around it.
    fn fragment(svg: &str) -> String {
        format!("\n<div class=\"railroad\">{svg}</div>\n\n")
    }
}
