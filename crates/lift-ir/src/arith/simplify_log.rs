//! The smart constructor of `log2`, the floor of the binary logarithm,
//! undefined for operands `<= 0`. It exists to undo powers of two:
//! `iterate` halves a length `2^k` step by step and needs `k` back.
//!
//! Rules:
//! - `log2-fold-constant`: `log2(c) = ⌊log2 c⌋` for `c > 0`.
//! - `log2-of-power-of-two`: `log2(2^j * (2^a)^e1 * …) = j + a*e1 + …` when
//!   the operand is a product of a power-of-two coefficient and powers with
//!   power-of-two constant bases. Exact because the operand is then a power
//!   of two wherever it is defined.

use super::{ArithExpr, ArithKind, simplify_prod, simplify_sum};

pub(super) fn log2(operand: ArithExpr) -> ArithExpr {
    if let Some(value) = operand.as_cst()
        && value > 0
    {
        return ArithExpr::cst(i64::from(value.ilog2()));
    }
    if let Some(exponent) = exponent_of_two(&operand) {
        return exponent;
    }
    ArithExpr::canonical(ArithKind::Log2(operand))
}

/// `e` such that `operand = 2^e`, when visible from the structure.
fn exponent_of_two(operand: &ArithExpr) -> Option<ArithExpr> {
    let factors = match operand.kind() {
        ArithKind::Prod(factors) => factors.clone(),
        ArithKind::Pow(..) => vec![operand.clone()],
        _ => return None,
    };
    let mut exponents = Vec::with_capacity(factors.len());
    for factor in factors {
        match factor.kind() {
            ArithKind::Cst(value) => exponents.push(ArithExpr::cst(log2_of_power_of_two(*value)?)),
            ArithKind::Pow(base, exponent) => {
                let base_log = log2_of_power_of_two(base.as_cst()?)?;
                exponents.push(simplify_prod::product(vec![ArithExpr::cst(base_log), exponent.clone()]));
            }
            _ => return None,
        }
    }
    Some(simplify_sum::sum(exponents))
}

fn log2_of_power_of_two(value: i64) -> Option<i64> {
    (value > 0 && value.count_ones() == 1).then(|| i64::from(value.ilog2()))
}
