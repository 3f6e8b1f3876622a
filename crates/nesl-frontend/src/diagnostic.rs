//! User-facing diagnostics.
//!
//! A [`Diagnostic`] is a mistake in the user's program: a syntax, name or
//! type error found while compiling (exit code 1), or a fault of the NESL
//! program found while running it (exit code 3). Each carries a message,
//! labelled source spans and a help line, and renders through `miette` with
//! `file:line:col` and a source excerpt.
//!
//! Compiler bugs are not diagnostics: later stages have their own internal
//! error types that say "compiler bug" or "not supported yet".

use std::fmt;

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceSpan};

use crate::source::{SourceMap, Span};

/// What went wrong, coarsely; decides the exit code and the `miette` code.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ErrorClass {
    /// The text does not parse.
    Syntax,
    /// An unbound or duplicate name.
    Name,
    /// Two types that should be equal are not.
    Type,
    /// A call with the wrong number of arguments.
    Arity,
    /// A type outside the class a type variable is restricted to.
    Class,
    /// A NESL feature that nessie deliberately does not support.
    Unsupported,
    /// A fault of the NESL program while it runs.
    Runtime,
}

impl ErrorClass {
    /// The process exit code of CONTRACT.md for this class.
    pub fn exit_code(self) -> i32 {
        match self {
            ErrorClass::Runtime => 3,
            _ => 1,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            ErrorClass::Syntax => "nessie::syntax",
            ErrorClass::Name => "nessie::name",
            ErrorClass::Type => "nessie::type",
            ErrorClass::Arity => "nessie::arity",
            ErrorClass::Class => "nessie::type_class",
            ErrorClass::Unsupported => "nessie::unsupported",
            ErrorClass::Runtime => "nessie::runtime",
        }
    }
}

/// A labelled span. The primary label says where the error is; secondary
/// labels point at related places (the other type of a mismatch, a
/// definition).
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub span: Span,
    pub message: String,
    pub is_primary: bool,
}

/// One error in the user's program.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub class: ErrorClass,
    pub message: String,
    pub labels: Vec<Label>,
    pub help: Option<String>,
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn new(class: ErrorClass, message: impl Into<String>) -> Diagnostic {
        Diagnostic { class, message: message.into(), labels: Vec::new(), help: None, notes: Vec::new() }
    }

    /// Adds the primary label: where the error is.
    pub fn with_primary(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.labels.push(Label { span, message: message.into(), is_primary: true });
        self
    }

    /// Adds a secondary label: a related place.
    pub fn with_secondary(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.labels.push(Label { span, message: message.into(), is_primary: false });
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    pub fn exit_code(&self) -> i32 {
        self.class.exit_code()
    }

    /// The span of the primary label, if any.
    pub fn primary_span(&self) -> Option<Span> {
        self.labels.iter().find(|l| l.is_primary).or(self.labels.first()).map(|l| l.span)
    }

    /// Renders the diagnostic with source excerpts, for stderr.
    ///
    /// The first line is always `error: FILE:LINE:COL: MESSAGE` (when the
    /// diagnostic has a span), so that scripts and tests can match the
    /// position without parsing the excerpt.
    pub fn render(&self, sources: &SourceMap, color: bool) -> String {
        let mut out = String::new();
        match self.primary_span() {
            Some(span) => out.push_str(&format!("error: {}: {}\n", sources.location(span), self.message)),
            None => out.push_str(&format!("error: {}\n", self.message)),
        }
        let theme = if color { GraphicalTheme::unicode() } else { GraphicalTheme::unicode_nocolor() };
        let handler = GraphicalReportHandler::new_themed(theme).with_width(100);
        let report = MietteReport::new(self, sources);
        let mut body = String::new();
        if handler.render_report(&mut body, &report).is_ok() {
            // miette opens with the code and the message, which the first
            // line already gave; keep the excerpt, help and related parts.
            let mut lines = body.lines().peekable();
            if body.contains("× ") {
                for line in lines.by_ref() {
                    if line.trim_start().starts_with("× ") {
                        break;
                    }
                }
            }
            for line in lines {
                out.push_str(line);
                out.push('\n');
            }
        }
        out
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Diagnostic {}

/// The labels of one file, as `miette` wants them: `miette` shows one source
/// per diagnostic, so labels in other files become related reports.
struct MietteReport {
    code: &'static str,
    message: String,
    help: Option<String>,
    source: Option<NamedSource<String>>,
    labels: Vec<LabeledSpan>,
    related: Vec<MietteReport>,
}

impl MietteReport {
    fn new(diag: &Diagnostic, sources: &SourceMap) -> MietteReport {
        let mut help = diag.help.clone();
        for note in &diag.notes {
            let h = help.get_or_insert_with(String::new);
            if !h.is_empty() {
                h.push('\n');
            }
            h.push_str("note: ");
            h.push_str(note);
        }
        let Some(primary) = diag.primary_span() else {
            return MietteReport {
                code: diag.class.code(),
                message: diag.message.clone(),
                help,
                source: None,
                labels: vec![],
                related: vec![],
            };
        };
        let file = primary.file;
        let mut labels = Vec::new();
        let mut related = Vec::new();
        for label in &diag.labels {
            let span = SourceSpan::new((label.span.lo as usize).into(), label.span.len());
            let text = (!label.message.is_empty()).then(|| label.message.clone());
            if label.span.file == file {
                labels.push(if label.is_primary {
                    LabeledSpan::new_primary_with_span(text, span)
                } else {
                    LabeledSpan::new_with_span(text, span)
                });
            } else {
                let other = sources.file(label.span.file);
                related.push(MietteReport {
                    code: diag.class.code(),
                    message: format!("see {}", sources.location(label.span)),
                    help: None,
                    source: Some(NamedSource::new(other.name.clone(), other.text.to_string())),
                    labels: vec![LabeledSpan::new_with_span(text, span)],
                    related: vec![],
                });
            }
        }
        let f = sources.file(file);
        MietteReport {
            code: diag.class.code(),
            message: diag.message.clone(),
            help,
            source: Some(NamedSource::new(f.name.clone(), f.text.to_string())),
            labels,
            related,
        }
    }
}

impl fmt::Debug for MietteReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Display for MietteReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for MietteReport {}

impl miette::Diagnostic for MietteReport {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help.as_ref().map(|h| Box::new(h.as_str()) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.source.as_ref().map(|s| s as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.labels.is_empty() { None } else { Some(Box::new(self.labels.iter().cloned())) }
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>> {
        if self.related.is_empty() {
            None
        } else {
            Some(Box::new(self.related.iter().map(|r| r as &dyn miette::Diagnostic)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn render_names_the_position_and_shows_the_excerpt() {
        let mut sources = SourceMap::new();
        let f = sources.add("prog.nesl", "x = 1;\ny = foo + 2;\n", false);
        let diag = Diagnostic::new(ErrorClass::Name, "unbound variable `foo`")
            .with_primary(Span::new(f, 11, 14), "not defined")
            .with_help("did you mean `for`?");
        let text = diag.render(&sources, false);
        assert!(text.starts_with("error: prog.nesl:2:5: unbound variable `foo`\n"), "{text}");
        assert!(text.contains("y = foo + 2;"), "{text}");
        assert!(text.contains("not defined"), "{text}");
        assert!(text.contains("did you mean `for`?"), "{text}");
        assert_eq!(diag.exit_code(), 1);
    }
}
