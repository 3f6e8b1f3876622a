//! `scanLookback` and `filterLookback` as C (see `lift_ir::lookback`):
//! one work-group per tile of `L·T` elements, the tile's number from an
//! `atomic_inc` of the ticket (the arena's first 32-bit word) less the
//! launch's ticket base, the tile in local memory, and the tiles chained
//! by decoupled look-back over the status words.
//!
//! The statuses live in the session's look-back arena (`KernelArg::Lookback`,
//! note [look-back arena] in `runtime::cl::lookback_arena`), shared by every
//! look-back launch and never zeroed between them. The status of tile `j`
//! is two records (aggregate, inclusive prefix) of `k` components, each
//! component a pair of 64-bit words `epoch << 32 | half` (low half first),
//! at word `((2j + record)·k + c)·2` of the arena after its front
//! (`lift_ir::lookback::STATUS_FRONT` 32-bit words: the ticket, padding)
//! read as `ulong`s. A record is read with `volatile` loads and is valid
//! when all its words carry the launch's epoch (a word of an earlier
//! launch carries another, the arena's first zeros epoch 0, which no launch
//! has); each word is stored once a launch, whole.
//!
//! Local memory: the tile (`tile`), the values (`vals`: `L` work-items'
//! totals then their exclusive offsets, `Q` rows' offsets, `W` window
//! values, the tile's exclusive prefix and aggregate), and the flags
//! (`W` window flags: 0 nothing yet, 1 aggregate, 2 prefix; the ticket;
//! whether to look further; the nearest tile not yet combined). Every
//! loop with a barrier in it has a bound the whole group shares.
//!
//! A segmented scan (`chain.heads`) keeps the values alone in the tile
//! and its head flags as bits (`heads`, 32 a word); its values and status
//! words are (head flag, value) pairs, `k + 1` components. Before the
//! look-back, while its tile's loads are in flight, the group searches
//! the offsets for its first segment in rounds written out one after the
//! other (the range in flags `W + 1`, `W + 2` and window flags 0, 1 in
//! turn, one barrier a round; PoCL's barrier handling does not take a loop
//! of them that exits between two barriers).
//!
//! A filter's work-items keep their kept flags as a mask; after the
//! look-back each packs `offset << 32 | mask` in its `vals` slot, and the
//! group writes each kept element of the tile, read coalesced, to the
//! tile's offset plus its rank (see `lift_ir::lookback`).

use flatten::ir::Scalar;
use lift_ir::address_space::AddressSpace;
use lift_ir::arith::{ArithExpr, Range, Var};
use lift_ir::ir::{Expr, Filter, Fun, Lookback, Part, SegHeads, Type};
use lift_ir::memory::AllocKind;

use lift_ir::lookback::WARP;

use super::seg_teams::NV_ONLY;
use super::{Generator, KernelArg, Out, Val, View, internal};
use crate::compile::CodegenError;
use crate::user_fun::{CParam, c_type};

// Note [counts before offsets]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// A filter with `before` (a lifted filter's, `counts-from-filter` in
// `flatten::segmented_prims`) writes, for each offset, the number it kept
// below it. Each tile writes those of the offsets in its range (the last
// tile also those at or past the end): after the look-back, the number
// kept below position `q` of the tile is the tile's prefix plus its
// owner's offset and the bits of the owner's mask below `q`, all in local
// memory; the tile's first such offset is a binary search of the offsets
// (its work-items search alike, the loads shared), then one offset a
// work-item. Several segments of one offset (empty ones) get the same
// count. This replaced a MAP of two binary searches of the kept positions
// per segment and filter: quicksort of 10^7 on the H100, that MAP and the
// next lengths' took 8.28 + 0.75 ms, now 0.96 + 0.97 ms; the filters by
// ids 5.81 -> 6.29 ms, the others 4.18 -> 3.44 ms; all kernels 115.0 ->
// 107.2 ms (same run, launches and reads unchanged).

// Note [both records in one round trip]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// Where a status has one component, a window lane loads both records of
// its tile, the inclusive prefix and the aggregate, before it tests
// either: the four words are one 32-byte sector, and each record is
// stored once a launch, so any pair of them read at any time is valid for
// what it holds. Before, the aggregate was loaded only where the prefix
// was not there: a second round trip in every window that has not yet
// reached a prefix. On the H200 (`primitives.py scan filter segscan`,
// main's binary alternating, ms of kernels a run, four runs each):
// `plus_scan` of 2^27 ints 0.642 / 0.640 / 0.637 / 0.638 against 0.666 /
// 0.667 / 0.662 / 0.660, the filter of 2^27 floats 0.685 / 0.686 / 0.681
// / 0.683 against 0.697 / 0.697 / 0.692 / 0.693. Statuses of more
// components keep the aggregate's load behind the prefix's test: loading
// both records of quicksort's three filters at once (three components,
// 96 bytes a tile) took its kernel `quicksort_fused_4_by_ids_lesser_elements`
// from 54.3 to 61.6 ms and 10^8 ints' kernels from 164.5 to 175.8 ms
// (four runs each, alternating); the segmented scans (two components)
// did not move (rows of 8 0.275 / 0.275 against 0.275 / 0.272). With one
// component only, quicksort of 10^8 ints took 164.1 / 164.3 / 164.5 ms of
// kernels against main's 164.3 / 164.6 / 164.7, of 10^7 21.8 / 21.5 /
// 21.8 against 22.0 / 22.1 / 21.6.
//
// The look-back is a large share of a scan's time there: with no
// look-back at all (a probe with wrong results) `plus_scan` took 0.481 ms.
// Tried in the same runs and no faster: windows of 64 tiles
// (`lift_ir::lookback::WINDOW`; `plus_scan` 0.661 / 0.662, the segmented
// scan of rows of 8 0.353) and of 128 (0.840, 0.470); the window's
// combine (work-item 0's loop) unrolled, fully or by 8: 0.635 and 0.641
// against 0.636. In an earlier run, tiles numbered by `get_group_id`
// instead of a ticket (also a probe: that order is not guaranteed) took
// 0.752 ms against 0.659: the ticket's round trip is not what a tile
// waits for.

// Note [a head ends the look-back]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// In a segmented scan, (fa, a) ⊕ (fb, b) is (1, b) whenever fb is set: a
// tile whose aggregate holds a head has that aggregate as its inclusive
// prefix, whatever the tiles before it hold. So such a tile publishes its
// prefix record where the others publish their aggregate, before its own
// look-back (which its elements before its first head still need), and
// does not publish it again after; a later tile's look-back then stops at
// the nearest tile with a head, and no tile waits for the look-backs of
// the tiles before that one. Where segments are shorter than a tile, every
// tile's look-back is one window that ends at its predecessor. On the H200
// (`primitives.py segscan`, alternating with the binary before, ms of
// kernels a run): 2^22 rows of 8 0.252 against 0.287, power-law rows
// 0.270 against 0.290.
//
// A tile whose first element is a head needs no prefix at all: it skips
// its look-back (`Chain::fresh_start`). Rows of 8 start every tile of 256
// · 21 elements so: 0.235 / 0.237 ms against 0.240 / 0.242 (power-law
// rows, whose tiles rarely start a segment, 0.258 / 0.257 against 0.259
// / 0.257; two runs each, alternating).

// Note [keep where pulled]
// ~~~~~~~~~~~~~~~~~~~~~~~~
// A filter's flags were computed after the tile was loaded, by each
// work-item on its own `T` consecutive elements: a warp's keep calls then
// touch every `T`-th element, and a lifted keep, which reads its
// instance's data through `segment_of` (a binary search of the offsets,
// a chain of dependent loads) and the per-instance arrays, ran every one
// of them a second time, after the pull's, cold and scattered. The flag is
// now computed where the element is pulled (coalesced, right after the
// pull's own loads) and set in its owner's 32-bit mask in local memory
// (`atomic_or`: the `T` elements of one owner come from `T` work-items);
// the owner's count is the mask's popcount. The masks are the `L · 4`
// bytes that `lift_ir::lookback::filter_lookback_items` keeps back.
//
// Only where the keep reads arrays (a lifted keep: quicksort 10^7's three
// filters 15.3 / 15.0 / 15.2 ms -> 13.5 / 13.0 / 13.6 ms on the H100): a
// keep of the element alone is cheaper run again from the tile than the
// local atomics, whose `T` bits of one owner contend (the filter of 2^27
// floats: 0.710 ms from the tile, 0.942 ms with the atomics, same run).

/// Filters counting before the same offsets: the offsets, each filter's
/// counts buffer, and its packed offsets and tile base (see
/// `Generator::counts_before_of`).
type BeforeGroup = (lift_ir::ir::Before, Vec<flatten::ir::KVar>, Vec<(String, String)>);

/// How the scanned values combine: the user's operator, `+` on the
/// counts of a filter, or the user's operator lifted to the (head flag,
/// value) pairs of a segmented scan (component 0 the flag).
#[derive(Clone, Copy)]
enum Op<'f> {
    User(&'f Fun),
    Count,
    Seg(&'f Fun),
    /// The parts of a traversal side by side (`horizontalLookback`): each
    /// part's carried components combined by its own operator, a filter's
    /// counts by `+`.
    Parts(&'f [Part]),
}

/// The names and shapes one look-back kernel shares between its parts.
struct Chain<'f> {
    op: Op<'f>,
    /// The scanned values' components and their type.
    comps: Vec<Scalar>,
    ty: Type,
    z: Vec<String>,
    /// The local values (one array per component) and flags.
    vals: Vec<String>,
    flags: String,
    status: String,
    /// The launch's epoch (a `uint` argument), the upper half of every
    /// status word it writes.
    epoch: String,
    /// The work-item's local id, the tile's number and its first element.
    lid: String,
    tile: String,
    start: String,
    l: i64,
    t: i64,
    q: i64,
    w: i64,
    /// A C condition that holds where the tile's first element starts a
    /// segment (a segmented scan's): its look-back is skipped (note [a
    /// head ends the look-back]).
    fresh_start: Option<String>,
    /// `lookback-warp`: the warps' scan and look-back on NVIDIA (see
    /// [`Generator::warp_scan_and_look_back`]).
    warp: bool,
}

impl Chain<'_> {
    /// Where the tile aggregate `values` is already the tile's inclusive
    /// prefix, whatever the tiles before it hold: a C condition (a
    /// segmented scan's aggregate that holds a head, note [a head ends the
    /// look-back]); `None` where only tile 0's is.
    fn prefix_without_look_back(&self, values: &[String]) -> Option<String> {
        match self.op {
            Op::Seg(_) => values.first().map(|flag| format!("{flag} != 0")),
            _ => None,
        }
    }

    fn window_at(&self) -> i64 {
        self.l + self.q
    }
    fn prefix_at(&self) -> i64 {
        self.l + self.q + self.w
    }
    fn aggregate_at(&self) -> i64 {
        self.prefix_at() + 1
    }
    fn at(&self, index: impl std::fmt::Display) -> Vec<String> {
        self.vals.iter().map(|v| format!("{v}[{index}]")).collect()
    }
}

/// A component's 64 bits as a `ulong`, and back.
pub(super) fn to_bits(s: Scalar, x: &str) -> String {
    match s {
        Scalar::Float => format!("as_ulong({x})"),
        Scalar::Int => format!("(ulong)({x})"),
        Scalar::Bool | Scalar::Char => format!("(ulong)(long)({x})"),
    }
}

pub(super) fn of_bits(s: Scalar, bits: &str) -> String {
    match s {
        Scalar::Float => format!("as_double({bits})"),
        Scalar::Int => format!("(long)({bits})"),
        Scalar::Bool | Scalar::Char => format!("(int)(long)({bits})"),
    }
}

impl Generator<'_> {
    /// `scanLookback(op, chain)(z, xs)`.
    pub(super) fn scan_lookback(
        &mut self,
        f: &Fun,
        op: &Fun,
        chain: &Lookback,
        args: &[Expr],
        dest: Option<Out>,
    ) -> Result<Val, CodegenError> {
        if let Some(heads) = &chain.heads {
            return self.seg_scan_lookback(f, op, chain, heads, args, dest);
        }
        let [z, xs] = args else { return internal("scanLookback arity") };
        let out = self.lookback_dest(dest)?;
        let Val::Scalar(z) = self.gen_expr(z, None)? else { return internal("scanLookback init") };
        let view = self.array(xs)?;
        let n = self.shape(&view)?[0].clone();
        let comps = self.allocation(f, AllocKind::Accumulator, AddressSpace::Private)?.components;
        let tile = self.lookback_tile(f, chain, &comps, 1)?;
        let mut ch = self.lookback_start(f, chain, Op::User(op), comps, z.clone())?;
        let (l, t) = (ch.lid.clone(), ch.t);
        let n_c = self.c(&n);
        // The tile, coalesced; the neutral element past the end.
        let (j, p, g) = (self.fresh("j"), self.fresh("p"), self.fresh("g"));
        let slots: Vec<String> = tile.iter().map(|tv| format!("{tv}[{p}]")).collect();
        match chain.along {
            None => self.load_tile(&ch, (&j, &p, &g), (&view, &n), &slots, Some(&z))?,
            Some(along) => self.load_tile_along(&ch, (&j, &p, &g), (&view, &n), &slots, &z, (along, &out))?,
        }
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        // Each work-item's total of its T contiguous elements, the look-back.
        let elem: Vec<String> = tile.iter().map(|tv| format!("{tv}[{l} * {t} + {j}]")).collect();
        let off = self.work_item_offset(&mut ch, &j, &elem, false)?;
        // Each work-item scans its elements from its offset, in place.
        self.open(format!("for (long {j} = 0; {j} < {t}; {j}++)"));
        let elem: Vec<String> = tile.iter().map(|tv| format!("{tv}[{l} * {t} + {j}]")).collect();
        let x = self.declare(&ch.comps.clone(), &elem, "x");
        for (e, o) in elem.iter().zip(&off) {
            self.line(format!("{e} = {o};"));
        }
        self.combine_into(&mut ch, &off, &off, &x)?;
        self.close();
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        // The tile out, coalesced.
        self.open_tile_position(&ch, (&j, &p, &g), &n_c);
        for (o, tv) in out.iter().zip(&tile) {
            self.line(format!("{o}[{g}] = {tv}[{p}];"));
        }
        self.close();
        self.close();
        Ok(Val::Array(View::Mem { names: out, dims: vec![n] }))
    }

    /// `scanLookback(op, chain)(z, xs)` with `chain.heads`: the segmented
    /// scan (see `lift_ir::seg_scan`). The tile holds the values; each
    /// tile finds its heads from the offsets, into `heads`; the look-back
    /// scans (head flag, value) pairs.
    fn seg_scan_lookback(
        &mut self,
        f: &Fun,
        op: &Fun,
        chain: &Lookback,
        heads: &SegHeads,
        args: &[Expr],
        dest: Option<Out>,
    ) -> Result<Val, CodegenError> {
        let [z, xs] = args else { return internal("scanLookback arity") };
        let out = self.lookback_dest(dest)?;
        let Val::Scalar(z) = self.gen_expr(z, None)? else { return internal("scanLookback init") };
        let view = self.array(xs)?;
        let n = self.shape(&view)?[0].clone();
        let comps = self.allocation(f, AllocKind::Accumulator, AddressSpace::Private)?.components;
        let tile = self.lookback_tile(f, chain, &comps, 1)?;
        let (lanes, t) = (chain.group_size, chain.items);
        let head_mem = self.allocation(f, AllocKind::LookbackHeads, AddressSpace::Local)?;
        let words = lift_ir::lookback::head_words(lanes, t);
        if head_mem.size.as_cst() != Some(words) || t > 31 {
            return internal("the look-back heads differ from the memory table's");
        }
        let hd = self.fresh("heads");
        self.local_decls.push(format!("__local uint {hd}[{words}];"));
        let pair_comps: Vec<Scalar> = std::iter::once(Scalar::Int).chain(comps.iter().copied()).collect();
        let pair_z: Vec<String> = std::iter::once("0L".to_string()).chain(z.iter().cloned()).collect();
        let mut ch = self.lookback_start(f, chain, Op::Seg(op), pair_comps, pair_z)?;
        let (l, w) = (ch.lid.clone(), ch.w);
        let n_c = self.c(&n);
        // The tile's values, coalesced, into registers (the neutral
        // element past the end): their loads are in flight while the group
        // looks for its heads; and no heads yet.
        let (j, p, g) = (self.fresh("j"), self.fresh("p"), self.fresh("g"));
        let regs: Vec<String> = comps.iter().map(|_| self.fresh("xr")).collect();
        for (r, s) in regs.iter().zip(&comps) {
            self.line(format!("{} {r}[{t}];", c_type(*s)));
        }
        self.line("#pragma unroll");
        let slots: Vec<String> = regs.iter().map(|r| format!("{r}[{j}]")).collect();
        self.load_tile(&ch, (&j, &p, &g), (&view, &n), &slots, Some(&z))?;
        let i = self.fresh("i");
        self.line(format!("for (long {i} = {l}; {i} < {words}; {i} += {lanes}) {hd}[{i}] = 0;"));
        // The first segment starting at or after the tile's start: a
        // range [lo, hi] holds it, in two pairs of slots used in turn
        // (flags W + 1, W + 2 and window flags 0, 1, all free until the
        // look-back), so that a round takes one barrier: round r reads one
        // pair and writes the other. Each round L probes split the range;
        // the work-item whose probe is the last before the start writes
        // its part, work-item 0 the range's first position if that is at
        // or after the start, or the range itself once it is one position.
        // As many rounds as L-fold splits take any count below 2^31 to one
        // position, written out (no loop: PoCL's barrier handling does not
        // take this one).
        self.need(KernelArg::Array { var: heads.offsets, written: false });
        let offsets = self.kvar(heads.offsets);
        let count = self.c(&heads.count);
        let flags = ch.flags.clone();
        let (start, tile_len) = (ch.start.clone(), lanes * t);
        let pairs = [(w + 1, w + 2), (0, 1)];
        self.open(format!("if ({l} == 0)"));
        self.line(format!("{flags}[{}] = 0;", pairs[0].0));
        self.line(format!("{flags}[{}] = {count};", pairs[0].1));
        self.close();
        let mut rounds = 0;
        let mut reach: i128 = 1;
        while reach <= 1 << 31 {
            reach *= lanes.max(2) as i128;
            rounds += 1;
        }
        for round in 0..rounds {
            let (from, to) = (pairs[round % 2], pairs[(round + 1) % 2]);
            let (lo, hi, step, q) = (self.fresh("lo"), self.fresh("hi"), self.fresh("step"), self.fresh("q"));
            self.open("");
            self.line("barrier(CLK_LOCAL_MEM_FENCE);");
            self.line(format!("const long {lo} = {flags}[{}];", from.0));
            self.line(format!("const long {hi} = {flags}[{}];", from.1));
            self.line(format!("const long {step} = ({hi} - {lo} + {lanes} - 1) / {lanes};"));
            self.line(format!("const long {p} = {lo} + {l} * {step};"));
            self.open(format!("if ({lo} < {hi})"));
            self.open(format!("if ({p} < {hi} && {offsets}[{p}] < {start})"));
            self.line(format!("const long {q} = {p} + {step};"));
            self.open(format!("if ({q} >= {hi} || {offsets}[{q}] >= {start})"));
            self.line(format!("{flags}[{}] = {p} + 1;", to.0));
            self.line(format!("{flags}[{}] = min({q}, {hi});", to.1));
            self.close();
            self.close();
            self.open(format!("if ({l} == 0 && {offsets}[{lo}] >= {start})"));
            self.line(format!("{flags}[{}] = {lo};", to.0));
            self.line(format!("{flags}[{}] = {lo};", to.1));
            self.close();
            self.indent -= 1;
            self.open(format!("}} else if ({l} == 0)"));
            self.line(format!("{flags}[{}] = {lo};", to.0));
            self.line(format!("{flags}[{}] = {hi};", to.1));
            self.close();
            self.close();
        }
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        let first = pairs[rounds % 2].0;
        // The heads: where the segments from there start, up to the
        // tile's end, as bits (32 a word), four strides at a time, their
        // loads in flight together; a work-item's last one at or past the
        // tile's end stops it (the offsets do not decrease). Then the
        // values to the tile.
        const UNROLL: i64 = 4;
        let (s, o, u) = (self.fresh("s"), self.fresh("o"), self.fresh("u"));
        self.open(format!("for (long {s} = {flags}[{first}] + {l}; {s} < {count}; {s} += {})", lanes * UNROLL));
        self.line(format!("long {o}[{UNROLL}];"));
        self.line("#pragma unroll");
        self.open(format!("for (long {u} = 0; {u} < {UNROLL}; {u}++)"));
        self.line(format!(
            "{o}[{u}] = {s} + {u} * {lanes} < {count} ? {offsets}[{s} + {u} * {lanes}] - {start} : {tile_len};"
        ));
        self.close();
        self.line("#pragma unroll");
        self.open(format!("for (long {u} = 0; {u} < {UNROLL}; {u}++)"));
        self.line(format!("if ({o}[{u}] < {tile_len}) atomic_or(&{hd}[{o}[{u}] >> 5], 1u << ({o}[{u}] & 31));"));
        self.close();
        self.line(format!("if ({o}[{}] >= {tile_len}) break;", UNROLL - 1));
        self.close();
        self.line("#pragma unroll");
        self.open(format!("for (long {j} = 0; {j} < {t}; {j}++)"));
        for (tv, r) in tile.iter().zip(&regs) {
            self.line(format!("{tv}[{j} * {lanes} + {l}] = {r}[{j}];"));
        }
        self.close();
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        // Each work-item's heads (the bits of a mask: T < 32 of them, in
        // two words at most) and its total of (head flag, value) pairs.
        let (mask, first_bit) = (self.fresh("hmask"), self.fresh("bit"));
        self.line(format!("const long {first_bit} = {l} * {t};"));
        self.line(format!(
            "const uint {mask} = (uint)(((((ulong){hd}[({first_bit} >> 5) + 1]) << 32) | {hd}[{first_bit} >> 5]) >> ({first_bit} & 31)) & {}u;",
            (1u64 << t) - 1
        ));
        let mut elem = vec![format!("(long)(({mask} >> {j}) & 1u)")];
        elem.extend(tile.iter().map(|tv| format!("{tv}[{l} * {t} + {j}]")));
        ch.fresh_start = Some(format!("{hd}[0] & 1u"));
        let off = self.work_item_offset(&mut ch, &j, &elem, true)?;
        // Each work-item scans its elements from its offset, in place: z
        // at a head, the combination so far elsewhere.
        self.open(format!("for (long {j} = 0; {j} < {t}; {j}++)"));
        let head = self.fresh("head");
        self.line(format!("const long {head} = (long)(({mask} >> {j}) & 1u);"));
        let slots: Vec<String> = tile.iter().map(|tv| format!("{tv}[{l} * {t} + {j}]")).collect();
        let x = self.declare(&comps, &slots, "x");
        for ((e, o), zc) in slots.iter().zip(&off[1..]).zip(&z) {
            self.line(format!("{e} = {head} ? {zc} : {o};"));
        }
        let mut pair = vec![head];
        pair.extend(x);
        self.combine_into(&mut ch, &off, &off, &pair)?;
        self.close();
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        // The tile out, coalesced.
        self.open_tile_position(&ch, (&j, &p, &g), &n_c);
        for (o, tv) in out.iter().zip(&tile) {
            self.line(format!("{o}[{g}] = {tv}[{p}];"));
        }
        self.close();
        self.close();
        Ok(Val::Array(View::Mem { names: out, dims: vec![n] }))
    }

    /// `filterLookback(keep, chain)(xs)`.
    pub(super) fn filter_lookback(
        &mut self,
        f: &Fun,
        keep: &Filter,
        chain: &Lookback,
        args: &[Expr],
        dest: Option<Out>,
    ) -> Result<Val, CodegenError> {
        let [xs] = args else { return internal("filterLookback arity") };
        let out = self.lookback_dest(dest)?;
        let view = self.array(xs)?;
        let n = self.shape(&view)?[0].clone();
        let Some(elems) = self.type_of(xs)?.elem().and_then(|(e, _)| e.components()) else {
            return internal("filterLookback of an array of arrays");
        };
        let tile = self.lookback_tile(f, chain, &elems, 1)?;
        let mut ch = self.lookback_start(f, chain, Op::Count, vec![Scalar::Int], vec!["0".into()])?;
        let Some(counts) = ch.vals.first().cloned() else { return internal("a filter's look-back without counts") };
        let (l, t, lanes) = (ch.lid.clone(), ch.t, ch.l);
        let (j, p, g) = (self.fresh("j"), self.fresh("p"), self.fresh("g"));
        let slots: Vec<String> = tile.iter().map(|tv| format!("{tv}[{p}]")).collect();
        let n_c = self.c(&n);
        let mask = self.fresh("mask");
        let keep_reads_arrays =
            self.funs[keep.keep.0 as usize].params.iter().any(|param| matches!(param, CParam::Array { .. }));
        if keep_reads_arrays {
            // The work-items' masks (note [keep where pulled]).
            let masks = self.fresh("masks");
            self.local_decls.push(format!("__local uint {masks}[{lanes}];"));
            self.line(format!("{masks}[{l}] = 0;"));
            self.line("barrier(CLK_LOCAL_MEM_FENCE);");
            // The tile, coalesced, each element's flag set in its owner's
            // mask as it is pulled.
            self.open_tile_position(&ch, (&j, &p, &g), &n_c);
            let gv = ArithExpr::var(&Var::new(g.to_string(), Range::below(n.clone())));
            let x = self.read(&view, &[gv])?;
            let pulled: Vec<String> = x.iter().map(|_| self.fresh("x")).collect();
            for ((name, x), s) in pulled.iter().zip(&x).zip(&elems) {
                self.line(format!("const {} {name} = {x};", c_type(*s)));
            }
            // Only the columns it writes (note [unwritten filter columns]
            // in `lift_ir::lower`).
            for (slot, name) in keep.project(&slots).iter().zip(keep.project(&pulled)) {
                self.line(format!("{slot} = {name};"));
            }
            let kept = self.call(keep.keep, pulled)?;
            let [kept] = &kept[..] else { return internal("a keep function of several results") };
            self.open(format!("if ({kept} != 0)"));
            self.line(format!("atomic_or(&{masks}[{p} / {t}], 1u << ({p} % {t}));"));
            self.close();
            self.close();
            self.close();
            self.line("barrier(CLK_LOCAL_MEM_FENCE);");
            // Each work-item's flags (the bits of a mask) and count.
            self.line(format!("const uint {mask} = {masks}[{l}];"));
            self.line(format!("{counts}[{l}] = (long)popcount({mask});"));
        } else {
            // The tile, coalesced; then each work-item's flags (the bits of
            // a mask) and count over its `T` consecutive elements.
            self.load_tile(&ch, (&j, &p, &g), (&view, &n), &slots, None)?;
            self.line("barrier(CLK_LOCAL_MEM_FENCE);");
            let count = self.fresh("count");
            self.line(format!("uint {mask} = 0;"));
            self.line(format!("long {count} = 0;"));
            self.open(format!("for (long {j} = 0; {j} < {t}; {j}++)"));
            self.open(format!("if ({} + {l} * {t} + {j} < {n_c})", ch.start));
            let elem: Vec<String> = tile.iter().map(|tv| format!("{tv}[{l} * {t} + {j}]")).collect();
            let kept = self.call(keep.keep, elem)?;
            let [kept] = &kept[..] else { return internal("a keep function of several results") };
            self.open(format!("if ({kept} != 0)"));
            self.line(format!("{mask} |= 1u << {j};"));
            self.line(format!("{count}++;"));
            self.close();
            self.close();
            self.close();
            self.line(format!("{counts}[{l}] = {count};"));
        }
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.group_scan_and_look_back(&mut ch, true)?;
        let base = self.fresh("base");
        // Each work-item's offset in the tile and its mask, packed in its
        // own slot (the look-back ended with a barrier: no one reads
        // another's offset now); then each kept element of the tile,
        // read coalesced, goes out to the tile's offset plus its rank:
        // its work-item's offset and the kept ones before it in its mask.
        self.line(format!("{counts}[{l}] = ({counts}[{l}] << 32) | {mask};"));
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.line(format!("const long {base} = {counts}[{}];", ch.prefix_at()));
        let (owner, bit, packed, kmask) =
            (self.fresh("owner"), self.fresh("bit"), self.fresh("packed"), self.fresh("kmask"));
        self.line("#pragma unroll");
        self.open(format!("for (long {j} = 0; {j} < {t}; {j}++)"));
        self.line(format!("const long {p} = {j} * {lanes} + {l};"));
        self.line(format!("const long {owner} = {p} / {t};"));
        self.line(format!("const uint {bit} = (uint)({p} - {owner} * {t});"));
        self.line(format!("const long {packed} = {counts}[{owner}];"));
        self.line(format!("const uint {kmask} = (uint){packed};"));
        self.open(format!("if (({kmask} >> {bit}) & 1u)"));
        let rank = format!("({packed} >> 32) + (long)popcount({kmask} & ((1u << {bit}) - 1u))");
        if out.len() != keep.written(tile.len()).len() {
            return internal("filterLookback's results do not match its columns");
        }
        for (o, tv) in out.iter().zip(keep.project(&tile)) {
            self.line(format!("{o}[{base} + {rank}] = {tv}[{p}];"));
        }
        self.close();
        self.close();
        self.need(KernelArg::Array { var: keep.count, written: true });
        let count_buf = self.kvar(keep.count);
        let tiles = self.c(&chain.tiles);
        self.open(format!("if ({l} == 0 && {} == {tiles} - 1)", ch.tile));
        self.line(format!("{count_buf}[0] = {base} + {counts}[{}];", ch.aggregate_at()));
        self.close();
        if let Some(before) = &keep.before {
            self.counts_before(&ch, &n_c, &tiles, before, &[(counts, base)]);
        }
        Ok(Val::Array(View::Mem { names: out, dims: vec![keep.kept.clone()] }))
    }

    /// `filtersLookback(keeps, chain)(xs)` (`filters-lookback`): as
    /// [`Self::filter_lookback`] with a mask and a count per filter: the
    /// tile pulled once, every filter's flags set from the pulled element,
    /// the counts scanned together (one look-back of `K` components), and
    /// each kept element written to its filter's result at the filter's
    /// tile offset plus its rank. Filter `i`'s result is the stage's
    /// result buffers `i·C .. (i+1)·C` (`C` the element's components).
    pub(super) fn filters_lookback(
        &mut self,
        f: &Fun,
        keeps: &[Filter],
        chain: &Lookback,
        args: &[Expr],
        dest: Option<Out>,
    ) -> Result<Val, CodegenError> {
        let [xs] = args else { return internal("filtersLookback arity") };
        let out = self.lookback_dest(dest)?;
        let view = self.array(xs)?;
        let n = self.shape(&view)?[0].clone();
        let Some(elems) = self.type_of(xs)?.elem().and_then(|(e, _)| e.components()) else {
            return internal("filtersLookback of an array of arrays");
        };
        let k = keeps.len();
        if k == 0 || out.len() != keeps.iter().map(|keep| keep.written(elems.len()).len()).sum::<usize>() {
            return internal("filtersLookback's results do not match its filters");
        }
        let tile = self.lookback_tile(f, chain, &elems, 1)?;
        let mut ch = self.lookback_start(f, chain, Op::Count, vec![Scalar::Int; k], vec!["0".into(); k])?;
        let counts = ch.vals.clone();
        let (l, t, lanes) = (ch.lid.clone(), ch.t, ch.l);
        let (j, p, g) = (self.fresh("j"), self.fresh("p"), self.fresh("g"));
        let slots: Vec<String> = tile.iter().map(|tv| format!("{tv}[{p}]")).collect();
        let n_c = self.c(&n);
        let masks: Vec<String> = keeps.iter().map(|_| self.fresh("mask")).collect();
        let keep_reads_arrays = keeps.iter().any(|keep| {
            self.funs[keep.keep.0 as usize].params.iter().any(|param| matches!(param, CParam::Array { .. }))
        });
        if keep_reads_arrays {
            // Each filter's masks, set as the element is pulled (note
            // [keep where pulled]).
            let mask_arrays: Vec<String> = keeps.iter().map(|_| self.fresh("masks")).collect();
            for m in &mask_arrays {
                self.local_decls.push(format!("__local uint {m}[{lanes}];"));
                self.line(format!("{m}[{l}] = 0;"));
            }
            self.line("barrier(CLK_LOCAL_MEM_FENCE);");
            self.open_tile_position(&ch, (&j, &p, &g), &n_c);
            let gv = ArithExpr::var(&Var::new(g.to_string(), Range::below(n.clone())));
            let x = self.read(&view, &[gv])?;
            let pulled: Vec<String> = x.iter().map(|_| self.fresh("x")).collect();
            for ((name, x), s) in pulled.iter().zip(&x).zip(&elems) {
                self.line(format!("const {} {name} = {x};", c_type(*s)));
            }
            // Every keep before any store: a keep that pulls the element
            // again (a lifted one re-reads its instance's data) shares the
            // pull's loads once inlined, no store between them.
            let mut flags = Vec::new();
            for keep in keeps {
                let kept = self.call(keep.keep, pulled.clone())?;
                let [kept] = &kept[..] else { return internal("a keep function of several results") };
                flags.push(kept.clone());
            }
            // The columns some filter writes (note [unwritten filter
            // columns] in `lift_ir::lower`).
            for (c, (slot, name)) in slots.iter().zip(&pulled).enumerate() {
                if keeps.iter().any(|keep| keep.written(elems.len()).contains(&c)) {
                    self.line(format!("{slot} = {name};"));
                }
            }
            for (kept, m) in flags.iter().zip(&mask_arrays) {
                self.open(format!("if ({kept} != 0)"));
                self.line(format!("atomic_or(&{m}[{p} / {t}], 1u << ({p} % {t}));"));
                self.close();
            }
            self.close();
            self.close();
            self.line("barrier(CLK_LOCAL_MEM_FENCE);");
            for ((mask, m), c) in masks.iter().zip(&mask_arrays).zip(&counts) {
                self.line(format!("const uint {mask} = {m}[{l}];"));
                self.line(format!("{c}[{l}] = (long)popcount({mask});"));
            }
        } else {
            // The tile, coalesced; then each work-item's flags of every
            // filter over its `T` consecutive elements.
            self.load_tile(&ch, (&j, &p, &g), (&view, &n), &slots, None)?;
            self.line("barrier(CLK_LOCAL_MEM_FENCE);");
            for mask in &masks {
                self.line(format!("uint {mask} = 0;"));
            }
            self.open(format!("for (long {j} = 0; {j} < {t}; {j}++)"));
            self.open(format!("if ({} + {l} * {t} + {j} < {n_c})", ch.start));
            let elem: Vec<String> = tile.iter().map(|tv| format!("{tv}[{l} * {t} + {j}]")).collect();
            for (keep, mask) in keeps.iter().zip(&masks) {
                let kept = self.call(keep.keep, elem.clone())?;
                let [kept] = &kept[..] else { return internal("a keep function of several results") };
                self.open(format!("if ({kept} != 0)"));
                self.line(format!("{mask} |= 1u << {j};"));
                self.close();
            }
            self.close();
            self.close();
            for (mask, c) in masks.iter().zip(&counts) {
                self.line(format!("{c}[{l}] = (long)popcount({mask});"));
            }
        }
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.group_scan_and_look_back(&mut ch, true)?;
        // Each work-item's offsets and masks packed in its own slots, then
        // each filter's kept elements of the tile, read coalesced, out to
        // the filter's tile offset plus their rank (see `filter_lookback`).
        for (mask, c) in masks.iter().zip(&counts) {
            self.line(format!("{c}[{l}] = ({c}[{l}] << 32) | {mask};"));
        }
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        let bases: Vec<String> = keeps.iter().map(|_| self.fresh("base")).collect();
        for (base, c) in bases.iter().zip(&counts) {
            self.line(format!("const long {base} = {c}[{}];", ch.prefix_at()));
        }
        let (owner, bit) = (self.fresh("owner"), self.fresh("bit"));
        self.line("#pragma unroll");
        self.open(format!("for (long {j} = 0; {j} < {t}; {j}++)"));
        self.line(format!("const long {p} = {j} * {lanes} + {l};"));
        self.line(format!("const long {owner} = {p} / {t};"));
        self.line(format!("const uint {bit} = (uint)({p} - {owner} * {t});"));
        let mut rest = out.as_slice();
        for ((c, base), keep) in counts.iter().zip(&bases).zip(keeps) {
            let (outs, after) = rest.split_at(keep.written(elems.len()).len());
            rest = after;
            let (packed, kmask) = (self.fresh("packed"), self.fresh("kmask"));
            self.line(format!("const long {packed} = {c}[{owner}];"));
            self.line(format!("const uint {kmask} = (uint){packed};"));
            self.open(format!("if (({kmask} >> {bit}) & 1u)"));
            let rank = format!("({packed} >> 32) + (long)popcount({kmask} & ((1u << {bit}) - 1u))");
            for (o, tv) in outs.iter().zip(keep.project(&tile)) {
                self.line(format!("{o}[{base} + {rank}] = {tv}[{p}];"));
            }
            self.close();
        }
        self.close();
        let tiles = self.c(&chain.tiles);
        self.open(format!("if ({l} == 0 && {} == {tiles} - 1)", ch.tile));
        for ((keep, base), c) in keeps.iter().zip(&bases).zip(&counts) {
            self.need(KernelArg::Array { var: keep.count, written: true });
            let count_buf = self.kvar(keep.count);
            self.line(format!("{count_buf}[0] = {base} + {c}[{}];", ch.aggregate_at()));
        }
        self.close();
        // The counts before offsets, one search and one pass over the
        // segments of the tile for the filters of the same offsets.
        let mut done = vec![false; k];
        for i in 0..k {
            let Some(before) = &keeps[i].before else { continue };
            if done[i] {
                continue;
            }
            let mut same = Vec::new();
            for (j, keep) in keeps.iter().enumerate().skip(i) {
                if let Some(b) = &keep.before
                    && b.offsets == before.offsets
                {
                    done[j] = true;
                    same.push((b.counts, (counts[j].clone(), bases[j].clone())));
                }
            }
            let before = before.clone();
            let (buffers, scans): (Vec<_>, Vec<_>) = same.into_iter().unzip();
            self.counts_before_of(&ch, &n_c, &tiles, &before, &buffers, &scans);
        }
        Ok(Val::Array(View::Mem { names: out, dims: vec![n] }))
    }

    /// A filter's counts before offsets (`Filter::before`; note [counts
    /// before offsets]), its look-back done and its work-items' offsets
    /// and masks packed in `scan.0` (`offset << 32 | mask`), its tile's
    /// offset `scan.1`.
    fn counts_before(
        &mut self,
        ch: &Chain<'_>,
        n_c: &str,
        tiles: &str,
        before: &lift_ir::ir::Before,
        scans: &[(String, String)],
    ) {
        self.counts_before_of(ch, n_c, tiles, before, &[before.counts], scans);
    }

    /// [`Self::counts_before`] of several filters of the same offsets:
    /// filter `i`'s counts to `buffers[i]` from `scans[i]`.
    fn counts_before_of(
        &mut self,
        ch: &Chain<'_>,
        n_c: &str,
        tiles: &str,
        before: &lift_ir::ir::Before,
        buffers: &[flatten::ir::KVar],
        scans: &[(String, String)],
    ) {
        let (t, lanes, l, start, tile) = (ch.t, ch.l, ch.lid.clone(), ch.start.clone(), ch.tile.clone());
        let tile_len = lanes * t;
        self.need(KernelArg::Array { var: before.offsets, written: false });
        let offsets = self.kvar(before.offsets);
        let segments = self.c(&before.segments);
        let names: Vec<String> = buffers
            .iter()
            .map(|b| {
                self.need(KernelArg::Array { var: *b, written: true });
                self.kvar(*b)
            })
            .collect();
        let (a, b, s, q) = (self.fresh("a"), self.fresh("b"), self.fresh("s"), self.fresh("q"));
        // The first segment whose offset is at or past the tile's start:
        // two rounds of L probes narrow [0, S] to a range of S / L² (each
        // round one load a work-item, in parallel; the work-item whose
        // probe is the last before the start writes the range, work-item 0
        // the range's first if that is at or past the start, or the empty
        // range), two pairs of local slots in turn; then a binary search of
        // the range, a few dependent loads instead of log2(S).
        let range = self.fresh("range");
        self.local_decls.push(format!("__local long {range}[4];"));
        for round in 0..2 {
            let (lo, hi, step, p, r) =
                (self.fresh("lo"), self.fresh("hi"), self.fresh("step"), self.fresh("p"), self.fresh("r"));
            self.open("");
            if round == 0 {
                self.line(format!("const long {lo} = 0, {hi} = {segments};"));
            } else {
                self.line(format!("const long {lo} = {range}[0], {hi} = {range}[1];"));
            }
            let w = 2 * round;
            self.line(format!("const long {step} = ({hi} - {lo} + {lanes} - 1) / {lanes};"));
            self.line(format!("const long {p} = {lo} + {l} * {step};"));
            self.open(format!("if ({lo} < {hi})"));
            self.open(format!("if ({p} < {hi} && {offsets}[{p}] < {start})"));
            self.line(format!("const long {r} = {p} + {step};"));
            self.open(format!("if ({r} >= {hi} || {offsets}[{r}] >= {start})"));
            self.line(format!("{range}[{w}] = {p} + 1;"));
            self.line(format!("{range}[{}] = min({r}, {hi});", w + 1));
            self.close();
            self.close();
            self.open(format!("if ({l} == 0 && {offsets}[{lo}] >= {start})"));
            self.line(format!("{range}[{w}] = {lo};"));
            self.line(format!("{range}[{}] = {lo};", w + 1));
            self.close();
            self.indent -= 1;
            self.open(format!("}} else if ({l} == 0)"));
            self.line(format!("{range}[{w}] = {lo};"));
            self.line(format!("{range}[{}] = {hi};", w + 1));
            self.close();
            self.close();
            self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        }
        self.line(format!("long {a} = {range}[2], {b} = {range}[3];"));
        self.lower_bound("long", (&a, &b), |m| format!("{offsets}[{m}] < {start}"));
        // Its segments (the last tile's: all the rest), one a work-item.
        self.open(format!(
            "for (long {s} = {a} + {l}; {s} < {segments} && ({tile} == {tiles} - 1 || {offsets}[{s}] < {start} + \
             {tile_len}); {s} += {lanes})"
        ));
        // `n` may print as an int literal: `min(long, int)` is ambiguous.
        self.line(format!("const long {q} = min({offsets}[{s}], (long)({n_c})) - {start};"));
        let (owner, bit) = (self.fresh("owner"), self.fresh("bit"));
        self.line(format!("const long {owner} = min({q}, (long){tile_len} - 1) / {t};"));
        self.line(format!("const uint {bit} = (uint)({q} - {owner} * {t});"));
        for (name, (c, base)) in names.iter().zip(scans) {
            let packed = self.fresh("packed");
            self.line(format!("const long {packed} = {c}[{owner}];"));
            // At the tile's end (its last work-item's bit T): the tile's
            // aggregate.
            self.line(format!(
                "{name}[{s}] = {q} >= {tile_len} ? {base} + {c}[{}] : {base} + ({packed} >> 32) + \
                 (long)popcount((uint){packed} & ((1u << {bit}) - 1u));",
                ch.aggregate_at()
            ));
        }
        self.close();
    }

    /// `for (j < T) { p = j·L + l; g = start + p; if (g < n) {`: the tile's
    /// position `p` and the array's `g` of each of a work-item's `T`
    /// elements, coalesced (consecutive work-items, consecutive
    /// positions). The caller closes both blocks.
    fn open_tile_position(&mut self, ch: &Chain<'_>, (j, p, g): (&str, &str, &str), n_c: &str) {
        let (t, lanes, l) = (ch.t, ch.l, &ch.lid);
        self.open(format!("for (long {j} = 0; {j} < {t}; {j}++)"));
        self.line(format!("const long {p} = {j} * {lanes} + {l};"));
        self.line(format!("const long {g} = {} + {p};", ch.start));
        self.open(format!("if ({g} < {n_c})"));
    }

    /// `for (j < T) { p = j·L + l; g = start + p; slots = xs[g] }`: a
    /// work-item's `T` elements of the tile, coalesced, into `slots` (C
    /// lvalues that may name `j` and `p`); where `g` is past the end, `fill`
    /// (the neutral element) or nothing.
    fn load_tile(
        &mut self,
        ch: &Chain<'_>,
        (j, p, g): (&str, &str, &str),
        (view, n): (&View, &ArithExpr),
        slots: &[String],
        fill: Option<&[String]>,
    ) -> Result<(), CodegenError> {
        let n_c = self.c(n);
        self.open_tile_position(ch, (j, p, g), &n_c);
        let gv = ArithExpr::var(&Var::new(g.to_string(), Range::below(n.clone())));
        let x = self.read(view, &[gv])?;
        for (slot, x) in slots.iter().zip(&x) {
            self.line(format!("{slot} = {x};"));
        }
        if let Some(fill) = fill {
            self.indent -= 1;
            self.open("} else");
            for (slot, zc) in slots.iter().zip(fill) {
                self.line(format!("{slot} = {zc};"));
            }
        }
        self.close();
        self.close();
        Ok(())
    }

    /// [`Self::load_tile`] of a scan with a map along it
    /// (`Lookback::along`): where `g` is in range, the map's values at
    /// `g` are computed and written, coalesced, to the result buffers
    /// after the scan's (`out[C..]`, `C` the tile's components).
    fn load_tile_along(
        &mut self,
        ch: &Chain<'_>,
        (j, p, g): (&str, &str, &str),
        (view, n): (&View, &ArithExpr),
        slots: &[String],
        fill: &[String],
        (along, out): (lift_ir::ir::UserFunId, &[String]),
    ) -> Result<(), CodegenError> {
        let n_c = self.c(n);
        self.open_tile_position(ch, (j, p, g), &n_c);
        let gv = ArithExpr::var(&Var::new(g.to_string(), Range::below(n.clone())));
        let x = self.read(view, &[gv])?;
        let mapped = self.call(along, vec![g.to_string()])?;
        let scan_comps = slots.len();
        if out.len() != scan_comps + mapped.len() {
            return internal("a map along a scan whose results do not match the stage's");
        }
        for (slot, x) in slots.iter().zip(&x) {
            self.line(format!("{slot} = {x};"));
        }
        for (o, m) in out[scan_comps..].iter().zip(&mapped) {
            self.line(format!("{o}[{g}] = {m};"));
        }
        self.indent -= 1;
        self.open("} else");
        for (slot, zc) in slots.iter().zip(fill) {
            self.line(format!("{slot} = {zc};"));
        }
        self.close();
        self.close();
        Ok(())
    }

    /// The result buffers a look-back writes: the stage's own, at the top
    /// of the stage.
    fn lookback_dest(&mut self, dest: Option<Out>) -> Result<Vec<String>, CodegenError> {
        if self.groups.is_some() || self.global.is_some() || self.local.is_some() {
            return Err(CodegenError::Unsupported {
                kernel: self.lift.name.clone(),
                what: "a look-back scan inside another parallel pattern".into(),
            });
        }
        match dest {
            Some(Out::Mem { names, dims }) if dims.len() == 1 => Ok(names),
            _ => Err(CodegenError::Unsupported {
                kernel: self.lift.name.clone(),
                what: "a look-back scan whose result is not a stage's result".into(),
            }),
        }
    }

    /// Declares the `arrays` local tiles of `elems` components.
    fn lookback_tile(
        &mut self,
        f: &Fun,
        chain: &Lookback,
        elems: &[Scalar],
        arrays: i64,
    ) -> Result<Vec<String>, CodegenError> {
        let size = arrays * chain.group_size * chain.items;
        let mem = self.allocation(f, AllocKind::LookbackTile, AddressSpace::Local)?;
        if mem.size.as_cst() != Some(size) || mem.components != elems {
            return internal("the look-back tile differs from the memory table's");
        }
        let names: Vec<String> = elems.iter().map(|_| self.fresh("tile")).collect();
        for (n, s) in names.iter().zip(elems) {
            self.local_decls.push(format!("__local {} {n}[{size}];", c_type(*s)));
        }
        Ok(names)
    }

    /// Declares the values and flags, takes the tile's ticket, and fixes
    /// the launch: `tiles` groups of `L`.
    fn lookback_start<'f>(
        &mut self,
        f: &Fun,
        chain: &Lookback,
        op: Op<'f>,
        comps: Vec<Scalar>,
        z: Vec<String>,
    ) -> Result<Chain<'f>, CodegenError> {
        let (l, t) = (chain.group_size, chain.items);
        let (q, _) = lift_ir::rules::two_level_shape(l);
        let w = lift_ir::lookback::window(l);
        let values = self.allocation(f, AllocKind::LookbackValues, AddressSpace::Local)?;
        let flags = self.allocation(f, AllocKind::LookbackFlags, AddressSpace::Local)?;
        if values.size.as_cst() != Some(lift_ir::lookback::values_len(l))
            || values.components != comps
            || flags.size.as_cst() != Some(lift_ir::lookback::flags_len(l))
        {
            return internal("the look-back's values or flags differ from the memory table's");
        }
        let vals: Vec<String> = comps.iter().map(|_| self.fresh("vals")).collect();
        for (n, s) in vals.iter().zip(&comps) {
            self.local_decls.push(format!("__local {} {n}[{}];", c_type(*s), values.size));
        }
        let flags_name = self.fresh("flags");
        self.local_decls.push(format!("__local long {flags_name}[{}];", flags.size));
        self.groups = Some(chain.tiles.clone());
        self.local = Some(ArithExpr::cst(l));
        self.has_barrier = true;
        self.need(KernelArg::Lookback(chain.status));
        let status_arg = self.kvar(chain.status);
        let (epoch, base) = (super::lookback_epoch(&status_arg), super::lookback_base(&status_arg));
        let status = self.fresh("status");
        let (lid, tile, start) = (self.fresh("l"), self.fresh("tile_no"), self.fresh("start"));
        let front = lift_ir::lookback::STATUS_FRONT;
        self.line(format!("volatile __global ulong* {status} = (volatile __global ulong*)({status_arg} + {front});"));
        self.line(format!("const long {lid} = get_local_id(0);"));
        // The ticket word only grows (modulo 2^32): this launch's tiles are
        // the tickets from its base on.
        self.line(format!(
            "if ({lid} == 0) {flags_name}[{w}] = (long)(uint)((uint)atomic_inc({status_arg}) - {base});"
        ));
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.line(format!("const long {tile} = {flags_name}[{w}];"));
        self.line(format!("const long {start} = {tile} * {};", l * t));
        let ty = Type::of_components(&comps);
        Ok(Chain {
            op,
            comps,
            ty,
            z,
            vals,
            flags: flags_name,
            status,
            epoch,
            lid,
            tile,
            start,
            l,
            t,
            q,
            w,
            fresh_start: None,
            warp: chain.warp,
        })
    }

    /// Private variables of `comps`, from `init`.
    fn declare(&mut self, comps: &[Scalar], init: &[String], base: &str) -> Vec<String> {
        let names: Vec<String> = comps.iter().map(|_| self.fresh(base)).collect();
        for ((n, s), i) in names.iter().zip(comps).zip(init) {
            self.line(format!("{} {n} = {i};", c_type(*s)));
        }
        names
    }

    /// `target = a op b` (`target` may be `a` or `b`).
    fn combine_into(
        &mut self,
        ch: &mut Chain<'_>,
        target: &[String],
        a: &[String],
        b: &[String],
    ) -> Result<(), CodegenError> {
        let res = match ch.op {
            // A count per filter (`filtersLookback`: several).
            Op::Count => {
                if a.len() != b.len() {
                    return internal("counts of different numbers of components");
                }
                a.iter().zip(b).map(|(x, y)| format!("({x}) + ({y})")).collect()
            }
            Op::User(op) => self.apply_scalar_fun(
                op,
                vec![(Val::Scalar(a.to_vec()), ch.ty.clone()), (Val::Scalar(b.to_vec()), ch.ty.clone())],
            )?,
            Op::Parts(parts) => {
                let mut res = Vec::new();
                let mut at = 0;
                for part in parts {
                    let k = part.carried().len();
                    let (Some(x), Some(y)) = (a.get(at..at + k), b.get(at..at + k)) else {
                        return internal("a traversal's carry of too few components");
                    };
                    res.extend(self.combine_part(part, x, y)?);
                    at += k;
                }
                res
            }
            // (fa, a) ⊕ (fb, b) = (fa | fb, (fb ? z : a) op b)
            Op::Seg(op) => {
                let (Some((fa, va)), Some((fb, vb))) = (a.split_first(), b.split_first()) else {
                    return internal("a segmented scan's pair without a flag");
                };
                let restarted: Vec<String> =
                    va.iter().zip(&ch.z[1..]).map(|(v, z)| format!("({fb} != 0 ? {z} : {v})")).collect();
                let ty = Type::of_components(&ch.comps[1..]);
                let mut res = vec![format!("({fa}) | ({fb})")];
                res.extend(self.apply_scalar_fun(
                    op,
                    vec![(Val::Scalar(restarted), ty.clone()), (Val::Scalar(vb.to_vec()), ty)],
                )?);
                res
            }
        };
        // Through temporaries: the result may read what it overwrites.
        let tmp = self.declare(&ch.comps.clone(), &res, "c");
        for (t, r) in target.iter().zip(&tmp) {
            self.line(format!("{t} = {r};"));
        }
        Ok(())
    }

    /// `a ⊕ b` of one part's carried components (see [`Op::Parts`]).
    fn combine_part(&mut self, part: &Part, a: &[String], b: &[String]) -> Result<Vec<String>, CodegenError> {
        match part {
            Part::Scan { op, .. } | Part::Reduce { op, .. } => {
                let ty = Type::of_components(&part.carried());
                self.apply_scalar_fun(op, vec![(Val::Scalar(a.to_vec()), ty.clone()), (Val::Scalar(b.to_vec()), ty)])
            }
            Part::Filters { .. } => Ok(a.iter().zip(b).map(|(x, y)| format!("({x}) + ({y})")).collect()),
            Part::Map => Ok(Vec::new()),
        }
    }

    /// `horizontalLookback(parts, chain)(xs_1, ..)` (note [horizontal
    /// look-back] in `lift_ir::lookback`): every part's elements pulled
    /// once into the tile (a filter's flags into bytes of their own, a
    /// map's values straight out), one look-back of the tuple of the
    /// parts' carries, then each scan's prefixes and each filter's kept
    /// elements out, and the last tile's counts and reductions' totals.
    /// The stage's result buffers are the parts' in order: a scan's
    /// components, each filter's written columns, a map's components.
    pub(super) fn horizontal_lookback(
        &mut self,
        f: &Fun,
        parts: &[Part],
        chain: &Lookback,
        args: &[Expr],
        dest: Option<Out>,
    ) -> Result<Val, CodegenError> {
        if parts.len() != args.len() || parts.is_empty() {
            return internal("horizontalLookback arity");
        }
        let out = self.lookback_dest(dest)?;
        let (mut views, mut elems) = (Vec::new(), Vec::new());
        for xs in args {
            views.push(self.array(xs)?);
            let Some(comps) = self.type_of(xs)?.elem().and_then(|(e, _)| e.components()) else {
                return internal("horizontalLookback of an array of arrays");
            };
            elems.push(comps);
        }
        let n = self.shape(&views[0])?[0].clone();
        let (layout, tile_comps) = lift_ir::lookback::horizontal_tile(parts, &elems);
        let tile = self.lookback_tile(f, chain, &tile_comps, 1)?;
        // Each part's neutral carry, and its result buffers.
        let (mut zs, mut outs) = (Vec::new(), Vec::new());
        let mut rest = out.as_slice();
        for (part, comps) in parts.iter().zip(&elems) {
            let (z, width) = match part {
                Part::Scan { neutral, .. } | Part::Reduce { neutral, .. } => {
                    let Val::Scalar(z) = self.gen_expr(&Expr::Value(neutral.clone()), None)? else {
                        return internal("a traversal's neutral element");
                    };
                    (z, if matches!(part, Part::Scan { .. }) { neutral.len() } else { 0 })
                }
                Part::Filters { keeps, .. } => {
                    (vec!["0L".to_string(); keeps.len()], keeps.iter().map(|k| k.written(comps.len()).len()).sum())
                }
                Part::Map => (Vec::new(), comps.len()),
            };
            if rest.len() < width {
                return internal("horizontalLookback's results do not match its parts");
            }
            let (mine, after) = rest.split_at(width);
            rest = after;
            zs.push(z);
            outs.push(mine.to_vec());
        }
        if !rest.is_empty() {
            return internal("horizontalLookback's results do not match its parts");
        }
        let carried: Vec<Scalar> = parts.iter().flat_map(Part::carried).collect();
        let mut ch = self.lookback_start(f, chain, Op::Parts(parts), carried, zs.concat())?;
        let (l, t, lanes) = (ch.lid.clone(), ch.t, ch.l);
        let n_c = self.c(&n);
        // Where each part's carry starts among the carried components.
        let mut carry_at = Vec::new();
        let mut at = 0;
        for part in parts {
            carry_at.push(at);
            at += part.carried().len();
        }
        // A byte per element for each filter's flag.
        let mut flag_bytes: Vec<Vec<String>> = Vec::new();
        for part in parts {
            let mut names = Vec::new();
            if let Part::Filters { keeps, .. } = part {
                for _ in keeps {
                    let name = self.fresh("kept");
                    self.local_decls.push(format!("__local uchar {name}[{}];", lanes * t));
                    names.push(name);
                }
            }
            flag_bytes.push(names);
        }
        // The tile, coalesced: every pull first (a keep that pulls again
        // shares their loads once inlined), then the keeps, then the
        // stores; the neutral carry and no flags past the end.
        let (j, p, g) = (self.fresh("j"), self.fresh("p"), self.fresh("g"));
        self.open_tile_position(&ch, (&j, &p, &g), &n_c);
        let gv = ArithExpr::var(&Var::new(g.to_string(), Range::below(n.clone())));
        let mut pulled = Vec::new();
        for (view, comps) in views.iter().zip(&elems) {
            let x = self.read(view, std::slice::from_ref(&gv))?;
            let names: Vec<String> = x.iter().map(|_| self.fresh("x")).collect();
            for ((name, x), s) in names.iter().zip(&x).zip(comps) {
                self.line(format!("const {} {name} = {x};", c_type(*s)));
            }
            pulled.push(names);
        }
        let mut flags = Vec::new();
        for (part, x) in parts.iter().zip(&pulled) {
            let mut kept_flags = Vec::new();
            if let Part::Filters { keeps, .. } = part {
                for keep in keeps {
                    let kept = self.call(keep.keep, x.clone())?;
                    let [kept] = &kept[..] else { return internal("a keep function of several results") };
                    kept_flags.push(kept.clone());
                }
            }
            flags.push(kept_flags);
        }
        for (i, part) in parts.iter().enumerate() {
            for (c, column) in layout[i].iter().enumerate() {
                if let Some(column) = column {
                    self.line(format!("{}[{p}] = {};", tile[*column], pulled[i][c]));
                }
            }
            if let Part::Map = part {
                for (o, x) in outs[i].iter().zip(&pulled[i]) {
                    self.line(format!("{o}[{g}] = {x};"));
                }
            }
            for (bytes, kept) in flag_bytes[i].iter().zip(&flags[i]) {
                self.line(format!("{bytes}[{p}] = ({kept}) != 0;"));
            }
        }
        self.indent -= 1;
        self.open("} else");
        for (i, part) in parts.iter().enumerate() {
            if let Part::Scan { .. } | Part::Reduce { .. } = part {
                for (column, zc) in layout[i].iter().zip(&zs[i]) {
                    if let Some(column) = column {
                        self.line(format!("{}[{p}] = {zc};", tile[*column]));
                    }
                }
            }
            for bytes in &flag_bytes[i] {
                self.line(format!("{bytes}[{p}] = 0;"));
            }
        }
        self.close();
        self.close();
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        // Each work-item's flags (the bits of a mask per filter) and its
        // total of its T contiguous elements.
        let masks: Vec<Vec<String>> = flag_bytes
            .iter()
            .map(|bytes| {
                bytes
                    .iter()
                    .map(|b| {
                        let mask = self.fresh("mask");
                        self.line(format!("uint {mask} = 0;"));
                        self.line("#pragma unroll");
                        self.line(format!(
                            "for (long {j} = 0; {j} < {t}; {j}++) {mask} |= (uint){b}[{l} * {t} + {j}] << {j};"
                        ));
                        mask
                    })
                    .collect()
            })
            .collect();
        let mut elem = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            match part {
                Part::Scan { .. } | Part::Reduce { .. } => {
                    for column in layout[i].iter().flatten() {
                        elem.push(format!("{}[{l} * {t} + {j}]", tile[*column]));
                    }
                }
                Part::Filters { .. } => {
                    elem.extend(masks[i].iter().map(|m| format!("(long)(({m} >> {j}) & 1u)")));
                }
                Part::Map => {}
            }
        }
        // Each work-item's offset (the tile's prefix and its own); each
        // scan's prefixes of its elements, in place; each filter's offset
        // and mask packed in its slot.
        let off = self.work_item_offset(&mut ch, &j, &elem, true)?;
        for (i, part) in parts.iter().enumerate() {
            let k = part.carried().len();
            let from = carry_at[i];
            match part {
                Part::Scan { .. } => {
                    let acc = off[from..from + k].to_vec();
                    self.open(format!("for (long {j} = 0; {j} < {t}; {j}++)"));
                    let slots: Vec<String> =
                        layout[i].iter().flatten().map(|c| format!("{}[{l} * {t} + {j}]", tile[*c])).collect();
                    let x = self.declare(&elems[i], &slots, "x");
                    for (s, a) in slots.iter().zip(&acc) {
                        self.line(format!("{s} = {a};"));
                    }
                    let next = self.combine_part(part, &acc, &x)?;
                    let tmp = self.declare(&elems[i], &next, "c");
                    for (a, c) in acc.iter().zip(&tmp) {
                        self.line(format!("{a} = {c};"));
                    }
                    self.close();
                }
                Part::Filters { .. } => {
                    for (m, v) in masks[i].iter().zip(&ch.vals[from..from + k]) {
                        self.line(format!("{v}[{l}] = ({v}[{l}] << 32) | {m};"));
                    }
                }
                Part::Reduce { .. } | Part::Map => {}
            }
        }
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        // The tile out, coalesced: the scans' prefixes, and each filter's
        // kept elements to its tile offset plus their rank.
        let mut bases: Vec<Vec<String>> = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            let mut names = Vec::new();
            if let Part::Filters { .. } = part {
                for v in &ch.vals[carry_at[i]..carry_at[i] + part.carried().len()] {
                    let base = self.fresh("base");
                    self.line(format!("const long {base} = {v}[{}];", ch.prefix_at()));
                    names.push(base);
                }
            }
            bases.push(names);
        }
        let (owner, bit) = (self.fresh("owner"), self.fresh("bit"));
        self.line("#pragma unroll");
        self.open(format!("for (long {j} = 0; {j} < {t}; {j}++)"));
        self.line(format!("const long {p} = {j} * {lanes} + {l};"));
        self.line(format!("const long {g} = {} + {p};", ch.start));
        self.line(format!("const long {owner} = {p} / {t};"));
        self.line(format!("const uint {bit} = (uint)({p} - {owner} * {t});"));
        for (i, part) in parts.iter().enumerate() {
            match part {
                Part::Scan { .. } => {
                    self.open(format!("if ({g} < {n_c})"));
                    for (o, c) in outs[i].iter().zip(layout[i].iter().flatten()) {
                        self.line(format!("{o}[{g}] = {}[{p}];", tile[*c]));
                    }
                    self.close();
                }
                Part::Filters { keeps, .. } => {
                    let mut rest = outs[i].as_slice();
                    let from = carry_at[i];
                    for (k, keep) in keeps.iter().enumerate() {
                        let written = keep.written(elems[i].len());
                        let (mine, after) = rest.split_at(written.len());
                        rest = after;
                        let (packed, kmask) = (self.fresh("packed"), self.fresh("kmask"));
                        self.line(format!("const long {packed} = {}[{owner}];", ch.vals[from + k]));
                        self.line(format!("const uint {kmask} = (uint){packed};"));
                        self.open(format!("if (({kmask} >> {bit}) & 1u)"));
                        let rank = format!("({packed} >> 32) + (long)popcount({kmask} & ((1u << {bit}) - 1u))");
                        for (o, c) in mine.iter().zip(&written) {
                            // A column not in the tile is the position.
                            let value = match layout[i].get(*c).copied().flatten() {
                                Some(column) => format!("{}[{p}]", tile[column]),
                                None => g.clone(),
                            };
                            self.line(format!("{o}[{} + {rank}] = {value};", bases[i][k]));
                        }
                        self.close();
                    }
                }
                Part::Reduce { .. } | Part::Map => {}
            }
        }
        self.close();
        // The last tile: the counts and the reductions' totals (their
        // inclusive prefixes).
        let tiles = self.c(&chain.tiles);
        self.open(format!("if ({l} == 0 && {} == {tiles} - 1)", ch.tile));
        let prefix = ch.at(ch.prefix_at());
        let aggregate = ch.at(ch.aggregate_at());
        for (i, part) in parts.iter().enumerate() {
            let (from, k) = (carry_at[i], part.carried().len());
            match part {
                Part::Filters { keeps, .. } => {
                    for ((keep, base), agg) in keeps.iter().zip(&bases[i]).zip(&aggregate[from..from + k]) {
                        self.need(KernelArg::Array { var: keep.count, written: true });
                        let count_buf = self.kvar(keep.count);
                        self.line(format!("{count_buf}[0] = {base} + {agg};"));
                    }
                }
                Part::Reduce { results, .. } => {
                    let total = self.combine_part(part, &prefix[from..from + k], &aggregate[from..from + k])?;
                    for (r, v) in results.iter().zip(&total) {
                        self.need(KernelArg::Array { var: *r, written: true });
                        let buf = self.kvar(*r);
                        self.line(format!("{buf}[0] = {v};"));
                    }
                }
                Part::Scan { .. } | Part::Map => {}
            }
        }
        self.close();
        // The counts before offsets, one search and one pass over the
        // segments of the tile for the filters of the same offsets.
        let mut befores: Vec<BeforeGroup> = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            let Part::Filters { keeps, .. } = part else { continue };
            for (k, keep) in keeps.iter().enumerate() {
                let Some(before) = &keep.before else { continue };
                let scan = (ch.vals[carry_at[i] + k].clone(), bases[i][k].clone());
                match befores.iter_mut().find(|(b, _, _)| b.offsets == before.offsets) {
                    Some((_, buffers, scans)) => {
                        buffers.push(before.counts);
                        scans.push(scan);
                    }
                    None => befores.push((before.clone(), vec![before.counts], vec![scan])),
                }
            }
        }
        for (before, buffers, scans) in befores {
            self.counts_before_of(&ch, &n_c, &tiles, &before, &buffers, &scans);
        }
        Ok(Val::Array(View::Mem { names: out, dims: vec![n] }))
    }

    /// Each work-item's total of its `T` contiguous elements (`elem`, in
    /// terms of the loop index `j`) into its slot, the group's scan and the
    /// look-back ([`Self::group_scan_and_look_back`]), then the
    /// work-item's offset: the tile's exclusive prefix combined with the
    /// totals of the work-items before it.
    fn work_item_offset(
        &mut self,
        ch: &mut Chain<'_>,
        j: &str,
        elem: &[String],
        offsets_in_registers: bool,
    ) -> Result<Vec<String>, CodegenError> {
        let (l, t) = (ch.lid.clone(), ch.t);
        let acc = self.declare(&ch.comps.clone(), &ch.z.clone(), "acc");
        self.open(format!("for (long {j} = 0; {j} < {t}; {j}++)"));
        self.combine_into(ch, &acc, &acc, elem)?;
        self.close();
        for (v, a) in ch.vals.iter().zip(&acc) {
            self.line(format!("{v}[{l}] = {a};"));
        }
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.group_scan_and_look_back(ch, offsets_in_registers)?;
        let off = self.declare(&ch.comps.clone(), &ch.at(ch.prefix_at()), "off");
        let mine = ch.at(&l);
        self.combine_into(ch, &off, &off, &mine)?;
        Ok(off)
    }

    /// The group's exclusive scan of the `L` totals in `vals[0..L)` (rows
    /// of `scan-workgroup-two-level`), the tile's aggregate, and the
    /// look-back: leaves the offsets in `vals[0..L)` and the tile's
    /// exclusive prefix and aggregate in their slots, all after a barrier.
    /// With `offsets_in_registers`, after the rows' totals each work-item
    /// adds those of the rows before its own and the totals before its
    /// own in its row (independent loads, a barrier less, no second pass
    /// over the rows), and stores its offset in its own slot after the
    /// look-back (the others read only theirs from then on).
    fn group_scan_and_look_back(&mut self, ch: &mut Chain<'_>, offsets_in_registers: bool) -> Result<(), CodegenError> {
        if !ch.warp {
            return self.two_level_scan_and_look_back(ch, offsets_in_registers);
        }
        if !lift_ir::lookback::whole_warps(ch.l) {
            return internal("lookback-warp on a group that is not whole warps");
        }
        self.line(NV_ONLY);
        self.open("");
        self.warp_scan_and_look_back(ch)?;
        self.close();
        self.line("#else");
        self.open("");
        self.two_level_scan_and_look_back(ch, offsets_in_registers)?;
        self.close();
        self.line("#endif");
        Ok(())
    }

    /// `scan-workgroup-two-level` and the look-back by the whole group, a
    /// barrier a window (see [`Self::group_scan_and_look_back`]).
    fn two_level_scan_and_look_back(
        &mut self,
        ch: &mut Chain<'_>,
        offsets_in_registers: bool,
    ) -> Result<(), CodegenError> {
        let (l, q, w) = (ch.lid.clone(), ch.q, ch.w);
        let width = ch.l / q;
        let rows_at = ch.l;
        let (c, r) = (self.fresh("c"), self.fresh("r"));
        let z = ch.z.clone();
        let comps = ch.comps.clone();
        // Each of Q work-items reduces its row.
        self.open(format!("if ({l} < {q})"));
        let acc = self.declare(&comps, &z, "row");
        self.open(format!("for (long {c} = 0; {c} < {width}; {c}++)"));
        let item = ch.at(format!("{l} * {width} + {c}"));
        self.combine_into(ch, &acc, &acc, &item)?;
        self.close();
        for (v, a) in ch.vals.iter().zip(&acc) {
            self.line(format!("{v}[{rows_at} + {l}] = {a};"));
        }
        self.close();
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        // One scans the rows' totals: the aggregate.
        self.open(format!("if ({l} == 0)"));
        let acc = self.declare(&comps, &z, "total");
        self.open(format!("for (long {r} = 0; {r} < {q}; {r}++)"));
        let row = ch.at(format!("{rows_at} + {r}"));
        let x = self.declare(&comps, &row, "x");
        if !offsets_in_registers {
            for (rw, a) in row.iter().zip(&acc) {
                self.line(format!("{rw} = {a};"));
            }
        }
        self.combine_into(ch, &acc, &acc, &x)?;
        self.close();
        for (slot, a) in ch.at(ch.aggregate_at()).iter().zip(&acc) {
            self.line(format!("{slot} = {a};"));
        }
        for (slot, zc) in ch.at(ch.prefix_at()).iter().zip(&z) {
            self.line(format!("{slot} = {zc};"));
        }
        let tile = ch.tile.clone();
        self.publish_aggregate(ch, &acc);
        match &ch.fresh_start {
            Some(fresh) => self.line(format!("{}[{}] = {tile} > 0 && !({fresh});", ch.flags, w + 1)),
            None => self.line(format!("{}[{}] = {tile} > 0;", ch.flags, w + 1)),
        }
        self.line(format!("{}[{}] = {tile} - 1;", ch.flags, w + 2));
        self.close();
        let mut offset = None;
        if offsets_in_registers {
            // Each work-item's exclusive offset, in a register: the totals
            // of the rows before its own, then of the items before it in
            // its row (independent loads, no barrier).
            let acc = self.declare(&comps, &z, "excl");
            let (my_row, my_col) = (self.fresh("my_row"), self.fresh("my_col"));
            self.line(format!("const long {my_row} = {l} / {width};"));
            self.line(format!("const long {my_col} = {l} - {my_row} * {width};"));
            self.fold_slots_below(ch, &acc, (&rows_at.to_string(), q), &my_row, &r)?;
            self.fold_slots_below(ch, &acc, (&format!("{my_row} * {width}"), width), &my_col, &c)?;
            offset = Some(acc);
        } else {
            self.line("barrier(CLK_LOCAL_MEM_FENCE);");
            // Each of Q work-items scans its row from the row's offset.
            self.open(format!("if ({l} < {q})"));
            let start = ch.at(format!("{rows_at} + {l}"));
            let acc = self.declare(&comps, &start, "row");
            self.open(format!("for (long {c} = 0; {c} < {width}; {c}++)"));
            let item = ch.at(format!("{l} * {width} + {c}"));
            let x = self.declare(&comps, &item, "x");
            for (it, a) in item.iter().zip(&acc) {
                self.line(format!("{it} = {a};"));
            }
            self.combine_into(ch, &acc, &acc, &x)?;
            self.close();
            self.close();
        }
        // The look-back, a window at a time, while tile 0's prefix or a
        // nearer one is not reached.
        let flags = ch.flags.clone();
        let (at, k) = (self.fresh("at"), self.fresh("k"));
        self.open("for (;;)");
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.line(format!("if (!{flags}[{}]) break;", w + 1));
        self.line(format!("const long {at} = {flags}[{}];", w + 2));
        self.open(format!("if ({l} < {w})"));
        let (jt, fl) = (self.fresh("jt"), self.fresh("fl"));
        self.line(format!("const long {jt} = {at} - {l};"));
        self.line(format!("long {fl} = 0;"));
        self.open(format!("if ({jt} >= 0)"));
        let window_slot = ch.at(format!("{} + {l}", ch.window_at()));
        self.take_window_status(ch, &jt, &fl, &window_slot);
        self.close();
        self.line(format!("{flags}[{l}] = {fl};"));
        self.close();
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        // One combines the window from the nearest tile backwards.
        self.open(format!("if ({l} == 0)"));
        let prefix = ch.at(ch.prefix_at());
        let acc = self.declare(&comps, &prefix, "excl");
        let more = self.fresh("more");
        self.line(format!("long {more} = 1;"));
        self.line(format!("long {k} = 0;"));
        self.open(format!("for (; {k} < {w}; {k}++)"));
        self.line(format!("if ({flags}[{k}] == 0) break;"));
        let win = ch.at(format!("{} + {k}", ch.window_at()));
        self.combine_into(ch, &acc, &win, &acc)?;
        self.open(format!("if ({flags}[{k}] == 2)"));
        self.line(format!("{more} = 0;"));
        self.line(format!("{k}++;"));
        self.line("break;");
        self.close();
        self.close();
        for (p, a) in prefix.iter().zip(&acc) {
            self.line(format!("{p} = {a};"));
        }
        self.line(format!("{flags}[{}] = {more};", w + 1));
        self.line(format!("{flags}[{}] = {at} - {k};", w + 2));
        let agg = ch.at(ch.aggregate_at());
        self.publish_inclusive(ch, &format!("!{more}"), &acc, &agg)?;
        self.close();
        self.close();
        if let Some(offset) = offset {
            // Its own slot: the others read theirs only.
            for (slot, o) in ch.at(&l).iter().zip(&offset) {
                self.line(format!("{slot} = {o};"));
            }
        }
        Ok(())
    }

    /// `lookback-warp` (note [warp look-back] in `lift_ir::lookback`), the
    /// NVIDIA side of [`Self::group_scan_and_look_back`], with the same
    /// result: each warp scans its work-items' totals by `shfl.sync.up`,
    /// its last lane leaves the warp's total in slot `L + warp`, and after
    /// one barrier each work-item adds the totals of the warps before its
    /// own (its offset, in a register, then in its own slot). Warp 0
    /// reduces the warps' totals to the aggregate, publishes it, and looks
    /// back a window of 32 tiles at a time, a lane a tile: a ballot of the
    /// lanes that found a prefix and of those that found nothing tells how
    /// many lanes' values the window combines (those before the first that
    /// is not an aggregate, and that one if it is a prefix), and a tree of
    /// `shfl.sync.down` combines them, the farther tile on the left; lane
    /// 0 keeps the exclusive prefix. No barrier until the look-back ends.
    fn warp_scan_and_look_back(&mut self, ch: &mut Chain<'_>) -> Result<(), CodegenError> {
        let l = ch.lid.clone();
        let (lanes, warps) = (ch.l, ch.l / WARP);
        let comps = ch.comps.clone();
        let z = ch.z.clone();
        let (lane, wid) = (self.fresh("lane"), self.fresh("warp"));
        self.line(format!("const int {lane} = (int)({l} & {});", WARP - 1));
        self.line(format!("const int {wid} = (int)({l} / {WARP});"));
        // The warp's inclusive scan of the totals, then its exclusive one.
        let incl = self.declare(&comps, &ch.at(&l), "incl");
        self.warp_steps(ch, &incl, Shfl::Up, &lane)?;
        self.open(format!("if ({lane} == {})", WARP - 1));
        for (slot, v) in ch.at(format!("{lanes} + {wid}")).iter().zip(&incl) {
            self.line(format!("{slot} = {v};"));
        }
        self.close();
        let one = "1".to_string();
        let excl = self.shuffle(&comps, &incl, Shfl::Up, &one);
        self.open(format!("if ({lane} == 0)"));
        for (e, zc) in excl.iter().zip(&z) {
            self.line(format!("{e} = {zc};"));
        }
        self.close();
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        // The offset: the totals of the warps before, then the warp's own.
        let r = self.fresh("r");
        let offset = self.declare(&comps, &z, "offset");
        self.fold_slots_below(ch, &offset, (&lanes.to_string(), warps), &wid, &r)?;
        self.combine_into(ch, &offset, &offset, &excl)?;
        // Warp 0: the aggregate, published, and the look-back.
        self.open(format!("if ({l} < {WARP})"));
        let agg = self.declare(&comps, &z, "agg");
        self.line("#pragma unroll");
        self.open(format!("for (int {r} = 0; {r} < {warps}; {r}++)"));
        let total = ch.at(format!("{lanes} + {r}"));
        self.combine_into(ch, &agg, &agg, &total)?;
        self.close();
        let tile = ch.tile.clone();
        self.open(format!("if ({lane} == 0)"));
        for (slot, a) in ch.at(ch.aggregate_at()).iter().zip(&agg) {
            self.line(format!("{slot} = {a};"));
        }
        self.publish_aggregate(ch, &agg);
        self.close();
        let prefix = self.declare(&comps, &z, "prefix");
        match &ch.fresh_start {
            Some(fresh) => self.open(format!("if ({tile} > 0 && !({fresh}))")),
            None => self.open(format!("if ({tile} > 0)")),
        }
        let at = self.fresh("at");
        self.line(format!("long {at} = {tile} - 1;"));
        self.open("for (;;)");
        let (jt, fl) = (self.fresh("jt"), self.fresh("fl"));
        self.line(format!("const long {jt} = {at} - {lane};"));
        self.line(format!("int {fl} = 0;"));
        let window = self.declare(&comps, &z, "win");
        self.open(format!("if ({jt} >= 0)"));
        self.take_window_status(ch, &jt, &fl, &window);
        self.close();
        let (prefixes, missing, stops, first, found, take) = (
            self.fresh("prefixes"),
            self.fresh("missing"),
            self.fresh("stops"),
            self.fresh("first"),
            self.fresh("found"),
            self.fresh("take"),
        );
        self.line(format!("uint {prefixes}, {missing};"));
        self.line(ballot(&prefixes, &format!("{fl} == 2")));
        self.line(ballot(&missing, &format!("{fl} == 0")));
        // The lanes before the first that is not an aggregate, and that
        // one where it is a prefix.
        self.line(format!("const uint {stops} = {prefixes} | {missing};"));
        self.line(format!(
            "const int {first} = {stops} == 0 ? {WARP} : (int)popcount(({stops} & (0u - {stops})) - 1u);"
        ));
        self.line(format!("const int {found} = {first} < {WARP} && (({prefixes} >> {first}) & 1u);"));
        self.line(format!("const int {take} = {first} + {found};"));
        self.open(format!("if ({take} > 0)"));
        self.open(format!("if ({lane} >= {take})"));
        for (wv, zc) in window.iter().zip(&z) {
            self.line(format!("{wv} = {zc};"));
        }
        self.close();
        self.warp_steps(ch, &window, Shfl::Down, &lane)?;
        self.combine_into(ch, &prefix, &window, &prefix)?;
        self.line(format!("{at} -= {take};"));
        self.close();
        self.line(format!("if ({found}) break;"));
        self.close();
        self.publish_inclusive(ch, &format!("{lane} == 0"), &prefix, &agg)?;
        self.close();
        self.open(format!("if ({lane} == 0)"));
        for (slot, p) in ch.at(ch.prefix_at()).iter().zip(&prefix) {
            self.line(format!("{slot} = {p};"));
        }
        self.close();
        self.close();
        // Its own slot: the others read theirs only.
        for (slot, o) in ch.at(&l).iter().zip(&offset) {
            self.line(format!("{slot} = {o};"));
        }
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        Ok(())
    }

    /// Tile `jt`'s status into `window` (a C lvalue a component): `fl` 2
    /// and the prefix where its prefix record is whole, else 1 and the
    /// aggregate where that is. A status of one component has both
    /// records loaded at once (note [both records in one round trip]); of
    /// more, the aggregate only where the prefix is not there.
    fn take_window_status(&mut self, ch: &Chain<'_>, jt: &str, fl: &str, window: &[String]) {
        let prefix_words = self.status_words(ch, jt, 1);
        if ch.comps.len() == 1 {
            let aggregate_words = self.status_words(ch, jt, 0);
            self.take_status(ch, &prefix_words, fl, 2, window);
            self.indent -= 1;
            self.open("} else");
            self.take_status(ch, &aggregate_words, fl, 1, window);
            self.close();
            self.close();
        } else {
            self.take_status(ch, &prefix_words, fl, 2, window);
            self.close();
            self.open(format!("if ({fl} == 0)"));
            let aggregate_words = self.status_words(ch, jt, 0);
            self.take_status(ch, &aggregate_words, fl, 1, window);
            self.close();
            self.close();
        }
    }

    /// The five steps `h = 1, 2, .., 16` in which each lane combines the
    /// values of the lane `h` below it (`up`: an inclusive scan of the
    /// warp's `values`, lane 0 the first) or above it (`down`: lane 0
    /// ends with the whole warp's, lane 31 the first), the other lane's
    /// on the left, where there is one.
    fn warp_steps(&mut self, ch: &mut Chain<'_>, values: &[String], dir: Shfl, lane: &str) -> Result<(), CodegenError> {
        let h = self.fresh("h");
        self.line("#pragma unroll");
        self.open(format!("for (int {h} = 1; {h} < {WARP}; {h} *= 2)"));
        let other = self.shuffle(&ch.comps.clone(), values, dir, &h);
        match dir {
            Shfl::Up => self.open(format!("if ({lane} >= {h})")),
            Shfl::Down => self.open(format!("if ({lane} + {h} < {WARP})")),
        }
        self.combine_into(ch, values, &other, values)?;
        self.close();
        self.close();
        Ok(())
    }

    /// The values `values` (of `comps`) of the lane `delta` below (`up`)
    /// or above (`down`) this one, by `shfl.sync` over the whole warp;
    /// a lane with none there gets its own.
    fn shuffle(&mut self, comps: &[Scalar], values: &[String], dir: Shfl, delta: &str) -> Vec<String> {
        let (dir, clamp) = match dir {
            Shfl::Up => ("up", 0),
            Shfl::Down => ("down", WARP - 1),
        };
        self.warp_shuffle(comps, values, "sh", &|out, x| {
            format!(
                "asm volatile(\"shfl.sync.{dir}.b32 %0, %1, %2, {clamp}, 0xffffffff;\" : \"=r\"({out}) : \"r\"({x}), \"r\"({delta}));"
            )
        })
    }

    /// `acc = acc ⊕ slot` for the slots `base + i` of the values with `i`
    /// below C value `below`, in order, by a loop over `i` of `0 ..
    /// count` (a bound the compiler unrolls) whose index is named `i`.
    fn fold_slots_below(
        &mut self,
        ch: &mut Chain<'_>,
        acc: &[String],
        (base, count): (&str, i64),
        below: &str,
        i: &str,
    ) -> Result<(), CodegenError> {
        self.line("#pragma unroll");
        self.open(format!("for (long {i} = 0; {i} < {count}; {i}++)"));
        self.open(format!("if ({i} < {below})"));
        let slot = ch.at(format!("{base} + {i}"));
        self.combine_into(ch, acc, acc, &slot)?;
        self.close();
        self.close();
        Ok(())
    }

    /// Publishes the tile's aggregate `agg`: as its inclusive prefix where
    /// that is already known (tile 0's, and that of a tile that holds a
    /// head: note [a head ends the look-back]), else as its aggregate.
    fn publish_aggregate(&mut self, ch: &Chain<'_>, agg: &[String]) {
        let tile = &ch.tile;
        match ch.prefix_without_look_back(agg) {
            Some(known) => self.open(format!("if ({tile} == 0 || {known})")),
            None => self.open(format!("if ({tile} == 0)")),
        }
        self.publish(ch, 1, agg);
        self.indent -= 1;
        self.open("} else");
        self.publish(ch, 0, agg);
        self.close();
    }

    /// Where C condition `cond` holds, publishes the tile's inclusive
    /// prefix, its exclusive `prefix` combined with its aggregate `agg`;
    /// unless the tile published it before its look-back.
    fn publish_inclusive(
        &mut self,
        ch: &mut Chain<'_>,
        cond: &str,
        prefix: &[String],
        agg: &[String],
    ) -> Result<(), CodegenError> {
        match ch.prefix_without_look_back(agg) {
            Some(known) => self.open(format!("if ({cond} && !({known}))")),
            None => self.open(format!("if ({cond})")),
        }
        let inclusive = self.declare(&ch.comps.clone(), prefix, "incl");
        self.combine_into(ch, &inclusive, &inclusive, agg)?;
        self.publish(ch, 1, &inclusive);
        self.close();
        Ok(())
    }

    /// Stores `values` as record `record` (0 aggregate, 1 prefix) of this
    /// group's tile.
    fn publish(&mut self, ch: &Chain<'_>, record: i64, values: &[String]) {
        let k = ch.comps.len();
        for (c, (s, v)) in ch.comps.iter().zip(values).enumerate() {
            let bits = self.fresh("bits");
            self.line(format!("const ulong {bits} = {};", to_bits(*s, v)));
            let word = format!("((2 * {} + {record}) * {k} + {c}) * 2", ch.tile);
            let tag = self.fresh("tag");
            self.line(format!("const ulong {tag} = (ulong){} << 32;", ch.epoch));
            self.line(format!("{}[{word}] = {tag} | ({bits} & 0xffffffffUL);", ch.status));
            self.line(format!("{}[{word} + 1] = {tag} | ({bits} >> 32);", ch.status));
        }
    }

    /// Loads the words of record `record` (0 aggregate, 1 prefix) of tile
    /// `jt`: a (low, high) pair of tagged 32-bit halves a component.
    fn status_words(&mut self, ch: &Chain<'_>, jt: &str, record: i64) -> Vec<(String, String)> {
        let k = ch.comps.len();
        let mut words = Vec::new();
        for c in 0..k {
            let word = format!("((2 * {jt} + {record}) * {k} + {c}) * 2");
            let (lo, hi) = (self.fresh("lo"), self.fresh("hi"));
            self.line(format!("const ulong {lo} = {}[{word}];", ch.status));
            self.line(format!("const ulong {hi} = {}[{word} + 1];", ch.status));
            words.push((lo, hi));
        }
        words
    }

    /// Opens `if (every word of the record carries this launch's epoch)`,
    /// in which `fl` becomes `flag` and `targets` (a C lvalue a
    /// component) the record's values; the caller closes it (or goes on
    /// with `} else`).
    fn take_status(&mut self, ch: &Chain<'_>, words: &[(String, String)], fl: &str, flag: i64, targets: &[String]) {
        let epoch = &ch.epoch;
        let all: Vec<String> =
            words.iter().map(|(lo, hi)| format!("({lo} >> 32) == {epoch} && ({hi} >> 32) == {epoch}")).collect();
        self.open(format!("if ({})", all.join(" && ")));
        self.line(format!("{fl} = {flag};"));
        for ((v, s), (lo, hi)) in targets.iter().zip(&ch.comps).zip(words) {
            let bits = format!("({lo} & 0xffffffffUL) | (({hi} & 0xffffffffUL) << 32)");
            self.line(format!("{v} = {};", of_bits(*s, &bits)));
        }
    }
}

/// Which way `shfl.sync` moves values: from the lane `delta` below
/// (`up`) or above (`down`).
#[derive(Clone, Copy)]
enum Shfl {
    Up,
    Down,
}

/// `to =` the warp's ballot of C condition `cond`: bit `i` set where
/// lane `i`'s holds (inline PTX, NVIDIA only).
fn ballot(to: &str, cond: &str) -> String {
    format!(
        "asm volatile(\"{{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }}\" : \"=r\"({to}) : \"r\"((uint)({cond})));"
    )
}
