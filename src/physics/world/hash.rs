//! Small deterministic hashing: FNV-1a for state hashes, and a fixed-seed
//! hasher for pair lookup tables (never iterated, so order cannot leak).

use std::hash::{BuildHasherDefault, Hasher};

/// 64-bit FNV-1a over words, used for the world state hash.
#[derive(Clone, Copy, Debug)]
pub struct Fnv64(u64);

impl Default for Fnv64 {
    fn default() -> Self {
        Fnv64(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv64 {
    pub fn word(&mut self, w: u64) {
        for i in 0..8 {
            self.0 ^= (w >> (8 * i)) & 0xff;
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    pub fn real(&mut self, r: f64) {
        self.word(r.to_bits());
    }

    pub fn finish(self) -> u64 {
        self.0
    }
}

/// A multiply-xorshift hasher for integer keys (pair keys). Fixed seed: the
/// same keys always land the same way, and we never iterate the map anyway.
#[derive(Default, Clone, Copy)]
pub struct PairHasher(u64);

impl Hasher for PairHasher {
    fn finish(&self) -> u64 {
        let mut x = self.0;
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^= x >> 33;
        x
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ *b as u64).wrapping_mul(0x100_0000_01b3);
        }
    }

    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0 ^ v).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

pub type PairMap<V> = std::collections::HashMap<u64, V, BuildHasherDefault<PairHasher>>;

/// Order-independent key of an unordered pair of shape indices.
#[inline]
pub fn pair_key(a: u32, b: u32) -> u64 {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    ((hi as u64) << 32) | lo as u64
}
