//! Integration tests of fusion: the schedules, the oracle, precedence and
//! the passes around fusion.
//!
//! The crate's integration tests are one test binary, a module for each
//! file (`cargo test --release -p fusion --test integration MODULE::`):
//! one binary builds and links once, and all its tests share the test
//! threads.

mod common;
mod length_only_results;
mod oracle;
mod precedence;
mod programs;
mod schedules;
mod shared_pull;
