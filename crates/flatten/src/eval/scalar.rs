//! The scalar operations of the flat IR, shared by host expressions and GPU
//! expressions, with exactly the meaning of note [primitive semantics] in
//! `nesl-frontend/src/builtins.rs`: ints wrap, `/` truncates, `rem` takes
//! the dividend's sign, shifts count `mod 64` and `rshift` is arithmetic,
//! `round` goes half away from zero, float `min`/`max` order NaN above every
//! number and keep the first operand on a tie, comparisons involving NaN
//! are false except `/=`.
//!
//! The operations that fault in NESL (a zero divisor, `isqrt` of a negative
//! number, a float-to-int conversion out of range, `code_char` out of
//! range) must have been guarded by flattening with an `assert` at a fault
//! site; reaching one unguarded is a compiler bug, so these return an
//! internal error message instead of a value.

use std::cmp::Ordering;

use crate::eval::values::ScalarValue;
use crate::ir::{BinaryOp, UnaryOp};

use ScalarValue::{Bool, Char, Float, Int};

/// Why an operation has no value: the message of an internal error. One
/// pointer wide, so that results stay in registers.
#[derive(Debug)]
#[allow(clippy::box_collection, reason = "a thin pointer keeps `OpResult<ScalarValue>` two words wide")]
pub(crate) struct OpError(Box<String>);

impl OpError {
    pub(crate) fn message(self) -> String {
        *self.0
    }
}

impl From<String> for OpError {
    #[cold]
    fn from(message: String) -> OpError {
        OpError(Box::new(message))
    }
}

impl From<&str> for OpError {
    #[cold]
    fn from(message: &str) -> OpError {
        OpError(Box::new(message.to_string()))
    }
}

type OpResult<T> = Result<T, OpError>;

/// `op` applied to `arg`, or the message of an internal error.
pub(crate) fn unary(op: UnaryOp, arg: ScalarValue) -> OpResult<ScalarValue> {
    use UnaryOp::*;
    Ok(match (op, arg) {
        (Neg, Int(x)) => Int(x.wrapping_neg()),
        (Neg, Float(x)) => Float(-x),
        (Not, Int(x)) => Int(!x),
        (Not, Bool(x)) => Bool(!x),
        (Abs, Int(x)) => Int(x.wrapping_abs()),
        (Abs, Float(x)) => Float(x.abs()),
        (Sqrt, Float(x)) => Float(x.sqrt()),
        (Exp, Float(x)) => Float(x.exp()),
        (Ln, Float(x)) => Float(x.ln()),
        (Sin, Float(x)) => Float(x.sin()),
        (Cos, Float(x)) => Float(x.cos()),
        (Tan, Float(x)) => Float(x.tan()),
        (Asin, Float(x)) => Float(x.asin()),
        (Acos, Float(x)) => Float(x.acos()),
        (Atan, Float(x)) => Float(x.atan()),
        (Sinh, Float(x)) => Float(x.sinh()),
        (Cosh, Float(x)) => Float(x.cosh()),
        (Tanh, Float(x)) => Float(x.tanh()),
        (ToFloat, Int(x)) => Float(x as f64),
        (Floor, Float(x)) => Int(float_to_int("floor", x, x.floor())?),
        (Ceil, Float(x)) => Int(float_to_int("ceil", x, x.ceil())?),
        (Trunc, Float(x)) => Int(float_to_int("trunc", x, x.trunc())?),
        // `f64::round` rounds half away from zero.
        (Round, Float(x)) => Int(float_to_int("round", x, x.round())?),
        (Isqrt, Int(x)) => Int(isqrt(x)?),
        (BoolToInt, Bool(x)) => Int(i64::from(x)),
        (CharToInt, Char(x)) => Int(i64::from(x)),
        (FloatBits, Float(x)) => Int(x.to_bits() as i64),
        (FloatShortest, Float(x)) => Int(crate::numtext::float_shortest(x)?),
        (IntToChar, Int(x)) => match u8::try_from(x) {
            Ok(c) => Char(c),
            Err(_) => return Err(format!("unguarded `code_char` of {x}, outside [0, 256) (compiler bug)").into()),
        },
        (op, arg) => return Err(format!("`{}` applied to a {} operand", op.name(), arg.scalar()).into()),
    })
}

/// `op` applied to `lhs` and `rhs`, or the message of an internal error.
pub(crate) fn binary(op: BinaryOp, lhs: ScalarValue, rhs: ScalarValue) -> OpResult<ScalarValue> {
    use BinaryOp::*;
    Ok(match (op, lhs, rhs) {
        (Add, Int(x), Int(y)) => Int(x.wrapping_add(y)),
        (Add, Float(x), Float(y)) => Float(x + y),
        (Sub, Int(x), Int(y)) => Int(x.wrapping_sub(y)),
        (Sub, Float(x), Float(y)) => Float(x - y),
        (Mul, Int(x), Int(y)) => Int(x.wrapping_mul(y)),
        (Mul, Float(x), Float(y)) => Float(x * y),
        (Div | Rem, Int(_), Int(0)) => return Err("unguarded division by zero (compiler bug)".into()),
        // `min_int / -1` wraps to `min_int`, and `min_int rem -1` is 0.
        (Div, Int(x), Int(y)) => Int(x.wrapping_div(y)),
        (Div, Float(x), Float(y)) => Float(x / y),
        (Rem, Int(x), Int(y)) => Int(x.wrapping_rem(y)),
        (Min, Float(x), Float(y)) => Float(if float_order(y, x) == Ordering::Less { y } else { x }),
        (Max, Float(x), Float(y)) => Float(if float_order(y, x) == Ordering::Greater { y } else { x }),
        (Min | Max, _, _) => {
            let ordering = exact_order(lhs, rhs).ok_or_else(|| operand_error(op, lhs, rhs))?;
            let pick_rhs = if op == Min { ordering == Ordering::Greater } else { ordering == Ordering::Less };
            if pick_rhs { rhs } else { lhs }
        }
        (Eq, _, _) => Bool(compare(op, lhs, rhs)? == Some(Ordering::Equal)),
        (Ne, _, _) => Bool(compare(op, lhs, rhs)? != Some(Ordering::Equal)),
        (Lt, _, _) => Bool(compare(op, lhs, rhs)? == Some(Ordering::Less)),
        (Le, _, _) => Bool(matches!(compare(op, lhs, rhs)?, Some(Ordering::Less | Ordering::Equal))),
        (Gt, _, _) => Bool(compare(op, lhs, rhs)? == Some(Ordering::Greater)),
        (Ge, _, _) => Bool(matches!(compare(op, lhs, rhs)?, Some(Ordering::Greater | Ordering::Equal))),
        (And, Int(x), Int(y)) => Int(x & y),
        (And, Bool(x), Bool(y)) => Bool(x & y),
        (Or, Int(x), Int(y)) => Int(x | y),
        (Or, Bool(x), Bool(y)) => Bool(x | y),
        (Xor, Int(x), Int(y)) => Int(x ^ y),
        (Xor, Bool(x), Bool(y)) => Bool(x ^ y),
        (Shl, Int(x), Int(n)) => Int(x.wrapping_shl((n & 63) as u32)),
        // `>>` on i64 is arithmetic.
        (Shr, Int(x), Int(n)) => Int(x >> (n & 63)),
        (Pow, Float(x), Float(y)) => Float(x.powf(y)),
        (FloatTextLength | FloatTextChar | ExpDigits | ExpTextLength | ExpTextChar, Int(x), Int(y)) => {
            ScalarValue::of_const(crate::numtext::binary(op, x, y)?)
        }
        _ => return Err(operand_error(op, lhs, rhs)),
    })
}

#[cold]
fn operand_error(op: BinaryOp, lhs: ScalarValue, rhs: ScalarValue) -> OpError {
    format!("`{}` applied to {} and {} operands", op.symbol(), lhs.scalar(), rhs.scalar()).into()
}

/// The IEEE ordering of two operands of one type; `None` when a float is
/// NaN.
fn compare(op: BinaryOp, lhs: ScalarValue, rhs: ScalarValue) -> OpResult<Option<Ordering>> {
    match (lhs, rhs) {
        (Float(x), Float(y)) => Ok(x.partial_cmp(&y)),
        _ => exact_order(lhs, rhs).map(Some).ok_or_else(|| operand_error(op, lhs, rhs)),
    }
}

/// The order of two non-float operands of one type (`F < T` for bools).
fn exact_order(lhs: ScalarValue, rhs: ScalarValue) -> Option<Ordering> {
    match (lhs, rhs) {
        (Int(x), Int(y)) => Some(x.cmp(&y)),
        (Bool(x), Bool(y)) => Some(x.cmp(&y)),
        (Char(x), Char(y)) => Some(x.cmp(&y)),
        _ => None,
    }
}

/// The order of floats for `min` and `max`: numeric, with every NaN above
/// every number and equal to every other NaN; `-0.0` equals `0.0`.
fn float_order(x: f64, y: f64) -> Ordering {
    match (x.is_nan(), y.is_nan()) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        (false, false) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
    }
}

/// The int value of `integral`, the float `x` rounded by `name`, if it lies
/// in the int range.
fn float_to_int(name: &str, x: f64, integral: f64) -> OpResult<i64> {
    // 2^63 is exact in a double; every integral double in [-2^63, 2^63)
    // converts exactly.
    const LIMIT: f64 = 9_223_372_036_854_775_808.0;
    if (-LIMIT..LIMIT).contains(&integral) {
        Ok(integral as i64)
    } else {
        Err(format!(
            "unguarded `{name}` of {}, which does not fit in an int (compiler bug)",
            nesl_frontend::value::format_float(x)
        )
        .into())
    }
}

/// The floor of the square root of `n >= 0`.
fn isqrt(n: i64) -> OpResult<i64> {
    if n < 0 {
        return Err(format!("unguarded `isqrt` of the negative number {n} (compiler bug)").into());
    }
    // The float estimate is within one of the answer; correct it exactly in
    // 128-bit arithmetic.
    let n = i128::from(n);
    let mut root = (n as f64).sqrt() as i128;
    while root * root > n {
        root -= 1;
    }
    while (root + 1) * (root + 1) <= n {
        root += 1;
    }
    Ok(root as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bin(op: BinaryOp, x: ScalarValue, y: ScalarValue) -> ScalarValue {
        binary(op, x, y).unwrap()
    }

    fn un(op: UnaryOp, x: ScalarValue) -> ScalarValue {
        unary(op, x).unwrap()
    }

    #[test]
    fn int_arithmetic_wraps_truncates_and_keeps_the_dividends_sign() {
        use BinaryOp::*;
        assert_eq!(bin(Add, Int(i64::MAX), Int(1)), Int(i64::MIN));
        assert_eq!(bin(Sub, Int(i64::MIN), Int(1)), Int(i64::MAX));
        assert_eq!(bin(Mul, Int(i64::MAX), Int(2)), Int(-2));
        assert_eq!(bin(Div, Int(-7), Int(2)), Int(-3));
        assert_eq!(bin(Div, Int(i64::MIN), Int(-1)), Int(i64::MIN));
        assert_eq!(bin(Rem, Int(-7), Int(2)), Int(-1));
        assert_eq!(bin(Rem, Int(7), Int(-2)), Int(1));
        assert_eq!(bin(Rem, Int(i64::MIN), Int(-1)), Int(0));
        assert_eq!(un(UnaryOp::Neg, Int(i64::MIN)), Int(i64::MIN));
        assert_eq!(un(UnaryOp::Abs, Int(i64::MIN)), Int(i64::MIN));
        assert!(binary(Div, Int(1), Int(0)).unwrap_err().message().contains("unguarded division by zero"));
        assert!(binary(Rem, Int(1), Int(0)).unwrap_err().message().contains("compiler bug"));
        assert_eq!(bin(Div, Float(1.0), Float(0.0)), Float(f64::INFINITY));
    }

    #[test]
    fn shifts_count_mod_64_and_shift_right_is_arithmetic() {
        use BinaryOp::*;
        assert_eq!(bin(Shl, Int(1), Int(65)), Int(2));
        assert_eq!(bin(Shl, Int(1), Int(-1)), Int(i64::MIN));
        assert_eq!(bin(Shr, Int(-8), Int(1)), Int(-4));
        assert_eq!(bin(Shr, Int(-8), Int(64)), Int(-8));
    }

    #[test]
    fn logic_is_bitwise_on_ints_and_logical_on_bools() {
        use BinaryOp::*;
        assert_eq!(bin(And, Int(6), Int(3)), Int(2));
        assert_eq!(bin(Or, Int(6), Int(3)), Int(7));
        assert_eq!(bin(Xor, Int(6), Int(3)), Int(5));
        assert_eq!(un(UnaryOp::Not, Int(0)), Int(-1));
        assert_eq!(bin(Xor, Bool(true), Bool(true)), Bool(false));
        assert_eq!(un(UnaryOp::Not, Bool(false)), Bool(true));
    }

    #[test]
    fn float_to_int_conversions_round_and_check_their_range() {
        use UnaryOp::*;
        assert_eq!(un(Round, Float(2.5)), Int(3));
        assert_eq!(un(Round, Float(-2.5)), Int(-3));
        assert_eq!(un(Round, Float(0.49999999999999994)), Int(0));
        assert_eq!(un(Floor, Float(-1.5)), Int(-2));
        assert_eq!(un(Ceil, Float(-1.5)), Int(-1));
        assert_eq!(un(Trunc, Float(-1.5)), Int(-1));
        assert_eq!(un(Trunc, Float(-(2f64.powi(63)))), Int(i64::MIN));
        assert!(unary(Trunc, Float(2f64.powi(63))).is_err());
        assert!(unary(Floor, Float(f64::NAN)).unwrap_err().message().contains("compiler bug"));
        assert_eq!(un(IntToChar, Int(97)), Char(b'a'));
        assert!(unary(IntToChar, Int(256)).is_err());
        assert_eq!(un(ToFloat, Int(-3)), Float(-3.0));
        assert_eq!(un(BoolToInt, Bool(true)), Int(1));
        assert_eq!(un(CharToInt, Char(255)), Int(255));
    }

    #[test]
    fn isqrt_is_the_exact_floor_of_the_root() {
        use UnaryOp::Isqrt;
        assert_eq!(un(Isqrt, Int(0)), Int(0));
        assert_eq!(un(Isqrt, Int(15)), Int(3));
        assert_eq!(un(Isqrt, Int(16)), Int(4));
        assert_eq!(un(Isqrt, Int(i64::MAX)), Int(3_037_000_499));
        assert_eq!(un(Isqrt, Int(999_999_999_999_999_999)), Int(999_999_999));
        assert!(unary(Isqrt, Int(-1)).is_err());
    }

    #[test]
    fn float_min_max_put_nan_above_numbers_and_keep_the_first_on_ties() {
        use BinaryOp::*;
        let Float(x) = bin(Max, Float(1.0), Float(f64::NAN)) else { panic!() };
        assert!(x.is_nan());
        assert_eq!(bin(Min, Float(1.0), Float(f64::NAN)), Float(1.0));
        assert_eq!(bin(Min, Float(f64::NAN), Float(1.0)), Float(1.0));
        let Float(z) = bin(Min, Float(-0.0), Float(0.0)) else { panic!() };
        assert!(z.is_sign_negative());
        let Float(z) = bin(Max, Float(0.0), Float(-0.0)) else { panic!() };
        assert!(z.is_sign_positive());
        assert_eq!(bin(Max, Int(3), Int(-4)), Int(3));
        assert_eq!(bin(Min, Char(b'a'), Char(b'b')), Char(b'a'));
    }

    #[test]
    fn comparisons_with_nan_are_false_except_not_equal() {
        use BinaryOp::*;
        let nan = Float(f64::NAN);
        for op in [Eq, Lt, Le, Gt, Ge] {
            assert_eq!(bin(op, nan, Float(1.0)), Bool(false), "{op:?}");
        }
        assert_eq!(bin(Ne, nan, nan), Bool(true));
        assert_eq!(bin(Eq, Float(0.0), Float(-0.0)), Bool(true));
        assert_eq!(bin(Lt, Bool(false), Bool(true)), Bool(true));
        assert_eq!(bin(Ge, Char(b'b'), Char(b'a')), Bool(true));
    }

    #[test]
    fn mismatched_operands_are_errors_not_panics() {
        assert!(binary(BinaryOp::Add, Int(1), Float(1.0)).is_err());
        assert!(binary(BinaryOp::Lt, Int(1), Bool(true)).is_err());
        assert!(unary(UnaryOp::Sqrt, Int(4)).is_err());
        assert!(binary(BinaryOp::Rem, Float(1.0), Float(2.0)).is_err());
    }

    #[test]
    fn expt_is_powf() {
        assert_eq!(bin(BinaryOp::Pow, Float(2.0), Float(0.5)), Float(2f64.powf(0.5)));
    }
}
