//! Fusion must not change what a program computes: every hand-built
//! program, fused by every schedule, verifies and prints exactly what it
//! printed before (the flat-IR evaluator is the oracle).

use crate::common;
use crate::programs;

use crate::common::{fuse_and_check, kernels_run_by};
use fusion::ScheduleKind;

fn check_all_schedules(program: &flatten::ir::FlatProgram) {
    for schedule in ScheduleKind::all() {
        fuse_and_check(program, schedule);
    }
}

#[test]
fn norm2_computes_the_same() {
    check_all_schedules(&programs::norm2());
}

#[test]
fn dotp_computes_the_same_and_still_checks_lengths() {
    let program = programs::dotp();
    check_all_schedules(&program);
    let fused = fuse_and_check(&program, ScheduleKind::ilp());
    // dotp is a leaf, inlined into main (inline-leaf-calls): each call's
    // MAP fuses into its REDUCE there.
    assert!(fused.program.functions.iter().all(|f| f.name != "dotp"));
    let kernels = kernels_run_by(&fused, "main");
    assert!(!kernels.is_empty() && kernels.iter().all(|k| k == &vec!["REDUCE"]), "{kernels:?}");
    assert!(common::transcript(&fused.program).contains("lengths differ: 4 and 2"));
}

#[test]
fn nested_regions_are_fused_on_their_own() {
    let program = programs::nested_regions();
    check_all_schedules(&program);
    let fused = fuse_and_check(&program, ScheduleKind::ilp());
    // then-branch: square fused into both reductions, which share one
    // traversal; else-branch: one run; time block: two reductions of xs.
    assert_eq!(kernels_run_by(&fused, "main"), vec![vec!["REDUCE"], vec!["REDUCE"], vec!["REDUCE"]]);
    let regions: Vec<&str> = fused.report.regions.iter().map(|r| r.region.as_str()).collect();
    // main's own body runs nothing itself.
    assert_eq!(regions, vec!["body / if@4 then", "body / if@4 else", "body / time@6"]);
}

#[test]
fn runs_that_cannot_fault_fuse_across_a_print() {
    let program = programs::print_between(false);
    check_all_schedules(&program);
    let fused = fuse_and_check(&program, ScheduleKind::ilp());
    assert_eq!(kernels_run_by(&fused, "main"), vec![vec!["REDUCE"]]);
}

#[test]
fn runs_that_can_fault_stay_on_their_side_of_a_print() {
    let program = programs::print_between(true);
    check_all_schedules(&program);
    let fused = fuse_and_check(&program, ScheduleKind::ilp());
    assert_eq!(kernels_run_by(&fused, "main"), vec![vec!["MAP"], vec!["REDUCE"]]);
    let edge = &fused.report.regions[0].pdg.edges[0];
    assert!(!edge.is_fusible(), "{edge:?}");
}

#[test]
fn a_once_reading_a_reduction_shares_its_kernel() {
    let program = programs::reduce_then_once();
    check_all_schedules(&program);
    let fused = fuse_and_check(&program, ScheduleKind::ilp());
    assert_eq!(kernels_run_by(&fused, "main"), vec![vec!["REDUCE", "ONCE"]]);
    assert!(fused.report.firings().any(|f| f.rule == "reduce-once"));
}

#[test]
fn a_gather_of_a_cheap_map_recomputes_it() {
    let program = programs::gather();
    check_all_schedules(&program);
    let fused = fuse_and_check(&program, ScheduleKind::ilp());
    assert_eq!(kernels_run_by(&fused, "main"), vec![vec!["MAP"]]);
}

#[test]
fn two_filters_and_a_reduction_become_one_reduction() {
    let program = programs::filter_chain();
    check_all_schedules(&program);
    let fused = fuse_and_check(&program, ScheduleKind::ilp());
    assert_eq!(kernels_run_by(&fused, "main"), vec![vec!["REDUCE"]]);
    let rules: Vec<&str> = fused.report.firings().map(|f| f.rule).collect();
    assert!(rules.contains(&"filter-filter") && rules.contains(&"filter-reduce"), "{rules:?}");
}

#[test]
fn random_programs_compute_the_same() {
    for seed in 0..60 {
        let program = programs::random_program(seed);
        for schedule in ScheduleKind::all() {
            let expected = common::transcript(&program);
            let fused =
                fusion::fuse(&program, schedule).unwrap_or_else(|e| panic!("seed {seed}, {}: {e}", schedule.name()));
            let got = common::transcript(&fused.program);
            assert_eq!(
                got,
                expected,
                "seed {seed}, {}:\n{}\nfused:\n{}",
                schedule.name(),
                flatten::ir::print::print_program(&program),
                flatten::ir::print::print_program(&fused.program)
            );
        }
    }
}
