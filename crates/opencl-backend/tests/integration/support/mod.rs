//! Shared by the backend's tests: compile a NESL program through the whole
//! pipeline (front end, flattening, fusion with the ILP schedule or none,
//! code generation) and run it both on the OpenCL executor (PoCL in CI, or
//! `NESSIE_DEVICE`) and on the flat-IR evaluator, the oracle.

#![allow(dead_code)]

pub mod preprocess;

use std::rc::Rc;

use flatten::ir::FlatProgram;
use nesl_frontend::SourceMap;
use nesl_frontend::eval::Output;
use nesl_frontend::tast::Program;
use nesl_frontend::value::Value;
use opencl_backend::{CodegenError, CompiledProgram};

/// The pipeline up to the fused flat program.
pub fn flat_program(source: &str, schedule: fusion::ScheduleKind) -> Result<(Program, FlatProgram), String> {
    let mut sources = SourceMap::new();
    let file = sources.add("test.nesl", source, false);
    let program = nesl_frontend::compile(&mut sources, file).map_err(|d| d[0].render(&sources, false))?.program;
    let flat = flatten::flatten_program(&program, &sources).map_err(|e| format!("flatten: {e}"))?;
    let fused = fusion::fuse(&flat, schedule).map_err(|e| format!("fusion: {e}"))?;
    Ok((program, fused.program))
}

/// What a run printed: the program's output and items, then `fault: ...`
/// if it faulted. With `mask_time`, the last component of every item is
/// zeroed when it is a float (the seconds of `time`).
struct Transcript<'a> {
    program: &'a Program,
    text: String,
    mask_time: bool,
}

fn mask(value: &Value) -> Value {
    match value {
        Value::Pair(pair) => Value::Pair(Rc::new((pair.0.clone(), mask(&pair.1)))),
        Value::Float(_) => Value::Float(0.0),
        other => other.clone(),
    }
}

impl Output for Transcript<'_> {
    fn print(&mut self, text: &[u8]) {
        self.text.push_str(&String::from_utf8_lossy(text));
    }

    fn item(&mut self, item: usize, value: &Value) {
        let value = if self.mask_time { mask(value) } else { value.clone() };
        let line = self.program.format_item(&self.program.items[item], &value);
        self.text.push_str(&line);
        self.text.push('\n');
    }
}

#[derive(Debug)]
pub enum Outcome {
    /// Both ran and printed the same; the transcript.
    Agree(String),
    /// The backend does not compile the program yet: why.
    Unsupported(String),
    /// The program does not get to code generation (it does not compile,
    /// or the flattener or fusion do not support it): why.
    NotCompiled(String),
    /// A wrong answer or a failure of the backend: what happened.
    Wrong(String),
}

/// Compiles `source` and runs it on both.
pub fn outcome(source: &str, schedule: fusion::ScheduleKind) -> Outcome {
    outcome_with(source, schedule, &opencl_backend::config_from_env())
}

/// [`outcome`] with the rewrite configuration `cfg`.
pub fn outcome_with(source: &str, schedule: fusion::ScheduleKind, cfg: &lift_ir::rules::Config) -> Outcome {
    outcome_in(&mut session(), source, schedule, cfg)
}

/// [`outcome_with`] on `session`.
pub fn outcome_in(
    session: &mut runtime::cl::Session,
    source: &str,
    schedule: fusion::ScheduleKind,
    cfg: &lift_ir::rules::Config,
) -> Outcome {
    let (program, flat) = match flat_program(source, schedule) {
        Ok(p) => p,
        Err(e) => return Outcome::NotCompiled(e),
    };
    let compiled = match opencl_backend::compile_program_with(&flat, cfg) {
        Ok(c) => c,
        Err(CodegenError::Unsupported { kernel, what }) => {
            return Outcome::Unsupported(format!("{what} (in `{kernel}`)"));
        }
        Err(e) => return Outcome::Wrong(format!("{e}\n{}", flatten::ir::print::print_program(&flat))),
    };
    // NESSIE_TEST_DUMP=DIR keeps the Lift and the C of the last compile.
    if let Ok(dir) = std::env::var("NESSIE_TEST_DUMP") {
        let _ = std::fs::write(format!("{dir}/lift.txt"), format!("{}\n{}", compiled.lift, compiled.lift_low));
        let _ = std::fs::write(format!("{dir}/opencl.cl"), compiled.opencl());
    }
    compare(session, &program, &flat, &compiled, source.contains("time("))
}

/// Compiles `source` and runs it on both; panics unless they agree or the
/// backend says what it does not support.
pub fn run_both(source: &str, schedule: fusion::ScheduleKind) -> Outcome {
    run_both_with(source, schedule, &opencl_backend::config_from_env())
}

/// [`run_both`] with the rewrite configuration `cfg`.
pub fn run_both_with(source: &str, schedule: fusion::ScheduleKind, cfg: &lift_ir::rules::Config) -> Outcome {
    match outcome_with(source, schedule, cfg) {
        Outcome::Wrong(e) | Outcome::NotCompiled(e) => panic!("{e}"),
        other => other,
    }
}

/// The transcript of `source` under `cfg` (the ILP schedule) where both
/// ran and agreed; panics on anything else, an unsupported construct
/// included.
pub fn agrees_with(source: &str, cfg: &lift_ir::rules::Config) -> String {
    match run_both_with(source, fusion::ScheduleKind::ilp(), cfg) {
        Outcome::Agree(text) => text,
        Outcome::Unsupported(what) => panic!("unsupported: {what}"),
        _ => unreachable!("run_both_with panics on the other outcomes"),
    }
}

// Note [one oracle, many configurations]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// Many tests run one program under several rewrite configurations (the
// lowerings of a segmented reduction, batches, group sizes, caps). The
// configuration is read by code generation alone: the program up to the
// fused flat program, and so the flat-IR evaluator's transcript, are the
// same under every one. The evaluator is sequential and, on the hundreds
// of thousands of elements these tests take to cross tiles and bounds,
// seconds of CI's CPU a run; so such a test builds the program and runs
// the evaluator once ([`Oracle::new`]) and compares each configuration's
// device run with that one transcript ([`Oracle::agree`]). Every device
// run is still checked against the evaluator, in a session of its own.

/// A program up to the fused flat program, with the evaluator's
/// transcript (note [one oracle, many configurations]).
pub struct Oracle {
    pub program: Program,
    pub flat: FlatProgram,
    mask_time: bool,
    /// What the evaluator printed, then `fault: ...` if it faulted.
    transcript: String,
}

impl Oracle {
    /// Compiles `source` with the ILP schedule and runs the evaluator;
    /// panics where the program does not get to code generation or the
    /// evaluator fails (not a fault of the program).
    pub fn new(source: &str) -> Oracle {
        let (program, flat) = flat_program(source, fusion::ScheduleKind::ilp()).unwrap_or_else(|e| panic!("{e}"));
        let mask_time = source.contains("time(");
        let transcript = evaluate(&program, &flat, mask_time).unwrap_or_else(|e| panic!("{e}"));
        Oracle { program, flat, mask_time, transcript }
    }

    /// Generates code under `cfg` and runs it in a session of its own:
    /// the transcript where it agrees with the evaluator's; panics on
    /// anything else, naming `cfg`.
    pub fn agree(&self, cfg: &lift_ir::rules::Config) -> String {
        self.agree_in(&mut session(), cfg)
    }

    /// [`Oracle::agree`] on `session`.
    pub fn agree_in(&self, session: &mut runtime::cl::Session, cfg: &lift_ir::rules::Config) -> String {
        let compiled = opencl_backend::compile_program_with(&self.flat, cfg).unwrap_or_else(|e| panic!("{cfg:?}: {e}"));
        match self.compare(session, &compiled) {
            Outcome::Agree(text) => text,
            other => panic!("{cfg:?}: {other:?}"),
        }
    }

    /// Runs `compiled` (code generated for this program) on `session`
    /// and compares its transcript with the evaluator's.
    pub fn compare(&self, session: &mut runtime::cl::Session, compiled: &CompiledProgram) -> Outcome {
        against(session, &self.program, &self.flat, compiled, self.mask_time, &self.transcript)
    }
}

/// The evaluator's transcript of `flat`: what it printed, then `fault:
/// ...` if the program faulted; an error where the evaluator failed.
fn evaluate(program: &Program, flat: &FlatProgram, mask_time: bool) -> Result<String, String> {
    let mut oracle = Transcript { program, text: String::new(), mask_time };
    if let Err(e) = flatten::eval::run(flat, &mut oracle) {
        match e {
            flatten::eval::EvalError::Fault(d) => oracle.text.push_str(&format!("fault: {}\n", d.message)),
            other => return Err(format!("the evaluator failed: {other}")),
        }
    }
    Ok(oracle.text)
}

/// Runs `compiled` on `session` and compares its transcript with the
/// evaluator's, `expected`.
fn against(
    session: &mut runtime::cl::Session,
    program: &Program,
    flat: &FlatProgram,
    compiled: &CompiledProgram,
    mask_time: bool,
    expected: &str,
) -> Outcome {
    let mut device = Transcript { program, text: String::new(), mask_time };
    if let Err(e) = runtime::executor::run(flat, &compiled.kernels, session, &mut device) {
        match e {
            runtime::executor::ExecError::Fault(d) => device.text.push_str(&format!("fault: {}\n", d.message)),
            other => {
                return Outcome::Wrong(format!(
                    "the executor failed: {other:?}\n{}\n{}\n{}",
                    compiled.lift_low,
                    compiled.opencl(),
                    flatten::ir::print::print_program(flat)
                ));
            }
        }
    }
    if !same_up_to_rounding(&device.text, expected) {
        return Outcome::Wrong(format!(
            "the device and the evaluator disagree\ndevice: {}\noracle: {}\n{}",
            device.text, expected, compiled.lift_low
        ));
    }
    Outcome::Agree(device.text)
}

/// Runs `compiled` on `session` and the evaluator on `flat`, and compares
/// their transcripts.
pub fn compare(
    session: &mut runtime::cl::Session,
    program: &Program,
    flat: &FlatProgram,
    compiled: &CompiledProgram,
    mask_time: bool,
) -> Outcome {
    match evaluate(program, flat, mask_time) {
        Ok(expected) => against(session, program, flat, compiled, mask_time, &expected),
        Err(e) => Outcome::NotCompiled(e),
    }
}

pub fn session() -> runtime::cl::Session {
    let spec = std::env::var("NESSIE_DEVICE").ok();
    let mut session = runtime::cl::Session::open(spec.as_deref()).unwrap_or_else(|e| {
        panic!("these tests need an OpenCL device (PoCL: apt-get install pocl-opencl-icd ocl-icd-libopencl1): {e}")
    });
    session.set_extra_build_options(&test_build_options(spec.as_deref()));
    session
}

/// The OpenCL build options of these tests: `NESSIE_TEST_CL_OPTIONS` if
/// set (empty: the driver's defaults), else `-cl-opt-disable` on the
/// default device, as tests/programs.rs's trials build. PoCL compiles
/// unoptimised kernels about three times faster, and its compiles are most
/// of these tests' time on CI's two cores; optimised builds are still
/// tested by tests/programs' examples and on the GPU (`NESSIE_DEVICE`).
pub fn test_build_options(device: Option<&str>) -> String {
    match std::env::var("NESSIE_TEST_CL_OPTIONS") {
        Ok(options) => options,
        Err(_) if device.is_none() => "-cl-opt-disable".to_string(),
        Err(_) => String::new(),
    }
}

pub fn example(name: &str) -> String {
    let path = format!("{}/../../examples/{name}.nesl", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Whether two transcripts are equal except for floats that differ by a
/// relative 1e-9: a parallel reduction adds in another order than the
/// sequential evaluator, which changes the last bits of inexact sums.
/// Everything else (ints, text, the number of values) must be equal.
pub fn same_up_to_rounding(a: &str, b: &str) -> bool {
    let (ta, tb) = (tokens(a), tokens(b));
    ta.len() == tb.len()
        && ta.iter().zip(&tb).all(|(x, y)| {
            x == y
                || match (x.parse::<f64>(), y.parse::<f64>()) {
                    (Ok(p), Ok(q)) if x.contains(['.', 'e']) && y.contains(['.', 'e']) => {
                        (p - q).abs() <= 1e-9 * p.abs().max(q.abs())
                    }
                    _ => false,
                }
        })
}

/// Numbers (with sign, point and exponent) and single other characters.
fn tokens(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        if chars[i].is_ascii_digit() || (chars[i] == '-' && chars.get(i + 1).is_some_and(|c| c.is_ascii_digit())) {
            i += 1;
            while i < chars.len()
                && (chars[i].is_ascii_digit()
                    || chars[i] == '.'
                    || chars[i] == 'e'
                    || (chars[i] == '-' && chars[i - 1] == 'e'))
            {
                i += 1;
            }
        } else {
            i += 1;
        }
        out.push(chars[start..i].iter().collect());
    }
    out
}

// Note [a process of its own]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~
// PoCL builds one kernel at a time within a process (its compiler lock,
// held through the link of each kernel's shared object), so two test
// threads that build kernels in one process take turns on one core: this
// binary's tests used one of CI's two cores. A test that builds kernels
// starts with `support::own_process!()`: it runs again in a child process,
// this binary filtered to the test alone, and its builds go on beside those
// of the other test thread's child. The child's output is printed through
// the test's own capture, shown when the test fails.

/// The environment variable that marks a test's own process.
const OWN_PROCESS: &str = "NESSIE_TEST_OWN_PROCESS";

/// Runs the calling test in a process of its own (note [a process of its
/// own]): true where it ran there and passed (the caller returns), false
/// in that process, where the test goes on; panics where it failed.
pub fn run_in_own_process() -> bool {
    if std::env::var_os(OWN_PROCESS).is_some() {
        return false;
    }
    let name = std::thread::current().name().expect("libtest names a test's thread after the test").to_string();
    let binary = std::env::current_exe().expect("the test binary");
    let output = std::process::Command::new(binary)
        // `--include-ignored`: an ignored test run on demand runs there too.
        .args([name.as_str(), "--exact", "--include-ignored", "--nocapture", "--test-threads=1"])
        .env(OWN_PROCESS, "1")
        .output()
        .expect("the test binary runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    print!("{stdout}");
    eprint!("{}", String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{name} failed in its own process ({})", output.status);
    assert!(stdout.contains("test result: ok. 1 passed"), "{name} did not run in its own process");
    true
}

/// Runs the rest of the calling test in a process of its own (note [a
/// process of its own]).
macro_rules! own_process {
    () => {
        if $crate::support::run_in_own_process() {
            return;
        }
    };
}

pub(crate) use own_process;
