//! # flatten: nested data parallelism to flat, segmented SOAC kernels
//!
//! **In:** the typed, monomorphic program of `nesl-frontend`. **Out:** the
//! flat IR of [`ir`] in the style of λcu (Reppy & Wingerter): a host program
//! that calls functions, binds host scalars, branches, and runs kernels;
//! kernels as sequences of second-order array combinators with pull thunks
//! over the index space; GPU expressions over scalars and tuples. Nested
//! sequences become segment descriptors over flat data (see note [segment
//! descriptors] in [`ir`]).
//!
//! (The flattening passes and the flat-IR evaluator are filled in by the
//! pipeline issue.)

pub mod eval;
pub mod ir;
