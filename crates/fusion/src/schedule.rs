//! A schedule: the runs of a region grouped into clusters, each cluster to
//! become one kernel, in execution order.
//!
//! A clustering is legal when no fusion-preventing edge joins two runs of
//! one cluster, and the region's statements can still be ordered with each
//! cluster as one statement ([`linearize`]): all the constraints of
//! [`crate::statements`] between statements, with the members of a cluster
//! standing for the cluster, must form an acyclic graph. (Whether the
//! rewrite rules can turn each cluster into a kernel that needs no global
//! barrier inside is checked when the schedule is applied.)

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};

use crate::pdg::{NodeId, Pdg};
use crate::statements::BlockFacts;

/// Clusters of PDG nodes, in the order they run; the nodes of a cluster in
/// program order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    pub clusters: Vec<Vec<NodeId>>,
}

/// One step of a region's new statement order: an original statement kept
/// as it is, or a cluster of runs merged into one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Placed {
    Stmt(usize),
    Cluster(usize),
}

impl Schedule {
    /// Every run alone, in program order (the `none` schedule).
    pub fn singletons(pdg: &Pdg) -> Schedule {
        Schedule { clusters: (0..pdg.nodes.len()).map(|n| vec![n]).collect() }
    }

    /// The schedule of these clusters, each sorted into program order and
    /// the clusters ordered as [`linearize`] places them; an error says why
    /// the clustering is illegal.
    pub fn from_clusters(pdg: &Pdg, facts: &BlockFacts, clusters: Vec<Vec<NodeId>>) -> Result<Schedule, String> {
        let mut clusters: Vec<Vec<NodeId>> = clusters.into_iter().filter(|c| !c.is_empty()).collect();
        for cluster in &mut clusters {
            cluster.sort_by_key(|&n| pdg.nodes[n].stmt);
            cluster.dedup();
        }
        let mut seen = vec![false; pdg.nodes.len()];
        for &n in clusters.iter().flatten() {
            if n >= seen.len() || seen[n] {
                return Err(format!("node {n} is in no cluster or in two"));
            }
            seen[n] = true;
        }
        if let Some(missing) = seen.iter().position(|s| !s) {
            return Err(format!("node {missing} is in no cluster"));
        }
        check_no_preventing_edge_inside(pdg, &clusters)?;
        let order = linearize(pdg, facts, &clusters)?;
        // The first node of each statement, found once (a search per
        // placed statement made the greedy schedule's trials quadratic).
        let mut node_of_stmt: HashMap<usize, NodeId> = HashMap::new();
        for (n, node) in pdg.nodes.iter().enumerate() {
            node_of_stmt.entry(node.stmt).or_insert(n);
        }
        let mut ordered = Vec::with_capacity(clusters.len());
        for placed in &order {
            match placed {
                Placed::Cluster(c) => ordered.push(clusters[*c].clone()),
                Placed::Stmt(s) => {
                    if let Some(&n) = node_of_stmt.get(s) {
                        ordered.push(vec![n]);
                    }
                }
            }
        }
        Ok(Schedule { clusters: ordered })
    }

    /// The index of the cluster holding `node`.
    pub fn cluster_of(&self, node: NodeId) -> Option<usize> {
        self.clusters.iter().position(|c| c.contains(&node))
    }

    /// The number of kernels the region runs under this schedule.
    pub fn kernel_count(&self) -> usize {
        self.clusters.len()
    }

    /// Whether every cluster is a single run.
    pub fn is_trivial(&self) -> bool {
        self.clusters.iter().all(|c| c.len() == 1)
    }
}

fn check_no_preventing_edge_inside(pdg: &Pdg, clusters: &[Vec<NodeId>]) -> Result<(), String> {
    // One pass over the edges says whether any preventing edge is inside a
    // cluster (a lookup per pair of members made every greedy trial
    // quadratic in a cluster's size times the edges); only then is the
    // first such pair, in cluster order, looked for to name it.
    let mut cluster_of: HashMap<NodeId, usize> = HashMap::new();
    for (c, cluster) in clusters.iter().enumerate() {
        for &n in cluster {
            cluster_of.insert(n, c);
        }
    }
    let is_inside = |e: &crate::pdg::PdgEdge| {
        matches!(e.kind, crate::pdg::EdgeKind::Preventing { .. })
            && cluster_of.get(&e.from).is_some_and(|c| cluster_of.get(&e.to) == Some(c))
    };
    if !pdg.edges.iter().any(is_inside) {
        return Ok(());
    }
    for cluster in clusters {
        for &u in cluster {
            for &v in cluster {
                if let Some(edge) = pdg.edge(u, v)
                    && let crate::pdg::EdgeKind::Preventing { reason } = &edge.kind
                {
                    return Err(format!(
                        "`{}` and `{}` are in one cluster across a fusion-preventing edge ({reason})",
                        pdg.nodes[u].kernel_name, pdg.nodes[v].kernel_name
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The region's statements in a new order, with the clusters of more than
/// one run each placed as one step, as close to program order as the
/// constraints allow (a topological sort that prefers the earliest
/// original statement). Fails when the constraints form a cycle.
pub fn linearize(pdg: &Pdg, facts: &BlockFacts, clusters: &[Vec<NodeId>]) -> Result<Vec<Placed>, String> {
    let stmt_count = facts.stmts.len();
    // The step each statement belongs to: statements first, then clusters.
    let mut step_of: Vec<usize> = (0..stmt_count).collect();
    let mut steps: Vec<Placed> = (0..stmt_count).map(Placed::Stmt).collect();
    let mut first_stmt: Vec<usize> = (0..stmt_count).collect();
    for (c, cluster) in clusters.iter().enumerate() {
        if cluster.len() < 2 {
            continue;
        }
        let step = steps.len();
        steps.push(Placed::Cluster(c));
        first_stmt.push(cluster.iter().map(|&n| pdg.nodes[n].stmt).min().unwrap_or(0));
        for &n in cluster {
            step_of[pdg.nodes[n].stmt] = step;
        }
    }
    let is_live: Vec<bool> = (0..steps.len())
        .map(|s| match steps[s] {
            Placed::Stmt(i) => step_of[i] == s,
            Placed::Cluster(_) => true,
        })
        .collect();
    let mut successors: Vec<Vec<usize>> = vec![Vec::new(); steps.len()];
    let mut indegree = vec![0usize; steps.len()];
    let mut is_edge: HashSet<(usize, usize)> = HashSet::new();
    // The precedence graph's edges (fewer than all pairs of `must_precede`,
    // with the same transitive closure: note [precedence graph]) between
    // steps.
    for earlier in 0..stmt_count {
        for &later in facts.successors(earlier) {
            let (a, b) = (step_of[earlier], step_of[later]);
            if a != b && is_edge.insert((a, b)) {
                successors[a].push(b);
                indegree[b] += 1;
            }
        }
    }
    let mut ready: BinaryHeap<Reverse<(usize, usize)>> = BinaryHeap::new();
    for s in 0..steps.len() {
        if is_live[s] && indegree[s] == 0 {
            ready.push(Reverse((first_stmt[s], s)));
        }
    }
    let mut order = Vec::new();
    while let Some(Reverse((_, s))) = ready.pop() {
        order.push(steps[s].clone());
        for &t in &successors[s] {
            indegree[t] -= 1;
            if indegree[t] == 0 {
                ready.push(Reverse((first_stmt[t], t)));
            }
        }
    }
    let live_count = is_live.iter().filter(|&&l| l).count();
    if order.len() != live_count {
        return Err("the clusters cannot be ordered: a cluster would have to run both before and after some \
                    statement"
            .to_string());
    }
    Ok(order)
}
