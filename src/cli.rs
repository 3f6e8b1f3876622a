//! The command line of CONTRACT.md, as `clap` definitions.

use std::path::PathBuf;

use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};
use fusion::ScheduleKind;

#[derive(Debug, Parser)]
#[command(
    name = "nessie",
    version,
    about = "Compile NESL (nested data parallelism) to OpenCL and run it",
    after_help = "Exit status: 0 success, 1 the program does not compile, 2 bad command line, \
                  3 the program failed while running, 4 the environment failed (OpenCL)."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Compile and run a NESL program, printing the value of each top-level form.
    Run(RunArgs),
    /// Write the generated OpenCL kernels and host plan to a directory.
    Compile(CompileArgs),
    /// Compare fusion schedules (none / greedy / ilp).
    Schedules(SchedulesArgs),
    /// List OpenCL platforms and devices, marking the default.
    Devices(DevicesArgs),
    /// Keep an OpenCL device open and run programs for `nessie run` over a Unix socket, so
    /// that a run does not pay for opening the driver (see `run --server`).
    Serve(ServeArgs),
}

/// Options of `serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The device to keep open (runs may name others, opened at their first run): an index,
    /// or a substring of the platform or device name.
    #[arg(long, env = "NESSIE_DEVICE")]
    pub device: Option<String>,
    /// The socket to serve on. Default: `$XDG_RUNTIME_DIR/nessie.sock`, else
    /// `/tmp/nessie-$UID/nessie.sock`.
    #[arg(long, env = "NESSIE_SERVER", value_name = "PATH")]
    pub socket: Option<PathBuf>,
    /// Ask the server on the socket to stop, instead of serving.
    #[arg(long)]
    pub stop: bool,
}

/// Options of `devices`.
#[derive(Debug, Args)]
pub struct DevicesArgs {
    /// The device to mark (and measure): an index, or a substring of the platform or device name.
    #[arg(long, env = "NESSIE_DEVICE")]
    pub device: Option<String>,
    /// Also measure the marked device's copy bandwidth (1 GiB, read plus write), the ceiling
    /// against which `--stats` bandwidths are judged.
    #[arg(long)]
    pub bandwidth: bool,
}

/// Options shared by `run`, `compile` and `schedules`.
#[derive(Debug, Args)]
pub struct CommonArgs {
    /// The NESL source file.
    pub file: PathBuf,
    /// Where the program runs: compiled to OpenCL, in the reference interpreter, or in the
    /// flat-IR evaluator.
    #[arg(long, value_enum, default_value_t = Backend::default())]
    pub backend: Backend,
    /// The OpenCL device: an index from `nessie devices`, or a substring of the
    /// platform or device name (`nvidia`, `pocl`, `cpu`).
    #[arg(long, env = "NESSIE_DEVICE")]
    pub device: Option<String>,
    /// The fusion schedule: the ILP's optimum, Kennedy's greedy fusion, or
    /// every kernel alone.
    #[arg(long, value_enum, default_value_t = Schedule::Ilp)]
    pub schedule: Schedule,
    /// The time the ILP solver may take for the whole program; at the limit
    /// each region keeps the best schedule found (at least the greedy one),
    /// with a warning.
    #[arg(long, value_name = "SECONDS", default_value_t = fusion::DEFAULT_ILP_TIME_LIMIT.as_secs_f64(),
          value_parser = parse_seconds)]
    pub ilp_time_limit: f64,
    /// After the results, print per-kernel launch statistics to stderr (launches, device time,
    /// bytes moved; `--backend opencl`).
    #[arg(long)]
    pub stats: bool,
}

#[derive(Debug, Args)]
pub struct RunArgs {
    #[command(flatten)]
    pub common: CommonArgs,
    /// Run on a `nessie serve` server (`--backend opencl`): the one of `NESSIE_SERVER`, else
    /// the default socket; exit 4 if none answers. Without this option a run uses the server
    /// of `NESSIE_SERVER` if that is set, and runs by itself if the server does not answer.
    #[arg(long)]
    pub server: bool,
}

impl Schedule {
    /// The schedule's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Schedule::Ilp => "ilp",
            Schedule::Greedy => "greedy",
            Schedule::None => "none",
        }
    }

    /// The schedule of a name on the command line.
    pub fn from_name(name: &str) -> Option<Schedule> {
        [Schedule::Ilp, Schedule::Greedy, Schedule::None].into_iter().find(|s| s.name() == name)
    }
}

#[derive(Debug, Args)]
pub struct CompileArgs {
    #[command(flatten)]
    pub common: CommonArgs,
    /// The directory to write the `.cl` files and `plan.json` to (created if missing).
    #[arg(short = 'o', long = "output", value_name = "DIR")]
    pub out_dir: PathBuf,
    /// Also write the IR of a stage to DIR (repeatable).
    #[arg(long, value_enum)]
    pub emit: Vec<Stage>,
}

#[derive(Debug, Args)]
pub struct SchedulesArgs {
    #[command(flatten)]
    pub common: CommonArgs,
    /// Also compile and run each schedule on the device: measured kernel
    /// time, launches and bytes moved (the program's output is not printed).
    #[arg(long)]
    pub run: bool,
    /// Write the program-dependence graphs with the clusters of `--schedule`
    /// (default `ilp`) as Graphviz DOT.
    #[arg(long, value_name = "FILE")]
    pub dot: Option<PathBuf>,
}

impl CommonArgs {
    /// The fusion schedule the options ask for.
    pub fn schedule_kind(&self) -> ScheduleKind {
        match self.schedule {
            Schedule::Ilp => ScheduleKind::Ilp { time_limit: Duration::from_secs_f64(self.ilp_time_limit) },
            Schedule::Greedy => ScheduleKind::Greedy,
            Schedule::None => ScheduleKind::None,
        }
    }
}

/// `--ilp-time-limit`: a finite, non-negative number of seconds.
fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if (0.0..=1e9).contains(&s) => Ok(s),
        Ok(_) => Err("expected a number of seconds between 0 and 1e9".to_string()),
        Err(e) => Err(format!("expected a number of seconds: {e}")),
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum Backend {
    /// Compile to OpenCL (flatten, fuse by `--schedule`, generate code) and
    /// run on the device of `--device`.
    #[default]
    Opencl,
    /// The reference interpreter (the oracle).
    Interp,
    /// The flat-IR evaluator: exactly the program the OpenCL backend would
    /// run (flattened, then fused by `--schedule`; `--schedule none` is the
    /// program as flattening left it), run sequentially on the CPU. The
    /// oracle for flattening and fusion.
    Flat,
}

impl Backend {
    pub fn name(self) -> &'static str {
        match self {
            Backend::Opencl => "opencl",
            Backend::Interp => "interp",
            Backend::Flat => "flat",
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Schedule {
    /// The optimal schedule of the fusion ILP (Robinson et al.), solved per
    /// control region within `--ilp-time-limit`.
    Ilp,
    /// Kennedy's greedy weighted fusion.
    Greedy,
    /// No fusion: every kernel alone.
    None,
}

/// A stage whose IR `compile --emit` can write.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Stage {
    Ast,
    Typed,
    Flat,
    Fused,
    Lift,
    LiftLow,
    Opencl,
}

impl Stage {
    /// The stage's name on the command line and in file names.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Ast => "ast",
            Stage::Typed => "typed",
            Stage::Flat => "flat",
            Stage::Fused => "fused",
            Stage::Lift => "lift",
            Stage::LiftLow => "lift-low",
            Stage::Opencl => "opencl",
        }
    }
}
