//! Runs host functions: statements in order, a frame of variables per call,
//! kernels through [`crate::eval::kernel`], and what the program prints and
//! emits through a [`Sink`].

use std::time::Instant;

use nesl_frontend::Type;

use crate::eval::kernel::run_kernel;
use crate::eval::scalar;
use crate::eval::values::{ArrayValue, ColumnBuilder, FlatValue, ScalarValue};
use crate::eval::{EVALUATOR_STACK_BYTES, Flow, MAX_CALL_DEPTH, Stop, internal};
use crate::host_ops::HostOpError;
use crate::ir::{Atom, Block, Const, FlatProgram, FuncId, HostExpr, HostFunction, HostVar, Repr, Stmt};

/// Where a running program's output goes, in program order.
pub(crate) trait Sink<'p> {
    /// `print` of a `[char]` array.
    fn print(&mut self, text: &ArrayValue) -> Flow<()>;
    /// `emit` of top-level item `item`: the value of type `ty` that `repr`
    /// gives over the variables of `frame`.
    fn item(&mut self, item: usize, ty: &'p Type, repr: &'p Repr, frame: &Frame) -> Flow<()>;
}

/// The variables of one call, indexed by [`HostVar`].
#[derive(Clone, Debug)]
pub(crate) struct Frame {
    pub(crate) values: Vec<Option<FlatValue>>,
    /// Which variables a `free` has dropped: reading one is an internal
    /// error (the liveness of `free-dead-buffers` was wrong).
    freed: Vec<bool>,
}

impl Frame {
    fn new(vars: usize) -> Frame {
        Frame { values: vec![None; vars], freed: vec![false; vars] }
    }

    /// `free v`: drops the value, if any.
    fn free(&mut self, function: &HostFunction, v: HostVar) -> Flow<()> {
        match (self.values.get_mut(v.0 as usize), self.freed.get_mut(v.0 as usize)) {
            (Some(slot), Some(freed)) => {
                if slot.take().is_some() {
                    *freed = true;
                }
                Ok(())
            }
            _ => Err(internal(format!("`free` of variable {} ({}), which does not exist", var_name(function, v), v.0))),
        }
    }
}

pub(crate) struct HostMachine<'p, 's> {
    program: &'p FlatProgram,
    sink: &'s mut dyn Sink<'p>,
    /// Calls in progress.
    depth: usize,
    /// The address of a local of the machine's creator: where the stack
    /// of the evaluator's thread starts, near enough.
    stack_base: usize,
}

impl<'p, 's> HostMachine<'p, 's> {
    pub(crate) fn new(program: &'p FlatProgram, sink: &'s mut dyn Sink<'p>) -> HostMachine<'p, 's> {
        HostMachine { program, sink, depth: 0, stack_base: stack_address() }
    }

    /// Calls `function` with `args` and returns its results.
    pub(crate) fn call(&mut self, function: &'p HostFunction, args: Vec<FlatValue>) -> Flow<Vec<FlatValue>> {
        let place = || function_place(self.program, function);
        let stack_used = self.stack_base.abs_diff(stack_address());
        if self.depth > MAX_CALL_DEPTH || stack_used > STACK_BUDGET_BYTES {
            // `main` is the first call, so `depth` counts the NESL calls
            // in progress, this one included, as the interpreter does.
            return Err(Box::new(Stop::TooDeep { depth: self.depth, function: function.name.clone() }));
        }
        if args.len() != function.params.len() {
            let message = format!("a call passes {} arguments for {} parameters", args.len(), function.params.len());
            return Err(internal(message).within(place));
        }
        let mut frame = Frame::new(function.vars.len());
        for (&param, arg) in function.params.iter().zip(args) {
            bind(function, &mut frame, param, arg).map_err(|e| e.within(place))?;
        }
        self.depth += 1;
        let results = self.block(function, &mut frame, &function.body);
        self.depth -= 1;
        results.map_err(|e| e.within(place))
    }

    fn block(&mut self, function: &'p HostFunction, frame: &mut Frame, block: &'p Block) -> Flow<Vec<FlatValue>> {
        for (index, stmt) in block.stmts.iter().enumerate() {
            match (stmt, block.stmts.get(index + 1)) {
                // The caller's dead arguments are released as the call
                // starts (see `Stmt::Free`).
                (Stmt::Let { vars, expr: HostExpr::Call { func, args } }, Some(Stmt::Free { vars: freed })) => {
                    let values = self.call_of(function, frame, *func, args, freed)?;
                    self.bind_all(function, frame, vars, values)?;
                }
                _ => self.stmt(function, frame, stmt)?,
            }
        }
        block.results.iter().map(|atom| atom_value(function, frame, atom)).collect()
    }

    fn stmt(&mut self, function: &'p HostFunction, frame: &mut Frame, stmt: &'p Stmt) -> Flow<()> {
        match stmt {
            Stmt::Let { vars, expr } => {
                let values = self.expr(function, frame, expr)?;
                self.bind_all(function, frame, vars, values)
            }
            Stmt::Free { vars } => vars.iter().try_for_each(|&v| frame.free(function, v)),
            Stmt::Assert { cond, site, payload } => {
                match scalar_value(function, frame, cond)? {
                    ScalarValue::Bool(true) => return Ok(()),
                    ScalarValue::Bool(false) => {}
                    other => return Err(internal(format!("an `assert` condition of type {}", other.scalar()))),
                }
                let payload = payload
                    .iter()
                    .map(|atom| Ok(scalar_value(function, frame, atom)?.to_const()))
                    .collect::<Flow<Vec<Const>>>()?;
                Err(Box::new(Stop::Fault { site: *site, payload }))
            }
            Stmt::Print { text } => match var_value(function, frame, *text)? {
                FlatValue::Array(text @ ArrayValue::Char(_)) => self.sink.print(text),
                other => Err(internal(format!("`print` of a {}", other.var_type()))),
            },
            Stmt::Emit { item, ty, value } => self.sink.item(*item, ty, value, frame),
        }
    }

    fn bind_all(
        &mut self,
        function: &'p HostFunction,
        frame: &mut Frame,
        vars: &[HostVar],
        values: Vec<FlatValue>,
    ) -> Flow<()> {
        if values.len() != vars.len() {
            let message = format!("`let` binds {} variables to {} values", vars.len(), values.len());
            return Err(internal(message));
        }
        for (&v, value) in vars.iter().zip(values) {
            bind(function, frame, v, value)?;
        }
        Ok(())
    }

    /// A call of `func`; the variables of `released` among its arguments
    /// are freed once the arguments are read.
    fn call_of(
        &mut self,
        function: &'p HostFunction,
        frame: &mut Frame,
        func: FuncId,
        args: &[Atom],
        released: &[HostVar],
    ) -> Flow<Vec<FlatValue>> {
        let Some(callee) = self.program.functions.get(func.0 as usize) else {
            return Err(internal(format!("a call of function {}, which does not exist", func.0)));
        };
        let values = args.iter().map(|a| atom_value(function, frame, a)).collect::<Flow<_>>()?;
        for atom in args {
            if let Atom::Var(v) = atom
                && released.contains(v)
            {
                frame.free(function, *v)?;
            }
        }
        self.call(callee, values)
    }

    fn expr(&mut self, function: &'p HostFunction, frame: &mut Frame, expr: &'p HostExpr) -> Flow<Vec<FlatValue>> {
        let one = |value: ScalarValue| Ok(vec![FlatValue::Scalar(value)]);
        match expr {
            HostExpr::Atom(atom) => Ok(vec![atom_value(function, frame, atom)?]),
            HostExpr::Unary { op, ty: _, arg } => {
                one(scalar::unary(*op, scalar_value(function, frame, arg)?).map_err(|e| internal(e.message()))?)
            }
            HostExpr::Binary { op, ty: _, lhs, rhs } => {
                let lhs = scalar_value(function, frame, lhs)?;
                let rhs = scalar_value(function, frame, rhs)?;
                one(scalar::binary(*op, lhs, rhs).map_err(|e| internal(e.message()))?)
            }
            HostExpr::Array { elem, items } => {
                let mut column = ColumnBuilder::with_capacity(*elem, items.len()).map_err(internal)?;
                for item in items {
                    column.push(scalar_value(function, frame, item)?).map_err(internal)?;
                }
                Ok(vec![FlatValue::Array(column.finish())])
            }
            HostExpr::Length(v) => match var_value(function, frame, *v)? {
                FlatValue::Array(array) => one(ScalarValue::Int(array.len() as i64)),
                FlatValue::Scalar(_) => Err(internal("`#` of a scalar")),
            },
            HostExpr::Run { kernel, args } => {
                let Some(kernel) = self.program.kernels.get(kernel.0 as usize) else {
                    return Err(internal(format!("`run` of kernel {}, which does not exist", kernel.0)));
                };
                let args = args.iter().map(|a| atom_value(function, frame, a)).collect::<Flow<_>>()?;
                run_kernel(kernel, args)
            }
            HostExpr::Call { func, args } => self.call_of(function, frame, *func, args, &[]),
            HostExpr::If { cond, then_block, else_block } => match scalar_value(function, frame, cond)? {
                ScalarValue::Bool(true) => self.block(function, frame, then_block),
                ScalarValue::Bool(false) => self.block(function, frame, else_block),
                other => Err(internal(format!("an `if` condition of type {}", other.scalar()))),
            },
            HostExpr::HostOp { op, args } => {
                let args = args.iter().map(|a| atom_value(function, frame, a)).collect::<Flow<Vec<_>>>()?;
                crate::host_ops::apply(op, &self.program.datatypes, &args).map_err(|error| match error {
                    HostOpError::Fault(message) => match op.site() {
                        Some(site) => Box::new(Stop::FaultText { site, message }),
                        None => internal(format!("`host {}` failed: {message}", op.name())),
                    },
                    HostOpError::Internal(message) => internal(message),
                })
            }
            HostExpr::Time { block } => {
                let start = Instant::now();
                let mut values = self.block(function, frame, block)?;
                values.push(FlatValue::Scalar(ScalarValue::Float(start.elapsed().as_secs_f64())));
                Ok(values)
            }
        }
    }
}

/// How much of the evaluator thread's stack nested calls may use; the rest
/// is headroom for the work between two calls (kernels, deep expressions).
const STACK_BUDGET_BYTES: usize = EVALUATOR_STACK_BYTES - (64 << 20);

/// The address of a local of the caller's frame: where the stack is now.
#[inline(never)]
fn stack_address() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

pub(crate) fn function_place(program: &FlatProgram, function: &HostFunction) -> String {
    if std::ptr::eq(function, &program.main) { "main".to_string() } else { format!("function `{}`", function.name) }
}

fn var_name(function: &HostFunction, v: HostVar) -> &str {
    function.vars.get(v.0 as usize).map_or("?", |info| info.name.as_str())
}

/// Binds `v` to `value`, which must have its declared type.
fn bind(function: &HostFunction, frame: &mut Frame, v: HostVar, value: FlatValue) -> Flow<()> {
    let (Some(info), Some(slot)) = (function.vars.get(v.0 as usize), frame.values.get_mut(v.0 as usize)) else {
        return Err(internal(format!("variable {} does not exist", v.0)));
    };
    if info.ty != value.var_type() {
        let message = format!("`{}` of type {} is bound to a {}", info.name, info.ty, value.var_type());
        return Err(internal(message));
    }
    *slot = Some(value);
    Ok(())
}

pub(crate) fn var_value<'f>(function: &HostFunction, frame: &'f Frame, v: HostVar) -> Flow<&'f FlatValue> {
    match frame.values.get(v.0 as usize) {
        Some(Some(value)) => Ok(value),
        _ if frame.freed.get(v.0 as usize) == Some(&true) => {
            Err(internal(format!("variable `{}` ({}) is read after it is freed", var_name(function, v), v.0)))
        }
        _ => Err(internal(format!("variable `{}` ({}) is read before it is bound", var_name(function, v), v.0))),
    }
}

pub(crate) fn atom_value(function: &HostFunction, frame: &Frame, atom: &Atom) -> Flow<FlatValue> {
    match atom {
        Atom::Var(v) => var_value(function, frame, *v).cloned(),
        Atom::Const(c) => Ok(FlatValue::Scalar(ScalarValue::of_const(*c))),
    }
}

fn scalar_value(function: &HostFunction, frame: &Frame, atom: &Atom) -> Flow<ScalarValue> {
    match atom_value(function, frame, atom)? {
        FlatValue::Scalar(s) => Ok(s),
        FlatValue::Array(_) => Err(internal("an array where a scalar is expected")),
    }
}
