//! Property tests of `lift_ir::arith`: random unsimplified trees (`Raw`)
//! over variables with random (partly symbolic) ranges, evaluated at random
//! assignments inside the ranges.
//!
//! - value: the smart-constructed expression evaluates like the raw tree
//!   wherever the raw tree is defined;
//! - idempotence: rebuilding an expression from its own nodes through the
//!   smart constructors gives the same node;
//! - commutativity: `a + b`, `a * b`, `min`, `max` are independent of the
//!   order of the operands;
//! - soundness of the range analysis: constant and symbolic bounds bound,
//!   proven comparisons hold.
//!
//! 500 cases each; set `PROPTEST_CASES` to change that.

use lift_ir::arith::{ArithExpr, ArithKind, Range, Var, VarId};
use proptest::prelude::*;

/// An expression tree as written, before any simplification.
#[derive(Clone, Debug)]
enum Raw {
    Cst(i64),
    Var(usize),
    Add(Box<Raw>, Box<Raw>),
    Sub(Box<Raw>, Box<Raw>),
    Mul(Box<Raw>, Box<Raw>),
    Div(Box<Raw>, Box<Raw>),
    Mod(Box<Raw>, Box<Raw>),
    Min(Box<Raw>, Box<Raw>),
    Max(Box<Raw>, Box<Raw>),
    CeilDiv(Box<Raw>, Box<Raw>),
    Pow(Box<Raw>, Box<Raw>),
    Log2(Box<Raw>),
    Neg(Box<Raw>),
}

/// The variables: `n ∈ [1, n_max]`, `i ∈ [0, n - 1]`, `m ∈ [n, 2n]`, `x`
/// with a random constant, half-open or unknown range, `k ∈ [0, 3]`.
const N: usize = 0;
const I: usize = 1;
const M: usize = 2;
const X: usize = 3;
const K: usize = 4;
const VARIABLE_COUNT: usize = 5;

#[derive(Clone, Copy, Debug)]
enum XRange {
    Between(i64, i64),
    AtLeast(i64),
    Unbounded,
}

#[derive(Clone, Copy, Debug)]
struct Scenario {
    n_max: i64,
    x_range: XRange,
}

/// Raw intermediate values beyond this are skipped, so that the simplified
/// form (whose distributed products can be larger than any raw
/// intermediate) cannot overflow `i64` either.
const MAGNITUDE_LIMIT: i128 = 1 << 20;

struct Variables {
    vars: Vec<Var>,
    exprs: Vec<ArithExpr>,
}

fn make_variables(scenario: Scenario) -> Variables {
    let n = Var::new("n", Range::between(1, scenario.n_max));
    let i = Var::new("i", Range::below(&n));
    let m = Var::new("m", Range::between(&n, 2 * ArithExpr::var(&n)));
    let x_range = match scenario.x_range {
        XRange::Between(lowest, highest) => Range::between(lowest, highest),
        XRange::AtLeast(lowest) => Range::at_least(lowest),
        XRange::Unbounded => Range::unbounded(),
    };
    let x = Var::new("x", x_range);
    let k = Var::new("k", Range::between(0, 3));
    let vars = vec![n, i, m, x, k];
    let exprs = vars.iter().map(ArithExpr::var).collect();
    Variables { vars, exprs }
}

/// A valid assignment, chosen by `seeds`.
fn assignment(scenario: Scenario, seeds: &[u64]) -> [i64; VARIABLE_COUNT] {
    let pick = |seed: u64, lowest: i64, highest: i64| lowest + (seed % (highest - lowest + 1) as u64) as i64;
    let n = pick(seeds[N], 1, scenario.n_max);
    let i = pick(seeds[I], 0, n - 1);
    let m = pick(seeds[M], n, 2 * n);
    let x = match scenario.x_range {
        XRange::Between(lowest, highest) => pick(seeds[X], lowest, highest),
        XRange::AtLeast(lowest) => pick(seeds[X], lowest, lowest + 12),
        XRange::Unbounded => pick(seeds[X], -12, 12),
    };
    let k = pick(seeds[K], 0, 3);
    [n, i, m, x, k]
}

fn environment<'a>(variables: &'a Variables, values: &'a [i64; VARIABLE_COUNT]) -> impl Fn(VarId) -> Option<i64> + 'a {
    move |id| variables.vars.iter().position(|var| var.id() == id).map(|index| values[index])
}

fn raw_eval(raw: &Raw, values: &[i64; VARIABLE_COUNT]) -> Option<i128> {
    let eval = |operand: &Raw| raw_eval(operand, values);
    let value = match raw {
        Raw::Cst(value) => i128::from(*value),
        Raw::Var(index) => i128::from(values[*index]),
        Raw::Add(a, b) => eval(a)? + eval(b)?,
        Raw::Sub(a, b) => eval(a)? - eval(b)?,
        Raw::Mul(a, b) => eval(a)? * eval(b)?,
        Raw::Div(a, b) => eval(a)?.checked_div(eval(b)?)?,
        Raw::Mod(a, b) => eval(a)?.checked_rem(eval(b)?)?,
        Raw::Min(a, b) => eval(a)?.min(eval(b)?),
        Raw::Max(a, b) => eval(a)?.max(eval(b)?),
        Raw::CeilDiv(a, b) => {
            let divisor = eval(b)?;
            (eval(a)? + divisor - 1).checked_div(divisor)?
        }
        Raw::Pow(base, exponent) => eval(base)?.checked_pow(u32::try_from(eval(exponent)?).ok()?)?,
        Raw::Log2(operand) => {
            let operand = eval(operand)?;
            if operand <= 0 {
                return None;
            }
            i128::from(operand.ilog2())
        }
        Raw::Neg(operand) => -eval(operand)?,
    };
    (value.abs() <= MAGNITUDE_LIMIT).then_some(value)
}

fn build(raw: &Raw, variables: &Variables) -> ArithExpr {
    let build = |operand: &Raw| build(operand, variables);
    match raw {
        Raw::Cst(value) => ArithExpr::cst(*value),
        Raw::Var(index) => variables.exprs[*index].clone(),
        Raw::Add(a, b) => build(a) + build(b),
        Raw::Sub(a, b) => build(a) - build(b),
        Raw::Mul(a, b) => build(a) * build(b),
        Raw::Div(a, b) => build(a) / build(b),
        Raw::Mod(a, b) => build(a).modulo(build(b)),
        Raw::Min(a, b) => build(a).min(build(b)),
        Raw::Max(a, b) => build(a).max(build(b)),
        Raw::CeilDiv(a, b) => build(a).ceil_div(build(b)),
        Raw::Pow(base, exponent) => build(base).pow(build(exponent)),
        Raw::Log2(operand) => build(operand).log2(),
        Raw::Neg(operand) => -build(operand),
    }
}

/// Rebuilds `expr` from its own nodes through the public smart constructors.
fn rebuild(expr: &ArithExpr) -> ArithExpr {
    let children: Vec<ArithExpr> = expr.children().into_iter().map(rebuild).collect();
    let mut operands = children.clone().into_iter();
    let mut next = || operands.next().expect("operand");
    match expr.kind() {
        ArithKind::Cst(value) => ArithExpr::cst(*value),
        ArithKind::Var(var) => ArithExpr::var(var),
        ArithKind::Sum(_) => ArithExpr::sum(children),
        ArithKind::Prod(_) => ArithExpr::product(children),
        ArithKind::Min(_) => ArithExpr::minimum(children),
        ArithKind::Max(_) => ArithExpr::maximum(children),
        ArithKind::Div(..) => next() / next(),
        ArithKind::Mod(..) => next().modulo(next()),
        ArithKind::Pow(..) => next().pow(next()),
        ArithKind::Log2(_) => next().log2(),
    }
}

fn boxed(a: Raw, b: Raw, make: fn(Box<Raw>, Box<Raw>) -> Raw) -> Raw {
    make(Box::new(a), Box::new(b))
}

fn scenario_strategy() -> impl Strategy<Value = Scenario> {
    let x_range = prop_oneof![
        (-8i64..=4, 0i64..=12).prop_map(|(lowest, width)| XRange::Between(lowest, lowest + width)),
        (-4i64..=2).prop_map(XRange::AtLeast),
        Just(XRange::Unbounded),
    ];
    (1i64..=12, x_range).prop_map(|(n_max, x_range)| Scenario { n_max, x_range })
}

fn raw_strategy() -> impl Strategy<Value = Raw> {
    let leaf = prop_oneof![(-6i64..=6).prop_map(Raw::Cst), (0..VARIABLE_COUNT).prop_map(Raw::Var)];
    let divisor = prop_oneof![Just(Raw::Var(N)), Just(Raw::Var(M)), (2i64..=8).prop_map(Raw::Cst)];
    let exponent = prop_oneof![(0i64..=3).prop_map(Raw::Cst), Just(Raw::Var(K))];
    leaf.prop_recursive(4, 32, 2, move |inner| {
        prop_oneof![
            3 => (inner.clone(), inner.clone()).prop_map(|(a, b)| boxed(a, b, Raw::Add)),
            2 => (inner.clone(), inner.clone()).prop_map(|(a, b)| boxed(a, b, Raw::Sub)),
            3 => (inner.clone(), inner.clone()).prop_map(|(a, b)| boxed(a, b, Raw::Mul)),
            2 => (inner.clone(), inner.clone()).prop_map(|(a, b)| boxed(a, b, Raw::Div)),
            2 => (inner.clone(), inner.clone()).prop_map(|(a, b)| boxed(a, b, Raw::Mod)),
            1 => (inner.clone(), inner.clone()).prop_map(|(a, b)| boxed(a, b, Raw::Min)),
            1 => (inner.clone(), inner.clone()).prop_map(|(a, b)| boxed(a, b, Raw::Max)),
            1 => (inner.clone(), divisor.clone()).prop_map(|(a, b)| boxed(a, b, Raw::CeilDiv)),
            1 => (inner.clone(), exponent.clone()).prop_map(|(a, b)| boxed(a, b, Raw::Pow)),
            1 => inner.clone().prop_map(|a| Raw::Log2(Box::new(a))),
            1 => inner.clone().prop_map(|a| Raw::Neg(Box::new(a))),
            // The shapes views produce: (q*d + r) / d, (q*d + r) mod d, (a/d)*d + a mod d.
            2 => (inner.clone(), inner.clone(), divisor.clone()).prop_map(|(q, r, d)| {
                boxed(boxed(boxed(q, d.clone(), Raw::Mul), r, Raw::Add), d, Raw::Div)
            }),
            2 => (inner.clone(), inner.clone(), divisor.clone()).prop_map(|(q, r, d)| {
                boxed(boxed(boxed(q, d.clone(), Raw::Mul), r, Raw::Add), d, Raw::Mod)
            }),
            1 => (inner.clone(), divisor.clone()).prop_map(|(a, d)| {
                let quotient_times_divisor = boxed(boxed(a.clone(), d.clone(), Raw::Div), d.clone(), Raw::Mul);
                boxed(quotient_times_divisor, boxed(a, d, Raw::Mod), Raw::Add)
            }),
        ]
    })
}

fn seeds_strategy() -> impl Strategy<Value = Vec<Vec<u64>>> {
    proptest::collection::vec(proptest::collection::vec(any::<u64>(), VARIABLE_COUNT), 12)
}

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|cases| cases.parse().ok()).unwrap_or(500);
    ProptestConfig::with_cases(cases)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn simplification_preserves_value(scenario in scenario_strategy(), raw in raw_strategy(), seeds in seeds_strategy()) {
        let variables = make_variables(scenario);
        let expr = build(&raw, &variables);
        for seed in &seeds {
            let values = assignment(scenario, seed);
            let Some(expected) = raw_eval(&raw, &values) else { continue };
            let actual = expr.eval(&environment(&variables, &values));
            prop_assert_eq!(
                actual.map(i128::from), Some(expected),
                "{:?} simplified to {:?} at n, i, m, x, k = {:?}", raw, expr, values
            );
        }
    }

    #[test]
    fn borrowed_variables_are_the_free_variables(scenario in scenario_strategy(), raw in raw_strategy()) {
        let variables = make_variables(scenario);
        let expr = build(&raw, &variables);
        let free: Vec<_> = expr.free_vars().into_iter().collect();
        let borrowed: Vec<_> = expr.vars().into_iter().cloned().collect();
        prop_assert_eq!(&borrowed, &free, "{:?}", expr);
        for var in &free {
            prop_assert!(expr.any_var(&mut |v| v.id() == var.id()), "{:?} mentions {:?}", expr, var);
        }
        prop_assert_eq!(expr.any_var(&mut |_| true), !free.is_empty(), "{:?}", expr);
    }

    #[test]
    fn simplification_is_idempotent(scenario in scenario_strategy(), raw in raw_strategy()) {
        let variables = make_variables(scenario);
        let expr = build(&raw, &variables);
        prop_assert_eq!(rebuild(&expr), expr.clone(), "from {:?}", raw);
    }

    #[test]
    fn operators_are_commutative(scenario in scenario_strategy(), a in raw_strategy(), b in raw_strategy()) {
        let variables = make_variables(scenario);
        let (a, b) = (build(&a, &variables), build(&b, &variables));
        prop_assert_eq!(&a + &b, &b + &a);
        prop_assert_eq!(&a * &b, &b * &a);
        prop_assert_eq!(a.clone().min(&b), b.clone().min(&a));
        prop_assert_eq!(a.clone().max(&b), b.clone().max(&a));
    }

    #[test]
    fn bounds_hold(scenario in scenario_strategy(), raw in raw_strategy(), seeds in seeds_strategy()) {
        let variables = make_variables(scenario);
        let expr = build(&raw, &variables);
        let (lowest, highest) = (expr.const_min(), expr.const_max());
        let (min_value, max_value) = (expr.min_value(), expr.max_value());
        for seed in &seeds {
            let values = assignment(scenario, seed);
            let env = environment(&variables, &values);
            let Some(value) = expr.eval(&env) else { continue };
            prop_assert!(lowest.is_none_or(|lowest| lowest <= value), "{:?} >= {:?} at {:?}", expr, lowest, values);
            prop_assert!(highest.is_none_or(|highest| value <= highest), "{:?} <= {:?} at {:?}", expr, highest, values);
            if let Some(bound) = min_value.eval(&env) {
                prop_assert!(bound <= value, "{:?} >= {:?} at {:?}", expr, min_value, values);
            }
            if let Some(bound) = max_value.eval(&env) {
                prop_assert!(value <= bound, "{:?} <= {:?} at {:?}", expr, max_value, values);
            }
        }
    }

    #[test]
    fn proven_comparisons_hold(scenario in scenario_strategy(), a in raw_strategy(), b in raw_strategy(), seeds in seeds_strategy()) {
        let variables = make_variables(scenario);
        let (a, b) = (build(&a, &variables), build(&b, &variables));
        let is_smaller = a.is_smaller(&b);
        let is_smaller_or_equal = a.is_smaller_or_equal(&b);
        for seed in &seeds {
            let values = assignment(scenario, seed);
            let env = environment(&variables, &values);
            let (Some(a_value), Some(b_value)) = (a.eval(&env), b.eval(&env)) else { continue };
            if let Some(claim) = is_smaller {
                prop_assert_eq!(a_value < b_value, claim, "{:?} < {:?} at {:?}", a, b, values);
            }
            if let Some(claim) = is_smaller_or_equal {
                prop_assert_eq!(a_value <= b_value, claim, "{:?} <= {:?} at {:?}", a, b, values);
            }
        }
    }
}
