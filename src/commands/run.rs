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
use std::time::Instant;

use nesl_frontend::eval::Output;
use nesl_frontend::tast::Program;
use nesl_frontend::value::Value;

use crate::cli::{Backend, RunArgs};
use crate::failure::Failure;
use crate::pipeline;
use crate::session::Session;

pub fn run(session: &mut Session, args: &RunArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let common = &args.common;
    let mut phases = Phases::start();
    let front = pipeline::front_end(session, &mut pipeline::no_emit)?;
    phases.lap("front end (parse, check)");
    let program = &front.program;
    let mut printer = ResultPrinter { program, out };
    let result = match common.backend {
        Backend::Interp => {
            nesl_frontend::eval::run(program, &session.sources, &mut printer).map_err(|d| Failure::Program(vec![d]))
        }
        Backend::Flat => {
            let flat = pipeline::flatten(session, program, &mut pipeline::no_emit)?;
            let fused =
                pipeline::fuse(&flat, common.schedule_kind(), &mut pipeline::no_emit, &mut pipeline::warn_on_stderr)?;
            flatten::eval::run(&fused.program, &mut printer).map_err(Failure::from)
        }
        Backend::Opencl => {
            let flat = pipeline::flatten(session, program, &mut pipeline::no_emit)?;
            phases.lap("flatten");
            let fused =
                pipeline::fuse(&flat, common.schedule_kind(), &mut pipeline::no_emit, &mut pipeline::warn_on_stderr)?;
            phases.lap("fuse");
            let compiled = pipeline::codegen(&fused.program, &mut pipeline::no_emit)?;
            phases.lap("lift and OpenCL code generation");
            let mut device = runtime::cl::Session::open(common.device.as_deref())?;
            phases.lap("opening the device");
            let result = runtime::executor::run(&fused.program, &compiled.kernels, &mut device, &mut printer);
            let _ = printer.out.flush();
            let builds = device.build_stats();
            phases.split(
                &format!(
                    "building programs ({} compiled, {} from the binary cache)",
                    builds.compiled, builds.from_cache
                ),
                builds.seconds,
            );
            phases.lap("running the host program");
            if common.stats {
                // The table of what ran, also after a fault: it shows how far the program got.
                match device.stats() {
                    Ok(stats) => {
                        let stderr = std::io::stderr();
                        let mut stderr = stderr.lock();
                        let _ = stats.write_table(&mut stderr);
                        let memory = runtime::cl::buffer_memory();
                        let _ = writeln!(stderr, "peak device memory {:>31} bytes in buffers", memory.peak_bytes);
                        let _ = phases.write_table(&mut stderr);
                    }
                    Err(e) if result.is_ok() => return Err(e.into()),
                    Err(_) => {}
                }
            }
            result.map_err(Failure::from)
        }
    };
    let _ = printer.out.flush();
    if common.stats && common.backend != Backend::Opencl {
        eprintln!(
            "note: --stats: `--backend {}` runs no device kernels; there are no statistics",
            common.backend.name()
        );
    }
    result
}

/// The wall time of each phase of `nessie run`, for `--stats`: what the
/// compiler and the driver cost around the program's own kernels.
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
