//! The generated user functions on a real OpenCL device (PoCL on the CPU in
//! CI) against the flat-IR evaluator, the oracle: every operator on every
//! type it takes, over edge-case inputs (overflow, division and `rem` of
//! negative numbers, shifts out of range, NaN, ±inf, -0.0, huge floats,
//! chars 0 and 255), and the constructs around them (`let`, `if`, tuples,
//! `segment_of`, lengths, kernel scalars, `ONCE`), and faults: a failed
//! `assert` sets the error flag with its site and payload.
//!
//! Each case is a one-SOAC kernel (a `MAP` or a `ONCE`). Its thunk becomes a
//! function through `user_fun`, called by a small `__kernel` built from the
//! function's parameter list; the evaluator runs the same kernel.

mod support;

use std::rc::Rc;

use flatten::eval::{ArrayValue, EvalError, FlatValue, ScalarValue, run_kernel};
use flatten::ir::{
    BinaryOp, Block, Const, FaultId, FaultSite, FlatProgram, GExpr, HostFunction, KVar, Kernel, KernelId, Scalar, Soac,
    SoacBinding, Thunk, UnaryOp, VarType,
};
use nesl_frontend::{FileId, Span};
use opencl_backend::CodegenError;
use opencl_backend::user_fun::{
    CFunction, CParam, ERROR_FLAG_HELPERS, FAULT_CODE, c_elem_type, c_identifier, c_type, expr_function, prelude,
    thunk_function,
};
use runtime::cl::{Arg, DeviceBuffer, DeviceFault, Grid, Launch, Session};
use support::session;

// --- building kernels --------------------------------------------------------

/// Fault sites in every test program: `site k: {0} and {1}`.
const SITES: u32 = 64;

fn program_of(kernel: &Kernel) -> FlatProgram {
    FlatProgram {
        kernels: vec![kernel.clone()],
        functions: vec![],
        main: HostFunction { name: "main".into(), params: vec![], body: Block::default(), vars: vec![] },
        fault_sites: (0..SITES)
            .map(|k| FaultSite {
                message: format!("site {k}: {{0}} and {{1}}"),
                span: Span::new(FileId(0), 0, 0),
                label: "here".into(),
                note: None,
            })
            .collect(),
        datatypes: vec![],
    }
}

/// A kernel under construction: parameters with their values, then one SOAC.
struct Case {
    kernel: Kernel,
    args: Vec<FlatValue>,
}

impl Case {
    fn new() -> Case {
        Case {
            kernel: Kernel { name: "k".into(), params: vec![], body: vec![], results: vec![], vars: vec![] },
            args: vec![],
        }
    }

    fn param(&mut self, name: &str, value: FlatValue) -> KVar {
        let ty = match &value {
            FlatValue::Scalar(s) => VarType::Scalar(s.scalar()),
            FlatValue::Array(a) => VarType::Array(a.scalar()),
        };
        let v = self.kernel.new_var(name, ty);
        self.kernel.params.push(v);
        self.args.push(value);
        v
    }

    fn scalar(&mut self, name: &str, ty: Scalar) -> KVar {
        self.kernel.new_var(name, VarType::Scalar(ty))
    }

    /// `MAP { i => body(i) } (#size)` with results of `types`.
    fn map(mut self, size: KVar, types: &[Scalar], body: impl FnOnce(&mut Case, GExpr) -> GExpr) -> Case {
        let i = self.scalar("i", Scalar::Int);
        let body = body(&mut self, GExpr::Var(i));
        let results: Vec<KVar> = types
            .iter()
            .enumerate()
            .map(|(k, &ty)| self.kernel.new_var(format!("out{k}"), VarType::Array(ty)))
            .collect();
        self.kernel.body.push(SoacBinding {
            results: results.clone(),
            soac: Soac::Map { size: GExpr::Length(size), pull: Thunk { params: vec![i], body } },
        });
        self.kernel.results = results;
        self
    }

    /// `ONCE body` with results of `types`.
    fn once(mut self, types: &[Scalar], body: GExpr) -> Case {
        let results: Vec<KVar> = types
            .iter()
            .enumerate()
            .map(|(k, &ty)| self.kernel.new_var(format!("out{k}"), VarType::Scalar(ty)))
            .collect();
        self.kernel.body.push(SoacBinding { results: results.clone(), soac: Soac::Once { body } });
        self.kernel.results = results;
        self
    }
}

fn array(values: &[ScalarValue], ty: Scalar) -> FlatValue {
    let ints = || values.iter().map(|v| if let ScalarValue::Int(x) = v { *x } else { 0 }).collect();
    let floats = || values.iter().map(|v| if let ScalarValue::Float(x) = v { *x } else { 0.0 }).collect();
    let bytes = || {
        values
            .iter()
            .map(|v| match v {
                ScalarValue::Bool(b) => u8::from(*b),
                ScalarValue::Char(c) => *c,
                _ => 0,
            })
            .collect::<Vec<u8>>()
    };
    FlatValue::Array(match ty {
        Scalar::Int => ArrayValue::ints(ints()),
        Scalar::Float => ArrayValue::floats(floats()),
        Scalar::Bool => ArrayValue::bools(&bytes().iter().map(|&b| b != 0).collect::<Vec<_>>()),
        Scalar::Char => ArrayValue::chars(bytes()),
    })
}

// --- running -------------------------------------------------------------------

/// What a kernel computed: one column of values per result, or a fault
/// (its message filled in with the payload).
#[derive(Debug)]
enum Outcome {
    Values(Vec<Vec<ScalarValue>>),
    Fault(String),
}

fn evaluate(case: &Case) -> Outcome {
    let program = program_of(&case.kernel);
    match run_kernel(&program, KernelId(0), case.args.clone()) {
        Ok(values) => Outcome::Values(
            values
                .into_iter()
                .map(|v| match v {
                    FlatValue::Scalar(s) => vec![s],
                    FlatValue::Array(a) => (0..a.len()).filter_map(|i| a.get(i)).collect(),
                })
                .collect(),
        ),
        Err(EvalError::Fault(diagnostic)) => Outcome::Fault(diagnostic.message),
        Err(e) => panic!("the evaluator fails on the test kernel: {e}\n{:?}", case.kernel),
    }
}

/// The function for the kernel's SOAC, and the `__kernel` that applies it at
/// every index (`ONCE`: at one), with the whole program's source.
fn generate(case: &Case) -> Result<(CFunction, String), CodegenError> {
    let (function, source) = generate_named(case, "")?;
    Ok((function, format!("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n{}\n{source}", prelude())))
}

/// The function `f{suffix}` for the kernel's SOAC and the `__kernel`
/// `test{suffix}` that applies it.
fn generate_named(case: &Case, suffix: &str) -> Result<(CFunction, String), CodegenError> {
    let program = program_of(&case.kernel);
    let soac = &case.kernel.body[0].soac;
    let f = format!("f{suffix}");
    let (function, n) = match soac {
        Soac::Map { pull, .. } => (thunk_function(&program, &case.kernel, &f, pull)?, "n"),
        Soac::Once { body } => (expr_function(&program, &case.kernel, &f, body)?, "1"),
        other => panic!("no test harness for {}", other.name()),
    };
    let mut params = Vec::new();
    let mut call = Vec::new();
    for (j, p) in function.params.iter().enumerate() {
        match p {
            CParam::Arg { .. } => call.push("i".to_string()),
            CParam::Array { elem, .. } => {
                params.push(format!("__global const {}* p{j}", c_elem_type(*elem)));
                call.push(format!("p{j}"));
            }
            CParam::Length { .. } => {
                params.push(format!("long p{j}"));
                call.push(format!("p{j}"));
            }
            CParam::Scalar { ty, .. } => {
                params.push(format!("{} p{j}", c_type(*ty)));
                call.push(format!("p{j}"));
            }
            CParam::ErrorFlag => {
                params.push("__global long* err".to_string());
                call.push("err".to_string());
            }
        }
    }
    for (k, &ty) in function.results.iter().enumerate() {
        params.push(format!("__global {}* out{k}", c_elem_type(ty)));
    }
    params.push("long n".to_string());
    let index = if n == "1" { "0" } else { "i" };
    let mut body = String::new();
    match &function.results[..] {
        [] => body.push_str(&format!("    {f}({});\n", call.join(", "))),
        [_] => body.push_str(&format!("    out0[{index}] = {f}({});\n", call.join(", "))),
        results => {
            for (k, &ty) in results.iter().enumerate() {
                body.push_str(&format!("    {} v{k};\n", c_type(ty)));
                call.push(format!("&v{k}"));
            }
            body.push_str(&format!("    {f}({});\n", call.join(", ")));
            for k in 0..results.len() {
                body.push_str(&format!("    out{k}[{index}] = v{k};\n"));
            }
        }
    }
    let source = format!(
        "{}\n__kernel void test{suffix}({}) {{\n    long i = get_global_id(0);\n    if (i >= {n}) return;\n{body}}}\n",
        function.source,
        params.join(", "),
    );
    Ok((function, source))
}

/// A device buffer of any element type.
enum Buffer {
    Long(DeviceBuffer<i64>),
    Double(DeviceBuffer<f64>),
    Byte(DeviceBuffer<u8>),
}

impl Buffer {
    fn arg(&self) -> Arg<'_> {
        match self {
            Buffer::Long(b) => Arg::from(b),
            Buffer::Double(b) => Arg::from(b),
            Buffer::Byte(b) => Arg::from(b),
        }
    }
}

fn upload(session: &mut Session, value: &ArrayValue) -> Buffer {
    let n = value.len();
    let all: Vec<ScalarValue> = (0..n).filter_map(|i| value.get(i)).collect();
    match value.scalar() {
        Scalar::Int => Buffer::Long(
            session
                .upload(&all.iter().map(|v| if let ScalarValue::Int(x) = v { *x } else { 0 }).collect::<Vec<_>>())
                .unwrap(),
        ),
        Scalar::Float => Buffer::Double(
            session
                .upload(&all.iter().map(|v| if let ScalarValue::Float(x) = v { *x } else { 0.0 }).collect::<Vec<_>>())
                .unwrap(),
        ),
        Scalar::Bool | Scalar::Char => Buffer::Byte(
            session
                .upload(
                    &all.iter()
                        .map(|v| match v {
                            ScalarValue::Bool(b) => u8::from(*b),
                            ScalarValue::Char(c) => *c,
                            _ => 0,
                        })
                        .collect::<Vec<_>>(),
                )
                .unwrap(),
        ),
    }
}

fn param_value(case: &Case, var: KVar) -> &FlatValue {
    let position = case.kernel.params.iter().position(|&p| p == var).expect("a free variable is a parameter");
    &case.args[position]
}

/// Runs the case on the device.
fn run_on_device(session: &mut Session, case: &Case) -> Outcome {
    run_all_on_device(session, std::slice::from_ref(case)).pop().expect("one outcome")
}

/// Runs the cases on the device, all from one program.
fn run_all_on_device(session: &mut Session, cases: &[Case]) -> Vec<Outcome> {
    let mut source = format!("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n{}\n", prelude());
    let mut functions = Vec::new();
    for (k, case) in cases.iter().enumerate() {
        let (function, text) =
            generate_named(case, &k.to_string()).unwrap_or_else(|e| panic!("no function for {:?}: {e}", case.kernel));
        source.push_str(&text);
        functions.push(function);
    }
    let program: Rc<runtime::cl::Program> = session
        .build_program("user_fun_test", &source, "")
        .unwrap_or_else(|e| panic!("the test program does not build: {e}\n{source}"));
    cases
        .iter()
        .zip(&functions)
        .enumerate()
        .map(|(k, (case, function))| launch_case(session, &program, &format!("test{k}"), case, function))
        .collect()
}

fn launch_case(
    session: &mut Session,
    program: &runtime::cl::Program,
    name: &str,
    case: &Case,
    function: &CFunction,
) -> Outcome {
    let kernel = program.kernel(name).unwrap();
    let n = match &case.kernel.body[0].soac {
        Soac::Map { size: GExpr::Length(v), .. } => match param_value(case, *v) {
            FlatValue::Array(a) => a.len(),
            FlatValue::Scalar(_) => panic!("a size of a scalar"),
        },
        _ => 1,
    };
    let mut inputs = Vec::new();
    for p in &function.params {
        if let CParam::Array { var, .. } = p {
            let FlatValue::Array(a) = param_value(case, *var) else { panic!("an array parameter bound to a scalar") };
            inputs.push(upload(session, a));
        }
    }
    let outputs: Vec<Buffer> = function
        .results
        .iter()
        .map(|ty| match ty {
            Scalar::Int => Buffer::Long(session.alloc(n).unwrap()),
            Scalar::Float => Buffer::Double(session.alloc(n).unwrap()),
            Scalar::Bool | Scalar::Char => Buffer::Byte(session.alloc(n).unwrap()),
        })
        .collect();
    let mut args = Vec::new();
    let mut next_input = inputs.iter();
    for p in &function.params {
        match p {
            CParam::Arg { .. } => {}
            CParam::Array { .. } => args.push(next_input.next().unwrap().arg()),
            CParam::Length { var } => match param_value(case, *var) {
                FlatValue::Array(a) => args.push(Arg::I64(a.len() as i64)),
                FlatValue::Scalar(_) => panic!("the length of a scalar"),
            },
            CParam::Scalar { var, .. } => args.push(match param_value(case, *var) {
                FlatValue::Scalar(ScalarValue::Int(x)) => Arg::I64(*x),
                FlatValue::Scalar(ScalarValue::Float(x)) => Arg::F64(*x),
                FlatValue::Scalar(ScalarValue::Bool(b)) => Arg::I32(i32::from(*b)),
                FlatValue::Scalar(ScalarValue::Char(c)) => Arg::I32(i32::from(*c)),
                FlatValue::Array(_) => panic!("a scalar parameter bound to an array"),
            }),
            CParam::ErrorFlag => args.push(Arg::ErrorFlag),
        }
    }
    args.extend(outputs.iter().map(Buffer::arg));
    args.push(Arg::I64(n as i64));
    session.launch(&Launch::new(kernel, Grid::linear(n)), &args).unwrap();
    if let Some(fault) = session.check_error_flag().unwrap() {
        return Outcome::Fault(describe_fault(case, fault));
    }
    Outcome::Values(
        outputs
            .iter()
            .zip(&function.results)
            .map(|(buffer, &ty)| match buffer {
                Buffer::Long(b) => session.read(b).unwrap().into_iter().map(ScalarValue::Int).collect(),
                Buffer::Double(b) => session.read(b).unwrap().into_iter().map(ScalarValue::Float).collect(),
                Buffer::Byte(b) => session
                    .read(b)
                    .unwrap()
                    .into_iter()
                    .map(|x| if ty == Scalar::Bool { ScalarValue::Bool(x != 0) } else { ScalarValue::Char(x) })
                    .collect(),
            })
            .collect(),
    )
}

/// The message of a device fault, decoded as `runtime::executor::faults`
/// documents: the payload types are those of the `assert`.
fn describe_fault(case: &Case, fault: DeviceFault) -> String {
    assert_eq!(fault.code, FAULT_CODE);
    assert_eq!(FAULT_CODE, runtime::executor::FAULT_CODE);
    let site = u32::try_from(fault.site).expect("a site id");
    let types = payload_types(case, FaultId(site)).expect("the site's assert");
    let payload: Vec<Const> = types
        .iter()
        .zip([fault.a, fault.b])
        .map(|(ty, word)| match ty {
            Scalar::Int => Const::Int(word),
            Scalar::Float => Const::Float(f64::from_bits(word as u64)),
            Scalar::Bool => Const::Bool(word != 0),
            Scalar::Char => Const::Char(word as u8),
        })
        .collect();
    program_of(&case.kernel).fault_site(FaultId(site)).format(&payload)
}

fn payload_types(case: &Case, site: FaultId) -> Option<Vec<Scalar>> {
    fn find(kernel: &Kernel, e: &GExpr, site: FaultId) -> Option<Vec<Scalar>> {
        if let GExpr::Assert { site: s, payload, .. } = e
            && *s == site
        {
            return Some(payload.iter().map(|p| type_of(kernel, p)).collect());
        }
        let mut found = None;
        e.for_each_child(|c| found = found.take().or_else(|| find(kernel, c, site)));
        found
    }
    let exprs: Vec<&GExpr> = match &case.kernel.body[0].soac {
        Soac::Map { pull, .. } => vec![&pull.body],
        Soac::Once { body } => vec![body],
        _ => vec![],
    };
    exprs.into_iter().find_map(|e| find(&case.kernel, e, site))
}

fn type_of(kernel: &Kernel, e: &GExpr) -> Scalar {
    match e {
        GExpr::Var(v) | GExpr::Read { array: v, .. } => kernel.var(*v).ty.scalar(),
        GExpr::Const(c) => c.scalar(),
        GExpr::Length(_) | GExpr::SegmentOf { .. } => Scalar::Int,
        GExpr::ParseNumber { flag: true, .. } => Scalar::Bool,
        GExpr::ParseNumber { ty, .. } => *ty,
        GExpr::Unary { op, ty, .. } => op.result(*ty),
        GExpr::Binary { op, ty, .. } => op.result(*ty),
        GExpr::If { then_branch: e, .. } | GExpr::Let { body: e, .. } | GExpr::Assert { body: e, .. } => {
            type_of(kernel, e)
        }
        GExpr::Tuple(items) => type_of(kernel, &items[0]),
        GExpr::Loop { result, .. } => type_of(kernel, result),
    }
}

/// How far apart two floats may be: 0 for exact operations, the OpenCL
/// spec's ulp bound for the library functions.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Tolerance {
    Exact,
    Ulps(u64),
}

fn ulps_apart(x: f64, y: f64) -> u64 {
    // Map the floats onto a line of integers ordered like the floats.
    let key = |f: f64| {
        let bits = f.to_bits() as i64;
        if bits < 0 { i64::MIN - bits } else { bits }
    };
    key(x).abs_diff(key(y))
}

fn same(expected: ScalarValue, actual: ScalarValue, tolerance: Tolerance) -> bool {
    match (expected, actual, tolerance) {
        (ScalarValue::Float(x), ScalarValue::Float(y), _) if x.is_nan() || y.is_nan() => x.is_nan() && y.is_nan(),
        (ScalarValue::Float(x), ScalarValue::Float(y), Tolerance::Exact) => x.to_bits() == y.to_bits(),
        (ScalarValue::Float(x), ScalarValue::Float(y), Tolerance::Ulps(n)) => {
            x.to_bits() == y.to_bits() || (x.is_finite() && y.is_finite() && ulps_apart(x, y) <= n)
        }
        _ => expected == actual,
    }
}

/// Runs the case on the device and the evaluator and compares; `inputs`
/// describes each index for the failure message.
fn check_case(session: &mut Session, case: &Case, tolerance: Tolerance, inputs: &dyn Fn(usize) -> String) {
    let expected = evaluate(case);
    let actual = run_on_device(session, case);
    match (&expected, &actual) {
        (Outcome::Values(e), Outcome::Values(a)) => {
            assert_eq!(e.len(), a.len(), "number of results");
            for (k, (ec, ac)) in e.iter().zip(a).enumerate() {
                assert_eq!(ec.len(), ac.len(), "length of result {k}");
                for (i, (&x, &y)) in ec.iter().zip(ac).enumerate() {
                    assert!(
                        same(x, y, tolerance),
                        "result {k} at {i} ({}): the evaluator gives {x:?}, the device {y:?}\n{}",
                        inputs(i),
                        generate(case).unwrap().0.source
                    );
                }
            }
        }
        (Outcome::Fault(e), Outcome::Fault(a)) => assert_eq!(e, a, "the fault"),
        _ => panic!("the evaluator gives {expected:?}, the device {actual:?}\n{}", generate(case).unwrap().1),
    }
}

// --- inputs --------------------------------------------------------------------

fn ints() -> Vec<i64> {
    vec![
        0,
        1,
        -1,
        2,
        -2,
        3,
        -3,
        7,
        -7,
        10,
        63,
        64,
        65,
        -63,
        -64,
        -65,
        255,
        256,
        1 << 32,
        -(1 << 32),
        3_037_000_499,
        3_037_000_500,
        999_999_999_999_999_999,
        i64::MAX,
        i64::MAX - 1,
        i64::MIN,
        i64::MIN + 1,
    ]
}

fn floats() -> Vec<f64> {
    vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        -0.5,
        1.5,
        -1.5,
        2.5,
        -2.5,
        3.0,
        0.1,
        0.49999999999999994,
        -0.49999999999999994,
        4_503_599_627_370_497.0,
        9_223_372_036_854_774_784.0,
        -9_223_372_036_854_775_808.0,
        9_223_372_036_854_775_808.0,
        1e300,
        -1e300,
        1e-300,
        5e-324,
        f64::MAX,
        f64::MIN_POSITIVE,
        std::f64::consts::PI,
        -123.456,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
    ]
}

fn values_of(ty: Scalar) -> Vec<ScalarValue> {
    match ty {
        Scalar::Int => ints().into_iter().map(ScalarValue::Int).collect(),
        Scalar::Float => floats().into_iter().map(ScalarValue::Float).collect(),
        Scalar::Bool => vec![ScalarValue::Bool(false), ScalarValue::Bool(true)],
        Scalar::Char => {
            [0u8, 1, b' ', b'a', b'z', b'Z', 127, 128, 254, 255].into_iter().map(ScalarValue::Char).collect()
        }
    }
}

fn unary_ops() -> Vec<(UnaryOp, Scalar)> {
    use Scalar::*;
    use UnaryOp::*;
    let mut ops = vec![(Neg, Int), (Neg, Float), (Not, Int), (Not, Bool), (Abs, Int), (Abs, Float)];
    for op in [Sqrt, Exp, Ln, Sin, Cos, Tan, Asin, Acos, Atan, Sinh, Cosh, Tanh] {
        ops.push((op, Float));
    }
    ops.extend([(ToFloat, Int), (Floor, Float), (Ceil, Float), (Trunc, Float), (Round, Float), (Isqrt, Int)]);
    ops.extend([(BoolToInt, Bool), (CharToInt, Char), (IntToChar, Int), (FloatBits, Float)]);
    ops
}

fn binary_ops() -> Vec<(BinaryOp, Scalar)> {
    use BinaryOp::*;
    use Scalar::*;
    let mut ops = vec![];
    for op in [Add, Sub, Mul, Div, Rem, Min, Max, Eq, Ne, Lt, Le, Gt, Ge, And, Or, Xor, Shl, Shr] {
        ops.push((op, Int));
    }
    for op in [Add, Sub, Mul, Div, Min, Max, Eq, Ne, Lt, Le, Gt, Ge, Pow] {
        ops.push((op, Float));
    }
    for op in [Min, Max, Eq, Ne, Lt, Le, Gt, Ge, And, Or, Xor] {
        ops.push((op, Bool));
    }
    for op in [Min, Max, Eq, Ne, Lt, Le, Gt, Ge] {
        ops.push((op, Char));
    }
    ops
}

/// The OpenCL C 1.2 spec's bound for the double version of a library
/// function (section 7.4, table 7.2).
fn unary_tolerance(op: UnaryOp) -> Tolerance {
    use UnaryOp::*;
    match op {
        Exp | Ln => Tolerance::Ulps(3),
        Sin | Cos | Tan | Asin | Acos | Sinh | Cosh | Tanh => Tolerance::Ulps(4),
        Atan => Tolerance::Ulps(5),
        _ => Tolerance::Exact,
    }
}

/// Whether the evaluator defines `op` on `x` (the flattener guards the
/// others with an `assert`; unguarded, they are compiler bugs).
fn unary_defined(op: UnaryOp, x: ScalarValue) -> bool {
    const LIMIT: f64 = 9_223_372_036_854_775_808.0;
    let in_range = |f: f64| (-LIMIT..LIMIT).contains(&f);
    match (op, x) {
        (UnaryOp::Floor, ScalarValue::Float(f)) => in_range(f.floor()),
        (UnaryOp::Ceil, ScalarValue::Float(f)) => in_range(f.ceil()),
        (UnaryOp::Trunc, ScalarValue::Float(f)) => in_range(f.trunc()),
        (UnaryOp::Round, ScalarValue::Float(f)) => in_range(f.round()),
        (UnaryOp::Isqrt, ScalarValue::Int(n)) => n >= 0,
        (UnaryOp::IntToChar, ScalarValue::Int(n)) => (0..256).contains(&n),
        _ => true,
    }
}

// --- operators -----------------------------------------------------------------

#[test]
fn every_unary_operator_agrees_with_the_evaluator_on_edge_cases() {
    let mut session = session();
    for (op, ty) in unary_ops() {
        let xs: Vec<ScalarValue> = values_of(ty).into_iter().filter(|&x| unary_defined(op, x)).collect();
        let xs = if op == UnaryOp::IntToChar {
            (0..256).map(ScalarValue::Int).collect()
        } else if op == UnaryOp::Isqrt {
            let mut n: Vec<ScalarValue> = xs;
            n.extend([15, 16, 17, 24, 25, 26, 1 << 62, (1 << 62) - 1, 9_999_999_999].map(ScalarValue::Int));
            n
        } else {
            xs
        };
        let mut case = Case::new();
        let xs_var = case.param("xs", array(&xs, ty));
        let case = case.map(xs_var, &[op.result(ty)], |_, i| GExpr::unary(op, ty, GExpr::read(xs_var, i)));
        check_case(&mut session, &case, unary_tolerance(op), &|i| format!("{}({:?})", op.name(), xs[i]));
    }
}

#[test]
fn every_binary_operator_agrees_with_the_evaluator_on_all_pairs_of_edge_cases() {
    let mut session = session();
    for (op, ty) in binary_ops() {
        let values = values_of(ty);
        let mut pairs: Vec<(ScalarValue, ScalarValue)> = Vec::new();
        for &x in &values {
            for &y in &values {
                // A zero divisor is guarded by the flattener.
                if matches!(op, BinaryOp::Div | BinaryOp::Rem) && y == ScalarValue::Int(0) {
                    continue;
                }
                pairs.push((x, y));
            }
        }
        let (xs, ys): (Vec<_>, Vec<_>) = pairs.iter().copied().unzip();
        let mut case = Case::new();
        let xs_var = case.param("xs", array(&xs, ty));
        let ys_var = case.param("ys", array(&ys, ty));
        let case = case.map(xs_var, &[op.result(ty)], |_, i| {
            GExpr::binary(op, ty, GExpr::read(xs_var, i.clone()), GExpr::read(ys_var, i))
        });
        // `expt` may be off by 16 ulp in OpenCL (spec, table 7.2).
        let tolerance = if op == BinaryOp::Pow { Tolerance::Ulps(16) } else { Tolerance::Exact };
        check_case(&mut session, &case, tolerance, &|i| format!("{:?} {} {:?}", pairs[i].0, op.symbol(), pairs[i].1));
    }
}

#[test]
fn constants_of_every_type_reach_the_device_exactly() {
    let mut session = session();
    let consts: Vec<Const> = ints()
        .into_iter()
        .map(Const::Int)
        .chain(floats().into_iter().map(Const::Float))
        .chain([Const::Float(-f64::NAN), Const::Float(f64::from_bits(0x7ff0_0000_0000_0001))])
        .chain([Const::Bool(false), Const::Bool(true)])
        .chain([0u8, b'a', b'\'', b'\\', b' ', 255].map(Const::Char))
        .collect();
    for c in consts {
        // float_bits keeps a NaN's bits, so the constant must be exact.
        let body = match c {
            Const::Float(_) => GExpr::unary(UnaryOp::FloatBits, Scalar::Float, GExpr::Const(c)),
            _ => GExpr::Const(c),
        };
        let ty = match c {
            Const::Float(_) => Scalar::Int,
            other => other.scalar(),
        };
        let case = Case::new().once(&[ty], body);
        check_case(&mut session, &case, Tolerance::Exact, &|_| format!("{c:?}"));
    }
}

/// Arithmetic nested without parentheses in the IR's sense: the C must
/// group exactly as the tree does.
#[test]
fn nested_operators_group_as_the_tree_does() {
    use BinaryOp::*;
    let mut session = session();
    let xs: Vec<ScalarValue> = ints().into_iter().map(ScalarValue::Int).collect();
    let fs: Vec<ScalarValue> = floats()
        .into_iter()
        .take(xs.len())
        .map(ScalarValue::Float)
        .collect::<Vec<_>>()
        .into_iter()
        .cycle()
        .take(xs.len())
        .collect();
    let mut case = Case::new();
    let xs_var = case.param("xs", array(&xs, Scalar::Int));
    let fs_var = case.param("fs", array(&fs, Scalar::Float));
    let case = case.map(xs_var, &[Scalar::Int, Scalar::Float, Scalar::Bool, Scalar::Int], |_, i| {
        let x = || GExpr::read(xs_var, i.clone());
        let f = || GExpr::read(fs_var, i.clone());
        let int = |op, a, b| GExpr::binary(op, Scalar::Int, a, b);
        let float = |op, a, b| GExpr::binary(op, Scalar::Float, a, b);
        let boolean = |op, a, b| GExpr::binary(op, Scalar::Bool, a, b);
        GExpr::Tuple(vec![
            // x - (x - 3) and (x & 6) | (x ^ 5)
            int(Or, int(And, x(), GExpr::int(6)), int(Xor, int(Sub, x(), int(Sub, x(), GExpr::int(3))), GExpr::int(5))),
            // f - (f - 1.5) * -(f / -2.0), and f * f + f: no contraction
            float(
                Add,
                float(
                    Sub,
                    f(),
                    float(
                        Mul,
                        float(Sub, f(), GExpr::Const(Const::Float(1.5))),
                        GExpr::unary(UnaryOp::Neg, Scalar::Float, float(Div, f(), GExpr::Const(Const::Float(-2.0)))),
                    ),
                ),
                float(Add, float(Mul, f(), f()), f()),
            ),
            // (x < 3) == (f > 0.0) or not (x = 0) and x /= 7
            boolean(
                Or,
                boolean(Eq, int(Lt, x(), GExpr::int(3)), float(Gt, f(), GExpr::Const(Const::Float(0.0)))),
                boolean(
                    And,
                    GExpr::unary(UnaryOp::Not, Scalar::Bool, int(Eq, x(), GExpr::int(0))),
                    int(Ne, x(), GExpr::int(7)),
                ),
            ),
            // -(-x) and x - -3 - min_int
            int(
                Sub,
                int(
                    Sub,
                    GExpr::unary(UnaryOp::Neg, Scalar::Int, GExpr::unary(UnaryOp::Neg, Scalar::Int, x())),
                    GExpr::int(-3),
                ),
                GExpr::int(i64::MIN),
            ),
        ])
    });
    check_case(&mut session, &case, Tolerance::Exact, &|i| format!("x = {:?}, f = {:?}", xs[i], fs[i]));
}

// --- constructs -----------------------------------------------------------------

/// `let`, `if` in expressions and in tuples, `segment_of`, `#xs`, kernel
/// scalars of every type, several results through out-pointers.
#[test]
fn lets_ifs_tuples_segments_lengths_and_kernel_scalars_agree_with_the_evaluator() {
    let mut session = session();
    let mut case = Case::new();
    // Segments of lengths 3, 0, 5, 0, 2 over 10 elements.
    let data: Vec<ScalarValue> = (0..10).map(|k| ScalarValue::Int(k * k - 20)).collect();
    let xs = case.param("xs", array(&data, Scalar::Int));
    let lengths = case.param("lengths", array(&[3, 0, 5, 0, 2].map(ScalarValue::Int), Scalar::Int));
    let offsets = case.param("offsets", array(&[0, 3, 3, 8, 8].map(ScalarValue::Int), Scalar::Int));
    let scale = case.param("scale", FlatValue::Scalar(ScalarValue::Float(0.5)));
    let flag = case.param("flag", FlatValue::Scalar(ScalarValue::Bool(true)));
    let letter = case.param("letter", FlatValue::Scalar(ScalarValue::Char(b'q')));
    let bias = case.param("bias", FlatValue::Scalar(ScalarValue::Int(-7)));
    let case = case.map(xs, &[Scalar::Int, Scalar::Float, Scalar::Int, Scalar::Char, Scalar::Bool], |c, i| {
        let seg = c.scalar("seg", Scalar::Int);
        let x = c.scalar("x", Scalar::Int);
        let (lo, hi) = (c.scalar("lo", Scalar::Int), c.scalar("hi", Scalar::Int));
        let y = c.scalar("y", Scalar::Float);
        let int = |op, a, b| GExpr::binary(op, Scalar::Int, a, b);
        let v = GExpr::Var;
        GExpr::let_(
            vec![seg],
            GExpr::SegmentOf { offsets, index: Box::new(i.clone()) },
            GExpr::let_(
                vec![x],
                GExpr::read(xs, i.clone()),
                // A tuple-valued if with lets in its branches.
                GExpr::let_(
                    vec![lo, hi],
                    GExpr::if_(
                        int(BinaryOp::Lt, v(x), GExpr::int(0)),
                        GExpr::Tuple(vec![v(x), GExpr::int(0)]),
                        GExpr::let_(
                            vec![y],
                            GExpr::binary(
                                BinaryOp::Mul,
                                Scalar::Float,
                                GExpr::unary(UnaryOp::ToFloat, Scalar::Int, v(x)),
                                v(scale),
                            ),
                            GExpr::Tuple(vec![GExpr::int(0), GExpr::unary(UnaryOp::Round, Scalar::Float, v(y))]),
                        ),
                    ),
                    GExpr::Tuple(vec![
                        int(BinaryOp::Add, int(BinaryOp::Mul, v(seg), GExpr::int(100)), GExpr::read(lengths, v(seg))),
                        GExpr::if_(
                            v(flag),
                            GExpr::binary(
                                BinaryOp::Mul,
                                Scalar::Float,
                                v(scale),
                                GExpr::unary(UnaryOp::ToFloat, Scalar::Int, int(BinaryOp::Add, v(lo), v(hi))),
                            ),
                            GExpr::Const(Const::Float(-1.0)),
                        ),
                        int(BinaryOp::Add, int(BinaryOp::Mul, GExpr::Length(xs), v(bias)), GExpr::Length(offsets)),
                        GExpr::if_(
                            int(BinaryOp::Ge, v(hi), GExpr::int(10)),
                            v(letter),
                            GExpr::unary(UnaryOp::IntToChar, Scalar::Int, int(BinaryOp::Add, v(hi), GExpr::int(48))),
                        ),
                        GExpr::binary(
                            BinaryOp::Lt,
                            Scalar::Char,
                            v(letter),
                            GExpr::unary(UnaryOp::IntToChar, Scalar::Int, int(BinaryOp::Add, i, GExpr::int(110))),
                        ),
                    ]),
                ),
            ),
        )
    });
    check_case(&mut session, &case, Tolerance::Exact, &|i| format!("i = {i}"));
    let (function, _) = generate(&case).unwrap();
    assert_eq!(function.results, [Scalar::Int, Scalar::Float, Scalar::Int, Scalar::Char, Scalar::Bool]);
    assert!(!function.params.contains(&CParam::ErrorFlag), "no assert, no error flag");
}

/// A ONCE of two results from kernel scalars.
#[test]
fn a_once_body_reads_scalars_and_arrays_and_returns_through_out_pointers() {
    let mut session = session();
    let mut case = Case::new();
    let xs = case.param("xs", array(&[5, 6, 7].map(ScalarValue::Int), Scalar::Int));
    let n = case.param("n", FlatValue::Scalar(ScalarValue::Int(2)));
    let body = GExpr::Tuple(vec![
        GExpr::binary(BinaryOp::Mul, Scalar::Int, GExpr::read(xs, GExpr::Var(n)), GExpr::Length(xs)),
        GExpr::binary(BinaryOp::Ge, Scalar::Int, GExpr::Var(n), GExpr::int(2)),
    ]);
    let case = case.once(&[Scalar::Int, Scalar::Bool], body);
    check_case(&mut session, &case, Tolerance::Exact, &|_| "once".into());
}

/// `loop (n, k, done) = (xs[i], 0, F) while not(done) step (Collatz) result
/// (k, n + m)`, where `m` is an inner loop summing 0..3 (a loop in a
/// loop's result): a tuple-valued loop as a thunk body, loop variables
/// that the step leaves alone.
#[test]
fn loops_agree_with_the_evaluator() {
    let mut session = session();
    let mut case = Case::new();
    let data: Vec<ScalarValue> = (1..=20).chain([27, 97]).map(ScalarValue::Int).collect();
    let xs = case.param("xs", array(&data, Scalar::Int));
    let case = case.map(xs, &[Scalar::Int, Scalar::Int], |c, i| {
        let (n, k, done) = (c.scalar("n", Scalar::Int), c.scalar("k", Scalar::Int), c.scalar("done", Scalar::Bool));
        let (j, m) = (c.scalar("j", Scalar::Int), c.scalar("m", Scalar::Int));
        let int = |op, a, b| GExpr::binary(op, Scalar::Int, a, b);
        let v = GExpr::Var;
        let yes = |b| GExpr::Const(Const::Bool(b));
        let step = GExpr::if_(
            int(BinaryOp::Eq, v(n), GExpr::int(1)),
            GExpr::Tuple(vec![v(n), v(k), yes(true)]),
            GExpr::if_(
                int(BinaryOp::Eq, int(BinaryOp::Rem, v(n), GExpr::int(2)), GExpr::int(0)),
                GExpr::Tuple(vec![
                    int(BinaryOp::Div, v(n), GExpr::int(2)),
                    int(BinaryOp::Add, v(k), GExpr::int(1)),
                    yes(false),
                ]),
                GExpr::Tuple(vec![
                    int(BinaryOp::Add, int(BinaryOp::Mul, GExpr::int(3), v(n)), GExpr::int(1)),
                    int(BinaryOp::Add, v(k), GExpr::int(1)),
                    yes(false),
                ]),
            ),
        );
        let inner = GExpr::Loop {
            vars: vec![j, m],
            init: vec![GExpr::int(0), GExpr::int(0)],
            cond: Box::new(int(BinaryOp::Lt, v(j), GExpr::int(4))),
            step: Box::new(GExpr::Tuple(vec![int(BinaryOp::Add, v(j), GExpr::int(1)), int(BinaryOp::Add, v(m), v(j))])),
            result: Box::new(v(m)),
        };
        GExpr::Loop {
            vars: vec![n, k, done],
            init: vec![GExpr::read(xs, i), GExpr::int(0), yes(false)],
            cond: Box::new(GExpr::unary(UnaryOp::Not, Scalar::Bool, v(done))),
            step: Box::new(step),
            result: Box::new(GExpr::Tuple(vec![v(k), int(BinaryOp::Add, v(n), inner)])),
        }
    });
    check_case(&mut session, &case, Tolerance::Exact, &|i| format!("i = {i}"));
    let Outcome::Values(values) = evaluate(&case) else { panic!("the loops fault") };
    assert_eq!(values[0][20], ScalarValue::Int(111), "27 takes 111 steps");
    assert_eq!(values[1][0], ScalarValue::Int(7), "n ends at 1, plus 0 + 1 + 2 + 3");
    let (function, _) = generate(&case).unwrap();
    assert!(function.source.contains("while (1) {"), "{}", function.source);
}

/// A check inside a loop's step faults with the loop variable's value at
/// that iteration, on the device as in the evaluator.
#[test]
fn a_fault_inside_a_loop_reports_the_iteration() {
    let mut session = session();
    let mut case = Case::new();
    let xs = case.param("xs", array(&[7, 5, 2, 9].map(ScalarValue::Int), Scalar::Int));
    let case = case.map(xs, &[Scalar::Int], |c, i| {
        let j = c.scalar("j", Scalar::Int);
        let int = |op, a, b| GExpr::binary(op, Scalar::Int, a, b);
        GExpr::Loop {
            vars: vec![j],
            init: vec![GExpr::int(0)],
            cond: Box::new(int(BinaryOp::Lt, GExpr::Var(j), GExpr::int(4))),
            step: Box::new(GExpr::Assert {
                cond: Box::new(int(BinaryOp::Ne, GExpr::read(xs, i.clone()), GExpr::Var(j))),
                site: FaultId(1),
                payload: vec![GExpr::Var(j)],
                body: Box::new(int(BinaryOp::Add, GExpr::Var(j), GExpr::int(1))),
            }),
            result: Box::new(int(BinaryOp::Mul, GExpr::Var(j), GExpr::read(xs, i))),
        }
    });
    let Outcome::Fault(message) = run_on_device(&mut session, &case) else { panic!("the loop does not fault") };
    assert_eq!(message, "site 1: 2 and {1}");
    check_case(&mut session, &case, Tolerance::Exact, &|i| format!("i = {i}"));
}

// --- faults ---------------------------------------------------------------------

/// `{ i => assert (0 <= j and j < #xs) @site (j, #xs) in xs[j] }` with
/// `j = is[i]`.
fn checked_gather(indices: &[i64], site: u32) -> Case {
    let mut case = Case::new();
    let xs = case.param("xs", array(&[10, 20, 30].map(ScalarValue::Int), Scalar::Int));
    let is = case.param("is", array(&indices.iter().map(|&j| ScalarValue::Int(j)).collect::<Vec<_>>(), Scalar::Int));
    case.map(is, &[Scalar::Int], |c, i| {
        let j = c.scalar("j", Scalar::Int);
        let in_range = GExpr::binary(
            BinaryOp::And,
            Scalar::Bool,
            GExpr::binary(BinaryOp::Le, Scalar::Int, GExpr::int(0), GExpr::Var(j)),
            GExpr::binary(BinaryOp::Lt, Scalar::Int, GExpr::Var(j), GExpr::Length(xs)),
        );
        GExpr::let_(
            vec![j],
            GExpr::read(is, i),
            GExpr::Assert {
                cond: Box::new(in_range),
                site: FaultId(site),
                payload: vec![GExpr::Var(j), GExpr::Length(xs)],
                body: Box::new(GExpr::read(xs, GExpr::Var(j))),
            },
        )
    })
}

#[test]
fn an_index_out_of_range_sets_the_error_flag_with_its_site_and_payload() {
    let mut session = session();
    let ok = checked_gather(&[2, 0, 1, 1], 2);
    check_case(&mut session, &ok, Tolerance::Exact, &|i| format!("i = {i}"));
    for bad in [3, -1, i64::MAX, i64::MIN] {
        let case = checked_gather(&[0, 1, bad, 2], 2);
        let Outcome::Fault(message) = run_on_device(&mut session, &case) else { panic!("index {bad} does not fault") };
        assert_eq!(message, format!("site 2: {bad} and 3"));
        check_case(&mut session, &case, Tolerance::Exact, &|i| format!("i = {i}"));
    }
    let (function, _) = generate(&checked_gather(&[0], 1)).unwrap();
    assert_eq!(function.params.last(), Some(&CParam::ErrorFlag));
    assert_eq!(
        function.source,
        "static inline long f(long i, __global const long* is, __global const long* xs, long xs_len, \
         __global long* err) {\n    long j = is[i];\n    if (0L > j || j >= xs_len) {\n        \
         nessie_fail(err, 1, 1, j, xs_len);\n        return 0L;\n    }\n    return xs[j];\n}\n"
    );
}

/// Payload words by type: a float as its bits, a bool as 0/1, a char as its
/// code; a fault inside an `if` branch, in a `let` value, and in a
/// check-only MAP of no results; the fault after a passing one.
#[test]
fn faults_encode_their_payload_by_type_from_any_position() {
    let mut session = session();
    let float_values: Vec<ScalarValue> = [1.0, 2.0, f64::NAN, -0.0].map(ScalarValue::Float).to_vec();
    for bad in 0..float_values.len() {
        let mut case = Case::new();
        let fs = case.param("fs", array(&float_values, Scalar::Float));
        let letters = case.param("letters", array(&[b'a', b'b', 255, 0].map(ScalarValue::Char), Scalar::Char));
        let case = case.map(fs, &[], |c, i| {
            let f = c.scalar("f", Scalar::Float);
            let ok = GExpr::binary(BinaryOp::Ne, Scalar::Int, i.clone(), GExpr::int(bad as i64));
            GExpr::let_(
                vec![f],
                GExpr::read(fs, i.clone()),
                GExpr::if_(
                    GExpr::binary(BinaryOp::Lt, Scalar::Int, i.clone(), GExpr::int(2)),
                    // Site 0: a float and a bool.
                    GExpr::Assert {
                        cond: Box::new(ok.clone()),
                        site: FaultId(0),
                        payload: vec![GExpr::Var(f), ok.clone()],
                        body: Box::new(GExpr::Tuple(vec![])),
                    },
                    // Site 3: a char and a float computed in the payload.
                    GExpr::Assert {
                        cond: Box::new(ok),
                        site: FaultId(3),
                        payload: vec![
                            GExpr::read(letters, i),
                            GExpr::binary(BinaryOp::Mul, Scalar::Float, GExpr::Var(f), GExpr::Var(f)),
                        ],
                        body: Box::new(GExpr::Tuple(vec![])),
                    },
                ),
            )
        });
        let Outcome::Fault(_) = run_on_device(&mut session, &case) else { panic!("element {bad} does not fault") };
        check_case(&mut session, &case, Tolerance::Exact, &|i| format!("i = {i}"));
    }
}

/// The first failing work-item wins: with every element failing, the flag
/// holds one of their payloads, whole.
#[test]
fn with_many_failing_work_items_the_flag_holds_one_whole_report() {
    let mut session = session();
    let indices: Vec<i64> = (0..4096).map(|k| 100 + k).collect();
    let case = checked_gather(&indices, 1);
    let Outcome::Fault(message) = run_on_device(&mut session, &case) else { panic!("no fault") };
    let reported: i64 = message
        .strip_prefix("site 1: ")
        .and_then(|rest| rest.strip_suffix(" and 3"))
        .and_then(|j| j.parse().ok())
        .unwrap_or_else(|| panic!("a torn report: {message}"));
    assert!(indices.contains(&reported));
    // The flag is cleared once read: the next run reports nothing.
    let ok = checked_gather(&[0, 1], 1);
    check_case(&mut session, &ok, Tolerance::Exact, &|i| format!("i = {i}"));
}

// --- the code itself -------------------------------------------------------------

#[test]
fn the_prelude_carries_the_runtimes_error_flag_helpers_verbatim() {
    assert_eq!(ERROR_FLAG_HELPERS, runtime::cl::ERROR_FLAG_HELPERS_OPENCL_C);
    assert!(prelude().starts_with(ERROR_FLAG_HELPERS));
    assert!(prelude().contains("#pragma OPENCL FP_CONTRACT OFF"));
}

#[test]
fn names_are_c_safe_unique_and_readable() {
    assert_eq!(c_identifier("xs"), "xs");
    assert_eq!(c_identifier("x'"), "x_");
    assert_eq!(c_identifier("int"), "vint");
    assert_eq!(c_identifier("max"), "vmax");
    assert_eq!(c_identifier("double4"), "vdouble4");
    assert_eq!(c_identifier("NAN"), "vNAN");
    assert_eq!(c_identifier("2x"), "v2x");
    assert_eq!(c_identifier("nessie_fail"), "vnessie_fail");
    assert_eq!(c_identifier(""), "v");

    // Variables named alike, after keywords, and after the out-pointers.
    let mut case = Case::new();
    let a = case.param("int", array(&[ScalarValue::Int(1)], Scalar::Int));
    let b = case.param("int", array(&[ScalarValue::Int(2)], Scalar::Int));
    let case = case.map(a, &[Scalar::Int, Scalar::Int], |c, i| {
        let r0 = c.scalar("r0", Scalar::Int);
        let again = c.scalar("r0", Scalar::Int);
        GExpr::let_(
            vec![r0],
            GExpr::read(a, i.clone()),
            GExpr::let_(vec![again], GExpr::read(b, i), GExpr::Tuple(vec![GExpr::Var(r0), GExpr::Length(b)])),
        )
    });
    let (function, _) = generate(&case).unwrap();
    let header = function.source.lines().next().unwrap();
    assert_eq!(
        header,
        "static inline void f(long i, __global const long* vint, __global const long* vint_1, long vint_1_len, \
         long* r0, long* r1) {"
    );
    assert!(function.source.contains("long r0_1 = vint[i];"), "{}", function.source);
    assert!(function.source.contains("long r0_2 = vint_1[i];"), "{}", function.source);
    let mut session = session();
    check_case(&mut session, &case, Tolerance::Exact, &|_| "names".into());
}

#[test]
fn the_generated_code_reads_like_the_ir() {
    let mut case = Case::new();
    let xs = case.param("xs", array(&[ScalarValue::Float(1.0)], Scalar::Float));
    let case = case.map(xs, &[Scalar::Float], |c, i| {
        let x = c.scalar("x", Scalar::Float);
        GExpr::let_(
            vec![x],
            GExpr::read(xs, i),
            GExpr::if_(
                GExpr::binary(BinaryOp::Gt, Scalar::Float, GExpr::Var(x), GExpr::Const(Const::Float(0.0))),
                GExpr::binary(BinaryOp::Mul, Scalar::Float, GExpr::Var(x), GExpr::Var(x)),
                GExpr::unary(UnaryOp::Neg, Scalar::Float, GExpr::Var(x)),
            ),
        )
    });
    let (function, _) = generate(&case).unwrap();
    assert_eq!(
        function.source,
        "static inline double f(long i, __global const double* xs) {\n    double x = xs[i];\n    return x > 0.0 ? x * x : -x;\n}\n"
    );
}

#[test]
fn ill_formed_bodies_are_errors_not_panics() {
    let mut case = Case::new();
    let xs = case.param("xs", array(&[ScalarValue::Int(1)], Scalar::Int));
    let program = program_of(&case.kernel);
    let i = case.scalar("i", Scalar::Int);
    let kernel = &case.kernel;
    let bad_bodies = vec![
        // An array as a scalar, a scalar as an array.
        GExpr::Var(xs),
        GExpr::read(i, GExpr::int(0)),
        // Mismatched operand types.
        GExpr::binary(BinaryOp::Add, Scalar::Int, GExpr::Var(i), GExpr::Const(Const::Float(1.0))),
        GExpr::unary(UnaryOp::Sqrt, Scalar::Int, GExpr::Var(i)),
        GExpr::binary(BinaryOp::Rem, Scalar::Float, GExpr::Const(Const::Float(1.0)), GExpr::Const(Const::Float(1.0))),
        // A variable that does not exist, a site that does not exist.
        GExpr::Var(KVar(999)),
        GExpr::Assert {
            cond: Box::new(GExpr::Const(Const::Bool(true))),
            site: FaultId(SITES),
            payload: vec![],
            body: Box::new(GExpr::int(0)),
        },
        // A tuple where a scalar is expected.
        GExpr::binary(BinaryOp::Add, Scalar::Int, GExpr::Tuple(vec![GExpr::int(1), GExpr::int(2)]), GExpr::int(1)),
    ];
    for body in bad_bodies {
        let thunk = Thunk { params: vec![i], body: body.clone() };
        assert!(thunk_function(&program, kernel, "f", &thunk).is_err(), "{body:?}");
    }
    // Too deep to translate safely: refused, not a stack overflow.
    let mut deep = GExpr::Var(i);
    for _ in 0..3_000 {
        deep = GExpr::unary(UnaryOp::Neg, Scalar::Int, deep);
    }
    let thunk = Thunk { params: vec![i], body: deep };
    let error = thunk_function(&program, kernel, "f", &thunk).unwrap_err();
    assert!(matches!(error, CodegenError::Unsupported { .. }), "{error}");
    // Long `let` chains are translated in a loop.
    let mut chain = GExpr::Var(i);
    let mut kernel = kernel.clone();
    for _ in 0..5_000 {
        let v = kernel.new_var("t", VarType::Scalar(Scalar::Int));
        chain = GExpr::let_(vec![v], GExpr::int(1), chain);
    }
    let thunk = Thunk { params: vec![i], body: chain };
    assert!(thunk_function(&program, &kernel, "f", &thunk).is_ok());
}

// --- random expressions ------------------------------------------------------------

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

const TYPES: [Scalar; 4] = [Scalar::Int, Scalar::Float, Scalar::Bool, Scalar::Char];

/// Builds random well-typed bodies over the arrays `xs`, `fs`, `bs`, `cs`
/// (8 elements of edge cases each), a segment descriptor's offsets, and
/// kernel scalars, with every operation the evaluator could refuse guarded
/// (divisors, float-to-int ranges, `isqrt`, `code_char`, indices) and
/// `assert`s that mostly hold.
struct ExprGen<'c> {
    rng: Rng,
    case: &'c mut Case,
    arrays: [KVar; 4],
    offsets: KVar,
    scalars: [KVar; 4],
    /// `let`-bound variables in scope, with their types.
    scope: Vec<(KVar, Scalar)>,
    /// The next fault site: each `assert` has its own, as after
    /// flattening (the payload types of a site come from its `assert`).
    next_site: u32,
}

impl ExprGen<'_> {
    fn int(&mut self, depth: usize) -> GExpr {
        self.expr(Scalar::Int, depth)
    }

    fn bin(op: BinaryOp, ty: Scalar, a: GExpr, b: GExpr) -> GExpr {
        GExpr::binary(op, ty, a, b)
    }

    /// An index into the 8-element arrays.
    fn index(&mut self, depth: usize) -> GExpr {
        let e = self.int(depth);
        Self::bin(BinaryOp::And, Scalar::Int, e, GExpr::int(7))
    }

    fn leaf(&mut self, ty: Scalar) -> GExpr {
        let k = TYPES.iter().position(|&t| t == ty).expect("a type");
        let in_scope: Vec<KVar> = self.scope.iter().filter(|(_, t)| *t == ty).map(|(v, _)| *v).collect();
        match self.rng.below(5) {
            0 => GExpr::Const(match values_of(ty)[self.rng.below(values_of(ty).len())] {
                ScalarValue::Int(x) => Const::Int(x),
                ScalarValue::Float(x) => Const::Float(x),
                ScalarValue::Bool(x) => Const::Bool(x),
                ScalarValue::Char(x) => Const::Char(x),
            }),
            1 => GExpr::Var(self.scalars[k]),
            2 if !in_scope.is_empty() => GExpr::Var(self.rng.pick(&in_scope)),
            3 if ty == Scalar::Int && self.rng.chance(50) => GExpr::Length(self.rng.pick(&self.arrays)),
            _ => {
                let index = if self.rng.chance(50) { GExpr::Var(self.scope[0].0) } else { self.index(0) };
                GExpr::read(self.arrays[k], index)
            }
        }
    }

    fn expr(&mut self, ty: Scalar, depth: usize) -> GExpr {
        if depth == 0 || self.rng.chance(20) {
            return self.leaf(ty);
        }
        let d = depth - 1;
        match self.rng.below(10) {
            0 => {
                let cond = self.expr(Scalar::Bool, d);
                let (a, b) = (self.expr(ty, d), self.expr(ty, d));
                GExpr::if_(cond, a, b)
            }
            1 => {
                let value_ty = self.rng.pick(&TYPES);
                let value = self.expr(value_ty, d);
                let v = self.case.scalar("v", value_ty);
                self.scope.push((v, value_ty));
                let body = self.expr(ty, d);
                self.scope.pop();
                GExpr::let_(vec![v], value, body)
            }
            2 if self.rng.chance(50) && self.next_site < SITES => {
                // Mostly true: a comparison with a wide margin, or a
                // random condition now and then.
                let cond = if self.rng.chance(80) {
                    let x = self.int(d);
                    Self::bin(BinaryOp::Ne, Scalar::Int, x, GExpr::int(123_456_789))
                } else {
                    self.expr(Scalar::Bool, d)
                };
                let payload = (0..self.rng.below(4))
                    .map(|_| {
                        let t = self.rng.pick(&TYPES);
                        self.expr(t, d)
                    })
                    .collect();
                let site = FaultId(self.next_site);
                self.next_site += 1;
                let body = self.expr(ty, d);
                GExpr::Assert { cond: Box::new(cond), site, payload, body: Box::new(body) }
            }
            _ => self.operation(ty, d),
        }
    }

    fn operation(&mut self, ty: Scalar, d: usize) -> GExpr {
        use BinaryOp::*;
        use UnaryOp::*;
        match ty {
            Scalar::Int => match self.rng.below(12) {
                0 => {
                    let op = self.rng.pick(&[Neg, Not, Abs]);
                    let x = self.int(d);
                    GExpr::unary(op, Scalar::Int, x)
                }
                1 => {
                    // Guarded float-to-int: out-of-range values and NaN give 0.
                    let op = self.rng.pick(&[Floor, Ceil, Trunc, Round]);
                    let f = self.case.scalar("f", Scalar::Float);
                    let x = self.expr(Scalar::Float, d);
                    let fv = || GExpr::Var(f);
                    let in_range = Self::bin(
                        And,
                        Scalar::Bool,
                        Self::bin(Ge, Scalar::Float, fv(), GExpr::Const(Const::Float(-9.2e18))),
                        Self::bin(Lt, Scalar::Float, fv(), GExpr::Const(Const::Float(9.2e18))),
                    );
                    GExpr::let_(vec![f], x, GExpr::if_(in_range, GExpr::unary(op, Scalar::Float, fv()), GExpr::int(0)))
                }
                2 => {
                    let x = self.int(d);
                    GExpr::unary(Isqrt, Scalar::Int, Self::bin(Max, Scalar::Int, x, GExpr::int(0)))
                }
                3 => {
                    let op = self.rng.pick(&[BoolToInt, CharToInt, FloatBits]);
                    let arg_ty = match op {
                        BoolToInt => Scalar::Bool,
                        CharToInt => Scalar::Char,
                        _ => Scalar::Float,
                    };
                    let x = self.expr(arg_ty, d);
                    GExpr::unary(op, arg_ty, x)
                }
                4 => {
                    // A guarded divisor.
                    let op = self.rng.pick(&[Div, Rem]);
                    let (x, y) = (self.int(d), self.int(d));
                    let v = self.case.scalar("d", Scalar::Int);
                    let divisor = GExpr::if_(
                        Self::bin(Eq, Scalar::Int, GExpr::Var(v), GExpr::int(0)),
                        GExpr::int(1),
                        GExpr::Var(v),
                    );
                    GExpr::let_(vec![v], y, Self::bin(op, Scalar::Int, x, divisor))
                }
                5 => {
                    let x = self.index(d);
                    // Positions in [4, 11] over offsets [0, 3, 3, 8, 8, 14].
                    let position = Self::bin(Add, Scalar::Int, x, GExpr::int(4));
                    GExpr::SegmentOf { offsets: self.offsets, index: Box::new(position) }
                }
                _ => {
                    let op = self.rng.pick(&[Add, Sub, Mul, Min, Max, And, Or, Xor, Shl, Shr]);
                    let (x, y) = (self.int(d), self.int(d));
                    Self::bin(op, Scalar::Int, x, y)
                }
            },
            Scalar::Float => match self.rng.below(6) {
                0 => {
                    let op = self.rng.pick(&[Neg, Abs, Sqrt]);
                    let x = self.expr(Scalar::Float, d);
                    GExpr::unary(op, Scalar::Float, x)
                }
                1 => {
                    let x = self.int(d);
                    GExpr::unary(ToFloat, Scalar::Int, x)
                }
                _ => {
                    let op = self.rng.pick(&[Add, Sub, Mul, Div, Min, Max]);
                    let (x, y) = (self.expr(Scalar::Float, d), self.expr(Scalar::Float, d));
                    Self::bin(op, Scalar::Float, x, y)
                }
            },
            Scalar::Bool => match self.rng.below(4) {
                0 => {
                    let x = self.expr(Scalar::Bool, d);
                    GExpr::unary(Not, Scalar::Bool, x)
                }
                1 => {
                    let op = self.rng.pick(&[And, Or, Xor, Min, Max, Eq, Ne, Lt, Ge]);
                    let (x, y) = (self.expr(Scalar::Bool, d), self.expr(Scalar::Bool, d));
                    Self::bin(op, Scalar::Bool, x, y)
                }
                _ => {
                    let operand = self.rng.pick(&TYPES);
                    let op = self.rng.pick(&[Eq, Ne, Lt, Le, Gt, Ge]);
                    let (x, y) = (self.expr(operand, d), self.expr(operand, d));
                    Self::bin(op, operand, x, y)
                }
            },
            Scalar::Char => match self.rng.below(3) {
                0 => {
                    let x = self.int(d);
                    GExpr::unary(IntToChar, Scalar::Int, Self::bin(And, Scalar::Int, x, GExpr::int(255)))
                }
                _ => {
                    let op = self.rng.pick(&[Min, Max]);
                    let (x, y) = (self.expr(Scalar::Char, d), self.expr(Scalar::Char, d));
                    Self::bin(op, Scalar::Char, x, y)
                }
            },
        }
    }
}

/// A random case: `MAP { i => let j = is[i] in e } (#is)` with a body of
/// one to three results.
fn random_case(seed: u64) -> Case {
    let mut case = Case::new();
    let arrays = [
        case.param(
            "xs",
            array(&[0, -1, 7, -7, 64, i64::MAX, i64::MIN, 3_037_000_500].map(ScalarValue::Int), Scalar::Int),
        ),
        case.param(
            "fs",
            array(
                &[-0.0, 2.5, -1.5, f64::NAN, f64::INFINITY, 1e300, 0.49999999999999994, -9.223_372_036_854_776e18]
                    .map(ScalarValue::Float),
                Scalar::Float,
            ),
        ),
        case.param(
            "bs",
            array(&[false, true, true, false, true, false, false, true].map(ScalarValue::Bool), Scalar::Bool),
        ),
        case.param("cs", array(&values_of(Scalar::Char)[..8], Scalar::Char)),
    ];
    let offsets = case.param("offsets", array(&[0, 3, 3, 8, 8, 14].map(ScalarValue::Int), Scalar::Int));
    let scalars = [
        case.param("n", FlatValue::Scalar(ScalarValue::Int(-3))),
        case.param("x", FlatValue::Scalar(ScalarValue::Float(2.5))),
        case.param("b", FlatValue::Scalar(ScalarValue::Bool(true))),
        case.param("c", FlatValue::Scalar(ScalarValue::Char(b'k'))),
    ];
    let is = case.param("is", array(&(0..8).map(ScalarValue::Int).collect::<Vec<_>>(), Scalar::Int));
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let types: Vec<Scalar> = (0..1 + rng.below(3)).map(|_| rng.pick(&TYPES)).collect();
    let types_for_map = types.clone();
    case.map(is, &types_for_map, move |case, i| {
        let j = case.scalar("j", Scalar::Int);
        let mut generator =
            ExprGen { rng, case, arrays, offsets, scalars, scope: vec![(j, Scalar::Int)], next_site: 0 };
        let items: Vec<GExpr> = types.iter().map(|&ty| generator.expr(ty, 5)).collect();
        let body = if items.len() == 1 { items.into_iter().next().unwrap() } else { GExpr::Tuple(items) };
        GExpr::let_(vec![j], GExpr::read(is, i), body)
    })
}

/// The fault the evaluator reports for element `j` alone, if any.
fn fault_at(case: &Case, j: i64) -> Option<String> {
    let mut alone = Case { kernel: case.kernel.clone(), args: case.args.clone() };
    *alone.args.last_mut().unwrap() = array(&[ScalarValue::Int(j)], Scalar::Int);
    match evaluate(&alone) {
        Outcome::Fault(message) => Some(message),
        Outcome::Values(_) => None,
    }
}

#[test]
fn random_expressions_agree_with_the_evaluator() {
    let mut session = session();
    let cases: Vec<Case> = (0..300).map(random_case).collect();
    let outcomes = run_all_on_device(&mut session, &cases);
    let mut faults = 0;
    for (seed, (case, actual)) in cases.iter().zip(outcomes).enumerate() {
        let expected = evaluate(case);
        let show = || {
            let program = program_of(&case.kernel);
            let Soac::Map { pull, .. } = &case.kernel.body[0].soac else { unreachable!() };
            format!(
                "case {seed}:\n{}\n{}",
                flatten::ir::print::print_gexpr(&case.kernel, &pull.body),
                thunk_function(&program, &case.kernel, "f", pull).unwrap().source
            )
        };
        match (&expected, &actual) {
            (Outcome::Values(e), Outcome::Values(a)) => {
                for (k, (ec, ac)) in e.iter().zip(a).enumerate() {
                    for (i, (&x, &y)) in ec.iter().zip(ac).enumerate() {
                        assert!(
                            same(x, y, Tolerance::Exact),
                            "result {k} at {i}: the evaluator gives {x:?}, the device {y:?}\n{}",
                            show()
                        );
                    }
                }
            }
            // Any failing element may win on the device.
            (Outcome::Fault(_), Outcome::Fault(a)) => {
                faults += 1;
                let possible: Vec<String> = (0..8).filter_map(|j| fault_at(case, j)).collect();
                assert!(
                    possible.contains(a),
                    "the device reports {a:?}, the evaluator one of {possible:?}\n{}",
                    show()
                );
            }
            _ => panic!("the evaluator gives {expected:?}, the device {actual:?}\n{}", show()),
        }
    }
    assert!((10..290).contains(&faults), "{faults} of 300 random cases fault: the generator needs tuning");
}
