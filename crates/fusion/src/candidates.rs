//! Fusion candidates: the pairs of runs of a region that may share a
//! kernel, with the weights the schedules maximise.
//!
//! - **Vertical** candidates are the fusible edges of the PDG.
//! - **Horizontal** candidates are pairs with no path between them (neither
//!   needs the other first) whose kernels iterate over the same space
//!   ([`IterSpace`], compared symbolically) with compatible SOACs: any of
//!   `MAP`, `REDUCE`, `SCAN`, `FILTER` over one size, segmented SOACs over
//!   one segment descriptor, or `ONCE`s. λcu: "the sizes (or shapes) of the
//!   vectors being operated on are the same and the SOACs being used are
//!   compatible".
//!
//! Weights: the ILP's `w_uv` is `N²` when the two runs share an edge or an
//! input array, and 1 otherwise (papers.md, "ILP fusion"). The greedy
//! schedule weighs a pair by the global-memory traffic fusing it saves per
//! element: twice the element size of each array passed from one to the
//! other (written and read back), and the element size of each input array
//! they share (read once instead of twice).

use flatten::ir::{FlatProgram, HostFunction, HostVar};

use crate::pdg::{IterSpace, NodeId, Pdg};

#[derive(Clone, Debug, PartialEq)]
pub enum CandidateKind {
    /// Producer and consumer, fusible by these rules.
    Vertical { rules: Vec<&'static str> },
    /// Independent, over the same space.
    Horizontal,
}

/// A pair of runs that may be fused; `first` comes before `second` in the
/// region.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    pub first: NodeId,
    pub second: NodeId,
    pub kind: CandidateKind,
    /// Whether the two share an edge or an input array.
    pub is_related: bool,
    /// The bytes per element fusing them saves (the greedy weight).
    pub saved_bytes_per_element: usize,
}

impl Candidate {
    /// The ILP's weight `w_uv` in a region of `node_count` nodes.
    pub fn ilp_weight(&self, node_count: usize) -> f64 {
        if self.is_related { (node_count * node_count) as f64 } else { 1.0 }
    }

    pub fn is_vertical(&self) -> bool {
        matches!(self.kind, CandidateKind::Vertical { .. })
    }
}

/// Every candidate pair of the region, vertical ones first, each in program
/// order.
pub fn find_candidates(program: &FlatProgram, function: &HostFunction, pdg: &Pdg) -> Vec<Candidate> {
    let _ = program;
    let element_bytes = |v: HostVar| function.var(v).ty.scalar().size_bytes();
    let shared_inputs = |u: NodeId, v: NodeId| -> Vec<HostVar> {
        let (a, b) = (&pdg.nodes[u], &pdg.nodes[v]);
        let mut shared: Vec<HostVar> = a.array_inputs.iter().copied().filter(|x| b.array_inputs.contains(x)).collect();
        shared.dedup();
        shared
    };
    let mut candidates = Vec::new();
    for edge in pdg.edges.iter().filter(|e| e.is_fusible()) {
        let rules = match &edge.kind {
            crate::pdg::EdgeKind::Fusible { rules } => rules.clone(),
            crate::pdg::EdgeKind::Preventing { .. } => continue,
        };
        let passed: usize =
            edge.vars.iter().filter(|&&v| function.var(v).ty.is_array()).map(|&v| 2 * element_bytes(v)).sum();
        let shared: usize = shared_inputs(edge.from, edge.to).iter().map(|&v| element_bytes(v)).sum();
        candidates.push(Candidate {
            first: edge.from,
            second: edge.to,
            kind: CandidateKind::Vertical { rules },
            is_related: true,
            saved_bytes_per_element: passed + shared,
        });
    }
    let n = pdg.nodes.len();
    for u in 0..n {
        for v in u + 1..n {
            if pdg.is_ordered(u, v) || !horizontally_compatible(pdg, u, v) {
                continue;
            }
            let shared = shared_inputs(u, v);
            candidates.push(Candidate {
                first: u,
                second: v,
                kind: CandidateKind::Horizontal,
                is_related: !shared.is_empty(),
                saved_bytes_per_element: shared.iter().map(|&x| element_bytes(x)).sum(),
            });
        }
    }
    candidates
}

/// Whether two runs iterate over the same space with SOACs that can share
/// one traversal of it.
pub fn horizontally_compatible(pdg: &Pdg, u: NodeId, v: NodeId) -> bool {
    let (a, b) = (&pdg.nodes[u], &pdg.nodes[v]);
    let (Some(space_a), Some(space_b)) = (&a.space, &b.space) else { return false };
    if space_a != space_b {
        return false;
    }
    let group = |kinds: &[&'static str]| -> Option<u8> {
        let group_of = |kind: &str| match kind {
            "MAP" | "REDUCE" | "SCAN" | "FILTER" => Some(0),
            "SEG_REDUCE" | "SEG_SCAN" => Some(1),
            "ONCE" => Some(2),
            _ => None,
        };
        let first = group_of(kinds.first()?)?;
        kinds.iter().all(|k| group_of(k) == Some(first)).then_some(first)
    };
    let expected = match space_a {
        IterSpace::Size(_) => 0,
        IterSpace::Segments { .. } => 1,
        IterSpace::Single => 2,
    };
    group(&a.soacs) == Some(expected) && group(&b.soacs) == Some(expected)
}
