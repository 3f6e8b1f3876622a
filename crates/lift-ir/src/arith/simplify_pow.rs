//! The smart constructor of powers `base^exponent`, for sizes such as the
//! `2^k` of `iterate`. A negative exponent makes the power undefined.
//!
//! Rules, in order:
//! - `pow-zero`: `x^0 = 1`; `pow-one`: `x^1 = x`.
//! - `pow-fold-constants`: `c1^c2` for a non-negative `c2` when it fits in
//!   `long`. An overflowing power stays a power, undefined as `eval` says:
//!   folded with wrapping, `n^27` at `n = 2^8` became `0`, a false upper
//!   bound (the arith property test's finding).
//! - `pow-of-one`: `1^e = 1`; `pow-of-zero`: `0^e = 0` when `e >= 1`.
//! - `pow-of-pow`: `(x^a)^b = x^(a*b)` (both exponents are non-negative
//!   wherever the left side is defined).
//! - `pow-of-prod`: `(x*y)^e = x^e * y^e`.
//! - `pow-split-constant-exponent`: `c^(e + k) = c^k * c^e` for constants
//!   `c` and `k >= 1` when `e >= 0`, so that `2^(k+1)` and `2 * 2^k` are the
//!   same node. Only for a constant base: for a symbolic base the product
//!   constructor would group `x * x^k` back into `x^(k+1)`.
//!
//! Powers with a sum base are not expanded (`(x+1)^2` stays as it is).
//!
//! Termination: every recursive call is on a strictly smaller base, or on an
//! exponent with a smaller constant part.

use super::range::const_interval;
use super::{ArithExpr, ArithKind, simplify_prod, simplify_sum};

pub(super) fn power(base: ArithExpr, exponent: ArithExpr) -> ArithExpr {
    match exponent.as_cst() {
        Some(0) => return ArithExpr::one(),
        Some(1) => return base,
        _ => {}
    }
    if let (Some(base_value), Some(exponent_value)) = (base.as_cst(), exponent.as_cst())
        && let Ok(exponent_value) = u32::try_from(exponent_value)
        && let Some(value) = base_value.checked_pow(exponent_value)
    {
        return ArithExpr::cst(value);
    }
    match base.kind() {
        ArithKind::Cst(1) => return ArithExpr::one(),
        ArithKind::Cst(0) if const_interval(&exponent).is_at_least(1) => return ArithExpr::zero(),
        ArithKind::Pow(inner_base, inner_exponent) => {
            let exponent = simplify_prod::product(vec![inner_exponent.clone(), exponent]);
            return power(inner_base.clone(), exponent);
        }
        ArithKind::Prod(factors) => {
            return simplify_prod::product(
                factors.iter().map(|factor| power(factor.clone(), exponent.clone())).collect(),
            );
        }
        ArithKind::Cst(_) => {
            if let Some(split) = split_constant_exponent(&base, &exponent) {
                return split;
            }
        }
        _ => {}
    }
    ArithExpr::canonical(ArithKind::Pow(base, exponent))
}

/// `c^(e + k) = c^k * c^e` for a constant `k >= 1` and `e >= 0`.
fn split_constant_exponent(base: &ArithExpr, exponent: &ArithExpr) -> Option<ArithExpr> {
    let ArithKind::Sum(terms) = exponent.kind() else { return None };
    let constant_part = terms.last()?.as_cst()?;
    if constant_part < 1 {
        return None;
    }
    let variable_part = simplify_sum::sum(terms[..terms.len() - 1].to_vec());
    if !const_interval(&variable_part).is_at_least(0) {
        return None;
    }
    Some(simplify_prod::product(vec![
        power(base.clone(), ArithExpr::cst(constant_part)),
        power(base.clone(), variable_part),
    ]))
}
