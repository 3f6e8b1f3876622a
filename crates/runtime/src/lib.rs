//! # runtime: running the host plan through OpenCL
//!
//! **In:** a host plan and its OpenCL programs. **Out:** the program's
//! results, read back into `nesl-frontend` values. Device choice, program
//! builds, buffers, launches and profiling through `opencl3`.
//!
//! The OpenCL library is loaded at run time (opencl3's `dynamic` feature),
//! so nessie starts and runs the interpreter on a machine without OpenCL;
//! only commands that need a device fail, with [`EnvironmentError`] and the
//! help of [`device::INSTALL_HELP`].
//!
//! Where to start reading: [`device`] lists and chooses devices; [`cl`] is the
//! low-level OpenCL layer the plan executor stands on (a [`cl::Session`] per
//! device: program builds, typed buffers, launches with profiling, the
//! device-side error flag, the copy-bandwidth probe).
//!
//! [`executor`] runs a flat program's host code and each kernel's launch
//! plan on a session: start there to see how a program runs.

pub mod cl;
pub mod device;
pub mod executor;

/// The environment cannot run the program: no OpenCL, no such device, out
/// of device memory, a driver that fails to build a kernel. Exit code 4.
#[derive(Debug, Clone, thiserror::Error)]
pub enum EnvironmentError {
    #[error("no OpenCL device is available: {detail}")]
    NoPlatform { detail: String },
    #[error("no OpenCL device matches `{spec}`: {detail}")]
    NoSuchDevice { spec: String, detail: String },
    /// The driver's compiler rejected an OpenCL program. `log` is the
    /// driver's build log, trimmed to its first lines (see
    /// `cl::program::trim_build_log`).
    #[error("the OpenCL driver failed to build program `{program}` for {device} ({code}); build log:\n{log}")]
    BuildFailure { program: String, device: String, code: String, log: String },
    /// An allocation (or a command that made the driver allocate) did not
    /// fit in device memory. `bytes` is the size that was asked for.
    #[error("the OpenCL device is out of memory: {bytes} bytes were requested ({detail})")]
    OutOfMemory { bytes: u64, detail: String },
    /// The program computes with NESL's `float` (an OpenCL `double`) on a
    /// device without 64-bit floating point.
    #[error("the program computes with `float` (a 64-bit double), which {device} does not support (no cl_khr_fp64)")]
    NoFp64 { device: String },
    /// Any other failure the driver reports (a lost device, a missing
    /// compiler, host memory exhausted inside the driver).
    #[error("the OpenCL driver failed while {operation}: {code}")]
    DriverFailure { operation: String, code: String },
    /// The driver rejected the extra build options the user gave in
    /// `NESSIE_CL_OPTIONS`.
    #[error("the OpenCL driver of {device} rejects the build options `{options}` of NESSIE_CL_OPTIONS")]
    BadBuildOptions { device: String, options: String },
}

impl EnvironmentError {
    /// What the user can do about it.
    pub fn help(&self) -> &'static str {
        match self {
            EnvironmentError::NoPlatform { .. } => device::INSTALL_HELP,
            EnvironmentError::NoSuchDevice { .. } => "run `nessie devices` to see the devices and their indices",
            EnvironmentError::BuildFailure { .. } => {
                "the device's OpenCL compiler rejected a generated kernel: try another device (`--device`, \
                 see `nessie devices`) or `--backend interp`, and please report the build log"
            }
            EnvironmentError::OutOfMemory { .. } => "use a smaller input or a device with more memory",
            EnvironmentError::NoFp64 { .. } => {
                "choose a device with fp64 support (`nessie devices` marks them) or run with `--backend interp`"
            }
            EnvironmentError::BadBuildOptions { .. } => {
                "give NESSIE_CL_OPTIONS options of the OpenCL C compiler (e.g. `-cl-opt-disable`), or unset it"
            }
            EnvironmentError::DriverFailure { .. } => {
                "check the OpenCL installation with `clinfo`, try another device (`--device`), \
                 or run with `--backend interp`"
            }
        }
    }
}
