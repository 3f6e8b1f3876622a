//! The ILP schedule (Robinson, Lippmeier & Keller 2014; Megiddo & Sarkar
//! 1997), built in readable steps with `good_lp`.
//!
//! For a region of `N` runs:
//!
//! - **variables** ([`add_variables`]): for each run `u` an ordering
//!   variable `π_u ∈ [0, N−1]` (integer) and a binary `c_u`, 0 when `u`'s
//!   results need not be materialised; for each candidate pair a binary
//!   `x_uv`, 0 when `u` and `v` are fused (fixed to 1 when a path between
//!   them goes through a fusion-preventing edge: the constraints below
//!   forbid fusing them anyway, and fixing it spares the solver the
//!   search);
//! - **fusible edges** ([`add_fusible_edge_constraints`]):
//!   `x_uv ≤ π_v − π_u ≤ N·x_uv` and `x_uv ≤ c_u`;
//! - **fusion-preventing edges** ([`add_preventing_edge_constraints`]):
//!   `π_v − π_u ≥ 1` and `c_u = 1`;
//! - **candidate pairs without an edge** (horizontal,
//!   [`add_horizontal_candidate_constraints`]):
//!   `−N·x_uv ≤ π_v − π_u ≤ N·x_uv`;
//! - **results used outside runs** ([`add_used_outside_constraints`]):
//!   `c_u = 1` (the host, or the block's result, needs them);
//! - **objective** ([`objective`]): minimise `Σ w_uv·x_uv + Σ N·c_u`, with
//!   `w_uv = N²` when `u` and `v` share an edge or an input and 1
//!   otherwise.
//!
//! The solver is injected ([`IlpSolver`]): [`MicroLp`] (pure Rust, the
//! default) or, with the crate feature `highs`, [`Highs`]. It starts from
//! the greedy schedule (a feasible point), stops at the time limit with
//! the best schedule found, and says whether that is proven optimal.
//! Clusters are the transitive closure of the fused pairs (`x_uv = 0`),
//! ordered by `π` ([`extract_clusters`]); the caller checks that they are
//! legal before applying them.
//!
//! Pairwise variables cannot say everything: `u` fused with `m` and `m`
//! with `v` puts `u` and `v` in one kernel even when no rule combines them
//! (a `FILTER` and a `SEG_REDUCE` that both consume one `MAP`). The caller
//! then adds a **cut** ([`Cut`], [`add_cuts`]): for a smallest illegal
//! connected part of the cluster, not all of its fused pairs may stay
//! fused (`Σ x_uv ≥ 1`), and solves again. This assumes that a cluster
//! holding an illegal connected part is itself illegal, which holds for
//! the rules, all local to a producer and its consumers.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use good_lp::solvers::{SolutionStatus, WithInitialSolution, WithTimeLimit};
use good_lp::variable::UnsolvedProblem;
use good_lp::{
    Constraint, Expression, IntoAffineExpression, ProblemVariables, Solution, SolverModel, Variable, variable,
};

use crate::candidates::{Candidate, CandidateKind};
use crate::pdg::{EdgeKind, NodeId, Pdg};
use crate::schedule::Schedule;

/// The model of one region, before solving.
pub struct FusionModel {
    variables: ProblemVariables,
    /// `π_u`, by node.
    pi: Vec<Variable>,
    /// `c_u`, by node.
    c: Vec<Variable>,
    /// `x_uv`, by candidate (the index into the candidate list).
    x: Vec<Variable>,
    /// Each constraint with the family it belongs to.
    constraints: Vec<(&'static str, Constraint)>,
    objective: Expression,
    /// `N`, the number of runs.
    n: usize,
}

/// The size of a model, as logged in the report.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct ModelSize {
    pub variables: usize,
    pub constraints: usize,
}

impl std::fmt::Display for ModelSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} variables, {} constraints", self.variables, self.constraints)
    }
}

impl FusionModel {
    pub fn size(&self) -> ModelSize {
        ModelSize { variables: self.variables.len(), constraints: self.constraints.len() }
    }

    /// How many constraints each family contributed, in order.
    pub fn family_sizes(&self) -> Vec<(&'static str, usize)> {
        let mut sizes: Vec<(&'static str, usize)> = Vec::new();
        for (family, _) in &self.constraints {
            match sizes.iter_mut().find(|(f, _)| f == family) {
                Some((_, count)) => *count += 1,
                None => sizes.push((family, 1)),
            }
        }
        sizes
    }

    fn add(&mut self, family: &'static str, constraint: Constraint) {
        self.constraints.push((family, constraint));
    }
}

/// Candidates (indices into the candidate list) that may not all be
/// fused at once: `Σ x_uv ≥ 1` over them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cut(pub Vec<usize>);

/// Adds `Σ x_uv ≥ 1` for each cut.
pub fn add_cuts(model: &mut FusionModel, cuts: &[Cut]) {
    for Cut(members) in cuts {
        let sum: Expression = members.iter().map(|&k| model.x[k]).sum();
        model.add("illegal cluster cut", sum.geq(1.0));
    }
}

/// Builds the model of a region, step by step.
pub fn build_model(pdg: &Pdg, candidates: &[Candidate]) -> FusionModel {
    let mut model = add_variables(pdg, candidates);
    add_fusible_edge_constraints(&mut model, pdg, candidates);
    add_preventing_edge_constraints(&mut model, pdg);
    add_horizontal_candidate_constraints(&mut model, candidates);
    add_used_outside_constraints(&mut model, pdg);
    model.objective = objective(&model, candidates);
    model
}

/// `π_u ∈ [0, N−1]` integer and `c_u ∈ {0, 1}` for each run `u`;
/// `x_uv ∈ {0, 1}` for each candidate pair, `x_uv = 1` when `u` and `v`
/// must be separated ([`Pdg::must_separate`]).
fn add_variables(pdg: &Pdg, candidates: &[Candidate]) -> FusionModel {
    let n = pdg.nodes.len();
    let mut variables = ProblemVariables::new();
    let highest_slot = n.saturating_sub(1) as f64;
    let pi =
        (0..n).map(|u| variables.add(variable().integer().min(0).max(highest_slot).name(format!("pi_{u}")))).collect();
    let c = (0..n).map(|u| variables.add(variable().binary().name(format!("c_{u}")))).collect();
    let x = candidates
        .iter()
        .map(|cand| {
            let x = variable().binary().name(format!("x_{}_{}", cand.first, cand.second));
            variables.add(if pdg.must_separate(cand.first, cand.second) { x.min(1) } else { x })
        })
        .collect();
    FusionModel { variables, pi, c, x, constraints: Vec::new(), objective: Expression::from(0.0), n }
}

/// For each fusible edge `u → v` (a vertical candidate):
/// `x_uv ≤ π_v − π_u ≤ N·x_uv` (fused runs share a slot, others are
/// ordered) and `x_uv ≤ c_u` (a result not fused away is materialised).
fn add_fusible_edge_constraints(model: &mut FusionModel, pdg: &Pdg, candidates: &[Candidate]) {
    let n = model.n as f64;
    for (k, candidate) in candidates.iter().enumerate() {
        if !matches!(candidate.kind, CandidateKind::Vertical { .. }) {
            continue;
        }
        debug_assert!(pdg.edge(candidate.first, candidate.second).is_some_and(|e| e.is_fusible()));
        let (x, pu, pv, cu) =
            (model.x[k], model.pi[candidate.first], model.pi[candidate.second], model.c[candidate.first]);
        model.add("fusible edge", (pv - pu).geq(x));
        model.add("fusible edge", (pv - pu).leq(n * x));
        model.add("fusible edge", Expression::from(x).leq(cu));
    }
}

/// For each fusion-preventing edge `u → v`: `π_v − π_u ≥ 1` (`v` runs in a
/// later kernel) and `c_u = 1` (`u`'s results go through memory).
fn add_preventing_edge_constraints(model: &mut FusionModel, pdg: &Pdg) {
    for edge in &pdg.edges {
        if !matches!(edge.kind, EdgeKind::Preventing { .. }) {
            continue;
        }
        let (pu, pv, cu) = (model.pi[edge.from], model.pi[edge.to], model.c[edge.from]);
        model.add("preventing edge", (pv - pu).geq(1.0));
        model.add("preventing edge", Expression::from(cu).eq(1.0));
    }
}

/// For each candidate pair without an edge (horizontal):
/// `−N·x_uv ≤ π_v − π_u ≤ N·x_uv` (fused runs share a slot; others may go
/// in either order).
fn add_horizontal_candidate_constraints(model: &mut FusionModel, candidates: &[Candidate]) {
    let n = model.n as f64;
    for (k, candidate) in candidates.iter().enumerate() {
        if candidate.kind != CandidateKind::Horizontal {
            continue;
        }
        let (x, pu, pv) = (model.x[k], model.pi[candidate.first], model.pi[candidate.second]);
        model.add("horizontal candidate", (pv - pu).geq(-n * x));
        model.add("horizontal candidate", (pv - pu).leq(n * x));
    }
}

/// For each run whose results a host statement or the block's result
/// uses: `c_u = 1`.
fn add_used_outside_constraints(model: &mut FusionModel, pdg: &Pdg) {
    for (u, node) in pdg.nodes.iter().enumerate() {
        if node.is_used_outside_runs {
            let cu = model.c[u];
            model.add("used outside runs", Expression::from(cu).eq(1.0));
        }
    }
}

/// `Σ w_uv·x_uv + Σ N·c_u`.
fn objective(model: &FusionModel, candidates: &[Candidate]) -> Expression {
    let n = model.n as f64;
    let mut objective = Expression::from(0.0);
    for (k, candidate) in candidates.iter().enumerate() {
        objective += candidate.ilp_weight(model.n) * model.x[k];
    }
    for &cu in &model.c {
        objective += n * cu;
    }
    objective
}

/// The values a solver found.
#[derive(Clone, Debug)]
pub struct IlpValues {
    pub pi: Vec<f64>,
    pub c: Vec<f64>,
    pub x: Vec<f64>,
    pub objective: f64,
    /// Whether the solver proved them optimal (else it stopped at the time
    /// limit with the best it had).
    pub is_optimal: bool,
}

/// A MILP solver fusion can use.
pub trait IlpSolver {
    fn name(&self) -> &'static str;

    /// Solves `model` within `time_limit`, starting from `warm_start` (a
    /// feasible point) when given.
    fn solve(
        &self,
        model: FusionModel,
        time_limit: Duration,
        warm_start: Option<&HashMap<Variable, f64>>,
    ) -> Result<IlpValues, String>;
}

/// The pure-Rust `microlp` solver.
#[derive(Copy, Clone, Debug, Default)]
pub struct MicroLp;

impl IlpSolver for MicroLp {
    fn name(&self) -> &'static str {
        "microlp"
    }

    fn solve(
        &self,
        model: FusionModel,
        time_limit: Duration,
        warm_start: Option<&HashMap<Variable, f64>>,
    ) -> Result<IlpValues, String> {
        solve_with(model, good_lp::microlp, time_limit, warm_start)
    }
}

/// HiGHS, through `good_lp`'s `highs` feature.
#[cfg(feature = "highs")]
#[derive(Copy, Clone, Debug, Default)]
pub struct Highs;

#[cfg(feature = "highs")]
impl IlpSolver for Highs {
    fn name(&self) -> &'static str {
        "highs"
    }

    fn solve(
        &self,
        model: FusionModel,
        time_limit: Duration,
        warm_start: Option<&HashMap<Variable, f64>>,
    ) -> Result<IlpValues, String> {
        solve_with(model, good_lp::highs, time_limit, warm_start)
    }
}

/// The solver `fuse` uses: HiGHS when built with it, else microlp.
pub fn default_solver() -> &'static dyn IlpSolver {
    #[cfg(feature = "highs")]
    {
        &Highs
    }
    #[cfg(not(feature = "highs"))]
    {
        &MicroLp
    }
}

fn solve_with<M>(
    model: FusionModel,
    make: impl FnOnce(UnsolvedProblem) -> M,
    time_limit: Duration,
    warm_start: Option<&HashMap<Variable, f64>>,
) -> Result<IlpValues, String>
where
    M: SolverModel + WithTimeLimit + WithInitialSolution,
{
    let FusionModel { variables, pi, c, x, constraints, objective, .. } = model;
    let mut problem = make(variables.minimise(objective.clone())).with_time_limit(time_limit.as_secs_f64());
    if let Some(start) = warm_start {
        problem = problem.with_initial_solution(start.iter().map(|(&v, &value)| (v, value)));
    }
    for (_, constraint) in constraints {
        problem.add_constraint(constraint);
    }
    let solution = problem.solve().map_err(|e| e.to_string())?;
    let value = |v: &Variable| solution.value(*v);
    Ok(IlpValues {
        pi: pi.iter().map(value).collect(),
        c: c.iter().map(value).collect(),
        x: x.iter().map(value).collect(),
        objective: objective.eval_with(&solution),
        is_optimal: matches!(solution.status(), SolutionStatus::Optimal),
    })
}

/// The model's values for a schedule: `π_u` its cluster's position,
/// `x_uv = 0` for pairs in one cluster, `c_u = 1` when a result of `u` is
/// used outside its cluster. A feasible point when the schedule is legal.
pub fn assignment_of(
    model: &FusionModel,
    pdg: &Pdg,
    candidates: &[Candidate],
    schedule: &Schedule,
) -> HashMap<Variable, f64> {
    let mut values = HashMap::new();
    let cluster_of = |u: NodeId| schedule.cluster_of(u).unwrap_or(0);
    for u in 0..pdg.nodes.len() {
        values.insert(model.pi[u], cluster_of(u) as f64);
        let is_materialised = pdg.nodes[u].is_used_outside_runs
            || pdg.edges.iter().any(|e| e.from == u && cluster_of(e.to) != cluster_of(u));
        values.insert(model.c[u], if is_materialised { 1.0 } else { 0.0 });
    }
    for (k, candidate) in candidates.iter().enumerate() {
        let is_fused = cluster_of(candidate.first) == cluster_of(candidate.second);
        values.insert(model.x[k], if is_fused { 0.0 } else { 1.0 });
    }
    values
}

/// Whether `values` satisfy every constraint of the model.
pub fn is_feasible(model: &FusionModel, values: &HashMap<Variable, f64>) -> bool {
    const TOLERANCE: f64 = 1e-6;
    model.constraints.iter().all(|(_, constraint)| {
        let lhs = constraint.expression().clone().eval_with(values);
        if constraint.is_equality() { lhs.abs() <= TOLERANCE } else { lhs <= TOLERANCE }
    })
}

/// The objective's value at `values`.
pub fn objective_at(model: &FusionModel, values: &HashMap<Variable, f64>) -> f64 {
    model.objective.clone().eval_with(values)
}

/// The clusters of a solution: the transitive closure of the fused pairs
/// (`x_uv < ½`), ordered by `π` (then by program order).
pub fn extract_clusters(pdg: &Pdg, candidates: &[Candidate], values: &IlpValues) -> Vec<Vec<NodeId>> {
    let n = pdg.nodes.len();
    let mut parent: Vec<NodeId> = (0..n).collect();
    fn root(parent: &mut [NodeId], mut u: NodeId) -> NodeId {
        while parent[u] != u {
            parent[u] = parent[parent[u]];
            u = parent[u];
        }
        u
    }
    for (k, candidate) in candidates.iter().enumerate() {
        if values.x[k] < 0.5 {
            let (a, b) = (root(&mut parent, candidate.first), root(&mut parent, candidate.second));
            parent[a.max(b)] = a.min(b);
        }
    }
    let mut clusters: HashMap<NodeId, Vec<NodeId>> = HashMap::new();
    for u in 0..n {
        let r = root(&mut parent, u);
        clusters.entry(r).or_default().push(u);
    }
    let mut clusters: Vec<Vec<NodeId>> = clusters.into_values().collect();
    let key = |cluster: &Vec<NodeId>| {
        let slot = cluster.iter().map(|&u| values.pi[u]).fold(f64::INFINITY, f64::min);
        let first = cluster.iter().map(|&u| pdg.nodes[u].stmt).min().unwrap_or(0);
        ((slot * 1000.0).round() as i64, first)
    };
    clusters.sort_by_key(key);
    for cluster in &mut clusters {
        cluster.sort_by_key(|&u| pdg.nodes[u].stmt);
    }
    clusters
}

/// What solving a region's ILP gave.
#[derive(Clone, Debug)]
pub struct IlpOutcome {
    pub clusters: Vec<Vec<NodeId>>,
    pub objective: f64,
    pub size: ModelSize,
    /// Constraints per family.
    pub families: Vec<(&'static str, usize)>,
    pub solve_time: Duration,
    pub is_optimal: bool,
    pub solver: &'static str,
    /// The objective of the warm start (the greedy schedule), if it was
    /// feasible.
    pub warm_start_objective: Option<f64>,
    /// The candidates the solution fuses (`x_uv = 0`), by index.
    pub fused: Vec<usize>,
}

/// Builds the model of a region with `cuts` and solves it, starting from
/// `warm_start` (a legal schedule, e.g. the greedy one).
pub fn solve_region(
    pdg: &Pdg,
    candidates: &[Candidate],
    cuts: &[Cut],
    solver: &dyn IlpSolver,
    time_limit: Duration,
    warm_start: Option<&Schedule>,
) -> Result<IlpOutcome, String> {
    let mut model = build_model(pdg, candidates);
    add_cuts(&mut model, cuts);
    let size = model.size();
    let families = model.family_sizes();
    let start = warm_start.map(|s| assignment_of(&model, pdg, candidates, s)).filter(|a| is_feasible(&model, a));
    let warm_start_objective = start.as_ref().map(|a| objective_at(&model, a));
    let started = Instant::now();
    let values = solver.solve(model, time_limit, start.as_ref())?;
    let solve_time = started.elapsed();
    Ok(IlpOutcome {
        clusters: extract_clusters(pdg, candidates, &values),
        objective: values.objective,
        size,
        families,
        solve_time,
        is_optimal: values.is_optimal,
        solver: solver.name(),
        warm_start_objective,
        fused: (0..candidates.len()).filter(|&k| values.x[k] < 0.5).collect(),
    })
}
