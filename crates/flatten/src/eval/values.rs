//! The run-time values of the flat IR: scalars, and flat arrays shared by
//! reference counting, so that binding, passing and returning an array never
//! copies it.

use std::sync::Arc;

use crate::ir::{Const, Scalar, VarType};

/// A scalar: a host scalar, a kernel scalar, or one slot of a thunk's
/// register file.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum ScalarValue {
    Int(i64),
    Float(f64),
    Bool(bool),
    Char(u8),
}

impl ScalarValue {
    pub fn of_const(c: Const) -> ScalarValue {
        match c {
            Const::Int(x) => ScalarValue::Int(x),
            Const::Float(x) => ScalarValue::Float(x),
            Const::Bool(x) => ScalarValue::Bool(x),
            Const::Char(x) => ScalarValue::Char(x),
        }
    }

    pub fn to_const(self) -> Const {
        match self {
            ScalarValue::Int(x) => Const::Int(x),
            ScalarValue::Float(x) => Const::Float(x),
            ScalarValue::Bool(x) => Const::Bool(x),
            ScalarValue::Char(x) => Const::Char(x),
        }
    }

    pub fn scalar(self) -> Scalar {
        match self {
            ScalarValue::Int(_) => Scalar::Int,
            ScalarValue::Float(_) => Scalar::Float,
            ScalarValue::Bool(_) => Scalar::Bool,
            ScalarValue::Char(_) => Scalar::Char,
        }
    }
}

impl std::fmt::Display for ScalarValue {
    /// As the flat IR prints the constant.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.to_const().fmt(f)
    }
}

/// A flat array. Bools and chars are bytes, as on the device (a bool is 0
/// or 1). Cloning shares the elements.
#[derive(Clone, Debug, PartialEq)]
pub enum ArrayValue {
    Int(Arc<Vec<i64>>),
    Float(Arc<Vec<f64>>),
    Bool(Arc<Vec<u8>>),
    Char(Arc<Vec<u8>>),
}

impl ArrayValue {
    pub fn ints(v: Vec<i64>) -> ArrayValue {
        ArrayValue::Int(Arc::new(v))
    }

    pub fn floats(v: Vec<f64>) -> ArrayValue {
        ArrayValue::Float(Arc::new(v))
    }

    pub fn bools(v: &[bool]) -> ArrayValue {
        ArrayValue::Bool(Arc::new(v.iter().map(|&b| u8::from(b)).collect()))
    }

    pub fn chars(v: Vec<u8>) -> ArrayValue {
        ArrayValue::Char(Arc::new(v))
    }

    pub fn len(&self) -> usize {
        match self {
            ArrayValue::Int(v) => v.len(),
            ArrayValue::Float(v) => v.len(),
            ArrayValue::Bool(v) | ArrayValue::Char(v) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn scalar(&self) -> Scalar {
        match self {
            ArrayValue::Int(_) => Scalar::Int,
            ArrayValue::Float(_) => Scalar::Float,
            ArrayValue::Bool(_) => Scalar::Bool,
            ArrayValue::Char(_) => Scalar::Char,
        }
    }

    /// Element `i`, if there is one.
    pub fn get(&self, i: usize) -> Option<ScalarValue> {
        match self {
            ArrayValue::Int(v) => v.get(i).map(|&x| ScalarValue::Int(x)),
            ArrayValue::Float(v) => v.get(i).map(|&x| ScalarValue::Float(x)),
            ArrayValue::Bool(v) => v.get(i).map(|&x| ScalarValue::Bool(x != 0)),
            ArrayValue::Char(v) => v.get(i).map(|&x| ScalarValue::Char(x)),
        }
    }

    /// The elements, if this is an int array.
    pub fn as_ints(&self) -> Option<&[i64]> {
        match self {
            ArrayValue::Int(v) => Some(v),
            _ => None,
        }
    }
}

/// What the host interpreter needs to know of an array handle, whatever
/// holds the elements (the evaluator's [`ArrayValue`], a device buffer).
/// The length is the device's to tell ([`crate::eval::Device::length`]):
/// it may still be on the device.
pub trait ArrayHandle {
    /// The type of the elements.
    fn elem(&self) -> Scalar;
}

impl ArrayHandle for ArrayValue {
    fn elem(&self) -> Scalar {
        self.scalar()
    }
}

/// The value of a host variable: a scalar, or an array held by a kernel
/// executor as its handle `A` (see [`crate::eval::Device`]). Cloning an
/// array shares it.
#[derive(Clone, Debug, PartialEq)]
pub enum HostValue<A> {
    Scalar(ScalarValue),
    Array(A),
}

impl<A: ArrayHandle> HostValue<A> {
    pub fn var_type(&self) -> VarType {
        match self {
            HostValue::Scalar(s) => VarType::Scalar(s.scalar()),
            HostValue::Array(a) => VarType::Array(a.elem()),
        }
    }
}

/// The value of a host or kernel variable in the flat evaluator, its
/// arrays on the host.
pub type FlatValue = HostValue<ArrayValue>;

/// An array under construction, with room reserved up front.
pub(crate) enum ColumnBuilder {
    Int(Vec<i64>),
    Float(Vec<f64>),
    Bool(Vec<u8>),
    Char(Vec<u8>),
}

impl ColumnBuilder {
    /// An empty column with room for `capacity` elements, or a message if
    /// the memory cannot be had.
    pub(crate) fn with_capacity(element: Scalar, capacity: usize) -> Result<ColumnBuilder, String> {
        fn reserve<T>(capacity: usize) -> Result<Vec<T>, String> {
            let mut v = Vec::new();
            v.try_reserve_exact(capacity).map_err(|_| format!("out of memory for an array of {capacity} elements"))?;
            Ok(v)
        }
        Ok(match element {
            Scalar::Int => ColumnBuilder::Int(reserve(capacity)?),
            Scalar::Float => ColumnBuilder::Float(reserve(capacity)?),
            Scalar::Bool => ColumnBuilder::Bool(reserve(capacity)?),
            Scalar::Char => ColumnBuilder::Char(reserve(capacity)?),
        })
    }

    /// A column of `len` zeros (`0`, `0.0`, `F`, code 0).
    pub(crate) fn zeros(element: Scalar, len: usize) -> Result<ColumnBuilder, String> {
        let mut column = ColumnBuilder::with_capacity(element, len)?;
        match &mut column {
            ColumnBuilder::Int(v) => v.resize(len, 0),
            ColumnBuilder::Float(v) => v.resize(len, 0.0),
            ColumnBuilder::Bool(v) | ColumnBuilder::Char(v) => v.resize(len, 0),
        }
        Ok(column)
    }

    /// A copy of `array`, to be updated in place.
    pub(crate) fn copy_of(array: &ArrayValue) -> Result<ColumnBuilder, String> {
        let mut column = ColumnBuilder::with_capacity(array.scalar(), array.len())?;
        match (&mut column, array) {
            (ColumnBuilder::Int(v), ArrayValue::Int(a)) => v.extend_from_slice(a),
            (ColumnBuilder::Float(v), ArrayValue::Float(a)) => v.extend_from_slice(a),
            (ColumnBuilder::Bool(v), ArrayValue::Bool(a)) | (ColumnBuilder::Char(v), ArrayValue::Char(a)) => {
                v.extend_from_slice(a)
            }
            _ => return Err("a column builder of the wrong type (evaluator bug)".to_string()),
        }
        Ok(column)
    }

    pub(crate) fn len(&self) -> usize {
        match self {
            ColumnBuilder::Int(v) => v.len(),
            ColumnBuilder::Float(v) => v.len(),
            ColumnBuilder::Bool(v) | ColumnBuilder::Char(v) => v.len(),
        }
    }

    /// Appends `value`, which must have the column's type.
    pub(crate) fn push(&mut self, value: ScalarValue) -> Result<(), String> {
        match (self, value) {
            (ColumnBuilder::Int(v), ScalarValue::Int(x)) => v.push(x),
            (ColumnBuilder::Float(v), ScalarValue::Float(x)) => v.push(x),
            (ColumnBuilder::Bool(v), ScalarValue::Bool(x)) => v.push(u8::from(x)),
            (ColumnBuilder::Char(v), ScalarValue::Char(x)) => v.push(x),
            (column, value) => return Err(mismatch(column, value)),
        }
        Ok(())
    }

    /// Overwrites element `i` (< `len`) with `value`, which must have the
    /// column's type.
    pub(crate) fn set(&mut self, i: usize, value: ScalarValue) -> Result<(), String> {
        let slot_missing = || "a write past the end of a result array (evaluator bug)".to_string();
        match (self, value) {
            (ColumnBuilder::Int(v), ScalarValue::Int(x)) => *v.get_mut(i).ok_or_else(slot_missing)? = x,
            (ColumnBuilder::Float(v), ScalarValue::Float(x)) => *v.get_mut(i).ok_or_else(slot_missing)? = x,
            (ColumnBuilder::Bool(v), ScalarValue::Bool(x)) => *v.get_mut(i).ok_or_else(slot_missing)? = u8::from(x),
            (ColumnBuilder::Char(v), ScalarValue::Char(x)) => *v.get_mut(i).ok_or_else(slot_missing)? = x,
            (column, value) => return Err(mismatch(column, value)),
        }
        Ok(())
    }

    pub(crate) fn finish(self) -> ArrayValue {
        match self {
            ColumnBuilder::Int(v) => ArrayValue::Int(Arc::new(v)),
            ColumnBuilder::Float(v) => ArrayValue::Float(Arc::new(v)),
            ColumnBuilder::Bool(v) => ArrayValue::Bool(Arc::new(v)),
            ColumnBuilder::Char(v) => ArrayValue::Char(Arc::new(v)),
        }
    }

    fn scalar(&self) -> Scalar {
        match self {
            ColumnBuilder::Int(_) => Scalar::Int,
            ColumnBuilder::Float(_) => Scalar::Float,
            ColumnBuilder::Bool(_) => Scalar::Bool,
            ColumnBuilder::Char(_) => Scalar::Char,
        }
    }
}

fn mismatch(column: &ColumnBuilder, value: ScalarValue) -> String {
    format!("a {} value stored in a [{}] array", value.scalar(), column.scalar())
}
