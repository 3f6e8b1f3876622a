//! `filter-filter`: a FILTER consumed by a FILTER over its elements becomes
//! one FILTER over the first one's input with the conjunction of the two
//! predicates. The consumer's pull runs only on elements the first
//! predicate keeps (as before), so the fused pull yields the consumer's
//! values and a flag, `T` for kept elements and `F` with placeholder values
//! for the others, and the fused predicate is `if flag then p2 else F`:
//!
//! ```text
//! A = FILTER { i => e1 } { w => p1 } n     B = FILTER { i => e2 } { v => p2 } (#A)
//! ⟹ (B, _) = FILTER { i => let a = e1 in if p1[a/w] then (e2[a/A[i]], T) else (0, F) }
//!                    { (v, f) => if f then p2 else F } n
//! ```
//!
//! The flag column is a result nobody reads (one byte per element kept).

use std::collections::HashMap;

use flatten::ir::{Const, GExpr, KVar, Kernel, Scalar, Soac, Thunk, VarType};

use crate::error::FusionError;
use crate::gexpr::{concat_values, fresh_copy, placeholder, tuple_or_single};
use crate::rules::vertical::{find_pair, fresh_scalar_like, names, replace_own_index_reads, take_soac};
use crate::rules::{RewriteContext, Rule};

/// A FILTER consumed by a FILTER becomes one FILTER with both predicates.
pub const FILTER_FILTER: Rule = Rule {
    name: "filter-filter",
    summary: "A FILTER consumed by a FILTER: one FILTER over the first one's input with both predicates.",
    apply,
};

fn apply(kernel: &mut Kernel, cx: &RewriteContext<'_>) -> Result<Option<String>, FusionError> {
    let Some(pair) = find_pair(
        kernel,
        cx,
        "filter-filter",
        |s| matches!(s, Soac::Filter { .. }),
        |s| matches!(s, Soac::Filter { .. }),
    ) else {
        return Ok(None);
    };
    let detail = format!(
        "the FILTER binding {} filters {} itself",
        names(kernel, &kernel.body[pair.consumer].results),
        names(kernel, &pair.held)
    );
    let producer = kernel.body[pair.producer].clone();
    let Soac::Filter { size: first_size, pull: first_pull, pred: first_pred, before: None } = &producer.soac else {
        return Err(FusionError::bug(format!("kernel `{}`", kernel.name), "filter-filter without a FILTER"));
    };
    let Soac::Filter { pull, pred, before: None, .. } = take_soac(kernel, pair.consumer) else {
        return Err(FusionError::bug(format!("kernel `{}`", kernel.name), "filter-filter without a FILTER"));
    };
    let columns = producer.results.clone();
    let consumer_results = kernel.body[pair.consumer].results.clone();
    let consumer_types: Vec<Scalar> = consumer_results.iter().map(|&r| kernel.var(r).ty.scalar()).collect();
    let index = kernel.new_var(kernel.var(first_pull.params[0]).name.clone(), kernel.var(first_pull.params[0]).ty);
    let values: Vec<KVar> = columns.iter().map(|&c| fresh_scalar_like(kernel, c)).collect();
    let pulled = fresh_copy(kernel, &first_pull.body, &HashMap::from([(first_pull.params[0], index)]));
    let kept =
        fresh_copy(kernel, &first_pred.body, &first_pred.params.iter().copied().zip(values.iter().copied()).collect());
    let consumer_values = replace_own_index_reads(&pull.body, &columns, pull.params[0], &values);
    let flag = |b: bool| GExpr::Const(Const::Bool(b));
    let if_kept = concat_values(kernel, consumer_values, &consumer_types, flag(true), &[Scalar::Bool]);
    let mut dropped: Vec<GExpr> = consumer_types.iter().map(|&s| placeholder(s)).collect();
    dropped.push(flag(false));
    let body = GExpr::let_(values, pulled, GExpr::if_(kept, if_kept, tuple_or_single(dropped)));
    let flag_param = kernel.new_var("kept", VarType::Scalar(Scalar::Bool));
    let mut pred_params = pred.params.clone();
    pred_params.push(flag_param);
    let pred_body = GExpr::if_(GExpr::Var(flag_param), pred.body, flag(false));
    let flag_column = kernel.new_var("kept", VarType::Array(Scalar::Bool));
    let size = fresh_copy(kernel, first_size, &HashMap::new());
    let binding = &mut kernel.body[pair.consumer];
    binding.results.push(flag_column);
    binding.soac = Soac::Filter {
        size,
        pull: Thunk { params: vec![index], body },
        pred: Thunk { params: pred_params, body: pred_body },
        before: None,
    };
    Ok(Some(detail))
}

#[cfg(test)]
mod tests {
    use crate::rules::test_support::*;

    #[test]
    fn fires_and_preserves_results() {
        check_fires(&super::FILTER_FILTER, filter_then(ConsumerKind::Filter), &["FILTER"]);
    }
}
