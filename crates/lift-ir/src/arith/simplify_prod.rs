//! The smart constructor of products.
//!
//! Rules, in order:
//! - `prod-flatten`: a factor that is a product contributes its factors.
//! - `prod-fold-constants`: constant factors multiply into one coefficient
//!   (wrapping like `long`); `x * 0 = 0`, `x * 1 = x`.
//! - `prod-group-powers`: factors with the same base are merged by adding
//!   exponents, `x * x = x^2`, `x^a * x^b = x^(a+b)`, through the power
//!   constructor (which may give back a constant, folded in turn).
//! - `prod-distribute`: a product with sum factors becomes the sum of the
//!   products, `2 * (x + 1) = 2*x + 2`, `N * (i + j) = N*i + N*j`, unless the
//!   result would have more than [`DISTRIBUTION_LIMIT`] terms. Distribution
//!   makes polynomials canonical, so that the division and modulo rules see
//!   `wg_id*M + l_id` however the index was built.
//!
//! The other factors are sorted, the coefficient first.
//!
//! Termination: each product of the distribution has no sum factor except
//! those inside terms of the distributed sums, which are strictly smaller;
//! the grouping calls the power constructor once per base.

use std::collections::BTreeMap;

use super::monomial::base_and_exponent;
use super::{ArithExpr, ArithKind, simplify_pow, simplify_sum};

/// Products whose distribution would give more terms than this stay products.
pub(super) const DISTRIBUTION_LIMIT: usize = 64;

pub(super) fn product(factors: Vec<ArithExpr>) -> ArithExpr {
    let mut coefficient: i64 = 1;
    let mut exponents_of_base: BTreeMap<ArithExpr, Vec<ArithExpr>> = BTreeMap::new();
    let mut pending = factors;
    while let Some(factor) = pending.pop() {
        match factor.kind() {
            ArithKind::Prod(inner) => pending.extend(inner.iter().cloned()),
            ArithKind::Cst(value) => coefficient = coefficient.wrapping_mul(*value),
            _ => {
                let (base, exponent) = base_and_exponent(&factor);
                exponents_of_base.entry(base).or_default().push(exponent);
            }
        }
    }
    if coefficient == 0 {
        return ArithExpr::zero();
    }

    let mut others = Vec::with_capacity(exponents_of_base.len());
    for (base, exponents) in exponents_of_base {
        let grouped = if exponents.len() == 1 && exponents[0].is_cst(1) {
            base
        } else {
            simplify_pow::power(base, simplify_sum::sum(exponents))
        };
        // The power constructor returns a constant, the base, a power of the
        // base, or a constant times a power of the base (`2^(k+1) = 2 * 2^k`).
        match grouped.kind() {
            ArithKind::Cst(value) => coefficient = coefficient.wrapping_mul(*value),
            ArithKind::Prod(parts) => {
                for part in parts {
                    match part.as_cst() {
                        Some(value) => coefficient = coefficient.wrapping_mul(value),
                        None => others.push(part.clone()),
                    }
                }
            }
            _ => others.push(grouped),
        }
    }
    if coefficient == 0 {
        return ArithExpr::zero();
    }

    if let Some(distributed) = distribute(coefficient, &others) {
        return distributed;
    }
    others.sort();
    if others.is_empty() {
        return ArithExpr::cst(coefficient);
    }
    if coefficient == 1 && others.len() == 1 {
        return others.pop().expect("one factor");
    }
    let mut factors = Vec::with_capacity(others.len() + 1);
    if coefficient != 1 {
        factors.push(ArithExpr::cst(coefficient));
    }
    factors.extend(others);
    ArithExpr::canonical(ArithKind::Prod(factors))
}

/// `c * a * (x + y) * (z + w)` as the sum of the products, or `None` when
/// there is no sum factor or the result would exceed [`DISTRIBUTION_LIMIT`].
fn distribute(coefficient: i64, factors: &[ArithExpr]) -> Option<ArithExpr> {
    let (sums, non_sums): (Vec<&ArithExpr>, Vec<&ArithExpr>) =
        factors.iter().partition(|factor| matches!(factor.kind(), ArithKind::Sum(_)));
    if sums.is_empty() {
        return None;
    }
    let mut number_of_terms: usize = 1;
    for sum in &sums {
        number_of_terms = number_of_terms.saturating_mul(sum.children().len());
    }
    if number_of_terms > DISTRIBUTION_LIMIT {
        return None;
    }
    let mut partial_products: Vec<Vec<ArithExpr>> = vec![Vec::new()];
    partial_products[0].push(ArithExpr::cst(coefficient));
    partial_products[0].extend(non_sums.into_iter().cloned());
    for sum in sums {
        let mut next = Vec::with_capacity(partial_products.len() * sum.children().len());
        for partial in &partial_products {
            for term in sum.children() {
                let mut extended = partial.clone();
                extended.push(term.clone());
                next.push(extended);
            }
        }
        partial_products = next;
    }
    Some(simplify_sum::sum(partial_products.into_iter().map(product).collect()))
}
