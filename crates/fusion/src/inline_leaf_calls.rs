//! `inline-leaf-calls`: the body of a small host function that calls no
//! other function replaces each call of it, before regions are fused.
//!
//! Fusion works inside one control region, so a producer in a callee never
//! meets its consumer in the caller: `index(n)` runs its iota as a kernel
//! of its own, writing `n` ints that the caller's `MAP` reads back
//! (black-scholes' options are priced from `index(n)`). Inlined, the iota
//! is a `MAP` of the caller's region and `map-map` computes the index where
//! it is read. A leaf function (its body has no `Call`) cannot recurse, so
//! inlining terminates and grows the program by at most the leaf's size
//! per call; [`MAX_LEAF_STATEMENTS`] and [`MAX_LEAF_RUNS`] keep that small,
//! and [`MAX_CALLER_RUNS`] keeps each region near the size the ILP was
//! tuned for.
//!
//! The inlined body is the callee's statements with its variables renamed:
//! a parameter passed a variable becomes that variable (a constant is bound
//! by a `let`), a result the body binds becomes the call's variable, every
//! other variable a fresh one of the caller. Host code is
//! pure but for its effects in order (checks, prints, kernels that may
//! fault), which inlining keeps in order; frees were stripped before
//! fusion and are placed again after it. Functions no call reaches any
//! more are dropped by [`remove_uncalled_functions`].

use std::collections::HashMap;

use flatten::ir::{Atom, Block, FlatProgram, FuncId, HostExpr, HostFunction, HostVar, Stmt};

/// The most statements (nested blocks counted) a function may have to be
/// inlined.
pub const MAX_LEAF_STATEMENTS: usize = 24;

/// The most kernel runs a function may have to be inlined.
pub const MAX_LEAF_RUNS: usize = 3;

/// A caller takes no more inlined runs once it has this many (nested
/// blocks counted): the ILP's regions stay the size flattening made them,
/// within a few runs.
pub const MAX_CALLER_RUNS: usize = 12;

/// Inlines every call of a leaf function, in every function and `main`,
/// again while that makes new leaves (a function whose only calls were of
/// leaves), at most [`MAX_ROUNDS`] times.
pub fn inline_leaf_calls(program: &mut FlatProgram) {
    for _ in 0..MAX_ROUNDS {
        if !inline_round(program) {
            break;
        }
    }
}

/// How many times leaves are inlined: the depth of calls that can vanish.
/// One level: `index` vanishes into its callers, but a function that
/// called it stays a function (black-scholes' `price_batch` keeps its own
/// pricing kernel rather than melting into its caller's sums, and the
/// lifted functions of `group_by` keep regions the ILP solves whole).
pub const MAX_ROUNDS: usize = 1;

/// One round of [`inline_leaf_calls`]; whether it inlined any call.
fn inline_round(program: &mut FlatProgram) -> bool {
    let leaves: Vec<bool> = program
        .functions
        .iter()
        .map(|f| {
            !calls_any(&f.body)
                && statement_count(&f.body) <= MAX_LEAF_STATEMENTS
                && run_count(&f.body) <= MAX_LEAF_RUNS
        })
        .collect();
    let mut calls = Vec::new();
    for function in program.functions.iter().chain(std::iter::once(&program.main)) {
        collect_calls(&function.body, &mut calls);
    }
    if !calls.iter().any(|f| leaves[f.0 as usize]) {
        return false;
    }
    let callees: Vec<HostFunction> = program.functions.clone();
    let mut inlined = false;
    let mut inline = |caller: &mut HostFunction| {
        let mut body = std::mem::take(&mut caller.body);
        let mut budget = MAX_CALLER_RUNS.saturating_sub(run_count(&body));
        let mut inliner = Inliner { caller, callees: &callees, leaves: &leaves, budget: &mut budget, inlined: false };
        inliner.block(&mut body);
        inlined |= inliner.inlined;
        caller.body = body;
    };
    for caller in program.functions.iter_mut() {
        inline(caller);
    }
    inline(&mut program.main);
    inlined
}

/// Drops the functions no call reaches from `main` and renumbers the
/// others, keeping their order.
pub fn remove_uncalled_functions(program: &mut FlatProgram) {
    let mut reached = vec![false; program.functions.len()];
    let mut work = Vec::new();
    collect_calls(&program.main.body, &mut work);
    while let Some(f) = work.pop() {
        let index = f.0 as usize;
        if !reached[index] {
            reached[index] = true;
            collect_calls(&program.functions[index].body, &mut work);
        }
    }
    if reached.iter().all(|r| *r) {
        return;
    }
    let mut renumbered = HashMap::new();
    let mut kept = Vec::new();
    for (index, function) in std::mem::take(&mut program.functions).into_iter().enumerate() {
        if reached[index] {
            renumbered.insert(FuncId(index as u32), FuncId(kept.len() as u32));
            kept.push(function);
        }
    }
    program.functions = kept;
    for function in program.functions.iter_mut().chain(std::iter::once(&mut program.main)) {
        renumber_calls(&mut function.body, &renumbered);
    }
}

struct Inliner<'a> {
    caller: &'a mut HostFunction,
    callees: &'a [HostFunction],
    leaves: &'a [bool],
    /// The runs the caller may still take in.
    budget: &'a mut usize,
    inlined: bool,
}

impl Inliner<'_> {
    fn block(&mut self, block: &mut Block) {
        for stmt in std::mem::take(&mut block.stmts) {
            match stmt {
                Stmt::Let { vars, expr: HostExpr::Call { func, args } }
                    if self.leaves[func.0 as usize]
                        && run_count(&self.callees[func.0 as usize].body) <= *self.budget =>
                {
                    let callee = &self.callees[func.0 as usize];
                    *self.budget -= run_count(&callee.body);
                    self.inlined = true;
                    // A parameter passed a variable is that variable; a result
                    // bound by the callee's body is the call's variable. No
                    // aliases (`let p = a`): a host statement that reads an
                    // array would order its producer away from its consumer.
                    let mut fresh: HashMap<HostVar, HostVar> = HashMap::new();
                    let mut bound_params = Vec::new();
                    for (param, arg) in callee.params.iter().zip(&args) {
                        match arg {
                            Atom::Var(a) if !fresh.values().any(|v| v == a) => {
                                fresh.insert(*param, *a);
                            }
                            _ => bound_params.push((*param, *arg)),
                        }
                    }
                    let mut result_lets = Vec::new();
                    for (var, result) in vars.iter().zip(&callee.body.results) {
                        match result {
                            Atom::Var(r) if !fresh.contains_key(r) => {
                                fresh.insert(*r, *var);
                            }
                            _ => result_lets.push((*var, *result)),
                        }
                    }
                    for v in 0..callee.vars.len() as u32 {
                        if let std::collections::hash_map::Entry::Vacant(slot) = fresh.entry(HostVar(v)) {
                            let info = callee.var(HostVar(v));
                            slot.insert(self.caller.new_var(info.name.clone(), info.ty));
                        }
                    }
                    for (param, arg) in bound_params {
                        block.stmts.push(Stmt::Let { vars: vec![fresh[&param]], expr: HostExpr::Atom(arg) });
                    }
                    let mut body = callee.body.clone();
                    body.rename_vars(&mut |v| fresh.get(&v).copied());
                    block.stmts.extend(body.stmts);
                    for (var, mut result) in result_lets {
                        result.rename_var(&mut |v| fresh.get(&v).copied());
                        block.stmts.push(Stmt::Let { vars: vec![var], expr: HostExpr::Atom(result) });
                    }
                }
                Stmt::Let { vars, mut expr } => {
                    match &mut expr {
                        HostExpr::If { then_block, else_block, .. } => {
                            self.block(then_block);
                            self.block(else_block);
                        }
                        HostExpr::Time { block } => self.block(block),
                        _ => {}
                    }
                    block.stmts.push(Stmt::Let { vars, expr });
                }
                other => block.stmts.push(other),
            }
        }
    }
}

fn calls_any(block: &Block) -> bool {
    block.stmts.iter().any(|stmt| match stmt {
        Stmt::Let { expr: HostExpr::Call { .. }, .. } => true,
        Stmt::Let { expr: HostExpr::If { then_block, else_block, .. }, .. } => {
            calls_any(then_block) || calls_any(else_block)
        }
        Stmt::Let { expr: HostExpr::Time { block }, .. } => calls_any(block),
        _ => false,
    })
}

fn statement_count(block: &Block) -> usize {
    block
        .stmts
        .iter()
        .map(|stmt| {
            1 + match stmt {
                Stmt::Let { expr: HostExpr::If { then_block, else_block, .. }, .. } => {
                    statement_count(then_block) + statement_count(else_block)
                }
                Stmt::Let { expr: HostExpr::Time { block }, .. } => statement_count(block),
                _ => 0,
            }
        })
        .sum()
}

fn run_count(block: &Block) -> usize {
    block
        .stmts
        .iter()
        .map(|stmt| match stmt {
            Stmt::Let { expr: HostExpr::Run { .. }, .. } => 1,
            Stmt::Let { expr: HostExpr::If { then_block, else_block, .. }, .. } => {
                run_count(then_block) + run_count(else_block)
            }
            Stmt::Let { expr: HostExpr::Time { block }, .. } => run_count(block),
            _ => 0,
        })
        .sum()
}

fn collect_calls(block: &Block, calls: &mut Vec<FuncId>) {
    for stmt in &block.stmts {
        if let Stmt::Let { expr, .. } = stmt {
            match expr {
                HostExpr::Call { func, .. } => calls.push(*func),
                HostExpr::If { then_block, else_block, .. } => {
                    collect_calls(then_block, calls);
                    collect_calls(else_block, calls);
                }
                HostExpr::Time { block } => collect_calls(block, calls),
                _ => {}
            }
        }
    }
}

fn renumber_calls(block: &mut Block, renumbered: &HashMap<FuncId, FuncId>) {
    for stmt in &mut block.stmts {
        if let Stmt::Let { expr, .. } = stmt {
            match expr {
                HostExpr::Call { func, .. } => {
                    if let Some(&new) = renumbered.get(func) {
                        *func = new;
                    }
                }
                HostExpr::If { then_block, else_block, .. } => {
                    renumber_calls(then_block, renumbered);
                    renumber_calls(else_block, renumbered);
                }
                HostExpr::Time { block } => renumber_calls(block, renumbered),
                _ => {}
            }
        }
    }
}
