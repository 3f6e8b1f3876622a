//! `segReduceMerge` as C (see `lift_ir::seg_reduce`, `segReduce-merge`):
//! the merge of the segments' ends with the elements cut into tiles of
//! `T = L·V` items, each work-group taking tiles by ticket until none is
//! left (notes [merge carries] and [lagged look-back] in
//! `lift_ir::seg_reduce`).
//!
//! A tile's segments come from the tiles' merge-path splits an earlier
//! launch wrote (`splits`; segment `r` ends at `offsets[r + 1]`, the last
//! at `n = offsets[S-1] + lengths[S-1]`: the only element of `lengths`
//! read): tile `g` holds the ends of segments `a = splits[g] .. b =
//! splits[g + 1]` and elements `g·T - a .. (g + 1)·T - b`, so its loads
//! wait for the splits alone. A group's pass over a tile, four barriers:
//! - its segment ends and its elements' values are copied to local
//!   memory, one per work-item in turn (coalesced);
//! - work-item `t` merges items `t·V ..` of the tile from a search of the
//!   local ends, folding values into a private accumulator; a segment
//!   that starts and ends in one work-item's items is written by it;
//! - work-item 0 publishes the tile's carry-out in its status record; the
//!   first end each work-item meets is combined with the carries of the
//!   work-items before it (back to the last one that ended a segment) in
//!   order and written, except segment `a` where it began in an earlier
//!   tile, whose value waits in a register; the work-items fold the runs
//!   of the previous tile's look-back (waiting for each carry-out);
//! - work-item 0 combines them with the previous tile's segment `a` and
//!   writes it, and takes the next ticket.
//!
//! `lift_ir::seg_reduce::merge_pieces` follows the same steps for the
//! evaluators. Every bound of a loop around a barrier is the same for the
//! whole group (the tile loop's too: the ticket goes through local
//! memory), and no barrier is in a branch.

// Note [where the merge's time goes]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// (Of the merge before note [merge carries] in `lift_ir::seg_reduce`,
// whose tiles re-read the part of their first segment before them; the
// `noreduce` probe went with it. Leaving that part out altogether, with
// wrong results, took 1.225 ms in one call against 1.366: an upper bound
// of what not re-reading could give; the look-back that replaced it took
// 1.389 ms, figures there.) Measured on an H100 (one call, every variant against main's
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
// loads, to save a round trip, 1.827 (128 registers: 2 groups an SM).
//
// Since the lagged look-back (note [lagged look-back] in `lift_ir::seg_reduce`), the
// group count is what decides. Registers are 64 for 4 groups of 256 an
// SM; the lagged look-back, columns held as `int`s and streaming reads
// within them took the kernel from 1.390 to 1.288 ms (cuSPARSE 1.288,
// `take(v, cols)` 1.208); every variant that needed more registers (the
// next tile's loads or pulls issued before the merge, 68 to 80) lost
// more to 3 groups an SM than it gained. What is left: the gathers
// themselves (the kernel is 0.08 ms above `take`), and the two launches
// before it (teams giving up, 0.044 ms; the splits, 0.019 ms).
// Issuing the tile's single reads before its loads did not pay either
// (on the H200, groups of 128, one call, three runs each alternating,
// ms of the merge kernel a run): the next ticket's `atomic_inc`, `e0` and
// the previous tile's `ap` at the top of the loop, `hp` after the tile's
// loads, 0.995 / 0.996 / 0.995 against 0.955 / 0.955 / 0.955; with the
// next tile's splits read by work-item 0 too and handed on in local
// memory, 0.981 / 0.981 / 0.980. Both hold more registers across the
// tile's loads: in a later call, with `NESSIE_CL_OPTIONS=
// -cl-nv-maxrregcount=64` (every kernel of the program held to 64), the
// second took 0.956 / 0.957 ms against main's 0.973 / 0.973 with the same
// cap and 0.971 / 0.972 without (the first 0.961 / 0.961): 1.6 %, far
// from cuSPARSE, and a cap a kernel would need a program a kernel.
// What cuSPARSE costs, on the H200 in one call (batched medians, ms):
// on the power-law rows its SpMV 0.848 (`CUSPARSE_SPMV_CSR_ALG1`, the
// default, the same bits in six calls; `CSR_ALG2` 0.868), the gathers
// alone (`cp.take(v, cols)`, 32-bit columns) 0.837, `vals * v[cols]`
// 0.946; on rows of 8, 0.359 (`CSR_ALG2` 0.379) against `take`'s 0.355.
// So cuSPARSE runs at its gathers' cost, and this kernel (0.955 there,
// with 0.031 of teams giving up before it) at 1.14 times it, where the
// teams on rows of 8 (0.357) are at 1.01 times it. Nsight Compute, in a
// later call (it profiles CUDA kernels, not OpenCL ones: it saw none of
// nessie's), shows why the gathers set the pace: cuSPARSE's
// `csrmv_v3_kernel` (after a `csr_partition_kernel` of 13 µs, 16602
// blocks of 512: a merge-path split much like this one) read 2.57 GB from
// DRAM and wrote 57 MB in 0.850 ms, with an L2 hit rate of 30 %; `take`
// read 2.22 GB and wrote 474 MB in 0.863 ms. So nearly every gather of the
// 56 MB vector misses the 50 MB L2 and costs a 32-byte DRAM sector (59.5M
// of them, 1.9 GB), and both run at about 3.1 TB/s of DRAM traffic, the
// streamed bytes and the sectors together. At the same traffic this
// kernel (0.955 ms) ran at about 2.8 TB/s: what was left was how many
// requests it keeps in flight, not what it moves, and the first cause
// found was its gathers issued one at a time (note [the batch's gathers
// in flight]: 0.921 ms since).
//
// What is left, since note [the lagged tile's segment kept] (on the H200,
// one call, seven runs each, ms of SpMV's kernels a run, the merge kernel
// in brackets; cuSPARSE 0.914, `take(v, cols)` 0.867 on that device):
// as built 0.940 (0.910); with the look-back of the lagged tile's segment
// left out (its waits and folds, wrong results) 0.940 (0.910), so the
// carries cost nothing the gathers do not hide; with the tiles dealt out
// by stride (`g + k·groups`) instead of by ticket 1.003 (0.975), so the
// tickets pay for themselves in balance; without the gathers of `v`
// 0.452 (0.420: the streamed 826 MB at about 2 TB/s). So the kernel is
// the gathers plus 5 %, as cuSPARSE's is the gathers plus 1 %; at the
// DRAM rate both reach, 5 % is about 0.1 GB, and the one difference in
// bytes known is the 64-bit offsets (28 MB more than cuSPARSE's).

// Note [the batch's gathers in flight]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// A work-item pulls its `V` items of a tile in one batch. Each call was in
// a branch of its own (`if (k < ne)`: an item past the tile's elements has
// nothing to pull), so in NVIDIA's code (`ptxas`, sm_90) each call's
// gather of `v` sat in its own conditional block with the multiplication
// that uses it: a warp issued one gather, waited a DRAM latency for it,
// then issued the next, eight round trips a tile where the teams' batches
// (no branch around their calls) issue all their gathers at once. Now an
// item at or past `ne` loads and pulls the tile's last element instead
// (`min(k, ne - 1)`; its value is never stored), and one branch (`ne > 0`)
// holds the whole batch: the eight gathers issue back to back. A dead
// item's pull reads what a live item's reads, so it faults only where that
// one does (the error flag keeps one failure, whichever work-item's).
// On the H200 in one call (SpMV's power-law rows, two rounds, each binary
// in turn, ms a run): the merge kernel 0.921 / 0.923 against 0.971 /
// 0.972, SpMV's kernels 0.952 / 0.954 against 1.000 / 1.002 (0.929× the
// batched cuSPARSE against 0.884×; 1.105× the gathers alone, `take`,
// against 1.162×); rows of 8 and banded rows, which do not run the merge,
// 0.364 / 0.365 and 0.103 / 0.102 against 0.363 / 0.363 and 0.103 / 0.101.

// Note [the lagged tile's segment kept]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// Two reads that every tile waited for lay on its path. The look-back of
// the lagged tile's segment `a` (note [lagged look-back] in
// `lift_ir::seg_reduce`) read that tile's split, then the segment's
// offset, two dependent reads between the tile's second and third
// barriers, to find where the segment began; the group had both numbers
// one tile before (its `a` and `e0`), so it keeps `a` and the tile where
// the segment began (`(a + e0) / T`) in two registers instead. And the
// loop that copies the tile's segment ends to local memory came before
// the batch: its store waited for its read before the batch's loads
// issued, a DRAM round trip a tile; with a hoisted pull it now comes
// after the batch's calls, so that its reads are in flight with the
// batch's gathers. On the H200 (SpMV's power-law rows, one call, seven
// runs each in turn, ms of SpMV's kernels a run; explicit cuSPARSE
// 0.880): both 0.916 (0.914-0.918; the merge kernel 0.887 against 0.895,
// 64 registers against 56), against 0.925 (0.924-0.925); the ends after
// the batch alone 0.928, the registers alone 0.926. A second call, on
// another H200 (cuSPARSE 0.916): both 0.939 against 0.952 (0.975x
// cuSPARSE against 0.962x); tried there and no better: the tile's `e0`
// read at the tile's start too 0.940, the ends' read clamped instead of
// in a branch 0.963, both held to 56 registers
// (`-cl-nv-maxrregcount=56`) 0.944, groups of 64 1.170 and of 256 1.009,
// 6 items a work-item 0.985.

// Note [the merge's loads evict first]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// The merge's streamed reads of the matrix (the hoisted columns and
// values, read once) are `ld.global.L1::no_allocate.L2::cache_hint` with
// a fractional evict-first policy (`createpolicy`) where the compiler is
// NVIDIA's, so that in L2 (50 MB on the H100) they give way to the
// gathered vector (`v`, 56 MB for SpMV's power-law rows), which is read
// again. Measured on an H100 (two calls, each variant and
// main a15f246's binary alternating, medians of 6 and of 13 runs, ms of
// the smvm kernels a call, SpMV's power-law rows; cuSPARSE 1.273 in both):
// main (`ld.global.cs`) 1.350 / 1.349; the evict-first policy with
// `L1::no_allocate` 1.333 / 1.331, with `.cs` 1.330, alone 1.331;
// `L1::no_allocate` alone 1.349 (so the L2 policy is what wins). With
// 8 items a work-item (still 64 registers, 4 groups an SM) 1.327 against
// 1.331 with 7: `merge_items` takes 8 again. In `primitives.py` in the
// same call: 0.961× explicit cuSPARSE against main's 0.946× (uniform rows
// 1.062× both, banded 1.326× against 1.325×: they do not run the merge).
// Tried and slower or no better, in the first call: loads of `v` by
// `ld.global.nc` 1.350; `ld.global.nc.L1::no_allocate` 1.774;
// `ld.global.nc` or `ld.global` with an evict-last policy 1.334 (no better
// than evict-first on the matrix, and 1.335 with both); 8 items with
// `v` by `ld.global.nc` and evict-last 1.456 (72 registers). A cache
// policy needs sm_80 (Ampere) or newer and NVIDIA's OpenCL C names no
// architecture to test, so the runtime defines `NESSIE_NV_SM` from the
// device's compute capability (note [architecture define] in
// `runtime::cl::program`); below sm_80, or where it is not defined, the
// reads are `ld.global.cs` as before.
//
// The tile's segment ends (the offsets `offsets[r + 1]` of the loop that
// copies them to local memory, read once: 56 MB a call, as much as the
// results) are read the same way, which keeps another 56 MB from pushing
// `v` out of L2; the single read of `offsets` a tile (`e0`, the same
// address for the whole group) is plain. Measured
// on an H100 (one call, main dcbcb24's binary alternating with each
// variant, medians of 13 runs, ms of the merge kernel / of the smvm
// kernels a call, SpMV's power-law rows; cuSPARSE 1.272, `take(v, cols)`
// 1.202): main 1.264 / 1.327 (0.959x cuSPARSE); the streamed ends 1.260 /
// 1.322 (0.962x; every run of the 13 below every run of main's, which
// spread 1.264 to 1.265), and the binary with the ends plain again 1.264
// / 1.326. The results' stores (8 bytes a row, 56 MB a call, allocated in
// L2 by a plain store) were tried streamed too, through a hook in
// `Generator::write` that only the merge set: `st.global.cs` 1.264 alone
// and 1.260 with the streamed ends (no gain); `st.global.L2::cache_hint`
// with the fractional evict-first policy 1.266 alone and 1.262 with the
// ends (slower, perhaps because a row's 8 bytes fill a quarter of a
// 32-byte sector, and a sector evicted before its neighbours are written
// costs DRAM a partial write). Registers stayed 64 in every variant.
// The stores stay plain and the hook went.

use lift_ir::address_space::AddressSpace;
use lift_ir::arith::{ArithExpr, Range, Var};
use lift_ir::ir::{Expr, Fun, MergeTiles, Type};
use lift_ir::memory::AllocKind;

use super::seg_reduce::{Reduction, SegInputs, asm_load};
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
        let epoch = super::lookback_epoch(&arena);
        let [status, t, s, n] = ["status", "t", "segs", "n"].map(|x| self.fresh(x));
        let front = lift_ir::lookback::STATUS_FRONT;
        self.line(format!("volatile __global ulong* {status} = (volatile __global ulong*)({arena} + {front});"));
        self.line(format!("const int {t} = get_local_id(0);"));
        self.line(format!("const long {s} = {count_c};"));
        self.line(format!("const long {n} = {s} > 0 ? {offsets}[{s} - 1] + {lengths}[{s} - 1] : 0;"));
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
        let cx = MergeCx {
            out: &out,
            count: &count,
            offsets: &offsets,
            vals: &vals,
            ends: &ends,
            status: &status,
            t: &t,
            s: &s,
            n: &n,
            tiles: &tiles_c,
            splits: &splits,
            arena: &arena,
            epoch: &epoch,
            l,
            v,
            t_len,
            stream: tiles.stream,
        };
        self.merge_tiles(&red, &cx)?;
        Ok(Val::Array(Self::out_view(&out)))
    }

    /// The tile's values in local memory, and its segment ends by `ends`:
    /// work-item `t` pulls its items `t + i·L` (`i < V`, those below `ne`;
    /// the tile holds at most `L·V` values), a loop of a known count,
    /// unrolled, so that the loads of its `V` elements are in flight
    /// together (on the H100, uniform rows of 8: 12 % faster than a loop
    /// to `ne`); the ends first.
    fn tile_values(
        &mut self,
        red: &Reduction<'_>,
        cx: &MergeCx<'_>,
        (ne, j0): (&str, &str),
        ends: &mut dyn FnMut(&mut Self),
    ) -> Result<(), CodegenError> {
        if red.hoisted.is_some() {
            return self.tile_values_hoisted(red, cx, (ne, j0), ends);
        }
        let (t, l, v) = (cx.t, cx.l, cx.v);
        ends(self);
        let (i, kk) = (self.fresh("i"), self.fresh("k"));
        self.line("#pragma unroll");
        self.open(format!("for (int {i} = 0; {i} < {v}; {i}++)"));
        self.line(format!("const int {kk} = {t} + {i} * {l};"));
        self.open(format!("if ({kk} < {ne})"));
        let x = self.call(red.pull, vec![format!("{j0} + {kk}")])?;
        for (name, x) in cx.vals.iter().zip(&x) {
            self.line(format!("{name}[{kk}] = {x};"));
        }
        self.close();
        self.close();
        Ok(())
    }

    /// The tile's values in local memory with a hoisted pull: work-item
    /// `t` loads the hoisted arrays at its items `t + i·L` (`i < V`) all
    /// first, then calls the pull on each, then reads the tile's segment
    /// ends (`ends`, while the batch's loads are in flight: note [the
    /// lagged tile's segment kept]), then stores the values of those
    /// below `ne` (`hoist-element-reads`). An item at or past `ne` loads
    /// and pulls the tile's last element instead, and no call is in a
    /// branch of its own (note [the batch's gathers in flight]).
    fn tile_values_hoisted(
        &mut self,
        red: &Reduction<'_>,
        cx: &MergeCx<'_>,
        (ne, j0): (&str, &str),
        ends: &mut dyn FnMut(&mut Self),
    ) -> Result<(), CodegenError> {
        let Some(h) = red.hoisted.clone() else { return internal("a merge tile without a hoisted pull") };
        let (t, l, v, stream, vals) = (cx.t, cx.l, cx.v, cx.stream, cx.vals);
        let ks: Vec<String> = (0..v).map(|_| self.fresh("k")).collect();
        for (i, k) in ks.iter().enumerate() {
            self.line(format!("const int {k} = {t} + {i} * {l};"));
        }
        let values: Vec<Vec<String>> = ks
            .iter()
            .map(|_| {
                let x: Vec<String> = red.comps.iter().map(|_| self.fresh("x")).collect();
                for ((name, s), i) in x.iter().zip(&red.comps).zip(&red.init) {
                    self.line(format!("{} {name} = {i};", c_type(*s)));
                }
                x
            })
            .collect();
        let fault = self.open_faults(h.pull);
        self.open(format!("if ({ne} > 0)"));
        let mut calls = Vec::with_capacity(ks.len());
        for k in &ks {
            let position = format!("{j0} + min({k}, {ne} - 1)");
            let mut args = vec![position.clone()];
            for &a in &h.arrays {
                let x = self.fresh("at");
                self.hoisted_load(a, &x, &position, stream)?;
                args.push(x);
            }
            calls.push(args);
        }
        for (x, args) in values.iter().zip(calls) {
            if merge_probe("nogather") && x.len() == 1 && args.len() > 1 {
                // Measurement only: the last hoisted element as the value.
                let last = args.last().cloned().unwrap_or_default();
                self.line(format!("{} = ({}){last};", x[0], c_type(red.comps[0])));
            } else {
                let r = self.call(h.pull, args)?;
                self.assign(x, &r);
            }
        }
        self.close();
        self.report_faults(fault);
        ends(self);
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

/// The inline PTX of a streamed element read of PTX type `ty`, `%0` from
/// `[%1]`: not kept in L1, and first to go from L2 (a fractional cache
/// policy of evict-first), so that the gathered vector stays there (note
/// [the merge's loads evict first]).
fn stream_load(ty: &str) -> String {
    format!(
        "{{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; \
         ld.global.L1::no_allocate.L2::cache_hint.{ty} %0, [%1], pol; }}"
    )
}

/// What combining carries needs.
struct Merge<'m> {
    red: &'m Reduction<'m>,
    vals: &'m [String],
    ends: &'m str,
    tile: i64,
}

/// What the merge's loop over tiles needs from its prelude (C names).
struct MergeCx<'c> {
    out: &'c Out,
    count: &'c ArithExpr,
    offsets: &'c str,
    vals: &'c [String],
    ends: &'c str,
    status: &'c str,
    t: &'c str,
    s: &'c str,
    n: &'c str,
    tiles: &'c str,
    splits: &'c str,
    arena: &'c str,
    epoch: &'c str,
    l: i64,
    v: i64,
    t_len: i64,
    stream: bool,
}

impl Generator<'_> {
    /// Work-item 0 takes a tile ticket into `ends[slot]` (the number of
    /// tiles once none is left). The group that takes the launch's last
    /// ticket (each group takes tickets until one fails: `tiles + groups`
    /// in all) gives back the `tiles` tickets beyond one a group, so that
    /// the host's ticket base stays right.
    fn take_tile(&mut self, cx: &MergeCx<'_>, slot: &str) {
        let raw = self.fresh("raw");
        let (arena, tiles, ends) = (cx.arena, cx.tiles, cx.ends);
        self.line(format!("const uint {raw} = {};", super::arena_ticket(arena)));
        self.line(super::give_back_tickets(arena, &raw, tiles));
        self.line(format!("{ends}[{slot}] = (int)min((long){raw}, {tiles});"));
    }

    /// `dest = array[index]` for hoisted array `a`, `dest` declared of the
    /// array's stored type (a narrowed array's `int`, not the `long` the
    /// pull takes: fewer registers); with `stream`, by [`stream_load`]
    /// where the compiler is NVIDIA's (notes [streaming element reads] in
    /// `lift_ir::seg_reduce`, [the merge's loads evict first]).
    fn hoisted_load(
        &mut self,
        a: flatten::ir::KVar,
        dest: &str,
        index: &str,
        stream: bool,
    ) -> Result<(), CodegenError> {
        let flatten::ir::VarType::Array(elem) = self.lift.flat.var(a).ty else {
            return internal("a hoisted read of an array that is a scalar");
        };
        self.need(super::KernelArg::Array { var: a, written: false });
        let array = self.kvar(a);
        let (ty, ptx) = self.stored_element(a, elem);
        match ptx.filter(|_| stream) {
            Some((pty, constraint)) => {
                self.line(format!("{ty} {dest} = 0;"));
                self.streamed_read(pty, constraint, dest, (&array, index));
            }
            None => self.line(format!("const {ty} {dest} = {array}[{index}];")),
        }
        Ok(())
    }

    /// `dest = array[index]` (`dest` declared, of the array's stored
    /// type) by [`stream_load`] where the compiler is NVIDIA's and the
    /// card has cache policies (sm_80, note [architecture define] in
    /// `runtime::cl::program`), by `ld.global.cs` on older NVIDIA cards
    /// and where the architecture is not defined, and as plain C
    /// elsewhere.
    fn streamed_read(&mut self, pty: &str, constraint: &str, dest: &str, (array, index): (&str, &str)) {
        let address = format!("{array} + ({index})");
        self.line("#if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80");
        self.line(asm_load(&stream_load(pty), constraint, dest, &address));
        self.line("#elif defined(__NV_CL_C_VERSION)");
        self.line(asm_load(&format!("ld.global.cs.{pty} %0, [%1];"), constraint, dest, &address));
        self.line("#else");
        self.line(format!("{dest} = {array}[{index}];"));
        self.line("#endif");
    }

    /// The C type, PTX type and register constraint of an element of the
    /// kernel's global array `name`, where a streamed access has them
    /// (not for `uchar`s, nor for a name that is no array of the kernel):
    /// the merge knows its segment descriptor's arrays by name only.
    fn array_element(&self, name: &str) -> Option<(&'static str, &'static str, &'static str)> {
        let a = flatten::ir::KVar(u32::try_from(self.names.iter().position(|n| n == name)?).ok()?);
        let flatten::ir::VarType::Array(elem) = self.lift.flat.var(a).ty else { return None };
        let (ty, ptx) = self.stored_element(a, elem);
        ptx.map(|(pty, constraint)| (ty, pty, constraint))
    }

    /// The group's loop over tiles (see the module's doc): a tile's
    /// segment `a`, where it began in earlier tiles, is written one tile
    /// later, when the group has merged its next tile, so that its
    /// look-back seldom waits (note [lagged look-back]); a last pass
    /// without a tile writes the group's last one.
    fn merge_tiles(&mut self, red: &Reduction<'_>, cx: &MergeCx<'_>) -> Result<(), CodegenError> {
        let (out, count, offsets, vals, ends, status, t, s, n) =
            (cx.out, cx.count, cx.offsets, cx.vals, cx.ends, cx.status, cx.t, cx.s, cx.n);
        let (tiles, splits, epoch, l, v, t_len) = (cx.tiles, cx.splits, cx.epoch, cx.l, cx.v, cx.t_len);
        let (comps, init, op, acc_ty) = (red.comps.clone(), red.init.clone(), red.op, red.acc_ty.clone());
        let end_of = |r: &str| format!("({r} + 1 < {s} ? {offsets}[{r} + 1] : {n})");
        let slot = t_len.to_string();
        self.open(format!("if ({t} == 0)"));
        self.take_tile(cx, &slot);
        self.close();
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        let [g, lag_g, has_p] = ["g", "lag_g", "has_p"].map(|x| self.fresh(x));
        self.line(format!("long {g} = {ends}[{slot}];"));
        // The previous tile, where its segment `a` waits for its
        // look-back (-1: none); the value of that segment's part in it,
        // kept by the work-item that ended it until the next tile's start.
        self.line(format!("int {lag_g} = -1, {has_p} = 0;"));
        // Its segment `a` and the tile where that segment began, from its
        // own pass (note [the lagged tile's segment kept]).
        let [lag_a, lag_h] = ["lag_a", "lag_h"].map(|x| self.fresh(x));
        self.line(format!("long {lag_a} = 0, {lag_h} = 0;"));
        let pend = self.declare_private(&comps, &init);
        self.open(format!("while ({g} < {tiles} || {lag_g} >= 0)"));
        let [live, a, b, j0, nr, ne, cl] = ["live", "a", "b", "j0", "nr", "ne", "cl"].map(|x| self.fresh(x));
        self.line(format!("const int {live} = {g} < {tiles};"));
        self.line(format!("const long {a} = {live} ? {splits}[{g}] : 0, {b} = {live} ? {splits}[{g} + 1] : 0;"));
        self.line(format!("const long {j0} = {g} * {t_len} - {a};"));
        self.line(format!("const int {nr} = (int)({b} - {a});"));
        self.line(format!("const int {ne} = {live} ? (int)(min(({g} + 1) * {t_len}, {s} + {n}) - {b} - {j0}) : 0;"));
        self.line(format!("const int {cl} = {ne} + {nr};"));

        let slot_p: Vec<String> = vals.iter().map(|name| format!("{name}[{}]", t_len + l)).collect();
        self.open(format!("if ({has_p})"));
        self.assign(&slot_p, &pend);
        self.line(format!("{has_p} = 0;"));
        self.close();
        let ends_elem = self.array_element(offsets).filter(|_| cx.stream);
        let mut tile_ends = |this: &mut Self| {
            let (kk, r) = (this.fresh("k"), this.fresh("r"));
            this.open(format!("for (int {kk} = {t}; {kk} < {nr}; {kk} += {l})"));
            this.line(format!("const long {r} = {a} + {kk};"));
            match ends_elem {
                // The ends, read once, streamed as the tile's values are (note
                // [the merge's loads evict first]).
                Some((ty, pty, constraint)) => {
                    let raw = this.fresh("end");
                    this.line(format!("{ty} {raw} = 0;"));
                    this.open(format!("if ({r} + 1 < {s})"));
                    this.streamed_read(pty, constraint, &raw, (offsets, &format!("{r} + 1")));
                    this.close();
                    this.line(format!("{ends}[{kk}] = (int)(({r} + 1 < {s} ? (long){raw} : {n}) - {j0});"));
                }
                None => this.line(format!("{ends}[{kk}] = (int)({} - {j0});", end_of(&r))),
            }
            this.close();
        };
        self.tile_values(red, cx, (&ne, &j0), &mut tile_ends)?;
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        // This work-item's items of the tile (as in the one-tile merge).
        let [dlo, dhi, lo, hi, ii, jj, head, d, row] =
            ["dlo", "dhi", "lo", "hi", "ii", "jj", "head", "d", "row"].map(|x| self.fresh(x));
        self.line(format!("const int {dlo} = min({t} * {v}, {cl});"));
        self.line(format!("const int {dhi} = min({dlo} + {v}, {cl});"));
        self.line(format!("int {lo} = max({dlo} - {ne}, 0), {hi} = min({dlo}, {nr});"));
        self.lower_bound("int", (&lo, &hi), |m| format!("{ends}[{m}] < {dlo} - {m}"));
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
        self.write(out, &[at], &acc)?;
        self.close();
        self.assign(&acc, &init);
        self.line(format!("{ii}++;"));
        self.indent -= 1;
        self.open("} else");
        let local: Vec<String> = vals.iter().map(|name| format!("{name}[{jj}]")).collect();
        self.fold_value(red, &acc, local)?;
        self.line(format!("{jj}++;"));
        self.close();
        self.close();
        for (name, a) in vals.iter().zip(&acc) {
            self.line(format!("{name}[{t_len} + {t}] = {a};"));
        }
        self.line(format!("{ends}[{t_len} + {t}] = {head} >= 0;"));
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        let merge = Merge { red, vals, ends, tile: t_len };
        self.open(format!("if ({live} && {t} == 0)"));
        let carry_out = self.carries_before(&merge, &l.to_string(), &init)?;
        self.publish_carry_out(status, epoch, &g, &comps, &carry_out);
        self.close();
        let [e0, look] = ["e0", "look"].map(|x| self.fresh(x));
        self.line(format!("const long {e0} = {a} < {s} ? {offsets}[{a}] : {n};"));
        self.line(format!("const int {look} = {a} < {b} && {a} + {e0} < {g} * {t_len};"));
        self.open(format!("if ({head} >= 0)"));
        let before_head = self.carries_before(&merge, t, &init)?;
        let value = self.apply_scalar_fun(
            op,
            vec![(Val::Scalar(before_head), acc_ty.clone()), (Val::Scalar(head_acc.clone()), acc_ty.clone())],
        )?;
        self.open(format!("if ({head} == 0 && {look})"));
        self.assign(&pend, &value);
        self.line(format!("{has_p} = 1;"));
        self.indent -= 1;
        self.open("} else");
        let row = self.fresh("row");
        self.line(format!("const long {row} = {a} + {head};"));
        let at = ArithExpr::var(&Var::new(row, Range::below(count.clone())));
        self.write(out, &[at], &value)?;
        self.close();
        self.close();
        // The previous tile's segment `a`: runs of its tiles' carry-outs.
        let (ap, hp) = (&lag_a, &lag_h);
        let [mtp, perp, x0, x1, x, runs, w] = ["mtp", "perp", "x0", "x1", "x", "runs", "w"].map(|x| self.fresh(x));
        self.line(format!("const long {mtp} = {lag_g} >= 0 ? {lag_g} - {hp} : 0;"));
        self.line(format!("const long {perp} = max(({mtp} + {l} - 1) / {l}, 1L);"));
        self.line(format!(
            "const long {x0} = min({hp} + {t} * {perp}, {hp} + {mtp}), {x1} = min({x0} + {perp}, {hp} + {mtp});"
        ));
        let run = self.declare_private(&comps, &init);
        self.open(format!("for (long {x} = {x0}; {x} < {x1}; {x}++)"));
        let y = self.wait_carry_out(status, epoch, &x, &comps);
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
        self.open(format!("if ({lag_g} >= 0)"));
        let first: Vec<String> = vals.iter().map(|name| format!("{name}[0]")).collect();
        let c = self.declare_private(&comps, &first);
        self.line(format!("const long {runs} = ({mtp} + {perp} - 1) / {perp};"));
        self.open(format!("for (long {w} = 1; {w} < {runs}; {w}++)"));
        let next: Vec<String> = vals.iter().map(|name| format!("{name}[{w}]")).collect();
        self.fold_value(red, &c, next)?;
        self.close();
        let value = self.apply_scalar_fun(
            op,
            vec![(Val::Scalar(c), acc_ty.clone()), (Val::Scalar(slot_p.clone()), acc_ty.clone())],
        )?;
        let at = ArithExpr::var(&Var::new(ap.to_string(), Range::below(count.clone())));
        self.write(out, &[at], &value)?;
        self.close();
        self.open(format!("if ({live})"));
        self.take_tile(cx, &slot);
        self.indent -= 1;
        self.open("} else");
        self.line(format!("{ends}[{slot}] = (int){tiles};"));
        self.close();
        self.close();
        self.line(format!("{lag_g} = {look} ? (int){g} : -1;"));
        self.open(format!("if ({look})"));
        self.line(format!("{lag_a} = {a};"));
        self.line(format!("{lag_h} = ({a} + {e0}) / {t_len};"));
        self.close();
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.line(format!("{g} = {ends}[{slot}];"));
        self.close();
        Ok(())
    }
}
