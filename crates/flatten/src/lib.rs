//! # flatten: nested data parallelism to flat, segmented SOAC kernels
//!
//! **In:** the typed, monomorphic program of `nesl-frontend`
//! ([`nesl_frontend::tast`]). **Out:** the flat IR of [`ir`] in the style of
//! λcu (Reppy & Wingerter): a host program that calls functions, binds host
//! scalars, branches, and runs kernels; kernels as sequences of
//! second-order array combinators with pull thunks over the index space;
//! GPU expressions over scalars and tuples. Nested sequences become segment
//! descriptors over flat data (see note [segment descriptors] in [`ir`]).
//! [`flatten_program`] is the entry point; [`PASSES`] lists the passes that
//! follow it, each checked by [`ir::verify`] in debug builds.
//!
//! ## The design: contexts, uniform and lifted values
//! Flattening is Blelloch's vectorisation, made selective. Code runs in a
//! *context* (`context.rs`): the host context (one instance: top-level forms
//! and what they call), or a lifted context inside an apply-to-each, with
//! `n` instances, `n` known on the host. Contexts nest; each inner instance
//! knows its outer instance (`segment_of` a flat position, or a selected
//! index), so values of outer contexts are read in place through that map,
//! never copied per instance when they are scalars.
//!
//! In a lifted context every value (`representation.rs`) is **uniform**, the
//! same for all instances (a free variable from outside: `v` in
//! `{x * v[i] : (i, x) in row}` stays the host's `v`, and `v[i]` is a gather
//! from it), or **lifted**, one per instance: a lifted scalar is an array, a
//! lifted sequence a segment descriptor (one segment per instance) over the
//! concatenated elements, a lifted tuple its components.
//!
//! Then, construct by construct:
//! - uniform expressions are computed once, on the host (`flatten_expr.rs`);
//! - scalar code stays scalar: a maximal scalar expression is one `MAP`
//!   thunk with GPU `if`s, inlined scalar functions and bounds-checked reads
//!   (`scalar_code.rs`, `scalar_prims.rs`), and scalar functions that
//!   recurse by tail calls are loops in it (`scalar_loops.rs`);
//! - apply-to-each opens a level over the generators' elements, filters
//!   select instances with `FILTER`, and the body's values become segments
//!   (`lift_apply_to_each.rs`);
//! - primitives are trivial kernels of one SOAC each, segmented in lifted
//!   contexts (`sequence_prims.rs`, `segmented_prims.rs`), with the
//!   reorderings of nested data in `gather.rs`, `eql` and `hash` in
//!   `structural_prims.rs`, and `sort` and `rank` a radix sort
//!   (`sort_prims.rs`);
//! - conditionals whose condition varies and whose branches are not scalar
//!   code split the instances, run each branch on its own, and merge; when
//!   both branches call one recursive function, their arguments are merged
//!   instead and one call runs (`lift_conditionals.rs`);
//! - functions get a host version and lifted versions per shape of their
//!   arguments; recursion inside apply-to-each becomes host recursion of the
//!   lifted version over the instances active at each depth
//!   (`lift_functions.rs`), unless they are scalar loops;
//! - `rand` draws from a key that a rewrite of the typed program passes
//!   around as an ordinary value (`random_keys.rs`), and `rand_seed` inside
//!   an apply-to-each returns the seed it sets as a value, the last set one
//!   kept after the step (a rewrite of the typed program, `seed_values.rs`);
//! - a function that prints, called inside an apply-to-each, runs as its
//!   text version, which returns what it would print, and the host prints
//!   the texts when the apply-to-each ends, in the interpreter's order (a
//!   rewrite of the typed program, `print_texts.rs`); both rewrites are
//!   one generic rewrite, note [effect versions] (`effect_versions.rs`),
//!   each with its effect;
//! - `time` inside an apply-to-each times the whole parallel step (note
//!   [time in parallel], `flatten_expr.rs`);
//! - file I/O (inside an apply-to-each too, element by element), `parse_int`, `parse_float`, `exp_string`, `@` of what is not
//!   an int, bool or char, `__error` of a computed message and several
//!   prints per element of an apply-to-each are host operations
//!   (`HostExpr::HostOp`: `host_prims.rs` lowers them, `host_ops.rs`
//!   defines them for both executors);
//! - every operation that can fail has a fault site worded and placed as the
//!   reference interpreter reports it (`faults.rs`).
//!
//! Fusion comes later (the `fusion` crate): flattening makes many small
//! kernels and leaves merging them to the ILP.
//!
//! ## Not supported yet
//! Flattening fails with [`FlattenError::NotSupported`], naming the construct
//! and its position, for a construct it cannot place. No NESL program is
//! known to reach one now: `rand_seed` and prints anywhere in an
//! apply-to-each, `hash` and `eql` of any value, and `@` of any value
//! flatten. The refusals left guard what the typed rewrites should have
//! removed before flattening (a `rand` or `rand_seed` in lifted code, a
//! call of a printing or seeding function in parallel, a print the lifted
//! code cannot order: `random_keys.rs`, `seed_values.rs`,
//! `print_texts.rs`).
//!
//! ## Where to start reading
//! `flatten_program.rs` (the driver and the state), then `flatten_expr.rs`
//! (the dispatch over constructs), then the file of the construct of
//! interest. `analysis.rs` holds the facts decisions are made on.
//! `dead_code.rs`, `share_kernels.rs` and `free_dead_buffers.rs` are the
//! passes after flattening.

mod analysis;
mod context;
mod dead_code;
mod effect_versions;
mod error;
pub mod eval;
mod faults;
mod flatten_expr;
mod flatten_program;
pub mod free_dead_buffers;
mod gather;
mod host_code;
pub mod host_ops;
mod host_prims;
pub mod ir;
mod kernel_code;
mod lift_apply_to_each;
mod lift_conditionals;
mod lift_functions;
pub mod numtext;
mod print_texts;
mod random_keys;
mod representation;
mod scalar_code;
mod scalar_loops;
mod scalar_prims;
mod seed_values;
mod segmented_prims;
mod sequence_prims;
mod share_kernels;
mod sort_prims;
mod string_prims;
mod structural_prims;
mod typed_builder;

pub use error::FlattenError;

use nesl_frontend::SourceMap;
use nesl_frontend::tast::Program;

use crate::ir::FlatProgram;

/// A pass over the flat IR, with the name `--emit` and the verifier's
/// reports use.
pub struct Pass {
    pub name: &'static str,
    pub run: fn(FlatProgram) -> FlatProgram,
}

/// The passes that follow flattening, in order.
pub const PASSES: &[Pass] = &[
    Pass { name: "dead-code", run: dead_code::eliminate_dead_code },
    Pass { name: "share-kernels", run: share_kernels::share_identical_kernels },
    Pass { name: "free-dead-buffers", run: free_dead_buffers::free_dead_buffers },
];

/// Flattens a typed program and runs [`PASSES`] on the result. The output is
/// verified after every step in debug builds.
pub fn flatten_program(program: &Program, sources: &SourceMap) -> Result<FlatProgram, FlattenError> {
    flatten_program_with(program, sources, &mut |_, _| {})
}

/// [`flatten_program`], showing the program after flattening (`"flatten"`)
/// and after each pass to `observe`.
pub fn flatten_program_with(
    program: &Program,
    sources: &SourceMap,
    observe: &mut dyn FnMut(&str, &FlatProgram),
) -> Result<FlatProgram, FlattenError> {
    let seeded = seed_values::rewrite(program)?;
    let program = seeded.as_ref().unwrap_or(program);
    let with_texts = print_texts::rewrite(program)?;
    let mut flat = flatten_program::flatten(with_texts.as_ref().unwrap_or(program), sources)?;
    check("flatten", &flat)?;
    observe("flatten", &flat);
    for pass in PASSES {
        flat = (pass.run)(flat);
        check(pass.name, &flat)?;
        observe(pass.name, &flat);
    }
    Ok(flat)
}

/// Runs the verifier in debug builds. On failure the offending IR is
/// written to a file the error names.
fn check(pass: &'static str, program: &FlatProgram) -> Result<(), FlattenError> {
    if !cfg!(debug_assertions) {
        return Ok(());
    }
    ir::verify::verify(program).map_err(|e| {
        let path = std::env::temp_dir().join(format!("nessie-flat-after-{pass}.txt"));
        let written = std::fs::write(&path, ir::print::print_program(program));
        let message = match written {
            Ok(()) => format!("{} (the IR is in {})", e.message, path.display()),
            Err(_) => e.message,
        };
        FlattenError::Invalid { pass, message }
    })
}
