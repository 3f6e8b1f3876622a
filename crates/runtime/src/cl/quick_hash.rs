//! A hasher for the session's small maps that are asked on every command:
//! the buffer pool's size classes and the profiler's group names (note
//! [host work per run] in `executor/kernel.rs`). The standard library's
//! SipHash resists flooding by chosen keys, which these keys (byte counts
//! of size classes, kernel names the compiler chose) cannot do, and costs
//! about a hundred instructions a key; this is FNV-1a over the bytes, with
//! a 64-bit finaliser (MurmurHash3's `fmix64`) so that the high bits the
//! table takes its tags from, and the low bits it takes its slots from,
//! both depend on every bit of a key (size classes are multiples of 256).

use std::hash::{BuildHasherDefault, Hasher};

/// FNV-1a with a finaliser (see the file essay).
#[derive(Clone, Copy, Debug)]
pub struct QuickHasher(u64);

impl Default for QuickHasher {
    fn default() -> QuickHasher {
        QuickHasher(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for QuickHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0 ^ value).wrapping_mul(0x0000_0100_0000_01b3);
    }

    fn write_usize(&mut self, value: usize) {
        self.write_u64(value as u64);
    }

    fn finish(&self) -> u64 {
        let mut x = self.0;
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^= x >> 33;
        x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        x ^ (x >> 33)
    }
}

/// A `HashMap` with [`QuickHasher`].
pub type QuickMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<QuickHasher>>;

#[cfg(test)]
mod tests {
    use std::hash::{BuildHasher, BuildHasherDefault};

    use super::*;

    /// Size classes (multiples of 256) spread over the low bits (the
    /// table's slots) and the top seven (its tags).
    #[test]
    fn size_classes_spread_over_low_and_high_bits() {
        let build = BuildHasherDefault::<QuickHasher>::default();
        let hashes: Vec<u64> = (1..=256usize).map(|k| build.hash_one(k * 256)).collect();
        let low: std::collections::HashSet<u64> = hashes.iter().map(|h| h & 0xff).collect();
        let high: std::collections::HashSet<u64> = hashes.iter().map(|h| h >> 57).collect();
        assert!(low.len() > 128, "{} low bytes", low.len());
        assert!(high.len() > 64, "{} tags", high.len());
    }

    #[test]
    fn maps_find_what_they_hold() {
        let mut map: QuickMap<String, usize> = QuickMap::default();
        for i in 0..1000 {
            map.insert(format!("quicksort_fused_{i}"), i);
        }
        assert!((0..1000).all(|i| map.get(&format!("quicksort_fused_{i}")) == Some(&i)));
        assert_eq!(map.get("quicksort_fused_1000"), None);
    }
}
