//! The backend's entry point: a fused flat program in, one
//! [`CompiledKernel`] per flat kernel out, with the printed Lift IR of each
//! kernel before and after lowering for `--emit lift` and `--emit lift-low`.

use flatten::ir::{FlatProgram, KernelId};

use crate::plan::CompiledKernel;

/// A compiled program: what the runtime's executor runs beside the flat
/// program's host code.
#[derive(Clone, Debug)]
pub struct CompiledProgram {
    /// Indexed by the flat program's [`KernelId`].
    pub kernels: Vec<CompiledKernel>,
    /// The high-level Lift of every kernel, printed (`--emit lift`).
    pub lift: String,
    /// The low-level Lift of every kernel, printed (`--emit lift-low`).
    pub lift_low: String,
}

impl CompiledProgram {
    pub fn kernel(&self, id: KernelId) -> &CompiledKernel {
        &self.kernels[id.0 as usize]
    }

    /// Every kernel's OpenCL C, one file after another (`--emit opencl`).
    pub fn opencl(&self) -> String {
        let mut text = String::new();
        for kernel in &self.kernels {
            text.push_str(&format!("// ===== {} =====\n{}\n", kernel.file_name(), kernel.source));
        }
        text
    }
}

#[derive(Debug, thiserror::Error)]
pub enum CodegenError {
    /// A construct the backend cannot compile yet: the driver reports it
    /// as an error naming the kernel; it never falls back to another path.
    #[error("not supported yet by the OpenCL backend: {what} (in kernel `{kernel}`)")]
    Unsupported { kernel: String, what: String },
    /// A compiler bug: a promise of the flat IR or of Lift broken.
    #[error("internal error in the OpenCL backend: {0}")]
    Internal(String),
}

/// Compiles every kernel of `program` (fused or not) to OpenCL C and a
/// launch plan, through Lift.
pub fn compile_program(program: &FlatProgram) -> Result<CompiledProgram, CodegenError> {
    match program.kernels.first() {
        None => Ok(CompiledProgram { kernels: Vec::new(), lift: String::new(), lift_low: String::new() }),
        Some(kernel) => Err(CodegenError::Unsupported {
            kernel: kernel.name.clone(),
            what: "code generation (being built)".to_string(),
        }),
    }
}
