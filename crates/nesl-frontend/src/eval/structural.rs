//! `hash`, the primitive that looks at a value of any type as a whole.
//! (`eql` is [`Value::deep_eq`].)

use crate::value::{Seq, Value};

use super::prims_scalar::PrimResult;
use super::random::mix64;

/// `hash(v, n)`: a deterministic hash of `v` in `[0, n)`; faults unless
/// `n > 0`. See note [hash] in `builtins.rs` for the exact function.
pub(super) fn hash(value: &Value, range: i64) -> PrimResult {
    if range <= 0 {
        return Err(format!("`hash`: the range must be positive, but it is {range}"));
    }
    let mut state = 0;
    hash_value(&mut state, value);
    Ok(Value::Int((state % range as u64) as i64))
}

/// Mixes one word into the state.
fn absorb(state: &mut u64, word: u64) {
    *state = mix64(state.wrapping_add(word).wrapping_add(0x9E37_79B9_7F4A_7C15));
}

/// The word a float contributes: values that `eql` calls equal (`0.0` and
/// `-0.0`) give the same word, and every NaN gives one word.
fn float_word(x: f64) -> u64 {
    if x == 0.0 {
        0
    } else if x.is_nan() {
        f64::NAN.to_bits()
    } else {
        x.to_bits()
    }
}

fn hash_value(state: &mut u64, value: &Value) {
    match value {
        Value::Int(x) => absorb(state, *x as u64),
        Value::Float(x) => absorb(state, float_word(*x)),
        Value::Bool(x) => absorb(state, u64::from(*x)),
        Value::Char(x) => absorb(state, u64::from(*x)),
        Value::Pair(pair) => {
            hash_value(state, &pair.0);
            hash_value(state, &pair.1);
        }
        Value::Data(_, fields) => fields.iter().for_each(|f| hash_value(state, f)),
        Value::Seq(seq) => {
            absorb(state, seq.len() as u64);
            // The elements' own hashes, each mixed with its position and
            // summed (a reduction, so parallel backends compute it alike).
            let own = |word: u64| mix64(word.wrapping_add(0x9E37_79B9_7F4A_7C15));
            let at = |i: usize, element_hash: u64| mix64(element_hash ^ mix64(i as u64));
            let sum = match seq {
                Seq::Int(c) => {
                    c.as_slice().iter().enumerate().map(|(i, x)| at(i, own(*x as u64))).fold(0, u64::wrapping_add)
                }
                Seq::Float(c) => {
                    c.as_slice().iter().enumerate().map(|(i, x)| at(i, own(float_word(*x)))).fold(0, u64::wrapping_add)
                }
                Seq::Bool(c) => {
                    c.as_slice().iter().enumerate().map(|(i, x)| at(i, own(u64::from(*x)))).fold(0, u64::wrapping_add)
                }
                Seq::Char(c) => {
                    c.as_slice().iter().enumerate().map(|(i, x)| at(i, own(u64::from(*x)))).fold(0, u64::wrapping_add)
                }
                _ => seq
                    .iter()
                    .enumerate()
                    .map(|(i, element)| {
                        let mut element_hash = 0;
                        hash_value(&mut element_hash, &element);
                        at(i, element_hash)
                    })
                    .fold(0, u64::wrapping_add),
            };
            absorb(state, sum);
        }
    }
}
