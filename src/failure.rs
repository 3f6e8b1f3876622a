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
    /// A bug in nessie, or a feature it does not support yet (exit 1).
    Internal(String),
}

impl Failure {
    pub fn exit_code(&self) -> i32 {
        match self {
            Failure::Usage(_) => 2,
            Failure::Program(diags) => diags.iter().map(Diagnostic::exit_code).max().unwrap_or(1),
            Failure::Environment { .. } => 4,
            Failure::Internal(_) => 1,
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
