//! Builders for hand-written flat programs, and the oracle check: a fused
//! program verifies and the flat-IR evaluator prints exactly what it
//! printed before fusion.

#![allow(dead_code)]

use flatten::eval::run;
use flatten::ir::{
    Atom, BinaryOp, Block, Const, FaultId, FaultSite, FlatProgram, GExpr, HostExpr, HostFunction, HostVar, KVar,
    Kernel, KernelId, Repr, Scalar, SegDesc, SeqRepr, Soac, SoacBinding, Stmt, Thunk, VarType,
};
use fusion::{Fused, ScheduleKind, fuse};
use nesl_frontend::eval::Output;
use nesl_frontend::value::Value;
use nesl_frontend::{FileId, Span, Type};

pub const INT: Scalar = Scalar::Int;
pub const FLOAT: Scalar = Scalar::Float;
pub const BOOL: Scalar = Scalar::Bool;

pub fn array(s: Scalar) -> VarType {
    VarType::Array(s)
}

pub fn scalar(s: Scalar) -> VarType {
    VarType::Scalar(s)
}

pub fn bin(op: BinaryOp, ty: Scalar, lhs: GExpr, rhs: GExpr) -> GExpr {
    GExpr::binary(op, ty, lhs, rhs)
}

pub fn float(x: f64) -> GExpr {
    GExpr::Const(Const::Float(x))
}

pub fn int(x: i64) -> GExpr {
    GExpr::int(x)
}

pub fn var(v: KVar) -> GExpr {
    GExpr::Var(v)
}

/// A kernel under construction.
pub struct KernelBuilder {
    pub kernel: Kernel,
}

impl KernelBuilder {
    pub fn param(&mut self, name: &str, ty: VarType) -> KVar {
        let v = self.kernel.new_var(name, ty);
        self.kernel.params.push(v);
        v
    }

    pub fn var(&mut self, name: &str, ty: VarType) -> KVar {
        self.kernel.new_var(name, ty)
    }

    /// `{ i => body(i) }`
    pub fn thunk(&mut self, body: impl FnOnce(GExpr) -> GExpr) -> Thunk {
        let i = self.var("i", scalar(INT));
        Thunk { params: vec![i], body: body(GExpr::Var(i)) }
    }

    /// `{ (a, b) => a op b }` over `ty`.
    pub fn operator(&mut self, op: BinaryOp, ty: Scalar) -> Thunk {
        let (a, b) = (self.var("a", scalar(ty)), self.var("b", scalar(ty)));
        Thunk { params: vec![a, b], body: bin(op, ty, var(a), var(b)) }
    }

    /// `{ x => body(x) }` over `ty`.
    pub fn predicate(&mut self, ty: Scalar, body: impl FnOnce(GExpr) -> GExpr) -> Thunk {
        let x = self.var("x", scalar(ty));
        Thunk { params: vec![x], body: body(var(x)) }
    }

    /// Binds `soac` to one result and returns it as the kernel's result.
    pub fn returns(&mut self, name: &str, ty: VarType, soac: Soac) -> KVar {
        let r = self.var(name, ty);
        self.kernel.body.push(SoacBinding { results: vec![r], soac });
        self.kernel.results.push(r);
        r
    }

    pub fn segments(&self, lengths: KVar, offsets: KVar) -> SegDesc {
        SegDesc { lengths, offsets }
    }
}

/// A flat program under construction: kernels and `main`.
pub struct ProgramBuilder {
    pub program: FlatProgram,
    items: usize,
}

impl ProgramBuilder {
    pub fn new() -> ProgramBuilder {
        let site = |message: &str| FaultSite {
            message: message.to_string(),
            span: Span::new(FileId(0), 0, 1),
            label: "the program failed here".to_string(),
            note: None,
        };
        ProgramBuilder {
            program: FlatProgram {
                kernels: Vec::new(),
                functions: Vec::new(),
                main: HostFunction { name: "main".into(), params: vec![], body: Block::default(), vars: vec![] },
                fault_sites: vec![
                    site("index out of range: index {0}, length {1}"),
                    site("lengths differ: {0} and {1}"),
                ],
                datatypes: Vec::new(),
            },
            items: 0,
        }
    }

    pub fn kernel(&mut self, name: &str, build: impl FnOnce(&mut KernelBuilder)) -> KernelId {
        let mut kb = KernelBuilder {
            kernel: Kernel { name: name.into(), params: vec![], body: vec![], results: vec![], vars: vec![] },
        };
        build(&mut kb);
        self.program.kernels.push(kb.kernel);
        KernelId(self.program.kernels.len() as u32 - 1)
    }

    /// A function with parameters; its body is built with `body`, which
    /// returns the block's results.
    pub fn function(
        &mut self,
        name: &str,
        params: &[(&str, VarType)],
        body: impl FnOnce(&mut FunctionBuilder, &[HostVar]) -> Vec<Atom>,
    ) -> flatten::ir::FuncId {
        let mut function = HostFunction { name: name.into(), params: vec![], body: Block::default(), vars: vec![] };
        let params: Vec<HostVar> = params.iter().map(|(n, t)| function.new_var(*n, *t)).collect();
        function.params = params.clone();
        let mut fb = FunctionBuilder { function, blocks: vec![Block::default()] };
        let results = body(&mut fb, &params);
        let mut function = fb.function;
        let mut block = fb.blocks.pop().unwrap_or_default();
        block.results = results;
        function.body = block;
        self.program.functions.push(function);
        flatten::ir::FuncId(self.program.functions.len() as u32 - 1)
    }

    /// Builds `main`'s body with `body`.
    pub fn main(&mut self, body: impl FnOnce(&mut FunctionBuilder)) {
        let function = std::mem::replace(
            &mut self.program.main,
            HostFunction { name: "main".into(), params: vec![], body: Block::default(), vars: vec![] },
        );
        let mut fb = FunctionBuilder { function, blocks: vec![Block::default()] };
        body(&mut fb);
        let mut function = fb.function;
        function.body = fb.blocks.pop().unwrap_or_default();
        self.program.main = function;
    }

    pub fn finish(self) -> FlatProgram {
        let _ = self.items;
        self.program
    }
}

/// A host function's body under construction (a stack of open blocks).
pub struct FunctionBuilder {
    pub function: HostFunction,
    blocks: Vec<Block>,
}

impl FunctionBuilder {
    fn block(&mut self) -> &mut Block {
        self.blocks.last_mut().expect("an open block")
    }

    pub fn let_(&mut self, name: &str, ty: VarType, expr: HostExpr) -> HostVar {
        let v = self.function.new_var(name, ty);
        self.block().stmts.push(Stmt::Let { vars: vec![v], expr });
        v
    }

    pub fn let_many(&mut self, vars: &[(&str, VarType)], expr: HostExpr) -> Vec<HostVar> {
        let vars: Vec<HostVar> = vars.iter().map(|(n, t)| self.function.new_var(*n, *t)).collect();
        self.block().stmts.push(Stmt::Let { vars: vars.clone(), expr });
        vars
    }

    /// `let r = run kernel(args)` with one result.
    pub fn run(&mut self, name: &str, ty: VarType, kernel: KernelId, args: &[HostVar]) -> HostVar {
        let args = args.iter().map(|&a| Atom::Var(a)).collect();
        self.let_(name, ty, HostExpr::Run { kernel, args })
    }

    pub fn floats(&mut self, name: &str, items: &[f64]) -> HostVar {
        let items = items.iter().map(|&x| Atom::Const(Const::Float(x))).collect();
        self.let_(name, array(FLOAT), HostExpr::Array { elem: FLOAT, items })
    }

    pub fn ints(&mut self, name: &str, items: &[i64]) -> HostVar {
        let items = items.iter().map(|&x| Atom::Const(Const::Int(x))).collect();
        self.let_(name, array(INT), HostExpr::Array { elem: INT, items })
    }

    pub fn print(&mut self, text: HostVar) {
        self.block().stmts.push(Stmt::Print { text });
    }

    pub fn length(&mut self, name: &str, of: HostVar) -> HostVar {
        self.let_(name, scalar(INT), HostExpr::Length(of))
    }

    pub fn assert(&mut self, cond: HostVar, site: u32, payload: &[HostVar]) {
        let payload = payload.iter().map(|&p| Atom::Var(p)).collect();
        self.block().stmts.push(Stmt::Assert { cond: Atom::Var(cond), site: FaultId(site), payload });
    }

    /// Emits `value` as item `item` of type `ty` (a scalar or a flat
    /// sequence).
    pub fn emit(&mut self, item: usize, value: HostVar, ty: Type) {
        let repr = match ty {
            Type::Seq(_) => Repr::Seq(SeqRepr::Array(value)),
            _ => Repr::Scalar(Atom::Var(value)),
        };
        self.block().stmts.push(Stmt::Emit { item, ty, value: repr });
    }

    /// `let results = if cond then { then } else { else }`: each closure
    /// builds its block and returns its results.
    pub fn if_(
        &mut self,
        results: &[(&str, VarType)],
        cond: HostVar,
        then_block: impl FnOnce(&mut FunctionBuilder) -> Vec<Atom>,
        else_block: impl FnOnce(&mut FunctionBuilder) -> Vec<Atom>,
    ) -> Vec<HostVar> {
        self.blocks.push(Block::default());
        let then_results = then_block(self);
        let mut then_b = self.blocks.pop().unwrap_or_default();
        then_b.results = then_results;
        self.blocks.push(Block::default());
        let else_results = else_block(self);
        let mut else_b = self.blocks.pop().unwrap_or_default();
        else_b.results = else_results;
        self.let_many(results, HostExpr::If { cond: Atom::Var(cond), then_block: then_b, else_block: else_b })
    }

    /// `let (results.., secs) = time { block }`.
    pub fn time(
        &mut self,
        results: &[(&str, VarType)],
        block: impl FnOnce(&mut FunctionBuilder) -> Vec<Atom>,
    ) -> Vec<HostVar> {
        self.blocks.push(Block::default());
        let block_results = block(self);
        let mut b = self.blocks.pop().unwrap_or_default();
        b.results = block_results;
        let mut all: Vec<(&str, VarType)> = results.to_vec();
        all.push(("secs", scalar(FLOAT)));
        self.let_many(&all, HostExpr::Time { block: b })
    }

    pub fn call(&mut self, results: &[(&str, VarType)], func: flatten::ir::FuncId, args: &[HostVar]) -> Vec<HostVar> {
        let args = args.iter().map(|&a| Atom::Var(a)).collect();
        self.let_many(results, HostExpr::Call { func, args })
    }

    pub fn binary(&mut self, name: &str, op: BinaryOp, ty: Scalar, lhs: HostVar, rhs: HostVar) -> HostVar {
        let result_ty = scalar(op.result(ty));
        self.let_(name, result_ty, HostExpr::Binary { op, ty, lhs: Atom::Var(lhs), rhs: Atom::Var(rhs) })
    }
}

/// What a program printed and emitted, one line per event, and how it
/// ended.
#[derive(Default)]
struct Transcript(String);

impl Output for Transcript {
    fn print(&mut self, text: &[u8]) {
        self.0.push_str(&String::from_utf8_lossy(text));
        self.0.push('\n');
    }

    fn item(&mut self, item: usize, value: &Value) {
        self.0.push_str(&format!("item {item}: {value:?}\n"));
    }
}

/// The transcript of running `program` with the flat-IR evaluator.
pub fn transcript(program: &FlatProgram) -> String {
    let mut out = Transcript::default();
    match run(program, &mut out) {
        Ok(()) => out.0,
        Err(error) => format!("{}fault: {error}", out.0),
    }
}

/// Fuses `program` with `schedule` and checks that the result verifies
/// and prints exactly what the program printed.
pub fn fuse_and_check(program: &FlatProgram, schedule: ScheduleKind) -> Fused {
    let expected = transcript(program);
    let fused = fuse(program, schedule).unwrap_or_else(|e| panic!("{} failed: {e}", schedule.name()));
    flatten::ir::verify::verify(&fused.program)
        .unwrap_or_else(|e| panic!("{}: {e}\n{}", schedule.name(), flatten::ir::print::print_program(&fused.program)));
    let got = transcript(&fused.program);
    assert_eq!(
        got,
        expected,
        "{} changed what the program computes:\n{}\n{}",
        schedule.name(),
        flatten::ir::print::print_program(&fused.program),
        fused.report
    );
    fused
}

/// The kinds of the SOACs of the kernels `function`'s body runs, kernel by
/// kernel, in order.
pub fn kernels_run_by(fused: &Fused, function: &str) -> Vec<Vec<&'static str>> {
    let program = &fused.program;
    let f = if function == "main" {
        &program.main
    } else {
        program.functions.iter().find(|f| f.name == function).expect("the function exists")
    };
    let mut kinds = Vec::new();
    collect(program, &f.body, &mut kinds);
    kinds
}

fn collect(program: &FlatProgram, block: &Block, out: &mut Vec<Vec<&'static str>>) {
    for stmt in &block.stmts {
        if let Stmt::Let { expr, .. } = stmt {
            match expr {
                HostExpr::Run { kernel, .. } => {
                    out.push(program.kernel(*kernel).body.iter().map(|b| b.soac.name()).collect())
                }
                HostExpr::If { then_block, else_block, .. } => {
                    collect(program, then_block, out);
                    collect(program, else_block, out);
                }
                HostExpr::Time { block } => collect(program, block, out),
                _ => {}
            }
        }
    }
}

/// The flat program of a NESL file of the repository (`path` from its root).
pub fn flatten_nesl_file(path: &str) -> flatten::ir::FlatProgram {
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(path);
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()));
    let mut sources = nesl_frontend::SourceMap::new();
    let prelude_file = sources.add(nesl_frontend::PRELUDE_NAME, nesl_frontend::PRELUDE_SOURCE, true);
    let file = sources.add(path.to_string(), text, false);
    let prelude = nesl_frontend::syntax::parse_file(&sources, prelude_file).expect("the prelude parses");
    let ast = nesl_frontend::syntax::parse_file(&sources, file).unwrap_or_else(|_| panic!("{path} parses"));
    let program =
        nesl_frontend::check::check_program(&sources, &prelude, &ast).unwrap_or_else(|_| panic!("{path} type-checks"));
    flatten::flatten_program(&program, &sources).unwrap_or_else(|e| panic!("{path} flattens: {e}"))
}
