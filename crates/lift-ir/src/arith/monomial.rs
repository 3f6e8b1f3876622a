//! Terms, coefficients, factors and exact quotients: the views of an
//! expression as a monomial `c × b1^e1 × … × bk^ek` that the sum, product,
//! division and modulo rules share.

use super::{ArithExpr, ArithKind, simplify_pow, simplify_prod, simplify_sum};

/// Splits a term of a sum into its constant coefficient and the rest, its
/// *key*: `6 * x * y` gives `(6, x * y)`, `x` gives `(1, x)`, `7` gives
/// `(7, 1)`. Like terms are the terms with the same key.
pub(super) fn split_coefficient(term: &ArithExpr) -> (i64, ArithExpr) {
    match term.kind() {
        ArithKind::Cst(value) => (*value, ArithExpr::one()),
        ArithKind::Prod(factors) => match factors[0].as_cst() {
            Some(coefficient) if factors.len() == 2 => (coefficient, factors[1].clone()),
            Some(coefficient) => (coefficient, ArithExpr::canonical(ArithKind::Prod(factors[1..].to_vec()))),
            None => (1, term.clone()),
        },
        _ => (1, term.clone()),
    }
}

/// The inverse of [`split_coefficient`]: `coefficient × key`, built directly
/// because a non-zero coefficient in front of a canonical key is canonical
/// (no product rule looks at the coefficient except to fold it).
pub(super) fn with_coefficient(coefficient: i64, key: ArithExpr) -> ArithExpr {
    if coefficient == 0 {
        return ArithExpr::zero();
    }
    if key.is_cst(1) {
        return ArithExpr::cst(coefficient);
    }
    if coefficient == 1 {
        return key;
    }
    let mut factors = vec![ArithExpr::cst(coefficient)];
    match key.kind() {
        ArithKind::Prod(key_factors) => factors.extend(key_factors.iter().cloned()),
        _ => factors.push(key),
    }
    ArithExpr::canonical(ArithKind::Prod(factors))
}

/// The terms of `expr` seen as a sum: its terms if it is one, else itself.
pub(super) fn terms(expr: &ArithExpr) -> Vec<ArithExpr> {
    match expr.kind() {
        ArithKind::Sum(terms) => terms.clone(),
        _ => vec![expr.clone()],
    }
}

/// `expr` seen as `coefficient × Π base^exponent`.
pub(super) struct Monomial {
    pub(super) coefficient: i64,
    pub(super) powers: Vec<(ArithExpr, ArithExpr)>,
}

pub(super) fn monomial(expr: &ArithExpr) -> Monomial {
    match expr.kind() {
        ArithKind::Cst(value) => Monomial { coefficient: *value, powers: Vec::new() },
        ArithKind::Prod(factors) => {
            let mut coefficient = 1;
            let mut powers = Vec::with_capacity(factors.len());
            for factor in factors {
                match factor.as_cst() {
                    Some(value) => coefficient = value,
                    None => powers.push(base_and_exponent(factor)),
                }
            }
            Monomial { coefficient, powers }
        }
        _ => Monomial { coefficient: 1, powers: vec![base_and_exponent(expr)] },
    }
}

/// `x^e` gives `(x, e)`, anything else `(it, 1)`.
pub(super) fn base_and_exponent(factor: &ArithExpr) -> (ArithExpr, ArithExpr) {
    match factor.kind() {
        ArithKind::Pow(base, exponent) => (base.clone(), exponent.clone()),
        _ => (factor.clone(), ArithExpr::one()),
    }
}

/// `dividend / divisor` when `dividend` is structurally a multiple of
/// `divisor` (`6 * x * y / (2 * y) = 3 * x`, `(4 * x + 8) / 4 = x + 2`),
/// else `None`. Then `dividend = quotient × divisor` for every value of the
/// variables, which is what rules (2), (5) and (6) need.
///
/// Exponents must differ by a non-negative constant (`x^3 / x = x^2`);
/// a sum divides only term by term, so `(x + 1) * y` is not seen as a
/// multiple of `x + 1` once distributed.
pub(super) fn exact_quotient(dividend: &ArithExpr, divisor: &ArithExpr) -> Option<ArithExpr> {
    if divisor.is_cst(0) {
        return None;
    }
    if dividend == divisor {
        return Some(ArithExpr::one());
    }
    if let ArithKind::Sum(terms) = dividend.kind() {
        let quotients = terms.iter().map(|term| exact_quotient(term, divisor)).collect::<Option<Vec<_>>>()?;
        return Some(simplify_sum::sum(quotients));
    }
    let dividend = monomial(dividend);
    let divisor = monomial(divisor);
    if dividend.coefficient.wrapping_rem(divisor.coefficient) != 0 {
        return None;
    }
    let mut remaining = dividend.powers;
    for (base, exponent) in divisor.powers {
        let position = remaining.iter().position(|(candidate, _)| *candidate == base)?;
        let difference = simplify_sum::sum(vec![remaining[position].1.clone(), -exponent]);
        if difference.as_cst()? < 0 {
            return None;
        }
        remaining[position].1 = difference;
    }
    let mut factors = vec![ArithExpr::cst(dividend.coefficient.wrapping_div(divisor.coefficient))];
    factors.extend(remaining.into_iter().map(|(base, exponent)| simplify_pow::power(base, exponent)));
    Some(simplify_prod::product(factors))
}
