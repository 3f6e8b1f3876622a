//! Checks the invariants of the typed program, independently of the checker
//! that produced it (it re-reads the primitives' signatures itself).
//!
//! - **Order:** every operand of an expression has a smaller [`ExprId`]
//!   (so the arena is acyclic and a walk in arena order sees operands
//!   first).
//! - **Ranges:** every function, datatype, global and local index is in
//!   range (locals in the table of the function or form that owns the
//!   expression); parameters bind the first locals, in order.
//! - **Types:** every node is well typed: a primitive's arguments and result
//!   are an instance of its signature, with each type variable in its class;
//!   a call's arguments have its instance's parameter types and the call its
//!   result type; `if` branches agree; `let` and generator patterns have the
//!   types of what they bind, and each variable the type its table gives
//!   it; an apply-to-each has type `[body type]`; sequence elements agree;
//!   constructor arguments have the field types; `time(e)` is `(t, float)`.
//! - **Names:** instance names are unique.
//!
//! A [`VerifyError`] names the offending node: its span and its printed
//! form.

use std::collections::{HashMap, HashSet};
use std::fmt;

use crate::builtins::{PRIMS, Prim};
use crate::source::{FileId, Span};
use crate::syntax::ast::{TypeExpr, TypeExprKind, TypeSignature};
use crate::tast::print::expr_summary;
use crate::tast::{ExprId, ExprKind, Local, Pattern, PatternKind, Program, TopItemKind, Var};
use crate::types::{DataNames, Type, TypeClass};

#[derive(Debug, Clone, PartialEq)]
pub struct VerifyError {
    /// What is wrong, with the offending node printed.
    pub message: String,
    /// Where the offending node came from, when there is one.
    pub span: Option<Span>,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for VerifyError {}

pub fn verify(program: &Program) -> Result<(), VerifyError> {
    let verifier = Verifier { program, signatures: parse_prim_signatures()? };
    verifier.check_order()?;
    verifier.check_datatypes()?;
    for global in &program.globals {
        verifier.check_type(&global.ty, Some(global.span), &global.name)?;
    }
    let mut names = HashSet::new();
    for (_, function) in program.functions.iter() {
        if !names.insert(function.instance.as_str()) {
            return Err(VerifyError {
                message: format!("two function instances are named `{}`", function.instance),
                span: Some(function.span),
            });
        }
        let owner = Owner { locals: &function.locals, what: &function.instance };
        // The parameters bind the first locals in order, except that an
        // erased function-typed parameter leaves its local's place empty
        // (note [function values]): such a local is never bound nor read.
        let mut next_local = 0;
        let mut erased = Vec::new();
        for param in &function.params {
            verifier.check_pattern(param, &owner)?;
            for local in pattern_locals(param) {
                if local < next_local {
                    return Err(VerifyError {
                        message: format!(
                            "the parameters of `{}` do not bind the first locals in order",
                            function.instance
                        ),
                        span: Some(param.span),
                    });
                }
                erased.extend(next_local..local);
                next_local = local + 1;
            }
        }
        verifier.check_body(function.body, &owner)?;
        if let Some(local) = erased.into_iter().find(|&l| body_uses_local(program, function.body, l)) {
            return Err(VerifyError {
                message: format!(
                    "`{}` uses local `{}`, which no parameter binds though parameters bind later locals",
                    function.instance, function.locals[local as usize].name
                ),
                span: Some(function.span),
            });
        }
        let body_type = &program.exprs[function.body].ty;
        if *body_type != function.result {
            return Err(verifier.error(
                function.body,
                &owner,
                format!(
                    "the body of `{}` has type {}, but its result type is {}",
                    function.instance,
                    verifier.show(body_type),
                    verifier.show(&function.result)
                ),
            ));
        }
    }
    for item in &program.items {
        let owner = Owner { locals: &item.locals, what: "a top-level form" };
        match &item.kind {
            TopItemKind::Bind { pattern, value } => {
                verifier.check_body(*value, &owner)?;
                verifier.check_pattern(pattern, &owner)?;
                verifier.same(*value, &owner, &pattern.ty, &program.exprs[*value].ty, "the bound pattern")?;
            }
            TopItemKind::Expr { value } => verifier.check_body(*value, &owner)?,
        }
    }
    Ok(())
}

/// The signatures of the primitives, parsed.
fn parse_prim_signatures() -> Result<HashMap<Prim, TypeSignature>, VerifyError> {
    let mut signatures = HashMap::new();
    for info in PRIMS {
        match crate::syntax::parse_type_signature(info.signature, FileId(0)) {
            Ok(sig) => {
                signatures.insert(info.prim, sig);
            }
            Err(error) => {
                return Err(VerifyError {
                    message: format!("the signature of `{}` does not parse: {}", info.names[0], error.message),
                    span: None,
                });
            }
        }
    }
    Ok(signatures)
}

/// Whether the body rooted at `root` reads or binds local `local`.
fn body_uses_local(program: &Program, root: ExprId, local: u32) -> bool {
    let binds = |pattern: &Pattern| pattern_locals(pattern).contains(&local);
    let mut stack = vec![root];
    while let Some(id) = stack.pop() {
        let kind = &program.exprs[id].kind;
        let uses = match kind {
            ExprKind::Var(Var::Local(l)) => l.0 == local,
            ExprKind::Let { pattern, .. } => binds(pattern),
            ExprKind::ApplyToEach { generators, .. } => generators.iter().any(|g| binds(&g.pattern)),
            _ => false,
        };
        if uses {
            return true;
        }
        stack.extend(kind.children());
    }
    false
}

/// The locals bound by a pattern, left to right.
fn pattern_locals(pattern: &Pattern) -> Vec<u32> {
    match &pattern.kind {
        PatternKind::Bind(Var::Local(l)) => vec![l.0],
        PatternKind::Bind(Var::Global(_)) => Vec::new(),
        PatternKind::Pair(a, b) => {
            let mut out = pattern_locals(a);
            out.extend(pattern_locals(b));
            out
        }
        PatternKind::Data { fields, .. } => fields.iter().flat_map(pattern_locals).collect(),
    }
}

/// The function or top-level form that owns the expressions being checked.
struct Owner<'a> {
    locals: &'a [Local],
    what: &'a str,
}

struct Verifier<'a> {
    program: &'a Program,
    signatures: HashMap<Prim, TypeSignature>,
}

fn index(id: ExprId) -> usize {
    id.into_raw().into_u32() as usize
}

impl Verifier<'_> {
    fn show(&self, ty: &Type) -> String {
        format!("`{}`", ty.display(self))
    }

    fn error(&self, id: ExprId, owner: &Owner, message: String) -> VerifyError {
        let expr = &self.program.exprs[id];
        let summary = expr_summary(self.program, owner.locals, id, 120);
        VerifyError {
            message: format!("{message}, in {} (expression {}: `{summary}`)", owner.what, index(id)),
            span: Some(expr.span),
        }
    }

    fn same(&self, id: ExprId, owner: &Owner, expected: &Type, found: &Type, what: &str) -> Result<(), VerifyError> {
        if expected == found {
            return Ok(());
        }
        Err(self.error(id, owner, format!("{what} has type {}, expected {}", self.show(found), self.show(expected))))
    }

    /// Operands before users, and in range.
    fn check_order(&self) -> Result<(), VerifyError> {
        for (id, expr) in self.program.exprs.iter() {
            for operand in ExprKind::children(&expr.kind) {
                if operand >= id {
                    return Err(VerifyError {
                        message: format!(
                            "expression {} uses expression {}, which does not come before it",
                            index(id),
                            index(operand)
                        ),
                        span: Some(expr.span),
                    });
                }
            }
        }
        Ok(())
    }

    fn check_datatypes(&self) -> Result<(), VerifyError> {
        for data in &self.program.datatypes {
            for field in &data.fields {
                self.check_type(field, Some(data.span), &data.name)?;
            }
        }
        Ok(())
    }

    /// Every datatype a type mentions exists.
    fn check_type(&self, ty: &Type, span: Option<Span>, context: &str) -> Result<(), VerifyError> {
        match ty {
            Type::Int | Type::Float | Type::Bool | Type::Char => Ok(()),
            Type::Seq(elem) => self.check_type(elem, span, context),
            Type::Pair(a, b) => {
                self.check_type(a, span, context)?;
                self.check_type(b, span, context)
            }
            Type::Data(id) if (id.0 as usize) < self.program.datatypes.len() => Ok(()),
            Type::Data(id) => Err(VerifyError {
                message: format!("the type of {context} names datatype instance {}, which does not exist", id.0),
                span,
            }),
        }
    }

    fn check_pattern(&self, pattern: &Pattern, owner: &Owner) -> Result<(), VerifyError> {
        let fail = |message: String| VerifyError {
            message: format!("{message}, in {}", owner.what),
            span: Some(pattern.span),
        };
        self.check_type(&pattern.ty, Some(pattern.span), "a pattern")?;
        match &pattern.kind {
            PatternKind::Bind(Var::Local(l)) => match owner.locals.get(l.0 as usize) {
                Some(local) if local.ty == pattern.ty => Ok(()),
                Some(local) => Err(fail(format!(
                    "the pattern binding `{}` has type {}, but the local has type {}",
                    local.name,
                    self.show(&pattern.ty),
                    self.show(&local.ty)
                ))),
                None => Err(fail(format!("a pattern binds local {}, which does not exist", l.0))),
            },
            PatternKind::Bind(Var::Global(g)) => match self.program.globals.get(g.0 as usize) {
                Some(global) if global.ty == pattern.ty => Ok(()),
                Some(global) => Err(fail(format!(
                    "the pattern binding `{}` has type {}, but the global has type {}",
                    global.name,
                    self.show(&pattern.ty),
                    self.show(&global.ty)
                ))),
                None => Err(fail(format!("a pattern binds global {}, which does not exist", g.0))),
            },
            PatternKind::Pair(a, b) => {
                self.check_pattern(a, owner)?;
                self.check_pattern(b, owner)?;
                let expected = Type::pair(a.ty.clone(), b.ty.clone());
                if pattern.ty != expected {
                    return Err(fail(format!(
                        "a pair pattern has type {}, but its parts make {}",
                        self.show(&pattern.ty),
                        self.show(&expected)
                    )));
                }
                Ok(())
            }
            PatternKind::Data { data, fields } => {
                let Some(def) = self.program.datatypes.get(data.0 as usize) else {
                    return Err(fail(format!("a pattern names datatype instance {}, which does not exist", data.0)));
                };
                if pattern.ty != Type::Data(*data) || def.fields.len() != fields.len() {
                    return Err(fail(format!("a `{}` pattern does not match its datatype", def.name)));
                }
                for (field, declared) in fields.iter().zip(&def.fields) {
                    self.check_pattern(field, owner)?;
                    if field.ty != *declared {
                        return Err(fail(format!(
                            "a field pattern of `{}` has type {}, but the field has type {}",
                            def.name,
                            self.show(&field.ty),
                            self.show(declared)
                        )));
                    }
                }
                Ok(())
            }
        }
    }

    /// Checks every expression reachable from `root` (operands are known to
    /// come first, so the walk ends).
    fn check_body(&self, root: ExprId, owner: &Owner) -> Result<(), VerifyError> {
        if index(root) >= self.program.exprs.len() {
            return Err(VerifyError { message: format!("the body of {} does not exist", owner.what), span: None });
        }
        let mut stack = vec![root];
        while let Some(id) = stack.pop() {
            self.check_expr(id, owner)?;
            stack.extend(ExprKind::children(&self.program.exprs[id].kind));
        }
        Ok(())
    }

    fn check_expr(&self, id: ExprId, owner: &Owner) -> Result<(), VerifyError> {
        let exprs = &self.program.exprs;
        let expr = &exprs[id];
        let ty = &expr.ty;
        self.check_type(ty, Some(expr.span), "an expression")?;
        let fail = |message: String| self.error(id, owner, message);
        match &expr.kind {
            ExprKind::Int(_) => self.same(id, owner, &Type::Int, ty, "an int literal"),
            ExprKind::Float(_) => self.same(id, owner, &Type::Float, ty, "a float literal"),
            ExprKind::Bool(_) => self.same(id, owner, &Type::Bool, ty, "a bool literal"),
            ExprKind::Char(_) => self.same(id, owner, &Type::Char, ty, "a char literal"),
            ExprKind::String(_) => self.same(id, owner, &Type::string(), ty, "a string literal"),
            ExprKind::Var(Var::Local(l)) => match owner.locals.get(l.0 as usize) {
                Some(local) => self.same(id, owner, &local.ty, ty, &format!("the variable `{}`", local.name)),
                None => Err(fail(format!("local {} does not exist", l.0))),
            },
            ExprKind::Var(Var::Global(g)) => match self.program.globals.get(g.0 as usize) {
                Some(global) => self.same(id, owner, &global.ty, ty, &format!("the global `{}`", global.name)),
                None => Err(fail(format!("global {} does not exist", g.0))),
            },
            ExprKind::Pair(a, b) => {
                let expected = Type::pair(exprs[*a].ty.clone(), exprs[*b].ty.clone());
                self.same(id, owner, &expected, ty, "a pair")
            }
            ExprKind::Seq(elems) => {
                let Type::Seq(elem) = ty else { return Err(fail("a sequence does not have a sequence type".into())) };
                for e in elems {
                    self.same(*e, owner, elem, &exprs[*e].ty, "a sequence element")?;
                }
                Ok(())
            }
            ExprKind::Call { func, args } => {
                if index_of_func(*func) >= self.program.functions.len() {
                    return Err(fail(format!(
                        "a call of function instance {}, which does not exist",
                        index_of_func(*func)
                    )));
                }
                let callee = &self.program.functions[*func];
                if callee.params.len() != args.len() {
                    return Err(fail(format!(
                        "`{}` takes {} arguments, but is called with {}",
                        callee.instance,
                        callee.params.len(),
                        args.len()
                    )));
                }
                for (i, (param, arg)) in callee.params.iter().zip(args).enumerate() {
                    self.same(
                        *arg,
                        owner,
                        &param.ty,
                        &exprs[*arg].ty,
                        &format!("argument {} of `{}`", i + 1, callee.instance),
                    )?;
                }
                self.same(id, owner, &callee.result, ty, &format!("the call of `{}`", callee.instance))
            }
            ExprKind::Prim { prim, args } => self.check_prim(id, owner, *prim, args),
            ExprKind::Construct { data, args } => {
                let Some(def) = self.program.datatypes.get(data.0 as usize) else {
                    return Err(fail(format!("a constructor of datatype instance {}, which does not exist", data.0)));
                };
                if def.fields.len() != args.len() {
                    return Err(fail(format!(
                        "`{}` has {} fields, but is built from {}",
                        def.name,
                        def.fields.len(),
                        args.len()
                    )));
                }
                for (field, arg) in def.fields.iter().zip(args) {
                    self.same(*arg, owner, field, &exprs[*arg].ty, &format!("a field of `{}`", def.name))?;
                }
                self.same(id, owner, &Type::Data(*data), ty, "a constructor")
            }
            ExprKind::If { cond, then_branch, else_branch } => {
                self.same(*cond, owner, &Type::Bool, &exprs[*cond].ty, "the condition")?;
                self.same(*else_branch, owner, &exprs[*then_branch].ty, &exprs[*else_branch].ty, "the else-branch")?;
                self.same(id, owner, &exprs[*then_branch].ty, ty, "an if")
            }
            ExprKind::Let { pattern, value, body } => {
                self.check_pattern(pattern, owner)?;
                self.same(*value, owner, &pattern.ty, &exprs[*value].ty, "a let-bound value")?;
                self.same(id, owner, &exprs[*body].ty, ty, "a let")
            }
            ExprKind::ApplyToEach { body, generators, filter } => {
                if generators.is_empty() {
                    return Err(fail("an apply-to-each has no generator".into()));
                }
                for generator in generators {
                    self.check_pattern(&generator.pattern, owner)?;
                    let expected = Type::seq(generator.pattern.ty.clone());
                    self.same(generator.seq, owner, &expected, &exprs[generator.seq].ty, "a generator's sequence")?;
                }
                if let Some(filter) = filter {
                    self.same(*filter, owner, &Type::Bool, &exprs[*filter].ty, "the filter")?;
                }
                self.same(id, owner, &Type::seq(exprs[*body].ty.clone()), ty, "an apply-to-each")
            }
            ExprKind::Time(inner) => {
                let expected = Type::pair(exprs[*inner].ty.clone(), Type::Float);
                self.same(id, owner, &expected, ty, "a time")
            }
        }
    }

    /// The argument and result types form an instance of the primitive's
    /// signature, each type variable bound to a type of its class.
    fn check_prim(&self, id: ExprId, owner: &Owner, prim: Prim, args: &[ExprId]) -> Result<(), VerifyError> {
        let Some(sig) = self.signatures.get(&prim) else {
            return Err(self.error(id, owner, format!("the primitive `{}` has no signature", prim.name())));
        };
        let exprs = &self.program.exprs;
        if sig.params.len() != args.len() {
            return Err(self.error(
                id,
                owner,
                format!("`{}` takes {} arguments, but is given {}", prim.name(), sig.params.len(), args.len()),
            ));
        }
        let mut bindings: HashMap<&str, &Type> = HashMap::new();
        let actual: Vec<&Type> = args.iter().map(|a| &exprs[*a].ty).chain(std::iter::once(&exprs[id].ty)).collect();
        let declared: Vec<&TypeExpr> = sig.params.iter().chain(std::iter::once(&sig.result)).collect();
        for (position, (declared, actual)) in declared.iter().zip(&actual).enumerate() {
            if !matches_signature(declared, actual, &mut bindings) {
                let what =
                    if position < args.len() { format!("argument {}", position + 1) } else { "the result".into() };
                return Err(self.error(
                    id,
                    owner,
                    format!(
                        "{what} of `{}` has type {}, which does not fit its signature `{}`",
                        prim.name(),
                        self.show(actual),
                        prim.info().signature
                    ),
                ));
            }
        }
        for constraint in &sig.constraints {
            let Some(class) = TypeClass::from_name(&constraint.class.name) else { continue };
            if let Some(ty) = bindings.get(constraint.var.name.as_str())
                && !class.contains(ty)
            {
                return Err(self.error(
                    id,
                    owner,
                    format!("`{}` is used at {}, which is not in class `{class}`", prim.name(), self.show(ty)),
                ));
            }
        }
        Ok(())
    }
}

fn index_of_func(id: crate::tast::FuncId) -> usize {
    id.into_raw().into_u32() as usize
}

/// Whether `actual` is an instance of the signature type `declared`, given
/// (and extending) the bindings of its type variables.
fn matches_signature<'s, 't>(
    declared: &'s TypeExpr,
    actual: &'t Type,
    bindings: &mut HashMap<&'s str, &'t Type>,
) -> bool {
    match (&declared.kind, actual) {
        (TypeExprKind::Name(name), _) => match name.name.as_str() {
            "int" => *actual == Type::Int,
            "float" => *actual == Type::Float,
            "bool" => *actual == Type::Bool,
            "char" => *actual == Type::Char,
            var => match bindings.get(var) {
                Some(bound) => *bound == actual,
                None => {
                    bindings.insert(var, actual);
                    true
                }
            },
        },
        (TypeExprKind::Seq(d), Type::Seq(a)) => matches_signature(d, a, bindings),
        (TypeExprKind::Pair(d1, d2), Type::Pair(a1, a2)) => {
            matches_signature(d1, a1, bindings) && matches_signature(d2, a2, bindings)
        }
        _ => false,
    }
}

impl DataNames for Verifier<'_> {
    fn data_name(&self, id: crate::types::DataId) -> &str {
        self.program.datatypes.get(id.0 as usize).map_or("?", |d| d.name.as_str())
    }
}
