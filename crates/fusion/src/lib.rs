//! # fusion: choosing and applying kernel fusion
//!
//! **In:** the flat IR. **Out:** the flat IR with fewer, larger kernels. A
//! program-dependence graph per control region (petgraph), fusion candidates
//! by λcu's rules, an ILP schedule (good_lp) after Robinson et al. and
//! Megiddo & Sarkar, and named SOAC rewrite rules that merge the kernels of
//! each cluster.
//!
//! (Filled in by the pipeline issue.)
