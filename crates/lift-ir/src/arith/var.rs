//! Symbolic variables and their ranges.
//!
//! A [`Var`] stands for an unknown `long` at compile time: an array length
//! (`N`), a thread index (`l_id`), a loop counter (`i`). Each carries a
//! [`Range`] whose bounds are themselves [`ArithExpr`]s and may mention
//! older variables (`i ∈ [0, n - 1]`). A variable is created once, with a
//! fresh [`VarId`], and never changes; clones share it.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering as AtomicOrdering};

use super::ArithExpr;
use super::range::{Interval, const_interval};

/// The identity of a [`Var`]: unique in the process, increasing in creation
/// order.
///
/// Because a range can only mention variables that already exist, a
/// variable's range mentions only variables with smaller ids. The range
/// analysis relies on this to eliminate variables newest first (see
/// `range::eliminate`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct VarId(u64);

impl VarId {
    fn fresh() -> VarId {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        VarId(NEXT.fetch_add(1, AtomicOrdering::Relaxed))
    }

    /// The raw number, for printing and debugging.
    pub fn index(self) -> u64 {
        self.0
    }
}

/// The inclusive interval `[min, max]` a variable's value lies in, each bound
/// an [`ArithExpr`] or `None` when unknown.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Range {
    pub min: Option<ArithExpr>,
    pub max: Option<ArithExpr>,
}

impl Range {
    /// `[min, max]`, both inclusive.
    pub fn between(min: impl Into<ArithExpr>, max: impl Into<ArithExpr>) -> Range {
        Range { min: Some(min.into()), max: Some(max.into()) }
    }

    /// `[min, +∞)`, e.g. `Range::at_least(1)` for an array length.
    pub fn at_least(min: impl Into<ArithExpr>) -> Range {
        Range { min: Some(min.into()), max: None }
    }

    /// `[0, length - 1]`: the range of an index into an array of `length`
    /// elements.
    pub fn below(length: impl Into<ArithExpr>) -> Range {
        Range::between(0, length.into() - 1)
    }

    /// Nothing known.
    pub fn unbounded() -> Range {
        Range::default()
    }
}

/// A named symbolic integer with a range. Compared, hashed and ordered by
/// identity; ordered by name first so that printed sums and products come
/// out in the same order on every run.
#[derive(Clone)]
pub struct Var(Arc<VarData>);

struct VarData {
    id: VarId,
    name: Box<str>,
    range: Range,
    /// The constant interval of the range, computed once: `range::const_interval`
    /// of a variable is then O(1) however long the chain of ranges it depends on.
    interval: Interval,
}

impl Var {
    /// A fresh variable. `name` is used for printing only.
    pub fn new(name: impl Into<String>, range: Range) -> Var {
        let lowest = range.min.as_ref().map_or(Interval::UNBOUNDED, const_interval);
        let highest = range.max.as_ref().map_or(Interval::UNBOUNDED, const_interval);
        let interval = Interval { min: lowest.min, max: highest.max };
        Var(Arc::new(VarData { id: VarId::fresh(), name: name.into().into_boxed_str(), range, interval }))
    }

    pub fn id(&self) -> VarId {
        self.0.id
    }

    pub fn name(&self) -> &str {
        &self.0.name
    }

    pub fn range(&self) -> &Range {
        &self.0.range
    }

    /// The constant bounds implied by the range (its bounds' constant
    /// intervals).
    pub fn interval(&self) -> Interval {
        self.0.interval
    }
}

impl PartialEq for Var {
    fn eq(&self, other: &Var) -> bool {
        self.id() == other.id()
    }
}

impl Eq for Var {}

impl Hash for Var {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.id().hash(state)
    }
}

impl PartialOrd for Var {
    fn partial_cmp(&self, other: &Var) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Var {
    fn cmp(&self, other: &Var) -> Ordering {
        self.name().cmp(other.name()).then(self.id().cmp(&other.id()))
    }
}

impl fmt::Debug for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}#{}", self.name(), self.id().0)
    }
}

impl fmt::Display for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
