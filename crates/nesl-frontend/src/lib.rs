//! # nesl-frontend: NESL source to a typed, monomorphic program
//!
//! **In:** the text of one NESL 3.1 file (LANGUAGE.md). **Out:** a
//! [`tast::Program`]: every expression typed with a monomorphic [`Type`],
//! every polymorphic function instantiated at the types it is used at,
//! operators and sugar resolved to primitives ([`builtins::Prim`]) and calls
//! of library functions. Or a list of [`Diagnostic`]s.
//!
//! The crate also holds the **reference interpreter** ([`eval`]), the oracle
//! every later stage of nessie is tested against, and the run-time
//! [`value`] representation all backends print results with.
//!
//! ## Passes
//! 1. [`syntax`]: a `nom` parser from text to the surface [`syntax::ast`],
//!    every node with its [`Span`].
//! 2. [`check`]: name resolution, Hindley–Milner inference restricted by
//!    NESL's type classes (`number`, `ordinal`, `logical`, `any`), declared
//!    signatures checked against the inferred types, datatypes.
//! 3. [`check::monomorphise`]: instantiates the reachable functions at their
//!    types and emits the [`tast::Program`], checked by [`tast::verify`].
//!
//! The builtin library is split between primitives (native in every backend,
//! listed with their NESL signatures in [`builtins`]) and `prelude.nesl`,
//! NESL code compiled together with the user's file. See the essay of
//! [`builtins`].
//!
//! ## Where to start reading
//! [`compile`] chains the passes. [`tast`] is the output IR and documents
//! its invariants; [`value`] documents the columnar layout of sequences,
//! which flattening reuses on the GPU.

pub mod builtins;
pub mod check;
pub mod diagnostic;
pub mod eval;
pub mod source;
pub mod syntax;
pub mod tast;
pub mod types;
pub mod value;

pub use diagnostic::{Diagnostic, ErrorClass};
pub use source::{FileId, SourceMap, Span};
pub use types::Type;

/// The NESL source of the bundled library (see [`builtins`]).
pub const PRELUDE_SOURCE: &str = include_str!("prelude.nesl");

/// The file name the prelude is registered under in a [`SourceMap`].
pub const PRELUDE_NAME: &str = "<nessie prelude>";

/// The result of the front end for one file.
#[derive(Debug)]
pub struct Compiled {
    /// The user's file as parsed (for `--emit ast`).
    pub ast: syntax::ast::Module,
    /// The typed, monomorphic program (for `--emit typed` and every backend).
    pub program: tast::Program,
}

/// Parses and checks the user's file `file` of `sources`, together with the
/// prelude (which this adds to `sources`). A form with a syntax error is
/// reported and the others are still checked (note [erroneous forms]); any
/// error fails the whole program.
pub fn compile(sources: &mut SourceMap, file: FileId) -> Result<Compiled, Vec<Diagnostic>> {
    let prelude_file = sources.add(PRELUDE_NAME, PRELUDE_SOURCE, true);
    let prelude = syntax::parse_file(sources, prelude_file)?;
    let (ast, syntax_errors) = syntax::parse_program_recovering(sources, file);
    let program = check_parsed(sources, &prelude, &ast, syntax_errors)?;
    Ok(Compiled { ast, program })
}

/// Checks the forms of the user's program that parsed (`user`, from
/// [`syntax::parse_program_recovering`]) and fails with the syntax errors
/// of those that did not together with the checker's own diagnostics, in
/// source order; the program when there are none.
///
/// See note [erroneous forms] below.
pub fn check_parsed(
    sources: &SourceMap,
    prelude: &syntax::ast::Module,
    user: &syntax::ast::Module,
    syntax_errors: Vec<Diagnostic>,
) -> Result<tast::Program, Vec<Diagnostic>> {
    match check::check_program(sources, prelude, user) {
        Ok(program) if syntax_errors.is_empty() => Ok(program),
        Ok(_) => Err(syntax_errors),
        Err(errors) => Err(check::sorted(syntax_errors.into_iter().chain(errors).collect())),
    }
}

// Note [erroneous forms]
// ~~~~~~~~~~~~~~~~~~~~~~
// NESL 3.1 reads a file form by form and goes on after a form with an
// error: its reader (`tokens.lisp`, `cgolerr`) skips to the next `;` or
// `$` and signals `nesl-error`, and the loop that `load` runs
// (`read-eval-print.lisp`, `nesl-loop`) catches `nesl-error` around the
// reading and evaluation of each form, prints the message and reads the
// next form; a definition with a type error is not made, and the rest of
// the file still loads. nessie does the same when it checks a file and
// the files it loads: every erroneous form gets its diagnostic, the forms
// that parse are all checked (so a mistake in one definition does not
// hide those of others), and a use of a definition that did not parse is
// an error too (an unbound name), as in NESL. Three differences: calls of
// a function with a type error report nothing that follows from it (the
// checker gives it a fresh type at each call); the parser resumes at the
// end of the broken form (the next `;` or `$` outside brackets and
// unfinished `let`s, or the next `function` / `datatype`) rather than at
// the first `;` after the error, which inside a `let` would read its
// remaining bindings as top-level forms; and, nessie being a compiler, a
// program with any error does not run (exit 1, CONTRACT.md).
