//! The evaluator on 10^6 elements: a MAP and a REDUCE (and the fused
//! MAP-REDUCE of λcu's dot product), checked for their values and timed.
//! The timings print with `--nocapture`; run with `--release` for the
//! numbers worth quoting.

mod common;

use std::time::Instant;

use common::*;
use flatten::eval::{FlatValue, ScalarValue};
use flatten::ir::{BinaryOp, Const, GExpr, Soac};

const N: usize = 1_000_000;

fn timed<T>(what: &str, run: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let result = run();
    println!("{what}: {:.1} ms", start.elapsed().as_secs_f64() * 1e3);
    result
}

#[test]
fn a_million_element_map_and_reduce() {
    // MAP { i => xs[i] * 2.0 + 1.0 } (#xs)
    let mut k = KernelBuilder::new("affine");
    let xs = k.param("xs", array(FLOAT));
    let pull = k.pull(|_, i| add(FLOAT, mul(FLOAT, read(xs, var(i)), float(2.0)), float(1.0)));
    let ys = k.bind1("ys", array(FLOAT), Soac::Map { size: GExpr::Length(xs), pull });
    k.returns(&[ys]);
    let map_program = kernel_program(k.finish(), &[]);

    // REDUCE { i => xs[i] } (0) { (a, b) => a + b } (#xs)
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
    let reduce_program = kernel_program(k.finish(), &[]);

    // REDUCE { i => xs[i] * ys[i] } (0) { (a, b) => a + b } (#xs)
    let mut k = KernelBuilder::new("dotp");
    let xs = k.param("xs", array(FLOAT));
    let ys = k.param("ys", array(FLOAT));
    let pull = k.pull(|_, i| mul(FLOAT, read(xs, var(i)), read(ys, var(i))));
    let op = k.op(BinaryOp::Add, FLOAT);
    let s = k.bind1(
        "s",
        scalar(FLOAT),
        Soac::Reduce { size: GExpr::Length(xs), pull, neutral: vec![Const::Float(0.0)], op },
    );
    k.returns(&[s]);
    let dotp_program = kernel_program(k.finish(), &[]);

    let input: Vec<f64> = (0..N).map(|i| (i % 1000) as f64).collect();
    let out = timed("MAP of 10^6 floats", || run_kernel0(&map_program, vec![float_array(&input)]).unwrap());
    let mapped = as_floats(&out[0]);
    assert_eq!(mapped.len(), N);
    assert!(mapped.iter().zip(&input).all(|(y, x)| *y == x * 2.0 + 1.0));

    let out = timed("REDUCE of 10^6 floats", || run_kernel0(&reduce_program, vec![float_array(&input)]).unwrap());
    let expected = input.iter().fold(0.0, |a, b| a + b);
    assert_eq!(out[0], FlatValue::Scalar(ScalarValue::Float(expected)));

    let out = timed("MAP-REDUCE (dot product) of 10^6 floats", || {
        run_kernel0(&dotp_program, vec![float_array(&input), float_array(&input)]).unwrap()
    });
    let expected = input.iter().map(|x| x * x).fold(0.0, |a, b| a + b);
    assert_eq!(out[0], FlatValue::Scalar(ScalarValue::Float(expected)));
}
