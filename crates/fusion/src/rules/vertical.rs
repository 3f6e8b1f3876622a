//! What the vertical rules share: finding a producer–consumer pair of SOACs
//! in a kernel that [`crate::fusibility`] judges fusible by a given rule,
//! and inlining a `MAP`'s thunk into a consumer (Figure 5's
//! `let a = e1 in [A[i]/a]e2`).

use std::collections::HashMap;

use flatten::ir::{GExpr, KVar, Kernel, Scalar, Soac, Thunk, VarType};

use crate::error::FusionError;
use crate::fusibility::{SoacView, Verdict, vertical_verdict};
use crate::gexpr::{Role, fresh_copy, map_exprs, rebuild, soac_mentions};
use crate::rules::RewriteContext;

/// A producer SOAC and a later SOAC of the same kernel that reads its
/// results (`held`).
#[derive(Clone, Debug)]
pub struct Pair {
    pub producer: usize,
    pub consumer: usize,
    pub held: Vec<KVar>,
}

/// The first pair, in kernel order, of a producer accepted by
/// `is_producer` and a consumer accepted by `is_consumer` that is fusible
/// by the rule named `rule`.
pub fn find_pair(
    kernel: &Kernel,
    cx: &RewriteContext<'_>,
    rule: &str,
    is_producer: fn(&Soac) -> bool,
    is_consumer: fn(&Soac) -> bool,
) -> Option<Pair> {
    for (p, producer) in kernel.body.iter().enumerate() {
        if !is_producer(&producer.soac) {
            continue;
        }
        let producer_size = cx.soac_size(kernel, &producer.soac);
        for (c, consumer) in kernel.body.iter().enumerate().skip(p + 1) {
            if !is_consumer(&consumer.soac) {
                continue;
            }
            let held: Vec<KVar> =
                producer.results.iter().copied().filter(|&r| soac_mentions(&consumer.soac, r)).collect();
            if held.is_empty() {
                continue;
            }
            let consumer_size = cx.soac_size(kernel, &consumer.soac);
            let verdict = vertical_verdict(
                SoacView { kernel, soac: &producer.soac, size: producer_size.as_ref() },
                SoacView { kernel, soac: &consumer.soac, size: consumer_size.as_ref() },
                &held,
            );
            if matches!(verdict, Verdict::Fusible(name) if name == rule) {
                return Some(Pair { producer: p, consumer: c, held });
            }
        }
    }
    None
}

/// The names of a list of variables, for firing details.
pub fn names(kernel: &Kernel, vars: &[KVar]) -> String {
    vars.iter().map(|&v| kernel.var(v).name.as_str()).collect::<Vec<_>>().join(", ")
}

/// Takes the SOAC of binding `index` out of the kernel (leaving an empty
/// `ONCE` in its place), so that it can be rewritten while the kernel gets
/// new variables.
pub fn take_soac(kernel: &mut Kernel, index: usize) -> Soac {
    std::mem::replace(&mut kernel.body[index].soac, Soac::Once { body: GExpr::Tuple(Vec::new()) })
}

/// Applies a `MAP`-into-consumer rule named `rule` once, if a consumer
/// accepted by `is_consumer` reads a `MAP`'s result fusibly.
pub fn apply_map_rule(
    kernel: &mut Kernel,
    cx: &RewriteContext<'_>,
    rule: &str,
    is_consumer: fn(&Soac) -> bool,
) -> Result<Option<String>, FusionError> {
    let Some(pair) = find_pair(kernel, cx, rule, |s| matches!(s, Soac::Map { .. }), is_consumer) else {
        return Ok(None);
    };
    let detail = format!(
        "the {} binding {} computes {} where it reads it",
        kernel.body[pair.consumer].soac.name(),
        names(kernel, &kernel.body[pair.consumer].results),
        names(kernel, &pair.held)
    );
    inline_map(kernel, &pair)?;
    Ok(Some(detail))
}

/// Replaces the consumer's reads of the producer `MAP`'s results by the
/// `MAP`'s thunk: reads at the consumer's own index by one `let` at the
/// top of the thunk, reads elsewhere by the thunk at that index, and `#A`
/// by the `MAP`'s size.
pub fn inline_map(kernel: &mut Kernel, pair: &Pair) -> Result<(), FusionError> {
    let producer = kernel.body[pair.producer].clone();
    let Soac::Map { size, pull } = &producer.soac else {
        return Err(FusionError::bug(format!("kernel `{}`", kernel.name), "inlining a SOAC that is not a MAP"));
    };
    let columns = producer.results.clone();
    let types: Vec<Scalar> = columns.iter().map(|&c| kernel.var(c).ty.scalar()).collect();
    let mut consumer = take_soac(kernel, pair.consumer);
    map_exprs(&mut consumer, |role, expr| {
        let own_index = match role {
            Role::IndexThunk { index } if reads_at_index(expr, &columns, index) => Some(index),
            _ => None,
        };
        let hoisted: Vec<KVar> = match own_index {
            Some(_) => columns.iter().map(|&c| fresh_scalar_like(kernel, c)).collect(),
            None => Vec::new(),
        };
        let body = rebuild(expr, &mut |node| match node {
            GExpr::Read { array, index } if columns.contains(&array) => {
                let column = columns.iter().position(|&c| c == array).unwrap_or(0);
                if let Some(i) = own_index
                    && *index == GExpr::Var(i)
                {
                    return GExpr::Var(hoisted[column]);
                }
                thunk_at(kernel, pull, &types, column, *index)
            }
            GExpr::Length(v) if columns.contains(&v) => fresh_copy(kernel, size, &HashMap::new()),
            other => other,
        });
        match own_index {
            Some(i) => {
                let value = fresh_copy(kernel, &pull.body, &HashMap::from([(pull.params[0], i)]));
                GExpr::let_(hoisted, value, body)
            }
            None => body,
        }
    });
    kernel.body[pair.consumer].soac = consumer;
    Ok(())
}

/// Whether `expr` reads one of `columns` at exactly `index`.
pub fn reads_at_index(expr: &GExpr, columns: &[KVar], index: KVar) -> bool {
    match expr {
        GExpr::Read { array, index: at } if columns.contains(array) && **at == GExpr::Var(index) => true,
        _ => {
            let mut found = false;
            expr.for_each_child(|c| found |= reads_at_index(c, columns, index));
            found
        }
    }
}

/// A fresh scalar variable for one element of array `like`.
pub fn fresh_scalar_like(kernel: &mut Kernel, like: KVar) -> KVar {
    let info = kernel.var(like).clone();
    kernel.new_var(info.name, VarType::Scalar(info.ty.scalar()))
}

/// Component `column` of `thunk` evaluated at `index`:
/// `let i' = index in let (a..) = body[i'/i] in a_column`.
pub fn thunk_at(kernel: &mut Kernel, thunk: &Thunk, types: &[Scalar], column: usize, index: GExpr) -> GExpr {
    let param = thunk.params[0];
    let at = kernel.new_var(kernel.var(param).name.clone(), VarType::Scalar(Scalar::Int));
    let value = fresh_copy(kernel, &thunk.body, &HashMap::from([(param, at)]));
    let picked = if types.len() == 1 {
        value
    } else {
        let vars: Vec<KVar> = types.iter().map(|&s| kernel.new_var("a", VarType::Scalar(s))).collect();
        let chosen = GExpr::Var(vars[column]);
        GExpr::let_(vars, value, chosen)
    };
    GExpr::let_(vec![at], index, picked)
}

/// Replaces, in `expr`, each read of `columns[j]` at `index` by
/// `GExpr::Var(values[j])`.
pub fn replace_own_index_reads(expr: &GExpr, columns: &[KVar], index: KVar, values: &[KVar]) -> GExpr {
    rebuild(expr, &mut |node| match node {
        GExpr::Read { array, index: at } if columns.contains(&array) && *at == GExpr::Var(index) => {
            let column = columns.iter().position(|&c| c == array).unwrap_or(0);
            GExpr::Var(values[column])
        }
        other => other,
    })
}
