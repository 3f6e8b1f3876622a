//! `@` (a value as the text the interpreter prints) of ints, bools, chars
//! and floats, and `exp_string`, as scalar code: the text's length, and its character at a
//! position. A sequence of texts is then a segment descriptor from the
//! lengths and a `MAP` over the characters' flat positions, on the host
//! (`sequence_prims.rs`) or one text per instance (`segmented_prims.rs`).
//!
//! - an int is its decimal digits, after `-` when negative; the digits are
//!   read from the non-positive `m = min(x, -x)`, so `min_int` needs no
//!   special case;
//! - a bool is `T` or `F`;
//! - a char is `` `c `` when printable, `` `\n ``, `` `\t ``, `` `\r ``, or
//!   `` `\xHH `` (`nesl_frontend::value::format_char`);
//! - a float is the shortest text that reads back (Rust's `{:?}`), and
//!   `exp_string(x, d)` its exact digits in exponent form: the flat IR's
//!   text operations (`UnaryOp::FloatShortest`, `BinaryOp::FloatTextLength`,
//!   `FloatTextChar`, `ExpDigits`, `ExpTextLength`, `ExpTextChar`, meant by
//!   `crate::numtext` and computed on the device by
//!   `opencl_backend::codegen::numtext`). A float's digits are generated
//!   once per number ([`text_digits`], [`exp_word`], note [float digits]
//!   in `crate::numtext`); its length and characters read them.
//!
//! `@` of sequences and of tuples is a host operation (`host_prims.rs`).

use crate::ir::{BinaryOp, Const, FaultId, Scalar, UnaryOp};
use crate::scalar_prims::ScalarEmitter;

/// Whether `@` of a value of this type is scalar code here.
pub(crate) fn formats(ty: Scalar) -> bool {
    matches!(ty, Scalar::Int | Scalar::Bool | Scalar::Char | Scalar::Float)
}

/// The largest power of ten in an int.
const MAX_POWER: u32 = 18;

fn int<E: ScalarEmitter>(em: &mut E, x: i64) -> E::V {
    em.constant(Const::Int(x))
}

fn char_of<E: ScalarEmitter>(em: &mut E, c: u8) -> E::V {
    em.constant(Const::Char(c))
}

/// `m = x < 0 ? x : -x`, which is never positive and never overflows.
fn non_positive<E: ScalarEmitter>(em: &mut E, x: E::V) -> (E::V, E::V) {
    let zero = int(em, 0);
    let negative = em.binary(BinaryOp::Lt, Scalar::Int, x.clone(), zero.clone());
    let negative = em.share(Scalar::Bool, negative);
    let flipped = em.binary(BinaryOp::Sub, Scalar::Int, zero, x.clone());
    let m = em.select(Scalar::Int, negative.clone(), x, flipped);
    (em.share(Scalar::Int, m), negative)
}

fn btoi<E: ScalarEmitter>(em: &mut E, b: E::V) -> E::V {
    em.unary(UnaryOp::BoolToInt, Scalar::Bool, b)
}

/// What `@x` computes once per number, for its length and every one of its
/// characters to read: a float's digits (note [float digits] in
/// `crate::numtext`); nothing for the other types.
pub(crate) fn text_digits<E: ScalarEmitter>(em: &mut E, ty: Scalar, x: E::V) -> Option<E::V> {
    (ty == Scalar::Float).then(|| {
        let digits = em.unary(UnaryOp::FloatShortest, Scalar::Float, x);
        em.share(Scalar::Int, digits)
    })
}

/// A float's digits word, `text_digits`' if given, and its bit pattern
/// shifted right by 52 (its sign and exponent field).
fn float_parts<E: ScalarEmitter>(em: &mut E, x: E::V, digits: Option<E::V>) -> (E::V, E::V) {
    let x = em.share(Scalar::Float, x);
    let digits = match digits {
        Some(digits) => digits,
        None => em.unary(UnaryOp::FloatShortest, Scalar::Float, x.clone()),
    };
    let bits = em.unary(UnaryOp::FloatBits, Scalar::Float, x);
    let fifty_two = int(em, 52);
    (digits, em.binary(BinaryOp::Shr, Scalar::Int, bits, fifty_two))
}

/// The length of `@x` for `x` of type `ty`, `digits` its [`text_digits`].
pub(crate) fn text_length<E: ScalarEmitter>(em: &mut E, ty: Scalar, x: E::V, digits: Option<E::V>) -> E::V {
    match ty {
        Scalar::Bool => int(em, 1),
        Scalar::Float => {
            let (digits, e) = float_parts(em, x, digits);
            em.binary(BinaryOp::FloatTextLength, Scalar::Int, digits, e)
        }
        Scalar::Char => {
            let c = em.unary(UnaryOp::CharToInt, Scalar::Char, x);
            let c = em.share(Scalar::Int, c);
            let (low, high) = (int(em, 0x20), int(em, 0x7e));
            let above = em.binary(BinaryOp::Ge, Scalar::Int, c.clone(), low);
            let below = em.binary(BinaryOp::Le, Scalar::Int, c.clone(), high);
            let printable = em.binary(BinaryOp::And, Scalar::Bool, above, below);
            let escaped = named_escape(em, c);
            let (two, three, five) = (int(em, 2), int(em, 3), int(em, 5));
            let other = em.select(Scalar::Int, escaped, three, five);
            em.select(Scalar::Int, printable, two, other)
        }
        _ => {
            let (m, negative) = non_positive(em, x);
            let mut length = btoi(em, negative);
            let one = int(em, 1);
            length = em.binary(BinaryOp::Add, Scalar::Int, length, one);
            let mut power = 1i64;
            for _ in 0..MAX_POWER {
                power *= 10;
                let bound = int(em, -power);
                let more = em.binary(BinaryOp::Le, Scalar::Int, m.clone(), bound);
                let more = btoi(em, more);
                length = em.binary(BinaryOp::Add, Scalar::Int, length, more);
            }
            em.share(Scalar::Int, length)
        }
    }
}

/// Whether char code `c` prints as `` `\n ``, `` `\t `` or `` `\r ``.
fn named_escape<E: ScalarEmitter>(em: &mut E, c: E::V) -> E::V {
    let mut any = em.constant(Const::Bool(false));
    for code in [b'\n', b'\t', b'\r'] {
        let k = int(em, i64::from(code));
        let is = em.binary(BinaryOp::Eq, Scalar::Int, c.clone(), k);
        any = em.binary(BinaryOp::Or, Scalar::Bool, any, is);
    }
    any
}

/// Character `j` of `@x`, where `length` is the text's length and `digits`
/// its [`text_digits`].
pub(crate) fn text_char<E: ScalarEmitter>(
    em: &mut E,
    ty: Scalar,
    x: E::V,
    digits: Option<E::V>,
    j: E::V,
    length: E::V,
) -> E::V {
    let j = em.share(Scalar::Int, j);
    match ty {
        Scalar::Bool => {
            let (t, f) = (char_of(em, b'T'), char_of(em, b'F'));
            em.select(Scalar::Char, x, t, f)
        }
        Scalar::Float => {
            let (digits, e) = float_parts(em, x, digits);
            let thirty_two = int(em, 32);
            let place = em.binary(BinaryOp::Mul, Scalar::Int, e, thirty_two);
            let place = em.binary(BinaryOp::Add, Scalar::Int, place, j);
            em.binary(BinaryOp::FloatTextChar, Scalar::Int, digits, place)
        }
        Scalar::Char => {
            let c = em.unary(UnaryOp::CharToInt, Scalar::Char, x.clone());
            let c = em.share(Scalar::Int, c);
            let at = |em: &mut E, k: i64| {
                let k = int(em, k);
                em.binary(BinaryOp::Eq, Scalar::Int, j.clone(), k)
            };
            // Position 2 of a named escape, and the hex digits of `\xHH`.
            let mut letter = char_of(em, b'x');
            for (code, name) in [(b'\n', b'n'), (b'\t', b't'), (b'\r', b'r')] {
                let k = int(em, i64::from(code));
                let is = em.binary(BinaryOp::Eq, Scalar::Int, c.clone(), k);
                let name = char_of(em, name);
                letter = em.select(Scalar::Char, is, name, letter);
            }
            let sixteen = int(em, 16);
            let high = em.binary(BinaryOp::Div, Scalar::Int, c.clone(), sixteen.clone());
            let low = em.binary(BinaryOp::Rem, Scalar::Int, c.clone(), sixteen);
            let high = hex_digit(em, high);
            let low = hex_digit(em, low);
            let at_3 = at(em, 3);
            let hex = em.select(Scalar::Char, at_3, high, low);
            let at_2 = at(em, 2);
            let tail = em.select(Scalar::Char, at_2, letter, hex);
            let two = int(em, 2);
            let printable = em.binary(BinaryOp::Eq, Scalar::Int, length, two);
            let backslash = char_of(em, b'\\');
            let second = em.select(Scalar::Char, printable, x, backslash);
            let at_1 = at(em, 1);
            let rest = em.select(Scalar::Char, at_1, second, tail);
            let at_0 = at(em, 0);
            let quote = char_of(em, b'`');
            em.select(Scalar::Char, at_0, quote, rest)
        }
        _ => {
            let (m, negative) = non_positive(em, x);
            // The digit of 10^r, r = length - 1 - j, read from m.
            let one = int(em, 1);
            let last = em.binary(BinaryOp::Sub, Scalar::Int, length, one);
            let r = em.binary(BinaryOp::Sub, Scalar::Int, last, j.clone());
            let r = em.share(Scalar::Int, r);
            let mut power = int(em, 1);
            for k in 0..MAX_POWER {
                let k = int(em, i64::from(k));
                let more = em.binary(BinaryOp::Gt, Scalar::Int, r.clone(), k);
                let ten = int(em, 10);
                let times = em.binary(BinaryOp::Mul, Scalar::Int, power.clone(), ten);
                let next = em.select(Scalar::Int, more, times, power);
                power = em.share(Scalar::Int, next);
            }
            let quotient = em.binary(BinaryOp::Div, Scalar::Int, m, power);
            let ten = int(em, 10);
            let remainder = em.binary(BinaryOp::Rem, Scalar::Int, quotient, ten);
            let zero_code = int(em, i64::from(b'0'));
            let code = em.binary(BinaryOp::Sub, Scalar::Int, zero_code, remainder);
            let digit = em.unary(UnaryOp::IntToChar, Scalar::Int, code);
            let zero = int(em, 0);
            let first = em.binary(BinaryOp::Eq, Scalar::Int, j, zero);
            let sign_here = em.binary(BinaryOp::And, Scalar::Bool, negative, first);
            let minus = char_of(em, b'-');
            em.select(Scalar::Char, sign_here, minus, digit)
        }
    }
}

/// `exp_string(x, digits)`'s word ([`BinaryOp::ExpDigits`], made once per
/// number) and `x`'s bit pattern shifted right by 52, after checking that
/// `digits` is in `[0, 1000]` (faulting at `site` with `digits` otherwise).
pub(crate) fn exp_word<E: ScalarEmitter>(em: &mut E, x: E::V, digits: E::V, site: FaultId) -> (E::V, E::V) {
    let digits = em.share(Scalar::Int, digits);
    let (zero, most) = (int(em, 0), int(em, crate::numtext::MAX_EXP_DIGITS));
    let above = em.binary(BinaryOp::Ge, Scalar::Int, digits.clone(), zero);
    let below = em.binary(BinaryOp::Le, Scalar::Int, digits.clone(), most);
    let fits = em.binary(BinaryOp::And, Scalar::Bool, above, below);
    em.check(fits, site, vec![digits.clone()]);
    let bits = em.unary(UnaryOp::FloatBits, Scalar::Float, x);
    let bits = em.share(Scalar::Int, bits);
    let word = em.binary(BinaryOp::ExpDigits, Scalar::Int, bits.clone(), digits);
    let word = em.share(Scalar::Int, word);
    let fifty_two = int(em, 52);
    (word, em.binary(BinaryOp::Shr, Scalar::Int, bits, fifty_two))
}

/// `exp_string(x, digits)`'s length from its [`exp_word`] (`word`, `e`).
pub(crate) fn exp_length<E: ScalarEmitter>(em: &mut E, word: E::V, e: E::V, digits: E::V) -> E::V {
    let unit = int(em, 1024);
    let place = em.binary(BinaryOp::Mul, Scalar::Int, e, unit);
    let place = em.binary(BinaryOp::Add, Scalar::Int, place, digits);
    em.binary(BinaryOp::ExpTextLength, Scalar::Int, word, place)
}

/// Character `j` of `exp_string(x, digits)` from its [`exp_word`] (`word`,
/// `e`), `digits` checked.
pub(crate) fn exp_char<E: ScalarEmitter>(em: &mut E, word: E::V, e: E::V, digits: E::V, j: E::V) -> E::V {
    let unit = int(em, 2048);
    let place = em.binary(BinaryOp::Mul, Scalar::Int, e, unit);
    let place = em.binary(BinaryOp::Add, Scalar::Int, place, j);
    let unit = int(em, 1024);
    let place = em.binary(BinaryOp::Mul, Scalar::Int, place, unit);
    let place = em.binary(BinaryOp::Add, Scalar::Int, place, digits);
    em.binary(BinaryOp::ExpTextChar, Scalar::Int, word, place)
}

/// The lower-case hex digit of `d` in `[0, 16)`.
fn hex_digit<E: ScalarEmitter>(em: &mut E, d: E::V) -> E::V {
    let d = em.share(Scalar::Int, d);
    let ten = int(em, 10);
    let is_letter = em.binary(BinaryOp::Ge, Scalar::Int, d.clone(), ten);
    let (letter_base, digit_base) = (int(em, i64::from(b'a') - 10), int(em, i64::from(b'0')));
    let base = em.select(Scalar::Int, is_letter, letter_base, digit_base);
    let code = em.binary(BinaryOp::Add, Scalar::Int, base, d);
    em.unary(UnaryOp::IntToChar, Scalar::Int, code)
}
