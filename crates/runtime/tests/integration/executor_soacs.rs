//! The executor runs hand-compiled SOAC kernels (MAP, a two-step REDUCE, a
//! FILTER with a read-back count, SEG_REDUCE) and agrees with the flat-IR
//! evaluator; `--stats` groups launches by `__kernel` name with the plans'
//! bytes.

use crate::executor_support::kernels::{iota_scaled, keep_even, map_affine, segment_sums, sum_squares};
use crate::executor_support::*;
use flatten::ir::{Atom, Const, Repr, SeqRepr};
use nesl_frontend::Type;

/// Ints with negatives, odds and evens, not a multiple of any group size.
fn sample(n: i64) -> Vec<i64> {
    (0..n).map(|i| (i * 37) % 101 - 50).collect()
}

fn list(values: &[i64]) -> String {
    let items: Vec<String> = values.iter().map(i64::to_string).collect();
    format!("[{}]", items.join(", "))
}

#[test]
fn a_map_with_a_scalar_parameter_agrees_with_the_evaluator() {
    for n in [0, 1, 63, 64, 1000] {
        let mut b = ProgramBuilder::new();
        let map = b.kernel(map_affine());
        let mut main = FunctionBuilder::new("main");
        let input = sample(n);
        let xs = main.ints("xs", &input);
        let ys = main.let1("ys", array(INT), run_of(map, vec![atom(xs), int_atom(-3)]));
        main.emit_array(0, INT, ys);
        let (program, kernels) = b.finish(main.finish(vec![]));
        let recorded = run_both(&program, &kernels);
        let expected: Vec<i64> = input.iter().map(|x| x * -3 + 1).collect();
        assert_eq!(recorded.items(), [list(&expected)], "n = {n}");
    }
}

#[test]
fn sizes_from_int_parameters_and_float_bool_char_scalars_reach_the_kernel() {
    for (count, negate) in [(0, false), (5, true), (300, false)] {
        let mut b = ProgramBuilder::new();
        let iota = b.kernel(iota_scaled());
        let mut main = FunctionBuilder::new("main");
        let args = vec![
            int_atom(count),
            Atom::Const(Const::Float(0.25)),
            Atom::Const(Const::Bool(negate)),
            Atom::Const(Const::Char(b'x')),
        ];
        let results = main.let_(&[("ys", array(FLOAT)), ("marks", array(CHAR))], run_of(iota, args));
        main.emit_array(0, FLOAT, results[0]);
        main.emit_array(1, CHAR, results[1]);
        let (program, kernels) = b.finish(main.finish(vec![]));
        let recorded = run_both(&program, &kernels);
        let sign = if negate { -1.0 } else { 1.0 };
        let ys: Vec<String> = (0..count).map(|i| format!("{:?}", sign * (i as f64 * 0.25))).collect();
        let marks = "x".repeat(count as usize);
        assert_eq!(recorded.items(), [format!("[{}]", ys.join(", ")), format!("\"{marks}\"")]);
    }
}

#[test]
fn a_parameter_returned_unchanged_shares_its_array() {
    let (mut flat, mut plan) = map_affine();
    flat.results.push(flat.params[0]);
    plan.results.push(opencl_backend::plan::KernelResult::Param(0));
    let mut b = ProgramBuilder::new();
    let map = b.kernel((flat, plan));
    let mut main = FunctionBuilder::new("main");
    let xs = main.ints("xs", &[4, 5]);
    let results = main.let_(&[("ys", array(INT)), ("same", array(INT))], run_of(map, vec![atom(xs), int_atom(3)]));
    main.emit_array(0, INT, results[0]);
    main.emit_array(1, INT, results[1]);
    let (program, kernels) = b.finish(main.finish(vec![]));
    assert_eq!(run_both(&program, &kernels).items(), ["[13, 16]", "[4, 5]"]);
}

#[test]
fn a_two_step_reduce_reads_its_scalar_result_back() {
    // 0 skips the partial step; 10_000 makes the 8 groups stride.
    for n in [0, 1, 2, 65, 10_000] {
        let mut b = ProgramBuilder::new();
        let reduce = b.kernel(sum_squares());
        let mut main = FunctionBuilder::new("main");
        let input = sample(n);
        let xs = main.ints("xs", &input);
        let s = main.let1("s", scalar(INT), run_of(reduce, vec![atom(xs)]));
        main.emit_scalar(0, INT, atom(s));
        let (program, kernels) = b.finish(main.finish(vec![]));
        let recorded = run_both(&program, &kernels);
        let expected: i64 = input.iter().map(|x| x * x).sum();
        assert_eq!(recorded.items(), [expected.to_string()], "n = {n}");
    }
}

#[test]
fn a_filter_reads_its_count_back_and_its_result_feeds_another_kernel() {
    let inputs = [sample(0), vec![1, 3, -5], vec![2, -4, 6, 0], sample(1000)];
    for is_output_sized_by_count in [true, false] {
        for input in &inputs {
            let mut b = ProgramBuilder::new();
            let filter = b.kernel(keep_even(is_output_sized_by_count));
            let map = b.kernel(map_affine());
            let mut main = FunctionBuilder::new("main");
            let xs = main.ints("xs", input);
            let evens = main.let1("evens", array(INT), run_of(filter, vec![atom(xs)]));
            let count = main.let1("count", scalar(INT), flatten::ir::HostExpr::Length(evens));
            let doubled = main.let1("doubled", array(INT), run_of(map, vec![atom(evens), int_atom(2)]));
            main.emit_array(0, INT, evens);
            main.emit_scalar(1, INT, atom(count));
            main.emit_array(2, INT, doubled);
            let (program, kernels) = b.finish(main.finish(vec![]));
            let recorded = run_both(&program, &kernels);
            let evens: Vec<i64> = input.iter().copied().filter(|x| x % 2 == 0).collect();
            let doubled: Vec<i64> = evens.iter().map(|x| 2 * x + 1).collect();
            assert_eq!(recorded.items(), [list(&evens), evens.len().to_string(), list(&doubled)]);
        }
    }
}

#[test]
fn a_segmented_reduce_handles_empty_segments() {
    let cases: [(&[i64], &[i64]); 4] =
        [(&[2, 0, 3, 0, 1], &[1, 2, 3, 4, 5, 6]), (&[0, 0, 4, 0], &[10, 20, 30, 40]), (&[0, 0, 0], &[]), (&[], &[])];
    for (lengths, elements) in cases {
        let offsets: Vec<i64> =
            lengths.iter().scan(0, |next, &length| Some(std::mem::replace(next, *next + length))).collect();
        let mut b = ProgramBuilder::new();
        let seg_reduce = b.kernel(segment_sums());
        let mut main = FunctionBuilder::new("main");
        let lengths_var = main.ints("lengths", lengths);
        let offsets_var = main.ints("offsets", &offsets);
        let xs = main.ints("xs", elements);
        let sums =
            main.let1("sums", array(INT), run_of(seg_reduce, vec![atom(lengths_var), atom(offsets_var), atom(xs)]));
        main.emit_array(0, INT, sums);
        let nested =
            SeqRepr::Nested { lengths: lengths_var, offsets: offsets_var, elements: Box::new(SeqRepr::Array(xs)) };
        main.emit(1, Type::seq(Type::seq(Type::Int)), Repr::Seq(nested));
        let (program, kernels) = b.finish(main.finish(vec![]));
        let recorded = run_both(&program, &kernels);
        let mut rest = elements;
        let mut sums = Vec::new();
        let mut segments = Vec::new();
        for &length in lengths {
            let (segment, tail) = rest.split_at(length as usize);
            sums.push(segment.iter().sum::<i64>());
            segments.push(list(segment));
            rest = tail;
        }
        assert_eq!(recorded.items(), [list(&sums), format!("[{}]", segments.join(", "))]);
    }
}

#[test]
fn stats_count_launches_by_kernel_name_with_the_plans_bytes() {
    let n: i64 = 1000;
    let mut b = ProgramBuilder::new();
    let map = b.kernel(map_affine());
    let reduce = b.kernel(sum_squares());
    let mut main = FunctionBuilder::new("main");
    let xs = main.ints("xs", &sample(n));
    let empty = main.ints("empty", &[]);
    let ys = main.let1("ys", array(INT), run_of(map, vec![atom(xs), int_atom(2)]));
    let zs = main.let1("zs", array(INT), run_of(map, vec![atom(ys), int_atom(2)]));
    let s = main.let1("s", scalar(INT), run_of(reduce, vec![atom(zs)]));
    // Over no elements, the partial step has no work-items and is skipped.
    let t = main.let1("t", scalar(INT), run_of(reduce, vec![atom(empty)]));
    main.emit_scalar(0, INT, atom(s));
    main.emit_scalar(1, INT, atom(t));
    let (program, kernels) = b.finish(main.finish(vec![]));

    let mut session = session();
    let (_, result) = execute_in(&mut session, &program, &kernels);
    assert!(result.is_ok(), "{result:?}");
    let stats = session.stats().expect("the profile");
    let names: Vec<&str> = stats.kernel_groups().map(|g| g.name.as_str()).collect();
    assert_eq!(names, ["map_affine", "sum_squares_partial", "sum_squares_final"]);
    let map_group = stats.group("map_affine").expect("a map group");
    assert_eq!((map_group.launches, map_group.bytes_moved), (2, 2 * 16 * n as u64));
    let groups = (n as u64).div_ceil(64).min(8);
    let partial = stats.group("sum_squares_partial").expect("a partial group");
    assert_eq!((partial.launches, partial.bytes_moved), (1, 8 * n as u64 + 8 * groups));
    let last = stats.group("sum_squares_final").expect("a final group");
    assert_eq!((last.launches, last.bytes_moved), (2, (8 * groups + 8) + 8));

    let mut table = Vec::new();
    stats.write_table(&mut table).expect("the table");
    let table = String::from_utf8(table).expect("text");
    assert!(table.lines().any(|line| line.starts_with("map_affine ") && line.contains(" 2 ")), "{table}");
    assert!(table.lines().any(|line| line.starts_with("total ")), "{table}");
}
