//! Integration tests of the runtime: the executor and the OpenCL layer.
//!
//! The crate's integration tests are one test binary, a module for each
//! file (`cargo test --release -p runtime --test integration MODULE::`):
//! one binary builds and links once, and all its tests share the test
//! threads.

mod executor_faults;
mod executor_host;
mod executor_plan_json;
mod executor_soacs;
mod executor_support;
mod opencl;
