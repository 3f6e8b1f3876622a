//! What each schedule chooses, the ILP model and its fallbacks, traffic
//! estimates and the DOT picture, on hand-built programs.

mod common;
mod programs;

use std::collections::HashMap;
use std::time::Duration;

use common::{fuse_and_check, kernels_run_by};
use fusion::ilp::{FusionModel, IlpSolver, IlpValues, MicroLp};
use fusion::{ScheduleKind, fuse_with_solver};

#[test]
fn norm2_under_the_ilp_is_the_papers_two_kernels() {
    let fused = fuse_and_check(&programs::norm2(), ScheduleKind::ilp());
    assert_eq!(kernels_run_by(&fused, "norm2"), vec![vec!["REDUCE"], vec!["MAP"]]);
    let region = fused.report.regions.iter().find(|r| r.function == "norm2").expect("norm2's region");
    let ilp = region.ilp.as_ref().expect("the ILP ran");
    assert!(ilp.is_optimal);
    assert_eq!((ilp.size.variables, ilp.size.constraints), (15, 17));
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
    assert!(log.contains("ILP model: 15 variables, 17 constraints"), "{log}");
    assert!(log.contains("rule filter-reduce"), "{log}");
    assert!(log.contains("rule reduce-reduce-horizontal"), "{log}");
    assert!(log.contains("rule map-map-horizontal"), "{log}");
    assert!(log.contains("rule dead-soac"), "{log}");
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
