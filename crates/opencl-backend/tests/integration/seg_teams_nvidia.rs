//! The C that only NVIDIA's OpenCL C compiler builds (under `#ifdef
//! __NV_CL_C_VERSION`) in the teams of a segmented reduction: notes
//! [streaming element reads] and [warp teams] in `lift_ir::seg_reduce`.
//! PoCL builds the portable path, which the other tests run; these check
//! that the two paths are what the notes say, on the text of SpMV's
//! kernels (examples/sparse_mxv.nesl: columns, values and a gather).

use crate::support;
use crate::support::preprocess::{Nvidia, Portable, preprocess};

/// The `__kernel` functions of a compiled program: (name, text).
fn kernels(cfg: &lift_ir::rules::Config) -> Vec<(String, String)> {
    let source = include_str!("../../../../examples/sparse_mxv.nesl");
    let (_, flat) = support::flat_program(source, fusion::ScheduleKind::ilp()).expect("compiles");
    let compiled = opencl_backend::compile_program_with(&flat, cfg).expect("generates");
    let mut out = Vec::new();
    for kernel in &compiled.kernels {
        for piece in kernel.source.split("__kernel void ").skip(1) {
            let name = piece.split('(').next().unwrap_or_default().to_string();
            out.push((name, piece.to_string()));
        }
    }
    out
}

#[test]
fn the_teams_stage_in_batches_of_b_streams_its_element_reads_on_nvidia_only() {
    let on = lift_ir::rules::Config::default();
    assert!(on.seg_stream_loads && on.seg_warp_steps == 0, "the defaults the notes give");
    let (merge, streaming): (Vec<_>, Vec<_>) = kernels(&on)
        .into_iter()
        .filter(|(_, k)| k.contains("ld.global.cs") || k.contains("L2::cache_hint"))
        .partition(|(_, k)| k.contains("merge_values"));
    // Of the teams' kernels one: the stage of batches of B (not the short
    // rows', not the whole group's).
    assert_eq!(streaming.len(), 1, "{:?}", streaming.iter().map(|(n, _)| n).collect::<Vec<_>>());
    // And merge's, its tile's columns and values (8 of each a work-item)
    // and the ends' offsets (64-bit, one read in the loop over the
    // tile's ends), evict-first from L2 (note [the merge's loads evict
    // first] in `codegen::seg_merge`).
    assert_eq!(merge.len(), 1, "{:?}", merge.iter().map(|(n, _)| n).collect::<Vec<_>>());
    let merge_nvidia = preprocess(&merge[0].1, Nvidia(Some(90)));
    let hinted = "ld.global.L1::no_allocate.L2::cache_hint";
    assert_eq!(merge_nvidia.matches(&format!("{hinted}.s32")).count(), 8, "{merge_nvidia}");
    assert_eq!(merge_nvidia.matches(&format!("{hinted}.f64")).count(), 8, "{merge_nvidia}");
    assert_eq!(merge_nvidia.matches(&format!("{hinted}.s64")).count(), 1, "{merge_nvidia}");
    assert!(
        merge_nvidia
            .contains(&format!("{hinted}.s64 %0, [%1], pol; }}\" : \"=l\"(end) : \"l\"(m_offsets + (r + 1)));"))
    );
    assert_eq!(merge_nvidia.matches("createpolicy.fractional.L2::evict_first").count(), 17, "{merge_nvidia}");
    assert!(!merge_nvidia.contains("ld.global.cs"), "{merge_nvidia}");
    // A cache policy needs sm_80: older cards, and builds that do not
    // define the architecture, stream by `ld.global.cs`.
    for older in [Nvidia(Some(75)), Nvidia(None)] {
        let text = preprocess(&merge[0].1, older);
        assert!(!text.contains("createpolicy") && !text.contains("cache_hint"), "{text}");
        assert_eq!(text.matches("ld.global.cs.s32").count(), 8, "{text}");
        assert_eq!(text.matches("ld.global.cs.f64").count(), 8, "{text}");
        assert_eq!(text.matches("ld.global.cs.s64").count(), 1, "{text}");
    }
    // Elsewhere the plain C reads, the ends' offset among them; the
    // results' stores are plain everywhere (streamed, they won nothing).
    let portable = preprocess(&merge[0].1, Portable);
    assert!(!portable.contains("asm"), "{portable}");
    assert!(portable.contains("end = m_offsets[r + 1];"), "{portable}");
    assert!(!merge[0].1.contains("st.global"), "{}", merge[0].1);
    let (name, text) = &streaming[0];
    let (nvidia, portable) = (preprocess(text, Nvidia(Some(90))), preprocess(text, Portable));
    // Columns (32-bit) and values, in a batch of `SEG_BATCH` and one at a
    // time.
    let streamed = lift_ir::seg_reduce::SEG_BATCH as usize + 1;
    assert_eq!(nvidia.matches("ld.global.cs.s32").count(), streamed, "{name}: {nvidia}");
    assert_eq!(nvidia.matches("ld.global.cs.f64").count(), streamed, "{name}: {nvidia}");
    assert!(!portable.contains("asm"), "{name}: {portable}");
    // The portable path reads the same elements as the kernel without
    // streaming does.
    let off = lift_ir::rules::Config { seg_stream_loads: false, ..on };
    let plain = kernels(&off).into_iter().find(|(n, _)| n == name).expect("the same stage").1;
    assert!(!plain.contains("asm") && !plain.contains("__NV_CL_C_VERSION"), "{plain}");
    let reads = |text: &str| text.matches("m_elements_1[").count() + text.matches("m_elements_2[").count();
    assert_eq!(reads(&portable), reads(&plain), "{portable}\n{plain}");
}

#[test]
fn warp_teams_shuffle_without_a_barrier_on_nvidia_and_keep_the_tree_elsewhere() {
    // Look-backs off the warps: their kernels shuffle too.
    let cfg = lift_ir::rules::Config {
        seg_warp_steps: 4,
        seg_stream_loads: false,
        warp_lookback: false,
        ..Default::default()
    };
    let warp: Vec<(String, String)> = kernels(&cfg).into_iter().filter(|(_, k)| k.contains("shfl.sync.down")).collect();
    // The teams of B batches of at most 32 lanes; the short rows' teams
    // shuffle too (at most 2 lanes on average rows of fewer than 6).
    assert_eq!(warp.len(), 2, "{:?}", warp.iter().map(|(n, _)| n).collect::<Vec<_>>());
    for (name, text) in &warp {
        let (nvidia, portable) = (preprocess(text, Nvidia(Some(90))), preprocess(text, Portable));
        // A double in two 32-bit halves, and the flag once a step.
        assert_eq!(nvidia.matches("shfl.sync.down.b32").count(), 2, "{name}: {nvidia}");
        assert!(nvidia.contains("shfl.sync.idx.b32"), "{name}: {nvidia}");
        assert!(nvidia.contains("& 3) == 0"), "{name}: the flag every 4 steps: {nvidia}");
        assert!(!nvidia.contains("barrier("), "{name}: {nvidia}");
        assert!(!portable.contains("asm") && portable.contains("barrier("), "{name}: {portable}");
    }
}

#[test]
fn preprocess_keeps_the_branch_of_its_compiler_and_other_directives() {
    let text = "a\n#ifndef G\n#define G\n  #ifdef __NV_CL_C_VERSION\nnv\n  #else\nportable\n  #endif\n#endif\nb\n";
    assert_eq!(preprocess(text, Nvidia(Some(90))), "a\n#ifndef G\n#define G\nnv\n#endif\nb\n");
    assert_eq!(preprocess(text, Portable), "a\n#ifndef G\n#define G\nportable\n#endif\nb\n");
    let arch = "#if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80\nnew\n\
                #elif defined(__NV_CL_C_VERSION)\nold\n#else\nportable\n#endif\n";
    assert_eq!(preprocess(arch, Nvidia(Some(90))), "new\n");
    assert_eq!(preprocess(arch, Nvidia(Some(80))), "new\n");
    assert_eq!(preprocess(arch, Nvidia(Some(75))), "old\n");
    assert_eq!(preprocess(arch, Nvidia(None)), "old\n");
    assert_eq!(preprocess(arch, Portable), "portable\n");
}
