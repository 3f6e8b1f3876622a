//! Primitives on scalars: logic, comparison, arithmetic, conversions.
//!
//! Each takes its argument values and returns the result, or the message of
//! the runtime fault (note [primitive semantics] in `builtins.rs`). They are
//! type-directed by the argument values, whose variants are exactly the
//! monomorphic argument types of the typed program. A combination that
//! cannot occur in a well-typed program gives `None`, which the
//! interpreter reports as a compiler bug.

use std::cmp::Ordering;

use crate::builtins::Prim;
use crate::value::Value;

/// A primitive's result: its value, or the message of a runtime fault.
pub(super) type PrimResult = Result<Value, String>;

/// The operators on two scalars (logic, comparison, arithmetic, `max`,
/// `min`, shifts, `^`, `expt`), dispatched on their own because they are the
/// interpreter's most frequent primitives. `None` for any other primitive,
/// or for operands of the wrong types.
pub(super) fn binary(prim: Prim, a: &Value, b: &Value) -> Option<PrimResult> {
    use Ordering::{Equal, Greater, Less};
    use Prim as P;
    match prim {
        P::Or => logical(a, b, |x, y| x | y).map(Ok),
        P::And => logical(a, b, |x, y| x & y).map(Ok),
        P::Xor => logical(a, b, |x, y| x ^ y).map(Ok),
        P::Nor => logical(a, b, |x, y| !(x | y)).map(Ok),
        P::Nand => logical(a, b, |x, y| !(x & y)).map(Ok),
        P::Eq => compare(a, b, |o| o == Some(Equal)).map(Ok),
        P::Ne => compare(a, b, |o| o != Some(Equal)).map(Ok),
        P::Lt => compare(a, b, |o| o == Some(Less)).map(Ok),
        P::Gt => compare(a, b, |o| o == Some(Greater)).map(Ok),
        P::Le => compare(a, b, |o| matches!(o, Some(Less | Equal))).map(Ok),
        P::Ge => compare(a, b, |o| matches!(o, Some(Greater | Equal))).map(Ok),
        P::Add => arithmetic(a, b, i64::wrapping_add, |x, y| x + y).map(Ok),
        P::Sub => arithmetic(a, b, i64::wrapping_sub, |x, y| x - y).map(Ok),
        P::Mul => arithmetic(a, b, i64::wrapping_mul, |x, y| x * y).map(Ok),
        P::Div => divide("/", a, b, i64::wrapping_div),
        P::Rem if matches!((a, b), (Value::Int(_), Value::Int(_))) => divide("rem", a, b, i64::wrapping_rem),
        P::Max => extreme(a, b, true).map(Ok),
        P::Min => extreme(a, b, false).map(Ok),
        P::Lshift => shift(a, b, true).map(Ok),
        P::Rshift => shift(a, b, false).map(Ok),
        P::Pow => power(a, b),
        P::Expt => expt(a, b).map(Ok),
        _ => None,
    }
}

/// The bitwise (ints) or logical (bools) operation `op`, given as its
/// action on ints; on bools it acts on 0 and -1 (all bits set).
pub(super) fn logical(a: &Value, b: &Value, op: impl Fn(i64, i64) -> i64) -> Option<Value> {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => Some(Value::Int(op(*x, *y))),
        (Value::Bool(x), Value::Bool(y)) => Some(Value::Bool(op(-i64::from(*x), -i64::from(*y)) != 0)),
        _ => None,
    }
}

pub(super) fn not(a: &Value) -> Option<Value> {
    match a {
        Value::Int(x) => Some(Value::Int(!x)),
        Value::Bool(x) => Some(Value::Bool(!x)),
        _ => None,
    }
}

/// A comparison: `test` receives the IEEE ordering of the operands (`None`
/// when a float operand is NaN, which makes every comparison but `/=`
/// false).
pub(super) fn compare(a: &Value, b: &Value, test: impl Fn(Option<Ordering>) -> bool) -> Option<Value> {
    let ordering = match (a, b) {
        (Value::Int(x), Value::Int(y)) => Some(x.cmp(y)),
        (Value::Float(x), Value::Float(y)) => x.partial_cmp(y),
        (Value::Char(x), Value::Char(y)) => Some(x.cmp(y)),
        _ => return None,
    };
    Some(Value::Bool(test(ordering)))
}

/// An arithmetic operation that cannot fault: wrapping on ints, IEEE on
/// floats.
pub(super) fn arithmetic(
    a: &Value,
    b: &Value,
    on_ints: impl Fn(i64, i64) -> i64,
    on_floats: impl Fn(f64, f64) -> f64,
) -> Option<Value> {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => Some(Value::Int(on_ints(*x, *y))),
        (Value::Float(x), Value::Float(y)) => Some(Value::Float(on_floats(*x, *y))),
        _ => None,
    }
}

/// `/` and `rem` on ints (which fault on a zero divisor), `/` on floats.
pub(super) fn divide(name: &str, a: &Value, b: &Value, on_ints: impl Fn(i64, i64) -> i64) -> Option<PrimResult> {
    match (a, b) {
        (Value::Int(_), Value::Int(0)) => Some(Err(format!("division by zero in `{name}`"))),
        (Value::Int(x), Value::Int(y)) => Some(Ok(Value::Int(on_ints(*x, *y)))),
        (Value::Float(x), Value::Float(y)) => Some(Ok(Value::Float(x / y))),
        _ => None,
    }
}

pub(super) fn negate(a: &Value) -> Option<Value> {
    match a {
        Value::Int(x) => Some(Value::Int(x.wrapping_neg())),
        Value::Float(x) => Some(Value::Float(-x)),
        _ => None,
    }
}

pub(super) fn abs(a: &Value) -> Option<Value> {
    match a {
        Value::Int(x) => Some(Value::Int(x.wrapping_abs())),
        Value::Float(x) => Some(Value::Float(x.abs())),
        _ => None,
    }
}

/// The order of floats used by `max`, `min`, their scans and reductions,
/// `max_index`, `min_index`, `sort` and `rank`: numeric order, with every
/// NaN above every number and equal to every other NaN; `-0.0` equals
/// `0.0`.
pub(super) fn float_order(x: f64, y: f64) -> Ordering {
    match (x.is_nan(), y.is_nan()) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        (false, false) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
    }
}

/// `max` on floats in [`float_order`]; the first operand on a tie.
pub(super) fn float_max(x: f64, y: f64) -> f64 {
    if float_order(y, x) == Ordering::Greater { y } else { x }
}

/// `min` on floats in [`float_order`]; the first operand on a tie.
pub(super) fn float_min(x: f64, y: f64) -> f64 {
    if float_order(y, x) == Ordering::Less { y } else { x }
}

/// `max` (`is_max`) or `min` of two ordinals.
pub(super) fn extreme(a: &Value, b: &Value, is_max: bool) -> Option<Value> {
    Some(match (a, b) {
        (Value::Int(x), Value::Int(y)) => Value::Int(if is_max { *x.max(y) } else { *x.min(y) }),
        (Value::Float(x), Value::Float(y)) => Value::Float(if is_max { float_max(*x, *y) } else { float_min(*x, *y) }),
        (Value::Char(x), Value::Char(y)) => Value::Char(if is_max { *x.max(y) } else { *x.min(y) }),
        _ => return None,
    })
}

/// `lshift` and `rshift` (arithmetic): the shift count is taken mod 64.
pub(super) fn shift(a: &Value, b: &Value, is_left: bool) -> Option<Value> {
    let (Value::Int(x), Value::Int(n)) = (a, b) else { return None };
    let count = (n & 63) as u32;
    Some(Value::Int(if is_left { x.wrapping_shl(count) } else { x >> count }))
}

/// `x ^ n` by binary exponentiation. For ints this equals `n` wrapping
/// multiplications exactly; for floats its rounding may differ from them in
/// the last bits.
pub(super) fn power(a: &Value, b: &Value) -> Option<PrimResult> {
    let Value::Int(exponent) = b else { return None };
    match a {
        Value::Int(_) if *exponent < 0 => Some(Err(format!("negative exponent in `^`: {exponent}"))),
        Value::Int(x) => Some(Ok(Value::Int(square_and_multiply(*x, *exponent as u64, 1, i64::wrapping_mul)))),
        Value::Float(x) => {
            let magnitude = square_and_multiply(*x, exponent.unsigned_abs(), 1.0, |p, q| p * q);
            Some(Ok(Value::Float(if *exponent < 0 { 1.0 / magnitude } else { magnitude })))
        }
        _ => None,
    }
}

fn square_and_multiply<T: Copy>(mut base: T, mut exponent: u64, one: T, times: impl Fn(T, T) -> T) -> T {
    let mut product = one;
    while exponent > 0 {
        if exponent & 1 == 1 {
            product = times(product, base);
        }
        exponent >>= 1;
        if exponent > 0 {
            base = times(base, base);
        }
    }
    product
}

/// A float function such as `sqrt` or `sin` (IEEE semantics: NaN outside
/// the domain, no fault).
pub(super) fn float_function(a: &Value, f: impl Fn(f64) -> f64) -> Option<Value> {
    match a {
        Value::Float(x) => Some(Value::Float(f(*x))),
        _ => None,
    }
}

pub(super) fn expt(a: &Value, b: &Value) -> Option<Value> {
    match (a, b) {
        (Value::Float(x), Value::Float(y)) => Some(Value::Float(x.powf(*y))),
        _ => None,
    }
}

/// The floor of the square root; faults for a negative argument.
pub(super) fn isqrt(a: &Value) -> Option<PrimResult> {
    let Value::Int(n) = *a else { return None };
    if n < 0 {
        return Some(Err(format!("`isqrt` of a negative number: {n}")));
    }
    // The float estimate is within one of the answer; correct it exactly.
    let n = i128::from(n);
    let mut root = (n as f64).sqrt() as i128;
    while root * root > n {
        root -= 1;
    }
    while (root + 1) * (root + 1) <= n {
        root += 1;
    }
    Some(Ok(Value::Int(root as i64)))
}

pub(super) fn btoi(a: &Value) -> Option<Value> {
    match a {
        Value::Bool(x) => Some(Value::Int(i64::from(*x))),
        _ => None,
    }
}

pub(super) fn code_char(a: &Value) -> Option<PrimResult> {
    let Value::Int(code) = *a else { return None };
    Some(match u8::try_from(code) {
        Ok(c) => Ok(Value::Char(c)),
        Err(_) => Err(format!("`code_char`: {code} is not a character code (0 to 255)")),
    })
}

pub(super) fn char_code(a: &Value) -> Option<Value> {
    match a {
        Value::Char(c) => Some(Value::Int(i64::from(*c))),
        _ => None,
    }
}

pub(super) fn to_float(a: &Value) -> Option<Value> {
    match a {
        Value::Int(x) => Some(Value::Float(*x as f64)),
        _ => None,
    }
}

/// `ceil`, `floor`, `trunc`, `round`: `rounding` maps the float to an
/// integral float, which must then lie in the int range.
pub(super) fn float_to_int(name: &str, a: &Value, rounding: impl Fn(f64) -> f64) -> Option<PrimResult> {
    let Value::Float(x) = *a else { return None };
    // 2^63 is exactly representable; every integral float in [-2^63, 2^63)
    // converts exactly.
    const LIMIT: f64 = 9_223_372_036_854_775_808.0;
    let integral = rounding(x);
    Some(if (-LIMIT..LIMIT).contains(&integral) {
        Ok(Value::Int(integral as i64))
    } else {
        Err(format!("`{name}`: {} does not fit in an int", crate::value::format_float(x)))
    })
}
