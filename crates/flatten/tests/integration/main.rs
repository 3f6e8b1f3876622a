//! Integration tests of flatten: the flat-IR evaluator, flattening, its
//! verifier and the freeing of dead buffers.
//!
//! The crate's integration tests are one test binary, a module for each
//! file (`cargo test --release -p flatten --test integration MODULE::`):
//! one binary builds and links once, and all its tests share the test
//! threads.

mod common;
mod eval_host;
mod eval_perf;
mod eval_soacs;
mod flatten_agreement;
mod flatten_examples;
mod flatten_structure;
mod free_dead_buffers;
mod verify_catalogue;
