//! `map-seg-scan`: A MAP consumed by a SEG_SCAN: the segmented scan pulls the mapped values directly.

use flatten::ir::{Kernel, Soac};

use crate::error::FusionError;
use crate::rules::vertical::apply_map_rule;
use crate::rules::{RewriteContext, Rule};

/// A MAP consumed by a SEG_SCAN: the segmented scan pulls the mapped values directly.
pub const MAP_SEG_SCAN: Rule = Rule {
    name: "map-seg-scan",
    summary: "A MAP consumed by a SEG_SCAN: the segmented scan pulls the mapped values directly.",
    apply,
};

fn apply(kernel: &mut Kernel, cx: &RewriteContext<'_>) -> Result<Option<String>, FusionError> {
    apply_map_rule(kernel, cx, "map-seg-scan", |s| matches!(s, Soac::SegScan { .. }))
}

#[cfg(test)]
mod tests {
    use crate::rules::test_support::*;

    #[test]
    fn fires_and_preserves_results() {
        check_fires(&super::MAP_SEG_SCAN, map_then(ConsumerKind::SegScan), &["SEG_SCAN"]);
    }
}
