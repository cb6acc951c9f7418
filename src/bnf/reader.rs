//! Reads the BNF dialect of RFC 1738 section 5 (described in the
//! documentation of [`super`]) with nom 8 over nom_locate spans, then checks
//! the references: all defined, none recursive.
//!
//! Reading is line-aware: a production ends where its last line ends, and
//! the next line continues it only if it is not blank, not a comment line and
//! does not start a production of its own. [`gap`] is the one place that
//! decides whether the blanks after a token reach onto the next line.

use std::collections::HashMap;

use nom::bytes::complete::{tag, take_till, take_while, take_while1};
use nom::character::complete::{char, digit1, satisfy};
use nom::combinator::recognize;
use nom::error::{ErrorKind, ParseError};
use nom::{IResult, Parser};
use nom_locate::LocatedSpan;

use super::syntax::{BnfError, Expr, MAX_DEPTH, Production};
use crate::visible::Visible;

/// How deep `[ ... ]` groups may nest inside one production.
const MAX_NESTING: usize = 64;

/// The largest `n` of `n*`.
const MAX_COUNT: u32 = 1000;

type Span<'a> = LocatedSpan<&'a str>;

/// Where reading failed and why.
struct Problem<'a> {
    at: Span<'a>,
    message: String,
}

impl<'a> ParseError<Span<'a>> for Problem<'a> {
    fn from_error_kind(input: Span<'a>, kind: ErrorKind) -> Self {
        Problem {
            at: input,
            message: format!("unexpected input ({})", kind.description()),
        }
    }

    fn append(_: Span<'a>, _: ErrorKind, other: Self) -> Self {
        other
    }
}

type Res<'a, T> = IResult<Span<'a>, T, Problem<'a>>;

/// A committed failure at `at`.
#[cold]
fn fail<'a>(at: Span<'a>, message: impl Into<String>) -> nom::Err<Problem<'a>> {
    nom::Err::Failure(Problem {
        at,
        message: message.into(),
    })
}

/// A reference, and where it is written.
struct Site {
    name: String,
    line: usize,
    column: usize,
}

impl Site {
    fn at(span: Span<'_>, name: &str) -> Site {
        Site {
            name: name.to_owned(),
            line: line_of(span),
            column: span.get_utf8_column(),
        }
    }
}

fn line_of(span: Span<'_>) -> usize {
    // A `u32` line number always fits a `usize` on the platforms Rust
    // supports with `std`; saturate rather than panic elsewhere.
    usize::try_from(span.location_line()).unwrap_or(usize::MAX)
}

/// The reader's state inside one production.
#[derive(Default)]
struct Cx {
    /// Groups open around the current position.
    depth: usize,
    /// The production's references, in order.
    refs: Vec<Site>,
}

#[inline]
fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t' || c == '\r'
}

#[inline]
fn is_name_start(c: char) -> bool {
    c.is_ascii_lowercase()
}

#[inline]
fn is_name_char(c: char) -> bool {
    c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '+' || c == '_'
}

fn first(i: Span<'_>) -> Option<char> {
    i.fragment().chars().next()
}

/// What is after the blanks that follow `i` (blanks, not comments).
fn blanks(i: Span<'_>) -> Span<'_> {
    take_while::<_, _, Problem>(is_blank)
        .parse(i)
        .map_or(i, |(rest, _)| rest)
}

/// What is after the rest of the line (its `\n` not included).
fn line_rest(i: Span<'_>) -> Span<'_> {
    take_till::<_, _, Problem>(|c| c == '\n')
        .parse(i)
        .map_or(i, |(rest, _)| rest)
}

/// The start of the next line, if there is one.
fn after_newline(i: Span<'_>) -> Option<Span<'_>> {
    char::<_, Problem>('\n').parse(i).ok().map(|(rest, _)| rest)
}

/// Whether `i` is where a line ends.
fn at_line_end(i: Span<'_>) -> bool {
    matches!(first(i), None | Some('\n'))
}

/// Whether `i` is where a line's content ends: its end or a comment.
fn at_content_end(i: Span<'_>) -> bool {
    at_line_end(i) || first(i) == Some(';')
}

/// A production name: a lower-case letter, then letters, digits, `-+_`.
fn name(i: Span<'_>) -> Res<'_, Span<'_>> {
    recognize((satisfy(is_name_start), take_while(is_name_char))).parse(i)
}

/// A word that may be meant as a production name, valid or not.
fn word(i: Span<'_>) -> Res<'_, Span<'_>> {
    take_while1(|c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '+' | '_' | '.')).parse(i)
}

/// What kind of line starts at `i`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Line {
    /// Nothing but blanks.
    Blank,
    /// A comment: `;` after optional blanks.
    Comment,
    /// The start of a production: `name =` after optional blanks.
    Start,
    /// Anything else: the continuation of a production.
    Continuation,
}

fn line_kind(i: Span<'_>) -> Line {
    let j = blanks(i);
    match first(j) {
        None | Some('\n') => Line::Blank,
        Some(';') => Line::Comment,
        // `=` is no operator: a word and `=` start a production, whose
        // name `production` then checks.
        _ => match word(j) {
            Ok((k, _)) if first(blanks(k)) == Some('=') => Line::Start,
            _ => Line::Continuation,
        },
    }
}

/// Skips what may separate two tokens of a production: blanks, a trailing
/// comment, and line breaks before continuation lines. Stops at the next
/// token, or at the end of the production's last line.
fn gap(mut i: Span<'_>) -> Span<'_> {
    loop {
        let mut j = blanks(i);
        if first(j) == Some(';') {
            j = line_rest(j);
        }
        match after_newline(j) {
            Some(next) if line_kind(next) == Line::Continuation => i = next,
            _ => return j,
        }
    }
}

/// Where to report that something was expected after `i` (the end of a
/// token): at the next token, or, if the production ends, at the end of its
/// last line's content, before any trailing comment.
fn locate(i: Span<'_>) -> Span<'_> {
    let j = gap(i);
    if at_line_end(j) && j.location_line() == i.location_line() {
        blanks(i)
    } else {
        j
    }
}

/// Names what is at `at`, for messages.
fn found(at: Span<'_>) -> String {
    match first(at) {
        None => "the end of the file".to_owned(),
        Some('\n') => "the end of the line".to_owned(),
        Some(';') => "a comment".to_owned(),
        Some(c) if is_blank(c) => "a blank".to_owned(),
        Some(c) => format!("\"{}\"", Visible::new(c.encode_utf8(&mut [0; 4])).quoted()),
    }
}

/// A literal: `"..."`, `<">` or an unquoted `/`; `None` if none starts here.
fn literal(i: Span<'_>) -> Res<'_, Option<Expr>> {
    if let Ok((rest, _)) = tag::<_, _, Problem>("<\">").parse(i) {
        return Ok((rest, Some(Expr::Literal("\"".to_owned()))));
    }
    if let Ok((rest, _)) = char::<_, Problem>('/').parse(i) {
        // Erratum EID 5118: the unquoted `/` of `gopherurl` is the literal.
        return Ok((rest, Some(Expr::Literal("/".to_owned()))));
    }
    let Ok((j, _)) = char::<_, Problem>('"').parse(i) else {
        return Ok((i, None));
    };
    // No escapes: `"\"` is a backslash. A literal ends on its line.
    let (k, body) = take_till(|c| c == '"' || c == '\n').parse(j)?;
    match char::<_, Problem>('"').parse(k) {
        Ok((rest, _)) => Ok((rest, Some(Expr::Literal((*body.fragment()).to_owned())))),
        Err(_) => Err(fail(
            i,
            "unterminated literal: no closing quote on its line",
        )),
    }
}

/// A reference to a production; `None` if no name starts here.
fn reference<'a>(i: Span<'a>, cx: &mut Cx) -> Res<'a, Option<Expr>> {
    match name(i) {
        Ok((rest, n)) => {
            cx.refs.push(Site::at(i, n.fragment()));
            Ok((rest, Some(Expr::Ref((*n.fragment()).to_owned()))))
        }
        Err(_) => Ok((i, None)),
    }
}

/// `[ alternatives ]`, returning what is inside the brackets.
fn group<'a>(i: Span<'a>, cx: &mut Cx) -> Res<'a, Expr> {
    let (j, _) = char('[').parse(i)?;
    if cx.depth >= MAX_NESTING {
        return Err(fail(i, format!("groups nest more than {MAX_NESTING} deep")));
    }
    cx.depth += 1;
    let (k, inner) = alternatives(j, cx, Opening::Group)?;
    cx.depth -= 1;
    match char::<_, Problem>(']').parse(gap(k)) {
        Ok((rest, _)) => Ok((rest, inner)),
        Err(_) => Err(fail(
            locate(k),
            format!(
                "expected \"]\" to close the group opened at {}:{}",
                i.location_line(),
                i.get_utf8_column()
            ),
        )),
    }
}

/// `n*element`: `n` (0 if absent) or more of the name, literal or group
/// that follows the `*` directly.
fn repetition<'a>(i: Span<'a>, cx: &mut Cx) -> Res<'a, Expr> {
    let (j, count) = match digit1::<_, Problem>(i) {
        Ok((j, digits)) => (j, Some(*digits.fragment())),
        Err(_) => (i, None),
    };
    let min = match count {
        None => 0,
        Some(digits) => match digits.parse::<u32>() {
            Ok(n) if n <= MAX_COUNT => n,
            _ => {
                return Err(fail(
                    i,
                    format!("repetition count {digits} is too large (at most {MAX_COUNT})"),
                ));
            }
        },
    };
    let Ok((k, _)) = char::<_, Problem>('*').parse(j) else {
        return Err(fail(
            j,
            format!(
                "expected \"*\" after the repetition count, found {}",
                found(j)
            ),
        ));
    };
    let (rest, body) = match first(k) {
        // The brackets only delimit the repeated group: no `Optional`.
        Some('[') => group(k, cx).map(|(rest, inner)| (rest, Some(inner)))?,
        Some('"' | '<' | '/') => literal(k)?,
        Some(c) if is_name_start(c) => reference(k, cx)?,
        _ => (k, None),
    };
    match body {
        Some(expr) => Ok((
            rest,
            Expr::Repeat {
                min,
                expr: Box::new(expr),
            },
        )),
        None => Err(fail(
            k,
            format!(
                "expected a name, a literal or a group right after \"*\", found {}",
                found(k)
            ),
        )),
    }
}

/// One element of a sequence; `None` if none starts here.
fn element<'a>(i: Span<'a>, cx: &mut Cx) -> Res<'a, Option<Expr>> {
    match first(i) {
        Some('"' | '<' | '/') => literal(i),
        Some('[') => {
            let (rest, inner) = group(i, cx)?;
            Ok((rest, Some(Expr::Optional(Box::new(inner)))))
        }
        Some('*' | '0'..='9') => repetition(i, cx).map(|(rest, e)| (rest, Some(e))),
        Some(c) if is_name_start(c) => reference(i, cx),
        _ => Ok((i, None)),
    }
}

/// Elements one after the other, possibly none. Returns what follows the
/// last element (before any gap).
fn sequence<'a>(mut i: Span<'a>, cx: &mut Cx) -> Res<'a, Vec<Expr>> {
    let mut items = Vec::new();
    loop {
        let (rest, item) = element(gap(i), cx)?;
        match item {
            Some(item) => {
                items.push(item);
                i = rest;
            }
            None => return Ok((i, items)),
        }
    }
}

/// What opened the alternatives, for the message when they are empty.
#[derive(Clone, Copy)]
enum Opening {
    Equals,
    Group,
}

fn sequence_expr(mut items: Vec<Expr>) -> Expr {
    if items.len() == 1 {
        items.remove(0)
    } else {
        Expr::Sequence(items)
    }
}

/// `sequence | sequence | ...`, each sequence non-empty.
fn alternatives<'a>(i: Span<'a>, cx: &mut Cx, opening: Opening) -> Res<'a, Expr> {
    let (mut i, items) = sequence(i, cx)?;
    if items.is_empty() {
        let at = locate(i);
        let message = match (first(at), opening) {
            (Some('|'), _) => "empty alternative before \"|\"".to_owned(),
            (Some(']'), Opening::Group) => "empty group".to_owned(),
            (_, Opening::Equals) if at_content_end(at) => {
                "empty production: nothing after \"=\"".to_owned()
            }
            (_, Opening::Group) => format!("expected an element after \"[\", found {}", found(at)),
            (_, Opening::Equals) => {
                format!("expected an element after \"=\", found {}", found(at))
            }
        };
        return Err(fail(at, message));
    }
    let mut alternatives = vec![sequence_expr(items)];
    while let Ok((k, _)) = char::<_, Problem>('|').parse(gap(i)) {
        let (rest, items) = sequence(k, cx)?;
        if items.is_empty() {
            let at = locate(k);
            let message = match first(at) {
                Some('|') => "empty alternative before \"|\"".to_owned(),
                _ if at_content_end(at) => "empty alternative: nothing after \"|\"".to_owned(),
                _ => format!("expected an element after \"|\", found {}", found(at)),
            };
            return Err(fail(at, message));
        }
        alternatives.push(sequence_expr(items));
        i = rest;
    }
    Ok((
        i,
        if alternatives.len() == 1 {
            alternatives.remove(0)
        } else {
            Expr::Alternatives(alternatives)
        },
    ))
}

/// A production from the start of its first line (a [`Line::Start`]) to the
/// end of its last line. Returns its name and expression.
fn production<'a>(i: Span<'a>, cx: &mut Cx) -> Res<'a, (Span<'a>, Expr)> {
    let start = blanks(i);
    let (j, n) = word(start)?;
    if !matches!(name(n), Ok((rest, _)) if rest.fragment().is_empty()) {
        return Err(fail(
            start,
            format!(
                "invalid production name {:?}: a name is a lower-case letter followed by \
                 lower-case letters, digits, \"-\", \"+\" and \"_\"",
                n.fragment()
            ),
        ));
    }
    let (j, _) = char('=').parse(blanks(j))?;
    let (k, expr) = alternatives(j, cx, Opening::Equals)?;
    let end = gap(k);
    if at_line_end(end) {
        return Ok((end, (n, expr)));
    }
    let message = match first(end) {
        Some(']') => "unmatched \"]\"".to_owned(),
        _ => format!(
            "expected an element, \"|\" or the end of the production, found {}",
            found(end)
        ),
    };
    Err(fail(end, message))
}

fn to_error(error: nom::Err<Problem<'_>>, fallback: Span<'_>) -> BnfError {
    match error {
        nom::Err::Error(p) | nom::Err::Failure(p) => {
            BnfError::new(line_of(p.at), p.at.get_utf8_column(), p.message)
        }
        // The parsers used are all `complete`; should one ask for more
        // input anyway, the input ends where it stopped.
        nom::Err::Incomplete(_) => BnfError::new(
            line_of(fallback),
            fallback.get_utf8_column(),
            "unexpected end of the file".to_owned(),
        ),
    }
}

/// Reads a grammar, then checks its references.
pub(super) fn read(text: &str) -> Result<Vec<Production>, BnfError> {
    let mut i = Span::new(text);
    let mut productions: Vec<Production> = Vec::new();
    // Per production: where its name is written, and its references.
    let mut names: Vec<Site> = Vec::new();
    let mut refs: Vec<Vec<Site>> = Vec::new();
    let mut defined: HashMap<String, usize> = HashMap::new();
    let mut comments = Vec::new();
    while !i.fragment().is_empty() {
        let next = match line_kind(i) {
            Line::Blank => line_rest(i),
            Line::Comment => {
                let rest = line_rest(i);
                // Offsets the reader reached in `text`, in order: char boundaries.
                let line = &text[i.location_offset()..rest.location_offset()];
                let comment = line.trim_start().strip_prefix(';').unwrap_or(line).trim();
                comments.push(comment.to_owned());
                rest
            }
            Line::Start => {
                let mut cx = Cx::default();
                let (end, (n, expr)) = production(i, &mut cx).map_err(|e| to_error(e, i))?;
                let name = (*n.fragment()).to_owned();
                if let Some(&earlier) = defined.get(&name) {
                    return Err(BnfError::new(
                        line_of(n),
                        n.get_utf8_column(),
                        format!("production \"{name}\" is already defined at line {earlier}"),
                    ));
                }
                let line = line_of(i);
                defined.insert(name.clone(), line);
                // As for a comment: offsets reached in `text`, in order.
                let written = &text[i.location_offset()..end.location_offset()];
                productions.push(Production {
                    name,
                    expr,
                    line,
                    text: written
                        .split('\n')
                        .map(|line| line.strip_suffix('\r').unwrap_or(line))
                        .collect::<Vec<_>>()
                        .join("\n"),
                    comments: std::mem::take(&mut comments),
                });
                names.push(Site::at(n, n.fragment()));
                refs.push(cx.refs);
                end
            }
            Line::Continuation => {
                let at = blanks(i);
                let message = match name(at) {
                    Ok((k, n)) => {
                        let k = blanks(k);
                        return Err(BnfError::new(
                            line_of(k),
                            k.get_utf8_column(),
                            format!(
                                "expected \"=\" after the production name \"{}\", found {}",
                                n.fragment(),
                                found(k)
                            ),
                        ));
                    }
                    Err(_) if productions.is_empty() => {
                        "a continuation line before any production".to_owned()
                    }
                    Err(_) => "a continuation line must follow the lines of its production \
                               directly, not a blank or comment line"
                        .to_owned(),
                };
                return Err(BnfError::new(line_of(at), at.get_utf8_column(), message));
            }
        };
        i = after_newline(next).unwrap_or(next);
    }
    check_references(&productions, &names, &refs, &defined_index(&productions))?;
    Ok(productions)
}

fn defined_index(productions: &[Production]) -> HashMap<&str, usize> {
    productions
        .iter()
        .enumerate()
        .map(|(i, p)| (p.name.as_str(), i))
        .collect()
}

/// The production each reference names, in file order; an error for the
/// first that names none.
fn resolve(refs: &[Vec<Site>], index: &HashMap<&str, usize>) -> Result<Vec<Vec<usize>>, BnfError> {
    refs.iter()
        .map(|sites| {
            sites
                .iter()
                .map(|site| {
                    index.get(site.name.as_str()).copied().ok_or_else(|| {
                        BnfError::new(
                            site.line,
                            site.column,
                            format!("undefined production \"{}\"", site.name),
                        )
                    })
                })
                .collect()
        })
        .collect()
}

/// The error of the recursion closed by `q`, which is on `stack`: the cycle
/// runs from it to the top of the stack and back.
fn recursion(
    productions: &[Production],
    stack: &[(usize, usize)],
    q: usize,
    site: &Site,
) -> BnfError {
    let from = stack.iter().position(|&(s, _)| s == q).unwrap_or(0);
    let mut path: Vec<&str> = stack[from..]
        .iter()
        .map(|&(s, _)| productions[s].name.as_str())
        .collect();
    path.push(&productions[q].name);
    BnfError::new(
        site.line,
        site.column,
        format!(
            "recursive production: {} (recursion is not supported)",
            path.join(" -> ")
        ),
    )
}

/// Every reference names a production; no production refers to itself,
/// directly or through others; no derivation is deeper than [`MAX_DEPTH`].
fn check_references(
    productions: &[Production],
    names: &[Site],
    refs: &[Vec<Site>],
    index: &HashMap<&str, usize>,
) -> Result<(), BnfError> {
    let targets = resolve(refs, index)?;

    // Depth-first search, iterative so that long chains of productions
    // cannot exhaust the stack: grey on the stack, black when done.
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Colour {
        White,
        Grey,
        Black,
    }
    let n = productions.len();
    let mut colour = vec![Colour::White; n];
    let mut depth = vec![0usize; n];
    for root in 0..n {
        if colour[root] != Colour::White {
            continue;
        }
        colour[root] = Colour::Grey;
        let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
        while let Some(&mut (p, ref mut next)) = stack.last_mut() {
            if let Some(&q) = targets[p].get(*next) {
                // `targets[p]` resolves `refs[p]` one for one.
                let site = &refs[p][*next];
                *next += 1;
                match colour[q] {
                    Colour::Black => {}
                    Colour::White => {
                        colour[q] = Colour::Grey;
                        stack.push((q, 0));
                    }
                    // `q` is on the stack: the cycle runs from it to `p`.
                    Colour::Grey => return Err(recursion(productions, &stack, q, site)),
                }
            } else {
                // Every production `p` refers to is black: its depth is known.
                let d = expr_depth(&productions[p].expr, index, &depth);
                if d > MAX_DEPTH {
                    return Err(BnfError::new(
                        names[p].line,
                        names[p].column,
                        format!(
                            "production \"{}\" nests {d} levels deep, more than {MAX_DEPTH}",
                            productions[p].name
                        ),
                    ));
                }
                depth[p] = d;
                colour[p] = Colour::Black;
                stack.pop();
            }
        }
    }
    Ok(())
}

/// The depth of a derivation through `expr`, given the depths of the
/// productions it refers to.
fn expr_depth(expr: &Expr, index: &HashMap<&str, usize>, depth: &[usize]) -> usize {
    match expr {
        Expr::Alternatives(items) | Expr::Sequence(items) => {
            1 + items
                .iter()
                .map(|item| expr_depth(item, index, depth))
                .max()
                .unwrap_or(0)
        }
        Expr::Optional(inner) | Expr::Repeat { expr: inner, .. } => {
            1 + expr_depth(inner, index, depth)
        }
        Expr::Literal(_) => 1,
        Expr::Ref(name) => 1 + index.get(name.as_str()).map_or(0, |&p| depth[p]),
    }
}
