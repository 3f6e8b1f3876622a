//! Barrier elimination (the paper's step 4).
//!
//! The rules put a barrier after every `mapLcl`: its work-items write
//! memory that other work-items of the group read next. A barrier is
//! needed only where that memory is local: a `mapLcl` writing global
//! memory (the group's result, under `toGlobal`) is the last thing the
//! group does, and nothing in the launch reads what it wrote, so its
//! barrier goes. What a `mapLcl` writes is local inside `toLocal` and
//! inside `iterate`, whose buffers are in the memory of its input (local
//! in the reduction tree).

use crate::ir::{Expr, Fun, LiftKernel};

pub fn eliminate_barriers(kernel: &mut LiftKernel) {
    for stage in &mut kernel.stages {
        expr(&mut stage.body, false);
    }
}

fn expr(e: &mut Expr, local: bool) {
    if let Expr::Apply(f, args) = e {
        fun(f, local);
        for a in args {
            expr(a, local);
        }
    }
}

fn fun(f: &mut Fun, local: bool) {
    match f {
        Fun::Lambda(_, body) => expr(body, local),
        Fun::ToLocal(g) | Fun::Iterate(_, g) => fun(g, true),
        Fun::ToGlobal(g) | Fun::ToPrivate(g) | Fun::AtomicMax(g) => fun(g, false),
        Fun::MapLcl { f: g, barrier, .. } => {
            *barrier = local;
            fun(g, local);
        }
        Fun::Map(g)
        | Fun::Reduce(g)
        | Fun::PartRed(g, _)
        | Fun::MapGlb(_, g)
        | Fun::MapWrg(_, g)
        | Fun::MapSeq(g)
        | Fun::ReduceSeq(g)
        | Fun::Scan(g)
        | Fun::ScanLookback(g, _)
        | Fun::ScanSeq(g) => fun(g, local),
        _ => {}
    }
}

/// The `mapLcl`s of an expression with their barrier flags, in order.
pub fn barrier_flags(e: &Expr) -> Vec<bool> {
    let mut out = Vec::new();
    visit_expr(e, &mut |f| {
        if let Fun::MapLcl { barrier, .. } = f {
            out.push(*barrier);
        }
    });
    out
}

fn visit_expr(e: &Expr, f: &mut dyn FnMut(&Fun)) {
    if let Expr::Apply(g, args) = e {
        visit_fun(g, f);
        for a in args {
            visit_expr(a, f);
        }
    }
}

fn visit_fun(g: &Fun, f: &mut dyn FnMut(&Fun)) {
    f(g);
    match g {
        Fun::Lambda(_, body) => visit_expr(body, f),
        Fun::ToLocal(h)
        | Fun::Iterate(_, h)
        | Fun::ToGlobal(h)
        | Fun::ToPrivate(h)
        | Fun::AtomicMax(h)
        | Fun::MapLcl { f: h, .. }
        | Fun::Map(h)
        | Fun::Reduce(h)
        | Fun::PartRed(h, _)
        | Fun::MapGlb(_, h)
        | Fun::MapWrg(_, h)
        | Fun::MapSeq(h)
        | Fun::ReduceSeq(h)
        | Fun::Scan(h)
        | Fun::ScanLookback(h, _)
        | Fun::ScanSeq(h) => visit_fun(h, f),
        _ => {}
    }
}
