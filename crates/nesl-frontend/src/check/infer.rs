//! Hindley–Milner type inference over the resolved program, with NESL's
//! type classes.
//!
//! # Order
//! Functions are inferred by strongly connected components of the call
//! graph, callees first; the members of a component are inferred together
//! (calls among them are monomorphic) and then generalised at once. A
//! function with a *complete* declared signature (see
//! [`crate::check::signatures::Signature::is_complete`]) is known by that
//! signature before its body is checked, so calls to it are not edges of
//! the graph: as in Haskell, it may be used at several types even within its
//! own recursive group.
//!
//! Top-level forms of the user's file are inferred in program order, each
//! after the components it needs. A function that reads globals can only be
//! inferred once the forms binding them are (their types are part of its
//! environment); a component is therefore scheduled before the first form
//! whose position follows every global it reads, directly or through
//! callees. A form that calls a function reading a global bound at or after
//! the form itself is an error (the global would be read before it exists).
//!
//! # Polymorphism
//! Only top-level functions are polymorphic. NESL's `let` is monomorphic
//! (a `let`-bound variable has one type, as in NESL 3.1, where only
//! functions have type schemes), and so are a function's parameters.
//! Generalisation quantifies every variable left free in a function's type,
//! keeping its class. Variables left free elsewhere in a body are not part
//! of any scheme: monomorphisation gives them `int` (every class contains
//! it), and so does the end of a top-level form for the types of the
//! globals it binds: `x = g(1);` with `g : int -> a` makes `x` an `int`.
//!
//! # Errors
//! Each unification happens at a *site* ([`Site`]) that knows what is being
//! compared with what, so that a mismatch names both types and both places
//! (the then-branch here, the else-branch there; the argument here, the
//! parameter there). Inference of a function or form stops at its first type
//! error (later ones are likely consequences); the next function or form is
//! then checked. A function that failed is given a fresh type at every call,
//! so that its callers report no consequences of its error; a function with a
//! complete signature keeps its declared type even if its body is wrong.

use std::collections::HashMap;
use std::rc::Rc;

use crate::builtins::Prim;
use crate::check::ir::{BodyId, Core, CoreExprId, CoreItem, CoreItemKind, CoreKind, CorePatternKind, FnId, PatId};
use crate::check::resolve::Resolved;
use crate::check::scc;
use crate::check::scope::Scope;
use crate::check::signatures::{
    DatatypeInfo, Instance, PrimScheme, Scheme, ScopeNames, Signature, prim_signature_text,
};
use crate::check::type_store::{ClassOrigin, DatatypeId, TypeId, TypePrinter, TypeStore};
use crate::check::unify::UnifyError;
use crate::diagnostic::{Diagnostic, ErrorClass};
use crate::source::Span;
use crate::tast::{GlobalId, Var};
use crate::types::{Type, TypeClass};

/// The most nodes the type of one expression may have (written out as a
/// tree). Types double in size with each `(x, x)`, so without a bound a
/// short program could ask for a type larger than memory; real NESL types
/// have a few dozen nodes.
pub(crate) const MAX_TYPE_SIZE: usize = 1 << 14;

/// The result of inference: types of the resolved program, as side tables.
pub(crate) struct Typing {
    /// Indexed by [`CoreExprId`].
    pub expr_types: Vec<TypeId>,
    /// Indexed by [`PatId`].
    pub pattern_types: Vec<TypeId>,
    /// Indexed by [`BodyId`], then by local.
    pub local_types: Vec<Vec<TypeId>>,
    /// For each call of a function: the types its scheme's variables are
    /// instantiated at, in the scheme's order.
    pub call_type_args: HashMap<CoreExprId, Vec<TypeId>>,
    /// Indexed by [`FnId`]; `None` for functions with errors.
    pub schemes: Vec<Option<Scheme>>,
    /// Indexed by [`GlobalId`].
    pub global_types: Vec<TypeId>,
}

/// An error was reported; the current function or form is abandoned.
#[derive(Debug)]
pub(crate) struct Reported;

enum FunctionState {
    NotStarted,
    /// Being inferred with its group: its monomorphic type so far.
    InProgress {
        params: Vec<TypeId>,
        result: TypeId,
    },
    Done(Rc<Scheme>),
    Failed,
}

/// Infers the whole program. Diagnostics go to `diags`.
pub(crate) fn infer_program(
    scope: &Scope,
    resolved: &Resolved,
    prims: &[Option<PrimScheme>],
    datatypes: &[DatatypeInfo],
    store: &mut TypeStore,
    diags: &mut Vec<Diagnostic>,
) -> Typing {
    let core = &resolved.core;
    let global_types = (0..scope.globals.len()).map(|_| store.fresh()).collect();
    let mut inferencer = Inferencer {
        scope,
        resolved,
        core,
        prims,
        datatypes,
        store,
        diags,
        typing: Typing {
            expr_types: vec![TypeStore::INT; core.exprs.len()],
            pattern_types: vec![TypeStore::INT; core.patterns.len()],
            local_types: vec![Vec::new(); core.bodies.len()],
            call_type_args: HashMap::new(),
            schemes: (0..scope.functions.len()).map(|_| None).collect(),
            global_types,
        },
        state: (0..scope.functions.len()).map(|_| FunctionState::NotStarted).collect(),
        global_failed: vec![false; scope.globals.len()],
        current_body: BodyId(0),
        pending_calls: Vec::new(),
    };
    inferencer.run();
    inferencer.typing
}

struct Inferencer<'a, 'ast> {
    scope: &'a Scope<'ast>,
    resolved: &'a Resolved,
    core: &'a Core,
    prims: &'a [Option<PrimScheme>],
    datatypes: &'a [DatatypeInfo],
    store: &'a mut TypeStore,
    diags: &'a mut Vec<Diagnostic>,
    typing: Typing,
    state: Vec<FunctionState>,
    /// Globals whose binding form had an error: each use gets a fresh type.
    global_failed: Vec<bool>,
    current_body: BodyId,
    /// Calls within the group being inferred, whose type arguments are
    /// known only once the group is generalised.
    pending_calls: Vec<(CoreExprId, FnId)>,
}

impl<'a> Inferencer<'a, '_> {
    fn signature(&self, f: FnId) -> Option<&'a Signature> {
        let resolved: &'a Resolved = self.resolved;
        resolved.functions[f.0 as usize].signature.as_ref()
    }

    fn complete_signature(&self, f: FnId) -> Option<&'a Signature> {
        self.signature(f).filter(|s| s.is_complete)
    }

    fn body_of(&self, f: FnId) -> BodyId {
        self.resolved.functions[f.0 as usize].body
    }

    // ----- scheduling -----

    fn run(&mut self) {
        let function_count = self.scope.functions.len();
        let callees = |f: usize, with_signed: bool| -> Vec<usize> {
            let body = self.core.body(self.resolved.functions[f].body);
            body.calls
                .iter()
                .map(|(c, _)| c.0 as usize)
                .filter(|&c| with_signed || self.complete_signature(FnId(c as u32)).is_none())
                .collect()
        };
        let all_edges: Vec<Vec<usize>> = (0..function_count).map(|f| callees(f, true)).collect();
        let inference_edges: Vec<Vec<usize>> = (0..function_count).map(|f| callees(f, false)).collect();
        let direct_reads = |f: usize| -> Option<(GlobalId, Span)> {
            let body = self.core.body(self.resolved.functions[f].body);
            body.globals_read.iter().copied().max_by_key(|(g, _)| g.0)
        };

        // The latest global each function reads, through any call.
        let mut latest_read: Vec<Option<(GlobalId, Span)>> = (0..function_count).map(direct_reads).collect();
        for component in scc::strongly_connected_components(&all_edges) {
            let mut latest: Option<(GlobalId, Span)> = None;
            for &f in &component {
                let candidates = std::iter::once(latest_read[f]).chain(all_edges[f].iter().map(|&c| latest_read[c]));
                for candidate in candidates.flatten() {
                    if latest.is_none_or(|(g, _)| candidate.0.0 > g.0) {
                        latest = Some(candidate);
                    }
                }
            }
            for &f in &component {
                latest_read[f] = latest;
            }
        }

        // Components in inference order, each with the number of globals
        // that must be typed before it (stable sort: callees stay first).
        let components = scc::strongly_connected_components(&inference_edges);
        let mut ready = vec![0u32; function_count];
        let mut schedule: Vec<(u32, Vec<usize>)> = Vec::with_capacity(components.len());
        for component in components {
            let mut needed = 0;
            for &f in &component {
                if let Some((g, _)) = direct_reads(f) {
                    needed = needed.max(g.0 + 1);
                }
                for &c in &inference_edges[f] {
                    needed = needed.max(ready[c]);
                }
            }
            for &f in &component {
                ready[f] = needed;
            }
            schedule.push((needed, component));
        }
        schedule.sort_by_key(|(needed, _)| *needed);

        let mut next = 0;
        let items = &self.resolved.items;
        for item in items {
            let globals_before = self.scope.globals_before_item[item.index];
            while next < schedule.len() && schedule[next].0 <= globals_before {
                self.infer_group(&schedule[next].1);
                next += 1;
            }
            if self.check_global_order(item, &latest_read, globals_before) {
                self.infer_item(item);
            } else {
                self.fail_item(item);
            }
        }
        while next < schedule.len() {
            self.infer_group(&schedule[next].1);
            next += 1;
        }
    }

    /// Whether the functions the form calls read only globals bound before
    /// it; reports the first that does not.
    fn check_global_order(
        &mut self,
        item: &CoreItem,
        latest_read: &[Option<(GlobalId, Span)>],
        globals_before: u32,
    ) -> bool {
        let body = self.core.body(item.body);
        for (f, call_span) in &body.calls {
            if let Some((global, read_span)) = latest_read[f.0 as usize]
                && global.0 >= globals_before
            {
                let decl = &self.scope.globals[global.0 as usize];
                let name = &self.scope.function(*f).name;
                self.diags.push(
                    Diagnostic::new(
                        ErrorClass::Name,
                        format!("`{name}` uses the global `{}` before it is bound", decl.name),
                    )
                    .with_primary(*call_span, format!("this form calls `{name}`, which reads `{}`", decl.name))
                    .with_secondary(read_span, "read here")
                    .with_secondary(decl.span, "bound here, after the form")
                    .with_help("move the binding before the form that needs it"),
                );
                return false;
            }
        }
        true
    }

    fn fail_item(&mut self, item: &CoreItem) {
        let first = self.scope.globals_before_item[item.index] as usize;
        let end = self.scope.globals_before_item[item.index + 1] as usize;
        for failed in &mut self.global_failed[first..end] {
            *failed = true;
        }
    }

    // ----- functions and forms -----

    /// Infers one recursive group of functions and generalises it.
    fn infer_group(&mut self, members: &[usize]) {
        self.pending_calls.clear();
        let mut failed = vec![false; members.len()];
        for (i, &f) in members.iter().enumerate() {
            let f = FnId(f as u32);
            let body_id = self.body_of(f);
            let body = self.core.body(body_id);
            self.start_body(body_id);
            let mut params = Vec::with_capacity(body.params.len());
            for &p in &body.params {
                match self.infer_pattern(p) {
                    Ok(t) => params.push(t),
                    Err(Reported) => failed[i] = true,
                }
            }
            let result = self.store.fresh();
            if !failed[i] && self.bind_signature(f, &params, result).is_err() {
                failed[i] = true;
            }
            self.state[f.0 as usize] = FunctionState::InProgress { params, result };
        }
        for (i, &f) in members.iter().enumerate() {
            if failed[i] {
                continue;
            }
            let f = FnId(f as u32);
            let body_id = self.body_of(f);
            self.current_body = body_id;
            let root = self.core.body(body_id).root;
            let FunctionState::InProgress { result, .. } = self.state[f.0 as usize] else { continue };
            let outcome = self.infer_expr(root).and_then(|body_type| {
                let site = self.result_site(f, root);
                self.expect(result, body_type, &site)
            });
            if outcome.is_err() || self.core.body(body_id).has_errors {
                failed[i] = true;
            }
        }
        for (i, &f) in members.iter().enumerate() {
            let f = FnId(f as u32);
            let state = std::mem::replace(&mut self.state[f.0 as usize], FunctionState::Failed);
            if failed[i] {
                continue;
            }
            let FunctionState::InProgress { params, result } = state else { continue };
            let scheme = match self.complete_signature(f) {
                Some(sig) => sig.scheme.clone(),
                None => Scheme::generalise(self.store, params, result),
            };
            self.typing.schemes[f.0 as usize] = Some(scheme.clone());
            self.state[f.0 as usize] = FunctionState::Done(Rc::new(scheme));
        }
        for (call, callee) in std::mem::take(&mut self.pending_calls) {
            if let FunctionState::Done(scheme) = &self.state[callee.0 as usize] {
                let args = scheme.vars.iter().map(|v| self.store.var(*v).node).collect();
                self.typing.call_type_args.insert(call, args);
            }
        }
    }

    /// Unifies a function's parameter types with its declared signature
    /// (before the body is inferred, so that the body sees the declared
    /// types and their rigid variables).
    fn bind_signature(&mut self, f: FnId, params: &[TypeId], result: TypeId) -> Result<(), Reported> {
        let Some(sig) = self.signature(f) else { return Ok(()) };
        if sig.params.len() != params.len() {
            // Reported when the signature was read.
            return Err(Reported);
        }
        let body = self.core.body(self.body_of(f));
        let (declared, spans, declared_result) = (sig.params.clone(), sig.param_spans.clone(), sig.result);
        for (i, (&declared, &param)) in declared.iter().zip(params).enumerate() {
            let site = Site {
                primary: self.core.pattern(body.params[i]).span,
                kind: SiteKind::ParamSignature {
                    function: self.scope.function(f).name.clone(),
                    index: i,
                    count: params.len(),
                    declared_at: spans[i],
                },
            };
            self.expect(declared, param, &site)?;
        }
        // The result variable is fresh: this cannot fail.
        self.store.unify(declared_result, result).map_err(|_| Reported)
    }

    fn result_site(&self, f: FnId, root: CoreExprId) -> Site {
        Site {
            primary: self.core.expr(root).span,
            kind: SiteKind::Result {
                function: self.scope.function(f).name.clone(),
                declared_at: self.signature(f).map(|s| s.result_span),
            },
        }
    }

    fn start_body(&mut self, body: BodyId) {
        self.current_body = body;
        let locals = (0..self.core.body(body).locals.len()).map(|_| self.store.fresh()).collect();
        self.typing.local_types[body.0 as usize] = locals;
    }

    fn infer_item(&mut self, item: &CoreItem) {
        self.start_body(item.body);
        let root = self.core.body(item.body).root;
        let outcome = self.infer_expr(root).and_then(|value| match item.kind {
            CoreItemKind::Bind { pattern } => {
                let pattern_type = self.infer_pattern(pattern)?;
                let site = Site {
                    primary: self.core.pattern(pattern).span,
                    kind: SiteKind::Binding { value_at: self.core.expr(root).span },
                };
                self.expect(pattern_type, value, &site)?;
                self.store.default_to_int(pattern_type);
                Ok(())
            }
            CoreItemKind::Expr => Ok(()),
        });
        if outcome.is_err() || self.core.body(item.body).has_errors {
            self.fail_item(item);
        }
    }

    // ----- expressions -----

    fn fresh(&mut self) -> TypeId {
        self.store.fresh()
    }

    fn infer_expr(&mut self, id: CoreExprId) -> Result<TypeId, Reported> {
        let core = self.core;
        let expr = core.expr(id);
        let ty = match &expr.kind {
            CoreKind::Int(_) => TypeStore::INT,
            CoreKind::Float(_) => TypeStore::FLOAT,
            CoreKind::Bool(_) => TypeStore::BOOL,
            CoreKind::Char(_) => TypeStore::CHAR,
            CoreKind::String(_) => self.store.string(),
            CoreKind::Var(Var::Local(local)) => self.typing.local_types[self.current_body.0 as usize][local.0 as usize],
            CoreKind::Var(Var::Global(global)) => {
                if self.global_failed[global.0 as usize] {
                    self.fresh()
                } else {
                    self.typing.global_types[global.0 as usize]
                }
            }
            CoreKind::Pair(a, b) => {
                let a = self.infer_expr(*a)?;
                let b = self.infer_expr(*b)?;
                self.store.pair(a, b)
            }
            CoreKind::Seq(elems) => {
                let first = self.infer_expr(elems[0])?;
                for (i, &elem) in elems.iter().enumerate().skip(1) {
                    let t = self.infer_expr(elem)?;
                    let site = Site {
                        primary: core.expr(elem).span,
                        kind: SiteKind::Element { first_at: core.expr(elems[0]).span, index: i },
                    };
                    self.expect(first, t, &site)?;
                }
                self.store.seq(first)
            }
            CoreKind::EmptySeq(elem) => self.store.seq(*elem),
            CoreKind::Call { func, args, name_span } => self.infer_call(id, *func, args, *name_span)?,
            CoreKind::FnRef(func) => self.infer_function_value(*func, expr.span),
            CoreKind::CallValue { callee, args, name_span } => {
                let callee_type = self.infer_expr(*callee)?;
                let mut arg_types = Vec::with_capacity(args.len());
                for &arg in args {
                    arg_types.push(self.infer_expr(arg)?);
                }
                let arg = match self.store.tuple(&arg_types) {
                    Some(arg) => arg,
                    None => self.fresh(),
                };
                let ident = self.fresh();
                let result = self.fresh();
                let expected = self.store.func(ident, arg, result);
                let name = self.variable_name(*callee);
                let site = Site { primary: *name_span, kind: SiteKind::CalledValue { name } };
                self.expect(expected, callee_type, &site)?;
                result
            }
            CoreKind::Prim { prim, args, name_span, is_operator } => {
                let Some(prim_scheme) = &self.prims[*prim as usize] else { return Ok(self.fresh()) };
                let name = prim.name();
                let instance = prim_scheme
                    .scheme
                    .instantiate(self.store, || ClassOrigin { what: format!("`{name}`"), span: *name_span });
                let callee = CalleeRef::Prim { prim: *prim, is_operator: *is_operator };
                self.check_arguments(callee, &instance, args, *name_span)?;
                instance.result
            }
            CoreKind::Construct { datatype, args, name_span } => {
                let info = &self.datatypes[datatype.0 as usize];
                let name = &self.scope.datatype(*datatype).name;
                let instance =
                    info.scheme.instantiate(self.store, || ClassOrigin { what: format!("`{name}`"), span: *name_span });
                self.check_arguments(CalleeRef::Constructor(*datatype), &instance, args, expr.span)?;
                instance.result
            }
            CoreKind::If { cond, then_branch, else_branch } => {
                let c = self.infer_expr(*cond)?;
                let site = Site { primary: core.expr(*cond).span, kind: SiteKind::Condition };
                self.expect(TypeStore::BOOL, c, &site)?;
                let t = self.infer_expr(*then_branch)?;
                let e = self.infer_expr(*else_branch)?;
                let site = Site {
                    primary: core.expr(*else_branch).span,
                    kind: SiteKind::Branches { then_at: core.expr(*then_branch).span },
                };
                self.expect(t, e, &site)?;
                t
            }
            CoreKind::Let { .. } => {
                // A chain of lets, without recursion on its length.
                let mut chain = Vec::new();
                let mut current = id;
                while let CoreKind::Let { pattern, value, body } = &core.expr(current).kind {
                    let value_type = self.infer_expr(*value)?;
                    let pattern_type = self.infer_pattern(*pattern)?;
                    let site = Site {
                        primary: core.pattern(*pattern).span,
                        kind: SiteKind::Binding { value_at: core.expr(*value).span },
                    };
                    self.expect(pattern_type, value_type, &site)?;
                    chain.push(current);
                    current = *body;
                }
                let body_type = self.infer_expr(current)?;
                for link in chain {
                    self.typing.expr_types[link.0 as usize] = body_type;
                }
                body_type
            }
            CoreKind::ApplyToEach { body, generators, filter } => {
                for &(pattern, seq) in generators {
                    let seq_type = self.infer_expr(seq)?;
                    let pattern_type = self.infer_pattern(pattern)?;
                    let expected = self.store.seq(pattern_type);
                    let site = Site {
                        primary: core.expr(seq).span,
                        kind: SiteKind::Generator { pattern_at: core.pattern(pattern).span },
                    };
                    self.expect(expected, seq_type, &site)?;
                }
                if let Some(filter) = filter {
                    let t = self.infer_expr(*filter)?;
                    let site = Site { primary: core.expr(*filter).span, kind: SiteKind::Filter };
                    self.expect(TypeStore::BOOL, t, &site)?;
                }
                let body_type = self.infer_expr(*body)?;
                self.store.seq(body_type)
            }
            CoreKind::Time(inner) => {
                let t = self.infer_expr(*inner)?;
                self.store.pair(t, TypeStore::FLOAT)
            }
            CoreKind::Invalid => self.fresh(),
        };
        self.typing.expr_types[id.0 as usize] = ty;
        if !self.store.size_at_most(ty, MAX_TYPE_SIZE) {
            self.diags.push(
                Diagnostic::new(ErrorClass::Type, "the type of this expression is too large")
                    .with_primary(expr.span, format!("its type has more than {MAX_TYPE_SIZE} parts"))
                    .with_help("types grow like this when pairs of pairs are built repeatedly; use a datatype or a sequence instead"),
            );
            return Err(Reported);
        }
        Ok(ty)
    }

    fn infer_call(
        &mut self,
        id: CoreExprId,
        func: FnId,
        args: &[CoreExprId],
        name_span: Span,
    ) -> Result<TypeId, Reported> {
        let scope = self.scope;
        let name = &scope.function(func).name;
        let origin = || ClassOrigin { what: format!("`{name}`"), span: name_span };
        let signature = self.complete_signature(func);
        let instance = if let Some(sig) = signature {
            let instance = sig.scheme.instantiate(self.store, origin);
            self.typing.call_type_args.insert(id, instance.type_args.clone());
            instance
        } else {
            match &self.state[func.0 as usize] {
                FunctionState::Done(scheme) => {
                    let scheme = Rc::clone(scheme);
                    let instance = scheme.instantiate(self.store, origin);
                    self.typing.call_type_args.insert(id, instance.type_args.clone());
                    instance
                }
                FunctionState::InProgress { params, result } => {
                    self.pending_calls.push((id, func));
                    Instance { type_args: Vec::new(), params: params.clone(), result: *result }
                }
                FunctionState::Failed | FunctionState::NotStarted => {
                    // Its error is reported where it is defined.
                    for &arg in args {
                        self.infer_expr(arg)?;
                    }
                    return Ok(self.fresh());
                }
            }
        };
        let span = self.core.expr(id).span;
        self.check_arguments(CalleeRef::Function(func), &instance, args, span)?;
        Ok(instance.result)
    }

    /// The type of the function `func` used as a value: `(params -> result)`
    /// of a fresh instance of its scheme, with the function's identity.
    fn infer_function_value(&mut self, func: FnId, span: Span) -> TypeId {
        let scope = self.scope;
        let name = &scope.function(func).name;
        let origin = || ClassOrigin { what: format!("`{name}`"), span };
        let (params, result) = if let Some(sig) = self.complete_signature(func) {
            let instance = sig.scheme.instantiate(self.store, origin);
            (instance.params, instance.result)
        } else {
            match &self.state[func.0 as usize] {
                FunctionState::Done(scheme) => {
                    let scheme = Rc::clone(scheme);
                    let instance = scheme.instantiate(self.store, origin);
                    (instance.params, instance.result)
                }
                FunctionState::InProgress { params, result } => (params.clone(), *result),
                FunctionState::Failed | FunctionState::NotStarted => return self.fresh(),
            }
        };
        let ident = self.store.fn_name(func);
        let arg = match self.store.tuple(&params) {
            Some(arg) => arg,
            None => self.fresh(),
        };
        self.store.func(ident, arg, result)
    }

    /// The name of the variable `expr` reads, for messages.
    fn variable_name(&self, expr: CoreExprId) -> String {
        match &self.core.expr(expr).kind {
            CoreKind::Var(Var::Local(local)) => self.core.body(self.current_body).locals[local.0 as usize].name.clone(),
            CoreKind::Var(Var::Global(global)) => self.scope.globals[global.0 as usize].name.clone(),
            _ => "this".to_string(),
        }
    }

    /// What a failed argument's diagnostic says about the callee.
    fn describe_callee(&self, callee: CalleeRef) -> Callee {
        match callee {
            CalleeRef::Prim { prim, is_operator } => Callee {
                name: prim.name().to_string(),
                is_operator,
                param_spans: Vec::new(),
                help: Some(prim_signature_text(prim)),
                generic_params: self.prims[prim as usize].as_ref().map_or_else(Vec::new, |p| p.scheme.params.clone()),
            },
            CalleeRef::Constructor(datatype) => {
                let info = &self.datatypes[datatype.0 as usize];
                Callee {
                    name: self.scope.datatype(datatype).name.clone(),
                    is_operator: false,
                    param_spans: info.field_spans.clone(),
                    help: None,
                    generic_params: info.scheme.params.clone(),
                }
            }
            CalleeRef::Function(func) => {
                let signature = self.signature(func);
                let param_spans = match signature {
                    Some(sig) => sig.param_spans.clone(),
                    None => {
                        let body = self.core.body(self.body_of(func));
                        body.params.iter().map(|p| self.core.pattern(*p).span).collect()
                    }
                };
                let generic_params = match (self.complete_signature(func), &self.state[func.0 as usize]) {
                    (Some(sig), _) => sig.scheme.params.clone(),
                    (None, FunctionState::Done(scheme)) => scheme.params.clone(),
                    _ => Vec::new(),
                };
                Callee {
                    name: self.scope.function(func).name.clone(),
                    is_operator: false,
                    param_spans,
                    help: None,
                    generic_params,
                }
            }
        }
    }

    /// Infers the arguments of a call and unifies each with its parameter.
    /// What the diagnostic of a mismatch needs is gathered only if there is
    /// one.
    fn check_arguments(
        &mut self,
        callee: CalleeRef,
        instance: &Instance,
        args: &[CoreExprId],
        call_span: Span,
    ) -> Result<(), Reported> {
        let mut arg_types = Vec::with_capacity(args.len());
        for (i, &arg) in args.iter().enumerate() {
            let t = self.infer_expr(arg)?;
            arg_types.push(t);
            let Some(&param) = instance.params.get(i) else { continue };
            if let Err(error) = self.store.unify(param, t) {
                let callee = self.describe_callee(callee);
                let site = Site {
                    primary: self.core.expr(arg).span,
                    kind: SiteKind::Argument {
                        callee: callee.name.clone(),
                        is_operator: callee.is_operator,
                        index: i,
                        count: args.len(),
                        declared_at: callee.param_spans.get(i).copied(),
                        related: self.related_arguments(&callee, i, args, &arg_types),
                        help: callee.help.clone(),
                        call_at: call_span,
                    },
                };
                let diag = self.explain(param, t, &site, error);
                self.diags.push(diag);
                return Err(Reported);
            }
        }
        Ok(())
    }

    /// The earlier arguments whose parameter types share a type variable
    /// with parameter `index`: they are why the parameter's type is what it
    /// is, and a mismatch shows them.
    fn related_arguments(
        &mut self,
        callee: &Callee,
        index: usize,
        args: &[CoreExprId],
        arg_types: &[TypeId],
    ) -> Vec<(Span, TypeId)> {
        let Some(&param) = callee.generic_params.get(index) else { return Vec::new() };
        let mut vars = Vec::new();
        self.store.free_vars_into(param, &mut vars);
        let mut related = Vec::new();
        for j in 0..index {
            let Some(&other) = callee.generic_params.get(j) else { continue };
            let mut other_vars = Vec::new();
            self.store.free_vars_into(other, &mut other_vars);
            if other_vars.iter().any(|v| vars.contains(v)) {
                related.push((self.core.expr(args[j]).span, arg_types[j]));
            }
        }
        related
    }

    fn infer_pattern(&mut self, id: PatId) -> Result<TypeId, Reported> {
        let core = self.core;
        let pattern = core.pattern(id);
        let ty = match &pattern.kind {
            CorePatternKind::Bind(Var::Local(local)) => {
                self.typing.local_types[self.current_body.0 as usize][local.0 as usize]
            }
            CorePatternKind::Bind(Var::Global(global)) => self.typing.global_types[global.0 as usize],
            CorePatternKind::Pair(a, b) => {
                let a = self.infer_pattern(*a)?;
                let b = self.infer_pattern(*b)?;
                self.store.pair(a, b)
            }
            CorePatternKind::Data { datatype, fields } => {
                let info = &self.datatypes[datatype.0 as usize];
                let name = self.scope.datatype(*datatype).name.clone();
                let span = pattern.span;
                let instance = info.scheme.instantiate(self.store, || ClassOrigin { what: format!("`{name}`"), span });
                for (i, &field) in fields.iter().enumerate() {
                    let t = self.infer_pattern(field)?;
                    let Some(&declared) = instance.params.get(i) else { continue };
                    let site = Site {
                        primary: core.pattern(field).span,
                        kind: SiteKind::FieldPattern {
                            constructor: name.clone(),
                            index: i,
                            count: fields.len(),
                            declared_at: info.field_spans.get(i).copied(),
                        },
                    };
                    self.expect(declared, t, &site)?;
                }
                instance.result
            }
            CorePatternKind::Invalid => self.fresh(),
        };
        self.typing.pattern_types[id.0 as usize] = ty;
        Ok(ty)
    }

    // ----- unification with diagnostics -----

    /// Unifies, or reports why not.
    fn expect(&mut self, expected: TypeId, found: TypeId, site: &Site) -> Result<(), Reported> {
        match self.store.unify(expected, found) {
            Ok(()) => Ok(()),
            Err(error) => {
                let diag = self.explain(expected, found, site, error);
                self.diags.push(diag);
                Err(Reported)
            }
        }
    }

    fn explain(&mut self, expected: TypeId, found: TypeId, site: &Site, error: UnifyError) -> Diagnostic {
        let names = ScopeNames(self.scope);
        let mut printer = TypePrinter::new(&names);
        let mut shown = vec![expected, found];
        if let SiteKind::Argument { related, .. } = &site.kind {
            shown.extend(related.iter().map(|(_, t)| *t));
        }
        printer.reserve_rigid_names(self.store, &shown);
        let expected_text = printer.quoted(self.store, expected);
        let found_text = printer.quoted(self.store, found);
        let mut related_texts = Vec::new();
        if let SiteKind::Argument { related, .. } = &site.kind {
            for (span, ty) in related {
                related_texts.push((*span, format!("this has type {}", printer.quoted(self.store, *ty))));
            }
        }
        let description = site.describe(&expected_text, &found_text);
        let mut diag = match error {
            UnifyError::Mismatch { expected: inner_expected, found: inner_found } => {
                let mut diag = Diagnostic::new(ErrorClass::Type, description.message.clone());
                let inner_e = printer.quoted(self.store, inner_expected);
                let inner_f = printer.quoted(self.store, inner_found);
                if inner_e != expected_text || inner_f != found_text {
                    diag = diag.with_note(format!("{inner_e} and {inner_f} differ"));
                }
                diag
            }
            UnifyError::NotInClass { ty, class, origin } => {
                let ty_text = printer.quoted(self.store, ty);
                let mut diag = Diagnostic::new(
                    ErrorClass::Class,
                    match &origin {
                        Some(origin) => format!("{ty_text} is not in class `{class}`, required by {}", origin.what),
                        None => format!("{ty_text} is not in class `{class}`"),
                    },
                );
                if let Some(origin) = &origin {
                    diag = diag.with_secondary(origin.span, format!("{} requires class `{class}` here", origin.what));
                }
                diag.with_help(class_members(class))
            }
            UnifyError::EmptyMeet { first, second } => {
                let describe_class = |(class, origin): &(TypeClass, Option<std::rc::Rc<ClassOrigin>>)| match origin {
                    Some(o) => format!("`{class}` (required by {})", o.what),
                    None => format!("`{class}`"),
                };
                let mut diag = Diagnostic::new(
                    ErrorClass::Class,
                    format!(
                        "no type is in both class {} and class {}",
                        describe_class(&first),
                        describe_class(&second)
                    ),
                );
                for origin in [&first.1, &second.1].into_iter().flatten() {
                    diag = diag.with_secondary(origin.span, format!("{} restricts the type here", origin.what));
                }
                diag
            }
            UnifyError::Occurs { var, ty } => {
                let var_text = printer.quoted(self.store, var);
                let ty_text = printer.quoted(self.store, ty);
                Diagnostic::new(ErrorClass::Type, format!("recursive type: {var_text} would have to equal {ty_text}"))
                    .with_note(description.message.clone())
                    .with_help("a value cannot contain itself; check the nesting of sequences or pairs here")
            }
            UnifyError::Rigid { rigid, found: bound_to } => {
                let bound_text = printer.quoted(self.store, bound_to);
                Diagnostic::new(
                    ErrorClass::Type,
                    format!(
                        "the signature of `{}` declares the type variable `{}`, but the body requires it to be {bound_text}",
                        rigid.function, rigid.name
                    ),
                )
                .with_secondary(rigid.span, format!("`{}` is declared here", rigid.name))
                .with_note(description.message.clone())
                .with_help(format!(
                    "the body must work for every type `{}` allows; change the body, or write {bound_text} instead of `{}` in the signature",
                    rigid.name, rigid.name
                ))
            }
            UnifyError::RigidClass { rigid, declared, required, origin } => {
                let by = origin.as_ref().map_or(String::new(), |o| format!(" by {}", o.what));
                let mut diag = Diagnostic::new(
                    ErrorClass::Class,
                    format!(
                        "the signature of `{}` declares `{}` in class `{declared}`, but class `{required}` is required{by}",
                        rigid.function, rigid.name
                    ),
                )
                .with_secondary(rigid.span, format!("`{}` is declared here", rigid.name));
                if let Some(origin) = &origin {
                    diag = diag.with_secondary(origin.span, format!("{} requires class `{required}`", origin.what));
                }
                diag.with_help(format!("restrict the signature with `:: ({} in {required})`", rigid.name))
            }
        };
        // The primary label comes first in the list of labels.
        let mut labels =
            vec![crate::diagnostic::Label { span: site.primary, message: description.primary_label, is_primary: true }];
        for (span, message) in description.secondary.into_iter().chain(related_texts) {
            labels.push(crate::diagnostic::Label { span, message, is_primary: false });
        }
        labels.append(&mut diag.labels);
        // Where two secondary labels mark the same span, the later (more
        // specific) one stays.
        let mut kept: Vec<crate::diagnostic::Label> = Vec::with_capacity(labels.len());
        for label in labels.into_iter().rev() {
            if label.is_primary || !kept.iter().any(|k| k.span == label.span) {
                kept.push(label);
            }
        }
        kept.reverse();
        diag.labels = kept;
        match (diag.help.is_none(), description.help) {
            (true, Some(help)) => diag.with_help(help),
            (false, Some(help)) => diag.with_note(help),
            (_, None) => diag,
        }
    }
}

/// "class `number` is `int` or `float`".
fn class_members(class: TypeClass) -> String {
    let members: Vec<&str> =
        [(Type::Int, "`int`"), (Type::Float, "`float`"), (Type::Bool, "`bool`"), (Type::Char, "`char`")]
            .iter()
            .filter(|(t, _)| class.contains(t))
            .map(|(_, n)| *n)
            .collect();
    match members.split_last() {
        Some((last, rest)) if !rest.is_empty() && class != TypeClass::Any => {
            format!("class `{class}` is {} or {last}", rest.join(", "))
        }
        _ => format!("class `{class}` is every type"),
    }
}

/// What is being called (cheap to pass around).
#[derive(Copy, Clone)]
enum CalleeRef {
    Prim { prim: Prim, is_operator: bool },
    Function(FnId),
    Constructor(DatatypeId),
}

/// What is being called, for argument mismatches.
struct Callee {
    /// The name as shown (`f`, `+`, `point`).
    name: String,
    is_operator: bool,
    /// Where each parameter's type is declared (or the parameter is bound).
    param_spans: Vec<Span>,
    /// A help line (a primitive's signature).
    help: Option<String>,
    /// The parameter types of the callee's scheme, uninstantiated (to find
    /// arguments related through a shared type variable).
    generic_params: Vec<TypeId>,
}

/// Where a unification happens, for its diagnostic. `primary` is the place
/// of the *found* type.
struct Site {
    primary: Span,
    kind: SiteKind,
}

enum SiteKind {
    /// Argument `index` of a call: expected the parameter's type.
    Argument {
        callee: String,
        is_operator: bool,
        index: usize,
        count: usize,
        declared_at: Option<Span>,
        related: Vec<(Span, TypeId)>,
        help: Option<String>,
        call_at: Span,
    },
    /// Sub-pattern `index` of a constructor pattern.
    FieldPattern { constructor: String, index: usize, count: usize, declared_at: Option<Span> },
    /// The condition of an `if`: expected `bool`.
    Condition,
    /// The else-branch (found) against the then-branch (expected).
    Branches { then_at: Span },
    /// Element `index` (found) against the first element (expected).
    Element { first_at: Span, index: usize },
    /// A pattern (expected) against the value bound to it (found).
    Binding { value_at: Span },
    /// A generator's sequence (found) against `[pattern type]` (expected).
    Generator { pattern_at: Span },
    /// The filter of an apply-to-each: expected `bool`.
    Filter,
    /// A function's body (found) against its declared or recursively used
    /// result type (expected).
    Result { function: String, declared_at: Option<Span> },
    /// A called variable (found) against the function type its call needs
    /// (expected).
    CalledValue { name: String },
    /// A parameter pattern (found) against its declared type (expected).
    ParamSignature { function: String, index: usize, count: usize, declared_at: Span },
}

struct Description {
    message: String,
    primary_label: String,
    secondary: Vec<(Span, String)>,
    help: Option<String>,
}

/// "argument 2", "the argument", "the left operand".
fn argument_name(is_operator: bool, index: usize, count: usize) -> String {
    match (is_operator, count, index) {
        (true, 1, _) => "the operand".to_string(),
        (true, 2, 0) => "the left operand".to_string(),
        (true, 2, 1) => "the right operand".to_string(),
        (_, 1, _) => "the argument".to_string(),
        _ => format!("argument {}", index + 1),
    }
}

impl Site {
    fn describe(&self, expected: &str, found: &str) -> Description {
        let this_has = format!("this has type {found}");
        let (message, primary_label, secondary, help) = match &self.kind {
            SiteKind::Argument { callee, is_operator, index, count, declared_at, help, call_at, related } => {
                let which = argument_name(*is_operator, *index, *count);
                let mut secondary = Vec::new();
                match declared_at {
                    Some(span) => secondary.push((*span, format!("the parameter has type {expected}"))),
                    None if *count > 1 && related.is_empty() => {
                        secondary.push((*call_at, format!("`{callee}` expects {expected} here")));
                    }
                    None => {}
                }
                (
                    format!("{which} of `{callee}` has type {found}, but `{callee}` expects {expected}"),
                    this_has,
                    secondary,
                    help.clone(),
                )
            }
            SiteKind::FieldPattern { constructor, index, count, declared_at } => (
                format!(
                    "{} of the pattern `{constructor}(...)` has type {found}, but the field has type {expected}",
                    if *count == 1 { "the field".to_string() } else { format!("field {}", index + 1) }
                ),
                format!("this pattern has type {found}"),
                declared_at.map(|s| (s, format!("the field is declared {expected} here"))).into_iter().collect(),
                None,
            ),
            SiteKind::Condition => {
                (format!("the condition of `if` must be `bool`, but it has type {found}"), this_has, Vec::new(), None)
            }
            SiteKind::Branches { then_at } => (
                format!("the branches of `if` have different types: {expected} and {found}"),
                format!("the else-branch has type {found}"),
                vec![(*then_at, format!("the then-branch has type {expected}"))],
                Some("both branches of an `if` must have the same type".to_string()),
            ),
            SiteKind::Element { first_at, index } => (
                format!("the elements of a sequence have different types: {expected} and {found}"),
                format!("element {} has type {found}", index + 1),
                vec![(*first_at, format!("the first element has type {expected}"))],
                None,
            ),
            SiteKind::Binding { value_at } => (
                format!("the pattern has type {expected}, but the value bound to it has type {found}"),
                format!("the pattern has type {expected}"),
                vec![(*value_at, format!("the value has type {found}"))],
                None,
            ),
            SiteKind::Generator { pattern_at } => (
                format!("the generator needs a sequence of type {expected}, but this has type {found}"),
                this_has,
                vec![(*pattern_at, "each element is bound to this pattern".to_string())],
                Some("in `{ e : p in s }`, `s` must be a sequence whose elements match `p`".to_string()),
            ),
            SiteKind::Filter => (
                format!("the filter of an apply-to-each must be `bool`, but it has type {found}"),
                this_has,
                Vec::new(),
                None,
            ),
            SiteKind::Result { function, declared_at: Some(declared) } => (
                format!("the body of `{function}` has type {found}, but its signature declares {expected}"),
                this_has,
                vec![(*declared, format!("declared {expected} here"))],
                None,
            ),
            SiteKind::Result { function, declared_at: None } => (
                format!(
                    "the body of `{function}` has type {found}, but its recursive calls use its result as {expected}"
                ),
                this_has,
                Vec::new(),
                None,
            ),
            SiteKind::CalledValue { name } => (
                format!("`{name}` has type {found}, but this call needs a function of type {expected}"),
                this_has,
                Vec::new(),
                Some("only a function (a parameter or variable bound to one) can be called".to_string()),
            ),
            SiteKind::ParamSignature { function, index, count, declared_at } => (
                format!(
                    "{} of `{function}` is declared {expected}, but its pattern has type {found}",
                    if *count == 1 { "the parameter".to_string() } else { format!("parameter {}", index + 1) }
                ),
                format!("this pattern has type {found}"),
                vec![(*declared_at, format!("declared {expected} here"))],
                None,
            ),
        };
        Description { message, primary_label, secondary, help }
    }
}
