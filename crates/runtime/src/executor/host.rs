//! Runs host functions: statements in order, a frame of variables per call,
//! kernels through `kernel.rs`, what the program prints and emits through
//! the [`Output`].

use std::rc::Rc;
use std::time::Instant;

use flatten::ir::{Atom, Block, Const, FlatProgram, FuncId, HostExpr, HostFunction, HostVar, Scalar, Stmt};
use nesl_frontend::eval::Output;
use opencl_backend::plan::CompiledKernel;

use super::emit::{read_chars, read_value};
use super::faults::{check_device, fault_error};
use super::host_ops::run_host_op;
use super::kernel::run_kernel;
use super::scalar;
use super::values::{DeviceArray, HostValue};
use super::{ExecError, MAX_CALL_DEPTH, internal};
use crate::cl::{ElementRead, ElementValue, Program, ProgramLayout, Session};

/// The variables of one call, indexed by [`HostVar`].
pub(crate) type Frame = Vec<Option<HostValue>>;

/// Stack left before a call grows the stack (`stacker`), and by how much.
const STACK_RED_ZONE_BYTES: usize = 256 << 10;
const STACK_GROWTH_BYTES: usize = 4 << 20;

/// The state of one program run.
pub(crate) struct Executor<'p, 's> {
    pub program: &'p FlatProgram,
    /// Indexed by the flat `KernelId`.
    pub kernels: &'p [CompiledKernel],
    pub session: &'s mut Session,
    out: &'s mut dyn Output,
    /// The OpenCL program of each compiled kernel, once built (the session
    /// caches builds too; this saves hashing the source at every `run`).
    built: Vec<Option<Rc<Program>>>,
    /// Calls in progress.
    depth: usize,
    /// Whether a kernel was enqueued since the error flag was last read:
    /// only kernels set the flag, so without one there is nothing to check
    /// and no reason to wait for the device.
    has_unchecked_launches: bool,
}

impl<'p, 's> Executor<'p, 's> {
    pub(crate) fn new(
        program: &'p FlatProgram,
        kernels: &'p [CompiledKernel],
        session: &'s mut Session,
        out: &'s mut dyn Output,
    ) -> Executor<'p, 's> {
        Executor {
            program,
            kernels,
            session,
            out,
            built: vec![None; kernels.len()],
            depth: 0,
            has_unchecked_launches: false,
        }
    }

    /// Builds every compiled kernel, before the program starts: with
    /// [`ProgramLayout::Separate`] each on its own, with
    /// [`ProgramLayout::Merged`] as one OpenCL program: the sources one
    /// after another (each starts with the same guarded helper prelude, so
    /// the helpers are defined once, and every `__kernel` and helper name
    /// carries its flat kernel's name, so no two collide). One build and
    /// one binary-cache entry per program instead of one per kernel: on
    /// NVIDIA each build, even from a cached binary, is a call into the
    /// driver, and PoCL compiles the prelude once instead of per kernel.
    /// Kernels whose `__kernel` names collide with an earlier one's (which
    /// the backend never emits) are built on their own.
    ///
    /// On PoCL, quickhull (34 kernels) with both caches warm: 1.04 s of
    /// builds separate, 0.07 s merged; cold, `builtins/lifted_misc.nesl`
    /// (a test program of many forms) took 76 s of CPU separate and 48 s
    /// merged (PoCL compiles each kernel at its first launch as well).
    pub(crate) fn build_all(&mut self) -> Result<(), ExecError> {
        let mut names = std::collections::HashSet::new();
        let mut merged = String::new();
        let mut members = Vec::new();
        for (index, plan) in self.kernels.iter().enumerate() {
            let kernels = kernel_names(&plan.source);
            if kernels.iter().all(|name| !names.contains(name)) {
                names.extend(kernels);
                merged.push_str(&format!("// ===== {} =====\n", plan.file_name()));
                merged.push_str(&plan.source);
                merged.push('\n');
                members.push(index);
            }
        }
        if members.len() > 1 && self.session.program_layout() == ProgramLayout::Merged {
            let name = format!("{} kernels", members.len());
            let program = self.session.build_program(&name, &merged, "")?;
            for index in members {
                self.built[index] = Some(Rc::clone(&program));
            }
        }
        for index in 0..self.kernels.len() {
            self.program_of(index)?;
        }
        Ok(())
    }

    /// The OpenCL program of compiled kernel `index`, built on first use.
    pub(crate) fn program_of(&mut self, index: usize) -> Result<Rc<Program>, ExecError> {
        if let Some(Some(program)) = self.built.get(index) {
            return Ok(Rc::clone(program));
        }
        let Some(plan) = self.kernels.get(index) else {
            return Err(internal(format!("compiled kernel {index} does not exist")));
        };
        let program = self.session.build_program(&plan.name, &plan.source, "")?;
        self.built[index] = Some(Rc::clone(&program));
        Ok(program)
    }

    /// Records that a kernel was enqueued.
    pub(crate) fn note_launch(&mut self) {
        self.has_unchecked_launches = true;
    }

    /// Reads the error flag (a synchronisation point), unless no kernel
    /// was enqueued since it was last read: a fault a kernel reported
    /// becomes the program's error.
    pub(crate) fn check_device(&mut self) -> Result<(), ExecError> {
        if !self.has_unchecked_launches {
            return Ok(());
        }
        let checked = check_device(self.session, self.program);
        if !matches!(checked, Err(ExecError::Environment(_))) {
            self.has_unchecked_launches = false;
        }
        checked
    }

    /// Reads the elements of `reads` and the error flag in one round trip
    /// (see [`Session::read_elements_checked`]): the values, or the fault a
    /// kernel reported (values a faulting kernel wrote must size nothing).
    pub(crate) fn read_checked(&mut self, reads: &[ElementRead<'_>]) -> Result<Vec<ElementValue>, ExecError> {
        let (values, fault) = self.session.read_elements_checked(reads)?;
        self.has_unchecked_launches = false;
        match fault {
            Some(fault) => Err(fault_error(self.program, fault)),
            None => Ok(values),
        }
    }

    /// `error`, unless the device has a fault to report: a kernel enqueued
    /// earlier, so earlier in program order, failed first, and whatever
    /// went wrong since may be its consequence.
    pub(crate) fn prefer_device_fault(&mut self, error: ExecError) -> ExecError {
        if matches!(error, ExecError::Fault(_)) {
            return error;
        }
        match self.check_device() {
            Err(fault @ ExecError::Fault(_)) => fault,
            _ => error,
        }
    }

    /// Calls `function` with `args` and returns its results.
    pub(crate) fn call(
        &mut self,
        function: &'p HostFunction,
        args: Vec<HostValue>,
    ) -> Result<Vec<HostValue>, ExecError> {
        let place = || function_place(self.program, function);
        if self.depth > MAX_CALL_DEPTH {
            // `main` is the first call, so `depth` counts the NESL calls
            // in progress, this one included, as the interpreter does.
            return Err(ExecError::Fault(flatten::eval::recursion_too_deep(self.depth, &function.name)));
        }
        if args.len() != function.params.len() {
            let message = format!("a call passes {} arguments for {} parameters", args.len(), function.params.len());
            return Err(internal(message).within(place));
        }
        let mut frame: Frame = vec![None; function.vars.len()];
        for (&param, arg) in function.params.iter().zip(args) {
            bind(function, &mut frame, param, arg).map_err(|e| e.within(place))?;
        }
        self.depth += 1;
        // Deep NESL recursion recurses here: grow the stack on the heap
        // rather than overflow it.
        let results = stacker::maybe_grow(STACK_RED_ZONE_BYTES, STACK_GROWTH_BYTES, || {
            self.block(function, &mut frame, &function.body)
        });
        self.depth -= 1;
        results.map_err(|e| e.within(|| function_place(self.program, function)))
    }

    fn block(
        &mut self,
        function: &'p HostFunction,
        frame: &mut Frame,
        block: &'p Block,
    ) -> Result<Vec<HostValue>, ExecError> {
        for (index, stmt) in block.stmts.iter().enumerate() {
            match (stmt, block.stmts.get(index + 1)) {
                // The caller's dead arguments are released as the call
                // starts (see `Stmt::Free`), so a recursion does not hold
                // every level's arrays.
                (Stmt::Let { vars, expr: HostExpr::Call { func, args } }, Some(Stmt::Free { vars: freed })) => {
                    let values = self.call_of(function, frame, *func, args, freed)?;
                    bind_all(function, frame, vars, values)?;
                }
                _ => self.stmt(function, frame, stmt)?,
            }
        }
        block.results.iter().map(|atom| atom_value(function, frame, atom)).collect()
    }

    /// A call of `func`; the variables of `released` among its arguments
    /// are dropped from the caller's frame once the arguments are read.
    fn call_of(
        &mut self,
        function: &'p HostFunction,
        frame: &mut Frame,
        func: FuncId,
        args: &[Atom],
        released: &[HostVar],
    ) -> Result<Vec<HostValue>, ExecError> {
        let Some(callee) = self.program.functions.get(func.0 as usize) else {
            return Err(internal(format!("a call of function {}, which does not exist", func.0)));
        };
        let values = args.iter().map(|atom| atom_value(function, frame, atom)).collect::<Result<Vec<_>, _>>()?;
        for atom in args {
            if let Atom::Var(var) = atom
                && released.contains(var)
                && let Some(slot) = frame.get_mut(var.0 as usize)
            {
                *slot = None;
            }
        }
        self.call(callee, values)
    }

    fn stmt(&mut self, function: &'p HostFunction, frame: &mut Frame, stmt: &'p Stmt) -> Result<(), ExecError> {
        match stmt {
            Stmt::Let { vars, expr } => {
                let values = self.expr(function, frame, expr)?;
                bind_all(function, frame, vars, values)
            }
            Stmt::Free { vars } => {
                for var in vars {
                    // Dropping the last reference releases the buffer.
                    match frame.get_mut(var.0 as usize) {
                        Some(slot) => *slot = None,
                        None => return Err(internal(format!("`free` of variable {}, which does not exist", var.0))),
                    }
                }
                Ok(())
            }
            Stmt::Assert { cond, site, payload } => {
                match scalar_value(function, frame, cond)? {
                    Const::Bool(true) => return Ok(()),
                    Const::Bool(false) => {}
                    other => return Err(internal(format!("an `assert` condition of type {}", other.scalar()))),
                }
                let payload =
                    payload.iter().map(|atom| scalar_value(function, frame, atom)).collect::<Result<Vec<_>, _>>()?;
                let Some(fault_site) = self.program.fault_sites.get(site.0 as usize) else {
                    return Err(internal(format!("an `assert` at fault site @{}, which does not exist", site.0)));
                };
                let fault = ExecError::Fault(fault_site.diagnostic(&payload));
                // A kernel enqueued before this statement may have failed
                // first.
                self.check_device()?;
                Err(fault)
            }
            Stmt::Print { text } => {
                let text = match var_value(function, frame, *text)? {
                    HostValue::Array(array @ DeviceArray { elem: Scalar::Char, .. }) => {
                        read_chars(self.session, array)?
                    }
                    other => return Err(internal(format!("`print` of a {}", other.var_type()))),
                };
                self.check_device()?;
                self.out.print(&text);
                Ok(())
            }
            Stmt::Emit { item, ty, value } => {
                let read = read_value(self.session, &self.program.datatypes, function, frame, ty, value);
                // Checked even when nothing was read: no output may appear
                // after a fault that happened before it.
                self.check_device()?;
                let value = read?;
                self.out.item(*item, &value);
                Ok(())
            }
        }
    }

    fn expr(
        &mut self,
        function: &'p HostFunction,
        frame: &mut Frame,
        expr: &'p HostExpr,
    ) -> Result<Vec<HostValue>, ExecError> {
        let one = |value: Const| Ok(vec![HostValue::Scalar(value)]);
        match expr {
            HostExpr::Atom(atom) => Ok(vec![atom_value(function, frame, atom)?]),
            HostExpr::Unary { op, ty: _, arg } => {
                one(scalar::unary(*op, scalar_value(function, frame, arg)?).map_err(internal)?)
            }
            HostExpr::Binary { op, ty: _, lhs, rhs } => {
                let lhs = scalar_value(function, frame, lhs)?;
                let rhs = scalar_value(function, frame, rhs)?;
                one(scalar::binary(*op, lhs, rhs).map_err(internal)?)
            }
            HostExpr::Length(var) => match var_value(function, frame, *var)? {
                HostValue::Array(array) => one(Const::Int(array.len as i64)),
                HostValue::Scalar(_) => Err(internal("`#` of a scalar")),
            },
            HostExpr::Array { elem, items } => {
                let items =
                    items.iter().map(|atom| scalar_value(function, frame, atom)).collect::<Result<Vec<_>, _>>()?;
                Ok(vec![HostValue::Array(DeviceArray::upload(self.session, *elem, &items)?)])
            }
            HostExpr::Run { kernel, args } => {
                let args = args.iter().map(|atom| atom_value(function, frame, atom)).collect::<Result<Vec<_>, _>>()?;
                run_kernel(self, *kernel, args)
            }
            HostExpr::Call { func, args } => self.call_of(function, frame, *func, args, &[]),
            HostExpr::If { cond, then_block, else_block } => match scalar_value(function, frame, cond)? {
                Const::Bool(true) => self.block(function, frame, then_block),
                Const::Bool(false) => self.block(function, frame, else_block),
                other => Err(internal(format!("an `if` condition of type {}", other.scalar()))),
            },
            HostExpr::HostOp { op, args } => {
                let args = args.iter().map(|atom| atom_value(function, frame, atom)).collect::<Result<Vec<_>, _>>()?;
                // The device's work so far finishes first, and a fault it
                // reported comes before anything the host does.
                self.check_device()?;
                run_host_op(self.session, self.program, op, args)
            }
            HostExpr::Time { block } => {
                // Time only the block's work: what was enqueued before it
                // finishes first, and the block's own work before the
                // clock is read.
                self.session.finish()?;
                let start = Instant::now();
                let mut values = self.block(function, frame, block)?;
                self.session.finish()?;
                let seconds = start.elapsed().as_secs_f64();
                self.check_device()?;
                values.push(HostValue::Scalar(Const::Float(seconds)));
                Ok(values)
            }
        }
    }
}

pub(crate) fn function_place(program: &FlatProgram, function: &HostFunction) -> String {
    if std::ptr::eq(function, &program.main) { "main".to_string() } else { format!("function `{}`", function.name) }
}

fn var_name(function: &HostFunction, var: HostVar) -> &str {
    function.vars.get(var.0 as usize).map_or("?", |info| info.name.as_str())
}

fn bind_all(
    function: &HostFunction,
    frame: &mut Frame,
    vars: &[HostVar],
    values: Vec<HostValue>,
) -> Result<(), ExecError> {
    if values.len() != vars.len() {
        return Err(internal(format!("`let` binds {} variables to {} values", vars.len(), values.len())));
    }
    for (&var, value) in vars.iter().zip(values) {
        bind(function, frame, var, value)?;
    }
    Ok(())
}

/// Binds `var` to `value`, which must have its declared type.
fn bind(function: &HostFunction, frame: &mut Frame, var: HostVar, value: HostValue) -> Result<(), ExecError> {
    let (Some(info), Some(slot)) = (function.vars.get(var.0 as usize), frame.get_mut(var.0 as usize)) else {
        return Err(internal(format!("variable {} does not exist", var.0)));
    };
    if info.ty != value.var_type() {
        return Err(internal(format!("`{}` of type {} is bound to a {}", info.name, info.ty, value.var_type())));
    }
    *slot = Some(value);
    Ok(())
}

pub(crate) fn var_value<'f>(
    function: &HostFunction,
    frame: &'f Frame,
    var: HostVar,
) -> Result<&'f HostValue, ExecError> {
    match frame.get(var.0 as usize) {
        Some(Some(value)) => Ok(value),
        _ => Err(internal(format!("variable `{}` ({}) is read before it is bound", var_name(function, var), var.0))),
    }
}

fn atom_value(function: &HostFunction, frame: &Frame, atom: &Atom) -> Result<HostValue, ExecError> {
    match atom {
        Atom::Var(var) => var_value(function, frame, *var).cloned(),
        Atom::Const(c) => Ok(HostValue::Scalar(*c)),
    }
}

pub(crate) fn scalar_value(function: &HostFunction, frame: &Frame, atom: &Atom) -> Result<Const, ExecError> {
    match atom_value(function, frame, atom)? {
        HostValue::Scalar(value) => Ok(value),
        HostValue::Array(_) => Err(internal("an array where a scalar is expected")),
    }
}

/// The names of the `__kernel` functions `source` defines.
fn kernel_names(source: &str) -> Vec<&str> {
    source
        .lines()
        .filter(|line| line.trim_start().starts_with("__kernel"))
        .filter_map(|line| line.split('(').next())
        .filter_map(|head| head.split_whitespace().last())
        .collect()
}
