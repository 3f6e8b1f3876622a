//! Reading results back: the NESL [`Value`] of an `emit`, rebuilt from its
//! [`Repr`] (note [segment descriptors] backwards), and the text of a
//! `print`.
//!
//! Sequences become columnar [`Seq`]s column by column: each scalar column
//! is one blocking read of the array's `len` elements straight into the
//! vector of a [`Column`] (bools are converted from bytes); a segment
//! descriptor becomes the `n + 1` offsets of note [columnar sequences] in
//! `nesl-frontend`'s `value.rs`, after checking that it is well formed. No
//! element of a scalar column is rebuilt one by one as a `Value`.

use std::rc::Rc;

use flatten::ir::{Atom, HostFunction, HostVar, Repr, Scalar, SeqRepr};
use nesl_frontend::Type;
use nesl_frontend::tast::DataDef;
use nesl_frontend::types::DataId;
use nesl_frontend::value::{Column, Seq, Value};

use super::host::{Frame, var_value};
use super::values::{DeviceArray, DeviceData, HostValue};
use super::{ExecError, internal};
use crate::cl::{DeviceBuffer, Element, Session};

/// The text of a `[char]` array (blocking).
pub(crate) fn read_chars(session: &mut Session, array: &DeviceArray) -> Result<Vec<u8>, ExecError> {
    match &*array.data {
        DeviceData::U8(buffer) => read_prefix(session, buffer, array.len),
        other => Err(internal(format!("a [char] array in {}", other.describe()))),
    }
}

/// The elements of an array of any type (blocking), as the flat-IR
/// evaluator holds them (bools as bytes).
pub(crate) fn read_array(session: &mut Session, array: &DeviceArray) -> Result<flatten::eval::ArrayValue, ExecError> {
    use flatten::eval::ArrayValue;
    Ok(match (array.elem, &*array.data) {
        (Scalar::Int, DeviceData::I64(buffer)) => ArrayValue::ints(read_prefix(session, buffer, array.len)?),
        (Scalar::Float, DeviceData::F64(buffer)) => ArrayValue::floats(read_prefix(session, buffer, array.len)?),
        (Scalar::Bool, DeviceData::U8(buffer)) => {
            let bytes = read_prefix(session, buffer, array.len)?;
            ArrayValue::bools(&bytes.iter().map(|&b| b != 0).collect::<Vec<_>>())
        }
        (Scalar::Char, DeviceData::U8(buffer)) => ArrayValue::chars(read_prefix(session, buffer, array.len)?),
        (elem, data) => return Err(internal(format!("a [{elem}] array in {}", data.describe()))),
    })
}

/// The value of type `ty` that `repr` represents over the variables of
/// `frame`, read from the device (blocking).
pub(crate) fn read_value(
    session: &mut Session,
    datatypes: &[DataDef],
    function: &HostFunction,
    frame: &Frame,
    ty: &Type,
    repr: &Repr,
) -> Result<Value, ExecError> {
    ValueReader { session, datatypes, function, frame }.value(ty, repr)
}

struct ValueReader<'a> {
    session: &'a mut Session,
    datatypes: &'a [DataDef],
    function: &'a HostFunction,
    frame: &'a Frame,
}

impl ValueReader<'_> {
    fn fields(&self, id: DataId) -> Result<&[Type], ExecError> {
        match self.datatypes.get(id.0 as usize) {
            Some(def) => Ok(&def.fields),
            None => Err(internal(format!("`emit` of datatype {}, which does not exist", id.0))),
        }
    }

    fn array(&self, var: HostVar) -> Result<DeviceArray, ExecError> {
        match var_value(self.function, self.frame, var)? {
            HostValue::Array(array) => Ok(array.clone()),
            HostValue::Scalar(_) => {
                Err(internal(format!("`emit` of the scalar variable {} as a sequence column", var.0)))
            }
        }
    }

    fn value(&mut self, ty: &Type, repr: &Repr) -> Result<Value, ExecError> {
        match (ty, repr) {
            (Type::Int | Type::Float | Type::Bool | Type::Char, Repr::Scalar(atom)) => {
                let value = match atom {
                    Atom::Const(c) => *c,
                    Atom::Var(var) => match var_value(self.function, self.frame, *var)? {
                        HostValue::Scalar(value) => *value,
                        HostValue::Array(_) => {
                            return Err(internal(format!("`emit` of the array variable {} as a scalar", var.0)));
                        }
                    },
                };
                use flatten::ir::Const;
                match (ty, value) {
                    (Type::Int, Const::Int(x)) => Ok(Value::Int(x)),
                    (Type::Float, Const::Float(x)) => Ok(Value::Float(x)),
                    (Type::Bool, Const::Bool(x)) => Ok(Value::Bool(x)),
                    (Type::Char, Const::Char(x)) => Ok(Value::Char(x)),
                    _ => Err(internal(format!("`emit` of a {} as a {}", value.scalar(), type_text(ty)))),
                }
            }
            (Type::Pair(first, second), Repr::Tuple(items)) if items.len() == 2 => {
                Ok(Value::pair(self.value(first, &items[0])?, self.value(second, &items[1])?))
            }
            (Type::Data(id), Repr::Tuple(items)) => {
                let fields = self.fields(*id)?.to_vec();
                if fields.len() != items.len() {
                    let message =
                        format!("`emit` of a datatype of {} fields from {} values", fields.len(), items.len());
                    return Err(internal(message));
                }
                let values = fields
                    .iter()
                    .zip(items)
                    .map(|(field, item)| self.value(field, item))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Value::Data(*id, Rc::from(values)))
            }
            (Type::Seq(element), Repr::Seq(seq)) => Ok(Value::Seq(self.seq(element, seq)?)),
            _ => Err(internal(format!("`emit` of a representation that does not fit the type {}", type_text(ty)))),
        }
    }

    fn seq(&mut self, element: &Type, repr: &SeqRepr) -> Result<Seq, ExecError> {
        match (element, repr) {
            (Type::Int | Type::Float | Type::Bool | Type::Char, SeqRepr::Array(var)) => {
                let array = self.array(*var)?;
                match (element, &*array.data) {
                    (Type::Int, DeviceData::I64(buffer)) => {
                        Ok(Seq::Int(Column::from_vec(read_prefix(self.session, buffer, array.len)?)))
                    }
                    (Type::Float, DeviceData::F64(buffer)) => {
                        Ok(Seq::Float(Column::from_vec(read_prefix(self.session, buffer, array.len)?)))
                    }
                    (Type::Bool, DeviceData::U8(buffer)) if array.elem == Scalar::Bool => {
                        let bytes = read_prefix(self.session, buffer, array.len)?;
                        Ok(Seq::from_bools(bytes.into_iter().map(|byte| byte != 0).collect()))
                    }
                    (Type::Char, DeviceData::U8(buffer)) if array.elem == Scalar::Char => {
                        Ok(Seq::Char(Column::from_vec(read_prefix(self.session, buffer, array.len)?)))
                    }
                    _ => Err(internal(format!(
                        "`emit` of a [{}] array as a sequence of {}",
                        array.elem,
                        type_text(element)
                    ))),
                }
            }
            (Type::Pair(first, second), SeqRepr::Tuple(columns)) if columns.len() == 2 => {
                let (first, second) = (self.seq(first, &columns[0])?, self.seq(second, &columns[1])?);
                if first.len() != second.len() {
                    return Err(internal(format!(
                        "`emit` of a sequence of pairs with columns of lengths {} and {}",
                        first.len(),
                        second.len()
                    )));
                }
                Ok(Seq::Pair(Box::new(first), Box::new(second)))
            }
            (Type::Data(id), SeqRepr::Tuple(columns)) => {
                let fields = self.fields(*id)?.to_vec();
                if fields.len() != columns.len() || columns.is_empty() {
                    return Err(internal(format!(
                        "`emit` of a sequence of a datatype of {} fields from {} columns",
                        fields.len(),
                        columns.len()
                    )));
                }
                let seqs = fields.iter().zip(columns).map(|(field, column)| self.seq(field, column)).collect::<Result<
                    Vec<_>,
                    _,
                >>(
                )?;
                let len = seqs[0].len();
                if seqs.iter().any(|seq| seq.len() != len) {
                    return Err(internal("`emit` of a sequence of a datatype with columns of different lengths"));
                }
                Ok(Seq::Data { data: *id, fields: Rc::from(seqs), len })
            }
            (Type::Seq(inner), SeqRepr::Nested { lengths, offsets, elements }) => {
                let inner = self.seq(inner, elements)?;
                let lengths = self.ints(*lengths)?;
                let offsets = self.ints(*offsets)?;
                check_segment_descriptor(&lengths, &offsets, inner.len())?;
                // n + 1 offsets, the last the total (note [columnar sequences]).
                let mut bounds = Vec::with_capacity(offsets.len() + 1);
                bounds.extend(offsets.iter().map(|&offset| offset as usize));
                bounds.push(inner.len());
                Ok(Seq::Nested { offsets: Column::from_vec(bounds), inner: Box::new(inner) })
            }
            _ => Err(internal(format!(
                "`emit` of a sequence representation that does not fit the element type {}",
                type_text(element)
            ))),
        }
    }

    /// The elements of an `[int]` array variable.
    fn ints(&mut self, var: HostVar) -> Result<Vec<i64>, ExecError> {
        let array = self.array(var)?;
        match &*array.data {
            DeviceData::I64(buffer) if array.elem == Scalar::Int => read_prefix(self.session, buffer, array.len),
            _ => Err(internal(format!("`emit` of a segment descriptor whose variable {} is not [int]", var.0))),
        }
    }
}

/// The first `len` elements of `buffer` (blocking).
fn read_prefix<T: Element>(session: &mut Session, buffer: &DeviceBuffer<T>, len: usize) -> Result<Vec<T>, ExecError> {
    if len > buffer.len() {
        return Err(internal(format!("an array of {len} elements in a buffer of {}", buffer.len())));
    }
    Ok(session.read_range(buffer, 0, len)?)
}

/// Checks a segment descriptor (note [segment descriptors]): `lengths` and
/// `offsets` of one length, lengths non-negative, offsets dense from 0, and
/// lengths adding up to the `elements` of the data.
fn check_segment_descriptor(lengths: &[i64], offsets: &[i64], elements: usize) -> Result<(), ExecError> {
    if lengths.len() != offsets.len() {
        let message = format!("a segment descriptor with {} lengths and {} offsets", lengths.len(), offsets.len());
        return Err(internal(message));
    }
    let mut next_offset: i64 = 0;
    for (segment, (&length, &offset)) in lengths.iter().zip(offsets).enumerate() {
        if length < 0 {
            return Err(internal(format!("a segment descriptor with length {length} for segment {segment}")));
        }
        if offset != next_offset {
            return Err(internal(format!(
                "a segment descriptor whose segment {segment} starts at {offset}, not at {next_offset}"
            )));
        }
        next_offset =
            next_offset.checked_add(length).ok_or_else(|| internal("a segment descriptor whose lengths overflow"))?;
    }
    if next_offset as u64 != elements as u64 {
        return Err(internal(format!(
            "a segment descriptor whose lengths add up to {next_offset} over {elements} elements"
        )));
    }
    Ok(())
}

fn type_text(ty: &Type) -> String {
    ty.display(&nesl_frontend::types::NoData).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segment_descriptors_must_be_dense_and_cover_the_data() {
        assert!(check_segment_descriptor(&[2, 0, 1], &[0, 2, 2], 3).is_ok());
        assert!(check_segment_descriptor(&[], &[], 0).is_ok());
        assert!(check_segment_descriptor(&[0, 0], &[0, 0], 0).is_ok());
        assert!(check_segment_descriptor(&[2, 0, 1], &[0, 2, 2], 4).is_err());
        assert!(check_segment_descriptor(&[2, 1], &[0, 1], 3).is_err());
        assert!(check_segment_descriptor(&[-1, 2], &[0, -1], 1).is_err());
        assert!(check_segment_descriptor(&[1], &[0, 1], 1).is_err());
        assert!(check_segment_descriptor(&[i64::MAX, 1], &[0, i64::MAX], 0).is_err());
    }
}
