//! The data behind `nessie schedules`: each schedule applied to one
//! program, with its number of kernels, its traffic estimate (as a formula
//! and, given sizes, in bytes), the ILP's objective where it applies, and
//! the report whose clusters `--dot` draws.

use flatten::ir::FlatProgram;

use crate::dot::to_dot;
use crate::error::FusionError;
use crate::traffic::{Symbol, TrafficEstimate};
use crate::{Fused, ScheduleKind, fuse};

/// One row of the table.
#[derive(Clone, Debug)]
pub struct ScheduleRow {
    pub schedule: ScheduleKind,
    /// The kernels of the fused program.
    pub kernel_count: usize,
    /// The `run` statements of the fused program (each counted once).
    pub run_count: usize,
    pub traffic: TrafficEstimate,
    /// The ILP's objective (the sum over regions), for `ilp`.
    pub ilp_objective: Option<f64>,
    pub fused: Fused,
}

impl ScheduleRow {
    /// `none`, `greedy`, `ilp`.
    pub fn name(&self) -> &'static str {
        self.schedule.name()
    }

    /// The estimated traffic as a formula of the host sizes.
    pub fn traffic_formula(&self) -> String {
        self.traffic.total_formula()
    }

    /// The estimated traffic in bytes, every run counted once, for the
    /// sizes `size` gives (by function name and symbol); `None` if one is
    /// missing.
    pub fn traffic_bytes(&self, size: &dyn Fn(&str, &Symbol) -> Option<f64>) -> Option<f64> {
        let mut total = 0.0;
        for function in &self.traffic.functions {
            total += function.total.evaluate(&|s| size(&function.function, s))?;
        }
        Some(total)
    }

    /// The PDGs and clusters in Graphviz DOT.
    pub fn dot(&self) -> String {
        to_dot(&self.fused.report)
    }
}

/// Applies each schedule to `program`.
pub fn compare(program: &FlatProgram, schedules: &[ScheduleKind]) -> Result<Vec<ScheduleRow>, FusionError> {
    schedules
        .iter()
        .map(|&schedule| {
            let fused = fuse(program, schedule)?;
            Ok(ScheduleRow {
                schedule,
                kernel_count: fused.program.kernels.len(),
                run_count: fused.report.run_count(),
                traffic: TrafficEstimate::of_program(&fused.program),
                ilp_objective: fused.report.ilp_objective(),
                fused,
            })
        })
        .collect()
}
