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
//! costs more than writing its result and reading it back. The same holds
//! for a `MAP` that generates floats' digits, counting every SOAC that
//! reads it, fusible or not.

use std::collections::{BTreeSet, HashMap, HashSet};

use flatten::ir::print::print_stmt;
use flatten::ir::{Atom, Block, FlatProgram, HostExpr, HostFunction, HostVar, KVar, KernelId, Soac, Stmt};

use crate::bitset::BitSet;
use crate::fusibility::{SoacView, Verdict, kernel_can_fault, vertical_verdict};
use crate::sizes::{ArgResolver, FunctionSizes, SymSize};
use crate::statements::BlockFacts;

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
    /// `reaches[u]`: the nodes a path of edges leads to from `u`.
    reaches: Vec<BitSet>,
    /// `must_separate[u]`: the nodes `v` such that a path from `u` to `v`
    /// goes through a fusion-preventing edge, so no schedule can put them
    /// in one kernel.
    must_separate: Vec<BitSet>,
    /// The first edge from each node to each other, by index into `edges`.
    edge_index: HashMap<(NodeId, NodeId), usize>,
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
        let mut node_of_stmt: Vec<Option<NodeId>> = vec![None; block.stmts.len()];
        for (u, node) in nodes.iter().enumerate() {
            node_of_stmt[node.stmt] = Some(u);
        }
        let through_host = RunsThroughHost::of_block(facts, &node_of_stmt, nodes.len());
        // The text of each host statement an ordering edge goes through,
        // printed once: printing names every variable of the function.
        let mut stmt_text: HashMap<usize, String> = HashMap::new();
        let mut edges = Vec::new();
        for (u, node) in nodes.iter().enumerate() {
            for &later in facts.successors(node.stmt) {
                let Some(v) = node_of_stmt[later] else { continue };
                let vars = facts.data_between(node.stmt, later);
                let kind = classify_data_edge(program, sizes, block, node.stmt, later, &vars);
                edges.push(PdgEdge { from: u, to: v, vars, kind });
            }
            for (v, through) in through_host.reached_from(facts, node.stmt) {
                let text =
                    stmt_text.entry(through).or_insert_with(|| print_stmt(program, function, &block.stmts[through]));
                edges.push(PdgEdge {
                    from: u,
                    to: v,
                    vars: Vec::new(),
                    kind: EdgeKind::Preventing { reason: format!("ordered through the host statement `{text}`") },
                });
            }
        }
        keep_loops_unshared(program, block, &nodes, &mut edges);
        merge_parallel_edges(&mut edges);
        let reaches = transitive_closure(nodes.len(), &edges);
        let must_separate = separated_by_preventing_edges(nodes.len(), &edges, &reaches);
        Pdg::new(nodes, edges, reaches, must_separate)
    }

    fn new(nodes: Vec<PdgNode>, edges: Vec<PdgEdge>, reaches: Vec<BitSet>, must_separate: Vec<BitSet>) -> Pdg {
        let mut edge_index = HashMap::new();
        for (i, edge) in edges.iter().enumerate() {
            edge_index.entry((edge.from, edge.to)).or_insert(i);
        }
        Pdg { nodes, edges, reaches, must_separate, edge_index }
    }

    /// Whether a path from `u` to `v` (or back) goes through a
    /// fusion-preventing edge: `u` and `v` can never share a kernel.
    pub fn must_separate(&self, u: NodeId, v: NodeId) -> bool {
        self.must_separate[u].contains(v) || self.must_separate[v].contains(u)
    }

    /// Whether a path leads from `u` to `v`.
    pub fn reaches(&self, u: NodeId, v: NodeId) -> bool {
        self.reaches[u].contains(v)
    }

    /// Whether `u` and `v` are ordered one way or the other.
    pub fn is_ordered(&self, u: NodeId, v: NodeId) -> bool {
        self.reaches(u, v) || self.reaches(v, u)
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
        let mut index_of: HashMap<NodeId, NodeId> = HashMap::new();
        for (i, &u) in part.iter().enumerate() {
            index_of.insert(u, i);
        }
        let mut nodes: Vec<PdgNode> = part.iter().map(|&u| self.nodes[u].clone()).collect();
        let mut edges: Vec<PdgEdge> = Vec::new();
        let mut leaving: Vec<(NodeId, NodeId)> = Vec::new();
        let mut preventing: HashSet<(NodeId, NodeId)> = HashSet::new();
        for edge in &self.edges {
            let Some(&from) = index_of.get(&edge.from) else { continue };
            match index_of.get(&edge.to) {
                Some(&to) => {
                    if !edge.is_fusible() {
                        preventing.insert((from, to));
                    }
                    edges.push(PdgEdge { from, to, vars: edge.vars.clone(), kind: edge.kind.clone() });
                }
                None => leaving.push((from, edge.to)),
            }
        }
        // Added after the kept edges, so that `edge` finds a fusible edge
        // first where both join the same runs.
        for (from, outside) in leaving {
            nodes[from].is_used_outside_runs = true;
            for (to, &later) in part.iter().enumerate() {
                if self.reaches(outside, later) && preventing.insert((from, to)) {
                    let reason = format!("ordered through `{}`, outside this part", self.nodes[outside].kernel_name);
                    edges.push(PdgEdge { from, to, vars: Vec::new(), kind: EdgeKind::Preventing { reason } });
                }
            }
        }
        let reaches: Vec<BitSet> = part
            .iter()
            .map(|&u| {
                let mut row = BitSet::new(n);
                for (i, &v) in part.iter().enumerate() {
                    if self.reaches(u, v) {
                        row.insert(i);
                    }
                }
                row
            })
            .collect();
        let must_separate = separated_by_preventing_edges(n, &edges, &reaches);
        Pdg::new(nodes, edges, reaches, must_separate)
    }

    /// The edge from `u` to `v`, if any.
    pub fn edge(&self, u: NodeId, v: NodeId) -> Option<&PdgEdge> {
        self.edge_index.get(&(u, v)).map(|&i| &self.edges[i])
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
        Soac::Permute { .. } | Soac::Scatter { .. } | Soac::RadixPass { .. } | Soac::SegmentIds { .. } => None,
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
        | Soac::RadixPass { size, .. }
        | Soac::SegmentIds { size, .. } => resolver.resolve(size),
        Soac::SegScan { elements, .. } => resolver.resolve(elements),
        Soac::SegReduce { .. } | Soac::Once { .. } => None,
    }
}

/// For each host statement (not a run), the runs it reaches through paths
/// of the precedence graph whose inner statements are host statements:
/// what orders two runs through the host ([`RunsThroughHost::reached_from`]).
struct RunsThroughHost {
    /// By statement; empty for runs.
    reached: Vec<BitSet>,
    node_count: usize,
}

impl RunsThroughHost {
    /// Computed from the last statement back: a host statement reaches the
    /// runs it has an edge to and what the host statements it has an edge
    /// to reach.
    fn of_block(facts: &BlockFacts, node_of_stmt: &[Option<NodeId>], node_count: usize) -> RunsThroughHost {
        let n = facts.stmts.len();
        let mut reached: Vec<BitSet> = vec![BitSet::new(0); n];
        for stmt in (0..n).rev() {
            if facts.stmts[stmt].kind.is_run() {
                continue;
            }
            let mut set = BitSet::new(node_count);
            for &later in facts.successors(stmt) {
                match node_of_stmt[later] {
                    Some(v) => {
                        set.insert(v);
                    }
                    None => {
                        set.union_with(&reached[later]);
                    }
                }
            }
            reached[stmt] = set;
        }
        RunsThroughHost { reached, node_count }
    }

    /// The runs that run statement `from` reaches through host statements,
    /// each with the first host statement on the way (the earliest one
    /// that leads to it).
    fn reached_from(&self, facts: &BlockFacts, from: usize) -> Vec<(NodeId, usize)> {
        let mut seen: Option<BitSet> = None;
        let mut out = Vec::new();
        for &later in facts.successors(from) {
            if facts.stmts[later].kind.is_run() {
                continue;
            }
            let seen = seen.get_or_insert_with(|| BitSet::new(self.node_count));
            for v in self.reached[later].iter() {
                if seen.insert(v) {
                    out.push((v, later));
                }
            }
        }
        out.sort_unstable();
        out
    }
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
        let maps = || {
            program.kernel(producer).body.iter().filter_map(|b| match &b.soac {
                Soac::Map { pull, .. } => Some(&pull.body),
                _ => None,
            })
        };
        let loops = maps().any(crate::gexpr::has_loop);
        // A float's digits are generated once per number (note [float
        // digits]): any other reader, fused or not, keeps the MAP in memory,
        // so a fused one would generate them again.
        let digits = maps().any(crate::gexpr::generates_digits);
        if !loops && !digits {
            continue;
        }
        let readers: usize = edges
            .iter()
            .filter(|e| e.from == u && (e.is_fusible() || digits && !e.vars.is_empty()))
            .map(|e| soacs_reading(program, &block.stmts[nodes[e.to].stmt], &e.vars))
            .sum();
        if readers <= 1 {
            continue;
        }
        let what = if loops { "runs a loop" } else { "generates floats' digits" };
        for edge in edges.iter_mut().filter(|e| e.from == u && e.is_fusible()) {
            edge.kind = EdgeKind::Preventing {
                reason: format!(
                    "the MAP {what} and {readers} SOACs read its result: fused, each would run the {} again",
                    if loops { "loop" } else { "generation" }
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

/// Keeps one edge per ordered pair, where the first of them was: a
/// fusion-preventing one wins.
fn merge_parallel_edges(edges: &mut Vec<PdgEdge>) {
    let mut merged: Vec<PdgEdge> = Vec::new();
    let mut index: HashMap<(NodeId, NodeId), usize> = HashMap::new();
    for edge in edges.drain(..) {
        match index.get(&(edge.from, edge.to)) {
            Some(&i) => {
                let existing = &mut merged[i];
                if existing.is_fusible() && !edge.is_fusible() {
                    let vars = std::mem::take(&mut existing.vars);
                    *existing = edge;
                    existing.vars.extend(vars);
                } else {
                    existing.vars.extend(edge.vars);
                }
            }
            None => {
                index.insert((edge.from, edge.to), merged.len());
                merged.push(edge);
            }
        }
    }
    *edges = merged;
}

/// The successors of each node, each edge once.
fn successor_lists(n: usize, edges: &[PdgEdge]) -> Vec<Vec<NodeId>> {
    let mut successors: Vec<Vec<NodeId>> = vec![Vec::new(); n];
    for e in edges {
        successors[e.from].push(e.to);
    }
    for list in &mut successors {
        list.sort_unstable();
        list.dedup();
    }
    successors
}

/// The nodes in an order where every node comes after its successors (the
/// graph's edges go forward in program order, so this is the reverse of
/// it), or `None` when the edges form a cycle.
fn successors_first(successors: &[Vec<NodeId>]) -> Option<Vec<NodeId>> {
    let n = successors.len();
    let mut outdegree: Vec<usize> = successors.iter().map(Vec::len).collect();
    let mut predecessors: Vec<Vec<NodeId>> = vec![Vec::new(); n];
    for (u, list) in successors.iter().enumerate() {
        for &v in list {
            predecessors[v].push(u);
        }
    }
    let mut ready: Vec<NodeId> = (0..n).filter(|&u| outdegree[u] == 0).collect();
    let mut order = Vec::with_capacity(n);
    while let Some(v) = ready.pop() {
        order.push(v);
        for &u in &predecessors[v] {
            outdegree[u] -= 1;
            if outdegree[u] == 0 {
                ready.push(u);
            }
        }
    }
    (order.len() == n).then_some(order)
}

/// `row[u] = own[u] ∪ ⋃ row[w]` over the successors `w` of `u`, the least
/// such rows: in one pass successors first, or, should the edges form a
/// cycle, by repeating passes until nothing grows.
fn propagate_backwards(successors: &[Vec<NodeId>], own: Vec<BitSet>) -> Vec<BitSet> {
    let mut rows = own;
    let (order, is_acyclic) = match successors_first(successors) {
        Some(order) => (order, true),
        None => ((0..successors.len()).rev().collect(), false),
    };
    loop {
        let mut grew = false;
        for &u in &order {
            for &w in successors[u].iter().filter(|&&w| w != u) {
                let (row_u, row_w) = two_rows(&mut rows, u, w);
                grew |= row_u.union_with(row_w);
            }
        }
        if is_acyclic || !grew {
            return rows;
        }
    }
}

/// `rows[a]` to change and `rows[b]` to read (`a != b`).
fn two_rows(rows: &mut [BitSet], a: usize, b: usize) -> (&mut BitSet, &BitSet) {
    if a < b {
        let (low, high) = rows.split_at_mut(b);
        (&mut low[a], &high[0])
    } else {
        let (low, high) = rows.split_at_mut(a);
        (&mut high[0], &low[b])
    }
}

/// For each fusion-preventing edge `a → b`, every `u` that reaches `a` (or
/// is `a`) is separated from every `v` that `b` reaches (or is `b`): the
/// separated row of `u` is what the preventing edges out of `u` lead to,
/// joined with the rows of `u`'s successors.
fn separated_by_preventing_edges(n: usize, edges: &[PdgEdge], reaches: &[BitSet]) -> Vec<BitSet> {
    let mut own: Vec<BitSet> = vec![BitSet::new(n); n];
    for edge in edges.iter().filter(|e| !e.is_fusible()) {
        own[edge.from].insert(edge.to);
        own[edge.from].union_with(&reaches[edge.to]);
    }
    propagate_backwards(&successor_lists(n, edges), own)
}

/// `reaches[u]`: the nodes a path of edges leads to from `u`.
fn transitive_closure(n: usize, edges: &[PdgEdge]) -> Vec<BitSet> {
    let successors = successor_lists(n, edges);
    let own: Vec<BitSet> = successors
        .iter()
        .map(|list| {
            let mut row = BitSet::new(n);
            list.iter().for_each(|&v| {
                row.insert(v);
            });
            row
        })
        .collect();
    propagate_backwards(&successors, own)
}
