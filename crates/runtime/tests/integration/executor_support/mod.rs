//! Shared by the `executor_*` tests: builders for hand-written flat
//! programs and hand-written launch plans, an [`Output`] that records what
//! a program prints and emits in order, and running a program both on the
//! OpenCL executor and on the flat-IR evaluator (`flatten::eval`, the
//! oracle) to compare them.
//!
//! The sessions run on the default device (or `NESSIE_DEVICE`): PoCL in CI.
//! Without an OpenCL platform the tests fail and say what to install.

#![allow(dead_code)]

pub mod kernels;

use flatten::ir::{
    Atom, BinaryOp, Block, Const, FaultId, FaultSite, FlatProgram, FuncId, GExpr, HostExpr, HostFunction, HostVar,
    KVar, Kernel, KernelId, Repr, Scalar, SeqRepr, Soac, SoacBinding, Stmt, Thunk, VarType,
};
use lift_ir::arith::{ArithExpr, Range, Var};
use nesl_frontend::eval::Output;
use nesl_frontend::tast::DataDef;
use nesl_frontend::types::{DataId, DataNames};
use nesl_frontend::value::Value;
use nesl_frontend::{Diagnostic, FileId, Span, Type};
use opencl_backend::plan::{
    BufferDecl, BufferElem, CompiledKernel, KernelParam, KernelResult, Launch, LaunchArg, SizeExpr, SizeSource,
    SizeVar, Step,
};
use runtime::cl::Session;
use runtime::executor::{self, ExecError};

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

pub fn session() -> Session {
    let spec = std::env::var("NESSIE_DEVICE").ok();
    match Session::open(spec.as_deref()) {
        Ok(session) => session,
        Err(e) => panic!(
            "these tests need an OpenCL device; install PoCL \
             (`sudo apt-get install -y pocl-opencl-icd ocl-icd-libopencl1`) or set NESSIE_DEVICE: {e}"
        ),
    }
}

// --- Flat kernels ---------------------------------------------------------

pub fn var(v: KVar) -> GExpr {
    GExpr::Var(v)
}

pub fn int(x: i64) -> GExpr {
    GExpr::Const(Const::Int(x))
}

pub fn read(array: KVar, index: GExpr) -> GExpr {
    GExpr::read(array, index)
}

pub fn bin(op: BinaryOp, ty: Scalar, lhs: GExpr, rhs: GExpr) -> GExpr {
    GExpr::binary(op, ty, lhs, rhs)
}

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

    /// A thunk with scalar parameters of types `types`.
    pub fn thunk(&mut self, types: &[Scalar], body: impl FnOnce(&[KVar]) -> GExpr) -> Thunk {
        let params: Vec<KVar> = types.iter().enumerate().map(|(j, &t)| self.var(&format!("p{j}"), scalar(t))).collect();
        let body = body(&params);
        Thunk { params, body }
    }

    /// `let name : ty = soac`, returned as the kernel's next result.
    pub fn result(&mut self, name: &str, ty: VarType, soac: Soac) -> KVar {
        let v = self.var(name, ty);
        self.kernel.body.push(SoacBinding { results: vec![v], soac });
        self.kernel.results.push(v);
        v
    }

    pub fn finish(self) -> Kernel {
        self.kernel
    }
}

// --- Host functions -----------------------------------------------------

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

    pub fn param(&mut self, name: &str, ty: VarType) -> HostVar {
        let v = self.function.new_var(name, ty);
        self.function.params.push(v);
        v
    }

    pub fn stmt(&mut self, stmt: Stmt) {
        if let Some(block) = self.open_blocks.last_mut() {
            block.push(stmt);
        }
    }

    pub fn let_(&mut self, vars: &[(&str, VarType)], expr: HostExpr) -> Vec<HostVar> {
        let vars: Vec<HostVar> = vars.iter().map(|&(name, ty)| self.function.new_var(name, ty)).collect();
        self.stmt(Stmt::Let { vars: vars.clone(), expr });
        vars
    }

    pub fn let1(&mut self, name: &str, ty: VarType, expr: HostExpr) -> HostVar {
        self.let_(&[(name, ty)], expr)[0]
    }

    /// `let name = array elem [items]`.
    pub fn array(&mut self, name: &str, elem: Scalar, items: Vec<Const>) -> HostVar {
        let items = items.into_iter().map(Atom::Const).collect();
        self.let1(name, array(elem), HostExpr::Array { elem, items })
    }

    pub fn ints(&mut self, name: &str, items: &[i64]) -> HostVar {
        self.array(name, INT, items.iter().map(|&x| Const::Int(x)).collect())
    }

    pub fn floats(&mut self, name: &str, items: &[f64]) -> HostVar {
        self.array(name, FLOAT, items.iter().map(|&x| Const::Float(x)).collect())
    }

    pub fn string(&mut self, name: &str, text: &str) -> HostVar {
        self.array(name, CHAR, text.bytes().map(Const::Char).collect())
    }

    /// A nested block: the statements `body` adds, and the results it
    /// returns.
    pub fn block(&mut self, body: impl FnOnce(&mut FunctionBuilder) -> Vec<Atom>) -> Block {
        self.open_blocks.push(vec![]);
        let results = body(self);
        let stmts = self.open_blocks.pop().unwrap_or_default();
        Block { stmts, results }
    }

    pub fn emit(&mut self, item: usize, ty: Type, value: Repr) {
        self.stmt(Stmt::Emit { item, ty, value });
    }

    /// `emit item v : [elem]` for an array variable of scalars.
    pub fn emit_array(&mut self, item: usize, elem: Scalar, v: HostVar) {
        self.emit(item, Type::seq(elem.nesl_type()), Repr::Seq(SeqRepr::Array(v)));
    }

    pub fn emit_scalar(&mut self, item: usize, ty: Scalar, atom: Atom) {
        self.emit(item, ty.nesl_type(), Repr::Scalar(atom));
    }

    pub fn print(&mut self, text: HostVar) {
        self.stmt(Stmt::Print { text });
    }

    pub fn finish(mut self, results: Vec<Atom>) -> HostFunction {
        let stmts = self.open_blocks.pop().unwrap_or_default();
        self.function.body = Block { stmts, results };
        self.function
    }
}

pub fn run_of(kernel: KernelId, args: Vec<Atom>) -> HostExpr {
    HostExpr::Run { kernel, args }
}

pub fn atom(v: HostVar) -> Atom {
    Atom::Var(v)
}

pub fn int_atom(x: i64) -> Atom {
    Atom::Const(Const::Int(x))
}

pub fn binary(op: BinaryOp, ty: Scalar, lhs: Atom, rhs: Atom) -> HostExpr {
    HostExpr::Binary { op, ty, lhs, rhs }
}

// --- Programs -------------------------------------------------------------

/// A flat program and its hand-compiled kernels, built together.
pub struct ProgramBuilder {
    pub program: FlatProgram,
    pub compiled: Vec<CompiledKernel>,
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
                main: FunctionBuilder::new("main").finish(vec![]),
                fault_sites: vec![],
                datatypes: vec![],
            },
            compiled: vec![],
        }
    }

    /// Adds a flat kernel and its compiled form.
    pub fn kernel(&mut self, (flat, compiled): (Kernel, CompiledKernel)) -> KernelId {
        self.program.kernels.push(flat);
        self.compiled.push(compiled);
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

    pub fn finish(mut self, main: HostFunction) -> (FlatProgram, Vec<CompiledKernel>) {
        self.program.main = main;
        (self.program, self.compiled)
    }
}

// --- Launch plans -----------------------------------------------------------

/// A size variable that is not negative.
pub fn size_var(name: &str) -> Var {
    Var::new(name, Range::at_least(0))
}

pub fn size(v: &Var) -> SizeExpr {
    ArithExpr::var(v)
}

pub fn cst(x: i64) -> SizeExpr {
    ArithExpr::cst(x)
}

pub fn param(name: &str, ty: VarType) -> KernelParam {
    KernelParam { name: name.into(), ty, is_narrow: false }
}

pub fn buffer(name: &str, elem: BufferElem, length: SizeExpr, zeroed: bool) -> BufferDecl {
    BufferDecl { name: name.into(), elem, length, zeroed }
}

pub fn launch(
    kernel: &str,
    global: Vec<SizeExpr>,
    local: Option<Vec<SizeExpr>>,
    args: Vec<LaunchArg>,
    bytes_moved: SizeExpr,
) -> Step {
    Step::Launch(Launch { kernel: kernel.into(), global, when: None, local, narrow: None, args, bytes_moved })
}

pub fn length_of(var: &Var, param: usize) -> SizeVar {
    SizeVar { var: var.clone(), source: SizeSource::LengthOf(param) }
}

pub fn value_of(var: &Var, param: usize) -> SizeVar {
    SizeVar { var: var.clone(), source: SizeSource::ValueOf(param) }
}

pub fn read_back(var: &Var, buffer: usize, index: SizeExpr) -> SizeVar {
    SizeVar { var: var.clone(), source: SizeSource::ReadBack { buffer, index } }
}

/// A compiled kernel of `source` with the `#pragma` for doubles and the
/// error-flag helpers prepended.
#[allow(clippy::too_many_arguments)]
pub fn compiled(
    name: &str,
    source: &str,
    params: Vec<KernelParam>,
    size_vars: Vec<SizeVar>,
    buffers: Vec<BufferDecl>,
    steps: Vec<Step>,
    results: Vec<KernelResult>,
) -> CompiledKernel {
    let source = format!(
        "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n{}\n{source}",
        runtime::cl::ERROR_FLAG_HELPERS_OPENCL_C
    );
    CompiledKernel { name: name.into(), source, params, size_vars, buffers, steps, results }
}

// --- Running ----------------------------------------------------------------

/// What a program printed and emitted, in order; items in their printed
/// form.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Recorded {
    pub events: Vec<Event>,
    datatype_names: Vec<String>,
}

#[derive(Debug, PartialEq, Eq)]
pub enum Event {
    Print(String),
    Item(usize, String),
}

impl Recorded {
    pub fn for_program(program: &FlatProgram) -> Recorded {
        Recorded { events: vec![], datatype_names: program.datatypes.iter().map(|d| d.name.clone()).collect() }
    }

    /// The printed items, in order.
    pub fn items(&self) -> Vec<&str> {
        self.events
            .iter()
            .filter_map(|event| match event {
                Event::Item(_, shown) => Some(shown.as_str()),
                Event::Print(_) => None,
            })
            .collect()
    }
}

struct Names<'a>(&'a [String]);

impl DataNames for Names<'_> {
    fn data_name(&self, id: DataId) -> &str {
        self.0.get(id.0 as usize).map_or("?", |s| s.as_str())
    }
}

impl Output for Recorded {
    fn print(&mut self, text: &[u8]) {
        self.events.push(Event::Print(String::from_utf8_lossy(text).into_owned()));
    }

    fn item(&mut self, item: usize, value: &Value) {
        let shown = value.display(&Names(&self.datatype_names)).to_string();
        self.events.push(Event::Item(item, shown));
    }
}

/// Runs the program on the executor in `session`.
pub fn execute_in(
    session: &mut Session,
    program: &FlatProgram,
    kernels: &[CompiledKernel],
) -> (Recorded, Result<(), ExecError>) {
    let mut recorded = Recorded::for_program(program);
    let result = executor::run(program, kernels, session, &mut recorded);
    (recorded, result)
}

/// Runs the program on the flat-IR evaluator.
pub fn evaluate(program: &FlatProgram) -> (Recorded, Result<(), flatten::eval::EvalError>) {
    let mut recorded = Recorded::for_program(program);
    let result = flatten::eval::run(program, &mut recorded);
    (recorded, result)
}

/// Runs the program on both, checks that they agree and succeed, and
/// returns what they recorded.
pub fn run_both(program: &FlatProgram, kernels: &[CompiledKernel]) -> Recorded {
    let (on_device, result) = execute_in(&mut session(), program, kernels);
    if let Err(error) = result {
        panic!("the executor failed: {error}\n{}", flatten::ir::print::print_program(program));
    }
    let (evaluated, result) = evaluate(program);
    if let Err(error) = result {
        panic!("the evaluator failed: {error}");
    }
    assert_eq!(on_device, evaluated, "the executor and the evaluator disagree");
    on_device
}

/// Runs the program on both, checks that both fault with the same
/// diagnostic after the same output, and returns the output and the
/// diagnostic.
pub fn fault_both(program: &FlatProgram, kernels: &[CompiledKernel]) -> (Recorded, Diagnostic) {
    let (on_device, result) = execute_in(&mut session(), program, kernels);
    let diagnostic = match result {
        Err(ExecError::Fault(diagnostic)) => diagnostic,
        other => panic!("expected a fault from the executor, got {other:?}"),
    };
    let (evaluated, result) = evaluate(program);
    match result {
        Err(flatten::eval::EvalError::Fault(expected)) => assert_eq!(diagnostic, expected),
        other => panic!("expected a fault from the evaluator, got {other:?}"),
    }
    assert_eq!(on_device, evaluated, "the executor and the evaluator disagree before the fault");
    (on_device, diagnostic)
}
