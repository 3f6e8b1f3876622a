//! The example programs compiled through Lift and run on OpenCL agree with
//! the flat-IR evaluator, with the ILP fusion schedule and with none.

use crate::support;

use crate::support::{Outcome, example, run_both};

fn agrees(name: &str, schedules: &[fusion::ScheduleKind]) {
    for &schedule in schedules {
        match run_both(&example(name), schedule) {
            Outcome::Agree(text) => assert!(!text.is_empty()),
            Outcome::Unsupported(what) => panic!("{name} ({}): unsupported: {what}", schedule.name()),
            Outcome::NotCompiled(what) | Outcome::Wrong(what) => panic!("{name} ({}): {what}", schedule.name()),
        }
    }
}

#[test]
fn dotp() {
    support::own_process!();
    agrees("dotp", &[fusion::ScheduleKind::ilp(), fusion::ScheduleKind::None]);
}

#[test]
fn norm2() {
    support::own_process!();
    agrees("norm2", &[fusion::ScheduleKind::ilp(), fusion::ScheduleKind::None]);
}

#[test]
fn sparse_mxv() {
    support::own_process!();
    agrees("sparse_mxv", &[fusion::ScheduleKind::ilp()]);
}

#[test]
fn line_fit() {
    support::own_process!();
    agrees("line_fit", &[fusion::ScheduleKind::ilp()]);
}

#[test]
fn black_scholes() {
    support::own_process!();
    agrees("black_scholes", &[fusion::ScheduleKind::ilp()]);
}

/// The dotp kernel is the reduction of Figure 7 of the Lift paper: a
/// coalesced first stage (work-item `l` of group `wg` reads `l + 256 * wg`,
/// then strides by the grid), a tree in local memory with one barrier after
/// the private accumulation and one per step, and a final single-group
/// launch.
#[test]
fn dotp_is_a_local_memory_tree_with_the_expected_barriers() {
    let (_, flat) = support::flat_program(&example("dotp"), fusion::ScheduleKind::ilp()).unwrap();
    let compiled = opencl_backend::compile_program(&flat).unwrap();
    let lift = &compiled.lift_low;
    assert!(lift.contains("stage dotp_fused_sum_partial"), "{lift}");
    assert!(lift.contains("gather(reorderStride(chunk))"), "{lift}");
    assert!(lift.contains("iterate(8)"), "{lift}");
    assert!(lift.contains("toLocal(mapLcl(0)"), "{lift}");
    let kernel = compiled.kernels.iter().find(|k| k.name == "dotp_fused").unwrap();
    assert_eq!(kernel.steps.len(), 2);
    let c = &kernel.source;
    for name in ["dotp_fused_sum_partial", "dotp_fused_sum_final"] {
        let start = c.find(&format!("__kernel void {name}(")).unwrap();
        let body = &c[start..c[start..].find("\n}\n").map_or(c.len(), |e| start + e)];
        assert_eq!(body.matches("barrier(CLK_LOCAL_MEM_FENCE);").count(), 2, "{body}");
        assert!(body.contains("__local double group_values[256];"), "{body}");
        assert!(!body.contains("get_global_id"), "{body}");
    }
    assert!(c.contains("dotp_fused_pull_sum(l + 256 * wg + 256 * groups * k, u, v)"), "{c}");
}

#[test]
fn primes() {
    support::own_process!();
    agrees("primes", &[fusion::ScheduleKind::ilp()]);
}

#[test]
fn quicksort() {
    support::own_process!();
    agrees("quicksort", &[fusion::ScheduleKind::ilp()]);
}

#[test]
fn quickhull() {
    support::own_process!();
    agrees("quickhull", &[fusion::ScheduleKind::ilp()]);
}
