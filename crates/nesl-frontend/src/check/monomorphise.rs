//! Monomorphisation: the resolved, typed program to the [`tast::Program`].
//!
//! Starting from the user's top-level forms (in program order), every
//! function reached is instantiated once per distinct list of type
//! arguments (a worklist): a use of `f : forall a b. ...` at `a = int`,
//! `b = [float]` is the instance `f<int, [float]>`, whose body is a copy of
//! `f`'s with every type made concrete under that substitution. Variables
//! that no scheme quantifies (ambiguous types inside a body) become `int`.
//! Datatype instances are made the same way, one [`tast::DataDef`] per
//! distinct datatype and argument list, when a concrete type first mentions
//! one.
//!
//! Only what is reachable exists. Expressions are appended to the single
//! arena bottom-up (operands before users). Each instance's locals are its
//! body's locals (the resolver numbered them, parameters first), typed.
//! Afterwards the instances are ordered by the strongly connected
//! components of the instance call graph, callees first (so a walk of
//! [`Program::functions`] in order meets a function before its callers,
//! except within a recursive group), and `is_recursive` is set from them.
//!
//! Instance names: the source name for a monomorphic function,
//! `name<t1, ..., tn>` for an instance of a polymorphic one (type arguments
//! in NESL syntax, in the order of the scheme's variables; an instance of a
//! polymorphic datatype is written `pair_of(int)`). Should a prelude
//! instance's name equal a user instance's (the user redefined a library
//! function that the library itself uses), the library one is prefixed
//! `prelude.`.
//!
//! Runs only on a program without errors, so every reachable body has a
//! scheme and no [`CoreKind::Invalid`] node; should that be violated, it
//! reports an internal error rather than panicking.

use std::collections::{HashMap, HashSet, VecDeque};

use la_arena::{Idx, RawIdx};

use crate::check::infer::Typing;
use crate::check::ir::{BodyId, Core, CoreExprId, CoreItemKind, CoreKind, CorePatternKind, FnId, PatId};
use crate::check::resolve::Resolved;
use crate::check::scc;
use crate::check::scope::{FileRole, Scope};
use crate::check::signatures::DatatypeInfo;
use crate::check::type_store::{DatatypeId, TypeId, TypeNode, TypeStore, VarId};
use crate::diagnostic::{Diagnostic, ErrorClass};
use crate::source::Span;
use crate::tast::{
    self, DataDef, Expr, ExprId, ExprKind, FuncId, Global, Local, Pattern, PatternKind, Program, TopItem, TopItemKind,
};
use crate::types::{DataId, Type};

/// Type arguments nested deeper than this mean polymorphic recursion
/// (`f<a>` calling `f<[a]>`), which would never end.
const MAX_TYPE_DEPTH: usize = 40;

/// A bound on the number of instances, as a second guard against
/// polymorphic recursion.
const MAX_INSTANCES: usize = 1_000_000;

/// The most nodes one concrete type may have.
const MAX_CONCRETE_TYPE: usize = 1 << 16;

/// What a quantified variable stands for in one instance: a type, or,
/// for the identity variable of a function-typed parameter, the function
/// passed (see note [function values] in `check/mod.rs`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum TypeArg {
    Type(Type),
    /// The identity variable of a function type: which function.
    Func(FnId),
    /// A variable standing for a whole function type (a parameter that is
    /// never called here, only passed on, bound or ignored): the value of
    /// this function, erased like any function value, with the tuple of its
    /// parameters' types and its result type at this use.
    FuncValue {
        func: FnId,
        arg: Type,
        result: Type,
    },
}

type Subst = HashMap<VarId, TypeArg>;

/// What a checker type is, as far as function values go.
enum FunctionValue {
    /// Not a function.
    No,
    /// A value of this function: erased, its calls call the function.
    Known(FnId),
    /// A function type whose identity is not known here.
    Unknown,
}

pub(crate) fn monomorphise(
    scope: &Scope,
    resolved: &Resolved,
    typing: &Typing,
    datatypes: &[DatatypeInfo],
    store: &mut TypeStore,
) -> Result<Program, Vec<Diagnostic>> {
    let mut mono = Monomorphiser {
        scope,
        resolved,
        core: &resolved.core,
        typing,
        datatypes,
        store,
        program: Program::default(),
        functions: Vec::new(),
        instances: HashMap::new(),
        worklist: VecDeque::new(),
        data_instances: HashMap::new(),
        data_arguments: Vec::new(),
        instance_calls: Vec::new(),
        current_instance: None,
        nodes_left: MAX_CONCRETE_TYPE,
        reported_large_type: false,
        current_span: Span::default(),
        instance_type_args: Vec::new(),
        reported_function_value: false,
        errors: Vec::new(),
    };
    mono.run();
    if !mono.errors.is_empty() {
        return Err(mono.errors);
    }
    Ok(mono.program)
}

struct Monomorphiser<'a, 'ast> {
    scope: &'a Scope<'ast>,
    resolved: &'a Resolved,
    core: &'a Core,
    typing: &'a Typing,
    datatypes: &'a [DatatypeInfo],
    store: &'a mut TypeStore,
    program: Program,
    /// Indexed by instance number (the raw [`FuncId`]); filled when the
    /// instance leaves the worklist.
    functions: Vec<Option<tast::Function>>,
    instances: HashMap<(FnId, Vec<TypeArg>), FuncId>,
    worklist: VecDeque<(FuncId, FnId, Vec<TypeArg>)>,
    data_instances: HashMap<(DatatypeId, Vec<Type>), DataId>,
    /// For each [`DataId`]: the datatype and its type arguments.
    data_arguments: Vec<(DatatypeId, Vec<Type>)>,
    /// For each instance, the instances it calls.
    instance_calls: Vec<Vec<usize>>,
    current_instance: Option<usize>,
    /// The budget of nodes of the concrete type being built.
    nodes_left: usize,
    reported_large_type: bool,
    /// The span of the expression or definition being emitted (for the
    /// "type too large" error).
    current_span: Span,
    /// For each emitted instance: its index, function and type arguments.
    instance_type_args: Vec<(usize, FnId, Vec<TypeArg>)>,
    /// Whether a function value where nessie cannot erase it was reported.
    reported_function_value: bool,
    errors: Vec<Diagnostic>,
}

fn func_id(index: usize) -> FuncId {
    Idx::from_raw(RawIdx::from(index as u32))
}

fn func_index(id: FuncId) -> usize {
    id.into_raw().into_u32() as usize
}

impl Monomorphiser<'_, '_> {
    fn internal_error(&mut self, span: Span, what: &str) {
        self.errors.push(
            Diagnostic::new(ErrorClass::Type, format!("internal compiler error while monomorphising: {what}"))
                .with_primary(span, "here"),
        );
    }

    fn run(&mut self) {
        let empty = Subst::new();
        self.program.globals = (0..self.scope.globals.len())
            .map(|g| {
                self.current_span = self.scope.globals[g].span;
                let ty = self.concrete(self.typing.global_types[g], &empty);
                let decl = &self.scope.globals[g];
                Global { name: decl.name.clone(), ty, span: decl.span }
            })
            .collect();
        for item in &self.resolved.items {
            let locals = self.locals(item.body, &empty);
            let root = self.core.body(item.body).root;
            let value = self.emit_expr(root, &empty);
            let kind = match item.kind {
                CoreItemKind::Bind { pattern } => {
                    TopItemKind::Bind { pattern: self.emit_pattern(pattern, &empty), value }
                }
                CoreItemKind::Expr => TopItemKind::Expr { value },
            };
            self.program.items.push(TopItem { kind, locals, span: item.span });
        }
        while let Some((id, function, type_args)) = self.worklist.pop_front() {
            if !self.errors.is_empty() {
                return;
            }
            self.emit_function(id, function, type_args);
        }
        self.name_instances();
        self.finish_functions();
    }

    /// Moves the instances into the program's arena, callees before callers
    /// (members of a recursive group in order of discovery), setting
    /// `is_recursive`, and renumbers the calls accordingly.
    fn finish_functions(&mut self) {
        let components = scc::strongly_connected_components(&self.instance_calls);
        let mut order = Vec::with_capacity(self.functions.len());
        for component in &components {
            let is_recursive = scc::is_cyclic(component, &self.instance_calls);
            for &index in component {
                if let Some(function) = &mut self.functions[index] {
                    function.is_recursive = is_recursive;
                }
                order.push(index);
            }
        }
        let mut new_index = vec![0; self.functions.len()];
        for (new, &old) in order.iter().enumerate() {
            new_index[old] = new;
        }
        for expr in self.program.exprs.values_mut() {
            if let ExprKind::Call { func, .. } = &mut expr.kind {
                *func = func_id(new_index[func_index(*func)]);
            }
        }
        let mut functions = std::mem::take(&mut self.functions);
        for old in order {
            match functions[old].take() {
                Some(function) => {
                    self.program.functions.alloc(function);
                }
                None => {
                    self.internal_error(Span::default(), "an instance was requested but never emitted");
                    return;
                }
            }
        }
    }

    // ----- types -----

    /// The concrete type of `ty` under `subst`; unquantified variables are
    /// `int`. A type larger than [`MAX_CONCRETE_TYPE`] nodes (possible only
    /// when variables bound late multiply sizes that inference checked) is
    /// an error.
    fn concrete(&mut self, ty: TypeId, subst: &Subst) -> Type {
        let saved = std::mem::replace(&mut self.nodes_left, MAX_CONCRETE_TYPE);
        let result = self.concrete_inner(ty, subst);
        if self.nodes_left == 0 && !self.reported_large_type {
            self.reported_large_type = true;
            self.errors.push(
                Diagnostic::new(ErrorClass::Type, "a type in this program is too large")
                    .with_primary(self.current_span, format!("a type here has more than {MAX_CONCRETE_TYPE} parts"))
                    .with_help("types grow like this when pairs of pairs are built repeatedly; use a datatype or a sequence instead"),
            );
        }
        self.nodes_left = saved;
        result
    }

    fn concrete_inner(&mut self, ty: TypeId, subst: &Subst) -> Type {
        if self.nodes_left == 0 {
            return Type::Int;
        }
        self.nodes_left -= 1;
        match self.store.node(ty) {
            TypeNode::Int => Type::Int,
            TypeNode::Float => Type::Float,
            TypeNode::Bool => Type::Bool,
            TypeNode::Char => Type::Char,
            TypeNode::Seq(elem) => Type::seq(self.concrete_inner(elem, subst)),
            TypeNode::Pair(a, b) => {
                let a = self.concrete_inner(a, subst);
                let b = self.concrete_inner(b, subst);
                Type::pair(a, b)
            }
            TypeNode::Data(datatype, args) => {
                let args = args.iter().map(|a| self.concrete_inner(*a, subst)).collect();
                Type::Data(self.data_instance(datatype, args))
            }
            TypeNode::Var(var) => match subst.get(&var) {
                Some(TypeArg::Type(t)) => t.clone(),
                None => Type::Int,
                Some(TypeArg::Func(_) | TypeArg::FuncValue { .. }) => {
                    self.function_value_unsupported();
                    Type::Int
                }
            },
            TypeNode::Func { .. } | TypeNode::FnName(_) => {
                self.function_value_unsupported();
                Type::Int
            }
        }
    }

    /// A function value inside a value (a pair, a sequence, a result, a
    /// global): nessie erases function values only where they are
    /// arguments, parameters and `let`-bound variables.
    fn function_value_unsupported(&mut self) {
        if self.reported_function_value {
            return;
        }
        self.reported_function_value = true;
        self.errors.push(
            Diagnostic::new(
                ErrorClass::Unsupported,
                "not supported yet: a function value stored in a value, returned, or bound at the top level",
            )
            .with_primary(self.current_span, "a function value is part of this expression's type")
            .with_help("nessie passes functions as arguments, and binds them with `let`; pass the function itself where it is needed"),
        );
    }

    /// Whether `ty` is a function type, and which function.
    fn function_value(&mut self, ty: TypeId, subst: &Subst) -> FunctionValue {
        let ident = match self.store.node(ty) {
            TypeNode::Func { ident, .. } => ident,
            TypeNode::Var(v) => match subst.get(&v) {
                Some(TypeArg::FuncValue { func, .. }) => return FunctionValue::Known(*func),
                _ => return FunctionValue::No,
            },
            _ => return FunctionValue::No,
        };
        match self.store.node(ident) {
            TypeNode::FnName(f) => FunctionValue::Known(f),
            TypeNode::Var(v) => match subst.get(&v) {
                Some(TypeArg::Func(f)) => FunctionValue::Known(*f),
                _ => FunctionValue::Unknown,
            },
            _ => FunctionValue::Unknown,
        }
    }

    /// What `ty` stands for as an instance's type argument under `subst`.
    fn type_arg(&mut self, ty: TypeId, subst: &Subst) -> TypeArg {
        match self.store.node(ty) {
            TypeNode::FnName(f) => TypeArg::Func(f),
            TypeNode::Var(v) if matches!(subst.get(&v), Some(TypeArg::Func(_) | TypeArg::FuncValue { .. })) => {
                subst[&v].clone()
            }
            TypeNode::Func { arg, result, .. } => match self.function_value(ty, subst) {
                FunctionValue::Known(func) => {
                    let arg = self.concrete(arg, subst);
                    let result = self.concrete(result, subst);
                    TypeArg::FuncValue { func, arg, result }
                }
                FunctionValue::No | FunctionValue::Unknown => TypeArg::Type(self.concrete(ty, subst)),
            },
            _ => TypeArg::Type(self.concrete(ty, subst)),
        }
    }

    /// Binds the variables of `vars` in the scheme type `pattern` to what
    /// they match in `actual` (a type of the caller, under `subst`).
    fn match_scheme(&mut self, pattern: TypeId, actual: TypeId, subst: &Subst, vars: &[VarId], out: &mut Subst) {
        let pattern_node = self.store.node(pattern);
        if let TypeNode::Var(v) = pattern_node {
            if vars.contains(&v) && !out.contains_key(&v) {
                let arg = self.type_arg(actual, subst);
                out.insert(v, arg);
            }
            return;
        }
        match (pattern_node, self.store.node(actual)) {
            (_, TypeNode::Var(v)) => match subst.get(&v).cloned() {
                Some(TypeArg::Type(t)) => self.match_concrete(pattern, &t, vars, out),
                Some(TypeArg::FuncValue { func, arg, result }) => {
                    if let TypeNode::Func { ident, arg: pattern_arg, result: pattern_result } = self.store.node(pattern)
                    {
                        if let TypeNode::Var(iv) = self.store.node(ident)
                            && vars.contains(&iv)
                        {
                            out.entry(iv).or_insert(TypeArg::Func(func));
                        }
                        self.match_concrete(pattern_arg, &arg, vars, out);
                        self.match_concrete(pattern_result, &result, vars, out);
                    }
                }
                Some(TypeArg::Func(_)) => {}
                None => self.match_concrete(pattern, &Type::Int, vars, out),
            },
            (TypeNode::Seq(p), TypeNode::Seq(a)) => self.match_scheme(p, a, subst, vars, out),
            (TypeNode::Pair(p1, p2), TypeNode::Pair(a1, a2)) => {
                self.match_scheme(p1, a1, subst, vars, out);
                self.match_scheme(p2, a2, subst, vars, out);
            }
            (TypeNode::Data(_, ps), TypeNode::Data(_, actuals)) => {
                for (p, a) in ps.iter().zip(actuals.iter()) {
                    self.match_scheme(*p, *a, subst, vars, out);
                }
            }
            (TypeNode::Func { ident: pi, arg: pa, result: pr }, TypeNode::Func { ident: ai, arg: aa, result: ar }) => {
                self.match_scheme(pi, ai, subst, vars, out);
                self.match_scheme(pa, aa, subst, vars, out);
                self.match_scheme(pr, ar, subst, vars, out);
            }
            _ => {}
        }
    }

    /// [`Self::match_scheme`] against a concrete type.
    fn match_concrete(&mut self, pattern: TypeId, actual: &Type, vars: &[VarId], out: &mut Subst) {
        match (self.store.node(pattern), actual) {
            (TypeNode::Var(v), _) if vars.contains(&v) && !out.contains_key(&v) => {
                out.insert(v, TypeArg::Type(actual.clone()));
            }
            (TypeNode::Seq(p), Type::Seq(a)) => self.match_concrete(p, a, vars, out),
            (TypeNode::Pair(p1, p2), Type::Pair(a1, a2)) => {
                self.match_concrete(p1, a1, vars, out);
                self.match_concrete(p2, a2, vars, out);
            }
            (TypeNode::Data(_, ps), Type::Data(id)) => {
                let args = self.data_arguments[id.0 as usize].1.clone();
                for (p, a) in ps.iter().zip(args.iter()) {
                    self.match_concrete(*p, a, vars, out);
                }
            }
            _ => {}
        }
    }

    /// The [`DataId`] of a datatype at concrete arguments, made on first use.
    fn data_instance(&mut self, datatype: DatatypeId, args: Vec<Type>) -> DataId {
        let key = (datatype, args);
        if let Some(id) = self.data_instances.get(&key) {
            return *id;
        }
        let id = DataId(self.program.datatypes.len() as u32);
        let decl = self.scope.datatype(datatype);
        self.program.datatypes.push(DataDef { name: decl.name.clone(), fields: Vec::new(), span: decl.span });
        self.data_instances.insert(key.clone(), id);
        self.data_arguments.push(key.clone());
        let info = &self.datatypes[datatype.0 as usize];
        let subst: Subst = info.scheme.vars.iter().copied().zip(key.1.into_iter().map(TypeArg::Type)).collect();
        let field_types = info.scheme.params.clone();
        let fields = field_types.iter().map(|f| self.concrete(*f, &subst)).collect();
        self.program.datatypes[id.0 as usize].fields = fields;
        id
    }

    fn expr_type(&mut self, id: CoreExprId, subst: &Subst) -> Type {
        self.concrete(self.typing.expr_types[id.0 as usize], subst)
    }

    // ----- instances -----

    fn instance(&mut self, function: FnId, type_args: Vec<TypeArg>, call_span: Span) -> FuncId {
        let key = (function, type_args);
        if let Some(id) = self.instances.get(&key) {
            return *id;
        }
        let decl = self.scope.function(function);
        if decl.def.body.is_none() {
            // The host library (plotting, shell, streams): it type-checks,
            // but nessie does not run it; refused before anything runs.
            let reason = crate::builtins::host_library_reason(&decl.name).unwrap_or("this library function");
            self.errors.push(
                Diagnostic::new(
                    ErrorClass::Unsupported,
                    format!("not supported yet: `{}` ({reason}) does not run in nessie", decl.name),
                )
                .with_primary(call_span, "called here")
                .with_help(
                    "the program type-checks; nessie runs NESL's computation, not its window, shell or stream library",
                ),
            );
        }
        let too_deep = key.1.iter().any(|t| matches!(t, TypeArg::Type(t) if self.type_depth(t) > MAX_TYPE_DEPTH));
        if too_deep || self.functions.len() >= MAX_INSTANCES {
            let decl = self.scope.function(function);
            self.errors.push(
                Diagnostic::new(
                    ErrorClass::Type,
                    format!("polymorphic recursion: `{}` would be instantiated at ever larger types", decl.name),
                )
                .with_primary(call_span, "this call uses it at a larger type")
                .with_secondary(decl.name_span, "the function is defined here")
                .with_help("nessie instantiates each polymorphic function at each type it is used at; a recursive call must use the same types"),
            );
        }
        let id = func_id(self.functions.len());
        self.functions.push(None);
        self.instance_calls.push(Vec::new());
        self.instances.insert(key.clone(), id);
        self.worklist.push_back((id, key.0, key.1));
        id
    }

    fn emit_function(&mut self, id: FuncId, function: FnId, type_args: Vec<TypeArg>) {
        let decl = self.scope.function(function);
        let Some(scheme) = self.typing.schemes[function.0 as usize].clone() else {
            self.internal_error(decl.span, "a reachable function has no type");
            return;
        };
        let subst: Subst = scheme.vars.iter().copied().zip(type_args.iter().cloned()).collect();
        let body_id = self.resolved.functions[function.0 as usize].body;
        self.current_instance = Some(func_index(id));
        let locals = self.locals(body_id, &subst);
        let body = self.core.body(body_id);
        let mut params = Vec::with_capacity(body.params.len());
        for &p in &body.params {
            // A function-typed parameter is erased: its calls call the
            // function the instance was made for.
            if matches!(self.function_value(self.typing.pattern_types[p.0 as usize], &subst), FunctionValue::Known(_)) {
                continue;
            }
            params.push(self.emit_pattern(p, &subst));
        }
        let mut root = self.emit_expr(body.root, &subst);
        let result = self.program.exprs[root].ty.clone();
        if decl.role == FileRole::Prelude && matches!(decl.name.as_str(), "identity" | "__identity_element") {
            // See note [identity].
            root = self.identity_value(&result, decl.span);
        }
        self.current_instance = None;
        self.functions[func_index(id)] = Some(tast::Function {
            name: decl.name.clone(),
            // Named in `name_instances`, once every instance is known.
            instance: String::new(),
            params,
            result,
            body: root,
            locals,
            span: decl.span,
            is_library: decl.role == FileRole::Prelude,
            is_recursive: false,
        });
        self.instance_type_args.push((func_index(id), function, type_args));
    }

    // Note [identity]
    // ~~~~~~~~~~~~~~~
    // NESL 3.1's `identity(x)` (vector-ops.lnesl) is not `x`: it is the
    // identity value of x's type, chosen by the type: 0 for an int, 0.0 for
    // a float, `f` for a bool, the null character for a char, the empty
    // sequence for a sequence, and the identities of the components for a
    // pair (and, in nessie, for the fields of a datatype). Its argument only
    // gives the type (it is still evaluated, as every argument is). The
    // prelude declares `identity : a -> a`; each instance's body is
    // replaced here by the constant of its type, built from expressions
    // every backend has. The prelude's `__identity_element(s) : [a] -> a`
    // is the identity of a sequence's element type, replaced the same way
    // (its result type is the element type), for `!len-put`.
    fn identity_value(&mut self, ty: &Type, span: Span) -> ExprId {
        let kind = match ty {
            Type::Int => ExprKind::Int(0),
            Type::Float => ExprKind::Float(0.0),
            Type::Bool => ExprKind::Bool(false),
            Type::Char => ExprKind::Char(0),
            Type::Seq(_) => ExprKind::Seq(Vec::new()),
            Type::Pair(a, b) => {
                let a = self.identity_value(a, span);
                let b = self.identity_value(b, span);
                ExprKind::Pair(a, b)
            }
            Type::Data(data) => {
                let fields = self.program.datatypes[data.0 as usize].fields.clone();
                let args = fields.iter().map(|field| self.identity_value(field, span)).collect();
                ExprKind::Construct { data: *data, args }
            }
        };
        self.program.exprs.alloc(Expr { kind, ty: ty.clone(), span })
    }

    fn locals(&mut self, body: BodyId, subst: &Subst) -> Vec<Local> {
        let decls = &self.core.body(body).locals;
        let types = &self.typing.local_types[body.0 as usize];
        let mut locals = Vec::with_capacity(decls.len());
        for (decl, ty) in decls.iter().zip(types) {
            // A local of function type is never bound nor read in the
            // typed program (see note [function values]); it keeps its
            // place in the numbering with a placeholder type.
            let ty = match self.function_value(*ty, subst) {
                FunctionValue::Known(_) => Type::Int,
                FunctionValue::No | FunctionValue::Unknown => self.concrete(*ty, subst),
            };
            locals.push(Local { name: decl.name.clone(), ty, span: decl.span });
        }
        locals
    }

    // ----- expressions -----

    fn alloc(&mut self, kind: ExprKind, ty: Type, span: Span) -> ExprId {
        self.program.exprs.alloc(Expr { kind, ty, span })
    }

    fn emit_all(&mut self, ids: &[CoreExprId], subst: &Subst) -> Vec<ExprId> {
        ids.iter().map(|id| self.emit_expr(*id, subst)).collect()
    }

    fn emit_expr(&mut self, id: CoreExprId, subst: &Subst) -> ExprId {
        let core = self.core;
        let expr = core.expr(id);
        let span = expr.span;
        self.current_span = span;
        let kind = match &expr.kind {
            CoreKind::Int(v) => ExprKind::Int(*v),
            CoreKind::Float(v) => ExprKind::Float(*v),
            CoreKind::Bool(v) => ExprKind::Bool(*v),
            CoreKind::Char(v) => ExprKind::Char(*v),
            CoreKind::String(v) => ExprKind::String(v.clone()),
            CoreKind::Var(var) => ExprKind::Var(*var),
            CoreKind::Pair(a, b) => {
                let a = self.emit_expr(*a, subst);
                let b = self.emit_expr(*b, subst);
                ExprKind::Pair(a, b)
            }
            CoreKind::Seq(elems) => ExprKind::Seq(self.emit_all(elems, subst)),
            CoreKind::EmptySeq(_) => ExprKind::Seq(Vec::new()),
            CoreKind::Call { func, args, name_span } => {
                let args = self.emit_arguments(args, subst);
                let type_args = match self.typing.call_type_args.get(&id) {
                    Some(type_args) => type_args.clone(),
                    None => {
                        self.internal_error(span, "a call has no type arguments");
                        Vec::new()
                    }
                };
                let type_args = type_args.iter().map(|t| self.type_arg(*t, subst)).collect();
                let callee = self.instance(*func, type_args, *name_span);
                if let Some(caller) = self.current_instance {
                    self.instance_calls[caller].push(func_index(callee));
                }
                ExprKind::Call { func: callee, args }
            }
            CoreKind::CallValue { callee, args, name_span } => {
                match self.call_value(id, *callee, args, *name_span, subst) {
                    Some(kind) => kind,
                    None => ExprKind::Int(0),
                }
            }
            CoreKind::FnRef(_) => {
                // Function values are erased where they are arguments or
                // `let`-bound; anywhere else is a value nessie cannot build.
                self.function_value_unsupported();
                ExprKind::Int(0)
            }
            CoreKind::Prim { prim, args, .. } => ExprKind::Prim { prim: *prim, args: self.emit_all(args, subst) },
            CoreKind::Construct { args, .. } => {
                let args = self.emit_all(args, subst);
                match self.expr_type(id, subst) {
                    Type::Data(data) => ExprKind::Construct { data, args },
                    _ => {
                        self.internal_error(span, "a constructor's type is not a datatype");
                        ExprKind::Int(0)
                    }
                }
            }
            CoreKind::If { cond, then_branch, else_branch } => {
                let cond = self.emit_expr(*cond, subst);
                let then_branch = self.emit_expr(*then_branch, subst);
                let else_branch = self.emit_expr(*else_branch, subst);
                ExprKind::If { cond, then_branch, else_branch }
            }
            CoreKind::Let { .. } => return self.emit_let_chain(id, subst),
            CoreKind::ApplyToEach { body, generators, filter } => {
                let mut emitted = Vec::with_capacity(generators.len());
                for &(pattern, seq) in generators {
                    let seq = self.emit_expr(seq, subst);
                    let pattern = self.emit_pattern(pattern, subst);
                    emitted.push(tast::Generator { pattern, seq });
                }
                let filter = filter.map(|f| self.emit_expr(f, subst));
                let body = self.emit_expr(*body, subst);
                ExprKind::ApplyToEach { body, generators: emitted, filter }
            }
            CoreKind::Time(inner) => ExprKind::Time(self.emit_expr(*inner, subst)),
            CoreKind::Invalid => {
                self.internal_error(span, "an erroneous expression reached monomorphisation");
                ExprKind::Int(0)
            }
        };
        self.current_span = span;
        let ty = self.expr_type(id, subst);
        self.alloc(kind, ty, span)
    }

    /// The arguments of a call, less those of function type (erased).
    fn emit_arguments(&mut self, args: &[CoreExprId], subst: &Subst) -> Vec<ExprId> {
        let mut emitted = Vec::with_capacity(args.len());
        for &arg in args {
            match self.function_value(self.typing.expr_types[arg.0 as usize], subst) {
                FunctionValue::Known(_) => {}
                FunctionValue::No | FunctionValue::Unknown => emitted.push(self.emit_expr(arg, subst)),
            }
        }
        emitted
    }

    /// `g(args)` for a variable `g` of function type: a call of the
    /// function `g` stands for, at the types of this call.
    fn call_value(
        &mut self,
        id: CoreExprId,
        callee: CoreExprId,
        args: &[CoreExprId],
        name_span: Span,
        subst: &Subst,
    ) -> Option<ExprKind> {
        let span = self.core.expr(id).span;
        let FunctionValue::Known(function) = self.function_value(self.typing.expr_types[callee.0 as usize], subst)
        else {
            self.internal_error(span, "the function a call of a function value calls is not known");
            return None;
        };
        let Some(scheme) = self.typing.schemes[function.0 as usize].clone() else {
            self.internal_error(span, "a function passed as a value has no type");
            return None;
        };
        if scheme.params.len() != args.len() {
            let decl = self.scope.function(function);
            self.errors.push(
                Diagnostic::new(
                    ErrorClass::Unsupported,
                    format!(
                        "not supported yet: a call of a function value with {} arguments, where the function `{}` has {} parameters",
                        args.len(),
                        decl.name,
                        scheme.params.len()
                    ),
                )
                .with_primary(span, "this call")
                .with_secondary(decl.name_span, "the function is defined here")
                .with_help("call it with one argument per parameter"),
            );
            return None;
        }
        let mut bound = Subst::new();
        for (&param, &arg) in scheme.params.iter().zip(args) {
            self.match_scheme(param, self.typing.expr_types[arg.0 as usize], subst, &scheme.vars, &mut bound);
        }
        self.match_scheme(scheme.result, self.typing.expr_types[id.0 as usize], subst, &scheme.vars, &mut bound);
        let type_args = scheme.vars.iter().map(|v| bound.get(v).cloned().unwrap_or(TypeArg::Type(Type::Int))).collect();
        let emitted = self.emit_arguments(args, subst);
        let target = self.instance(function, type_args, name_span);
        if let Some(caller) = self.current_instance {
            self.instance_calls[caller].push(func_index(target));
        }
        Some(ExprKind::Call { func: target, args: emitted })
    }

    /// A chain of nested lets, without recursion on its length: the values
    /// first, then the innermost body, then the `Let` nodes inside out.
    fn emit_let_chain(&mut self, id: CoreExprId, subst: &Subst) -> ExprId {
        let core = self.core;
        let mut links = Vec::new();
        let mut current = id;
        while let CoreKind::Let { pattern, value, body } = &core.expr(current).kind {
            let link = current;
            current = *body;
            // `let g = f in ...` binds a function value: erased, as its
            // calls call `f`.
            if matches!(core.pattern(*pattern).kind, CorePatternKind::Bind(_))
                && matches!(
                    self.function_value(self.typing.pattern_types[pattern.0 as usize], subst),
                    FunctionValue::Known(_)
                )
            {
                continue;
            }
            let value = self.emit_expr(*value, subst);
            let pattern = self.emit_pattern(*pattern, subst);
            links.push((link, pattern, value));
        }
        let mut result = self.emit_expr(current, subst);
        for (link, pattern, value) in links.into_iter().rev() {
            let ty = self.program.exprs[result].ty.clone();
            result = self.alloc(ExprKind::Let { pattern, value, body: result }, ty, core.expr(link).span);
        }
        result
    }

    fn emit_pattern(&mut self, id: PatId, subst: &Subst) -> Pattern {
        let core = self.core;
        let pattern = core.pattern(id);
        let ty = self.concrete(self.typing.pattern_types[id.0 as usize], subst);
        let kind = match &pattern.kind {
            CorePatternKind::Bind(var) => PatternKind::Bind(*var),
            CorePatternKind::Pair(a, b) => {
                PatternKind::Pair(Box::new(self.emit_pattern(*a, subst)), Box::new(self.emit_pattern(*b, subst)))
            }
            CorePatternKind::Data { fields, .. } => {
                let fields = fields.iter().map(|f| self.emit_pattern(*f, subst)).collect();
                match ty {
                    Type::Data(data) => PatternKind::Data { data, fields },
                    _ => {
                        self.internal_error(pattern.span, "a constructor pattern's type is not a datatype");
                        PatternKind::Data { data: DataId(0), fields }
                    }
                }
            }
            CorePatternKind::Invalid => {
                self.internal_error(pattern.span, "an erroneous pattern reached monomorphisation");
                PatternKind::Bind(tast::Var::Local(tast::LocalId(0)))
            }
        };
        Pattern { kind, ty, span: pattern.span }
    }

    // ----- names -----

    /// Gives every instance its unique name (see the module doc).
    fn name_instances(&mut self) {
        let mut taken: HashSet<String> = HashSet::new();
        let mut named: Vec<(usize, String)> = Vec::with_capacity(self.instance_type_args.len());
        // User instances first, so that they keep the plain names.
        let mut order: Vec<usize> = (0..self.instance_type_args.len()).collect();
        order.sort_by_key(|&i| {
            let (_, function, _) = &self.instance_type_args[i];
            self.scope.function(*function).role == FileRole::Prelude
        });
        for i in order {
            let (index, function, type_args) = self.instance_type_args[i].clone();
            let decl = self.scope.function(function);
            let mut name = if type_args.is_empty() {
                decl.name.clone()
            } else {
                let args: Vec<String> = type_args
                    .iter()
                    .map(|t| match t {
                        TypeArg::Type(t) => self.type_text(t),
                        TypeArg::Func(f) | TypeArg::FuncValue { func: f, .. } => self.scope.function(*f).name.clone(),
                    })
                    .collect();
                format!("{}<{}>", decl.name, args.join(", "))
            };
            if taken.contains(&name) && decl.role == FileRole::Prelude {
                name = format!("prelude.{name}");
            }
            let base = name.clone();
            let mut n = 2;
            while taken.contains(&name) {
                name = format!("{base}#{n}");
                n += 1;
            }
            taken.insert(name.clone());
            named.push((index, name));
        }
        for (index, name) in named {
            if let Some(function) = &mut self.functions[index] {
                function.instance = name;
            }
        }
    }

    /// How deeply a concrete type nests, counting datatype arguments.
    fn type_depth(&self, ty: &Type) -> usize {
        match ty {
            Type::Int | Type::Float | Type::Bool | Type::Char => 1,
            Type::Data(id) => {
                let args = &self.data_arguments[id.0 as usize].1;
                1 + args.iter().map(|a| self.type_depth(a)).max().unwrap_or(0)
            }
            Type::Seq(elem) => 1 + self.type_depth(elem),
            Type::Pair(a, b) => 1 + self.type_depth(a).max(self.type_depth(b)),
        }
    }

    /// A concrete type in NESL syntax, with the arguments of polymorphic
    /// datatype instances (`pair_of(int)`), for instance names.
    fn type_text(&self, ty: &Type) -> String {
        match ty {
            Type::Int => "int".to_string(),
            Type::Float => "float".to_string(),
            Type::Bool => "bool".to_string(),
            Type::Char => "char".to_string(),
            Type::Seq(elem) => format!("[{}]", self.type_text(elem)),
            Type::Pair(a, b) => {
                let mut parts = vec![self.type_text(a)];
                let mut rest = &**b;
                while let Type::Pair(x, y) = rest {
                    parts.push(self.type_text(x));
                    rest = y;
                }
                parts.push(self.type_text(rest));
                format!("({})", parts.join(", "))
            }
            Type::Data(id) => {
                let (datatype, args) = &self.data_arguments[id.0 as usize];
                let name = &self.scope.datatype(*datatype).name;
                if args.is_empty() {
                    name.clone()
                } else {
                    let args: Vec<String> = args.iter().map(|a| self.type_text(a)).collect();
                    format!("{name}({})", args.join(", "))
                }
            }
        }
    }
}
