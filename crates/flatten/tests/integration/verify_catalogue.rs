//! The verifier accepts a well-formed program that uses every construct,
//! and rejects a catalogue of corruptions of it, one per invariant, each
//! with a message naming what is wrong.

use crate::common::*;
use flatten::ir::verify::{VerifyError, verify};
use flatten::ir::{
    Atom, BinaryOp, Const, FaultId, FlatProgram, FuncId, GExpr, HostExpr, HostVar, KVar, KernelId, Repr, SegDesc,
    SeqRepr, Soac, SoacBinding, Stmt, UnaryOp, VarType,
};
use nesl_frontend::Type;

/// Kernel 0: every SOAC. Kernel 1: the inputs. Kernel 2: text. Function 0
/// `f`: if, time, assert. Function 1 `g`: a call. `main` runs, calls,
/// prints and emits.
fn well_formed() -> FlatProgram {
    let mut b = ProgramBuilder::new();
    let bad_permutation = b.fault("bad permutation: {0} of {1}", 0, 1);
    let bad_write = b.fault("bad write: {0} of {1}", 1, 2);
    let negative = b.fault("negative: {0}", 2, 3);
    let point = b.datatype("point", vec![Type::Int, Type::Float]);

    let mut k = KernelBuilder::new("soacs");
    let xs = k.param("xs", array(INT));
    let ys = k.param("ys", array(FLOAT));
    let lengths = k.param("lengths", array(INT));
    let offsets = k.param("offsets", array(INT));
    let n = k.param("n", scalar(INT));
    // 0: MAP with two results, the first (`xs[i] * 2`) by a loop adding
    // `xs[i]` twice
    let pull = k.pull(|k, i| {
        let (j, acc) = (k.var("j", scalar(INT)), k.var("acc", scalar(INT)));
        let twice = GExpr::Loop {
            vars: vec![j, acc],
            init: vec![int(0), int(0)],
            cond: Box::new(bin(BinaryOp::Lt, INT, var(j), int(2))),
            step: Box::new(tuple(vec![add(INT, var(j), int(1)), add(INT, var(acc), read(xs, var(i)))])),
            result: Box::new(var(acc)),
        };
        tuple(vec![twice, bin(BinaryOp::Lt, INT, var(i), var(n))])
    });
    let m = k.bind(&[("m1", array(INT)), ("m2", array(BOOL))], Soac::Map { size: GExpr::Length(xs), pull });
    // 1: PERMUTE, checked
    let values = k.pull(|_, i| read(xs, var(i)));
    let index = k.pull(|_, i| bin(BinaryOp::Sub, INT, bin(BinaryOp::Sub, INT, GExpr::Length(xs), int(1)), var(i)));
    k.bind1("perm", array(INT), Soac::Permute { size: GExpr::Length(xs), values, index, check: Some(bad_permutation) });
    // 2: SCATTER
    let values = k.pull(|_, i| read(m[0], var(i)));
    let index = k.pull(|_, _| int(0));
    k.bind1("sc", array(INT), Soac::Scatter { size: var(n), base: vec![xs], values, index, site: bad_write });
    // 3: REDUCE
    let pull = k.pull(|_, i| read(xs, var(i)));
    let op = k.op(BinaryOp::Add, INT);
    let total =
        k.bind1("total", scalar(INT), Soac::Reduce { size: GExpr::Length(xs), pull, neutral: vec![Const::Int(0)], op });
    // 4: SCAN
    let pull = k.pull(|_, i| read(ys, var(i)));
    let op = k.op(BinaryOp::Add, FLOAT);
    let sums = k.bind1(
        "sums",
        array(FLOAT),
        Soac::Scan { size: GExpr::Length(ys), pull, neutral: vec![Const::Float(0.0)], op },
    );
    // 5: FILTER
    let pull = k.pull(|_, i| read(xs, var(i)));
    let pred = k.thunk(&[INT], |_, p| bin(BinaryOp::Gt, INT, var(p[0]), int(0)));
    k.bind1("pos", array(INT), Soac::Filter { size: GExpr::Length(xs), pull, pred, before: None });
    // 6: ONCE with a let and an assert
    let t = k.var("t", scalar(INT));
    let body = GExpr::let_(
        vec![t],
        mul(INT, var(total), int(2)),
        assert_that(
            bin(BinaryOp::Ge, INT, var(t), int(0)),
            negative,
            vec![var(t), var(n)],
            tuple(vec![var(t), float(1.5)]),
        ),
    );
    let once = k.bind(&[("o1", scalar(INT)), ("o2", scalar(FLOAT))], Soac::Once { body });
    // 7: SEG_REDUCE
    let segments = SegDesc { lengths, offsets };
    let pull = k.pull(|_, i| read(xs, var(i)));
    let op = k.op(BinaryOp::Add, INT);
    k.bind1("segsum", array(INT), Soac::SegReduce { segments, pull, neutral: vec![Const::Int(0)], op });
    // 8: SEG_SCAN
    let pull = k.pull(|_, i| read(xs, GExpr::SegmentOf { offsets, index: Box::new(var(i)) }));
    let op = k.op(BinaryOp::Add, INT);
    let segscan = k.bind1(
        "segscan",
        array(INT),
        Soac::SegScan { segments, elements: GExpr::Length(xs), pull, neutral: vec![Const::Int(0)], op },
    );
    k.returns(&[m[0], total, sums, once[1], segscan]);
    let soacs = b.kernel(k.finish());

    let mut k = KernelBuilder::new("inputs");
    let n = k.param("n", scalar(INT));
    let pull = k.pull(|_, i| tuple(vec![var(i), un(UnaryOp::ToFloat, INT, var(i)), int(1), var(i)]));
    let rs = k.bind(
        &[("xs", array(INT)), ("ys", array(FLOAT)), ("lengths", array(INT)), ("offsets", array(INT))],
        Soac::Map { size: var(n), pull },
    );
    k.returns(&rs);
    let inputs = b.kernel(k.finish());

    let mut k = KernelBuilder::new("text");
    let n = k.param("n", scalar(INT));
    let pull = k.pull(|_, _| GExpr::Const(Const::Char(b'a')));
    let text = k.bind1("text", array(CHAR), Soac::Map { size: var(n), pull });
    k.returns(&[text]);
    let text_kernel = b.kernel(k.finish());

    let mut f = FunctionBuilder::new("f");
    let x = f.param("x", scalar(INT));
    let _flag = f.param("flag", scalar(BOOL));
    let c = f.let1("c", scalar(BOOL), HostExpr::Binary { op: BinaryOp::Gt, ty: INT, lhs: atom(x), rhs: int_atom(0) });
    let then_block = f.block(|f| {
        let y =
            f.let1("y", scalar(INT), HostExpr::Binary { op: BinaryOp::Mul, ty: INT, lhs: atom(x), rhs: int_atom(2) });
        vec![atom(y)]
    });
    let else_block = f.block(|_| vec![int_atom(0)]);
    let r = f.let1("r", scalar(INT), HostExpr::If { cond: atom(c), then_block, else_block });
    let block = f.block(|f| {
        let z =
            f.let1("z", scalar(INT), HostExpr::Binary { op: BinaryOp::Add, ty: INT, lhs: atom(r), rhs: int_atom(1) });
        vec![atom(z)]
    });
    let st = f.let_(&[("s", scalar(INT)), ("seconds", scalar(FLOAT))], HostExpr::Time { block });
    f.stmt(Stmt::Assert { cond: atom(c), site: negative, payload: vec![atom(x)] });
    let f_id = b.function(f.finish(vec![atom(st[0])]));

    let mut g = FunctionBuilder::new("g");
    let arr = g.param("arr", array(INT));
    let len = g.let1("len", scalar(INT), HostExpr::Length(arr));
    let v = g.let1("v", scalar(INT), call_of(f_id, vec![atom(len), Atom::Const(Const::Bool(true))]));
    let g_id = b.function(g.finish(vec![atom(v)]));

    let mut main = FunctionBuilder::new("main");
    let n = main.let1("n", scalar(INT), HostExpr::Atom(int_atom(3)));
    let data = main.let_(
        &[("xs", array(INT)), ("ys", array(FLOAT)), ("lengths", array(INT)), ("offsets", array(INT))],
        run_of(inputs, &[n]),
    );
    let results = main.let_(
        &[
            ("m1", array(INT)),
            ("total", scalar(INT)),
            ("sums", array(FLOAT)),
            ("o2", scalar(FLOAT)),
            ("segscan", array(INT)),
        ],
        run_of(soacs, &[data[0], data[1], data[2], data[3], n]),
    );
    let s = main.let1("s", scalar(INT), call_of(f_id, vec![atom(results[1]), Atom::Const(Const::Bool(true))]));
    let w = main.let1("w", scalar(INT), call_of(g_id, vec![atom(data[0])]));
    let text = main.let1("text", array(CHAR), run_of(text_kernel, &[n]));
    main.stmt(Stmt::Print { text });
    let greeting = main.let1(
        "greeting",
        array(CHAR),
        HostExpr::Array { elem: CHAR, items: vec![Atom::Const(Const::Char(b'h')), Atom::Const(Const::Char(b'i'))] },
    );
    main.stmt(Stmt::Print { text: greeting });
    main.emit(0, Type::seq(Type::Int), Repr::Seq(SeqRepr::Array(results[0])));
    main.emit(
        1,
        Type::pair(Type::Int, Type::Float),
        Repr::Tuple(vec![Repr::Scalar(atom(results[1])), Repr::Scalar(atom(results[3]))]),
    );
    let nested = SeqRepr::Nested { lengths: data[2], offsets: data[3], elements: Box::new(SeqRepr::Array(results[4])) };
    main.emit(2, Type::seq(Type::seq(Type::Int)), Repr::Seq(nested));
    main.emit(3, Type::pair(Type::Int, Type::Int), Repr::Tuple(vec![Repr::Scalar(atom(s)), Repr::Scalar(atom(w))]));
    let points = SeqRepr::Tuple(vec![SeqRepr::Array(data[0]), SeqRepr::Array(data[1])]);
    main.emit(4, Type::seq(Type::Data(point)), Repr::Seq(points));
    b.finish(main.finish(vec![]))
}

#[test]
fn accepts_and_runs_a_program_using_every_construct() {
    let program = well_formed();
    assert_eq!(verify(&program), Ok(()));
    let out = run(&program).unwrap();
    assert_eq!(out.printed, b"aaahi");
    assert_eq!(
        out.shown(),
        ["[0, 2, 4]", "(3, 1.5)", "[[0], [0], [0]]", "(7, 7)", "[point(0, 0.0), point(1, 1.0), point(2, 2.0)]"]
    );
}

/// Verifies the well-formed program after `corrupt`, which must make it
/// fail with a message containing `expected`.
fn rejects(expected: &str, corrupt: impl FnOnce(&mut FlatProgram)) -> VerifyError {
    let mut program = well_formed();
    corrupt(&mut program);
    let error = verify(&program).expect_err("the corrupted program verifies");
    let text = error.to_string();
    assert!(text.contains(expected), "expected {expected:?} in:\n{text}");
    // The evaluator refuses it too, as an internal error.
    let internal = expect_internal(flatten::eval::run(&program, &mut Recorded::default()));
    assert!(internal.contains("does not verify"), "{internal}");
    error
}

fn binding(p: &mut FlatProgram, i: usize) -> &mut SoacBinding {
    &mut p.kernels[0].body[i]
}

/// The variable of kernel 0 named `name` (the first one).
fn kvar(p: &FlatProgram, name: &str) -> KVar {
    KVar(p.kernels[0].vars.iter().position(|v| v.name == name).expect("a variable of that name") as u32)
}

/// The variable of `main` named `name`.
fn main_var(p: &FlatProgram, name: &str) -> HostVar {
    HostVar(p.main.vars.iter().position(|v| v.name == name).expect("a variable of that name") as u32)
}

fn map_pull(p: &mut FlatProgram) -> &mut flatten::ir::Thunk {
    let Soac::Map { pull, .. } = &mut binding(p, 0).soac else { unreachable!() };
    pull
}

/// The first component of the tuple the MAP's pull thunk yields.
fn map_first_component(p: &mut FlatProgram) -> &mut GExpr {
    let GExpr::Tuple(items) = &mut map_pull(p).body else { unreachable!() };
    &mut items[0]
}

// --- References ----------------------------------------------------------

#[test]
fn rejects_a_kernel_variable_that_does_not_exist() {
    let error = rejects("variable 999 does not exist", |p| *map_first_component(p) = var(KVar(999)));
    assert_eq!(error.place, "kernel `soacs`");
    assert!(error.node.contains("Var(KVar(999))"), "{}", error.node);
}

#[test]
fn rejects_a_host_variable_that_does_not_exist() {
    rejects("variable 999 does not exist", |p| p.main.body.stmts.push(Stmt::Print { text: HostVar(999) }));
}

#[test]
fn rejects_a_run_of_a_kernel_that_does_not_exist() {
    rejects("kernel 7 does not exist", |p| {
        let Stmt::Let { expr: HostExpr::Run { kernel, .. }, .. } = &mut p.main.body.stmts[1] else { unreachable!() };
        *kernel = KernelId(7);
    });
}

#[test]
fn rejects_a_call_of_a_function_that_does_not_exist() {
    rejects("function 5 does not exist", |p| {
        let Stmt::Let { expr: HostExpr::Call { func, .. }, .. } = &mut p.main.body.stmts[3] else { unreachable!() };
        *func = FuncId(5);
    });
}

#[test]
fn rejects_fault_sites_that_do_not_exist() {
    rejects("fault site @9 does not exist", |p| {
        let Soac::Permute { check, .. } = &mut binding(p, 1).soac else { unreachable!() };
        *check = Some(FaultId(9));
    });
    rejects("fault site @9 does not exist", |p| {
        let Stmt::Assert { site, .. } = p.functions[0].body.stmts.last_mut().unwrap() else { unreachable!() };
        *site = FaultId(9);
    });
    rejects("fault site @9 does not exist", |p| {
        let Soac::Once { body: GExpr::Let { body, .. } } = &mut binding(p, 6).soac else { unreachable!() };
        let GExpr::Assert { site, .. } = &mut **body else { unreachable!() };
        *site = FaultId(9);
    });
}

#[test]
fn rejects_duplicate_kernel_and_function_names() {
    rejects("two kernels are named `soacs`", |p| p.kernels[1].name = "soacs".into());
    rejects("two functions are named `f`", |p| p.functions[1].name = "f".into());
}

// --- Kernel scopes -------------------------------------------------------

#[test]
fn rejects_a_kernel_variable_bound_twice() {
    rejects("variable `m1` is bound twice", |p| {
        let m1 = kvar(p, "m1");
        binding(p, 5).results = vec![m1];
    });
}

#[test]
fn rejects_a_thunk_parameter_used_outside_its_thunk() {
    let error = rejects("is used out of its scope", |p| {
        let i = map_pull(p).params[0];
        *map_first_component(p) = var(i);
        let Soac::Filter { size, .. } = &mut binding(p, 5).soac else { unreachable!() };
        *size = var(i);
    });
    assert!(error.place.contains("SOAC 5 (FILTER)"), "{}", error.place);
}

#[test]
fn rejects_a_let_variable_used_outside_its_body() {
    rejects("`t` is used out of its scope", |p| {
        let t = kvar(p, "t");
        let Soac::Once { body } = &mut binding(p, 6).soac else { unreachable!() };
        let inner = std::mem::replace(body, int(0));
        *body = tuple(vec![GExpr::let_(vec![t], int(1), var(t)), var(t)]);
        drop(inner);
    });
}

#[test]
fn rejects_a_soac_result_used_before_its_soac() {
    rejects("`total` is used before it is bound", |p| {
        let total = kvar(p, "total");
        *map_first_component(p) = var(total);
    });
}

#[test]
fn rejects_a_kernel_result_that_is_not_bound_at_kernel_level() {
    rejects("is not a parameter or a SOAC result", |p| {
        let t = kvar(p, "t");
        p.kernels[0].results[1] = t;
    });
}

// --- SOAC signatures -----------------------------------------------------

#[test]
fn rejects_a_map_with_a_scalar_result() {
    rejects("MAP yields arrays, but its results are (int, [bool])", |p| {
        let m1 = kvar(p, "m1");
        p.kernels[0].vars[m1.0 as usize].ty = VarType::Scalar(INT);
    });
}

#[test]
fn rejects_a_reduce_with_an_array_result() {
    rejects("REDUCE yields scalars", |p| {
        let total = kvar(p, "total");
        p.kernels[0].vars[total.0 as usize].ty = VarType::Array(INT);
    });
}

#[test]
fn rejects_a_pull_thunk_with_two_parameters() {
    rejects("the pull thunk takes 2 parameters, not 1", |p| {
        let extra = p.kernels[0].new_var("extra", VarType::Scalar(INT));
        map_pull(p).params.push(extra);
    });
}

#[test]
fn rejects_a_pull_thunk_with_a_float_index() {
    rejects("the pull thunk's parameter `i", |p| {
        let i = map_pull(p).params[0];
        p.kernels[0].vars[i.0 as usize].ty = VarType::Scalar(FLOAT);
    });
}

#[test]
fn rejects_a_pull_thunk_yielding_the_wrong_number_of_values() {
    rejects("the pull thunk yields (int), not (int, bool)", |p| {
        let body = &mut map_pull(p).body;
        let GExpr::Tuple(items) = body else { unreachable!() };
        items.pop();
    });
}

#[test]
fn rejects_an_operator_with_the_wrong_number_of_parameters() {
    rejects("the operator takes 1 parameters, not 2", |p| {
        let Soac::Reduce { op, .. } = &mut binding(p, 3).soac else { unreachable!() };
        op.params.pop();
        op.body = var(op.params[0]);
    });
}

#[test]
fn rejects_neutral_values_of_the_wrong_type() {
    rejects("the neutral values have types (float)", |p| {
        let Soac::Reduce { neutral, .. } = &mut binding(p, 3).soac else { unreachable!() };
        neutral[0] = Const::Float(0.0);
    });
}

#[test]
fn rejects_a_predicate_that_is_not_bool() {
    rejects("the predicate yields (int), not (bool)", |p| {
        let Soac::Filter { pred, .. } = &mut binding(p, 5).soac else { unreachable!() };
        pred.body = var(pred.params[0]);
    });
}

#[test]
fn rejects_an_index_thunk_that_is_not_int() {
    rejects("the index thunk yields (float), not (int)", |p| {
        let Soac::Scatter { index, .. } = &mut binding(p, 2).soac else { unreachable!() };
        index.body = float(0.0);
    });
}

#[test]
fn rejects_a_size_that_is_not_int() {
    rejects("the size has type float, not int", |p| {
        let Soac::Map { size, .. } = &mut binding(p, 0).soac else { unreachable!() };
        *size = float(3.0);
    });
}

#[test]
fn rejects_segment_descriptors_that_are_not_int_arrays() {
    rejects("the segment lengths `ys` have type [float], not [int]", |p| {
        let ys = kvar(p, "ys");
        let Soac::SegReduce { segments, .. } = &mut binding(p, 7).soac else { unreachable!() };
        segments.lengths = ys;
    });
}

#[test]
fn rejects_scatter_bases_that_do_not_fit_the_results() {
    rejects("SCATTER has 2 base arrays for 1 results", |p| {
        let xs = kvar(p, "xs");
        let Soac::Scatter { base, .. } = &mut binding(p, 2).soac else { unreachable!() };
        base.push(xs);
    });
    rejects("the base `ys` has type [float], but the result has type [int]", |p| {
        let ys = kvar(p, "ys");
        let Soac::Scatter { base, .. } = &mut binding(p, 2).soac else { unreachable!() };
        base[0] = ys;
    });
}

#[test]
fn rejects_once_yielding_the_wrong_types() {
    rejects("the branches of `if` yield", |p| {
        let Soac::Once { body } = &mut binding(p, 6).soac else { unreachable!() };
        *body = GExpr::if_(boolean(true), tuple(vec![int(1), float(1.0)]), tuple(vec![int(1)]));
    });
    rejects("ONCE yields (int) but its results are (int, float)", |p| {
        let Soac::Once { body } = &mut binding(p, 6).soac else { unreachable!() };
        *body = tuple(vec![int(1)]);
    });
}

// --- GPU expressions -----------------------------------------------------

#[test]
fn rejects_unary_operators_on_the_wrong_type() {
    rejects("`sqrt` is not defined on int", |p| *map_first_component(p) = un(UnaryOp::Sqrt, INT, int(4)));
    rejects("`negate` on int has an operand of type float", |p| {
        *map_first_component(p) = un(UnaryOp::Neg, INT, float(4.0))
    });
}

#[test]
fn rejects_binary_operators_on_the_wrong_type() {
    rejects("`+` on int has an operand of type float", |p| *map_first_component(p) = add(INT, int(1), float(2.0)));
    rejects("`rem` is not defined on float", |p| {
        let pull = map_pull(p);
        let GExpr::Tuple(items) = &mut pull.body else { unreachable!() };
        items[0] = un(UnaryOp::Trunc, FLOAT, bin(BinaryOp::Rem, FLOAT, float(1.0), float(2.0)));
    });
}

#[test]
fn rejects_an_if_with_a_non_bool_condition_or_disagreeing_branches() {
    rejects("the condition of `if` has type int", |p| *map_first_component(p) = GExpr::if_(int(1), int(2), int(3)));
    rejects("the branches of `if` yield (int) and (float)", |p| {
        *map_first_component(p) = GExpr::if_(boolean(true), int(2), float(3.0))
    });
}

#[test]
fn rejects_reads_of_scalars_and_float_indices() {
    rejects("has type int, not an array type", |p| {
        let n = kvar(p, "n");
        *map_first_component(p) = read(n, int(0));
    });
    rejects("the index has type float, not int", |p| {
        let xs = kvar(p, "xs");
        *map_first_component(p) = read(xs, float(0.0));
    });
}

#[test]
fn rejects_an_array_used_as_a_scalar() {
    rejects("the array `xs` is used as a scalar", |p| {
        let xs = kvar(p, "xs");
        *map_first_component(p) = var(xs);
    });
}

#[test]
fn rejects_segment_of_over_a_float_array() {
    rejects("the offsets `ys` of `segment_of` are not an int array", |p| {
        let ys = kvar(p, "ys");
        *map_first_component(p) = GExpr::SegmentOf { offsets: ys, index: Box::new(int(0)) };
    });
}

#[test]
fn rejects_asserts_with_bad_conditions_or_payloads() {
    let site = FaultId(0);
    rejects("the condition of `assert` has type int", |p| {
        *map_first_component(p) = assert_that(int(1), site, vec![], int(0));
    });
    rejects("the array `xs` is used as a scalar", |p| {
        let xs = kvar(p, "xs");
        *map_first_component(p) = assert_that(boolean(true), site, vec![var(xs)], int(0));
    });
    rejects("`assert` has 4 payload values (at most 3)", |p| {
        *map_first_component(p) = assert_that(boolean(true), site, vec![int(1), float(2.0), int(3), int(4)], int(0));
    });
}

#[test]
fn rejects_a_tuple_where_one_value_is_expected() {
    rejects("a tuple where one value is expected", |p| {
        *map_first_component(p) = add(INT, tuple(vec![int(1), int(2)]), int(3));
    });
}

#[test]
fn rejects_a_let_binding_the_wrong_number_of_variables() {
    rejects("`let` binds 1 variables to 2 values", |p| {
        let t = kvar(p, "t");
        *map_first_component(p) = GExpr::let_(vec![t], tuple(vec![int(1), int(2)]), var(t));
    });
}

#[test]
fn rejects_a_let_variable_that_is_an_array() {
    rejects("`let` binds `m1` of type [int] to a value of type int", |p| {
        let m1 = kvar(p, "m1");
        *map_first_component(p) = GExpr::let_(vec![m1], int(1), int(2));
    });
}

/// The loop of the MAP's first component.
fn map_loop(p: &mut FlatProgram) -> &mut GExpr {
    map_first_component(p)
}

#[test]
fn rejects_a_loop_with_the_wrong_number_of_initial_values() {
    rejects("`loop` binds 2 variables to 1 initial values", |p| {
        let GExpr::Loop { init, .. } = map_loop(p) else { unreachable!() };
        init.pop();
    });
}

#[test]
fn rejects_a_loop_whose_step_does_not_fit_its_variables() {
    rejects("the step of `loop` yields (int, float), not (int, int)", |p| {
        let GExpr::Loop { step, .. } = map_loop(p) else { unreachable!() };
        let GExpr::Tuple(items) = &mut **step else { unreachable!() };
        items[1] = float(1.0);
    });
}

#[test]
fn rejects_a_loop_with_a_non_bool_condition() {
    rejects("condition of `loop`", |p| {
        let GExpr::Loop { cond, .. } = map_loop(p) else { unreachable!() };
        **cond = int(1);
    });
}

#[test]
fn rejects_a_loop_variable_used_outside_its_loop() {
    rejects("is used out of its scope", |p| {
        let acc = kvar(p, "acc");
        let GExpr::Tuple(items) = &mut map_pull(p).body else { unreachable!() };
        items[1] = bin(BinaryOp::Lt, INT, var(acc), int(0));
    });
}

// --- Host functions ------------------------------------------------------

#[test]
fn rejects_a_host_variable_bound_twice() {
    let error = rejects("variable `n` (variable 0) is bound twice", |p| {
        let n = main_var(p, "n");
        p.main.body.stmts.push(Stmt::Let { vars: vec![n], expr: HostExpr::Atom(int_atom(1)) });
    });
    assert_eq!(error.place, "main");
    assert_eq!(error.node, "let n : int = 1");
}

#[test]
fn rejects_a_host_variable_used_before_its_binding() {
    rejects("`w` (variable 11) is used before it is bound", |p| {
        let w = main_var(p, "w");
        p.main.body.stmts.insert(0, Stmt::Let { vars: vec![], expr: HostExpr::Length(w) });
    });
}

#[test]
fn rejects_a_variable_of_an_if_branch_used_after_the_if() {
    let error = rejects("`y` (variable 3) is used out of its scope", |p| {
        let f = &mut p.functions[0];
        let y = HostVar(f.vars.iter().position(|v| v.name == "y").unwrap() as u32);
        f.body.results = vec![Atom::Var(y)];
    });
    assert_eq!(error.place, "function `f`");
}

#[test]
fn rejects_a_variable_of_a_time_block_used_after_it() {
    rejects("`z` (variable 5) is used out of its scope", |p| {
        let f = &mut p.functions[0];
        let z = HostVar(f.vars.iter().position(|v| v.name == "z").unwrap() as u32);
        f.body.stmts.push(Stmt::Assert {
            cond: Atom::Const(Const::Bool(true)),
            site: FaultId(0),
            payload: vec![Atom::Var(z)],
        });
    });
}

#[test]
fn rejects_host_operators_on_the_wrong_types() {
    rejects("the operand of `+` has type [int], not int", |p| {
        let xs = main_var(p, "xs");
        p.main.body.stmts.push(Stmt::Let {
            vars: vec![],
            expr: HostExpr::Binary { op: BinaryOp::Add, ty: INT, lhs: Atom::Var(xs), rhs: int_atom(1) },
        });
    });
    rejects("`isqrt` is not defined on float", |p| {
        p.main.body.stmts.push(Stmt::Let {
            vars: vec![],
            expr: HostExpr::Unary { op: UnaryOp::Isqrt, ty: FLOAT, arg: Atom::Const(Const::Float(2.0)) },
        });
    });
    rejects("`#` of `n` (variable 0), which is not an array", |p| {
        let n = main_var(p, "n");
        p.main.body.stmts.push(Stmt::Let { vars: vec![], expr: HostExpr::Length(n) });
    });
}

#[test]
fn rejects_an_array_literal_with_an_item_of_another_type() {
    rejects("the array item has type int, not char", |p| {
        let Some(Stmt::Let { expr: HostExpr::Array { items, .. }, .. }) =
            p.main.body.stmts.iter_mut().find(|s| matches!(s, Stmt::Let { expr: HostExpr::Array { .. }, .. }))
        else {
            unreachable!()
        };
        items[1] = int_atom(1);
    });
}

#[test]
fn rejects_a_let_whose_variables_do_not_fit_its_values() {
    rejects("`let` binds 0 variables to 1 values", |p| {
        p.main.body.stmts.push(Stmt::Let { vars: vec![], expr: HostExpr::Atom(int_atom(1)) });
    });
    rejects("`let` binds `n` (variable 0) of type int to a value of type float", |p| {
        let Stmt::Let { expr, .. } = &mut p.main.body.stmts[0] else { unreachable!() };
        *expr = HostExpr::Atom(Atom::Const(Const::Float(3.0)));
    });
}

#[test]
fn rejects_a_run_with_the_wrong_arguments_or_results() {
    rejects("kernel `inputs` takes 1 arguments, not 0", |p| {
        let Stmt::Let { expr: HostExpr::Run { args, .. }, .. } = &mut p.main.body.stmts[1] else { unreachable!() };
        args.clear();
    });
    rejects("the argument 0 of kernel `inputs` has type float, not int", |p| {
        let Stmt::Let { expr: HostExpr::Run { args, .. }, .. } = &mut p.main.body.stmts[1] else { unreachable!() };
        args[0] = Atom::Const(Const::Float(3.0));
    });
    rejects("`let` binds 3 variables to 4 values", |p| {
        let Stmt::Let { vars, .. } = &mut p.main.body.stmts[1] else { unreachable!() };
        vars.pop();
    });
}

#[test]
fn rejects_a_call_with_the_wrong_arguments_or_results() {
    rejects("function `f` takes 2 arguments, not 1", |p| {
        let Stmt::Let { expr: HostExpr::Call { args, .. }, .. } = &mut p.main.body.stmts[3] else { unreachable!() };
        args.pop();
    });
    rejects("the argument 1 of function `f` has type int, not bool", |p| {
        let Stmt::Let { expr: HostExpr::Call { args, .. }, .. } = &mut p.main.body.stmts[3] else { unreachable!() };
        args[1] = int_atom(1);
    });
    rejects("`let` binds `v` (variable 2) of type int to a value of type float", |p| {
        let f = &mut p.functions[0];
        let seconds = HostVar(f.vars.iter().position(|v| v.name == "seconds").unwrap() as u32);
        f.body.results = vec![Atom::Var(seconds)];
    });
}

#[test]
fn rejects_host_ifs_with_bad_conditions_or_branches() {
    rejects("the condition of `if` has type int, not bool", |p| {
        let Stmt::Let { expr: HostExpr::If { cond, .. }, .. } = &mut p.functions[0].body.stmts[1] else {
            unreachable!()
        };
        *cond = int_atom(1);
    });
    rejects("the branches of `if` yield (int) and (float)", |p| {
        let Stmt::Let { expr: HostExpr::If { else_block, .. }, .. } = &mut p.functions[0].body.stmts[1] else {
            unreachable!()
        };
        else_block.results = vec![Atom::Const(Const::Float(0.0))];
    });
}

#[test]
fn rejects_a_time_without_its_float() {
    rejects("`let` binds 1 variables to 2 values", |p| {
        let Stmt::Let { vars, .. } = &mut p.functions[0].body.stmts[2] else { unreachable!() };
        vars.pop();
    });
}

#[test]
fn rejects_host_asserts_with_bad_conditions_or_payloads() {
    rejects("the condition of `assert` has type int, not bool", |p| {
        let Stmt::Assert { cond, .. } = p.functions[0].body.stmts.last_mut().unwrap() else { unreachable!() };
        *cond = int_atom(1);
    });
    rejects("an array as a payload value of `assert`", |p| {
        let g = &mut p.functions[1];
        let arr = g.params[0];
        let cond = Atom::Const(Const::Bool(true));
        g.body.stmts.push(Stmt::Assert { cond, site: FaultId(0), payload: vec![Atom::Var(arr)] });
    });
    rejects("`assert` has 4 payload values (at most 3)", |p| {
        let Stmt::Assert { payload, .. } = p.functions[0].body.stmts.last_mut().unwrap() else { unreachable!() };
        payload.extend([Atom::Const(Const::Bool(true)), int_atom(1), int_atom(2)]);
    });
}

#[test]
fn rejects_print_of_a_non_string() {
    rejects("`print` of `xs` (variable 1) of type [int], not [char]", |p| {
        let xs = main_var(p, "xs");
        p.main.body.stmts.push(Stmt::Print { text: xs });
    });
}

#[test]
fn rejects_emit_outside_main() {
    let error = rejects("`emit` outside `main`", |p| {
        p.functions[0].body.stmts.push(Stmt::Emit { item: 0, ty: Type::Int, value: Repr::Scalar(int_atom(1)) });
    });
    assert_eq!(error.node, "emit 0 1 : int");
}

#[test]
fn rejects_reprs_that_do_not_fit_their_types() {
    let emit = |p: &mut FlatProgram, ty: Type, value: Repr| p.main.body.stmts.push(Stmt::Emit { item: 9, ty, value });
    rejects("the representation does not fit the type int", |p| emit(p, Type::Int, Repr::Tuple(vec![])));
    rejects("the emitted scalar has type bool, not int", |p| {
        emit(p, Type::Int, Repr::Scalar(Atom::Const(Const::Bool(true))))
    });
    rejects("the representation does not fit the type (int, int)", |p| {
        emit(p, Type::pair(Type::Int, Type::Int), Repr::Tuple(vec![Repr::Scalar(int_atom(1)); 3]))
    });
    rejects("the datatype 0 has 2 fields, but its representation has 1", |p| {
        emit(p, Type::Data(nesl_frontend::types::DataId(0)), Repr::Tuple(vec![Repr::Scalar(int_atom(1))]))
    });
    rejects("the datatype 4 does not exist", |p| {
        emit(p, Type::Data(nesl_frontend::types::DataId(4)), Repr::Tuple(vec![]))
    });
    rejects("the emitted column has type [float], not [int]", |p| {
        let ys = main_var(p, "ys");
        emit(p, Type::seq(Type::Int), Repr::Seq(SeqRepr::Array(ys)))
    });
    rejects("the segment lengths has type [float], not [int]", |p| {
        let (xs, ys) = (main_var(p, "xs"), main_var(p, "ys"));
        let nested = SeqRepr::Nested { lengths: ys, offsets: xs, elements: Box::new(SeqRepr::Array(xs)) };
        emit(p, Type::seq(Type::seq(Type::Int)), Repr::Seq(nested))
    });
    rejects("the sequence representation does not fit the element type [int]", |p| {
        let xs = main_var(p, "xs");
        emit(p, Type::seq(Type::seq(Type::Int)), Repr::Seq(SeqRepr::Array(xs)))
    });
    rejects("a sequence of a datatype without fields has no column", |p| {
        let empty = p.datatypes.len() as u32;
        p.datatypes.push(nesl_frontend::tast::DataDef {
            name: "unit".into(),
            fields: vec![],
            span: Default::default(),
        });
        emit(p, Type::seq(Type::Data(nesl_frontend::types::DataId(empty))), Repr::Seq(SeqRepr::Tuple(vec![])))
    });
}

#[test]
fn rejects_main_with_parameters_or_results() {
    rejects("`main` has parameters", |p| {
        let x = p.main.new_var("x", VarType::Scalar(INT));
        p.main.params.push(x);
    });
    rejects("`main` has results", |p| p.main.body.results.push(int_atom(0)));
}

#[test]
fn errors_print_the_place_the_message_and_the_node() {
    let error = rejects("`sqrt` is not defined on int", |p| *map_first_component(p) = un(UnaryOp::Sqrt, INT, int(4)));
    assert_eq!(
        error.to_string(),
        "ill-formed flat IR in kernel `soacs`, SOAC 0 (MAP): `sqrt` is not defined on int\n  at: sqrt(4)"
    );
}

// --- No panics -------------------------------------------------------------

/// A small deterministic generator (xorshift), so that a failure names its
/// seed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }

    fn scalar(&mut self) -> flatten::ir::Scalar {
        [INT, FLOAT, BOOL, CHAR][self.below(4)]
    }

    fn var_type(&mut self) -> VarType {
        if self.below(2) == 0 { VarType::Scalar(self.scalar()) } else { VarType::Array(self.scalar()) }
    }
}

/// Calls `f` on `expr` and each of its subexpressions, parents first.
fn visit_mut(expr: &mut GExpr, f: &mut dyn FnMut(&mut GExpr)) {
    f(expr);
    expr.for_each_child_mut(|child| visit_mut(child, f));
}

/// Every top-level GPU expression of a kernel: sizes and thunk bodies.
fn kernel_exprs(kernel: &mut flatten::ir::Kernel) -> Vec<&mut GExpr> {
    let mut exprs = Vec::new();
    for binding in &mut kernel.body {
        match &mut binding.soac {
            Soac::Map { size, pull } => exprs.extend([size, &mut pull.body]),
            Soac::Permute { size, values, index, .. }
            | Soac::Scatter { size, values, index, .. }
            | Soac::RadixPass { size, values, digit: index, .. } => {
                exprs.extend([size, &mut values.body, &mut index.body])
            }
            Soac::Reduce { size, pull, op, .. } | Soac::Scan { size, pull, op, .. } => {
                exprs.extend([size, &mut pull.body, &mut op.body])
            }
            Soac::Filter { size, pull, pred, .. } => exprs.extend([size, &mut pull.body, &mut pred.body]),
            Soac::Once { body } | Soac::SegmentIds { size: body, .. } => exprs.push(body),
            Soac::SegReduce { pull, op, .. } => exprs.extend([&mut pull.body, &mut op.body]),
            Soac::SegScan { elements, pull, op, .. } => exprs.extend([elements, &mut pull.body, &mut op.body]),
        }
    }
    exprs
}

/// Changes one random thing in the program: a type, a variable reference,
/// a constant, an operator, or drops a statement or a SOAC.
fn mutate(p: &mut FlatProgram, rng: &mut Rng) {
    let kernel_index = rng.below(p.kernels.len());
    match rng.below(8) {
        0 => {
            let kernel = &mut p.kernels[kernel_index];
            let v = rng.below(kernel.vars.len());
            kernel.vars[v].ty = rng.var_type();
        }
        1 => {
            let function = if rng.below(2) == 0 { &mut p.main } else { &mut p.functions[0] };
            let v = rng.below(function.vars.len());
            function.vars[v].ty = rng.var_type();
        }
        2..=4 => {
            let kernel = &mut p.kernels[kernel_index];
            let var_count = kernel.vars.len() + 2;
            let (pick, new_var) = (rng.below(200), KVar(rng.below(var_count) as u32));
            let (new_const, op) = (rng.below(5), rng.below(4));
            let mut exprs = kernel_exprs(kernel);
            let mut seen = 0;
            for expr in exprs.iter_mut() {
                visit_mut(expr, &mut |e| {
                    seen += 1;
                    if seen != pick {
                        return;
                    }
                    match e {
                        GExpr::Var(v) | GExpr::Length(v) => *v = new_var,
                        GExpr::Read { array, .. } => *array = new_var,
                        GExpr::SegmentOf { offsets, .. } => *offsets = new_var,
                        GExpr::Const(c) => {
                            *c = [
                                Const::Int(-1),
                                Const::Float(f64::NAN),
                                Const::Bool(true),
                                Const::Char(0),
                                Const::Int(0),
                            ][new_const]
                        }
                        GExpr::Binary { op: binary, .. } => {
                            *binary = [BinaryOp::Div, BinaryOp::Rem, BinaryOp::Lt, BinaryOp::Pow][op]
                        }
                        GExpr::Let { vars, .. } => vars.push(new_var),
                        GExpr::Tuple(items) => {
                            items.pop();
                        }
                        other => *other = GExpr::Tuple(vec![]),
                    }
                });
            }
        }
        5 => {
            let kernel = &mut p.kernels[kernel_index];
            if !kernel.body.is_empty() {
                let i = rng.below(kernel.body.len());
                kernel.body.remove(i);
            }
        }
        6 => {
            if !p.main.body.stmts.is_empty() {
                let i = rng.below(p.main.body.stmts.len());
                p.main.body.stmts.remove(i);
            }
        }
        _ => {
            let var_count = p.main.vars.len() + 1;
            let v = HostVar(rng.below(var_count) as u32);
            match p.main.body.stmts.get_mut(rng.below(16)) {
                Some(Stmt::Let { vars, .. }) if !vars.is_empty() => vars[0] = v,
                Some(Stmt::Let { expr: HostExpr::Run { args, .. } | HostExpr::Call { args, .. }, .. }) => {
                    args.push(Atom::Var(v))
                }
                Some(Stmt::Print { text }) => *text = v,
                Some(Stmt::Emit { value, .. }) => *value = Repr::Seq(SeqRepr::Array(v)),
                _ => p.main.body.results.push(Atom::Var(v)),
            }
        }
    }
}

#[test]
fn neither_the_verifier_nor_the_evaluator_panics_on_corrupted_programs() {
    let base = well_formed();
    let mut verified = 0;
    for seed in 1..=1500u64 {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut program = base.clone();
        for _ in 0..1 + rng.below(3) {
            mutate(&mut program, &mut rng);
        }
        let verdict = std::panic::catch_unwind(|| verify(&program));
        let Ok(verdict) = verdict else { panic!("the verifier panicked on seed {seed}") };
        let ran = std::panic::catch_unwind(|| flatten::eval::run(&program, &mut Recorded::default()).map(|_| ()));
        let Ok(result) = ran else { panic!("the evaluator panicked on seed {seed}") };
        if verdict.is_ok() {
            verified += 1;
            if let Err(flatten::eval::EvalError::Internal(error)) = &result {
                assert!(!error.message.contains("does not verify"), "seed {seed}: {error}");
            }
        } else {
            assert!(matches!(result, Err(flatten::eval::EvalError::Internal(_))), "seed {seed}");
        }
    }
    // Some corruptions keep the program well-formed (a constant of the same
    // type, a dropped statement nothing uses): those run.
    println!("{verified} of 1500 corrupted programs still verify");
    assert!(verified > 0);
}

// --- A FILTER counting before offsets ------------------------------------

/// Makes the FILTER (SOAC 5) count before `offsets` into a new last result
/// of element type `counts`.
fn count_before(p: &mut FlatProgram, offsets: &str, counts: flatten::ir::Scalar) {
    let offsets = kvar(p, offsets);
    let result = p.kernels[0].new_var("before", VarType::Array(counts));
    let b = binding(p, 5);
    b.results.push(result);
    let Soac::Filter { before, .. } = &mut b.soac else { unreachable!() };
    *before = Some(offsets);
}

#[test]
fn a_filter_counting_before_int_offsets_verifies() {
    let mut program = well_formed();
    count_before(&mut program, "offsets", flatten::ir::Scalar::Int);
    verify(&program).expect("FILTER .. BEFORE offsets with an [int] of counts verifies");
}

#[test]
fn rejects_a_filter_counting_before_offsets_that_are_not_ints() {
    rejects("are not an [int]", |p| count_before(p, "ys", flatten::ir::Scalar::Int));
}

#[test]
fn rejects_a_filter_whose_counts_before_the_offsets_are_not_ints() {
    rejects("counts before the offsets are not ints", |p| count_before(p, "offsets", flatten::ir::Scalar::Float));
}
