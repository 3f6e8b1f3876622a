//! The `nom` parser: NESL text to the surface AST of [`crate::syntax::ast`].
//!
//! # Shape
//! The parser reads the file's `&str` directly; there is no token stream.
//! Every parsing function is a method of [`NeslParser`], which holds the
//! whole text, so a span is always "the file's length minus the length of
//! the input left", and every function takes the input left and returns
//! `nom`'s `IResult` ([`PResult`]). `nom` supplies the lexical combinators
//! (in [`crate::syntax::lexical`]), the list combinators, and the commit
//! discipline (`cut`); the grammar is otherwise written by hand, choosing
//! each rule by the next token (one token of look-ahead is enough for
//! NESL), so that no prefix is ever parsed twice. The lexical decisions
//! (what a float is, which escapes a string has, ...) are listed in
//! `lexical.rs`.
//!
//! # How the grammar maps to functions
//! | rule | function | file |
//! |---|---|---|
//! | file: forms until the end, with recovery | [`NeslParser::module`] | here |
//! | form: `function`, `datatype`, `PAT = EXPR ;`, `EXPR ;`, unsupported | `item` and its helpers | here |
//! | expression, level 4: `e1, e2` | `expr`, `pairs` | `expr.rs` |
//! | levels 7 to 24: binary operators | `binary` (precedence climbing) | `expr.rs` |
//! | level 25: prefix `#`, `@`, `-` | `prefix` | `expr.rs` |
//! | level 30: `s[i]` | `postfix` | `expr.rs` |
//! | atoms, calls, `( )`, `[ ]`, `{ }`, `if`, `let` | `primary` and one function per form | `expr.rs` |
//! | patterns | `pattern`, `expr_to_pattern` | `expr.rs` |
//! | types, signatures, class constraints | `type_expr`, `signature`, `constraints` | `types.rs` |
//! | tokens, whitespace, comments | `lex`, `trivia` | `lexical.rs` |
//!
//! Binary operators are parsed by precedence climbing: `binary(min)` reads
//! an operand, then loops over operators of precedence at least `min`,
//! reading each right operand with `binary(precedence + 1)`, so each level
//! costs one call instead of one function per level, and left associativity
//! falls out of the loop. The `,` of level 4 is right associative and is
//! read as a loop too, folded from the right. `if` and `let` extend as far
//! right as they can: their last part is read at the loosest level the
//! surrounding brackets allow ([`Level`]): with pairs at the top of a form
//! or inside `( )`, without them in a call's argument or a sequence element.
//!
//! Where a form could begin like another, the parser reads the common part
//! once and decides after: a top-level form is read as an expression, and
//! becomes a binding's pattern if `=` follows ([`NeslParser::expr_to_pattern`]);
//! the first phrase in `{ }` is the body if `:` follows and the pattern of
//! the filter shorthand if `in` does.
//!
//! # Errors
//! Every parser fails with a [`SyntaxError`] (see `errors.rs`): the place it
//! stopped and what it expected there. A rule that has seen its first token
//! is committed: its later parts are wrapped in `cut` (or, for a direct
//! call of a recursive rule, their error goes through [`commit`], the same
//! thing), so their failure stops the form instead of letting an outer rule
//! try something else and report a worse place. Lexical mistakes (an unterminated string, a bad
//! escape) and semantic-looking ones found while parsing (an int literal
//! out of range, a nesting deeper than [`MAX_NESTING`]) carry their own
//! diagnostic. [`NeslParser::diagnose`] writes the message, naming the token
//! found, and a secondary label at the bracket or keyword that the missing
//! token would have closed.
//!
//! After an error the parser skips to the end of the broken form
//! ([`NeslParser::scan_form_end`]: the next `;` or `$` outside brackets and
//! outside an unfinished `let`, or the next `function` / `datatype`) and
//! goes on, so independent mistakes in several forms are all reported, up
//! to [`MAX_ERRORS`].
//!
//! # Nesting
//! Later passes recurse over the tree, and so does this parser. Every
//! bracket, prefix operator, `if` and `let`, and every link of an operator
//! or `,` chain, counts one level ([`NeslParser::descend`],
//! [`NeslParser::deepen`]); past [`MAX_NESTING`] levels the parser reports
//! "expression nested too deeply" instead of overflowing the stack. A tree
//! that parses is therefore at most about twice that deep.

use std::cell::Cell;

use nom::combinator::{cut, opt};
use nom::multi::separated_list1;
use nom::sequence::preceded;
use nom::{IResult, Parser};

use crate::diagnostic::{Diagnostic, ErrorClass};
use crate::source::{FileId, SourceMap, Span};
use crate::syntax::ast::{DatatypeDef, FunctionDef, Ident, Item, ItemKind, Module, TypeSignature};
use crate::syntax::errors::{Expected, MAX_ERRORS, SyntaxError};
use crate::syntax::expr::Level;
use crate::syntax::lexical::{Keyword, Lexed, Punct, Token, unescape};

/// The deepest nesting accepted (see the module documentation).
pub(super) const MAX_NESTING: u32 = 200;

/// The result of every parsing function.
pub(super) type PResult<'src, T> = IResult<&'src str, T, SyntaxError>;

/// Parses one file into its top-level forms.
///
/// On failure, returns every syntax error found, each with
/// [`ErrorClass::Syntax`]: one per broken top-level form, at most 20 (the
/// last then notes that the parser stopped).
pub fn parse_file(sources: &SourceMap, file: FileId) -> Result<Module, Vec<Diagnostic>> {
    let (module, diagnostics) = parse_file_recovering(sources, file);
    if diagnostics.is_empty() { Ok(module) } else { Err(diagnostics) }
}

/// Parses one file into the top-level forms that parse, and the syntax
/// errors of those that do not (each broken form is skipped, as NESL 3.1's
/// reader skips it: see note [erroneous forms] in `lib.rs`).
pub fn parse_file_recovering(sources: &SourceMap, file: FileId) -> (Module, Vec<Diagnostic>) {
    let text: &str = &sources.file(file).text;
    NeslParser::new(text, file).module()
}

/// Parses a type signature written in NESL syntax (`(a, int) -> [a] :: (a in
/// number)`, or a bare type for a constant), as used by the builtin table.
/// `file` is the file whose text `text` is (for spans).
///
/// A bare type (`"float"`, `"(int, bool)"`), the signature of a constant,
/// is returned as a signature with no parameters whose `result` is that
/// type. A single parameter may be written without parentheses
/// (`int -> int`); `() -> int` has no parameters.
pub fn parse_type_signature(text: &str, file: FileId) -> Result<TypeSignature, Diagnostic> {
    let parser = NeslParser::new(text, file);
    let parsed = parser.signature(text).and_then(|(rest, signature)| {
        let end = parser.lex(rest)?;
        match end.token {
            Token::End => Ok(signature),
            _ => Err(parser.expected(end.at, Expected::Phrase("the end of the signature"))),
        }
    });
    parsed.map_err(|error| parser.diagnose(into_syntax_error(error)))
}

/// The state of one parse: the text, and how deeply the current phrase is
/// nested.
pub(super) struct NeslParser<'src> {
    pub(super) text: &'src str,
    file: FileId,
    depth: Cell<u32>,
    /// The last token read, and the length of the input it was read from
    /// (see [`NeslParser::lex`]).
    pub(super) last_lexed: Cell<Option<(usize, Lexed<'src>)>>,
}

/// Restores the nesting depth it was made at when dropped.
pub(super) struct DepthGuard<'p> {
    depth: &'p Cell<u32>,
    saved: u32,
}

impl Drop for DepthGuard<'_> {
    fn drop(&mut self) {
        self.depth.set(self.saved);
    }
}

/// Where a form that failed to parse most likely ends.
enum FormEnd {
    /// Just after its `;` or `$`.
    AfterTerminator(usize),
    /// At the `function` or `datatype` beginning the next form.
    BeforeDefinition(usize),
    EndOfText,
}

/// NESL 3.1's interactive commands (`load "f.nesl";`, `set verbose on;`):
/// a form that begins with one of these words followed directly by a word
/// or literal is reported as unsupported.
const INTERACTIVE_COMMANDS: [&str; 8] = ["load", "set", "show", "describe", "help", "dump", "exit", "lisp"];

impl<'src> NeslParser<'src> {
    fn new(text: &'src str, file: FileId) -> NeslParser<'src> {
        NeslParser { text, file, depth: Cell::new(0), last_lexed: Cell::new(None) }
    }

    /// The byte offset in the text of `at`, a suffix of it.
    pub(super) fn offset(&self, at: &'src str) -> usize {
        self.text.len() - at.len()
    }

    pub(super) fn span(&self, lo: usize, hi: usize) -> Span {
        Span::new(self.file, lo, hi)
    }

    pub(super) fn ident(&self, written: &str, span: Span) -> Ident {
        Ident { name: written.to_ascii_lowercase(), span }
    }

    // ----- Nesting -------------------------------------------------------

    /// Remembers the nesting depth, to be restored when the guard drops; a
    /// chain of operators [`deepens`](Self::deepen) under it.
    pub(super) fn depth_mark(&self) -> DepthGuard<'_> {
        DepthGuard { depth: &self.depth, saved: self.depth.get() }
    }

    /// Enters one more level of nesting (a bracket, a prefix operator, `if`,
    /// `let`) for as long as the guard lives.
    pub(super) fn descend(&self, at: &'src str) -> Result<DepthGuard<'_>, nom::Err<SyntaxError>> {
        let guard = self.depth_mark();
        self.deepen(at)?;
        Ok(guard)
    }

    /// Adds one level of nesting, until the enclosing guard drops.
    pub(super) fn deepen(&self, input: &'src str) -> Result<(), nom::Err<SyntaxError>> {
        let depth = self.depth.get() + 1;
        if depth <= MAX_NESTING {
            self.depth.set(depth);
            return Ok(());
        }
        let at = self.trivia(input).map_or(input, |(at, ())| at);
        let width = at.chars().next().map_or(0, char::len_utf8);
        Err(self.custom(
            at,
            Diagnostic::new(ErrorClass::Syntax, "expression nested too deeply")
                .with_primary(self.span_at(at, width), format!("more than {MAX_NESTING} levels of nesting here"))
                .with_help(format!(
                    "nessie accepts at most {MAX_NESTING} nested brackets, prefix operators, `if`s and `let`s, \
                     counting each operator of a chain; name the inner parts with `let` or a function"
                )),
        ))
    }

    // ----- Tokens the grammar asks for ------------------------------------

    /// A parser for the token `wanted`, failing with `expected()` (an error
    /// the caller may `cut`).
    pub(super) fn token(
        &self,
        wanted: Token<'static>,
        expected: impl Fn() -> Expected,
    ) -> impl Parser<&'src str, Output = Span, Error = SyntaxError> {
        move |input: &'src str| {
            let lexed = self.lex(input)?;
            if lexed.token == wanted { Ok((lexed.rest, lexed.span)) } else { Err(self.expected(lexed.at, expected())) }
        }
    }

    pub(super) fn punct(&self, punct: Punct) -> impl Parser<&'src str, Output = Span, Error = SyntaxError> {
        self.token(Token::Punct(punct), move || Expected::Token(punct.text()))
    }

    pub(super) fn keyword(&self, keyword: Keyword) -> impl Parser<&'src str, Output = Span, Error = SyntaxError> {
        self.token(Token::Keyword(keyword), move || Expected::Token(keyword.text()))
    }

    /// The closing bracket `close` of `construct` ("the call of `f`"), whose
    /// opening bracket is at `open`.
    pub(super) fn closing(
        &self,
        close: Punct,
        open: Span,
        construct: impl Fn() -> String,
    ) -> impl Parser<&'src str, Output = Span, Error = SyntaxError> {
        let opening = match close {
            Punct::RightBracket => "[",
            Punct::RightBrace => "{",
            _ => "(",
        };
        self.token(Token::Punct(close), move || Expected::Completion {
            token: close.text(),
            purpose: format!("to close {}", construct()),
            anchor: open,
            anchor_label: format!("unclosed `{opening}`"),
            help: None,
        })
    }

    /// A name (a function's, a datatype's, a type variable's): an
    /// identifier that is not a keyword. `what` says which, with its article.
    pub(super) fn name(&self, what: &'static str) -> impl Parser<&'src str, Output = Ident, Error = SyntaxError> {
        move |input: &'src str| {
            let lexed = self.lex(input)?;
            match lexed.token {
                Token::Name(word) => Ok((lexed.rest, self.ident(word, lexed.span))),
                _ => Err(self.expected(lexed.at, Expected::Named(what))),
            }
        }
    }

    /// A committed failure: `expected` was required at `at`.
    pub(super) fn failure(&self, at: &'src str, expected: Expected) -> nom::Err<SyntaxError> {
        commit(self.expected(at, expected))
    }

    /// `item, ..., item` up to the bracket `close`, starting just after the
    /// opening bracket at `open`; each item is committed. Returns the items
    /// and the closing bracket's span.
    pub(super) fn comma_list<T>(
        &self,
        after_open: &'src str,
        open: Span,
        close: Punct,
        construct: impl Fn() -> String,
        may_be_empty: bool,
        item: impl FnMut(&'src str) -> PResult<'src, T>,
    ) -> PResult<'src, (Vec<T>, Span)> {
        let next = self.lex(after_open)?;
        if may_be_empty && next.token == Token::Punct(close) {
            return Ok((next.rest, (Vec::new(), next.span)));
        }
        let (rest, items) = separated_list1(self.punct(Punct::Comma), cut(item)).parse(after_open)?;
        let (rest, close_span) = cut(self.closing(close, open, construct)).parse(rest)?;
        Ok((rest, (items, close_span)))
    }

    // ----- Top-level forms --------------------------------------------------

    /// All the forms of the file, or every syntax error found.
    fn module(&self) -> (Module, Vec<Diagnostic>) {
        let mut items = Vec::new();
        let mut diagnostics: Vec<Diagnostic> = Vec::new();
        let mut input = self.text;
        loop {
            let form_start = match self.trivia(input) {
                Ok((form_start, ())) => form_start,
                Err(error) => {
                    diagnostics.push(self.diagnose(into_syntax_error(error)));
                    break;
                }
            };
            if form_start.is_empty() {
                break;
            }
            if diagnostics.len() == MAX_ERRORS {
                if let Some(last) = diagnostics.pop() {
                    diagnostics.push(last.with_note(format!("stopped after {MAX_ERRORS} syntax errors")));
                }
                break;
            }
            self.depth.set(0);
            match self.item(form_start) {
                Ok((rest, item)) => {
                    items.extend(item);
                    input = rest;
                }
                Err(error) => {
                    let error = into_syntax_error(error);
                    let error_offset = self.text.len().saturating_sub(error.remaining());
                    diagnostics.push(self.diagnose(error));
                    let resume = match self.scan_form_end(self.offset(form_start), error_offset) {
                        FormEnd::AfterTerminator(offset) | FormEnd::BeforeDefinition(offset) => offset,
                        FormEnd::EndOfText => self.text.len(),
                    };
                    input = &self.text[resume..];
                }
            }
        }
        (Module { items }, diagnostics)
    }

    /// One top-level form; `None` for an empty one (a lone `;`).
    fn item(&self, form_start: &'src str) -> PResult<'src, Option<Item>> {
        let first = self.lex(form_start)?;
        let (rest, item) = match first.token {
            Token::Punct(Punct::Semicolon | Punct::Dollar) => return Ok((first.rest, None)),
            Token::Keyword(Keyword::Function) => self.function_definition(first)?,
            Token::Keyword(Keyword::Datatype) => self.datatype_definition(first)?,
            Token::Name(word)
                if word.eq_ignore_ascii_case("load")
                    && (self.is_juxtaposed(first.rest)?
                        || self.lex(first.rest)?.token == Token::Punct(Punct::LeftParen)) =>
            {
                let (rest, path) = self.expr(first.rest, Level::WithPairs).map_err(commit)?;
                let (rest, end) = cut(self.form_end()).parse(rest)?;
                return Ok((rest, Some(Item { kind: ItemKind::Load { path }, span: first.span.to(end) })));
            }
            Token::Name(word)
                if INTERACTIVE_COMMANDS.iter().any(|command| command.eq_ignore_ascii_case(word))
                    && self.is_juxtaposed(first.rest)? =>
            {
                let what = format!("NESL's interactive command `{}`", word.to_ascii_lowercase());
                self.unsupported_form(first, what)?
            }
            _ => self.binding_or_expression(first)?,
        };
        Ok((rest, Some(item)))
    }

    /// The `;` or `$` that ends a form.
    fn form_end(&self) -> impl Parser<&'src str, Output = Span, Error = SyntaxError> {
        move |input: &'src str| {
            let lexed = self.lex(input)?;
            match lexed.token {
                Token::Punct(Punct::Semicolon | Punct::Dollar) => Ok((lexed.rest, lexed.span)),
                _ => Err(self.expected(lexed.at, Expected::EndOfForm)),
            }
        }
    }

    /// `function NAME(PAT, ...) [: SIGNATURE] ["doc"] = EXPR ;`
    fn function_definition(&self, keyword: Lexed<'src>) -> PResult<'src, Item> {
        let (rest, name) = cut(self.name("a function name")).parse(keyword.rest)?;
        let (rest, open) = cut(self.token(Token::Punct(Punct::LeftParen), || Expected::Completion {
            token: "(",
            purpose: format!("to begin the parameters of `{}`", name.name),
            anchor: name.span,
            anchor_label: "the function's name".to_string(),
            help: Some("a function without parameters is written `function name() = ...`"),
        }))
        .parse(rest)?;
        let (rest, (params, _)) = self.comma_list(
            rest,
            open,
            Punct::RightParen,
            || format!("the parameters of `{}`", name.name),
            true,
            |input| self.pattern(input),
        )?;
        let (rest, signature) =
            opt(preceded(self.punct(Punct::Colon), cut(|input| self.signature(input)))).parse(rest)?;
        let doc_token = self.lex(rest)?;
        let (rest, doc) = match doc_token.token {
            Token::String(raw) => (doc_token.rest, Some(unescape(raw))),
            _ => (rest, None),
        };
        if signature.is_some()
            && let Ok((after, end)) = self.form_end().parse(rest)
        {
            // `function f(x) : t;`: a declaration without a body.
            let definition = FunctionDef { name, params, signature, doc, body: None };
            return Ok((after, Item { kind: ItemKind::Function(definition), span: keyword.span.to(end) }));
        }
        let (rest, _) = cut(self.punct(Punct::Equals)).parse(rest)?;
        let (rest, body) = self.expr(rest, Level::WithPairs).map_err(commit)?;
        let (rest, end) = cut(self.form_end()).parse(rest)?;
        let definition = FunctionDef { name, params, signature, doc, body: Some(body) };
        Ok((rest, Item { kind: ItemKind::Function(definition), span: keyword.span.to(end) }))
    }

    /// `datatype NAME(TYPE, ...) [:: (a in CLASS; ...)] ;`
    fn datatype_definition(&self, keyword: Lexed<'src>) -> PResult<'src, Item> {
        let (rest, name) = cut(self.name("a datatype name")).parse(keyword.rest)?;
        let (rest, open) = cut(self.punct(Punct::LeftParen)).parse(rest)?;
        let (rest, (fields, _)) = self.comma_list(
            rest,
            open,
            Punct::RightParen,
            || format!("the fields of `{}`", name.name),
            true,
            |input| self.type_expr(input),
        )?;
        let (rest, constraints) = self.optional_constraints(rest)?;
        let (rest, end) = cut(self.form_end()).parse(rest)?;
        let definition = DatatypeDef { name, fields, constraints };
        Ok((rest, Item { kind: ItemKind::Datatype(definition), span: keyword.span.to(end) }))
    }

    /// `PAT = EXPR ;` or `EXPR ;`, or the unsupported `NAME &= EXPR ;` and
    /// `NAME |= EXPR ;`.
    fn binding_or_expression(&self, first: Lexed<'src>) -> PResult<'src, Item> {
        let (rest, expr) = self.expr(first.at, Level::WithPairs).map_err(|error| match error {
            nom::Err::Error(SyntaxError::Expected { remaining, .. }) if remaining == first.at.len() => {
                self.expected(first.at, Expected::Phrase("a definition or an expression"))
            }
            other => other,
        })?;
        let next = self.lex(rest)?;
        match next.token {
            Token::Punct(Punct::Equals) => {
                let pattern = self.expr_to_pattern(&expr)?;
                let (rest, value) = self.expr(next.rest, Level::WithPairs).map_err(commit)?;
                let (rest, end) = cut(self.form_end()).parse(rest)?;
                Ok((rest, Item { kind: ItemKind::Binding { pattern, value }, span: first.span.to(end) }))
            }
            Token::Punct(Punct::AmpersandEqual) => {
                self.unsupported_form(first, "background bindings (`name &= expression`)".to_string())
            }
            Token::Punct(Punct::BarEqual) => {
                self.unsupported_form(first, "file bindings (`name |= expression`)".to_string())
            }
            _ => {
                let (rest, end) = cut(self.form_end()).parse(rest)?;
                Ok((rest, Item { kind: ItemKind::Expr(expr), span: first.span.to(end) }))
            }
        }
    }

    /// Whether the token after an interactive command's word is one that
    /// could not follow a variable in an expression (a word or a literal).
    fn is_juxtaposed(&self, after_word: &'src str) -> Result<bool, nom::Err<SyntaxError>> {
        Ok(matches!(
            self.lex(after_word)?.token,
            Token::Name(_) | Token::String(_) | Token::Int(_) | Token::Float(_) | Token::Char(_) | Token::Bool(_)
        ))
    }

    /// A form nessie recognises but does not support, skipped up to its end.
    fn unsupported_form(&self, first: Lexed<'src>, what: String) -> PResult<'src, Item> {
        let start = self.offset(first.at);
        match self.scan_form_end(start, start) {
            FormEnd::AfterTerminator(end) => {
                Ok((&self.text[end..], Item { kind: ItemKind::Unsupported { what }, span: self.span(start, end) }))
            }
            FormEnd::BeforeDefinition(offset) => Err(self.failure(&self.text[offset..], Expected::EndOfForm)),
            FormEnd::EndOfText => Err(self.failure(&self.text[self.text.len()..], Expected::EndOfForm)),
        }
    }

    /// Finds where the form beginning at `form_start` ends, looking for its
    /// terminator from `not_before` on. A deliberately rough reading: it
    /// knows strings, comments, character literals, brackets and `let ...
    /// in`, so that a `;` inside brackets or between `let` bindings is not
    /// taken for the end, and stops before a `function` or `datatype`, which
    /// only begin forms. A `;` right at `not_before` (where an error was
    /// found) ends the form even inside `( )` or `[ ]`: a bracket left open
    /// before a `;` is a likelier mistake than a form continuing past it.
    fn scan_form_end(&self, form_start: usize, not_before: usize) -> FormEnd {
        let bytes = self.text.as_bytes();
        let mut i = form_start;
        let mut open_brackets: Vec<u8> = Vec::new();
        // The bracket depth of each `let` still waiting for its `in`.
        let mut open_lets: Vec<usize> = Vec::new();
        while let Some(&byte) = bytes.get(i) {
            match byte {
                b'%' => match self.text[i + 1..].find('%') {
                    Some(length) => i += length + 2,
                    None => return FormEnd::EndOfText,
                },
                b'"' => {
                    i += 1;
                    loop {
                        match bytes.get(i) {
                            None => return FormEnd::EndOfText,
                            Some(b'\\') => i += 2,
                            Some(b'"') => break,
                            Some(_) => i += 1,
                        }
                    }
                    i += 1;
                }
                b'`' => i += 1 + bytes.get(i + 1).map_or(0, |&next| utf8_width(next)),
                b'(' | b'[' | b'{' => {
                    open_brackets.push(byte);
                    i += 1;
                }
                b')' | b']' | b'}' => {
                    open_brackets.pop();
                    open_lets.retain(|&let_depth| let_depth <= open_brackets.len());
                    i += 1;
                }
                b';' | b'$' => {
                    let ends_form = open_lets.is_empty()
                        && (open_brackets.is_empty() || (i == not_before && !open_brackets.contains(&b'{')));
                    if i >= not_before && ends_form {
                        return FormEnd::AfterTerminator(i + 1);
                    }
                    i += 1;
                }
                _ if byte.is_ascii_alphabetic() || byte == b'_' => {
                    let length = bytes[i..].iter().take_while(|b| b.is_ascii_alphanumeric() || **b == b'_').count();
                    let word = &self.text[i..i + length];
                    if word.eq_ignore_ascii_case("let") {
                        open_lets.push(open_brackets.len());
                    } else if word.eq_ignore_ascii_case("in") && open_lets.last() == Some(&open_brackets.len()) {
                        open_lets.pop();
                    } else if (word.eq_ignore_ascii_case("function") || word.eq_ignore_ascii_case("datatype"))
                        && i >= not_before
                        && i > form_start
                    {
                        return FormEnd::BeforeDefinition(i);
                    }
                    i += length;
                }
                _ => i += utf8_width(byte),
            }
        }
        FormEnd::EndOfText
    }
}

/// The length of the UTF-8 sequence a byte begins (1 for a byte that
/// begins none, so that scanning always moves on).
fn utf8_width(first_byte: u8) -> usize {
    match first_byte {
        0xF0..=0xFF => 4,
        0xE0..=0xEF => 3,
        0xC0..=0xDF => 2,
        _ => 1,
    }
}

/// `nom`'s `cut` for a direct call, as in `self.expr(rest, level).map_err(commit)`:
/// once a construct has seen its first token, a failure of what must follow
/// is final. Used for the parts that recurse (expressions, patterns, types),
/// where `cut(|input| ...)` would add three stack frames to every level of
/// nesting.
pub(super) fn commit(error: nom::Err<SyntaxError>) -> nom::Err<SyntaxError> {
    match error {
        nom::Err::Error(error) => nom::Err::Failure(error),
        other => other,
    }
}

fn into_syntax_error(error: nom::Err<SyntaxError>) -> SyntaxError {
    match error {
        nom::Err::Error(error) | nom::Err::Failure(error) => error,
        // Only streaming parsers report missing input; these are complete.
        nom::Err::Incomplete(_) => SyntaxError::Expected { remaining: 0, expected: Vec::new() },
    }
}
