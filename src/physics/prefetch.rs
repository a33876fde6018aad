//! Software prefetch for loops that reach big arrays by index.
//!
//! The step walks its link list in order but reaches the contacts, shapes
//! and bodies behind it by index, all over arrays much larger than the
//! cache (a 10,000-ball pile has 48,000 contacts of 272 bytes). The
//! hardware prefetcher cannot guess those addresses; asking for the item a
//! few iterations ahead hides most of the wait (measured on rain: contact
//! preparation 35 % faster). A hint only: results never depend on it.

/// How many iterations ahead the loops ask.
pub const AHEAD: usize = 6;

/// Below this many bytes an array stays in cache from one pass to the
/// next, and asking ahead only costs its instructions (2–3 % of a 200-box
/// pile's step). Set where the second-level cache was 2 MB; the AMD EPYC
/// of later sessions has 512 KB a core (and 32 MB shared). Half or a
/// quarter of this there (alternated within one run): ball_pit_2000 3–7 %
/// faster, box_pile 2–12 % slower, the rest mixed; left as it was.
const CACHED_BYTES: usize = 1 << 20;

/// Is an array of `count` items of `T` big enough for its loops to ask
/// ahead?
#[inline]
pub fn worth_asking<T>(count: usize) -> bool {
    count.saturating_mul(std::mem::size_of::<T>()) > CACHED_BYTES
}

/// Ask for the cache lines of `slice[i]` (nothing if out of range).
#[inline(always)]
pub fn prefetch<T>(slice: &[T], i: usize) {
    if let Some(item) = slice.get(i) {
        prefetch_ref(item);
    }
}

/// Ask for the cache lines of `item`.
#[inline(always)]
pub fn prefetch_ref<T>(item: &T) {
    prefetch_front(item, std::mem::size_of::<T>());
}

/// Ask for the lines holding the first `bytes` of `slice[i]` (nothing if
/// out of range): for loops that read only the front of a big record.
#[inline(always)]
pub fn prefetch_prefix<T>(slice: &[T], i: usize, bytes: usize) {
    if let Some(item) = slice.get(i) {
        prefetch_front(item, bytes);
    }
}

/// Ask for the lines holding bytes `from..to` of `slice[i]` (nothing if
/// out of range): for loops that read only the middle of a big record.
#[inline(always)]
pub fn prefetch_span<T>(slice: &[T], i: usize, (from, to): (usize, usize)) {
    if let Some(item) = slice.get(i) {
        prefetch_lines(item, from, to);
    }
}

/// Ask for the lines holding the first `bytes` of `item`.
#[inline(always)]
pub fn prefetch_front<T>(item: &T, bytes: usize) {
    prefetch_lines(item, 0, bytes);
}

/// Ask for the lines holding bytes `from..to` of `item`.
#[inline(always)]
fn prefetch_lines<T>(item: &T, from: usize, to: usize) {
    let start = item as *const T as *const u8;
    let mut offset = from;
    // One address every line's length from `from` (the last line of an
    // item that does not start on a line is left to the hardware's own
    // prefetcher).
    while offset < to.min(std::mem::size_of::<T>()) {
        line(start.wrapping_add(offset));
        offset += 64;
    }
}

#[inline(always)]
fn line(p: *const u8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint that never faults, and `p` points into
    // a live item.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(p as *const i8);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}
