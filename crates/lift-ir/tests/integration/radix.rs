//! `radix-tiles` (`crate::radix`): a `RADIX_PASS` lowered to per-tile
//! digit counts, their scan and the stable scatter agrees, in the checked
//! Lift evaluator at both levels, with the flat-IR evaluator and with a
//! stable sort in Rust, on random keys at sizes around the tile
//! (`RADIX_GROUP_SIZE · RADIX_ITEMS` elements).

use flatten::eval::{ArrayValue, FlatValue, ScalarValue, run_kernel};
use flatten::ir::{
    BinaryOp, Block, FlatProgram, GExpr, HostFunction, KVar, KVarInfo, Kernel, KernelId, Scalar, Soac, SoacBinding,
    Thunk, VarType,
};
use lift_ir::eval::checked::eval_kernel;
use lift_ir::radix::{RADIX_GROUP_SIZE, RADIX_ITEMS};
use lift_ir::rules::Config;

const TILE: usize = (RADIX_GROUP_SIZE * RADIX_ITEMS) as usize;

/// `RADIX_PASS { j => (xs[j], j) } { k => (xs[k] >> shift) & (2^bits - 1) } bits #xs`.
fn radix_kernel(bits: u32) -> Kernel {
    let mut vars = Vec::new();
    let mut var = |name: &str, ty: VarType| {
        vars.push(KVarInfo { name: name.into(), ty, is_narrow: false });
        KVar(vars.len() as u32 - 1)
    };
    let int = Scalar::Int;
    let xs = var("xs", VarType::Array(int));
    let shift = var("shift", VarType::Scalar(int));
    let j = var("j", VarType::Scalar(int));
    let k = var("k", VarType::Scalar(int));
    let ys = var("ys", VarType::Array(int));
    let from = var("from", VarType::Array(int));
    let values = Thunk { params: vec![j], body: GExpr::Tuple(vec![GExpr::read(xs, GExpr::Var(j)), GExpr::Var(j)]) };
    let digit = GExpr::binary(
        BinaryOp::And,
        int,
        GExpr::binary(BinaryOp::Shr, int, GExpr::read(xs, GExpr::Var(k)), GExpr::Var(shift)),
        GExpr::int((1 << bits) - 1),
    );
    let soac = Soac::RadixPass { size: GExpr::Length(xs), values, digit: Thunk { params: vec![k], body: digit }, bits };
    Kernel {
        name: "radix".into(),
        params: vec![xs, shift],
        body: vec![SoacBinding { results: vec![ys, from], soac }],
        results: vec![ys, from],
        vars,
    }
}

fn program_of(kernel: &Kernel) -> FlatProgram {
    FlatProgram {
        kernels: vec![kernel.clone()],
        functions: vec![],
        main: HostFunction { name: "main".into(), params: vec![], body: Block::default(), vars: vec![] },
        fault_sites: vec![],
        datatypes: vec![],
    }
}

/// Random keys: full 64-bit words, small ones with negatives, all equal,
/// or differing only in their high bits.
fn keys(kind: usize, n: usize, seed: &mut u64) -> Vec<i64> {
    (0..n)
        .map(|_| {
            *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let r = (*seed >> 11) as i64;
            match kind {
                0 => *seed as i64,
                1 => r % 1000 - 500,
                2 => 42,
                _ => (r % 3) << 56 | 5,
            }
        })
        .collect()
}

fn ints(value: &FlatValue) -> Vec<i64> {
    match value {
        FlatValue::Array(a) => a.as_ints().expect("ints").to_vec(),
        FlatValue::Scalar(_) => panic!("a scalar where an array was expected"),
    }
}

#[test]
fn radix_tiles_agrees_with_the_flat_evaluator_and_a_stable_sort() {
    let mut seed = 11;
    for bits in [8, 3] {
        let kernel = radix_kernel(bits);
        let program = program_of(&kernel);
        flatten::ir::verify::verify(&program).unwrap_or_else(|e| panic!("{e}"));
        let high = lift_ir::lower::lower_kernel(&kernel).unwrap_or_else(|e| panic!("{e}"));
        assert!(high.rules_applied.iter().any(|r| r == "radix-tiles"), "{:?}", high.rules_applied);
        let low = lift_ir::rules::lower_to_low_level_with(&high, &Config::default()).unwrap_or_else(|e| panic!("{e}"));
        for n in [0, 1, 2, 77, TILE - 1, TILE, TILE + 1, 3 * TILE + 5] {
            for kind in 0..4 {
                let xs = keys(kind, n, &mut seed);
                for shift in [0i64, 8, 56] {
                    let args = vec![
                        FlatValue::Array(ArrayValue::ints(xs.clone())),
                        FlatValue::Scalar(ScalarValue::Int(shift)),
                    ];
                    let mut expected: Vec<(i64, i64)> = xs.iter().copied().zip(0..).collect();
                    expected.sort_by_key(|&(x, _)| (x >> shift) & ((1 << bits) - 1));
                    let (ys, from): (Vec<i64>, Vec<i64>) = expected.into_iter().unzip();
                    let flat = run_kernel(&program, KernelId(0), args.clone()).unwrap_or_else(|e| panic!("{e}"));
                    assert_eq!((ints(&flat[0]), ints(&flat[1])), (ys.clone(), from.clone()), "flat, n = {n}");
                    for (level, lift) in [("high", &high), ("low", &low)] {
                        let got = eval_kernel(lift, args.clone()).unwrap_or_else(|e| {
                            panic!("{level}-level, n = {n}: {e}\n{}", lift_ir::print::print_kernel(lift))
                        });
                        assert_eq!(got, flat, "{level}-level Lift, n = {n}, kind {kind}, shift {shift}, bits {bits}");
                    }
                }
            }
        }
    }
}

#[test]
fn tile_counts_are_digit_major_and_targets_rank_within_tiles() {
    let tiles = lift_ir::ir::RadixTiles { bits: 1, group_size: 2, items: 2, tiles: lift_ir::arith::ArithExpr::cst(3) };
    // Tiles of four: [1 0 1 1] [0 0 1 0] [1].
    let digits = [1, 0, 1, 1, 0, 0, 1, 0, 1];
    let counts = lift_ir::radix::tile_counts(&digits, &tiles, 3).unwrap();
    assert_eq!(counts, [1, 3, 0, 3, 1, 1]);
    let starts = [0, 1, 4, 4, 7, 8];
    let targets = lift_ir::radix::scatter_targets(&digits, &starts, &tiles, 3).unwrap();
    assert_eq!(targets, [4, 0, 5, 6, 1, 2, 7, 3, 8]);
    assert!(lift_ir::radix::tile_counts(&[2], &tiles, 1).is_err());
    assert!(lift_ir::radix::tile_counts(&digits, &tiles, 2).is_err());
}
