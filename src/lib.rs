//! # nessie: the driver
//!
//! Chains the stages of the compiler and implements the commands of
//! CONTRACT.md:
//!
//! ```text
//! NESL source ─ nesl-frontend ─▶ typed, monomorphic program ─┬─ eval (interp backend)
//!                                                             └─ flatten ─ fusion ─ lift-ir ─ opencl-backend ─ runtime
//! ```
//!
//! [`session::Session`] owns the sources of one compilation and runs the
//! front end; [`commands`] holds one module per subcommand; every way a
//! command can fail is a [`failure::Failure`], which knows its exit code and
//! how to print itself.

pub mod cli;
pub mod commands;
pub mod failure;
pub mod pipeline;
pub mod session;

pub use failure::Failure;
