//! `permute-permute`: two PERMUTEs in series become one whose index is the
//! composition of both (λcu §4.2). Where the producer sends element `j` to
//! `x1(j)`, the consumer's element `x1(j)` is computed with `A[x1(j)]`
//! replaced by the producer's value `v1(j)`:
//!
//! ```text
//! A = PERMUTE { j => v1 } { j => x1 } n     B = PERMUTE { i => v2 } { i => x2 } n
//! ⟹ B = PERMUTE { j => let i = x1 in let a = v1 in v2[a/A[i]] }
//!               { j => let i = x1 in let a = v1 in x2[a/A[i]] } n
//! ```
//!
//! Only an unchecked producer (a permutation the flattener knows) is
//! fused: the composition could hide a failed check.

use std::collections::HashMap;

use flatten::ir::{GExpr, KVar, Kernel, Soac, Thunk};

use crate::error::FusionError;
use crate::gexpr::{fresh_copy, rename};
use crate::rules::vertical::{find_pair, fresh_scalar_like, names, reads_at_index, replace_own_index_reads, take_soac};
use crate::rules::{RewriteContext, Rule};

/// Two PERMUTEs in series become one with the composed index.
pub const PERMUTE_PERMUTE: Rule = Rule {
    name: "permute-permute",
    summary: "Two PERMUTEs in series: one PERMUTE whose index is the composition of both.",
    apply,
};

fn apply(kernel: &mut Kernel, cx: &RewriteContext<'_>) -> Result<Option<String>, FusionError> {
    let is_permute = |s: &Soac| matches!(s, Soac::Permute { .. });
    let Some(pair) = find_pair(kernel, cx, "permute-permute", is_permute, is_permute) else {
        return Ok(None);
    };
    let detail = format!(
        "the PERMUTE binding {} composes the permutation of {}",
        names(kernel, &kernel.body[pair.consumer].results),
        names(kernel, &pair.held)
    );
    let producer = kernel.body[pair.producer].clone();
    let Soac::Permute { size, values: first_values, index: first_index, .. } = &producer.soac else {
        return Err(FusionError::bug(format!("kernel `{}`", kernel.name), "permute-permute without a PERMUTE"));
    };
    let Soac::Permute { values, index, check, .. } = take_soac(kernel, pair.consumer) else {
        return Err(FusionError::bug(format!("kernel `{}`", kernel.name), "permute-permute without a PERMUTE"));
    };
    let columns = producer.results.clone();
    let compose = |kernel: &mut Kernel, thunk: &Thunk| -> Thunk {
        let own = thunk.params[0];
        let j = kernel.new_var(kernel.var(first_index.params[0]).name.clone(), kernel.var(own).ty);
        let target = kernel.new_var(kernel.var(own).name.clone(), kernel.var(own).ty);
        let target_value = fresh_copy(kernel, &first_index.body, &HashMap::from([(first_index.params[0], j)]));
        let mut body = if reads_at_index(&thunk.body, &columns, own) {
            let elements: Vec<KVar> = columns.iter().map(|&c| fresh_scalar_like(kernel, c)).collect();
            let element_values = fresh_copy(kernel, &first_values.body, &HashMap::from([(first_values.params[0], j)]));
            let read = replace_own_index_reads(&thunk.body, &columns, own, &elements);
            GExpr::let_(elements, element_values, read)
        } else {
            thunk.body.clone()
        };
        body = rename(&body, &mut |v| if v == own { target } else { v });
        Thunk { params: vec![j], body: GExpr::let_(vec![target], target_value, body) }
    };
    let values = compose(kernel, &values);
    let index = compose(kernel, &index);
    let size = fresh_copy(kernel, size, &HashMap::new());
    kernel.body[pair.consumer].soac = Soac::Permute { size, values, index, check };
    Ok(Some(detail))
}

#[cfg(test)]
mod tests {
    use crate::rules::test_support::*;

    #[test]
    fn fires_and_preserves_results() {
        check_fires(&super::PERMUTE_PERMUTE, permute_then_permute(), &["PERMUTE"]);
    }
}
