//! Source files and spans.
//!
//! Every node of the surface AST and of the typed program carries a [`Span`]:
//! a byte range in one file of the [`SourceMap`]. The map owns the text, so a
//! span can always be turned back into `file:line:col` and a source excerpt.

use std::fmt;
use std::sync::Arc;

/// Identifies one file of a [`SourceMap`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct FileId(pub u16);

/// A half-open byte range `[lo, hi)` in one source file.
///
/// Invariant: `lo <= hi <= len(file)`, and both ends fall on UTF-8 character
/// boundaries of the file's text.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub file: FileId,
    pub lo: u32,
    pub hi: u32,
}

impl Span {
    pub fn new(file: FileId, lo: usize, hi: usize) -> Span {
        debug_assert!(lo <= hi);
        Span { file, lo: lo as u32, hi: hi as u32 }
    }

    /// The smallest span covering both `self` and `other` (same file).
    pub fn to(self, other: Span) -> Span {
        debug_assert_eq!(self.file, other.file);
        Span { file: self.file, lo: self.lo.min(other.lo), hi: self.hi.max(other.hi) }
    }

    pub fn len(self) -> usize {
        (self.hi - self.lo) as usize
    }

    pub fn is_empty(self) -> bool {
        self.hi == self.lo
    }

    pub fn range(self) -> std::ops::Range<usize> {
        self.lo as usize..self.hi as usize
    }
}

/// One source file: its name as given on the command line, its text, and
/// whether it is part of nessie's own library (the prelude).
#[derive(Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: Arc<str>,
    /// True for nessie's bundled NESL library. Runtime errors raised inside
    /// library code are reported at the user's call site.
    pub is_library: bool,
    /// Byte offset of the first character of every line.
    line_starts: Vec<u32>,
}

/// A 1-based line and column (columns count characters, not bytes).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LineCol {
    pub line: usize,
    pub col: usize,
}

impl fmt::Display for LineCol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

impl SourceFile {
    fn new(name: String, text: Arc<str>, is_library: bool) -> SourceFile {
        let mut line_starts = vec![0];
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                line_starts.push(i as u32 + 1);
            }
        }
        SourceFile { name, text, is_library, line_starts }
    }

    /// Line and column of a byte offset (clamped to the file).
    pub fn line_col(&self, offset: usize) -> LineCol {
        let offset = offset.min(self.text.len());
        let line = match self.line_starts.binary_search(&(offset as u32)) {
            Ok(l) => l,
            Err(l) => l - 1,
        };
        let start = self.line_starts[line] as usize;
        let col = self.text.get(start..offset).map_or(offset - start, |s| s.chars().count()) + 1;
        LineCol { line: line + 1, col }
    }
}

/// All source files of one compilation.
#[derive(Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    pub fn add(&mut self, name: impl Into<String>, text: impl Into<Arc<str>>, is_library: bool) -> FileId {
        let id = FileId(self.files.len() as u16);
        self.files.push(SourceFile::new(name.into(), text.into(), is_library));
        id
    }

    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    pub fn files(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files.iter().enumerate().map(|(i, f)| (FileId(i as u16), f))
    }

    /// The text a span covers.
    pub fn snippet(&self, span: Span) -> &str {
        self.file(span.file).text.get(span.range()).unwrap_or("")
    }

    /// `file:line:col` of the start of a span.
    pub fn location(&self, span: Span) -> String {
        let file = self.file(span.file);
        format!("{}:{}", file.name, file.line_col(span.lo as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_are_one_based() {
        let mut map = SourceMap::new();
        let f = map.add("a.nesl", "ab\ncd\n\nxé z", false);
        let file = map.file(f);
        assert_eq!(file.line_col(0), LineCol { line: 1, col: 1 });
        assert_eq!(file.line_col(4), LineCol { line: 2, col: 2 });
        assert_eq!(file.line_col(6), LineCol { line: 3, col: 1 });
        // 'é' is two bytes but one column.
        assert_eq!(file.line_col(11), LineCol { line: 4, col: 4 });
        assert_eq!(map.location(Span::new(f, 3, 5)), "a.nesl:2:1");
    }
}
