//! Gathering nested sequences: the one reordering every structural
//! operation of flattening reduces to.
//!
//! [`FnCx::gather`] builds a sequence whose element `p` is element
//! `index(p)` of one of several sources of the same shape (the route
//! decides), for any element type. Scalar columns are gathered by one `MAP`;
//! a column of sequences gets its new lengths from the same `MAP`, offsets
//! by an exclusive `SCAN`, its total by a `REDUCE`, and its elements by a
//! gather one level down whose route finds, for a flat position, its
//! segment (`segment_of`) and the same position in the source segment.
//!
//! On top of it: [`FnCx::replicate`] (a uniform value for every instance,
//! `dist`), and [`FnCx::dense_at`], which turns any value of a lifted level
//! into a dense lifted sequence of that level's instances: a value of an
//! outer level is distributed through the levels' steps, a uniform one
//! replicated.

use std::collections::HashMap;

use crate::context::{DenseKey, LevelId, Size, Step};
use crate::error::{FlattenError, Result};
use crate::flatten_program::FnCx;
use crate::ir::{
    Atom, BinaryOp, Const, GExpr, HostFunction, HostVar, Repr, Scalar, SeqRepr, Soac, Thunk, UnaryOp, VarType,
};
use crate::kernel_code::{KernelBuilder, ThunkCx, add, binary_thunk, cmp, index_param, int, sub};
use crate::representation::{LiftedSeq, Val};

/// Which source a gathered element comes from.
#[derive(Clone, Debug)]
pub(crate) enum Choice {
    /// There is one source.
    Only,
    /// Two sources: the first where the bool holds, else the second.
    First(GExpr),
    /// Source number `k` (an int) of several.
    Number(GExpr),
}

/// Where a gathered element comes from: a source and an index into it.
#[derive(Clone, Debug)]
pub(crate) struct Route {
    pub choice: Choice,
    pub index: GExpr,
}

/// Computes the route of position `p` inside a thunk being built.
pub(crate) type RouteFn<'r> = &'r dyn Fn(&mut ThunkCx, &HostFunction, GExpr) -> Route;

// Note [host-known totals]
// ~~~~~~~~~~~~~~~~~~~~~~~~
// Gathering a column of sequences needs the new element count on the host
// (it sizes the gather one level down). Computed from the new lengths on
// the device (a scan, then `offsets[n-1] + lengths[n-1]`), it costs a
// blocking read: in a recursion, a wait per level. Some totals follow from
// what the host already has, by the descriptor invariant
// `sum(lengths) = #elements` (note [segment descriptors]) and the
// linearity of sums. The rules, by name:
//
// - `each-once-total`: a gather whose route takes every element of every
//   source exactly once keeps all of their elements, so its total is the
//   sum of the sources' element counts, host lengths. A lifted literal
//   `[a, b]` is one (`FnCx::gather_each_once`), and so is the merge of a
//   split conditional's branches: instance `i` takes then-result
//   `rank[i]` or else-result `i - rank[i]`, a bijection onto the two
//   branches' instances (`lift_conditionals.rs`).
// - `masked-total`: the instances a `FILTER` of flags selects
//   (`then_instances`) have, gathered, the total
//   `sum(filter(flag, lengths)) = sum(map(flag ? length : 0))`, a `REDUCE`
//   over all the instances. It reads the flags and the lengths, not the
//   selected indices: fusion puts it in the kernel that computes the flags
//   and selects, whose counts and scalars are read in one wait, so the
//   branch's total costs no wait of its own ([`ArrayFacts::selections`]).
// - `replicated-total`: a dense sequence of the level below read by every
//   element of segments that all have length `c` (a free variable of an
//   apply-to-each over a uniform sequence of `c` elements or a lifted
//   literal of `c` items, quickhull's
//   `{hsplit(packed, ends) : ends in [(p1, pm), (pm, p2)]}`) takes each of
//   its instances' sequences `c` times: `c` times its element count.
// - `parts-total`: in a lifted `++`, the operands that are the views
//   `x[0], ..., x[c-1]` of one dense lifted sequence `x` whose segments
//   all have length `c` (each once) cover `x`'s elements exactly once, so
//   their lengths sum to `x`'s element count: quicksort's
//   `sorted[0] ++ equal ++ sorted[1]`, `sorted` built from the literal
//   `[lesser, greater]`. A dense operand adds its element count, one of
//   the selected instances its masked total, a uniform one `n` times its
//   length (`segmented_prims.rs`, `append_total`).
//
// Not host-known, and so still summed on the device: the lengths of one
// view alone (`x[0]` takes some of `x`'s segments), of a gather by an
// arbitrary index vector (it may take a segment twice or never), of a `++`
// with any other operand. Each rule is checked by the flat evaluator
// against the interpreter (tests/programs/recursion, and the
// random-program tests), which run the same host code.

/// A selection of instances: the positions of the `size` instances of a
/// level whose flag is `wanted` (`FILTER`ed, in order).
#[derive(Clone, Debug)]
pub(crate) struct Selection {
    pub flags: HostVar,
    pub size: Size,
    pub wanted: bool,
}

/// Facts about arrays of the function being built (variables are bound
/// once, so a fact holds wherever its variable is visible). See note
/// [host-known totals].
#[derive(Clone, Debug, Default)]
pub(crate) struct ArrayFacts {
    /// Index arrays that are a [`Selection`].
    pub selections: HashMap<HostVar, Selection>,
    /// Int arrays whose every element is the constant (a `MAP` of it).
    pub constant_columns: HashMap<HostVar, i64>,
    /// The offsets of dense descriptors whose segments all have the
    /// length, a host value (`i * c`, with lengths all `c`: a lifted
    /// literal's, or a uniform generator's).
    pub constant_segments: HashMap<HostVar, Atom>,
    /// The lengths of lifted views `x[index]` of a dense lifted sequence
    /// `x` of the same level (`lifted_elt`), by the view's lengths.
    pub element_views: HashMap<HostVar, ElementView>,
}

/// A view `x[index]`, for every instance, of a dense lifted sequence of
/// sequences `x` of the view's level.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ElementView {
    /// `x`'s lengths.
    pub whole: HostVar,
    pub index: i64,
}

/// A column of a sequence's representation, as the gather sees it.
enum Slot {
    Column(HostVar),
    Nested { lengths: HostVar, offsets: HostVar, elements: SeqRepr },
}

fn slots(seq: &SeqRepr, out: &mut Vec<Slot>) {
    match seq {
        SeqRepr::Array(v) => out.push(Slot::Column(*v)),
        SeqRepr::Tuple(columns) => columns.iter().for_each(|c| slots(c, out)),
        SeqRepr::Nested { lengths, offsets, elements } => {
            out.push(Slot::Nested { lengths: *lengths, offsets: *offsets, elements: (**elements).clone() })
        }
    }
}

/// Rebuilds a representation of the shape of `shape` from new slots.
fn rebuild(shape: &SeqRepr, new: &mut impl Iterator<Item = SeqRepr>) -> SeqRepr {
    match shape {
        SeqRepr::Array(_) | SeqRepr::Nested { .. } => new.next().expect("a new slot per slot"),
        SeqRepr::Tuple(columns) => SeqRepr::Tuple(columns.iter().map(|c| rebuild(c, new)).collect()),
    }
}

/// `choice` applied to one value per source.
pub(crate) fn select(choice: &Choice, mut items: Vec<GExpr>) -> GExpr {
    match choice {
        Choice::Only => items.remove(0),
        Choice::First(cond) => {
            let second = items.pop().expect("two sources");
            let first = items.pop().expect("two sources");
            GExpr::if_(cond.clone(), first, second)
        }
        Choice::Number(k) => {
            let last = items.pop().expect("a source");
            items.into_iter().enumerate().rev().fold(last, |rest, (n, item)| {
                GExpr::if_(GExpr::binary(BinaryOp::Eq, Scalar::Int, k.clone(), int(n as i64)), item, rest)
            })
        }
    }
}

impl FnCx<'_, '_> {
    /// The sequence of `size` elements whose element `p` is element
    /// `route(p).index` of source `route(p).choice`. The sources have the
    /// same shape.
    pub fn gather(&mut self, sources: &[SeqRepr], size: Size, route: RouteFn) -> Result<SeqRepr> {
        self.gather_routed(sources, size, route, false, &[])
    }

    /// [`FnCx::gather`] where the route takes every element of every source
    /// exactly once (a lifted literal `[a, b]`: instance `i`'s sequence is
    /// `a[i], b[i]`). Then a column of sequences keeps all the sources'
    /// elements, so its element count is the sum of theirs, known on the
    /// host (note [segment descriptors]: `sum(lengths)` is the length of
    /// the element data): no `total` kernel and no read-back of its
    /// result, one launch and one host wait fewer per level of a recursion
    /// that builds such a literal (quicksort's `[lesser, greater]`).
    pub fn gather_each_once(&mut self, sources: &[SeqRepr], size: Size, route: RouteFn) -> Result<SeqRepr> {
        self.gather_routed(sources, size, route, true, &[])
    }

    /// `gather`; `takes_each_once` says that the route takes every element
    /// of every source once (see [`FnCx::gather_each_once`]), so each level
    /// of sequences below does too. `known_totals[k]`, where given, is the
    /// element count of slot `k` (a column of sequences) of the result,
    /// known otherwise (note [host-known totals]).
    fn gather_routed(
        &mut self,
        sources: &[SeqRepr],
        size: Size,
        route: RouteFn,
        takes_each_once: bool,
        known_totals: &[Option<Atom>],
    ) -> Result<SeqRepr> {
        let source_slots: Vec<Vec<Slot>> = sources
            .iter()
            .map(|s| {
                let mut out = Vec::new();
                slots(s, &mut out);
                out
            })
            .collect();
        let slot_count = source_slots[0].len();
        if source_slots.iter().any(|s| s.len() != slot_count) {
            return Err(FlattenError::bug("gather from sources of different shapes"));
        }
        // One MAP for the scalar columns and the new lengths.
        let mut kb = KernelBuilder::new();
        let p = index_param(&mut kb, "p");
        let mut tc = ThunkCx::new(kb);
        let host = &self.fb.function;
        let Route { choice, index } = route(&mut tc, host, GExpr::Var(p));
        let choice = share_choice(&mut tc, choice);
        let index = tc.share("q", Scalar::Int, index);
        let mut values = Vec::with_capacity(slot_count);
        let mut results = Vec::with_capacity(slot_count);
        for k in 0..slot_count {
            let items: Vec<GExpr> = source_slots
                .iter()
                .map(|s| match &s[k] {
                    Slot::Column(v) => tc.kb.read(host, *v, index.clone()),
                    Slot::Nested { lengths, .. } => tc.kb.read(host, *lengths, index.clone()),
                })
                .collect();
            values.push(select(&choice, items));
            results.push(match &source_slots[0][k] {
                Slot::Column(v) => (host.var(*v).name.clone(), host.var(*v).ty),
                Slot::Nested { lengths, .. } => (host.var(*lengths).name.clone(), VarType::Array(Scalar::Int)),
            });
        }
        let body = if values.len() == 1 { values.remove(0) } else { GExpr::Tuple(values) };
        let (body, mut kb) = tc.finish(body);
        let size_expr = kb.size(host, &size);
        let columns = self.run_kernel(
            kb,
            "gather",
            Soac::Map { size: size_expr, pull: Thunk { params: vec![p], body } },
            &results,
        );
        // One level down for each column of sequences.
        let mut new_slots = Vec::with_capacity(slot_count);
        for (k, column) in columns.into_iter().enumerate() {
            match &source_slots[0][k] {
                Slot::Column(_) => new_slots.push(SeqRepr::Array(column)),
                Slot::Nested { .. } => {
                    let (offsets, total) = match known_totals.get(k) {
                        Some(Some(total)) => (self.offsets_of(column), *total),
                        _ if takes_each_once => (self.offsets_of(column), self.element_total(&source_slots, k)?),
                        _ => self.offsets_and_total(column)?,
                    };
                    let inner_sources: Vec<SeqRepr> = source_slots
                        .iter()
                        .map(|s| match &s[k] {
                            Slot::Nested { elements, .. } => elements.clone(),
                            Slot::Column(_) => unreachable!("sources of one shape"),
                        })
                        .collect();
                    let source_offsets: Vec<HostVar> = source_slots
                        .iter()
                        .map(|s| match &s[k] {
                            Slot::Nested { offsets, .. } => *offsets,
                            Slot::Column(_) => unreachable!("sources of one shape"),
                        })
                        .collect();
                    let inner = |tc: &mut ThunkCx, host: &HostFunction, q: GExpr| {
                        let q = tc.share("q", Scalar::Int, q);
                        let new_offsets = tc.kb.param(host, offsets);
                        let segment = GExpr::SegmentOf { offsets: new_offsets, index: Box::new(q.clone()) };
                        let segment = tc.share("s", Scalar::Int, segment);
                        let within = sub(q, GExpr::read(new_offsets, segment.clone()));
                        let Route { choice, index } = route(tc, host, segment);
                        let choice = share_choice(tc, choice);
                        let index = tc.share("r", Scalar::Int, index);
                        let starts = source_offsets.iter().map(|o| tc.kb.read(host, *o, index.clone())).collect();
                        Route { index: add(select(&choice, starts), within), choice }
                    };
                    let elements =
                        self.gather_routed(&inner_sources, Size::Count(total), &inner, takes_each_once, &[])?;
                    new_slots.push(SeqRepr::Nested { lengths: column, offsets, elements: Box::new(elements) });
                }
            }
        }
        Ok(rebuild(&sources[0], &mut new_slots.into_iter()))
    }

    /// The exclusive prefix sum of segment lengths (the offsets of a dense
    /// descriptor) and their total.
    pub fn offsets_and_total(&mut self, lengths: HostVar) -> Result<(HostVar, Atom)> {
        let offsets = self.offsets_of(lengths);
        let total = self.descriptor_total(lengths, offsets);
        Ok((offsets, total))
    }

    /// The sum of the element counts of column `k` (a column of sequences)
    /// of every source, on the host.
    fn element_total(&mut self, source_slots: &[Vec<Slot>], k: usize) -> Result<Atom> {
        let mut total: Option<Atom> = None;
        for slots in source_slots {
            let Some(Slot::Nested { elements, .. }) = slots.get(k) else {
                return Err(FlattenError::bug("gather from sources of different shapes"));
            };
            let count = self.fb.length(elements.length_witness());
            total = Some(match total {
                Some(sum) => self.fb.binary(BinaryOp::Add, Scalar::Int, sum, count),
                None => count,
            });
        }
        total.ok_or_else(|| FlattenError::bug("a gather without sources"))
    }

    /// The exclusive prefix sum of segment lengths: the offsets of a dense
    /// descriptor.
    pub fn offsets_of(&mut self, lengths: HostVar) -> HostVar {
        let host = &self.fb.function;
        let name = host.var(lengths).name.replace("lengths", "offsets");
        let name = if name == host.var(lengths).name { format!("{name}_offsets") } else { name };
        let mut kb = KernelBuilder::new();
        let i = index_param(&mut kb, "i");
        let pull = Thunk { params: vec![i], body: kb.read(host, lengths, GExpr::Var(i)) };
        let op = binary_thunk(&mut kb, BinaryOp::Add, Scalar::Int);
        let size = kb.length(host, lengths);
        let scan = Soac::Scan { size, pull, neutral: vec![Const::Int(0)], op };
        self.run_kernel(kb, "scan_sum", scan, &[(name, VarType::Array(Scalar::Int))])[0]
    }

    /// The element count of a dense descriptor: where its last segment
    /// ends, `offsets[n - 1] + lengths[n - 1]` (0 without segments), read by
    /// one work-item once the offsets are scanned. A REDUCE of the lengths
    /// gave the same sum in two launches (a partial and a final one), by
    /// reading the lengths again: a recursion level of quicksort builds six
    /// descriptors.
    fn descriptor_total(&mut self, lengths: HostVar, offsets: HostVar) -> Atom {
        let host = &self.fb.function;
        let mut kb = KernelBuilder::new();
        let n = kb.length(host, lengths);
        let last = kb.scalar_var("last", Scalar::Int);
        let end = add(kb.read(host, offsets, GExpr::Var(last)), kb.read(host, lengths, GExpr::Var(last)));
        let body = GExpr::if_(
            cmp(BinaryOp::Eq, n.clone(), int(0)),
            int(0),
            GExpr::Let { vars: vec![last], value: Box::new(sub(n, int(1))), body: Box::new(end) },
        );
        let results = [("total".to_string(), VarType::Scalar(Scalar::Int))];
        Atom::Var(self.run_kernel(kb, "total", Soac::Once { body }, &results)[0])
    }

    /// Rule `masked-total` (note [host-known totals]): the sum of
    /// `lengths` over the instances `selection` selects, as a `REDUCE`
    /// over all the instances of `lengths[i]` where the flag is wanted, 0
    /// elsewhere.
    pub fn masked_total(&mut self, lengths: HostVar, selection: &Selection) -> Atom {
        let host = &self.fb.function;
        let mut kb = KernelBuilder::new();
        let i = index_param(&mut kb, "i");
        let flag = kb.read(host, selection.flags, GExpr::Var(i));
        let flag = if selection.wanted { flag } else { GExpr::unary(UnaryOp::Not, Scalar::Bool, flag) };
        let body = GExpr::if_(flag, kb.read(host, lengths, GExpr::Var(i)), int(0));
        let op = binary_thunk(&mut kb, BinaryOp::Add, Scalar::Int);
        let size = kb.size(host, &selection.size);
        let reduce = Soac::Reduce { size, pull: Thunk { params: vec![i], body }, neutral: vec![Const::Int(0)], op };
        let results = [("total".to_string(), VarType::Scalar(Scalar::Int))];
        Atom::Var(self.run_kernel(kb, "masked_total", reduce, &results)[0])
    }

    /// `MAP { i => f(i) } (size)` of one scalar column.
    pub fn map_column(
        &mut self,
        size: &Size,
        name: &str,
        ty: Scalar,
        f: &dyn Fn(&mut ThunkCx, &HostFunction, GExpr) -> GExpr,
    ) -> Result<HostVar> {
        let mut kb = KernelBuilder::new();
        let i = index_param(&mut kb, "i");
        let mut tc = ThunkCx::new(kb);
        let value = f(&mut tc, &self.fb.function, GExpr::Var(i));
        let (body, mut kb) = tc.finish(value);
        let constant = match body {
            GExpr::Const(Const::Int(c)) => Some(c),
            _ => None,
        };
        let size = kb.size(&self.fb.function, size);
        let map = Soac::Map { size, pull: Thunk { params: vec![i], body } };
        let column = self.run_kernel(kb, "map", map, &[(name.to_string(), VarType::Array(ty))])[0];
        if let Some(c) = constant {
            self.facts.constant_columns.insert(column, c);
        }
        Ok(column)
    }

    /// A uniform value, once for each of `size` instances.
    pub fn replicate(&mut self, repr: &Repr, size: &Size) -> Result<SeqRepr> {
        match repr {
            Repr::Scalar(a) => {
                let ty = match a {
                    Atom::Const(c) => c.scalar(),
                    Atom::Var(v) => self.fb.var_type(*v).scalar(),
                };
                let a = *a;
                Ok(SeqRepr::Array(self.map_column(size, "copies", ty, &|tc, host, _| tc.kb.atom(host, a))?))
            }
            Repr::Tuple(items) => {
                Ok(SeqRepr::Tuple(items.iter().map(|r| self.replicate(r, size)).collect::<Result<_>>()?))
            }
            Repr::Seq(seq) => {
                let length = self.fb.length(seq.length_witness());
                let lengths = self.map_column(size, "lengths", Scalar::Int, &|tc, host, _| tc.kb.atom(host, length))?;
                let offsets = self.map_column(size, "offsets", Scalar::Int, &|tc, host, i| {
                    GExpr::binary(BinaryOp::Mul, Scalar::Int, i, tc.kb.atom(host, length))
                })?;
                let n = self.fb.size(size);
                let total = self.fb.binary(BinaryOp::Mul, Scalar::Int, n, length);
                let within = |tc: &mut ThunkCx, host: &HostFunction, q: GExpr| Route {
                    choice: Choice::Only,
                    index: GExpr::binary(BinaryOp::Rem, Scalar::Int, q, tc.kb.atom(host, length)),
                };
                let elements = self.gather(std::slice::from_ref(seq), Size::Count(total), &within)?;
                Ok(SeqRepr::Nested { lengths, offsets, elements: Box::new(elements) })
            }
        }
    }

    /// The value `val` of the current context as a dense lifted sequence of
    /// the instances of `level`. A value of an outer level is gathered once
    /// per level (and host block).
    pub fn dense_at(&mut self, val: &Val, level: LevelId) -> Result<SeqRepr> {
        let size = self.levels.get(level).size.clone();
        let (key, source, mut steps) = match val {
            Val::Uniform(repr) => return self.replicate(repr, &size),
            Val::Scalar(s) if s.level == level && s.path.is_empty() => return Ok(SeqRepr::Array(s.array)),
            Val::Seq(s) if s.level == level && s.is_dense => return Ok(s.as_nested()),
            Val::Tuple(items) => {
                return Ok(SeqRepr::Tuple(items.iter().map(|v| self.dense_at(v, level)).collect::<Result<_>>()?));
            }
            Val::Scalar(s) => (
                DenseKey { holder: s.array, level: s.level, path: s.path.clone() },
                SeqRepr::Array(s.array),
                self.levels.path(level, s.level),
            ),
            Val::Seq(s) => (
                DenseKey { holder: s.lengths, level: s.level, path: Vec::new() },
                s.as_nested(),
                self.levels.path(level, s.level),
            ),
        };
        let cached = self.levels.get(level).dense.iter().find(|(k, _, block)| *k == key && self.fb.is_open(*block));
        if let Some((_, dense, _)) = cached {
            return Ok(dense.clone());
        }
        steps.extend(key.path.iter().cloned());
        // Rules `masked-total` and `replicated-total`.
        let selected_total = match val {
            Val::Seq(s) if s.is_dense => self.gathered_total(s, &steps),
            _ => None,
        };
        let dense = match selected_total {
            Some(total) => {
                let route = move |tc: &mut ThunkCx, host: &HostFunction, p: GExpr| Route {
                    choice: Choice::Only,
                    index: tc.apply_steps(host, &steps, p),
                };
                self.gather_routed(std::slice::from_ref(&source), size, &route, false, &[Some(total)])?
            }
            None => self.gather_along(&source, size, steps)?,
        };
        let block = self.fb.current_block();
        self.levels.get_mut(level).dense.push((key, dense.clone(), block));
        Ok(dense)
    }

    /// The element count of the dense lifted sequence `s` gathered along
    /// `steps` (from an instance of an inner level to one of `s`'s), when
    /// the host knows it: rule `replicated-total` for each step into
    /// segments that all have length `c` (a factor `c`, a host value), then rule
    /// `masked-total` for a step into the instances a selection picked, or
    /// `s`'s element count when no step is left (note [host-known
    /// totals]). `None`, and nothing emitted, otherwise.
    pub fn gathered_total(&mut self, s: &LiftedSeq, steps: &[Step]) -> Option<Atom> {
        let mut factors = Vec::new();
        let mut rest = steps;
        while let [Step::SegmentOf(offsets), tail @ ..] = rest {
            factors.push(*self.facts.constant_segments.get(offsets)?);
            rest = tail;
        }
        let count = match rest {
            [] => self.fb.length(s.elements.length_witness()),
            [Step::Gather(indices)] => {
                let selection = self.facts.selections.get(indices)?.clone();
                self.masked_total(s.lengths, &selection)
            }
            _ => return None,
        };
        Some(factors.into_iter().fold(count, |count, c| self.fb.binary(BinaryOp::Mul, Scalar::Int, c, count)))
    }

    /// The sequence whose element `p` is element `steps(p)` of `source`.
    pub fn gather_along(&mut self, source: &SeqRepr, size: Size, steps: Vec<Step>) -> Result<SeqRepr> {
        let route = move |tc: &mut ThunkCx, host: &HostFunction, p: GExpr| Route {
            choice: Choice::Only,
            index: tc.apply_steps(host, &steps, p),
        };
        self.gather(std::slice::from_ref(source), size, &route)
    }
}

fn share_choice(tc: &mut ThunkCx, choice: Choice) -> Choice {
    match choice {
        Choice::Only => Choice::Only,
        Choice::First(c) => Choice::First(tc.share("c", Scalar::Bool, c)),
        Choice::Number(k) => Choice::Number(tc.share("c", Scalar::Int, k)),
    }
}
