//! `scan-lookback` and `filter-lookback`: a scan, and a filter, in one
//! launch by decoupled look-back (Merrill & Garland, "Single-pass Parallel
//! Prefix Scan with Decoupled Look-back", 2016).
//!
//! `scan(f)(z, xs)` becomes `scanLookback(f, chain)(z, xs)` (see
//! [`crate::ir::Lookback`]): `tiles = ⌈n / (L·T)⌉` work-groups of `L`
//! work-items, each scanning one tile of `L·T` contiguous elements:
//! 1. the group takes its tile's number from a ticket counter
//!    (`atomic_inc`), so that every smaller tile belongs to a group that
//!    already runs: waiting on it cannot deadlock, whatever order the
//!    device starts groups in;
//! 2. it loads the tile coalesced into local memory (`tile-coalesced`:
//!    work-item `t` reads `t, t + L, ...`), each work-item reduces its `T`
//!    contiguous elements, and the group scans the `L` totals
//!    (`scan-workgroup-two-level`), which gives the tile's aggregate;
//! 3. it publishes the aggregate in the tile's status (tile 0 publishes
//!    it as its inclusive prefix), then looks back: `W` work-items read the
//!    statuses of the `W` tiles before the nearest one not yet combined,
//!    and work-item 0 combines them from the nearest backwards
//!    (`agg(j) ⊕ acc`), stopping at the first inclusive prefix; a tile
//!    that has published nothing yet makes the group read the window again
//!    from there. The exclusive prefix found, the group publishes its
//!    inclusive prefix. On NVIDIA (`lookback-warp`, note [warp
//!    look-back]) the group scans its totals by warp shuffles and warp 0
//!    alone looks back, the window combined by shuffles, no barrier a
//!    window;
//! 4. each work-item scans its `T` elements from the prefix combined with
//!    its offset, in local memory, and the group writes the tile out
//!    coalesced.
//!
//! The input is read once and the result written once: `2n` words, plus
//! the statuses (`4k` words a tile for `k` components).
//!
//! **Statuses without fences.** A status is two records (the aggregate,
//! the inclusive prefix), each a pair of 64-bit words per component: the
//! component's 64 bits split in halves, each half or'ed with the launch's
//! epoch shifted up 32 bits. A record is valid when all its words carry
//! the launch's epoch. Words are written once each a launch (the statuses
//! and the ticket live in the session's look-back arena, zeroed once and
//! shared by every look-back launch, each with its own epoch and ticket
//! base: no fill a launch; note [look-back arena] in
//! `runtime::cl::lookback_arena`) and read with `volatile` loads, so a
//! reader needs only
//! that an aligned 64-bit store is seen whole (true on every OpenCL GPU
//! and CPU): no fence orders a flag after a value, and tuples (the (head
//! flag, value) pairs of a segmented scan) need no sequence lock. A reader
//! prefers the prefix record, then the aggregate.
//!
//! **When it applies.** Look-back combines the tiles' values in an order
//! that depends on timing: where tile `t` finds a prefix varies from run
//! to run. For an operator exact on its values (every component an int,
//! bool or char: `+`, `max`, the flag pairs of an int segmented scan)
//! every order gives the same result; for floats it would make results
//! vary between runs, so a scan with a float component keeps
//! `scan-tiles`, whose order is fixed. It also needs a tile of at least one
//! element per work-item in `Config::scan_local_bytes` (a segmented
//! scan's in `Config::seg_scan_local_bytes`) and `Config::lookback`.
//!
//! `filter(keep)(xs)` (`FILTER`, high-level since `filter-lookback`)
//! becomes `filterLookback(keep, chain)(xs)`: the same tiles over the
//! elements, whose scanned values are the counts of kept elements (a
//! work-item's flags are the bits of a private mask); after the look-back
//! each work-item packs its offset in the tile and its mask in its slot,
//! and, after a barrier, the group reads the tile coalesced and writes
//! each kept element to the tile's offset plus its rank (its work-item's
//! offset and the kept elements before it in that mask): no second pass
//! over the tile, no element in registers. Its work-items' offsets are
//! found without the rows' scan of `scan-workgroup-two-level`: each adds
//! the totals of the rows before its own and of the work-items before it
//! in its row (also the segmented scan's way; 5 % slower than the rows'
//! scan for a plain int scan, 4 % faster for the filter, on the H100).
//! The last tile writes the count, which the host reads
//! back for the result's length (the result's buffer holds `n`). One read
//! of the input, one write of the kept elements. Where it does not apply
//! (elements too wide for a local tile) the filter is
//! `filter-flags-fused`: a scan of the flags, the count, and a scatter.

use flatten::ir::{BinaryOp, Const, GExpr, KVar, Scalar, Thunk, VarType};

use crate::arith::{ArithExpr, Range};
use crate::ir::{Expr, Filter, Fun, LiftKernel, Lookback, Part, SizeDef, Stage, UserFunDef, UserFunId};
use crate::lower::Unsupported;
use crate::rules::Config;

/// The most tiles a look-back window reads at once.
pub const WINDOW: i64 = 32;

/// The look-back window of a group of `l` work-items.
pub fn window(l: i64) -> i64 {
    WINDOW.min(l)
}

/// The most elements per work-item of a look-back tile: a work-item's
/// flags (a filter's kept elements, a segmented scan's heads) are the bits
/// of a 32-bit mask. Within that, the tile takes what local memory allows:
/// 19 elements of 8 bytes for 256 work-items in 44 KiB, where
/// `scan-tiles` keeps [`crate::rules::MAX_SCAN_ITEMS`] (15). The look-back
/// holds no element in registers but a segmented scan's, and a tile's
/// fixed cost (ticket, group scan, look-back, a segmented scan's search
/// for its first segment) is then shared by more elements. Measured on the
/// H100 against 15, kernel time per run, each alone: the filter of 2^27
/// floats 0.711 ms against 0.755, `plus_scan` of 2^27 ints 0.841 against
/// 0.849, the segmented `plus_scan` of 2^22 segments of 8 0.384 against
/// 0.441 (before its search went back to `L` probes a round).
pub const LOOKBACK_MAX_ITEMS: i64 = 31;

/// The most elements per work-item of a look-back scan whose pulls
/// gather, by default (note [gathering scans]).
pub const GATHER_SCAN_ITEMS: i64 = 3;

/// The local values of a look-back group (see
/// [`crate::memory::AllocKind::LookbackValues`]): `L` totals, `Q` rows,
/// `W` window values, the tile's exclusive prefix and its aggregate.
pub fn values_len(l: i64) -> i64 {
    l + crate::rules::two_level_shape(l).0 + window(l) + 2
}

/// The local ints of a look-back group: `W` window flags, the tile's
/// number, whether to go on, where.
pub fn flags_len(l: i64) -> i64 {
    window(l) + 3
}

/// The elements per work-item of a look-back tile of elements of
/// `elems` components scanning values of `scanned` components: the
/// largest odd `T ≤ LOOKBACK_MAX_ITEMS` whose
/// local memory fits `cfg.scan_local_bytes` (8 bytes a component); `None`
/// when not even `T = 1` does.
pub fn lookback_items(elems: usize, scanned: usize, cfg: &Config) -> Option<i64> {
    let l = cfg.group_size;
    let fixed = 8 * (values_len(l) * scanned as i64 + flags_len(l));
    let per_item = 8 * l * elems.max(1) as i64;
    let t = ((cfg.scan_local_bytes - fixed) / per_item).min(LOOKBACK_MAX_ITEMS);
    if t < 1 {
        return None;
    }
    Some(if t % 2 == 0 { t - 1 } else { t })
}

/// The elements per work-item of a filter's look-back tile of elements of
/// `elems` components: as [`lookback_items`] for counts, with the `L`
/// 32-bit masks the filter sets as it pulls (`4·L` bytes) kept back from
/// the budget.
pub fn filter_lookback_items(elems: usize, cfg: &Config) -> Option<i64> {
    let masks = 4 * cfg.group_size;
    if cfg.scan_local_bytes < masks {
        return None;
    }
    lookback_items(elems, 1, &Config { scan_local_bytes: cfg.scan_local_bytes - masks, ..*cfg })
}

/// The elements per work-item of the look-back tile of `filters` filters
/// of elements of `elems` components (`filters-lookback`): as
/// [`lookback_items`] for a count per filter, with each filter's `L`
/// 32-bit masks kept back from the budget.
pub fn filters_lookback_items(elems: usize, filters: usize, cfg: &Config) -> Option<i64> {
    let masks = 4 * cfg.group_size * filters as i64;
    if cfg.scan_local_bytes < masks {
        return None;
    }
    lookback_items(elems, filters, &Config { scan_local_bytes: cfg.scan_local_bytes - masks, ..*cfg })
}

/// Whether every parameter and result of user function `f` is exact
/// (not a float): any order of combining gives the same value.
pub(crate) fn is_exact(low: &LiftKernel, f: &Fun) -> bool {
    let Fun::User(id) = f else { return false };
    let uf = low.user_fun(*id);
    uf.params.iter().chain(&uf.results).all(|s| *s != Scalar::Float)
}

/// The 32-bit words of a segmented look-back tile's head flags, a bit
/// per element of the `l·t` (and one more, so that a work-item's `t` bits
/// are always in two words).
pub fn head_words(l: i64, t: i64) -> i64 {
    (l * t + 31) / 32 + 1
}

/// The elements per work-item of a segmented look-back scan of values of
/// `k` components (`segScan-lookback`): as [`lookback_items`] for a tile
/// of the values, scanning (head flag, value) pairs of `k + 1`
/// components, and a bit per element for the tile's head flags, within
/// `cfg.seg_scan_local_bytes`.
pub fn seg_lookback_items(k: usize, cfg: &Config) -> Option<i64> {
    let l = cfg.group_size;
    let fixed = 8 * (values_len(l) * (k as i64 + 1) + flags_len(l)) + 8;
    let per_item = 8 * k.max(1) as i64 * l + (l + 7) / 8;
    let t = ((cfg.seg_scan_local_bytes - fixed) / per_item).min(LOOKBACK_MAX_ITEMS);
    if t < 1 {
        return None;
    }
    Some(if t % 2 == 0 { t - 1 } else { t })
}

/// The 32-bit words before a look-back's statuses in its counter: the
/// ticket, then a word of padding so that the statuses, read as 64-bit
/// words, stay 8-byte aligned.
pub const STATUS_FRONT: i64 = 2;

/// The ticket and statuses of a look-back over `tiles` tiles of values of
/// `k` components, named after `stage`'s result: the ticket at its front
/// ([`STATUS_FRONT`] 32-bit words), then the status words, its length
/// (in 32-bit words) in `low.lengths`. No buffer of the kernel: the
/// launch takes the session's look-back arena, at least that long.
pub(crate) fn chain(
    low: &mut LiftKernel,
    stage: &Stage,
    tiles: &ArithExpr,
    k: usize,
    (l, t): (i64, i64),
    cfg: &Config,
) -> Lookback {
    let base = stage.result.first().map_or_else(|| stage.name.clone(), |v| low.flat.var(*v).name.clone());
    let status = low.flat.new_var(format!("{base}_status"), VarType::Array(Scalar::Int));
    low.lengths.push((status, tiles * (8 * k as i64) + STATUS_FRONT));
    let warp = warp_lookback_fits(l, cfg);
    if warp {
        low.rules_applied.push("lookback-warp".into());
    }
    Lookback { group_size: l, items: t, tiles: tiles.clone(), status, heads: None, along: None, warp }
}

// Note [warp look-back]
// ~~~~~~~~~~~~~~~~~~~~~~
// `scan-workgroup-two-level` and the look-back of step 3 above keep the
// whole group in lock step: a barrier between the rows' reductions, the
// rows' scan by one work-item and the rows' own scans, and two a window
// (the window's loads by `W` work-items, then work-item 0's walk over it
// in local memory). While a group sits in them it has no load in flight,
// and its tile's time grows by the chain of barriers and serial steps
// that every tile pays: with no look-back at all (a probe with wrong
// results) `plus_scan` of 2^27 ints took 0.481 ms against 0.64 on the
// H200, and tiles of other sizes did not change the cost a tile.
//
// `lookback-warp` takes both to the warps where the device compiler is
// NVIDIA's (inline PTX under `#ifdef __NV_CL_C_VERSION`; elsewhere the
// kernel is as without it):
// - each warp scans its 32 work-items' totals by `shfl.sync.up` (five
//   steps), its last lane stores the warp's total, and after one barrier
//   each work-item combines the totals of the warps before its own with
//   its warp's exclusive scan: its offset, in a register;
// - warp 0 reduces the warps' totals to the tile's aggregate, publishes
//   it, and looks back a window of 32 tiles at a time, lane `i` reading
//   tile `at - i`. Two ballots (the lanes that found a prefix, those
//   that found nothing) give the lanes before the first that is not an
//   aggregate; the window combines those and, where it is a prefix, that
//   lane too, by a tree of `shfl.sync.down` with the farther tile on the
//   left (lanes past them hold `z`), so lane 0 holds the window's
//   combination and adds it to its prefix. A prefix found ends the walk;
//   otherwise the next window starts at the first tile not combined
//   (the same window again where lane 0 found nothing). One barrier
//   after it, as before the scan of the tile's elements.
// The statuses, the records and the order in which values combine are
// those of the group's walk: the same results on every operator that
// look-back takes (`is_exact`).
//
// On the H200 (`primitives.py`-style sweep, one call, three runs each
// alternating with `NESSIE_WARP_LOOKBACK=0`, ms of kernels a run):
// `plus_scan` of 2^27 ints 0.555 / 0.556 / 0.557 against 0.640 / 0.640 /
// 0.643, the filter of 2^27 floats 0.553 / 0.554 / 0.553 against 0.685 /
// 0.683 / 0.684, the segmented scan of 2^22 rows of 8 0.184 / 0.185 /
// 0.185 against 0.237 / 0.236 / 0.237, of power-law rows 0.208 / 0.208 /
// 0.208 against 0.258 / 0.258 / 0.257; in the same call (`recursion.py`,
// ms of kernels, one run each) quicksort of 10^6 / 10^7 / 10^8 ints
// 7.11 / 20.68 / 159.44 against 7.57 / 22.30 / 165.62, quickhull of 10^7
// points 2.94 against 3.33, all equal to the reference.

/// The work-items of an NVIDIA warp, which `lookback-warp` scans by
/// shuffles.
pub const WARP: i64 = 32;

/// Whether a look-back of groups of `l` takes `lookback-warp`: where the
/// configuration asks for it and [`whole_warps`] holds.
pub fn warp_lookback_fits(l: i64, cfg: &Config) -> bool {
    cfg.warp_lookback && whole_warps(l)
}

/// Whether a look-back group of `l` work-items is whole warps whose
/// totals fit the `Q + W` slots after the work-items' own.
pub fn whole_warps(l: i64) -> bool {
    l >= WARP && l % WARP == 0 && l / WARP <= values_len(l) - l - 2
}

/// The number of tiles of `L·T` elements over `n` (at least one).
pub(crate) fn tiles(low: &mut LiftKernel, n: &ArithExpr, tile: i64) -> ArithExpr {
    let def = n.clone().ceil_div(tile).max(1);
    ArithExpr::var(&low.size_var("lookback_tiles", SizeDef::Derived(def), Range::at_least(1)))
}

/// `zip(scan(f)(z, xs), generate(n, along))` (`map-scan-horizontal`):
/// by `scan-lookback` with the map along, where the scan takes it; else
/// the scan and the map as two stages, each lowered on its own.
pub fn lower_map_along_scan(
    low: &mut LiftKernel,
    stage: &Stage,
    f: &Fun,
    scan_args: &[Expr],
    along: UserFunId,
    ys: &Expr,
    cfg: &Config,
) -> Result<Vec<Stage>, Unsupported> {
    let [Expr::Value(neutral), xs] = scan_args else {
        return Err(Unsupported { what: "a scan whose neutral element is not a literal".into() });
    };
    let k = neutral.len();
    if stage.result.len() <= k {
        return Err(Unsupported { what: "a map along a scan without results".into() });
    }
    if let Some(stages) = scan_lookback_along(low, stage, f, neutral, xs, Some(along), cfg)? {
        return Ok(stages);
    }
    let (scan_results, map_results) = stage.result.split_at(k);
    let scan = Stage {
        body: Expr::apply(Fun::Scan(Box::new(f.clone())), scan_args.to_vec()),
        result: scan_results.to_vec(),
        ..stage.clone()
    };
    let map = Stage {
        name: format!("{}_{}", stage.name, low.flat.var(map_results[0]).name),
        body: Expr::apply1(Fun::map(Fun::Id), ys.clone()),
        result: map_results.to_vec(),
        ..stage.clone()
    };
    let mut stages = crate::rules::lower_stage(low, &scan, cfg)?;
    stages.extend(crate::rules::lower_stage(low, &map, cfg)?);
    Ok(stages)
}

/// `scan-lookback` on `scan(f)(z, xs)`, where it applies (see the module
/// doc); `None` leaves the scan to `scan-tiles`.
pub fn scan_lookback(
    low: &mut LiftKernel,
    stage: &Stage,
    f: &Fun,
    neutral: &[Const],
    xs: &Expr,
    cfg: &Config,
) -> Result<Option<Vec<Stage>>, Unsupported> {
    scan_lookback_along(low, stage, f, neutral, xs, None, cfg)
}

/// [`scan_lookback`] with a map `along` the scan (see [`Lookback::along`]).
fn scan_lookback_along(
    low: &mut LiftKernel,
    stage: &Stage,
    f: &Fun,
    neutral: &[Const],
    xs: &Expr,
    along: Option<UserFunId>,
    cfg: &Config,
) -> Result<Option<Vec<Stage>>, Unsupported> {
    if !cfg.lookback || !is_exact(low, f) {
        return Ok(None);
    }
    let Some(t) = lookback_items(neutral.len(), neutral.len(), cfg) else {
        return Ok(None);
    };
    // A scan whose pulls gather: at most `scan_lookback_items`, odd as
    // `lookback_items` makes it (note [gathering scans]).
    let pulls = [generated(xs), along];
    let t = if pulls.iter().flatten().any(|id| pull_gathers(low, *id)) {
        let cap = cfg.scan_lookback_items.max(1);
        if t <= cap {
            t
        } else if cap % 2 == 0 && cap > 1 {
            cap - 1
        } else {
            cap
        }
    } else {
        t
    };
    let n = crate::rules::low_length(low, xs)?;
    low.rules_applied.push("scan-lookback".into());
    low.rules_applied.push("tile-coalesced".into());
    low.rules_applied.push("scan-workgroup-two-level".into());
    let l = cfg.group_size;
    let tiles = tiles(low, &n, l * t);
    let mut chain = chain(low, stage, &tiles, neutral.len(), (l, t), cfg);
    if along.is_some() {
        low.rules_applied.push("map-along-scan-lookback".into());
        chain.along = along;
    }
    let body =
        Expr::apply(Fun::ScanLookback(Box::new(f.clone()), chain), vec![Expr::Value(neutral.to_vec()), xs.clone()]);
    Ok(Some(vec![Stage { body, ..stage.clone() }]))
}

// Note [gathering scans]
// ~~~~~~~~~~~~~~~~~~~~~~
// A look-back scan's work-item pulls its `T` elements one after the other
// into local memory. Where a pull gathers (reads an array at an index
// another read gave: `s_lengths[then_instances[i]]`, a lifted function's
// per-instance data), each element is a chain of dependent loads, and a
// tile of `L·T` elements costs `T` such chains a work-item; the scans of a
// recursion's segment descriptors are short (up to ~10^6 instances), so
// few tiles are in flight to hide them. Such scans take at most
// `Config::scan_lookback_items` (3) elements a work-item: more, smaller
// tiles. Quicksort of 10^7 on an H200, every look-back scan capped at 3
// by `NESSIE_SCAN_LOOKBACK_ITEMS` against none (`T` = 19; that figure
// from an earlier device call, also on an H200: the other kernels took
// the same time in both), kernel time of the 61 launches each:
// `fused_3_s_offsets` 1.62 -> 0.99 ms, `fused_6_s_offsets` 1.68 -> 0.90,
// `fused_7_s_offsets` 1.19 -> 0.90, `fused_2_s_offsets` 0.87 -> 0.80; the
// scans that read their index's own elements were no faster at 3
// (`fused_5_s_offsets` 0.98 -> 1.05 ms, `fused_rank` 0.85 -> 0.84) and
// keep `T`, as do long scans of plain reads (`plus_scan` of 2^27 ints),
// whose tiles' fixed cost `T` shares.

/// The pull of `generate(n, pull)`.
fn generated(xs: &Expr) -> Option<UserFunId> {
    match xs {
        Expr::Apply(Fun::Generate(_, id), _) => Some(*id),
        _ => None,
    }
}

/// Whether user function `id` (a pull) reads an array at an index that
/// another read (or a segment search) gave: a gather (note [gathering
/// scans]).
fn pull_gathers(low: &LiftKernel, id: UserFunId) -> bool {
    match &low.user_fun(id).def {
        UserFunDef::Thunk(thunk) => gathers(&thunk.body, &mut Vec::new()),
        UserFunDef::Once(body) => gathers(body, &mut Vec::new()),
    }
}

/// Whether `e` reads at an index that depends on a load; `loaded`: the
/// variables in scope bound to values that do.
fn gathers(e: &GExpr, loaded: &mut Vec<KVar>) -> bool {
    match e {
        GExpr::Read { index, .. } => loads(index, loaded) || gathers(index, loaded),
        GExpr::Let { vars, value, body } => {
            if gathers(value, loaded) {
                return true;
            }
            let scope = loaded.len();
            if loads(value, loaded) {
                loaded.extend(vars);
            }
            let found = gathers(body, loaded);
            loaded.truncate(scope);
            found
        }
        _ => {
            let mut found = false;
            e.for_each_child(|c| found = found || gathers(c, loaded));
            found
        }
    }
}

/// Whether `e`'s value depends on an array read or a segment search.
fn loads(e: &GExpr, loaded: &[KVar]) -> bool {
    match e {
        GExpr::Read { .. } | GExpr::SegmentOf { .. } => true,
        GExpr::Var(v) => loaded.contains(v),
        _ => {
            let mut found = false;
            e.for_each_child(|c| found = found || loads(c, loaded));
            found
        }
    }
}

/// A `FILTER`'s high-level stage `filter(keep)(generate(n, pull))`: by
/// `filter-lookback` where it applies, else by `filter-flags-fused` (three
/// high-level stages, lowered by the rules in turn).
pub fn lower_filter(
    low: &mut LiftKernel,
    stage: &Stage,
    keep: &Filter,
    xs: &Expr,
    cfg: &Config,
) -> Result<Vec<Stage>, Unsupported> {
    // The tile holds every component the pull yields, written or not.
    let comps = pulled_components(low, xs).unwrap_or(stage.result.len());
    let n = crate::rules::low_length(low, xs)?;
    if cfg.lookback
        && let Some(t) = filter_lookback_items(comps, cfg)
    {
        low.rules_applied.push("filter-lookback".into());
        low.rules_applied.push("tile-coalesced".into());
        low.rules_applied.push("scan-workgroup-two-level".into());
        let l = cfg.group_size;
        let tiles = tiles(low, &n, l * t);
        let chain = chain(low, stage, &tiles, 1, (l, t), cfg);
        for v in &stage.result {
            low.capacities.push((*v, n.clone()));
        }
        let body = Expr::apply1(Fun::FilterLookback(keep.clone(), chain), xs.clone());
        return Ok(vec![Stage { body, ..stage.clone() }]);
    }
    let Expr::Apply(Fun::Generate(_, pull), _) = xs else {
        return Err(Unsupported { what: "a filter of an array that is not generated".into() });
    };
    let mut stages = Vec::new();
    for high in filter_flags_fused(low, stage, keep, *pull, &n)? {
        stages.extend(crate::rules::lower_stage(low, &high, cfg)?);
    }
    Ok(stages)
}

/// `filters(keeps)(generate(n, pull))` (note [horizontal filters] in
/// `crate::lower`): by `filters-lookback` where its tile fits local
/// memory, one launch whose tiles pull each element once and chain the
/// counts of every filter by one look-back; else each filter on its own
/// (`filter(keep_i)` of the same array, lowered as any filter).
pub fn lower_filters(
    low: &mut LiftKernel,
    stage: &Stage,
    keeps: &[Filter],
    xs: &Expr,
    cfg: &Config,
) -> Result<Vec<Stage>, Unsupported> {
    let Some(comps) = pulled_components(low, xs) else {
        return Err(Unsupported { what: "filters of an array that is not generated".into() });
    };
    let written: usize = keeps.iter().map(|k| k.written(comps).len()).sum();
    if keeps.is_empty() || stage.result.len() != written {
        return Err(Unsupported { what: "filters whose results do not match their keeps".into() });
    }
    let n = crate::rules::low_length(low, xs)?;
    if cfg.lookback
        && let Some(t) = filters_lookback_items(comps, keeps.len(), cfg)
    {
        low.rules_applied.push("filters-lookback".into());
        low.rules_applied.push("tile-coalesced".into());
        low.rules_applied.push("scan-workgroup-two-level".into());
        let l = cfg.group_size;
        let tiles = tiles(low, &n, l * t);
        let chain = chain(low, stage, &tiles, keeps.len(), (l, t), cfg);
        let body = Expr::apply1(Fun::FiltersLookback(keeps.to_vec(), chain), xs.clone());
        return Ok(vec![Stage { body, ..stage.clone() }]);
    }
    let mut stages = Vec::new();
    let mut results = stage.result.as_slice();
    for keep in keeps {
        let (result, rest) = results.split_at(keep.written(comps).len());
        results = rest;
        let name = format!("{}_{}", stage.name, low.flat.var(result[0]).name);
        let one = Stage {
            name,
            body: Expr::apply1(Fun::Filter(keep.clone()), xs.clone()),
            result: result.to_vec(),
            ..stage.clone()
        };
        stages.extend(lower_filter(low, &one, keep, xs, cfg)?);
    }
    Ok(stages)
}

/// The components of the elements of `generate(n, pull)`: the pull's
/// results.
fn pulled_components(low: &LiftKernel, xs: &Expr) -> Option<usize> {
    match xs {
        Expr::Apply(Fun::Generate(_, pull), _) => Some(low.user_fun(*pull).results.len()),
        _ => None,
    }
}

/// A user function's thunk.
fn thunk(low: &LiftKernel, f: UserFunId) -> Result<Thunk, Unsupported> {
    match &low.user_fun(f).def {
        UserFunDef::Thunk(t) => Ok(t.clone()),
        UserFunDef::Once(_) => Err(Unsupported { what: "a filter whose pull has no index".into() }),
    }
}

/// `filter-flags-fused`: `filter(keep)(generate(n, pull))` as three
/// high-level stages: the exclusive `scan` of the flags `keep(pull(i))`
/// (the position of each kept value), the count kept (`ONCE`: the last
/// position plus the last flag), and the kept values, each written at its
/// position through `scatter` (whose target recomputes the flag). No array
/// of flags is written or read: the scan reads the input, as it would read
/// the flags.
fn filter_flags_fused(
    low: &mut LiftKernel,
    stage: &Stage,
    keep: &Filter,
    pull_fn: UserFunId,
    n: &ArithExpr,
) -> Result<Vec<Stage>, Unsupported> {
    let (pull, pred) = (thunk(low, pull_fn)?, thunk(low, keep.keep)?);
    let [index] = pull.params[..] else {
        return Err(Unsupported { what: "a filter's pull of several indices".into() });
    };
    let base = stage.result.first().map_or_else(|| stage.name.clone(), |v| low.flat.var(*v).name.clone());
    let int = Scalar::Int;
    let positions = low.flat.new_var(format!("{base}_positions"), VarType::Array(int));
    low.lengths.push((positions, n.clone()));
    low.rules_applied.push("filter-flags-fused".into());
    // let (x..) = pull(i) in keep(x..)
    let flag = GExpr::let_(pred.params.clone(), pull.body.clone(), pred.body.clone());
    let flag_at = |at: GExpr| GExpr::let_(vec![index], at, flag.clone());
    let flag_fn = add_fun(low, &format!("flag_{base}"), Thunk { params: vec![index], body: flag.clone() }, int);
    let (a, b) = (low.flat.new_var("a", VarType::Scalar(int)), low.flat.new_var("b", VarType::Scalar(int)));
    let plus = Thunk { params: vec![a, b], body: GExpr::binary(BinaryOp::Add, int, GExpr::var(a), GExpr::var(b)) };
    let plus_fn = add_fun(low, &format!("add_{base}"), plus, int);
    let scan = Stage {
        name: format!("{}_positions", stage.name),
        body: Expr::apply(
            Fun::Scan(Box::new(Fun::User(plus_fn))),
            vec![Expr::Value(vec![Const::Int(0)]), Expr::apply(Fun::Generate(n.clone(), flag_fn), vec![])],
        ),
        result: vec![positions],
        scalar_result: false,
        when: None,
        guard: None,
    };
    // count = if #positions > 0 then positions[#positions - 1] + flag(#positions - 1) else 0
    let last = || GExpr::binary(BinaryOp::Sub, int, GExpr::Length(positions), GExpr::int(1));
    let count = GExpr::if_(
        GExpr::binary(BinaryOp::Gt, int, GExpr::Length(positions), GExpr::int(0)),
        GExpr::binary(BinaryOp::Add, int, GExpr::read(positions, last()), flag_at(last())),
        GExpr::int(0),
    );
    let total = count.clone();
    let count_fn = crate::lower::add_once_fun(low, &format!("count_{base}"), count, vec![int]);
    let count = Stage {
        name: format!("{}_count", stage.name),
        body: crate::lower::once_body(count_fn),
        result: vec![keep.count],
        scalar_result: true,
        when: None,
        guard: None,
    };
    // scatter(target, kept) o map(id) $ generate(n, pull), the target
    // `if flag(i) /= 0 then positions[i] else -1`.
    let target = Thunk {
        params: vec![index],
        body: GExpr::if_(
            GExpr::binary(BinaryOp::Ne, int, flag, GExpr::int(0)),
            GExpr::read(positions, GExpr::var(index)),
            GExpr::int(-1),
        ),
    };
    let target_fn = add_fun(low, &format!("target_{base}"), target, int);
    // Only the written columns (note [unwritten filter columns]).
    let values_fn = match &keep.columns {
        None => pull_fn,
        Some(columns) => {
            let results = low.user_fun(pull_fn).results.clone();
            let vars: Vec<KVar> =
                results.iter().map(|s| low.flat.new_var(format!("{base}_c"), VarType::Scalar(*s))).collect();
            let projected: Vec<GExpr> = columns.iter().map(|&c| GExpr::var(vars[c])).collect();
            let body = match &projected[..] {
                [one] => one.clone(),
                _ => GExpr::Tuple(projected),
            };
            let thunk = Thunk { params: vec![index], body: GExpr::let_(vars, pull.body.clone(), body) };
            let scalars = columns.iter().map(|&c| results[c]).collect();
            crate::lower::add_user_fun(low, &format!("values_{base}"), &thunk, scalars)?
        }
    };
    let values = Stage {
        body: Expr::apply1(
            Fun::Scatter(target_fn, keep.kept.clone(), None),
            Expr::apply1(Fun::map(Fun::Id), Expr::apply(Fun::Generate(n.clone(), values_fn), vec![])),
        ),
        ..stage.clone()
    };
    let Some(before) = &keep.before else { return Ok(vec![scan, count, values]) };
    // The counts before the offsets: `map(id) $ generate(#offsets, λj.
    // let o = offsets[j] in if o < #positions then positions[o] else
    // count)`.
    let (j, o) = (low.flat.new_var("j", VarType::Scalar(int)), low.flat.new_var("o", VarType::Scalar(int)));
    let below = GExpr::let_(
        vec![o],
        GExpr::read(before.offsets, GExpr::var(j)),
        GExpr::if_(
            GExpr::binary(BinaryOp::Lt, int, GExpr::var(o), GExpr::Length(positions)),
            GExpr::read(positions, GExpr::var(o)),
            total,
        ),
    );
    let before_fn = add_fun(low, &format!("before_{base}"), Thunk { params: vec![j], body: below }, int);
    let counts = Stage {
        name: format!("{}_before", stage.name),
        body: Expr::apply1(Fun::map(Fun::Id), Expr::apply(Fun::Generate(before.segments.clone(), before_fn), vec![])),
        result: vec![before.counts],
        scalar_result: false,
        when: None,
        guard: None,
    };
    Ok(vec![scan, count, values, counts])
}

/// A user function of one int parameter giving one `result`.
fn add_fun(low: &mut LiftKernel, name: &str, thunk: Thunk, result: Scalar) -> UserFunId {
    let mut unique = name.to_string();
    let mut k = 1;
    while low.user_funs.iter().any(|u| u.name == unique) {
        unique = format!("{name}_{k}");
        k += 1;
    }
    let params = thunk.params.iter().map(|p| low.flat.var(*p).ty.scalar()).collect();
    low.user_funs.push(crate::ir::UserFun {
        name: unique,
        params,
        results: vec![result],
        def: UserFunDef::Thunk(thunk),
    });
    UserFunId(low.user_funs.len() as u32 - 1)
}

// Note [horizontal look-back]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~
// `horizontal(parts)(xs_1, ..)` (`traversal-horizontal` in
// `crate::lower`): the SCANs, REDUCEs, FILTERs and MAPs of one size of a
// fused kernel. By `lookback-horizontal` it is one look-back launch whose
// carry is the tuple of the parts' carries: a scan's or a reduction's
// value, a count per filter (a map carries nothing). Each tile pulls
// every part's elements once, coalesced: a scan's and a reduction's
// values and a filter's written columns into the tile (a column that is
// the element's position, a pull `i => i`, is not held: it is written
// from the position), each filter's flag into a byte of its own (no
// atomics), a map's values straight out. Each work-item combines its `T`
// contiguous elements (a filter's flags as the bits of a mask), one group
// scan and one look-back of the tuple follow, then a scan's prefixes are
// written, each filter's kept elements scattered from its own prefix, and
// the last tile writes the counts and each reduction's total (its
// inclusive prefix): the two launches of a reduction's tree and the
// separate look-backs become one launch (on an H200, quicksort of 10^7,
// each of the 61 levels: the four launches took 0.810 + 0.849 + 0.356 +
// 0.313 = 2.33 ms of kernels, the one 1.32 ms, tiles of 256 · 3; all
// kernels 29.15 -> 28.46 ms and 1060 -> 877 launches in the same run, the
// program's `time` unchanged within its noise, 35.6 / 35.8 ms medians of
// 7 alternating runs: the host, not the launches, bounds a level;
// quickhull of 10^7 points 290 -> 257 launches, 6.21 / 5.89 ms medians
// of 5). The look-back is ordered, so any
// associative operator is right; like `scan-lookback`, it takes only
// exact values (no float), whose combination does not depend on the
// tiles' timing. A recursion level of quicksort: `rank` (a scan of the
// then-flags), the then- and else-instances (two filters of the
// positions) and the two branches' element totals (a reduction of two
// ints), four launches before (`rank`, `then_instances`, the totals'
// partial and final), are one.

/// The tile of `horizontalLookback(parts, ..)` over parts whose elements
/// have components `elems`: for each part, the tile column of each of its
/// elements' components (`None`: not held), and the tile's components.
pub fn horizontal_tile(parts: &[Part], elems: &[Vec<Scalar>]) -> (Vec<Vec<Option<usize>>>, Vec<Scalar>) {
    let mut tile = Vec::new();
    let mut layout = Vec::new();
    for (part, comps) in parts.iter().zip(elems) {
        let mut columns = Vec::new();
        for (c, s) in comps.iter().enumerate() {
            let held = match part {
                Part::Scan { .. } | Part::Reduce { .. } => true,
                Part::Filters { keeps, from_index } => {
                    !from_index.contains(&c) && keeps.iter().any(|k| k.written(comps.len()).contains(&c))
                }
                Part::Map => false,
            };
            columns.push(held.then(|| {
                tile.push(*s);
                tile.len() - 1
            }));
        }
        layout.push(columns);
    }
    (layout, tile)
}

/// The elements per work-item of a horizontal look-back tile of `tile`
/// components carrying `carried` components, with a flag byte an element
/// for each of `keeps` filters: as [`lookback_items`].
pub fn horizontal_items(tile: usize, carried: usize, keeps: usize, cfg: &Config) -> Option<i64> {
    let l = cfg.group_size;
    let fixed = 8 * (values_len(l) * carried as i64 + flags_len(l));
    let per_item = (8 * l * tile as i64 + l * keeps as i64).max(1);
    let t = ((cfg.scan_local_bytes - fixed) / per_item).min(LOOKBACK_MAX_ITEMS);
    if t < 1 {
        return None;
    }
    Some(if t % 2 == 0 { t - 1 } else { t })
}

/// The columns of `pull`'s results that are its parameter, the position.
fn index_columns(low: &LiftKernel, pull: UserFunId) -> Vec<usize> {
    let UserFunDef::Thunk(thunk) = &low.user_fun(pull).def else { return Vec::new() };
    let is_index = |e: &GExpr| matches!(e, GExpr::Var(v) if thunk.params.first() == Some(v));
    match &thunk.body {
        GExpr::Tuple(items) => (0..items.len()).filter(|c| is_index(&items[*c])).collect(),
        body if is_index(body) => vec![0],
        _ => Vec::new(),
    }
}

/// `horizontal(parts)(xs_1, ..)` (note [horizontal look-back]): by
/// `lookback-horizontal` where every scanned and reduced value is exact
/// and the tile fits local memory; else each part as its own stage (a
/// scan, a reduction, a filter or filters, a map), lowered by the rules.
pub fn lower_horizontal(
    low: &mut LiftKernel,
    stage: &Stage,
    parts: &[Part],
    args: &[Expr],
    cfg: &Config,
) -> Result<Vec<Stage>, Unsupported> {
    let (Some(first), true) = (args.first(), parts.len() == args.len()) else {
        return Err(Unsupported { what: "a traversal whose parts do not match its arrays".into() });
    };
    let mut elems = Vec::new();
    let mut pulls = Vec::new();
    for xs in args {
        let Some(pull) = generated(xs) else {
            return Err(Unsupported { what: "a traversal of an array that is not generated".into() });
        };
        elems.push(low.user_fun(pull).results.clone());
        pulls.push(pull);
    }
    let n = crate::rules::low_length(low, first)?;
    let exact = parts.iter().all(|p| match p {
        Part::Scan { op, .. } | Part::Reduce { op, .. } => is_exact(low, op),
        Part::Filters { .. } | Part::Map => true,
    });
    let parts: Vec<Part> = parts
        .iter()
        .zip(&pulls)
        .map(|(p, pull)| match p {
            Part::Filters { keeps, .. } => {
                Part::Filters { keeps: keeps.clone(), from_index: index_columns(low, *pull) }
            }
            other => other.clone(),
        })
        .collect();
    let tile = horizontal_tile(&parts, &elems).1;
    let carried: usize = parts.iter().map(|p| p.carried().len()).sum();
    let keeps: usize = parts.iter().map(|p| if let Part::Filters { keeps, .. } = p { keeps.len() } else { 0 }).sum();
    if cfg.lookback
        && exact
        && let Some(t) = horizontal_items(tile.len(), carried, keeps, cfg)
    {
        // Pulls that gather: smaller tiles (note [gathering scans]).
        let t = if pulls.iter().any(|p| pull_gathers(low, *p)) {
            let cap = cfg.scan_lookback_items.max(1);
            let cap = if cap % 2 == 0 && cap > 1 { cap - 1 } else { cap };
            t.min(cap)
        } else {
            t
        };
        low.rules_applied.push("lookback-horizontal".into());
        low.rules_applied.push("tile-coalesced".into());
        let l = cfg.group_size;
        let tiles = tiles(low, &n, l * t);
        let chain = chain(low, stage, &tiles, carried, (l, t), cfg);
        let body = Expr::apply(Fun::HorizontalLookback(parts, chain), args.to_vec());
        return Ok(vec![Stage { body, ..stage.clone() }]);
    }
    // Each part on its own, its results the stage's next ones.
    let mut results = stage.result.as_slice();
    let mut stages = Vec::new();
    for ((part, xs), comps) in parts.iter().zip(args).zip(&elems) {
        let comps = comps.len();
        let (body, result, scalar_result) = match part {
            Part::Scan { op, neutral } => {
                let (mine, rest) = results.split_at(neutral.len());
                results = rest;
                let body = Expr::apply(Fun::Scan(Box::new(op.clone())), vec![Expr::Value(neutral.clone()), xs.clone()]);
                (body, mine.to_vec(), false)
            }
            Part::Reduce { op, neutral, results: scalars } => {
                let body =
                    Expr::apply(Fun::Reduce(Box::new(op.clone())), vec![Expr::Value(neutral.clone()), xs.clone()]);
                (body, scalars.clone(), true)
            }
            Part::Filters { keeps, .. } => {
                let written: usize = keeps.iter().map(|k| k.written(comps).len()).sum();
                let (mine, rest) = results.split_at(written.min(results.len()));
                results = rest;
                let body = match &keeps[..] {
                    [keep] => Expr::apply1(Fun::Filter(keep.clone()), xs.clone()),
                    _ => Expr::apply1(Fun::Filters(keeps.clone()), xs.clone()),
                };
                (body, mine.to_vec(), false)
            }
            Part::Map => {
                let (mine, rest) = results.split_at(comps.min(results.len()));
                results = rest;
                (Expr::apply1(Fun::map(Fun::Id), xs.clone()), mine.to_vec(), false)
            }
        };
        let name = match result.first() {
            Some(v) => format!("{}_{}", stage.name, low.flat.var(*v).name),
            None => stage.name.clone(),
        };
        let one = Stage { name, body, result, scalar_result, when: None, guard: None };
        stages.extend(crate::rules::lower_stage(low, &one, cfg)?);
    }
    Ok(stages)
}

/// The kernel variables a stage's look-back patterns write besides its
/// result: a filter's count and counts before offsets (the ticket and
/// statuses are the session's arena, no variable of the kernel's).
pub fn side_outputs(e: &Expr) -> Vec<KVar> {
    let mut out = Vec::new();
    if let Expr::Apply(f, args) = e {
        match f {
            Fun::ScanLookback(..) => {}
            Fun::FilterLookback(k, _) => {
                out.push(k.count);
                out.extend(k.before.as_ref().map(|b| b.counts));
            }
            Fun::FiltersLookback(keeps, _) => {
                out.extend(keeps.iter().map(|k| k.count));
                out.extend(keeps.iter().filter_map(|k| k.before.as_ref().map(|b| b.counts)));
            }
            Fun::HorizontalLookback(parts, _) => {
                for part in parts {
                    match part {
                        Part::Reduce { results, .. } => out.extend(results),
                        Part::Filters { keeps, .. } => {
                            out.extend(keeps.iter().map(|k| k.count));
                            out.extend(keeps.iter().filter_map(|k| k.before.as_ref().map(|b| b.counts)));
                        }
                        Part::Scan { .. } | Part::Map => {}
                    }
                }
            }
            _ => {}
        }
        for a in args {
            out.extend(side_outputs(a));
        }
    }
    out
}
