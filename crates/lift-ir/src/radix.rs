//! `radix-tiles`: one pass of a least-significant-digit radix sort
//! (`RADIX_PASS values digit bits n`, a stable ordering of the values by
//! a digit of at most 8 bits) in three launches over tiles of
//! consecutive elements.
//!
//! With `D = 2^bits` digits, work-groups of `L` work-items and tiles of
//! `L·K` elements (`K` per work-item), `T = ⌈n / (L·K)⌉` tiles:
//! ```text
//! counts = radixCounts(tiles)(generate(n, digit))                 -- [int]_{D·T}
//! starts = scan(+)(0, generate(D·T, λi. counts[i]))               -- scan-tiles
//! result = radixScatter(tiles, starts)(generate(n, digit), generate(n, values))
//! ```
//! - `radixCounts`: each work-group counts the digits of its tile in a
//!   local histogram (local atomics: counting does not care about order)
//!   and writes it digit-major, `counts[d·T + t]`.
//! - the exclusive `scan` of the counts, by `scan-tiles`: in digit-major
//!   order, `starts[d·T + t]` is the number of elements of a smaller
//!   digit plus those of digit `d` in earlier tiles, which is where tile
//!   `t`'s first value of digit `d` goes.
//! - `radixScatter`: each work-group ranks its tile's elements among the
//!   equal digits of the tile, in order (stable): slices of
//!   [`RADIX_SLICE`] work-items each rank `RADIX_SLICE·K` consecutive
//!   elements, then a prefix over the slices per digit (note [radix ranks
//!   by warp] in `opencl_backend::codegen::radix`); then the tile is reordered by digit in
//!   local memory, one value column at a time, and written out: element
//!   `p` of the reordered tile (digit `d`) goes to `starts[d·T + t] + p -
//!   start of d in the tile`, so that consecutive work-items write
//!   consecutive addresses of each digit's run.
//!
//! The counts and the scatter read each element's digit again (the digit
//! thunk reads the key); the values are read once, in the scatter. The
//! meaning of the two patterns, shared by both evaluators, is
//! [`tile_counts`] and [`scatter_targets`]; the backend prints them as
//! C directly (`opencl-backend`'s `codegen/radix.rs`).

use flatten::ir::{BinaryOp, Const, GExpr, KVar, Scalar, Thunk, VarType};

use crate::arith::{ArithExpr, Range};
use crate::ir::{Expr, Fun, LiftKernel, RadixTiles, SizeDef, Stage};
use crate::lower::Unsupported;

/// Work-items per work-group of a radix pass: one per digit of 8 bits.
pub const RADIX_GROUP_SIZE: i64 = 256;
/// Elements per work-item of a radix pass's tile.
pub const RADIX_ITEMS: i64 = 8;
/// Work-items that rank their round's digits together in the scatter.
pub const RADIX_SLICE: i64 = 32;

/// The digit at position `i`, checked in range.
fn digit_index(d: i64, i: usize, digits: usize) -> Result<usize, String> {
    usize::try_from(d)
        .ok()
        .filter(|&d| d < digits)
        .ok_or_else(|| format!("the radix digit {d} at position {i} is outside [0, {digits})"))
}

/// `radixCounts`: for `ntiles` tiles, element `d·T + t` the number of
/// digits `d` in tile `t`.
pub fn tile_counts(digits: &[i64], tiles: &RadixTiles, ntiles: usize) -> Result<Vec<i64>, String> {
    let (d_count, len) = (tiles.digits() as usize, tiles.tile_len() as usize);
    if len == 0 || ntiles * len < digits.len() {
        return Err(format!("{ntiles} radix tiles of {len} for {} elements", digits.len()));
    }
    let mut counts = vec![0; d_count * ntiles];
    for (i, &d) in digits.iter().enumerate() {
        counts[digit_index(d, i, d_count)? * ntiles + i / len] += 1;
    }
    Ok(counts)
}

/// `radixScatter`'s target of each element: `starts[d·T + t]` plus the
/// number of earlier elements of its tile with its digit.
pub fn scatter_targets(digits: &[i64], starts: &[i64], tiles: &RadixTiles, ntiles: usize) -> Result<Vec<i64>, String> {
    let (d_count, len) = (tiles.digits() as usize, tiles.tile_len() as usize);
    if len == 0 || ntiles * len < digits.len() || starts.len() < d_count * ntiles {
        return Err(format!("{ntiles} radix tiles of {len} for {} elements and {} starts", digits.len(), starts.len()));
    }
    let mut targets = Vec::with_capacity(digits.len());
    for (t, tile) in digits.chunks(len).enumerate() {
        let mut seen = vec![0; d_count];
        for (k, &d) in tile.iter().enumerate() {
            let d = digit_index(d, t * len + k, d_count)?;
            targets.push(starts[d * ntiles + t] + seen[d]);
            seen[d] += 1;
        }
    }
    Ok(targets)
}

/// `RADIX_PASS values digit bits n` as the three stages of the module
/// doc, the last writing `results`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn lower_radix_pass(
    lift: &mut LiftKernel,
    stage_name: &str,
    results: &[KVar],
    n: ArithExpr,
    values: crate::ir::UserFunId,
    digit: crate::ir::UserFunId,
    bits: u32,
) -> Result<(), Unsupported> {
    if bits == 0 || i64::from(1u32 << bits.min(16)) > RADIX_GROUP_SIZE {
        return Err(Unsupported { what: format!("a radix pass of {bits}-bit digits") });
    }
    let base = lift
        .flat
        .var(results.first().copied().ok_or_else(|| Unsupported { what: "a radix pass without results".into() })?)
        .name
        .clone();
    lift.rules_applied.push("radix-tiles".into());
    let tile_len = RADIX_GROUP_SIZE * RADIX_ITEMS;
    let tiles_def = n.clone().ceil_div(tile_len).max(1);
    let ntiles =
        ArithExpr::var(&lift.size_var(&format!("{base}_tiles"), SizeDef::Derived(tiles_def), Range::at_least(1)));
    let tiles = RadixTiles { bits, group_size: RADIX_GROUP_SIZE, items: RADIX_ITEMS, tiles: ntiles.clone() };
    let m = ArithExpr::cst(tiles.digits()) * &ntiles;
    let int = Scalar::Int;
    let counts = lift.flat.new_var(format!("{base}_counts"), VarType::Array(int));
    let starts = lift.flat.new_var(format!("{base}_starts"), VarType::Array(int));
    lift.lengths.push((counts, m.clone()));
    lift.lengths.push((starts, m.clone()));
    let digits = || Expr::apply(Fun::Generate(n.clone(), digit), vec![]);
    lift.stages.push(Stage {
        name: format!("{stage_name}_counts"),
        body: Expr::apply(Fun::RadixCounts(tiles.clone()), vec![digits()]),
        result: vec![counts],
        scalar_result: false,
        when: None,
        guard: None,
    });
    // starts = scan(+)(0, generate(D·T, λi. counts[i]))
    let i = lift.flat.new_var("i", VarType::Scalar(int));
    let read = Thunk { params: vec![i], body: GExpr::read(counts, GExpr::var(i)) };
    let read_fn = crate::lower::add_user_fun(lift, &format!("count_{base}"), &read, vec![int])?;
    let (a, b) = (lift.flat.new_var("a", VarType::Scalar(int)), lift.flat.new_var("b", VarType::Scalar(int)));
    let plus = Thunk { params: vec![a, b], body: GExpr::binary(BinaryOp::Add, int, GExpr::var(a), GExpr::var(b)) };
    let plus_fn = crate::lower::add_user_fun(lift, &format!("add_{base}"), &plus, vec![int])?;
    lift.stages.push(Stage {
        name: format!("{stage_name}_starts"),
        body: Expr::apply(
            Fun::Scan(Box::new(Fun::User(plus_fn))),
            vec![Expr::Value(vec![Const::Int(0)]), Expr::apply(Fun::Generate(m, read_fn), vec![])],
        ),
        result: vec![starts],
        scalar_result: false,
        when: None,
        guard: None,
    });
    for v in results {
        lift.lengths.push((*v, n.clone()));
    }
    lift.stages.push(Stage {
        name: stage_name.to_string(),
        body: Expr::apply(
            Fun::RadixScatter(tiles, starts),
            vec![digits(), Expr::apply(Fun::Generate(n.clone(), values), vec![])],
        ),
        result: results.to_vec(),
        scalar_result: false,
        when: None,
        guard: None,
    });
    Ok(())
}
