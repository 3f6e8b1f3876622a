//! What fusion did, region by region: the program-dependence graph, the
//! candidates, the clusters chosen and the kernels they became, the ILP's
//! objective and model size, warnings (a time limit hit, a fallback), and
//! every rewrite rule that fired. [`FusionReport::log`] gives it as lines
//! of text; `nessie schedules` and `--dot` read the rest.

use std::fmt;
use std::time::Duration;

use crate::candidates::Candidate;
use crate::ilp::ModelSize;
use crate::pdg::Pdg;
use crate::rules::Firing;
use crate::schedule::Schedule;

/// The ILP's part of a region's report.
#[derive(Clone, Debug)]
pub struct IlpReport {
    pub solver: &'static str,
    /// The objective of the schedule applied, in the model's terms.
    pub objective: f64,
    pub size: ModelSize,
    /// Constraints per family, in the order they were added.
    pub families: Vec<(&'static str, usize)>,
    /// How many models were solved (independent parts, or 1 for the whole
    /// region); `size` and `families` add them up.
    pub parts: usize,
    pub solve_time: Duration,
    /// Whether the solver proved the schedule optimal.
    pub is_optimal: bool,
    /// The objective of the greedy schedule it started from.
    pub greedy_objective: Option<f64>,
}

/// One control region.
#[derive(Clone, Debug)]
pub struct RegionReport {
    /// The host function (`norm2`, `main`).
    pub function: String,
    /// The region inside it (`body`, `body / if@3 then`, `body / time@1`).
    pub region: String,
    pub pdg: Pdg,
    pub candidates: Vec<Candidate>,
    /// The schedule applied, in execution order.
    pub schedule: Schedule,
    /// The name of the kernel each cluster runs, by cluster.
    pub cluster_kernels: Vec<String>,
    pub ilp: Option<IlpReport>,
    pub warnings: Vec<String>,
    pub firings: Vec<Firing>,
}

impl RegionReport {
    /// `function \`norm2\`, body`.
    pub fn place(&self) -> String {
        format!("function `{}`, {}", self.function, self.region)
    }
}

/// The report of one `fuse`.
#[derive(Clone, Debug)]
pub struct FusionReport {
    /// The schedule's name (`none`, `greedy`, `ilp`).
    pub schedule: &'static str,
    /// Regions with at least one run, in program order (functions, then
    /// `main`).
    pub regions: Vec<RegionReport>,
    /// The number of kernels of the fused program.
    pub kernel_count: usize,
    /// The rules run once on the final kernels, one line per firing
    /// (`segment-of-known-start in K: ...`).
    pub final_firings: Vec<String>,
    /// The firings of `filter-predicate-shares-pull` on the final kernels
    /// (note [predicates share the pull]), one line per filter; logged
    /// after `final_firings`.
    pub shared_pulls: Vec<String>,
}

impl FusionReport {
    /// The sum of the regions' ILP objectives, when the ILP ran.
    pub fn ilp_objective(&self) -> Option<f64> {
        let objectives: Vec<f64> = self.regions.iter().filter_map(|r| r.ilp.as_ref().map(|i| i.objective)).collect();
        (!objectives.is_empty()).then(|| objectives.iter().sum())
    }

    /// The number of `run` statements of the fused program's regions (a
    /// static count: a run in a loop or a recursive function counts once).
    pub fn run_count(&self) -> usize {
        self.regions.iter().map(|r| r.schedule.kernel_count()).sum()
    }

    /// Every warning, with its region.
    pub fn warnings(&self) -> Vec<String> {
        self.regions.iter().flat_map(|r| r.warnings.iter().map(move |w| format!("{}: {w}", r.place()))).collect()
    }

    /// Every rule firing, in order.
    pub fn firings(&self) -> impl Iterator<Item = &Firing> {
        self.regions.iter().flat_map(|r| r.firings.iter())
    }

    /// The log of the fusion: per region the model's size and the solve,
    /// the warnings, the clusters and the rules that fired.
    pub fn log(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for region in &self.regions {
            let place = region.place();
            lines.push(format!(
                "{place}: {} runs, {} edges, {} candidates; schedule {}: {} kernels",
                region.pdg.nodes.len(),
                region.pdg.edges.len(),
                region.candidates.len(),
                self.schedule,
                region.schedule.kernel_count()
            ));
            if let Some(ilp) = &region.ilp {
                let families: Vec<String> = ilp.families.iter().map(|(f, n)| format!("{n} {f}")).collect();
                let greedy = ilp.greedy_objective.map_or(String::new(), |g| format!(" (greedy: {g})"));
                let parts = if ilp.parts == 1 { String::new() } else { format!(" in {} independent parts", ilp.parts) };
                lines.push(format!(
                    "{place}: ILP model: {}{parts} ({}); {} solved it in {:.1} ms{}, objective {}{greedy}",
                    ilp.size,
                    families.join(", "),
                    ilp.solver,
                    ilp.solve_time.as_secs_f64() * 1000.0,
                    if ilp.is_optimal { " (optimal)" } else { " (not proven optimal)" },
                    ilp.objective
                ));
            }
            for warning in &region.warnings {
                lines.push(format!("{place}: warning: {warning}"));
            }
            for (cluster, kernel) in region.schedule.clusters.iter().zip(&region.cluster_kernels) {
                if cluster.len() > 1 {
                    let members: Vec<&str> =
                        cluster.iter().map(|&n| region.pdg.nodes[n].kernel_name.as_str()).collect();
                    lines.push(format!("{place}: cluster {kernel} = {{{}}}", members.join(", ")));
                }
            }
            for firing in &region.firings {
                lines.push(format!("{place}: rule {firing}"));
            }
        }
        for firing in self.final_firings.iter().chain(&self.shared_pulls) {
            lines.push(format!("final kernels: rule {firing}"));
        }
        lines
    }
}

impl fmt::Display for FusionReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in self.log() {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}
