//! Scalar primitives, once for both places scalar code runs: host code (in
//! A-normal form, with `Assert` statements) and GPU thunks (expressions,
//! with `Assert`s in evaluation order). A [`ScalarEmitter`] abstracts the
//! difference; [`lower_scalar_prim`] holds the semantics of note [primitive
//! semantics] (`builtins.rs`): which operations fault, with which message
//! and payload, and how `^` multiplies.

use nesl_frontend::builtins::Prim;

use crate::faults;
use crate::ir::{BinaryOp, Const, FaultId, Scalar, UnaryOp};

/// Where scalar code goes: host statements or a thunk's body.
pub(crate) trait ScalarEmitter {
    /// A scalar operand: a host atom, or a pure GPU expression.
    type V: Clone;
    fn constant(&mut self, c: Const) -> Self::V;
    fn as_const(&self, v: &Self::V) -> Option<Const>;
    fn unary(&mut self, op: UnaryOp, ty: Scalar, arg: Self::V) -> Self::V;
    fn binary(&mut self, op: BinaryOp, ty: Scalar, lhs: Self::V, rhs: Self::V) -> Self::V;
    /// `if cond then a else b`, evaluating both (they are pure).
    fn select(&mut self, ty: Scalar, cond: Self::V, a: Self::V, b: Self::V) -> Self::V;
    /// The operand, bound to a variable if using it twice would compute it
    /// twice.
    fn share(&mut self, ty: Scalar, v: Self::V) -> Self::V;
    /// Faults at `site` with `payload` unless `cond` holds.
    fn check(&mut self, cond: Self::V, site: FaultId, payload: Vec<Self::V>);
}

/// 2^63 as a float: floats in [-2^63, 2^63) convert to ints.
const INT_LIMIT: f64 = 9_223_372_036_854_775_808.0;

/// The value of scalar primitive `prim` applied to `args`, whose types are
/// `arg_types`. `site` makes the fault site for a message. Fails with the
/// name of a primitive that is not supported yet.
pub(crate) fn lower_scalar_prim<E: ScalarEmitter>(
    em: &mut E,
    prim: Prim,
    arg_types: &[Scalar],
    args: Vec<E::V>,
    site: &mut dyn FnMut(String) -> FaultId,
) -> Result<E::V, &'static str> {
    use Prim::*;
    let ty = arg_types.first().copied().unwrap_or(Scalar::Int);
    let arg = |k: usize| args[k].clone();
    let unary = |em: &mut E, op: UnaryOp| em.unary(op, ty, args[0].clone());
    let binary = |em: &mut E, op: BinaryOp| em.binary(op, ty, args[0].clone(), args[1].clone());
    Ok(match prim {
        Not => unary(em, UnaryOp::Not),
        Or => binary(em, BinaryOp::Or),
        And => binary(em, BinaryOp::And),
        Xor => binary(em, BinaryOp::Xor),
        Nor => {
            let or = binary(em, BinaryOp::Or);
            em.unary(UnaryOp::Not, ty, or)
        }
        Nand => {
            let and = binary(em, BinaryOp::And);
            em.unary(UnaryOp::Not, ty, and)
        }
        Eq | Eql => binary(em, BinaryOp::Eq),
        Ne => binary(em, BinaryOp::Ne),
        Lt => binary(em, BinaryOp::Lt),
        Gt => binary(em, BinaryOp::Gt),
        Le => binary(em, BinaryOp::Le),
        Ge => binary(em, BinaryOp::Ge),
        Add => binary(em, BinaryOp::Add),
        Sub => binary(em, BinaryOp::Sub),
        Mul => binary(em, BinaryOp::Mul),
        Div | Rem => {
            let op = if prim == Div { BinaryOp::Div } else { BinaryOp::Rem };
            if ty == Scalar::Int {
                let divisor = em.share(ty, arg(1));
                if em.as_const(&divisor) != Some(Const::Int(0)) && em.as_const(&divisor).is_some() {
                    em.binary(op, ty, arg(0), divisor)
                } else {
                    let zero = em.constant(Const::Int(0));
                    let nonzero = em.binary(BinaryOp::Ne, ty, divisor.clone(), zero);
                    let id = site(faults::division_by_zero(if prim == Div { "/" } else { "rem" }));
                    em.check(nonzero, id, Vec::new());
                    em.binary(op, ty, arg(0), divisor)
                }
            } else {
                binary(em, op)
            }
        }
        Negate => unary(em, UnaryOp::Neg),
        Abs => unary(em, UnaryOp::Abs),
        Max => binary(em, BinaryOp::Max),
        Min => binary(em, BinaryOp::Min),
        Lshift => binary(em, BinaryOp::Shl),
        Rshift => binary(em, BinaryOp::Shr),
        Pow => power(em, ty, arg(0), arg(1), site),
        Sqrt => unary(em, UnaryOp::Sqrt),
        Ln => unary(em, UnaryOp::Ln),
        Exp => unary(em, UnaryOp::Exp),
        Sin => unary(em, UnaryOp::Sin),
        Cos => unary(em, UnaryOp::Cos),
        Tan => unary(em, UnaryOp::Tan),
        Asin => unary(em, UnaryOp::Asin),
        Acos => unary(em, UnaryOp::Acos),
        Atan => unary(em, UnaryOp::Atan),
        Sinh => unary(em, UnaryOp::Sinh),
        Cosh => unary(em, UnaryOp::Cosh),
        Tanh => unary(em, UnaryOp::Tanh),
        Expt => binary(em, BinaryOp::Pow),
        Isqrt => {
            let n = em.share(ty, arg(0));
            let zero = em.constant(Const::Int(0));
            let ok = em.binary(BinaryOp::Ge, ty, n.clone(), zero);
            let id = site(faults::negative_isqrt());
            em.check(ok, id, vec![n.clone()]);
            em.unary(UnaryOp::Isqrt, ty, n)
        }
        Btoi => unary(em, UnaryOp::BoolToInt),
        CharCode => unary(em, UnaryOp::CharToInt),
        ToFloat => unary(em, UnaryOp::ToFloat),
        CodeChar => {
            let code = em.share(ty, arg(0));
            let zero = em.constant(Const::Int(0));
            let limit = em.constant(Const::Int(256));
            let low = em.binary(BinaryOp::Ge, ty, code.clone(), zero);
            let high = em.binary(BinaryOp::Lt, ty, code.clone(), limit);
            let ok = em.binary(BinaryOp::And, Scalar::Bool, low, high);
            let id = site(faults::bad_char_code());
            em.check(ok, id, vec![code.clone()]);
            em.unary(UnaryOp::IntToChar, ty, code)
        }
        Ceil | Floor | Trunc | Round => {
            let (op, name) = match prim {
                Ceil => (UnaryOp::Ceil, "ceil"),
                Floor => (UnaryOp::Floor, "floor"),
                Trunc => (UnaryOp::Trunc, "trunc"),
                _ => (UnaryOp::Round, "round"),
            };
            // Every rounding of x lies in [-2^63, 2^63) exactly when x does
            // (no double lies strictly between 2^63 - 1 and 2^63); NaN fails.
            let x = em.share(ty, arg(0));
            let low = em.constant(Const::Float(-INT_LIMIT));
            let high = em.constant(Const::Float(INT_LIMIT));
            let above = em.binary(BinaryOp::Ge, ty, x.clone(), low);
            let below = em.binary(BinaryOp::Lt, ty, x.clone(), high);
            let ok = em.binary(BinaryOp::And, Scalar::Bool, above, below);
            let id = site(faults::float_to_int(name));
            em.check(ok, id, vec![x.clone()]);
            em.unary(op, ty, x)
        }
        Pi => em.constant(Const::Float(std::f64::consts::PI)),
        MaxInt => em.constant(Const::Int(i64::MAX)),
        MinInt => em.constant(Const::Int(i64::MIN)),
        RandMix => crate::random_keys::emit_mix(em, arg(0), arg(1)),
        RandDraw => crate::random_keys::emit_draw(em, arg_types[1], arg(0), arg(1)),
        Rand => return Err("`rand`"),
        RandSeed => return Err("`rand_seed`"),
        _ => return Err("a sequence primitive in scalar code"),
    })
}

/// `x ^ n` exactly as the interpreter computes it: square-and-multiply over
/// the bits of `|n|`, `1 / x^|n|` for a negative `n` on floats, a fault for
/// a negative `n` on ints.
fn power<E: ScalarEmitter>(
    em: &mut E,
    ty: Scalar,
    base: E::V,
    exponent: E::V,
    site: &mut dyn FnMut(String) -> FaultId,
) -> E::V {
    let one = if ty == Scalar::Int { Const::Int(1) } else { Const::Float(1.0) };
    let base = em.share(ty, base);
    if let Some(Const::Int(n)) = em.as_const(&exponent) {
        if n < 0 && ty == Scalar::Int {
            let fail = em.constant(Const::Bool(false));
            let id = site(faults::negative_exponent());
            em.check(fail, id, vec![exponent]);
            return em.constant(Const::Int(0));
        }
        // Multiplying by the initial 1 is exact, so it is left out.
        let mut product: Option<E::V> = None;
        let mut square = base;
        let mut bits = n.unsigned_abs();
        while bits > 0 {
            if bits & 1 == 1 {
                product = Some(match product {
                    None => square.clone(),
                    Some(p) => {
                        let p = em.binary(BinaryOp::Mul, ty, p, square.clone());
                        em.share(ty, p)
                    }
                });
            }
            bits >>= 1;
            if bits > 0 {
                let sq = em.binary(BinaryOp::Mul, ty, square.clone(), square);
                square = em.share(ty, sq);
            }
        }
        let magnitude = product.unwrap_or_else(|| em.constant(one));
        return if n < 0 {
            let one = em.constant(one);
            em.binary(BinaryOp::Div, ty, one, magnitude)
        } else {
            magnitude
        };
    }
    let n = em.share(Scalar::Int, exponent);
    let zero = em.constant(Const::Int(0));
    let negative = em.binary(BinaryOp::Lt, Scalar::Int, n.clone(), zero);
    let negative = em.share(Scalar::Bool, negative);
    if ty == Scalar::Int {
        let ok = em.unary(UnaryOp::Not, Scalar::Bool, negative.clone());
        let id = site(faults::negative_exponent());
        em.check(ok, id, vec![n.clone()]);
    }
    let magnitude_bits = em.unary(UnaryOp::Abs, Scalar::Int, n);
    let magnitude_bits = em.share(Scalar::Int, magnitude_bits);
    let mut product = em.constant(one);
    let mut square = base;
    for k in 0..64 {
        let shift = em.constant(Const::Int(k));
        let shifted = em.binary(BinaryOp::Shr, Scalar::Int, magnitude_bits.clone(), shift);
        let one_bit = em.constant(Const::Int(1));
        let bit = em.binary(BinaryOp::And, Scalar::Int, shifted, one_bit);
        let one_bit = em.constant(Const::Int(1));
        let is_set = em.binary(BinaryOp::Eq, Scalar::Int, bit, one_bit);
        let multiplied = em.binary(BinaryOp::Mul, ty, product.clone(), square.clone());
        let next = em.select(ty, is_set, multiplied, product);
        product = em.share(ty, next);
        if k < 63 {
            let sq = em.binary(BinaryOp::Mul, ty, square.clone(), square);
            square = em.share(ty, sq);
        }
    }
    if ty == Scalar::Int {
        product
    } else {
        let one = em.constant(one);
        let reciprocal = em.binary(BinaryOp::Div, ty, one, product.clone());
        em.select(ty, negative, reciprocal, product)
    }
}
