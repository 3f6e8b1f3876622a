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
//! Every loop bound and barrier is the same for the whole group.

use lift_ir::ir::SegmentIdTiles;

use super::{Generator, KernelArg, Out, Val, internal};
use crate::compile::CodegenError;

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
        let n = self.c(&tiles.n);
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
        let (first, i, s, o) = (self.fresh("first"), self.fresh("i"), self.fresh("s"), self.fresh("o"));
        self.line(format!("for (long {i} = {l}; {i} < {tile_len}; {i} += {lanes}) {counts}[{i}] = 0;"));
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.line(format!("const long {first} = {range}[{last}];"));
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
        let g = self.fresh("g");
        self.open(format!("for (long {i} = {l}; {i} < {tile_len}; {i} += {lanes})"));
        self.line(format!("const long {g} = {start} + {i};"));
        self.line(format!("if ({g} < {n}) {out}[{g}] = {first} + {counts}[{i}];"));
        self.close();
        Ok(Val::Array(Self::out_view(&dest.ok_or(CodegenError::Internal("segmentIds without memory".into()))?)))
    }
}
