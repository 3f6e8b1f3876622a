//! The lowerings of a segmented reduction: for an accumulator of one or
//! two components both `segReduce-teams` and `segReduce-merge`, the
//! device choosing one when the kernel runs (`segReduce-by-shape`, unless
//! [`Config::seg_reduce`] forces one or asks for `segReduce-binned`),
//! `segReduce-teams` for wider ones.
//!
//! `segReduce-by-shape`: where a team of `W` lanes is the whole group
//! (`W = L`, segments of a group's worth of elements, where merge gives a
//! long segment one group too; the host knows it from the sizes) teams
//! runs alone. Elsewhere teams runs first and gives up where a segment
//! is long, and merge runs after it only where it gave up (note [teams
//! give up]).
//!
//! Note [teams give up]
//! --------------------
//! The host cannot tell even segments from uneven ones (SpMV's rows of 8
//! and its power-law rows both average 8.5), and a read-back would cost a
//! wait per call (quickhull's recursion 99 waits instead of 79). Teams is
//! the faster on even segments (it reads each segment's offset once and
//! stages no tile), merge balances uneven ones. The teams' stage
//! ([`GiveUp`]) is launched without a guard; a team whose segment has
//! more than `TEAM_STEPS·B·W` elements (`TEAM_STEPS` batches of `B` a
//! lane, `hoist-element-reads`) writes nothing, sets a kernel counter,
//! the flag (`atomic_max` of 1; counters are zeroed before the kernel's
//! first stage), and the groups stop: work-item 0 reads the flag
//! (volatile) at the start of each step and leaves it in local memory
//! before the step's barrier, the group reads it after the barrier and
//! leaves the loop together at the next step (a group's first step reads
//! it before a barrier at the kernel's start, so that the groups that
//! start after the flag is set return at once). Merge's splits and
//! reduction run under the device guard `flag > 0` and write every
//! segment. The flag depends on the lengths alone: the kernel's result is
//! teams' where no segment is long, merge's elsewhere, whatever the
//! timing. Before, a reduction of the lengths by `max` (two launches,
//! 0.026 ms on 4M rows on the H100) decided both guards, and teams under
//! its guard returned at once on uneven rows; now uneven rows pay teams'
//! groups up to their first step after the flag (one long row among
//! 64 teams' first rows is the common case on power-law rows) and even
//! ones the volatile read a step, which overlaps the step's loads. The
//! teams' kernels no longer zero the group's long counts nor take the
//! barrier before the loop where no segment is left to the group. On the
//! H100 in one run (`primitives.py spmv`, main's binary alternating, two
//! runs each; explicit cuSPARSE batched 0.506 / 0.181 / 1.278 ms):
//! uniform rows of 8 0.535 ms of kernels (main 0.577; teams 0.518 against
//! 0.532, the longest's two launches 0.027 gone; 0.946× cuSPARSE, main
//! 0.877×), banded rows of 5 0.144 ms (0.168; 1.26×, main 1.08×),
//! power-law rows 1.425 ms (1.442; teams giving up 0.044 ms against the
//! guarded teams' 0.018 and the longest's 0.037; merge 1.363 ms
//! unchanged; 0.897×, main 0.886×). A second run (cuSPARSE 0.494 /
//! 0.180 / 1.277 ms) gave 0.921× / 1.25× / 0.895× against main's 0.864×
//! / 1.09× / 0.889×; there, a cap of 8192 guarded groups
//! (`NESSIE_SEG_GROUPS`) instead of 16384 took teams giving up on
//! power-law rows to 0.031 ms but merge to 1.42 ms (0.868×) and rows of 8
//! to 0.915×, and 4096 rows of 8 to 0.816× (teams 0.60 ms): the cap
//! stays.
//!
//! Segments short on average (`n < SHORT_SEGMENT · #segments`, known to
//! the host) take a second teams' stage with batches of their own
//! (`Config::seg_short_batch`, by default 4, twice `B`'s: a work-item per
//! row of 5) and plain loads, the host launching one of the two
//! and the bound of giving up being that stage's; and a segment within
//! the bound is no longer than `LONG_STEPS` batches a lane, so these narrow
//! teams' kernels have no code for a segment left to the group
//! ([`Teams::group_long`]). On the H200 in one run (`primitives.py spmv`,
//! explicit cuSPARSE): 4M banded rows of 5 0.186 → 0.142 ms of kernels
//! (teams 0.148 → 0.104; 0.795× → 1.046× cuSPARSE), 4M rows of 8 0.437
//! → 0.427 ms (teams 0.399 → 0.389; 0.824× → 0.843×), 7M power-law rows
//! unchanged (1.119 / 1.121 ms, merge, 0.76×).
//!
//! Note [warp teams]
//! -----------------
//! The teams' stages of `segReduce-by-shape` that give up took a barrier
//! every step: the lanes' values went through local memory to the team's
//! lane 0, and work-item 0 left the flag there for the group to leave the
//! loop together (a group of 256 waiting each step for its slowest warp,
//! and the next step's loads not issued before it). A team of at most
//! [`WARP_LANES`] lanes lies in one NVIDIA warp, so where the device
//! compiler is NVIDIA's (`__NV_CL_C_VERSION`, defined by its OpenCL C
//! compiler, tested when the program is built, not guessed by the host)
//! `segReduce-warp-teams` (`Teams::warp`) combines the lanes by
//! `shfl.sync.down` (inline PTX; lane `j` takes lane `j + h`'s value for
//! `h = 1, 2, 4, ...` where `j` is a multiple of `2h`: the tree of
//! [`TeamOrder::tree`], in its order) and each warp reads the flag at the
//! start of a step, takes lane 0's reading (`shfl.sync.idx`, so the warp
//! stays together) and leaves the loop at the next step where it is set:
//! no barrier and no local memory in the loop. Elsewhere (PoCL) the same
//! kernel keeps the local-memory tree and the group's flag. The host
//! launches the warp stage where the team is at most [`WARP_LANES`] wide
//! (the barriers' stage where it is wider), and only where no segment is
//! left to the group (`Teams::group_long` false: a group's fold needs
//! barriers); short segments' teams are capped at [`WARP_LANES`] lanes.
//! The values are those of the barriers' stage, in the same order; the
//! flag depends on the lengths alone, as before.
//!
//! It is not faster, so it is off by default ([`SEG_WARP_STEPS`] 0;
//! `NESSIE_SEG_WARP=k` turns it on, each warp reading the flag every `k`
//! steps). On the H100 (`primitives.py spmv`, main's binary in the same
//! runs; teams' kernel per call, explicit cuSPARSE 0.501 / 0.181 / 1.278
//! ms): 4M rows of 8 (teams of 4) 0.555 ms against main's 0.506, and with
//! batches of 1 / 4 / 8 (teams of 8 / 2 / 1) 0.650 / 0.609 / 0.719;
//! banded rows of 5 (a work-item a row, no shuffle) 0.133 against 0.131;
//! power-law rows giving up 0.057 against 0.044. A second run, the flag
//! read every 4 or 64 steps (on rows of 8 at most once a warp): rows of
//! 8 0.524 / 0.520 ms against 0.505, banded 0.135 / 0.136 against 0.127,
//! power-law 0.063 / 0.072 against 0.044. So the flag's reads were not
//! the cost, and the barrier a step was not what held the teams back.
//!
//! Note [streaming element reads]
//! ------------------------------
//! SpMV's pull reads each element's column and value once and gathers
//! `v[column]`, 8 of its bytes in a 32-byte sector, from a vector (32 MB
//! for 4M rows) that only stays in the H100's L2 (50 MB, in two halves)
//! if the 400 MB of elements streaming past do not evict it. So where
//! the device compiler is NVIDIA's (`__NV_CL_C_VERSION`), the teams'
//! hoisted element reads (`hoist-element-reads`) are `ld.global.cs`
//! (inline PTX: cache streaming, evicted first from L1 and L2) in the
//! teams' stage of `segReduce-by-shape` in batches of `B`
//! (`stream-element-reads`, [`Teams::stream`]), plain loads elsewhere.
//! On the H100 in one run (main's binary twice in the same run, explicit
//! cuSPARSE 0.505 / 0.179 / 1.274 ms): 4M rows of 8 0.464 / 0.466 ms of
//! teams' kernel against 0.505 / 0.505 (whole kernels 0.481 / 0.483 ms,
//! 1.049× / 1.045× cuSPARSE, main 0.967× / 0.963×); power-law rows
//! unchanged (0.045 / 0.044 ms giving up against 0.044 / 0.043). On
//! banded rows of 5 the short segments' stage (a work-item a row, whose
//! neighbours' loads share lines that L1 must keep) took 0.146 / 0.148
//! ms against 0.127 with streaming reads, so that stage and the other
//! teams' stages (the whole group's, binned, teams alone: not measured)
//! keep plain loads; `NESSIE_SEG_STREAM=0` turns it off. The values are
//! the same loads'. `segReduce-merge`'s tile reads stream too
//! ([`MergeTiles::stream`]): on power-law rows 1.288 ms of merge kernel
//! against 1.329 (note [lagged look-back]).
//!
//! `segReduce-binned` ([`SegReduce::Binned`], `NESSIE_SEG_REDUCE=binned`):
//! no longest and no launch that returns at once. Where the team is
//! narrower than the group, the teams' stage (batches of `B`, or the
//! short batch for short segments, as above) appends every segment of
//! more than `TEAM_STEPS` batches a lane to a list (an `atomic_inc` of a kernel
//! counter, zeroed by a fill before the kernel) and a second stage of at
//! most [`SEG_LIST_GROUPS`] groups of [`Config::seg_list_group`]
//! work-items reduces each listed segment with a whole group
//! ([`LongList`]); where the team is the group, teams with the chunks'
//! partials as by shape. On the H200 in the same run: rows of 8 0.390 ms
//! (0.923× cuSPARSE; teams 0.384, the empty list's stage 0.006), banded
//! rows 0.110 ms (1.352×), but power-law rows 1.635 ms (0.522×: the teams'
//! stage 0.819 ms on the rows of at most 32, whose teams wait in each step
//! for the longest of the group's 64; the served rows 0.816 ms, groups of
//! 256 0.928): merge's balance wins there, and the host cannot tell the
//! shapes apart (rows of 8 and power-law rows both average 8.5), so by
//! shape stays the default. The chunks' stage, which would keep a listed
//! segment of millions from one group, cost 0.058 / 0.036 / 0.097 ms on
//! the three shapes when launched everywhere: it runs only where the team
//! is the group, and a listed huge segment gets one serving group (as
//! merge gives a long carry-in one group).
//!
//! `segReduce-long-chunks` (every lowering of an accumulator of scalars,
//! `lower_long_chunks`): a segment of `m` elements that one work-group
//! folds (teams as wide as the group, a team's long segment, a merge
//! tile's carry-in) would take `m / L` loads a work-item from one group;
//! quickhull's first levels have one or two segments of 5M elements,
//! which took one group each (on the H100 `hsplit_fused_6_extreme` 15.8
//! ms for 2 launches, 10 GB/s). So a stage before the reduction,
//! ```text
//! segReduceChunks(op, chunk = K, chunks = ⌊n / K⌋ + 1, groups)(z, segments(pull)(offsets, lengths))
//! ```
//! cuts the flat elements into aligned chunks of `K = L·LONG_CHUNK_ITEMS`
//! (8192) and gives each a work-group (striding, at most `max_groups`):
//! chunk `c`'s partial is the fold, in the group's order, of its part of
//! the segment of its last element, from `max(c·K, start)` to `(c + 1)·K`,
//! where that segment is two chunks long at least ([`chunk_piece`]), `z`
//! elsewhere. A run of two chunks or more (a segment's first `m ≥ 2K`
//! elements, [`LongRun`]) is then folded by its group as the partials of
//! the chunks it ends (`⌊(start + m) / K⌋ - ⌊start / K⌋` of them, strided
//! or chunked over the group's work-items, then the tree) `op` the
//! group's fold of the elements after the last chunk boundary (fewer than
//! `K`): left to right, for any associative operator. The stage runs where
//! the host sees two chunks of elements and, by shape, a team as wide as
//! the group (`when`); no size is read back.
//!
//! The partials' fold costs the kernel that has it even where it never
//! runs (on the H100, one run: SpMV's teams kernel on banded rows 0.178 →
//! 0.195 ms, the merge kernel on power-law rows 1.461 → 1.540 ms; a first
//! version that folded a head, the partials and a tail as three runs,
//! inlining the pull twice more, 0.229 and 1.866 ms), and so do the
//! launches that return at once: a second merge under `longest ≥ 2K`
//! after one that left such carry-ins out, and the chunks' stage under a
//! device guard, took SpMV on the H100 (one run, explicit cuSPARSE as the
//! baseline) from 0.802 / 0.803 / 0.837× to 0.791 / 0.744 / 0.786× on
//! uniform / banded / power-law rows. So by shape the chunks are for the
//! shape whose segments are long on average, known to the host: where the
//! team is the group, the chunks' stage and teams with the partials' fold
//! run; where it is narrower, teams without the fold and merge without it
//! (its carry-ins folded by their group, as before the chunks), the longest
//! choosing between them. SpMV's rows run exactly the kernels and launches
//! they ran before the chunks; a segment of millions among many short
//! ones (a team narrower than the group) still gives its carry-in one
//! group. On the H100, quickhull of 10^7 points in one run: 46.9 ms by
//! `time` on main, 18.8 ms with the chunks (kernels 29.8 → 5.2 ms;
//! `hsplit_fused_6_extreme` 15.8 ms → 0.027 ms plus its chunks' 0.161
//! ms, `hsplit_fused_15_extreme` 9.1 → 0.092 ms plus 0.093 ms): its huge
//! segments are a team as wide as the group.
//!
//! `segReduce-merge` balances segments and elements together, whatever the
//! segment lengths (Merrill & Garland's merge-path split, 2016):
//! ```text
//! segReduceMerge(op, groups = T, L, items = V, tiles = T, splits = s, status = c)(z, segments(pull)(offsets, lengths))
//! ```
//! in two launches. The merge of the `S` segments' ends with the `n`
//! elements (a segment's end after its elements, `S + n` items) is cut
//! into `T = ⌈(S + n) / (L·V)⌉` tiles; the first launch writes each tile's
//! split (`s[g]`, the segment ends before diagonal `g·L·V`, by a binary
//! search of the offsets, one work-item per tile: `split_thunk`), and
//! in the second at most `Config::merge_groups` work-groups take tiles by
//! ticket until none is left (note [lagged look-back]); tile `g` holds the
//! ends of segments `s[g] .. s[g + 1]` and the elements between. The tile's items
//! go through local memory: its segment ends and its elements' values
//! (`pull`, coalesced), then work-item `t` merges items `t·V ..` of the
//! tile in a private accumulator. A segment inside one work-item's items
//! is written by it; the pieces of a segment that crosses work-items are
//! combined left to right (the work-items' carries after a barrier, the
//! tile's carry-in), so any associative operator gets its elements in
//! order ([`merge_pieces`] gives the exact combination, for the
//! evaluators). A segment that crosses tiles gets the carry-outs of the
//! tiles before the one it ends in, by look-back in the status records
//! `c` (note [merge carries]): every element is read and pulled once,
//! one huge segment costs its last tile a look-back over its tiles'
//! carry-outs, and power-law rows keep the merge's balance. Positions
//! inside a tile are 32-bit ints (below `L·V`); the descriptor's offsets
//! are read as the int64 arrays they are, `offsets` once per segment and
//! `lengths` only at the last (`n`). A 32-bit copy of the offsets would
//! save 4 of the 144 bytes a row of 8 moves (SpMV, 64-bit columns), and
//! making it costs more than that each call: the descriptor, built by the
//! flattener as NESL ints, is read as it is.
//!
//! `hoist-element-reads` (both lowerings, `hoist_element_reads`): the
//! pull of a nested sequence's element reads its columns at the
//! element's position `p` and may check something first: SpMV's pull
//! `(i, x) ↦ x · v[i]` reads `i = cols[p]`, checks `0 ≤ i < #v` (a branch
//! that may write the error flag) and reads `vals[p]` and `v[i]`. Called
//! one element at a time, each check waits for its element's loads and
//! the next element's loads wait for the check (the flag may alias any
//! array, and the GPU does not speculate past a branch): a memory
//! latency per element per work-item. The rule takes the reads at `p` of
//! arrays that are in bounds at every `p < n` out of the pull into
//! parameters of a second pull, and records it with the reduction
//! ([`HoistedPull`]); the kernel loads the columns of a batch of
//! elements (`Config::seg_batch` a lane, or a merge tile's items) before
//! it calls the second pull on any, and folds the values in the order
//! it always did. The team width is then chosen so that a lane gets one
//! batch of an average segment (4M rows of 8: teams of 4, each lane one
//! batch of 2). On the H100 (SpMV, one run, [`SEG_BATCH`] chosen from
//! it): the teams kernel on 4M rows of 8 0.574 ms (main's 0.597), on 4M
//! banded rows of 5 0.178 ms (0.227; batches of 4, teams of 1: 0.159),
//! the merge kernel on 7M power-law rows 1.458 ms (1.681). What is left
//! on uneven rows is the vector's gathers. The backend no longer lets a
//! check order them (the pull keeps a failed check in a private record
//! that the kernel reports after the batch, and runs straight through:
//! note [deferred faults] in `opencl-backend`'s `codegen::seg_reduce`):
//! on the H100 teams 2 % faster on rows of 8 and of 5, merge on
//! power-law rows unchanged, so the gathers' order was not merge's cost.
//!
//! `segReduce-teams`: a segmented reduction in one launch, a team of
//! work-items per segment, the team's width chosen when the kernel runs
//! from the average segment length.
//!
//! `SEG_REDUCE pull z op <lengths, offsets>` is, in high-level Lift
//! (`segReduce-segments`, [`crate::lower`]):
//! ```text
//! join o map(λ seg. reduce(op)(z, seg)) $ segments(pull)(offsets, lengths)
//! ```
//! and the rule rewrites it to
//! ```text
//! segReduceTeams(op, lanes = W, groups = G, L, strided | chunked)(z, segments(pull)(offsets, lengths))
//! ```
//! which means (see [`crate::ir::Teams`]), for work-groups of `L`
//! work-items split into `L / W` teams of `W` lanes:
//! ```text
//! join o mapWrg(0)(join o mapLcl(teams)(λ seg.
//!     toGlobal(id) o teamTree(op) o toLocal(mapLcl(lanes)(mapSeq(id) o reduceSeq(op)(z)))
//!       o split(⌈len/W⌉) o gather(reorderStride(⌈len/W⌉)) o pad(W·⌈len/W⌉, z) $ seg))
//!   o split(L / W) $ segments(pull)(offsets, lengths)
//! ```
//! (the `mapWrg` striding over the segments with `G` groups): the
//! reduction of one segment by the work-group tree of
//! `partRed-workgroup-tree`, one team per segment instead of one
//! work-group per array. Lane `j` reads elements `j, j + W, ...` of its
//! segment, so a team's reads of a step are one contiguous run
//! (`reorder-commutative`: only for a commutative operator; otherwise lane
//! `j` reduces the `j`-th contiguous chunk), into a private accumulator;
//! the team combines its `W` values by a tree in local memory, keeping
//! their order, and lane 0 writes the segment's value. An empty segment
//! gives `z`. A segment longer than `LONG_STEPS · W` (a long row among
//! short ones) would keep its group waiting on one team: the group
//! reduces it with all its `L` work-items instead, after the teams. The team width varies with the data, so the tree's depth
//! and the teams' share of the local array are known only when the kernel
//! runs: the pattern is one node of low-level Lift that the backend
//! prints directly, as it does the other OpenCL patterns.
//!
//! The sizes, expressions the host evaluates before the launch:
//! - `W = min(L, 2^⌊log2 max(1, ⌊3·n / (2·B·#segments)⌋)⌋)`, the power
//!   of two nearest the average segment length (`n` elements) over the
//!   batch `B`: a lane reads about one batch of an average segment per
//!   step; a long segment takes its team `len / W` elements while the
//!   other teams move on.
//! - `G = max(1, min(16 · max_groups, ⌈#segments · W / L⌉))`: a team per
//!   segment, up to 16 times a reduction's groups, striding beyond.
//!
//! `n` is what the sizes already know when they can: the length of an
//! array the pull thunk reads at the element's position (the values of a
//! nested sequence, whose length is the segment descriptor's element
//! count). Only where the pull reads no such array is `n` computed on the
//! device (`ONCE`, the end of the last segment) and read back.

use flatten::ir::{BinaryOp, GExpr, KVar, Scalar, Thunk, VarType};

use crate::arith::{ArithExpr, Range};

use crate::ir::{
    DeviceGuard, Expr, Fun, GiveUp, GiveUpSplits, HoistedPull, LiftKernel, LongChunks, LongList, LongPartials,
    MergeTiles, SizeDef, Stage, Teams, UserFunDef, UserFunId,
};
use crate::lower::Unsupported;
use crate::rules::{Config, SegReduce};

/// A segment whose team would take more steps than this is reduced by
/// the whole work-group instead (a power-law row among short ones).
pub const LONG_STEPS: i64 = 32;

/// A team at most this wide combines its lanes' values by its lane 0
/// alone, in the order of [`TeamOrder`]'s tree, after one barrier (the
/// step's values in one half of a local array twice the group, the next
/// step's in the other); a wider one by the tree of all its lanes, a
/// barrier a level. On rows of 8 (teams of 4) that is one barrier a step
/// instead of three: on the H200 in one run, SpMV's teams kernel on 4M
/// rows of 8 0.387 ms (0.396 with the tree of all lanes), on banded rows
/// of 5 (teams of 2) 0.134 ms (0.146).
pub const SERIAL_TREE_LANES: i64 = 8;

/// The default [`Config::seg_stream_loads`] (note [streaming element
/// reads]).
pub const SEG_STREAM_LOADS: bool = true;

/// The default [`Config::seg_warp_steps`]: `segReduce-warp-teams` off
/// (note [warp teams]).
pub const SEG_WARP_STEPS: i64 = 0;

/// The widest team of `segReduce-warp-teams` (note [warp teams]): an
/// NVIDIA warp, in which a team of a power of two lanes, aligned in the
/// group, lies whole.
pub const WARP_LANES: i64 = 32;

/// The most work-groups of a segmented reduction, in units of a
/// reduction's [`Config::max_groups`].
pub const GROUPS_PER_REDUCE_GROUP: i64 = 16;

/// Which elements of a segment each lane of a team reduces, and the order
/// in which the team combines its lanes' values (shared by the evaluators
/// and the backend's C, so that they combine in one order).
#[derive(Clone, Debug)]
pub struct TeamOrder {
    len: usize,
    lanes: usize,
    strided: bool,
}

impl TeamOrder {
    /// A segment of `len` elements reduced by a team of `lanes` lanes (a
    /// power of two) in a group of `group_size`, or by the whole group
    /// when it is long ([`TeamOrder::is_long`]).
    pub fn new(len: usize, lanes: i64, group_size: i64, strided: bool) -> Result<TeamOrder, String> {
        if lanes < 1 || lanes & (lanes - 1) != 0 || group_size % lanes != 0 {
            return Err(format!("a team of {lanes} lanes in a group of {group_size}"));
        }
        let lanes = if Self::is_long(len, lanes, group_size) { group_size } else { lanes };
        Ok(TeamOrder { len, lanes: lanes as usize, strided })
    }

    /// A segment of `len` elements reduced by its team of `lanes` however
    /// long (a stage whose guard keeps long segments out,
    /// [`Teams::group_long`] false).
    pub fn in_team(len: usize, lanes: i64, group_size: i64, strided: bool) -> Result<TeamOrder, String> {
        TeamOrder::new(0, lanes, group_size, strided).map(|order| TeamOrder { len, ..order })
    }

    /// Whether a segment of `len` elements is left to the whole group: its
    /// team is narrower than the group and would take more than
    /// [`LONG_STEPS`] steps.
    pub fn is_long(len: usize, lanes: i64, group_size: i64) -> bool {
        lanes < group_size && len as i64 > LONG_STEPS * lanes
    }

    pub fn lanes(&self) -> usize {
        self.lanes
    }

    /// The positions lane `lane` reduces, in order: `lane, lane + W, ...`
    /// (strided) or its chunk of `⌈len / W⌉` (chunked).
    pub fn elements(&self, lane: usize) -> Box<dyn Iterator<Item = usize>> {
        if self.strided {
            Box::new((lane..self.len).step_by(self.lanes))
        } else {
            let chunk = self.len.div_ceil(self.lanes);
            let lo = (lane * chunk).min(self.len);
            Box::new(lo..(lo + chunk).min(self.len))
        }
    }

    /// The tree's steps, in order: `(j, j + h)` means lane `j`'s value
    /// becomes `value[j] op value[j + h]`, for `h = 1, 2, 4, ...` and `j`
    /// a multiple of `2h`; lane 0 ends with the combination of all, in
    /// lane order.
    pub fn tree(&self) -> Vec<(usize, usize)> {
        let mut steps = Vec::new();
        let mut h = 1;
        while h < self.lanes {
            steps.extend((0..self.lanes).step_by(2 * h).map(|j| (j, j + h)));
            h *= 2;
        }
        steps
    }
}

/// How `segReduceTeams` reduces one segment (shared by the evaluators).
#[derive(Clone, Debug)]
pub enum TeamsFold {
    /// Its elements in this order (a team's, or its group's).
    Order(TeamOrder),
    /// A long run with chunk partials, by a group of this many work-items.
    Run(LongRun, i64),
    /// Not written by this stage (`segReduce-binned`'s serving stage, a
    /// segment not listed): the teams' stage's value stays.
    Held,
}

/// How the stage of `teams` reduces the segment of `len` elements from
/// flat position `start`, `lanes` and `bound` the values of its sizes
/// (`bound` that of its list's, if any).
pub fn teams_fold(teams: &Teams, start: usize, len: usize, lanes: i64, bound: i64) -> Result<TeamsFold, String> {
    if let Some(list) = &teams.list {
        if !LongList::is_listed(len, bound) {
            if list.serves {
                return Ok(TeamsFold::Held);
            }
            return Ok(TeamsFold::Order(TeamOrder::new(len, lanes, teams.group_size, teams.strided)?));
        }
        // A listed segment: by a serving group. The teams' stage leaves it
        // to the serving stage, which follows it in the same launches;
        // the evaluators give it its value already there (the serving
        // stage's, the same whichever writes it), so that a stage's
        // result has no hole before the kernel's end.
        let group = list.group_size;
        return Ok(match LongRun::new(start, len, list.long.as_ref()) {
            Some(run) => TeamsFold::Run(run, group),
            None => TeamsFold::Order(TeamOrder::new(len, group, group, teams.strided)?),
        });
    }
    Ok(match LongRun::new(start, len, teams.long.as_ref()) {
        Some(run) => TeamsFold::Run(run, teams.group_size),
        None if !teams.group_long => TeamsFold::Order(TeamOrder::in_team(len, lanes, teams.group_size, teams.strided)?),
        None => TeamsFold::Order(TeamOrder::new(len, lanes, teams.group_size, teams.strided)?),
    })
}

/// The arrays a stage writes besides its results: a `segReduce-binned`
/// list and its counter.
pub fn side_outputs(e: &Expr) -> Vec<KVar> {
    let mut out = Vec::new();
    if let Expr::Apply(f, args) = e {
        if let Fun::SegReduceTeams(_, Teams { list: Some(list), .. }) = f
            && !list.serves
        {
            out.extend([list.counter, list.ids]);
        }
        if let Fun::SegReduceTeams(_, Teams { gives_up: Some(g), .. }) = f {
            out.push(g.flag);
            out.extend(g.splits.as_ref().map(|s| s.splits));
        }
        for a in args {
            out.extend(side_outputs(a));
        }
    }
    out
}

/// Whether `stage` is a teams' stage that gave up (note [teams give up]),
/// `set` telling whether a flag is set after it ran: its values are then
/// none of the kernel's (the evaluators discard them, as the kernel
/// leaves them unwritten).
pub fn gave_up(stage: &Stage, set: impl Fn(KVar) -> bool) -> bool {
    matches!(&stage.body, Expr::Apply(Fun::SegReduceTeams(_, Teams { gives_up: Some(g), .. }), _) if set(g.flag))
}

/// A part of a segment that `segReduceMerge` folds on its own (positions
/// in the segment): see [`merge_pieces`].
#[derive(Clone, Debug, PartialEq)]
pub enum MergePiece {
    /// These elements folded from the neutral element, in order.
    Elements(std::ops::Range<usize>),
    /// The pieces' values combined left to right, the first piece's value
    /// itself first: a tile's carry-out, or a carry-in made of them.
    Fold(Vec<MergePiece>),
}

/// One step of [`fold_merge_pieces`]: fold a range of the segment's
/// elements from the neutral element, or combine two values.
pub enum MergeStep<V> {
    Elements(std::ops::Range<usize>),
    Combine(V, V),
}

/// The value of `pieces` combined left to right (`((p0 op p1) op p2)
/// ...`, `p0` the first piece's value itself), `step` doing each fold and
/// combination: how both evaluators read [`merge_pieces`]. `None` for no
/// piece.
pub fn fold_merge_pieces<V, E>(
    pieces: &[MergePiece],
    step: &mut impl FnMut(MergeStep<V>) -> Result<V, E>,
) -> Result<Option<V>, E> {
    let mut value = None;
    for piece in pieces {
        let v = match piece {
            MergePiece::Elements(range) => step(MergeStep::Elements(range.clone()))?,
            MergePiece::Fold(list) => match fold_merge_pieces(list, step)? {
                Some(v) => v,
                None => continue,
            },
        };
        value = Some(match value {
            None => v,
            Some(acc) => step(MergeStep::Combine(acc, v))?,
        });
    }
    Ok(value)
}

// Note [merge carries]
// ~~~~~~~~~~~~~~~~~~~~
// A tile of `segReduceMerge` holds the items of diagonals `g·T ..
// (g + 1)·T` of the merge (`T = L·V`), whatever segments they belong to:
// the ends of segments `a = splits[g] .. b = splits[g + 1]` and the
// elements `g·T - a .. (g + 1)·T - b` between. Work-item `t` merges
// items `t·V ..`, its accumulator starting from the neutral element and
// again after each segment end (its carry: what it folded after its
// last end, or all it folded). Then:
// - The tile's carry-out is the fold of the carries after its last end:
//   from the last work-item that ended a segment, its carry, then the
//   carries of the work-items after it in order; where no work-item
//   ended one (the tile lies inside segment `a`), the neutral element,
//   then every work-item's carry. Work-item 0 publishes it in the tile's
//   status record (`epoch << 32 | half` words, as `lift_ir::lookback`'s)
//   before it looks back, so no tile waits on one that waits on it.
// - Segment `a`'s carry-in, where it ends in the tile and began before it
//   (at diagonal `a + offsets[a] < g·T`, in tile `h`): the carry-outs of
//   tiles `h .. g`, all of them segment `a`'s elements. The `m = g - h`
//   tiles are cut into runs of `⌈m / L⌉`, work-item `t` folds run `t`'s
//   carry-outs in order (waiting for each to be published), and
//   work-item 0 folds the runs' values in order. Otherwise the carry-in
//   is the neutral element.
// - Each work-item's first segment end combines, in order, the carry of
//   the last work-item before it that ended one (or, for segment `a`,
//   the neutral element), the carries of the work-items between, and its
//   own part (as before); segment `a` then gets `carry-in op` that, one
//   tile later (note [lagged look-back]).
// So each element is read and pulled once (before, a tile re-read the
// part of its first segment that earlier tiles held: on SpMV's power-law
// rows 19 % of the elements, and 89 % of the tiles had such a part), and
// the pieces and their order depend on the lengths alone, not on timing:
// float results are the same every run, and [`merge_pieces`] gives them
// to the evaluators.
//
// A work-group takes tiles by ticket (the arena's ticket word less the
// launch's base, `atomic_inc` by work-item 0; note [lagged look-back] for
// the loop and the ticket count): every tile a group waits on was taken
// earlier by a group that runs, and a tile waits only on smaller tiles,
// so the smallest tile not yet done always goes on, whatever order the
// device starts groups in. A launch whose device guard fails (by shape,
// where teams did not give up) takes its groups' tickets in one
// `atomic_add`.
//
// When a group took one tile, on the H100 (one call, main's binary alternating, medians of 7): SpMV's
// power-law rows 1.389 ms of merge kernel against 1.365 (1.454 ms of
// kernels against 1.429, 0.892× cuSPARSE against 0.907×), so skipping
// the re-reads (which hit L2) does not pay for the waits and the
// tickets; tiles taken by ticket in a loop by at most 16384 groups, as
// merge's launches were capped before, took 1.385 ms. But one row of
// 2·10^7 among 4M rows of 2 took the old merge 23.07 ms a call (each
// tile re-read the row from its start: quadratic, 20 GB/s) and takes this
// one 0.598 ms (795 GB/s), 38.6× faster. Capping registers for more
// groups an SM (`NESSIE_CL_OPTIONS=-cl-nv-maxrregcount=40` / `32`) took
// the power-law merge to 1.534 / 2.402 ms.

// Note [lagged look-back]
// ~~~~~~~~~~~~~~~~~~~~~~~
// At most `Config::merge_groups` work-groups (1024) take the merge's
// tiles by ticket, one after another until none is left, instead of a
// group a tile, and a tile's segment `a` that began in earlier tiles
// (note [merge carries]) is finished one tile late:
// - The work-item that ends segment `a` folds, in order, the carries of
//   the work-items before it and its own part, from the neutral element
//   (as where there is no carry-in), and keeps that value `p` in a
//   register; at the group's next tile it leaves `p` in local memory.
// - During the next tile, after its merge, the work-items fold the runs
//   of the earlier tile's look-back (its tiles `h .. g`, where `h` and
//   the segment are kept from the earlier tile's pass: note [the lagged
//   tile's segment kept] in `opencl_backend::codegen::seg_merge`);
//   work-item 0 folds the runs and combines them with `p`: `carry-in op
//   p`. The group ends with one more pass, without a tile, where its last
//   tile has one left.
// By then the tiles looked back on were published long ago: the group
// does not wait for the tile just before its own, which was still being
// merged, and the look-back's two barriers go into the next tile's.
// [`merge_pieces`] gives segment `a` the pieces `[carry-in, fold of
// (neutral, carries, own part)]`, the order the kernel combines them in
// (before, `[carry-in, carries..., own part]`): float results are again
// the same every run.
//
// Deadlock freedom. A group waits only in a look-back, for tiles before
// its previous tile, and publishes each tile's carry-out before it looks
// back; tickets only grow. So the smallest tile not yet published is
// held by a running group that waits on nothing before publishing it.
//
// Tickets. Each group takes tickets until one fails, `tiles + groups` in
// all, where the host's ticket base counts one a group (note [look-back
// arena] in `runtime::cl::lookback_arena`): the group that takes the
// launch's last ticket (after every other) gives the `tiles` extra back
// with one `atomic_sub`, before any later launch starts.
//
// Registers. The loop's state is one tile number and one flag a
// work-item besides `p` (now also the lagged tile's segment and first
// tile), and the hoisted reads are held as the arrays
// store them (a narrowed column as an `int`): the kernel keeps 64
// registers, 4 groups of 256 an SM on the H100. A first version kept the
// look-back's bounds and `p` across the merge (72 registers, 3 groups an
// SM) and lost: 1.431 ms against 1.389.
//
// Streaming reads. The hoisted element reads are `ld.global.cs` where
// the compiler is NVIDIA's (`MergeTiles::stream`, note [streaming element
// reads]), now that they fit in the registers: 1.288 against 1.329 ms.
// Now they keep out of L1 and go first from L2, and a tile is
// 8 items a work-item (note [the merge's loads evict first] in
// `opencl_backend::codegen::seg_merge`).
//
// On the H100 (one call, every variant of one binary and
// main's binary alternating, 2 or 3 runs each; cuSPARSE 1.288 ms, CuPy's
// `take(v, cols)` 1.208): SpMV's power-law rows 1.288 ms of merge kernel
// against main's 1.390 (1.355 ms of kernels against 1.455, 0.951×
// cuSPARSE against 0.885×). Tried in the same call and slower: the next
// tile's hoisted loads issued before the merge (72 registers, 3 groups an
// SM: 1.386 ms with 8 items, 1.420 with 7, 1.490 with 6; with streaming
// reads 1.415), its pulls too (68 registers: 1.460), and a cap of 64
// registers on them (`-cl-nv-maxrregcount=64`, program-wide: 1.326). Caps
// of 528, 1024 and 4096 groups took the same time. Where the teams did
// not give up, the guarded launch of at most 1024 groups returns sooner:
// SpMV's uniform rows 0.474 ms of kernels against 0.485 (1.060× against
// 1.037× cuSPARSE), banded rows 0.136 against 0.144 (1.318× against
// 1.251×).

/// Where segment `r`'s value of `segReduceMerge` comes from: the pieces
/// `pieces[r]`, combined as [`fold_merge_pieces`] does: the order in which
/// the backend's C combines them, computed by following its tiles and
/// work-items (note [merge carries]; shared by the evaluators).
pub fn merge_pieces(lengths: &[usize], tiles: &MergeTiles) -> Result<Vec<Vec<MergePiece>>, String> {
    let (l, v) = (tiles.group_size, tiles.items);
    if l < 1 || v < 1 {
        return Err(format!("`segReduceMerge` of groups of {l}, {v} items each"));
    }
    let (l, v, t) = (l as usize, v as usize, tiles.tile_len() as usize);
    let s = lengths.len();
    let mut offsets = Vec::with_capacity(s + 1);
    offsets.push(0usize);
    for len in lengths {
        offsets.push(offsets[offsets.len() - 1] + len);
    }
    let n = offsets[s];
    // Element positions are flat in `pieces` until the end, then made
    // relative to their segment.
    let mut pieces: Vec<Vec<MergePiece>> = vec![Vec::new(); s];
    let tiles_n = (s + n).div_ceil(t);
    let mut carry_outs: Vec<Vec<MergePiece>> = Vec::with_capacity(tiles_n);
    for g in 0..tiles_n {
        let (da, db) = (g * t, ((g + 1) * t).min(s + n));
        let (a, b) = (merge_split(&offsets, 0, s, 0, da), merge_split(&offsets, 0, s, 0, db));
        let (j0, je) = (da - a, db - b);
        let ends: Vec<usize> = (a..b).map(|r| offsets[r + 1] - j0).collect();
        let ne = je - j0;
        let cl = ne + ends.len();
        let mut carries = Vec::with_capacity(l);
        let mut heads = Vec::with_capacity(l);
        for lane in 0..l {
            let dlo = (lane * v).min(cl);
            let dhi = (dlo + v).min(cl);
            let mut ii = local_split(&ends, ne, dlo);
            let mut jj = dlo - ii;
            let mut start = jj;
            let mut head = None;
            for _ in dlo..dhi {
                if ii < ends.len() && ends[ii] <= jj {
                    let piece = MergePiece::Elements(j0 + start..j0 + jj);
                    match head {
                        None => head = Some((a + ii, piece)),
                        Some(_) => pieces[a + ii] = vec![piece],
                    }
                    start = jj;
                    ii += 1;
                } else {
                    jj += 1;
                }
            }
            carries.push(MergePiece::Elements(j0 + start..j0 + jj));
            heads.push(head);
        }
        carry_outs.push(match (0..l).rev().find(|&u| heads[u].is_some()) {
            Some(u) => carries[u..].to_vec(),
            None => std::iter::once(MergePiece::Elements(j0..j0)).chain(carries.iter().cloned()).collect(),
        });
        // Segment `a`'s carry-in: the carry-outs of the tiles before that
        // hold its elements, in runs of `⌈m / L⌉` tiles.
        let look = a < b && a + offsets[a] < da;
        let carry_in = if look {
            let h = (a + offsets[a]) / t;
            let per = (g - h).div_ceil(l);
            let runs = (h..g).step_by(per).map(|x| {
                MergePiece::Fold((x..(x + per).min(g)).map(|y| MergePiece::Fold(carry_outs[y].clone())).collect())
            });
            MergePiece::Fold(runs.collect())
        } else {
            MergePiece::Elements(j0..j0)
        };
        // A work-item's first segment end: the carries since the last
        // work-item that ended one (or the neutral element), then its own;
        // segment `a`'s is then combined with its carry-in.
        for lane in 0..l {
            if let Some((r, piece)) = &heads[lane] {
                let mut list = match (0..lane).rev().find(|&u| heads[u].is_some()) {
                    Some(u) => carries[u..lane].to_vec(),
                    None => {
                        std::iter::once(MergePiece::Elements(j0..j0)).chain(carries[..lane].iter().cloned()).collect()
                    }
                };
                list.push(piece.clone());
                pieces[*r] = if *r == a && look { vec![carry_in.clone(), MergePiece::Fold(list)] } else { list };
            }
        }
    }
    for (r, list) in pieces.iter_mut().enumerate() {
        if list.is_empty() {
            return Err(format!("`segReduceMerge` gives segment {r} no value"));
        }
        relative_to(list, r, &offsets)?;
    }
    Ok(pieces)
}

/// Makes the element ranges of `list`, all of segment `r`, relative to it.
fn relative_to(list: &mut [MergePiece], r: usize, offsets: &[usize]) -> Result<(), String> {
    for piece in list {
        match piece {
            MergePiece::Elements(range) => {
                if range.start < offsets[r] || range.end > offsets[r + 1] || range.start > range.end {
                    return Err(format!("`segReduceMerge` gives segment {r} the elements {range:?}"));
                }
                *range = range.start - offsets[r]..range.end - offsets[r];
            }
            MergePiece::Fold(inner) => relative_to(inner, r, offsets)?,
        }
    }
    Ok(())
}

/// The merge-path split of diagonal `d` of the merge of the ends of
/// segments `a..a + rows` with their elements from `e0` (ends before
/// elements at a tie): how many of the segments' ends come before it.
fn merge_split(offsets: &[usize], a: usize, rows: usize, e0: usize, d: usize) -> usize {
    let elements = offsets[a + rows] - e0;
    let (mut lo, mut hi) = (d.saturating_sub(elements), d.min(rows));
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if offsets[a + mid + 1] - e0 < d - mid {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

/// [`merge_split`] within a chunk: `ends` relative to the chunk's first
/// element, `elements` the chunk's.
fn local_split(ends: &[usize], elements: usize, d: usize) -> usize {
    let (mut lo, mut hi) = (d.saturating_sub(elements), d.min(ends.len()));
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if ends[mid] < d - mid {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

/// `join o map(λ seg. reduce(f)(z, seg)) $ segments(pull)(offsets,
/// lengths)`: the operator, the neutral element and the `segments` view,
/// when `body` is that.
fn seg_reduce_parts(body: &Expr) -> Option<(&Fun, &Expr, &Expr)> {
    let Expr::Apply(Fun::Join, outer) = body else { return None };
    let [Expr::Apply(Fun::Map(g), mapped)] = &outer[..] else { return None };
    let [segs @ Expr::Apply(Fun::Segments(_), _)] = &mapped[..] else { return None };
    let Fun::Lambda(params, inner) = &**g else { return None };
    let [seg] = &params[..] else { return None };
    let Expr::Apply(Fun::Reduce(f), args) = &**inner else { return None };
    match &args[..] {
        [z @ Expr::Value(_), Expr::Param(p)] if p == seg => Some((&**f, z, segs)),
        _ => None,
    }
}

/// `segReduce-merge` or `segReduce-teams` on a stage, if it is a
/// segmented reduction (see the module doc): the stages that replace it.
pub fn lower_seg_reduce(low: &mut LiftKernel, stage: &Stage, cfg: &Config) -> Result<Option<Vec<Stage>>, Unsupported> {
    let Some((f, z, segs)) = seg_reduce_parts(&stage.body) else { return Ok(None) };
    let (f, z, segs) = (f.clone(), z.clone(), segs.clone());
    let Expr::Apply(Fun::Segments(pull), descriptor) = &segs else { return Ok(None) };
    let [Expr::Input(offsets), Expr::Input(lengths)] = descriptor[..] else {
        return Err(Unsupported { what: "a segmented reduction over segments not in memory".into() });
    };
    let Some(count) = crate::typecheck::input_length(low, lengths) else {
        return Err(Unsupported { what: "a segment descriptor whose length is not known".into() });
    };
    let mut stages = Vec::new();
    let elements = match read_length(low, *pull) {
        Some(n) => n,
        None => {
            // The end of the last segment, computed on the device.
            let name = low.flat.var(stage.result.first().copied().unwrap_or(lengths)).name.clone();
            let total = crate::lower::add_once_fun(
                low,
                &format!("elements_{name}"),
                crate::lower::end_of_last(offsets, lengths),
                vec![Scalar::Int],
            );
            let elements = low.flat.new_var(format!("{name}_elements"), VarType::Scalar(Scalar::Int));
            stages.push(Stage {
                name: format!("{}_elements", stage.name),
                body: crate::rules::lower_top(low, &crate::lower::once_body(total))?,
                result: vec![elements],
                scalar_result: true,
                when: None,
                guard: None,
            });
            let size = low.size_var(&format!("{name}_elements"), SizeDef::ValueOf(elements), Range::at_least(0));
            ArithExpr::var(&size)
        }
    };
    let components = match &z {
        Expr::Value(z) => z.len(),
        _ => usize::MAX,
    };
    let strided = crate::rules::is_commutative(low, &f);
    let merge = merge_items(components).filter(|_| cfg.seg_reduce != SegReduce::Teams);
    let teams = merge.is_none() || cfg.seg_reduce != SegReduce::Merge;
    let hoisted = hoist_element_reads(low, *pull, &elements)?;
    if !teams {
        let parts = (&f, &z, &segs, hoisted);
        let shape = merge_shape(low, stage, (offsets, lengths), &count, &elements, &z, cfg)?;
        lower_merge(low, stage, parts, shape, cfg, &mut stages, None)?;
        return Ok(Some(stages));
    }
    low.rules_applied.push("segReduce-teams".into());
    if strided {
        low.rules_applied.push("reorder-commutative".into());
    }
    let l = cfg.group_size;
    let batch = cfg.seg_batch.max(1);
    let lanes = ArithExpr::var(&team_lanes(low, &elements, &count, l, batch));
    let max_groups = GROUPS_PER_REDUCE_GROUP * cfg.max_groups;
    if cfg.seg_reduce == SegReduce::Binned && merge.is_some() {
        let parts = (&f, &z, &segs, hoisted);
        lower_binned(low, stage, parts, lengths, (&count, &elements, &lanes), cfg, &mut stages)?;
        return Ok(Some(stages));
    }
    // segReduce-by-shape: where a team is the whole group (known to the
    // host) teams runs alone; elsewhere teams gives up where a segment
    // would keep its team more than TEAM_STEPS steps, and merge runs under
    // the flag's guard (note [teams give up]).
    let Some(_) = merge else {
        let teams = Teams {
            lanes: lanes.clone(),
            groups: ArithExpr::var(&low.size_var(
                "seg_groups",
                SizeDef::Derived((count.clone() * &lanes).ceil_div(l).min(max_groups).max(1)),
                Range::between(1, max_groups),
            )),
            group_size: l,
            strided,
            batch,
            hoisted: hoisted.clone(),
            long: None,
            list: None,
            group_long: true,
            gives_up: None,
            warp: None,
            stream: false,
        };
        let chunk_parts = (&f, &z, &segs, hoisted);
        let long = lower_long_chunks(low, stage, chunk_parts, &elements, cfg, &mut stages, None)?;
        let teams = Teams { long, ..teams };
        let body = Expr::apply(Fun::SegReduceTeams(Box::new(f.clone()), teams), vec![z.clone(), segs.clone()]);
        stages.push(Stage { body, ..stage.clone() });
        return Ok(Some(stages));
    };
    low.rules_applied.push("segReduce-by-shape".into());
    let whole_group = (lanes.clone() - l + 1).max(0).min(1);
    let whole_group = ArithExpr::var(&low.size_var("whole_group", SizeDef::Derived(whole_group), Range::between(0, 1)));
    let narrow = ArithExpr::one() - whole_group.clone();
    // Short segments on average (fewer than SHORT_SEGMENT elements) take
    // batches of their own (`seg_short_batch`): two teams' stages, the
    // host choosing one from the sizes, each with its own bound.
    let (short, short_lanes, short_batch) = short_teams(low, &elements, &count, l, cfg);
    // segReduce-warp-teams (note [warp teams]): teams no wider than a
    // warp and no segment left to the group. Short segments' teams are
    // at most WARP_LANES wide (at most 2 lanes on average segments below
    // SHORT_SEGMENT with the default short batch; the cap only makes it
    // sure).
    let warp_steps = u16::try_from(cfg.seg_warp_steps).unwrap_or(0);
    let warp_on = warp_steps.is_power_of_two();
    let warp_plain = warp_on && TEAM_STEPS * batch <= LONG_STEPS;
    let warp_short = warp_on && TEAM_STEPS * short_batch <= LONG_STEPS;
    let short_lanes = if warp_short && l > WARP_LANES {
        let capped = SizeDef::Derived(short_lanes.min(WARP_LANES));
        ArithExpr::var(&low.size_var("lanes", capped, Range::between(1, l)))
    } else {
        short_lanes
    };
    if warp_plain || warp_short {
        low.rules_applied.push("segReduce-warp-teams".into());
    }
    let bound = short.clone() * short_lanes.clone() * (TEAM_STEPS * short_batch)
        + (ArithExpr::one() - short.clone()) * lanes.clone() * (TEAM_STEPS * batch);
    // A launch where the team is narrower than the group (teams that may
    // give up, merge under the flag's guard) takes at most
    // `seg_guarded_groups` groups, striding beyond: where its guard fails
    // or teams gave up every group returns at once, at a cost that grows
    // with the groups.
    let guarded = guarded_groups(cfg, max_groups);
    let cap = ArithExpr::cst(guarded) + whole_group.clone() * (max_groups - guarded);
    let groups_of = |low: &mut LiftKernel, lanes: &ArithExpr| {
        let def = (count.clone() * lanes).ceil_div(l).min(cap.clone()).max(1);
        ArithExpr::var(&low.size_var("seg_groups", SizeDef::Derived(def), Range::between(1, max_groups)))
    };
    let groups = groups_of(low, &lanes);
    let short_groups = groups_of(low, &short_lanes);
    // The flag of note [teams give up]: a zeroed kernel counter.
    let name = low.flat.var(stage.result.first().copied().unwrap_or(lengths)).name.clone();
    let flag = low.flat.new_var(format!("{name}_gave_up"), VarType::Scalar(Scalar::Int));
    low.counters.push(flag);
    // Their segments' tickets (note [teams take tickets]).
    let tickets = low.flat.new_var(format!("{name}_team_tickets"), VarType::Array(Scalar::Int));
    low.lengths.push((tickets, ArithExpr::cst(crate::lookback::STATUS_FRONT)));
    // The merge's tiles, whose splits the teams that give up write where
    // they take tickets (note [splits where teams give up]); striding
    // teams and warp teams leave them to a launch of the merge's.
    let shape = merge_shape(low, stage, (offsets, lengths), &count, &elements, &z, cfg)?;
    let by_teams = cfg.seg_team_tickets && !(warp_plain || warp_short);
    let splits = match by_teams {
        true => {
            let split = shape.split_fun(low, true)?;
            Some(GiveUpSplits { splits: shape.splits, split, tile: shape.tile_len(), tiles: shape.tiles.clone() })
        }
        false => None,
    };
    let gives_up = Box::new(GiveUp { flag, bound, tickets, tickets_on: cfg.seg_team_tickets, splits });
    let merge_guard = DeviceGuard { value: flag, bound: ArithExpr::zero(), at_most: false, unless: ArithExpr::zero() };
    // segReduce-long-chunks: where the group may fold a run of two chunks
    // or more; by shape only where the team is the group (known to the
    // host), so that elsewhere the launches are those of teams and merge
    // alone.
    let chunk_parts = (&f, &z, &segs, hoisted.clone());
    let long = lower_long_chunks(low, stage, chunk_parts, &elements, cfg, &mut stages, Some(whole_group.clone()))?;
    let teams = Teams {
        lanes,
        groups,
        group_size: l,
        strided,
        batch,
        hoisted: hoisted.clone(),
        long,
        list: None,
        group_long: true,
        gives_up: None,
        warp: None,
        stream: false,
    };
    let apply =
        |teams: Teams| Expr::apply(Fun::SegReduceTeams(Box::new(f.clone()), teams), vec![z.clone(), segs.clone()]);
    // A segment longer than TEAM_STEPS batches a lane makes teams give up:
    // none is left to the group where that is at most LONG_STEPS, and the
    // kernel has no code for it. A segment of two chunks reaches teams
    // only where the team is the group (elsewhere teams gives up on it): the teams kernel that folds chunk partials runs there
    // alone (on the H100 the partials' loop in the one kernel slowed
    // SpMV's banded rows 0.178 → 0.195 ms).
    // Its hoisted element reads stream (note [streaming element reads]).
    let plain = Teams {
        long: None,
        group_long: TEAM_STEPS * batch > LONG_STEPS,
        gives_up: Some(gives_up.clone()),
        stream: cfg.seg_stream_loads && hoisted.is_some(),
        ..teams.clone()
    };
    if plain.stream {
        low.rules_applied.push("stream-element-reads".into());
    }
    let when = narrow.clone() * (ArithExpr::one() - short.clone());
    if warp_plain && l <= WARP_LANES {
        let warp = Teams { warp: Some(warp_steps), ..plain };
        stages.push(Stage { body: apply(warp), when: Some(when), guard: None, ..stage.clone() });
    } else if warp_plain {
        // Teams of at most WARP_LANES lanes in a stage of their own, the
        // wider ones (64 or 128 where the group is 256) in the barriers'.
        let fits = (ArithExpr::cst(WARP_LANES + 1) - plain.lanes.clone()).max(0).min(1);
        let fits = ArithExpr::var(&low.size_var("warp_teams", SizeDef::Derived(fits), Range::between(0, 1)));
        let warp = Teams { warp: Some(warp_steps), ..plain.clone() };
        stages.push(Stage { body: apply(warp), when: Some(when.clone() * fits.clone()), guard: None, ..stage.clone() });
        let when = when * (ArithExpr::one() - fits);
        stages.push(Stage { body: apply(plain), when: Some(when), guard: None, ..stage.clone() });
    } else {
        stages.push(Stage { body: apply(plain), when: Some(when), guard: None, ..stage.clone() });
    }
    let short_teams = Teams {
        lanes: short_lanes,
        groups: short_groups,
        batch: short_batch,
        long: None,
        group_long: TEAM_STEPS * short_batch > LONG_STEPS,
        gives_up: Some(gives_up),
        warp: warp_short.then_some(warp_steps),
        ..teams.clone()
    };
    let when = narrow.clone() * short;
    stages.push(Stage { body: apply(short_teams), when: Some(when), guard: None, ..stage.clone() });
    stages.push(Stage { body: apply(teams), when: Some(whole_group), guard: None, ..stage.clone() });
    // Merge runs where the team is narrower than the group, where the
    // chunks' stage does not: its carry-ins are folded by their group.
    let under = (narrow, merge_guard);
    let parts = (&f, &z, &segs, hoisted);
    let shape = MergeShape { splits_written: by_teams, ..shape };
    lower_merge(low, stage, parts, shape, cfg, &mut stages, Some(under))?;
    Ok(Some(stages))
}

/// `segReduce-binned` (see the module doc): where a team is the whole
/// group (known to the host) teams with the chunks' partials, as
/// `segReduce-by-shape` runs there; elsewhere teams that list their long
/// segments (more than `TEAM_STEPS` batches a lane) and the stage that
/// serves the list, a work-group of [`Config::seg_list_group`] a listed
/// segment. The chunks' stage runs wherever the elements make two chunks,
/// so that a listed segment of millions is not left to one group.
fn lower_binned(
    low: &mut LiftKernel,
    stage: &Stage,
    (f, z, segs, hoisted): (&Fun, &Expr, &Expr, Option<HoistedPull>),
    lengths: KVar,
    (count, elements, lanes): (&ArithExpr, &ArithExpr, &ArithExpr),
    cfg: &Config,
    stages: &mut Vec<Stage>,
) -> Result<(), Unsupported> {
    low.rules_applied.push("segReduce-binned".into());
    let l = cfg.group_size;
    let batch = cfg.seg_batch.max(1);
    let strided = crate::rules::is_commutative(low, f);
    let max_groups = GROUPS_PER_REDUCE_GROUP * cfg.max_groups;
    let whole_group = (lanes.clone() - l + 1).max(0).min(1);
    let whole_group = ArithExpr::var(&low.size_var("whole_group", SizeDef::Derived(whole_group), Range::between(0, 1)));
    let narrow = ArithExpr::one() - whole_group.clone();
    let groups_def = (count.clone() * lanes).ceil_div(l).min(max_groups).max(1);
    let groups =
        ArithExpr::var(&low.size_var("seg_groups", SizeDef::Derived(groups_def), Range::between(1, max_groups)));
    let chunk_parts = (f, z, segs, hoisted.clone());
    let long = lower_long_chunks(low, stage, chunk_parts, elements, cfg, stages, Some(whole_group.clone()))?;
    let teams = Teams {
        lanes: lanes.clone(),
        groups,
        group_size: l,
        strided,
        batch,
        hoisted: hoisted.clone(),
        long: long.clone(),
        list: None,
        group_long: true,
        gives_up: None,
        warp: None,
        stream: false,
    };
    let apply =
        |teams: Teams| Expr::apply(Fun::SegReduceTeams(Box::new(f.clone()), teams), vec![z.clone(), segs.clone()]);
    stages.push(Stage { body: apply(teams.clone()), when: Some(whole_group), guard: None, ..stage.clone() });
    // The list: a zeroed counter and room for every segment's index.
    let name = low.flat.var(stage.result.first().copied().unwrap_or(lengths)).name.clone();
    let counter = low.flat.new_var(format!("{name}_listed"), VarType::Array(Scalar::Int));
    let ids = low.flat.new_var(format!("{name}_list"), VarType::Array(Scalar::Int));
    low.counters.push(counter);
    low.lengths.push((counter, ArithExpr::one()));
    low.lengths.push((ids, count.clone()));
    let list_group = cfg.seg_list_group.clamp(1, l);
    if list_group & (list_group - 1) != 0 {
        return Err(Unsupported { what: format!("serving work-groups of {list_group} work-items") });
    }
    let bound = lanes.clone() * (TEAM_STEPS * batch).min(LONG_STEPS);
    let list = LongList { counter, ids, bound, group_size: list_group, long: None, serves: false };
    // Short segments on average (fewer than SHORT_SEGMENT elements) take
    // batches of their own (`seg_short_batch`): two stages, the host
    // choosing one from the sizes.
    let (short, short_lanes, short_batch) = short_teams(low, elements, count, l, cfg);
    let short_groups = (count.clone() * &short_lanes).ceil_div(l).min(max_groups).max(1);
    let short_groups =
        ArithExpr::var(&low.size_var("seg_groups", SizeDef::Derived(short_groups), Range::between(1, max_groups)));
    let short_bound = short_lanes.clone() * (TEAM_STEPS * short_batch).min(LONG_STEPS);
    let listing = Teams { long: None, list: Some(list.clone()), ..teams.clone() };
    let when = narrow.clone() * (ArithExpr::one() - short.clone());
    stages.push(Stage { body: apply(listing), when: Some(when), guard: None, ..stage.clone() });
    let short_listing = Teams {
        lanes: short_lanes,
        groups: short_groups,
        batch: short_batch,
        long: None,
        list: Some(LongList { bound: short_bound.clone(), ..list.clone() }),
        ..teams.clone()
    };
    // The serving stage's bound (which only the evaluators read): that of
    // the listing stage that ran.
    let serve_bound = short.clone() * short_bound + (ArithExpr::one() - short.clone()) * list.bound.clone();
    let when = narrow.clone() * short;
    stages.push(Stage { body: apply(short_listing), when: Some(when), guard: None, ..stage.clone() });
    let serve_groups = count.clone().min(SEG_LIST_GROUPS).max(1);
    let serve_groups = ArithExpr::var(&low.size_var(
        "list_groups",
        SizeDef::Derived(serve_groups),
        Range::between(1, SEG_LIST_GROUPS),
    ));
    let serving = Teams {
        lanes: ArithExpr::cst(list_group),
        groups: serve_groups,
        group_size: list_group,
        long: None,
        list: Some(LongList { serves: true, bound: serve_bound, ..list }),
        ..teams
    };
    stages.push(Stage { body: apply(serving), when: Some(narrow), guard: None, ..stage.clone() });
    Ok(())
}

/// `segReduce-by-shape` and `segReduce-binned` give segments of fewer
/// elements than this on average batches of [`Config::seg_short_batch`].
pub const SHORT_SEGMENT: i64 = 6;

/// The default [`Config::seg_list_group`].
pub const SEG_LIST_GROUP: i64 = 64;

/// The most work-groups of `segReduce-binned`'s serving stage, which
/// stride over the listed segments (the launch reads the list's count
/// on the device: where it is 0 every group returns at once).
pub const SEG_LIST_GROUPS: i64 = 4096;

/// The most work-groups of a launch under a device guard of
/// `segReduce-by-shape` ([`Config::seg_guarded_groups`], between one and
/// `max_groups`).
fn guarded_groups(cfg: &Config, max_groups: i64) -> i64 {
    cfg.seg_guarded_groups.clamp(1, max_groups)
}

/// A team's batches over a segment (each of [`Config::seg_batch`]
/// elements a lane) more than this many times its width makes
/// `segReduce-by-shape` choose merge (the group's teams wait for their
/// longest).
pub const TEAM_STEPS: i64 = 4;

/// The default [`Config::seg_batch`]: elements a lane pulls before it
/// folds them, for segments of [`SHORT_SEGMENT`] elements or more on
/// average (shorter ones take [`Config::seg_short_batch`]). On the H100,
/// with a team tree of a barrier a level, SpMV's teams kernel on 4M rows
/// of 8 with batches of 1 / 2 / 4 / 8 (teams of 8 / 4 / 2 / 1): 0.598 /
/// 0.574 / 0.646 / 0.676 ms, and later, since narrow teams combine by
/// their lane 0 ([`SERIAL_TREE_LANES`]), SpMV's kernels with batches of 2
/// / 4: 0.557 / 0.596 ms. On the H200, with the streaming element reads
/// and teams that take tickets (one call, ms of the teams' kernel a run,
/// rows of 8): 0.3727 / 0.3706 with 2; with 4, 0.3582 / 0.3593 where the
/// short batch was 8 but 0.4041 / 0.4045 where it was 4, as here, and
/// 0.4064 / 0.4066 with the stage's give-up bound a kernel argument
/// instead of a sum over both stages' sizes. The kernels' PTX differs
/// only in the four instructions that compute that bound; why the driver
/// makes a slower kernel of it is not known. So 4 is no better than 2
/// where short segments keep their batch of 4.
/// With short batches of 5 (a row of 5 in one batch,
/// [`SEG_SHORT_BATCH`]) it is: in a later call, SpMV's kernels with
/// batches of 2 / 4 and short batches of 4 / 5 (the knobs): rows of 8
/// 0.3751 / 0.3787 against 0.3623 / 0.3617 ms, banded rows of 5 0.1058 /
/// 0.1042 against 0.1023 / 0.1036, power-law rows 0.9998 against 1.0048
/// (short batches of 6: 0.3634, 0.1172; of 3: 0.3624, 0.1472). With both
/// the defaults (`primitives.py spmv`, one call, cuSPARSE in the same
/// call): rows of 8 0.363 ms against cuSPARSE's 0.363 (0.999×, 0.965×
/// with 2 / 4 in the call before), banded rows 0.102 against 0.149
/// (1.452×), power-law rows 0.983 against 0.854 (0.869×; 0.998 against
/// 0.882 before: cuSPARSE moved, nessie did not); quicksort and quickhull
/// equal to the reference, 300 random programs equal on NVIDIA.
pub const SEG_BATCH: i64 = 4;

/// The default [`Config::seg_short_batch`]: a lane's batch where segments
/// are shorter than [`SHORT_SEGMENT`] on average, a work-item a segment
/// or two: one batch for a row of 5, not equal to [`SEG_BATCH`] (see
/// there). On the H200, SpMV's banded rows of 5 (a work-item a row), ms of
/// the teams' kernel a run, two runs each in one call: 0.1015 / 0.1000
/// with 4 (batches of 2 for longer segments); with batches of 4 for
/// those, 0.0980 / 0.0993 with 5, 0.1129 / 0.1136 with 6, 0.1431 / 0.1427
/// with 3; in an earlier call, 0.118 with 8 (cuSPARSE's whole SpMV 0.147
/// ms).
pub const SEG_SHORT_BATCH: i64 = 5;

/// The default [`Config::seg_guarded_groups`], for teams that take
/// tickets (note [teams take tickets]).
pub const SEG_GUARDED_GROUPS: i64 = 2048;

/// [`Config::seg_guarded_groups`] where the teams stride
/// (`NESSIE_TEAM_TICKETS=0`) and no cap is given: the group counts the
/// guarded launches had before the cap. On the H200 in one run, 2048
/// took the launches that return at once from 0.013 to 0.005 ms (merge on
/// rows of 8) and 0.016 to 0.008 ms (teams on power-law rows), but the
/// chosen lowering's kernel from 0.387 to 0.402 ms (teams on rows of 8)
/// and 1.054 to 1.157 ms (merge on power-law rows).
pub const STRIDING_GUARDED_GROUPS: i64 = 16 * 1024;

// Note [teams take tickets]
// ~~~~~~~~~~~~~~~~~~~~~~~~~
// The teams' stages that give up (note [teams give up]) cost, where they
// do, about a microsecond for every thousand groups that start after the
// flag is set and return at once: SpMV's power-law rows paid 0.044 ms for
// 16384 striding groups. Fewer striding groups lose where the last wave
// is part full (rows of 8 on the H200: 2048 groups 0.402 ms against
// 0.387). So the groups take their steps by ticket
// (`Config::seg_team_tickets`, on by default; `NESSIE_TEAM_TICKETS=0`
// makes them stride, [`STRIDING_GUARDED_GROUPS`] of them): work-item 0
// issues the `atomic_inc` of the session's look-back arena's ticket word
// (`GiveUp::tickets`, less the launch's base: note [look-back arena] in
// `runtime::cl::lookback_arena`) when it reads the flag, at the step's
// start, and leaves the step it gives in a local slot (two in turn)
// before the step's barrier, -1 where the ticket failed; the step count
// waits in a third slot, so that no work-item holds it in a register.
// [`SEG_GUARDED_GROUPS`] groups (2048) then cover any number of segments
// with no part-full last wave, and where the flag is set few groups are
// left to start.
//
// The arena's ticket count. The host's base counts one ticket a group, so
// every group takes exactly one ticket that fails (after the last step),
// and the group that takes the launch's last ticket (`steps + groups - 1`
// past the base) gives the steps' back with one `atomic_sub`, as the
// merge's tiles do (note [lagged look-back]). A group that stops on the
// flag with a step in hand first moves the ticket word to the step count
// (compare-and-swap from below, never backwards, so no step's ticket is
// handed out after it and the failing tickets are exactly `steps ..
// steps + groups`), then takes its failing ticket. The values do not
// depend on which group takes a step: each segment is its team's.
//
// A group's own long segment stops it at its next step: the team's lane 0
// sets the group's slot of the next step (three slots in turn, the one
// after next zeroed by work-item 0 at a step's start) beside the flag, so
// the group does not wait to read the flag back from global memory.
//
// Measured on the H100 (`primitives.py spmv`, main dcbcb24's binary in the
// same calls, kernels a call; explicit cuSPARSE 0.49 / 0.17 / 1.27 ms):
// power-law rows give up in 0.021-0.022 ms against 0.041-0.044 (with the
// splits, note [splits where teams give up]: 0.031 ms against 0.043 +
// 0.019), banded rows of 5 0.125 ms against 0.126-0.128, but rows of 8
// take 0.481-0.483 ms against 0.464-0.468 (1.01-1.02x cuSPARSE instead
// of 1.05x), for power-law's 0.962 -> 0.989x in the last call. Long-lived
// groups are what costs rows of 8, not the tickets: striding groups as
// many as fit at once (660, 5 an SM at 48 registers) or twice that took
// 0.481 / 0.478 ms, 16384 striding groups 0.457 (the slots of a step
// included; 0.457 / 0.458 / 0.457 in three calls). The tickets' first
// version (56 registers, 4 groups an SM) took 0.489 ms, tickets of 4, 8
// or 16 steps each 0.500-0.531, the `atomic_inc` issued just before the
// barrier 0.491. Warp teams (note [warp teams]) always stride.

// Note [splits where teams give up]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// By shape, the merge's splits (its tiles' merge-path searches, `tiles +
// 1` of them) had a launch of their own under the flag's guard: on SpMV's
// power-law rows 0.019 ms, and a launch that returns at once where the
// teams did not give up. Where the teams take tickets (note [teams take
// tickets]), the groups that stop on the flag write them instead
// (`GiveUp::splits`): after its loop, a group whose slot of the step it
// stopped at (or would have taken next) is set takes chunks of `L - 32`
// splits by ticket from the flag itself (`atomic_add` of 2; the old value
// halved is the chunk, whatever the order of the `atomic_max` of 1 among
// the additions, and the flag stays nonzero, all the merge's guard
// reads), a work-item a split, each the binary search of
// [`split_within_thunk`] over the offsets from a bracket the group's
// samples give it (note [splits from samples]). The group that set the flag stops at its next step or
// finds its slot set after its last, so some group always takes the
// chunks; groups that finished before the flag was set take none. The
// splits are the same numbers, so the merge and the evaluators (whose
// `merge_pieces` computes its own) are unchanged. On the H100 (one call):
// power-law rows 0.031 ms for teams and splits together, against 0.021 +
// 0.019 in two launches; and one launch less for every by-shape
// reduction (quickhull of 10^7 points: 209 launches against 225).
// Striding teams keep the splits' launch: with the splits' code after
// their loop, rows of 8 took 0.504 ms against 0.457 (more registers, it
// seems; the striding loop's step count is then live after it), banded
// rows 0.139 against 0.128. Warp teams keep it too.

// Note [splits from samples]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~
// Where the teams gave up on SpMV's power-law rows, their kernel's time is
// the path of the groups that write the splits: their step, their
// failing ticket (three global round trips: note [teams take tickets]),
// a chunk's ticket and a search of 23 dependent loads (note [the splits'
// search]), a microsecond or so each. Two things shorten it. The group
// samples `g(r) = end(r) + r` (segment `r` ends at `offsets[r + 1]`, the
// last at `n`; the split of diagonal `d` is the first row with `g(r) ≥
// d`) at `L` rows spread over all `S` (`q_j = ⌊(j + 1)·S / L⌋ - 1`, a
// load a work-item, all in flight at once) into local memory; a
// work-item's split lies after the last sample below its diagonal and at
// or before the first at or above it (a search of local memory), so the
// search of [`split_within_thunk`] starts from `S / L` rows (27K of
// 7·10^6) instead of `S` and takes 15 loads instead of 23. And the
// group's last warp writes no split but takes the group's failing ticket
// while the others search, rather than work-item 0 before them (chunks
// of `L - 32` splits). The kernels keep their registers (40, and 48
// where segments are short on average) and their launches. Measured on
// the H100 (one call, main ac5ff0e's binary alternating, three runs each,
// ms a call of the teams' kernel; `primitives.py spmv`, explicit
// cuSPARSE): power-law rows 0.028 / 0.026 / 0.027 against 0.031 / 0.031
// / 0.030 (0.991 / 0.993 / 0.991x cuSPARSE against 0.989 / 0.989 /
// 0.990x); rows of 8 0.483 / 0.483 / 0.482 against 0.482 / 0.483 / 0.481,
// banded rows 0.127 all six; one huge row among 4M rows of 5 0.227
// against 0.269. Quickhull of 10^7 points: 3.395 / 3.363 / 3.395 ms of
// kernels in 209 launches against 3.418 / 3.350 / 3.397.
//
// Tried, in the same calls (ms of the teams' kernel, power-law rows, main
// 0.030-0.032):
// - an interpolation search (the probe between the two rows whose `g` is
//   known, in floats, and a bisection after a probe that did not halve
//   the bracket) 0.035-0.036: simulated on these offsets it takes 12.8
//   probes on average against 22.5, but a warp waits for its slowest
//   lane (23.4 probes against 22.7) and its lanes share no lines;
// - the splits searched before the loop by the first groups, whether or
//   not the teams give up: 0.026 with the binary search (0.030-0.034
//   where the flag was read before them, so that those groups then took a
//   step), 0.024 with samples; but the kernel's registers went from 40 to
//   46-48 and rows of 8 took 0.516 ms against 0.486;
// - a second level of samples (1024 over all the rows, then 1024 over
//   the chunk's), after the loop: 0.025-0.026, but 66 registers (rows of
//   8 0.539 against 0.483); with its loops not unrolled (`#pragma unroll
//   1`) 40-54 registers, but the samples' loads one after another and
//   0.031;
// - 528, 792, 1056 or 1320 groups instead of 2048: 0.029-0.031 (rows of 8
//   0.481-0.489 against 0.484-0.486): the groups' count is not the cost.
// - half the samples over all the rows and half over a window around the
//   chunk's rows as the average slope `S / (S + n)` places them (a bracket
//   from each, intersected: 10 loads instead of 15 where the estimate
//   holds, as on these rows, and 16 where one huge row throws it off):
//   0.029 / 0.039 / 0.029 against 0.027 / 0.026 / 0.027 in one call, the
//   kernel's 40 registers unchanged, and rows of 8
//   0.518-0.520 against 0.484-0.485 although that code never runs there
//   (the teams' loop is sensitive to code after it; one huge row's teams
//   0.268 against 0.226).
// Probes (results wrong): every group returning after its first ticket
// 0.009-0.010 ms (0.007 where the ticket's `atomic_inc` returns nothing);
// the splits with samples of two levels before the loop, then returning,
// 0.019-0.020. So the launch and its tickets are a third of the kernel,
// and the teams' step and their tickets' give-back the rest beside the
// splits: a kernel below the 0.016 ms that would put power-law rows at
// cuSPARSE's time needs both shorter.

/// The default [`Config::merge_groups`]: the most work-groups of a merge
/// launch (note [lagged look-back]). On the H100 (SpMV's power-law rows)
/// caps of 528, 1024 and 4096 took the same time; where the teams did not
/// give up, a guarded launch of fewer groups returns sooner (0.004 ms
/// against 0.016 ms for 2^22 rows of 8).
pub const MERGE_GROUPS: i64 = 1024;

/// The teams of segments short on average (fewer than SHORT_SEGMENT
/// elements), for by-shape and binned alike: the host's 0/1 choice
/// `short_segments`, their width and their batch
/// ([`Config::seg_short_batch`]).
fn short_teams(
    low: &mut LiftKernel,
    elements: &ArithExpr,
    count: &ArithExpr,
    l: i64,
    cfg: &Config,
) -> (ArithExpr, ArithExpr, i64) {
    let short_batch = cfg.seg_short_batch.clamp(1, 16);
    let short_def = (ArithExpr::cst(SHORT_SEGMENT) * count - elements.clone()).max(0).min(1);
    let short = ArithExpr::var(&low.size_var("short_segments", SizeDef::Derived(short_def), Range::between(0, 1)));
    let short_lanes = ArithExpr::var(&team_lanes(low, elements, count, l, short_batch));
    (short, short_lanes, short_batch)
}

/// The teams' width `W = min(L, 2^⌊log2 max(1, ⌊3·n / (2·B·#segments)⌋)⌋)`
/// for batches of `B`: a lane gets about one batch of an average segment.
fn team_lanes(low: &mut LiftKernel, elements: &ArithExpr, count: &ArithExpr, l: i64, batch: i64) -> crate::arith::Var {
    let nearest = (elements.clone() * 3 / (count.clone() * (2 * batch)).max(1)).max(1);
    let lanes_def = ArithExpr::cst(2).pow(nearest.log2()).min(l);
    low.size_var("lanes", SizeDef::Derived(lanes_def), Range::between(1, l))
}

/// The tiles of a `segReduce-merge`: work-items a group, items a
/// work-item, the tile count (a host size) and the splits' array (of
/// `tiles + 1`), the segments' offsets and lengths and the name of the
/// splits' thunk ([`MergeShape::split_fun`]), and the accumulator's
/// components; `splits_written`: an earlier stage writes the splits
/// (teams that give up), so the merge has no launch for them.
struct MergeShape {
    group_size: i64,
    items: i64,
    tiles: ArithExpr,
    splits: KVar,
    ends: (KVar, KVar),
    name: String,
    components: usize,
    splits_written: bool,
}

impl MergeShape {
    fn tile_len(&self) -> i64 {
        self.group_size * self.items
    }

    /// The user function of one split: [`split_thunk`] for the merge's
    /// own splits' stage, [`split_within_thunk`] `within` a bracket for
    /// the teams that write them; registered by the lowering that calls
    /// it.
    fn split_fun(&self, low: &mut LiftKernel, within: bool) -> Result<UserFunId, Unsupported> {
        let (offsets, lengths) = self.ends;
        let (thunk, name) = match within {
            true => (split_within_thunk(low, offsets, lengths, self.tile_len()), format!("split_{}_within", self.name)),
            false => (split_thunk(low, offsets, lengths, self.tile_len()), format!("split_{}", self.name)),
        };
        crate::lower::add_user_fun(low, &name, &thunk, vec![Scalar::Int])
    }
}

/// The tiles a `segReduce-merge` of `count` segments and `elements`
/// elements, accumulator `z`, cuts them into under `cfg`.
#[allow(clippy::too_many_arguments)]
fn merge_shape(
    low: &mut LiftKernel,
    stage: &Stage,
    (offsets, lengths): (KVar, KVar),
    count: &ArithExpr,
    elements: &ArithExpr,
    z: &Expr,
    cfg: &Config,
) -> Result<MergeShape, Unsupported> {
    let components = match z {
        Expr::Value(z) => z.len(),
        _ => usize::MAX,
    };
    let Some(items) = merge_items(components) else {
        return Err(Unsupported { what: "segReduce-merge of more than two components".into() });
    };
    let items = cfg.merge_items.filter(|v| (1..=16).contains(v)).unwrap_or(items);
    let group_size = cfg
        .merge_group_size
        .filter(|&l| (32..=cfg.group_size).contains(&l) && l & (l - 1) == 0)
        .unwrap_or(MERGE_GROUP_SIZE.min(cfg.group_size));
    let tiles_def = (count.clone() + elements.clone()).ceil_div(group_size * items);
    let tiles = ArithExpr::var(&low.size_var("merge_tiles", SizeDef::Derived(tiles_def), Range::at_least(0)));
    let name = low.flat.var(stage.result.first().copied().unwrap_or(offsets)).name.clone();
    let splits = low.flat.new_var(format!("{name}_splits"), VarType::Array(Scalar::Int));
    low.lengths.push((splits, tiles.clone() + 1));
    let ends = (offsets, lengths);
    Ok(MergeShape { group_size, items, tiles, splits, ends, name, components, splits_written: false })
}

/// `segReduce-merge` in `shape`'s tiles: their splits (unless an earlier
/// stage writes them), then the reduction, both under `under` (a host
/// size, 0 skipping the launches, and a device guard).
fn lower_merge(
    low: &mut LiftKernel,
    stage: &Stage,
    (f, z, segs, hoisted): (&Fun, &Expr, &Expr, Option<HoistedPull>),
    shape: MergeShape,
    cfg: &Config,
    stages: &mut Vec<Stage>,
    under: Option<(ArithExpr, DeviceGuard)>,
) -> Result<(), Unsupported> {
    let (when, guard) = under.unzip();
    low.rules_applied.push("segReduce-merge".into());
    if !shape.splits_written {
        // The tiles' splits, one work-item each, in a launch before.
        let split = shape.split_fun(low, false)?;
        let generate = Expr::apply(Fun::Generate(shape.tiles.clone() + 1, split), vec![]);
        stages.push(Stage {
            name: format!("{}_splits", stage.name),
            body: crate::rules::lower_top(low, &Expr::apply1(Fun::map(Fun::Id), generate))?,
            result: vec![shape.splits],
            scalar_result: false,
            when: when.clone(),
            guard: guard.clone(),
        });
    }
    let MergeShape { group_size, items, tiles, splits, name, components, .. } = shape;
    // At most `merge_groups` groups, each taking tiles until none is left
    // (note [lagged look-back]).
    let groups_def = tiles.clone().min(cfg.merge_groups.max(1)).max(1);
    let groups = ArithExpr::var(&low.size_var("merge_groups", SizeDef::Derived(groups_def), Range::at_least(1)));
    // The carry-outs' records and the ticket (note [merge carries]).
    let status = low.flat.new_var(format!("{name}_merge_status"), VarType::Array(Scalar::Int));
    // `merge_items` took at most two components.
    let words_a_tile = 4 * components as i64;
    low.lengths.push((status, tiles.clone() * words_a_tile + crate::lookback::STATUS_FRONT));
    let stream = cfg.seg_stream_loads && hoisted.is_some();
    let tiles = MergeTiles { group_size, items, groups, tiles, splits, hoisted, status, stream };
    stages.push(Stage {
        body: Expr::apply(Fun::SegReduceMerge(Box::new(f.clone()), tiles), vec![z.clone(), segs.clone()]),
        when,
        guard,
        ..stage.clone()
    });
    Ok(())
}

/// `segReduce-long-chunks`: the stage of the partials of the aligned
/// chunks of `K = L·LONG_CHUNK_ITEMS` flat elements that lie in one
/// segment (`segReduceChunks`, a work-group a chunk), launched where the
/// elements make two chunks at least and `only_where` (a host size of 0
/// or 1, if any) is 1; the partials a long run's fold reads. None for an
/// accumulator that is not a tuple of scalars.
fn lower_long_chunks(
    low: &mut LiftKernel,
    stage: &Stage,
    (f, z, segs, hoisted): (&Fun, &Expr, &Expr, Option<HoistedPull>),
    elements: &ArithExpr,
    cfg: &Config,
    stages: &mut Vec<Stage>,
    only_where: Option<ArithExpr>,
) -> Result<Option<LongPartials>, Unsupported> {
    let Expr::Value(zs) = z else { return Ok(None) };
    let l = cfg.group_size;
    let chunk = l * LONG_CHUNK_ITEMS;
    low.rules_applied.push("segReduce-long-chunks".into());
    let name = match stage.result.first() {
        Some(&r) => low.flat.var(r).name.clone(),
        None => stage.name.clone(),
    };
    let chunks_def = elements.clone() / chunk + 1;
    let chunks = ArithExpr::var(&low.size_var("long_chunks", SizeDef::Derived(chunks_def), Range::at_least(1)));
    let max_groups = cfg.max_groups;
    let groups_def = chunks.clone().min(max_groups).max(1);
    let groups =
        ArithExpr::var(&low.size_var("long_groups", SizeDef::Derived(groups_def), Range::between(1, max_groups)));
    let partials: Vec<KVar> = zs
        .iter()
        .enumerate()
        .map(|(i, c)| low.flat.new_var(format!("{name}_partials_{i}"), VarType::Array(c.scalar())))
        .collect();
    for &p in &partials {
        low.lengths.push((p, chunks.clone()));
    }
    let strided = crate::rules::is_commutative(low, f);
    let batch = cfg.seg_batch.max(1);
    let spec = LongChunks { chunk, chunks, groups, group_size: l, strided, batch, hoisted };
    let mut when = (elements.clone() - (2 * chunk - 1)).max(0).min(1);
    if let Some(only_where) = only_where {
        when = when * only_where;
    }
    let when = ArithExpr::var(&low.size_var("long_runs", SizeDef::Derived(when), Range::between(0, 1)));
    stages.push(Stage {
        name: format!("{}_chunks", stage.name),
        body: Expr::apply(Fun::SegReduceChunks(Box::new(f.clone()), spec), vec![z.clone(), segs.clone()]),
        result: partials.clone(),
        scalar_result: false,
        when: Some(when),
        guard: None,
    });
    Ok(Some(LongPartials { chunk, partials }))
}

/// The items a work-item of `segReduceChunks` folds: chunks of
/// `L · LONG_CHUNK_ITEMS` flat elements (`segReduce-long-chunks`).
pub const LONG_CHUNK_ITEMS: i64 = 32;

/// A run of a segment (`len` elements from flat position `start`, the
/// segment's first) that the whole group folds with chunk partials
/// (`segReduce-long-chunks`): the partials of chunks `first_chunk ..
/// first_chunk + chunks` (chunk `c`'s piece of the segment, from
/// `max(c·K, start)` to `(c + 1)·K`, see [`chunk_piece`]), folded in the
/// group's order ([`TeamOrder`] as wide as the group), then `op` the
/// group's fold of the rest, the elements `rest` (positions in the run)
/// after the last whole chunk boundary.
#[derive(Clone, Debug, PartialEq)]
pub struct LongRun {
    pub chunk: usize,
    pub start: usize,
    pub first_chunk: usize,
    pub chunks: usize,
    pub rest: std::ops::Range<usize>,
}

impl LongRun {
    /// The run of `len` elements from flat position `start`, where it
    /// spans two chunks at least (else the group folds its elements).
    pub fn new(start: usize, len: usize, long: Option<&LongPartials>) -> Option<LongRun> {
        let chunk = usize::try_from(long?.chunk).ok().filter(|&k| k > 0)?;
        if len < 2 * chunk {
            return None;
        }
        let (first, end) = (start / chunk, (start + len) / chunk);
        let rest = end * chunk - start..len;
        Some(LongRun { chunk, start, first_chunk: first, chunks: end - first, rest })
    }

    /// The flat elements of chunk `first_chunk + i`'s partial.
    pub fn piece(&self, i: usize) -> std::ops::Range<usize> {
        let c = self.first_chunk + i;
        (c * self.chunk).max(self.start)..(c + 1) * self.chunk
    }
}

/// The flat elements whose fold `segReduceChunks` writes for chunk `c` of
/// `chunk` elements, over segments at these `offsets` (`offsets[r]` where
/// segment `r` starts, then the end `n`): where the chunk ends inside the
/// elements (`(c + 1)·chunk ≤ n`) and the segment of its last element is
/// two chunks long at least, that segment's part of the chunk; none
/// elsewhere (the neutral element).
pub fn chunk_piece(offsets: &[usize], chunk: usize, c: usize) -> Option<std::ops::Range<usize>> {
    let hi = (c + 1) * chunk;
    let n = offsets.last().copied().unwrap_or(0);
    if chunk == 0 || hi > n {
        return None;
    }
    // The segment of element `hi - 1`: the last that starts at or before it.
    let r = offsets[..offsets.len() - 1].partition_point(|&o| o < hi).checked_sub(1)?;
    let (start, end) = (offsets[r], offsets[r + 1]);
    (end - start >= 2 * chunk).then(|| (c * chunk).max(start)..hi)
}

/// The pull thunk of tile `p`'s split: the merge-path search of diagonal
/// `min(p·T, S + n)` over the ends of the `S` segments (segment `r` ends
/// at `offsets[r + 1]`, the last at `n`) and the `n` elements, a
/// segment's end before the element at its position:
/// ```text
/// lo, hi = max(d - n, 0), min(d, S)
/// while lo < hi: mid = lo + (hi - lo) / 2
///                if end(mid) < d - mid then lo = mid + 1 else hi = mid
/// ```
/// (`merge_split` for the evaluators; the backend's chunk searches are
/// the same loop in C). A search of several rows a step is slower: note
/// [the splits' search].
fn split_thunk(low: &mut LiftKernel, offsets: KVar, lengths: KVar, tile: i64) -> Thunk {
    split_search(low, offsets, lengths, tile, false)
}

/// [`split_thunk`] within a bracket the caller found: the thunk of `(p,
/// lo, hi)`, whose search starts from `[lo, hi]` (within the usual
/// bounds), `lo ≤ split ≤ hi`: the teams' splits, bracketed from samples
/// of the offsets in local memory (note [splits from samples]). The
/// evaluators' `merge_split` needs no bracket (the same row).
fn split_within_thunk(low: &mut LiftKernel, offsets: KVar, lengths: KVar, tile: i64) -> Thunk {
    split_search(low, offsets, lengths, tile, true)
}

/// The thunk of [`split_thunk`], or of [`split_within_thunk`] `within` a
/// bracket.
fn split_search(low: &mut LiftKernel, offsets: KVar, lengths: KVar, tile: i64, within: bool) -> Thunk {
    let int = Scalar::Int;
    let bin = |op, a, b| GExpr::binary(op, int, a, b);
    let [p, n, d, lo, hi, mid] = ["p", "n", "d", "lo", "hi", "mid"].map(|x| low.flat.new_var(x, VarType::Scalar(int)));
    let bracket = within.then(|| ["lo0", "hi0"].map(|x| low.flat.new_var(x, VarType::Scalar(int))));
    let segs = || GExpr::Length(offsets);
    let v = GExpr::Var;
    let end = GExpr::if_(
        bin(BinaryOp::Lt, bin(BinaryOp::Add, v(mid), GExpr::int(1)), segs()),
        GExpr::read(offsets, bin(BinaryOp::Add, v(mid), GExpr::int(1))),
        v(n),
    );
    let step = GExpr::Let {
        vars: vec![mid],
        value: Box::new(bin(BinaryOp::Add, v(lo), bin(BinaryOp::Div, bin(BinaryOp::Sub, v(hi), v(lo)), GExpr::int(2)))),
        body: Box::new(GExpr::if_(
            bin(BinaryOp::Lt, end, bin(BinaryOp::Sub, v(d), v(mid))),
            GExpr::Tuple(vec![bin(BinaryOp::Add, v(mid), GExpr::int(1)), v(hi)]),
            GExpr::Tuple(vec![v(lo), v(mid)]),
        )),
    };
    let search = GExpr::Loop {
        vars: vec![lo, hi],
        init: {
            let (lo, hi) =
                (bin(BinaryOp::Max, bin(BinaryOp::Sub, v(d), v(n)), GExpr::int(0)), bin(BinaryOp::Min, v(d), segs()));
            match bracket {
                Some([lo0, hi0]) => vec![bin(BinaryOp::Max, lo, v(lo0)), bin(BinaryOp::Min, hi, v(hi0))],
                None => vec![lo, hi],
            }
        },
        cond: Box::new(bin(BinaryOp::Lt, v(lo), v(hi))),
        step: Box::new(step),
        result: Box::new(v(lo)),
    };
    let diagonal = bin(BinaryOp::Min, bin(BinaryOp::Mul, v(p), GExpr::int(tile)), bin(BinaryOp::Add, segs(), v(n)));
    let body = GExpr::Let {
        vars: vec![n],
        value: Box::new(crate::lower::end_of_last(offsets, lengths)),
        body: Box::new(GExpr::Let { vars: vec![d], value: Box::new(diagonal), body: Box::new(search) }),
    };
    let mut params = vec![p];
    params.extend(bracket.into_iter().flatten());
    Thunk { params, body }
}

// Note [the splits' search]
// ~~~~~~~~~~~~~~~~~~~~~~~~~
// The splits' kernel (one work-item a tile, 32K tiles on SpMV's 7·10^6
// power-law rows) is a binary search of 23 dependent loads a work-item,
// and looks like pure latency. A K-ary search looks shallower: a step
// probes `q_j = lo + ⌊j·(hi - lo)/(K + 1)⌋`, j = 1..K, rows whose loads
// depend only on `lo` and `hi` (in flight together, the row clamped to
// `S - 1` and `n` selected after the load, no branch between them), and
// narrows to `lo' = max(lo, max{q_j + 1 : P(q_j)})`, `hi' = min(hi,
// min{q_j : ¬P(q_j)})` by selects: `⌊log_{K+1} len⌋ + 1` steps (8 for K
// = 7), the binary search's row for every diagonal (`P(r) = end(r) < d
// - r` holds on a prefix; the probes lie in `[lo, hi)` in order, so
// `P` holds on `[lo₀, lo)` and fails on `[hi, hi₀)` after each step, and
// `hi' - lo' ≤ ⌊len/(K+1)⌋`). It was slower on the H100 (one call, main's
// binary as the baseline, medians of 14 runs of `primitives/spmv.nesl`
// SHAPE 2, ms a call of the splits' kernel): binary 0.0191, K = 3
// 0.0253, K = 7 0.0256, K = 15 0.0438; the merge's own kernel unchanged
// (1.264). So the kernel is not bound by its chain of loads but, it
// seems (an estimate: no counters were read), by the distinct lines it
// misses, 32K work-items with a load each keeping the memory system as
// busy as it gets: the times follow the lines a work-item touches below
// the levels that neighbouring tiles share (their splits are ~200 rows
// apart): about 11 for the binary search (one line a level until the
// bracket fits one line), 16 and 17 for K = 3 and 7, 38 for K = 15.
// What would make it cheaper touches fewer lines (the splits searched
// where the merge's group reads the offsets anyway), not more at once.
// The K-ary search was not kept; the tests below, written for it, check
// the binary search against `merge_split` the same way. An interpolation
// search was slower too (note [splits from samples]); samples of the
// offsets in local memory shorten the search instead.

// Beside the function it tests, not at the end of the file.
#[cfg(test)]
#[allow(clippy::items_after_test_module)]
mod split_tests {
    //! `split_thunk` run by the flat IR's evaluator against `merge_split`
    //! at every tile's diagonal (note [the splits' search]).
    use flatten::eval::{ArrayValue, FlatValue, ScalarRunner, ScalarValue};
    use flatten::ir::{KVar, Kernel, Scalar, VarType};
    use proptest::prelude::*;

    use super::{merge_split, split_thunk, split_within_thunk};

    /// The splits of tiles `0 ..= ⌈(S + n) / tile⌉ + 1` (the last past the
    /// end: its diagonal is `S + n`) of segments of these `lengths`, by the
    /// thunk and by `merge_split`.
    fn splits(lengths: &[usize], tile: i64) -> (Vec<i64>, Vec<i64>) {
        let by_search = searched(lengths, tile);
        (run_thunk(lengths, tile, |_, _| None), by_search)
    }

    /// `merge_split` of every tile's diagonal (as [`splits`]).
    fn searched(lengths: &[usize], tile: i64) -> Vec<i64> {
        let ends = ends_of(lengths);
        let (s, n) = (lengths.len(), ends[lengths.len()]);
        let tiles = (s + n).div_ceil(tile as usize);
        (0..=tiles + 1).map(|p| merge_split(&ends, 0, s, 0, (p * tile as usize).min(s + n)) as i64).collect()
    }

    fn ends_of(lengths: &[usize]) -> Vec<usize> {
        let mut ends = vec![0usize];
        for len in lengths {
            ends.push(ends[ends.len() - 1] + len);
        }
        ends
    }

    /// The thunk at every tile, or `split_within_thunk` where `bracket`
    /// gives tile `p` (with its split) a bracket.
    fn run_thunk(lengths: &[usize], tile: i64, bracket: impl Fn(usize, i64) -> Option<(i64, i64)>) -> Vec<i64> {
        let mut flat = Kernel { name: "splits".into(), params: vec![], body: vec![], results: vec![], vars: vec![] };
        let array = |flat: &mut Kernel, name: &str| flat.new_var(name, VarType::Array(Scalar::Int));
        let (offsets, lengths_var): (KVar, KVar) = (array(&mut flat, "offsets"), array(&mut flat, "lengths"));
        flat.params = vec![offsets, lengths_var];
        let mut low = crate::lower::lower_kernel(&flat).expect("a kernel of no SOACs lowers");
        let thunk = split_thunk(&mut low, offsets, lengths_var, tile);
        let within = split_within_thunk(&mut low, offsets, lengths_var, tile);
        let ends = ends_of(lengths);
        let s = lengths.len();
        let mut runner = ScalarRunner::new(&low.flat);
        let starts = ends[..s].iter().map(|&o| o as i64).collect();
        runner.bind(offsets, FlatValue::Array(ArrayValue::ints(starts))).expect("offsets bind");
        let lens = lengths.iter().map(|&l| l as i64).collect();
        runner.bind(lengths_var, FlatValue::Array(ArrayValue::ints(lens))).expect("lengths bind");
        let searched = searched(lengths, tile);
        let mut out = Vec::new();
        for (p, &split) in searched.iter().enumerate() {
            let got = match bracket(p, split) {
                Some((lo, hi)) => {
                    let args = [ScalarValue::Int(p as i64), ScalarValue::Int(lo), ScalarValue::Int(hi)];
                    runner.apply(&within, &args, 1)
                }
                None => runner.apply(&thunk, &[ScalarValue::Int(p as i64)], 1),
            };
            match got.expect("the split runs").as_slice() {
                [ScalarValue::Int(r)] => out.push(*r),
                other => panic!("tile {p}: the split gave {other:?}"),
            }
        }
        out
    }

    /// Brackets around each split: exact, the whole range, and `a` rows
    /// below to `b` above (clamped to the rows `0..=S`).
    fn bracketed(lengths: &[usize], tile: i64, a: i64, b: i64) -> (Vec<i64>, Vec<i64>) {
        let s = lengths.len() as i64;
        let got = run_thunk(lengths, tile, |p, split| {
            Some(match p % 3 {
                0 => (split, split),
                1 => (0, s),
                _ => ((split - a - p as i64 % 7).max(0), (split + b + p as i64 % 5).min(s)),
            })
        });
        (got, searched(lengths, tile))
    }

    #[test]
    fn splits_agree_with_the_binary_search_on_fixed_shapes() {
        let huge_among_tiny: Vec<usize> = (0..3000).map(|r| if r == 1234 { 100_000 } else { r % 3 }).collect();
        let shapes: [(Vec<usize>, &[i64]); 7] = [
            (vec![], &[1, 5, 2048]),
            (vec![0; 50], &[1, 3, 8, 100]),
            (vec![100_000], &[1, 9, 2048, 1 << 30]),
            ((0..20_000).map(|r| r % 2).collect(), &[1, 7, 2048]),
            (huge_among_tiny, &[1, 64, 2048]),
            ((0..4096).map(|j| 4096 / (1 + (j * 1_299_709 + 12_345) % 4096)).collect(), &[1, 2048]),
            ((0..9).collect(), &[1, 2, 1 << 40]),
        ];
        for (lengths, tiles) in shapes {
            for &tile in tiles {
                let (thunk, search) = splits(&lengths, tile);
                assert_eq!(thunk, search, "{} segments, tiles of {tile}", lengths.len());
            }
        }
    }

    #[test]
    fn splits_within_a_bracket_agree_with_the_binary_search() {
        let power_law: Vec<usize> = (0..4096).map(|j| 4096 / (1 + (j * 1_299_709 + 12_345) % 4096)).collect();
        let huge_among_tiny: Vec<usize> = (0..3000).map(|r| if r == 1234 { 100_000 } else { r % 3 }).collect();
        for lengths in [vec![], vec![0; 50], vec![100_000], power_law, huge_among_tiny] {
            for tile in [1, 7, 2048] {
                for (a, b) in [(0, 0), (1, 3), (40, 9), (1000, 1000)] {
                    let (got, search) = bracketed(&lengths, tile, a, b);
                    assert_eq!(got, search, "{} segments, tiles of {tile}, bracket -{a} +{b}", lengths.len());
                }
            }
        }
    }

    /// Segment lengths: many tiny ones with empties, a few long ones, one
    /// huge one among short ones, or none.
    fn lengths() -> impl Strategy<Value = Vec<usize>> {
        prop_oneof![
            prop::collection::vec(0usize..4, 0..300),
            prop::collection::vec(0usize..3000, 0..12),
            (prop::collection::vec(0usize..3, 1..200), 0usize..200, 1000usize..20_000).prop_map(|(mut v, at, huge)| {
                let at = at % v.len();
                v[at] = huge;
                v
            }),
            Just(Vec::new()),
        ]
    }

    proptest! {
        #[test]
        fn splits_agree_with_the_binary_search_on_random_offsets(
            lengths in lengths(),
            tile in prop_oneof![1i64..12, Just(2048i64), Just(1i64 << 40)],
        ) {
            let (thunk, search) = splits(&lengths, tile);
            prop_assert_eq!(thunk, search);
        }

        #[test]
        fn splits_within_random_brackets_agree_with_the_binary_search(
            lengths in lengths(),
            tile in prop_oneof![1i64..12, Just(2048i64)],
            (a, b) in (0i64..300, 0i64..300),
        ) {
            let (got, search) = bracketed(&lengths, tile, a, b);
            prop_assert_eq!(got, search);
        }
    }
}

/// `hoist-element-reads`: the segments' pull thunk `pull` with its reads
/// at the element's position `p` replaced by parameters after `p`, for
/// the arrays that are in bounds at every `p < n`, so that they may be
/// loaded before anything the pull checks: those of exactly the
/// segments' `n` elements, and those the pull reads at `p` on every path
/// that does not fault ([`reads_always_at`]: the columns of a sequence of
/// tuples). None where it makes no such read. Only arrays of ints and
/// floats (read as they are stored) are taken out.
fn hoist_element_reads(
    low: &mut LiftKernel,
    pull: UserFunId,
    elements: &ArithExpr,
) -> Result<Option<HoistedPull>, Unsupported> {
    let UserFunDef::Thunk(thunk) = &low.user_fun(pull).def else { return Ok(None) };
    let [p] = thunk.params[..] else { return Ok(None) };
    let (thunk, name, results) = (thunk.clone(), low.user_fun(pull).name.clone(), low.user_fun(pull).results.clone());
    let (mut read, mut always) = (Vec::new(), Vec::new());
    reads_at(&thunk.body, p, &mut read);
    reads_always_at(&thunk.body, p, &mut always);
    let mut arrays: Vec<KVar> = Vec::new();
    for a in read {
        let fits = always.contains(&a) || crate::typecheck::input_length(low, a).is_some_and(|len| len == *elements);
        let plain = matches!(low.flat.var(a).ty, VarType::Array(Scalar::Int | Scalar::Float));
        if fits && plain && !low.counters.contains(&a) && !arrays.contains(&a) {
            arrays.push(a);
        }
    }
    if arrays.is_empty() {
        return Ok(None);
    }
    let mut values = Vec::with_capacity(arrays.len());
    for &a in &arrays {
        let VarType::Array(elem) = low.flat.var(a).ty else { return Ok(None) };
        let at = format!("{}_at", low.flat.var(a).name);
        values.push((a, low.flat.new_var(at, VarType::Scalar(elem))));
    }
    let body = replace_reads_at(&thunk.body, p, &values);
    let params = std::iter::once(p).chain(values.iter().map(|(_, v)| *v)).collect();
    let hoisted = crate::lower::add_user_fun(low, &format!("{name}_hoisted"), &Thunk { params, body }, results)?;
    low.rules_applied.push("hoist-element-reads".into());
    Ok(Some(HoistedPull { pull: hoisted, arrays }))
}

/// The arrays `e` reads at exactly `p` on every path that does not fault
/// (not in a branch of an `if`, the right of a short-circuit operator, a
/// fault's payload or a loop's body). Where the pull runs at every
/// element's position `p < n` without a fault, such an array has at
/// least `n` elements.
fn reads_always_at(e: &GExpr, p: KVar, out: &mut Vec<KVar>) {
    match e {
        GExpr::Read { array, index } => {
            if **index == GExpr::Var(p) {
                out.push(*array);
            }
            reads_always_at(index, p, out);
        }
        GExpr::Var(_) | GExpr::Const(_) | GExpr::Length(_) => {}
        GExpr::SegmentOf { index, .. } => reads_always_at(index, p, out),
        GExpr::ParseNumber { start, length, .. } => {
            reads_always_at(start, p, out);
            reads_always_at(length, p, out);
        }
        GExpr::Unary { arg, .. } => reads_always_at(arg, p, out),
        GExpr::Binary { op, lhs, rhs, .. } => {
            reads_always_at(lhs, p, out);
            if !matches!(op, BinaryOp::And | BinaryOp::Or) {
                reads_always_at(rhs, p, out);
            }
        }
        GExpr::If { cond, .. } => reads_always_at(cond, p, out),
        GExpr::Let { vars, value, body } => {
            reads_always_at(value, p, out);
            if !vars.contains(&p) {
                reads_always_at(body, p, out);
            }
        }
        GExpr::Tuple(items) => items.iter().for_each(|i| reads_always_at(i, p, out)),
        GExpr::Assert { cond, body, .. } => {
            reads_always_at(cond, p, out);
            reads_always_at(body, p, out);
        }
        GExpr::Loop { init, .. } => init.iter().for_each(|i| reads_always_at(i, p, out)),
    }
}

/// `e` with each read `a[p]` of an array `a` of `values` replaced by its
/// variable (not under a `let` or loop rebinding `p`).
fn replace_reads_at(e: &GExpr, p: KVar, values: &[(KVar, KVar)]) -> GExpr {
    let r = |x: &GExpr| Box::new(replace_reads_at(x, p, values));
    match e {
        GExpr::Read { array, index } => {
            if **index == GExpr::Var(p)
                && let Some((_, v)) = values.iter().find(|(a, _)| a == array)
            {
                return GExpr::Var(*v);
            }
            GExpr::Read { array: *array, index: r(index) }
        }
        GExpr::Var(_) | GExpr::Const(_) | GExpr::Length(_) => e.clone(),
        GExpr::SegmentOf { offsets, index } => GExpr::SegmentOf { offsets: *offsets, index: r(index) },
        GExpr::ParseNumber { ty, flag, chars, start, length } => {
            GExpr::ParseNumber { ty: *ty, flag: *flag, chars: *chars, start: r(start), length: r(length) }
        }
        GExpr::Unary { op, ty, arg } => GExpr::Unary { op: *op, ty: *ty, arg: r(arg) },
        GExpr::Binary { op, ty, lhs, rhs } => GExpr::Binary { op: *op, ty: *ty, lhs: r(lhs), rhs: r(rhs) },
        GExpr::If { cond, then_branch, else_branch } => {
            GExpr::If { cond: r(cond), then_branch: r(then_branch), else_branch: r(else_branch) }
        }
        GExpr::Let { vars, value, body } => GExpr::Let {
            vars: vars.clone(),
            value: r(value),
            body: if vars.contains(&p) { body.clone() } else { r(body) },
        },
        GExpr::Tuple(items) => GExpr::Tuple(items.iter().map(|i| replace_reads_at(i, p, values)).collect()),
        GExpr::Assert { cond, site, payload, body } => GExpr::Assert {
            cond: r(cond),
            site: *site,
            payload: payload.iter().map(|i| replace_reads_at(i, p, values)).collect(),
            body: r(body),
        },
        GExpr::Loop { vars, init, cond, step, result } => {
            let inside = |x: &GExpr| if vars.contains(&p) { Box::new(x.clone()) } else { r(x) };
            GExpr::Loop {
                vars: vars.clone(),
                init: init.iter().map(|i| replace_reads_at(i, p, values)).collect(),
                cond: inside(cond),
                step: inside(step),
                result: inside(result),
            }
        }
    }
}

/// The work-items of a `segReduce-merge` group (at most
/// [`Config::group_size`]) unless [`Config::merge_group_size`] says
/// otherwise. On the H200, SpMV of 7M power-law rows (8 items a
/// work-item, `primitives.py`'s rows in one call, ms of kernels a run):
/// groups of 128 0.9796 / 0.9812 / 0.9799, of 256 1.0318 / 1.0312 /
/// 1.0307 / 1.0323, of 64 1.4321; 6 or 10 items at 128 1.0530 / 1.0711.
/// (On the H100, before the merge's evict-first reads and lagged
/// look-back, 128 had taken 1.422 ms against 256's 1.365.)
pub const MERGE_GROUP_SIZE: i64 = 128;

/// The merge items per work-item of `segReduce-merge` for an accumulator
/// of `components` scalars, so that a chunk of values, ends and carries
/// (`MergeValues`, `MergeEnds`) stays within 32 KiB of local memory at 256
/// work-items; none (teams instead) for wider accumulators. One component
/// takes 8: on the H100 the lagged merge of SpMV's power-law rows with
/// evict-first streaming reads took 1.327 ms of kernels with 8 and 1.331
/// with 7, both at 64 registers (note [the merge's loads evict first] in
/// `opencl_backend::codegen::seg_merge`; 7 had won before those reads).
pub fn merge_items(components: usize) -> Option<i64> {
    match components {
        1 => Some(8),
        2 => Some(4),
        _ => None,
    }
}

/// The length of an array that pull thunk `pull` reads at its parameter
/// (the element's position), if the sizes know it.
fn read_length(low: &LiftKernel, pull: UserFunId) -> Option<ArithExpr> {
    let UserFunDef::Thunk(thunk) = &low.user_fun(pull).def else { return None };
    let [p] = thunk.params[..] else { return None };
    let mut arrays = Vec::new();
    reads_at(&thunk.body, p, &mut arrays);
    arrays.into_iter().find_map(|a| crate::typecheck::input_length(low, a))
}

/// The arrays `e` reads at exactly `p` (not under a `let` rebinding `p`).
fn reads_at(e: &GExpr, p: KVar, out: &mut Vec<KVar>) {
    match e {
        GExpr::Read { array, index } => {
            if **index == GExpr::Var(p) {
                out.push(*array);
            }
            reads_at(index, p, out);
        }
        GExpr::Var(_) | GExpr::Const(_) | GExpr::Length(_) => {}
        GExpr::SegmentOf { index, .. } => reads_at(index, p, out),
        GExpr::ParseNumber { start, length, .. } => {
            reads_at(start, p, out);
            reads_at(length, p, out);
        }
        GExpr::Unary { arg, .. } => reads_at(arg, p, out),
        GExpr::Binary { lhs, rhs, .. } => {
            reads_at(lhs, p, out);
            reads_at(rhs, p, out);
        }
        GExpr::If { cond, then_branch, else_branch } => {
            reads_at(cond, p, out);
            reads_at(then_branch, p, out);
            reads_at(else_branch, p, out);
        }
        GExpr::Let { vars, value, body } => {
            reads_at(value, p, out);
            if !vars.contains(&p) {
                reads_at(body, p, out);
            }
        }
        GExpr::Tuple(items) => items.iter().for_each(|i| reads_at(i, p, out)),
        GExpr::Assert { cond, payload, body, .. } => {
            reads_at(cond, p, out);
            payload.iter().for_each(|i| reads_at(i, p, out));
            reads_at(body, p, out);
        }
        GExpr::Loop { vars, init, cond, step, result } => {
            init.iter().for_each(|i| reads_at(i, p, out));
            if !vars.contains(&p) {
                reads_at(cond, p, out);
                reads_at(step, p, out);
                reads_at(result, p, out);
            }
        }
    }
}
