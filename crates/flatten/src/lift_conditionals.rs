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

use nesl_frontend::tast::ExprId;

use crate::context::{Level, Size, Step};
use crate::error::{FlattenError, Result};
use crate::flatten_program::FnCx;
use crate::gather::{Choice, Route};
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
        let mut results = Vec::with_capacity(2);
        for (branch, indices) in [(then_branch, then_indices), (else_branch, else_indices)] {
            let branch_level =
                self.levels.push(Level::new(Size::LengthOf(indices), Some(Step::Gather(indices)), false));
            let value = self.compile(branch)?;
            results.push(self.dense_at(&value, branch_level)?);
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
        let merged = self.gather(&results, size, &route)?;
        Ok(Val::from_seq(merged, level))
    }

    /// `if c then a else b` in the host context.
    fn host_if(&mut self, e: ExprId, cond: Atom, then_branch: ExprId, else_branch: ExprId) -> Result<Repr> {
        match cond {
            Atom::Const(Const::Bool(true)) => return self.compile_host(then_branch),
            Atom::Const(Const::Bool(false)) => return self.compile_host(else_branch),
            _ => {}
        }
        let mut blocks = Vec::with_capacity(2);
        for branch in [then_branch, else_branch] {
            self.fb.begin_block();
            let value = self.compile_host(branch)?;
            let mut atoms = Vec::new();
            repr_atoms(&value, &mut atoms);
            blocks.push(self.fb.end_block(atoms));
        }
        let else_block = blocks.pop().expect("two blocks");
        let then_block = blocks.pop().expect("two blocks");
        let ty = self.expr(e).ty.clone();
        let result = fresh_repr(self.program(), &mut self.fb.function, &ty, "chosen")?;
        let vars = repr_vars(&result)?;
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
        let size = kb.size(host, size);
        let filter = Soac::Filter {
            size,
            pull: Thunk { params: vec![i], body: GExpr::Var(i) },
            pred: Thunk { params: vec![j], body: pred },
        };
        let name = if wanted { "then_instances" } else { "else_instances" };
        Ok(self.run_kernel(kb, "filter_instances", filter, &[(name.to_string(), VarType::Array(Scalar::Int))])[0])
    }
}
