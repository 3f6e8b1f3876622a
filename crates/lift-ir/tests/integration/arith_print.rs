//! Printing of `lift_ir::arith` expressions, in math notation and as
//! OpenCL C.

use lift_ir::arith::{ArithExpr, Range, Var};

fn var(name: &str, range: Range) -> ArithExpr {
    ArithExpr::var(&Var::new(name, range))
}

fn opencl(expr: &ArithExpr) -> String {
    expr.to_opencl(&|var| var.name().to_string())
}

#[test]
fn negative_terms_print_with_minus() {
    let x = var("x", Range::unbounded());
    assert_eq!(opencl(&(&x - 3)), "x - 3");
    assert_eq!(opencl(&(3 - &x)), "3 - x");
    assert_eq!(opencl(&(-&x - 3)), "-x - 3");
    assert_eq!(opencl(&(-2 * &x)), "-2 * x");
    let n = var("N", Range::unbounded());
    assert_eq!(opencl(&(&n - 2 * &x)), "N - 2 * x");
}

#[test]
fn index_expressions_print_like_a_human_would() {
    let n = var("n", Range::at_least(0));
    let l_id = var("l_id", Range::between(0, 63));
    let wg_id = var("wg_id", Range::at_least(0));
    assert_eq!(opencl(&(2 * &l_id + 128 * &wg_id)), "2 * l_id + 128 * wg_id");
    assert_eq!(opencl(&n.clone().ceil_div(128)), "(n + 127) / 128");
    assert_eq!(opencl(&(n.clone().ceil_div(128) * 128)), "128 * ((n + 127) / 128)");
}

#[test]
fn parentheses_are_minimal() {
    let (x, y, z) = (var("x", Range::unbounded()), var("y", Range::unbounded()), var("z", Range::unbounded()));
    assert_eq!(opencl(&(&x / (&y * &z))), "x / (y * z)");
    assert_eq!(opencl(&(&x * (&y / &z))), "x * (y / z)");
    assert_eq!(opencl(&((&x + &y) / &z)), "(x + y) / z");
    assert_eq!(opencl(&(&x / &y + &z)), "z + x / y");
    assert_eq!(opencl(&((&x / &y).modulo(&z))), "x / y % z");
    assert_eq!(opencl(&(&x % (&y + 1))), "x % (y + 1)");
    // C reads `-x / y` as `(-x) / y`, which truncation makes equal to `-(x / y)`.
    assert_eq!(opencl(&(-(&x / &y))), "-x / y");
}

#[test]
fn math_notation() {
    let (x, k) = (var("x", Range::unbounded()), var("k", Range::at_least(0)));
    assert_eq!((&x % 4).to_string(), "x mod 4");
    assert_eq!(x.clone().pow(2).to_string(), "x^2");
    assert_eq!(ArithExpr::cst(2).pow(&k).to_string(), "2^k");
    assert_eq!(x.clone().pow(&k + 3).to_string(), "x^(k + 3)");
    assert_eq!(ArithExpr::minimum([x.clone(), k.clone(), ArithExpr::cst(4)]).to_string(), "min(4, k, x)");
    assert_eq!(x.clone().log2().to_string(), "log2(x)");
}

#[test]
fn debug_shows_variable_ids() {
    let x = Var::new("x", Range::unbounded());
    assert_eq!(format!("{:?}", ArithExpr::var(&x) + 1), format!("x#{} + 1", x.id().index()));
}

#[test]
fn opencl_powers_and_logarithms() {
    let (x, k) = (var("x", Range::unbounded()), var("k", Range::at_least(0)));
    assert_eq!(opencl(&ArithExpr::cst(2).pow(&k)), "(1L << k)");
    assert_eq!(opencl(&ArithExpr::cst(4).pow(&k)), "(1L << 2 * k)");
    assert_eq!(opencl(&x.clone().pow(3)), "(x * x * x)");
    assert_eq!(opencl(&(&x + 1).pow(2)), "((x + 1) * (x + 1))");
    assert_eq!(opencl(&x.clone().pow(&k)), "nessie_pow(x, k)");
    assert_eq!(opencl(&x.clone().log2()), "(63 - clz(x))");
}

#[test]
fn opencl_min_and_max_are_binary() {
    let (a, b, c) = (var("a", Range::unbounded()), var("b", Range::unbounded()), var("c", Range::unbounded()));
    assert_eq!(opencl(&ArithExpr::minimum([a.clone(), b.clone(), c.clone()])), "min(a, min(b, c))");
    assert_eq!(opencl(&a.clone().max(b)), "max(a, b)");
    // Constants are `long`s: `min(long, int)` is ambiguous in OpenCL C.
    assert_eq!(opencl(&a.clone().max(ArithExpr::cst(0))), "max(0L, a)");
    assert_eq!(opencl(&ArithExpr::minimum([a.clone(), c.clone(), ArithExpr::cst(-3)])), "min(-3L, min(a, c))");
}

#[test]
fn extreme_constants() {
    assert_eq!(opencl(&ArithExpr::cst(i64::MIN)), "(-9223372036854775807L - 1)");
    let x = var("x", Range::unbounded());
    assert_eq!(opencl(&(&x + i64::MIN)), "x + (-9223372036854775807L - 1)");
    assert_eq!(opencl(&(&x - i64::MAX)), "x - 9223372036854775807");
}

#[test]
fn names_come_from_the_caller() {
    let l_id = Var::new("l_id", Range::between(0, 63));
    let index = 2 * ArithExpr::var(&l_id) + 1;
    assert_eq!(index.to_opencl(&|var| format!("v{}", var.id().index())), format!("2 * v{} + 1", l_id.id().index()));
}
