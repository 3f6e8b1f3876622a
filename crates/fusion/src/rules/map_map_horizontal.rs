//! `map-map-horizontal`: Two independent MAPs over the same size: one MAP with the results of both.

use flatten::ir::Kernel;

use crate::error::FusionError;
use crate::rules::horizontal::{HorizontalKind, apply_horizontal};
use crate::rules::{RewriteContext, Rule};

/// Two independent MAPs over the same size: one MAP with the results of both.
pub const MAP_MAP_HORIZONTAL: Rule = Rule {
    name: "map-map-horizontal",
    summary: "Two independent MAPs over the same size: one MAP with the results of both.",
    apply,
};

fn apply(kernel: &mut Kernel, cx: &RewriteContext<'_>) -> Result<Option<String>, FusionError> {
    apply_horizontal(kernel, cx, HorizontalKind::Map)
}

#[cfg(test)]
mod tests {
    use crate::rules::test_support::*;

    #[test]
    fn fires_and_preserves_results() {
        check_fires(&super::MAP_MAP_HORIZONTAL, two_independent(HorizontalCase::Map), &["MAP"]);
    }
}
