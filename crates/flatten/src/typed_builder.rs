//! Building typed expressions, for the rewrite of the typed program that
//! runs before flattening and turns an effect into a value
//! (`effect_versions.rs`, for `print_texts.rs`' texts and
//! `seed_values.rs`' seeds). The rewriter owns the program it adds
//! expressions to and the locals of the function it is rewriting; the
//! builders allocate typed expressions, patterns and locals there.

use nesl_frontend::Type;
use nesl_frontend::builtins::Prim;
use nesl_frontend::source::Span;
use nesl_frontend::tast::{Expr, ExprId, ExprKind, Local, LocalId, Pattern, PatternKind, Program, Var};

pub(crate) trait TypedBuilder {
    /// The program the new expressions go to.
    fn program_mut(&mut self) -> &mut Program;
    fn program_ref(&self) -> &Program;
    /// The locals of the function being rewritten.
    fn locals_mut(&mut self) -> &mut Vec<Local>;
    fn locals_ref(&self) -> &[Local];

    fn alloc(&mut self, kind: ExprKind, ty: Type, span: Span) -> ExprId {
        self.program_mut().exprs.alloc(Expr { kind, ty, span })
    }

    fn ty(&self, e: ExprId) -> Type {
        self.program_ref().exprs[e].ty.clone()
    }

    fn span(&self, e: ExprId) -> Span {
        self.program_ref().exprs[e].span
    }

    fn local(&mut self, name: &str, ty: Type, span: Span) -> LocalId {
        let locals = self.locals_mut();
        locals.push(Local { name: name.to_string(), ty, span });
        LocalId(locals.len() as u32 - 1)
    }

    fn var(&mut self, local: LocalId, span: Span) -> ExprId {
        let ty = self.locals_ref()[local.0 as usize].ty.clone();
        self.alloc(ExprKind::Var(Var::Local(local)), ty, span)
    }

    fn bind_pattern(&self, local: LocalId, span: Span) -> Pattern {
        Pattern { kind: PatternKind::Bind(Var::Local(local)), ty: self.locals_ref()[local.0 as usize].ty.clone(), span }
    }

    fn pair_pattern(a: Pattern, b: Pattern, span: Span) -> Pattern {
        let ty = Type::pair(a.ty.clone(), b.ty.clone());
        Pattern { kind: PatternKind::Pair(Box::new(a), Box::new(b)), ty, span }
    }

    fn pair(&mut self, a: ExprId, b: ExprId, span: Span) -> ExprId {
        let ty = Type::pair(self.ty(a), self.ty(b));
        self.alloc(ExprKind::Pair(a, b), ty, span)
    }

    fn prim(&mut self, prim: Prim, args: Vec<ExprId>, ty: Type, span: Span) -> ExprId {
        self.alloc(ExprKind::Prim { prim, args }, ty, span)
    }

    fn let_(&mut self, pattern: Pattern, value: ExprId, body: ExprId, span: Span) -> ExprId {
        let ty = self.ty(body);
        self.alloc(ExprKind::Let { pattern, value, body }, ty, span)
    }
}
