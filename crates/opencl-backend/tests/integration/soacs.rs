//! Small programs exercising one SOAC or construct each, compiled through
//! Lift and run on PoCL against the flat-IR evaluator.

use crate::support;

use crate::support::{Outcome, outcome_in, run_both, session};
use lift_ir::rules::SegReduce;

fn agrees(source: &str) -> String {
    match run_both(source, fusion::ScheduleKind::ilp()) {
        Outcome::Agree(text) => text,
        Outcome::Unsupported(what) => panic!("unsupported: {what}"),
        _ => unreachable!(),
    }
}

#[test]
fn a_kernel_that_only_checks_reports_the_fault() {
    support::own_process!();
    let out = agrees(
        "function dotp(u, v) = sum({x * y : x in u; y in v});\n\
         dotp([1.0, 2.0, 3.0], [4.0, 5.0, 6.0]);\n\
         dotp([1.0, 2.0, 3.0], [4.0, 5.0]);",
    );
    assert!(out.contains("fault"), "{out}");
}

#[test]
fn empty_reductions_give_the_neutral_element() {
    support::own_process!();
    agrees("sum({x * 2 : x in [] int});\nmax_val({x : x in [3, 1, 2]});\nsum({x : x in index(100000)});");
}

#[test]
fn horizontally_fused_reductions_and_a_once_after_them() {
    support::own_process!();
    agrees(
        "function stats(xs) = let s = sum(xs); m = max_val(xs); n = #xs in (s, m, float(s) / float(n));\n\
         stats({i * i : i in index(5000)});",
    );
}

#[test]
fn scans_of_every_length() {
    support::own_process!();
    agrees(
        "plus_scan({i : i in index(1)});\nplus_scan({i : i in index(1000)});\nmax_scan({rem(i * 7, 13) : i in index(70000)});",
    );
}

#[test]
fn filters_keep_values_in_order_and_may_keep_none() {
    support::own_process!();
    agrees(
        "{x : x in index(100000) | rem(x, 3) == 1};\n{x : x in [1, 2, 3] | x > 5};\n{(x, y) : x in index(10); y in index(10) | x < y};",
    );
}

#[test]
fn segmented_scans_and_reductions() {
    support::own_process!();
    agrees(
        "{plus_scan(s) : s in [[1, 2, 3], [] int, [4, 5], [6]]};\n\
         {max_scan(s) : s in {{rem(i * j, 7) : i in index(j)} : j in index(300)}};\n\
         {sum(s) : s in {{i : i in index(j)} : j in index(300)}};",
    );
}

#[test]
fn permutes_and_scatters_with_their_checks() {
    support::own_process!();
    agrees(
        "permute([10, 20, 30, 40], [2, 0, 3, 1]);\n{x : x in permute({i : i in index(5000)}, {rem(i * 7, 5000) : i in index(5000)})} ;",
    );
    agrees(
        "[1, 2, 3, 4, 5] <- [(1, 10), (3, 30), (1, 11)];\n{0 : i in index(9000)} <- {(rem(i * 13, 9000), i) : i in index(20000)};",
    );
    let out = agrees("permute([10, 20, 30, 40], [2, 0, 2, 1]);");
    assert!(out.contains("fault"), "{out}");
    let out = agrees("[1, 2, 3] <- [(1, 10), (5, 30)];");
    assert!(out.contains("fault"), "{out}");
}

/// The rules `lift_ir::lower_kernel` applied to the program's kernels.
fn lowering_rules(source: &str) -> Vec<String> {
    let (_, flat) = support::flat_program(source, fusion::ScheduleKind::ilp()).unwrap();
    flat.kernels.iter().flat_map(|k| lift_ir::lower::lower_kernel(k).unwrap().rules_applied).collect()
}

#[test]
fn scatters_of_one_value_need_no_claims() {
    support::own_process!();
    // `scatter-uniform`: a value the same at every index is written without
    // claims; targets repeat (many writers per position, every position,
    // none), the value may read other arrays at a fixed place, the sizes
    // are empty, one and odd, and an index out of range still faults.
    let uniform = "let n = 9001 in count(dist(f, n) <- {(rem(i * 13, n), t) : i in index(20000)});
         let n = 9001 in {x : x in dist(f, n) <- {(rem(i * i, n), t) : i in index(n)}; i in index(n) | x and rem(i, 97) == 5};
         let xs = [3, 1, 4] in ({0 : i in index(7)} <- {(rem(i, 7), xs[1] + 5) : i in index(40)});
         {0 : i in index(5)} <- {(i, 1) : i in index(0)};
         [1.5] <- {(0, 2.5) : i in index(1)};
         let n = 100003; sqr = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181, 191, 193, 197, 199, 211, 223, 227, 229, 233, 239, 241, 251, 257, 263, 269, 271, 277, 281, 283, 293, 307, 311, 313, 317];
           flags = dist(t, n) <- {(i, f) : i in flatten({[2 * p : n : p] : p in sqr})};
           ps = {i : i in [0:n]; fl in flags | fl}
         in (#ps, ps[#ps - 1], sum(ps));";
    agrees(uniform);
    assert!(lowering_rules(uniform).iter().any(|r| r == "scatter-uniform"));
    let out = agrees("{0 : i in index(5)} <- {(i * 2, 7) : i in index(4)};");
    assert!(out.contains("fault"), "{out}");
    // A value that depends on its index keeps the last-writer claims.
    let varying = "{0 : i in index(7)} <- {(rem(i, 7), i) : i in index(40)};";
    agrees(varying);
    assert!(!lowering_rules(varying).iter().any(|r| r == "scatter-uniform"));
}

#[test]
fn a_size_variable_never_takes_the_name_of_a_kernel_variable() {
    support::own_process!();
    let source = std::fs::read_to_string(format!(
        "{}/../../tests/programs/builtins/reordering.nesl",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    agrees(&source);
}

#[test]
fn single_pass_scans_and_filters_over_many_tiles() {
    support::own_process!();
    // Look-back tiles are 256 · 19 ints for a scan and a filter of ints
    // and 256 · 9 for a filter of pairs: sizes below, at and past a tile,
    // and hundreds of tiles chained by look-back; filters keeping one,
    // every, or one in 19 (a kept element per work-item's run) elements.
    agrees(
        "let s = plus_scan({rem(i * 7, 13) - 6 : i in index(1000003)}) in (sum(s), s[1000002], s[4863], s[4864]);\n\
         let s = max_scan({rem(i * 7919, 1000) : i in index(4864)}) in (sum(s), s[4863]);\n\
         let s = min_scan({rem(i * 7919, 1000) : i in index(4865)}) in (sum(s), s[4864]);\n\
         let k = {x : x in index(2304) | rem(x, 2) == 0} in (#k, sum(k));\n\
         let k = {x : x in index(4865) | rem(x, 2) == 0} in (#k, sum(k), k[1152], k[2432]);\n\
         let k = {x : x in index(1) | x == 0} in (#k, k);\n\
         let k = {x : x in index(48641) | rem(x, 19) == 18} in (#k, sum(k), k[255], k[256]);\n\
         let k = {x : x in index(9729) | x /= 4864} in (#k, sum(k), k[4863], k[4864]);\n\
         let k = {(x, rem(x, 5)) : x in index(700001) | rem(x * 7, 11) < 4} in (#k, k[0], k[#k - 1], k[123456]);\n\
         let k = {x : x in index(500000) | x < 0} in #k;\n\
         let k = {x : x in index(500000) | x >= 0} in (#k, sum(k));\n\
         let r = {plus_scan(s) : s in {{rem(i * j, 7) : i in index(rem(j, 50))} : j in index(20000)}} in (sum({sum(s) : s in r}), r[19999]);",
    );
}

#[test]
fn lifted_filters_flag_their_elements_where_they_pull_them() {
    support::own_process!();
    // A lifted filter's keep reads its instance's data (`segment_of`):
    // many instances of 0 to 9 elements, one instance over hundreds of
    // tiles, empty ones around long ones, pairs, and quicksort's three
    // parts (each kept flag set in its owner's mask as it is pulled).
    agrees(
        "let r = {{x : x in s | x < s[0] + 3} : s in {{rem(i * j, 17) : i in index(rem(j * 7, 10))} : j in index(200001)}} in (sum({#s : s in r}), sum({sum(s) : s in r}), r[199999]);\n\
         let r = {{x : x in s | rem(x, 19) == 18} : s in [{i : i in index(100003)}]} in (#r[0], sum(r[0]), r[0][255]);\n\
         let r = {{x : x in s | rem(x, 7) /= 0} : s in {{i : i in index(if rem(j, 400) == 0 then 5000 else 0)} : j in index(4000)}} in (sum({#s : s in r}), sum({sum(s) : s in r}), r[400]);\n\
         let r = {{(x, j) : x in s | x > j} : s in {{rem(i * 7, 23) : i in index(rem(j, 5))} : j in index(30001)}; j in index(30001)} in (sum({#s : s in r}), r[30000]);\n\
         function qs(s) = if #s <= 1 then s else let p = s[#s / 2]; l = {x in s | x < p}; e = {x in s | x == p}; g = {x in s | x > p}; r = {qs(v) : v in [l, g]} in r[0] ++ e ++ r[1];\n\
         let r = qs({rem(i * 7919, 100003) : i in index(60000)}) in (#r, r[0], r[29999], r[59999], sum(r));",
    );
}

#[test]
fn lifted_filters_write_no_positions_the_program_only_counts() {
    support::own_process!();
    // `length-only-results`: the lifted filters pull (position, element)
    // and their predicates read the position, but only the number of
    // positions kept is used: the kernels return the elements alone and
    // the filters write no positions (quicksort over instances of every
    // shape: empty, one element, one huge, odd sizes, all equal).
    let source = "function qs(s) = if #s <= 1 then s else let p = s[#s / 2]; l = {x in s | x < p}; e = {x in s | x == p}; g = {x in s | x > p}; r = {qs(v) : v in [l, g]} in r[0] ++ e ++ r[1];\n\
         let r = {qs(s) : s in {{rem(i * j * 7919, 1 + rem(j, 13)) : i in index(if j == 7 then 20011 else rem(j * 5, 9))} : j in index(3001)}} in (sum({#s : s in r}), r[7][0], r[7][20010], r[3000], sum({sum(s) : s in r}));\n\
         let r = qs({rem(i * 7919, 100003) : i in index(30001)}) in (#r, r[0], r[15000], r[30000]);\n\
         let r = {qs(s) : s in [[] int, [5], [3, 3, 3]]} in r;";
    agrees(source);
    let (_, flat) = support::flat_program(source, fusion::ScheduleKind::ilp()).unwrap();
    let three_way: Vec<_> = flat
        .kernels
        .iter()
        .filter(|k| {
            k.body.iter().filter(|b| matches!(b.soac, flatten::ir::Soac::Filter { before: Some(_), .. })).count() == 3
        })
        .collect();
    assert!(!three_way.is_empty(), "no kernel of three filters");
    for kernel in three_way {
        let low = lift_ir::rules::lower_to_low_level(&lift_ir::lower::lower_kernel(kernel).unwrap()).unwrap();
        let printed = lift_ir::print::print_kernel(&low);
        let filters = printed.lines().filter(|l| l.contains("filtersLookback")).collect::<Vec<_>>().join("\n");
        // A filter counting before offsets returns (elements, counts);
        // each writes one column, the element (the pull is (element,
        // segment) once `filter-predicate-shares-pull` gave the
        // predicates the segment and dropped the position).
        assert_eq!(kernel.results.len(), 6, "{}", flatten::ir::print::print_kernel(kernel));
        assert_eq!(filters.matches("columns [0]").count(), 3, "{printed}");
    }
}

#[test]
fn horizontal_filters_pull_once_and_maps_ride_on_scans() {
    support::own_process!();
    // `horizontal-filters`: filters of one array in one launch, a count
    // per filter chained by one look-back, over hundreds of tiles, some
    // keeping none or all, of ints (keeps of the element alone, flags
    // from the tile) and of pairs; lifted (quicksort's three parts of
    // each instance, flags set where pulled, empty instances among long
    // ones). `map-scan-horizontal`: a map written where a scan loads its
    // tile.
    let source = "let s = {rem(i * 7919, 1000) : i in index(700001)}; l = {x in s | x < 500}; e = {x in s | x == 500}; g = {x in s | x > 500}; z = {x in s | x < 0}; a = {x in s | x >= 0} in (#l, #e, #g, sum(l), sum(e), sum(g), l[1000], g[#g - 1], #z, #a, sum(a));\n\
         let s = {(i, rem(i * 13, 7)) : i in index(50001)}; l = {(i, c) in s | c < 3}; g = {(i, c) in s | c >= 3} in (#l, #g, l[0], l[#l - 1], g[0], g[#g - 1]);\n\
         let k = {x : x in index(1) | x == 0}; j = {x : x in index(1) | x /= 0} in (#k, k, #j);\n\
         let r = {let p = if #s == 0 then 0 else s[#s / 2] in ({x in s | x < p}, {x in s | x == p}, {x in s | x > p}) : s in {{rem(i * j, 17) : i in index(if rem(j, 1000) == 0 then 6000 else rem(j * 7, 10))} : j in index(20001)}} in (sum({#a : (a, b, c) in r}), sum({#b : (a, b, c) in r}), sum({sum(c) : (a, b, c) in r}), r[1000], r[19999]);\n\
         let xs = {rem(i * 31, 101) : i in index(300001)}; ys = {x * 2 : x in xs}; zs = plus_scan({x + 1 : x in xs}) in (sum(ys), ys[300000], zs[300000], zs[4864]);";
    agrees(source);
    let rules = lowering_rules(source);
    for rule in ["horizontal-filters", "map-scan-horizontal"] {
        assert!(rules.iter().any(|r| r == rule), "{rule} not applied: {rules:?}");
    }
}

#[test]
fn horizontal_traversals_in_one_look_back() {
    support::own_process!();
    // `lookback-horizontal`: scans, reductions, filters and maps of one
    // size in one launch, its carry the tuple of theirs: over hundreds of
    // tiles, 0, 1 and odd sizes, a non-commutative reduction
    // (`max_index` keeps the first of equal values), filters keeping all
    // or none, a filter of positions (not held in the tile), and a lifted
    // conditional's recursion (quicksort: each level's rank, then- and
    // else-instances and branch totals) over many levels.
    let source = "let s = {rem(i * 7919, 1000) - 500 : i in index(100001)}; p = plus_scan(s); m = max_scan(s); tot = sum(s); u = {x in s | x > 300}; v = {x in s | x <= 300} in (p[100000], m[77777], tot, #u, #v, sum(u), u[#u - 1], v[0]);
         let s = {rem(i * 13, 7) : i in index(5)}; p = plus_scan(s); tot = sum(s); u = {x in s | x > 3} in (p, tot, u);
         let s = [] int; p = plus_scan(s); tot = sum(s); u = {x in s | x > 3} in (p, tot, u);
         let s = [5]; p = plus_scan(s); tot = sum(s); u = {x in s | x > 3} in (p, tot, u);
         let s = {rem(i * 31, 101) : i in index(300001)}; p = min_scan(s); k = max_index(s); a = {x in s | x >= 0}; z = {x in s | x < 0} in (p[300000], k, #a, #z, a[299999]);
         let s = {rem(i * 17, 29) : i in index(70003)}; p = plus_scan(s); tot = sum(s); w = {i : x in s; i in index(#s) | x < 3} in (p[70002], tot, #w, w[0], w[#w - 1], sum(w));
         function qs(s) = if #s <= 1 then s else let pv = s[#s / 2]; r = {qs(v) : v in [{x in s | x < pv}, {x in s | x > pv}]} in r[0] ++ {x in s | x == pv} ++ r[1];
         let r = qs({rem(i * 7919, 10007) : i in index(30001)}) in (#r, r[0], r[15000], r[30000], sum({x * i : x in r; i in index(#r)}));
         qs([] int);
         qs([3, 1, 2]);";
    agrees(source);
    let (_, flat) = support::flat_program(source, fusion::ScheduleKind::ilp()).unwrap();
    let low: Vec<String> = flat
        .kernels
        .iter()
        .flat_map(|k| {
            lift_ir::rules::lower_to_low_level(&lift_ir::lower::lower_kernel(k).unwrap()).unwrap().rules_applied
        })
        .collect();
    let traversals = low.iter().filter(|r| *r == "lookback-horizontal").count();
    assert!(traversals >= 7, "lookback-horizontal applied {traversals} times: {low:?}");
}

#[test]
fn single_pass_scans_of_bools_and_segmented_int_pairs_and_filters_of_tuples() {
    support::own_process!();
    // Bools are exact: or_scan is one launch; a segmented int scan is a
    // look-back over (head flag, value) pairs; a float scan keeps
    // scan-tiles, and a filter of (int, float, bool) triples writes every
    // component from the tile.
    agrees(
        "let s = or_scan({rem(i, 5000) == 4999 : i in index(20000)}) in (s[4999], s[5000], count(s));\n\
         let s = {max_scan(s) : s in {{rem(i * j, 97) : i in index(rem(j * 7, 600))} : j in index(3000)}} in (sum({sum(s) : s in s}), s[2999]);\n\
         let s = plus_scan({float(rem(i, 16)) / 4.0 : i in index(50000)}) in (s[49999], s[4097]);\n\
         let k = {(x, float(x) / 2.0, rem(x, 3) == 0) : x in index(60001) | rem(x * 13, 7) < 3} in (#k, k[0], k[#k - 1], k[9999]);",
    );
}

#[test]
fn segmented_look_back_scans_of_every_shape() {
    support::own_process!();
    // A segmented int scan is one look-back launch whose tiles (256 · 21
    // ints, `lift_ir::rules::SEG_SCAN_LOCAL_BYTES`) find their heads in
    // the descriptor; a tile with a head publishes its prefix before its
    // look-back (note [a head ends the look-back]), one without waits for
    // the tiles before it. One segment over hundreds of tiles, many of 0
    // to 2 elements, harmonic (power-law) lengths, long segments starting
    // at tile boundaries between runs of empty ones, a segment per element
    // (the most heads a tile can have), tuples (two scans fused), and
    // products.
    agrees(
        "let r = {plus_scan(s) : s in [{rem(i * 7, 13) - 6 : i in index(1000003)}]} in (sum(r[0]), r[0][1000002], r[0][5376]);\n\
         let r = {min_scan(s) : s in {{rem(i * 31, 17) : i in index(if rem(j, 300) == 0 then 5376 else 0)} : j in index(3000)}} in (sum({sum(s) : s in r}), r[300], r[2700][5375]);\n\
         let r = {plus_scan(s) : s in {{j : i in index(1)} : j in index(20000)}} in (sum({sum(s) : s in r}), r[5376], r[19999]);\n\
         let r = {max_scan(s) : s in {{rem(i * j, 11) : i in index(rem(j * 7, 3))} : j in index(100001)}} in (sum({sum(s) : s in r}), r[100000]);\n\
         let r = {plus_scan(s) : s in {{rem(i * j, 5) : i in index(4096 / (1 + rem(j * 1299709 + 12345, 4096)))} : j in index(30000)}} in (sum({sum(s) : s in r}), #r, r[29999]);\n\
         let r = {min_scan(s) : s in {{rem(i * 31, 17) : i in index(if rem(j, 500) == 0 then 3840 else 0)} : j in index(5000)}} in (sum({sum(s) : s in r}), r[500], r[4500][3839]);\n\
         let r = {(plus_scan(s), max_scan(s)) : s in {{rem(i * j, 9) - 4 : i in index(rem(j, 37))} : j in index(7001)}} in (sum({sum(a) + sum(b) : (a, b) in r}), r[7000]);\n\
         {mult_scan(s) : s in [[2, 3], [] int, [] int, [4], [5, 6, 7]]};",
    );
}

#[test]
fn segmented_reductions_over_many_tiles_chunks_and_carries() {
    support::own_process!();
    // Under both lowerings of a segmented reduction: `segReduce-merge`
    // takes tiles of 1024 merge items (segment ends and
    // elements): many tiles of short segments (a third empty), one
    // segment of 100000 (its part before its last tile, 98 tiles, folded
    // by that tile's group), long segments among empty ones, float sums
    // (exact: multiples of 1/4), and max_index, whose operator keeps the
    // first of equal values (not commutative: contiguous chunks and the
    // tree in order), over pairs; `segReduce-teams` the same.
    //
    // The int sums go through one function, `isum` (row lengths `lens`,
    // the element `rem(i * a + i * j * b + j * c, m) - d` at `i` of row
    // `j`, the value at row `at` printed): one build of its kernels a
    // lowering runs every shape (PoCL's builds are CI's time). The rows of
    // max_index take 1 to 3000 elements (7j wraps 3000 twice over 1000
    // rows): 1.5M elements over hundreds of tiles, where 3000 rows (4.5M)
    // took the evaluator seconds for the same tiles and carries.
    let source = "function isum(lens, a, b, c, m, d, at) = let r = {sum(s) : s in {{rem(i * a + i * j * b + j * c, m) - d : i in index(l)} : l in lens; j in index(#lens)}} in (#r, sum({x * i : x in r; i in index(#r)}), r[0], r[at]);\n\
         isum({rem(j * 37, 101) : j in index(20000)}, 0, 1, 0, 7, 3, 12345);\n\
         isum([100000], 1, 0, 0, 1000000007, 0, 0);\n\
         isum([0, 4097, 0], 1, 0, 0, 1000000007, 0, 1);\n\
         isum({if rem(j, 1000) == 7 then 5000 + j else rem(j, 3) : j in index(10000)}, 1, 0, 0, 1000000007, 0, 9007);\n\
         let r = {sum(s) : s in {{0.25 * float(rem(i, 9)) : i in index(rem(j * 13, 300))} : j in index(5000)}} in (sum({x * float(i) : x in r; i in index(#r)}), r[4999]);\n\
         let r = {max_index(s) : s in {{rem(i * j, 5) : i in index(1 + rem(j * 7, 3000))} : j in index(1000)}} in (sum({x * i : x in r; i in index(#r)}), r[999]);\n\
         {max_index(s) : s in [{rem(i, 3) : i in index(70000)}, [4, 4, 1]]};";
    // By-shape runs one of these two per launch; its choice is tested by
    // `by_shape_runs_teams_on_even_segments_and_merge_on_uneven_ones` and
    // lift-ir's `segmented_reductions_by_shape`. Teams also with batches
    // of 3 elements a lane (`hoist-element-reads`: whole batches and the
    // rest one at a time, in the team's order; merge's batches are its
    // tile's items). `segReduce-binned`, an option, runs here once with
    // its defaults; `narrow_teams_combine_their_lanes_in_order_and_guarded_launches_stride`
    // runs it with batches of 1 and serving groups of 8 (each configuration
    // is a PoCL build of every kernel: CI's time).
    let batch = lift_ir::seg_reduce::SEG_BATCH;
    let lowerings = [
        (SegReduce::Merge, batch, 64),
        (SegReduce::Teams, batch, 64),
        (SegReduce::Teams, 3, 64),
        (SegReduce::Binned, batch, 64),
    ];
    // The evaluator runs once (note [one oracle, many configurations]).
    let oracle = support::Oracle::new(source);
    for (seg_reduce, seg_batch, seg_list_group) in lowerings {
        let cfg = lift_ir::rules::Config { seg_reduce, seg_batch, seg_list_group, ..lift_ir::rules::Config::default() };
        let out = oracle.agree(&cfg);
        assert!(out.contains("[2, 0]"), "every form ran ({seg_reduce:?}): {out}");
    }
}

#[test]
fn narrow_teams_combine_their_lanes_in_order_and_guarded_launches_stride() {
    support::own_process!();
    // Teams of 2, 4 and 8 lanes (rows of 5, 6 and 11 on average, batches
    // of 2) combine their lanes by lane 0 alone (`SERIAL_TREE_LANES`),
    // teams of 16 and more by the tree of all lanes (teams of at most 32
    // in the stage of `segReduce-warp-teams`, whose portable path PoCL
    // runs, rows of 90 on average in teams of 128 in the barriers' stage,
    // with `seg_warp_steps` 4 and batches of 1, the default 0 keeping it
    // off; on PoCL the flag's period is only in the NVIDIA branch, which
    // seg_teams_nvidia.rs reads, so one period: with batches of 1 the
    // rows of 16 to 55 take teams of exactly 32 lanes, the widest of the
    // warp stage, and the short rows teams of 2): max_index keeps the
    // first of equal values, so a pair taken out of order shows; a long
    // row among short ones (a team's long segment, the group's tree after
    // the narrow teams' halves); empty rows and one row. By shape, also
    // with batches of 6 (12 for the short rows of the first program, a
    // work-item each: teams that would give up on a row of more than 48
    // and leave its rows of 40, more than 32 elements a lane, to the
    // group) and with the guarded launches capped at 1 and 3 work-groups
    // (teams and merge striding over all their segments and tiles), teams
    // alone, and binned with batches of 1 and serving groups of 8.
    //
    // The rows of max_index go through one function, `mi` (row lengths
    // `lens`, the element `rem(i * a + i * j * b + j * c, m)` at `i` of
    // row `j`, the value at row `at` printed): its kernels are built once
    // a configuration and run on every shape, each launch choosing its
    // stage and team width from its own sizes on the host (PoCL's build of
    // each kernel is CI's time: a copy of the kernels per shape took twice
    // as long).
    let source = "function mi(lens, a, b, c, m, at) = let r = {max_index(s) : s in {{rem(i * a + i * j * b + j * c, m) : i in index(l)} : l in lens; j in index(#lens)}} in (sum({x * i : x in r; i in index(#r)}), r[at]);\n\
         mi({if rem(j, 1000) == 17 then 40 else 1 + rem(j * 7, 8) : j in index(5001)}, 0, 1, 0, 3, 5000);\n\
         mi({2 + rem(j * 5, 9) : j in index(4099)}, 1, 0, 1, 4, 4098);\n\
         mi({5 + rem(j * 11, 13) : j in index(3001)}, 3, 0, 1, 5, 3000);\n\
         mi({16 + rem(j, 40) : j in index(2000)}, 0, 1, 0, 7, 1999);\n\
         let r = {sum(s) : s in {{rem(i * j, 11) - 5 : i in index(if rem(j, 500) == 3 then 3000 + j else rem(j, 6))} : j in index(4000)}} in (sum({x * i : x in r; i in index(#r)}), r[3], r[3503]);\n\
         mi({if rem(j, 700) == 5 then 2500 else 1 + rem(j, 7) : j in index(3000)}, 1, 0, 0, 2, 705);\n\
         mi({70 + rem(j * 3, 41) : j in index(1500)}, 0, 1, 0, 13, 1499);\n\
         {max_index(s) : s in [{rem(i, 3) : i in index(9)}]};";
    let default = lift_ir::rules::Config::default();
    let configs = [
        default,
        lift_ir::rules::Config { seg_batch: 6, ..default },
        lift_ir::rules::Config { seg_batch: 2, seg_guarded_groups: 1, ..default },
        lift_ir::rules::Config { seg_guarded_groups: 3, ..default },
        lift_ir::rules::Config { seg_warp_steps: 4, seg_batch: 1, ..default },
        lift_ir::rules::Config { seg_reduce: SegReduce::Teams, seg_batch: 2, ..default },
        lift_ir::rules::Config { seg_reduce: SegReduce::Teams, seg_batch: 1, ..default },
        lift_ir::rules::Config { seg_reduce: SegReduce::Binned, seg_batch: 1, seg_list_group: 8, ..default },
    ];
    let oracle = support::Oracle::new(source);
    for cfg in configs {
        let out = oracle.agree(&cfg);
        assert!(out.contains("[2]"), "every form ran ({cfg:?}): {out}");
    }
}

#[test]
fn by_shape_runs_teams_on_even_segments_and_merge_on_uneven_ones() {
    support::own_process!();
    // segReduce-by-shape launches teams, which gives up on a long segment
    // (setting a flag, never read back), then merge under the flag's
    // device guard: rows of 8 and 9 (teams of 8 lanes, two steps at most)
    // by teams; rows of 2048 / j (a power-law tail: the longest 2048,
    // teams of 8 would take 256 steps) by merge; one segment per
    // work-group's worth of elements (teams as wide as the group, known to
    // the host) by teams alone, merge not launched. Each agrees with the
    // flat evaluator; teams chosen, without merge's launches it still
    // agrees (the guard returned at once), without teams' it does not
    // (merge's guard fails: nothing wrote); merge chosen, without merge's
    // launches it does not (teams gave up).
    let cases = [
        (
            "let r = {sum(s) : s in {{rem(i * j, 11) - 5 : i in index(8 + rem(j, 2))} : j in index(3001)}} in (sum(r), r[3000]);",
            Some(false),
        ),
        (
            "let r = {sum(s) : s in {{rem(i * j, 11) - 5 : i in index(2048 / (1 + rem(j * 7919, 2048)))} : j in index(3001)}} in (sum(r), r[3000]);",
            Some(true),
        ),
        (
            "let r = {sum(s) : s in {{0.5 * float(rem(i, 7)) : i in index(300 + rem(j * 37, 5000))} : j in index(40)}} in (sum(r), r[39]);",
            None,
        ),
    ];
    let cfg = lift_ir::rules::Config { seg_reduce: SegReduce::ByShape, ..lift_ir::rules::Config::default() };
    for (source, merge_chosen) in cases {
        let (program, flat) = support::flat_program(source, fusion::ScheduleKind::ilp()).expect("compiles");
        let compiled = opencl_backend::compile_program_with(&flat, &cfg).expect("generates");
        // The launches of each lowering, in the segmented reduction's
        // kernel (the one with the chunks' stage): teams's three (without
        // the chunk partials' fold in batches of B and of the short batch, then with it
        // where the team is the group; those that give up write the
        // merge's splits) just before merge's one, the kernel's last.
        let teams_launches = 3;
        let is_reduction =
            |k: &opencl_backend::plan::CompiledKernel| k.steps.iter().any(|s| launch_of(s).kernel.ends_with("_chunks"));
        let merge_of = |k: &opencl_backend::plan::CompiledKernel| k.steps.len().checked_sub(1);
        let without = |merge: bool| {
            let mut c = compiled.clone();
            for k in c.kernels.iter_mut().filter(|k| is_reduction(k)) {
                if let Some(at) = merge_of(k) {
                    let drop: Vec<usize> = if merge { vec![at] } else { (at - teams_launches..at).collect() };
                    let steps = std::mem::take(&mut k.steps);
                    k.steps =
                        steps.into_iter().enumerate().filter(|(i, _)| !drop.contains(i)).map(|(_, s)| s).collect();
                }
            }
            c
        };
        assert!(compiled.kernels.iter().any(is_reduction));
        // Without the chosen lowering first, in a session of its own (no
        // buffer of an earlier run holding the answer).
        let chosen = merge_chosen.unwrap_or(false);
        let outcome = support::compare(&mut session(), &program, &flat, &without(chosen), false);
        assert!(!matches!(outcome, Outcome::Agree(_)), "{source}: the result without the chosen lowering: {outcome:?}");
        // Without merge where teams is chosen (merge chosen, teams' launch
        // sets the flag that merge's guard reads).
        if !chosen {
            let outcome = support::compare(&mut session(), &program, &flat, &without(true), false);
            assert!(matches!(outcome, Outcome::Agree(_)), "{source}: without the other lowering: {outcome:?}");
        }
        let mut session = session();
        match outcome_in(&mut session, source, fusion::ScheduleKind::ilp(), &cfg) {
            Outcome::Agree(_) => {}
            Outcome::Unsupported(e) | Outcome::NotCompiled(e) | Outcome::Wrong(e) => panic!("{source}: {e}"),
        }
        let stats = session.stats().expect("the profile");
        let launched: Vec<&str> = stats.kernel_groups().map(|g| g.name.as_str()).collect();
        let decided_on_device = merge_chosen.is_some();
        assert!(launched.iter().all(|k| !k.contains("_longest")), "{source}: no longest segment: {launched:?}");
        // Teams write merge's splits where they give up: no launch of
        // its own; merge is launched (under its guard) where the device
        // decides.
        assert!(launched.iter().all(|k| !k.ends_with("_splits")), "{source}: a splits' launch: {launched:?}");
        let merge_names: Vec<String> = compiled
            .kernels
            .iter()
            .filter(|k| is_reduction(k))
            .filter_map(|k| merge_of(k).map(|at| launch_of(&k.steps[at]).kernel.clone()))
            .collect();
        let merged = launched.iter().any(|k| merge_names.iter().any(|m| m == k));
        assert_eq!(merged, decided_on_device, "{source}: merge launched: {launched:?}");
    }
}

#[test]
fn gathers_out_of_range_in_segmented_sums_fault_from_every_lowering() {
    support::own_process!();
    // SpMV's pull `x * v[i]` checks its gather: the hoisted pull keeps a
    // failed check in the batch's private record and the kernel reports
    // it after the batch (note [deferred faults] in
    // `codegen::seg_reduce`), the pull running straight through, reading
    // v[0] where the column is out of range. One bad column (negative, or
    // past the end) among rows of 8 (teams), among power-law rows with a
    // long row (merge, the bad column in its part before the last tile:
    // the carry-in's batches), in a tile's items and in an odd last
    // batch; the fault and its payload as the flat evaluator's, and the
    // good matrices' values.
    //
    // The bad column's place and value and the row shape come from a host
    // array, not from literals in the kernels: the programs are then one
    // OpenCL source, which PoCL builds once a lowering and serves from its
    // cache to the others (each build of every kernel is CI's time: 11
    // builds of as many sources became 3). The columns are then an array
    // in memory, read by the hoisted pull as SpMV's are
    // (examples/sparse_mxv.nesl); one more program with literals keeps
    // the pull that computes its column itself (a segment search for
    // `r`), under every lowering (3 builds more).
    let smvm = "function smvm(m, v) = {sum({x * v[i] : (i, x) in row}) : row in m};\n";
    // The bad column `bad + r * per_row` at row `bad_row`, element
    // `bad_k`; rows of 8, or uneven ones (a row of 3001 every 500, the
    // rest of 0 to 8).
    let program = |bad_row: i64, bad_k: i64, bad: i64, per_row: i64, uneven: bool| {
        let p = [bad_row, bad_k, bad, per_row, i64::from(uneven)]
            .map(|x| if x < 0 { format!("0 - {}", -x) } else { x.to_string() });
        format!(
            "{smvm}let p = [{}];\n    bad_row = p[0]; bad_k = p[1]; bad = p[2]; per_row = p[3]; uneven = p[4] == 1;\n    m = {{{{((if r == bad_row and k == bad_k then bad + r * per_row else rem(r * 7 + k * 13, 1000)), 0.25 * float(rem(k, 5))) : k in index(if uneven then (if rem(r, 500) == 3 then 3001 else rem(r * 7, 9)) else 8)}} : r in index(2001)}};\n    v = {{float(i) : i in index(1000)}}\nin smvm(m, v);",
            p.join(", ")
        )
    };
    let sources = [
        program(99999, 0, 0, 0, false),
        program(99999, 0, 0, 0, true),
        program(77, 5, -5, 0, false),
        program(2000, 7, 1000, 0, false),
        program(1503, 1000, 1000, 0, true),
        program(1503, 3000, -1, 0, true),
        program(1999, 2, 1000, 1, true),
        format!(
            "{smvm}let m = {{{{((if r == 1503 and k == 3000 then 0 - 1 else rem(r * 7 + k * 13, 1000)), 0.25 * float(rem(k, 5))) : k in index(if rem(r, 500) == 3 then 3001 else rem(r * 7, 9))}} : r in index(2001)}};\n    v = {{float(i) : i in index(1000)}}\nin smvm(m, v);"
        ),
    ];
    // By shape runs every program (teams on rows of 8, merge on the
    // uneven ones); teams with batches of 3 and binned run an uneven one
    // with a bad column past its long row's first batches, a good one,
    // and the one with literals.
    let batch = lift_ir::seg_reduce::SEG_BATCH;
    let lowerings = [
        (SegReduce::ByShape, batch, &[0, 1, 2, 3, 4, 5, 6, 7][..]),
        (SegReduce::Teams, 3, &[1, 4, 7][..]),
        (SegReduce::Binned, batch, &[0, 4, 7][..]),
    ];
    let oracles: Vec<support::Oracle> = sources.iter().map(|s| support::Oracle::new(s)).collect();
    for (seg_reduce, seg_batch, programs) in lowerings {
        let cfg = lift_ir::rules::Config { seg_reduce, seg_batch, ..lift_ir::rules::Config::default() };
        for (k, oracle) in oracles.iter().enumerate().filter(|(k, _)| programs.contains(k)) {
            let out = oracle.agree(&cfg);
            assert_eq!(out.contains("fault"), k >= 2, "{seg_reduce:?}, program {k}: {out}");
        }
    }
}

#[test]
fn long_segments_fold_chunk_partials_of_many_work_groups() {
    support::own_process!();
    // segReduce-long-chunks: a run of two chunks (256 · 32 elements) or
    // more is folded by its group from the partials of its aligned
    // chunks, which another launch reduces with a work-group each. One
    // segment of 300001 (odd) elements, a few of 40000 and more among
    // thousands of empty ones, float sums (exact: multiples of 1/4) over
    // long and short rows, max_index (a pair; the first of equal values
    // wins, so the chunks and their partials combine in order) over a
    // constant segment of 50000, over runs of ties and beside tiny ones,
    // a segment that ends exactly on a chunk boundary (16384, 24576), and
    // no segment at all. Under every lowering: by shape (teams as wide as
    // the group for the huge segments, merge for the few huge among many
    // empty), merge alone (its carry-ins from carry-outs), teams alone.
    // The int sums go through one function, `isum` (as in
    // `segmented_reductions_over_many_tiles_chunks_and_carries`): one
    // build of its kernels a lowering runs every shape.
    let source = "function isum(lens, a, b, c, m, d, at) = let r = {sum(s) : s in {{rem(i * a + i * j * b + j * c, m) - d : i in index(l)} : l in lens; j in index(#lens)}} in (#r, sum({x * i : x in r; i in index(#r)}), r[0], r[at]);\n\
         isum([300001], 7, 0, 0, 13, 5, 0);\n\
         isum({if rem(j, 700) == 5 then 30000 + j else 0 : j in index(5000)}, 0, 1, 0, 11, 4, 4205);\n\
         let r = {max_index(s) : s in {{rem(i * 31, 17) : i in index(if rem(j, 500) == 3 then 40000 + j else 1 + rem(j, 2))} : j in index(3000)}} in (sum({x * i : x in r; i in index(#r)}), r[3], r[2503]);\n\
         let r = {sum(s) : s in {{0.25 * float(rem(i, 9)) : i in index(if rem(j, 3) == 0 then 20000 + 17 * j else rem(j, 5))} : j in index(31)}} in (sum(r), r[0], r[30]);\n\
         {max_index(s) : s in [{rem(i, 3) : i in index(70000)}, [4, 4, 1], {5 : i in index(50000)}, {rem(i, 2) : i in index(16384)}, {0 - rem(i, 5) : i in index(24576)}]};\n\
         {min_index(s) : s in [{rem(i, 3) : i in index(40000)}, {2 + rem(i, 7) : i in index(33333)}, [7]]};\n\
         isum({if j == 7 then 100000 else 1 + rem(j, 3) : j in index(9000)}, 1, 0, 0, 1000000007, 0, 7);\n\
         {sum(s) : s in {{i : i in index(j)} : j in index(0)}};";
    let batch = lift_ir::seg_reduce::SEG_BATCH;
    let oracle = support::Oracle::new(source);
    for seg_reduce in [SegReduce::ByShape, SegReduce::Merge, SegReduce::Teams, SegReduce::Binned] {
        let cfg = lift_ir::rules::Config { seg_reduce, seg_batch: batch, ..lift_ir::rules::Config::default() };
        let mut session = session();
        oracle.agree_in(&mut session, &cfg);
        let stats = session.stats().expect("the profile");
        let launched: Vec<&str> = stats.kernel_groups().map(|g| g.name.as_str()).collect();
        // Merge alone folds a long segment's carry-in from its tiles'
        // carry-outs (note [merge carries]): no chunks there.
        let chunks = launched.iter().any(|k| k.ends_with("_chunks"));
        assert_eq!(chunks, seg_reduce != SegReduce::Merge, "{seg_reduce:?}: the kernels launched: {launched:?}");
    }
}

fn launch_of(step: &opencl_backend::plan::Step) -> &opencl_backend::plan::Launch {
    match step {
        opencl_backend::plan::Step::Launch(l) => l,
    }
}

#[test]
fn look_back_with_small_groups_takes_31_items_and_odd_search_rounds() {
    support::own_process!();
    // With 32 work-items a look-back tile takes 31 items each (the most a
    // 32-bit mask of flags holds) and the segmented search 7 rounds, with
    // 128 19 items and 5 rounds: the range ends in the other pair of slots
    // than with 256 (4 rounds). Scans, filters keeping bits 0 and 30 of a
    // work-item's mask, and segments of every shape.
    let source = "let s = plus_scan({rem(i * 7, 13) - 6 : i in index(100003)}) in (sum(s), s[100002], s[991], s[992]);\n\
         let k = {x : x in index(99999) | rem(x, 31) == 0 or rem(x, 31) == 30} in (#k, sum(k), k[1], k[#k - 1]);\n\
         let k = {(x, rem(x, 3) == 0) : x in index(30001) | rem(x * 7, 11) < 5} in (#k, k[0], k[#k - 1]);\n\
         let r = {plus_scan(s) : s in {{rem(i * j, 7) : i in index(rem(j, 50))} : j in index(20000)}} in (sum({sum(s) : s in r}), r[19999]);\n\
         let r = {max_scan(s) : s in {{rem(i * 31, 17) : i in index(if rem(j, 300) == 0 then 992 else 0)} : j in index(3000)}} in (sum({sum(s) : s in r}), r[2700][991]);\n\
         let r = {plus_scan(s) : s in [{rem(i * 7, 13) - 6 : i in index(100003)}]} in (sum(r[0]), r[0][100002]);\n\
         {plus_scan(s) : s in [[2, 3], [] int, [] int, [4], [5, 6, 7]]};";
    let oracle = support::Oracle::new(source);
    for group_size in [32, 128] {
        let cfg = lift_ir::rules::Config { group_size, ..lift_ir::rules::Config::default() };
        let out = oracle.agree(&cfg);
        assert!(out.contains("[[0, 2], [], [], [0], [0, 5, 11]]"), "every form ran (group size {group_size}): {out}");
    }
}

#[test]
fn maps_that_multiply_or_divide_ints_get_a_narrow_index_variant_computing_the_same() {
    support::own_process!();
    // codegen's note [narrow index]: such a map's kernel comes twice, the
    // second with a 32-bit index, launched where the grid fits in 32 bits;
    // with the variant taken away the wide kernel runs. Both agree with the
    // evaluator on odd sizes, one element and none, and negative dividends.
    let source = "function rnd(i, a) = rem(i * a + 12345, 1000003);\n\
         function prices(n) = {float(rnd(i, 7919)) / 1000003.0 + float(rem(i * -7 + 3, 13)) + float(i / 3) : i in index(n)};\n\
         let r = prices(100003) in (sum(r), r[0], r[100002]);\n\
         prices(1);\n\
         prices(0);\n\
         {float(i) * 0.5 : i in index(1001)}[1000];";
    let cfg = opencl_backend::config_from_env();
    let (program, flat) = support::flat_program(source, fusion::ScheduleKind::ilp()).expect("compiles");
    let compiled = opencl_backend::compile_program_with(&flat, &cfg).expect("code generation");
    let launches: Vec<&opencl_backend::plan::Launch> =
        compiled.kernels.iter().flat_map(|k| k.steps.iter().map(launch_of)).collect();
    let narrow: Vec<&str> = launches.iter().filter_map(|l| l.narrow.as_deref()).collect();
    assert!(!narrow.is_empty(), "no narrow variant: {}", compiled.opencl());
    for name in &narrow {
        let text = compiled.opencl();
        let at = text.find(&format!("__kernel void {name}(")).expect("the variant is in the source");
        assert!(text[at..].contains("(long)(uint)get_global_id(0)"), "{}", &text[at..]);
    }
    // The float-only map multiplies no int: one kernel.
    assert!(
        launches.iter().any(|l| l.narrow.is_none() && l.kernel.contains("map")),
        "{:?}",
        launches.iter().map(|l| (&l.kernel, &l.narrow)).collect::<Vec<_>>()
    );
    let mut session = session();
    let narrow_run = match support::compare(&mut session, &program, &flat, &compiled, false) {
        Outcome::Agree(text) => text,
        other => panic!("{other:?}"),
    };
    let launched: Vec<String> = session.stats().expect("the profile").kernel_groups().map(|g| g.name.clone()).collect();
    assert!(launched.iter().all(|k| !k.ends_with("_idx32")), "counted under the kernel's name: {launched:?}");
    let with_narrow = |name: Option<&str>| {
        let mut c = compiled.clone();
        for kernel in &mut c.kernels {
            for opencl_backend::plan::Step::Launch(launch) in &mut kernel.steps {
                if launch.narrow.is_some() {
                    launch.narrow = name.map(str::to_string);
                }
            }
        }
        c
    };
    // The variant is what runs: one that does not exist fails the launch.
    let missing =
        support::compare(&mut support::session(), &program, &flat, &with_narrow(Some("no_such_kernel")), false);
    assert!(matches!(&missing, Outcome::Wrong(e) if e.contains("no_such_kernel")), "{missing:?}");
    let wide = with_narrow(None);
    match support::compare(&mut support::session(), &program, &flat, &wide, false) {
        Outcome::Agree(text) => assert_eq!(text, narrow_run),
        other => panic!("{other:?}"),
    }
}

#[test]
fn maps_and_segment_gathers_launch_in_groups_of_256_over_counts_of_any_factors() {
    support::own_process!();
    // codegen's note [map work-groups]: a stage only `mapGlb`s shape is
    // launched in groups of 256 (the global size rounded up), never left to
    // the driver, which picks a divisor of the count: 1 for a prime. The
    // rounded-up work-items must do nothing: counts of one and none, primes,
    // empty segments, one huge segment, segment gathers searching and by
    // ids (>= 256 segments over >= 2^17 positions), against the evaluator.
    let source = "function qs(s) =\n\
           if #s <= 1 then s\n\
           else let pivot = s[#s / 2];\n\
                    lesser = {x in s | x < pivot};\n\
                    equal = {x in s | x == pivot};\n\
                    greater = {x in s | x > pivot};\n\
                    sorted = {qs(v) : v in [lesser, greater]}\n\
                in sorted[0] ++ equal ++ sorted[1];\n\
         function app(xs, ys) = {a ++ b : a in xs; b in ys};\n\
         let s = qs({rem(i * 7919, 1009) : i in index(1009)}) in (#s, s[0], s[500], s[1008]);\n\
         qs([] int);\n\
         qs([5]);\n\
         qs([3, 1]);\n\
         let r = app({index(rem(j, 5)) : j in index(1001)}, {index(rem(j * 3, 7)) : j in index(1001)}) in (#r, sum({sum(s) : s in r}), r[1000]);\n\
         let r = app({index(rem(j, 601)) : j in index(1000)}, {index(rem(j * 7, 11)) : j in index(1000)}) in (sum({#s : s in r}), sum({sum(s) : s in r}), r[999]);\n\
         let r = app([index(100003)], [index(7)]) in (#r[0], sum(r[0]), r[0][100009]);\n\
         {x * 3 : x in index(9973)}[9972];\n\
         {x * 3 : x in index(1)};\n\
         {x * 3 : x in index(0)};";
    let cfg = opencl_backend::config_from_env();
    let (program, flat) = support::flat_program(source, fusion::ScheduleKind::ilp()).expect("compiles");
    let compiled = opencl_backend::compile_program_with(&flat, &cfg).expect("code generation");
    let launches: Vec<&opencl_backend::plan::Launch> =
        compiled.kernels.iter().flat_map(|k| k.steps.iter().map(launch_of)).collect();
    for launch in &launches {
        if launch.local.is_none() {
            let constant = launch.global.iter().all(|g| g.as_cst().is_some_and(|n| n < 256));
            assert!(constant, "`{}` leaves its work-group to the driver over {:?}", launch.kernel, launch.global);
        }
    }
    let maps = launches.iter().filter(|l| l.local.as_deref().and_then(|s| s[0].as_cst()) == Some(256)).count();
    assert!(maps > 0, "no launch in groups of 256");
    let mut session = session();
    let text = match support::compare(&mut session, &program, &flat, &compiled, false) {
        Outcome::Agree(text) => text,
        other => panic!("{other:?}"),
    };
    assert!(compiled.lift_low.contains("mapTileSegmentIds"), "no gather finds its tiles' segments");
    assert!(text.contains("(1009, 0, 500, 1008)"), "{text}");
}

#[test]
fn maps_find_the_segments_of_their_tiles_of_every_shape() {
    support::own_process!();
    // `map-tile-segment-ids`: a segment gather (an element's `#row` and
    // its position in its row, by the segment of its flat position) in
    // one launch whose work-groups find their tile's segments (2048
    // positions) in local memory, against the evaluator: no segments, one
    // element, only empty segments, one segment over many tiles, odd
    // lengths with empty segments, runs of thousands of empty segments
    // at one position, segments of exactly a tile, a segment per element
    // (a boundary at every position of a tile), a tile's one segment
    // starting after runs of empty ones, and 30000 segments over 180000
    // positions (by tiles also by default, beyond the bounds of
    // `SegmentTiles::BySize`; the others by searches there).
    let shape = "function shape(lens) =\n\
           let m = {{(x, #row) : x in index(#row)} : row in {index(l) : l in lens}};\n\
               r = {sum({x * 3 + n : (x, n) in row}) : row in m}\n\
           in (#r, sum(r), sum({r[i] * (i + 1) : i in index(#r)}));\n";
    let source = format!(
        "{shape}shape([] int);\n\
         shape([1]);\n\
         shape({{0 : i in index(5000)}});\n\
         shape([100003]);\n\
         shape({{rem(i * 7919, 13) : i in index(997)}});\n\
         shape({{0 : i in index(3000)}} ++ [5] ++ {{0 : i in index(3000)}} ++ [2048, 2048, 1]);\n\
         shape({{if rem(i, 2) == 0 then 0 else 2048 : i in index(6)}});\n\
         shape({{1 : i in index(5000)}});\n\
         shape({{if rem(i, 700) == 0 then 3000 else 0 : i in index(2801)}});\n\
         shape({{rem(i * 7919, 13) : i in index(30000)}});"
    );
    let oracle = support::Oracle::new(&source);
    let defaults = opencl_backend::config_from_env();
    for segment_tiles in [lift_ir::rules::SegmentTiles::Always, defaults.segment_tiles] {
        let cfg = lift_ir::rules::Config { segment_tiles, ..defaults };
        let compiled = opencl_backend::compile_program_with(&oracle.flat, &cfg).expect("code generation");
        assert!(compiled.lift_low.contains("map-tile-segment-ids"), "{}", compiled.lift_low);
        let mut session = session();
        match oracle.compare(&mut session, &compiled) {
            Outcome::Agree(_) => {}
            other => panic!("{segment_tiles:?}: {other:?}"),
        }
        let launched: Vec<String> =
            session.stats().expect("the profile").kernel_groups().map(|g| g.name.clone()).collect();
        assert!(launched.iter().any(|k| k.ends_with("_tiles")), "{segment_tiles:?}: no map by tiles ran: {launched:?}");
    }
}

#[test]
fn look_back_launches_share_the_arena_across_epoch_and_ticket_wraps() {
    support::own_process!();
    // Look-backs take their tickets and statuses from the session's arena,
    // never zeroed between launches (note [look-back arena] in
    // `runtime::cl::lookback_arena`): each launch has its own epoch and
    // ticket base. Started three launches before the epoch wraps and 40
    // tickets before the ticket word does, scans and filters of hundreds of
    // tiles, a filter of one tile, a segmented scan and the same scans
    // again (statuses of earlier launches in the arena) agree with the
    // evaluator.
    let source = "let s = plus_scan({rem(i * 7, 13) - 6 : i in index(1000003)}) in (sum(s), s[1000002], s[4863], s[4864]);\n\
         let k = {x : x in index(48641) | rem(x, 19) == 18} in (#k, sum(k), k[255], k[256]);\n\
         let k = {x : x in index(1) | x == 0} in (#k, k);\n\
         let s = max_scan({rem(i * 7919, 1000) - 500 : i in index(4865)}) in (sum(s), s[4864]);\n\
         let r = {plus_scan(s) : s in {{rem(i * j, 7) : i in index(rem(j, 50))} : j in index(20000)}} in (sum({sum(s) : s in r}), r[19999]);\n\
         let k = {x : x in index(700001) | rem(x * 7, 11) < 4} in (#k, k[0], k[#k - 1], k[123456]);\n\
         let s = plus_scan({rem(i * 7, 13) - 6 : i in index(1000003)}) in (sum(s), s[1000002], s[4863], s[4864]);\n\
         let s = plus_scan({rem(i * 5, 17) : i in index(77)}) in (sum(s), s[76]);";
    let mut session = session();
    session.set_lookback_counters(u32::MAX - 3, u32::MAX - 40).expect("the arena's counters");
    let cfg = opencl_backend::config_from_env();
    match outcome_in(&mut session, source, fusion::ScheduleKind::ilp(), &cfg) {
        Outcome::Agree(_) => {}
        Outcome::Unsupported(what) => panic!("unsupported: {what}"),
        Outcome::Wrong(e) | Outcome::NotCompiled(e) => panic!("{e}"),
    }
    // A plan's look-back launches take the arena: no zeroed buffer of
    // theirs, so no fill a launch.
    let (_, flat) = support::flat_program(source, fusion::ScheduleKind::ilp()).expect("compiles");
    let compiled = opencl_backend::compile_program_with(&flat, &cfg).expect("lowers");
    let mut lookbacks = 0;
    for kernel in &compiled.kernels {
        for step in &kernel.steps {
            let launch = launch_of(step);
            let takes = launch.args.iter().filter(|a| matches!(a, opencl_backend::plan::LaunchArg::Lookback { .. }));
            lookbacks += takes.count();
        }
        assert!(kernel.buffers.iter().all(|b| !b.zeroed || !b.name.ends_with("_status")), "{}", kernel.name);
    }
    assert!(lookbacks >= 8, "{lookbacks} look-back launches");
}

#[test]
fn look_back_scans_that_gather_take_few_items_a_work_item() {
    support::own_process!();
    // A look-back scan whose pull gathers (reads at an index another read
    // gave) takes at most `scan_lookback_items` elements a work-item (note
    // [gathering scans] in `lift_ir::lookback`): 3 by default, 1 and 2
    // (taken as 1) set; thousands of tiles of 256 · 3, a scan of one tile
    // and a bit, and the scans and filters that do not gather beside them
    // keeping their tiles.
    let source = "let ys = {x - 1000 : x in index(2000006) | rem(x, 2) == 0};\n\
                      js = {rem(x, 1000003) : x in plus_scan({7919 : i in index(1000003)})};\n\
                      s = plus_scan({ys[j] : j in js})\n\
                  in (sum(s), s[1000002], s[767], s[768]);\n\
                  let xs = {rem(i * 7919, 1000) - 500 : i in index(7681)};\n\
                      ks = {x : x in index(1153) | rem(x, 3) /= 1};\n\
                      s = max_scan({xs[k] : k in ks})\n\
                  in (s[0] + sum({x + 500 : x in s}), s[#s - 1], s[300]);";
    let oracle = support::Oracle::new(source);
    for cap in [3, 2, 1] {
        let cfg = lift_ir::rules::Config { scan_lookback_items: cap, ..opencl_backend::config_from_env() };
        let compiled = opencl_backend::compile_program_with(&oracle.flat, &cfg).expect("lowers");
        let items = if cap == 2 { 1 } else { cap };
        let tiles: Vec<&str> = compiled.lift_low.lines().filter(|l| l.contains("lookback_tiles")).collect();
        assert_eq!(tiles.iter().filter(|l| l.contains(&format!(" of 256 x {items},"))).count(), 2, "{tiles:#?}");
        assert!(tiles.iter().filter(|l| l.contains(" of 256 x 19,")).count() >= 2, "{tiles:#?}");
        match oracle.compare(&mut session(), &compiled) {
            Outcome::Agree(_) => {}
            other => panic!("cap {cap}: {other:?}"),
        }
    }
}
