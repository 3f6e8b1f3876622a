//! `length-only-results` (note [length-only filter results]): a filter
//! column goes from its kernel's results only where every use asks its
//! length; the program prints the same before and after.

use crate::common::*;
use flatten::ir::{FlatProgram, GExpr, HostExpr, KernelId, Soac, Thunk};
use fusion::length_only_results::length_only_results;
use nesl_frontend::Type;

/// What `main` does with the kept positions besides asking their length.
#[derive(Copy, Clone, PartialEq)]
enum AlsoUse {
    Nothing,
    /// Passes them to a kernel that reads them.
    Read,
    /// Emits them.
    Emit,
    /// Binds them to another variable.
    Copy,
}

/// `filter_kept(xs) = FILTER { i => (i, xs[i]) } { (j, x) => x > j } (#xs)`,
/// returning the kept positions and values; `main` emits the values, the
/// number of positions, and a kernel's map over `[0, 3)` adding that
/// number (a kernel that asks only the positions' length), then `also`.
fn program(also: AlsoUse) -> (FlatProgram, KernelId) {
    let mut p = ProgramBuilder::new();
    let filter = p.kernel("filter_kept", |k| {
        let xs = k.param("xs", array(INT));
        let (kept, values) = (k.var("kept", array(INT)), k.var("values", array(INT)));
        let i = k.var("i", scalar(INT));
        let pull = Thunk { params: vec![i], body: GExpr::Tuple(vec![var(i), GExpr::read(xs, var(i))]) };
        let (j, x) = (k.var("j", scalar(INT)), k.var("x", scalar(INT)));
        let pred = Thunk { params: vec![j, x], body: bin(flatten::ir::BinaryOp::Gt, INT, var(x), var(j)) };
        k.kernel.body.push(flatten::ir::SoacBinding {
            results: vec![kept, values],
            soac: Soac::Filter { size: GExpr::Length(xs), pull, pred, before: None },
        });
        k.kernel.results = vec![kept, values];
    });
    let count = p.kernel("count_map", |k| {
        let kept = k.param("kept", array(INT));
        let pull = k.thunk(|i| bin(flatten::ir::BinaryOp::Add, INT, i, GExpr::Length(kept)));
        k.returns("counted", array(INT), Soac::Map { size: int(3), pull });
    });
    let read = p.kernel("read_map", |k| {
        let kept = k.param("kept", array(INT));
        let pull = k.thunk(|i| bin(flatten::ir::BinaryOp::Mul, INT, GExpr::read(kept, i), int(2)));
        k.returns("doubled", array(INT), Soac::Map { size: GExpr::Length(kept), pull });
    });
    p.main(|f| {
        let xs = f.ints("xs", &[5, 0, 7, 1, 9, 2, 2, 8]);
        let vars = [("kept", array(INT)), ("values", array(INT))];
        let args = vec![flatten::ir::Atom::Var(xs)];
        let kept_values = f.let_many(&vars, HostExpr::Run { kernel: filter, args });
        let (kept, values) = (kept_values[0], kept_values[1]);
        let n = f.length("n_kept", kept);
        let counted = f.run("counted", array(INT), count, &[kept]);
        f.emit(0, values, Type::seq(Type::Int));
        f.emit(1, n, Type::Int);
        f.emit(2, counted, Type::seq(Type::Int));
        match also {
            AlsoUse::Nothing => {}
            AlsoUse::Read => {
                let doubled = f.run("doubled", array(INT), read, &[kept]);
                f.emit(3, doubled, Type::seq(Type::Int));
            }
            AlsoUse::Emit => f.emit(3, kept, Type::seq(Type::Int)),
            AlsoUse::Copy => {
                let copy = f.let_("copy", array(INT), HostExpr::Atom(flatten::ir::Atom::Var(kept)));
                f.emit(3, copy, Type::seq(Type::Int));
            }
        }
    });
    (p.finish(), filter)
}

#[test]
fn positions_only_counted_leave_the_kernel_and_the_program_prints_the_same() {
    let (mut program, filter) = program(AlsoUse::Nothing);
    let before = transcript(&program);
    let dropped = length_only_results(&mut program);
    assert_eq!(dropped, vec!["filter_kept.kept".to_string()]);
    let kernel = &program.kernels[filter.0 as usize];
    assert_eq!(kernel.results.len(), 1);
    assert_eq!(kernel.var(kernel.results[0]).name, "values");
    flatten::ir::verify::verify(&program)
        .unwrap_or_else(|e| panic!("{e}\n{}", flatten::ir::print::print_program(&program)));
    assert_eq!(transcript(&program), before);
    // The values above their positions, their number, and 0 + 4, 1 + 4, 2 + 4.
    assert_eq!(before, "item 0: Seq(Int([5, 7, 9, 8]))\nitem 1: Int(4)\nitem 2: Seq(Int([4, 5, 6]))\n");
}

#[test]
fn positions_read_emitted_or_copied_stay() {
    for also in [AlsoUse::Read, AlsoUse::Emit, AlsoUse::Copy] {
        let (mut program, filter) = program(also);
        let before = program.clone();
        assert!(length_only_results(&mut program).is_empty());
        assert_eq!(program, before);
        assert_eq!(program.kernels[filter.0 as usize].results.len(), 2);
    }
}
