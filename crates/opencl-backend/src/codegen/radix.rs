//! `radixCounts` and `radixScatter` as C (see `lift_ir::radix`): one
//! work-group of `L` work-items per tile of `L·K` consecutive elements,
//! element `r·L + l` of the tile taken by work-item `l` in round `r`
//! (coalesced).
//!
//! `radixCounts`: a local histogram of the tile's digits (`atomic_inc`:
//! counting needs no order), written digit-major (`counts[d·T + t]`).
//!
//! `radixScatter`, from `starts` (the counts' exclusive scan):
//! 1. Ranks, round by round: each work-item puts its digit in a local
//!    array; in each slice of [`RADIX_SLICE`] work-items, it counts the
//!    equal digits before it, and the last of each digit writes the
//!    slice's count of that digit; the work-item of digit `d` turns the
//!    slices' counts into their exclusive prefix (zeroing the counts for
//!    the next round), from the digit's count in the earlier rounds
//!    (`run[d]`). An element's rank among the equal
//!    digits of its tile is its slice's start plus its rank in the slice:
//!    element order, so stable.
//! 2. `tile_start[d]`, the exclusive scan of the tile's counts (blocks of
//!    16 digits, then the blocks' totals), is where digit `d`'s run starts
//!    in the tile reordered by digit; each element's digit goes there
//!    (`ldig`, a byte each).
//! 3. Each value column in turn is reordered through local memory and
//!    written out: position `p` of the reordered tile, digit `d`, goes to
//!    `starts[d·T + t] + p - tile_start[d]`, so that consecutive
//!    work-items write consecutive addresses of a digit's run.
//!
//! Every loop bound and barrier is the same for the whole group.

use lift_ir::ir::{Expr, RadixTiles, UserFunId};
use lift_ir::radix::RADIX_SLICE;

use super::{Generator, Out, Val, View, internal};
use crate::compile::CodegenError;
use crate::user_fun::c_type;

impl Generator<'_> {
    /// The work-group shape of a radix pattern; its result buffers.
    fn radix_launch(&mut self, tiles: &RadixTiles, dest: Option<Out>, what: &str) -> Result<Vec<String>, CodegenError> {
        let Some(Out::Mem { names, .. }) = dest else {
            return Err(CodegenError::Unsupported {
                kernel: self.lift.name.clone(),
                what: format!("a {what} whose result is not the stage's"),
            });
        };
        if self.groups.is_some() || self.global.is_some() || self.local.is_some() {
            return Err(CodegenError::Unsupported {
                kernel: self.lift.name.clone(),
                what: format!("a {what} inside another parallel pattern"),
            });
        }
        if tiles.digits() > tiles.group_size || tiles.group_size % RADIX_SLICE != 0 {
            return internal(format!("{what}: {} digits in groups of {}", tiles.digits(), tiles.group_size));
        }
        self.groups = Some(tiles.tiles.clone());
        self.local = Some(lift_ir::arith::ArithExpr::cst(tiles.group_size));
        self.has_barrier = true;
        Ok(names)
    }

    /// The digits' user function and their number `n`.
    fn radix_digits(&mut self, digits: &Expr) -> Result<(UserFunId, String), CodegenError> {
        let View::Generate { len, f } = self.array(digits)? else {
            return internal("radix digits that are not a generate");
        };
        Ok((f, self.c(&len)))
    }

    pub(super) fn radix_counts(
        &mut self,
        tiles: &RadixTiles,
        args: &[Expr],
        dest: Option<Out>,
    ) -> Result<Val, CodegenError> {
        let [digits] = args else { return internal("radixCounts arity") };
        let out = self.radix_launch(tiles, dest.clone(), "radixCounts")?;
        let [out] = &out[..] else { return internal("radixCounts of several columns") };
        let (digit, n) = self.radix_digits(digits)?;
        let (d_count, l_size, items) = (tiles.digits(), tiles.group_size, tiles.items);
        let ntiles = self.c(&tiles.tiles);
        let hist = self.fresh("hist");
        self.local_decls.push(format!("__local int {hist}[{d_count}];"));
        let (l, t, d, r, i) = (self.fresh("l"), self.fresh("t"), self.fresh("d"), self.fresh("r"), self.fresh("i"));
        self.line(format!("const long {l} = get_local_id(0);"));
        self.line(format!("const long {t} = get_group_id(0);"));
        self.line(format!("for (long {d} = {l}; {d} < {d_count}; {d} += {l_size}) {hist}[{d}] = 0;"));
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.open(format!("for (long {r} = 0; {r} < {items}; {r}++)"));
        self.line(format!("const long {i} = {t} * {} + {r} * {l_size} + {l};", l_size * items));
        self.open(format!("if ({i} < {n})"));
        let x = self.call(digit, vec![i.clone()])?;
        self.line(format!("atomic_inc(&{hist}[{}]);", x[0]));
        self.close();
        self.close();
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.line(format!(
            "for (long {d} = {l}; {d} < {d_count}; {d} += {l_size}) {out}[{d} * {ntiles} + {t}] = {hist}[{d}];"
        ));
        Ok(Val::Array(Self::out_view(&dest.ok_or(CodegenError::Internal("radixCounts without memory".into()))?)))
    }

    pub(super) fn radix_scatter(
        &mut self,
        tiles: &RadixTiles,
        starts: flatten::ir::KVar,
        args: &[Expr],
        dest: Option<Out>,
    ) -> Result<Val, CodegenError> {
        let [digits, values] = args else { return internal("radixScatter arity") };
        let out = self.radix_launch(tiles, dest.clone(), "radixScatter")?;
        let (digit, n) = self.radix_digits(digits)?;
        let View::Generate { f: value, .. } = self.array(values)? else {
            return internal("radix values that are not a generate");
        };
        let columns = self.funs[value.0 as usize].results.clone();
        if columns.len() != out.len() {
            return internal("radixScatter writes a different number of columns than its values have");
        }
        self.need(super::KernelArg::Array { var: starts, written: false });
        let starts = self.kvar(starts);
        let (d_count, l_size, items) = (tiles.digits(), tiles.group_size, tiles.items);
        let tile_len = l_size * items;
        let slices = l_size / RADIX_SLICE;
        let block = d_count.min(16);
        let ntiles = self.c(&tiles.tiles);
        // Local arrays: the round's digits, the slices' counts, the
        // digits' counts so far, the tile's digit starts (and their
        // blocks' totals), the global starts, the reordered digits, and
        // one reordering buffer per C type of the columns.
        let [round, slice_counts, slice_starts, run, tile_start, block_sums, global_start, ldig] =
            ["round_digits", "slice_counts", "slice_starts", "run", "tile_start", "block_sums", "global_start", "ldig"]
                .map(|s| self.fresh(s));
        // A slice's count of a digit is at most RADIX_SLICE, a start at
        // most the tile's length: both fit 16 bits.
        if tile_len >= 1 << 16 {
            return internal(format!("radixScatter: tiles of {tile_len} elements"));
        }
        self.local_decls.push(format!("__local int {round}[{l_size}];"));
        self.local_decls.push(format!("__local ushort {slice_counts}[{}];", slices * d_count));
        self.local_decls.push(format!("__local ushort {slice_starts}[{}];", slices * d_count));
        self.local_decls.push(format!("__local int {run}[{d_count}];"));
        self.local_decls.push(format!("__local int {tile_start}[{d_count}];"));
        self.local_decls.push(format!("__local int {block_sums}[{}];", d_count / block));
        self.local_decls.push(format!("__local long {global_start}[{d_count}];"));
        self.local_decls.push(format!("__local uchar {ldig}[{tile_len}];"));
        let mut buffers: Vec<(String, String)> = Vec::new();
        for s in &columns {
            let ty = c_type(*s).to_string();
            if !buffers.iter().any(|(t, _)| *t == ty) {
                let name = self.fresh("reorder");
                self.local_decls.push(format!("__local {ty} {name}[{tile_len}];"));
                buffers.push((ty, name));
            }
        }
        let [l, t, first, count, slice, d, r, i, dig, pos] =
            ["l", "t", "first", "count", "slice", "d", "r", "i", "dig", "pos"].map(|s| self.fresh(s));
        self.line(format!("const long {l} = get_local_id(0);"));
        self.line(format!("const long {t} = get_group_id(0);"));
        self.line(format!("const long {first} = {t} * {tile_len};"));
        self.line(format!("const long {count} = max(0L, min({tile_len}L, {n} - {first}));"));
        self.line(format!("const long {slice} = {l} / {RADIX_SLICE};"));
        self.open(format!("for (long {d} = {l}; {d} < {d_count}; {d} += {l_size})"));
        self.line(format!("{run}[{d}] = 0;"));
        self.line(format!("{global_start}[{d}] = {starts}[{d} * {ntiles} + {t}];"));
        self.close();
        let j = self.fresh("j");
        self.line(format!(
            "for (long {j} = {l}; {j} < {}; {j} += {l_size}) {slice_counts}[{j}] = 0;",
            slices * d_count
        ));
        self.line(format!("int {dig}[{items}];"));
        self.line(format!("int {pos}[{items}];"));
        // 1. Ranks: three barriers a round. The slices' counts are zeroed
        // as their starts are taken, so that the next round finds them
        // zero; its starts are written only after two more barriers,
        // when every work-item has read this round's.
        self.line("#pragma unroll");
        self.open(format!("for (int {r} = 0; {r} < {items}; {r}++)"));
        self.line(format!("const long {i} = {first} + {r} * {l_size} + {l};"));
        let mine = self.fresh("mine");
        self.line(format!("int {mine} = {d_count};"));
        self.open(format!("if ({i} < {n})"));
        let x = self.call(digit, vec![i.clone()])?;
        self.line(format!("{mine} = (int){};", x[0]));
        self.close();
        self.line(format!("{round}[{l}] = {mine};"));
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        let (before, last, e) = (self.fresh("before"), self.fresh("last"), self.fresh("e"));
        self.line(format!("int {before} = 0, {last} = 1;"));
        self.open(format!("for (long {j} = {slice} * {RADIX_SLICE}; {j} < ({slice} + 1) * {RADIX_SLICE}; {j}++)"));
        self.line(format!("const int {e} = {round}[{j}];"));
        self.line(format!("{before} += ({e} == {mine} && {j} < {l});"));
        self.line(format!("{last} &= !({e} == {mine} && {j} > {l});"));
        self.close();
        self.line(format!(
            "if ({mine} < {d_count} && {last}) {slice_counts}[{slice} * {d_count} + {mine}] = (ushort)({before} + 1);"
        ));
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        let (acc, s, c) = (self.fresh("acc"), self.fresh("s"), self.fresh("c"));
        self.open(format!("for (long {d} = {l}; {d} < {d_count}; {d} += {l_size})"));
        self.line(format!("int {acc} = {run}[{d}];"));
        self.open(format!("for (int {s} = 0; {s} < {slices}; {s}++)"));
        self.line(format!("const int {c} = {slice_counts}[{s} * {d_count} + {d}];"));
        self.line(format!("{slice_counts}[{s} * {d_count} + {d}] = 0;"));
        self.line(format!("{slice_starts}[{s} * {d_count} + {d}] = (ushort){acc};"));
        self.line(format!("{acc} += {c};"));
        self.close();
        self.line(format!("{run}[{d}] = {acc};"));
        self.close();
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.line(format!("{dig}[{r}] = {mine};"));
        self.line(format!(
            "{pos}[{r}] = {mine} < {d_count} ? {slice_starts}[{slice} * {d_count} + {mine}] + {before} : 0;"
        ));
        self.close();
        // 2. The tile's digit starts: within blocks, then the blocks.
        let (lo, k) = (self.fresh("lo"), self.fresh("k"));
        self.open(format!("if ({l} < {d_count})"));
        self.line(format!("const long {lo} = {l} - {l} % {block};"));
        self.line(format!("int {acc} = 0;"));
        self.line(format!("for (long {k} = {lo}; {k} < {l}; {k}++) {acc} += {run}[{k}];"));
        self.line(format!("{tile_start}[{l}] = {acc};"));
        self.line(format!("if ({l} % {block} == {block} - 1) {block_sums}[{l} / {block}] = {acc} + {run}[{l}];"));
        self.close();
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.open(format!("if ({l} < {d_count})"));
        self.line(format!("int {acc} = 0;"));
        self.line(format!("for (long {k} = 0; {k} < {l} / {block}; {k}++) {acc} += {block_sums}[{k}];"));
        self.line(format!("{tile_start}[{l}] += {acc};"));
        self.close();
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.line("#pragma unroll");
        self.open(format!("for (int {r} = 0; {r} < {items}; {r}++)"));
        self.line(format!(
            "if ({dig}[{r}] < {d_count}) {ldig}[{tile_start}[{dig}[{r}]] + {pos}[{r}]] = (uchar){dig}[{r}];"
        ));
        self.close();
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        // 3. Each column through local memory.
        for (column, (name, scalar)) in out.iter().zip(&columns).enumerate() {
            let ty = c_type(*scalar).to_string();
            let Some((_, buffer)) = buffers.iter().find(|(t, _)| *t == ty).cloned() else {
                return internal("radixScatter: a column without a buffer");
            };
            self.line("#pragma unroll");
            self.open(format!("for (int {r} = 0; {r} < {items}; {r}++)"));
            self.open(format!("if ({dig}[{r}] < {d_count})"));
            let x = self.call(value, vec![format!("{first} + {r} * {l_size} + {l}")])?;
            self.line(format!("{buffer}[{tile_start}[{dig}[{r}]] + {pos}[{r}]] = {};", x[column]));
            self.close();
            self.close();
            self.line("barrier(CLK_LOCAL_MEM_FENCE);");
            let (p, dp) = (self.fresh("p"), self.fresh("dp"));
            self.open(format!("for (int {r} = 0; {r} < {items}; {r}++)"));
            self.line(format!("const long {p} = {r} * {l_size} + {l};"));
            self.open(format!("if ({p} < {count})"));
            self.line(format!("const int {dp} = {ldig}[{p}];"));
            self.line(format!("{name}[{global_start}[{dp}] + {p} - {tile_start}[{dp}]] = {buffer}[{p}];"));
            self.close();
            self.close();
            self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        }
        Ok(Val::Array(Self::out_view(&dest.ok_or(CodegenError::Internal("radixScatter without memory".into()))?)))
    }
}
