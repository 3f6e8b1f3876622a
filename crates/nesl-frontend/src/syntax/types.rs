//! Types, type signatures and type-class constraints.

use nom::Parser;
use nom::combinator::{cut, opt};
use nom::multi::separated_list1;

use crate::source::Span;
use crate::syntax::ast::{ClassConstraint, TypeExpr, TypeExprKind, TypeSignature};
use crate::syntax::errors::{Expected, SyntaxError};
use crate::syntax::expr::pair_up;
use crate::syntax::lexical::{Keyword, Lexed, Punct, Token};
use crate::syntax::parser::{NeslParser, PResult, commit};

impl<'src> NeslParser<'src> {
    /// A type: a name (`int`, a type variable, a datatype), `[t]`, or
    /// `(t1, ..., tn)` (right-nested pairs; `(t)` is `t`).
    pub(super) fn type_expr(&self, input: &'src str) -> PResult<'src, TypeExpr> {
        let first = self.lex(input)?;
        match first.token {
            Token::Name(word) => {
                Ok((first.rest, TypeExpr { kind: TypeExprKind::Name(self.ident(word, first.span)), span: first.span }))
            }
            Token::Punct(Punct::LeftBracket) => {
                let _nesting = self.descend(first.at)?;
                let (rest, element) = self.type_expr(first.rest).map_err(commit)?;
                let (rest, close) =
                    cut(self.closing(Punct::RightBracket, first.span, || "the sequence type".to_string()))
                        .parse(rest)?;
                Ok((rest, TypeExpr { kind: TypeExprKind::Seq(Box::new(element)), span: first.span.to(close) }))
            }
            Token::Punct(Punct::LeftParen) => {
                let _nesting = self.descend(first.at)?;
                let (rest, (parts, close)) = self.comma_list(
                    first.rest,
                    first.span,
                    Punct::RightParen,
                    || "the tuple type".to_string(),
                    false,
                    |input| self.tuple_part(input),
                )?;
                let folded = self.pair_types(first, parts)?;
                Ok((rest, TypeExpr { span: first.span.to(close), ..folded }))
            }
            _ => Err(self.expected(first.at, Expected::Named("a type"))),
        }
    }

    /// One part of a parenthesised list of types; each counts as a level of
    /// nesting, since the list becomes a chain of pairs.
    fn tuple_part(&self, input: &'src str) -> PResult<'src, TypeExpr> {
        self.deepen(input)?;
        self.type_expr(input)
    }

    /// The types of a parenthesised list as one type: right-nested pairs.
    fn pair_types(&self, open: Lexed<'src>, parts: Vec<TypeExpr>) -> Result<TypeExpr, nom::Err<SyntaxError>> {
        let mut parts = parts.into_iter();
        let Some(head) = parts.next() else {
            return Err(self.failure(open.rest, Expected::Named("a type")));
        };
        Ok(pair_up(head, parts.collect(), |left, right| {
            let span = left.span.to(right.span);
            TypeExpr { kind: TypeExprKind::Pair(Box::new(left), Box::new(right)), span }
        }))
    }

    /// `(t1, ..., tn) -> t`, `t1 -> t`, or a bare type `t` (no parameters),
    /// each optionally followed by `:: (a in class; ...)`.
    pub(super) fn signature(&self, input: &'src str) -> PResult<'src, TypeSignature> {
        let first = self.lex(input)?;
        let (rest, params, result) = if first.token == Token::Punct(Punct::LeftParen) {
            let _nesting = self.descend(first.at)?;
            let (rest, (list, close)) = self.comma_list(
                first.rest,
                first.span,
                Punct::RightParen,
                || "the parenthesised types".to_string(),
                true,
                |input| self.tuple_part(input),
            )?;
            let arrow = self.lex(rest)?;
            if arrow.token == Token::Punct(Punct::RightArrow) {
                let (rest, result) = self.type_expr(arrow.rest).map_err(commit)?;
                (rest, list, result)
            } else if list.is_empty() {
                return Err(self.failure(arrow.at, Expected::Token("->")));
            } else {
                let folded = self.pair_types(first, list)?;
                (rest, Vec::new(), TypeExpr { span: first.span.to(close), ..folded })
            }
        } else {
            let (rest, single) = self.type_expr(input)?;
            match opt(self.punct(Punct::RightArrow)).parse(rest)? {
                (rest, Some(_)) => {
                    let (rest, result) = self.type_expr(rest).map_err(commit)?;
                    (rest, vec![single], result)
                }
                (rest, None) => (rest, Vec::new(), single),
            }
        };
        let (rest, constraints) = self.optional_constraints(rest)?;
        let span = self.span(first.span.lo as usize, self.offset(rest));
        Ok((rest, TypeSignature { params, result, constraints, span }))
    }

    /// `:: (a in class; ...)` if it comes next, else no constraints.
    pub(super) fn optional_constraints(&self, input: &'src str) -> PResult<'src, Vec<ClassConstraint>> {
        let colons = self.lex(input)?;
        if colons.token != Token::Punct(Punct::DoubleColon) {
            return Ok((input, Vec::new()));
        }
        self.constraints(colons.rest, colons.span).map_err(commit)
    }

    /// `(a in class; ...)`, just after the `::` at `colons`.
    fn constraints(&self, input: &'src str, colons: Span) -> PResult<'src, Vec<ClassConstraint>> {
        let (rest, open) = self
            .token(Token::Punct(Punct::LeftParen), || Expected::Completion {
                token: "(",
                purpose: "to begin the type-class constraints".to_string(),
                anchor: colons,
                anchor_label: "constraints follow `::`".to_string(),
                help: Some("constraints are written `:: (a in number; b in any)`"),
            })
            .parse(input)?;
        let (rest, constraints) =
            separated_list1(self.punct(Punct::Semicolon), cut(|input| self.constraint(input))).parse(rest)?;
        let (rest, _) =
            cut(self.closing(Punct::RightParen, open, || "the type-class constraints".to_string())).parse(rest)?;
        Ok((rest, constraints))
    }

    /// `a in class`.
    fn constraint(&self, input: &'src str) -> PResult<'src, ClassConstraint> {
        let (rest, var) = self.name("a type variable").parse(input)?;
        let (rest, _) = cut(self.keyword(Keyword::In)).parse(rest)?;
        let (rest, class) = cut(self.name("a type class (`number`, `ordinal`, `logical` or `any`)")).parse(rest)?;
        let span = var.span.to(class.span);
        Ok((rest, ClassConstraint { var, class, span }))
    }
}
