//! The stages of the compiler, in the order data flows, as one list.
//!
//! ```text
//! parse ─▶ check ─▶ flatten ─▶ fuse ─▶ lift ─▶ lift-low ─▶ opencl
//!  ast     typed     flat      fused   lift    lift-low    opencl      (the --emit name of each stage's IR)
//! ```
//!
//! Each stage is a function from one IR to the next; each IR prints as
//! text (`nessie compile --emit STAGE`). The crates run their own internal
//! passes and verifiers; this module chains the stages and hands each
//! printed IR to whoever asked for it.

use flatten::ir::FlatProgram;
use nesl_frontend::syntax::ast::Module;
use nesl_frontend::tast::Program;

use crate::cli::Stage;
use crate::failure::Failure;
use crate::session::Session;

/// Receives the printed IR of each stage as it is produced.
pub type Emit<'a> = &'a mut dyn FnMut(Stage, &dyn Fn() -> String);

/// What the front end produced.
pub struct FrontEnd {
    pub ast: Module,
    pub program: Program,
}

/// Parses and type-checks the user's file with the prelude. `ast` is
/// emitted as soon as the file parses, so `--emit ast` works for programs
/// that do not type-check.
pub fn front_end(session: &mut Session, emit: Emit) -> Result<FrontEnd, Failure> {
    let prelude_file = session.sources.add(nesl_frontend::PRELUDE_NAME, nesl_frontend::PRELUDE_SOURCE, true);
    let prelude = nesl_frontend::syntax::parse_file(&session.sources, prelude_file).map_err(Failure::Program)?;
    let ast = nesl_frontend::syntax::parse_file(&session.sources, session.file).map_err(Failure::Program)?;
    emit(Stage::Ast, &|| nesl_frontend::syntax::print_module(&ast));
    let program = nesl_frontend::check::check_program(&session.sources, &prelude, &ast).map_err(Failure::Program)?;
    emit(Stage::Typed, &|| nesl_frontend::tast::print_program(&program));
    Ok(FrontEnd { ast, program })
}

/// Flattens the typed program into the flat IR of segmented SOAC kernels.
pub fn flatten(session: &Session, program: &Program, emit: Emit) -> Result<FlatProgram, Failure> {
    let flat = flatten::flatten_program(program, &session.sources).map_err(|e| Failure::Internal(e.to_string()))?;
    emit(Stage::Flat, &|| flatten::ir::print::print_program(&flat));
    Ok(flat)
}

/// Emits nothing.
pub fn no_emit(_: Stage, _: &dyn Fn() -> String) {}
