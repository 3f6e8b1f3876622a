//! `filter-predicate-shares-pull`: a FILTER's predicate that recomputes
//! what its pull computed (the element, the element's segment) takes it
//! from the pull's values instead.

// Note [predicates share the pull]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// A lifted filter `{x in s | p(x)}` flattens to
//
//   FILTER { i => let x = E(i) in (i, x) } { (j, y) => P(j) } (n)
//
// where the predicate gets the position `j` and rebuilds what it needs
// from it: the element `E(j)` again (a search `segment_of(offsets, j)`,
// the reads of the gather) and the segment `segment_of(offsets, j)` for
// the segment's pivot. Quicksort's level kernel runs three such filters
// over one pull (`horizontal-filters`), so each element was searched for
// four times and gathered four times. The predicate is only ever applied
// to the pull's values at the same position, so whatever the predicate
// computes that the pull computed too is the pull's value:
//
//   pred = { (p_0 .. p_k-1) => let v_1 = e_1 in .. let v_m = e_m in t }
//
// with the pull's `let`s floated to one chain `let w = f in ..` (binders
// are bound once in a kernel, so `let x = (let y = a in b) in c` is `let
// y = a in let x = b in c`) and `σ` mapping each predicate parameter
// `p_c` whose pull component is a variable to that variable: a `let v_i
// = e_i` of the predicate whose `σ(e_i)` is a variable of the pull, or
// is (up to the names of its own binders) the value of a single-variable
// `let w = f` of the pull's chain, maps `v_i` to it and is dropped. What
// the rest of the predicate then reads of the pull is a component (read
// from its parameter) or a variable of the pull's chain, which the pull
// now also yields as one more component: a column no SOAC reads, so the
// lowering does not write it (note [unwritten filter columns] in
// `lift-ir`), and the predicate takes it as one more parameter. A
// column that neither a SOAC nor the predicate then reads goes (the
// position a lifted filter pulls only for its predicate), so the tile of
// the look-back is no wider than before. The
// pull's result and the predicate's value at every position are those of
// before: the dropped `let`s are pure functions of the position and the
// kernel's parameters (a fault they could raise, the pull raised first).
//
// Filters whose pulls were alpha-equivalent get the same extra columns
// when their predicates share the same things, so they stay one
// `horizontal-filters` stage; where that would split a group, the kernel
// is left as it was. A filter none of whose columns is read (a count
// only) is left alone: its lowering writes every column then.
//
// Quicksort of 10^7 on the H100 (`fused_4`, the three filters of a
// level): one search and one gather per element instead of four.

use std::collections::{HashMap, HashSet};

use flatten::ir::{FlatProgram, GExpr, KVar, Kernel, Soac, Thunk, VarType};

use crate::gexpr::{for_each_use, mentions, rename, soac_mentions, tuple_or_single};
use crate::shared_traversals::{alpha_equivalent, filter_groups};

/// The rule's name, as firings report it.
pub const FILTER_PREDICATE_SHARES_PULL: &str = "filter-predicate-shares-pull";

/// Applies `filter-predicate-shares-pull` to every FILTER of every kernel
/// of `program`; one line per firing.
pub fn share_pull_in_predicates(program: &mut FlatProgram) -> Vec<String> {
    let mut firings = Vec::new();
    for kernel in &mut program.kernels {
        let grouped = |k: &Kernel| filter_groups(k).iter().map(Vec::len).sum::<usize>();
        let before = grouped(kernel);
        let saved = kernel.clone();
        let mut fired = Vec::new();
        for index in 0..kernel.body.len() {
            if let Some((shared, exported)) = share_in_filter(kernel, index) {
                let name = &kernel.vars[kernel.body[index].results[0].0 as usize].name;
                fired.push(format!(
                    "{FILTER_PREDICATE_SHARES_PULL} in {}: the predicate of {name} takes {shared} value(s) from the pull ({exported} more column(s))",
                    kernel.name
                ));
            }
        }
        if grouped(kernel) < before {
            *kernel = saved;
            continue;
        }
        firings.extend(fired);
    }
    firings
}

/// A chain of `let`s and the expression they scope.
type Chain = (Vec<(Vec<KVar>, GExpr)>, GExpr);

/// `expr` as one chain of `let`s: the `let`s of a `let`'s value floated
/// out in front of it (see note [predicates share the pull]).
fn float_lets(expr: &GExpr) -> Chain {
    fn go(expr: &GExpr, chain: &mut Vec<(Vec<KVar>, GExpr)>) -> GExpr {
        match expr {
            GExpr::Let { vars, value, body } => {
                let value = go(value, chain);
                chain.push((vars.clone(), value));
                go(body, chain)
            }
            other => other.clone(),
        }
    }
    let mut chain = Vec::new();
    let tail = go(expr, &mut chain);
    (chain, tail)
}

fn unfloat((chain, tail): Chain) -> GExpr {
    chain.into_iter().rev().fold(tail, |body, (vars, value)| GExpr::let_(vars, value, body))
}

/// Rewrites the FILTER at `index` of `kernel` (note [predicates share the
/// pull]); the number of predicate `let`s it dropped and of columns it
/// added, or `None` where it drops none.
fn share_in_filter(kernel: &mut Kernel, index: usize) -> Option<(usize, usize)> {
    let binding = &kernel.body[index];
    let Soac::Filter { pull, pred, before, .. } = &binding.soac else { return None };
    let (pull, pred) = (pull.clone(), pred.clone());
    let columns = binding.results.len() - usize::from(before.is_some());
    let is_read = |v: KVar| {
        kernel.results.contains(&v)
            || kernel.body.iter().enumerate().any(|(j, b)| j != index && soac_mentions(&b.soac, v))
    };
    let read: Vec<bool> = binding.results[..columns].iter().map(|v| is_read(*v)).collect();
    if !read.contains(&true) {
        return None;
    }
    let (pull_chain, pull_tail) = float_lets(&pull.body);
    let components = match &pull_tail {
        GExpr::Tuple(items) => items.clone(),
        single => vec![single.clone()],
    };
    if components.len() != columns || pred.params.len() != columns {
        return None;
    }
    // The variables of the pull that are in scope at its result.
    let mut pull_side: HashSet<KVar> = pull.params.iter().copied().collect();
    for (vars, _) in &pull_chain {
        pull_side.extend(vars);
    }
    let mut sigma: HashMap<KVar, KVar> = HashMap::new();
    for (c, p) in components.iter().zip(&pred.params) {
        if let GExpr::Var(v) = c {
            sigma.insert(*p, *v);
        }
    }
    let (pred_chain, pred_tail) = float_lets(&pred.body);
    let mut kept = Vec::new();
    let mut shared = 0;
    for (vars, value) in pred_chain {
        let renamed = rename(&value, &mut |v| sigma.get(&v).copied().unwrap_or(v));
        if let [v] = vars[..] {
            let found = match &renamed {
                GExpr::Var(w) if pull_side.contains(w) => Some(*w),
                _ => pull_chain.iter().find_map(|(ws, f)| match ws[..] {
                    [w] if alpha_equivalent(
                        &Thunk { params: vec![], body: renamed.clone() },
                        &Thunk { params: vec![], body: f.clone() },
                    ) =>
                    {
                        Some(w)
                    }
                    _ => None,
                }),
            };
            if let Some(w) = found {
                sigma.insert(v, w);
                shared += usize::from(!matches!(renamed, GExpr::Var(_)));
                continue;
            }
        }
        kept.push((vars, renamed));
    }
    if shared == 0 {
        return None;
    }
    let tail = rename(&pred_tail, &mut |v| sigma.get(&v).copied().unwrap_or(v));
    // The pull's variables the rest of the predicate reads, in order.
    let mut needed = Vec::new();
    let mut note = |v: KVar| {
        if pull_side.contains(&v) && !needed.contains(&v) {
            needed.push(v);
        }
    };
    for (_, value) in &kept {
        for_each_use(value, &mut note);
    }
    for_each_use(&tail, &mut note);
    let mut params = pred.params.clone();
    let mut components = components;
    let mut new_results = Vec::new();
    let mut to_param: HashMap<KVar, KVar> = HashMap::new();
    let mut fresh = Vec::new();
    for w in needed {
        if let Some(c) = components[..columns].iter().position(|c| *c == GExpr::Var(w)) {
            to_param.insert(w, pred.params[c]);
            continue;
        }
        let VarType::Scalar(scalar) = kernel.vars[w.0 as usize].ty else { return None };
        fresh.push((w, scalar));
    }
    for (w, scalar) in fresh {
        let name = kernel.vars[w.0 as usize].name.clone();
        let param = kernel.new_var(format!("{name}_p"), VarType::Scalar(scalar));
        let column = kernel.new_var(format!("{name}_shared"), VarType::Array(scalar));
        to_param.insert(w, param);
        params.push(param);
        components.push(GExpr::Var(w));
        new_results.push(column);
    }
    let exported = new_results.len();
    let kept: Vec<_> = kept
        .into_iter()
        .map(|(vars, value)| (vars, rename(&value, &mut |v| to_param.get(&v).copied().unwrap_or(v))))
        .collect();
    let tail = rename(&tail, &mut |v| to_param.get(&v).copied().unwrap_or(v));
    let body = unfloat((kept, tail));
    let binding = &mut kernel.body[index];
    let mut results = binding.results[..columns].to_vec();
    results.extend(new_results);
    // The columns nothing reads any more go (a lifted filter's positions,
    // once its predicate takes the segment rather than the position).
    let live: Vec<usize> =
        (0..results.len()).filter(|&c| read.get(c) != Some(&false) || mentions(&body, params[c])).collect();
    let pick = |xs: &[_]| live.iter().map(|&c| xs[c]).collect::<Vec<_>>();
    let (results, params) = (pick(&results), pick(&params));
    let components: Vec<GExpr> = live.iter().map(|&c| components[c].clone()).collect();
    let Soac::Filter { pull, pred, .. } = &mut binding.soac else { return None };
    pull.body = unfloat((pull_chain, tuple_or_single(components)));
    *pred = Thunk { params, body };
    let mut all = results;
    all.extend_from_slice(&binding.results[columns..]);
    binding.results = all;
    Some((shared, exported))
}

#[cfg(test)]
mod tests {
    use flatten::eval::{ArrayValue, FlatValue, ScalarValue};
    use flatten::ir::{BinaryOp, GExpr, Kernel, Scalar, Soac, SoacBinding, Thunk, VarType};

    use super::share_in_filter;
    use crate::rules::test_support::evaluate;

    /// Quicksort's level filters, `count` of them over one pull: `FILTER
    /// { i => let x = (let s = segment_of(os, i) in xs[starts[s] + (i -
    /// os[s])]) in (i, x) } { (j, y) => let x' = (the same at j) in let s'
    /// = segment_of(os, j) in x' OP pivots[s'] } (n) BEFORE os`, OP `<`,
    /// `==`, `>` in turn; `reads_element`: the predicate also reads `y`.
    fn level_kernel(count: usize, reads_element: bool) -> Kernel {
        let mut k = Kernel { name: "k".into(), params: vec![], body: vec![], results: vec![], vars: vec![] };
        let ints = VarType::Array(Scalar::Int);
        let int = VarType::Scalar(Scalar::Int);
        let (os, starts, xs, pivots) =
            (k.new_var("os", ints), k.new_var("starts", ints), k.new_var("xs", ints), k.new_var("pivots", ints));
        let n = k.new_var("n", int);
        k.params = vec![os, starts, xs, pivots, n];
        let element = |k: &mut Kernel, i| {
            let s = k.new_var("s", int);
            let place = GExpr::binary(
                BinaryOp::Add,
                Scalar::Int,
                GExpr::read(starts, GExpr::Var(s)),
                GExpr::binary(BinaryOp::Sub, Scalar::Int, GExpr::Var(i), GExpr::read(os, GExpr::Var(s))),
            );
            GExpr::let_(
                vec![s],
                GExpr::SegmentOf { offsets: os, index: Box::new(GExpr::Var(i)) },
                GExpr::read(xs, place),
            )
        };
        for op in [BinaryOp::Lt, BinaryOp::Eq, BinaryOp::Gt].into_iter().cycle().take(count) {
            let (i, x) = (k.new_var("i", int), k.new_var("x", int));
            let value = element(&mut k, i);
            let pull = Thunk {
                params: vec![i],
                body: GExpr::let_(vec![x], value, GExpr::Tuple(vec![GExpr::Var(i), GExpr::Var(x)])),
            };
            let (j, y, i2, x2, s2) = (
                k.new_var("j", int),
                k.new_var("y", int),
                k.new_var("i", int),
                k.new_var("x", int),
                k.new_var("s", int),
            );
            let value = element(&mut k, i2);
            let pivot = GExpr::read(pivots, GExpr::Var(s2));
            let mut test = GExpr::binary(op, Scalar::Int, GExpr::Var(x2), pivot);
            if reads_element {
                let small = GExpr::binary(BinaryOp::Lt, Scalar::Int, GExpr::Var(y), GExpr::int(500));
                test = GExpr::binary(BinaryOp::And, Scalar::Bool, test, small);
            }
            let body = GExpr::let_(
                vec![i2],
                GExpr::Var(j),
                GExpr::let_(
                    vec![x2],
                    value,
                    GExpr::let_(vec![s2], GExpr::SegmentOf { offsets: os, index: Box::new(GExpr::Var(i2)) }, test),
                ),
            );
            let pred = Thunk { params: vec![j, y], body };
            let results = vec![k.new_var("kept", ints), k.new_var("values", ints), k.new_var("counts", ints)];
            k.results.extend(&results[1..]);
            k.body.push(SoacBinding {
                results,
                soac: Soac::Filter { size: GExpr::Var(n), pull, pred, before: Some(os) },
            });
        }
        k
    }

    struct Lcg(u64);
    impl Lcg {
        fn below(&mut self, n: u64) -> i64 {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((self.0 >> 33) % n.max(1)) as i64
        }
    }

    /// Arguments: segments of `lengths` (flat positions), each a window
    /// of `xs` at a random start, one pivot per segment.
    fn arguments(lengths: &[i64], rng: &mut Lcg) -> Vec<FlatValue> {
        let (mut os, mut starts, mut pivots, mut at) = (vec![], vec![], vec![], 0);
        let xs: Vec<i64> = (0..2000).map(|_| rng.below(1000)).collect();
        for l in lengths {
            os.push(at);
            starts.push(rng.below((2000 - l).max(1) as u64));
            pivots.push(rng.below(1000));
            at += l;
        }
        vec![
            FlatValue::Array(ArrayValue::ints(os)),
            FlatValue::Array(ArrayValue::ints(starts)),
            FlatValue::Array(ArrayValue::ints(xs)),
            FlatValue::Array(ArrayValue::ints(pivots)),
            FlatValue::Scalar(ScalarValue::Int(at)),
        ]
    }

    fn shapes(rng: &mut Lcg) -> Vec<Vec<i64>> {
        let mut shapes = vec![vec![0], vec![1], vec![1500], vec![0, 0, 0], vec![0, 7, 0, 0, 3], vec![1; 41]];
        for _ in 0..20 {
            let n = 1 + rng.below(30) as usize;
            shapes.push((0..n).map(|_| if rng.below(3) == 0 { 0 } else { rng.below(40) }).collect());
        }
        shapes
    }

    fn rewrite(kernel: &mut Kernel) -> usize {
        (0..kernel.body.len()).filter(|&i| share_in_filter(kernel, i).is_some()).count()
    }

    #[test]
    fn the_predicate_searches_no_more_and_keeps_every_answer() {
        let mut rng = Lcg(10);
        for (count, reads_element) in [(1, false), (3, false), (3, true)] {
            let before = level_kernel(count, reads_element);
            let mut after = before.clone();
            assert_eq!(rewrite(&mut after), count);
            let printed = flatten::ir::print::print_kernel(&after);
            assert_eq!(printed.matches("segment_of(").count(), count, "{printed}");
            for binding in &after.body {
                let Soac::Filter { pred, .. } = &binding.soac else { unreachable!() };
                assert_eq!(pred.params.len(), 2, "{printed}");
            }
            for lengths in shapes(&mut rng) {
                let args = arguments(&lengths, &mut rng);
                let expected = evaluate(&before, &args).expect("the test kernel runs");
                let got = evaluate(&after, &args).expect("the rewritten kernel runs");
                assert_eq!(got, expected, "lengths {lengths:?}\n{printed}");
            }
        }
    }

    #[test]
    fn filters_of_one_pull_stay_one_group() {
        let mut program = crate::rules::test_support::program_of(&level_kernel(3, false));
        let firings = super::share_pull_in_predicates(&mut program);
        assert_eq!(firings.len(), 3, "{firings:?}");
        assert_eq!(crate::shared_traversals::filter_groups(&program.kernels[0]), vec![vec![0, 1, 2]]);
    }

    #[test]
    fn a_count_only_filter_is_left_alone() {
        let mut kernel = level_kernel(1, false);
        kernel.results.clear();
        assert_eq!(rewrite(&mut kernel), 0);
    }
}
