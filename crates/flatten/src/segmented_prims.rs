//! The primitives in a lifted context: their segmented forms.
//!
//! Each works on all instances of the current level at once, as a few
//! trivial kernels: reductions and scans are `SEG_REDUCE`/`SEG_SCAN` over
//! the argument's segment descriptor; operations that make new sequences
//! (`dist`, `iseq`, `++`, `subseq`, `->`) compute each instance's length by
//! a `MAP` (with the checks of the host form, per instance), offsets by a
//! `SCAN`, and the elements by a gather whose route finds each flat
//! position's instance by `segment_of`; `permute` and `<-` are flat
//! `PERMUTE`/`SCATTER`s over the concatenated elements with targets offset
//! by their segment's start; `pack` is a flat `FILTER` plus a `SEG_REDUCE`
//! count of the flags; `partition` and `flatten` only rebuild descriptors;
//! `s[i]` of a nested sequence is a view of the element in place (its
//! length and start per instance, see `LiftedSeq::is_dense`), so
//! `r[0] ++ e ++ r[1]` copies each element once.
//!
//! Sequence arguments are read where they are: a uniform sequence (the `v`
//! of `v[i]`) is one segment shared by every instance, a lifted one from an
//! outer level is read through the levels' steps ([`SegSource`]).
//! The monoids of the scans and reductions are here too (note [primitive
//! semantics] in `builtins.rs` gives the identities).

use nesl_frontend::builtins::Prim;
use nesl_frontend::tast::{ExprId, ExprKind};

use crate::analysis::{is_reduction, is_scalar_prim};
use crate::context::{Size, Step};
use crate::error::{FlattenError, Result};
use crate::faults;
use crate::flatten_program::FnCx;
use crate::gather::{Choice, ElementView, Route};
use crate::ir::Stmt;
use crate::ir::{
    Atom, BinaryOp, Const, GExpr, HostFunction, HostVar, Repr, Scalar, SegDesc, SeqRepr, Soac, Thunk, UnaryOp, VarType,
};
use crate::kernel_code::{KernelBuilder, ThunkCx, add, and, binary_thunk, cmp, index_param, int, mul, sub};
use crate::representation::scalar_type;
use crate::representation::{LiftedScalar, LiftedSeq, Val, is_gpu_type};
use crate::scalar_code::ThunkEmitter;
use crate::sequence_prims::{in_range, iseq_count, to_string_refusal, unsupported_prim, zero_of};
use crate::string_prims;

/// An associative operator with its identity.
pub(crate) struct Monoid {
    pub neutral: Const,
    pub op: BinaryOp,
    /// For kernel names (`sum`, `max`).
    pub name: &'static str,
}

/// The monoid of a scan or reduction primitive on scalars of type `ty`.
pub(crate) fn monoid(prim: Prim, ty: Scalar) -> Result<Monoid> {
    use Prim::*;
    let (op, name) = match prim {
        PlusScan | Sum => (BinaryOp::Add, "sum"),
        MultScan | Product => (BinaryOp::Mul, "product"),
        MaxScan | MaxVal => (BinaryOp::Max, "max"),
        MinScan | MinVal => (BinaryOp::Min, "min"),
        OrScan | Any => (BinaryOp::Or, "or"),
        AndScan | All => (BinaryOp::And, "and"),
        Parity => (BinaryOp::Xor, "parity"),
        _ => return Err(FlattenError::bug(format!("`{}` has no monoid", prim.name()))),
    };
    let neutral = match (op, ty) {
        (BinaryOp::Add, Scalar::Int) => Const::Int(0),
        (BinaryOp::Add, Scalar::Float) => Const::Float(0.0),
        (BinaryOp::Mul, Scalar::Int) => Const::Int(1),
        (BinaryOp::Mul, Scalar::Float) => Const::Float(1.0),
        (BinaryOp::Max, Scalar::Int) => Const::Int(i64::MIN),
        (BinaryOp::Max, Scalar::Float) => Const::Float(f64::NEG_INFINITY),
        (BinaryOp::Max, Scalar::Char) => Const::Char(0),
        (BinaryOp::Min, Scalar::Int) => Const::Int(i64::MAX),
        (BinaryOp::Min, Scalar::Float) => Const::Float(f64::INFINITY),
        (BinaryOp::Min, Scalar::Char) => Const::Char(255),
        (BinaryOp::Or, Scalar::Bool) | (BinaryOp::Xor, Scalar::Bool) => Const::Bool(false),
        (BinaryOp::Or, Scalar::Int) => Const::Int(0),
        (BinaryOp::And, Scalar::Bool) => Const::Bool(true),
        (BinaryOp::And, Scalar::Int) => Const::Int(-1),
        _ => return Err(FlattenError::bug(format!("`{}` on {ty}", prim.name()))),
    };
    Ok(Monoid { neutral, op, name })
}

pub(crate) fn monoid_thunk(kb: &mut KernelBuilder, m: &Monoid, ty: Scalar) -> Thunk {
    binary_thunk(kb, m.op, ty)
}

/// The operator of `max_index` (`is_max`) or `min_index` over (value,
/// position) pairs: the first position of the extreme, where position -1
/// is the identity.
pub(crate) fn extreme_index_thunk(kb: &mut KernelBuilder, ty: Scalar, is_max: bool) -> Thunk {
    let av = kb.scalar_var("av", ty);
    let ai = kb.scalar_var("ai", Scalar::Int);
    let bv = kb.scalar_var("bv", ty);
    let bi = kb.scalar_var("bi", Scalar::Int);
    let (a, b) = (GExpr::Var(av), GExpr::Var(bv));
    let strict = if is_max { BinaryOp::Gt } else { BinaryOp::Lt };
    let mut better = GExpr::binary(strict, ty, b.clone(), a.clone());
    if ty == Scalar::Float {
        // NaN is above every number (note [primitive semantics]).
        let (nan, number) = if is_max { (b.clone(), a.clone()) } else { (a.clone(), b.clone()) };
        let is_nan = GExpr::binary(BinaryOp::Ne, ty, nan.clone(), nan);
        let is_number = GExpr::binary(BinaryOp::Eq, ty, number.clone(), number);
        better = GExpr::binary(BinaryOp::Or, Scalar::Bool, better, and(is_nan, is_number));
    }
    let take_b = GExpr::Tuple(vec![b, GExpr::Var(bi)]);
    let take_a = GExpr::Tuple(vec![a, GExpr::Var(ai)]);
    let body = GExpr::if_(
        cmp(BinaryOp::Lt, GExpr::Var(ai), int(0)),
        take_b.clone(),
        GExpr::if_(cmp(BinaryOp::Lt, GExpr::Var(bi), int(0)), take_a.clone(), GExpr::if_(better, take_b, take_a)),
    );
    Thunk { params: vec![av, ai, bv, bi], body }
}

/// A sequence argument of a lifted primitive: for each instance, a segment
/// of `data`.
pub(crate) struct SegSource {
    pub data: SeqRepr,
    /// The lengths and offsets of the segments, and the steps from an
    /// instance of the current level to its segment; `None` for a uniform
    /// sequence, the same (whole) segment for every instance.
    segments: Option<(HostVar, HostVar, Vec<Step>)>,
}

impl SegSource {
    /// The start and length of the segment of `instance`.
    pub fn at(&self, tc: &mut ThunkCx, host: &HostFunction, instance: GExpr) -> (GExpr, GExpr) {
        match &self.segments {
            None => (int(0), tc.kb.length(host, self.data.length_witness())),
            Some((lengths, offsets, steps)) => {
                let segment = tc.apply_steps(host, steps, instance);
                let segment = tc.share("s", Scalar::Int, segment);
                let start = tc.kb.read(host, *offsets, segment.clone());
                let length = tc.kb.read(host, *lengths, segment);
                (tc.share("start", Scalar::Int, start), tc.share("len", Scalar::Int, length))
            }
        }
    }
}

/// A scalar argument of a lifted primitive, as read at any instance.
#[derive(Clone, Copy)]
pub(crate) enum InstanceScalar {
    Uniform(Atom),
    Dense(HostVar),
}

impl InstanceScalar {
    pub(crate) fn at(self, tc: &mut ThunkCx, host: &HostFunction, instance: GExpr) -> GExpr {
        match self {
            InstanceScalar::Uniform(a) => tc.kb.atom(host, a),
            InstanceScalar::Dense(v) => tc.kb.read(host, v, instance),
        }
    }
}

/// The instance of flat position `q` of a dense descriptor with `offsets`,
/// and the position inside its segment.
pub(crate) fn position_in_segment(tc: &mut ThunkCx, host: &HostFunction, offsets: HostVar, q: GExpr) -> (GExpr, GExpr) {
    let q = tc.share("q", Scalar::Int, q);
    let offsets = tc.kb.param(host, offsets);
    let segment = GExpr::SegmentOf { offsets, index: Box::new(q.clone()) };
    let segment = tc.share("s", Scalar::Int, segment);
    let within = sub(q, GExpr::read(offsets, segment.clone()));
    (segment.clone(), tc.share("w", Scalar::Int, within))
}

fn nested(seq: SeqRepr) -> Result<(HostVar, HostVar, SeqRepr)> {
    match seq {
        SeqRepr::Nested { lengths, offsets, elements } => Ok((lengths, offsets, *elements)),
        _ => Err(FlattenError::bug("a lifted sequence that is not nested")),
    }
}

fn array(seq: &SeqRepr) -> Result<HostVar> {
    match seq {
        SeqRepr::Array(v) => Ok(*v),
        _ => Err(FlattenError::bug("a sequence of scalars that is not one array")),
    }
}

impl FnCx<'_, '_> {
    pub fn lifted_prim(&mut self, e: ExprId, prim: Prim, args: &[ExprId]) -> Result<Val> {
        let program = self.program();
        let gpu_argument = is_gpu_type(program, &self.expr(args[0]).ty);
        if is_scalar_prim(prim) || (matches!(prim, Prim::Eql | Prim::Hash) && gpu_argument) {
            return self.compile_thunk(e, args);
        }
        if prim == Prim::Hash {
            return self.lifted_hash_seq(e, args);
        }
        if prim == Prim::Error {
            return self.lifted_error(e, args);
        }
        if let Some(val) = self.lifted_host_op_prim(e, prim, args)? {
            return Ok(val);
        }
        if prim == Prim::ToString {
            return self.lifted_to_string(e, args[0]);
        }
        if let Some(what) = unsupported_prim(prim) {
            return Err(self.unsupported(format!("{what} inside an apply-to-each"), e));
        }
        match prim {
            Prim::PrintString | Prim::PrintChar => return self.lifted_print(e, prim, args),
            _ => {}
        }
        if prim == Prim::Append {
            // `a ++ b ++ c` is one gather from three sources, not a gather
            // of a gather (quicksort's `sorted[0] ++ equal ++ sorted[1]`:
            // one pass over the level's elements instead of two).
            let mut operands = Vec::new();
            self.append_operands(args, &mut operands);
            if operands.len() > 2 {
                let values = operands.iter().map(|a| self.compile(*a)).collect::<Result<Vec<_>>>()?;
                return self.lifted_append_many(&values);
            }
        }
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            values.push(self.compile(*a)?);
        }
        let level = self.levels.current();
        match prim {
            Prim::Length => match &values[0] {
                Val::Seq(s) => Ok(Val::Scalar(LiftedScalar { level: s.level, array: s.lengths, path: Vec::new() })),
                _ => self.compile_thunk(e, args),
            },
            Prim::Dist => self.lifted_dist(e, &values[0], &values[1]),
            Prim::Elt => self.lifted_elt(e, &values[0], &values[1]),
            Prim::Zip => self.lifted_zip(e, &values[0], &values[1]),
            Prim::Eql => self.lifted_eql(e, &values[0], &values[1]),
            Prim::Sort | Prim::Rank => self.lifted_sort(prim, &values[0]),
            Prim::Iseq => self.lifted_iseq(e, &values[0], &values[1], &values[2]),
            Prim::PlusScan | Prim::MultScan | Prim::MaxScan | Prim::MinScan | Prim::OrScan | Prim::AndScan => {
                let (lengths, offsets, elements) = nested(self.dense_at(&values[0], level)?)?;
                let elements = array(&elements)?;
                let scanned = self.seg_scan(prim, elements, lengths, offsets)?;
                Ok(Val::Seq(LiftedSeq::dense(level, lengths, offsets, SeqRepr::Array(scanned))))
            }
            _ if is_reduction(prim) => {
                let (lengths, offsets, elements) = nested(self.dense_at(&values[0], level)?)?;
                let elements = array(&elements)?;
                let reduced = self.seg_reduce(prim, elements, lengths, offsets)?;
                Ok(Val::Scalar(LiftedScalar { level, array: reduced, path: Vec::new() }))
            }
            Prim::MaxIndex | Prim::MinIndex => self.lifted_extreme_index(e, prim, &values[0]),
            Prim::Read => self.lifted_read(e, &values[0], &values[1]),
            Prim::Permute => self.lifted_permute(e, &values[0], &values[1]),
            Prim::Write => self.lifted_write(e, &values[0], &values[1]),
            Prim::Pack => {
                let (lengths, offsets, pairs) = nested(self.dense_at(&values[0], level)?)?;
                let SeqRepr::Tuple(mut parts) = pairs else {
                    return Err(FlattenError::bug("`pack` of a sequence that is not of pairs"));
                };
                let flags = array(&parts.pop().ok_or_else(|| FlattenError::bug("`pack` without flags"))?)?;
                let values = parts.pop().ok_or_else(|| FlattenError::bug("`pack` without values"))?;
                let packed = self.pack_by(&values, flags)?;
                let counts = self.count_flags(flags, lengths, offsets)?;
                let new_offsets = self.scan_offsets(counts)?;
                Ok(Val::Seq(LiftedSeq::dense(level, counts, new_offsets, packed)))
            }
            Prim::Append => self.lifted_append(&values[0], &values[1]),
            Prim::Subseq => self.lifted_subseq(e, &values[0], &values[1], &values[2]),
            Prim::Partition => self.lifted_partition(e, &values[0], &values[1]),
            Prim::Flatten => {
                let (lengths, offsets, inner) = nested(self.dense_at(&values[0], level)?)?;
                let (inner_lengths, _, elements) = nested(inner)?;
                let new_lengths = self.seg_reduce(Prim::Sum, inner_lengths, lengths, offsets)?;
                let new_offsets = self.scan_offsets(new_lengths)?;
                Ok(Val::Seq(LiftedSeq::dense(level, new_lengths, new_offsets, elements)))
            }
            _ => Err(FlattenError::bug(format!("primitive `{}` in a lifted context", prim.name()))),
        }
    }
}

/// Computes an instance's values inside a thunk over the current level.
type InstanceFn<'f> = &'f dyn Fn(&mut ThunkCx, &HostFunction, GExpr) -> Vec<GExpr>;

impl FnCx<'_, '_> {
    /// A sequence argument as segments read in place.
    pub fn seg_source(&self, val: &Val) -> Result<SegSource> {
        match val {
            Val::Uniform(Repr::Seq(data)) => Ok(SegSource { data: data.clone(), segments: None }),
            Val::Seq(s) => Ok(SegSource {
                data: s.elements.clone(),
                segments: Some((s.lengths, s.offsets, self.levels.path(self.levels.current(), s.level))),
            }),
            _ => Err(FlattenError::bug("a sequence argument that is not a sequence")),
        }
    }

    /// A scalar argument, readable at any instance of the current level.
    pub(crate) fn instance_scalar(&mut self, val: &Val) -> Result<InstanceScalar> {
        match val {
            Val::Uniform(Repr::Scalar(a)) => Ok(InstanceScalar::Uniform(*a)),
            _ => Ok(InstanceScalar::Dense(array(&self.dense_at(val, self.levels.current())?)?)),
        }
    }

    /// A `MAP` over the instances of the current level; `f` gives the
    /// components of an instance's value. With no results, a kernel that
    /// only checks.
    pub(crate) fn map_instances(
        &mut self,
        op: &str,
        results: &[(&str, Scalar)],
        f: InstanceFn,
    ) -> Result<Vec<HostVar>> {
        let level = self.levels.current();
        let mut kb = KernelBuilder::new();
        let i = index_param(&mut kb, "i");
        let mut tc = ThunkCx::over_level(kb, level, GExpr::Var(i));
        let mut parts = f(&mut tc, &self.fb.function, GExpr::Var(i));
        let body = if parts.len() == 1 { parts.remove(0) } else { GExpr::Tuple(parts) };
        let (body, mut kb) = tc.finish(body);
        let size = kb.size(&self.fb.function, &self.levels.get(level).size.clone());
        let results: Vec<(String, VarType)> =
            results.iter().map(|(name, ty)| (name.to_string(), VarType::Array(*ty))).collect();
        Ok(self.run_kernel(kb, op, Soac::Map { size, pull: Thunk { params: vec![i], body } }, &results))
    }

    /// Per instance lengths from `f` (which may check), and the dense
    /// descriptor and element count they make.
    pub(crate) fn segment_lengths(&mut self, f: InstanceFn) -> Result<(HostVar, HostVar, Atom)> {
        self.segment_lengths_with(None, f)
    }

    /// [`FnCx::segment_lengths`], whose element count is `known` when the
    /// host knows it (note [host-known totals] in `gather.rs`).
    fn segment_lengths_with(&mut self, known: Option<Atom>, f: InstanceFn) -> Result<(HostVar, HostVar, Atom)> {
        let lengths = self.map_instances("map_lengths", &[("lengths", Scalar::Int)], f)?[0];
        let (offsets, total) = match known {
            Some(total) => (self.offsets_of(lengths), total),
            None => self.offsets_and_total(lengths)?,
        };
        Ok((lengths, offsets, total))
    }

    /// The element count of `values[0] ++ values[1] ++ ...` over all the
    /// instances of the current level, when the host knows each operand's
    /// (note [host-known totals] in `gather.rs`): a dense operand of this
    /// level has its element count, one of the level just below whose
    /// instances a selection picked its masked total (rule `masked-total`),
    /// a uniform one the level's size times its length, and views
    /// `x[0], ..., x[c-1]` of one dense `x` whose segments all have length
    /// `c`, each once, have `x`'s element count together (rule
    /// `parts-total`). `None` (and nothing emitted) if some operand is none
    /// of these.
    fn append_total(&mut self, values: &[Val]) -> Option<Atom> {
        enum Count {
            Elements(HostVar),
            Gathered(LiftedSeq, Vec<Step>),
            Uniform(HostVar),
        }
        let level = self.levels.current();
        let mut counts: Vec<Count> = Vec::new();
        // Per whole `x`: its elements' length witness, and the indices seen.
        let mut parts: Vec<(HostVar, HostVar, Vec<i64>)> = Vec::new();
        for value in values {
            match value {
                Val::Seq(s) if s.level == level && s.is_dense => {
                    counts.push(Count::Elements(s.elements.length_witness()))
                }
                Val::Seq(s) if s.level == level => {
                    let view = *self.facts.element_views.get(&s.lengths)?;
                    let witness = s.elements.length_witness();
                    match parts.iter_mut().find(|(whole, ..)| *whole == view.whole) {
                        Some((_, seen_witness, indices)) if *seen_witness == witness => indices.push(view.index),
                        Some(_) => return None,
                        None => parts.push((view.whole, witness, vec![view.index])),
                    }
                }
                Val::Seq(s) if s.is_dense && s.level < level => {
                    counts.push(Count::Gathered(s.clone(), self.levels.path(level, s.level)));
                }
                Val::Uniform(Repr::Seq(data)) => counts.push(Count::Uniform(data.length_witness())),
                _ => return None,
            }
        }
        for (whole, witness, mut indices) in parts {
            let c = *self.facts.constant_columns.get(&whole)?;
            indices.sort_unstable();
            if !indices.iter().copied().eq(0..c) {
                return None;
            }
            counts.push(Count::Elements(witness));
        }
        // Every gathered operand must have a known total before any kernel
        // is emitted for one.
        let is_known = |this: &Self, steps: &[Step]| {
            let mut rest = steps;
            while let [Step::SegmentOf(offsets), tail @ ..] = rest {
                if !this.facts.constant_segments.contains_key(offsets) {
                    return false;
                }
                rest = tail;
            }
            match rest {
                [] => true,
                [Step::Gather(indices)] => this.facts.selections.contains_key(indices),
                _ => false,
            }
        };
        if counts.iter().any(|c| matches!(c, Count::Gathered(_, steps) if !is_known(self, steps))) {
            return None;
        }
        let mut atoms = Vec::with_capacity(counts.len());
        let mut gathered: Vec<(HostVar, Vec<Step>, Atom)> = Vec::new();
        for count in counts {
            atoms.push(match count {
                Count::Elements(witness) => self.fb.length(witness),
                Count::Gathered(s, steps) => match gathered.iter().find(|(l, st, _)| *l == s.lengths && *st == steps) {
                    Some((.., total)) => *total,
                    None => {
                        let total = self.gathered_total(&s, &steps)?;
                        gathered.push((s.lengths, steps, total));
                        total
                    }
                },
                Count::Uniform(witness) => {
                    let size = self.levels.get(level).size.clone();
                    let n = self.fb.size(&size);
                    let length = self.fb.length(witness);
                    self.fb.binary(BinaryOp::Mul, Scalar::Int, n, length)
                }
            });
        }
        atoms.into_iter().reduce(|sum, count| self.fb.binary(BinaryOp::Add, Scalar::Int, sum, count))
    }

    /// The exclusive prefix sum of segment lengths.
    pub fn scan_offsets(&mut self, lengths: HostVar) -> Result<HostVar> {
        let host = &self.fb.function;
        let mut kb = KernelBuilder::new();
        let i = index_param(&mut kb, "i");
        let pull = Thunk { params: vec![i], body: kb.read(host, lengths, GExpr::Var(i)) };
        let op = binary_thunk(&mut kb, BinaryOp::Add, Scalar::Int);
        let size = kb.length(host, lengths);
        let scan = Soac::Scan { size, pull, neutral: vec![Const::Int(0)], op };
        Ok(self.run_kernel(kb, "scan_sum", scan, &[("offsets".to_string(), VarType::Array(Scalar::Int))])[0])
    }

    /// `SEG_SCAN` of a scan primitive over segments of `elements`.
    fn seg_scan(&mut self, prim: Prim, elements: HostVar, lengths: HostVar, offsets: HostVar) -> Result<HostVar> {
        let host = &self.fb.function;
        let ty = host.var(elements).ty.scalar();
        let m = monoid(prim, ty)?;
        let mut kb = KernelBuilder::new();
        let p = index_param(&mut kb, "p");
        let pull = Thunk { params: vec![p], body: kb.read(host, elements, GExpr::Var(p)) };
        let op = monoid_thunk(&mut kb, &m, ty);
        let segments = SegDesc { lengths: kb.param(host, lengths), offsets: kb.param(host, offsets) };
        let size = kb.length(host, elements);
        let scan = Soac::SegScan { segments, elements: size, pull, neutral: vec![m.neutral], op };
        let op_name = format!("seg_scan_{}", m.name);
        Ok(self.run_kernel(kb, &op_name, scan, &[("scanned".to_string(), VarType::Array(ty))])[0])
    }

    /// `SEG_REDUCE` of a reduction primitive over segments of `elements`.
    pub fn seg_reduce(&mut self, prim: Prim, elements: HostVar, lengths: HostVar, offsets: HostVar) -> Result<HostVar> {
        let host = &self.fb.function;
        let ty = host.var(elements).ty.scalar();
        let m = monoid(prim, ty)?;
        let mut kb = KernelBuilder::new();
        let p = index_param(&mut kb, "p");
        let pull = Thunk { params: vec![p], body: kb.read(host, elements, GExpr::Var(p)) };
        let op = monoid_thunk(&mut kb, &m, ty);
        let segments = SegDesc { lengths: kb.param(host, lengths), offsets: kb.param(host, offsets) };
        let reduce = Soac::SegReduce { segments, pull, neutral: vec![m.neutral], op };
        let op_name = format!("seg_reduce_{}", m.name);
        Ok(self.run_kernel(kb, &op_name, reduce, &[(m.name.to_string(), VarType::Array(ty))])[0])
    }

    /// The number of kept positions in each segment of a lifted filter,
    /// from the `FILTER`'s counts `before` each segment's offset and one of
    /// its result columns `kept` (`counts-from-filter`, note [counts from
    /// the filter]): `before[s + 1] - before[s]`, the last segment's end the
    /// number kept (a pulled column rather than the index column, which
    /// the program may not keep: the counts may then run wherever the
    /// elements are still alive). A MAP over the segments, sized by `before` (one count
    /// per segment): the counts of the filters of one descriptor are MAPs
    /// of one size, and the MAP reads nothing but the filter's results
    /// (so it may run after a recursive call, fusion's note [runs past
    /// calls]).
    pub fn counts_from_before(&mut self, before: HostVar, kept: HostVar) -> Result<HostVar> {
        let host = &self.fb.function;
        let mut kb = KernelBuilder::new();
        let s = index_param(&mut kb, "s");
        let counts = kb.param(host, before);
        let positions = kb.param(host, kept);
        let next = add(GExpr::Var(s), int(1));
        let end = GExpr::if_(
            cmp(BinaryOp::Lt, next.clone(), GExpr::Length(counts)),
            GExpr::read(counts, next),
            GExpr::Length(positions),
        );
        let body = sub(end, GExpr::read(counts, GExpr::Var(s)));
        let size = GExpr::Length(counts);
        let map = Soac::Map { size, pull: Thunk { params: vec![s], body } };
        Ok(self.run_kernel(kb, "count_kept", map, &[("lengths".to_string(), VarType::Array(Scalar::Int))])[0])
    }

    /// The number of true flags in each segment.
    pub fn count_flags(&mut self, flags: HostVar, lengths: HostVar, offsets: HostVar) -> Result<HostVar> {
        let host = &self.fb.function;
        let mut kb = KernelBuilder::new();
        let p = index_param(&mut kb, "p");
        let flag = kb.read(host, flags, GExpr::Var(p));
        let pull = Thunk { params: vec![p], body: GExpr::unary(UnaryOp::BoolToInt, Scalar::Bool, flag) };
        let op = binary_thunk(&mut kb, BinaryOp::Add, Scalar::Int);
        let segments = SegDesc { lengths: kb.param(host, lengths), offsets: kb.param(host, offsets) };
        let soac = Soac::SegReduce { segments, pull, neutral: vec![Const::Int(0)], op };
        Ok(self.run_kernel(kb, "seg_reduce_count", soac, &[("lengths".to_string(), VarType::Array(Scalar::Int))])[0])
    }

    // Note [counts from the filter]
    // ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    // A filter inside a lifted function (`{x in s | x < pivot}` in quicksort)
    // needs each instance's count of kept elements for the result's segment
    // descriptor. The rewrite `counts-from-filter` asks the FILTER itself
    // for them: with `BEFORE offsets` it also writes, for each segment, the
    // number it kept before the segment's offset, which its scan of the
    // kept flags knows anyway (the look-back's tile prefix plus the ranks in
    // the tile, a write per segment at the tile holding its offset); segment
    // s's count is then `before[s + 1] - before[s]` (the descriptor is
    // dense, note [segment descriptors]), a MAP over the segments that
    // fusion puts with the scan of the counts. Before, segment s's count was
    // the number of kept positions below its end less the number below its
    // start, two binary searches of the kept positions per segment: on the
    // H100, quicksort of 10^7 spent 8.3 of its 115 ms of kernels on the
    // searches of its three filters (`quicksort_fused_5`, 328 GB/s); with
    // the counts from the filter, 107 ms (note [counts before offsets] in
    // `opencl_backend::codegen::lookback`). A
    // SEG_REDUCE of the flags, before that, read every element again, and
    // its teams (a team per segment) left the device idle on the first
    // levels of a recursion, where one or two segments hold everything.
    //
    // The result's offsets need no scan of these counts either
    // (`offsets-from-before`): the exclusive prefix sum of the counts is
    // `before` itself. Segment s's kept elements are those kept at
    // positions from offset s on and below offset s + 1, so the number kept
    // before segment s's first is `before[s]`, which is where its elements
    // start in the filter's result (`before[0]` is 0: a dense descriptor's
    // first offset is 0). A scan of the counts per filter per level went
    // (quicksort's three, fused into one launch with the scans of the
    // lengths of the next level's descriptor, which a level still needs).

    /// `__error(message)` in a lifted context: a fault if any instance
    /// reaches it.
    fn lifted_error(&mut self, e: ExprId, args: &[ExprId]) -> Result<Val> {
        if !matches!(self.expr(args[0]).kind, nesl_frontend::tast::ExprKind::String(_)) {
            return self.lifted_computed_error(e, args);
        }
        let site = self.error_site(e, args)?;
        let level = self.levels.current();
        let reached = if self.levels.get(level).known_nonempty {
            Atom::Const(Const::Bool(false))
        } else {
            let n = self.fb.size(&self.levels.get(level).size.clone());
            self.fb.binary(BinaryOp::Eq, Scalar::Int, n, Atom::Const(Const::Int(0)))
        };
        self.fb.assert(reached, site, Vec::new());
        let ty = self.expr(e).ty.clone();
        Ok(Val::Uniform(self.default_repr(&ty)?))
    }

    fn lifted_dist(&mut self, e: ExprId, value: &Val, count: &Val) -> Result<Val> {
        let level = self.levels.current();
        let site = self.fault(e, faults::negative_dist());
        let large = self.fault(e, faults::too_large("dist"));
        let count = self.instance_scalar(count)?;
        let (lengths, offsets, total) = self.segment_lengths(&|tc, host, i| {
            let n = count.at(tc, host, i);
            let n = tc.share("n", Scalar::Int, n);
            tc.assert(cmp(BinaryOp::Ge, n.clone(), int(0)), site, vec![n.clone()]);
            tc.assert(cmp(BinaryOp::Le, n.clone(), int(faults::MAX_SEQUENCE_LENGTH)), large, vec![n.clone()]);
            vec![n]
        })?;
        let values = self.dense_at(value, level)?;
        let route = move |tc: &mut ThunkCx, host: &HostFunction, q: GExpr| Route {
            choice: Choice::Only,
            index: GExpr::SegmentOf { offsets: tc.kb.param(host, offsets), index: Box::new(q) },
        };
        let elements = self.gather(std::slice::from_ref(&values), Size::Count(total), &route)?;
        Ok(Val::Seq(LiftedSeq::dense(level, lengths, offsets, elements)))
    }

    /// `s[i]` whose elements are not scalar code: for elements that are
    /// sequences, a view of each instance's element in place (its length
    /// and start, by one `MAP`); otherwise a gather of each instance's
    /// element.
    fn lifted_elt(&mut self, e: ExprId, seq: &Val, index: &Val) -> Result<Val> {
        let level = self.levels.current();
        let site = self.fault(e, faults::index_out_of_range("elt"));
        let source = self.seg_source(seq)?;
        let index = self.instance_scalar(index)?;
        if let SeqRepr::Nested { lengths, offsets, elements } = &source.data {
            let (lengths, offsets) = (*lengths, *offsets);
            let bounds =
                self.map_instances("map_elt", &[("lengths", Scalar::Int), ("starts", Scalar::Int)], &|tc, host, i| {
                    let i = tc.share("i", Scalar::Int, i);
                    let (start, length) = source.at(tc, host, i.clone());
                    let j = index.at(tc, host, i);
                    let j = tc.share("j", Scalar::Int, j);
                    tc.assert(in_range(j.clone(), length.clone()), site, vec![j.clone(), length]);
                    let k = tc.share("k", Scalar::Int, add(start, j));
                    vec![tc.kb.read(host, lengths, k.clone()), tc.kb.read(host, offsets, k)]
                })?;
            // A constant index into a dense sequence of this level: a
            // part that rule `parts-total` can sum (note [host-known
            // totals] in `gather.rs`).
            if let (Val::Seq(whole), InstanceScalar::Uniform(Atom::Const(Const::Int(index)))) = (seq, &index)
                && whole.is_dense
                && whole.level == level
            {
                let view = ElementView { whole: whole.lengths, index: *index };
                self.facts.element_views.insert(bounds[0], view);
            }
            return Ok(Val::Seq(LiftedSeq {
                level,
                lengths: bounds[0],
                offsets: bounds[1],
                elements: (**elements).clone(),
                is_dense: false,
            }));
        }
        let size = self.levels.get(level).size.clone();
        let route = |tc: &mut ThunkCx, host: &HostFunction, i: GExpr| {
            let i = tc.share("i", Scalar::Int, i);
            let (start, length) = source.at(tc, host, i.clone());
            let j = index.at(tc, host, i);
            let j = tc.share("j", Scalar::Int, j);
            tc.assert(in_range(j.clone(), length.clone()), site, vec![j.clone(), length]);
            Route { choice: Choice::Only, index: add(start, j) }
        };
        let element = self.gather(std::slice::from_ref(&source.data), size, &route)?;
        Ok(Val::from_seq(element, level))
    }

    fn lifted_zip(&mut self, e: ExprId, a: &Val, b: &Val) -> Result<Val> {
        let level = self.levels.current();
        let site = self.fault(e, faults::zip_lengths());
        let (sa, sb) = (self.seg_source(a)?, self.seg_source(b)?);
        self.map_instances("check_zip", &[], &|tc, host, i| {
            let (_, la) = sa.at(tc, host, i.clone());
            let (_, lb) = sb.at(tc, host, i);
            tc.assert(cmp(BinaryOp::Eq, la.clone(), lb.clone()), site, vec![la, lb]);
            Vec::new()
        })?;
        let (lengths, offsets, ea) = nested(self.dense_at(a, level)?)?;
        let (_, _, eb) = nested(self.dense_at(b, level)?)?;
        Ok(Val::Seq(LiftedSeq::dense(level, lengths, offsets, SeqRepr::Tuple(vec![ea, eb]))))
    }

    /// `print_string` or `print_char` per instance. Straight in the body
    /// of a host-level apply-to-each, the texts wait for its end
    /// (`defer_print`), so a fault in a later step prints none of them
    /// (note [printing functions]). Elsewhere (`print_texts.rs` turns the
    /// prints under branches and nested apply-to-each of host-level ones
    /// into texts, so only a lone print reaches here) the texts of every
    /// instance are printed as one text, in instance order: the
    /// interpreter's order when this is the only printing of the
    /// apply-to-each it is in, and it is not inside a function called in
    /// parallel (those print through their text versions).
    fn lifted_print(&mut self, e: ExprId, prim: Prim, args: &[ExprId]) -> Result<Val> {
        let program = self.program();
        let one_print = self.parallel_region.is_some_and(|region| {
            let mut prints = 0;
            let mut stack = vec![region];
            while let Some(x) = stack.pop() {
                if let nesl_frontend::tast::ExprKind::Prim { prim: Prim::PrintString | Prim::PrintChar, .. } =
                    program.exprs[x].kind
                {
                    prints += 1;
                }
                stack.extend(crate::analysis::children(program, x));
            }
            prints == 1
        });
        if self.region_body_level == Some(self.levels.current()) {
            return self.defer_print(prim, args);
        }
        if !one_print {
            return Err(self.unsupported(
                "printing inside an apply-to-each, more than once per element (the flat backends print one text per element, in element order)",
                e,
            ));
        }
        let value = self.compile(args[0])?;
        let level = self.levels.current();
        let text = match prim {
            Prim::PrintChar => array(&self.dense_at(&value, level)?)?,
            _ => {
                let (_, _, elements) = nested(self.dense_at(&value, level)?)?;
                array(&elements)?
            }
        };
        self.fb.push(Stmt::Print { text });
        Ok(Val::Uniform(Repr::Scalar(Atom::Const(Const::Bool(true)))))
    }

    /// `@x` of an int, bool or char per instance: one text per instance.
    fn lifted_to_string(&mut self, e: ExprId, arg: ExprId) -> Result<Val> {
        let ty = match scalar_type(&self.expr(arg).ty) {
            Ok(ty) if string_prims::formats(ty) => ty,
            _ => {
                let what = to_string_refusal(self.program(), &self.expr(arg).ty);
                return Err(self.unsupported(format!("{what} inside an apply-to-each"), e));
            }
        };
        let value = self.compile(arg)?;
        let level = self.levels.current();
        let x = self.instance_scalar(&value)?;
        // One kernel per instance makes the texts' lengths and, for floats,
        // their digits (once per number, read by every character).
        let digits = ty == Scalar::Float;
        let results: &[(&str, Scalar)] =
            if digits { &[("digits", Scalar::Int), ("lengths", Scalar::Int)] } else { &[("lengths", Scalar::Int)] };
        let per_instance = self.map_instances("map_lengths", results, &|tc, host, i| {
            let x = x.at(tc, host, i);
            let mut em = ThunkEmitter { tc: &mut *tc };
            let digits = string_prims::text_digits(&mut em, ty, x.clone());
            let length = string_prims::text_length(&mut em, ty, x, digits.clone());
            digits.into_iter().chain([length]).collect()
        })?;
        let (digits, lengths) = match per_instance[..] {
            [digits, lengths] => (Some(digits), lengths),
            [lengths] => (None, lengths),
            _ => return Err(FlattenError::bug("`@`'s per-instance kernel gave no lengths")),
        };
        let (offsets, total) = self.offsets_and_total(lengths)?;
        let elements = self.map_column(&Size::Count(total), "to_string", Scalar::Char, &|tc, host, q| {
            let (segment, within) = position_in_segment(tc, host, offsets, q);
            let segment = tc.share("segment", Scalar::Int, segment);
            let value = x.at(tc, host, segment.clone());
            let length = tc.kb.read(host, lengths, segment.clone());
            let digits = digits.map(|digits| tc.kb.read(host, digits, segment));
            string_prims::text_char(&mut ThunkEmitter { tc: &mut *tc }, ty, value, digits, within, length)
        })?;
        Ok(Val::Seq(LiftedSeq::dense(level, lengths, offsets, SeqRepr::Array(elements))))
    }

    /// `hash(s, n)` per instance of a value that is no GPU value. A
    /// sequence of GPU values: a `SEG_REDUCE` of the elements' terms, then
    /// the two words' fold.
    fn lifted_hash_seq(&mut self, e: ExprId, args: &[ExprId]) -> Result<Val> {
        let ty = self.expr(args[0]).ty.clone();
        let gpu_elements = matches!(&ty, nesl_frontend::Type::Seq(elem) if is_gpu_type(self.program(), elem));
        let value = self.compile(args[0])?;
        let range = self.compile(args[1])?;
        let level = self.levels.current();
        let range = self.instance_scalar(&range)?;
        if !gpu_elements {
            // Any other value holding sequences: the instances' states, as
            // the elements of one sequence (`structural_prims.rs`).
            let instances = self.dense_at(&value, level)?;
            let states = self.element_states(&instances)?;
            let site = self.fault(e, crate::structural_prims::hash_range());
            let hash = self.map_instances("map_hash", &[("hash", Scalar::Int)], &|tc, host, i| {
                let i = tc.share("i", Scalar::Int, i);
                let state = tc.kb.read(host, states, i.clone());
                let range = range.at(tc, host, i);
                let mut em = ThunkEmitter { tc: &mut *tc };
                vec![crate::structural_prims::emit_hash_of_state(&mut em, state, range, site)]
            })?[0];
            return Ok(Val::Scalar(LiftedScalar { level, array: hash, path: Vec::new() }));
        }
        let SeqRepr::Nested { lengths, offsets, elements } = self.dense_at(&value, level)? else {
            return Err(FlattenError::bug("a lifted sequence that is not nested"));
        };
        let Some(columns) = crate::sequence_prims::scalar_columns(&elements) else {
            return Err(FlattenError::bug("GPU elements with nested columns"));
        };
        let columns = crate::structural_prims::ElementWords::Columns(columns);
        let site = self.fault(e, crate::structural_prims::hash_range());
        let host = &self.fb.function;
        let mut kb = KernelBuilder::new();
        let p = index_param(&mut kb, "p");
        let mut tc = ThunkCx::new(kb);
        let (_, within) = position_in_segment(&mut tc, host, offsets, GExpr::Var(p));
        let term = crate::structural_prims::element_hash_term(&mut tc, host, &columns, GExpr::Var(p), within);
        let (body, mut kb) = tc.finish(term);
        let op = binary_thunk(&mut kb, BinaryOp::Add, Scalar::Int);
        let segments = SegDesc { lengths: kb.param(host, lengths), offsets: kb.param(host, offsets) };
        let reduce =
            Soac::SegReduce { segments, pull: Thunk { params: vec![p], body }, neutral: vec![Const::Int(0)], op };
        let results = [("hash_sum".to_string(), VarType::Array(Scalar::Int))];
        let sums = self.run_kernel(kb, "seg_reduce_hash", reduce, &results)[0];
        let hash = self.map_instances("map_hash", &[("hash", Scalar::Int)], &|tc, host, i| {
            let i = tc.share("i", Scalar::Int, i);
            let words = vec![
                (tc.kb.read(host, lengths, i.clone()), Scalar::Int),
                (tc.kb.read(host, sums, i.clone()), Scalar::Int),
            ];
            let range = range.at(tc, host, i);
            vec![crate::structural_prims::emit_hash(&mut ThunkEmitter { tc: &mut *tc }, words, range, site)]
        })?[0];
        Ok(Val::Scalar(LiftedScalar { level, array: hash, path: Vec::new() }))
    }

    fn lifted_iseq(&mut self, e: ExprId, start: &Val, stride: &Val, end: &Val) -> Result<Val> {
        let level = self.levels.current();
        let site = self.fault(e, faults::zero_stride());
        let large = self.fault(e, faults::too_large("iseq"));
        let (start, stride, end) =
            (self.instance_scalar(start)?, self.instance_scalar(stride)?, self.instance_scalar(end)?);
        let (lengths, offsets, total) = self.segment_lengths(&|tc, host, i| {
            let i = tc.share("i", Scalar::Int, i);
            let (s, d, e) = (start.at(tc, host, i.clone()), stride.at(tc, host, i.clone()), end.at(tc, host, i));
            let d = tc.share("d", Scalar::Int, d);
            tc.assert(cmp(BinaryOp::Ne, d.clone(), int(0)), site, Vec::new());
            let count = iseq_count(&mut ThunkEmitter { tc: &mut *tc }, s, d, e);
            let count = tc.share("count", Scalar::Int, count);
            tc.assert(cmp(BinaryOp::Le, count.clone(), int(faults::MAX_SEQUENCE_LENGTH)), large, vec![count.clone()]);
            vec![count]
        })?;
        let elements = self.map_column(&Size::Count(total), "iseq", Scalar::Int, &|tc, host, q| {
            let (segment, within) = position_in_segment(tc, host, offsets, q);
            let s = start.at(tc, host, segment.clone());
            let d = stride.at(tc, host, segment);
            add(s, mul(within, d))
        })?;
        Ok(Val::Seq(LiftedSeq::dense(level, lengths, offsets, SeqRepr::Array(elements))))
    }

    fn lifted_extreme_index(&mut self, e: ExprId, prim: Prim, seq: &Val) -> Result<Val> {
        let level = self.levels.current();
        let name = prim.name();
        let site = self.fault(e, faults::empty_extreme_index(name));
        let (lengths, offsets, elements) = nested(self.dense_at(seq, level)?)?;
        let elements = array(&elements)?;
        let host = &self.fb.function;
        let ty = host.var(elements).ty.scalar();
        let mut kb = KernelBuilder::new();
        let p = index_param(&mut kb, "p");
        let pull =
            Thunk { params: vec![p], body: GExpr::Tuple(vec![kb.read(host, elements, GExpr::Var(p)), GExpr::Var(p)]) };
        let op = extreme_index_thunk(&mut kb, ty, prim == Prim::MaxIndex);
        let segments = SegDesc { lengths: kb.param(host, lengths), offsets: kb.param(host, offsets) };
        let reduce = Soac::SegReduce { segments, pull, neutral: vec![zero_of(ty), Const::Int(-1)], op };
        let results =
            [("extreme".to_string(), VarType::Array(ty)), ("position".to_string(), VarType::Array(Scalar::Int))];
        let positions = self.run_kernel(kb, &format!("seg_reduce_{name}"), reduce, &results)[1];
        let index = self.map_instances("map_index", &[("index", Scalar::Int)], &|tc, host, i| {
            let i = tc.share("i", Scalar::Int, i);
            let length = tc.kb.read(host, lengths, i.clone());
            tc.assert(cmp(BinaryOp::Gt, length, int(0)), site, Vec::new());
            vec![sub(tc.kb.read(host, positions, i.clone()), tc.kb.read(host, offsets, i))]
        })?[0];
        Ok(Val::Scalar(LiftedScalar { level, array: index, path: Vec::new() }))
    }

    fn lifted_read(&mut self, e: ExprId, seq: &Val, indices: &Val) -> Result<Val> {
        let level = self.levels.current();
        let site = self.fault(e, faults::index_out_of_range("->"));
        let source = self.seg_source(seq)?;
        let (lengths, offsets, index_elements) = nested(self.dense_at(indices, level)?)?;
        let index_elements = array(&index_elements)?;
        let route = |tc: &mut ThunkCx, host: &HostFunction, q: GExpr| {
            let q = tc.share("q", Scalar::Int, q);
            let (segment, _) = position_in_segment(tc, host, offsets, q.clone());
            let (start, length) = source.at(tc, host, segment);
            let j = tc.kb.read(host, index_elements, q);
            let j = tc.share("j", Scalar::Int, j);
            tc.assert(in_range(j.clone(), length.clone()), site, vec![j.clone(), length]);
            Route { choice: Choice::Only, index: add(start, j) }
        };
        let elements = self.gather(std::slice::from_ref(&source.data), Size::LengthOf(index_elements), &route)?;
        Ok(Val::Seq(LiftedSeq::dense(level, lengths, offsets, elements)))
    }

    fn lifted_permute(&mut self, e: ExprId, seq: &Val, indices: &Val) -> Result<Val> {
        let level = self.levels.current();
        let lengths_site = self.fault(e, faults::permute_lengths());
        let out_of_range = self.fault(e, faults::index_out_of_range("permute"));
        let repeated = self.fault(e, faults::permute_repeated());
        let (lengths, offsets, elements) = nested(self.dense_at(seq, level)?)?;
        let (index_lengths, _, index_elements) = nested(self.dense_at(indices, level)?)?;
        let index_elements = array(&index_elements)?;
        self.map_instances("check_permute", &[], &|tc, host, i| {
            let i = tc.share("i", Scalar::Int, i);
            let m = tc.kb.read(host, index_lengths, i.clone());
            let n = tc.kb.read(host, lengths, i);
            let (m, n) = (tc.share("m", Scalar::Int, m), tc.share("n", Scalar::Int, n));
            tc.assert(cmp(BinaryOp::Eq, m.clone(), n.clone()), lengths_site, vec![m, n]);
            Vec::new()
        })?;
        let target = move |tc: &mut ThunkCx, host: &HostFunction, q: GExpr| {
            let q = tc.share("q", Scalar::Int, q);
            let (segment, _) = position_in_segment(tc, host, offsets, q.clone());
            let length = tc.kb.read(host, lengths, segment.clone());
            let length = tc.share("len", Scalar::Int, length);
            let j = tc.kb.read(host, index_elements, q);
            let j = tc.share("j", Scalar::Int, j);
            tc.assert(in_range(j.clone(), length.clone()), out_of_range, vec![j.clone(), length]);
            add(tc.kb.read(host, offsets, segment), j)
        };
        let permuted = self.permute_by(&elements, Size::LengthOf(index_elements), &target, repeated)?;
        Ok(Val::Seq(LiftedSeq::dense(level, lengths, offsets, permuted)))
    }

    fn lifted_write(&mut self, e: ExprId, seq: &Val, pairs: &Val) -> Result<Val> {
        let level = self.levels.current();
        let site = self.fault(e, faults::index_out_of_range("<-"));
        let (lengths, offsets, elements) = nested(self.dense_at(seq, level)?)?;
        let (_, pair_offsets, pair_elements) = nested(self.dense_at(pairs, level)?)?;
        let SeqRepr::Tuple(mut parts) = pair_elements else {
            return Err(FlattenError::bug("`<-` of a sequence that is not of pairs"));
        };
        let values = parts.pop().ok_or_else(|| FlattenError::bug("`<-` pairs without values"))?;
        let indices = array(&parts.pop().ok_or_else(|| FlattenError::bug("`<-` pairs without indices"))?)?;
        let target = move |tc: &mut ThunkCx, host: &HostFunction, q: GExpr| {
            let q = tc.share("q", Scalar::Int, q);
            let (segment, _) = position_in_segment(tc, host, pair_offsets, q.clone());
            let length = tc.kb.read(host, lengths, segment.clone());
            let length = tc.share("len", Scalar::Int, length);
            let j = tc.kb.read(host, indices, q);
            let j = tc.share("j", Scalar::Int, j);
            tc.assert(in_range(j.clone(), length.clone()), site, vec![j.clone(), length]);
            add(tc.kb.read(host, offsets, segment), j)
        };
        let written = self.write_by(&elements, &values, Size::LengthOf(indices), &target, site)?;
        Ok(Val::Seq(LiftedSeq::dense(level, lengths, offsets, written)))
    }

    fn lifted_append(&mut self, a: &Val, b: &Val) -> Result<Val> {
        let level = self.levels.current();
        let (sa, sb) = (self.seg_source(a)?, self.seg_source(b)?);
        let known = self.append_total(&[a.clone(), b.clone()]);
        let (lengths, offsets, total) = self.segment_lengths_with(known, &|tc, host, i| {
            let i = tc.share("i", Scalar::Int, i);
            let (_, la) = sa.at(tc, host, i.clone());
            let (_, lb) = sb.at(tc, host, i);
            vec![add(la, lb)]
        })?;
        let route = |tc: &mut ThunkCx, host: &HostFunction, q: GExpr| {
            let (segment, within) = position_in_segment(tc, host, offsets, q);
            let (a_start, a_length) = sa.at(tc, host, segment.clone());
            let (b_start, _) = sb.at(tc, host, segment);
            let first = tc.share("c", Scalar::Bool, cmp(BinaryOp::Lt, within.clone(), a_length.clone()));
            Route {
                index: GExpr::if_(first.clone(), add(a_start, within.clone()), add(b_start, sub(within, a_length))),
                choice: Choice::First(first),
            }
        };
        let elements = self.gather(&[sa.data.clone(), sb.data.clone()], Size::Count(total), &route)?;
        Ok(Val::Seq(LiftedSeq::dense(level, lengths, offsets, elements)))
    }

    /// The operands of a chain of `++`, left to right: `(a ++ b) ++ c`
    /// and `a ++ (b ++ c)` give `a, b, c`.
    fn append_operands(&self, args: &[ExprId], operands: &mut Vec<ExprId>) {
        for &arg in args {
            match &self.expr(arg).kind {
                ExprKind::Prim { prim: Prim::Append, args } => self.append_operands(args, operands),
                _ => operands.push(arg),
            }
        }
    }

    /// `values[0] ++ values[1] ++ ...` (at least two) in one gather: the
    /// element at position `w` of a segment comes from the first operand
    /// whose running length exceeds `w`.
    fn lifted_append_many(&mut self, values: &[Val]) -> Result<Val> {
        let level = self.levels.current();
        let sources = values.iter().map(|v| self.seg_source(v)).collect::<Result<Vec<_>>>()?;
        let known = self.append_total(values);
        let (lengths, offsets, total) = self.segment_lengths_with(known, &|tc, host, i| {
            let i = tc.share("i", Scalar::Int, i);
            let lengths: Vec<GExpr> = sources.iter().map(|source| source.at(tc, host, i.clone()).1).collect();
            vec![lengths.into_iter().reduce(add).unwrap_or_else(|| int(0))]
        })?;
        let route = |tc: &mut ThunkCx, host: &HostFunction, q: GExpr| {
            let (segment, within) = position_in_segment(tc, host, offsets, q);
            let last = sources.len() - 1;
            // Built from the last operand outwards: `rest` is the route of
            // a position at or past the end of operand `k`.
            let (last_start, _) = sources[last].at(tc, host, segment.clone());
            let mut ends = Vec::with_capacity(last);
            let mut end = int(0);
            let mut starts = Vec::with_capacity(last);
            for source in &sources[..last] {
                let (start, length) = source.at(tc, host, segment.clone());
                let before = tc.share("b", Scalar::Int, end.clone());
                end = tc.share("e", Scalar::Int, add(before.clone(), length));
                starts.push((start, before));
                ends.push(end.clone());
            }
            let mut index = add(last_start, sub(within.clone(), end));
            let mut choice = int(last as i64);
            for (k, ((start, before), end)) in starts.into_iter().zip(ends).enumerate().rev() {
                let inside = tc.share("c", Scalar::Bool, cmp(BinaryOp::Lt, within.clone(), end));
                index = GExpr::if_(inside.clone(), add(start, sub(within.clone(), before)), index);
                choice = GExpr::if_(inside, int(k as i64), choice);
            }
            Route { index, choice: Choice::Number(choice) }
        };
        let data: Vec<SeqRepr> = sources.iter().map(|source| source.data.clone()).collect();
        let elements = self.gather(&data, Size::Count(total), &route)?;
        Ok(Val::Seq(LiftedSeq::dense(level, lengths, offsets, elements)))
    }

    fn lifted_subseq(&mut self, e: ExprId, seq: &Val, start: &Val, end: &Val) -> Result<Val> {
        let level = self.levels.current();
        let site = self.fault(e, faults::subseq_range());
        let source = self.seg_source(seq)?;
        let (from, to) = (self.instance_scalar(start)?, self.instance_scalar(end)?);
        let (lengths, offsets, total) = self.segment_lengths(&|tc, host, i| {
            let i = tc.share("i", Scalar::Int, i);
            let (_, n) = source.at(tc, host, i.clone());
            let a = from.at(tc, host, i.clone());
            let a = tc.share("a", Scalar::Int, a);
            let b = to.at(tc, host, i);
            let b = tc.share("b", Scalar::Int, b);
            let ok = and(
                and(cmp(BinaryOp::Le, int(0), a.clone()), cmp(BinaryOp::Le, a.clone(), b.clone())),
                cmp(BinaryOp::Le, b.clone(), n.clone()),
            );
            tc.assert(ok, site, vec![a.clone(), b.clone(), n]);
            vec![sub(b, a)]
        })?;
        let route = |tc: &mut ThunkCx, host: &HostFunction, q: GExpr| {
            let (segment, within) = position_in_segment(tc, host, offsets, q);
            let (start, _) = source.at(tc, host, segment.clone());
            let a = from.at(tc, host, segment);
            Route { choice: Choice::Only, index: add(add(start, a), within) }
        };
        let elements = self.gather(std::slice::from_ref(&source.data), Size::Count(total), &route)?;
        Ok(Val::Seq(LiftedSeq::dense(level, lengths, offsets, elements)))
    }

    fn lifted_partition(&mut self, e: ExprId, seq: &Val, lengths: &Val) -> Result<Val> {
        let level = self.levels.current();
        let negative = self.fault(e, faults::partition_negative());
        let total_site = self.fault(e, faults::partition_total());
        let (seq_lengths, _, elements) = nested(self.dense_at(seq, level)?)?;
        let (outer_lengths, outer_offsets, inner_lengths) = nested(self.dense_at(lengths, level)?)?;
        let inner_lengths = array(&inner_lengths)?;
        self.check_nonnegative(inner_lengths, negative)?;
        let sums = self.seg_reduce(Prim::Sum, inner_lengths, outer_lengths, outer_offsets)?;
        self.map_instances("check_partition", &[], &|tc, host, i| {
            let i = tc.share("i", Scalar::Int, i);
            let total = tc.kb.read(host, sums, i.clone());
            let n = tc.kb.read(host, seq_lengths, i);
            let (total, n) = (tc.share("total", Scalar::Int, total), tc.share("n", Scalar::Int, n));
            tc.assert(cmp(BinaryOp::Eq, total.clone(), n.clone()), total_site, vec![total, n]);
            Vec::new()
        })?;
        let inner_offsets = self.scan_offsets(inner_lengths)?;
        let segments = SeqRepr::Nested { lengths: inner_lengths, offsets: inner_offsets, elements: Box::new(elements) };
        Ok(Val::Seq(LiftedSeq::dense(level, outer_lengths, outer_offsets, segments)))
    }
}
