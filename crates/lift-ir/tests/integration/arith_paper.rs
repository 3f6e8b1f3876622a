//! The array indices of the Lift paper (Steuwer et al., CGO'17, section 5.3)
//! and the range analysis they rely on.

use std::collections::HashMap;

use lift_ir::arith::{ArithExpr, Range, Var, VarId};

fn opencl_names(var: &Var) -> String {
    var.name().to_string()
}

/// Figure 6, line 1: the read index of matrix transposition,
/// `((i / M + (i mod M) * N) / N) * N + (i / M + (i mod M) * N) mod N` with
/// `i = wg_id * M + l_id`.
fn transposition_index(wg_id: &ArithExpr, l_id: &ArithExpr, m: &ArithExpr, n: &ArithExpr) -> ArithExpr {
    let i = wg_id * m + l_id;
    let gathered = &i / m + (&i % m) * n;
    (&gathered / n) * n + &gathered % n
}

/// The paper states `wg_id` ranges over `M` and `l_id` over `N`, but its
/// index `wg_id * M + l_id` only simplifies to line 3 when `l_id < M` and
/// `wg_id < N` (the split and gather it comes from make it so); these are
/// the ranges under which Figure 6 holds.
#[test]
fn figure_6_transposition_index_simplifies_to_human_form() {
    let m = Var::new("M", Range::at_least(1));
    let n = Var::new("N", Range::at_least(1));
    let (m, n) = (ArithExpr::var(&m), ArithExpr::var(&n));
    let wg_id = ArithExpr::var(&Var::new("wg_id", Range::below(&n)));
    let l_id = ArithExpr::var(&Var::new("l_id", Range::below(&m)));

    let index = transposition_index(&wg_id, &l_id, &m, &n);

    assert_eq!(index, &l_id * &n + &wg_id);
    assert_eq!(index.to_opencl(&opencl_names), "wg_id + N * l_id");
}

/// Figure 6, line 2 to line 3 in isolation.
#[test]
fn figure_6_line_2_simplifies_to_line_3() {
    let m = ArithExpr::var(&Var::new("M", Range::at_least(1)));
    let n = ArithExpr::var(&Var::new("N", Range::at_least(1)));
    let wg_id = ArithExpr::var(&Var::new("wg_id", Range::below(&n)));
    let l_id = ArithExpr::var(&Var::new("l_id", Range::below(&m)));
    let line_2 = ((&wg_id + &l_id * &n) / &n) * &n + (&wg_id + &l_id * &n) % &n;
    assert_eq!(line_2, &l_id * &n + &wg_id);
}

/// With the ranges as the paper words them (`wg_id ∈ [0, M - 1]`,
/// `l_id ∈ [0, N - 1]`) line 3 would be wrong (M = 2, N = 3, wg_id = 0,
/// l_id = 2 gives 1, not 6). Rule (4) still removes the outer division and
/// modulo, and the result keeps the value.
#[test]
fn figure_6_with_the_papers_wording_of_ranges_stays_correct() {
    let m_var = Var::new("M", Range::at_least(1));
    let n_var = Var::new("N", Range::at_least(1));
    let (m, n) = (ArithExpr::var(&m_var), ArithExpr::var(&n_var));
    let wg_id_var = Var::new("wg_id", Range::below(&m));
    let l_id_var = Var::new("l_id", Range::below(&n));
    let (wg_id, l_id) = (ArithExpr::var(&wg_id_var), ArithExpr::var(&l_id_var));

    let index = transposition_index(&wg_id, &l_id, &m, &n);

    // i = wg_id*M + l_id: i / M = wg_id + l_id / M, i mod M = l_id mod M.
    assert_eq!(index, &wg_id + &l_id / &m + &n * (&l_id % &m));
    for (m_value, n_value) in [(2, 3), (3, 2), (4, 4), (1, 5)] {
        for wg_id_value in 0..m_value {
            for l_id_value in 0..n_value {
                let values = HashMap::from([
                    (m_var.id(), m_value),
                    (n_var.id(), n_value),
                    (wg_id_var.id(), wg_id_value),
                    (l_id_var.id(), l_id_value),
                ]);
                let env = |id: VarId| values.get(&id).copied();
                let i = wg_id_value * m_value + l_id_value;
                let gathered = i / m_value + (i % m_value) * n_value;
                let expected = (gathered / n_value) * n_value + gathered % n_value;
                assert_eq!(index.eval(&env), Some(expected));
            }
        }
    }
}

/// The dot product of section 5.3: `split 128` for work groups, `split 2`
/// for local threads, a sequential loop over the pair.
#[test]
fn dot_product_index() {
    let n = ArithExpr::var(&Var::new("N", Range::at_least(1)));
    let wg_id = ArithExpr::var(&Var::new("wg_id", Range::below(&n / 128)));
    let l_id = ArithExpr::var(&Var::new("l_id", Range::below(64)));
    let i = ArithExpr::var(&Var::new("i", Range::below(2)));

    // ArrayAccess(i) of ArrayAccess(l_id) of split 2, then ArrayAccess(wg_id) of split 128.
    let within_group = &l_id * 2 + &i;
    let index = &wg_id * 128 + &within_group;
    assert_eq!(index.to_opencl(&opencl_names), "i + 2 * l_id + 128 * wg_id");

    // Going back through the splits recovers each index.
    assert_eq!(&index / 128, wg_id);
    assert_eq!(&index % 128, within_group);
    assert_eq!(&within_group / 2, l_id);
    assert_eq!(&within_group % 2, i);
    assert_eq!((&index % 128) / 2, l_id);
}

#[test]
fn paper_range_example_mod() {
    let m = ArithExpr::var(&Var::new("M", Range::at_least(1)));
    let wg_id = ArithExpr::var(&Var::new("wg_id", Range::at_least(0)));
    let l_id = ArithExpr::var(&Var::new("l_id", Range::below(&m)));
    assert_eq!((&wg_id * &m + &l_id) % &m, l_id);
    assert_eq!((&wg_id * &m + &l_id) / &m, wg_id);
}

#[test]
fn symbolic_bounds_one_level() {
    let m = ArithExpr::var(&Var::new("M", Range::at_least(1)));
    let n = ArithExpr::var(&Var::new("N", Range::at_least(1)));
    let wg_id = ArithExpr::var(&Var::new("wg_id", Range::below(&n)));
    let l_id = ArithExpr::var(&Var::new("l_id", Range::below(&m)));

    assert_eq!(l_id.max_value(), &m - 1);
    assert_eq!(l_id.min_value(), ArithExpr::cst(0));
    assert_eq!((&wg_id * &m + &l_id).max_value(), &m * &n - 1);
    assert_eq!((&wg_id * &m + &l_id).min_value(), ArithExpr::cst(0));
    assert_eq!((&m - &l_id).const_min(), Some(1));
    assert_eq!((&m - &l_id).interval().min, None, "intervals alone lose the correlation");
    assert_eq!(l_id.is_smaller(&m), Some(true));
    assert_eq!(m.is_smaller_or_equal(&l_id), Some(false));
    assert_eq!(l_id.is_smaller(&n), None);
    assert!((&m - &l_id - 1).is_non_negative());
}

/// `i ∈ [0, n - 1]`, `n ∈ [1, m]`: comparing `i` with `m` needs two levels.
#[test]
fn chained_ranges() {
    let m = ArithExpr::var(&Var::new("m", Range::at_least(1)));
    let n = ArithExpr::var(&Var::new("n", Range::between(1, &m)));
    let i = ArithExpr::var(&Var::new("i", Range::below(&n)));
    assert_eq!(i.is_smaller(&n), Some(true));
    assert_eq!(i.is_smaller(&m), Some(true));
    assert_eq!(&i % &m, i);
    assert_eq!(&i / &n, ArithExpr::cst(0));
}

#[test]
fn eval_substitute_and_free_vars() {
    let n_var = Var::new("N", Range::at_least(1));
    let i_var = Var::new("i", Range::below(&n_var));
    let (n, i) = (ArithExpr::var(&n_var), ArithExpr::var(&i_var));
    let expr = (&i + 1) * &n - (&i % &n);

    assert_eq!(expr.free_vars().into_iter().map(|var| var.name().to_string()).collect::<Vec<_>>(), ["N", "i"]);
    let values = HashMap::from([(n_var.id(), 10), (i_var.id(), 3)]);
    assert_eq!(expr.eval(&|id| values.get(&id).copied()), Some(37));
    assert_eq!(expr.eval(&|id| (id == n_var.id()).then_some(10)), None, "unbound i");
    assert_eq!((&i / 0).eval(&|_| Some(1)), None);

    // i ↦ n - 1: the substitution is simplified again.
    let last = expr.substitute(&HashMap::from([(i_var.id(), &n - 1)]));
    assert_eq!(last, &n * &n - &n + 1);
}
