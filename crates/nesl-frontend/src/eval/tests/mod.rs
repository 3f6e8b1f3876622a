//! Unit tests of the interpreter on typed programs built by hand with
//! [`Builder`], independent of the parser and the checker. End-to-end
//! tests from NESL source are in `tests/eval_*.rs`.

mod apply_to_each;
mod faults;
mod performance;
mod prims_scalar;
mod prims_seq;
mod programs;
mod strings;

use la_arena::Arena;

use crate::builtins::Prim;
use crate::diagnostic::Diagnostic;
use crate::source::{FileId, SourceMap, Span};
use crate::tast::{
    DataDef, Expr, ExprId, ExprKind, FuncId, Function, Generator, GlobalId, Local, LocalId, Pattern, PatternKind,
    Program, TopItem, TopItemKind, Var,
};
use crate::types::{DataId, Type};
use crate::value::Value;

use super::Output;

/// Builds a typed program piece by piece. Every expression gets a span of
/// its own (one byte), in the user file, or in the library file while a
/// library function is being built.
pub(super) struct Builder {
    pub program: Program,
    pub sources: SourceMap,
    user_file: FileId,
    library_file: FileId,
    in_library: bool,
    next_offset: usize,
    /// The locals of the function or item being built.
    locals: Vec<Local>,
    /// The locals of the items, set aside while a function is built.
    item_locals: Vec<Local>,
}

impl Builder {
    pub fn new() -> Builder {
        let mut sources = SourceMap::new();
        let blank = " ".repeat(1 << 16);
        let user_file = sources.add("test.nesl", blank.clone(), false);
        let library_file = sources.add(crate::PRELUDE_NAME, blank, true);
        Builder {
            program: Program { functions: Arena::new(), exprs: Arena::new(), ..Program::default() },
            sources,
            user_file,
            library_file,
            in_library: false,
            next_offset: 0,
            locals: Vec::new(),
            item_locals: Vec::new(),
        }
    }

    fn span(&mut self) -> Span {
        let file = if self.in_library { self.library_file } else { self.user_file };
        self.next_offset += 1;
        Span::new(file, self.next_offset - 1, self.next_offset)
    }

    pub fn expr(&mut self, kind: ExprKind, ty: Type) -> ExprId {
        let span = self.span();
        self.program.exprs.alloc(Expr { kind, ty, span })
    }

    pub fn span_of(&self, e: ExprId) -> Span {
        self.program.exprs[e].span
    }

    pub fn ty(&self, e: ExprId) -> Type {
        self.program.exprs[e].ty.clone()
    }

    pub fn int(&mut self, x: i64) -> ExprId {
        self.expr(ExprKind::Int(x), Type::Int)
    }

    pub fn float(&mut self, x: f64) -> ExprId {
        self.expr(ExprKind::Float(x), Type::Float)
    }

    pub fn boolean(&mut self, x: bool) -> ExprId {
        self.expr(ExprKind::Bool(x), Type::Bool)
    }

    pub fn char(&mut self, c: u8) -> ExprId {
        self.expr(ExprKind::Char(c), Type::Char)
    }

    pub fn string(&mut self, s: &str) -> ExprId {
        self.expr(ExprKind::String(s.as_bytes().to_vec()), Type::string())
    }

    pub fn seq(&mut self, elements: &[ExprId], elem: Type) -> ExprId {
        self.expr(ExprKind::Seq(elements.to_vec()), Type::seq(elem))
    }

    pub fn ints(&mut self, xs: &[i64]) -> ExprId {
        let elements: Vec<ExprId> = xs.iter().map(|&x| self.int(x)).collect();
        self.seq(&elements, Type::Int)
    }

    pub fn floats(&mut self, xs: &[f64]) -> ExprId {
        let elements: Vec<ExprId> = xs.iter().map(|&x| self.float(x)).collect();
        self.seq(&elements, Type::Float)
    }

    pub fn bools(&mut self, xs: &[bool]) -> ExprId {
        let elements: Vec<ExprId> = xs.iter().map(|&x| self.boolean(x)).collect();
        self.seq(&elements, Type::Bool)
    }

    /// A sequence of int sequences.
    pub fn nested_ints(&mut self, xss: &[&[i64]]) -> ExprId {
        let elements: Vec<ExprId> = xss.iter().map(|xs| self.ints(xs)).collect();
        self.seq(&elements, Type::seq(Type::Int))
    }

    pub fn pair(&mut self, a: ExprId, b: ExprId) -> ExprId {
        let ty = Type::pair(self.ty(a), self.ty(b));
        self.expr(ExprKind::Pair(a, b), ty)
    }

    /// A primitive application, with its result type worked out from the
    /// arguments' types.
    pub fn prim(&mut self, prim: Prim, args: &[ExprId]) -> ExprId {
        let arg_types: Vec<Type> = args.iter().map(|&a| self.ty(a)).collect();
        let ty = prim_result_type(prim, &arg_types);
        self.prim_typed(prim, args, ty)
    }

    pub fn prim_typed(&mut self, prim: Prim, args: &[ExprId], ty: Type) -> ExprId {
        self.expr(ExprKind::Prim { prim, args: args.to_vec() }, ty)
    }

    pub fn if_(&mut self, cond: ExprId, then_branch: ExprId, else_branch: ExprId) -> ExprId {
        let ty = self.ty(then_branch);
        self.expr(ExprKind::If { cond, then_branch, else_branch }, ty)
    }

    pub fn local(&mut self, name: &str, ty: Type) -> LocalId {
        let span = self.span();
        self.locals.push(Local { name: name.to_string(), ty, span });
        LocalId(self.locals.len() as u32 - 1)
    }

    pub fn var(&mut self, local: LocalId) -> ExprId {
        let ty = self.locals[local.0 as usize].ty.clone();
        self.expr(ExprKind::Var(Var::Local(local)), ty)
    }

    pub fn global_var(&mut self, global: GlobalId) -> ExprId {
        let ty = self.program.global(global).ty.clone();
        self.expr(ExprKind::Var(Var::Global(global)), ty)
    }

    /// The pattern that binds `local`.
    pub fn bind(&mut self, local: LocalId) -> Pattern {
        let ty = self.locals[local.0 as usize].ty.clone();
        Pattern { kind: PatternKind::Bind(Var::Local(local)), ty, span: self.span() }
    }

    pub fn pair_pattern(&mut self, a: Pattern, b: Pattern) -> Pattern {
        let ty = Type::pair(a.ty.clone(), b.ty.clone());
        Pattern { kind: PatternKind::Pair(Box::new(a), Box::new(b)), ty, span: self.span() }
    }

    pub fn let_(&mut self, pattern: Pattern, value: ExprId, body: ExprId) -> ExprId {
        let ty = self.ty(body);
        self.expr(ExprKind::Let { pattern, value, body }, ty)
    }

    /// `{ body : p1 in s1; ... | filter }`.
    pub fn each(&mut self, body: ExprId, generators: Vec<(Pattern, ExprId)>, filter: Option<ExprId>) -> ExprId {
        let ty = Type::seq(self.ty(body));
        let generators = generators.into_iter().map(|(pattern, seq)| Generator { pattern, seq }).collect();
        self.expr(ExprKind::ApplyToEach { body, generators, filter }, ty)
    }

    pub fn datatype(&mut self, name: &str, fields: Vec<Type>) -> DataId {
        let span = self.span();
        self.program.datatypes.push(DataDef { name: name.to_string(), fields, span });
        DataId(self.program.datatypes.len() as u32 - 1)
    }

    pub fn construct(&mut self, data: DataId, args: &[ExprId]) -> ExprId {
        self.expr(ExprKind::Construct { data, args: args.to_vec() }, Type::Data(data))
    }

    /// Starts a function: until [`Builder::define`], locals and expressions
    /// belong to it (and lie in the library file if `is_library`).
    pub fn declare(&mut self, name: &str, result: Type, is_library: bool) -> FuncId {
        self.item_locals = std::mem::take(&mut self.locals);
        self.in_library = is_library;
        let span = self.span();
        let placeholder_body = self.int(0);
        self.program.functions.alloc(Function {
            name: name.to_string(),
            instance: name.to_string(),
            params: Vec::new(),
            result,
            body: placeholder_body,
            locals: Vec::new(),
            span,
            is_library,
            is_recursive: false,
        })
    }

    pub fn define(&mut self, func: FuncId, params: Vec<Pattern>, body: ExprId) {
        let f = &mut self.program.functions[func];
        f.params = params;
        f.body = body;
        f.locals = std::mem::replace(&mut self.locals, std::mem::take(&mut self.item_locals));
        self.in_library = false;
    }

    pub fn call(&mut self, func: FuncId, args: &[ExprId]) -> ExprId {
        let ty = self.program.functions[func].result.clone();
        self.expr(ExprKind::Call { func, args: args.to_vec() }, ty)
    }

    /// A top-level expression (`it = ...`).
    pub fn item(&mut self, value: ExprId) {
        let span = self.span_of(value);
        let locals = std::mem::take(&mut self.locals);
        self.program.items.push(TopItem { kind: TopItemKind::Expr { value }, locals, span });
    }

    /// A top-level binding `name = value`.
    pub fn item_bind(&mut self, name: &str, value: ExprId) -> GlobalId {
        let (ty, span) = (self.ty(value), self.span_of(value));
        self.program.globals.push(crate::tast::Global { name: name.to_string(), ty: ty.clone(), span });
        let global = GlobalId(self.program.globals.len() as u32 - 1);
        let pattern = Pattern { kind: PatternKind::Bind(Var::Global(global)), ty, span };
        let locals = std::mem::take(&mut self.locals);
        self.program.items.push(TopItem { kind: TopItemKind::Bind { pattern, value }, locals, span });
        global
    }

    /// Runs the program: what it printed (values as `nessie run` prints
    /// them), and its fault if it had one.
    pub fn run(&self) -> (String, Result<(), Diagnostic>) {
        let mut transcript = Transcript { program: &self.program, text: String::new() };
        let result = super::run(&self.program, &self.sources, &mut transcript);
        (transcript.text, result)
    }
}

/// Collects a run's output as `nessie run` prints it.
struct Transcript<'p> {
    program: &'p Program,
    text: String,
}

impl Output for Transcript<'_> {
    fn print(&mut self, text: &[u8]) {
        self.text.push_str(&String::from_utf8_lossy(text));
    }

    fn item(&mut self, item: usize, value: &Value) {
        self.text.push_str(&self.program.format_item(&self.program.items[item], value));
        self.text.push('\n');
    }
}

/// The result type of `prim` applied to arguments of `args`' types (for
/// the primitives whose result type follows from their arguments).
fn prim_result_type(prim: Prim, args: &[Type]) -> Type {
    use Prim as P;
    let elem = |i: usize| args[i].elem().expect("a sequence argument").clone();
    match prim {
        P::Eq | P::Ne | P::Lt | P::Gt | P::Le | P::Ge | P::RandSeed | P::Eql | P::PrintString | P::PrintChar => {
            Type::Bool
        }
        P::Rem | P::Lshift | P::Rshift | P::Isqrt | P::Btoi | P::CharCode | P::Ceil | P::Floor | P::Trunc => Type::Int,
        P::Round | P::MaxInt | P::MinInt | P::Length | P::MaxIndex | P::MinIndex | P::Hash => Type::Int,
        P::Sqrt | P::Ln | P::Exp | P::Sin | P::Cos | P::Tan | P::Asin | P::Acos | P::Atan | P::Sinh => Type::Float,
        P::Cosh | P::Tanh | P::Expt | P::ToFloat | P::Pi => Type::Float,
        P::CodeChar => Type::Char,
        P::Iseq | P::Rank => Type::seq(Type::Int),
        P::Dist => Type::seq(args[0].clone()),
        P::Elt | P::Sum | P::Product | P::MaxVal | P::MinVal | P::Any | P::All | P::Flatten => elem(0),
        P::Parity => Type::Bool,
        P::Zip => Type::seq(Type::pair(elem(0), elem(1))),
        P::Pack => match elem(0) {
            Type::Pair(a, _) => Type::seq(*a),
            other => panic!("pack of {other:?}"),
        },
        P::Partition => Type::seq(args[0].clone()),
        P::ToString | P::ExpString => Type::string(),
        P::ParseInt => Type::pair(Type::Int, Type::Bool),
        P::ParseFloat => Type::pair(Type::Float, Type::Bool),
        P::Error => panic!("give `__error` its type with `prim_typed`"),
        _ => args[0].clone(),
    }
}

/// `let v = vector in {sum({x * v[i] : (i, x) in row}) : row in m}`: the
/// product of a sparse matrix, rows of `(column, value)`, and a vector.
pub(super) fn sparse_matrix_vector_product(b: &mut Builder, m: ExprId, vector: ExprId) -> ExprId {
    let v = b.local("v", Type::seq(Type::Float));
    let row = b.local("row", Type::seq(Type::pair(Type::Int, Type::Float)));
    let (i, x) = (b.local("i", Type::Int), b.local("x", Type::Float));
    let (vx, vv, vi) = (b.var(x), b.var(v), b.var(i));
    let v_i = b.prim(Prim::Elt, &[vv, vi]);
    let term = b.prim(Prim::Mul, &[vx, v_i]);
    let (pi, px) = (b.bind(i), b.bind(x));
    let pattern = b.pair_pattern(pi, px);
    let rows = b.var(row);
    let terms = b.each(term, vec![(pattern, rows)], None);
    let body = b.prim(Prim::Sum, &[terms]);
    let prow = b.bind(row);
    let product = b.each(body, vec![(prow, m)], None);
    let pv = b.bind(v);
    b.let_(pv, vector, product)
}

/// Builds an expression, runs it as the program's only item, and returns
/// its printed value (`[1, 2] : [int]`), or the fault's message.
pub(super) fn eval(build: impl FnOnce(&mut Builder) -> ExprId) -> Result<String, String> {
    let mut b = Builder::new();
    let e = build(&mut b);
    b.item(e);
    let (text, result) = b.run();
    match result {
        Ok(()) => Ok(text.trim_end().strip_prefix("it = ").expect("one item").to_string()),
        Err(diagnostic) => Err(diagnostic.message),
    }
}

/// The printed value and type of a successful evaluation.
pub(super) fn value_of(build: impl FnOnce(&mut Builder) -> ExprId) -> String {
    eval(build).unwrap_or_else(|message| panic!("unexpected fault: {message}"))
}

/// The message of an evaluation that must fault.
pub(super) fn fault_of(build: impl FnOnce(&mut Builder) -> ExprId) -> String {
    match eval(build) {
        Ok(value) => panic!("expected a fault, got {value}"),
        Err(message) => message,
    }
}

/// A primitive applied to arguments built by `args`: its printed value.
pub(super) fn apply(prim: Prim, args: impl FnOnce(&mut Builder) -> Vec<ExprId>) -> String {
    value_of(|b| {
        let args = args(b);
        b.prim(prim, &args)
    })
}

/// A primitive applied to arguments built by `args`: its fault's message.
pub(super) fn apply_fault(prim: Prim, args: impl FnOnce(&mut Builder) -> Vec<ExprId>) -> String {
    fault_of(|b| {
        let args = args(b);
        b.prim(prim, &args)
    })
}
