//! Small kernels for the rules' unit tests, and a check that a rule fires
//! and keeps what the kernel computes (the flat-IR evaluator is the
//! oracle).

use flatten::eval::{ArrayValue, FlatValue, run_kernel};
use flatten::ir::{
    Atom, BinaryOp, Block, Const, FaultId, FaultSite, FlatProgram, GExpr, HostFunction, HostVar, KVar, Kernel,
    KernelId, Scalar, SegDesc, Soac, SoacBinding, Thunk, VarType,
};
use nesl_frontend::{FileId, Span};

use crate::rules::{RewriteContext, Rule, check_launchable};
use crate::sizes::FunctionSizes;

pub use crate::rules::dead_soac::DEAD_SOAC;

#[derive(Copy, Clone, Debug)]
pub enum ConsumerKind {
    Map,
    Reduce,
    Scan,
    Filter,
    Permute,
    Scatter,
    Once,
    SegReduce,
    SegScan,
}

#[derive(Copy, Clone, Debug)]
pub enum HorizontalCase {
    Map,
    Reduce,
    Scan,
    SegReduce,
    SegScan,
    Once,
}

const INT: Scalar = Scalar::Int;

/// A kernel under construction, with the parameters every test kernel
/// takes: `xs`, `ys` (8 ints each), and a segment descriptor `ls`, `os`
/// of three segments over 8 elements.
pub struct Builder {
    pub kernel: Kernel,
    pub xs: KVar,
    pub ys: KVar,
    pub ls: KVar,
    pub os: KVar,
}

impl Builder {
    pub fn new() -> Builder {
        let mut kernel = Kernel { name: "k".into(), params: vec![], body: vec![], results: vec![], vars: vec![] };
        let xs = kernel.new_var("xs", VarType::Array(INT));
        let ys = kernel.new_var("ys", VarType::Array(INT));
        let ls = kernel.new_var("ls", VarType::Array(INT));
        let os = kernel.new_var("os", VarType::Array(INT));
        kernel.params = vec![xs, ys, ls, os];
        Builder { kernel, xs, ys, ls, os }
    }

    pub fn args() -> Vec<FlatValue> {
        vec![
            FlatValue::Array(ArrayValue::ints(vec![3, 1, 4, 1, 5, 9, 2, 6])),
            FlatValue::Array(ArrayValue::ints(vec![2, 7, 1, 8, 2, 8, 1, 8])),
            FlatValue::Array(ArrayValue::ints(vec![3, 0, 5])),
            FlatValue::Array(ArrayValue::ints(vec![0, 3, 3])),
        ]
    }

    pub fn scalar(&mut self, name: &str) -> KVar {
        self.kernel.new_var(name, VarType::Scalar(INT))
    }

    pub fn array(&mut self, name: &str) -> KVar {
        self.kernel.new_var(name, VarType::Array(INT))
    }

    /// `{ i => body(i) }`
    pub fn index_thunk(&mut self, body: impl FnOnce(GExpr) -> GExpr) -> Thunk {
        let i = self.scalar("i");
        Thunk { params: vec![i], body: body(GExpr::Var(i)) }
    }

    /// `{ (a, b) => a op b }`
    pub fn operator(&mut self, op: BinaryOp) -> Thunk {
        let (a, b) = (self.scalar("a"), self.scalar("b"));
        Thunk { params: vec![a, b], body: bin(op, GExpr::Var(a), GExpr::Var(b)) }
    }

    pub fn bind(&mut self, results: Vec<KVar>, soac: Soac) {
        self.kernel.body.push(SoacBinding { results, soac });
    }

    pub fn finish(mut self, results: Vec<KVar>) -> (Kernel, Vec<FlatValue>) {
        self.kernel.results = results;
        (self.kernel, Builder::args())
    }

    pub fn segments(&self) -> SegDesc {
        SegDesc { lengths: self.ls, offsets: self.os }
    }
}

pub fn bin(op: BinaryOp, lhs: GExpr, rhs: GExpr) -> GExpr {
    GExpr::binary(op, INT, lhs, rhs)
}

pub fn int(x: i64) -> GExpr {
    GExpr::int(x)
}

/// `A = MAP { i => xs[i] * 2 + 1 } (#xs)`, then a consumer of `kind` that
/// reads `A`.
pub fn map_then(kind: ConsumerKind) -> (Kernel, Vec<FlatValue>) {
    let mut b = Builder::new();
    let (xs, ys) = (b.xs, b.ys);
    let a = b.array("mapped");
    let pull = b.index_thunk(|i| bin(BinaryOp::Add, bin(BinaryOp::Mul, GExpr::read(xs, i), int(2)), int(1)));
    b.bind(vec![a], Soac::Map { size: GExpr::Length(xs), pull });
    let read_a = |i: GExpr| GExpr::read(a, i);
    let result = match kind {
        ConsumerKind::Map => {
            let r = b.array("sums");
            let pull = b.index_thunk(|i| bin(BinaryOp::Add, read_a(i.clone()), GExpr::read(ys, i)));
            b.bind(vec![r], Soac::Map { size: GExpr::Length(xs), pull });
            r
        }
        ConsumerKind::Reduce | ConsumerKind::Scan => {
            let r = if matches!(kind, ConsumerKind::Reduce) { b.scalar("total") } else { b.array("prefix") };
            let pull = b.index_thunk(read_a);
            let op = b.operator(BinaryOp::Add);
            let size = GExpr::Length(a);
            let neutral = vec![Const::Int(0)];
            let soac = if matches!(kind, ConsumerKind::Reduce) {
                Soac::Reduce { size, pull, neutral, op }
            } else {
                Soac::Scan { size, pull, neutral, op }
            };
            b.bind(vec![r], soac);
            r
        }
        ConsumerKind::Filter => {
            let r = b.array("big");
            let pull = b.index_thunk(read_a);
            let x = b.scalar("x");
            let pred = Thunk { params: vec![x], body: bin(BinaryOp::Gt, GExpr::Var(x), int(5)) };
            b.bind(vec![r], Soac::Filter { size: GExpr::Length(a), pull, pred, before: None });
            r
        }
        ConsumerKind::Permute => {
            let r = b.array("reversed");
            let values = b.index_thunk(read_a);
            let index = b.index_thunk(|i| bin(BinaryOp::Sub, bin(BinaryOp::Sub, GExpr::Length(a), int(1)), i));
            b.bind(vec![r], Soac::Permute { size: GExpr::Length(a), values, index, check: None });
            r
        }
        ConsumerKind::Scatter => {
            let r = b.array("scattered");
            let values = b.index_thunk(read_a);
            let index = b.index_thunk(|i| i);
            let size = GExpr::Length(xs);
            b.bind(vec![r], Soac::Scatter { size, base: vec![ys], values, index, site: FaultId(0) });
            r
        }
        ConsumerKind::Once => {
            let r = b.scalar("picked");
            let body = bin(BinaryOp::Add, read_a(int(2)), read_a(int(0)));
            b.bind(vec![r], Soac::Once { body });
            r
        }
        ConsumerKind::SegReduce | ConsumerKind::SegScan => {
            let r = b.array("segment_sums");
            let pull = b.index_thunk(read_a);
            let op = b.operator(BinaryOp::Add);
            let segments = b.segments();
            let neutral = vec![Const::Int(0)];
            let soac = if matches!(kind, ConsumerKind::SegReduce) {
                Soac::SegReduce { segments, pull, neutral, op }
            } else {
                Soac::SegScan { segments, elements: GExpr::Length(xs), pull, neutral, op }
            };
            b.bind(vec![r], soac);
            r
        }
    };
    b.finish(vec![result])
}

/// `A = FILTER { i => xs[i] } { x => x > 2 } (#xs)`, then a REDUCE of
/// squares or a FILTER of the even successors over `#A`.
pub fn filter_then(kind: ConsumerKind) -> (Kernel, Vec<FlatValue>) {
    let mut b = Builder::new();
    let xs = b.xs;
    let a = b.array("gts");
    let pull = b.index_thunk(|i| GExpr::read(xs, i));
    let x = b.scalar("x");
    let pred = Thunk { params: vec![x], body: bin(BinaryOp::Gt, GExpr::Var(x), int(2)) };
    b.bind(vec![a], Soac::Filter { size: GExpr::Length(xs), pull, pred, before: None });
    let result = match kind {
        ConsumerKind::Reduce => {
            let r = b.scalar("squares");
            let pull = b.index_thunk(|i| bin(BinaryOp::Mul, GExpr::read(a, i.clone()), GExpr::read(a, i)));
            let op = b.operator(BinaryOp::Add);
            b.bind(vec![r], Soac::Reduce { size: GExpr::Length(a), pull, neutral: vec![Const::Int(0)], op });
            r
        }
        _ => {
            let r = b.array("evens");
            let pull = b.index_thunk(|i| bin(BinaryOp::Add, GExpr::read(a, i), int(1)));
            let y = b.scalar("y");
            let pred = Thunk {
                params: vec![y],
                body: GExpr::binary(BinaryOp::Eq, INT, bin(BinaryOp::Rem, GExpr::Var(y), int(2)), int(0)),
            };
            b.bind(vec![r], Soac::Filter { size: GExpr::Length(a), pull, pred, before: None });
            r
        }
    };
    b.finish(vec![result])
}

/// A reversal then a rotation: `PERMUTE`s over `#xs`.
pub fn permute_then_permute() -> (Kernel, Vec<FlatValue>) {
    let mut b = Builder::new();
    let xs = b.xs;
    let a = b.array("reversed");
    let values = b.index_thunk(|j| bin(BinaryOp::Mul, GExpr::read(xs, j), int(10)));
    let index = b.index_thunk(|j| bin(BinaryOp::Sub, bin(BinaryOp::Sub, GExpr::Length(xs), int(1)), j));
    b.bind(vec![a], Soac::Permute { size: GExpr::Length(xs), values, index, check: None });
    let r = b.array("rotated");
    let values = b.index_thunk(|i| bin(BinaryOp::Add, GExpr::read(a, i.clone()), i));
    let index = b.index_thunk(|i| bin(BinaryOp::Rem, bin(BinaryOp::Add, i, int(3)), GExpr::Length(xs)));
    b.bind(vec![r], Soac::Permute { size: GExpr::Length(xs), values, index, check: Some(FaultId(0)) });
    b.finish(vec![r])
}

/// `s = REDUCE xs`, then `ONCE { s * 2 }`.
pub fn reduce_then_once() -> (Kernel, Vec<FlatValue>) {
    let mut b = Builder::new();
    let xs = b.xs;
    let s = b.scalar("s");
    let pull = b.index_thunk(|i| GExpr::read(xs, i));
    let op = b.operator(BinaryOp::Add);
    b.bind(vec![s], Soac::Reduce { size: GExpr::Length(xs), pull, neutral: vec![Const::Int(0)], op });
    let r = b.scalar("twice");
    b.bind(vec![r], Soac::Once { body: bin(BinaryOp::Mul, GExpr::Var(s), int(2)) });
    b.finish(vec![r])
}

/// Two independent SOACs of one kind over the same space.
pub fn two_independent(case: HorizontalCase) -> (Kernel, Vec<FlatValue>) {
    let mut b = Builder::new();
    let (xs, ys) = (b.xs, b.ys);
    let mut results = Vec::new();
    for (k, source) in [xs, ys].into_iter().enumerate() {
        let (op, neutral) = if k == 0 { (BinaryOp::Add, 0) } else { (BinaryOp::Max, i64::MIN) };
        let soac = match case {
            HorizontalCase::Map => {
                let pull = b.index_thunk(|i| bin(BinaryOp::Mul, GExpr::read(source, i), int(k as i64 + 2)));
                Soac::Map { size: GExpr::Length(xs), pull }
            }
            HorizontalCase::Reduce | HorizontalCase::Scan => {
                let pull = b.index_thunk(|i| GExpr::read(source, i));
                let op = b.operator(op);
                let neutral = vec![Const::Int(neutral)];
                if matches!(case, HorizontalCase::Reduce) {
                    Soac::Reduce { size: GExpr::Length(xs), pull, neutral, op }
                } else {
                    Soac::Scan { size: GExpr::Length(xs), pull, neutral, op }
                }
            }
            HorizontalCase::SegReduce | HorizontalCase::SegScan => {
                let pull = b.index_thunk(|p| GExpr::read(source, p));
                let op = b.operator(op);
                let neutral = vec![Const::Int(neutral)];
                let segments = b.segments();
                if matches!(case, HorizontalCase::SegReduce) {
                    Soac::SegReduce { segments, pull, neutral, op }
                } else {
                    Soac::SegScan { segments, elements: GExpr::Length(xs), pull, neutral, op }
                }
            }
            HorizontalCase::Once => Soac::Once { body: GExpr::read(source, int(k as i64 + 1)) },
        };
        let r = match case {
            HorizontalCase::Reduce | HorizontalCase::Once => b.scalar("r"),
            _ => b.array("r"),
        };
        b.bind(vec![r], soac);
        results.push(r);
    }
    b.finish(results)
}

/// The kinds of the kernel's SOACs, in order.
pub fn soac_kinds(kernel: &Kernel) -> Vec<&'static str> {
    kernel.body.iter().map(|b| b.soac.name()).collect()
}

pub fn program_of(kernel: &Kernel) -> FlatProgram {
    FlatProgram {
        kernels: vec![kernel.clone()],
        functions: vec![],
        main: HostFunction { name: "main".into(), params: vec![], body: Block::default(), vars: vec![] },
        fault_sites: vec![FaultSite {
            message: "a test check".into(),
            span: Span::new(FileId(0), 0, 0),
            label: "here".into(),
            note: None,
        }],
        datatypes: vec![],
    }
}

/// The kernel's results on `args`, or the error as text.
pub fn evaluate(kernel: &Kernel, args: &[FlatValue]) -> Result<Vec<FlatValue>, String> {
    let program = program_of(kernel);
    flatten::ir::verify::verify(&program).map_err(|e| e.to_string())?;
    run_kernel(&program, KernelId(0), args.to_vec()).map_err(|e| e.to_string())
}

/// Applies `rule` once to the kernel (parameters standing for distinct
/// host variables).
pub fn apply_once(rule: &Rule, kernel: &mut Kernel, _args: &[FlatValue]) -> Option<String> {
    let atoms: Vec<Atom> = (0..kernel.params.len()).map(|i| Atom::Var(HostVar(i as u32))).collect();
    let sizes = FunctionSizes::default();
    let cx = RewriteContext { args: &atoms, sizes: &sizes };
    (rule.apply)(kernel, &cx).expect("the rule does not fail")
}

/// Checks that `rule` fires on the kernel, that after dropping unused SOACs
/// the kernel has the `expected` SOACs, needs no barrier inside, verifies,
/// and computes what it computed before.
pub fn check_fires(rule: &Rule, (mut kernel, args): (Kernel, Vec<FlatValue>), expected: &[&str]) {
    let before = kernel.clone();
    let expected_results = evaluate(&before, &args).expect("the test kernel runs");
    let fired = apply_once(rule, &mut kernel, &args);
    assert!(fired.is_some(), "{} did not fire on\n{}", rule.name, flatten::ir::print::print_kernel(&before));
    while apply_once(&DEAD_SOAC, &mut kernel, &args).is_some() {}
    let printed = flatten::ir::print::print_kernel(&kernel);
    assert_eq!(soac_kinds(&kernel), expected, "after {}:\n{printed}", rule.name);
    check_launchable(&kernel).unwrap_or_else(|e| panic!("{e}\n{printed}"));
    let results = evaluate(&kernel, &args).unwrap_or_else(|e| panic!("{e}\n{printed}"));
    assert_eq!(results, expected_results, "after {}:\n{printed}", rule.name);
}
