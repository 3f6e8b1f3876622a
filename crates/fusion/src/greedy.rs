//! The greedy schedule: Kennedy-style greedy weighted fusion, the baseline
//! the ILP is compared with.
//!
//! Start with every run alone. Repeatedly take the heaviest candidate pair
//! (by the traffic fusing it saves, [`crate::candidates`]) whose two
//! clusters are not yet one, and merge the clusters if that stays legal: no
//! fusion-preventing edge between them, the region can still be ordered
//! (no path from one cluster to the other through a third, which would
//! make a cycle), and the rewrite rules turn the merged cluster into one
//! launchable kernel (`can_merge`). Stop when no candidate can be merged.

use std::collections::HashMap;

use crate::candidates::Candidate;
use crate::pdg::{NodeId, Pdg};
use crate::schedule::Schedule;
use crate::statements::BlockFacts;

/// The greedy schedule of a region. `can_merge` says whether a set of runs
/// (in program order) can become one kernel.
pub fn greedy_schedule(
    pdg: &Pdg,
    facts: &BlockFacts,
    candidates: &[Candidate],
    can_merge: &mut dyn FnMut(&[NodeId]) -> bool,
) -> Schedule {
    let mut order: Vec<&Candidate> = candidates.iter().collect();
    order.sort_by_key(|c| {
        (
            std::cmp::Reverse(c.saved_bytes_per_element),
            !c.is_vertical(),
            pdg.nodes[c.first].stmt,
            pdg.nodes[c.second].stmt,
        )
    });
    let mut clusters: Vec<Vec<NodeId>> = (0..pdg.nodes.len()).map(|n| vec![n]).collect();
    let mut cluster_of: Vec<usize> = (0..pdg.nodes.len()).collect();
    let mut known: HashMap<Vec<NodeId>, bool> = HashMap::new();
    'merge: loop {
        for candidate in &order {
            let (a, b) = (cluster_of[candidate.first], cluster_of[candidate.second]);
            if a == b {
                continue;
            }
            // Runs that a path through a fusion-preventing edge joins can
            // never share a kernel (the edge would be inside the cluster or
            // the path would leave it and come back): no need to try.
            if clusters[a].iter().any(|&x| clusters[b].iter().any(|&y| pdg.must_separate(x, y))) {
                continue;
            }
            let mut members: Vec<NodeId> = clusters[a].iter().chain(&clusters[b]).copied().collect();
            members.sort_by_key(|&n| pdg.nodes[n].stmt);
            if let Some(false) = known.get(&members) {
                continue;
            }
            let trial: Vec<Vec<NodeId>> = clusters
                .iter()
                .enumerate()
                .filter(|&(c, cluster)| c != a && c != b && !cluster.is_empty())
                .map(|(_, cluster)| cluster.clone())
                .chain(std::iter::once(members.clone()))
                .collect();
            let is_legal = Schedule::from_clusters(pdg, facts, trial).is_ok() && can_merge(&members);
            known.insert(members.clone(), is_legal);
            if !is_legal {
                continue;
            }
            clusters[a] = members;
            clusters[b].clear();
            for &n in &clusters[a] {
                cluster_of[n] = a;
            }
            continue 'merge;
        }
        break;
    }
    let clusters: Vec<Vec<NodeId>> = clusters.into_iter().filter(|c| !c.is_empty()).collect();
    Schedule::from_clusters(pdg, facts, clusters.clone()).unwrap_or_else(|_| Schedule::singletons(pdg))
}
