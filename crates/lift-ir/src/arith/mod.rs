//! # arith: symbolic integer arithmetic, canonical by construction
//!
//! Array types in `lift-ir` carry their lengths as expressions (`[float]_{n/128}`),
//! and views turn nested accesses into flat indices (`wg_id*128 + 2*l_id + i`).
//! Both are [`ArithExpr`]s: integer expressions over constants and [`Var`]s
//! (lengths, thread ids, loop counters), each variable with a [`Range`] whose
//! bounds may mention older variables (`l_id ∈ [0, M - 1]`). Section 5.3 of
//! the Lift paper (Steuwer et al., CGO'17) explains why these need a
//! simplifier that knows ranges: the index the views produce for a matrix
//! transposition is a page of `/` and `mod`, the one a human writes is
//! `l_id*N + wg_id`, and only range facts such as `l_id < M` connect them.
//!
//! ```
//! use lift_ir::arith::{ArithExpr, Range, Var};
//!
//! let m = ArithExpr::var(&Var::new("M", Range::at_least(1)));
//! let wg_id = ArithExpr::var(&Var::new("wg_id", Range::at_least(0)));
//! let l_id = ArithExpr::var(&Var::new("l_id", Range::below(&m)));
//! let index = &wg_id * &m + &l_id;
//! assert_eq!(&index % &m, l_id);
//! assert_eq!(&index / &m, wg_id);
//! assert_eq!(index.to_opencl(&|var| var.name().to_string()), "l_id + M * wg_id");
//! ```
//!
//! ## Values
//! 64-bit signed integers. `/` truncates towards zero and `%` (`mod`) takes
//! the sign of the dividend, as in C and Rust; [`ArithExpr::eval`] is strict
//! (an undefined operand, from division by zero, a negative exponent or
//! `log2` of a non-positive number, makes the whole expression undefined).
//! The rules are exact over the integers; constant folding wraps like
//! `long`, and the simplifier assumes, as the generated code does, that
//! index arithmetic does not overflow.
//!
//! ## The canonical form
//! There are no raw constructors: [`ArithExpr::cst`], [`ArithExpr::var`],
//! the operators `+ - * / %` and the methods `modulo`, `min`, `max`, `pow`,
//! `log2`, `ceil_div`, `sum`, `product` each return their result in
//! canonical form, whose invariants are listed on [`ArithKind`]. In short:
//! sums are flat lists of monomials with like terms collected, sorted, the
//! constant last; products are flat, coefficient first, powers grouped, and
//! distributed over sums; `/` and `mod` nodes remain only where no rule
//! applies. So `x + y` and `y + x` are one node, and rebuilding a canonical
//! expression through the constructors gives it back unchanged
//! (idempotence, property-tested). Two expressions the rules prove equal
//! are structurally equal, which makes `==`, `Hash` and `Ord` usable on
//! types and as map keys.
//!
//! ## The rules, one file per operator
//! Each file's documentation lists its rules by name.
//! - `simplify_sum`: flatten, fold constants, collect like terms, and the
//!   paper's rule (4) `(x/y)*y + x mod y = x`.
//! - `simplify_prod`: flatten, fold constants, `x*0 = 0`, group powers,
//!   distribute over sums (up to 64 terms).
//! - `simplify_div`: `x/1`, `x/x`, `(x/y)/z = x/(y*z)`, common factors,
//!   the paper's rule (2) `(x*y + z)/y = x + z/y` when signs allow, and
//!   rule (1) `x/y = 0` when `|x| < |y|`.
//! - `simplify_mod`: `x mod 1`, rule (5) `(x*y) mod y = 0`,
//!   `(x mod k*y) mod y`, rule (6) as "drop the multiples of the modulus"
//!   when signs allow, and rule (3) `x mod y = x` when `|x| < |y|`.
//! - `simplify_minmax`: flatten, dedup, fold constants, drop operands
//!   proven dominated.
//! - `simplify_pow` and `simplify_log`: powers (`2^(k+1) = 2 * 2^k`)
//!   and `log2` of powers of two.
//!
//! Where a rule needs a fact about values (`0 <= l_id < M`, `q*y >= 0`), it
//! asks `compare`, which proves bounds with `range`: interval
//! arithmetic first, then *elimination*, which replaces `mod` atoms and then
//! variables (newest first, one level of their symbolic range) by their
//! bounds while that keeps a bound. An answer is a proof or "don't know";
//! "don't know" leaves the expression as it is.
//!
//! ## Termination and cost
//! - Every constructor recurses only on strictly smaller operands, except
//!   the sum's rule (4) loop (at most 16 rounds) and the product's
//!   distribution (at most 64 products, each with no sum factor left).
//! - Rule (6) is never applied blindly (distributing `mod` over terms and
//!   collecting them back can cycle): it only removes terms.
//! - Proofs build expressions (`b - a`, substitutions), whose constructors
//!   ask for proofs in turn. The cycle is cut in `range`: an elimination never
//!   starts inside another, so proofs asked for while eliminating use
//!   interval arithmetic only, which builds nothing. Outside eliminations,
//!   a proof's differences may reach the division constructor through
//!   rule (4), on operands strictly smaller than the proof's.
//! - An elimination substitutes at most once per `mod` atom and eight
//!   variables, each substitution one rebuild of the expression.
//!
//! ## Where to start reading
//! [`ArithKind`] for the form; `simplify_sum.rs`, then `simplify_div.rs`
//! and `simplify_mod.rs` for the rules that matter to views; `range.rs` for
//! the proofs and their soundness argument ("the box"); `print.rs` for C.
//! `tests/integration/arith_paper.rs` replays the paper's examples,
//! `tests/integration/arith_rules.rs` has one test per rule, and
//! `tests/integration/arith_properties.rs` checks value preservation, idempotence,
//! commutativity and the soundness of bounds on random expressions.

mod compare;
mod eval;
mod monomial;
mod ops;
mod print;
mod range;
mod simplify_div;
mod simplify_log;
mod simplify_minmax;
mod simplify_mod;
mod simplify_pow;
mod simplify_prod;
mod simplify_sum;
mod var;

use std::cmp::Ordering;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

pub use range::Interval;
pub use var::{Range, Var, VarId};

/// A symbolic integer expression in canonical form. Immutable; cloning is a
/// reference-count increment.
///
/// The only ways to make one are the smart constructors ([`ArithExpr::cst`],
/// [`ArithExpr::var`], the operators `+ - * / %`, [`ArithExpr::modulo`],
/// [`ArithExpr::min`], [`ArithExpr::max`], [`ArithExpr::pow`],
/// [`ArithExpr::log2`], [`ArithExpr::ceil_div`], [`ArithExpr::sum`],
/// [`ArithExpr::product`]), so every value satisfies the invariants listed
/// on [`ArithKind`]. Equality, hashing and ordering are structural; by
/// canonicity, structural equality is equality of value as far as the rules
/// of this module can tell.
#[derive(Clone)]
pub struct ArithExpr(Arc<ArithKind>);

/// The node of an [`ArithExpr`]. Readable by everyone (printers, analyses);
/// buildable only inside this module, which keeps these invariants:
///
/// - Values are 64-bit signed integers; `/` truncates towards zero and `%`
///   takes the sign of the dividend (C and Rust semantics). Evaluation is
///   strict: a node is undefined when any child is.
/// - `Sum`: at least two terms, none a `Sum`; terms sorted by their part
///   without the constant coefficient ([`ArithKind`]'s order), each such part
///   at most once (like terms collected), none zero; the constant term, if
///   non-zero, comes last.
/// - `Prod`: at least two factors, none a `Prod`; the constant coefficient,
///   if not 1, comes first and is never 0; the other factors are sorted and
///   have pairwise different bases (`x * x` is `x^2`). A `Sum` factor
///   remains only when distributing it would exceed
///   `simplify_prod::DISTRIBUTION_LIMIT` terms.
/// - `Div`, `Mod`: no rule of `simplify_div` / `simplify_mod` applies to the
///   pair. The divisor is never a negative constant.
/// - `Min`, `Max`: at least two operands, none of the same kind, sorted,
///   pairwise different, none provably dominated by another.
/// - `Pow`: exponent not 0 or 1; base not 0, 1, a `Prod` or a `Pow`.
/// - `Log2`: floor of the binary logarithm of a positive operand.
///
/// Variants are declared in the order terms of a sum and factors of a
/// product are printed in: constants, variables, powers, products, then the
/// opaque operators.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ArithKind {
    Cst(i64),
    Var(Var),
    Pow(ArithExpr, ArithExpr),
    Log2(ArithExpr),
    Prod(Vec<ArithExpr>),
    Div(ArithExpr, ArithExpr),
    Mod(ArithExpr, ArithExpr),
    Min(Vec<ArithExpr>),
    Max(Vec<ArithExpr>),
    Sum(Vec<ArithExpr>),
}

impl ArithExpr {
    /// Wraps a node the caller has already put in canonical form. Every smart
    /// constructor ends here; nothing outside this module can call it.
    fn canonical(kind: ArithKind) -> ArithExpr {
        ArithExpr(Arc::new(kind))
    }

    pub fn kind(&self) -> &ArithKind {
        &self.0
    }

    pub fn cst(value: i64) -> ArithExpr {
        ArithExpr::canonical(ArithKind::Cst(value))
    }

    pub fn zero() -> ArithExpr {
        ArithExpr::cst(0)
    }

    pub fn one() -> ArithExpr {
        ArithExpr::cst(1)
    }

    pub fn var(var: &Var) -> ArithExpr {
        ArithExpr::canonical(ArithKind::Var(var.clone()))
    }

    pub fn as_cst(&self) -> Option<i64> {
        match self.kind() {
            ArithKind::Cst(value) => Some(*value),
            _ => None,
        }
    }

    pub fn as_var(&self) -> Option<&Var> {
        match self.kind() {
            ArithKind::Var(var) => Some(var),
            _ => None,
        }
    }

    pub fn is_cst(&self, value: i64) -> bool {
        self.as_cst() == Some(value)
    }

    /// The sum of any number of terms (0 for none).
    pub fn sum(terms: impl IntoIterator<Item = ArithExpr>) -> ArithExpr {
        simplify_sum::sum(terms.into_iter().collect())
    }

    /// The product of any number of factors (1 for none).
    pub fn product(factors: impl IntoIterator<Item = ArithExpr>) -> ArithExpr {
        simplify_prod::product(factors.into_iter().collect())
    }

    /// `self % modulus`, the remainder with the sign of `self` (same as the
    /// `%` operator).
    pub fn modulo(self, modulus: impl Into<ArithExpr>) -> ArithExpr {
        simplify_mod::modulo(self, modulus.into())
    }

    /// The smaller of two values.
    ///
    /// This inherent method takes `self` by value so that `a.min(b)` on an
    /// owned `ArithExpr` means this and not [`Ord::min`] (structural order).
    /// On a `&ArithExpr` receiver Rust picks `Ord::min`: write
    /// `ArithExpr::min(a.clone(), b)` there.
    #[allow(clippy::should_implement_trait)]
    pub fn min(self, other: impl Into<ArithExpr>) -> ArithExpr {
        simplify_minmax::minimum(vec![self, other.into()])
    }

    /// The larger of two values; see [`ArithExpr::min`] about `Ord::max`.
    #[allow(clippy::should_implement_trait)]
    pub fn max(self, other: impl Into<ArithExpr>) -> ArithExpr {
        simplify_minmax::maximum(vec![self, other.into()])
    }

    /// The smallest of several values (at least one).
    pub fn minimum(operands: impl IntoIterator<Item = ArithExpr>) -> ArithExpr {
        simplify_minmax::minimum(operands.into_iter().collect())
    }

    /// The largest of several values (at least one).
    pub fn maximum(operands: impl IntoIterator<Item = ArithExpr>) -> ArithExpr {
        simplify_minmax::maximum(operands.into_iter().collect())
    }

    /// `self` to the power `exponent`; undefined for a negative exponent.
    pub fn pow(self, exponent: impl Into<ArithExpr>) -> ArithExpr {
        simplify_pow::power(self, exponent.into())
    }

    /// `⌊log2 self⌋`; undefined unless `self > 0`. Meant for powers of two
    /// (`log2(2^k) = k`).
    pub fn log2(self) -> ArithExpr {
        simplify_log::log2(self)
    }

    /// `(self + divisor - 1) / divisor`: `⌈self / divisor⌉` when
    /// `self >= 0` and `divisor > 0`, as for the number of chunks of an
    /// array of length `self` split in chunks of `divisor`.
    pub fn ceil_div(self, divisor: impl Into<ArithExpr>) -> ArithExpr {
        let divisor = divisor.into();
        (self + &divisor - 1) / divisor
    }

    /// The operands of this node, in order.
    pub fn children(&self) -> Vec<&ArithExpr> {
        match self.kind() {
            ArithKind::Cst(_) | ArithKind::Var(_) => Vec::new(),
            ArithKind::Log2(operand) => vec![operand],
            ArithKind::Pow(left, right) | ArithKind::Div(left, right) | ArithKind::Mod(left, right) => {
                vec![left, right]
            }
            ArithKind::Prod(operands)
            | ArithKind::Sum(operands)
            | ArithKind::Min(operands)
            | ArithKind::Max(operands) => operands.iter().collect(),
        }
    }
}

impl PartialEq for ArithExpr {
    fn eq(&self, other: &ArithExpr) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0 == other.0
    }
}

impl Eq for ArithExpr {}

impl Hash for ArithExpr {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state)
    }
}

impl PartialOrd for ArithExpr {
    fn partial_cmp(&self, other: &ArithExpr) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for ArithExpr {
    fn cmp(&self, other: &ArithExpr) -> Ordering {
        if Arc::ptr_eq(&self.0, &other.0) { Ordering::Equal } else { self.0.cmp(&other.0) }
    }
}

impl From<i64> for ArithExpr {
    fn from(value: i64) -> ArithExpr {
        ArithExpr::cst(value)
    }
}

impl From<&ArithExpr> for ArithExpr {
    fn from(expr: &ArithExpr) -> ArithExpr {
        expr.clone()
    }
}

impl From<Var> for ArithExpr {
    fn from(var: Var) -> ArithExpr {
        ArithExpr::var(&var)
    }
}

impl From<&Var> for ArithExpr {
    fn from(var: &Var) -> ArithExpr {
        ArithExpr::var(var)
    }
}
