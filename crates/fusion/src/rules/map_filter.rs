//! `map-filter`: A MAP consumed by a FILTER: the filter pulls (and tests) the mapped values directly.

use flatten::ir::{Kernel, Soac};

use crate::error::FusionError;
use crate::rules::vertical::apply_map_rule;
use crate::rules::{RewriteContext, Rule};

/// A MAP consumed by a FILTER: the filter pulls (and tests) the mapped values directly.
pub const MAP_FILTER: Rule = Rule {
    name: "map-filter",
    summary: "A MAP consumed by a FILTER: the filter pulls (and tests) the mapped values directly.",
    apply,
};

fn apply(kernel: &mut Kernel, cx: &RewriteContext<'_>) -> Result<Option<String>, FusionError> {
    apply_map_rule(kernel, cx, "map-filter", |s| matches!(s, Soac::Filter { .. }))
}

#[cfg(test)]
mod tests {
    use crate::rules::test_support::*;

    #[test]
    fn fires_and_preserves_results() {
        check_fires(&super::MAP_FILTER, map_then(ConsumerKind::Filter), &["FILTER"]);
    }
}
