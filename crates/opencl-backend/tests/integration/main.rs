//! Integration tests of the OpenCL backend, most of them on PoCL.
//!
//! The crate's integration tests are one test binary, a module for each
//! file (`cargo test --release -p opencl-backend --test integration MODULE::`):
//! one binary builds and links once, and all its tests share the test
//! threads.

mod examples;
mod lookback_warp;
mod merge_shapes;
mod numtext;
mod programs_sweep;
mod radix;
mod seg_teams_nvidia;
mod segment_search;
mod soacs;
mod storage_width;
mod support;
mod teams_tickets;
mod user_fun;
