//! One compilation: the sources of the user's file and the prelude.

use std::path::Path;

use nesl_frontend::{FileId, SourceMap};

use crate::failure::Failure;

pub struct Session {
    pub sources: SourceMap,
    pub file: FileId,
}

impl Session {
    /// Reads the user's file. The name in diagnostics is the path as given.
    pub fn load(path: &Path) -> Result<Session, (Session, Failure)> {
        let sources = SourceMap::new();
        let failed = |sources, message| {
            let empty = Session { sources, file: FileId(0) };
            Err((empty, Failure::Usage(message)))
        };
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => return failed(sources, format!("cannot read `{}`: {e}", path.display())),
        };
        let text = match String::from_utf8(bytes) {
            Ok(t) => t,
            Err(e) => {
                return failed(
                    sources,
                    format!(
                        "`{}` is not UTF-8 text (invalid byte at offset {})",
                        path.display(),
                        e.utf8_error().valid_up_to()
                    ),
                );
            }
        };
        Ok(Session::from_text(path.display().to_string(), text))
    }

    /// A session on `text`, read elsewhere (by the client of `nessie
    /// serve`); `name` is the file's name in diagnostics.
    pub fn from_text(name: String, text: String) -> Session {
        let mut sources = SourceMap::new();
        let file = sources.add(name, text, false);
        Session { sources, file }
    }
}
