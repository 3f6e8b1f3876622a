//! `map-seg-reduce`: A MAP consumed by a SEG_REDUCE: the segmented reduction pulls the mapped values directly.

use flatten::ir::{Kernel, Soac};

use crate::error::FusionError;
use crate::rules::vertical::apply_map_rule;
use crate::rules::{RewriteContext, Rule};

/// A MAP consumed by a SEG_REDUCE: the segmented reduction pulls the mapped values directly.
pub const MAP_SEG_REDUCE: Rule = Rule {
    name: "map-seg-reduce",
    summary: "A MAP consumed by a SEG_REDUCE: the segmented reduction pulls the mapped values directly.",
    apply,
};

fn apply(kernel: &mut Kernel, cx: &RewriteContext<'_>) -> Result<Option<String>, FusionError> {
    apply_map_rule(kernel, cx, "map-seg-reduce", |s| matches!(s, Soac::SegReduce { .. }))
}

#[cfg(test)]
mod tests {
    use crate::rules::test_support::*;

    #[test]
    fn fires_and_preserves_results() {
        check_fires(&super::MAP_SEG_REDUCE, map_then(ConsumerKind::SegReduce), &["SEG_REDUCE"]);
    }
}
