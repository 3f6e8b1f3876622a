//! `sort` and `rank` by radix passes (`RADIX_PASS`, lowered by
//! `radix-tiles`) on PoCL: random keys at sizes around a tile, all keys
//! equal, keys differing only in their high bits, negative ints, floats
//! with `-0.0`, infinities and NaN, and lifted sorts over empty, tiny and
//! huge segments. Each program agrees with the flat-IR evaluator, and the
//! ints with a stable sort in Rust (`rank` shows the order of equal keys).

use crate::support::{self, Outcome, run_both};
use lift_ir::radix::{RADIX_GROUP_SIZE, RADIX_ITEMS};

const TILE: usize = (RADIX_GROUP_SIZE * RADIX_ITEMS) as usize;

fn agrees(source: &str) -> String {
    match run_both(source, fusion::ScheduleKind::ilp()) {
        Outcome::Agree(text) => text,
        Outcome::Unsupported(what) => panic!("unsupported: {what}"),
        _ => unreachable!(),
    }
}

fn list(xs: &[i64]) -> String {
    let items: Vec<String> = xs.iter().map(i64::to_string).collect();
    format!("[{}]", items.join(", "))
}

fn literal(xs: &[i64]) -> String {
    if xs.is_empty() { "[] int".to_string() } else { list(xs) }
}

/// Random keys: wide (up to ±2^62), small with negatives, all equal, or
/// differing only in bits 56 and up.
fn keys(kind: usize, n: usize, seed: &mut u64) -> Vec<i64> {
    (0..n)
        .map(|_| {
            *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let r = (*seed >> 1) as i64;
            match kind {
                0 => (*seed as i64) >> 1,
                1 => r % 1000 - 500,
                2 => 42,
                _ => (r % 3) << 56 | 5,
            }
        })
        .collect()
}

/// The stable sort of `xs` and its ranks.
fn sorted_and_ranks(xs: &[i64]) -> (Vec<i64>, Vec<i64>) {
    let mut order: Vec<usize> = (0..xs.len()).collect();
    order.sort_by_key(|&i| xs[i]);
    let mut ranks = vec![0; xs.len()];
    for (r, &i) in order.iter().enumerate() {
        ranks[i] = r as i64;
    }
    (order.iter().map(|&i| xs[i]).collect(), ranks)
}

/// The `it = ...` lines of a transcript.
fn items(out: &str) -> Vec<&str> {
    out.lines().filter(|l| l.starts_with("it = ")).collect()
}

#[test]
fn sort_and_rank_of_ints_at_sizes_around_a_tile() {
    support::own_process!();
    let mut seed = 5;
    for n in [0, 1, 777, TILE - 1, TILE, TILE + 1, 3 * TILE + 5] {
        let mut source = String::new();
        let mut expected = Vec::new();
        for kind in 0..4 {
            let xs = keys(kind, n, &mut seed);
            source.push_str(&format!("xs{kind} = {};\nsort(xs{kind});\nrank(xs{kind});\n", literal(&xs)));
            let (sorted, ranks) = sorted_and_ranks(&xs);
            expected.push(format!("it = {} : [int]", list(&sorted)));
            expected.push(format!("it = {} : [int]", list(&ranks)));
        }
        let out = agrees(&source);
        assert_eq!(items(&out), expected, "n = {n}");
    }
}

#[test]
fn sort_and_rank_of_floats_and_chars() {
    support::own_process!();
    let mut seed = 9;
    let mut floats: Vec<String> = keys(1, 3 * TILE, &mut seed).iter().map(|k| format!("{}.25", k)).collect();
    floats.extend(["0.0", "-0.0", "1.0 / 0.0", "-1.0 / 0.0", "0.0 / 0.0", "-0.0", "0.0"].map(String::from));
    let source = format!(
        "fs = [{}];\nsort(fs);\nrank(fs);\nsort([0.0, -0.0, 0.0 / 0.0, -1.5, -0.0, 0.0]);\nrank([0.0, -0.0, -1.5, -0.0]);\n\
         sort(\"the quick brown fox jumps over the lazy dog\");\nrank(\"banana\");\n",
        floats.join(", ")
    );
    let out = agrees(&source);
    assert!(out.contains("it = [-1.5, 0.0, -0.0, -0.0, 0.0, "), "{out}");
    assert!(out.contains("it = [1, 2, 0, 3] : [int]"), "{out}");
    assert!(out.contains("it = \"        abcdeeefghhijklmnoooopqrrsttuuvwxyz\" : [char]"), "{out}");
    assert!(out.contains("it = [3, 0, 4, 1, 5, 2] : [int]"), "{out}");
}

#[test]
fn lifted_sort_and_rank_over_empty_tiny_and_huge_segments() {
    support::own_process!();
    let mut seed = 3;
    let mut segments: Vec<Vec<i64>> = vec![vec![], keys(1, 3 * TILE + 1, &mut seed), vec![]];
    for len in [1, 2, 3, 0, 5, 1, 0, 700] {
        segments.push(keys(1, len, &mut seed));
    }
    segments.push(keys(2, TILE, &mut seed));
    let nested: Vec<String> = segments.iter().map(|s| literal(s)).collect();
    let source = format!("ss = [{}];\n{{sort(s) : s in ss}};\n{{rank(s) : s in ss}};\n", nested.join(", "));
    let out = agrees(&source);
    let (sorted, ranks): (Vec<String>, Vec<String>) = segments
        .iter()
        .map(|s| {
            let (a, b) = sorted_and_ranks(s);
            (list(&a), list(&b))
        })
        .unzip();
    assert_eq!(
        items(&out),
        [format!("it = [{}] : [[int]]", sorted.join(", ")), format!("it = [{}] : [[int]]", ranks.join(", "))]
    );
}

#[test]
fn a_scatter_ranks_by_warp_match_on_nvidia_after_a_barrier_and_reads_its_digits_first() {
    // Note [radix ranks by warp] in `codegen::radix`: the tile's digits are
    // all computed before the first round; NVIDIA's compiler takes the
    // `match.any.sync` ranking and others the slices' loop; a barrier
    // stands between the zeroing of the slices' counts and the first
    // round's writes, which the match's path has no other barrier before.
    let (_, flat) =
        support::flat_program("sort({rem(i * 7919, 1000) : i in index(5000)});", fusion::ScheduleKind::ilp())
            .expect("compiles");
    let compiled = opencl_backend::compile_program_with(&flat, &lift_ir::rules::Config::default()).expect("generates");
    let source: String = compiled.kernels.iter().map(|k| k.source.as_str()).collect();
    let scatter = source
        .split("__kernel void ")
        .find(|k| k.contains("slice_counts") && k.contains("ldig"))
        .expect("a radix scatter kernel");
    let zeroed = scatter.find("slice_counts[j").expect("the counts zeroed");
    let rounds = scatter.find("match.any.sync").expect("the warp-match ranking");
    let fallback = scatter.find("#else").expect("the slices' loop elsewhere");
    assert!(scatter[..rounds].contains("#if defined(__NV_CL_C_VERSION)"), "an unguarded match:\n{scatter}");
    assert!(rounds < fallback, "{scatter}");
    assert!(scatter[zeroed..rounds].contains("barrier("), "no barrier between zeroing and ranking:\n{scatter}");
    let last_digit = scatter.rfind("_digit_").expect("the digit calls");
    assert!(last_digit < rounds, "a digit read inside the rounds:\n{scatter}");
}
