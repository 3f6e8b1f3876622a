//! The surface syntax tree of a NESL file, exactly as written.
//!
//! Produced by [`crate::syntax::parse_file`]; consumed by name resolution and
//! type inference. Every node carries the [`Span`] of the text it came from.
//! Identifiers are stored lower-cased (NESL is case-insensitive); keywords
//! are not identifiers.
//!
//! The tree is a plain `Box` tree: it is built once by the parser and read
//! once by the checker, which produces the arena-based typed program of
//! [`crate::tast`].
//!
//! Desugarings the parser performs (so that later stages see one form):
//! - `{ e : x }` with a bare variable `x` becomes the generator `x in x`;
//! - an apply-to-each without `:` (`{ p in s; q in u | c }`, `{ x; ... }`)
//!   has its first binding's pattern, read back as an expression, as its
//!   body: `{ p' : p in s; q in u | c }`;
//! - the serial apply-to-each `{* ... }` means the same, and is read as `{ ... }`;
//! - `(e)` is just `e` (no parenthesis node), but the span of `e` is
//!   widened to include the parentheses.
//!
//! Everything else (operators, ranges, strings, `time`) is kept as written
//! and desugared by the checker, so that `--emit ast` shows the program the
//! user wrote.

use crate::source::Span;

/// An identifier, lower-cased, with where it was written.
#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// A whole file: its top-level forms in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Module {
    pub items: Vec<Item>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub kind: ItemKind,
    /// From the first token of the form to its terminating `;` or `$`.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ItemKind {
    /// `function f(p1, ..., pn) [: sig] ["doc"] = body ;`
    Function(FunctionDef),
    /// `datatype name(t1, ..., tn) [:: (a in class; ...)] ;`
    Datatype(DatatypeDef),
    /// `pat = expr ;` — a top-level binding, printed as `name = value : type`.
    Binding { pattern: Pattern, value: Expr },
    /// `expr ;` — a top-level expression, printed as `it = value : type`.
    Expr(Expr),
    /// `load EXPR ;`: the forms of another file, read in place. The path is
    /// a string expression (`load dir ++ "primes"`); [`crate::syntax::parse_program`]
    /// replaces the form by the file's forms.
    Load { path: Expr },
    /// A form NESL has but nessie does not support (`load`, `set`, `&=`,
    /// `|=` bindings, ...). The checker reports it with [`ErrorClass::Unsupported`].
    ///
    /// [`ErrorClass::Unsupported`]: crate::diagnostic::ErrorClass::Unsupported
    Unsupported { what: String },
}

#[derive(Clone, Debug, PartialEq)]
pub struct FunctionDef {
    pub name: Ident,
    pub params: Vec<Pattern>,
    pub signature: Option<TypeSignature>,
    pub doc: Option<String>,
    /// `None` for a declaration without a body, `function f(x) : t;`
    /// (NESL's form for a function its library implements natively). The
    /// checker accepts it only in the prelude, with a signature, for the
    /// host library nessie does not run (see [`crate::builtins::host_library_reason`]).
    pub body: Option<Expr>,
}

/// `(t1, ..., tn) -> t :: (a in number; b in any)`; a single parameter may
/// be written without parentheses (`int -> int`).
#[derive(Clone, Debug, PartialEq)]
pub struct TypeSignature {
    pub params: Vec<TypeExpr>,
    pub result: TypeExpr,
    pub constraints: Vec<ClassConstraint>,
    pub span: Span,
}

/// `a in number`.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassConstraint {
    pub var: Ident,
    pub class: Ident,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct DatatypeDef {
    pub name: Ident,
    pub fields: Vec<TypeExpr>,
    pub constraints: Vec<ClassConstraint>,
}

/// A type as written.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeExpr {
    pub kind: TypeExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TypeExprKind {
    /// `int`, `float`, `bool`, `char`, a type variable `a`, or a datatype
    /// name; the checker decides which.
    Name(Ident),
    /// `[t]`
    Seq(Box<TypeExpr>),
    /// `(t1, t2)`; `(t1, t2, t3)` is `(t1, (t2, t3))`.
    Pair(Box<TypeExpr>, Box<TypeExpr>),
}

/// A pattern in a parameter list, a `let`, a generator or a top-level binding.
#[derive(Clone, Debug, PartialEq)]
pub struct Pattern {
    pub kind: PatternKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum PatternKind {
    /// `x`
    Var(Ident),
    /// `(p1, p2)`; `(p1, p2, p3)` is `(p1, (p2, p3))`.
    Pair(Box<Pattern>, Box<Pattern>),
    /// `point(p1, ..., pn)`
    Constructor { name: Ident, fields: Vec<Pattern> },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// `42`
    Int(i64),
    /// `3.0`, `.5`, `1e10`
    Float(f64),
    /// `t`, `f` (any case)
    Bool(bool),
    /// `` `a ``
    Char(u8),
    /// `"abc"`: a `[char]`, bytes after escapes are processed.
    String(Vec<u8>),
    /// A variable, a nullary builtin (`pi`, `max_int`), or a function name.
    Var(Ident),
    /// `e1, e2` (right associative)
    Pair(Box<Expr>, Box<Expr>),
    /// `[e1, ..., en]`, n >= 1
    Seq(Vec<Expr>),
    /// `[] t` — the empty sequence of element type `t`.
    EmptySeq(TypeExpr),
    /// `[start : end]` or `[start : end : stride]` (end excluded).
    Range {
        start: Box<Expr>,
        end: Box<Expr>,
        stride: Option<Box<Expr>>,
    },
    /// `f(a1, ..., an)`: a function, builtin or datatype constructor call.
    /// `time(e)` is a call of the name `time`.
    Call {
        func: Ident,
        args: Vec<Expr>,
    },
    /// `s[i]`
    Index {
        seq: Box<Expr>,
        index: Box<Expr>,
    },
    Binary {
        op: BinaryOp,
        op_span: Span,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    Unary {
        op: UnaryOp,
        op_span: Span,
        operand: Box<Expr>,
    },
    If {
        cond: Box<Expr>,
        then_branch: Box<Expr>,
        else_branch: Box<Expr>,
    },
    /// `let p1 = e1; ...; pn = en in body` — each binding sees the earlier ones.
    Let {
        bindings: Vec<(Pattern, Expr)>,
        body: Box<Expr>,
    },
    /// `(p1, ..., pn) => body`, NESL 3.1's anonymous function: a function
    /// definition without a name (its `name` is `lambda`, at the `=>`),
    /// whose parameters are the components of the pattern's top-level
    /// tuple (so `(s, v) => e` takes two arguments, as
    /// `function f(s, v) = e` does).
    Lambda(Box<FunctionDef>),
    /// `{ body : p1 in s1; ...; pn in sn | filter }`
    ApplyToEach {
        body: Box<Expr>,
        generators: Vec<Generator>,
        filter: Option<Box<Expr>>,
    },
}

/// `p in s`
#[derive(Clone, Debug, PartialEq)]
pub struct Generator {
    pub pattern: Pattern,
    pub seq: Expr,
    pub span: Span,
}

/// Infix operators, by precedence level of LANGUAGE.md.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    // level 7
    Or,
    Xor,
    Nor,
    // level 8
    And,
    Nand,
    // level 10
    Eq,
    Ne,
    Lt,
    Gt,
    Le,
    Ge,
    // level 20
    Append,
    Add,
    Sub,
    // level 21
    Mul,
    Div,
    Pad,
    // level 22
    Pow,
    // level 23
    Write,
    // level 24
    Read,
}

impl BinaryOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Or => "or",
            BinaryOp::Xor => "xor",
            BinaryOp::Nor => "nor",
            BinaryOp::And => "and",
            BinaryOp::Nand => "nand",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "/=",
            BinaryOp::Lt => "<",
            BinaryOp::Gt => ">",
            BinaryOp::Le => "<=",
            BinaryOp::Ge => ">=",
            BinaryOp::Append => "++",
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Pad => "||",
            BinaryOp::Pow => "^",
            BinaryOp::Write => "<-",
            BinaryOp::Read => "->",
        }
    }

    /// Precedence level of LANGUAGE.md (higher binds tighter). All binary
    /// operators are left associative.
    pub fn precedence(self) -> u8 {
        match self {
            BinaryOp::Or | BinaryOp::Xor | BinaryOp::Nor => 7,
            BinaryOp::And | BinaryOp::Nand => 8,
            BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Gt | BinaryOp::Le | BinaryOp::Ge => 10,
            BinaryOp::Append | BinaryOp::Add | BinaryOp::Sub => 20,
            BinaryOp::Mul | BinaryOp::Div | BinaryOp::Pad => 21,
            BinaryOp::Pow => 22,
            BinaryOp::Write => 23,
            BinaryOp::Read => 24,
        }
    }
}

/// Prefix operators (level 25).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `#s`
    Length,
    /// `@v`
    ToString,
    /// `-x`
    Negate,
}

impl UnaryOp {
    pub fn symbol(self) -> &'static str {
        match self {
            UnaryOp::Length => "#",
            UnaryOp::ToString => "@",
            UnaryOp::Negate => "-",
        }
    }
}
