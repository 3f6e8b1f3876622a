//! Primitives on sequences, working on whole columns.
//!
//! Scalar columns are processed as slices (`&[i64]`, `&[f64]`, ...). The
//! reorderings (`->`, `permute`, `<-`, `pack`) all reduce to one kernel,
//! [`gather`], which follows the columnar layout of note [columnar
//! sequences] (`value.rs`) down through pairs, datatypes and nesting, so no
//! element is ever rebuilt as a [`Value`]. Slicing primitives (`subseq`,
//! `partition`, `flatten`, `zip`) share their argument's storage.
//!
//! Lengths computed from the program's data (`dist`, `iseq`, a gather with
//! repeated indices) are checked against [`MAX_SEQUENCE_LENGTH`] before
//! anything is allocated, and the allocation itself is fallible, so an
//! absurd request faults instead of aborting the process.

use std::cmp::Ordering;

use crate::builtins::Prim;
use crate::tast::DataDef;
use crate::types::Type;
use crate::value::{Column, Seq, SeqBuilder, Value};

use super::prims_scalar::{PrimResult, float_max, float_min, float_order};

/// The most elements any one column of a sequence built by a primitive may
/// have: 2^31, as on the GPU backends, whose kernels index with 32-bit ints.
pub const MAX_SEQUENCE_LENGTH: usize = 1 << 31;

/// The message of a fault for a sequence over [`MAX_SEQUENCE_LENGTH`].
fn too_large(name: &str, length: u128) -> String {
    format!("sequence too large in `{name}`: {length} elements (the limit is 2^31)")
}

/// An empty vector with room for `length` elements, or the fault message if
/// the length is over the limit or the memory cannot be had.
fn allocate<T>(name: &str, length: u128) -> Result<Vec<T>, String> {
    if length > MAX_SEQUENCE_LENGTH as u128 {
        return Err(too_large(name, length));
    }
    let mut column = Vec::new();
    column.try_reserve_exact(length as usize).map_err(|_| format!("out of memory in `{name}`: {length} elements"))?;
    Ok(column)
}

/// Checks an index against a sequence's length.
fn check_index(name: &str, index: i64, length: usize) -> Result<usize, String> {
    match usize::try_from(index) {
        Ok(i) if i < length => Ok(i),
        _ => Err(format!("index out of range in `{name}`: index {index}, length {length}")),
    }
}

/// `dist(value, count)`: `count` copies of `value`, whose type is `elem`.
pub(super) fn dist(value: &Value, count: i64, elem: &Type, datatypes: &[DataDef]) -> PrimResult {
    let Ok(count) = usize::try_from(count) else {
        return Err(format!("`dist`: negative count {count}"));
    };
    let widest = count as u128 * widest_column_of_value(value) as u128;
    if widest > MAX_SEQUENCE_LENGTH as u128 {
        return Err(too_large("dist", widest));
    }
    Ok(Value::Seq(repeat(value, count, elem, datatypes)?))
}

/// The length of the longest column that one copy of `value` adds to a
/// sequence (1 for a scalar).
fn widest_column_of_value(value: &Value) -> usize {
    match value {
        Value::Int(_) | Value::Float(_) | Value::Bool(_) | Value::Char(_) => 1,
        Value::Pair(pair) => widest_column_of_value(&pair.0).max(widest_column_of_value(&pair.1)),
        Value::Data(_, fields) => fields.iter().map(widest_column_of_value).max().unwrap_or(1),
        Value::Seq(seq) => widest_column(seq).max(1),
    }
}

/// The length of the longest column of `seq`, through its nesting.
fn widest_column(seq: &Seq) -> usize {
    match seq {
        Seq::Int(_) | Seq::Float(_) | Seq::Bool(_) | Seq::Char(_) => seq.len(),
        Seq::Pair(a, b) => widest_column(a).max(widest_column(b)),
        Seq::Data { fields, len, .. } => fields.iter().map(widest_column).fold(*len, usize::max),
        Seq::Nested { offsets, inner } => seq.len().max(widest_column(&covered(offsets, inner))),
    }
}

/// `count` copies of `value` (of type `elem`), column by column. The caller
/// has checked the sizes.
fn repeat(value: &Value, count: usize, elem: &Type, datatypes: &[DataDef]) -> Result<Seq, String> {
    fn filled<T: Clone>(x: T, count: usize) -> Result<Column<T>, String> {
        let mut column = allocate("dist", count as u128)?;
        column.resize(count, x);
        Ok(Column::from_vec(column))
    }
    Ok(match (value, elem) {
        (Value::Int(x), _) => Seq::Int(filled(*x, count)?),
        (Value::Float(x), _) => Seq::Float(filled(*x, count)?),
        (Value::Bool(x), _) => Seq::Bool(filled(*x, count)?),
        (Value::Char(x), _) => Seq::Char(filled(*x, count)?),
        (Value::Pair(pair), Type::Pair(a, b)) => {
            Seq::Pair(Box::new(repeat(&pair.0, count, a, datatypes)?), Box::new(repeat(&pair.1, count, b, datatypes)?))
        }
        (Value::Data(id, fields), _) => {
            let types = &datatypes[id.0 as usize].fields;
            let columns = fields.iter().zip(types).map(|(f, t)| repeat(f, count, t, datatypes));
            Seq::Data { data: *id, fields: columns.collect::<Result<_, _>>()?, len: count }
        }
        (Value::Seq(seq), Type::Seq(inner)) => {
            let offsets = (0..=count).map(|k| k * seq.len()).collect();
            let mut contents = SeqBuilder::new(inner, datatypes);
            for _ in 0..count {
                contents.extend(seq);
            }
            Seq::Nested { offsets: Column::from_vec(offsets), inner: Box::new(contents.finish()) }
        }
        _ => return Err("compiler bug: `dist` of a value that does not have the element type".to_string()),
    })
}

/// `s[i]`, bounds-checked.
pub(super) fn elt(seq: &Seq, index: i64) -> PrimResult {
    Ok(seq.get(check_index("elt", index, seq.len())?))
}

/// `zip(a, b)`: shares both sequences.
pub(super) fn zip(a: &Seq, b: &Seq) -> PrimResult {
    if a.len() != b.len() {
        return Err(format!("`zip` of sequences of different lengths: {} and {}", a.len(), b.len()));
    }
    Ok(Value::Seq(Seq::Pair(Box::new(a.clone()), Box::new(b.clone()))))
}

/// `iseq(start, stride, end)`: `start, start + stride, ...` while before
/// `end`.
pub(super) fn iseq(start: i64, stride: i64, end: i64) -> PrimResult {
    if stride == 0 {
        return Err("`iseq`: the stride is zero".to_string());
    }
    let (start, stride, end) = (i128::from(start), i128::from(stride), i128::from(end));
    let distance = if stride > 0 { end - start } else { start - end };
    let count = if distance <= 0 { 0 } else { (distance + stride.abs() - 1) / stride.abs() } as u128;
    let mut column = allocate("iseq", count)?;
    column.extend((0..count as i128).map(|k| (start + k * stride) as i64));
    Ok(Value::Seq(Seq::from_ints(column)))
}

/// The identity and the operation of a scan or reduction.
type Monoid<T> = (T, fn(T, T) -> T);

/// The identity and operation of a scan or reduction over ints.
fn int_monoid(prim: Prim) -> Option<Monoid<i64>> {
    Some(match prim {
        Prim::PlusScan | Prim::Sum => (0, i64::wrapping_add),
        Prim::MultScan | Prim::Product => (1, i64::wrapping_mul),
        Prim::MaxScan | Prim::MaxVal => (i64::MIN, i64::max),
        Prim::MinScan | Prim::MinVal => (i64::MAX, i64::min),
        Prim::OrScan | Prim::Any => (0, |x, y| x | y),
        Prim::AndScan | Prim::All => (-1, |x, y| x & y),
        _ => return None,
    })
}

/// The identity and operation of a scan or reduction over floats.
fn float_monoid(prim: Prim) -> Option<Monoid<f64>> {
    Some(match prim {
        Prim::PlusScan | Prim::Sum => (0.0, |x, y| x + y),
        Prim::MultScan | Prim::Product => (1.0, |x, y| x * y),
        Prim::MaxScan | Prim::MaxVal => (f64::NEG_INFINITY, float_max),
        Prim::MinScan | Prim::MinVal => (f64::INFINITY, float_min),
        _ => return None,
    })
}

/// The identity and operation of a scan or reduction over chars.
fn char_monoid(prim: Prim) -> Option<Monoid<u8>> {
    Some(match prim {
        Prim::MaxScan | Prim::MaxVal => (0, u8::max),
        Prim::MinScan | Prim::MinVal => (255, u8::min),
        _ => return None,
    })
}

/// The identity and operation of a scan or reduction over bools.
fn bool_monoid(prim: Prim) -> Option<Monoid<bool>> {
    Some(match prim {
        Prim::OrScan | Prim::Any => (false, |x, y| x | y),
        Prim::AndScan | Prim::All => (true, |x, y| x & y),
        Prim::Parity => (false, |x, y| x ^ y),
        _ => return None,
    })
}

fn exclusive_scan<T: Copy>(xs: &[T], (identity, op): Monoid<T>) -> Vec<T> {
    let mut total = identity;
    xs.iter()
        .map(|&x| {
            let before = total;
            total = op(total, x);
            before
        })
        .collect()
}

fn reduce<T: Copy>(xs: &[T], (identity, op): Monoid<T>) -> T {
    xs.iter().fold(identity, |total, &x| op(total, x))
}

/// An exclusive scan (`plus_scan`, `max_scan`, ...).
pub(super) fn scan(prim: Prim, seq: &Seq) -> Option<Value> {
    let scanned = match seq {
        Seq::Int(c) => Seq::from_ints(exclusive_scan(c.as_slice(), int_monoid(prim)?)),
        Seq::Float(c) => Seq::from_floats(exclusive_scan(c.as_slice(), float_monoid(prim)?)),
        Seq::Char(c) => Seq::from_chars(exclusive_scan(c.as_slice(), char_monoid(prim)?)),
        Seq::Bool(c) => Seq::from_bools(exclusive_scan(c.as_slice(), bool_monoid(prim)?)),
        _ => return None,
    };
    Some(Value::Seq(scanned))
}

/// A reduction (`sum`, `max_val`, `parity`, ...); the identity for an empty
/// sequence.
pub(super) fn reduction(prim: Prim, seq: &Seq) -> Option<Value> {
    Some(match seq {
        Seq::Int(c) => Value::Int(reduce(c.as_slice(), int_monoid(prim)?)),
        Seq::Float(c) => Value::Float(reduce(c.as_slice(), float_monoid(prim)?)),
        Seq::Char(c) => Value::Char(reduce(c.as_slice(), char_monoid(prim)?)),
        Seq::Bool(c) => Value::Bool(reduce(c.as_slice(), bool_monoid(prim)?)),
        _ => return None,
    })
}

/// `max_index` (`wanted` = `Greater`) or `min_index` (`Less`): the first
/// position of the extreme; faults on an empty sequence.
pub(super) fn extreme_index(name: &str, seq: &Seq, wanted: Ordering) -> Option<PrimResult> {
    fn first_extreme<T: Copy>(xs: &[T], wanted: Ordering, cmp: impl Fn(T, T) -> Ordering) -> usize {
        let mut best = 0;
        for (i, &x) in xs.iter().enumerate().skip(1) {
            if cmp(x, xs[best]) == wanted {
                best = i;
            }
        }
        best
    }
    if seq.is_empty() {
        return Some(Err(format!("`{name}` of an empty sequence")));
    }
    let position = match seq {
        Seq::Int(c) => first_extreme(c.as_slice(), wanted, |x, y| x.cmp(&y)),
        Seq::Float(c) => first_extreme(c.as_slice(), wanted, float_order),
        Seq::Char(c) => first_extreme(c.as_slice(), wanted, |x, y| x.cmp(&y)),
        _ => return None,
    };
    Some(Ok(Value::Int(position as i64)))
}

/// The elements of `seq` at positions `indices` (each `< seq.len()`), in
/// that order: the one reordering kernel, column by column.
fn gather(name: &str, seq: &Seq, indices: &[usize]) -> Result<Seq, String> {
    fn pick<T: Copy>(column: &Column<T>, indices: &[usize]) -> Column<T> {
        let xs = column.as_slice();
        Column::from_vec(indices.iter().map(|&i| xs[i]).collect())
    }
    Ok(match seq {
        Seq::Int(c) => Seq::Int(pick(c, indices)),
        Seq::Float(c) => Seq::Float(pick(c, indices)),
        Seq::Bool(c) => Seq::Bool(pick(c, indices)),
        Seq::Char(c) => Seq::Char(pick(c, indices)),
        Seq::Pair(a, b) => Seq::Pair(Box::new(gather(name, a, indices)?), Box::new(gather(name, b, indices)?)),
        Seq::Data { data, fields, .. } => Seq::Data {
            data: *data,
            fields: fields.iter().map(|f| gather(name, f, indices)).collect::<Result<_, _>>()?,
            len: indices.len(),
        },
        Seq::Nested { offsets, inner } => {
            let o = offsets.as_slice();
            let total: u128 = indices.iter().map(|&i| (o[i + 1] - o[i]) as u128).sum();
            let mut inner_indices = allocate(name, total)?;
            let mut new_offsets = Vec::with_capacity(indices.len() + 1);
            new_offsets.push(0);
            for &i in indices {
                inner_indices.extend(o[i]..o[i + 1]);
                new_offsets.push(inner_indices.len());
            }
            let inner = gather(name, inner, &inner_indices)?;
            Seq::Nested { offsets: Column::from_vec(new_offsets), inner: Box::new(inner) }
        }
    })
}

/// `s -> indices`: `result[j] = s[indices[j]]`.
pub(super) fn read(seq: &Seq, indices: &[i64]) -> PrimResult {
    let indices: Vec<usize> = indices.iter().map(|&i| check_index("->", i, seq.len())).collect::<Result<_, _>>()?;
    Ok(Value::Seq(gather("->", seq, &indices)?))
}

/// `permute(s, indices)`: `result[indices[j]] = s[j]`, where `indices` must
/// be a permutation of the positions of `s`.
pub(super) fn permute(seq: &Seq, indices: &[i64]) -> PrimResult {
    let length = seq.len();
    if indices.len() != length {
        return Err(format!("`permute`: {} indices for a sequence of {length} elements", indices.len()));
    }
    const UNSET: usize = usize::MAX;
    let mut source = vec![UNSET; length];
    for (j, &i) in indices.iter().enumerate() {
        let target = check_index("permute", i, length)?;
        if source[target] != UNSET {
            return Err(format!("`permute`: index {i} appears twice"));
        }
        source[target] = j;
    }
    Ok(Value::Seq(gather("permute", seq, &source)?))
}

/// `s <- pairs`: a copy of `s` with `s[i] = v` for each `(i, v)` in order,
/// so the last write to a position wins.
pub(super) fn write(seq: &Seq, pairs: &Seq, elem: &Type, datatypes: &[DataDef]) -> Option<PrimResult> {
    let Seq::Pair(positions, values) = pairs else { return None };
    let positions = positions.as_ints()?;
    let length = seq.len();
    // Gather from `seq ++ values`: position i takes its own element unless
    // a pair writes it.
    let mut source: Vec<usize> = (0..length).collect();
    for (k, &i) in positions.iter().enumerate() {
        match check_index("<-", i, length) {
            Ok(target) => source[target] = length + k,
            Err(message) => return Some(Err(message)),
        }
    }
    let both = Seq::concat(elem, datatypes, &[seq.clone(), (**values).clone()]);
    Some(gather("<-", &both, &source).map(Value::Seq))
}

/// `pack(pairs)`: the first components whose flag is true.
pub(super) fn pack(pairs: &Seq) -> Option<PrimResult> {
    let Seq::Pair(values, flags) = pairs else { return None };
    let kept: Vec<usize> = flags.as_bools()?.iter().enumerate().filter(|(_, f)| **f).map(|(i, _)| i).collect();
    Some(gather("pack", values, &kept).map(Value::Seq))
}

/// `a ++ b`.
pub(super) fn append(a: &Seq, b: &Seq, elem: &Type, datatypes: &[DataDef]) -> Value {
    Value::Seq(match (a.is_empty(), b.is_empty()) {
        (true, _) => b.clone(),
        (_, true) => a.clone(),
        _ => Seq::concat(elem, datatypes, &[a.clone(), b.clone()]),
    })
}

/// `subseq(s, start, end)`: elements `[start, end)`, sharing storage.
pub(super) fn subseq(seq: &Seq, start: i64, end: i64) -> PrimResult {
    let length = seq.len();
    match (usize::try_from(start), usize::try_from(end)) {
        (Ok(a), Ok(b)) if a <= b && b <= length => Ok(Value::Seq(seq.slice(a, b))),
        _ => Err(format!("`subseq`: [{start}, {end}) is not a range of positions of a sequence of length {length}")),
    }
}

/// `partition(s, lengths)`: `s` cut into consecutive segments, sharing its
/// storage.
pub(super) fn partition(seq: &Seq, lengths: &[i64]) -> PrimResult {
    if let Some(l) = lengths.iter().find(|l| **l < 0) {
        return Err(format!("`partition`: negative segment length {l}"));
    }
    let total: i128 = lengths.iter().map(|&l| i128::from(l)).sum();
    if total != seq.len() as i128 {
        return Err(format!(
            "`partition`: segment lengths add up to {total}, but the sequence has {} elements",
            seq.len()
        ));
    }
    let mut offsets = Vec::with_capacity(lengths.len() + 1);
    offsets.push(0);
    offsets.extend(lengths.iter().scan(0, |end, &l| {
        *end += l as usize;
        Some(*end)
    }));
    Ok(Value::Seq(Seq::Nested { offsets: Column::from_vec(offsets), inner: Box::new(seq.clone()) }))
}

/// The part of a nested sequence's inner sequence that its segments cover.
fn covered(offsets: &Column<usize>, inner: &Seq) -> Seq {
    let o = offsets.as_slice();
    inner.slice(o[0], o[o.len() - 1])
}

/// `flatten(s)`: the segments' elements, sharing storage.
pub(super) fn flatten(seq: &Seq) -> Option<Value> {
    match seq {
        Seq::Nested { offsets, inner } => Some(Value::Seq(covered(offsets, inner))),
        _ => None,
    }
}

/// `sort(s)`: ascending and stable; floats in [`float_order`].
pub(super) fn sort(seq: &Seq) -> Option<Value> {
    let sorted = match seq {
        // Equal ints (chars) are indistinguishable, so stability is moot.
        Seq::Int(c) => {
            let mut xs = c.as_slice().to_vec();
            xs.sort_unstable();
            Seq::from_ints(xs)
        }
        Seq::Char(c) => {
            let mut xs = c.as_slice().to_vec();
            xs.sort_unstable();
            Seq::from_chars(xs)
        }
        // Equal floats may differ (-0.0 and 0.0, NaN payloads): stable.
        Seq::Float(c) => {
            let mut xs = c.as_slice().to_vec();
            xs.sort_by(|x, y| float_order(*x, *y));
            Seq::from_floats(xs)
        }
        _ => return None,
    };
    Some(Value::Seq(sorted))
}

/// `rank(s)`: `rank[j]` is the position of `s[j]` in the stably sorted
/// sequence.
pub(super) fn rank(seq: &Seq) -> Option<Value> {
    fn stable_order<T: Copy>(xs: &[T], cmp: impl Fn(T, T) -> Ordering) -> Vec<usize> {
        // Ties are broken by position, which makes the unstable sort stable.
        let mut keyed: Vec<(T, usize)> = xs.iter().copied().zip(0..).collect();
        keyed.sort_unstable_by(|(x, i), (y, j)| cmp(*x, *y).then(i.cmp(j)));
        keyed.into_iter().map(|(_, i)| i).collect()
    }
    let order = match seq {
        Seq::Int(c) => stable_order(c.as_slice(), |x, y| x.cmp(&y)),
        Seq::Float(c) => stable_order(c.as_slice(), float_order),
        Seq::Char(c) => stable_order(c.as_slice(), |x, y| x.cmp(&y)),
        _ => return None,
    };
    let mut ranks = vec![0i64; order.len()];
    for (position, &j) in order.iter().enumerate() {
        ranks[j] = position as i64;
    }
    Some(Value::Seq(Seq::from_ints(ranks)))
}
