//! The types of the flat IR: scalars, and flat arrays of scalars.
//!
//! Every NESL value is represented by a handful of variables of these types
//! (see [`crate::ir::Repr`] and note [segment descriptors]): the flat IR
//! has no nested or tuple-valued arrays.

use std::fmt;

use nesl_frontend::Type;

/// A GPU base type (λcu's `b`). Sizes as on the device: `Int` is a 64-bit
/// `long`, `Float` a 64-bit `double`, `Bool` and `Char` are bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scalar {
    Int,
    Float,
    Bool,
    Char,
}

impl Scalar {
    /// The scalar type of a scalar NESL type.
    pub fn of(ty: &Type) -> Option<Scalar> {
        match ty {
            Type::Int => Some(Scalar::Int),
            Type::Float => Some(Scalar::Float),
            Type::Bool => Some(Scalar::Bool),
            Type::Char => Some(Scalar::Char),
            _ => None,
        }
    }

    pub fn nesl_type(self) -> Type {
        match self {
            Scalar::Int => Type::Int,
            Scalar::Float => Type::Float,
            Scalar::Bool => Type::Bool,
            Scalar::Char => Type::Char,
        }
    }

    /// Bytes per element on the device.
    pub fn size_bytes(self) -> usize {
        match self {
            Scalar::Int | Scalar::Float => 8,
            Scalar::Bool | Scalar::Char => 1,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Scalar::Int => "int",
            Scalar::Float => "float",
            Scalar::Bool => "bool",
            Scalar::Char => "char",
        }
    }
}

impl fmt::Display for Scalar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The type of a host or kernel variable.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum VarType {
    /// A scalar: on the host, a value the host program holds; in a kernel, a
    /// scalar argument or a value computed by a thunk.
    Scalar(Scalar),
    /// A flat array of scalars in device memory. Its length is part of the
    /// value (`#xs`).
    Array(Scalar),
}

impl VarType {
    pub fn scalar(self) -> Scalar {
        match self {
            VarType::Scalar(s) | VarType::Array(s) => s,
        }
    }

    pub fn is_array(self) -> bool {
        matches!(self, VarType::Array(_))
    }
}

impl fmt::Display for VarType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VarType::Scalar(s) => write!(f, "{s}"),
            VarType::Array(s) => write!(f, "[{s}]"),
        }
    }
}
