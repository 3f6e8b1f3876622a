//! Proving comparisons from ranges.
//!
//! Every comparison is turned into a bound on one expression: `a < b` holds
//! when `b - a >= 1`, and the difference is built by the smart constructors,
//! so like terms cancel first (`(M) - (l_id)` stays `M - l_id`, but
//! `(x + 3) - (x + 1)` is `2`). A bound is proven by interval arithmetic,
//! and failing that by eliminating variables (`range::eliminate`), which
//! sees that `M - l_id >= 1` when `l_id ∈ [0, M - 1]`.
//!
//! Answers are proofs, never guesses: `false` and `None` mean "not shown",
//! and the simplifier then leaves the expression as it is.

use super::ArithExpr;
use super::range::{Side, const_interval, eliminate};

/// Whether `expr >= threshold` at every valid assignment where it is
/// defined.
pub(super) fn is_at_least(expr: &ArithExpr, threshold: i64) -> bool {
    if const_interval(expr).is_at_least(threshold) {
        return true;
    }
    let bound = eliminate(expr, Side::Lower, &mut |bound| const_interval(bound).is_at_least(threshold));
    const_interval(&bound).is_at_least(threshold)
}

/// Whether `expr <= threshold` at every valid assignment where it is
/// defined.
pub(super) fn is_at_most(expr: &ArithExpr, threshold: i64) -> bool {
    if const_interval(expr).is_at_most(threshold) {
        return true;
    }
    let bound = eliminate(expr, Side::Upper, &mut |bound| const_interval(bound).is_at_most(threshold));
    const_interval(&bound).is_at_most(threshold)
}

/// Proven `smaller < larger`.
pub(super) fn proves_less(smaller: &ArithExpr, larger: &ArithExpr) -> bool {
    is_at_least(&(larger - smaller), 1)
}

/// Proven `smaller <= larger`.
pub(super) fn proves_less_or_equal(smaller: &ArithExpr, larger: &ArithExpr) -> bool {
    is_at_least(&(larger - smaller), 0)
}

/// Proven `|numerator| < |denominator|`, so that `numerator / denominator`
/// is 0 and `numerator mod denominator` is `numerator` (rules (1) and (3),
/// for either sign).
pub(super) fn proves_smaller_magnitude(numerator: &ArithExpr, denominator: &ArithExpr) -> bool {
    let magnitude_of_denominator = if denominator.is_positive() {
        denominator.clone()
    } else if denominator.is_negative() {
        -denominator
    } else {
        return false;
    };
    if numerator.is_non_negative() {
        proves_less(numerator, &magnitude_of_denominator)
    } else if numerator.is_non_positive() {
        proves_less(&-numerator, &magnitude_of_denominator)
    } else {
        false
    }
}

impl ArithExpr {
    /// Proven `self >= 0`.
    pub fn is_non_negative(&self) -> bool {
        is_at_least(self, 0)
    }

    /// Proven `self >= 1`.
    pub fn is_positive(&self) -> bool {
        is_at_least(self, 1)
    }

    /// Proven `self <= 0`.
    pub fn is_non_positive(&self) -> bool {
        is_at_most(self, 0)
    }

    /// Proven `self <= -1`.
    pub fn is_negative(&self) -> bool {
        is_at_most(self, -1)
    }

    /// `Some(true)` if `self < other` is proven, `Some(false)` if
    /// `self >= other` is proven, `None` if neither.
    pub fn is_smaller(&self, other: &ArithExpr) -> Option<bool> {
        let difference = other - self;
        if is_at_least(&difference, 1) {
            Some(true)
        } else if is_at_most(&difference, 0) {
            Some(false)
        } else {
            None
        }
    }

    /// `Some(true)` if `self <= other` is proven, `Some(false)` if
    /// `self > other` is proven, `None` if neither.
    pub fn is_smaller_or_equal(&self, other: &ArithExpr) -> Option<bool> {
        let difference = other - self;
        if is_at_least(&difference, 0) {
            Some(true)
        } else if is_at_most(&difference, -1) {
            Some(false)
        } else {
            None
        }
    }
}
