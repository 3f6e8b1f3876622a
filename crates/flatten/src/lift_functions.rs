//! Calls of user and library functions.
//!
//! - In the host context a call is a host call of the function's **host
//!   version**: a host function with the function's body flattened in the
//!   host context (its parameters and result in their host representation).
//! - In a lifted context a call is a host call of a **lifted version**: a
//!   host function over an instance space, taking `n`, then each argument
//!   as its shape says ([`Shape`]): uniform arguments (the `v` of
//!   `{dotp(row, v) : row in m}`) in their host representation, never
//!   replicated; lifted ones as dense lifted sequences of `n` values. Its
//!   body is flattened in a lifted level of `n` instances and returns a
//!   dense lifted result.
//! - Scalar functions called in scalar code never get here: they are inlined
//!   into the thunk (`scalar_code.rs`).
//!
//! Versions are memoised by [`FunctionKey`]: the function, the shapes of
//! its arguments (`None` for the host version) and, for a library function
//! that may fault, the user call site its faults are reported at (see
//! `faults.rs`). A recursive call finds its own version in the memo, so a
//! lifted recursive function recurses on the host, each level of the
//! recursion running its kernels over all the instances active at that
//! depth. A lifted version of a recursive function returns at once when it
//! has no instances, which ends the recursion, and its body then knows its
//! level is non-empty.
//!
//! Every version takes the globals its function reads (see `analysis.rs`)
//! as uniform parameters, first.

use std::collections::HashMap;

use nesl_frontend::tast::{ExprId, FuncId as TastFuncId};

use crate::context::{Levels, SourceScope};
use crate::error::{FlattenError, Result};
use crate::faults::{Attribution, callee_attribution};
use crate::flatten_program::{FnCx, FunctionKey};
use crate::host_code::FunctionBuilder;
use crate::ir::{Atom, BinaryOp, Const, FuncId, HostExpr, HostVar, Scalar, Stmt, VarType};
use crate::random_keys::SeedState;
use crate::representation::{Shape, Val, components, fresh_repr, fresh_seq, repr_atoms, repr_vars, seq_vars};

impl FnCx<'_, '_> {
    pub fn compile_call(&mut self, e: ExprId, func: TastFuncId, args: &[ExprId]) -> Result<Val> {
        let program = self.program();
        let callee = &program.functions[func];
        let level = self.levels.current();
        // Printing functions called in parallel run as their text versions
        // (`print_texts.rs`), so a call that still prints here is one the
        // rewrite left alone; `time` and file I/O run lifted (note [time in
        // parallel], `host_prims.rs`), and `rand` takes its key as an
        // argument (`random_keys.rs`).
        if level > 0 && self.fl.analysis.function_prints_or_seeds(func) {
            return Err(self.unsupported(
                format!("a call of `{}` (which prints or calls `rand_seed`) inside an apply-to-each", callee.name),
                e,
            ));
        }
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            values.push(self.compile(*a)?);
        }
        self.call_with_values(e, func, values)
    }

    /// The call `e` of `func` with its arguments' values computed already
    /// (by `compile_call`, or merged from the branches of a conditional by
    /// `lift_conditionals.rs`).
    pub fn call_with_values(&mut self, e: ExprId, func: TastFuncId, values: Vec<Val>) -> Result<Val> {
        let program = self.program();
        let callee = &program.functions[func];
        let level = self.levels.current();
        let called_from = callee_attribution(
            self.fl.sources,
            self.scope.called_from.as_ref(),
            self.expr(e).span,
            callee.is_library,
            &callee.name,
        );
        let attribution = if self.fl.analysis.function_may_fail(func) {
            callee_attribution(
                self.fl.sources,
                self.scope.attribution.as_ref(),
                self.expr(e).span,
                callee.is_library,
                &callee.name,
            )
        } else {
            None
        };
        let mut atoms = Vec::new();
        for g in self.fl.analysis.function_globals(func).iter() {
            let repr = self
                .scope
                .globals
                .get(g)
                .ok_or_else(|| FlattenError::bug(format!("`{}` reads a global its caller lacks", callee.name)))?;
            repr_atoms(repr, &mut atoms);
        }
        if level == 0 {
            let id = self.host_version(func, attribution, called_from)?;
            for v in values {
                repr_atoms(&v.into_uniform()?, &mut atoms);
            }
            let seeds = self.fl.analysis.function_seeds(func);
            if seeds {
                atoms.push(self.seed_argument()?);
            }
            let result = fresh_repr(program, &mut self.fb.function, &callee.result, &callee.name)?;
            let mut vars = repr_vars(&result)?;
            if seeds {
                self.bind_seed_result(&mut vars);
            }
            self.fb.push(Stmt::Let { vars, expr: HostExpr::Call { func: id, args: atoms } });
            return Ok(Val::Uniform(result));
        }
        let shapes: Vec<Shape> = values.iter().map(Val::shape).collect();
        let id = self.lifted_version(func, shapes.clone(), attribution, called_from)?;
        let n = self.fb.size(&self.levels.get(level).size.clone());
        let mut call_args = vec![n];
        call_args.extend(atoms);
        for (value, shape) in values.iter().zip(&shapes) {
            self.lifted_argument(value, shape, &mut call_args)?;
        }
        let result = fresh_seq(program, &mut self.fb.function, &callee.result, &callee.name)?;
        let mut vars = Vec::new();
        seq_vars(&result, &mut |v| vars.push(v));
        self.fb.push(Stmt::Let { vars, expr: HostExpr::Call { func: id, args: call_args } });
        Ok(Val::from_seq(result, level))
    }

    /// The atoms that pass `value` to a parameter of shape `shape`.
    fn lifted_argument(&mut self, value: &Val, shape: &Shape, out: &mut Vec<Atom>) -> Result<()> {
        match shape {
            Shape::Uniform => repr_atoms(&value.clone().into_uniform()?, out),
            Shape::Lifted => {
                let dense = self.dense_at(value, self.levels.current())?;
                seq_vars(&dense, &mut |v| out.push(Atom::Var(v)));
            }
            Shape::Tuple(shapes) => {
                for (part, shape) in value.clone().into_components()?.iter().zip(shapes) {
                    self.lifted_argument(part, shape, out)?;
                }
            }
        }
        Ok(())
    }

    /// The host version of `func`, flattened on first use.
    fn host_version(
        &mut self,
        func: TastFuncId,
        attribution: Option<Attribution>,
        called_from: Option<Attribution>,
    ) -> Result<FuncId> {
        let key = FunctionKey { func, shapes: None, attribution: attribution.clone() };
        if let Some(id) = self.fl.memo.get(&key) {
            return Ok(*id);
        }
        let id = self.fl.reserve_function();
        self.fl.memo.insert(key, id);
        let program = self.program();
        let callee = &program.functions[func];
        let name = self.fl.function_name(callee.instance.clone());
        let mut fb = FunctionBuilder::new(name);
        let mut scope = self.callee_scope(func, attribution, called_from, &mut fb)?;
        let mut params: Vec<HostVar> = fb.function.params.clone();
        let mut arguments = Vec::with_capacity(callee.params.len());
        for p in &callee.params {
            let repr = fresh_repr(program, &mut fb.function, &p.ty, "arg")?;
            params.extend(repr_vars(&repr)?);
            arguments.push(Val::Uniform(repr));
        }
        // A function that may call `rand_seed` takes the seed last and
        // returns the seed it leaves last (note [rand_seed on the host]).
        let seeds = self.fl.analysis.function_seeds(func);
        let seed = seeds.then(|| fb.var("seed", VarType::Scalar(Scalar::Int)));
        params.extend(seed);
        fb.function.params = params;
        scope.locals = vec![None; callee.locals.len()];
        let mut cx = FnCx::new(&mut *self.fl, fb, Levels::host(), scope);
        if let Some(seed) = seed {
            cx.seed = Some(SeedState { seed: Atom::Var(seed), block: cx.fb.current_block() });
        }
        for (p, v) in callee.params.iter().zip(arguments) {
            cx.bind_pattern(p, v, 0)?;
        }
        let result = cx.compile_host(callee.body)?;
        let mut atoms = Vec::new();
        repr_atoms(&result, &mut atoms);
        if seeds {
            atoms.push(cx.seed_argument()?);
        }
        let function = cx.fb.finish(atoms);
        self.fl.functions[id.0 as usize] = Some(function);
        Ok(id)
    }

    /// The lifted version of `func` for arguments of `shapes`, flattened on
    /// first use.
    fn lifted_version(
        &mut self,
        func: TastFuncId,
        shapes: Vec<Shape>,
        attribution: Option<Attribution>,
        called_from: Option<Attribution>,
    ) -> Result<FuncId> {
        let key = FunctionKey { func, shapes: Some(shapes.clone()), attribution: attribution.clone() };
        if let Some(id) = self.fl.memo.get(&key) {
            return Ok(*id);
        }
        let id = self.fl.reserve_function();
        self.fl.memo.insert(key, id);
        let program = self.program();
        let callee = &program.functions[func];
        let name = self.fl.function_name(format!("{}^", callee.instance));
        let mut fb = FunctionBuilder::new(name);
        let n = fb.var("instances", VarType::Scalar(Scalar::Int));
        let mut scope = self.callee_scope(func, attribution, called_from, &mut fb)?;
        let mut params = vec![n];
        params.extend(fb.function.params.iter().copied());
        let mut arguments = Vec::with_capacity(callee.params.len());
        for (p, shape) in callee.params.iter().zip(&shapes) {
            arguments.push(self.lifted_parameter(&mut fb, &p.ty, shape, &mut params)?);
        }
        fb.function.params = params;
        scope.locals = vec![None; callee.locals.len()];
        let is_recursive = callee.is_recursive;
        let mut cx = FnCx::new(&mut *self.fl, fb, Levels::lifted(n, is_recursive), scope);
        for (p, v) in callee.params.iter().zip(arguments) {
            cx.bind_pattern(p, v, 0)?;
        }
        let results = if is_recursive {
            // No instances: return empty results at once (this ends the
            // recursion).
            let empty = cx.fb.binary(BinaryOp::Eq, Scalar::Int, Atom::Var(n), Atom::Const(Const::Int(0)));
            cx.fb.begin_block();
            let none = cx.empty_seq(&callee.result)?;
            let then_block = cx.fb.end_block(seq_atoms(&none));
            cx.fb.begin_block();
            let value = cx.compile(callee.body)?;
            let dense = cx.dense_at(&value, 1)?;
            let else_block = cx.fb.end_block(seq_atoms(&dense));
            let result = fresh_seq(program, &mut cx.fb.function, &callee.result, "result")?;
            let mut vars = Vec::new();
            seq_vars(&result, &mut |v| vars.push(v));
            cx.fb.push(Stmt::Let { vars, expr: HostExpr::If { cond: empty, then_block, else_block } });
            seq_atoms(&result)
        } else {
            let value = cx.compile(callee.body)?;
            let dense = cx.dense_at(&value, 1)?;
            seq_atoms(&dense)
        };
        let function = cx.fb.finish(results);
        self.fl.functions[id.0 as usize] = Some(function);
        Ok(id)
    }

    /// The scope of a callee's body, with its globals as the function's
    /// first parameters.
    fn callee_scope(
        &mut self,
        func: TastFuncId,
        attribution: Option<Attribution>,
        called_from: Option<Attribution>,
        fb: &mut FunctionBuilder,
    ) -> Result<SourceScope> {
        let program = self.program();
        let callee = &program.functions[func];
        let mut globals = HashMap::new();
        let mut params = Vec::new();
        for g in self.fl.analysis.function_globals(func).iter() {
            let global = program.global(*g);
            let repr = fresh_repr(program, &mut fb.function, &global.ty, &global.name)?;
            params.extend(repr_vars(&repr)?);
            globals.insert(*g, repr);
        }
        fb.function.params = params;
        Ok(SourceScope {
            name: callee.name.clone(),
            attribution,
            called_from,
            locals: Vec::new(),
            local_names: callee.locals.iter().map(|l| l.name.clone()).collect(),
            globals,
        })
    }

    /// The parameters of a lifted version for one argument of type `ty` and
    /// shape `shape`, and the argument's value in the body.
    fn lifted_parameter(
        &mut self,
        fb: &mut FunctionBuilder,
        ty: &nesl_frontend::Type,
        shape: &Shape,
        params: &mut Vec<HostVar>,
    ) -> Result<Val> {
        let program = self.program();
        Ok(match shape {
            Shape::Uniform => {
                let repr = fresh_repr(program, &mut fb.function, ty, "arg")?;
                params.extend(repr_vars(&repr)?);
                Val::Uniform(repr)
            }
            Shape::Lifted => {
                let seq = fresh_seq(program, &mut fb.function, ty, "arg")?;
                seq_vars(&seq, &mut |v| params.push(v));
                Val::from_seq(seq, 1)
            }
            Shape::Tuple(shapes) => {
                let parts = components(program, ty)
                    .ok_or_else(|| FlattenError::bug("a tuple shape for an argument that is not a tuple"))?;
                let mut items = Vec::with_capacity(parts.len());
                for (t, s) in parts.iter().zip(shapes) {
                    items.push(self.lifted_parameter(fb, t, s, params)?);
                }
                Val::Tuple(items)
            }
        })
    }
}

fn seq_atoms(seq: &crate::ir::SeqRepr) -> Vec<Atom> {
    let mut atoms = Vec::new();
    seq_vars(seq, &mut |v| atoms.push(Atom::Var(v)));
    atoms
}
