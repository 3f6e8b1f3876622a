//! The hasher of the session's small maps that are asked on every command:
//! the buffer pool's size classes and the profiler's group names (note
//! [host work per run] in `executor/kernel.rs`). The standard library's
//! SipHash resists flooding by chosen keys, which these keys (byte counts
//! of size classes, kernel names the compiler chose) cannot do, and costs
//! about a hundred instructions a key; `foldhash`'s fast hasher (hashbrown's
//! default) costs a few, with a fixed seed so that runs are repeatable.

/// A `HashMap` with `foldhash`'s fast, fixed-seed hasher.
pub type QuickMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::FixedState>;

#[cfg(test)]
mod tests {
    use std::hash::BuildHasher;

    use super::*;

    /// Size classes (multiples of 256) spread over the low bits (the
    /// table's slots) and the top seven (its tags).
    #[test]
    fn size_classes_spread_over_low_and_high_bits() {
        let build = foldhash::fast::FixedState::default();
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
