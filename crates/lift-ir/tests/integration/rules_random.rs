//! Every rewrite rule and every SOAC's lowering on random inputs, with the
//! Lift evaluator (`lift_ir::eval`) as the oracle: a random flat kernel
//! (random scalar code over int or float data, random lengths including 0,
//! 1 and lengths around and past the work-group size) runs in the flat-IR
//! evaluator, as high-level Lift (`lower_kernel`) and as low-level Lift
//! (`lower_to_low_level`); all three must agree exactly. Float data are
//! small multiples of 1/4 so that every sum and product the reductions
//! reorder is exact; a float pull ends in `+ 0.0` so that no `-0.0` makes a
//! `min` or `max` tie depend on the order.
//!
//! Each test names the rules it exercises and checks that the lowering
//! applied them (`LiftKernel::rules_applied`).

use flatten::eval::{ArrayValue, FlatValue, run_kernel};
use flatten::ir::{
    BinaryOp, Block, Const, FlatProgram, GExpr, HostFunction, KVar, Kernel, KernelId, Scalar, SegDesc, Soac,
    SoacBinding, Thunk, UnaryOp, VarType,
};
use lift_ir::eval::checked::eval_kernel;
use lift_ir::ir::{Expr, Fun, LiftKernel, Stage, UserFun, UserFunDef};
use lift_ir::rules::{Config, SegReduce, SegmentTiles};
use proptest::prelude::*;

// --- Random scalar code ----------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq)]
enum Elem {
    Int,
    Float,
}

impl Elem {
    fn scalar(self) -> Scalar {
        match self {
            Elem::Int => Scalar::Int,
            Elem::Float => Scalar::Float,
        }
    }

    /// The value of a random datum `k`: `k`, or `k / 4`.
    fn constant(self, k: i64) -> Const {
        match self {
            Elem::Int => Const::Int(k),
            Elem::Float => Const::Float(k as f64 / 4.0),
        }
    }

    fn array(self, data: &[i64]) -> FlatValue {
        FlatValue::Array(match self {
            Elem::Int => ArrayValue::ints(data.to_vec()),
            Elem::Float => ArrayValue::floats(data.iter().map(|&k| k as f64 / 4.0).collect()),
        })
    }
}

/// A scalar expression of `xs[i]`, `ys[i]` and `i`.
#[derive(Clone, Debug)]
enum Shape {
    X,
    Y,
    I,
    Const(i64),
    /// Add, Sub, Mul, Min, Max.
    Bin(u8, Box<Shape>, Box<Shape>),
    /// `if a < b then c else d`
    IfLt(Box<Shape>, Box<Shape>, Box<Shape>, Box<Shape>),
}

fn shape() -> impl Strategy<Value = Shape> {
    let leaf = prop_oneof![Just(Shape::X), Just(Shape::Y), Just(Shape::I), (-4i64..5).prop_map(Shape::Const)];
    leaf.prop_recursive(3, 12, 4, |inner| {
        prop_oneof![
            3 => (0u8..5, inner.clone(), inner.clone()).prop_map(|(op, a, b)| Shape::Bin(op, Box::new(a), Box::new(b))),
            1 => (inner.clone(), inner.clone(), inner.clone(), inner)
                .prop_map(|(a, b, c, d)| Shape::IfLt(Box::new(a), Box::new(b), Box::new(c), Box::new(d))),
        ]
    })
}

/// A reduction operator and its neutral element.
#[derive(Clone, Copy, Debug)]
enum Op {
    Add,
    Max,
    Min,
    /// Ints only: wrapping products are exact in any order.
    Mul,
    /// `if b != 0 then b else a`: the last non-zero element, associative
    /// but not commutative (catches a rule that reorders elements).
    Last,
}

fn op(elem: Elem) -> impl Strategy<Value = Op> {
    match elem {
        Elem::Int => prop_oneof![Just(Op::Add), Just(Op::Max), Just(Op::Min), Just(Op::Mul), Just(Op::Last)].boxed(),
        Elem::Float => prop_oneof![Just(Op::Add), Just(Op::Max), Just(Op::Min), Just(Op::Last)].boxed(),
    }
}

impl Op {
    /// `a op b`.
    fn apply(self, elem: Elem, a: GExpr, b: GExpr) -> GExpr {
        let s = elem.scalar();
        let op = match self {
            Op::Add => BinaryOp::Add,
            Op::Max => BinaryOp::Max,
            Op::Min => BinaryOp::Min,
            Op::Mul => BinaryOp::Mul,
            Op::Last => {
                let zero = GExpr::Const(elem.constant(0));
                return GExpr::if_(GExpr::binary(BinaryOp::Ne, s, b.clone(), zero), b, a);
            }
        };
        GExpr::binary(op, s, a, b)
    }

    /// Whether the rules may reorder the elements (float `min` and `max`
    /// keep the first of `-0.0` and `0.0`, so they do not commute).
    fn commutes(self, elem: Elem) -> bool {
        match self {
            Op::Add | Op::Mul => true,
            Op::Max | Op::Min => elem == Elem::Int,
            Op::Last => false,
        }
    }

    fn neutral(self, elem: Elem) -> Const {
        match (self, elem) {
            (Op::Add | Op::Last, Elem::Int) => Const::Int(0),
            (Op::Add | Op::Last, Elem::Float) => Const::Float(0.0),
            (Op::Mul, Elem::Int) => Const::Int(1),
            (Op::Mul, Elem::Float) => Const::Float(1.0),
            (Op::Max, Elem::Int) => Const::Int(i64::MIN),
            (Op::Max, Elem::Float) => Const::Float(f64::NEG_INFINITY),
            (Op::Min, Elem::Int) => Const::Int(i64::MAX),
            (Op::Min, Elem::Float) => Const::Float(f64::INFINITY),
        }
    }
}

// --- Kernels ---------------------------------------------------------------------

/// A flat kernel under construction over parameters `xs`, `ys` (of one
/// length), a segment descriptor `ls`, `os` over them, and an int `m`.
struct Builder {
    kernel: Kernel,
    elem: Elem,
    xs: KVar,
    ys: KVar,
    ls: KVar,
    os: KVar,
    m: KVar,
}

impl Builder {
    fn new(elem: Elem) -> Builder {
        let mut kernel = Kernel { name: "k".into(), params: vec![], body: vec![], results: vec![], vars: vec![] };
        let xs = kernel.new_var("xs", VarType::Array(elem.scalar()));
        let ys = kernel.new_var("ys", VarType::Array(elem.scalar()));
        let ls = kernel.new_var("ls", VarType::Array(Scalar::Int));
        let os = kernel.new_var("os", VarType::Array(Scalar::Int));
        let m = kernel.new_var("m", VarType::Scalar(Scalar::Int));
        kernel.params = vec![xs, ys, ls, os, m];
        Builder { kernel, elem, xs, ys, ls, os, m }
    }

    fn scalar(&mut self, name: &str, s: Scalar) -> KVar {
        self.kernel.new_var(name, VarType::Scalar(s))
    }

    fn array(&mut self, name: &str) -> KVar {
        self.kernel.new_var(name, VarType::Array(self.elem.scalar()))
    }

    fn bin(&self, op: BinaryOp, a: GExpr, b: GExpr) -> GExpr {
        GExpr::binary(op, self.elem.scalar(), a, b)
    }

    /// The value of `shape` at index `i`.
    fn value(&self, shape: &Shape, i: &GExpr) -> GExpr {
        match shape {
            Shape::X => GExpr::read(self.xs, i.clone()),
            Shape::Y => GExpr::read(self.ys, i.clone()),
            Shape::I => match self.elem {
                Elem::Int => i.clone(),
                // Small, so that products stay exact.
                Elem::Float => GExpr::unary(
                    UnaryOp::ToFloat,
                    Scalar::Int,
                    GExpr::binary(BinaryOp::Rem, Scalar::Int, i.clone(), GExpr::int(8)),
                ),
            },
            Shape::Const(k) => GExpr::Const(match self.elem {
                Elem::Int => Const::Int(*k),
                Elem::Float => Const::Float(*k as f64 / 2.0),
            }),
            Shape::Bin(op, a, b) => {
                let op = [BinaryOp::Add, BinaryOp::Sub, BinaryOp::Mul, BinaryOp::Min, BinaryOp::Max][*op as usize % 5];
                self.bin(op, self.value(a, i), self.value(b, i))
            }
            Shape::IfLt(a, b, c, d) => GExpr::if_(
                GExpr::binary(BinaryOp::Lt, self.elem.scalar(), self.value(a, i), self.value(b, i)),
                self.value(c, i),
                self.value(d, i),
            ),
        }
    }

    /// The value of `shape` with `x` for X, `y` for Y, and 1 for I.
    fn value_of(&self, shape: &Shape, x: &GExpr, y: &GExpr) -> GExpr {
        let sub = |s: &Shape| self.value_of(s, x, y);
        match shape {
            Shape::X => x.clone(),
            Shape::Y => y.clone(),
            Shape::I => GExpr::Const(self.elem.constant(1)),
            Shape::Const(_) => self.value(shape, &GExpr::int(0)),
            Shape::Bin(op, a, b) => {
                let op = [BinaryOp::Add, BinaryOp::Sub, BinaryOp::Mul, BinaryOp::Min, BinaryOp::Max][*op as usize % 5];
                self.bin(op, sub(a), sub(b))
            }
            Shape::IfLt(a, b, c, d) => {
                GExpr::if_(GExpr::binary(BinaryOp::Lt, self.elem.scalar(), sub(a), sub(b)), sub(c), sub(d))
            }
        }
    }

    /// `{ i => shape(i) }`, with `+ 0.0` on floats (no `-0.0`).
    fn pull(&mut self, shapes: &[Shape]) -> Thunk {
        let i = self.scalar("i", Scalar::Int);
        let mut values: Vec<GExpr> = shapes.iter().map(|s| self.value(s, &GExpr::Var(i))).collect();
        if self.elem == Elem::Float {
            values = values.into_iter().map(|v| self.bin(BinaryOp::Add, v, GExpr::Const(Const::Float(0.0)))).collect();
        }
        let body = if values.len() == 1 { values.pop().unwrap() } else { GExpr::Tuple(values) };
        Thunk { params: vec![i], body }
    }

    /// The operator combining tuples component-wise by `ops`.
    fn operator(&mut self, ops: &[Op]) -> (Thunk, Vec<Const>) {
        let s = self.elem.scalar();
        let lhs: Vec<KVar> = ops.iter().map(|_| self.scalar("a", s)).collect();
        let rhs: Vec<KVar> = ops.iter().map(|_| self.scalar("b", s)).collect();
        let mut parts: Vec<GExpr> = ops
            .iter()
            .zip(lhs.iter().zip(&rhs))
            .map(|(op, (a, b))| op.apply(self.elem, GExpr::Var(*a), GExpr::Var(*b)))
            .collect();
        let body = if parts.len() == 1 { parts.pop().unwrap() } else { GExpr::Tuple(parts) };
        let neutral = ops.iter().map(|op| op.neutral(self.elem)).collect();
        (Thunk { params: [lhs, rhs].concat(), body }, neutral)
    }

    fn bind(&mut self, results: Vec<KVar>, soac: Soac) {
        self.kernel.body.push(SoacBinding { results, soac });
    }

    fn finish(mut self, results: Vec<KVar>) -> Kernel {
        self.kernel.results = results;
        self.kernel
    }
}

/// Random values for the parameters: `n` elements each in `xs` and `ys`, a
/// segment descriptor over `n` elements (empty segments included), `m`.
#[derive(Clone, Debug)]
struct Inputs {
    xs: Vec<i64>,
    ys: Vec<i64>,
    lengths: Vec<i64>,
    m: i64,
}

impl Inputs {
    fn args(&self, elem: Elem) -> Vec<FlatValue> {
        let offsets: Vec<i64> = self.lengths.iter().scan(0, |acc, &l| Some(std::mem::replace(acc, *acc + l))).collect();
        vec![
            elem.array(&self.xs),
            elem.array(&self.ys),
            FlatValue::Array(ArrayValue::ints(self.lengths.clone())),
            FlatValue::Array(ArrayValue::ints(offsets)),
            FlatValue::Scalar(flatten::eval::ScalarValue::Int(self.m)),
        ]
    }
}

/// Lengths: empty, tiny, around one work-group (256), several groups.
fn length() -> impl Strategy<Value = usize> {
    prop_oneof![0usize..=3, 250usize..=260, 511usize..=513, 0usize..=1300]
}

fn inputs_of_length(n: impl Strategy<Value = usize>) -> impl Strategy<Value = Inputs> {
    n.prop_flat_map(|n| {
        (
            prop::collection::vec(-16i64..16, n),
            prop::collection::vec(-16i64..16, n),
            prop::collection::vec(0..=n, 0..8),
            prop_oneof![0i64..=3, 0i64..=600],
        )
            .prop_map(move |(xs, ys, mut cuts, m)| {
                cuts.sort_unstable();
                let mut lengths = Vec::new();
                let mut last = 0;
                for c in cuts.into_iter().chain((n > 0).then_some(n)) {
                    lengths.push((c - last) as i64);
                    last = c;
                }
                Inputs { xs, ys, lengths, m }
            })
    })
}

fn inputs() -> impl Strategy<Value = Inputs> {
    inputs_of_length(length())
}

/// Segment descriptors of every shape: one huge segment (many work-groups
/// of one segment), many tiny ones (most of them empty or of one element),
/// runs of empty segments around long ones, a few huge ones among empty
/// ones (runs of many chunks, `segReduce-long-chunks`), and no segment at
/// all; the
/// data is as long as the segments add up to.
fn segmented_inputs() -> impl Strategy<Value = Inputs> {
    let lengths = prop_oneof![
        (0i64..=2600).prop_map(|n| vec![n]),
        prop::collection::vec(prop_oneof![3 => 0i64..=1, 1 => 2i64..=3], 0..700),
        prop::collection::vec(prop_oneof![Just(0i64), 0i64..=600], 0..12),
        (prop::collection::vec(0i64..=2, 0..40), 200i64..=1100, prop::collection::vec(0i64..=2, 0..40))
            .prop_map(|(before, long, after)| [before, vec![long], after].concat()),
        prop::collection::vec(prop_oneof![3 => Just(0i64), 1 => 300i64..=1500], 0..9),
        Just(vec![]),
        Just(vec![0, 0, 0]),
    ];
    lengths.prop_flat_map(|lengths| {
        let n = lengths.iter().sum::<i64>() as usize;
        (
            prop::collection::vec(-16i64..16, n),
            prop::collection::vec(-16i64..16, n),
            Just(lengths),
            prop_oneof![0i64..=3, 0i64..=600],
        )
            .prop_map(|(xs, ys, lengths, m)| Inputs { xs, ys, lengths, m })
    })
}

fn elem() -> impl Strategy<Value = Elem> {
    prop_oneof![Just(Elem::Int), Just(Elem::Float)]
}

// --- The check -------------------------------------------------------------------

fn program_of(kernel: &Kernel) -> FlatProgram {
    FlatProgram {
        kernels: vec![kernel.clone()],
        functions: vec![],
        main: HostFunction { name: "main".into(), params: vec![], body: Block::default(), vars: vec![] },
        fault_sites: vec![],
        datatypes: vec![],
    }
}

/// The kernel's results in the flat-IR evaluator.
fn flat_results(kernel: &Kernel, args: &[FlatValue]) -> Vec<FlatValue> {
    let program = program_of(kernel);
    flatten::ir::verify::verify(&program)
        .unwrap_or_else(|e| panic!("{e}\n{}", flatten::ir::print::print_kernel(kernel)));
    run_kernel(&program, KernelId(0), args.to_vec()).unwrap_or_else(|e| panic!("the flat kernel fails: {e}"))
}

/// `high` and its lowering agree with `expected`; the lowering applied
/// every rule of `rules`.
fn check_lift(
    high: &LiftKernel,
    args: &[FlatValue],
    expected: &[FlatValue],
    rules: &[&str],
) -> Result<(), TestCaseError> {
    let high_results = eval_kernel(high, args.to_vec())
        .map_err(|e| TestCaseError::fail(format!("high-level: {e}\n{}", lift_ir::print::print_kernel(high))))?;
    prop_assert_eq!(&high_results, expected, "high-level Lift\n{}", lift_ir::print::print_kernel(high));
    // The default work-groups, and small ones, so that small inputs reach
    // several groups, several elements per work-item and padding.
    for cfg in CONFIGS {
        let low = lift_ir::rules::lower_to_low_level_with(high, cfg).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let printed = lift_ir::print::print_kernel(&low);
        for rule in rules {
            let rule = scan_rule(rule, cfg);
            // `a|b`: either rule.
            prop_assert!(
                rule.split('|').any(|r| low.rules_applied.iter().any(|a| a == r)),
                "{} not applied: {:?}",
                rule,
                low.rules_applied
            );
        }
        let low_results = eval_kernel(&low, args.to_vec())
            .map_err(|e| TestCaseError::fail(format!("low-level ({cfg:?}): {e}\n{printed}")))?;
        prop_assert_eq!(&low_results, expected, "low-level Lift ({:?})\n{}", cfg, printed);
    }
    Ok(())
}

/// The flat kernel, its high-level Lift and its low-level Lift agree on
/// `inputs`.
fn check(kernel: &Kernel, elem: Elem, inputs: &Inputs, rules: &[&str]) -> Result<(), TestCaseError> {
    let args = inputs.args(elem);
    let expected = flat_results(kernel, &args);
    let high = lift_ir::lower::lower_kernel(kernel).map_err(|e| TestCaseError::fail(e.to_string()))?;
    check_lift(&high, &args, &expected, rules)
}

const CONFIGS: &[Config] = &[
    // The defaults: a segmented reduction by shape (the teams' stage on
    // even segments, the merge's on a long one among tiny ones).
    Config {
        group_size: lift_ir::rules::REDUCE_GROUP_SIZE,
        max_groups: lift_ir::rules::REDUCE_MAX_GROUPS,
        scan_local_bytes: lift_ir::rules::SCAN_LOCAL_BYTES,
        seg_scan_local_bytes: lift_ir::rules::SEG_SCAN_LOCAL_BYTES,
        scan_levels: lift_ir::rules::SCAN_LEVELS,
        lookback: true,
        warp_lookback: true,
        seg_reduce: SegReduce::ByShape,
        seg_batch: lift_ir::seg_reduce::SEG_BATCH,
        seg_short_batch: lift_ir::seg_reduce::SEG_SHORT_BATCH,
        seg_guarded_groups: lift_ir::seg_reduce::SEG_GUARDED_GROUPS,
        seg_team_tickets: true,
        merge_items: None,
        merge_group_size: None,
        merge_groups: lift_ir::seg_reduce::MERGE_GROUPS,
        scan_lookback_items: lift_ir::lookback::GATHER_SCAN_ITEMS,
        segment_tiles: SegmentTiles::Always,
        seg_list_group: lift_ir::seg_reduce::SEG_LIST_GROUP,
        seg_warp_steps: lift_ir::seg_reduce::SEG_WARP_STEPS,
        seg_stream_loads: lift_ir::seg_reduce::SEG_STREAM_LOADS,
    },
    // Look-back tiles of 2 · 9 ints (pairs: 2 · 1; a filter's tile: 2 · 9
    // of one component, 2 · 3 of two); float scans by tiles of 2 · 5
    // elements of one component (of two or three: 2 · 1), their totals
    // scanned by tiles once more (`scan-tiles-nested`).
    Config {
        group_size: 2,
        max_groups: 3,
        scan_local_bytes: 240,
        seg_scan_local_bytes: 240,
        scan_levels: 1,
        lookback: true,
        warp_lookback: true,
        seg_reduce: SegReduce::Merge,
        seg_batch: 3,
        seg_short_batch: 6,
        seg_guarded_groups: 2,
        seg_team_tickets: true,
        merge_items: None,
        merge_group_size: None,
        merge_groups: 3,
        // Look-back scans of 2 · 3 (an even cap takes the odd below it).
        scan_lookback_items: 4,
        segment_tiles: SegmentTiles::Always,
        seg_list_group: 2,
        seg_warp_steps: 4,
        seg_stream_loads: false,
    },
    // No look-back: scan tiles of 8 · 11 elements of one component (pairs:
    // 8 · 5; triples: 8 · 1), `filter-flags-fused`.
    Config {
        group_size: 8,
        max_groups: 5,
        scan_local_bytes: 1600,
        seg_scan_local_bytes: 1600,
        scan_levels: 1,
        lookback: false,
        warp_lookback: true,
        seg_reduce: SegReduce::Merge,
        seg_batch: 1,
        seg_short_batch: 2,
        seg_guarded_groups: 3,
        seg_team_tickets: false,
        merge_items: None,
        merge_group_size: None,
        merge_groups: 2,
        scan_lookback_items: lift_ir::lookback::LOOKBACK_MAX_ITEMS,
        segment_tiles: SegmentTiles::BySize,
        seg_list_group: 4,
        seg_warp_steps: 4,
        seg_stream_loads: false,
    },
    // No tiles: `scan-blocks` (the fallback for elements too wide).
    Config {
        group_size: 4,
        max_groups: 3,
        scan_local_bytes: 0,
        seg_scan_local_bytes: 0,
        scan_levels: 0,
        lookback: true,
        warp_lookback: true,
        seg_reduce: SegReduce::Teams,
        seg_batch: 2,
        seg_short_batch: 4,
        seg_guarded_groups: 4,
        seg_team_tickets: true,
        merge_items: None,
        merge_group_size: None,
        merge_groups: lift_ir::seg_reduce::MERGE_GROUPS,
        scan_lookback_items: lift_ir::lookback::LOOKBACK_MAX_ITEMS,
        segment_tiles: SegmentTiles::Never,
        seg_list_group: 4,
        seg_warp_steps: 4,
        seg_stream_loads: false,
    },
    // segReduce-binned: teams of groups of 8 listing their long segments
    // (batches of 3, or of 6 where segments are short on average), the
    // listed ones served by groups of 4.
    Config {
        group_size: 8,
        max_groups: 3,
        scan_local_bytes: lift_ir::rules::SCAN_LOCAL_BYTES,
        seg_scan_local_bytes: lift_ir::rules::SEG_SCAN_LOCAL_BYTES,
        scan_levels: lift_ir::rules::SCAN_LEVELS,
        lookback: true,
        warp_lookback: true,
        seg_reduce: SegReduce::Binned,
        seg_batch: 3,
        seg_short_batch: 6,
        seg_guarded_groups: 2,
        seg_team_tickets: true,
        merge_items: None,
        merge_group_size: None,
        merge_groups: lift_ir::seg_reduce::MERGE_GROUPS,
        scan_lookback_items: lift_ir::lookback::GATHER_SCAN_ITEMS,
        segment_tiles: SegmentTiles::BySize,
        seg_list_group: 4,
        seg_warp_steps: 4,
        seg_stream_loads: false,
    },
];

/// The placeholder of the rule a scan of `k` components is lowered by
/// (`scan_rule` names it for each configuration).
fn scan_of(k: usize, elem: Elem) -> String {
    format!("@scan{k}{}", if elem == Elem::Int { "i" } else { "f" })
}

/// The rule a configuration lowers by, for a placeholder: a scan of `k`
/// ints or floats (`@scan2i`) by `scan-lookback` (ints, where a tile
/// fits), `scan-tiles` or `scan-blocks`; a filter of `k` components
/// (`@filter2`) by `filter-lookback` or `filter-flags-fused`.
fn scan_rule(rule: &str, cfg: &Config) -> String {
    // The configurations of teams only; by shape applies both.
    if rule == "segReduce-merge" && cfg.seg_reduce == SegReduce::Teams {
        return "segReduce-teams".into();
    }
    if rule == "segReduce-merge" && cfg.seg_reduce == SegReduce::Binned {
        return "segReduce-binned".into();
    }
    // Merge alone needs no chunks' partials (a long segment's carry-in is
    // the carry-outs of its tiles: note [merge carries]); its fallback to
    // teams, for more than two components, has them.
    if rule == "segReduce-long-chunks" && cfg.seg_reduce == SegReduce::Merge {
        return "segReduce-merge|segReduce-long-chunks".into();
    }
    if let Some(spec) = rule.strip_prefix("@scan") {
        let k: usize = spec[..1].parse().expect("a component count");
        let exact = spec.ends_with('i');
        return if cfg.lookback && exact && lift_ir::lookback::lookback_items(k, k, cfg).is_some() {
            "scan-lookback".into()
        } else if lift_ir::rules::scan_tile_items(k, cfg).is_some() {
            "scan-tiles".into()
        } else {
            "scan-blocks".into()
        };
    }
    if let Some(spec) = rule.strip_prefix("@segscan") {
        let k: usize = spec[..1].parse().expect("a component count");
        let exact = spec.ends_with('i');
        return if cfg.lookback && exact && lift_ir::lookback::seg_lookback_items(k, cfg).is_some() {
            "segScan-lookback".into()
        } else {
            "segScan-flag-pairs".into()
        };
    }
    if let Some(spec) = rule.strip_prefix("@filters") {
        let (k, filters) = spec.split_once(',').expect("components and filters");
        let (k, filters): (usize, usize) = (k.parse().expect("a count"), filters.parse().expect("a count"));
        return if cfg.lookback && lift_ir::lookback::filters_lookback_items(k, filters, cfg).is_some() {
            "filters-lookback".into()
        } else {
            scan_rule(&format!("@filter{k}"), cfg)
        };
    }
    if rule == "@horizontal" {
        // The default local memory holds every tile of these tests; the
        // small configurations' does not (each part alone then).
        return if cfg.lookback && cfg.scan_local_bytes >= lift_ir::rules::SCAN_LOCAL_BYTES {
            "lookback-horizontal".into()
        } else {
            "traversal-horizontal".into()
        };
    }
    if let Some(spec) = rule.strip_prefix("@along") {
        // A map along a scan of `k` ints: `scan-lookback` takes it.
        return if scan_rule(&format!("@scan{spec}"), cfg) == "scan-lookback" {
            "map-along-scan-lookback".into()
        } else {
            "map-to-mapGlb".into()
        };
    }
    if rule == "@segment-tiles" {
        return if cfg.segment_tiles == SegmentTiles::Never { "map-to-mapGlb" } else { "map-tile-segment-ids" }.into();
    }
    if let Some(spec) = rule.strip_prefix("@filter") {
        let k: usize = spec.parse().expect("a component count");
        return if cfg.lookback && lift_ir::lookback::filter_lookback_items(k, cfg).is_some() {
            "filter-lookback".into()
        } else {
            "filter-flags-fused".into()
        };
    }
    rule.to_string()
}

/// The rules of a segmented scan of `k` components of `elem`: one
/// look-back scan whose tiles find their heads (ints, where a tile fits),
/// or a scan of (head flag, value) pairs (`@segscan2i`, named for each
/// configuration by `scan_rule`).
fn segmented_rules(k: usize, elem: Elem) -> Vec<String> {
    vec!["segScan-segments".into(), format!("@segscan{k}{}", if elem == Elem::Int { "i" } else { "f" })]
}

fn strs(rules: &[String]) -> Vec<&str> {
    rules.iter().map(String::as_str).collect()
}

const REDUCTION_RULES: &[&str] =
    &["reduce-partial", "split-kernel", "partRed-workgroup-tree", "reduce-single-workgroup"];

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig { cases, ..ProptestConfig::default() }
}

// --- One SOAC kind per test --------------------------------------------------------

proptest! {
    #![proptest_config(config(48))]

    /// MAP: `map(id) $ generate(n, pull)`, by `map-to-mapGlb`; one result
    /// or two (a tuple).
    #[test]
    fn map(elem in elem(), shapes in prop::collection::vec(shape(), 1..3), inputs in inputs()) {
        let mut b = Builder::new(elem);
        let results: Vec<KVar> = shapes.iter().map(|_| b.array("r")).collect();
        let pull = b.pull(&shapes);
        let xs = b.xs;
        b.bind(results.clone(), Soac::Map { size: GExpr::Length(xs), pull });
        check(&b.finish(results), elem, &inputs, &["map-to-mapGlb"])?;
    }

    /// MAP whose pull finds its element's segment by searching the
    /// offsets at its own position (flattening's gather of a segment's
    /// element), by `map-tile-segment-ids` (the segments of each tile of
    /// positions found once) or `map-to-mapGlb` (a search per element):
    /// `(xs[i] + ls[s]) * (i - os[s])` and `s` itself, `s` the segment of
    /// `i` (through a `let` of `i` in one of them, and a search at `i /
    /// 2` besides, which stays a search), over segment descriptors of
    /// every shape (one huge segment, many empty ones, none).
    #[test]
    fn map_of_segments(inputs in segmented_inputs(), alias in any::<bool>(), other in any::<bool>()) {
        let mut b = Builder::new(Elem::Int);
        let (xs, ls, os) = (b.xs, b.ls, b.os);
        let results = vec![b.array("gathered"), b.array("segment")];
        let i = b.scalar("i", Scalar::Int);
        let j = b.scalar("j", Scalar::Int);
        let at = if alias { j } else { i };
        let search = |at: KVar| GExpr::SegmentOf { offsets: os, index: Box::new(GExpr::Var(at)) };
        let int = Scalar::Int;
        let s = b.scalar("s", int);
        let value = GExpr::binary(
            BinaryOp::Mul,
            int,
            GExpr::binary(BinaryOp::Add, int, GExpr::read(xs, GExpr::Var(i)), GExpr::read(ls, GExpr::Var(s))),
            GExpr::binary(BinaryOp::Sub, int, GExpr::Var(i), GExpr::read(os, GExpr::Var(s))),
        );
        // A search at another position (half the element's) stays a search.
        let second = if other {
            let half = GExpr::binary(BinaryOp::Div, int, GExpr::Var(i), GExpr::int(2));
            GExpr::binary(BinaryOp::Add, int, search(i), GExpr::SegmentOf { offsets: os, index: Box::new(half) })
        } else {
            search(i)
        };
        let body = GExpr::let_(vec![j], GExpr::Var(i), GExpr::let_(vec![s], search(at), GExpr::Tuple(vec![value, second])));
        b.bind(results.clone(), Soac::Map { size: GExpr::Length(xs), pull: Thunk { params: vec![i], body } });
        check(&b.finish(results), Elem::Int, &inputs, &["@segment-tiles"])?;
    }

    /// MAP over an int parameter's value (a `ValueOf` size).
    #[test]
    fn map_of_scalar_size(elem in elem(), shape in shape(), inputs in inputs()) {
        let mut b = Builder::new(elem);
        let r = b.array("r");
        let m = b.m;
        // Reads only i: the size is not #xs.
        let pull = b.pull(&[Shape::Bin(0, Box::new(Shape::I), Box::new(shape_without_arrays(&shape)))]);
        b.bind(vec![r], Soac::Map { size: GExpr::Var(m), pull });
        check(&b.finish(vec![r]), elem, &inputs, &["map-to-mapGlb"])?;
    }

    /// REDUCE: `reduce(op)(z, generate(n, pull))`, one component or two.
    #[test]
    fn reduce(elem in elem(), shapes in prop::collection::vec(shape(), 1..3), ops in prop::collection::vec(op(Elem::Int), 2), inputs in inputs()) {
        let ops = float_safe(elem, &ops[..shapes.len()]);
        let mut b = Builder::new(elem);
        let results: Vec<KVar> = shapes.iter().map(|_| b.scalar("s", elem.scalar())).collect();
        let pull = b.pull(&shapes);
        let (op, neutral) = b.operator(&ops);
        let xs = b.xs;
        b.bind(results.clone(), Soac::Reduce { size: GExpr::Length(xs), pull, neutral, op });
        let mut rules = REDUCTION_RULES.to_vec();
        if ops.iter().all(|op| op.commutes(elem)) {
            rules.push("reorder-commutative");
        }
        check(&b.finish(results), elem, &inputs, &rules)?;
    }

    /// ONCE after a REDUCE: `map(id) $ generate(1, once)` reading the
    /// reduction's scalar result and an int parameter.
    #[test]
    fn once(elem in elem(), shape in shape(), op in op(Elem::Int), inputs in inputs()) {
        let op = float_safe(elem, &[op])[0];
        let mut b = Builder::new(elem);
        let s = b.scalar("s", elem.scalar());
        let pull = b.pull(&[shape]);
        let (opt, neutral) = b.operator(&[op]);
        let xs = b.xs;
        b.bind(vec![s], Soac::Reduce { size: GExpr::Length(xs), pull, neutral, op: opt });
        let t = b.scalar("t", elem.scalar());
        let m = match elem {
            Elem::Int => GExpr::Var(b.m),
            Elem::Float => GExpr::unary(UnaryOp::ToFloat, Scalar::Int, GExpr::Var(b.m)),
        };
        // Clamped so that an infinite neutral element stays finite.
        let clamped = b.bin(BinaryOp::Max, b.bin(BinaryOp::Min, GExpr::Var(s), GExpr::Const(elem.constant(1000))), GExpr::Const(elem.constant(-1000)));
        let body = b.bin(BinaryOp::Add, b.bin(BinaryOp::Mul, clamped, GExpr::Const(elem.constant(2))), m);
        b.bind(vec![t], Soac::Once { body });
        let mut rules = REDUCTION_RULES.to_vec();
        rules.push("map-to-mapGlb");
        check(&b.finish(vec![s, t]), elem, &inputs, &rules)?;
    }

    /// SEG_REDUCE: a `reduce` of each segment (`segReduce-segments`), then
    /// one launch: for one component or two, work-groups taking equal
    /// shares of the merge of segment ends and elements
    /// (`segReduce-merge`, tiles of `L·V` items, carries between the
    /// work-items, a long segment's part before its last tile folded by
    /// the whole group and a tree, in order);
    /// for three, teams of work-items as wide as the average segment is
    /// long (`segReduce-teams`): lanes reading strided for commutative
    /// operators (`reorder-commutative`), contiguous chunks otherwise
    /// (`Last`). On segment descriptors of every shape (one huge segment,
    /// many tiny ones, empty ones; the small configurations' tiles of 16
    /// to 64 items make many tiles, chunks and carries). A pull that
    /// reads neither `xs` nor `ys` at its index leaves the element count
    /// to a `ONCE` on the device.
    #[test]
    fn seg_reduce(elem in elem(), shapes in prop::collection::vec(shape(), 1..4), ops in prop::collection::vec(op(Elem::Int), 3), inputs in segmented_inputs()) {
        let ops = float_safe(elem, &ops[..shapes.len()]);
        let mut b = Builder::new(elem);
        let results: Vec<KVar> = shapes.iter().map(|_| b.array("r")).collect();
        let pull = b.pull(&shapes);
        let (op, neutral) = b.operator(&ops);
        let segments = SegDesc { lengths: b.ls, offsets: b.os };
        b.bind(results.clone(), Soac::SegReduce { segments, pull, neutral, op });
        let mut rules = vec!["segReduce-segments", "segReduce-long-chunks"];
        if lift_ir::seg_reduce::merge_items(shapes.len()).is_some() {
            rules.push("segReduce-merge");
        } else {
            rules.push("segReduce-teams");
            if ops.iter().all(|op| op.commutes(elem)) {
                rules.push("reorder-commutative");
            }
        }
        check(&b.finish(results), elem, &inputs, &rules)?;
    }

    /// SEG_SCAN: one look-back scan whose tiles find their segment heads
    /// (`segScan-lookback`, ints), else the flat segmented scan over (head
    /// flag, value) pairs (`segScan-flag-pairs`), then `z` at each head and
    /// the scan elsewhere, on segment descriptors of every shape.
    #[test]
    fn seg_scan(elem in elem(), shapes in prop::collection::vec(shape(), 1..3), ops in prop::collection::vec(op(Elem::Int), 2), inputs in segmented_inputs()) {
        let ops = float_safe(elem, &ops[..shapes.len()]);
        let mut b = Builder::new(elem);
        let results: Vec<KVar> = shapes.iter().map(|_| b.array("r")).collect();
        let pull = b.pull(&shapes);
        let (op, neutral) = b.operator(&ops);
        let segments = SegDesc { lengths: b.ls, offsets: b.os };
        let elements = GExpr::Length(b.xs);
        b.bind(results.clone(), Soac::SegScan { segments, elements, pull, neutral, op });
        check(&b.finish(results), elem, &inputs, &strs(&segmented_rules(shapes.len(), elem)))?;
    }

    /// SCAN: `scan(op)(z, generate(n, pull))`, by `scan-lookback` (ints)
    /// or `scan-tiles`.
    #[test]
    fn scan(elem in elem(), shapes in prop::collection::vec(shape(), 1..3), ops in prop::collection::vec(op(Elem::Int), 2), inputs in inputs()) {
        let ops = float_safe(elem, &ops[..shapes.len()]);
        let mut b = Builder::new(elem);
        let results: Vec<KVar> = shapes.iter().map(|_| b.array("r")).collect();
        let pull = b.pull(&shapes);
        let (op, neutral) = b.operator(&ops);
        let xs = b.xs;
        b.bind(results.clone(), Soac::Scan { size: GExpr::Length(xs), pull, neutral, op });
        check(&b.finish(results), elem, &inputs, &[&scan_of(shapes.len(), elem)])?;
    }

    /// FILTER: flags, their scan, the count, and a `scatter` of the kept
    /// values (one result or two).
    #[test]
    fn filter(elem in elem(), shapes in prop::collection::vec(shape(), 1..3), pred in shape(), inputs in inputs()) {
        let mut b = Builder::new(elem);
        let results: Vec<KVar> = shapes.iter().map(|_| b.array("r")).collect();
        let pull = b.pull(&shapes);
        // pred(x..) = pred_shape with X the first value, Y the last.
        let s = elem.scalar();
        let params: Vec<KVar> = shapes.iter().map(|_| b.scalar("x", s)).collect();
        let (first, last) = (GExpr::Var(params[0]), GExpr::Var(*params.last().unwrap()));
        let body = GExpr::binary(BinaryOp::Lt, s, b.value_of(&pred, &first, &last), GExpr::Const(elem.constant(1)));
        let xs = b.xs;
        b.bind(results.clone(), Soac::Filter { size: GExpr::Length(xs), pull, pred: Thunk { params, body }, before: None });
        check(&b.finish(results), elem, &inputs, &[&format!("@filter{}", shapes.len())])?;
    }

    /// PERMUTE (unchecked): `scatter(index, n) o map(id) $ generate(n, values)`;
    /// the index is a rotation, a reversal, or a perfect shuffle of even lengths.
    #[test]
    fn permute(elem in elem(), shapes in prop::collection::vec(shape(), 1..3), kind in 0u8..3, k in 0i64..1000, inputs in inputs()) {
        let mut b = Builder::new(elem);
        let results: Vec<KVar> = shapes.iter().map(|_| b.array("r")).collect();
        let values = b.pull(&shapes);
        let xs = b.xs;
        let i = b.scalar("i", Scalar::Int);
        let int = |op, a, c| GExpr::binary(op, Scalar::Int, a, c);
        let n = GExpr::Length(xs);
        let index = match kind {
            // (i + k) mod n
            0 => int(BinaryOp::Rem, int(BinaryOp::Add, GExpr::Var(i), GExpr::int(k)), n),
            // n - 1 - i
            1 => int(BinaryOp::Sub, int(BinaryOp::Sub, n, GExpr::int(1)), GExpr::Var(i)),
            // i even: i / 2; odd: n / 2 + i / 2 (a permutation when n is even; else the reversal)
            _ if inputs.xs.len() % 2 == 0 => GExpr::if_(
                int(BinaryOp::Eq, int(BinaryOp::Rem, GExpr::Var(i), GExpr::int(2)), GExpr::int(0)),
                int(BinaryOp::Div, GExpr::Var(i), GExpr::int(2)),
                int(BinaryOp::Add, int(BinaryOp::Div, n.clone(), GExpr::int(2)), int(BinaryOp::Div, GExpr::Var(i), GExpr::int(2))),
            ),
            _ => int(BinaryOp::Sub, int(BinaryOp::Sub, n, GExpr::int(1)), GExpr::Var(i)),
        };
        let index = Thunk { params: vec![i], body: index };
        b.bind(results.clone(), Soac::Permute { size: GExpr::Length(xs), values, index, check: None });
        check(&b.finish(results), elem, &inputs, &["map-to-mapGlb"])?;
    }

    /// A MAP, a REDUCE of its result, a MAP reading both: later stages read
    /// earlier stages' results (and their lengths).
    #[test]
    fn chain(elem in elem(), shape in shape(), op in op(Elem::Int), inputs in inputs()) {
        let op = float_safe(elem, &[op])[0];
        let mut b = Builder::new(elem);
        let a = b.array("a");
        let pull = b.pull(&[shape]);
        let xs = b.xs;
        b.bind(vec![a], Soac::Map { size: GExpr::Length(xs), pull });
        let s = b.scalar("s", elem.scalar());
        let i = b.scalar("i", Scalar::Int);
        let pull = Thunk { params: vec![i], body: GExpr::read(a, GExpr::Var(i)) };
        let (opt, neutral) = b.operator(&[op]);
        b.bind(vec![s], Soac::Reduce { size: GExpr::Length(a), pull, neutral, op: opt });
        let r = b.array("r");
        let j = b.scalar("j", Scalar::Int);
        let body = b.bin(BinaryOp::Sub, GExpr::read(a, GExpr::Var(j)), GExpr::Var(s));
        b.bind(vec![r], Soac::Map { size: GExpr::Length(a), pull: Thunk { params: vec![j], body } });
        let mut rules = REDUCTION_RULES.to_vec();
        rules.push("map-to-mapGlb");
        check(&b.finish(vec![s, r]), elem, &inputs, &rules)?;
    }
}

proptest! {
    #![proptest_config(config(3))]

    /// REDUCE and SCAN over more than 256 · 1024 elements: two and more
    /// elements per work-item (`chunk`), and a final single-work-group step
    /// with several partial results per work-item (`final_chunk`).
    #[test]
    fn reduce_and_scan_many_chunks(op in op(Elem::Int), inputs in inputs_of_length(262_145usize..263_000)) {
        for kind in ["reduce", "scan"] {
            let mut b = Builder::new(Elem::Int);
            let pull = b.pull(&[Shape::Bin(0, Box::new(Shape::X), Box::new(Shape::I))]);
            let (opt, neutral) = b.operator(&[op]);
            let xs = b.xs;
            let (r, soac, rules) = if kind == "reduce" {
                (b.scalar("s", Scalar::Int), Soac::Reduce { size: GExpr::Length(xs), pull, neutral, op: opt }, REDUCTION_RULES)
            } else {
                (b.array("r"), Soac::Scan { size: GExpr::Length(xs), pull, neutral, op: opt }, &["@scan1i"][..])
            };
            b.bind(vec![r], soac);
            check(&b.finish(vec![r]), Elem::Int, &inputs, rules)?;
        }
    }
}

// --- Horizontal lowerings: several SOACs of one kernel as one stage ----------------

/// A predicate over `(x..)` (first value X, last Y): `shape < 1`, or
/// always (`kind` 1) or never (`kind` 2) true.
fn predicate(b: &mut Builder, comps: usize, shape: &Shape, kind: u8) -> Thunk {
    let s = b.elem.scalar();
    let params: Vec<KVar> = (0..comps).map(|_| b.scalar("x", s)).collect();
    let (first, last) = (GExpr::Var(params[0]), GExpr::Var(*params.last().unwrap()));
    let body = match kind {
        1 => GExpr::Const(Const::Bool(true)),
        2 => GExpr::Const(Const::Bool(false)),
        _ => GExpr::binary(BinaryOp::Lt, s, b.value_of(shape, &first, &last), GExpr::Const(b.elem.constant(1))),
    };
    Thunk { params, body }
}

proptest! {
    #![proptest_config(config(48))]

    /// `horizontal-filters`: two or three FILTERs of one array (their
    /// pulls alike but for their variables) as one stage, by
    /// `filters-lookback` (a count per filter in one look-back) where the
    /// tile fits, else each on its own; some predicates keep everything or
    /// nothing.
    #[test]
    fn horizontal_filters(
        elem in elem(),
        shapes in prop::collection::vec(shape(), 1..3),
        preds in prop::collection::vec((shape(), prop_oneof![4 => Just(0u8), 1 => 1u8..3]), 2..4),
        inputs in inputs(),
        unreturned in prop::collection::vec(any::<bool>(), 4),
    ) {
        let mut b = Builder::new(elem);
        let xs = b.xs;
        let mut all = Vec::new();
        for (shape, kind) in &preds {
            let results: Vec<KVar> = shapes.iter().map(|_| b.array("r")).collect();
            let pull = b.pull(&shapes);
            let pred = predicate(&mut b, shapes.len(), shape, *kind);
            b.bind(results.clone(), Soac::Filter { size: GExpr::Length(xs), pull, pred, before: None });
            // Of two columns, one the kernel may not return (note
            // [unwritten filter columns]).
            let skipped = (results.len() == 2 && unreturned[all.len() % 4]).then(|| results[all.len() % 2]);
            all.extend(results.iter().filter(|r| Some(**r) != skipped));
        }
        let rule = format!("@filters{},{}", shapes.len(), preds.len());
        check(&b.finish(all), elem, &inputs, &["horizontal-filters", &rule])?;
    }

    /// `horizontal-filters` of a lifted filter's shape (quicksort's): the
    /// pull `(i, xs[i])`, each predicate comparing the element with its
    /// segment's value `ls[segment_of(os, i)] - 2`, over segment descriptors of
    /// every shape (empty segments, one huge one).
    ///
    /// With `before` (`counts-from-filter`), each filter also counts what
    /// it keeps before each segment's offset.
    ///
    /// Without `kept`, the kernel returns only the values (and counts):
    /// the filters do not write the positions (note [unwritten filter
    /// columns]), though their predicates read them.
    #[test]
    fn horizontal_filters_of_segments(inputs in segmented_inputs(), counts_before in any::<bool>(), kept in any::<bool>()) {
        let mut b = Builder::new(Elem::Int);
        let (xs, ls, os) = (b.xs, b.ls, b.os);
        let mut all = Vec::new();
        let before = counts_before.then_some(os);
        for op in [BinaryOp::Lt, BinaryOp::Eq, BinaryOp::Gt] {
            let mut results = vec![b.array("kept"), b.array("values")];
            if counts_before {
                results.push(b.array("before"));
            }
            let i = b.scalar("i", Scalar::Int);
            let pull = Thunk { params: vec![i], body: GExpr::Tuple(vec![GExpr::Var(i), GExpr::read(xs, GExpr::Var(i))]) };
            let (j, x) = (b.scalar("j", Scalar::Int), b.scalar("x", Scalar::Int));
            let segment = GExpr::SegmentOf { offsets: os, index: Box::new(GExpr::Var(j)) };
            // The segment's value: its length less 2 (the data is in -16..16).
            let pivot = GExpr::binary(BinaryOp::Sub, Scalar::Int, GExpr::read(ls, segment), GExpr::int(2));
            let body = GExpr::binary(op, Scalar::Int, GExpr::Var(x), pivot);
            b.bind(results.clone(), Soac::Filter { size: GExpr::Length(xs), pull, pred: Thunk { params: vec![j, x], body }, before });
            all.extend(if kept { &results[..] } else { &results[1..] });
        }
        check(&b.finish(all), Elem::Int, &inputs, &["horizontal-filters", "@filters2,3"])?;
    }

    /// `counts-from-filter` of one lifted filter: `FILTER .. BEFORE os`
    /// writes, per segment, the number kept before its offset (by
    /// `filter-lookback`, each tile the offsets in its range; by
    /// `filter-flags-fused`, from the scan of the flags), over segment
    /// descriptors of every shape (empty segments, all empty, none, one
    /// huge one); some predicates keep everything or nothing.
    ///
    /// Without `kept`, the kernel returns only the values and the counts
    /// (note [unwritten filter columns]).
    #[test]
    fn a_filter_counts_before_the_offsets(
        inputs in segmented_inputs(),
        bound in prop_oneof![Just(-100i64), Just(100i64), -16i64..16],
        kept in any::<bool>(),
    ) {
        let mut b = Builder::new(Elem::Int);
        let (xs, ls, os) = (b.xs, b.ls, b.os);
        let results = vec![b.array("kept"), b.array("values"), b.array("before")];
        let i = b.scalar("i", Scalar::Int);
        let pull = Thunk { params: vec![i], body: GExpr::Tuple(vec![GExpr::Var(i), GExpr::read(xs, GExpr::Var(i))]) };
        let (j, x) = (b.scalar("j", Scalar::Int), b.scalar("x", Scalar::Int));
        let segment = GExpr::SegmentOf { offsets: os, index: Box::new(GExpr::Var(j)) };
        // x < the segment's length + bound - 8: segments keep more or fewer.
        let pivot = GExpr::binary(BinaryOp::Add, Scalar::Int, GExpr::read(ls, segment), GExpr::int(bound - 8));
        let body = GExpr::binary(BinaryOp::Lt, Scalar::Int, GExpr::Var(x), pivot);
        let pred = Thunk { params: vec![j, x], body };
        b.bind(results.clone(), Soac::Filter { size: GExpr::Length(xs), pull, pred, before: Some(os) });
        let returned = if kept { results } else { results[1..].to_vec() };
        check(&b.finish(returned), Elem::Int, &inputs, &[])?;
    }

    /// `map-scan-horizontal`: a MAP and a SCAN of one size as one stage,
    /// the map written where `scan-lookback` loads its tile (ints), else
    /// the two on their own.
    #[test]
    fn map_along_scan(
        elem in elem(),
        map_shapes in prop::collection::vec(shape(), 1..3),
        shapes in prop::collection::vec(shape(), 1..3),
        ops in prop::collection::vec(op(Elem::Int), 2),
        inputs in inputs(),
    ) {
        let ops = float_safe(elem, &ops[..shapes.len()]);
        let mut b = Builder::new(elem);
        let xs = b.xs;
        let mapped: Vec<KVar> = map_shapes.iter().map(|_| b.array("m")).collect();
        let map_pull = b.pull(&map_shapes);
        b.bind(mapped.clone(), Soac::Map { size: GExpr::Length(xs), pull: map_pull });
        let scanned: Vec<KVar> = shapes.iter().map(|_| b.array("r")).collect();
        let pull = b.pull(&shapes);
        let (op, neutral) = b.operator(&ops);
        b.bind(scanned.clone(), Soac::Scan { size: GExpr::Length(xs), pull, neutral, op });
        let along = format!("@along{}{}", shapes.len(), if elem == Elem::Int { "i" } else { "f" });
        let scan = scan_of(shapes.len(), elem);
        check(&b.finish([mapped, scanned].concat()), elem, &inputs, &["map-scan-horizontal", &scan, &along])?;
    }
}

proptest! {
    #![proptest_config(config(48))]

    /// `traversal-horizontal` and `lookback-horizontal`: a SCAN, a REDUCE,
    /// FILTERs (of one pull, or of two), a MAP of one size as one
    /// look-back pass, its carry the tuple of theirs, where at least two
    /// need a carry; ints, with operators that do not commute (`Last`) or
    /// overflow (`Mul`), predicates that keep everything or nothing, and
    /// a filter whose pull is the position (not held in the tile).
    #[test]
    fn horizontal_traversal(
        scan in prop::option::of((prop::collection::vec(shape(), 1..3), prop::collection::vec(op(Elem::Int), 2))),
        reduce in prop::option::of((prop::collection::vec(shape(), 1..3), prop::collection::vec(op(Elem::Int), 2))),
        filters in prop::collection::vec((shape(), prop_oneof![4 => Just(0u8), 1 => 1u8..3], any::<bool>()), 0..3),
        other_filter in prop::option::of(shape()),
        map in prop::option::of(shape()),
        inputs in inputs(),
    ) {
        let carried = usize::from(scan.is_some()) + usize::from(reduce.is_some()) + usize::from(!filters.is_empty()) + usize::from(other_filter.is_some());
        prop_assume!(carried >= 2);
        let mut b = Builder::new(Elem::Int);
        let xs = b.xs;
        let n = GExpr::Length(xs);
        let mut all = Vec::new();
        if let Some(shape) = &map {
            let r = b.array("m");
            let pull = b.pull(std::slice::from_ref(shape));
            b.bind(vec![r], Soac::Map { size: n.clone(), pull });
            all.push(r);
        }
        if let Some((shapes, ops)) = &scan {
            let results: Vec<KVar> = shapes.iter().map(|_| b.array("r")).collect();
            let pull = b.pull(shapes);
            let (op, neutral) = b.operator(&ops[..shapes.len()]);
            b.bind(results.clone(), Soac::Scan { size: n.clone(), pull, neutral, op });
            all.extend(results);
        }
        for (shape, kind, by_position) in &filters {
            // The values, or the positions (`i => i`, as a lifted
            // conditional's instances).
            let r = b.array("f");
            let i = b.scalar("i", Scalar::Int);
            let pull = if *by_position {
                Thunk { params: vec![i], body: GExpr::Var(i) }
            } else {
                b.pull(&[Shape::X])
            };
            let _ = i;
            let pred = predicate(&mut b, 1, shape, *kind);
            b.bind(vec![r], Soac::Filter { size: n.clone(), pull, pred, before: None });
            all.push(r);
        }
        if let Some(shape) = &other_filter {
            let results = vec![b.array("g"), b.array("h")];
            let pull = b.pull(&[Shape::Y, Shape::Bin(0, Box::new(Shape::X), Box::new(Shape::I))]);
            let pred = predicate(&mut b, 2, shape, 0);
            b.bind(results.clone(), Soac::Filter { size: n.clone(), pull, pred, before: None });
            all.extend(results);
        }
        if let Some((shapes, ops)) = &reduce {
            let results: Vec<KVar> = shapes.iter().map(|_| b.scalar("s", Scalar::Int)).collect();
            let pull = b.pull(shapes);
            let (op, neutral) = b.operator(&ops[..shapes.len()]);
            b.bind(results.clone(), Soac::Reduce { size: n.clone(), pull, neutral, op });
            all.extend(results);
        }
        check(&b.finish(all), Elem::Int, &inputs, &["traversal-horizontal", "@horizontal"])?;
    }

    /// `lookback-horizontal` of a recursion level's descriptor (quicksort's
    /// `quicksort_fused`) over the segments of descriptors of every shape:
    /// the map `ls[i] <= 1`, the rank (a scan of its flags), the then- and
    /// else-instances (filters of the positions by the flag and its
    /// complement) and the two branches' totals (a reduction of two ints).
    #[test]
    fn horizontal_traversal_of_a_recursion_level(inputs in segmented_inputs(), bound in 0i64..3) {
        let mut b = Builder::new(Elem::Int);
        let ls = b.ls;
        let n = GExpr::Length(ls);
        let int = Scalar::Int;
        let small = |b: &mut Builder| {
            let i = b.scalar("i", int);
            (i, GExpr::binary(BinaryOp::Le, int, GExpr::read(ls, GExpr::Var(i)), GExpr::int(bound)))
        };
        let mapped = b.kernel.new_var("mapped", VarType::Array(Scalar::Bool));
        let (i, flag) = small(&mut b);
        b.bind(vec![mapped], Soac::Map { size: n.clone(), pull: Thunk { params: vec![i], body: flag } });
        let rank = b.kernel.new_var("rank", VarType::Array(int));
        let (i, flag) = small(&mut b);
        let pull = Thunk { params: vec![i], body: GExpr::if_(flag, GExpr::int(1), GExpr::int(0)) };
        let (op, neutral) = {
            let (x, y) = (b.scalar("a", int), b.scalar("b", int));
            (Thunk { params: vec![x, y], body: GExpr::binary(BinaryOp::Add, int, GExpr::Var(x), GExpr::Var(y)) }, vec![Const::Int(0)])
        };
        b.bind(vec![rank], Soac::Scan { size: n.clone(), pull, neutral, op });
        let mut instances = Vec::new();
        for negate in [false, true] {
            let r = b.kernel.new_var("instances", VarType::Array(int));
            let i = b.scalar("i", int);
            let (j, flag) = small(&mut b);
            let flag = if negate { GExpr::unary(UnaryOp::Not, Scalar::Bool, flag) } else { flag };
            let pred = Thunk { params: vec![j], body: flag };
            b.bind(vec![r], Soac::Filter { size: n.clone(), pull: Thunk { params: vec![i], body: GExpr::Var(i) }, pred, before: None });
            instances.push(r);
        }
        let totals = vec![b.scalar("total", int), b.scalar("total", int)];
        let (i, flag) = small(&mut b);
        let len = GExpr::read(ls, GExpr::Var(i));
        let pull = Thunk { params: vec![i], body: GExpr::Tuple(vec![
            GExpr::if_(flag.clone(), len.clone(), GExpr::int(0)),
            GExpr::if_(flag, GExpr::int(0), len),
        ]) };
        let (op, neutral) = b.operator(&[Op::Add, Op::Add]);
        b.bind(totals.clone(), Soac::Reduce { size: n.clone(), pull, neutral, op });
        let results = [vec![mapped, rank], instances, totals].concat();
        check(&b.finish(results), Elem::Int, &inputs, &["traversal-horizontal", "@horizontal"])?;
    }
}

// --- Rules no SOAC's lowering reaches alone ------------------------------------------

proptest! {
    #![proptest_config(config(48))]

    /// `map-to-mapSeq`: `join o map(map(id)) o split(q) $ generate(n, pull)`
    /// (a nested map, as a fused kernel might give) is a `mapGlb` of
    /// `mapSeq`s.
    #[test]
    fn nested_map(elem in elem(), shape in shape(), q in 1usize..9, rows in 0usize..70) {
        let mut b = Builder::new(elem);
        let r = b.array("r");
        let pull = b.pull(&[shape]);
        let xs = b.xs;
        b.bind(vec![r], Soac::Map { size: GExpr::Length(xs), pull });
        let kernel = b.finish(vec![r]);
        let n = q * rows;
        let inputs = Inputs { xs: (0..n as i64).map(|k| k % 13 - 6).collect(), ys: (0..n as i64).map(|k| k % 7 - 3).collect(), lengths: vec![], m: 0 };
        let args = inputs.args(elem);
        let expected = flat_results(&kernel, &args);
        let mut high = lift_ir::lower::lower_kernel(&kernel).map_err(|e| TestCaseError::fail(e.to_string()))?;
        // map(id) $ generate(n, pull)  ~>  join o map(map(id)) o split(q) $ generate(n, pull)
        let Expr::Apply(Fun::Map(_), args0) = &high.stages[0].body else { panic!("a MAP stage is a map") };
        let generate = args0[0].clone();
        high.stages[0].body = Expr::apply1(
            Fun::Join,
            Expr::apply1(Fun::map(Fun::map(Fun::Id)), Expr::apply1(Fun::Split(lift_ir::arith::ArithExpr::cst(q as i64)), generate)),
        );
        check_lift(&high, &args, &expected, &["map-to-mapGlb", "map-to-mapSeq"])?;
    }

    /// `reduce-to-reduceSeq` over chunks of a split: `join o map(λ c.
    /// reduce(op)(z, c)) o split(q) $ generate(n, pull)`, the partial sums
    /// of `q` consecutive elements, against the same computed directly.
    #[test]
    fn chunked_reduce(elem in elem(), shape in shape(), op in op(Elem::Int), q in 1usize..9, rows in 0usize..70) {
        let op = float_safe(elem, &[op])[0];
        let mut b = Builder::new(elem);
        let r = b.array("r");
        let pull = b.pull(&[shape]);
        let (opt, neutral) = b.operator(&[op]);
        // The reference: SEG_REDUCE over segments of q elements.
        let segments = SegDesc { lengths: b.ls, offsets: b.os };
        b.bind(vec![r], Soac::SegReduce { segments, pull: pull.clone(), neutral: neutral.clone(), op: opt.clone() });
        let kernel = b.finish(vec![r]);
        let n = q * rows;
        let inputs = Inputs { xs: (0..n as i64).map(|k| k % 11 - 5).collect(), ys: (0..n as i64).map(|k| k % 5 - 2).collect(), lengths: vec![q as i64; rows], m: 0 };
        let args = inputs.args(elem);
        let expected = flat_results(&kernel, &args);
        // The SEG_REDUCE's lowering gives `r` its length; its stages are
        // replaced by the chunked reduction over the flat thunks.
        let mut high = lift_ir::lower::lower_kernel(&kernel).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut user_fun = |name: &str, thunk: Thunk, params: Vec<Scalar>| {
            high.user_funs.push(UserFun { name: name.into(), params, results: vec![elem.scalar()], def: UserFunDef::Thunk(thunk) });
            lift_ir::ir::UserFunId(high.user_funs.len() as u32 - 1)
        };
        let pull_id = user_fun("pull", pull, vec![Scalar::Int]);
        let op_id = user_fun("op", opt, vec![elem.scalar(); 2]);
        let n_var = high.sizes.iter().find(|s| s.var.name() == "n_xs").expect("#xs").var.clone();
        let c = high.new_param("c");
        let generate = Expr::apply(Fun::Generate(lift_ir::arith::ArithExpr::var(&n_var), pull_id), vec![]);
        let reduce = Expr::apply(
            Fun::Reduce(Box::new(Fun::User(op_id))),
            vec![Expr::Value(neutral), Expr::Param(c)],
        );
        let body = Expr::apply1(
            Fun::Join,
            Expr::apply1(
                Fun::map(Fun::Lambda(vec![c], Box::new(reduce))),
                Expr::apply1(Fun::Split(lift_ir::arith::ArithExpr::cst(q as i64)), generate),
            ),
        );
        high.stages = vec![Stage { name: "k_r".into(), body, result: vec![r], scalar_result: false , when: None, guard: None }];
        high.rules_applied.clear();
        check_lift(&high, &args, &expected, &["map-to-mapGlb", "reduce-to-reduceSeq"])?;
    }
}

/// `shape` with the array reads replaced by constants.
fn shape_without_arrays(shape: &Shape) -> Shape {
    match shape {
        Shape::X => Shape::Const(3),
        Shape::Y => Shape::Const(-2),
        Shape::I => Shape::I,
        Shape::Const(k) => Shape::Const(*k),
        Shape::Bin(op, a, b) => Shape::Bin(*op, Box::new(shape_without_arrays(a)), Box::new(shape_without_arrays(b))),
        Shape::IfLt(a, b, c, d) => Shape::IfLt(
            Box::new(shape_without_arrays(a)),
            Box::new(shape_without_arrays(b)),
            Box::new(shape_without_arrays(c)),
            Box::new(shape_without_arrays(d)),
        ),
    }
}

/// `Mul` is for ints only (float products of many elements are not exact).
fn float_safe(elem: Elem, ops: &[Op]) -> Vec<Op> {
    ops.iter().map(|&op| if elem == Elem::Float && matches!(op, Op::Mul) { Op::Add } else { op }).collect()
}
