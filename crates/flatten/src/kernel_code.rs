//! Building kernels and thunks.
//!
//! Flattening makes trivial kernels: one SOAC each, whose thunks read host
//! arrays and scalars. A [`KernelBuilder`] turns every host variable a
//! thunk mentions into a kernel parameter (and the `run`'s argument) on
//! first use. A [`ThunkCx`] builds one thunk body: it keeps the `let`s and
//! `Assert`s of the body in evaluation order, one scope per branch of a GPU
//! `if`, so that a fault fires exactly when the interpreter's would, and it
//! remembers the instance index of each level the thunk reads lifted values
//! of (see `context.rs`).

use std::collections::HashMap;

use crate::context::{LevelId, Levels, Size, Step};
use crate::ir::{
    Atom, BinaryOp, FaultId, GExpr, HostFunction, HostVar, KVar, Kernel, Scalar, Soac, SoacBinding, Thunk, VarType,
};

/// A kernel under construction, with the host arguments of its `run`.
pub(crate) struct KernelBuilder {
    kernel: Kernel,
    args: Vec<Atom>,
    params: HashMap<HostVar, KVar>,
}

impl KernelBuilder {
    pub fn new() -> KernelBuilder {
        KernelBuilder {
            kernel: Kernel {
                name: String::new(),
                params: Vec::new(),
                body: Vec::new(),
                results: Vec::new(),
                vars: Vec::new(),
            },
            args: Vec::new(),
            params: HashMap::new(),
        }
    }

    /// The kernel parameter for host variable `v` (an array or a scalar).
    pub fn param(&mut self, host: &HostFunction, v: HostVar) -> KVar {
        if let Some(k) = self.params.get(&v) {
            return *k;
        }
        let info = host.var(v);
        let k = self.kernel.new_var(info.name.clone(), info.ty);
        self.kernel.params.push(k);
        self.args.push(Atom::Var(v));
        self.params.insert(v, k);
        k
    }

    /// A host scalar as a GPU expression: a constant, or a parameter.
    pub fn atom(&mut self, host: &HostFunction, a: Atom) -> GExpr {
        match a {
            Atom::Const(c) => GExpr::Const(c),
            Atom::Var(v) => GExpr::Var(self.param(host, v)),
        }
    }

    /// `array[index]` of a host array.
    pub fn read(&mut self, host: &HostFunction, array: HostVar, index: GExpr) -> GExpr {
        GExpr::read(self.param(host, array), index)
    }

    /// `#array` of a host array.
    pub fn length(&mut self, host: &HostFunction, array: HostVar) -> GExpr {
        GExpr::Length(self.param(host, array))
    }

    /// A kernel-local variable (a thunk parameter or a `let`).
    pub fn var(&mut self, name: &str, ty: VarType) -> KVar {
        self.kernel.new_var(name, ty)
    }

    pub fn scalar_var(&mut self, name: &str, ty: Scalar) -> KVar {
        self.var(name, VarType::Scalar(ty))
    }

    /// The size of a SOAC over the instances of a level.
    pub fn size(&mut self, host: &HostFunction, size: &Size) -> GExpr {
        match size {
            Size::LengthOf(v) => self.length(host, *v),
            Size::Count(a) => self.atom(host, *a),
        }
    }

    /// The finished one-SOAC kernel (named later) and the arguments of its
    /// `run`. `results` names and types the SOAC's results.
    pub fn finish(mut self, soac: Soac, results: &[(String, VarType)]) -> (Kernel, Vec<Atom>) {
        let result_vars: Vec<KVar> = results.iter().map(|(name, ty)| self.kernel.new_var(name.clone(), *ty)).collect();
        self.kernel.body.push(SoacBinding { results: result_vars.clone(), soac });
        self.kernel.results = result_vars;
        (self.kernel, self.args)
    }
}

/// A GPU value while compiling scalar code: a scalar expression, or the
/// components of a pair or datatype. Expressions held here are pure (their
/// checks were emitted as statements already).
#[derive(Clone, Debug)]
pub(crate) enum GVal {
    Scalar(GExpr),
    Tuple(Vec<GVal>),
}

impl GVal {
    pub fn scalar(self) -> GExpr {
        match self {
            GVal::Scalar(e) => e,
            GVal::Tuple(mut items) if items.len() == 1 => items.remove(0).scalar(),
            GVal::Tuple(_) => GExpr::Tuple(self.into_components()),
        }
    }

    /// Every scalar component, in order.
    pub fn into_components(self) -> Vec<GExpr> {
        let mut out = Vec::new();
        fn walk(v: GVal, out: &mut Vec<GExpr>) {
            match v {
                GVal::Scalar(e) => out.push(e),
                GVal::Tuple(items) => items.into_iter().for_each(|i| walk(i, out)),
            }
        }
        walk(self, &mut out);
        out
    }

    /// A thunk body returning every component.
    pub fn into_body(self) -> GExpr {
        let mut parts = self.into_components();
        if parts.len() == 1 { parts.remove(0) } else { GExpr::Tuple(parts) }
    }
}

enum ThunkStmt {
    Let(Vec<KVar>, GExpr),
    Assert { cond: GExpr, site: FaultId, payload: Vec<GExpr> },
}

/// One thunk body under construction.
pub(crate) struct ThunkCx {
    pub kb: KernelBuilder,
    /// The open scopes, outermost (the thunk's body) first.
    scopes: Vec<Vec<ThunkStmt>>,
    /// The ids of the open scopes, parallel to `scopes`, and the number of
    /// scopes opened so far.
    scope_ids: Vec<u32>,
    opened: u32,
    /// The expressions bound by `share` so far, with their variable and
    /// scope: an expression shared again in that scope reuses the variable.
    shared: Vec<(GExpr, KVar, u32)>,
    /// For a thunk over the instances of a level: the instance index of
    /// that level and of the levels below it that were read so far.
    instances: HashMap<LevelId, GExpr>,
}

impl ThunkCx {
    pub fn new(kb: KernelBuilder) -> ThunkCx {
        ThunkCx {
            kb,
            scopes: vec![Vec::new()],
            scope_ids: vec![0],
            opened: 1,
            shared: Vec::new(),
            instances: HashMap::new(),
        }
    }

    /// A thunk whose parameter `index` is an instance of `level`.
    pub fn over_level(kb: KernelBuilder, level: LevelId, index: GExpr) -> ThunkCx {
        let mut tc = ThunkCx::new(kb);
        tc.instances.insert(level, index);
        tc
    }

    pub fn push_scope(&mut self) {
        self.scopes.push(Vec::new());
        self.scope_ids.push(self.opened);
        self.opened += 1;
    }

    /// Closes the innermost scope around its result.
    pub fn pop_scope(&mut self, result: GExpr) -> GExpr {
        let stmts = self.scopes.pop().expect("an open scope");
        self.scope_ids.pop();
        wrap(stmts, result)
    }

    /// Whether the innermost scope has statements (its result is not pure
    /// on its own).
    pub fn scope_is_empty(&self) -> bool {
        self.scopes.last().is_none_or(|s| s.is_empty())
    }

    /// Closes the thunk: its body, and the kernel builder back.
    pub fn finish(mut self, result: GExpr) -> (GExpr, KernelBuilder) {
        debug_assert_eq!(self.scopes.len(), 1, "a thunk scope left open");
        let stmts = self.scopes.pop().expect("the thunk's scope");
        (wrap(stmts, result), self.kb)
    }

    /// Binds `value` to a fresh variable in the innermost scope, unless it
    /// is a variable or a constant already; returns what to use instead.
    pub fn share(&mut self, name: &str, ty: Scalar, value: GExpr) -> GExpr {
        if matches!(value, GExpr::Var(_) | GExpr::Const(_)) {
            return value;
        }
        if let Some((_, v, _)) = self.shared.iter().find(|(e, _, scope)| *e == value && self.scope_ids.contains(scope))
        {
            return GExpr::Var(*v);
        }
        let v = self.kb.scalar_var(name, ty);
        self.scopes.last_mut().expect("an open scope").push(ThunkStmt::Let(vec![v], value.clone()));
        self.shared.push((value, v, *self.scope_ids.last().expect("an open scope")));
        GExpr::Var(v)
    }

    /// Binds the components of a tuple-valued expression to fresh variables.
    pub fn bind_tuple(&mut self, name: &str, types: &[Scalar], value: GExpr) -> Vec<GExpr> {
        let vars: Vec<KVar> = types.iter().map(|t| self.kb.scalar_var(name, *t)).collect();
        self.scopes.last_mut().expect("an open scope").push(ThunkStmt::Let(vars.clone(), value));
        vars.into_iter().map(GExpr::Var).collect()
    }

    /// Binds `value` in the thunk's outermost scope (for values every path
    /// of the body may use, which cannot fault).
    pub fn share_at_root(&mut self, name: &str, ty: Scalar, value: GExpr) -> GExpr {
        if matches!(value, GExpr::Var(_) | GExpr::Const(_)) {
            return value;
        }
        let v = self.kb.scalar_var(name, ty);
        self.scopes[0].push(ThunkStmt::Let(vec![v], value));
        GExpr::Var(v)
    }

    /// Faults at `site` unless `cond` holds, here in evaluation order.
    pub fn assert(&mut self, cond: GExpr, site: FaultId, payload: Vec<GExpr>) {
        if cond == GExpr::Const(crate::ir::Const::Bool(true)) {
            return;
        }
        self.scopes.last_mut().expect("an open scope").push(ThunkStmt::Assert { cond, site, payload });
    }

    /// The instance index of level `level` for a thunk over a deeper level
    /// (`over_level`): the thunk's index mapped down through the levels'
    /// steps, bound once.
    pub fn instance(&mut self, host: &HostFunction, levels: &Levels, level: LevelId) -> GExpr {
        if let Some(e) = self.instances.get(&level) {
            return e.clone();
        }
        let above = level + 1;
        let from = self.instance(host, levels, above);
        let step = levels.get(above).parent.clone().expect("a lifted level above level 1 has a parent step");
        let mapped = self.apply_step(host, &step, from);
        let shared = self.share_at_root("s", Scalar::Int, mapped);
        self.instances.insert(level, shared.clone());
        shared
    }

    /// The index `step` maps `index` to.
    pub fn apply_step(&mut self, host: &HostFunction, step: &Step, index: GExpr) -> GExpr {
        match step {
            Step::SegmentOf(offsets) => {
                GExpr::SegmentOf { offsets: self.kb.param(host, *offsets), index: Box::new(index) }
            }
            Step::Gather(indices) => self.kb.read(host, *indices, index),
            Step::WithinSegment(offsets) => {
                let index = self.share_at_root("p", Scalar::Int, index);
                let offsets = self.kb.param(host, *offsets);
                let segment = GExpr::SegmentOf { offsets, index: Box::new(index.clone()) };
                GExpr::binary(BinaryOp::Sub, Scalar::Int, index, GExpr::read(offsets, segment))
            }
        }
    }

    pub fn apply_steps(&mut self, host: &HostFunction, steps: &[Step], mut index: GExpr) -> GExpr {
        for step in steps {
            index = self.apply_step(host, step, index);
        }
        index
    }
}

fn wrap(stmts: Vec<ThunkStmt>, result: GExpr) -> GExpr {
    stmts.into_iter().rev().fold(result, |body, stmt| match stmt {
        ThunkStmt::Let(vars, value) => GExpr::let_(vars, value, body),
        ThunkStmt::Assert { cond, site, payload } => {
            GExpr::Assert { cond: Box::new(cond), site, payload, body: Box::new(body) }
        }
    })
}

/// `{ (a, b) => a op b }` over scalars of type `ty`.
pub(crate) fn binary_thunk(kb: &mut KernelBuilder, op: BinaryOp, ty: Scalar) -> Thunk {
    let a = kb.scalar_var("a", ty);
    let b = kb.scalar_var("b", ty);
    Thunk { params: vec![a, b], body: GExpr::binary(op, ty, GExpr::Var(a), GExpr::Var(b)) }
}

/// A thunk whose one parameter is an index (`{ i => ... }`), and the index.
pub(crate) fn index_param(kb: &mut KernelBuilder, name: &str) -> KVar {
    kb.scalar_var(name, Scalar::Int)
}

pub(crate) fn int(x: i64) -> GExpr {
    GExpr::int(x)
}

pub(crate) fn add(a: GExpr, b: GExpr) -> GExpr {
    match (&a, &b) {
        (GExpr::Const(crate::ir::Const::Int(0)), _) => b,
        (_, GExpr::Const(crate::ir::Const::Int(0))) => a,
        _ => GExpr::binary(BinaryOp::Add, Scalar::Int, a, b),
    }
}

pub(crate) fn mul(a: GExpr, b: GExpr) -> GExpr {
    match (&a, &b) {
        (GExpr::Const(crate::ir::Const::Int(1)), _) => b,
        (_, GExpr::Const(crate::ir::Const::Int(1))) => a,
        _ => GExpr::binary(BinaryOp::Mul, Scalar::Int, a, b),
    }
}

pub(crate) fn sub(a: GExpr, b: GExpr) -> GExpr {
    match &b {
        GExpr::Const(crate::ir::Const::Int(0)) => a,
        _ => GExpr::binary(BinaryOp::Sub, Scalar::Int, a, b),
    }
}

pub(crate) fn and(a: GExpr, b: GExpr) -> GExpr {
    GExpr::binary(BinaryOp::And, Scalar::Bool, a, b)
}

pub(crate) fn cmp(op: BinaryOp, a: GExpr, b: GExpr) -> GExpr {
    GExpr::binary(op, Scalar::Int, a, b)
}
