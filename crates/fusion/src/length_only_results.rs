//! `length-only-results`: a FILTER column that a kernel returns but that
//! the program only ever asks the length of is not returned any more; its
//! uses ask a sibling column of the same filter (same length, same type)
//! instead, and the filter stops writing it.

// Note [length-only filter results]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// A lifted filter `{x in s | x < pivot}` pulls (position, element): its
// predicate needs the position (the element's segment, its pivot), and
// flattening returns the kept positions, whose only use downstream is
// their number: the counts per segment come from `BEFORE`, and the
// kernel that builds the new lengths reads `#kept`. Quicksort's
// three-way partition so wrote 8 bytes a kept element for nothing, a
// third of its writes.
//
// After fusion (the kernels are final), for each kernel `K`, each FILTER
// of `K`, and each column `c` of it that `K` returns: if every run of `K`
// binds `c` to a host variable `h` whose every use is `#h` or an argument
// of a kernel parameter that kernel only takes the length of (`#p`, never
// read, returned or used as offsets), and the filter has another column
// `c'` of the same type that `K` returns, bound to `h'`, then `h` is
// replaced by `h'` everywhere (every column of a filter has its count as
// length, and `#h` is all anyone asks) and `c` leaves `K`'s results. The
// filter's column is then read by nothing, and the lowering does not
// write it (note [unwritten filter columns] in `lift_ir::lower`). A use
// anywhere else (a block's result, a call, a print) keeps the column.

use flatten::ir::{Atom, Block, FlatProgram, GExpr, HostExpr, HostVar, KVar, Kernel, KernelId, Soac, Stmt};

use crate::gexpr::{for_each_expr, structural_uses};

/// Applies `length-only-results` to the whole program (note
/// [length-only filter results]); returns `kernel.column` for each column
/// taken out of a kernel's results.
pub fn length_only_results(program: &mut FlatProgram) -> Vec<String> {
    let mut dropped = Vec::new();
    for index in 0..program.kernels.len() {
        let kernel = KernelId(index as u32);
        while let Some((column, sibling)) = droppable_column(program, kernel) {
            let name = program.kernels[index].var(program.kernels[index].results[column]).name.clone();
            drop_column(program, kernel, column, sibling);
            dropped.push(format!("{}.{name}", program.kernels[index].name));
        }
    }
    dropped
}

/// A result of `kernel` (its position among the results) that may go, and
/// the position of the sibling column its uses take instead.
fn droppable_column(program: &FlatProgram, kernel: KernelId) -> Option<(usize, usize)> {
    let k = &program.kernels[kernel.0 as usize];
    let result_at = |v: KVar| k.results.iter().position(|&r| r == v);
    for binding in &k.body {
        let Soac::Filter { before, .. } = &binding.soac else { continue };
        let columns = &binding.results[..binding.results.len() - usize::from(before.is_some())];
        for &c in columns {
            let Some(column) = result_at(c) else { continue };
            let sibling = columns.iter().filter(|&&s| s != c && k.var(s).ty == k.var(c).ty).find_map(|&s| result_at(s));
            let Some(sibling) = sibling else { continue };
            if every_run_uses_length_only(program, kernel, column) {
                return Some((column, sibling));
            }
        }
    }
    None
}

/// Whether `kernel` runs somewhere and the host variable each run binds to
/// result `column` has only length uses.
fn every_run_uses_length_only(program: &FlatProgram, kernel: KernelId, column: usize) -> bool {
    let mut runs = 0;
    for function in program.functions.iter().chain(std::iter::once(&program.main)) {
        let mut bound = Vec::new();
        runs_binding(&function.body, kernel, column, &mut bound);
        for h in bound {
            runs += 1;
            let mut mentions = 0;
            let mut body = function.body.clone();
            body.rename_vars(&mut |v| {
                mentions += usize::from(v == h);
                None
            });
            // The binding itself, then each length use.
            if mentions != 1 + length_uses(program, &function.body, h) {
                return false;
            }
        }
    }
    runs > 0
}

/// The host variables the runs of `kernel` in `block` bind to result
/// `column`.
fn runs_binding(block: &Block, kernel: KernelId, column: usize, out: &mut Vec<HostVar>) {
    for stmt in &block.stmts {
        let Stmt::Let { vars, expr } = stmt else { continue };
        match expr {
            HostExpr::Run { kernel: k, .. } if *k == kernel => out.extend(vars.get(column)),
            HostExpr::If { then_block, else_block, .. } => {
                runs_binding(then_block, kernel, column, out);
                runs_binding(else_block, kernel, column, out);
            }
            HostExpr::Time { block } => runs_binding(block, kernel, column, out),
            _ => {}
        }
    }
}

/// The uses of `h` in `block` that ask only its length: `#h`, and
/// arguments of kernel parameters whose kernel only takes their length.
fn length_uses(program: &FlatProgram, block: &Block, h: HostVar) -> usize {
    let mut count = 0;
    for stmt in &block.stmts {
        let Stmt::Let { expr, .. } = stmt else { continue };
        match expr {
            HostExpr::Length(v) if *v == h => count += 1,
            HostExpr::Run { kernel, args } => {
                let k = &program.kernels[kernel.0 as usize];
                for (arg, param) in args.iter().zip(&k.params) {
                    if *arg == Atom::Var(h) && is_length_only_param(k, *param) {
                        count += 1;
                    }
                }
            }
            HostExpr::If { then_block, else_block, .. } => {
                count += length_uses(program, then_block, h) + length_uses(program, else_block, h);
            }
            HostExpr::Time { block } => count += length_uses(program, block, h),
            _ => {}
        }
    }
    count
}

/// Whether `kernel` uses its parameter `param` only as `#param`.
fn is_length_only_param(kernel: &Kernel, param: KVar) -> bool {
    !kernel.results.contains(&param)
        && kernel.body.iter().all(|binding| {
            let mut only_length = !structural_uses(&binding.soac).contains(&param);
            for_each_expr(&binding.soac, |_, e| only_length &= asks_only_length(e, param));
            only_length
        })
}

fn asks_only_length(expr: &GExpr, v: KVar) -> bool {
    match expr {
        GExpr::Length(u) if *u == v => true,
        GExpr::Var(u) | GExpr::Read { array: u, .. } | GExpr::SegmentOf { offsets: u, .. } if *u == v => false,
        GExpr::ParseNumber { chars, .. } if *chars == v => false,
        _ => {
            let mut only_length = true;
            expr.for_each_child(|c| only_length &= asks_only_length(c, v));
            only_length
        }
    }
}

/// Takes result `column` out of `kernel` and out of every run of it; the
/// variable each run bound it to becomes the one bound to `sibling`.
fn drop_column(program: &mut FlatProgram, kernel: KernelId, column: usize, sibling: usize) {
    program.kernels[kernel.0 as usize].results.remove(column);
    for function in program.functions.iter_mut().chain(std::iter::once(&mut program.main)) {
        let mut renames = Vec::new();
        drop_from_runs(&mut function.body, kernel, column, sibling, &mut renames);
        for (from, to) in renames {
            function.body.rename_vars(&mut |v| (v == from).then_some(to));
        }
    }
}

fn drop_from_runs(
    block: &mut Block,
    kernel: KernelId,
    column: usize,
    sibling: usize,
    renames: &mut Vec<(HostVar, HostVar)>,
) {
    for stmt in &mut block.stmts {
        let Stmt::Let { vars, expr } = stmt else { continue };
        match expr {
            HostExpr::Run { kernel: k, .. } if *k == kernel => {
                if let (Some(&from), Some(&to)) = (vars.get(column), vars.get(sibling)) {
                    renames.push((from, to));
                    vars.remove(column);
                }
            }
            HostExpr::If { then_block, else_block, .. } => {
                drop_from_runs(then_block, kernel, column, sibling, renames);
                drop_from_runs(else_block, kernel, column, sibling, renames);
            }
            HostExpr::Time { block } => drop_from_runs(block, kernel, column, sibling, renames),
            _ => {}
        }
    }
}
