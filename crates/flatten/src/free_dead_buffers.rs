//! The pass `free-dead-buffers`: a `free` statement after the last use of
//! every device array, so that a program's device memory is bounded by the
//! data it still needs rather than by everything it ever made.
//!
//! Host variables are bound once, and a frame lives for its whole call;
//! without frees every array of a call stays allocated until the call
//! returns, and a recursion holds the arrays of every level at once
//! (quicksort's lifted function: O(n × depth)). This pass computes, per host
//! function, which array variables are live after each statement (a
//! backward liveness over the block tree) and inserts
//! `free v1, v2, ...` ([`Stmt::Free`]) right after the statement after which
//! they are dead:
//!
//! - a variable bound and never used is freed right after its `let`; a
//!   parameter the body never uses, at the start of the body;
//! - a variable live into an `if` and used only by the other branch is
//!   freed at the start of the branch that does not use it;
//! - a variable bound inside a branch (or a `time` block) and returned as
//!   one of the block's results is freed after the `if` (or `time`), once
//!   the results have been bound to the outer variables;
//! - an array passed to a call and dead after it is freed right after the
//!   call. The evaluators release a `free` that directly follows a call when
//!   the call starts (the caller's frame is not read while the callee runs;
//!   see [`Stmt::Free`]), so a frame's dead arguments do not live through
//!   the recursion below it. Everything else dead before a recursive call is
//!   freed before it, at its last use.
//!
//! Scalars are never freed: they live on the host. The pass only adds
//! statements; it runs last (after fusion too: `fusion::fuse` drops the
//! frees of its input with [`strip_frees`] and frees its output again), and
//! the verifier checks every `free` names an array variable. The flat-IR
//! evaluator makes a read after a `free` an internal error, so a wrong
//! liveness fails the test suite instead of going unnoticed.

use std::collections::BTreeSet;

use crate::ir::{Atom, Block, FlatProgram, HostExpr, HostFunction, HostVar, Repr, Stmt};
use crate::representation::seq_vars;

/// Adds the frees to every function of `program` (dropping any it had).
pub fn free_dead_buffers(mut program: FlatProgram) -> FlatProgram {
    for function in program.functions.iter_mut().chain(std::iter::once(&mut program.main)) {
        free_in_function(function);
    }
    program
}

/// Removes every [`Stmt::Free`] of `program`: for passes that move
/// statements, which free again afterwards.
pub fn strip_frees(mut program: FlatProgram) -> FlatProgram {
    for function in program.functions.iter_mut().chain(std::iter::once(&mut program.main)) {
        strip_block(&mut function.body);
    }
    program
}

fn strip_block(block: &mut Block) {
    block.stmts.retain(|stmt| !matches!(stmt, Stmt::Free { .. }));
    for stmt in &mut block.stmts {
        match stmt {
            Stmt::Let { expr: HostExpr::If { then_block, else_block, .. }, .. } => {
                strip_block(then_block);
                strip_block(else_block);
            }
            Stmt::Let { expr: HostExpr::Time { block }, .. } => strip_block(block),
            _ => {}
        }
    }
}

type Live = BTreeSet<HostVar>;

fn free_in_function(function: &mut HostFunction) {
    strip_block(&mut function.body);
    let is_array: Vec<bool> = function.vars.iter().map(|info| info.ty.is_array()).collect();
    let pass = Liveness { is_array: &is_array };
    let mut body = std::mem::take(&mut function.body);
    let live_in = pass.block(&mut body, &Live::new());
    let unused: Vec<HostVar> =
        function.params.iter().copied().filter(|p| pass.is_array(*p) && !live_in.contains(p)).collect();
    prepend_free(&mut body, unused);
    function.body = body;
}

struct Liveness<'a> {
    is_array: &'a [bool],
}

impl Liveness<'_> {
    fn is_array(&self, v: HostVar) -> bool {
        self.is_array.get(v.0 as usize).copied().unwrap_or(false)
    }

    /// Inserts the frees of `block`, given what is live after it; returns
    /// what is live before it (the variables of enclosing scopes it uses or
    /// passes through).
    fn block(&self, block: &mut Block, live_out: &Live) -> Live {
        let mut live = live_out.clone();
        block.results.iter().for_each(|atom| use_atom(atom, &mut live));
        let mut stmts: Vec<Stmt> = Vec::with_capacity(block.stmts.len());
        for mut stmt in std::mem::take(&mut block.stmts).into_iter().rev() {
            let (defs, uses, inner) = self.stmt(&mut stmt, &live);
            // A compound statement frees what it reads from outside inside
            // its blocks; what is left is what it binds and what its blocks
            // return.
            let is_compound = matches!(stmt, Stmt::Let { expr: HostExpr::If { .. } | HostExpr::Time { .. }, .. });
            let touched: Live = if is_compound {
                defs.iter().chain(&inner).copied().collect()
            } else {
                defs.iter().chain(&uses).copied().collect()
            };
            let dead: Vec<HostVar> = touched.into_iter().filter(|v| self.is_array(*v) && !live.contains(v)).collect();
            if !dead.is_empty() {
                stmts.push(Stmt::Free { vars: dead });
            }
            stmts.push(stmt);
            for v in &defs {
                live.remove(v);
            }
            live.extend(uses);
        }
        stmts.reverse();
        block.stmts = stmts;
        live
    }

    /// The variables `stmt` binds, those it reads from the enclosing scope
    /// (inside nested blocks too), and the variables its nested blocks
    /// return (live at the blocks' ends, so not freed inside them). Inserts
    /// the frees of its nested blocks.
    fn stmt(&self, stmt: &mut Stmt, live_after: &Live) -> (Vec<HostVar>, Live, Vec<HostVar>) {
        let mut uses = Live::new();
        let mut inner = Vec::new();
        let defs = match stmt {
            Stmt::Let { vars, expr } => {
                match expr {
                    HostExpr::Atom(atom) | HostExpr::Unary { arg: atom, .. } | HostExpr::Bound(atom) => {
                        use_atom(atom, &mut uses)
                    }
                    HostExpr::Binary { lhs, rhs, .. } => {
                        use_atom(lhs, &mut uses);
                        use_atom(rhs, &mut uses);
                    }
                    HostExpr::Length(v) => {
                        uses.insert(*v);
                    }
                    HostExpr::Array { items, .. } => items.iter().for_each(|a| use_atom(a, &mut uses)),
                    HostExpr::Run { args, .. } | HostExpr::Call { args, .. } | HostExpr::HostOp { args, .. } => {
                        args.iter().for_each(|a| use_atom(a, &mut uses))
                    }
                    HostExpr::If { cond, then_block, else_block } => {
                        let then_in = self.block(then_block, live_after);
                        let else_in = self.block(else_block, live_after);
                        // What one branch uses and the other does not dies
                        // at the start of the other.
                        let only = |a: &Live, b: &Live| -> Vec<HostVar> {
                            a.iter()
                                .copied()
                                .filter(|v| self.is_array(*v) && !b.contains(v) && !live_after.contains(v))
                                .collect()
                        };
                        prepend_free(then_block, only(&else_in, &then_in));
                        prepend_free(else_block, only(&then_in, &else_in));
                        inner.extend(result_vars(then_block));
                        inner.extend(result_vars(else_block));
                        use_atom(cond, &mut uses);
                        uses.extend(then_in);
                        uses.extend(else_in);
                    }
                    HostExpr::Time { block } => {
                        let block_in = self.block(block, live_after);
                        inner.extend(result_vars(block));
                        uses.extend(block_in);
                    }
                }
                vars.clone()
            }
            Stmt::Assert { cond, payload, .. } => {
                use_atom(cond, &mut uses);
                payload.iter().for_each(|a| use_atom(a, &mut uses));
                Vec::new()
            }
            Stmt::Print { text } => {
                uses.insert(*text);
                Vec::new()
            }
            Stmt::Emit { value, .. } => {
                repr_uses(value, &mut uses);
                Vec::new()
            }
            // Stripped before the pass runs.
            Stmt::Free { .. } => Vec::new(),
        };
        (defs, uses, inner)
    }
}

/// The variables among `block`'s results.
fn result_vars(block: &Block) -> Vec<HostVar> {
    block
        .results
        .iter()
        .filter_map(|atom| match atom {
            Atom::Var(v) => Some(*v),
            Atom::Const(_) => None,
        })
        .collect()
}

fn prepend_free(block: &mut Block, vars: Vec<HostVar>) {
    if !vars.is_empty() {
        block.stmts.insert(0, Stmt::Free { vars });
    }
}

fn use_atom(atom: &Atom, live: &mut Live) {
    if let Atom::Var(v) = atom {
        live.insert(*v);
    }
}

fn repr_uses(repr: &Repr, live: &mut Live) {
    match repr {
        Repr::Scalar(atom) => use_atom(atom, live),
        Repr::Tuple(parts) => parts.iter().for_each(|p| repr_uses(p, live)),
        Repr::Seq(seq) => seq_vars(seq, &mut |v| {
            live.insert(v);
        }),
    }
}
