//! Monomorphic NESL types, as the typed program carries them.
//!
//! Polymorphism (type variables restricted by classes) exists only inside the
//! checker; after monomorphisation every type is one of these. Tuples are
//! pairs: `(a, b, c)` is `Pair(a, Pair(b, c))`, and prints back as
//! `(a, b, c)`.

use std::fmt;

/// Index of a monomorphic datatype instance in [`crate::tast::Program::datatypes`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DataId(pub u32);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// 64-bit two's-complement integer.
    Int,
    /// 64-bit IEEE double.
    Float,
    /// A byte holding 0 or 1.
    Bool,
    /// An 8-bit character code.
    Char,
    /// `[t]`
    Seq(Box<Type>),
    /// `(t1, t2)`
    Pair(Box<Type>, Box<Type>),
    /// A monomorphic instance of a user datatype.
    Data(DataId),
}

impl Type {
    pub fn seq(elem: Type) -> Type {
        Type::Seq(Box::new(elem))
    }

    pub fn pair(a: Type, b: Type) -> Type {
        Type::Pair(Box::new(a), Box::new(b))
    }

    /// `[char]`
    pub fn string() -> Type {
        Type::seq(Type::Char)
    }

    pub fn is_scalar(&self) -> bool {
        matches!(self, Type::Int | Type::Float | Type::Bool | Type::Char)
    }

    /// The element type of a sequence type.
    pub fn elem(&self) -> Option<&Type> {
        match self {
            Type::Seq(t) => Some(t),
            _ => None,
        }
    }

    /// Prints the type in NESL syntax, naming datatypes through `names`
    /// (indexed by [`DataId`]).
    pub fn display<'a>(&'a self, names: &'a dyn DataNames) -> TypeDisplay<'a> {
        TypeDisplay { ty: self, names }
    }
}

/// Gives the printed name of a datatype instance.
pub trait DataNames {
    fn data_name(&self, id: DataId) -> &str;
}

/// For printing types that contain no datatypes.
pub struct NoData;

impl DataNames for NoData {
    fn data_name(&self, _: DataId) -> &str {
        "?"
    }
}

pub struct TypeDisplay<'a> {
    ty: &'a Type,
    names: &'a dyn DataNames,
}

impl fmt::Display for TypeDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_type(f, self.ty, self.names)
    }
}

fn write_type(f: &mut fmt::Formatter<'_>, ty: &Type, names: &dyn DataNames) -> fmt::Result {
    match ty {
        Type::Int => f.write_str("int"),
        Type::Float => f.write_str("float"),
        Type::Bool => f.write_str("bool"),
        Type::Char => f.write_str("char"),
        Type::Seq(t) => {
            f.write_str("[")?;
            write_type(f, t, names)?;
            f.write_str("]")
        }
        Type::Pair(a, b) => {
            f.write_str("(")?;
            write_type(f, a, names)?;
            // Right-nested pairs print as one flat tuple.
            let mut rest = &**b;
            while let Type::Pair(x, y) = rest {
                f.write_str(", ")?;
                write_type(f, x, names)?;
                rest = y;
            }
            f.write_str(", ")?;
            write_type(f, rest, names)?;
            f.write_str(")")
        }
        Type::Data(id) => f.write_str(names.data_name(*id)),
    }
}

/// NESL's type classes: the sets of types a type variable may stand for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeClass {
    /// `int`, `float`
    Number,
    /// `int`, `float`, `char`
    Ordinal,
    /// `int`, `bool`
    Logical,
    /// every type
    Any,
}

impl TypeClass {
    pub fn from_name(name: &str) -> Option<TypeClass> {
        match name {
            "number" => Some(TypeClass::Number),
            "ordinal" => Some(TypeClass::Ordinal),
            "logical" => Some(TypeClass::Logical),
            "any" => Some(TypeClass::Any),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            TypeClass::Number => "number",
            TypeClass::Ordinal => "ordinal",
            TypeClass::Logical => "logical",
            TypeClass::Any => "any",
        }
    }

    /// Whether a monomorphic type belongs to the class.
    pub fn contains(self, ty: &Type) -> bool {
        match self {
            TypeClass::Number => matches!(ty, Type::Int | Type::Float),
            TypeClass::Ordinal => matches!(ty, Type::Int | Type::Float | Type::Char),
            TypeClass::Logical => matches!(ty, Type::Int | Type::Bool),
            TypeClass::Any => true,
        }
    }

    /// The largest class contained in both, if the two share any type.
    /// (`number ∩ logical = {int}` is not a class; callers that need it
    /// resolve the variable to `int` directly.)
    pub fn meet(self, other: TypeClass) -> Option<TypeClass> {
        use TypeClass::*;
        match (self, other) {
            (Any, c) | (c, Any) => Some(c),
            (a, b) if a == b => Some(a),
            (Number, Ordinal) | (Ordinal, Number) => Some(Number),
            _ => None,
        }
    }
}

impl fmt::Display for TypeClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tuples_print_flat_and_nested_sequences_print_nested() {
        let t = Type::pair(Type::Int, Type::pair(Type::Float, Type::Bool));
        assert_eq!(t.display(&NoData).to_string(), "(int, float, bool)");
        let left = Type::pair(Type::pair(Type::Int, Type::Float), Type::Bool);
        assert_eq!(left.display(&NoData).to_string(), "((int, float), bool)");
        let s = Type::seq(Type::seq(Type::pair(Type::Int, Type::string())));
        assert_eq!(s.display(&NoData).to_string(), "[[(int, [char])]]");
    }
}
