//! Scalar code stays scalar ("vectorisation avoidance"): a maximal scalar
//! subexpression of a lifted context becomes one `MAP` thunk, not a kernel
//! per operation.
//!
//! Scalar code is arithmetic, comparisons, conversions, `if` and `let` over
//! scalars and tuples of scalars, reads of lifted and uniform variables,
//! `#s` and `s[i]` of sequence variables (a read, bounds-checked), and calls
//! of scalar functions, which are inlined (`analysis.rs` says which), or
//! become loops when they recurse by tail calls (`scalar_loops.rs`). An
//! `if` becomes a GPU `if`, so only the branch an instance takes is
//! evaluated and faults in the other branch do not fire.
//!
//! A scalar expression may contain *leaves*: subexpressions of scalar type
//! that are not scalar code (`sum(row)`, a call of a recursive function).
//! They are flattened first, on their own, and the thunk reads their
//! values. A leaf is allowed under a branch of an `if` only if it cannot
//! fail, because it is computed for every instance; otherwise the `if` is
//! split by `lift_conditionals.rs` instead. The leaves of an expression are
//! its *plan*, memoised per expression.
//!
//! The same primitives on the host go through [`HostEmitter`] (see
//! `scalar_prims.rs`).

use std::collections::HashMap;
use std::rc::Rc;

use nesl_frontend::Type;
use nesl_frontend::builtins::Prim;
use nesl_frontend::tast::{ExprId, ExprKind, FuncId as TastFuncId, LocalId, Pattern, PatternKind, Var};

use crate::analysis::{is_reduction_of_nothing, is_scalar_prim, pattern_locals};
use crate::context::LevelId;
use crate::error::{FlattenError, Result};
use crate::faults::{Attribution, callee_attribution, index_out_of_range};
use crate::flatten_program::FnCx;
use crate::host_code::FunctionBuilder;
use crate::ir::{
    Atom, BinaryOp, Const, FaultId, GExpr, HostExpr, Repr, Scalar, SeqRepr, Soac, Thunk, UnaryOp, VarType,
};
use crate::kernel_code::{GVal, KernelBuilder, ThunkCx, add, and, cmp, index_param, int};
use crate::representation::{LiftedScalar, Val, components, is_gpu_type, scalar_type};
use crate::scalar_prims::{ScalarEmitter, lower_scalar_prim};
use crate::segmented_prims::monoid;

/// The state of compiling scalar code into one thunk.
pub(crate) struct GpuCx {
    /// The values of the expression's leaves, flattened beforehand.
    pub leaves: HashMap<ExprId, Val>,
    /// The function bodies being inlined, innermost last; the first frame is
    /// the body being flattened.
    pub(crate) frames: Vec<GpuFrame>,
}

pub(crate) struct GpuFrame {
    /// The inlined function, `None` for the body being flattened.
    pub func: Option<TastFuncId>,
    /// Locals bound inside the thunk (by `let`, parameters of inlined
    /// functions, or the thunk's own parameters).
    pub locals: HashMap<LocalId, GVal>,
    /// For an inlined library function: its name and where its faults are
    /// reported.
    pub inlined: Option<(String, Option<Attribution>)>,
}

impl GpuCx {
    pub fn new(leaves: HashMap<ExprId, Val>) -> GpuCx {
        GpuCx { leaves, frames: vec![GpuFrame { func: None, locals: HashMap::new(), inlined: None }] }
    }

    /// Binds a local of the body being flattened to a thunk value (the
    /// parameters of a filter's predicate).
    pub fn bind_root(&mut self, local: LocalId, value: GVal) {
        self.frames[0].locals.insert(local, value);
    }
}

impl FnCx<'_, '_> {
    /// The leaves of the thunk that computes `e`, if `e` is scalar code
    /// worth a thunk of its own (an operation, not a variable or a tuple).
    pub fn plan(&mut self, e: ExprId) -> Option<Rc<[ExprId]>> {
        if let Some(plan) = self.fl.plans.get(&e) {
            return plan.clone();
        }
        let program = self.program();
        let expr = self.expr(e);
        let is_operation = match &expr.kind {
            ExprKind::Prim { prim, args } => {
                is_scalar_prim(*prim)
                    || (matches!(prim, Prim::Eql | Prim::Hash) && is_gpu_type(program, &self.expr(args[0]).ty))
                    || is_reduction_of_nothing(program, *prim, args)
                    || (matches!(prim, Prim::Length | Prim::Elt) && matches!(self.expr(args[0]).kind, ExprKind::Var(_)))
            }
            ExprKind::If { .. } | ExprKind::Let { .. } => true,
            ExprKind::Call { func, .. } => self.fl.analysis.is_scalar_function(program, *func),
            _ => false,
        };
        let mut leaves = Vec::new();
        let plan = if is_operation && self.plan_walk(e, false, &mut Vec::new(), &mut leaves) {
            // The root itself must be scalar code, not a leaf.
            if leaves.first() == Some(&e) { None } else { Some(Rc::from(leaves)) }
        } else {
            None
        };
        self.fl.plans.insert(e, plan.clone());
        plan
    }

    /// Whether `e` can be part of a thunk; collects its leaves. `bound` are
    /// the locals bound inside the thunk so far (a leaf may not read them).
    fn plan_walk(&mut self, e: ExprId, under_branch: bool, bound: &mut Vec<LocalId>, leaves: &mut Vec<ExprId>) -> bool {
        let program = self.program();
        let expr = self.expr(e);
        if !is_gpu_type(program, &expr.ty) {
            return false;
        }
        let all = |this: &mut Self, items: &[ExprId], bound: &mut Vec<LocalId>, leaves: &mut Vec<ExprId>| {
            items.iter().all(|c| this.plan_walk(*c, under_branch, bound, leaves))
        };
        match &expr.kind {
            ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Bool(_) | ExprKind::Char(_) | ExprKind::Var(_) => true,
            ExprKind::Pair(a, b) => all(self, &[*a, *b], bound, leaves),
            ExprKind::Construct { args, .. } => all(self, args, bound, leaves),
            ExprKind::Prim { prim, args } if is_scalar_prim(*prim) => all(self, args, bound, leaves),
            ExprKind::Prim { prim: Prim::Eql | Prim::Hash, args } if is_gpu_type(program, &self.expr(args[0]).ty) => {
                all(self, args, bound, leaves)
            }
            ExprKind::Prim { prim: Prim::Length, args } if matches!(self.expr(args[0]).kind, ExprKind::Var(_)) => true,
            ExprKind::Prim { prim: Prim::Elt, args } if matches!(self.expr(args[0]).kind, ExprKind::Var(_)) => {
                self.plan_walk(args[1], under_branch, bound, leaves)
            }
            ExprKind::Prim { prim, args } if is_reduction_of_nothing(program, *prim, args) => true,
            ExprKind::If { cond, then_branch, else_branch } => {
                self.plan_walk(*cond, under_branch, bound, leaves)
                    && self.plan_walk(*then_branch, true, bound, leaves)
                    && self.plan_walk(*else_branch, true, bound, leaves)
            }
            ExprKind::Let { pattern, value, body } if is_gpu_type(program, &pattern.ty) => {
                if !self.plan_walk(*value, under_branch, bound, leaves) {
                    return false;
                }
                pattern_locals(pattern, bound);
                self.plan_walk(*body, under_branch, bound, leaves)
            }
            ExprKind::Call { func, args } if self.fl.analysis.is_scalar_function(program, *func) => {
                all(self, args, bound, leaves)
            }
            _ => {
                let may_fail = self.fl.analysis.may_fail(program, e);
                let has_effect = self.fl.analysis.has_effect(program, e);
                let free = self.fl.analysis.free_locals(program, e);
                let reads_bound = free.iter().any(|l| bound.contains(l));
                if has_effect || reads_bound || (under_branch && may_fail) {
                    return false;
                }
                leaves.push(e);
                true
            }
        }
    }

    /// Flattens scalar code `e` of the current (lifted) level into one `MAP`
    /// over its instances, after its leaves.
    pub fn compile_thunk(&mut self, e: ExprId, leaves: &[ExprId]) -> Result<Val> {
        let mut values = HashMap::new();
        for leaf in leaves {
            let v = self.compile(*leaf)?;
            values.insert(*leaf, v);
        }
        let level = self.levels.current();
        let mut kb = KernelBuilder::new();
        let i = index_param(&mut kb, "i");
        let mut tc = ThunkCx::over_level(kb, level, GExpr::Var(i));
        let mut g = GpuCx::new(values);
        let value = self.compile_gpu(&mut tc, &mut g, e)?;
        let (body, mut kb) = tc.finish(value.into_body());
        let size = kb.size(&self.fb.function, &self.levels.get(level).size.clone());
        let ty = self.expr(e).ty.clone();
        let types = scalar_components(self.program(), &ty)?;
        let results: Vec<(String, VarType)> =
            types.iter().map(|t| ("mapped".to_string(), VarType::Array(*t))).collect();
        let columns = self.run_kernel(kb, "map", Soac::Map { size, pull: Thunk { params: vec![i], body } }, &results);
        Ok(self.val_of_columns(&ty, &mut columns.into_iter(), level))
    }

    /// The lifted value of type `ty` whose scalar components are `columns`.
    pub fn val_of_columns(
        &self,
        ty: &Type,
        columns: &mut impl Iterator<Item = crate::ir::HostVar>,
        level: LevelId,
    ) -> Val {
        match components(self.program(), ty) {
            Some(parts) => Val::Tuple(parts.iter().map(|t| self.val_of_columns(t, columns, level)).collect()),
            None => Val::Scalar(LiftedScalar {
                level,
                array: columns.next().expect("a column per scalar component"),
                path: Vec::new(),
            }),
        }
    }

    /// Compiles scalar code into the thunk `tc`.
    pub fn compile_gpu(&mut self, tc: &mut ThunkCx, g: &mut GpuCx, e: ExprId) -> Result<GVal> {
        if let Some(v) = g.leaves.get(&e).cloned() {
            return self.read_val(tc, &v);
        }
        let program = self.program();
        let expr = self.expr(e);
        match &expr.kind {
            ExprKind::Int(x) => Ok(GVal::Scalar(GExpr::Const(Const::Int(*x)))),
            ExprKind::Float(x) => Ok(GVal::Scalar(GExpr::Const(Const::Float(*x)))),
            ExprKind::Bool(x) => Ok(GVal::Scalar(GExpr::Const(Const::Bool(*x)))),
            ExprKind::Char(x) => Ok(GVal::Scalar(GExpr::Const(Const::Char(*x)))),
            ExprKind::Var(v) => self.gpu_lookup(tc, g, *v),
            ExprKind::Pair(a, b) => Ok(GVal::Tuple(vec![self.compile_gpu(tc, g, *a)?, self.compile_gpu(tc, g, *b)?])),
            ExprKind::Construct { args, .. } => {
                Ok(GVal::Tuple(args.iter().map(|a| self.compile_gpu(tc, g, *a)).collect::<Result<_>>()?))
            }
            ExprKind::Prim { prim: Prim::Eql, args } => {
                let a = self.compile_gpu(tc, g, args[0])?.into_components();
                let b = self.compile_gpu(tc, g, args[1])?.into_components();
                let types = scalar_components(program, &self.expr(args[0]).ty)?;
                let equal = a
                    .into_iter()
                    .zip(b)
                    .zip(types)
                    .map(|((x, y), t)| GExpr::binary(BinaryOp::Eq, t, x, y))
                    .reduce(and)
                    .unwrap_or(GExpr::Const(Const::Bool(true)));
                Ok(GVal::Scalar(equal))
            }
            ExprKind::Prim { prim: Prim::Hash, args } => {
                let words = self.compile_gpu(tc, g, args[0])?.into_components();
                let types = scalar_components(program, &self.expr(args[0]).ty)?;
                let range = self.compile_gpu(tc, g, args[1])?.scalar();
                let inlined = g.frames.last().and_then(|f| f.inlined.clone());
                let site = self.fault_at(
                    expr.span,
                    crate::structural_prims::hash_range(),
                    inlined.as_ref().map(|(name, attr)| (name.as_str(), attr.as_ref())),
                );
                let words = words.into_iter().zip(types).collect();
                Ok(GVal::Scalar(crate::structural_prims::emit_hash(&mut ThunkEmitter { tc }, words, range, site)))
            }
            ExprKind::Prim { prim, args } if is_scalar_prim(*prim) => {
                let mut values = Vec::with_capacity(args.len());
                let mut types = Vec::with_capacity(args.len());
                for a in args {
                    values.push(self.compile_gpu(tc, g, *a)?.scalar());
                    types.push(scalar_type(&self.expr(*a).ty)?);
                }
                let span = expr.span;
                let inlined = g.frames.last().and_then(|f| f.inlined.clone());
                let mut site = |message: String| {
                    self.fault_at(span, message, inlined.as_ref().map(|(name, attr)| (name.as_str(), attr.as_ref())))
                };
                let mut em = ThunkEmitter { tc };
                lower_scalar_prim(&mut em, *prim, &types, values, &mut site)
                    .map(GVal::Scalar)
                    .map_err(|what| self.unsupported(format!("{what} inside an apply-to-each"), e))
            }
            ExprKind::Prim { prim: Prim::Length, args } => {
                let seq = self.gpu_seq_var(g, args[0])?;
                Ok(GVal::Scalar(self.seq_length(tc, &seq)))
            }
            ExprKind::Prim { prim: Prim::Elt, args } => {
                let seq = self.gpu_seq_var(g, args[0])?;
                let index = self.compile_gpu(tc, g, args[1])?.scalar();
                let index = tc.share("j", Scalar::Int, index);
                let inlined = g.frames.last().and_then(|f| f.inlined.clone());
                let site = self.fault_at(
                    expr.span,
                    index_out_of_range("elt"),
                    inlined.as_ref().map(|(name, attr)| (name.as_str(), attr.as_ref())),
                );
                self.seq_element(tc, &seq, index, site)
            }
            ExprKind::Prim { prim, args } if is_reduction_of_nothing(program, *prim, args) => {
                let ty = scalar_type(&expr.ty)?;
                Ok(GVal::Scalar(GExpr::Const(monoid(*prim, ty)?.neutral)))
            }
            ExprKind::If { cond, then_branch, else_branch } => {
                let cond = self.compile_gpu(tc, g, *cond)?.scalar();
                tc.push_scope();
                let then_value = self.compile_gpu(tc, g, *then_branch)?.into_body();
                let then_pure = tc.scope_is_empty();
                let then_body = tc.pop_scope(then_value);
                tc.push_scope();
                let else_value = self.compile_gpu(tc, g, *else_branch)?.into_body();
                let else_pure = tc.scope_is_empty();
                let else_body = tc.pop_scope(else_value);
                let types = scalar_components(program, &expr.ty)?;
                let choice = GExpr::if_(cond, then_body, else_body);
                if types.len() == 1 && then_pure && else_pure {
                    return Ok(GVal::Scalar(choice));
                }
                let vars = if types.len() == 1 {
                    vec![tc.share("v", types[0], choice)]
                } else {
                    tc.bind_tuple("v", &types, choice)
                };
                Ok(gval_of(program, &expr.ty, &mut vars.into_iter()))
            }
            ExprKind::Let { pattern, value, body } => {
                let value = self.compile_gpu(tc, g, *value)?;
                self.bind_gpu_pattern(tc, g, pattern, value)?;
                self.compile_gpu(tc, g, *body)
            }
            ExprKind::Call { func, args } => {
                let callee = &program.functions[*func];
                let mut values = Vec::with_capacity(args.len());
                for a in args {
                    values.push(self.compile_gpu(tc, g, *a)?);
                }
                let caller_attribution = match g.frames.last().and_then(|f| f.inlined.as_ref()) {
                    Some((_, attribution)) => attribution.clone(),
                    None => self.scope.attribution.clone(),
                };
                if let Some(group) = self.fl.analysis.loop_group(program, *func) {
                    return self.compile_loop_call(tc, g, e, *func, values, group);
                }
                let attribution = callee_attribution(
                    self.fl.sources,
                    caller_attribution.as_ref(),
                    expr.span,
                    callee.is_library,
                    &callee.name,
                );
                let inlined = if callee.is_library { Some((callee.name.clone(), attribution)) } else { None };
                g.frames.push(GpuFrame { func: Some(*func), locals: HashMap::new(), inlined });
                for (param, value) in callee.params.iter().zip(values) {
                    self.bind_gpu_pattern(tc, g, param, value)?;
                }
                let result = self.compile_gpu(tc, g, callee.body);
                g.frames.pop();
                result
            }
            _ => Err(FlattenError::bug("an expression that is not scalar code reached compile_gpu")),
        }
    }

    /// Binds the variables of a pattern to parts of a thunk value, each
    /// scalar bound once.
    pub(crate) fn bind_gpu_pattern(
        &mut self,
        tc: &mut ThunkCx,
        g: &mut GpuCx,
        pattern: &Pattern,
        value: GVal,
    ) -> Result<()> {
        match &pattern.kind {
            PatternKind::Bind(Var::Local(l)) => {
                let value = share_gval(tc, self.program(), &pattern.ty, value)?;
                g.frames.last_mut().expect("a frame").locals.insert(*l, value);
                Ok(())
            }
            PatternKind::Bind(Var::Global(_)) => Err(FlattenError::bug("a global bound inside scalar code")),
            PatternKind::Pair(a, b) => match value {
                GVal::Tuple(mut items) if items.len() == 2 => {
                    let y = items.pop().expect("two items");
                    let x = items.pop().expect("two items");
                    self.bind_gpu_pattern(tc, g, a, x)?;
                    self.bind_gpu_pattern(tc, g, b, y)
                }
                _ => Err(FlattenError::bug("a pair pattern bound to a scalar in a thunk")),
            },
            PatternKind::Data { fields, .. } => match value {
                GVal::Tuple(items) if items.len() == fields.len() => {
                    for (p, v) in fields.iter().zip(items) {
                        self.bind_gpu_pattern(tc, g, p, v)?;
                    }
                    Ok(())
                }
                _ => Err(FlattenError::bug("a datatype pattern bound to the wrong value in a thunk")),
            },
        }
    }

    /// The thunk value of a variable.
    fn gpu_lookup(&mut self, tc: &mut ThunkCx, g: &mut GpuCx, var: Var) -> Result<GVal> {
        let frame = g.frames.last().expect("a frame");
        if let Var::Local(l) = var {
            if let Some(v) = frame.locals.get(&l) {
                return Ok(v.clone());
            }
            if frame.func.is_some() {
                return Err(FlattenError::bug("an inlined function reads a local it does not bind"));
            }
        }
        let val = self.lookup(var)?;
        let value = self.read_val(tc, &val)?;
        if let Var::Local(l) = var {
            // The read is pure: the same expression serves every use.
            g.frames[0].locals.insert(l, value.clone());
        }
        Ok(value)
    }

    /// The value of the sequence read by `#s` or `s[i]` in a thunk: a
    /// variable, or a leaf computed before the thunk (`#(let v = x in [1,
    /// 2])`, whose sequence is the same for every instance).
    fn gpu_seq_var(&self, g: &GpuCx, e: ExprId) -> Result<Val> {
        if let Some(value) = g.leaves.get(&e) {
            return Ok(value.clone());
        }
        match self.expr(e).kind {
            ExprKind::Var(Var::Local(l)) if g.frames.last().is_some_and(|f| f.func.is_some()) => {
                Err(FlattenError::bug(format!("an inlined function reads sequence local {}", l.0)))
            }
            ExprKind::Var(v) => self.lookup(v),
            _ => Err(FlattenError::bug("`#` or `elt` of a non-variable in scalar code")),
        }
    }

    /// Reads a (scalar or tuple) value at the thunk's instance.
    pub fn read_val(&self, tc: &mut ThunkCx, val: &Val) -> Result<GVal> {
        match val {
            Val::Uniform(repr) => read_repr(tc, &self.fb, repr),
            Val::Scalar(s) => {
                let instance = tc.instance(&self.fb.function, &self.levels, s.level);
                let index = tc.apply_steps(&self.fb.function, &s.path, instance);
                Ok(GVal::Scalar(tc.kb.read(&self.fb.function, s.array, index)))
            }
            Val::Tuple(items) => Ok(GVal::Tuple(items.iter().map(|v| self.read_val(tc, v)).collect::<Result<_>>()?)),
            Val::Seq(_) => Err(FlattenError::bug("a lifted sequence read as a scalar")),
        }
    }

    /// `#s` at the thunk's instance.
    pub fn seq_length(&self, tc: &mut ThunkCx, seq: &Val) -> GExpr {
        match seq {
            Val::Seq(s) => {
                let instance = tc.instance(&self.fb.function, &self.levels, s.level);
                tc.kb.read(&self.fb.function, s.lengths, instance)
            }
            Val::Uniform(Repr::Seq(s)) => tc.kb.length(&self.fb.function, s.length_witness()),
            _ => GExpr::Const(Const::Int(0)),
        }
    }

    /// `s[index]` at the thunk's instance, bounds-checked at `site`.
    fn seq_element(&self, tc: &mut ThunkCx, seq: &Val, index: GExpr, site: FaultId) -> Result<GVal> {
        let host = &self.fb.function;
        let (length, start, elements) = match seq {
            Val::Seq(s) => {
                let instance = tc.instance(host, &self.levels, s.level);
                let length = tc.kb.read(host, s.lengths, instance.clone());
                let length = tc.share("len", Scalar::Int, length);
                let start = tc.kb.read(host, s.offsets, instance);
                (length, start, &s.elements)
            }
            Val::Uniform(Repr::Seq(s)) => (tc.kb.length(host, s.length_witness()), int(0), s),
            _ => return Err(FlattenError::bug("`elt` of a value that is not a sequence")),
        };
        let in_range = and(cmp(BinaryOp::Ge, index.clone(), int(0)), cmp(BinaryOp::Lt, index.clone(), length.clone()));
        tc.assert(in_range, site, vec![index.clone(), length]);
        let position = tc.share("k", Scalar::Int, add(start, index));
        read_columns(tc, &self.fb, elements, position)
    }

    /// Flattens scalar code on the host (a scalar primitive applied to host
    /// atoms).
    pub fn host_scalar_prim(&mut self, e: ExprId, prim: Prim, args: &[ExprId]) -> Result<Repr> {
        let mut values = Vec::with_capacity(args.len());
        let mut types = Vec::with_capacity(args.len());
        for a in args {
            match self.compile_host(*a)? {
                Repr::Scalar(atom) => values.push(atom),
                _ => return Err(FlattenError::bug("a scalar primitive applied to a non-scalar")),
            }
            types.push(scalar_type(&self.expr(*a).ty)?);
        }
        let span = self.expr(e).span;
        let FnCx { fl, fb, scope, .. } = self;
        let mut site =
            |message: String| fl.faults.site(fl.sources, span, message, &scope.name, scope.attribution.as_ref());
        let mut em = HostEmitter { fb };
        match lower_scalar_prim(&mut em, prim, &types, values, &mut site) {
            Ok(atom) => Ok(Repr::Scalar(atom)),
            Err(what) => Err(self.unsupported(what, e)),
        }
    }
}

/// The scalar types of the components of a GPU type, in order.
pub(crate) fn scalar_components(program: &nesl_frontend::tast::Program, ty: &Type) -> Result<Vec<Scalar>> {
    let mut out = Vec::new();
    fn walk(program: &nesl_frontend::tast::Program, ty: &Type, out: &mut Vec<Scalar>) -> Result<()> {
        match components(program, ty) {
            Some(parts) => parts.iter().try_for_each(|t| walk(program, t, out)),
            None => {
                out.push(scalar_type(ty)?);
                Ok(())
            }
        }
    }
    walk(program, ty, &mut out)?;
    Ok(out)
}

/// The thunk value of type `ty` whose scalar components are `items`.
pub(crate) fn gval_of(
    program: &nesl_frontend::tast::Program,
    ty: &Type,
    items: &mut impl Iterator<Item = GExpr>,
) -> GVal {
    match components(program, ty) {
        Some(parts) => GVal::Tuple(parts.iter().map(|t| gval_of(program, t, items)).collect()),
        None => GVal::Scalar(items.next().expect("a component per scalar")),
    }
}

/// Binds every non-atomic scalar of a thunk value (so that a variable read
/// twice is computed once).
fn share_gval(tc: &mut ThunkCx, program: &nesl_frontend::tast::Program, ty: &Type, value: GVal) -> Result<GVal> {
    Ok(match (value, components(program, ty)) {
        (GVal::Scalar(e), None) => GVal::Scalar(tc.share("x", scalar_type(ty)?, e)),
        (GVal::Tuple(items), Some(parts)) => GVal::Tuple(
            items.into_iter().zip(parts).map(|(v, t)| share_gval(tc, program, &t, v)).collect::<Result<_>>()?,
        ),
        (GVal::Scalar(e), Some(_)) => {
            // A tuple-valued expression (a GPU `if`): bind its components.
            let types = scalar_components(program, ty)?;
            let vars = tc.bind_tuple("x", &types, e);
            gval_of(program, ty, &mut vars.into_iter())
        }
        (GVal::Tuple(_), None) => return Err(FlattenError::bug("a tuple bound to a scalar variable")),
    })
}

/// A uniform value read in a thunk: constants and kernel parameters.
pub(crate) fn read_repr(tc: &mut ThunkCx, fb: &FunctionBuilder, repr: &Repr) -> Result<GVal> {
    match repr {
        Repr::Scalar(a) => Ok(GVal::Scalar(tc.kb.atom(&fb.function, *a))),
        Repr::Tuple(items) => Ok(GVal::Tuple(items.iter().map(|r| read_repr(tc, fb, r)).collect::<Result<_>>()?)),
        Repr::Seq(_) => Err(FlattenError::bug("a uniform sequence read as a scalar")),
    }
}

/// The element at `position` of the scalar columns of a sequence.
pub(crate) fn read_columns(tc: &mut ThunkCx, fb: &FunctionBuilder, seq: &SeqRepr, position: GExpr) -> Result<GVal> {
    match seq {
        SeqRepr::Array(a) => Ok(GVal::Scalar(tc.kb.read(&fb.function, *a, position))),
        SeqRepr::Tuple(columns) => {
            Ok(GVal::Tuple(columns.iter().map(|c| read_columns(tc, fb, c, position.clone())).collect::<Result<_>>()?))
        }
        SeqRepr::Nested { .. } => Err(FlattenError::bug("a nested sequence's element read as a scalar")),
    }
}

/// Scalar code into a thunk: pure expressions, with checks and shared
/// values as statements of the current scope.
pub(crate) struct ThunkEmitter<'t> {
    pub tc: &'t mut ThunkCx,
}

impl ScalarEmitter for ThunkEmitter<'_> {
    type V = GExpr;

    fn constant(&mut self, c: Const) -> GExpr {
        GExpr::Const(c)
    }

    fn as_const(&self, v: &GExpr) -> Option<Const> {
        match v {
            GExpr::Const(c) => Some(*c),
            _ => None,
        }
    }

    fn unary(&mut self, op: UnaryOp, ty: Scalar, arg: GExpr) -> GExpr {
        GExpr::unary(op, ty, arg)
    }

    fn binary(&mut self, op: BinaryOp, ty: Scalar, lhs: GExpr, rhs: GExpr) -> GExpr {
        GExpr::binary(op, ty, lhs, rhs)
    }

    fn select(&mut self, _ty: Scalar, cond: GExpr, a: GExpr, b: GExpr) -> GExpr {
        GExpr::if_(cond, a, b)
    }

    fn share(&mut self, ty: Scalar, v: GExpr) -> GExpr {
        self.tc.share("x", ty, v)
    }

    fn check(&mut self, cond: GExpr, site: FaultId, payload: Vec<GExpr>) {
        self.tc.assert(cond, site, payload);
    }
}

/// Scalar code on the host: one `let` per operation, `Assert` statements.
pub(crate) struct HostEmitter<'f> {
    pub fb: &'f mut FunctionBuilder,
}

impl ScalarEmitter for HostEmitter<'_> {
    type V = Atom;

    fn constant(&mut self, c: Const) -> Atom {
        Atom::Const(c)
    }

    fn as_const(&self, v: &Atom) -> Option<Const> {
        match v {
            Atom::Const(c) => Some(*c),
            Atom::Var(_) => None,
        }
    }

    fn unary(&mut self, op: UnaryOp, ty: Scalar, arg: Atom) -> Atom {
        match (op, arg) {
            (UnaryOp::Abs, Atom::Const(Const::Int(x))) => Atom::Const(Const::Int(x.wrapping_abs())),
            (UnaryOp::Neg, Atom::Const(Const::Int(x))) => Atom::Const(Const::Int(x.wrapping_neg())),
            (UnaryOp::Neg, Atom::Const(Const::Float(x))) => Atom::Const(Const::Float(-x)),
            _ => Atom::Var(self.fb.let_("t", VarType::Scalar(op.result(ty)), HostExpr::Unary { op, ty, arg })),
        }
    }

    fn binary(&mut self, op: BinaryOp, ty: Scalar, lhs: Atom, rhs: Atom) -> Atom {
        self.fb.binary(op, ty, lhs, rhs)
    }

    fn select(&mut self, ty: Scalar, cond: Atom, a: Atom, b: Atom) -> Atom {
        match cond {
            Atom::Const(Const::Bool(true)) => return a,
            Atom::Const(Const::Bool(false)) => return b,
            _ => {}
        }
        self.fb.begin_block();
        let then_block = self.fb.end_block(vec![a]);
        self.fb.begin_block();
        let else_block = self.fb.end_block(vec![b]);
        Atom::Var(self.fb.let_("t", VarType::Scalar(ty), HostExpr::If { cond, then_block, else_block }))
    }

    fn share(&mut self, _ty: Scalar, v: Atom) -> Atom {
        v
    }

    fn check(&mut self, cond: Atom, site: FaultId, payload: Vec<Atom>) {
        self.fb.assert(cond, site, payload);
    }
}
