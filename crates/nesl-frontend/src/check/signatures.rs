//! Types as written, turned into the checker's types: primitive signatures,
//! datatype declarations, declared function signatures, and the type of an
//! empty sequence `[] t`.
//!
//! A type expression is a name, `[t]` or `(t1, t2)`. A name is, in this
//! order: a base type (`int`, `float`, `bool`, `char`), a datatype visible
//! from the file, or a type variable. What a type variable means depends on
//! where it is written:
//! - in a **primitive's signature** and in a **declared function signature**,
//!   any other name is a type variable, restricted by the signature's
//!   `:: (a in class; ...)` constraints (`any` when unconstrained). In a
//!   declared signature it is *rigid*: see [`crate::check::unify`];
//! - in a **datatype declaration**, the type variables of the field types
//!   are the datatype's parameters, in order of first appearance (so
//!   `datatype pair_of(a, a) :: (a in number)` has one parameter, and
//!   `datatype tagged(b, a)` has parameters `b`, `a`);
//! - in `[] t`, a type variable must be one of the enclosing function's
//!   signature (anything else is reported as an unknown type).
//!
//! NESL's type syntax has no way to write the arguments of a polymorphic
//! datatype. A polymorphic datatype's bare name in a signature or in `[] t`
//! stands for the datatype applied to fresh, inferred types (with its
//! classes); such a signature is *incomplete*: it fixes only part of the
//! function's type. In another datatype's fields a polymorphic datatype
//! cannot be named. Recursive datatypes (a datatype among its own fields,
//! directly or through others) are not supported.

use std::collections::HashMap;
use std::rc::Rc;

use crate::builtins::{PRIMS, Prim};
use crate::check::scc;
use crate::check::scope::{FileRole, Scope};
use crate::check::suggest::did_you_mean;
use crate::check::type_store::{ClassOrigin, DatatypeId, DatatypeNames, RigidVar, TypeId, TypeStore, VarId};
use crate::diagnostic::{Diagnostic, ErrorClass};
use crate::source::{FileId, Span};
use crate::syntax::ast::{ClassConstraint, Ident, TypeExpr, TypeExprKind, TypeSignature};
use crate::types::TypeClass;

/// A polymorphic type `forall vars. (params) -> result`. The quantified
/// variables are unbound variables of the store that no unification ever
/// touches again: a use of the scheme works on a copy
/// ([`Scheme::instantiate`]).
#[derive(Clone, Debug)]
pub(crate) struct Scheme {
    /// In order of first appearance in the parameter types, then the result.
    pub vars: Vec<VarId>,
    pub params: Vec<TypeId>,
    pub result: TypeId,
}

/// A scheme at one use: fresh variables for the quantified ones.
pub(crate) struct Instance {
    /// The fresh types, one per quantified variable, in the scheme's order.
    pub type_args: Vec<TypeId>,
    pub params: Vec<TypeId>,
    pub result: TypeId,
}

impl Scheme {
    /// The scheme of a function type whose free variables are all
    /// quantified.
    pub fn generalise(store: &mut TypeStore, params: Vec<TypeId>, result: TypeId) -> Scheme {
        let mut vars = Vec::new();
        for p in &params {
            store.free_vars_into(*p, &mut vars);
        }
        store.free_vars_into(result, &mut vars);
        Scheme { vars, params, result }
    }

    /// Copies the scheme with fresh variables of the same classes. A class
    /// restriction of a fresh variable is attributed to `origin` (the use).
    pub fn instantiate(&self, store: &mut TypeStore, origin: impl FnOnce() -> ClassOrigin) -> Instance {
        let mut origin = Some(origin);
        let mut shared_origin: Option<Rc<ClassOrigin>> = None;
        let mut map = HashMap::with_capacity(self.vars.len());
        let mut type_args = Vec::with_capacity(self.vars.len());
        for &var in &self.vars {
            let class = store.var(var).class;
            let var_origin = if class == TypeClass::Any {
                None
            } else {
                if shared_origin.is_none() {
                    shared_origin = origin.take().map(|f| Rc::new(f()));
                }
                shared_origin.clone()
            };
            let fresh = store.fresh_var(class, var_origin);
            map.insert(var, fresh);
            type_args.push(fresh);
        }
        let params = self.params.iter().map(|p| store.substitute(*p, &map)).collect();
        let result = store.substitute(self.result, &map);
        Instance { type_args, params, result }
    }
}

/// A primitive's type.
pub(crate) struct PrimScheme {
    pub scheme: Scheme,
    /// A nullary constant (`pi`), used as a variable, not called.
    pub is_constant: bool,
}

/// A datatype's constructor: `scheme` is `(fields) -> name(params)`.
pub(crate) struct DatatypeInfo {
    pub scheme: Scheme,
    /// Where each field type is written.
    pub field_spans: Vec<Span>,
    /// False when the declaration had an error; the datatype is then not
    /// used for anything but name resolution.
    pub is_valid: bool,
}

impl DatatypeInfo {
    pub fn is_polymorphic(&self) -> bool {
        !self.scheme.vars.is_empty()
    }
}

/// A declared signature of a function, converted.
pub(crate) struct Signature {
    pub params: Vec<TypeId>,
    pub result: TypeId,
    pub param_spans: Vec<Span>,
    pub result_span: Span,
    /// The signature's (rigid) type variables by name.
    pub variables: HashMap<String, TypeId>,
    /// Whether the signature fixes the whole type of the function (it names
    /// no polymorphic datatype, whose arguments would be left to inference).
    /// Calls of a function with a complete signature use the declared
    /// scheme, even from within its recursive group.
    pub is_complete: bool,
    pub scheme: Scheme,
}

const BASE_TYPES: [&str; 4] = ["int", "float", "bool", "char"];

fn base_type(name: &str) -> Option<TypeId> {
    match name {
        "int" => Some(TypeStore::INT),
        "float" => Some(TypeStore::FLOAT),
        "bool" => Some(TypeStore::BOOL),
        "char" => Some(TypeStore::CHAR),
        _ => None,
    }
}

/// Converts a type expression. `datatype` decides what a datatype's name
/// means, `variable` what any other unknown name means.
pub(crate) fn convert_type(
    store: &mut TypeStore,
    scope: &Scope,
    role: FileRole,
    ty: &TypeExpr,
    datatype: &mut dyn FnMut(&mut TypeStore, DatatypeId, &Ident) -> TypeId,
    variable: &mut dyn FnMut(&mut TypeStore, &Ident) -> TypeId,
) -> TypeId {
    match &ty.kind {
        TypeExprKind::Name(ident) => {
            if let Some(t) = base_type(&ident.name) {
                t
            } else if let Some(d) = scope.datatype_named(&ident.name, role) {
                datatype(store, d, ident)
            } else {
                variable(store, ident)
            }
        }
        TypeExprKind::Seq(elem) => {
            let elem = convert_type(store, scope, role, elem, datatype, variable);
            store.seq(elem)
        }
        TypeExprKind::Pair(a, b) => {
            let a = convert_type(store, scope, role, a, datatype, variable);
            let b = convert_type(store, scope, role, b, datatype, variable);
            store.pair(a, b)
        }
    }
}

/// A datatype named in a signature or in `[] t`: a monomorphic one is
/// itself, a polymorphic one is applied to fresh types. Sets
/// `*is_complete` to false in the second case.
pub(crate) fn datatype_reference(
    store: &mut TypeStore,
    datatypes: &[DatatypeInfo],
    datatype: DatatypeId,
    name: &Ident,
    is_complete: &mut bool,
) -> TypeId {
    let info = &datatypes[datatype.0 as usize];
    if !info.is_polymorphic() {
        return store.data(datatype, Vec::new());
    }
    *is_complete = false;
    let instance = info
        .scheme
        .instantiate(store, || ClassOrigin { what: format!("the datatype `{}`", name.name), span: name.span });
    store.data(datatype, instance.type_args)
}

/// Reads `:: (a in number; ...)` into a map from variable name to its class
/// and the constraint's span.
fn read_constraints(
    constraints: &[ClassConstraint],
    diags: &mut Vec<Diagnostic>,
) -> HashMap<String, (TypeClass, Span)> {
    let mut classes: HashMap<String, (TypeClass, Span)> = HashMap::new();
    for constraint in constraints {
        let Some(class) = TypeClass::from_name(&constraint.class.name) else {
            let names = ["number", "ordinal", "logical", "any"];
            let mut diag = Diagnostic::new(ErrorClass::Name, format!("unknown type class `{}`", constraint.class.name))
                .with_primary(constraint.class.span, "not a type class");
            diag = match did_you_mean(&constraint.class.name, names.iter().copied()) {
                Some(s) => {
                    diag.with_help(format!("did you mean `{s}`? The classes are number, ordinal, logical and any"))
                }
                None => diag.with_help("the classes are number, ordinal, logical and any"),
            };
            diags.push(diag);
            continue;
        };
        if let Some((_, previous)) = classes.get(&constraint.var.name) {
            diags.push(
                Diagnostic::new(
                    ErrorClass::Name,
                    format!("the type variable `{}` is constrained twice", constraint.var.name),
                )
                .with_primary(constraint.span, "constrained again here")
                .with_secondary(*previous, "first constrained here"),
            );
            continue;
        }
        if BASE_TYPES.contains(&constraint.var.name.as_str()) {
            diags.push(
                Diagnostic::new(ErrorClass::Type, format!("`{}` is a type, not a type variable", constraint.var.name))
                    .with_primary(constraint.var.span, "only type variables can be constrained"),
            );
            continue;
        }
        classes.insert(constraint.var.name.clone(), (class, constraint.span));
    }
    classes
}

/// The schemes of all primitives, indexed by `Prim as usize`. A signature
/// that does not parse is a bug in `builtins.rs`, reported as an internal
/// error (the primitive is then unusable).
pub(crate) fn prim_schemes(store: &mut TypeStore, diags: &mut Vec<Diagnostic>) -> Vec<Option<PrimScheme>> {
    PRIMS
        .iter()
        .map(|info| {
            // Builtin signatures have no file; their spans are never shown.
            let signature = match crate::syntax::parse_type_signature(info.signature, FileId(0)) {
                Ok(sig) => sig,
                Err(error) => {
                    diags.push(Diagnostic::new(
                        ErrorClass::Type,
                        format!(
                            "internal compiler error: the signature of primitive `{}` (`{}`) does not parse: {}",
                            info.names[0], info.signature, error.message
                        ),
                    ));
                    return None;
                }
            };
            let is_constant = !info.signature.contains("->");
            Some(PrimScheme { scheme: generic_scheme(store, &signature, diags), is_constant })
        })
        .collect()
}

/// The scheme of a builtin signature: every type variable is quantified,
/// with its constrained class.
fn generic_scheme(store: &mut TypeStore, sig: &TypeSignature, diags: &mut Vec<Diagnostic>) -> Scheme {
    let classes = read_constraints(&sig.constraints, diags);
    let mut vars: HashMap<String, TypeId> = HashMap::new();
    let mut variable = |store: &mut TypeStore, ident: &Ident| {
        *vars.entry(ident.name.clone()).or_insert_with(|| {
            let class = classes.get(&ident.name).map_or(TypeClass::Any, |c| c.0);
            store.fresh_var(class, None)
        })
    };
    let params: Vec<TypeId> = sig.params.iter().map(|p| convert_builtin_type(store, p, &mut variable)).collect();
    let result = convert_builtin_type(store, &sig.result, &mut variable);
    Scheme::generalise(store, params, result)
}

/// [`convert_type`] without a scope (primitive signatures name no
/// datatypes): every non-base name is a variable.
fn convert_builtin_type(
    store: &mut TypeStore,
    ty: &TypeExpr,
    variable: &mut dyn FnMut(&mut TypeStore, &Ident) -> TypeId,
) -> TypeId {
    match &ty.kind {
        TypeExprKind::Name(ident) => base_type(&ident.name).unwrap_or_else(|| variable(store, ident)),
        TypeExprKind::Seq(elem) => {
            let elem = convert_builtin_type(store, elem, variable);
            store.seq(elem)
        }
        TypeExprKind::Pair(a, b) => {
            let a = convert_builtin_type(store, a, variable);
            let b = convert_builtin_type(store, b, variable);
            store.pair(a, b)
        }
    }
}

/// Converts every datatype declaration of both files (see the module doc),
/// returning one [`DatatypeInfo`] per datatype of the scope.
pub(crate) fn declare_datatypes(
    store: &mut TypeStore,
    scope: &Scope,
    diags: &mut Vec<Diagnostic>,
) -> Vec<DatatypeInfo> {
    // Phase 1: each datatype's parameters, found syntactically, so that a
    // reference to another datatype knows whether that one is polymorphic.
    let mut parameters: Vec<Vec<(String, TypeId)>> = Vec::with_capacity(scope.datatypes.len());
    for decl in &scope.datatypes {
        let classes = read_constraints(&decl.def.constraints, diags);
        let mut params: Vec<(String, TypeId)> = Vec::new();
        let mut stack: Vec<&TypeExpr> = decl.def.fields.iter().rev().collect();
        while let Some(ty) = stack.pop() {
            match &ty.kind {
                TypeExprKind::Name(ident) => {
                    let name = &ident.name;
                    let is_type = base_type(name).is_some() || scope.datatype_named(name, decl.role).is_some();
                    if !is_type && !params.iter().any(|(n, _)| n == name) {
                        let (class, origin) = match classes.get(name) {
                            Some(&(class, span)) => (
                                class,
                                Some(Rc::new(ClassOrigin { what: format!("the datatype `{}`", decl.name), span })),
                            ),
                            None => (TypeClass::Any, None),
                        };
                        params.push((name.clone(), store.fresh_var(class, origin)));
                    }
                }
                TypeExprKind::Seq(elem) => stack.push(elem),
                TypeExprKind::Pair(a, b) => {
                    stack.push(b);
                    stack.push(a);
                }
            }
        }
        for constraint in &decl.def.constraints {
            if classes.contains_key(&constraint.var.name) && !params.iter().any(|(n, _)| *n == constraint.var.name) {
                diags.push(
                    Diagnostic::new(
                        ErrorClass::Name,
                        format!("`{}` is not a parameter of the datatype `{}`", constraint.var.name, decl.name),
                    )
                    .with_primary(constraint.var.span, "not used in the fields")
                    .with_help("a datatype's type variables are those its fields mention"),
                );
            }
        }
        parameters.push(params);
    }

    // Phase 2: the field types; phase 3: recursive datatypes.
    let mut infos = Vec::with_capacity(scope.datatypes.len());
    let mut references: Vec<Vec<usize>> = Vec::with_capacity(scope.datatypes.len());
    for (index, decl) in scope.datatypes.iter().enumerate() {
        let mut is_valid = true;
        let mut refs = Vec::new();
        let params = &parameters[index];
        let mut fields = Vec::with_capacity(decl.def.fields.len());
        for field in &decl.def.fields {
            let mut datatype = |store: &mut TypeStore, d: DatatypeId, ident: &Ident| {
                refs.push(d.0 as usize);
                if parameters[d.0 as usize].is_empty() {
                    store.data(d, Vec::new())
                } else {
                    diags.push(
                        Diagnostic::new(
                            ErrorClass::Unsupported,
                            format!("the polymorphic datatype `{}` cannot be a field of another datatype", ident.name),
                        )
                        .with_primary(ident.span, "polymorphic datatype")
                        .with_help("NESL's type syntax cannot give its type arguments here"),
                    );
                    is_valid = false;
                    store.fresh()
                }
            };
            let mut variable = |store: &mut TypeStore, ident: &Ident| {
                params.iter().find(|(n, _)| *n == ident.name).map_or_else(|| store.fresh(), |(_, t)| *t)
            };
            fields.push(convert_type(store, scope, decl.role, field, &mut datatype, &mut variable));
        }
        references.push(refs);
        let args: Vec<TypeId> = params.iter().map(|(_, t)| *t).collect();
        let vars = args.iter().filter_map(|t| store.as_var(*t)).collect();
        let result = store.data(DatatypeId(index as u32), args);
        infos.push(DatatypeInfo {
            scheme: Scheme { vars, params: fields, result },
            field_spans: decl.def.fields.iter().map(|f| f.span).collect(),
            is_valid,
        });
    }
    for component in scc::strongly_connected_components(&references) {
        if scc::is_cyclic(&component, &references) {
            for &index in &component {
                let decl = &scope.datatypes[index];
                infos[index].is_valid = false;
                diags.push(
                    Diagnostic::new(
                        ErrorClass::Unsupported,
                        format!("the datatype `{}` contains itself; recursive datatypes are not supported", decl.name),
                    )
                    .with_primary(decl.name_span, "recursive datatype"),
                );
            }
        }
    }
    infos
}

/// Converts the declared signature of the function `function` (with
/// `param_count` parameters). Its type variables become rigid variables.
#[allow(clippy::too_many_arguments)]
pub(crate) fn convert_signature(
    store: &mut TypeStore,
    scope: &Scope,
    datatypes: &[DatatypeInfo],
    role: FileRole,
    function: &str,
    param_count: usize,
    sig: &TypeSignature,
    diags: &mut Vec<Diagnostic>,
) -> Signature {
    let classes = read_constraints(&sig.constraints, diags);
    let mut variables: HashMap<String, TypeId> = HashMap::new();
    let mut is_complete = true;
    let mut variable = |store: &mut TypeStore, ident: &Ident| {
        *variables.entry(ident.name.clone()).or_insert_with(|| {
            let (class, origin) = match classes.get(&ident.name) {
                Some(&(class, span)) => {
                    (class, Some(Rc::new(ClassOrigin { what: format!("the signature of `{function}`"), span })))
                }
                None => (TypeClass::Any, None),
            };
            store.rigid_var(
                class,
                origin,
                RigidVar { name: ident.name.clone(), span: ident.span, function: function.to_string() },
            )
        })
    };
    let mut datatype = |store: &mut TypeStore, d: DatatypeId, ident: &Ident| {
        datatype_reference(store, datatypes, d, ident, &mut is_complete)
    };
    let params: Vec<TypeId> =
        sig.params.iter().map(|p| convert_type(store, scope, role, p, &mut datatype, &mut variable)).collect();
    let result = convert_type(store, scope, role, &sig.result, &mut datatype, &mut variable);
    if sig.params.len() != param_count {
        diags.push(
            Diagnostic::new(
                ErrorClass::Arity,
                format!(
                    "the signature of `{function}` declares {}, but the definition has {}",
                    count(sig.params.len(), "parameter"),
                    count(param_count, "parameter")
                ),
            )
            .with_primary(sig.span, format!("{} declared", count(sig.params.len(), "parameter"))),
        );
    }
    let scheme = Scheme::generalise(store, params.clone(), result);
    Signature {
        params,
        result,
        param_spans: sig.params.iter().map(|p| p.span).collect(),
        result_span: sig.result.span,
        variables,
        is_complete,
        scheme,
    }
}

/// "1 argument", "3 arguments".
pub(crate) fn count(n: usize, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

/// Datatype names for the type printer.
pub(crate) struct ScopeNames<'a, 'ast>(pub &'a Scope<'ast>);

impl DatatypeNames for ScopeNames<'_, '_> {
    fn datatype_name(&self, id: DatatypeId) -> &str {
        &self.0.datatype(id).name
    }

    fn function_name(&self, id: crate::check::ir::FnId) -> &str {
        &self.0.function(id).name
    }
}

/// The NESL signature text of a primitive, for help lines.
pub(crate) fn prim_signature_text(prim: Prim) -> String {
    let info = prim.info();
    format!("`{}` has type `{}`", info.names[0], info.signature)
}
