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
//! A size that resolves to a sum (`#equal + #sorted`) is used through the
//! host variable the run passed for it (`length-from-size-argument`): the
//! flattener sizes a gather by a `let t = a + b` of its own, and `#r` of
//! the gather's result becomes `t`. So the merge that follows a lifted
//! `++` no longer waits for the `++`'s result to ask its length, and may
//! absorb it (note [each-once gathers] in `fusibility.rs`).

use std::collections::HashSet;

use std::collections::HashMap;

use flatten::ir::{Atom, Block, Const, FlatProgram, GExpr, HostExpr, HostFunction, HostVar, Soac, Stmt};

use crate::sizes::{FunctionSizes, SymSize};

/// Rewrites `#a` of every kernel-made array in `function` whose length is
/// known as an atom or another array's length.
pub fn lengths_from_sizes(program: &FlatProgram, function: &mut HostFunction) {
    let sizes = FunctionSizes::of_function(program, function);
    let mut made = Made::default();
    run_results(program, function, &function.body, &mut made);
    rewrite_block(&mut function.body, &sizes, &made);
}

/// The arrays runs make, and for those whose SOAC is sized by a parameter,
/// the host variable passed for it.
#[derive(Default)]
struct Made {
    arrays: HashSet<HostVar>,
    size_arguments: HashMap<HostVar, HostVar>,
}

fn run_results(program: &FlatProgram, function: &HostFunction, block: &Block, made: &mut Made) {
    for stmt in &block.stmts {
        let Stmt::Let { vars, expr } = stmt else { continue };
        match expr {
            HostExpr::Run { kernel, args } => {
                made.arrays.extend(vars.iter().copied());
                let kernel = program.kernel(*kernel);
                for (&var, result) in vars.iter().zip(&kernel.results) {
                    let Some(binding) = kernel.body.iter().find(|b| b.results.contains(result)) else { continue };
                    // The SOACs whose results have the SOAC's size.
                    let (Soac::Map { size: GExpr::Var(param), .. }
                    | Soac::Scan { size: GExpr::Var(param), .. }
                    | Soac::Permute { size: GExpr::Var(param), .. }) = &binding.soac
                    else {
                        continue;
                    };
                    let argument = kernel.params.iter().position(|p| p == param).and_then(|at| args.get(at));
                    if let Some(Atom::Var(size)) = argument
                        && !function.var(*size).ty.is_array()
                    {
                        made.size_arguments.insert(var, *size);
                    }
                }
            }
            HostExpr::If { then_block, else_block, .. } => {
                run_results(program, function, then_block, made);
                run_results(program, function, else_block, made);
            }
            HostExpr::Time { block } => run_results(program, function, block, made),
            _ => {}
        }
    }
}

fn rewrite_block(block: &mut Block, sizes: &FunctionSizes, made: &Made) {
    for stmt in &mut block.stmts {
        let Stmt::Let { expr, .. } = stmt else { continue };
        match expr {
            HostExpr::Length(a) if made.arrays.contains(a) => match sizes.length(*a) {
                SymSize::Const(c) => *expr = HostExpr::Atom(Atom::Const(Const::Int(c))),
                SymSize::Var(v) => *expr = HostExpr::Atom(Atom::Var(v)),
                SymSize::Length(b) if b != *a && !made.arrays.contains(&b) => *expr = HostExpr::Length(b),
                SymSize::Binary(..) if made.size_arguments.contains_key(a) => {
                    *expr = HostExpr::Atom(Atom::Var(made.size_arguments[a]));
                }
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
