//! The example programs compiled through Lift and run on OpenCL agree with
//! the flat-IR evaluator, with the ILP fusion schedule and with none.

mod support;

use support::{Outcome, example, run_both};

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
    agrees("dotp", &[fusion::ScheduleKind::ilp(), fusion::ScheduleKind::None]);
}

#[test]
fn norm2() {
    agrees("norm2", &[fusion::ScheduleKind::ilp(), fusion::ScheduleKind::None]);
}

#[test]
fn sparse_mxv() {
    agrees("sparse_mxv", &[fusion::ScheduleKind::ilp()]);
}

#[test]
fn line_fit() {
    agrees("line_fit", &[fusion::ScheduleKind::ilp()]);
}

#[test]
fn black_scholes() {
    agrees("black_scholes", &[fusion::ScheduleKind::ilp()]);
}
