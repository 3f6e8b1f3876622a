//! # nessie: the driver
//!
//! **In:** a NESL file and the command line of CONTRACT.md. **Out:** the
//! program's results (`run`), OpenCL kernels and a host plan (`compile`), a
//! comparison of fusion schedules (`schedules`), the device list
//! (`devices`); or an error with the contract's exit code.
//!
//! ```text
//! NESL source ─ nesl-frontend ─▶ typed, monomorphic program ─┬─ eval                              (--backend interp)
//!                                                             └─ flatten ─ fusion ─┬─ flatten::eval  (--backend flat)
//!                                                                                  └─ opencl-backend ─ runtime (opencl)
//! ```
//!
//! [`pipeline`] is the list of stages; [`session::Session`] owns the
//! sources of one compilation; [`commands`] holds one module per
//! subcommand; every way a command can fail is a [`failure::Failure`],
//! which knows its exit code and how to print itself; [`serve`] keeps a
//! device open for `nessie run` (`nessie serve`). No backend falls back
//! to another: a stage that cannot handle the program says so and stops.

pub mod cli;
pub mod commands;
pub mod failure;
pub mod pipeline;
pub mod serve;
pub mod session;

pub use failure::Failure;
