//! Faults of the NESL program, on the device and on the host, are reported
//! with the fault site's diagnostic, in program order, exactly as the
//! flat-IR evaluator reports them; broken plans are internal errors, never
//! panics.

use crate::executor_support::kernels::{floor_all, gather, map_affine, sum_squares};
use crate::executor_support::*;
use flatten::ir::{Atom, Const, FaultId, HostExpr, Stmt, VarType};
use nesl_frontend::{ErrorClass, FileId, Span};
use opencl_backend::plan::{CompiledKernel, LaunchArg, Step};
use runtime::executor::ExecError;

const ELT_MESSAGE: &str = "index out of range in `elt`: index {0}, length {1}";

/// main: emit 0; ys = gather(xs, is); emit 1 ys. With `is` out of range,
/// item 1 never appears.
fn gather_program(indices: &[i64]) -> (flatten::ir::FlatProgram, Vec<CompiledKernel>, FaultId) {
    let mut b = ProgramBuilder::new();
    let site = b.fault(ELT_MESSAGE, 40, 52);
    let kernel = b.kernel(gather(site));
    let mut main = FunctionBuilder::new("main");
    let xs = main.ints("xs", &[10, 20, 30]);
    let is = main.ints("is", indices);
    main.emit_scalar(0, INT, int_atom(1));
    let ys = main.let1("ys", array(INT), run_of(kernel, vec![atom(xs), atom(is)]));
    main.emit_array(1, INT, ys);
    let (program, kernels) = b.finish(main.finish(vec![]));
    (program, kernels, site)
}

#[test]
fn a_checked_gather_runs_when_every_index_is_in_range() {
    let (program, kernels, _) = gather_program(&[2, 0, 1, 1]);
    let recorded = run_both(&program, &kernels);
    assert_eq!(recorded.items(), ["1", "[30, 10, 20, 20]"]);
}

#[test]
fn a_device_fault_is_reported_with_the_sites_message_and_span_before_later_output() {
    let (program, kernels, _) = gather_program(&[0, 7, 1]);
    let (recorded, diagnostic) = fault_both(&program, &kernels);
    assert_eq!(recorded.events, [Event::Item(0, "1".into())]);
    assert_eq!(diagnostic.class, ErrorClass::Runtime);
    assert_eq!(diagnostic.exit_code(), 3);
    assert_eq!(diagnostic.message, "index out of range in `elt`: index 7, length 3");
    assert_eq!(diagnostic.primary_span(), Some(Span::new(FileId(0), 40, 52)));
    assert_eq!(diagnostic.labels[0].message, "the program failed here");
}

#[test]
fn a_float_payload_travels_by_its_bits() {
    let mut b = ProgramBuilder::new();
    let site = b.fault("`floor`: {0} does not fit in an int", 3, 8);
    let kernel = b.kernel(floor_all(site));
    for (inputs, expected) in [
        (vec![1.5, -2.5], Ok("[1, -3]")),
        (vec![1.0, f64::NAN], Err("`floor`: NaN does not fit in an int")),
        (vec![1e300], Err("`floor`: 1e300 does not fit in an int")),
        (vec![f64::NEG_INFINITY], Err("`floor`: -inf does not fit in an int")),
    ] {
        let mut b = ProgramBuilder { program: b.program.clone(), compiled: b.compiled.clone() };
        let mut main = FunctionBuilder::new("main");
        let xs = main.floats("xs", &inputs);
        let ys = main.let1("ys", array(INT), run_of(kernel, vec![atom(xs)]));
        main.emit_array(0, INT, ys);
        b.program.main = main.finish(vec![]);
        let (program, kernels) = (b.program, b.compiled);
        match expected {
            Ok(shown) => assert_eq!(run_both(&program, &kernels).items(), [shown]),
            Err(message) => assert_eq!(fault_both(&program, &kernels).1.message, message),
        }
    }
}

#[test]
fn a_fault_stops_a_scalar_read_back_that_depends_on_it() {
    // s = sum_squares(gather(xs, [5])): the sum of garbage is never used.
    let mut b = ProgramBuilder::new();
    let site = b.fault(ELT_MESSAGE, 0, 4);
    let gather = b.kernel(gather(site));
    let reduce = b.kernel(sum_squares());
    let mut main = FunctionBuilder::new("main");
    let xs = main.ints("xs", &[1, 2]);
    let is = main.ints("is", &[1, 5, 0]);
    let ys = main.let1("ys", array(INT), run_of(gather, vec![atom(xs), atom(is)]));
    let s = main.let1("s", scalar(INT), run_of(reduce, vec![atom(ys)]));
    main.emit_scalar(0, INT, atom(s));
    let (program, kernels) = b.finish(main.finish(vec![]));
    let (recorded, diagnostic) = fault_both(&program, &kernels);
    assert!(recorded.events.is_empty());
    assert_eq!(diagnostic.message, "index out of range in `elt`: index 5, length 2");
}

#[test]
fn a_device_fault_enqueued_earlier_wins_over_a_later_host_fault() {
    let mut b = ProgramBuilder::new();
    let device_site = b.fault(ELT_MESSAGE, 0, 4);
    let host_site = b.fault("`dist`: negative count {0}", 10, 14);
    let gather = b.kernel(gather(device_site));
    let mut main = FunctionBuilder::new("main");
    let xs = main.ints("xs", &[1, 2]);
    let is = main.ints("is", &[-1]);
    main.let1("ys", array(INT), run_of(gather, vec![atom(xs), atom(is)]));
    main.stmt(Stmt::Assert { cond: Atom::Const(Const::Bool(false)), site: host_site, payload: vec![int_atom(-3)] });
    let (program, kernels) = b.finish(main.finish(vec![]));
    let (_, diagnostic) = fault_both(&program, &kernels);
    assert_eq!(diagnostic.message, "index out of range in `elt`: index -1, length 2");
}

#[test]
fn a_host_assert_faults_with_its_payload_inside_a_call_and_a_time_block() {
    let mut b = ProgramBuilder::new();
    let site = b.fault("`dist`: negative count {0}", 10, 14);
    let map = b.kernel(map_affine());
    // check(k) = assert k >= 0 else @site(k); k
    let check = b.declare("check");
    let mut f = FunctionBuilder::new("check");
    let k = f.param("k", scalar(INT));
    let ok = f.let1("ok", scalar(BOOL), binary(flatten::ir::BinaryOp::Ge, INT, atom(k), int_atom(0)));
    f.stmt(Stmt::Assert { cond: atom(ok), site, payload: vec![atom(k)] });
    b.define(check, f.finish(vec![atom(k)]));
    let mut main = FunctionBuilder::new("main");
    let hello = main.string("hello", "before ");
    main.print(hello);
    let xs = main.ints("xs", &[1]);
    let block = main.block(|f| {
        let ys = f.let1("ys", array(INT), run_of(map, vec![atom(xs), int_atom(1)]));
        let k = f.let1("k", scalar(INT), HostExpr::Call { func: check, args: vec![int_atom(-4)] });
        f.emit_array(0, INT, ys);
        vec![atom(k)]
    });
    main.let_(&[("k", scalar(INT)), ("seconds", scalar(FLOAT))], HostExpr::Time { block });
    let (program, kernels) = b.finish(main.finish(vec![]));
    let (recorded, diagnostic) = fault_both(&program, &kernels);
    assert_eq!(recorded.events, [Event::Print("before ".into())]);
    assert_eq!(diagnostic.message, "`dist`: negative count -4");
    assert_eq!(diagnostic.primary_span(), Some(Span::new(FileId(0), 10, 14)));
}

#[test]
fn the_session_is_clean_after_a_fault() {
    let mut session = session();
    let (bad, bad_kernels, _) = gather_program(&[3]);
    let (_, result) = execute_in(&mut session, &bad, &bad_kernels);
    assert!(matches!(result, Err(ExecError::Fault(_))), "{result:?}");
    let (good, good_kernels, _) = gather_program(&[2]);
    let (recorded, result) = execute_in(&mut session, &good, &good_kernels);
    assert!(result.is_ok(), "{result:?}");
    assert_eq!(recorded.items(), ["1", "[30]"]);
}

/// Runs `program` with `kernels` and returns the internal error's text.
fn internal_error(program: &flatten::ir::FlatProgram, kernels: &[CompiledKernel]) -> String {
    match execute_in(&mut session(), program, kernels).1 {
        Err(error @ ExecError::Internal(_)) => {
            assert_eq!(error.exit_code(), 1);
            error.to_string()
        }
        other => panic!("expected an internal error, got {other:?}"),
    }
}

/// main: ys = map_affine(xs, 2); emit 0 ys.
fn map_program() -> (flatten::ir::FlatProgram, Vec<CompiledKernel>) {
    let mut b = ProgramBuilder::new();
    let map = b.kernel(map_affine());
    let mut main = FunctionBuilder::new("main");
    let xs = main.ints("xs", &[1, 2, 3]);
    let ys = main.let1("ys", array(INT), run_of(map, vec![atom(xs), int_atom(2)]));
    main.emit_array(0, INT, ys);
    b.finish(main.finish(vec![]))
}

fn map_launch(kernels: &mut [CompiledKernel]) -> &mut opencl_backend::plan::Launch {
    match &mut kernels[0].steps[0] {
        Step::Launch(launch) => launch,
    }
}

#[test]
fn broken_plans_are_internal_errors_that_say_where() {
    let (program, kernels) = map_program();

    let mut missing_arg = kernels.clone();
    map_launch(&mut missing_arg).args.pop();
    let text = internal_error(&program, &missing_arg);
    assert!(text.contains("compiler bug") && text.contains("kernel `map_affine`"), "{text}");
    assert!(text.contains("launch 0 (`map_affine`)") && text.contains("takes 4 arguments"), "{text}");

    let mut unknown_buffer = kernels.clone();
    map_launch(&mut unknown_buffer).args[3] = LaunchArg::Buffer(9);
    assert!(internal_error(&program, &unknown_buffer).contains("buffer 9, which does not exist"));

    let mut undeclared = kernels.clone();
    undeclared[0].size_vars.clear();
    assert!(internal_error(&program, &undeclared).contains("size variable `n` is not declared"));

    let mut negative = kernels.clone();
    map_launch(&mut negative).global = vec![cst(-5)];
    assert!(internal_error(&program, &negative).contains("is -5, which is negative"));

    let mut wrong_kernel = kernels.clone();
    map_launch(&mut wrong_kernel).kernel = "no_such_kernel".into();
    assert!(internal_error(&program, &wrong_kernel).contains("has no kernel `no_such_kernel`"));

    let mut wrong_param_type = kernels.clone();
    wrong_param_type[0].params[1].ty = VarType::Scalar(FLOAT);
    assert!(internal_error(&program, &wrong_param_type).contains("of type float gets a int"));

    let too_few: Vec<CompiledKernel> = Vec::new();
    assert!(internal_error(&program, &too_few).contains("0 compiled kernels for the 1 kernels"));
}

#[test]
fn a_result_buffer_no_launch_wrote_is_an_internal_error() {
    // The reduce's final step sized by the input: over no elements, no
    // launch writes the result.
    let mut b = ProgramBuilder::new();
    let reduce = b.kernel(sum_squares());
    let mut main = FunctionBuilder::new("main");
    let xs = main.ints("xs", &[]);
    let s = main.let1("s", scalar(INT), run_of(reduce, vec![atom(xs)]));
    main.emit_scalar(0, INT, atom(s));
    let (program, mut kernels) = b.finish(main.finish(vec![]));
    let Step::Launch(last) = &mut kernels[0].steps[1];
    last.global = vec![cst(0)];
    let text = internal_error(&program, &kernels);
    assert!(text.contains("buffer `result` is read, but no launch that ran wrote it"), "{text}");
}

/// Every kernel is built before `main` starts: a kernel whose source does
/// not build fails the run before the first item, even one no path of
/// this run launches.
#[test]
fn every_kernel_is_built_before_main_runs() {
    let mut b = ProgramBuilder::new();
    let unused = b.kernel(map_affine());
    let mut main = FunctionBuilder::new("main");
    main.emit_scalar(0, INT, int_atom(1));
    let xs = main.ints("xs", &[1, 2, 3]);
    let never = main.block(|f| {
        let ys = f.let1("ys", array(INT), run_of(unused, vec![atom(xs), int_atom(2)]));
        vec![atom(ys)]
    });
    let always = main.block(|_| vec![atom(xs)]);
    let zs = main.let1(
        "zs",
        array(INT),
        HostExpr::If { cond: Atom::Const(Const::Bool(false)), then_block: never, else_block: always },
    );
    main.emit_array(1, INT, zs);
    let (program, mut kernels) = b.finish(main.finish(vec![]));

    let (recorded, result) = execute_in(&mut session(), &program, &kernels);
    assert!(result.is_ok(), "{result:?}");
    assert_eq!(recorded.items(), ["1", "[1, 2, 3]"]);

    kernels[0].source.push_str("\nthis is not OpenCL C;\n");
    let (recorded, result) = execute_in(&mut session(), &program, &kernels);
    match result {
        Err(ExecError::Environment(error)) => {
            assert!(error.to_string().contains(&kernels[0].name), "{error}");
        }
        other => panic!("expected a build failure, got {other:?}"),
    }
    assert!(recorded.events.is_empty(), "{:?}", recorded.events);
}
