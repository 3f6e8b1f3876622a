//! The one error type of fusion. Everything that goes wrong here is the
//! compiler's fault (the program was type-checked long ago): either a bug,
//! or a construct fusion does not handle yet. Never a panic.

use std::fmt;

/// Why fusion failed, with the place (function, region, kernel) it happened.
#[derive(Clone, Debug, PartialEq)]
pub enum FusionError {
    /// An invariant fusion relies on does not hold: a compiler bug.
    CompilerBug { place: String, message: String },
    /// A construct or a solver that fusion does not handle (yet).
    NotSupported { place: String, message: String },
}

impl FusionError {
    pub fn bug(place: impl Into<String>, message: impl Into<String>) -> FusionError {
        FusionError::CompilerBug { place: place.into(), message: message.into() }
    }

    pub fn not_supported(place: impl Into<String>, message: impl Into<String>) -> FusionError {
        FusionError::NotSupported { place: place.into(), message: message.into() }
    }

    /// The same error, placed inside `outer` (`function \`norm2\``).
    pub fn within(self, outer: &str) -> FusionError {
        let wrap = |place: String| if place.is_empty() { outer.to_string() } else { format!("{outer}: {place}") };
        match self {
            FusionError::CompilerBug { place, message } => FusionError::CompilerBug { place: wrap(place), message },
            FusionError::NotSupported { place, message } => FusionError::NotSupported { place: wrap(place), message },
        }
    }
}

impl fmt::Display for FusionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FusionError::CompilerBug { place, message } => {
                write!(f, "compiler bug in fusion ({place}): {message}")
            }
            FusionError::NotSupported { place, message } => {
                write!(f, "not supported yet by fusion ({place}): {message}")
            }
        }
    }
}

impl std::error::Error for FusionError {}
