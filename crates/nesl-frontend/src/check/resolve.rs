//! Name resolution and desugaring: the surface AST to the resolved program
//! of [`crate::check::ir`].
//!
//! Every body (function or top-level form) is walked once. Variables are
//! bound to locals (parameters, `let` and generator patterns) or globals;
//! calls to user or prelude functions, constructors or primitives. The
//! sugar listed in `tast/mod.rs` is removed here:
//! - infix operators become primitives (or, for `||`, a call of the
//!   prelude's `__pad`, looked up in the prelude's own scope), prefix `#`,
//!   `@` and `-` become `length`, `to_string` and `negate` (and `-` of a
//!   number literal is a negative literal);
//! - `[s:e]` and `[s:e:d]` become `iseq(s, d, e)` (stride 1 by default);
//! - `s[i]` becomes `elt(s, i)`;
//! - a `let` with several bindings becomes nested one-binding `let`s;
//! - `time(e)` becomes [`CoreKind::Time`] unless the file defines `time`;
//! - a nullary primitive used as a variable (`pi`) becomes a primitive
//!   application with no arguments; a constructor call becomes
//!   [`CoreKind::Construct`].
//!
//! Errors found here (unbound and misused names, wrong numbers of
//! arguments, unsupported builtins) are reported and replaced by
//! [`CoreKind::Invalid`], which inference gives an unconstrained type, so
//! that the rest of the body is still checked without cascading errors.

use std::collections::HashMap;

use crate::builtins::{OpTarget, Prim, UNSUPPORTED_BUILTINS, binary_op_target, is_window_function, unary_op_target};
use crate::check::ir::{
    Body, BodyId, Core, CoreExprId, CoreItem, CoreItemKind, CoreKind, CorePatternKind, FnId, LocalDecl, PatId,
};
use crate::check::scope::{Callable, FileRole, Scope};
use crate::check::signatures::{
    DatatypeInfo, PrimScheme, Signature, convert_signature, convert_type, count, datatype_reference,
    prim_signature_text,
};
use crate::check::suggest::did_you_mean;
use crate::check::type_store::{TypeId, TypeStore};
use crate::diagnostic::{Diagnostic, ErrorClass};
use crate::source::Span;
use crate::syntax::ast::{
    Expr, ExprKind, FunctionDef, Ident, ItemKind, Module, Pattern, PatternKind, TypeExpr, TypeExprKind, UnaryOp,
};
use crate::tast::{GlobalId, LocalId, Var};

/// How deeply expressions may nest. The parser's own limit is lower; this
/// one protects the recursive passes from hand-built trees.
pub(crate) const MAX_NESTING: u32 = 400;

/// The resolved program.
pub(crate) struct Resolved {
    pub core: Core,
    /// Indexed by [`FnId`], like [`Scope::functions`].
    pub functions: Vec<ResolvedFunction>,
    /// The user's forms that produce output, in program order.
    pub items: Vec<CoreItem>,
}

pub(crate) struct ResolvedFunction {
    pub body: BodyId,
    pub signature: Option<Signature>,
}

/// Resolves every function of both files and every top-level form of the
/// user's file.
pub(crate) fn resolve_program(
    scope: &Scope,
    prims: &[Option<PrimScheme>],
    datatypes: &[DatatypeInfo],
    user: &Module,
    store: &mut TypeStore,
    diags: &mut Vec<Diagnostic>,
) -> Resolved {
    let mut resolver = Resolver {
        scope,
        prims,
        datatypes,
        store,
        core: Core::default(),
        diags,
        body: BodyState::new(),
        lambdas: HashMap::new(),
    };
    let mut functions: Vec<Option<ResolvedFunction>> = Vec::with_capacity(scope.functions.len());
    for index in 0..scope.functions.len() {
        let id = FnId(index as u32);
        // An anonymous function is resolved where it is written, inside
        // the body around it (see `resolve_lambda`).
        functions.push((!scope.is_lambda(id)).then(|| resolver.resolve_function(id)));
    }
    let mut items = Vec::new();
    for (index, item) in user.items.iter().enumerate() {
        let globals_before = scope.globals_before_item[index];
        match &item.kind {
            ItemKind::Binding { pattern, value } => {
                resolver.body = BodyState::new_for(FileRole::User, globals_before);
                resolver.body.epoch = scope.epoch_of(index);
                let root = resolver.resolve_expr(value);
                resolver.body.next_global = globals_before;
                let mut group = Vec::new();
                let pattern = resolver.resolve_pattern(pattern, Binder::Global, &mut group);
                let body = resolver.finish_body(Vec::new(), root);
                items.push(CoreItem { kind: CoreItemKind::Bind { pattern }, body, span: item.span, index });
            }
            ItemKind::Expr(expr) => {
                resolver.body = BodyState::new_for(FileRole::User, globals_before);
                resolver.body.epoch = scope.epoch_of(index);
                let root = resolver.resolve_expr(expr);
                let body = resolver.finish_body(Vec::new(), root);
                items.push(CoreItem { kind: CoreItemKind::Expr, body, span: item.span, index });
            }
            ItemKind::Unsupported { what } => {
                resolver.diags.push(
                    Diagnostic::new(ErrorClass::Unsupported, format!("nessie does not support {what}"))
                        .with_primary(item.span, "not supported"),
                );
            }
            ItemKind::Load { path } => {
                resolver.diags.push(
                    Diagnostic::new(ErrorClass::Unsupported, "`load` of a file that was not read")
                        .with_primary(path.span, "this file")
                        .with_help("parse the program with `syntax::parse_program`, which reads the files it loads"),
                );
            }
            ItemKind::Function(_) | ItemKind::Datatype(_) => {}
        }
    }
    let mut lambdas = std::mem::take(&mut resolver.lambdas);
    let functions = functions
        .into_iter()
        .enumerate()
        .map(|(index, resolved)| {
            resolved.or_else(|| lambdas.remove(&FnId(index as u32))).unwrap_or_else(|| {
                // A lambda in a form that was not resolved (an unsupported
                // form, already reported): an empty body with errors.
                let decl = resolver.scope.function(FnId(index as u32));
                resolver.body = BodyState::new_for(decl.role, decl.globals_visible);
                resolver.body.has_errors = true;
                let root = resolver.invalid(decl.span);
                ResolvedFunction { body: resolver.finish_body(Vec::new(), root), signature: None }
            })
        })
        .collect();
    Resolved { core: resolver.core, functions, items }
}

/// What a variable pattern binds.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Binder {
    Local,
    Global,
}

/// The names bound by one pattern group (the parameters of a function, one
/// `let` binding, the generators of one apply-to-each), which must be
/// distinct; the locals enter scope together once the group is complete.
type Group = Vec<(String, Span, Option<LocalId>)>;

/// The state of the body being resolved.
struct BodyState {
    role: FileRole,
    globals_visible: u32,
    locals: Vec<LocalDecl>,
    /// The locals in scope by name; the last is the innermost.
    in_scope: HashMap<String, Vec<LocalId>>,
    /// The names entered into `in_scope`, in order, for leaving scopes.
    entered: Vec<String>,
    calls: Vec<(FnId, Span)>,
    globals_read: Vec<(GlobalId, Span)>,
    has_errors: bool,
    /// The type variables of the function's declared signature.
    type_variables: HashMap<String, TypeId>,
    /// The id of the next global a top-level pattern binds.
    next_global: u32,
    depth: u32,
    /// The epoch whose definitions the body's calls mean (note
    /// [redefinition] in `scope.rs`).
    epoch: usize,
    /// In an anonymous function: the locals of the bodies around it, which
    /// it may not use (closures are not supported yet).
    outer_locals: Vec<String>,
}

impl BodyState {
    fn new() -> BodyState {
        BodyState::new_for(FileRole::User, 0)
    }

    fn new_for(role: FileRole, globals_visible: u32) -> BodyState {
        BodyState {
            role,
            globals_visible,
            locals: Vec::new(),
            in_scope: HashMap::new(),
            entered: Vec::new(),
            calls: Vec::new(),
            globals_read: Vec::new(),
            has_errors: false,
            type_variables: HashMap::new(),
            next_global: 0,
            depth: 0,
            epoch: 0,
            outer_locals: Vec::new(),
        }
    }
}

struct Resolver<'a, 'ast> {
    scope: &'a Scope<'ast>,
    prims: &'a [Option<PrimScheme>],
    datatypes: &'a [DatatypeInfo],
    store: &'a mut TypeStore,
    core: Core,
    diags: &'a mut Vec<Diagnostic>,
    body: BodyState,
    /// The anonymous functions resolved so far.
    lambdas: HashMap<FnId, ResolvedFunction>,
}

impl Resolver<'_, '_> {
    fn error(&mut self, diag: Diagnostic) {
        self.body.has_errors = true;
        self.diags.push(diag);
    }

    fn invalid(&mut self, span: Span) -> CoreExprId {
        self.core.add_expr(CoreKind::Invalid, span)
    }

    fn finish_body(&mut self, params: Vec<PatId>, root: CoreExprId) -> BodyId {
        let state = std::mem::replace(&mut self.body, BodyState::new());
        self.core.add_body(Body {
            params,
            root,
            locals: state.locals,
            calls: state.calls,
            globals_read: state.globals_read,
            has_errors: state.has_errors,
        })
    }

    fn resolve_function(&mut self, id: FnId) -> ResolvedFunction {
        let decl = self.scope.function(id);
        self.body = BodyState::new_for(decl.role, decl.globals_visible);
        self.body.epoch = decl.epoch;
        let signature = decl.def.signature.as_ref().map(|sig| {
            let before = self.diags.len();
            let sig = convert_signature(
                self.store,
                self.scope,
                self.datatypes,
                decl.role,
                &decl.name,
                decl.def.params.len(),
                sig,
                self.diags,
            );
            if self.diags.len() > before {
                self.body.has_errors = true;
            }
            sig
        });
        if let Some(sig) = &signature {
            self.body.type_variables = sig.variables.clone();
        }
        let mut group = Vec::new();
        let params: Vec<PatId> =
            decl.def.params.iter().map(|p| self.resolve_pattern(p, Binder::Local, &mut group)).collect();
        self.enter(&group);
        let root = match &decl.def.body {
            Some(body) => self.resolve_expr(body),
            None => {
                // A declaration without a body: the host library of the
                // prelude (its calls are refused at monomorphisation), with
                // its declared signature as its type.
                let complete = signature.as_ref().is_some_and(|s| s.is_complete);
                if decl.role != FileRole::Prelude || !complete {
                    self.error(
                        Diagnostic::new(
                            ErrorClass::Unsupported,
                            format!("`{}` is declared without a body", decl.name),
                        )
                        .with_primary(decl.span, "no `= body` here")
                        .with_help("give the function a body: `function f(x) = ...;` (a declaration without one is NESL's form for its own library)"),
                    );
                }
                self.invalid(decl.span)
            }
        };
        let body = self.finish_body(params, root);
        ResolvedFunction { body, signature }
    }

    /// `p => e`: resolved as a function of its own, here, so that a use of
    /// a local of the bodies around it can be reported as such; the
    /// expression is a reference to that function.
    fn resolve_lambda(&mut self, def: &FunctionDef, span: Span) -> CoreExprId {
        let Some(id) = self.scope.lambda_at(span) else {
            self.error(
                Diagnostic::new(ErrorClass::Type, "internal compiler error: an anonymous function was not collected")
                    .with_primary(span, "this function"),
            );
            return self.invalid(span);
        };
        let decl = self.scope.function(id);
        let mut outer_locals: Vec<String> =
            self.body.in_scope.iter().filter(|(_, s)| !s.is_empty()).map(|(n, _)| n.clone()).collect();
        outer_locals.extend(self.body.outer_locals.iter().cloned());
        let outer = std::mem::replace(&mut self.body, BodyState::new_for(decl.role, decl.globals_visible));
        // An anonymous function means what the body around it means.
        self.body.epoch = outer.epoch;
        self.body.outer_locals = outer_locals;
        self.body.depth = outer.depth;
        let mut group = Vec::new();
        let params: Vec<PatId> =
            def.params.iter().map(|p| self.resolve_pattern(p, Binder::Local, &mut group)).collect();
        self.enter(&group);
        let root = match &def.body {
            Some(body) => self.resolve_expr(body),
            None => self.invalid(span),
        };
        let body = self.finish_body(params, root);
        self.body = outer;
        if self.core.body(body).has_errors {
            self.body.has_errors = true;
        }
        self.lambdas.insert(id, ResolvedFunction { body, signature: None });
        self.body.calls.push((id, span));
        self.core.add_expr(CoreKind::FnRef(id), span)
    }

    /// The error for a use of a local of the bodies around an anonymous
    /// function, if `name` is one.
    fn outer_local_error(&mut self, name: &str, span: Span) -> bool {
        if !self.body.outer_locals.iter().any(|n| n == name) {
            return false;
        }
        self.error(
            Diagnostic::new(
                ErrorClass::Unsupported,
                format!("not supported yet: an anonymous function that uses `{name}` of the code around it"),
            )
            .with_primary(span, format!("`{name}` is bound outside the anonymous function"))
            .with_help(format!(
                "pass `{name}` as an argument instead: nessie's anonymous functions may use only their parameters and top-level names"
            )),
        );
        true
    }

    // ----- scopes -----

    fn enter(&mut self, group: &Group) {
        for (name, _, local) in group {
            if let Some(local) = local {
                self.body.in_scope.entry(name.clone()).or_default().push(*local);
                self.body.entered.push(name.clone());
            }
        }
    }

    fn leave_to(&mut self, mark: usize) {
        while self.body.entered.len() > mark {
            let name = self.body.entered.pop().unwrap_or_default();
            if let Some(stack) = self.body.in_scope.get_mut(&name) {
                stack.pop();
            }
        }
    }

    fn local(&self, name: &str) -> Option<LocalId> {
        self.body.in_scope.get(name).and_then(|stack| stack.last().copied())
    }

    fn global(&self, name: &str) -> Option<GlobalId> {
        match self.body.role {
            FileRole::User => self.scope.global(name, self.body.globals_visible),
            FileRole::Prelude => None,
        }
    }

    // ----- patterns -----

    fn resolve_pattern(&mut self, pattern: &Pattern, binder: Binder, group: &mut Group) -> PatId {
        match &pattern.kind {
            PatternKind::Var(ident) => {
                if let Some((_, first, _)) = group.iter().find(|(n, _, _)| *n == ident.name) {
                    let first = *first;
                    self.error(
                        Diagnostic::new(
                            ErrorClass::Name,
                            format!("`{}` is bound twice in the same pattern", ident.name),
                        )
                        .with_primary(ident.span, "bound again here")
                        .with_secondary(first, "first bound here")
                        .with_help("use different names"),
                    );
                }
                let var = match binder {
                    Binder::Local => {
                        let local = LocalId(self.body.locals.len() as u32);
                        self.body.locals.push(LocalDecl { name: ident.name.clone(), span: ident.span });
                        group.push((ident.name.clone(), ident.span, Some(local)));
                        Var::Local(local)
                    }
                    Binder::Global => {
                        let global = GlobalId(self.body.next_global);
                        self.body.next_global += 1;
                        group.push((ident.name.clone(), ident.span, None));
                        Var::Global(global)
                    }
                };
                self.core.add_pattern(CorePatternKind::Bind(var), pattern.span)
            }
            PatternKind::Pair(a, b) => {
                let a = self.resolve_pattern(a, binder, group);
                let b = self.resolve_pattern(b, binder, group);
                self.core.add_pattern(CorePatternKind::Pair(a, b), pattern.span)
            }
            PatternKind::Constructor { name, fields } => {
                let field_ids: Vec<PatId> = fields.iter().map(|f| self.resolve_pattern(f, binder, group)).collect();
                let kind = match self.scope.callable_at(&name.name, self.body.role, self.body.epoch) {
                    Some(Callable::Constructor(datatype)) => {
                        let expected = self.datatypes[datatype.0 as usize].scheme.params.len();
                        if expected == fields.len() {
                            CorePatternKind::Data { datatype, fields: field_ids }
                        } else {
                            let decl = self.scope.datatype(datatype);
                            let diag = Diagnostic::new(
                                ErrorClass::Arity,
                                format!(
                                    "the datatype `{}` has {}, but this pattern has {}",
                                    name.name,
                                    count(expected, "field"),
                                    count(fields.len(), "field")
                                ),
                            )
                            .with_primary(pattern.span, format!("{} here", count(fields.len(), "field")))
                            .with_secondary(decl.name_span, format!("`{}` is declared here", name.name));
                            self.error(diag);
                            CorePatternKind::Invalid
                        }
                    }
                    Some(Callable::Function(f)) => {
                        let decl = self.scope.function(f);
                        let diag = Diagnostic::new(
                            ErrorClass::Type,
                            format!("`{}` is a function, not a datatype constructor", name.name),
                        )
                        .with_primary(name.span, "a pattern can take apart only a datatype")
                        .with_secondary(decl.name_span, "the function is defined here");
                        self.error(diag);
                        CorePatternKind::Invalid
                    }
                    None => {
                        let candidates = self.scope.constructor_names(self.body.role);
                        let mut diag =
                            Diagnostic::new(ErrorClass::Name, format!("unknown datatype constructor `{}`", name.name))
                                .with_primary(name.span, "no datatype of this name");
                        if let Some(s) = did_you_mean(&name.name, candidates) {
                            diag = diag.with_help(format!("did you mean `{s}`?"));
                        }
                        self.error(diag);
                        CorePatternKind::Invalid
                    }
                };
                self.core.add_pattern(kind, pattern.span)
            }
        }
    }

    // ----- expressions -----

    fn resolve_expr(&mut self, expr: &Expr) -> CoreExprId {
        if self.body.depth >= MAX_NESTING {
            self.error(
                Diagnostic::new(ErrorClass::Syntax, "expression nested too deeply")
                    .with_primary(expr.span, format!("more than {MAX_NESTING} levels of nesting"))
                    .with_help("split the expression with `let` bindings or functions"),
            );
            return self.invalid(expr.span);
        }
        self.body.depth += 1;
        let id = self.resolve_expr_inner(expr);
        self.body.depth -= 1;
        id
    }

    fn resolve_expr_inner(&mut self, expr: &Expr) -> CoreExprId {
        let span = expr.span;
        let kind = match &expr.kind {
            ExprKind::Int(v) => CoreKind::Int(*v),
            ExprKind::Float(v) => CoreKind::Float(*v),
            ExprKind::Bool(v) => CoreKind::Bool(*v),
            ExprKind::Char(v) => CoreKind::Char(*v),
            ExprKind::String(v) => CoreKind::String(v.clone()),
            ExprKind::Var(ident) => return self.resolve_variable(ident),
            ExprKind::Pair(a, b) => {
                let a = self.resolve_expr(a);
                let b = self.resolve_expr(b);
                CoreKind::Pair(a, b)
            }
            ExprKind::Seq(elems) => {
                let elems: Vec<CoreExprId> = elems.iter().map(|e| self.resolve_expr(e)).collect();
                if elems.is_empty() {
                    // The parser writes an empty sequence as `EmptySeq`;
                    // give this one an unknown element type.
                    let elem = self.store.fresh();
                    CoreKind::EmptySeq(elem)
                } else {
                    CoreKind::Seq(elems)
                }
            }
            ExprKind::EmptySeq(ty) => CoreKind::EmptySeq(self.annotation_type(ty)),
            ExprKind::Range { start, end, stride } => {
                let start = self.resolve_expr(start);
                let end = self.resolve_expr(end);
                let stride = match stride {
                    Some(stride) => self.resolve_expr(stride),
                    None => self.core.add_expr(CoreKind::Int(1), span),
                };
                CoreKind::Prim { prim: Prim::Iseq, args: vec![start, stride, end], name_span: span, is_operator: false }
            }
            ExprKind::Call { func, args } => return self.resolve_call(func, args, span),
            ExprKind::Index { seq, index } => {
                let seq = self.resolve_expr(seq);
                let index = self.resolve_expr(index);
                CoreKind::Prim { prim: Prim::Elt, args: vec![seq, index], name_span: span, is_operator: false }
            }
            ExprKind::Binary { op, op_span, lhs, rhs } => {
                let lhs = self.resolve_expr(lhs);
                let rhs = self.resolve_expr(rhs);
                match binary_op_target(*op) {
                    OpTarget::Prim(prim) => {
                        CoreKind::Prim { prim, args: vec![lhs, rhs], name_span: *op_span, is_operator: true }
                    }
                    OpTarget::Library(name) => match self.scope.library_function(name) {
                        Some(func) => {
                            self.body.calls.push((func, span));
                            CoreKind::Call { func, args: vec![lhs, rhs], name_span: *op_span }
                        }
                        None => {
                            self.error(
                                Diagnostic::new(
                                    ErrorClass::Name,
                                    format!(
                                        "internal compiler error: the prelude does not define `{name}`, which implements `{}`",
                                        op.symbol()
                                    ),
                                )
                                .with_primary(*op_span, "this operator"),
                            );
                            CoreKind::Invalid
                        }
                    },
                }
            }
            ExprKind::Unary { op: UnaryOp::Negate, operand, .. } if negated_literal(operand).is_some() => {
                negated_literal(operand).unwrap_or(CoreKind::Invalid)
            }
            ExprKind::Unary { op, op_span, operand } => {
                let operand = self.resolve_expr(operand);
                CoreKind::Prim {
                    prim: unary_op_target(*op),
                    args: vec![operand],
                    name_span: *op_span,
                    is_operator: true,
                }
            }
            ExprKind::If { cond, then_branch, else_branch } => {
                let cond = self.resolve_expr(cond);
                let then_branch = self.resolve_expr(then_branch);
                let else_branch = self.resolve_expr(else_branch);
                CoreKind::If { cond, then_branch, else_branch }
            }
            ExprKind::Let { bindings, body } => return self.resolve_let(bindings, body, span),
            ExprKind::Lambda(def) => return self.resolve_lambda(def, span),
            ExprKind::ApplyToEach { body, generators, filter } => {
                if generators.is_empty() {
                    self.error(
                        Diagnostic::new(ErrorClass::Syntax, "an apply-to-each needs at least one generator")
                            .with_primary(span, "no `p in s` here"),
                    );
                    return self.invalid(span);
                }
                // The sequences are evaluated outside the generators' scope.
                let seqs: Vec<CoreExprId> = generators.iter().map(|g| self.resolve_expr(&g.seq)).collect();
                let mark = self.body.entered.len();
                let mut group = Vec::new();
                let patterns: Vec<PatId> =
                    generators.iter().map(|g| self.resolve_pattern(&g.pattern, Binder::Local, &mut group)).collect();
                self.enter(&group);
                let filter = filter.as_ref().map(|f| self.resolve_expr(f));
                let body = self.resolve_expr(body);
                self.leave_to(mark);
                CoreKind::ApplyToEach { body, generators: patterns.into_iter().zip(seqs).collect(), filter }
            }
        };
        self.core.add_expr(kind, span)
    }

    /// `let p1 = e1; ...; pn = en in body` as nested one-binding lets, built
    /// without recursion on the number of bindings.
    fn resolve_let(&mut self, bindings: &[(Pattern, Expr)], body: &Expr, span: Span) -> CoreExprId {
        let mark = self.body.entered.len();
        let mut resolved = Vec::with_capacity(bindings.len());
        for (pattern, value) in bindings {
            let value = self.resolve_expr(value);
            let mut group = Vec::new();
            let pattern = self.resolve_pattern(pattern, Binder::Local, &mut group);
            self.enter(&group);
            resolved.push((pattern, value));
        }
        let mut result = self.resolve_expr(body);
        self.leave_to(mark);
        for (i, (pattern, value)) in resolved.into_iter().enumerate().rev() {
            // Each nested let spans from its binding to the end of the form.
            let lo = bindings[i].0.span;
            let nested_span = if i == 0 { span } else { Span { lo: lo.lo, ..span } };
            result = self.core.add_expr(CoreKind::Let { pattern, value, body: result }, nested_span);
        }
        result
    }

    /// The element type written in `[] t`.
    fn annotation_type(&mut self, ty: &TypeExpr) -> TypeId {
        let scope = self.scope;
        let datatypes = self.datatypes;
        let role = self.body.role;
        let type_variables = &self.body.type_variables;
        let mut unknown: Vec<&Ident> = Vec::new();
        let mut is_complete = true;
        let mut datatype =
            |store: &mut TypeStore, d, ident: &Ident| datatype_reference(store, datatypes, d, ident, &mut is_complete);
        // Unknown names are reported below, from `collect_unknown_names`.
        let mut variable = |store: &mut TypeStore, ident: &Ident| match type_variables.get(&ident.name) {
            Some(t) => *t,
            None => store.fresh(),
        };
        let result = convert_type(self.store, scope, role, ty, &mut datatype, &mut variable);
        collect_unknown_names(ty, scope, role, type_variables, &mut unknown);
        for ident in unknown {
            let mut candidates: Vec<&str> = vec!["int", "float", "bool", "char"];
            candidates.extend(self.body.type_variables.keys().map(String::as_str));
            candidates.extend(scope.constructor_names(role));
            let mut diag = Diagnostic::new(ErrorClass::Name, format!("unknown type `{}`", ident.name))
                .with_primary(ident.span, "not a type");
            diag = match did_you_mean(&ident.name, candidates) {
                Some(s) => diag.with_help(format!("did you mean `{s}`?")),
                None => diag.with_help(
                    "a type here is int, float, bool, char, a datatype, or a type variable of the function's signature",
                ),
            };
            self.error(diag);
        }
        result
    }

    fn resolve_variable(&mut self, ident: &Ident) -> CoreExprId {
        let span = ident.span;
        let name = ident.name.as_str();
        if let Some(local) = self.local(name) {
            return self.core.add_expr(CoreKind::Var(Var::Local(local)), span);
        }
        if let Some(global) = self.global(name) {
            self.body.globals_read.push((global, span));
            return self.core.add_expr(CoreKind::Var(Var::Global(global)), span);
        }
        if let Some(Callable::Function(f)) = self.scope.callable_at(name, self.body.role, self.body.epoch)
            && self.scope.function(f).role == FileRole::Prelude
            && self.scope.function(f).def.params.is_empty()
        {
            // A library constant (`newline`, `space`, `tab`): NESL binds
            // these at its top level; the prelude defines each as a
            // function without parameters, and a use is a call of it.
            self.body.calls.push((f, span));
            return self.core.add_expr(CoreKind::Call { func: f, args: Vec::new(), name_span: span }, span);
        }
        if self.outer_local_error(name, span) {
            return self.invalid(span);
        }
        if let Some(callable) = self.scope.callable_at(name, self.body.role, self.body.epoch) {
            let diag = match callable {
                Callable::Function(f) => {
                    // A function as a value (passed to a function that
                    // calls it): see note [function values].
                    self.body.calls.push((f, span));
                    return self.core.add_expr(CoreKind::FnRef(f), span);
                }
                Callable::Constructor(d) => {
                    Diagnostic::new(ErrorClass::Type, format!("`{name}` is a datatype constructor, not a value"))
                        .with_primary(span, "used as a value")
                        .with_secondary(self.scope.datatype(d).name_span, "the datatype is declared here")
                        .with_help(format!("build a value with `{name}(...)`"))
                }
            };
            self.error(diag);
            return self.invalid(span);
        }
        if let Some(prim) = self.scope.prim(name, self.body.role) {
            match &self.prims[prim as usize] {
                Some(scheme) if scheme.is_constant => {
                    return self.core.add_expr(
                        CoreKind::Prim { prim, args: Vec::new(), name_span: span, is_operator: false },
                        span,
                    );
                }
                _ => {
                    // A primitive as a value means its prelude wrapper,
                    // a function like any other (prelude.nesl, "Builtin
                    // primitives as values").
                    if let Some(f) = self.scope.library_function(&format!("__value_{name}")) {
                        self.body.calls.push((f, span));
                        return self.core.add_expr(CoreKind::FnRef(f), span);
                    }
                    self.error(
                        Diagnostic::new(ErrorClass::Type, format!("`{name}` is a builtin function, not a value"))
                            .with_primary(span, "used as a value")
                            .with_help(format!(
                                "nessie passes only functions defined with `function` or `=>` as values; wrap it: `function f(x) = {name}(x)`; {}",
                                prim_signature_text(prim)
                            )),
                    );
                    return self.invalid(span);
                }
            }
        }
        if name == "time" {
            self.error(
                Diagnostic::new(ErrorClass::Type, "`time` is a builtin form, not a value")
                    .with_primary(span, "used as a value")
                    .with_help("write `time(e)` to time the evaluation of `e`"),
            );
            return self.invalid(span);
        }
        if let Some(reason) = unsupported_reason(name) {
            self.error(
                Diagnostic::new(ErrorClass::Unsupported, format!("`{name}` is not supported: {reason}"))
                    .with_primary(span, "not supported"),
            );
            return self.invalid(span);
        }
        let mut candidates: Vec<&str> =
            self.body.in_scope.iter().filter(|(_, s)| !s.is_empty()).map(|(n, _)| n.as_str()).collect();
        if self.body.role == FileRole::User {
            candidates.extend(self.scope.global_names(self.body.globals_visible));
        }
        candidates.extend(self.scope.constant_names(self.body.role));
        let mut diag = Diagnostic::new(ErrorClass::Name, format!("unbound variable `{name}`"))
            .with_primary(span, "not defined here");
        if let Some(s) = did_you_mean(name, candidates) {
            diag = diag.with_help(format!("did you mean `{s}`?"));
        } else if let Some(global) = self.scope.global(name, u32::MAX).filter(|_| self.body.role == FileRole::User) {
            diag = diag
                .with_secondary(self.scope.globals[global.0 as usize].span, "bound only later, here")
                .with_help("a top-level binding is visible only to the forms after it");
        }
        self.error(diag);
        self.invalid(span)
    }

    fn resolve_call(&mut self, func: &Ident, args: &[Expr], span: Span) -> CoreExprId {
        let name = func.name.as_str();
        let arg_ids: Vec<CoreExprId> = args.iter().map(|a| self.resolve_expr(a)).collect();
        match self.scope.callable_at(name, self.body.role, self.body.epoch) {
            Some(Callable::Function(f)) => {
                let decl = self.scope.function(f);
                let expected = decl.def.params.len();
                let last_is_scalar = decl.def.signature.as_ref().and_then(|sig| sig.params.last()).is_some_and(|t| {
                    matches!(&t.kind, TypeExprKind::Seq(_))
                        || matches!(&t.kind, TypeExprKind::Name(n) if matches!(n.name.as_str(), "int" | "float" | "bool" | "char"))
                });
                if expected != args.len()
                    && let Some(fitted) = self.fit_arguments(expected, args, &arg_ids, last_is_scalar)
                {
                    self.body.calls.push((f, span));
                    return self.fitted_call(fitted, span, |args| CoreKind::Call {
                        func: f,
                        args,
                        name_span: func.span,
                    });
                }
                if expected != args.len() {
                    let diag = self.arity_error(name, expected, args.len(), span).with_secondary(
                        decl.name_span,
                        format!("`{name}` is defined here with {}", count(expected, "parameter")),
                    );
                    self.error(diag);
                    return self.invalid(span);
                }
                self.body.calls.push((f, span));
                return self.core.add_expr(CoreKind::Call { func: f, args: arg_ids, name_span: func.span }, span);
            }
            Some(Callable::Constructor(datatype)) => {
                let expected = self.datatypes[datatype.0 as usize].scheme.params.len();
                if expected != args.len()
                    && let Some(fitted) = self.fit_arguments(expected, args, &arg_ids, true)
                {
                    return self.fitted_call(fitted, span, |args| CoreKind::Construct {
                        datatype,
                        args,
                        name_span: func.span,
                    });
                }
                if expected != args.len() {
                    let decl = self.scope.datatype(datatype);
                    let diag = self.arity_error(name, expected, args.len(), span).with_secondary(
                        decl.name_span,
                        format!("`{name}` is declared here with {}", count(expected, "field")),
                    );
                    self.error(diag);
                    return self.invalid(span);
                }
                return self.core.add_expr(CoreKind::Construct { datatype, args: arg_ids, name_span: func.span }, span);
            }
            None => {}
        }
        if name == "time" {
            if let [arg] = arg_ids[..] {
                return self.core.add_expr(CoreKind::Time(arg), span);
            }
            let diag = self.arity_error(name, 1, args.len(), span).with_help("`time(e)` times the evaluation of `e`");
            self.error(diag);
            return self.invalid(span);
        }
        if let Some(prim) = self.scope.prim(name, self.body.role) {
            let expected = match &self.prims[prim as usize] {
                None => {
                    self.error(
                        Diagnostic::new(
                            ErrorClass::Type,
                            format!("internal compiler error: the primitive `{name}` has no type"),
                        )
                        .with_primary(span, "this call"),
                    );
                    return self.invalid(span);
                }
                Some(scheme) if scheme.is_constant => {
                    self.error(
                        Diagnostic::new(ErrorClass::Type, format!("`{name}` is a constant, not a function"))
                            .with_primary(span, "called here")
                            .with_help(format!("use it without parentheses: `{name}`")),
                    );
                    return self.invalid(span);
                }
                Some(scheme) => scheme.scheme.params.len(),
            };
            if expected != args.len() {
                let diag = self.arity_error(name, expected, args.len(), span).with_help(prim_signature_text(prim));
                self.error(diag);
                return self.invalid(span);
            }
            return self
                .core
                .add_expr(CoreKind::Prim { prim, args: arg_ids, name_span: func.span, is_operator: false }, span);
        }
        if self.local(name).is_some() || self.global(name).is_some() {
            // A call of a function value: its type decides which function.
            let callee = self.resolve_variable(func);
            return self.core.add_expr(CoreKind::CallValue { callee, args: arg_ids, name_span: func.span }, span);
        }
        if self.outer_local_error(name, func.span) {
            return self.invalid(span);
        }
        if let Some(reason) = unsupported_reason(name) {
            self.error(
                Diagnostic::new(ErrorClass::Unsupported, format!("`{name}` is not supported: {reason}"))
                    .with_primary(func.span, "not supported"),
            );
            return self.invalid(span);
        }
        let mut candidates = self.scope.callable_names(self.body.role);
        candidates.push("time");
        let mut diag = Diagnostic::new(ErrorClass::Name, format!("unbound function `{name}`"))
            .with_primary(func.span, "no function of this name");
        if let Some(s) = did_you_mean(name, candidates) {
            diag = diag.with_help(format!("did you mean `{s}`?"));
        }
        self.error(diag);
        self.invalid(span)
    }

    /// NESL passes a function one value, the tuple of its arguments, and
    /// matches it against the tuple of its parameters: so `f(a, b, c)` calls
    /// `f(x, y)` with `y = (b, c)`, and `connect(p)` calls `connect(a, b, c)`
    /// with `p` a triple. When the counts differ, the arguments are fitted
    /// to the parameters that way: extra arguments become one tuple for the
    /// last parameter (unless `last_is_scalar`: its declared type is not a
    /// tuple), and a last argument that may be a tuple (not a literal) is
    /// taken apart for the parameters left. The type checker then checks
    /// the tuples. `None` when no fitting applies (an arity error).
    fn fit_arguments(
        &mut self,
        expected: usize,
        args: &[Expr],
        ids: &[CoreExprId],
        last_is_scalar: bool,
    ) -> Option<FittedArguments> {
        let found = ids.len();
        if expected == 0 || found == 0 {
            return None;
        }
        if found > expected {
            if last_is_scalar {
                return None;
            }
            let mut fitted: Vec<CoreExprId> = ids[..expected - 1].to_vec();
            let tail = &ids[expected - 1..];
            let mut folded = tail[tail.len() - 1];
            for &left in tail[..tail.len() - 1].iter().rev() {
                let span = self.core.expr(left).span.to(self.core.expr(folded).span);
                folded = self.core.add_expr(CoreKind::Pair(left, folded), span);
            }
            fitted.push(folded);
            return Some(FittedArguments { args: fitted, unpack: None });
        }
        let last = &args[found - 1];
        if matches!(
            last.kind,
            ExprKind::Int(_)
                | ExprKind::Float(_)
                | ExprKind::Bool(_)
                | ExprKind::Char(_)
                | ExprKind::String(_)
                | ExprKind::Seq(_)
                | ExprKind::EmptySeq(_)
                | ExprKind::Range { .. }
        ) {
            return None;
        }
        let span = last.span;
        let parts = expected - found + 1;
        let mut fitted: Vec<CoreExprId> = ids[..found - 1].to_vec();
        let mut binds = Vec::with_capacity(parts);
        for k in 0..parts {
            let local = LocalId(self.body.locals.len() as u32);
            self.body.locals.push(LocalDecl { name: format!("__part{k}"), span });
            binds.push(self.core.add_pattern(CorePatternKind::Bind(Var::Local(local)), span));
            fitted.push(self.core.add_expr(CoreKind::Var(Var::Local(local)), span));
        }
        let mut pattern = binds[parts - 1];
        for &left in binds[..parts - 1].iter().rev() {
            pattern = self.core.add_pattern(CorePatternKind::Pair(left, pattern), span);
        }
        Some(FittedArguments { args: fitted, unpack: Some((pattern, ids[found - 1])) })
    }

    /// The call `make(args)` of fitted arguments, inside the `let` that
    /// takes the tuple argument apart if there is one.
    fn fitted_call(
        &mut self,
        fitted: FittedArguments,
        span: Span,
        make: impl FnOnce(Vec<CoreExprId>) -> CoreKind,
    ) -> CoreExprId {
        let call = self.core.add_expr(make(fitted.args), span);
        match fitted.unpack {
            Some((pattern, value)) => self.core.add_expr(CoreKind::Let { pattern, value, body: call }, span),
            None => call,
        }
    }

    fn arity_error(&self, name: &str, expected: usize, found: usize, span: Span) -> Diagnostic {
        Diagnostic::new(
            ErrorClass::Arity,
            format!("`{name}` expects {}, but this call passes {found}", count(expected, "argument")),
        )
        .with_primary(span, format!("{} passed", count(found, "argument")))
    }
}

/// A call's arguments fitted to its parameters ([`Resolver::fit_arguments`]).
struct FittedArguments {
    args: Vec<CoreExprId>,
    /// A pattern of fresh locals and the tuple argument it takes apart.
    unpack: Option<(PatId, CoreExprId)>,
}

/// `-l` for a number literal `l`: the negative literal.
fn negated_literal(operand: &Expr) -> Option<CoreKind> {
    match operand.kind {
        ExprKind::Int(v) => Some(CoreKind::Int(v.wrapping_neg())),
        ExprKind::Float(v) => Some(CoreKind::Float(-v)),
        _ => None,
    }
}

/// Why a NESL builtin is not supported, if it is one of those.
fn unsupported_reason(name: &str) -> Option<&'static str> {
    if let Some((_, reason)) = UNSUPPORTED_BUILTINS.iter().find(|(n, _)| *n == name) {
        return Some(reason);
    }
    is_window_function(name).then_some("plotting and window functions are not supported")
}

/// The names of `ty` that are neither base types, nor datatypes, nor
/// variables of the signature.
fn collect_unknown_names<'t>(
    ty: &'t TypeExpr,
    scope: &Scope,
    role: FileRole,
    type_variables: &HashMap<String, TypeId>,
    out: &mut Vec<&'t Ident>,
) {
    let mut stack = vec![ty];
    while let Some(t) = stack.pop() {
        match &t.kind {
            crate::syntax::ast::TypeExprKind::Name(ident) => {
                let name = ident.name.as_str();
                let known = matches!(name, "int" | "float" | "bool" | "char")
                    || scope.datatype_named(name, role).is_some()
                    || type_variables.contains_key(name);
                if !known {
                    out.push(ident);
                }
            }
            crate::syntax::ast::TypeExprKind::Seq(e) => stack.push(e),
            crate::syntax::ast::TypeExprKind::Pair(a, b) => {
                stack.push(b);
                stack.push(a);
            }
        }
    }
}
