//! `map-permute`: A MAP consumed by a PERMUTE: the permutation pulls the mapped values (or indices) directly.

use flatten::ir::{Kernel, Soac};

use crate::error::FusionError;
use crate::rules::vertical::apply_map_rule;
use crate::rules::{RewriteContext, Rule};

/// A MAP consumed by a PERMUTE: the permutation pulls the mapped values (or indices) directly.
pub const MAP_PERMUTE: Rule = Rule {
    name: "map-permute",
    summary: "A MAP consumed by a PERMUTE: the permutation pulls the mapped values (or indices) directly.",
    apply,
};

fn apply(kernel: &mut Kernel, cx: &RewriteContext<'_>) -> Result<Option<String>, FusionError> {
    apply_map_rule(kernel, cx, "map-permute", |s| matches!(s, Soac::Permute { .. }))
}

#[cfg(test)]
mod tests {
    use crate::rules::test_support::*;

    #[test]
    fn fires_and_preserves_results() {
        check_fires(&super::MAP_PERMUTE, map_then(ConsumerKind::Permute), &["PERMUTE"]);
    }
}
