//! # The reference interpreter
//!
//! The sequential meaning of every construct and primitive of the typed,
//! monomorphic program ([`crate::tast`]). It is the oracle: flattening,
//! fusion and the OpenCL backend are tested by comparing their results with
//! its own, so it favours being exactly right, then being fast enough for
//! sequences of millions of elements.
//!
//! ## Evaluation order
//! [`run`] evaluates the program's top-level items in order, hands each
//! value to [`Output::item`], and stores the globals a binding defines for
//! the items and functions after it. Within an expression, operands are
//! evaluated left to right and before their user; only the taken branch of
//! an `if` is evaluated; a call evaluates its arguments, then the callee's
//! body in a fresh frame. An apply-to-each evaluates its generators'
//! sequences, checks that their lengths are equal, and then, for each
//! position in turn, binds the generators' patterns, evaluates the filter
//! and, if it holds, the body. `print_string` and `print_char` reach
//! [`Output::print`] immediately, so printed text interleaves with the
//! items' values in program order. `rand` does not depend on this order:
//! a draw is a hash of its dynamic context (`random.rs`), so that parallel
//! backends draw the same numbers.
//!
//! ## Values
//! Values are [`crate::value`]'s: scalars, and columnar sequences whose
//! slices and elements are O(1) views on shared columns. Sequence
//! primitives work on whole columns (`prims_seq`); apply-to-each binds
//! tuple patterns column by column without building the tuples, and
//! collects its results in a [`crate::value::SeqBuilder`] of the body's
//! type. Locals live in a frame, a `Vec<Value>` indexed by `LocalId`, and an
//! apply-to-each reuses its enclosing frame for every element.
//!
//! ## Faults
//! A runtime fault is a [`Diagnostic`] of class
//! [`ErrorClass::Runtime`](crate::diagnostic::ErrorClass::Runtime)
//! (exit code 3) whose message names the operation and the problem ("index
//! out of range in `elt`: index 7, length 5"). It points at the faulting
//! expression, or, when that lies in the library, at the innermost call in
//! user code that led to it (note [library attribution] in `faults.rs`).
//! No primitive panics on any input: ints wrap, float-to-int conversions
//! check their range, sizes computed from data are checked against
//! [`MAX_SEQUENCE_LENGTH`] and allocated fallibly, and unbounded recursion
//! faults at a fixed depth while legitimate deep recursion continues on
//! stack segments allocated as needed (note [recursion depth] in
//! `faults.rs`). (A program can still exhaust the host's memory through
//! many allocations that are each within bounds.) What a program means in
//! every corner is note [primitive semantics] in `builtins.rs`.
//!
//! ## Where to start reading
//! `interp.rs` is the tree walk and dispatches each primitive to
//! `prims_scalar.rs`, `prims_seq.rs`, `strings.rs`, `structural.rs` (`hash`),
//! `files.rs` (host file I/O) or `random.rs`; `faults.rs` builds the diagnostics. The unit tests in
//! `tests/` build typed programs by hand; the crate's `tests/eval_*.rs` run
//! NESL source through the whole front end.

mod faults;
pub mod files;
mod interp;
mod prims_scalar;
mod prims_seq;
pub mod random;
pub mod strings;
mod structural;
#[cfg(test)]
mod tests;

use crate::diagnostic::Diagnostic;
use crate::source::SourceMap;
use crate::tast::Program;
use crate::value::Value;

pub use prims_seq::MAX_SEQUENCE_LENGTH;

/// Receives what a running program produces, in program order.
pub trait Output {
    /// Text from `print_string` / `print_char`.
    fn print(&mut self, text: &[u8]);
    /// The value of top-level item `item` (an index into `Program::items`).
    fn item(&mut self, item: usize, value: &Value);
}

/// Runs every top-level item of `program` in order, on the caller's thread
/// (deep recursion continues on stack segments allocated as needed: note
/// [recursion depth] in `faults.rs`).
pub fn run(program: &Program, sources: &SourceMap, out: &mut dyn Output) -> Result<(), Diagnostic> {
    interp::run_items(program, sources, out).map_err(|fault| *fault)
}
