//! `rfc1738 explain`: the derivation tree of each input.

use std::borrow::Cow;
use std::io::{self, Write};
use std::ops::Range;
use std::process::ExitCode;

use rfc1738::{
    Derivation, Error, Match, check, check_bytes, check_prefix, is_character_class, parse_prefix,
    parse_rule,
};
use serde::ser::{Serialize, SerializeSeq, SerializeStruct, Serializer};

use crate::batch::{self, Item, Line};
use crate::check::{ErrorRecord, input_members};
use crate::inputs;
use crate::output::{self, Output, Paint, Record, Stop};
use crate::picture::{self, Scene};
use crate::show::{self, Hidden, Offsets};
use crate::summary::{self, Tally};
use crate::veil::{HIDDEN, Shown, Veil};
use crate::{ExplainArgs, TreeFormat};

/// Runs the command: 0 when every input matches, 1 when one does not, 2 on
/// an I/O error or a line too long.
///
/// An argument is taken as `check` and `parse` take theirs: its bytes, as
/// given. Bytes that are not UTF-8 fail it at the first of them (no URL holds
/// one), and the prefix the rule's combinator matches lies before them.
pub fn run(args: &ExplainArgs) -> ExitCode {
    let sources = inputs::sources(&args.urls, &args.files.files);
    if let TreeFormat::Svg | TreeFormat::Dot = args.format {
        return draw_one(args, &sources);
    }
    let paint = Paint::stdout();
    let mut run = (Output::new(), Tally::default());
    let reading = inputs::read_each(
        &sources,
        &mut run,
        |url, name, number, (out, tally)| {
            let mut buffer = Vec::new();
            let mut record = Record::new(out, &mut buffer);
            let input = url.as_encoded_bytes();
            let origin = (name, 1, inputs::Whence::argument(number));
            let mut counted = Tally::default();
            let written = match explain(&mut record, args, &paint, input, origin, &mut counted) {
                true => record.end(),
                false => Ok(()),
            };
            if batch::counted(&written) {
                *tally += counted;
            }
            written
        },
        |stream, (out, tally)| explain_stream(args, &paint, stream, out, tally),
    );
    let (mut out, tally) = run;
    summary::End::inputs(&args.records(), &sources).status(reading, &mut out, &tally)
}

/// Explains each line of `stream`, on every core, writing records in order;
/// an error reading it comes back inside, a failed write outside.
fn explain_stream(
    args: &ExplainArgs,
    paint: &Paint,
    stream: inputs::Stream,
    out: &mut Output,
    tally: &mut Tally,
) -> Result<Result<(), String>, Stop> {
    let max_line = args.max_line();
    let (name, name_bytes, unreadable) = (stream.name, stream.name_bytes, stream.shown);
    let result = batch::stream(
        stream.reader,
        max_line,
        out,
        |number, item, buffer, counted: &mut Tally| match item {
            Item::Line(line) => {
                let shown = usize::try_from(number).unwrap_or(usize::MAX);
                let file = inputs::FileMembers::new(&name, name_bytes.as_deref());
                let origin = (name.as_str(), shown, inputs::Whence::line(file, number));
                if explain(buffer, args, paint, line.bytes(), origin, counted) {
                    buffer.push(b'\n');
                }
            }
            Item::TooLong => {
                counted.too_long += 1;
                let file = inputs::FileMembers::new(&name, name_bytes.as_deref());
                let shown = rfc1738::visible::Visible::new(&name).to_string();
                let place = (number, max_line);
                batch::too_long(
                    args.records().format,
                    (file, &shown),
                    place,
                    "explained",
                    buffer,
                );
            }
        },
        |counted| *tally += counted,
    );
    Ok(result?.map_err(|error| format!("{unreadable}: {error}")))
}

/// Draws the one input of a picture format: a picture is one document, so
/// it is of one URL, given as an argument (exit status 2 otherwise).
fn draw_one(args: &ExplainArgs, sources: &[inputs::Source<'_>]) -> ExitCode {
    let [inputs::Source::Argument(url)] = sources else {
        output::message(
            "explain: --format svg and --format dot draw one URL, given as an argument",
        );
        return ExitCode::from(2);
    };
    let mut out = Output::new();
    let mut tally = Tally::default();
    let mut buffer = Vec::new();
    let mut record = Record::new(&mut out, &mut buffer);
    let paint = Paint::stdout();
    let drawn = explain(
        &mut record,
        args,
        &paint,
        url.as_encoded_bytes(),
        ("input", 1, inputs::Whence::argument(1)),
        &mut tally,
    );
    // --quiet draws no valid URL: nothing, not an empty line, is written.
    let stopped = if drawn { record.end() } else { Ok(()) };
    // As every command says of an argument that names a file; `-f` draws
    // nothing, so the note says what does.
    if let Some(name) = inputs::names_file(url) {
        output::message(format_args!(
            "note: the argument `{name}` is drawn as a URL, not the file it names: to draw \
             the URL the file holds, give that URL as the argument"
        ));
    }
    // As any run's: --stats writes its line, a failed write says why.
    let reading = inputs::Reading {
        whole: true,
        stopped,
    };
    summary::End::inputs(&args.records(), sources).status(reading, &mut out, &tally)
}

/// Writes the picture of `scene` in `format` (SVG unless DOT).
fn draw(out: &mut impl Write, format: TreeFormat, scene: &Scene) -> io::Result<()> {
    // The picture is bounded (a window of the input, a cap on nodes), so it
    // is made whole, then written.
    let mut text = String::new();
    let made = match format {
        TreeFormat::Dot => picture::dot(scene, &mut text),
        _ => picture::svg(scene, &mut text),
    };
    made.map_err(|_| io::Error::other("a picture could not be made"))?;
    out.write_all(text.as_bytes())
}

/// What is said when `rule`'s combinator matches no prefix of a rejected
/// input: not that no prefix is a string of `rule` (`a` is a `hostname`,
/// and `a.` has none), but that the combinator's reading, which does not go
/// back to a shorter one as the BNF could (D26), found none.
pub(crate) fn no_prefix(rule: impl std::fmt::Display) -> String {
    format!(
        "{rule}, as its combinator reads it, matches no prefix of the input \
         (it does not go back to a shorter reading: grammar/DECISIONS.md, D26)"
    )
}

/// What one input matched: the whole input, or, when it is rejected, the
/// error.
enum Matched<'a> {
    Whole(Match<'a>),
    Rejected(Error),
}

/// The UTF-8 of `bytes` before the first byte that is not: where a
/// rejected input's prefix lies.
fn utf8_prefix(bytes: &[u8]) -> &str {
    match std::str::from_utf8(bytes) {
        Ok(text) => text,
        // `valid_up_to` ends a valid UTF-8 prefix.
        Err(error) => std::str::from_utf8(&bytes[..error.valid_up_to()]).unwrap_or_default(),
    }
}

/// Matches `bytes` as `args` asks; `None` for an input that is not UTF-8
/// yet matches, which cannot be (it is said so on standard error).
fn matched<'a>(args: &ExplainArgs, bytes: &'a [u8]) -> Option<Matched<'a>> {
    let text = utf8_prefix(bytes);
    let result = match (text.len() == bytes.len(), args.rule) {
        (true, Some(rule)) => parse_rule(rule, text),
        (true, None) => check(text),
        // The byte that is not UTF-8 is reported, or an error before it.
        (false, rule) => match check_bytes(rule, bytes) {
            Err(error) => Err(error),
            Ok(_) => {
                // `check_bytes` fails every input that is not UTF-8; were
                // that to change, say what cannot be shown rather than panic.
                output::message("explain: an input that is not UTF-8 has no derivation tree");
                return None;
            }
        },
    };
    Some(match result {
        Ok(whole) => Matched::Whole(whole),
        Err(error) => Matched::Rejected(error),
    })
}

/// The tree of the prefix of `text` that the rule `args` names (or the
/// scheme's) matches, as its combinator reads it.
fn prefix<'a>(args: &ExplainArgs, text: &'a str) -> Option<Derivation<'a>> {
    match args.rule {
        Some(rule) => parse_prefix(rule, text),
        None => check_prefix(text),
    }
}

/// A rejected input's text as shown while its passwords are hidden, which
/// its prefix is read from: the input before where it failed (which lies
/// within its UTF-8 before its first byte that is not), each character of
/// a hidden password written as one `*` (a `uchar` and an `xchar`, which a
/// password may hold anywhere), so that how far the rule's combinator
/// reads, and how, depends on how many characters a password has, not on
/// what they are (it stops at the space of `a b`, before the `%` of `%zz`,
/// and reads `***` on), nor on anything past the failure: the prefix, as
/// the input's own, ends where it failed at the latest. Its offsets are
/// those shown ([`Offsets`]): a hidden character is one byte.
struct Masked {
    text: String,
    /// The `*`s, spans of `text`.
    hidden: Hidden,
}

impl Masked {
    /// `text`, the UTF-8 of an input before its first byte that is not,
    /// up to `end` (where the input failed, a character boundary), the
    /// characters that start in the spans `hidden` (of the input's bytes,
    /// as [`Offsets::new`] reads them) written as `*`.
    fn new(text: &str, end: usize, hidden: &Hidden) -> Masked {
        let text = text.get(..end).unwrap_or(text);
        let mut masked = String::with_capacity(text.len());
        let mut stars: Vec<Range<usize>> = Vec::new();
        for (at, character) in text.char_indices() {
            if hidden.contains(at) {
                match stars.last_mut() {
                    Some(last) if last.end == masked.len() => last.end += 1,
                    _ => stars.push(masked.len()..masked.len() + 1),
                }
                masked.push('*');
            } else {
                masked.push(character);
            }
        }
        Masked {
            text: masked,
            hidden: Hidden::from_spans(stars),
        }
    }
}

/// Writes the record of `input` to `out`, unless --quiet drops it (a valid
/// input), without its final newline; counts it; says whether it wrote
/// something. `origin` is the name and line a diagnostic gives, and which
/// input a JSON record says it is.
fn explain(
    out: &mut impl Write,
    args: &ExplainArgs,
    paint: &Paint,
    input: &[u8],
    origin: (&str, usize, inputs::Whence<'_>),
    tally: &mut Tally,
) -> bool {
    let Some(matched) = matched(args, input) else {
        tally.invalid += 1;
        return false;
    };
    let hide = !args.show_passwords;
    match matched {
        Matched::Whole(whole) => {
            tally.valid += 1;
            if args.quiet {
                return false;
            }
            let hidden = match hide {
                true => Hidden::of(whole.as_str(), whole.password_span()),
                false => Hidden::default(),
            };
            let tree = whole.tree();
            let _ = match args.format {
                TreeFormat::Human => {
                    let offsets = Offsets::new(input, &hidden);
                    text_tree(out, &tree, args.all, (&hidden, &offsets))
                }
                TreeFormat::Svg | TreeFormat::Dot => {
                    let scene =
                        Scene::new(tree.rule(), input, Some(&tree), None, &hidden, args.all);
                    draw(out, args.format, &scene)
                }
                TreeFormat::Json => show::json(
                    &mut *out,
                    &Root {
                        input,
                        tree: Node {
                            node: &tree,
                            all: args.all,
                        },
                        whence: origin.2,
                    },
                )
                .map_err(io::Error::from),
            };
        }
        Matched::Rejected(error) => {
            tally.invalid += 1;
            let _ = invalid(out, args, paint, input, &error, origin);
        }
    }
    true
}

/// The record of a matched input: its members, then its tree's, then
/// which input it is.
struct Root<'t, 'a> {
    input: &'t [u8],
    tree: Node<'t, 'a>,
    whence: inputs::Whence<'t>,
}

impl Serialize for Root<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (text, bytes) = input_members(Line::new(self.input));
        let mut record = serializer.serialize_struct("Explained", 11)?;
        record.serialize_field("input", &text)?;
        match bytes {
            Some(bytes) => record.serialize_field("input_bytes", bytes)?,
            None => record.skip_field("input_bytes")?,
        }
        record.serialize_field("valid", &true)?;
        self.tree.members(&mut record)?;
        if let Some((file, line)) = self.whence.file_line() {
            record.serialize_field("file", file.name())?;
            match file.bytes() {
                Some(bytes) => record.serialize_field("file_bytes", bytes)?,
                None => record.skip_field("file_bytes")?,
            }
            record.serialize_field("line", &line)?;
        }
        if let Some(number) = self.whence.argument_number() {
            record.serialize_field("argument", &number)?;
        }
        record.end()
    }
}

/// A node of a tree as JSON: `{"rule", "start", "end", "children"}`, byte
/// offsets; its children made as they are written.
#[derive(Clone, Copy)]
struct Node<'t, 'a> {
    node: &'t Derivation<'a>,
    all: bool,
}

impl Node<'_, '_> {
    fn members<S: SerializeStruct>(&self, record: &mut S) -> Result<(), S::Error> {
        let span = self.node.span();
        record.serialize_field("rule", self.node.rule().name())?;
        record.serialize_field("start", &span.start)?;
        record.serialize_field("end", &span.end)?;
        record.serialize_field("children", &Children(*self))
    }
}

impl Serialize for Node<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut record = serializer.serialize_struct("Node", 4)?;
        self.members(&mut record)?;
        record.end()
    }
}

/// The children of a node that are shown.
struct Children<'t, 'a>(Node<'t, 'a>);

impl Serialize for Children<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Node { node, all } = self.0;
        let mut list = serializer.serialize_seq(None)?;
        // JSON is for programs: nothing hidden, every node kept.
        let shown = node.children().iter();
        for child in shown.filter(|child| all || !is_character_class(child.rule())) {
            list.serialize_element(&Node { node: child, all })?;
        }
        list.end()
    }
}

/// The record of a rejected input.
#[derive(serde::Serialize)]
struct Rejected<'t, 'a> {
    input: Cow<'t, str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    input_bytes: Option<&'t [u8]>,
    valid: bool,
    rule: &'static str,
    error: ErrorRecord<'t>,
    prefix: Option<Node<'t, 'a>>,
    #[serde(flatten)]
    whence: inputs::Whence<'t>,
}

/// Writes the diagnostic of a rejected input, and the tree of its longest
/// prefix the rule matches; the passwords hidden in both, unless
/// --show-passwords, in human output and pictures, where the prefix is
/// read from the input as shown ([`Masked`]). JSON's error object is
/// `check`'s, made from `error` as the parser left it, and its prefix is
/// the input's own: JSON is for programs. `origin` is the name and line
/// the diagnostic gives, and which input a JSON record says it is.
fn invalid(
    out: &mut impl Write,
    args: &ExplainArgs,
    paint: &Paint,
    input: &[u8],
    error: &Error,
    origin: (&str, usize, inputs::Whence<'_>),
) -> io::Result<()> {
    let rule = error.rule().name();
    let text = utf8_prefix(input);
    if let TreeFormat::Json = args.format {
        let (text_member, bytes) = input_members(Line::new(input));
        let prefix = prefix(args, text);
        let record = Rejected {
            input: text_member,
            input_bytes: bytes,
            valid: false,
            rule,
            error: ErrorRecord::new(error),
            prefix: prefix.as_ref().map(|node| Node {
                node,
                all: args.all,
            }),
            whence: origin.2,
        };
        return show::json(out, &record).map_err(io::Error::from);
    }
    // The passwords, found in the error's text, where a byte that is not
    // UTF-8 is a U+FFFD, as spans of the input's bytes: a picture's cells
    // are those, and the prefix lies before the first such byte, where the
    // two agree.
    let hidden = match args.show_passwords {
        true => Hidden::default(),
        false => {
            let in_text = Hidden::of(&String::from_utf8_lossy(input), error.password_span());
            show::spans_in_bytes(input, in_text.spans())
        }
    };
    // The text the prefix is read from, and its passwords: the input's, or
    // the input as shown, whose `*`s are spans of it. Either way its
    // offsets are those shown.
    let masked = (!args.show_passwords).then(|| Masked::new(text, error.offset(), &hidden));
    let (read, read_hidden) = match &masked {
        Some(masked) => (masked.text.as_str(), &masked.hidden),
        None => (text, &hidden),
    };
    let prefix = prefix(args, read);
    match args.format {
        TreeFormat::Human => {
            let report = error
                .diagnostic()
                .origin(origin.0)
                .first_line(origin.1)
                .styled(paint.color)
                .hide_password(!args.show_passwords);
            writeln!(out, "{report}")?;
            match prefix {
                Some(tree) => {
                    let length = Offsets::new(input, &hidden).shown(input.len()) as u64;
                    // Said when a `*` in the prefix stands for a character
                    // of the input.
                    let end = tree.span().end;
                    let starred = match read_hidden.spans().first() {
                        Some(first) if first.start < end => ", each hidden character a `*`",
                        _ => "",
                    };
                    writeln!(
                        out,
                        "the prefix that {rule} matches, as its combinator reads it{starred} \
                         ({} of {}):",
                        tree.span().end,
                        crate::summary::plural(length, "byte", "bytes"),
                    )?;
                    let offsets = Offsets::default();
                    text_tree(out, &tree, args.all, (read_hidden, &offsets))
                }
                None => write!(out, "{}", no_prefix(rule)),
            }
        }
        _ => {
            // The picture's notes say the error's message as people read it.
            let mut shown = error.clone();
            if !args.show_passwords {
                shown.hide_password();
            }
            let scene = Scene::new(error.rule(), input, None, Some(&shown), &hidden, args.all);
            let scene = match &prefix {
                Some(tree) => scene.with_shown_tree(tree, read_hidden, args.all),
                None => scene,
            };
            draw(out, args.format, &scene)
        }
    }
}

/// Writes the tree as indented lines, a node per line: production, byte
/// span (counted as `offsets` count the input's bytes), text (the
/// characters of the passwords `hidden` hidden); a newline between nodes.
/// What `veil` hides is a line of its own, `(hidden)`, its span and text.
fn text_tree(
    out: &mut impl Write,
    tree: &Derivation<'_>,
    all: bool,
    (hidden, offsets): (&Hidden, &Offsets),
) -> io::Result<()> {
    let veil = Veil::new(tree, hidden, all);
    let line = |out: &mut dyn Write, depth: usize, name: &str, span: Range<usize>, text: &str| {
        let shown = offsets.span(&span);
        write!(
            out,
            "{:indent$}{name} {}..{} \"{}\"",
            "",
            shown.start,
            shown.end,
            show::part(text, span.start, hidden).quoted(),
            indent = depth * 2
        )
    };
    line(out, 0, tree.rule().name(), tree.span(), tree.text())?;
    // Depth first, a node's children in order: the stack holds each
    // node's children that are still to be written, last first.
    let mut stack: Vec<(usize, Shown<'_, '_>)> = Vec::new();
    let push = |stack: &mut Vec<_>, depth: usize, node| {
        stack.extend(veil.children(node).into_iter().rev().map(|s| (depth, s)));
    };
    push(&mut stack, 1, tree);
    while let Some((depth, item)) = stack.pop() {
        writeln!(out)?;
        match item {
            Shown::Node(node) => {
                line(out, depth, node.rule().name(), node.span(), node.text())?;
                push(&mut stack, depth + 1, node);
            }
            Shown::Hidden(run) => line(out, depth, HIDDEN, run.span, run.text)?,
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `explain` shows of `input`, valid, matched by its scheme or
    /// against `rule`, its passwords hidden: its tree as text and its two
    /// pictures, each with and without `--all`; and its hidden spans.
    fn shown(input: &str, rule: Option<rfc1738::Rule>) -> Option<(Hidden, String)> {
        let whole = match rule {
            Some(rule) => parse_rule(rule, input),
            None => check(input),
        }
        .ok()?;
        let hidden = Hidden::of(whole.as_str(), whole.password_span());
        let tree = whole.tree();
        let offsets = Offsets::new(input.as_bytes(), &hidden);
        let mut out = Vec::new();
        for all in [false, true] {
            text_tree(&mut out, &tree, all, (&hidden, &offsets)).expect("a Vec takes it");
            let scene = Scene::new(
                tree.rule(),
                input.as_bytes(),
                Some(&tree),
                None,
                &hidden,
                all,
            );
            for format in [TreeFormat::Svg, TreeFormat::Dot] {
                draw(&mut out, format, &scene).expect("a Vec takes it");
            }
        }
        Some((hidden, String::from_utf8(out).expect("UTF-8")))
    }

    /// Every password of up to three characters, each a letter, a `*`, a
    /// character that ends a part somewhere (`/`, `?`, `;`, `=`, `&`, `:`,
    /// `@`) or an escape (`%09`, which ends a gopher selector, `%2F`,
    /// `%41`), written further in URLs of each scheme, in one that is no
    /// `ip-schemepart` and in strings of the productions that hold paths:
    /// each valid one whose hidden span is the one the password would
    /// take is shown as the same input with a `*` for each of its
    /// characters is.
    #[test]
    fn a_valid_input_is_shown_alike_whatever_its_hidden_password_holds() {
        use rfc1738::Rule;
        let units = [
            "a", "*", "/", "?", ";", "=", "&", ":", "@", "%09", "%2F", "%41",
        ];
        let templates: [(Option<Rule>, &str); 16] = [
            (None, "http://h/a//me:{}@h/b"),
            (None, "http://h/a//me:{}@h?q"),
            (None, "ftp://h/a//me:{}@h/b;type=a"),
            (None, "ftp://u:{}@h/"),
            (None, "file://h/a//me:{}@h/b"),
            (None, "gopher://h/1//me:{}@h%09s%09x"),
            (None, "gopher://h/1//me:{}@h"),
            (None, "prospero://h/a//me:{}@h;x=y"),
            (None, "news:a//me:{}@h"),
            (None, "mailto:a//me:{}@h"),
            (None, "telnet://u:{}@h/"),
            (None, "x:a//me:{}@h/b"),
            (None, "x://h/a//me:{}@h/b"),
            (Some(Rule::Hpath), "a//me:{}@h/b"),
            (Some(Rule::Fpath), "a//me:{}@h/b"),
            (Some(Rule::Urlpath), "a//me:{}@h/b"),
        ];
        let mut compared = 0;
        for (rule, template) in templates {
            let at = template.find("{}").expect("a place for the password");
            // What each number of `*`s is shown as, when the input is valid.
            let starred: Vec<Option<String>> = (0..=9)
                .map(|length| {
                    let starred = template.replace("{}", &"*".repeat(length));
                    let (hidden, shown) = shown(&starred, rule)?;
                    let span = at..at + length;
                    (length == 0 || hidden.spans().contains(&span)).then_some(shown)
                })
                .collect();
            let mut passwords = vec![String::new()];
            for _ in 0..3 {
                passwords = passwords
                    .iter()
                    .flat_map(|start| units.map(|unit| format!("{start}{unit}")))
                    .collect();
                for password in &passwords {
                    let input = template.replace("{}", password);
                    let Some((hidden, output)) = shown(&input, rule) else {
                        continue;
                    };
                    if !hidden.spans().contains(&(at..at + password.len())) {
                        continue;
                    }
                    let expected = starred[password.len()].as_ref();
                    assert_eq!(Some(&output), expected, "{input}");
                    compared += 1;
                }
            }
        }
        assert!(compared > 5000, "{compared}");
    }
}
