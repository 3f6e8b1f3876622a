//! What each schedule chooses, the ILP model and its fallbacks, traffic
//! estimates and the DOT picture, on hand-built programs.

use crate::programs;

use std::collections::HashMap;
use std::time::Duration;

use crate::common::{flatten_nesl_file, fuse_and_check, kernels_run_by};
use fusion::ilp::{FusionModel, IlpSolver, IlpValues, MicroLp};
use fusion::{ScheduleKind, fuse_with_solver};

#[test]
fn norm2_under_the_ilp_is_the_papers_two_kernels() {
    let fused = fuse_and_check(&programs::norm2(), ScheduleKind::ilp());
    assert_eq!(kernels_run_by(&fused, "norm2"), vec![vec!["REDUCE"], vec!["MAP"]]);
    let region = fused.report.regions.iter().find(|r| r.function == "norm2").expect("norm2's region");
    let ilp = region.ilp.as_ref().expect("the ILP ran");
    assert!(ilp.is_optimal);
    assert_eq!((ilp.size.variables, ilp.size.constraints), (15, 21));
    // Both reductions in one REDUCE with the filter folded in, both
    // quotients in one MAP.
    let kernel_text = flatten::ir::print::print_program(&fused.program);
    assert!(kernel_text.contains("(0.0, 0.0)"), "{kernel_text}");
}

#[test]
fn norm2_under_none_keeps_five_runs_and_greedy_fuses() {
    let none = fuse_and_check(&programs::norm2(), ScheduleKind::None);
    assert_eq!(kernels_run_by(&none, "norm2").len(), 5);
    // Unchanged but for the frees every fused program gets.
    assert_eq!(none.program, flatten::free_dead_buffers::free_dead_buffers(programs::norm2()));
    let greedy = fuse_and_check(&programs::norm2(), ScheduleKind::Greedy);
    assert!(kernels_run_by(&greedy, "norm2").len() <= 3);
}

/// A solver that always fails.
struct FailingSolver;

impl IlpSolver for FailingSolver {
    fn name(&self) -> &'static str {
        "failing"
    }

    fn solve(
        &self,
        _: FusionModel,
        _: Duration,
        _: Option<&HashMap<good_lp::Variable, f64>>,
    ) -> Result<IlpValues, String> {
        Err("no solver here".to_string())
    }
}

/// A solver that fuses everything, legal or not.
struct RecklessSolver;

impl IlpSolver for RecklessSolver {
    fn name(&self) -> &'static str {
        "reckless"
    }

    fn solve(
        &self,
        model: FusionModel,
        _: Duration,
        _: Option<&HashMap<good_lp::Variable, f64>>,
    ) -> Result<IlpValues, String> {
        let size = model.size();
        let _ = size;
        Ok(IlpValues { pi: vec![0.0; 64], c: vec![0.0; 64], x: vec![0.0; 256], objective: 0.0, is_optimal: true })
    }
}

#[test]
fn a_failing_solver_falls_back_to_greedy_with_a_warning() {
    let program = programs::norm2();
    let fused = fuse_with_solver(&program, ScheduleKind::ilp(), &FailingSolver).expect("fusion succeeds");
    let greedy = fusion::fuse(&program, ScheduleKind::Greedy).expect("greedy succeeds");
    assert_eq!(fused.program, greedy.program);
    assert!(fused.report.warnings().iter().any(|w| w.contains("no solver here")), "{:?}", fused.report.warnings());
}

#[test]
fn an_illegal_clustering_falls_back_to_greedy_with_a_warning() {
    let program = programs::norm2();
    let fused = fuse_with_solver(&program, ScheduleKind::ilp(), &RecklessSolver).expect("fusion succeeds");
    let greedy = fusion::fuse(&program, ScheduleKind::Greedy).expect("greedy succeeds");
    assert_eq!(fused.program, greedy.program);
    assert!(fused.report.warnings().iter().any(|w| w.contains("not legal")), "{:?}", fused.report.warnings());
}

#[test]
fn no_time_left_keeps_the_greedy_schedule_with_a_warning() {
    let program = programs::norm2();
    let fused = fuse_with_solver(&program, ScheduleKind::Ilp { time_limit: Duration::ZERO }, &MicroLp)
        .expect("fusion succeeds");
    let greedy = fusion::fuse(&program, ScheduleKind::Greedy).expect("greedy succeeds");
    assert_eq!(fused.program, greedy.program);
    assert!(fused.report.warnings().iter().any(|w| w.contains("time limit")), "{:?}", fused.report.warnings());
}

#[test]
fn the_report_logs_model_size_clusters_and_rules() {
    let fused = fuse_and_check(&programs::norm2(), ScheduleKind::ilp());
    let log = fused.report.log().join("\n");
    assert!(log.contains("ILP model: 15 variables, 21 constraints"), "{log}");
    assert!(log.contains("rule filter-reduce"), "{log}");
    assert!(log.contains("rule reduce-reduce-horizontal"), "{log}");
    assert!(log.contains("rule map-map-horizontal"), "{log}");
    assert!(log.contains("rule dead-soac"), "{log}");
}

/// Quicksort's `++` on the way up, fused into the merge of the level's
/// branches (`each-once-gather`), searches the `++`'s offsets at the
/// merge's source position: `segment-of-known-start` checks the segment
/// that position came from first, and the report logs it.
#[test]
fn the_report_logs_the_rules_on_the_final_kernels() {
    let fused = fusion::fuse(&flatten_nesl_file("examples/quicksort.nesl"), ScheduleKind::ilp()).expect("fuses");
    let log = fused.report.log().join("\n");
    let checked = log.matches("final kernels: rule segment-of-known-start in quicksort_gather_fused").count();
    assert_eq!(checked, 1, "{log}");
    assert_eq!(fused.report.final_firings.len(), 1, "{:?}", fused.report.final_firings);
}

#[test]
fn traffic_of_norm2_drops_with_fusion() {
    let rows = fusion::schedules::compare(&programs::norm2(), &ScheduleKind::all()).expect("all schedules apply");
    let formula = |name: &str| {
        let row = rows.iter().find(|r| r.name() == name).expect("the row");
        row.traffic.function("norm2").expect("norm2's traffic").formula()
    };
    assert_eq!(formula("none"), "48·#xs + 16·#gts + 16");
    assert_eq!(formula("ilp"), "32·#xs + 16");
    let ilp = rows.iter().find(|r| r.name() == "ilp").expect("the ilp row");
    assert!(ilp.ilp_objective.is_some());
    let bytes = ilp.traffic_bytes(&|function, symbol| match (function, symbol) {
        (_, fusion::traffic::Symbol::Length(_)) => Some(1000.0),
        _ => None,
    });
    // norm2's 32·1000 + 16 and main's literal array (no kernel).
    assert_eq!(bytes, Some(32_016.0));
}

#[test]
fn dot_draws_regions_clusters_and_edge_kinds() {
    let fused = fuse_and_check(&programs::norm2(), ScheduleKind::ilp());
    let dot = fusion::dot::to_dot(&fused.report);
    assert!(dot.starts_with("digraph fusion {"), "{dot}");
    assert!(dot.contains("subgraph cluster_r0_c0"), "{dot}");
    assert!(dot.contains("style=dashed, color=red"), "{dot}");
    assert!(dot.contains("label=\"filter-reduce\""), "{dot}");
}

/// Solving a region part by part gives the objective of solving it as one
/// model, and legal clusters; on random programs and the hand-built ones.
#[test]
fn independent_parts_reach_the_whole_regions_optimum() {
    use fusion::ilp::{independent_parts, solve_region, solve_whole_region};
    let limit = Duration::from_secs(10);
    let mut programs: Vec<flatten::ir::FlatProgram> = (0..60).map(programs::random_program).collect();
    programs.extend([programs::norm2(), programs::dotp(), programs::nested_regions(), programs::filter_chain()]);
    // Programs flattened from NESL, whose large regions fall into parts.
    for path in ["examples/quickhull.nesl", "examples/quicksort.nesl", "tests/programs/builtins/nesting.nesl"] {
        programs.push(flatten_nesl_file(path));
    }
    let mut regions_in_several_parts = 0;
    for (p, program) in programs.iter().enumerate() {
        let fused = fusion::fuse(program, ScheduleKind::ilp()).expect("fusion succeeds");
        for region in &fused.report.regions {
            let (pdg, candidates) = (&region.pdg, &region.candidates);
            let parts = independent_parts(pdg, candidates);
            if parts.len() > 1 {
                regions_in_several_parts += 1;
            }
            let by_parts = solve_region(pdg, candidates, &[], &MicroLp, limit, None).expect("solves");
            let whole = solve_whole_region(pdg, candidates, &[], &MicroLp, limit, None).expect("solves");
            assert!(by_parts.is_optimal && whole.is_optimal, "program {p}, {}", region.place());
            assert!(
                (by_parts.objective - whole.objective).abs() < 1e-6,
                "program {p}, {}: {} by parts, {} as one model",
                region.place(),
                by_parts.objective,
                whole.objective
            );
            assert!(fusion::ilp::cluster_slots(pdg, &by_parts.clusters).is_some(), "program {p}, {}", region.place());
            let covered: usize = by_parts.clusters.iter().map(Vec::len).sum();
            assert_eq!(covered, pdg.nodes.len(), "program {p}, {}", region.place());
        }
    }
    assert!(regions_in_several_parts > 0, "no region fell into several parts: the test checks nothing");
}

/// Clusters that would have to run before and after each other have no
/// order.
#[test]
fn cluster_slots_refuse_a_cycle() {
    let fused = fuse_and_check(&programs::norm2(), ScheduleKind::None);
    let region = fused.report.regions.iter().find(|r| r.function == "norm2").expect("norm2's region");
    let pdg = &region.pdg;
    // A path u → v → w: {u, w} and {v} cannot be ordered.
    let path = pdg.edges.iter().find_map(|first| {
        pdg.edges.iter().find(|second| second.from == first.to).map(|second| (first.from, first.to, second.to))
    });
    let (u, v, w) = path.expect("norm2 has a path of two edges");
    let mut clusters: Vec<Vec<usize>> = vec![vec![u, w], vec![v]];
    clusters.extend((0..pdg.nodes.len()).filter(|n| ![u, v, w].contains(n)).map(|n| vec![n]));
    assert_eq!(fusion::ilp::cluster_slots(pdg, &clusters), None);
    let singletons: Vec<Vec<usize>> = (0..pdg.nodes.len()).map(|n| vec![n]).collect();
    let slots = fusion::ilp::cluster_slots(pdg, &singletons).expect("single runs are ordered");
    assert!(slots[w] > slots[v] && slots[v] > slots[u]);
}
