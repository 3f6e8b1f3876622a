//! # opencl-backend: OpenCL C and the host plan
//!
//! **In:** fused flat kernels, lowered through `lift-ir`. **Out:** for each
//! kernel a [`plan::CompiledKernel`]: readable OpenCL C 1.2 and the launches
//! that run it, with sizes as expressions of the input sizes; and the host
//! plan that `nessie compile` writes as `plan.json`.
//!
//! [`plan`] is the contract with the runtime's executor: start there.
//! [`plan_json`] writes the host plan (`plan.json`) of a compiled program.
//!
//! ## How a kernel is compiled ([`compile_program`])
//! 1. `lift_ir::lower` makes high-level Lift of the fused flat kernel, one
//!    stage per SOAC (SCATTER, a checked PERMUTE and RADIX_PASS several);
//!    `lift_ir::rules` rewrites it by named rules into low-level Lift, one
//!    stage per launch (a reduction: the work-group tree, then one group);
//!    both levels are type-checked and printed (`--emit lift`, `lift-low`).
//! 2. [`user_fun`] compiles every user function (a flat thunk) to a
//!    `static inline` C function with NESL's exact scalar semantics.
//! 3. [`codegen`] prints each stage as a `__kernel`: views become index
//!    expressions simplified by `lift_ir::arith`, `toLocal` allocates
//!    `__local` arrays, `iterate` swaps two buffers, barriers follow the
//!    `mapLcl`s that need one, and the maps fix the launch sizes; the
//!    patterns of one launch each that no map describes (`segReduceTeams`,
//!    `radixCounts`, `radixScatter`) are printed whole, each by its own
//!    file of `codegen/`.
//! 4. [`storage_width`] decides, for the whole program at once, which int
//!    arrays are stored as 32-bit `int`s (values provably in range, by an
//!    interval analysis): those parameters and results are declared
//!    `__global int*`, read as `long` and written with C's conversion.
//! 5. [`kernel_plan`] turns the stages into the plan: one buffer per stage
//!    result (32-bit zeroed counters for claims), one launch per stage,
//!    every size an expression of the kernel's arguments or of a count read
//!    back from the device (a FILTER's).
//!
//! A construct nothing here compiles is [`CodegenError::Unsupported`],
//! naming it; there is no fallback path.

pub mod codegen;
pub mod compile;
pub mod kernel_plan;
pub mod plan;
pub mod plan_json;
pub mod storage_width;
pub mod user_fun;

pub use compile::{CodegenError, CompiledProgram, compile_program, compile_program_with, config_from_env};
