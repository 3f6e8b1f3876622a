//! The `nom` parser. (To be written.)

use crate::diagnostic::{Diagnostic, ErrorClass};
use crate::source::{FileId, SourceMap, Span};
use crate::syntax::ast::{Module, TypeSignature};

/// Parses one file into its top-level forms.
pub fn parse_file(sources: &SourceMap, file: FileId) -> Result<Module, Vec<Diagnostic>> {
    let _ = sources.file(file);
    Err(vec![
        Diagnostic::new(ErrorClass::Syntax, "the parser is not written yet").with_primary(Span::new(file, 0, 0), ""),
    ])
}

/// Parses a type signature written in NESL syntax (`(a, int) -> [a] :: (a in
/// number)`, or a bare type for a constant), as used by the builtin table.
/// `file` is the file whose text `text` is (for spans).
pub fn parse_type_signature(text: &str, file: FileId) -> Result<TypeSignature, Diagnostic> {
    let _ = text;
    Err(Diagnostic::new(ErrorClass::Syntax, "the parser is not written yet").with_primary(Span::new(file, 0, 0), ""))
}
