//! The smart constructor of sums.
//!
//! Rules, applied until none fires:
//! - `sum-flatten`: a term that is a sum contributes its terms.
//! - `sum-fold-constants`: constant terms are added up (wrapping like
//!   `long`); `x + 0 = x`.
//! - `sum-collect-like-terms`: terms with the same key (the term without its
//!   constant coefficient, see `monomial::split_coefficient`) are merged by
//!   adding coefficients, `2*x + 3*x = 5*x`, and dropped when that gives 0.
//!   A key that is itself a sum (one too large for the product to
//!   distribute) left with coefficient 1 is flattened in turn.
//! - `div-mod-recombine`, the paper's rule (4): `F*(x/y)*y + F*(x mod y)` is
//!   `F*x`, for any common factor `F`. It needs no range information:
//!   `x = (x/y)*y + x mod y` is the definition of truncating `%`.
//!
//! The result lists terms in key order with the constant last, which makes it
//! independent of the order of the operands (`x + y` and `y + x` are the same
//! node).
//!
//! Termination: flattening and collecting are one pass over the terms. Each
//! round of rule (4) removes a `mod` term and a `/` term and adds the
//! distributed `F*x`; rounds are capped at [`MAX_RECOMBINATION_ROUNDS`], so a
//! sum is built with a bounded number of calls to the product constructor
//! even on adversarial input (where the cap may leave a recombinable pair).

use std::collections::BTreeMap;

use super::monomial::{split_coefficient, with_coefficient};
use super::{ArithExpr, ArithKind, simplify_div, simplify_prod};

/// At most this many applications of rule (4) per sum.
const MAX_RECOMBINATION_ROUNDS: usize = 16;

pub(super) fn sum(terms: Vec<ArithExpr>) -> ArithExpr {
    let mut collected = collect_like_terms(terms);
    for _ in 0..MAX_RECOMBINATION_ROUNDS {
        let Some((div_term, mod_term, replacement)) = find_div_mod_pair(&collected.terms) else { break };
        let mut terms: Vec<ArithExpr> = collected
            .terms
            .into_iter()
            .enumerate()
            .filter(|(index, _)| *index != div_term && *index != mod_term)
            .map(|(_, term)| term)
            .collect();
        terms.push(replacement);
        terms.push(ArithExpr::cst(collected.constant));
        collected = collect_like_terms(terms);
    }
    build(collected)
}

/// Non-constant terms in key order, and the constant term apart.
struct CollectedTerms {
    terms: Vec<ArithExpr>,
    constant: i64,
}

fn collect_like_terms(terms: Vec<ArithExpr>) -> CollectedTerms {
    let mut constant: i64 = 0;
    let mut coefficient_of_key: BTreeMap<ArithExpr, i64> = BTreeMap::new();
    let mut pending = terms;
    while let Some(term) = pending.pop() {
        match term.kind() {
            ArithKind::Sum(inner) => pending.extend(inner.iter().cloned()),
            ArithKind::Cst(value) => constant = constant.wrapping_add(*value),
            _ => {
                let (coefficient, key) = split_coefficient(&term);
                let entry = coefficient_of_key.entry(key).or_insert(0);
                *entry = entry.wrapping_add(coefficient);
            }
        }
    }
    // A key that is a sum (too large to distribute, as in `2*S - S`) with a
    // coefficient of 1 is that sum again: its terms are collected in turn.
    let mut terms = Vec::with_capacity(coefficient_of_key.len());
    let mut sums_to_flatten = Vec::new();
    for (key, coefficient) in coefficient_of_key {
        match coefficient {
            0 => {}
            1 if matches!(key.kind(), ArithKind::Sum(_)) => sums_to_flatten.push(key),
            _ => terms.push(with_coefficient(coefficient, key)),
        }
    }
    if !sums_to_flatten.is_empty() {
        terms.extend(sums_to_flatten);
        terms.push(ArithExpr::cst(constant));
        return collect_like_terms(terms);
    }
    CollectedTerms { terms, constant }
}

fn build(collected: CollectedTerms) -> ArithExpr {
    let CollectedTerms { mut terms, constant } = collected;
    if constant != 0 {
        terms.push(ArithExpr::cst(constant));
    }
    match terms.len() {
        0 => ArithExpr::zero(),
        1 => terms.pop().expect("one term"),
        _ => ArithExpr::canonical(ArithKind::Sum(terms)),
    }
}

/// Rule (4): finds terms `F*(x/y)*y` and `F*(x mod y)` and returns their
/// indices with `F*x`.
fn find_div_mod_pair(terms: &[ArithExpr]) -> Option<(usize, usize, ArithExpr)> {
    let has_factor = |term: &ArithExpr, is_wanted: fn(&ArithKind) -> bool| {
        factors(term).iter().any(|factor| is_wanted(factor.kind()))
    };
    let is_div = |kind: &ArithKind| matches!(kind, ArithKind::Div(..));
    let is_mod = |kind: &ArithKind| matches!(kind, ArithKind::Mod(..));
    if !terms.iter().any(|term| has_factor(term, is_div)) || !terms.iter().any(|term| has_factor(term, is_mod)) {
        return None;
    }
    for (mod_index, term) in terms.iter().enumerate() {
        for (factor_index, factor) in factors(term).iter().enumerate() {
            let ArithKind::Mod(dividend, divisor) = factor.kind() else { continue };
            let common: Vec<ArithExpr> = factors(term)
                .into_iter()
                .enumerate()
                .filter(|(index, _)| *index != factor_index)
                .map(|(_, other)| other)
                .collect();
            let mut div_term_factors = common.clone();
            div_term_factors.push(simplify_div::divide(dividend.clone(), divisor.clone()));
            div_term_factors.push(divisor.clone());
            let div_term = simplify_prod::product(div_term_factors);
            if let Some(div_index) = terms.iter().position(|candidate| *candidate == div_term) {
                let mut recombined = common;
                recombined.push(dividend.clone());
                return Some((div_index, mod_index, simplify_prod::product(recombined)));
            }
        }
    }
    None
}

/// The factors of a product, or the term itself.
fn factors(term: &ArithExpr) -> Vec<ArithExpr> {
    match term.kind() {
        ArithKind::Prod(factors) => factors.clone(),
        _ => vec![term.clone()],
    }
}
