//! # flatten: nested data parallelism to flat, segmented SOAC kernels
//!
//! **In:** the typed, monomorphic program of `nesl-frontend`. **Out:** the
//! flat IR in the style of λcu (Reppy & Wingerter): a host program that
//! calls functions, binds host scalars, branches, and runs kernels; kernels
//! as sequences of second-order array combinators with pull thunks over the
//! index space; GPU expressions over scalars and tuples. Nested sequences
//! become segment descriptors over flat data.
//!
//! (Filled in by the pipeline issue.)
