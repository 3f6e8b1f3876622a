//! The evaluator on 10^6 elements: a MAP and a REDUCE (and the fused
//! MAP-REDUCE of λcu's dot product), checked for their values and timed.
//! The timings print with `--nocapture`; run with `--release` for the
//! numbers worth quoting.

use std::time::Instant;

use crate::common::*;
use flatten::eval::{FlatValue, ScalarValue};
use flatten::ir::{BinaryOp, Const, GExpr, Soac};

const N: usize = 1_000_000;

/// How many times each kernel runs (once in a debug build, which is not
/// worth timing); the report gives the fastest wall time and the mean CPU
/// time (the machine may be shared).
const RUNS: u32 = if cfg!(debug_assertions) { 1 } else { 5 };

/// The CPU time this thread has used, from `/proc/thread-self/stat` (user
/// plus system, in clock ticks of 1/100 s), where Linux provides it.
fn thread_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // The fields after the command name, which is in parentheses.
    let fields: Vec<&str> = stat[stat.rfind(')')? + 2..].split(' ').collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

fn timed<T>(what: &str, mut run: impl FnMut() -> T) -> T {
    let mut fastest = f64::INFINITY;
    let cpu_before = thread_cpu_seconds();
    let mut result = None;
    for _ in 0..RUNS {
        let start = Instant::now();
        result = Some(run());
        fastest = fastest.min(start.elapsed().as_secs_f64());
    }
    let cpu = match (cpu_before, thread_cpu_seconds()) {
        (Some(before), Some(after)) => format!(", CPU {:.0} ms per run", (after - before) * 1e3 / f64::from(RUNS)),
        _ => String::new(),
    };
    println!("{what}: fastest {:.1} ms{cpu}", fastest * 1e3);
    result.expect("at least one run")
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
