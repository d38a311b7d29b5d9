//! A fast, non-cryptographic hasher for maps keyed by pointers and small
//! integers (the "Fx" multiply-rotate hash of rustc and Firefox).
//!
//! The standard SipHash guards against hash flooding, which a compiler pass
//! keyed by `LLVMValueRef` does not face; it cost about 2.5% of
//! `gpucc-bypass-slow-division`'s instructions. Iteration order of these maps
//! must never decide output (STYLE.md 2.9): they are for lookups only.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// `HashMap` with [`FxHasher`].
pub type FxHashMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// The Fx hash: for each word, `h = (h.rotl(5) ^ word) * K`.
#[derive(Clone, Copy, Debug, Default)]
pub struct FxHasher {
    hash: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(
                c.try_into().expect("chunks_exact gives 8 bytes"),
            ));
        }
        for &b in chunks.remainder() {
            self.add(u64::from(b));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
    fn finish(&self) -> u64 {
        self.hash
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_keys_hash_equal_and_map_works() {
        let mut m: FxHashMap<(bool, usize, usize), u32> = FxHashMap::default();
        for i in 0..1000usize {
            m.insert(
                (i % 2 == 0, i * 16, i * 32),
                u32::try_from(i).expect("small"),
            );
        }
        for i in 0..1000usize {
            assert_eq!(
                m.get(&(i % 2 == 0, i * 16, i * 32)).copied(),
                u32::try_from(i).ok()
            );
        }
        assert_eq!(m.len(), 1000);
    }
}
