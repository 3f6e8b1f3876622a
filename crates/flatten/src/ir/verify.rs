//! Checks the invariants of the flat IR. (To be written with flattening.)

use crate::ir::FlatProgram;

#[derive(Clone, Debug, PartialEq)]
pub struct VerifyError {
    pub message: String,
}

pub fn verify(program: &FlatProgram) -> Result<(), VerifyError> {
    let _ = program;
    Ok(())
}
