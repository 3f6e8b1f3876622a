//! # fusion: choosing and applying kernel fusion
//!
//! **In:** the flat IR of `flatten` ([`flatten::ir`]): a host program that
//! runs many trivial kernels, one SOAC each. **Out:** the same host program
//! running fewer, larger kernels ([`fuse`]), plus a [`FusionReport`] of what
//! was decided and why. The output computes exactly what the input does
//! (the flat-IR evaluator is the oracle in the tests) and verifies.
//!
//! ## The pipeline, region by region
//! A *control region* is one host [`flatten::ir::Block`]: a function's
//! body, a branch of an `if`, a `time` block. Kernels are only ever fused
//! within one region. First the host code is prepared so that regions hold
//! more of the work (not for the `none` schedule): small leaf functions are
//! inlined into their callers ([`inline_leaf_calls`]) and the host's `#a` of
//! a kernel's result becomes the kernel's size ([`lengths_from_sizes`]).
//! Then, for each region:
//!
//! 1. **Facts** ([`statements`]): what each statement defines, uses and may
//!    do, and which statements must stay before which (data, checks,
//!    output, faults).
//! 2. **The program-dependence graph** ([`pdg`], λcu §4.1): nodes are the
//!    `run`s; an edge is a data dependence, fusible or fusion-preventing by
//!    λcu's rules ([`fusibility`]: MAP into any SOAC, FILTER into REDUCE or
//!    FILTER, PERMUTE into PERMUTE, REDUCE into ONCE), or an ordering
//!    through host statements, always fusion-preventing. Every edge says
//!    why it is what it is.
//! 3. **Candidates** ([`candidates`]): fusible edges (vertical) and pairs
//!    with no path between them that iterate over the same space
//!    (horizontal), with sizes compared symbolically ([`sizes`]).
//! 4. **A schedule** ([`schedule`]): clusters of runs in execution order,
//!    chosen by `none` (every run alone), `greedy` ([`greedy`], Kennedy's
//!    greedy weighted fusion) or `ilp` ([`ilp`], Robinson et al.'s model
//!    solved with `good_lp`, starting from and falling back to the greedy
//!    schedule). A clustering is checked legal before it is applied.
//! 5. **Applying it** ([`merge_kernels`], λcu §4.4): each cluster's runs
//!    become one kernel, whose SOACs the named rewrite rules ([`rules`])
//!    fuse until none applies; the merged `run` is placed where all its
//!    dependences hold ([`schedule::linearize`]). Kernels no longer run are
//!    removed.
//!
//! Once the kernels are final, [`known_segments`] makes a search whose
//! position is a known segment's start plus a place check that segment
//! first (note [known segment starts]), [`length_only_results`] takes out of a
//! kernel's results the filter columns the program only asks the length of
//! (note [length-only filter results]), [`shared_pull`] gives a filter's
//! predicate what its pull computed rather than compute it again (note
//! [predicates share the pull]), and [`materialize_segment_ids`] gives the kernels
//! that search a descriptor's offsets at their own positions a version that
//! reads the segments from an array `SEGMENT_IDS` builds, run where the
//! sizes are worth it (note [segment ids]).
//!
//! What a fused kernel may contain: SOACs that do not read one another's
//! results (horizontal fusion: one traversal of a shared space), and
//! `ONCE`s reading the scalar results of `REDUCE`s before them
//! (`reduce-once`). Never a SOAC that needs another's array first: that
//! would need a global barrier inside the kernel.
//!
//! ## Estimates and pictures
//! [`traffic`] estimates the global-memory traffic of each kernel as a
//! formula of the host sizes, and for actual sizes; [`dot`] draws each
//! region's PDG with the clusters. [`schedules::compare`] puts both
//! together for `nessie schedules`.
//!
//! ## Where to start reading
//! [`fuse`] and `fuse_region.rs`; then [`pdg`] and [`fusibility`] (what may
//! be fused), [`ilp`] (the model), [`rules`] (how fused SOACs are
//! rewritten).

pub mod bitset;
pub mod candidates;
pub mod dot;
pub mod error;
pub mod fusibility;
pub mod gexpr;
pub mod greedy;
pub mod ilp;
pub mod inline_leaf_calls;
pub mod known_segments;
pub mod length_only_results;
pub mod lengths_from_sizes;
pub mod materialize_segment_ids;
pub mod merge_kernels;
pub mod pdg;
pub mod report;
pub mod rules;
pub mod schedule;
pub mod schedules;
pub mod shared_pull;
pub mod shared_traversals;
pub mod sizes;
pub mod statements;
pub mod traffic;

mod fuse_region;

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use flatten::ir::{Block, FlatProgram, HostExpr, HostFunction, Kernel, KernelId, Stmt};

pub use error::FusionError;
pub use ilp::{IlpSolver, MicroLp};
pub use report::{FusionReport, IlpReport, RegionReport};

use fuse_region::{FusionState, fuse_block};
use sizes::FunctionSizes;

/// Which schedule to apply.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum ScheduleKind {
    /// Every kernel alone: the program unchanged.
    None,
    /// Kennedy-style greedy weighted fusion.
    Greedy,
    /// The ILP, solved region by region within `time_limit` for the whole
    /// program: each region's solve gets what is left. At the limit a
    /// region keeps the best schedule found (at least the greedy one), with
    /// a warning.
    Ilp { time_limit: Duration },
}

/// The ILP's time limit for a program unless told otherwise.
pub const DEFAULT_ILP_TIME_LIMIT: Duration = Duration::from_secs(10);

impl ScheduleKind {
    /// The ILP with the default time limit.
    pub fn ilp() -> ScheduleKind {
        ScheduleKind::Ilp { time_limit: DEFAULT_ILP_TIME_LIMIT }
    }

    /// The three schedules `nessie schedules` compares, in its order.
    pub fn all() -> [ScheduleKind; 3] {
        [ScheduleKind::None, ScheduleKind::Greedy, ScheduleKind::ilp()]
    }

    /// `none`, `greedy`, `ilp`.
    pub fn name(self) -> &'static str {
        match self {
            ScheduleKind::None => "none",
            ScheduleKind::Greedy => "greedy",
            ScheduleKind::Ilp { .. } => "ilp",
        }
    }

    fn choice(self) -> ScheduleChoice {
        match self {
            ScheduleKind::None => ScheduleChoice::None,
            ScheduleKind::Greedy => ScheduleChoice::Greedy,
            ScheduleKind::Ilp { time_limit } => ScheduleChoice::Ilp(time_limit),
        }
    }
}

/// [`ScheduleKind`] as `fuse_region` matches on it.
#[derive(Copy, Clone, Debug)]
enum ScheduleChoice {
    None,
    Greedy,
    Ilp(Duration),
}

/// A fused program and the report of how it came about.
#[derive(Clone, Debug)]
pub struct Fused {
    pub program: FlatProgram,
    pub report: FusionReport,
}

/// Fuses the kernels of `program` by `schedule`, with the default ILP
/// solver ([`ilp::default_solver`]).
pub fn fuse(program: &FlatProgram, schedule: ScheduleKind) -> Result<Fused, FusionError> {
    fuse_with_solver(program, schedule, ilp::default_solver())
}

/// [`fuse`] with a given ILP solver.
pub fn fuse_with_solver(
    program: &FlatProgram,
    schedule: ScheduleKind,
    solver: &dyn IlpSolver,
) -> Result<Fused, FusionError> {
    // Frees are placed again once runs have moved and merged.
    let mut program = flatten::free_dead_buffers::strip_frees(program.clone());
    if schedule != ScheduleKind::None {
        prepare_host_code(&mut program);
    }
    let program = &program;
    let mut state = FusionState {
        program: program.clone(),
        kernel_names: program.kernels.iter().map(|k| k.name.clone()).collect(),
        solver,
        reports: Vec::new(),
        ilp_deadline: None,
    };
    for index in 0..program.functions.len() {
        let function = program.functions[index].clone();
        let sizes = FunctionSizes::of_function(program, &function);
        let mut body = function.body.clone();
        fuse_block(&mut state, &function, &sizes, &mut body, "body".to_string(), schedule)?;
        state.program.functions[index].body = body;
    }
    let main = program.main.clone();
    let sizes = FunctionSizes::of_function(program, &main);
    let mut body = main.body.clone();
    fuse_block(&mut state, &main, &sizes, &mut body, "body".to_string(), schedule)?;
    state.program.main.body = body;
    let mut fused = state.program;
    let kernels = std::mem::take(&mut fused.kernels);
    for function in fused.functions.iter_mut().chain(std::iter::once(&mut fused.main)) {
        remove_empty_runs(&mut function.body, &kernels);
    }
    fused.kernels = kernels;
    remove_unused_kernels(&mut fused);
    let (mut final_firings, mut shared_pulls) = (Vec::new(), Vec::new());
    if schedule != ScheduleKind::None {
        final_firings = known_segments::segment_of_known_start(&mut fused);
        length_only_results::length_only_results(&mut fused);
        shared_pulls = shared_pull::share_pull_in_predicates(&mut fused);
        materialize_segment_ids::materialize_segment_ids(
            &mut fused,
            materialize_segment_ids::SegmentIdsPolicy::from_env(),
        );
        remove_unused_kernels(&mut fused);
    }
    let fused = flatten::free_dead_buffers::free_dead_buffers(fused);
    flatten::ir::verify::verify(&fused)
        .map_err(|e| FusionError::bug("the fused program", format!("it does not verify: {e}")))?;
    let report = FusionReport {
        schedule: schedule.name(),
        regions: state.reports,
        kernel_count: fused.kernels.len(),
        final_firings,
        shared_pulls,
    };
    Ok(Fused { program: fused, report })
}

/// Host rewrites that let fusion see more (skipped by the `none` schedule,
/// which is the program as flattening left it): leaf functions inlined
/// into their callers ([`inline_leaf_calls`]), then the host's lengths of
/// kernel results taken from the kernels' sizes ([`lengths_from_sizes`]).
fn prepare_host_code(program: &mut FlatProgram) {
    inline_leaf_calls::inline_leaf_calls(program);
    inline_leaf_calls::remove_uncalled_functions(program);
    for index in 0..program.functions.len() {
        let mut function = program.functions[index].clone();
        lengths_from_sizes::lengths_from_sizes(program, &mut function);
        program.functions[index] = function;
    }
    let mut main = program.main.clone();
    lengths_from_sizes::lengths_from_sizes(program, &mut main);
    program.main = main;
}

/// Drops the `run`s of kernels that compute nothing: no SOAC is left in
/// them and they return nothing. Fusion leaves such a kernel where every
/// result of a region was dead (`#a` of them read from the kernel's size by
/// [`lengths_from_sizes`]); OpenCL cannot build a program of no kernels.
fn remove_empty_runs(block: &mut Block, kernels: &[Kernel]) {
    block.stmts.retain_mut(|stmt| match stmt {
        Stmt::Let { vars, expr: HostExpr::Run { kernel, .. } } => {
            let k = &kernels[kernel.0 as usize];
            !(vars.is_empty() && k.body.is_empty() && k.results.is_empty())
        }
        Stmt::Let { expr: HostExpr::If { then_block, else_block, .. }, .. } => {
            remove_empty_runs(then_block, kernels);
            remove_empty_runs(else_block, kernels);
            true
        }
        Stmt::Let { expr: HostExpr::Time { block }, .. } => {
            remove_empty_runs(block, kernels);
            true
        }
        _ => true,
    });
}

/// Drops the kernels no `run` uses and renumbers the others, keeping their
/// order.
fn remove_unused_kernels(program: &mut FlatProgram) {
    let mut used: HashSet<KernelId> = HashSet::new();
    for function in program.functions.iter().chain(std::iter::once(&program.main)) {
        collect_runs(&function.body, &mut used);
    }
    let mut renumbered: HashMap<KernelId, KernelId> = HashMap::new();
    let mut kept = Vec::new();
    for (i, kernel) in std::mem::take(&mut program.kernels).into_iter().enumerate() {
        let id = KernelId(i as u32);
        if used.contains(&id) {
            renumbered.insert(id, KernelId(kept.len() as u32));
            kept.push(kernel);
        }
    }
    program.kernels = kept;
    let functions: Vec<&mut HostFunction> =
        program.functions.iter_mut().chain(std::iter::once(&mut program.main)).collect();
    for function in functions {
        renumber_runs(&mut function.body, &renumbered);
    }
}

fn collect_runs(block: &Block, used: &mut HashSet<KernelId>) {
    for stmt in &block.stmts {
        if let Stmt::Let { expr, .. } = stmt {
            match expr {
                HostExpr::Run { kernel, .. } => {
                    used.insert(*kernel);
                }
                HostExpr::If { then_block, else_block, .. } => {
                    collect_runs(then_block, used);
                    collect_runs(else_block, used);
                }
                HostExpr::Time { block } => collect_runs(block, used),
                _ => {}
            }
        }
    }
}

fn renumber_runs(block: &mut Block, renumbered: &HashMap<KernelId, KernelId>) {
    for stmt in &mut block.stmts {
        if let Stmt::Let { expr, .. } = stmt {
            match expr {
                HostExpr::Run { kernel, .. } => {
                    if let Some(&new) = renumbered.get(kernel) {
                        *kernel = new;
                    }
                }
                HostExpr::If { then_block, else_block, .. } => {
                    renumber_runs(then_block, renumbered);
                    renumber_runs(else_block, renumbered);
                }
                HostExpr::Time { block } => renumber_runs(block, renumbered),
                _ => {}
            }
        }
    }
}
