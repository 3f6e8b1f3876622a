//! # lift-ir: fused kernels as Lift expressions, lowered by rewrite rules
//!
//! **In:** fused SOAC kernels. **Out:** low-level Lift (mapGlb, mapWrg,
//! mapLcl, reduceSeq, toLocal, ...) with symbolic array lengths built on a
//! canonical `ArithExpr`, address spaces, memory, and views, ready for
//! OpenCL code generation (Steuwer et al., CGO'17).
//!
//! (Filled in by the pipeline issue.)

pub mod arith;
pub mod barriers;
pub mod ir;
pub mod lower;
pub mod print;
pub mod rules;
pub mod typecheck;
