//! `dead-soac`: a SOAC none of whose results is used any more (every
//! consumer absorbed it, and the kernel does not return it) is dropped:
//! its results are not materialised (the ILP's `c_u = 0`). A `MAP` with no
//! results, which only checks, is never dropped.

use flatten::ir::Kernel;

use crate::error::FusionError;
use crate::gexpr::soac_uses;
use crate::rules::vertical::names;
use crate::rules::{RewriteContext, Rule};

/// Drops a SOAC whose results nobody uses.
pub const DEAD_SOAC: Rule = Rule {
    name: "dead-soac",
    summary: "A SOAC whose results nobody uses any more is dropped: they are not materialised.",
    apply,
};

fn apply(kernel: &mut Kernel, _cx: &RewriteContext<'_>) -> Result<Option<String>, FusionError> {
    for (b, binding) in kernel.body.iter().enumerate() {
        if binding.results.is_empty() {
            continue;
        }
        let is_used = binding.results.iter().any(|r| {
            kernel.results.contains(r) || kernel.body.iter().skip(b + 1).any(|later| soac_uses(&later.soac).contains(r))
        });
        if !is_used {
            let detail = format!("{} ({}) is not materialised", names(kernel, &binding.results), binding.soac.name());
            kernel.body.remove(b);
            return Ok(Some(detail));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use crate::rules::test_support::*;

    #[test]
    fn drops_an_absorbed_map() {
        let (mut kernel, args) = map_then(ConsumerKind::Reduce);
        apply_once(&super::super::map_reduce::MAP_REDUCE, &mut kernel, &args);
        let fired = apply_once(&super::DEAD_SOAC, &mut kernel, &args);
        assert!(fired.is_some());
        assert_eq!(soac_kinds(&kernel), vec!["REDUCE"]);
    }
}
