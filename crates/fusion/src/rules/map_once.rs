//! `map-once`: A MAP read by a ONCE: the one thread computes the few elements it reads.

use flatten::ir::{Kernel, Soac};

use crate::error::FusionError;
use crate::rules::vertical::apply_map_rule;
use crate::rules::{RewriteContext, Rule};

/// A MAP read by a ONCE: the one thread computes the few elements it reads.
pub const MAP_ONCE: Rule = Rule {
    name: "map-once",
    summary: "A MAP read by a ONCE: the one thread computes the few elements it reads.",
    apply,
};

fn apply(kernel: &mut Kernel, cx: &RewriteContext<'_>) -> Result<Option<String>, FusionError> {
    apply_map_rule(kernel, cx, "map-once", |s| matches!(s, Soac::Once { .. }))
}

#[cfg(test)]
mod tests {
    use crate::rules::test_support::*;

    #[test]
    fn fires_and_preserves_results() {
        check_fires(&super::MAP_ONCE, map_then(ConsumerKind::Once), &["ONCE"]);
    }
}
