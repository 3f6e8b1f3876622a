//! Conditionals.
//!
//! - In the host context, and in a lifted context whose condition is
//!   uniform, a conditional is a host `if`: only the branch taken runs.
//! - Scalar conditionals of a lifted context never get here: they are GPU
//!   `if`s inside a thunk (`scalar_code.rs`).
//! - Otherwise the instances are split: the flags of the condition give the
//!   indices of the instances that take each branch (a `FILTER` each), each
//!   branch is flattened in a level of just its instances (so its faults,
//!   and its recursive calls, concern only them), and the branches' results
//!   are merged back into position: instance `i` takes its value from the
//!   `then` results at `rank[i]` (the exclusive count of true flags before
//!   it, a `SCAN`) or from the `else` results at `i - rank[i]`, by a gather
//!   that rebuilds the segment descriptors of sequence results.
//! - **Divergent recursion.** When both branches of such a split are calls
//!   of one recursive function (`if c then f(a) else f(b)`), each branch
//!   computes only its call's arguments, the arguments are merged as
//!   results would be, and one lifted call runs over all the instances:
//!   `f(if c then a else b)`. Without it each branch would call the lifted
//!   version of `f` on its own instances, and the calls would double at
//!   every level of the recursion (launches growing with the number of
//!   paths, not with the depth).

use nesl_frontend::tast::{ExprId, ExprKind};

use crate::context::{Level, Size, Step};
use crate::error::{FlattenError, Result};
use crate::flatten_program::FnCx;
use crate::gather::{Choice, Route, Selection};
use crate::ir::{
    Atom, BinaryOp, Const, GExpr, HostExpr, HostFunction, HostVar, Repr, Scalar, SeqRepr, Soac, Stmt, Thunk, UnaryOp,
    VarType,
};
use crate::kernel_code::{KernelBuilder, ThunkCx, binary_thunk, index_param, sub};
use crate::representation::{Val, fresh_repr, fresh_seq, repr_atoms, repr_vars, seq_vars};

impl FnCx<'_, '_> {
    pub fn compile_if(&mut self, e: ExprId, cond: ExprId, then_branch: ExprId, else_branch: ExprId) -> Result<Val> {
        let level = self.levels.current();
        let c = self.compile(cond)?;
        if let Val::Uniform(repr) = &c {
            let Repr::Scalar(c) = repr else {
                return Err(FlattenError::bug("a condition that is not a scalar"));
            };
            return if level == 0 {
                Ok(Val::Uniform(self.host_if(e, *c, then_branch, else_branch)?))
            } else {
                self.uniform_if(e, *c, then_branch, else_branch)
            };
        }
        let SeqRepr::Array(flags) = self.dense_at(&c, level)? else {
            return Err(FlattenError::bug("a lifted condition that is not a bool"));
        };
        let size = self.levels.get(level).size.clone();
        let rank = self.true_rank(flags, &size)?;
        let then_indices = self.select_instances(flags, &size, true)?;
        let else_indices = self.select_instances(flags, &size, false)?;
        let divergent = self.divergent_calls(then_branch, else_branch);
        // Per branch, its value, or its call's arguments for a divergent
        // call (dense at the branch's level).
        let mut results: Vec<Vec<SeqRepr>> = Vec::with_capacity(2);
        for (branch, indices) in [(then_branch, then_indices), (else_branch, else_indices)] {
            let branch_level =
                self.levels.push(Level::new(Size::LengthOf(indices), Some(Step::Gather(indices)), false));
            let mut values = Vec::new();
            let exprs = match &divergent {
                Some((_, then_args, else_args)) => {
                    if branch == then_branch {
                        then_args.clone()
                    } else {
                        else_args.clone()
                    }
                }
                None => vec![branch],
            };
            for x in exprs {
                let value = self.compile(x)?;
                values.push(self.dense_at(&value, branch_level)?);
            }
            results.push(values);
            self.levels.pop();
        }
        let route = move |tc: &mut ThunkCx, host: &HostFunction, i: GExpr| {
            let i = tc.share("i", Scalar::Int, i);
            let flag = tc.kb.read(host, flags, i.clone());
            let flag = tc.share("f", Scalar::Bool, flag);
            let before = tc.kb.read(host, rank, i.clone());
            let before = tc.share("r", Scalar::Int, before);
            Route { index: GExpr::if_(flag.clone(), before.clone(), sub(i, before)), choice: Choice::First(flag) }
        };
        let (else_values, then_values) = (results.pop().unwrap_or_default(), results.pop().unwrap_or_default());
        let mut merged = Vec::with_capacity(then_values.len());
        // The route is a bijection onto the two branches' instances (each
        // branch is dense over the instances its flag selected): rule
        // `each-once-total`, note [host-known totals] in `gather.rs`.
        for (a, b) in then_values.into_iter().zip(else_values) {
            merged.push(Val::from_seq(self.gather_each_once(&[a, b], size.clone(), &route)?, level));
        }
        match divergent {
            Some((func, _, _)) => self.call_with_values(then_branch, func, merged),
            None => merged.pop().ok_or_else(|| FlattenError::bug("a split conditional without a result")),
        }
    }

    /// For `if c then f(a..) else f(b..)`, where `f` is a recursive user
    /// function: `f` and both argument lists.
    #[allow(clippy::type_complexity)]
    fn divergent_calls(
        &self,
        then_branch: ExprId,
        else_branch: ExprId,
    ) -> Option<(nesl_frontend::tast::FuncId, Vec<ExprId>, Vec<ExprId>)> {
        let (ExprKind::Call { func: f, args: a }, ExprKind::Call { func: g, args: b }) =
            (&self.expr(then_branch).kind, &self.expr(else_branch).kind)
        else {
            return None;
        };
        let callee = &self.program().functions[*f];
        (f == g && callee.is_recursive && !callee.is_library && a.len() == b.len()).then(|| (*f, a.clone(), b.clone()))
    }

    /// `if c then a else b` in the host context.
    fn host_if(&mut self, e: ExprId, cond: Atom, then_branch: ExprId, else_branch: ExprId) -> Result<Repr> {
        match cond {
            Atom::Const(Const::Bool(true)) => return self.compile_host(then_branch),
            Atom::Const(Const::Bool(false)) => return self.compile_host(else_branch),
            _ => {}
        }
        let program = self.program();
        let seeds = self.fl.analysis.seeds(program, then_branch) || self.fl.analysis.seeds(program, else_branch);
        let mut blocks = Vec::with_capacity(2);
        for branch in [then_branch, else_branch] {
            self.fb.begin_block();
            let saved = seeds.then(|| self.enter_seed_block());
            let value = self.compile_host(branch)?;
            let mut atoms = Vec::new();
            repr_atoms(&value, &mut atoms);
            if let Some(saved) = saved {
                self.leave_seed_block(saved, &mut atoms)?;
            }
            blocks.push(self.fb.end_block(atoms));
        }
        let else_block = blocks.pop().expect("two blocks");
        let then_block = blocks.pop().expect("two blocks");
        let ty = self.expr(e).ty.clone();
        let result = fresh_repr(self.program(), &mut self.fb.function, &ty, "chosen")?;
        let mut vars = repr_vars(&result)?;
        if seeds {
            self.bind_seed_result(&mut vars);
        }
        self.fb.push(Stmt::Let { vars, expr: HostExpr::If { cond, then_block, else_block } });
        Ok(result)
    }

    /// A conditional of a lifted context whose condition is uniform: a host
    /// `if` whose branches give dense lifted values.
    fn uniform_if(&mut self, e: ExprId, cond: Atom, then_branch: ExprId, else_branch: ExprId) -> Result<Val> {
        let level = self.levels.current();
        let mut blocks = Vec::with_capacity(2);
        for branch in [then_branch, else_branch] {
            self.fb.begin_block();
            let value = self.compile(branch)?;
            let dense = self.dense_at(&value, level)?;
            let mut atoms = Vec::new();
            seq_vars(&dense, &mut |v| atoms.push(Atom::Var(v)));
            blocks.push(self.fb.end_block(atoms));
        }
        let else_block = blocks.pop().expect("two blocks");
        let then_block = blocks.pop().expect("two blocks");
        let ty = self.expr(e).ty.clone();
        let result = fresh_seq(self.program(), &mut self.fb.function, &ty, "chosen")?;
        let mut vars = Vec::new();
        seq_vars(&result, &mut |v| vars.push(v));
        self.fb.push(Stmt::Let { vars, expr: HostExpr::If { cond, then_block, else_block } });
        Ok(Val::from_seq(result, level))
    }

    /// The exclusive count of true flags before each position.
    fn true_rank(&mut self, flags: HostVar, size: &Size) -> Result<HostVar> {
        let host = &self.fb.function;
        let mut kb = KernelBuilder::new();
        let i = index_param(&mut kb, "i");
        let flag = kb.read(host, flags, GExpr::Var(i));
        let pull = Thunk { params: vec![i], body: GExpr::unary(UnaryOp::BoolToInt, Scalar::Bool, flag) };
        let op = binary_thunk(&mut kb, BinaryOp::Add, Scalar::Int);
        let size = kb.size(host, size);
        let scan = Soac::Scan { size, pull, neutral: vec![Const::Int(0)], op };
        Ok(self.run_kernel(kb, "scan_rank", scan, &[("rank".to_string(), VarType::Array(Scalar::Int))])[0])
    }

    /// The positions whose flag is `wanted`.
    fn select_instances(&mut self, flags: HostVar, size: &Size, wanted: bool) -> Result<HostVar> {
        let host = &self.fb.function;
        let mut kb = KernelBuilder::new();
        let i = index_param(&mut kb, "i");
        let j = index_param(&mut kb, "j");
        let flag = kb.read(host, flags, GExpr::Var(j));
        let pred = if wanted { flag } else { GExpr::unary(UnaryOp::Not, Scalar::Bool, flag) };
        let selection = Selection { flags, size: size.clone(), wanted };
        let size = kb.size(host, size);
        let filter = Soac::Filter {
            size,
            pull: Thunk { params: vec![i], body: GExpr::Var(i) },
            pred: Thunk { params: vec![j], body: pred },
            before: None,
        };
        let name = if wanted { "then_instances" } else { "else_instances" };
        let indices =
            self.run_kernel(kb, "filter_instances", filter, &[(name.to_string(), VarType::Array(Scalar::Int))])[0];
        self.facts.selections.insert(indices, selection);
        Ok(indices)
    }
}
