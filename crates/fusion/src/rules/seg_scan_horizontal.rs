//! `seg-scan-seg-scan-horizontal`: Two independent SEG_SCANs over the same segments: one SEG_SCAN of pairs.

use flatten::ir::Kernel;

use crate::error::FusionError;
use crate::rules::horizontal::{HorizontalKind, apply_horizontal};
use crate::rules::{RewriteContext, Rule};

/// Two independent SEG_SCANs over the same segments: one SEG_SCAN of pairs.
pub const SEG_SCAN_HORIZONTAL: Rule = Rule {
    name: "seg-scan-seg-scan-horizontal",
    summary: "Two independent SEG_SCANs over the same segments: one SEG_SCAN of pairs.",
    apply,
};

fn apply(kernel: &mut Kernel, cx: &RewriteContext<'_>) -> Result<Option<String>, FusionError> {
    apply_horizontal(kernel, cx, HorizontalKind::SegScan)
}

#[cfg(test)]
mod tests {
    use crate::rules::test_support::*;

    #[test]
    fn fires_and_preserves_results() {
        check_fires(&super::SEG_SCAN_HORIZONTAL, two_independent(HorizontalCase::SegScan), &["SEG_SCAN"]);
    }
}
