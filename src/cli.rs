//! The command line of CONTRACT.md, as `clap` definitions.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

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
    /// Where the program runs: compiled to OpenCL, or the reference interpreter.
    #[arg(long, value_enum, default_value_t = Backend::default())]
    pub backend: Backend,
    /// The OpenCL device: an index from `nessie devices`, or a substring of the
    /// platform or device name (`nvidia`, `pocl`, `cpu`).
    #[arg(long, env = "NESSIE_DEVICE")]
    pub device: Option<String>,
    /// The fusion schedule.
    #[arg(long, value_enum, default_value_t = Schedule::Ilp)]
    pub schedule: Schedule,
    /// After the results, print per-kernel launch statistics to stderr.
    #[arg(long)]
    pub stats: bool,
}

#[derive(Debug, Args)]
pub struct RunArgs {
    #[command(flatten)]
    pub common: CommonArgs,
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
    /// Also run each schedule on the device and report its measured time.
    #[arg(long)]
    pub run: bool,
    /// Write the program-dependence graph with the chosen clusters as Graphviz DOT.
    #[arg(long, value_name = "FILE")]
    pub dot: Option<PathBuf>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum Backend {
    /// Compile to OpenCL and run on a device.
    Opencl,
    /// The reference interpreter (the oracle).
    #[default]
    Interp,
    /// The flat-IR evaluator: the program flattened (and fused with
    /// `--schedule`), run sequentially on the CPU. An oracle for the
    /// compiler's middle stages.
    Flat,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Schedule {
    Ilp,
    Greedy,
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
