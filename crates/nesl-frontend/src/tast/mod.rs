//! The typed, monomorphic program: what the front end hands to the
//! interpreter and to flattening.
//!
//! # Shape
//! A [`Program`] holds every expression of every function and top-level form
//! in one arena, [`Program::exprs`], referred to by [`ExprId`]. Invariant
//! (checked by [`crate::tast::verify`]): an expression's operands are
//! allocated before it, so a walk in arena order sees every operand before its
//! user, and the arena is acyclic.
//!
//! Every expression carries its monomorphic [`Type`]: the type is part of
//! the IR, not an analysis. Every polymorphic NESL function has been
//! instantiated once per type at which it is used ([`Function::instance`]
//! names the instance), and only reachable instances exist.
//!
//! # Variables
//! Each function (and each top-level form) has its own table of locals,
//! indexed by [`LocalId`]; a pattern binds locals. Top-level bindings bind
//! [`GlobalId`]s instead, which later forms and functions may read.
//! Variables are unique within their table: shadowing in the source gives
//! two distinct locals.
//!
//! # Sugar that is gone
//! Operators are [`ExprKind::Prim`] or library [`ExprKind::Call`]s; ranges
//! are `iseq`; `s[i]` is `elt`; string literals are [`ExprKind::String`];
//! multi-binding `let`s are nested single `let`s; filters of apply-to-each
//! stay as [`ExprKind::ApplyToEach::filter`] (the flattener treats them as a
//! pack). `time(e)` is [`ExprKind::Time`].

use la_arena::{Arena, Idx};

use crate::builtins::Prim;
use crate::source::Span;
use crate::types::{DataId, DataNames, Type};
use crate::value::Value;

pub type ExprId = Idx<Expr>;
pub type FuncId = Idx<Function>;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocalId(pub u32);

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GlobalId(pub u32);

#[derive(Clone, Debug, Default)]
pub struct Program {
    /// Monomorphic datatype instances, indexed by [`DataId`].
    pub datatypes: Vec<DataDef>,
    /// Monomorphic function instances (user and library).
    pub functions: Arena<Function>,
    /// Variables bound by top-level bindings, indexed by [`GlobalId`].
    pub globals: Vec<Global>,
    /// The top-level forms that run, in program order.
    pub items: Vec<TopItem>,
    /// Every expression of the program. See the module doc for the order
    /// invariant.
    pub exprs: Arena<Expr>,
}

impl DataNames for Program {
    fn data_name(&self, id: DataId) -> &str {
        &self.datatypes[id.0 as usize].name
    }
}

impl Program {
    pub fn data(&self, id: DataId) -> &DataDef {
        &self.datatypes[id.0 as usize]
    }

    pub fn global(&self, id: GlobalId) -> &Global {
        &self.globals[id.0 as usize]
    }

    /// Formats a type with this program's datatype names.
    pub fn type_name(&self, ty: &Type) -> String {
        ty.display(self).to_string()
    }

    /// The type of a top-level item's value.
    pub fn item_type(&self, item: &TopItem) -> &Type {
        match &item.kind {
            TopItemKind::Bind { value, .. } | TopItemKind::Expr { value } => &self.exprs[*value].ty,
        }
    }

    /// What an item's value is printed as: the bound pattern (`x`,
    /// `(a, b)`), or `it` for a bare expression.
    pub fn item_label(&self, item: &TopItem) -> String {
        match &item.kind {
            TopItemKind::Bind { pattern, .. } => self.pattern_text(pattern, &item.locals),
            TopItemKind::Expr { .. } => "it".to_string(),
        }
    }

    /// One line of `nessie run`'s output: `x = [1, 2, 3] : [int]`.
    pub fn format_item(&self, item: &TopItem, value: &Value) -> String {
        format!("{} = {} : {}", self.item_label(item), value.display(self), self.type_name(self.item_type(item)))
    }

    /// A pattern as NESL source text.
    pub fn pattern_text(&self, pattern: &Pattern, locals: &[Local]) -> String {
        match &pattern.kind {
            PatternKind::Bind(Var::Global(g)) => self.global(*g).name.clone(),
            PatternKind::Bind(Var::Local(l)) => locals[l.0 as usize].name.clone(),
            PatternKind::Pair(a, b) => {
                let mut parts = vec![self.pattern_text(a, locals)];
                let mut rest = &**b;
                while let PatternKind::Pair(x, y) = &rest.kind {
                    parts.push(self.pattern_text(x, locals));
                    rest = y;
                }
                parts.push(self.pattern_text(rest, locals));
                format!("({})", parts.join(", "))
            }
            PatternKind::Data { data, fields } => {
                let fields: Vec<String> = fields.iter().map(|f| self.pattern_text(f, locals)).collect();
                format!("{}({})", self.data(*data).name, fields.join(", "))
            }
        }
    }
}

/// A monomorphic instance of a datatype: `point(float, float)`.
#[derive(Clone, Debug, PartialEq)]
pub struct DataDef {
    /// The source name, printed for values (`point(1.0, 2.0)`).
    pub name: String,
    pub fields: Vec<Type>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Global {
    pub name: String,
    pub ty: Type,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Local {
    pub name: String,
    pub ty: Type,
    pub span: Span,
}

/// One monomorphic instance of a NESL function.
#[derive(Clone, Debug)]
pub struct Function {
    /// The source name (`dotp`).
    pub name: String,
    /// Unique among the program's functions: the source name for a
    /// monomorphic function, and the name with its type arguments for an
    /// instance of a polymorphic one (`sum_sq<float>`).
    pub instance: String,
    pub params: Vec<Pattern>,
    pub result: Type,
    pub body: ExprId,
    /// Indexed by [`LocalId`]; parameters' variables come first.
    pub locals: Vec<Local>,
    pub span: Span,
    /// True for functions of the bundled prelude.
    pub is_library: bool,
    /// True when the function calls itself, directly or through others.
    pub is_recursive: bool,
}

impl Function {
    pub fn local(&self, id: LocalId) -> &Local {
        &self.locals[id.0 as usize]
    }
}

/// A top-level form that produces output. Function and datatype definitions
/// print nothing and are not items.
#[derive(Clone, Debug)]
pub struct TopItem {
    pub kind: TopItemKind,
    /// Locals of the form's expression (from `let`s and generators).
    pub locals: Vec<Local>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum TopItemKind {
    /// `pat = value;` prints `pat = value : type`, where `pat` is printed
    /// as written (`x`, `(a, b)`).
    Bind { pattern: Pattern, value: ExprId },
    /// `value;` prints `it = value : type`.
    Expr { value: ExprId },
}

#[derive(Clone, Debug)]
pub struct Pattern {
    pub kind: PatternKind,
    pub ty: Type,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum PatternKind {
    Bind(Var),
    Pair(Box<Pattern>, Box<Pattern>),
    /// `point(p1, ..., pn)`: always matches (datatypes have one constructor).
    Data {
        data: DataId,
        fields: Vec<Pattern>,
    },
}

/// A variable reference: a local of the enclosing function or form, or a
/// global bound at top level.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Var {
    Local(LocalId),
    Global(GlobalId),
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub ty: Type,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Int(i64),
    Float(f64),
    Bool(bool),
    Char(u8),
    /// A string literal, of type `[char]`.
    String(Vec<u8>),
    Var(Var),
    Pair(ExprId, ExprId),
    /// `[e1, ..., en]`; `n = 0` is a typed empty sequence (`[] int`), whose
    /// element type is in the expression's type.
    Seq(Vec<ExprId>),
    /// A call of a (user or library) function instance.
    Call {
        func: FuncId,
        args: Vec<ExprId>,
    },
    /// A primitive applied to its arguments (nullary constants have none).
    Prim {
        prim: Prim,
        args: Vec<ExprId>,
    },
    /// A datatype constructor.
    Construct {
        data: DataId,
        args: Vec<ExprId>,
    },
    If {
        cond: ExprId,
        then_branch: ExprId,
        else_branch: ExprId,
    },
    Let {
        pattern: Pattern,
        value: ExprId,
        body: ExprId,
    },
    /// `{ body : p1 in s1; ...; pn in sn | filter }`; the generators'
    /// sequences are zipped (equal lengths, checked at run time).
    ApplyToEach {
        body: ExprId,
        generators: Vec<Generator>,
        filter: Option<ExprId>,
    },
    /// `time(e)`: `(value of e, seconds taken)`.
    Time(ExprId),
}

impl ExprKind {
    /// The direct subexpressions, in evaluation order (the generators'
    /// sequences, the filter, then the body of an apply-to-each).
    pub fn children(&self) -> Vec<ExprId> {
        match self {
            ExprKind::Int(_)
            | ExprKind::Float(_)
            | ExprKind::Bool(_)
            | ExprKind::Char(_)
            | ExprKind::String(_)
            | ExprKind::Var(_) => Vec::new(),
            ExprKind::Pair(a, b) => vec![*a, *b],
            ExprKind::Seq(items) => items.clone(),
            ExprKind::Call { args, .. } | ExprKind::Prim { args, .. } | ExprKind::Construct { args, .. } => {
                args.clone()
            }
            ExprKind::If { cond, then_branch, else_branch } => vec![*cond, *then_branch, *else_branch],
            ExprKind::Let { value, body, .. } => vec![*value, *body],
            ExprKind::ApplyToEach { body, generators, filter } => {
                let mut out: Vec<ExprId> = generators.iter().map(|g| g.seq).collect();
                out.extend(filter.iter().copied());
                out.push(*body);
                out
            }
            ExprKind::Time(inner) => vec![*inner],
        }
    }
}

#[derive(Clone, Debug)]
pub struct Generator {
    pub pattern: Pattern,
    pub seq: ExprId,
}

mod print;
mod verify;

pub use print::print_program;
pub use verify::{VerifyError, verify};
