//! # opencl-backend: OpenCL C and the host plan
//!
//! **In:** fused flat kernels, lowered through `lift-ir`. **Out:** for each
//! kernel a [`plan::CompiledKernel`]: readable OpenCL C 1.2 and the launches
//! that run it, with sizes as expressions of the input sizes; and the host
//! plan that `nessie compile` writes as `plan.json`.
//!
//! [`plan`] is the contract with the runtime's executor: start there.
//! [`plan_json`] writes the host plan (`plan.json`) of a compiled program.

pub mod codegen;
pub mod compile;
pub mod kernel_plan;
pub mod plan;
pub mod plan_json;
pub mod user_fun;

pub use compile::{CodegenError, CompiledProgram, compile_program};
