//! The resolved program: the checker's own IR between the surface AST and
//! the typed program.
//!
//! [`crate::check::resolve`] produces it from the AST: every name is bound
//! (to a local, a global, a function, a constructor or a primitive) and the
//! sugar of `tast/mod.rs` ("Sugar that is gone") is removed, but there are
//! no types yet: [`crate::check::infer`] computes them into side tables
//! indexed by [`CoreExprId`] and [`PatId`], and
//! [`crate::check::monomorphise`] reads the resolved program together with
//! those tables to emit one copy of each body per instance.
//!
//! Expressions and patterns live in two arenas for the whole program.
//! Invariant: an expression's operands are allocated before it (the resolver
//! builds bottom-up), as in the typed program.

use crate::builtins::Prim;
use crate::check::type_store::{DatatypeId, TypeId};
use crate::source::Span;
use crate::tast::{GlobalId, Var};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct CoreExprId(pub u32);

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct PatId(pub u32);

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct BodyId(pub u32);

/// A function definition (user or prelude), indexing
/// [`crate::check::scope::Scope::functions`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct FnId(pub u32);

#[derive(Clone, Debug)]
pub(crate) struct CoreExpr {
    pub kind: CoreKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub(crate) enum CoreKind {
    Int(i64),
    Float(f64),
    Bool(bool),
    Char(u8),
    String(Vec<u8>),
    Var(Var),
    Pair(CoreExprId, CoreExprId),
    /// `[e1, ..., en]`, n >= 1.
    Seq(Vec<CoreExprId>),
    /// `[] t`: the element type, as written (it may contain variables of
    /// the enclosing signature).
    EmptySeq(TypeId),
    /// A call of a user or prelude function. `name_span` is the callee's
    /// name (or the operator) as written.
    Call {
        func: FnId,
        args: Vec<CoreExprId>,
        name_span: Span,
    },
    /// A primitive; nullary constants have no arguments. `is_operator`
    /// when it was written as an infix or prefix operator.
    /// A function (user, prelude or anonymous) used as a value: passed as
    /// an argument or bound by a `let`. See note [function values] in
    /// `check/mod.rs`.
    FnRef(FnId),
    /// A call of a value of function type (a parameter or a `let`-bound
    /// variable): `callee` is the variable, `name_span` its name.
    CallValue {
        callee: CoreExprId,
        args: Vec<CoreExprId>,
        name_span: Span,
    },
    Prim {
        prim: Prim,
        args: Vec<CoreExprId>,
        name_span: Span,
        is_operator: bool,
    },
    Construct {
        datatype: DatatypeId,
        args: Vec<CoreExprId>,
        name_span: Span,
    },
    If {
        cond: CoreExprId,
        then_branch: CoreExprId,
        else_branch: CoreExprId,
    },
    /// One binding; multi-binding `let`s are nested.
    Let {
        pattern: PatId,
        value: CoreExprId,
        body: CoreExprId,
    },
    ApplyToEach {
        body: CoreExprId,
        generators: Vec<(PatId, CoreExprId)>,
        filter: Option<CoreExprId>,
    },
    Time(CoreExprId),
    /// Something the resolver already reported (an unbound name, a wrong
    /// arity, ...). It has an unconstrained type, so that it causes no
    /// further errors.
    Invalid,
}

#[derive(Clone, Debug)]
pub(crate) struct CorePattern {
    pub kind: CorePatternKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub(crate) enum CorePatternKind {
    Bind(Var),
    Pair(PatId, PatId),
    Data {
        datatype: DatatypeId,
        fields: Vec<PatId>,
    },
    /// A pattern the resolver reported (an unknown constructor).
    Invalid,
}

/// A local variable of a body, as declared.
#[derive(Clone, Debug)]
pub(crate) struct LocalDecl {
    pub name: String,
    pub span: Span,
}

/// The code of one function or top-level form.
#[derive(Clone, Debug)]
pub(crate) struct Body {
    /// The parameters of a function; none for a top-level form.
    pub params: Vec<PatId>,
    pub root: CoreExprId,
    /// Indexed by [`crate::tast::LocalId`]; parameters' variables first.
    pub locals: Vec<LocalDecl>,
    /// The functions called directly, with where (for the call graph).
    pub calls: Vec<(FnId, Span)>,
    /// The globals read directly, with where.
    pub globals_read: Vec<(GlobalId, Span)>,
    /// Whether the resolver reported an error in this body.
    pub has_errors: bool,
}

/// A top-level form of the user's file that produces output.
#[derive(Clone, Debug)]
pub(crate) struct CoreItem {
    pub kind: CoreItemKind,
    pub body: BodyId,
    pub span: Span,
    /// Its position among the file's forms.
    pub index: usize,
}

#[derive(Clone, Debug)]
pub(crate) enum CoreItemKind {
    /// `pattern = body;`; the pattern binds globals.
    Bind {
        pattern: PatId,
    },
    Expr,
}

/// The arenas of the resolved program.
#[derive(Default)]
pub(crate) struct Core {
    pub exprs: Vec<CoreExpr>,
    pub patterns: Vec<CorePattern>,
    pub bodies: Vec<Body>,
}

impl Core {
    pub fn add_expr(&mut self, kind: CoreKind, span: Span) -> CoreExprId {
        let id = CoreExprId(self.exprs.len() as u32);
        self.exprs.push(CoreExpr { kind, span });
        id
    }

    pub fn add_pattern(&mut self, kind: CorePatternKind, span: Span) -> PatId {
        let id = PatId(self.patterns.len() as u32);
        self.patterns.push(CorePattern { kind, span });
        id
    }

    pub fn add_body(&mut self, body: Body) -> BodyId {
        let id = BodyId(self.bodies.len() as u32);
        self.bodies.push(body);
        id
    }

    pub fn expr(&self, id: CoreExprId) -> &CoreExpr {
        &self.exprs[id.0 as usize]
    }

    pub fn pattern(&self, id: PatId) -> &CorePattern {
        &self.patterns[id.0 as usize]
    }

    pub fn body(&self, id: BodyId) -> &Body {
        &self.bodies[id.0 as usize]
    }
}
