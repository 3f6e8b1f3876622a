//! The meaning of the flat IR's text operations ([`UnaryOp::FloatShortest`],
//! [`BinaryOp::FloatTextLength`], [`BinaryOp::FloatTextChar`], [`BinaryOp::ExpTextLength`],
//! [`BinaryOp::ExpTextChar`]) for both executors of the flat IR: the
//! interpreter's own functions (`nesl_frontend::value::format_float`,
//! `eval::strings::exp_string`), so the flat evaluator is the oracle's twin.
//! The OpenCL C library that computes the same on the device is
//! `opencl_backend::codegen::numtext`.
//!
//! Note [float digits]: `@x` of a float is made in two steps, so that a
//! text's digits are generated once per number however many characters
//! read them. `FloatShortest(x)` (one per number) is the word
//! `w = D * 32 + (k - base(b))`, where `0.D * 10^k` is the shortest decimal
//! that reads back as `|x|` (`D` has at most 17 digits, the first non-zero,
//! so `w < 2^62`), `b` is `x`'s exponent field and `base(b)` Rust's estimate of
//! `k` for the normal doubles of that field (`floor((b - 1022) log10 2)`,
//! `k - base` in `[0, 2]`) and `-324` for the subnormals (`k - base` in
//! `[1, 18]`). Zeros, infinities and NaN are `w` 0, 1 and 2. Every
//! character is then a few integer operations on `w` and `e = bits >> 52`
//! (sign and exponent field): `FloatTextLength(w, e)` and
//! `FloatTextChar(w, e * 32 + j)`.
//!
//! `exp_string(x, d)` for `d <= 16` is made the same way: `ExpDigits(bits,
//! d)` is the word of its `d + 1` digits `D`, exactly rounded half to even,
//! and `k`, one more than the exponent written (the same `base`, the same
//! bounds); for more digits the word is the bit pattern and each character
//! expands the double again. `ExpTextLength(w, e * 1024 + d)` and
//! `ExpTextChar(w, (e * 2048 + j) * 1024 + d)` read it.
//!
//! [`UnaryOp::FloatShortest`]: crate::ir::UnaryOp::FloatShortest

use crate::ir::{BinaryOp, Const, Scalar};

/// The most digits `exp_string` writes after the point.
pub const MAX_EXP_DIGITS: i64 = 1000;

/// The most digits after the point of an `exp_string` whose digits are
/// made once per number (`ExpDigits`' word holds at most 17 digits).
pub const MAX_WORD_EXP_DIGITS: i64 = 16;

fn float_of(bits: i64) -> f64 {
    f64::from_bits(bits as u64)
}

/// `floor(e * log10 2)`, Rust's estimate (`1292913986 / 2^32`), exact for
/// the exponents of doubles.
fn floor_log10_pow2(e: i64) -> i64 {
    (e * 1_292_913_986) >> 32
}

/// The estimate of the decimal exponent of the doubles whose exponent field
/// is `biased` (note [float digits]).
fn digits_base(biased: i64) -> i64 {
    if biased == 0 { -324 } else { floor_log10_pow2(biased - 1022) }
}

/// `UnaryOp::FloatShortest`: the digits word of `@x` (note [float digits]),
/// from the interpreter's own shortest digits (Rust's `{:e}` writes the
/// digits that `{:?}` writes).
pub fn float_shortest(x: f64) -> Result<i64, String> {
    match special_word(x) {
        Some(word) => Ok(word),
        None => digits_word(x, &format!("{:e}", x.abs())),
    }
}

/// The word of zero (0), an infinity (1) or NaN (2), whose texts need no
/// digits; `None` for every other double.
fn special_word(x: f64) -> Option<i64> {
    if x.is_nan() {
        Some(2)
    } else if x.is_infinite() {
        Some(1)
    } else if x == 0.0 {
        Some(0)
    } else {
        None
    }
}

/// The word of the digits and exponent of `text`, Rust's exponent form of
/// the finite, non-zero `|x|` (note [float digits]).
fn digits_word(x: f64, text: &str) -> Result<i64, String> {
    let bug = || format!("the digits of {text} (compiler bug)");
    let (mantissa, exponent) = text.split_once('e').ok_or_else(bug)?;
    let mut digits = 0i64;
    for c in mantissa.bytes().filter(|&c| c != b'.') {
        digits = digits.checked_mul(10).and_then(|d| d.checked_add(i64::from(c - b'0'))).ok_or_else(bug)?;
    }
    let k = exponent.parse::<i64>().map_err(|_| bug())? + 1;
    let biased = ((x.to_bits() >> 52) & 2047) as i64;
    let offset = k - digits_base(biased);
    if !(0..32).contains(&offset) || digits >= 100_000_000_000_000_000 {
        return Err(bug());
    }
    Ok(digits * 32 + offset)
}

/// `ExpDigits`: the word of `exp_string(x, d)` (note [float digits]).
pub fn exp_digits(bits: i64, d: i64) -> Result<i64, String> {
    let x = float_of(bits);
    if !(0..=MAX_EXP_DIGITS).contains(&d) {
        return Err(format!("unguarded `exp_string` to {d} digits (compiler bug)"));
    }
    if d > MAX_WORD_EXP_DIGITS {
        return Ok(bits);
    }
    match special_word(x) {
        Some(word) => Ok(word),
        None => digits_word(x, &format!("{:.*e}", d as usize, x.abs())),
    }
}

/// The text of an infinity or NaN from its word `w` (1 for an infinity, 2
/// for NaN) and `e`, the float's bit pattern shifted right by 52; `None`
/// for a finite float.
fn infinite_text(w: i64, e: i64) -> Option<Result<Vec<u8>, String>> {
    if e & 2047 != 2047 {
        return None;
    }
    let sign = if e < 0 { "-" } else { "" };
    Some(match w {
        2 => Ok(b"NaN".to_vec()),
        1 => Ok(format!("{sign}inf").into_bytes()),
        _ => Err(format!("the digits {w} of an infinity or NaN (compiler bug)")),
    })
}

/// `exp_string(x, d)` from its word `w` (`ExpDigits`) and `e`, the float's
/// bit pattern shifted right by 52.
pub fn exp_text_of_word(w: i64, e: i64, d: i64) -> Result<Vec<u8>, String> {
    if d > MAX_WORD_EXP_DIGITS {
        return exp_text(float_of(w), d);
    }
    if let Some(text) = infinite_text(w, e) {
        return text;
    }
    let sign = if e < 0 { "-" } else { "" };
    let biased = e & 2047;
    let (digits, exponent) = if w == 0 {
        ("0".repeat(d as usize + 1), 0)
    } else {
        let digits = (w >> 5).to_string();
        if digits.len() as i64 != d + 1 {
            return Err(format!("the word {w} of {d} digits (compiler bug)"));
        }
        (digits, (w & 31) + digits_base(biased) - 1)
    };
    let (first, rest) = digits.split_at(1);
    let point = if rest.is_empty() { "" } else { "." };
    Ok(format!("{sign}{first}{point}{rest}e{exponent}").into_bytes())
}

/// `@x` from its digits word `w` and `e`, the float's bit pattern shifted
/// right by 52 (note [float digits]): Rust's `{:?}` layout of the digits.
pub fn float_text(w: i64, e: i64) -> Result<Vec<u8>, String> {
    if let Some(text) = infinite_text(w, e) {
        return text;
    }
    let sign = if e < 0 { "-" } else { "" };
    let biased = e & 2047;
    if w == 0 {
        return Ok(format!("{sign}0.0").into_bytes());
    }
    if w < 0 {
        return Err(format!("the negative digits word {w} (compiler bug)"));
    }
    let digits = (w >> 5).to_string();
    let k = (w & 31) + digits_base(biased);
    let n = digits.len() as i64;
    let text = if k <= -4 || k >= 17 {
        let (first, rest) = digits.split_at(1);
        let point = if rest.is_empty() { "" } else { "." };
        format!("{sign}{first}{point}{rest}e{}", k - 1)
    } else if k <= 0 {
        format!("{sign}0.{}{digits}", "0".repeat(k.unsigned_abs() as usize))
    } else if k < n {
        let (whole, fraction) = digits.split_at(k as usize);
        format!("{sign}{whole}.{fraction}")
    } else {
        format!("{sign}{digits}{}.0", "0".repeat((k - n) as usize))
    };
    Ok(text.into_bytes())
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
        BinaryOp::FloatTextLength => Ok(Const::Int(float_text(lhs, rhs)?.len() as i64)),
        BinaryOp::FloatTextChar => char_at(&float_text(lhs, rhs >> 5)?, rhs & 31),
        BinaryOp::ExpDigits => Ok(Const::Int(exp_digits(lhs, rhs)?)),
        BinaryOp::ExpTextLength => Ok(Const::Int(exp_text_of_word(lhs, rhs >> 10, rhs & 1023)?.len() as i64)),
        BinaryOp::ExpTextChar => char_at(&exp_text_of_word(lhs, rhs >> 21, rhs & 1023)?, (rhs >> 10) & 2047),
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
        let text = |x: f64| {
            let e = x.to_bits() as i64 >> 52;
            float_text(float_shortest(x).unwrap(), e).unwrap()
        };
        assert_eq!(text(1e16), b"1e16");
        let w = float_shortest(-0.5).unwrap();
        let e = (-0.5f64).to_bits() as i64 >> 52;
        assert_eq!(binary(BinaryOp::FloatTextChar, w, e * 32), Ok(Const::Char(b'-')));
        assert_eq!(binary(BinaryOp::FloatTextLength, w, e), Ok(Const::Int(4)));
        let bits = 150f64.to_bits() as i64;
        let e = bits >> 52;
        for d in [3, 20] {
            let Ok(Const::Int(w)) = binary(BinaryOp::ExpDigits, bits, d) else { panic!("no word") };
            assert_eq!(binary(BinaryOp::ExpTextLength, w, e * 1024 + d), Ok(Const::Int(d + 4)));
            let at = |j: i64| binary(BinaryOp::ExpTextChar, w, (e * 2048 + j) * 1024 + d);
            let want = format!("{:.*e}", d as usize, 150f64).into_bytes();
            assert_eq!(
                (0..d + 4).map(|j| at(j).unwrap()).collect::<Vec<_>>(),
                want.into_iter().map(Const::Char).collect::<Vec<_>>()
            );
            assert!(at(d + 4).is_err());
        }
        assert!(binary(BinaryOp::ExpDigits, 0, 1001).is_err());
        assert!(binary(BinaryOp::Add, 0, 0).is_err());
    }

    /// The two steps give the interpreter's text: edge cases, every power
    /// of two and ten and their neighbours, random bit patterns.
    #[test]
    fn float_digits_make_the_interpreters_text() {
        let mut xs = vec![0.0, -0.0, f64::INFINITY, f64::NEG_INFINITY, f64::NAN, -f64::NAN, f64::MAX, f64::MIN];
        xs.extend([f64::MIN_POSITIVE, 5e-324, -5e-324, f64::from_bits(0x000F_FFFF_FFFF_FFFF), 1e16, 1e-4, 1e23]);
        for k in -325..=309 {
            let p: f64 = format!("1e{k}").parse().unwrap();
            xs.extend([p, p.next_up(), p.next_down(), -p]);
        }
        xs.extend((-1074..=1023).map(|e| 2f64.powi(e)));
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for i in 0..200_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            xs.push(f64::from_bits(if i % 3 == 0 { state & 0x800F_FFFF_FFFF_FFFF } else { state }));
        }
        for x in xs {
            let e = x.to_bits() as i64 >> 52;
            let w = float_shortest(x).unwrap();
            let text = float_text(w, e).unwrap();
            assert_eq!(String::from_utf8(text).unwrap(), nesl_frontend::value::format_float(x), "{:#x}", x.to_bits());
            for d in [0, 1, 2, 5, 15, 16, 17] {
                let w = exp_digits(x.to_bits() as i64, d).unwrap();
                let text = exp_text_of_word(w, e, d).unwrap();
                assert_eq!(String::from_utf8(text).unwrap(), format!("{:.*e}", d as usize, x), "{:#x}", x.to_bits());
            }
        }
    }
}
