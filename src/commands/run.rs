//! `nessie run`: compile a program and print the value of each top-level form.
//!
//! Three backends, each a complete path from the typed program to its
//! output (none ever falls back to another):
//!
//! - `opencl`: flatten, fuse by `--schedule`, generate OpenCL, run the
//!   host program on the device of `--device` (`runtime::executor`);
//! - `interp`: the reference interpreter on the typed program;
//! - `flat`: the flat-IR evaluator on exactly the program `opencl` would
//!   run (flattened and fused by `--schedule`).

use std::io::Write;
use std::rc::Rc;
use std::time::{Duration, Instant};

use nesl_frontend::eval::Output;
use nesl_frontend::tast::Program;
use nesl_frontend::value::Value;

use runtime::cl::{BuildStats, ClError, CommandTiming, Session as DeviceSession};

use crate::cli::{Backend, CommonArgs, RunArgs, Schedule};
use crate::failure::Failure;
use crate::pipeline;
use crate::session::Session;

/// Where `run --backend opencl` gets its device session: a local run
/// opens one and closes it at the end ([`LocalDevice`]); `nessie serve`
/// lends one it keeps across runs (`crate::serve`), and keeps the programs
/// it compiled.
pub trait DeviceSource {
    /// The session on the device `spec` names, measuring device times as
    /// `timing` says, with an empty profile. Called while the program
    /// compiles on another thread.
    fn acquire(&mut self, spec: Option<&str>, timing: CommandTiming) -> Result<Lease<'_>, ClError>;

    /// The compilation of an earlier run of the same files with the same
    /// options, if one was kept.
    fn compiled(&mut self, _session: &Session, _args: &CommonArgs) -> Option<Rc<CompiledRun>> {
        None
    }

    /// Offers the compilation of this run, to keep for a later one.
    fn keep(&mut self, _compiled: &Rc<CompiledRun>) {}
}

/// A device session for one run.
pub enum Lease<'a> {
    /// Opened for this run, closed when the lease is dropped.
    Owned(Box<DeviceSession>),
    /// Kept by a server across runs: `builds` is what it had built before
    /// this run, so that `--stats` counts only this run's builds.
    Lent { session: &'a mut DeviceSession, builds: BuildStats },
}

impl Lease<'_> {
    fn session(&mut self) -> &mut DeviceSession {
        match self {
            Lease::Owned(session) => session,
            Lease::Lent { session, .. } => session,
        }
    }

    /// What building programs has cost this run.
    fn build_stats(&mut self) -> BuildStats {
        match self {
            Lease::Owned(session) => session.build_stats(),
            Lease::Lent { session, builds } => {
                let now = session.build_stats();
                BuildStats {
                    compiled: now.compiled.saturating_sub(builds.compiled),
                    from_cache: now.from_cache.saturating_sub(builds.from_cache),
                    seconds: (now.seconds - builds.seconds).max(0.0),
                }
            }
        }
    }
}

/// A local run's device: opened for the run, closed after it.
pub struct LocalDevice;

impl DeviceSource for LocalDevice {
    fn acquire(&mut self, spec: Option<&str>, timing: CommandTiming) -> Result<Lease<'_>, ClError> {
        DeviceSession::open_with(spec, timing).map(|session| Lease::Owned(Box::new(session)))
    }
}

/// A program compiled for the OpenCL backend, with everything a later run
/// of the same files needs to run it without compiling: the sources (for
/// diagnostics of faults), the typed program (for printing results), the
/// fused program and its kernels, and the compiler's warnings.
pub struct CompiledRun {
    /// Every file of the compilation: the user's, the prelude, loaded ones.
    pub sources: nesl_frontend::SourceMap,
    /// The user's file among `sources`.
    pub file: nesl_frontend::FileId,
    pub schedule: Schedule,
    pub ilp_time_limit: f64,
    program: Program,
    fused: fusion::Fused,
    compiled: opencl_backend::CompiledProgram,
    warnings: Vec<String>,
}

/// Runs the program of `session` as `args` say: its results to `out`,
/// warnings and `--stats` to `err`; the device of the OpenCL backend comes
/// from `devices`.
pub fn run(
    session: &mut Session,
    args: &RunArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
    devices: &mut dyn DeviceSource,
) -> Result<(), Failure> {
    let common = &args.common;
    let mut phases = Phases::start();
    if common.backend == Backend::Opencl {
        return run_opencl(session, common, out, err, devices, phases);
    }
    let front = pipeline::front_end(session, &mut pipeline::no_emit)?;
    phases.lap("front end (parse, check)");
    let program = &front.program;
    let mut printer = ResultPrinter { program, out };
    let result = match common.backend {
        Backend::Interp => {
            nesl_frontend::eval::run(program, &session.sources, &mut printer).map_err(|d| Failure::Program(vec![d]))
        }
        // (`opencl` ran above.)
        Backend::Flat | Backend::Opencl => {
            let flat = pipeline::flatten(session, program, &mut pipeline::no_emit)?;
            let mut warn = |warning: String| {
                let _ = writeln!(err, "warning: {warning}");
            };
            let fused = pipeline::fuse(&flat, common.schedule_kind(), &mut pipeline::no_emit, &mut warn)?;
            flatten::eval::run(&fused.program, &mut printer).map_err(Failure::from)
        }
    };
    let _ = printer.out.flush();
    if common.stats {
        let _ = writeln!(
            err,
            "note: --stats: `--backend {}` runs no device kernels; there are no statistics",
            common.backend.name()
        );
    }
    result
}

/// `run --backend opencl`: compiles the program (or takes the compilation
/// `devices` kept from an earlier run) and runs it on the device.
fn run_opencl(
    session: &mut Session,
    common: &CommonArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
    devices: &mut dyn DeviceSource,
    mut phases: Phases,
) -> Result<(), Failure> {
    // Device times only for `--stats` (note [cheap launches] in runtime's
    // `cl/launch.rs`).
    let timing = CommandTiming::for_run(common.stats);
    let kept = devices.compiled(session, common);
    let is_new = kept.is_none();
    let (entry, device) = match kept {
        Some(entry) => {
            session.sources = copy_sources(&entry.sources);
            phases.lap("compiling (kept from an earlier run of the same files)");
            let opened = Instant::now();
            let device = devices.acquire(common.device.as_deref(), timing);
            (entry, device.map(|device| (device, opened.elapsed().as_secs_f64())))
        }
        None => {
            let front = pipeline::front_end(session, &mut pipeline::no_emit)?;
            phases.lap("front end (parse, check)");
            let program = &front.program;
            // The device opens (NVIDIA's driver takes about 0.27 s) while
            // the program compiles: start-up costs the longer of the two.
            // A compile error still wins over a device error, as if the
            // device had never been asked for.
            let mut warnings = Vec::new();
            let (compiled, device) = std::thread::scope(|scope| {
                let compiler = std::thread::Builder::new()
                    .name("nessie-compile".into())
                    .stack_size(COMPILE_STACK_BYTES)
                    .spawn_scoped(scope, || compile_timed(session, program, common.schedule_kind(), &mut warnings));
                let opened = Instant::now();
                let device = devices.acquire(common.device.as_deref(), timing);
                let opened = opened.elapsed().as_secs_f64();
                let compiled = match compiler {
                    // A panic was recorded by the hook in main.rs, which
                    // prints it once this thread ends; it ends the run.
                    Ok(handle) => handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                    Err(e) => Err(Failure::Internal(format!("cannot start the compiler thread: {e}"))),
                };
                (compiled, device.map(|device| (device, opened)))
            });
            let (fused, compiled, compile_phases) = match compiled {
                Ok(compiled) => compiled,
                Err(failure) => {
                    for warning in &warnings {
                        let _ = writeln!(err, "warning: {warning}");
                    }
                    return Err(failure);
                }
            };
            for (name, seconds) in compile_phases {
                phases.push(name, seconds);
            }
            let entry = Rc::new(CompiledRun {
                sources: copy_sources(&session.sources),
                file: session.file,
                schedule: common.schedule,
                ilp_time_limit: common.ilp_time_limit,
                program: front.program,
                fused,
                compiled,
                warnings,
            });
            (entry, device)
        }
    };
    for warning in &entry.warnings {
        let _ = writeln!(err, "warning: {warning}");
    }
    let (mut device, opened) = device?;
    phases.push("opening the device (at the same time)", opened);
    phases.resume();
    let mut printer = ResultPrinter { program: &entry.program, out };
    // The host-side profile (`NESSIE_HOST_PROFILE=1`), printed with `--stats`.
    let host_profile = common.stats && runtime::cl::host_time::is_requested();
    runtime::cl::host_time::enable(host_profile);
    let started = Instant::now();
    let result = runtime::executor::run(&entry.fused.program, &entry.compiled.kernels, device.session(), &mut printer);
    let builds = device.build_stats();
    let host_program = started.elapsed().saturating_sub(Duration::from_secs_f64(builds.seconds));
    runtime::cl::host_time::enable_keeping(false);
    let _ = printer.out.flush();
    phases.split(
        &format!("building programs ({} compiled, {} from the binary cache)", builds.compiled, builds.from_cache),
        builds.seconds,
    );
    phases.lap("running the host program");
    // The table of what ran, also after a fault: it shows how far the program got.
    let stats = if common.stats { Some(device.session().stats()) } else { None };
    drop(device);
    phases.lap("closing the device");
    if is_new {
        devices.keep(&entry);
    }
    match stats {
        Some(Ok(stats)) => {
            let _ = stats.write_table(err);
            let memory = runtime::cl::buffer_memory();
            let _ = writeln!(
                err,
                "peak device memory {:>31} bytes in buffers ({} with released buffers kept for reuse)",
                memory.peak_bytes, memory.peak_held_bytes
            );
            let _ = phases.write_table(err);
            if host_profile {
                let _ = runtime::cl::host_time::write_table(err, host_program);
            }
        }
        Some(Err(e)) if result.is_ok() => return Err(e.into()),
        _ => {}
    }
    result.map_err(Failure::from)
}

/// A copy of `sources` (the texts are shared).
fn copy_sources(sources: &nesl_frontend::SourceMap) -> nesl_frontend::SourceMap {
    let mut copy = nesl_frontend::SourceMap::new();
    for (_, file) in sources.files() {
        copy.add(file.name.clone(), file.text.clone(), file.is_library);
    }
    copy
}

/// The wall time of each phase of `nessie run`, for `--stats`: what the
/// compiler and the driver cost around the program's own kernels. Phases
/// that overlap (compiling and opening the device) each show their own
/// time; the total is the wall time from start to end.
struct Phases {
    rows: Vec<(String, f64)>,
    started: Instant,
    last: Instant,
    /// Time already reported by [`Phases::split`] inside the current lap.
    split: f64,
}

impl Phases {
    fn start() -> Phases {
        let now = Instant::now();
        Phases { rows: Vec::new(), started: now, last: now, split: 0.0 }
    }

    /// Ends the phase called `name` now.
    fn lap(&mut self, name: &str) {
        let now = Instant::now();
        let seconds = (now - self.last).as_secs_f64() - self.split;
        self.rows.push((name.to_string(), seconds.max(0.0)));
        self.last = now;
        self.split = 0.0;
    }

    /// A phase measured elsewhere (another thread), outside the laps.
    fn push(&mut self, name: &str, seconds: f64) {
        self.rows.push((name.to_string(), seconds));
    }

    /// Starts the next lap now: the time since the last lap is covered by
    /// phases [`Phases::push`]ed from elsewhere.
    fn resume(&mut self) {
        self.last = Instant::now();
        self.split = 0.0;
    }

    /// Reports `seconds` of the current lap as a phase of its own, measured
    /// elsewhere (the driver's program builds inside the executor's run).
    fn split(&mut self, name: &str, seconds: f64) {
        self.rows.push((name.to_string(), seconds));
        self.split += seconds;
    }

    fn write_table(&self, out: &mut dyn Write) -> std::io::Result<()> {
        writeln!(out, "{:<60} {:>12}", "phase", "wall time")?;
        for (name, seconds) in &self.rows {
            writeln!(out, "{name:<60} {:>9.3} ms", seconds * 1e3)?;
        }
        let total = (self.last - self.started).as_secs_f64();
        writeln!(out, "{:<60} {:>9.3} ms", "total", total * 1e3)
    }
}

/// Prints results in the format of CONTRACT.md, in program order with the
/// program's own output.
pub struct ResultPrinter<'a> {
    pub program: &'a Program,
    pub out: &'a mut dyn Write,
}

impl Output for ResultPrinter<'_> {
    fn print(&mut self, text: &[u8]) {
        let _ = self.out.write_all(text);
    }

    fn item(&mut self, item: usize, value: &Value) {
        let line = self.program.format_item(&self.program.items[item], value);
        let _ = writeln!(self.out, "{line}");
    }
}

/// The stack of the thread that compiles while the device opens: flattening
/// and fusion recurse over the program, as the front end does (see
/// `STACK_BYTES` in main.rs). Only touched pages are committed.
const COMPILE_STACK_BYTES: usize = 1 << 30;

/// The fused program, its generated code, and how long each stage took.
type Compiled = (fusion::Fused, opencl_backend::CompiledProgram, Vec<(&'static str, f64)>);

/// Flattens, fuses and generates code, timing each stage.
fn compile_timed(
    session: &Session,
    program: &Program,
    schedule: fusion::ScheduleKind,
    warnings: &mut Vec<String>,
) -> Result<Compiled, Failure> {
    let mut phases = Vec::new();
    let mut lap = Instant::now();
    let mut time = |name: &'static str, phases: &mut Vec<(&'static str, f64)>| {
        phases.push((name, lap.elapsed().as_secs_f64()));
        lap = Instant::now();
    };
    let flat = pipeline::flatten(session, program, &mut pipeline::no_emit)?;
    time("flatten", &mut phases);
    let fused = pipeline::fuse(&flat, schedule, &mut pipeline::no_emit, &mut |warning| warnings.push(warning))?;
    time("fuse", &mut phases);
    let compiled = pipeline::codegen(&fused.program, &mut pipeline::no_emit)?;
    time("lift and OpenCL code generation", &mut phases);
    Ok((fused, compiled, phases))
}
