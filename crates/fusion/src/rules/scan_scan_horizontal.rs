//! `scan-scan-horizontal`: Two independent SCANs over the same size: one SCAN of pairs.

use flatten::ir::Kernel;

use crate::error::FusionError;
use crate::rules::horizontal::{HorizontalKind, apply_horizontal};
use crate::rules::{RewriteContext, Rule};

/// Two independent SCANs over the same size: one SCAN of pairs.
pub const SCAN_SCAN_HORIZONTAL: Rule = Rule {
    name: "scan-scan-horizontal",
    summary: "Two independent SCANs over the same size: one SCAN of pairs.",
    apply,
};

fn apply(kernel: &mut Kernel, cx: &RewriteContext<'_>) -> Result<Option<String>, FusionError> {
    apply_horizontal(kernel, cx, HorizontalKind::Scan)
}

#[cfg(test)]
mod tests {
    use crate::rules::test_support::*;

    #[test]
    fn fires_and_preserves_results() {
        check_fires(&super::SCAN_SCAN_HORIZONTAL, two_independent(HorizontalCase::Scan), &["SCAN"]);
    }
}
