//! The meaning of the flat IR's text operations ([`UnaryOp::FloatTextLength`],
//! [`BinaryOp::FloatTextChar`], [`BinaryOp::ExpTextLength`],
//! [`BinaryOp::ExpTextChar`]) for both executors of the flat IR: the
//! interpreter's own functions (`nesl_frontend::value::format_float`,
//! `eval::strings::exp_string`), so the flat evaluator is the oracle's twin.
//! The OpenCL C library that computes the same on the device is
//! `opencl_backend::codegen::numtext`.
//!
//! [`UnaryOp::FloatTextLength`]: crate::ir::UnaryOp::FloatTextLength

use crate::ir::{BinaryOp, Const, Scalar};

/// The most digits `exp_string` writes after the point; `ExpTextChar`'s
/// operand packs the position above them (`j * 1024 + d`).
pub const MAX_EXP_DIGITS: i64 = 1000;

/// The multiplier of the position in `ExpTextChar`'s packed operand.
pub const EXP_POSITION_UNIT: i64 = 1024;

fn float_of(bits: i64) -> f64 {
    f64::from_bits(bits as u64)
}

/// The length of `@x`.
pub fn float_text_length(x: f64) -> i64 {
    nesl_frontend::value::format_float(x).len() as i64
}

fn exp_text(x: f64, digits: i64) -> Result<Vec<u8>, String> {
    if !(0..=MAX_EXP_DIGITS).contains(&digits) {
        return Err(format!("unguarded `exp_string` to {digits} digits (compiler bug)"));
    }
    Ok(format!("{:.*e}", digits as usize, x).into_bytes())
}

fn char_at(text: &[u8], j: i64) -> Result<Const, String> {
    usize::try_from(j)
        .ok()
        .and_then(|j| text.get(j))
        .map(|&c| Const::Char(c))
        .ok_or_else(|| format!("character {j} of a text of {} (compiler bug)", text.len()))
}

/// A binary text operation on its int operands.
pub fn binary(op: BinaryOp, lhs: i64, rhs: i64) -> Result<Const, String> {
    match op {
        BinaryOp::FloatTextChar => char_at(nesl_frontend::value::format_float(float_of(lhs)).as_bytes(), rhs),
        BinaryOp::ExpTextLength => Ok(Const::Int(exp_text(float_of(lhs), rhs)?.len() as i64)),
        BinaryOp::ExpTextChar => {
            let text = exp_text(float_of(lhs), rhs.rem_euclid(EXP_POSITION_UNIT))?;
            char_at(&text, rhs.div_euclid(EXP_POSITION_UNIT))
        }
        _ => Err(format!("`{}` is not a text operation", op.symbol())),
    }
}

/// The characters `chars[start .. start + length]`.
pub fn text_of(chars: &crate::eval::ArrayValue, start: i64, length: i64) -> Result<Vec<u8>, String> {
    let end = start.checked_add(length).filter(|&end| start >= 0 && length >= 0 && end as usize <= chars.len());
    let Some(end) = end else {
        return Err(format!("a parse of [{start}, +{length}) of {} chars (compiler bug)", chars.len()));
    };
    (start as usize..end as usize)
        .map(|i| match chars.get(i) {
            Some(crate::eval::ScalarValue::Char(c)) => Ok(c),
            _ => Err("a parse of an array that is not chars (compiler bug)".to_string()),
        })
        .collect()
}

/// `GExpr::ParseNumber`: what `parse_int` (`ty` int) or `parse_float`
/// reads from `text`, the number or (with `flag`) whether it is one.
pub fn parse(ty: Scalar, flag: bool, text: &[u8]) -> Result<Const, String> {
    use nesl_frontend::value::Value;
    let parsed = match ty {
        Scalar::Int => nesl_frontend::eval::strings::parse_int(text),
        Scalar::Float => nesl_frontend::eval::strings::parse_float(text),
        _ => return Err(format!("a parse of a {ty} (compiler bug)")),
    };
    let Value::Pair(pair) = parsed else { return Err("a parse that yields no pair".to_string()) };
    Ok(match (&pair.0, &pair.1, flag) {
        (_, Value::Bool(ok), true) => Const::Bool(*ok),
        (Value::Int(x), _, false) => Const::Int(*x),
        (Value::Float(x), _, false) => Const::Float(*x),
        _ => return Err("a parse that yields no number".to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_the_interpreters() {
        assert_eq!(float_text_length(1e16), 4);
        assert_eq!(binary(BinaryOp::FloatTextChar, (-0.5f64).to_bits() as i64, 0), Ok(Const::Char(b'-')));
        assert_eq!(binary(BinaryOp::ExpTextLength, 150f64.to_bits() as i64, 3), Ok(Const::Int(7)));
        let at = |j: i64| binary(BinaryOp::ExpTextChar, 150f64.to_bits() as i64, j * EXP_POSITION_UNIT + 3);
        assert_eq!((0..7).map(|j| at(j).unwrap()).collect::<Vec<_>>(), b"1.500e2".map(Const::Char).to_vec());
        assert!(at(7).is_err());
        assert!(binary(BinaryOp::ExpTextLength, 0, 1001).is_err());
        assert!(binary(BinaryOp::Add, 0, 0).is_err());
    }
}
