//! What each statement of a control region (a host [`Block`]) defines,
//! uses and may do, and which statements must stay before which.
//!
//! Fusion moves `run` statements: the runs of a cluster become one `run`,
//! placed where all of them may be. Everything else keeps its order. The
//! ordering constraints between statements (`must_precede`) are:
//!
//! - **data**: a statement that uses a variable comes after the one that
//!   binds it (variables are bound once, so there are no other data
//!   hazards);
//! - **host order**: statements that are not runs keep their relative order
//!   (consecutive ones are chained);
//! - **guards**: a run stays after every `assert` before it, and after every
//!   call, `if` and `time` before it (they may hold checks), because the run
//!   may rely on the check for its reads being in range;
//! - **effects**: a run that may fault stays on its side of every statement
//!   with an effect (`assert`, `print`, `emit`, a call, an `if`, a `time`):
//!   a fault must happen after the output that came before it and before
//!   the output that came after it;
//! - **memory**: a run stays before every call (or `if` or `time` holding
//!   one) after it, so that what it reads can be freed before the call
//!   rather than held through a recursion; but only before the calls after
//!   which something it reads is no longer used (`memory-live-inputs`,
//!   note [runs past calls]).
//!
//! Runs that cannot fault move freely over output statements, and two runs
//! are ordered only by data (fusion may change which of two faulting
//! kernels reports first when both would fault, never whether the program
//! faults).

use std::collections::HashMap;

use flatten::ir::{Atom, Block, FlatProgram, HostExpr, HostVar, KernelId, Repr, SeqRepr, Stmt};

use crate::gexpr::soac_can_fault;

/// What a statement is, for ordering.
#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// `let ... = run K(args)`.
    Run { kernel: KernelId, args: Vec<Atom>, can_fault: bool },
    /// A host computation without effects: atoms, operators, `#`, array
    /// literals.
    Pure,
    /// `assert`.
    Assert,
    /// `print` or `emit`.
    Output,
    /// A call, an `if` or a `time`: may print, check, and run kernels.
    Compound,
}

impl StmtKind {
    pub fn is_run(&self) -> bool {
        matches!(self, StmtKind::Run { .. })
    }

    /// Whether later runs may rely on this statement having checked
    /// something.
    pub fn is_guard(&self) -> bool {
        matches!(self, StmtKind::Assert | StmtKind::Compound)
    }

    /// Whether the statement has an effect a faulting run must not cross.
    pub fn has_effect(&self) -> bool {
        matches!(self, StmtKind::Assert | StmtKind::Output | StmtKind::Compound)
    }

    fn can_fault(&self) -> bool {
        matches!(self, StmtKind::Run { can_fault: true, .. })
    }
}

/// One statement's facts.
#[derive(Clone, Debug)]
pub struct StmtFacts {
    pub defs: Vec<HostVar>,
    /// The variables it reads, those read inside nested blocks included.
    pub uses: Vec<HostVar>,
    pub kind: StmtKind,
    /// Whether it is a call or holds one in a nested block.
    pub holds_call: bool,
}

/// The facts of every statement of a block.
#[derive(Clone, Debug)]
pub struct BlockFacts {
    pub stmts: Vec<StmtFacts>,
    /// The variables the block returns.
    pub result_uses: Vec<HostVar>,
    /// The statements that use each variable, in order.
    users: HashMap<HostVar, Vec<usize>>,
    /// For each statement, the earliest last use of what it reads (the
    /// block's end for a variable the block returns): past it, a call
    /// would keep one of its inputs alive (note [runs past calls]).
    inputs_dead_after: Vec<usize>,
    /// The precedence graph: for each statement, the later statements it
    /// has an edge to, in order (see note [precedence graph]).
    successors: Vec<Vec<usize>>,
}

// Note [precedence graph]
// ~~~~~~~~~~~~~~~~~~~~~~~
// `must_precede` relates O(n²) pairs of a block's n statements (a guard
// precedes every later run, a faulting run every later output), and asking
// it of every pair made building a PDG, and every trial of the greedy
// schedule, at least quadratic: a random `main` of 600 statements took 9 s
// to fuse with no schedule at all and 80 s with the greedy one. Fusion asks
// two things of the relation, and a sparse graph of some of its pairs (each
// one a pair of `must_precede`) answers both:
//
// 1. which statements come before which, transitively: the order that
//    `linearize` keeps, with clusters contracted to one step (contracting
//    maps paths to paths, so two graphs with the same transitive closure
//    give contracted graphs with the same closure: the same cycles, and
//    the same topological order when ties are broken the same way);
// 2. which runs a run reaches through a path whose inner statements are all
//    host statements (not runs): the PDG's ordering edges.
//
// The graph keeps every data pair (one per use: linear in the size of the
// block) and the host order (one per host statement), and of the other
// families only the pair with the nearest statement:
//
// - guard: the last guard before each run (an earlier guard reaches it
//   along the host order, through host statements only);
// - effects: the last statement with an effect before each faulting run,
//   and the first one after it;
// - memory: the first statement holding a call after each run.
//
// Every pair dropped is thus a path of kept pairs whose inner statements
// are host statements, so both questions get the answers `must_precede`
// gives (the test `precedence_graph_answers_as_must_precede` checks every
// block of the example and test programs).

// Note [runs past calls]
// ~~~~~~~~~~~~~~~~~~~~~~
// The memory constraint keeps a run before a later call so that its
// inputs need not live through the call: moved past a recursive call,
// a run would hold what it reads through every level below, and device
// memory would grow with the depth. A run all of whose inputs are used
// after the call anyway (or returned by the block) holds nothing the
// program does not hold already; moving it past the call only moves its
// results, which then do not live through the call either. So the run
// must precede exactly the calls after the earliest last use of its
// inputs (`memory-live-inputs`). Quicksort's count of the kept elements
// equal to the pivot (`before[s + 1] - before[s]` of the filter's counts)
// reads the counts and the equal elements, both used by the `++` after
// the recursive call: it now fuses with the work after the call, a launch
// per level fewer.

/// Why one statement must come before another.
#[derive(Clone, Debug, PartialEq)]
pub enum Precedence {
    Data(Vec<HostVar>),
    HostOrder,
    Guard,
    Effect,
    /// A run stays before a call after it: moved past the call, it would
    /// keep what it reads alive through the call (through the recursion
    /// below it, for a recursive call), so device memory would grow with
    /// the depth of the recursion.
    Memory,
}

impl BlockFacts {
    pub fn of_block(program: &FlatProgram, block: &Block) -> BlockFacts {
        let stmts: Vec<StmtFacts> = block.stmts.iter().map(|s| stmt_facts(program, s)).collect();
        let mut result_uses = Vec::new();
        for atom in &block.results {
            atom_use(atom, &mut result_uses);
        }
        let mut users: HashMap<HostVar, Vec<usize>> = HashMap::new();
        for (i, facts) in stmts.iter().enumerate() {
            for &v in &facts.uses {
                let list = users.entry(v).or_default();
                if list.last() != Some(&i) {
                    list.push(i);
                }
            }
        }
        let inputs_dead_after: Vec<usize> = stmts
            .iter()
            .enumerate()
            .map(|(i, facts)| {
                let last_use = |v: &HostVar| {
                    if result_uses.contains(v) {
                        usize::MAX
                    } else {
                        users.get(v).and_then(|list| list.last().copied()).unwrap_or(i)
                    }
                };
                facts.uses.iter().map(last_use).min().unwrap_or(i).max(i)
            })
            .collect();
        let successors = precedence_graph(&stmts, &inputs_dead_after, &users);
        BlockFacts { stmts, result_uses, users, inputs_dead_after, successors }
    }

    /// The statements after `stmt` that it has an edge to in the
    /// precedence graph, in order: each pair is one of [`must_precede`],
    /// and the graph has the same transitive closure and the same paths
    /// through host statements (see note [precedence graph]).
    ///
    /// [`must_precede`]: BlockFacts::must_precede
    pub fn successors(&self, stmt: usize) -> &[usize] {
        &self.successors[stmt]
    }

    /// The variables statement `earlier` defines and `later` uses, in the
    /// order `earlier` defines them.
    pub fn data_between(&self, earlier: usize, later: usize) -> Vec<HostVar> {
        let uses = &self.stmts[later].uses;
        self.stmts[earlier].defs.iter().copied().filter(|v| uses.contains(v)).collect()
    }

    /// Whether statement `later` must stay after statement `earlier`
    /// (`earlier < later`) because of a direct constraint, and why.
    pub fn must_precede(&self, earlier: usize, later: usize) -> Option<Precedence> {
        let (a, b) = (&self.stmts[earlier], &self.stmts[later]);
        let shared: Vec<HostVar> = a.defs.iter().copied().filter(|v| b.uses.contains(v)).collect();
        if !shared.is_empty() {
            return Some(Precedence::Data(shared));
        }
        if !a.kind.is_run() && !b.kind.is_run() && self.next_non_run(earlier) == Some(later) {
            return Some(Precedence::HostOrder);
        }
        if a.kind.is_guard() && b.kind.is_run() {
            return Some(Precedence::Guard);
        }
        if (a.kind.has_effect() && b.kind.can_fault()) || (a.kind.can_fault() && b.kind.has_effect()) {
            return Some(Precedence::Effect);
        }
        if a.kind.is_run() && b.holds_call && later > self.inputs_dead_after[earlier] {
            return Some(Precedence::Memory);
        }
        None
    }

    fn next_non_run(&self, after: usize) -> Option<usize> {
        (after + 1..self.stmts.len()).find(|&i| !self.stmts[i].kind.is_run())
    }

    /// Whether `var` is used by a statement that is not in `members`, or
    /// returned by the block.
    pub fn is_used_outside(&self, var: HostVar, members: &[usize]) -> bool {
        self.result_uses.contains(&var) || self.users(var).iter().any(|user| !members.contains(user))
    }

    /// The statements that use `var`, in order.
    pub fn users(&self, var: HostVar) -> &[usize] {
        self.users.get(&var).map_or(&[], Vec::as_slice)
    }
}

/// The sparse precedence graph of a block's statements (see note
/// [precedence graph]): successor lists, each sorted.
fn precedence_graph(
    stmts: &[StmtFacts],
    inputs_dead_after: &[usize],
    users: &HashMap<HostVar, Vec<usize>>,
) -> Vec<Vec<usize>> {
    let n = stmts.len();
    let mut successors: Vec<Vec<usize>> = vec![Vec::new(); n];
    // Data: each definition to each later use.
    for (i, facts) in stmts.iter().enumerate() {
        for v in &facts.defs {
            for &user in users.get(v).map_or(&[][..], Vec::as_slice) {
                if user > i {
                    successors[i].push(user);
                }
            }
        }
    }
    // Host order: each host statement to the next one.
    let host: Vec<usize> = (0..n).filter(|&i| !stmts[i].kind.is_run()).collect();
    for pair in host.windows(2) {
        successors[pair[0]].push(pair[1]);
    }
    // Guards and effects before a run: the nearest one.
    let (mut last_guard, mut last_effect): (Option<usize>, Option<usize>) = (None, None);
    for (i, facts) in stmts.iter().enumerate() {
        if facts.kind.is_run() {
            if let Some(guard) = last_guard {
                successors[guard].push(i);
            }
            if facts.kind.can_fault()
                && let Some(effect) = last_effect
            {
                successors[effect].push(i);
            }
        }
        if facts.kind.is_guard() {
            last_guard = Some(i);
        }
        if facts.kind.has_effect() {
            last_effect = Some(i);
        }
    }
    // Effects after a run: the nearest one. Calls: the first one past the
    // earliest last use of the run's inputs (note [runs past calls]); the
    // later ones follow it along the host order.
    let calls: Vec<usize> = (0..n).filter(|&i| stmts[i].holds_call).collect();
    let mut next_effect: Option<usize> = None;
    for (i, facts) in stmts.iter().enumerate().rev() {
        if facts.kind.is_run() {
            if facts.kind.can_fault()
                && let Some(effect) = next_effect
            {
                successors[i].push(effect);
            }
            let first_call = calls.partition_point(|&c| c <= inputs_dead_after[i]);
            if let Some(&call) = calls.get(first_call) {
                successors[i].push(call);
            }
        }
        if facts.kind.has_effect() {
            next_effect = Some(i);
        }
    }
    for list in &mut successors {
        list.sort_unstable();
        list.dedup();
    }
    successors
}

fn atom_use(atom: &Atom, out: &mut Vec<HostVar>) {
    if let Atom::Var(v) = atom {
        out.push(*v);
    }
}

fn stmt_facts(program: &FlatProgram, stmt: &Stmt) -> StmtFacts {
    let mut uses = Vec::new();
    match stmt {
        Stmt::Let { vars, expr } => {
            let kind = expr_facts(program, expr, &mut uses);
            StmtFacts { defs: vars.clone(), uses, kind, holds_call: expr_holds_call(expr) }
        }
        Stmt::Assert { cond, payload, .. } => {
            atom_use(cond, &mut uses);
            payload.iter().for_each(|a| atom_use(a, &mut uses));
            StmtFacts { defs: Vec::new(), uses, kind: StmtKind::Assert, holds_call: false }
        }
        Stmt::Print { text } => {
            StmtFacts { defs: Vec::new(), uses: vec![*text], kind: StmtKind::Output, holds_call: false }
        }
        Stmt::Emit { value, .. } => {
            repr_uses(value, &mut uses);
            StmtFacts { defs: Vec::new(), uses, kind: StmtKind::Output, holds_call: false }
        }
        // `fuse` strips the frees before it looks at statements and places
        // them again after; a `free` here keeps its place among the host
        // statements, after the statements that read what it frees.
        Stmt::Free { vars } => {
            StmtFacts { defs: Vec::new(), uses: vars.clone(), kind: StmtKind::Pure, holds_call: false }
        }
    }
}

fn expr_facts(program: &FlatProgram, expr: &HostExpr, uses: &mut Vec<HostVar>) -> StmtKind {
    match expr {
        HostExpr::Atom(a) | HostExpr::Unary { arg: a, .. } | HostExpr::Bound(a) => {
            atom_use(a, uses);
            StmtKind::Pure
        }
        HostExpr::Binary { lhs, rhs, .. } => {
            atom_use(lhs, uses);
            atom_use(rhs, uses);
            StmtKind::Pure
        }
        HostExpr::Length(v) => {
            uses.push(*v);
            StmtKind::Pure
        }
        HostExpr::Array { items, .. } => {
            items.iter().for_each(|a| atom_use(a, uses));
            StmtKind::Pure
        }
        HostExpr::Run { kernel, args } => {
            args.iter().for_each(|a| atom_use(a, uses));
            let can_fault = program.kernel(*kernel).body.iter().any(|b| soac_can_fault(&b.soac));
            StmtKind::Run { kernel: *kernel, args: args.clone(), can_fault }
        }
        HostExpr::Call { args, .. } => {
            args.iter().for_each(|a| atom_use(a, uses));
            StmtKind::Compound
        }
        HostExpr::If { cond, then_block, else_block } => {
            atom_use(cond, uses);
            block_uses(program, then_block, uses);
            block_uses(program, else_block, uses);
            StmtKind::Compound
        }
        HostExpr::Time { block } => {
            block_uses(program, block, uses);
            StmtKind::Compound
        }
        // File I/O and operations that can fault keep their place among
        // the statements with effects, as a call would.
        HostExpr::HostOp { op, args } => {
            args.iter().for_each(|a| atom_use(a, uses));
            if op.has_effect() { StmtKind::Compound } else { StmtKind::Pure }
        }
    }
}

fn expr_holds_call(expr: &HostExpr) -> bool {
    let block_holds_call =
        |block: &Block| block.stmts.iter().any(|stmt| matches!(stmt, Stmt::Let { expr, .. } if expr_holds_call(expr)));
    match expr {
        HostExpr::Call { .. } => true,
        HostExpr::If { then_block, else_block, .. } => block_holds_call(then_block) || block_holds_call(else_block),
        HostExpr::Time { block } => block_holds_call(block),
        _ => false,
    }
}

/// Every variable a nested block reads (its own bindings included, which
/// are harmless: they are bound nowhere else).
fn block_uses(program: &FlatProgram, block: &Block, uses: &mut Vec<HostVar>) {
    for stmt in &block.stmts {
        uses.extend(stmt_facts(program, stmt).uses);
    }
    block.results.iter().for_each(|a| atom_use(a, uses));
}

fn repr_uses(repr: &Repr, uses: &mut Vec<HostVar>) {
    match repr {
        Repr::Scalar(a) => atom_use(a, uses),
        Repr::Tuple(items) => items.iter().for_each(|r| repr_uses(r, uses)),
        Repr::Seq(seq) => seq_repr_uses(seq, uses),
    }
}

fn seq_repr_uses(seq: &SeqRepr, uses: &mut Vec<HostVar>) {
    match seq {
        SeqRepr::Array(v) => uses.push(*v),
        SeqRepr::Tuple(columns) => columns.iter().for_each(|c| seq_repr_uses(c, uses)),
        SeqRepr::Nested { lengths, offsets, elements } => {
            uses.push(*lengths);
            uses.push(*offsets);
            seq_repr_uses(elements, uses);
        }
    }
}
