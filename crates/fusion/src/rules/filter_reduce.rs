//! `filter-reduce`: a FILTER consumed by a REDUCE over its elements becomes
//! one REDUCE over the filter's input, in which filtered-out elements
//! contribute the reduction's neutral element (Figure 5):
//!
//! ```text
//! A = FILTER { i => e1 } { w => p } n     b = REDUCE { i => e2 } id op (#A)
//! ⟹ b = REDUCE { i => let a = e1 in if p[a/w] then e2[a/A[i]] else id } id op n
//! ```

use std::collections::HashMap;

use flatten::ir::{GExpr, KVar, Kernel, Soac, Thunk};

use crate::error::FusionError;
use crate::gexpr::{fresh_copy, neutral_value};
use crate::rules::vertical::{find_pair, fresh_scalar_like, names, replace_own_index_reads, take_soac};
use crate::rules::{RewriteContext, Rule};

/// A FILTER consumed by a REDUCE becomes one REDUCE where filtered-out
/// elements are the neutral element.
pub const FILTER_REDUCE: Rule = Rule {
    name: "filter-reduce",
    summary: "A FILTER consumed by a REDUCE: one REDUCE over the filter's input, filtered-out elements neutral.",
    apply,
};

fn apply(kernel: &mut Kernel, cx: &RewriteContext<'_>) -> Result<Option<String>, FusionError> {
    let Some(pair) = find_pair(
        kernel,
        cx,
        "filter-reduce",
        |s| matches!(s, Soac::Filter { .. }),
        |s| matches!(s, Soac::Reduce { .. }),
    ) else {
        return Ok(None);
    };
    let detail = format!(
        "the REDUCE binding {} filters {} itself",
        names(kernel, &kernel.body[pair.consumer].results),
        names(kernel, &pair.held)
    );
    let producer = kernel.body[pair.producer].clone();
    let Soac::Filter { size: filter_size, pull: filter_pull, pred, before: None } = &producer.soac else {
        return Err(FusionError::bug(format!("kernel `{}`", kernel.name), "filter-reduce without a FILTER"));
    };
    let Soac::Reduce { pull, neutral, op, .. } = take_soac(kernel, pair.consumer) else {
        return Err(FusionError::bug(format!("kernel `{}`", kernel.name), "filter-reduce without a REDUCE"));
    };
    let columns = producer.results.clone();
    let index = kernel.new_var(kernel.var(filter_pull.params[0]).name.clone(), kernel.var(filter_pull.params[0]).ty);
    let values: Vec<KVar> = columns.iter().map(|&c| fresh_scalar_like(kernel, c)).collect();
    let pulled = fresh_copy(kernel, &filter_pull.body, &HashMap::from([(filter_pull.params[0], index)]));
    let kept = fresh_copy(kernel, &pred.body, &pred.params.iter().copied().zip(values.iter().copied()).collect());
    let contribution = replace_own_index_reads(&pull.body, &columns, pull.params[0], &values);
    let body = GExpr::let_(values, pulled, GExpr::if_(kept, contribution, neutral_value(&neutral)));
    let size = fresh_copy(kernel, filter_size, &HashMap::new());
    kernel.body[pair.consumer].soac = Soac::Reduce { size, pull: Thunk { params: vec![index], body }, neutral, op };
    Ok(Some(detail))
}

#[cfg(test)]
mod tests {
    use crate::rules::test_support::*;

    #[test]
    fn fires_and_preserves_results() {
        check_fires(&super::FILTER_REDUCE, filter_then(ConsumerKind::Reduce), &["REDUCE"]);
    }
}
