//! `rfc1738 explain`: the derivation tree of a URL.

use std::fmt::{self, Write as _};
use std::ops::Range;
use std::process::ExitCode;

use annotate_snippets::Renderer;
use rfc1738::{
    Derivation, Error, check, check_bytes, check_prefix, is_character_class, parse_prefix,
    parse_rule,
};

use crate::check::ErrorRecord;
use crate::output::{self, Output, Stop};
use crate::picture::{self, Scene};
use crate::show;
use crate::{ExplainArgs, TreeFormat};

/// Runs the command: 0 when the input matches, 1 when it does not.
///
/// The argument is taken as `check` and `parse` take theirs: its bytes, as
/// given. Bytes that are not UTF-8 fail it at the first of them (no URL holds
/// one), and the longest prefix the rule matches lies before them.
pub fn run(args: &ExplainArgs) -> ExitCode {
    let bytes = args.url.as_encoded_bytes();
    // The UTF-8 before the first byte that is not.
    let (text, whole) = match std::str::from_utf8(bytes) {
        Ok(text) => (text, true),
        Err(error) => (
            // `valid_up_to` ends a valid UTF-8 prefix.
            std::str::from_utf8(&bytes[..error.valid_up_to()]).unwrap_or_default(),
            false,
        ),
    };
    let matched = match (whole, args.rule) {
        (true, Some(rule)) => parse_rule(rule, text),
        (true, None) => check(text),
        // The byte that is not UTF-8 is reported, or an error before it.
        (false, rule) => match check_bytes(bytes, rule) {
            Err(error) => Err(error),
            Ok(_) => {
                // `check_bytes` fails every input that is not UTF-8; were
                // that to change, say what cannot be shown rather than panic.
                output::message("explain: an input that is not UTF-8 has no derivation tree");
                return ExitCode::from(2);
            }
        },
    };
    let mut out = Output::new();
    let mut record = Record::new(&mut out);
    let valid = match &matched {
        Ok(matched) => {
            let password = matched.password_span().filter(|_| !args.show_passwords);
            tree(&mut record, args, &matched.tree(), password.as_ref());
            true
        }
        Err(error) => {
            let prefix = match args.rule {
                Some(rule) => parse_prefix(rule, text),
                None => check_prefix(text),
            };
            let mut error = error.clone();
            if !args.show_passwords {
                error.hide_password();
            }
            invalid(&mut record, args, &error, prefix.as_ref(), bytes);
            false
        }
    };
    if let Some(status) = output::failed(record.end().and_then(|()| out.flush())) {
        return status;
    }
    if valid {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// One record of standard output written in pieces as it is made, not
/// held whole: begun only if SIGINT has not asked the run to end, then
/// finished whatever comes, so that the output ends on a whole record.
struct Record<'o> {
    out: &'o mut Output,
    buffer: String,
    begun: bool,
    /// Why writing stopped, if it did: what is made after is dropped.
    stopped: Option<Stop>,
}

/// How much of a record is made before it is written.
const PIECE: usize = 1 << 16;

impl<'o> Record<'o> {
    fn new(out: &'o mut Output) -> Self {
        Record {
            out,
            buffer: String::with_capacity(PIECE + 256),
            begun: false,
            stopped: None,
        }
    }

    /// Writes what was made.
    fn send(&mut self) {
        if self.stopped.is_some() {
            self.buffer.clear();
            return;
        }
        let written = if self.begun {
            self.out.write_rest(self.buffer.as_bytes())
        } else {
            self.out.write(self.buffer.as_bytes())
        };
        self.begun = true;
        self.buffer.clear();
        if let Err(stop) = written {
            self.stopped = Some(stop);
        }
    }

    /// Ends the record with a newline and writes it out; says why writing
    /// stopped, if it did.
    fn end(mut self) -> Result<(), Stop> {
        self.buffer.push('\n');
        self.send();
        self.stopped.map_or(Ok(()), Err)
    }
}

impl fmt::Write for Record<'_> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.buffer.push_str(text);
        if self.buffer.len() >= PIECE {
            self.send();
        }
        Ok(())
    }
}

/// Writes the tree of a matched input, its password at `password` hidden
/// in the text format.
fn tree(
    record: &mut Record<'_>,
    args: &ExplainArgs,
    tree: &Derivation<'_>,
    password: Option<&Range<usize>>,
) {
    match args.format {
        TreeFormat::Text => text_tree(record, tree, 0, args.all, password),
        TreeFormat::Json => json_tree(record, tree, args.all),
        TreeFormat::Svg | TreeFormat::Dot => {
            let input = tree.text().as_bytes();
            let scene = Scene::new(tree.rule(), input, Some(tree), None, password, args.all);
            draw(record, args.format, &scene);
        }
    }
}

/// Writes the picture of `scene`.
fn draw(record: &mut Record<'_>, format: TreeFormat, scene: &Scene) {
    // Writing to a Record does not fail: a failed write is kept in it.
    let _ = match format {
        TreeFormat::Dot => picture::dot(scene, record),
        _ => picture::svg(scene, record),
    };
}

/// Writes the diagnostic of the rejected `input`, and the tree of its
/// longest prefix the rule matches; the password hidden in both when the
/// error hides it.
fn invalid(
    record: &mut Record<'_>,
    args: &ExplainArgs,
    error: &Error,
    prefix: Option<&Derivation<'_>>,
    input: &[u8],
) {
    let length = input.len();
    // Writing to a Record does not fail: a failed write is kept in it.
    let rule = error.rule().name();
    match args.format {
        TreeFormat::Text => {
            let _ = writeln!(record, "{}", error.render("input", &Renderer::plain()));
            match prefix {
                Some(tree) => {
                    let _ = writeln!(
                        record,
                        "the longest prefix that {rule} matches ({} of {length} bytes):",
                        tree.span().end,
                    );
                    let password = error.password_span().filter(|_| !args.show_passwords);
                    text_tree(record, tree, 0, args.all, password.as_ref());
                }
                None => {
                    let _ = write!(record, "no prefix of the input is a {rule}");
                }
            }
        }
        TreeFormat::Json => {
            // A record of strings, numbers and lists always serializes.
            let error = show::json_string(&ErrorRecord::new(error));
            let _ = write!(
                record,
                "{{\"rule\":\"{rule}\",\"valid\":false,\"error\":{error},\"prefix\":"
            );
            match prefix {
                Some(tree) => json_tree(record, tree, args.all),
                None => {
                    let _ = write!(record, "null");
                }
            }
            let _ = write!(record, "}}");
        }
        TreeFormat::Svg | TreeFormat::Dot => {
            let password = error.password_span().filter(|_| !args.show_passwords);
            let scene = Scene::new(
                error.rule(),
                input,
                prefix,
                Some(error),
                password.as_ref(),
                args.all,
            );
            draw(record, args.format, &scene);
        }
    }
}

/// Writes the tree as indented lines, a node per line: production, byte
/// span, text (the characters of the password at `password` hidden); a
/// newline between nodes.
fn text_tree(
    record: &mut Record<'_>,
    node: &Derivation<'_>,
    depth: usize,
    all: bool,
    password: Option<&Range<usize>>,
) {
    let span = node.span();
    if depth > 0 {
        let _ = writeln!(record);
    }
    let _ = write!(
        record,
        "{:indent$}{} {}..{} \"{}\"",
        "",
        node.rule(),
        span.start,
        span.end,
        show::part(node.text(), span.start, password).quoted(),
        indent = depth * 2
    );
    for child in shown_children(node, all) {
        text_tree(record, child, depth + 1, all, password);
    }
}

/// The children shown: all of them with `all`, else those that are not
/// character classes (`uchar`, `alpha`, …) under a production that is not
/// one either.
pub(crate) fn shown_children<'t, 'a>(
    node: &'t Derivation<'a>,
    all: bool,
) -> impl Iterator<Item = &'t Derivation<'a>> {
    node.children()
        .iter()
        .filter(move |child| all || !is_character_class(child.rule()))
}

/// Writes the tree as nested `{"rule", "start", "end", "children"}`
/// objects, byte offsets.
fn json_tree(record: &mut Record<'_>, node: &Derivation<'_>, all: bool) {
    let span = node.span();
    // Production names need no escaping.
    let _ = write!(
        record,
        "{{\"rule\":\"{}\",\"start\":{},\"end\":{},\"children\":[",
        node.rule().name(),
        span.start,
        span.end
    );
    for (i, child) in shown_children(node, all).enumerate() {
        if i > 0 {
            let _ = write!(record, ",");
        }
        json_tree(record, child, all);
    }
    let _ = write!(record, "]}}");
}
