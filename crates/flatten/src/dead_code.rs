//! Dead code: what flattening made that nothing uses.
//!
//! Flattening builds values it may not need (a `FILTER`'s index column when
//! the filter also pulled the values, the total of a descriptor that is only
//! scanned). This pass removes, in every host function:
//! - `let`s whose variables are unused and whose expression has no effect
//!   (a kernel with a check, a call of a function that may fault or print,
//!   `time`, are effects: a fault is observable);
//! - unused results of `if`s, and unused results of kernels whose SOAC can
//!   drop a component (`MAP`, `FILTER`, `PERMUTE`, `SCATTER`);
//!
//! then drops the kernels, functions and fault sites nothing refers to, and
//! renumbers variables in order of appearance so printed names stay short.
//! Flattening makes one kernel per `run`, so a kernel's results can be
//! pruned for its one caller; this pass runs before kernels are shared.

use std::collections::{HashMap, HashSet};

use crate::ir::{
    Atom, Block, FaultId, FlatProgram, FuncId, GExpr, HostExpr, HostFunction, HostVar, KVar, Kernel, KernelId, Repr,
    SeqRepr, Soac, Stmt, Thunk,
};

pub(crate) fn eliminate_dead_code(mut program: FlatProgram) -> FlatProgram {
    let kernel_checks: Vec<bool> = program.kernels.iter().map(has_checks).collect();
    let function_effects = function_effects(&program, &kernel_checks);
    let mut pruning =
        Pruning { kernel_checks: &kernel_checks, function_effects: &function_effects, dead_results: HashMap::new() };
    for f in program.functions.iter_mut() {
        pruning.function(f);
    }
    pruning.function(&mut program.main);
    let mut dropped = HashMap::new();
    for (kernel, dead) in pruning.dead_results {
        let lost = prune_kernel_results(&mut program.kernels[kernel.0 as usize], &dead);
        if !lost.is_empty() {
            dropped.insert(kernel, lost);
        }
    }
    for f in program.functions.iter_mut().chain(std::iter::once(&mut program.main)) {
        drop_lost_results(&mut f.body, &dropped);
    }
    for k in program.kernels.iter_mut() {
        compact_kernel_vars(k);
    }
    remove_unreferenced(&mut program);
    for f in program.functions.iter_mut().chain(std::iter::once(&mut program.main)) {
        compact_host_vars(f);
    }
    program
}

/// Whether running the kernel may fault.
fn has_checks(kernel: &Kernel) -> bool {
    kernel.body.iter().any(|b| match &b.soac {
        Soac::Permute { check: Some(_), .. } | Soac::Scatter { .. } => true,
        soac => {
            thunks(soac).iter().any(|t| contains_assert(&t.body)) || soac_sizes(soac).iter().any(|e| contains_assert(e))
        }
    })
}

fn thunks(soac: &Soac) -> Vec<&Thunk> {
    match soac {
        Soac::Map { pull, .. } => vec![pull],
        Soac::Permute { values, index, .. }
        | Soac::Scatter { values, index, .. }
        | Soac::RadixPass { values, digit: index, .. } => vec![values, index],
        Soac::Reduce { pull, op, .. }
        | Soac::Scan { pull, op, .. }
        | Soac::SegReduce { pull, op, .. }
        | Soac::SegScan { pull, op, .. } => vec![pull, op],
        Soac::Filter { pull, pred, .. } => vec![pull, pred],
        Soac::Once { .. } | Soac::SegmentIds { .. } => vec![],
    }
}

fn soac_sizes(soac: &Soac) -> Vec<&GExpr> {
    match soac {
        Soac::Map { size, .. }
        | Soac::Permute { size, .. }
        | Soac::Scatter { size, .. }
        | Soac::RadixPass { size, .. }
        | Soac::Reduce { size, .. }
        | Soac::Scan { size, .. }
        | Soac::Filter { size, .. }
        | Soac::SegmentIds { size, .. } => vec![size],
        Soac::SegScan { elements, .. } => vec![elements],
        Soac::Once { body } => vec![body],
        Soac::SegReduce { .. } => vec![],
    }
}

fn contains_assert(e: &GExpr) -> bool {
    if matches!(e, GExpr::Assert { .. }) {
        return true;
    }
    let mut found = false;
    e.for_each_child(|c| found |= contains_assert(c));
    found
}

fn uses_var(e: &GExpr, v: KVar) -> bool {
    let mut found = false;
    e.for_each_var(&mut |x| found |= x == v);
    found
}

/// Which functions may fault, print or time, by fixpoint over calls.
fn function_effects(program: &FlatProgram, kernel_checks: &[bool]) -> Vec<bool> {
    let mut effects = vec![false; program.functions.len()];
    loop {
        let next: Vec<bool> =
            program.functions.iter().map(|f| block_has_effect(&f.body, kernel_checks, &effects)).collect();
        if next == effects {
            return effects;
        }
        effects = next;
    }
}

fn block_has_effect(block: &Block, kernel_checks: &[bool], effects: &[bool]) -> bool {
    block.stmts.iter().any(|s| match s {
        Stmt::Let { expr, .. } => expr_has_effect(expr, kernel_checks, effects),
        Stmt::Assert { .. } | Stmt::Print { .. } | Stmt::Emit { .. } => true,
        Stmt::Free { .. } => false,
    })
}

fn expr_has_effect(expr: &HostExpr, kernel_checks: &[bool], effects: &[bool]) -> bool {
    match expr {
        HostExpr::Run { kernel, .. } => kernel_checks[kernel.0 as usize],
        HostExpr::Call { func, .. } => effects[func.0 as usize],
        HostExpr::If { then_block, else_block, .. } => {
            block_has_effect(then_block, kernel_checks, effects) || block_has_effect(else_block, kernel_checks, effects)
        }
        HostExpr::Time { .. } => true,
        HostExpr::HostOp { op, .. } => op.has_effect(),
        HostExpr::Atom(_)
        | HostExpr::Unary { .. }
        | HostExpr::Binary { .. }
        | HostExpr::Bound(_)
        | HostExpr::Length(_)
        | HostExpr::Array { .. } => false,
    }
}

struct Pruning<'a> {
    kernel_checks: &'a [bool],
    function_effects: &'a [bool],
    /// For each kernel, the positions of its results no one uses.
    dead_results: HashMap<KernelId, Vec<usize>>,
}

impl Pruning<'_> {
    fn function(&mut self, f: &mut HostFunction) {
        let mut live = HashSet::new();
        self.block(&mut f.body, &mut live);
    }

    /// Removes the dead statements of `block`; `live` holds the variables
    /// used after it and receives those used in it.
    fn block(&mut self, block: &mut Block, live: &mut HashSet<HostVar>) {
        for a in &block.results {
            use_atom(a, live);
        }
        let mut kept = Vec::with_capacity(block.stmts.len());
        for mut stmt in std::mem::take(&mut block.stmts).into_iter().rev() {
            let keep = match &mut stmt {
                Stmt::Let { vars, expr } => {
                    let any_live = vars.iter().any(|v| live.contains(v));
                    let effect = expr_has_effect(expr, self.kernel_checks, self.function_effects);
                    if !any_live && !effect {
                        false
                    } else {
                        match expr {
                            HostExpr::Run { kernel, .. } => {
                                let dead: Vec<usize> = (0..vars.len()).filter(|k| !live.contains(&vars[*k])).collect();
                                if !dead.is_empty() {
                                    self.dead_results.insert(*kernel, dead);
                                }
                            }
                            HostExpr::If { then_block, else_block, .. } => {
                                let dead: Vec<usize> = (0..vars.len()).filter(|k| !live.contains(&vars[*k])).collect();
                                for k in dead.iter().rev() {
                                    vars.remove(*k);
                                    then_block.results.remove(*k);
                                    else_block.results.remove(*k);
                                }
                                let mut then_live = live.clone();
                                self.block(then_block, &mut then_live);
                                let mut else_live = live.clone();
                                self.block(else_block, &mut else_live);
                                live.extend(then_live);
                                live.extend(else_live);
                            }
                            HostExpr::Time { block } => {
                                let mut inner = live.clone();
                                self.block(block, &mut inner);
                                live.extend(inner);
                            }
                            _ => {}
                        }
                        true
                    }
                }
                Stmt::Assert { .. } | Stmt::Print { .. } | Stmt::Emit { .. } => true,
                // Placed again by `free-dead-buffers`, which runs last.
                Stmt::Free { .. } => false,
            };
            if keep {
                stmt_uses(&stmt, live);
                kept.push(stmt);
            }
        }
        kept.reverse();
        block.stmts = kept;
    }
}

fn use_atom(a: &Atom, live: &mut HashSet<HostVar>) {
    if let Atom::Var(v) = a {
        live.insert(*v);
    }
}

/// Adds the variables a statement reads (not those of nested blocks, which
/// `Pruning::block` handles) to `live`.
fn stmt_uses(stmt: &Stmt, live: &mut HashSet<HostVar>) {
    match stmt {
        Stmt::Let { expr, .. } => match expr {
            HostExpr::Atom(a) | HostExpr::Unary { arg: a, .. } | HostExpr::Bound(a) => use_atom(a, live),
            HostExpr::Binary { lhs, rhs, .. } => {
                use_atom(lhs, live);
                use_atom(rhs, live);
            }
            HostExpr::Length(v) => {
                live.insert(*v);
            }
            HostExpr::Array { items, .. } => items.iter().for_each(|a| use_atom(a, live)),
            HostExpr::Run { args, .. } | HostExpr::Call { args, .. } | HostExpr::HostOp { args, .. } => {
                args.iter().for_each(|a| use_atom(a, live))
            }
            HostExpr::If { cond, .. } => use_atom(cond, live),
            HostExpr::Time { .. } => {}
        },
        Stmt::Assert { cond, payload, .. } => {
            use_atom(cond, live);
            payload.iter().for_each(|a| use_atom(a, live));
        }
        Stmt::Print { text } => {
            live.insert(*text);
        }
        Stmt::Emit { value, .. } => repr_uses(value, live),
        Stmt::Free { .. } => {}
    }
}

fn repr_uses(repr: &Repr, live: &mut HashSet<HostVar>) {
    match repr {
        Repr::Scalar(a) => use_atom(a, live),
        Repr::Tuple(items) => items.iter().for_each(|r| repr_uses(r, live)),
        Repr::Seq(s) => seq_uses(s, live),
    }
}

fn seq_uses(seq: &SeqRepr, live: &mut HashSet<HostVar>) {
    match seq {
        SeqRepr::Array(v) => {
            live.insert(*v);
        }
        SeqRepr::Tuple(cols) => cols.iter().for_each(|c| seq_uses(c, live)),
        SeqRepr::Nested { lengths, offsets, elements } => {
            live.insert(*lengths);
            live.insert(*offsets);
            seq_uses(elements, live);
        }
    }
}

/// Drops the results at positions `dead` of a one-SOAC kernel, where its
/// SOAC can drop them; returns the positions dropped.
fn prune_kernel_results(kernel: &mut Kernel, dead: &[usize]) -> Vec<usize> {
    // A FILTER's counts before the offsets come after its columns: it
    // keeps them all.
    if kernel.body.len() != 1 || matches!(kernel.body[0].soac, Soac::Filter { before: Some(_), .. }) {
        return Vec::new();
    }
    let binding = &mut kernel.body[0];
    let arity = binding.results.len();
    let droppable: Vec<usize> = dead
        .iter()
        .copied()
        .filter(|k| kernel.results.get(*k) == binding.results.get(*k))
        .filter(|k| match &binding.soac {
            Soac::Map { pull, .. } => can_drop(&pull.body, arity),
            Soac::Filter { pull, pred, .. } => can_drop(&pull.body, arity) && !uses_var(&pred.body, pred.params[*k]),
            Soac::Permute { values, .. } | Soac::Scatter { values, .. } => arity > 1 && can_drop(&values.body, arity),
            _ => false,
        })
        .collect();
    let droppable: Vec<usize> = match &binding.soac {
        // A checked PERMUTE or SCATTER keeps one result.
        Soac::Permute { .. } | Soac::Scatter { .. } if droppable.len() == arity => droppable[1..].to_vec(),
        Soac::Filter { .. } if droppable.len() == arity => droppable[1..].to_vec(),
        _ => droppable,
    };
    for &k in droppable.iter().rev() {
        // Each drop shortens the tuples the thunk yields by one.
        let arity = binding.results.len();
        match &mut binding.soac {
            Soac::Map { pull, .. } => drop_component(&mut pull.body, k, arity),
            Soac::Filter { pull, pred, .. } => {
                drop_component(&mut pull.body, k, arity);
                pred.params.remove(k);
            }
            Soac::Permute { values, .. } => drop_component(&mut values.body, k, arity),
            Soac::Scatter { values, base, .. } => {
                drop_component(&mut values.body, k, arity);
                base.remove(k);
            }
            _ => {}
        }
        binding.results.remove(k);
        kernel.results.remove(k);
    }
    let arity = binding.results.len();
    if let Soac::Map { pull, .. } | Soac::Filter { pull, .. } = &mut binding.soac {
        unwrap_single(&mut pull.body, arity);
    }
    if let Soac::Permute { values, .. } | Soac::Scatter { values, .. } = &mut binding.soac {
        unwrap_single(&mut values.body, arity);
    }
    droppable
}

/// Whether every way out of a thunk body is a tuple of `arity` components.
fn can_drop(body: &GExpr, arity: usize) -> bool {
    match body {
        GExpr::Tuple(items) => items.len() == arity,
        GExpr::Let { body, .. } | GExpr::Assert { body, .. } => can_drop(body, arity),
        GExpr::If { then_branch, else_branch, .. } => can_drop(then_branch, arity) && can_drop(else_branch, arity),
        _ => arity == 1,
    }
}

fn drop_component(body: &mut GExpr, k: usize, arity: usize) {
    match body {
        GExpr::Tuple(items) if items.len() == arity => {
            items.remove(k);
        }
        GExpr::Let { body, .. } | GExpr::Assert { body, .. } => drop_component(body, k, arity),
        GExpr::If { then_branch, else_branch, .. } => {
            drop_component(then_branch, k, arity);
            drop_component(else_branch, k, arity);
        }
        other if arity == 1 => *other = GExpr::Tuple(Vec::new()),
        _ => {}
    }
}

/// A body returning a tuple of one component returns the component.
fn unwrap_single(body: &mut GExpr, arity: usize) {
    if arity != 1 {
        return;
    }
    match body {
        GExpr::Tuple(items) if items.len() == 1 => *body = items.remove(0),
        GExpr::Let { body, .. } | GExpr::Assert { body, .. } => unwrap_single(body, arity),
        GExpr::If { then_branch, else_branch, .. } => {
            unwrap_single(then_branch, arity);
            unwrap_single(else_branch, arity);
        }
        _ => {}
    }
}

/// Drops the host variables of kernel results that were pruned.
fn drop_lost_results(block: &mut Block, dropped: &HashMap<KernelId, Vec<usize>>) {
    for stmt in &mut block.stmts {
        if let Stmt::Let { vars, expr } = stmt {
            match expr {
                HostExpr::Run { kernel, .. } => {
                    if let Some(lost) = dropped.get(kernel) {
                        for k in lost.iter().rev() {
                            vars.remove(*k);
                        }
                    }
                }
                HostExpr::If { then_block, else_block, .. } => {
                    drop_lost_results(then_block, dropped);
                    drop_lost_results(else_block, dropped);
                }
                HostExpr::Time { block } => drop_lost_results(block, dropped),
                _ => {}
            }
        }
    }
}

/// Renumbers a kernel's variables in order of appearance, dropping unused
/// ones.
fn compact_kernel_vars(kernel: &mut Kernel) {
    let mut order: Vec<KVar> = Vec::new();
    let mut seen = HashSet::new();
    let mut note = |v: KVar, order: &mut Vec<KVar>| {
        if seen.insert(v) {
            order.push(v);
        }
    };
    for p in &kernel.params {
        note(*p, &mut order);
    }
    for b in &kernel.body {
        for e in soac_sizes(&b.soac) {
            e.for_each_var(&mut |v| note(v, &mut order));
        }
        if let Soac::Scatter { base, .. } = &b.soac {
            base.iter().for_each(|v| note(*v, &mut order));
        }
        if let Soac::SegReduce { segments, .. } | Soac::SegScan { segments, .. } = &b.soac {
            note(segments.lengths, &mut order);
            note(segments.offsets, &mut order);
        }
        if let Soac::SegmentIds { offsets, .. } | Soac::Filter { before: Some(offsets), .. } = &b.soac {
            note(*offsets, &mut order);
        }
        for t in thunks(&b.soac) {
            t.params.iter().for_each(|v| note(*v, &mut order));
            t.body.for_each_var(&mut |v| note(v, &mut order));
        }
        b.results.iter().for_each(|v| note(*v, &mut order));
    }
    let map: HashMap<KVar, KVar> = order.iter().enumerate().map(|(i, v)| (*v, KVar(i as u32))).collect();
    kernel.vars = order.iter().map(|v| kernel.vars[v.0 as usize].clone()).collect();
    let m = |v: &mut KVar| *v = map[v];
    kernel.params.iter_mut().for_each(m);
    kernel.results.iter_mut().for_each(m);
    for b in &mut kernel.body {
        b.results.iter_mut().for_each(m);
        rename_soac(&mut b.soac, &map);
    }
}

fn rename_soac(soac: &mut Soac, map: &HashMap<KVar, KVar>) {
    let thunk = |t: &mut Thunk| {
        t.params.iter_mut().for_each(|v| *v = map[v]);
        rename_gexpr(&mut t.body, map);
    };
    match soac {
        Soac::Map { size, pull } => {
            rename_gexpr(size, map);
            thunk(pull);
        }
        Soac::Permute { size, values, index, .. } | Soac::RadixPass { size, values, digit: index, .. } => {
            rename_gexpr(size, map);
            thunk(values);
            thunk(index);
        }
        Soac::Scatter { size, base, values, index, .. } => {
            rename_gexpr(size, map);
            base.iter_mut().for_each(|v| *v = map[v]);
            thunk(values);
            thunk(index);
        }
        Soac::Reduce { size, pull, op, .. } | Soac::Scan { size, pull, op, .. } => {
            rename_gexpr(size, map);
            thunk(pull);
            thunk(op);
        }
        Soac::Filter { size, pull, pred, before } => {
            rename_gexpr(size, map);
            thunk(pull);
            thunk(pred);
            if let Some(offsets) = before {
                *offsets = map[offsets];
            }
        }
        Soac::Once { body } => rename_gexpr(body, map),
        Soac::SegmentIds { size, offsets } => {
            rename_gexpr(size, map);
            *offsets = map[offsets];
        }
        Soac::SegReduce { segments, pull, op, .. } => {
            segments.lengths = map[&segments.lengths];
            segments.offsets = map[&segments.offsets];
            thunk(pull);
            thunk(op);
        }
        Soac::SegScan { segments, elements, pull, op, .. } => {
            segments.lengths = map[&segments.lengths];
            segments.offsets = map[&segments.offsets];
            rename_gexpr(elements, map);
            thunk(pull);
            thunk(op);
        }
    }
}

fn rename_gexpr(e: &mut GExpr, map: &HashMap<KVar, KVar>) {
    match e {
        GExpr::Var(v) | GExpr::Length(v) => *v = map[v],
        GExpr::Read { array: v, .. } | GExpr::SegmentOf { offsets: v, .. } | GExpr::ParseNumber { chars: v, .. } => {
            *v = map[v]
        }
        GExpr::Let { vars, .. } | GExpr::Loop { vars, .. } => vars.iter_mut().for_each(|v| *v = map[v]),
        _ => {}
    }
    e.for_each_child_mut(|c| rename_gexpr(c, map));
}

/// Drops the kernels, functions and fault sites nothing refers to, and
/// renumbers the rest.
fn remove_unreferenced(program: &mut FlatProgram) {
    // Functions reachable from main.
    let mut reached = vec![false; program.functions.len()];
    let mut work = Vec::new();
    let mut kernels_used = vec![false; program.kernels.len()];
    collect_refs(&program.main.body, &mut work, &mut kernels_used);
    while let Some(f) = work.pop() {
        if reached[f.0 as usize] {
            continue;
        }
        reached[f.0 as usize] = true;
        let body = program.functions[f.0 as usize].body.clone();
        collect_refs(&body, &mut work, &mut kernels_used);
    }
    let function_map = renumbering(&reached);
    let kernel_map = renumbering(&kernels_used);
    let mut functions = Vec::new();
    for (i, f) in std::mem::take(&mut program.functions).into_iter().enumerate() {
        if reached[i] {
            functions.push(f);
        }
    }
    program.functions = functions;
    let mut kernels = Vec::new();
    for (i, k) in std::mem::take(&mut program.kernels).into_iter().enumerate() {
        if kernels_used[i] {
            kernels.push(k);
        }
    }
    program.kernels = kernels;
    for f in program.functions.iter_mut().chain(std::iter::once(&mut program.main)) {
        renumber_refs(&mut f.body, &function_map, &kernel_map);
    }
    // Fault sites.
    let mut sites_used = vec![false; program.fault_sites.len()];
    for k in &program.kernels {
        for b in &k.body {
            match &b.soac {
                Soac::Permute { check: Some(site), .. } | Soac::Scatter { site, .. } => {
                    sites_used[site.0 as usize] = true
                }
                _ => {}
            }
            for t in thunks(&b.soac) {
                mark_sites(&t.body, &mut sites_used);
            }
            for e in soac_sizes(&b.soac) {
                mark_sites(e, &mut sites_used);
            }
        }
    }
    for f in program.functions.iter().chain(std::iter::once(&program.main)) {
        mark_host_sites(&f.body, &mut sites_used);
    }
    let site_map = renumbering(&sites_used);
    let mut sites = Vec::new();
    for (i, s) in std::mem::take(&mut program.fault_sites).into_iter().enumerate() {
        if sites_used[i] {
            sites.push(s);
        }
    }
    program.fault_sites = sites;
    for k in program.kernels.iter_mut() {
        for b in &mut k.body {
            match &mut b.soac {
                Soac::Permute { check: Some(site), .. } | Soac::Scatter { site, .. } => {
                    *site = FaultId(site_map[site.0 as usize])
                }
                _ => {}
            }
            renumber_soac_sites(&mut b.soac, &site_map);
        }
    }
    for f in program.functions.iter_mut().chain(std::iter::once(&mut program.main)) {
        renumber_host_sites(&mut f.body, &site_map);
    }
}

fn renumbering(used: &[bool]) -> Vec<u32> {
    let mut next = 0;
    used.iter()
        .map(|u| {
            let id = next;
            if *u {
                next += 1;
            }
            id
        })
        .collect()
}

fn collect_refs(block: &Block, functions: &mut Vec<FuncId>, kernels: &mut [bool]) {
    for stmt in &block.stmts {
        if let Stmt::Let { expr, .. } = stmt {
            match expr {
                HostExpr::Run { kernel, .. } => kernels[kernel.0 as usize] = true,
                HostExpr::Call { func, .. } => functions.push(*func),
                HostExpr::If { then_block, else_block, .. } => {
                    collect_refs(then_block, functions, kernels);
                    collect_refs(else_block, functions, kernels);
                }
                HostExpr::Time { block } => collect_refs(block, functions, kernels),
                _ => {}
            }
        }
    }
}

fn renumber_refs(block: &mut Block, functions: &[u32], kernels: &[u32]) {
    for stmt in &mut block.stmts {
        if let Stmt::Let { expr, .. } = stmt {
            match expr {
                HostExpr::Run { kernel, .. } => *kernel = KernelId(kernels[kernel.0 as usize]),
                HostExpr::Call { func, .. } => *func = FuncId(functions[func.0 as usize]),
                HostExpr::If { then_block, else_block, .. } => {
                    renumber_refs(then_block, functions, kernels);
                    renumber_refs(else_block, functions, kernels);
                }
                HostExpr::Time { block } => renumber_refs(block, functions, kernels),
                _ => {}
            }
        }
    }
}

fn mark_sites(e: &GExpr, used: &mut [bool]) {
    if let GExpr::Assert { site, .. } = e {
        used[site.0 as usize] = true;
    }
    e.for_each_child(|c| mark_sites(c, used));
}

fn mark_host_sites(block: &Block, used: &mut [bool]) {
    for stmt in &block.stmts {
        match stmt {
            Stmt::Assert { site, .. } => used[site.0 as usize] = true,
            Stmt::Let { expr: HostExpr::HostOp { op, .. }, .. } => {
                if let Some(site) = op.site() {
                    used[site.0 as usize] = true;
                }
            }
            Stmt::Let { expr: HostExpr::If { then_block, else_block, .. }, .. } => {
                mark_host_sites(then_block, used);
                mark_host_sites(else_block, used);
            }
            Stmt::Let { expr: HostExpr::Time { block }, .. } => mark_host_sites(block, used),
            _ => {}
        }
    }
}

fn renumber_gexpr_sites(e: &mut GExpr, map: &[u32]) {
    if let GExpr::Assert { site, .. } = e {
        *site = FaultId(map[site.0 as usize]);
    }
    e.for_each_child_mut(|c| renumber_gexpr_sites(c, map));
}

fn renumber_soac_sites(soac: &mut Soac, map: &[u32]) {
    match soac {
        Soac::Map { size, pull } => {
            renumber_gexpr_sites(size, map);
            renumber_gexpr_sites(&mut pull.body, map);
        }
        Soac::Permute { size, values, index, .. }
        | Soac::Scatter { size, values, index, .. }
        | Soac::RadixPass { size, values, digit: index, .. } => {
            renumber_gexpr_sites(size, map);
            renumber_gexpr_sites(&mut values.body, map);
            renumber_gexpr_sites(&mut index.body, map);
        }
        Soac::Reduce { size, pull, op, .. } | Soac::Scan { size, pull, op, .. } => {
            renumber_gexpr_sites(size, map);
            renumber_gexpr_sites(&mut pull.body, map);
            renumber_gexpr_sites(&mut op.body, map);
        }
        Soac::Filter { size, pull, pred, .. } => {
            renumber_gexpr_sites(size, map);
            renumber_gexpr_sites(&mut pull.body, map);
            renumber_gexpr_sites(&mut pred.body, map);
        }
        Soac::Once { body } => renumber_gexpr_sites(body, map),
        Soac::SegmentIds { size, .. } => renumber_gexpr_sites(size, map),
        Soac::SegReduce { pull, op, .. } => {
            renumber_gexpr_sites(&mut pull.body, map);
            renumber_gexpr_sites(&mut op.body, map);
        }
        Soac::SegScan { elements, pull, op, .. } => {
            renumber_gexpr_sites(elements, map);
            renumber_gexpr_sites(&mut pull.body, map);
            renumber_gexpr_sites(&mut op.body, map);
        }
    }
}

fn renumber_host_sites(block: &mut Block, map: &[u32]) {
    for stmt in &mut block.stmts {
        match stmt {
            Stmt::Assert { site, .. } => *site = FaultId(map[site.0 as usize]),
            Stmt::Let { expr: HostExpr::HostOp { op, .. }, .. } => {
                if let Some(site) = op.site_mut() {
                    *site = FaultId(map[site.0 as usize]);
                }
            }
            Stmt::Let { expr: HostExpr::If { then_block, else_block, .. }, .. } => {
                renumber_host_sites(then_block, map);
                renumber_host_sites(else_block, map);
            }
            Stmt::Let { expr: HostExpr::Time { block }, .. } => renumber_host_sites(block, map),
            _ => {}
        }
    }
}

/// Renumbers a host function's variables in order of appearance, dropping
/// unused ones.
fn compact_host_vars(f: &mut HostFunction) {
    let mut order: Vec<HostVar> = Vec::new();
    let mut seen = HashSet::new();
    for p in &f.params {
        if seen.insert(*p) {
            order.push(*p);
        }
    }
    fn walk(block: &Block, seen: &mut HashSet<HostVar>, order: &mut Vec<HostVar>) {
        let note = |v: HostVar, seen: &mut HashSet<HostVar>, order: &mut Vec<HostVar>| {
            if seen.insert(v) {
                order.push(v);
            }
        };
        for stmt in &block.stmts {
            let mut used = HashSet::new();
            stmt_uses(stmt, &mut used);
            let mut used: Vec<HostVar> = used.into_iter().collect();
            used.sort();
            for v in used {
                note(v, seen, order);
            }
            if let Stmt::Let { vars, expr } = stmt {
                match expr {
                    HostExpr::If { then_block, else_block, .. } => {
                        walk(then_block, seen, order);
                        walk(else_block, seen, order);
                    }
                    HostExpr::Time { block } => walk(block, seen, order),
                    _ => {}
                }
                for v in vars {
                    note(*v, seen, order);
                }
            }
        }
        for a in &block.results {
            if let Atom::Var(v) = a {
                note(*v, seen, order);
            }
        }
    }
    walk(&f.body, &mut seen, &mut order);
    let map: HashMap<HostVar, HostVar> = order.iter().enumerate().map(|(i, v)| (*v, HostVar(i as u32))).collect();
    f.vars = order.iter().map(|v| f.vars[v.0 as usize].clone()).collect();
    f.params.iter_mut().for_each(|v| *v = map[v]);
    f.body.rename_vars(&mut |v| map.get(&v).copied());
}
