//! The examples (`examples/*.nesl`), flattened and run by the flat-IR
//! evaluator, print what the reference interpreter prints, but for the
//! seconds `time` measured. They are large (up to a million elements), so
//! they run only with `--ignored` (in release builds:
//! `cargo test --release -p flatten --test integration flatten_examples --
//! --ignored`).

use std::path::Path;

use nesl_frontend::eval::Output;
use nesl_frontend::tast::Program;
use nesl_frontend::value::Value;
use nesl_frontend::{SourceMap, Type};

struct Recorder<'a> {
    program: &'a Program,
    lines: Vec<String>,
}

impl Output for Recorder<'_> {
    fn print(&mut self, text: &[u8]) {
        self.lines.push(String::from_utf8_lossy(text).into_owned());
    }

    fn item(&mut self, item: usize, value: &Value) {
        let item = &self.program.items[item];
        let value = without_seconds(value, self.program.item_type(item));
        self.lines.push(self.program.format_item(item, &value));
    }
}

// SAFETY of Send: the recorder holds a shared reference to the program,
// which outlives the interpreter's thread.
unsafe impl Send for Recorder<'_> {}

/// The examples print `(results..., seconds)`: the seconds differ from run
/// to run, so they are replaced by zero.
fn without_seconds(value: &Value, ty: &Type) -> Value {
    match (value, ty) {
        (Value::Pair(pair), Type::Pair(_, rest)) => match (&pair.1, &**rest) {
            (Value::Float(_), Type::Float) => Value::pair(pair.0.clone(), Value::Float(0.0)),
            (inner, rest) => Value::pair(pair.0.clone(), without_seconds(inner, rest)),
        },
        _ => value.clone(),
    }
}

fn run_example(name: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples").join(name);
    let text = std::fs::read_to_string(&path).expect("the example exists");
    let mut sources = SourceMap::new();
    let file = sources.add(path.display().to_string(), text, false);
    let program = nesl_frontend::compile(&mut sources, file).expect("the example compiles").program;
    let mut expected = Recorder { program: &program, lines: Vec::new() };
    nesl_frontend::eval::run(&program, &sources, &mut expected).expect("the interpreter runs the example");
    let flat = flatten::flatten_program(&program, &sources).expect("the example flattens");
    let mut actual = Recorder { program: &program, lines: Vec::new() };
    flatten::eval::run(&flat, &mut actual).expect("the flat program runs");
    assert_eq!(actual.lines, expected.lines);
}

#[test]
#[ignore = "large: run with --ignored, in release"]
fn dotp() {
    run_example("dotp.nesl");
}

#[test]
#[ignore = "large: run with --ignored, in release"]
fn norm2() {
    run_example("norm2.nesl");
}

#[test]
#[ignore = "large: run with --ignored, in release"]
fn sparse_mxv() {
    run_example("sparse_mxv.nesl");
}

#[test]
#[ignore = "large: run with --ignored, in release"]
fn line_fit() {
    run_example("line_fit.nesl");
}

#[test]
#[ignore = "large: run with --ignored, in release"]
fn black_scholes() {
    run_example("black_scholes.nesl");
}

#[test]
#[ignore = "large: run with --ignored, in release"]
fn primes() {
    run_example("primes.nesl");
}

#[test]
#[ignore = "large: run with --ignored, in release"]
fn quicksort() {
    run_example("quicksort.nesl");
}

#[test]
#[ignore = "large: run with --ignored, in release"]
fn quickhull() {
    run_example("quickhull.nesl");
}
