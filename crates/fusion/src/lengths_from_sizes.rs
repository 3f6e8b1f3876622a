//! `length-from-size`: the host's `#a` of an array a kernel made becomes
//! the size that kernel was run with, where that size is a host variable,
//! a constant or another array's length.
//!
//! A host statement that reads an array orders the run that makes it before
//! everything after the statement, so `let n_i = #i` (the flattener's check
//! that two generators have one length) keeps the iota `i` from fusing into
//! the `FILTER` that reads it: the array must exist for the host to ask its
//! length. The length is known without the array: a `MAP`'s result has the
//! `MAP`'s size, which [`FunctionSizes`] resolves in the host's terms.
//! Replaced by that size, the statement no longer reads the array. Only a
//! size that is one atom or one length is used, so no statement is added;
//! the variable it names was bound before the run, so it is in scope.

use std::collections::HashSet;

use flatten::ir::{Atom, Block, Const, FlatProgram, HostExpr, HostFunction, HostVar, Stmt};

use crate::sizes::{FunctionSizes, SymSize};

/// Rewrites `#a` of every kernel-made array in `function` whose length is
/// known as an atom or another array's length.
pub fn lengths_from_sizes(program: &FlatProgram, function: &mut HostFunction) {
    let sizes = FunctionSizes::of_function(program, function);
    let mut made = HashSet::new();
    run_results(&function.body, &mut made);
    rewrite_block(&mut function.body, &sizes, &made);
}

fn run_results(block: &Block, made: &mut HashSet<HostVar>) {
    for stmt in &block.stmts {
        let Stmt::Let { vars, expr } = stmt else { continue };
        match expr {
            HostExpr::Run { .. } => made.extend(vars.iter().copied()),
            HostExpr::If { then_block, else_block, .. } => {
                run_results(then_block, made);
                run_results(else_block, made);
            }
            HostExpr::Time { block } => run_results(block, made),
            _ => {}
        }
    }
}

fn rewrite_block(block: &mut Block, sizes: &FunctionSizes, made: &HashSet<HostVar>) {
    for stmt in &mut block.stmts {
        let Stmt::Let { expr, .. } = stmt else { continue };
        match expr {
            HostExpr::Length(a) if made.contains(a) => match sizes.length(*a) {
                SymSize::Const(c) => *expr = HostExpr::Atom(Atom::Const(Const::Int(c))),
                SymSize::Var(v) => *expr = HostExpr::Atom(Atom::Var(v)),
                SymSize::Length(b) if b != *a && !made.contains(&b) => *expr = HostExpr::Length(b),
                _ => {}
            },
            HostExpr::If { then_block, else_block, .. } => {
                rewrite_block(then_block, sizes, made);
                rewrite_block(else_block, sizes, made);
            }
            HostExpr::Time { block } => rewrite_block(block, sizes, made),
            _ => {}
        }
    }
}
