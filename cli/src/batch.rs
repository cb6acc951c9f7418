//! Batch mode: a stream of lines checked on every core, results in input
//! order, memory bounded by the block size and the longest line.
//!
//! The input is read in blocks of whole lines, by a thread of its own that
//! stays up to [`AHEAD`] reads ahead ([`ReadAhead`]). Each block is cut into
//! units of about [`UNIT`] bytes at line boundaries; the units are formatted
//! in parallel (rayon), each into its own buffer, and the buffers are written
//! in order before the next block is taken. Nothing depends on the number of
//! lines: the input buffer, the read-ahead's chunks and the units' output
//! buffers are reused for every block, and a line longer than a block grows
//! the input buffer to less than twice that line's length.

use std::io::{self, Read};
use std::sync::mpsc::{Receiver, SyncSender, TryRecvError, sync_channel};
use std::thread;

use rayon::prelude::*;

/// How many bytes of input are read at once (more when one line is longer).
const BLOCK: usize = 4 << 20;

/// The size of the units formatted in parallel.
const UNIT: usize = 64 << 10;

/// Reads a byte stream as blocks of whole lines.
///
/// The buffer is kept between blocks and only grows (doubling) when a line
/// does not fit, so every byte is read, searched and moved a bounded number
/// of times, however long its line: zero-filling a fresh buffer for every
/// read would cost time proportional to the line for each read of a pipe's
/// 64 KiB, quadratic in the line's length.
pub struct Blocks<R> {
    reader: R,
    /// Initialized bytes: the lines of the last block, then `carry`.
    buffer: Vec<u8>,
    /// What followed the last line feed of the last block.
    carry: std::ops::Range<usize>,
    done: bool,
}

/// A reader that can say whether a read would come back without waiting.
pub trait Ready: Read {
    /// Whether bytes, the end of the input or an error are there to be read
    /// at once: when not, a read would wait for the writer.
    fn ready(&mut self) -> bool;
}

impl<R: Ready> Blocks<R> {
    /// Blocks of the lines of `reader`.
    pub fn new(reader: R) -> Self {
        Blocks {
            reader,
            buffer: Vec::new(),
            carry: 0..0,
            done: false,
        }
    }

    /// The next whole lines (each with its line feed, except the input's
    /// last line when the input does not end with one), or `None` at the end
    /// of the input.
    ///
    /// Once a block holds a whole line, it ends as soon as the input has
    /// nothing more ready: a line is answered before the next read that
    /// would wait for the writer, however the writer cuts its writes (lines
    /// typed at a terminal, or sent in pipe-sized writes by a writer that
    /// waits for their answers). While more is ready (a writer that is ahead
    /// of us), reading goes on until the block is [`BLOCK`] bytes, so that a
    /// pipe gives blocks big enough for every core.
    pub fn next_block(&mut self) -> io::Result<Option<&[u8]>> {
        let carried = self.carry.len();
        self.buffer.copy_within(self.carry.clone(), 0);
        self.carry = 0..0;
        let mut filled = carried;
        // Where the last line feed read so far ends, if any.
        let mut lines_end = None;
        while !self.done {
            if lines_end.is_some() && (filled >= BLOCK || !self.reader.ready()) {
                break;
            }
            if filled == self.buffer.len() {
                let grown = (filled + BLOCK).max(2 * filled);
                self.buffer.resize(grown, 0);
            }
            let read = read_some(&mut self.reader, &mut self.buffer[filled..])?;
            if read == 0 {
                self.done = true;
                break;
            }
            // A read fills at most the buffer past `filled`: `fresh` is in it.
            let fresh = filled..filled + read;
            filled += read;
            if let Some(last) = memchr::memrchr(b'\n', &self.buffer[fresh.clone()]) {
                lines_end = Some(fresh.start + last + 1);
            }
        }
        // At the end of the input, the last line goes without a line feed.
        let end = if self.done {
            filled
        } else {
            lines_end.unwrap_or(filled)
        };
        self.carry = end..filled;
        Ok((end > 0).then(|| &self.buffer[..end]))
    }
}

/// How many bytes the read-ahead thread asks for at once.
const CHUNK: usize = 256 << 10;

/// How many chunks may wait, read but not yet taken: the read-ahead.
const AHEAD: usize = 16;

/// A reader that reads its input on a thread of its own, ahead of its
/// consumer: the next block comes in from a pipe or a disk while the current
/// one is checked on every core, rather than while they wait.
///
/// Each read of the input comes back as a read of this reader (of no more
/// bytes than the input gave, so that [`Blocks`] still answers lines typed
/// at a terminal at once). An error of the input comes back as the error of
/// a read, after what was read before it; the end of the input as a read of
/// 0 bytes. The thread stops when the input ends, fails or when this reader
/// is dropped and its next read is done.
pub struct ReadAhead {
    /// Chunks read (with how many of their bytes were read), or the error.
    chunks: Receiver<io::Result<(Vec<u8>, usize)>>,
    /// What [`Ready::ready`] took from `chunks` to see that it was there,
    /// for the next read.
    waiting: Option<io::Result<(Vec<u8>, usize)>>,
    /// Chunks taken, back to the thread to read into again.
    spare: SyncSender<Vec<u8>>,
    current: Vec<u8>,
    /// How many bytes of `current` were read, and how many taken.
    len: usize,
    at: usize,
}

impl ReadAhead {
    /// Starts reading `input` on a new thread.
    pub fn spawn<R: Read + Send + 'static>(mut input: R) -> Self {
        let (send, chunks) = sync_channel(AHEAD);
        let (spare, spares) = sync_channel::<Vec<u8>>(AHEAD + 2);
        // Detached: if the consumer stops early while the thread waits on a
        // read (a terminal), the process does not wait for it.
        thread::spawn(move || {
            loop {
                // A chunk keeps its length: zeroed once, then read into again.
                let mut chunk = spares.try_recv().unwrap_or_else(|_| vec![0; CHUNK]);
                match read_some(&mut input, &mut chunk) {
                    Ok(0) => return,
                    Ok(n) => {
                        if send.send(Ok((chunk, n))).is_err() {
                            return;
                        }
                    }
                    Err(error) => {
                        let _ = send.send(Err(error));
                        return;
                    }
                }
            }
        });
        ReadAhead {
            chunks,
            waiting: None,
            spare,
            current: Vec::new(),
            len: 0,
            at: 0,
        }
    }
}

impl Read for ReadAhead {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        if buffer.is_empty() {
            return Ok(0);
        }
        if self.at == self.len {
            let taken = std::mem::take(&mut self.current);
            if !taken.is_empty() {
                // The thread may have ended, or have spares enough: then
                // the chunk is freed.
                let _ = self.spare.try_send(taken);
            }
            let next = match self.waiting.take() {
                Some(waiting) => Ok(waiting),
                None => self.chunks.recv(),
            };
            match next {
                Ok(Ok((chunk, len))) => {
                    self.current = chunk;
                    self.len = len;
                    self.at = 0;
                }
                Ok(Err(error)) => return Err(error),
                // The thread ended after the input's last byte.
                Err(_) => return Ok(0),
            }
        }
        let n = (self.len - self.at).min(buffer.len());
        buffer[..n].copy_from_slice(&self.current[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

impl Ready for ReadAhead {
    fn ready(&mut self) -> bool {
        if self.at < self.len || self.waiting.is_some() {
            return true;
        }
        match self.chunks.try_recv() {
            Ok(next) => {
                self.waiting = Some(next);
                true
            }
            Err(TryRecvError::Empty) => false,
            // The thread ended after the input's last byte: a read gives
            // the end at once.
            Err(TryRecvError::Disconnected) => true,
        }
    }
}

/// Reads once, retrying on interruption.
fn read_some(reader: &mut impl Read, buffer: &mut [u8]) -> io::Result<usize> {
    loop {
        match reader.read(buffer) {
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            result => return result,
        }
    }
}

/// The lines of a block, as every command that reads lines cuts them: a
/// line ends at a line feed or at the end of the input, and a carriage
/// return right before a line feed belongs to the line ending (CR LF), so
/// neither is part of the line. Any other carriage return is part of the
/// line, the last one of an input that ends without a line feed included
/// (as `str::lines` reads it): nothing but a line ending is dropped.
pub fn lines(block: &[u8]) -> impl Iterator<Item = &[u8]> {
    // An empty block has no lines; a block of one line feed has one, empty.
    let body = block.strip_suffix(b"\n").unwrap_or(block);
    // The last line has a line feed after it only when the block ends with
    // one; every other line has one.
    let last_ended = body.len() < block.len();
    let ends = (!block.is_empty())
        .then(|| memchr::memchr_iter(b'\n', body).chain(std::iter::once(body.len())));
    // Line feeds are found with memchr's vector search: a byte loop took
    // longer than checking the URL the line holds.
    let mut start = 0;
    ends.into_iter().flatten().map(move |end| {
        // `end` is a line feed of `body` after `start`, or its end.
        let line = &body[start..end];
        start = end + 1;
        if end < body.len() || last_ended {
            line.strip_suffix(b"\r").unwrap_or(line)
        } else {
            line
        }
    })
}

/// The lines of a block that is UTF-8, as [`lines`] cuts them.
fn text_lines(block: &str) -> impl Iterator<Item = &str> {
    // Cut as bytes (`str::split` costs more per line than a URL's check
    // takes to read it), then taken from the text where each line lies.
    let base = block.as_ptr() as usize;
    lines(block.as_bytes()).map(move |line| {
        let start = line.as_ptr() as usize - base;
        // A line starts after a line feed and ends before a line feed or a
        // carriage return, or at an end of the block: char boundaries.
        &block[start..start + line.len()]
    })
}

/// An input line: its text when it is UTF-8, else its bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line<'a> {
    /// A line that is UTF-8.
    Text(&'a str),
    /// A line that is not.
    Bytes(&'a [u8]),
}

impl<'a> Line<'a> {
    /// The line of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        std::str::from_utf8(bytes).map_or(Line::Bytes(bytes), Line::Text)
    }

    /// The line's bytes, as read.
    pub fn bytes(self) -> &'a [u8] {
        match self {
            Line::Text(text) => text.as_bytes(),
            Line::Bytes(bytes) => bytes,
        }
    }
}

/// Formats blocks of lines on every core, into output buffers it keeps
/// from one block to the next.
///
/// Fresh buffers for every block would cost a page fault for each page of
/// output the first time it is written (the output is about three times the
/// input in JSON): a tenth of a batch check's time.
#[derive(Default)]
pub struct Formatter {
    /// Buffers written out, ready for the next block.
    spare: Vec<Vec<u8>>,
}

/// The room a unit's output buffer starts with: a JSON record is about three
/// times its input, so one reservation serves most units.
const ROOM: usize = 4 * UNIT;

/// The largest buffer kept for the next block. A unit's output often
/// outgrows [`ROOM`] (diagnostics are long) and is kept, but one grown by a
/// very long line is freed: what is kept stays within a few times the block
/// size, about what one block's outputs take anyway.
const KEEP: usize = 4 * ROOM;

impl Formatter {
    /// A formatter with no buffers yet.
    pub fn new() -> Self {
        Formatter::default()
    }

    /// Formats every line of `block` with `format` (its 1-based line number
    /// counting from `first_line`, the line as [`lines`] cuts it, the output
    /// buffer, what the unit gathers), on every core, then hands each unit's
    /// output and what it gathered to `write`, in order, stopping at its
    /// first error.
    pub fn format_block<T, F, W, E>(
        &mut self,
        block: &[u8],
        first_line: u64,
        format: F,
        mut write: W,
    ) -> Result<(), E>
    where
        T: Default + Send,
        F: Fn(u64, Line<'_>, &mut Vec<u8>, &mut T) + Sync,
        W: FnMut(&[u8], T) -> Result<(), E>,
    {
        let units = units(block);
        // The line number each unit starts at.
        let counts: Vec<u64> = units
            .par_iter()
            .map(|unit| count_line_feeds(unit))
            .collect();
        let starts: Vec<u64> = counts
            .iter()
            .scan(first_line, |next, count| {
                let start = *next;
                *next += count;
                Some(start)
            })
            .collect();
        let buffers: Vec<Vec<u8>> = units
            .iter()
            .map(|_| self.spare.pop().unwrap_or_default())
            .collect();
        let outputs: Vec<(Vec<u8>, T)> = units
            .par_iter()
            .zip(starts)
            .zip(buffers)
            .map(|((unit, start), mut out)| {
                out.clear();
                out.reserve(ROOM.max(unit.len() * 4));
                let mut gathered = T::default();
                // Most units are UTF-8 throughout: checked once, not line by
                // line (a tenth of the time a URL takes to check).
                match std::str::from_utf8(unit) {
                    Ok(text) => {
                        for (number, line) in (start..).zip(text_lines(text)) {
                            format(number, Line::Text(line), &mut out, &mut gathered);
                        }
                    }
                    Err(_) => {
                        for (number, line) in (start..).zip(lines(unit)) {
                            format(number, Line::new(line), &mut out, &mut gathered);
                        }
                    }
                }
                (out, gathered)
            })
            .collect();
        for (out, gathered) in outputs {
            write(&out, gathered)?;
            if out.capacity() <= KEEP {
                self.spare.push(out);
            }
        }
        Ok(())
    }
}

/// The number of line feeds in `bytes`: sums of byte comparisons in 8-bit
/// counters (which the compiler vectorizes), 255 bytes at a time so that
/// they cannot overflow.
fn count_line_feeds(bytes: &[u8]) -> u64 {
    bytes
        .chunks(255)
        .map(|chunk| {
            let count = chunk
                .iter()
                .fold(0u8, |count, &b| count.wrapping_add(u8::from(b == b'\n')));
            u64::from(count)
        })
        .sum()
}

/// `block` cut into units of about [`UNIT`] bytes, each ending after a line
/// feed (the last one at the end of the block).
fn units(block: &[u8]) -> Vec<&[u8]> {
    let mut units = Vec::with_capacity(block.len() / UNIT + 1);
    let mut rest = block;
    while rest.len() > UNIT {
        let Some(newline) = rest[UNIT..].iter().position(|&b| b == b'\n') else {
            break;
        };
        // `UNIT + newline` is a line feed of `rest`: the split is within it.
        let (unit, after) = rest.split_at(UNIT + newline + 1);
        units.push(unit);
        rest = after;
    }
    if !rest.is_empty() {
        units.push(rest);
    }
    units
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that hands out at most `step` bytes per read: a writer that
    /// is `ahead` (every read comes back at once), or one that waits after
    /// each write (no read is ready before it is asked for).
    struct Trickle<'a> {
        data: &'a [u8],
        step: usize,
        ahead: bool,
    }

    impl<'a> Trickle<'a> {
        /// A writer that is ahead.
        fn new(data: &'a [u8], step: usize) -> Self {
            Trickle {
                data,
                step,
                ahead: true,
            }
        }

        /// A writer that waits after each write.
        fn waiting(data: &'a [u8], step: usize) -> Self {
            Trickle {
                data,
                step,
                ahead: false,
            }
        }
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(buffer.len()).min(self.data.len());
            buffer[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    impl Ready for Trickle<'_> {
        fn ready(&mut self) -> bool {
            self.ahead
        }
    }

    /// The lines of `data` as blocks of it read `step` bytes at a time cut
    /// them, the same whether the writer is ahead or waits.
    fn all_lines(data: &[u8], step: usize) -> Vec<Vec<u8>> {
        let mut each = [true, false].map(|ahead| {
            let mut blocks = Blocks::new(Trickle { data, step, ahead });
            let mut found = Vec::new();
            while let Some(block) = blocks.next_block().unwrap() {
                assert!(block.ends_with(b"\n") || !data.ends_with(b"\n"));
                found.extend(lines(block).map(<[u8]>::to_vec));
            }
            found
        });
        assert_eq!(each[0], each[1], "step {step}");
        std::mem::take(&mut each[0])
    }

    /// A reader that gives `data` `step` bytes at a time, then fails.
    struct Failing {
        data: Trickle<'static>,
    }

    impl Read for Failing {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            match self.data.read(buffer)? {
                0 => Err(io::Error::other("the disk is gone")),
                n => Ok(n),
            }
        }
    }

    #[test]
    fn read_ahead_gives_the_input_in_its_reads_then_its_end() {
        let data: &'static [u8] = Box::leak(
            (0..200_000u32)
                .flat_map(|i| format!("http://h{i}/\n").into_bytes())
                .collect::<Vec<u8>>()
                .into_boxed_slice(),
        );
        for step in [1, 5, 1000, UNIT, 3 * CHUNK] {
            // Reads of a few bytes each cross threads: a short input will do.
            let data = if step < 100 { &data[..20_000] } else { data };
            let mut ahead = ReadAhead::spawn(Trickle::new(data, step));
            let mut read = Vec::new();
            let mut buffer = vec![0; 7000];
            loop {
                let n = ahead.read(&mut buffer).unwrap();
                if n == 0 {
                    break;
                }
                // No read is longer than the input's, nor than asked for.
                assert!(n <= step.min(CHUNK), "step {step}: {n}");
                read.extend_from_slice(&buffer[..n]);
            }
            assert_eq!(read, data, "step {step}");
            assert_eq!(ahead.read(&mut buffer).unwrap(), 0, "the end stays the end");
        }
        // Blocks over it cut the same lines.
        let mut blocks = Blocks::new(ReadAhead::spawn(Trickle::new(data, 4096)));
        let mut found = 0;
        while let Some(block) = blocks.next_block().unwrap() {
            for line in lines(block) {
                assert_eq!(line, format!("http://h{found}/").as_bytes());
                found += 1;
            }
        }
        assert_eq!(found, 200_000);
    }

    /// A reader fed by a channel: each read waits for the next write.
    struct Gate(Receiver<Vec<u8>>);

    impl Read for Gate {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            match self.0.recv() {
                Ok(bytes) => {
                    buffer[..bytes.len()].copy_from_slice(&bytes);
                    Ok(bytes.len())
                }
                Err(_) => Ok(0),
            }
        }
    }

    #[test]
    fn read_ahead_is_ready_only_when_a_read_would_not_wait() {
        // A rendezvous: a write returns once the thread has taken it.
        let (write, gate) = sync_channel(0);
        let mut ahead = ReadAhead::spawn(Gate(gate));
        let mut buffer = [0; 16];
        // Nothing written: a read would wait.
        assert!(!ahead.ready());
        write.send(b"a\n".to_vec()).unwrap();
        assert_eq!(ahead.read(&mut buffer).unwrap(), 2);
        // All of it read, and the thread waits for the writer again.
        assert!(!ahead.ready());
        write.send(b"bc\n".to_vec()).unwrap();
        // The chunk comes through; `ready` takes it, and the read gives it.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while !ahead.ready() {
            assert!(std::time::Instant::now() < deadline, "never ready");
            thread::yield_now();
        }
        assert!(ahead.ready(), "still ready: nothing was read");
        assert_eq!(ahead.read(&mut buffer[..2]).unwrap(), 2);
        assert!(ahead.ready(), "a byte of the chunk is left");
        assert_eq!(ahead.read(&mut buffer[2..]).unwrap(), 1);
        assert_eq!(&buffer[..3], b"bc\n");
        drop(write);
        assert_eq!(ahead.read(&mut buffer).unwrap(), 0);
    }

    #[test]
    fn read_ahead_gives_an_error_after_what_was_read_before_it() {
        let mut ahead = ReadAhead::spawn(Failing {
            data: Trickle::new(b"abc\ndef", 3),
        });
        let mut read = Vec::new();
        let mut buffer = [0; 100];
        let error = loop {
            match ahead.read(&mut buffer) {
                Ok(n) => read.extend_from_slice(&buffer[..n]),
                Err(error) => break error,
            }
        };
        assert_eq!(read, b"abc\ndef");
        assert_eq!(error.to_string(), "the disk is gone");
    }

    #[test]
    fn every_line_once_in_order_whatever_the_reads() {
        let data = b"a\r\n\nb\nlong line\nlast";
        let expected: Vec<&[u8]> = vec![b"a", b"", b"b", b"long line", b"last"];
        for step in [1, 2, 3, 7, 100] {
            assert_eq!(all_lines(data, step), expected, "step {step}");
        }
        assert_eq!(all_lines(b"x\n", 1), vec![b"x".to_vec()]);
        assert!(all_lines(b"", 1).is_empty());
        assert_eq!(all_lines(b"\n", 1), vec![Vec::<u8>::new()]);
    }

    #[test]
    fn a_carriage_return_is_dropped_only_before_a_line_feed() {
        let cut = |block: &[u8]| lines(block).map(<[u8]>::to_vec).collect::<Vec<_>>();
        assert_eq!(cut(b"a\r\nb\r\r\nc\r"), [&b"a"[..], b"b\r", b"c\r"]);
        assert_eq!(cut(b"\r"), [b"\r"]);
        assert_eq!(cut(b"\r\n"), [b""]);
        assert_eq!(cut(b"a\rb\n"), [b"a\rb"]);
        // However the reads cut the input: a CR that ends a read is kept or
        // dropped by what follows it.
        for step in [1, 2, 100] {
            assert_eq!(all_lines(b"a\r\nb\r", step), [&b"a"[..], b"b\r"]);
        }
    }

    #[test]
    fn a_line_longer_than_a_block_is_one_line() {
        let mut data = vec![b'a'; BLOCK * 2 + 5];
        data.extend_from_slice(b"\nb\n");
        let found = all_lines(&data, 1 << 20);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].len(), BLOCK * 2 + 5);
    }

    /// The sizes of the blocks that `reader` gives.
    fn block_sizes(reader: Trickle<'_>) -> Vec<usize> {
        let mut blocks = Blocks::new(reader);
        let mut sizes = Vec::new();
        while let Some(block) = blocks.next_block().unwrap() {
            sizes.push(block.len());
        }
        sizes
    }

    #[test]
    fn lines_are_answered_before_a_read_that_would_wait() {
        // Small reads, as from a terminal: a block ends with the first read
        // that brings a line feed, and a partial line waits for the next.
        assert_eq!(
            block_sizes(Trickle::waiting(b"a\nbb\nccc\n", 2)),
            vec![2, 3, 4]
        );
        // Pipe-sized writes of whole lines from a writer that waits for
        // their answers: each is a block, whatever its size (the issue's
        // writer got no answer before 4 MiB, as its reads were not short).
        let data = b"http://host/\n".repeat(4 * UNIT / 13);
        for step in [13 * 100, UNIT / 13 * 13, 2 * UNIT / 13 * 13] {
            let sizes = block_sizes(Trickle::waiting(&data, step));
            assert_eq!(sizes.iter().sum::<usize>(), data.len());
            assert!(sizes.iter().all(|&size| size <= step), "{step}: {sizes:?}");
        }
    }

    #[test]
    fn a_writer_that_is_ahead_fills_blocks() {
        // A writer that keeps a pipe full: blocks of BLOCK bytes, not of a
        // pipe's 64 KiB.
        let data = b"http://host/\n".repeat(3 * BLOCK / 13);
        let sizes = block_sizes(Trickle::new(&data, UNIT));
        assert_eq!(sizes.iter().sum::<usize>(), data.len());
        assert!(
            sizes[..sizes.len() - 1]
                .iter()
                .all(|&size| size >= BLOCK - 13)
        );
        assert!(sizes.len() <= 4, "{sizes:?}");
    }

    #[test]
    fn a_long_line_grows_the_buffer_by_doubling() {
        // Read a pipe's worth at a time, a 40 MB line is held in a buffer
        // of less than twice its length, and the lines after it come whole.
        let mut data = vec![b'a'; 40 << 20];
        data.extend_from_slice(b"\nb\n");
        let mut blocks = Blocks::new(Trickle::new(&data, UNIT));
        let first = blocks.next_block().unwrap().unwrap().len();
        assert_eq!(first, data.len());
        assert!(
            blocks.buffer.len() < 2 * data.len(),
            "{}",
            blocks.buffer.len()
        );
        assert!(blocks.next_block().unwrap().is_none());
    }

    #[test]
    fn units_keep_order_and_line_numbers() {
        let block: Vec<u8> = (0..50_000)
            .flat_map(|i| format!("{i}\n").into_bytes())
            .collect();
        let mut formatter = Formatter::new();
        // Twice: the second block is formatted into the first one's buffers.
        for round in 0..2 {
            let mut joined = Vec::new();
            let mut units = 0;
            let mut total = 0;
            formatter
                .format_block(
                    &block,
                    1,
                    |number, line: Line<'_>, out: &mut Vec<u8>, count: &mut u64| {
                        assert_eq!(line, Line::Text(&(number - 1).to_string()));
                        out.extend_from_slice(line.bytes());
                        out.push(b'\n');
                        *count += 1;
                    },
                    |out, count| {
                        joined.extend_from_slice(out);
                        units += 1;
                        total += count;
                        Ok::<(), ()>(())
                    },
                )
                .unwrap();
            assert!(units > 1, "the block is cut into several units");
            assert_eq!(joined, block, "round {round}");
            assert_eq!(total, 50_000);
            assert_eq!(formatter.spare.len(), units, "every buffer is kept");
        }
    }

    /// A line, owned: its text if it is UTF-8, else its bytes.
    fn owned(line: Line<'_>) -> Result<String, Vec<u8>> {
        match line {
            Line::Text(text) => Ok(text.to_owned()),
            Line::Bytes(bytes) => Err(bytes.to_vec()),
        }
    }

    /// The lines `Formatter` hands to `format` for `block`, with their
    /// numbers, in order.
    fn seen(block: &[u8]) -> Vec<(u64, Result<String, Vec<u8>>)> {
        let seen = std::sync::Mutex::new(Vec::new());
        Formatter::new()
            .format_block(
                block,
                7,
                |number, line, _: &mut Vec<u8>, (): &mut ()| {
                    seen.lock().unwrap().push((number, owned(line)));
                },
                |_, ()| Ok::<(), ()>(()),
            )
            .unwrap();
        let mut seen = seen.into_inner().unwrap();
        seen.sort_by_key(|&(number, _)| number);
        seen
    }

    /// The lines of `block` as [`lines`] cuts them, numbered from 7.
    fn cut(block: &[u8]) -> Vec<(u64, Result<String, Vec<u8>>)> {
        (7..)
            .zip(lines(block).map(|line| owned(Line::new(line))))
            .collect()
    }

    #[test]
    fn utf8_units_and_others_cut_the_same_lines() {
        for block in [
            &b"a\r\n\nb\r"[..],
            b"a\r\nb\xff\r\nc",
            b"\xff",
            b"\n",
            b"x\r\r\n\xc3\xa9\n",
            b"",
        ] {
            assert_eq!(seen(block), cut(block), "{block:?}");
        }
        let lines: Vec<_> = seen(b"a\r\nb\xff\r\nc\xc3\xa9")
            .into_iter()
            .map(|(_, line)| line)
            .collect();
        assert_eq!(
            lines,
            [
                Ok("a".to_owned()),
                Err(b"b\xff".to_vec()),
                Ok("c\u{e9}".to_owned())
            ]
        );
        // Long units that are UTF-8 throughout, cut the same way.
        let block = "h\u{e9}llo\r\n".repeat(2 * UNIT / 8);
        assert_eq!(seen(block.as_bytes()), cut(block.as_bytes()));
    }

    #[test]
    fn a_write_error_stops_the_block_and_a_huge_buffer_is_not_kept() {
        let mut formatter = Formatter::new();
        let mut block = vec![b'a'; KEEP + 1];
        block.push(b'\n');
        let mut written = 0;
        let result = formatter.format_block(
            &block,
            1,
            |_, line: Line<'_>, out: &mut Vec<u8>, (): &mut ()| {
                out.extend_from_slice(line.bytes());
            },
            |out, ()| {
                written += out.len();
                Err("closed")
            },
        );
        assert_eq!(result, Err("closed"));
        assert_eq!(written, KEEP + 1);
        assert!(formatter.spare.is_empty());
    }
}
