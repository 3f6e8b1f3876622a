//! `seg-reduce-seg-reduce-horizontal`: Two independent SEG_REDUCEs over the same segments: one SEG_REDUCE of pairs.

use flatten::ir::Kernel;

use crate::error::FusionError;
use crate::rules::horizontal::{HorizontalKind, apply_horizontal};
use crate::rules::{RewriteContext, Rule};

/// Two independent SEG_REDUCEs over the same segments: one SEG_REDUCE of pairs.
pub const SEG_REDUCE_HORIZONTAL: Rule = Rule {
    name: "seg-reduce-seg-reduce-horizontal",
    summary: "Two independent SEG_REDUCEs over the same segments: one SEG_REDUCE of pairs.",
    apply,
};

fn apply(kernel: &mut Kernel, cx: &RewriteContext<'_>) -> Result<Option<String>, FusionError> {
    apply_horizontal(kernel, cx, HorizontalKind::SegReduce)
}

#[cfg(test)]
mod tests {
    use crate::rules::test_support::*;

    #[test]
    fn fires_and_preserves_results() {
        check_fires(&super::SEG_REDUCE_HORIZONTAL, two_independent(HorizontalCase::SegReduce), &["SEG_REDUCE"]);
    }
}
