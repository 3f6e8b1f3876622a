//! # runtime: running the host plan through OpenCL
//!
//! **In:** a host plan and its OpenCL programs. **Out:** the program's
//! results, read back into `nesl-frontend` values. Device choice, program
//! builds, buffers, launches and profiling through `opencl3`.
//!
//! (Filled in by the pipeline issue.)
