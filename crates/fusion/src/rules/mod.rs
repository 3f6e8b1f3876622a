//! The SOAC rewrite rules (λcu §4.4, Figure 5), applied to a merged kernel
//! until none applies.
//!
//! Merging a cluster's kernels ([`crate::merge_kernels`]) puts their SOACs
//! in one kernel in order; a later SOAC may then read an earlier one's
//! result, which on a GPU would need a global barrier. The rules remove
//! those reads:
//!
//! - **vertical** rules fuse a producer into a consumer that reads it: a
//!   `MAP` into any SOAC (`map-map`, `map-reduce`, `map-scan`, `map-filter`,
//!   `map-permute`, `map-scatter`, `map-once`, `map-seg-reduce`,
//!   `map-seg-scan`), `filter-reduce`, `filter-filter`, `permute-permute`;
//! - **horizontal** rules merge two independent SOACs of one kind over the
//!   same space into one SOAC with tuple results (`map-map-horizontal`,
//!   `reduce-reduce-horizontal`, `scan-scan-horizontal`,
//!   `seg-reduce-seg-reduce-horizontal`, `seg-scan-seg-scan-horizontal`,
//!   `once-once-horizontal`);
//! - `dead-soac` drops a SOAC whose results nobody uses any more (the `c_u
//!   = 0` of the ILP: a result that need not be materialised);
//! - `same-size-expression` writes sizes that are equal on the host as
//!   one expression, so that the lowering shares their traversal.
//!
//! Each rule is a [`Rule`]: a stable kebab-case name, a one-line summary,
//! and a function that rewrites one place of the kernel and says what it
//! did, or does nothing. Every firing is recorded ([`Firing`]) in the
//! fusion report. A rule never makes code worse: vertical rules remove a
//! round trip through global memory and only recompute cheap elements;
//! horizontal rules share one traversal.
//!
//! What may remain in a kernel after rewriting ([`check_launchable`]):
//! SOACs that do not read each other's results, and `ONCE`s reading the
//! scalars of `REDUCE`s before them (`reduce-once`: the one thread runs
//! after the reduction's final combine). Anything else means the cluster
//! cannot be one kernel.

pub mod dead_soac;
pub mod filter_filter;
pub mod filter_reduce;
pub mod horizontal;
pub mod map_filter;
pub mod map_map;
pub mod map_map_horizontal;
pub mod map_once;
pub mod map_permute;
pub mod map_reduce;
pub mod map_scan;
pub mod map_scatter;
pub mod map_seg_reduce;
pub mod map_seg_scan;
pub mod once_once_horizontal;
pub mod permute_permute;
pub mod reduce_once;
pub mod reduce_reduce_horizontal;
pub mod same_size;
pub mod scan_scan_horizontal;
pub mod seg_reduce_horizontal;
pub mod seg_scan_horizontal;
pub mod vertical;

#[cfg(test)]
pub(crate) mod test_support;

use flatten::ir::{Atom, GExpr, Kernel, Soac};

use crate::error::FusionError;
use crate::gexpr::soac_uses;
use crate::pdg::soac_size;
use crate::sizes::{ArgResolver, FunctionSizes, SymSize};

/// A named rewrite rule.
pub struct Rule {
    /// Stable, kebab-case (`map-reduce`).
    pub name: &'static str,
    /// What it does, in one line.
    pub summary: &'static str,
    /// Rewrites one place of the kernel where the rule applies and
    /// describes it, or returns `None` if it applies nowhere.
    pub apply: fn(&mut Kernel, &RewriteContext<'_>) -> Result<Option<String>, FusionError>,
}

impl std::fmt::Debug for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

/// Every rule, in the order they are tried: vertical rules first (they
/// remove dependences), then dropping unused SOACs, then horizontal merges.
pub const RULES: &[&Rule] = &[
    &map_map::MAP_MAP,
    &map_reduce::MAP_REDUCE,
    &map_scan::MAP_SCAN,
    &map_filter::MAP_FILTER,
    &map_permute::MAP_PERMUTE,
    &map_scatter::MAP_SCATTER,
    &map_once::MAP_ONCE,
    &map_seg_reduce::MAP_SEG_REDUCE,
    &map_seg_scan::MAP_SEG_SCAN,
    &filter_reduce::FILTER_REDUCE,
    &filter_filter::FILTER_FILTER,
    &permute_permute::PERMUTE_PERMUTE,
    &dead_soac::DEAD_SOAC,
    &same_size::SAME_SIZE_EXPRESSION,
    &map_map_horizontal::MAP_MAP_HORIZONTAL,
    &reduce_reduce_horizontal::REDUCE_REDUCE_HORIZONTAL,
    &scan_scan_horizontal::SCAN_SCAN_HORIZONTAL,
    &seg_reduce_horizontal::SEG_REDUCE_HORIZONTAL,
    &seg_scan_horizontal::SEG_SCAN_HORIZONTAL,
    &once_once_horizontal::ONCE_ONCE_HORIZONTAL,
];

/// The names of every rule, `reduce-once` included.
pub fn rule_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = RULES.iter().map(|r| r.name).collect();
    names.push(reduce_once::REDUCE_ONCE_NAME);
    names
}

/// One firing of a rule, for the report.
#[derive(Clone, Debug, PartialEq)]
pub struct Firing {
    pub rule: &'static str,
    /// The kernel it fired in.
    pub kernel: String,
    /// What it rewrote (`sum2 absorbs gts`).
    pub detail: String,
}

impl std::fmt::Display for Firing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} in {}: {}", self.rule, self.kernel, self.detail)
    }
}

/// What the rules may ask about a kernel besides its code: the host atoms
/// its parameters are bound to and the sizes they stand for, so that sizes
/// can be compared symbolically.
pub struct RewriteContext<'a> {
    pub args: &'a [Atom],
    pub sizes: &'a FunctionSizes,
}

impl RewriteContext<'_> {
    /// The iteration size of `soac` (a SOAC of `kernel`), in host terms.
    pub fn soac_size(&self, kernel: &Kernel, soac: &Soac) -> Option<SymSize> {
        soac_size(&ArgResolver { kernel, args: self.args, sizes: self.sizes }, soac)
    }

    /// Whether two size expressions of `kernel` are the same size:
    /// structurally equal, or equal once resolved to host terms.
    pub fn same_size(&self, kernel: &Kernel, a: &GExpr, b: &GExpr) -> bool {
        if a == b {
            return true;
        }
        let resolver = ArgResolver { kernel, args: self.args, sizes: self.sizes };
        matches!((resolver.resolve(a), resolver.resolve(b)), (Some(x), Some(y)) if x == y)
    }
}

/// The most rule firings one kernel may take: more means a rule does not
/// make progress (a compiler bug).
const MAX_FIRINGS_PER_KERNEL: usize = 10_000;

/// Applies [`RULES`] to `kernel` until none applies; returns the firings in
/// order.
pub fn rewrite_kernel(kernel: &mut Kernel, cx: &RewriteContext<'_>) -> Result<Vec<Firing>, FusionError> {
    let mut firings = Vec::new();
    'rewrite: loop {
        if firings.len() > MAX_FIRINGS_PER_KERNEL {
            return Err(FusionError::bug(
                format!("kernel `{}`", kernel.name),
                format!("the rewrite rules did not stop after {MAX_FIRINGS_PER_KERNEL} firings"),
            ));
        }
        for rule in RULES {
            if let Some(detail) = (rule.apply)(kernel, cx)? {
                firings.push(Firing { rule: rule.name, kernel: kernel.name.clone(), detail });
                continue 'rewrite;
            }
        }
        return Ok(firings);
    }
}

/// Checks that a rewritten kernel can run as one launch: no SOAC reads
/// what another SOAC of the kernel binds, except `ONCE`s reading the
/// scalars of `REDUCE`s (recorded as `reduce-once` firings).
pub fn check_launchable(kernel: &Kernel) -> Result<Vec<Firing>, String> {
    let mut firings = Vec::new();
    for (c, consumer) in kernel.body.iter().enumerate() {
        let uses = soac_uses(&consumer.soac);
        for producer in &kernel.body[..c] {
            let read: Vec<_> = producer.results.iter().filter(|r| uses.contains(r)).collect();
            if read.is_empty() {
                continue;
            }
            let names: Vec<&str> = read.iter().map(|&&r| kernel.var(r).name.as_str()).collect();
            if reduce_once::is_reduce_once(&producer.soac, &consumer.soac) {
                firings.push(Firing {
                    rule: reduce_once::REDUCE_ONCE_NAME,
                    kernel: kernel.name.clone(),
                    detail: format!("the ONCE reads {} after the REDUCE in one kernel", names.join(", ")),
                });
                continue;
            }
            return Err(format!(
                "in the merged kernel `{}`, a {} reads {} that a {} binds, which no rule could fuse",
                kernel.name,
                consumer.soac.name(),
                names.join(", "),
                producer.soac.name()
            ));
        }
    }
    Ok(firings)
}
