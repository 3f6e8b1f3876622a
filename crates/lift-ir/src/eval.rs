//! The evaluator: runs a Lift kernel, high- or low-level, on concrete
//! values, sequentially. It is the oracle for the rewrite rules: a rule is
//! right when the kernel before it and the kernel after it compute the same
//! results (`tests/integration/rules.rs` checks each rule on random inputs).
//!
//! Every OpenCL pattern means its algorithmic counterpart (`mapGlb`,
//! `mapWrg`, `mapLcl` and `mapSeq` are `map`; `toLocal` is the identity on
//! values); `iterate`, the data layout patterns and `scatter` mean what
//! `ir.rs` says. User functions are run by a callback, since their bodies
//! are flat GPU expressions (the caller evaluates them, for example with
//! `flatten`'s evaluator or a test's own).

pub mod checked;

use std::collections::HashMap;

use flatten::ir::{Const, KVar};

use crate::arith::{ArithExpr, VarId};
use crate::ir::{Expr, Fun, LiftKernel, ParamId, SizeDef, UserFunId};

/// A Lift value: a scalar or tuple of scalars (flattened, as the
/// elements of a thunk with several results), an array, or a tuple with an
/// array in it (an element of a `zip` of an array of arrays).
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Scalar(Vec<Const>),
    Array(Vec<Value>),
    Tuple(Vec<Value>),
}

impl Value {
    fn array(&self) -> Result<&[Value], String> {
        match self {
            Value::Array(items) => Ok(items),
            _ => Err("an array was expected".into()),
        }
    }

    fn scalar(&self) -> Result<&[Const], String> {
        match self {
            Value::Scalar(c) => Ok(c),
            _ => Err("a scalar was expected".into()),
        }
    }
}

/// Evaluates a user function on scalar arguments (all components, in
/// order); returns its result components.
pub type UserFunEval<'a> = &'a dyn Fn(UserFunId, &[Const], &HashMap<KVar, Value>) -> Result<Vec<Const>, String>;

/// The ints of an array of int scalars.
fn int_items(v: &Value) -> Result<Vec<i64>, String> {
    v.array()?
        .iter()
        .map(|x| match x.scalar()? {
            [Const::Int(i)] => Ok(*i),
            _ => Err("an array of ints was expected".to_string()),
        })
        .collect()
}

pub struct Evaluator<'a> {
    kernel: &'a LiftKernel,
    user: UserFunEval<'a>,
    /// The flat kernel's variables: parameters and the results of the
    /// stages run so far (a scalar result as a one-element array).
    pub inputs: HashMap<KVar, Value>,
    params: HashMap<ParamId, Value>,
    /// Inside `atomicMax`.
    atomic: bool,
}

impl<'a> Evaluator<'a> {
    pub fn new(kernel: &'a LiftKernel, user: UserFunEval<'a>, inputs: HashMap<KVar, Value>) -> Evaluator<'a> {
        Evaluator { kernel, user, inputs, params: HashMap::new(), atomic: false }
    }

    /// Runs every stage in order; its results become inputs of the later
    /// ones. Returns the kernel's results (scalars as scalars).
    pub fn run(&mut self) -> Result<Vec<Value>, String> {
        for stage in &self.kernel.stages {
            // A lowering not chosen for these sizes: the other one wrote.
            if let Some(when) = &stage.when
                && self.size(when)? == 0
            {
                continue;
            }
            // Its device guard: every work-group returns at once.
            if let Some(g) = &stage.guard {
                let value = || match self.inputs.get(&g.value) {
                    Some(Value::Scalar(c)) => match c.first() {
                        Some(Const::Int(x)) => Ok(*x),
                        _ => Err(String::from("a guard's value is not an int")),
                    },
                    _ => Err(String::from("a guard's value is read before it is written")),
                };
                if !g.holds(self.size(&g.unless)?, self.size(&g.bound)?, value)? {
                    continue;
                }
            }
            let value = self.expr(&stage.body)?;
            // A teams' stage that gave up wrote nothing the kernel reads.
            let flag = |v| match self.inputs.get(&v) {
                Some(Value::Scalar(c)) => c.first() != Some(&Const::Int(0)),
                _ => true,
            };
            if crate::seg_reduce::gave_up(stage, flag) {
                continue;
            }
            let items = value.array()?.to_vec();
            for (c, v) in stage.result.iter().enumerate() {
                let mut column = Vec::new();
                for (i, x) in items.iter().enumerate() {
                    column.push(match x {
                        // A hole of a scatter: what the earlier stage wrote.
                        Value::Tuple(t) if t.is_empty() => match self.inputs.get(v) {
                            Some(Value::Array(old)) => old.get(i).cloned().ok_or("a scatter hole past the array")?,
                            _ => return Err("a scatter left a hole".into()),
                        },
                        x => Value::Scalar(vec![x.scalar()?[c]]),
                    });
                }
                let column = match self.kernel.lengths.iter().find(|(w, _)| w == v) {
                    // A scan's buffer holds its padding too: keep the array.
                    Some((_, len)) => {
                        let len = self.size(len)? as usize;
                        column.into_iter().take(len).collect()
                    }
                    None => column,
                };
                let value = if stage.scalar_result {
                    column.first().cloned().ok_or("a scalar stage without a value")?
                } else {
                    Value::Array(column)
                };
                self.inputs.insert(*v, value);
            }
        }
        self.kernel
            .flat
            .results
            .iter()
            .map(|v| self.inputs.get(v).cloned().ok_or_else(|| "a missing result".into()))
            .collect()
    }

    /// The value of a size expression.
    pub fn size(&self, e: &ArithExpr) -> Result<i64, String> {
        let lookup = |id: VarId| -> Option<i64> {
            let def = self.kernel.sizes.iter().find(|s| s.var.id() == id)?;
            match &def.def {
                SizeDef::LengthOf(v) => match self.inputs.get(v)? {
                    Value::Array(items) => Some(items.len() as i64),
                    _ => None,
                },
                SizeDef::ValueOf(v) => match self.inputs.get(v)? {
                    Value::Scalar(c) => match c.first()? {
                        Const::Int(x) => Some(*x),
                        _ => None,
                    },
                    _ => None,
                },
                SizeDef::Derived(d) => self.size(d).ok(),
            }
        };
        e.eval(&lookup).ok_or_else(|| format!("the size {e} is undefined"))
    }

    /// A filter's counts before its offsets (`k.before`) from its flags,
    /// as a side output of the kernel.
    fn counts_before(&mut self, k: &crate::ir::Filter, flags: &[bool]) -> Result<(), String> {
        let Some(before) = &k.before else { return Ok(()) };
        let offsets = int_items(self.inputs.get(&before.offsets).ok_or("a filter's offsets missing")?)?;
        let counts = offsets
            .iter()
            .map(|&o| {
                let below = flags.iter().take(o.clamp(0, flags.len() as i64) as usize).filter(|f| **f).count();
                Value::Scalar(vec![Const::Int(below as i64)])
            })
            .collect();
        self.inputs.insert(before.counts, Value::Array(counts));
        Ok(())
    }

    fn int_call(&self, f: UserFunId, args: &[Const]) -> Result<i64, String> {
        match (self.user)(f, args, &self.inputs)?[..] {
            [Const::Int(t)] => Ok(t),
            _ => Err("a user function that should give an int".into()),
        }
    }

    fn call(&self, f: UserFunId, args: &[Const]) -> Result<Value, String> {
        Ok(Value::Scalar((self.user)(f, args, &self.inputs)?))
    }

    pub fn expr(&mut self, e: &Expr) -> Result<Value, String> {
        match e {
            Expr::Param(p) => self.params.get(p).cloned().ok_or_else(|| "an unbound parameter".into()),
            Expr::Input(v) => self.inputs.get(v).cloned().ok_or_else(|| format!("input {v:?} missing")),
            Expr::Value(c) => Ok(Value::Scalar(c.clone())),
            Expr::Apply(f, args) => {
                let args = args.iter().map(|a| self.expr(a)).collect::<Result<Vec<_>, _>>()?;
                self.apply(f, args)
            }
        }
    }

    /// `items` reduced by `g` as a team reduces them: each lane folds its
    /// elements from `z`, then the lanes combine in the order's tree.
    fn fold_in_team_order(
        &mut self,
        g: &Fun,
        z: &Value,
        items: &[Value],
        order: &crate::seg_reduce::TeamOrder,
    ) -> Result<Value, String> {
        let mut accs = Vec::with_capacity(order.lanes());
        for lane in 0..order.lanes() {
            let mut acc = z.clone();
            for k in order.elements(lane) {
                acc = self.apply(g, vec![acc, items[k].clone()])?;
            }
            accs.push(acc);
        }
        for (into, from) in order.tree() {
            accs[into] = self.apply(g, vec![accs[into].clone(), accs[from].clone()])?;
        }
        Ok(accs.swap_remove(0))
    }

    /// A long run (`items` from its first element) as the whole group
    /// folds it with chunk partials: the partials of its chunks (each the
    /// group's fold of its piece, as `segReduceChunks` writes it), then
    /// the rest of its elements, each in the group's order, combined left
    /// to right.
    fn fold_long_run(
        &mut self,
        g: &Fun,
        z: &Value,
        items: &[Value],
        run: &crate::seg_reduce::LongRun,
        group: i64,
        strided: bool,
    ) -> Result<Value, String> {
        let order = |len| crate::seg_reduce::TeamOrder::new(len, group, group, strided);
        let mut partials = Vec::with_capacity(run.chunks);
        for i in 0..run.chunks {
            let piece = run.piece(i);
            let at = piece.start - run.start..piece.end - run.start;
            partials.push(self.fold_in_team_order(g, z, &items[at], &order(piece.len())?)?);
        }
        let chunks = self.fold_in_team_order(g, z, &partials, &order(run.chunks)?)?;
        let rest = self.fold_in_team_order(g, z, &items[run.rest.clone()], &order(run.rest.len())?)?;
        self.apply(g, vec![chunks, rest])
    }

    fn apply(&mut self, f: &Fun, args: Vec<Value>) -> Result<Value, String> {
        let one = |args: &[Value]| -> Result<Value, String> {
            match args {
                [x] => Ok(x.clone()),
                _ => Err(format!("`{}` takes one argument", f.name())),
            }
        };
        match f {
            Fun::Lambda(params, body) => {
                for (p, v) in params.iter().zip(args) {
                    self.params.insert(*p, v);
                }
                self.expr(body)
            }
            Fun::User(id) => {
                let mut comps = Vec::new();
                for a in &args {
                    comps.extend_from_slice(a.scalar()?);
                }
                self.call(*id, &comps)
            }
            Fun::Id | Fun::ToGlobal(_) | Fun::ToLocal(_) | Fun::ToPrivate(_) => match f {
                Fun::Id => one(&args),
                Fun::ToGlobal(g) | Fun::ToLocal(g) | Fun::ToPrivate(g) => self.apply(g, args),
                _ => unreachable!(),
            },
            Fun::Map(g) | Fun::MapGlb(_, g) | Fun::MapWrg(_, g) | Fun::MapLcl { f: g, .. } | Fun::MapSeq(g) => {
                let xs = one(&args)?;
                let mut out = Vec::new();
                for x in xs.array()? {
                    out.push(self.apply(g, vec![x.clone()])?);
                }
                Ok(Value::Array(out))
            }
            Fun::Filter(k) | Fun::FilterLookback(k, _) => {
                let xs = one(&args)?;
                let mut kept = Vec::new();
                let mut flags = Vec::new();
                for x in xs.array()? {
                    let keep = self.int_call(k.keep, x.scalar()?)? != 0;
                    if keep {
                        kept.push(Value::Scalar(k.project(x.scalar()?)));
                    }
                    flags.push(keep);
                }
                self.inputs.insert(k.count, Value::Scalar(vec![Const::Int(kept.len() as i64)]));
                self.counts_before(k, &flags)?;
                Ok(Value::Array(kept))
            }
            // Each filter's kept elements from position 0, padded with the
            // element at the position (any value of the type would do: the
            // result's length is the count).
            Fun::Filters(keeps) | Fun::FiltersLookback(keeps, _) => {
                let xs = one(&args)?;
                let items = xs.array()?;
                let mut groups = Vec::new();
                for k in keeps {
                    let mut kept = Vec::new();
                    let mut flags = Vec::new();
                    for x in items {
                        let keep = self.int_call(k.keep, x.scalar()?)? != 0;
                        if keep {
                            kept.push(k.project(x.scalar()?));
                        }
                        flags.push(keep);
                    }
                    self.inputs.insert(k.count, Value::Scalar(vec![Const::Int(kept.len() as i64)]));
                    self.counts_before(k, &flags)?;
                    groups.push(kept);
                }
                let mut out = Vec::new();
                for (p, x) in items.iter().enumerate() {
                    let mut comps = Vec::new();
                    for (kept, k) in groups.iter().zip(keeps) {
                        match kept.get(p) {
                            Some(c) => comps.extend_from_slice(c),
                            None => comps.extend(k.project(x.scalar()?)),
                        }
                    }
                    out.push(Value::Scalar(comps));
                }
                Ok(Value::Array(out))
            }
            // Each part as its own pattern, their values side by side (a
            // reduction's to its scalars).
            Fun::Horizontal(parts) | Fun::HorizontalLookback(parts, _) => {
                use crate::ir::Part;
                if parts.len() != args.len() {
                    return Err("a traversal with another number of arrays than parts".into());
                }
                let mut columns: Vec<Vec<Value>> = Vec::new();
                let n = args.first().map_or(Ok(0), |xs| xs.array().map(<[Value]>::len))?;
                for (part, xs) in parts.iter().zip(args) {
                    let values = match part {
                        Part::Scan { op, neutral } => {
                            let scan = Fun::Scan(Box::new(op.clone()));
                            self.apply(&scan, vec![Value::Scalar(neutral.clone()), xs])?.array()?.to_vec()
                        }
                        Part::Reduce { op, neutral, results } => {
                            let reduce = Fun::Reduce(Box::new(op.clone()));
                            let total = self.apply(&reduce, vec![Value::Scalar(neutral.clone()), xs])?;
                            let comps = match total.array()?.first() {
                                Some(v) => v.scalar()?.to_vec(),
                                None => return Err("a traversal's reduction of no value".into()),
                            };
                            for (v, c) in results.iter().zip(comps) {
                                self.inputs.insert(*v, Value::Scalar(vec![c]));
                            }
                            continue;
                        }
                        Part::Filters { keeps, .. } => {
                            self.apply(&Fun::Filters(keeps.clone()), vec![xs])?.array()?.to_vec()
                        }
                        Part::Map => xs.array()?.to_vec(),
                    };
                    if values.len() != n {
                        return Err("a traversal of arrays of different lengths".into());
                    }
                    columns.push(values);
                }
                let mut out = Vec::new();
                for p in 0..n {
                    let mut comps = Vec::new();
                    for column in &columns {
                        comps.extend_from_slice(column[p].scalar()?);
                    }
                    out.push(Value::Scalar(comps));
                }
                Ok(Value::Array(out))
            }
            // A segmented look-back scan: restarted from z at each head
            // (a position some segment's offset names).
            Fun::ScanLookback(g, crate::ir::Lookback { heads: Some(h), .. }) => {
                let [z, xs] = &args[..] else { return Err("a scan takes (init, array)".into()) };
                let offsets = int_items(self.inputs.get(&h.offsets).ok_or("a segmented scan's offsets missing")?)?;
                let heads: std::collections::HashSet<i64> = offsets.into_iter().collect();
                let mut acc = z.clone();
                let mut prefixes = Vec::new();
                for (p, x) in xs.array()?.iter().enumerate() {
                    if heads.contains(&(p as i64)) {
                        acc = z.clone();
                    }
                    prefixes.push(acc.clone());
                    acc = self.apply(g, vec![acc, x.clone()])?;
                }
                Ok(Value::Array(prefixes))
            }
            // Look-back combines the tiles in an order that depends on
            // timing; `scan-lookback` is chosen only for operators exact
            // on their values (ints), so any order gives the scan.
            Fun::Reduce(g)
            | Fun::ReduceSeq(g)
            | Fun::PartRed(g, _)
            | Fun::Scan(g)
            | Fun::ScanSeq(g)
            | Fun::ScanLookback(g, _) => {
                let [z, xs] = &args[..] else { return Err("a reduction takes (init, array)".into()) };
                let mut acc = z.clone();
                let mut prefixes = Vec::new();
                let items = xs.array()?;
                if let Fun::PartRed(_, m) = f {
                    // m partial reductions of consecutive chunks.
                    let m = self.size(m)? as usize;
                    if m == 0 || items.len() % m != 0 {
                        return Err("partRed of a length not a multiple of its count".into());
                    }
                    let chunk = items.len() / m;
                    let mut out = Vec::new();
                    for c in items.chunks(chunk) {
                        let mut acc = z.clone();
                        for x in c {
                            acc = self.apply(g, vec![acc, x.clone()])?;
                        }
                        out.push(acc);
                    }
                    return Ok(Value::Array(out));
                }
                for x in items {
                    prefixes.push(acc.clone());
                    acc = self.apply(g, vec![acc, x.clone()])?;
                }
                // A map along the scan: its values after the prefix's.
                if let Fun::ScanLookback(_, crate::ir::Lookback { along: Some(along), .. }) = f {
                    for (i, prefix) in prefixes.iter_mut().enumerate() {
                        let mut comps = prefix.scalar()?.to_vec();
                        comps.extend((self.user)(*along, &[Const::Int(i as i64)], &self.inputs)?);
                        *prefix = Value::Scalar(comps);
                    }
                }
                match f {
                    Fun::Scan(_) | Fun::ScanSeq(_) | Fun::ScanLookback(..) => Ok(Value::Array(prefixes)),
                    _ => Ok(Value::Array(vec![acc])),
                }
            }
            Fun::SegReduceTeams(g, teams) => {
                let [z, segs] = &args[..] else { return Err("segReduceTeams takes (init, segments)".into()) };
                let lanes = self.size(&teams.lanes)?;
                let bound = match &teams.list {
                    Some(list) => self.size(&list.bound)?,
                    None => 0,
                };
                // segReduce-by-shape: a stage that gives up sets its flag
                // and leaves every segment to the later stage.
                // (the run discards the values: `crate::seg_reduce::gave_up`).
                if let Some(g) = &teams.gives_up {
                    let lengths =
                        segs.array()?.iter().map(|s| s.array().map(|a| a.len())).collect::<Result<Vec<_>, _>>()?;
                    let flag = crate::ir::GiveUp::flag_of(lengths, self.size(&g.bound)?);
                    self.inputs.insert(g.flag, Value::Scalar(vec![Const::Int(flag)]));
                }
                let mut out = Vec::new();
                let mut start = 0;
                for seg in segs.array()? {
                    let items = seg.array()?;
                    let fold = crate::seg_reduce::teams_fold(teams, start, items.len(), lanes, bound)?;
                    start += items.len();
                    out.push(match fold {
                        crate::seg_reduce::TeamsFold::Order(order) => self.fold_in_team_order(g, z, items, &order)?,
                        crate::seg_reduce::TeamsFold::Run(run, group) => {
                            self.fold_long_run(g, z, items, &run, group, teams.strided)?
                        }
                        crate::seg_reduce::TeamsFold::Held => Value::Tuple(vec![]),
                    });
                }
                Ok(Value::Array(out))
            }
            Fun::SegReduceChunks(g, spec) => {
                let [z, segs] = &args[..] else { return Err("segReduceChunks takes (init, segments)".into()) };
                let mut offsets = vec![0usize];
                let mut flat = Vec::new();
                for seg in segs.array()? {
                    flat.extend(seg.array()?.iter().cloned());
                    offsets.push(flat.len());
                }
                let chunk = spec.chunk as usize;
                let mut out = Vec::new();
                for c in 0..self.size(&spec.chunks)? as usize {
                    out.push(match crate::seg_reduce::chunk_piece(&offsets, chunk, c) {
                        Some(piece) => {
                            let order = crate::seg_reduce::TeamOrder::new(
                                piece.len(),
                                spec.group_size,
                                spec.group_size,
                                spec.strided,
                            )?;
                            self.fold_in_team_order(g, z, &flat[piece], &order)?
                        }
                        None => z.clone(),
                    });
                }
                Ok(Value::Array(out))
            }
            Fun::SegReduceMerge(g, tiles) => {
                let [z, segs] = &args[..] else { return Err("segReduceMerge takes (init, segments)".into()) };
                let segs = segs.array()?;
                let lengths = segs.iter().map(|seg| Ok(seg.array()?.len())).collect::<Result<Vec<_>, String>>()?;
                let pieces = crate::seg_reduce::merge_pieces(&lengths, tiles)?;
                let mut out = Vec::with_capacity(segs.len());
                for (seg, list) in segs.iter().zip(pieces) {
                    let items = seg.array()?;
                    let value = crate::seg_reduce::fold_merge_pieces(&list, &mut |step| match step {
                        crate::seg_reduce::MergeStep::Elements(range) => {
                            let mut acc = z.clone();
                            for x in &items[range] {
                                acc = self.apply(g, vec![acc, x.clone()])?;
                            }
                            Ok::<_, String>(acc)
                        }
                        crate::seg_reduce::MergeStep::Combine(a, b) => self.apply(g, vec![a, b]),
                    })?;
                    out.push(value.ok_or("segReduceMerge: a segment without a value")?);
                }
                Ok(Value::Array(out))
            }
            Fun::RadixCounts(tiles) => {
                let digits = int_items(&one(&args)?)?;
                let ntiles = self.size(&tiles.tiles)? as usize;
                let counts = crate::radix::tile_counts(&digits, tiles, ntiles)?;
                Ok(Value::Array(counts.into_iter().map(|c| Value::Scalar(vec![Const::Int(c)])).collect()))
            }
            Fun::SegmentIds(tiles) => {
                let offsets = int_items(self.inputs.get(&tiles.offsets).ok_or("segmentIds' offsets missing")?)?;
                let n = usize::try_from(self.size(&tiles.n)?).map_err(|e| format!("segmentIds of {e} positions"))?;
                let ids = crate::segment_ids::segment_ids(&offsets, n);
                Ok(Value::Array(ids.into_iter().map(|c| Value::Scalar(vec![Const::Int(c)])).collect()))
            }
            Fun::MapTileSegmentIds(tiles, f) => {
                let offsets = int_items(self.inputs.get(&tiles.offsets).ok_or("mapTileSegmentIds' offsets missing")?)?;
                let n =
                    usize::try_from(self.size(&tiles.n)?).map_err(|e| format!("mapTileSegmentIds of {e} positions"))?;
                let ids = crate::segment_ids::segment_ids(&offsets, n);
                let mut out = Vec::with_capacity(n);
                for (p, s) in ids.into_iter().enumerate() {
                    out.push(self.call(*f, &[Const::Int(p as i64), Const::Int(s)])?);
                }
                Ok(Value::Array(out))
            }
            Fun::RadixScatter(tiles, starts) => {
                let [digits, values] = &args[..] else { return Err("radixScatter takes (digits, values)".into()) };
                let digits = int_items(digits)?;
                let starts = int_items(self.inputs.get(starts).ok_or("radixScatter's starts missing")?)?;
                let ntiles = self.size(&tiles.tiles)? as usize;
                let targets = crate::radix::scatter_targets(&digits, &starts, tiles, ntiles)?;
                let values = values.array()?;
                let mut out: Vec<Option<Value>> = vec![None; values.len()];
                for (x, t) in values.iter().zip(targets) {
                    match usize::try_from(t).ok().and_then(|t| out.get_mut(t)) {
                        Some(slot @ None) => *slot = Some(x.clone()),
                        _ => return Err(format!("radixScatter writes position {t} twice or out of range")),
                    }
                }
                out.into_iter()
                    .map(|v| v.ok_or("radixScatter leaves a hole".to_string()))
                    .collect::<Result<_, _>>()
                    .map(Value::Array)
            }
            Fun::Generate(n, id) => {
                let n = self.size(n)?;
                let takes_index = !self.kernel.user_fun(*id).params.is_empty();
                let mut out = Vec::new();
                for i in 0..n {
                    let index = [Const::Int(i)];
                    out.push(self.call(*id, if takes_index { &index } else { &[] })?);
                }
                Ok(Value::Array(out))
            }
            Fun::Segments(id) => {
                let [offsets, lengths] = &args[..] else { return Err("segments takes (offsets, lengths)".into()) };
                let mut out = Vec::new();
                for (o, l) in offsets.array()?.iter().zip(lengths.array()?) {
                    let (Const::Int(o), Const::Int(l)) = (o.scalar()?[0], l.scalar()?[0]) else {
                        return Err("segment descriptors of non-ints".into());
                    };
                    let seg = (0..l).map(|k| self.call(*id, &[Const::Int(o + k)])).collect::<Result<Vec<_>, _>>()?;
                    out.push(Value::Array(seg));
                }
                Ok(Value::Array(out))
            }
            Fun::Iterate(n, g) => {
                let mut x = one(&args)?;
                for _ in 0..self.size(n)? {
                    x = self.apply(g, vec![x])?;
                }
                Ok(x)
            }
            Fun::Split(c) => {
                let c = self.size(c)?;
                let xs = one(&args)?;
                let items = xs.array()?;
                if c <= 0 || items.len() as i64 % c != 0 {
                    return Err(format!("split({c}) of {} elements", items.len()));
                }
                Ok(Value::Array(items.chunks(c as usize).map(|ch| Value::Array(ch.to_vec())).collect()))
            }
            Fun::Join | Fun::JoinSegments(..) => {
                let xs = one(&args)?;
                let mut out = Vec::new();
                for row in xs.array()? {
                    out.extend_from_slice(row.array()?);
                }
                Ok(Value::Array(out))
            }
            Fun::GatherStride(s) => {
                let s = self.size(s)?;
                let xs = one(&args)?;
                let items = xs.array()?;
                let n = items.len() as i64;
                if s <= 0 || n % s != 0 {
                    return Err("reorderStride of a length not a multiple of its stride".into());
                }
                Ok(Value::Array((0..n).map(|p| items[((p % s) * (n / s) + p / s) as usize].clone()).collect()))
            }
            Fun::Pad(n, z) => {
                let n = self.size(n)? as usize;
                let xs = one(&args)?;
                let mut items = xs.array()?.to_vec();
                if items.len() > n {
                    return Err("pad to a shorter length".into());
                }
                items.resize(n, Value::Scalar(z.clone()));
                Ok(Value::Array(items))
            }
            Fun::AtomicMax(g) => {
                let outer = std::mem::replace(&mut self.atomic, true);
                let result = self.apply(g, args);
                self.atomic = outer;
                result
            }
            Fun::Scatter(target, m, guard) => {
                let m = self.size(m)? as usize;
                let xs = one(&args)?;
                let mut out: Vec<Option<Value>> = vec![None; m];
                for (i, x) in xs.array()?.iter().enumerate() {
                    let index = [Const::Int(i as i64)];
                    let t = self.int_call(*target, &index)?;
                    if t < 0 {
                        continue;
                    }
                    if let Some(g) = guard {
                        let at = self.int_call(g.at, &index)?;
                        let key = self.int_call(g.key, &index)?;
                        let held = match self.inputs.get(&g.counter) {
                            Some(Value::Array(items)) => match items.get(at as usize) {
                                Some(Value::Scalar(c)) => c.first().copied(),
                                _ => None,
                            },
                            _ => None,
                        };
                        let Some(Const::Int(held)) = held else { return Err("a guard on a missing counter".into()) };
                        if (held == key) != g.equal {
                            continue;
                        }
                    }
                    let slot = out.get_mut(t as usize).ok_or("a scatter target out of range")?;
                    *slot = match (self.atomic, slot.take(), x) {
                        (true, Some(Value::Scalar(old)), Value::Scalar(new)) => {
                            match (old[..].first(), new[..].first()) {
                                (Some(Const::Int(a)), Some(Const::Int(b))) => {
                                    Some(Value::Scalar(vec![Const::Int(*a.max(b))]))
                                }
                                _ => return Err("atomicMax of non-ints".into()),
                            }
                        }
                        _ => Some(x.clone()),
                    };
                }
                // Positions nothing wrote keep what the memory held: zero for
                // counters, the earlier stage's values otherwise (a hole,
                // filled in by `run`).
                let atomic = self.atomic;
                Ok(Value::Array(
                    out.into_iter()
                        .map(|v| match v {
                            Some(v) => v,
                            None if atomic => Value::Scalar(vec![Const::Int(0)]),
                            None => Value::Tuple(vec![]),
                        })
                        .collect(),
                ))
            }
            Fun::Zip => {
                let arrays = args.iter().map(|a| a.array()).collect::<Result<Vec<_>, _>>()?;
                let n = arrays.first().map_or(0, |a| a.len());
                let mut out = Vec::new();
                for i in 0..n {
                    let items: Vec<Value> = arrays
                        .iter()
                        .map(|a| a.get(i).cloned().ok_or("zip of arrays of different lengths"))
                        .collect::<Result<_, _>>()?;
                    if items.iter().all(|x| matches!(x, Value::Scalar(_))) {
                        let comps = items.iter().flat_map(|x| x.scalar().unwrap_or(&[]).to_vec()).collect();
                        out.push(Value::Scalar(comps));
                    } else {
                        out.push(Value::Tuple(items));
                    }
                }
                Ok(Value::Array(out))
            }
            Fun::Get(i) => match one(&args)? {
                Value::Tuple(items) if *i < items.len() => Ok(items[*i].clone()),
                Value::Scalar(c) if *i < c.len() => Ok(Value::Scalar(vec![c[*i]])),
                _ => Err(format!("get({i}) of a non-tuple")),
            },
        }
    }
}
