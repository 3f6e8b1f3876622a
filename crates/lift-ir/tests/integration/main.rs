//! Integration tests of lift-ir: ArithExpr, the rewrite rules, address
//! spaces and radix sort.
//!
//! The crate's integration tests are one test binary, a module for each
//! file (`cargo test --release -p lift-ir --test integration MODULE::`):
//! one binary builds and links once, and all its tests share the test
//! threads.

mod address_space;
mod arith_paper;
mod arith_print;
mod arith_properties;
mod arith_rules;
mod radix;
mod rules;
mod rules_random;
