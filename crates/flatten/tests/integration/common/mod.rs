//! Builders for hand-written flat programs, and an [`Output`] that records
//! what a program prints and emits. Shared by the `eval_*` and `verify_*`
//! tests.

#![allow(dead_code)]

use flatten::eval::{self, ArrayValue, EvalError, FlatValue};
use flatten::ir::{
    Atom, BinaryOp, Block, Const, FaultId, FaultSite, FlatProgram, FuncId, GExpr, HostExpr, HostFunction, HostVar,
    KVar, Kernel, KernelId, Scalar, Soac, SoacBinding, Stmt, Thunk, UnaryOp, VarType,
};
use nesl_frontend::eval::Output;
use nesl_frontend::tast::DataDef;
use nesl_frontend::types::{DataId, DataNames};
use nesl_frontend::value::Value;
use nesl_frontend::{FileId, Span, Type};

pub const INT: Scalar = Scalar::Int;
pub const FLOAT: Scalar = Scalar::Float;
pub const BOOL: Scalar = Scalar::Bool;
pub const CHAR: Scalar = Scalar::Char;

pub fn array(s: Scalar) -> VarType {
    VarType::Array(s)
}

pub fn scalar(s: Scalar) -> VarType {
    VarType::Scalar(s)
}

// --- GPU expressions -----------------------------------------------------

pub fn var(v: KVar) -> GExpr {
    GExpr::Var(v)
}

pub fn int(x: i64) -> GExpr {
    GExpr::Const(Const::Int(x))
}

pub fn float(x: f64) -> GExpr {
    GExpr::Const(Const::Float(x))
}

pub fn boolean(b: bool) -> GExpr {
    GExpr::Const(Const::Bool(b))
}

pub fn read(array: KVar, index: GExpr) -> GExpr {
    GExpr::read(array, index)
}

pub fn bin(op: BinaryOp, ty: Scalar, lhs: GExpr, rhs: GExpr) -> GExpr {
    GExpr::binary(op, ty, lhs, rhs)
}

pub fn un(op: UnaryOp, ty: Scalar, arg: GExpr) -> GExpr {
    GExpr::unary(op, ty, arg)
}

pub fn add(ty: Scalar, lhs: GExpr, rhs: GExpr) -> GExpr {
    bin(BinaryOp::Add, ty, lhs, rhs)
}

pub fn mul(ty: Scalar, lhs: GExpr, rhs: GExpr) -> GExpr {
    bin(BinaryOp::Mul, ty, lhs, rhs)
}

pub fn tuple(items: Vec<GExpr>) -> GExpr {
    GExpr::Tuple(items)
}

pub fn assert_that(cond: GExpr, site: FaultId, payload: Vec<GExpr>, body: GExpr) -> GExpr {
    GExpr::Assert { cond: Box::new(cond), site, payload, body: Box::new(body) }
}

/// `values[index]` for a table of constants, as a chain of `if`s (the flat
/// IR has no array literals).
pub fn table(index: GExpr, values: &[Const]) -> GExpr {
    let (last, rest) = values.split_last().expect("a non-empty table");
    rest.iter().enumerate().rev().fold(GExpr::Const(*last), |otherwise, (j, value)| {
        GExpr::if_(bin(BinaryOp::Eq, INT, index.clone(), int(j as i64)), GExpr::Const(*value), otherwise)
    })
}

pub fn ints(values: &[i64]) -> Vec<Const> {
    values.iter().map(|&x| Const::Int(x)).collect()
}

pub fn floats(values: &[f64]) -> Vec<Const> {
    values.iter().map(|&x| Const::Float(x)).collect()
}

// --- Kernels -------------------------------------------------------------

pub struct KernelBuilder {
    pub kernel: Kernel,
}

impl KernelBuilder {
    pub fn new(name: &str) -> KernelBuilder {
        KernelBuilder {
            kernel: Kernel { name: name.into(), params: vec![], body: vec![], results: vec![], vars: vec![] },
        }
    }

    pub fn var(&mut self, name: &str, ty: VarType) -> KVar {
        self.kernel.new_var(name, ty)
    }

    pub fn param(&mut self, name: &str, ty: VarType) -> KVar {
        let v = self.var(name, ty);
        self.kernel.params.push(v);
        v
    }

    /// A pull thunk `{ i => body(i) }`.
    pub fn pull(&mut self, body: impl FnOnce(&mut KernelBuilder, KVar) -> GExpr) -> Thunk {
        let i = self.var("i", scalar(INT));
        let body = body(self, i);
        Thunk { params: vec![i], body }
    }

    /// A thunk with scalar parameters of types `types`.
    pub fn thunk(&mut self, types: &[Scalar], body: impl FnOnce(&mut KernelBuilder, &[KVar]) -> GExpr) -> Thunk {
        let params: Vec<KVar> = types.iter().enumerate().map(|(j, &t)| self.var(&format!("p{j}"), scalar(t))).collect();
        let body = body(self, &params);
        Thunk { params, body }
    }

    /// The operator `{ (a, b) => a op b }` on one type.
    pub fn op(&mut self, op: BinaryOp, ty: Scalar) -> Thunk {
        self.thunk(&[ty, ty], |_, p| bin(op, ty, var(p[0]), var(p[1])))
    }

    /// `let results = soac`, with fresh result variables.
    pub fn bind(&mut self, results: &[(&str, VarType)], soac: Soac) -> Vec<KVar> {
        let results: Vec<KVar> = results.iter().map(|&(name, ty)| self.var(name, ty)).collect();
        self.kernel.body.push(SoacBinding { results: results.clone(), soac });
        results
    }

    pub fn bind1(&mut self, name: &str, ty: VarType, soac: Soac) -> KVar {
        self.bind(&[(name, ty)], soac)[0]
    }

    pub fn returns(&mut self, results: &[KVar]) {
        self.kernel.results = results.to_vec();
    }

    pub fn finish(self) -> Kernel {
        self.kernel
    }
}

// --- Host functions ------------------------------------------------------

pub struct FunctionBuilder {
    pub function: HostFunction,
    /// The statements of the blocks being built, innermost last.
    open_blocks: Vec<Vec<Stmt>>,
}

impl FunctionBuilder {
    pub fn new(name: &str) -> FunctionBuilder {
        FunctionBuilder {
            function: HostFunction { name: name.into(), params: vec![], body: Block::default(), vars: vec![] },
            open_blocks: vec![vec![]],
        }
    }

    pub fn var(&mut self, name: &str, ty: VarType) -> HostVar {
        self.function.new_var(name, ty)
    }

    pub fn param(&mut self, name: &str, ty: VarType) -> HostVar {
        let v = self.var(name, ty);
        self.function.params.push(v);
        v
    }

    pub fn stmt(&mut self, stmt: Stmt) {
        self.open_blocks.last_mut().expect("an open block").push(stmt);
    }

    pub fn let_(&mut self, vars: &[(&str, VarType)], expr: HostExpr) -> Vec<HostVar> {
        let vars: Vec<HostVar> = vars.iter().map(|&(name, ty)| self.var(name, ty)).collect();
        self.stmt(Stmt::Let { vars: vars.clone(), expr });
        vars
    }

    pub fn let1(&mut self, name: &str, ty: VarType, expr: HostExpr) -> HostVar {
        self.let_(&[(name, ty)], expr)[0]
    }

    /// A nested block: the statements `body` adds, and the results it
    /// returns.
    pub fn block(&mut self, body: impl FnOnce(&mut FunctionBuilder) -> Vec<Atom>) -> Block {
        self.open_blocks.push(vec![]);
        let results = body(self);
        let stmts = self.open_blocks.pop().expect("the block just opened");
        Block { stmts, results }
    }

    pub fn emit(&mut self, item: usize, ty: Type, value: flatten::ir::Repr) {
        self.stmt(Stmt::Emit { item, ty, value });
    }

    pub fn finish(mut self, results: Vec<Atom>) -> HostFunction {
        let stmts = self.open_blocks.pop().expect("the body");
        self.function.body = Block { stmts, results };
        self.function
    }
}

pub fn run_of(kernel: KernelId, args: &[HostVar]) -> HostExpr {
    HostExpr::Run { kernel, args: args.iter().map(|&v| Atom::Var(v)).collect() }
}

pub fn call_of(func: FuncId, args: Vec<Atom>) -> HostExpr {
    HostExpr::Call { func, args }
}

pub fn atom(v: HostVar) -> Atom {
    Atom::Var(v)
}

pub fn int_atom(x: i64) -> Atom {
    Atom::Const(Const::Int(x))
}

// --- Programs ------------------------------------------------------------

pub struct ProgramBuilder {
    pub program: FlatProgram,
}

impl Default for ProgramBuilder {
    fn default() -> Self {
        ProgramBuilder::new()
    }
}

impl ProgramBuilder {
    pub fn new() -> ProgramBuilder {
        ProgramBuilder {
            program: FlatProgram {
                kernels: vec![],
                functions: vec![],
                main: HostFunction { name: "main".into(), params: vec![], body: Block::default(), vars: vec![] },
                fault_sites: vec![],
                datatypes: vec![],
            },
        }
    }

    pub fn kernel(&mut self, kernel: Kernel) -> KernelId {
        self.program.kernels.push(kernel);
        KernelId(self.program.kernels.len() as u32 - 1)
    }

    /// Reserves a function id, for recursive functions; fill it with
    /// [`ProgramBuilder::define`].
    pub fn declare(&mut self, name: &str) -> FuncId {
        self.program.functions.push(FunctionBuilder::new(name).finish(vec![]));
        FuncId(self.program.functions.len() as u32 - 1)
    }

    pub fn define(&mut self, id: FuncId, function: HostFunction) {
        self.program.functions[id.0 as usize] = function;
    }

    pub fn function(&mut self, function: HostFunction) -> FuncId {
        self.program.functions.push(function);
        FuncId(self.program.functions.len() as u32 - 1)
    }

    /// A fault site whose span is `[lo, hi)` of file 0.
    pub fn fault(&mut self, message: &str, lo: usize, hi: usize) -> FaultId {
        self.program.fault_sites.push(FaultSite {
            message: message.into(),
            span: Span::new(FileId(0), lo, hi),
            label: "the program failed here".into(),
            note: None,
        });
        FaultId(self.program.fault_sites.len() as u32 - 1)
    }

    pub fn datatype(&mut self, name: &str, fields: Vec<Type>) -> DataId {
        self.program.datatypes.push(DataDef { name: name.into(), fields, span: Span::default() });
        DataId(self.program.datatypes.len() as u32 - 1)
    }

    pub fn finish(mut self, main: HostFunction) -> FlatProgram {
        self.program.main = main;
        self.program
    }
}

// --- Running -------------------------------------------------------------

/// What a program printed and emitted; item values in their printed form.
#[derive(Debug, Default)]
pub struct Recorded {
    pub printed: Vec<u8>,
    pub items: Vec<(usize, String)>,
    datatype_names: Vec<String>,
}

struct Names<'a>(&'a [String]);

impl DataNames for Names<'_> {
    fn data_name(&self, id: DataId) -> &str {
        self.0.get(id.0 as usize).map_or("?", |s| s.as_str())
    }
}

impl Output for Recorded {
    fn print(&mut self, text: &[u8]) {
        self.printed.extend_from_slice(text);
    }

    fn item(&mut self, item: usize, value: &Value) {
        let shown = value.display(&Names(&self.datatype_names)).to_string();
        self.items.push((item, shown));
    }
}

impl Recorded {
    pub fn shown(&self) -> Vec<&str> {
        self.items.iter().map(|(_, s)| s.as_str()).collect()
    }
}

/// Verifies `program` (which must pass) and runs it.
pub fn run(program: &FlatProgram) -> Result<Recorded, EvalError> {
    if let Err(error) = flatten::ir::verify::verify(program) {
        panic!("{error}\n{}", flatten::ir::print::print_program(program));
    }
    let mut recorded =
        Recorded { datatype_names: program.datatypes.iter().map(|d| d.name.clone()).collect(), ..Recorded::default() };
    eval::run(program, &mut recorded)?;
    Ok(recorded)
}

/// A program holding just `kernel`, for [`eval::run_kernel`].
pub fn kernel_program(kernel: Kernel, faults: &[&str]) -> FlatProgram {
    let mut b = ProgramBuilder::new();
    b.kernel(kernel);
    for (j, message) in faults.iter().enumerate() {
        b.fault(message, 10 * j, 10 * j + 5);
    }
    let main = FunctionBuilder::new("main").finish(vec![]);
    b.finish(main)
}

/// Verifies the program (which must pass) and runs its kernel 0 on `args`.
pub fn run_kernel0(program: &FlatProgram, args: Vec<FlatValue>) -> Result<Vec<FlatValue>, EvalError> {
    if let Err(error) = flatten::ir::verify::verify(program) {
        panic!("{error}\n{}", flatten::ir::print::print_program(program));
    }
    eval::run_kernel(program, KernelId(0), args)
}

pub fn int_array(values: &[i64]) -> FlatValue {
    FlatValue::Array(ArrayValue::ints(values.to_vec()))
}

pub fn float_array(values: &[f64]) -> FlatValue {
    FlatValue::Array(ArrayValue::floats(values.to_vec()))
}

pub fn bool_array(values: &[bool]) -> FlatValue {
    FlatValue::Array(ArrayValue::bools(values))
}

pub fn int_scalar(x: i64) -> FlatValue {
    FlatValue::Scalar(flatten::eval::ScalarValue::Int(x))
}

pub fn float_scalar(x: f64) -> FlatValue {
    FlatValue::Scalar(flatten::eval::ScalarValue::Float(x))
}

/// The ints of an int array value.
pub fn as_ints(value: &FlatValue) -> Vec<i64> {
    match value {
        FlatValue::Array(ArrayValue::Int(v)) => v.to_vec(),
        other => panic!("not an int array: {other:?}"),
    }
}

pub fn as_floats(value: &FlatValue) -> Vec<f64> {
    match value {
        FlatValue::Array(ArrayValue::Float(v)) => v.to_vec(),
        other => panic!("not a float array: {other:?}"),
    }
}

pub fn as_bools(value: &FlatValue) -> Vec<bool> {
    match value {
        FlatValue::Array(ArrayValue::Bool(v)) => v.iter().map(|&b| b != 0).collect(),
        other => panic!("not a bool array: {other:?}"),
    }
}

/// The fault's message and span, or a panic if the error is not a fault.
pub fn expect_fault(result: Result<impl std::fmt::Debug, EvalError>) -> (String, Span) {
    match result {
        Err(EvalError::Fault(diagnostic)) => {
            assert_eq!(diagnostic.class, nesl_frontend::ErrorClass::Runtime);
            let span = diagnostic.primary_span().expect("a fault has a primary span");
            assert_eq!(diagnostic.labels[0].message, "the program failed here");
            (diagnostic.message, span)
        }
        other => panic!("expected a fault, got {other:?}"),
    }
}

/// The internal error's text, or a panic if the error is not internal.
pub fn expect_internal(result: Result<impl std::fmt::Debug, EvalError>) -> String {
    match result {
        Err(EvalError::Internal(error)) => error.to_string(),
        other => panic!("expected an internal error, got {other:?}"),
    }
}
