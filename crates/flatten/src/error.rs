//! What can go wrong in flattening: the compiler's fault, never the user's.
//!
//! The user's mistakes were all reported by the front end, and the runtime
//! faults of their program are part of the flat program (fault sites). What
//! remains is a construct flattening does not handle yet, which names the
//! construct and its source position, or a bug of the compiler.

use nesl_frontend::{SourceMap, Span};

#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum FlattenError {
    /// A construct flattening does not handle yet.
    #[error("not supported yet: {construct} at {location}")]
    NotSupported { construct: String, location: String },
    /// An invariant of the typed program or of flattening itself is broken.
    #[error("compiler bug in flattening: {0}")]
    Bug(String),
    /// The flat IR that a pass produced fails the verifier.
    #[error("compiler bug: the flat IR after pass `{pass}` is invalid: {message}")]
    Invalid { pass: &'static str, message: String },
}

impl FlattenError {
    pub(crate) fn not_supported(sources: &SourceMap, construct: impl Into<String>, span: Span) -> FlattenError {
        FlattenError::NotSupported { construct: construct.into(), location: sources.location(span) }
    }

    pub(crate) fn bug(what: impl Into<String>) -> FlattenError {
        FlattenError::Bug(what.into())
    }
}

pub type Result<T, E = FlattenError> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unsupported_construct_names_itself_and_its_position() {
        let mut sources = SourceMap::new();
        let file = sources.add("test.nesl", "x = 1;\n{f(y) : y in [1, 2]};", false);
        let span = Span::new(file, 8, 12);
        let error = FlattenError::not_supported(&sources, "`f`", span);
        assert_eq!(error.to_string(), "not supported yet: `f` at test.nesl:2:2");
    }
}
