//! Sixteen bytes at a time: the bytes of a window as bit masks of the
//! classes a scan asks about, one bit per byte, bit `i` for the byte at `i`.
//!
//! Through SSE2 on x86_64, where every processor has it, by `safe_arch`'s
//! safe forms of its intrinsics; other targets get none of this module, and
//! each scan its scalar form. The window is read with 8-byte loads; bytes
//! past the end read as 0, which is in no class.

use crate::charset;
use safe_arch::{
    add_i8_m128i, bitor_m128i, cmp_eq_mask_i8_m128i, cmp_lt_mask_i8_m128i, m128i,
    move_mask_i8_m128i, set_i64_m128i, set_splat_i8_m128i,
};

/// The 8 bytes of `bytes` from `at` on, as a little-endian word, zeros past
/// the end. Branch-free when `bytes` holds at least 8.
#[inline(always)]
fn word(bytes: &[u8], at: usize) -> u64 {
    match bytes.len().checked_sub(8) {
        Some(last) => {
            // The last full word at or before `at`, shifted down to `at`:
            // the bytes before the end, zeros after.
            let from = at.min(last);
            let word = u64::from_le_bytes([
                bytes[from],
                bytes[from + 1],
                bytes[from + 2],
                bytes[from + 3],
                bytes[from + 4],
                bytes[from + 5],
                bytes[from + 6],
                bytes[from + 7],
            ]);
            // Shifted by up to 64 bits in two steps of at most 32, which
            // clears the word at 64 without a branch.
            let shift = 8 * (at - from).min(8) as u32;
            word >> (shift / 2) >> (shift - shift / 2)
        }
        None => short_word(bytes, at),
    }
}

/// [`word`] of fewer than 8 bytes.
#[cold]
fn short_word(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0u8; 8];
    for (to, &byte) in word.iter_mut().zip(bytes.iter().skip(at)) {
        *to = byte;
    }
    u64::from_le_bytes(word)
}

/// The 16 bytes of `bytes` from `at` on, zeros past the end.
#[inline(always)]
fn window(bytes: &[u8], at: usize) -> m128i {
    let low = word(bytes, at);
    let high = word(bytes, at + 8);
    // The casts keep the bits: the intrinsic takes signed lanes.
    set_i64_m128i(high as i64, low as i64)
}

/// Which bytes of `v` lie in `from..=to` (an unsigned range below 0x80).
#[inline(always)]
fn in_range(v: m128i, from: u8, to: u8) -> m128i {
    // Shifted so that `from` is the least signed byte: the range is then
    // the bytes below `to - from + 1` past it, compared signed.
    let shift = 0x80u8.wrapping_sub(from) as i8;
    let limit = (0x80u8.wrapping_add(to - from + 1)) as i8;
    cmp_lt_mask_i8_m128i(
        add_i8_m128i(v, set_splat_i8_m128i(shift)),
        set_splat_i8_m128i(limit),
    )
}

/// The bit mask of the lanes of `v` set to all ones.
#[inline(always)]
fn mask(v: m128i) -> u32 {
    // The 16 sign bits, as a non-negative `i32`.
    move_mask_i8_m128i(v) as u32
}

// The masks below test letters, digits, `-` and `.` by ranges of bytes:
// the same classes as `charset`'s tables, which `build.rs` generates from
// the grammar, checked when the crate compiles.
const _: () = {
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        let letter = (byte | 0x20).is_ascii_lowercase();
        let digit = byte.is_ascii_digit();
        assert!(charset::ALPHA.contains(byte) == letter);
        assert!(charset::DIGIT.contains(byte) == digit);
        assert!(charset::DOMAINLABEL_BODY.contains(byte) == (letter || digit || byte == b'-'));
        b += 1;
    }
};

/// The bytes of a hostname's run in a window of 32, by class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HostMasks {
    /// Letters, digits, `-` and `.`: the run's bytes.
    pub run: u32,
    /// Letters.
    pub letter: u32,
    /// `-`.
    pub hyphen: u32,
    /// `.`.
    pub dot: u32,
}

/// [`HostMasks`] of the 32 bytes at the start of `bytes`.
#[inline(always)]
pub(crate) fn host_masks(bytes: &[u8]) -> HostMasks {
    let half = |at: usize| {
        let v = window(bytes, at);
        // ASCII letters are the bytes that are lower-case letters once
        // their 0x20 bit is set.
        let letter = in_range(bitor_m128i(v, set_splat_i8_m128i(0x20)), b'a', b'z');
        let digit = in_range(v, b'0', b'9');
        let hyphen = cmp_eq_mask_i8_m128i(v, set_splat_i8_m128i(b'-' as i8));
        let dot = cmp_eq_mask_i8_m128i(v, set_splat_i8_m128i(b'.' as i8));
        let run = bitor_m128i(bitor_m128i(letter, digit), bitor_m128i(hyphen, dot));
        [mask(run), mask(letter), mask(hyphen), mask(dot)]
    };
    let [run0, letter0, hyphen0, dot0] = half(0);
    let [run1, letter1, hyphen1, dot1] = half(16);
    HostMasks {
        run: run0 | run1 << 16,
        letter: letter0 | letter1 << 16,
        hyphen: hyphen0 | hyphen1 << 16,
        dot: dot0 | dot1 << 16,
    }
}
