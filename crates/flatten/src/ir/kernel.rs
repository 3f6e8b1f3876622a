//! Kernels: sequences of second-order array combinators (λcu's second
//! level).
//!
//! A [`Kernel`] is what the host program `run`s: it takes arrays and
//! scalars, binds the results of its SOACs in order, and returns some of
//! them. Flattening produces trivial kernels of one SOAC each; fusion merges
//! kernels and rewrites their SOACs (see the `fusion` crate).
//!
//! Every SOAC but `ONCE` has a *pull thunk* over its index space: `{ i => e }`
//! computes the value at position `i`, reading any array in scope. This is
//! what lets any SOAC absorb a preceding `MAP` (λcu, §3).

use crate::ir::gpu::{Const, FaultId, GExpr};
use crate::ir::types::VarType;

/// A variable of one kernel: a parameter, a SOAC result, a thunk parameter
/// or a `let`-bound scalar. Indexes [`Kernel::vars`]; each is bound exactly
/// once.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KVar(pub u32);

#[derive(Clone, Debug, PartialEq)]
pub struct KVarInfo {
    /// A readable name (`xs`, `sum1`, `i`), unique within the kernel once
    /// suffixed by the printer.
    pub name: String,
    pub ty: VarType,
    /// An int array whose every element fits in 32 bits, which the device
    /// stores so (an array of segment ids, note [segment ids] in
    /// `fusion::materialize_segment_ids`): the kernel that writes it and
    /// every kernel that reads it mark it alike. Printed `[int32]`.
    pub is_narrow: bool,
}

/// Identifies a kernel of a [`crate::ir::FlatProgram`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KernelId(pub u32);

#[derive(Clone, Debug, PartialEq)]
pub struct Kernel {
    /// Unique in the program; names the OpenCL kernels generated from it
    /// (`dotp_reduce`).
    pub name: String,
    /// Arrays and scalars, in the order `run` passes them.
    pub params: Vec<KVar>,
    /// In order: a SOAC may use the parameters and the results of earlier
    /// SOACs. Scalar results (of `REDUCE`, `ONCE`) are available to later
    /// SOACs as scalars.
    pub body: Vec<SoacBinding>,
    /// What `run` returns, in order: arrays or scalars bound in `params` or
    /// `body`.
    pub results: Vec<KVar>,
    /// Indexed by [`KVar`].
    pub vars: Vec<KVarInfo>,
}

impl Kernel {
    pub fn var(&self, v: KVar) -> &KVarInfo {
        &self.vars[v.0 as usize]
    }

    /// Adds a variable and returns it.
    pub fn new_var(&mut self, name: impl Into<String>, ty: VarType) -> KVar {
        self.vars.push(KVarInfo { name: name.into(), ty, is_narrow: false });
        KVar(self.vars.len() as u32 - 1)
    }

    /// Adds an int array variable of 32-bit elements
    /// ([`KVarInfo::is_narrow`]) and returns it.
    pub fn new_narrow_var(&mut self, name: impl Into<String>) -> KVar {
        let v = self.new_var(name, VarType::Array(crate::ir::Scalar::Int));
        self.vars[v.0 as usize].is_narrow = true;
        v
    }
}

/// `let results = soac`
#[derive(Clone, Debug, PartialEq)]
pub struct SoacBinding {
    pub results: Vec<KVar>,
    pub soac: Soac,
}

/// A function of the GPU level with its parameters: `{ i => e }` for a pull
/// thunk, `{ (x, y) => x + y }` for an operator, `{ x => x > 0 }` for a
/// predicate. Its free variables are the kernel variables it reads besides
/// its parameters (λcu's `using` list), computed on demand.
///
/// Its parameters and the variables its `let`s bind are bound exactly once
/// in the kernel (see [`KVar`]) and visible only inside it: two thunks never
/// share a parameter, and a pass that copies a body containing a `let` (as
/// the FILTER-FILTER fusion rule copies `let a = e1` into two thunks) gives
/// the copy fresh variables.
#[derive(Clone, Debug, PartialEq)]
pub struct Thunk {
    pub params: Vec<KVar>,
    pub body: GExpr,
}

/// A segment descriptor inside a kernel: `lengths` and `offsets` arrays of
/// the same length (the number of segments). See note [segment descriptors].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SegDesc {
    pub lengths: KVar,
    pub offsets: KVar,
}

/// A second-order array combinator. `k` below is the number of results: a
/// thunk producing a `k`-tuple gives `k` result arrays (or scalars).
#[derive(Clone, Debug, PartialEq)]
pub enum Soac {
    /// `MAP pull n`: `k` arrays of length `n`, `r[i] = pull(i)`. With
    /// `k = 0` (the thunk's body is `()`), a kernel that only checks: it
    /// evaluates `pull(i)` for every `i` for its `Assert`s.
    Map { size: GExpr, pull: Thunk },
    /// `PERMUTE values index n`: `k` arrays of length `n` with
    /// `r[index(i)] = values(i)`. With `check`, faults at that site unless
    /// `index` is a permutation of `[0, n)`, with the payload `(j)` for a
    /// target index `j` that two positions share (the flattener checks the
    /// range of the indices itself, in the `index` thunk); without `check`,
    /// the flattener knows it is one.
    Permute { size: GExpr, values: Thunk, index: Thunk, check: Option<FaultId> },
    /// `SCATTER`: copies of the `base` arrays with `r[index(i)] = values(i)`
    /// for `i` in `[0, n)`, the largest `i` winning among equal indices
    /// (NESL's `<-`: the last write wins). Faults at `site` on an index
    /// outside the base, with the payload `(index, length of the base)`.
    Scatter { size: GExpr, base: Vec<KVar>, values: Thunk, index: Thunk, site: FaultId },
    /// `REDUCE pull neutral op n`: `k` scalars. `op` takes `2k` parameters
    /// (the `k` components of the left then of the right operand) and must
    /// be associative with `neutral` as identity.
    Reduce { size: GExpr, pull: Thunk, neutral: Vec<Const>, op: Thunk },
    /// `SCAN pull neutral op n`: `k` arrays of length `n`, the exclusive
    /// prefix combination (`r[0] = neutral`).
    Scan { size: GExpr, pull: Thunk, neutral: Vec<Const>, op: Thunk },
    /// `FILTER pull pred n`: `k` arrays holding, in order, the values
    /// `pull(i)` for which `pred` (over the `k` values) holds. With
    /// `before` (`FILTER pull pred n BEFORE offsets`), one more result
    /// after the `k`: an int array of the length of `offsets` (an int
    /// array, nondecreasing: a segment descriptor's offsets), `r[j]` the
    /// number of kept positions `i < offsets[j]` (all of them where
    /// `offsets[j] >= n`). A lifted filter's counts per segment are the
    /// differences of these (note [counts from the filter] in
    /// `segmented_prims`).
    Filter { size: GExpr, pull: Thunk, pred: Thunk, before: Option<KVar> },
    /// `ONCE e`: `k` scalars computed by one thread.
    Once { body: GExpr },
    /// `SEG_REDUCE pull neutral op sd`: `k` arrays with one value per
    /// segment, the reduction of `pull(k)` over the flat positions `k` of
    /// that segment (`neutral` for an empty segment).
    SegReduce { segments: SegDesc, pull: Thunk, neutral: Vec<Const>, op: Thunk },
    /// `SEG_SCAN pull neutral op sd`: `k` arrays of length `elements` (the
    /// total of the segment lengths), the exclusive scan within each
    /// segment.
    SegScan { segments: SegDesc, elements: GExpr, pull: Thunk, neutral: Vec<Const>, op: Thunk },
    /// `RADIX_PASS values digit bits n`: `k` arrays of length `n`, the
    /// values `values(i)` ordered by their digit `digit(i)` (an int in
    /// `[0, 2^bits)`, `bits` at most [`RADIX_BITS`]), stably: values of
    /// equal digits keep the order of their positions. One pass of a
    /// least-significant-digit radix sort (`sort_prims`); a digit outside
    /// the range is a compiler bug. Never fused: its lowering needs every
    /// digit before it writes any value.
    RadixPass { size: GExpr, values: Thunk, digit: Thunk, bits: u32 },
    /// `SEGMENT_IDS offsets n`: one int array of length `n`, `r[p]` the
    /// segment of flat position `p`: the largest `j` with `offsets[j] <=
    /// p`, as [`GExpr::SegmentOf`] finds it by a search (so empty segments
    /// are skipped), and 0 where no segment starts at or before `p` (a
    /// search there would be a compiler bug; the rewrite that builds ids
    /// may build them where a guard kept the search from running).
    /// `offsets` are the offsets of a segment descriptor (note [segment
    /// descriptors]). Built once, read
    /// by every kernel that would search the same offsets (note [segment
    /// ids] in `fusion::materialize_segment_ids`). Never fused.
    SegmentIds { size: GExpr, offsets: KVar },
}

/// The most bits of a [`Soac::RadixPass`] digit: 256 digits, one per
/// work-item of a histogram's work-group.
pub const RADIX_BITS: u32 = 8;

impl Soac {
    /// The SOAC's name as printed (`MAP`, `SEG_REDUCE`).
    pub fn name(&self) -> &'static str {
        match self {
            Soac::Map { .. } => "MAP",
            Soac::Permute { .. } => "PERMUTE",
            Soac::Scatter { .. } => "SCATTER",
            Soac::Reduce { .. } => "REDUCE",
            Soac::Scan { .. } => "SCAN",
            Soac::Filter { .. } => "FILTER",
            Soac::Once { .. } => "ONCE",
            Soac::SegReduce { .. } => "SEG_REDUCE",
            Soac::SegScan { .. } => "SEG_SCAN",
            Soac::RadixPass { .. } => "RADIX_PASS",
            Soac::SegmentIds { .. } => "SEGMENT_IDS",
        }
    }
}
