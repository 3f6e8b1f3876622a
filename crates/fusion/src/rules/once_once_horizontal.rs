//! `once-once-horizontal`: Two independent ONCEs: one ONCE computing both.

use flatten::ir::Kernel;

use crate::error::FusionError;
use crate::rules::horizontal::{HorizontalKind, apply_horizontal};
use crate::rules::{RewriteContext, Rule};

/// Two independent ONCEs: one ONCE computing both.
pub const ONCE_ONCE_HORIZONTAL: Rule =
    Rule { name: "once-once-horizontal", summary: "Two independent ONCEs: one ONCE computing both.", apply };

fn apply(kernel: &mut Kernel, cx: &RewriteContext<'_>) -> Result<Option<String>, FusionError> {
    apply_horizontal(kernel, cx, HorizontalKind::Once)
}

#[cfg(test)]
mod tests {
    use crate::rules::test_support::*;

    #[test]
    fn fires_and_preserves_results() {
        check_fires(&super::ONCE_ONCE_HORIZONTAL, two_independent(HorizontalCase::Once), &["ONCE"]);
    }
}
