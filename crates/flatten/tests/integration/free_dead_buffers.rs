//! The pass `free-dead-buffers` and what the evaluator does with its
//! `free`s: where frees land (after the last use, before a recursive call),
//! and that a read after a free is caught.

use crate::common::*;
use flatten::free_dead_buffers::free_dead_buffers;
use flatten::ir::{Block, FlatProgram, GExpr, HostExpr, HostFunction, HostVar, Repr, SeqRepr, Soac, Stmt};
use nesl_frontend::{SourceMap, Type};

fn flatten_source(source: &str) -> FlatProgram {
    let mut sources = SourceMap::new();
    let file = sources.add("test.nesl", source, false);
    let compiled =
        nesl_frontend::compile(&mut sources, file).unwrap_or_else(|d| panic!("{}", d[0].render(&sources, false)));
    flatten::flatten_program(&compiled.program, &sources).unwrap_or_else(|e| panic!("{e}"))
}

/// A kernel `double(xs) -> ys` computing `MAP { i => xs[i] * 2 } (#xs)`.
fn double_kernel() -> flatten::ir::Kernel {
    let mut k = KernelBuilder::new("double");
    let xs = k.param("xs", array(INT));
    let pull = k.pull(|_, i| mul(INT, read(xs, var(i)), int(2)));
    let ys = k.bind1("ys", array(INT), Soac::Map { size: GExpr::Length(xs), pull });
    k.returns(&[ys]);
    k.finish()
}

/// The statements of `block` and of its nested blocks, in order.
fn all_stmts(block: &Block) -> Vec<&Stmt> {
    let mut out = Vec::new();
    for stmt in &block.stmts {
        out.push(stmt);
        match stmt {
            Stmt::Let { expr: HostExpr::If { then_block, else_block, .. }, .. } => {
                out.extend(all_stmts(then_block));
                out.extend(all_stmts(else_block));
            }
            Stmt::Let { expr: HostExpr::Time { block }, .. } => out.extend(all_stmts(block)),
            _ => {}
        }
    }
    out
}

fn freed_vars(stmts: &[&Stmt]) -> Vec<HostVar> {
    stmts.iter().flat_map(|s| if let Stmt::Free { vars } = s { vars.clone() } else { Vec::new() }).collect()
}

#[test]
fn a_lifted_recursion_frees_its_input_before_the_recursive_call() {
    let program = flatten_source(
        "function quicksort(s) =
           if #s <= 1 then s
           else
             let pivot = s[#s / 2];
                 lesser = {x in s | x < pivot};
                 equal = {x in s | x == pivot};
                 greater = {x in s | x > pivot};
                 sorted = {quicksort(v) : v in [lesser, greater]}
             in sorted[0] ++ equal ++ sorted[1];
         quicksort([3, 1, 4, 1, 5, 9, 2, 6]);",
    );
    let lifted: &HostFunction = program.functions.iter().find(|f| f.name.ends_with('^')).expect("a lifted quicksort");
    let stmts = all_stmts(&lifted.body);
    let call = stmts
        .iter()
        .position(|s| matches!(s, Stmt::Let { expr: HostExpr::Call { .. }, .. }))
        .expect("the recursive call");
    let before = freed_vars(&stmts[..call]);
    for param in &lifted.params {
        if lifted.var(*param).ty.is_array() {
            assert!(
                before.contains(param),
                "`{}` lives through the recursion\n{}",
                lifted.var(*param).name,
                flatten::ir::print::print_program(&program)
            );
        }
    }
    // The call's own arguments are freed right after it (released when it
    // starts).
    let Stmt::Let { expr: HostExpr::Call { args, .. }, .. } = stmts[call] else { unreachable!() };
    let Some(Stmt::Free { vars }) = stmts.get(call + 1) else { panic!("no free after the recursive call") };
    for arg in args {
        if let flatten::ir::Atom::Var(v) = arg
            && lifted.var(*v).ty.is_array()
        {
            assert!(vars.contains(v), "argument `{}` is not released by the call", lifted.var(*v).name);
        }
    }
    assert_eq!(run(&program).unwrap().shown(), ["[1, 1, 2, 3, 4, 5, 6, 9]"]);
}

#[test]
fn frees_follow_the_last_use_in_each_branch_and_after_an_if() {
    // main: xs = array; ys = double(xs); r = if c then { zs = double(ys); zs }
    // else { xs }; emit r.
    let mut b = ProgramBuilder::new();
    let double = b.kernel(double_kernel());
    let mut main = FunctionBuilder::new("main");
    let xs = main.let1("xs", array(INT), HostExpr::Array { elem: INT, items: vec![int_atom(1), int_atom(2)] });
    let ys = main.let1("ys", array(INT), run_of(double, &[xs]));
    let c = main.let1("c", scalar(BOOL), HostExpr::Atom(flatten::ir::Atom::Const(flatten::ir::Const::Bool(true))));
    let mut zs = None;
    let then_block = main.block(|f| {
        let z = f.let1("zs", array(INT), run_of(double, &[ys]));
        zs = Some(z);
        vec![atom(z)]
    });
    let else_block = main.block(|_| vec![atom(xs)]);
    let r = main.let1("r", array(INT), HostExpr::If { cond: atom(c), then_block, else_block });
    main.emit(0, Type::Seq(Box::new(Type::Int)), Repr::Seq(SeqRepr::Array(r)));
    let program = free_dead_buffers(b.finish(main.finish(vec![])));
    let text = flatten::ir::print::print_program(&program);
    let body = &program.main.body;
    let Stmt::Let { expr: HostExpr::If { then_block, else_block, .. }, .. } = &body.stmts[3] else { panic!("{text}") };
    // `xs` dies at the start of the branch that does not return it, `ys`
    // after its last use in the branch that reads it and at the start of
    // the other.
    assert_eq!(then_block.stmts[0], Stmt::Free { vars: vec![xs] }, "{text}");
    assert_eq!(then_block.stmts[2], Stmt::Free { vars: vec![ys] }, "{text}");
    assert_eq!(else_block.stmts[0], Stmt::Free { vars: vec![ys] }, "{text}");
    // What the branches returned dies after the `if`; `r` after the emit.
    assert_eq!(body.stmts[4], Stmt::Free { vars: vec![xs, zs.unwrap()] }, "{text}");
    assert_eq!(body.stmts[6], Stmt::Free { vars: vec![r] }, "{text}");
    assert_eq!(run(&program).unwrap().shown(), ["[4, 8]"]);
}

#[test]
fn a_read_after_a_free_is_an_internal_error() {
    let mut b = ProgramBuilder::new();
    let double = b.kernel(double_kernel());
    let mut main = FunctionBuilder::new("main");
    let xs = main.let1("xs", array(INT), HostExpr::Array { elem: INT, items: vec![int_atom(1)] });
    main.stmt(Stmt::Free { vars: vec![xs] });
    let ys = main.let1("ys", array(INT), run_of(double, &[xs]));
    main.emit(0, Type::Seq(Box::new(Type::Int)), Repr::Seq(SeqRepr::Array(ys)));
    let program = b.finish(main.finish(vec![]));
    let message = expect_internal(run(&program));
    assert!(message.contains("`xs` (0) is read after it is freed"), "{message}");
}

#[test]
fn a_free_after_a_call_releases_the_argument_and_the_call_still_sees_it() {
    let mut b = ProgramBuilder::new();
    let double = b.kernel(double_kernel());
    let mut f = FunctionBuilder::new("twice");
    let p = f.param("p", array(INT));
    let q = f.let1("q", array(INT), run_of(double, &[p]));
    let twice = b.function(f.finish(vec![atom(q)]));
    let mut main = FunctionBuilder::new("main");
    let xs = main.let1("xs", array(INT), HostExpr::Array { elem: INT, items: vec![int_atom(3), int_atom(5)] });
    let ys = main.let1("ys", array(INT), call_of(twice, vec![atom(xs)]));
    main.emit(0, Type::Seq(Box::new(Type::Int)), Repr::Seq(SeqRepr::Array(ys)));
    let program = free_dead_buffers(b.finish(main.finish(vec![])));
    assert_eq!(program.main.body.stmts[2], Stmt::Free { vars: vec![xs] });
    assert_eq!(program.functions[0].body.stmts[1], Stmt::Free { vars: vec![p] });
    assert_eq!(run(&program).unwrap().shown(), ["[6, 10]"]);
}
