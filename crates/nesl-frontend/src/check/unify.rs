//! Unification with NESL's type classes and rigid signature variables.
//!
//! `unify(expected, found)` makes two types equal by binding variables, or
//! fails with a [`UnifyError`] describing the innermost conflict and leaves
//! the store exactly as it was (every change is trailed and rolled back), so
//! that a diagnostic prints the types as they were before the attempt and
//! later inference does not see half a unification.
//!
//! The rules, beyond plain first-order unification with an occurs check:
//! - **A flexible variable bound to a type**: the type must belong to the
//!   variable's class. Only `any` admits sequences, pairs and datatypes.
//! - **Two flexible variables**: one is bound to the other, whose class
//!   becomes the meet of the two. NESL's classes are `number = {int, float}`,
//!   `ordinal = {int, float, char}`, `logical = {int, bool}` and `any`; the
//!   meet of `logical` with `number` or `ordinal` is `{int}`, which is not a
//!   class, so both variables are bound to `int` at once. (Every class
//!   contains `int`, so no meet is empty; the error exists for
//!   completeness.)
//! - **A rigid variable** (a type variable of a declared signature) can be
//!   bound to nothing: not to a type, not to another rigid variable. A
//!   flexible variable may be bound to it when the rigid variable's class is
//!   contained in the flexible one's (the body may not require more of `a`
//!   than the signature promises).

use std::rc::Rc;

use crate::check::type_store::{ClassOrigin, RigidVar, TypeId, TypeNode, TypeStore, VarId, VarInfo};
use crate::types::{Type, TypeClass};

/// Why two types could not be made equal. Type ids refer to the store as
/// it was before the failed attempt.
#[derive(Clone, Debug)]
pub(crate) enum UnifyError {
    /// Different type constructors: the innermost disagreeing pair.
    Mismatch { expected: TypeId, found: TypeId },
    /// A variable restricted to `class` would stand for `ty`, which is not
    /// in the class.
    NotInClass { ty: TypeId, class: TypeClass, origin: Option<Rc<ClassOrigin>> },
    /// Two class restrictions with no type in common.
    EmptyMeet { first: (TypeClass, Option<Rc<ClassOrigin>>), second: (TypeClass, Option<Rc<ClassOrigin>>) },
    /// The variable would have to contain itself (`a = [a]`).
    Occurs { var: TypeId, ty: TypeId },
    /// A rigid variable would be bound to `found`: a type, or another rigid
    /// variable.
    Rigid { rigid: Rc<RigidVar>, found: TypeId },
    /// A rigid variable declared in class `declared` is used where class
    /// `required` is needed, and `declared` has types outside `required`.
    RigidClass { rigid: Rc<RigidVar>, declared: TypeClass, required: TypeClass, origin: Option<Rc<ClassOrigin>> },
}

/// Whether every type of class `small` is in class `large`.
pub(crate) fn class_is_subset(small: TypeClass, large: TypeClass) -> bool {
    if large == TypeClass::Any {
        return true;
    }
    if small == TypeClass::Any {
        return false;
    }
    [Type::Int, Type::Float, Type::Bool, Type::Char].iter().all(|t| !small.contains(t) || large.contains(t))
}

/// Whether `class` admits the type whose representative node is `node`.
fn class_admits(class: TypeClass, node: &TypeNode) -> bool {
    match node {
        TypeNode::Int => class.contains(&Type::Int),
        TypeNode::Float => class.contains(&Type::Float),
        TypeNode::Bool => class.contains(&Type::Bool),
        TypeNode::Char => class.contains(&Type::Char),
        TypeNode::Seq(_)
        | TypeNode::Pair(..)
        | TypeNode::Data(..)
        | TypeNode::Func { .. }
        | TypeNode::FnName(_)
        | TypeNode::Var(_) => class == TypeClass::Any,
    }
}

impl TypeStore {
    /// Makes `expected` and `found` equal, or changes nothing and says why
    /// not.
    pub fn unify(&mut self, expected: TypeId, found: TypeId) -> Result<(), UnifyError> {
        self.snapshot();
        match self.unify_inner(expected, found) {
            Ok(()) => {
                self.commit();
                Ok(())
            }
            Err(error) => {
                self.rollback();
                Err(error)
            }
        }
    }

    fn unify_inner(&mut self, expected: TypeId, found: TypeId) -> Result<(), UnifyError> {
        let a = self.resolve(expected);
        let b = self.resolve(found);
        if a == b {
            return Ok(());
        }
        match (self.raw_node(a).clone(), self.raw_node(b).clone()) {
            (TypeNode::Var(va), TypeNode::Var(vb)) => self.unify_vars(va, vb),
            (TypeNode::Var(v), _) => self.bind(v, b),
            (_, TypeNode::Var(v)) => self.bind(v, a),
            (TypeNode::Int, TypeNode::Int)
            | (TypeNode::Float, TypeNode::Float)
            | (TypeNode::Bool, TypeNode::Bool)
            | (TypeNode::Char, TypeNode::Char) => Ok(()),
            (TypeNode::Seq(x), TypeNode::Seq(y)) => self.unify_inner(x, y),
            (TypeNode::Pair(x1, y1), TypeNode::Pair(x2, y2)) => {
                self.unify_inner(x1, x2)?;
                self.unify_inner(y1, y2)
            }
            (TypeNode::FnName(f), TypeNode::FnName(g)) if f == g => Ok(()),
            (TypeNode::Func { ident: i1, arg: a1, result: r1 }, TypeNode::Func { ident: i2, arg: a2, result: r2 }) => {
                self.unify_inner(a1, a2)?;
                self.unify_inner(r1, r2)?;
                self.unify_inner(i1, i2)
            }
            (TypeNode::Data(d1, args1), TypeNode::Data(d2, args2)) if d1 == d2 && args1.len() == args2.len() => {
                for (x, y) in args1.iter().zip(args2.iter()) {
                    self.unify_inner(*x, *y)?;
                }
                Ok(())
            }
            _ => Err(UnifyError::Mismatch { expected: a, found: b }),
        }
    }

    /// Binds the unbound variable `var` to the non-variable type `ty`.
    fn bind(&mut self, var: VarId, ty: TypeId) -> Result<(), UnifyError> {
        let info = self.var(var).clone();
        if let Some(rigid) = &info.rigid {
            return Err(UnifyError::Rigid { rigid: rigid.clone(), found: ty });
        }
        if self.occurs(var, ty) {
            return Err(UnifyError::Occurs { var: info.node, ty });
        }
        let node = self.node(ty);
        if !class_admits(info.class, &node) {
            return Err(UnifyError::NotInClass { ty, class: info.class, origin: info.origin.clone() });
        }
        self.set_var(var, VarInfo { binding: Some(ty), ..info });
        Ok(())
    }

    fn unify_vars(&mut self, va: VarId, vb: VarId) -> Result<(), UnifyError> {
        let ia = self.var(va).clone();
        let ib = self.var(vb).clone();
        match (&ia.rigid, &ib.rigid) {
            (Some(rigid), Some(_)) => Err(UnifyError::Rigid { rigid: rigid.clone(), found: ib.node }),
            (Some(rigid), None) => self.bind_to_rigid(vb, rigid.clone(), &ia),
            (None, Some(rigid)) => self.bind_to_rigid(va, rigid.clone(), &ib),
            (None, None) => match ia.class.meet(ib.class) {
                Some(class) => {
                    let origin = if class == ia.class { ia.origin.clone() } else { ib.origin.clone() };
                    let root = ia.node;
                    self.set_var(va, VarInfo { class, origin, ..ia });
                    self.set_var(vb, VarInfo { binding: Some(root), ..ib });
                    Ok(())
                }
                None if ia.class.contains(&Type::Int) && ib.class.contains(&Type::Int) => {
                    // Only `int` is in both classes.
                    self.set_var(va, VarInfo { binding: Some(TypeStore::INT), ..ia });
                    self.set_var(vb, VarInfo { binding: Some(TypeStore::INT), ..ib });
                    Ok(())
                }
                None => Err(UnifyError::EmptyMeet { first: (ia.class, ia.origin), second: (ib.class, ib.origin) }),
            },
        }
    }

    /// Binds the flexible variable `flexible` to the rigid variable
    /// described by `rigid_info`.
    fn bind_to_rigid(&mut self, flexible: VarId, rigid: Rc<RigidVar>, rigid_info: &VarInfo) -> Result<(), UnifyError> {
        let info = self.var(flexible).clone();
        if !class_is_subset(rigid_info.class, info.class) {
            return Err(UnifyError::RigidClass {
                rigid,
                declared: rigid_info.class,
                required: info.class,
                origin: info.origin.clone(),
            });
        }
        self.set_var(flexible, VarInfo { binding: Some(rigid_info.node), ..info });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Span;

    fn rigid(store: &mut TypeStore, class: TypeClass) -> TypeId {
        store.rigid_var(class, None, RigidVar { name: "a".into(), span: Span::default(), function: "f".into() })
    }

    #[test]
    fn class_restricted_variable_accepts_only_its_members() {
        let mut store = TypeStore::new();
        let a = store.fresh_var(TypeClass::Number, None);
        assert!(matches!(store.unify(a, TypeStore::BOOL), Err(UnifyError::NotInClass { .. })));
        // The failure changed nothing.
        assert!(store.as_var(a).is_some());
        let s = store.seq(TypeStore::INT);
        assert!(store.unify(a, s).is_err());
        store.unify(a, TypeStore::FLOAT).unwrap();
        assert_eq!(store.resolve(a), TypeStore::FLOAT);
    }

    #[test]
    fn number_meets_logical_in_int() {
        let mut store = TypeStore::new();
        let a = store.fresh_var(TypeClass::Number, None);
        let b = store.fresh_var(TypeClass::Logical, None);
        store.unify(a, b).unwrap();
        assert_eq!(store.resolve(a), TypeStore::INT);
        assert_eq!(store.resolve(b), TypeStore::INT);

        let c = store.fresh_var(TypeClass::Ordinal, None);
        let d = store.fresh_var(TypeClass::Number, None);
        store.unify(c, d).unwrap();
        let v = store.as_var(c).unwrap();
        assert_eq!(store.var(v).class, TypeClass::Number);
    }

    #[test]
    fn occurs_check_rejects_infinite_types() {
        let mut store = TypeStore::new();
        let a = store.fresh();
        let s = store.seq(a);
        assert!(matches!(store.unify(a, s), Err(UnifyError::Occurs { .. })));
    }

    #[test]
    fn failed_unification_is_rolled_back_entirely() {
        let mut store = TypeStore::new();
        let a = store.fresh();
        let p1 = store.pair(a, TypeStore::INT);
        let p2 = store.pair(TypeStore::FLOAT, TypeStore::BOOL);
        assert!(matches!(store.unify(p1, p2), Err(UnifyError::Mismatch { .. })));
        assert!(store.as_var(a).is_some(), "a must not stay bound to float");
    }

    #[test]
    fn rigid_variables_bind_to_nothing_but_accept_wider_flexible_ones() {
        let mut store = TypeStore::new();
        let r = rigid(&mut store, TypeClass::Number);
        assert!(matches!(store.unify(r, TypeStore::INT), Err(UnifyError::Rigid { .. })));
        let r2 = rigid(&mut store, TypeClass::Any);
        assert!(matches!(store.unify(r, r2), Err(UnifyError::Rigid { .. })));
        let ordinal = store.fresh_var(TypeClass::Ordinal, None);
        store.unify(ordinal, r).unwrap();
        assert_eq!(store.resolve(ordinal), store.resolve(r));
        let logical = store.fresh_var(TypeClass::Logical, None);
        assert!(matches!(store.unify(logical, r), Err(UnifyError::RigidClass { .. })));
        assert!(class_is_subset(TypeClass::Number, TypeClass::Ordinal));
        assert!(!class_is_subset(TypeClass::Any, TypeClass::Number));
        assert!(!class_is_subset(TypeClass::Logical, TypeClass::Number));
    }
}
