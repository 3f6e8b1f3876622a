//! `map-reduce`: A MAP consumed by a REDUCE: the reduction pulls the mapped values directly.

use flatten::ir::{Kernel, Soac};

use crate::error::FusionError;
use crate::rules::vertical::apply_map_rule;
use crate::rules::{RewriteContext, Rule};

/// A MAP consumed by a REDUCE: the reduction pulls the mapped values directly.
pub const MAP_REDUCE: Rule = Rule {
    name: "map-reduce",
    summary: "A MAP consumed by a REDUCE: the reduction pulls the mapped values directly.",
    apply,
};

fn apply(kernel: &mut Kernel, cx: &RewriteContext<'_>) -> Result<Option<String>, FusionError> {
    apply_map_rule(kernel, cx, "map-reduce", |s| matches!(s, Soac::Reduce { .. }))
}

#[cfg(test)]
mod tests {
    use crate::rules::test_support::*;

    #[test]
    fn fires_and_preserves_results() {
        check_fires(&super::MAP_REDUCE, map_then(ConsumerKind::Reduce), &["REDUCE"]);
    }
}
