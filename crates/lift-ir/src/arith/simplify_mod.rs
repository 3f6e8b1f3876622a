//! The smart constructor of the remainder `x mod y` (C's and Rust's `%`:
//! the sign of the dividend, `x = (x / y) * y + x mod y`).
//!
//! Rules, in order (the first that applies wins):
//! - `mod-by-zero`: `x mod 0` stays as it is (undefined).
//! - `mod-fold-constants`; `mod-by-one`: `x mod 1 = x mod -1 = 0`;
//!   `mod-by-negative`: `x mod -c = x mod c`.
//! - `mod-of-zero`, `mod-by-self`: `0 mod y = x mod x = 0`.
//! - `mod-of-multiple`, the paper's rule (5): `(x*y) mod y = 0`, for any
//!   numerator that is structurally a multiple of `y`.
//! - `mod-of-mod`: `(x mod (k*y)) mod y = x mod y`, exact for truncation
//!   because `x mod (k*y)` differs from `x` by a multiple of `y` of the
//!   same sign.
//! - `mod-drop-multiples`, the paper's rule (6) in the direction that
//!   simplifies: `(q*y + r) mod y = r mod y` when `q*y` and `r` have the same
//!   sign (the same split and proof as `div-extract-multiples`), and
//!   `r + y` when the numerator is `>= 0` and `-y <= r <= -1`. Distributing
//!   `mod` over every term, as the paper states the rule, would not
//!   terminate if applied blindly; this form removes terms and so cannot
//!   loop.
//! - `mod-smaller-is-self`, the paper's rule (3): `x mod y = x` when
//!   `|x| < |y|` is proven.
//!
//! Together: `(wg_id*M + l_id) mod M` drops `wg_id*M` (both terms `>= 0`)
//! and then `l_id mod M = l_id` because `l_id ∈ [0, M - 1]`.
//!
//! Termination: every recursive call has a strictly smaller numerator.

use super::compare::proves_smaller_magnitude;
use super::monomial::exact_quotient;
use super::simplify_div::{MultiplesRule, multiples_rule, split_multiples};
use super::{ArithExpr, ArithKind};

pub(super) fn modulo(numerator: ArithExpr, modulus: ArithExpr) -> ArithExpr {
    if let Some(divisor) = modulus.as_cst() {
        if divisor == 0 {
            return ArithExpr::canonical(ArithKind::Mod(numerator, modulus));
        }
        if let Some(dividend) = numerator.as_cst() {
            return ArithExpr::cst(dividend.wrapping_rem(divisor));
        }
        match divisor {
            1 | -1 => return ArithExpr::zero(),
            i64::MIN => {}
            negative if negative < 0 => return modulo(numerator, ArithExpr::cst(-negative)),
            _ => {}
        }
    }
    if numerator.is_cst(0) || numerator == modulus || exact_quotient(&numerator, &modulus).is_some() {
        return ArithExpr::zero();
    }
    if let ArithKind::Mod(inner_numerator, inner_modulus) = numerator.kind()
        && exact_quotient(inner_modulus, &modulus).is_some()
    {
        return modulo(inner_numerator.clone(), modulus);
    }
    if let Some(split) = split_multiples(&numerator, &modulus) {
        match multiples_rule(&numerator, &modulus, &split) {
            Some(MultiplesRule::SameSign) => return modulo(split.rest, modulus),
            Some(MultiplesRule::BorrowOne) => return split.rest + modulus,
            None => {}
        }
    }
    if proves_smaller_magnitude(&numerator, &modulus) {
        return numerator;
    }
    ArithExpr::canonical(ArithKind::Mod(numerator, modulus))
}
