//! # lift-ir: fused kernels as Lift expressions, lowered by rewrite rules
//!
//! **In:** fused SOAC kernels. **Out:** low-level Lift (mapGlb, mapWrg,
//! mapLcl, reduceSeq, toLocal, ...) with symbolic array lengths built on a
//! canonical `ArithExpr`, and side tables of its address spaces and
//! memory, ready for OpenCL code generation (Steuwer et al., CGO'17).
//!
//! ## The passes, in order
//! 1. [`lower`]: a fused flat kernel becomes high-level Lift, one
//!    [`ir::Stage`] per SOAC: a pull thunk is `generate(n, pull)`, a `MAP`
//!    is `map(id)` of it, a `REDUCE` is `reduce(op)(z, ...)`; `SEG_SCAN`
//!    is a `scan` of each of its `segments`, joined back in place
//!    (`segScan-segments`); `SEG_REDUCE` is a `reduce` of each
//!    of its `segments` (`segReduce-segments`); `RADIX_PASS` is three
//!    stages over tiles, digit counts, their scan and a stable scatter
//!    (`radix-tiles`, [`radix`]).
//! 2. [`typecheck`]: every expression has a type whose lengths are
//!    [`arith::ArithExpr`]s; run on both levels.
//! 3. [`rules`]: named rewrite rules make low-level Lift: `map-to-mapGlb`,
//!    and for a reduction `reduce-partial`, `split-kernel`,
//!    `partRed-workgroup-tree` (Figure 7 of the paper: coalesced private
//!    accumulation, a tree in local memory by `iterate`) and
//!    `reduce-single-workgroup` for the final launch; a scan of ints is
//!    `scan-lookback` and a filter `filter-lookback` (one launch, tiles
//!    chained by decoupled look-back, [`lookback`]), a float scan
//!    `scan-tiles` (reduce-then-scan over coalesced tiles in local
//!    memory, `tile-coalesced`, `scan-workgroup-two-level`); a segmented
//!    scan is flat and load-balanced whatever the segment lengths: one
//!    look-back scan whose tiles find their segment heads in the
//!    descriptor (`segScan-lookback`), or for floats a scan over (head
//!    flag, value) pairs (`segScan-flag-pairs`, Blelloch's segmented
//!    scan), in [`seg_scan`]; the scans, reductions, filters and maps
//!    of one size of a kernel (`traversal-horizontal`) one look-back
//!    pass carrying the tuple of their carries (`lookback-horizontal`,
//!    [`lookback`]); a segmented
//!    reduction is both `segReduce-teams` (a team of work-items per
//!    segment, as wide as the average segment is long) and
//!    `segReduce-merge` (work-groups taking equal shares of segments and
//!    elements together by merge-path splits), teams giving up on a
//!    long segment and merge under a device guard of its flag, so the
//!    device runs one
//!    (`segReduce-by-shape`, [`seg_reduce`]; values of three components
//!    or more: teams).
//!    A map whose pull searches a descriptor at its own position finds
//!    its tiles' segments in local memory in the same launch
//!    (`map-tile-segment-ids`, [`segment_ids`]).
//! 4. [`barriers`]: barrier elimination (no barrier after a `mapLcl` that
//!    writes global memory).
//! 5. [`address_space`]: the paper's Algorithm 1 on each low-level stage:
//!    every node of the stage's tree (numbered in pre-order by
//!    [`address_space::Nodes`]) gets a placement (global, local, private)
//!    in a side table; [`address_space::verify`] rejects what no OpenCL
//!    kernel can be (a `toLocal` outside a `mapWrg`, a `mapGlb` writing
//!    local memory, a parallel map into private memory, a result not in
//!    global memory).
//! 6. [`memory`]: memory for the nodes that write data only (the stage's
//!    result, `to*` buffers, accumulators, `iterate`'s second buffer), in
//!    the space the table gives, sized from the types as `ArithExpr`s;
//!    views allocate nothing.
//!
//! The backend's code generator (`opencl-backend::codegen`) runs 5 and 6
//! on every stage and declares the `__local` arrays, `iterate`'s second
//! buffers and the private accumulators the memory table gives (an
//! internal error where they disagree with what it writes). Views (index
//! expressions simplified with the loop variables' ranges) are built by
//! the code generator as it walks low-level Lift once.
//!
//! [`eval`] runs a Lift kernel of either level: the oracle that tests
//! every rewrite rule on random inputs (`tests/integration/rules.rs`); [`eval::checked`] runs the flat
//! thunks with flatten's evaluator and checks every length (`tests/integration/rules_random.rs`).
//! [`print`](mod@print) prints both levels (`--emit lift`, `--emit lift-low`).

pub mod address_space;
pub mod arith;
pub mod barriers;
pub mod eval;
pub mod ir;
pub mod lookback;
pub mod lower;
pub mod memory;
pub mod print;
pub mod radix;
pub mod rules;
pub mod seg_reduce;
pub mod seg_scan;
pub mod segment_ids;
pub mod typecheck;
