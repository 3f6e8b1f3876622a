//! Address-space inference (Algorithm 1) and memory allocation on the
//! low-level stages the rules make from NESL programs: the dot product's
//! tree is in local memory with private accumulators and a global result,
//! a map kernel has no local memory, a segmented reduction by one
//! work-item per segment accumulates privately, the segmented reduction
//! the rules make (teams of work-items) accumulates privately and
//! combines in local memory, a scan's blocks mix global and local memory;
//! and the verifier rejects stages no OpenCL kernel can be.

use flatten::ir::{BinaryOp, Const, GExpr, Scalar, Thunk, VarType};
use lift_ir::address_space::{self, AddressSpace, AddressSpaces, Node, NodeId, Nodes, Placement};
use lift_ir::arith::{ArithExpr, Range};
use lift_ir::ir::{Expr, Fun, LiftKernel, SizeDef, Stage, UserFun, UserFunDef, UserFunId};
use lift_ir::memory::{self, AllocKind, Memory};
use lift_ir::rules::SegReduce;
use nesl_frontend::SourceMap;

use AddressSpace::{Global, Local, Private};

/// Every low-level kernel of a NESL program (fused by the ILP schedule).
fn low_kernels(source: &str) -> Vec<LiftKernel> {
    low_kernels_with(source, &lift_ir::rules::Config::default())
}

fn low_kernels_with(source: &str, cfg: &lift_ir::rules::Config) -> Vec<LiftKernel> {
    let mut sources = SourceMap::new();
    let file = sources.add("test.nesl", source, false);
    let program = nesl_frontend::compile(&mut sources, file).map_err(|d| d[0].render(&sources, false)).unwrap().program;
    let flat = flatten::flatten_program(&program, &sources).unwrap();
    let fused = fusion::fuse(&flat, fusion::ScheduleKind::ilp()).unwrap().program;
    fused
        .kernels
        .iter()
        .map(|k| {
            let high = lift_ir::lower::lower_kernel(k).unwrap();
            let low = lift_ir::rules::lower_to_low_level_with(&high, cfg).unwrap();
            lift_ir::typecheck::check_kernel(&low).unwrap();
            low
        })
        .collect()
}

fn example(name: &str) -> String {
    let path = format!("{}/../../examples/{name}.nesl", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn stage<'k>(kernels: &'k [LiftKernel], name: &str) -> (&'k LiftKernel, &'k Stage) {
    for k in kernels {
        if let Some(s) = k.stages.iter().find(|s| s.name == name) {
            return (k, s);
        }
    }
    let names: Vec<&str> = kernels.iter().flat_map(|k| k.stages.iter().map(|s| s.name.as_str())).collect();
    panic!("no stage `{name}` in {names:?}")
}

/// Infers, verifies and allocates; prints both tables.
fn analyse<'s>(kernel: &LiftKernel, stage: &'s Stage) -> (Nodes<'s>, AddressSpaces, Memory) {
    let nodes = Nodes::new(&stage.body);
    let spaces = address_space::infer(kernel, stage, &nodes).unwrap();
    address_space::verify(stage, &nodes, &spaces).unwrap();
    let memory = memory::allocate(kernel, stage, &nodes, &spaces).unwrap();
    eprintln!("stage {}", stage.name);
    eprint!("{}", address_space::print_table(kernel, &nodes, &spaces));
    eprint!("{}", memory::print_memory(&memory));
    (nodes, spaces, memory)
}

/// The placements of the function nodes matching `pred`, in pre-order.
fn funs_placed(nodes: &Nodes<'_>, spaces: &AddressSpaces, pred: impl Fn(&Fun) -> bool) -> Vec<Placement> {
    nodes
        .iter()
        .filter_map(|(id, n)| match n {
            Node::Fun(f) if pred(f) => Some(spaces.of(id).unwrap().clone()),
            _ => None,
        })
        .collect()
}

fn param_placed(kernel: &LiftKernel, nodes: &Nodes<'_>, spaces: &AddressSpaces, name: &str) -> Vec<Placement> {
    nodes
        .iter()
        .filter_map(|(id, n)| match n {
            Node::Expr(Expr::Param(p)) if kernel.params[p.0 as usize].name == name => {
                Some(spaces.of(id).unwrap().clone())
            }
            _ => None,
        })
        .collect()
}

fn summary(memory: &Memory) -> Vec<(AllocKind, AddressSpace, Vec<Scalar>, Option<i64>)> {
    memory.allocations.iter().map(|a| (a.kind, a.space, a.components.clone(), a.size.as_cst())).collect()
}

#[test]
fn dotp_tree_is_local_accumulators_private_result_global() {
    let kernels = low_kernels(&example("dotp"));
    for (name, groups_result) in [("dotp_fused_sum_partial", true), ("dotp_fused_sum_final", false)] {
        let (kernel, st) = stage(&kernels, name);
        let (nodes, spaces, memory) = analyse(kernel, st);
        assert_eq!(spaces.of(NodeId(0)), Some(&Placement::In(Global)));
        // The pull thunk's array (a generate) or the partials are global.
        let source = if groups_result { "generate" } else { "sum_partials" };
        let inputs: Vec<Placement> = nodes
            .iter()
            .filter_map(|(id, n)| match n {
                Node::Expr(Expr::Apply(Fun::Generate(..), _)) if source == "generate" => spaces.of(id).cloned(),
                Node::Expr(e @ Expr::Input(_)) if lift_ir::print::print_expr(kernel, e) == source => {
                    spaces.of(id).cloned()
                }
                _ => None,
            })
            .collect();
        assert_eq!(inputs, vec![Placement::In(Global)], "{name}");
        // The private accumulation writes local memory; the tree's steps
        // read and write it; the group's value goes to global memory.
        assert_eq!(funs_placed(&nodes, &spaces, |f| matches!(f, Fun::ToLocal(_))), vec![Placement::In(Local)]);
        assert_eq!(funs_placed(&nodes, &spaces, |f| matches!(f, Fun::Iterate(..))), vec![Placement::In(Local)]);
        assert_eq!(param_placed(kernel, &nodes, &spaces, "tree"), vec![Placement::In(Local)]);
        assert_eq!(param_placed(kernel, &nodes, &spaces, "pair"), vec![Placement::In(Local)]);
        assert_eq!(param_placed(kernel, &nodes, &spaces, "chunk"), vec![Placement::In(Global)]);
        assert_eq!(funs_placed(&nodes, &spaces, |f| matches!(f, Fun::ToGlobal(_))), vec![Placement::In(Global)]);
        assert_eq!(
            funs_placed(&nodes, &spaces, |f| matches!(f, Fun::ReduceSeq(_))),
            vec![Placement::In(Private), Placement::In(Private)]
        );
        // The operator writes the accumulator; the copies write where
        // their map writes: local, local (the tree), global.
        assert_eq!(funs_placed(&nodes, &spaces, |f| matches!(f, Fun::User(_))), vec![Placement::In(Private); 2]);
        assert_eq!(
            funs_placed(&nodes, &spaces, |f| matches!(f, Fun::Id)),
            vec![Placement::In(Global), Placement::In(Local), Placement::In(Local)]
        );
        // Memory: the result, one local array and the tree's second
        // buffer of 256 elements, two private accumulators; nothing for
        // the views.
        let float = vec![Scalar::Float];
        let result_size = if groups_result { None } else { Some(1) };
        assert_eq!(
            summary(&memory),
            vec![
                (AllocKind::StageResult, Global, float.clone(), result_size),
                (AllocKind::IterateBuffer, Local, float.clone(), Some(256)),
                (AllocKind::Accumulator, Private, float.clone(), Some(1)),
                (AllocKind::To, Local, float.clone(), Some(256)),
                (AllocKind::Accumulator, Private, float.clone(), Some(1)),
            ],
            "{name}"
        );
        let result = &memory.allocations[0];
        assert_eq!(result.node, NodeId(0));
        if groups_result {
            let partials_len = lift_ir::typecheck::input_length(kernel, st.result[0]).unwrap();
            assert_eq!(result.size, partials_len, "{name}");
            assert_eq!(result.size.to_string(), "groups");
        }
        // Every allocation belongs to a writer or a `to*`, never a view.
        for a in &memory.allocations[1..] {
            let Some(Node::Fun(f)) = nodes.get(a.node) else { panic!("allocation at an expression {a:?}") };
            assert!(matches!(f, Fun::ToLocal(_) | Fun::Iterate(..) | Fun::ReduceSeq(_)), "{}", f.name());
        }
    }
}

#[test]
fn a_map_kernel_has_no_local_memory() {
    let kernels = low_kernels("let a = {x * 2 + 1 : x in [1, 2, 3]} in {x * x : x in a};");
    let mut seen = 0;
    for k in &kernels {
        for st in &k.stages {
            let (nodes, spaces, memory) = analyse(k, st);
            if !matches!(&st.body, Expr::Apply(Fun::MapGlb(..), _)) {
                continue;
            }
            seen += 1;
            for (id, _) in nodes.iter() {
                assert!(!spaces.of(id).unwrap().touches(Local), "node {} of {}", id.0, st.name);
            }
            assert_eq!(memory.in_space(Local).count(), 0);
            assert_eq!(memory.in_space(Private).count(), 0);
            assert_eq!(summary(&memory).len(), 1, "{}", memory::print_memory(&memory));
            assert_eq!(memory.allocations[0].kind, AllocKind::StageResult);
            assert_eq!(memory.allocations[0].space, Global);
        }
    }
    assert!(seen > 0, "no map stage");
}

/// `join o mapGlb(0)(toGlobal(λ seg. mapSeq(id) $ reduceSeq(+)(0, seg)))
/// $ segments(pull)(offsets, lengths)`, one work-item per segment (what
/// `map-to-mapGlb` and `reduce-to-reduceSeq` make of a segmented sum), built
/// by hand so that it does not depend on how `lower` treats `SEG_REDUCE`.
fn segmented_sum() -> (LiftKernel, Stage) {
    let (mut k, mut st) = bad_map(Fun::to_global);
    let int = VarType::Array(Scalar::Int);
    let (offsets, lengths, sums) =
        (k.flat.new_var("offsets", int), k.flat.new_var("lengths", int), k.flat.new_var("sums", int));
    k.flat.params.extend([offsets, lengths]);
    let count = k.size_var("n_segments", SizeDef::LengthOf(lengths), Range::at_least(0));
    k.size_var("n_offsets", SizeDef::LengthOf(offsets), Range::at_least(0));
    k.lengths.push((sums, ArithExpr::var(&count)));
    let scalar = |k: &mut LiftKernel, name: &str| k.flat.new_var(name, VarType::Scalar(Scalar::Int));
    let (i, a, b) = (scalar(&mut k, "i"), scalar(&mut k, "a"), scalar(&mut k, "b"));
    let mut user = |name: &str, params: Vec<flatten::ir::KVar>, body: GExpr| {
        k.user_funs.push(UserFun {
            name: name.into(),
            params: vec![Scalar::Int; params.len()],
            results: vec![Scalar::Int],
            def: UserFunDef::Thunk(Thunk { params, body }),
        });
        UserFunId(k.user_funs.len() as u32 - 1)
    };
    let pull = user("pull_seg", vec![i], GExpr::Var(i));
    let add = GExpr::Binary {
        op: BinaryOp::Add,
        ty: Scalar::Int,
        lhs: Box::new(GExpr::Var(a)),
        rhs: Box::new(GExpr::Var(b)),
    };
    let op = user("op_seg", vec![a, b], add);
    let seg = k.new_param("seg");
    let sum = Expr::apply(Fun::reduce_seq(Fun::User(op)), vec![Expr::Value(vec![Const::Int(0)]), Expr::Param(seg)]);
    let per_segment = Fun::Lambda(vec![seg], Box::new(Expr::apply1(Fun::map_seq(Fun::Id), sum)));
    let segments = Expr::apply(Fun::Segments(pull), vec![Expr::Input(offsets), Expr::Input(lengths)]);
    st.body = Expr::apply1(Fun::Join, Expr::apply1(Fun::map_glb(0, Fun::to_global(per_segment)), segments));
    st.result = vec![sums];
    lift_ir::typecheck::check_stage(&k, &st).unwrap();
    (k, st)
}

#[test]
fn a_segmented_reduction_accumulates_privately_per_segment() {
    let (k, st) = segmented_sum();
    let (nodes, spaces, memory) = analyse(&k, &st);
    // One work-item per segment: no local memory; the segment is a view
    // of global memory; the sum of each is private, then copied to the
    // global result, one element per segment.
    assert_eq!(funs_placed(&nodes, &spaces, |f| matches!(f, Fun::Segments(_))), vec![Placement::In(Global)]);
    assert_eq!(param_placed(&k, &nodes, &spaces, "seg"), vec![Placement::In(Global)]);
    assert_eq!(funs_placed(&nodes, &spaces, |f| matches!(f, Fun::User(_))), vec![Placement::In(Private)]);
    assert_eq!(funs_placed(&nodes, &spaces, |f| matches!(f, Fun::Id)), vec![Placement::In(Global)]);
    let int = vec![Scalar::Int];
    assert_eq!(
        summary(&memory),
        vec![(AllocKind::StageResult, Global, int.clone(), None), (AllocKind::Accumulator, Private, int, Some(1))]
    );
    assert_eq!(memory.allocations[0].size.to_string(), "n_segments");
}

/// Every stage the rules make for the examples has placements the
/// verifier accepts, its result in global memory, local memory only in
/// work-groups, and private memory only for scalars.
#[test]
fn every_example_stage_is_placed_and_allocated() {
    for name in ["dotp", "norm2", "line_fit", "black_scholes", "sparse_mxv", "primes", "quicksort", "quickhull"] {
        for k in low_kernels(&example(name)) {
            for st in &k.stages {
                let (nodes, _, memory) = analyse(&k, st);
                let root = &memory.allocations[0];
                assert_eq!((root.node, root.kind, root.space), (NodeId(0), AllocKind::StageResult, Global), "{name}");
                for a in &memory.allocations {
                    if a.space == Private {
                        assert!(a.size.is_cst(1), "{name}: {}", memory::print_memory(&memory));
                    }
                    assert!(a.node == NodeId(0) || matches!(nodes.get(a.node), Some(Node::Fun(_))));
                }
                let wrg = matches!(&st.body, Expr::Apply(Fun::Join, args) if matches!(&args[0], Expr::Apply(Fun::MapWrg(..), _)))
                    || matches!(
                        &st.body,
                        Expr::Apply(
                            Fun::SegReduceTeams(..)
                                | Fun::SegReduceMerge(..)
                                | Fun::SegReduceChunks(..)
                                | Fun::ScanLookback(..)
                                | Fun::FilterLookback(..)
                                | Fun::FiltersLookback(..)
                                | Fun::HorizontalLookback(..),
                            _
                        )
                    );
                if !wrg {
                    assert_eq!(memory.in_space(Local).count(), 0, "{name}: {}", st.name);
                }
            }
        }
    }
}

#[test]
fn a_segmented_reduction_is_a_merge_with_private_accumulators_and_local_chunks() {
    // segReduce-merge alone (by shape, the default, adds the teams'
    // stages, which give up where a segment is long).
    let merge = lift_ir::rules::Config { seg_reduce: SegReduce::Merge, ..lift_ir::rules::Config::default() };
    let kernels = low_kernels_with(&example("sparse_mxv"), &merge);
    // The reduction's stage: each work-item accumulates privately; a
    // tile's values (1024: 8 a work-item, MERGE_GROUP_SIZE work-items),
    // the work-items' carries (128) and the tile's carry-in are
    // local, as are the tile's segment ends and the work-items' flags;
    // the result is global (the carry-outs are the look-back arena's).
    let (k, st) = stage(&kernels, "smvm_fused_sum");
    assert_eq!(k.stages.len(), 2, "the tiles' splits, then the reduction: no element count, no scan");
    let (nodes, spaces, memory) = analyse(k, st);
    assert_eq!(spaces.of(NodeId(0)), Some(&Placement::In(Global)));
    assert_eq!(funs_placed(&nodes, &spaces, |f| matches!(f, Fun::Segments(_))), vec![Placement::In(Global)]);
    assert_eq!(funs_placed(&nodes, &spaces, |f| matches!(f, Fun::User(_))), vec![Placement::In(Private)]);
    let float = vec![Scalar::Float];
    assert_eq!(
        summary(&memory),
        vec![
            (AllocKind::StageResult, Global, float.clone(), None),
            (AllocKind::Accumulator, Private, float.clone(), Some(1)),
            (AllocKind::MergeValues, Local, float, Some(1024 + 128 + 1)),
            (AllocKind::MergeEnds, Local, vec![Scalar::Int], Some(1024 + 128)),
        ],
        "{}",
        memory::print_memory(&memory)
    );
}

/// A single-pass scan (of ints) and a single-pass filter: private
/// accumulators, the tile, the group's values and the look-back's flags in
/// local memory, the result in global memory.
#[test]
fn look_back_scans_and_filters_keep_their_tiles_in_local_memory() {
    let int = vec![Scalar::Int];
    let kernels = low_kernels("let a = {x * 3 : x in [5, 1, 4, 2, 8]} in plus_scan(a);");
    let k = kernels.iter().find(|k| k.stages.iter().any(|s| matches!(s.body, Expr::Apply(Fun::ScanLookback(..), _))));
    let k = k.expect("a look-back scan");
    let st = k.stages.iter().find(|s| matches!(s.body, Expr::Apply(Fun::ScanLookback(..), _))).unwrap();
    let (_, spaces, memory) = analyse(k, st);
    assert_eq!(spaces.of(NodeId(0)), Some(&Placement::In(Global)));
    assert_eq!(
        summary(&memory),
        vec![
            (AllocKind::StageResult, Global, int.clone(), None),
            (AllocKind::Accumulator, Private, int.clone(), Some(1)),
            // 19 items a work-item: what 44 KiB take.
            (AllocKind::LookbackTile, Local, int.clone(), Some(256 * 19)),
            (AllocKind::LookbackValues, Local, int.clone(), Some(256 + 16 + 32 + 2)),
            (AllocKind::LookbackFlags, Local, int.clone(), Some(32 + 3)),
        ],
        "{}",
        memory::print_memory(&memory)
    );
    let kernels = low_kernels("{x : x in [5, 1, 4, 2, 8] | x > 2};");
    let k = kernels.iter().find(|k| k.stages.iter().any(|s| matches!(s.body, Expr::Apply(Fun::FilterLookback(..), _))));
    let k = k.expect("a look-back filter");
    let st = k.stages.iter().find(|s| matches!(s.body, Expr::Apply(Fun::FilterLookback(..), _))).unwrap();
    let (_, _, memory) = analyse(k, st);
    assert_eq!(
        summary(&memory),
        vec![
            (AllocKind::StageResult, Global, int.clone(), None),
            // One tile of 256 · 19: the elements, written out from there.
            (AllocKind::LookbackTile, Local, int.clone(), Some(256 * 19)),
            (AllocKind::LookbackValues, Local, int.clone(), Some(256 + 16 + 32 + 2)),
            (AllocKind::LookbackFlags, Local, int, Some(32 + 3)),
        ],
        "{}",
        memory::print_memory(&memory)
    );
}

/// A float scan is `scan-tiles` (its order fixed, unlike look-back's).
#[test]
fn a_scan_block_mixes_global_and_local_memory() {
    let kernels = low_kernels("let a = {float(x) * 3.0 : x in [5, 1, 4, 2, 8]} in plus_scan(a);");
    let k = kernels.iter().find(|k| k.stages.iter().any(|s| s.name.ends_with("_scan"))).unwrap();
    let st = k.stages.iter().rev().find(|s| s.name.ends_with("_scan")).unwrap();
    let (nodes, spaces, memory) = analyse(k, st);
    // The tile (256 · 9), its work-items' sums and their offsets (256),
    // the two-level scan's rows (16) and the scanned tile are local; the
    // tile comes from global memory and the scanned tile goes there.
    let mut locals: Vec<_> = memory.in_space(Local).map(|a| (a.kind, a.size.as_cst())).collect();
    locals.sort_by_key(|l| l.1);
    let to = |n: i64| (AllocKind::To, Some(n));
    assert_eq!(locals, vec![to(16), to(16), to(256), to(256), to(2304), to(2304)], "{}", memory::print_memory(&memory));
    assert_eq!(param_placed(k, &nodes, &spaces, "tile"), vec![Placement::In(Local); 2]);
    assert_eq!(param_placed(k, &nodes, &spaces, "sums"), vec![Placement::In(Local); 2]);
    assert_eq!(param_placed(k, &nodes, &spaces, "offsets"), vec![Placement::In(Local)]);
    assert_eq!(param_placed(k, &nodes, &spaces, "block"), vec![Placement::In(Global); 2]);
    let zips = funs_placed(&nodes, &spaces, |f| matches!(f, Fun::Zip));
    // The rows with their offsets and the chunks with theirs (local), the
    // tiles with their offsets (global).
    assert_eq!(zips, vec![Placement::In(Local), Placement::In(Local), Placement::In(Global)]);
    // Every scan writes local memory: the rows', the row totals' and the
    // work-items' chunks.
    let scans = funs_placed(&nodes, &spaces, |f| matches!(f, Fun::ScanSeq(_)));
    assert_eq!(scans, vec![Placement::In(Local); 3]);
    // The copy out writes global memory, through the gather.
    let gathers = funs_placed(&nodes, &spaces, |f| matches!(f, Fun::GatherStride(_)));
    assert!(gathers.contains(&Placement::In(Global)) && gathers.contains(&Placement::In(Local)), "{gathers:?}");
    let accs = memory.allocations.iter().filter(|a| a.kind == AllocKind::Accumulator);
    assert!(accs.clone().count() == 5 && accs.clone().all(|a| a.space == Private));
}

/// `mapGlb(0)(WRAP(id)) $ xs` in place of a map stage's body.
fn bad_map(wrap: fn(Fun) -> Fun) -> (LiftKernel, Stage) {
    let kernels = low_kernels("{x + 1 : x in [1, 2, 3]};");
    let k = kernels.into_iter().find(|k| k.stages.iter().any(|s| matches!(s.body, Expr::Apply(Fun::MapGlb(..), _))));
    let k = k.unwrap();
    let mut st = k.stages.iter().find(|s| matches!(s.body, Expr::Apply(Fun::MapGlb(..), _))).unwrap().clone();
    let Expr::Apply(_, args) = &st.body else { unreachable!() };
    st.body = Expr::apply1(Fun::map_glb(0, wrap(Fun::Id)), args[0].clone());
    (k, st)
}

fn verify_error(kernel: &LiftKernel, st: &Stage) -> String {
    let nodes = Nodes::new(&st.body);
    let spaces = address_space::infer(kernel, st, &nodes).unwrap();
    match address_space::verify(st, &nodes, &spaces) {
        Ok(()) => panic!("accepted: {}", address_space::print_table(kernel, &nodes, &spaces)),
        Err(e) => e.to_string(),
    }
}

#[test]
fn the_verifier_rejects_impossible_stages() {
    // The good stage passes.
    let (k, st) = bad_map(Fun::to_global);
    let nodes = Nodes::new(&st.body);
    let spaces = address_space::infer(&k, &st, &nodes).unwrap();
    address_space::verify(&st, &nodes, &spaces).unwrap();

    let (k, st) = bad_map(Fun::to_local);
    let e = verify_error(&k, &st);
    assert!(e.contains("`toLocal` outside a `mapWrg`"), "{e}");

    let (k, st) = bad_map(|f| Fun::ToPrivate(Box::new(f)));
    let e = verify_error(&k, &st);
    assert!(e.contains("a `mapGlb` writes its result to private memory"), "{e}");

    // Inside a work-group, but written by a mapGlb.
    let (k, mut st) = bad_map(Fun::to_global);
    let Expr::Apply(_, args) = &st.body else { unreachable!() };
    let xs = args[0].clone();
    let mut k = k;
    let c = k.new_param("c");
    let inner = Expr::apply1(
        Fun::Join,
        Expr::apply1(
            Fun::to_local(Fun::map_glb(0, Fun::map_seq(Fun::Id))),
            Expr::apply1(Fun::Split(ArithExpr::one()), Expr::Param(c)),
        ),
    );
    let body = Fun::Lambda(vec![c], Box::new(Expr::apply1(Fun::to_global(Fun::map_lcl(0, Fun::Id)), inner)));
    st.body = Expr::apply1(
        Fun::Join,
        Expr::apply1(Fun::map_wrg(0, body), Expr::apply1(Fun::Split(ArithExpr::one()), xs.clone())),
    );
    let e = verify_error(&k, &st);
    assert!(e.contains("a `mapGlb` writes local memory"), "{e}");

    // A stage whose result is local.
    let d = k.new_param("d");
    let body = Fun::Lambda(vec![d], Box::new(Expr::apply1(Fun::to_local(Fun::map_lcl(0, Fun::Id)), Expr::Param(d))));
    st.body =
        Expr::apply1(Fun::Join, Expr::apply1(Fun::map_wrg(0, body), Expr::apply1(Fun::Split(ArithExpr::one()), xs)));
    let e = verify_error(&k, &st);
    assert!(e.contains("the stage's result is in local memory"), "{e}");
}

/// The arguments of a call are computed before it, into their own memory:
/// `toGlobal` says where the outer `id` writes, not its argument, which is
/// a private temporary (the paper's Algorithm 1 passes `writeTo` to the
/// arguments; nessie's code generator computes them into registers).
#[test]
fn a_call_argument_is_a_private_temporary() {
    let (mut k, mut st) = bad_map(Fun::to_global);
    let Expr::Apply(_, args) = &st.body else { unreachable!() };
    let xs = args[0].clone();
    let x = k.new_param("x");
    let twice = Expr::apply1(Fun::Id, Expr::apply1(Fun::Id, Expr::Param(x)));
    st.body = Expr::apply1(Fun::map_glb(0, Fun::to_global(Fun::Lambda(vec![x], Box::new(twice)))), xs);
    let (nodes, spaces, memory) = analyse(&k, &st);
    assert_eq!(
        funs_placed(&nodes, &spaces, |f| matches!(f, Fun::Id)),
        vec![Placement::In(Global), Placement::In(Private)]
    );
    let inner = nodes.iter().filter(|(_, n)| matches!(n, Node::Fun(Fun::Id))).nth(1).unwrap().0;
    assert_eq!(
        summary(&memory),
        vec![
            (AllocKind::StageResult, Global, vec![Scalar::Int], None),
            (AllocKind::Temporary, Private, vec![Scalar::Int], Some(1))
        ]
    );
    assert_eq!(memory.allocations[1].node, inner);
}
