//! Apply-to-each: `{ body : p1 in s1; ...; pn in sn | cond }`.
//!
//! The body is flattened in a new lifted level whose instances are the
//! elements of the generators (zipped: the lengths must match, as the
//! interpreter checks, with its message). In the host context the instances
//! are the elements of the first generator. In a lifted context they are the
//! concatenated elements of the generators' sequences, one segment per
//! outer instance: a lifted generator's own segment descriptor, or, when
//! every generator is uniform, `n` copies of the same elements (read in
//! place, never replicated). The inner level maps each instance to its
//! outer instance by `segment_of`, so outer lifted variables are read
//! through it (see `context.rs`).
//!
//! A filter selects instances: its condition becomes the predicate of a
//! `FILTER` of the instance indices, which also pulls the generators'
//! scalar columns, so `{x : x in xs | x > 0}` is one `FILTER` (unused
//! results are pruned later). The body runs in a level of the selected
//! instances; in a lifted context the result's segment lengths count the
//! selected instances of each segment (a `SEG_REDUCE` of the flags).
//!
//! The body's values, dense over the body's level, are the elements of the
//! result; in a lifted context they are segmented by the generators'
//! descriptor, or by the filter's counts.

use std::collections::HashMap;

use nesl_frontend::tast::{ExprId, Generator, LocalId};

use crate::analysis::pattern_locals;
use crate::context::{Level, LevelId, Size, Step};
use crate::error::{FlattenError, Result};
use crate::faults::generators_of_different_lengths;
use crate::flatten_program::FnCx;
use crate::ir::{Atom, BinaryOp, Const, GExpr, HostVar, Repr, Scalar, SeqRepr, Soac, Thunk, VarType};
use crate::kernel_code::{GVal, KernelBuilder, ThunkCx, index_param};
use crate::representation::{LiftedScalar, LiftedSeq, Val};
use crate::scalar_code::GpuCx;

/// The instances of an apply-to-each's body: their level, the segment
/// descriptor that maps them to outer instances (none in the host context),
/// and each generator's element.
struct Instances {
    level: LevelId,
    descriptor: Option<(HostVar, HostVar)>,
    elements: Vec<Val>,
}

impl FnCx<'_, '_> {
    pub fn compile_apply_to_each(
        &mut self,
        e: ExprId,
        body: ExprId,
        generators: &[Generator],
        filter: Option<ExprId>,
    ) -> Result<Val> {
        let outer = self.levels.current();
        let enclosing_region = self.parallel_region;
        // An apply-to-each of the host context starts a region, unless it
        // is hoisted out of the body of another one (a value the same for
        // every element, such as `@{y : y in [3]}` in a print): that one's
        // prints stay pending and its body level stays.
        let in_region_body = enclosing_region.is_some() && self.region_body_level.is_some();
        let starts_region = outer == 0 && !in_region_body;
        if starts_region {
            self.parallel_region = Some(e);
        }
        let mut result = self.apply_to_each_in_region(e, body, generators, filter);
        if starts_region && result.is_ok() {
            result = self.print_pending().and(result);
        }
        self.parallel_region = enclosing_region;
        if starts_region {
            self.region_body_level = None;
        }
        result
    }

    fn apply_to_each_in_region(
        &mut self,
        e: ExprId,
        body: ExprId,
        generators: &[Generator],
        filter: Option<ExprId>,
    ) -> Result<Val> {
        let outer = self.levels.current();
        let first_var = self.fb.function.vars.len() as u32;
        let mut sequences = Vec::with_capacity(generators.len());
        for g in generators {
            sequences.push(self.compile(g.seq)?);
        }
        let site = self.fault(e, generators_of_different_lengths());
        let Instances { level: inner, descriptor, elements } =
            if outer == 0 { self.host_instances(&sequences, site)? } else { self.lifted_instances(&sequences, site)? };
        for (g, element) in generators.iter().zip(elements) {
            self.bind_pattern(&g.pattern, element, first_var)?;
        }
        let (body_level, descriptor) = match filter {
            None => (inner, descriptor),
            Some(cond) => self.filter_instances(cond, generators, inner, descriptor)?,
        };
        if outer == 0 && self.parallel_region == Some(e) {
            self.region_body_level = Some(body_level);
        }
        let value = self.compile(body)?;
        let elements = self.dense_at(&value, body_level)?;
        while self.levels.current() > outer {
            self.levels.pop();
        }
        Ok(match descriptor {
            None => Val::Uniform(Repr::Seq(elements)),
            Some((lengths, offsets)) => Val::Seq(LiftedSeq::dense(outer, lengths, offsets, elements)),
        })
    }

    /// The instances of an apply-to-each in the host context: the elements
    /// of the generators, whose lengths must match.
    fn host_instances(&mut self, sequences: &[Val], site: crate::ir::FaultId) -> Result<Instances> {
        let seqs: Vec<SeqRepr> = sequences
            .iter()
            .map(|s| match s {
                Val::Uniform(Repr::Seq(seq)) => Ok(seq.clone()),
                _ => Err(FlattenError::bug("a generator of the host context is not a host sequence")),
            })
            .collect::<Result<_>>()?;
        let first = self.fb.length(seqs[0].length_witness());
        for other in &seqs[1..] {
            let n = self.fb.length(other.length_witness());
            let equal = self.fb.binary(BinaryOp::Eq, Scalar::Int, first, n);
            self.fb.assert(equal, site, vec![first, n]);
        }
        let inner = self.levels.push(Level::new(Size::LengthOf(seqs[0].length_witness()), None, false));
        let elements = seqs.into_iter().map(|s| Val::from_seq(s, inner)).collect();
        Ok(Instances { level: inner, descriptor: None, elements })
    }

    /// The instances of an apply-to-each in a lifted context: for each
    /// outer instance, the elements of its generators' sequences.
    fn lifted_instances(&mut self, sequences: &[Val], site: crate::ir::FaultId) -> Result<Instances> {
        let outer = self.levels.current();
        let outer_size = self.levels.get(outer).size.clone();
        let driver = sequences.iter().position(|s| !s.is_uniform());
        if sequences.len() > 1 {
            self.check_generator_lengths(sequences, site)?;
        }
        let (lengths, offsets, size) = match driver {
            Some(a) => {
                let SeqRepr::Nested { lengths, offsets, elements } = self.dense_at(&sequences[a], outer)? else {
                    return Err(FlattenError::bug("a lifted generator that is not a sequence"));
                };
                (lengths, offsets, Size::LengthOf(elements.length_witness()))
            }
            None => {
                let Val::Uniform(Repr::Seq(seq)) = &sequences[0] else {
                    return Err(FlattenError::bug("a uniform generator that is not a sequence"));
                };
                let length = self.fb.length(seq.length_witness());
                let lengths =
                    self.map_column(&outer_size, "lengths", Scalar::Int, &|tc, host, _| tc.kb.atom(host, length))?;
                let offsets = self.map_column(&outer_size, "offsets", Scalar::Int, &|tc, host, i| {
                    GExpr::binary(BinaryOp::Mul, Scalar::Int, i, tc.kb.atom(host, length))
                })?;
                // Every outer instance takes the whole generator: rule
                // `replicated-total` (note [host-known totals], `gather.rs`).
                self.facts.constant_segments.insert(offsets, length);
                let n = self.fb.size(&outer_size);
                let total = self.fb.binary(BinaryOp::Mul, Scalar::Int, n, length);
                (lengths, offsets, Size::Count(total))
            }
        };
        let mut dense = Vec::with_capacity(sequences.len());
        for s in sequences {
            dense.push(if s.is_uniform() { None } else { Some(self.dense_at(s, outer)?) });
        }
        let inner = self.levels.push(Level::new(size, Some(Step::SegmentOf(offsets)), false));
        let mut elements = Vec::with_capacity(sequences.len());
        for (s, d) in sequences.iter().zip(dense) {
            elements.push(match (d, s) {
                (Some(SeqRepr::Nested { elements, .. }), _) => Val::from_seq(*elements, inner),
                (None, Val::Uniform(Repr::Seq(seq))) => self.val_along(seq, inner, &[Step::WithinSegment(offsets)])?,
                _ => return Err(FlattenError::bug("a generator that is not a sequence")),
            });
        }
        Ok(Instances { level: inner, descriptor: Some((lengths, offsets)), elements })
    }

    /// The value whose instance `i` of `level` is element `steps(i)` of
    /// `seq`: scalar columns read in place, nested columns gathered.
    fn val_along(&mut self, seq: &SeqRepr, level: LevelId, steps: &[Step]) -> Result<Val> {
        Ok(match seq {
            SeqRepr::Array(array) => Val::Scalar(LiftedScalar { level, array: *array, path: steps.to_vec() }),
            SeqRepr::Tuple(columns) => {
                Val::Tuple(columns.iter().map(|c| self.val_along(c, level, steps)).collect::<Result<_>>()?)
            }
            SeqRepr::Nested { .. } => {
                let size = self.levels.get(level).size.clone();
                let gathered = self.gather_along(seq, size, steps.to_vec())?;
                Val::from_seq(gathered, level)
            }
        })
    }

    /// Checks, for every instance, that the generators' sequences have the
    /// length of the first one.
    fn check_generator_lengths(&mut self, sequences: &[Val], site: crate::ir::FaultId) -> Result<()> {
        let level = self.levels.current();
        if sequences.iter().all(Val::is_uniform) {
            let n = self.fb.size(&self.levels.get(level).size.clone());
            let empty = self.fb.binary(BinaryOp::Eq, Scalar::Int, n, Atom::Const(Const::Int(0)));
            let lengths: Vec<Atom> = sequences
                .iter()
                .map(|s| match s {
                    Val::Uniform(Repr::Seq(seq)) => Ok(self.fb.length(seq.length_witness())),
                    _ => Err(FlattenError::bug("a uniform generator that is not a sequence")),
                })
                .collect::<Result<_>>()?;
            for n in &lengths[1..] {
                let equal = self.fb.binary(BinaryOp::Eq, Scalar::Int, lengths[0], *n);
                let ok = if self.levels.get(level).known_nonempty {
                    equal
                } else {
                    self.fb.binary(BinaryOp::Or, Scalar::Bool, empty, equal)
                };
                self.fb.assert(ok, site, vec![lengths[0], *n]);
            }
            return Ok(());
        }
        let mut kb = KernelBuilder::new();
        let i = index_param(&mut kb, "i");
        let mut tc = ThunkCx::over_level(kb, level, GExpr::Var(i));
        let first = self.seq_length(&mut tc, &sequences[0]);
        let first = tc.share("len", Scalar::Int, first);
        for s in &sequences[1..] {
            let n = self.seq_length(&mut tc, s);
            let n = tc.share("len", Scalar::Int, n);
            tc.assert(GExpr::binary(BinaryOp::Eq, Scalar::Int, first.clone(), n.clone()), site, vec![first.clone(), n]);
        }
        let (body, mut kb) = tc.finish(GExpr::Tuple(Vec::new()));
        let size = kb.size(&self.fb.function, &self.levels.get(level).size.clone());
        self.run_kernel(kb, "check_lengths", Soac::Map { size, pull: Thunk { params: vec![i], body } }, &[]);
        Ok(())
    }

    /// Selects the instances of level `inner` where `cond` holds: a
    /// `FILTER` of the instance indices that also pulls the generators'
    /// scalar columns. Returns the level of the selected instances and, in a
    /// lifted context, the result's segment descriptor.
    fn filter_instances(
        &mut self,
        cond: ExprId,
        generators: &[Generator],
        inner: LevelId,
        descriptor: Option<(HostVar, HostVar)>,
    ) -> Result<(LevelId, Option<(HostVar, HostVar)>)> {
        let mut locals: Vec<LocalId> = Vec::new();
        for g in generators {
            pattern_locals(&g.pattern, &mut locals);
        }
        // The scalar columns of the generators' variables, read in place.
        let mut pulled: Vec<HostVar> = Vec::new();
        for l in &locals {
            if let Some(v) = &self.scope.locals[l.0 as usize] {
                collect_columns(v, inner, &mut pulled);
            }
        }
        pulled.dedup();
        // The predicate: the condition itself, when it is scalar code of the
        // host apply-to-each; otherwise flags computed beforehand (a lifted
        // context needs them for the counts too).
        let plan = if descriptor.is_none() { self.plan(cond) } else { None };
        let (leaves, flags) = match plan {
            Some(leaves) => {
                let mut values = HashMap::new();
                for leaf in leaves.iter() {
                    let v = self.compile(*leaf)?;
                    values.insert(*leaf, v);
                }
                (Some(values), None)
            }
            None => {
                let v = self.compile(cond)?;
                match self.dense_at(&v, inner)? {
                    SeqRepr::Array(flags) => (None, Some(flags)),
                    _ => return Err(FlattenError::bug("a filter's condition is not a bool")),
                }
            }
        };
        let host = &self.fb.function;
        let mut kb = KernelBuilder::new();
        let i = index_param(&mut kb, "i");
        let mut pull_items = vec![GExpr::Var(i)];
        for column in &pulled {
            pull_items.push(kb.read(host, *column, GExpr::Var(i)));
        }
        let j = index_param(&mut kb, "j");
        let mut pred_params = vec![j];
        let mut column_params: HashMap<HostVar, crate::ir::KVar> = HashMap::new();
        let mut column_names: HashMap<HostVar, String> = HashMap::new();
        for l in &locals {
            if let Some(Val::Scalar(s)) = &self.scope.locals[l.0 as usize] {
                column_names.entry(s.array).or_insert_with(|| self.scope.local_names[l.0 as usize].clone());
            }
        }
        for column in &pulled {
            let ty = host.var(*column).ty.scalar();
            let name = column_names.get(column).cloned().unwrap_or_else(|| host.var(*column).name.clone());
            let x = kb.scalar_var(&name, ty);
            pred_params.push(x);
            column_params.insert(*column, x);
        }
        let pred_body = match (leaves, flags) {
            (Some(values), _) => {
                let mut tc = ThunkCx::over_level(kb, inner, GExpr::Var(j));
                let mut g = GpuCx::new(values);
                for l in &locals {
                    if let Some(v) = self.scope.locals[l.0 as usize].clone()
                        && let Some(value) = pulled_gval(&v, inner, &column_params)
                    {
                        g.bind_root(*l, value);
                    }
                }
                let value = self.compile_gpu(&mut tc, &mut g, cond)?.scalar();
                let (body, back) = tc.finish(value);
                kb = back;
                body
            }
            (None, Some(flags)) => kb.read(&self.fb.function, flags, GExpr::Var(j)),
            (None, None) => return Err(FlattenError::bug("a filter without a predicate")),
        };
        let host = &self.fb.function;
        let size = kb.size(host, &self.levels.get(inner).size.clone());
        let mut results = vec![("kept".to_string(), VarType::Array(Scalar::Int))];
        results.extend(pulled.iter().map(|c| {
            let name = column_names.get(c).cloned().unwrap_or_else(|| host.var(*c).name.clone());
            (name, host.var(*c).ty)
        }));
        // In a lifted context the filter also counts what it keeps before
        // each segment (`counts-from-filter`, note [counts from the filter]).
        let before = match (descriptor, flags) {
            (None, _) => None,
            (Some((_, offsets)), Some(_)) => Some(kb.param(host, offsets)),
            (Some(_), None) => return Err(FlattenError::bug("a lifted filter without flags")),
        };
        if before.is_some() {
            results.push(("before".to_string(), VarType::Array(Scalar::Int)));
        }
        let pull_body = if pull_items.len() == 1 { pull_items.remove(0) } else { GExpr::Tuple(pull_items) };
        let filter = Soac::Filter {
            size,
            pull: Thunk { params: vec![i], body: pull_body },
            pred: Thunk { params: pred_params, body: pred_body },
            before,
        };
        let mut out = self.run_kernel(kb, "filter", filter, &results);
        let before = if before.is_some() { out.pop() } else { None };
        let kept = out[0];
        let packed: HashMap<HostVar, HostVar> = pulled.iter().copied().zip(out[1..].iter().copied()).collect();
        // Any column of the FILTER's results counts the selected instances;
        // a pulled one spares the index column when only values are used.
        let count = Size::LengthOf(out.get(1).copied().unwrap_or(kept));
        let selected = self.levels.push(Level::new(count, Some(Step::Gather(kept)), false));
        for l in &locals {
            if let Some(v) = self.scope.locals[l.0 as usize].clone() {
                self.scope.locals[l.0 as usize] = Some(replace_columns(&v, inner, selected, &packed));
            }
        }
        // The result's offsets are the counts before each segment
        // (`offsets-from-before`, note [counts from the filter]).
        let descriptor = match (descriptor, before) {
            (Some(_), Some(before)) => {
                let column = out.get(1).copied().unwrap_or(kept);
                Some((self.counts_from_before(before, column)?, before))
            }
            _ => None,
        };
        Ok((selected, descriptor))
    }
}

/// The arrays of the scalar parts of `val` read in place at `level`.
fn collect_columns(val: &Val, level: LevelId, out: &mut Vec<HostVar>) {
    match val {
        Val::Scalar(s) if s.level == level && s.path.is_empty() && !out.contains(&s.array) => out.push(s.array),
        Val::Tuple(items) => items.iter().for_each(|v| collect_columns(v, level, out)),
        _ => {}
    }
}

/// `val` with its pulled columns replaced by the filter's parameters, if
/// it is made only of pulled columns.
fn pulled_gval(val: &Val, level: LevelId, params: &HashMap<HostVar, crate::ir::KVar>) -> Option<GVal> {
    match val {
        Val::Scalar(s) if s.level == level && s.path.is_empty() => {
            params.get(&s.array).map(|k| GVal::Scalar(GExpr::Var(*k)))
        }
        Val::Tuple(items) => {
            Some(GVal::Tuple(items.iter().map(|v| pulled_gval(v, level, params)).collect::<Option<_>>()?))
        }
        _ => None,
    }
}

/// `val` at the selected level: pulled columns replaced by their packed
/// copies (read in place); everything else is read through the selection.
fn replace_columns(val: &Val, level: LevelId, selected: LevelId, packed: &HashMap<HostVar, HostVar>) -> Val {
    match val {
        Val::Scalar(s) if s.level == level && s.path.is_empty() => match packed.get(&s.array) {
            Some(p) => Val::Scalar(LiftedScalar { level: selected, array: *p, path: Vec::new() }),
            None => val.clone(),
        },
        Val::Tuple(items) => Val::Tuple(items.iter().map(|v| replace_columns(v, level, selected, packed)).collect()),
        _ => val.clone(),
    }
}
