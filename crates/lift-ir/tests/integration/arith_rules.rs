//! One test per simplification rule of `lift_ir::arith`, named after it.

use lift_ir::arith::{ArithExpr, ArithKind, Range, Var};

fn var(name: &str, range: Range) -> ArithExpr {
    ArithExpr::var(&Var::new(name, range))
}

fn unknown(name: &str) -> ArithExpr {
    var(name, Range::unbounded())
}

fn natural(name: &str) -> ArithExpr {
    var(name, Range::at_least(0))
}

fn positive(name: &str) -> ArithExpr {
    var(name, Range::at_least(1))
}

fn cst(value: i64) -> ArithExpr {
    ArithExpr::cst(value)
}

/// `M ≥ 1` and `l_id ∈ [0, M - 1]`.
fn length_and_index() -> (ArithExpr, ArithExpr) {
    let length = positive("M");
    let index = var("l_id", Range::below(&length));
    (length, index)
}

fn is_div(expr: &ArithExpr) -> bool {
    matches!(expr.kind(), ArithKind::Div(..))
}

fn is_mod(expr: &ArithExpr) -> bool {
    matches!(expr.kind(), ArithKind::Mod(..))
}

// Sums

#[test]
fn sum_fold_constants() {
    assert_eq!(cst(2) + 3, cst(5));
}

#[test]
fn sum_plus_zero_is_identity() {
    let x = unknown("x");
    assert_eq!(&x + 0, x);
}

#[test]
fn sum_collect_like_terms() {
    let x = unknown("x");
    assert_eq!(2 * &x + 3 * &x, 5 * &x);
}

#[test]
fn sum_collect_like_terms_cancels() {
    let (x, y) = (unknown("x"), unknown("y"));
    assert_eq!(&x + &y - &x, y);
}

#[test]
fn sum_is_commutative() {
    let (x, y) = (unknown("x"), unknown("y"));
    assert_eq!(&x + &y, &y + &x);
}

#[test]
fn sum_flatten() {
    let (x, y, z) = (unknown("x"), unknown("y"), unknown("z"));
    assert_eq!((&x + &y) + &z, &x + (&y + &z));
    assert_eq!(((&x + &y) + &z).children().len(), 3);
}

#[test]
fn sum_constant_comes_last() {
    let x = unknown("x");
    let sum = 4 + &x;
    assert_eq!(sum.children().last().and_then(|last| last.as_cst()), Some(4));
}

// Products

#[test]
fn prod_times_zero_is_zero() {
    assert_eq!(ArithExpr::product([unknown("x"), cst(0)]), cst(0));
}

#[test]
fn prod_times_one_is_identity() {
    let x = unknown("x");
    assert_eq!(&x * 1, x);
}

#[test]
fn prod_fold_constants() {
    let x = unknown("x");
    assert_eq!(2 * &x * 3, 6 * &x);
}

#[test]
fn prod_is_commutative() {
    let (x, y) = (unknown("x"), unknown("y"));
    assert_eq!(&x * &y, &y * &x);
}

#[test]
fn prod_flatten() {
    let (x, y, z) = (unknown("x"), unknown("y"), unknown("z"));
    assert_eq!((&x * &y) * &z, &x * (&y * &z));
}

#[test]
fn prod_group_powers() {
    let (x, k) = (unknown("x"), natural("k"));
    assert_eq!(&x * &x, x.clone().pow(2));
    assert_eq!(x.clone().pow(&k) * &x, x.clone().pow(&k + 1));
}

#[test]
fn prod_distribute_constant() {
    let x = unknown("x");
    assert_eq!(2 * (&x + 1), 2 * &x + 2);
}

#[test]
fn prod_distribute_symbolic() {
    let (n, i, j) = (unknown("N"), unknown("i"), unknown("j"));
    assert_eq!(&n * (&i + &j), &n * &i + &n * &j);
}

#[test]
fn prod_distribute_stops_at_limit() {
    let binomials: Vec<ArithExpr> = (0..7).map(|index| unknown(&format!("x{index}")) + 1).collect();
    let product = ArithExpr::product(binomials);
    assert!(matches!(product.kind(), ArithKind::Prod(_)), "2^7 terms exceed the limit: {product}");
}

#[test]
fn sum_flattens_an_undistributed_sum_whose_coefficient_becomes_one() {
    // 7 binomials multiply to 128 terms, past the distribution limit.
    let large = ArithExpr::product((0..7).map(|index| unknown(&format!("x{index}")) + 1));
    let large_sum = &large + unknown("y");
    assert!(matches!(large_sum.kind(), ArithKind::Sum(_)));
    let twice_minus_once = 2 * &large_sum - &large_sum;
    assert_eq!(twice_minus_once, large_sum);
    assert!(twice_minus_once.children().iter().all(|term| !matches!(term.kind(), ArithKind::Sum(_))));
}

#[test]
fn neg_is_times_minus_one() {
    let x = unknown("x");
    assert_eq!(-&x, -1 * &x);
    assert_eq!(-(-&x), x);
}

// Division

#[test]
fn div_by_zero_stays() {
    let x = unknown("x");
    assert!(is_div(&(&x / 0)));
}

#[test]
fn div_fold_constants() {
    assert_eq!(cst(-7) / 2, cst(-3));
}

#[test]
fn div_by_one() {
    let x = unknown("x");
    assert_eq!(&x / 1, x);
}

#[test]
fn div_by_minus_one() {
    let x = unknown("x");
    assert_eq!(&x / -1, -&x);
}

#[test]
fn div_by_negative() {
    let x = unknown("x");
    assert_eq!(&x / -4, -(&x / 4));
}

#[test]
fn div_of_zero() {
    assert_eq!(cst(0) / unknown("y"), cst(0));
}

#[test]
fn div_by_self() {
    let x = unknown("x");
    assert_eq!(&x / &x, cst(1));
}

#[test]
fn div_of_div() {
    let x = unknown("x");
    assert_eq!(&x / 2 / 3, &x / 6);
}

#[test]
fn div_cancel_common_factor_constant() {
    let x = unknown("x");
    assert_eq!((4 * &x + 2) / 6, (2 * &x + 1) / 3);
}

#[test]
fn div_cancel_common_factor_symbolic() {
    let (n, x, y) = (unknown("N"), unknown("x"), unknown("y"));
    assert_eq!((&n * &x) / (&n * &y), &x / &y);
}

#[test]
fn rule_1_div_of_smaller_is_zero() {
    let (m, l_id) = length_and_index();
    assert_eq!(&l_id / &m, cst(0));
}

#[test]
fn rule_1_div_of_negative_smaller_is_zero() {
    let (m, l_id) = length_and_index();
    assert_eq!(-&l_id / &m, cst(0));
}

#[test]
fn rule_1_needs_a_proof() {
    let (m, x) = (positive("M"), natural("x"));
    assert!(is_div(&(&x / &m)));
}

#[test]
fn rule_2_div_extract_multiples() {
    let (m, l_id) = length_and_index();
    let wg_id = natural("wg_id");
    assert_eq!((&wg_id * &m + &l_id) / &m, wg_id);
}

#[test]
fn rule_2_keeps_the_rest() {
    let (m, x, y) = (positive("M"), natural("x"), natural("y"));
    assert_eq!((&x * &m + &y) / &m, &x + &y / &m);
}

#[test]
fn rule_2_needs_same_signs() {
    // (4x + y) / 4 with x = 1, y = -1 is 0, but x + y / 4 would be 1.
    let (x, y) = (unknown("x"), unknown("y"));
    assert!(is_div(&((4 * &x + &y) / 4)));
}

#[test]
fn rule_2_splits_the_constant() {
    let n = natural("n");
    assert_eq!((&n + 255) / 128, 1 + (&n + 127) / 128);
    assert!(is_div(&((&n + 127) / 128)));
}

#[test]
fn rule_2_borrow_one() {
    let (m, n) = (positive("M"), positive("N"));
    assert_eq!((&m * &n - 1) / &n, &m - 1);
}

// Modulo

#[test]
fn mod_by_zero_stays() {
    assert!(is_mod(&unknown("x").modulo(0)));
}

#[test]
fn mod_fold_constants() {
    assert_eq!(cst(-7) % 3, cst(-1));
}

#[test]
fn mod_by_one() {
    assert_eq!(unknown("x").modulo(1), cst(0));
}

#[test]
fn mod_by_negative() {
    let x = unknown("x");
    assert_eq!(&x % -4, &x % 4);
}

#[test]
fn mod_by_self() {
    let x = unknown("x");
    assert_eq!(&x % &x, cst(0));
}

#[test]
fn rule_3_mod_of_smaller_is_self() {
    let (m, l_id) = length_and_index();
    assert_eq!(&l_id % &m, l_id);
}

#[test]
fn rule_3_needs_a_proof() {
    let (m, x) = (positive("M"), natural("x"));
    assert!(is_mod(&(&x % &m)));
}

#[test]
fn rule_5_mod_of_multiple_is_zero() {
    let (x, y) = (unknown("x"), unknown("y"));
    assert_eq!((&x * &y) % &y, cst(0));
    assert_eq!((6 * &x + 4) % 2, cst(0));
}

#[test]
fn rule_6_mod_drop_multiples() {
    let (m, l_id) = length_and_index();
    let wg_id = natural("wg_id");
    assert_eq!((&wg_id * &m + &l_id) % &m, l_id);
}

#[test]
fn rule_6_keeps_the_rest() {
    let (m, x, y) = (positive("M"), natural("x"), natural("y"));
    assert_eq!((&x * &m + &y) % &m, &y % &m);
}

#[test]
fn rule_6_needs_same_signs() {
    let (x, y) = (unknown("x"), unknown("y"));
    assert!(is_mod(&((4 * &x + &y) % 4)));
}

#[test]
fn rule_6_borrow_one() {
    let (m, n) = (positive("M"), positive("N"));
    assert_eq!((&m * &n - 1) % &n, &n - 1);
}

#[test]
fn mod_of_mod() {
    let x = unknown("x");
    assert_eq!((&x % 8) % 4, &x % 4);
}

#[test]
fn rule_4_div_mod_recombine() {
    let (x, y) = (unknown("x"), unknown("y"));
    assert_eq!((&x / &y) * &y + &x % &y, x);
}

#[test]
fn rule_4_with_constant_divisor() {
    let x = unknown("x");
    assert_eq!((&x / 4) * 4 + &x % 4, x);
}

#[test]
fn rule_4_with_common_factor() {
    let (x, y, z) = (unknown("x"), unknown("y"), unknown("z"));
    assert_eq!(3 * &z * ((&x / &y) * &y) + 3 * &z * (&x % &y), 3 * &z * &x);
}

// Min and max

#[test]
fn minmax_by_range() {
    let (n, l_id) = length_and_index();
    assert_eq!(l_id.clone().min(&n), l_id);
    assert_eq!(l_id.clone().max(&n), n);
}

#[test]
fn minmax_fold_constants() {
    let x = unknown("x");
    assert_eq!(ArithExpr::minimum([cst(5), x.clone(), cst(3)]), x.clone().min(3));
    assert_eq!(cst(5).max(3), cst(5));
}

#[test]
fn minmax_of_offsets() {
    let x = unknown("x");
    assert_eq!((&x + 1).min(&x + 3), &x + 1);
    assert_eq!((&x + 1).max(&x + 3), &x + 3);
}

#[test]
fn minmax_flatten() {
    let (a, b, c) = (unknown("a"), unknown("b"), unknown("c"));
    let nested = a.clone().min(b.clone().min(c.clone()));
    assert_eq!(nested, ArithExpr::minimum([c, b, a]));
    assert_eq!(nested.children().len(), 3);
}

#[test]
fn minmax_dedup() {
    let x = unknown("x");
    assert_eq!(x.clone().min(&x), x);
}

#[test]
fn minmax_is_commutative() {
    let (x, y) = (unknown("x"), unknown("y"));
    assert_eq!(x.clone().max(&y), y.clone().max(&x));
}

#[test]
fn minmax_of_unrelated_stays() {
    let (x, y) = (unknown("x"), unknown("y"));
    assert!(matches!(x.min(y).kind(), ArithKind::Min(_)));
}

// Powers and logarithms

#[test]
fn pow_zero_and_one() {
    let x = unknown("x");
    assert_eq!(x.clone().pow(0), cst(1));
    assert_eq!(x.clone().pow(1), x);
}

#[test]
fn pow_fold_constants() {
    assert_eq!(cst(2).pow(10), cst(1024));
}

#[test]
fn pow_of_one_and_zero() {
    let k = natural("k");
    assert_eq!(cst(1).pow(&k), cst(1));
    assert_eq!(cst(0).pow(&k + 1), cst(0));
}

#[test]
fn pow_of_pow() {
    let (x, k) = (unknown("x"), natural("k"));
    assert_eq!(x.clone().pow(2).pow(&k), x.pow(2 * &k));
}

#[test]
fn pow_of_prod() {
    let (x, k) = (unknown("x"), natural("k"));
    assert_eq!((2 * &x).pow(&k), cst(2).pow(&k) * x.pow(&k));
}

#[test]
fn pow_split_constant_exponent() {
    let k = natural("k");
    assert_eq!(cst(2).pow(&k + 1), 2 * cst(2).pow(&k));
    assert_eq!(cst(2).pow(&k) * cst(2).pow(&k), cst(2).pow(2 * &k));
}

#[test]
fn log2_fold_constant() {
    assert_eq!(cst(1024).log2(), cst(10));
    assert_eq!(cst(1000).log2(), cst(9));
}

#[test]
fn log2_of_power_of_two() {
    let k = natural("k");
    assert_eq!(cst(2).pow(&k).log2(), k);
    assert_eq!((8 * cst(4).pow(&k)).log2(), 2 * &k + 3);
}

#[test]
fn ceil_div_is_rounded_up_division() {
    let n = natural("n");
    assert_eq!(n.clone().ceil_div(128), (&n + 127) / 128);
    assert_eq!((128 * &n).ceil_div(128), n);
}
