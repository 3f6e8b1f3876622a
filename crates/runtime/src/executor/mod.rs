//! # executor: a flat program on an OpenCL device
//!
//! **In:** a [`FlatProgram`] (its host code: functions, `let`, `if`,
//! calls, `time`, `run K args`), one [`CompiledKernel`] per flat kernel
//! (indexed by the flat `KernelId`: OpenCL C and a launch plan), and a
//! [`Session`] on a device. **Out:** the program's `print`s and item values
//! through an [`Output`], in program order, exactly as the reference
//! interpreter and `flatten::eval` produce them; or the program's runtime
//! fault, as they report it.
//!
//! ```ignore
//! let mut session = runtime::cl::Session::open(None)?;
//! runtime::executor::run(&flat_program, &compiled_kernels, &mut session, &mut printer)?;
//! session.stats()?.write_table(&mut std::io::stderr())?; // --stats
//! ```
//!
//! ## What it does
//! The host program runs on the host, statement by statement, in
//! `flatten::eval`'s host interpreter ([`flatten::eval::HostMachine`]),
//! the same code that runs it in the flat evaluator: frames, calls, `if`,
//! `free`, `time`, host scalar operations with the flat IR's exact
//! semantics, host operations, `print` and the rebuilding of `emit`'s
//! values. This module is its other kernel executor: it implements
//! [`flatten::eval::Device`] on an OpenCL session (`device.rs`), and keeps
//! only what is device-specific: building and launching kernels, buffers,
//! reads and uploads, and the error flag. The flat evaluator is the oracle
//! this executor is checked against (tests/programs runs both).
//!
//! Host variables hold scalars or device arrays: a buffer shared by `Rc`
//! plus a logical length (`values.rs`), so binding and passing an array
//! never copies it. `free xs` (placed by flatten's pass
//! `free-dead-buffers`) drops the frame's reference, so a buffer is
//! released as soon as no variable holds it; a `free` right after a call
//! drops the call's dead arguments as the call starts, so a recursion does
//! not hold every level's inputs (`--stats` prints the peak of the bytes
//! held in buffers). `array [..]` uploads its items; `#xs` is the logical
//! length, known on the host or read when first needed (a `FILTER`'s
//! count left on the device, note [pending lengths] in `device.rs`); calls nest up to [`MAX_CALL_DEPTH`] deep,
//! the stack growing on the heap (`stacker`) as NESL recursion deepens.
//! Every `run K args` runs kernel `K`'s launch plan (`kernel.rs`): bind
//! the parameters, evaluate sizes as they are needed (reading device
//! counts back on first use), allocate buffers lazily, enqueue each launch
//! under its `__kernel` name with its `bytes_moved` (so `session.stats()`
//! is the `--stats` table the contract asks for), and return the results.
//! `print`, `emit` and host operations read their arrays back, one
//! blocking read per array.

//! ## When it synchronises
//! Launches and the zero fills of counters are only enqueued on the
//! session's in-order queue; the host waits for the device only where it
//! needs device data or a clock:
//! - a **scalar result** of a kernel (a `REDUCE`'s sum): read back at the
//!   end of the `run`;
//! - a **size read-back** ([`opencl_backend::plan::SizeSource::ReadBack`],
//!   a `FILTER`'s count): read when a size first needs it; a count that
//!   only sizes array results stays on the device until the host needs
//!   it, and is read with the next wait (note [pending lengths] in
//!   `device.rs`);
//! - `print` and `emit`: their arrays are read back;
//! - `time`: the queue is finished before the clock starts and before it
//!   stops;
//! - the **end of the program**.
//!
//! Uploads of `array [..]` are blocking writes: the host's copy is free
//! when they return, but whether the driver also waits for the commands
//! enqueued before is its choice, and the executor does not count on it.
//! The error flag is read only if a kernel was enqueued since it was last
//! read (only kernels set it), so a program's host-only stretches never
//! wait for the device; and a read of sizes and scalars reads it with them
//! only if a kernel that takes the flag (one with safety checks) was
//! enqueued since (no other kernel can write it): one transfer fewer for
//! most of a recursion level's read-backs.
//!
//! ## How device faults are reported
//! Kernels with safety checks report a failed `assert` through the
//! session's error flag (`runtime::cl::error_flag`; code and payload
//! encoding in `faults.rs`). The executor reads the flag at every
//! synchronisation point above, right after the data it waited for and
//! before using it: after the scalar results of a `run` are read, after
//! each size read-back, before a `print` or an `emit` reaches the
//! [`Output`] (even an `emit` of host scalars only, so no output ever
//! appears after a fault that came before it), at the end of a `time`
//! block, and at the end of the program. Every host decision that depends
//! on device data (an `if`, an `assert`, a call's or a loop's bound, an
//! allocation's size) uses a scalar or a size that was read back, so it is
//! taken only after the flag said the data is sound. The flag is also read
//! before a host `assert` reports its own fault, and before any internal or
//! environment error is reported: a kernel enqueued earlier is earlier in
//! program order, so its fault comes first, and the later error may be its
//! consequence. A fault becomes [`ExecError::Fault`] with the diagnostic of
//! the flat program's [`flatten::ir::FaultSite`]: the interpreter's message,
//! span, label and note.
//!
//! ## Errors
//! [`ExecError`]: the NESL program's fault (exit 3), the environment's
//! failure (exit 4: no device memory, a driver that cannot build a
//! kernel, a lost device), or an internal error (a compiler bug: the plan
//! or the flat program breaks a promise). Never a panic.
//!
//! ## Where to start reading
//! [`run`], then `device.rs` (the [`flatten::eval::Device`] the host
//! interpreter runs on), `kernel.rs` (one `run` of a launch plan),
//! `faults.rs` (the error flag).

mod device;
mod faults;
mod kernel;
mod values;

use std::fmt;

use flatten::eval::{HostMachine, OutputSink};
use flatten::ir::FlatProgram;
use flatten::ir::verify::verify;
use nesl_frontend::Diagnostic;
use nesl_frontend::eval::Output;
use opencl_backend::plan::CompiledKernel;

use crate::EnvironmentError;
use crate::cl::{ClError, Session};

pub use faults::FAULT_CODE;

use device::Executor;

/// The deepest nesting of host calls the executor allows (as
/// `flatten::eval` and the reference interpreter); deeper recursion is the
/// program's fault "recursion too deep" (exit 3), naming the function and
/// the depth.
pub const MAX_CALL_DEPTH: usize = flatten::eval::MAX_CALL_DEPTH;

/// Why a run stopped.
#[derive(Debug, Clone)]
pub enum ExecError {
    /// The NESL program faulted (exit 3): the diagnostic of the fault site,
    /// as the reference interpreter reports it.
    Fault(Diagnostic),
    /// The environment cannot run the program (exit 4).
    Environment(EnvironmentError),
    /// A compiler bug: the flat program or a launch plan broke a promise,
    /// or nessie used OpenCL wrongly.
    Internal(InternalError),
}

impl ExecError {
    /// The exit code of CONTRACT.md: 3 for a fault, 4 for the environment,
    /// 1 for a compiler bug.
    pub fn exit_code(&self) -> i32 {
        match self {
            ExecError::Fault(diagnostic) => diagnostic.exit_code(),
            ExecError::Environment(_) => 4,
            ExecError::Internal(_) => 1,
        }
    }

    /// Adds the place an internal error happened in, outermost last.
    /// The places of a recursion are named once each, not once per level
    /// (an error 10^5 calls deep stays one line).
    pub(crate) fn within(mut self, place: impl FnOnce() -> String) -> ExecError {
        if let ExecError::Internal(error) = &mut self {
            let place = place();
            if !error.places.contains(&place) {
                error.places.push(place);
            }
        }
        self
    }
}

impl fmt::Display for ExecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExecError::Fault(diagnostic) => write!(f, "{diagnostic}"),
            ExecError::Environment(error) => write!(f, "{error}"),
            ExecError::Internal(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for ExecError {}

impl From<ClError> for ExecError {
    fn from(error: ClError) -> ExecError {
        match error {
            ClError::Environment(error) => ExecError::Environment(error),
            ClError::Internal(message) => internal(message),
        }
    }
}

/// A compiler bug found while executing: what, and where.
#[derive(Debug, Clone, PartialEq)]
pub struct InternalError {
    pub message: String,
    /// Where it happened, innermost first: `launch 1 (\`sum_final\`)`,
    /// `kernel \`sum\``, `function \`f\``, `main`.
    pub places: Vec<String>,
}

impl fmt::Display for InternalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("internal error of the OpenCL executor (compiler bug)")?;
        if !self.places.is_empty() {
            let places: Vec<&str> = self.places.iter().rev().map(String::as_str).collect();
            write!(f, " in {}", places.join(", "))?;
        }
        write!(f, ": {}", self.message)
    }
}

pub(crate) fn internal(message: impl Into<String>) -> ExecError {
    ExecError::Internal(InternalError { message: message.into(), places: Vec::new() })
}

/// Runs `main` of `program` on the session's device, reporting its `print`s
/// and `emit`s to `out` in program order. `kernels[k]` is the compiled form
/// of the flat kernel `KernelId(k)`.
///
/// Builds the OpenCL programs of all `kernels` first, then runs `main`.
/// The session's profile then holds one group per `__kernel` name (see
/// [`Session::stats`]). Errors: see [`ExecError`]; after an error the
/// session stays usable, its error flag clear.
pub fn run(
    program: &FlatProgram,
    kernels: &[CompiledKernel],
    session: &mut Session,
    out: &mut dyn Output,
) -> Result<(), ExecError> {
    verify(program).map_err(|error| internal(format!("the flat program does not verify: {error}")))?;
    if kernels.len() != program.kernels.len() {
        return Err(internal(format!(
            "{} compiled kernels for the {} kernels of the flat program",
            kernels.len(),
            program.kernels.len()
        )));
    }
    // `--stats` reports the peak of this run's buffers.
    crate::cl::reset_peak_buffer_memory();
    let mut executor = Executor::new(program, kernels, session);
    // Every kernel is built before `main` starts, as a compiled program
    // would be: a build failure surfaces before any output, and the
    // driver's compile time (seconds for a cold NVIDIA cache) never lands
    // inside a region the program times with `time`.
    executor.build_all()?;
    let mut sink = OutputSink { datatypes: &program.datatypes, out };
    let result = HostMachine::new(program, &mut executor, &mut sink).call(&program.main, Vec::new());
    let result = result.and_then(|_| executor.check_device());
    result.map_err(|error| executor.prefer_device_fault(error))
}
