//! Integration tests of the front end: parser, checker and interpreter.
//!
//! The crate's integration tests are one test binary, a module for each
//! file (`cargo test --release -p nesl-frontend --test integration MODULE::`):
//! one binary builds and links once, and all its tests share the test
//! threads.

mod check_corpus;
mod check_diagnostics;
mod check_function_values;
mod check_infer;
mod check_prelude;
mod check_print;
mod check_robustness;
mod check_support;
mod check_verify;
mod eval_properties;
mod eval_source;
mod nesl31_corpus;
mod parser_errors;
mod parser_nesl31;
mod parser_robustness;
mod parser_syntax;
