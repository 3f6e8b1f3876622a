//! Rebuilds the NESL [`Value`] of an `emit` from its [`Repr`] and the
//! variables it names (note [segment descriptors] backwards).
//!
//! Sequences become columnar [`Seq`]s column by column: a scalar column is
//! the variable's array moved into a [`Column`] (no copy when the frame
//! held the only reference to it, as for arrays just read from a device;
//! else one copy of the elements; a byte-to-bool conversion for bools); a
//! column named twice is built once and shared; a segment descriptor becomes the
//! `n + 1` offsets of note [columnar sequences] in `nesl-frontend`'s
//! `value.rs`. No element is rebuilt one by one as a `Value`.

use std::rc::Rc;
use std::sync::Arc;

use nesl_frontend::Type;
use nesl_frontend::tast::DataDef;
use nesl_frontend::types::DataId;
use nesl_frontend::value::{Column, Seq, Value};

use crate::eval::check_segment_descriptor;
use crate::eval::values::{ArrayValue, FlatValue, ScalarValue};
use crate::ir::{Atom, HostVar, Repr, SeqRepr};

/// The value of type `ty` that `repr` represents over the variables of
/// `frame`, or the message of an internal error.
pub(crate) fn build_value(
    datatypes: &[DataDef],
    ty: &Type,
    repr: &Repr,
    frame: Vec<Option<FlatValue>>,
) -> Result<Value, String> {
    let columns = vec![None; frame.len()];
    let mut builder = ValueBuilder { datatypes, frame, columns };
    builder.value(ty, repr)
}

struct ValueBuilder<'a> {
    datatypes: &'a [DataDef],
    frame: Vec<Option<FlatValue>>,
    /// The scalar columns built so far, indexed like `frame`: a variable
    /// whose array was moved into its column.
    columns: Vec<Option<Seq>>,
}

impl<'a> ValueBuilder<'a> {
    fn var(&self, v: HostVar) -> Result<&FlatValue, String> {
        match self.frame.get(v.0 as usize) {
            Some(Some(value)) => Ok(value),
            _ => Err(format!("`emit` of variable {}, which is not bound", v.0)),
        }
    }

    fn array(&self, v: HostVar) -> Result<&ArrayValue, String> {
        match self.var(v)? {
            FlatValue::Array(array) => Ok(array),
            FlatValue::Scalar(_) => Err(format!("`emit` of the scalar variable {} as a sequence column", v.0)),
        }
    }

    fn fields(&self, id: DataId) -> Result<&'a [Type], String> {
        match self.datatypes.get(id.0 as usize) {
            Some(def) => Ok(&def.fields),
            None => Err(format!("`emit` of datatype {}, which does not exist", id.0)),
        }
    }

    fn value(&mut self, ty: &Type, repr: &Repr) -> Result<Value, String> {
        match (ty, repr) {
            (Type::Int | Type::Float | Type::Bool | Type::Char, Repr::Scalar(atom)) => {
                let value = match atom {
                    Atom::Const(c) => ScalarValue::of_const(*c),
                    Atom::Var(v) => match self.var(*v)? {
                        FlatValue::Scalar(s) => *s,
                        FlatValue::Array(_) => return Err(format!("`emit` of the array variable {} as a scalar", v.0)),
                    },
                };
                match (ty, value) {
                    (Type::Int, ScalarValue::Int(x)) => Ok(Value::Int(x)),
                    (Type::Float, ScalarValue::Float(x)) => Ok(Value::Float(x)),
                    (Type::Bool, ScalarValue::Bool(x)) => Ok(Value::Bool(x)),
                    (Type::Char, ScalarValue::Char(x)) => Ok(Value::Char(x)),
                    _ => Err(format!("`emit` of a {} as a {}", value.scalar(), type_text(ty))),
                }
            }
            (Type::Pair(a, b), Repr::Tuple(items)) if items.len() == 2 => {
                Ok(Value::pair(self.value(a, &items[0])?, self.value(b, &items[1])?))
            }
            (Type::Data(id), Repr::Tuple(items)) => {
                let fields = self.fields(*id)?;
                if fields.len() != items.len() {
                    return Err(format!("`emit` of a datatype of {} fields from {} values", fields.len(), items.len()));
                }
                let values = fields.iter().zip(items).map(|(f, r)| self.value(f, r)).collect::<Result<Vec<_>, _>>()?;
                Ok(Value::Data(*id, Rc::from(values)))
            }
            (Type::Seq(element), Repr::Seq(seq)) => Ok(Value::Seq(self.seq(element, seq)?)),
            _ => Err(format!("`emit` of a representation that does not fit the type {}", type_text(ty))),
        }
    }

    fn seq(&mut self, element: &Type, repr: &SeqRepr) -> Result<Seq, String> {
        match (element, repr) {
            (Type::Int | Type::Float | Type::Bool | Type::Char, SeqRepr::Array(v)) => self.column(element, *v),
            (Type::Pair(a, b), SeqRepr::Tuple(columns)) if columns.len() == 2 => {
                let (first, second) = (self.seq(a, &columns[0])?, self.seq(b, &columns[1])?);
                if first.len() != second.len() {
                    return Err(format!(
                        "`emit` of a sequence of pairs with columns of lengths {} and {}",
                        first.len(),
                        second.len()
                    ));
                }
                Ok(Seq::Pair(Box::new(first), Box::new(second)))
            }
            (Type::Data(id), SeqRepr::Tuple(columns)) => {
                let fields = self.fields(*id)?;
                if fields.len() != columns.len() || columns.is_empty() {
                    return Err(format!(
                        "`emit` of a sequence of a datatype of {} fields from {} columns",
                        fields.len(),
                        columns.len()
                    ));
                }
                let seqs = fields.iter().zip(columns).map(|(f, c)| self.seq(f, c)).collect::<Result<Vec<_>, _>>()?;
                let len = seqs[0].len();
                if seqs.iter().any(|s| s.len() != len) {
                    return Err("`emit` of a sequence of a datatype with columns of different lengths".to_string());
                }
                Ok(Seq::Data { data: *id, fields: Rc::from(seqs), len })
            }
            (Type::Seq(inner), SeqRepr::Nested { lengths, offsets, elements }) => {
                let inner = self.seq(inner, elements)?;
                let (lengths, offsets) = (self.ints(*lengths)?, self.ints(*offsets)?);
                check_segment_descriptor(lengths, offsets, Some(inner.len()))?;
                // n + 1 offsets, the last the total (note [columnar sequences]).
                let mut bounds = Vec::with_capacity(offsets.len() + 1);
                bounds.extend(offsets.iter().map(|&o| o as usize));
                bounds.push(inner.len());
                Ok(Seq::Nested { offsets: Column::from_vec(bounds), inner: Box::new(inner) })
            }
            _ => Err(format!(
                "`emit` of a sequence representation that does not fit the element type {}",
                type_text(element)
            )),
        }
    }

    /// The column of elements of type `element` that array variable `v`
    /// holds, its elements moved out of the frame.
    fn column(&mut self, element: &Type, v: HostVar) -> Result<Seq, String> {
        if let Some(Some(column)) = self.columns.get(v.0 as usize) {
            return Ok(column.clone());
        }
        let array = self.array(v)?;
        let seq = match (element, array) {
            (Type::Int, ArrayValue::Int(_))
            | (Type::Float, ArrayValue::Float(_))
            | (Type::Bool, ArrayValue::Bool(_))
            | (Type::Char, ArrayValue::Char(_)) => {
                let Some(Some(FlatValue::Array(array))) = self.frame.get_mut(v.0 as usize).map(Option::take) else {
                    return Err(format!("`emit` of variable {}, which is not bound", v.0));
                };
                match array {
                    ArrayValue::Int(a) => Seq::Int(Column::from_vec(unshare(a))),
                    ArrayValue::Float(a) => Seq::Float(Column::from_vec(unshare(a))),
                    ArrayValue::Bool(a) => Seq::from_bools(a.iter().map(|&b| b != 0).collect()),
                    ArrayValue::Char(a) => Seq::Char(Column::from_vec(unshare(a))),
                }
            }
            (_, array) => {
                return Err(format!("`emit` of a [{}] array as a sequence of {}", array.scalar(), type_text(element)));
            }
        };
        self.columns[v.0 as usize] = Some(seq.clone());
        Ok(seq)
    }

    /// The elements of `[int]` variable `v`, in the frame or already in a
    /// column.
    fn ints(&self, v: HostVar) -> Result<&[i64], String> {
        if let Some(Some(Seq::Int(column))) = self.columns.get(v.0 as usize) {
            return Ok(column.as_slice());
        }
        self.array(v)?
            .as_ints()
            .ok_or_else(|| format!("`emit` of a segment descriptor whose variable {} is not [int]", v.0))
    }
}

/// The elements of an array as a vector of their own: moved if this was
/// the only reference, else one copy.
fn unshare<T: Clone>(array: Arc<Vec<T>>) -> Vec<T> {
    Arc::try_unwrap(array).unwrap_or_else(|shared| shared.as_ref().clone())
}

fn type_text(ty: &Type) -> String {
    ty.display(&nesl_frontend::types::NoData).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Atom, Const};

    fn ints(values: &[i64]) -> Option<FlatValue> {
        Some(FlatValue::Array(ArrayValue::ints(values.to_vec())))
    }

    #[test]
    fn a_column_named_twice_and_as_segment_lengths_is_built_once() {
        let (lengths, offsets, elements) = (HostVar(0), HostVar(1), HostVar(2));
        let frame = vec![ints(&[2, 1]), ints(&[0, 2]), ints(&[7, 8, 9])];
        let nested = SeqRepr::Nested { lengths, offsets, elements: Box::new(SeqRepr::Array(elements)) };
        let repr = Repr::Tuple(vec![
            Repr::Seq(SeqRepr::Array(lengths)),
            Repr::Tuple(vec![Repr::Seq(nested), Repr::Seq(SeqRepr::Array(lengths))]),
        ]);
        let ty = Type::pair(Type::seq(Type::Int), Type::pair(Type::seq(Type::seq(Type::Int)), Type::seq(Type::Int)));
        let value = build_value(&[], &ty, &repr, frame).unwrap();
        assert_eq!(value.display(&nesl_frontend::types::NoData).to_string(), "([2, 1], [[7, 8], [9]], [2, 1])");
    }

    #[test]
    fn an_unshared_array_moves_into_its_column_and_a_shared_one_is_copied() {
        let elements = vec![1i64, 2, 3];
        let address = elements.as_ptr();
        let repr = Repr::Seq(SeqRepr::Array(HostVar(0)));
        let frame = vec![Some(FlatValue::Array(ArrayValue::ints(elements)))];
        let shared = frame.clone();
        let Value::Seq(Seq::Int(column)) = build_value(&[], &Type::seq(Type::Int), &repr, shared).unwrap() else {
            panic!("not a column of ints");
        };
        assert_ne!(column.as_slice().as_ptr(), address);
        let Value::Seq(Seq::Int(column)) = build_value(&[], &Type::seq(Type::Int), &repr, frame).unwrap() else {
            panic!("not a column of ints");
        };
        assert_eq!(column.as_slice().as_ptr(), address);
        assert_eq!(column.as_slice(), [1, 2, 3]);
        let scalar = build_value(&[], &Type::Int, &Repr::Scalar(Atom::Const(Const::Int(4))), vec![]).unwrap();
        assert!(matches!(scalar, Value::Int(4)));
    }
}
