//! The rewrite rules from high-level to low-level Lift, each with a name
//! (lift-patterns-and-rules.txt, and Figure 7 of the CGO'17 paper for the
//! reduction), and the strategy that applies them to every stage.
//!
//! - `map-to-mapGlb`: `map(f) $ xs` at the top of a stage is
//!   `mapGlb(0)(toGlobal(f)) $ xs`: one work-item per element.
//! - `map-to-mapSeq`, `reduce-to-reduceSeq`: inside a work-item, `map` is a
//!   sequential loop and `reduce(f)(z, xs)` is `toGlobal(mapSeq(id)) $
//!   reduceSeq(f)(z, xs)` (the accumulator in private memory, copied out).
//! - `reduce-partial`: `reduce(f)(z, xs) = reduce(f)(z, partRed(f, G)(z, xs))`
//!   (`reduce == reduce o partialReduce`), with `G` a bounded number of
//!   work-groups.
//! - `split-kernel`: a `partRed` whose result a `reduce` consumes becomes a
//!   stage of its own, writing a temporary in global memory: work-groups
//!   cannot synchronise inside one launch.
//! - `partRed-workgroup-tree`: `partRed(f, G)(z, xs)` is, with work-groups
//!   of `L` work-items (`L` a power of two) and `C = ⌈n / (G·L)⌉`:
//!   ```text
//!   join o mapWrg(0)(join o toGlobal(mapLcl(0)(mapSeq(id))) o split(1) o
//!       iterate(log2 L)(join o mapLcl(0)(mapSeq(id) o reduceSeq(f)(z)) o split(2)) o
//!       join o toLocal(mapLcl(0)(mapSeq(id) o reduceSeq(f)(z))) o split(C))
//!     o split(L·C) o gather(reorderStride(C)) o pad(G·L·C, z) $ xs
//!   ```
//!   (`partialReduce == join o map(partialReduce) o split` twice, the
//!   inner one by a tree): each work-item reduces `C` elements into a
//!   private accumulator, reading them coalesced (work-item `t` of the
//!   grid reads `t, t + G·L, ...`, the `gather`), the work-group combines
//!   its `L` values by a tree in local memory, and work-item 0 writes the
//!   group's value to global memory.
//! - `reduce-single-workgroup`: the final `reduce(f)(z, ys)` over the
//!   partial results is `partRed(f, 1)(z, ys)`, the same tree in one
//!   work-group.

use flatten::ir::{Const, VarType};

use crate::arith::{ArithExpr, Range};
use crate::ir::{Expr, Fun, LiftKernel, SizeDef, Stage};
use crate::lower::Unsupported;

/// Work-items per work-group of a reduction (a power of two).
pub const REDUCE_GROUP_SIZE: i64 = 256;
/// At most this many work-groups in a reduction's first stage.
pub const REDUCE_MAX_GROUPS: i64 = 1024;

/// Lowers every stage of a high-level kernel to low-level Lift.
pub fn lower_to_low_level(high: &LiftKernel) -> Result<LiftKernel, Unsupported> {
    let mut low = high.clone();
    low.stages.clear();
    for stage in &high.stages {
        for new_stage in lower_stage(&mut low, stage)? {
            low.stages.push(new_stage);
        }
    }
    crate::barriers::eliminate_barriers(&mut low);
    Ok(low)
}

fn lower_stage(low: &mut LiftKernel, stage: &Stage) -> Result<Vec<Stage>, Unsupported> {
    match &stage.body {
        // reduce(f)(z, xs)
        Expr::Apply(Fun::Reduce(f), args) if args.len() == 2 => {
            let (z, xs) = (&args[0], &args[1]);
            let Expr::Value(neutral) = z else {
                return Err(Unsupported { what: "a reduction whose neutral element is not a literal".into() });
            };
            let n = low_length(low, xs)?;
            // reduce-partial
            low.rules_applied.push("reduce-partial".into());
            // At least one group and one element per work-item, so that every
            // range below is honest also for an empty input (one group then
            // reduces padding).
            let groups_def = n.clone().ceil_div(REDUCE_GROUP_SIZE).min(REDUCE_MAX_GROUPS).max(1);
            let groups = ArithExpr::var(&low.size_var(
                "groups",
                SizeDef::Derived(groups_def.clone()),
                Range::between(1, REDUCE_MAX_GROUPS),
            ));
            let chunk_def = n.clone().ceil_div(&groups * REDUCE_GROUP_SIZE).max(1);
            let chunk = ArithExpr::var(&low.size_var("chunk", SizeDef::Derived(chunk_def), Range::at_least(1)));
            let final_chunk_def = groups.clone().ceil_div(REDUCE_GROUP_SIZE);
            let final_chunk = ArithExpr::var(&low.size_var(
                "final_chunk",
                SizeDef::Derived(final_chunk_def),
                Range::between(1, (REDUCE_MAX_GROUPS + REDUCE_GROUP_SIZE - 1) / REDUCE_GROUP_SIZE),
            ));
            // split-kernel: the partial results go to temporaries.
            low.rules_applied.push("split-kernel".into());
            let mut partials = Vec::new();
            for v in &stage.result {
                let name = format!("{}_partials", low.flat.var(*v).name);
                let ty = VarType::Array(low.flat.var(*v).ty.scalar());
                let p = low.flat.new_var(name, ty);
                low.lengths.push((p, groups.clone()));
                partials.push(p);
            }
            low.rules_applied.push("partRed-workgroup-tree".into());
            let first = workgroup_tree(low, f, neutral, xs.clone(), &n, &groups, &chunk);
            // reduce-single-workgroup over the partials.
            low.rules_applied.push("reduce-single-workgroup".into());
            let ys = if partials.len() == 1 {
                Expr::Input(partials[0])
            } else {
                Expr::apply(Fun::Zip, partials.iter().map(|p| Expr::Input(*p)).collect())
            };
            let second = workgroup_tree(low, f, neutral, ys, &groups, &ArithExpr::one(), &final_chunk);
            Ok(vec![
                Stage { name: format!("{}_partial", stage.name), body: first, result: partials, scalar_result: false },
                Stage {
                    name: format!("{}_final", stage.name),
                    body: second,
                    result: stage.result.clone(),
                    scalar_result: true,
                },
            ])
        }
        // map(f) $ xs, possibly under a join.
        body => {
            let lowered = lower_top(low, body)?;
            Ok(vec![Stage { body: lowered, ..stage.clone() }])
        }
    }
}

/// The length of a high-level array expression (a `generate` or an input).
fn low_length(low: &LiftKernel, xs: &Expr) -> Result<ArithExpr, Unsupported> {
    let mut checker = crate::typecheck::TypeChecker::new(low);
    match checker.expr(xs) {
        Ok(crate::ir::Type::Array(_, len)) => Ok(len),
        Ok(_) => Err(Unsupported { what: "a reduction over a non-array".into() }),
        Err(e) => Err(Unsupported { what: e.to_string() }),
    }
}

/// `partRed-workgroup-tree`: the partial reduction of `xs` (length `n`) to
/// `groups` values, `chunk` elements per work-item.
fn workgroup_tree(
    low: &mut LiftKernel,
    f: &Fun,
    neutral: &[Const],
    xs: Expr,
    _n: &ArithExpr,
    groups: &ArithExpr,
    chunk: &ArithExpr,
) -> Expr {
    let l = ArithExpr::cst(REDUCE_GROUP_SIZE);
    let z = || Expr::Value(neutral.to_vec());
    let op = || Box::new(f.clone());
    // mapSeq(id) o reduceSeq(f)(z): one private accumulator, copied out.
    let reduce_chunk = |low: &mut LiftKernel, name: &str| {
        let p = low.new_param(name);
        let red = Expr::apply(Fun::ReduceSeq(op()), vec![z(), Expr::Param(p)]);
        Fun::Lambda(vec![p], Box::new(Expr::apply1(Fun::map_seq(Fun::Id), red)))
    };
    let first = reduce_chunk(low, "chunk");
    let step = reduce_chunk(low, "pair");
    let a = low.new_param("tree");
    let body_param = low.new_param("group_chunk");
    let iterate_body = Fun::Lambda(
        vec![a],
        Box::new(Expr::apply1(
            Fun::Join,
            Expr::apply1(Fun::map_lcl(0, step), Expr::apply1(Fun::Split(ArithExpr::cst(2)), Expr::Param(a))),
        )),
    );
    let per_thread = Expr::apply1(
        Fun::Join,
        Expr::apply1(
            Fun::to_local(Fun::map_lcl(0, first)),
            Expr::apply1(Fun::Split(chunk.clone()), Expr::Param(body_param)),
        ),
    );
    let tree = Expr::apply1(Fun::Iterate(l.clone().log2(), Box::new(iterate_body)), per_thread);
    let write = Expr::apply1(
        Fun::Join,
        Expr::apply1(
            Fun::to_global(Fun::map_lcl(0, Fun::map_seq(Fun::Id))),
            Expr::apply1(Fun::Split(ArithExpr::one()), tree),
        ),
    );
    let group_fun = Fun::Lambda(vec![body_param], Box::new(write));
    let total = groups * &l * chunk;
    let padded = Expr::apply1(Fun::Pad(total, neutral.to_vec()), xs);
    let gathered = Expr::apply1(Fun::GatherStride(chunk.clone()), padded);
    let split = Expr::apply1(Fun::Split(&l * chunk), gathered);
    Expr::apply1(Fun::Join, Expr::apply1(Fun::map_wrg(0, group_fun), split))
}

/// `map-to-mapGlb` at the top of a stage (under any `join`s), then
/// `map-to-mapSeq` and `reduce-to-reduceSeq` inside.
fn lower_top(low: &mut LiftKernel, expr: &Expr) -> Result<Expr, Unsupported> {
    match expr {
        Expr::Apply(Fun::Join, args) if args.len() == 1 => Ok(Expr::apply1(Fun::Join, lower_top(low, &args[0])?)),
        Expr::Apply(Fun::Map(f), args) if args.len() == 1 => {
            low.rules_applied.push("map-to-mapGlb".into());
            let f = lower_seq_fun(low, f)?;
            Ok(Expr::apply1(Fun::map_glb(0, Fun::to_global(f)), args[0].clone()))
        }
        _ => Err(Unsupported { what: "a stage that is not a map or a reduction".into() }),
    }
}

fn lower_seq_fun(low: &mut LiftKernel, f: &Fun) -> Result<Fun, Unsupported> {
    Ok(match f {
        Fun::Map(g) => {
            low.rules_applied.push("map-to-mapSeq".into());
            Fun::map_seq(lower_seq_fun(low, g)?)
        }
        Fun::Lambda(ps, body) => Fun::Lambda(ps.clone(), Box::new(lower_seq_expr(low, body)?)),
        Fun::Reduce(_) | Fun::PartRed(..) => {
            return Err(Unsupported { what: "a reduction used as a function value".into() });
        }
        other => other.clone(),
    })
}

fn lower_seq_expr(low: &mut LiftKernel, e: &Expr) -> Result<Expr, Unsupported> {
    Ok(match e {
        Expr::Apply(Fun::Reduce(f), args) => {
            low.rules_applied.push("reduce-to-reduceSeq".into());
            let args = args.iter().map(|a| lower_seq_expr(low, a)).collect::<Result<Vec<_>, _>>()?;
            Expr::apply1(Fun::map_seq(Fun::Id), Expr::apply(Fun::ReduceSeq(f.clone()), args))
        }
        Expr::Apply(f, args) => {
            let f = lower_seq_fun(low, f)?;
            let args = args.iter().map(|a| lower_seq_expr(low, a)).collect::<Result<Vec<_>, _>>()?;
            Expr::apply(f, args)
        }
        other => other.clone(),
    })
}
