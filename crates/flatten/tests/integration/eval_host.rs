//! Whole programs through `eval::run`: host control flow, calls and
//! recursion, `time`, `print`, host faults, and `emit` of every kind of
//! representation, checked through the printed form of the rebuilt values.

use crate::common::*;
use flatten::eval::{self, ArrayValue, FlatValue, ScalarValue};
use flatten::ir::{Atom, BinaryOp, Const, FuncId, GExpr, HostExpr, KernelId, Repr, SeqRepr, Soac, Stmt, VarType};
use nesl_frontend::Type;

/// A kernel `name(n) -> [elem]` computing `MAP { i => table[i] } (n)`.
fn table_kernel(name: &str, element: flatten::ir::Scalar, values: &[Const]) -> flatten::ir::Kernel {
    let mut k = KernelBuilder::new(name);
    let n = k.param("n", scalar(INT));
    let pull = k.pull(|_, i| table(var(i), values));
    let ys = k.bind1("ys", array(element), Soac::Map { size: var(n), pull });
    k.returns(&[ys]);
    k.finish()
}

/// Binds in `f` the array of `values` made by `kernel` (a table kernel).
fn make_array(
    f: &mut FunctionBuilder,
    kernel: KernelId,
    element: flatten::ir::Scalar,
    len: usize,
) -> flatten::ir::HostVar {
    let n = f.let1("n", scalar(INT), HostExpr::Atom(int_atom(len as i64)));
    f.let1("array", array(element), run_of(kernel, &[n]))
}

fn chars(text: &str) -> Vec<Const> {
    text.bytes().map(Const::Char).collect()
}

#[test]
fn emits_scalars_pairs_and_datatypes() {
    let mut b = ProgramBuilder::new();
    let point = b.datatype("point", vec![Type::Float, Type::Float]);
    let mut main = FunctionBuilder::new("main");
    let x = main.let1("x", scalar(INT), HostExpr::Atom(int_atom(-3)));
    main.emit(0, Type::Int, Repr::Scalar(atom(x)));
    main.emit(1, Type::Float, Repr::Scalar(Atom::Const(Const::Float(2.5))));
    main.emit(2, Type::Bool, Repr::Scalar(Atom::Const(Const::Bool(true))));
    main.emit(3, Type::Char, Repr::Scalar(Atom::Const(Const::Char(b'a'))));
    let triple = Type::pair(Type::Int, Type::pair(Type::Float, Type::Bool));
    let triple_repr = Repr::Tuple(vec![
        Repr::Scalar(atom(x)),
        Repr::Tuple(vec![Repr::Scalar(Atom::Const(Const::Float(1.0))), Repr::Scalar(Atom::Const(Const::Bool(false)))]),
    ]);
    main.emit(4, triple, triple_repr);
    let point_repr =
        Repr::Tuple(vec![Repr::Scalar(Atom::Const(Const::Float(1.0))), Repr::Scalar(Atom::Const(Const::Float(2.0)))]);
    main.emit(5, Type::Data(point), point_repr);
    let program = b.finish(main.finish(vec![]));
    let out = run(&program).unwrap();
    assert_eq!(out.shown(), ["-3", "2.5", "T", "`a", "(-3, 1.0, F)", "point(1.0, 2.0)"]);
    assert_eq!(out.items.iter().map(|(i, _)| *i).collect::<Vec<_>>(), [0, 1, 2, 3, 4, 5]);
}

#[test]
fn emits_flat_nested_and_tuple_sequences() {
    let mut b = ProgramBuilder::new();
    let point = b.datatype("point", vec![Type::Int, Type::Bool]);
    let ints_k = b.kernel(table_kernel("ints", INT, &ints(&[1, 2, 3, 4, 5, 6])));
    let bools_k = b.kernel(table_kernel("bools", BOOL, &[Const::Bool(true), Const::Bool(false), Const::Bool(true)]));
    let lengths_k = b.kernel(table_kernel("lengths", INT, &ints(&[2, 0, 1])));
    let offsets_k = b.kernel(table_kernel("offsets", INT, &ints(&[0, 2, 2])));
    let text_k = b.kernel(table_kernel("text", CHAR, &chars("ab\"")));
    let outer_lengths_k = b.kernel(table_kernel("outer_lengths", INT, &ints(&[2, 1])));
    let outer_offsets_k = b.kernel(table_kernel("outer_offsets", INT, &ints(&[0, 2])));

    let mut main = FunctionBuilder::new("main");
    let xs = make_array(&mut main, ints_k, INT, 3);
    let flags = make_array(&mut main, bools_k, BOOL, 3);
    let lengths = make_array(&mut main, lengths_k, INT, 3);
    let offsets = make_array(&mut main, offsets_k, INT, 3);
    let text = make_array(&mut main, text_k, CHAR, 3);
    let empty = make_array(&mut main, ints_k, INT, 0);
    let outer_lengths = make_array(&mut main, outer_lengths_k, INT, 2);
    let outer_offsets = make_array(&mut main, outer_offsets_k, INT, 2);

    let nested = |elements: SeqRepr| SeqRepr::Nested { lengths, offsets, elements: Box::new(elements) };
    // [int]
    main.emit(0, Type::seq(Type::Int), Repr::Seq(SeqRepr::Array(xs)));
    // [[int]] with an empty segment
    main.emit(1, Type::seq(Type::seq(Type::Int)), Repr::Seq(nested(SeqRepr::Array(xs))));
    // [(int, bool)]
    let pairs = Type::seq(Type::pair(Type::Int, Type::Bool));
    main.emit(2, pairs, Repr::Seq(SeqRepr::Tuple(vec![SeqRepr::Array(xs), SeqRepr::Array(flags)])));
    // [point]
    let points = SeqRepr::Tuple(vec![SeqRepr::Array(xs), SeqRepr::Array(flags)]);
    main.emit(3, Type::seq(Type::Data(point)), Repr::Seq(points));
    // [char] and [[char]]
    main.emit(4, Type::string(), Repr::Seq(SeqRepr::Array(text)));
    main.emit(5, Type::seq(Type::string()), Repr::Seq(nested(SeqRepr::Array(text))));
    // []
    main.emit(6, Type::seq(Type::Int), Repr::Seq(SeqRepr::Array(empty)));
    // [[[int]]]: [[[1, 2], []], [[3]]]
    let doubly = SeqRepr::Nested {
        lengths: outer_lengths,
        offsets: outer_offsets,
        elements: Box::new(nested(SeqRepr::Array(xs))),
    };
    main.emit(7, Type::seq(Type::seq(Type::seq(Type::Int))), Repr::Seq(doubly));
    // (int, [[(int, bool)]])
    let pair_of_nested = Repr::Tuple(vec![
        Repr::Scalar(int_atom(7)),
        Repr::Seq(nested(SeqRepr::Tuple(vec![SeqRepr::Array(xs), SeqRepr::Array(flags)]))),
    ]);
    main.emit(8, Type::pair(Type::Int, Type::seq(Type::seq(Type::pair(Type::Int, Type::Bool)))), pair_of_nested);
    let program = b.finish(main.finish(vec![]));
    let out = run(&program).unwrap();
    assert_eq!(
        out.shown(),
        [
            "[1, 2, 3]",
            "[[1, 2], [], [3]]",
            "[(1, T), (2, F), (3, T)]",
            "[point(1, T), point(2, F), point(3, T)]",
            "\"ab\\\"\"",
            "[\"ab\", \"\", \"\\\"\"]",
            "[]",
            "[[[1, 2], []], [[3]]]",
            "(7, [[(1, T), (2, F)], [], [(3, T)]])",
        ]
    );
}

#[test]
fn array_literals_are_built_on_the_host() {
    let mut main = FunctionBuilder::new("main");
    let n = main.let1("n", scalar(INT), HostExpr::Atom(int_atom(7)));
    let items = vec![int_atom(1), atom(n), int_atom(-3)];
    let xs = main.let1("xs", array(INT), HostExpr::Array { elem: INT, items });
    let empty = main.let1("empty", array(BOOL), HostExpr::Array { elem: BOOL, items: vec![] });
    main.emit(0, Type::seq(Type::Int), Repr::Seq(SeqRepr::Array(xs)));
    main.emit(1, Type::seq(Type::Bool), Repr::Seq(SeqRepr::Array(empty)));
    let program = ProgramBuilder::new().finish(main.finish(vec![]));
    assert_eq!(run(&program).unwrap().shown(), ["[1, 7, -3]", "[]"]);
}

#[test]
fn emits_datatypes_holding_sequences() {
    let mut b = ProgramBuilder::new();
    let bag = b.datatype("bag", vec![Type::Int, Type::seq(Type::Float)]);
    let floats_k = b.kernel(table_kernel("floats", FLOAT, &floats(&[0.5, 1.5])));
    let mut main = FunctionBuilder::new("main");
    let fs = make_array(&mut main, floats_k, FLOAT, 2);
    let repr = Repr::Tuple(vec![Repr::Scalar(int_atom(2)), Repr::Seq(SeqRepr::Array(fs))]);
    main.emit(0, Type::Data(bag), repr);
    let program = b.finish(main.finish(vec![]));
    assert_eq!(run(&program).unwrap().shown(), ["bag(2, [0.5, 1.5])"]);
}

#[test]
fn an_emitted_sequence_with_a_broken_descriptor_is_a_compiler_bug() {
    let mut b = ProgramBuilder::new();
    let ints_k = b.kernel(table_kernel("ints", INT, &ints(&[1, 2, 3])));
    let lengths_k = b.kernel(table_kernel("lengths", INT, &ints(&[2, 2])));
    let offsets_k = b.kernel(table_kernel("offsets", INT, &ints(&[0, 2])));
    let mut main = FunctionBuilder::new("main");
    let xs = make_array(&mut main, ints_k, INT, 3);
    let lengths = make_array(&mut main, lengths_k, INT, 2);
    let offsets = make_array(&mut main, offsets_k, INT, 2);
    let repr = SeqRepr::Nested { lengths, offsets, elements: Box::new(SeqRepr::Array(xs)) };
    main.emit(0, Type::seq(Type::seq(Type::Int)), Repr::Seq(repr));
    let program = b.finish(main.finish(vec![]));
    let text = expect_internal(run(&program));
    assert!(text.contains("add up to 4 over 3 elements"), "{text}");
}

/// `fact(n) = if n <= 1 then 1 else n * fact(n - 1)` on the host.
fn factorial_program() -> (flatten::ir::FlatProgram, FuncId) {
    let mut b = ProgramBuilder::new();
    let fact = b.declare("fact");
    let mut f = FunctionBuilder::new("fact");
    let n = f.param("n", scalar(INT));
    let small =
        f.let1("small", scalar(BOOL), HostExpr::Binary { op: BinaryOp::Le, ty: INT, lhs: atom(n), rhs: int_atom(1) });
    let then_block = f.block(|_| vec![int_atom(1)]);
    let else_block = f.block(|f| {
        let m =
            f.let1("m", scalar(INT), HostExpr::Binary { op: BinaryOp::Sub, ty: INT, lhs: atom(n), rhs: int_atom(1) });
        let r = f.let1("r", scalar(INT), call_of(fact, vec![atom(m)]));
        let p = f.let1("p", scalar(INT), HostExpr::Binary { op: BinaryOp::Mul, ty: INT, lhs: atom(n), rhs: atom(r) });
        vec![atom(p)]
    });
    let result = f.let1("result", scalar(INT), HostExpr::If { cond: atom(small), then_block, else_block });
    b.define(fact, f.finish(vec![atom(result)]));
    let mut main = FunctionBuilder::new("main");
    let x = main.let1("x", scalar(INT), call_of(fact, vec![int_atom(20)]));
    main.emit(0, Type::Int, Repr::Scalar(atom(x)));
    (b.finish(main.finish(vec![])), fact)
}

#[test]
fn host_functions_recurse_through_if() {
    let (program, fact) = factorial_program();
    assert_eq!(run(&program).unwrap().shown(), ["2432902008176640000"]);
    let mut out = Recorded::default();
    let results = eval::call_function(&program, fact, vec![int_scalar(5)], &mut out).unwrap();
    assert_eq!(results, vec![int_scalar(120)]);
}

/// `count(n) = if n == 0 then 0 else count(n - 1) + 1`, called with `depth`.
fn counting_program(depth: i64) -> flatten::ir::FlatProgram {
    let mut b = ProgramBuilder::new();
    let count = b.declare("count");
    let mut f = FunctionBuilder::new("count");
    let n = f.param("n", scalar(INT));
    let done =
        f.let1("done", scalar(BOOL), HostExpr::Binary { op: BinaryOp::Eq, ty: INT, lhs: atom(n), rhs: int_atom(0) });
    let then_block = f.block(|_| vec![int_atom(0)]);
    let else_block = f.block(|f| {
        let m =
            f.let1("m", scalar(INT), HostExpr::Binary { op: BinaryOp::Sub, ty: INT, lhs: atom(n), rhs: int_atom(1) });
        let r = f.let1("r", scalar(INT), call_of(count, vec![atom(m)]));
        let s =
            f.let1("s", scalar(INT), HostExpr::Binary { op: BinaryOp::Add, ty: INT, lhs: atom(r), rhs: int_atom(1) });
        vec![atom(s)]
    });
    let result = f.let1("result", scalar(INT), HostExpr::If { cond: atom(done), then_block, else_block });
    b.define(count, f.finish(vec![atom(result)]));
    let mut main = FunctionBuilder::new("main");
    let x = main.let1("x", scalar(INT), call_of(count, vec![int_atom(depth)]));
    main.emit(0, Type::Int, Repr::Scalar(atom(x)));
    b.finish(main.finish(vec![]))
}

#[test]
fn deep_recursion_works_up_to_the_limit_and_is_a_fault_naming_the_function_beyond() {
    // count(n) makes n + 1 nested calls.
    let depth = eval::MAX_CALL_DEPTH as i64 - 1;
    assert_eq!(run(&counting_program(depth)).unwrap().shown(), [depth.to_string()]);
    let Err(eval::EvalError::Fault(fault)) = run(&counting_program(depth + 1)) else { panic!("no fault") };
    assert_eq!(fault.class, nesl_frontend::ErrorClass::Runtime);
    assert_eq!(
        fault.message,
        format!("recursion too deep: {} nested calls, the last of `count`", eval::MAX_CALL_DEPTH + 1)
    );
}

#[test]
fn time_yields_the_block_results_and_the_seconds() {
    let mut b = ProgramBuilder::new();
    let ints_k = b.kernel(table_kernel("ints", INT, &ints(&[4, 5])));
    let mut main = FunctionBuilder::new("main");
    let block = main.block(|f| {
        let xs = make_array(f, ints_k, INT, 2);
        vec![atom(xs)]
    });
    let timed = main.let_(&[("xs", array(INT)), ("seconds", scalar(FLOAT))], HostExpr::Time { block });
    let positive = main.let1(
        "is_positive",
        scalar(BOOL),
        HostExpr::Binary { op: BinaryOp::Ge, ty: FLOAT, lhs: atom(timed[1]), rhs: Atom::Const(Const::Float(0.0)) },
    );
    main.emit(0, Type::seq(Type::Int), Repr::Seq(SeqRepr::Array(timed[0])));
    main.emit(1, Type::Bool, Repr::Scalar(atom(positive)));
    let program = b.finish(main.finish(vec![]));
    assert_eq!(run(&program).unwrap().shown(), ["[4, 5]", "T"]);
}

#[test]
fn print_and_emit_interleave_in_program_order() {
    let mut b = ProgramBuilder::new();
    let text_k = b.kernel(table_kernel("hello", CHAR, &chars("hi\n")));
    let mut main = FunctionBuilder::new("main");
    let text = make_array(&mut main, text_k, CHAR, 3);
    main.stmt(Stmt::Print { text });
    main.emit(0, Type::Int, Repr::Scalar(int_atom(1)));
    main.stmt(Stmt::Print { text });
    let program = b.finish(main.finish(vec![]));
    let out = run(&program).unwrap();
    assert_eq!(out.printed, b"hi\nhi\n");
    assert_eq!(out.shown(), ["1"]);
}

#[test]
fn a_host_assert_faults_at_its_site_after_the_earlier_output() {
    let mut b = ProgramBuilder::new();
    let site = b.fault("`dist`: negative count {0}", 3, 9);
    let mut main = FunctionBuilder::new("main");
    let n = main.let1("n", scalar(INT), HostExpr::Atom(int_atom(-4)));
    let ok =
        main.let1("ok", scalar(BOOL), HostExpr::Binary { op: BinaryOp::Ge, ty: INT, lhs: atom(n), rhs: int_atom(0) });
    main.emit(0, Type::Int, Repr::Scalar(atom(n)));
    main.stmt(Stmt::Assert { cond: atom(ok), site, payload: vec![atom(n)] });
    main.emit(1, Type::Int, Repr::Scalar(atom(n)));
    let program = b.finish(main.finish(vec![]));
    let mut out = Recorded::default();
    let (message, span) = expect_fault(eval::run(&program, &mut out));
    assert_eq!(message, "`dist`: negative count -4");
    assert_eq!((span.lo, span.hi), (3, 9));
    assert_eq!(out.shown(), ["-4"]);
}

#[test]
fn a_fault_inside_a_called_function_reaches_the_top() {
    let mut b = ProgramBuilder::new();
    let site = b.fault("division by zero in `/`", 0, 1);
    let mut f = FunctionBuilder::new("safe_div");
    let x = f.param("x", scalar(INT));
    let y = f.param("y", scalar(INT));
    let ok = f.let1("ok", scalar(BOOL), HostExpr::Binary { op: BinaryOp::Ne, ty: INT, lhs: atom(y), rhs: int_atom(0) });
    f.stmt(Stmt::Assert { cond: atom(ok), site, payload: vec![] });
    let q = f.let1("q", scalar(INT), HostExpr::Binary { op: BinaryOp::Div, ty: INT, lhs: atom(x), rhs: atom(y) });
    let safe_div = b.function(f.finish(vec![atom(q)]));
    let mut main = FunctionBuilder::new("main");
    let a = main.let1("a", scalar(INT), call_of(safe_div, vec![int_atom(7), int_atom(-2)]));
    main.emit(0, Type::Int, Repr::Scalar(atom(a)));
    let c = main.let1("c", scalar(INT), call_of(safe_div, vec![int_atom(7), int_atom(0)]));
    main.emit(1, Type::Int, Repr::Scalar(atom(c)));
    let program = b.finish(main.finish(vec![]));
    let mut out = Recorded::default();
    let (message, _) = expect_fault(eval::run(&program, &mut out));
    assert_eq!(message, "division by zero in `/`");
    assert_eq!(out.shown(), ["-3"]);
}

#[test]
fn if_blocks_can_run_kernels_and_yield_arrays() {
    let mut b = ProgramBuilder::new();
    let small_k = b.kernel(table_kernel("small", INT, &ints(&[1, 2])));
    let big_k = b.kernel(table_kernel("big", INT, &ints(&[100, 200, 300])));
    let mut sum = KernelBuilder::new("sum");
    let xs = sum.param("xs", array(INT));
    let pull = sum.pull(|_, i| read(xs, var(i)));
    let op = sum.op(BinaryOp::Add, INT);
    let s =
        sum.bind1("s", scalar(INT), Soac::Reduce { size: GExpr::Length(xs), pull, neutral: vec![Const::Int(0)], op });
    sum.returns(&[s]);
    let sum_k = b.kernel(sum.finish());
    let mut f = FunctionBuilder::new("pick");
    let want_big = f.param("want_big", scalar(BOOL));
    let then_block = f.block(|f| vec![atom(make_array(f, big_k, INT, 3))]);
    let else_block = f.block(|f| vec![atom(make_array(f, small_k, INT, 2))]);
    let chosen = f.let1("chosen", array(INT), HostExpr::If { cond: atom(want_big), then_block, else_block });
    let total = f.let1("total", scalar(INT), run_of(sum_k, &[chosen]));
    let length = f.let1("length", scalar(INT), HostExpr::Length(chosen));
    let pick = b.function(f.finish(vec![atom(total), atom(length)]));
    let mut main = FunctionBuilder::new("main");
    for (item, flag) in [true, false].into_iter().enumerate() {
        let r = main.let_(
            &[("total", scalar(INT)), ("length", scalar(INT))],
            call_of(pick, vec![Atom::Const(Const::Bool(flag))]),
        );
        main.emit(
            item,
            Type::pair(Type::Int, Type::Int),
            Repr::Tuple(vec![Repr::Scalar(atom(r[0])), Repr::Scalar(atom(r[1]))]),
        );
    }
    let program = b.finish(main.finish(vec![]));
    assert_eq!(run(&program).unwrap().shown(), ["(600, 3)", "(3, 2)"]);
}

#[test]
fn host_scalar_operators_follow_the_primitive_semantics() {
    let mut b = ProgramBuilder::new();
    let _ = &mut b;
    let mut main = FunctionBuilder::new("main");
    let cases: Vec<(BinaryOp, flatten::ir::Scalar, Const, Const, Type)> = vec![
        (BinaryOp::Div, INT, Const::Int(-7), Const::Int(2), Type::Int),
        (BinaryOp::Rem, INT, Const::Int(-7), Const::Int(2), Type::Int),
        (BinaryOp::Shr, INT, Const::Int(-8), Const::Int(65), Type::Int),
        (BinaryOp::Add, INT, Const::Int(i64::MAX), Const::Int(1), Type::Int),
        (BinaryOp::Pow, FLOAT, Const::Float(2.0), Const::Float(10.0), Type::Float),
        (BinaryOp::Max, FLOAT, Const::Float(f64::NAN), Const::Float(1.0), Type::Float),
    ];
    for (item, (op, ty, lhs, rhs, result)) in cases.into_iter().enumerate() {
        let result_ty = VarType::Scalar(op.result(ty));
        let v = main.let1("v", result_ty, HostExpr::Binary { op, ty, lhs: Atom::Const(lhs), rhs: Atom::Const(rhs) });
        main.emit(item, result, Repr::Scalar(atom(v)));
    }
    let r = main.let1(
        "r",
        scalar(INT),
        HostExpr::Unary { op: flatten::ir::UnaryOp::Round, ty: FLOAT, arg: Atom::Const(Const::Float(-2.5)) },
    );
    main.emit(6, Type::Int, Repr::Scalar(atom(r)));
    let program = b.finish(main.finish(vec![]));
    assert_eq!(run(&program).unwrap().shown(), ["-3", "-1", "-4", "-9223372036854775808", "1024.0", "NaN", "-3"]);
}

#[test]
fn call_function_and_run_kernel_check_their_ids() {
    let (program, _) = factorial_program();
    let mut out = Recorded::default();
    assert!(expect_internal(eval::call_function(&program, FuncId(9), vec![], &mut out)).contains("does not exist"));
    assert!(expect_internal(eval::run_kernel(&program, KernelId(0), vec![])).contains("does not exist"));
    let results = eval::call_function(&program, FuncId(0), vec![FlatValue::Scalar(ScalarValue::Int(3))], &mut out);
    assert_eq!(results.unwrap(), vec![int_scalar(6)]);
}

#[test]
fn a_panicking_output_does_not_leave_the_evaluator_waiting() {
    struct Panicky;
    impl nesl_frontend::eval::Output for Panicky {
        fn print(&mut self, _: &[u8]) {}
        fn item(&mut self, _: usize, _: &nesl_frontend::value::Value) {
            panic!("the output gave up");
        }
    }
    let (program, _) = factorial_program();
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| eval::run(&program, &mut Panicky)));
    assert!(outcome.is_err(), "the output's panic reaches the caller");
}

/// A kernel executor for [`eval::HostMachine`] that runs kernels with the
/// flat evaluator and logs every call the interpreter makes of it.
struct LoggingDevice<'p> {
    program: &'p flatten::ir::FlatProgram,
    log: std::rc::Rc<std::cell::RefCell<Vec<String>>>,
    /// Whether `#xs` gives a pending int (flatten's note [pending
    /// integers]): its value, logged when settled, with a bound 10 more.
    has_pending_lengths: bool,
}

/// Why the logging device stopped.
struct Stopped(String);

impl eval::HostError for Stopped {
    fn internal(message: String) -> Stopped {
        Stopped(message)
    }

    fn too_deep(depth: usize, function: &str) -> Stopped {
        Stopped(format!("too deep: {depth} in {function}"))
    }

    fn within(self, _: impl FnOnce() -> String) -> Stopped {
        self
    }
}

impl eval::Device for LoggingDevice<'_> {
    type Array = ArrayValue;
    type Error = Stopped;
    type Int = i64;

    fn run_kernel(
        &mut self,
        kernel: KernelId,
        args: Vec<eval::RunArg<ArrayValue, i64>>,
    ) -> Result<Vec<FlatValue>, Stopped> {
        let mut pending = 0;
        let args = args
            .into_iter()
            .map(|arg| match arg {
                eval::RunArg::Value(value) => value,
                eval::RunArg::Pending(value) => {
                    pending += 1;
                    FlatValue::Scalar(ScalarValue::Int(value))
                }
            })
            .collect();
        self.log.borrow_mut().push(format!("run {} ({pending} pending)", kernel.0));
        eval::run_kernel(self.program, kernel, args).map_err(|error| Stopped(error.to_string()))
    }

    fn length_of(&mut self, array: &ArrayValue) -> Result<eval::DeviceInt<i64>, Stopped> {
        let len = array.len() as i64;
        Ok(if self.has_pending_lengths { eval::DeviceInt::Pending(len) } else { eval::DeviceInt::Known(len) })
    }

    fn add(&mut self, a: &eval::DeviceInt<i64>, b: &eval::DeviceInt<i64>) -> Result<Option<i64>, Stopped> {
        self.log.borrow_mut().push("add".to_string());
        let value = |x: &eval::DeviceInt<i64>| match x {
            eval::DeviceInt::Known(x) | eval::DeviceInt::Pending(x) => *x,
        };
        Ok(Some(value(a) + value(b)))
    }

    fn settle(&mut self, int: &i64) -> Result<i64, Stopped> {
        self.log.borrow_mut().push(format!("settle {int}"));
        Ok(*int)
    }

    fn bound(&mut self, int: &i64) -> Result<i64, Stopped> {
        self.log.borrow_mut().push("bound".to_string());
        Ok(int + 10)
    }

    fn upload(&mut self, items: ArrayValue) -> Result<ArrayValue, Stopped> {
        self.log.borrow_mut().push(format!("upload {}", items.len()));
        Ok(items)
    }

    fn read(&mut self, array: &ArrayValue) -> Result<ArrayValue, Stopped> {
        self.log.borrow_mut().push(format!("read {}", array.len()));
        Ok(array.clone())
    }

    fn length(&mut self, array: &ArrayValue) -> Result<usize, Stopped> {
        Ok(array.len())
    }

    fn check(&mut self) -> Result<(), Stopped> {
        self.log.borrow_mut().push("check".to_string());
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Stopped> {
        self.log.borrow_mut().push("finish".to_string());
        Ok(())
    }

    fn fault(&mut self, site: flatten::ir::FaultId, _: Vec<Const>) -> Stopped {
        Stopped(format!("fault @{}", site.0))
    }

    fn fault_text(&mut self, site: flatten::ir::FaultId, message: String) -> Stopped {
        Stopped(format!("fault @{}: {message}", site.0))
    }
}

/// Logs what reaches it and hands it on to an [`eval::OutputSink`].
struct LoggingSink<'a> {
    datatypes: &'a [nesl_frontend::tast::DataDef],
    out: Recorded,
    log: std::rc::Rc<std::cell::RefCell<Vec<String>>>,
}

impl<'p> eval::Sink<'p> for LoggingSink<'_> {
    fn print(&mut self, text: std::sync::Arc<Vec<u8>>) -> Result<(), String> {
        self.log.borrow_mut().push("print".to_string());
        eval::OutputSink { datatypes: self.datatypes, out: &mut self.out }.print(text)
    }

    fn item(
        &mut self,
        item: usize,
        ty: &'p Type,
        repr: &'p Repr,
        values: Vec<Option<FlatValue>>,
    ) -> Result<(), String> {
        self.log.borrow_mut().push(format!("item {item}"));
        eval::OutputSink { datatypes: self.datatypes, out: &mut self.out }.item(item, ty, repr, values)
    }
}

#[test]
fn the_host_interpreter_runs_on_any_device_and_waits_where_its_contract_says() {
    let mut b = ProgramBuilder::new();
    let text_k = b.kernel(table_kernel("hello", CHAR, &chars("hi\n")));
    let ints_k = b.kernel(table_kernel("ints", INT, &ints(&[4, 5])));
    let mut main = FunctionBuilder::new("main");
    let text = make_array(&mut main, text_k, CHAR, 3);
    main.stmt(Stmt::Print { text });
    let items = vec![int_atom(1), int_atom(2), int_atom(3)];
    let ys = main.let1("ys", array(INT), HostExpr::Array { elem: INT, items });
    let block = main.block(|f| {
        let xs = make_array(f, ints_k, INT, 2);
        vec![atom(xs)]
    });
    let timed = main.let_(&[("xs", array(INT)), ("seconds", scalar(FLOAT))], HostExpr::Time { block });
    // `ys` twice: read once.
    let pair = Type::pair(Type::seq(Type::Int), Type::seq(Type::Int));
    main.emit(0, pair, Repr::Tuple(vec![Repr::Seq(SeqRepr::Array(ys)), Repr::Seq(SeqRepr::Array(ys))]));
    main.emit(1, Type::seq(Type::Int), Repr::Seq(SeqRepr::Array(timed[0])));
    main.emit(2, Type::Int, Repr::Scalar(int_atom(7)));
    let program = b.finish(main.finish(vec![]));
    let expected = run(&program).unwrap();

    let log = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let mut device = LoggingDevice { program: &program, log: log.clone(), has_pending_lengths: false };
    let mut sink = LoggingSink { datatypes: &program.datatypes, out: Recorded::default(), log: log.clone() };
    let mut machine = eval::HostMachine::new(&program, &mut device, &mut sink);
    machine.call(&program.main, Vec::new()).unwrap_or_else(|Stopped(message)| panic!("{message}"));
    assert_eq!(sink.out.printed, expected.printed);
    assert_eq!(sink.out.items, expected.items);
    assert_eq!(expected.shown(), ["([1, 2, 3], [1, 2, 3])", "[4, 5]", "7"]);
    assert_eq!(
        *log.borrow(),
        [
            "run 0 (0 pending)",
            "read 3",
            "check",
            "print",    // print
            "upload 3", // array [..]
            "finish",
            "run 1 (0 pending)",
            "finish",
            "check", // time
            "read 3",
            "check",
            "item 0", // one read of `ys`
            "read 2",
            "check",
            "item 1", //
            "check",
            "item 2", // checked with nothing to read
        ]
    );
}

/// Flatten's note [pending integers]: `#xs` and a sum with it stay on
/// the device, reach a `run` as they are, give a bound without waiting,
/// and are read (once) where a value is needed; the flat evaluator runs
/// the same statements with every value known.
#[test]
fn pending_ints_reach_kernels_and_are_read_once_where_needed() {
    let mut b = ProgramBuilder::new();
    let ints_k = b.kernel(table_kernel("ints", INT, &ints(&[4, 5, 6, 7, 8, 9, 10, 11])));
    let mut main = FunctionBuilder::new("main");
    let xs = make_array(&mut main, ints_k, INT, 2);
    let n = main.let1("n", scalar(INT), HostExpr::Length(xs));
    let add = |lhs, rhs| HostExpr::Binary { op: BinaryOp::Add, ty: INT, lhs, rhs };
    let m = main.let1("m", scalar(INT), add(atom(n), int_atom(3)));
    let ys = main.let1("ys", array(INT), run_of(ints_k, &[m]));
    let bound = main.let1("bound", scalar(INT), HostExpr::Bound(atom(m)));
    let at_least = HostExpr::Binary { op: BinaryOp::Ge, ty: INT, lhs: atom(bound), rhs: atom(m) };
    let at_least = main.let1("at_least", scalar(BOOL), at_least);
    let k = main.let1("k", scalar(INT), add(atom(m), atom(n)));
    main.emit(0, Type::seq(Type::Int), Repr::Seq(SeqRepr::Array(ys)));
    main.emit(1, Type::Int, Repr::Scalar(atom(k)));
    main.emit(2, Type::Bool, Repr::Scalar(atom(at_least)));
    let program = b.finish(main.finish(vec![]));
    let expected = run(&program).unwrap();
    assert_eq!(expected.shown(), ["[4, 5, 6, 7, 8]", "7", "T"]);

    let log = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let mut device = LoggingDevice { program: &program, log: log.clone(), has_pending_lengths: true };
    let mut sink = LoggingSink { datatypes: &program.datatypes, out: Recorded::default(), log: log.clone() };
    let mut machine = eval::HostMachine::new(&program, &mut device, &mut sink);
    machine.call(&program.main, Vec::new()).unwrap_or_else(|Stopped(message)| panic!("{message}"));
    assert_eq!(sink.out.items, expected.items);
    assert_eq!(
        *log.borrow(),
        [
            "run 0 (0 pending)",
            "add",               // m = n + 3, on the device
            "run 0 (1 pending)", // m passed as it is
            "bound",             // bound m, without waiting
            "settle 5",          // `>=` needs m's value
            "add",               // k = m + n: n still pending
            "read 5",
            "check",
            "item 0", //
            "settle 7",
            "check",
            "item 1", // k read where it is emitted
            "check",
            "item 2",
        ]
    );
}
