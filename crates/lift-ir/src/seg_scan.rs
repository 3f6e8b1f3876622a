//! `segScan-lookback` and `segScan-flag-pairs`: a segmented scan, flat and
//! load-balanced whatever the segment lengths.
//!
//! `SEG_SCAN pull z op <lengths, offsets>` over `n` elements is, in
//! high-level Lift (`segScan-segments`, [`crate::lower`]):
//! ```text
//! joinSegments(n, offsets) o map(λ seg. scan(op)(z, seg)) $ segments(pull)(offsets, lengths)
//! ```
//! the exclusive scan of each segment, the segments joined back in place.
//!
//! **`segScan-lookback`** (an operator exact on its values, a tile that
//! fits local memory) rewrites it to one launch,
//! ```text
//! scanLookback(op, chain, heads = offsets of #lengths)(z, generate(n, pull))
//! ```
//! the look-back scan of [`crate::lookback`] with the operator lifted to
//! (head flag, value) pairs, `(f1, a) ⊕ (f2, b) = (f1 | f2, (f2 ? z : a)
//! op b)` (Blelloch's segmented scan; associative when `op` is), but only
//! where it combines across work-items and tiles: the tile holds the
//! values alone, and the head flags are the tile's own, found from the
//! descriptor (see [`crate::ir::SegHeads`]): the group searches `offsets`
//! for the first segment starting in its tile (`L` probes a round, so
//! `⌈log_L #segments⌉` rounds, one barrier each), marks the positions
//! where the following segments start as bits of a local array (reading
//! the offsets four strides at a time), and each work-item folds its
//! elements' flags into its values as it scans them, writing `z` at a
//! head and the combination so far elsewhere. No array of flags, no
//! counter to zero, no separate selection: the input read once, the
//! result written once, and the offsets read once (plus a few probes per
//! tile); the status words carry the pairs (per tile).
//!
//! **`segScan-flag-pairs`** (everywhere else: float operators, whose
//! look-back order would change results between runs, and elements too
//! wide) lowers the same high-level stage as three: the head flags (a
//! zeroed counter of `n` where every non-empty segment claims its first
//! position, `atomicMax(scatter(λ s. ls[s] > 0 ? os[s] : -1, n)) o map(id)
//! $ generate(#ls, λ s. 1)`), `scan(⊕)((0, z), generate(n, λ i.
//! (claims[i], pull(i))))` over the pairs (lowered by the scan rules in
//! turn), and each position's value, `z` at a head and the scan's value
//! elsewhere (`map(id) $ generate(n, select)`).

use flatten::ir::{BinaryOp, Const, GExpr, KVar, Scalar, Thunk, VarType};

use crate::arith::ArithExpr;
use crate::ir::{Expr, Fun, LiftKernel, SegHeads, Stage, UserFunDef, UserFunId};
use crate::lower::{Unsupported, add_user_fun};
use crate::rules::Config;

/// The parts of a high-level segmented scan (see the module doc).
struct SegScan {
    n: ArithExpr,
    offsets: KVar,
    lengths: KVar,
    pull: UserFunId,
    op: Fun,
    neutral: Vec<Const>,
}

/// `joinSegments(n, os) o map(λ seg. scan(op)(z, seg)) $ segments(pull)(os, ls)`.
fn match_seg_scan(body: &Expr) -> Option<SegScan> {
    let Expr::Apply(Fun::JoinSegments(n, offsets), outer) = body else { return None };
    let [Expr::Apply(Fun::Map(g), mapped)] = &outer[..] else { return None };
    let Fun::Lambda(params, scan) = &**g else { return None };
    let [seg] = params[..] else { return None };
    let Expr::Apply(Fun::Scan(op), scan_args) = &**scan else { return None };
    let [Expr::Value(neutral), Expr::Param(p)] = &scan_args[..] else { return None };
    let [Expr::Apply(Fun::Segments(pull), desc)] = &mapped[..] else { return None };
    let [Expr::Input(os), Expr::Input(ls)] = desc[..] else { return None };
    if *p != seg || os != *offsets {
        return None;
    }
    Some(SegScan { n: n.clone(), offsets: os, lengths: ls, pull: *pull, op: (**op).clone(), neutral: neutral.clone() })
}

/// A high-level segmented scan's low-level stages, by `segScan-lookback`
/// where it applies, else by `segScan-flag-pairs`; `None` for any other
/// stage.
pub fn lower_seg_scan(low: &mut LiftKernel, stage: &Stage, cfg: &Config) -> Result<Option<Vec<Stage>>, Unsupported> {
    let Some(s) = match_seg_scan(&stage.body) else { return Ok(None) };
    let Some(count) = crate::typecheck::input_length(low, s.lengths) else {
        return Err(Unsupported { what: "a segment descriptor whose length is not known".into() });
    };
    let k = s.neutral.len();
    if cfg.lookback
        && crate::lookback::is_exact(low, &s.op)
        && let Some(t) = crate::lookback::seg_lookback_items(k, cfg)
    {
        low.rules_applied.push("segScan-lookback".into());
        low.rules_applied.push("tile-coalesced".into());
        low.rules_applied.push("scan-workgroup-two-level".into());
        let l = cfg.group_size;
        let tiles = crate::lookback::tiles(low, &s.n, l * t);
        let mut chain = crate::lookback::chain(low, stage, &tiles, k + 1, (l, t), cfg);
        chain.heads = Some(SegHeads { offsets: s.offsets, count });
        let xs = Expr::apply(Fun::Generate(s.n, s.pull), vec![]);
        let body = Expr::apply(Fun::ScanLookback(Box::new(s.op), chain), vec![Expr::Value(s.neutral), xs]);
        return Ok(Some(vec![Stage { body, ..stage.clone() }]));
    }
    let mut stages = Vec::new();
    for high in flag_pairs(low, stage, &s, &count)? {
        stages.extend(crate::rules::lower_stage(low, &high, cfg)?);
    }
    Ok(Some(stages))
}

/// A user function's thunk.
fn thunk(low: &LiftKernel, f: UserFunId) -> Result<Thunk, Unsupported> {
    match &low.user_fun(f).def {
        UserFunDef::Thunk(t) => Ok(t.clone()),
        UserFunDef::Once(_) => {
            Err(Unsupported { what: "a segmented scan whose pull or operator has no parameters".into() })
        }
    }
}

/// One value, or a tuple of several (a thunk body of several results).
fn tuple(mut items: Vec<GExpr>) -> GExpr {
    if items.len() == 1 { items.pop().unwrap_or(GExpr::Tuple(vec![])) } else { GExpr::Tuple(items) }
}

fn consts(values: &[Const]) -> GExpr {
    tuple(values.iter().map(|c| GExpr::Const(*c)).collect())
}

/// A thunk `{ i => body(i) }` over a fresh index variable.
fn index_thunk(low: &mut LiftKernel, body: impl FnOnce(GExpr) -> GExpr) -> Thunk {
    let i = low.flat.new_var("i", VarType::Scalar(Scalar::Int));
    Thunk { params: vec![i], body: body(GExpr::var(i)) }
}

/// `segScan-flag-pairs`: the three high-level stages of the module doc.
fn flag_pairs(low: &mut LiftKernel, stage: &Stage, s: &SegScan, count: &ArithExpr) -> Result<Vec<Stage>, Unsupported> {
    let int = Scalar::Int;
    let Fun::User(op_id) = s.op else {
        return Err(Unsupported { what: "a segmented scan whose operator is not a user function".into() });
    };
    let (pull, op) = (thunk(low, s.pull)?, thunk(low, op_id)?);
    let scalars = low.user_fun(s.pull).results.clone();
    let k = scalars.len();
    let neutral = &s.neutral;
    if pull.params.len() != 1 || op.params.len() != 2 * k || neutral.len() != k {
        return Err(Unsupported { what: "a segmented scan whose thunks do not match its results".into() });
    }
    let n = &s.n;
    let (ls, os) = (s.lengths, s.offsets);
    let stage_name = &stage.name;
    let base = low.flat.var(stage.result.first().copied().unwrap_or(os)).name.clone();
    low.rules_applied.push("segScan-flag-pairs".into());
    // The head flags: claims of a zeroed counter.
    let claims = low.flat.new_var(format!("{base}_head_claims"), VarType::Array(int));
    low.lengths.push((claims, n.clone()));
    low.counters.push(claims);
    let one = index_thunk(low, |_| GExpr::int(1));
    let one = add_user_fun(low, &format!("one_{base}"), &one, vec![int])?;
    let target = index_thunk(low, |j| {
        GExpr::if_(
            GExpr::binary(BinaryOp::Gt, int, GExpr::read(ls, j.clone()), GExpr::int(0)),
            GExpr::read(os, j),
            GExpr::int(-1),
        )
    });
    let target = add_user_fun(low, &format!("head_{base}"), &target, vec![int])?;
    let mapped = Expr::apply1(Fun::map(Fun::Id), Expr::apply(Fun::Generate(count.clone(), one), vec![]));
    let claim = Stage {
        name: format!("{stage_name}_head_claims"),
        body: Expr::apply1(Fun::AtomicMax(Box::new(Fun::Scatter(target, n.clone(), None))), mapped),
        result: vec![claims],
        scalar_result: false,
        when: None,
        guard: None,
    };
    // { i => let (x..) = pull(i) in (claims[i], x..) }
    let xs: Vec<KVar> = scalars.iter().map(|s| low.flat.new_var("x", VarType::Scalar(*s))).collect();
    let mut pair = vec![GExpr::read(claims, GExpr::var(pull.params[0]))];
    pair.extend(xs.iter().map(|x| GExpr::var(*x)));
    let pair = Thunk { params: pull.params.clone(), body: GExpr::let_(xs, pull.body.clone(), tuple(pair)) };
    let pair_scalars: Vec<Scalar> = std::iter::once(int).chain(scalars.iter().copied()).collect();
    let pair_fn = add_user_fun(low, &format!("pair_{base}"), &pair, pair_scalars.clone())?;
    // { (f1, u.., f2, b..) => let (a..) = (f2 /= 0 ? z : u..) in let (c..) = a op b in (max(f1, f2), c..) }
    let f1 = low.flat.new_var("f1", VarType::Scalar(int));
    let f2 = low.flat.new_var("f2", VarType::Scalar(int));
    let us: Vec<KVar> = scalars.iter().map(|s| low.flat.new_var("u", VarType::Scalar(*s))).collect();
    let cs: Vec<KVar> = scalars.iter().map(|s| low.flat.new_var("c", VarType::Scalar(*s))).collect();
    let restart = GExpr::if_(
        GExpr::binary(BinaryOp::Ne, int, GExpr::var(f2), GExpr::int(0)),
        consts(neutral),
        tuple(us.iter().map(|u| GExpr::var(*u)).collect()),
    );
    let mut combined = vec![GExpr::binary(BinaryOp::Max, int, GExpr::var(f1), GExpr::var(f2))];
    combined.extend(cs.iter().map(|c| GExpr::var(*c)));
    let body = GExpr::let_(op.params[..k].to_vec(), restart, GExpr::let_(cs, op.body.clone(), GExpr::Tuple(combined)));
    let mut params = vec![f1];
    params.extend(&us);
    params.push(f2);
    params.extend(&op.params[k..]);
    let lifted = add_user_fun(low, &format!("segop_{base}"), &Thunk { params, body }, pair_scalars)?;
    // The scan's results.
    let flags = low.flat.new_var(format!("{base}_seg_flags"), VarType::Array(int));
    low.lengths.push((flags, n.clone()));
    let values: Vec<KVar> =
        scalars.iter().map(|s| low.flat.new_var(format!("{base}_seg_scan"), VarType::Array(*s))).collect();
    for v in &values {
        low.lengths.push((*v, n.clone()));
    }
    let mut z = vec![Const::Int(0)];
    z.extend_from_slice(neutral);
    let pairs = Expr::apply(Fun::Generate(n.clone(), pair_fn), vec![]);
    let scan = Stage {
        name: format!("{stage_name}_segscan"),
        body: Expr::apply(Fun::Scan(Box::new(Fun::User(lifted))), vec![Expr::Value(z), pairs]),
        result: std::iter::once(flags).chain(values.iter().copied()).collect(),
        scalar_result: false,
        when: None,
        guard: None,
    };
    // { i => claims[i] /= 0 ? z : (values[i]..) }
    let select = index_thunk(low, |i| {
        GExpr::if_(
            GExpr::binary(BinaryOp::Ne, int, GExpr::read(claims, i.clone()), GExpr::int(0)),
            consts(neutral),
            tuple(values.iter().map(|v| GExpr::read(*v, i.clone())).collect()),
        )
    });
    let select = add_user_fun(low, &format!("select_{base}"), &select, scalars)?;
    let pick = Stage {
        name: stage_name.clone(),
        body: Expr::apply1(Fun::map(Fun::Id), Expr::apply(Fun::Generate(n.clone(), select), vec![])),
        result: stage.result.clone(),
        scalar_result: false,
        when: None,
        guard: None,
    };
    Ok(vec![claim, scan, pick])
}
