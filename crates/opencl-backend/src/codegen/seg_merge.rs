//! `segReduceMerge` as C (see `lift_ir::seg_reduce`, `segReduce-merge`):
//! the merge of the segments' ends with the elements cut into tiles of
//! `T = L·V` items, work-group `g` reducing the segments whose end lies in
//! tile `g`, the groups striding over the tiles.
//!
//! A group's first and last segment are the tiles' merge-path splits an
//! earlier launch wrote (`splits`; segment `r` ends at `offsets[r + 1]`,
//! the last at `n = offsets[S-1] + lengths[S-1]`: the only element of
//! `lengths` read). When its first segment started before the tile (a
//! segment longer than the tiles between), the group first folds that
//! part from global memory with all its work-items (as `segReduceTeams`
//! folds a long segment: strided for a commutative operator, else a
//! contiguous chunk each, then the tree) into the tile's carry-in, so a
//! segment of `m` elements costs its last group `m / L` loads per
//! work-item and a tree. Then the tile's segment ends and its
//! elements' values are copied to local memory, one per work-item in turn
//! (coalesced), and work-item `t` merges items `t·V ..` of the tile from
//! a search of the local ends, folding values into a private accumulator.
//! A segment that starts and ends in one work-item's items is written by
//! it; the first end each work-item meets is combined, after a barrier,
//! with the carries of the work-items before it (back to the last one
//! that ended a segment, or the tile's carry-in) in order.
//! `lift_ir::seg_reduce::merge_pieces` follows the same steps for the
//! evaluators. Every bound of a loop around a barrier is the same for the
//! whole group.

// Note [where the merge's time goes]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// Measured on an H100 (spmvmerge, one call, every variant against main's
// binary), SpMV over 7e6 power-law rows (59.5M nonzeros, f64 values,
// 32-bit columns, `v` 56 MB), ms per call of this kernel: as built 1.365
// (56 registers, 27 KiB of local memory a group of 256: 4 groups an SM);
// without the gathers of `v` (`NESSIE_MERGE_PROBE=nogather`: the value
// itself) 0.593; without the merge of the local values (`noreduce`: each
// work-item writes the fold of its items) 1.336; without both 0.438.
// Tile shapes (`NESSIE_MERGE_ITEMS`, `NESSIE_MERGE_GROUP`): 7 items 1.369
// (48 registers), 4 items 1.414, 16 items 1.591 (123 registers), groups of
// 128 1.422 (512 work-items exceed what the driver allows for this
// kernel). On the same device cuSPARSE (`mat @ v`) took 1.294 ms, CuPy's
// `take(v, cols)` alone 1.202 (0.436 with columns in order: the random
// gathers cost 0.77 ms there too) and a copy ran at 2969 GB/s. So the
// gathers cost this kernel what they cost a plain gather (0.77 ms), and
// the rest (0.59 ms, twice the streamed bytes' time at the copy ceiling)
// adds to them instead of hiding under them; the local merge and its
// barriers are not the cost (0.03 ms). Tried and slower: loads of the
// matrix with PTX `ld.global.cs` (evict-first, to keep `v` in L2) 1.777
// (96 registers; 1.343 with 7 items, against 1.369); folding the part of
// a tile's first segment before the tile (at most a tile: 89 % of the
// tiles have one, 19 % of the elements) in the batch of the tile's own
// loads, to save a round trip, 1.827 (128 registers: 2 groups an SM). What
// is left to try: fewer registers for more groups in flight (the columns
// are held as 64-bit values, the deferred fault record), or work-items
// that go on gathering for the next tile while the group merges.

use lift_ir::address_space::AddressSpace;
use lift_ir::arith::{ArithExpr, Range, Var};
use lift_ir::ir::{Expr, Fun, MergeTiles, Type};
use lift_ir::memory::AllocKind;

use super::seg_reduce::{Reduction, SegInputs};
use super::{Generator, Out, Val, internal};
use crate::compile::CodegenError;
use crate::user_fun::c_type;

impl Generator<'_> {
    pub(super) fn seg_reduce_merge(
        &mut self,
        f: &Fun,
        op: &Fun,
        tiles: &MergeTiles,
        args: &[Expr],
        dest: Option<Out>,
    ) -> Result<Val, CodegenError> {
        let SegInputs { out, init, offsets, lengths, count, pull } =
            self.seg_reduce_inputs("segReduceMerge", args, dest)?;
        let comps = self.allocation(f, AllocKind::Accumulator, AddressSpace::Private)?.components;
        let (l, v, t_len) = (tiles.group_size, tiles.items, tiles.tile_len());
        let values = self.allocation(f, AllocKind::MergeValues, AddressSpace::Local)?;
        let ends_alloc = self.allocation(f, AllocKind::MergeEnds, AddressSpace::Local)?;
        if values.size.as_cst() != Some(t_len + l)
            || values.components != comps
            || ends_alloc.size.as_cst() != Some(t_len + l)
            || t_len < l
        {
            return internal("the merge's local arrays differ from the memory table's");
        }
        self.groups = Some(tiles.groups.clone());
        self.local = Some(ArithExpr::cst(l));
        self.has_barrier = true;
        let acc_ty = Type::of_components(&comps);
        let vals: Vec<String> = comps.iter().map(|_| self.fresh("merge_values")).collect();
        for (name, s) in vals.iter().zip(&comps) {
            self.local_decls.push(format!("__local {} {name}[{}];", c_type(*s), t_len + l));
        }
        let ends = self.fresh("merge_ends");
        self.local_decls.push(format!("__local int {ends}[{}];", t_len + l));

        let count_c = self.c(&count);
        let tiles_c = self.c(&tiles.tiles);
        self.need(super::KernelArg::Array { var: tiles.splits, written: false });
        let splits = self.kvar(tiles.splits);
        let names = ["t", "segs", "n", "g", "a", "b", "e0", "e1", "before"];
        let [t, s, n, g, a, b, e0, e1, before] = names.map(|x| self.fresh(x));
        let end_of = |r: &str| format!("({r} + 1 < {s} ? {offsets}[{r} + 1] : {n})");
        self.line(format!("const int {t} = get_local_id(0);"));
        self.line(format!("const long {s} = {count_c};"));
        self.line(format!("const long {n} = {s} > 0 ? {offsets}[{s} - 1] + {lengths}[{s} - 1] : 0;"));
        self.open(format!("for (long {g} = get_group_id(0); {g} < {tiles_c}; {g} += get_num_groups(0))"));
        // The group's segments, from the tiles' splits.
        self.line(format!("const long {a} = {splits}[{g}], {b} = {splits}[{g} + 1];"));
        self.line(format!("const long {e0} = {a} < {s} ? {offsets}[{a}] : {n};"));
        self.line(format!("const long {e1} = {b} < {s} ? {offsets}[{b}] : {n};"));
        self.line(format!("const long {before} = {g} * {t_len} - {a} - {e0};"));
        // The tile's work as one pass of a loop (none for a tile without
        // a segment end) rather than after a `continue`, and a barrier at
        // its end: the shape in which PoCL's barrier handling was seen to
        // run it right (without the last barrier, PoCL 3.1 skipped the
        // writes after the carries' barrier). OpenCL's memory model does
        // not need that barrier (before its first barrier the next tile
        // writes only the tile's part `[0, T)` of the local arrays, which
        // every work-item stopped reading at the carries' barrier; the
        // carries at `[T, T + L)` it writes after), and on the H100 it
        // costs nothing measurable (4M rows of 8: 0.884 ms with it, 0.880
        // without; power-law rows 1.704 and 1.671 ms), so it stays.
        let (pass, items) = (self.fresh("pass"), self.fresh("items"));
        self.line(format!("const long {items} = ({b} - {a}) + ({e1} - {e0});"));
        self.open(format!("for (long {pass} = 0; {pass} < ({a} < {b} ? {items} : 0); {pass} += {items})"));
        // The first segment's elements before the tile, by the whole
        // group: each work-item folds its share, then the tree.
        let cin = self.declare_private(&comps, &init);
        let red = Reduction {
            pull,
            op,
            acc_ty: acc_ty.clone(),
            init: init.clone(),
            comps: comps.clone(),
            tree: vals.clone(),
            strided: tiles.strided,
            batch: v,
            hoisted: tiles.hoisted.clone(),
        };
        self.open(format!("if ({before} > 0)"));
        let t_long = self.fresh("lane");
        self.line(format!("const long {t_long} = {t};"));
        let value = self.group_run(&red, (&e0, &before), (&t_long, l), tiles.long.as_ref())?;
        self.assign(&cin, &value);
        self.close();
        let [cl, j0, nr, ne] = ["cl", "j0", "nr", "ne"].map(|x| self.fresh(x));
        self.line(format!("const long {j0} = {e0} + {before};"));
        self.line(format!("const int {nr} = (int)({b} - {a});"));
        self.line(format!("const int {cl} = (int)({e1} - {j0}) + {nr};"));
        self.line(format!("const int {ne} = {cl} - {nr};"));
        // The tile's ends and values in local memory, coalesced.
        let (k, r) = (self.fresh("k"), self.fresh("r"));
        self.open(format!("for (int {k} = {t}; {k} < {nr}; {k} += {l})"));
        self.line(format!("const long {r} = {a} + {k};"));
        self.line(format!("{ends}[{k}] = (int)({} - {j0});", end_of(&r)));
        self.close();
        // Work-item `t` loads items `t + i·L` for `i < V` (the tile holds
        // at most `L·V` values): a loop of a known count, unrolled, so that
        // the loads of its `V` elements are in flight together (on the
        // H100, uniform rows of 8: 12 % faster than a loop to `ne`).
        if red.hoisted.is_some() {
            self.tile_values_hoisted(&red, &vals, (&t, &ne, &j0), l, v)?;
        } else {
            let (i, k) = (self.fresh("i"), self.fresh("k"));
            self.line("#pragma unroll");
            self.open(format!("for (int {i} = 0; {i} < {v}; {i}++)"));
            self.line(format!("const int {k} = {t} + {i} * {l};"));
            self.open(format!("if ({k} < {ne})"));
            let x = self.call(pull, vec![format!("{j0} + {k}")])?;
            for (name, x) in vals.iter().zip(&x) {
                self.line(format!("{name}[{k}] = {x};"));
            }
            self.close();
            self.close();
        }
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        if merge_probe("noreduce") {
            // Measurement only: each work-item folds its `V` values and
            // writes the fold as one segment's (a wrong result).
            let acc = self.declare_private(&comps, &init);
            let (i, k) = (self.fresh("i"), self.fresh("k"));
            self.open(format!("for (int {i} = 0; {i} < {v}; {i}++)"));
            self.line(format!("const int {k} = {t} * {v} + {i};"));
            self.open(format!("if ({k} < {ne})"));
            let local: Vec<String> = vals.iter().map(|name| format!("{name}[{k}]")).collect();
            let folded = self.apply_scalar_fun(
                op,
                vec![(Val::Scalar(acc.clone()), acc_ty.clone()), (Val::Scalar(local), acc_ty.clone())],
            )?;
            self.assign(&acc, &folded);
            self.close();
            self.close();
            self.open(format!("if ({t} < {nr})"));
            let row = self.fresh("row");
            self.line(format!("const long {row} = {a} + {t};"));
            let at = ArithExpr::var(&Var::new(row, Range::below(count.clone())));
            self.write(&out, &[at], &acc)?;
            self.close();
            self.line("barrier(CLK_LOCAL_MEM_FENCE);");
            self.close();
            self.close();
            return Ok(Val::Array(Self::out_view(&out)));
        }
        // This work-item's items of the tile.
        let [dlo, dhi, lo, hi, m, ii, jj, head, d, row] =
            ["dlo", "dhi", "lo", "hi", "m", "ii", "jj", "head", "d", "row"].map(|x| self.fresh(x));
        self.line(format!("const int {dlo} = min({t} * {v}, {cl});"));
        self.line(format!("const int {dhi} = min({dlo} + {v}, {cl});"));
        self.line(format!("int {lo} = max({dlo} - {ne}, 0), {hi} = min({dlo}, {nr});"));
        self.open(format!("while ({lo} < {hi})"));
        self.line(format!("const int {m} = ({lo} + {hi}) / 2;"));
        self.line(format!("if ({ends}[{m}] < {dlo} - {m}) {lo} = {m} + 1; else {hi} = {m};"));
        self.close();
        self.line(format!("int {ii} = {lo}, {jj} = {dlo} - {lo}, {head} = -1;"));
        let acc = self.declare_private(&comps, &init);
        let head_acc = self.declare_private(&comps, &init);
        self.open(format!("for (int {d} = {dlo}; {d} < {dhi}; {d}++)"));
        self.open(format!("if ({ii} < {nr} && {ends}[{ii}] <= {jj})"));
        self.open(format!("if ({head} < 0)"));
        self.line(format!("{head} = {ii};"));
        self.assign(&head_acc, &acc);
        self.indent -= 1;
        self.open("} else");
        self.line(format!("const long {row} = {a} + {ii};"));
        let at = ArithExpr::var(&Var::new(row.clone(), Range::below(count.clone())));
        self.write(&out, &[at], &acc)?;
        self.close();
        self.assign(&acc, &init);
        self.line(format!("{ii}++;"));
        self.indent -= 1;
        self.open("} else");
        let local: Vec<String> = vals.iter().map(|name| format!("{name}[{jj}]")).collect();
        let folded = self.apply_scalar_fun(
            op,
            vec![(Val::Scalar(acc.clone()), acc_ty.clone()), (Val::Scalar(local), acc_ty.clone())],
        )?;
        self.assign(&acc, &folded);
        self.line(format!("{jj}++;"));
        self.close();
        self.close();
        // The carries, then each work-item's first segment end.
        for (name, a) in vals.iter().zip(&acc) {
            self.line(format!("{name}[{} + {t}] = {a};", t_len));
        }
        self.line(format!("{ends}[{t_len} + {t}] = {head} >= 0;"));
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        let merge = Merge { op, acc_ty: &acc_ty, comps: &comps, vals: &vals, ends: &ends, tile: t_len, cin: &cin };
        self.open(format!("if ({head} >= 0)"));
        let before_head = self.carries_before(&merge, &t)?;
        let value = self.apply_scalar_fun(
            op,
            vec![(Val::Scalar(before_head), acc_ty.clone()), (Val::Scalar(head_acc.clone()), acc_ty.clone())],
        )?;
        let row = self.fresh("row");
        self.line(format!("const long {row} = {a} + {head};"));
        let at = ArithExpr::var(&Var::new(row, Range::below(count.clone())));
        self.write(&out, &[at], &value)?;
        self.close();
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.close();
        self.close();
        Ok(Val::Array(Self::out_view(&out)))
    }

    /// The tile's values in local memory with a hoisted pull: work-item
    /// `t` loads the hoisted arrays at its items `t + i·L` (`i < V`, those
    /// below `ne`) all first, then calls the pull on each, then stores
    /// the values (`hoist-element-reads`).
    fn tile_values_hoisted(
        &mut self,
        red: &Reduction<'_>,
        vals: &[String],
        (t, ne, j0): (&str, &str, &str),
        l: i64,
        v: i64,
    ) -> Result<(), CodegenError> {
        let Some(h) = red.hoisted.clone() else { return internal("a merge tile without a hoisted pull") };
        let ks: Vec<String> = (0..v).map(|_| self.fresh("k")).collect();
        for (i, k) in ks.iter().enumerate() {
            self.line(format!("const int {k} = {t} + {i} * {l};"));
        }
        let mut calls = Vec::with_capacity(ks.len());
        for k in &ks {
            let mut args = vec![format!("{j0} + {k}")];
            for &a in &h.arrays {
                let flatten::ir::VarType::Array(elem) = self.lift.flat.var(a).ty else {
                    return internal("a hoisted read of an array that is a scalar");
                };
                self.need(super::KernelArg::Array { var: a, written: false });
                let (array, x) = (self.kvar(a), self.fresh("at"));
                self.line(format!("const {} {x} = {k} < {ne} ? {array}[{j0} + {k}] : 0;", c_type(elem)));
                args.push(x);
            }
            calls.push(args);
        }
        let mut values = Vec::with_capacity(ks.len());
        let fault = self.open_faults(h.pull);
        for (k, args) in ks.iter().zip(calls) {
            let x: Vec<String> = red.comps.iter().map(|_| self.fresh("x")).collect();
            for ((name, s), i) in x.iter().zip(&red.comps).zip(&red.init) {
                self.line(format!("{} {name} = {i};", c_type(*s)));
            }
            self.open(format!("if ({k} < {ne})"));
            if merge_probe("nogather") && x.len() == 1 && args.len() > 1 {
                // Measurement only: the last hoisted element as the value.
                let last = args.last().cloned().unwrap_or_default();
                self.line(format!("{} = ({}){last};", x[0], c_type(red.comps[0])));
            } else {
                let r = self.call(h.pull, args)?;
                self.assign(&x, &r);
            }
            self.close();
            values.push(x);
        }
        self.report_faults(fault);
        for (k, x) in ks.iter().zip(&values) {
            self.open(format!("if ({k} < {ne})"));
            for (name, x) in vals.iter().zip(x) {
                self.line(format!("{name}[{k}] = {x};"));
            }
            self.close();
        }
        Ok(())
    }

    /// Private variables of the components, from `init`.
    fn declare_private(&mut self, comps: &[flatten::ir::Scalar], init: &[String]) -> Vec<String> {
        let names: Vec<String> = comps.iter().map(|_| self.fresh("acc")).collect();
        for ((name, s), i) in names.iter().zip(comps).zip(init) {
            self.line(format!("{} {name} = {i};", c_type(*s)));
        }
        names
    }

    fn assign(&mut self, to: &[String], from: &[String]) {
        for (a, b) in to.iter().zip(from) {
            if a != b {
                self.line(format!("{a} = {b};"));
            }
        }
    }

    /// The combination, in order, of the carries of the work-items before
    /// `upto` back to the last that ended a segment (from its carry), or
    /// from the tile's carry-in.
    fn carries_before(&mut self, m: &Merge<'_>, upto: &str) -> Result<Vec<String>, CodegenError> {
        let (u, w) = (self.fresh("u"), self.fresh("w"));
        let tile = m.tile;
        self.line(format!("int {u} = {upto} - 1;"));
        self.line(format!("while ({u} >= 0 && !{}[{tile} + {u}]) {u}--;", m.ends));
        let init: Vec<String> =
            m.vals.iter().zip(m.cin).map(|(name, c)| format!("{u} >= 0 ? {name}[{tile} + {u}] : {c}")).collect();
        let v = self.declare_private(m.comps, &init);
        self.open(format!("for (int {w} = {u} + 1; {w} < {upto}; {w}++)"));
        let next: Vec<String> = m.vals.iter().map(|name| format!("{name}[{tile} + {w}]")).collect();
        let both = self.apply_scalar_fun(
            m.op,
            vec![(Val::Scalar(v.clone()), m.acc_ty.clone()), (Val::Scalar(next), m.acc_ty.clone())],
        )?;
        self.assign(&v, &both);
        self.close();
        Ok(v)
    }
}

/// Whether `NESSIE_MERGE_PROBE` (a comma-separated list) names `what`:
/// variants of the merge kernel that drop a phase, for measurement only
/// (their results are wrong): `nogather` takes the last hoisted array's
/// element as the value instead of the pull (for SpMV, no gather of `v`),
/// `noreduce` writes each work-item's fold of its items as a segment's
/// value (note [where the merge's time goes]).
fn merge_probe(what: &str) -> bool {
    std::env::var("NESSIE_MERGE_PROBE").is_ok_and(|p| p.split(',').any(|x| x.trim() == what))
}

/// What combining carries needs.
struct Merge<'m> {
    op: &'m Fun,
    acc_ty: &'m Type,
    comps: &'m [flatten::ir::Scalar],
    vals: &'m [String],
    ends: &'m str,
    tile: i64,
    cin: &'m [String],
}
