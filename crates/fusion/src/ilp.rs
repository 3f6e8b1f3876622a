//! The ILP schedule (Robinson, Lippmeier & Keller 2014; Megiddo & Sarkar
//! 1997), built in readable steps with `good_lp`.
//!
//! For a region of `N` runs:
//!
//! - **variables** (`add_variables`): for each run `u` an ordering
//!   variable `π_u ∈ [0, N−1]` and `c_u ∈ [0, 1]`, 0 when `u`'s
//!   results need not be materialised; for each candidate pair a binary
//!   `x_uv`, 0 when `u` and `v` are fused (fixed to 1 when a path between
//!   them goes through a fusion-preventing edge: the constraints below
//!   forbid fusing them anyway, and fixing it spares the solver the
//!   search);
//! - **fusible edges** (`add_fusible_edge_constraints`):
//!   `x_uv ≤ π_v − π_u ≤ N·x_uv` and `x_uv ≤ c_u`;
//! - **fusion-preventing edges** (`add_preventing_edge_constraints`):
//!   `π_v − π_u ≥ 1` and `c_u = 1`;
//! - **candidate pairs without an edge** (horizontal,
//!   `add_horizontal_candidate_constraints`):
//!   `−N·x_uv ≤ π_v − π_u ≤ N·x_uv`;
//! - **results used outside runs** (`add_used_outside_constraints`):
//!   `c_u = 1` (the host, or the block's result, needs them);
//! - **transitivity** (`add_transitivity_constraints`): for three runs
//!   each pair of which may be fused, `x_uw ≤ x_uv + x_vw` (and the other
//!   two ways round); implied at every optimum, but they tighten the
//!   relaxation, which is what makes branch and bound fast; and for two
//!   runs that must be separated and a third that may be fused with both,
//!   `x_uw + x_vw ≥ 1` (separated pairs), for the same reason;
//! - **objective** (`objective`): minimise `Σ w_uv·x_uv + Σ N·c_u`, with
//!   `w_uv = N²` when `u` and `v` share an edge or an input and 1
//!   otherwise.
//!
//! A region is solved in **independent parts** ([`independent_parts`],
//! [`solve_region`]): the runs linked by candidate pairs that may be fused,
//! each part a model of its own, falling back to the whole region's model
//! when the parts' clusters do not fit together (see note [independent
//! parts]). A region without such pairs needs no solver at all.
//!
//! The solver is injected ([`IlpSolver`]): [`MicroLp`] (pure Rust, the
//! default) or, with the crate feature `highs`, `Highs`. It starts from
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
    /// `N`, the number of runs the model orders.
    n: usize,
    /// The number of runs of the whole region, which scales the weights
    /// (`N` in `w_uv` and in `N·c_u`): a part of a region is weighed as
    /// the region is, so that its optimum is the region's restricted to it.
    region_size: usize,
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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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
    build_part_model(pdg, candidates, pdg.nodes.len())
}

/// Builds the model of `pdg` (a region, or a part of one: [`Pdg::part`])
/// with the weights of a region of `region_size` runs.
pub fn build_part_model(pdg: &Pdg, candidates: &[Candidate], region_size: usize) -> FusionModel {
    let mut model = add_variables(pdg, candidates, region_size);
    add_fusible_edge_constraints(&mut model, pdg, candidates);
    add_preventing_edge_constraints(&mut model, pdg);
    add_horizontal_candidate_constraints(&mut model, candidates);
    add_used_outside_constraints(&mut model, pdg);
    add_transitivity_constraints(&mut model, pdg, candidates);
    model.objective = objective(&model, candidates);
    model
}

/// `π_u ∈ [0, N−1]` and `c_u ∈ [0, 1]` for each run `u`; `x_uv ∈ {0, 1}`
/// for each candidate pair, `x_uv = 1` when `u` and `v` must be separated
/// ([`Pdg::must_separate`]).
///
/// Only the `x_uv` need to be integers: once they are, the constraints on
/// `π` are differences with integer bounds, which have an integer
/// solution whenever they have one, and each `c_u`, bounded below by
/// `x_uv`s and 0 or 1 and costing `N`, is the largest of them. So `π_u`
/// and `c_u` are left continuous, and branch and bound branches on the
/// `x_uv` alone (`π` is only an order: the clusters are placed by
/// [`crate::schedule::linearize`]).
fn add_variables(pdg: &Pdg, candidates: &[Candidate], region_size: usize) -> FusionModel {
    let n = pdg.nodes.len();
    let mut variables = ProblemVariables::new();
    let highest_slot = n.saturating_sub(1) as f64;
    let pi = (0..n).map(|u| variables.add(variable().min(0).max(highest_slot).name(format!("pi_{u}")))).collect();
    let c = (0..n).map(|u| variables.add(variable().min(0).max(1).name(format!("c_{u}")))).collect();
    let x = candidates
        .iter()
        .map(|cand| {
            let x = variable().binary().name(format!("x_{}_{}", cand.first, cand.second));
            variables.add(if pdg.must_separate(cand.first, cand.second) { x.min(1) } else { x })
        })
        .collect();
    FusionModel { variables, pi, c, x, constraints: Vec::new(), objective: Expression::from(0.0), n, region_size }
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

/// For three runs `u`, `v`, `w` each pair of which is a candidate that
/// may be fused: `x_uw ≤ x_uv + x_vw`, and likewise for the other two
/// pairs (fused is transitive: fusing `u` with `v` and `v` with `w` puts
/// `u` and `w` in one kernel).
///
/// The clusters are the transitive closure of the fused pairs anyway, and
/// every optimum of the model without these constraints satisfies them:
/// where `x_uv = x_vw = 0`, the three share a slot, so `x_uw = 0` is
/// feasible and no dearer. They cut off only fractional points, which
/// makes the relaxation much tighter: on quickhull's two large regions
/// microlp's branch and bound went from 1.9 s to about 0.1 s.
fn add_transitivity_constraints(model: &mut FusionModel, pdg: &Pdg, candidates: &[Candidate]) {
    let n = model.n;
    let mut pair: Vec<Vec<Option<usize>>> = vec![vec![None; n]; n];
    for (k, candidate) in candidates.iter().enumerate() {
        if !pdg.must_separate(candidate.first, candidate.second) {
            pair[candidate.first][candidate.second] = Some(k);
            pair[candidate.second][candidate.first] = Some(k);
        }
    }
    // Two runs that must be separated cannot both be fused with a third:
    // `x_uw + x_vw ≥ 1` (the π constraints forbid it too, but only for
    // integer `x`; this cuts off the fractional points where both are ½).
    for u in 0..n {
        for v in u + 1..n {
            if !pdg.must_separate(u, v) {
                continue;
            }
            for (&uw, &vw) in pair[u].iter().zip(&pair[v]) {
                let (Some(uw), Some(vw)) = (uw, vw) else { continue };
                model.add("separated pair", (model.x[uw] + model.x[vw]).geq(1.0));
            }
        }
    }
    for u in 0..n {
        for v in u + 1..n {
            let Some(uv) = pair[u][v] else { continue };
            // Each `w` after `v`: its pairs with `v` and with `u`.
            for (&vw, &uw) in pair[v].iter().zip(&pair[u]).skip(v + 1) {
                let (Some(vw), Some(uw)) = (vw, uw) else { continue };
                let (x_uv, x_vw, x_uw) = (model.x[uv], model.x[vw], model.x[uw]);
                model.add("transitivity", (x_uv + x_vw - x_uw).geq(0.0));
                model.add("transitivity", (x_uv + x_uw - x_vw).geq(0.0));
                model.add("transitivity", (x_vw + x_uw - x_uv).geq(0.0));
            }
        }
    }
}

/// `Σ w_uv·x_uv + Σ N·c_u`, with `N` the region's number of runs.
fn objective(model: &FusionModel, candidates: &[Candidate]) -> Expression {
    let n = model.region_size as f64;
    let mut objective = Expression::from(0.0);
    for (k, candidate) in candidates.iter().enumerate() {
        objective += candidate.ilp_weight(model.region_size) * model.x[k];
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
    /// The size of the models solved, all parts together.
    pub size: ModelSize,
    /// Constraints per family, all parts together.
    pub families: Vec<(&'static str, usize)>,
    /// How many models were solved: one per independent part (see note
    /// [independent parts]), or 1 for the whole region.
    pub parts: usize,
    pub solve_time: Duration,
    pub is_optimal: bool,
    pub solver: &'static str,
    /// The objective of the warm start (the greedy schedule).
    pub warm_start_objective: Option<f64>,
    /// The candidates the solution fuses (`x_uv = 0`), by index.
    pub fused: Vec<usize>,
    /// The parts too large for the solver ([`MAX_PART_CANDIDATES`]), which
    /// kept the warm start's clusters: the schedule is optimal only where
    /// this is 0.
    pub unsolved_parts: usize,
}

// Note [independent parts]
// ~~~~~~~~~~~~~~~~~~~~~~~~
// Two runs can share a kernel only through a chain of candidate pairs that
// may be fused (not `must_separate`). The connected components of those
// pairs are the region's *independent parts*: a cluster lies inside one
// part, and every `x_uv` and every cut belongs to one part. Each part is
// solved as a model of its own (`Pdg::part`: the other runs stay alone,
// paths through them still order the part's runs, and the weights are the
// region's), which is far smaller than the region's: quickhull's region of
// 44 runs and 109 candidates falls into parts of 15, 15, 5, 3 and 2 runs.
//
// The parts' optima together are the region's optimum when they fit
// together. Each part's restriction of a region solution is feasible for
// the part's model (splitting the other clusters into single runs cannot
// make a cycle), so the sum of the parts' optima is at most the region's;
// and the objective adds up over the parts (each `x_uv` in one part, each
// `c_u` forced or in the part of its fusible edges). What can go wrong is
// only a cycle between clusters of different parts (`a`, `a'` in one
// cluster, `b`, `b'` in another, `a` before `b` and `b'` before `a'`),
// which neither part sees. So the clusters of all parts are checked to be
// ordered ([`cluster_slots`]), and if they are not, the whole region's
// model is solved instead.
//
// Among schedules of equal objective, which one a solver returns depends
// on the model it is given; the parts may pick a different one of them
// than the region's model would.

/// The independent parts of a region (see note [independent parts]): for
/// each part with at least one candidate that may be fused, its runs in
/// order. Runs in no such pair belong to no part: they stay alone.
pub fn independent_parts(pdg: &Pdg, candidates: &[Candidate]) -> Vec<Vec<NodeId>> {
    let n = pdg.nodes.len();
    let mut parent: Vec<NodeId> = (0..n).collect();
    for candidate in candidates.iter().filter(|c| !pdg.must_separate(c.first, c.second)) {
        let (a, b) = (root(&mut parent, candidate.first), root(&mut parent, candidate.second));
        parent[a.max(b)] = a.min(b);
    }
    let mut parts: Vec<Vec<NodeId>> = Vec::new();
    let mut part_of_root: HashMap<NodeId, usize> = HashMap::new();
    for u in 0..n {
        let r = root(&mut parent, u);
        let index = *part_of_root.entry(r).or_insert_with(|| {
            parts.push(Vec::new());
            parts.len() - 1
        });
        parts[index].push(u);
    }
    parts.retain(|part| part.len() > 1);
    parts
}

/// The root of `u` in a union-find forest, halving paths on the way.
fn root(parent: &mut [NodeId], mut u: NodeId) -> NodeId {
    while parent[u] != u {
        parent[u] = parent[parent[u]];
        u = parent[u];
    }
    u
}

/// The slot of each cluster in an order that respects every edge of the
/// graph between clusters, or `None` when the clusters form a cycle. The
/// earliest possible slot is taken, so that fused runs share one.
pub fn cluster_slots(pdg: &Pdg, clusters: &[Vec<NodeId>]) -> Option<Vec<usize>> {
    let mut cluster_of = vec![0; pdg.nodes.len()];
    for (c, cluster) in clusters.iter().enumerate() {
        for &u in cluster {
            cluster_of[u] = c;
        }
    }
    let mut successors: Vec<Vec<usize>> = vec![Vec::new(); clusters.len()];
    let mut indegree = vec![0usize; clusters.len()];
    for edge in &pdg.edges {
        let (a, b) = (cluster_of[edge.from], cluster_of[edge.to]);
        if a != b && !successors[a].contains(&b) {
            successors[a].push(b);
            indegree[b] += 1;
        }
    }
    let mut slots = vec![0usize; clusters.len()];
    let mut ready: Vec<usize> = (0..clusters.len()).filter(|&c| indegree[c] == 0).collect();
    let mut placed = 0;
    while let Some(c) = ready.pop() {
        placed += 1;
        for &d in &successors[c] {
            slots[d] = slots[d].max(slots[c] + 1);
            indegree[d] -= 1;
            if indegree[d] == 0 {
                ready.push(d);
            }
        }
    }
    (placed == clusters.len()).then_some(slots)
}

/// The objective of a legal schedule: `x_uv = 0` for pairs in one cluster,
/// `c_u = 1` when a result of `u` is used outside its cluster (as
/// [`assignment_of`] sets them).
pub fn schedule_objective(pdg: &Pdg, candidates: &[Candidate], schedule: &Schedule) -> f64 {
    let n = pdg.nodes.len();
    let mut cluster_of = vec![0; n];
    for (c, cluster) in schedule.clusters.iter().enumerate() {
        for &u in cluster {
            cluster_of[u] = c;
        }
    }
    let separated: f64 =
        candidates.iter().filter(|c| cluster_of[c.first] != cluster_of[c.second]).map(|c| c.ilp_weight(n)).sum();
    let materialised = (0..n)
        .filter(|&u| {
            pdg.nodes[u].is_used_outside_runs
                || pdg.edges.iter().any(|e| e.from == u && cluster_of[e.to] != cluster_of[u])
        })
        .count();
    separated + (n * materialised) as f64
}

/// Solves the ILP of a region with `cuts`, starting from `warm_start` (a
/// legal schedule, e.g. the greedy one): part by part where the parts'
/// clusters fit together, else as one model (note [independent parts]).
pub fn solve_region(
    pdg: &Pdg,
    candidates: &[Candidate],
    cuts: &[Cut],
    solver: &dyn IlpSolver,
    time_limit: Duration,
    warm_start: Option<&Schedule>,
) -> Result<IlpOutcome, String> {
    solve_region_cached(pdg, candidates, cuts, solver, time_limit, warm_start, &mut PartCache::default())
}

/// The optimal solutions of the parts of one region's model, by the part's
/// runs and the cuts that concern it: a cut added to one part leaves the
/// models of the others as they were, and solving them again would give
/// the same clusters (quickhull's two large regions got a cut each, and
/// solved their largest part twice, about half of their compile time).
#[derive(Default)]
pub struct PartCache {
    solved: HashMap<(Vec<NodeId>, Vec<Cut>), PartSolution>,
}

/// [`solve_region`], reusing the optimal part solutions in `cache` (of
/// earlier solves of the same region with other cuts) and adding its own.
pub fn solve_region_cached(
    pdg: &Pdg,
    candidates: &[Candidate],
    cuts: &[Cut],
    solver: &dyn IlpSolver,
    time_limit: Duration,
    warm_start: Option<&Schedule>,
    cache: &mut PartCache,
) -> Result<IlpOutcome, String> {
    let started = Instant::now();
    let warm_start_objective = warm_start.map(|s| schedule_objective(pdg, candidates, s));
    let parts = independent_parts(pdg, candidates);
    let mut size = ModelSize::default();
    let mut families: Vec<(&'static str, usize)> = Vec::new();
    let mut is_optimal = true;
    let mut x = vec![1.0; candidates.len()];
    let mut clusters: Vec<Vec<NodeId>> = Vec::new();
    let mut unsolved_parts = 0;
    for part in &parts {
        let left = time_limit.saturating_sub(started.elapsed());
        let indices = part_candidate_indices(pdg, candidates, part);
        if indices.len() > MAX_PART_CANDIDATES {
            unsolved_parts += 1;
            is_optimal = false;
            let cluster_of = |u: NodeId| warm_start.and_then(|s| s.cluster_of(u));
            let mut kept: HashMap<usize, Vec<NodeId>> = HashMap::new();
            let mut alone = Vec::new();
            for &u in part {
                match cluster_of(u) {
                    Some(c) => kept.entry(c).or_default().push(u),
                    None => alone.push(vec![u]),
                }
            }
            for &k in &indices {
                let (a, b) = (cluster_of(candidates[k].first), cluster_of(candidates[k].second));
                x[k] = if a.is_some() && a == b { 0.0 } else { 1.0 };
            }
            let mut kept: Vec<(usize, Vec<NodeId>)> = kept.into_iter().collect();
            kept.sort();
            clusters.extend(kept.into_iter().map(|(_, cluster)| cluster));
            clusters.extend(alone);
            continue;
        }
        let key = (part.clone(), part_cuts(cuts, &indices));
        let solved = match cache.solved.get(&key) {
            Some(solved) => solved.clone(),
            None => {
                let solved = solve_part(pdg, candidates, cuts, solver, left, warm_start, part)?;
                if solved.is_optimal {
                    cache.solved.insert(key, solved.clone());
                }
                solved
            }
        };
        size.variables += solved.size.variables;
        size.constraints += solved.size.constraints;
        for (family, count) in solved.families {
            match families.iter_mut().find(|(f, _)| *f == family) {
                Some((_, total)) => *total += count,
                None => families.push((family, count)),
            }
        }
        is_optimal &= solved.is_optimal;
        for (k, value) in solved.x {
            x[k] = value;
        }
        clusters.extend(solved.clusters);
    }
    let in_a_part: Vec<bool> = (0..pdg.nodes.len()).map(|u| parts.iter().any(|p| p.contains(&u))).collect();
    clusters.extend((0..pdg.nodes.len()).filter(|&u| !in_a_part[u]).map(|u| vec![u]));
    let Some(slots) = cluster_slots(pdg, &clusters) else {
        if unsolved_parts > 0 {
            // The whole region's model is larger still.
            return Err(format!(
                "the clusters of its parts do not fit together, and {unsolved_parts} part(s) have more than \
                 {MAX_PART_CANDIDATES} candidates"
            ));
        }
        return solve_whole_region(
            pdg,
            candidates,
            cuts,
            solver,
            time_limit.saturating_sub(started.elapsed()),
            warm_start,
        );
    };
    let mut order: Vec<usize> = (0..clusters.len()).collect();
    order.sort_by_key(|&c| (slots[c], clusters[c].iter().map(|&u| pdg.nodes[u].stmt).min()));
    let clusters: Vec<Vec<NodeId>> = order.into_iter().map(|c| clusters[c].clone()).collect();
    let objective = schedule_objective(pdg, candidates, &Schedule { clusters: clusters.clone() });
    Ok(IlpOutcome {
        clusters,
        objective,
        size,
        families,
        parts: parts.len(),
        solve_time: started.elapsed(),
        is_optimal,
        solver: solver.name(),
        warm_start_objective,
        fused: (0..candidates.len()).filter(|&k| x[k] < 0.5).collect(),
        unsolved_parts,
    })
}

/// The most candidates a part of a region may have for its model to be
/// solved (quickhull's largest part has 48): a larger part keeps the warm
/// start's (the greedy schedule's) clusters, with a warning, and the
/// schedule is then not proven optimal. The model of a part grows with its
/// candidates and the triangles among them (the transitivity constraints),
/// and branch and bound can take exponential time in its size: a random
/// `main` of 320 runs made one part of 4982 candidates, which microlp did
/// not solve in 10 s. A count, not a time, so that the schedule never
/// depends on how fast the machine is.
pub const MAX_PART_CANDIDATES: usize = 120;

/// What solving one part gave, in the region's numbering.
#[derive(Clone)]
struct PartSolution {
    clusters: Vec<Vec<NodeId>>,
    /// `x_uv` of the part's candidates, by region candidate index.
    x: Vec<(usize, f64)>,
    size: ModelSize,
    families: Vec<(&'static str, usize)>,
    is_optimal: bool,
}

/// Solves the model of one independent part of a region.
fn solve_part(
    pdg: &Pdg,
    candidates: &[Candidate],
    cuts: &[Cut],
    solver: &dyn IlpSolver,
    time_limit: Duration,
    warm_start: Option<&Schedule>,
    part: &[NodeId],
) -> Result<PartSolution, String> {
    let local = |u: NodeId| part.iter().position(|&p| p == u);
    let part_pdg = pdg.part(part);
    // The part's candidates, renumbered, and their region indices.
    let indices = part_candidate_indices(pdg, candidates, part);
    let part_candidates: Vec<Candidate> = indices
        .iter()
        .filter_map(|&k| {
            let candidate = &candidates[k];
            Some(Candidate { first: local(candidate.first)?, second: local(candidate.second)?, ..candidate.clone() })
        })
        .collect();
    let part_cuts = part_cuts(cuts, &indices);
    let mut model = build_part_model(&part_pdg, &part_candidates, pdg.nodes.len());
    add_cuts(&mut model, &part_cuts);
    let size = model.size();
    let families = model.family_sizes();
    let start = warm_start
        .map(|schedule| {
            let clusters: Vec<Vec<NodeId>> = schedule
                .clusters
                .iter()
                .map(|cluster| cluster.iter().filter_map(|&u| local(u)).collect::<Vec<_>>())
                .filter(|cluster| !cluster.is_empty())
                .collect();
            assignment_of(&model, &part_pdg, &part_candidates, &Schedule { clusters })
        })
        .filter(|a| is_feasible(&model, a));
    let values = solver.solve(model, time_limit, start.as_ref())?;
    let clusters = extract_clusters(&part_pdg, &part_candidates, &values)
        .into_iter()
        .map(|cluster| cluster.into_iter().map(|u| part[u]).collect())
        .collect();
    Ok(PartSolution {
        clusters,
        x: indices.iter().zip(&values.x).map(|(&k, &value)| (k, value)).collect(),
        size,
        families,
        is_optimal: values.is_optimal,
    })
}

/// The region indices of the candidates between runs of `part`.
fn part_candidate_indices(pdg: &Pdg, candidates: &[Candidate], part: &[NodeId]) -> Vec<usize> {
    let mut in_part = vec![false; pdg.nodes.len()];
    for &u in part {
        in_part[u] = true;
    }
    (0..candidates.len()).filter(|&k| in_part[candidates[k].first] && in_part[candidates[k].second]).collect()
}

/// The cuts all of whose candidates are among `indices` (a part's), in
/// the part's numbering of its candidates.
fn part_cuts(cuts: &[Cut], indices: &[usize]) -> Vec<Cut> {
    cuts.iter()
        .filter_map(|Cut(members)| {
            members.iter().map(|k| indices.iter().position(|i| i == k)).collect::<Option<Vec<usize>>>().map(Cut)
        })
        .collect()
}

/// Builds the model of the whole region with `cuts` and solves it as one
/// (what [`solve_region`] falls back to).
pub fn solve_whole_region(
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
    let warm_start_objective = warm_start.map(|s| schedule_objective(pdg, candidates, s));
    let started = Instant::now();
    let values = solver.solve(model, time_limit, start.as_ref())?;
    let solve_time = started.elapsed();
    Ok(IlpOutcome {
        clusters: extract_clusters(pdg, candidates, &values),
        objective: values.objective,
        size,
        families,
        parts: 1,
        solve_time,
        is_optimal: values.is_optimal,
        solver: solver.name(),
        warm_start_objective,
        fused: (0..candidates.len()).filter(|&k| values.x[k] < 0.5).collect(),
        unsolved_parts: 0,
    })
}
