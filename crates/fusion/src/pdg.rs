//! The program-dependence graph of one control region (λcu §4.1).
//!
//! A control region is one host [`Block`]: a function's body, a branch of
//! an `if`, the body of a `time` (nested blocks are regions of their own).
//! The nodes are the block's `run` statements. An edge `u → v` says that
//! `v` must run after `u`:
//!
//! - a **data edge**: `v` takes a result of `u` as an argument. It is
//!   *fusible* when every SOAC of `v` that reads a result of `u` can absorb
//!   the SOAC that binds it ([`crate::fusibility`], which names the rule),
//!   and *fusion-preventing* otherwise, with the reason;
//! - an **ordering edge**, always fusion-preventing: `v` must come after
//!   `u` through host statements between them ([`crate::statements`]): `v`
//!   uses a host value computed from a result of `u` (`let n = #gts`), or a
//!   check or an output separates two runs that must stay on their sides
//!   of it. One merged `run` could not be placed both before and after
//!   that statement.
//!
//! Dependences through other runs need no edge of their own: the schedule
//! orders clusters transitively.
//!
//! A `MAP` that runs a loop (compiled scalar recursion) fuses into its
//! readers only when one SOAC reads it: fusing substitutes the producer's
//! element into every reading SOAC, and a loop computed once per reader
//! costs more than writing its result and reading it back.

use std::collections::BTreeSet;

use flatten::ir::print::print_stmt;
use flatten::ir::{Atom, Block, FlatProgram, HostExpr, HostFunction, HostVar, KVar, KernelId, Soac, Stmt};

use crate::fusibility::{SoacView, Verdict, kernel_can_fault, vertical_verdict};
use crate::sizes::{ArgResolver, FunctionSizes, SymSize};
use crate::statements::{BlockFacts, Precedence};

/// Indexes [`Pdg::nodes`].
pub type NodeId = usize;

/// The space a kernel iterates over, for horizontal fusion.
#[derive(Clone, Debug, PartialEq)]
pub enum IterSpace {
    /// `[0, n)`.
    Size(SymSize),
    /// The elements of a segment descriptor (its host arrays).
    Segments { lengths: HostVar, offsets: HostVar },
    /// One thread (`ONCE`).
    Single,
}

/// One `run` statement.
#[derive(Clone, Debug)]
pub struct PdgNode {
    /// The statement's index in the block.
    pub stmt: usize,
    pub kernel: KernelId,
    pub kernel_name: String,
    /// The kinds of the kernel's SOACs (`MAP`, `REDUCE`), in order.
    pub soacs: Vec<&'static str>,
    /// The host variables the run binds.
    pub results: Vec<HostVar>,
    /// The host arrays it reads.
    pub array_inputs: Vec<HostVar>,
    /// Where it iterates, if all its SOACs iterate over one space that
    /// horizontal fusion understands.
    pub space: Option<IterSpace>,
    pub can_fault: bool,
    /// Whether a statement that is not a run, or the block's result, uses
    /// one of its results (so they must be materialised whatever the
    /// schedule).
    pub is_used_outside_runs: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum EdgeKind {
    /// Fusible by these rules (one per pair of SOACs).
    Fusible {
        rules: Vec<&'static str>,
    },
    Preventing {
        reason: String,
    },
}

#[derive(Clone, Debug)]
pub struct PdgEdge {
    pub from: NodeId,
    pub to: NodeId,
    /// The host variables through which `to` reads results of `from` (empty
    /// for an ordering edge).
    pub vars: Vec<HostVar>,
    pub kind: EdgeKind,
}

impl PdgEdge {
    pub fn is_fusible(&self) -> bool {
        matches!(self.kind, EdgeKind::Fusible { .. })
    }
}

/// The program-dependence graph of one region.
#[derive(Clone, Debug)]
pub struct Pdg {
    pub nodes: Vec<PdgNode>,
    pub edges: Vec<PdgEdge>,
    /// `reaches[u][v]`: a path of edges leads from `u` to `v`.
    reaches: Vec<Vec<bool>>,
    /// `must_separate[u][v]`: a path from `u` to `v` goes through a
    /// fusion-preventing edge, so no schedule can put them in one kernel.
    must_separate: Vec<Vec<bool>>,
}

impl Pdg {
    /// Builds the graph of `block`, a region of `function`.
    pub fn build(
        program: &FlatProgram,
        function: &HostFunction,
        sizes: &FunctionSizes,
        block: &Block,
        facts: &BlockFacts,
    ) -> Pdg {
        let mut nodes = Vec::new();
        for (i, stmt) in block.stmts.iter().enumerate() {
            if let Stmt::Let { vars, expr: HostExpr::Run { kernel, args } } = stmt {
                nodes.push(make_node(program, function, sizes, facts, i, vars, *kernel, args));
            }
        }
        let node_of_stmt = |stmt: usize| nodes.iter().position(|n| n.stmt == stmt);
        let mut edges = Vec::new();
        for (u, node) in nodes.iter().enumerate() {
            for (reached, via) in runs_reached_from(facts, node.stmt) {
                let Some(v) = node_of_stmt(reached) else { continue };
                let edge = match via {
                    None => {
                        let Some(Precedence::Data(vars)) = facts.must_precede(node.stmt, reached) else { continue };
                        let kind = classify_data_edge(program, sizes, block, node.stmt, reached, &vars);
                        PdgEdge { from: u, to: v, vars, kind }
                    }
                    Some(through) => PdgEdge {
                        from: u,
                        to: v,
                        vars: Vec::new(),
                        kind: EdgeKind::Preventing {
                            reason: format!(
                                "ordered through the host statement `{}`",
                                print_stmt(program, function, &block.stmts[through])
                            ),
                        },
                    },
                };
                edges.push(edge);
            }
        }
        keep_loops_unshared(program, block, &nodes, &mut edges);
        merge_parallel_edges(&mut edges);
        let reaches = transitive_closure(nodes.len(), &edges);
        let must_separate = separated_by_preventing_edges(nodes.len(), &edges, &reaches);
        Pdg { nodes, edges, reaches, must_separate }
    }

    /// Whether a path from `u` to `v` (or back) goes through a
    /// fusion-preventing edge: `u` and `v` can never share a kernel.
    pub fn must_separate(&self, u: NodeId, v: NodeId) -> bool {
        self.must_separate[u][v] || self.must_separate[v][u]
    }

    /// Whether a path leads from `u` to `v`.
    pub fn reaches(&self, u: NodeId, v: NodeId) -> bool {
        self.reaches[u][v]
    }

    /// Whether `u` and `v` are ordered one way or the other.
    pub fn is_ordered(&self, u: NodeId, v: NodeId) -> bool {
        self.reaches[u][v] || self.reaches[v][u]
    }

    /// The graph of the runs `part` (in the order given: node `i` of the
    /// result is `part[i]`), as a model of their fusion sees it when every
    /// other run stays alone in its own kernel:
    ///
    /// - the edges between runs of `part` are kept;
    /// - a run `a` of `part` with an edge to a run `w` outside it is marked
    ///   [`PdgNode::is_used_outside_runs`] (its results are needed by a
    ///   kernel outside the part), and gets a fusion-preventing edge to
    ///   every run `b` of `part` that `w` reaches: `b` runs in a later
    ///   kernel than `a`'s, because `w`'s kernel comes between them.
    ///
    /// So a path between two runs of `part` through the rest of the region
    /// still orders them, and [`Pdg::must_separate`] is the region's
    /// restricted to `part`. See note [independent parts] in `ilp.rs`.
    pub fn part(&self, part: &[NodeId]) -> Pdg {
        let n = part.len();
        let index_of = |node: NodeId| part.iter().position(|&p| p == node);
        let mut nodes: Vec<PdgNode> = part.iter().map(|&u| self.nodes[u].clone()).collect();
        let mut edges: Vec<PdgEdge> = Vec::new();
        let mut leaving: Vec<(NodeId, NodeId)> = Vec::new();
        for edge in &self.edges {
            let Some(from) = index_of(edge.from) else { continue };
            match index_of(edge.to) {
                Some(to) => edges.push(PdgEdge { from, to, vars: edge.vars.clone(), kind: edge.kind.clone() }),
                None => leaving.push((from, edge.to)),
            }
        }
        // Added after the kept edges, so that `edge` finds a fusible edge
        // first where both join the same runs.
        for (from, outside) in leaving {
            nodes[from].is_used_outside_runs = true;
            for (to, &later) in part.iter().enumerate() {
                let is_new = !edges.iter().any(|e| e.from == from && e.to == to && !e.is_fusible());
                if self.reaches[outside][later] && is_new {
                    let reason = format!("ordered through `{}`, outside this part", self.nodes[outside].kernel_name);
                    edges.push(PdgEdge { from, to, vars: Vec::new(), kind: EdgeKind::Preventing { reason } });
                }
            }
        }
        let reaches: Vec<Vec<bool>> =
            part.iter().map(|&u| part.iter().map(|&v| self.reaches[u][v]).collect()).collect();
        let must_separate = separated_by_preventing_edges(n, &edges, &reaches);
        Pdg { nodes, edges, reaches, must_separate }
    }

    /// The edge from `u` to `v`, if any.
    pub fn edge(&self, u: NodeId, v: NodeId) -> Option<&PdgEdge> {
        self.edges.iter().find(|e| e.from == u && e.to == v)
    }

    /// Whether a fusion-preventing edge joins `u` and `v` (either way).
    pub fn has_preventing_edge(&self, u: NodeId, v: NodeId) -> bool {
        self.edges.iter().any(|e| !e.is_fusible() && ((e.from == u && e.to == v) || (e.from == v && e.to == u)))
    }
}

#[allow(clippy::too_many_arguments)]
fn make_node(
    program: &FlatProgram,
    function: &HostFunction,
    sizes: &FunctionSizes,
    facts: &BlockFacts,
    stmt: usize,
    vars: &[HostVar],
    kernel_id: KernelId,
    args: &[Atom],
) -> PdgNode {
    let kernel = program.kernel(kernel_id);
    let resolver = ArgResolver { kernel, args, sizes };
    let spaces: Vec<Option<IterSpace>> = kernel.body.iter().map(|b| iteration_space(&resolver, &b.soac)).collect();
    let space = match spaces.split_first() {
        Some((first, rest)) if rest.iter().all(|s| s == first) => first.clone(),
        _ => None,
    };
    let array_inputs = args
        .iter()
        .filter_map(|a| match a {
            Atom::Var(v) if function.var(*v).ty.is_array() => Some(*v),
            _ => None,
        })
        .collect();
    let is_used_outside_runs = vars.iter().any(|&v| {
        facts.result_uses.contains(&v) || facts.users(v).iter().any(|&user| !facts.stmts[user].kind.is_run())
    });
    PdgNode {
        stmt,
        kernel: kernel_id,
        kernel_name: kernel.name.clone(),
        soacs: kernel.body.iter().map(|b| b.soac.name()).collect(),
        results: vars.to_vec(),
        array_inputs,
        space,
        can_fault: kernel_can_fault(kernel),
        is_used_outside_runs,
    }
}

/// The iteration space of one SOAC, as horizontal fusion sees it.
pub fn iteration_space(resolver: &ArgResolver<'_>, soac: &Soac) -> Option<IterSpace> {
    match soac {
        Soac::Map { size, .. } | Soac::Reduce { size, .. } | Soac::Scan { size, .. } | Soac::Filter { size, .. } => {
            resolver.resolve(size).map(IterSpace::Size)
        }
        Soac::SegReduce { segments, .. } | Soac::SegScan { segments, .. } => {
            let host = |v: KVar| {
                let position = resolver.kernel.params.iter().position(|&p| p == v)?;
                match resolver.args.get(position)? {
                    Atom::Var(h) => Some(resolver.sizes.canonical_array(*h)),
                    Atom::Const(_) => None,
                }
            };
            Some(IterSpace::Segments { lengths: host(segments.lengths)?, offsets: host(segments.offsets)? })
        }
        Soac::Once { .. } => Some(IterSpace::Single),
        Soac::Permute { .. } | Soac::Scatter { .. } | Soac::RadixPass { .. } => None,
    }
}

/// The iteration size of a SOAC, resolved to host terms, for the vertical
/// rules' same-space checks.
pub fn soac_size(resolver: &ArgResolver<'_>, soac: &Soac) -> Option<SymSize> {
    match soac {
        Soac::Map { size, .. }
        | Soac::Reduce { size, .. }
        | Soac::Scan { size, .. }
        | Soac::Filter { size, .. }
        | Soac::Permute { size, .. }
        | Soac::Scatter { size, .. }
        | Soac::RadixPass { size, .. } => resolver.resolve(size),
        Soac::SegScan { elements, .. } => resolver.resolve(elements),
        Soac::SegReduce { .. } | Soac::Once { .. } => None,
    }
}

/// The runs reachable from statement `from` by one step of `must_precede`
/// (`None`) or by a path through statements that are not runs (`Some` of
/// the first statement on the way).
#[allow(clippy::needless_range_loop)] // statement indices address `facts` and `seen` alike
fn runs_reached_from(facts: &BlockFacts, from: usize) -> Vec<(usize, Option<usize>)> {
    let n = facts.stmts.len();
    let mut reached: Vec<(usize, Option<usize>)> = Vec::new();
    // Direct successors first.
    let mut frontier: Vec<(usize, usize)> = Vec::new(); // (non-run statement, first statement on the way)
    let mut seen = vec![false; n];
    for later in from + 1..n {
        if facts.must_precede(from, later).is_none() {
            continue;
        }
        if facts.stmts[later].kind.is_run() {
            reached.push((later, None));
        } else {
            seen[later] = true;
            frontier.push((later, later));
        }
    }
    while let Some((stmt, first)) = frontier.pop() {
        for later in stmt + 1..n {
            if seen[later] || facts.must_precede(stmt, later).is_none() {
                continue;
            }
            seen[later] = true;
            if facts.stmts[later].kind.is_run() {
                reached.push((later, Some(first)));
            } else {
                frontier.push((later, first));
            }
        }
    }
    reached
}

/// Classifies the data edge from run statement `producer` to run statement
/// `consumer` through `vars`.
fn classify_data_edge(
    program: &FlatProgram,
    sizes: &FunctionSizes,
    block: &Block,
    producer: usize,
    consumer: usize,
    vars: &[HostVar],
) -> EdgeKind {
    let (Some((producer_vars, producer_kernel, producer_args)), Some((_, consumer_kernel, consumer_args))) =
        (run_parts(&block.stmts[producer]), run_parts(&block.stmts[consumer]))
    else {
        return EdgeKind::Preventing { reason: "not two runs".to_string() };
    };
    let (pk, ck) = (program.kernel(producer_kernel), program.kernel(consumer_kernel));
    let producer_resolver = ArgResolver { kernel: pk, args: producer_args, sizes };
    let consumer_resolver = ArgResolver { kernel: ck, args: consumer_args, sizes };
    // For each SOAC of the consumer that reads them, the consumer's
    // variables holding results of each SOAC of the producer.
    let mut rules: BTreeSet<&'static str> = BTreeSet::new();
    for (pb_index, pb) in pk.body.iter().enumerate() {
        // The consumer parameters bound to results of this producer SOAC.
        let mut held: Vec<KVar> = Vec::new();
        for (&host_var, &kernel_result) in producer_vars.iter().zip(&pk.results) {
            if !vars.contains(&host_var) {
                continue;
            }
            if !pb.results.contains(&kernel_result) {
                continue;
            }
            for (&param, arg) in ck.params.iter().zip(consumer_args) {
                if *arg == Atom::Var(host_var) {
                    held.push(param);
                }
            }
        }
        if held.is_empty() {
            continue;
        }
        let producer_size = soac_size(&producer_resolver, &pb.soac);
        for cb in &ck.body {
            if !held.iter().any(|&h| crate::gexpr::soac_mentions(&cb.soac, h)) {
                continue;
            }
            let consumer_size = soac_size(&consumer_resolver, &cb.soac);
            let verdict = vertical_verdict(
                SoacView { kernel: pk, soac: &pb.soac, size: producer_size.as_ref() },
                SoacView { kernel: ck, soac: &cb.soac, size: consumer_size.as_ref() },
                &held,
            );
            match verdict {
                Verdict::Fusible(rule) => {
                    rules.insert(rule);
                }
                Verdict::Preventing(reason) => return EdgeKind::Preventing { reason },
            }
        }
        let _ = pb_index;
    }
    // A result the kernel returns without computing it (a parameter passed
    // through) has no producing SOAC to fuse.
    for (&host_var, &kernel_result) in producer_vars.iter().zip(&pk.results) {
        if vars.contains(&host_var) && !pk.body.iter().any(|b| b.results.contains(&kernel_result)) {
            return EdgeKind::Preventing { reason: "the producer returns one of its arguments".to_string() };
        }
    }
    EdgeKind::Fusible { rules: rules.into_iter().collect() }
}

/// Marks the fusible data edges out of a node whose kernel has a `MAP`
/// running a loop fusion-preventing when more than one SOAC reads the node's
/// results through them (see the module doc).
fn keep_loops_unshared(program: &FlatProgram, block: &Block, nodes: &[PdgNode], edges: &mut [PdgEdge]) {
    for (u, node) in nodes.iter().enumerate() {
        let Some((_, producer, _)) = run_parts(&block.stmts[node.stmt]) else { continue };
        let loops = program.kernel(producer).body.iter().any(|b| match &b.soac {
            Soac::Map { pull, .. } => crate::gexpr::has_loop(&pull.body),
            _ => false,
        });
        if !loops {
            continue;
        }
        let readers: usize = edges
            .iter()
            .filter(|e| e.from == u && e.is_fusible())
            .map(|e| soacs_reading(program, &block.stmts[nodes[e.to].stmt], &e.vars))
            .sum();
        if readers <= 1 {
            continue;
        }
        for edge in edges.iter_mut().filter(|e| e.from == u && e.is_fusible()) {
            edge.kind = EdgeKind::Preventing {
                reason: format!(
                    "the MAP runs a loop and {readers} SOACs read its result: fused, each would run the loop again"
                ),
            };
        }
    }
}

/// How many SOACs of the kernel that `stmt` runs read one of `vars`.
fn soacs_reading(program: &FlatProgram, stmt: &Stmt, vars: &[HostVar]) -> usize {
    let Some((_, kernel, args)) = run_parts(stmt) else { return 0 };
    let kernel = program.kernel(kernel);
    let held: Vec<KVar> = kernel
        .params
        .iter()
        .zip(args)
        .filter(|(_, arg)| matches!(arg, Atom::Var(v) if vars.contains(v)))
        .map(|(&param, _)| param)
        .collect();
    kernel.body.iter().filter(|b| held.iter().any(|&h| crate::gexpr::soac_mentions(&b.soac, h))).count()
}

fn run_parts(stmt: &Stmt) -> Option<(&[HostVar], KernelId, &[Atom])> {
    match stmt {
        Stmt::Let { vars, expr: HostExpr::Run { kernel, args } } => Some((vars, *kernel, args)),
        _ => None,
    }
}

/// Keeps one edge per ordered pair: a fusion-preventing one wins.
fn merge_parallel_edges(edges: &mut Vec<PdgEdge>) {
    let mut merged: Vec<PdgEdge> = Vec::new();
    for edge in edges.drain(..) {
        match merged.iter_mut().find(|e| e.from == edge.from && e.to == edge.to) {
            Some(existing) => {
                if existing.is_fusible() && !edge.is_fusible() {
                    let vars = std::mem::take(&mut existing.vars);
                    *existing = edge;
                    existing.vars.extend(vars);
                } else {
                    existing.vars.extend(edge.vars);
                }
            }
            None => merged.push(edge),
        }
    }
    *edges = merged;
}

/// For each fusion-preventing edge `a → b`, every `u` that reaches `a` (or
/// is `a`) is separated from every `v` that `b` reaches (or is `b`).
fn separated_by_preventing_edges(n: usize, edges: &[PdgEdge], reaches: &[Vec<bool>]) -> Vec<Vec<bool>> {
    let mut separated = vec![vec![false; n]; n];
    for edge in edges.iter().filter(|e| !e.is_fusible()) {
        for u in (0..n).filter(|&u| u == edge.from || reaches[u][edge.from]) {
            for v in (0..n).filter(|&v| v == edge.to || reaches[edge.to][v]) {
                separated[u][v] = true;
            }
        }
    }
    separated
}

fn transitive_closure(n: usize, edges: &[PdgEdge]) -> Vec<Vec<bool>> {
    let mut reaches = vec![vec![false; n]; n];
    for e in edges {
        reaches[e.from][e.to] = true;
    }
    for k in 0..n {
        let through_k = reaches[k].clone();
        for row in reaches.iter_mut().filter(|row| row[k]) {
            for (reached, &via_k) in row.iter_mut().zip(&through_k) {
                *reached |= via_k;
            }
        }
    }
    reaches
}
