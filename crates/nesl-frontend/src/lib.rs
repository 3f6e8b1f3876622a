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
/// prelude (which this adds to `sources`).
pub fn compile(sources: &mut SourceMap, file: FileId) -> Result<Compiled, Vec<Diagnostic>> {
    let prelude_file = sources.add(PRELUDE_NAME, PRELUDE_SOURCE, true);
    let prelude = syntax::parse_file(sources, prelude_file)?;
    let ast = syntax::parse_program(sources, file)?;
    let program = check::check_program(sources, &prelude, &ast)?;
    Ok(Compiled { ast, program })
}
