//! The stages of the compiler, in the order data flows, as one list.
//!
//! ```text
//! parse ─▶ check ─▶ flatten ─▶ fuse ─▶ codegen (lift, lift-low, opencl)
//!  ast     typed     flat      fused   lift    lift-low    opencl      (the --emit name of each stage's IR)
//! ```
//!
//! Each stage is a function from one IR to the next; each IR prints as
//! text (`nessie compile --emit STAGE`). The crates run their own internal
//! passes and verifiers; this module chains the stages, hands each printed
//! IR to whoever asked for it ([`Emit`]) and each warning to whoever
//! reports it ([`Warn`]), and turns each stage's errors into a
//! [`Failure`]: a construct a stage does not handle is
//! [`Failure::Unsupported`], never a reason to take another path.
//!
//! `fuse` always runs: `--schedule none` gives the flat program back
//! unchanged, so the flat-IR evaluator (`--backend flat`) and the OpenCL
//! backend always see the same program.

use flatten::ir::FlatProgram;
use fusion::{Fused, ScheduleKind};
use nesl_frontend::syntax::ast::Module;
use nesl_frontend::tast::Program;
use opencl_backend::CompiledProgram;

use crate::cli::Stage;
use crate::failure::Failure;
use crate::session::Session;

/// Receives the printed IR of each stage as it is produced.
pub type Emit<'a> = &'a mut dyn FnMut(Stage, &dyn Fn() -> String);

/// Receives the compiler's warnings.
pub type Warn<'a> = &'a mut dyn FnMut(String);

/// What the front end produced.
pub struct FrontEnd {
    pub ast: Module,
    pub program: Program,
}

/// Parses and type-checks the user's file with the prelude; a form with a
/// syntax error is reported and the other forms are still checked (note
/// [erroneous forms] of `nesl_frontend`). `ast` is emitted as soon as the
/// file parses, so `--emit ast` works for programs that do not type-check.
pub fn front_end(session: &mut Session, emit: Emit) -> Result<FrontEnd, Failure> {
    let prelude_file = session.sources.add(nesl_frontend::PRELUDE_NAME, nesl_frontend::PRELUDE_SOURCE, true);
    let prelude = nesl_frontend::syntax::parse_file(&session.sources, prelude_file).map_err(Failure::Program)?;
    let (ast, syntax_errors) = nesl_frontend::syntax::parse_program_recovering(&mut session.sources, session.file);
    if syntax_errors.is_empty() {
        emit(Stage::Ast, &|| nesl_frontend::syntax::print_module(&ast));
    }
    let program =
        nesl_frontend::check_parsed(&session.sources, &prelude, &ast, syntax_errors).map_err(Failure::Program)?;
    emit(Stage::Typed, &|| nesl_frontend::tast::print_program(&program));
    Ok(FrontEnd { ast, program })
}

/// Flattens the typed program into the flat IR of segmented SOAC kernels.
pub fn flatten(session: &Session, program: &Program, emit: Emit) -> Result<FlatProgram, Failure> {
    let flat = flatten::flatten_program(program, &session.sources)?;
    emit(Stage::Flat, &|| flatten::ir::print::print_program(&flat));
    Ok(flat)
}

/// Fuses the flat program's kernels by `schedule`. The fused program is
/// flat IR again (`--emit fused` prints it with flatten's printer). The
/// report's warnings (the ILP's time limit hit, a fallback to the greedy
/// schedule) go to `warn`.
pub fn fuse(flat: &FlatProgram, schedule: ScheduleKind, emit: Emit, warn: Warn) -> Result<Fused, Failure> {
    let fused = fusion::fuse(flat, schedule)?;
    for warning in fused.report.warnings() {
        warn(format!("fusion ({}): {warning}", schedule.name()));
    }
    emit(Stage::Fused, &|| flatten::ir::print::print_program(&fused.program));
    Ok(fused)
}

/// Generates OpenCL C and a launch plan for every kernel of the fused
/// program, through Lift. A construct the backend does not handle is a
/// [`Failure::Unsupported`] naming it and its kernel; there is no other
/// path to fall back to.
pub fn codegen(fused: &FlatProgram, emit: Emit) -> Result<CompiledProgram, Failure> {
    let compiled = opencl_backend::compile_program(fused)?;
    emit(Stage::Lift, &|| compiled.lift.clone());
    emit(Stage::LiftLow, &|| compiled.lift_low.clone());
    emit(Stage::Opencl, &|| compiled.opencl());
    Ok(compiled)
}

/// The stages from the typed program to the compiled one, for `run
/// --backend opencl` and `compile`.
pub fn compile(
    session: &Session,
    program: &Program,
    schedule: ScheduleKind,
    emit: Emit,
    warn: Warn,
) -> Result<(Fused, CompiledProgram), Failure> {
    let flat = flatten(session, program, emit)?;
    let fused = fuse(&flat, schedule, emit, warn)?;
    let compiled = codegen(&fused.program, emit)?;
    Ok((fused, compiled))
}

/// Prints a warning of the compiler to stderr.
pub fn warn_on_stderr(warning: String) {
    eprintln!("warning: {warning}");
}

/// Emits nothing.
pub fn no_emit(_: Stage, _: &dyn Fn() -> String) {}
