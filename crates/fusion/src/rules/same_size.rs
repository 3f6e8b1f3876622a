//! `same-size-expression`: two SOACs of a merged kernel whose sizes are
//! different expressions of one host size (`#counts` and `#instances`,
//! both the number of instances of a recursion level) get one expression,
//! the earlier SOAC's. The lowering shares a traversal between SOACs whose
//! size expressions are equal ([`crate::shared_traversals`]:
//! `map-scan-horizontal`, `lookback-horizontal`); sizes
//! the host knows to be equal but written differently would each get a
//! launch of their own. Merging kernels puts such sizes side by side
//! whenever the SOACs came from different kernels: quicksort's count of
//! the elements equal to the pivot (`MAP (#before)`) fused after the
//! recursive call with the `++`'s lengths and their scan
//! (`(#else_instances)`), two launches where one does.
//!
//! The size of a SOAC is computed before it runs, from the kernel's
//! parameters and the results of the SOACs before it; the earlier SOAC's
//! size expression is in scope at the later one, and denotes the same
//! number (the symbolic sizes are equal), so what the kernel computes is
//! unchanged.

use flatten::ir::print::print_gexpr;
use flatten::ir::{GExpr, Kernel, Soac};

use crate::error::FusionError;
use crate::gexpr::for_each_use;
use crate::rules::{RewriteContext, Rule};

/// Gives SOACs of one host size one size expression.
pub const SAME_SIZE_EXPRESSION: Rule = Rule {
    name: "same-size-expression",
    summary: "SOACs whose sizes are equal on the host take the earlier one's size expression, to share a traversal.",
    apply,
};

/// The iteration size of a SOAC that has one expression for it.
fn size_of(soac: &Soac) -> Option<&GExpr> {
    match soac {
        Soac::Map { size, .. }
        | Soac::Reduce { size, .. }
        | Soac::Scan { size, .. }
        | Soac::Filter { size, .. }
        | Soac::Permute { size, .. } => Some(size),
        _ => None,
    }
}

fn size_of_mut(soac: &mut Soac) -> Option<&mut GExpr> {
    match soac {
        Soac::Map { size, .. }
        | Soac::Reduce { size, .. }
        | Soac::Scan { size, .. }
        | Soac::Filter { size, .. }
        | Soac::Permute { size, .. } => Some(size),
        _ => None,
    }
}

fn apply(kernel: &mut Kernel, cx: &RewriteContext<'_>) -> Result<Option<String>, FusionError> {
    for later in 1..kernel.body.len() {
        let Some(size) = size_of(&kernel.body[later].soac) else { continue };
        let earlier = kernel.body[..later].iter().filter_map(|b| size_of(&b.soac)).find(|earlier_size| {
            *earlier_size != size
                && cx.same_size(kernel, earlier_size, size)
                && !mentions_results_after(kernel, earlier_size, later)
        });
        let Some(earlier) = earlier.cloned() else { continue };
        let detail = format!(
            "{} of {} is {}",
            print_gexpr(kernel, size),
            kernel.body[later].soac.name(),
            print_gexpr(kernel, &earlier)
        );
        if let Some(slot) = size_of_mut(&mut kernel.body[later].soac) {
            *slot = earlier;
        }
        return Ok(Some(detail));
    }
    Ok(None)
}

/// Whether `size` mentions a result of a SOAC at or after `at` (then it
/// would not be in scope there).
fn mentions_results_after(kernel: &Kernel, size: &GExpr, at: usize) -> bool {
    let later_results: Vec<_> = kernel.body[at..].iter().flat_map(|b| b.results.iter().copied()).collect();
    mentions_any(size, &later_results)
}

fn mentions_any(expr: &GExpr, vars: &[flatten::ir::KVar]) -> bool {
    let mut found = false;
    for_each_use(expr, &mut |v| found |= vars.contains(&v));
    found
}

#[cfg(test)]
mod tests {
    use flatten::ir::{Atom, BinaryOp, Const, GExpr, HostVar, Soac};

    use crate::rules::test_support::*;
    use crate::rules::{RewriteContext, check_launchable};
    use crate::sizes::FunctionSizes;

    /// `m = MAP { i => xs[i] + 1 } (#xs)` and `s = SCAN (+) ys (#ys)`,
    /// with `xs` and `ys` one host array.
    #[test]
    fn one_host_size_gets_one_expression() {
        let mut b = Builder::new();
        let (xs, ys) = (b.xs, b.ys);
        let (m, s) = (b.array("m"), b.array("s"));
        let pull = b.index_thunk(|i| bin(BinaryOp::Add, GExpr::read(xs, i), int(1)));
        b.bind(vec![m], Soac::Map { size: GExpr::Length(xs), pull });
        let pull = b.index_thunk(|i| GExpr::read(ys, i));
        let op = b.operator(BinaryOp::Add);
        b.bind(vec![s], Soac::Scan { size: GExpr::Length(ys), pull, neutral: vec![Const::Int(0)], op });
        let (mut kernel, mut args) = b.finish(vec![m, s]);
        // `ys` is `xs` on the host.
        args[1] = args[0].clone();
        let before = evaluate(&kernel, &args).expect("the test kernel runs");
        let atoms = [Atom::Var(HostVar(0)), Atom::Var(HostVar(0)), Atom::Var(HostVar(2)), Atom::Var(HostVar(3))];
        let sizes = FunctionSizes::default();
        let cx = RewriteContext { args: &atoms, sizes: &sizes };
        let fired = (super::SAME_SIZE_EXPRESSION.apply)(&mut kernel, &cx).expect("the rule does not fail");
        assert!(fired.is_some());
        assert!(matches!(&kernel.body[1].soac, Soac::Scan { size: GExpr::Length(v), .. } if *v == xs));
        check_launchable(&kernel).expect("launchable");
        assert_eq!(evaluate(&kernel, &args).expect("runs"), before);
        // Sizes of distinct host arrays stay as they are.
        let again = (super::SAME_SIZE_EXPRESSION.apply)(&mut kernel, &cx).expect("the rule does not fail");
        assert!(again.is_none());
        let distinct = [Atom::Var(HostVar(0)), Atom::Var(HostVar(1)), Atom::Var(HostVar(2)), Atom::Var(HostVar(3))];
        let (mut other, _) = {
            let mut b = Builder::new();
            let (xs, ys) = (b.xs, b.ys);
            let (m, s) = (b.array("m"), b.array("s"));
            let pull = b.index_thunk(|i| GExpr::read(xs, i));
            b.bind(vec![m], Soac::Map { size: GExpr::Length(xs), pull });
            let pull = b.index_thunk(|i| GExpr::read(ys, i));
            b.bind(vec![s], Soac::Map { size: GExpr::Length(ys), pull });
            b.finish(vec![m, s])
        };
        let cx = RewriteContext { args: &distinct, sizes: &sizes };
        assert!((super::SAME_SIZE_EXPRESSION.apply)(&mut other, &cx).expect("no failure").is_none());
    }
}
