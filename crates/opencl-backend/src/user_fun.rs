//! User functions: the scalar GPU code of the flat IR as OpenCL C functions.
//!
//! **In:** a thunk of a flat kernel (`{ i => e }`, `{ (a, b) => a + b }`,
//! `{ x => x > 0 }`) or a bare GPU expression (the body of `ONCE`, a size).
//! **Out:** a [`CFunction`]: one `static inline` OpenCL C 1.2 function that
//! computes exactly what the flat-IR evaluator (`flatten::eval`, whose
//! operators are in `flatten/src/eval/scalar.rs`) computes, with its
//! parameter list as data ([`CParam`]) so that the code generator can call
//! it from a `__kernel`. Every file that contains such functions starts
//! with [`prelude`] (after `#pragma OPENCL EXTENSION cl_khr_fp64 : enable`,
//! which the code generator writes first).
//!
//! # Types
//! [`c_type`] is a scalar's type in private code (values, parameters,
//! results): `int` is `long`, `float` is `double`, `bool` and `char` are
//! `int` (0 or 1, the character code), as the executor passes them
//! (`plan::KernelParam`). [`c_elem_type`] is an array element's type:
//! `long`, `double`, `uchar` for `bool` and `char`; a read of a `uchar`
//! element is cast to `int` (`(int)bs[j]`), so that every value of one flat
//! type has one C type and overloaded builtins (`min`, `max`) resolve.
//!
//! # Parameters
//! In order ([`CParam`]): the thunk's parameters ([`CParam::Arg`]); then
//! the kernel variables the body reads, in order of first use in
//! evaluation order: an array read by `xs[i]` or searched by `segment_of`
//! is a `__global const T*` ([`CParam::Array`]) immediately followed by its
//! length (a `long`, [`CParam::Length`]) if `#xs` or `segment_of` needs it;
//! a kernel scalar (a parameter, an earlier `REDUCE` or `ONCE` result) is a
//! [`CParam::Scalar`]; then the error flag ([`CParam::ErrorFlag`],
//! `__global long* err`) if the body has an `Assert`; then, for a body of
//! `k > 1` results, the out-pointers `T* r0, ..., T* r{k-1}` (private
//! memory: the caller passes `&local`). One result is returned; zero or
//! several give a `void` function.
//!
//! # Semantics (note [primitive semantics] in `nesl-frontend`)
//! - Ints wrap: `+`, `-`, `*`, negation and `abs` compute in `ulong`
//!   (signed overflow is undefined in OpenCL C) through the prelude's
//!   `nessie_add` & co. `/` truncates and `rem` has the dividend's sign
//!   (C99's `/` and `%`), with `min_int / -1 = min_int` and
//!   `min_int rem -1 = 0`; shifts count `mod 64`, `rshift` is arithmetic.
//! - Float arithmetic is IEEE double with no contraction (the prelude turns
//!   `FP_CONTRACT` off: `a * b + c` is never fused). `sqrt` and the basic
//!   operations are correctly rounded, as on the host; `exp`, `ln`, the
//!   trigonometric functions and `expt` are OpenCL's, which may differ from
//!   the host's libm in the last bits (OpenCL allows a few ulp).
//! - `round` goes half away from zero, computed exactly (`nessie_round`);
//!   float-to-int conversions of integral values in range are exact
//!   (`convert_long_sat`, so an unguarded out-of-range value saturates and
//!   NaN gives 0 instead of undefined behaviour). `isqrt` is the exact
//!   floor of the root. `float_bits` is `as_long`.
//! - Float `min`/`max` order NaN above every number and keep the first
//!   operand on ties (`nessie_fmin`, `nessie_fmax`); comparisons involving
//!   NaN are false except `/=` (C's own).
//! - Bools are 0 or 1: `and`/`or` on bools are `&&`/`||`, which agree with
//!   the evaluator's eager `and`/`or` because the operands are pure
//!   (anything that can fault is hoisted into statements before them).
//! - NaN bits are the device's: a NaN read from memory or written as a
//!   constant keeps its bits, but one computed on the device (`0.0 / 0.0`)
//!   has the device's default NaN bits (on x86, as in the host evaluator,
//!   `0xfff8…`; a GPU may use another pattern), which only `float_bits`
//!   can observe.
//! - The evaluator's internal errors (an unguarded division by zero,
//!   conversion or read out of range: compiler bugs) have no counterpart:
//!   a zero divisor gives 0 rather than trapping the device, and unguarded
//!   reads are not checked.
//!
//! # Faults
//! `Assert { cond, site, payload, body }` becomes
//! `if (!cond) { nessie_fail(err, 1, site, a, b); return 0; }`: the error
//! flag protocol of `runtime::cl::error_flag` (first failing work-item
//! wins) with fault code [`FAULT_CODE`], the site the flat program's
//! [`FaultId`], and `a`, `b` the first two payload values encoded by type
//! (an int as it is, a float as `as_long`, a bool or char as 0/1 or the
//! code; a missing one is 0; a third is not evaluated, the flag has no room
//! for it). The function then returns zeros (through the out-pointers
//! too) without evaluating the rest of its body, so nothing the assertion
//! guarded (a read, a division) happens with the bad value. The caller
//! gets harmless zeros; it may test `nessie_failed(err)` to stop early.
//!
//! A function made by [`thunk_function_deferred`] (a segmented reduction's
//! hoisted pull, note [deferred faults]) takes a private `long* fault`
//! (three words) instead of `err`: a failed assertion keeps its site plus
//! one and its two payload words there when the first word is still 0
//! (the first failure of the caller's batch wins), and returns zeros as
//! above (by selects at the end rather than an early return where no
//! assertion lies in an `if`'s branch and the body has no loop, note
//! [speculated checks]); the caller reports it to the error flag after
//! the batch.
//!
//! # Shape of the code
//! Each `let` is a named local (`long y = xs[i];`), an `if` whose branches
//! are plain expressions is `c ? a : b`, other `if`s are statements that
//! assign locals; names come from the kernel's variable names, made C-safe
//! and unique ([`c_identifier`]). Generated code depends only on its input,
//! so golden files are stable.

use std::collections::{HashMap, HashSet};

use flatten::ir::{BinaryOp, Const, FaultId, FlatProgram, GExpr, KVar, Kernel, Scalar, Thunk, UnaryOp, VarType};

use crate::compile::CodegenError;

/// The fault code of a failed `Assert` in the error flag (the runtime's
/// `executor::FAULT_CODE`).
pub const FAULT_CODE: i64 = 1;

/// A generated OpenCL C function.
#[derive(Clone, Debug, PartialEq)]
pub struct CFunction {
    /// The function's C name, as the caller asked.
    pub name: String,
    /// The function's definition (`static inline ... { ... }`).
    pub source: String,
    /// Its parameters in order, before the out-pointers of a body of
    /// several results (one per element of [`CFunction::results`]).
    pub params: Vec<CParam>,
    /// The types of the body's results: none (`void`), one (returned) or
    /// several (`void`, written through trailing out-pointers `T* r0, ...`).
    pub results: Vec<Scalar>,
    /// Whether the body multiplies or divides ints (`*`, `/`, `rem`): where
    /// a map applies it to its index, a 32-bit index pays (see note
    /// [narrow index] in `codegen`).
    pub int_arith: bool,
}

impl CFunction {
    /// Whether the results come back through out-pointers.
    pub fn has_out_pointers(&self) -> bool {
        self.results.len() > 1
    }

    /// The C type the function returns.
    pub fn return_type(&self) -> &'static str {
        match self.results[..] {
            [ty] => c_type(ty),
            _ => "void",
        }
    }
}

/// A parameter of a [`CFunction`]: what the caller passes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CParam {
    /// A parameter of the thunk, of C type [`c_type`]`(ty)`.
    Arg { var: KVar, ty: Scalar },
    /// The elements of array variable `var`: `__global const E*` with `E`
    /// = [`c_elem_type`]`(elem)`.
    Array { var: KVar, elem: Scalar },
    /// The logical length of array variable `var`, a `long`.
    Length { var: KVar },
    /// A kernel-level scalar (a parameter, an earlier `REDUCE` or `ONCE`
    /// result), of C type [`c_type`]`(ty)`.
    Scalar { var: KVar, ty: Scalar },
    /// The session's error flag, `__global long*`.
    ErrorFlag,
    /// A private record of the first failed assertion, `long*` of three
    /// words (site + 1, payload a, payload b; 0 in the first word while
    /// none failed): [`thunk_function_deferred`]'s in place of
    /// [`CParam::ErrorFlag`].
    Fault,
}

/// The C type of a scalar value in private code (see the module doc).
pub fn c_type(ty: Scalar) -> &'static str {
    match ty {
        Scalar::Int => "long",
        Scalar::Float => "double",
        Scalar::Bool | Scalar::Char => "int",
    }
}

/// The C type of an array element in device memory.
pub fn c_elem_type(ty: Scalar) -> &'static str {
    match ty {
        Scalar::Int => "long",
        Scalar::Float => "double",
        Scalar::Bool | Scalar::Char => "uchar",
    }
}

/// A C literal for a constant, of C type [`c_type`]`(c.scalar())`: ints
/// with an `L` suffix, doubles exact (shortest round-trip decimal, or
/// `HUGE_VAL`, or the NaN's bits through `as_double`), bools `1`/`0`,
/// chars as `'a'` or their code. May start with `-`.
pub fn c_const(c: Const) -> String {
    match c {
        Const::Int(i64::MIN) => "(-9223372036854775807L - 1)".to_string(),
        Const::Int(x) => format!("{x}L"),
        Const::Float(x) if x.is_nan() => format!("as_double(0x{:016x}UL)", x.to_bits()),
        // OpenCL's `INFINITY` is a float; `HUGE_VAL` is the double.
        Const::Float(x) if x.is_infinite() => if x > 0.0 { "HUGE_VAL" } else { "-HUGE_VAL" }.to_string(),
        // Debug prints the shortest decimal that reads back as `x`, always
        // with a `.` or an exponent, so C reads a double.
        Const::Float(x) => format!("{x:?}"),
        Const::Bool(b) => if b { "1" } else { "0" }.to_string(),
        Const::Char(c) if c.is_ascii_alphanumeric() || c == b' ' => format!("'{}'", c as char),
        Const::Char(c) => c.to_string(),
    }
}

/// The zero of a type, the harmless result of a function that faulted.
fn c_zero(ty: Scalar) -> &'static str {
    match ty {
        Scalar::Int => "0L",
        Scalar::Float => "0.0",
        Scalar::Bool | Scalar::Char => "0",
    }
}

/// The error-flag helpers of `runtime::cl::error_flag`
/// (`ERROR_FLAG_HELPERS_OPENCL_C`), character for character (a test checks
/// it): the backend cannot depend on the runtime, and the prelude needs
/// `nessie_fail`. Guarded, so a file may include both.
macro_rules! error_flag_helpers {
    () => {
        r#"/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif
"#
    };
}

/// The error-flag helpers (see [`prelude`]), as the runtime defines them.
pub const ERROR_FLAG_HELPERS: &str = error_flag_helpers!();

/// The scalar helpers of the prelude.
macro_rules! scalar_helpers {
    () => {
        r#"/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* x / d for a constant d, rounded as `/` rounds it (note [division by a
   constant] in opencl-backend's user_fun): y = 1/d rounded, |x| between
   the bits lo (excluded) and lo + span (included) keeps every step
   normal, hd = |d| * 2^-53. Where q's residual r = x - d*q (exact) is
   below half the spacing of the floats around q, times |d|, q is x / d
   rounded; elsewhere (0, NaN, infinities, the ends of the range, and
   quotients too near a midpoint for q to be sure) the division. */
static inline double nessie_fdiv_const(double x, double d, double y, ulong lo, ulong span, ulong hd) {
    ulong ax = as_ulong(x) & 0x7FFFFFFFFFFFFFFFUL;
    if (ax - lo - 1UL < span) {
        double q0 = x * y;
        double q = fma(fma(-q0, d, x), y, q0);
        double r = fma(-q, d, x);
        ulong below = ((as_ulong(q) & 0x7FFFFFFFFFFFFFFFUL) - 1UL) & 0x7FF0000000000000UL;
        if ((as_ulong(r) & 0x7FFFFFFFFFFFFFFFUL) < hd + below - 0x3FF0000000000000UL) return q;
    }
    return x / d;
}

/* x / d for a constant d whose odd significand is below 2^50 (note
   [division by a constant]): two Newton steps from x * y, y = 1/d rounded,
   give x / d rounded for |x| in [2^-800, 2^800) (the high word's exponent
   in one unsigned comparison); the division elsewhere. */
static inline double nessie_fdiv_short(double x, double d, double y) {
    if (((uint)(as_ulong(x) >> 32) & 0x7FFFFFFFu) - 0x0DF00000u < 0x64000000u) {
        double q0 = x * y;
        double q1 = fma(fma(-q0, d, x), y, q0);
        return fma(fma(-q1, d, x), y, q1);
    }
    return x / d;
}

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif
"#
    };
}

/// The helpers every file with generated functions includes once, before
/// them: the error flag's (see [`ERROR_FLAG_HELPERS`]) and the scalar
/// operators'. It turns `FP_CONTRACT` off. Needs `cl_khr_fp64` enabled
/// before it.
pub fn prelude() -> &'static str {
    concat!(error_flag_helpers!(), "\n", scalar_helpers!())
}

/// A C identifier for a kernel variable's name: characters other than
/// ASCII letters, digits and `_` become `_`, and a name that is empty,
/// starts with a digit or `_`, or is reserved (a C or OpenCL keyword or
/// type, a builtin the generated code calls, a `nessie_`/`get_`/`as_`/
/// `convert_` name, an all-capitals macro-like name) gets a `v` prefix.
pub fn c_identifier(name: &str) -> String {
    let clean: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if is_reserved(&clean) { format!("v{clean}") } else { clean }
}

fn is_reserved(name: &str) -> bool {
    const RESERVED: &[&str] = &[
        // C99
        "auto",
        "break",
        "case",
        "char",
        "const",
        "continue",
        "default",
        "do",
        "double",
        "else",
        "enum",
        "extern",
        "float",
        "for",
        "goto",
        "if",
        "inline",
        "int",
        "long",
        "register",
        "restrict",
        "return",
        "short",
        "signed",
        "sizeof",
        "static",
        "struct",
        "switch",
        "typedef",
        "union",
        "unsigned",
        "void",
        "volatile",
        "while",
        // OpenCL C
        "bool",
        "true",
        "false",
        "uchar",
        "ushort",
        "uint",
        "ulong",
        "half",
        "size_t",
        "ptrdiff_t",
        "intptr_t",
        "uintptr_t",
        "kernel",
        "global",
        "local",
        "constant",
        "private",
        "read_only",
        "write_only",
        "read_write",
        "image1d_t",
        "image2d_t",
        "image3d_t",
        "sampler_t",
        "event_t",
        "complex",
        "imaginary",
        "err",
        "fault",
        // builtins the generated code and the prelude call
        "sqrt",
        "exp",
        "log",
        "sin",
        "cos",
        "tan",
        "asin",
        "acos",
        "atan",
        "sinh",
        "cosh",
        "tanh",
        "pow",
        "fabs",
        "floor",
        "ceil",
        "trunc",
        "round",
        "copysign",
        "isnan",
        "min",
        "max",
        "atomic_cmpxchg",
    ];
    let vector_type = ["char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float", "double", "half"]
        .iter()
        .any(|base| name.strip_prefix(base).is_some_and(|n| matches!(n, "2" | "3" | "4" | "8" | "16")));
    name.is_empty()
        || name.starts_with(|c: char| c.is_ascii_digit() || c == '_')
        || ["nessie_", "get_", "as_", "convert_", "atomic_", "atom_"].iter().any(|p| name.starts_with(p))
        || !name.chars().any(|c| c.is_ascii_lowercase())
        || RESERVED.contains(&name)
        || vector_type
}

/// The function `name` computing `thunk` (see the module doc for its
/// parameters and results).
pub fn thunk_function(
    program: &FlatProgram,
    kernel: &Kernel,
    name: &str,
    thunk: &Thunk,
) -> Result<CFunction, CodegenError> {
    generate(program, kernel, name, &thunk.params, &thunk.body, &[], false)
}

/// [`thunk_function`] where the int arrays `counters` hold 32-bit ints
/// (`__global const int*`, each element read as a `long`): the head flags
/// a segmented scan reads where the segments claimed them, and the arrays
/// `storage_width` narrowed.
pub fn thunk_function_with_counters(
    program: &FlatProgram,
    kernel: &Kernel,
    name: &str,
    thunk: &Thunk,
    counters: &[KVar],
) -> Result<CFunction, CodegenError> {
    generate(program, kernel, name, &thunk.params, &thunk.body, counters, false)
}

/// [`thunk_function_with_counters`] whose failed assertions are kept in
/// the caller's private fault record ([`CParam::Fault`]) instead of
/// written to the error flag: the function writes no global memory, so
/// the caller's loads of several calls are not ordered by its checks
/// (note [deferred faults] in `codegen::seg_reduce`).
pub fn thunk_function_deferred(
    program: &FlatProgram,
    kernel: &Kernel,
    name: &str,
    thunk: &Thunk,
    counters: &[KVar],
) -> Result<CFunction, CodegenError> {
    generate(program, kernel, name, &thunk.params, &thunk.body, counters, true)
}

/// The function `name` computing `body` with no thunk parameters: the body
/// of `ONCE`, a size expression.
pub fn expr_function(
    program: &FlatProgram,
    kernel: &Kernel,
    name: &str,
    body: &GExpr,
) -> Result<CFunction, CodegenError> {
    generate(program, kernel, name, &[], body, &[], false)
}

/// [`expr_function`] where the int arrays `int32` hold 32-bit ints, as
/// in [`thunk_function_with_counters`].
pub fn expr_function_with_counters(
    program: &FlatProgram,
    kernel: &Kernel,
    name: &str,
    body: &GExpr,
    int32: &[KVar],
) -> Result<CFunction, CodegenError> {
    generate(program, kernel, name, &[], body, int32, false)
}

fn generate(
    program: &FlatProgram,
    kernel: &Kernel,
    name: &str,
    params: &[KVar],
    body: &GExpr,
    counters: &[KVar],
    deferred: bool,
) -> Result<CFunction, CodegenError> {
    let mut g = Gen {
        deferred,
        speculative: deferred && speculable(body),
        ok: None,
        program,
        kernel,
        counters,
        taken: HashSet::new(),
        names: HashMap::new(),
        lengths: HashMap::new(),
        lines: Vec::new(),
        indent: 1,
        results: Vec::new(),
        on_fail: Vec::new(),
        segments: HashMap::new(),
        aliases: HashMap::new(),
        reassigned: HashSet::new(),
    };
    if nesting(body) > MAX_DEPTH {
        return Err(g.unsupported(format!("an expression nested more than {MAX_DEPTH} deep")));
    }
    g.taken.insert(name.to_string());
    let results = g.types(body)?;
    let outs: Vec<String> =
        if results.len() > 1 { (0..results.len()).map(|k| g.fresh(&format!("r{k}"))).collect() } else { Vec::new() };
    g.results = results.clone();

    // The parameters: the thunk's, then the free variables by first use.
    let mut c_params = Vec::new();
    let mut decls = Vec::new();
    for &p in params {
        let ty = match g.var_type(p)? {
            VarType::Scalar(ty) => ty,
            VarType::Array(_) => return Err(g.internal(format!("the thunk parameter `{}` is an array", g.raw(p)))),
        };
        let c = g.fresh(g.raw(p));
        decls.push(format!("{} {c}", c_type(ty)));
        g.names.insert(p, c);
        c_params.push(CParam::Arg { var: p, ty });
    }
    let uses = FreeUses::of(body, params);
    for &v in &uses.order {
        match g.var_type(v)? {
            VarType::Scalar(ty) => {
                let c = g.fresh(g.raw(v));
                decls.push(format!("{} {c}", c_type(ty)));
                g.names.insert(v, c);
                c_params.push(CParam::Scalar { var: v, ty });
            }
            VarType::Array(elem) => {
                if uses.data.contains(&v) {
                    let c = g.fresh(g.raw(v));
                    let c_elem =
                        if counters.contains(&v) || g.kernel.var(v).is_narrow { "int" } else { c_elem_type(elem) };
                    decls.push(format!("__global const {c_elem}* {c}"));
                    g.names.insert(v, c);
                    c_params.push(CParam::Array { var: v, elem });
                }
                if uses.length.contains(&v) {
                    let base = g.names.get(&v).map_or_else(|| c_identifier(g.raw(v)), String::clone);
                    let c = g.fresh(&format!("{base}_len"));
                    decls.push(format!("long {c}"));
                    g.lengths.insert(v, c);
                    c_params.push(CParam::Length { var: v });
                }
            }
        }
    }
    if preorder(body).iter().any(|e| matches!(e, GExpr::Assert { .. })) {
        if deferred {
            decls.push("long* fault".to_string());
            c_params.push(CParam::Fault);
        } else {
            decls.push("__global long* err".to_string());
            c_params.push(CParam::ErrorFlag);
        }
    }
    for (out, &ty) in outs.iter().zip(&results) {
        decls.push(format!("{}* {out}", c_type(ty)));
    }
    g.on_fail = match &results[..] {
        [] => vec!["return;".to_string()],
        [ty] => vec![format!("return {};", c_zero(*ty))],
        _ => {
            let mut lines: Vec<String> =
                outs.iter().zip(&results).map(|(out, &ty)| format!("*{out} = {};", c_zero(ty))).collect();
            lines.push("return;".to_string());
            lines
        }
    };

    let mut values = g.values(body)?;
    if let Some(ok) = g.ok.clone() {
        // Note [speculated checks]: zeros where an assertion failed.
        for (value, &ty) in values.iter_mut().zip(&results) {
            *value = conditional(&CExpr::primary(ok.clone()), value, &CExpr::primary(c_zero(ty)));
        }
    }
    match &values[..] {
        [] => {}
        [value] => g.line(format!("return {};", value.text)),
        _ => {
            for (out, value) in outs.iter().zip(&values) {
                g.line(format!("*{out} = {};", value.text));
            }
        }
    }
    let return_type = match &results[..] {
        [ty] => c_type(*ty),
        _ => "void",
    };
    let mut source = format!("static inline {return_type} {name}({}) {{\n", decls.join(", "));
    for line in &g.lines {
        source.push_str(line);
        source.push('\n');
    }
    source.push_str("}\n");
    let int_arith = preorder(body)
        .iter()
        .any(|e| matches!(e, GExpr::Binary { op: BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem, ty: Scalar::Int, .. }));
    Ok(CFunction { name: name.to_string(), source, params: c_params, results, int_arith })
}

// Note [speculated checks]
// ~~~~~~~~~~~~~~~~~~~~~~~~~
// A deferred function (note [deferred faults] in `codegen::seg_reduce`)
// that returned zeros from the middle of its body still branched around
// the read its check guarded, and with no store left on either path the
// compiler sank the caller's loads of a batch into those branches (so
// clang 15's PTX of SpMV's kernels: each element's loads after the check
// of the element before, `x * v[i]` behind `0 ≤ i < #v`). Where no
// assertion lies in a branch of an `if` (each is then a statement of the
// function's top level) and the body has no loop (nothing can run long
// with a bad value), the function runs straight through instead: each
// assertion computes `ok_k = ok_{k-1} && cond` and, where it fails
// first, keeps its site and payload in the record (selects, no branch);
// every array read after the first assertion reads index `ok ? i : 0`
// (element 0 of an array always exists: the runtime allocates at least
// one), and the results are `ok ? value : zero`. The values and the
// record are those of the branching form: the reads and the arithmetic
// after a failed check compute garbage from element 0 that the final
// select discards (integer division and conversions cannot trap, and a
// `segment_of` search stays within its offsets). In clang's PTX the
// batch's loads then come first, all together.

/// Whether a deferred function of `body` can run straight through (note
/// [speculated checks]): no assertion inside a branch of an `if` (every
/// other one is a statement of the function's top level), and no loop
/// (nor a number parse, which loops).
fn speculable(body: &GExpr) -> bool {
    let all = preorder(body);
    if all.iter().any(|e| matches!(e, GExpr::Loop { .. } | GExpr::ParseNumber { .. })) {
        return false;
    }
    !all.iter().any(|e| match e {
        GExpr::If { then_branch, else_branch, .. } => {
            [then_branch, else_branch].iter().any(|b| preorder(b).iter().any(|x| matches!(x, GExpr::Assert { .. })))
        }
        _ => false,
    })
}

/// The direct subexpressions of `e`, in evaluation order (as
/// `GExpr::for_each_child` visits them).
fn children(e: &GExpr) -> Vec<&GExpr> {
    match e {
        GExpr::Var(_) | GExpr::Const(_) | GExpr::Length(_) => vec![],
        GExpr::Read { index, .. } | GExpr::SegmentOf { index, .. } => vec![index],
        GExpr::ParseNumber { start, length, .. } => vec![start, length],
        GExpr::Unary { arg, .. } => vec![arg],
        GExpr::Binary { lhs, rhs, .. } => vec![lhs, rhs],
        GExpr::If { cond, then_branch, else_branch } => vec![cond, then_branch, else_branch],
        GExpr::Let { value, body, .. } => vec![value, body],
        GExpr::Tuple(items) => items.iter().collect(),
        GExpr::Assert { cond, payload, body, .. } => {
            let mut all = vec![&**cond];
            all.extend(payload);
            all.push(body);
            all
        }
        GExpr::Loop { init, cond, step, result, .. } => {
            let mut all: Vec<&GExpr> = init.iter().collect();
            all.extend([&**cond, &**step, &**result]);
            all
        }
    }
}

/// Every subexpression of `expr`, parents before children, without
/// recursion.
fn preorder(expr: &GExpr) -> Vec<&GExpr> {
    let mut order = Vec::new();
    let mut stack = vec![expr];
    while let Some(e) = stack.pop() {
        order.push(e);
        stack.extend(children(e).into_iter().rev());
    }
    order
}

/// How deep translating `expr` recurses: `let` and `assert` bodies continue
/// their parent's level (they are translated in a loop).
fn nesting(expr: &GExpr) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(expr, 1)];
    while let Some((e, depth)) = stack.pop() {
        deepest = deepest.max(depth);
        match e {
            GExpr::Let { value, body, .. } => {
                stack.push((value, depth + 1));
                stack.push((body, depth));
            }
            GExpr::Assert { cond, payload, body, .. } => {
                stack.push((cond, depth + 1));
                stack.extend(payload.iter().map(|p| (p, depth + 1)));
                stack.push((body, depth));
            }
            _ => stack.extend(children(e).into_iter().map(|c| (c, depth + 1))),
        }
    }
    deepest
}

/// The free variables of a body, in order of first use, with how arrays
/// are used.
#[derive(Default)]
struct FreeUses {
    order: Vec<KVar>,
    /// Arrays whose elements are read.
    data: HashSet<KVar>,
    /// Arrays whose length is needed.
    length: HashSet<KVar>,
}

impl FreeUses {
    /// In evaluation order: an index before the array it reads.
    fn of(body: &GExpr, params: &[KVar]) -> FreeUses {
        let mut bound: HashSet<KVar> = params.iter().copied().collect();
        let nodes = preorder(body);
        for e in &nodes {
            if let GExpr::Let { vars, .. } | GExpr::Loop { vars, .. } = e {
                bound.extend(vars.iter().copied());
            }
        }
        let mut uses = FreeUses::default();
        let mut seen = HashSet::new();
        // A reading node comes before its index in preorder; note the array
        // once the index's subtree is done, by walking with an explicit
        // stack of "note" markers.
        enum Work<'e> {
            Visit(&'e GExpr),
            Note(KVar),
        }
        let mut stack = vec![Work::Visit(body)];
        while let Some(work) = stack.pop() {
            let e = match work {
                Work::Note(v) => {
                    if !bound.contains(&v) && seen.insert(v) {
                        uses.order.push(v);
                    }
                    continue;
                }
                Work::Visit(e) => e,
            };
            match e {
                GExpr::Var(v) => stack.push(Work::Note(*v)),
                GExpr::Length(v) => {
                    uses.length.insert(*v);
                    stack.push(Work::Note(*v));
                }
                GExpr::Read { array, index } => {
                    uses.data.insert(*array);
                    stack.push(Work::Note(*array));
                    stack.push(Work::Visit(index));
                }
                GExpr::SegmentOf { offsets, index } => {
                    uses.data.insert(*offsets);
                    uses.length.insert(*offsets);
                    stack.push(Work::Note(*offsets));
                    stack.push(Work::Visit(index));
                }
                GExpr::ParseNumber { chars, start, length, .. } => {
                    uses.data.insert(*chars);
                    stack.push(Work::Note(*chars));
                    stack.push(Work::Visit(length));
                    stack.push(Work::Visit(start));
                }
                _ => {
                    stack.extend(children(e).into_iter().rev().map(Work::Visit));
                }
            }
        }
        uses
    }
}

// C operator precedence levels, smaller binds tighter.
const PRIMARY: u8 = 0;
const UNARY: u8 = 2;
const MULTIPLICATIVE: u8 = 3;
const ADDITIVE: u8 = 4;
const RELATIONAL: u8 = 6;
const EQUALITY: u8 = 7;
const BIT_AND: u8 = 8;
const BIT_XOR: u8 = 9;
const BIT_OR: u8 = 10;
const LOGICAL_AND: u8 = 11;
const LOGICAL_OR: u8 = 12;
const CONDITIONAL: u8 = 13;

/// A pure C expression with the precedence of its outermost operator.
#[derive(Clone, Debug)]
struct CExpr {
    text: String,
    prec: u8,
}

impl CExpr {
    fn new(text: impl Into<String>, prec: u8) -> CExpr {
        CExpr { text: text.into(), prec }
    }

    fn primary(text: impl Into<String>) -> CExpr {
        CExpr::new(text, PRIMARY)
    }

    /// The text, parenthesized unless it binds tighter than `limit`.
    fn tighter_than(&self, limit: u8) -> String {
        if self.prec < limit { self.text.clone() } else { format!("({})", self.text) }
    }

    /// The text as a call argument or an operand that needs no grouping.
    fn bare(&self) -> &str {
        &self.text
    }
}

fn call(function: &str, args: &[&CExpr]) -> CExpr {
    let args: Vec<&str> = args.iter().map(|a| a.bare()).collect();
    CExpr::primary(format!("{function}({})", args.join(", ")))
}

fn unary(op: &str, arg: &CExpr) -> CExpr {
    CExpr::new(format!("{op}{}", arg.tighter_than(UNARY)), UNARY)
}

/// `lhs op rhs` for a left-associative operator of precedence `prec`.
/// Operands of comparisons and bitwise operators are grouped whenever they
/// are not plain arithmetic, so that nothing reads ambiguously.
fn infix(lhs: &CExpr, op: &str, prec: u8, rhs: &CExpr) -> CExpr {
    let group = |e: &CExpr, is_rhs: bool| {
        let needs = e.prec > prec
            || (is_rhs && e.prec == prec)
            || (matches!(prec, RELATIONAL | EQUALITY) && (e.prec >= RELATIONAL || e.text.starts_with('!')))
            || (matches!(prec, BIT_AND | BIT_XOR | BIT_OR) && e.prec > UNARY && e.prec != prec)
            || (prec == LOGICAL_OR && e.prec == LOGICAL_AND);
        if needs { format!("({})", e.text) } else { e.text.clone() }
    };
    CExpr::new(format!("{} {op} {}", group(lhs, false), group(rhs, true)), prec)
}

struct Gen<'a> {
    program: &'a FlatProgram,
    kernel: &'a Kernel,
    /// The 32-bit int arrays (counters).
    counters: &'a [KVar],
    /// C names in use in the function.
    taken: HashSet<String>,
    /// The C name of each parameter, free variable and `let` in scope.
    names: HashMap<KVar, String>,
    /// The C name of the length of each free array whose length is used.
    lengths: HashMap<KVar, String>,
    /// The statements so far, indented.
    lines: Vec<String>,
    indent: usize,
    results: Vec<Scalar>,
    /// The statements after `nessie_fail`: return zeros.
    on_fail: Vec<String>,
    /// Failed assertions go to the private `fault` record, not the flag
    /// ([`thunk_function_deferred`]).
    deferred: bool,
    /// A deferred function whose assertions are all top-level statements
    /// and which has no loop: it runs straight through (note [speculated
    /// checks]).
    speculative: bool,
    /// In a speculative function, after its first assertion: the local
    /// that holds whether every assertion so far held.
    ok: Option<String>,
    /// `segment_of(offsets, i)` computed once at the function's top level,
    /// by (offsets, i) as C names: later searches of the same position
    /// reuse it (note [segment_of once]).
    segments: HashMap<(String, String), String>,
    /// Locals declared as copies of another local (`long i_2 = j;`), to
    /// the local they copy.
    aliases: HashMap<String, String>,
    /// Locals assigned after their declaration (a `loop`'s variables):
    /// never keys of `segments`.
    reassigned: HashSet<String>,
}

// Note [segment_of once]
// ~~~~~~~~~~~~~~~~~~~~~~~
// A lifted kernel reads its instances' data through `segment_of`, a binary
// search of the offsets, and flattening repeats it in every expression that
// needs the segment: quicksort's fused count of its three parts searched
// the same position six times per element, and its filters twice (the
// driver's compiler cannot merge the searches: they are loops over global
// memory). The first search of a position at the function's top level (in
// straight-line code, so it runs before everything after it) is kept in a
// local, and every later search of that position, at any depth, reads the
// local. A position is a local's name, through the copies `let` makes; a
// `loop`'s variables, which change, never are.

/// The deepest expression tree translated (see [`nesting`]); deeper trees
/// are refused rather than risking the stack.
const MAX_DEPTH: usize = 1_000;

impl<'a> Gen<'a> {
    fn internal(&self, what: impl Into<String>) -> CodegenError {
        CodegenError::Internal(format!("{} (in kernel `{}`)", what.into(), self.kernel.name))
    }

    fn unsupported(&self, what: impl Into<String>) -> CodegenError {
        CodegenError::Unsupported { kernel: self.kernel.name.clone(), what: what.into() }
    }

    fn raw(&self, v: KVar) -> &'a str {
        let kernel: &'a Kernel = self.kernel;
        kernel.vars.get(v.0 as usize).map_or("v", |info| info.name.as_str())
    }

    fn var_type(&self, v: KVar) -> Result<VarType, CodegenError> {
        match self.kernel.vars.get(v.0 as usize) {
            Some(info) => Ok(info.ty),
            None => Err(self.internal(format!("variable {} does not exist", v.0))),
        }
    }

    fn scalar_var(&self, v: KVar) -> Result<Scalar, CodegenError> {
        match self.var_type(v)? {
            VarType::Scalar(s) => Ok(s),
            VarType::Array(_) => Err(self.internal(format!("the array `{}` is used as a scalar", self.raw(v)))),
        }
    }

    fn array_var(&self, v: KVar) -> Result<Scalar, CodegenError> {
        match self.var_type(v)? {
            VarType::Array(s) => Ok(s),
            VarType::Scalar(_) => Err(self.internal(format!("the scalar `{}` is used as an array", self.raw(v)))),
        }
    }

    /// A fresh C name based on `base`.
    fn fresh(&mut self, base: &str) -> String {
        let base = c_identifier(base);
        let mut name = base.clone();
        let mut n = 1;
        while self.taken.contains(&name) {
            name = format!("{base}_{n}");
            n += 1;
        }
        self.taken.insert(name.clone());
        name
    }

    fn name(&self, v: KVar) -> Result<String, CodegenError> {
        match self.names.get(&v) {
            Some(name) => Ok(name.clone()),
            None => Err(self.internal(format!("`{}` is read outside the scope that binds it", self.raw(v)))),
        }
    }

    fn line(&mut self, text: impl AsRef<str>) {
        self.lines.push(format!("{}{}", "    ".repeat(self.indent), text.as_ref()));
    }

    // --- types ----------------------------------------------------------

    /// The types of the values of `expr` (one for a scalar expression).
    fn types(&self, mut expr: &GExpr) -> Result<Vec<Scalar>, CodegenError> {
        while let GExpr::Let { body, .. } | GExpr::Assert { body, .. } = expr {
            expr = body;
        }
        match expr {
            GExpr::Tuple(items) => items.iter().map(|item| self.scalar_type(item)).collect(),
            GExpr::If { then_branch, .. } => self.types(then_branch),
            GExpr::Let { body, .. } | GExpr::Assert { body, .. } => self.types(body),
            GExpr::Loop { result, .. } => self.types(result),
            _ => Ok(vec![self.scalar_type(expr)?]),
        }
    }

    fn scalar_type(&self, mut expr: &GExpr) -> Result<Scalar, CodegenError> {
        while let GExpr::Let { body, .. } | GExpr::Assert { body, .. } = expr {
            expr = body;
        }
        Ok(match expr {
            GExpr::Var(v) => self.scalar_var(*v)?,
            GExpr::Const(c) => c.scalar(),
            GExpr::Read { array, .. } => self.array_var(*array)?,
            GExpr::Length(_) | GExpr::SegmentOf { .. } => Scalar::Int,
            GExpr::ParseNumber { ty, flag, .. } => {
                if *flag {
                    Scalar::Bool
                } else {
                    *ty
                }
            }
            GExpr::Unary { op, ty, .. } => op.result(*ty),
            GExpr::Binary { op, ty, .. } => op.result(*ty),
            GExpr::If { then_branch, .. } => self.scalar_type(then_branch)?,
            GExpr::Let { body, .. } | GExpr::Assert { body, .. } => self.scalar_type(body)?,
            GExpr::Loop { result, .. } => self.scalar_type(result)?,
            GExpr::Tuple(items) => match &items[..] {
                [item] => self.scalar_type(item)?,
                _ => return Err(self.internal(format!("a tuple of {} values where one is expected", items.len()))),
            },
        })
    }

    // --- expressions -----------------------------------------------------

    /// The values of `expr` (a tuple or a scalar), as pure C expressions,
    /// after emitting the statements they need.
    fn values(&mut self, mut expr: &GExpr) -> Result<Vec<CExpr>, CodegenError> {
        loop {
            match expr {
                GExpr::Let { vars, value, .. } => self.bind(vars, value)?,
                GExpr::Assert { cond, site, payload, .. } => self.check(cond, *site, payload)?,
                _ => break,
            }
            let (GExpr::Let { body, .. } | GExpr::Assert { body, .. }) = expr else { break };
            expr = body;
        }
        match expr {
            GExpr::Tuple(items) => items.iter().map(|item| self.value(item)).collect(),
            GExpr::If { cond, then_branch, else_branch } => {
                let types = self.types(expr)?;
                let cond = self.value(cond)?;
                let (then_lines, then_values) = self.branch(then_branch)?;
                let (else_lines, else_values) = self.branch(else_branch)?;
                if let ([], [], [t], [e]) = (&then_lines[..], &else_lines[..], &then_values[..], &else_values[..]) {
                    return Ok(vec![conditional(&cond, t, e)]);
                }
                let temps: Vec<String> = types.iter().map(|_| self.fresh("t")).collect();
                for (temp, &ty) in temps.iter().zip(&types) {
                    self.line(format!("{} {temp};", c_type(ty)));
                }
                self.emit_if(&cond, then_lines, &then_values, else_lines, &else_values, &temps)?;
                Ok(temps.into_iter().map(CExpr::primary).collect())
            }
            GExpr::Loop { vars, init, cond, step, result } => {
                self.emit_loop(vars, init, cond, step)?;
                self.values(result)
            }
            _ => Ok(vec![self.value(expr)?]),
        }
    }

    /// A `loop`'s variables as locals, and
    /// `while (1) { if (!cond) break; next = step; vars = next; }`: the
    /// step's values are computed from the old values before any variable
    /// changes. The variables stay in scope for the loop's result.
    fn emit_loop(&mut self, vars: &[KVar], init: &[GExpr], cond: &GExpr, step: &GExpr) -> Result<(), CodegenError> {
        if init.len() != vars.len() {
            return Err(self.internal(format!("`loop` binds {} variables to {} values", vars.len(), init.len())));
        }
        let types = vars.iter().map(|&v| self.scalar_var(v)).collect::<Result<Vec<_>, _>>()?;
        let mut initial = Vec::with_capacity(init.len());
        for value in init {
            initial.push(self.value(value)?);
        }
        let mut names = Vec::with_capacity(vars.len());
        for ((&v, &ty), value) in vars.iter().zip(&types).zip(&initial) {
            let name = self.fresh(self.raw(v));
            self.line(format!("{} {name} = {};", c_type(ty), value.bare()));
            self.names.insert(v, name.clone());
            self.reassigned.insert(name.clone());
            names.push(name);
        }
        self.line("while (1) {");
        let scope = self.names.clone();
        self.indent += 1;
        let stop = self.negated(cond)?;
        self.line(format!("if ({}) break;", stop.bare()));
        let next = self.values(step)?;
        if next.len() != vars.len() {
            return Err(self.internal(format!(
                "a `loop` step yields {} values for {} variables",
                next.len(),
                vars.len()
            )));
        }
        let mut updates = Vec::new();
        for ((name, &ty), value) in names.iter().zip(&types).zip(&next) {
            if value.text != *name {
                let temp = self.fresh(&format!("{name}_next"));
                self.line(format!("{} {temp} = {};", c_type(ty), value.bare()));
                updates.push(format!("{name} = {temp};"));
            }
        }
        for update in updates {
            self.line(update);
        }
        self.indent -= 1;
        self.names = scope;
        self.line("}");
        Ok(())
    }

    /// Translates `expr` in a block of its own: its statements (indented
    /// one level deeper) and its values.
    fn branch(&mut self, expr: &GExpr) -> Result<(Vec<String>, Vec<CExpr>), CodegenError> {
        let outer = std::mem::take(&mut self.lines);
        let scope = self.names.clone();
        self.indent += 1;
        let values = self.values(expr);
        self.indent -= 1;
        self.names = scope;
        let lines = std::mem::replace(&mut self.lines, outer);
        Ok((lines, values?))
    }

    /// `if (cond) { then; targets = ...; } else { ...; }`.
    fn emit_if(
        &mut self,
        cond: &CExpr,
        then_lines: Vec<String>,
        then_values: &[CExpr],
        else_lines: Vec<String>,
        else_values: &[CExpr],
        targets: &[String],
    ) -> Result<(), CodegenError> {
        if then_values.len() != targets.len() || else_values.len() != targets.len() {
            return Err(self.internal(format!(
                "the branches of an `if` yield {} and {} values where {} are expected",
                then_values.len(),
                else_values.len(),
                targets.len()
            )));
        }
        self.line(format!("if ({}) {{", cond.bare()));
        self.lines.extend(then_lines);
        self.indent += 1;
        for (target, value) in targets.iter().zip(then_values) {
            self.line(format!("{target} = {};", value.bare()));
        }
        self.indent -= 1;
        self.line("} else {");
        self.lines.extend(else_lines);
        self.indent += 1;
        for (target, value) in targets.iter().zip(else_values) {
            self.line(format!("{target} = {};", value.bare()));
        }
        self.indent -= 1;
        self.line("}");
        Ok(())
    }

    /// Binds the `let` variables `vars` to the values of `value`: one local
    /// each.
    fn bind(&mut self, vars: &[KVar], value: &GExpr) -> Result<(), CodegenError> {
        let types = vars.iter().map(|&v| self.scalar_var(v)).collect::<Result<Vec<_>, _>>()?;
        if let GExpr::If { cond, then_branch, else_branch } = value {
            // Assign the variables in the branches, unless both are plain
            // expressions of one value (then `c ? a : b`).
            let cond = self.value(cond)?;
            let (then_lines, then_values) = self.branch(then_branch)?;
            let (else_lines, else_values) = self.branch(else_branch)?;
            if let ([], [], [t], [e], [v]) =
                (&then_lines[..], &else_lines[..], &then_values[..], &else_values[..], vars)
            {
                let value = conditional(&cond, t, e);
                return self.declare(*v, types[0], &value);
            }
            let names: Vec<String> = vars.iter().map(|&v| self.fresh(self.raw(v))).collect();
            for (name, &ty) in names.iter().zip(&types) {
                self.line(format!("{} {name};", c_type(ty)));
            }
            self.emit_if(&cond, then_lines, &then_values, else_lines, &else_values, &names)?;
            for (&v, name) in vars.iter().zip(names) {
                self.names.insert(v, name);
            }
            return Ok(());
        }
        let values = self.values(value)?;
        if values.len() != vars.len() {
            return Err(self.internal(format!("`let` binds {} variables to {} values", vars.len(), values.len())));
        }
        for ((&v, &ty), value) in vars.iter().zip(&types).zip(&values) {
            self.declare(v, ty, value)?;
        }
        Ok(())
    }

    fn declare(&mut self, v: KVar, ty: Scalar, value: &CExpr) -> Result<(), CodegenError> {
        let name = self.fresh(self.raw(v));
        self.line(format!("{} {name} = {};", c_type(ty), value.bare()));
        if is_identifier(&value.text) && !self.reassigned.contains(&value.text) {
            let copied = self.aliases.get(&value.text).cloned().unwrap_or_else(|| value.text.clone());
            self.aliases.insert(name.clone(), copied);
        }
        self.names.insert(v, name);
        Ok(())
    }

    /// `nessie_segment_of(data, length, index)`, searched once per position
    /// (note [segment_of once]).
    fn segment_of(&mut self, data: String, length: String, index: CExpr) -> CExpr {
        let search = call("nessie_segment_of", &[&CExpr::primary(data.clone()), &CExpr::primary(length), &index]);
        if !is_identifier(&index.text) || self.reassigned.contains(&index.text) {
            return search;
        }
        let position = self.aliases.get(&index.text).cloned().unwrap_or_else(|| index.text.clone());
        let key = (data, position);
        if let Some(local) = self.segments.get(&key) {
            return CExpr::primary(local.clone());
        }
        if self.indent != 1 {
            return search;
        }
        let local = self.fresh("segment");
        self.line(format!("long {local} = {};", search.bare()));
        self.segments.insert(key, local.clone());
        CExpr::primary(local)
    }

    /// `if (!cond) { nessie_fail(...); return zeros; }`
    fn check(&mut self, cond: &GExpr, site: FaultId, payload: &[GExpr]) -> Result<(), CodegenError> {
        if site.0 as usize >= self.program.fault_sites.len() {
            return Err(self.internal(format!("the fault site @{} does not exist", site.0)));
        }
        if self.speculative {
            return self.speculated_check(cond, site, payload);
        }
        let negated = self.negated(cond)?;
        self.line(format!("if ({}) {{", negated.bare()));
        let scope = self.names.clone();
        self.indent += 1;
        let words = self.fault_words(payload)?;
        if self.deferred {
            self.line(format!(
                "if (fault[0] == 0) {{ fault[0] = {}; fault[1] = {}; fault[2] = {}; }}",
                site.0 + 1,
                words[0],
                words[1]
            ));
        } else {
            self.line(format!("nessie_fail(err, {FAULT_CODE}, {}, {}, {});", site.0, words[0], words[1]));
        }
        for line in self.on_fail.clone() {
            self.line(line);
        }
        self.indent -= 1;
        self.names = scope;
        self.line("}");
        Ok(())
    }

    /// A fault's two payload words, as `long`s (floats by their bits),
    /// `0` for those it lacks.
    fn fault_words(&mut self, payload: &[GExpr]) -> Result<Vec<String>, CodegenError> {
        let mut words = Vec::new();
        for value in payload.iter().take(2) {
            let ty = self.scalar_type(value)?;
            let value = self.value(value)?;
            words.push(match ty {
                Scalar::Int => value.text,
                Scalar::Float => call("as_long", &[&value]).text,
                Scalar::Bool | Scalar::Char => unary("(long)", &value).text,
            });
        }
        words.resize(2, "0".to_string());
        Ok(words)
    }

    /// An assertion of a speculative function (note [speculated checks]):
    /// `ok_k = ok_{k-1} && cond`, and the record kept where it failed
    /// first.
    fn speculated_check(&mut self, cond: &GExpr, site: FaultId, payload: &[GExpr]) -> Result<(), CodegenError> {
        if self.scalar_type(cond)? != Scalar::Bool {
            return Err(self.internal("an `assert` condition that is not a bool"));
        }
        let holds = self.value(cond)?;
        let words = self.fault_words(payload)?;
        let ok = self.fresh("ok");
        match self.ok.clone() {
            Some(before) => self.line(format!("const int {ok} = {before} && ({});", holds.bare())),
            None => self.line(format!("const int {ok} = {};", holds.bare())),
        }
        // Selects, not a branch: a branch on the check would wait for the
        // loads it reads before the next element's start.
        let first = self.fresh("first");
        self.line(format!("const int {first} = !{ok} && fault[0] == 0;"));
        self.line(format!("fault[0] = {first} ? {} : fault[0];", site.0 + 1));
        self.line(format!("fault[1] = {first} ? {} : fault[1];", words[0]));
        self.line(format!("fault[2] = {first} ? {} : fault[2];", words[1]));
        self.ok = Some(ok);
        Ok(())
    }

    /// The value of `not cond`, written readably: a comparison of
    /// non-floats with the opposite operator (not for floats: `!(x < y)`
    /// holds for NaN, `x >= y` does not), `and`/`or` by De Morgan (the
    /// operands are pure, so `&&` and `||` evaluate the same way).
    fn negated(&mut self, cond: &GExpr) -> Result<CExpr, CodegenError> {
        use BinaryOp::*;
        match cond {
            GExpr::Binary { op: op @ (Eq | Ne | Lt | Le | Gt | Ge), ty, lhs, rhs }
                if *ty != Scalar::Float && self.scalar_type(lhs)? == *ty && self.scalar_type(rhs)? == *ty =>
            {
                let (lhs, rhs) = (self.value(lhs)?, self.value(rhs)?);
                let opposite = match op {
                    Eq => Ne,
                    Ne => Eq,
                    Lt => Ge,
                    Le => Gt,
                    Gt => Le,
                    _ => Lt,
                };
                self.binary_op(opposite, *ty, &lhs, &rhs)
            }
            GExpr::Binary { op: op @ (And | Or), ty: Scalar::Bool, lhs, rhs }
                if self.scalar_type(lhs)? == Scalar::Bool && self.scalar_type(rhs)? == Scalar::Bool =>
            {
                let (lhs, rhs) = (self.negated(lhs)?, self.negated(rhs)?);
                Ok(if *op == And { infix(&lhs, "||", LOGICAL_OR, &rhs) } else { infix(&lhs, "&&", LOGICAL_AND, &rhs) })
            }
            GExpr::Unary { op: UnaryOp::Not, ty: Scalar::Bool, arg } if self.scalar_type(arg)? == Scalar::Bool => {
                self.value(arg)
            }
            _ => {
                if self.scalar_type(cond)? != Scalar::Bool {
                    return Err(self.internal("an `assert` condition that is not a bool"));
                }
                let value = self.value(cond)?;
                Ok(unary("!", &value))
            }
        }
    }

    /// The value of a scalar expression.
    fn value(&mut self, expr: &GExpr) -> Result<CExpr, CodegenError> {
        match expr {
            GExpr::Var(v) => {
                self.scalar_var(*v)?;
                Ok(CExpr::primary(self.name(*v)?))
            }
            GExpr::Const(c) => {
                let text = c_const(*c);
                let prec = if text.starts_with('-') { UNARY } else { PRIMARY };
                Ok(CExpr::new(text, prec))
            }
            GExpr::Read { array, index } => {
                let elem = self.array_var(*array)?;
                let index = self.value(index)?;
                let read = match &self.ok {
                    // Note [speculated checks]: element 0 after a failed check.
                    Some(ok) => CExpr::primary(format!("{}[{ok} ? {} : 0]", self.name(*array)?, index.bare())),
                    None => CExpr::primary(format!("{}[{}]", self.name(*array)?, index.bare())),
                };
                // A `uchar` element becomes the `int` of private code, so
                // that overloads such as `min` see one type.
                Ok(match elem {
                    Scalar::Bool | Scalar::Char => unary("(int)", &read),
                    // A counter's `int` becomes the `long` of private code.
                    Scalar::Int if self.counters.contains(array) => unary("(long)", &read),
                    Scalar::Int | Scalar::Float => read,
                })
            }
            GExpr::Length(array) => {
                self.array_var(*array)?;
                match self.lengths.get(array) {
                    Some(name) => Ok(CExpr::primary(name.clone())),
                    None => Err(self.internal(format!("the length of `{}` is not a parameter", self.raw(*array)))),
                }
            }
            GExpr::SegmentOf { offsets, index } => {
                if self.array_var(*offsets)? != Scalar::Int {
                    return Err(self.internal(format!("the offsets `{}` are not ints", self.raw(*offsets))));
                }
                let index = self.value(index)?;
                let data = self.name(*offsets)?;
                let Some(length) = self.lengths.get(offsets).cloned() else {
                    return Err(self.internal(format!("the length of `{}` is not a parameter", self.raw(*offsets))));
                };
                Ok(self.segment_of(data, length, index))
            }
            GExpr::ParseNumber { ty, flag, chars, start, length } => {
                if self.array_var(*chars)? != Scalar::Char {
                    return Err(self.internal(format!("a parse of `{}`, not of chars", self.raw(*chars))));
                }
                let (start, length) = (self.value(start)?, self.value(length)?);
                let chars = CExpr::primary(self.name(*chars)?);
                let function = match (ty, flag) {
                    (Scalar::Int, false) => "nessie_parse_int_value",
                    (Scalar::Int, true) => "nessie_parse_int_ok",
                    (Scalar::Float, false) => "nessie_parse_float_value",
                    (Scalar::Float, true) => "nessie_parse_float_ok",
                    _ => return Err(self.internal(format!("a parse of a {ty}"))),
                };
                Ok(call(function, &[&chars, &start, &length]))
            }
            GExpr::Unary { op, ty, arg } => {
                let arg_ty = self.scalar_type(arg)?;
                if arg_ty != *ty {
                    return Err(self.internal(format!("`{}` of type {ty} applied to a {arg_ty}", op.name())));
                }
                let arg = self.value(arg)?;
                self.unary_op(*op, *ty, &arg)
            }
            GExpr::Binary { op, ty, lhs, rhs } => {
                let (lhs_ty, rhs_ty) = (self.scalar_type(lhs)?, self.scalar_type(rhs)?);
                if lhs_ty != *ty || rhs_ty != *ty {
                    return Err(
                        self.internal(format!("`{}` of type {ty} applied to {lhs_ty} and {rhs_ty}", op.symbol()))
                    );
                }
                let lhs = self.value(lhs)?;
                if let (BinaryOp::Div, Scalar::Float) = (op, ty)
                    && let Some(args) = constant_float(rhs).and_then(FdivByConstant::new)
                {
                    return Ok(args.call(&lhs));
                }
                let rhs = self.value(rhs)?;
                self.binary_op(*op, *ty, &lhs, &rhs)
            }
            GExpr::If { .. } | GExpr::Let { .. } | GExpr::Assert { .. } | GExpr::Loop { .. } => {
                match &self.values(expr)?[..] {
                    [value] => Ok(value.clone()),
                    values => Err(self.internal(format!("{} values where one is expected", values.len()))),
                }
            }
            GExpr::Tuple(items) => match &items[..] {
                [item] => self.value(item),
                _ => Err(self.internal(format!("a tuple of {} values where one is expected", items.len()))),
            },
        }
    }

    fn unary_op(&self, op: UnaryOp, ty: Scalar, arg: &CExpr) -> Result<CExpr, CodegenError> {
        use Scalar::{Bool, Char, Float, Int};
        use UnaryOp::*;
        let libm = |name: &str| Ok(call(name, &[arg]));
        match (op, ty) {
            (Neg, Int) => Ok(call("nessie_neg", &[arg])),
            (Neg, Float) => Ok(unary("-", arg)),
            (Not, Int) => Ok(unary("~", arg)),
            (Not, Bool) => Ok(unary("!", arg)),
            (Abs, Int) => Ok(call("nessie_abs", &[arg])),
            (Abs, Float) => libm("fabs"),
            (Sqrt, Float) => libm("sqrt"),
            (Exp, Float) => libm("exp"),
            (Ln, Float) => libm("log"),
            (Sin, Float) => libm("sin"),
            (Cos, Float) => libm("cos"),
            (Tan, Float) => libm("tan"),
            (Asin, Float) => libm("asin"),
            (Acos, Float) => libm("acos"),
            (Atan, Float) => libm("atan"),
            (Sinh, Float) => libm("sinh"),
            (Cosh, Float) => libm("cosh"),
            (Tanh, Float) => libm("tanh"),
            (ToFloat, Int) => Ok(unary("(double)", arg)),
            (Floor, Float) => Ok(call("convert_long_sat", &[&call("floor", &[arg])])),
            (Ceil, Float) => Ok(call("convert_long_sat", &[&call("ceil", &[arg])])),
            (Trunc, Float) => Ok(call("convert_long_sat", &[&call("trunc", &[arg])])),
            (Round, Float) => Ok(call("convert_long_sat", &[&call("nessie_round", &[arg])])),
            (Isqrt, Int) => Ok(call("nessie_isqrt", &[arg])),
            (BoolToInt, Bool) | (CharToInt, Char) => Ok(unary("(long)", arg)),
            (IntToChar, Int) => {
                Ok(CExpr::new(format!("(int)({})", infix(arg, "&", BIT_AND, &CExpr::primary("255")).text), UNARY))
            }
            (FloatBits, Float) => Ok(call("as_long", &[arg])),
            (FloatShortest, Float) => Ok(call("nessie_float_shortest", &[arg])),
            _ => Err(self.internal(format!("`{}` applied to a {ty} operand", op.name()))),
        }
    }

    fn binary_op(&self, op: BinaryOp, ty: Scalar, lhs: &CExpr, rhs: &CExpr) -> Result<CExpr, CodegenError> {
        use BinaryOp::*;
        use Scalar::{Bool, Float, Int};
        let helper = |name: &str| Ok(call(name, &[lhs, rhs]));
        let op_c = |symbol: &str, prec: u8| Ok(infix(lhs, symbol, prec, rhs));
        // An ordinal compared with itself (fusion substitutes both lengths
        // of a length check by one read) is a constant: C compilers warn
        // about the comparison. Floats keep it (`x != x` tests for NaN).
        if ty != Float && lhs.text == rhs.text && matches!(op, Eq | Ne | Lt | Le | Gt | Ge) {
            return Ok(CExpr::primary(if matches!(op, Eq | Le | Ge) { "1" } else { "0" }));
        }
        match (op, ty) {
            (Add, Int) => helper("nessie_add"),
            (Sub, Int) => helper("nessie_sub"),
            (Mul, Int) => helper("nessie_mul"),
            (Div, Int) => helper("nessie_div"),
            (Rem, Int) => helper("nessie_rem"),
            (Add, Float) => op_c("+", ADDITIVE),
            (Sub, Float) => op_c("-", ADDITIVE),
            (Mul, Float) => op_c("*", MULTIPLICATIVE),
            (Div, Float) => op_c("/", MULTIPLICATIVE),
            (Min, Float) => helper("nessie_fmin"),
            (Max, Float) => helper("nessie_fmax"),
            (Min, _) => helper("min"),
            (Max, _) => helper("max"),
            (Eq, _) => op_c("==", EQUALITY),
            (Ne, _) => op_c("!=", EQUALITY),
            (Lt, _) => op_c("<", RELATIONAL),
            (Le, _) => op_c("<=", RELATIONAL),
            (Gt, _) => op_c(">", RELATIONAL),
            (Ge, _) => op_c(">=", RELATIONAL),
            (And, Int) => op_c("&", BIT_AND),
            (Or, Int) => op_c("|", BIT_OR),
            (Xor, Int) => op_c("^", BIT_XOR),
            (And, Bool) => op_c("&&", LOGICAL_AND),
            (Or, Bool) => op_c("||", LOGICAL_OR),
            (Xor, Bool) => op_c("!=", EQUALITY),
            (Shl, Int) => helper("nessie_shl"),
            (Shr, Int) => helper("nessie_shr"),
            (Pow, Float) => helper("pow"),
            (FloatTextLength, Int) => helper("nessie_float_text_length"),
            (FloatTextChar, Int) => helper("nessie_float_text_char"),
            (ExpDigits, Int) => helper("nessie_exp_digits"),
            (ExpTextLength, Int) => helper("nessie_exp_text_length"),
            (ExpTextChar, Int) => helper("nessie_exp_text_char"),
            _ => Err(self.internal(format!("`{}` applied to {ty} operands", op.symbol()))),
        }
    }
}

// Note [division by a constant]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// A float division is correctly rounded in OpenCL C as on the host, and
// NVIDIA's costs a reciprocal approximation, Newton steps and a check for
// the cases they miss: in black-scholes' pricing, three divisions by
// 1000003.0 cost 12 % of the kernel (on the H200, the hand-fused CUDA
// kernel at 0.683 ms, with those divisions as multiplications by the
// reciprocal, which rounds differently, 0.603). Where the divisor is a
// constant `d` (a literal, or literals combined by `float`, negation and
// the four operations, folded as the device folds them: `constant_float`;
// finite, |d| in [2^-100, 2^100], not a power of two, whose division the
// C compiler already makes a multiplication), the rewrite
// `fdiv-by-constant` calls a helper of the prelude that returns the same
// double as `x / d` for every `x`: `nessie_fdiv_short` for a short `d`
// (below), else `nessie_fdiv_const`, one multiplication and three FMAs
// where `|x|` is in range and a test that proves the result:
// - `q0 = x·y` with `y = RN(1/d)` is within two ulps of `x/d`, and one
//   Newton step `q = RN(q0 + RN(x - d·q0)·y)` brings it near `x/d`.
// - `r = fma(-q, d, x)` is `x - d·q` exactly wherever the test below
//   passes: `x` and `d·q` are multiples of `g = ulp(d)·ulp(q)`, and a
//   residual below `|d|·ulp(q)/2 < 2^53·g` fits 53 bits (and a rounded one
//   is at least `2^53·g`, so it fails the test).
// - `q` is `RN(x/d)` when `|x/d - q|` is below half the spacing of the
//   floats on either side of `q` (the smaller one, below a power of two:
//   the exponent of the float before `|q|`): that is `|r| < h`,
//   `h = |d|·2^(e-53)` built from the bits (`hd = |d|·2^-53` plus the
//   exponent). A quotient of two doubles is never a midpoint, so the strict
//   test loses nothing but the rare quotients too near one, which take
//   `x / d`, as do 0 (whose sign the FMAs would lose), NaN and the
//   infinities.
// - Every step stays normal and finite for `|x|` above `max(1, |d|)·2^-900`
//   and below `min(2^1000, |d|·2^900)` (`lo`, `span` as bit patterns: one
//   unsigned comparison), the quotient between `2^-900` and `2^900`.
// Checked against `x / d` bit for bit over 424M inputs (random bits,
// integers, scaled integers and doubles of every exponent in range; 215
// divisors): no difference, and outside zero no input of a range took the
// division. The tests named `division_by_a_constant` repeat that, on the
// device too.
//
// What that gains is small. On the H200 in one call (black-scholes 2^25,
// `primitives.py`, this binary and the one before alternating, two rounds,
// ms of the pricing kernel a run): 0.672 / 0.672 against 0.679 / 0.677;
// the hand-fused CUDA kernel 0.687 / 0.675 and 0.675 / 0.679. NVIDIA's
// division by a constant is a reciprocal (`MUFU.RCP64H`), five FMAs, a
// multiplication, two FMAs and a range check; this is a multiplication,
// three FMAs and integer tests, and both branch to a slow path. The same
// helper in the CUDA kernel did not gain (0.691 / 0.690 ms against
// 0.685 / 0.692), and its Newton step alone without the test, branch-free
// but not proven, took 0.640 / 0.651: the test and its branch cost about
// what they save.
//
// A short divisor needs no test. Where `d = D·2^b` with `D` odd and below
// `2^50` (the low three bits of its significand zero: 1000003.0, 3.0,
// -7.5, but not 0.1), `nessie_fdiv_short` returns two Newton steps from
// `x·y`, which are `RN(x/d)` for every `|x|` in `[2^-800, 2^800)`:
// - No quotient comes near a midpoint. With `x = X·2^a`, `X` odd and
//   below `2^53`, `x/d = (X/D)·2^(a-b)` lies in a binade `[2^e, 2^(e+1))`
//   with `e < a - b + 53`, whose midpoints are the odd multiples `m` of
//   `2^(e-53)`; `x/d - m = (X·2^(a-b-e+53) - M·D)·2^(e-53)/D` with `M` odd,
//   an even integer less an odd one, so `|x/d - m| >= 2^(e-53)/D >
//   2^(e-103)`.
// - `q0 = RN(x·y)` is within 1.5 ulp of `x/d`; the first step's real value
//   `q0 + RN(x - d·q0)·y` is within `3·2^-53` ulp of it, so `q1` is
//   faithful; then `r1 = x - d·q1` is exact (a multiple of `ulp(d)·ulp(q1)`
//   below `2^53` of them), and `q1 + r1·y` differs from `x/d` by
//   `|r1|·|y - 1/d| <= |d|·ulp(q1)·2^-53/|d| <= 2^(e-104)`, less than the
//   distance to any midpoint: its rounding is `x/d`'s.
// - For `|x|` in range and `|d|` in `[2^-100, 2^100]` every value is normal
//   and finite; 0, subnormals, huge values, NaN and the infinities take the
//   division (one comparison of the high word, rarely true).
// Checked bit for bit over 227M inputs in range (random bits, integers,
// scaled integers, doubles of every exponent; 60 short divisors) and every
// quotient of black-scholes' (25, 99 or 9.75 times an integer below
// 1000003 in magnitude, by 1000003.0): no difference. On the H200 in one
// call (two rounds, each binary in turn, ms of the pricing kernel a run):
// 0.636 / 0.636 against 0.673 / 0.672 with `nessie_fdiv_const` and 0.678 /
// 0.678 with plain divisions; the hand-fused CUDA kernel 0.674 to 0.698
// (1.061× / 1.080×). The gain is the rewrite's, not OpenCL's: the same
// helper in the CUDA kernel took 0.641 / 0.641 ms against its 0.676 /
// 0.675, with the same bits.

/// The value of a float expression of constants alone: a literal,
/// `float` of an int literal, and negation, `+`, `-`, `*` and `/` of such
/// expressions, computed as the device computes them (IEEE doubles, each
/// operation rounded, no contraction: the C compiler folds them to the
/// same double). `None` for anything else.
fn constant_float(e: &GExpr) -> Option<f64> {
    match e {
        GExpr::Const(Const::Float(x)) => Some(*x),
        GExpr::Unary { op: UnaryOp::ToFloat, arg, .. } => match **arg {
            GExpr::Const(Const::Int(k)) => Some(k as f64),
            _ => None,
        },
        GExpr::Unary { op: UnaryOp::Neg, ty: Scalar::Float, arg } => constant_float(arg).map(|x| -x),
        GExpr::Binary { op, ty: Scalar::Float, lhs, rhs } => {
            let (a, b) = (constant_float(lhs)?, constant_float(rhs)?);
            match op {
                BinaryOp::Add => Some(a + b),
                BinaryOp::Sub => Some(a - b),
                BinaryOp::Mul => Some(a * b),
                BinaryOp::Div => Some(a / b),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The constant arguments of `nessie_fdiv_short` or `nessie_fdiv_const`
/// for a divisor `d`, where note [division by a constant] applies to it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FdivByConstant {
    d: f64,
    /// `RN(1/d)`.
    y: f64,
    /// `nessie_fdiv_const`'s range and test; none for a short divisor
    /// (odd significand below `2^50`: `nessie_fdiv_short`).
    test: Option<ResidualTest>,
}

/// The constants of `nessie_fdiv_const`'s range and residual test.
#[derive(Clone, Copy, Debug, PartialEq)]
struct ResidualTest {
    /// The bits of the least `|x|` excluded below the range.
    lo: u64,
    /// The bits of the greatest `|x|` in range, less `lo`.
    span: u64,
    /// The bits of `|d|·2^-53`.
    hd: u64,
}

impl FdivByConstant {
    /// The arguments for dividing by `d`, or `None` where `d` is 0, not
    /// finite, a power of two or outside `[2^-100, 2^100]`.
    pub fn new(d: f64) -> Option<FdivByConstant> {
        let magnitude = d.abs();
        let mantissa = magnitude.to_bits() & ((1u64 << 52) - 1);
        let in_range = d.is_finite() && (2f64.powi(-100)..=2f64.powi(100)).contains(&magnitude);
        if !in_range || mantissa == 0 {
            return None;
        }
        let short = (mantissa | (1u64 << 52)).trailing_zeros() >= 3;
        // Powers of two scale exactly: every bound below is exact.
        let lo = 2f64.powi(-900) * magnitude.max(1.0);
        let hi = (2f64.powi(900) * magnitude).min(2f64.powi(1000));
        let test = (!short).then(|| ResidualTest {
            lo: lo.to_bits(),
            span: hi.to_bits() - lo.to_bits() - 1,
            hd: (magnitude * 2f64.powi(-53)).to_bits(),
        });
        Some(FdivByConstant { d, y: 1.0 / d, test })
    }

    /// Whether the divisor is short (`nessie_fdiv_short`, no test).
    pub fn is_short(&self) -> bool {
        self.test.is_none()
    }

    /// What the helper computes for `x`, in Rust (the tests' model of the
    /// C, step for step).
    pub fn apply(&self, x: f64) -> f64 {
        self.fast_path(x).unwrap_or(x / self.d)
    }

    /// Whether the helper returns `x / d` without dividing.
    pub fn takes_fast_path(&self, x: f64) -> bool {
        self.fast_path(x).is_some()
    }

    fn fast_path(&self, x: f64) -> Option<f64> {
        const MAGNITUDE: u64 = !(1u64 << 63);
        let Some(t) = self.test else {
            let high = (x.to_bits() >> 32) as u32 & 0x7FFF_FFFF;
            if high.wrapping_sub(0x0DF0_0000) >= 0x6400_0000 {
                return None;
            }
            let q0 = x * self.y;
            let q1 = (-q0).mul_add(self.d, x).mul_add(self.y, q0);
            return Some((-q1).mul_add(self.d, x).mul_add(self.y, q1));
        };
        if (x.to_bits() & MAGNITUDE).wrapping_sub(t.lo).wrapping_sub(1) >= t.span {
            return None;
        }
        let q0 = x * self.y;
        let q = (-q0).mul_add(self.d, x).mul_add(self.y, q0);
        let r = (-q).mul_add(self.d, x);
        let below = ((q.to_bits() & MAGNITUDE) - 1) & 0x7FF0_0000_0000_0000;
        (r.to_bits() & MAGNITUDE < t.hd + below - 0x3FF0_0000_0000_0000).then_some(q)
    }

    /// The call `nessie_fdiv_short(x, d, y)` or
    /// `nessie_fdiv_const(x, d, y, lo, span, hd)`.
    fn call(&self, x: &CExpr) -> CExpr {
        let [d, y] = [self.d, self.y].map(|v| CExpr::primary(c_const(Const::Float(v))));
        let Some(t) = self.test else { return call("nessie_fdiv_short", &[x, &d, &y]) };
        let [lo, span, hd] = [t.lo, t.span, t.hd].map(|v| CExpr::primary(format!("0x{v:016x}UL")));
        call("nessie_fdiv_const", &[x, &d, &y, &lo, &span, &hd])
    }
}

/// `c ? a : b`.
fn conditional(cond: &CExpr, then_value: &CExpr, else_value: &CExpr) -> CExpr {
    let cond = if cond.prec <= EQUALITY { cond.text.clone() } else { format!("({})", cond.text) };
    let then_text = then_value.tighter_than(CONDITIONAL);
    let else_text = else_value.tighter_than(CONDITIONAL);
    CExpr::new(format!("{cond} ? {then_text} : {else_text}"), CONDITIONAL)
}

/// Whether `text` is a C identifier (a local's or parameter's name).
fn is_identifier(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use std::ops::Range;

    use super::FdivByConstant;

    /// A xorshift generator of 64-bit words.
    fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    /// A dividend of kind `k % 4` from the random word `r`: any bits, an
    /// integer, 25 times an integer plus a half, or a double of any sign and
    /// mantissa whose biased exponent is in `exponents`.
    fn dividend(k: u64, r: u64, exponents: Range<u64>) -> f64 {
        match k % 4 {
            0 => f64::from_bits(r),
            1 => (r % 2_000_003) as f64 - 1_000_001.0,
            2 => 25.0 * (r % 1_000_003) as f64 + 0.5,
            _ => {
                let exponent = exponents.start + (r >> 52) % (exponents.end - exponents.start);
                f64::from_bits((r & 0x800f_ffff_ffff_ffff) | exponent << 52)
            }
        }
    }

    /// Checks the helper's result for `x` against the division.
    fn assert_divides(div: &FdivByConstant, d: f64, x: f64) {
        let (got, want) = (div.apply(x), x / d);
        assert!(
            got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
            "{x:?} / {d:?}: {got:?}, not {want:?}"
        );
    }

    /// The model of the helpers gives the division's bits for every input
    /// it was tried on (the device test runs the C itself).
    #[test]
    fn division_by_a_constant_model_is_the_division() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let mut divisors = vec![1_000_003.0, 3.0, 0.1, -7.5, 1e30, 1e-30, 0.2316419, 1.0 / 3.0, 1.5 * 2f64.powi(-100)];
        for _ in 0..40 {
            // Any sign and mantissa, an exponent in [-100, 100].
            let r = next();
            divisors.push(f64::from_bits((r & 0x800f_ffff_ffff_ffff) | (923 + (r >> 52) % 201) << 52));
        }
        let (mut fast, mut taken) = (0u64, 0u64);
        for d in divisors {
            let Some(div) = FdivByConstant::new(d) else { continue };
            taken += 1;
            for k in 0..50_000u64 {
                // Exponents of 2^-60 to 2^60.
                let x = dividend(k, next(), 963..1084);
                assert_divides(&div, d, x);
                fast += u64::from(div.takes_fast_path(x));
            }
        }
        // Every input of the last three kinds is in range and nonzero: the
        // fast path must take almost all of them (not just fall back).
        assert!(taken >= 45, "{taken} divisors taken");
        assert!(fast > taken * 50_000 * 3 / 4 * 99 / 100, "the fast path took {fast} inputs");
    }

    /// Short divisors (note [division by a constant]): no test, and still
    /// the division's bits, on random inputs of every kind and on every
    /// quotient of black-scholes' index formulas.
    #[test]
    fn division_by_a_short_constant_is_the_division() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut divisors = vec![1_000_003.0, 3.0, -7.5, 5.0, 1e6 + 1.0, 1e15];
        while divisors.len() < 40 {
            // An odd significand of 1 to 50 bits, an exponent in [-60, 60].
            let odd = (next() >> (14 + next() % 50)) | 1;
            let d = odd as f64 * 2f64.powi((next() % 121) as i32 - 60);
            divisors.push(if next() & 1 == 0 { d } else { -d });
        }
        let mut taken = 0;
        for d in divisors {
            let Some(div) = FdivByConstant::new(d) else { continue };
            assert!(div.is_short(), "{d:?}");
            taken += 1;
            for k in 0..50_000u64 {
                // Exponents of 2^-700 to 2^700: the range's ends take the division.
                assert_divides(&div, d, dividend(k, next(), 323..1724));
            }
        }
        assert!(taken >= 35, "{taken} divisors taken");
        let div = FdivByConstant::new(1_000_003.0).unwrap();
        for m in [25.0, 99.0, 9.75] {
            for k in (-1_000_002i64..=1_000_002).step_by(7) {
                let x = m * k as f64;
                assert_divides(&div, 1_000_003.0, x);
                assert!(div.takes_fast_path(x) || k == 0);
            }
        }
        for d in [0.1, 0.2316419, 1.0 / 3.0] {
            assert!(!FdivByConstant::new(d).unwrap().is_short(), "{d:?}");
        }
    }

    #[test]
    fn division_by_a_constant_leaves_what_it_cannot_take() {
        for d in [0.0, -0.0, 2.0, -0.5, 1.0, f64::INFINITY, f64::NAN, 1e-31, 1e31, f64::MIN_POSITIVE] {
            assert!(FdivByConstant::new(d).is_none(), "{d:?}");
        }
    }
}
