//! Name resolution, type inference with type classes, and monomorphisation.
//! (To be written.)

pub mod monomorphise;

use crate::diagnostic::{Diagnostic, ErrorClass};
use crate::source::SourceMap;
use crate::syntax::ast::Module;
use crate::tast::Program;

/// Checks the prelude and the user's module together and returns the typed,
/// monomorphic program of the user's top-level forms.
pub fn check_program(sources: &SourceMap, prelude: &Module, user: &Module) -> Result<Program, Vec<Diagnostic>> {
    let _ = (sources, prelude, user);
    Err(vec![Diagnostic::new(ErrorClass::Type, "the type checker is not written yet")])
}
