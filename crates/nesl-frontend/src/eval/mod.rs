//! The reference interpreter: the sequential meaning of every NESL construct
//! and builtin. (To be written.)

use crate::diagnostic::{Diagnostic, ErrorClass};
use crate::source::SourceMap;
use crate::tast::Program;
use crate::value::Value;

/// Receives what a running program produces, in program order.
pub trait Output {
    /// Text from `print_string` / `print_char`.
    fn print(&mut self, text: &[u8]);
    /// The value of top-level item `item` (an index into `Program::items`).
    fn item(&mut self, item: usize, value: &Value);
}

/// Runs every top-level item of `program` in order.
pub fn run(program: &Program, sources: &SourceMap, out: &mut dyn Output) -> Result<(), Diagnostic> {
    let _ = (program, sources, out);
    Err(Diagnostic::new(ErrorClass::Runtime, "the interpreter is not written yet"))
}
