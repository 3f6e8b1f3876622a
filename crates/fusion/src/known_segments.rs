//! `segment-of-known-start`: a search `segment_of(offsets, p)` whose
//! position is, on the path that reaches it, `offsets[r] + w` first checks
//! whether `r` is the answer (two loads) and searches only where it is not.

// Note [known segment starts]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~
// A gather one level down (flatten's `gather.rs`) finds the source of
// flat position p as `offsets[r] + (p - new_offsets[s])`: the start of the
// source segment `r` plus p's place in its own segment `s`. When fusion
// puts a producer that searches the same `offsets` for its own position
// into such a consumer (`each-once-gather`, note [each-once gathers]:
// quicksort's `++` of a level inside the merge of the level's branches),
// the producer's search runs at that position:
//
//   let q = (if f then starts[r] else offsets[r]) + (p - new_offsets[s]) in
//   if f then xs[q] else ... segment_of(offsets, q) ...
//
// and its answer is `r` whenever `q` lies inside segment `r`, which the
// route guarantees (segment `s` of the result has segment `r`'s length),
// but which nothing here proves. So the rewrite does not rely on it: it
// checks it. For a position `q` and a candidate `r`,
//
//   segment_of(offsets, q)
//     = if 0 <= r < #offsets and offsets[r] <= q
//          and (r + 1 == #offsets or q < offsets[r + 1])
//       then r else segment_of(offsets, q)
//
// holds for any `q` and `r`: offsets are nondecreasing (note [segment
// descriptors]), so a segment `r` that contains `q` is the last one whose
// offset is <= q, which is what `SegmentOf` returns. The candidate only
// has to be found: `q` resolved through single-variable `let`s and
// through `if`s whose condition is known on the path from the enclosing
// branches (the same expression, or its `not`, as the condition of a
// branch the path is in: the variables a condition reads are bound once,
// so it has one value wherever it is in scope; a loop's variables change
// between iterations, but a branch and what is inside it are evaluated
// in one), to `offsets[r] + w` or `w +
// offsets[r]` with `r` a variable (in scope at the search, since the read
// was). The checks are nested `if`s, so `offsets[r + 1]` is read only in
// range. Where the route holds (always, in the gathers flattening builds)
// the search is never run: two cached loads of the offsets replace
// ⌈log2 #offsets⌉ dependent ones per element. On the H100 (quicksort of
// 10^7 ints, `--stats`), the fused gather of the way up took 4.35 ms
// where the `++` and the merge it replaces took 5.90 ms (the fused gather
// without this rule streamed at a third of their rate).
//
// The rewrite runs once on the final kernels (after the rules, before
// `length_only_results`), and never on the search it leaves in the
// fallback branch. Positions that are not a variable or a constant are
// left alone (the check would compute them twice).

use std::collections::HashMap;

use flatten::ir::{BinaryOp, Const, FlatProgram, GExpr, KVar, Scalar, UnaryOp};

use crate::gexpr::map_exprs;

/// The rule's name, as firings report it.
pub const SEGMENT_OF_KNOWN_START: &str = "segment-of-known-start";

/// Applies `segment-of-known-start` to every expression of every kernel
/// of `program`; returns one line per firing (`segment-of-known-start in
/// K: segment_of(offsets, ...) checks segment r first`).
pub fn segment_of_known_start(program: &mut FlatProgram) -> Vec<String> {
    let mut firings = Vec::new();
    for kernel in &mut program.kernels {
        let names: Vec<String> = kernel.vars.iter().map(|v| v.name.clone()).collect();
        let kernel_name = kernel.name.clone();
        for binding in &mut kernel.body {
            map_exprs(&mut binding.soac, |_, expr| {
                let mut expr = expr.clone();
                let mut path = PathFacts::default();
                let mut fired = Vec::new();
                rewrite(&mut expr, &mut path, &mut fired);
                for (offsets, r) in fired {
                    firings.push(format!(
                        "{SEGMENT_OF_KNOWN_START} in {kernel_name}: segment_of({}, ...) checks segment {} first",
                        names[offsets.0 as usize], names[r.0 as usize]
                    ));
                }
                expr
            });
        }
    }
    firings
}

/// What holds at a point of an expression: the single-variable `let`s in
/// scope, and the bool variables whose value the enclosing branches fix.
#[derive(Default)]
struct PathFacts {
    lets: HashMap<KVar, GExpr>,
    /// Conditions of the enclosing branches, with the side taken.
    known: Vec<(GExpr, bool)>,
}

impl PathFacts {
    /// The value of `cond` on this path, where the enclosing branches fix
    /// it.
    fn value_of(&self, cond: &GExpr) -> Option<bool> {
        if let Some((_, taken)) = self.known.iter().rev().find(|(c, _)| c == cond) {
            return Some(*taken);
        }
        match cond {
            GExpr::Unary { op: UnaryOp::Not, arg, .. } => self.value_of(arg).map(|v| !v),
            _ => None,
        }
    }
}

/// Rewrites the searches of `expr` in place (top-down, so that the facts
/// of the enclosing `let`s and `if`s are known); `fired` gets (offsets,
/// candidate) per rewrite.
fn rewrite(expr: &mut GExpr, path: &mut PathFacts, fired: &mut Vec<(KVar, KVar)>) {
    match expr {
        GExpr::Let { vars, value, body } => {
            rewrite(value, path, fired);
            let bound = if let [v] = vars[..] {
                path.lets.insert(v, (**value).clone());
                Some(v)
            } else {
                None
            };
            rewrite(body, path, fired);
            if let Some(v) = bound {
                path.lets.remove(&v);
            }
        }
        GExpr::If { cond, then_branch, else_branch } => {
            rewrite(cond, path, fired);
            for (branch, taken) in [(then_branch, true), (else_branch, false)] {
                let depth = path.known.len();
                path.known.push(((**cond).clone(), taken));
                if let GExpr::Unary { op: UnaryOp::Not, arg, .. } = &**cond {
                    path.known.push(((**arg).clone(), !taken));
                }
                rewrite(branch, path, fired);
                path.known.truncate(depth);
            }
        }
        GExpr::SegmentOf { offsets, index } => {
            rewrite(index, path, fired);
            let offsets = *offsets;
            if !matches!(**index, GExpr::Var(_) | GExpr::Const(_)) {
                return;
            }
            if let Some(r) = start_read(index, offsets, path, 0, true) {
                let position = (**index).clone();
                *expr = checked_search(offsets, position, r);
                fired.push((offsets, r));
            }
        }
        _ => expr.for_each_child_mut(|c| rewrite(c, path, fired)),
    }
}

/// How many `let`s and `if`s a resolution follows at most.
const RESOLVE_DEPTH: usize = 16;

/// The candidate `r` where `expr` is, on this path, `offsets[r] + w` (or
/// `w + offsets[r]`) when `sum` holds, or `offsets[r]` itself when it does
/// not.
fn start_read(expr: &GExpr, offsets: KVar, path: &PathFacts, depth: usize, sum: bool) -> Option<KVar> {
    if depth > RESOLVE_DEPTH {
        return None;
    }
    match expr {
        GExpr::Var(v) => start_read(path.lets.get(v)?, offsets, path, depth + 1, sum),
        GExpr::If { cond, then_branch, else_branch } => {
            let branch = if path.value_of(cond)? { then_branch } else { else_branch };
            start_read(branch, offsets, path, depth + 1, sum)
        }
        GExpr::Binary { op: BinaryOp::Add, ty: Scalar::Int, lhs, rhs } if sum => {
            start_read(lhs, offsets, path, depth + 1, false)
                .or_else(|| start_read(rhs, offsets, path, depth + 1, false))
        }
        GExpr::Read { array, index } if !sum && *array == offsets => match **index {
            GExpr::Var(r) => Some(r),
            _ => None,
        },
        _ => None,
    }
}

/// `segment_of(offsets, position)`, checking segment `r` first (note
/// [known segment starts]).
fn checked_search(offsets: KVar, position: GExpr, r: KVar) -> GExpr {
    let int_cmp = |op, a, b| GExpr::binary(op, Scalar::Int, a, b);
    let next = int_cmp(BinaryOp::Add, GExpr::Var(r), GExpr::int(1));
    let before_next = GExpr::if_(
        int_cmp(BinaryOp::Lt, next.clone(), GExpr::Length(offsets)),
        int_cmp(BinaryOp::Lt, position.clone(), GExpr::read(offsets, next)),
        GExpr::Const(Const::Bool(true)),
    );
    let no = || GExpr::Const(Const::Bool(false));
    let inside =
        GExpr::if_(int_cmp(BinaryOp::Le, GExpr::read(offsets, GExpr::Var(r)), position.clone()), before_next, no());
    let in_range = GExpr::if_(
        int_cmp(BinaryOp::Le, GExpr::int(0), GExpr::Var(r)),
        GExpr::if_(int_cmp(BinaryOp::Lt, GExpr::Var(r), GExpr::Length(offsets)), inside, no()),
        no(),
    );
    GExpr::if_(in_range, GExpr::Var(r), GExpr::SegmentOf { offsets, index: Box::new(position) })
}

#[cfg(test)]
mod tests {
    use flatten::eval::{ArrayValue, FlatValue};
    use flatten::ir::{BinaryOp, Const, GExpr, Kernel, Scalar, Soac, SoacBinding, Thunk, UnaryOp, VarType};

    use super::{PathFacts, rewrite};
    use crate::rules::test_support::evaluate;

    /// The shape of a fused gather one level down (note [known segment
    /// starts]): `MAP { p => let f = fs[p] in let r = rs[p] in let q =
    /// (if f then starts[r] else os[r]) + ws[p] in if f' then q else let x
    /// = q in segment_of(os, x) }`, `f'` being `f` (or `not(f)` with the
    /// branches swapped) where `guarded`, else a flag the path knows
    /// nothing about. `by_expression`: `f` is not a variable but the
    /// expression `fs[p] == true`, written out at both places.
    fn gather_kernel(guarded: bool, negated: bool, by_expression: bool) -> Kernel {
        let mut k = Kernel { name: "k".into(), params: vec![], body: vec![], results: vec![], vars: vec![] };
        let int_array = VarType::Array(Scalar::Int);
        let os = k.new_var("os", int_array);
        let starts = k.new_var("starts", int_array);
        let fs = k.new_var("fs", VarType::Array(Scalar::Bool));
        let gs = k.new_var("gs", VarType::Array(Scalar::Bool));
        let rs = k.new_var("rs", int_array);
        let ws = k.new_var("ws", int_array);
        k.params = vec![os, starts, fs, gs, rs, ws];
        let int = VarType::Scalar(Scalar::Int);
        let (p, r, q, x) = (k.new_var("p", int), k.new_var("r", int), k.new_var("q", int), k.new_var("x", int));
        let f = k.new_var("f", VarType::Scalar(Scalar::Bool));
        let out = k.new_var("out", int_array);
        let f_expr = if by_expression {
            let flag = GExpr::read(fs, GExpr::Var(p));
            GExpr::binary(BinaryOp::Eq, Scalar::Bool, flag, GExpr::Const(Const::Bool(true)))
        } else {
            GExpr::Var(f)
        };
        let start = GExpr::if_(f_expr.clone(), GExpr::read(starts, GExpr::Var(r)), GExpr::read(os, GExpr::Var(r)));
        let q_value = GExpr::binary(BinaryOp::Add, Scalar::Int, start, GExpr::read(ws, GExpr::Var(p)));
        let search =
            GExpr::let_(vec![x], GExpr::Var(q), GExpr::SegmentOf { offsets: os, index: Box::new(GExpr::Var(x)) });
        let flag = if guarded { f_expr } else { GExpr::read(gs, GExpr::Var(p)) };
        let choice = if negated {
            GExpr::if_(GExpr::unary(UnaryOp::Not, Scalar::Bool, flag), search, GExpr::Var(q))
        } else {
            GExpr::if_(flag, GExpr::Var(q), search)
        };
        let body = GExpr::let_(
            vec![f],
            GExpr::read(fs, GExpr::Var(p)),
            GExpr::let_(vec![r], GExpr::read(rs, GExpr::Var(p)), GExpr::let_(vec![q], q_value, choice)),
        );
        let size = GExpr::Length(rs);
        k.body
            .push(SoacBinding { results: vec![out], soac: Soac::Map { size, pull: Thunk { params: vec![p], body } } });
        k.results = vec![out];
        k
    }

    /// Rewrites every expression of the kernel; the firings.
    fn rewrite_kernel(kernel: &mut Kernel) -> usize {
        let mut count = 0;
        for binding in &mut kernel.body {
            crate::gexpr::map_exprs(&mut binding.soac, |_, expr| {
                let mut expr = expr.clone();
                let mut fired = Vec::new();
                rewrite(&mut expr, &mut PathFacts::default(), &mut fired);
                count += fired.len();
                expr
            });
        }
        count
    }

    /// A small deterministic generator (no dependency for tests).
    struct Lcg(u64);
    impl Lcg {
        fn below(&mut self, n: u64) -> i64 {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((self.0 >> 33) % n.max(1)) as i64
        }
    }

    /// Offsets of `lengths`, arguments for `count` positions: candidates
    /// `r` in range, places `w` inside segment `r` mostly and outside it
    /// (before, past its end) sometimes, so both the check and the search
    /// it falls back to run.
    fn arguments(lengths: &[i64], count: usize, rng: &mut Lcg) -> Vec<FlatValue> {
        let mut offsets = Vec::new();
        let mut at = 0;
        for l in lengths {
            offsets.push(at);
            at += l;
        }
        let n = offsets.len() as u64;
        let (mut fs, mut gs, mut rs, mut ws) = (vec![], vec![], vec![], vec![]);
        for _ in 0..count {
            let r = rng.below(n);
            let len = lengths[r as usize];
            let before = offsets[r as usize].min(2);
            let w = rng.below((len + before + 3) as u64) - before;
            fs.push(rng.below(4) == 0);
            gs.push(rng.below(2) == 0);
            rs.push(r);
            ws.push(w);
        }
        vec![
            FlatValue::Array(ArrayValue::ints(offsets.clone())),
            FlatValue::Array(ArrayValue::ints(offsets.iter().map(|o| o + 1000).collect())),
            FlatValue::Array(ArrayValue::bools(&fs)),
            FlatValue::Array(ArrayValue::bools(&gs)),
            FlatValue::Array(ArrayValue::ints(rs)),
            FlatValue::Array(ArrayValue::ints(ws)),
        ]
    }

    fn segment_shapes(rng: &mut Lcg) -> Vec<Vec<i64>> {
        let mut shapes =
            vec![vec![0], vec![5], vec![1000], vec![0, 0, 0], vec![0, 0, 4, 0, 0], vec![3, 0, 0, 2], vec![1; 37]];
        for _ in 0..20 {
            let n = 1 + rng.below(40) as usize;
            shapes.push((0..n).map(|_| if rng.below(3) == 0 { 0 } else { rng.below(9) }).collect());
        }
        shapes
    }

    #[test]
    fn checks_the_known_segment_and_keeps_every_answer() {
        let mut rng = Lcg(2026);
        for (negated, by_expression) in [(false, false), (true, false), (false, true), (true, true)] {
            let before = gather_kernel(true, negated, by_expression);
            let mut after = before.clone();
            assert_eq!(rewrite_kernel(&mut after), 1, "{}", flatten::ir::print::print_kernel(&before));
            for lengths in segment_shapes(&mut rng) {
                let args = arguments(&lengths, 64, &mut rng);
                let expected = evaluate(&before, &args).expect("the test kernel runs");
                let got = evaluate(&after, &args).expect("the rewritten kernel runs");
                assert_eq!(got, expected, "lengths {lengths:?}\n{}", flatten::ir::print::print_kernel(&after));
            }
        }
    }

    #[test]
    fn needs_the_branch_to_be_known_on_the_path() {
        for by_expression in [false, true] {
            let mut kernel = gather_kernel(false, false, by_expression);
            assert_eq!(rewrite_kernel(&mut kernel), 0);
        }
    }

    #[test]
    fn leaves_the_fallback_search_alone() {
        let mut kernel = gather_kernel(true, false, false);
        assert_eq!(rewrite_kernel(&mut kernel), 1);
        let printed = flatten::ir::print::print_kernel(&kernel);
        assert_eq!(printed.matches("segment_of(").count(), 1, "{printed}");
        assert!(matches!(
            super::checked_search(kernel.params[0], GExpr::Const(Const::Int(0)), kernel.params[4]),
            GExpr::If { .. }
        ));
    }
}
