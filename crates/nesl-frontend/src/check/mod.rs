//! # The checker: names, types, instances
//!
//! **In:** the parsed prelude and the parsed user file ([`Module`]s).
//! **Out:** the typed, monomorphic [`Program`] of `tast` (every expression
//! typed with a concrete [`crate::Type`], every polymorphic function
//! instantiated at the types it is used at, all sugar removed), or the
//! user's mistakes as [`Diagnostic`]s, sorted by position.
//!
//! ## Passes, in order (one file each)
//! 1. [`scope`]: what each file defines (functions, datatypes, globals) and
//!    the visibility rules: the prelude sees primitives and itself; the
//!    user's file sees primitives, the prelude (but not its `__` names) and
//!    itself, its own definitions shadowing builtins; globals are
//!    sequential. Duplicate definitions are reported here.
//! 2. [`signatures`]: types as written — the primitives' signatures from
//!    `builtins.rs`, datatype declarations (parameters are the type
//!    variables of the fields, in order of first appearance), declared
//!    function signatures (whose variables are *rigid*).
//! 3. [`resolve`]: every body to the resolved IR of [`ir`]: names bound,
//!    operators, ranges, indexing, multi-binding `let`s, `time` and
//!    constructors desugared. Unbound or misused names, wrong numbers of
//!    arguments and unsupported builtins are reported here, with "did you
//!    mean" suggestions from [`suggest`].
//! 4. [`infer`]: Hindley–Milner inference over the resolved IR, by strongly
//!    connected components of the call graph ([`scc`]), with NESL's type
//!    classes; unification lives in [`unify`] over the union–find arena of
//!    [`type_store`]. Declared signatures are checked; each top-level form
//!    is checked in program order. The result is a set of side tables
//!    ([`infer::Typing`]); the resolved IR is never mutated.
//! 5. [`monomorphise`]: from the top-level forms, every reachable function
//!    at every type it is used at, emitted into the `tast` arena; functions
//!    are ordered callees first (except within a recursive group).
//! 6. [`crate::tast::verify`] re-checks the result in debug builds.
//!
//! ## Type-system decisions
//! - **Let-polymorphism for top-level functions only.** A `let`-bound
//!   variable, a parameter and a generator variable have one type each (as
//!   in NESL 3.1, where only functions have type schemes).
//! - **Classes.** A unification variable is restricted to a class (`any`
//!   unless a primitive's or function's signature says otherwise); binding
//!   it checks membership, and two variables meet their classes —
//!   `number ∩ logical` and `ordinal ∩ logical` leave only `int`, so the
//!   variables become `int`. Literals are monomorphic: `1` is `int`, `1.0`
//!   is `float`.
//! - **Defaulting.** A type variable left ambiguous (in no scheme and fixed
//!   by nothing) becomes `int`, which every class contains: at the end of a
//!   top-level binding for the globals it binds, and during
//!   monomorphisation for everything else.
//! - **Signatures.** A declared signature fixes the function's type: its
//!   variables are rigid, so the body may neither make one concrete, nor
//!   equate two of them, nor require a smaller class of one than declared
//!   (each is a diagnostic naming the variable and pointing at the
//!   signature). A signature may be more specific than what the body would
//!   allow (`int -> int` for the identity); it then becomes the function's
//!   scheme. Calls of a function with a complete signature use it even from
//!   within the function's recursive group.
//! - **Datatypes.** `datatype point(float, float);` declares a type and its
//!   constructor `point : (float, float) -> point`; type variables in the
//!   fields are the datatype's parameters in order of first appearance,
//!   restricted by its `::` constraints. Recursive datatypes are not
//!   supported.
//! - **n-ary.** A function of n parameters is called with n arguments, or
//!   with arguments that fit them as NESL's tuples do (see
//!   `Resolver::fit_arguments`), and its signature lists n parameter types.
//! - **Function values** (note [function values]). As in NESL 3.1, a
//!   function may be passed as an argument, bound by `let`, or written
//!   anonymously (`(s, v) => e`); a variable of function type is called as
//!   `g(x)`. Its type is `Func { ident, arg, result }` (NESL's
//!   `(function id result arg)`): `arg` is the tuple of the parameters, and
//!   `ident` names the function itself ([`type_store::TypeNode::FnName`]),
//!   so two different functions have different types (`if c then f else g`
//!   is a type error, as in NESL). A parameter's `ident` is a type
//!   variable like any other: the function taking it is polymorphic in it,
//!   and monomorphisation makes one instance per function passed
//!   (`twice<inc, int>`), in which the parameter is erased and its calls
//!   call the function directly; a `let` of a function is erased the same
//!   way. No closure exists at run time, so flattening and the GPU see
//!   only first-order code. Not supported yet (each a diagnostic): a
//!   function value inside a pair, a sequence, a result or a global; an
//!   anonymous function using a local of the code around it (a closure).
//!   A builtin primitive used as a value (`reduce_with(max, s)`) is its
//!   wrapper of the prelude, `__value_max`, a function like any other.
//!
//! ## Errors
//! Name errors are all reported; type errors stop the function or form they
//! are in (the next one is still checked). A function with errors is given
//! a fresh type wherever it is called, so that its callers report nothing
//! that follows from its mistake. Nothing here panics on any tree the parser
//! can produce: nesting is bounded ([`resolve::MAX_NESTING`]), long `let`
//! chains are walked without recursion, and the size of types is bounded
//! ([`infer::MAX_TYPE_SIZE`]: `(x, x)` doubles a type, so ten lines could
//! otherwise ask for more memory than there is).
//!
//! ## Where to start reading
//! [`check_program`] below chains the passes; then [`infer`], whose module
//! doc explains the order of inference, and [`unify`] for the class rules.

// The essay links the private passes; `cargo doc --document-private-items`
// renders them.
#![allow(rustdoc::private_intra_doc_links)]

mod infer;
mod ir;
pub mod monomorphise;
mod resolve;
mod scc;
mod scope;
mod signatures;
mod suggest;
mod type_store;
mod unify;

use crate::diagnostic::{Diagnostic, ErrorClass};
use crate::source::SourceMap;
use crate::syntax::ast::Module;
use crate::tast::Program;

/// Checks the prelude and the user's module together and returns the typed,
/// monomorphic program of the user's top-level forms.
pub fn check_program(sources: &SourceMap, prelude: &Module, user: &Module) -> Result<Program, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let mut store = type_store::TypeStore::new();
    let prims = signatures::prim_schemes(&mut store, &mut diags);
    let scope = scope::Scope::collect(prelude, user, &mut diags);
    let datatypes = signatures::declare_datatypes(&mut store, &scope, &mut diags);
    let resolved = resolve::resolve_program(&scope, &prims, &datatypes, user, &mut store, &mut diags);
    let typing = infer::infer_program(&scope, &resolved, &prims, &datatypes, &mut store, &mut diags);
    if !diags.is_empty() {
        return Err(sorted(diags));
    }
    let program = monomorphise::monomorphise(&scope, &resolved, &typing, &datatypes, &mut store).map_err(sorted)?;
    if cfg!(debug_assertions)
        && let Err(error) = crate::tast::verify(&program)
    {
        let location = error.span.map_or_else(String::new, |s| format!(" at {}", sources.location(s)));
        let mut diag = Diagnostic::new(
            ErrorClass::Type,
            format!("internal compiler error: the typed program is invalid{location}: {}", error.message),
        );
        if let Some(span) = error.span {
            diag = diag.with_primary(span, "while checking this");
        }
        return Err(vec![diag]);
    }
    Ok(program)
}

/// Diagnostics in source order (by file, then position), so that the
/// output does not depend on the order of the passes; each once (a function
/// copied for a later epoch, note [redefinition] in `scope.rs`, reports its
/// body's mistakes again).
pub(crate) fn sorted(mut diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    diags.sort_by_key(|d| d.primary_span().map(|s| (s.file, s.lo, s.hi)));
    let mut seen = std::collections::HashSet::new();
    diags.retain(|d| seen.insert((d.primary_span().map(|s| (s.file, s.lo, s.hi)), d.message.clone())));
    diags
}
