//! `rand` and `rand_seed`: a SplitMix64 stream (Steele, Lea and Flood,
//! "Fast splittable pseudorandom number generators", OOPSLA 2014), seeded
//! with 0 when a program starts.
//!
//! Draws happen in evaluation order, so `{rand(10) : i in index(5)}` takes
//! five consecutive numbers of the stream. Other backends agree with this
//! one on the distribution of `rand`, not on its values.

use crate::value::Value;

const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output function: a bijection of `u64` that mixes every input
/// bit into every output bit. Also the mixing step of `hash`.
pub(super) fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The generator's state.
pub(super) struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub(super) fn new(seed: i64) -> SplitMix64 {
        SplitMix64 { state: seed as u64 }
    }

    pub(super) fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        mix64(self.state)
    }

    /// `rand(bound)` for an int or float `bound`: uniform in `[0, bound)`
    /// for a positive bound, 0 for a zero bound, and uniform in `(bound, 0]`
    /// for a negative one (the mirror image), so that `rand` never fails.
    pub(super) fn rand(&mut self, bound: &Value) -> Option<Value> {
        match bound {
            Value::Int(n) => {
                // The high half of a 64x64-bit product: uniform in
                // [0, |n|) up to a bias below |n| / 2^64.
                let magnitude = ((self.next_u64() as u128 * n.unsigned_abs() as u128) >> 64) as u64;
                let draw = if *n < 0 { (magnitude as i64).wrapping_neg() } else { magnitude as i64 };
                Some(Value::Int(draw))
            }
            Value::Float(x) => {
                let unit = (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64);
                Some(Value::Float(unit * x))
            }
            _ => None,
        }
    }
}
