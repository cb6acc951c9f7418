//! Compressed inputs: a stream that starts with the magic bytes of gzip
//! (`1f 8b`) or of a zstd frame (`28 b5 2f fd`, or a skippable frame's
//! `5? 2a 4d 18`) is decompressed as it is read, whatever its name; any
//! other stream is read as it is, a file named `.gz` or `.zst` included
//! (standard error notes it).
//!
//! Decompression streams: it holds the decoder's window (32 KiB for gzip,
//! at most [`ZSTD_MAX_WINDOW`] for zstd, whose frames say how much they
//! need) and a buffer, whatever the number of lines. A file of several gzip
//! members (`cat a.gz b.gz`) or several zstd frames is read whole. An error
//! in the compressed data, a truncated file among them, is an error of the
//! read, which says which line it was in.

use std::io::{self, BufRead, BufReader, Read};

use flate2::bufread::GzDecoder;
use ruzstd::decoding::errors::{FrameDecoderError, ReadFrameHeaderError};
use ruzstd::decoding::{BlockDecodingStrategy, FrameDecoder};

/// How a stream is compressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Not at all: read as it is.
    None,
    /// gzip (RFC 1952), one member or several.
    Gzip,
    /// zstd (RFC 8878), one frame or several.
    Zstd,
}

/// The magic bytes of a gzip member.
const GZIP: &[u8] = &[0x1f, 0x8b];

/// The magic number of a zstd frame, as it is written.
const ZSTD: &[u8] = &[0x28, 0xb5, 0x2f, 0xfd];

/// The magic number of a skippable zstd frame, written after its first
/// byte, which is any of `0x50` to `0x5f`.
const SKIPPABLE: &[u8] = &[0x2a, 0x4d, 0x18];

/// The largest window a zstd frame may ask for: 128 MiB, the limit of the
/// reference decoder (`zstd -d`) unless it is told otherwise. A frame that
/// asks for more is an error rather than an allocation.
pub const ZSTD_MAX_WINDOW: u64 = 128 << 20;

/// The size of the buffer the compressed bytes are read into.
const BUFFER: usize = 64 << 10;

impl Compression {
    /// What the first bytes of a stream (up to 4) say it is.
    fn of(start: &[u8]) -> Compression {
        if start.starts_with(GZIP) {
            Compression::Gzip
        } else if start.starts_with(ZSTD)
            || matches!(start, [0x50..=0x5f, rest @ ..] if rest.starts_with(SKIPPABLE))
        {
            Compression::Zstd
        } else {
            Compression::None
        }
    }

    /// Whether more bytes after `start` could make a magic number.
    fn undecided(start: &[u8]) -> bool {
        let prefix = |magic: &[u8]| start.len() < magic.len() && magic.starts_with(start);
        let skippable = match start {
            [] => true,
            [first, rest @ ..] => {
                (0x50..=0x5f).contains(first) && rest.len() < 3 && SKIPPABLE.starts_with(rest)
            }
        };
        prefix(GZIP) || prefix(ZSTD) || skippable
    }

    /// The format's name, as messages give it.
    pub fn name(self) -> &'static str {
        match self {
            Compression::None => "plain",
            Compression::Gzip => "gzip",
            Compression::Zstd => "zstd",
        }
    }
}

/// Reads the first bytes of `reader`: one read, and more only while what
/// was read may still be the start of a magic number, so that a line typed
/// at a terminal is not waited on.
fn peek(reader: &mut impl Read) -> io::Result<Vec<u8>> {
    let mut start = [0; 4];
    let mut filled = 0;
    while filled < start.len() && Compression::undecided(&start[..filled]) {
        match reader.read(&mut start[filled..]) {
            Ok(0) => break,
            Ok(read) => filled += read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    Ok(start[..filled].to_vec())
}

/// `reader`, decompressed when its first bytes say it is compressed. They
/// are looked at on the first read, not now: a run reads its input on a
/// thread of its own ([`crate::batch::ReadAhead`]), and waits for it in a
/// way SIGINT ends, where a wait here for the first bytes of a pipe would
/// outlast SIGINT until they came. `name` is the stream's, for the note
/// on a file named `.gz` or `.zst` that is not compressed ([`misnamed`]).
pub fn open(reader: Box<dyn Read + Send>, name: String) -> Box<dyn Read + Send> {
    Box::new(Sniffed {
        waiting: Some((reader, name)),
        open: None,
    })
}

/// A stream whose first bytes decide, on its first read, how it is read.
struct Sniffed {
    /// Before the first read: the stream, and its name.
    waiting: Option<(Box<dyn Read + Send>, String)>,
    /// After it: the stream as it is read, decompressed or not; `None`
    /// once its first bytes could not be read.
    open: Option<Box<dyn Read + Send>>,
}

impl Read for Sniffed {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        if let Some((reader, name)) = self.waiting.take() {
            let (reader, compression) = sniff(reader)?;
            if let Some(note) = misnamed(&name, compression) {
                crate::output::message(note);
            }
            self.open = Some(reader);
        }
        match &mut self.open {
            Some(reader) => reader.read(buffer),
            None => Ok(0),
        }
    }
}

/// `reader`, decompressed when its first bytes say it is compressed, and
/// how it was.
fn sniff(mut reader: Box<dyn Read + Send>) -> io::Result<(Box<dyn Read + Send>, Compression)> {
    let start = peek(&mut reader)?;
    let compression = Compression::of(&start);
    let whole = BufReader::with_capacity(BUFFER, io::Cursor::new(start).chain(reader));
    let reader: Box<dyn Read + Send> = match compression {
        Compression::None => Box::new(whole),
        Compression::Gzip => Box::new(Decoded::new(
            Gzip::Member(GzDecoder::new(whole)),
            compression,
        )),
        Compression::Zstd => Box::new(Decoded::new(Zstd::new(whole), compression)),
    };
    Ok((reader, compression))
}

/// The note for a file whose name says it is compressed when its bytes do
/// not: `None` when they agree.
pub fn misnamed(name: &str, compression: Compression) -> Option<String> {
    let named = if name.ends_with(".gz") {
        Compression::Gzip
    } else if name.ends_with(".zst") {
        Compression::Zstd
    } else {
        return None;
    };
    (compression == Compression::None).then(|| {
        format!(
            "note: {} does not start as {} data does: read as it is",
            rfc1738::visible::Visible::new(name),
            named.name()
        )
    })
}

/// A decompressed stream that counts its lines, so that an error in the
/// compressed data says which line it cut.
struct Decoded<R> {
    inner: R,
    compression: Compression,
    /// The line feeds read so far.
    line_feeds: u64,
}

impl<R: Read> Decoded<R> {
    fn new(inner: R, compression: Compression) -> Self {
        Decoded {
            inner,
            compression,
            line_feeds: 0,
        }
    }
}

impl<R: Read> Read for Decoded<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        match self.inner.read(buffer) {
            Ok(read) => {
                self.line_feeds += memchr::memchr_iter(b'\n', &buffer[..read]).count() as u64;
                Ok(read)
            }
            Err(error) if error.kind() == io::ErrorKind::Interrupted => Err(error),
            Err(error) => {
                let line = self.line_feeds + 1;
                let format = self.compression.name();
                let refused = error.get_ref().is_some_and(|inner| inner.is::<Refused>());
                let what = match error.kind() {
                    io::ErrorKind::UnexpectedEof => "stops short: the file is truncated",
                    _ if refused => "is refused",
                    _ => "is corrupt",
                };
                Err(io::Error::new(
                    error.kind(),
                    format!("line {line}: the {format} data {what} ({error})"),
                ))
            }
        }
    }
}

/// A gzip stream: its members, one after the other, each checksum checked.
/// flate2's `MultiGzDecoder` reads the same, but takes bytes after the last
/// member that are not another for a member whose header stops short, and
/// so calls a file with a few bytes of junk at its end truncated; here they
/// are told apart.
enum Gzip<R> {
    /// In a member.
    Member(GzDecoder<R>),
    /// After a member, before the next or the end.
    Between(R),
    /// After the last member, or after an error.
    End,
}

impl<R: BufRead> Read for Gzip<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        if buffer.is_empty() {
            return Ok(0);
        }
        loop {
            match std::mem::replace(self, Gzip::End) {
                Gzip::End => return Ok(0),
                Gzip::Member(mut member) => match member.read(buffer) {
                    // Read whole, its checksum checked.
                    Ok(0) => *self = Gzip::Between(member.into_inner()),
                    Err(error) if error.kind() != io::ErrorKind::Interrupted => return Err(error),
                    read => {
                        *self = Gzip::Member(member);
                        return read;
                    }
                },
                Gzip::Between(mut source) => {
                    let rest = match source.fill_buf() {
                        Ok(rest) => rest,
                        Err(error) if error.kind() == io::ErrorKind::Interrupted => {
                            *self = Gzip::Between(source);
                            return Err(error);
                        }
                        Err(error) => return Err(error),
                    };
                    if rest.is_empty() {
                        return Ok(0);
                    }
                    // A header that starts and is cut short is a truncation.
                    if !GZIP.starts_with(&rest[..rest.len().min(GZIP.len())]) {
                        return Err(io::Error::new(
                            io::ErrorKind::InvalidData,
                            "what follows its last member is not gzip data",
                        ));
                    }
                    *self = Gzip::Member(GzDecoder::new(source));
                }
            }
        }
    }
}

/// A zstd stream: its frames, one after the other, skippable frames
/// skipped, each frame's checksum checked when it has one.
struct Zstd<R> {
    source: R,
    frame: FrameDecoder,
    state: State,
}

/// Where a [`Zstd`] is.
#[derive(Debug)]
enum State {
    /// Before a frame, or at the end of the stream.
    Between,
    /// In a frame.
    Frame,
    /// In a frame the input stops in, or that does not decode: giving out
    /// what its blocks decoded to, then the error.
    Cut(io::Error),
    /// After the last frame, or after an error.
    End,
}

/// An empty raw block that ends a frame (RFC 8878, 3.1.1.2: `Last_Block`
/// set, `Block_Type` 0, `Block_Size` 0), then four bytes for the checksum
/// a frame may have after its last block.
const LAST_BLOCK: [u8; 7] = [0x01, 0x00, 0x00, 0, 0, 0, 0];

impl<R: BufRead> Zstd<R> {
    fn new(source: R) -> Self {
        let mut frame = FrameDecoder::new();
        frame.set_max_window_size(ZSTD_MAX_WINDOW);
        Zstd {
            source,
            frame,
            state: State::Between,
        }
    }

    /// Starts the next frame, skips a skippable one, or sees the end.
    fn next_frame(&mut self) -> io::Result<()> {
        let rest = self.source.fill_buf()?;
        if rest.is_empty() {
            self.state = State::End;
            return Ok(());
        }
        // A magic number that starts and is cut short is a truncation.
        if !starts_as_frame(rest) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                "what follows its last frame is not zstd data",
            ));
        }
        match self.frame.reset(&mut self.source) {
            Ok(()) => self.state = State::Frame,
            Err(FrameDecoderError::ReadFrameHeaderError(ReadFrameHeaderError::SkipFrame {
                length,
                ..
            })) => {
                let length = u64::from(length);
                let skipped = io::copy(&mut (&mut self.source).take(length), &mut io::sink())?;
                if skipped < length {
                    return Err(truncated("a skippable frame"));
                }
            }
            Err(error) => return Err(corrupt(error)),
        }
        Ok(())
    }

    /// Ends the frame the decoder stopped in after the last block it
    /// read, so that it gives out all it decoded: it holds back the last
    /// window of a frame (up to [`ZSTD_MAX_WINDOW`]) until the frame ends,
    /// and the lines in it would be lost with the error, which would then
    /// name a line up to a window before the place it is at. A block the
    /// input stops in leaves nothing in the decoder (a compressed block is
    /// read whole before it is decoded, a raw one is kept only once read
    /// whole), so what comes out of a truncated frame is the data of its
    /// whole blocks, as `zstd -d` writes it. A block that does not decode
    /// may leave the part it decoded, as `zstd -d` writes it too: corrupt
    /// data may decode to anything up to where it is found corrupt.
    /// Whether the frame could be ended.
    fn end_cut_frame(&mut self) -> bool {
        let strategy = BlockDecodingStrategy::UptoBlocks(1);
        matches!(
            self.frame.decode_blocks(&LAST_BLOCK[..], strategy),
            Ok(true)
        ) && self.frame.is_finished()
    }

    /// Checks the checksum of the frame just read whole, if it has one.
    fn frame_end(&mut self) -> io::Result<()> {
        self.state = State::Between;
        match (
            self.frame.get_checksum_from_data(),
            self.frame.get_calculated_checksum(),
        ) {
            (Some(written), Some(computed)) if written != computed => Err(io::Error::new(
                io::ErrorKind::InvalidData,
                "a frame's checksum does not match its content",
            )),
            _ => Ok(()),
        }
    }
}

/// Whether `rest` starts as a zstd frame or a skippable frame does, as far
/// as it goes.
fn starts_as_frame(rest: &[u8]) -> bool {
    let like = |bytes: &[u8], magic: &[u8]| bytes.iter().zip(magic).all(|(a, b)| a == b);
    match rest {
        [0x50..=0x5f, after @ ..] => like(after, SKIPPABLE),
        _ => like(rest, ZSTD),
    }
}

/// The error of compressed data that stops in the middle of `what`.
fn truncated(what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::UnexpectedEof,
        format!("the input ends in {what}"),
    )
}

/// Compressed data that is sound but asks for more than is read here: a
/// zstd frame's window above [`ZSTD_MAX_WINDOW`]. Its message says why.
#[derive(Debug)]
struct Refused(String);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refused {}

/// The error of compressed data the decoder cannot read. The decoder reads
/// the end of the input in the middle of a frame as an error of its own:
/// it is told apart as a truncation; and a frame whose window is larger
/// than [`ZSTD_MAX_WINDOW`] is no corrupt data but [`Refused`].
fn corrupt(error: FrameDecoderError) -> io::Error {
    if let FrameDecoderError::WindowSizeTooBig { requested, max } = error {
        let message = format!(
            "a frame asks for a window of {requested} bytes, more than the {max} read here, \
             the most `zstd -d` reads unless told `--long` or `--memory`"
        );
        return io::Error::new(io::ErrorKind::Unsupported, Refused(message));
    }
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(&error);
    while let Some(cause) = source {
        if let Some(io) = cause.downcast_ref::<io::Error>()
            && io.kind() == io::ErrorKind::UnexpectedEof
        {
            return truncated("a frame");
        }
        source = cause.source();
    }
    io::Error::new(io::ErrorKind::InvalidData, error.to_string())
}

impl<R: BufRead> Read for Zstd<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        if buffer.is_empty() {
            return Ok(0);
        }
        loop {
            match &self.state {
                State::End => return Ok(0),
                State::Between => {
                    let started = self.next_frame();
                    if started.is_err() {
                        self.state = State::End;
                    }
                    started?;
                }
                State::Frame => {
                    // What the frame decoded beyond the window it keeps,
                    // all of it once the frame is whole.
                    let read = self.frame.read(buffer)?;
                    if read > 0 {
                        return Ok(read);
                    }
                    if self.frame.is_finished() {
                        self.frame_end()?;
                        continue;
                    }
                    let strategy = BlockDecodingStrategy::UptoBlocks(1);
                    if let Err(error) = self.frame.decode_blocks(&mut self.source, strategy) {
                        let error = corrupt(error);
                        if self.end_cut_frame() {
                            self.state = State::Cut(error);
                            continue;
                        }
                        self.state = State::End;
                        return Err(error);
                    }
                }
                State::Cut(_) => {
                    let read = self.frame.read(buffer)?;
                    if read > 0 {
                        return Ok(read);
                    }
                    if let State::Cut(error) = std::mem::replace(&mut self.state, State::End) {
                        return Err(error);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    /// The lines `1` to `count`, each a URL.
    fn lines(count: usize) -> Vec<u8> {
        (1..=count)
            .flat_map(|i| format!("http://host{i}.dom/\n").into_bytes())
            .collect()
    }

    fn gzip(data: &[u8]) -> Vec<u8> {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        encoder.write_all(data).unwrap();
        encoder.finish().unwrap()
    }

    fn zstd(data: &[u8]) -> Vec<u8> {
        ruzstd::encoding::compress_to_vec(data, ruzstd::encoding::CompressionLevel::Fastest)
    }

    /// Everything `bytes` reads as, or the error that stopped it, and how
    /// it was compressed.
    fn read(bytes: Vec<u8>) -> (Result<Vec<u8>, String>, Compression) {
        let (mut reader, compression) = sniff(Box::new(io::Cursor::new(bytes))).unwrap();
        let mut out = Vec::new();
        let result = reader.read_to_end(&mut out).map_err(|e| e.to_string());
        (result.map(|_| out), compression)
    }

    #[test]
    fn magic_bytes_decide() {
        assert_eq!(Compression::of(b"\x1f\x8b\x08\x00"), Compression::Gzip);
        assert_eq!(Compression::of(b"\x28\xb5\x2f\xfd"), Compression::Zstd);
        assert_eq!(Compression::of(b"\x5a\x2a\x4d\x18"), Compression::Zstd);
        assert_eq!(Compression::of(b"\x60\x2a\x4d\x18"), Compression::None);
        assert_eq!(Compression::of(b"http"), Compression::None);
        assert_eq!(Compression::of(b"\x1f"), Compression::None);
        assert_eq!(Compression::of(b""), Compression::None);
        // A URL's first byte decides at once: no read waits for more.
        assert!(!Compression::undecided(b"h"));
        assert!(Compression::undecided(b"\x28\xb5"));
        assert!(Compression::undecided(b"\x55\x2a"));
        assert!(!Compression::undecided(b"\x55\x2b"));
    }

    #[test]
    fn gzip_and_zstd_read_as_the_text_they_hold() {
        let text = lines(50_000);
        assert_eq!(read(gzip(&text)), (Ok(text.clone()), Compression::Gzip));
        assert_eq!(read(zstd(&text)), (Ok(text.clone()), Compression::Zstd));
        assert_eq!(read(text.clone()), (Ok(text.clone()), Compression::None));
        // Empty, compressed or not.
        assert_eq!(read(gzip(b"")), (Ok(Vec::new()), Compression::Gzip));
        assert_eq!(read(zstd(b"")), (Ok(Vec::new()), Compression::Zstd));
        assert_eq!(read(Vec::new()), (Ok(Vec::new()), Compression::None));
    }

    #[test]
    fn several_members_and_frames_are_read_whole() {
        let (a, b) = (lines(1000), b"ftp://x/\nnews:y\n".to_vec());
        let mut members = gzip(&a);
        members.extend(gzip(&b));
        let both = [a.clone(), b.clone()].concat();
        assert_eq!(read(members).0, Ok(both.clone()));
        // zstd frames, a skippable frame between them and one first.
        let skippable = |first: u8| {
            let mut frame = vec![first, 0x2a, 0x4d, 0x18, 3, 0, 0, 0];
            frame.extend_from_slice(b"abc");
            frame
        };
        let frames = [skippable(0x50), zstd(&a), skippable(0x5f), zstd(&b)].concat();
        assert_eq!(read(frames), (Ok(both), Compression::Zstd));
    }

    #[test]
    fn a_truncated_stream_is_an_error_that_names_its_line() {
        let text = lines(20_000);
        for (compressed, name) in [(gzip(&text), "gzip"), (zstd(&text), "zstd")] {
            for cut in [compressed.len() / 2, compressed.len() - 3] {
                let (result, _) = read(compressed[..cut].to_vec());
                let error = result.expect_err(name);
                assert!(error.contains(&format!("the {name} data")), "{error}");
                assert!(error.contains("truncated"), "{name} cut at {cut}: {error}");
                // The line being read when the data stopped: past the
                // last one when only the gzip trailer is cut.
                assert!((1..=20_001).contains(&line_of(&error)), "{error}");
            }
        }
        // A skippable frame cut short.
        let (result, _) = read(vec![0x50, 0x2a, 0x4d, 0x18, 9, 0, 0, 0, b'a']);
        assert!(result.unwrap_err().contains("truncated"));
    }

    /// A zstd frame of `data` in raw blocks of `block` bytes, whose header
    /// asks for a window of 8 MiB (more than the data), with a checksum
    /// field or not; and where each block starts in it.
    fn raw_frame(data: &[u8], block: usize, checksum: bool) -> (Vec<u8>, Vec<usize>) {
        // Magic, the descriptor (bit 2: a checksum), the window descriptor
        // (exponent 13: 2^23 bytes).
        let mut frame = vec![0x28, 0xb5, 0x2f, 0xfd, u8::from(checksum) << 2, 13 << 3];
        let mut starts = Vec::new();
        let chunks: Vec<&[u8]> = data.chunks(block).collect();
        for (i, chunk) in chunks.iter().enumerate() {
            starts.push(frame.len());
            let header = (chunk.len() as u32) << 3 | u32::from(i + 1 == chunks.len());
            frame.extend_from_slice(&header.to_le_bytes()[..3]);
            frame.extend_from_slice(chunk);
        }
        if checksum {
            // Not the content's checksum: a frame read whole fails it.
            frame.extend_from_slice(&[0; 4]);
        }
        (frame, starts)
    }

    /// The line a read error names.
    fn line_of(error: &str) -> usize {
        error
            .strip_prefix("line ")
            .and_then(|rest| rest.split(':').next())
            .and_then(|number| number.parse().ok())
            .unwrap_or_else(|| panic!("{error}"))
    }

    #[test]
    fn a_zstd_frame_cut_short_or_corrupt_gives_out_every_whole_block_first() {
        let text = lines(20_000);
        let block = 50_000;
        for checksum in [false, true] {
            let (frame, starts) = raw_frame(&text, block, checksum);
            let whole = read(frame.clone()).0;
            if checksum {
                assert!(whole.unwrap_err().contains("checksum does not match"));
            } else {
                assert_eq!(whole.as_deref(), Ok(&text[..]));
            }
            // Cut in a block's content, in its header, right at its start;
            // and two bytes before the end: in the checksum, all blocks
            // whole, or in the last block's content.
            let last = if checksum {
                starts.len()
            } else {
                starts.len() - 1
            };
            for (whole, cut) in [
                (3, starts[3] + 1000),
                (5, starts[5] + 2),
                (7, starts[7]),
                (last, frame.len() - 2),
            ] {
                let (out, error) = read_cut(&frame[..cut]);
                let kept = (whole * block).min(text.len());
                assert_eq!(out, text[..kept], "cut at {cut}, checksum {checksum}");
                assert!(error.contains("truncated"), "{error}");
                let line_feeds = memchr::memchr_iter(b'\n', &out).count();
                assert_eq!(line_of(&error), line_feeds + 1, "{error}");
            }
        }
        // A block that does not decode (its header says a reserved type):
        // the blocks before it are given out, then the error.
        let (mut frame, starts) = raw_frame(&text, block, false);
        frame[starts[4]] |= 0b110;
        let (out, error) = read_cut(&frame);
        assert_eq!(out, text[..4 * block]);
        assert!(error.contains("the zstd data is corrupt"), "{error}");
        let line_feeds = memchr::memchr_iter(b'\n', &out).count();
        assert_eq!(line_of(&error), line_feeds + 1, "{error}");
        // Compressed blocks: wherever the cut, what is given out is the
        // text's start, nothing of the block cut short.
        let compressed = zstd(&text);
        for cut in (20..compressed.len()).step_by(997) {
            let (out, error) = read_cut(&compressed[..cut]);
            assert!(text.starts_with(&out), "cut at {cut}");
            assert!(error.contains("truncated"), "{error}");
        }
    }

    /// What `bytes`, which stop short or are corrupt, read as before the
    /// error, and the error.
    fn read_cut(bytes: &[u8]) -> (Vec<u8>, String) {
        let (mut reader, _) = sniff(Box::new(io::Cursor::new(bytes.to_vec()))).unwrap();
        let mut out = Vec::new();
        let error = reader.read_to_end(&mut out).unwrap_err().to_string();
        (out, error)
    }

    /// A reader that is interrupted before every read it answers.
    struct Interrupting<R> {
        inner: R,
        interrupt: bool,
    }

    impl<R: Read> Read for Interrupting<R> {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            self.interrupt = !self.interrupt;
            if self.interrupt {
                return Err(io::ErrorKind::Interrupted.into());
            }
            self.inner.read(buffer)
        }
    }

    #[test]
    fn an_interrupted_read_loses_nothing() {
        let (a, b) = (lines(300), lines(7));
        let members = [gzip(&a), gzip(b""), gzip(&b)].concat();
        // Small buffers, so that the reads between members are interrupted.
        for capacity in [1, 2, 7, 64] {
            let source = Interrupting {
                inner: io::Cursor::new(members.clone()),
                interrupt: false,
            };
            let mut reader =
                Gzip::Member(GzDecoder::new(BufReader::with_capacity(capacity, source)));
            let mut out = Vec::new();
            reader.read_to_end(&mut out).unwrap();
            assert_eq!(out, [a.clone(), b.clone()].concat(), "capacity {capacity}");
        }
    }

    #[test]
    fn corrupt_data_is_an_error() {
        let text = lines(5000);
        let mut broken = gzip(&text);
        let middle = broken.len() / 2;
        broken[middle] ^= 0xff;
        broken[middle + 1] ^= 0x55;
        assert!(read(broken).0.is_err());
        // Bytes after the last member that are not another.
        // A few bytes of them, too few for a member's header, are not a
        // truncation; nor are more. Bytes that start as a member's header
        // and do not go on as one are a member that is corrupt.
        for junk in [
            &b"junk"[..],
            b"not gzip data at all",
            b"\x1f\x8bxxxxxxxxxxxx",
        ] {
            let mut trailing = gzip(&text);
            trailing.extend_from_slice(junk);
            let error = read(trailing).0.unwrap_err();
            assert!(error.contains("the gzip data is corrupt"), "{error}");
            assert!(!error.contains("truncated"), "{error}");
        }
        let mut trailing = gzip(&text);
        trailing.extend_from_slice(b"junk");
        let error = read(trailing).0.unwrap_err();
        assert!(error.contains("line 5001:"), "{error}");
        assert!(
            error.contains("what follows its last member is not gzip data"),
            "{error}"
        );
        // A member's header cut short is a truncation.
        let mut trailing = gzip(&text);
        trailing.extend_from_slice(b"\x1f\x8b\x08");
        assert!(read(trailing).0.unwrap_err().contains("truncated"));
        // zstd data broken anywhere reads as an error of the zstd data (or,
        // where the damage decodes, as whatever it decodes to), never a
        // panic.
        let compressed = zstd(&text);
        for at in (4..compressed.len()).step_by(61) {
            let mut broken = compressed.clone();
            broken[at] ^= 0xa5;
            if let Err(error) = read(broken).0 {
                assert!(error.contains("the zstd data"), "at {at}: {error}");
            }
        }
        // The same for zstd: bytes after the last frame that start no frame
        // are corrupt, the start of a magic number a truncation.
        for junk in [&b"not zstd"[..], b"ab", b"\x28\xb5junk", b"\x5a\x2ajunk"] {
            let mut trailing = zstd(&text);
            trailing.extend_from_slice(junk);
            let error = read(trailing).0.unwrap_err();
            assert!(error.contains("line 5001:"), "{error}");
            assert!(
                error.contains("what follows its last frame is not zstd data"),
                "{error}"
            );
        }
        for start in [&b"\x28"[..], b"\x28\xb5\x2f", b"\x5a\x2a\x4d"] {
            let mut trailing = zstd(&text);
            trailing.extend_from_slice(start);
            assert!(read(trailing).0.unwrap_err().contains("truncated"));
        }
    }

    #[test]
    fn a_zstd_frame_that_asks_for_a_huge_window_is_refused() {
        // The frame header: magic, a descriptor without a content size,
        // and a window descriptor asking for 1 GiB (exponent 20, 2^30).
        let frame = [0x28, 0xb5, 0x2f, 0xfd, 0x00, 20 << 3, 0, 0, 0];
        let error = read(frame.to_vec()).0.unwrap_err();
        // Refused, as `zstd -d` refuses it: the data is not corrupt.
        assert!(error.contains("the zstd data is refused"), "{error}");
        assert!(
            error.contains("a window of 1073741824 bytes, more than the 134217728"),
            "{error}"
        );
    }

    #[test]
    fn a_name_that_says_compressed_over_plain_bytes_is_noted() {
        assert!(misnamed("urls.gz", Compression::None).is_some());
        assert!(misnamed("urls.zst", Compression::None).is_some());
        assert!(misnamed("urls.gz", Compression::Gzip).is_none());
        // Compressed bytes under another name are read without a word.
        assert!(misnamed("urls.txt", Compression::Gzip).is_none());
        assert!(misnamed("urls.txt", Compression::None).is_none());
        let note = misnamed("a\u{1b}b.gz", Compression::None).unwrap();
        assert!(note.contains("a\\u{1b}b.gz"), "{note}");
    }
}
