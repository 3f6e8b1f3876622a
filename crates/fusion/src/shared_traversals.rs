//! Which SOACs of a fused kernel share one traversal of their index space
//! when lowered: the fusion stage's horizontal rules that need no new SOAC.
//!
//! - **`horizontal-filters`**: FILTERs of one kernel over one size whose
//!   pulls are alpha-equivalent ([`alpha_equivalent`]) and read only the
//!   kernel's parameters ([`filter_groups`]). Fusion puts such FILTERs in
//!   one kernel as horizontal candidates of the PDG (they share their
//!   input arrays, so the ILP weighs the pair `N²`); lowered
//!   (`lift_ir::lower`, `filters-lookback`), each element is pulled once,
//!   every filter's flag computed from it, the counts scanned together by
//!   one look-back, and each filter writes its own result. Quicksort's
//!   `x < pivot`, `x == pivot`, `x > pivot` of one segmented `s`; a lifted
//!   conditional's then- and else-instances. [`crate::traffic`] counts a
//!   group's pull once.
//! - **`map-scan-horizontal`**: a MAP and a SCAN of one size
//!   ([`map_along_scan`]): the map's values are computed and written where
//!   the look-back scan loads its tile (`Lookback::along` in `lift_ir`),
//!   one launch instead of two (a segment descriptor's lengths and their
//!   offsets); each MAP with a SCAN of its own.
//! - **`lookback-horizontal`**: every exact SCAN and REDUCE (no float
//!   component: a look-back combines tiles in an order that depends on
//!   timing), every FILTER, and every MAP of one size
//!   ([`lookback_groups`]), where at least two of them need a carry
//!   between tiles (a SCAN, a REDUCE, a group of FILTERs of one pull):
//!   one look-back pass whose carry is the tuple of their carries (a
//!   filter's is its count), each element of each pull read once. A
//!   recursion level's descriptor: the then-instances' rank, the filters
//!   of the then- and else-instances and the two branches' element
//!   totals, four launches, become one. The groups take their members
//!   from the two rules above.
//!
//! The flat kernel is unchanged (its SOACs keep their meaning, checked by
//! the flat evaluator); a group is a property of its SOACs, found again
//! by the lowering.

use std::collections::HashMap;

use flatten::ir::{GExpr, KVar, Kernel, Soac, Thunk};

/// The groups of SOACs of `kernel` lowered as one look-back pass
/// (`lookback-horizontal`, see the module doc): body indices, in order;
/// each SOAC of the group reads only the kernel's parameters (so that all
/// may run at the first's place) and has one parameter of its pull (the
/// position). A group holds at least two of: a SCAN, a REDUCE, FILTERs of
/// alpha-equivalent pulls (as [`filter_groups`] groups them).
pub fn lookback_groups(kernel: &Kernel) -> Vec<Vec<usize>> {
    let reads_params_only = |t: &Thunk| thunk_free_vars(t).iter().all(|v| kernel.params.contains(v));
    let is_exact = |results: &[KVar]| results.iter().all(|v| kernel.var(*v).ty.scalar() != flatten::ir::Scalar::Float);
    // (size, members)
    let mut groups: Vec<(&GExpr, Vec<usize>)> = Vec::new();
    for (index, b) in kernel.body.iter().enumerate() {
        let (size, thunks): (&GExpr, Vec<&Thunk>) = match &b.soac {
            Soac::Scan { size, pull, op, .. } | Soac::Reduce { size, pull, op, .. } if is_exact(&b.results) => {
                (size, vec![pull, op])
            }
            Soac::Filter { size, pull, pred, .. } => (size, vec![pull, pred]),
            Soac::Map { size, pull } => (size, vec![pull]),
            _ => continue,
        };
        if b.results.is_empty() || thunks[0].params.len() != 1 || !thunks.iter().all(|t| reads_params_only(t)) {
            continue;
        }
        match groups.iter_mut().find(|(s, _)| *s == size) {
            Some((_, members)) => members.push(index),
            None => groups.push((size, vec![index])),
        }
    }
    let carried = |members: &[usize]| {
        let mut filter_pulls: Vec<&Thunk> = Vec::new();
        let mut count = 0;
        for &m in members {
            match &kernel.body[m].soac {
                Soac::Scan { .. } | Soac::Reduce { .. } => count += 1,
                Soac::Filter { pull, .. } if !filter_pulls.iter().any(|p| alpha_equivalent(p, pull)) => {
                    filter_pulls.push(pull);
                    count += 1;
                }
                _ => {}
            }
        }
        count
    };
    groups.into_iter().map(|(_, members)| members).filter(|m| carried(m) >= 2).collect()
}

/// The groups of FILTERs of `kernel` lowered as one stage : body indices, first the group's first; each of
/// at least two filters of one size whose pulls are alpha-equivalent and
/// whose thunks read only the kernel's parameters (no SOAC's result, so
/// the later filters may run at the first's place).
pub fn filter_groups(kernel: &Kernel) -> Vec<Vec<usize>> {
    let reads_params_only = |t: &Thunk| thunk_free_vars(t).iter().all(|v| kernel.params.contains(v));
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (index, binding) in kernel.body.iter().enumerate() {
        let Soac::Filter { size, pull, pred, before } = &binding.soac else { continue };
        if !reads_params_only(pull) || !reads_params_only(pred) || binding.results.is_empty() {
            continue;
        }
        let joins = groups.iter_mut().find(|g| match &kernel.body[g[0]].soac {
            Soac::Filter { size: s0, pull: p0, before: b0, .. } => {
                s0 == size
                    && b0.is_some() == before.is_some()
                    && kernel.body[g[0]].results.len() == binding.results.len()
                    && alpha_equivalent(p0, pull)
            }
            _ => false,
        });
        match joins {
            Some(g) => g.push(index),
            None => groups.push(vec![index]),
        }
    }
    groups.retain(|g| g.len() > 1);
    groups
}

/// The variables `t` reads that it does not bind (its parameters, its
/// `let`s and loops bind variables of their own, see [`Thunk`]).
pub fn thunk_free_vars(t: &Thunk) -> Vec<KVar> {
    fn walk(e: &GExpr, bound: &mut Vec<KVar>, free: &mut Vec<KVar>) {
        match e {
            GExpr::Var(v) | GExpr::Length(v) => free.push(*v),
            GExpr::Read { array, .. } => free.push(*array),
            GExpr::SegmentOf { offsets, .. } => free.push(*offsets),
            GExpr::ParseNumber { chars, .. } => free.push(*chars),
            GExpr::Let { vars, .. } | GExpr::Loop { vars, .. } => bound.extend(vars),
            _ => {}
        }
        e.for_each_child(|c| walk(c, bound, free));
    }
    let (mut bound, mut free) = (t.params.clone(), Vec::new());
    walk(&t.body, &mut bound, &mut free);
    free.retain(|v| !bound.contains(v));
    free
}

/// Whether two thunks compute the same function: equal up to the names
/// of the variables each binds (every variable is bound once in a
/// kernel, so a binder of `a` maps to one of `b` for good).
pub fn alpha_equivalent(a: &Thunk, b: &Thunk) -> bool {
    fn same_var(map: &HashMap<KVar, KVar>, x: KVar, y: KVar) -> bool {
        map.get(&x).map_or(x == y, |m| *m == y)
    }
    fn bind(map: &mut HashMap<KVar, KVar>, xs: &[KVar], ys: &[KVar]) -> bool {
        xs.len() == ys.len() && {
            map.extend(xs.iter().copied().zip(ys.iter().copied()));
            true
        }
    }
    fn eq(a: &GExpr, b: &GExpr, map: &mut HashMap<KVar, KVar>) -> bool {
        use GExpr as G;
        match (a, b) {
            (G::Var(x), G::Var(y)) | (G::Length(x), G::Length(y)) => same_var(map, *x, *y),
            (G::Const(x), G::Const(y)) => x == y,
            (G::Read { array: x, index: i }, G::Read { array: y, index: j }) => same_var(map, *x, *y) && eq(i, j, map),
            (G::SegmentOf { offsets: x, index: i }, G::SegmentOf { offsets: y, index: j }) => {
                same_var(map, *x, *y) && eq(i, j, map)
            }
            (
                G::ParseNumber { ty, flag, chars, start, length },
                G::ParseNumber { ty: ty2, flag: flag2, chars: chars2, start: start2, length: length2 },
            ) => {
                ty == ty2
                    && flag == flag2
                    && same_var(map, *chars, *chars2)
                    && eq(start, start2, map)
                    && eq(length, length2, map)
            }
            (G::Unary { op, ty, arg }, G::Unary { op: op2, ty: ty2, arg: arg2 }) => {
                op == op2 && ty == ty2 && eq(arg, arg2, map)
            }
            (G::Binary { op, ty, lhs, rhs }, G::Binary { op: op2, ty: ty2, lhs: lhs2, rhs: rhs2 }) => {
                op == op2 && ty == ty2 && eq(lhs, lhs2, map) && eq(rhs, rhs2, map)
            }
            (
                G::If { cond, then_branch, else_branch },
                G::If { cond: cond2, then_branch: then2, else_branch: else2 },
            ) => eq(cond, cond2, map) && eq(then_branch, then2, map) && eq(else_branch, else2, map),
            (G::Let { vars, value, body }, G::Let { vars: vars2, value: value2, body: body2 }) => {
                eq(value, value2, map) && bind(map, vars, vars2) && eq(body, body2, map)
            }
            (G::Tuple(xs), G::Tuple(ys)) => xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| eq(x, y, map)),
            (
                G::Assert { cond, site, payload, body },
                G::Assert { cond: cond2, site: site2, payload: payload2, body: body2 },
            ) => {
                site == site2
                    && payload.len() == payload2.len()
                    && eq(cond, cond2, map)
                    && payload.iter().zip(payload2).all(|(x, y)| eq(x, y, map))
                    && eq(body, body2, map)
            }
            (
                G::Loop { vars, init, cond, step, result },
                G::Loop { vars: vars2, init: init2, cond: cond2, step: step2, result: result2 },
            ) => {
                init.len() == init2.len()
                    && init.iter().zip(init2).all(|(x, y)| eq(x, y, map))
                    && bind(map, vars, vars2)
                    && eq(cond, cond2, map)
                    && eq(step, step2, map)
                    && eq(result, result2, map)
            }
            _ => false,
        }
    }
    let mut map = HashMap::new();
    bind(&mut map, &a.params, &b.params) && eq(&a.body, &b.body, &mut map)
}

/// The MAPs and SCANs of `kernel` lowered as one stage each pair, the
/// map along the scan (`map-scan-horizontal`, see the module doc): body
/// indices `(map, scan)`, each MAP of one result or more paired with the
/// first SCAN of its size not paired yet, both reading only the kernel's
/// parameters. (Quicksort's level: the equal parts' lengths along the
/// scan of the three parts' lengths, and the next level's lengths along
/// their scan.)
pub fn map_along_scan(kernel: &Kernel) -> Vec<(usize, usize)> {
    let reads_params_only = |t: &Thunk| thunk_free_vars(t).iter().all(|v| kernel.params.contains(v));
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for (map, b) in kernel.body.iter().enumerate() {
        let Soac::Map { size: map_size, pull } = &b.soac else { continue };
        if b.results.is_empty() || pull.params.len() != 1 || !reads_params_only(pull) {
            continue;
        }
        let scan = kernel.body.iter().enumerate().position(|(i, b)| match &b.soac {
            Soac::Scan { size, pull, op, .. } => {
                size == map_size
                    && reads_params_only(pull)
                    && reads_params_only(op)
                    && !pairs.iter().any(|(_, s)| *s == i)
            }
            _ => false,
        });
        if let Some(scan) = scan {
            pairs.push((map, scan));
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use flatten::ir::{BinaryOp, Scalar, SoacBinding, VarType};

    use super::*;

    /// A kernel over `xs`, `ys` (ints) and `p` (an int).
    fn kernel() -> (Kernel, KVar, KVar, KVar) {
        let mut k = Kernel { name: "k".into(), params: vec![], body: vec![], results: vec![], vars: vec![] };
        let xs = k.new_var("xs", VarType::Array(Scalar::Int));
        let ys = k.new_var("ys", VarType::Array(Scalar::Int));
        let p = k.new_var("p", VarType::Scalar(Scalar::Int));
        k.params = vec![xs, ys, p];
        (k, xs, ys, p)
    }

    /// `{ i => let t = a[i] in t + 1 }`, fresh variables each time.
    fn pull(k: &mut Kernel, a: KVar) -> Thunk {
        let (i, t) = (k.new_var("i", VarType::Scalar(Scalar::Int)), k.new_var("t", VarType::Scalar(Scalar::Int)));
        let body = GExpr::let_(
            vec![t],
            GExpr::read(a, GExpr::var(i)),
            GExpr::binary(BinaryOp::Add, Scalar::Int, GExpr::var(t), GExpr::int(1)),
        );
        Thunk { params: vec![i], body }
    }

    /// `{ x => x < bound }`.
    fn pred(k: &mut Kernel, bound: GExpr) -> Thunk {
        let x = k.new_var("x", VarType::Scalar(Scalar::Int));
        Thunk { params: vec![x], body: GExpr::binary(BinaryOp::Lt, Scalar::Int, GExpr::var(x), bound) }
    }

    fn filter(k: &mut Kernel, a: KVar, bound: GExpr) {
        let (pull, pred) = (pull(k, a), pred(k, bound));
        let r = k.new_var("r", VarType::Array(Scalar::Int));
        k.body.push(SoacBinding {
            results: vec![r],
            soac: Soac::Filter { size: GExpr::Length(a), pull, pred, before: None },
        });
    }

    #[test]
    fn pulls_alike_but_for_their_variables_are_alpha_equivalent() {
        let (mut k, xs, ys, _) = kernel();
        let (a, b, c) = (pull(&mut k, xs), pull(&mut k, xs), pull(&mut k, ys));
        assert!(alpha_equivalent(&a, &b));
        assert!(!alpha_equivalent(&a, &c), "a free variable is itself");
        // A bound variable maps to its own counterpart only.
        let swapped = Thunk { params: a.params.clone(), body: GExpr::read(xs, GExpr::var(b.params[0])) };
        let own = Thunk { params: a.params.clone(), body: GExpr::read(xs, GExpr::var(a.params[0])) };
        assert!(!alpha_equivalent(&swapped, &own));
        assert_eq!(thunk_free_vars(&a), vec![xs]);
    }

    #[test]
    fn filters_of_one_pull_form_a_group_and_others_do_not() {
        let (mut k, xs, ys, p) = kernel();
        filter(&mut k, xs, GExpr::var(p));
        filter(&mut k, ys, GExpr::var(p));
        filter(&mut k, xs, GExpr::int(3));
        filter(&mut k, xs, GExpr::Length(ys));
        assert_eq!(filter_groups(&k), vec![vec![0, 2, 3]]);
        // A predicate reading a SOAC's result stays alone.
        let (mut k, xs, _, _) = kernel();
        filter(&mut k, xs, GExpr::int(0));
        let s = k.new_var("s", VarType::Scalar(Scalar::Int));
        filter(&mut k, xs, GExpr::var(s));
        assert!(filter_groups(&k).is_empty());
    }

    #[test]
    fn a_map_rides_on_the_scan_of_its_size() {
        let (mut k, xs, ys, _) = kernel();
        let (m, r) = (k.new_var("m", VarType::Array(Scalar::Int)), k.new_var("r", VarType::Array(Scalar::Int)));
        let map_pull = pull(&mut k, ys);
        let scan_pull = pull(&mut k, xs);
        let (a, b) = (k.new_var("a", VarType::Scalar(Scalar::Int)), k.new_var("b", VarType::Scalar(Scalar::Int)));
        let op =
            Thunk { params: vec![a, b], body: GExpr::binary(BinaryOp::Add, Scalar::Int, GExpr::var(a), GExpr::var(b)) };
        k.body.push(SoacBinding { results: vec![m], soac: Soac::Map { size: GExpr::Length(xs), pull: map_pull } });
        k.body.push(SoacBinding {
            results: vec![r],
            soac: Soac::Scan {
                size: GExpr::Length(xs),
                pull: scan_pull,
                neutral: vec![flatten::ir::Const::Int(0)],
                op,
            },
        });
        assert_eq!(map_along_scan(&k), vec![(0, 1)]);
        // Not over another size.
        if let Soac::Scan { size, .. } = &mut k.body[1].soac {
            *size = GExpr::Length(ys);
        }
        assert!(map_along_scan(&k).is_empty());
    }

    /// A SCAN (or REDUCE) of `xs`'s size with `+` over ints or floats.
    fn plus(k: &mut Kernel, a: KVar, scalar: Scalar, reduce: bool) {
        let p = pull(k, a);
        let (x, y) = (k.new_var("a", VarType::Scalar(scalar)), k.new_var("b", VarType::Scalar(scalar)));
        let op = Thunk { params: vec![x, y], body: GExpr::binary(BinaryOp::Add, scalar, GExpr::var(x), GExpr::var(y)) };
        let zero = if scalar == Scalar::Int { flatten::ir::Const::Int(0) } else { flatten::ir::Const::Float(0.0) };
        let (size, neutral) = (GExpr::Length(a), vec![zero]);
        let (results, soac) = if reduce {
            (vec![k.new_var("s", VarType::Scalar(scalar))], Soac::Reduce { size, pull: p, neutral, op })
        } else {
            (vec![k.new_var("r", VarType::Array(scalar))], Soac::Scan { size, pull: p, neutral, op })
        };
        k.body.push(SoacBinding { results, soac });
    }

    #[test]
    fn scans_reductions_filters_and_maps_of_one_size_make_a_traversal() {
        let (mut k, xs, ys, p) = kernel();
        plus(&mut k, xs, Scalar::Int, false);
        filter(&mut k, xs, GExpr::var(p));
        filter(&mut k, ys, GExpr::var(p));
        plus(&mut k, xs, Scalar::Int, true);
        let m = k.new_var("m", VarType::Array(Scalar::Int));
        let map_pull = pull(&mut k, ys);
        k.body.push(SoacBinding { results: vec![m], soac: Soac::Map { size: GExpr::Length(xs), pull: map_pull } });
        // A float reduction is not exact: left out.
        plus(&mut k, xs, Scalar::Float, true);
        assert_eq!(lookback_groups(&k), vec![vec![0, 1, 3, 4]]);
        // Filters of one pull alone carry once: `filter_groups`' case.
        let (mut k, xs, _, p) = kernel();
        filter(&mut k, xs, GExpr::var(p));
        filter(&mut k, xs, GExpr::int(3));
        assert!(lookback_groups(&k).is_empty());
        // A map along a scan: `map_along_scan`'s.
        let (mut k, xs, _, _) = kernel();
        plus(&mut k, xs, Scalar::Int, false);
        let m = k.new_var("m", VarType::Array(Scalar::Int));
        let map_pull = pull(&mut k, xs);
        k.body.push(SoacBinding { results: vec![m], soac: Soac::Map { size: GExpr::Length(xs), pull: map_pull } });
        assert!(lookback_groups(&k).is_empty());
        // Two filters of other pulls carry twice.
        let (mut k, xs, _, p) = kernel();
        filter(&mut k, xs, GExpr::var(p));
        filter(&mut k, xs, GExpr::var(p));
        let last = k.body.len() - 1;
        if let Soac::Filter { pull, .. } = &mut k.body[last].soac {
            pull.body = GExpr::var(pull.params[0]);
        }
        assert_eq!(lookback_groups(&k), vec![vec![0, 1]]);
    }
}
