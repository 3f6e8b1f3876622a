//! `map-map`: A MAP consumed by a MAP: the consumer computes the producer's element where it reads it.

use flatten::ir::{Kernel, Soac};

use crate::error::FusionError;
use crate::rules::vertical::apply_map_rule;
use crate::rules::{RewriteContext, Rule};

/// A MAP consumed by a MAP: the consumer computes the producer's element where it reads it.
pub const MAP_MAP: Rule = Rule {
    name: "map-map",
    summary: "A MAP consumed by a MAP: the consumer computes the producer's element where it reads it.",
    apply,
};

fn apply(kernel: &mut Kernel, cx: &RewriteContext<'_>) -> Result<Option<String>, FusionError> {
    apply_map_rule(kernel, cx, "map-map", |s| matches!(s, Soac::Map { .. }))
}

#[cfg(test)]
mod tests {
    use crate::rules::test_support::*;

    #[test]
    fn fires_and_preserves_results() {
        check_fires(&super::MAP_MAP, map_then(ConsumerKind::Map), &["MAP"]);
    }
}
