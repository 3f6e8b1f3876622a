//! The checker's types: terms over unification variables, kept in one arena.
//!
//! A [`TypeId`] names a node of the [`TypeStore`]; a node is a base type, a
//! constructed type whose children are again [`TypeId`]s, or a variable.
//! A variable is a union–find slot ([`VarInfo::binding`]): once bound it
//! stands for the type it is bound to, and [`TypeStore::resolve`] follows
//! the chain (compressing it) to the representative. Nothing is ever
//! substituted into a term, so unifying is near-linear however many
//! functions there are.
//!
//! Variables carry the NESL type class they are restricted to
//! ([`VarInfo::class`], `any` by default) and, for the variables of a
//! declared signature, the fact that they are *rigid*
//! ([`VarInfo::rigid`]): the body may not choose a type for them. The rules
//! for combining these are in [`crate::check::unify`].
//!
//! Types are printed for diagnostics by [`TypePrinter`], in NESL syntax,
//! naming variables `a`, `b`, ... in order of appearance within one message
//! and showing their class when it is not `any` (`[a (number)]`).

use std::collections::HashMap;
use std::rc::Rc;

use crate::check::ir::FnId;
use crate::source::Span;
use crate::types::TypeClass;

/// A node of the [`TypeStore`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct TypeId(u32);

/// A unification variable of the [`TypeStore`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct VarId(u32);

/// A datatype declaration (user or prelude), indexing
/// [`crate::check::scope::Scope::datatypes`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct DatatypeId(pub u32);

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum TypeNode {
    Int,
    Float,
    Bool,
    Char,
    Seq(TypeId),
    Pair(TypeId, TypeId),
    /// A datatype applied to its parameters (none for a monomorphic one).
    Data(DatatypeId, Rc<[TypeId]>),
    /// A function value (NESL 3.1's `(function id result arg)`): which
    /// function it is (a [`TypeNode::FnName`] or a variable), the tuple of
    /// its parameters (right-nested pairs; the one parameter's type when
    /// there is one) and its result. See note [function values] in
    /// `check/mod.rs`.
    Func {
        ident: TypeId,
        arg: TypeId,
        result: TypeId,
    },
    /// The identity of one function: the `ident` of a [`TypeNode::Func`].
    /// Two different functions have different types, so a function value
    /// always names the function it is, and monomorphisation specialises
    /// the code that receives it.
    FnName(FnId),
    Var(VarId),
}

/// Where a class restriction came from, for diagnostics: "required by
/// `sum`" with the span of the call.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ClassOrigin {
    /// What imposed the class, as shown to the user (`` `sum` ``,
    /// `` the signature of `f` ``).
    pub what: String,
    pub span: Span,
}

/// A type variable written in a declared signature (or a datatype
/// declaration): the body must work for every type of its class.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RigidVar {
    /// The name as written (`a`).
    pub name: String,
    /// Its first occurrence in the signature.
    pub span: Span,
    /// The function whose signature declares it.
    pub function: String,
}

#[derive(Clone, Debug)]
pub(crate) struct VarInfo {
    /// What the variable stands for, once unification has decided; the
    /// union–find parent pointer.
    pub binding: Option<TypeId>,
    /// The class the variable's eventual type must belong to.
    pub class: TypeClass,
    /// What restricted `class` (absent for `any`).
    pub origin: Option<Rc<ClassOrigin>>,
    /// Present for the variables of declared signatures.
    pub rigid: Option<Rc<RigidVar>>,
    /// The node `Var(this)`.
    pub node: TypeId,
}

/// The arena of type nodes and unification variables.
///
/// Invariant: a node's children were allocated before it, and a variable's
/// binding chain is acyclic (unification's occurs check keeps it so).
pub(crate) struct TypeStore {
    nodes: Vec<TypeNode>,
    vars: Vec<VarInfo>,
    /// While unifying: the previous state of every variable changed, so a
    /// failed unification can be undone (see [`TypeStore::snapshot`]).
    trail: Vec<(VarId, VarInfo)>,
    is_trailing: bool,
}

impl TypeStore {
    pub const INT: TypeId = TypeId(0);
    pub const FLOAT: TypeId = TypeId(1);
    pub const BOOL: TypeId = TypeId(2);
    pub const CHAR: TypeId = TypeId(3);

    pub fn new() -> TypeStore {
        TypeStore {
            nodes: vec![TypeNode::Int, TypeNode::Float, TypeNode::Bool, TypeNode::Char],
            vars: Vec::new(),
            trail: Vec::new(),
            is_trailing: false,
        }
    }

    fn alloc(&mut self, node: TypeNode) -> TypeId {
        let id = TypeId(self.nodes.len() as u32);
        self.nodes.push(node);
        id
    }

    pub fn seq(&mut self, elem: TypeId) -> TypeId {
        self.alloc(TypeNode::Seq(elem))
    }

    pub fn pair(&mut self, a: TypeId, b: TypeId) -> TypeId {
        self.alloc(TypeNode::Pair(a, b))
    }

    pub fn data(&mut self, datatype: DatatypeId, args: Vec<TypeId>) -> TypeId {
        self.alloc(TypeNode::Data(datatype, args.into()))
    }

    pub fn func(&mut self, ident: TypeId, arg: TypeId, result: TypeId) -> TypeId {
        self.alloc(TypeNode::Func { ident, arg, result })
    }

    pub fn fn_name(&mut self, function: FnId) -> TypeId {
        self.alloc(TypeNode::FnName(function))
    }

    /// The right-nested tuple of `types` (`(t1, (t2, t3))`), or the one
    /// type: the argument type of a function value of these parameters.
    /// `None` for no parameters.
    pub fn tuple(&mut self, types: &[TypeId]) -> Option<TypeId> {
        let (&last, init) = types.split_last()?;
        let mut folded = last;
        for &left in init.iter().rev() {
            folded = self.pair(left, folded);
        }
        Some(folded)
    }

    pub fn string(&mut self) -> TypeId {
        self.seq(TypeStore::CHAR)
    }

    /// A fresh flexible variable of class `class`.
    pub fn fresh_var(&mut self, class: TypeClass, origin: Option<Rc<ClassOrigin>>) -> TypeId {
        self.new_var(class, origin, None)
    }

    /// A fresh unrestricted flexible variable.
    pub fn fresh(&mut self) -> TypeId {
        self.new_var(TypeClass::Any, None, None)
    }

    /// A fresh rigid variable: a type variable of a declared signature.
    pub fn rigid_var(&mut self, class: TypeClass, origin: Option<Rc<ClassOrigin>>, rigid: RigidVar) -> TypeId {
        self.new_var(class, origin, Some(Rc::new(rigid)))
    }

    fn new_var(&mut self, class: TypeClass, origin: Option<Rc<ClassOrigin>>, rigid: Option<Rc<RigidVar>>) -> TypeId {
        let var = VarId(self.vars.len() as u32);
        let node = self.alloc(TypeNode::Var(var));
        let origin = if class == TypeClass::Any { None } else { origin };
        self.vars.push(VarInfo { binding: None, class, origin, rigid, node });
        node
    }

    pub fn var(&self, var: VarId) -> &VarInfo {
        &self.vars[var.0 as usize]
    }

    /// Changes a variable, remembering its old state while unifying.
    pub fn set_var(&mut self, var: VarId, info: VarInfo) {
        if self.is_trailing {
            let old = self.vars[var.0 as usize].clone();
            self.trail.push((var, old));
        }
        self.vars[var.0 as usize] = info;
    }

    /// The representative of `ty`: follows variable bindings, compressing
    /// the path so that later look-ups take one step.
    pub fn resolve(&mut self, ty: TypeId) -> TypeId {
        let mut root = ty;
        while let TypeNode::Var(v) = self.nodes[root.0 as usize] {
            match self.vars[v.0 as usize].binding {
                Some(next) => root = next,
                None => break,
            }
        }
        // Path compression: point every variable on the path at the root.
        let mut cur = ty;
        while cur != root {
            let TypeNode::Var(v) = self.nodes[cur.0 as usize] else { break };
            let Some(next) = self.vars[v.0 as usize].binding else { break };
            if next != root {
                let mut info = self.vars[v.0 as usize].clone();
                info.binding = Some(root);
                self.set_var(v, info);
            }
            cur = next;
        }
        root
    }

    /// The node of the representative of `ty`.
    pub fn node(&mut self, ty: TypeId) -> TypeNode {
        let root = self.resolve(ty);
        self.nodes[root.0 as usize].clone()
    }

    /// The node at `ty` itself, without resolving.
    pub fn raw_node(&self, ty: TypeId) -> &TypeNode {
        &self.nodes[ty.0 as usize]
    }

    /// The unbound variable `ty` stands for, if any.
    pub fn as_var(&mut self, ty: TypeId) -> Option<VarId> {
        match self.node(ty) {
            TypeNode::Var(v) => Some(v),
            _ => None,
        }
    }

    /// Whether the unbound variable `var` occurs in `ty`.
    pub fn occurs(&mut self, var: VarId, ty: TypeId) -> bool {
        let mut stack = vec![ty];
        while let Some(t) = stack.pop() {
            match self.node(t) {
                TypeNode::Var(v) => {
                    if v == var {
                        return true;
                    }
                }
                TypeNode::Seq(e) => stack.push(e),
                TypeNode::Pair(a, b) => {
                    stack.push(a);
                    stack.push(b);
                }
                TypeNode::Data(_, args) => stack.extend(args.iter().copied()),
                TypeNode::Func { ident, arg, result } => stack.extend([ident, arg, result]),
                TypeNode::Int | TypeNode::Float | TypeNode::Bool | TypeNode::Char | TypeNode::FnName(_) => {}
            }
        }
        false
    }

    /// Whether `ty`, written out as a tree (shared subterms counted each
    /// time they occur), has at most `limit` nodes. Stops counting at the
    /// limit, so it costs at most `limit` steps.
    pub fn size_at_most(&mut self, ty: TypeId, limit: usize) -> bool {
        let mut count = 0;
        let mut stack = vec![ty];
        while let Some(t) = stack.pop() {
            count += 1;
            if count > limit {
                return false;
            }
            match self.node(t) {
                TypeNode::Seq(e) => stack.push(e),
                TypeNode::Pair(a, b) => {
                    stack.push(a);
                    stack.push(b);
                }
                TypeNode::Data(_, args) => stack.extend(args.iter().copied()),
                TypeNode::Func { ident, arg, result } => stack.extend([ident, arg, result]),
                TypeNode::Int
                | TypeNode::Float
                | TypeNode::Bool
                | TypeNode::Char
                | TypeNode::FnName(_)
                | TypeNode::Var(_) => {}
            }
        }
        true
    }

    /// The unbound variables of `ty`, in order of first appearance (left to
    /// right), each once, appended to `out`.
    pub fn free_vars_into(&mut self, ty: TypeId, out: &mut Vec<VarId>) {
        match self.node(ty) {
            TypeNode::Var(v) => {
                if !out.contains(&v) {
                    out.push(v);
                }
            }
            TypeNode::Seq(e) => self.free_vars_into(e, out),
            TypeNode::Pair(a, b) => {
                self.free_vars_into(a, out);
                self.free_vars_into(b, out);
            }
            TypeNode::Data(_, args) => {
                for a in args.iter() {
                    self.free_vars_into(*a, out);
                }
            }
            TypeNode::Func { ident, arg, result } => {
                self.free_vars_into(ident, out);
                self.free_vars_into(arg, out);
                self.free_vars_into(result, out);
            }
            TypeNode::Int | TypeNode::Float | TypeNode::Bool | TypeNode::Char | TypeNode::FnName(_) => {}
        }
    }

    /// Copies `ty`, replacing the variables of `map` (which must be
    /// unbound) by their images. Subterms without such variables are shared,
    /// not copied.
    pub fn substitute(&mut self, ty: TypeId, map: &HashMap<VarId, TypeId>) -> TypeId {
        if map.is_empty() {
            return ty;
        }
        self.substitute_inner(ty, map).unwrap_or(ty)
    }

    /// `None` when nothing changed.
    fn substitute_inner(&mut self, ty: TypeId, map: &HashMap<VarId, TypeId>) -> Option<TypeId> {
        match self.node(ty) {
            TypeNode::Var(v) => map.get(&v).copied(),
            TypeNode::Seq(e) => {
                let e = self.substitute_inner(e, map)?;
                Some(self.seq(e))
            }
            TypeNode::Pair(a, b) => {
                let new_a = self.substitute_inner(a, map);
                let new_b = self.substitute_inner(b, map);
                if new_a.is_none() && new_b.is_none() {
                    return None;
                }
                Some(self.pair(new_a.unwrap_or(a), new_b.unwrap_or(b)))
            }
            TypeNode::Data(d, args) => {
                let new_args: Vec<Option<TypeId>> = args.iter().map(|a| self.substitute_inner(*a, map)).collect();
                if new_args.iter().all(Option::is_none) {
                    return None;
                }
                let args = args.iter().zip(new_args).map(|(old, new)| new.unwrap_or(*old)).collect();
                Some(self.data(d, args))
            }
            TypeNode::Func { ident, arg, result } => {
                let new_ident = self.substitute_inner(ident, map);
                let new_arg = self.substitute_inner(arg, map);
                let new_result = self.substitute_inner(result, map);
                if new_ident.is_none() && new_arg.is_none() && new_result.is_none() {
                    return None;
                }
                Some(self.func(new_ident.unwrap_or(ident), new_arg.unwrap_or(arg), new_result.unwrap_or(result)))
            }
            TypeNode::Int | TypeNode::Float | TypeNode::Bool | TypeNode::Char | TypeNode::FnName(_) => None,
        }
    }

    /// Binds every unbound variable of `ty` to `int` (NESL's defaulting of
    /// ambiguous types; every class contains `int`).
    pub fn default_to_int(&mut self, ty: TypeId) {
        let mut vars = Vec::new();
        self.free_vars_into(ty, &mut vars);
        for v in vars {
            let mut info = self.var(v).clone();
            info.binding = Some(TypeStore::INT);
            self.set_var(v, info);
        }
    }

    /// Starts recording variable changes, so that [`TypeStore::rollback`]
    /// can undo them. Used around one unification.
    pub fn snapshot(&mut self) {
        debug_assert!(!self.is_trailing);
        self.trail.clear();
        self.is_trailing = true;
    }

    /// Keeps the changes since [`TypeStore::snapshot`].
    pub fn commit(&mut self) {
        self.trail.clear();
        self.is_trailing = false;
    }

    /// Undoes the changes since [`TypeStore::snapshot`].
    pub fn rollback(&mut self) {
        while let Some((var, info)) = self.trail.pop() {
            self.vars[var.0 as usize] = info;
        }
        self.is_trailing = false;
    }
}

/// Gives the names of datatypes when printing checker types.
pub(crate) trait DatatypeNames {
    fn datatype_name(&self, id: DatatypeId) -> &str;

    /// The name of a function, for the identity of a function value.
    fn function_name(&self, _id: FnId) -> &str {
        "function"
    }
}

/// Prints checker types in NESL syntax for one diagnostic: variables get
/// the names `a`, `b`, ... in order of first appearance across every type
/// printed by the same printer (rigid variables keep their declared names),
/// so that "`a`" means the same variable throughout one message.
pub(crate) struct TypePrinter<'a> {
    names: &'a dyn DatatypeNames,
    var_names: HashMap<VarId, String>,
    used: Vec<String>,
    next_letter: usize,
}

impl<'a> TypePrinter<'a> {
    pub fn new(names: &'a dyn DatatypeNames) -> TypePrinter<'a> {
        TypePrinter { names, var_names: HashMap::new(), used: Vec::new(), next_letter: 0 }
    }

    /// Reserves the declared names of the rigid variables in `types`, so
    /// that a flexible variable printed before them does not take one.
    pub fn reserve_rigid_names(&mut self, store: &mut TypeStore, types: &[TypeId]) {
        let mut vars = Vec::new();
        for ty in types {
            store.free_vars_into(*ty, &mut vars);
        }
        for var in vars {
            if store.var(var).rigid.is_some() {
                self.var_name(store, var);
            }
        }
    }

    /// The type as NESL text, in backquotes for a message.
    pub fn quoted(&mut self, store: &mut TypeStore, ty: TypeId) -> String {
        format!("`{}`", self.print(store, ty))
    }

    pub fn print(&mut self, store: &mut TypeStore, ty: TypeId) -> String {
        let mut out = String::new();
        self.write(store, ty, &mut out);
        out
    }

    fn write(&mut self, store: &mut TypeStore, ty: TypeId, out: &mut String) {
        if out.len() > MAX_PRINTED_TYPE {
            if !out.ends_with("...") {
                out.push_str("...");
            }
            return;
        }
        match store.node(ty) {
            TypeNode::Int => out.push_str("int"),
            TypeNode::Float => out.push_str("float"),
            TypeNode::Bool => out.push_str("bool"),
            TypeNode::Char => out.push_str("char"),
            TypeNode::Seq(e) => {
                out.push('[');
                self.write(store, e, out);
                out.push(']');
            }
            TypeNode::Pair(a, b) => {
                out.push('(');
                self.write(store, a, out);
                let mut rest = b;
                while let TypeNode::Pair(x, y) = store.node(rest) {
                    out.push_str(", ");
                    self.write(store, x, out);
                    rest = y;
                }
                out.push_str(", ");
                self.write(store, rest, out);
                out.push(')');
            }
            TypeNode::Data(d, args) => {
                out.push_str(self.names.datatype_name(d));
                if !args.is_empty() {
                    out.push('(');
                    for (i, a) in args.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        self.write(store, *a, out);
                    }
                    out.push(')');
                }
            }
            TypeNode::Func { arg, result, .. } => {
                out.push('(');
                self.write(store, arg, out);
                out.push_str(" -> ");
                self.write(store, result, out);
                out.push(')');
            }
            TypeNode::FnName(f) => out.push_str(self.names.function_name(f)),
            TypeNode::Var(v) => {
                let name = self.var_name(store, v);
                out.push_str(&name);
                let class = store.var(v).class;
                if class != TypeClass::Any {
                    out.push_str(&format!(" ({class})"));
                }
            }
        }
    }

    /// The name the variable has in this message.
    pub fn var_name(&mut self, store: &TypeStore, var: VarId) -> String {
        if let Some(name) = self.var_names.get(&var) {
            return name.clone();
        }
        let name = match &store.var(var).rigid {
            Some(rigid) if !self.used.contains(&rigid.name) => rigid.name.clone(),
            _ => loop {
                let candidate = letter_name(self.next_letter);
                self.next_letter += 1;
                if !self.used.contains(&candidate) {
                    break candidate;
                }
            },
        };
        self.used.push(name.clone());
        self.var_names.insert(var, name.clone());
        name
    }
}

/// Types are cut short (`...`) beyond this many characters in a message.
const MAX_PRINTED_TYPE: usize = 400;

/// `a`, ..., `z`, `a1`, ..., `z1`, `a2`, ...
fn letter_name(n: usize) -> String {
    let letter = (b'a' + (n % 26) as u8) as char;
    if n < 26 { letter.to_string() } else { format!("{letter}{}", n / 26) }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct NoNames;
    impl DatatypeNames for NoNames {
        fn datatype_name(&self, _: DatatypeId) -> &str {
            "d"
        }
    }

    #[test]
    fn resolve_follows_and_compresses_chains() {
        let mut store = TypeStore::new();
        let a = store.fresh();
        let b = store.fresh();
        let c = store.fresh();
        let va = store.as_var(a).unwrap();
        let vb = store.as_var(b).unwrap();
        let vc = store.as_var(c).unwrap();
        let set = |store: &mut TypeStore, v: VarId, t: TypeId| {
            let mut info = store.var(v).clone();
            info.binding = Some(t);
            store.set_var(v, info);
        };
        set(&mut store, va, b);
        set(&mut store, vb, c);
        set(&mut store, vc, TypeStore::FLOAT);
        assert_eq!(store.resolve(a), TypeStore::FLOAT);
        assert_eq!(store.var(va).binding, Some(TypeStore::FLOAT));
    }

    #[test]
    fn printer_names_variables_in_order_and_shows_classes() {
        let mut store = TypeStore::new();
        let a = store.fresh_var(TypeClass::Number, None);
        let b = store.fresh();
        let seq_a = store.seq(a);
        let t = store.pair(b, seq_a);
        let mut printer = TypePrinter::new(&NoNames);
        assert_eq!(printer.print(&mut store, t), "(a, [b (number)])");
        assert_eq!(printer.print(&mut store, a), "b (number)");
        assert_eq!(letter_name(27), "b1");
    }

    #[test]
    fn substitute_shares_unchanged_subterms() {
        let mut store = TypeStore::new();
        let a = store.fresh();
        let va = store.as_var(a).unwrap();
        let ints = store.seq(TypeStore::INT);
        let t = store.pair(ints, a);
        let map = HashMap::from([(va, TypeStore::BOOL)]);
        let s = store.substitute(t, &map);
        match store.node(s) {
            TypeNode::Pair(x, y) => {
                assert_eq!(x, ints);
                assert_eq!(y, TypeStore::BOOL);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(store.substitute(ints, &map), ints);
    }
}
