//! The rewrite rules from high-level to low-level Lift, each with a name
//! (lift-patterns-and-rules.txt, and Figure 7 of the CGO'17 paper for the
//! reduction), and the strategy that applies them to every stage.
//!
//! - `map-to-mapGlb`: `map(f) $ xs` at the top of a stage is
//!   `mapGlb(0)(toGlobal(f)) $ xs`: one work-item per element.
//! - `map-to-mapSeq`, `reduce-to-reduceSeq`: inside a work-item, `map` is a
//!   sequential loop and `reduce(f)(z, xs)` is `toGlobal(mapSeq(id)) $
//!   reduceSeq(f)(z, xs)` (the accumulator in private memory, copied out).
//! - `scan-to-scanSeq`: inside a work-item, `scan(f)(z, xs)` is
//!   `scanSeq(f)(z, xs)`, writing each prefix where the scan's result goes
//!   (a nested `scan` in a `map`; the segmented SOACs no longer give one:
//!   they are flat scans, see [`crate::lower`]).
//! - `reduce-partial`: `reduce(f)(z, xs) = reduce(f)(z, partRed(f, G)(z, xs))`
//!   (`reduce == reduce o partialReduce`), with `G` a bounded number of
//!   work-groups.
//! - `split-kernel`: a `partRed` whose result a `reduce` consumes becomes a
//!   stage of its own, writing a temporary in global memory: work-groups
//!   cannot synchronise inside one launch.
//! - `partRed-workgroup-tree`: `partRed(f, G)(z, xs)` is, with work-groups
//!   of `L` work-items (`L` a power of two) and `C = ⌈n / (G·L)⌉`:
//!   ```text
//!   join o mapWrg(0)(join o toGlobal(mapLcl(0)(mapSeq(id))) o split(1) o
//!       iterate(log2 L)(join o mapLcl(0)(mapSeq(id) o reduceSeq(f)(z)) o split(2)) o
//!       join o toLocal(mapLcl(0)(mapSeq(id) o reduceSeq(f)(z))) o split(C))
//!     o split(L·C) o gather(reorderStride(C)) o pad(G·L·C, z) $ xs
//!   ```
//!   (`partialReduce == join o map(partialReduce) o split` twice, the
//!   inner one by a tree): each work-item reduces `C` elements into a
//!   private accumulator, reading them coalesced (work-item `t` of the
//!   grid reads `t, t + G·L, ...`, the `gather`), the work-group combines
//!   its `L` values by a tree in local memory, and work-item 0 writes the
//!   group's value to global memory.
//! - `reorder-commutative`: the `gather` above, only for a commutative
//!   operator (`+` on ints and floats, `max` on ints, ...): otherwise each
//!   work-item reduces a contiguous chunk, so that the combination keeps
//!   the order of the elements.
//! - `reduce-single-workgroup`: the final `reduce(f)(z, ys)` over the
//!   partial results is `partRed(f, 1)(z, ys)`, the same tree in one
//!   work-group.
//! - `scan-lookback`: `scan(f)(z, xs)` in one launch, the tiles chained
//!   by decoupled look-back (`scanLookback`, [`crate::lookback`]): for
//!   operators exact on their values (no float component), whose result
//!   then does not depend on the order in which look-back combines the
//!   tiles; reads the input once. The other scans (floats; elements too
//!   wide for a tile; `Config::lookback` off) are `scan-tiles`.
//! - `filter-lookback`: `filter(keep)(xs)` in one launch: look-back over
//!   the tiles' counts, each tile writing its kept elements from its
//!   offset ([`crate::lookback`]); where a tile of the elements does not
//!   fit local memory, `filter-flags-fused` (a scan of the flags, the
//!   count, a scatter).
//! - `scan-tiles`: `scan(f)(z, xs)` as reduce-then-scan over contiguous
//!   tiles of `L·T` elements, one per work-group (`T` odd, as many as the
//!   local memory allows for the element's components): each tile's total,
//!   the totals' exclusive scan (by `scan-tiles` again,
//!   `scan-tiles-nested`, then by one work-group), each tile's scan from
//!   its offset. See `lower_scan_tiles`.
//! - `tile-coalesced`: a tile in local memory is
//!   `gather(reorderStride(L)) o join o toLocal(mapLcl(0)(mapSeq(id))) o
//!   split(T) o gather(reorderStride(T)) $ tile` (two inverse
//!   permutations): work-item `t` copies elements `t, t + L, ...`
//!   (coalesced) and the backend writes the outer gather through the
//!   copy's writes, so each work-item then reads `T` contiguous elements
//!   from local memory; under `toGlobal` the same pattern writes a local
//!   tile out coalesced.
//! - `scan-workgroup-two-level`: a work-group's exclusive scan of its `L`
//!   values in local memory by `√L` work-items in three steps (rows'
//!   totals, their scan, the rows' scans), not by one work-item; a
//!   look-back filter or segmented scan replaces the last two by each
//!   work-item adding the rows' totals and the values before its own
//!   ([`crate::lookback`]).
//! - `scan-blocks`: the scan in blocks of `L·C` elements with each
//!   work-item reading its contiguous chunk strided from global memory;
//!   only where a tile of even `T = 1` does not fit local memory (elements
//!   of many components).
//! - `segReduce-merge`: a segmented reduction of one- or two-component
//!   values, work-groups taking equal shares of the merge of segment ends
//!   and elements (merge-path splits from a launch before, a tile in
//!   local memory, carries combined in order, a long segment's part
//!   before its last tile folded by that tile's whole group), in
//!   [`crate::seg_reduce`].
//! - `segReduce-teams`: a segmented reduction, a team of work-items per
//!   segment (the only lowering of wider values), in
//!   [`crate::seg_reduce`].
//! - `segReduce-by-shape` (the default, [`Config::seg_reduce`]): both
//!   lowerings of a one- or two-component segmented reduction: teams,
//!   which gives up where a segment is long against the team width
//!   (setting a flag, never read back), then merge under a device guard
//!   of the flag (`Stage::guard`), so teams works on even segments and
//!   merge on uneven ones, merge's work-groups returning at once where
//!   teams did not give up.
//! - `hoist-element-reads`: with either lowering, the reads the segments'
//!   pull makes at the element's position (the columns of the sequence,
//!   in bounds at every position) become parameters of a second pull, so
//!   that a work-item loads them for a batch of [`Config::seg_batch`]
//!   elements before it calls the pull on any: the pull's fault check
//!   (a branch, a write of the error flag) no longer orders the loads.
//!   In [`crate::seg_reduce`].
//! - `segScan-lookback`: a segmented scan of an exact operator in one
//!   look-back launch, each tile finding its segment heads from the
//!   descriptor; `segScan-flag-pairs` elsewhere: a scan over (head flag,
//!   value) pairs between a stage of head flags and one picking the
//!   values. In [`crate::seg_scan`].
//! - `radix-tiles` (applied by [`crate::lower`], since the flat IR's
//!   `RADIX_PASS` has no high-level Lift form of its own): a radix pass
//!   as per-tile digit counts (`radixCounts`), their exclusive `scan`
//!   (which `scan-tiles` lowers), and a stable scatter by ranks within
//!   each tile (`radixScatter`); in [`crate::radix`].
//! - `map-tile-segment-ids`: `map(id) $ generate(n, pull)` whose pull
//!   searches a descriptor's offsets at its own position is
//!   `mapTileSegmentIds(tiles, pull')()`: each work-group finds the
//!   segments of its tile of positions once, in local memory, and
//!   `pull'` takes the segment instead of searching
//!   ([`Config::segment_tiles`]; in [`crate::segment_ids`]).

use flatten::ir::{Const, VarType};

use crate::arith::{ArithExpr, Range};
use crate::ir::{Expr, Fun, LiftKernel, ParamId, SizeDef, Stage};
use crate::lower::Unsupported;

/// The parameters of the rules.
#[derive(Copy, Clone, Debug)]
pub struct Config {
    /// Work-items per work-group of a reduction or scan (a power of two).
    pub group_size: i64,
    /// At most this many work-groups in a reduction's first stage.
    pub max_groups: i64,
    /// Bytes of local memory a scan tile's stage may declare (`scan-tiles`
    /// picks the elements per work-item from it); `0` turns `scan-tiles`
    /// off (`scan-blocks` then lowers every scan).
    pub scan_local_bytes: i64,
    /// Bytes of local memory a segmented scan's look-back tile may
    /// declare (`segScan-lookback` picks its elements per work-item from
    /// it); see [`SEG_SCAN_LOCAL_BYTES`].
    pub seg_scan_local_bytes: i64,
    /// How many times `scan-tiles` scans its tile totals by `scan-tiles`
    /// again (`scan-tiles-nested`); see [`SCAN_LEVELS`].
    pub scan_levels: u32,
    /// Whether scans and filters may be single-pass (`scan-lookback`,
    /// `filter-lookback`) where they apply.
    pub lookback: bool,
    /// Whether look-back groups scan and look back by warps on NVIDIA
    /// (`lookback-warp`, note [warp look-back] in `crate::lookback`).
    pub warp_lookback: bool,
    /// How a segmented reduction of one or two components is lowered
    /// (wider ones always by `segReduce-teams`).
    pub seg_reduce: SegReduce,
    /// Elements a lane of a segmented reduction pulls before it folds
    /// them (their loads in flight together); a team's width is chosen so
    /// that a lane gets about this many of an average segment (see
    /// [`crate::seg_reduce`], `hoist-element-reads`). At least 1.
    pub seg_batch: i64,
    /// The batch of segments shorter than
    /// [`crate::seg_reduce::SHORT_SEGMENT`] on average, whose teams are a
    /// work-item or two (`NESSIE_SEG_SHORT_BATCH`, 1 to 16). At least 1.
    pub seg_short_batch: i64,
    /// At most this many work-groups in each launch of
    /// `segReduce-by-shape` where the team is narrower than the group
    /// (teams that give up): each such launch strides over its segments,
    /// and one that gave up costs about a microsecond for every thousand
    /// groups that return at once. (Merge's launches have their own cap,
    /// [`Config::merge_groups`].)
    pub seg_guarded_groups: i64,
    /// Whether the groups of such a launch take their steps by ticket
    /// (note [teams take tickets] in [`crate::seg_reduce`]; on by
    /// default, `NESSIE_TEAM_TICKETS=0` makes them stride, with at most
    /// [`crate::seg_reduce::STRIDING_GUARDED_GROUPS`] groups unless
    /// `NESSIE_SEG_GROUPS` says otherwise).
    pub seg_team_tickets: bool,
    /// The merge tiles' items a work-item (`segReduce-merge`), where set
    /// and from 1 to 16 (`NESSIE_MERGE_ITEMS`); else
    /// [`crate::seg_reduce::merge_items`].
    pub merge_items: Option<i64>,
    /// The merge's work-items a group, where set and a power of two from
    /// 32 to [`Config::group_size`] (`NESSIE_MERGE_GROUP`); else
    /// [`crate::seg_reduce::MERGE_GROUP_SIZE`] or the group size, the
    /// smaller.
    pub merge_group_size: Option<i64>,
    /// The most work-groups of a merge launch, each taking tiles until
    /// none is left (`NESSIE_MERGE_GROUPS`, at least 1); else
    /// [`crate::seg_reduce::MERGE_GROUPS`].
    pub merge_groups: i64,
    /// The most elements a work-item of an unsegmented look-back scan
    /// whose pulls gather (`scan-lookback`, note [gathering scans] in
    /// `crate::lookback`) takes, below what local memory allows
    /// ([`crate::lookback::lookback_items`]): more, smaller tiles.
    /// [`crate::lookback::GATHER_SCAN_ITEMS`] by default;
    /// `NESSIE_SCAN_LOOKBACK_ITEMS` sets it. At least 1.
    pub scan_lookback_items: i64,
    /// Work-items of a work-group of `segReduce-binned`'s serving stage
    /// (a power of two, at most [`Config::group_size`]), each group
    /// reducing one listed segment at a time.
    pub seg_list_group: i64,
    /// Where `k ≥ 1` (a power of two), `segReduce-by-shape` gives teams of
    /// at most [`crate::seg_reduce::WARP_LANES`] lanes a stage of their
    /// own whose teams combine by warp shuffles where the device compiler
    /// is NVIDIA's, with no barrier, each warp reading the give-up flag
    /// every `k` steps (`segReduce-warp-teams`, note [warp teams] in
    /// [`crate::seg_reduce`]); 0 (the default, [`crate::seg_reduce::SEG_WARP_STEPS`])
    /// turns it off. `NESSIE_SEG_WARP=k`.
    pub seg_warp_steps: i64,
    /// Whether the hoisted element reads of `segReduce-by-shape`'s teams
    /// in batches of [`Config::seg_batch`] (segments not short on
    /// average, teams narrower than the group) are streaming loads where
    /// the device compiler is NVIDIA's (`stream-element-reads`,
    /// `Teams::stream`, note [streaming element reads] in
    /// [`crate::seg_reduce`]); on by default, `NESSIE_SEG_STREAM=0` turns
    /// it off.
    pub seg_stream_loads: bool,
    /// Where a map whose pull searches a descriptor's offsets at its own
    /// position finds its tiles' segments in its own launch
    /// (`map-tile-segment-ids`, [`crate::segment_ids`]) rather than by a
    /// binary search per element.
    pub segment_tiles: SegmentTiles,
}

/// When `map-tile-segment-ids` applies.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SegmentTiles {
    /// Both lowerings, each under a condition on the sizes: the tiles
    /// where the map has at least `fusion`'s `MIN_SEGMENTS` segments and
    /// `MIN_POSITIONS` positions, the searches elsewhere (the default).
    BySize,
    /// The tiles only (tests: tiles on small data).
    Always,
    /// The searches only (`NESSIE_SEGMENT_IDS=never`, read by the OpenCL
    /// backend).
    Never,
}

/// The lowering of a segmented reduction of one or two components.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SegReduce {
    /// `segReduce-by-shape` (the default): both lowerings, the device
    /// running teams where no segment would keep its team more than
    /// [`crate::seg_reduce::TEAM_STEPS`] steps (or a team is a whole
    /// group), merge elsewhere: teams reads less and needs no tile in
    /// local memory (on the H100, SpMV of uniform rows of 8: teams 0.84×
    /// cuSPARSE, merge 0.62×), merge balances uneven segments (power-law
    /// rows: merge 0.75×, teams 0.46×). `NESSIE_SEG_REDUCE=teams|merge`
    /// (read by the OpenCL backend) forces one.
    ByShape,
    /// `segReduce-teams` only.
    Teams,
    /// `segReduce-merge` only.
    Merge,
    /// `segReduce-binned`: teams as wide as the average segment over the
    /// batch, whose long segments (more than [`crate::seg_reduce::TEAM_STEPS`]
    /// batches a lane) go to a list that a second stage reduces, a
    /// work-group a segment: no reduction of the lengths, no launch that
    /// returns at once (on the H200, SpMV: rows of 8 0.92× cuSPARSE and
    /// banded rows 1.35× against by shape's 0.84× and 1.05×, power-law
    /// rows 0.52× against 0.76×). `NESSIE_SEG_REDUCE=binned`.
    Binned,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            group_size: REDUCE_GROUP_SIZE,
            max_groups: REDUCE_MAX_GROUPS,
            scan_local_bytes: SCAN_LOCAL_BYTES,
            seg_scan_local_bytes: SEG_SCAN_LOCAL_BYTES,
            scan_levels: SCAN_LEVELS,
            lookback: true,
            warp_lookback: true,
            seg_reduce: SegReduce::ByShape,
            seg_batch: crate::seg_reduce::SEG_BATCH,
            seg_short_batch: crate::seg_reduce::SEG_SHORT_BATCH,
            seg_guarded_groups: crate::seg_reduce::SEG_GUARDED_GROUPS,
            seg_team_tickets: true,
            merge_items: None,
            merge_group_size: None,
            merge_groups: crate::seg_reduce::MERGE_GROUPS,
            scan_lookback_items: crate::lookback::GATHER_SCAN_ITEMS,
            segment_tiles: SegmentTiles::BySize,
            seg_list_group: crate::seg_reduce::SEG_LIST_GROUP,
            seg_warp_steps: crate::seg_reduce::SEG_WARP_STEPS,
            seg_stream_loads: crate::seg_reduce::SEG_STREAM_LOADS,
        }
    }
}

/// Local memory for one scan tile's stage: below the 48 KiB every
/// OpenCL GPU of interest (NVIDIA's static limit) gives a work-group.
/// On the H200 (`NESSIE_SCAN_LOCAL_BYTES`, `primitives.py scan filter
/// segscan`, one run, ms of kernels a run; the look-back tiles of 8-byte
/// elements take 19 / 13 / 9 / 5 elements a work-item at 44 / 32 / 24 /
/// 16 KiB): `plus_scan` of 2^27 ints 0.662 / 0.783 / 1.107 / 1.798, the
/// filter of 2^27 floats 0.690 / 0.786 / 1.094 / 1.657, the segmented
/// scan of 2^22 rows of 8 0.283 / 0.343 / 0.402 / 0.533. At 48 KiB
/// (21 elements) the plain scan's group no longer fits five times in an
/// SM (45.7 KB of local memory): `plus_scan` 0.696, the filter 0.754; the
/// segmented scan, whose 64 registers hold it to four groups an SM
/// anyway, 0.255 against 0.273 (power-law rows 0.275 against 0.288): it
/// has a budget of its own, [`SEG_SCAN_LOCAL_BYTES`]. With
/// `lookback-warp`, which made a tile's fixed cost smaller, 44 KiB is
/// still the best (one call, two runs each): `plus_scan` 0.549 / 0.550
/// ms against 0.556 / 0.558 at 36 KiB, 0.601 / 0.598 at 28 KiB and 0.595
/// / 0.602 at 48 KiB; the filter 0.548 / 0.545 against 0.575 / 0.576,
/// 0.596 / 0.595 and 0.548 / 0.552.
pub const SCAN_LOCAL_BYTES: i64 = 44 * 1024;

/// Local memory for a segmented scan's look-back tile: all of the 48 KiB.
/// Its group carries (head flag, value) pairs, twice the registers of a
/// plain scan's (64 on the H200 for a segmented `plus_scan`), which hold
/// it to four groups an SM whatever its tile: the larger tile costs no
/// concurrency there and shares the tile's fixed cost among more
/// elements. On the H200 (`primitives.py segscan`, two runs each,
/// alternating, ms of kernels a run; note [a head ends the look-back] in
/// opencl-backend's `codegen/lookback.rs` in both): 2^22 rows of 8 0.238 /
/// 0.240 against 0.252 / 0.253 at 44 KiB, power-law rows 0.257 / 0.257
/// against 0.269 / 0.270. With `lookback-warp` (one call, two runs each):
/// rows of 8 0.184 / 0.184 against 0.199 / 0.199 at 40 KiB and 0.210 /
/// 0.210 at 32 KiB, power-law rows 0.205 / 0.207 against 0.219 / 0.218
/// and 0.235 / 0.235.
pub const SEG_SCAN_LOCAL_BYTES: i64 = 48 * 1024;

/// Work-items per work-group of a reduction (a power of two).
pub const REDUCE_GROUP_SIZE: i64 = 256;
/// At most this many work-groups in a reduction's first stage.
pub const REDUCE_MAX_GROUPS: i64 = 1024;

/// Lowers every stage of a high-level kernel to low-level Lift.
pub fn lower_to_low_level(high: &LiftKernel) -> Result<LiftKernel, Unsupported> {
    lower_to_low_level_with(high, &Config::default())
}

/// [`lower_to_low_level`] with other parameters (small groups, so that
/// tests reach every case with small inputs).
pub fn lower_to_low_level_with(high: &LiftKernel, cfg: &Config) -> Result<LiftKernel, Unsupported> {
    let mut low = high.clone();
    low.stages.clear();
    for stage in &high.stages {
        for new_stage in lower_stage(&mut low, stage, cfg)? {
            low.stages.push(new_stage);
        }
    }
    crate::barriers::eliminate_barriers(&mut low);
    unique_stage_names(&mut low);
    Ok(low)
}

/// Makes the stage names unique in the kernel and different from the
/// user functions' (`{kernel}_{name}` in C): two SOACs may have results of
/// one name.
fn unique_stage_names(low: &mut LiftKernel) {
    let mut taken: std::collections::HashSet<String> =
        low.user_funs.iter().map(|u| format!("{}_{}", low.name, u.name)).collect();
    for stage in &mut low.stages {
        let mut name = stage.name.clone();
        let mut k = 1;
        while taken.contains(&name) {
            name = format!("{}_{k}", stage.name);
            k += 1;
        }
        taken.insert(name.clone());
        stage.name = name;
    }
}

pub(crate) fn lower_stage(low: &mut LiftKernel, stage: &Stage, cfg: &Config) -> Result<Vec<Stage>, Unsupported> {
    if let Some(stages) = crate::seg_reduce::lower_seg_reduce(low, stage, cfg)? {
        return Ok(stages);
    }
    if let Some(stages) = crate::seg_scan::lower_seg_scan(low, stage, cfg)? {
        return Ok(stages);
    }
    if let Some(stages) = crate::segment_ids::map_tile_segment_ids(low, stage, cfg)? {
        return Ok(stages);
    }
    match &stage.body {
        // radix-tiles' own patterns are already low-level.
        Expr::Apply(Fun::RadixCounts(_) | Fun::RadixScatter(..), _) => Ok(vec![stage.clone()]),
        // segment-ids-tiles' pattern is already low-level.
        Expr::Apply(Fun::SegmentIds(_), _) => Ok(vec![stage.clone()]),
        // reduce(f)(z, xs)
        Expr::Apply(Fun::Reduce(f), args) if args.len() == 2 => {
            let (z, xs) = (&args[0], &args[1]);
            let Expr::Value(neutral) = z else {
                return Err(Unsupported { what: "a reduction whose neutral element is not a literal".into() });
            };
            let n = low_length(low, xs)?;
            // reduce-partial
            low.rules_applied.push("reduce-partial".into());
            let (groups, chunk, final_chunk) = reduction_sizes(low, &n, cfg);
            // reorder-commutative: reading coalesced reorders the elements,
            // which only a commutative operator allows.
            let coalesce = is_commutative(low, f);
            if coalesce {
                low.rules_applied.push("reorder-commutative".into());
            }
            // split-kernel: the partial results go to temporaries.
            low.rules_applied.push("split-kernel".into());
            let partials = temporaries(low, stage, "partials", &groups);
            low.rules_applied.push("partRed-workgroup-tree".into());
            let first = workgroup_tree(low, f, neutral, xs.clone(), coalesce, (&groups, &chunk), cfg);
            // reduce-single-workgroup over the partials.
            low.rules_applied.push("reduce-single-workgroup".into());
            let ys = zip_inputs(&partials);
            let second = workgroup_tree(low, f, neutral, ys, coalesce, (&ArithExpr::one(), &final_chunk), cfg);
            Ok(vec![
                Stage {
                    name: format!("{}_partial", stage.name),
                    body: first,
                    result: partials,
                    scalar_result: false,
                    when: None,
                    guard: None,
                },
                Stage {
                    name: format!("{}_final", stage.name),
                    body: second,
                    result: stage.result.clone(),
                    scalar_result: true,
                    when: None,
                    guard: None,
                },
            ])
        }
        Expr::Apply(Fun::Scan(f), args) if args.len() == 2 => {
            let Expr::Value(neutral) = &args[0] else {
                return Err(Unsupported { what: "a scan whose neutral element is not a literal".into() });
            };
            if let Some(stages) = crate::lookback::scan_lookback(low, stage, f, &neutral.clone(), &args[1], cfg)? {
                return Ok(stages);
            }
            match scan_tile_items(neutral.len(), cfg) {
                Some(items) => {
                    lower_scan_tiles(low, stage, f, &neutral.clone(), &args[1], (items, cfg.scan_levels), cfg)
                }
                None => lower_scan(low, stage, f, &neutral.clone(), &args[1], cfg),
            }
        }
        Expr::Apply(Fun::Filter(keep), args) if args.len() == 1 => {
            crate::lookback::lower_filter(low, stage, &keep.clone(), &args[0], cfg)
        }
        // zip(scan(f)(z, xs), generate(n, along)): a map along a scan.
        Expr::Apply(Fun::Zip, args)
            if let [Expr::Apply(Fun::Scan(f), scan_args), Expr::Apply(Fun::Generate(_, along), _)] = &args[..] =>
        {
            crate::lookback::lower_map_along_scan(low, stage, f, scan_args, *along, &args[1], cfg)
        }
        Expr::Apply(Fun::Filters(keeps), args) if args.len() == 1 => {
            crate::lookback::lower_filters(low, stage, &keeps.clone(), &args[0], cfg)
        }
        Expr::Apply(Fun::Horizontal(parts), args) => {
            crate::lookback::lower_horizontal(low, stage, &parts.clone(), &args.clone(), cfg)
        }
        // map(f) $ xs, possibly under a join.
        body => {
            let lowered = lower_top(low, body)?;
            Ok(vec![Stage { body: lowered, ..stage.clone() }])
        }
    }
}

/// The sizes of a reduction or scan over `n` elements: the number of
/// work-groups, the elements per work-item, and the partial results per
/// work-item of the final single-group step. At least one group and one
/// element per work-item, so that every range is honest also for an empty
/// input (one group then reduces padding).
fn reduction_sizes(low: &mut LiftKernel, n: &ArithExpr, cfg: &Config) -> (ArithExpr, ArithExpr, ArithExpr) {
    let groups_def = n.clone().ceil_div(cfg.group_size).min(cfg.max_groups).max(1);
    let groups =
        ArithExpr::var(&low.size_var("groups", SizeDef::Derived(groups_def), Range::between(1, cfg.max_groups)));
    let chunk_def = n.clone().ceil_div(&groups * cfg.group_size).max(1);
    let chunk = ArithExpr::var(&low.size_var("chunk", SizeDef::Derived(chunk_def), Range::at_least(1)));
    let final_chunk_def = groups.clone().ceil_div(cfg.group_size);
    let final_chunk = ArithExpr::var(&low.size_var(
        "final_chunk",
        SizeDef::Derived(final_chunk_def),
        Range::between(1, (cfg.max_groups + cfg.group_size - 1) / cfg.group_size),
    ));
    (groups, chunk, final_chunk)
}

/// New temporaries of the kernel, one per result of `stage`, named
/// `{result}_{suffix}`, of length `len`.
fn temporaries(low: &mut LiftKernel, stage: &Stage, suffix: &str, len: &ArithExpr) -> Vec<flatten::ir::KVar> {
    let mut out = Vec::new();
    for v in &stage.result {
        let name = format!("{}_{suffix}", low.flat.var(*v).name);
        let ty = VarType::Array(low.flat.var(*v).ty.scalar());
        let p = low.flat.new_var(name, ty);
        low.lengths.push((p, len.clone()));
        out.push(p);
    }
    out
}

fn zip_inputs(vars: &[flatten::ir::KVar]) -> Expr {
    match vars {
        [v] => Expr::Input(*v),
        _ => Expr::apply(Fun::Zip, vars.iter().map(|p| Expr::Input(*p)).collect()),
    }
}

/// `scan-blocks`: `scan(f)(z, xs)` in three launches over contiguous
/// blocks of `L·C` elements: the block totals (`partRed-workgroup-tree`
/// without the coalescing gather, so blocks stay contiguous), their
/// exclusive scan by one work-group (the block scan below, over the
/// `groups ≤ L·final_chunk` totals as a single block starting from `z`),
/// and the scan of each block from its offset.
fn lower_scan(
    low: &mut LiftKernel,
    stage: &Stage,
    f: &Fun,
    neutral: &[Const],
    xs: &Expr,
    cfg: &Config,
) -> Result<Vec<Stage>, Unsupported> {
    let n = low_length(low, xs)?;
    let (groups, chunk, final_chunk) = reduction_sizes(low, &n, cfg);
    low.rules_applied.push("scan-blocks".into());
    let l = ArithExpr::cst(cfg.group_size);
    let totals = temporaries(low, stage, "block_totals", &groups);
    let first = workgroup_tree(low, f, neutral, xs.clone(), false, (&groups, &chunk), cfg);
    let offsets = temporaries(low, stage, "block_offsets", &groups);
    // join o mapWrg(0)(block-scan from z) o split(L·final_chunk) o pad(L·final_chunk, z) $ totals
    let totals_block = &l * &final_chunk;
    let padded_totals = Expr::apply1(Fun::Pad(totals_block.clone(), neutral.to_vec()), zip_inputs(&totals));
    let second = Expr::apply1(
        Fun::Join,
        Expr::apply1(
            Fun::map_wrg(0, block_scan(low, f, neutral, &l, &final_chunk, false)),
            Expr::apply1(Fun::Split(totals_block.clone()), padded_totals),
        ),
    );
    for v in &offsets {
        low.capacities.push((*v, totals_block.clone()));
    }
    // join o mapWrg(0)(block-scan from each block's offset) $ zip(split(L·C) o pad $ xs, offsets)
    let padded = Expr::apply1(Fun::Pad(&groups * &l * &chunk, neutral.to_vec()), xs.clone());
    let blocks = Expr::apply1(Fun::Split(&l * &chunk), padded);
    let third = Expr::apply1(
        Fun::Join,
        Expr::apply1(
            Fun::map_wrg(0, block_scan(low, f, neutral, &l, &chunk, true)),
            Expr::apply(Fun::Zip, vec![blocks, zip_inputs(&offsets)]),
        ),
    );
    for v in &stage.result {
        low.capacities.push((*v, &groups * &l * &chunk));
    }
    Ok(vec![
        Stage {
            name: format!("{}_block_totals", stage.name),
            body: first,
            result: totals,
            scalar_result: false,
            when: None,
            guard: None,
        },
        Stage {
            name: format!("{}_block_offsets", stage.name),
            body: second,
            result: offsets,
            scalar_result: false,
            when: None,
            guard: None,
        },
        Stage {
            name: format!("{}_scan", stage.name),
            body: third,
            result: stage.result.clone(),
            scalar_result: false,
            when: None,
            guard: None,
        },
    ])
}

/// Elements per work-item of a scan tile whose elements have `k`
/// components: the largest odd `T` (at most [`MAX_SCAN_ITEMS`]) whose
/// tile-scan stage fits `cfg.scan_local_bytes` of local memory (the tile
/// and its scan, `L·T` elements each; the `L` sums and offsets; the `2·Q`
/// of the two-level scan), counting 8 bytes a component. Odd, so that
/// work-item `t` reading element `t·T + k` of a local array of a
/// power-of-two group hits distinct banks. `None`: not even `T = 1` fits
/// (`scan-blocks` then).
pub fn scan_tile_items(k: usize, cfg: &Config) -> Option<i64> {
    let l = cfg.group_size;
    let (rows, _) = two_level_shape(l);
    let elems = cfg.scan_local_bytes / (8 * k.max(1) as i64) - 2 * l - 2 * rows;
    let t = (elems / (2 * l)).min(MAX_SCAN_ITEMS);
    if t < 1 {
        return None;
    }
    Some(if t % 2 == 0 { t - 1 } else { t })
}

/// At most this many elements per work-item in a scan tile (registers).
pub const MAX_SCAN_ITEMS: i64 = 15;

/// The default of [`Config::scan_levels`]: how many times `scan-tiles`
/// scans the tile totals by `scan-tiles` again before one work-group scans
/// what is left (`scan-tiles-nested`). Zero: one work-group scans the `n / (L·T)` tile totals. Measured on the
/// H100 in one run (scripts/gpu): with one nested level, `plus_scan` of
/// 2^27 ints took 1.255 ms instead of 1.345 ms (the one-group step over
/// 58255 totals costs 0.108 ms, the nested one 0.017 ms), but every scan
/// costs two more launches, and a recursion level of quicksort runs
/// several small scans: quicksort of 10^6 took 216 ms instead of 183 ms
/// (4908 launches instead of 3628), of 10^7 813 ms instead of 783 ms. A
/// choice by the host from the size (one launch sequence or the other)
/// would give both; until the plan can branch, the launches win.
pub const SCAN_LEVELS: u32 = 0;

/// `scan-tiles` (reduce-then-scan over coalesced tiles):
/// `scan(f)(z, xs)` in three launches over contiguous tiles of `L·T`
/// elements, one tile per work-group (`tiles = ⌈n / (L·T)⌉`):
/// 1. each tile's total: `tile-coalesced` load into local memory, each
///    work-item reduces its `T` contiguous elements there, the group
///    combines the `L` values by the tree of `partRed-workgroup-tree`;
/// 2. the exclusive scan of the `tiles` totals from `z`: by `scan-tiles`
///    again (`scan-tiles-nested`, `levels` times), and then by one
///    work-group (the block scan of `scan-blocks`, over them as one block);
/// 3. each tile's scan from its offset: `tile-coalesced` load, each
///    work-item reduces its `T` elements, the group scans the `L` sums
///    (`scan-workgroup-two-level`), each work-item scans its `T` elements
///    from its offset into a second local array, and the group writes
///    that array out coalesced (`tile-coalesced` the other way).
///
/// Every work-item's elements are contiguous, so the order of the
/// elements is kept: any associative operator, tuples included.
fn lower_scan_tiles(
    low: &mut LiftKernel,
    stage: &Stage,
    f: &Fun,
    neutral: &[Const],
    xs: &Expr,
    (items, levels): (i64, u32),
    cfg: &Config,
) -> Result<Vec<Stage>, Unsupported> {
    let n = low_length(low, xs)?;
    low.rules_applied.push("scan-tiles".into());
    let l = ArithExpr::cst(cfg.group_size);
    let t = ArithExpr::cst(items);
    let tile = &l * &t;
    let tiles_def = n.clone().ceil_div(tile.clone()).max(1);
    let tiles = ArithExpr::var(&low.size_var("tiles", SizeDef::Derived(tiles_def), Range::at_least(1)));
    let padded = || Expr::apply1(Fun::Pad(&tiles * &tile, neutral.to_vec()), xs.clone());

    // 1. join o mapWrg(0)(tree o reduce-per-thread o tile) o split(L·T) o pad $ xs
    let totals = temporaries(low, stage, "tile_totals", &tiles);
    low.rules_applied.push("tile-coalesced".into());
    let mut block = None;
    let tree = group_tree(low, f, neutral, &t, &l, |low| {
        let p = low.new_param("tile");
        block = Some(p);
        coalesced_tile(Expr::Param(p), &l, &t)
    });
    let first = Expr::apply1(
        Fun::Join,
        Expr::apply1(
            Fun::map_wrg(0, Fun::Lambda(block.into_iter().collect(), Box::new(tree))),
            Expr::apply1(Fun::Split(tile.clone()), padded()),
        ),
    );

    // 2. the totals' exclusive scan.
    let offsets = temporaries(low, stage, "tile_offsets", &tiles);
    let offsets_stages = if levels > 0 {
        low.rules_applied.push("scan-tiles-nested".into());
        let scan_totals = Stage {
            name: format!("{}_tile_offsets", stage.name),
            body: Expr::apply(Fun::Scan(Box::new(f.clone())), vec![Expr::Value(neutral.to_vec()), zip_inputs(&totals)]),
            result: offsets.clone(),
            scalar_result: false,
            when: None,
            guard: None,
        };
        lower_scan_tiles(low, &scan_totals, f, neutral, &zip_inputs(&totals), (items, levels - 1), cfg)?
    } else {
        vec![tiles_offsets_by_one_group(low, stage, f, neutral, (&tiles, &totals, &offsets), cfg)]
    };

    // 3. join o mapWrg(0)(tile scan) $ zip(split(L·T) o pad $ xs, offsets)
    let third = Expr::apply1(
        Fun::Join,
        Expr::apply1(
            Fun::map_wrg(0, tile_scan(low, f, neutral, &l, &t)),
            Expr::apply(Fun::Zip, vec![Expr::apply1(Fun::Split(tile.clone()), padded()), zip_inputs(&offsets)]),
        ),
    );
    for v in &stage.result {
        low.capacities.push((*v, &tiles * &tile));
    }
    let mut stages = vec![Stage {
        name: format!("{}_tile_totals", stage.name),
        body: first,
        result: totals,
        scalar_result: false,
        when: None,
        guard: None,
    }];
    stages.extend(offsets_stages);
    stages.push(Stage {
        name: format!("{}_scan", stage.name),
        body: third,
        result: stage.result.clone(),
        scalar_result: false,
        when: None,
        guard: None,
    });
    Ok(stages)
}

/// The exclusive scan of the `tiles` values of `totals` into `offsets` by
/// one work-group (the block scan of `scan-blocks` over them as one block
/// of `L·⌈tiles / L⌉`).
fn tiles_offsets_by_one_group(
    low: &mut LiftKernel,
    stage: &Stage,
    f: &Fun,
    neutral: &[Const],
    (tiles, totals, offsets): (&ArithExpr, &[flatten::ir::KVar], &[flatten::ir::KVar]),
    cfg: &Config,
) -> Stage {
    let l = ArithExpr::cst(cfg.group_size);
    let final_def = tiles.clone().ceil_div(cfg.group_size);
    let final_chunk = ArithExpr::var(&low.size_var("tile_chunk", SizeDef::Derived(final_def), Range::at_least(1)));
    let totals_block = &l * &final_chunk;
    let padded_totals = Expr::apply1(Fun::Pad(totals_block.clone(), neutral.to_vec()), zip_inputs(totals));
    let body = Expr::apply1(
        Fun::Join,
        Expr::apply1(
            Fun::map_wrg(0, block_scan(low, f, neutral, &l, &final_chunk, false)),
            Expr::apply1(Fun::Split(totals_block.clone()), padded_totals),
        ),
    );
    for v in offsets {
        low.capacities.push((*v, totals_block.clone()));
    }
    Stage {
        name: format!("{}_tile_offsets", stage.name),
        body,
        result: offsets.to_vec(),
        scalar_result: false,
        when: None,
        guard: None,
    }
}

/// `tile-coalesced`: a tile of `L·T` elements in local memory, in order:
/// `gather(reorderStride(L)) o join o toLocal(mapLcl(0)(mapSeq(id))) o
/// split(T) o gather(reorderStride(T)) $ xs`, the identity (the two
/// gathers are inverse permutations) in which work-item `t` copies
/// elements `t, t + L, ...`: coalesced reads. The backend writes the
/// outer `gather` through the `toLocal`'s writes (so the local array
/// holds the tile in order), as Lift's `scatter` does; the same pattern
/// under `toGlobal` writes a local tile out coalesced.
fn coalesced_tile(xs: Expr, l: &ArithExpr, t: &ArithExpr) -> Expr {
    copy_tile(Fun::to_local(Fun::map_lcl(0, Fun::map_seq(Fun::Id))), xs, l, t)
}

fn copy_tile(copy: Fun, xs: Expr, l: &ArithExpr, t: &ArithExpr) -> Expr {
    let rows = Expr::apply1(Fun::Split(t.clone()), Expr::apply1(Fun::GatherStride(t.clone()), xs));
    Expr::apply1(Fun::GatherStride(l.clone()), Expr::apply1(Fun::Join, Expr::apply1(copy, rows)))
}

/// `join o toLocal(mapLcl(0)(λchunk. mapSeq(id) o reduceSeq(f)(z, chunk)))
/// o split(k) $ xs`: each work-item reduces its `k` contiguous elements of
/// `xs` into local memory, one total per work-item (`chunk` is the
/// lambda's parameter, made by the caller).
fn local_chunk_totals(f: &Fun, neutral: &[Const], chunk: ParamId, k: &ArithExpr, xs: Expr) -> Expr {
    let reduce_chunk = Fun::Lambda(
        vec![chunk],
        Box::new(Expr::apply1(
            Fun::map_seq(Fun::Id),
            Expr::apply(Fun::ReduceSeq(Box::new(f.clone())), vec![Expr::Value(neutral.to_vec()), Expr::Param(chunk)]),
        )),
    );
    Expr::apply1(
        Fun::Join,
        Expr::apply1(Fun::to_local(Fun::map_lcl(0, reduce_chunk)), Expr::apply1(Fun::Split(k.clone()), xs)),
    )
}

/// The scan of one tile (a pair of its `L·T` elements and its offset) by
/// one work-group; see [`lower_scan_tiles`], step 3.
fn tile_scan(low: &mut LiftKernel, f: &Fun, neutral: &[Const], l: &ArithExpr, t: &ArithExpr) -> Fun {
    let op = || Box::new(f.clone());
    let blk = low.new_param("block");
    let tile_p = low.new_param("tile");
    let c = low.new_param("chunk");
    let sums_p = low.new_param("sums");
    let offs_p = low.new_param("offsets");
    let th = low.new_param("thread");
    let sums = local_chunk_totals(f, neutral, c, t, Expr::Param(tile_p));
    let start = Expr::apply1(Fun::Get(1), Expr::Param(blk));
    let offs = workgroup_scan(low, f, neutral, sums_p, start, l);
    let scan_thread = Fun::Lambda(
        vec![th],
        Box::new(Expr::apply(
            Fun::ScanSeq(op()),
            vec![Expr::apply1(Fun::Get(1), Expr::Param(th)), Expr::apply1(Fun::Get(0), Expr::Param(th))],
        )),
    );
    let scanned = Expr::apply1(
        Fun::Join,
        Expr::apply1(
            Fun::to_local(Fun::map_lcl(0, scan_thread)),
            Expr::apply(Fun::Zip, vec![Expr::apply1(Fun::Split(t.clone()), Expr::Param(tile_p)), Expr::Param(offs_p)]),
        ),
    );
    let write = copy_tile(Fun::to_global(Fun::map_lcl(0, Fun::map_seq(Fun::Id))), scanned, l, t);
    let with_offs = Expr::apply1(Fun::Lambda(vec![offs_p], Box::new(write)), offs);
    let with_sums = Expr::apply1(Fun::Lambda(vec![sums_p], Box::new(with_offs)), sums);
    let tile = coalesced_tile(Expr::apply1(Fun::Get(0), Expr::Param(blk)), l, t);
    let with_tile = Expr::apply1(Fun::Lambda(vec![tile_p], Box::new(with_sums)), tile);
    Fun::Lambda(vec![blk], Box::new(with_tile))
}

/// The rows and columns of `scan-workgroup-two-level` for `L` values:
/// `Q = 2^⌊log2(L) / 2⌋` rows of `W = L / Q`.
pub fn two_level_shape(l: i64) -> (i64, i64) {
    let log = 63 - l.max(1).leading_zeros() as i64;
    let rows = 1i64 << (log / 2);
    (rows, (l / rows).max(1))
}

/// `scan-workgroup-two-level`: the exclusive scan from `start` of the `L`
/// values of local array `sums` by the work-group, as rows: `Q`
/// work-items reduce a row of `W` each, one scans the `Q` row totals from
/// `start`, and `Q` work-items scan their rows from those offsets
/// (`W + Q + W` steps, 48 for `L = 256`, instead of `L` by one
/// work-item): `scan == join o map(scan from offset) o split(W)` with the
/// offsets a scan of the rows' reductions. A local `[t]_L`.
fn workgroup_scan(
    low: &mut LiftKernel,
    f: &Fun,
    neutral: &[Const],
    sums: crate::ir::ParamId,
    start: Expr,
    l: &ArithExpr,
) -> Expr {
    low.rules_applied.push("scan-workgroup-two-level".into());
    let op = || Box::new(f.clone());
    // One row of all `L` values where `L` is not a constant.
    let (q, w) = match l.as_cst() {
        Some(l) => {
            let (rows, width) = two_level_shape(l);
            (ArithExpr::cst(rows), ArithExpr::cst(width))
        }
        None => (ArithExpr::one(), l.clone()),
    };
    let row = low.new_param("row");
    let all = low.new_param("all");
    let part = low.new_param("part");
    let row_offs_p = low.new_param("row_offsets");
    let row_totals = local_chunk_totals(f, neutral, row, &w, Expr::Param(sums));
    let scan_totals = Fun::Lambda(vec![all], Box::new(Expr::apply(Fun::ScanSeq(op()), vec![start, Expr::Param(all)])));
    let row_offs = Expr::apply1(
        Fun::Join,
        Expr::apply1(Fun::to_local(Fun::map_lcl(0, scan_totals)), Expr::apply1(Fun::Split(q), row_totals)),
    );
    let scan_row = Fun::Lambda(
        vec![part],
        Box::new(Expr::apply(
            Fun::ScanSeq(op()),
            vec![Expr::apply1(Fun::Get(1), Expr::Param(part)), Expr::apply1(Fun::Get(0), Expr::Param(part))],
        )),
    );
    let offs = Expr::apply1(
        Fun::Join,
        Expr::apply1(
            Fun::to_local(Fun::map_lcl(0, scan_row)),
            Expr::apply(Fun::Zip, vec![Expr::apply1(Fun::Split(w), Expr::Param(sums)), Expr::Param(row_offs_p)]),
        ),
    );
    Expr::apply1(Fun::Lambda(vec![row_offs_p], Box::new(offs)), row_offs)
}

/// The exclusive scan of one block of `L·C` elements by one work-group:
/// every work-item reduces its `C` elements into local memory, the group
/// scans its `L` sums from the block's start (`scan-workgroup-two-level`),
/// and every work-item scans its elements from its own offset. With `with_offset` the block is
/// a pair (elements, start); without, it is the elements and starts at `z`.
fn block_scan(
    low: &mut LiftKernel,
    f: &Fun,
    neutral: &[Const],
    l: &ArithExpr,
    chunk: &ArithExpr,
    with_offset: bool,
) -> Fun {
    let z = || Expr::Value(neutral.to_vec());
    let op = || Box::new(f.clone());
    let blk = low.new_param("block");
    let c = low.new_param("chunk");
    let sums_p = low.new_param("sums");
    let offs_p = low.new_param("offsets");
    let t = low.new_param("thread");
    let block_elems = || if with_offset { Expr::apply1(Fun::Get(0), Expr::Param(blk)) } else { Expr::Param(blk) };
    let block_start = || if with_offset { Expr::apply1(Fun::Get(1), Expr::Param(blk)) } else { z() };
    let sums = local_chunk_totals(f, neutral, c, chunk, block_elems());
    let offs = workgroup_scan(low, f, neutral, sums_p, block_start(), l);
    let scan_thread = Fun::Lambda(
        vec![t],
        Box::new(Expr::apply(
            Fun::ScanSeq(op()),
            vec![Expr::apply1(Fun::Get(1), Expr::Param(t)), Expr::apply1(Fun::Get(0), Expr::Param(t))],
        )),
    );
    let write = Expr::apply1(
        Fun::Join,
        Expr::apply1(
            Fun::to_global(Fun::map_lcl(0, scan_thread)),
            Expr::apply(Fun::Zip, vec![Expr::apply1(Fun::Split(chunk.clone()), block_elems()), Expr::Param(offs_p)]),
        ),
    );
    let with_offs = Expr::apply1(Fun::Lambda(vec![offs_p], Box::new(write)), offs);
    let with_sums = Expr::apply1(Fun::Lambda(vec![sums_p], Box::new(with_offs)), sums);
    Fun::Lambda(vec![blk], Box::new(with_sums))
}

/// Whether a reduction's operator is commutative: every result component
/// is `a_c op b_c` (or `b_c op a_c`) for an operator that commutes on its
/// type. Float `min` and `max` do not (a tie keeps the first operand:
/// `max(-0.0, 0.0)` is `-0.0`), nor does anything the rules cannot see
/// through.
pub fn is_commutative(low: &LiftKernel, f: &Fun) -> bool {
    use flatten::ir::{BinaryOp::*, GExpr, Scalar};
    let Fun::User(id) = f else { return false };
    let crate::ir::UserFunDef::Thunk(thunk) = &low.user_fun(*id).def else { return false };
    let k = thunk.params.len() / 2;
    let items: Vec<&GExpr> = match &thunk.body {
        GExpr::Tuple(items) => items.iter().collect(),
        body => vec![body],
    };
    items.len() == k
        && items.iter().enumerate().all(|(c, item)| match item {
            GExpr::Binary { op, ty, lhs, rhs } => {
                let commutes = match ty {
                    Scalar::Int => matches!(op, Add | Mul | Min | Max | And | Or | Xor),
                    Scalar::Float => matches!(op, Add | Mul),
                    Scalar::Bool => matches!(op, And | Or | Xor),
                    Scalar::Char => false,
                };
                let (a, b) = (GExpr::Var(thunk.params[c]), GExpr::Var(thunk.params[k + c]));
                commutes && ((**lhs == a && **rhs == b) || (**lhs == b && **rhs == a))
            }
            _ => false,
        })
}

/// The length of a high-level array expression (a `generate` or an input).
pub(crate) fn low_length(low: &LiftKernel, xs: &Expr) -> Result<ArithExpr, Unsupported> {
    let mut checker = crate::typecheck::TypeChecker::new(low);
    match checker.expr(xs) {
        Ok(crate::ir::Type::Array(_, len)) => Ok(len),
        Ok(_) => Err(Unsupported { what: "a reduction over a non-array".into() }),
        Err(e) => Err(Unsupported { what: e.to_string() }),
    }
}

/// `partRed-workgroup-tree`: the partial reduction of `xs` (length `n`) to
/// `groups` values, `chunk` elements per work-item.
fn workgroup_tree(
    low: &mut LiftKernel,
    f: &Fun,
    neutral: &[Const],
    xs: Expr,
    coalesced: bool,
    (groups, chunk): (&ArithExpr, &ArithExpr),
    cfg: &Config,
) -> Expr {
    let l = ArithExpr::cst(cfg.group_size);
    let mut body_param = None;
    let write = group_tree(low, f, neutral, chunk, &l, |low| {
        let p = low.new_param("group_chunk");
        body_param = Some(p);
        Expr::Param(p)
    });
    let group_fun = Fun::Lambda(body_param.into_iter().collect(), Box::new(write));
    let total = groups * &l * chunk;
    let padded = Expr::apply1(Fun::Pad(total, neutral.to_vec()), xs);
    let gathered = if coalesced { Expr::apply1(Fun::GatherStride(chunk.clone()), padded) } else { padded };
    let split = Expr::apply1(Fun::Split(&l * chunk), gathered);
    Expr::apply1(Fun::Join, Expr::apply1(Fun::map_wrg(0, group_fun), split))
}

/// The body of `partRed-workgroup-tree` for one work-group's `L·chunk`
/// elements `elems`: each work-item reduces its `chunk` contiguous
/// elements into local memory, a tree combines the `L` values, and
/// work-item 0 writes the result: `[t]_1`. `elems` makes the elements
/// (after the tree's own parameters, so that their numbers stay put).
fn group_tree(
    low: &mut LiftKernel,
    f: &Fun,
    neutral: &[Const],
    chunk: &ArithExpr,
    l: &ArithExpr,
    elems: impl FnOnce(&mut LiftKernel) -> Expr,
) -> Expr {
    let z = || Expr::Value(neutral.to_vec());
    let op = || Box::new(f.clone());
    let reduce_chunk = |low: &mut LiftKernel, name: &str| {
        let p = low.new_param(name);
        let red = Expr::apply(Fun::ReduceSeq(op()), vec![z(), Expr::Param(p)]);
        Fun::Lambda(vec![p], Box::new(Expr::apply1(Fun::map_seq(Fun::Id), red)))
    };
    let first = reduce_chunk(low, "chunk");
    let step = reduce_chunk(low, "pair");
    let a = low.new_param("tree");
    let elems = elems(low);
    let iterate_body = Fun::Lambda(
        vec![a],
        Box::new(Expr::apply1(
            Fun::Join,
            Expr::apply1(Fun::map_lcl(0, step), Expr::apply1(Fun::Split(ArithExpr::cst(2)), Expr::Param(a))),
        )),
    );
    let per_thread = Expr::apply1(
        Fun::Join,
        Expr::apply1(Fun::to_local(Fun::map_lcl(0, first)), Expr::apply1(Fun::Split(chunk.clone()), elems)),
    );
    let tree = Expr::apply1(Fun::Iterate(l.clone().log2(), Box::new(iterate_body)), per_thread);
    Expr::apply1(
        Fun::Join,
        Expr::apply1(
            Fun::to_global(Fun::map_lcl(0, Fun::map_seq(Fun::Id))),
            Expr::apply1(Fun::Split(ArithExpr::one()), tree),
        ),
    )
}

/// `map-to-mapGlb` at the top of a stage (under any `join`s), then
/// `map-to-mapSeq` and `reduce-to-reduceSeq` inside.
pub(crate) fn lower_top(low: &mut LiftKernel, expr: &Expr) -> Result<Expr, Unsupported> {
    match expr {
        Expr::Apply(f @ (Fun::Join | Fun::Scatter(..) | Fun::JoinSegments(..) | Fun::AtomicMax(_)), args)
            if args.len() == 1 =>
        {
            Ok(Expr::apply1(f.clone(), lower_top(low, &args[0])?))
        }
        Expr::Apply(Fun::Map(f), args) if args.len() == 1 => {
            low.rules_applied.push("map-to-mapGlb".into());
            let f = lower_seq_fun(low, f)?;
            Ok(Expr::apply1(Fun::map_glb(0, Fun::to_global(f)), args[0].clone()))
        }
        _ => Err(Unsupported { what: "a stage that is not a map or a reduction".into() }),
    }
}

fn lower_seq_fun(low: &mut LiftKernel, f: &Fun) -> Result<Fun, Unsupported> {
    Ok(match f {
        Fun::Map(g) => {
            low.rules_applied.push("map-to-mapSeq".into());
            Fun::map_seq(lower_seq_fun(low, g)?)
        }
        Fun::Lambda(ps, body) => Fun::Lambda(ps.clone(), Box::new(lower_seq_expr(low, body)?)),
        Fun::Reduce(_) | Fun::PartRed(..) | Fun::Scan(_) => {
            return Err(Unsupported { what: "a reduction used as a function value".into() });
        }
        other => other.clone(),
    })
}

fn lower_seq_expr(low: &mut LiftKernel, e: &Expr) -> Result<Expr, Unsupported> {
    Ok(match e {
        Expr::Apply(Fun::Reduce(f), args) => {
            low.rules_applied.push("reduce-to-reduceSeq".into());
            let args = args.iter().map(|a| lower_seq_expr(low, a)).collect::<Result<Vec<_>, _>>()?;
            Expr::apply1(Fun::map_seq(Fun::Id), Expr::apply(Fun::ReduceSeq(f.clone()), args))
        }
        Expr::Apply(Fun::Scan(f), args) => {
            low.rules_applied.push("scan-to-scanSeq".into());
            let args = args.iter().map(|a| lower_seq_expr(low, a)).collect::<Result<Vec<_>, _>>()?;
            Expr::apply(Fun::ScanSeq(f.clone()), args)
        }
        Expr::Apply(f, args) => {
            let f = lower_seq_fun(low, f)?;
            let args = args.iter().map(|a| lower_seq_expr(low, a)).collect::<Result<Vec<_>, _>>()?;
            Expr::apply(f, args)
        }
        other => other.clone(),
    })
}
