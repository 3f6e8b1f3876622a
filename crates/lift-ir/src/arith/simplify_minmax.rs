//! The smart constructors of `min` and `max`, n-ary.
//!
//! Rules:
//! - `minmax-flatten`: `min(a, min(b, c)) = min(a, b, c)`.
//! - `minmax-dedup`: operands are a sorted set, `min(a, a) = a`.
//! - `minmax-fold-constants`: only the smallest (largest) constant stays.
//! - `minmax-by-range`: an operand is dropped when another one is proven
//!   `<=` it (for `min`; `>=` for `max`), `min(l_id, N) = l_id` when
//!   `l_id ∈ [0, N - 1]`, `min(x + 1, x + 3) = x + 1`.
//! - A single operand left is the result.
//!
//! Termination: one pass over pairs of operands, each with one proof.

use std::collections::BTreeSet;

use super::compare::proves_less_or_equal;
use super::{ArithExpr, ArithKind};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Extremum {
    Min,
    Max,
}

pub(super) fn minimum(operands: Vec<ArithExpr>) -> ArithExpr {
    extremum(operands, Extremum::Min)
}

pub(super) fn maximum(operands: Vec<ArithExpr>) -> ArithExpr {
    extremum(operands, Extremum::Max)
}

fn extremum(operands: Vec<ArithExpr>, which: Extremum) -> ArithExpr {
    let mut set = BTreeSet::new();
    let mut pending = operands;
    while let Some(operand) = pending.pop() {
        match (operand.kind(), which) {
            (ArithKind::Min(inner), Extremum::Min) | (ArithKind::Max(inner), Extremum::Max) => {
                pending.extend(inner.iter().cloned())
            }
            _ => {
                set.insert(operand);
            }
        }
    }

    let (constants, mut others): (Vec<ArithExpr>, Vec<ArithExpr>) =
        set.into_iter().partition(|operand| operand.as_cst().is_some());
    let values = constants.iter().filter_map(ArithExpr::as_cst);
    let extreme_constant = match which {
        Extremum::Min => values.min(),
        Extremum::Max => values.max(),
    };
    if let Some(constant) = extreme_constant {
        others.push(ArithExpr::cst(constant));
        others.sort();
    }

    // `beats(a, b)`: `a` makes `b` redundant.
    let beats = |a: &ArithExpr, b: &ArithExpr| match which {
        Extremum::Min => proves_less_or_equal(a, b),
        Extremum::Max => proves_less_or_equal(b, a),
    };
    let mut is_alive = vec![true; others.len()];
    for candidate in 0..others.len() {
        let is_redundant = (0..others.len())
            .any(|other| other != candidate && is_alive[other] && beats(&others[other], &others[candidate]));
        if is_redundant {
            is_alive[candidate] = false;
        }
    }
    let mut survivors: Vec<ArithExpr> =
        others.into_iter().zip(is_alive).filter(|(_, alive)| *alive).map(|(operand, _)| operand).collect();
    assert!(!survivors.is_empty(), "min and max need at least one operand");
    if survivors.len() == 1 {
        return survivors.pop().expect("one operand");
    }
    match which {
        Extremum::Min => ArithExpr::canonical(ArithKind::Min(survivors)),
        Extremum::Max => ArithExpr::canonical(ArithKind::Max(survivors)),
    }
}
