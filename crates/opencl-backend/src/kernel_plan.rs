//! The launch plan of a kernel in low-level Lift: its stages' C, one
//! launch per stage, a buffer per stage result, and the sizes as
//! expressions of the kernel's arguments (see [`crate::plan`]).

use std::collections::HashMap;

use flatten::ir::{FlatProgram, KVar};
use lift_ir::arith::ArithExpr;
use lift_ir::ir::{LiftKernel, SizeDef};

use crate::codegen::{self, Generator, KernelArg};
use crate::compile::CodegenError;
use crate::plan::{
    BufferDecl, BufferElem, CompiledKernel, KernelParam, KernelResult, Launch, LaunchArg, SizeSource, SizeVar, Step,
};

/// The plan of `low`, whose arrays `narrow` are stored as 32-bit ints
/// (`storage_width`).
pub fn kernel_plan(program: &FlatProgram, low: &LiftKernel, narrow: &[KVar]) -> Result<CompiledKernel, CodegenError> {
    let flat = &low.flat;
    let names = codegen::var_names(flat);
    // The arrays of 32-bit ints: counters, narrowed arrays and the arrays
    // flattening made 32-bit (segment ids, `KVarInfo::is_narrow`).
    let int32: Vec<KVar> = low
        .counters
        .iter()
        .chain(narrow)
        .copied()
        .chain((0..flat.vars.len()).map(|i| KVar(i as u32)).filter(|v| flat.var(*v).is_narrow))
        .collect();
    let funs = codegen::user_functions(program, low, &int32)?;
    let param_index = |v: KVar| flat.params.iter().position(|p| *p == v);

    let mut buffers = Vec::new();
    let mut buffer_of: HashMap<KVar, usize> = HashMap::new();
    // The logical length of each buffer's array (its capacity may be more).
    let mut lengths: Vec<ArithExpr> = Vec::new();
    for stage in &low.stages {
        // The stage's results, then what its patterns write besides (a
        // filter's count, a `segReduce-binned` list; a look-back's ticket
        // and statuses are the session's arena, `LaunchArg::Lookback`).
        let mut side = lift_ir::lookback::side_outputs(&stage.body);
        side.extend(lift_ir::seg_reduce::side_outputs(&stage.body));
        let written = stage.result.iter().map(|v| (v, stage.scalar_result)).chain(side.iter().map(|v| (v, false)));
        for (v, scalar_result) in written {
            // A later stage may write into an earlier stage's result (a
            // scatter into the copy of its base).
            if buffer_of.contains_key(v) {
                continue;
            }
            let length = if scalar_result || !flat.var(*v).ty.is_array() {
                ArithExpr::one()
            } else {
                match low.lengths.iter().find(|(w, _)| w == v) {
                    Some((_, len)) => codegen::expand_sizes(low, len),
                    None => {
                        return Err(CodegenError::Internal(format!("no length for result `{}`", names[v.0 as usize])));
                    }
                }
            };
            let capacity = match low.capacities.iter().find(|(w, _)| w == v) {
                Some((_, cap)) => codegen::expand_sizes(low, cap),
                None => length.clone(),
            };
            buffer_of.insert(*v, buffers.len());
            lengths.push(length);
            buffers.push(BufferDecl {
                name: names[v.0 as usize].clone(),
                elem: if int32.contains(v) { BufferElem::I32 } else { BufferElem::Scalar(flat.var(*v).ty.scalar()) },
                length: capacity,
                zeroed: low.counters.contains(v),
            });
        }
    }

    let mut size_vars = Vec::new();
    for size in &low.sizes {
        let source = match &size.def {
            SizeDef::Derived(_) => continue,
            SizeDef::LengthOf(v) => match param_index(*v) {
                Some(i) => SizeSource::LengthOf(i),
                None => return Err(CodegenError::Internal("the length of a non-parameter as a size".into())),
            },
            SizeDef::ValueOf(v) => match (param_index(*v), buffer_of.get(v)) {
                (Some(i), _) => SizeSource::ValueOf(i),
                (None, Some(b)) => SizeSource::ReadBack { buffer: *b, index: ArithExpr::zero() },
                _ => return Err(CodegenError::Internal("a size from an unknown scalar".into())),
            },
        };
        size_vars.push(SizeVar { var: size.var.clone(), source });
    }

    // The length of an array argument, for bytes_moved.
    let array_bytes = |v: KVar| -> ArithExpr {
        let elem = if int32.contains(&v) { 4 } else { flat.var(v).ty.scalar().size_bytes() as i64 };
        let len = match buffer_of.get(&v) {
            Some(b) => buffers[*b].length.clone(),
            None => match low.sizes.iter().find(|s| s.def == SizeDef::LengthOf(v)) {
                Some(s) => ArithExpr::var(&s.var),
                None => ArithExpr::one(),
            },
        };
        len * elem
    };

    let mut source = String::from("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n");
    source.push_str(crate::user_fun::prelude());
    source.push('\n');
    // The number <-> text library goes here if the code calls it.
    let library_at = source.len();
    for f in &funs {
        source.push_str(&f.source);
        source.push('\n');
    }
    let mut steps = Vec::new();
    for stage in &low.stages {
        let code = Generator::new(low, &int32, &funs, &names).stage(stage)?;
        source.push_str(&code.source);
        source.push('\n');
        let mut args = Vec::new();
        let mut bytes = ArithExpr::zero();
        for arg in &code.args {
            args.push(match arg {
                KernelArg::Array { var, .. } => {
                    bytes = bytes + array_bytes(*var);
                    match (param_index(*var), buffer_of.get(var)) {
                        (Some(i), _) => LaunchArg::Param(i),
                        (None, Some(b)) => LaunchArg::Buffer(*b),
                        _ => {
                            return Err(CodegenError::Internal(format!(
                                "array `{}` has no buffer",
                                names[var.0 as usize]
                            )));
                        }
                    }
                }
                KernelArg::Scalar(v) => match param_index(*v) {
                    Some(i) => LaunchArg::Param(i),
                    None => return Err(CodegenError::Internal("a scalar argument that is not a parameter".into())),
                },
                KernelArg::Size(var) => LaunchArg::Size(codegen::expand_sizes(low, &ArithExpr::var(var))),
                KernelArg::Length(var) => {
                    let param = low.sizes.iter().find(|s| s.var == *var).and_then(|s| match s.def {
                        SizeDef::LengthOf(v) | SizeDef::ValueOf(v) => param_index(v),
                        SizeDef::Derived(_) => None,
                    });
                    match param {
                        Some(param) => LaunchArg::Length { param, var: var.clone() },
                        None => return Err(CodegenError::Internal(format!("length `{var}` of no array parameter"))),
                    }
                }
                KernelArg::ErrorFlag => LaunchArg::ErrorFlag,
                KernelArg::Lookback(status) => match low.lengths.iter().find(|(w, _)| w == status) {
                    Some((_, words)) => {
                        let words = codegen::expand_sizes(low, words);
                        bytes = bytes + words.clone() * 4;
                        LaunchArg::Lookback { words }
                    }
                    None => {
                        let name = &names[status.0 as usize];
                        return Err(CodegenError::Internal(format!("look-back `{name}` has no length")));
                    }
                },
            });
        }
        steps.push(Step::Launch(Launch {
            kernel: code.name.clone(),
            global: vec![codegen::expand_sizes(low, &code.global)],
            // A stage under a condition runs where it is not 0.
            when: stage.when.as_ref().map(|when| codegen::expand_sizes(low, when)),
            local: code.local.as_ref().map(|l| vec![l.clone()]),
            narrow: code.narrow.clone(),
            args,
            bytes_moved: codegen::expand_sizes(low, &bytes),
        }));
    }

    let mut results = Vec::new();
    for r in &flat.results {
        results.push(match (param_index(*r), buffer_of.get(r)) {
            (Some(i), _) => KernelResult::Param(i),
            (None, Some(b)) if flat.var(*r).ty.is_array() => {
                KernelResult::Array { buffer: *b, length: lengths[*b].clone() }
            }
            (None, Some(b)) => KernelResult::Scalar { buffer: *b },
            _ => {
                return Err(CodegenError::Internal(format!(
                    "result `{}` is computed by no stage",
                    names[r.0 as usize]
                )));
            }
        });
    }
    let params = flat
        .params
        .iter()
        .map(|v| KernelParam {
            name: flat.var(*v).name.clone(),
            ty: flat.var(*v).ty,
            is_narrow: narrow.contains(v) || flat.var(*v).is_narrow,
        })
        .collect();
    if crate::codegen::numtext::uses_numtext(&source[library_at..]) {
        source.insert_str(library_at, &format!("{}\n", crate::codegen::numtext::NUMTEXT_C));
    }
    Ok(CompiledKernel { name: low.name.clone(), source, params, size_vars, buffers, steps, results })
}
