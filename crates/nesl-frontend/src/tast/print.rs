//! Prints the typed program (`--emit typed`). (To be written.)

use crate::tast::Program;

pub fn print_program(program: &Program) -> String {
    format!("{program:#?}")
}
