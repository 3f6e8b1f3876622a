//! `segReduceMerge` as C (see `lift_ir::seg_reduce`, `segReduce-merge`):
//! the merge of the segments' ends with the elements cut into tiles of
//! `T = L·V` items, each work-group taking tiles by ticket (note [merge
//! carries] in `lift_ir::seg_reduce`).
//!
//! A tile's segments come from the tiles' merge-path splits an earlier
//! launch wrote (`splits`; segment `r` ends at `offsets[r + 1]`, the last
//! at `n = offsets[S-1] + lengths[S-1]`: the only element of `lengths`
//! read): tile `g` holds the ends of segments `a = splits[g] .. b =
//! splits[g + 1]` and elements `g·T - a .. (g + 1)·T - b`, so its loads
//! wait for the splits alone. Its segment ends and its elements' values
//! are copied to local memory, one per work-item in turn (coalesced), and
//! work-item `t` merges items `t·V ..` of the tile from a search of the
//! local ends, folding values into a private accumulator. A segment that
//! starts and ends in one work-item's items is written by it. After a
//! barrier work-item 0 publishes the tile's carry-out in its status
//! record; where segment `a` ends in the tile and began before it, the
//! group then folds the carry-outs of the tiles before that hold its
//! elements (waiting for each), the carry-in. The first end each
//! work-item meets is combined with the carries of the work-items before
//! it (back to the last one that ended a segment, or the carry-in) in
//! order. `lift_ir::seg_reduce::merge_pieces` follows the same steps for
//! the evaluators. Every bound of a loop around a barrier is the same
//! for the whole group.

// Note [where the merge's time goes]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// (Of the merge before note [merge carries] in `lift_ir::seg_reduce`,
// whose tiles re-read the part of their first segment before them; the
// `noreduce` probe went with it. Leaving that part out altogether, with
// wrong results, took 1.225 ms in one call against 1.366: an upper bound
// of what not re-reading could give; the look-back that replaced it took
// 1.389 ms, figures there.) Measured on an H100 (spmvmerge, one call, every variant against main's
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
        if values.size.as_cst() != Some(t_len + l + 1)
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
            self.local_decls.push(format!("__local {} {name}[{}];", c_type(*s), t_len + l + 1));
        }
        let ends = self.fresh("merge_ends");
        self.local_decls.push(format!("__local int {ends}[{}];", t_len + l));

        let count_c = self.c(&count);
        let tiles_c = self.c(&tiles.tiles);
        self.need(super::KernelArg::Array { var: tiles.splits, written: false });
        let splits = self.kvar(tiles.splits);
        self.need(super::KernelArg::Lookback(tiles.status));
        let arena = self.kvar(tiles.status);
        let (epoch, base) = (super::lookback_epoch(&arena), super::lookback_base(&arena));
        let names = ["status", "t", "segs", "n", "g", "a", "b", "j0", "nr", "ne", "cl"];
        let [status, t, s, n, g, a, b, j0, nr, ne, cl] = names.map(|x| self.fresh(x));
        let end_of = |r: &str| format!("({r} + 1 < {s} ? {offsets}[{r} + 1] : {n})");
        let front = lift_ir::lookback::STATUS_FRONT;
        self.line(format!("volatile __global ulong* {status} = (volatile __global ulong*)({arena} + {front});"));
        self.line(format!("const int {t} = get_local_id(0);"));
        self.line(format!("const long {s} = {count_c};"));
        self.line(format!("const long {n} = {s} > 0 ? {offsets}[{s} - 1] + {lengths}[{s} - 1] : 0;"));
        // The tile: a ticket (note [merge carries]), one a group.
        let pass = self.fresh("pass");
        self.open(format!("if ({t} == 0)"));
        self.line(format!("{ends}[{t_len}] = (int)min((long)(uint)((uint)atomic_inc({arena}) - {base}), {tiles_c});"));
        self.close();
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.line(format!("const long {g} = {ends}[{t_len}];"));
        // The tile's work as one pass of a loop (none past the last tile)
        // rather than in a branch: PoCL's optimised builds run barriers in
        // a loop of a uniform count right, and got one in a branch wrong.
        self.open(format!("for (int {pass} = 0; {pass} < ({g} < {tiles_c} ? 1 : 0); {pass}++)"));
        self.line(format!("const long {a} = {splits}[{g}], {b} = {splits}[{g} + 1];"));
        self.line(format!("const long {j0} = {g} * {t_len} - {a};"));
        self.line(format!("const int {nr} = (int)({b} - {a});"));
        self.line(format!("const int {ne} = (int)(min(({g} + 1) * {t_len}, {s} + {n}) - {b} - {j0});"));
        self.line(format!("const int {cl} = {ne} + {nr};"));
        // The tile's ends and values in local memory, coalesced.
        let (kk, r) = (self.fresh("k"), self.fresh("r"));
        self.open(format!("for (int {kk} = {t}; {kk} < {nr}; {kk} += {l})"));
        self.line(format!("const long {r} = {a} + {kk};"));
        self.line(format!("{ends}[{kk}] = (int)({} - {j0});", end_of(&r)));
        self.close();
        let red = Reduction {
            pull,
            op,
            acc_ty: acc_ty.clone(),
            init: init.clone(),
            comps: comps.clone(),
            tree: vals.clone(),
            strided: false,
            batch: v,
            hoisted: tiles.hoisted.clone(),
        };
        // Work-item `t` loads items `t + i·L` for `i < V` (the tile holds
        // at most `L·V` values): a loop of a known count, unrolled, so that
        // the loads of its `V` elements are in flight together (on the
        // H100, uniform rows of 8: 12 % faster than a loop to `ne`).
        if red.hoisted.is_some() {
            self.tile_values_hoisted(&red, &vals, (&t, &ne, &j0), l, v)?;
        } else {
            let (i, kk) = (self.fresh("i"), self.fresh("k"));
            self.line("#pragma unroll");
            self.open(format!("for (int {i} = 0; {i} < {v}; {i}++)"));
            self.line(format!("const int {kk} = {t} + {i} * {l};"));
            self.open(format!("if ({kk} < {ne})"));
            let x = self.call(pull, vec![format!("{j0} + {kk}")])?;
            for (name, x) in vals.iter().zip(&x) {
                self.line(format!("{name}[{kk}] = {x};"));
            }
            self.close();
            self.close();
        }
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
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
        self.fold_value(&red, &acc, local)?;
        self.line(format!("{jj}++;"));
        self.close();
        self.close();
        // The carries, then each work-item's first segment end.
        for (name, a) in vals.iter().zip(&acc) {
            self.line(format!("{name}[{} + {t}] = {a};", t_len));
        }
        self.line(format!("{ends}[{t_len} + {t}] = {head} >= 0;"));
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        let cin: Vec<String> = vals.iter().map(|name| format!("{name}[{}]", t_len + l)).collect();
        let merge = Merge { red: &red, vals: &vals, ends: &ends, tile: t_len };
        // The tile's carry-out, published before any look-back.
        self.open(format!("if ({t} == 0)"));
        let carry_out = self.carries_before(&merge, &l.to_string(), &init)?;
        self.publish_carry_out(&status, &epoch, &g, &comps, &carry_out);
        self.close();
        // Segment `a`'s carry-in: runs of the earlier tiles' carry-outs.
        let [e0, look, h, mt, per, x0, x1, x, runs, w] =
            ["e0", "look", "h", "mt", "per", "x0", "x1", "x", "runs", "w"].map(|x| self.fresh(x));
        self.line(format!("const long {e0} = {a} < {s} ? {offsets}[{a}] : {n};"));
        self.line(format!("const int {look} = {a} < {b} && {a} + {e0} < {g} * {t_len};"));
        // Without a look-back the runs are empty (a barrier in a branch,
        // even a uniform one, is what PoCL's optimised builds got wrong).
        self.line(format!("const long {h} = {look} ? ({a} + {e0}) / {t_len} : {g}, {mt} = {g} - {h};"));
        self.line(format!("const long {per} = max(({mt} + {l} - 1) / {l}, 1L);"));
        self.line(format!("const long {x0} = min({h} + {t} * {per}, {g}), {x1} = min({x0} + {per}, {g});"));
        let run = self.declare_private(&comps, &init);
        self.open(format!("for (long {x} = {x0}; {x} < {x1}; {x}++)"));
        let y = self.wait_carry_out(&status, &epoch, &x, &comps);
        let both = self.apply_scalar_fun(
            op,
            vec![(Val::Scalar(run.clone()), acc_ty.clone()), (Val::Scalar(y.clone()), acc_ty.clone())],
        )?;
        let pick: Vec<String> = y.iter().zip(&both).map(|(y, b)| format!("{x} == {x0} ? {y} : {b}")).collect();
        self.assign(&run, &pick);
        self.close();
        self.open(format!("if ({x0} < {x1})"));
        for (name, r) in vals.iter().zip(&run) {
            self.line(format!("{name}[{t}] = {r};"));
        }
        self.close();
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.open(format!("if ({t} == 0)"));
        let first: Vec<String> =
            vals.iter().zip(&init).map(|(name, z)| format!("{mt} > 0 ? {name}[0] : {z}")).collect();
        let c = self.declare_private(&comps, &first);
        self.line(format!("const long {runs} = ({mt} + {per} - 1) / {per};"));
        self.open(format!("for (long {w} = 1; {w} < {runs}; {w}++)"));
        let next: Vec<String> = vals.iter().map(|name| format!("{name}[{w}]")).collect();
        self.fold_value(&red, &c, next)?;
        self.close();
        self.assign(&cin, &c);
        self.close();
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.open(format!("if ({head} >= 0)"));
        let before_head = self.carries_before(&merge, &t, &cin)?;
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

    /// Stores `values` as tile `tile`'s carry-out record: per component,
    /// two 64-bit words `epoch << 32 | half`, low half first (as
    /// `lift_ir::lookback`'s records, one a tile).
    fn publish_carry_out(
        &mut self,
        status: &str,
        epoch: &str,
        tile: &str,
        comps: &[flatten::ir::Scalar],
        values: &[String],
    ) {
        let k = comps.len();
        let tag = self.fresh("tag");
        self.line(format!("const ulong {tag} = (ulong){epoch} << 32;"));
        for (c, (s, v)) in comps.iter().zip(values).enumerate() {
            let bits = self.fresh("bits");
            self.line(format!("const ulong {bits} = {};", super::lookback::to_bits(*s, v)));
            let word = format!("({tile} * {k} + {c}) * 2");
            self.line(format!("{status}[{word}] = {tag} | ({bits} & 0xffffffffUL);"));
            self.line(format!("{status}[{word} + 1] = {tag} | ({bits} >> 32);"));
        }
    }

    /// Tile `tile`'s carry-out, once all its words carry this launch's
    /// epoch (read `volatile`, again until they do).
    fn wait_carry_out(&mut self, status: &str, epoch: &str, tile: &str, comps: &[flatten::ir::Scalar]) -> Vec<String> {
        let k = comps.len();
        let mut out = Vec::with_capacity(k);
        for (c, s) in comps.iter().enumerate() {
            let (lo, hi, y) = (self.fresh("lo"), self.fresh("hi"), self.fresh("y"));
            let word = format!("({tile} * {k} + {c}) * 2");
            self.line(format!("ulong {lo}, {hi};"));
            self.open("do");
            self.line(format!("{lo} = {status}[{word}];"));
            self.line(format!("{hi} = {status}[{word} + 1];"));
            self.indent -= 1;
            self.line(format!("}} while (({lo} >> 32) != {epoch} || ({hi} >> 32) != {epoch});"));
            let bits = format!("({lo} & 0xffffffffUL) | (({hi} & 0xffffffffUL) << 32)");
            self.line(format!("const {} {y} = {};", c_type(*s), super::lookback::of_bits(*s, &bits)));
            out.push(y);
        }
        out
    }

    /// The combination, in order, of the carries of the work-items before
    /// `upto` back to the last that ended a segment (from its carry), or
    /// where none did from `otherwise` (the tile's carry-in for a
    /// work-item's first segment end; the neutral element for the tile's
    /// carry-out, `upto` = L: note [merge carries]).
    fn carries_before(&mut self, m: &Merge<'_>, upto: &str, otherwise: &[String]) -> Result<Vec<String>, CodegenError> {
        let (u, w) = (self.fresh("u"), self.fresh("w"));
        let tile = m.tile;
        self.line(format!("int {u} = {upto} - 1;"));
        self.line(format!("while ({u} >= 0 && !{}[{tile} + {u}]) {u}--;", m.ends));
        let init: Vec<String> =
            m.vals.iter().zip(otherwise).map(|(name, c)| format!("{u} >= 0 ? {name}[{tile} + {u}] : {c}")).collect();
        let v = self.declare_private(&m.red.comps, &init);
        self.open(format!("for (int {w} = {u} + 1; {w} < {upto}; {w}++)"));
        let next: Vec<String> = m.vals.iter().map(|name| format!("{name}[{tile} + {w}]")).collect();
        self.fold_value(m.red, &v, next)?;
        self.close();
        Ok(v)
    }
}

/// Whether `NESSIE_MERGE_PROBE` (a comma-separated list) names `what`:
/// variants of the merge kernel that drop a phase, for measurement only
/// (their results are wrong): `nogather` takes the last hoisted array's
/// element as the value instead of the pull (for SpMV, no gather of `v`;
/// note [where the merge's time goes]).
fn merge_probe(what: &str) -> bool {
    std::env::var("NESSIE_MERGE_PROBE").is_ok_and(|p| p.split(',').any(|x| x.trim() == what))
}

/// What combining carries needs.
struct Merge<'m> {
    red: &'m Reduction<'m>,
    vals: &'m [String],
    ends: &'m str,
    tile: i64,
}
