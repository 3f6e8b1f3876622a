//! Every way a command can fail, with the exit code of CONTRACT.md.

use std::io::Write;

use nesl_frontend::{Diagnostic, SourceMap};

#[derive(Debug)]
pub enum Failure {
    /// A bad command line that clap could not catch (a missing input file).
    Usage(String),
    /// Errors in the user's program (exit 1 for compile errors, 3 for a
    /// runtime fault).
    Program(Vec<Diagnostic>),
    /// The environment cannot run the program (exit 4).
    Environment { message: String, help: String },
    /// A construct a stage of the compiler does not handle yet (exit 1: the
    /// program does not compile, through no fault of its own). `what` names
    /// the construct, `place` where it is (a source position, a kernel)
    /// and which stage refused it.
    Unsupported { what: String, place: String },
    /// A bug in nessie (exit 1).
    Internal(String),
}

impl Failure {
    pub fn exit_code(&self) -> i32 {
        match self {
            Failure::Usage(_) => 2,
            Failure::Program(diags) => diags.iter().map(Diagnostic::exit_code).max().unwrap_or(1),
            Failure::Environment { .. } => 4,
            Failure::Unsupported { .. } | Failure::Internal(_) => 1,
        }
    }

    /// Prints the failure to `err`. Diagnostics are rendered with their
    /// source excerpts from `sources`.
    pub fn report(&self, sources: &SourceMap, color: bool, err: &mut dyn Write) {
        let _ = match self {
            Failure::Usage(message) => writeln!(err, "error: {message}"),
            Failure::Program(diags) => {
                for d in diags {
                    let _ = write!(err, "{}", d.render(sources, color));
                }
                if diags.len() > 1 {
                    let _ = writeln!(err, "{} errors", diags.len());
                }
                Ok(())
            }
            Failure::Environment { message, help } => writeln!(err, "error: {message}\n  help: {help}"),
            Failure::Unsupported { what, place } => writeln!(
                err,
                "error: not supported yet: {what}\n  --> {place}\n  help: this is a limitation of nessie, not an \
                 error in the program; `--backend interp` runs it in the reference interpreter"
            ),
            Failure::Internal(message) => writeln!(err, "error: internal compiler error: {message}"),
        };
    }
}

impl From<runtime::EnvironmentError> for Failure {
    fn from(e: runtime::EnvironmentError) -> Failure {
        Failure::Environment { message: e.to_string(), help: e.help().to_string() }
    }
}

impl From<runtime::cl::ClError> for Failure {
    fn from(e: runtime::cl::ClError) -> Failure {
        match e {
            runtime::cl::ClError::Environment(env) => env.into(),
            runtime::cl::ClError::Internal(message) => Failure::Internal(message),
        }
    }
}

impl From<flatten::FlattenError> for Failure {
    fn from(e: flatten::FlattenError) -> Failure {
        match e {
            flatten::FlattenError::NotSupported { construct, location } => {
                Failure::Unsupported { what: construct, place: format!("{location} (flattening)") }
            }
            other => Failure::Internal(other.to_string()),
        }
    }
}

impl From<fusion::FusionError> for Failure {
    fn from(e: fusion::FusionError) -> Failure {
        match e {
            fusion::FusionError::NotSupported { place, message } => {
                Failure::Unsupported { what: message, place: format!("{place} (fusion)") }
            }
            bug @ fusion::FusionError::CompilerBug { .. } => Failure::Internal(bug.to_string()),
        }
    }
}

impl From<opencl_backend::CodegenError> for Failure {
    fn from(e: opencl_backend::CodegenError) -> Failure {
        match e {
            opencl_backend::CodegenError::Unsupported { kernel, what } => {
                Failure::Unsupported { what, place: format!("kernel `{kernel}` (the OpenCL backend)") }
            }
            bug @ opencl_backend::CodegenError::Internal(_) => Failure::Internal(bug.to_string()),
        }
    }
}

impl From<runtime::executor::ExecError> for Failure {
    fn from(e: runtime::executor::ExecError) -> Failure {
        match e {
            runtime::executor::ExecError::Fault(diagnostic) => Failure::Program(vec![diagnostic]),
            runtime::executor::ExecError::Environment(env) => env.into(),
            internal @ runtime::executor::ExecError::Internal(_) => Failure::Internal(internal.to_string()),
        }
    }
}

impl From<flatten::eval::EvalError> for Failure {
    fn from(e: flatten::eval::EvalError) -> Failure {
        match e {
            flatten::eval::EvalError::Fault(diagnostic) => Failure::Program(vec![diagnostic]),
            internal @ flatten::eval::EvalError::Internal(_) => Failure::Internal(internal.to_string()),
        }
    }
}

/// What a panic reports, in one line and without Rust's own message and
/// backtrace: a panic is a compiler bug.
pub fn panic_report(info: &std::panic::PanicHookInfo<'_>) -> String {
    let what = info
        .payload()
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| info.payload().downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown cause".to_string());
    let at = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
    format!("error: internal compiler error: {what}{at}\n  help: this is a bug in nessie; please report it\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No program of the suite reaches a refusal of the OpenCL backend any
    /// more, so the report of one is checked here, from the error the
    /// backend returns.
    #[test]
    fn an_opencl_refusal_names_the_construct_and_the_kernel_and_exits_1() {
        let error = opencl_backend::CodegenError::Unsupported {
            kernel: "smvm_fused".into(),
            what: "toPrivate of arrays".into(),
        };
        let failure = Failure::from(error);
        assert_eq!(failure.exit_code(), 1);
        let mut text = Vec::new();
        failure.report(&SourceMap::new(), false, &mut text);
        let text = String::from_utf8(text).unwrap();
        assert!(text.starts_with("error: not supported yet: toPrivate of arrays\n"), "{text}");
        assert!(text.contains("--> kernel `smvm_fused` (the OpenCL backend)"), "{text}");
        assert!(text.contains("help: "), "{text}");
    }

    #[test]
    fn a_backend_bug_is_an_internal_error() {
        let failure = Failure::from(opencl_backend::CodegenError::Internal("joinSegments arity".into()));
        assert_eq!(failure.exit_code(), 1);
        let mut text = Vec::new();
        failure.report(&SourceMap::new(), false, &mut text);
        let text = String::from_utf8(text).unwrap();
        assert!(text.starts_with("error: internal compiler error: "), "{text}");
        assert!(text.contains("joinSegments arity"), "{text}");
    }
}
