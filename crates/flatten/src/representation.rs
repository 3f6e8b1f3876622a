//! How NESL values are held while flattening: host representations
//! ([`Repr`], [`SeqRepr`], see note [segment descriptors] in [`crate::ir`])
//! and, inside apply-to-each, the values of a lifted context ([`Val`]).
//!
//! In a lifted context (see `context.rs`) every NESL variable is either
//! *uniform*, the same for all instances, and keeps its host
//! representation; or *lifted*, one value per instance: a lifted scalar is
//! an array read through an index path, a lifted sequence a segment
//! descriptor (one segment per instance) over its concatenated elements, a
//! lifted tuple its components. Tuples may mix the two, so that
//! `(row, v)` with a uniform `v` never replicates `v`.

use nesl_frontend::Type;
use nesl_frontend::tast::Program;

use crate::context::{LevelId, Step};
use crate::error::{FlattenError, Result};
use crate::ir::{Atom, HostFunction, HostVar, Repr, Scalar, SeqRepr, VarType};

/// A NESL value in a context of the flattener.
#[derive(Clone, Debug)]
pub(crate) enum Val {
    /// The same value for every instance (every value of the host context).
    Uniform(Repr),
    /// One scalar per instance.
    Scalar(LiftedScalar),
    /// One sequence per instance.
    Seq(LiftedSeq),
    /// A pair or a datatype whose components may differ in how they are
    /// held.
    Tuple(Vec<Val>),
}

/// A lifted scalar: instance `i` of level `level` holds
/// `array[path(i)]`, where `path` is applied step by step (usually empty:
/// `array[i]`).
#[derive(Clone, Debug)]
pub(crate) struct LiftedScalar {
    pub level: LevelId,
    pub array: HostVar,
    pub path: Vec<Step>,
}

/// A lifted sequence: instance `i` of level `level` holds the `lengths[i]`
/// elements of `elements` from `offsets[i]` on. `lengths` and `offsets`
/// are as long as the level's instance count. Invariant: when `is_dense`,
/// they form a dense segment descriptor of `elements` (note [segment
/// descriptors]); otherwise the segments may skip or share elements (a
/// view: `s[i]` of a lifted nested sequence), and whatever needs a
/// descriptor makes the value dense first (`dense_at` in `gather.rs`).
#[derive(Clone, Debug)]
pub(crate) struct LiftedSeq {
    pub level: LevelId,
    pub lengths: HostVar,
    pub offsets: HostVar,
    pub elements: SeqRepr,
    pub is_dense: bool,
}

impl LiftedSeq {
    /// A dense lifted sequence.
    pub fn dense(level: LevelId, lengths: HostVar, offsets: HostVar, elements: SeqRepr) -> LiftedSeq {
        LiftedSeq { level, lengths, offsets, elements, is_dense: true }
    }

    /// The instances' sequences, as one host sequence of sequences (dense
    /// only when `is_dense`: otherwise fit only to be gathered from).
    pub fn as_nested(&self) -> SeqRepr {
        SeqRepr::Nested { lengths: self.lengths, offsets: self.offsets, elements: Box::new(self.elements.clone()) }
    }
}

/// Which parts of a function's argument are lifted: the key of a lifted
/// version of a function (see `lift_functions.rs`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Shape {
    Uniform,
    Lifted,
    /// A pair or datatype with some uniform and some lifted components.
    Tuple(Vec<Shape>),
}

impl Val {
    pub fn is_uniform(&self) -> bool {
        match self {
            Val::Uniform(_) => true,
            Val::Scalar(_) | Val::Seq(_) => false,
            Val::Tuple(items) => items.iter().all(Val::is_uniform),
        }
    }

    pub fn shape(&self) -> Shape {
        match self {
            Val::Uniform(_) => Shape::Uniform,
            Val::Scalar(_) | Val::Seq(_) => Shape::Lifted,
            Val::Tuple(items) => {
                let shapes: Vec<Shape> = items.iter().map(Val::shape).collect();
                if shapes.iter().all(|s| *s == Shape::Uniform) {
                    Shape::Uniform
                } else if shapes.iter().all(|s| *s == Shape::Lifted) {
                    Shape::Lifted
                } else {
                    Shape::Tuple(shapes)
                }
            }
        }
    }

    /// The host representation of a uniform value.
    pub fn into_uniform(self) -> Result<Repr> {
        match self {
            Val::Uniform(r) => Ok(r),
            Val::Tuple(items) => Ok(Repr::Tuple(items.into_iter().map(Val::into_uniform).collect::<Result<_>>()?)),
            Val::Scalar(_) | Val::Seq(_) => Err(FlattenError::bug("a lifted value where a uniform one was expected")),
        }
    }

    /// The components of a pair or datatype value.
    pub fn into_components(self) -> Result<Vec<Val>> {
        match self {
            Val::Tuple(items) => Ok(items),
            Val::Uniform(Repr::Tuple(items)) => Ok(items.into_iter().map(Val::Uniform).collect()),
            _ => Err(FlattenError::bug("a pattern for a tuple bound to a value that is not one")),
        }
    }

    /// A dense lifted sequence of the instances of `level` as a value.
    pub fn from_seq(seq: SeqRepr, level: LevelId) -> Val {
        Val::from_seq_along(seq, level, &[])
    }

    /// The value whose instance `i` of `level` is element `path(i)` of
    /// `seq`. Nested elements need a dense descriptor, so a non-empty path
    /// is only allowed over scalar columns.
    pub fn from_seq_along(seq: SeqRepr, level: LevelId, path: &[Step]) -> Val {
        match seq {
            SeqRepr::Array(array) => Val::Scalar(LiftedScalar { level, array, path: path.to_vec() }),
            SeqRepr::Tuple(columns) => {
                Val::Tuple(columns.into_iter().map(|c| Val::from_seq_along(c, level, path)).collect())
            }
            SeqRepr::Nested { lengths, offsets, elements } => {
                debug_assert!(path.is_empty(), "a nested column read along a path");
                Val::Seq(LiftedSeq::dense(level, lengths, offsets, *elements))
            }
        }
    }
}

/// The components of a pair or datatype type; `None` for other types.
pub(crate) fn components(program: &Program, ty: &Type) -> Option<Vec<Type>> {
    match ty {
        Type::Pair(a, b) => Some(vec![(**a).clone(), (**b).clone()]),
        Type::Data(id) => Some(program.data(*id).fields.clone()),
        _ => None,
    }
}

/// Whether values of the type are GPU values: scalars, or pairs and
/// datatypes of GPU values (no sequence anywhere).
pub(crate) fn is_gpu_type(program: &Program, ty: &Type) -> bool {
    match ty {
        Type::Int | Type::Float | Type::Bool | Type::Char => true,
        Type::Seq(_) => false,
        Type::Pair(a, b) => is_gpu_type(program, a) && is_gpu_type(program, b),
        Type::Data(id) => program.data(*id).fields.iter().all(|f| is_gpu_type(program, f)),
    }
}

/// The element type of a sequence type.
pub(crate) fn elem_type(ty: &Type) -> Result<&Type> {
    ty.elem().ok_or_else(|| FlattenError::bug(format!("a sequence operation on a value of type {ty:?}")))
}

/// The scalar type of a scalar NESL type.
pub(crate) fn scalar_type(ty: &Type) -> Result<Scalar> {
    Scalar::of(ty).ok_or_else(|| FlattenError::bug(format!("a scalar operation on a value of type {ty:?}")))
}

/// Fresh host variables holding a value of type `ty` (for parameters and
/// the results of calls and `if`s).
pub(crate) fn fresh_repr(program: &Program, function: &mut HostFunction, ty: &Type, name: &str) -> Result<Repr> {
    Ok(match ty {
        Type::Seq(elem) => Repr::Seq(fresh_seq(program, function, elem, name)?),
        _ => match components(program, ty) {
            Some(parts) => Repr::Tuple(
                parts
                    .iter()
                    .enumerate()
                    .map(|(k, t)| fresh_repr(program, function, t, &format!("{name}_{}", k + 1)))
                    .collect::<Result<_>>()?,
            ),
            None => Repr::Scalar(Atom::Var(function.new_var(name, VarType::Scalar(scalar_type(ty)?)))),
        },
    })
}

/// Fresh host variables holding a sequence of elements of type `elem`.
pub(crate) fn fresh_seq(program: &Program, function: &mut HostFunction, elem: &Type, name: &str) -> Result<SeqRepr> {
    Ok(match elem {
        Type::Seq(inner) => SeqRepr::Nested {
            lengths: function.new_var(format!("{name}_lengths"), VarType::Array(Scalar::Int)),
            offsets: function.new_var(format!("{name}_offsets"), VarType::Array(Scalar::Int)),
            elements: Box::new(fresh_seq(program, function, inner, &format!("{name}_elements"))?),
        },
        _ => match components(program, elem) {
            Some(parts) if parts.is_empty() => {
                return Err(FlattenError::bug("a sequence of a datatype without fields reached fresh_seq"));
            }
            Some(parts) => SeqRepr::Tuple(
                parts
                    .iter()
                    .enumerate()
                    .map(|(k, t)| fresh_seq(program, function, t, &format!("{name}_{}", k + 1)))
                    .collect::<Result<_>>()?,
            ),
            None => SeqRepr::Array(function.new_var(name, VarType::Array(scalar_type(elem)?))),
        },
    })
}

/// The atoms of a representation, in a fixed order (parameters, results).
pub(crate) fn repr_atoms(repr: &Repr, out: &mut Vec<Atom>) {
    match repr {
        Repr::Scalar(a) => out.push(*a),
        Repr::Tuple(items) => items.iter().for_each(|r| repr_atoms(r, out)),
        Repr::Seq(s) => seq_vars(s, &mut |v| out.push(Atom::Var(v))),
    }
}

/// The variables of a sequence representation, in a fixed order.
pub(crate) fn seq_vars(seq: &SeqRepr, out: &mut impl FnMut(HostVar)) {
    match seq {
        SeqRepr::Array(v) => out(*v),
        SeqRepr::Tuple(columns) => columns.iter().for_each(|c| seq_vars(c, out)),
        SeqRepr::Nested { lengths, offsets, elements } => {
            out(*lengths);
            out(*offsets);
            seq_vars(elements, out);
        }
    }
}

/// The variables of a representation made only of variables (as
/// [`fresh_repr`] makes them).
pub(crate) fn repr_vars(repr: &Repr) -> Result<Vec<HostVar>> {
    let mut atoms = Vec::new();
    repr_atoms(repr, &mut atoms);
    atoms
        .into_iter()
        .map(|a| match a {
            Atom::Var(v) => Ok(v),
            Atom::Const(_) => Err(FlattenError::bug("a constant in a fresh representation")),
        })
        .collect()
}

/// Renames the variables of a value numbered `first` or above (the ones
/// the computation of a `let`'s value just created) after the source
/// variable it is bound to: `x`, `x_lengths`, `x_offsets`, `x_1`.
pub(crate) fn name_after(function: &mut HostFunction, val: &Val, first: u32, name: &str) {
    let mut rename = |v: HostVar, name: String| {
        if v.0 >= first {
            function.vars[v.0 as usize].name = name;
        }
    };
    fn walk_seq(seq: &SeqRepr, name: &str, rename: &mut impl FnMut(HostVar, String)) {
        match seq {
            SeqRepr::Array(v) => rename(*v, name.to_string()),
            SeqRepr::Tuple(columns) => {
                for (k, c) in columns.iter().enumerate() {
                    walk_seq(c, &format!("{name}_{}", k + 1), rename);
                }
            }
            SeqRepr::Nested { lengths, offsets, elements } => {
                rename(*lengths, format!("{name}_lengths"));
                rename(*offsets, format!("{name}_offsets"));
                walk_seq(elements, &format!("{name}_elements"), rename);
            }
        }
    }
    fn walk_repr(repr: &Repr, name: &str, rename: &mut impl FnMut(HostVar, String)) {
        match repr {
            Repr::Scalar(Atom::Var(v)) => rename(*v, name.to_string()),
            Repr::Scalar(Atom::Const(_)) => {}
            Repr::Tuple(items) => {
                for (k, r) in items.iter().enumerate() {
                    walk_repr(r, &format!("{name}_{}", k + 1), rename);
                }
            }
            Repr::Seq(s) => walk_seq(s, name, rename),
        }
    }
    fn walk_val(val: &Val, name: &str, rename: &mut impl FnMut(HostVar, String)) {
        match val {
            Val::Uniform(r) => walk_repr(r, name, rename),
            Val::Scalar(s) => rename(s.array, name.to_string()),
            Val::Seq(s) => walk_seq(&s.as_nested(), name, rename),
            Val::Tuple(items) => {
                for (k, v) in items.iter().enumerate() {
                    walk_val(v, &format!("{name}_{}", k + 1), rename);
                }
            }
        }
    }
    walk_val(val, name, &mut rename);
}
