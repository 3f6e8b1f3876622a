//! # lift-ir: fused kernels as Lift expressions, lowered by rewrite rules
//!
//! **In:** fused SOAC kernels. **Out:** low-level Lift (mapGlb, mapWrg,
//! mapLcl, reduceSeq, toLocal, ...) with symbolic array lengths built on a
//! canonical `ArithExpr`, address spaces, memory, and views, ready for
//! OpenCL code generation (Steuwer et al., CGO'17).
//!
//! ## The passes, in order
//! 1. [`lower`]: a fused flat kernel becomes high-level Lift, one
//!    [`ir::Stage`] per SOAC: a pull thunk is `generate(n, pull)`, a `MAP`
//!    is `map(id)` of it, a `REDUCE` is `reduce(op)(z, ...)`, a
//!    `SEG_REDUCE` maps a reduction over `segments(pull)(offsets,
//!    lengths)`, the array type indexed by segment offsets.
//! 2. [`typecheck`]: every expression has a type whose lengths are
//!    [`arith::ArithExpr`]s; run on both levels.
//! 3. [`rules`]: named rewrite rules make low-level Lift: `map-to-mapGlb`,
//!    and for a reduction `reduce-partial`, `split-kernel`,
//!    `partRed-workgroup-tree` (Figure 7 of the paper: coalesced private
//!    accumulation, a tree in local memory by `iterate`) and
//!    `reduce-single-workgroup` for the final launch.
//! 4. [`barriers`]: barrier elimination (no barrier after a `mapLcl` that
//!    writes global memory).
//!
//! Address spaces, memory allocation and views are in the backend's code
//! generator (`opencl-backend::codegen`), which walks low-level Lift once.
//! [`eval`] runs a Lift kernel of either level: the oracle that tests
//! every rewrite rule on random inputs (`tests/rules.rs`); [`eval::checked`] runs the flat
//! thunks with flatten's evaluator and checks every length (`tests/rules_random.rs`).
//! [`print`] prints both levels (`--emit lift`, `--emit lift-low`).

pub mod arith;
pub mod barriers;
pub mod eval;
pub mod ir;
pub mod lower;
pub mod print;
pub mod rules;
pub mod typecheck;
