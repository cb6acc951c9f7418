//! Batch mode: a stream of lines checked on every core, results in input
//! order, memory bounded by the block size and the longest line.
//!
//! The input is read in blocks of whole lines, by a thread of its own that
//! stays up to [`AHEAD`] reads ahead ([`ReadAhead`]). Each block is cut into
//! units of whole lines, and the units are formatted in parallel (rayon), a
//! wave of a few per core at a time, each into its own buffer, and each
//! wave's buffers are written in order before the next wave is formatted, so
//! that the output waiting to be written is a few units', however much a
//! block's lines expand. A unit is about [`UNIT`] bytes at most, and holds as
//! many lines as the last wave's records say fill [`ROOM`], at most
//! [`UNIT_LINES`] ([`FIRST_UNIT_LINES`] in the first wave): a record has a
//! size of its own, whatever the length of its line, and a unit of 64 KiB of
//! short lines held tens of thousands of them (22 MB of diagnostics of empty
//! lines), two units a core. Records longer than the last wave's said stop
//! a unit's output at [`UNIT_OUTPUT`] bytes, and the rest of its lines is
//! formatted as it is written, so that what waits is at most that much a
//! unit however suddenly records grow. Nothing depends on the number of
//! lines: the input buffer, the read-ahead's chunks and the units' output
//! buffers are reused for every block, and a line longer than a block grows
//! the input buffer to less than twice that line's length.
//!
//! A line longer than the longest kept (`--max-line-bytes`) is not held: it
//! is handed over as [`Item::TooLong`] as soon as it is known to be too long,
//! and its bytes are read and dropped up to its line feed. The input buffer
//! never holds more than a block and the longest line kept, however long a
//! line is, an endless one included.

use std::io::{self, Read, Write as _};
use std::sync::mpsc::{Receiver, SyncSender, TryRecvError, sync_channel};
use std::thread;

use rayon::prelude::*;

use crate::Format;
use crate::inputs::{BOM, FileMembers};
use crate::interrupt::{self, Interrupted};
use crate::output::{Output, Stop};

/// How many bytes of input are read at once (more when one line is longer).
const BLOCK: usize = 4 << 20;

/// The size of the units formatted in parallel.
const UNIT: usize = 64 << 10;

/// The most lines in a unit. A line's record takes some hundreds of bytes
/// however short the line (a diagnostic of an empty line is 336 bytes, a
/// record of one too long a hundred): this many make a few hundred
/// kilobytes, and a unit long enough (half a millisecond of work or more)
/// that handing it to a core costs nothing to speak of. It is what a wave's
/// units hold after one whose records were short, so that a run of valid
/// lines that `check` only counts is cut into few units; in the first wave
/// whose records are long after it, a unit stops at [`UNIT_OUTPUT`] bytes.
const UNIT_LINES: usize = 1024;

/// The lines of the first wave's units, before the formatter knows how long
/// its records are: `explain --all` writes some 3 KB for a line of 50
/// bytes, and a first wave of [`UNIT_LINES`] lines a unit held 50 MB of
/// them on 8 threads.
const FIRST_UNIT_LINES: usize = 16;

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
    /// The longest line kept, in bytes, not counting its line ending.
    max_line: usize,
    /// In a line longer than `max_line`, whose bytes are read and dropped up
    /// to its line feed.
    skipping: bool,
    /// How many bytes were read from `reader`: for the tests, which hold
    /// how far ahead of its lines a block reads.
    #[cfg(test)]
    read: u64,
    /// Whether no block was given yet: the first may start with a
    /// byte-order mark, which is not part of its first line.
    first: bool,
    /// The error of a read that came after whole lines: given after them.
    failed: Option<io::Error>,
}

/// What [`Blocks::next_block`] gives.
#[derive(Debug, PartialEq, Eq)]
pub enum Block<'a> {
    /// Whole lines, each with its line feed (the input's last line without
    /// one when the input ends without one).
    Lines(&'a [u8]),
    /// One line longer than the longest kept: none of it is kept, and the
    /// rest of it is dropped before the next block.
    TooLong,
}

/// A reader that can say whether a read would come back without waiting.
pub trait Ready: Read {
    /// Whether bytes, the end of the input or an error are there to be read
    /// at once: when not, a read would wait for the writer.
    fn ready(&mut self) -> bool;
}

impl<R: Ready> Blocks<R> {
    /// Blocks of the lines of `reader`, none longer than `max_line` bytes
    /// (not counting its line ending).
    pub fn new(reader: R, max_line: usize) -> Self {
        Blocks {
            reader,
            buffer: Vec::new(),
            carry: 0..0,
            done: false,
            max_line,
            skipping: false,
            #[cfg(test)]
            read: 0,
            first: true,
            failed: None,
        }
    }

    /// How many bytes were read from the input so far, the bytes of lines
    /// too long to keep included.
    #[cfg(test)]
    fn bytes_read(&self) -> u64 {
        self.read
    }

    /// The most bytes the buffer holds: a block, then the start of a line
    /// that may still be short enough to keep (its line ending may be a CR
    /// LF, whose CR is not counted), and one byte to read into.
    fn capacity(&self) -> usize {
        BLOCK.saturating_add(self.max_line).saturating_add(2)
    }

    /// The next whole lines, or the next line too long to keep, or `None` at
    /// the end of the input.
    ///
    /// Once a block holds a whole line, it ends as soon as the input has
    /// nothing more ready: a line is answered before the next read that
    /// would wait for the writer, however the writer cuts its writes (lines
    /// typed at a terminal, or sent in pipe-sized writes by a writer that
    /// waits for their answers). While more is ready (a writer that is ahead
    /// of us), reading goes on until the block is [`BLOCK`] bytes, so that a
    /// pipe gives blocks big enough for every core.
    ///
    /// A line is known to be too long once more than `max_line + 1` of its
    /// bytes are read: then the whole lines before it come first, and
    /// [`Block::TooLong`] next. A line of `max_line + 1` bytes that ends the
    /// block is given whole, for the caller to measure once its line ending
    /// is known.
    ///
    /// A byte-order mark (U+FEFF in UTF-8) that starts the input is not
    /// part of the first block: editors write it, and it is no part of a
    /// URL. It counts towards the first line's length.
    ///
    /// A read that fails after whole lines were read gives those lines
    /// first, and its error at the next call (the line it cut is not given):
    /// every line read before a truncated or corrupt compressed stream is
    /// checked. So does a read that SIGINT ends: the lines read before it
    /// are given, to be checked as far as the run goes on (to its next
    /// write, which SIGINT refuses, and those whose records it refuses are
    /// not counted), not dropped unread.
    pub fn next_block(&mut self) -> io::Result<Option<Block<'_>>> {
        if let Some(error) = self.failed.take() {
            self.done = true;
            self.carry = 0..0;
            return Err(error);
        }
        if self.skipping {
            self.skip()?;
        }
        let carried = self.carry.len();
        self.buffer.copy_within(self.carry.clone(), 0);
        self.carry = 0..0;
        let mut filled = carried;
        // Where the last line feed read so far ends, if any: after a line
        // that was too long, what followed its line feed may hold lines.
        let mut lines_end = memchr::memrchr(b'\n', &self.buffer[..filled]).map(|at| at + 1);
        while !self.done {
            // The bytes of the line being read, which has no line feed yet.
            let pending = filled - lines_end.unwrap_or(0);
            if pending > self.max_line.saturating_add(1) {
                if lines_end.is_some() {
                    break;
                }
                // None of the line is kept: its start is dropped here, the
                // rest before the next block.
                self.skipping = true;
                self.first = false;
                return Ok(Some(Block::TooLong));
            }
            if lines_end.is_some() && (filled >= BLOCK || !self.reader.ready()) {
                break;
            }
            if filled == self.buffer.len() {
                // Room to read: `filled` is below the capacity here (either
                // no line feed yet and at most `max_line + 1` bytes, or a
                // line feed and less than a block).
                let grown = (filled + BLOCK).max(2 * filled).min(self.capacity());
                // Exactly: `resize` alone may double past the capacity.
                self.buffer.reserve_exact(grown - filled);
                self.buffer.resize(grown, 0);
            }
            let read = match read_some(&mut self.reader, &mut self.buffer[filled..]) {
                Ok(read) => read,
                // The whole lines read come first, SIGINT or not.
                Err(error) if lines_end.is_some() => {
                    self.failed = Some(error);
                    break;
                }
                Err(error) => return Err(error),
            };
            #[cfg(test)]
            {
                self.read += read as u64;
            }
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
        // The first block holds the input's first line whole: a mark that
        // starts it is all there.
        let start = if std::mem::take(&mut self.first) && self.buffer[..end].starts_with(BOM) {
            BOM.len()
        } else {
            0
        };
        Ok((end > start).then(|| Block::Lines(&self.buffer[start..end])))
    }

    /// Reads and drops the rest of a line too long to keep, up to its line
    /// feed; what follows that is the carry.
    fn skip(&mut self) -> io::Result<()> {
        if self.buffer.is_empty() {
            self.buffer.resize(BLOCK, 0);
        }
        loop {
            let read = read_some(&mut self.reader, &mut self.buffer)?;
            #[cfg(test)]
            {
                self.read += read as u64;
            }
            if read == 0 {
                self.done = true;
                break;
            }
            if let Some(at) = memchr::memchr(b'\n', &self.buffer[..read]) {
                self.carry = at + 1..read;
                break;
            }
        }
        self.skipping = false;
        Ok(())
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
/// 0 bytes, and so does every read after the end or an error. The thread
/// stops when the input ends, fails or when this reader is dropped and its
/// next read is done.
///
/// Once SIGINT asked the run to end, a read that would wait for the input
/// gives [`Interrupted::error`] instead; a read that waits when SIGINT comes
/// is woken to give it.
pub struct ReadAhead {
    /// What the thread read, and what SIGINT sends.
    messages: Receiver<Message>,
    /// What [`Ready::ready`] took from `messages` to see that it was there,
    /// for the next read.
    waiting: Option<Message>,
    /// Chunks taken, back to the thread to read into again.
    spare: SyncSender<Vec<u8>>,
    current: Vec<u8>,
    /// How many bytes of `current` were read, and how many taken.
    len: usize,
    at: usize,
    /// Whether the input ended or failed: every read from now on gives 0.
    finished: bool,
}

/// What comes to a [`ReadAhead`] from its thread and from SIGINT.
enum Message {
    /// A chunk and how many of its bytes were read.
    Chunk(Vec<u8>, usize),
    /// The end of the input.
    End,
    /// The input's error.
    Failed(io::Error),
    /// SIGINT asked the run to end.
    Interrupted,
}

impl ReadAhead {
    /// Starts reading `input` on a new thread.
    pub fn spawn<R: Read + Send + 'static>(mut input: R) -> Self {
        let (send, messages) = sync_channel(AHEAD);
        let (spare, spares) = sync_channel::<Vec<u8>>(AHEAD + 2);
        // SIGINT wakes this reader if it waits. The waker holds a sender, so
        // the channel never closes: the thread says where the input ends.
        let wake = send.clone();
        interrupt::set_waker(move || {
            // A full channel needs no waking: the reader has chunks to take,
            // and looks at the flag before it waits.
            let _ = wake.try_send(Message::Interrupted);
        });
        // Detached: if the consumer stops early while the thread waits on a
        // read (a terminal), the process does not wait for it.
        thread::spawn(move || {
            loop {
                // A chunk keeps its length: zeroed once, then read into again.
                let mut chunk = spares.try_recv().unwrap_or_else(|_| vec![0; CHUNK]);
                let message = match read_some(&mut input, &mut chunk) {
                    Ok(0) => Message::End,
                    Ok(n) => Message::Chunk(chunk, n),
                    Err(error) => Message::Failed(error),
                };
                let last = !matches!(message, Message::Chunk(..));
                if send.send(message).is_err() || last {
                    return;
                }
            }
        });
        ReadAhead {
            messages,
            waiting: None,
            spare,
            current: Vec::new(),
            len: 0,
            at: 0,
            finished: false,
        }
    }
}

impl Read for ReadAhead {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        if buffer.is_empty() || (self.at == self.len && self.finished) {
            return Ok(0);
        }
        if self.at == self.len {
            let taken = std::mem::take(&mut self.current);
            if !taken.is_empty() {
                // The thread may have ended, or have spares enough: then
                // the chunk is freed.
                let _ = self.spare.try_send(taken);
            }
            // A SIGINT that came before the waker was set is seen here; one
            // that comes during the wait sends its message.
            let next = match self.waiting.take() {
                Some(waiting) => waiting,
                None if interrupt::requested() => Message::Interrupted,
                // The thread sends `End` or `Failed` before it ends, and
                // the waker holds a sender: the channel stays open.
                None => self.messages.recv().unwrap_or(Message::End),
            };
            match next {
                Message::Chunk(chunk, len) => {
                    self.current = chunk;
                    self.len = len;
                    self.at = 0;
                }
                Message::End => {
                    self.finished = true;
                    return Ok(0);
                }
                Message::Failed(error) => {
                    self.finished = true;
                    return Err(error);
                }
                Message::Interrupted => return Err(Interrupted::error()),
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
        if self.at < self.len || self.waiting.is_some() || self.finished {
            return true;
        }
        match self.messages.try_recv() {
            Ok(next) => {
                self.waiting = Some(next);
                true
            }
            Err(TryRecvError::Empty) => interrupt::requested(),
            // Only when the waker was replaced and the thread ended: a read
            // gives the end at once.
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

/// What a command formats for each line of a stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item<'a> {
    /// A line, without its line ending.
    Line(Line<'a>),
    /// A line longer than the longest kept (`--max-line-bytes`): not kept,
    /// its bytes skipped.
    TooLong,
}

impl<'a> Item<'a> {
    /// A line as [`lines`] cuts it: too long when more than `max_line`
    /// bytes are left once its line ending is gone.
    pub fn of(line: Line<'a>, max_line: usize) -> Self {
        if line.bytes().len() > max_line {
            Item::TooLong
        } else {
            Item::Line(line)
        }
    }
}

/// Formats blocks of lines on every core, into output buffers it keeps
/// from one block to the next.
///
/// Fresh buffers for every block would cost a page fault for each page of
/// output the first time it is written (the output is about three times the
/// input in JSON): a tenth of a batch check's time.
pub struct Formatter {
    /// Buffers written out, ready for the next block.
    spare: Vec<Vec<u8>>,
    /// The longest line formatted; a longer one is [`Item::TooLong`].
    max_line: usize,
    /// The lines of the next wave's units ([`unit_lines`]).
    unit_lines: usize,
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
    /// A formatter with no buffers yet, for lines of at most `max_line`
    /// bytes.
    pub fn new(max_line: usize) -> Self {
        Formatter {
            spare: Vec::new(),
            max_line,
            unit_lines: FIRST_UNIT_LINES,
        }
    }

    /// Formats every line of `block` with `format` (its 1-based line number
    /// counting from `first_line`, the line as [`lines`] cuts it or
    /// [`Item::TooLong`], the output buffer, what the unit gathers), on
    /// every core, then hands each unit's output and what it gathered to
    /// `write`, in order, stopping at its first error. Returns the number of
    /// lines of the block.
    pub fn format_block<T, F, W, E>(
        &mut self,
        block: &[u8],
        first_line: u64,
        format: F,
        mut write: W,
    ) -> Result<u64, E>
    where
        T: Default + Send,
        F: Fn(u64, Item<'_>, &mut Vec<u8>, &mut T) + Sync,
        W: FnMut(&[u8], T) -> Result<(), E>,
    {
        let max_line = self.max_line;
        // The units are cut and formatted a wave at a time, a few per core,
        // and each wave written before the next: what waits to be written
        // is a few units' output, not a block's (a short invalid line's
        // diagnostic is hundreds of times its bytes).
        let wave = 2 * rayon::current_num_threads().max(1);
        let mut rest = block;
        let mut next_line = first_line;
        while !rest.is_empty() {
            let wave_start = next_line;
            let units = cut_wave(&mut rest, &mut next_line, wave, self.unit_lines);
            let buffers: Vec<Vec<u8>> = units
                .iter()
                .map(|_| self.spare.pop().unwrap_or_default())
                .collect();
            let outputs: Vec<Formatted<T>> = units
                .par_iter()
                .zip(buffers)
                .map(|(&(unit, start), out)| format_unit(unit, start, max_line, &format, out))
                .collect();
            let mut written = 0;
            for (&(unit, start), formatted) in units.iter().zip(outputs) {
                written += self.finish_unit((unit, start), formatted, &format, &mut write)?;
            }
            self.unit_lines = unit_lines(written, next_line - wave_start);
        }
        // Every line but the input's last ends with a line feed; an empty
        // block has no line.
        let unended = !block.is_empty() && !block.ends_with(b"\n");
        Ok(next_line - first_line + u64::from(unended))
    }
}

impl Formatter {
    /// Writes `formatted`, the output of `unit` (whose first line is line
    /// `start`), with `write`; then, if that output stopped at
    /// [`UNIT_OUTPUT`] before the unit's end, formats the rest of its
    /// lines here, a piece of at most that output at a time, and writes
    /// each. Keeps the buffer for the next wave. Returns the bytes written.
    fn finish_unit<T, F, W, E>(
        &mut self,
        (unit, start): (&[u8], u64),
        mut formatted: Formatted<T>,
        format: &F,
        write: &mut W,
    ) -> Result<usize, E>
    where
        T: Default,
        F: Fn(u64, Item<'_>, &mut Vec<u8>, &mut T),
        W: FnMut(&[u8], T) -> Result<(), E>,
    {
        let (mut written, mut done, mut line) = (0, 0, start);
        loop {
            written += formatted.out.len();
            done += formatted.bytes;
            line += formatted.lines;
            write(&formatted.out, formatted.gathered)?;
            if done >= unit.len() {
                break;
            }
            formatted = format_unit(&unit[done..], line, self.max_line, format, formatted.out);
        }
        if formatted.out.capacity() <= KEEP {
            self.spare.push(formatted.out);
        }
        Ok(written)
    }
}

/// How many lines the units of the next wave hold, now that the last
/// wave's `lines` lines made `written` bytes of output: as many as fill
/// [`ROOM`] at that rate, at least one and at most [`UNIT_LINES`]. Records
/// of a few kilobytes a line (`explain --all`) make units of a few lines,
/// so that what waits to be written does not grow with them.
fn unit_lines(written: usize, lines: u64) -> usize {
    let per_line = (written as u64 / lines.max(1)).max(1);
    let fit = usize::try_from(ROOM as u64 / per_line).unwrap_or(UNIT_LINES);
    fit.clamp(1, UNIT_LINES)
}

/// The next wave of units of `rest`, at most `wave` of them, each of at
/// most `lines` lines, with the number of its first line (`next_line`
/// for the first); takes them from `rest`, and moves `next_line` past them.
fn cut_wave<'a>(
    rest: &mut &'a [u8],
    next_line: &mut u64,
    wave: usize,
    lines: usize,
) -> Vec<(&'a [u8], u64)> {
    let mut units = Vec::with_capacity(wave);
    while units.len() < wave && !rest.is_empty() {
        let (end, count) = unit_end(rest, lines);
        // `end` is within `rest`, and not 0: every unit holds a byte.
        let (unit, after) = rest.split_at(end);
        units.push((unit, *next_line));
        *next_line += count;
        *rest = after;
    }
    units
}

/// The most output a unit makes before it stops: twice the [`ROOM`] its
/// lines were chosen to fill. Its lines are as many as the last wave's
/// records fill the room with, up to [`UNIT_LINES`]; when a wave's records
/// are much longer than the last one's (valid lines that `check` only
/// counts, then invalid ones), its units stop here, and the rest of their
/// lines is formatted as they are written ([`Formatter::finish_unit`]): a
/// unit of [`UNIT_LINES`] records of kilobytes each would hold megabytes.
const UNIT_OUTPUT: usize = 2 * ROOM;

/// What [`format_unit`] made of a unit: its output, what it gathered, and
/// how much of the unit that is, its first `lines` lines, `bytes` bytes.
struct Formatted<T> {
    out: Vec<u8>,
    gathered: T,
    lines: u64,
    bytes: usize,
}

/// Formats the lines of `unit`, whose first line is line `start`, into
/// `out` (cleared first), up to the line whose record brings the output to
/// [`UNIT_OUTPUT`] bytes or more: at least one, and every line when their
/// records are shorter.
fn format_unit<T, F>(
    unit: &[u8],
    start: u64,
    max_line: usize,
    format: &F,
    mut out: Vec<u8>,
) -> Formatted<T>
where
    T: Default,
    F: Fn(u64, Item<'_>, &mut Vec<u8>, &mut T),
{
    out.clear();
    out.reserve(ROOM.max(unit.len() * 4));
    let mut gathered = T::default();
    // Most units are UTF-8 throughout: checked once, not line by line (a
    // tenth of the time a URL takes to check).
    let (lines, all) = match std::str::from_utf8(unit) {
        Ok(text) => {
            let lines = text_lines(text).map(Line::Text);
            format_lines(lines, start, max_line, format, (&mut out, &mut gathered))
        }
        Err(_) => {
            let lines = lines(unit).map(Line::new);
            format_lines(lines, start, max_line, format, (&mut out, &mut gathered))
        }
    };
    // Lines stopped short end after the `lines`th line feed (searched only
    // then: a search a line costs a share of a batch's time).
    let bytes = match all {
        true => unit.len(),
        false => {
            let nth = usize::try_from(lines.saturating_sub(1)).unwrap_or(usize::MAX);
            memchr::memchr_iter(b'\n', unit)
                .nth(nth)
                .map_or(unit.len(), |at| at + 1)
        }
    };
    Formatted {
        out,
        gathered,
        lines,
        bytes,
    }
}

/// Formats `lines`, numbered from `start`, into `out`, gathering into
/// `gathered`, until the output is [`UNIT_OUTPUT`] bytes or more: the
/// number of lines formatted, at least one when `out` starts empty, and
/// whether that is all of them.
fn format_lines<'a, T, F>(
    lines: impl Iterator<Item = Line<'a>>,
    start: u64,
    max_line: usize,
    format: &F,
    (out, gathered): (&mut Vec<u8>, &mut T),
) -> (u64, bool)
where
    F: Fn(u64, Item<'_>, &mut Vec<u8>, &mut T),
{
    let mut count = 0;
    for line in lines {
        if out.len() >= UNIT_OUTPUT {
            return (count, false);
        }
        format(start + count, Item::of(line, max_line), out, gathered);
        count += 1;
    }
    (count, true)
}

/// What a line longer than `max_line` bytes gets instead of being `done`
/// (checked, parsed): the same words in every command.
pub fn too_long_message(max_line: usize, done: &str) -> String {
    let max_line = crate::summary::plural(max_line as u64, "byte", "bytes");
    format!("the line is longer than {max_line} (--max-line-bytes): not {done}, skipped")
}

/// The JSON record of a line longer than `--max-line-bytes` that `parse`
/// or `explain` skipped: `null` where nothing was read, where the line is,
/// and the limit.
#[derive(serde::Serialize)]
struct TooLong<'a> {
    input: Option<&'static str>,
    valid: Option<bool>,
    rule: Option<&'static str>,
    too_long: bool,
    max_line_bytes: usize,
    #[serde(flatten)]
    file: FileMembers<'a>,
    line: u64,
}

/// The record of line `line` of a stream (its members in JSON, its name as
/// human output shows it), longer than `max_line` bytes and not `done`
/// (parsed, explained).
pub fn too_long(
    format: Format,
    (file, shown): (FileMembers<'_>, &str),
    (line, max_line): (u64, usize),
    done: &str,
    buffer: &mut Vec<u8>,
) {
    match format {
        Format::Json => {
            let record = TooLong {
                input: None,
                valid: None,
                rule: None,
                too_long: true,
                max_line_bytes: max_line,
                file,
                line,
            };
            crate::show::json_line(buffer, &record);
        }
        Format::Human => {
            let message = too_long_message(max_line, done);
            let _ = writeln!(buffer, "{shown}:{line}: error: {message}");
        }
    }
}

/// Reads the lines of `reader` (none longer than `max_line` bytes, not
/// counting its line ending: a longer one is [`Item::TooLong`]), formats
/// each with `format` on every core, and writes the results to `out` in
/// input order; `gather` takes what each unit gathered once its output is
/// written, or its write failed, but not when SIGINT refused the write
/// ([`write_records`]). Each block's results are written out before the
/// next read that would wait.
///
/// Returns the error that ended the reading, if one did (inside), or why
/// writing stopped (outside).
pub fn stream<T, F>(
    reader: impl Read + Send + 'static,
    max_line: usize,
    out: &mut Output,
    format: F,
    mut gather: impl FnMut(T),
) -> Result<io::Result<()>, Stop>
where
    T: Default + Send,
    F: Fn(u64, Item<'_>, &mut Vec<u8>, &mut T) + Sync,
{
    let mut blocks = Blocks::new(ReadAhead::spawn(reader), max_line);
    let mut formatter = Formatter::new(max_line);
    let mut next_line = 1;
    loop {
        let block = match blocks.next_block() {
            Ok(Some(block)) => block,
            Ok(None) => return Ok(Ok(())),
            Err(error) if Interrupted::caused(&error) => return Err(Stop::Interrupted),
            Err(error) => return Ok(Err(error)),
        };
        match block {
            Block::Lines(block) => {
                next_line +=
                    formatter.format_block(block, next_line, &format, |buffer, gathered| {
                        write_records(out, buffer, gathered, &mut gather)
                    })?;
            }
            Block::TooLong => {
                let mut buffer = Vec::new();
                let mut gathered = T::default();
                format(next_line, Item::TooLong, &mut buffer, &mut gathered);
                write_records(out, &buffer, gathered, &mut gather)?;
                next_line += 1;
            }
        }
        // A block's results go out before the next block is waited for: a
        // line typed at a terminal, or sent down a pipe, is answered at once.
        out.flush()?;
    }
}

/// Writes `records`, those of the inputs `gathered` counts, to `out`, and
/// has `gather` count them: unless SIGINT refused the write
/// ([`Output::write`] writes nothing then), so that the counts of an
/// interrupted run are of the records written. Inputs that need no record
/// (valid ones under `--quiet`, all under `check --summary`) are counted
/// as read: nothing was refused. A write that failed, or found standard
/// output closed, counts them too: the exit status is that of what was
/// read.
pub fn write_records<T>(
    out: &mut Output,
    records: &[u8],
    gathered: T,
    gather: impl FnOnce(T),
) -> Result<(), Stop> {
    then_count(records, |records| out.write(records), gathered, gather)
}

/// [`write_records`], with `write` writing.
fn then_count<T>(
    records: &[u8],
    write: impl FnOnce(&[u8]) -> Result<(), Stop>,
    gathered: T,
    gather: impl FnOnce(T),
) -> Result<(), Stop> {
    let written = match records.is_empty() {
        true => Ok(()),
        false => write(records),
    };
    if counted(&written) {
        gather(gathered);
    }
    written
}

/// Whether the inputs whose records a write was of, `written` being how
/// it went, are counted ([`write_records`]): unless SIGINT refused it.
pub fn counted(written: &Result<(), Stop>) -> bool {
    !matches!(written, Err(Stop::Interrupted))
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

/// Where the first unit of `rest`, which is not empty, ends, and how many
/// line feeds it holds: after its `lines`th line (at least one) when that
/// line ends within [`UNIT`] bytes, else after the line that reaches
/// [`UNIT`] bytes, or at the end of `rest`.
fn unit_end(rest: &[u8], lines: usize) -> (usize, u64) {
    let window = &rest[..rest.len().min(UNIT)];
    let most = lines.max(1) as u64;
    // Line feeds are counted a stretch at a time (vectorized), and only the
    // stretch that holds the unit's last one is searched line by line: a
    // search for every line took 2% of a JSON batch's instructions.
    let mut seen = 0;
    let mut start = 0;
    for stretch in window.chunks(1 << 10) {
        let count = count_line_feeds(stretch);
        if seen + count >= most {
            // The stretch holds at least `most - seen` line feeds.
            let nth = usize::try_from(most - seen - 1).unwrap_or(usize::MAX);
            if let Some(at) = memchr::memchr_iter(b'\n', stretch).nth(nth) {
                return (start + at + 1, most);
            }
        }
        seen += count;
        start += stretch.len();
    }
    // The line that reaches `UNIT` bytes ends the unit, or the block does.
    match rest
        .get(UNIT..)
        .and_then(|after| memchr::memchr(b'\n', after))
    {
        Some(at) => (UNIT + at + 1, seen + 1),
        None => (rest.len(), seen),
    }
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

    /// No limit on the length of a line.
    const ANY: usize = usize::MAX;

    /// The lines of a block, or `None` for a line too long.
    fn block_lines(block: Block<'_>) -> Option<Vec<Vec<u8>>> {
        match block {
            Block::Lines(block) => Some(lines(block).map(<[u8]>::to_vec).collect()),
            Block::TooLong => None,
        }
    }

    /// The lines of `data` as blocks of it read `step` bytes at a time cut
    /// them (`None` for a line longer than `max_line`), the same whether the
    /// writer is ahead or waits.
    fn lines_within(data: &[u8], step: usize, max_line: usize) -> Vec<Option<Vec<u8>>> {
        let mut each = [true, false].map(|ahead| {
            let mut blocks = Blocks::new(Trickle { data, step, ahead }, max_line);
            let mut found = Vec::new();
            while let Some(block) = blocks.next_block().unwrap() {
                match block {
                    Block::TooLong => found.push(None),
                    Block::Lines(block) => {
                        assert!(block.ends_with(b"\n") || !data.ends_with(b"\n"));
                        // As the formatter sees them.
                        for line in lines(block) {
                            found.push(match Item::of(Line::new(line), max_line) {
                                Item::Line(line) => Some(line.bytes().to_vec()),
                                Item::TooLong => None,
                            });
                        }
                    }
                }
                // The buffer never holds more than a block and a line.
                let most = BLOCK.saturating_add(max_line).saturating_add(2);
                assert!(blocks.buffer.len() <= most, "{}", blocks.buffer.len());
            }
            assert_eq!(blocks.bytes_read(), data.len() as u64);
            found
        });
        assert_eq!(each[0], each[1], "step {step}");
        std::mem::take(&mut each[0])
    }

    /// The lines of `data` as blocks of it read `step` bytes at a time cut
    /// them.
    fn all_lines(data: &[u8], step: usize) -> Vec<Vec<u8>> {
        lines_within(data, step, ANY)
            .into_iter()
            .map(|line| line.expect("no limit"))
            .collect()
    }

    /// A reader that gives `data` `step` bytes at a time, then fails.
    /// A reader of `data` whose input is always ready, whose read after
    /// it fails with `error`: a disk gone ([`gone`]), or SIGINT
    /// ([`Interrupted::error`], what a [`ReadAhead`] gives once SIGINT came,
    /// ready from then on).
    struct Failing {
        data: Trickle<'static>,
        error: fn() -> io::Error,
    }

    fn gone() -> io::Error {
        io::Error::other("the disk is gone")
    }

    impl Ready for Failing {
        fn ready(&mut self) -> bool {
            true
        }
    }

    impl Read for Failing {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            match self.data.read(buffer)? {
                0 => Err((self.error)()),
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
        let mut blocks = Blocks::new(ReadAhead::spawn(Trickle::new(data, 4096)), ANY);
        let mut found = 0;
        while let Some(block) = blocks.next_block().unwrap() {
            for line in block_lines(block).expect("no limit") {
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
            error: gone,
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

    /// The lines of `a\nbc\nunended`, read `step` bytes at a time and
    /// then failing with `error`, that blocks give, and the error they end
    /// with; then whether a block comes after it.
    fn lines_before(step: usize, error: fn() -> io::Error) -> (Vec<Vec<u8>>, io::Error, bool) {
        let data = Trickle::new(b"a\nbc\nunended", step);
        let mut blocks = Blocks::new(Failing { data, error }, ANY);
        let mut found = Vec::new();
        let error = loop {
            match blocks.next_block() {
                Ok(Some(block)) => found.extend(block_lines(block).expect("no limit")),
                Ok(None) => panic!("step {step}: the end, not the error"),
                Err(error) => break error,
            }
        };
        (found, error, blocks.next_block().unwrap().is_some())
    }

    #[test]
    fn the_lines_read_before_an_error_come_before_it() {
        for step in [1, 3, 100] {
            let (found, error, more) = lines_before(step, gone);
            // The line the error cut is not given.
            assert_eq!(found, [b"a".to_vec(), b"bc".to_vec()], "step {step}");
            assert_eq!(error.to_string(), "the disk is gone");
            assert!(!more, "step {step}");
        }
    }

    /// The whole lines of a block that SIGINT ends while it fills are
    /// given before the interruption, as those before an error are: a run
    /// interrupted while its first block filled counted none of what it
    /// had read.
    #[test]
    fn the_lines_read_before_sigint_come_before_it() {
        for step in [1, 3, 100] {
            let (found, error, _) = lines_before(step, Interrupted::error);
            assert_eq!(found, [b"a".to_vec(), b"bc".to_vec()], "step {step}");
            assert!(Interrupted::caused(&error), "step {step}: {error}");
        }
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
    fn a_byte_order_mark_that_starts_the_input_starts_no_line() {
        let bom = "\u{feff}";
        for step in [1, 2, 3, 4, 100] {
            // Only the first: a mark elsewhere is part of its line.
            let data = format!("{bom}http://a/\r\n{bom}b\n");
            let expected = [b"http://a/".to_vec(), format!("{bom}b").into_bytes()];
            assert_eq!(all_lines(data.as_bytes(), step), expected, "step {step}");
            // A mark alone is no line; a mark and a line feed, an empty one.
            assert!(all_lines(bom.as_bytes(), step).is_empty(), "step {step}");
            let empty = format!("{bom}\n");
            assert_eq!(all_lines(empty.as_bytes(), step), [b""], "step {step}");
            // Part of a mark is no mark.
            assert_eq!(all_lines(b"\xef\xbbx\n", step), [b"\xef\xbbx"]);
        }
        // A first line too long is dropped with its mark.
        let long = format!("{bom}{}\nok\n", "a".repeat(20));
        assert_eq!(
            lines_within(long.as_bytes(), 3, 10),
            [None, Some(b"ok".to_vec())]
        );
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
    fn a_line_longer_than_the_limit_is_dropped_and_the_lines_after_it_come() {
        let mut data = b"a\n".to_vec();
        data.extend_from_slice(&[b'x'; 100]);
        data.extend_from_slice(b"\nbb\n");
        // As long as the limit, once its CR LF is gone: kept.
        data.extend_from_slice(&[b'c'; 10]);
        data.extend_from_slice(b"\r\n");
        // One byte more: too long, found once its line feed is read.
        data.extend_from_slice(&[b'd'; 11]);
        data.extend_from_slice(b"\n");
        // Ten bytes and a CR that ends the input: the CR is the line's.
        data.extend_from_slice(&[b'e'; 10]);
        data.extend_from_slice(b"\r");
        let ten = |byte| Some(vec![byte; 10]);
        let expected = vec![
            Some(b"a".to_vec()),
            None,
            Some(b"bb".to_vec()),
            ten(b'c'),
            None,
            None,
        ];
        for step in [1, 2, 3, 7, 11, 64, 1000] {
            assert_eq!(lines_within(&data, step, 10), expected, "step {step}");
        }
        // A line too long that ends the input, and one that starts it.
        let mut data = vec![b'x'; 100];
        data.extend_from_slice(b"\nok\n");
        data.extend_from_slice(&[b'y'; 100]);
        for step in [1, 7, 1000] {
            assert_eq!(
                lines_within(&data, step, 10),
                [None, Some(b"ok".to_vec()), None],
                "step {step}"
            );
        }
    }

    #[test]
    fn a_line_too_long_is_known_before_it_is_read_and_is_not_kept() {
        // Forty megabytes of one line, limited to a thousand bytes: the
        // line is reported after little more than a thousand of its bytes,
        // and the buffer never grows past a block and the limit.
        let data = vec![0; 40 << 20];
        let mut blocks = Blocks::new(Trickle::waiting(&data, 4096), 1000);
        assert_eq!(blocks.next_block().unwrap(), Some(Block::TooLong));
        assert!(
            blocks.bytes_read() <= 1001 + 4096,
            "{}",
            blocks.bytes_read()
        );
        assert_eq!(blocks.next_block().unwrap(), None);
        assert_eq!(blocks.bytes_read(), data.len() as u64);
        assert!(
            blocks.buffer.len() <= BLOCK + 1002,
            "{}",
            blocks.buffer.len()
        );
    }

    #[test]
    fn a_line_longer_than_a_block_is_one_line() {
        let mut data = vec![b'a'; BLOCK * 2 + 5];
        data.extend_from_slice(b"\nb\n");
        let found = all_lines(&data, 1 << 20);
        assert_eq!(
            lines_within(&data, 1 << 20, BLOCK * 2 + 5),
            found.iter().cloned().map(Some).collect::<Vec<_>>()
        );
        assert_eq!(
            lines_within(&data, 1 << 20, BLOCK * 2 + 4),
            [None, Some(b"b".to_vec())]
        );
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].len(), BLOCK * 2 + 5);
    }

    /// The sizes of the blocks that `reader` gives.
    fn block_sizes(reader: Trickle<'_>) -> Vec<usize> {
        let mut blocks = Blocks::new(reader, ANY);
        let mut sizes = Vec::new();
        while let Some(block) = blocks.next_block().unwrap() {
            let Block::Lines(block) = block else {
                panic!("no limit")
            };
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
        let mut blocks = Blocks::new(Trickle::new(&data, UNIT), ANY);
        let Some(Block::Lines(first)) = blocks.next_block().unwrap() else {
            panic!("no limit")
        };
        let first = first.len();
        assert_eq!(first, data.len());
        assert!(
            blocks.buffer.len() < 2 * data.len(),
            "{}",
            blocks.buffer.len()
        );
        assert!(blocks.next_block().unwrap().is_none());
    }

    /// `block` cut into units of at most `lines` lines, waves of three at
    /// a time, each unit's first line numbered (checked) as its line feeds
    /// before it say.
    fn units(block: &[u8], lines: usize) -> Vec<&[u8]> {
        let (mut rest, mut next_line) = (block, 0);
        let mut units: Vec<&[u8]> = Vec::new();
        while !rest.is_empty() {
            let wave = cut_wave(&mut rest, &mut next_line, 3, lines);
            assert!(!wave.is_empty() && wave.len() <= 3);
            for (unit, start) in wave {
                let before: u64 = units.iter().map(|unit| count_line_feeds(unit)).sum();
                assert_eq!(start, before, "{unit:?}");
                units.push(unit);
            }
        }
        assert_eq!(units.concat(), block);
        units
    }

    #[test]
    fn units_end_after_so_many_lines_or_so_many_bytes() {
        let sizes = |block: &[u8], lines| {
            let cut = units(block, lines);
            cut.iter().map(|unit| unit.len()).collect::<Vec<_>>()
        };
        // Empty lines: units of so many lines, not of `UNIT` bytes, which
        // would be 65,536 records each.
        let blank = vec![b'\n'; 3 * UNIT_LINES + 5];
        assert_eq!(
            sizes(&blank, UNIT_LINES),
            [UNIT_LINES, UNIT_LINES, UNIT_LINES, 5]
        );
        assert_eq!(sizes(&blank[..20], 7), [7, 7, 6]);
        assert_eq!(sizes(&blank[..3], 0), [1, 1, 1]);
        // Lines of 1000 bytes: a unit ends with the line that reaches
        // `UNIT` bytes (the 66th), the last one with the block.
        let long = [&[b'a'; 999][..], b"\n"].concat().repeat(200);
        assert_eq!(sizes(&long, UNIT_LINES), [66_000, 66_000, 66_000, 2_000]);
        assert_eq!(sizes(&long[..5000], 2), [2000, 2000, 1000]);
        // A line longer than a unit is a unit.
        let longer = [&[b'a'; 2 * UNIT][..], b"\nb\n"].concat();
        assert_eq!(sizes(&longer, UNIT_LINES), [2 * UNIT + 1, 2]);
        // Lines of every length: whichever bound comes first, units of
        // whole lines, the last line unended. Runs of 3000 short lines (a
        // unit's 1024 of them are 50 KB) and of 2000 longer ones (a unit's
        // 1024 are 500 KB).
        let length = |i: usize| {
            if i % 5000 < 3000 {
                i * 7 % 100
            } else {
                i % 1000
            }
        };
        let mut mixed: Vec<u8> = (0..20_000)
            .flat_map(|i| [&b"x".repeat(length(i))[..], b"\n"].concat())
            .collect();
        mixed.extend_from_slice(b"unended");
        let cut = units(&mixed, UNIT_LINES);
        let (last, full) = cut.split_last().unwrap();
        assert_eq!(*last.last().unwrap(), b'd');
        let (mut by_lines, mut by_bytes) = (0, 0);
        for unit in full {
            let lines = count_line_feeds(unit) as usize;
            assert_eq!(unit.last(), Some(&b'\n'));
            assert!(lines <= UNIT_LINES, "{lines} lines");
            // Cut at the line that reaches `UNIT` bytes, or at the last
            // line that may be a unit's.
            let before = unit[..unit.len() - 1].iter().rposition(|&b| b == b'\n');
            if unit.len() >= UNIT && before.is_none_or(|at| at + 1 < UNIT) {
                by_bytes += 1;
            } else {
                assert_eq!(lines, UNIT_LINES, "{} bytes", unit.len());
                by_lines += 1;
            }
        }
        assert!(by_lines > 0 && by_bytes > 0, "{by_lines} and {by_bytes}");
        assert!(units(b"", UNIT_LINES).is_empty());
    }

    #[test]
    fn units_hold_as_many_lines_as_their_records_fit_in_the_room() {
        // Records of 4 KiB a line, then of 100 bytes, then of none: a
        // unit's output stays within the room, the first wave's too, which
        // knows nothing of them. (Records that grow make one wave of larger
        // units: `units_stop_at_their_most_output_when_records_grow`.)
        let wave = 2 * rayon::current_num_threads().max(1);
        let region = (2 * wave * UNIT_LINES) as u64;
        let block = b"x\n".repeat(3 * region as usize);
        let size = |number: u64| match (number - 1) / region {
            0 => 4096,
            1 => 100,
            _ => 0,
        };
        let mut formatter = Formatter::new(ANY);
        let mut written = Vec::new();
        let lines = formatter
            .format_block(
                &block,
                1,
                |number, _, out: &mut Vec<u8>, count: &mut u64| {
                    out.resize(out.len() + size(number), b'r');
                    *count += 1;
                },
                |out, count| {
                    written.push((out.len(), count));
                    Ok::<(), ()>(())
                },
            )
            .unwrap();
        assert_eq!(lines, 3 * region);
        assert_eq!(written.iter().map(|&(_, lines)| lines).sum::<u64>(), lines);
        let most = UNIT_LINES as u64;
        let first = FIRST_UNIT_LINES as u64;
        assert!(written[..wave].iter().all(|&(_, lines)| lines == first));
        assert!(written.iter().all(|&(out, _)| out <= ROOM), "{written:?}");
        // Records of 4 KiB: units of 64 lines; of 100 bytes or none, of
        // the most.
        assert!(written.contains(&(ROOM, 64)), "{written:?}");
        assert!(written.contains(&(100 * UNIT_LINES, most)), "{written:?}");
        assert!(written.contains(&(0, most)), "{written:?}");
    }

    #[test]
    fn units_stop_at_their_most_output_when_records_grow() {
        // Lines whose records are empty (valid lines that `check` counts),
        // then lines of 4 KiB records: the wave after the empty ones cuts
        // units of `UNIT_LINES` lines, 4 MiB of records each, which waited
        // to be written two a core. Each unit's output now stops at
        // `UNIT_OUTPUT`, and the rest of its lines comes after it, in order,
        // each line once.
        let wave = 2 * rayon::current_num_threads().max(1);
        let quiet = (2 * wave * UNIT_LINES) as u64;
        let total = quiet + (2 * wave * UNIT_LINES) as u64;
        let block = b"x\n".repeat(total as usize);
        let record = 4096;
        let mut formatter = Formatter::new(ANY);
        let mut written: Vec<usize> = Vec::new();
        let mut numbers: Vec<u64> = Vec::new();
        let lines = formatter
            .format_block(
                &block,
                1,
                |number, _, out: &mut Vec<u8>, seen: &mut Vec<u64>| {
                    if number > quiet {
                        out.resize(out.len() + record, b'r');
                    }
                    seen.push(number);
                },
                |out, seen| {
                    written.push(out.len());
                    numbers.extend(seen);
                    Ok::<(), ()>(())
                },
            )
            .unwrap();
        assert_eq!(lines, total);
        assert_eq!(numbers, (1..=total).collect::<Vec<_>>());
        let most = written.iter().max().copied().unwrap_or(0);
        assert!(most <= UNIT_OUTPUT, "{most} bytes, over {UNIT_OUTPUT}");
        // The units that stopped: the rest of their lines took pieces of
        // their own, each of the most output.
        assert!(written.contains(&UNIT_OUTPUT), "{written:?}");
        assert_eq!(
            written.iter().sum::<usize>(),
            (total - quiet) as usize * record
        );
    }

    #[test]
    fn units_keep_order_and_line_numbers() {
        let block: Vec<u8> = (0..50_000)
            .flat_map(|i| format!("{i}\n").into_bytes())
            .collect();
        let mut formatter = Formatter::new(ANY);
        // Twice: the second block is formatted into the first one's buffers.
        for round in 0..2 {
            let mut joined = Vec::new();
            let mut units = 0;
            let mut total = 0;
            formatter
                .format_block(
                    &block,
                    1,
                    |number, item: Item<'_>, out: &mut Vec<u8>, count: &mut u64| {
                        let Item::Line(line) = item else {
                            panic!("no limit")
                        };
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
            // A wave's buffers serve the next wave: no more are made, and
            // no more kept, than a wave has units.
            let wave = 2 * rayon::current_num_threads().max(1);
            assert_eq!(
                formatter.spare.len(),
                units.min(wave),
                "a wave's buffers are kept"
            );
        }
    }

    /// A line, owned: its text if it is UTF-8, else its bytes.
    fn owned(line: Line<'_>) -> Result<String, Vec<u8>> {
        match line {
            Line::Text(text) => Ok(text.to_owned()),
            Line::Bytes(bytes) => Err(bytes.to_vec()),
        }
    }

    /// A line as `Formatter` hands it to `format`, owned; `None` for one
    /// too long.
    type Seen = Option<Result<String, Vec<u8>>>;

    /// The lines `Formatter` hands to `format` for `block`, with their
    /// numbers, in order, and the number of lines it says the block has.
    fn seen_within(block: &[u8], max_line: usize) -> (Vec<(u64, Seen)>, u64) {
        let seen = std::sync::Mutex::new(Vec::new());
        let count = Formatter::new(max_line)
            .format_block(
                block,
                7,
                |number, item, _: &mut Vec<u8>, (): &mut ()| {
                    let line = match item {
                        Item::Line(line) => Some(owned(line)),
                        Item::TooLong => None,
                    };
                    seen.lock().unwrap().push((number, line));
                },
                |_, ()| Ok::<(), ()>(()),
            )
            .unwrap();
        let mut seen = seen.into_inner().unwrap();
        seen.sort_by_key(|&(number, _)| number);
        assert_eq!(count, seen.len() as u64, "{block:?}");
        (seen, count)
    }

    /// The lines `Formatter` hands to `format` for `block`, with no limit.
    fn seen(block: &[u8]) -> Vec<(u64, Seen)> {
        seen_within(block, ANY).0
    }

    /// The lines of `block` as [`lines`] cuts them, numbered from 7.
    fn cut(block: &[u8]) -> Vec<(u64, Seen)> {
        (7..)
            .zip(lines(block).map(|line| Some(owned(Line::new(line)))))
            .collect()
    }

    #[test]
    fn the_formatter_hands_over_lines_too_long_as_such() {
        let (seen, count) = seen_within(b"ab\ncde\r\nfghi\n\xff\xff\xff\xff\nabc\r", 3);
        let seen: Vec<Seen> = seen.into_iter().map(|(_, line)| line).collect();
        assert_eq!(
            seen,
            [
                Some(Ok("ab".to_owned())),
                Some(Ok("cde".to_owned())),
                None,
                None,
                None
            ]
        );
        assert_eq!(count, 5);
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
                Some(Ok("a".to_owned())),
                Some(Err(b"b\xff".to_vec())),
                Some(Ok("c\u{e9}".to_owned()))
            ]
        );
        // Long units that are UTF-8 throughout, cut the same way.
        let block = "h\u{e9}llo\r\n".repeat(2 * UNIT / 8);
        assert_eq!(seen(block.as_bytes()), cut(block.as_bytes()));
    }

    #[test]
    fn a_write_error_stops_the_block_and_a_huge_buffer_is_not_kept() {
        let mut formatter = Formatter::new(ANY);
        let mut block = vec![b'a'; KEEP + 1];
        block.push(b'\n');
        let mut written = 0;
        let result = formatter.format_block(
            &block,
            1,
            |_, item: Item<'_>, out: &mut Vec<u8>, (): &mut ()| {
                if let Item::Line(line) = item {
                    out.extend_from_slice(line.bytes());
                }
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

    #[test]
    fn what_a_write_refused_by_sigint_was_of_is_not_counted() {
        // Both kinds of block, lines and a line too long, are written and
        // counted through `write_records`.
        let mut total = 0;
        let mut count = |result: Result<(), Stop>, records: &[u8], count: u64| {
            then_count(records, |_| result, count, |count| total += count)
        };
        assert!(count(Ok(()), b"r\n", 1).is_ok());
        // Closed or failing: the status is that of what was read.
        assert!(count(Err(Stop::Closed), b"r\n", 10).is_err());
        let failed = Stop::Failed(io::Error::other("full"));
        assert!(count(Err(failed), b"r\n", 100).is_err());
        // Nothing written: not counted.
        let refused = count(Err(Stop::Interrupted), b"r\n", 1000);
        assert!(matches!(refused, Err(Stop::Interrupted)));
        // Nothing to write (`--quiet`, `--summary`): nothing refused.
        assert!(count(Err(Stop::Interrupted), b"", 10_000).is_ok());
        assert_eq!(total, 10_111);
    }
}
