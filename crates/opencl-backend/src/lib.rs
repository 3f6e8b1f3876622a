//! # opencl-backend: OpenCL C and the host plan
//!
//! **In:** low-level Lift kernels and the host program. **Out:** readable
//! OpenCL C 1.2 kernels and a host plan (`plan.json`) of launches with their
//! sizes as expressions of the input sizes.
//!
//! (Filled in by the pipeline issue.)
