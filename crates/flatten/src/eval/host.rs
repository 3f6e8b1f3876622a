//! The host-code interpreter, written once for every kernel executor: runs
//! host functions statement by statement, a frame of variables per call,
//! with the flat IR's exact scalar semantics (`scalar.rs`), and hands what
//! the program prints and emits to a [`Sink`]. Kernels run, and arrays
//! live, on a [`Device`]: the flat evaluator's kernel evaluator
//! ([`super::Evaluator`]) or `runtime::executor`'s OpenCL launches.
//!
//! Where the interpreter waits for the device is part of its contract, so
//! that a device that enqueues work (OpenCL) reports its faults in program
//! order: it calls [`Device::check`] before a `print` or an `emit` reaches
//! the sink (even an `emit` of host scalars only), before a host operation
//! runs, and at the end of a `time` block; [`Device::fault`] is asked for
//! a host `assert`'s fault (a kernel's earlier fault wins); everything
//! else (a `run`, an `array [..]`, a `#`, a call) never waits unless the
//! device must.

use std::sync::Arc;
use std::time::Instant;

use nesl_frontend::Type;
use nesl_frontend::eval::Output;
use nesl_frontend::tast::DataDef;

use crate::eval::MAX_CALL_DEPTH;
use crate::eval::emit::build_value;
use crate::eval::scalar;
use crate::eval::values::{ArrayHandle, ArrayValue, ColumnBuilder, FlatValue, HostValue, ScalarValue};
use crate::host_ops::HostOpError;
use crate::ir::{Atom, Block, Const, FaultId, FlatProgram, FuncId, HostExpr, HostFunction, HostVar, KernelId, Repr};
use crate::ir::{BinaryOp, Scalar, SeqRepr, Stmt, VarType};

/// What the host interpreter needs from a kernel executor: run kernels,
/// hold arrays, move them to and from the host, and report faults.
pub trait Device {
    /// An array on the device. Cloning it must share the elements, never
    /// copy them: the interpreter clones handles to bind and pass arrays.
    type Array: ArrayHandle + Clone;
    /// Why running stops.
    type Error: HostError;
    /// An int still on the device, which the host has not read (note
    /// [pending integers]): a count a kernel left there, or a sum of such
    /// counts. A device that has none uses an uninhabited type.
    type Int: Clone;

    /// `run K args`: kernel `kernel` on `args`, its results in order. An
    /// int argument may be [`RunArg::Pending`]; the device reads it, or
    /// passes it on to the kernel still on the device.
    fn run_kernel(
        &mut self,
        kernel: KernelId,
        args: Vec<RunArg<Self::Array, Self::Int>>,
    ) -> Result<Vec<HostValue<Self::Array>>, Self::Error>;

    /// `#array` without waiting: [`DeviceInt::Pending`] where the length
    /// is a count still on the device.
    fn length_of(&mut self, array: &Self::Array) -> Result<DeviceInt<Self::Int>, Self::Error> {
        Ok(DeviceInt::Known(self.length(array)? as i64))
    }

    /// `a + b`, at least one of them pending, as an int on the device
    /// whose bound is the sum of the bounds; `None` where the device
    /// would rather the host read both.
    fn add(&mut self, _a: &DeviceInt<Self::Int>, _b: &DeviceInt<Self::Int>) -> Result<Option<Self::Int>, Self::Error> {
        Ok(None)
    }

    /// The value of a pending int: a read (with every other count still
    /// on the device and the error flag), unless it was read already.
    fn settle(&mut self, int: &Self::Int) -> Result<i64, Self::Error>;

    /// An upper bound of a pending int that the host knows (`bound x`).
    fn bound(&mut self, int: &Self::Int) -> Result<i64, Self::Error>;

    /// A new array holding `items` (`array [..]`, a host operation's
    /// result).
    fn upload(&mut self, items: ArrayValue) -> Result<Self::Array, Self::Error>;

    /// The elements of `array` on the host (for `print`, `emit` and host
    /// operations). May wait for the device.
    fn read(&mut self, array: &Self::Array) -> Result<ArrayValue, Self::Error>;

    /// `#array`. A device may keep a length on the device until the host
    /// needs it (a `FILTER`'s count): then this may wait for it.
    fn length(&mut self, array: &Self::Array) -> Result<usize, Self::Error>;

    /// Waits for the device's work so far if it must, and reports a fault
    /// of the program that a kernel found.
    fn check(&mut self) -> Result<(), Self::Error>;

    /// Waits until every kernel run so far has finished (a `time` block's
    /// clock starts and stops after this).
    fn finish(&mut self) -> Result<(), Self::Error>;

    /// The fault of a host `assert` at `site` with the values of its
    /// payload, or a fault a kernel reported first.
    fn fault(&mut self, site: FaultId, payload: Vec<Const>) -> Self::Error;

    /// The fault of a host operation at `site`, with its own message.
    fn fault_text(&mut self, site: FaultId, message: String) -> Self::Error;

    /// Whether the stack has room for one more nested call; if not, the
    /// call is the program's fault "recursion too deep".
    fn has_stack_for_call(&self) -> bool {
        true
    }

    /// Runs `body`, a call's body (which may recurse), with the stack it
    /// needs: a device may grow the stack here.
    fn nested<R>(body: impl FnOnce() -> R) -> R {
        body()
    }
}

/// An int of the host program: known on the host, or still on the device
/// ([`Device::Int`], note [pending integers]).
#[derive(Clone, Debug)]
pub enum DeviceInt<I> {
    Known(i64),
    Pending(I),
}

/// An argument of `run K args`: a host value, or an int still on the
/// device.
#[derive(Clone, Debug)]
pub enum RunArg<A, I> {
    Value(HostValue<A>),
    Pending(I),
}

// Note [pending integers]
// ~~~~~~~~~~~~~~~~~~~~~~~
// A length the device has not told the host (a `FILTER`'s count, runtime's
// note [pending lengths]) stays on the device through the host code as
// long as nothing needs its value: `n = #xs` binds `n` to the pending
// count ([`Device::length_of`]), `n = m` of a pending `m` to the same
// one, `n + m` of ints one of which is pending
// is a new pending int ([`Device::add`]), and `run K (.., n, ..)` passes
// it to the kernel ([`RunArg::Pending`]). Every other use settles it
// first ([`Device::settle`]: one read, with every count still on the
// device and the error flag) and binds the variable to the value, so it
// is read at most once: a condition, an operand of another operator, an
// argument of a call or a host operation, a block's or a function's
// result, an `emit`. `bound n` ([`HostExpr::Bound`]) gives an upper bound
// of a pending int without waiting; it only picks between kernels of
// equal results (`materialize-segment-ids`).
//
// On OpenCL (`runtime::executor`) quicksort's `#lesser + #greater`, which
// sizes the next level's elements, thus costs no wait: the next level's
// one read (the instances that recurse, with their totals) reads the
// counts along. Soundness:
// - Bounds. A count's bound is the capacity of the buffer it sizes; a
//   sum's is the sum of the bounds (a one-work-item kernel adds the
//   words, each clamped to its own bound); a count plus a known `k >= 0`
//   is the same word with offset `k` (no kernel), bound `+ k`. Wherever
//   the device reads a word it clamps it to its bound, and the host
//   checks a word it reads against it, so no value exceeds its bound even
//   if a faulting kernel wrote the word.
// - Launches. A kernel takes a pending size only where its plan can
//   (`takes_pending` in `runtime/src/executor/kernel.rs`): the body reads
//   it as a device length (opencl-backend's note [device lengths]), and
//   every size mentioning it on the host is non-decreasing in it (the
//   global size, buffer lengths, bytes moved, look-back words): launched
//   and allocated at the bound, each work-item guarded by the value the
//   body read. Anything else (a size argument, a local size, a read-back
//   position, a result longer than the size) reads it first.
// - Results. An array result sized by the pending int is pending with
//   the same count; a bound of 0 launches nothing and its array is empty.
// - Faults. Work-items past the value do nothing, so they neither read
//   outside an array nor fault; a kernel's fault is reported at the next
//   wait (which reads every pending word with the error flag), before any
//   count sizes anything on the host and before anything is printed
//   (`print`, `emit` and host operations check the device first), with
//   the fault site's operation and source position as ever.
// The flat evaluator never has a pending int (its `Int` is uninhabited):
// it runs the very same statements with every value known, and gives
// `bound n = n`.

/// The errors a [`Device`] stops with: the interpreter builds these.
pub trait HostError: Sized {
    /// A compiler bug: the host code broke a promise of flattening.
    fn internal(message: String) -> Self;
    /// A call `depth` calls deep, too deep, of the host function `function`.
    fn too_deep(depth: usize, function: &str) -> Self;
    /// Records the place (a function) an internal error happened in.
    fn within(self, place: impl FnOnce() -> String) -> Self;
}

/// Where a running program's output goes, in program order. The `Err`s are
/// messages of internal errors.
pub trait Sink<'p> {
    /// `print` of a `[char]` array.
    fn print(&mut self, text: Arc<Vec<u8>>) -> Result<(), String>;
    /// `emit` of top-level item `item`: the value of type `ty` that `repr`
    /// gives over `values`, indexed by [`HostVar`] (those `repr` names, on
    /// the host).
    fn item(&mut self, item: usize, ty: &'p Type, repr: &'p Repr, values: Vec<Option<FlatValue>>)
    -> Result<(), String>;
}

/// A [`Sink`] that hands output to an [`Output`] right away, values built
/// with the program's datatypes.
pub struct OutputSink<'a> {
    pub datatypes: &'a [DataDef],
    pub out: &'a mut dyn Output,
}

impl<'p> Sink<'p> for OutputSink<'_> {
    fn print(&mut self, text: Arc<Vec<u8>>) -> Result<(), String> {
        self.out.print(&text);
        Ok(())
    }

    fn item(
        &mut self,
        item: usize,
        ty: &'p Type,
        repr: &'p Repr,
        values: Vec<Option<FlatValue>>,
    ) -> Result<(), String> {
        let value = build_value(self.datatypes, ty, repr, values)?;
        self.out.item(item, &value);
        Ok(())
    }
}

/// The variables of one call, indexed by [`HostVar`].
struct Frame<A, I> {
    values: Vec<Option<HostValue<A>>>,
    /// The variables bound to an int still on the device (their `values`
    /// slot is empty until it is settled).
    pending: Vec<Option<I>>,
    /// Which variables a `free` has dropped: reading one is an internal
    /// error (the liveness of `free-dead-buffers` was wrong).
    freed: Vec<bool>,
}

impl<A: ArrayHandle + Clone, I: Clone> Frame<A, I> {
    fn new(vars: usize) -> Frame<A, I> {
        Frame { values: vec![None; vars], pending: vec![None; vars], freed: vec![false; vars] }
    }

    /// Binds int variable `v` to a pending int.
    fn bind_pending<E: HostError>(&mut self, function: &HostFunction, v: HostVar, int: I) -> Result<(), E> {
        let (Some(info), Some(slot), Some(value)) =
            (function.vars.get(v.0 as usize), self.pending.get_mut(v.0 as usize), self.values.get_mut(v.0 as usize))
        else {
            return Err(bug(format!("variable {} does not exist", v.0)));
        };
        if info.ty != VarType::Scalar(Scalar::Int) {
            return Err(bug(format!("`{}` of type {} is bound to a pending int", info.name, info.ty)));
        }
        *slot = Some(int);
        *value = None;
        Ok(())
    }

    /// The pending int `atom` names, if it names one.
    fn pending_of(&self, atom: &Atom) -> Option<I> {
        match atom {
            Atom::Var(v) => self.pending.get(v.0 as usize).cloned().flatten(),
            Atom::Const(_) => None,
        }
    }

    /// `free v`: drops the value, if any (the last handle of an array
    /// releases it).
    fn free<E: HostError>(&mut self, function: &HostFunction, v: HostVar) -> Result<(), E> {
        match (self.values.get_mut(v.0 as usize), self.freed.get_mut(v.0 as usize)) {
            (Some(slot), Some(freed)) => {
                let was_pending = self.pending.get_mut(v.0 as usize).and_then(Option::take).is_some();
                if slot.take().is_some() || was_pending {
                    *freed = true;
                }
                Ok(())
            }
            _ => Err(bug(format!("`free` of variable {} ({}), which does not exist", var_name(function, v), v.0))),
        }
    }

    /// Binds `v` to `value`, which must have its declared type.
    fn bind<E: HostError>(&mut self, function: &HostFunction, v: HostVar, value: HostValue<A>) -> Result<(), E> {
        let (Some(info), Some(slot)) = (function.vars.get(v.0 as usize), self.values.get_mut(v.0 as usize)) else {
            return Err(bug(format!("variable {} does not exist", v.0)));
        };
        if info.ty != value.var_type() {
            return Err(bug(format!("`{}` of type {} is bound to a {}", info.name, info.ty, value.var_type())));
        }
        *slot = Some(value);
        if let Some(pending) = self.pending.get_mut(v.0 as usize) {
            *pending = None;
        }
        Ok(())
    }

    fn var<E: HostError>(&self, function: &HostFunction, v: HostVar) -> Result<&HostValue<A>, E> {
        match self.values.get(v.0 as usize) {
            Some(Some(value)) => Ok(value),
            _ if self.freed.get(v.0 as usize) == Some(&true) => {
                Err(bug(format!("variable `{}` ({}) is read after it is freed", var_name(function, v), v.0)))
            }
            _ => Err(bug(format!("variable `{}` ({}) is read before it is bound", var_name(function, v), v.0))),
        }
    }

    fn atom<E: HostError>(&self, function: &HostFunction, atom: &Atom) -> Result<HostValue<A>, E> {
        match atom {
            Atom::Var(v) => self.var(function, *v).cloned(),
            Atom::Const(c) => Ok(HostValue::Scalar(ScalarValue::of_const(*c))),
        }
    }

    fn atoms<E: HostError>(&self, function: &HostFunction, atoms: &[Atom]) -> Result<Vec<HostValue<A>>, E> {
        atoms.iter().map(|atom| self.atom(function, atom)).collect()
    }

    fn scalar<E: HostError>(&self, function: &HostFunction, atom: &Atom) -> Result<ScalarValue, E> {
        match self.atom(function, atom)? {
            HostValue::Scalar(s) => Ok(s),
            HostValue::Array(_) => Err(bug("an array where a scalar is expected")),
        }
    }
}

/// Runs the host code of one program on a device `D`.
pub struct HostMachine<'p, 'm, D: Device> {
    program: &'p FlatProgram,
    device: &'m mut D,
    sink: &'m mut dyn Sink<'p>,
    /// Calls in progress.
    depth: usize,
}

type Values<D> = Vec<HostValue<<D as Device>::Array>>;
type DeviceFrame<D> = Frame<<D as Device>::Array, <D as Device>::Int>;

impl<'p, 'm, D: Device> HostMachine<'p, 'm, D> {
    pub fn new(program: &'p FlatProgram, device: &'m mut D, sink: &'m mut dyn Sink<'p>) -> HostMachine<'p, 'm, D> {
        HostMachine { program, device, sink, depth: 0 }
    }

    /// Calls `function` with `args` and returns its results. Calls nest at
    /// most [`MAX_CALL_DEPTH`] deep, and only while the device says the
    /// stack has room; deeper is the program's fault "recursion too deep".
    pub fn call(&mut self, function: &'p HostFunction, args: Values<D>) -> Result<Values<D>, D::Error> {
        let place = || function_place(self.program, function);
        if self.depth > MAX_CALL_DEPTH || !self.device.has_stack_for_call() {
            // `main` is the first call, so `depth` counts the NESL calls
            // in progress, this one included, as the interpreter does.
            return Err(D::Error::too_deep(self.depth, &function.name));
        }
        if args.len() != function.params.len() {
            let message = format!("a call passes {} arguments for {} parameters", args.len(), function.params.len());
            return Err(bug::<D::Error>(message).within(place));
        }
        let mut frame = Frame::new(function.vars.len());
        for (&param, arg) in function.params.iter().zip(args) {
            frame.bind(function, param, arg).map_err(|e: D::Error| e.within(place))?;
        }
        self.depth += 1;
        // Deep NESL recursion recurses here.
        let results = D::nested(|| self.block(function, &mut frame, &function.body));
        self.depth -= 1;
        results.map_err(|e| e.within(|| function_place(self.program, function)))
    }

    fn block(
        &mut self,
        function: &'p HostFunction,
        frame: &mut DeviceFrame<D>,
        block: &'p Block,
    ) -> Result<Values<D>, D::Error> {
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
        self.settle_atoms(function, frame, &block.results)?;
        block.results.iter().map(|atom| frame.atom(function, atom)).collect()
    }

    fn stmt(&mut self, function: &'p HostFunction, frame: &mut DeviceFrame<D>, stmt: &'p Stmt) -> Result<(), D::Error> {
        match stmt {
            Stmt::Let { vars, expr } => {
                if let [v] = vars.as_slice()
                    && let Some(int) = self.pending_int(function, frame, expr)?
                {
                    return frame.bind_pending(function, *v, int);
                }
                let values = self.expr(function, frame, expr)?;
                bind_all(function, frame, vars, values)
            }
            Stmt::Free { vars } => vars.iter().try_for_each(|&v| frame.free(function, v)),
            Stmt::Assert { cond, site, payload } => {
                self.settle_atoms(function, frame, std::slice::from_ref(cond))?;
                self.settle_atoms(function, frame, payload)?;
                match frame.scalar(function, cond)? {
                    ScalarValue::Bool(true) => return Ok(()),
                    ScalarValue::Bool(false) => {}
                    other => return Err(bug(format!("an `assert` condition of type {}", other.scalar()))),
                }
                let payload = payload
                    .iter()
                    .map(|atom| Ok(frame.scalar(function, atom)?.to_const()))
                    .collect::<Result<Vec<Const>, D::Error>>()?;
                Err(self.device.fault(*site, payload))
            }
            Stmt::Print { text } => {
                let text = match frame.var(function, *text)? {
                    HostValue::Array(array) if array.elem() == crate::ir::Scalar::Char => self.device.read(array)?,
                    other => return Err(bug(format!("`print` of a {}", other.var_type()))),
                };
                let ArrayValue::Char(text) = text else {
                    return Err(bug(format!("`print` of a [char] array read as a [{}]", text.scalar())));
                };
                self.device.check()?;
                self.sink.print(text).map_err(D::Error::internal)
            }
            Stmt::Emit { item, ty, value } => {
                let values = self.emitted_values(frame, value);
                // Checked even when nothing was read: no output may appear
                // after a fault that happened before it.
                self.device.check()?;
                self.sink.item(*item, ty, value, values?).map_err(D::Error::internal)
            }
        }
    }

    /// The variables `repr` names, on the host (each array read once),
    /// indexed by [`HostVar`]; the others `None`.
    fn emitted_values(&mut self, frame: &mut DeviceFrame<D>, repr: &Repr) -> Result<Vec<Option<FlatValue>>, D::Error> {
        let mut vars = Vec::new();
        repr_vars(repr, &mut vars);
        for &v in &vars {
            self.settle_var(frame, v)?;
        }
        let mut values = vec![None; frame.values.len()];
        for v in vars {
            let (Some(Some(value)), Some(slot)) = (frame.values.get(v.0 as usize), values.get_mut(v.0 as usize)) else {
                continue;
            };
            if slot.is_none() {
                *slot = Some(self.on_host(value)?);
            }
        }
        Ok(values)
    }

    /// `value` with its array, if any, read to the host.
    fn on_host(&mut self, value: &HostValue<D::Array>) -> Result<FlatValue, D::Error> {
        Ok(match value {
            HostValue::Scalar(s) => FlatValue::Scalar(*s),
            HostValue::Array(array) => FlatValue::Array(self.device.read(array)?),
        })
    }

    /// A call of `func`; the variables of `released` among its arguments
    /// are dropped from the caller's frame once the arguments are read.
    fn call_of(
        &mut self,
        function: &'p HostFunction,
        frame: &mut DeviceFrame<D>,
        func: FuncId,
        args: &[Atom],
        released: &[HostVar],
    ) -> Result<Values<D>, D::Error> {
        let Some(callee) = self.program.functions.get(func.0 as usize) else {
            return Err(bug(format!("a call of function {}, which does not exist", func.0)));
        };
        self.settle_atoms(function, frame, args)?;
        let values = frame.atoms(function, args)?;
        for atom in args {
            if let Atom::Var(v) = atom
                && released.contains(v)
            {
                frame.free::<D::Error>(function, *v)?;
            }
        }
        self.call(callee, values)
    }

    /// The pending int `expr` gives without waiting, if it gives one
    /// (note [pending integers]): `#xs` of an array whose length is still
    /// on the device, `a + b` of ints one of which is pending, and `n` of
    /// a pending `n` (a copy: fusion's `length-from-size-argument` writes
    /// `#r` of a gather's result as the pending size it was run with).
    fn pending_int(
        &mut self,
        function: &'p HostFunction,
        frame: &mut DeviceFrame<D>,
        expr: &'p HostExpr,
    ) -> Result<Option<D::Int>, D::Error> {
        match expr {
            HostExpr::Length(v) => match frame.var(function, *v)? {
                HostValue::Array(array) => match self.device.length_of(array)? {
                    DeviceInt::Pending(int) => Ok(Some(int)),
                    // Known: `expr` gives it (without waiting).
                    DeviceInt::Known(_) => Ok(None),
                },
                HostValue::Scalar(_) => Err(bug("`#` of a scalar")),
            },
            HostExpr::Atom(atom) => Ok(frame.pending_of(atom)),
            HostExpr::Binary { op: BinaryOp::Add, ty: Scalar::Int, lhs, rhs }
                if frame.pending_of(lhs).is_some() || frame.pending_of(rhs).is_some() =>
            {
                let (a, b) = (self.int_operand(function, frame, lhs)?, self.int_operand(function, frame, rhs)?);
                self.device.add(&a, &b)
            }
            _ => Ok(None),
        }
    }

    /// An int operand, pending or known.
    fn int_operand(
        &mut self,
        function: &'p HostFunction,
        frame: &DeviceFrame<D>,
        atom: &Atom,
    ) -> Result<DeviceInt<D::Int>, D::Error> {
        if let Some(int) = frame.pending_of(atom) {
            return Ok(DeviceInt::Pending(int));
        }
        match frame.scalar(function, atom)? {
            ScalarValue::Int(n) => Ok(DeviceInt::Known(n)),
            other => Err(bug(format!("an int operand of type {}", other.scalar()))),
        }
    }

    /// Reads the pending ints among `atoms` (note [pending integers]) and
    /// binds their variables to the values.
    fn settle_atoms(
        &mut self,
        _function: &'p HostFunction,
        frame: &mut DeviceFrame<D>,
        atoms: &[Atom],
    ) -> Result<(), D::Error> {
        for atom in atoms {
            if let Atom::Var(v) = atom {
                self.settle_var(frame, *v)?;
            }
        }
        Ok(())
    }

    /// Reads variable `v`'s int if it is pending and binds `v` to it.
    fn settle_var(&mut self, frame: &mut DeviceFrame<D>, v: HostVar) -> Result<(), D::Error> {
        let Some(int) = frame.pending.get_mut(v.0 as usize).and_then(Option::take) else {
            return Ok(());
        };
        let value = self.device.settle(&int)?;
        match frame.values.get_mut(v.0 as usize) {
            Some(slot) => {
                *slot = Some(HostValue::Scalar(ScalarValue::Int(value)));
                Ok(())
            }
            None => Err(bug(format!("variable {} does not exist", v.0))),
        }
    }

    /// The scalar `atom` names, read first if it is pending.
    fn settle_scalar(
        &mut self,
        function: &'p HostFunction,
        frame: &mut DeviceFrame<D>,
        atom: &Atom,
    ) -> Result<ScalarValue, D::Error> {
        self.settle_atoms(function, frame, std::slice::from_ref(atom))?;
        frame.scalar(function, atom)
    }

    fn expr(
        &mut self,
        function: &'p HostFunction,
        frame: &mut DeviceFrame<D>,
        expr: &'p HostExpr,
    ) -> Result<Values<D>, D::Error> {
        let one = |value: ScalarValue| Ok(vec![HostValue::Scalar(value)]);
        let op_error = |error: scalar::OpError| D::Error::internal(error.message());
        match expr {
            HostExpr::Atom(atom) => {
                self.settle_atoms(function, frame, std::slice::from_ref(atom))?;
                Ok(vec![frame.atom(function, atom)?])
            }
            HostExpr::Unary { op, ty: _, arg } => {
                self.settle_atoms(function, frame, std::slice::from_ref(arg))?;
                one(scalar::unary(*op, frame.scalar(function, arg)?).map_err(op_error)?)
            }
            HostExpr::Bound(arg) => match frame.pending_of(arg) {
                Some(int) => one(ScalarValue::Int(self.device.bound(&int)?)),
                None => Ok(vec![frame.atom(function, arg)?]),
            },
            HostExpr::Binary { op, ty: _, lhs, rhs } => {
                self.settle_atoms(function, frame, &[*lhs, *rhs])?;
                let lhs = frame.scalar(function, lhs)?;
                let rhs = frame.scalar(function, rhs)?;
                one(scalar::binary(*op, lhs, rhs).map_err(op_error)?)
            }
            HostExpr::Array { elem, items } => {
                self.settle_atoms(function, frame, items)?;
                let mut column = ColumnBuilder::with_capacity(*elem, items.len()).map_err(D::Error::internal)?;
                for item in items {
                    column.push(frame.scalar(function, item)?).map_err(D::Error::internal)?;
                }
                Ok(vec![HostValue::Array(self.device.upload(column.finish())?)])
            }
            HostExpr::Length(v) => match frame.var(function, *v)? {
                HostValue::Array(array) => one(ScalarValue::Int(self.device.length(array)? as i64)),
                HostValue::Scalar(_) => Err(bug("`#` of a scalar")),
            },
            HostExpr::Run { kernel, args } => {
                let args = args
                    .iter()
                    .map(|atom| match frame.pending_of(atom) {
                        Some(int) => Ok(RunArg::Pending(int)),
                        None => Ok(RunArg::Value(frame.atom(function, atom)?)),
                    })
                    .collect::<Result<Vec<_>, D::Error>>()?;
                self.device.run_kernel(*kernel, args)
            }
            HostExpr::Call { func, args } => self.call_of(function, frame, *func, args, &[]),
            HostExpr::If { cond, then_block, else_block } => match self.settle_scalar(function, frame, cond)? {
                ScalarValue::Bool(true) => self.block(function, frame, then_block),
                ScalarValue::Bool(false) => self.block(function, frame, else_block),
                other => Err(bug(format!("an `if` condition of type {}", other.scalar()))),
            },
            HostExpr::HostOp { op, args } => {
                self.settle_atoms(function, frame, args)?;
                let args = frame.atoms(function, args)?;
                // The device's work so far finishes first, and a fault it
                // reported comes before anything the host does.
                self.device.check()?;
                let args = args.iter().map(|arg| self.on_host(arg)).collect::<Result<Vec<_>, _>>()?;
                let results =
                    crate::host_ops::apply(op, &self.program.datatypes, &args).map_err(|error| match error {
                        HostOpError::Fault(message) => match op.site() {
                            Some(site) => self.device.fault_text(site, message),
                            None => bug(format!("`host {}` failed without a fault site: {message}", op.name())),
                        },
                        HostOpError::Internal(message) => bug(message),
                    })?;
                results
                    .into_iter()
                    .map(|value| match value {
                        HostValue::Scalar(s) => Ok(HostValue::Scalar(s)),
                        HostValue::Array(array) => Ok(HostValue::Array(self.device.upload(array)?)),
                    })
                    .collect()
            }
            HostExpr::Time { block } => {
                // Time only the block's work: what ran before it finishes
                // first, and the block's own work before the clock is read.
                self.device.finish()?;
                let start = Instant::now();
                let mut values = self.block(function, frame, block)?;
                self.device.finish()?;
                let seconds = start.elapsed().as_secs_f64();
                self.device.check()?;
                values.push(HostValue::Scalar(ScalarValue::Float(seconds)));
                Ok(values)
            }
        }
    }
}

fn bug<E: HostError>(message: impl Into<String>) -> E {
    E::internal(message.into())
}

fn bind_all<A: ArrayHandle + Clone, I: Clone, E: HostError>(
    function: &HostFunction,
    frame: &mut Frame<A, I>,
    vars: &[HostVar],
    values: Vec<HostValue<A>>,
) -> Result<(), E> {
    if values.len() != vars.len() {
        return Err(bug(format!("`let` binds {} variables to {} values", vars.len(), values.len())));
    }
    for (&v, value) in vars.iter().zip(values) {
        frame.bind(function, v, value)?;
    }
    Ok(())
}

/// The variables `repr` names, in order (with repeats).
fn repr_vars(repr: &Repr, vars: &mut Vec<HostVar>) {
    fn seq_vars(repr: &SeqRepr, vars: &mut Vec<HostVar>) {
        match repr {
            SeqRepr::Array(v) => vars.push(*v),
            SeqRepr::Tuple(columns) => columns.iter().for_each(|column| seq_vars(column, vars)),
            SeqRepr::Nested { lengths, offsets, elements } => {
                seq_vars(elements, vars);
                vars.extend([*lengths, *offsets]);
            }
        }
    }
    match repr {
        Repr::Scalar(Atom::Var(v)) => vars.push(*v),
        Repr::Scalar(Atom::Const(_)) => {}
        Repr::Tuple(items) => items.iter().for_each(|item| repr_vars(item, vars)),
        Repr::Seq(seq) => seq_vars(seq, vars),
    }
}

/// "main" or "function `f`", for the place of an internal error.
pub(crate) fn function_place(program: &FlatProgram, function: &HostFunction) -> String {
    if std::ptr::eq(function, &program.main) { "main".to_string() } else { format!("function `{}`", function.name) }
}

fn var_name(function: &HostFunction, v: HostVar) -> &str {
    function.vars.get(v.0 as usize).map_or("?", |info| info.name.as_str())
}
