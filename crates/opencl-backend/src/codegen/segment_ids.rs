//! `segmentIds` as C (see `lift_ir::segment_ids`): one work-group of `L`
//! work-items per tile of `L·K` consecutive positions.
//!
//! 1. The segment of the tile's first position `s`, the last `j` with
//!    `offsets[j] <= s`: a range `[lo, hi)` holds it, in one of two pairs
//!    of local slots used in turn (round `r` reads one pair and writes the
//!    other, one barrier a round); each round the `L` work-items probe
//!    `lo + l·step`, and the one whose probe is the last at or before `s`
//!    writes the range between its probe and the next. As many rounds as
//!    `L`-fold splits take any count below 2^31 to one position, written
//!    out (no loop around the barriers).
//! 2. The counts of the segments starting at each position of the tile
//!    after `s` (`atomic_inc` on a local array: counting needs no order),
//!    from the segment after `j`, `L` offsets at a time, until an offset
//!    is past the tile.
//! 3. Each work-item's `K` counts summed, the group's inclusive scan of
//!    the `L` sums (Hillis–Steele, written out), each work-item's running
//!    count over its `K` positions from its prefix, then the tile written
//!    out coalesced as `j` plus the running count.
//!
//! Where no segment starts inside the tile after `s` (`offsets[j + 1]`
//! past it, or no segment after `j`: a long segment, few segments), every
//! position's segment is `j`, and steps 2 and 3 are skipped (a branch the
//! same for the whole group, around their barriers): a tile of one
//! segment costs its search and one load more than the positions.
//!
//! Every loop bound and barrier is the same for the whole group.
//!
//! `mapTileSegmentIds(tiles, f)` (`map-tile-segment-ids`) makes the same
//! steps 1 to 3, then, instead of writing the ids out, applies `f` to
//! each position of the tile and its segment from local memory: each
//! work-item first pulls its `K` positions (`i = k·L + l`, coalesced)
//! into private variables, so that their loads are in flight together,
//! then writes them.

use lift_ir::arith::{ArithExpr, Range, Var};
use lift_ir::ir::{SegmentIdTiles, UserFunId};

use super::{Generator, KernelArg, Out, Val, internal};
use crate::compile::CodegenError;
use crate::user_fun::c_type;

/// The C names steps 1 to 3 leave for the rest of the kernel: the
/// work-item's local index, the tile's first position, its first
/// position's segment, whether that is the segment of the whole tile,
/// and (where it is not) the local array of each tile position's segment
/// less `first`.
struct TileSegments {
    l: String,
    start: String,
    first: String,
    whole: String,
    counts: String,
}

impl TileSegments {
    /// The segment of position `i` of the tile, as C.
    fn segment(&self, i: &str) -> String {
        let TileSegments { first, whole, counts, .. } = self;
        format!("({whole} ? {first} : {first} + {counts}[{i}])")
    }
}

impl Generator<'_> {
    pub(super) fn segment_ids(
        &mut self,
        tiles: &SegmentIdTiles,
        args: &[lift_ir::ir::Expr],
        dest: Option<Out>,
    ) -> Result<Val, CodegenError> {
        if !args.is_empty() {
            return internal("segmentIds takes no arguments");
        }
        let Some(Out::Mem { names, .. }) = dest.clone() else {
            return Err(CodegenError::Unsupported {
                kernel: self.lift.name.clone(),
                what: "a segmentIds whose result is not the stage's".into(),
            });
        };
        let [out] = &names[..] else { return internal("segmentIds of several columns") };
        let tile = self.tile_segments(tiles)?;
        let (lanes, tile_len) = (tiles.group_size, tiles.tile_len());
        let n = self.c(&tiles.n);
        let (i, g) = (self.fresh("i"), self.fresh("g"));
        let (l, start) = (&tile.l, &tile.start);
        self.open(format!("for (long {i} = {l}; {i} < {tile_len}; {i} += {lanes})"));
        self.line(format!("const long {g} = {start} + {i};"));
        self.line(format!("if ({g} < {n}) {out}[{g}] = {};", tile.segment(&i)));
        self.close();
        Ok(Val::Array(Self::out_view(&dest.ok_or(CodegenError::Internal("segmentIds without memory".into()))?)))
    }

    pub(super) fn map_tile_segment_ids(
        &mut self,
        tiles: &SegmentIdTiles,
        f: UserFunId,
        args: &[lift_ir::ir::Expr],
        dest: Option<Out>,
    ) -> Result<Val, CodegenError> {
        if !args.is_empty() {
            return internal("mapTileSegmentIds takes no arguments");
        }
        let Some(out @ Out::Mem { .. }) = dest.clone() else {
            return Err(CodegenError::Unsupported {
                kernel: self.lift.name.clone(),
                what: "a mapTileSegmentIds whose result is not the stage's".into(),
            });
        };
        let tile = self.tile_segments(tiles)?;
        let (l, start) = (tile.l.clone(), tile.start.clone());
        let (lanes, items) = (tiles.group_size, tiles.items);
        let n = self.c(&tiles.n);
        let results = self.lift.user_fun(f).results.clone();
        // 4. Each work-item's positions pulled into private variables,
        // then written.
        let values: Vec<String> = results.iter().map(|_| self.fresh("pulled")).collect();
        for (v, ty) in values.iter().zip(&results) {
            self.line(format!("{} {v}[{items}];", c_type(*ty)));
        }
        let [k, i, g] = ["k", "i", "g"].map(|s| self.fresh(s));
        self.line("#pragma unroll");
        self.open(format!("for (int {k} = 0; {k} < {items}; {k}++)"));
        self.line(format!("const long {i} = {k} * {lanes} + {l};"));
        self.line(format!("const long {g} = {start} + {i};"));
        self.open(format!("if ({g} < {n})"));
        let got = self.call(f, vec![g.clone(), tile.segment(&i)])?;
        if got.len() != values.len() {
            return internal("mapTileSegmentIds' function returns other components than its results");
        }
        for (v, r) in values.iter().zip(&got) {
            self.line(format!("{v}[{k}] = {r};"));
        }
        self.close();
        self.close();
        let [k, g] = ["k", "g"].map(|s| self.fresh(s));
        self.line("#pragma unroll");
        self.open(format!("for (int {k} = 0; {k} < {items}; {k}++)"));
        self.line(format!("const long {g} = {start} + {k} * {lanes} + {l};"));
        self.open(format!("if ({g} < {n})"));
        let at = ArithExpr::var(&Var::new(g.clone(), Range::at_least(0)));
        let comps: Vec<String> = values.iter().map(|v| format!("{v}[{k}]")).collect();
        self.write(&out, &[at], &comps)?;
        self.close();
        self.close();
        Ok(Val::Array(Self::out_view(&out)))
    }

    /// Steps 1 to 3 of the module doc: the launch in `tiles.tiles` groups
    /// of `tiles.group_size`, each tile's segments in local memory.
    fn tile_segments(&mut self, tiles: &SegmentIdTiles) -> Result<TileSegments, CodegenError> {
        if self.groups.is_some() || self.global.is_some() || self.local.is_some() {
            return Err(CodegenError::Unsupported {
                kernel: self.lift.name.clone(),
                what: "a segmentIds inside another parallel pattern".into(),
            });
        }
        let (lanes, items) = (tiles.group_size, tiles.items);
        if lanes < 2 || lanes & (lanes - 1) != 0 || items < 1 {
            return internal(format!("segmentIds in groups of {lanes} × {items}"));
        }
        self.groups = Some(tiles.tiles.clone());
        self.local = Some(lift_ir::arith::ArithExpr::cst(lanes));
        self.has_barrier = true;
        let tile_len = lanes * items;
        self.need(KernelArg::Array { var: tiles.offsets, written: false });
        let offsets = self.kvar(tiles.offsets);
        let count = self.c(&tiles.count);
        let [counts, sums, range] = ["counts", "sums", "range"].map(|s| self.fresh(s));
        self.local_decls.push(format!("__local int {counts}[{tile_len}];"));
        self.local_decls.push(format!("__local long {sums}[{lanes}];"));
        self.local_decls.push(format!("__local long {range}[4];"));
        let (l, start) = (self.fresh("l"), self.fresh("start"));
        self.line(format!("const long {l} = get_local_id(0);"));
        self.line(format!("const long {start} = get_group_id(0) * {tile_len};"));
        // A tile past the last position, in a launch sized by a bound
        // (note [device lengths]): the whole group returns, before its
        // first barrier.
        let n = self.c(&tiles.n);
        self.line(format!("if ({start} >= {n}) return;"));
        // 1. The segment of the tile's first position.
        self.open(format!("if ({l} == 0)"));
        self.line(format!("{range}[0] = 0;"));
        self.line(format!("{range}[1] = {count};"));
        self.close();
        let mut rounds = 0;
        let mut reach: i128 = 1;
        while reach <= 1 << 31 {
            reach *= lanes as i128;
            rounds += 1;
        }
        for round in 0..rounds {
            let (from, to) = if round % 2 == 0 { (0, 2) } else { (2, 0) };
            let [lo, hi, step, p, q] = ["lo", "hi", "step", "p", "q"].map(|s| self.fresh(s));
            self.open("");
            self.line("barrier(CLK_LOCAL_MEM_FENCE);");
            self.line(format!("const long {lo} = {range}[{from}];"));
            self.line(format!("const long {hi} = {range}[{}];", from + 1));
            self.open(format!("if ({hi} - {lo} > 1)"));
            self.line(format!("const long {step} = ({hi} - {lo} + {}) / {lanes};", lanes - 1));
            self.line(format!("const long {p} = {lo} + {l} * {step};"));
            self.open(format!("if ({p} < {hi} && {offsets}[{p}] <= {start})"));
            self.line(format!("const long {q} = {p} + {step};"));
            self.open(format!("if ({q} >= {hi} || {offsets}[{q}] > {start})"));
            self.line(format!("{range}[{to}] = {p};"));
            self.line(format!("{range}[{}] = min({q}, {hi});", to + 1));
            self.close();
            self.close();
            // No segment at or before the start: the first (0).
            self.open(format!("if ({l} == 0 && {offsets}[{lo}] > {start})"));
            self.line(format!("{range}[{to}] = {lo};"));
            self.line(format!("{range}[{}] = {lo} + 1;", to + 1));
            self.close();
            self.indent -= 1;
            self.open(format!("}} else if ({l} == 0)"));
            self.line(format!("{range}[{to}] = {lo};"));
            self.line(format!("{range}[{}] = {hi};", to + 1));
            self.close();
            self.close();
        }
        let last = if rounds % 2 == 0 { 0 } else { 2 };
        let (first, whole) = (self.fresh("first"), self.fresh("whole"));
        let (i, s, o) = (self.fresh("i"), self.fresh("s"), self.fresh("o"));
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.line(format!("const long {first} = {range}[{last}];"));
        // The whole tile in one segment (no later one starts inside it):
        // the same for the whole group, and the rest is not needed.
        self.line(format!(
            "const int {whole} = {first} + 1 >= {count} || {offsets}[{first} + 1] - {start} >= {tile_len};"
        ));
        self.open(format!("if (!{whole})"));
        self.line(format!("for (long {i} = {l}; {i} < {tile_len}; {i} += {lanes}) {counts}[{i}] = 0;"));
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        // 2. The segments starting in the tile after its first position.
        self.open(format!("for (long {s} = {first} + 1 + {l}; {s} < {count}; {s} += {lanes})"));
        self.line(format!("const long {o} = {offsets}[{s}] - {start};"));
        self.line(format!("if ({o} >= {tile_len}) break;"));
        self.line(format!("if ({o} > 0) atomic_inc(&{counts}[{o}]);"));
        self.close();
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        // 3. The running counts: each work-item's sum, the group's scan.
        let (mine, k) = (self.fresh("mine"), self.fresh("k"));
        self.line(format!("long {mine} = 0;"));
        self.line(format!("for (long {k} = 0; {k} < {items}; {k}++) {mine} += {counts}[{l} * {items} + {k}];"));
        self.line(format!("{sums}[{l}] = {mine};"));
        let mut d = 1;
        while d < lanes {
            let v = self.fresh("v");
            self.line("barrier(CLK_LOCAL_MEM_FENCE);");
            self.line(format!("const long {v} = {l} >= {d} ? {sums}[{l} - {d}] : 0;"));
            self.line("barrier(CLK_LOCAL_MEM_FENCE);");
            self.line(format!("{sums}[{l}] += {v};"));
            d *= 2;
        }
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        let run = self.fresh("run");
        self.line(format!("long {run} = {sums}[{l}] - {mine};"));
        self.open(format!("for (long {k} = 0; {k} < {items}; {k}++)"));
        self.line(format!("{run} += {counts}[{l} * {items} + {k}];"));
        self.line(format!("{counts}[{l} * {items} + {k}] = (int){run};"));
        self.close();
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.close();
        Ok(TileSegments { l, start, first, whole, counts })
    }
}
