//! Scalar primitives: normal cases, edge cases, and their faults.

use super::{apply, apply_fault};
use crate::builtins::Prim;

fn int2(prim: Prim, x: i64, y: i64) -> String {
    apply(prim, |b| vec![b.int(x), b.int(y)])
}

fn float2(prim: Prim, x: f64, y: f64) -> String {
    apply(prim, |b| vec![b.float(x), b.float(y)])
}

fn float1(prim: Prim, x: f64) -> String {
    apply(prim, |b| vec![b.float(x)])
}

#[test]
fn logical_operations_are_bitwise_on_ints_and_logical_on_bools() {
    assert_eq!(int2(Prim::Or, 12, 10), "14 : int");
    assert_eq!(int2(Prim::And, 12, 10), "8 : int");
    assert_eq!(int2(Prim::Xor, 12, 10), "6 : int");
    assert_eq!(int2(Prim::Nor, 12, 10), "-15 : int");
    assert_eq!(int2(Prim::Nand, 12, 10), "-9 : int");
    assert_eq!(apply(Prim::Not, |b| vec![b.int(0)]), "-1 : int");
    let bools = |prim, x, y| apply(prim, |b| vec![b.boolean(x), b.boolean(y)]);
    assert_eq!(bools(Prim::Or, true, false), "T : bool");
    assert_eq!(bools(Prim::And, true, false), "F : bool");
    assert_eq!(bools(Prim::Xor, true, true), "F : bool");
    assert_eq!(bools(Prim::Nor, false, false), "T : bool");
    assert_eq!(bools(Prim::Nand, true, true), "F : bool");
    assert_eq!(apply(Prim::Not, |b| vec![b.boolean(true)]), "F : bool");
}

#[test]
fn comparisons_follow_ieee_for_floats() {
    assert_eq!(int2(Prim::Lt, 1, 2), "T : bool");
    assert_eq!(int2(Prim::Ge, 1, 2), "F : bool");
    assert_eq!(int2(Prim::Ne, 1, 2), "T : bool");
    assert_eq!(apply(Prim::Le, |b| vec![b.char(b'a'), b.char(b'b')]), "T : bool");
    assert_eq!(float2(Prim::Eq, -0.0, 0.0), "T : bool");
    for prim in [Prim::Eq, Prim::Lt, Prim::Gt, Prim::Le, Prim::Ge] {
        assert_eq!(float2(prim, f64::NAN, 1.0), "F : bool", "{prim:?}");
    }
    assert_eq!(float2(Prim::Ne, f64::NAN, f64::NAN), "T : bool");
}

#[test]
fn int_arithmetic_wraps_and_float_arithmetic_is_ieee() {
    assert_eq!(int2(Prim::Add, i64::MAX, 1), format!("{} : int", i64::MIN));
    assert_eq!(int2(Prim::Sub, i64::MIN, 1), format!("{} : int", i64::MAX));
    assert_eq!(int2(Prim::Mul, 1 << 62, 4), "0 : int");
    assert_eq!(float2(Prim::Add, 0.1, 0.2), "0.30000000000000004 : float");
    assert_eq!(float2(Prim::Mul, 1e308, 10.0), "inf : float");
    assert_eq!(apply(Prim::Negate, |b| vec![b.int(i64::MIN)]), format!("{} : int", i64::MIN));
    assert_eq!(apply(Prim::Abs, |b| vec![b.int(-5)]), "5 : int");
    assert_eq!(apply(Prim::Abs, |b| vec![b.int(i64::MIN)]), format!("{} : int", i64::MIN));
    assert_eq!(float1(Prim::Abs, -2.5), "2.5 : float");
    assert_eq!(float1(Prim::Negate, 0.0), "-0.0 : float");
}

#[test]
fn int_division_truncates_and_rem_has_the_sign_of_the_dividend() {
    assert_eq!(int2(Prim::Div, 7, 2), "3 : int");
    assert_eq!(int2(Prim::Div, -7, 2), "-3 : int");
    assert_eq!(int2(Prim::Div, 7, -2), "-3 : int");
    assert_eq!(int2(Prim::Rem, -7, 2), "-1 : int");
    assert_eq!(int2(Prim::Rem, 7, -2), "1 : int");
    assert_eq!(int2(Prim::Div, i64::MIN, -1), format!("{} : int", i64::MIN));
    assert_eq!(int2(Prim::Rem, i64::MIN, -1), "0 : int");
    assert_eq!(float2(Prim::Div, 1.0, 0.0), "inf : float");
    assert_eq!(float2(Prim::Div, 0.0, 0.0), "NaN : float");
}

#[test]
fn int_division_by_zero_faults() {
    assert_eq!(apply_fault(Prim::Div, |b| vec![b.int(1), b.int(0)]), "division by zero in `/`");
    assert_eq!(apply_fault(Prim::Rem, |b| vec![b.int(1), b.int(0)]), "division by zero in `rem`");
}

#[test]
fn max_and_min_order_nan_above_every_number() {
    assert_eq!(int2(Prim::Max, 3, -4), "3 : int");
    assert_eq!(int2(Prim::Min, 3, -4), "-4 : int");
    assert_eq!(apply(Prim::Max, |b| vec![b.char(b'a'), b.char(b'z')]), "`z : char");
    assert_eq!(float2(Prim::Max, 1.0, f64::NAN), "NaN : float");
    assert_eq!(float2(Prim::Max, f64::NAN, 1.0), "NaN : float");
    assert_eq!(float2(Prim::Min, f64::NAN, 1.0), "1.0 : float");
    // On a tie the first operand is returned.
    assert_eq!(float2(Prim::Max, -0.0, 0.0), "-0.0 : float");
    assert_eq!(float2(Prim::Min, 0.0, -0.0), "0.0 : float");
}

#[test]
fn shifts_take_the_count_mod_64_and_rshift_is_arithmetic() {
    assert_eq!(int2(Prim::Lshift, 1, 3), "8 : int");
    assert_eq!(int2(Prim::Lshift, 1, 64), "1 : int");
    assert_eq!(int2(Prim::Lshift, 1, -1), format!("{} : int", i64::MIN));
    assert_eq!(int2(Prim::Rshift, -16, 2), "-4 : int");
    assert_eq!(int2(Prim::Rshift, 16, 66), "4 : int");
}

#[test]
fn power_multiplies_and_negative_exponents_invert_floats() {
    assert_eq!(int2(Prim::Pow, 3, 4), "81 : int");
    assert_eq!(int2(Prim::Pow, 0, 0), "1 : int");
    assert_eq!(int2(Prim::Pow, 2, 64), "0 : int");
    assert_eq!(int2(Prim::Pow, -1, i64::MAX), "-1 : int");
    assert_eq!(apply(Prim::Pow, |b| vec![b.float(2.0), b.int(-2)]), "0.25 : float");
    assert_eq!(apply(Prim::Pow, |b| vec![b.float(1.5), b.int(3)]), "3.375 : float");
    assert_eq!(apply(Prim::Pow, |b| vec![b.float(2.0), b.int(i64::MIN)]), "0.0 : float");
    assert_eq!(apply_fault(Prim::Pow, |b| vec![b.int(2), b.int(-1)]), "negative exponent in `^`: -1");
}

#[test]
fn float_functions() {
    assert_eq!(float1(Prim::Sqrt, 2.25), "1.5 : float");
    assert_eq!(float1(Prim::Sqrt, -1.0), "NaN : float");
    assert_eq!(float1(Prim::Ln, 1.0), "0.0 : float");
    assert_eq!(float1(Prim::Exp, 0.0), "1.0 : float");
    assert_eq!(float1(Prim::Sin, 0.0), "0.0 : float");
    assert_eq!(float1(Prim::Cos, 0.0), "1.0 : float");
    assert_eq!(float1(Prim::Tan, 0.0), "0.0 : float");
    assert_eq!(float1(Prim::Asin, 1.0), format!("{:?} : float", std::f64::consts::FRAC_PI_2));
    assert_eq!(float1(Prim::Acos, 1.0), "0.0 : float");
    assert_eq!(float1(Prim::Atan, 0.0), "0.0 : float");
    assert_eq!(float1(Prim::Sinh, 0.0), "0.0 : float");
    assert_eq!(float1(Prim::Cosh, 0.0), "1.0 : float");
    assert_eq!(float1(Prim::Tanh, 0.0), "0.0 : float");
    assert_eq!(float2(Prim::Expt, 2.0, 0.5), format!("{:?} : float", 2f64.sqrt()));
    assert_eq!(apply(Prim::Pi, |_| vec![]), format!("{:?} : float", std::f64::consts::PI));
}

#[test]
fn isqrt_is_the_exact_floor_of_the_square_root() {
    let isqrt = |n| apply(Prim::Isqrt, |b| vec![b.int(n)]);
    assert_eq!(isqrt(0), "0 : int");
    assert_eq!(isqrt(15), "3 : int");
    assert_eq!(isqrt(16), "4 : int");
    // Near the top of the range the float estimate is off by one.
    assert_eq!(isqrt(i64::MAX), "3037000499 : int");
    assert_eq!(isqrt(3037000499 * 3037000499 - 1), "3037000498 : int");
    assert_eq!(apply_fault(Prim::Isqrt, |b| vec![b.int(-4)]), "`isqrt` of a negative number: -4");
}

#[test]
fn conversions_and_constants() {
    assert_eq!(apply(Prim::Btoi, |b| vec![b.boolean(true)]), "1 : int");
    assert_eq!(apply(Prim::CodeChar, |b| vec![b.int(97)]), "`a : char");
    assert_eq!(apply(Prim::CharCode, |b| vec![b.char(b'A')]), "65 : int");
    assert_eq!(apply(Prim::ToFloat, |b| vec![b.int(-3)]), "-3.0 : float");
    assert_eq!(apply(Prim::MaxInt, |_| vec![]), format!("{} : int", i64::MAX));
    assert_eq!(apply(Prim::MinInt, |_| vec![]), format!("{} : int", i64::MIN));
    assert_eq!(
        apply_fault(Prim::CodeChar, |b| vec![b.int(256)]),
        "`code_char`: 256 is not a character code (0 to 255)"
    );
    assert_eq!(apply_fault(Prim::CodeChar, |b| vec![b.int(-1)]), "`code_char`: -1 is not a character code (0 to 255)");
}

#[test]
fn float_to_int_conversions_round_as_named_and_check_the_range() {
    let cases = [
        (Prim::Ceil, 2.1, 3),
        (Prim::Ceil, -2.9, -2),
        (Prim::Floor, -2.1, -3),
        (Prim::Trunc, -2.9, -2),
        (Prim::Round, 2.5, 3),
        (Prim::Round, -2.5, -3),
        (Prim::Round, 2.4999, 2),
        (Prim::Floor, -(2f64.powi(63)), i64::MIN),
    ];
    for (prim, x, expected) in cases {
        assert_eq!(float1(prim, x), format!("{expected} : int"), "{prim:?}({x})");
    }
    assert_eq!(
        apply_fault(Prim::Floor, |b| vec![b.float(2f64.powi(63))]),
        "`floor`: 9.223372036854776e18 does not fit in an int"
    );
    assert_eq!(apply_fault(Prim::Round, |b| vec![b.float(f64::NAN)]), "`round`: NaN does not fit in an int");
    assert_eq!(apply_fault(Prim::Trunc, |b| vec![b.float(f64::NEG_INFINITY)]), "`trunc`: -inf does not fit in an int");
}

#[test]
fn rand_draws_below_its_bound_and_in_both_directions() {
    use crate::types::Type;
    // {rand(10) : i in [0, ..., 999]} stays in [0, 10) and hits every value.
    let draws = super::value_of(|b| {
        let i = b.local("i", Type::Int);
        let (zero, one, n) = (b.int(0), b.int(1), b.int(1000));
        let indices = b.prim(Prim::Iseq, &[zero, one, n]);
        let ten = b.int(10);
        let body = b.prim(Prim::Rand, &[ten]);
        let pattern = b.bind(i);
        b.each(body, vec![(pattern, indices)], None)
    });
    let values: Vec<i64> =
        draws.trim_end_matches(" : [int]").trim_matches(['[', ']']).split(", ").map(|x| x.parse().unwrap()).collect();
    assert!(values.iter().all(|x| (0..10).contains(x)));
    assert!((0..10).all(|k| values.contains(&k)));
    // A form's draws do not depend on `rand_seed` inside it (it sets the
    // seed of the forms after it).
    let first = apply(Prim::Rand, |b| vec![b.int(1 << 40)]);
    let reseeded = super::value_of(|b| {
        let (seed, bound) = (b.int(12345), b.int(1 << 40));
        let reseed = b.prim(Prim::RandSeed, &[seed]);
        let draw = b.prim(Prim::Rand, &[bound]);
        b.pair(reseed, draw)
    });
    assert_ne!(first, "0 : int");
    assert!(reseeded.starts_with("(T, "), "{reseeded}");
    // Floats: [0, v); zero and negative bounds mirror.
    let x: f64 = float1(Prim::Rand, 2.0).trim_end_matches(" : float").parse().unwrap();
    assert!((0.0..2.0).contains(&x));
    assert_eq!(apply(Prim::Rand, |b| vec![b.int(0)]), "0 : int");
    let negative: i64 = apply(Prim::Rand, |b| vec![b.int(-5)]).trim_end_matches(" : int").parse().unwrap();
    assert!((-4..=0).contains(&negative));
}
