//! Expressions, by precedence climbing, and patterns.
//!
//! See the table in `parser.rs` for which function reads which level.

use nom::Parser;
use nom::combinator::cut;
use nom::multi::separated_list1;

use crate::diagnostic::{Diagnostic, ErrorClass};
use crate::source::Span;
use crate::syntax::ast::{BinaryOp, Expr, ExprKind, FunctionDef, Generator, Ident, Pattern, PatternKind, UnaryOp};
use crate::syntax::errors::{Expected, SyntaxError, shorten};
use crate::syntax::lexical::{Keyword, Lexed, Punct, Token, unescape};
use crate::syntax::parser::{NeslParser, PResult, commit};

/// The loosest level an expression may reach, fixed by the brackets around
/// it. It bounds the binary operators, and how far right the last part of an
/// `if` or `let` extends.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Level {
    /// A whole form, the inside of `( )`, `{ }`, a body or a bound value: a
    /// `,` makes a pair (level 4).
    WithPairs,
    /// A call argument, a sequence element or an index, where `,` separates
    /// items: level 7 and tighter.
    WithoutPairs,
}

/// The precedence of the loosest binary operators (`or`, `xor`, `nor`).
const LOOSEST_BINARY: u8 = 7;

/// The binary operator a token is, if any.
fn binary_operator(token: Token<'_>) -> Option<BinaryOp> {
    let op = match token {
        Token::Keyword(Keyword::Or) => BinaryOp::Or,
        Token::Keyword(Keyword::Xor) => BinaryOp::Xor,
        Token::Keyword(Keyword::Nor) => BinaryOp::Nor,
        Token::Keyword(Keyword::And) => BinaryOp::And,
        Token::Keyword(Keyword::Nand) => BinaryOp::Nand,
        Token::Punct(Punct::EqualEqual) => BinaryOp::Eq,
        Token::Punct(Punct::SlashEqual) => BinaryOp::Ne,
        Token::Punct(Punct::Less) => BinaryOp::Lt,
        Token::Punct(Punct::Greater) => BinaryOp::Gt,
        Token::Punct(Punct::LessEqual) => BinaryOp::Le,
        Token::Punct(Punct::GreaterEqual) => BinaryOp::Ge,
        Token::Punct(Punct::PlusPlus) => BinaryOp::Append,
        Token::Punct(Punct::Plus) => BinaryOp::Add,
        Token::Punct(Punct::Minus) => BinaryOp::Sub,
        Token::Punct(Punct::Star) => BinaryOp::Mul,
        Token::Punct(Punct::Slash) => BinaryOp::Div,
        Token::Punct(Punct::BarBar) => BinaryOp::Pad,
        Token::Punct(Punct::Caret) => BinaryOp::Pow,
        Token::Punct(Punct::LeftArrow) => BinaryOp::Write,
        Token::Punct(Punct::RightArrow) => BinaryOp::Read,
        _ => return None,
    };
    Some(op)
}

/// `(first, (r1, ... rn))`: folds a list into right-nested pairs, each
/// made by `pair`.
pub(super) fn pair_up<T>(first: T, mut rest: Vec<T>, pair: impl Fn(T, T) -> T) -> T {
    let Some(mut folded) = rest.pop() else { return first };
    while let Some(left) = rest.pop() {
        folded = pair(left, folded);
    }
    pair(first, folded)
}

/// The escapes to NESL 3.1's internal library that nessie gives a
/// meaning (see `internal_escape`): `!len-put(v, i, l)`, `v`'s elements
/// written at the positions `i` of a sequence of length `l` whose other
/// positions hold the identity of the element type.
const SUPPORTED_ESCAPES: &[&str] = &["len-put"];

impl<'src> NeslParser<'src> {
    /// An expression at the loosest level `level` allows.
    pub(super) fn expr(&self, input: &'src str, level: Level) -> PResult<'src, Expr> {
        match level {
            Level::WithPairs => self.pairs(input),
            Level::WithoutPairs => self.lambda(input, level),
        }
    }

    /// Level 5: `p => body`, NESL 3.1's anonymous function, right
    /// associative; the body extends as far as an expression of `level`
    /// without pairs does (NESL's `=>` binds tighter than `,`: `x => a, b`
    /// is the pair `(x => a), b`).
    fn lambda(&self, input: &'src str, level: Level) -> PResult<'src, Expr> {
        let _chain = self.depth_mark();
        let (rest, lhs) = self.binary(input, LOOSEST_BINARY, level)?;
        let arrow = self.lex(rest)?;
        if arrow.token != Token::Punct(Punct::FatArrow) {
            return Ok((rest, lhs));
        }
        self.deepen(arrow.at)?;
        let pattern = self.expr_to_pattern(&lhs)?;
        let (rest, body) = self.lambda(arrow.rest, level).map_err(commit)?;
        let mut params = Vec::new();
        let mut spine = pattern;
        loop {
            match spine.kind {
                PatternKind::Pair(head, tail) => {
                    params.push(*head);
                    spine = *tail;
                }
                kind => {
                    params.push(Pattern { kind, span: spine.span });
                    break;
                }
            }
        }
        let span = lhs.span.to(body.span);
        let def = FunctionDef {
            name: Ident { name: "lambda".to_string(), span: arrow.span },
            params,
            signature: None,
            doc: None,
            body: Some(body),
        };
        Ok((rest, Expr { kind: ExprKind::Lambda(Box::new(def)), span }))
    }

    /// Level 4: `e1, e2, ..., en`, right associative.
    fn pairs(&self, input: &'src str) -> PResult<'src, Expr> {
        let _chain = self.depth_mark();
        let (mut rest, first) = self.lambda(input, Level::WithPairs)?;
        let mut others = Vec::new();
        loop {
            let comma = self.lex(rest)?;
            if comma.token != Token::Punct(Punct::Comma) {
                break;
            }
            self.deepen(comma.at)?;
            let (after, element) = self.lambda(comma.rest, Level::WithPairs).map_err(commit)?;
            others.push(element);
            rest = after;
        }
        let folded = pair_up(first, others, |left, right| {
            let span = left.span.to(right.span);
            Expr { kind: ExprKind::Pair(Box::new(left), Box::new(right)), span }
        });
        Ok((rest, folded))
    }

    /// Levels 7 to 24: binary operators of precedence `min_precedence` or
    /// tighter, all left associative.
    fn binary(&self, input: &'src str, min_precedence: u8, level: Level) -> PResult<'src, Expr> {
        let _chain = self.depth_mark();
        let (mut rest, mut lhs) = self.prefix(input, level)?;
        loop {
            let next = self.lex(rest)?;
            let Some(op) = binary_operator(next.token) else { break };
            if op.precedence() < min_precedence {
                break;
            }
            self.deepen(next.at)?;
            let (after, rhs) = self.binary(next.rest, op.precedence() + 1, level).map_err(commit)?;
            let span = lhs.span.to(rhs.span);
            lhs = Expr {
                kind: ExprKind::Binary { op, op_span: next.span, lhs: Box::new(lhs), rhs: Box::new(rhs) },
                span,
            };
            rest = after;
        }
        Ok((rest, lhs))
    }

    /// Level 25: prefix `#`, `@` and `-`. A `-` directly before an integer
    /// literal is part of the literal (so `-9223372036854775808` is
    /// `min_int`), unless the literal is indexed (`-5[0]` stays a negation).
    fn prefix(&self, input: &'src str, level: Level) -> PResult<'src, Expr> {
        let operator = self.lex(input)?;
        let op = match operator.token {
            Token::Punct(Punct::Hash) => UnaryOp::Length,
            Token::Punct(Punct::At) => UnaryOp::ToString,
            Token::Punct(Punct::Minus) => UnaryOp::Negate,
            _ => return self.postfix(input, level),
        };
        let _nesting = self.descend(operator.at)?;
        if op == UnaryOp::Negate
            && let Some(literal) = self.negative_int_literal(operator)?
        {
            return Ok(literal);
        }
        let (rest, operand) = self.prefix(operator.rest, level).map_err(commit)?;
        let span = operator.span.to(operand.span);
        Ok((rest, Expr { kind: ExprKind::Unary { op, op_span: operator.span, operand: Box::new(operand) }, span }))
    }

    /// `-` and the integer literal after it as one literal, if that is what
    /// follows the `-`.
    fn negative_int_literal(&self, minus: Lexed<'src>) -> Result<Option<(&'src str, Expr)>, nom::Err<SyntaxError>> {
        let literal = self.lex(minus.rest)?;
        let Token::Int(digits) = literal.token else { return Ok(None) };
        if self.lex(literal.rest)?.token == Token::Punct(Punct::LeftBracket) {
            return Ok(None);
        }
        let span = minus.span.to(literal.span);
        let value = self.int_value(digits, true, minus.at, span)?;
        Ok(Some((literal.rest, Expr { kind: ExprKind::Int(value), span })))
    }

    /// Level 30: indexing `s[i]`, which chains (`f(x)[1][2]`). Calls are
    /// read with their name in [`Self::primary`], since only a name can be
    /// called.
    fn postfix(&self, input: &'src str, level: Level) -> PResult<'src, Expr> {
        let _chain = self.depth_mark();
        let (mut rest, mut expr) = self.primary(input, level)?;
        loop {
            let next = self.lex(rest)?;
            match next.token {
                Token::Punct(Punct::LeftBracket) => {
                    self.deepen(next.at)?;
                    let (after, index) = self.expr(next.rest, Level::WithoutPairs).map_err(commit)?;
                    let (after, close) =
                        cut(self.closing(Punct::RightBracket, next.span, || "the index".to_string())).parse(after)?;
                    let span = expr.span.to(close);
                    expr = Expr { kind: ExprKind::Index { seq: Box::new(expr), index: Box::new(index) }, span };
                    rest = after;
                }
                Token::Punct(Punct::LeftParen) => return Err(self.not_callable(&expr, next)),
                _ => break,
            }
        }
        Ok((rest, expr))
    }

    /// The error for `(` after something that is not a name: `(g)(x)`.
    fn not_callable(&self, expr: &Expr, paren: Lexed<'src>) -> nom::Err<SyntaxError> {
        let help = if matches!(expr.kind, ExprKind::Bool(_)) {
            "`t` and `f` (in any case) are the boolean literals, so they cannot name a function"
        } else {
            "a call is written `name(arguments)`: bind the function to a name first (`let g = ... in g(x)`)"
        };
        self.custom(
            paren.at,
            Diagnostic::new(ErrorClass::Syntax, "only a function or constructor name can be called")
                .with_primary(paren.span, "a call needs a name before its `(`")
                .with_secondary(expr.span, "this is not a name")
                .with_help(help),
        )
    }

    /// Literals, names, calls, and the bracketed and keyword forms.
    fn primary(&self, input: &'src str, level: Level) -> PResult<'src, Expr> {
        let first = self.lex(input)?;
        let kind = match first.token {
            Token::Int(digits) => ExprKind::Int(self.int_value(digits, false, first.at, first.span)?),
            Token::Float(text) => ExprKind::Float(self.float_value(text, first)?),
            Token::Bool(value) => ExprKind::Bool(value),
            Token::Char(code) => ExprKind::Char(code),
            Token::String(raw) => ExprKind::String(unescape(raw).into_bytes()),
            Token::Name(word) => return self.name_or_call(first, word),
            Token::Keyword(keyword) if is_operator_word(keyword) => {
                ExprKind::Var(self.ident(keyword.text(), first.span))
            }
            Token::Keyword(Keyword::If) => return self.if_expression(first, level),
            Token::Keyword(Keyword::Let) => return self.let_expression(first, level),
            Token::Punct(Punct::LeftParen) => return self.parenthesised(first),
            Token::Punct(Punct::LeftBracket) => return self.sequence(first),
            Token::Punct(Punct::LeftBrace) => return self.apply_to_each(first),
            Token::Unknown('!') => return self.internal_escape(first),
            _ => return Err(self.expected(first.at, Expected::Phrase("an expression"))),
        };
        Ok((first.rest, Expr { kind, span: first.span }))
    }

    /// `!len-put(...)`: NESL 3.1's escape to a function of its internal
    /// library (`nesl/src/*.lnesl`), whose names may contain `-`. Most
    /// have their meaning written against NESL's VCODE representation
    /// (segment descriptors, unwritten elements left as they are in
    /// memory), so nessie refuses them, naming the function. The ones in
    /// [`SUPPORTED_ESCAPES`] have a meaning at the level of NESL values:
    /// `!name(args)` is a call of the name `!name`, which the checker finds
    /// in the prelude (`__name` with `-` as `_`).
    fn internal_escape(&self, bang: Lexed<'src>) -> PResult<'src, Expr> {
        let name_length =
            bang.rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-')).unwrap_or(bang.rest.len());
        let name = &bang.rest[..name_length];
        let span = Span { hi: bang.span.hi + name_length as u32, ..bang.span };
        if SUPPORTED_ESCAPES.contains(&name) {
            let lexed = Lexed { token: Token::Name(name), span, at: bang.at, rest: &bang.rest[name_length..] };
            return self.name_or_call(lexed, &format!("!{name}"));
        }
        let shown = if name.is_empty() { "!".to_string() } else { format!("!{name}") };
        Err(self.custom(
            bang.at,
            Diagnostic::new(
                ErrorClass::Syntax,
                format!("`{shown}` is an escape to NESL 3.1's internal library, which nessie does not support"),
            )
            .with_primary(span, "NESL's internal function")
            .with_help(
                "`!name` calls a function of NESL's implementation, defined on its VCODE representation; write the computation with the library's functions instead",
            ),
        ))
    }

    /// The value of an integer literal (negated if `negative`), or an error
    /// if it does not fit in an `i64`.
    fn int_value(&self, digits: &str, negative: bool, at: &'src str, span: Span) -> Result<i64, nom::Err<SyntaxError>> {
        let magnitude: Option<i128> = digits.parse().ok();
        let value = magnitude.map(|m| if negative { -m } else { m }).and_then(|v| i64::try_from(v).ok());
        value.ok_or_else(|| {
            let shown = shorten(self.snippet(span));
            self.custom(
                at,
                Diagnostic::new(ErrorClass::Syntax, format!("the integer `{shown}` does not fit in 64 bits"))
                    .with_primary(span, "integer literal out of range")
                    .with_help(format!("an int is 64-bit: from {} to {}", i64::MIN, i64::MAX)),
            )
        })
    }

    fn float_value(&self, text: &str, literal: Lexed<'src>) -> Result<f64, nom::Err<SyntaxError>> {
        match text.parse::<f64>() {
            Ok(value) if value.is_finite() => Ok(value),
            _ => Err(self.custom(
                literal.at,
                Diagnostic::new(ErrorClass::Syntax, "float literal out of range")
                    .with_primary(literal.span, "too large for a 64-bit float")
                    .with_help(format!("the largest float is about {:e}", f64::MAX)),
            )),
        }
    }

    /// A variable, or a call `g(a, b)` if `(` follows the name.
    fn name_or_call(&self, first: Lexed<'src>, word: &str) -> PResult<'src, Expr> {
        let name = self.ident(word, first.span);
        let open = self.lex(first.rest)?;
        if open.token != Token::Punct(Punct::LeftParen) {
            return Ok((first.rest, Expr { kind: ExprKind::Var(name), span: first.span }));
        }
        let _nesting = self.descend(open.at)?;
        let (rest, (args, close)) = self.comma_list(
            open.rest,
            open.span,
            Punct::RightParen,
            || format!("the call of `{}`", name.name),
            true,
            |input| self.expr(input, Level::WithoutPairs),
        )?;
        Ok((rest, Expr { kind: ExprKind::Call { func: name, args }, span: first.span.to(close) }))
    }

    /// `( e )`: `e` itself, its span widened to the parentheses.
    fn parenthesised(&self, open: Lexed<'src>) -> PResult<'src, Expr> {
        let _nesting = self.descend(open.at)?;
        let (rest, inner) = self.expr(open.rest, Level::WithPairs).map_err(commit)?;
        let (rest, close) =
            cut(self.closing(Punct::RightParen, open.span, || "the parenthesised expression".to_string()))
                .parse(rest)?;
        Ok((rest, Expr { span: open.span.to(close), ..inner }))
    }

    /// `[e1, ..., en]`, `[] t`, `[s : e]` and `[s : e : stride]`.
    fn sequence(&self, open: Lexed<'src>) -> PResult<'src, Expr> {
        let _nesting = self.descend(open.at)?;
        let next = self.lex(open.rest)?;
        if next.token == Token::Punct(Punct::RightBracket) {
            let type_start = self.lex(next.rest)?;
            if !matches!(type_start.token, Token::Name(_) | Token::Punct(Punct::LeftBracket | Punct::LeftParen)) {
                return Err(self.failure(
                    type_start.at,
                    Expected::Phrase("the element type of the empty sequence (as in `[] int`)"),
                ));
            }
            let (rest, element_type) = self.type_expr(next.rest).map_err(commit)?;
            let span = open.span.to(element_type.span);
            return Ok((rest, Expr { kind: ExprKind::EmptySeq(element_type), span }));
        }

        let (rest, first) = self.expr(open.rest, Level::WithoutPairs).map_err(commit)?;
        let separator = self.lex(rest)?;
        if separator.token == Token::Punct(Punct::Colon) {
            let (rest, end) = self.expr(separator.rest, Level::WithoutPairs).map_err(commit)?;
            let stride_colon = self.lex(rest)?;
            let (rest, stride) = if stride_colon.token == Token::Punct(Punct::Colon) {
                let (rest, stride) = self.expr(stride_colon.rest, Level::WithoutPairs).map_err(commit)?;
                (rest, Some(Box::new(stride)))
            } else {
                (rest, None)
            };
            let (rest, close) =
                cut(self.closing(Punct::RightBracket, open.span, || "the range".to_string())).parse(rest)?;
            let kind = ExprKind::Range { start: Box::new(first), end: Box::new(end), stride };
            return Ok((rest, Expr { kind, span: open.span.to(close) }));
        }

        let mut elements = vec![first];
        let mut rest = rest;
        loop {
            let comma = self.lex(rest)?;
            if comma.token != Token::Punct(Punct::Comma) {
                break;
            }
            let (after, element) = self.expr(comma.rest, Level::WithoutPairs).map_err(commit)?;
            elements.push(element);
            rest = after;
        }
        let (rest, close) =
            cut(self.closing(Punct::RightBracket, open.span, || "the sequence".to_string())).parse(rest)?;
        Ok((rest, Expr { kind: ExprKind::Seq(elements), span: open.span.to(close) }))
    }

    /// `{ [*] BODY [: BIND] {; BIND} [| COND] }`, as NESL 3.1's parser reads
    /// it. A `BIND` is `p in s` or a bare variable `x`, meaning `x in x`.
    /// Without `:`, the body is also the first binding's pattern (read back
    /// as an expression): `{x in s | c}`, `{i in [0:n]; fl | fl}`. The `*`
    /// of the serial form changes nothing in the meaning, so it is dropped.
    fn apply_to_each(&self, open: Lexed<'src>) -> PResult<'src, Expr> {
        let _nesting = self.descend(open.at)?;
        let star = self.lex(open.rest)?;
        let after_open = if star.token == Token::Punct(Punct::Star) { star.rest } else { open.rest };
        let (rest, first) = self.expr(after_open, Level::WithPairs).map_err(commit)?;
        let separator = self.lex(rest)?;
        let (rest, generators) = match separator.token {
            Token::Punct(Punct::Colon) => {
                separated_list1(self.punct(Punct::Semicolon), cut(|input| self.generator(input)))
                    .parse(separator.rest)?
            }
            Token::Keyword(Keyword::In) => {
                let pattern = self.expr_to_pattern(&first)?;
                let (rest, seq) = self.expr(separator.rest, Level::WithPairs).map_err(commit)?;
                let span = pattern.span.to(seq.span);
                self.more_generators(rest, Generator { pattern, seq, span })?
            }
            Token::Punct(Punct::Semicolon | Punct::Bar | Punct::RightBrace)
                if matches!(first.kind, ExprKind::Var(_)) =>
            {
                let pattern = self.expr_to_pattern(&first)?;
                let span = pattern.span;
                self.more_generators(rest, Generator { pattern, seq: first.clone(), span })?
            }
            _ => {
                let error = SyntaxError::Expected {
                    remaining: separator.at.len(),
                    expected: vec![Expected::Token(":"), Expected::Token("in")],
                };
                return Err(nom::Err::Failure(error));
            }
        };
        let bar = self.lex(rest)?;
        let (rest, filter) = if bar.token == Token::Punct(Punct::Bar) {
            let (rest, filter) = self.expr(bar.rest, Level::WithPairs).map_err(commit)?;
            (rest, Some(Box::new(filter)))
        } else {
            (rest, None)
        };
        let (rest, close) =
            cut(self.closing(Punct::RightBrace, open.span, || "the apply-to-each".to_string())).parse(rest)?;
        let kind = ExprKind::ApplyToEach { body: Box::new(first), generators, filter };
        Ok((rest, Expr { kind, span: open.span.to(close) }))
    }

    /// The bindings `; BIND ...` after the first one of a `:`-less
    /// apply-to-each.
    fn more_generators(&self, mut rest: &'src str, first: Generator) -> PResult<'src, Vec<Generator>> {
        let mut generators = vec![first];
        loop {
            let semicolon = self.lex(rest)?;
            if semicolon.token != Token::Punct(Punct::Semicolon) {
                return Ok((rest, generators));
            }
            let (after, generator) = self.generator(semicolon.rest).map_err(commit)?;
            generators.push(generator);
            rest = after;
        }
    }

    /// `p in s` (the pattern at the pair operator's precedence, so `i, x in
    /// t` needs no parentheses), or a bare variable `x`, meaning `x in x`.
    fn generator(&self, input: &'src str) -> PResult<'src, Generator> {
        let (rest, pattern) = self.pattern_pairs(input)?;
        let keyword = self.lex(rest)?;
        if keyword.token == Token::Keyword(Keyword::In) {
            let (rest, seq) = self.expr(keyword.rest, Level::WithPairs).map_err(commit)?;
            let span = pattern.span.to(seq.span);
            return Ok((rest, Generator { pattern, seq, span }));
        }
        match &pattern.kind {
            PatternKind::Var(name) => {
                let seq = Expr { kind: ExprKind::Var(name.clone()), span: pattern.span };
                let span = pattern.span;
                Ok((rest, Generator { pattern, seq, span }))
            }
            _ => Err(self.failure(keyword.at, Expected::Token("in"))),
        }
    }

    /// `if c then e1 else e2`; `e2` reaches as far as `level` allows.
    fn if_expression(&self, keyword: Lexed<'src>, level: Level) -> PResult<'src, Expr> {
        let _nesting = self.descend(keyword.at)?;
        let (rest, cond) = self.expr(keyword.rest, Level::WithPairs).map_err(commit)?;
        let (rest, _) = cut(self.token(Token::Keyword(Keyword::Then), || Expected::Completion {
            token: "then",
            purpose: "after the condition of `if`".to_string(),
            anchor: keyword.span,
            anchor_label: "this `if`".to_string(),
            help: None,
        }))
        .parse(rest)?;
        let (rest, then_branch) = self.expr(rest, Level::WithPairs).map_err(commit)?;
        let (rest, _) = cut(self.token(Token::Keyword(Keyword::Else), || Expected::Completion {
            token: "else",
            purpose: "after the `then` branch".to_string(),
            anchor: keyword.span,
            anchor_label: "this `if`".to_string(),
            help: Some("in NESL every `if` has an `else`"),
        }))
        .parse(rest)?;
        let (rest, else_branch) = self.expr(rest, level).map_err(commit)?;
        let span = keyword.span.to(else_branch.span);
        let kind = ExprKind::If {
            cond: Box::new(cond),
            then_branch: Box::new(then_branch),
            else_branch: Box::new(else_branch),
        };
        Ok((rest, Expr { kind, span }))
    }

    /// `let p1 = e1; ...; pn = en in body` (a `;` before `in` is allowed);
    /// the body reaches as far as `level` allows.
    fn let_expression(&self, keyword: Lexed<'src>, level: Level) -> PResult<'src, Expr> {
        let _nesting = self.descend(keyword.at)?;
        let mut bindings = Vec::new();
        let mut rest = keyword.rest;
        loop {
            let (after, pattern) = self.pattern_pairs(rest).map_err(commit)?;
            let (after, _) = cut(self.punct(Punct::Equals)).parse(after)?;
            let (after, value) = self.expr(after, Level::WithPairs).map_err(commit)?;
            bindings.push((pattern, value));
            let next = self.lex(after)?;
            match next.token {
                Token::Keyword(Keyword::In) => {
                    rest = next.rest;
                    break;
                }
                Token::Punct(Punct::Semicolon) => {
                    let following = self.lex(next.rest)?;
                    if following.token == Token::Keyword(Keyword::In) {
                        rest = following.rest;
                        break;
                    }
                    rest = next.rest;
                }
                _ => {
                    return Err(self.failure(
                        next.at,
                        Expected::Completion {
                            token: "in",
                            purpose: "after the bindings of `let`".to_string(),
                            anchor: keyword.span,
                            anchor_label: "this `let`".to_string(),
                            help: Some("separate the bindings of a `let` with `;`, and end them with `in`"),
                        },
                    ));
                }
            }
        }
        let (rest, body) = self.expr(rest, level).map_err(commit)?;
        let span = keyword.span.to(body.span);
        Ok((rest, Expr { kind: ExprKind::Let { bindings, body: Box::new(body) }, span }))
    }

    /// A pattern at the pair operator's precedence: `p1, ..., pn` (right
    /// nested, as `e1, e2` is), where a `let` binding or a generator has one.
    pub(super) fn pattern_pairs(&self, input: &'src str) -> PResult<'src, Pattern> {
        let _chain = self.depth_mark();
        let (mut rest, first) = self.pattern(input)?;
        let mut others = Vec::new();
        loop {
            let comma = self.lex(rest)?;
            if comma.token != Token::Punct(Punct::Comma) {
                break;
            }
            self.deepen(comma.at)?;
            let (after, part) = self.pattern(comma.rest).map_err(commit)?;
            others.push(part);
            rest = after;
        }
        let folded = pair_up(first, others, |left, right| {
            let span = left.span.to(right.span);
            Pattern { kind: PatternKind::Pair(Box::new(left), Box::new(right)), span }
        });
        Ok((rest, folded))
    }

    /// A pattern: `x`, `(p1, ..., pn)` (right-nested pairs) or
    /// `name(p1, ..., pn)`.
    pub(super) fn pattern(&self, input: &'src str) -> PResult<'src, Pattern> {
        let first = self.lex(input)?;
        match first.token {
            Token::Name(word) => {
                let name = self.ident(word, first.span);
                let open = self.lex(first.rest)?;
                if open.token != Token::Punct(Punct::LeftParen) {
                    return Ok((first.rest, Pattern { kind: PatternKind::Var(name), span: first.span }));
                }
                let _nesting = self.descend(open.at)?;
                let (rest, (fields, close)) = self.comma_list(
                    open.rest,
                    open.span,
                    Punct::RightParen,
                    || format!("the pattern `{}(...)`", name.name),
                    true,
                    |input| self.pattern(input),
                )?;
                Ok((rest, Pattern { kind: PatternKind::Constructor { name, fields }, span: first.span.to(close) }))
            }
            Token::Punct(Punct::LeftParen) => {
                let _nesting = self.descend(first.at)?;
                let (rest, (parts, close)) = self.comma_list(
                    first.rest,
                    first.span,
                    Punct::RightParen,
                    || "the tuple pattern".to_string(),
                    false,
                    |input| {
                        self.deepen(input)?;
                        self.pattern(input)
                    },
                )?;
                let mut parts = parts.into_iter();
                let Some(head) = parts.next() else {
                    return Err(self.failure(first.rest, Expected::Named("a pattern")));
                };
                let folded = pair_up(head, parts.collect(), |left, right| {
                    let span = left.span.to(right.span);
                    Pattern { kind: PatternKind::Pair(Box::new(left), Box::new(right)), span }
                });
                Ok((rest, Pattern { span: first.span.to(close), ..folded }))
            }
            Token::Keyword(keyword) if is_operator_word(keyword) => {
                let name = self.ident(keyword.text(), first.span);
                Ok((first.rest, Pattern { kind: PatternKind::Var(name), span: first.span }))
            }
            _ => Err(self.expected(first.at, Expected::Named("a pattern"))),
        }
    }

    /// Reads an expression that was written where a pattern turned out to be
    /// (before `=` at the top level, before `in` in `{ p in s | c }`) as that
    /// pattern: names, pairs and calls become variables, pairs and
    /// constructor patterns; anything else is an error.
    pub(super) fn expr_to_pattern(&self, expr: &Expr) -> Result<Pattern, nom::Err<SyntaxError>> {
        let kind = match &expr.kind {
            ExprKind::Var(name) => PatternKind::Var(name.clone()),
            ExprKind::Pair(left, right) => {
                PatternKind::Pair(Box::new(self.expr_to_pattern(left)?), Box::new(self.expr_to_pattern(right)?))
            }
            ExprKind::Call { func, args } => PatternKind::Constructor {
                name: func.clone(),
                fields: args.iter().map(|arg| self.expr_to_pattern(arg)).collect::<Result<_, _>>()?,
            },
            _ => {
                let at = &self.text[expr.span.lo as usize..];
                return Err(self.custom(
                    at,
                    Diagnostic::new(ErrorClass::Syntax, format!("expected a pattern, found {}", describe_expr(expr)))
                        .with_primary(expr.span, "not a pattern")
                        .with_help("a pattern is a name `x`, a tuple `(a, b)` or a constructor `point(x, y)`"),
                ));
            }
        };
        Ok(Pattern { kind, span: expr.span })
    }
}

/// Whether a keyword is a word operator (`or`, `and`, ...). Where an operand
/// or a pattern begins, no operator can, so such a word there is read as a
/// variable name (fft.nesl of NESL 3.1's examples binds `er, or = ...`).
fn is_operator_word(keyword: Keyword) -> bool {
    matches!(keyword, Keyword::Or | Keyword::Xor | Keyword::Nor | Keyword::And | Keyword::Nand)
}

/// How to name an expression that is not a pattern.
fn describe_expr(expr: &Expr) -> String {
    match &expr.kind {
        ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Bool(_) | ExprKind::Char(_) | ExprKind::String(_) => {
            "a literal".to_string()
        }
        ExprKind::Binary { op, .. } => format!("an expression with the operator `{}`", op.symbol()),
        ExprKind::Unary { op, .. } => format!("an expression with the prefix operator `{}`", op.symbol()),
        ExprKind::Seq(_) | ExprKind::EmptySeq(_) | ExprKind::Range { .. } => "a sequence".to_string(),
        ExprKind::Index { .. } => "an indexing expression".to_string(),
        ExprKind::If { .. } => "an `if` expression".to_string(),
        ExprKind::Let { .. } => "a `let` expression".to_string(),
        ExprKind::Lambda(_) => "an anonymous function".to_string(),
        ExprKind::ApplyToEach { .. } => "an apply-to-each".to_string(),
        ExprKind::Var(_) | ExprKind::Pair(..) | ExprKind::Call { .. } => "an expression".to_string(),
    }
}
