//! Scalar recursion as loops inside thunks.
//!
//! A call, in scalar code, of a member of a loop group (`analysis.rs`: a
//! recursive scalar function, or mutually recursive ones, whose recursive
//! calls are all tail calls) becomes one [`GExpr::Loop`] in the thunk,
//! where the flattened form of `lift_functions.rs` would run a lifted
//! version per call depth, with its kernels and launches, on the host:
//!
//! ```text
//! function steps(n, k) =
//!   if n == 1 then k
//!   else if rem(n, 2) == 0 then steps(n / 2, k + 1)
//!   else steps(3 * n + 1, k + 1);
//! ```
//!
//! becomes, at a call `steps(i, 0)`,
//!
//! ```text
//! loop (n, k, steps_done, steps_result, steps_depth) = (i, 0, F, 0, 0)
//!   while not(steps_done)
//!   step (if (n == 1) then (n, k, T, k, steps_depth)
//!         else if ... then assert (steps_depth < 262143) else @3((steps_depth + 2));
//!                         ((n / 2), (k + 1), F, steps_result, (steps_depth + 1)) ...)
//!   result steps_result
//! ```
//!
//! The loop carries every scalar of the members' parameters (one slot per
//! component, named after the parameter), a `_fn` tag saying which member
//! runs next (only for groups of several functions), a `_done` flag, the
//! result's components, and the depth. Each member's body is compiled as
//! scalar code (`scalar_code.rs`) with its parameters bound to its slots,
//! in tail position so: an `if` keeps its branches apart, a `let` binds and
//! goes on, a call of a member of the group sets the callee's slots and the
//! tag (the next iteration), and any other expression is the result (the
//! last iteration). Faults inside report as in the interpreter, at the same
//! operation, since the body is the function's own scalar code.
//!
//! **Depth.** The interpreter limits nested calls to
//! [`crate::eval::MAX_CALL_DEPTH`] and faults with "recursion too deep"
//! past it, even for tail calls; so does the loop, counting the calls it
//! made: each tail call asserts the depth it would reach, so a loop that
//! does not terminate in the interpreter stops with the interpreter's fault
//! rather than hanging the device. The count starts at the loop's entry as
//! if the first call were at depth 1 (a kernel does not know the depth of
//! the host code that launched it), so a loop entered from a deep host
//! recursion may go slightly further than the interpreter before it
//! faults, and names a smaller depth.

use std::collections::HashMap;
use std::rc::Rc;

use nesl_frontend::tast::{ExprId, ExprKind, FuncId as TastFuncId, Pattern, PatternKind, Var};

use crate::analysis::LoopGroup;
use crate::error::{FlattenError, Result};
use crate::faults::{Attribution, callee_attribution};
use crate::flatten_program::FnCx;
use crate::ir::{BinaryOp, Const, GExpr, KVar, Scalar, UnaryOp};
use crate::kernel_code::{GVal, ThunkCx, add, int};
use crate::scalar_code::{GpuCx, GpuFrame, gval_of, scalar_components};

/// The variables of one loop.
struct LoopVars {
    group: Rc<LoopGroup>,
    /// Which member runs next, for a group of several.
    tag: Option<KVar>,
    /// Per member, the slots of its parameters' scalar components.
    slots: Vec<Vec<KVar>>,
    done: KVar,
    results: Vec<KVar>,
    depth: KVar,
    /// Where the faults of library members are reported.
    caller: Option<Attribution>,
    call_span: nesl_frontend::Span,
}

impl LoopVars {
    /// Every variable, in the loop's order.
    fn all(&self) -> Vec<KVar> {
        let mut vars: Vec<KVar> = self.tag.into_iter().collect();
        vars.extend(self.slots.iter().flatten().copied());
        vars.push(self.done);
        vars.extend(&self.results);
        vars.push(self.depth);
        vars
    }

    /// The values of the next iteration: `member` with arguments `args`, or
    /// the end with `result`; the other variables keep their values.
    fn next(&self, call: Option<(usize, Vec<GExpr>)>, result: Option<Vec<GExpr>>) -> GExpr {
        let var = |v: &KVar| GExpr::Var(*v);
        let mut values = Vec::new();
        let (member, mut args) = match call {
            Some((member, args)) => (Some(member), args),
            None => (None, Vec::new()),
        };
        if let Some(tag) = self.tag {
            values.push(member.map_or(GExpr::Var(tag), |m| int(m as i64)));
        }
        for (m, slots) in self.slots.iter().enumerate() {
            if member == Some(m) {
                values.append(&mut args);
            } else {
                values.extend(slots.iter().map(var));
            }
        }
        values.push(GExpr::Const(Const::Bool(result.is_some())));
        match result {
            Some(result) => values.extend(result),
            None => values.extend(self.results.iter().map(var)),
        }
        values.push(match member {
            Some(_) => add(GExpr::Var(self.depth), int(1)),
            None => GExpr::Var(self.depth),
        });
        GExpr::Tuple(values)
    }
}

impl FnCx<'_, '_> {
    /// A call of `func`, a member of the loop group `group`, with arguments
    /// `args`, as a loop in the thunk (see the module doc).
    pub(crate) fn compile_loop_call(
        &mut self,
        tc: &mut ThunkCx,
        g: &mut GpuCx,
        call: ExprId,
        func: TastFuncId,
        args: Vec<GVal>,
        group: Rc<LoopGroup>,
    ) -> Result<GVal> {
        // Where the faults of the code making the call are reported.
        let caller = match g.frames.last().and_then(|f| f.inlined.as_ref()) {
            Some((_, attribution)) => attribution.clone(),
            None => self.scope.attribution.clone(),
        };
        let program = self.program();
        let entry = &program.functions[func];
        let name = entry.name.clone();
        let tag = (group.members.len() > 1).then(|| tc.kb.scalar_var(&format!("{name}_fn"), Scalar::Int));
        let mut slots = Vec::with_capacity(group.members.len());
        let mut init = Vec::new();
        if let Some(member) = group.members.iter().position(|m| *m == func) {
            if tag.is_some() {
                init.push(int(member as i64));
            }
        } else {
            return Err(FlattenError::bug("a loop entered by a function outside its group"));
        }
        let mut args = Some(args);
        for &m in &group.members {
            let callee = &program.functions[m];
            let mut member_slots = Vec::new();
            for p in &callee.params {
                for ty in scalar_components(program, &p.ty)? {
                    member_slots.push(tc.kb.scalar_var(&param_name(callee, p), ty));
                    if m != func {
                        init.push(GExpr::Const(zero(ty)));
                    }
                }
            }
            if m == func {
                let values: Vec<GExpr> = args.take().into_iter().flatten().flat_map(GVal::into_components).collect();
                if values.len() != member_slots.len() {
                    return Err(FlattenError::bug("a loop's arguments do not match its parameters"));
                }
                init.extend(values);
            }
            slots.push(member_slots);
        }
        let done = tc.kb.scalar_var(&format!("{name}_done"), Scalar::Bool);
        init.push(GExpr::Const(Const::Bool(false)));
        let types = scalar_components(program, &entry.result)?;
        let results: Vec<KVar> = types.iter().map(|&t| tc.kb.scalar_var(&format!("{name}_result"), t)).collect();
        init.extend(types.iter().map(|&t| GExpr::Const(zero(t))));
        let depth = tc.kb.scalar_var(&format!("{name}_depth"), Scalar::Int);
        init.push(int(0));
        let lv = LoopVars { group, tag, slots, done, results, depth, caller, call_span: self.expr(call).span };

        tc.push_scope();
        let step = self.loop_dispatch(tc, g, &lv, 0);
        let step = tc.pop_scope(step?);
        let result = match &lv.results[..] {
            [r] => GExpr::Var(*r),
            rs => GExpr::Tuple(rs.iter().map(|r| GExpr::Var(*r)).collect()),
        };
        let value = GExpr::Loop {
            vars: lv.all(),
            init,
            cond: Box::new(GExpr::unary(UnaryOp::Not, Scalar::Bool, GExpr::Var(lv.done))),
            step: Box::new(step),
            result: Box::new(result),
        };
        let vars =
            if types.len() == 1 { vec![tc.share("v", types[0], value)] } else { tc.bind_tuple("v", &types, value) };
        Ok(gval_of(program, &entry.result, &mut vars.into_iter()))
    }

    /// The step from member `from` on: `if tag == from then body else ...`.
    fn loop_dispatch(&mut self, tc: &mut ThunkCx, g: &mut GpuCx, lv: &LoopVars, from: usize) -> Result<GExpr> {
        let last = lv.group.members.len() - 1;
        match lv.tag {
            Some(tag) if from < last => {
                let is_this = GExpr::binary(BinaryOp::Eq, Scalar::Int, GExpr::Var(tag), int(from as i64));
                tc.push_scope();
                let this = self.loop_member(tc, g, lv, from);
                let this = tc.pop_scope(this?);
                tc.push_scope();
                let rest = self.loop_dispatch(tc, g, lv, from + 1);
                let rest = tc.pop_scope(rest?);
                Ok(GExpr::if_(is_this, this, rest))
            }
            _ => self.loop_member(tc, g, lv, from),
        }
    }

    /// One iteration of member `index`: its body over its slots.
    fn loop_member(&mut self, tc: &mut ThunkCx, g: &mut GpuCx, lv: &LoopVars, index: usize) -> Result<GExpr> {
        let program = self.program();
        let m = lv.group.members[index];
        let callee = &program.functions[m];
        let inlined = if callee.is_library {
            let attribution = callee_attribution(self.fl.sources, lv.caller.as_ref(), lv.call_span, true, &callee.name);
            Some((callee.name.clone(), attribution))
        } else {
            None
        };
        g.frames.push(GpuFrame { func: Some(m), locals: HashMap::new(), inlined });
        let result = (|| {
            let mut slots = lv.slots[index].iter().map(|v| GExpr::Var(*v));
            for p in &callee.params {
                let value = gval_of(program, &p.ty, &mut slots);
                self.bind_gpu_pattern(tc, g, p, value)?;
            }
            self.compile_tail(tc, g, lv, callee.body)
        })();
        g.frames.pop();
        result
    }

    /// Expression `e` of a member's body in tail position: the values of
    /// the next iteration.
    fn compile_tail(&mut self, tc: &mut ThunkCx, g: &mut GpuCx, lv: &LoopVars, e: ExprId) -> Result<GExpr> {
        let expr = self.expr(e);
        match &expr.kind {
            ExprKind::If { cond, then_branch, else_branch } => {
                let cond = self.compile_gpu(tc, g, *cond)?.scalar();
                tc.push_scope();
                let then_step = self.compile_tail(tc, g, lv, *then_branch);
                let then_step = tc.pop_scope(then_step?);
                tc.push_scope();
                let else_step = self.compile_tail(tc, g, lv, *else_branch);
                let else_step = tc.pop_scope(else_step?);
                Ok(GExpr::if_(cond, then_step, else_step))
            }
            ExprKind::Let { pattern, value, body } => {
                let value = self.compile_gpu(tc, g, *value)?;
                self.bind_gpu_pattern(tc, g, pattern, value)?;
                self.compile_tail(tc, g, lv, *body)
            }
            ExprKind::Call { func, args } if lv.group.members.contains(func) => {
                let member = lv.group.members.iter().position(|m| m == func).unwrap_or(0);
                let mut values = Vec::new();
                for a in args {
                    values.extend(self.compile_gpu(tc, g, *a)?.into_components());
                }
                let program = self.program();
                let callee = &program.functions[*func];
                let inlined = g.frames.last().and_then(|f| f.inlined.clone());
                let site = self.fault_at(
                    expr.span,
                    format!("recursion too deep: {{0}} nested calls, the last of `{}`", callee.name),
                    inlined.as_ref().map(|(name, attr)| (name.as_str(), attr.as_ref())),
                );
                // The call about to be made is the interpreter's call number
                // `depth + 2` (the loop's entry is number 1).
                let limit = crate::eval::MAX_CALL_DEPTH as i64 - 1;
                let within = GExpr::binary(BinaryOp::Lt, Scalar::Int, GExpr::Var(lv.depth), int(limit));
                tc.assert(within, site, vec![add(GExpr::Var(lv.depth), int(2))]);
                Ok(lv.next(Some((member, values)), None))
            }
            _ => {
                let value = self.compile_gpu(tc, g, e)?.into_components();
                Ok(lv.next(None, Some(value)))
            }
        }
    }
}

/// The name of a parameter's slots: the variable it binds, or `arg`.
fn param_name(callee: &nesl_frontend::tast::Function, p: &Pattern) -> String {
    match &p.kind {
        PatternKind::Bind(Var::Local(l)) => callee.local(*l).name.clone(),
        _ => "arg".to_string(),
    }
}

/// The initial value of a slot not in use.
fn zero(ty: Scalar) -> Const {
    match ty {
        Scalar::Int => Const::Int(0),
        Scalar::Float => Const::Float(0.0),
        Scalar::Bool => Const::Bool(false),
        Scalar::Char => Const::Char(0),
    }
}
