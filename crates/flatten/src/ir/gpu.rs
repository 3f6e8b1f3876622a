//! GPU expressions: the bodies of thunks (λcu's third level).
//!
//! Scalars only, plus reads of array variables (`xs[i]`), lengths (`#xs`),
//! the segment search of note [segment descriptors], checked faults, and
//! loops over loop-carried scalars. No calls: a scalar NESL function called
//! in parallel code is inlined by flattening, and a scalar function that
//! recurses only by tail calls becomes a [`GExpr::Loop`] (see
//! `flatten/src/scalar_loops.rs`).
//!
//! Expressions are small trees (`Box`ed): fusion rewrites them by
//! substitution (λcu's `[A[i]/a]e`), which trees make simple.

use std::fmt;

use crate::ir::kernel::KVar;
use crate::ir::types::Scalar;

/// Identifies a fault site: an operation of the source program that can
/// fail at run time, with its message and source position. Indexes
/// [`crate::ir::FlatProgram::fault_sites`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FaultId(pub u32);

#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Const {
    Int(i64),
    Float(f64),
    Bool(bool),
    Char(u8),
}

impl Const {
    pub fn scalar(self) -> Scalar {
        match self {
            Const::Int(_) => Scalar::Int,
            Const::Float(_) => Scalar::Float,
            Const::Bool(_) => Scalar::Bool,
            Const::Char(_) => Scalar::Char,
        }
    }
}

impl fmt::Display for Const {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Const::Int(x) => write!(f, "{x}"),
            Const::Float(x) => f.write_str(&nesl_frontend::value::format_float(*x)),
            Const::Bool(b) => f.write_str(if *b { "T" } else { "F" }),
            Const::Char(c) => f.write_str(&nesl_frontend::value::format_char(*c)),
        }
    }
}

/// A unary scalar operation. The operand type is carried by the node
/// ([`GExpr::Unary::ty`]); the result type is [`UnaryOp::result`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `-x` (int, float)
    Neg,
    /// logical not on bools, bitwise not on ints
    Not,
    Abs,
    Sqrt,
    Exp,
    Ln,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Sinh,
    Cosh,
    Tanh,
    /// int → float
    ToFloat,
    /// float → int; the flattener guards the range with a check.
    Floor,
    Ceil,
    Trunc,
    /// half away from zero
    Round,
    /// int → int, floor of the square root (operand checked non-negative)
    Isqrt,
    /// bool → int
    BoolToInt,
    /// char → int
    CharToInt,
    /// int → char (operand checked in [0, 256))
    IntToChar,
    /// float → int: the IEEE-754 bit pattern of the double, as an int
    /// (OpenCL's `as_long`). For `hash` of floats and the keys of `sort`.
    FloatBits,
    /// float → int: the shortest digits of `@x` (the interpreter's text of
    /// the float, `flatten::numtext`), computed once per number and read by
    /// [`BinaryOp::FloatTextLength`] and [`BinaryOp::FloatTextChar`]: `D *
    /// 32 + (k - base)` for the digits `D` (at most 17) of `x = ±0.D *
    /// 10^k`, `base` a function of `x`'s exponent field (see note [float
    /// digits] in `flatten::numtext`); 0, 1 and 2 for zeros, infinities and
    /// NaN.
    FloatShortest,
}

impl UnaryOp {
    pub fn result(self, operand: Scalar) -> Scalar {
        use UnaryOp::*;
        match self {
            ToFloat => Scalar::Float,
            Floor | Ceil | Trunc | Round | BoolToInt | CharToInt | FloatBits | FloatShortest => Scalar::Int,
            IntToChar => Scalar::Char,
            _ => operand,
        }
    }

    pub fn name(self) -> &'static str {
        use UnaryOp::*;
        match self {
            Neg => "negate",
            Not => "not",
            Abs => "abs",
            Sqrt => "sqrt",
            Exp => "exp",
            Ln => "ln",
            Sin => "sin",
            Cos => "cos",
            Tan => "tan",
            Asin => "asin",
            Acos => "acos",
            Atan => "atan",
            Sinh => "sinh",
            Cosh => "cosh",
            Tanh => "tanh",
            ToFloat => "float",
            Floor => "floor",
            Ceil => "ceil",
            Trunc => "trunc",
            Round => "round",
            Isqrt => "isqrt",
            BoolToInt => "btoi",
            CharToInt => "char_code",
            IntToChar => "code_char",
            FloatBits => "float_bits",
            FloatShortest => "float_shortest",
        }
    }
}

/// A binary scalar operation; both operands have the node's type.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    /// Truncating for ints (divisor checked non-zero by a fault check).
    Div,
    /// Sign of the dividend (divisor checked).
    Rem,
    /// `min` and `max` of ordinals. On floats they follow the interpreter's
    /// order (note [primitive semantics] in `builtins.rs`): NaN is above
    /// every number, and on a tie the first operand wins (`max(-0.0, 0.0)`
    /// is `-0.0`).
    Min,
    Max,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// logical on bools, bitwise on ints
    And,
    Or,
    Xor,
    /// shift by `rhs mod 64`
    Shl,
    /// arithmetic shift by `rhs mod 64`
    Shr,
    /// float `expt(x, y)`
    Pow,
    /// On ints: the length of `@x` for the float `x` whose digits are `lhs`
    /// (its [`UnaryOp::FloatShortest`]) and whose bit pattern shifted right
    /// by 52 (its sign and exponent field) is `rhs`.
    FloatTextLength,
    /// On ints: character `j` of `@x` for the float `x` whose digits are
    /// `lhs` (its [`UnaryOp::FloatShortest`]), where `rhs = e * 32 + j` for
    /// `e` its bit pattern shifted right by 52 (a char; `j` is in `[0,
    /// length)`).
    FloatTextChar,
    /// On ints: the word of `exp_string(x, d)` for the float `x` whose bit
    /// pattern is `lhs` and `d = rhs` in `[0, 1000]` (checked before): for
    /// `d <= 16`, the text's `d + 1` digits, made once per number (note
    /// [float digits] in `flatten::numtext`), else the bit pattern.
    ExpDigits,
    /// On ints: the length of `exp_string(x, d)` for the float `x` whose
    /// [`BinaryOp::ExpDigits`] word is `lhs`, where `rhs = e * 1024 + d` for
    /// `e` its bit pattern shifted right by 52.
    ExpTextLength,
    /// On ints: character `j` of `exp_string(x, d)` for the float `x` whose
    /// [`BinaryOp::ExpDigits`] word is `lhs`, where `rhs = (e * 2048 + j) *
    /// 1024 + d` for `e` its bit pattern shifted right by 52 (a char).
    ExpTextChar,
}

impl BinaryOp {
    pub fn result(self, operand: Scalar) -> Scalar {
        use BinaryOp::*;
        match self {
            Eq | Ne | Lt | Le | Gt | Ge => Scalar::Bool,
            FloatTextChar | ExpTextChar => Scalar::Char,
            _ => operand,
        }
    }

    pub fn symbol(self) -> &'static str {
        use BinaryOp::*;
        match self {
            Add => "+",
            Sub => "-",
            Mul => "*",
            Div => "/",
            Rem => "rem",
            Min => "min",
            Max => "max",
            Eq => "==",
            Ne => "/=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            And => "and",
            Or => "or",
            Xor => "xor",
            Shl => "lshift",
            Shr => "rshift",
            Pow => "expt",
            FloatTextLength => "float_text_length",
            FloatTextChar => "float_text_char",
            ExpDigits => "exp_digits",
            ExpTextLength => "exp_text_length",
            ExpTextChar => "exp_text_char",
        }
    }

    /// Whether the operator is written between its operands when printed.
    pub fn is_infix(self) -> bool {
        use BinaryOp::*;
        matches!(self, Add | Sub | Mul | Div | Eq | Ne | Lt | Le | Gt | Ge | And | Or | Xor)
    }
}

/// A GPU expression. Its value is a scalar, or a tuple of scalars for the
/// bodies of thunks with several results ([`GExpr::Tuple`], only at the top
/// of a thunk body or of `ONCE`'s body, as the value of a `Let` binding
/// several variables, or under `Let`/`If`/`Assert` in those places; the
/// items of a tuple are scalars, tuples do not nest). The empty tuple is
/// the body of a pull thunk that only checks (a `MAP` with no results whose
/// `Assert`s are its purpose).
#[derive(Clone, Debug, PartialEq)]
pub enum GExpr {
    Var(KVar),
    Const(Const),
    /// `xs[index]` for an array variable `xs`. Not checked: flattening
    /// inserts an [`GExpr::Assert`] where the index is not known to be in
    /// range.
    Read {
        array: KVar,
        index: Box<GExpr>,
    },
    /// `#xs`
    Length(KVar),
    /// The segment containing flat position `index`: the largest `j` with
    /// `offsets[j] <= index`, preferring the last of equal offsets (so empty
    /// segments are skipped). A binary search over `offsets`. See note
    /// [segment descriptors].
    SegmentOf {
        offsets: KVar,
        index: Box<GExpr>,
    },
    /// The number `parse_int` (`ty` int) or `parse_float` (`ty` float)
    /// reads from the text `chars[start .. start + length]`, 0 when the
    /// text is not one; with `flag`, whether it is one (a bool). The range
    /// is not checked: flattening takes it from a segment descriptor of
    /// `chars`. Meant by `crate::numtext::parse`, computed on the device by
    /// `opencl_backend::codegen::numtext`.
    ParseNumber {
        ty: Scalar,
        flag: bool,
        chars: KVar,
        start: Box<GExpr>,
        length: Box<GExpr>,
    },
    Unary {
        op: UnaryOp,
        ty: Scalar,
        arg: Box<GExpr>,
    },
    Binary {
        op: BinaryOp,
        ty: Scalar,
        lhs: Box<GExpr>,
        rhs: Box<GExpr>,
    },
    /// Evaluates only the branch taken.
    If {
        cond: Box<GExpr>,
        then_branch: Box<GExpr>,
        else_branch: Box<GExpr>,
    },
    /// Binds each variable to the corresponding component of `value` (one
    /// variable for a scalar value).
    Let {
        vars: Vec<KVar>,
        value: Box<GExpr>,
        body: Box<GExpr>,
    },
    Tuple(Vec<GExpr>),
    /// If `cond` is false, the program faults at `site` with up to three
    /// payload values of any scalar type (say, the index and the length);
    /// otherwise `body`.
    Assert {
        cond: Box<GExpr>,
        site: FaultId,
        payload: Vec<GExpr>,
        body: Box<GExpr>,
    },
    /// A loop over loop-carried scalars: binds `vars` to the values of
    /// `init` (one scalar expression each, evaluated before the loop, in
    /// order); then, while `cond` (a bool over `vars`) holds, evaluates
    /// `step` (one value per variable: a tuple, or a scalar for one
    /// variable) and rebinds `vars` to its values all at once; its value is
    /// `result` with the final `vars` (a scalar, or a tuple where a tuple
    /// may stand). `vars` are bound in `cond`, `step` and `result` only.
    /// Flattening makes one of scalar recursion whose calls are tail calls,
    /// an iteration per call.
    Loop {
        vars: Vec<KVar>,
        init: Vec<GExpr>,
        cond: Box<GExpr>,
        step: Box<GExpr>,
        result: Box<GExpr>,
    },
}

impl GExpr {
    pub fn var(v: KVar) -> GExpr {
        GExpr::Var(v)
    }

    pub fn int(x: i64) -> GExpr {
        GExpr::Const(Const::Int(x))
    }

    pub fn read(array: KVar, index: GExpr) -> GExpr {
        GExpr::Read { array, index: Box::new(index) }
    }

    pub fn unary(op: UnaryOp, ty: Scalar, arg: GExpr) -> GExpr {
        GExpr::Unary { op, ty, arg: Box::new(arg) }
    }

    pub fn binary(op: BinaryOp, ty: Scalar, lhs: GExpr, rhs: GExpr) -> GExpr {
        GExpr::Binary { op, ty, lhs: Box::new(lhs), rhs: Box::new(rhs) }
    }

    pub fn if_(cond: GExpr, then_branch: GExpr, else_branch: GExpr) -> GExpr {
        GExpr::If { cond: Box::new(cond), then_branch: Box::new(then_branch), else_branch: Box::new(else_branch) }
    }

    pub fn let_(vars: Vec<KVar>, value: GExpr, body: GExpr) -> GExpr {
        GExpr::Let { vars, value: Box::new(value), body: Box::new(body) }
    }

    /// Calls `f` on every direct subexpression.
    pub fn for_each_child(&self, mut f: impl FnMut(&GExpr)) {
        match self {
            GExpr::Var(_) | GExpr::Const(_) | GExpr::Length(_) => {}
            GExpr::Read { index, .. } | GExpr::SegmentOf { index, .. } => f(index),
            GExpr::ParseNumber { start, length, .. } => {
                f(start);
                f(length);
            }
            GExpr::Unary { arg, .. } => f(arg),
            GExpr::Binary { lhs, rhs, .. } => {
                f(lhs);
                f(rhs);
            }
            GExpr::If { cond, then_branch, else_branch } => {
                f(cond);
                f(then_branch);
                f(else_branch);
            }
            GExpr::Let { value, body, .. } => {
                f(value);
                f(body);
            }
            GExpr::Tuple(items) => items.iter().for_each(f),
            GExpr::Assert { cond, payload, body, .. } => {
                f(cond);
                payload.iter().for_each(&mut f);
                f(body);
            }
            GExpr::Loop { init, cond, step, result, .. } => {
                init.iter().for_each(&mut f);
                f(cond);
                f(step);
                f(result);
            }
        }
    }

    /// Calls `f` on every direct subexpression, mutably, in the order of
    /// [`GExpr::for_each_child`].
    pub fn for_each_child_mut(&mut self, mut f: impl FnMut(&mut GExpr)) {
        match self {
            GExpr::Var(_) | GExpr::Const(_) | GExpr::Length(_) => {}
            GExpr::Read { index, .. } | GExpr::SegmentOf { index, .. } => f(index),
            GExpr::ParseNumber { start, length, .. } => {
                f(start);
                f(length);
            }
            GExpr::Unary { arg, .. } => f(arg),
            GExpr::Binary { lhs, rhs, .. } => {
                f(lhs);
                f(rhs);
            }
            GExpr::If { cond, then_branch, else_branch } => {
                f(cond);
                f(then_branch);
                f(else_branch);
            }
            GExpr::Let { value, body, .. } => {
                f(value);
                f(body);
            }
            GExpr::Tuple(items) => items.iter_mut().for_each(f),
            GExpr::Assert { cond, payload, body, .. } => {
                f(cond);
                payload.iter_mut().for_each(&mut f);
                f(body);
            }
            GExpr::Loop { init, cond, step, result, .. } => {
                init.iter_mut().for_each(&mut f);
                f(cond);
                f(step);
                f(result);
            }
        }
    }

    /// Every kernel variable the expression mentions (free or bound).
    pub fn for_each_var(&self, f: &mut impl FnMut(KVar)) {
        match self {
            GExpr::Var(v) | GExpr::Length(v) => f(*v),
            GExpr::Read { array, .. } => f(*array),
            GExpr::SegmentOf { offsets, .. } => f(*offsets),
            GExpr::ParseNumber { chars, .. } => f(*chars),
            GExpr::Let { vars, .. } | GExpr::Loop { vars, .. } => vars.iter().for_each(|v| f(*v)),
            _ => {}
        }
        self.for_each_child(|c| c.for_each_var(f));
    }
}
