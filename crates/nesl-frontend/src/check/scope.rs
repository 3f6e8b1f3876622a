//! What each file defines, and how a name is looked up.
//!
//! [`Scope::collect`] walks the top-level forms of the prelude and of the
//! user's file once and records every function, datatype and (in the user's
//! file) every global variable, reporting duplicate definitions. It needs no
//! types; everything after it asks the scope what a name means.
//!
//! # Visibility rules
//! - A file's functions and datatype constructors share one namespace and
//!   are visible everywhere in the file (forward references and mutual
//!   recursion).
//! - The prelude sees the primitives and its own definitions.
//! - The user's file sees its own definitions, then the prelude's, then the
//!   primitives: a user definition shadows a builtin of the same name in
//!   user code only. Names starting with `__` are private to the prelude:
//!   user code cannot see them (they are "unbound" there).
//! - Globals (variables bound by top-level `pat = e;` forms of the user's
//!   file) are sequential: a form, and a function definition, sees the
//!   globals bound textually before it; a later binding of the same name is
//!   a new global that shadows the earlier one from then on. Global ids are
//!   given here, in textual order, so that `GlobalId`s are known before any
//!   body is resolved.
//! - Variables and functions live in separate namespaces: a parameter called
//!   `max` does not hide the function `max`.
//! - A user function defined again later (`function g ...` twice) is
//!   NESL's dynamic top level: a call means the definition current when
//!   the top-level form that runs it is evaluated. See note [redefinition].
//!
//! # Note [redefinition]
//! NESL 3.1's top level keeps one environment that each `function` form
//! updates; a function body names other functions, and a call finds the
//! definition current at the time of the call. So after
//! `function g(x) = 0; function h(x) = g(x) + 1; function g(x) = x * 10;`
//! the form `h(5)` is 51: `h` calls the second `g`. The forms between two
//! redefinitions see one fixed environment: the file is cut into *epochs*
//! at every redefinition (epoch 0 before the first). In epoch `k` a
//! redefined name means its latest definition at or before the epoch's
//! first form (the first definition in epoch 0, or where none is that
//! early, so that forward references keep working). A function whose body
//! reaches a redefined name, directly or through other user functions
//! (found from the names its body mentions), means something different in
//! each epoch: it gets one copy per epoch in which a top-level form reaches
//! it, a [`FunctionDecl`] with the same definition and that `epoch`,
//! resolved and type-checked on its own (so a caller is re-checked against
//! the new definition's type). Every other function is resolved once, in
//! the epoch of its own definition.

use std::collections::HashMap;

use crate::builtins::{PRIMS, Prim};
use crate::check::ir::FnId;
use crate::check::type_store::DatatypeId;
use crate::diagnostic::{Diagnostic, ErrorClass};
use crate::source::Span;
use crate::syntax::ast::{
    DatatypeDef, Expr, ExprKind, FunctionDef, Ident, Item, ItemKind, Module, Pattern, PatternKind,
};
use crate::tast::GlobalId;

/// Which file a definition comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum FileRole {
    Prelude,
    User,
}

impl FileRole {
    fn index(self) -> usize {
        match self {
            FileRole::Prelude => 0,
            FileRole::User => 1,
        }
    }
}

/// Whether a name is private to the prelude.
pub(crate) fn is_private_name(name: &str) -> bool {
    name.starts_with("__")
}

pub(crate) struct FunctionDecl<'ast> {
    pub name: String,
    pub name_span: Span,
    /// The whole definition.
    pub span: Span,
    pub role: FileRole,
    pub def: &'ast FunctionDef,
    /// The number of globals bound before the definition: its body sees
    /// globals with smaller ids.
    pub globals_visible: u32,
    /// The index of the definition among its file's forms.
    pub position: usize,
    /// The epoch whose definitions the body's calls mean (note
    /// [redefinition]): the epoch of its own definition, or, for a copy
    /// made for a later epoch, that epoch.
    pub epoch: usize,
}

pub(crate) struct DatatypeDecl<'ast> {
    pub name: String,
    pub name_span: Span,
    pub span: Span,
    pub role: FileRole,
    pub def: &'ast DatatypeDef,
}

pub(crate) struct GlobalDecl {
    pub name: String,
    pub span: Span,
}

/// What a function-namespace name stands for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Callable {
    Function(FnId),
    Constructor(DatatypeId),
}

pub(crate) struct Scope<'ast> {
    pub functions: Vec<FunctionDecl<'ast>>,
    pub datatypes: Vec<DatatypeDecl<'ast>>,
    /// The user's globals, indexed by [`GlobalId`].
    pub globals: Vec<GlobalDecl>,
    /// For each form of the user's file (and one past the end): the number
    /// of globals bound before it.
    pub globals_before_item: Vec<u32>,
    /// Functions and constructors of each file, by [`FileRole::index`].
    callables: [HashMap<String, Callable>; 2],
    /// Every definition, by form index, of each function of the user's file
    /// that is defined more than once (see [`Scope::callable_at`]).
    redefined: HashMap<String, Vec<(usize, FnId)>>,
    /// The positions of the forms that redefine a function, ascending:
    /// epoch `k` starts at `epoch_starts[k - 1]` (note [redefinition]).
    epoch_starts: Vec<usize>,
    /// The copy of a user function for an epoch other than its own.
    epoch_copies: HashMap<(FnId, usize), FnId>,
    globals_by_name: HashMap<String, Vec<GlobalId>>,
    prims: HashMap<&'static str, Prim>,
    /// The anonymous functions (`p => e`) of the user's file, by the span of
    /// their expression. Each is a function of its own ([`FunctionDecl`]
    /// named `lambda_1`, `lambda_2`, ... in the order they are written),
    /// callable by no name.
    lambdas: HashMap<Span, FnId>,
}

impl<'ast> Scope<'ast> {
    /// Records the definitions of both files. Duplicates and forms the
    /// prelude may not contain are reported into `diags`.
    pub fn collect(prelude: &'ast Module, user: &'ast Module, diags: &mut Vec<Diagnostic>) -> Scope<'ast> {
        let mut scope = Scope {
            functions: Vec::new(),
            datatypes: Vec::new(),
            globals: Vec::new(),
            globals_before_item: Vec::new(),
            callables: [HashMap::new(), HashMap::new()],
            redefined: HashMap::new(),
            epoch_starts: Vec::new(),
            epoch_copies: HashMap::new(),
            globals_by_name: HashMap::new(),
            lambdas: HashMap::new(),
            prims: PRIMS.iter().flat_map(|info| info.names.iter().map(move |n| (*n, info.prim))).collect(),
        };
        scope.collect_file(prelude, FileRole::Prelude, diags);
        scope.collect_file(user, FileRole::User, diags);
        scope.copy_for_epochs(user);
        scope
    }

    /// The epoch of the user's form at index `position`.
    pub fn epoch_of(&self, position: usize) -> usize {
        self.epoch_starts.partition_point(|&start| start <= position)
    }

    /// Makes the copies of note [redefinition]: for every user function
    /// whose meaning depends on the epoch, one per other epoch in which a
    /// top-level form reaches it.
    fn copy_for_epochs(&mut self, user: &'ast Module) {
        if self.redefined.is_empty() {
            return;
        }
        let mut starts: Vec<usize> =
            self.redefined.values().flat_map(|versions| versions[1..].iter().map(|(at, _)| *at)).collect();
        starts.sort_unstable();
        starts.dedup();
        self.epoch_starts = starts;
        for decl in &mut self.functions {
            if decl.role == FileRole::User {
                decl.epoch = self.epoch_starts.partition_point(|&start| start <= decl.position);
            }
        }
        // The names each user function's body mentions.
        let mentions: Vec<Vec<String>> =
            self.functions
                .iter()
                .map(|decl| {
                    if decl.role == FileRole::User {
                        mentioned_names(decl.def.body.iter().collect())
                    } else {
                        Vec::new()
                    }
                })
                .collect();
        // Which functions depend on the epoch: a fixpoint over the names.
        let mut depends = vec![false; self.functions.len()];
        let mut changed = true;
        while changed {
            changed = false;
            for id in 0..self.functions.len() {
                if depends[id] || self.functions[id].role != FileRole::User {
                    continue;
                }
                let reaches = mentions[id].iter().any(|name| {
                    self.redefined.contains_key(name)
                        || matches!(self.callables[FileRole::User.index()].get(name),
                                    Some(Callable::Function(f)) if depends[f.0 as usize])
                });
                if reaches {
                    depends[id] = true;
                    changed = true;
                }
            }
        }
        // The (function, epoch) pairs that top-level forms reach.
        let mut seen: std::collections::HashSet<(FnId, usize)> = std::collections::HashSet::new();
        let mut work: Vec<(FnId, usize)> = Vec::new();
        for (position, item) in user.items.iter().enumerate() {
            let exprs: Vec<&Expr> = match &item.kind {
                ItemKind::Binding { value, .. } => vec![value],
                ItemKind::Expr(expr) => vec![expr],
                _ => continue,
            };
            let epoch = self.epoch_of(position);
            for name in mentioned_names(exprs) {
                if let Some(f) = self.user_function_in_epoch(&name, epoch)
                    && depends[f.0 as usize]
                    && seen.insert((f, epoch))
                {
                    work.push((f, epoch));
                }
            }
        }
        while let Some((f, epoch)) = work.pop() {
            for name in &mentions[f.0 as usize] {
                if let Some(g) = self.user_function_in_epoch(name, epoch)
                    && depends[g.0 as usize]
                    && seen.insert((g, epoch))
                {
                    work.push((g, epoch));
                }
            }
        }
        let mut needed: Vec<(FnId, usize)> =
            seen.into_iter().filter(|(f, epoch)| self.functions[f.0 as usize].epoch != *epoch).collect();
        needed.sort_unstable();
        for (f, epoch) in needed {
            let original = &self.functions[f.0 as usize];
            let copy = FunctionDecl {
                name: original.name.clone(),
                name_span: original.name_span,
                span: original.span,
                role: original.role,
                def: original.def,
                globals_visible: original.globals_visible,
                position: original.position,
                epoch,
            };
            let id = FnId(self.functions.len() as u32);
            self.functions.push(copy);
            self.epoch_copies.insert((f, epoch), id);
        }
    }

    /// The user function `name` means in `epoch`, before copies.
    fn user_function_in_epoch(&self, name: &str, epoch: usize) -> Option<FnId> {
        if let Some(versions) = self.redefined.get(name) {
            let chosen = match epoch.checked_sub(1) {
                None => &versions[0],
                Some(k) => {
                    let start = self.epoch_starts[k];
                    versions.iter().rev().find(|(at, _)| *at <= start).unwrap_or(&versions[0])
                }
            };
            return Some(chosen.1);
        }
        match self.callables[FileRole::User.index()].get(name) {
            Some(Callable::Function(f)) => Some(*f),
            _ => None,
        }
    }

    fn collect_file(&mut self, module: &'ast Module, role: FileRole, diags: &mut Vec<Diagnostic>) {
        for (position, item) in module.items.iter().enumerate() {
            if role == FileRole::User {
                self.globals_before_item.push(self.globals.len() as u32);
            }
            self.collect_lambdas(item, role, position);
            match &item.kind {
                ItemKind::Function(def) => {
                    let id = FnId(self.functions.len() as u32);
                    self.functions.push(FunctionDecl {
                        name: def.name.name.clone(),
                        name_span: def.name.span,
                        span: item.span,
                        role,
                        def,
                        globals_visible: self.globals.len() as u32,
                        position,
                        epoch: 0,
                    });
                    if role == FileRole::User
                        && let Some(&Callable::Function(previous)) = self.callables[role.index()].get(&def.name.name)
                    {
                        // A later `function` with the same name replaces the
                        // earlier one for the forms after it, as at NESL's
                        // top level.
                        let first = (self.functions[previous.0 as usize].position, previous);
                        self.redefined.entry(def.name.name.clone()).or_insert_with(|| vec![first]).push((position, id));
                        continue;
                    }
                    self.define(role, &def.name, Callable::Function(id), diags);
                }
                ItemKind::Datatype(def) => {
                    let id = DatatypeId(self.datatypes.len() as u32);
                    self.datatypes.push(DatatypeDecl {
                        name: def.name.name.clone(),
                        name_span: def.name.span,
                        span: item.span,
                        role,
                        def,
                    });
                    self.define(role, &def.name, Callable::Constructor(id), diags);
                }
                ItemKind::Binding { pattern, .. } if role == FileRole::User => {
                    for ident in pattern_variables(pattern) {
                        let id = GlobalId(self.globals.len() as u32);
                        self.globals.push(GlobalDecl { name: ident.name.clone(), span: ident.span });
                        self.globals_by_name.entry(ident.name.clone()).or_default().push(id);
                    }
                }
                ItemKind::Binding { .. } | ItemKind::Expr(_) | ItemKind::Load { .. } | ItemKind::Unsupported { .. } => {
                    if role == FileRole::Prelude {
                        diags.push(
                            Diagnostic::new(
                                ErrorClass::Unsupported,
                                "the prelude may contain only function and datatype definitions",
                            )
                            .with_primary(item.span, "not a definition"),
                        );
                    }
                }
            }
        }
        if role == FileRole::User {
            self.globals_before_item.push(self.globals.len() as u32);
        }
    }

    /// Registers the anonymous functions of one form, outermost first.
    fn collect_lambdas(&mut self, item: &'ast Item, role: FileRole, position: usize) {
        let mut stack: Vec<&'ast Expr> = match &item.kind {
            ItemKind::Function(def) => def.body.iter().collect(),
            ItemKind::Binding { value, .. } => vec![value],
            ItemKind::Expr(expr) => vec![expr],
            ItemKind::Datatype(_) | ItemKind::Load { .. } | ItemKind::Unsupported { .. } => Vec::new(),
        };
        while let Some(expr) = stack.pop() {
            match &expr.kind {
                ExprKind::Int(_)
                | ExprKind::Float(_)
                | ExprKind::Bool(_)
                | ExprKind::Char(_)
                | ExprKind::String(_)
                | ExprKind::Var(_)
                | ExprKind::EmptySeq(_) => {}
                ExprKind::Pair(a, b) | ExprKind::Index { seq: a, index: b } => stack.extend([&**b, &**a]),
                ExprKind::Binary { lhs, rhs, .. } => stack.extend([&**rhs, &**lhs]),
                ExprKind::Seq(elems) => stack.extend(elems.iter().rev()),
                ExprKind::Range { start, end, stride } => {
                    stack.extend(stride.as_deref());
                    stack.extend([&**end, &**start]);
                }
                ExprKind::Call { args, .. } => stack.extend(args.iter().rev()),
                ExprKind::Unary { operand, .. } => stack.push(operand),
                ExprKind::If { cond, then_branch, else_branch } => {
                    stack.extend([&**else_branch, &**then_branch, &**cond]);
                }
                ExprKind::Let { bindings, body } => {
                    stack.push(body);
                    stack.extend(bindings.iter().rev().map(|(_, value)| value));
                }
                ExprKind::ApplyToEach { body, generators, filter } => {
                    stack.push(body);
                    stack.extend(filter.as_deref());
                    stack.extend(generators.iter().rev().map(|g| &g.seq));
                }
                ExprKind::Lambda(def) => {
                    let id = FnId(self.functions.len() as u32);
                    // Numbered in the order they are written, so that each
                    // has its own name in the typed program.
                    let number = self.lambdas.len() + 1;
                    self.functions.push(FunctionDecl {
                        name: format!("{}_{number}", def.name.name),
                        name_span: def.name.span,
                        span: expr.span,
                        role,
                        def,
                        globals_visible: self.globals.len() as u32,
                        position,
                        epoch: 0,
                    });
                    self.lambdas.insert(expr.span, id);
                    stack.extend(def.body.iter());
                }
            }
        }
    }

    /// The anonymous function written at `span`.
    pub fn lambda_at(&self, span: Span) -> Option<FnId> {
        self.lambdas.get(&span).copied()
    }

    /// Whether a function is anonymous.
    pub fn is_lambda(&self, id: FnId) -> bool {
        self.lambdas.get(&self.function(id).span) == Some(&id)
    }

    fn define(&mut self, role: FileRole, name: &Ident, what: Callable, diags: &mut Vec<Diagnostic>) {
        let table = &mut self.callables[role.index()];
        if let Some(previous) = table.get(&name.name) {
            let previous_span = match *previous {
                Callable::Function(f) => self.functions[f.0 as usize].name_span,
                Callable::Constructor(d) => self.datatypes[d.0 as usize].name_span,
            };
            diags.push(
                Diagnostic::new(ErrorClass::Name, format!("duplicate definition of `{}`", name.name))
                    .with_primary(name.span, "defined again here")
                    .with_secondary(previous_span, "first defined here")
                    .with_help("rename one of the two definitions"),
            );
            return;
        }
        table.insert(name.name.clone(), what);
    }

    pub fn function(&self, id: FnId) -> &FunctionDecl<'ast> {
        &self.functions[id.0 as usize]
    }

    pub fn datatype(&self, id: DatatypeId) -> &DatatypeDecl<'ast> {
        &self.datatypes[id.0 as usize]
    }

    /// A function or constructor as seen from code of file `role`.
    pub fn callable(&self, name: &str, role: FileRole) -> Option<Callable> {
        if let Some(internal) = name.strip_prefix('!') {
            // An escape to NESL's internal library that the parser
            // accepted: the prelude's `__` function of that name.
            let private = format!("__{}", internal.replace('-', "_"));
            return self.callables[FileRole::Prelude.index()].get(&private).copied();
        }
        let own = self.callables[role.index()].get(name).copied();
        match role {
            FileRole::Prelude => own,
            FileRole::User if own.is_some() => own,
            FileRole::User if is_private_name(name) => None,
            FileRole::User => self.callables[FileRole::Prelude.index()].get(name).copied(),
        }
    }

    /// What `name` means in a body of the file of `role` resolved in
    /// `epoch` (note [redefinition]): a function of the user's file defined
    /// more than once means its definition current in that epoch (so a
    /// redefinition's body calls itself), and a function whose meaning
    /// depends on the epoch means its copy for that epoch.
    pub fn callable_at(&self, name: &str, role: FileRole, epoch: usize) -> Option<Callable> {
        if role == FileRole::User
            && let Some(f) = self.user_function_in_epoch(name, epoch)
        {
            let f = self.epoch_copies.get(&(f, epoch)).copied().unwrap_or(f);
            return Some(Callable::Function(f));
        }
        self.callable(name, role)
    }

    /// A prelude function, looked up in the prelude's own scope (for
    /// operators that the prelude implements).
    pub fn library_function(&self, name: &str) -> Option<FnId> {
        match self.callables[FileRole::Prelude.index()].get(name) {
            Some(Callable::Function(f)) => Some(*f),
            _ => None,
        }
    }

    /// A datatype, by its type name, as seen from code of file `role`.
    pub fn datatype_named(&self, name: &str, role: FileRole) -> Option<DatatypeId> {
        match self.callable(name, role) {
            Some(Callable::Constructor(d)) => Some(d),
            _ => None,
        }
    }

    /// A primitive as seen from code of file `role`.
    pub fn prim(&self, name: &str, role: FileRole) -> Option<Prim> {
        let prim = *self.prims.get(name)?;
        if role == FileRole::User && prim.is_library_only() {
            return None;
        }
        Some(prim)
    }

    /// The latest global called `name` among the first `visible` globals.
    pub fn global(&self, name: &str, visible: u32) -> Option<GlobalId> {
        let ids = self.globals_by_name.get(name)?;
        let count = ids.partition_point(|g| g.0 < visible);
        count.checked_sub(1).map(|i| ids[i])
    }

    /// Every name of the function namespace visible from file `role`, for
    /// "did you mean" suggestions.
    pub fn callable_names(&self, role: FileRole) -> Vec<&str> {
        let mut names: Vec<&str> = self.callables[role.index()].keys().map(String::as_str).collect();
        if role == FileRole::User {
            names.extend(
                self.callables[FileRole::Prelude.index()].keys().map(String::as_str).filter(|n| !is_private_name(n)),
            );
        }
        names.extend(
            self.prims.iter().filter(|(_, p)| role == FileRole::Prelude || !p.is_library_only()).map(|(n, _)| *n),
        );
        names
    }

    /// The constructors visible from file `role`.
    pub fn constructor_names(&self, role: FileRole) -> Vec<&str> {
        let mut names = Vec::new();
        for table in [&self.callables[role.index()], &self.callables[FileRole::Prelude.index()]] {
            for (name, what) in table {
                if matches!(what, Callable::Constructor(_)) && self.datatype_named(name, role).is_some() {
                    names.push(name.as_str());
                }
            }
        }
        names
    }

    /// The names of the first `visible` globals.
    pub fn global_names(&self, visible: u32) -> impl Iterator<Item = &str> {
        self.globals[..(visible as usize).min(self.globals.len())].iter().map(|g| g.name.as_str())
    }

    /// The names of the nullary primitives (usable as variables).
    pub fn constant_names(&self, role: FileRole) -> Vec<&str> {
        self.prims
            .iter()
            .filter(|(_, p)| !p.info().signature.contains("->") && (role == FileRole::Prelude || !p.is_library_only()))
            .map(|(n, _)| *n)
            .collect()
    }
}

/// The names that the expressions use as a function or a variable (a
/// superset of the functions they call or pass), each once.
fn mentioned_names(roots: Vec<&Expr>) -> Vec<String> {
    let mut names = std::collections::BTreeSet::new();
    let mut stack = roots;
    while let Some(expr) = stack.pop() {
        match &expr.kind {
            ExprKind::Int(_)
            | ExprKind::Float(_)
            | ExprKind::Bool(_)
            | ExprKind::Char(_)
            | ExprKind::String(_)
            | ExprKind::EmptySeq(_) => {}
            ExprKind::Var(ident) => {
                names.insert(ident.name.clone());
            }
            ExprKind::Pair(a, b) | ExprKind::Index { seq: a, index: b } => stack.extend([&**b, &**a]),
            ExprKind::Binary { lhs, rhs, .. } => stack.extend([&**rhs, &**lhs]),
            ExprKind::Seq(elems) => stack.extend(elems.iter()),
            ExprKind::Range { start, end, stride } => {
                stack.extend(stride.as_deref());
                stack.extend([&**end, &**start]);
            }
            ExprKind::Call { func, args } => {
                names.insert(func.name.clone());
                stack.extend(args.iter());
            }
            ExprKind::Unary { operand, .. } => stack.push(operand),
            ExprKind::If { cond, then_branch, else_branch } => {
                stack.extend([&**else_branch, &**then_branch, &**cond]);
            }
            ExprKind::Let { bindings, body } => {
                stack.push(body);
                stack.extend(bindings.iter().map(|(_, value)| value));
            }
            ExprKind::ApplyToEach { body, generators, filter } => {
                stack.push(body);
                stack.extend(filter.as_deref());
                stack.extend(generators.iter().map(|g| &g.seq));
            }
            ExprKind::Lambda(def) => stack.extend(def.body.iter()),
        }
    }
    names.into_iter().collect()
}

/// The variables a pattern binds, left to right (with repetitions).
pub(crate) fn pattern_variables(pattern: &Pattern) -> Vec<&Ident> {
    let mut out = Vec::new();
    let mut stack = vec![pattern];
    while let Some(p) = stack.pop() {
        match &p.kind {
            PatternKind::Var(ident) => out.push(ident),
            PatternKind::Pair(a, b) => {
                stack.push(b);
                stack.push(a);
            }
            PatternKind::Constructor { fields, .. } => stack.extend(fields.iter().rev()),
        }
    }
    out
}
