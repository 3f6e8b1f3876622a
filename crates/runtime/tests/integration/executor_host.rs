//! The executor's host side: `if`, calls (recursive and deep), `time`,
//! `array` literals (empty ones too), host arithmetic, emits of every kind
//! of value and prints in program order, each compared with the flat-IR
//! evaluator.

use crate::executor_support::kernels::{map_affine, sum_squares};
use crate::executor_support::*;
use flatten::ir::{Atom, BinaryOp, Const, HostExpr, Repr, Scalar, SeqRepr, UnaryOp};
use nesl_frontend::Type;

#[test]
fn if_and_calls_choose_on_the_host_and_run_kernels_inside() {
    let mut b = ProgramBuilder::new();
    let map = b.kernel(map_affine());
    let reduce = b.kernel(sum_squares());

    // scale_if_long(xs) = if #xs > 3 then run map_affine(xs, 10) else xs
    let scale_if_long = b.declare("scale_if_long");
    let mut f = FunctionBuilder::new("scale_if_long");
    let xs = f.param("xs", array(INT));
    let n = f.let1("n", scalar(INT), HostExpr::Length(xs));
    let is_long = f.let1("is_long", scalar(BOOL), binary(BinaryOp::Gt, INT, atom(n), int_atom(3)));
    let then_block = f.block(|f| {
        let ys = f.let1("ys", array(INT), run_of(map, vec![atom(xs), int_atom(10)]));
        vec![atom(ys)]
    });
    let else_block = f.block(|_| vec![atom(xs)]);
    let r = f.let1("r", array(INT), HostExpr::If { cond: atom(is_long), then_block, else_block });
    b.define(scale_if_long, f.finish(vec![atom(r)]));

    // Repeats `run map_affine(xs, 1)` k times, by recursion.
    let repeat = b.declare("repeat");
    let mut f = FunctionBuilder::new("repeat");
    let k = f.param("k", scalar(INT));
    let xs = f.param("xs", array(INT));
    let is_done = f.let1("is_done", scalar(BOOL), binary(BinaryOp::Eq, INT, atom(k), int_atom(0)));
    let then_block = f.block(|_| vec![atom(xs)]);
    let else_block = f.block(|f| {
        let ys = f.let1("ys", array(INT), run_of(map, vec![atom(xs), int_atom(1)]));
        let k1 = f.let1("k1", scalar(INT), binary(BinaryOp::Sub, INT, atom(k), int_atom(1)));
        let zs = f.let1("zs", array(INT), HostExpr::Call { func: repeat, args: vec![atom(k1), atom(ys)] });
        vec![atom(zs)]
    });
    let r = f.let1("r", array(INT), HostExpr::If { cond: atom(is_done), then_block, else_block });
    b.define(repeat, f.finish(vec![atom(r)]));

    let mut main = FunctionBuilder::new("main");
    let long = main.ints("long", &[1, 2, 3, 4, 5]);
    let short = main.ints("short", &[7]);
    let r1 = main.let1("r1", array(INT), HostExpr::Call { func: scale_if_long, args: vec![atom(long)] });
    let r2 = main.let1("r2", array(INT), HostExpr::Call { func: scale_if_long, args: vec![atom(short)] });
    let r3 = main.let1("r3", array(INT), HostExpr::Call { func: repeat, args: vec![int_atom(5), atom(short)] });
    // A host decision on a scalar read back from the device.
    let s = main.let1("s", scalar(INT), run_of(reduce, vec![atom(r1)]));
    let is_big = main.let1("is_big", scalar(BOOL), binary(BinaryOp::Gt, INT, atom(s), int_atom(1000)));
    let then_block = main.block(|_| vec![Atom::Const(Const::Char(b'y'))]);
    let else_block = main.block(|_| vec![Atom::Const(Const::Char(b'n'))]);
    let answer = main.let1("answer", scalar(CHAR), HostExpr::If { cond: atom(is_big), then_block, else_block });
    main.emit_array(0, INT, r1);
    main.emit_array(1, INT, r2);
    main.emit_array(2, INT, r3);
    main.emit_scalar(3, INT, atom(s));
    main.emit_scalar(4, CHAR, atom(answer));
    let (program, kernels) = b.finish(main.finish(vec![]));
    let recorded = run_both(&program, &kernels);
    // r3: 7 -> 8 -> 9 -> ... five times.
    assert_eq!(recorded.items(), ["[11, 21, 31, 41, 51]", "[7]", "[12]", "5805", "`y"]);
}

#[test]
fn time_returns_the_blocks_results_and_a_duration() {
    let mut b = ProgramBuilder::new();
    let reduce = b.kernel(sum_squares());
    let mut main = FunctionBuilder::new("main");
    let xs = main.ints("xs", &(1..=100).collect::<Vec<_>>());
    let block = main.block(|f| {
        let s = f.let1("s", scalar(INT), run_of(reduce, vec![atom(xs)]));
        vec![atom(s)]
    });
    let timed = main.let_(&[("s", scalar(INT)), ("seconds", scalar(FLOAT))], HostExpr::Time { block });
    let is_non_negative =
        main.let1("ok", scalar(BOOL), binary(BinaryOp::Ge, FLOAT, atom(timed[1]), Atom::Const(Const::Float(0.0))));
    main.emit_scalar(0, INT, atom(timed[0]));
    main.emit_scalar(1, BOOL, atom(is_non_negative));
    let (program, kernels) = b.finish(main.finish(vec![]));
    let recorded = run_both(&program, &kernels);
    assert_eq!(recorded.items(), ["338350", "T"]);
}

#[test]
fn host_arithmetic_has_the_flat_irs_scalar_semantics() {
    let mut main = FunctionBuilder::new("main");
    let cases: Vec<(HostExpr, Scalar)> = vec![
        (binary(BinaryOp::Add, INT, int_atom(i64::MAX), int_atom(1)), INT),
        (binary(BinaryOp::Div, INT, int_atom(-7), int_atom(2)), INT),
        (binary(BinaryOp::Rem, INT, int_atom(-7), int_atom(2)), INT),
        (binary(BinaryOp::Shr, INT, int_atom(-8), int_atom(65)), INT),
        (binary(BinaryOp::Max, FLOAT, Atom::Const(Const::Float(-0.0)), Atom::Const(Const::Float(0.0))), FLOAT),
        (binary(BinaryOp::Lt, FLOAT, Atom::Const(Const::Float(f64::NAN)), Atom::Const(Const::Float(1.0))), BOOL),
        (HostExpr::Unary { op: UnaryOp::Round, ty: FLOAT, arg: Atom::Const(Const::Float(-2.5)) }, INT),
        (HostExpr::Unary { op: UnaryOp::Isqrt, ty: INT, arg: int_atom(99) }, INT),
        (HostExpr::Unary { op: UnaryOp::IntToChar, ty: INT, arg: int_atom(65) }, CHAR),
        (HostExpr::Unary { op: UnaryOp::Not, ty: INT, arg: int_atom(0) }, INT),
    ];
    for (item, (expr, ty)) in cases.into_iter().enumerate() {
        let v = main.let1("v", scalar(ty), expr);
        main.emit_scalar(item, ty, atom(v));
    }
    let (program, kernels) = ProgramBuilder::new().finish(main.finish(vec![]));
    let recorded = run_both(&program, &kernels);
    assert_eq!(recorded.items(), [i64::MIN.to_string().as_str(), "-3", "-1", "-4", "-0.0", "F", "-3", "9", "`A", "-1"]);
}

#[test]
fn array_literals_upload_every_scalar_type_and_may_be_empty() {
    let mut b = ProgramBuilder::new();
    let map = b.kernel(map_affine());
    let mut main = FunctionBuilder::new("main");
    let empty = main.ints("empty", &[]);
    let mapped = main.let1("mapped", array(INT), run_of(map, vec![atom(empty), int_atom(5)]));
    let n = main.let1("n", scalar(INT), HostExpr::Length(mapped));
    let floats = main.floats("floats", &[1.5, -0.0, 1e-7, f64::INFINITY]);
    let no_floats = main.floats("no_floats", &[]);
    let bools = main.array("bools", BOOL, vec![Const::Bool(true), Const::Bool(false)]);
    let text = main.string("text", "a\"b\n");
    let no_text = main.string("no_text", "");
    main.emit_array(0, INT, mapped);
    main.emit_scalar(1, INT, atom(n));
    main.emit_array(2, FLOAT, floats);
    main.emit_array(3, FLOAT, no_floats);
    main.emit_array(4, BOOL, bools);
    main.emit_array(5, CHAR, text);
    main.emit_array(6, CHAR, no_text);
    let (program, kernels) = b.finish(main.finish(vec![]));
    let recorded = run_both(&program, &kernels);
    assert_eq!(recorded.items(), ["[]", "0", "[1.5, -0.0, 1e-7, inf]", "[]", "[T, F]", "\"a\\\"b\\n\"", "\"\""]);
}

#[test]
fn emits_rebuild_scalars_tuples_nested_sequences_and_datatypes() {
    let mut b = ProgramBuilder::new();
    let point = b.datatype("point", vec![Type::Float, Type::Float]);
    let mut main = FunctionBuilder::new("main");
    // Scalars, as constants and as variables.
    main.emit_scalar(0, FLOAT, Atom::Const(Const::Float(2.5)));
    let c = main.let1("c", scalar(CHAR), HostExpr::Atom(Atom::Const(Const::Char(b'\n'))));
    main.emit_scalar(1, CHAR, atom(c));
    // (int, (float, bool)), printed flat.
    let tuple = Repr::Tuple(vec![
        Repr::Scalar(int_atom(1)),
        Repr::Tuple(vec![Repr::Scalar(Atom::Const(Const::Float(2.0))), Repr::Scalar(Atom::Const(Const::Bool(true)))]),
    ]);
    main.emit(2, Type::pair(Type::Int, Type::pair(Type::Float, Type::Bool)), tuple);
    // point(1.0, -2.0) and [point(..), point(..)].
    let point_value =
        Repr::Tuple(vec![Repr::Scalar(Atom::Const(Const::Float(1.0))), Repr::Scalar(Atom::Const(Const::Float(-2.0)))]);
    main.emit(3, Type::Data(point), point_value);
    let xs = main.floats("xs", &[0.5, 1.5]);
    let ys = main.floats("ys", &[2.0, 3.0]);
    let points = Repr::Seq(SeqRepr::Tuple(vec![SeqRepr::Array(xs), SeqRepr::Array(ys)]));
    main.emit(4, Type::seq(Type::Data(point)), points);
    // [(int, [char])]: a pair column next to a nested column.
    let ids = main.ints("ids", &[1, 2, 3]);
    let name_lengths = main.ints("name_lengths", &[2, 0, 3]);
    let name_offsets = main.ints("name_offsets", &[0, 2, 2]);
    let name_chars = main.string("name_chars", "abxyz");
    let names = SeqRepr::Nested {
        lengths: name_lengths,
        offsets: name_offsets,
        elements: Box::new(SeqRepr::Array(name_chars)),
    };
    let pairs = Repr::Seq(SeqRepr::Tuple(vec![SeqRepr::Array(ids), names]));
    main.emit(5, Type::seq(Type::pair(Type::Int, Type::string())), pairs);
    // [[[int]]]: two levels of segment descriptors, with empty segments.
    let outer_lengths = main.ints("outer_lengths", &[2, 0, 1]);
    let outer_offsets = main.ints("outer_offsets", &[0, 2, 2]);
    let inner_lengths = main.ints("inner_lengths", &[1, 0, 2]);
    let inner_offsets = main.ints("inner_offsets", &[0, 1, 1]);
    let data = main.ints("data", &[7, 8, 9]);
    let deep = SeqRepr::Nested {
        lengths: outer_lengths,
        offsets: outer_offsets,
        elements: Box::new(SeqRepr::Nested {
            lengths: inner_lengths,
            offsets: inner_offsets,
            elements: Box::new(SeqRepr::Array(data)),
        }),
    };
    main.emit(6, Type::seq(Type::seq(Type::seq(Type::Int))), Repr::Seq(deep));
    // An empty [[int]].
    let no_lengths = main.ints("no_lengths", &[]);
    let no_offsets = main.ints("no_offsets", &[]);
    let no_data = main.ints("no_data", &[]);
    let empty_nested =
        SeqRepr::Nested { lengths: no_lengths, offsets: no_offsets, elements: Box::new(SeqRepr::Array(no_data)) };
    main.emit(7, Type::seq(Type::seq(Type::Int)), Repr::Seq(empty_nested));
    let (program, kernels) = b.finish(main.finish(vec![]));
    let recorded = run_both(&program, &kernels);
    assert_eq!(
        recorded.items(),
        [
            "2.5",
            "`\\n",
            "(1, 2.0, T)",
            "point(1.0, -2.0)",
            "[point(0.5, 2.0), point(1.5, 3.0)]",
            "[(1, \"ab\"), (2, \"\"), (3, \"xyz\")]",
            "[[[7], []], [], [[8, 9]]]",
            "[]"
        ]
    );
}

#[test]
fn prints_and_emits_appear_in_program_order() {
    let mut b = ProgramBuilder::new();
    let map = b.kernel(map_affine());
    let mut main = FunctionBuilder::new("main");
    let hello = main.string("hello", "hello\n");
    let xs = main.ints("xs", &[1, 2]);
    let ys = main.let1("ys", array(INT), run_of(map, vec![atom(xs), int_atom(2)]));
    main.print(hello);
    main.emit_array(0, INT, ys);
    let world = main.string("world", "world");
    main.print(world);
    main.print(world);
    main.emit_scalar(1, INT, int_atom(3));
    let (program, kernels) = b.finish(main.finish(vec![]));
    let recorded = run_both(&program, &kernels);
    assert_eq!(
        recorded.events,
        [
            Event::Print("hello\n".into()),
            Event::Item(0, "[3, 5]".into()),
            Event::Print("world".into()),
            Event::Print("world".into()),
            Event::Item(1, "3".into()),
        ]
    );
}

#[test]
fn deep_host_recursion_grows_the_stack_instead_of_overflowing() {
    // depth(k) = if k == 0 then 0 else depth(k - 1) + 1
    let mut b = ProgramBuilder::new();
    let depth = b.declare("depth");
    let mut f = FunctionBuilder::new("depth");
    let k = f.param("k", scalar(INT));
    let is_zero = f.let1("is_zero", scalar(BOOL), binary(BinaryOp::Eq, INT, atom(k), int_atom(0)));
    let then_block = f.block(|_| vec![int_atom(0)]);
    let else_block = f.block(|f| {
        let k1 = f.let1("k1", scalar(INT), binary(BinaryOp::Sub, INT, atom(k), int_atom(1)));
        let d = f.let1("d", scalar(INT), HostExpr::Call { func: depth, args: vec![atom(k1)] });
        let d1 = f.let1("d1", scalar(INT), binary(BinaryOp::Add, INT, atom(d), int_atom(1)));
        vec![atom(d1)]
    });
    let r = f.let1("r", scalar(INT), HostExpr::If { cond: atom(is_zero), then_block, else_block });
    b.define(depth, f.finish(vec![atom(r)]));
    let mut main = FunctionBuilder::new("main");
    let d = main.let1("d", scalar(INT), HostExpr::Call { func: depth, args: vec![int_atom(50_000)] });
    main.emit_scalar(0, INT, atom(d));
    let (program, kernels) = b.finish(main.finish(vec![]));
    let recorded = run_both(&program, &kernels);
    assert_eq!(recorded.items(), ["50000"]);
}
