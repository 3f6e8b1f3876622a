//! `segReduce-merge` in the tile shapes its knobs give
//! (`Config::merge_items`, `Config::merge_group_size`: note [where the
//! merge's time goes] in `codegen::seg_merge`), run on PoCL against the
//! flat-IR evaluator, on SpMV shapes whose parts before a tile take every
//! size: none, a few elements, about a tile, more than a tile, a long run
//! (a carry-in from many tiles' carry-outs, in runs of several tiles a
//! work-item: note [merge carries] in `lift_ir::seg_reduce`); with a
//! non-commutative operator; with few groups taking tiles in a loop; and
//! with bad columns before and in a tile.

use crate::support;

use crate::support::agrees_with;
use lift_ir::rules::SegReduce;

fn merge_cfg(items: Option<i64>, group: Option<i64>) -> lift_ir::rules::Config {
    lift_ir::rules::Config {
        seg_reduce: SegReduce::Merge,
        merge_items: items,
        merge_group_size: group,
        ..lift_ir::rules::Config::default()
    }
}

/// The default tiles (8 items of 128 work-items: 1024), 7 items (896: not
/// a power of two), and groups of 256 (2048).
const SHAPES_OF_TILES: [(Option<i64>, Option<i64>); 3] = [(None, None), (Some(7), None), (None, Some(256))];

const SMVM: &str = "function smvm(m, v) = {sum({x * v[i] : (i, x) in row}) : row in m};\n";

/// SpMV over `rows` rows of `lengths` (a NESL expression of `r`) with a
/// bad column (`bad`, NESL of `r`) at row `bad_row`, element `bad_k`;
/// values multiples of 1/4, so every sum is exact in any order.
fn smvm(rows: i64, lengths: &str, bad_row: i64, bad_k: i64, bad: &str) -> String {
    format!("{SMVM}{};", smvm_expr(rows, lengths, bad_row, bad_k, bad))
}

/// The `let` of [`smvm`], without the function `smvm`.
fn smvm_expr(rows: i64, lengths: &str, bad_row: i64, bad_k: i64, bad: &str) -> String {
    format!(
        "let m = {{{{((if r == {bad_row} and k == {bad_k} then {bad} else rem(r * 7 + k * 13, 1000)), 0.25 * float(rem(k + r, 5))) : k in index({lengths})}} : r in index({rows})}};\n    v = {{1.0 + 0.5 * float(rem(i, 7)) : i in index(1000)}};\n    y = smvm(m, v)\nin (sum(y), y[0], y[{last}], y[{mid}])",
        last = rows - 1,
        mid = rows / 2,
    )
}

/// [`smvm`] without a bad column on every row shape of `shapes` in turn:
/// a function `shaped(sh)` of rows of `shapes[sh]`, called for each. One
/// program, so PoCL builds its kernels once for all the shapes (with a
/// program a shape, these tests took 28 s of CPU with a cold PoCL cache,
/// 17 s now); each launch takes its sizes from its own rows, on the host,
/// as before.
fn smvm_of_shapes(rows: i64, shapes: &[&str]) -> String {
    let mut lengths = format!("({})", shapes[shapes.len() - 1]);
    for (sh, shape) in shapes.iter().enumerate().rev().skip(1) {
        lengths = format!("if sh == {sh} then ({shape}) else {lengths}");
    }
    let calls: String = (0..shapes.len()).map(|sh| format!("shaped({sh});\n")).collect();
    format!("{SMVM}function shaped(sh) = {};\n{calls}", smvm_expr(rows, &lengths, -1, 0, "0"))
}

/// Row lengths that give parts before tiles of every size: power-law
/// rows (4096 / j), rows around a tile's length (2047 to 2049, 2300,
/// 4097: the tiles of 2048 and twice those of 1024), empty rows, rows of
/// one to three, and one run of 100001 (its carry-in the carry-outs of 49
/// tiles of 2048, or 98 of 1024).
const SHAPES: [&str; 5] = [
    "4096 / (1 + rem(r * 1299709 + 12345, 4096))",
    "if rem(r, 97) == 5 then 2047 + rem(r, 3) else rem(r * 7, 4)",
    "if rem(r, 211) == 1 then 2300 else if rem(r, 307) == 2 then 4097 else rem(r, 2)",
    "if r == 250 then 100001 else rem(r * 13, 9)",
    "0",
];

#[test]
fn merges_of_every_tile_shape_agree_with_the_evaluator_on_every_row_shape() {
    support::own_process!();
    for (items, group) in SHAPES_OF_TILES {
        let out = agrees_with(&smvm_of_shapes(600, &SHAPES), &merge_cfg(items, group));
        assert!(!out.contains("fault"), "{items:?}, {group:?}: {out}");
    }
}

#[test]
fn tiles_taken_in_a_loop_by_few_groups_agree_on_every_row_shape() {
    support::own_process!();
    // One group takes every tile in turn; three groups take a dozen or
    // more each on the long run's shapes, so that a tile's segment `a`
    // waits, one tile later, on tiles that other groups hold (note
    // [lagged look-back] in `lift_ir::seg_reduce`); with groups of 32
    // (tiles of 224) the short shapes make tiles enough too.
    for groups in [1, 3] {
        for group in [None, Some(32)] {
            let cfg = lift_ir::rules::Config { merge_groups: groups, ..merge_cfg(None, group) };
            let out = agrees_with(&smvm_of_shapes(600, &[SHAPES[0], SHAPES[2], SHAPES[3]]), &cfg);
            assert!(!out.contains("fault"), "{groups} groups, {group:?}: {out}");
        }
        let cfg = lift_ir::rules::Config { merge_groups: groups, ..merge_cfg(None, Some(32)) };
        let source = "let r = {max_index(s) : s in {{rem(i * (j + 3), 7) : i in index(if rem(j, 40) == 5 then 3000 else rem(j, 9))} : j in index(300)}} in (sum({x * i : x in r; i in index(#r)}), r[5]);";
        agrees_with(source, &cfg);
    }
}

#[test]
fn the_groups_knob_caps_the_merge_launch() {
    // The test above takes tiles in a loop only if the cap reaches the
    // plan: the merge's groups are at most `merge_groups`.
    let (_, flat) = support::flat_program(&smvm(600, SHAPES[3], -1, 0, "0"), fusion::ScheduleKind::ilp()).unwrap();
    let cfg = lift_ir::rules::Config { merge_groups: 3, ..merge_cfg(None, None) };
    let compiled = opencl_backend::compile_program_with(&flat, &cfg).unwrap();
    assert!(compiled.lift_low.contains("size merge_groups = max(1, min(3, merge_tiles))"), "{}", compiled.lift_low);
}

#[test]
fn non_commutative_merges_agree_in_every_tile_shape() {
    support::own_process!();
    // max_index keeps the first of equal values: not commutative, so a
    // part before a tile is folded in contiguous chunks, then the tree.
    let source = "let r = {max_index(s) : s in {{rem(i * j, 5) : i in index(4096 / (1 + rem(j * 1299709 + 12345, 4096)))} : j in index(2000)}} in (sum({x * i : x in r; i in index(#r)}), r[1999]);";
    for (items, group) in SHAPES_OF_TILES {
        agrees_with(source, &merge_cfg(items, group));
    }
}

#[test]
fn bad_columns_before_and_in_a_tile_fault_as_the_evaluator_does() {
    support::own_process!();
    // Rows of 1500 to 1900 every 50 rows among short ones: most cross a
    // tile's start, their first elements before the tile that ends them.
    // A bad column at the row's start, in its middle, and near its end,
    // negative or past the end of `v`.
    let lengths = "if rem(r, 50) == 9 then 1500 + rem(r * 37, 400) else rem(r, 6)";
    for (bad_row, bad_k, bad) in [(59, 0, "0 - 1"), (109, 700, "1000"), (159, 1400, "1000 + r")] {
        let out = agrees_with(&smvm(400, lengths, bad_row, bad_k, bad), &merge_cfg(None, None));
        assert!(out.contains("fault"), "row {bad_row}, element {bad_k}: {out}");
    }
}

#[test]
fn the_knobs_set_the_merge_tiles_local_arrays() {
    // The tests above run three tile shapes only if the knobs reach the
    // kernel: its local values hold a tile, a carry a work-item and the
    // tile's carry-in.
    for ((items, group), len) in SHAPES_OF_TILES.into_iter().zip([1024 + 128 + 1, 896 + 128 + 1, 2048 + 256 + 1]) {
        let (_, flat) = support::flat_program(&smvm(10, "r", -1, 0, "0"), fusion::ScheduleKind::ilp()).unwrap();
        let compiled = opencl_backend::compile_program_with(&flat, &merge_cfg(items, group)).unwrap();
        let source = compiled.opencl();
        assert!(source.contains(&format!("__local double merge_values[{len}];")), "{items:?}, {group:?}: {source}");
    }
}

#[test]
fn carry_ins_of_more_tiles_than_work_items_fold_in_runs() {
    support::own_process!();
    // Groups of 32, tiles of 256: the run of 100001 ends in tile 391 or
    // so, its carry-in 390 carry-outs in runs of 13 a work-item; and a
    // non-commutative fold (max_index) over a row of 20000, 78 tiles in
    // runs of 3.
    let cfg = merge_cfg(None, Some(32));
    let out = agrees_with(&smvm(600, SHAPES[3], -1, 0, "0"), &cfg);
    assert!(!out.contains("fault"), "{out}");
    let source = "let r = {max_index(s) : s in {{rem(i * (j + 3), 7) : i in index(if j == 5 then 20000 else rem(j, 9))} : j in index(300)}} in (sum({x * i : x in r; i in index(#r)}), r[5]);";
    agrees_with(source, &cfg);
}

#[test]
fn a_tiles_pulls_are_one_batch_without_a_branch_each() {
    // Note [the batch's gathers in flight] in `codegen::seg_merge`: every
    // item of a work-item's batch is pulled at a clamped position, and no
    // call of the hoisted pull sits in a branch of its own, so that the
    // device issues the batch's gathers together.
    let (_, flat) = support::flat_program(&smvm(10, "r", -1, 0, "0"), fusion::ScheduleKind::ilp()).unwrap();
    let source = opencl_backend::compile_program_with(&flat, &merge_cfg(None, None)).unwrap().opencl();
    let merge = &source[source.find("__local int merge_ends").expect("a merge kernel")..];
    let lines: Vec<&str> = merge.lines().map(str::trim).collect();
    let calls: Vec<usize> =
        (0..lines.len()).filter(|&i| lines[i].contains("_hoisted(") && lines[i].contains(" = ")).collect();
    assert_eq!(calls.len(), 8, "one call an item of the batch:\n{merge}");
    for i in calls {
        assert!(lines[i].contains("min(k"), "a call at an unclamped position: {}", lines[i]);
        assert!(!lines[i - 1].starts_with("if ("), "a call in a branch of its own: {}\n{}", lines[i - 1], lines[i]);
    }
}

#[test]
fn a_tiles_ends_are_read_behind_its_batch_and_the_lagged_tile_is_not_read_again() {
    // Note [the lagged tile's segment kept] in `codegen::seg_merge`: the
    // loop that reads the tile's segment ends comes after the batch's last
    // call of the hoisted pull, and the look-back of the lagged tile's
    // segment reads neither its split nor its offset again.
    let (_, flat) = support::flat_program(&smvm(10, "r", -1, 0, "0"), fusion::ScheduleKind::ilp()).unwrap();
    let source = opencl_backend::compile_program_with(&flat, &merge_cfg(None, None)).unwrap().opencl();
    let merge = &source[source.find("__local int merge_ends").expect("a merge kernel")..];
    let merge = &merge[..merge.find("__kernel").unwrap_or(merge.len())];
    let last_call = merge.rfind("_hoisted(").expect("calls of the hoisted pull");
    let ends_loop = merge.find("merge_ends[k").expect("the loop of the tile's ends");
    assert!(last_call < ends_loop, "the ends are read before the batch is issued:\n{merge}");
    assert!(!merge.contains("[lag_g]"), "the lagged tile's split is read again:\n{merge}");
}
