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

use flatten::ir::KVar;

use crate::arith::{ArithExpr, Range};
use crate::ir::{Expr, Fun, LiftKernel, SegmentIdTiles, SizeDef, Stage};
use crate::lower::Unsupported;

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
