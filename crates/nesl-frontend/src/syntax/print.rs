//! Prints the surface AST (`--emit ast`). (To be written.)

use crate::syntax::ast::Module;

pub fn print_module(module: &Module) -> String {
    format!("{module:#?}")
}
