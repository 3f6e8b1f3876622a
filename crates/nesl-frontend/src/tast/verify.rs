//! Checks the invariants of the typed program. (To be written.)

use crate::tast::Program;

#[derive(Debug, Clone, PartialEq)]
pub struct VerifyError {
    pub message: String,
}

pub fn verify(program: &Program) -> Result<(), VerifyError> {
    let _ = program;
    Ok(())
}
