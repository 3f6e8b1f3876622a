//! The parser's error type, and how a failed parse becomes a [`Diagnostic`].
//!
//! A [`SyntaxError`] is what every `nom` parser of this module fails with.
//! It records *where* the parse failed (as the length of the input left
//! there, since every input is a suffix of the file's text) and *what* would
//! have been accepted there. The grammar mostly chooses by the next token,
//! so a parse usually fails at a single place; where alternatives are
//! tried (`nom`'s `alt` and friends), [`ParseError::or`] keeps the error of
//! the one that got furthest and, at equal positions, the union of their
//! expectations. A mistake that needs its own words (an unterminated
//! string, an int literal out of range, too deep a nesting) is a
//! [`SyntaxError::Custom`] carrying its finished diagnostic; those are
//! always raised as `nom::Err::Failure`.
//!
//! [`NeslParser::diagnose`] turns the error into the diagnostic the user
//! sees: `expected X, found Y`, the primary label on the offending token,
//! a secondary label on the bracket or keyword the expectation comes from,
//! and a help line where one helps.

use nom::error::{ErrorKind, ParseError};

use crate::diagnostic::{Diagnostic, ErrorClass};
use crate::source::Span;
use crate::syntax::lexical::Token;
use crate::syntax::parser::NeslParser;

/// One thing the parser would have accepted where it stopped.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Expected {
    /// A punctuation token or keyword, as written (`;`, `then`).
    Token(&'static str),
    /// A kind of phrase, with its article: "an expression".
    Phrase(&'static str),
    /// Something made of names, with its article: "a function name", "a
    /// pattern", "a type". Finding a keyword or `t`/`f` there earns a help.
    Named(&'static str),
    /// The `;` (or `$`) that ends a top-level form.
    EndOfForm,
    /// The token that completes a construct begun at `anchor`: the `)` of a
    /// call, the `then` of an `if`.
    Completion {
        token: &'static str,
        /// Completes the message `expected TOKEN ...`: "to close the call of `f`".
        purpose: String,
        anchor: Span,
        anchor_label: String,
        help: Option<&'static str>,
    },
}

/// Why a parser failed; see the module documentation.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum SyntaxError {
    Expected { remaining: usize, expected: Vec<Expected> },
    Custom { remaining: usize, diagnostic: Box<Diagnostic> },
}

impl SyntaxError {
    /// How much of the text was left where the parse failed: the smaller,
    /// the further the parser got.
    pub(super) fn remaining(&self) -> usize {
        match self {
            SyntaxError::Expected { remaining, .. } | SyntaxError::Custom { remaining, .. } => *remaining,
        }
    }
}

impl ParseError<&str> for SyntaxError {
    fn from_error_kind(input: &str, _kind: ErrorKind) -> SyntaxError {
        SyntaxError::Expected { remaining: input.len(), expected: Vec::new() }
    }

    fn append(_input: &str, _kind: ErrorKind, other: SyntaxError) -> SyntaxError {
        other
    }

    /// The error of the branch that got further wins; at the same place the
    /// expectations are merged, and a custom error beats a plain one.
    fn or(self, other: SyntaxError) -> SyntaxError {
        if self.remaining() != other.remaining() {
            return if self.remaining() < other.remaining() { self } else { other };
        }
        match (self, other) {
            (SyntaxError::Expected { remaining, mut expected }, SyntaxError::Expected { expected: more, .. }) => {
                for item in more {
                    if !expected.contains(&item) {
                        expected.push(item);
                    }
                }
                SyntaxError::Expected { remaining, expected }
            }
            (custom @ SyntaxError::Custom { .. }, _) | (_, custom @ SyntaxError::Custom { .. }) => custom,
        }
    }
}

/// At most this many syntax errors are reported for one file.
pub(super) const MAX_ERRORS: usize = 20;

const NON_ASCII_HELP: &str = "non-ASCII characters may appear only inside strings, character literals and comments";
const KEYWORD_AS_NAME_HELP: &str = "keywords cannot be used as names";
const BOOL_AS_NAME_HELP: &str = "`t` and `f` (in any case) are the boolean literals and cannot be used as names";
const END_OF_FORM_HELP: &str = "a top-level form ends with `;` (or `$`)";

impl<'src> NeslParser<'src> {
    /// A `nom` error saying that `expected` was wanted at `at`.
    pub(super) fn expected(&self, at: &'src str, expected: Expected) -> nom::Err<SyntaxError> {
        nom::Err::Error(SyntaxError::Expected { remaining: at.len(), expected: vec![expected] })
    }

    /// A `nom` failure carrying a finished diagnostic about the text at `at`.
    pub(super) fn custom(&self, at: &'src str, diagnostic: Diagnostic) -> nom::Err<SyntaxError> {
        nom::Err::Failure(SyntaxError::Custom { remaining: at.len(), diagnostic: Box::new(diagnostic) })
    }

    /// The diagnostic a failed parse reports.
    pub(super) fn diagnose(&self, error: SyntaxError) -> Diagnostic {
        match error {
            SyntaxError::Custom { diagnostic, .. } => *diagnostic,
            SyntaxError::Expected { remaining, expected } => self.diagnose_expected(remaining, &expected),
        }
    }

    fn diagnose_expected(&self, remaining: usize, expected: &[Expected]) -> Diagnostic {
        let offset = self.text.len().saturating_sub(remaining);
        let (found, found_span, found_token) = self.describe_token_at(offset);

        let completion = expected.iter().find_map(|e| match e {
            Expected::Completion { token, purpose, anchor, anchor_label, help } => {
                Some((token, purpose, anchor, anchor_label, help))
            }
            _ => None,
        });
        let mut diagnostic = match completion {
            Some((token, purpose, anchor, anchor_label, help)) => {
                let mut d = Diagnostic::new(ErrorClass::Syntax, format!("expected `{token}` {purpose}, found {found}"))
                    .with_primary(found_span, format!("expected `{token}`"))
                    .with_secondary(*anchor, anchor_label.clone());
                if let Some(help) = help {
                    d = d.with_help(*help);
                }
                d
            }
            None => {
                let list = expectation_list(expected);
                let message = if list.is_empty() {
                    format!("unexpected {found}")
                } else {
                    format!("expected {list}, found {found}")
                };
                let label = if list.is_empty() { "unexpected".to_string() } else { format!("expected {list}") };
                Diagnostic::new(ErrorClass::Syntax, message).with_primary(found_span, label)
            }
        };

        if diagnostic.help.is_none() {
            let wants_name = expected.iter().any(|e| matches!(e, Expected::Named(_)));
            let help = match found_token {
                Some(Token::Unknown(c)) if !c.is_ascii() => Some(NON_ASCII_HELP),
                Some(Token::Keyword(_)) if wants_name => Some(KEYWORD_AS_NAME_HELP),
                Some(Token::Bool(_)) if wants_name => Some(BOOL_AS_NAME_HELP),
                _ if expected.contains(&Expected::EndOfForm) => Some(END_OF_FORM_HELP),
                _ => None,
            };
            if let Some(help) = help {
                diagnostic = diagnostic.with_help(help);
            }
        }
        diagnostic
    }

    /// How to name the token at `offset` in a message ("`;`", "the keyword
    /// `then`", "the end of the file"), its span, and the token itself.
    fn describe_token_at(&self, offset: usize) -> (String, Span, Option<Token<'src>>) {
        let at = self.text.get(offset..).unwrap_or("");
        match self.lex(at) {
            Ok(lexed) => (describe_token(lexed.token, self.snippet(lexed.span)), lexed.span, Some(lexed.token)),
            Err(_) => {
                // The token there is malformed itself (an unterminated
                // string): name its first character.
                let width = at.chars().next().map_or(0, char::len_utf8);
                let span = self.span(offset, offset + width);
                (format!("`{}`", &at[..width]), span, None)
            }
        }
    }

    pub(super) fn snippet(&self, span: Span) -> &'src str {
        self.text.get(span.range()).unwrap_or("")
    }
}

fn describe_token(token: Token<'_>, text: &str) -> String {
    match token {
        Token::End => "the end of the file".to_string(),
        Token::Keyword(_) => format!("the keyword `{text}`"),
        Token::String(_) => "a string".to_string(),
        Token::Char(_) => "a character literal".to_string(),
        Token::Unknown(c) if c.is_control() => format!("the control character U+{:04X}", c as u32),
        Token::Int(_) | Token::Float(_) | Token::Name(_) | Token::Bool(_) | Token::Punct(_) | Token::Unknown(_) => {
            format!("`{}`", shorten(text))
        }
    }
}

/// Long literals and names are cut in messages.
pub(super) fn shorten(text: &str) -> String {
    const MAX_CHARS: usize = 24;
    if text.chars().count() <= MAX_CHARS {
        text.to_string()
    } else {
        let head: String = text.chars().take(MAX_CHARS).collect();
        format!("{head}...")
    }
}

/// "`)`", "`:` or `in`", "`function`, `datatype` or an expression".
fn expectation_list(expected: &[Expected]) -> String {
    let mut items: Vec<String> = Vec::new();
    for e in expected {
        let text = match e {
            Expected::Token(token) => format!("`{token}`"),
            Expected::EndOfForm => "`;`".to_string(),
            Expected::Phrase(_) | Expected::Named(_) | Expected::Completion { .. } => continue,
        };
        if !items.contains(&text) {
            items.push(text);
        }
    }
    for e in expected {
        if let Expected::Phrase(phrase) | Expected::Named(phrase) = e {
            let text = phrase.to_string();
            if !items.contains(&text) {
                items.push(text);
            }
        }
    }
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expected(remaining: usize, tokens: &[&'static str]) -> SyntaxError {
        SyntaxError::Expected { remaining, expected: tokens.iter().map(|t| Expected::Token(t)).collect() }
    }

    #[test]
    fn the_furthest_error_wins_and_ties_merge_their_expectations() {
        assert_eq!(expected(5, &[")"]).or(expected(3, &["]"])), expected(3, &["]"]));
        assert_eq!(expected(3, &["]"]).or(expected(5, &[")"])), expected(3, &["]"]));
        assert_eq!(expected(4, &[":", "in"]).or(expected(4, &["in", "|"])), expected(4, &[":", "in", "|"]));
        let custom =
            SyntaxError::Custom { remaining: 4, diagnostic: Box::new(Diagnostic::new(ErrorClass::Syntax, "x")) };
        assert_eq!(expected(4, &[";"]).or(custom.clone()), custom);
    }

    #[test]
    fn expectations_are_listed_tokens_first() {
        let list = [Expected::Phrase("an expression"), Expected::Token("function"), Expected::Token("datatype")];
        assert_eq!(expectation_list(&list), "`function`, `datatype` or an expression");
        assert_eq!(expectation_list(&[Expected::EndOfForm]), "`;`");
    }
}
