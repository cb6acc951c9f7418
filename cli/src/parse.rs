//! `rfc1738 parse`: what each URL means, part by part (section 3).
//!
//! One record per input, in input order. JSON records have the members
//! `input`, `valid`, `rule`, then, for a valid URL, `scheme` (lower case),
//! `user`, `password` (decoded), `host`, `port` (the digits as written),
//! `effective_port` (a number), and one object named after the scheme with
//! its own parts (an nntp article, like a port, as written and as a
//! number); for an invalid one, `error`, as `check` writes it. Then the
//! input it is about ([`InputWhence`]).
//!
//! A line longer than `--max-line-bytes` is not parsed: its record says so,
//! with its file and line number ([`TooLong`]).
//!
//! Decoded values are JSON strings when their octets are UTF-8, and arrays of
//! byte values when they are not (`%FF` → `[255]`): nothing is lost or
//! replaced. The `input` of an invalid line that is not UTF-8 is written
//! with U+FFFD, as `check` writes it, and its bytes in `input_bytes`.

use std::borrow::Cow;
use std::fmt;
use std::io::Write as _;
use std::ops::Range;
use std::process::ExitCode;

use rfc1738::url::{
    Decoded, FtpCommand, FtpCommands, FtpUrl, GopherUrl, NewsUrl, Path, ProsperoUrl, WaisUrl,
    decode,
};
use rfc1738::visible::Visible;
use rfc1738::{Url, check_bytes};
use serde::Serialize;

use crate::batch::{self, Item, Line};
use crate::check::{ErrorRecord, input_members};
use crate::inputs;
use crate::output::{Output, Paint, Stop};
use crate::show;
use crate::summary::{self, Tally};
use crate::{Format, ParseArgs};

/// Decoded octets in a record, and the text of the URL they are decoded
/// from, by which the text format finds the passwords in them ([`Masks`]).
/// In a JSON record, the octets as the library's `serde` feature writes a
/// [`Decoded`]: a string when they are UTF-8, else an array of byte values.
#[derive(Serialize)]
#[serde(transparent)]
struct Octets<'a> {
    decoded: Decoded<'a>,
    /// The text decoded (`""` for octets the URL does not write: a gopher
    /// URL's default type, an FTP command's `TYPE`).
    #[serde(skip)]
    written: &'a str,
    /// Where its octets start among `decoded`: after an FTP command's verb
    /// and space.
    #[serde(skip)]
    at: usize,
}

impl<'a> Octets<'a> {
    /// `decoded`, decoded from `written`.
    fn new(decoded: Decoded<'a>, written: &'a str) -> Self {
        Octets {
            decoded,
            written,
            at: 0,
        }
    }

    /// `written`, decoded.
    fn of(written: &'a str) -> Self {
        Octets::new(decode(written), written)
    }
}

/// The record of a valid URL.
#[derive(Serialize)]
struct Valid<'a> {
    input: &'a str,
    valid: bool,
    rule: &'static str,
    scheme: String,
    /// Whether the URL's rule has a login (ftp, telnet, an other URL's
    /// `ip-schemepart`): the text format shows a user and a password only
    /// then, where JSON's members are `null`.
    #[serde(skip)]
    login: bool,
    user: Option<Octets<'a>>,
    password: Option<Octets<'a>>,
    host: Option<&'a str>,
    port: Option<&'a str>,
    effective_port: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    http: Option<Http<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ftp: Option<Ftp<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    gopher: Option<Gopher<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    news: Option<News<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nntp: Option<Nntp<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    wais: Option<Wais<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<File<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    prospero: Option<Prospero<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mailto: Option<Mailto<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    other: Option<Other<'a>>,
    /// What the URL fails to mean though it is valid, as the library's
    /// `Url::semantic_errors` decides it (`check` warns of the same): a
    /// port beyond 65535, an nntp article number beyond 64 bits, an FTP
    /// command refused for a decoded CR or LF, a Gopher request for a
    /// decoded TAB, CR or LF (section 6).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    semantic_errors: Vec<String>,
    /// Which input it is about: written in JSON, not the text format.
    #[serde(flatten)]
    whence: Option<InputWhence<'a>>,
}

/// Which input a record is about, in the members `check` ends its records
/// with ([`inputs::Whence`]), but for the stream's name: `input_file` (and
/// `input_file_bytes`), since a record's `file` is a file URL's parts.
#[derive(Clone, Copy)]
struct InputWhence<'a>(inputs::Whence<'a>);

impl Serialize for InputWhence<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut members = serializer.serialize_map(None)?;
        if let Some((file, line)) = self.0.file_line() {
            members.serialize_entry("input_file", file.name())?;
            if let Some(bytes) = file.bytes() {
                members.serialize_entry("input_file_bytes", bytes)?;
            }
            members.serialize_entry("line", &line)?;
        }
        if let Some(number) = self.0.argument_number() {
            members.serialize_entry("argument", &number)?;
        }
        members.end()
    }
}

/// An http URL's parts: its segments and search as the pieces their
/// unencoded `;`s separate (section 3.3 reserves `;` there: `a;b` is two
/// pieces, `a%3Bb` one).
#[derive(Serialize)]
struct Http<'a> {
    path_segments: Option<List<'a>>,
    search: Option<List<'a>>,
}

#[derive(Serialize)]
struct Ftp<'a> {
    path_segments: Option<List<'a>>,
    typecode: Option<String>,
    commands: Option<List<'a>>,
}

#[derive(Serialize)]
struct Gopher<'a> {
    #[serde(rename = "type")]
    gopher_type: Octets<'a>,
    selector: Octets<'a>,
    search: Option<Octets<'a>>,
    gopher_plus: Option<Octets<'a>>,
    request: Option<Octets<'a>>,
}

#[derive(Serialize)]
struct News<'a> {
    group: Option<&'a str>,
    article: Option<Octets<'a>>,
    all: bool,
}

/// An nntp URL's parts: the article as written, as a port is, and its
/// number (`None` beyond 64 bits: a semantic error).
#[derive(Serialize)]
struct Nntp<'a> {
    group: &'a str,
    article: Option<&'a str>,
    article_number: Option<u64>,
}

#[derive(Serialize)]
struct Wais<'a> {
    database: Octets<'a>,
    search: Option<Octets<'a>>,
    wtype: Option<Octets<'a>>,
    wpath: Option<Octets<'a>>,
}

/// A file URL's parts: its host (empty for none), whether that names "the
/// machine from which the URL is being interpreted" (section 3.10:
/// `FileUrl::is_local`), and its path's segments.
#[derive(Serialize)]
struct File<'a> {
    host: &'a str,
    local: bool,
    path_segments: List<'a>,
}

#[derive(Serialize)]
struct Field<'a> {
    name: Octets<'a>,
    value: Octets<'a>,
}

#[derive(Serialize)]
struct Prospero<'a> {
    hsoname: Octets<'a>,
    fields: Fields<'a>,
}

/// A list of decoded values in a record, made one at a time each time it
/// is written, never held whole: a URL of a million segments costs its
/// record no more memory than one segment.
#[derive(Clone)]
enum List<'a> {
    /// A path's segments.
    Segments(Path<'a>),
    /// An http path's segments, each a list of [`List::Pieces`].
    HttpSegments(Path<'a>),
    /// The pieces an http segment's or search's unencoded `;`s separate,
    /// each decoded.
    Pieces(&'a str),
    /// An ftp URL's commands, checked: their command lines; and its path,
    /// whose segments their arguments are decoded from.
    Commands(FtpCommands<'a>, Option<Path<'a>>),
}

/// One value of a [`List`]: decoded octets, or a list of its own.
enum Element<'a> {
    Octets(Octets<'a>),
    List(List<'a>),
}

impl Serialize for Element<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Element::Octets(octets) => octets.serialize(serializer),
            Element::List(list) => list.serialize(serializer),
        }
    }
}

impl fmt::Display for Shown<'_, '_, Element<'_>> {
    /// Octets quoted as [`Quoted`] writes them, a list as [`List`] does.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Element::Octets(octets) => Quoted(Some(octets), self.1).fmt(f),
            Element::List(list) => Shown(list, self.1).fmt(f),
        }
    }
}

impl<'a> List<'a> {
    /// Gives each value to `each`, in order, until it fails.
    fn each<E>(&self, mut each: impl FnMut(Element<'a>) -> Result<(), E>) -> Result<(), E> {
        let mut octets = |octets| each(Element::Octets(octets));
        match self {
            List::Segments(path) => path.segments().map(Octets::of).try_for_each(octets),
            List::HttpSegments(path) => path
                .segments()
                .try_for_each(|segment| each(Element::List(List::Pieces(segment)))),
            // Split, then decoded: a `%3B` stays inside its piece.
            List::Pieces(text) => text.split(';').map(Octets::of).try_for_each(octets),
            // A command line's bytes live while it is written. Each
            // argument but `TYPE`'s is a segment, in order: the `CWD`s',
            // then the name's.
            List::Commands(commands, path) => {
                let mut segments = path.map(|path| path.segments());
                commands.clone().try_for_each(|command| {
                    let written = match command {
                        FtpCommand::TypeA | FtpCommand::TypeI => None,
                        _ => segments.as_mut().and_then(Iterator::next),
                    };
                    octets(Octets {
                        decoded: command.to_bytes().into(),
                        written: written.unwrap_or_default(),
                        at: command.verb().len() + 1,
                    })
                })
            }
        }
    }
}

impl Serialize for List<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = serializer.serialize_seq(None)?;
        self.each(|value| seq.serialize_element(&value))?;
        seq.end()
    }
}

impl fmt::Display for Shown<'_, '_, List<'_>> {
    /// `[value, value]`, each as [`Element`] writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        let mut first = true;
        self.0.each(|value| {
            if !first {
                f.write_str(", ")?;
            }
            first = false;
            Shown(&value, self.1).fmt(f)
        })?;
        f.write_str("]")
    }
}

/// A prospero URL's fields, decoded one at a time as they are written.
#[derive(Clone, Copy)]
struct Fields<'a>(ProsperoUrl<'a>);

impl Serialize for Fields<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.fieldspecs().iter().map(|field| Field {
            name: Octets::new(field.name_decoded(), field.fieldname),
            value: Octets::new(field.value_decoded(), field.fieldvalue),
        }))
    }
}

#[derive(Serialize)]
struct Mailto<'a> {
    address: Octets<'a>,
}

#[derive(Serialize)]
struct Other<'a> {
    schemepart: &'a str,
    urlpath: Option<&'a str>,
}

/// The record of an invalid input.
#[derive(Serialize)]
struct Invalid<'a> {
    input: Cow<'a, str>,
    /// The input's bytes, when they are not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    input_bytes: Option<&'a [u8]>,
    valid: bool,
    rule: &'static str,
    error: ErrorRecord<'a>,
    #[serde(flatten)]
    whence: InputWhence<'a>,
}

/// The record of a valid URL; with `hide`, the passwords its decoded parts
/// hold ([`Masks`]), its semantic errors tell nothing of the password, nor,
/// when decoding writes a password the text does not
/// ([`rfc1738::decoded_passwords`]), of any octet they find.
fn valid<'a>(input: &'a str, url: &Url<'a>, hide: Option<&Masks<'_>>) -> Valid<'a> {
    let login = url.login();
    // Which decoded part such a password lies in is not traced back: the
    // octet of every error is hidden, on the safe side.
    let decoded = hide.is_some_and(|masks| !masks.hidden.spans().is_empty());
    let host = match url {
        Url::File(file) => Some(file.host().map_or("", |host| host.as_str())),
        _ => url.hostport().map(|hostport| hostport.host().as_str()),
    };
    let mut record = Valid {
        input,
        valid: true,
        rule: url.rule().name(),
        scheme: url.scheme().to_ascii_lowercase(),
        login: login.is_some(),
        user: login.and_then(|login| login.user()).map(Octets::of),
        password: login.and_then(|login| login.password()).map(Octets::of),
        host,
        port: url.port(),
        // A port beyond 65535 is a semantic error.
        effective_port: url.effective_port().unwrap_or(None),
        http: None,
        ftp: None,
        gopher: None,
        news: None,
        nntp: None,
        wais: None,
        file: None,
        prospero: None,
        mailto: None,
        other: None,
        whence: None,
        semantic_errors: url
            .semantic_errors()
            .into_iter()
            .map(|mut error| {
                if hide.is_some() {
                    error.hide_password();
                }
                if decoded {
                    error.hide_octet();
                }
                error.to_string()
            })
            .collect(),
    };
    scheme_record(&mut record, url);
    record
}

/// Fills the member of `record` named after the URL's scheme; a part the
/// URL fails to mean is `None` (its error is among the record's semantic
/// errors).
fn scheme_record<'a>(record: &mut Valid<'a>, url: &Url<'a>) {
    match url {
        Url::Http(http) => {
            record.http = Some(Http {
                path_segments: http.hpath().map(List::HttpSegments),
                search: http.search().map(List::Pieces),
            });
        }
        Url::Ftp(ftp) => record.ftp = Some(ftp_record(ftp)),
        Url::Gopher(gopher) => record.gopher = Some(gopher_record(gopher)),
        Url::News(news) => record.news = Some(news_record(news)),
        Url::Nntp(nntp) => {
            record.nntp = Some(Nntp {
                group: nntp.group(),
                article: nntp.article(),
                // A number beyond 64 bits is a semantic error.
                article_number: nntp.article_number().unwrap_or(None),
            });
        }
        Url::Telnet(_) => {}
        Url::Wais(wais) => record.wais = Some(wais_record(wais)),
        Url::File(file) => {
            record.file = Some(File {
                host: file.host().map_or("", |host| host.as_str()),
                local: file.is_local(),
                path_segments: List::Segments(file.fpath()),
            });
        }
        Url::Prospero(prospero) => {
            record.prospero = Some(Prospero {
                hsoname: Octets::new(prospero.hsoname(), prospero.ppath().as_str()),
                fields: Fields(*prospero),
            });
        }
        Url::Mailto(mailto) => {
            record.mailto = Some(Mailto {
                address: Octets::new(mailto.address(), mailto.encoded822addr()),
            });
        }
        Url::Other(other) => {
            record.other = Some(Other {
                schemepart: other.schemepart(),
                urlpath: other.ip_schemepart().and_then(|ip| ip.urlpath()),
            });
        }
    }
}

fn ftp_record<'a>(ftp: &FtpUrl<'a>) -> Ftp<'a> {
    Ftp {
        path_segments: ftp.fpath().map(List::Segments),
        typecode: ftp.typecode().map(|typecode| typecode.to_string()),
        commands: ftp
            .commands_iter(ftp.typecode())
            .ok()
            .map(|commands| List::Commands(commands, ftp.fpath())),
    }
}

fn gopher_record<'a>(gopher: &GopherUrl<'a>) -> Gopher<'a> {
    let text = gopher.as_str();
    let gtype = gopher.gtype().unwrap_or_default();
    // The selector, the search and the Gopher+ string end the URL, and the
    // request is what follows the type, decoded, then CRLF.
    let fields = offset_in(text, gtype).map_or("", |at| &text[at + gtype.len()..]);
    let request = gopher
        .request()
        .ok()
        .map(|request| Octets::new(request.into(), fields));
    Gopher {
        gopher_type: Octets::new(vec![gopher.gopher_type()].into(), gtype),
        selector: Octets::of(gopher.selector()),
        search: gopher.search().map(Octets::of),
        gopher_plus: gopher.gopher_plus_string().map(Octets::of),
        request,
    }
}

fn news_record<'a>(news: &NewsUrl<'a>) -> News<'a> {
    // The article ends the URL.
    let text = news.as_str();
    let article = |article: rfc1738::url::Article<'a>| {
        let written = offset_in(text, article.unique()).map_or("", |at| &text[at..]);
        Octets::new(article.message_id(), written)
    };
    News {
        group: news.group(),
        article: news.article().map(article),
        all: news.is_all(),
    }
}

fn wais_record<'a>(wais: &WaisUrl<'a>) -> Wais<'a> {
    Wais {
        database: Octets::of(wais.database()),
        search: wais.search().map(Octets::of),
        wtype: wais.wtype().map(Octets::of),
        wpath: wais.wpath().map(Octets::of),
    }
}

/// Runs the command: exit status 0 when every input is valid, 1 when one is
/// not, 2 on an I/O error or a line too long to parse.
pub fn run(args: &ParseArgs) -> ExitCode {
    let paint = Paint::stdout();
    let sources = inputs::sources(&args.urls, &args.files.files);
    let mut run = (Output::new(), Tally::default());
    let reading = inputs::read_each(
        &sources,
        &mut run,
        |url, name, number, (out, tally)| {
            let mut buffer = Vec::new();
            let line = Line::new(url.as_encoded_bytes());
            let mut counted = Tally::default();
            let origin = (name, 1, inputs::Whence::argument(number));
            record(args, &paint, origin, line, &mut buffer, &mut counted);
            batch::write_records(out, &buffer, counted, |counted| *tally += counted)
        },
        |stream, (out, tally)| parse_stream(args, &paint, stream, out, tally),
    );
    let (mut out, tally) = run;
    summary::End::inputs(&args.records, &sources).status(reading, &mut out, &tally)
}

/// Parses each line of a stream, on every core, writing records in order;
/// a read error comes back inside, a failed write outside.
fn parse_stream(
    args: &ParseArgs,
    paint: &Paint,
    stream: inputs::Stream,
    out: &mut Output,
    tally: &mut Tally,
) -> Result<Result<(), String>, Stop> {
    let max_line = args.lines.max_line();
    let (name, name_bytes, unreadable) = (stream.name, stream.name_bytes, stream.shown);
    let shown = rfc1738::visible::Visible::new(&name).to_string();
    let result = batch::stream(
        stream.reader,
        max_line,
        out,
        |number, item, buffer, tally| match item {
            Item::Line(line) => {
                let shown = usize::try_from(number).unwrap_or(usize::MAX);
                let file = inputs::FileMembers::new(&name, name_bytes.as_deref());
                let origin = (name.as_str(), shown, inputs::Whence::line(file, number));
                record(args, paint, origin, line, buffer, tally);
            }
            Item::TooLong => {
                tally.too_long += 1;
                let file = inputs::FileMembers::new(&name, name_bytes.as_deref());
                let place = (number, max_line);
                batch::too_long(args.records.format, (file, &shown), place, "parsed", buffer);
            }
        },
        |counted: Tally| *tally += counted,
    );
    Ok(result?.map_err(|error| format!("{unreadable}: {error}")))
}

/// Parses one input and appends its record to `buffer`; `origin` is the
/// name and line a diagnostic gives, and which input a JSON record says it
/// is.
fn record(
    args: &ParseArgs,
    paint: &Paint,
    origin: (&str, usize, inputs::Whence<'_>),
    input: Line<'_>,
    buffer: &mut Vec<u8>,
    tally: &mut Tally,
) {
    let parsed = match input {
        Line::Text(text) => rfc1738::parse(text).map(|url| (text, url)),
        // Not UTF-8, so not a URL: `check_bytes` says where.
        Line::Bytes(input) => match check_bytes(None, input) {
            Err(error) => Err(error),
            // `check_bytes` fails every input that is not UTF-8.
            Ok(_) => unreachable!("an input that is not UTF-8 is never valid"),
        },
    };
    match parsed {
        Ok((text, url)) => {
            tally.valid += 1;
            if args.records.quiet {
                return;
            }
            match args.records.format {
                // JSON is for programs: it keeps the password as it is.
                Format::Json => {
                    let record = Valid {
                        whence: Some(InputWhence(origin.2)),
                        ..valid(text, &url, None)
                    };
                    show::json_line(buffer, &record);
                }
                Format::Human => human_valid(buffer, text, &url, !args.records.show_passwords),
            }
        }
        Err(error) => {
            tally.invalid += 1;
            match args.records.format {
                Format::Json => {
                    let (text, bytes) = input_members(input);
                    let record = Invalid {
                        input: text,
                        input_bytes: bytes,
                        valid: false,
                        rule: error.rule().name(),
                        error: ErrorRecord::new(&error),
                        whence: InputWhence(origin.2),
                    };
                    show::json_line(buffer, &record);
                }
                Format::Human => {
                    let report = error
                        .diagnostic()
                        .origin(origin.0)
                        .first_line(origin.1)
                        .styled(paint.color)
                        .hide_password(!args.records.show_passwords);
                    let _ = writeln!(buffer, "{report}");
                }
            }
        }
    }
}

/// Appends the text record of `url`, parsed from `text`; with `hide`, its
/// passwords hidden: its own, and those written after a `//` further in
/// it. The decoded parts are decoded from the text, where no span shows
/// them, so a URL that holds a password written further shows none of
/// them: not even a copy of it with that password's characters as `*`,
/// whose parts would mean something else (a `%09` or a `;` masked in it
/// moves a gopher search or an http piece, a `%0A` masked hides an FTP
/// command's semantic error). The passwords that only the decoded parts
/// hold (`a%2F%2Fme:pw@h`) are hidden in them ([`Masks`]).
fn human_valid(buffer: &mut Vec<u8>, text: &str, url: &Url<'_>, hide: bool) {
    let password = url.password_span().filter(|_| hide);
    let hidden = match hide {
        true => show::Hidden::of(text, password.clone()),
        false => show::Hidden::default(),
    };
    if !hide || !holds_further_password(text, password.as_ref()) {
        let masks = Masks::new(text, hide, password.clone());
        let record = valid(text, url, Some(&masks).filter(|_| hide));
        text_record(buffer, &record, password, (&hidden, &masks));
        return;
    }
    let _ = writeln!(buffer, "{} ({})", show::part(text, 0, &hidden), url.rule());
    let parts = "hidden: a password is written in them (--show-passwords shows them)";
    line(buffer, "parts", parts);
    let errors = url.semantic_errors().len();
    if errors > 0 {
        line(
            buffer,
            "semantic errors",
            format_args!("{errors}, hidden with the parts"),
        );
    }
}

/// Whether `text`, a valid URL whose own password is at `own`, holds a
/// password written after a `//` further in it (`http://h/web/
/// ftp://me:pw@h/`).
fn holds_further_password(text: &str, own: Option<&Range<usize>>) -> bool {
    show::written(text).iter().any(|span| {
        own.is_none_or(|own| span.start < own.start || span.end > own.end) && !span.is_empty()
    })
}

/// The passwords that the decoded parts of a URL hold, its own and those
/// read from its decoded text ([`rfc1738::decoded_passwords`]), which the
/// text format hides in them; none with `--show-passwords`.
///
/// The decoded text starts after the URL's own `//` (after its scheme's
/// `:` when it has none): the URL's own login is the parser's, whose user
/// may hold a decoded `:` (`ftp://me%3Ax:pw@h/` has the user `me:x`,
/// shown, and the password `pw`), and a `//` decoded in a part starts an
/// authority of its own.
struct Masks<'a> {
    /// The URL's text.
    input: &'a str,
    /// The spans of it whose octets lie in those passwords.
    hidden: show::Hidden,
}

impl<'a> Masks<'a> {
    /// The passwords of the decoded parts of `input`, a valid URL whose own
    /// password is at `own`: those its decoded text holds, and the own
    /// one, where a part holds it, when they are to be hidden. A news
    /// article or a mail address is decoded whole, login and all
    /// (`news://me:pw@h`, whose password the grammar does not read as
    /// one); an otherurl's url-path holds the login of a URL written into
    /// it.
    fn new(input: &'a str, hide: bool, own: Option<Range<usize>>) -> Self {
        let hidden = match hide {
            true => {
                show::Hidden::from_spans(rfc1738::decoded_passwords(input).into_iter().chain(own))
            }
            false => show::Hidden::default(),
        };
        Masks { input, hidden }
    }

    /// The octets of `value` as shown, when a password meets it: the text
    /// it is decoded from, each character of the password's spans (an
    /// escape whole) written as `*`, then decoded, between the octets that
    /// come before and after that text (an FTP command's verb, a Gopher
    /// request's CR LF). A hidden part shows
    /// as many `*` as the URL's text does, and its octets, ASCII, tell
    /// neither how many escapes it holds nor whether they are UTF-8.
    /// `None` when no password meets it.
    fn masked(&self, value: &Octets<'_>) -> Option<Vec<u8>> {
        if self.hidden.spans().is_empty() {
            return None;
        }
        let start = offset_in(self.input, value.written)?;
        let written = value.written.as_bytes();
        let spans = self.hidden.within(start..start + written.len());
        if spans.is_empty() {
            return None;
        }
        let mut masked = written.to_vec();
        for span in spans {
            let span = whole_escapes(written, span);
            masked[span].fill(b'*');
        }
        // The octets around the decoded text stay: before it an FTP
        // command's verb, after it a Gopher request's CR LF.
        let all = value.decoded.as_bytes();
        let after = (value.at + decode(value.written).as_bytes().len()).min(all.len());
        let mut octets = all[..value.at.min(all.len())].to_vec();
        octets.extend_from_slice(decode(&String::from_utf8_lossy(&masked)).as_bytes());
        octets.extend_from_slice(&all[after..]);
        Some(octets)
    }
}

/// `span` of `written`, widened to the whole of an escape (`%` and two hex
/// digits) that it cuts at either end.
fn whole_escapes(written: &[u8], span: Range<usize>) -> Range<usize> {
    let escape_at = |at: usize| {
        written.get(at) == Some(&b'%')
            && written
                .get(at + 1..at + 3)
                .is_some_and(|hex| hex.iter().all(u8::is_ascii_hexdigit))
    };
    let start = (span.start.saturating_sub(2)..span.start)
        .find(|&at| escape_at(at))
        .unwrap_or(span.start);
    let end = (span.end.saturating_sub(2)..span.end)
        .find(|&at| escape_at(at) && at + 3 > span.end)
        .map_or(span.end, |at| at + 3);
    start..end.min(written.len())
}

/// Where `part` starts in `text`, when it is a slice of it (a part the
/// URL does not write, a default, is not).
fn offset_in(text: &str, part: &str) -> Option<usize> {
    let start = (part.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
    (start + part.len() <= text.len()).then_some(start)
}

/// A value of the text format, the passwords its [`Masks`] find in it
/// hidden.
struct Shown<'r, 'm, T>(&'r T, &'r Masks<'m>);

/// Decoded octets as the text format writes them: quoted, as
/// [`rfc1738::visible`] shows text, or as bytes (`b"\xff"`) when they are
/// not UTF-8 ([`show::Bytes`]); or `none`. The passwords its [`Masks`] find
/// in them are shown as [`Masks::masked`] writes them, a `*` for each
/// character of the text they are decoded from.
struct Quoted<'r, 'a, 'm>(Option<&'r Octets<'a>>, &'r Masks<'m>);

impl fmt::Display for Quoted<'_, '_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(value) = self.0 else {
            return f.write_str("none");
        };
        let masked = self.1.masked(value);
        let octets = masked.as_deref().unwrap_or(value.decoded.as_bytes());
        match std::str::from_utf8(octets) {
            Ok(text) => write!(f, "\"{}\"", Visible::new(text).quoted()),
            Err(_) => show::Bytes(octets).fmt(f),
        }
    }
}

/// A value written as it is, or `none`.
struct Plain<T>(Option<T>);

impl<T: fmt::Display> fmt::Display for Plain<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Some(value) => value.fmt(f),
            None => f.write_str("none"),
        }
    }
}

/// Appends one line of a text record: a part's name and its value, written
/// as it is made; an empty value (a file URL's empty host, an empty
/// url-path) as `""`, as a quoted value shows it, never as blank padding.
fn line(out: &mut Vec<u8>, name: &str, value: impl fmt::Display) {
    // Writing to a Vec does not fail.
    let _ = write!(out, "  {name:<15} ");
    let start = out.len();
    let _ = write!(out, "{value}");
    if out.len() == start {
        out.extend_from_slice(b"\"\"");
    }
    out.push(b'\n');
}

/// Appends the text record of a valid URL: the URL and its rule, then one
/// line per part; the password, when its span is given, hidden, the
/// passwords `hidden` (it, and those written further in the URL) in the
/// parts shown as written, and those its `masks` find in the decoded
/// parts.
fn text_record(
    out: &mut Vec<u8>,
    record: &Valid<'_>,
    password: Option<Range<usize>>,
    (hidden, masks): (&show::Hidden, &Masks<'_>),
) {
    // A valid URL is printable ASCII, and decoded values are written
    // escaped: nothing here can drive a terminal.
    let input = show::part(record.input, 0, hidden);
    let _ = writeln!(out, "{input} ({})", record.rule);
    login_lines(out, record, password.as_ref(), masks);
    let list = |list| listed(list, masks);
    if let Some(http) = &record.http {
        line(out, "path segments", list(&http.path_segments));
        line(out, "search", list(&http.search));
    }
    if let Some(ftp) = &record.ftp {
        line(out, "path segments", list(&ftp.path_segments));
        line(out, "typecode", Plain(ftp.typecode.as_ref()));
        line(out, "commands", list(&ftp.commands));
    }
    if let Some(gopher) = &record.gopher {
        line(out, "type", Quoted(Some(&gopher.gopher_type), masks));
        line(out, "selector", Quoted(Some(&gopher.selector), masks));
        line(out, "search", Quoted(gopher.search.as_ref(), masks));
        let plus = Quoted(gopher.gopher_plus.as_ref(), masks);
        line(out, "gopher+ string", plus);
        line(out, "request", Quoted(gopher.request.as_ref(), masks));
    }
    if let Some(news) = &record.news {
        line(out, "group", Plain(news.group));
        line(out, "article", Quoted(news.article.as_ref(), masks));
        line(out, "all groups", if news.all { "yes" } else { "no" });
    }
    if let Some(nntp) = &record.nntp {
        line(out, "group", nntp.group);
        line(out, "article", Plain(nntp.article));
        line(out, "article number", Plain(nntp.article_number));
    }
    other_parts(out, record, (hidden, masks));
    for error in &record.semantic_errors {
        line(out, "error", error);
    }
}

/// A list of the record, or `none`, as the text format writes it.
fn listed<'r, 'a, 'm>(
    list: &'r Option<List<'a>>,
    masks: &'r Masks<'m>,
) -> Plain<Shown<'r, 'm, List<'a>>> {
    Plain(list.as_ref().map(|list| Shown(list, masks)))
}

/// The lines of the parts every URL with a host has, after its scheme (a
/// user and a password only where its rule has a login); the password,
/// when its span is given, hidden, and the passwords `masks` find in the
/// user.
fn login_lines(
    out: &mut Vec<u8>,
    record: &Valid<'_>,
    password: Option<&Range<usize>>,
    masks: &Masks<'_>,
) {
    line(out, "scheme", &record.scheme);
    if record.host.is_none() {
        return;
    }
    if record.login {
        line(out, "user", Quoted(record.user.as_ref(), masks));
        match password {
            Some(span) if !span.is_empty() => {
                line(out, "password", "hidden (--show-passwords shows it)");
            }
            _ => line(out, "password", Quoted(record.password.as_ref(), masks)),
        }
    }
    line(out, "host", Plain(record.host));
    line(out, "port", Plain(record.port));
    line(out, "effective port", Plain(record.effective_port));
}

/// The lines of the parts of wais, file, prospero, mailto and other URLs;
/// the passwords `hidden` in a scheme-specific part hidden, and those
/// `masks` find in the decoded parts.
fn other_parts(
    out: &mut Vec<u8>,
    record: &Valid<'_>,
    (hidden, masks): (&show::Hidden, &Masks<'_>),
) {
    if let Some(wais) = &record.wais {
        line(out, "database", Quoted(Some(&wais.database), masks));
        line(out, "search", Quoted(wais.search.as_ref(), masks));
        line(out, "wtype", Quoted(wais.wtype.as_ref(), masks));
        line(out, "wpath", Quoted(wais.wpath.as_ref(), masks));
    }
    if let Some(file) = &record.file {
        line(out, "local", if file.local { "yes" } else { "no" });
        line(out, "path segments", Shown(&file.path_segments, masks));
    }
    if let Some(prospero) = &record.prospero {
        line(out, "hsoname", Quoted(Some(&prospero.hsoname), masks));
        for field in prospero.fields.0.fieldspecs().iter() {
            let name = Octets::new(field.name_decoded(), field.fieldname);
            let value = Octets::new(field.value_decoded(), field.fieldvalue);
            let (name, value) = (Quoted(Some(&name), masks), Quoted(Some(&value), masks));
            line(out, "field", format_args!("{name} = {value}"));
        }
    }
    if let Some(mailto) = &record.mailto {
        line(out, "address", Quoted(Some(&mailto.address), masks));
    }
    if let Some(other) = &record.other {
        // The scheme-specific part ends the URL, and may hold its password.
        let start = record.input.len() - other.schemepart.len();
        line(
            out,
            "schemepart",
            show::part(other.schemepart, start, hidden),
        );
        // So does the url-path, when there is one: hidden as the text is.
        match other.urlpath {
            Some(path) => {
                let start = record.input.len() - path.len();
                line(out, "url-path", show::part(path, start, hidden));
            }
            None => line(out, "url-path", Plain(None::<&str>)),
        }
    }
}
