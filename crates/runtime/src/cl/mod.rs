//! # cl: the low-level OpenCL layer
//!
//! Everything the host-plan executor needs from OpenCL, and nothing of the
//! plan: one [`Session`] per device owns a context, one in-order command
//! queue (with profiling enabled where device times are measured:
//! [`CommandTiming`]), a cache of built programs, the profile of
//! every command it enqueued and the device-side error flag.
//!
//! ```text
//! Session::open(spec) ─▶ build_program(name, source, options) ─▶ Rc<Program> ─▶ &Kernel
//!                     ─▶ alloc / upload ─▶ DeviceBuffer<T>  (T: i64, f64, u8, i32, u32)
//!                     ─▶ launch(&Launch::new(kernel, Grid::linear(n)), &[Arg, ...])
//!                     ─▶ finish / read / check_error_flag ─▶ Option<DeviceFault>
//!                     ─▶ stats() ─▶ Stats::write_table (the `--stats` table)
//! ```
//!
//! Where to start reading: [`session`] (the `Session` type and its
//! operations), then [`launch`] (grids and arguments), [`error_flag`] (the
//! protocol for safety checks, with the OpenCL C helpers every checked
//! kernel includes), [`profile`] (what `--stats` prints).
//!
//! ## Invariants
//! - Every host↔device transfer is *blocking*: when a `write` or `read`
//!   returns, the host slice is no longer referenced by the driver. Kernel
//!   launches, fills and device-to-device copies are asynchronous; the
//!   in-order queue orders them, and a blocking read (or [`Session::finish`])
//!   is a synchronisation point.
//! - A [`DeviceBuffer`] knows its logical length, which may be zero; the
//!   OpenCL allocation behind it always has at least one element (OpenCL
//!   forbids empty buffers).
//! - Profiling times are collected lazily: a launch records its event, and
//!   the times are read when the event has completed (at `finish`, `stats`,
//!   or when the list of pending events grows long), never by waiting after
//!   each launch. A session that does not measure times keeps no event.
//! - A kernel's arguments are set only where they differ from what the
//!   kernel object holds since its last launch (note [cheap launches] in
//!   `launch.rs`).
//! - Nothing here panics on a driver failure: every failure is a
//!   [`ClError`], either an [`EnvironmentError`] (exit 4: out of memory,
//!   build failure, lost device) or [`ClError::Internal`] (nessie used
//!   OpenCL wrongly: a compiler bug).
//!
//! See note [driver error classes] in this file for how OpenCL status codes
//! map to the two kinds.

pub mod bandwidth;
pub mod binary_cache;
pub mod buffer;
pub mod error_flag;
pub mod host_time;
pub mod launch;
pub mod lookback_arena;
pub mod profile;
pub mod program;
pub(crate) mod quick_hash;
pub mod session;
pub mod trace;

pub use bandwidth::{CopyBandwidth, measure_copy};
pub use binary_cache::{BinaryCache, CacheKey};
pub use buffer::{BufferMemory, DeviceBuffer, Element, ElementType, buffer_memory, reset_peak_buffer_memory};
pub use error_flag::{DeviceFault, ERROR_FLAG_HELPERS_OPENCL_C, ERROR_FLAG_WORDS};
pub use launch::{Arg, Grid, Launch};
pub use lookback_arena::LookbackArgs;
pub use profile::{CommandKind, GroupStats, Stats};
pub use program::{Kernel, Program};
pub use session::{
    BuildStats, CommandTiming, DeviceLimits, ElementRead, ElementValue, KEPT_PROGRAMS, ProgramLayout, Session,
};

use opencl3::error_codes as codes;
use opencl3::types::cl_int;

use crate::EnvironmentError;

/// A failure of the OpenCL layer.
#[derive(Debug, Clone, thiserror::Error)]
pub enum ClError {
    /// The environment cannot run the program (exit 4).
    #[error(transparent)]
    Environment(#[from] EnvironmentError),
    /// nessie itself used OpenCL wrongly: a wrong kernel name, argument list
    /// or work-group size, a read past a buffer's end. A compiler bug; the
    /// message says what was attempted.
    #[error("{0}")]
    Internal(String),
}

impl ClError {
    pub(crate) fn internal(message: impl Into<String>) -> ClError {
        ClError::Internal(message.into())
    }
}

// Note [driver error classes]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~
// OpenCL reports failures as negative status codes. We sort them into:
// - out of memory: CL_MEM_OBJECT_ALLOCATION_FAILURE anywhere (drivers may
//   allocate lazily, at the first command that uses a buffer), and, when
//   creating a buffer, also CL_OUT_OF_RESOURCES and CL_INVALID_BUFFER_SIZE
//   (the size exceeds CL_DEVICE_MAX_MEM_ALLOC_SIZE);
// - the caller's mistake, CL_INVALID_* (-30 ..= -72): a wrong argument,
//   work-group size or object, which in nessie is a compiler bug;
// - the environment's failure, everything else (CL_OUT_OF_RESOURCES from a
//   running kernel, CL_OUT_OF_HOST_MEMORY, CL_DEVICE_NOT_AVAILABLE, a
//   failed command's status, the OpenCL library failing to load).

/// The name of an OpenCL status code, such as `CL_OUT_OF_RESOURCES (-5)`.
pub fn status_name(code: cl_int) -> String {
    format!("{} ({code})", codes::error_text(code))
}

/// Classifies a failed OpenCL call (see note [driver error classes]).
/// `operation` says what was attempted, in the words of "the driver failed
/// while {operation}"; `bytes` is the memory the operation involves, for
/// the out-of-memory message.
pub(crate) fn driver_error(operation: impl Into<String>, code: cl_int, bytes: u64) -> ClError {
    let operation = operation.into();
    if code == codes::CL_MEM_OBJECT_ALLOCATION_FAILURE {
        return EnvironmentError::OutOfMemory {
            bytes,
            detail: format!("the driver reported {} while {operation}", status_name(code)),
        }
        .into();
    }
    if (codes::CL_MAX_SIZE_RESTRICTION_EXCEEDED..=codes::CL_INVALID_VALUE).contains(&code) {
        return ClError::internal(format!("OpenCL rejected nessie's request while {operation}: {}", status_name(code)));
    }
    let mut code_text = status_name(code);
    if code == codes::CL_OUT_OF_RESOURCES {
        code_text.push_str(
            " — the device ran out of resources, or a kernel accessed memory outside its buffers or ran too long",
        );
    }
    EnvironmentError::DriverFailure { operation, code: code_text }.into()
}
