//! Fusing one control region: build its PDG and candidates, choose a
//! schedule, and apply it (merge each cluster's runs, rewrite the merged
//! kernel, place the merged run). Nested blocks are regions of their own,
//! fused after their parent.

use std::cell::RefCell;
use std::collections::HashSet;
use std::time::{Duration, Instant};

use flatten::ir::{Block, FlatProgram, HostExpr, HostFunction, KernelId, Stmt};

use crate::candidates::{Candidate, find_candidates};
use crate::error::FusionError;
use crate::greedy::greedy_schedule;
use crate::ilp::{Cut, IlpSolver, PartCache, schedule_objective, solve_region_cached};
use crate::merge_kernels::{fused_kernel_name, merge_runs, rewrite_merged};
use crate::pdg::{NodeId, Pdg};
use crate::report::{IlpReport, RegionReport};
use crate::rules::Firing;
use crate::schedule::{Placed, Schedule, linearize};
use crate::sizes::FunctionSizes;
use crate::statements::BlockFacts;
use crate::{ScheduleChoice, ScheduleKind};

/// The program being fused: its kernels grow as clusters are merged.
pub struct FusionState<'s> {
    pub program: FlatProgram,
    pub kernel_names: HashSet<String>,
    pub solver: &'s dyn IlpSolver,
    pub reports: Vec<RegionReport>,
    /// When the ILP's time budget for the whole program runs out.
    pub ilp_deadline: Option<Instant>,
}

/// Fuses `block`, a region of `function` named `region`, then its nested
/// regions.
pub fn fuse_block(
    state: &mut FusionState<'_>,
    function: &HostFunction,
    sizes: &FunctionSizes,
    block: &mut Block,
    region: String,
    kind: ScheduleKind,
) -> Result<(), FusionError> {
    let place = format!("function `{}`, {region}", function.name);
    fuse_own_runs(state, function, sizes, block, &region, kind).map_err(|e| e.within(&place))?;
    for (i, stmt) in block.stmts.iter_mut().enumerate() {
        let Stmt::Let { expr, .. } = stmt else { continue };
        match expr {
            HostExpr::If { then_block, else_block, .. } => {
                fuse_block(state, function, sizes, then_block, format!("{region} / if@{i} then"), kind)?;
                fuse_block(state, function, sizes, else_block, format!("{region} / if@{i} else"), kind)?;
            }
            HostExpr::Time { block } => {
                fuse_block(state, function, sizes, block, format!("{region} / time@{i}"), kind)?;
            }
            _ => {}
        }
    }
    Ok(())
}

fn fuse_own_runs(
    state: &mut FusionState<'_>,
    function: &HostFunction,
    sizes: &FunctionSizes,
    block: &mut Block,
    region: &str,
    kind: ScheduleKind,
) -> Result<(), FusionError> {
    let facts = BlockFacts::of_block(&state.program, block);
    let pdg = Pdg::build(&state.program, function, sizes, block, &facts);
    if pdg.nodes.is_empty() {
        return Ok(());
    }
    let candidates = find_candidates(&state.program, function, &pdg);
    let mut warnings = Vec::new();
    let bug: RefCell<Option<FusionError>> = RefCell::new(None);
    let kernels = &state.program.kernels;
    let mut can_merge = |members: &[NodeId]| -> bool {
        let stmts: Vec<usize> = members.iter().map(|&n| pdg.nodes[n].stmt).collect();
        let result = merge_runs(kernels, block, &facts, &stmts, "trial".to_string())
            .and_then(|mut merged| rewrite_merged(&mut merged, sizes));
        match result {
            Ok(Ok(_)) => true,
            Ok(Err(_)) => false,
            Err(error) => {
                bug.borrow_mut().get_or_insert(error);
                false
            }
        }
    };
    let (schedule, ilp) = match kind.choice() {
        ScheduleChoice::None => (Schedule::singletons(&pdg), None),
        ScheduleChoice::Greedy => (greedy_schedule(&pdg, &facts, &candidates, &mut can_merge), None),
        ScheduleChoice::Ilp(time_limit) => {
            let greedy = greedy_schedule(&pdg, &facts, &candidates, &mut can_merge);
            let deadline = *state.ilp_deadline.get_or_insert_with(|| Instant::now() + time_limit);
            let budget = Budget { total: time_limit, left: deadline.saturating_duration_since(Instant::now()) };
            ilp_schedule(&pdg, &facts, &candidates, state.solver, budget, greedy, &mut can_merge, &mut warnings)
        }
    };
    if let Some(error) = bug.into_inner() {
        return Err(error);
    }
    let (cluster_kernels, firings) = apply_schedule(state, sizes, block, &facts, &pdg, &schedule)?;
    state.reports.push(RegionReport {
        function: function.name.clone(),
        region: region.to_string(),
        pdg,
        candidates,
        schedule,
        cluster_kernels,
        ilp,
        warnings,
        firings,
    });
    Ok(())
}

/// The ILP's time: the limit for the whole program, and what is left of it.
#[derive(Copy, Clone, Debug)]
struct Budget {
    total: Duration,
    left: Duration,
}

/// The least time worth giving the solver.
const LEAST_SOLVE_TIME: Duration = Duration::from_millis(1);

/// How many cuts the ILP of one region may get before the greedy schedule
/// is used instead.
const MAX_CUTS: usize = 8;

/// The ILP's schedule, or the greedy one with a warning when the ILP fails,
/// has no time left, or keeps proposing an illegal clustering.
///
/// A cluster no rule can merge gets a cut (see [`crate::ilp::Cut`]) and
/// the ILP is solved again, at most [`MAX_CUTS`] times.
#[allow(clippy::too_many_arguments)]
fn ilp_schedule(
    pdg: &Pdg,
    facts: &BlockFacts,
    candidates: &[Candidate],
    solver: &dyn IlpSolver,
    budget: Budget,
    greedy: Schedule,
    can_merge: &mut dyn FnMut(&[NodeId]) -> bool,
    warnings: &mut Vec<String>,
) -> (Schedule, Option<IlpReport>) {
    let started = Instant::now();
    let mut cuts: Vec<Cut> = Vec::new();
    let mut solve_time = Duration::ZERO;
    let mut cache = PartCache::default();
    loop {
        let left = budget.left.saturating_sub(started.elapsed());
        if left < LEAST_SOLVE_TIME {
            warnings.push(format!(
                "the ILP's time limit of {:.1} s is used up; using the greedy schedule",
                budget.total.as_secs_f64()
            ));
            return (greedy, None);
        }
        let outcome = match solve_region_cached(pdg, candidates, &cuts, solver, left, Some(&greedy), &mut cache) {
            Ok(outcome) => outcome,
            Err(why) => {
                warnings.push(format!("the ILP solver ({}) failed: {why}; using the greedy schedule", solver.name()));
                return (greedy, None);
            }
        };
        solve_time += outcome.solve_time;
        let mut report = IlpReport {
            solver: outcome.solver,
            objective: outcome.objective,
            size: outcome.size,
            families: outcome.families.clone(),
            parts: outcome.parts,
            solve_time,
            is_optimal: outcome.is_optimal,
            greedy_objective: outcome.warm_start_objective,
        };
        let schedule = match Schedule::from_clusters(pdg, facts, outcome.clusters.clone()) {
            Ok(schedule) => schedule,
            Err(why) => {
                warnings.push(format!("the ILP's clustering is not legal ({why}); using the greedy schedule"));
                report.objective = schedule_objective(pdg, candidates, &greedy);
                return (greedy, Some(report));
            }
        };
        let illegal = schedule.clusters.iter().filter(|c| c.len() > 1).find(|c| !can_merge(c)).cloned();
        let Some(cluster) = illegal else {
            if outcome.unsolved_parts > 0 {
                warnings.push(format!(
                    "{} part(s) of the region have more than {} fusion candidates, more than the ILP takes; they \
                     keep the greedy schedule's clusters, so the schedule is not proven optimal",
                    outcome.unsolved_parts,
                    crate::ilp::MAX_PART_CANDIDATES
                ));
            } else if !outcome.is_optimal {
                warnings.push(format!(
                    "the ILP solver stopped at the time limit ({:.1} s left of {:.1} s for the program); using the \
                     best schedule it found",
                    left.as_secs_f64(),
                    budget.total.as_secs_f64()
                ));
            }
            return (schedule, Some(report));
        };
        let part = smallest_illegal_part(&cluster, &outcome.fused, candidates, can_merge);
        let cut = Cut(outcome.fused.iter().copied().filter(|&k| joins(&part, &candidates[k])).collect());
        if cuts.len() >= MAX_CUTS || cut.0.is_empty() || cuts.contains(&cut) {
            let names: Vec<&str> = cluster.iter().map(|&n| pdg.nodes[n].kernel_name.as_str()).collect();
            warnings.push(format!(
                "the ILP's clustering is not legal after {} cuts (the rules cannot turn {{{}}} into one kernel); \
                 using the greedy schedule",
                cuts.len(),
                names.join(", ")
            ));
            report.objective = schedule_objective(pdg, candidates, &greedy);
            return (greedy, Some(report));
        }
        cuts.push(cut);
    }
}

/// Whether both runs of `candidate` are in `part`.
fn joins(part: &[NodeId], candidate: &Candidate) -> bool {
    part.contains(&candidate.first) && part.contains(&candidate.second)
}

/// A smallest part of the illegal `cluster` that is still connected by the
/// fused candidates `fused` and that no rule can merge: runs are dropped
/// one at a time while that stays true.
fn smallest_illegal_part(
    cluster: &[NodeId],
    fused: &[usize],
    candidates: &[Candidate],
    can_merge: &mut dyn FnMut(&[NodeId]) -> bool,
) -> Vec<NodeId> {
    let mut part = cluster.to_vec();
    let mut i = 0;
    while i < part.len() {
        let mut trial = part.clone();
        trial.remove(i);
        if trial.len() >= 2 && is_connected(&trial, fused, candidates) && !can_merge(&trial) {
            part = trial;
        } else {
            i += 1;
        }
    }
    part
}

/// Whether the fused candidates inside `part` connect all of it.
fn is_connected(part: &[NodeId], fused: &[usize], candidates: &[Candidate]) -> bool {
    let mut reached = vec![part[0]];
    let mut grew = true;
    while grew {
        grew = false;
        for &k in fused {
            let (a, b) = (candidates[k].first, candidates[k].second);
            if !part.contains(&a) || !part.contains(&b) {
                continue;
            }
            for (from, to) in [(a, b), (b, a)] {
                if reached.contains(&from) && !reached.contains(&to) {
                    reached.push(to);
                    grew = true;
                }
            }
        }
    }
    reached.len() == part.len()
}

/// Merges each cluster of more than one run into a new kernel and
/// reorders the block; returns the kernel name of each cluster and the
/// rules that fired.
fn apply_schedule(
    state: &mut FusionState<'_>,
    sizes: &FunctionSizes,
    block: &mut Block,
    facts: &BlockFacts,
    pdg: &Pdg,
    schedule: &Schedule,
) -> Result<(Vec<String>, Vec<Firing>), FusionError> {
    let mut cluster_kernels = Vec::new();
    let mut merged_runs = Vec::new();
    let mut firings = Vec::new();
    for cluster in &schedule.clusters {
        if cluster.len() < 2 {
            cluster_kernels.push(pdg.nodes[cluster[0]].kernel_name.clone());
            merged_runs.push(None);
            continue;
        }
        let members: Vec<&str> = cluster.iter().map(|&n| pdg.nodes[n].kernel_name.as_str()).collect();
        let name = fused_kernel_name(&members, &|n| state.kernel_names.contains(n));
        let stmts: Vec<usize> = cluster.iter().map(|&n| pdg.nodes[n].stmt).collect();
        let mut merged = merge_runs(&state.program.kernels, block, facts, &stmts, name.clone())?;
        match rewrite_merged(&mut merged, sizes)? {
            Ok(fired) => firings.extend(fired),
            Err(why) => {
                return Err(FusionError::bug(
                    format!("kernel `{name}`"),
                    format!("a cluster the schedule checked cannot be rewritten: {why}"),
                ));
            }
        }
        state.kernel_names.insert(name.clone());
        let id = KernelId(state.program.kernels.len() as u32);
        state.program.kernels.push(merged.kernel.clone());
        cluster_kernels.push(name);
        merged_runs.push(Some((id, merged)));
    }
    let order = linearize(pdg, facts, &schedule.clusters).map_err(|why| FusionError::bug("", why))?;
    let mut stmts = Vec::with_capacity(block.stmts.len());
    for placed in order {
        match placed {
            Placed::Stmt(i) => stmts.push(block.stmts[i].clone()),
            Placed::Cluster(c) => {
                let Some(Some((id, merged))) = merged_runs.get(c) else {
                    return Err(FusionError::bug("", format!("cluster {c} was not merged")));
                };
                stmts.push(Stmt::Let {
                    vars: merged.results.clone(),
                    expr: HostExpr::Run { kernel: *id, args: merged.args.clone() },
                });
            }
        }
    }
    block.stmts = stmts;
    Ok((cluster_kernels, firings))
}
