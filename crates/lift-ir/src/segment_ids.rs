//! `segment-ids-tiles`: `SEGMENT_IDS offsets n` (the segment of each of
//! `n` flat positions, see `flatten::ir::Soac::SegmentIds`) in one launch
//! over tiles of consecutive positions.
//!
//! With work-groups of `L` work-items and tiles of `L·K` positions (`K`
//! per work-item), `T = ⌈n / (L·K)⌉` tiles, tile `t` from position `s =
//! t·L·K`:
//! 1. the group finds the segment of `s`, the last `j` with `offsets[j] <=
//!    s`, by an `L`-way search of the offsets (`L` probes a round, each
//!    round one barrier: ⌈log_L #offsets⌉ rounds);
//! 2. it counts, in a local array of one int per position of the tile,
//!    the segments starting at each position after `s` (the segments
//!    after `j` whose offset is inside the tile, read `L` at a time until
//!    one is past the tile's end; empty segments share an offset, so they
//!    add to one count);
//! 3. the inclusive prefix sum of the counts from the segment of `s` is
//!    each position's segment (each work-item sums its `K` positions, the
//!    group scans the `L` sums), written out coalesced.
//!
//! The offsets are read once (plus the probes of the search), the ids
//! written once: at the speed of writing `n` ints whatever the segment
//! lengths (one huge segment: no offsets inside the tiles; many empty
//! segments: more counts to add, spread over the group). The meaning,
//! shared by both evaluators, is [`segment_ids`]; the backend prints the
//! pattern as C directly (`opencl-backend`'s `codegen/segment_ids.rs`).
//!
//! `map-tile-segment-ids` (`map_tile_segment_ids`): a map whose pull
//! searches a descriptor's offsets at its own position (`segment_of(offsets,
//! p)`, flattening's way to find an element's segment) does steps 1 to 3
//! in its own launch over the same tiles and reads each position's segment
//! from local memory: `map(id) $ generate(n, pull)` becomes
//! `mapTileSegmentIds(tiles, pull')()`, `pull'` the pull of (position,
//! segment) with its searches of those offsets at the position replaced
//! by the segment. No array of ids is written or read, and no second
//! launch: against the plain search, ⌈log2 #offsets⌉ dependent loads an
//! element become the tile's one search and its share of the offsets;
//! against `SEGMENT_IDS` before the map (note [segment ids] in
//! `fusion::materialize_segment_ids`), a launch, 4 bytes written and 4
//! read an element fewer. By default only above the bounds that note's
//! ids have (the search below them, chosen by the sizes when the kernel
//! runs): a launch of few positions or few segments searches faster.

use flatten::ir::{GExpr, KVar, Scalar, Thunk, VarType};

use crate::arith::{ArithExpr, Range};
use crate::ir::{Expr, Fun, LiftKernel, SegmentIdTiles, SizeDef, Stage, UserFunDef};
use crate::lower::Unsupported;
use crate::rules::SegmentTiles;

/// The fewest segments for which a map finds its segments by tiles under
/// [`SegmentTiles::BySize`]: fewer are searched from the cache.
pub const MIN_SEGMENTS: i64 = fusion::materialize_segment_ids::MIN_SEGMENTS;
/// The fewest positions for which a map finds its segments by tiles under
/// [`SegmentTiles::BySize`].
pub const MIN_POSITIONS: i64 = fusion::materialize_segment_ids::MIN_POSITIONS;

/// Work-items per work-group of `segmentIds`.
pub const SEGMENT_IDS_GROUP_SIZE: i64 = 256;
/// Positions per work-item of `segmentIds`' tile.
pub const SEGMENT_IDS_ITEMS: i64 = 8;

/// The segment of each position below `n`: the last `j` with `offsets[j]
/// <= p` (the offsets do not decrease), 0 where no segment starts at or
/// before `p`.
pub fn segment_ids(offsets: &[i64], n: usize) -> Vec<i64> {
    let mut ids = Vec::with_capacity(n);
    let mut starting = 0;
    for position in 0..n as i64 {
        while starting < offsets.len() && offsets[starting] <= position {
            starting += 1;
        }
        ids.push(starting.saturating_sub(1) as i64);
    }
    ids
}

/// `SEGMENT_IDS offsets n` as one `segmentIds` stage writing `results`.
pub(crate) fn lower_segment_ids(
    lift: &mut LiftKernel,
    stage_name: &str,
    results: &[KVar],
    n: ArithExpr,
    offsets: KVar,
) -> Result<(), Unsupported> {
    let [ids] = results[..] else {
        return Err(Unsupported { what: "a SEGMENT_IDS of several results".into() });
    };
    let Some(count) = crate::typecheck::input_length(lift, offsets) else {
        return Err(Unsupported { what: "segment offsets whose length is not known".into() });
    };
    lift.rules_applied.push("segment-ids-tiles".into());
    let base = lift.flat.var(ids).name.clone();
    let tile_len = SEGMENT_IDS_GROUP_SIZE * SEGMENT_IDS_ITEMS;
    let tiles_def = n.clone().ceil_div(tile_len).max(1);
    let tiles =
        ArithExpr::var(&lift.size_var(&format!("{base}_tiles"), SizeDef::Derived(tiles_def), Range::at_least(1)));
    let tiles = SegmentIdTiles {
        offsets,
        count,
        n: n.clone(),
        group_size: SEGMENT_IDS_GROUP_SIZE,
        items: SEGMENT_IDS_ITEMS,
        tiles,
    };
    lift.lengths.push((ids, n));
    lift.stages.push(Stage {
        name: stage_name.to_string(),
        body: Expr::apply(Fun::SegmentIds(tiles), vec![]),
        result: vec![ids],
        scalar_result: false,
        when: None,
        guard: None,
    });
    Ok(())
}

/// `map-tile-segment-ids` (see the module doc): the stage `map(id) $
/// generate(n, pull)` whose pull searches an array of offsets of the
/// kernel (of a known length) at its own position, as a
/// `mapTileSegmentIds` stage; the offsets searched most often where the
/// pull searches several. Under [`SegmentTiles::BySize`], beside the
/// map by `map-to-mapGlb`, each stage under a condition on the sizes
/// (`Stage::when`): the tiles where the map has at least
/// [`MIN_SEGMENTS`] segments and [`MIN_POSITIONS`] positions, the
/// searches elsewhere: on the H200 (quicksort and quickhull of 10^7, one
/// call), the maps of few segments took 10 to 30% longer by tiles (a
/// launch of few positions a few µs more), those of many segments 40%
/// less than by ids built before them. `None` where the stage is not
/// such a map (or under [`SegmentTiles::Never`]).
pub(crate) fn map_tile_segment_ids(
    low: &mut LiftKernel,
    stage: &Stage,
    cfg: &crate::rules::Config,
) -> Result<Option<Vec<Stage>>, Unsupported> {
    if cfg.segment_tiles == SegmentTiles::Never || stage.when.is_some() || stage.guard.is_some() {
        return Ok(None);
    }
    let Expr::Apply(Fun::Map(id), args) = &stage.body else { return Ok(None) };
    let (Fun::Id, [Expr::Apply(Fun::Generate(n, pull), generate_args)]) = (&**id, &args[..]) else {
        return Ok(None);
    };
    if !generate_args.is_empty() {
        return Ok(None);
    }
    let uf = low.user_fun(*pull).clone();
    let UserFunDef::Thunk(thunk) = &uf.def else { return Ok(None) };
    let [position] = thunk.params[..] else { return Ok(None) };
    let mut positions = vec![position];
    position_aliases(&thunk.body, &mut positions);
    let mut searches: Vec<(KVar, usize)> = Vec::new();
    count_searches(&thunk.body, &positions, &mut searches);
    // The offsets searched most often, the first of those.
    let Some(&(offsets, _)) = searches.iter().rev().max_by_key(|(_, count)| *count) else { return Ok(None) };
    if low.flat.var(offsets).ty != VarType::Array(Scalar::Int) {
        return Ok(None);
    }
    let Some(count) = crate::typecheck::input_length(low, offsets) else { return Ok(None) };
    low.rules_applied.push("map-tile-segment-ids".into());
    let segment = low.flat.new_var("segment", VarType::Scalar(Scalar::Int));
    let mut body = thunk.body.clone();
    replace_searches(&mut body, offsets, &positions, segment);
    let by_segment = Thunk { params: vec![position, segment], body };
    let name = format!("{}_by_tile", uf.name);
    let f = crate::lower::add_user_fun(low, &name, &by_segment, uf.results.clone())?;
    let tile_len = SEGMENT_IDS_GROUP_SIZE * SEGMENT_IDS_ITEMS;
    let base = stage.result.first().map(|v| low.flat.var(*v).name.clone()).unwrap_or_else(|| "map".into());
    // No tile, no launch, where the map is empty.
    let tiles_def = n.clone().ceil_div(tile_len);
    let tiles =
        ArithExpr::var(&low.size_var(&format!("{base}_tiles"), SizeDef::Derived(tiles_def), Range::at_least(0)));
    let tiles = SegmentIdTiles {
        offsets,
        count: count.clone(),
        n: n.clone(),
        group_size: SEGMENT_IDS_GROUP_SIZE,
        items: SEGMENT_IDS_ITEMS,
        tiles,
    };
    let tiled = Stage {
        name: format!("{}_tiles", stage.name),
        body: Expr::apply(Fun::MapTileSegmentIds(tiles, f), vec![]),
        ..stage.clone()
    };
    if cfg.segment_tiles == SegmentTiles::Always {
        return Ok(Some(vec![tiled]));
    }
    // Both, each where the sizes choose it.
    let is_large = (count / MIN_SEGMENTS).min(1) * (n.clone() / MIN_POSITIONS).min(1);
    let is_large =
        ArithExpr::var(&low.size_var(&format!("{base}_by_tiles"), SizeDef::Derived(is_large), Range::between(0, 1)));
    let searching = Stage {
        body: crate::rules::lower_top(low, &stage.body)?,
        when: Some(ArithExpr::one() - is_large.clone()),
        ..stage.clone()
    };
    let tiled = Stage { when: Some(is_large), ..tiled };
    Ok(Some(vec![searching, tiled]))
}

/// Adds the variables `let`-bound to one of `positions` (a pull's index
/// under another name).
fn position_aliases(expr: &GExpr, positions: &mut Vec<KVar>) {
    if let GExpr::Let { vars, value, .. } = expr
        && let ([x], GExpr::Var(v)) = (&vars[..], &**value)
        && positions.contains(v)
    {
        positions.push(*x);
    }
    expr.for_each_child(|c| position_aliases(c, positions));
}

/// Counts the searches `segment_of(offsets, p)`, `p` one of `positions`,
/// by offsets.
fn count_searches(expr: &GExpr, positions: &[KVar], out: &mut Vec<(KVar, usize)>) {
    if let GExpr::SegmentOf { offsets, index } = expr
        && matches!(&**index, GExpr::Var(v) if positions.contains(v))
    {
        match out.iter_mut().find(|(o, _)| o == offsets) {
            Some((_, count)) => *count += 1,
            None => out.push((*offsets, 1)),
        }
    }
    expr.for_each_child(|c| count_searches(c, positions, out));
}

/// Replaces the searches of `offsets` at one of `positions` by `segment`.
fn replace_searches(expr: &mut GExpr, offsets: KVar, positions: &[KVar], segment: KVar) {
    if let GExpr::SegmentOf { offsets: o, index } = expr
        && *o == offsets
        && matches!(&**index, GExpr::Var(v) if positions.contains(v))
    {
        *expr = GExpr::Var(segment);
        return;
    }
    expr.for_each_child_mut(|c| replace_searches(c, offsets, positions, segment));
}

#[cfg(test)]
mod tests {
    use super::segment_ids;

    #[test]
    fn ids_skip_empty_segments_and_start_at_zero_without_segments() {
        // lengths [0, 2, 0, 0, 3, 0]
        assert_eq!(segment_ids(&[0, 0, 2, 2, 2, 5], 5), vec![1, 1, 4, 4, 4]);
        assert_eq!(segment_ids(&[], 3), vec![0, 0, 0]);
        assert_eq!(segment_ids(&[0], 4), vec![0, 0, 0, 0]);
        assert_eq!(segment_ids(&[0, 1, 2], 0), Vec::<i64>::new());
    }
}
