//! Run-time values, shared by every backend that produces results.
//!
//! # Representation
//! See note [columnar sequences]. A scalar is a [`Value`] variant of its own;
//! a sequence is a [`Seq`], stored by columns: a sequence of pairs is a pair
//! of sequences, a sequence of sequences is a segment descriptor (offsets)
//! over one flat inner sequence. This is the same layout flattening gives
//! nested data on the GPU, so results cross between the interpreter, the
//! flat-IR evaluator and the OpenCL runtime without reshaping.
//!
//! Every column is a shared vector plus a window (`start`, `len`), so taking
//! element `i` of a `[[int]]`, a `subseq`, a `zip` or the components of a
//! pair sequence is O(1) and copies nothing.
//!
//! # Printing
//! [`Value::display`] prints the format of CONTRACT.md: `-3`, `1.0`, `1e-7`,
//! `T`, `` `a ``, `"abc"`, `[1, 2]`, `(1, 2.5, T)`, `point(1.0, 2.0)`.

// Note [columnar sequences]
// ~~~~~~~~~~~~~~~~~~~~~~~~~
// Seq::Nested { offsets, inner } holds n+1 offsets for n segments; segment i
// is inner[offsets[i] .. offsets[i+1]]. Offsets are non-decreasing and index
// `inner` as a whole (its own window already applied), so slicing a nested
// sequence slices only its offsets. offsets[0] need not be 0.
//
// Seq::Pair(a, b) has a.len() == b.len(); Seq::Data has one column per field,
// all of length `len` (kept explicitly so a datatype with no fields still has
// a length).

use std::fmt;
use std::rc::Rc;

use crate::tast::DataDef;
use crate::types::{DataId, DataNames, Type};

#[derive(Clone, Debug)]
pub enum Value {
    Int(i64),
    Float(f64),
    Bool(bool),
    Char(u8),
    Pair(Rc<(Value, Value)>),
    Data(DataId, Rc<[Value]>),
    Seq(Seq),
}

/// A window `[start, start + len)` on a shared vector.
#[derive(Clone)]
pub struct Column<T> {
    data: Rc<Vec<T>>,
    start: usize,
    len: usize,
}

impl<T> Column<T> {
    pub fn from_vec(v: Vec<T>) -> Column<T> {
        let len = v.len();
        Column { data: Rc::new(v), start: 0, len }
    }

    pub fn as_slice(&self) -> &[T] {
        &self.data[self.start..self.start + self.len]
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Elements `[a, b)` of this window.
    pub fn slice(&self, a: usize, b: usize) -> Column<T> {
        assert!(a <= b && b <= self.len, "column slice {a}..{b} of {}", self.len);
        Column { data: self.data.clone(), start: self.start + a, len: b - a }
    }
}

impl<T: Clone> Column<T> {
    /// The elements as an owned vector (cheap when the window is the whole
    /// unshared vector).
    pub fn into_vec(self) -> Vec<T> {
        if self.start == 0 && self.len == self.data.len() {
            Rc::try_unwrap(self.data).unwrap_or_else(|rc| (*rc).clone())
        } else {
            self.as_slice().to_vec()
        }
    }
}

impl<T: fmt::Debug> fmt::Debug for Column<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T> From<Vec<T>> for Column<T> {
    fn from(v: Vec<T>) -> Column<T> {
        Column::from_vec(v)
    }
}

/// A sequence, stored by columns. See note [columnar sequences].
#[derive(Clone, Debug)]
pub enum Seq {
    Int(Column<i64>),
    Float(Column<f64>),
    Bool(Column<bool>),
    Char(Column<u8>),
    Pair(Box<Seq>, Box<Seq>),
    Data { data: DataId, fields: Rc<[Seq]>, len: usize },
    Nested { offsets: Column<usize>, inner: Box<Seq> },
}

impl Seq {
    pub fn len(&self) -> usize {
        match self {
            Seq::Int(c) => c.len(),
            Seq::Float(c) => c.len(),
            Seq::Bool(c) => c.len(),
            Seq::Char(c) => c.len(),
            Seq::Pair(a, _) => a.len(),
            Seq::Data { len, .. } => *len,
            Seq::Nested { offsets, .. } => offsets.len() - 1,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The empty sequence with elements of type `elem`.
    pub fn empty(elem: &Type, datatypes: &[DataDef]) -> Seq {
        SeqBuilder::new(elem, datatypes).finish()
    }

    pub fn from_ints(v: Vec<i64>) -> Seq {
        Seq::Int(Column::from_vec(v))
    }

    pub fn from_floats(v: Vec<f64>) -> Seq {
        Seq::Float(Column::from_vec(v))
    }

    pub fn from_bools(v: Vec<bool>) -> Seq {
        Seq::Bool(Column::from_vec(v))
    }

    pub fn from_chars(v: Vec<u8>) -> Seq {
        Seq::Char(Column::from_vec(v))
    }

    /// A nested sequence from segment lengths and the flat inner data.
    /// Panics if the lengths do not add up to `inner.len()`.
    pub fn from_lengths(lengths: &[usize], inner: Seq) -> Seq {
        let mut offsets = Vec::with_capacity(lengths.len() + 1);
        let mut acc = 0usize;
        offsets.push(0);
        for &l in lengths {
            acc += l;
            offsets.push(acc);
        }
        assert_eq!(acc, inner.len(), "segment lengths do not cover the data");
        Seq::Nested { offsets: Column::from_vec(offsets), inner: Box::new(inner) }
    }

    /// Element `i`. Panics if `i >= len` (callers check and report).
    pub fn get(&self, i: usize) -> Value {
        match self {
            Seq::Int(c) => Value::Int(c.as_slice()[i]),
            Seq::Float(c) => Value::Float(c.as_slice()[i]),
            Seq::Bool(c) => Value::Bool(c.as_slice()[i]),
            Seq::Char(c) => Value::Char(c.as_slice()[i]),
            Seq::Pair(a, b) => Value::Pair(Rc::new((a.get(i), b.get(i)))),
            Seq::Data { data, fields, len } => {
                assert!(i < *len);
                Value::Data(*data, fields.iter().map(|f| f.get(i)).collect())
            }
            Seq::Nested { offsets, inner } => {
                let o = offsets.as_slice();
                Value::Seq(inner.slice(o[i], o[i + 1]))
            }
        }
    }

    /// Elements `[a, b)`, sharing storage. Panics unless `a <= b <= len`.
    pub fn slice(&self, a: usize, b: usize) -> Seq {
        match self {
            Seq::Int(c) => Seq::Int(c.slice(a, b)),
            Seq::Float(c) => Seq::Float(c.slice(a, b)),
            Seq::Bool(c) => Seq::Bool(c.slice(a, b)),
            Seq::Char(c) => Seq::Char(c.slice(a, b)),
            Seq::Pair(x, y) => Seq::Pair(Box::new(x.slice(a, b)), Box::new(y.slice(a, b))),
            Seq::Data { data, fields, len } => {
                assert!(a <= b && b <= *len);
                Seq::Data { data: *data, fields: fields.iter().map(|f| f.slice(a, b)).collect(), len: b - a }
            }
            Seq::Nested { offsets, inner } => Seq::Nested { offsets: offsets.slice(a, b + 1), inner: inner.clone() },
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = Value> + '_ {
        (0..self.len()).map(move |i| self.get(i))
    }

    /// For a nested sequence: the segment lengths and the inner elements
    /// that the segments cover, as one flat sequence.
    pub fn segments(&self) -> Option<(Vec<usize>, Seq)> {
        match self {
            Seq::Nested { offsets, inner } => {
                let o = offsets.as_slice();
                let lengths = o.windows(2).map(|w| w[1] - w[0]).collect();
                Some((lengths, inner.slice(o[0], o[o.len() - 1])))
            }
            _ => None,
        }
    }

    pub fn as_ints(&self) -> Option<&[i64]> {
        match self {
            Seq::Int(c) => Some(c.as_slice()),
            _ => None,
        }
    }

    pub fn as_floats(&self) -> Option<&[f64]> {
        match self {
            Seq::Float(c) => Some(c.as_slice()),
            _ => None,
        }
    }

    pub fn as_bools(&self) -> Option<&[bool]> {
        match self {
            Seq::Bool(c) => Some(c.as_slice()),
            _ => None,
        }
    }

    pub fn as_chars(&self) -> Option<&[u8]> {
        match self {
            Seq::Char(c) => Some(c.as_slice()),
            _ => None,
        }
    }

    /// Concatenates sequences of the same element type (`elem`).
    pub fn concat(elem: &Type, datatypes: &[DataDef], parts: &[Seq]) -> Seq {
        let mut b = SeqBuilder::new(elem, datatypes);
        for p in parts {
            b.extend(p);
        }
        b.finish()
    }
}

/// Builds a sequence element by element (or sequence by sequence), column
/// by column.
#[derive(Debug)]
pub enum SeqBuilder {
    Int(Vec<i64>),
    Float(Vec<f64>),
    Bool(Vec<bool>),
    Char(Vec<u8>),
    Pair(Box<SeqBuilder>, Box<SeqBuilder>),
    Data { data: DataId, fields: Vec<SeqBuilder>, len: usize },
    Nested { offsets: Vec<usize>, inner: Box<SeqBuilder> },
}

impl SeqBuilder {
    pub fn new(elem: &Type, datatypes: &[DataDef]) -> SeqBuilder {
        match elem {
            Type::Int => SeqBuilder::Int(Vec::new()),
            Type::Float => SeqBuilder::Float(Vec::new()),
            Type::Bool => SeqBuilder::Bool(Vec::new()),
            Type::Char => SeqBuilder::Char(Vec::new()),
            Type::Pair(a, b) => {
                SeqBuilder::Pair(Box::new(SeqBuilder::new(a, datatypes)), Box::new(SeqBuilder::new(b, datatypes)))
            }
            Type::Data(id) => SeqBuilder::Data {
                data: *id,
                fields: datatypes[id.0 as usize].fields.iter().map(|t| SeqBuilder::new(t, datatypes)).collect(),
                len: 0,
            },
            Type::Seq(t) => SeqBuilder::Nested { offsets: vec![0], inner: Box::new(SeqBuilder::new(t, datatypes)) },
        }
    }

    /// Reserves room for `n` more elements at the top level.
    pub fn reserve(&mut self, n: usize) {
        match self {
            SeqBuilder::Int(v) => v.reserve(n),
            SeqBuilder::Float(v) => v.reserve(n),
            SeqBuilder::Bool(v) => v.reserve(n),
            SeqBuilder::Char(v) => v.reserve(n),
            SeqBuilder::Pair(a, b) => {
                a.reserve(n);
                b.reserve(n);
            }
            SeqBuilder::Data { fields, .. } => fields.iter_mut().for_each(|f| f.reserve(n)),
            SeqBuilder::Nested { offsets, .. } => offsets.reserve(n),
        }
    }

    /// Appends one element. Panics if the value does not have the builder's
    /// element type (the typed program guarantees it does).
    pub fn push(&mut self, v: &Value) {
        match (self, v) {
            (SeqBuilder::Int(c), Value::Int(x)) => c.push(*x),
            (SeqBuilder::Float(c), Value::Float(x)) => c.push(*x),
            (SeqBuilder::Bool(c), Value::Bool(x)) => c.push(*x),
            (SeqBuilder::Char(c), Value::Char(x)) => c.push(*x),
            (SeqBuilder::Pair(a, b), Value::Pair(p)) => {
                a.push(&p.0);
                b.push(&p.1);
            }
            (SeqBuilder::Data { fields, len, .. }, Value::Data(_, vs)) => {
                for (f, v) in fields.iter_mut().zip(vs.iter()) {
                    f.push(v);
                }
                *len += 1;
            }
            (SeqBuilder::Nested { offsets, inner }, Value::Seq(s)) => {
                inner.extend(s);
                offsets.push(offsets.last().unwrap() + s.len());
            }
            (b, v) => panic!("value {v:?} does not fit a sequence builder {b:?}"),
        }
    }

    /// Appends every element of `s`.
    pub fn extend(&mut self, s: &Seq) {
        match (self, s) {
            (SeqBuilder::Int(c), Seq::Int(x)) => c.extend_from_slice(x.as_slice()),
            (SeqBuilder::Float(c), Seq::Float(x)) => c.extend_from_slice(x.as_slice()),
            (SeqBuilder::Bool(c), Seq::Bool(x)) => c.extend_from_slice(x.as_slice()),
            (SeqBuilder::Char(c), Seq::Char(x)) => c.extend_from_slice(x.as_slice()),
            (SeqBuilder::Pair(a, b), Seq::Pair(x, y)) => {
                a.extend(x);
                b.extend(y);
            }
            (SeqBuilder::Data { fields, len, .. }, Seq::Data { fields: xs, len: n, .. }) => {
                for (f, x) in fields.iter_mut().zip(xs.iter()) {
                    f.extend(x);
                }
                *len += n;
            }
            (SeqBuilder::Nested { offsets, inner }, Seq::Nested { offsets: o, inner: x }) => {
                let o = o.as_slice();
                let base = *offsets.last().unwrap();
                offsets.extend(o[1..].iter().map(|&e| base + (e - o[0])));
                inner.extend(&x.slice(o[0], o[o.len() - 1]));
            }
            (b, s) => panic!("sequence {s:?} does not fit a sequence builder {b:?}"),
        }
    }

    pub fn len(&self) -> usize {
        match self {
            SeqBuilder::Int(c) => c.len(),
            SeqBuilder::Float(c) => c.len(),
            SeqBuilder::Bool(c) => c.len(),
            SeqBuilder::Char(c) => c.len(),
            SeqBuilder::Pair(a, _) => a.len(),
            SeqBuilder::Data { len, .. } => *len,
            SeqBuilder::Nested { offsets, .. } => offsets.len() - 1,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn finish(self) -> Seq {
        match self {
            SeqBuilder::Int(c) => Seq::from_ints(c),
            SeqBuilder::Float(c) => Seq::from_floats(c),
            SeqBuilder::Bool(c) => Seq::from_bools(c),
            SeqBuilder::Char(c) => Seq::from_chars(c),
            SeqBuilder::Pair(a, b) => Seq::Pair(Box::new(a.finish()), Box::new(b.finish())),
            SeqBuilder::Data { data, fields, len } => {
                Seq::Data { data, fields: fields.into_iter().map(SeqBuilder::finish).collect(), len }
            }
            SeqBuilder::Nested { offsets, inner } => {
                Seq::Nested { offsets: Column::from_vec(offsets), inner: Box::new(inner.finish()) }
            }
        }
    }
}

impl Value {
    pub fn pair(a: Value, b: Value) -> Value {
        Value::Pair(Rc::new((a, b)))
    }

    pub fn string(s: &[u8]) -> Value {
        Value::Seq(Seq::from_chars(s.to_vec()))
    }

    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(x) => Some(*x),
            _ => None,
        }
    }

    pub fn as_float(&self) -> Option<f64> {
        match self {
            Value::Float(x) => Some(*x),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(x) => Some(*x),
            _ => None,
        }
    }

    pub fn as_seq(&self) -> Option<&Seq> {
        match self {
            Value::Seq(s) => Some(s),
            _ => None,
        }
    }

    /// Prints the value in the format of CONTRACT.md.
    pub fn display<'a>(&'a self, names: &'a dyn DataNames) -> ValueDisplay<'a> {
        ValueDisplay { value: self, names }
    }

    /// Deep structural equality (`eql`); floats compare with `==`.
    pub fn deep_eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Float(a), Value::Float(b)) => a == b,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Char(a), Value::Char(b)) => a == b,
            (Value::Pair(a), Value::Pair(b)) => a.0.deep_eq(&b.0) && a.1.deep_eq(&b.1),
            (Value::Data(i, a), Value::Data(j, b)) => i == j && a.iter().zip(b.iter()).all(|(x, y)| x.deep_eq(y)),
            (Value::Seq(a), Value::Seq(b)) => a.deep_eq(b),
            _ => false,
        }
    }

    /// Equality for comparing backends: like [`Value::deep_eq`], but NaN
    /// equals NaN and floats may differ by `rel_tol` relative error.
    pub fn approx_eq(&self, other: &Value, rel_tol: f64) -> bool {
        match (self, other) {
            (Value::Float(a), Value::Float(b)) => floats_close(*a, *b, rel_tol),
            (Value::Pair(a), Value::Pair(b)) => a.0.approx_eq(&b.0, rel_tol) && a.1.approx_eq(&b.1, rel_tol),
            (Value::Data(i, a), Value::Data(j, b)) => {
                i == j && a.iter().zip(b.iter()).all(|(x, y)| x.approx_eq(y, rel_tol))
            }
            (Value::Seq(a), Value::Seq(b)) => {
                a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.approx_eq(&y, rel_tol))
            }
            _ => self.deep_eq(other),
        }
    }
}

fn floats_close(a: f64, b: f64, rel_tol: f64) -> bool {
    if a == b || (a.is_nan() && b.is_nan()) {
        return true;
    }
    let scale = a.abs().max(b.abs()).max(1e-300);
    (a - b).abs() / scale <= rel_tol
}

impl Seq {
    pub fn deep_eq(&self, other: &Seq) -> bool {
        match (self, other) {
            (Seq::Int(a), Seq::Int(b)) => a.as_slice() == b.as_slice(),
            (Seq::Float(a), Seq::Float(b)) => a.as_slice() == b.as_slice(),
            (Seq::Bool(a), Seq::Bool(b)) => a.as_slice() == b.as_slice(),
            (Seq::Char(a), Seq::Char(b)) => a.as_slice() == b.as_slice(),
            _ => self.len() == other.len() && self.iter().zip(other.iter()).all(|(x, y)| x.deep_eq(&y)),
        }
    }
}

pub struct ValueDisplay<'a> {
    value: &'a Value,
    names: &'a dyn DataNames,
}

impl fmt::Display for ValueDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_value(f, self.value, self.names)
    }
}

/// Formats a float as the shortest text that reads back to the same double,
/// always with a `.` or an exponent: `1.0`, `2.5`, `1e-7`, `inf`, `NaN`.
pub fn format_float(x: f64) -> String {
    // Rust's `Debug` for f64 is the shortest round-trip form and always
    // has a '.' or an exponent; it spells the specials `inf`, `-inf`, `NaN`.
    format!("{x:?}")
}

/// Formats a character as `` `a ``; control characters use escapes.
pub fn format_char(c: u8) -> String {
    match c {
        b'\n' => "`\\n".to_string(),
        b'\t' => "`\\t".to_string(),
        b'\r' => "`\\r".to_string(),
        0x20..=0x7e => format!("`{}", c as char),
        _ => format!("`\\x{c:02x}"),
    }
}

fn write_string(f: &mut fmt::Formatter<'_>, bytes: &[u8]) -> fmt::Result {
    f.write_str("\"")?;
    for &c in bytes {
        match c {
            b'"' => f.write_str("\\\"")?,
            b'\\' => f.write_str("\\\\")?,
            b'\n' => f.write_str("\\n")?,
            b'\t' => f.write_str("\\t")?,
            b'\r' => f.write_str("\\r")?,
            0x20..=0x7e => write!(f, "{}", c as char)?,
            _ => write!(f, "\\x{c:02x}")?,
        }
    }
    f.write_str("\"")
}

fn write_value(f: &mut fmt::Formatter<'_>, v: &Value, names: &dyn DataNames) -> fmt::Result {
    match v {
        Value::Int(x) => write!(f, "{x}"),
        Value::Float(x) => f.write_str(&format_float(*x)),
        Value::Bool(b) => f.write_str(if *b { "T" } else { "F" }),
        Value::Char(c) => f.write_str(&format_char(*c)),
        Value::Pair(p) => {
            f.write_str("(")?;
            write_value(f, &p.0, names)?;
            let mut rest = &p.1;
            while let Value::Pair(q) = rest {
                f.write_str(", ")?;
                write_value(f, &q.0, names)?;
                rest = &q.1;
            }
            f.write_str(", ")?;
            write_value(f, rest, names)?;
            f.write_str(")")
        }
        Value::Data(id, fields) => {
            f.write_str(names.data_name(*id))?;
            f.write_str("(")?;
            for (i, x) in fields.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write_value(f, x, names)?;
            }
            f.write_str(")")
        }
        Value::Seq(s) => write_seq(f, s, names),
    }
}

fn write_seq(f: &mut fmt::Formatter<'_>, s: &Seq, names: &dyn DataNames) -> fmt::Result {
    match s {
        Seq::Char(c) => write_string(f, c.as_slice()),
        Seq::Int(c) => write_list(f, c.as_slice().iter(), |f, x| write!(f, "{x}")),
        Seq::Float(c) => write_list(f, c.as_slice().iter(), |f, x| f.write_str(&format_float(*x))),
        Seq::Bool(c) => write_list(f, c.as_slice().iter(), |f, b| f.write_str(if *b { "T" } else { "F" })),
        _ => write_list(f, s.iter(), |f, v| write_value(f, &v, names)),
    }
}

fn write_list<T>(
    f: &mut fmt::Formatter<'_>,
    items: impl Iterator<Item = T>,
    mut each: impl FnMut(&mut fmt::Formatter<'_>, T) -> fmt::Result,
) -> fmt::Result {
    f.write_str("[")?;
    for (i, x) in items.enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        each(f, x)?;
    }
    f.write_str("]")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::NoData;

    fn show(v: &Value) -> String {
        v.display(&NoData).to_string()
    }

    #[test]
    fn scalars_print_as_the_contract_says() {
        assert_eq!(show(&Value::Int(-3)), "-3");
        assert_eq!(show(&Value::Float(1.0)), "1.0");
        assert_eq!(show(&Value::Float(2.5)), "2.5");
        assert_eq!(show(&Value::Float(1e-7)), "1e-7");
        assert_eq!(show(&Value::Float(f64::INFINITY)), "inf");
        assert_eq!(show(&Value::Float(f64::NAN)), "NaN");
        assert_eq!(show(&Value::Float(0.1 + 0.2)), "0.30000000000000004");
        assert_eq!(show(&Value::Bool(true)), "T");
        assert_eq!(show(&Value::Char(b'a')), "`a");
    }

    #[test]
    fn sequences_tuples_and_strings_print_as_the_contract_says() {
        assert_eq!(show(&Value::Seq(Seq::from_ints(vec![1, 2, 3]))), "[1, 2, 3]");
        assert_eq!(show(&Value::Seq(Seq::from_ints(vec![]))), "[]");
        assert_eq!(show(&Value::string(b"abc")), "\"abc\"");
        let t = Value::pair(Value::Int(1), Value::pair(Value::Float(2.5), Value::Bool(true)));
        assert_eq!(show(&t), "(1, 2.5, T)");
        let nested = Seq::from_lengths(&[2, 0, 1], Seq::from_ints(vec![1, 2, 3]));
        assert_eq!(show(&Value::Seq(nested)), "[[1, 2], [], [3]]");
    }

    #[test]
    fn slicing_nested_sequences_shares_the_inner_data() {
        let nested = Seq::from_lengths(&[2, 0, 1, 3], Seq::from_ints(vec![1, 2, 3, 4, 5, 6]));
        let tail = nested.slice(2, 4);
        assert_eq!(show(&Value::Seq(tail.clone())), "[[3], [4, 5, 6]]");
        let (lengths, flat) = tail.segments().unwrap();
        assert_eq!(lengths, vec![1, 3]);
        assert_eq!(flat.as_ints().unwrap(), &[3, 4, 5, 6]);
        // Rebuilding through a builder renumbers the offsets from zero.
        let mut b = SeqBuilder::new(&Type::seq(Type::Int), &[]);
        b.extend(&tail);
        b.push(&Value::Seq(Seq::from_ints(vec![9])));
        assert_eq!(show(&Value::Seq(b.finish())), "[[3], [4, 5, 6], [9]]");
    }

    #[test]
    fn pairs_of_sequences_index_componentwise() {
        let s = Seq::Pair(Box::new(Seq::from_ints(vec![1, 2])), Box::new(Seq::from_bools(vec![true, false])));
        assert_eq!(show(&Value::Seq(s)), "[(1, T), (2, F)]");
    }
}
