//! `rand` and `rand_seed`: a counter-based generator, defined so that every
//! backend draws the same numbers for the same program.
//!
//! NESL 3.1 draws from one global stream in evaluation order. That order is
//! the interpreter's, not a GPU's: the elements of an apply-to-each run at
//! once. So a draw here is not the next number of a stream but a hash of
//! *where* it happens, SplitMix64's output function (`mix`, Steele, Lea and
//! Flood, OOPSLA 2014) applied to a 64-bit **key** that names the dynamic
//! context, the way counter-based generators (Salmon et al., SC 2011) hash a
//! counter:
//!
//! - a top-level form starts with key `mix(seed + γ)` (γ =
//!   `0x9E3779B97F4A7C15`, the first output of SplitMix64 seeded with
//!   `seed`); `seed` is 0 when the program starts;
//! - a call at call site `c` runs the callee with key `mix(key ⊕ c)`;
//! - element `i` of an apply-to-each (its position in the generators, before
//!   the filter) evaluates its filter and its body with key
//!   `mix(key ⊕ mix(i))`;
//! - `rand(b)` at site `c` takes `z = mix(key ⊕ c)` and maps it into range:
//!   for an int `b`, the high 64 bits of the 128-bit product `z · |b|`,
//!   negated when `b < 0`; for a float `b`, `(z >> 11) · 2^-53 · b`. So
//!   `rand(0)` is 0, a negative bound draws from `(b, 0]`, and `rand` never
//!   faults;
//! - `rand_seed(s)` sets `seed` to `s` for the top-level forms that follow
//!   (the form that calls it keeps its key), wherever it runs; inside an
//!   apply-to-each the last `rand_seed` of the element-by-element,
//!   depth-first order wins. The flat backends thread the seed as a value
//!   (`flatten/src/random_keys.rs`, `flatten/src/seed_values.rs`).
//!
//! A site `c` names a call or a `rand` by where it is in the program, not
//! by its byte offset, so that editing a comment does not change the
//! numbers ([`Sites`]): `c = mix(h ⊕ k)`, where `k` counts the calls and
//! `rand`s before it in its function's body (in evaluation order, operands
//! first) and `h` hashes the function's source name (`%3` for the body of
//! top-level form 3): `h = mix(h + byte + γ)` over the name's bytes,
//! starting at 0. The copies of a polymorphic function made by
//! monomorphisation get the same sites. Everything else (`let`, `if`,
//! operands) keeps the key, and two draws in one context differ by their
//! sites. A recursive function gets a new key at every depth (each call
//! mixes the key again).
//!
//! `flatten` passes the key as a hidden argument of the functions that draw
//! and computes it per instance in lifted code (`flatten/src/random_keys.rs`);
//! the primitives `__rand_key`, `__rand_mix` and `__rand_draw`, which only
//! that rewrite writes, are [`form_key`], [`mix_key`] and [`draw`].

use crate::tast::{ExprId, ExprKind, Program};
use crate::value::Value;

/// SplitMix64's increment.
pub const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output function: a bijection of `u64` that mixes every input
/// bit into every output bit. Also the mixing step of `hash`.
pub fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The key of a top-level form under `seed`.
pub fn form_key(seed: i64) -> u64 {
    mix64((seed as u64).wrapping_add(GOLDEN_GAMMA))
}

/// `mix(a ⊕ b)`: the key of a call (`b` its site), of an element (`b =
/// mix(i)`), and the word a draw maps into range (`b` the draw's site).
pub fn mix_key(a: u64, b: u64) -> u64 {
    mix64(a ^ b)
}

/// The site of every call and `rand` of a program (see the module doc),
/// indexed by expression.
pub struct Sites(Vec<u64>);

impl Sites {
    pub fn of(program: &Program) -> Sites {
        let mut sites = Sites(vec![0; program.exprs.len()]);
        for (_, func) in program.functions.iter() {
            sites.number(program, &func.name, func.body);
        }
        for (index, item) in program.items.iter().enumerate() {
            let value = match &item.kind {
                crate::tast::TopItemKind::Bind { value, .. } | crate::tast::TopItemKind::Expr { value } => *value,
            };
            sites.number(program, &format!("%{index}"), value);
        }
        sites
    }

    /// The site of call or `rand` `e`.
    pub fn get(&self, e: ExprId) -> u64 {
        self.0[u32::from(e.into_raw()) as usize]
    }

    /// Numbers the calls and `rand`s of the body `root` of `name`.
    fn number(&mut self, program: &Program, name: &str, root: ExprId) {
        let h = name.bytes().fold(0u64, |h, b| mix64(h.wrapping_add(u64::from(b)).wrapping_add(GOLDEN_GAMMA)));
        let mut count = 0u64;
        // An explicit stack (bodies can be deep): post-order, operands in
        // evaluation order.
        let mut stack = vec![(root, false)];
        while let Some((e, visited)) = stack.pop() {
            let kind = &program.exprs[e].kind;
            if visited {
                if matches!(kind, ExprKind::Call { .. } | ExprKind::Prim { prim: crate::builtins::Prim::Rand, .. }) {
                    self.0[u32::from(e.into_raw()) as usize] = mix64(h ^ count);
                    count += 1;
                }
                continue;
            }
            stack.push((e, true));
            let operands = kind.children();
            stack.extend(operands.into_iter().rev().map(|o| (o, false)));
        }
    }
}

/// The key of element `i` of an apply-to-each run with key `key`.
pub fn element_key(key: u64, i: usize) -> u64 {
    mix_key(key, mix64(i as u64))
}

/// Maps the word `z` into the range of `rand(bound)` (see the module doc);
/// `None` for a bound that is not a number.
pub fn draw(z: u64, bound: &Value) -> Option<Value> {
    match bound {
        Value::Int(n) => {
            let magnitude = ((z as u128 * n.unsigned_abs() as u128) >> 64) as u64;
            let draw = if *n < 0 { (magnitude as i64).wrapping_neg() } else { magnitude as i64 };
            Some(Value::Int(draw))
        }
        Value::Float(x) => {
            let unit = (z >> 11) as f64 * (1.0 / (1u64 << 53) as f64);
            Some(Value::Float(unit * x))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_form_key_is_splitmix64s_first_output_and_draws_map_into_range() {
        // The published first outputs of SplitMix64 seeded with 0 and 1.
        assert_eq!(form_key(0), 0xE220_A839_7B1D_CDAF);
        assert_eq!(form_key(1), 0x910A_2DEC_8902_5CC1);
        let int = |z: u64, n: i64| match draw(z, &Value::Int(n)) {
            Some(Value::Int(x)) => x,
            _ => panic!("not an int"),
        };
        assert_eq!(int(u64::MAX, 10), 9);
        assert_eq!(int(1 << 63, 10), 5);
        assert_eq!(int(1 << 63, -10), -5);
        assert_eq!(int(u64::MAX, i64::MIN), i64::MIN + 1);
        assert_eq!(int(123, 0), 0);
        assert!(matches!(draw(1 << 63, &Value::Float(3.0)), Some(Value::Float(x)) if x == 1.5));
        assert!(draw(123, &Value::Bool(true)).is_none());
    }
}
