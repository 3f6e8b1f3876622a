//! The smart constructor of truncating division `x / y`.
//!
//! Rules, in order (the first that applies wins, and its result is built by
//! the smart constructors again):
//! - `div-by-zero`: `x / 0` stays as it is (undefined).
//! - `div-fold-constants`; `div-by-one`: `x / 1 = x`; `div-by-minus-one`:
//!   `x / -1 = -x`; `div-by-negative`: `x / -c = -(x / c)`.
//! - `div-of-zero`: `0 / y = 0`; `div-by-self`: `x / x = 1`.
//! - `div-of-div`: `(x / y) / z = x / (y * z)`, exact for truncation of
//!   any signs.
//! - `div-cancel-common-factor`: `(g*a) / (g*b) = a / b` when `g` divides
//!   every term of the numerator and the denominator; `g` is the gcd of the
//!   coefficients, or a symbolic factor. Exact: both sides truncate the same
//!   rational.
//! - `div-extract-multiples`, the paper's rule (2): `(q*y + r) / y =
//!   q + r / y` where `q*y` are the terms of the numerator that are
//!   multiples of `y` (a constant term is split, `(x + 7) / 4` has multiple
//!   `4` and rest `x + 3`). With truncation this holds only when `q*y` and
//!   `r` have the same sign, which must be proven from ranges. When the
//!   numerator is `>= 0`, `y >= 1` and `-y <= r <= -1`, the result is
//!   `q - 1` instead (`(M*N - 1) / N = M - 1`).
//! - `div-smaller-is-zero`, the paper's rule (1): `x / y = 0` when
//!   `|x| < |y|` is proven (`l_id / M` with `l_id ∈ [0, M - 1]`).
//!
//! Termination: every recursive call divides a strictly smaller numerator,
//! or the same numerator by a larger product, or (cancellation) smaller
//! terms; the proofs are bounded as `range` explains.

use super::compare::{is_at_least, proves_smaller_magnitude};
use super::monomial::{exact_quotient, monomial, terms};
use super::{ArithExpr, ArithKind, simplify_sum};

pub(super) fn divide(numerator: ArithExpr, denominator: ArithExpr) -> ArithExpr {
    if let Some(divisor) = denominator.as_cst() {
        if divisor == 0 {
            return ArithExpr::canonical(ArithKind::Div(numerator, denominator));
        }
        if let Some(dividend) = numerator.as_cst() {
            return ArithExpr::cst(dividend.wrapping_div(divisor));
        }
        match divisor {
            1 => return numerator,
            -1 => return -numerator,
            i64::MIN => {}
            negative if negative < 0 => return -divide(numerator, ArithExpr::cst(-negative)),
            _ => {}
        }
    }
    if numerator.is_cst(0) {
        return ArithExpr::zero();
    }
    if numerator == denominator {
        return ArithExpr::one();
    }
    if let ArithKind::Div(inner_numerator, inner_denominator) = numerator.kind() {
        return divide(inner_numerator.clone(), inner_denominator * denominator);
    }
    if let Some((numerator, denominator)) = cancel_common_factor(&numerator, &denominator) {
        return divide(numerator, denominator);
    }
    if let Some(simplified) = extract_multiples(&numerator, &denominator) {
        return simplified;
    }
    if proves_smaller_magnitude(&numerator, &denominator) {
        return ArithExpr::zero();
    }
    ArithExpr::canonical(ArithKind::Div(numerator, denominator))
}

/// `(g*a, g*b)` to `(a, b)` for a common factor `g`: the gcd of all
/// coefficients when above 1, else the first symbolic factor of the
/// denominator that divides the numerator.
pub(super) fn cancel_common_factor(numerator: &ArithExpr, denominator: &ArithExpr) -> Option<(ArithExpr, ArithExpr)> {
    let denominator_monomial = monomial(denominator);
    let mut gcd = denominator_monomial.coefficient.unsigned_abs();
    for term in terms(numerator) {
        gcd = greatest_common_divisor(gcd, monomial(&term).coefficient.unsigned_abs());
    }
    let mut candidates = Vec::new();
    if let Ok(gcd) = i64::try_from(gcd)
        && gcd > 1
    {
        candidates.push(ArithExpr::cst(gcd));
    }
    candidates.extend(denominator_monomial.powers.into_iter().map(|(base, exponent)| base.pow(exponent)));
    candidates.into_iter().find_map(|factor| {
        if factor == *denominator {
            return None; // that is `div-extract-multiples` with no rest
        }
        Some((exact_quotient(numerator, &factor)?, exact_quotient(denominator, &factor)?))
    })
}

fn greatest_common_divisor(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A numerator split into the terms that are multiples of the divisor and
/// the rest: `numerator = multiples + rest`, `multiples = quotient * divisor`.
pub(super) struct Multiples {
    pub(super) quotient: ArithExpr,
    pub(super) multiples: ArithExpr,
    pub(super) rest: ArithExpr,
}

/// Splits `numerator` by `divisor`, or `None` when no term is a multiple.
pub(super) fn split_multiples(numerator: &ArithExpr, divisor: &ArithExpr) -> Option<Multiples> {
    let (mut quotients, mut multiples, mut rest) = (Vec::new(), Vec::new(), Vec::new());
    for term in terms(numerator) {
        if let (Some(constant), Some(divisor_value)) = (term.as_cst(), divisor.as_cst()) {
            // The divisor is at least 2 here: 0, ±1 and negatives are handled first.
            let quotient = constant / divisor_value;
            if quotient != 0 {
                quotients.push(ArithExpr::cst(quotient));
                multiples.push(ArithExpr::cst(quotient * divisor_value));
                rest.push(ArithExpr::cst(constant - quotient * divisor_value));
                continue;
            }
        } else if let Some(quotient) = exact_quotient(&term, divisor) {
            quotients.push(quotient);
            multiples.push(term);
            continue;
        }
        rest.push(term);
    }
    if multiples.is_empty() {
        return None;
    }
    Some(Multiples {
        quotient: simplify_sum::sum(quotients),
        multiples: simplify_sum::sum(multiples),
        rest: simplify_sum::sum(rest),
    })
}

/// How `(multiples + rest) / divisor` and `(multiples + rest) mod divisor`
/// may be rewritten.
pub(super) enum MultiplesRule {
    /// `multiples` and `rest` have the same sign: the multiples can be taken
    /// out, `q + rest / y` and `rest mod y`.
    SameSign,
    /// The numerator is `>= 0`, the divisor `>= 1` and `-y <= rest <= -1`:
    /// `q - 1` and `rest + y`.
    BorrowOne,
}

pub(super) fn multiples_rule(numerator: &ArithExpr, divisor: &ArithExpr, split: &Multiples) -> Option<MultiplesRule> {
    let Multiples { multiples, rest, .. } = split;
    if rest.is_cst(0)
        || (multiples.is_non_negative() && rest.is_non_negative())
        || (multiples.is_non_positive() && rest.is_non_positive())
    {
        return Some(MultiplesRule::SameSign);
    }
    if divisor.is_positive() && rest.is_negative() && is_at_least(&(rest + divisor), 0) && numerator.is_non_negative() {
        return Some(MultiplesRule::BorrowOne);
    }
    None
}

fn extract_multiples(numerator: &ArithExpr, denominator: &ArithExpr) -> Option<ArithExpr> {
    let split = split_multiples(numerator, denominator)?;
    match multiples_rule(numerator, denominator, &split)? {
        MultiplesRule::SameSign => Some(split.quotient + divide(split.rest, denominator.clone())),
        MultiplesRule::BorrowOne => Some(split.quotient - 1),
    }
}
