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
//! (The plan executor is filled in by the pipeline issue.)

pub mod device;

/// The environment cannot run the program: no OpenCL, no such device, out
/// of device memory, a driver that fails to build a kernel. Exit code 4.
#[derive(Debug, Clone, thiserror::Error)]
pub enum EnvironmentError {
    #[error("no OpenCL device is available: {detail}")]
    NoPlatform { detail: String },
    #[error("no OpenCL device matches `{spec}`: {detail}")]
    NoSuchDevice { spec: String, detail: String },
}

impl EnvironmentError {
    /// What the user can do about it.
    pub fn help(&self) -> &'static str {
        match self {
            EnvironmentError::NoPlatform { .. } => device::INSTALL_HELP,
            EnvironmentError::NoSuchDevice { .. } => "run `nessie devices` to see the devices and their indices",
        }
    }
}
