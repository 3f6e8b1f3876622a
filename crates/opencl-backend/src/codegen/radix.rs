//! `radixCounts` and `radixScatter` as C (see `lift_ir::radix`): one
//! work-group of `L` work-items per tile of `L·K` consecutive elements,
//! read coalesced (the counts: element `r·L + l` of the tile by work-item
//! `l` in round `r`; the scatter: below).
//!
//! `radixCounts`: a local histogram of the tile's digits (`atomic_inc`:
//! counting needs no order), written digit-major (`counts[d·T + t]`).
//!
//! `radixScatter`, from `starts` (the counts' exclusive scan):
//! 1. Ranks, from the tile's digits computed first: each slice of
//!    [`RADIX_SLICE`] work-items (a warp) takes `RADIX_SLICE·K`
//!    consecutive elements, a round of 32 at a time; each work-item counts
//!    the equal digits before it in its round (by `match.any.sync` where
//!    the compiler is NVIDIA's, else from the round's digits in a local
//!    array: note [radix ranks by warp]) and adds the slice's count of
//!    its digit so far, and the last of each digit adds the round's to
//!    that count; then the work-item of digit `d` turns the slices'
//!    counts into their exclusive prefix (`run[d]` the tile's count). An
//!    element's rank among the equal digits of its tile is its slice's
//!    start plus its rank in the slice: element order, so stable.
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

/// The preprocessor test of the warp-match ranking: NVIDIA's compiler
/// (`__NV_CL_C_VERSION`) on sm_70 or newer, where `match.any.sync` exists
/// (`NESSIE_NV_SM`, note [architecture define] in `runtime::cl::program`).
const WARP_MATCH_GUARD: &str = "#if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 70";

// The match ranks a slice as one NVIDIA warp: 32 consecutive work-items.
const _: () = assert!(RADIX_SLICE == 32, "a radix slice is ranked as one NVIDIA warp");

// Note [radix ranks by warp]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~
// A slice of the scatter's ranking is `RADIX_SLICE` = 32 consecutive
// work-items, an NVIDIA warp, and it takes `32·K` consecutive elements of
// the tile, 32 a round: an element's rank among the equal digits of the
// tile is then the count of those in earlier slices (one prefix over the
// slices after all rounds) plus the slice's own count so far, in element
// order, so stable. Where the compiler is NVIDIA's, each work-item finds
// the equal digits of its round with one `match.any.sync` (the mask of
// the lanes holding its digit): its rank in the round is the count of the
// mask's lanes below its own (`%lanemask_lt`), and the last of its digit
// (none above, `%lanemask_gt`) adds the mask's count to the slice's
// count, between two `bar.warp.sync`: no barrier of the group in a
// round. Elsewhere each round reads the slice's 32 digits from local
// memory between two barriers. Both give the same ranks, so the same
// order. The tile's digits are computed for all rounds before the first,
// each at a position clamped into the array (a position past it gets no
// digit), so that their loads are in flight together rather than one
// DRAM round trip a round; the values are loaded the same way, all before
// any is stored. A barrier stands between the zeroing of the slices'
// counts and the first round: without it, a first version sorted 3·10^5
// keys right on the H200 but not 10^7 (a warp's count overwritten by a
// slower work-item's zero), and PoCL, which runs a group's work-items one
// after another between barriers, could not show it.
//
// On the H200 (`primitives.py sort`, sorts of 10^7 ints below 2^30, four
// passes, ms of kernels a sort; each call two rounds, the binaries in
// turn). First the batches and the match with the rounds interleaved
// across slices (element `r·L + l`, three barriers a round, then two):
// 0.847 / 0.841 against 1.242 / 1.240 (0.890x / 0.885x `cupy.sort`
// against 0.587x / 0.586x); a pass's scatter 0.131 ms against 0.228, its
// counts 0.038 against 0.041; sorts of 10^8 ints, two by `time`, 15.1 ms
// against 23.3. Then a slice's elements consecutive and no barrier in a
// round, in a later call: 0.793 / 0.792 against 0.833 / 0.841 (0.916x /
// 0.911x against 0.868x / 0.860x), the scatter 0.120 ms against 0.131.

/// The C names a slice's ranking uses: the tile's digits and the ranks
/// (private arrays), the slices' counts and the round's digits (local),
/// the slice and the local id; the number of digits.
struct SliceRanks<'a> {
    dig: &'a str,
    pos: &'a str,
    counts: &'a str,
    round: &'a str,
    slice: &'a str,
    l: &'a str,
    digits: i64,
}

impl Generator<'_> {
    /// Round `r` of a slice's ranking (note [radix ranks by warp]): the
    /// element's rank among the equal digits of its slice so far into
    /// `pos[r]`, and the last of each digit adds the round's count of it
    /// to the slice's.
    fn rank_in_slice(&mut self, k: &SliceRanks<'_>, r: i64) {
        let SliceRanks { dig, pos, counts, round, slice, l, digits } = *k;
        let [mine, before, last, base, e, total, mask, lt, gt, j] =
            ["mine", "before", "last", "base", "e", "total", "mask", "lt", "gt", "j"].map(|x| self.fresh(x));
        let count_at = format!("{counts}[{slice} * {digits} + {mine}]");
        self.line("{");
        self.indent += 1;
        self.line(format!("const int {mine} = {dig}[{r}];"));
        self.line(format!("int {before} = 0, {last} = 1, {total} = 0;"));
        self.line(WARP_MATCH_GUARD);
        self.line(format!("uint {mask}, {lt}, {gt};"));
        self.line(format!(
            "asm volatile(\"match.any.sync.b32 %0, %1, 0xffffffff;\" : \"=r\"({mask}) : \"r\"({mine}));"
        ));
        self.line(format!("asm(\"mov.u32 %0, %%lanemask_lt;\" : \"=r\"({lt}));"));
        self.line(format!("asm(\"mov.u32 %0, %%lanemask_gt;\" : \"=r\"({gt}));"));
        self.line(format!("{before} = popcount({mask} & {lt});"));
        self.line(format!("{last} = ({mask} & {gt}) == 0;"));
        self.line(format!("{total} = popcount({mask});"));
        self.line(format!("const int {base} = {mine} < {digits} ? {count_at} : 0;"));
        self.line("asm volatile(\"bar.warp.sync 0xffffffff;\");");
        self.line(format!("if ({mine} < {digits} && {last}) {count_at} = (ushort)({base} + {total});"));
        self.line("asm volatile(\"bar.warp.sync 0xffffffff;\");");
        self.line("#else");
        self.line(format!("{round}[{l}] = {mine};"));
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.open(format!("for (long {j} = {slice} * {RADIX_SLICE}; {j} < ({slice} + 1) * {RADIX_SLICE}; {j}++)"));
        self.line(format!("const int {e} = {round}[{j}];"));
        self.line(format!("{before} += ({e} == {mine} && {j} < {l});"));
        self.line(format!("{last} &= !({e} == {mine} && {j} > {l});"));
        self.close();
        self.line(format!("const int {base} = {mine} < {digits} ? {count_at} : 0;"));
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.line(format!("if ({mine} < {digits} && {last}) {count_at} = (ushort)({base} + {before} + 1);"));
        self.line("#endif");
        self.line(format!("{pos}[{r}] = {base} + {before};"));
        self.indent -= 1;
        self.line("}");
    }

    /// The digits of a work-item's elements at `positions` (C
    /// expressions, one a round) into a private array, `digits` where the
    /// position is at or past `n`: each computed at a position clamped
    /// into the array, all before any is used (note [radix ranks by
    /// warp]).
    fn tile_digits(
        &mut self,
        digit: UserFunId,
        n: &str,
        positions: &[String],
        digits: i64,
    ) -> Result<String, CodegenError> {
        let dig = self.fresh("dig");
        self.line(format!("int {dig}[{}];", positions.len()));
        for (r, at) in positions.iter().enumerate() {
            let i = self.fresh("i");
            self.line(format!("const long {i} = {at};"));
            let x = self.call(digit, vec![format!("min({i}, {n} - 1)")])?;
            self.line(format!("{dig}[{r}] = {i} < {n} ? (int){} : {digits};", x[0]));
        }
        Ok(dig)
    }

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
        let (l, t, d, r) = (self.fresh("l"), self.fresh("t"), self.fresh("d"), self.fresh("r"));
        self.line(format!("const long {l} = get_local_id(0);"));
        self.line(format!("const long {t} = get_group_id(0);"));
        self.line(format!("for (long {d} = {l}; {d} < {d_count}; {d} += {l_size}) {hist}[{d}] = 0;"));
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        let positions: Vec<String> =
            (0..items).map(|r| format!("{t} * {} + {r} * {l_size} + {l}", l_size * items)).collect();
        let dig = self.tile_digits(digit, &n, &positions, d_count)?;
        self.line("#pragma unroll");
        self.open(format!("for (int {r} = 0; {r} < {items}; {r}++)"));
        self.line(format!("if ({dig}[{r}] < {d_count}) atomic_inc(&{hist}[{dig}[{r}]]);"));
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
        // Local arrays: the round's digits (where warps do not match),
        // the slices' counts, the tile's counts of each digit, its digit starts (and their
        // blocks' totals), the global starts, the reordered digits, and
        // one reordering buffer per C type of the columns.
        let [round, slice_counts, run, tile_start, block_sums, global_start, ldig] =
            ["round_digits", "slice_counts", "run", "tile_start", "block_sums", "global_start", "ldig"]
                .map(|s| self.fresh(s));
        // A slice's count of a digit is at most its `RADIX_SLICE·K`
        // elements, a start at most the tile's length: both fit 16 bits.
        if tile_len >= 1 << 16 {
            return internal(format!("radixScatter: tiles of {tile_len} elements"));
        }
        self.local_decls.push(format!("__local int {round}[{l_size}];"));
        self.local_decls.push(format!("__local ushort {slice_counts}[{}];", slices * d_count));
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
        let [l, t, first, count, slice, d, r, pos] =
            ["l", "t", "first", "count", "slice", "d", "r", "pos"].map(|s| self.fresh(s));
        self.line(format!("const long {l} = get_local_id(0);"));
        self.line(format!("const long {t} = get_group_id(0);"));
        self.line(format!("const long {first} = {t} * {tile_len};"));
        self.line(format!("const long {count} = max(0L, min({tile_len}L, {n} - {first}));"));
        self.line(format!("const long {slice} = {l} / {RADIX_SLICE};"));
        self.open(format!("for (long {d} = {l}; {d} < {d_count}; {d} += {l_size})"));
        self.line(format!("{global_start}[{d}] = {starts}[{d} * {ntiles} + {t}];"));
        self.close();
        let j = self.fresh("j");
        self.line(format!(
            "for (long {j} = {l}; {j} < {}; {j} += {l_size}) {slice_counts}[{j}] = 0;",
            slices * d_count
        ));
        // Slice `w` (work-items `w·32 ..`) takes the tile's elements `w·32·K
        // ..` in `K` rounds of 32, so that its elements are consecutive
        // and ranking needs no other slice until all its rounds are done.
        let lane = self.fresh("lane");
        self.line(format!("const long {lane} = {l} % {RADIX_SLICE};"));
        let element = |r: i64| format!("{slice} * {} + {r} * {RADIX_SLICE} + {lane}", RADIX_SLICE * items);
        let positions: Vec<String> = (0..items).map(|r| format!("{first} + {}", element(r))).collect();
        let dig = self.tile_digits(digit, &n, &positions, d_count)?;
        self.line(format!("int {pos}[{items}];"));
        // The counts zeroed before the first round reads any.
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        // 1. Each element's rank among the equal digits of its slice, in
        // element order, from the slice's counts so far (note [radix
        // ranks by warp]).
        let ranks = SliceRanks {
            dig: &dig,
            pos: &pos,
            counts: &slice_counts,
            round: &round,
            slice: &slice,
            l: &l,
            digits: d_count,
        };
        for r in 0..items {
            self.rank_in_slice(&ranks, r);
        }
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        // The slices' counts become their starts among the tile's equal
        // digits (in place), and `run[d]` the tile's count of digit `d`.
        let (acc, s, c) = (self.fresh("acc"), self.fresh("s"), self.fresh("c"));
        self.open(format!("for (long {d} = {l}; {d} < {d_count}; {d} += {l_size})"));
        self.line(format!("int {acc} = 0;"));
        self.open(format!("for (int {s} = 0; {s} < {slices}; {s}++)"));
        self.line(format!("const int {c} = {slice_counts}[{s} * {d_count} + {d}];"));
        self.line(format!("{slice_counts}[{s} * {d_count} + {d}] = (ushort){acc};"));
        self.line(format!("{acc} += {c};"));
        self.close();
        self.line(format!("{run}[{d}] = {acc};"));
        self.close();
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.line("#pragma unroll");
        self.open(format!("for (int {r} = 0; {r} < {items}; {r}++)"));
        self.line(format!(
            "if ({dig}[{r}] < {d_count}) {pos}[{r}] += {slice_counts}[{slice} * {d_count} + {dig}[{r}]];"
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
            // The tile's values, all loaded before any is stored (an
            // element past the array reads the last one and stores nothing).
            let xs: Vec<String> = (0..items)
                .map(|r| {
                    let x = self.call(value, vec![format!("min({}, {n} - 1)", positions[r as usize])])?;
                    let v = self.fresh("value");
                    self.line(format!("const {ty} {v} = {};", x[column]));
                    Ok(v)
                })
                .collect::<Result<_, CodegenError>>()?;
            for (r, x) in xs.iter().enumerate() {
                self.line(format!(
                    "if ({dig}[{r}] < {d_count}) {buffer}[{tile_start}[{dig}[{r}]] + {pos}[{r}]] = {x};"
                ));
            }
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
