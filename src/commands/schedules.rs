//! `nessie schedules FILE`: compare fusion schedules.
//!
//! Flattens the program once, applies each schedule (`none`, `greedy`,
//! `ilp`) with [`fusion::schedules::compare`] and prints a table, one row
//! per schedule: the kernels of the fused program, the `run`s its host code
//! holds (each counted once, wherever it is), the ILP's objective, and the
//! estimated global-memory traffic as a formula of the host sizes (`#xs` is
//! the length of `xs`; a function's symbols are prefixed with its name).
//! Then, per schedule, each control region's clusters: which runs became
//! which kernel.
//!
//! With `--run`, each schedule is also compiled and run on the device: the
//! measured kernel time, and the bytes the kernels moved at the program's
//! actual sizes (the launch plans' count, as `--stats` shows it). The
//! program's output is not printed. A schedule the OpenCL backend cannot
//! compile shows why instead of its measurements.
//!
//! `--dot FILE` writes the program-dependence graphs of the schedule
//! `--schedule` names (default `ilp`), with its clusters, in Graphviz DOT.

use std::fmt::Write as _;
use std::io::Write;
use std::time::Duration;

use fusion::ScheduleKind;
use fusion::schedules::ScheduleRow;
use nesl_frontend::eval::Output;
use nesl_frontend::value::Value;

use crate::cli::{Backend, SchedulesArgs};
use crate::failure::Failure;
use crate::pipeline;
use crate::session::Session;

/// What `--run` measured of one schedule.
enum Measured {
    Ran {
        kernel_time: Duration,
        launches: u64,
        bytes_moved: u64,
    },
    /// The OpenCL backend does not compile this schedule's program yet.
    Unsupported(String),
}

pub fn schedules(session: &mut Session, args: &SchedulesArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let common = &args.common;
    if args.run && common.backend != Backend::Opencl {
        return Err(Failure::Usage(format!(
            "`--run` measures device time, which needs `--backend opencl` (not `{}`)",
            common.backend.name()
        )));
    }
    let front = pipeline::front_end(session, &mut pipeline::no_emit)?;
    let flat = pipeline::flatten(session, &front.program, &mut pipeline::no_emit)?;
    let ilp = match common.schedule_kind() {
        ilp @ ScheduleKind::Ilp { .. } => ilp,
        _ => ScheduleKind::Ilp { time_limit: Duration::from_secs_f64(common.ilp_time_limit) },
    };
    let rows = fusion::schedules::compare(&flat, &[ScheduleKind::None, ScheduleKind::Greedy, ilp])?;
    for row in &rows {
        for warning in row.fused.report.warnings() {
            pipeline::warn_on_stderr(format!("fusion ({}): {warning}", row.name()));
        }
    }
    let measured = if args.run { Some(measure(common.device.as_deref(), &rows)?) } else { None };
    let _ = out.write_all(table(&rows, measured.as_deref()).as_bytes());
    let _ = writeln!(out);
    let _ = out.write_all(clusters(&rows).as_bytes());
    if let Some(path) = &args.dot {
        let chosen = rows.iter().find(|r| r.schedule.name() == common.schedule_kind().name()).unwrap_or(&rows[2]);
        std::fs::write(path, chosen.dot())
            .map_err(|e| Failure::Usage(format!("cannot write `{}`: {e}", path.display())))?;
    }
    Ok(())
}

/// The table, one row per schedule.
fn table(rows: &[ScheduleRow], measured: Option<&[Measured]>) -> String {
    let mut header = vec!["schedule", "kernels", "runs", "ILP objective"];
    if measured.is_some() {
        header.extend(["device time", "launches", "bytes moved"]);
    }
    header.push("estimated traffic (bytes)");
    let mut lines: Vec<Vec<String>> = vec![header.iter().map(|h| h.to_string()).collect()];
    let mut notes = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let mut line = vec![
            row.name().to_string(),
            row.kernel_count.to_string(),
            row.run_count.to_string(),
            row.ilp_objective.map_or_else(|| "-".to_string(), |o| format!("{o}")),
        ];
        match measured.map(|m| &m[i]) {
            None => {}
            Some(Measured::Ran { kernel_time, launches, bytes_moved }) => line.extend([
                format!("{:.3} ms", kernel_time.as_secs_f64() * 1e3),
                launches.to_string(),
                bytes_moved.to_string(),
            ]),
            Some(Measured::Unsupported(why)) => {
                line.extend(["-".to_string(), "-".to_string(), "-".to_string()]);
                notes.push(format!("{}: not run: {why}", row.name()));
            }
        }
        line.push(traffic_by_function(row));
        lines.push(line);
    }
    let columns = lines[0].len();
    let widths: Vec<usize> =
        (0..columns).map(|c| lines.iter().map(|l| l[c].chars().count()).max().unwrap_or(0)).collect();
    let mut text = String::new();
    for line in &lines {
        let mut cells = Vec::new();
        for (c, cell) in line.iter().enumerate() {
            let width = widths[c];
            // Names left, numbers right, the formula (last) as it is.
            if c == 0 {
                cells.push(format!("{cell:<width$}"));
            } else if c + 1 == columns {
                cells.push(cell.clone());
            } else {
                cells.push(format!("{cell:>width$}"));
            }
        }
        let _ = writeln!(text, "{}", cells.join("  ").trim_end());
    }
    for note in notes {
        let _ = writeln!(text, "{note}");
    }
    text
}

/// Each schedule's clusters, region by region: the kernel each cluster
/// became and the runs it holds.
fn clusters(rows: &[ScheduleRow]) -> String {
    let mut text = String::new();
    for row in rows {
        let report = &row.fused.report;
        let _ =
            writeln!(text, "{}: {}, {}", row.name(), count(row.kernel_count, "kernel"), count(row.run_count, "run"));
        for region in &report.regions {
            let runs = region.pdg.nodes.len();
            let kernels = region.schedule.kernel_count();
            let _ = writeln!(text, "  {}: {} in {}", region.place(), count(runs, "run"), count(kernels, "kernel"));
            for (cluster, kernel) in region.schedule.clusters.iter().zip(&region.cluster_kernels) {
                let members: Vec<&str> = cluster.iter().map(|&n| region.pdg.nodes[n].kernel_name.as_str()).collect();
                if members.len() == 1 && members[0] == kernel {
                    let _ = writeln!(text, "    {kernel}");
                } else {
                    let _ = writeln!(text, "    {kernel} = {{{}}}", members.join(", "));
                }
            }
        }
    }
    text
}

/// The traffic formula of each host function that runs kernels, as
/// `norm2: 32·#xs + 16; main: 8·#r1 + 16` (every run counted once).
fn traffic_by_function(row: &ScheduleRow) -> String {
    let parts: Vec<String> = row
        .traffic
        .functions
        .iter()
        .filter(|f| !f.total.is_zero())
        .map(|f| format!("{}: {}", f.function, f.formula()))
        .collect();
    if parts.is_empty() { "0".to_string() } else { parts.join("; ") }
}

/// `1 run`, `2 runs`.
fn count(n: usize, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

/// Compiles and runs each schedule's program on the device.
fn measure(device: Option<&str>, rows: &[ScheduleRow]) -> Result<Vec<Measured>, Failure> {
    let mut device = runtime::cl::Session::open(device)?;
    let mut measured = Vec::new();
    for row in rows {
        let compiled = match pipeline::codegen(&row.fused.program, &mut pipeline::no_emit) {
            Ok(compiled) => compiled,
            Err(Failure::Unsupported { what, place }) => {
                measured.push(Measured::Unsupported(format!("not supported yet: {what} ({place})")));
                continue;
            }
            Err(other) => return Err(other),
        };
        device.reset_stats()?;
        runtime::executor::run(&row.fused.program, &compiled.kernels, &mut device, &mut Discard)?;
        let totals = device.stats()?.kernel_totals();
        measured.push(Measured::Ran {
            kernel_time: totals.device_time(),
            launches: totals.launches,
            bytes_moved: totals.bytes_moved,
        });
    }
    Ok(measured)
}

/// Output that goes nowhere: `--run` measures, it does not print results.
struct Discard;

impl Output for Discard {
    fn print(&mut self, _: &[u8]) {}

    fn item(&mut self, _: usize, _: &Value) {}
}
