//! What the two segmented reductions' C shares (`segReduceTeams` in
//! `seg_teams`, `segReduceMerge` in `seg_merge`): taking their arguments
//! apart, and reducing one run of a segment with many work-items (each
//! folding its elements into private accumulators, then a tree in local
//! memory in the order of `lift_ir::seg_reduce::TeamOrder`).
//!
//! A work-item pulls its elements in batches (`Teams::batch`, the merge
//! tile's items): first the values the hoisted pull takes
//! (`hoist-element-reads`) are loaded for the whole batch, then the pull
//! is called on each, then the values are folded in order. The loads of
//! a batch are then in flight together: called one element at a time,
//! the pull's check of the element (a branch and a write of the error
//! flag, which may alias any array) kept the next element's loads from
//! starting before the check, which waits for the element's own loads.

use lift_ir::arith::ArithExpr;
use lift_ir::ir::{Expr, Fun, HoistedPull, LongPartials, Type, UserFunId};

use super::{Generator, KernelArg, Out, Val, View, internal};
use crate::compile::CodegenError;
use crate::user_fun::c_type;

/// The arguments of a segmented reduction, as C.
pub(super) struct SegInputs {
    /// Where the segments' values go.
    pub out: Out,
    /// The neutral element's components.
    pub init: Vec<String>,
    /// The segment descriptor's arrays and the number of segments.
    pub offsets: String,
    pub lengths: String,
    pub count: ArithExpr,
    /// The pull thunk of element `k`.
    pub pull: UserFunId,
}

/// A part of a run [`Generator::group_run`] folds: elements (from a flat
/// position, a count) or chunk partials (the arrays, the first chunk, a
/// count).
enum Part<'p> {
    Elements(&'p str, &'p str),
    Partials(&'p [String], &'p str, &'p str),
}

/// What folding runs of a segment and combining the work-items' values
/// needs.
pub(super) struct Reduction<'f> {
    pub pull: UserFunId,
    pub op: &'f Fun,
    pub acc_ty: Type,
    pub init: Vec<String>,
    pub comps: Vec<flatten::ir::Scalar>,
    /// Local arrays (one per component) of at least a group's work-items.
    pub tree: Vec<String>,
    /// Lane `j` folds elements `j, j + width, ...` (a commutative
    /// operator) rather than its contiguous chunk.
    pub strided: bool,
    /// Elements a work-item pulls before it folds them (at least 1).
    pub batch: i64,
    pub hoisted: Option<HoistedPull>,
}

impl Generator<'_> {
    /// The arguments `(z, segments(pull)(offsets, lengths))` of the
    /// segmented reduction `pattern`, which must write to memory and not
    /// be nested in another parallel pattern.
    pub(super) fn seg_reduce_inputs(
        &mut self,
        pattern: &str,
        args: &[Expr],
        dest: Option<Out>,
    ) -> Result<SegInputs, CodegenError> {
        let [z, segs] = args else { return internal(format!("{pattern} arity")) };
        let Some(out) = dest else {
            return Err(CodegenError::Unsupported {
                kernel: self.lift.name.clone(),
                what: "a segmented reduction whose result has no memory".into(),
            });
        };
        if self.groups.is_some() || self.global.is_some() || self.local.is_some() {
            return Err(CodegenError::Unsupported {
                kernel: self.lift.name.clone(),
                what: "a segmented reduction inside another parallel pattern".into(),
            });
        }
        let Val::Scalar(init) = self.gen_expr(z, None)? else { return internal(format!("{pattern} init")) };
        let View::Segments { offsets, lengths, count, f: pull } = self.array(segs)? else {
            return internal(format!("{pattern} of an array that is not segments"));
        };
        Ok(SegInputs { out, init, offsets, lengths, count, pull })
    }

    /// Private accumulators from the neutral element.
    pub(super) fn declare_accs(&mut self, red: &Reduction<'_>) -> Vec<String> {
        let accs: Vec<String> = red.comps.iter().map(|_| self.fresh("acc")).collect();
        for ((a, t), i) in accs.iter().zip(&red.comps).zip(&red.init) {
            self.line(format!("{} {a} = {i};", c_type(*t)));
        }
        accs
    }

    /// `accs` folds lane `lane`'s elements of the run at `offset` of
    /// `length` elements, shared by `width` lanes.
    pub(super) fn fold(
        &mut self,
        red: &Reduction<'_>,
        accs: &[String],
        offset: &str,
        length: &str,
        lane: &str,
        width: &str,
    ) -> Result<(), CodegenError> {
        let k = self.fresh("k");
        // Lane `lane`'s elements `k, k + step, ...` below `hi`.
        let (hi, step) = if red.strided {
            self.line(format!("long {k} = {lane};"));
            (length.to_string(), width.to_string())
        } else {
            let (chunk, lo, hi) = (self.fresh("chunk"), self.fresh("lo"), self.fresh("hi"));
            self.line(format!("const long {chunk} = ({length} + {width} - 1) / {width};"));
            self.line(format!("const long {lo} = min({lane} * {chunk}, {length});"));
            self.line(format!("const long {hi} = min({lo} + {chunk}, {length});"));
            self.line(format!("long {k} = {lo};"));
            (hi, "1".to_string())
        };
        let b = red.batch.max(1);
        if b > 1 {
            // Whole batches, then the rest one at a time.
            self.open(format!("for (; {k} + {} * {step} < {hi}; {k} += {b} * {step})", b - 1));
            let at: Vec<String> = (0..b).map(|i| format!("{offset} + {k} + {i} * {step}")).collect();
            let xs = self.pull_batch(red, &at)?;
            for x in xs {
                self.fold_value(red, accs, x)?;
            }
            self.close();
        }
        self.open(format!("for (; {k} < {hi}; {k} += {step})"));
        let x = self.pull_batch(red, &[format!("{offset} + {k}")])?.remove(0);
        self.fold_value(red, accs, x)?;
        self.close();
        Ok(())
    }

    /// `accs = accs op x`.
    fn fold_value(&mut self, red: &Reduction<'_>, accs: &[String], x: Vec<String>) -> Result<(), CodegenError> {
        let res = self.apply_scalar_fun(
            red.op,
            vec![(Val::Scalar(accs.to_vec()), red.acc_ty.clone()), (Val::Scalar(x), red.acc_ty.clone())],
        )?;
        for (a, r) in accs.iter().zip(&res) {
            self.line(format!("{a} = {r};"));
        }
        Ok(())
    }

    /// The pulled values of the elements at `positions` (C expressions of
    /// in-bounds positions): the hoisted pull's arrays loaded at every
    /// position first, then the pull called at each.
    pub(super) fn pull_batch(
        &mut self,
        red: &Reduction<'_>,
        positions: &[String],
    ) -> Result<Vec<Vec<String>>, CodegenError> {
        let Some(h) = &red.hoisted else {
            return positions.iter().map(|p| self.call(red.pull, vec![p.clone()])).collect();
        };
        let mut calls = Vec::with_capacity(positions.len());
        for p in positions {
            let mut args = vec![p.clone()];
            for &a in &h.arrays {
                let flatten::ir::VarType::Array(elem) = self.lift.flat.var(a).ty else {
                    return internal("a hoisted read of an array that is a scalar");
                };
                self.need(KernelArg::Array { var: a, written: false });
                let (array, x) = (self.kvar(a), self.fresh("at"));
                self.line(format!("const {} {x} = {array}[{p}];", c_type(elem)));
                args.push(x);
            }
            calls.push(args);
        }
        calls.into_iter().map(|args| self.call(h.pull, args)).collect()
    }

    /// The run of `length` elements from flat position `offset` (C
    /// expressions, the same for the whole group) folded by all `group`
    /// work-items (`l` the local id): each folds its share, then the tree;
    /// a variable per component that every work-item holds the value in
    /// after the last barrier. With `long` (the chunk length and the
    /// partials' arrays, `segReduce-long-chunks`) a run of two chunks or
    /// more (its segment's first elements) is the group's fold of the
    /// partials of the chunks it ends, then `op` its fold of the elements
    /// after the last chunk boundary (`lift_ir::seg_reduce::LongRun`): the
    /// elements' fold is the one loop either way, so the kernel gains a
    /// loop over partials and a tree, no other inlined pull.
    pub(super) fn group_run(
        &mut self,
        red: &Reduction<'_>,
        (offset, length): (&str, &str),
        (l, group): (&str, i64),
        long: Option<&LongPartials>,
    ) -> Result<Vec<String>, CodegenError> {
        let Some(long) = long else {
            return self.group_part(red, Part::Elements(offset, length), (l, group));
        };
        let k = long.chunk;
        let partials: Vec<String> = long
            .partials
            .iter()
            .map(|&p| {
                self.need(KernelArg::Array { var: p, written: false });
                self.kvar(p)
            })
            .collect();
        if partials.len() != red.comps.len() {
            return internal("chunk partials of another accumulator");
        }
        let [is_long, from, count, at, len] = ["is_long", "from", "count", "at", "len"].map(|x| self.fresh(x));
        self.line(format!("const int {is_long} = {length} >= {};", 2 * k));
        self.line(format!("long {from} = 0, {count} = 0, {at} = {offset}, {len} = {length};"));
        self.open(format!("if ({is_long})"));
        self.line(format!("{from} = {offset} / {k};"));
        self.line(format!("{count} = ({offset} + {length}) / {k} - {from};"));
        self.line(format!("{at} = ({from} + {count}) * {k};"));
        self.line(format!("{len} = {offset} + {length} - {at};"));
        self.close();
        let chunks = self.declare_accs(red);
        self.open(format!("if ({is_long})"));
        let x = self.group_part(red, Part::Partials(&partials, &from, &count), (l, group))?;
        self.assign_all(&chunks, &x);
        self.close();
        let rest = self.group_part(red, Part::Elements(&at, &len), (l, group))?;
        let both = self.apply_scalar_fun(
            red.op,
            vec![(Val::Scalar(chunks), red.acc_ty.clone()), (Val::Scalar(rest.clone()), red.acc_ty.clone())],
        )?;
        let value = self.declare_accs(red);
        let pick: Vec<String> = both.iter().zip(&rest).map(|(b, r)| format!("{is_long} ? {b} : {r}")).collect();
        self.assign_all(&value, &pick);
        Ok(value)
    }

    /// One part of [`Generator::group_run`]: its items folded by each
    /// work-item in the group's order, then the tree, its value copied out
    /// of local memory (a barrier after, before the tree's array is used
    /// again).
    fn group_part(
        &mut self,
        red: &Reduction<'_>,
        part: Part<'_>,
        (l, group): (&str, i64),
    ) -> Result<Vec<String>, CodegenError> {
        let accs = self.declare_accs(red);
        let group_c = group.to_string();
        match part {
            Part::Elements(offset, length) => self.fold(red, &accs, offset, length, l, &group_c)?,
            Part::Partials(arrays, first, count) => {
                let k = self.fresh("k");
                let (from, to, step) = if red.strided {
                    (l.to_string(), count.to_string(), group_c.clone())
                } else {
                    let (chunk, lo, hi) = (self.fresh("chunk"), self.fresh("lo"), self.fresh("hi"));
                    self.line(format!("const long {chunk} = ({count} + {group} - 1) / {group};"));
                    self.line(format!("const long {lo} = min({l} * {chunk}, {count});"));
                    self.line(format!("const long {hi} = min({lo} + {chunk}, {count});"));
                    (lo, hi, "1".to_string())
                };
                self.open(format!("for (long {k} = {from}; {k} < {to}; {k} += {step})"));
                let x: Vec<String> = arrays.iter().map(|a| format!("{a}[{first} + {k}]")).collect();
                self.fold_value(red, &accs, x)?;
                self.close();
            }
        }
        for (t, a) in red.tree.iter().zip(&accs) {
            self.line(format!("{t}[{l}] = {a};"));
        }
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.tree(red, l, l, &group_c)?;
        let value = self.declare_accs(red);
        let zeroth: Vec<String> = red.tree.iter().map(|t| format!("{t}[0]")).collect();
        self.assign_all(&value, &zeroth);
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        Ok(value)
    }

    fn assign_all(&mut self, to: &[String], from: &[String]) {
        for (a, b) in to.iter().zip(from) {
            if a != b {
                self.line(format!("{a} = {b};"));
            }
        }
    }

    /// The tree over `width` lanes whose values are in the local array at
    /// `l` (lane `lane`), a barrier after each step.
    pub(super) fn tree(&mut self, red: &Reduction<'_>, l: &str, lane: &str, width: &str) -> Result<(), CodegenError> {
        let h = self.fresh("h");
        self.open(format!("for (long {h} = 1; {h} < {width}; {h} *= 2)"));
        self.open(format!("if (({lane} & (2 * {h} - 1)) == 0)"));
        self.combine_in_tree(red, l, &format!("{l} + {h}"))?;
        self.close();
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.close();
        Ok(())
    }

    /// One step of a tree: the value at `mine` of the local arrays becomes
    /// its combination with the value at `other` (`mine` on the left).
    pub(super) fn combine_in_tree(&mut self, red: &Reduction<'_>, mine: &str, other: &str) -> Result<(), CodegenError> {
        let mine: Vec<String> = red.tree.iter().map(|t| format!("{t}[{mine}]")).collect();
        let other: Vec<String> = red.tree.iter().map(|t| format!("{t}[{other}]")).collect();
        let both = self.apply_scalar_fun(
            red.op,
            vec![(Val::Scalar(mine.clone()), red.acc_ty.clone()), (Val::Scalar(other), red.acc_ty.clone())],
        )?;
        for (m, r) in mine.iter().zip(&both) {
            self.line(format!("{m} = {r};"));
        }
        Ok(())
    }
}
