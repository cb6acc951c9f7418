//! The summary as one HTML page (`check --report FILE`): self-contained (no
//! script, nothing loaded), its charts inline SVG, its counts also in
//! `data-` attributes for programs and tests.

use std::fmt::Write as _;

use rfc1738::visible::Visible;

use super::text::{expected_list, place, reasons, share};
use super::{Counts, Document, Example};
use crate::markup::escape;
use crate::summary::{counted, grouped, noun};

/// How many causes the chart of causes draws (the page lists more).
const CAUSES_CHARTED: usize = 15;

/// The page's style: system fonts, the palette of the charts. Valid and
/// invalid are Okabe and Ito's blue and vermillion, told apart by readers
/// who do not tell red from green; each colour that colours text has a
/// contrast of 4.5:1 at least on the page and on its panels (`-ink` where
/// the colour of its bars has less), and each bar 3:1 on its track. The
/// charts' links are underlined, and 3:1 against the page's text, which
/// the charts' notes are in: beside a link, muted grey would differ from
/// it by its underline and hue alone (1.2:1), and no grey 4.5:1 on the
/// panels can stand 3:1 from a link that stands 3:1 from the text. The
/// page has one scheme, light, whatever the reader prefers.
/// The legends' swatches keep their colours in forced colours (a high
/// contrast mode), as the bars do: else nothing would tie a colour to its
/// meaning. The charts' text takes the system's colours there, of text
/// and of links (browsers force HTML text, not SVG's `fill`): a dark
/// palette hid the page's dark text.
const STYLE: &str = "
:root { --valid: #0072b2; --invalid: #d55e00; --invalid-ink: #b34700; --long: #888888;
        --warned: #b57900; --warned-ink: #8f6300;
        --ink: #1d1d1f; --muted: #5f6368; --rule: #dadce0; --panel: #f6f8fa; --link: #1c6cd4; }
* { box-sizing: border-box; }
body { font: 15px/1.45 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: var(--ink);
       max-width: 1040px; margin: 0 auto; padding: 24px; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 19px; margin: 32px 0 8px; border-bottom: 1px solid var(--rule); padding-bottom: 4px; }
h3 { font-size: 15px; margin: 0 0 6px; }
p.lead, p.note { color: var(--muted); margin: 4px 0 12px; }
.cards { display: flex; flex-wrap: wrap; gap: 12px; margin: 16px 0; }
.card { background: var(--panel); border-radius: 8px; padding: 10px 16px; min-width: 150px; }
.card b { display: block; font-size: 22px; }
.card span { color: var(--muted); }
.card.valid b { color: var(--valid); } .card.invalid b { color: var(--invalid-ink); }
.card.warned b { color: var(--warned-ink); }
.banner { background: #fdecea; border: 1px solid var(--invalid); border-radius: 8px; padding: 8px 12px; }
svg { display: block; max-width: 100%; height: auto; margin: 8px 0; }
.scroll { overflow-x: auto; }
.scroll > svg { min-width: 800px; }
#totals .scroll > svg { min-width: 0; }
svg text { font: 12px system-ui, sans-serif; fill: var(--ink); }
svg text.count { fill: var(--ink); }
svg a text { fill: var(--link); text-decoration: underline; }
svg a:focus-visible { outline: 2px solid var(--link); }
@media (forced-colors: active) { svg text, svg text.count { fill: CanvasText; }
                                 svg a text { fill: LinkText; } }
rect.valid { fill: var(--valid); } rect.invalid { fill: var(--invalid); }
rect.long { fill: var(--long); } rect.warned { fill: var(--warned); } rect.track { fill: var(--panel); }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
caption { caption-side: top; text-align: left; color: var(--muted); padding: 4px 0; }
th, td { text-align: right; padding: 3px 10px; border-bottom: 1px solid var(--rule); }
th:first-child, td:first-child { text-align: left; }
code { font: 13px ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace; }
ol.causes { padding-left: 0; list-style: none; }
.cause, .warning { border: 1px solid var(--rule); border-radius: 8px; padding: 10px 14px; margin: 10px 0; }
.cause .share { color: var(--invalid-ink); font-weight: 600; }
.warning .share { color: var(--warned-ink); font-weight: 600; }
.hint { display: inline-block; background: #fff4e5; border-radius: 4px; padding: 0 6px; margin-right: 4px; }
pre { background: var(--panel); border-radius: 6px; padding: 8px 10px; overflow-x: auto;
      font: 12.5px/1.4 ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace; margin: 6px 0; }
details summary { cursor: pointer; color: var(--muted); }
footer { margin-top: 40px; color: var(--muted); font-size: 13px; }
p.legend { color: var(--muted); font-size: 13px; margin: 0 0 4px; }
p.legend span { display: inline-block; width: 10px; height: 10px; border-radius: 2px;
                margin: 0 4px 0 12px; vertical-align: -1px; forced-color-adjust: none; }
p.legend span:first-child { margin-left: 0; }
span.valid { background: var(--valid); } span.invalid { background: var(--invalid); }
span.long { background: var(--long); }
";

/// The summary as one self-contained HTML page.
pub fn page(document: &Document) -> String {
    let mut out = String::with_capacity(64 << 10);
    // Writing to a String does not fail.
    let _ = head(&mut out, document);
    if document.inputs == 0 {
        // Nothing to chart: no empty chart and table.
        out.push_str(
            "<section id=\"totals\">\n<p class=\"lead no-inputs\">No input was read: \
             there is nothing to count.</p>\n</section>\n",
        );
    } else {
        let _ = totals(&mut out, document);
        let _ = causes(&mut out, document);
        let _ = schemes(&mut out, document);
        let _ = warnings(&mut out, document);
        let _ = cause_examples(&mut out, document);
    }
    let _ = footer(&mut out, document);
    out
}

/// The page's head and title, and the sources read.
fn head(out: &mut String, document: &Document) -> std::fmt::Result {
    writeln!(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>")?;
    writeln!(out, "<meta charset=\"utf-8\">")?;
    writeln!(
        out,
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
    )?;
    writeln!(
        out,
        "<title>rfc1738 check: {}</title>",
        counted(document.inputs, "input", "inputs")
    )?;
    writeln!(out, "<style>{STYLE}</style>\n</head>\n<body>")?;
    let incomplete: Vec<&str> = document.incomplete.iter().map(|r| r.code()).collect();
    writeln!(
        out,
        "<main id=\"report\" data-inputs=\"{}\" data-valid=\"{}\" data-invalid=\"{}\" \
         data-too-long=\"{}\" data-warnings=\"{}\" data-warned=\"{}\" data-complete=\"{}\" \
         data-incomplete=\"{}\" data-passwords-shown=\"{}\">",
        document.inputs,
        document.valid,
        document.invalid,
        document.too_long,
        document.warnings,
        document.warned,
        document.complete(),
        incomplete.join(" "),
        document.passwords_shown
    )?;
    writeln!(out, "<h1>URLs checked against RFC 1738</h1>")?;
    const SOURCES: usize = 10;
    let mut names: Vec<String> = document
        .sources
        .iter()
        .take(SOURCES)
        .map(|name| format!("<code><bdi>{}</bdi></code>", text(name)))
        .collect();
    if document.sources.len() > SOURCES {
        names.push(format!("{} more", document.sources.len() - SOURCES));
    }
    let against = match document.rule {
        Some(rule) => format!(
            "<code>{}</code> (<code>--rule {}</code>)",
            escape(rule),
            escape(rule)
        ),
        None => "the rule its scheme selects".to_owned(),
    };
    writeln!(
        out,
        "<p class=\"lead\">Read from {}; each input checked against {against}, by \
         <code>rfc1738 check</code> {}.</p>",
        names.join(", "),
        env!("CARGO_PKG_VERSION")
    )?;
    if document.passwords_shown {
        writeln!(
            out,
            "<p class=\"banner passwords\">This page shows passwords as they were written \
             (<code>--show-passwords</code>): whoever reads it reads them.</p>"
        )?;
    }
    if !document.incomplete.is_empty() {
        writeln!(
            out,
            "<p class=\"banner\">Incomplete: {}. The counts are those of the inputs read.</p>",
            escape(&reasons(&document.incomplete))
        )?;
    }
    Ok(())
}

/// `text`, which may come from the input, as HTML text: nothing raw. Where
/// it stands among other text, the caller isolates it in a `<bdi>` (a file
/// name), so that right-to-left letters in it do not reorder what is
/// around it.
fn text(text: &str) -> String {
    escape(&Visible::new(text).to_string())
}

/// Where an example is, as its tooltip (a `title`, which holds no
/// element) says it: `FILE:LINE`, or `argument`. A name that is not all
/// ASCII (no ASCII character is right-to-left) is isolated between U+2068
/// and U+2069 (first strong isolate and its end: a `<bdi>` in characters,
/// written as references, so that the page's bytes hold no invisible
/// character); an ASCII name needs nothing, and costs the page nothing.
fn place_title(example: &Example) -> String {
    match (&example.file, example.line) {
        (Some(file), Some(line)) if !file.is_ascii() => {
            format!("&#x2068;{}&#x2069;:{line}", text(file))
        }
        _ => escape(&place(example)),
    }
}

/// `part` as a share of `whole`, as [`share`] writes it, as HTML text:
/// `&lt;0.1%` (a chart's text is escaped where it is drawn).
fn share_html(part: u64, whole: u64) -> String {
    escape(&share(part, whole))
}

/// The totals, as cards and one bar.
fn totals(out: &mut String, document: &Document) -> std::fmt::Result {
    writeln!(out, "<section id=\"totals\">\n<div class=\"cards\">")?;
    let inputs = document.inputs;
    for (class, count, label) in [
        ("", inputs, noun(inputs, "input", "inputs").to_owned()),
        (
            "valid",
            document.valid,
            format!("valid, {}", share_html(document.valid, inputs)),
        ),
        (
            "invalid",
            document.invalid,
            format!("invalid, {}", share_html(document.invalid, inputs)),
        ),
        (
            "warned",
            document.warnings,
            format!(
                "{}, in {}",
                noun(document.warnings, "warning", "warnings"),
                counted(document.warned, "valid input", "valid inputs")
            ),
        ),
    ] {
        writeln!(
            out,
            "<div class=\"card {class}\"><b>{}</b><span>{label}</span></div>",
            grouped(count)
        )?;
    }
    if document.too_long > 0 {
        writeln!(
            out,
            "<div class=\"card\"><b>{}</b><span>too long to check (--max-line-bytes)</span></div>",
            grouped(document.too_long)
        )?;
    }
    writeln!(out, "</div>")?;
    let segments = [
        (document.valid, "valid"),
        (document.invalid, "invalid"),
        (document.too_long, "long"),
    ];
    let bar = Bar {
        label: String::new(),
        link: None,
        segments: segments.to_vec(),
        note: String::new(),
    };
    let mut classes = vec![("valid", "valid"), ("invalid", "invalid")];
    if document.too_long > 0 {
        classes.push(("long", "too long"));
    }
    out.push_str(&legend(&classes));
    out.push_str(&chart(
        "valid and invalid inputs",
        &[bar],
        inputs,
        Layout {
            label: 0,
            bar: 960,
            note: 0,
            row: 26,
        },
    ));
    writeln!(out, "</section>")
}

/// The legend of a chart: a swatch of each class's colour and its name.
fn legend(classes: &[(&str, &str)]) -> String {
    let items: Vec<String> = classes
        .iter()
        .map(|(class, name)| format!("<span class=\"{class}\" aria-hidden=\"true\"></span>{name}"))
        .collect();
    format!("<p class=\"legend\">{}</p>\n", items.join(" "))
}

/// A row of a bar chart: its label, its segments (a count and the class
/// that colours it), and what is written after it.
struct Bar {
    label: String,
    /// Where the label links to, on the page.
    link: Option<String>,
    segments: Vec<(u64, &'static str)>,
    note: String,
}

/// The widths of a chart's columns and the height of a row, in pixels.
#[derive(Clone, Copy)]
struct Layout {
    label: u32,
    bar: u32,
    note: u32,
    row: u32,
}

/// A horizontal bar chart, inline SVG: a row per bar, its length that of
/// its segments' sum against `whole`. On a narrow screen it shrinks to
/// 800 pixels wide, no less (its text to 10 pixels high), and scrolls
/// sideways; the totals' bar, which has no text, shrinks to any width.
///
/// A chart is an image named `title`, unless its labels are links: an
/// image's content is not read, and its links could not be followed
/// but by a mouse. Then it is a group of that name, whose texts and
/// links are read in order, each bar named by its `<title>`.
fn chart(title: &str, bars: &[Bar], whole: u64, layout: Layout) -> String {
    let width = layout.label + layout.bar + layout.note;
    let height = layout.row * bars.len() as u32 + 4;
    let role = match bars.iter().any(|bar| bar.link.is_some()) {
        true => "group",
        false => "img",
    };
    let mut svg = format!(
        "<div class=\"scroll\"><svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" \
         width=\"{width}\" height=\"{height}\" role=\"{role}\" aria-label=\"{}\">\n<title>{}</title>\n",
        escape(title),
        escape(title)
    );
    for (i, bar) in bars.iter().enumerate() {
        row(&mut svg, bar, layout.row * i as u32 + 2, whole, layout);
    }
    svg.push_str("</svg></div>\n");
    svg
}

/// The row of `bar`, its top at `y`, in a chart of `layout` whose bars
/// are drawn against `whole`.
fn row(svg: &mut String, bar: &Bar, y: u32, whole: u64, layout: Layout) {
    let h = layout.row - 6;
    let middle = y + h / 2 + 4;
    if layout.label > 0 {
        let at = format!(
            "x=\"{}\" y=\"{middle}\" text-anchor=\"end\"",
            layout.label - 8
        );
        let text = fitted_text(&at, &bar.label, f64::from(layout.label - 10));
        let _ = match &bar.link {
            Some(link) => writeln!(svg, "<a href=\"#{}\">{text}</a>", escape(link)),
            None => writeln!(svg, "{text}"),
        };
    }
    let _ = writeln!(
        svg,
        "<rect class=\"track\" x=\"{}\" y=\"{y}\" width=\"{}\" height=\"{h}\" rx=\"3\"/>",
        layout.label, layout.bar
    );
    let mut x = f64::from(layout.label);
    for &(count, class) in &bar.segments {
        let w = if whole == 0 {
            0.0
        } else {
            count as f64 * f64::from(layout.bar) / whole as f64
        };
        if w > 0.0 {
            // At least a pixel: a share too small to see is still shown.
            let _ = writeln!(
                svg,
                "<rect class=\"{class}\" x=\"{x:.1}\" y=\"{y}\" width=\"{:.1}\" \
                 height=\"{h}\"><title>{class}: {}</title></rect>",
                w.max(1.0),
                grouped(count)
            );
            x += w.max(1.0);
        }
    }
    if layout.note > 0 {
        let at = format!(
            "class=\"count\" x=\"{}\" y=\"{middle}\"",
            layout.label + layout.bar + 8
        );
        let text = fitted_text(&at, &bar.note, f64::from(layout.note - 10));
        let _ = writeln!(svg, "{text}");
    }
}

/// An SVG `<text>` with `attributes`: `text`, or, when it is wider than
/// `room` pixels, as much of it as fits and `…`, its whole in a `<title>`
/// (a tooltip) — the text is drawn within its column, whatever its length.
fn fitted_text(attributes: &str, text: &str, room: f64) -> String {
    match fit(text, room) {
        None => format!("<text {attributes}>{}</text>", escape(text)),
        Some(cut) => format!(
            "<text {attributes}><title>{}</title>{}</text>",
            escape(text),
            escape(&cut)
        ),
    }
}

/// `text` cut to `room` pixels, `…` included, when it does not fit in them;
/// `None` when it does.
fn fit(text: &str, room: f64) -> Option<String> {
    if drawn_width(text) <= room {
        return None;
    }
    let room = room - drawn_width("…");
    let mut width = 0.0;
    let mut cut: String = text
        .chars()
        .take_while(|&c| {
            width += char_width(c);
            width <= room
        })
        .collect();
    cut.push('…');
    Some(cut)
}

/// How wide `text` is drawn in the charts' 12 px sans-serif, in pixels, at
/// most: see [`char_width`].
fn drawn_width(text: &str) -> f64 {
    text.chars().map(char_width).sum()
}

/// How wide a character is drawn in the charts' 12 px sans-serif, in
/// pixels, at most: the widths of DejaVu Sans (which Linux's `system-ui`
/// often is, and wider than the other systems' fonts), rounded up, by
/// classes of characters; any character a chart's text has that is not
/// ASCII as wide as the widest.
fn char_width(c: char) -> f64 {
    match c {
        '\'' | 'i' | 'j' | 'l' | 'I' | 'J' | ' ' | ',' | '.' => 4.0,
        '/' | ':' | ';' | '\\' | '|' | 'f' | '-' | '(' | ')' | '[' | ']' | 't' | '!' | 'r'
        | '\u{203a}' => 5.0,
        'A' | 'B' | 'C' | 'D' | 'G' | 'H' | 'N' | 'O' | 'Q' | 'R' | 'U' | 'V' | 'X' | 'Z' | '&' => {
            9.5
        }
        'w' | 'M' | '#' | '+' | '<' | '=' | '>' | '^' | '~' => 10.5,
        'm' | 'W' | '%' | '@' | '…' => 12.0,
        // The rest of ASCII: lower-case letters, digits, the other capitals
        // and signs, 7.9 at most.
        c if c.is_ascii() => 8.0,
        _ => 12.0,
    }
}

/// The schemes: a chart of their inputs, valid and invalid, and a table.
fn schemes(out: &mut String, document: &Document) -> std::fmt::Result {
    writeln!(out, "<section id=\"schemes\">\n<h2>Schemes</h2>")?;
    let checked = document.valid + document.invalid;
    let rows = document.scheme_rows();
    if rows.is_empty() {
        // Every input too long to check.
        return writeln!(
            out,
            "<p class=\"lead\">No input was checked: no scheme is counted.</p>\n</section>"
        );
    }
    let most = rows.iter().map(|(_, c)| c.inputs).max().unwrap_or(0);
    let bars: Vec<Bar> = rows
        .iter()
        .map(|(name, counts)| Bar {
            label: name.clone(),
            link: None,
            segments: vec![(counts.valid, "valid"), (counts.invalid, "invalid")],
            note: format!(
                "{} ({}), {} invalid",
                grouped(counts.inputs),
                share(counts.inputs, checked),
                share(counts.invalid, counts.inputs)
            ),
        })
        .collect();
    let layout = Layout {
        label: 150,
        bar: 560,
        note: 250,
        row: 24,
    };
    out.push_str(&legend(&[("valid", "valid"), ("invalid", "invalid")]));
    out.push_str(&chart("inputs per scheme", &bars, most, layout));
    scheme_table(out, document, &rows)?;
    let limits = &document.limits;
    let mut note = format!(
        "A scheme is the name before the first <code>:</code>, in lower case; \
         <code>{}</code> counts the inputs without one, and those whose name has \
         characters a scheme cannot have; <code>{}</code> counts together those whose \
         name is longer than {} characters. The {} schemes with the most inputs are shown",
        super::NO_SCHEME,
        super::LONG_SCHEME,
        super::SCHEME_LONGEST,
        limits.schemes_shown
    );
    if document.other_schemes.untracked {
        let _ = write!(
            note,
            "; the schemes met after the first {} are counted together with the others",
            limits.schemes_tracked
        );
    }
    writeln!(out, "<p class=\"note\">{note}.</p>\n</section>")
}

/// The table of the schemes: a row of `rows` per scheme shown, and one
/// for the others when there are any.
fn scheme_table(
    out: &mut String,
    document: &Document,
    rows: &[(String, &Counts)],
) -> std::fmt::Result {
    let checked = document.valid + document.invalid;
    let others = &document.other_schemes;
    writeln!(
        out,
        "<div class=\"scroll\"><table>\n<caption>Each scheme's inputs, their share of those \
         checked, how many are valid and invalid, the share of the scheme's inputs that are \
         invalid, and the valid ones with warnings.</caption>\n<thead><tr><th>scheme</th>\
         <th>inputs</th><th>share</th><th>valid</th><th>invalid</th><th>share invalid</th>\
         <th>with warnings</th></tr></thead>\n<tbody>"
    )?;
    for (i, (name, counts)) in rows.iter().enumerate() {
        let (class, data) = if i < document.schemes.len() {
            (
                "scheme",
                format!("data-scheme=\"{}\"", escape(&document.schemes[i].scheme)),
            )
        } else {
            (
                "other-schemes",
                format!("data-schemes=\"{}\"", others.schemes),
            )
        };
        // A scheme name is ASCII letters, digits, `+`, `-` and `.` (or a
        // name of the summary's own), alone in its cell: no right-to-left
        // letter to isolate, unlike a file's name.
        writeln!(
            out,
            "<tr class=\"{class}\" {data} data-inputs=\"{}\" data-valid=\"{}\" \
             data-invalid=\"{}\" data-warned=\"{}\"><td><code>{}</code></td><td>{}</td>\
             <td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            counts.inputs,
            counts.valid,
            counts.invalid,
            counts.warned,
            escape(name),
            grouped(counts.inputs),
            share_html(counts.inputs, checked),
            grouped(counts.valid),
            grouped(counts.invalid),
            share_html(counts.invalid, counts.inputs),
            grouped(counts.warned),
        )?;
    }
    writeln!(out, "</tbody>\n</table></div>")
}

/// The causes: a chart of the first, then each with its examples.
fn causes(out: &mut String, document: &Document) -> std::fmt::Result {
    writeln!(
        out,
        "<section id=\"causes\">\n<h2>Why inputs are invalid</h2>"
    )?;
    let others = &document.other_causes;
    let told = document.causes.len() as u64 + others.causes;
    if document.invalid == 0 {
        return writeln!(
            out,
            "<p class=\"lead\">No input is invalid.</p>\n</section>"
        );
    }
    writeln!(
        out,
        "<p class=\"lead\">{}, grouped by cause: the rule, the production \
         where the input failed, what was expected there and the codes of the hints. \
         {}{}.</p>",
        counted(document.invalid, "invalid input", "invalid inputs"),
        counted(told, "cause", "causes"),
        if others.causes > 0 {
            format!(", the {} with the most inputs shown", document.causes.len())
        } else {
            String::new()
        }
    )?;
    out.push_str(&cause_chart(document));
    if others.inputs > 0 {
        let untracked = if others.untracked_inputs > 0 {
            format!(
                "; of them, {} of causes met after the first {}, which are not told \
                 apart",
                counted(others.untracked_inputs, "input", "inputs"),
                document.limits.causes_tracked
            )
        } else {
            String::new()
        };
        writeln!(
            out,
            "<p class=\"other-causes note\" data-causes=\"{}\" data-inputs=\"{}\" \
             data-untracked-inputs=\"{}\">Beyond the {} shown below: {} ({}) in {}\
             {untracked}.</p>",
            others.causes,
            others.inputs,
            others.untracked_inputs,
            document.causes.len(),
            counted(others.inputs, "input", "inputs"),
            share_html(others.inputs, document.invalid),
            counted(others.causes, "other cause", "other causes"),
        )?;
    }
    writeln!(
        out,
        "<p class=\"note\">Each cause, what was expected and its first examples: \
         <a href=\"#cause-examples\">below</a>.</p>\n</section>"
    )
}

/// The chart of the first [`CAUSES_CHARTED`] causes, each linked to its
/// examples.
fn cause_chart(document: &Document) -> String {
    let charted = &document.causes[..document.causes.len().min(CAUSES_CHARTED)];
    let most = charted.first().map_or(0, |cause| cause.count);
    let bars: Vec<Bar> = charted
        .iter()
        .enumerate()
        .map(|(i, cause)| Bar {
            label: format!("{}. {}", i + 1, cause.heading()),
            link: Some(format!("cause-{}", i + 1)),
            segments: vec![(cause.count, "invalid")],
            note: format!(
                "{} ({}) {}",
                grouped(cause.count),
                share(cause.count, document.invalid),
                cause.hints.join(", ")
            ),
        })
        .collect();
    // Room for a count, its share and two hints' codes after the bar.
    let layout = Layout {
        label: 250,
        bar: 330,
        note: 380,
        row: 22,
    };
    chart("the causes with the most inputs", &bars, most, layout)
}

/// Each cause shown, with what was expected, its hints and examples.
fn cause_examples(out: &mut String, document: &Document) -> std::fmt::Result {
    if document.causes.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "<section id=\"cause-examples\">\n<h2>The causes, with examples</h2>\n\
         <ol class=\"causes\">"
    )?;
    for (i, cause) in document.causes.iter().enumerate() {
        writeln!(
            out,
            "<li><section class=\"cause\" id=\"cause-{}\" data-count=\"{}\" data-rule=\"{}\" \
             data-production=\"{}\" data-hints=\"{}\">",
            i + 1,
            cause.count,
            cause.rule,
            cause.production,
            cause.hints.join(" ")
        )?;
        writeln!(
            out,
            "<h3>{}. <span class=\"share\">{}</span> · {} · <code>{}</code>{}</h3>",
            i + 1,
            share_html(cause.count, document.invalid),
            counted(cause.count, "input", "inputs"),
            cause.rule,
            cause
                .inner()
                .map(|inner| format!(" › <code>{inner}</code>"))
                .unwrap_or_default()
        )?;
        writeln!(
            out,
            "<p>expected {}</p>",
            escape(&expected_list(&cause.expected))
        )?;
        if !cause.hints.is_empty() {
            let hints: Vec<String> = cause
                .hints
                .iter()
                .map(|code| format!("<code class=\"hint\">{code}</code>"))
                .collect();
            writeln!(out, "<p>hints: {}</p>", hints.join(" "))?;
        }
        examples(out, &cause.examples)?;
        writeln!(out, "</section></li>")?;
    }
    writeln!(out, "</ol>\n</section>")
}

/// The examples of a group: the first shown, the others folded.
fn examples(out: &mut String, examples: &[Example]) -> std::fmt::Result {
    for (i, example) in examples.iter().enumerate() {
        if i == 1 {
            writeln!(
                out,
                "<details><summary>{}</summary>",
                counted(examples.len() as u64 - 1, "more example", "more examples")
            )?;
        }
        // The characters in the order they were read, left to right, as
        // the caret's column counts them: right-to-left letters would
        // otherwise be reordered, and the caret stand under another one.
        writeln!(
            out,
            "<pre class=\"example\" title=\"{}\"><bdo dir=\"ltr\">{}</bdo></pre>",
            place_title(example),
            escape(&example.diagnostic)
        )?;
    }
    if examples.len() > 1 {
        writeln!(out, "</details>")?;
    }
    Ok(())
}

/// The warnings, by code.
fn warnings(out: &mut String, document: &Document) -> std::fmt::Result {
    writeln!(
        out,
        "<section id=\"warnings\">\n<h2>Warnings about valid inputs</h2>"
    )?;
    if document.rule.is_some() {
        return writeln!(
            out,
            "<p class=\"lead\">None: with <code>--rule</code> no input gets warnings. \
             They are about what a URL means, and a production matched by its letter is no \
             URL; <code>rfc1738 check</code> without <code>--rule</code> gives them.</p>\n\
             </section>"
        );
    }
    if document.warning_codes.is_empty() {
        return writeln!(out, "<p class=\"lead\">No warning.</p>\n</section>");
    }
    writeln!(
        out,
        "<p class=\"lead\">What sections 2.1, 3, 4 and 6 and the appendix of the RFC warn \
         of, although the grammar accepts it: {} in {} of the {}.</p>",
        counted(document.warnings, "warning", "warnings"),
        grouped(document.warned),
        counted(document.valid, "valid input", "valid inputs")
    )?;
    let most = document
        .warning_codes
        .iter()
        .map(|w| w.inputs)
        .max()
        .unwrap_or(0);
    let bars: Vec<Bar> = document
        .warning_codes
        .iter()
        .map(|warning| Bar {
            label: warning.code.to_owned(),
            link: None,
            segments: vec![(warning.inputs, "warned")],
            note: format!(
                "{} ({})",
                counted(warning.inputs, "input", "inputs"),
                share(warning.inputs, document.valid)
            ),
        })
        .collect();
    let layout = Layout {
        label: 200,
        bar: 580,
        note: 180,
        row: 22,
    };
    out.push_str(&chart("warnings by code", &bars, most, layout));
    for warning in &document.warning_codes {
        writeln!(
            out,
            "<section class=\"warning\" data-code=\"{}\" data-inputs=\"{}\" \
             data-occurrences=\"{}\">",
            warning.code, warning.inputs, warning.occurrences
        )?;
        writeln!(
            out,
            "<h3><code>{}</code> · <span class=\"share\">{}</span> of valid inputs · {}, \
             {}</h3>",
            warning.code,
            share_html(warning.inputs, document.valid),
            counted(warning.inputs, "input", "inputs"),
            counted(warning.occurrences, "occurrence", "occurrences")
        )?;
        examples(out, &warning.examples)?;
        writeln!(out, "</section>")?;
    }
    writeln!(out, "</section>")
}

/// What the page leaves out, and how it was made.
fn footer(out: &mut String, document: &Document) -> std::fmt::Result {
    let limits = &document.limits;
    let passwords = if document.passwords_shown {
        "This page shows passwords as they were written (<code>--show-passwords</code>)."
    } else {
        "Passwords are shown as <code>*</code>: this page was made without \
         <code>--show-passwords</code>."
    };
    writeln!(
        out,
        "<footer>Every count is exact. The page is bounded whatever the number of inputs: \
         it tells apart the first {} causes and {} schemes met, shows the {} causes and {} \
         schemes with the most inputs, the first {} examples of each cause and warning, \
         and the first {} characters of each input. {} Characters that a terminal would \
         obey or show as nothing are escaped. The same summary is one JSON object with \
         <code>rfc1738 check --summary --format json</code>.</footer>",
        limits.causes_tracked,
        limits.schemes_tracked,
        limits.causes_shown,
        limits.schemes_shown,
        limits.examples,
        limits.input_characters,
        passwords
    )?;
    writeln!(out, "</main>\n</body>\n</html>")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The widths of DejaVu Sans at 12 px (rounded up to a tenth of a
    /// pixel), by the characters that have each: no character a chart's
    /// text may hold is estimated narrower than it is drawn there.
    #[test]
    fn no_character_is_estimated_narrower_than_dejavu_sans_draws_it() {
        let measured: [(f64, &str); 39] = [
            (3.3, "'"),
            (3.4, "ijl"),
            (3.6, "IJ"),
            (3.9, " ,."),
            (4.1, "/:;\\|"),
            (4.3, "f"),
            (4.4, "-"),
            (4.7, "()[]"),
            (4.8, "t\u{203a}"),
            (4.9, "!"),
            (5.0, "r"),
            (5.6, "\""),
            (6.0, "*_`"),
            (6.3, "sz"),
            (6.4, "?"),
            (6.6, "c"),
            (6.7, "L"),
            (7.0, "Fk"),
            (7.2, "vxy"),
            (7.3, "P"),
            (7.4, "TYaeo"),
            (7.6, "E"),
            (7.7, "$0123456789Sbdghnpqu{}"),
            (7.9, "K"),
            (8.3, "ABVXZ"),
            (8.4, "CR"),
            (8.8, "U"),
            (9.0, "N"),
            (9.1, "H"),
            (9.3, "DG"),
            (9.4, "&"),
            (9.5, "OQ"),
            (9.9, "w"),
            (10.1, "#+<=>^~"),
            (10.4, "M"),
            (11.5, "%"),
            (11.7, "m"),
            (11.9, "W"),
            (12.0, "@\u{2026}"),
        ];
        let mut seen = 0;
        for (width, chars) in measured {
            for c in chars.chars() {
                assert!(char_width(c) >= width, "{c:?}: {} < {width}", char_width(c));
                seen += 1;
            }
        }
        assert_eq!(seen, 95 + 2, "every printable ASCII character, › and …");
    }

    /// The colour the page's style gives `--name`, as sRGB from 0 to 1.
    fn colour(name: &str) -> [f64; 3] {
        let key = format!("--{name}: #");
        let at = STYLE.find(&key).expect(name) + key.len();
        let hex = &STYLE[at..at + 6];
        let channel = |i: usize| f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap()) / 255.0;
        [channel(0), channel(2), channel(4)]
    }

    /// sRGB from 0 to 1, linear.
    fn linear(rgb: [f64; 3]) -> [f64; 3] {
        rgb.map(|c| {
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        })
    }

    /// The contrast ratio of two colours, as WCAG 2 defines it.
    fn contrast(a: [f64; 3], b: [f64; 3]) -> f64 {
        let luminance = |rgb| {
            let [r, g, b] = linear(rgb);
            0.2126 * r + 0.7152 * g + 0.0722 * b
        };
        let (a, b) = (luminance(a), luminance(b));
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    #[test]
    fn text_and_bars_stand_out_from_the_page_and_its_panels() {
        let white = [1.0; 3];
        for text in ["ink", "muted", "valid", "invalid-ink", "warned-ink", "link"] {
            for (ground, on) in [("white", white), ("panel", colour("panel"))] {
                let ratio = contrast(colour(text), on);
                assert!(ratio >= 4.5, "--{text} on {ground}: {ratio:.2}");
            }
        }
        for bar in ["valid", "invalid", "warned", "long"] {
            let ratio = contrast(colour(bar), colour("panel"));
            assert!(ratio >= 3.0, "--{bar} on its track: {ratio:.2}");
        }
        // A link stands out from the page's text by more than its
        // underline (#1a5fb4, which it was, had 2.68:1), and from the notes
        // of its chart (in --muted, they had 1.19:1).
        let ratio = contrast(colour("link"), colour("ink"));
        assert!(ratio >= 3.0, "--link beside --ink: {ratio:.2}");
        let note = fill("svg text.count");
        let ratio = contrast(colour("link"), colour(note));
        assert!(
            ratio >= 3.0,
            "--link beside the charts' notes (--{note}): {ratio:.2}"
        );
    }

    /// The colour the page's style fills the SVG elements of `selector`
    /// with: the name of its variable.
    fn fill(selector: &str) -> &'static str {
        let key = format!("\n{selector} {{ fill: var(--");
        let at = STYLE.find(&key).expect(selector) + key.len();
        let end = STYLE[at..].find(')').expect(selector);
        &STYLE[at..at + end]
    }

    /// A colour as a reader without red cones (protanopia) or without green
    /// ones (deuteranopia) sees it: Viénot, Brettel and Mollon's
    /// simulation (1999), in linear sRGB, encoded again.
    fn seen_without(cones: &[[f64; 3]; 3], rgb: [f64; 3]) -> [f64; 3] {
        let [r, g, b] = linear(rgb);
        cones.map(|[x, y, z]| {
            let c = (x * r + y * g + z * b).clamp(0.0, 1.0);
            if c <= 0.003_130_8 {
                12.92 * c
            } else {
                1.055 * c.powf(1.0 / 2.4) - 0.055
            }
        })
    }

    #[test]
    fn valid_and_invalid_are_told_apart_without_telling_red_from_green() {
        const PROTANOPIA: [[f64; 3]; 3] = [
            [0.112_38, 0.887_62, 0.0],
            [0.112_38, 0.887_62, 0.0],
            [0.004_01, -0.004_01, 1.0],
        ];
        const DEUTERANOPIA: [[f64; 3]; 3] = [
            [0.292_75, 0.707_25, 0.0],
            [0.292_75, 0.707_25, 0.0],
            [-0.022_34, 0.022_34, 1.0],
        ];
        let distance = |a: [f64; 3], b: [f64; 3]| -> f64 {
            a.iter()
                .zip(b)
                .map(|(a, b)| (a - b).powi(2))
                .sum::<f64>()
                .sqrt()
        };
        // The green and red this page had were 0.21 and 0.13 apart so seen.
        for cones in [PROTANOPIA, DEUTERANOPIA] {
            let seen = |name| seen_without(&cones, colour(name));
            let apart = distance(seen("valid"), seen("invalid"));
            assert!(apart > 0.5, "{apart:.2}");
        }
    }

    #[test]
    fn a_text_that_fits_its_column_is_drawn_whole() {
        assert_eq!(fit("http", 140.0), None);
        assert_eq!(fit("", 0.0), None);
        let text = fitted_text("x=\"1\"", "a<b", 140.0);
        assert_eq!(text, "<text x=\"1\">a&lt;b</text>");
    }

    #[test]
    fn a_text_wider_than_its_column_is_cut_with_its_whole_in_a_tooltip() {
        // A scheme name of 32 characters, the longest told apart, in the
        // schemes' chart: its start was drawn outside the chart.
        let name = "abcdefghijklmnopqrstuvwxyz012345";
        let cut = fit(name, 140.0).expect("too wide");
        assert!(cut.ends_with('…') && name.starts_with(cut.trim_end_matches('…')));
        assert!(drawn_width(&cut) <= 140.0, "{cut}");
        assert!(cut.chars().count() > 12, "as much as fits: {cut}");
        let text = fitted_text("x=\"1\"", name, 140.0);
        assert_eq!(
            text,
            format!("<text x=\"1\"><title>{name}</title>{}</text>", escape(&cut))
        );
        // Wide characters cut sooner than narrow ones.
        let wide = fit(&"m".repeat(40), 140.0).expect("too wide");
        let narrow = fit(&"i".repeat(40), 140.0).expect("too wide");
        assert!(wide.chars().count() < narrow.chars().count());
    }
}
