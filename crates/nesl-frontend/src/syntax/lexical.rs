//! NESL's tokens, read straight off the text with `nom`.
//!
//! There is no token stream: the grammar asks [`NeslParser::lex`] for the
//! token at a position (skipping whitespace and comments first), looks at
//! it, and continues from the [`Lexed::rest`] it returns if it takes it.
//! Peeking is therefore free of state, and every token knows its span.
//!
//! # Lexical decisions
//! Where LANGUAGE.md leaves room, nessie decides as follows.
//! - **Whitespace** is ASCII whitespace (space, tab, newline, carriage
//!   return, form feed). **Comments** run from a `%` to the next `%`, may
//!   span lines, do not nest, and count as whitespace anywhere whitespace
//!   may appear. A `%` with no closing `%` is an error at the opening `%`.
//! - **Identifiers** are ASCII letters, digits and `_`, not starting with a
//!   digit; they and the keywords are case-insensitive (the AST stores
//!   names lower-cased). The keywords are `function datatype if then else
//!   let in or xor nor and nand`; a word that merely begins with one
//!   (`iffy`, `andx`) is an identifier. `t` and `f` in any case are the
//!   boolean literals, so they can never be names.
//! - **Operators** are read longest first (maximal munch): `a<-b` is the
//!   write operator, never `a < -b`; `a->b` is the read operator; `||` is the
//!   pad operator, never two filter bars; `/=` is "not equal"; `==` is
//!   comparison while a lone `=` binds.
//! - **Integers** are decimal digits; their value must fit in 64 bits, which
//!   is checked when the literal is used, so that `-9223372036854775808`
//!   (a `-` directly before the literal) can be read as `min_int`.
//! - **Floats** are `3.0`, `3.` (as NESL 3.1's reader takes it: a float,
//!   so `expt(x, 2.)` is a float power), `.5`, `1e10`, `2.5e-3`, `1E+5`.
//!   An `e` not followed
//!   by digits ends the number (`1else` is `1` then `else`). A float so
//!   large it would be infinite is an error.
//! - **Characters** are a backquote and any one ASCII character, including
//!   space and newline (`` ` `` then a newline is the newline character).
//!   NESL's chars are 8-bit codes; non-ASCII characters are rejected.
//! - **Strings** are `"..."` and may span lines. The escapes are `\"`,
//!   `\\`, `\n` (newline) and `\t` (tab); any other backslash sequence is an
//!   error. Non-ASCII characters are kept as their UTF-8 bytes.
//! - Non-ASCII characters anywhere else are a syntax error.

use nom::branch::alt;
use nom::bytes::complete::{take_until, take_while};
use nom::character::complete::{anychar, char, digit1, one_of, satisfy};
use nom::combinator::{opt, recognize};
use nom::{IResult, Parser};

use crate::diagnostic::{Diagnostic, ErrorClass};
use crate::source::Span;
use crate::syntax::errors::SyntaxError;
use crate::syntax::parser::{NeslParser, PResult};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Keyword {
    Function,
    Datatype,
    If,
    Then,
    Else,
    Let,
    In,
    Or,
    Xor,
    Nor,
    And,
    Nand,
}

const KEYWORDS: [Keyword; 12] = [
    Keyword::Function,
    Keyword::Datatype,
    Keyword::If,
    Keyword::Then,
    Keyword::Else,
    Keyword::Let,
    Keyword::In,
    Keyword::Or,
    Keyword::Xor,
    Keyword::Nor,
    Keyword::And,
    Keyword::Nand,
];

impl Keyword {
    pub(super) fn text(self) -> &'static str {
        match self {
            Keyword::Function => "function",
            Keyword::Datatype => "datatype",
            Keyword::If => "if",
            Keyword::Then => "then",
            Keyword::Else => "else",
            Keyword::Let => "let",
            Keyword::In => "in",
            Keyword::Or => "or",
            Keyword::Xor => "xor",
            Keyword::Nor => "nor",
            Keyword::And => "and",
            Keyword::Nand => "nand",
        }
    }

    fn from_word(word: &str) -> Option<Keyword> {
        KEYWORDS.into_iter().find(|k| k.text().eq_ignore_ascii_case(word))
    }
}

/// Punctuation and symbolic operators.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Punct {
    LeftParen,
    RightParen,
    LeftBracket,
    RightBracket,
    LeftBrace,
    RightBrace,
    Comma,
    Semicolon,
    Dollar,
    Colon,
    DoubleColon,
    Equals,
    EqualEqual,
    SlashEqual,
    Less,
    Greater,
    LessEqual,
    GreaterEqual,
    PlusPlus,
    Plus,
    Minus,
    Star,
    Slash,
    BarBar,
    Caret,
    LeftArrow,
    RightArrow,
    Hash,
    At,
    Bar,
    /// `&=`, NESL's background binding (unsupported, but recognised).
    AmpersandEqual,
    /// `|=`, NESL's file binding (unsupported, but recognised).
    BarEqual,
    /// `=>`, an anonymous function.
    FatArrow,
}

/// Every punctuation token with its text, two-character ones first so that
/// the longest match wins.
const PUNCTUATION: [(&str, Punct); 33] = [
    ("==", Punct::EqualEqual),
    ("=>", Punct::FatArrow),
    ("/=", Punct::SlashEqual),
    ("<=", Punct::LessEqual),
    (">=", Punct::GreaterEqual),
    ("<-", Punct::LeftArrow),
    ("->", Punct::RightArrow),
    ("++", Punct::PlusPlus),
    ("||", Punct::BarBar),
    ("::", Punct::DoubleColon),
    ("&=", Punct::AmpersandEqual),
    ("|=", Punct::BarEqual),
    ("(", Punct::LeftParen),
    (")", Punct::RightParen),
    ("[", Punct::LeftBracket),
    ("]", Punct::RightBracket),
    ("{", Punct::LeftBrace),
    ("}", Punct::RightBrace),
    (",", Punct::Comma),
    (";", Punct::Semicolon),
    ("$", Punct::Dollar),
    (":", Punct::Colon),
    ("=", Punct::Equals),
    ("<", Punct::Less),
    (">", Punct::Greater),
    ("+", Punct::Plus),
    ("-", Punct::Minus),
    ("*", Punct::Star),
    ("/", Punct::Slash),
    ("^", Punct::Caret),
    ("#", Punct::Hash),
    ("@", Punct::At),
    ("|", Punct::Bar),
];

impl Punct {
    pub(super) fn text(self) -> &'static str {
        PUNCTUATION.iter().find(|(_, p)| *p == self).map_or("", |(text, _)| text)
    }
}

#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) enum Token<'src> {
    /// An identifier as written (the AST stores it lower-cased).
    Name(&'src str),
    Keyword(Keyword),
    Bool(bool),
    /// The digits of an integer literal; their value is checked where the
    /// literal is used (see the module documentation).
    Int(&'src str),
    /// The text of a float literal.
    Float(&'src str),
    Char(u8),
    /// The text between the quotes of a string literal, escapes checked.
    String(&'src str),
    Punct(Punct),
    /// A character that begins no token.
    Unknown(char),
    /// The end of the text.
    End,
}

/// A token and where it is.
#[derive(Copy, Clone, Debug)]
pub(super) struct Lexed<'src> {
    pub token: Token<'src>,
    pub span: Span,
    /// The input at the token, after whitespace and comments: an error
    /// about this token points here.
    pub at: &'src str,
    /// The input after the token.
    pub rest: &'src str,
}

impl<'src> NeslParser<'src> {
    /// The next token of `input`, after whitespace and comments.
    ///
    /// The grammar looks at the same token from several levels (an operand's
    /// end is examined by the postfix, binary and pair levels in turn), so
    /// the last token read is remembered.
    pub(super) fn lex(&self, input: &'src str) -> Result<Lexed<'src>, nom::Err<SyntaxError>> {
        if let Some((remaining, lexed)) = self.last_lexed.get()
            && remaining == input.len()
        {
            return Ok(lexed);
        }
        let (at, ()) = self.trivia(input)?;
        let (rest, token) = self.next_token(at)?;
        let lexed = Lexed { token, span: self.span_between(at, rest), at, rest };
        self.last_lexed.set(Some((input.len(), lexed)));
        Ok(lexed)
    }

    /// Skips whitespace and comments.
    pub(super) fn trivia(&self, mut input: &'src str) -> PResult<'src, ()> {
        loop {
            let (rest, _) = take_while(|c: char| c.is_ascii_whitespace()).parse(input)?;
            if !rest.starts_with('%') {
                return Ok((rest, ()));
            }
            match comment(rest) {
                Ok((after_comment, _)) => input = after_comment,
                Err(_) => {
                    let opening = self.span_at(rest, 1);
                    return Err(self.custom(
                        rest,
                        Diagnostic::new(ErrorClass::Syntax, "unterminated comment")
                            .with_primary(opening, "this comment is never closed")
                            .with_help("unterminated comment: `%` comments end at the next `%`"),
                    ));
                }
            }
        }
    }

    /// The token at `at`, which is past any whitespace.
    fn next_token(&self, at: &'src str) -> PResult<'src, Token<'src>> {
        let Some(first) = at.chars().next() else {
            return Ok((at, Token::End));
        };
        let starts_float_fraction = first == '.' && at[1..].starts_with(|c: char| c.is_ascii_digit());
        if first.is_ascii_digit() || starts_float_fraction {
            return self.number(at);
        }
        if first.is_ascii_alphabetic() || first == '_' {
            let (rest, word) = identifier(at)?;
            let token = match Keyword::from_word(word) {
                Some(keyword) => Token::Keyword(keyword),
                None if word.eq_ignore_ascii_case("t") => Token::Bool(true),
                None if word.eq_ignore_ascii_case("f") => Token::Bool(false),
                None => Token::Name(word),
            };
            return Ok((rest, token));
        }
        match first {
            '`' => self.char_literal(at),
            '"' => self.string_literal(at),
            _ => match PUNCTUATION.iter().find(|(text, _)| at.starts_with(text)) {
                Some((text, punct)) => Ok((&at[text.len()..], Token::Punct(*punct))),
                None => Ok((&at[first.len_utf8()..], Token::Unknown(first))),
            },
        }
    }

    fn number(&self, at: &'src str) -> PResult<'src, Token<'src>> {
        let (rest, text) = alt((
            recognize((digit1, opt((char('.'), digit1)), opt(exponent))),
            recognize((char('.'), digit1, opt(exponent))),
        ))
        .parse(at)?;
        // NESL reads `3.` as the float 3.0 (a `.` with no digit after it
        // still makes a float), so `expt(x, 2.)` is a float power.
        if !text.contains(['.', 'e', 'E']) && rest.starts_with('.') && !rest[1..].starts_with('.') {
            let text = &at[..text.len() + 1];
            return Ok((&rest[1..], Token::Float(text)));
        }
        let is_float = text.contains(['.', 'e', 'E']);
        Ok((rest, if is_float { Token::Float(text) } else { Token::Int(text) }))
    }

    fn char_literal(&self, at: &'src str) -> PResult<'src, Token<'src>> {
        let (after_quote, _) = char('`').parse(at)?;
        let Ok((rest, c)) = anychar::<_, SyntaxError>(after_quote) else {
            return Err(self.custom(
                at,
                Diagnostic::new(ErrorClass::Syntax, "expected a character after `` ` ``, found the end of the file")
                    .with_primary(self.span_at(at, 1), "character literal without its character")
                    .with_help("a character literal is a backquote and one character, as in `` `a ``"),
            ));
        };
        if !c.is_ascii() {
            return Err(self.custom(
                at,
                Diagnostic::new(ErrorClass::Syntax, format!("`{c}` is not an ASCII character"))
                    .with_primary(self.span_between(at, rest), "not ASCII")
                    .with_help("NESL characters are 8-bit codes: a character literal holds one ASCII character; use a string for other text"),
            ));
        }
        Ok((rest, Token::Char(c as u8)))
    }

    fn string_literal(&self, at: &'src str) -> PResult<'src, Token<'src>> {
        let body = &at[1..];
        let mut chars = body.char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => return Ok((&body[i + 1..], Token::String(&body[..i]))),
                '\\' => match chars.next() {
                    Some((_, '"' | '\\' | 'n' | 't')) => {}
                    Some((j, other)) => {
                        let escape_at = &body[i..];
                        let escape = &body[i..j + other.len_utf8()];
                        let span = self.span_at(escape_at, escape.len());
                        return Err(self.custom(
                            escape_at,
                            Diagnostic::new(ErrorClass::Syntax, format!("unknown escape `{escape}` in a string"))
                                .with_primary(span, "unknown escape")
                                .with_help(r#"the escapes are `\"`, `\\`, `\n` and `\t`"#),
                        ));
                    }
                    None => break,
                },
                _ => {}
            }
        }
        Err(self.custom(
            at,
            Diagnostic::new(ErrorClass::Syntax, "unterminated string")
                .with_primary(self.span_at(at, 1), "this string is never closed")
                .with_help(r#"unterminated string: a string ends at the next `"` (write `\"` for a quote inside it)"#),
        ))
    }

    /// The span from `from` up to `to`, two suffixes of the text.
    pub(super) fn span_between(&self, from: &'src str, to: &'src str) -> Span {
        self.span(self.offset(from), self.offset(to))
    }

    /// The span of the first `bytes` bytes of `at` (which must end on a
    /// character boundary).
    pub(super) fn span_at(&self, at: &'src str, bytes: usize) -> Span {
        let lo = self.offset(at);
        self.span(lo, lo + bytes.min(at.len()))
    }
}

/// The text of a string literal (the text between its quotes), with
/// escapes replaced.
pub(super) fn unescape(raw: &str) -> String {
    let mut text = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            text.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => text.push('\n'),
            Some('t') => text.push('\t'),
            Some(other) => text.push(other),
            None => {}
        }
    }
    text
}

fn identifier(input: &str) -> IResult<&str, &str, SyntaxError> {
    recognize((
        satisfy(|c| c.is_ascii_alphabetic() || c == '_'),
        take_while(|c: char| c.is_ascii_alphanumeric() || c == '_'),
    ))
    .parse(input)
}

/// `% ... %`.
fn comment(input: &str) -> IResult<&str, &str, SyntaxError> {
    recognize((char('%'), take_until("%"), char('%'))).parse(input)
}

fn exponent(input: &str) -> IResult<&str, &str, SyntaxError> {
    recognize((one_of("eE"), opt(one_of("+-")), digit1)).parse(input)
}
