//! Bounds of expressions: constant intervals, monotonicity, and symbolic
//! bounds by eliminating variables.
//!
//! Three analyses, from cheap to strong:
//!
//! 1. [`const_interval`]: interval arithmetic over the constant intervals of
//!    the variables (each computed once, when the variable is made). Linear
//!    in the size of the expression. It loses every correlation: for
//!    `l_id ∈ [0, M - 1]` it sees `M - l_id` as `[1, ∞) - [0, ∞)`.
//! 2. [`direction`]: whether an expression is non-decreasing or
//!    non-increasing in one *atom* (a variable, or a `mod` node), proven with
//!    the intervals of the rest.
//! 3. [`eliminate`]: a pointwise bound, obtained by replacing atoms with
//!    their bounds in the direction that keeps it a bound: first `mod` atoms
//!    (`x mod y ≤ y - 1`), then variables newest first. `M - l_id` has
//!    lower bound `M - (M - 1)`, which the smart constructors turn into `1`.
//!
//! ## Soundness: the box
//! Every claim is about all points of the *box*, the product of the
//! variables' constant intervals, which contains every valid assignment
//! (and some invalid ones, since it forgets that `l_id < M`). At a valid
//! assignment, substituting a variable by its bound moves the point along
//! that variable's axis to the bound's value, which lies between the
//! variable's value and the end of its interval: still inside the box, so
//! the monotonicity shown over the box applies along the way.
//! Expressions can be undefined at some points of the box (division by zero,
//! negative exponent, `log2` of a non-positive number); the analyses
//! therefore give up (unbounded interval, unknown direction) on a division
//! or `mod` whose divisor's interval contains 0, a power whose exponent's
//! interval contains negatives and a `log2` whose operand's interval reaches
//! 0, rather than reason about points where an intermediate expression of
//! an elimination may be undefined although the original is not.
//!
//! ## Cost
//! Substituting rebuilds the expression through the smart constructors,
//! whose division, modulo and min/max rules ask for proofs in turn. An
//! elimination never starts inside another one (`ELIMINATING`): nested
//! proofs use intervals only. Each elimination takes at most one step per
//! `mod` atom plus [`MAX_VARIABLE_STEPS`].

use std::cell::Cell;
use std::cmp::{max, min};

use super::{ArithExpr, ArithKind, VarId};

/// Constant bounds `min <= value <= max` of an expression wherever it is
/// defined; `None` is unbounded on that side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Interval {
    pub min: Option<i64>,
    pub max: Option<i64>,
}

impl Interval {
    pub const UNBOUNDED: Interval = Interval { min: None, max: None };

    pub fn constant(value: i64) -> Interval {
        Interval { min: Some(value), max: Some(value) }
    }

    pub fn is_at_least(self, threshold: i64) -> bool {
        self.min.is_some_and(|lowest| lowest >= threshold)
    }

    pub fn is_at_most(self, threshold: i64) -> bool {
        self.max.is_some_and(|highest| highest <= threshold)
    }
}

/// An end point of an interval, computed in `i128` so that products of
/// `i64` bounds are exact; clamped back to the `i64` range after each
/// operation (`clamp_lower`, `clamp_upper`), widening when needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum End {
    NegInf,
    Finite(i128),
    PosInf,
}

impl End {
    fn signum(self) -> i128 {
        match self {
            End::NegInf => -1,
            End::Finite(value) => value.signum(),
            End::PosInf => 1,
        }
    }

    fn infinity(sign: i128) -> End {
        if sign < 0 { End::NegInf } else { End::PosInf }
    }

    fn negate(self) -> End {
        match self {
            End::NegInf => End::PosInf,
            End::Finite(value) => End::Finite(-value),
            End::PosInf => End::NegInf,
        }
    }

    fn add(self, other: End) -> End {
        match (self, other) {
            (End::Finite(a), End::Finite(b)) => End::Finite(a + b),
            (End::Finite(_), infinite) | (infinite, _) => infinite,
        }
    }

    fn multiply(self, other: End) -> End {
        match (self, other) {
            (End::Finite(0), _) | (_, End::Finite(0)) => End::Finite(0),
            (End::Finite(a), End::Finite(b)) => End::Finite(a * b),
            _ => End::infinity(self.signum() * other.signum()),
        }
    }

    /// Truncating division; `None` for `∞ / ∞`, whose limits the other
    /// corners of a box already cover.
    fn divide(self, divisor: End) -> Option<End> {
        match (self, divisor) {
            (End::Finite(a), End::Finite(b)) => Some(End::Finite(a / b)),
            (End::Finite(_), _) => Some(End::Finite(0)),
            (_, End::Finite(b)) => Some(End::infinity(self.signum() * b.signum())),
            _ => None,
        }
    }

    fn power(self, exponent: u32) -> End {
        if exponent == 0 {
            return End::Finite(1);
        }
        match self {
            End::Finite(base) => match base.checked_pow(exponent) {
                Some(value) => End::Finite(value),
                None => End::infinity(if base < 0 && exponent % 2 == 1 { -1 } else { 1 }),
            },
            End::PosInf => End::PosInf,
            End::NegInf => End::infinity(if exponent % 2 == 1 { -1 } else { 1 }),
        }
    }

    fn clamp_lower(self) -> End {
        match self {
            End::Finite(value) if value > i128::from(i64::MAX) => End::Finite(i128::from(i64::MAX)),
            End::Finite(value) if value < i128::from(i64::MIN) => End::NegInf,
            End::PosInf => End::Finite(i128::from(i64::MAX)),
            other => other,
        }
    }

    fn clamp_upper(self) -> End {
        match self {
            End::Finite(value) if value < i128::from(i64::MIN) => End::Finite(i128::from(i64::MIN)),
            End::Finite(value) if value > i128::from(i64::MAX) => End::PosInf,
            End::NegInf => End::Finite(i128::from(i64::MIN)),
            other => other,
        }
    }

    fn as_i64(self) -> Option<i64> {
        match self {
            End::Finite(value) => i64::try_from(value).ok(),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Bounds {
    lower: End,
    upper: End,
}

impl Bounds {
    const UNBOUNDED: Bounds = Bounds { lower: End::NegInf, upper: End::PosInf };

    fn new(lower: End, upper: End) -> Bounds {
        Bounds { lower: lower.clamp_lower(), upper: upper.clamp_upper() }
    }

    fn constant(value: i64) -> Bounds {
        Bounds::new(End::Finite(value.into()), End::Finite(value.into()))
    }

    fn is_at_least(self, threshold: i128) -> bool {
        self.lower >= End::Finite(threshold)
    }

    fn is_at_most(self, threshold: i128) -> bool {
        self.upper <= End::Finite(threshold)
    }

    /// Strictly positive or strictly negative: safe to divide by.
    fn excludes_zero(self) -> bool {
        self.is_at_least(1) || self.is_at_most(-1)
    }

    fn hull(ends: impl IntoIterator<Item = End>) -> Bounds {
        let mut ends = ends.into_iter();
        let first = ends.next().expect("at least one corner");
        let (lower, upper) = ends.fold((first, first), |(lower, upper), end| (min(lower, end), max(upper, end)));
        Bounds::new(lower, upper)
    }

    fn add(self, other: Bounds) -> Bounds {
        Bounds::new(self.lower.add(other.lower), self.upper.add(other.upper))
    }

    fn multiply(self, other: Bounds) -> Bounds {
        Bounds::hull([
            self.lower.multiply(other.lower),
            self.lower.multiply(other.upper),
            self.upper.multiply(other.lower),
            self.upper.multiply(other.upper),
        ])
    }

    /// Truncating division is monotone in each operand on each side of 0,
    /// so its extremes over a box whose divisor excludes 0 are at corners.
    fn divide(self, divisor: Bounds) -> Bounds {
        if !divisor.excludes_zero() {
            return Bounds::UNBOUNDED;
        }
        let corners = [
            self.lower.divide(divisor.lower),
            self.lower.divide(divisor.upper),
            self.upper.divide(divisor.lower),
            self.upper.divide(divisor.upper),
        ];
        Bounds::hull(corners.into_iter().flatten())
    }

    /// `|x mod y| < |y|`, `|x mod y| <= |x|`, and the sign is the sign of `x`.
    fn remainder(self, divisor: Bounds) -> Bounds {
        if !divisor.excludes_zero() {
            return Bounds::UNBOUNDED;
        }
        let largest_divisor = max(divisor.lower.negate(), divisor.upper);
        let largest_remainder = largest_divisor.add(End::Finite(-1));
        if self.is_at_least(0) {
            Bounds::new(End::Finite(0), min(self.upper, largest_remainder))
        } else if self.is_at_most(0) {
            Bounds::new(max(self.lower, largest_remainder.negate()), End::Finite(0))
        } else {
            Bounds::new(max(self.lower, largest_remainder.negate()), min(self.upper, largest_remainder))
        }
    }

    fn power(self, exponent: Bounds) -> Bounds {
        let End::Finite(lowest_exponent) = exponent.lower else { return Bounds::UNBOUNDED };
        if lowest_exponent < 0 {
            return Bounds::UNBOUNDED;
        }
        let as_u32 = |end: End| match end {
            End::Finite(value) => u32::try_from(value).ok(),
            _ => None,
        };
        if exponent.lower == exponent.upper {
            let Some(k) = as_u32(exponent.lower) else { return Bounds::UNBOUNDED };
            return if self.is_at_least(0) || k % 2 == 1 {
                Bounds::new(self.lower.power(k), self.upper.power(k))
            } else if self.is_at_most(0) {
                Bounds::new(self.upper.power(k), self.lower.power(k))
            } else {
                Bounds::new(End::Finite(0), max(self.lower.power(k), self.upper.power(k)))
            };
        }
        if !self.is_at_least(0) {
            return Bounds::UNBOUNDED;
        }
        // base >= 0 and a variable exponent >= 0.
        let raise = |base: End, exponent: End| match (base, as_u32(exponent)) {
            (End::Finite(0 | 1), _) => base,
            (_, Some(k)) => base.power(k),
            (_, None) => End::PosInf,
        };
        let lower = if self.is_at_least(1) { raise(self.lower, exponent.lower) } else { End::Finite(0) };
        let upper = if self.is_at_least(1) || self.upper >= End::Finite(1) {
            raise(self.upper, exponent.upper)
        } else {
            End::Finite(1)
        };
        Bounds::new(lower, upper)
    }

    fn log2(self) -> Bounds {
        let log = |end: End| match end {
            End::Finite(value) => End::Finite(i128::from(value.ilog2())),
            other => other,
        };
        if !self.is_at_least(1) {
            return Bounds::UNBOUNDED;
        }
        Bounds::new(log(self.lower), log(self.upper))
    }

    fn to_interval(self) -> Interval {
        Interval { min: self.lower.as_i64(), max: self.upper.as_i64() }
    }

    fn from_interval(interval: Interval) -> Bounds {
        Bounds::new(
            interval.min.map_or(End::NegInf, |value| End::Finite(value.into())),
            interval.max.map_or(End::PosInf, |value| End::Finite(value.into())),
        )
    }
}

/// Interval arithmetic: constant bounds of `expr` from its variables'
/// constant intervals. Cheap, weak; see the module essay.
pub(crate) fn const_interval(expr: &ArithExpr) -> Interval {
    bounds(expr).to_interval()
}

fn bounds(expr: &ArithExpr) -> Bounds {
    match expr.kind() {
        ArithKind::Cst(value) => Bounds::constant(*value),
        ArithKind::Var(var) => Bounds::from_interval(var.interval()),
        ArithKind::Sum(terms) => terms.iter().map(bounds).fold(Bounds::constant(0), Bounds::add),
        ArithKind::Prod(factors) => factors.iter().map(bounds).fold(Bounds::constant(1), Bounds::multiply),
        ArithKind::Div(numerator, denominator) => bounds(numerator).divide(bounds(denominator)),
        ArithKind::Mod(numerator, modulus) => bounds(numerator).remainder(bounds(modulus)),
        ArithKind::Min(operands) => {
            let operands: Vec<Bounds> = operands.iter().map(bounds).collect();
            Bounds::new(
                operands.iter().map(|b| b.lower).min().expect("operands"),
                operands.iter().map(|b| b.upper).min().expect("operands"),
            )
        }
        ArithKind::Max(operands) => {
            let operands: Vec<Bounds> = operands.iter().map(bounds).collect();
            Bounds::new(
                operands.iter().map(|b| b.lower).max().expect("operands"),
                operands.iter().map(|b| b.upper).max().expect("operands"),
            )
        }
        ArithKind::Pow(base, exponent) => bounds(base).power(bounds(exponent)),
        ArithKind::Log2(operand) => bounds(operand).log2(),
    }
}

/// How an expression moves when one atom grows, the others fixed anywhere
/// in the box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Direction {
    Independent,
    NonDecreasing,
    NonIncreasing,
}

impl Direction {
    fn flip(self) -> Direction {
        match self {
            Direction::Independent => Direction::Independent,
            Direction::NonDecreasing => Direction::NonIncreasing,
            Direction::NonIncreasing => Direction::NonDecreasing,
        }
    }

    /// The direction of `factor × (something of this sign)`.
    fn times_sign(self, sign: i32) -> Direction {
        match sign {
            0 => Direction::Independent,
            s if s < 0 => self.flip(),
            _ => self,
        }
    }

    /// The direction of a sum (or min, or max) of parts with these
    /// directions: defined when they do not pull against each other.
    fn combine(directions: impl IntoIterator<Item = Option<Direction>>) -> Option<Direction> {
        let mut combined = Direction::Independent;
        for direction in directions {
            combined = match (combined, direction?) {
                (any, Direction::Independent) => any,
                (Direction::Independent, other) => other,
                (same, other) if same == other => same,
                _ => return None,
            };
        }
        Some(combined)
    }
}

/// The sign an interval proves: 1, -1, 0 for exactly zero, `None` unknown.
fn sign_of(bounds: Bounds) -> Option<i32> {
    if bounds.is_at_least(0) && bounds.is_at_most(0) {
        Some(0)
    } else if bounds.is_at_least(0) {
        Some(1)
    } else if bounds.is_at_most(0) {
        Some(-1)
    } else {
        None
    }
}

/// Whether `expr` is monotone in `atom` over the box; `None` when that cannot
/// be shown. `atom` is matched structurally (a variable or any subexpression).
pub(crate) fn direction(expr: &ArithExpr, atom: &ArithExpr) -> Option<Direction> {
    if expr == atom {
        return Some(Direction::NonDecreasing);
    }
    match expr.kind() {
        ArithKind::Cst(_) | ArithKind::Var(_) => Some(Direction::Independent),
        ArithKind::Sum(operands) | ArithKind::Min(operands) | ArithKind::Max(operands) => {
            Direction::combine(operands.iter().map(|operand| direction(operand, atom)))
        }
        ArithKind::Prod(factors) => product_direction(factors, atom),
        ArithKind::Div(numerator, denominator) => {
            let numerator_direction = direction(numerator, atom)?;
            let denominator_direction = direction(denominator, atom)?;
            if (numerator_direction, denominator_direction) == (Direction::Independent, Direction::Independent) {
                return Some(Direction::Independent);
            }
            let denominator_bounds = bounds(denominator);
            if !denominator_bounds.excludes_zero() {
                return None;
            }
            match (numerator_direction, denominator_direction) {
                (moving, Direction::Independent) => Some(moving.times_sign(sign_of(denominator_bounds)?)),
                // a / b with a fixed: decreasing in b when a >= 0 (for either
                // sign of b), increasing when a <= 0.
                (Direction::Independent, moving) => Some(moving.times_sign(-sign_of(bounds(numerator))?)),
                _ => None,
            }
        }
        ArithKind::Mod(numerator, modulus) => {
            let both = [direction(numerator, atom)?, direction(modulus, atom)?];
            both.iter().all(|d| *d == Direction::Independent).then_some(Direction::Independent)
        }
        ArithKind::Pow(base, exponent) => {
            let base_direction = direction(base, atom)?;
            let exponent_direction = direction(exponent, atom)?;
            if (base_direction, exponent_direction) == (Direction::Independent, Direction::Independent) {
                return Some(Direction::Independent);
            }
            if !bounds(exponent).is_at_least(0) {
                return None;
            }
            match (base_direction, exponent_direction) {
                (moving, Direction::Independent) if bounds(base).is_at_least(0) => Some(moving),
                (Direction::Independent, moving) if bounds(base).is_at_least(1) => Some(moving),
                _ => None,
            }
        }
        ArithKind::Log2(operand) => match direction(operand, atom)? {
            Direction::Independent => Some(Direction::Independent),
            _ if !bounds(operand).is_at_least(1) => None,
            moving => Some(moving),
        },
    }
}

/// A product moves with its moving factors when the others have a known
/// sign; several moving factors must all be non-negative and agree.
fn product_direction(factors: &[ArithExpr], atom: &ArithExpr) -> Option<Direction> {
    let mut moving = Vec::new();
    let mut fixed = Vec::new();
    for factor in factors {
        match direction(factor, atom)? {
            Direction::Independent => fixed.push(factor),
            some => moving.push((factor, some)),
        }
    }
    let Some(&(_, first)) = moving.first() else { return Some(Direction::Independent) };
    let mut fixed_sign = 1;
    for factor in fixed {
        fixed_sign *= sign_of(bounds(factor))?;
    }
    let all_agree = moving.len() == 1 || moving.iter().all(|(factor, d)| *d == first && bounds(factor).is_at_least(0));
    all_agree.then(|| first.times_sign(fixed_sign))
}

/// Which side of an expression a bound is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    Lower,
    Upper,
}

/// At most this many variables are substituted in one elimination.
const MAX_VARIABLE_STEPS: usize = 8;

thread_local! {
    /// Set while an elimination runs, so that the proofs its substitutions
    /// ask for use intervals only. See the essay, "Cost".
    static ELIMINATING: Cell<bool> = const { Cell::new(false) };
}

/// Resets `ELIMINATING` when the elimination ends, even by unwinding.
struct EliminationGuard;

impl EliminationGuard {
    fn enter() -> Option<EliminationGuard> {
        // Lazily: a guard built and dropped on refusal would reset the flag.
        let was_eliminating = ELIMINATING.replace(true);
        (!was_eliminating).then(|| EliminationGuard)
    }
}

impl Drop for EliminationGuard {
    fn drop(&mut self) {
        ELIMINATING.set(false);
    }
}

/// A pointwise bound of `expr` on `side` (for every valid assignment,
/// `expr >= result` for `Lower`, `<=` for `Upper`), found by replacing
/// atoms with their bounds: `mod` atoms first, then variables from the
/// newest to the oldest, each in the direction that keeps a bound.
///
/// `is_good_enough` sees every intermediate bound and stops the search when
/// it returns true. Inside another elimination this returns `expr` as is.
pub(crate) fn eliminate(expr: &ArithExpr, side: Side, is_good_enough: &mut dyn FnMut(&ArithExpr) -> bool) -> ArithExpr {
    let Some(_guard) = EliminationGuard::enter() else { return expr.clone() };
    let mut current = expr.clone();
    if is_good_enough(&current) {
        return current;
    }

    for atom in mod_atoms(&current) {
        let Some(wanted) = wanted_side(&current, &atom, side) else { continue };
        let Some(bound) = mod_bound(&atom, wanted) else { continue };
        current = current.replace_subexpression(&atom, &bound);
        if is_good_enough(&current) {
            return current;
        }
    }

    let mut older_than: Option<VarId> = None;
    for _ in 0..MAX_VARIABLE_STEPS {
        let newest = current
            .free_vars()
            .into_iter()
            .filter(|var| older_than.is_none_or(|limit| var.id() < limit))
            .max_by_key(|var| var.id());
        let Some(var) = newest else { break };
        older_than = Some(var.id());
        let Some(wanted) = wanted_side(&current, &ArithExpr::var(&var), side) else { continue };
        let bound = match wanted {
            Side::Lower => var.range().min.clone(),
            Side::Upper => var.range().max.clone(),
        };
        let Some(bound) = bound else { continue };
        current = current.replace_subexpression(&ArithExpr::var(&var), &bound);
        if is_good_enough(&current) {
            return current;
        }
    }
    current
}

/// Which bound of `atom` keeps a bound of `expr` on `side`, if `expr` is
/// monotone in `atom` and depends on it.
fn wanted_side(expr: &ArithExpr, atom: &ArithExpr, side: Side) -> Option<Side> {
    match (direction(expr, atom)?, side) {
        (Direction::Independent, _) => None,
        (Direction::NonDecreasing, side) => Some(side),
        (Direction::NonIncreasing, Side::Lower) => Some(Side::Upper),
        (Direction::NonIncreasing, Side::Upper) => Some(Side::Lower),
    }
}

/// The `mod` subexpressions of `expr`, outermost first, each once.
fn mod_atoms(expr: &ArithExpr) -> Vec<ArithExpr> {
    let mut atoms: Vec<ArithExpr> = Vec::new();
    let mut pending = vec![expr.clone()];
    while let Some(next) = pending.pop() {
        if matches!(next.kind(), ArithKind::Mod(..)) && !atoms.contains(&next) {
            atoms.push(next.clone());
        }
        pending.extend(next.children().into_iter().rev().cloned());
    }
    atoms
}

/// `x mod y` lies in `[0, y - 1]` for `x >= 0, y >= 1`, and symmetrically.
///
/// The bound must stay inside the atom's interval, where [`direction`]
/// found the expression monotone: with `x = 1`, `-1 / (1 mod n - 2)` is
/// increasing in its atom over `[0, 1]`, but `n - 1`, past that interval,
/// would divide by `n - 3` (the arith property test's finding). Where `x`
/// is bounded on that side, the bound is `min(x, y - 1)` (its mirror for
/// the lower side); where it is not, `y - 1` is inside the interval.
fn mod_bound(atom: &ArithExpr, side: Side) -> Option<ArithExpr> {
    let ArithKind::Mod(numerator, modulus) = atom.kind() else { return None };
    let numerator_bounds = bounds(numerator);
    let modulus_bounds = bounds(modulus);
    // The largest |remainder| is |modulus| - 1.
    let largest = if modulus_bounds.is_at_least(1) {
        modulus.clone() - 1
    } else if modulus_bounds.is_at_most(-1) {
        -modulus - 1
    } else {
        return None;
    };
    let zero = ArithExpr::zero();
    match side {
        Side::Upper if numerator_bounds.is_at_most(0) => Some(zero),
        Side::Upper if numerator_bounds.upper == End::PosInf => Some(largest),
        Side::Upper => Some(numerator.clone().max(&zero).min(&largest)),
        Side::Lower if numerator_bounds.is_at_least(0) => Some(zero),
        Side::Lower if numerator_bounds.lower == End::NegInf => Some(-largest),
        Side::Lower => Some(numerator.clone().min(&zero).max(&-largest)),
    }
}

impl ArithExpr {
    /// Constant bounds by interval arithmetic alone (cheap, weak).
    pub fn interval(&self) -> Interval {
        const_interval(self)
    }

    /// The largest constant known to be `<= self` everywhere, using symbolic
    /// ranges: `M - l_id` with `l_id ∈ [0, M - 1]` gives `Some(1)`.
    pub fn const_min(&self) -> Option<i64> {
        best_constant_bound(self, Side::Lower)
    }

    /// The smallest constant known to be `>= self` everywhere.
    pub fn const_max(&self) -> Option<i64> {
        best_constant_bound(self, Side::Upper)
    }

    /// A symbolic lower bound: `self` with every atom it is monotone in
    /// replaced by its bound, newest variable first, one level deep.
    /// `min_value(l_id * N + wg_id)` is `0`; a variable without a lower bound
    /// stays as it is, so the result is always a valid bound.
    pub fn min_value(&self) -> ArithExpr {
        eliminate(self, Side::Lower, &mut |_| false)
    }

    /// A symbolic upper bound; `max_value(l_id)` for `l_id ∈ [0, N - 1]` is
    /// `N - 1`.
    pub fn max_value(&self) -> ArithExpr {
        eliminate(self, Side::Upper, &mut |_| false)
    }
}

fn best_constant_bound(expr: &ArithExpr, side: Side) -> Option<i64> {
    let pick = |interval: Interval| match side {
        Side::Lower => interval.min,
        Side::Upper => interval.max,
    };
    let tighter = |a: Option<i64>, b: Option<i64>| match (a, b, side) {
        (Some(a), Some(b), Side::Lower) => Some(max(a, b)),
        (Some(a), Some(b), Side::Upper) => Some(min(a, b)),
        (a, b, _) => a.or(b),
    };
    let mut best = pick(const_interval(expr));
    eliminate(expr, side, &mut |bound| {
        best = tighter(best, pick(const_interval(bound)));
        false
    });
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arith::{Range, Var};

    fn bounds_of(lower: Option<i64>, upper: Option<i64>) -> Bounds {
        Bounds::from_interval(Interval { min: lower, max: upper })
    }

    fn interval(bounds: Bounds) -> (Option<i64>, Option<i64>) {
        let interval = bounds.to_interval();
        (interval.min, interval.max)
    }

    #[test]
    fn multiplication_takes_the_hull_of_the_corners() {
        assert_eq!(
            interval(bounds_of(Some(-2), Some(3)).multiply(bounds_of(Some(-5), Some(4)))),
            (Some(-15), Some(12))
        );
        assert_eq!(interval(bounds_of(Some(0), None).multiply(bounds_of(Some(1), Some(2)))), (Some(0), None));
        assert_eq!(interval(bounds_of(Some(0), Some(0)).multiply(bounds_of(None, None))), (Some(0), Some(0)));
    }

    #[test]
    fn division_needs_a_divisor_away_from_zero() {
        assert_eq!(interval(bounds_of(Some(0), Some(10)).divide(bounds_of(Some(0), Some(3)))), (None, None));
        assert_eq!(interval(bounds_of(Some(-7), Some(10)).divide(bounds_of(Some(2), Some(3)))), (Some(-3), Some(5)));
        assert_eq!(interval(bounds_of(Some(0), None).divide(bounds_of(Some(1), None))), (Some(0), None));
        assert_eq!(interval(bounds_of(Some(5), Some(9)).divide(bounds_of(Some(2), None))), (Some(0), Some(4)));
    }

    #[test]
    fn remainder_is_below_the_divisor_with_the_sign_of_the_dividend() {
        assert_eq!(interval(bounds_of(Some(0), None).remainder(bounds_of(Some(1), Some(8)))), (Some(0), Some(7)));
        assert_eq!(
            interval(bounds_of(Some(-3), Some(100)).remainder(bounds_of(Some(-8), Some(-2)))),
            (Some(-3), Some(7))
        );
        assert_eq!(interval(bounds_of(Some(2), Some(5)).remainder(bounds_of(Some(1), None))), (Some(0), Some(5)));
    }

    #[test]
    fn powers_and_logarithms() {
        assert_eq!(interval(bounds_of(Some(-3), Some(2)).power(bounds_of(Some(2), Some(2)))), (Some(0), Some(9)));
        assert_eq!(interval(bounds_of(Some(-3), Some(2)).power(bounds_of(Some(3), Some(3)))), (Some(-27), Some(8)));
        assert_eq!(interval(bounds_of(Some(2), Some(2)).power(bounds_of(Some(0), Some(10)))), (Some(1), Some(1024)));
        assert_eq!(interval(bounds_of(Some(2), Some(2)).power(bounds_of(Some(-1), Some(10)))), (None, None));
        assert_eq!(interval(bounds_of(Some(5), Some(1024)).log2()), (Some(2), Some(10)));
        assert_eq!(interval(bounds_of(Some(0), Some(1024)).log2()), (None, None));
    }

    #[test]
    fn huge_products_widen_instead_of_overflowing() {
        let big = bounds_of(Some(i64::MAX / 2), Some(i64::MAX));
        assert_eq!(interval(big.multiply(big)), (Some(i64::MAX), None));
        assert_eq!(interval(big.add(big)), (Some(i64::MAX - 1), None));
    }

    #[test]
    fn direction_through_division_and_products() {
        let n = ArithExpr::var(&Var::new("n", Range::at_least(1)));
        let x = ArithExpr::var(&Var::new("x", Range::at_least(0)));
        let y = ArithExpr::var(&Var::new("y", Range::unbounded()));
        assert_eq!(direction(&(&x / &n), &x), Some(Direction::NonDecreasing));
        assert_eq!(direction(&(&x / &n), &n), Some(Direction::NonIncreasing));
        assert_eq!(direction(&(&n - 3 * &x), &x), Some(Direction::NonIncreasing));
        assert_eq!(direction(&(&x * &y), &x), None, "the sign of y is unknown");
        assert_eq!(direction(&(&x + &y / (&y - 1)), &x), Some(Direction::NonDecreasing), "an unrelated division");
        assert_eq!(direction(&(&x % &n), &x), None);
    }

    #[test]
    fn elimination_replaces_mod_atoms_by_their_bounds() {
        let n = ArithExpr::var(&Var::new("n", Range::at_least(1)));
        let x = ArithExpr::var(&Var::new("x", Range::at_least(0)));
        let below_n = &n - (&x % &n);
        assert_eq!(below_n.const_min(), Some(1));
        assert_eq!((&x % &n).max_value(), &n - 1);
    }

    #[test]
    fn an_overflowing_power_is_no_bound() {
        // 256^27 does not fit in a long: eliminating n must not fold it to 0.
        let n = ArithExpr::var(&Var::new("n", Range::between(1, 256)));
        let power = (&n + 0).pow(27);
        assert_eq!(power.const_max(), None);
        assert_eq!(ArithExpr::cst(256).pow(27).eval(&|_| None), None);
    }

    #[test]
    fn a_mod_bound_stays_inside_the_atoms_interval() {
        // The arith property test's finding: 1 mod n is at most 1, so the
        // upper bound of -1 / (1 mod n - 2) is 1 (at n >= 2), never -1 / (n - 3).
        let n = ArithExpr::var(&Var::new("n", Range::at_least(1)));
        let expr = ArithExpr::cst(-1) / ((ArithExpr::cst(1) % &n) - 2);
        let highest = expr.max_value();
        for value in 1..8 {
            let env = |_: VarId| Some(value);
            let (Some(v), Some(bound)) = (expr.eval(&env), highest.eval(&env)) else { continue };
            assert!(v <= bound, "{expr:?} = {v} above its bound {highest:?} = {bound} at n = {value}");
        }
    }

    #[test]
    fn nested_eliminations_fall_back_to_intervals() {
        let n = ArithExpr::var(&Var::new("n", Range::at_least(1)));
        let i = ArithExpr::var(&Var::new("i", Range::below(&n)));
        let difference = &n - &i;
        let mut inner_results = Vec::new();
        eliminate(&difference, Side::Lower, &mut |_| {
            inner_results.push(eliminate(&difference, Side::Lower, &mut |_| false));
            false
        });
        assert!(!inner_results.is_empty());
        assert!(inner_results.iter().all(|inner| *inner == difference), "{inner_results:?}");
        assert_eq!(eliminate(&difference, Side::Lower, &mut |_| false), ArithExpr::one());
    }
}
