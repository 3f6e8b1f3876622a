//! Integration tests of the `nessie` command that are no test-program
//! trials: NESL 3.1's own `testexamps.nesl`, and `nessie serve`.
//!
//! One test binary, a module for each file (`cargo test --release --test
//! integration MODULE::`): one binary builds and links once, and its tests
//! share the test threads. `tests/programs.rs` and
//! `tests/random_programs.rs` are test binaries of their own.

mod nesl31_testexamps;
mod serve;
