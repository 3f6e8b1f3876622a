//! The string primitives: `@`, `exp_string`, `parse_int`, `parse_float`.
//!
//! `@` is the printed form of CONTRACT.md, produced by the one printer in
//! `value.rs`; `parse_float` accepts every float `@` prints, so the two
//! round-trip.

use crate::types::DataNames;
use crate::value::Value;

/// The most digits `exp_string` writes after the point.
const MAX_EXP_STRING_DIGITS: i64 = 1000;

/// `@v`: the printed form of `v`, as a string.
pub fn to_string(value: &Value, names: &dyn DataNames) -> Value {
    Value::string(value.display(names).to_string().as_bytes())
}

/// `exp_string(x, digits)`: `x` in exponent notation with `digits` digits
/// after the point: `exp_string(150.0, 3)` is `"1.500e2"`.
pub fn exp_string(x: f64, digits: i64) -> Result<Value, String> {
    if !(0..=MAX_EXP_STRING_DIGITS).contains(&digits) {
        return Err(format!("`exp_string`: {digits} digits asked for (0 to {MAX_EXP_STRING_DIGITS} allowed)"));
    }
    Ok(Value::string(format!("{:.*e}", digits as usize, x).as_bytes()))
}

/// `parse_int(s)`: `(n, t)` if `s` is an optionally signed decimal integer
/// that fits in an int, with any spaces around it; else `(0, f)`.
pub fn parse_int(text: &[u8]) -> Value {
    let parsed =
        std::str::from_utf8(text.trim_ascii()).ok().filter(|t| is_signed_digits(t)).and_then(|t| t.parse::<i64>().ok());
    Value::pair(Value::Int(parsed.unwrap_or(0)), Value::Bool(parsed.is_some()))
}

/// `parse_float(s)`: `(x, t)` if `s` is a float literal, with any spaces
/// around it; else `(0.0, f)`. Accepted: an optional sign, then digits with
/// an optional point (`1`, `1.`, `1.5`, `.5`) and an optional exponent
/// (`e-7`), or `inf`; or `NaN`.
pub fn parse_float(text: &[u8]) -> Value {
    let parsed =
        std::str::from_utf8(text.trim_ascii()).ok().filter(|t| is_float_literal(t)).and_then(|t| t.parse::<f64>().ok());
    Value::pair(Value::Float(parsed.unwrap_or(0.0)), Value::Bool(parsed.is_some()))
}

fn without_sign(text: &str) -> &str {
    text.strip_prefix(['+', '-']).unwrap_or(text)
}

fn is_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

fn is_signed_digits(text: &str) -> bool {
    is_digits(without_sign(text))
}

fn is_float_literal(text: &str) -> bool {
    if text == "NaN" {
        return true;
    }
    let unsigned = without_sign(text);
    if unsigned == "inf" {
        return true;
    }
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((m, e)) => (m, Some(e)),
        None => (unsigned, None),
    };
    let mantissa_ok = match mantissa.split_once('.') {
        Some((whole, fraction)) => {
            (is_digits(whole) || whole.is_empty())
                && (is_digits(fraction) || fraction.is_empty())
                && !(whole.is_empty() && fraction.is_empty())
        }
        None => is_digits(mantissa),
    };
    mantissa_ok && exponent.is_none_or(is_signed_digits)
}
