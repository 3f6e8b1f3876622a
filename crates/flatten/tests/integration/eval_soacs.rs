//! Each SOAC of the flat IR, run on small inputs through `eval::run_kernel`:
//! one and two results, empty sizes, empty segments, and the faults the
//! checked SOACs raise.

use crate::common::*;
use flatten::eval::{FlatValue, ScalarValue};
use flatten::ir::{BinaryOp, Const, GExpr, SegDesc, Soac, UnaryOp};

#[test]
fn map_applies_the_pull_thunk_at_every_index() {
    let mut k = KernelBuilder::new("squares");
    let xs = k.param("xs", array(INT));
    let pull = k.pull(|_, i| mul(INT, read(xs, var(i)), read(xs, var(i))));
    let ys = k.bind1("ys", array(INT), Soac::Map { size: GExpr::Length(xs), pull });
    k.returns(&[ys]);
    let program = kernel_program(k.finish(), &[]);
    let out = run_kernel0(&program, vec![int_array(&[1, -2, 3])]).unwrap();
    assert_eq!(as_ints(&out[0]), [1, 4, 9]);
    let out = run_kernel0(&program, vec![int_array(&[])]).unwrap();
    assert_eq!(as_ints(&out[0]), [] as [i64; 0]);
}

#[test]
fn map_with_two_results_yields_two_arrays() {
    let mut k = KernelBuilder::new("split");
    let n = k.param("n", scalar(INT));
    let pull = k.pull(|_, i| tuple(vec![un(UnaryOp::ToFloat, INT, var(i)), bin(BinaryOp::Lt, INT, var(i), int(2))]));
    let rs = k.bind(&[("fs", array(FLOAT)), ("bs", array(BOOL))], Soac::Map { size: var(n), pull });
    k.returns(&rs);
    let program = kernel_program(k.finish(), &[]);
    let out = run_kernel0(&program, vec![int_scalar(4)]).unwrap();
    assert_eq!(as_floats(&out[0]), [0.0, 1.0, 2.0, 3.0]);
    assert_eq!(as_bools(&out[1]), [true, true, false, false]);
    let out = run_kernel0(&program, vec![int_scalar(0)]).unwrap();
    assert!(as_floats(&out[0]).is_empty() && as_bools(&out[1]).is_empty());
}

#[test]
fn permute_sends_each_value_to_its_index() {
    let mut k = KernelBuilder::new("permute");
    let xs = k.param("xs", array(INT));
    let idx = k.param("idx", array(INT));
    let values = k.pull(|_, i| tuple(vec![read(xs, var(i)), mul(INT, read(xs, var(i)), int(10))]));
    let index = k.pull(|_, i| read(idx, var(i)));
    let rs = k.bind(
        &[("ys", array(INT)), ("zs", array(INT))],
        Soac::Permute { size: GExpr::Length(xs), values, index, check: Some(flatten::ir::FaultId(0)) },
    );
    k.returns(&rs);
    let program = kernel_program(k.finish(), &["`permute`: the index {0} is repeated"]);
    let out = run_kernel0(&program, vec![int_array(&[5, 6, 7]), int_array(&[2, 0, 1])]).unwrap();
    assert_eq!(as_ints(&out[0]), [6, 7, 5]);
    assert_eq!(as_ints(&out[1]), [60, 70, 50]);
    let out = run_kernel0(&program, vec![int_array(&[]), int_array(&[])]).unwrap();
    assert!(as_ints(&out[0]).is_empty());

    let (message, span) = expect_fault(run_kernel0(&program, vec![int_array(&[5, 6, 7]), int_array(&[2, 0, 2])]));
    assert_eq!(message, "`permute`: the index 2 is repeated");
    assert_eq!((span.lo, span.hi), (0, 5));
    // The flattener checks the range of the indices in the index thunk, so
    // one out of range reaching PERMUTE is its bug.
    let text = expect_internal(run_kernel0(&program, vec![int_array(&[5, 6, 7]), int_array(&[2, 3, 1])]));
    assert!(text.contains("the index 3 at position 1 is outside [0, 3)"), "{text}");
    let text = expect_internal(run_kernel0(&program, vec![int_array(&[5]), int_array(&[-1])]));
    assert!(text.contains("compiler bug"), "{text}");
}

#[test]
fn an_unchecked_permute_with_a_bad_index_is_a_compiler_bug() {
    let mut k = KernelBuilder::new("permute");
    let xs = k.param("xs", array(INT));
    let values = k.pull(|_, i| read(xs, var(i)));
    let index = k.pull(|_, _| int(0));
    let ys = k.bind1("ys", array(INT), Soac::Permute { size: GExpr::Length(xs), values, index, check: None });
    k.returns(&[ys]);
    let program = kernel_program(k.finish(), &[]);
    let text = expect_internal(run_kernel0(&program, vec![int_array(&[1, 2])]));
    assert!(text.contains("repeated") && text.contains("PERMUTE"), "{text}");
}

#[test]
fn scatter_copies_the_base_and_the_last_write_wins() {
    let mut k = KernelBuilder::new("write");
    let base = k.param("base", array(INT));
    let base2 = k.param("base2", array(BOOL));
    let idx = k.param("idx", array(INT));
    let vals = k.param("vals", array(INT));
    let values = k.pull(|_, i| tuple(vec![read(vals, var(i)), boolean(true)]));
    let index = k.pull(|_, i| read(idx, var(i)));
    let rs = k.bind(
        &[("r", array(INT)), ("flags", array(BOOL))],
        Soac::Scatter {
            size: GExpr::Length(idx),
            base: vec![base, base2],
            values,
            index,
            site: flatten::ir::FaultId(0),
        },
    );
    k.returns(&rs);
    let program = kernel_program(k.finish(), &["index {0} out of range for length {1}"]);
    let args = |idx: &[i64], vals: &[i64]| {
        vec![int_array(&[0, 0, 0, 0]), bool_array(&[false; 4]), int_array(idx), int_array(vals)]
    };
    let out = run_kernel0(&program, args(&[1, 3, 1], &[10, 30, 11])).unwrap();
    assert_eq!(as_ints(&out[0]), [0, 11, 0, 30]);
    assert_eq!(as_bools(&out[1]), [false, true, false, true]);
    let out = run_kernel0(&program, args(&[], &[])).unwrap();
    assert_eq!(as_ints(&out[0]), [0, 0, 0, 0]);
    let (message, span) = expect_fault(run_kernel0(&program, args(&[1, 4], &[1, 2])));
    assert_eq!(message, "index 4 out of range for length 4");
    assert_eq!((span.lo, span.hi), (0, 5));
}

#[test]
fn reduce_folds_from_the_neutral_value_in_index_order() {
    let mut k = KernelBuilder::new("sum");
    let xs = k.param("xs", array(FLOAT));
    let pull = k.pull(|_, i| read(xs, var(i)));
    let op = k.op(BinaryOp::Add, FLOAT);
    let s = k.bind1(
        "s",
        scalar(FLOAT),
        Soac::Reduce { size: GExpr::Length(xs), pull, neutral: vec![Const::Float(0.0)], op },
    );
    k.returns(&[s]);
    let program = kernel_program(k.finish(), &[]);
    // Left to right: (((0 + 1e16) + 1) + -1e16) + 1 = 1, not 2.
    let out = run_kernel0(&program, vec![float_array(&[1e16, 1.0, -1e16, 1.0])]).unwrap();
    assert_eq!(out[0], float_scalar(1.0));
    let out = run_kernel0(&program, vec![float_array(&[])]).unwrap();
    assert_eq!(out[0], float_scalar(0.0));
}

#[test]
fn reduce_with_two_results_computes_sum_and_max_together() {
    let mut k = KernelBuilder::new("sum_max");
    let xs = k.param("xs", array(INT));
    let pull = k.pull(|_, i| tuple(vec![read(xs, var(i)), read(xs, var(i))]));
    let op = k.thunk(&[INT, INT, INT, INT], |_, p| {
        tuple(vec![add(INT, var(p[0]), var(p[2])), bin(BinaryOp::Max, INT, var(p[1]), var(p[3]))])
    });
    let rs = k.bind(
        &[("sum", scalar(INT)), ("max", scalar(INT))],
        Soac::Reduce { size: GExpr::Length(xs), pull, neutral: vec![Const::Int(0), Const::Int(i64::MIN)], op },
    );
    k.returns(&rs);
    let program = kernel_program(k.finish(), &[]);
    let out = run_kernel0(&program, vec![int_array(&[3, -1, 7, 2])]).unwrap();
    assert_eq!(out, vec![int_scalar(11), int_scalar(7)]);
    let out = run_kernel0(&program, vec![int_array(&[])]).unwrap();
    assert_eq!(out, vec![int_scalar(0), int_scalar(i64::MIN)]);
}

#[test]
fn scan_is_exclusive() {
    let mut k = KernelBuilder::new("scans");
    let xs = k.param("xs", array(INT));
    let pull = k.pull(|_, i| tuple(vec![read(xs, var(i)), read(xs, var(i))]));
    let op = k.thunk(&[INT, INT, INT, INT], |_, p| {
        tuple(vec![add(INT, var(p[0]), var(p[2])), mul(INT, var(p[1]), var(p[3]))])
    });
    let rs = k.bind(
        &[("sums", array(INT)), ("products", array(INT))],
        Soac::Scan { size: GExpr::Length(xs), pull, neutral: vec![Const::Int(0), Const::Int(1)], op },
    );
    k.returns(&rs);
    let program = kernel_program(k.finish(), &[]);
    let out = run_kernel0(&program, vec![int_array(&[3, 1, 4, 1, 5])]).unwrap();
    assert_eq!(as_ints(&out[0]), [0, 3, 4, 8, 9]);
    assert_eq!(as_ints(&out[1]), [1, 3, 3, 12, 12]);
    let out = run_kernel0(&program, vec![int_array(&[])]).unwrap();
    assert!(as_ints(&out[0]).is_empty() && as_ints(&out[1]).is_empty());
}

#[test]
fn filter_keeps_the_pulled_values_whose_predicate_holds_in_order() {
    let mut k = KernelBuilder::new("positives");
    let xs = k.param("xs", array(INT));
    let pull = k.pull(|_, i| tuple(vec![read(xs, var(i)), var(i)]));
    let pred = k.thunk(&[INT, INT], |_, p| bin(BinaryOp::Gt, INT, var(p[0]), int(0)));
    let rs = k.bind(
        &[("kept", array(INT)), ("where", array(INT))],
        Soac::Filter { size: GExpr::Length(xs), pull, pred, before: None },
    );
    k.returns(&rs);
    let program = kernel_program(k.finish(), &[]);
    let out = run_kernel0(&program, vec![int_array(&[3, -1, 0, 7, -2])]).unwrap();
    assert_eq!(as_ints(&out[0]), [3, 7]);
    assert_eq!(as_ints(&out[1]), [0, 3]);
    let out = run_kernel0(&program, vec![int_array(&[-1, -2])]).unwrap();
    assert!(as_ints(&out[0]).is_empty());
    let out = run_kernel0(&program, vec![int_array(&[])]).unwrap();
    assert!(as_ints(&out[1]).is_empty());
}

/// `FILTER (i, xs[i]) {x < pivot} (#xs) BEFORE offsets`, and the counts
/// per segment made from it as a lifted filter's are (`counts-from-filter`):
/// `before[s + 1] - before[s]`, the last segment's end the number kept.
fn counting_filter() -> flatten::ir::FlatProgram {
    let mut k = KernelBuilder::new("counting");
    let xs = k.param("xs", array(INT));
    let lengths = k.param("lengths", array(INT));
    let offsets = k.param("offsets", array(INT));
    let pivot = k.param("pivot", scalar(INT));
    let pull = k.pull(|_, i| tuple(vec![var(i), read(xs, var(i))]));
    let pred = k.thunk(&[INT, INT], |_, p| bin(BinaryOp::Lt, INT, var(p[1]), var(pivot)));
    let rs = k.bind(
        &[("kept", array(INT)), ("values", array(INT)), ("before", array(INT))],
        Soac::Filter { size: GExpr::Length(xs), pull, pred, before: Some(offsets) },
    );
    let (kept, before) = (rs[0], rs[2]);
    let pull = k.pull(|_, s| {
        let next = add(INT, var(s), int(1));
        let end = GExpr::if_(
            bin(BinaryOp::Lt, INT, next.clone(), GExpr::Length(before)),
            read(before, next),
            GExpr::Length(kept),
        );
        bin(BinaryOp::Sub, INT, end, read(before, var(s)))
    });
    let counts = k.bind1("counts", array(INT), Soac::Map { size: GExpr::Length(lengths), pull });
    k.returns(&[rs[0], rs[1], before, counts]);
    kernel_program(k.finish(), &[])
}

#[test]
fn a_filter_counts_what_it_keeps_before_each_offset_on_every_segment_shape() {
    let program = counting_filter();
    // A small generator of its own (the tests take no crates for it).
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move |below: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % below.max(1)) as i64
    };
    let mut shapes: Vec<Vec<i64>> = vec![vec![], vec![0], vec![0, 0, 0], vec![5000], vec![0, 0, 4097, 0], vec![1; 33]];
    for _ in 0..40 {
        let segments = next(60) as usize;
        shapes.push(
            (0..segments)
                .map(|_| {
                    let bound = if next(8) == 0 { 900 } else { 9 };
                    if next(3) == 0 { 0 } else { next(bound) }
                })
                .collect(),
        );
    }
    for lengths in shapes {
        let offsets: Vec<i64> = lengths.iter().scan(0, |o, l| Some(std::mem::replace(o, *o + l))).collect();
        let n: i64 = lengths.iter().sum();
        let xs: Vec<i64> = (0..n).map(|_| next(100)).collect();
        let pivot = next(120) - 10;
        let args =
            vec![int_array(&xs), int_array(&lengths), int_array(&offsets), FlatValue::Scalar(ScalarValue::Int(pivot))];
        let out = run_kernel0(&program, args).unwrap();
        // The oracle: each segment's elements below the pivot, counted.
        let kept: Vec<i64> = (0..n).filter(|&i| xs[i as usize] < pivot).collect();
        let before: Vec<i64> = offsets.iter().map(|&o| kept.iter().filter(|&&i| i < o).count() as i64).collect();
        let counts: Vec<i64> = offsets
            .iter()
            .zip(&lengths)
            .map(|(&o, &l)| xs[o as usize..(o + l) as usize].iter().filter(|&&x| x < pivot).count() as i64)
            .collect();
        assert_eq!(as_ints(&out[0]), kept, "{lengths:?}");
        assert_eq!(as_ints(&out[2]), before, "{lengths:?}");
        assert_eq!(as_ints(&out[3]), counts, "{lengths:?}");
    }
}

#[test]
fn a_filter_counting_before_decreasing_offsets_is_a_compiler_bug() {
    let program = counting_filter();
    let args =
        vec![int_array(&[1, 2, 3]), int_array(&[2, 1]), int_array(&[1, 0]), FlatValue::Scalar(ScalarValue::Int(5))];
    let err = run_kernel0(&program, args).unwrap_err();
    assert!(err.to_string().contains("decrease"), "{err}");
}

#[test]
fn once_computes_scalars_and_reduce_results_are_scalars_for_later_soacs() {
    // The norm2 example of λcu: a sum, then a MAP dividing by it.
    let mut k = KernelBuilder::new("normalise");
    let xs = k.param("xs", array(FLOAT));
    let pull = k.pull(|_, i| read(xs, var(i)));
    let op = k.op(BinaryOp::Add, FLOAT);
    let total = k.bind1(
        "total",
        scalar(FLOAT),
        Soac::Reduce { size: GExpr::Length(xs), pull, neutral: vec![Const::Float(0.0)], op },
    );
    let once = k.bind(
        &[("half", scalar(FLOAT)), ("is_big", scalar(BOOL))],
        Soac::Once {
            body: tuple(vec![mul(FLOAT, var(total), float(0.5)), bin(BinaryOp::Gt, FLOAT, var(total), float(100.0))]),
        },
    );
    let pull = k.pull(|_, i| bin(BinaryOp::Div, FLOAT, read(xs, var(i)), var(once[0])));
    let scaled = k.bind1("scaled", array(FLOAT), Soac::Map { size: GExpr::Length(xs), pull });
    k.returns(&[scaled, once[1], total]);
    let program = kernel_program(k.finish(), &[]);
    let out = run_kernel0(&program, vec![float_array(&[1.0, 3.0])]).unwrap();
    assert_eq!(as_floats(&out[0]), [0.5, 1.5]);
    assert_eq!(out[1], FlatValue::Scalar(ScalarValue::Bool(false)));
    assert_eq!(out[2], float_scalar(4.0));
}

/// A kernel with a SEG_REDUCE and a SEG_SCAN (`+`) over `xs` segmented by
/// `lengths`/`offsets`.
fn segmented_kernel() -> flatten::ir::FlatProgram {
    let mut k = KernelBuilder::new("segmented");
    let lengths = k.param("lengths", array(INT));
    let offsets = k.param("offsets", array(INT));
    let xs = k.param("xs", array(INT));
    let segments = SegDesc { lengths, offsets };
    let pull = k.pull(|_, i| tuple(vec![read(xs, var(i)), read(xs, var(i))]));
    let op = k.thunk(&[INT, INT, INT, INT], |_, p| {
        tuple(vec![add(INT, var(p[0]), var(p[2])), bin(BinaryOp::Max, INT, var(p[1]), var(p[3]))])
    });
    let sums = k.bind(
        &[("sums", array(INT)), ("maxes", array(INT))],
        Soac::SegReduce { segments, pull, neutral: vec![Const::Int(0), Const::Int(i64::MIN)], op },
    );
    let pull = k.pull(|_, i| read(xs, var(i)));
    let op = k.op(BinaryOp::Add, INT);
    let scan = k.bind1(
        "scan",
        array(INT),
        Soac::SegScan { segments, elements: GExpr::Length(xs), pull, neutral: vec![Const::Int(0)], op },
    );
    // Which segment each element is in.
    let pull = k.pull(|_, i| GExpr::SegmentOf { offsets, index: Box::new(var(i)) });
    let owner = k.bind1("owner", array(INT), Soac::Map { size: GExpr::Length(xs), pull });
    k.returns(&[sums[0], sums[1], scan, owner]);
    kernel_program(k.finish(), &[])
}

#[test]
fn segmented_reduce_and_scan_work_per_segment_with_empty_segments() {
    let program = segmented_kernel();
    // [[1, 2], [], [3], [], [4, 5, 6]]
    let args = vec![int_array(&[2, 0, 1, 0, 3]), int_array(&[0, 2, 2, 3, 3]), int_array(&[1, 2, 3, 4, 5, 6])];
    let out = run_kernel0(&program, args).unwrap();
    assert_eq!(as_ints(&out[0]), [3, 0, 3, 0, 15]);
    assert_eq!(as_ints(&out[1]), [2, i64::MIN, 3, i64::MIN, 6]);
    assert_eq!(as_ints(&out[2]), [0, 1, 0, 0, 4, 9]);
    assert_eq!(as_ints(&out[3]), [0, 0, 2, 4, 4, 4]);
}

#[test]
fn segmented_ops_on_no_segments_and_on_only_empty_segments() {
    let program = segmented_kernel();
    let out = run_kernel0(&program, vec![int_array(&[]), int_array(&[]), int_array(&[])]).unwrap();
    assert!(out[..3].iter().all(|v| as_ints(v).is_empty()));
    let out = run_kernel0(&program, vec![int_array(&[0, 0]), int_array(&[0, 0]), int_array(&[])]).unwrap();
    assert_eq!(as_ints(&out[0]), [0, 0]);
    assert!(as_ints(&out[2]).is_empty());
}

#[test]
fn a_broken_segment_descriptor_is_a_compiler_bug() {
    let program = segmented_kernel();
    let cases: [(&[i64], &[i64], &str); 4] = [
        (&[2, 1], &[0, 1], "starts at 1, not at 2"),
        (&[2, 1], &[0], "2 lengths and 1 offsets"),
        (&[4, -1], &[0, 4], "length -1"),
        (&[1, 1], &[0, 1], "add up to 2 over 3 elements"),
    ];
    for (lengths, offsets, expected) in cases {
        let text =
            expect_internal(run_kernel0(&program, vec![int_array(lengths), int_array(offsets), int_array(&[1, 2, 3])]));
        assert!(text.contains(expected) && text.contains("compiler bug"), "{text}");
    }
}

#[test]
fn an_assert_in_a_thunk_faults_at_its_site_with_its_payload() {
    let mut k = KernelBuilder::new("checked_gather");
    let xs = k.param("xs", array(INT));
    let idx = k.param("idx", array(INT));
    let site = flatten::ir::FaultId(1);
    let pull = k.pull(|k, i| {
        let j = k.var("j", scalar(INT));
        GExpr::let_(
            vec![j],
            read(idx, var(i)),
            assert_that(
                bin(
                    BinaryOp::And,
                    BOOL,
                    bin(BinaryOp::Ge, INT, var(j), int(0)),
                    bin(BinaryOp::Lt, INT, var(j), GExpr::Length(xs)),
                ),
                site,
                vec![var(j), GExpr::Length(xs)],
                read(xs, var(j)),
            ),
        )
    });
    let ys = k.bind1("ys", array(INT), Soac::Map { size: GExpr::Length(idx), pull });
    k.returns(&[ys]);
    let program = kernel_program(k.finish(), &["unused", "index out of range in `->`: index {0}, length {1}"]);
    let out = run_kernel0(&program, vec![int_array(&[10, 20, 30]), int_array(&[2, 0])]).unwrap();
    assert_eq!(as_ints(&out[0]), [30, 10]);
    let (message, span) = expect_fault(run_kernel0(&program, vec![int_array(&[10, 20, 30]), int_array(&[2, 7, -1])]));
    assert_eq!(message, "index out of range in `->`: index 7, length 3");
    assert_eq!((span.lo, span.hi), (10, 15));
}

#[test]
fn assert_payloads_may_be_any_scalars_and_print_as_nesl_prints_them() {
    let mut k = KernelBuilder::new("to_int");
    let xs = k.param("xs", array(FLOAT));
    let site = flatten::ir::FaultId(0);
    let pull = k.pull(|_, i| {
        let x = read(xs, var(i));
        let in_range = bin(BinaryOp::Lt, FLOAT, un(UnaryOp::Abs, FLOAT, x.clone()), float(1e18));
        assert_that(in_range, site, vec![x.clone(), var(i), boolean(true)], un(UnaryOp::Floor, FLOAT, x))
    });
    let ys = k.bind1("ys", array(INT), Soac::Map { size: GExpr::Length(xs), pull });
    k.returns(&[ys]);
    let program = kernel_program(k.finish(), &["`floor`: {0} does not fit in an int (element {1}, {2})"]);
    assert_eq!(as_ints(&run_kernel0(&program, vec![float_array(&[-1.5, 2.5])]).unwrap()[0]), [-2, 2]);
    let (message, _) = expect_fault(run_kernel0(&program, vec![float_array(&[1.0, f64::NAN])]));
    assert_eq!(message, "`floor`: NaN does not fit in an int (element 1, T)");
}

#[test]
fn only_the_taken_branch_of_an_if_is_evaluated() {
    // if i < #xs then xs[i] else 0: the read past the end is never made.
    let mut k = KernelBuilder::new("padded");
    let xs = k.param("xs", array(INT));
    let n = k.param("n", scalar(INT));
    let pull = k.pull(|_, i| GExpr::if_(bin(BinaryOp::Lt, INT, var(i), GExpr::Length(xs)), read(xs, var(i)), int(0)));
    let ys = k.bind1("ys", array(INT), Soac::Map { size: var(n), pull });
    k.returns(&[ys]);
    let program = kernel_program(k.finish(), &[]);
    let out = run_kernel0(&program, vec![int_array(&[1, 2]), int_scalar(4)]).unwrap();
    assert_eq!(as_ints(&out[0]), [1, 2, 0, 0]);
}

#[test]
fn unguarded_division_reads_and_sizes_are_compiler_bugs() {
    let mut k = KernelBuilder::new("unguarded");
    let xs = k.param("xs", array(INT));
    let d = k.param("d", scalar(INT));
    let n = k.param("n", scalar(INT));
    let pull = k.pull(|_, i| bin(BinaryOp::Div, INT, read(xs, var(i)), var(d)));
    let ys = k.bind1("ys", array(INT), Soac::Map { size: var(n), pull });
    k.returns(&[ys]);
    let program = kernel_program(k.finish(), &[]);
    let args = |d: i64, n: i64| vec![int_array(&[6, 9]), int_scalar(d), int_scalar(n)];
    assert_eq!(as_ints(&run_kernel0(&program, args(-3, 2)).unwrap()[0]), [-2, -3]);
    let text = expect_internal(run_kernel0(&program, args(0, 2)));
    assert!(text.contains("unguarded division by zero (compiler bug)"), "{text}");
    assert!(text.contains("kernel `unguarded`, SOAC 0 (MAP)"), "{text}");
    let text = expect_internal(run_kernel0(&program, args(1, 3)));
    assert!(text.contains("unguarded read of `xs`[2], outside its length 2"), "{text}");
    let text = expect_internal(run_kernel0(&program, args(1, -1)));
    assert!(text.contains("negative array size"), "{text}");
}

#[test]
fn wrong_arguments_to_a_kernel_are_internal_errors() {
    let mut k = KernelBuilder::new("id");
    let xs = k.param("xs", array(INT));
    k.returns(&[xs]);
    let program = kernel_program(k.finish(), &[]);
    assert!(expect_internal(run_kernel0(&program, vec![])).contains("0 arguments for 1 parameters"));
    assert!(expect_internal(run_kernel0(&program, vec![float_array(&[1.0])])).contains("receives a [float]"));
}

#[test]
fn a_kernel_with_no_results_runs_its_checks() {
    // MAP with k = 0 results: all indices in range, or a fault.
    let mut k = KernelBuilder::new("check_all");
    let idx = k.param("idx", array(INT));
    let n = k.param("n", scalar(INT));
    let site = flatten::ir::FaultId(0);
    let pull = k.pull(|_, i| {
        assert_that(bin(BinaryOp::Lt, INT, read(idx, var(i)), var(n)), site, vec![read(idx, var(i))], tuple(vec![]))
    });
    k.bind(&[], Soac::Map { size: GExpr::Length(idx), pull });
    let program = kernel_program(k.finish(), &["too big: {0}"]);
    assert!(run_kernel0(&program, vec![int_array(&[1, 2]), int_scalar(3)]).unwrap().is_empty());
    let (message, _) = expect_fault(run_kernel0(&program, vec![int_array(&[1, 5]), int_scalar(3)]));
    assert_eq!(message, "too big: 5");
}

#[test]
fn let_binds_the_components_of_a_tuple() {
    let mut k = KernelBuilder::new("swap");
    let n = k.param("n", scalar(INT));
    let pull = k.pull(|k, i| {
        let a = k.var("a", scalar(INT));
        let b = k.var("b", scalar(INT));
        GExpr::let_(vec![a, b], tuple(vec![var(i), mul(INT, var(i), int(2))]), tuple(vec![var(b), var(a)]))
    });
    let rs = k.bind(&[("bs", array(INT)), ("as", array(INT))], Soac::Map { size: var(n), pull });
    k.returns(&rs);
    let program = kernel_program(k.finish(), &[]);
    let out = run_kernel0(&program, vec![int_scalar(3)]).unwrap();
    assert_eq!(as_ints(&out[0]), [0, 2, 4]);
    assert_eq!(as_ints(&out[1]), [0, 1, 2]);
}

#[test]
fn table_helper_reads_constants() {
    let mut k = KernelBuilder::new("table");
    let pull = k.pull(|_, i| table(var(i), &ints(&[7, 8, 9])));
    let ys = k.bind1("ys", array(INT), Soac::Map { size: int(3), pull });
    k.returns(&[ys]);
    let program = kernel_program(k.finish(), &[]);
    assert_eq!(as_ints(&run_kernel0(&program, vec![]).unwrap()[0]), [7, 8, 9]);
    let _ = floats(&[1.0]);
}

/// `RADIX_PASS` of `(x, i)` by the digit `(x >> shift) & 3` of `xs`.
fn radix_kernel() -> flatten::ir::FlatProgram {
    let mut k = KernelBuilder::new("radix");
    let xs = k.param("xs", array(INT));
    let shift = k.param("shift", scalar(INT));
    let values = k.pull(|_, i| tuple(vec![read(xs, var(i)), var(i)]));
    let digit = k.pull(|_, i| bin(BinaryOp::And, INT, bin(BinaryOp::Shr, INT, read(xs, var(i)), var(shift)), int(3)));
    let rs = k.bind(
        &[("ys", array(INT)), ("from", array(INT))],
        Soac::RadixPass { size: GExpr::Length(xs), values, digit, bits: 2 },
    );
    k.returns(&rs);
    kernel_program(k.finish(), &[])
}

#[test]
fn radix_pass_orders_by_the_digit_stably() {
    let program = radix_kernel();
    let mut seed = 7u64;
    for n in [0usize, 1, 2, 17, 300] {
        let xs: Vec<i64> = (0..n)
            .map(|_| {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                (seed >> 33) as i64 % 1000 - 500
            })
            .collect();
        for shift in [0, 1, 5, 63] {
            let out = run_kernel0(&program, vec![int_array(&xs), int_scalar(shift)]).unwrap();
            let mut expected: Vec<(i64, i64)> = xs.iter().copied().zip(0..).collect();
            // Rust's sort is stable: the oracle of the oracle.
            expected.sort_by_key(|&(x, _)| (x >> shift) & 3);
            let (ys, from): (Vec<i64>, Vec<i64>) = expected.into_iter().unzip();
            assert_eq!(as_ints(&out[0]), ys, "n = {n}, shift = {shift}");
            assert_eq!(as_ints(&out[1]), from, "n = {n}, shift = {shift}");
        }
    }
}

#[test]
fn a_radix_digit_out_of_range_is_a_compiler_bug() {
    let mut k = KernelBuilder::new("radix");
    let xs = k.param("xs", array(INT));
    let values = k.pull(|_, i| read(xs, var(i)));
    let digit = k.pull(|_, i| read(xs, var(i)));
    let ys = k.bind1("ys", array(INT), Soac::RadixPass { size: GExpr::Length(xs), values, digit, bits: 1 });
    k.returns(&[ys]);
    let program = kernel_program(k.finish(), &[]);
    let text = expect_internal(run_kernel0(&program, vec![int_array(&[1, 2])]));
    assert!(text.contains("RADIX_PASS") && text.contains("outside"), "{text}");
}

/// A kernel with `SEGMENT_IDS offsets n` and the `MAP` of `segment_of`
/// it stands for.
fn segment_ids_kernel() -> flatten::ir::FlatProgram {
    let mut k = KernelBuilder::new("segment_ids");
    let offsets = k.param("offsets", array(INT));
    let n = k.param("n", scalar(INT));
    let ids = k.bind1("ids", array(INT), Soac::SegmentIds { size: var(n), offsets });
    let pull = k.pull(|_, i| GExpr::SegmentOf { offsets, index: Box::new(var(i)) });
    let searched = k.bind1("searched", array(INT), Soac::Map { size: var(n), pull });
    k.returns(&[ids, searched]);
    kernel_program(k.finish(), &[])
}

#[test]
fn segment_ids_are_the_searches_of_every_position() {
    let program = segment_ids_kernel();
    let mut seed = 11u64;
    let mut draw = |below: u64| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((seed >> 33) % below) as i64
    };
    // Segment lengths: one element, all empty, one huge, odd sizes with
    // empty segments, runs of empty segments.
    let mut shapes: Vec<Vec<i64>> = vec![vec![1], vec![0; 7], vec![5000], vec![0, 0, 3, 0], vec![2, 0, 0, 0]];
    for count in [1usize, 2, 3, 17, 101, 999] {
        shapes.push((0..count).map(|_| if draw(3) == 0 { 0 } else { draw(9) }).collect());
    }
    shapes.push((0..300).map(|j| if j % 100 == 0 { 7 } else { 0 }).collect());
    for lengths in shapes {
        let offsets: Vec<i64> = lengths.iter().scan(0, |at, &l| Some(std::mem::replace(at, *at + l))).collect();
        let total: i64 = lengths.iter().sum();
        let out = run_kernel0(&program, vec![int_array(&offsets), int_scalar(total)]).unwrap();
        assert_eq!(as_ints(&out[0]), as_ints(&out[1]), "lengths {lengths:?}");
        assert_eq!(as_ints(&out[0]).len(), total as usize);
    }
    // No segments, no positions; no segments before a position: segment 0.
    let out = run_kernel0(&program, vec![int_array(&[]), int_scalar(0)]).unwrap();
    assert!(as_ints(&out[0]).is_empty());
    let ids = segment_ids_only(&[3, 5], 6);
    assert_eq!(ids, [0, 0, 0, 0, 0, 1]);
}

/// `SEGMENT_IDS offsets n` alone.
fn segment_ids_only(offsets: &[i64], n: i64) -> Vec<i64> {
    let mut k = KernelBuilder::new("segment_ids_only");
    let o = k.param("offsets", array(INT));
    let size = k.param("n", scalar(INT));
    let ids = k.bind1("ids", array(INT), Soac::SegmentIds { size: var(size), offsets: o });
    k.returns(&[ids]);
    let program = kernel_program(k.finish(), &[]);
    let out = run_kernel0(&program, vec![int_array(offsets), int_scalar(n)]).unwrap();
    as_ints(&out[0]).to_vec()
}
