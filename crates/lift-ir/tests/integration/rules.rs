//! Every rewrite rule checked on random inputs: a flat kernel is lowered to
//! high-level Lift, rewritten to low-level Lift (with small work-groups, so
//! that small inputs reach several groups, several elements per work-item
//! and padding), and both are run by the Lift evaluator; they must agree.
//! The operators include a non-commutative one (the last non-zero
//! element), which catches any rule that reorders elements it must not.

use std::collections::HashMap;

use flatten::eval::{ArrayValue, FlatValue};
use flatten::ir::{BinaryOp, Const, GExpr, KVar, Kernel, Scalar, SegDesc, Soac, SoacBinding, Thunk, VarType};
use lift_ir::eval::checked::eval_kernel;
use lift_ir::eval::{Evaluator, Value};
use lift_ir::ir::{LiftKernel, UserFunDef, UserFunId};
use lift_ir::rules::{Config, SegReduce, lower_to_low_level_with};
use proptest::prelude::*;

const INT: Scalar = Scalar::Int;

/// Evaluates the small GPU expressions these tests build.
fn gexpr(e: &GExpr, env: &mut HashMap<KVar, Const>, arrays: &HashMap<KVar, Value>) -> Result<Vec<Const>, String> {
    let int = |c: &[Const]| match c {
        [Const::Int(x)] => Ok(*x),
        _ => Err("not an int".to_string()),
    };
    Ok(match e {
        GExpr::Var(v) => vec![*env.get(v).ok_or("unbound")?],
        GExpr::Const(c) => vec![*c],
        GExpr::Read { array, index } => {
            let i = int(&gexpr(index, env, arrays)?)?;
            match arrays.get(array) {
                Some(Value::Array(items)) => match items.get(i as usize) {
                    Some(Value::Scalar(c)) => c.clone(),
                    _ => return Err(format!("read {i} out of range")),
                },
                _ => return Err("read of a missing array".into()),
            }
        }
        GExpr::Length(v) => match arrays.get(v) {
            Some(Value::Array(items)) => vec![Const::Int(items.len() as i64)],
            _ => return Err("length of a missing array".into()),
        },
        GExpr::Binary { op, lhs, rhs, .. } => {
            let (a, b) = (int(&gexpr(lhs, env, arrays)?)?, int(&gexpr(rhs, env, arrays)?)?);
            vec![match op {
                BinaryOp::Add => Const::Int(a.wrapping_add(b)),
                BinaryOp::Sub => Const::Int(a.wrapping_sub(b)),
                BinaryOp::Mul => Const::Int(a.wrapping_mul(b)),
                BinaryOp::Max => Const::Int(a.max(b)),
                BinaryOp::Min => Const::Int(a.min(b)),
                BinaryOp::Div => Const::Int(if b == 0 { 0 } else { a / b }),
                BinaryOp::Rem => Const::Int(if b == 0 { 0 } else { a % b }),
                BinaryOp::Eq => Const::Bool(a == b),
                BinaryOp::Ne => Const::Bool(a != b),
                BinaryOp::Gt => Const::Bool(a > b),
                BinaryOp::Lt => Const::Bool(a < b),
                other => return Err(format!("{other:?} not supported by the test")),
            }]
        }
        // The last segment whose offset is at most the position.
        GExpr::SegmentOf { offsets, index } => {
            let i = int(&gexpr(index, env, arrays)?)?;
            match arrays.get(offsets) {
                Some(Value::Array(items)) => {
                    let mut last = 0;
                    for (j, o) in items.iter().enumerate() {
                        match o {
                            Value::Scalar(c) if int(c)? <= i => last = j as i64,
                            _ => {}
                        }
                    }
                    vec![Const::Int(last)]
                }
                _ => return Err("segment_of a missing array".into()),
            }
        }
        GExpr::If { cond, then_branch, else_branch } => match gexpr(cond, env, arrays)?[..] {
            [Const::Bool(true)] => gexpr(then_branch, env, arrays)?,
            [Const::Bool(false)] => gexpr(else_branch, env, arrays)?,
            _ => return Err("a condition that is not a bool".into()),
        },
        GExpr::Let { vars, value, body } => {
            let values = gexpr(value, env, arrays)?;
            for (v, c) in vars.iter().zip(values) {
                env.insert(*v, c);
            }
            gexpr(body, env, arrays)?
        }
        GExpr::Tuple(items) => {
            let mut out = Vec::new();
            for item in items {
                out.extend(gexpr(item, env, arrays)?);
            }
            out
        }
        // segReduce-merge's splits: a binary search.
        GExpr::Loop { vars, init, cond, step, result } => {
            for (v, e) in vars.iter().zip(init) {
                let c = gexpr(e, env, arrays)?;
                env.insert(*v, c[0]);
            }
            while gexpr(cond, env, arrays)? == [Const::Bool(true)] {
                let next = gexpr(step, env, arrays)?;
                for (v, c) in vars.iter().zip(next) {
                    env.insert(*v, c);
                }
            }
            gexpr(result, env, arrays)?
        }
        _ => return Err("an expression the test does not evaluate".into()),
    })
}

fn run(kernel: &LiftKernel, inputs: &HashMap<KVar, Value>) -> Result<Vec<Value>, String> {
    let user = |id: UserFunId, args: &[Const], arrays: &HashMap<KVar, Value>| -> Result<Vec<Const>, String> {
        let mut env = HashMap::new();
        match &kernel.user_fun(id).def {
            UserFunDef::Thunk(Thunk { params, body }) => {
                for (p, a) in params.iter().zip(args) {
                    env.insert(*p, *a);
                }
                gexpr(body, &mut env, arrays)
            }
            UserFunDef::Once(body) => gexpr(body, &mut env, arrays),
        }
    };
    Evaluator::new(kernel, &user, inputs.clone()).run()
}

/// Lowers `kernel` both ways and checks that the levels agree on `xs`.
fn levels_agree(kernel: &Kernel, inputs: HashMap<KVar, Value>, expected_rules: &[&str]) {
    let high = lift_ir::lower::lower_kernel(kernel).expect("lowers");
    lift_ir::typecheck::check_kernel(&high).expect("high-level Lift type-checks");
    for group_size in [2, 4] {
        // Look-back tiles of 2 · 9 elements (pairs: 2 · 1; a filter's: 2 ·
        // 9); no tiles (`scan-blocks`, `filter-flags-fused`).
        let cfg = Config {
            group_size,
            max_groups: 3,
            scan_local_bytes: if group_size == 2 { 240 } else { 0 },
            seg_scan_local_bytes: if group_size == 2 { 240 } else { 0 },
            scan_levels: 1,
            lookback: true,
            warp_lookback: true,
            // Merge with the tiles of 2 work-items, teams with 4.
            seg_reduce: if group_size == 2 { SegReduce::Merge } else { SegReduce::Teams },
            // Teams' lanes in batches of 3 (`hoist-element-reads`).
            seg_batch: 3,
            seg_short_batch: 5,
            seg_guarded_groups: 2,
            seg_team_tickets: true,
            merge_items: None,
            merge_group_size: None,
            merge_groups: lift_ir::seg_reduce::MERGE_GROUPS,
            // Scans that gather in tiles of 2 · 1.
            scan_lookback_items: 1,
            segment_tiles: lift_ir::rules::SegmentTiles::Always,
            seg_list_group: 2,
            seg_warp_steps: 4,
            seg_stream_loads: false,
        };
        let low = lower_to_low_level_with(&high, &cfg).expect("rewrites");
        lift_ir::typecheck::check_kernel(&low).expect("low-level Lift type-checks");
        for rule in expected_rules {
            let tiles = cfg.scan_local_bytes > 0;
            let rule = match *rule {
                "scan" if tiles => "scan-lookback",
                "scan" => "scan-blocks",
                "filter" if tiles => "filter-lookback",
                "filter" => "filter-flags-fused",
                "segscan" if tiles => "segScan-lookback",
                "segscan" => "segScan-flag-pairs",
                "segReduce-merge" if cfg.seg_reduce == SegReduce::Teams => "segReduce-teams",
                rule => rule,
            };
            assert!(low.rules_applied.iter().any(|r| r == rule), "{rule} not applied: {:?}", low.rules_applied);
        }
        assert!(
            low.stages.iter().all(|s| no_high_level(&s.body)),
            "high-level patterns left:\n{}",
            lift_ir::print::print_kernel(&low)
        );
        let before = run(&high, &inputs).expect("high-level runs");
        let after = run(&low, &inputs).unwrap_or_else(|e| panic!("{e}\n{}", lift_ir::print::print_kernel(&low)));
        assert_eq!(before, after, "\n{}", lift_ir::print::print_kernel(&low));
    }
}

fn no_high_level(e: &lift_ir::ir::Expr) -> bool {
    use lift_ir::ir::{Expr, Fun};
    fn fun_ok(f: &Fun) -> bool {
        f.is_low_level()
            && match f {
                Fun::Lambda(_, body) => no_high_level(body),
                other => lift_ir::address_space::nested_fun(other).is_none_or(fun_ok),
            }
    }
    match e {
        Expr::Apply(f, args) => fun_ok(f) && args.iter().all(no_high_level),
        _ => true,
    }
}

struct Builder {
    kernel: Kernel,
}

impl Builder {
    fn new() -> Builder {
        Builder { kernel: Kernel { name: "k".into(), params: vec![], body: vec![], results: vec![], vars: vec![] } }
    }
    fn var(&mut self, name: &str, ty: VarType) -> KVar {
        self.kernel.new_var(name, ty)
    }
    fn param(&mut self, name: &str) -> KVar {
        let v = self.var(name, VarType::Array(INT));
        self.kernel.params.push(v);
        v
    }
    /// `{ i => xs[i] }`
    fn pull(&mut self, xs: KVar) -> Thunk {
        let i = self.var("i", VarType::Scalar(INT));
        Thunk { params: vec![i], body: GExpr::read(xs, GExpr::var(i)) }
    }
    fn op(&mut self, kind: &str) -> Thunk {
        let (a, b) = (self.var("a", VarType::Scalar(INT)), self.var("b", VarType::Scalar(INT)));
        let body = match kind {
            "+" => GExpr::binary(BinaryOp::Add, INT, GExpr::var(a), GExpr::var(b)),
            // The last non-zero element: associative, not commutative.
            _ => {
                GExpr::if_(GExpr::binary(BinaryOp::Ne, INT, GExpr::var(b), GExpr::int(0)), GExpr::var(b), GExpr::var(a))
            }
        };
        Thunk { params: vec![a, b], body }
    }
    fn bind(&mut self, name: &str, ty: VarType, soac: Soac) -> KVar {
        let r = self.var(name, ty);
        self.kernel.body.push(SoacBinding { results: vec![r], soac });
        self.kernel.results.push(r);
        r
    }
}

fn ints(xs: &[i64]) -> Value {
    Value::Array(xs.iter().map(|x| Value::Scalar(vec![Const::Int(*x)])).collect())
}

/// Segments of `lengths` (offsets their exclusive sums) over values drawn
/// from `seed`, bound to the parameters `(data, lengths, offsets)`.
fn segmented_inputs((data, ls, os): (KVar, KVar, KVar), lengths: &[i64], seed: i64) -> HashMap<KVar, Value> {
    let total: i64 = lengths.iter().sum();
    let offsets: Vec<i64> = lengths
        .iter()
        .scan(0, |acc, l| {
            let o = *acc;
            *acc += l;
            Some(o)
        })
        .collect();
    let values: Vec<i64> = (0..total).map(|k| (k * 7 + seed) % 5).collect();
    HashMap::from([(data, ints(&values)), (ls, ints(lengths)), (os, ints(&offsets))])
}

/// `segReduce` with the non-commutative `last` over segments of `lengths`
/// (values from `seed`): the kernel and its inputs.
fn last_seg_reduce(lengths: &[i64], seed: i64) -> (Kernel, HashMap<KVar, Value>) {
    let mut b = Builder::new();
    let data = b.param("data");
    let ls = b.param("lengths");
    let os = b.param("offsets");
    let pull = b.pull(data);
    let op = b.op("last");
    let segments = SegDesc { lengths: ls, offsets: os };
    b.bind("sums", VarType::Array(INT), Soac::SegReduce { segments, pull, neutral: vec![Const::Int(0)], op });
    let inputs = segmented_inputs((data, ls, os), lengths, seed);
    (b.kernel, inputs)
}

/// The int-array `inputs` of `kernel`'s parameters, in their order, as the
/// checked evaluator takes them.
fn flat_args(kernel: &Kernel, inputs: &HashMap<KVar, Value>) -> Vec<FlatValue> {
    let int = |x: &Value| match x {
        Value::Scalar(c) => match c[..] {
            [Const::Int(i)] => i,
            _ => unreachable!("int inputs"),
        },
        _ => unreachable!("int inputs"),
    };
    kernel
        .params
        .iter()
        .map(|v| match &inputs[v] {
            Value::Array(items) => FlatValue::Array(ArrayValue::ints(items.iter().map(int).collect())),
            _ => unreachable!("the inputs are arrays"),
        })
        .collect()
}

/// `low` without the stages `drop` picks.
fn without_stages(low: &LiftKernel, drop: &dyn Fn(&lift_ir::ir::Stage) -> bool) -> LiftKernel {
    let mut k = low.clone();
    k.stages.retain(|s| !drop(s));
    k
}

fn data() -> impl Strategy<Value = Vec<i64>> {
    prop::collection::vec(prop_oneof![Just(0i64), -50i64..50], 0..80)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// reduce-partial, split-kernel, partRed-workgroup-tree,
    /// reorder-commutative and reduce-single-workgroup.
    #[test]
    fn reductions(xs in data()) {
        for kind in ["+", "last"] {
            let mut b = Builder::new();
            let p = b.param("xs");
            let pull = b.pull(p);
            let op = b.op(kind);
            b.bind("r", VarType::Scalar(INT), Soac::Reduce { size: GExpr::Length(p), pull, neutral: vec![Const::Int(0)], op });
            let mut rules = vec!["reduce-partial", "split-kernel", "partRed-workgroup-tree", "reduce-single-workgroup"];
            if kind == "+" {
                rules.push("reorder-commutative");
            }
            levels_agree(&b.kernel, HashMap::from([(p, ints(&xs))]), &rules);
        }
    }

    /// scan-lookback (an int operator), scan-blocks.
    #[test]
    fn scans(xs in data()) {
        for kind in ["+", "last"] {
            let mut b = Builder::new();
            let p = b.param("xs");
            let pull = b.pull(p);
            let op = b.op(kind);
            b.bind("s", VarType::Array(INT), Soac::Scan { size: GExpr::Length(p), pull, neutral: vec![Const::Int(0)], op });
            levels_agree(&b.kernel, HashMap::from([(p, ints(&xs))]), &["scan"]);
        }
    }

    /// map-to-mapGlb, and the scatter of an unchecked PERMUTE (reversal).
    #[test]
    fn maps_and_permutes(xs in data()) {
        let mut b = Builder::new();
        let p = b.param("xs");
        let i = b.var("i", VarType::Scalar(INT));
        let pull = Thunk { params: vec![i], body: GExpr::binary(BinaryOp::Mul, INT, GExpr::read(p, GExpr::var(i)), GExpr::int(3)) };
        b.bind("m", VarType::Array(INT), Soac::Map { size: GExpr::Length(p), pull });
        let values = b.pull(p);
        let j = b.var("j", VarType::Scalar(INT));
        let last = GExpr::binary(BinaryOp::Sub, INT, GExpr::Length(p), GExpr::int(1));
        let index = Thunk { params: vec![j], body: GExpr::binary(BinaryOp::Sub, INT, last, GExpr::var(j)) };
        b.bind("rev", VarType::Array(INT), Soac::Permute { size: GExpr::Length(p), values, index, check: None });
        levels_agree(&b.kernel, HashMap::from([(p, ints(&xs))]), &["map-to-mapGlb"]);
    }

    /// FILTER in one launch (filter-lookback), or its stages (flags,
    /// scan-blocks, count, scatter).
    #[test]
    fn filters(xs in data()) {
        let mut b = Builder::new();
        let p = b.param("xs");
        let pull = b.pull(p);
        let x = b.var("x", VarType::Scalar(INT));
        let pred = Thunk { params: vec![x], body: GExpr::binary(BinaryOp::Gt, INT, GExpr::var(x), GExpr::int(0)) };
        b.bind("kept", VarType::Array(INT), Soac::Filter { size: GExpr::Length(p), pull, pred, before: None });
        levels_agree(&b.kernel, HashMap::from([(p, ints(&xs))]), &["filter"]);
    }

    /// segReduce-segments, then segReduce-merge (a non-commutative
    /// operator, combined in order), with empty segments.
    #[test]
    fn segmented_reductions(lengths in prop::collection::vec(0i64..6, 0..20), seed in 0i64..100) {
        let (kernel, inputs) = last_seg_reduce(&lengths, seed);
        levels_agree(&kernel, inputs, &["segReduce-segments", "segReduce-merge"]);
    }

    /// segReduce-by-shape: teams, which gives up where a segment takes
    /// more than 4 of its batches (setting its flag, its values
    /// discarded), then merge under the flag's device guard; teams alone
    /// where the team is the whole group. Teams chosen, it agrees without
    /// merge's stages and has no result without its own; merge chosen, it
    /// has no result without merge's stages, nor without teams' (nothing
    /// sets the flag merge's guard reads). Segments of
    /// 500 to 800 (two chunks of 8 · 32 at least) take the chunk partials
    /// of `segReduce-long-chunks` where the team is the group. Batches of
    /// 2 or 6, and of 4 or 12 for short segments (12: teams that give up
    /// beyond 48 elements a lane leave those of more than 32 to the
    /// group).
    #[test]
    fn segmented_reductions_by_shape(
        lengths in prop::collection::vec(prop_oneof![16 => 0i64..4, 2 => 0i64..60, 1 => 500i64..800], 0..40),
        seed in 0i64..100,
        seg_batch in prop_oneof![Just(2i64), Just(6)],
        seg_short_batch in prop_oneof![Just(4i64), Just(12)],
    ) {
        let (kernel, inputs) = last_seg_reduce(&lengths, seed);
        let high = lift_ir::lower::lower_kernel(&kernel).expect("lowers");
        let l = 8;
        let cfg =
            Config { group_size: l, max_groups: 3, seg_reduce: SegReduce::ByShape, seg_batch, seg_short_batch, ..Config::default() };
        let low = lower_to_low_level_with(&high, &cfg).expect("rewrites");
        lift_ir::typecheck::check_kernel(&low).expect("low-level Lift type-checks");
        prop_assert!(low.rules_applied.iter().any(|r| r == "segReduce-by-shape"));
        let printed = lift_ir::print::print_kernel(&low);
        let expected = run(&high, &inputs).expect("high-level runs");
        // The choice: W = min(L, 2^⌊log2 max(1, ⌊3n / 2BS⌋)⌋) for batches
        // of B (the short batch where segments are shorter than 6 on
        // average), teams where no segment takes more than 4 batches a
        // lane.
        let (n, count) = (lengths.iter().sum::<i64>(), lengths.len() as i64);
        let lanes_of = |batch: i64| (1i64 << ((3 * n / (2 * batch * count).max(1)).max(1)).ilog2()).min(l);
        let whole_group = lanes_of(cfg.seg_batch) == l;
        let batch = if n < 6 * count { cfg.seg_short_batch } else { cfg.seg_batch };
        let lanes = lanes_of(batch);
        let longest = lengths.iter().copied().max().unwrap_or(0);
        let teams_chosen = whole_group || longest <= 4 * batch * lanes;
        let is_teams = |s: &lift_ir::ir::Stage| matches!(&s.body, lift_ir::ir::Expr::Apply(lift_ir::ir::Fun::SegReduceTeams(..), _));
        let is_chunks = |s: &lift_ir::ir::Stage| matches!(&s.body, lift_ir::ir::Expr::Apply(lift_ir::ir::Fun::SegReduceChunks(..), _));
        let is_merge = |s: &lift_ir::ir::Stage| s.guard.as_ref().is_some_and(|g| !g.at_most) && !is_chunks(s);
        prop_assert_eq!(low.stages.iter().filter(|s| is_chunks(s)).count(), 1, "{}", printed);
        // Teams with the chunk partials' fold where the team is the
        // group, without it elsewhere (batches of B, or the short batch
        // for short segments).
        prop_assert_eq!(low.stages.iter().filter(|s| is_teams(s)).count(), 3, "{}", printed);
        // The merge, whose carry-ins its group folds (the chunks' stage
        // runs only where the team is the group); its splits are written
        // by the teams that give up, which take tickets (note [splits
        // where teams give up]).
        prop_assert_eq!(low.stages.iter().filter(|s| is_merge(s)).count(), 1, "{}", printed);
        let splits_by_teams = |s: &lift_ir::ir::Stage| matches!(&s.body, lift_ir::ir::Expr::Apply(lift_ir::ir::Fun::SegReduceTeams(_, t), _) if t.gives_up.as_ref().is_some_and(|g| g.splits.is_some()));
        prop_assert_eq!(low.stages.iter().filter(|s| splits_by_teams(s)).count(), 2, "{}", printed);
        let without = |drop: &dyn Fn(&lift_ir::ir::Stage) -> bool| without_stages(&low, drop);
        // Teams' stages that give up: those where the team is narrower than
        // the group.
        let gives_up = |s: &lift_ir::ir::Stage| matches!(&s.body, lift_ir::ir::Expr::Apply(lift_ir::ir::Fun::SegReduceTeams(_, t), _) if t.gives_up.is_some());
        prop_assert_eq!(low.stages.iter().filter(|s| gives_up(s)).count(), 2, "{}", printed);
        let (chosen, agreeing) = if teams_chosen {
            (vec![without(&is_teams)], vec![low.clone(), without(&is_merge)])
        } else {
            (vec![without(&is_merge), without(&is_teams)], vec![low.clone()])
        };
        let args = flat_args(&kernel, &inputs);
        let checked_expected = eval_kernel(&high, args.clone()).expect("high-level runs (checked)");
        for k in &agreeing {
            let got = run(k, &inputs).unwrap_or_else(|e| panic!("{e}\n{printed}"));
            prop_assert_eq!(&got, &expected, "{}", printed);
            let got = eval_kernel(k, args.clone()).unwrap_or_else(|e| panic!("{e}\n{printed}"));
            prop_assert_eq!(&got, &checked_expected, "{}", printed);
        }
        for k in &chosen {
            prop_assert!(run(k, &inputs).is_err(), "a result without the chosen lowering ({teams_chosen}):\n{}", printed);
            prop_assert!(eval_kernel(k, args.clone()).is_err(), "a result without the chosen lowering ({teams_chosen}):\n{}", printed);
        }
    }

    /// segReduce-binned: teams that list their long segments (more than 4
    /// batches a lane) and a stage that serves the list, a group of 4 a
    /// segment, where the team is narrower than the group; teams with
    /// the chunk partials where it is the group. Both evaluators agree
    /// with the high-level Lift on a non-commutative operator (`last`);
    /// without the listing teams the result has holes wherever a segment
    /// is not listed (the evaluators give a listed segment its serving
    /// group's value in both stages; the OpenCL tests run the kernels).
    #[test]
    fn segmented_reductions_binned(
        lengths in prop::collection::vec(prop_oneof![16 => 0i64..4, 2 => 0i64..60, 1 => 500i64..800], 0..40),
        seed in 0i64..100,
    ) {
        let (kernel, inputs) = last_seg_reduce(&lengths, seed);
        let high = lift_ir::lower::lower_kernel(&kernel).expect("lowers");
        let l = 8;
        let cfg = Config { group_size: l, max_groups: 3, seg_reduce: SegReduce::Binned, seg_list_group: 4, ..Config::default() };
        let low = lower_to_low_level_with(&high, &cfg).expect("rewrites");
        lift_ir::typecheck::check_kernel(&low).expect("low-level Lift type-checks");
        prop_assert!(low.rules_applied.iter().any(|r| r == "segReduce-binned"));
        let printed = lift_ir::print::print_kernel(&low);
        let expected = run(&high, &inputs).expect("high-level runs");
        let (n, count) = (lengths.iter().sum::<i64>(), lengths.len() as i64);
        let lanes_of = |batch: i64| (1i64 << ((3 * n / (2 * batch * count).max(1)).max(1)).ilog2()).min(l);
        let whole_group = lanes_of(cfg.seg_batch) == l;
        let batch = if n < 6 * count { cfg.seg_short_batch } else { cfg.seg_batch };
        let unlisted = !whole_group && lengths.iter().any(|&len| len <= (4 * batch).min(32) * lanes_of(batch));
        let list_of = |s: &lift_ir::ir::Stage| match &s.body {
            lift_ir::ir::Expr::Apply(lift_ir::ir::Fun::SegReduceTeams(_, t), _) => t.list.as_ref().map(|l| l.serves),
            _ => None,
        };
        prop_assert_eq!(low.stages.iter().filter(|s| list_of(s) == Some(false)).count(), 2, "{}", printed);
        prop_assert_eq!(low.stages.iter().filter(|s| list_of(s) == Some(true)).count(), 1, "{}", printed);
        let without = |drop: &dyn Fn(&lift_ir::ir::Stage) -> bool| without_stages(&low, drop);
        let args = flat_args(&kernel, &inputs);
        let checked_expected = eval_kernel(&high, args.clone()).expect("high-level runs (checked)");
        let got = run(&low, &inputs).unwrap_or_else(|e| panic!("{e}\n{printed}"));
        prop_assert_eq!(&got, &expected, "{}", printed);
        let got = eval_kernel(&low, args.clone()).unwrap_or_else(|e| panic!("{e}\n{printed}"));
        prop_assert_eq!(&got, &checked_expected, "{}", printed);
        if unlisted {
            let serving_only = without(&|s| list_of(s) == Some(false));
            prop_assert!(run(&serving_only, &inputs).is_err(), "a result without the listing teams:\n{}", printed);
            prop_assert!(eval_kernel(&serving_only, args).is_err(), "a result without the listing teams:\n{}", printed);
        }
    }

    /// segReduce-warp-teams (note [warp teams]) in groups of 128: the
    /// teams that give up in batches of 2 split by width, those of at
    /// most 32 lanes (`Teams::warp`) and the wider ones (64, rows of 90
    /// or so on average) each under its host condition, the short
    /// segments' teams (batches of 4) warp teams too; with the
    /// configuration's `seg_warp_steps` 0, the stages of before. Both
    /// evaluators agree with the high-level Lift on a non-commutative
    /// operator (`last`) either way; where teams are chosen, one of width
    /// at most 32 that is not short, the result without the warp stage
    /// has holes (the other teams' stages did not run).
    #[test]
    fn segmented_reductions_by_warp_teams(
        lengths in prop::collection::vec(prop_oneof![4 => 0i64..4, 4 => 60i64..140, 1 => 0i64..20], 0..60),
        seed in 0i64..100,
    ) {
        let (kernel, inputs) = last_seg_reduce(&lengths, seed);
        let high = lift_ir::lower::lower_kernel(&kernel).expect("lowers");
        let l = 128;
        let on = Config { group_size: l, max_groups: 3, seg_reduce: SegReduce::ByShape, seg_batch: 2, ..Config::default() };
        let args = flat_args(&kernel, &inputs);
        let expected = run(&high, &inputs).expect("high-level runs");
        let checked_expected = eval_kernel(&high, args.clone()).expect("high-level runs (checked)");
        let is_teams = |s: &lift_ir::ir::Stage| matches!(&s.body, lift_ir::ir::Expr::Apply(lift_ir::ir::Fun::SegReduceTeams(..), _));
        let is_warp = |s: &lift_ir::ir::Stage| matches!(&s.body, lift_ir::ir::Expr::Apply(lift_ir::ir::Fun::SegReduceTeams(_, t), _) if t.warp.is_some());
        for steps in [4, 0] {
            let (cfg, warp) = (Config { seg_warp_steps: steps, ..on }, steps > 0);
            let low = lower_to_low_level_with(&high, &cfg).expect("rewrites");
            lift_ir::typecheck::check_kernel(&low).expect("low-level Lift type-checks");
            let printed = lift_ir::print::print_kernel(&low);
            prop_assert_eq!(low.rules_applied.iter().any(|r| r == "segReduce-warp-teams"), warp, "{}", printed);
            prop_assert_eq!(low.stages.iter().filter(|s| is_teams(s)).count(), if warp { 4 } else { 3 }, "{}", printed);
            prop_assert_eq!(low.stages.iter().filter(|s| is_warp(s)).count(), if warp { 2 } else { 0 }, "{}", printed);
            let got = run(&low, &inputs).unwrap_or_else(|e| panic!("{e}\n{printed}"));
            prop_assert_eq!(&got, &expected, "{}", printed);
            let got = eval_kernel(&low, args.clone()).unwrap_or_else(|e| panic!("{e}\n{printed}"));
            prop_assert_eq!(&got, &checked_expected, "{}", printed);
            let (n, count) = (lengths.iter().sum::<i64>(), lengths.len() as i64);
            let lanes = (1i64 << ((3 * n / (4 * count).max(1)).max(1)).ilog2()).min(l);
            let longest = lengths.iter().copied().max().unwrap_or(0);
            if warp && n >= 6 * count && lanes <= 32 && longest <= 8 * lanes {
                let without = without_stages(&low, &|s| is_warp(s));
                prop_assert!(run(&without, &inputs).is_err(), "a result without the warp teams:\n{}", printed);
            }
        }
    }

    /// segScan-segments, then segScan-lookback (tiles that find their
    /// heads in the descriptor) or segScan-flag-pairs (scan-blocks over
    /// int pairs, then the select of each position).
    #[test]
    fn segmented_scans(lengths in prop::collection::vec(0i64..6, 0..20), seed in 0i64..100) {
        let mut b = Builder::new();
        let data = b.param("data");
        let ls = b.param("lengths");
        let os = b.param("offsets");
        let pull = b.pull(data);
        let op = b.op("last");
        let segments = SegDesc { lengths: ls, offsets: os };
        let soac = Soac::SegScan { segments, elements: GExpr::Length(data), pull, neutral: vec![Const::Int(0)], op };
        b.bind("prefixes", VarType::Array(INT), soac);
        let inputs = segmented_inputs((data, ls, os), &lengths, seed);
        levels_agree(&b.kernel, inputs, &["segScan-segments", "segscan"]);
    }
}

#[test]
fn barriers_follow_only_the_map_lcls_that_write_local_memory() {
    let mut b = Builder::new();
    let p = b.param("xs");
    let pull = b.pull(p);
    let op = b.op("+");
    b.bind("r", VarType::Scalar(INT), Soac::Reduce { size: GExpr::Length(p), pull, neutral: vec![Const::Int(0)], op });
    let high = lift_ir::lower::lower_kernel(&b.kernel).unwrap();
    let low = lift_ir::rules::lower_to_low_level(&high).unwrap();
    for stage in &low.stages {
        // In the order of the expression (outermost first): the write of
        // the group's value to global memory needs no barrier; each step of
        // the tree and the per-work-item reduction into local memory do.
        assert_eq!(lift_ir::barriers::barrier_flags(&stage.body), vec![false, true, true], "{}", stage.name);
    }
    let printed = lift_ir::print::print_kernel(&low);
    assert!(printed.contains("toLocal(mapLcl(0)"), "{printed}");
    assert!(printed.contains("iterate(8)"), "{printed}");
    assert!(printed.contains("gather(reorderStride(chunk))"), "{printed}");
    assert!(printed.contains("toGlobal(mapLcl(0)(mapSeq(id))[no barrier])"), "{printed}");
}
