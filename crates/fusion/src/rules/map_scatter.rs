//! `map-scatter`: A MAP consumed by a SCATTER's values or indices: the scatter computes them directly.

use flatten::ir::{Kernel, Soac};

use crate::error::FusionError;
use crate::rules::vertical::apply_map_rule;
use crate::rules::{RewriteContext, Rule};

/// A MAP consumed by a SCATTER's values or indices: the scatter computes them directly.
pub const MAP_SCATTER: Rule = Rule {
    name: "map-scatter",
    summary: "A MAP consumed by a SCATTER's values or indices: the scatter computes them directly.",
    apply,
};

fn apply(kernel: &mut Kernel, cx: &RewriteContext<'_>) -> Result<Option<String>, FusionError> {
    apply_map_rule(kernel, cx, "map-scatter", |s| matches!(s, Soac::Scatter { .. }))
}

#[cfg(test)]
mod tests {
    use crate::rules::test_support::*;

    #[test]
    fn fires_and_preserves_results() {
        check_fires(&super::MAP_SCATTER, map_then(ConsumerKind::Scatter), &["SCATTER"]);
    }
}
