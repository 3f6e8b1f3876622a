//! `reduce-reduce-horizontal`: Two independent REDUCEs over the same size: one REDUCE of pairs.

use flatten::ir::Kernel;

use crate::error::FusionError;
use crate::rules::horizontal::{HorizontalKind, apply_horizontal};
use crate::rules::{RewriteContext, Rule};

/// Two independent REDUCEs over the same size: one REDUCE of pairs.
pub const REDUCE_REDUCE_HORIZONTAL: Rule = Rule {
    name: "reduce-reduce-horizontal",
    summary: "Two independent REDUCEs over the same size: one REDUCE of pairs.",
    apply,
};

fn apply(kernel: &mut Kernel, cx: &RewriteContext<'_>) -> Result<Option<String>, FusionError> {
    apply_horizontal(kernel, cx, HorizontalKind::Reduce)
}

#[cfg(test)]
mod tests {
    use crate::rules::test_support::*;

    #[test]
    fn fires_and_preserves_results() {
        check_fires(&super::REDUCE_REDUCE_HORIZONTAL, two_independent(HorizontalCase::Reduce), &["REDUCE"]);
    }
}
