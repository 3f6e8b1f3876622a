//! Applying a schedule to a region, step one of λcu §4.4: the runs of each
//! cluster become one `run` of one kernel.
//!
//! The merged kernel takes the SOACs of its members in program order, each
//! member's variables copied fresh (a kernel run twice in a cluster, like
//! `norm2`'s `K1`, gets two copies). Its parameters are the union of the
//! members' arguments, one per distinct host atom, minus the values the
//! cluster produces itself: a member's parameter bound to another member's
//! result becomes that result inside the kernel. Its results are the
//! members' results that something outside the cluster uses. The rewrite
//! rules ([`crate::rules`]) then fuse the SOACs, and the parameters left
//! unused are dropped. Placing the merged `run` in the region is
//! [`crate::schedule::linearize`]'s job.

use std::collections::HashMap;

use flatten::ir::{Atom, Block, GExpr, HostExpr, HostVar, KVar, Kernel, Soac, SoacBinding, Stmt, Thunk};

use crate::error::FusionError;
use crate::gexpr::{for_each_expr, for_each_use, rename, structural_uses};
use crate::rules::{Firing, RewriteContext, check_launchable, rewrite_kernel};
use crate::sizes::FunctionSizes;
use crate::statements::BlockFacts;

/// A cluster's runs as one `run`: the kernel, the atoms to pass, and the
/// host variables it binds.
#[derive(Clone, Debug)]
pub struct MergedRun {
    pub kernel: Kernel,
    pub args: Vec<Atom>,
    pub results: Vec<HostVar>,
}

/// Merges the runs at statements `members` (in program order) of `block`
/// into one kernel named `name`. `kernels` is the program's kernel table.
pub fn merge_runs(
    kernels: &[Kernel],
    block: &Block,
    facts: &BlockFacts,
    members: &[usize],
    name: String,
) -> Result<MergedRun, FusionError> {
    let place = || format!("merging kernel `{name}`");
    let mut merged =
        Kernel { name: name.clone(), params: Vec::new(), body: Vec::new(), results: Vec::new(), vars: Vec::new() };
    let mut args: Vec<Atom> = Vec::new();
    let mut produced: HashMap<HostVar, KVar> = HashMap::new();
    let mut results: Vec<HostVar> = Vec::new();
    for &stmt in members {
        let Stmt::Let { vars, expr: HostExpr::Run { kernel, args: run_args } } = &block.stmts[stmt] else {
            return Err(FusionError::bug(place(), format!("statement {stmt} of the cluster is not a run")));
        };
        let Some(member) = kernels.get(kernel.0 as usize) else {
            return Err(FusionError::bug(place(), format!("kernel {} does not exist", kernel.0)));
        };
        if member.params.len() != run_args.len() || member.results.len() != vars.len() {
            return Err(FusionError::bug(place(), format!("`run {}` does not match its kernel", member.name)));
        }
        let mut map: HashMap<KVar, KVar> = HashMap::new();
        for (&param, arg) in member.params.iter().zip(run_args) {
            let inside = match arg {
                Atom::Var(h) if produced.contains_key(h) => produced[h],
                _ => match args.iter().position(|a| a == arg) {
                    Some(position) => merged.params[position],
                    None => {
                        let info = member.var(param).clone();
                        let fresh = merged.new_var(info.name, info.ty);
                        merged.params.push(fresh);
                        args.push(*arg);
                        fresh
                    }
                },
            };
            map.insert(param, inside);
        }
        let mut image = |v: KVar, merged: &mut Kernel| -> KVar {
            *map.entry(v).or_insert_with(|| {
                let info = member.var(v).clone();
                merged.new_var(info.name, info.ty)
            })
        };
        for binding in &member.body {
            let copied = copy_binding(binding, &mut |v| image(v, &mut merged));
            merged.body.push(copied);
        }
        for (&host_var, &result) in vars.iter().zip(&member.results) {
            let inside = image(result, &mut merged);
            produced.insert(host_var, inside);
            if facts.is_used_outside(host_var, members) {
                merged.results.push(inside);
                results.push(host_var);
            }
        }
    }
    Ok(MergedRun { kernel: merged, args, results })
}

fn copy_binding(binding: &SoacBinding, map: &mut impl FnMut(KVar) -> KVar) -> SoacBinding {
    let results = binding.results.iter().map(|&r| map(r)).collect();
    let mut soac = binding.soac.clone();
    rename_soac(&mut soac, map);
    SoacBinding { results, soac }
}

fn rename_thunk(thunk: &mut Thunk, map: &mut impl FnMut(KVar) -> KVar) {
    thunk.params = thunk.params.iter().map(|&p| map(p)).collect();
    thunk.body = rename(&thunk.body, map);
}

fn rename_soac(soac: &mut Soac, map: &mut impl FnMut(KVar) -> KVar) {
    match soac {
        Soac::Map { size, pull } => {
            *size = rename(size, map);
            rename_thunk(pull, map);
        }
        Soac::Permute { size, values, index, .. } | Soac::RadixPass { size, values, digit: index, .. } => {
            *size = rename(size, map);
            rename_thunk(values, map);
            rename_thunk(index, map);
        }
        Soac::Scatter { size, base, values, index, .. } => {
            *size = rename(size, map);
            *base = base.iter().map(|&b| map(b)).collect();
            rename_thunk(values, map);
            rename_thunk(index, map);
        }
        Soac::Reduce { size, pull, op, .. } | Soac::Scan { size, pull, op, .. } => {
            *size = rename(size, map);
            rename_thunk(pull, map);
            rename_thunk(op, map);
        }
        Soac::Filter { size, pull, pred, before } => {
            *size = rename(size, map);
            rename_thunk(pull, map);
            rename_thunk(pred, map);
            if let Some(offsets) = before {
                *offsets = map(*offsets);
            }
        }
        Soac::Once { body } => *body = rename(body, map),
        Soac::SegmentIds { size, offsets } => {
            *size = rename(size, map);
            *offsets = map(*offsets);
        }
        Soac::SegReduce { segments, pull, op, .. } => {
            segments.lengths = map(segments.lengths);
            segments.offsets = map(segments.offsets);
            rename_thunk(pull, map);
            rename_thunk(op, map);
        }
        Soac::SegScan { segments, elements, pull, op, .. } => {
            segments.lengths = map(segments.lengths);
            segments.offsets = map(segments.offsets);
            *elements = rename(elements, map);
            rename_thunk(pull, map);
            rename_thunk(op, map);
        }
    }
}

/// Rewrites a merged kernel's SOACs with the rules and checks it needs no
/// barrier inside. `Err` of the outer result is a compiler bug; `Err` of
/// the inner one says why the cluster cannot be one kernel.
pub fn rewrite_merged(
    merged: &mut MergedRun,
    sizes: &FunctionSizes,
) -> Result<Result<Vec<Firing>, String>, FusionError> {
    let cx = RewriteContext { args: &merged.args, sizes };
    let mut firings = rewrite_kernel(&mut merged.kernel, &cx)?;
    match check_launchable(&merged.kernel) {
        Ok(more) => firings.extend(more),
        Err(why) => return Ok(Err(why)),
    }
    drop_unused_params(merged);
    Ok(Ok(firings))
}

/// Drops the parameters (and their arguments) nothing in the kernel uses
/// any more.
fn drop_unused_params(merged: &mut MergedRun) {
    let mut used: Vec<KVar> = merged.kernel.results.clone();
    for binding in &merged.kernel.body {
        used.extend(structural_uses(&binding.soac));
        for_each_expr(&binding.soac, |_, e: &GExpr| for_each_use(e, &mut |v| used.push(v)));
    }
    let keep: Vec<bool> = merged.kernel.params.iter().map(|p| used.contains(p)).collect();
    let mut k = 0;
    merged.kernel.params.retain(|_| {
        k += 1;
        keep[k - 1]
    });
    let mut k = 0;
    merged.args.retain(|_| {
        k += 1;
        keep[k - 1]
    });
}

/// A name for a kernel merged from kernels named `members`, not in
/// `taken`: their longest common `_`-separated prefix (or, with none, the
/// last one's name: the consumer, which runs in the region's own function
/// when a producer came from an inlined call) followed by `_fused`,
/// numbered if needed.
pub fn fused_kernel_name(members: &[&str], taken: &dyn Fn(&str) -> bool) -> String {
    let first: Vec<&str> = members.first().map(|m| m.split('_').collect()).unwrap_or_default();
    let mut common = first.len();
    for member in members.iter().skip(1) {
        let parts: Vec<&str> = member.split('_').collect();
        common = common.min(first.iter().zip(&parts).take_while(|(a, b)| a == b).count());
    }
    let stem =
        if common == 0 { members.last().copied().unwrap_or("kernel").to_string() } else { first[..common].join("_") };
    let base = format!("{stem}_fused");
    if !taken(&base) {
        return base;
    }
    (2..).map(|k| format!("{base}_{k}")).find(|name| !taken(name)).unwrap_or(base)
}
