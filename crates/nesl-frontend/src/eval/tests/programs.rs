//! Whole programs: items and globals, let, if, calls, recursion, datatypes,
//! time.

use super::{Builder, value_of};
use crate::builtins::Prim;
use crate::tast::FuncId;
use crate::types::Type;

/// `function sum_to(n) = if n == 0 then 0 else n + sum_to(n - 1)`, in the
/// user file or the library.
fn sum_to(b: &mut Builder, is_library: bool) -> FuncId {
    let f = b.declare("sum_to", Type::Int, is_library);
    let n = b.local("n", Type::Int);
    let (vn, zero) = (b.var(n), b.int(0));
    let is_zero = b.prim(Prim::Eq, &[vn, zero]);
    let (vn, one) = (b.var(n), b.int(1));
    let smaller = b.prim(Prim::Sub, &[vn, one]);
    let recursive = b.call(f, &[smaller]);
    let vn = b.var(n);
    let sum = b.prim(Prim::Add, &[vn, recursive]);
    let zero = b.int(0);
    let body = b.if_(is_zero, zero, sum);
    let param = b.bind(n);
    b.define(f, vec![param], body);
    f
}

#[test]
fn items_print_in_order_and_globals_are_seen_by_later_items() {
    let mut b = Builder::new();
    let xs = b.ints(&[1, 2, 3]);
    let g = b.item_bind("xs", xs);
    let (v, one) = (b.global_var(g), b.int(1));
    let second = b.prim(Prim::Elt, &[v, one]);
    b.item(second);
    let (text, result) = b.run();
    assert!(result.is_ok());
    assert_eq!(text, "xs = [1, 2, 3] : [int]\nit = 2 : int\n");
}

#[test]
fn let_binds_tuple_patterns_and_if_evaluates_only_the_taken_branch() {
    // let (a, b) = (1, 0) in if b == 0 then a else a / b
    let result = value_of(|b| {
        let (x, y) = (b.local("a", Type::Int), b.local("b", Type::Int));
        let (one, zero) = (b.int(1), b.int(0));
        let value = b.pair(one, zero);
        let (vy, zero) = (b.var(y), b.int(0));
        let cond = b.prim(Prim::Eq, &[vy, zero]);
        let vx = b.var(x);
        let (vx2, vy2) = (b.var(x), b.var(y));
        let quotient = b.prim(Prim::Div, &[vx2, vy2]);
        let body = b.if_(cond, vx, quotient);
        let (px, py) = (b.bind(x), b.bind(y));
        let pattern = b.pair_pattern(px, py);
        b.let_(pattern, value, body)
    });
    assert_eq!(result, "1 : int");
}

#[test]
fn recursion_a_hundred_thousand_deep_works() {
    let result = value_of(|b| {
        let f = sum_to(b, false);
        let n = b.int(100_000);
        b.call(f, &[n])
    });
    assert_eq!(result, "5000050000 : int");
}

#[test]
fn deep_recursion_nested_deep_inside_expressions_works() {
    // function deep(n) = if n == 0 then 0 else 0 + (0 + (... + deep(n - 1))),
    // 50 additions deep, called 5000 deep: far more host stack than the
    // caller's thread has, so evaluation continues on new stack segments.
    let result = value_of(|b| {
        let deep = b.declare("deep", Type::Int, false);
        let n = b.local("n", Type::Int);
        let (vn, one) = (b.var(n), b.int(1));
        let smaller = b.prim(Prim::Sub, &[vn, one]);
        let mut nested = b.call(deep, &[smaller]);
        for _ in 0..50 {
            let zero = b.int(0);
            nested = b.prim(Prim::Add, &[zero, nested]);
        }
        let (vn, zero) = (b.var(n), b.int(0));
        let is_zero = b.prim(Prim::Eq, &[vn, zero]);
        let zero = b.int(0);
        let body = b.if_(is_zero, zero, nested);
        let pn = b.bind(n);
        b.define(deep, vec![pn], body);
        let depth = b.int(5_000);
        b.call(deep, &[depth])
    });
    assert_eq!(result, "0 : int");
}

#[test]
fn recursion_in_apply_to_each_bodies() {
    // {sum_to(n) : n in [0, 1, 2, 100]}
    let result = value_of(|b| {
        let f = sum_to(b, false);
        let n = b.local("n", Type::Int);
        let vn = b.var(n);
        let body = b.call(f, &[vn]);
        let ns = b.ints(&[0, 1, 2, 100]);
        let pn = b.bind(n);
        b.each(body, vec![(pn, ns)], None)
    });
    assert_eq!(result, "[0, 1, 3, 5050] : [int]");
}

#[test]
fn datatypes_are_built_taken_apart_and_stored_in_sequences() {
    let result = value_of(|b| {
        let point = b.datatype("point", vec![Type::Float, Type::Int]);
        let (x, n) = (b.local("x", Type::Float), b.local("n", Type::Int));
        let (vx, vn) = (b.var(x), b.var(n));
        let n_float = b.prim(Prim::ToFloat, &[vn]);
        let body = b.prim(Prim::Add, &[vx, n_float]);
        let (px, pn) = (b.bind(x), b.bind(n));
        let pattern = crate::tast::Pattern {
            kind: crate::tast::PatternKind::Data { data: point, fields: vec![px, pn] },
            ty: Type::Data(point),
            span: b.span_of(body),
        };
        let (a, one) = (b.float(0.5), b.int(1));
        let first = b.construct(point, &[a, one]);
        let (c, two) = (b.float(1.5), b.int(2));
        let second = b.construct(point, &[c, two]);
        let points = b.seq(&[first, second], Type::Data(point));
        let sums = b.each(body, vec![(pattern, points)], None);
        let points_again = b.seq(&[first, second], Type::Data(point));
        b.pair(points_again, sums)
    });
    assert_eq!(result, "([point(0.5, 1), point(1.5, 2)], [1.5, 3.5]) : ([point], [float])");
}

#[test]
fn time_returns_the_value_and_the_seconds_taken() {
    let result = value_of(|b| {
        let (zero, one, n) = (b.int(0), b.int(1), b.int(1000));
        let xs = b.prim(Prim::Iseq, &[zero, one, n]);
        let total = b.prim(Prim::Sum, &[xs]);
        b.expr(crate::tast::ExprKind::Time(total), Type::pair(Type::Int, Type::Float))
    });
    let (value, seconds) =
        result.trim_end_matches(" : (int, float)").trim_matches(['(', ')']).split_once(", ").unwrap();
    assert_eq!(value, "499500");
    let seconds: f64 = seconds.parse().unwrap();
    assert!((0.0..10.0).contains(&seconds));
}
