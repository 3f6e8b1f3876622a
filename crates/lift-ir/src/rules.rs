//! The rewrite rules from high-level to low-level Lift, each with a name
//! (lift-patterns-and-rules.txt, and Figure 7 of the CGO'17 paper for the
//! reduction), and the strategy that applies them to every stage.
//!
//! - `map-to-mapGlb`: `map(f) $ xs` at the top of a stage is
//!   `mapGlb(0)(toGlobal(f)) $ xs`: one work-item per element.
//! - `map-to-mapSeq`, `reduce-to-reduceSeq`: inside a work-item, `map` is a
//!   sequential loop and `reduce(f)(z, xs)` is `toGlobal(mapSeq(id)) $
//!   reduceSeq(f)(z, xs)` (the accumulator in private memory, copied out).
//! - `scan-to-scanSeq`: inside a work-item, `scan(f)(z, xs)` is
//!   `scanSeq(f)(z, xs)`, writing each prefix where the scan's result goes
//!   (a nested `scan` in a `map`; the segmented SOACs no longer give one:
//!   they are flat scans, see [`crate::lower`]).
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
//! - `reorder-commutative`: the `gather` above, only for a commutative
//!   operator (`+` on ints and floats, `max` on ints, ...): otherwise each
//!   work-item reduces a contiguous chunk, so that the combination keeps
//!   the order of the elements.
//! - `reduce-single-workgroup`: the final `reduce(f)(z, ys)` over the
//!   partial results is `partRed(f, 1)(z, ys)`, the same tree in one
//!   work-group.
//! - `segReduce-teams`: a segmented reduction, a team of work-items per
//!   segment, in [`crate::seg_reduce`].

use flatten::ir::{Const, VarType};

use crate::arith::{ArithExpr, Range};
use crate::ir::{Expr, Fun, LiftKernel, SizeDef, Stage};
use crate::lower::Unsupported;

/// The parameters of the rules.
#[derive(Copy, Clone, Debug)]
pub struct Config {
    /// Work-items per work-group of a reduction or scan (a power of two).
    pub group_size: i64,
    /// At most this many work-groups in a reduction's first stage.
    pub max_groups: i64,
}

impl Default for Config {
    fn default() -> Config {
        Config { group_size: REDUCE_GROUP_SIZE, max_groups: REDUCE_MAX_GROUPS }
    }
}

/// Work-items per work-group of a reduction (a power of two).
pub const REDUCE_GROUP_SIZE: i64 = 256;
/// At most this many work-groups in a reduction's first stage.
pub const REDUCE_MAX_GROUPS: i64 = 1024;

/// Lowers every stage of a high-level kernel to low-level Lift.
pub fn lower_to_low_level(high: &LiftKernel) -> Result<LiftKernel, Unsupported> {
    lower_to_low_level_with(high, &Config::default())
}

/// [`lower_to_low_level`] with other parameters (small groups, so that
/// tests reach every case with small inputs).
pub fn lower_to_low_level_with(high: &LiftKernel, cfg: &Config) -> Result<LiftKernel, Unsupported> {
    let mut low = high.clone();
    low.stages.clear();
    for stage in &high.stages {
        for new_stage in lower_stage(&mut low, stage, cfg)? {
            low.stages.push(new_stage);
        }
    }
    crate::barriers::eliminate_barriers(&mut low);
    unique_stage_names(&mut low);
    Ok(low)
}

/// Makes the stage names unique in the kernel and different from the
/// user functions' (`{kernel}_{name}` in C): two SOACs may have results of
/// one name.
fn unique_stage_names(low: &mut LiftKernel) {
    let mut taken: std::collections::HashSet<String> =
        low.user_funs.iter().map(|u| format!("{}_{}", low.name, u.name)).collect();
    for stage in &mut low.stages {
        let mut name = stage.name.clone();
        let mut k = 1;
        while taken.contains(&name) {
            name = format!("{}_{k}", stage.name);
            k += 1;
        }
        taken.insert(name.clone());
        stage.name = name;
    }
}

fn lower_stage(low: &mut LiftKernel, stage: &Stage, cfg: &Config) -> Result<Vec<Stage>, Unsupported> {
    if let Some(stages) = crate::seg_reduce::seg_reduce_teams(low, stage, cfg)? {
        return Ok(stages);
    }
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
            let (groups, chunk, final_chunk) = reduction_sizes(low, &n, cfg);
            // reorder-commutative: reading coalesced reorders the elements,
            // which only a commutative operator allows.
            let coalesce = is_commutative(low, f);
            if coalesce {
                low.rules_applied.push("reorder-commutative".into());
            }
            // split-kernel: the partial results go to temporaries.
            low.rules_applied.push("split-kernel".into());
            let partials = temporaries(low, stage, "partials", &groups);
            low.rules_applied.push("partRed-workgroup-tree".into());
            let first = workgroup_tree(low, f, neutral, xs.clone(), coalesce, (&groups, &chunk), cfg);
            // reduce-single-workgroup over the partials.
            low.rules_applied.push("reduce-single-workgroup".into());
            let ys = zip_inputs(&partials);
            let second = workgroup_tree(low, f, neutral, ys, coalesce, (&ArithExpr::one(), &final_chunk), cfg);
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
        Expr::Apply(Fun::Scan(f), args) if args.len() == 2 => {
            let Expr::Value(neutral) = &args[0] else {
                return Err(Unsupported { what: "a scan whose neutral element is not a literal".into() });
            };
            lower_scan(low, stage, f, &neutral.clone(), &args[1], cfg)
        }
        // map(f) $ xs, possibly under a join.
        body => {
            let lowered = lower_top(low, body)?;
            Ok(vec![Stage { body: lowered, ..stage.clone() }])
        }
    }
}

/// The sizes of a reduction or scan over `n` elements: the number of
/// work-groups, the elements per work-item, and the partial results per
/// work-item of the final single-group step. At least one group and one
/// element per work-item, so that every range is honest also for an empty
/// input (one group then reduces padding).
fn reduction_sizes(low: &mut LiftKernel, n: &ArithExpr, cfg: &Config) -> (ArithExpr, ArithExpr, ArithExpr) {
    let groups_def = n.clone().ceil_div(cfg.group_size).min(cfg.max_groups).max(1);
    let groups =
        ArithExpr::var(&low.size_var("groups", SizeDef::Derived(groups_def), Range::between(1, cfg.max_groups)));
    let chunk_def = n.clone().ceil_div(&groups * cfg.group_size).max(1);
    let chunk = ArithExpr::var(&low.size_var("chunk", SizeDef::Derived(chunk_def), Range::at_least(1)));
    let final_chunk_def = groups.clone().ceil_div(cfg.group_size);
    let final_chunk = ArithExpr::var(&low.size_var(
        "final_chunk",
        SizeDef::Derived(final_chunk_def),
        Range::between(1, (cfg.max_groups + cfg.group_size - 1) / cfg.group_size),
    ));
    (groups, chunk, final_chunk)
}

/// New temporaries of the kernel, one per result of `stage`, named
/// `{result}_{suffix}`, of length `len`.
fn temporaries(low: &mut LiftKernel, stage: &Stage, suffix: &str, len: &ArithExpr) -> Vec<flatten::ir::KVar> {
    let mut out = Vec::new();
    for v in &stage.result {
        let name = format!("{}_{suffix}", low.flat.var(*v).name);
        let ty = VarType::Array(low.flat.var(*v).ty.scalar());
        let p = low.flat.new_var(name, ty);
        low.lengths.push((p, len.clone()));
        out.push(p);
    }
    out
}

fn zip_inputs(vars: &[flatten::ir::KVar]) -> Expr {
    match vars {
        [v] => Expr::Input(*v),
        _ => Expr::apply(Fun::Zip, vars.iter().map(|p| Expr::Input(*p)).collect()),
    }
}

/// `scan-blocks`: `scan(f)(z, xs)` in three launches over contiguous
/// blocks of `L·C` elements: the block totals (`partRed-workgroup-tree`
/// without the coalescing gather, so blocks stay contiguous), their
/// exclusive scan by one work-group (the block scan below, over the
/// `groups ≤ L·final_chunk` totals as a single block starting from `z`),
/// and the scan of each block from its offset.
fn lower_scan(
    low: &mut LiftKernel,
    stage: &Stage,
    f: &Fun,
    neutral: &[Const],
    xs: &Expr,
    cfg: &Config,
) -> Result<Vec<Stage>, Unsupported> {
    let n = low_length(low, xs)?;
    let (groups, chunk, final_chunk) = reduction_sizes(low, &n, cfg);
    low.rules_applied.push("scan-blocks".into());
    let l = ArithExpr::cst(cfg.group_size);
    let totals = temporaries(low, stage, "block_totals", &groups);
    let first = workgroup_tree(low, f, neutral, xs.clone(), false, (&groups, &chunk), cfg);
    let offsets = temporaries(low, stage, "block_offsets", &groups);
    // join o mapWrg(0)(block-scan from z) o split(L·final_chunk) o pad(L·final_chunk, z) $ totals
    let totals_block = &l * &final_chunk;
    let padded_totals = Expr::apply1(Fun::Pad(totals_block.clone(), neutral.to_vec()), zip_inputs(&totals));
    let second = Expr::apply1(
        Fun::Join,
        Expr::apply1(
            Fun::map_wrg(0, block_scan(low, f, neutral, &l, &final_chunk, false)),
            Expr::apply1(Fun::Split(totals_block.clone()), padded_totals),
        ),
    );
    for v in &offsets {
        low.capacities.push((*v, totals_block.clone()));
    }
    // join o mapWrg(0)(block-scan from each block's offset) $ zip(split(L·C) o pad $ xs, offsets)
    let padded = Expr::apply1(Fun::Pad(&groups * &l * &chunk, neutral.to_vec()), xs.clone());
    let blocks = Expr::apply1(Fun::Split(&l * &chunk), padded);
    let third = Expr::apply1(
        Fun::Join,
        Expr::apply1(
            Fun::map_wrg(0, block_scan(low, f, neutral, &l, &chunk, true)),
            Expr::apply(Fun::Zip, vec![blocks, zip_inputs(&offsets)]),
        ),
    );
    for v in &stage.result {
        low.capacities.push((*v, &groups * &l * &chunk));
    }
    Ok(vec![
        Stage { name: format!("{}_block_totals", stage.name), body: first, result: totals, scalar_result: false },
        Stage { name: format!("{}_block_offsets", stage.name), body: second, result: offsets, scalar_result: false },
        Stage { name: format!("{}_scan", stage.name), body: third, result: stage.result.clone(), scalar_result: false },
    ])
}

/// The exclusive scan of one block of `L·C` elements by one work-group:
/// every work-item reduces its `C` elements into local memory, work-item 0
/// scans the group's `L` sums from the block's start, and every work-item
/// scans its elements from its own offset. With `with_offset` the block is
/// a pair (elements, start); without, it is the elements and starts at `z`.
fn block_scan(
    low: &mut LiftKernel,
    f: &Fun,
    neutral: &[Const],
    l: &ArithExpr,
    chunk: &ArithExpr,
    with_offset: bool,
) -> Fun {
    let z = || Expr::Value(neutral.to_vec());
    let op = || Box::new(f.clone());
    let blk = low.new_param("block");
    let c = low.new_param("chunk");
    let sums_p = low.new_param("sums");
    let offs_p = low.new_param("offsets");
    let t = low.new_param("thread");
    let all = low.new_param("all");
    let block_elems = || if with_offset { Expr::apply1(Fun::Get(0), Expr::Param(blk)) } else { Expr::Param(blk) };
    let block_start = || if with_offset { Expr::apply1(Fun::Get(1), Expr::Param(blk)) } else { z() };
    let reduce_chunk = Fun::Lambda(
        vec![c],
        Box::new(Expr::apply1(Fun::map_seq(Fun::Id), Expr::apply(Fun::ReduceSeq(op()), vec![z(), Expr::Param(c)]))),
    );
    let sums = Expr::apply1(
        Fun::Join,
        Expr::apply1(
            Fun::to_local(Fun::map_lcl(0, reduce_chunk)),
            Expr::apply1(Fun::Split(chunk.clone()), block_elems()),
        ),
    );
    let scan_sums =
        Fun::Lambda(vec![all], Box::new(Expr::apply(Fun::ScanSeq(op()), vec![block_start(), Expr::Param(all)])));
    let offs = Expr::apply1(
        Fun::Join,
        Expr::apply1(
            Fun::to_local(Fun::map_lcl(0, scan_sums)),
            Expr::apply1(Fun::Split(l.clone()), Expr::Param(sums_p)),
        ),
    );
    let scan_thread = Fun::Lambda(
        vec![t],
        Box::new(Expr::apply(
            Fun::ScanSeq(op()),
            vec![Expr::apply1(Fun::Get(1), Expr::Param(t)), Expr::apply1(Fun::Get(0), Expr::Param(t))],
        )),
    );
    let write = Expr::apply1(
        Fun::Join,
        Expr::apply1(
            Fun::to_global(Fun::map_lcl(0, scan_thread)),
            Expr::apply(Fun::Zip, vec![Expr::apply1(Fun::Split(chunk.clone()), block_elems()), Expr::Param(offs_p)]),
        ),
    );
    let with_offs = Expr::apply1(Fun::Lambda(vec![offs_p], Box::new(write)), offs);
    let with_sums = Expr::apply1(Fun::Lambda(vec![sums_p], Box::new(with_offs)), sums);
    Fun::Lambda(vec![blk], Box::new(with_sums))
}

/// Whether a reduction's operator is commutative: every result component
/// is `a_c op b_c` (or `b_c op a_c`) for an operator that commutes on its
/// type. Float `min` and `max` do not (a tie keeps the first operand:
/// `max(-0.0, 0.0)` is `-0.0`), nor does anything the rules cannot see
/// through.
pub fn is_commutative(low: &LiftKernel, f: &Fun) -> bool {
    use flatten::ir::{BinaryOp::*, GExpr, Scalar};
    let Fun::User(id) = f else { return false };
    let crate::ir::UserFunDef::Thunk(thunk) = &low.user_fun(*id).def else { return false };
    let k = thunk.params.len() / 2;
    let items: Vec<&GExpr> = match &thunk.body {
        GExpr::Tuple(items) => items.iter().collect(),
        body => vec![body],
    };
    items.len() == k
        && items.iter().enumerate().all(|(c, item)| match item {
            GExpr::Binary { op, ty, lhs, rhs } => {
                let commutes = match ty {
                    Scalar::Int => matches!(op, Add | Mul | Min | Max | And | Or | Xor),
                    Scalar::Float => matches!(op, Add | Mul),
                    Scalar::Bool => matches!(op, And | Or | Xor),
                    Scalar::Char => false,
                };
                let (a, b) = (GExpr::Var(thunk.params[c]), GExpr::Var(thunk.params[k + c]));
                commutes && ((**lhs == a && **rhs == b) || (**lhs == b && **rhs == a))
            }
            _ => false,
        })
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
    coalesced: bool,
    (groups, chunk): (&ArithExpr, &ArithExpr),
    cfg: &Config,
) -> Expr {
    let l = ArithExpr::cst(cfg.group_size);
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
    let gathered = if coalesced { Expr::apply1(Fun::GatherStride(chunk.clone()), padded) } else { padded };
    let split = Expr::apply1(Fun::Split(&l * chunk), gathered);
    Expr::apply1(Fun::Join, Expr::apply1(Fun::map_wrg(0, group_fun), split))
}

/// `map-to-mapGlb` at the top of a stage (under any `join`s), then
/// `map-to-mapSeq` and `reduce-to-reduceSeq` inside.
pub(crate) fn lower_top(low: &mut LiftKernel, expr: &Expr) -> Result<Expr, Unsupported> {
    match expr {
        Expr::Apply(f @ (Fun::Join | Fun::Scatter(..) | Fun::JoinSegments(..) | Fun::AtomicMax(_)), args)
            if args.len() == 1 =>
        {
            Ok(Expr::apply1(f.clone(), lower_top(low, &args[0])?))
        }
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
        Fun::Reduce(_) | Fun::PartRed(..) | Fun::Scan(_) => {
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
        Expr::Apply(Fun::Scan(f), args) => {
            low.rules_applied.push("scan-to-scanSeq".into());
            let args = args.iter().map(|a| lower_seq_expr(low, a)).collect::<Result<Vec<_>, _>>()?;
            Expr::apply(Fun::ScanSeq(f.clone()), args)
        }
        Expr::Apply(f, args) => {
            let f = lower_seq_fun(low, f)?;
            let args = args.iter().map(|a| lower_seq_expr(low, a)).collect::<Result<Vec<_>, _>>()?;
            Expr::apply(f, args)
        }
        other => other.clone(),
    })
}
