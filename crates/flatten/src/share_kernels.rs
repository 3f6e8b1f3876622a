//! Sharing identical kernels: two kernels that differ only in their names
//! and the names of their variables become one, run from both places (λcu's
//! `norm2` runs `K1` twice). Keeps the first kernel's name.

use std::collections::HashMap;

use crate::ir::print::print_kernel;
use crate::ir::{Block, FlatProgram, HostExpr, Kernel, KernelId, Stmt};

pub(crate) fn share_identical_kernels(mut program: FlatProgram) -> FlatProgram {
    let mut first_of: HashMap<String, KernelId> = HashMap::new();
    let mut new_id: Vec<KernelId> = Vec::with_capacity(program.kernels.len());
    let mut kept: Vec<Kernel> = Vec::new();
    for kernel in std::mem::take(&mut program.kernels) {
        let key = print_kernel(&anonymous(&kernel));
        match first_of.get(&key) {
            Some(id) => new_id.push(*id),
            None => {
                let id = KernelId(kept.len() as u32);
                first_of.insert(key, id);
                new_id.push(id);
                kept.push(kernel);
            }
        }
    }
    program.kernels = kept;
    for f in program.functions.iter_mut().chain(std::iter::once(&mut program.main)) {
        renumber_runs(&mut f.body, &new_id);
    }
    program
}

/// The kernel with every name blanked, to compare structure.
fn anonymous(kernel: &Kernel) -> Kernel {
    let mut k = kernel.clone();
    k.name.clear();
    for v in &mut k.vars {
        v.name = "v".to_string();
    }
    k
}

fn renumber_runs(block: &mut Block, new_id: &[KernelId]) {
    for stmt in &mut block.stmts {
        if let Stmt::Let { expr, .. } = stmt {
            match expr {
                HostExpr::Run { kernel, .. } => *kernel = new_id[kernel.0 as usize],
                HostExpr::If { then_block, else_block, .. } => {
                    renumber_runs(then_block, new_id);
                    renumber_runs(else_block, new_id);
                }
                HostExpr::Time { block } => renumber_runs(block, new_id),
                _ => {}
            }
        }
    }
}
