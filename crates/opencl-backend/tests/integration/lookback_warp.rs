//! `lookback-warp` (note [warp look-back] in `lift_ir::lookback`): the
//! look-back kernels' C for NVIDIA's compiler scans by warps and looks
//! back with one warp, no barrier in its walk; every other compiler gets
//! the group's two-level scan and walk. PoCL builds the portable path,
//! which the other tests run; NVIDIA's is checked here on its text (and
//! on the GPU by `scripts/gpu`).

use crate::support;
use crate::support::preprocess::{Nvidia, Portable, preprocess};

/// A scan, a filter and a segmented scan, each by look-back.
const PROGRAM: &str = "
let xs = {rem(i * 7, 13) : i in index(100000)};
    s = plus_scan(xs);
    kept = {x : x in xs | x > 5};
    nested = {plus_scan(index(rem(i, 9))) : i in index(20000)}
in (s[99999], #kept, sum({sum(r) : r in nested}));
";

/// The look-back kernels of `PROGRAM` compiled with `cfg`: (name, text).
fn lookback_kernels(cfg: &lift_ir::rules::Config) -> Vec<(String, String)> {
    let (_, flat) = support::flat_program(PROGRAM, fusion::ScheduleKind::ilp()).expect("compiles");
    let compiled = opencl_backend::compile_program_with(&flat, cfg).expect("generates");
    let mut out = Vec::new();
    for kernel in &compiled.kernels {
        for piece in kernel.source.split("__kernel void ").skip(1) {
            if piece.contains("_status_epoch") && piece.contains("tile_no") {
                let name = piece.split('(').next().unwrap_or_default().to_string();
                out.push((name, piece.to_string()));
            }
        }
    }
    out
}

/// The lines of `text` from the look-back's walk (its `for (;;)`) on.
fn from_the_walk(text: &str) -> &str {
    text.find("for (;;)").map_or("", |at| &text[at..])
}

#[test]
fn look_backs_go_by_warps_on_nvidia_and_by_the_group_elsewhere() {
    let on = lift_ir::rules::Config::default();
    assert!(on.warp_lookback, "the default the note gives");
    let kernels = lookback_kernels(&on);
    // The scan, the filter and the segmented scan.
    assert!(kernels.len() >= 3, "{:?}", kernels.iter().map(|(n, _)| n).collect::<Vec<_>>());
    for (name, text) in &kernels {
        let (nvidia, portable) = (preprocess(text, Nvidia(Some(90))), preprocess(text, Portable));
        // Two ballots a window; the warp's scan up, the window's tree down.
        assert_eq!(nvidia.matches("vote.sync.ballot.b32").count(), 2, "{name}: {nvidia}");
        assert!(nvidia.contains("shfl.sync.up.b32") && nvidia.contains("shfl.sync.down.b32"), "{name}: {nvidia}");
        // One barrier from the walk to the tile's own scan, none in it.
        let walk = from_the_walk(&nvidia);
        assert!(walk.contains("if (found) break;"), "{name}: {walk}");
        let (in_walk, after) = walk.split_once("if (found) break;").unwrap_or_default();
        assert!(!in_walk.contains("barrier("), "{name}: {in_walk}");
        assert!(after.contains("barrier("), "{name}: {after}");
        // Elsewhere: no inline PTX, and the group's walk a barrier a window.
        assert!(!portable.contains("asm"), "{name}: {portable}");
        let walk = from_the_walk(&portable);
        assert!(walk.trim_start_matches("for (;;) {").trim_start().starts_with("barrier("), "{name}: {walk}");
    }
    // Off, or groups that are not whole warps: no warp path at all.
    let off = lift_ir::rules::Config { warp_lookback: false, ..on };
    let ragged = lift_ir::rules::Config { group_size: 48, ..on };
    for cfg in [off, ragged] {
        let kernels = lookback_kernels(&cfg);
        assert!(kernels.len() >= 3);
        for (name, text) in &kernels {
            assert!(!text.contains("vote.sync") && !text.contains("shfl.sync"), "{name}: {text}");
        }
    }
}
