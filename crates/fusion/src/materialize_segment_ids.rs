//! `materialize-segment-ids`: a kernel that finds the segment of each of
//! its positions by a search of a descriptor's offsets reads it from an
//! array of segment ids instead, built once by `SEGMENT_IDS` and shared by
//! every kernel of the region that would search the same offsets over the
//! same positions.

// Note [segment ids]
// ~~~~~~~~~~~~~~~~~~
// Flattening finds the segment of flat position p with `segment_of(offsets,
// p)`, a binary search: ⌈log2 S⌉ dependent loads of the offsets per
// element for S segments. At a deep level of a lifted recursion (quicksort:
// ~n/5 segments) that is ~20 loads of a 16 MB array per element, and a level
// searches several times (a gather, the three filters of a partition). A
// `SEGMENT_IDS offsets n` builds all `n` answers at once at the speed of
// writing them (`lift_ir::segment_ids`): each work-group searches once for
// its tile's first segment and marks where the following ones start.
//
// The rewrite, after fusion (the kernels are final), for every SOAC whose
// index thunks search `offsets` (a kernel parameter) at a position known to
// be the SOAC's own index p in [0, n) — the thunk's parameter, a `let` of
// it, or a FILTER predicate's parameter that receives it from the pull —
// with `n` the SOAC's size (a parameter, a constant or `#xs` of a
// parameter): a copy of the kernel, `K_by_ids`, gets a parameter `ids` per
// (offsets, n), and its searches become `ids[p]`. Each `run K(args)`
// becomes
//
//   if #offsets >= MIN_SEGMENTS and n >= MIN_POSITIONS then
//     let ids = run K_segment_ids(offsets, n) in run K_by_ids(args, ids)
//   else run K(args)
//
// (`NESSIE_SEGMENT_IDS=always` drops the test, `never` the rewrite): the
// searches of few segments are a few cached loads, and a launch costs more
// than the searches of few positions. The five kernels of the filters of
// one quicksort level search one descriptor over one size: one array.
//
// A MAP's searches are not rewritten under `auto`: the OpenCL backend
// finds them itself, a tile of 2048 positions at a time in the map's own
// launch, into local memory (`map-tile-segment-ids` in
// `lift_ir::segment_ids`), under the same bounds (below them, the
// search); no ids array, no second launch. On the H200 (one call,
// quicksort of 10^7 ints, kernels by `--stats`): a level's three segment
// gathers took 3.8 / 4.1 / 4.0 ms with their ids (search below the
// bounds, ids and the gather by ids above), 2.3 / 2.6 / 2.5 ms by tiles
// at every size; the kernels 29.5 -> 24.9 ms, launches 1060 -> 946,
// `time` (recursion.py, median of 3) 40.3 -> 37.4 ms, 10^8 250.6 ->
// 186.6 ms. The tiles at every size made quickhull's maps of one or two
// segments 10 to 30% slower (kernels 3.67 -> 4.09 ms): hence the bounds
// (that version, tiles only above them, is not measured on the device
// yet).
// `always` still builds ids for MAPs too (the tests' way to run the ids
// on small data); `never` keeps every search, the tiles' included.
//
// The static part of the cost model: a search costs ⌈log2 S⌉ loads, S the
// number of segments when the host built the offsets from a literal
// (`array int [0, n]`), else taken as 2^20; the ids cost [`BUILD_COST`]
// loads per element (written once, read once by each kernel). A kernel's
// searches of one (offsets, size) are rewritten when their loads exceed
// that.

use std::collections::HashMap;

use flatten::ir::{
    Atom, BinaryOp, Block, FlatProgram, GExpr, HostExpr, HostFunction, HostVar, KVar, Kernel, KernelId, Scalar, Soac,
    SoacBinding, Stmt, Thunk, VarType,
};

/// What building the ids costs per element, in dependent loads of a search:
/// one write and, for each kernel, one read of an int, against a search's
/// loads of the offsets (the top ones cached).
pub const BUILD_COST: u32 = 4;

/// The assumed ⌈log2⌉ of a number of segments the host does not know
/// statically.
pub const UNKNOWN_SEGMENT_BITS: u32 = 20;

/// The size of a SOAC as the host gives it.
#[derive(Clone, Debug, PartialEq)]
enum KernelSize {
    Param(KVar),
    LengthOf(KVar),
    Const(i64),
}

/// One array of ids a kernel receives: the searches of `offsets` over the
/// positions below `size`, read from the new parameter `ids`.
#[derive(Clone, Debug)]
struct IdsParam {
    offsets: KVar,
    size: KernelSize,
    ids: KVar,
}

/// The rewrite of one kernel: its new parameters, in the order they are
/// appended.
#[derive(Clone, Debug)]
struct KernelIds {
    params: Vec<IdsParam>,
}

/// When the ids are built: where the run's sizes are worth it (the
/// default), at every run of a rewritten kernel, or never.
/// `NESSIE_SEGMENT_IDS=auto|always|never` chooses ([`SegmentIdsPolicy::from_env`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SegmentIdsPolicy {
    Auto,
    Always,
    Never,
}

impl SegmentIdsPolicy {
    /// `NESSIE_SEGMENT_IDS`: `always` (the tests' way to run the ids on
    /// small data), `never`, else `auto`.
    pub fn from_env() -> SegmentIdsPolicy {
        match std::env::var("NESSIE_SEGMENT_IDS").as_deref().map(str::trim) {
            Ok("always") => SegmentIdsPolicy::Always,
            Ok("never") => SegmentIdsPolicy::Never,
            _ => SegmentIdsPolicy::Auto,
        }
    }
}

/// The fewest segments (`#offsets`) for which a run builds ids (`auto`):
/// a search of fewer is 8 loads or less, from the cache.
pub const MIN_SEGMENTS: i64 = 1 << 8;

/// The fewest positions for which a run builds ids (`auto`): below, the
/// launch costs more than the searches. On the H100 (quicksort of 10^7 /
/// 10^8 ints, one call): 2^20 kept the deep levels, which have many
/// segments but fewer live elements, on the searches: 226.8 / 1752 ms,
/// against 184.2 / 1313 ms at 2^17 and 194.3 / 1275 ms building ids at
/// every run; 10^6 stayed within the run-to-run spread (56-75 ms).
pub const MIN_POSITIONS: i64 = 1 << 17;

/// Applies `materialize-segment-ids` to the whole program (see note
/// [segment ids]); returns the names of the kernels rewritten.
pub fn materialize_segment_ids(program: &mut FlatProgram, policy: SegmentIdsPolicy) -> Vec<String> {
    if policy == SegmentIdsPolicy::Never {
        return Vec::new();
    }
    let literal_segments = literal_array_lengths(program);
    let mut rewritten: HashMap<KernelId, (KernelId, KernelIds)> = HashMap::new();
    let mut names = Vec::new();
    for index in 0..program.kernels.len() {
        let id = KernelId(index as u32);
        // Offsets a run passes as a literal of few items are searched
        // cheaply: their kernel is kept if any run passes such offsets.
        let segment_bits = |offsets: KVar| -> u32 {
            let position = program.kernels[index].params.iter().position(|&p| p == offsets);
            let mut bits = UNKNOWN_SEGMENT_BITS;
            for (function, args) in runs_of(program, id) {
                if let Some(Atom::Var(h)) = position.and_then(|p| args.get(p))
                    && let Some(&items) = literal_segments.get(&(function, *h))
                {
                    bits = bits.min(ceil_log2(items));
                }
            }
            bits
        };
        let mut kernel = program.kernels[index].clone();
        if let Some(ids) = rewrite_kernel(&mut kernel, &segment_bits, policy) {
            apply_kernel_rewrite(&mut kernel, &ids, policy);
            kernel.name = unique_name(&program.kernels, &format!("{}_by_ids", kernel.name));
            names.push(kernel.name.clone());
            let with_ids = KernelId(program.kernels.len() as u32);
            program.kernels.push(kernel);
            rewritten.insert(id, (with_ids, ids));
        }
    }
    if rewritten.is_empty() {
        return Vec::new();
    }
    let mut builders: HashMap<(KernelId, usize), KernelId> = HashMap::new();
    let mut kernels = std::mem::take(&mut program.kernels);
    let functions = program.functions.len();
    for index in 0..=functions {
        let function = if index < functions { &mut program.functions[index] } else { &mut program.main };
        let mut body = std::mem::take(&mut function.body);
        let mut host =
            HostRewrite { function, kernels: &mut kernels, rewritten: &rewritten, builders: &mut builders, policy };
        host.block(&mut body);
        function.body = body;
    }
    program.kernels = kernels;
    names
}

/// `base`, or `base_2`, `base_3`...: a kernel name not yet taken.
fn unique_name(kernels: &[Kernel], base: &str) -> String {
    let mut name = base.to_string();
    let mut suffix = 1;
    while kernels.iter().any(|k| k.name == name) {
        suffix += 1;
        name = format!("{base}_{suffix}");
    }
    name
}

fn ceil_log2(n: usize) -> u32 {
    if n <= 1 { 0 } else { usize::BITS - (n - 1).leading_zeros() }
}

/// Every `(function, array)` the host builds from a literal of items, with
/// their number (function `usize::MAX` for `main`).
fn literal_array_lengths(program: &FlatProgram) -> HashMap<(usize, HostVar), usize> {
    fn walk(block: &Block, function: usize, out: &mut HashMap<(usize, HostVar), usize>) {
        for stmt in &block.stmts {
            if let Stmt::Let { vars, expr } = stmt {
                match expr {
                    HostExpr::Array { items, .. } => {
                        if let [v] = vars[..] {
                            out.insert((function, v), items.len());
                        }
                    }
                    HostExpr::If { then_block, else_block, .. } => {
                        walk(then_block, function, out);
                        walk(else_block, function, out);
                    }
                    HostExpr::Time { block } => walk(block, function, out),
                    _ => {}
                }
            }
        }
    }
    let mut out = HashMap::new();
    for (index, function) in program.functions.iter().enumerate() {
        walk(&function.body, index, &mut out);
    }
    walk(&program.main.body, usize::MAX, &mut out);
    out
}

/// The arguments of every run of `kernel`, with the function that runs it.
fn runs_of(program: &FlatProgram, kernel: KernelId) -> Vec<(usize, Vec<Atom>)> {
    fn walk(block: &Block, function: usize, kernel: KernelId, out: &mut Vec<(usize, Vec<Atom>)>) {
        for stmt in &block.stmts {
            if let Stmt::Let { expr, .. } = stmt {
                match expr {
                    HostExpr::Run { kernel: k, args } if *k == kernel => out.push((function, args.clone())),
                    HostExpr::If { then_block, else_block, .. } => {
                        walk(then_block, function, kernel, out);
                        walk(else_block, function, kernel, out);
                    }
                    HostExpr::Time { block } => walk(block, function, kernel, out),
                    _ => {}
                }
            }
        }
    }
    let mut out = Vec::new();
    for (index, function) in program.functions.iter().enumerate() {
        walk(&function.body, index, kernel, &mut out);
    }
    walk(&program.main.body, usize::MAX, kernel, &mut out);
    out
}

/// The searches of `kernel` worth an array of ids, by (offsets, size),
/// each with a fresh parameter (added to `kernel`'s variables); `None`
/// when there are none.
fn rewrite_kernel(
    kernel: &mut Kernel,
    segment_bits: &dyn Fn(KVar) -> u32,
    policy: SegmentIdsPolicy,
) -> Option<KernelIds> {
    let mut searches: Vec<(KVar, KernelSize, u32)> = Vec::new();
    for binding in &kernel.body {
        if finds_segments_by_tiles(&binding.soac, policy) {
            continue;
        }
        let Some((size, positions)) = own_positions(kernel, &binding.soac) else { continue };
        for_each_thunk_body(&binding.soac, &mut |body| {
            count_searches(kernel, body, &positions, &size, &mut searches);
        });
    }
    let mut params = Vec::new();
    for (offsets, size, count) in searches {
        if count * segment_bits(offsets) <= BUILD_COST {
            continue;
        }
        let name = format!("{}_ids", kernel.var(offsets).name);
        let ids = kernel.new_narrow_var(name);
        params.push(IdsParam { offsets, size, ids });
    }
    (!params.is_empty()).then_some(KernelIds { params })
}

/// Whether the OpenCL backend finds the segments of the SOAC's searches
/// itself, a tile of positions at a time in the SOAC's own launch (a MAP,
/// `map-tile-segment-ids` in `lift_ir::segment_ids`), so that ids would
/// only cost a launch and their traffic: under `auto`.
fn finds_segments_by_tiles(soac: &Soac, policy: SegmentIdsPolicy) -> bool {
    policy == SegmentIdsPolicy::Auto && matches!(soac, Soac::Map { .. })
}

/// The SOAC's size as the host gives it, and the variables of its thunks
/// known to hold its own index (in `[0, size)`).
fn own_positions(kernel: &Kernel, soac: &Soac) -> Option<(KernelSize, Vec<KVar>)> {
    let size = match soac {
        Soac::Map { size, .. }
        | Soac::Reduce { size, .. }
        | Soac::Scan { size, .. }
        | Soac::Filter { size, .. }
        | Soac::Permute { size, .. }
        | Soac::Scatter { size, .. }
        | Soac::RadixPass { size, .. } => size,
        _ => return None,
    };
    let size = match size {
        GExpr::Var(v) if kernel.params.contains(v) => KernelSize::Param(*v),
        GExpr::Length(v) if kernel.params.contains(v) => KernelSize::LengthOf(*v),
        GExpr::Const(flatten::ir::Const::Int(c)) => KernelSize::Const(*c),
        _ => return None,
    };
    let mut positions = Vec::new();
    let mut index_thunk = |t: &Thunk| {
        if let Some(&p) = t.params.first() {
            positions.push(p);
            aliases(&t.body, &mut positions);
        }
    };
    match soac {
        Soac::Map { pull, .. } | Soac::Reduce { pull, .. } | Soac::Scan { pull, .. } => index_thunk(pull),
        Soac::Permute { values, index, .. }
        | Soac::Scatter { values, index, .. }
        | Soac::RadixPass { values, digit: index, .. } => {
            index_thunk(values);
            index_thunk(index);
        }
        Soac::Filter { pull, pred, .. } => {
            index_thunk(pull);
            // The predicate's parameters receive the pull's values.
            let results = final_values(&pull.body);
            for (param, value) in pred.params.iter().zip(results) {
                if matches!(value, GExpr::Var(v) if positions.contains(v)) {
                    positions.push(*param);
                }
            }
            aliases(&pred.body, &mut positions);
        }
        _ => {}
    }
    Some((size, positions))
}

/// Adds the variables `let`-bound to one of `positions`.
fn aliases(expr: &GExpr, positions: &mut Vec<KVar>) {
    if let GExpr::Let { vars, value, .. } = expr
        && let ([x], GExpr::Var(v)) = (&vars[..], &**value)
        && positions.contains(v)
    {
        positions.push(*x);
    }
    expr.for_each_child(|c| aliases(c, positions));
}

/// The values an expression yields, through its `let`s: the items of its
/// final tuple, or itself.
fn final_values(expr: &GExpr) -> Vec<&GExpr> {
    match expr {
        GExpr::Let { body, .. } => final_values(body),
        GExpr::Tuple(items) => items.iter().collect(),
        other => vec![other],
    }
}

fn for_each_thunk_body(soac: &Soac, f: &mut dyn FnMut(&GExpr)) {
    match soac {
        Soac::Map { pull, .. } | Soac::Reduce { pull, .. } | Soac::Scan { pull, .. } => f(&pull.body),
        Soac::Permute { values, index, .. }
        | Soac::Scatter { values, index, .. }
        | Soac::RadixPass { values, digit: index, .. } => {
            f(&values.body);
            f(&index.body);
        }
        Soac::Filter { pull, pred, .. } => {
            f(&pull.body);
            f(&pred.body);
        }
        _ => {}
    }
}

fn for_each_thunk_body_mut(soac: &mut Soac, f: &mut dyn FnMut(&mut GExpr)) {
    match soac {
        Soac::Map { pull, .. } | Soac::Reduce { pull, .. } | Soac::Scan { pull, .. } => f(&mut pull.body),
        Soac::Permute { values, index, .. }
        | Soac::Scatter { values, index, .. }
        | Soac::RadixPass { values, digit: index, .. } => {
            f(&mut values.body);
            f(&mut index.body);
        }
        Soac::Filter { pull, pred, .. } => {
            f(&mut pull.body);
            f(&mut pred.body);
        }
        _ => {}
    }
}

/// Counts the searches of parameter offsets at one of `positions`.
fn count_searches(
    kernel: &Kernel,
    expr: &GExpr,
    positions: &[KVar],
    size: &KernelSize,
    out: &mut Vec<(KVar, KernelSize, u32)>,
) {
    if let GExpr::SegmentOf { offsets, index } = expr
        && kernel.params.contains(offsets)
        && matches!(&**index, GExpr::Var(v) if positions.contains(v))
    {
        match out.iter_mut().find(|(o, s, _)| o == offsets && s == size) {
            Some((_, _, count)) => *count += 1,
            None => out.push((*offsets, size.clone(), 1)),
        }
    }
    expr.for_each_child(|c| count_searches(kernel, c, positions, size, out));
}

/// Appends the ids parameters and turns the searches into reads of them.
fn apply_kernel_rewrite(kernel: &mut Kernel, ids: &KernelIds, policy: SegmentIdsPolicy) {
    let params = kernel.params.clone();
    let mut body = std::mem::take(&mut kernel.body);
    for binding in &mut body {
        if finds_segments_by_tiles(&binding.soac, policy) {
            continue;
        }
        let Some((size, positions)) = own_positions(kernel, &binding.soac) else { continue };
        let SoacBinding { soac, .. } = binding;
        for_each_thunk_body_mut(soac, &mut |e| replace_searches(e, &positions, &size, &params, ids));
    }
    kernel.body = body;
    kernel.params.extend(ids.params.iter().map(|p| p.ids));
}

fn replace_searches(expr: &mut GExpr, positions: &[KVar], size: &KernelSize, params: &[KVar], ids: &KernelIds) {
    if let GExpr::SegmentOf { offsets, index } = expr
        && params.contains(offsets)
        && matches!(&**index, GExpr::Var(v) if positions.contains(v))
        && let Some(p) = ids.params.iter().find(|p| p.offsets == *offsets && p.size == *size)
    {
        *expr = GExpr::Read { array: p.ids, index: index.clone() };
        return;
    }
    expr.for_each_child_mut(|c| replace_searches(c, positions, size, params, ids));
}

/// The host side: each run of a rewritten kernel becomes a run of its
/// version by ids, after the runs that build them; under `auto`, only
/// where the sizes are worth it, `if #offsets >= MIN_SEGMENTS and n >=
/// MIN_POSITIONS` (the original run otherwise).
struct HostRewrite<'a> {
    function: &'a mut HostFunction,
    kernels: &'a mut Vec<Kernel>,
    /// The version by ids of each rewritten kernel, and its parameters.
    rewritten: &'a HashMap<KernelId, (KernelId, KernelIds)>,
    /// The `SEGMENT_IDS` kernel of each (kernel, ids parameter).
    builders: &'a mut HashMap<(KernelId, usize), KernelId>,
    policy: SegmentIdsPolicy,
}

impl HostRewrite<'_> {
    fn block(&mut self, block: &mut Block) {
        let mut stmts = Vec::with_capacity(block.stmts.len());
        for stmt in std::mem::take(&mut block.stmts) {
            match stmt {
                Stmt::Let { vars, expr: HostExpr::Run { kernel, args } } if self.rewritten.contains_key(&kernel) => {
                    self.rewrite_run(vars, kernel, args, &mut stmts);
                }
                Stmt::Let { vars, expr: HostExpr::If { cond, mut then_block, mut else_block } } => {
                    self.block(&mut then_block);
                    self.block(&mut else_block);
                    stmts.push(Stmt::Let { vars, expr: HostExpr::If { cond, then_block, else_block } });
                }
                Stmt::Let { vars, expr: HostExpr::Time { mut block } } => {
                    self.block(&mut block);
                    stmts.push(Stmt::Let { vars, expr: HostExpr::Time { block } });
                }
                other => stmts.push(other),
            }
        }
        block.stmts = stmts;
    }

    fn rewrite_run(&mut self, vars: Vec<HostVar>, kernel: KernelId, args: Vec<Atom>, stmts: &mut Vec<Stmt>) {
        let original = Stmt::Let { vars: vars.clone(), expr: HostExpr::Run { kernel, args: args.clone() } };
        let (with_ids, ids) = self.rewritten[&kernel].clone();
        let params = self.kernels[kernel.0 as usize].params.clone();
        let arg_of = |v: KVar| params.iter().position(|&p| p == v).and_then(|i| args.get(i)).copied();
        // Each ids parameter's offsets and size as host atoms.
        let mut sources = Vec::new();
        for param in &ids.params {
            let Some(offsets @ Atom::Var(_)) = arg_of(param.offsets) else {
                stmts.push(original);
                return;
            };
            let size = match &param.size {
                KernelSize::Const(c) => Some(Atom::Const(flatten::ir::Const::Int(*c))),
                KernelSize::Param(v) => arg_of(*v),
                KernelSize::LengthOf(v) => match arg_of(*v) {
                    Some(Atom::Var(h)) => {
                        let n = self.new_int(format!("n_{}", self.function.var(h).name));
                        stmts.push(Stmt::Let { vars: vec![n], expr: HostExpr::Length(h) });
                        Some(Atom::Var(n))
                    }
                    _ => None,
                },
            };
            let Some(size) = size else {
                stmts.push(original);
                return;
            };
            sources.push((offsets, size));
        }
        // The run by ids, after the runs building them.
        let mut by_ids = Vec::new();
        let mut extra = Vec::new();
        for (index, (param, (offsets, size))) in ids.params.iter().zip(&sources).enumerate() {
            let builder = self.builder(kernel, index, param);
            let Atom::Var(o) = offsets else { continue };
            let built =
                self.function.new_var(format!("{}_ids", self.function.var(*o).name), VarType::Array(Scalar::Int));
            by_ids.push(Stmt::Let {
                vars: vec![built],
                expr: HostExpr::Run { kernel: builder, args: vec![*offsets, *size] },
            });
            extra.push(Atom::Var(built));
        }
        let mut ids_args = args.clone();
        ids_args.extend(extra);
        if self.policy == SegmentIdsPolicy::Always {
            stmts.extend(by_ids);
            stmts.push(Stmt::Let { vars, expr: HostExpr::Run { kernel: with_ids, args: ids_args } });
            return;
        }
        // if #offsets >= MIN_SEGMENTS and n >= MIN_POSITIONS (each ids),
        // tested on bounds (`bound x`, the value where the host knows it):
        // both kernels give the same results, so the test may be an
        // estimate, and a size still on the device is not read for it
        // (flatten's note [pending integers]).
        let mut cond: Option<Atom> = None;
        for (offsets, size) in &sources {
            let Atom::Var(o) = offsets else { continue };
            let segments = self.new_int(format!("n_{}", self.function.var(*o).name));
            stmts.push(Stmt::Let { vars: vec![segments], expr: HostExpr::Length(*o) });
            let tests = [(Atom::Var(segments), MIN_SEGMENTS), (*size, MIN_POSITIONS)];
            for (value, least) in tests {
                let value = match value {
                    Atom::Var(v) => {
                        let bound = self.new_int(format!("bound_{}", self.function.var(v).name));
                        stmts.push(Stmt::Let { vars: vec![bound], expr: HostExpr::Bound(Atom::Var(v)) });
                        Atom::Var(bound)
                    }
                    Atom::Const(_) => value,
                };
                let test = self.function.new_var("is_worth_ids", VarType::Scalar(Scalar::Bool));
                stmts.push(Stmt::Let {
                    vars: vec![test],
                    expr: HostExpr::Binary {
                        op: BinaryOp::Ge,
                        ty: Scalar::Int,
                        lhs: value,
                        rhs: Atom::Const(flatten::ir::Const::Int(least)),
                    },
                });
                cond = Some(match cond {
                    None => Atom::Var(test),
                    Some(previous) => {
                        let both = self.function.new_var("is_worth_ids", VarType::Scalar(Scalar::Bool));
                        stmts.push(Stmt::Let {
                            vars: vec![both],
                            expr: HostExpr::Binary {
                                op: BinaryOp::And,
                                ty: Scalar::Bool,
                                lhs: previous,
                                rhs: Atom::Var(test),
                            },
                        });
                        Atom::Var(both)
                    }
                });
            }
        }
        let Some(cond) = cond else {
            stmts.push(original);
            return;
        };
        let fresh = |this: &mut Self| -> Vec<HostVar> {
            vars.iter()
                .map(|&v| {
                    let info = this.function.var(v).clone();
                    this.function.new_var(info.name, info.ty)
                })
                .collect()
        };
        let then_vars = fresh(self);
        let else_vars = fresh(self);
        by_ids.push(Stmt::Let { vars: then_vars.clone(), expr: HostExpr::Run { kernel: with_ids, args: ids_args } });
        let then_block = Block { stmts: by_ids, results: then_vars.into_iter().map(Atom::Var).collect() };
        let else_block = Block {
            stmts: vec![Stmt::Let { vars: else_vars.clone(), expr: HostExpr::Run { kernel, args } }],
            results: else_vars.into_iter().map(Atom::Var).collect(),
        };
        stmts.push(Stmt::Let { vars, expr: HostExpr::If { cond, then_block, else_block } });
    }

    fn new_int(&mut self, name: String) -> HostVar {
        self.function.new_var(name, VarType::Scalar(Scalar::Int))
    }

    /// The kernel `K_segment_ids(offsets, n) = SEGMENT_IDS offsets n` for
    /// one ids parameter of kernel `K`.
    fn builder(&mut self, kernel: KernelId, index: usize, param: &IdsParam) -> KernelId {
        if let Some(&id) = self.builders.get(&(kernel, index)) {
            return id;
        }
        let source = &self.kernels[kernel.0 as usize];
        let base = match index {
            0 => format!("{}_segment_ids", source.name),
            _ => format!("{}_segment_ids_{index}", source.name),
        };
        let name = unique_name(self.kernels, &base);
        let with_ids = &self.kernels[self.rewritten[&kernel].0.0 as usize];
        let mut builder = Kernel { name, params: Vec::new(), body: Vec::new(), results: Vec::new(), vars: Vec::new() };
        let offsets = builder.new_var(with_ids.var(param.offsets).name.clone(), VarType::Array(Scalar::Int));
        let n = builder.new_var("n", VarType::Scalar(Scalar::Int));
        // Segments number fewer than 2^31 (an array's length is below
        // 2^31): 4 bytes an id, written once and read by each kernel.
        let ids = builder.new_narrow_var("ids");
        builder.params = vec![offsets, n];
        builder.body =
            vec![SoacBinding { results: vec![ids], soac: Soac::SegmentIds { size: GExpr::var(n), offsets } }];
        builder.results = vec![ids];
        let id = KernelId(self.kernels.len() as u32);
        self.kernels.push(builder);
        self.builders.insert((kernel, index), id);
        id
    }
}
