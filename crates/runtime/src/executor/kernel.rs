//! `run K args`: one compiled kernel's launch plan on the device.
//!
//! A [`KernelRun`] holds what one run knows: the arguments bound to the
//! kernel's parameters, the size variables resolved so far, and the
//! buffers allocated so far. It runs the plan's steps in order:
//!
//! 1. **Sizes** are evaluated when a launch, a buffer or a result needs
//!    them. A size variable gets its value the first time an expression
//!    mentions it: the length of an array parameter, the value of an int
//!    parameter, or an element of a device buffer
//!    ([`SizeSource::ReadBack`]), read together with the error flag in one
//!    round trip (a count written by a faulting kernel must not size
//!    anything). A size that is undefined (division by zero, overflow) or
//!    negative is a compiler bug.
//! 2. **Buffers** are allocated when first used, with the length their
//!    [`BufferDecl`] gives, and filled with zeros (enqueued) if `zeroed`.
//! 3. **Launches** are enqueued with their `__kernel` name as the profiling
//!    group and their `bytes_moved`; a launch with zero work-items in some
//!    dimension is skipped, its arguments not even evaluated.
//! 4. **Results**: arrays are buffers with a logical length (no copy);
//!    scalars are read back; the counts that size the arrays, the scalars
//!    and the error flag are read in one round trip (a filter fused with
//!    two others costs one wait, not three), or, where the counts are all
//!    the run would read, none: they stay on the device (note [pending
//!    lengths] in `device.rs`); parameters are returned as they came.
//!
//! How arguments are passed: an array parameter or buffer as its buffer
//! (`long`, `double`, `uchar` or `int` elements); an `int` parameter and a
//! [`LaunchArg::Size`] as a `long`; a [`LaunchArg::Length`] as a `long`
//! and a buffer (the length and the error flag, or `-1 - bound` and the
//! buffer of a count still on the device: opencl-backend's note [device
//! lengths]); a `float` parameter as a `double`, a
//! `bool` or `char` parameter as an `int` (0/1, the character code); the
//! error flag as `runtime::cl`'s flag buffer; a [`LaunchArg::Lookback`]
//! as the session's look-back arena, epoch and ticket base
//! (`runtime::cl::lookback_arena`).
//!
//! The run checks what the plan promises and reports a broken promise as
//! an internal error naming the kernel and the launch: parameters of the
//! declared types, known buffers and size variables, a read-back or
//! scalar result from a buffer that some launch (or the zero fill) wrote,
//! array results no longer than their buffer.

use std::collections::HashMap;
use std::rc::Rc;

use flatten::eval::{RunArg, ScalarValue};
use flatten::ir::{Kernel, KernelId, Scalar, VarType};
use lift_ir::arith::{ArithKind, Var, VarId};
use opencl_backend::plan::{CompiledKernel, KernelResult, LaunchArg, SizeExpr, SizeSource, Step};

use super::device::Executor;
use super::values::{DeviceArray, DeviceData, HostValue, PendingCount, element_scalar};
use super::{ExecError, internal};
use crate::cl::host_time::{HostActivity, timed};
use crate::cl::{Arg, Grid, Launch, LookbackArgs};

// Note [host work per run]
// ~~~~~~~~~~~~~~~~~~~~~~~~~
// A recursion level of quicksort is ~20 `run`s and ~25 launches, and on
// the H100 at 10^7 the host, not the GPU, set the pace: the GPU sat idle
// between consecutive launches with no read between them while the host
// prepared the next one, and the executor's own work in its 713 `run`s
// took 10 ms (`NESSIE_HOST_PROFILE`), as much as the driver's 825
// enqueues. Counted with callgrind on PoCL (quicksort of 2 * 10^4, 393
// `run`s, instructions inside `run_kernel`, PoCL's enqueues included),
// most of it was bookkeeping that does not change from run to run:
// - `ArithExpr::free_vars` builds a `BTreeSet` of shared handles ordered
//   by name, allocating a `Vec` of children at every node: about 4000
//   instructions a call, made for every global size, byte count, buffer
//   length and result length of every launch. Predicates over a size's
//   variables now walk it without collecting (`ArithExpr::any_var`), a
//   size whose variables are all resolved is evaluated directly
//   ([`KernelRun::known`]: evaluation is strict, so a defined value
//   visited every variable), and the variables to resolve are collected
//   into a sorted `Vec` of references (`ArithExpr::vars`, the same order
//   as `free_vars`, so sizes are resolved and read back in the same order
//   as before);
// - [`takes_pending`] walked every size of the plan for each pending int
//   argument of each run; it depends only on the plan, so the executor
//   works it out once per kernel and parameter;
// - the resolved sizes were a `HashMap` hashed with SipHash; a run has a
//   handful, so [`SizeValues`] is a list searched from the start;
// - the buffer pool's classes and the profiler's groups were SipHash maps
//   asked up to five times per allocation (a small class tries its
//   neighbours) and once per command: `foldhash` now (`cl::quick_hash`);
// - a narrow launch copied its kernel's name into the profile's group;
//   it now borrows it.
// Instructions inside `run_kernel`: 28.3 M -> 15.2 M, of which PoCL's
// enqueues and buffer creations are about 6 M either way. Outside the
// runs, the kernel that adds pending ints (note [pending lengths] in
// `device.rs`) was built on its own at its first use, inside the
// program's run (and a `time` around it): it is now part of the merged
// program, built with the others before `main` starts (on the H100 it
// cost little: both builds took 8.7 to 8.9 ms, the merged one alone 8.5
// to 10.7 ms).
//
// Measured on the H100 in one device call, alternating with main's
// binary (3006892), quicksort 10^7 by the program's `time`, ten runs
// each: main 39.1 ms (34.4 to 42.4), this 35.2 ms (31.6 to 37.0), faster
// in 9 of the 10 pairs (an earlier call, eight runs each: 40.1 / 36.6
// ms). The host profile (`NESSIE_HOST_PROFILE=1 NESSIE_DEVICE_TIMES=0`,
// two runs each) moved less than it spreads from run to run: the
// executor's own work in the 713 runs 6.0 / 6.5 -> 5.8 / 3.6 ms, outside
// the runs 4.0 / 4.2 -> 4.4 / 3.2 ms; the driver's rows (825 launch
// enqueues 7.6 to 10.3 ms, 942 buffer creations 3.1 to 4.2 ms, 70 waits
// 11.7 to 14.3 ms) are the same work either way. Quickhull 10^7 (three
// runs each) 6.7 (6.4 to 9.1) -> 7.5 (7.3 to 7.5) ms and primes 10^8
// 9.9 -> 9.6 ms: quickhull's host program executes 12.0 M -> 7.2 M
// instructions on PoCL at 2 * 10^4 (callgrind), so its difference is
// not this work; not resolved.

/// Runs kernel `id` on `args` and returns its results. An int argument
/// still on the device stays there where the plan can take it so (see
/// [`takes_pending`]), and is read first otherwise.
pub(crate) fn run_kernel(
    exec: &mut Executor<'_, '_>,
    id: KernelId,
    args: Vec<RunArg<DeviceArray, Rc<PendingCount>>>,
) -> Result<Vec<HostValue>, ExecError> {
    let index = id.0 as usize;
    let (Some(plan), Some(flat)) = (exec.kernels.get(index), exec.program.kernels.get(index)) else {
        return Err(internal(format!(
            "`run` of kernel {index}, but the program has {} kernels and {} compiled kernels",
            exec.program.kernels.len(),
            exec.kernels.len()
        )));
    };
    let place = || format!("kernel `{}`", plan.name);
    let mut values = Vec::with_capacity(args.len());
    let mut pending = HashMap::new();
    for (position, arg) in args.into_iter().enumerate() {
        values.push(match arg {
            RunArg::Value(value) => value,
            RunArg::Pending(count) if count.value().is_none() && exec.takes_pending(index, position) => {
                for size_var in &plan.size_vars {
                    if matches!(size_var.source, SizeSource::ValueOf(i) if i == position) {
                        pending.insert(size_var.var.id(), Rc::clone(&count));
                    }
                }
                // Never read: every use of the parameter goes through
                // its size variables, which `pending` holds.
                HostValue::Scalar(ScalarValue::Int(-1))
            }
            RunArg::Pending(count) => HostValue::Scalar(ScalarValue::Int(exec.settle_count(&count)? as i64)),
        });
    }
    let mut run = KernelRun::bind(plan, flat, values).map_err(|e| e.within(place))?;
    run.pending = pending;
    timed(HostActivity::KernelRun, || run.run(exec, index)).map_err(|e| e.within(place))
}

/// Whether int parameter `param` of `plan` may stay on the device
/// (flatten's note [pending integers]): every use of it is through its
/// size variables, and each of those the device reads itself (a
/// [`LaunchArg::Length`]), or an upper bound does as well as the value (a
/// launch's global size, a buffer's length, the bytes a launch moves and
/// its look-back words, each non-decreasing in the variable: launched
/// and allocated at the bound, with the body reading the value), or it
/// is the length of an array result (which stays pending too). A launch's
/// condition (`Launch::when`) may mention it freely: it only picks one of
/// two lowerings that write the same result, taken at the bound.
pub(crate) fn takes_pending(plan: &CompiledKernel, param: usize) -> bool {
    let vars: Vec<VarId> = plan
        .size_vars
        .iter()
        .filter(|size_var| matches!(size_var.source, SizeSource::ValueOf(i) if i == param))
        .map(|size_var| size_var.var.id())
        .collect();
    let mentions = |size: &SizeExpr| size.any_var(&mut |var| vars.contains(&var.id()));
    let bounded = |size: &SizeExpr| !mentions(size) || is_non_decreasing(size);
    let launches_take_it = plan.steps.iter().all(|step| match step {
        Step::Launch(launch) => {
            launch.global.iter().all(bounded)
                && launch.local.iter().flatten().all(|size| !mentions(size))
                && bounded(&launch.bytes_moved)
                && launch.args.iter().all(|arg| match arg {
                    LaunchArg::Param(i) => *i != param,
                    LaunchArg::Size(size) | LaunchArg::LocalBytes(size) => !mentions(size),
                    LaunchArg::Lookback { words } => bounded(words),
                    LaunchArg::Length { .. } | LaunchArg::Buffer(_) | LaunchArg::ErrorFlag => true,
                })
        }
    });
    let buffers_take_it = plan.buffers.iter().all(|buffer| bounded(&buffer.length));
    let read_backs_take_it = plan
        .size_vars
        .iter()
        .all(|size_var| !matches!(&size_var.source, SizeSource::ReadBack { index, .. } if mentions(index)));
    let results_take_it = plan.results.iter().all(|result| match result {
        KernelResult::Array { length, .. } => !mentions(length) || length.as_var().is_some(),
        KernelResult::Param(i) => *i != param,
        KernelResult::Scalar { .. } => true,
    });
    !vars.is_empty() && launches_take_it && buffers_take_it && read_backs_take_it && results_take_it
}

/// Whether `size` never decreases when any of its variables (each >= 0)
/// grows: sums, products of non-negative terms, divisions of such by a
/// positive constant, minima and maxima of such.
fn is_non_decreasing(size: &SizeExpr) -> bool {
    fn walk(size: &SizeExpr) -> (bool, bool) {
        // (non-decreasing, non-negative)
        match size.kind() {
            ArithKind::Cst(c) => (true, *c >= 0),
            ArithKind::Var(_) => (true, true),
            ArithKind::Sum(terms) | ArithKind::Min(terms) | ArithKind::Max(terms) => {
                let parts: Vec<(bool, bool)> = terms.iter().map(walk).collect();
                let rising = parts.iter().all(|part| part.0);
                let non_negative = match size.kind() {
                    ArithKind::Max(_) => parts.iter().any(|part| part.1),
                    _ => parts.iter().all(|part| part.1),
                };
                (rising, non_negative)
            }
            ArithKind::Prod(factors) => {
                let parts: Vec<(bool, bool)> = factors.iter().map(walk).collect();
                let non_negative = parts.iter().all(|part| part.1);
                (non_negative && parts.iter().all(|part| part.0), non_negative)
            }
            ArithKind::Div(dividend, divisor) => {
                let (rising, non_negative) = walk(dividend);
                let by_positive = matches!(divisor.kind(), ArithKind::Cst(c) if *c > 0);
                (rising && non_negative && by_positive, non_negative && by_positive)
            }
            ArithKind::Pow(..) | ArithKind::Log2(_) | ArithKind::Mod(..) => (false, false),
        }
    }
    walk(size).0
}

/// Whether an array result of `len` elements should move out of its
/// buffer `data` into one of its own size: a buffer sized by an upper bound
/// (a filter's result has room for every element) that holds at most a
/// quarter of that and at least 1 MiB. A recursion keeps such results alive
/// across its deeper levels (quicksort's `equal`, a few elements in a
/// buffer of the level's size): copying them out keeps its device memory a
/// constant times the live data, and costs a copy of the kept elements
/// only. Results that fill most of their buffer keep it.
pub(crate) fn should_shrink(data: &DeviceData, len: usize) -> bool {
    const MIN_BYTES: usize = 1 << 16;
    data.bytes() >= MIN_BYTES && len.saturating_mul(4) <= data.len()
}

/// One run of a compiled kernel (see the module essay).
struct KernelRun<'k> {
    plan: &'k CompiledKernel,
    flat: &'k Kernel,
    params: Vec<HostValue>,
    /// The size variables resolved so far.
    sizes: SizeValues,
    /// The read-back variables being resolved, innermost last (a cycle is
    /// a compiler bug).
    resolving: Vec<VarId>,
    /// Indexed like `plan.buffers`.
    buffers: Vec<Option<Rc<DeviceData>>>,
    /// Indexed like `plan.buffers`: whether a launch that ran wrote (or
    /// may have written) the buffer, or it was zero-filled.
    is_written: Vec<bool>,
    /// The size variables that are an int parameter still on the device
    /// (flatten's note [pending integers]; [`takes_pending`]).
    pending: HashMap<VarId, Rc<PendingCount>>,
}

/// A launch argument with its sizes evaluated and its buffer allocated.
enum ReadyArg {
    Scalar(ScalarValue),
    Buffer(Rc<DeviceData>),
    Long(i64),
    LocalBytes(usize),
    ErrorFlag,
    /// The session's look-back arena, the launch's epoch and ticket base.
    Lookback(LookbackArgs),
}

impl<'k> KernelRun<'k> {
    fn bind(plan: &'k CompiledKernel, flat: &'k Kernel, args: Vec<HostValue>) -> Result<KernelRun<'k>, ExecError> {
        if args.len() != plan.params.len() {
            return Err(internal(format!(
                "`run` passes {} arguments for {} parameters",
                args.len(),
                plan.params.len()
            )));
        }
        for (position, (arg, param)) in args.iter().zip(&plan.params).enumerate() {
            if arg.var_type() != param.ty {
                return Err(internal(format!(
                    "parameter {position} (`{}`) of type {} gets a {}",
                    param.name,
                    param.ty,
                    arg.var_type()
                )));
            }
            // A narrowed parameter gets a buffer of 32-bit ints, any other
            // int array one of 64-bit ints (`storage_width` decides both
            // ends of each flow together).
            if let HostValue::Array(array) = arg
                && array.elem == Scalar::Int
                && matches!(*array.data(), DeviceData::I32(_)) != param.is_narrow
            {
                let width = if param.is_narrow { "32-bit" } else { "64-bit" };
                return Err(internal(format!(
                    "parameter {position} (`{}`) of {width} ints gets {}",
                    param.name,
                    array.data().describe()
                )));
            }
        }
        Ok(KernelRun {
            plan,
            flat,
            params: args,
            sizes: SizeValues::default(),
            resolving: Vec::new(),
            buffers: vec![None; plan.buffers.len()],
            is_written: vec![false; plan.buffers.len()],
            pending: HashMap::new(),
        })
    }

    fn run(&mut self, exec: &mut Executor<'_, '_>, kernel_index: usize) -> Result<Vec<HostValue>, ExecError> {
        let plan = self.plan;
        for (step_index, step) in plan.steps.iter().enumerate() {
            match step {
                Step::Launch(launch) => {
                    let place = || format!("launch {step_index} (`{}`)", launch.kernel);
                    self.launch(exec, kernel_index, launch).map_err(|e| e.within(place))?;
                }
            }
        }
        self.results(exec).map_err(|e| e.within(|| "the results".to_string()))
    }

    fn launch(
        &mut self,
        exec: &mut Executor<'_, '_>,
        kernel_index: usize,
        launch: &opencl_backend::plan::Launch,
    ) -> Result<(), ExecError> {
        if launch.global.is_empty() || launch.global.len() > 3 {
            return Err(internal(format!("a launch of {} dimensions", launch.global.len())));
        }
        if let Some(when) = &launch.when
            && self.choice(exec, when)? == 0
        {
            return Ok(());
        }
        let mut global = [1usize; 3];
        for (dimension, size) in launch.global.iter().enumerate() {
            global[dimension] = self.upper_count(exec, size, "the global size")?;
        }
        if global.contains(&0) {
            return Ok(());
        }
        let mut local = None;
        if let Some(sizes) = &launch.local {
            if sizes.len() != launch.global.len() {
                let message = format!("{} local sizes for {} dimensions", sizes.len(), launch.global.len());
                return Err(internal(message));
            }
            let mut values = [1usize; 3];
            for (dimension, size) in sizes.iter().enumerate() {
                values[dimension] = self.count(exec, size, "the local size")?;
            }
            local = Some(values);
        }
        let bytes_moved = self.bytes_moved(exec, &launch.bytes_moved)?;
        let mut ready = Vec::with_capacity(launch.args.len() + 1);
        for arg in &launch.args {
            let item = match arg {
                LaunchArg::Param(i) => match self.params.get(*i) {
                    Some(HostValue::Scalar(value)) => ReadyArg::Scalar(*value),
                    Some(HostValue::Array(array)) => ReadyArg::Buffer(array.data()),
                    None => return Err(internal(format!("argument of parameter {i}, which does not exist"))),
                },
                // Codegen's note [device lengths]: the length, or where
                // it is on the device.
                LaunchArg::Length { param, var } => match self.params.get(*param) {
                    Some(HostValue::Array(array)) if !self.sizes.contains_key(&var.id()) => {
                        match array.pending_count().map(|count| count.device_arg()) {
                            Some(Some((arg, word))) => {
                                ready.push(ReadyArg::Long(arg));
                                ReadyArg::Buffer(word)
                            }
                            _ => {
                                ready.push(ReadyArg::Long(self.size(exec, &SizeExpr::var(var), "a length")?));
                                ReadyArg::ErrorFlag
                            }
                        }
                    }
                    Some(HostValue::Array(_)) => {
                        ready.push(ReadyArg::Long(self.size(exec, &SizeExpr::var(var), "a length")?));
                        ReadyArg::ErrorFlag
                    }
                    // An int parameter sizing the kernel: its value, or
                    // where it is on the device (flatten's note [pending
                    // integers]).
                    Some(HostValue::Scalar(ScalarValue::Int(_))) => match self.pending_var(var).map(|c| c.device_arg())
                    {
                        Some(Some((arg, word))) if !self.sizes.contains_key(&var.id()) => {
                            ready.push(ReadyArg::Long(arg));
                            ReadyArg::Buffer(word)
                        }
                        _ => {
                            ready.push(ReadyArg::Long(self.count(exec, &SizeExpr::var(var), "a size")? as i64));
                            ReadyArg::ErrorFlag
                        }
                    },
                    _ => return Err(internal(format!("length `{var}` of parameter {param}, not an array or int"))),
                },
                LaunchArg::Buffer(i) => {
                    let buffer = self.buffer(exec, *i)?;
                    // The launch may write it.
                    self.is_written[*i] = true;
                    ReadyArg::Buffer(buffer)
                }
                LaunchArg::Size(size) => ReadyArg::Long(self.size(exec, size, "a size argument")?),
                LaunchArg::LocalBytes(size) => ReadyArg::LocalBytes(self.count(exec, size, "local memory")?),
                LaunchArg::ErrorFlag => ReadyArg::ErrorFlag,
                LaunchArg::Lookback { words } => {
                    let words = self.upper_count(exec, words, "the look-back's statuses")?;
                    let groups = match local {
                        Some(local) if local[0] > 0 => global[0].div_ceil(local[0]),
                        _ => return Err(internal("a look-back launch without its work-group size")),
                    };
                    ReadyArg::Lookback(exec.session.lookback_launch(words, groups)?)
                }
            };
            ready.push(item);
        }
        let mut args: Vec<Arg<'_>> = Vec::with_capacity(ready.len() + 2);
        for arg in &ready {
            match arg {
                ReadyArg::Scalar(value) => args.push(scalar_arg(*value)),
                ReadyArg::Buffer(buffer) => args.push(buffer.arg()),
                ReadyArg::Long(value) => args.push(Arg::I64(*value)),
                ReadyArg::LocalBytes(bytes) => args.push(Arg::LocalBytes(*bytes)),
                ReadyArg::ErrorFlag => args.push(Arg::ErrorFlag),
                // Three arguments (`LaunchArg::Lookback`).
                ReadyArg::Lookback(lookback) => {
                    args.extend([Arg::from(&*lookback.arena), Arg::U32(lookback.epoch), Arg::U32(lookback.ticket_base)])
                }
            }
        }
        let mut grid = match launch.global.len() {
            1 => Grid::linear(global[0]),
            2 => Grid::two_d(global[0], global[1]),
            _ => Grid::three_d(global[0], global[1], global[2]),
        };
        if let Some(local) = local {
            grid = grid.with_local_sizes(local);
        }
        let program = exec.program_of(kernel_index)?;
        // The narrow variant where every work-item's index fits in 32 bits
        // (opencl-backend's note [narrow index]); counted under the kernel's
        // own name, `launch.kernel`, either way.
        let enqueued = match &launch.narrow {
            Some(narrow) if grid.ids_fit_u32(0) => {
                Launch::new(program.kernel(narrow)?, grid).group(launch.kernel.as_str())
            }
            _ => Launch::new(program.kernel(&launch.kernel)?, grid),
        }
        .bytes_moved(bytes_moved);
        exec.session.launch(&enqueued, &args)?;
        exec.note_launch(launch.args.iter().any(|arg| matches!(arg, LaunchArg::ErrorFlag)));
        Ok(())
    }

    /// Buffer `index`, allocated now if it is not yet.
    fn buffer(&mut self, exec: &mut Executor<'_, '_>, index: usize) -> Result<Rc<DeviceData>, ExecError> {
        let plan = self.plan;
        let Some(decl) = plan.buffers.get(index) else {
            return Err(internal(format!("buffer {index}, which does not exist")));
        };
        if let Some(Some(buffer)) = self.buffers.get(index) {
            return Ok(Rc::clone(buffer));
        }
        // The buffer's name only on an error: buffers are allocated on
        // every run.
        let len = self
            .upper_count(exec, &decl.length, "the length")
            .map_err(|e| e.within(|| format!("buffer `{}`", decl.name)))?;
        let buffer = Rc::new(DeviceData::alloc(exec.session, decl.elem, len, decl.zeroed, self.is_read_back(index))?);
        self.buffers[index] = Some(Rc::clone(&buffer));
        self.is_written[index] = decl.zeroed;
        Ok(buffer)
    }

    /// Whether the host reads buffer `index` back (a size's `ReadBack`, a
    /// scalar result) and nothing keeps it past the run (it is no array
    /// result): its words go in a read slot (note [read slots] in
    /// `runtime::cl::buffer`).
    fn is_read_back(&self, index: usize) -> bool {
        let plan = self.plan;
        let is_read =
            plan.size_vars.iter().any(|v| matches!(v.source, SizeSource::ReadBack { buffer, .. } if buffer == index))
                || plan.results.iter().any(|r| matches!(r, KernelResult::Scalar { buffer } if *buffer == index));
        is_read && !plan.results.iter().any(|r| matches!(r, KernelResult::Array { buffer, .. } if *buffer == index))
    }

    /// Buffer `index`, which must hold data written on the device.
    fn written_buffer(&mut self, exec: &mut Executor<'_, '_>, index: usize) -> Result<Rc<DeviceData>, ExecError> {
        let buffer = self.buffer(exec, index)?;
        if !self.is_written[index] {
            let name = &self.plan.buffers[index].name;
            return Err(internal(format!("buffer `{name}` is read, but no launch that ran wrote it")));
        }
        Ok(buffer)
    }

    fn results(&mut self, exec: &mut Executor<'_, '_>) -> Result<Vec<HostValue>, ExecError> {
        let (plan, flat) = (self.plan, self.flat);
        if plan.results.len() != flat.results.len() {
            let message =
                format!("the plan has {} results, the flat kernel {}", plan.results.len(), flat.results.len());
            return Err(internal(message));
        }
        // Every count and scalar the results need, read in one round trip;
        // or none, where the counts can stay on the device (note [pending
        // lengths] in `device.rs`).
        let mut lengths = Vec::new();
        let mut scalars = Vec::new();
        for (result, &var) in plan.results.iter().zip(&flat.results) {
            match (result, flat.vars.get(var.0 as usize).map(|info| info.ty)) {
                (KernelResult::Array { length, .. }, _) => lengths.push(length),
                (KernelResult::Scalar { buffer }, Some(VarType::Scalar(ty))) => scalars.push((*buffer, ty)),
                _ => {}
            }
        }
        let pending = if scalars.is_empty() { self.pending_counts(exec)? } else { HashMap::new() };
        let lengths: Vec<&SizeExpr> = lengths
            .into_iter()
            .filter(|length| {
                length.as_var().is_none_or(|var| !pending.contains_key(&var.id()) && self.pending_var(var).is_none())
            })
            .collect();
        let mut scalar_values = self.read_batch(exec, &lengths, &scalars)?.into_iter();
        let mut values = Vec::with_capacity(plan.results.len());
        for (position, (result, &var)) in plan.results.iter().zip(&flat.results).enumerate() {
            let Some(info) = flat.vars.get(var.0 as usize) else {
                return Err(internal(format!("result {position} is variable {}, which does not exist", var.0)));
            };
            let value = match (result, info.ty) {
                // The length is an int parameter still on the device.
                (KernelResult::Array { buffer, length }, VarType::Array(elem))
                    if let Some(count) = length.as_var().and_then(|var| self.pending_var(var)) =>
                {
                    // A bound of 0 launched nothing.
                    let data =
                        if count.bound > 0 { self.written_buffer(exec, *buffer)? } else { self.buffer(exec, *buffer)? };
                    if !data.holds(elem) || data.len() < count.bound {
                        let described = data.describe();
                        let message =
                            format!("result {position}, a [{elem}] of at most {}, is {described}", count.bound);
                        return Err(internal(message));
                    }
                    let (array, handle) = DeviceArray::pending(elem, count, data);
                    exec.note_pending(&handle);
                    HostValue::Array(array)
                }
                (KernelResult::Array { buffer, length }, VarType::Array(elem))
                    if let Some(count) = length.as_var().and_then(|var| pending.get(&var.id())) =>
                {
                    let data = self.written_buffer(exec, *buffer)?;
                    if !data.holds(elem) {
                        let described = data.describe();
                        return Err(internal(format!("result {position}, a [{elem}], is {described}")));
                    }
                    let (array, handle) = DeviceArray::pending(elem, Rc::clone(count), data);
                    exec.note_pending(&handle);
                    HostValue::Array(array)
                }
                (KernelResult::Array { buffer, length }, VarType::Array(elem)) => {
                    let len = self.count(exec, length, "the length of an array result")?;
                    let data = if len > 0 { self.written_buffer(exec, *buffer)? } else { self.buffer(exec, *buffer)? };
                    if !data.holds(elem) {
                        let described = data.describe();
                        return Err(internal(format!("result {position}, a [{elem}], is {described}")));
                    }
                    if len > data.len() {
                        let message = format!("result {position} has {len} elements in a buffer of {}", data.len());
                        return Err(internal(message));
                    }
                    let data = if should_shrink(&data, len) { Rc::new(data.prefix(exec.session, len)?) } else { data };
                    HostValue::Array(DeviceArray::known(elem, len, data))
                }
                (KernelResult::Scalar { .. }, VarType::Scalar(ty)) => match scalar_values.next() {
                    Some(value) if value.scalar() == ty => HostValue::Scalar(value),
                    _ => return Err(internal(format!("result {position}, a {ty}, was not read"))),
                },
                (KernelResult::Param(i), _) if self.is_pending_param(*i) => {
                    return Err(internal(format!("result {position} is parameter {i}, an int still on the device")));
                }
                (KernelResult::Param(i), ty) => match self.params.get(*i) {
                    Some(param) if param.var_type() == ty => param.clone(),
                    _ => return Err(internal(format!("result {position} of type {ty} is parameter {i}"))),
                },
                (_, ty) => return Err(internal(format!("result {position} of type {ty} is {result:?}"))),
            };
            values.push(value);
        }
        Ok(values)
    }

    /// The counts that can stay on the device, by size variable (note
    /// [pending lengths] in `device.rs`): where every array result's
    /// length is known without a read or is such a count, element 0 of a
    /// 64-bit buffer a launch wrote, sizing results whose buffers a launch
    /// wrote; none otherwise (the run reads anyway, and reads them along).
    fn pending_counts(&mut self, exec: &mut Executor<'_, '_>) -> Result<HashMap<VarId, Rc<PendingCount>>, ExecError> {
        let plan = self.plan;
        // (count's variable, its buffer, the result's buffer)
        let mut deferred: Vec<(&Var, usize, usize)> = Vec::new();
        for result in &plan.results {
            let KernelResult::Array { buffer, length } = result else { continue };
            let source = |var: &Var| plan.size_vars.iter().find(|size_var| size_var.var == *var).map(|v| &v.source);
            let is_known = |run: &Self, var: &Var| {
                run.sizes.contains_key(&var.id())
                    || matches!(source(var), Some(SizeSource::ValueOf(_)))
                    || matches!(source(var), Some(SizeSource::LengthOf(i))
                        if matches!(run.params.get(*i), Some(HostValue::Array(a)) if a.known_len().is_some()))
            };
            match length.as_var().filter(|var| !self.sizes.contains_key(&var.id())).map(|var| (var, source(var))) {
                Some((var, Some(SizeSource::ReadBack { buffer: word, index })))
                    if index.is_cst(0)
                        && self.is_written.get(*word) == Some(&true)
                        && self.is_written.get(*buffer) == Some(&true)
                        && matches!(self.buffers.get(*word), Some(Some(data)) if matches!(**data, DeviceData::I64(_))) =>
                {
                    deferred.push((var, *word, *buffer));
                }
                _ if !length.any_var(&mut |var| !is_known(self, var)) => {}
                _ => return Ok(HashMap::new()),
            }
        }
        let mut counts: HashMap<VarId, Rc<PendingCount>> = HashMap::new();
        for &(var, word, _) in &deferred {
            if counts.contains_key(&var.id()) {
                continue;
            }
            // The count is at most the capacity of each buffer it sizes.
            let mut bound = usize::MAX;
            for &(other, _, buffer) in &deferred {
                if other.id() == var.id() {
                    bound = bound.min(self.written_buffer(exec, buffer)?.len());
                }
            }
            let word = self.written_buffer(exec, word)?;
            counts.insert(var.id(), Rc::new(PendingCount::new(word, bound)));
        }
        Ok(counts)
    }

    /// Resolves the variables of `sizes` and reads the scalar results
    /// `scalars` (buffer and type) with the error flag in one round trip:
    /// every variable read back at a position known without reading (one
    /// that needs another read-back first is resolved on its own), and
    /// every scalar. Returns the scalars' values in order. No wait when
    /// nothing is read.
    fn read_batch(
        &mut self,
        exec: &mut Executor<'_, '_>,
        sizes: &[&SizeExpr],
        scalars: &[(usize, Scalar)],
    ) -> Result<Vec<ScalarValue>, ExecError> {
        let plan = self.plan;
        // (variable, buffer, position) of each read-back in the batch.
        let mut read_backs: Vec<(Var, usize, usize)> = Vec::new();
        for size in sizes {
            // A size whose variables are all resolved needs nothing.
            if self.known(size).is_some() {
                continue;
            }
            for var in size.vars() {
                if self.sizes.contains_key(&var.id()) || read_backs.iter().any(|(v, ..)| v.id() == var.id()) {
                    continue;
                }
                let source = plan.size_vars.iter().find(|size_var| size_var.var == *var).map(|v| &v.source);
                match source {
                    Some(SizeSource::ReadBack { buffer, index }) => {
                        self.resolving.push(var.id());
                        let position = self.count(exec, index, &format!("the position `{var}` is read back from"));
                        self.resolving.pop();
                        read_backs.push((var.clone(), *buffer, position?));
                    }
                    _ => self.resolve(exec, var)?,
                }
            }
        }
        if read_backs.is_empty() && scalars.is_empty() {
            return Ok(Vec::new());
        }
        let mut data = Vec::with_capacity(read_backs.len() + scalars.len());
        for &(_, buffer, _) in &read_backs {
            data.push(self.written_buffer(exec, buffer)?);
        }
        for &(buffer, _) in scalars {
            data.push(self.written_buffer(exec, buffer)?);
        }
        let positions = read_backs.iter().map(|&(_, _, position)| position).chain(scalars.iter().map(|_| 0));
        let reads = data.iter().zip(positions).map(|(data, position)| data.element_read(position));
        let reads = reads.collect::<Result<Vec<_>, _>>()?;
        let values = exec.read_checked(&reads)?;
        let (size_values, scalar_values) = values.split_at(read_backs.len());
        for ((var, ..), &value) in read_backs.iter().zip(size_values) {
            match element_scalar(value, Scalar::Int)? {
                ScalarValue::Int(value) => self.sizes.insert(var.id(), value),
                other => return Err(internal(format!("size variable `{var}` read back as {other}"))),
            };
        }
        scalar_values.iter().zip(scalars).map(|(&value, &(_, ty))| element_scalar(value, ty)).collect()
    }

    /// The count on the device that size variable `var` is, while it is
    /// unread (an int parameter still on the device).
    fn pending_var(&self, var: &Var) -> Option<Rc<PendingCount>> {
        self.pending.get(&var.id()).filter(|count| count.value().is_none()).cloned()
    }

    /// Whether parameter `i` is an int still on the device.
    fn is_pending_param(&self, i: usize) -> bool {
        self.plan.size_vars.iter().any(|size_var| {
            matches!(size_var.source, SizeSource::ValueOf(p) if p == i) && self.pending.contains_key(&size_var.var.id())
        })
    }

    /// A count that may be larger than needed (a global size, a buffer's
    /// length, bytes moved): with the variables still on the device at
    /// their bounds where `size` is non-decreasing ([`takes_pending`]),
    /// else [`Self::count`], which reads them.
    fn upper_count(&mut self, exec: &mut Executor<'_, '_>, size: &SizeExpr, what: &str) -> Result<usize, ExecError> {
        if self.pending.is_empty()
            || !size.any_var(&mut |var| self.pending_var(var).is_some())
            || !is_non_decreasing(size)
        {
            return self.count(exec, size, what);
        }
        self.at_bounds(exec, size, what)
    }

    /// A launch's condition ([`opencl_backend::plan::Launch::when`]): a
    /// choice between lowerings that write the same result, so with the
    /// variables still on the device at their bounds, never waiting.
    fn choice(&mut self, exec: &mut Executor<'_, '_>, when: &SizeExpr) -> Result<usize, ExecError> {
        if self.pending.is_empty() || !when.any_var(&mut |var| self.pending_var(var).is_some()) {
            return self.count(exec, when, "a launch's condition");
        }
        self.at_bounds(exec, when, "a launch's condition")
    }

    /// `size` with the variables still on the device at their bounds and
    /// the others resolved.
    fn at_bounds(&mut self, exec: &mut Executor<'_, '_>, size: &SizeExpr, what: &str) -> Result<usize, ExecError> {
        let mut bounds = SizeValues::default();
        for var in size.vars() {
            match self.pending_var(var) {
                Some(count) => {
                    bounds.insert(var.id(), i64::try_from(count.bound).unwrap_or(i64::MAX));
                }
                None => self.resolve(exec, var)?,
            }
        }
        let value = size.eval(&|id| self.sizes.get(&id).or(bounds.get(&id)).copied());
        match value.map(usize::try_from) {
            Some(Ok(value)) => Ok(value),
            _ => Err(internal(format!("{what} `{size}` at the bounds of its pending sizes is {value:?}"))),
        }
    }

    /// The bytes a launch moves, for `--stats` only: a size still on the
    /// device (an int parameter, a parameter's length) counts at its
    /// bound, so the figure never waits for the device.
    fn bytes_moved(&mut self, exec: &mut Executor<'_, '_>, size: &SizeExpr) -> Result<u64, ExecError> {
        // Most often every variable is resolved already: the value below
        // without collecting them.
        if let Some(value) = self.known(size) {
            return Ok(u64::try_from(value).unwrap_or(0));
        }
        let plan = self.plan;
        let mut bounds = SizeValues::default();
        for var in size.vars() {
            if self.sizes.contains_key(&var.id()) {
                continue;
            }
            let source = plan.size_vars.iter().find(|size_var| size_var.var == *var).map(|v| &v.source);
            let pending_length = match source {
                Some(SizeSource::LengthOf(i)) => match self.params.get(*i) {
                    Some(HostValue::Array(array)) => array.pending_count().cloned(),
                    _ => None,
                },
                _ => None,
            };
            match pending_length.or_else(|| self.pending_var(var)) {
                Some(count) => {
                    bounds.insert(var.id(), i64::try_from(count.bound).unwrap_or(i64::MAX));
                }
                None => self.resolve(exec, var)?,
            }
        }
        let value = size.eval(&|id| self.sizes.get(&id).or(bounds.get(&id)).copied());
        Ok(value.and_then(|value| u64::try_from(value).ok()).unwrap_or(0))
    }

    /// A size that counts something (elements, work-items, bytes): not
    /// negative.
    fn count(&mut self, exec: &mut Executor<'_, '_>, size: &SizeExpr, what: &str) -> Result<usize, ExecError> {
        let value = self.size(exec, size, what)?;
        usize::try_from(value).map_err(|_| internal(format!("{what} `{size}` is {value}, which is negative")))
    }

    /// The value of `size`, resolving its variables first.
    fn size(&mut self, exec: &mut Executor<'_, '_>, size: &SizeExpr, what: &str) -> Result<i64, ExecError> {
        // Most sizes mention only variables resolved already: evaluated
        // then without collecting their variables (sizes are evaluated on
        // every launch). A defined value with no variable missing is the
        // value the path below computes, which resolves nothing then.
        if let Some(value) = self.known(size) {
            return Ok(value);
        }
        for var in size.vars() {
            self.resolve(exec, var)?;
        }
        size.eval(&|id| self.sizes.get(&id).copied()).ok_or_else(|| {
            let bindings: Vec<String> = size
                .free_vars()
                .iter()
                .map(|var| format!("{var} = {}", self.sizes.get(&var.id()).map_or("?".to_string(), i64::to_string)))
                .collect();
            internal(format!(
                "{what} `{size}` is undefined (overflow or division by zero) with {}",
                bindings.join(", ")
            ))
        })
    }

    /// The value of `size` if every variable it mentions is resolved and
    /// it is defined: then what [`Self::size`] gives, without collecting
    /// the variables or resolving any (sizes are evaluated on every
    /// launch). `None` otherwise: an undefined value may still mention an
    /// unresolved variable, which the caller's slower path resolves.
    fn known(&self, size: &SizeExpr) -> Option<i64> {
        // Evaluation is strict: a defined value visited every variable.
        size.eval(&|id| self.sizes.get(&id).copied())
    }

    /// Gives size variable `var` its value, if it has none yet.
    fn resolve(&mut self, exec: &mut Executor<'_, '_>, var: &Var) -> Result<(), ExecError> {
        if self.sizes.contains_key(&var.id()) {
            return Ok(());
        }
        if self.resolving.contains(&var.id()) {
            return Err(internal(format!("size variable `{var}` is read back at an index that depends on itself")));
        }
        let plan = self.plan;
        let Some(size_var) = plan.size_vars.iter().find(|size_var| size_var.var == *var) else {
            return Err(internal(format!("size variable `{var}` is not declared by the plan")));
        };
        let value = match &size_var.source {
            SizeSource::LengthOf(i) => match self.params.get(*i) {
                Some(HostValue::Array(array)) => exec.known_length(array)? as i64,
                _ => {
                    return Err(internal(format!(
                        "size variable `{var}` is the length of parameter {i}, not an array"
                    )));
                }
            },
            SizeSource::ValueOf(_) if let Some(count) = self.pending.get(&var.id()).cloned() => {
                exec.settle_count(&count)? as i64
            }
            SizeSource::ValueOf(i) => match self.params.get(*i) {
                Some(HostValue::Scalar(ScalarValue::Int(value))) => *value,
                _ => return Err(internal(format!("size variable `{var}` is the value of parameter {i}, not an int"))),
            },
            SizeSource::ReadBack { buffer, index } => {
                self.resolving.push(var.id());
                let position = self.count(exec, index, &format!("the position `{var}` is read back from"));
                self.resolving.pop();
                let position = position?;
                let data = self.written_buffer(exec, *buffer)?;
                // Read with the error flag: a count written by a kernel
                // that faulted must size nothing.
                let value = exec.read_checked(&[data.element_read(position)?])?;
                match element_scalar(value[0], Scalar::Int)? {
                    ScalarValue::Int(value) => value,
                    other => return Err(internal(format!("size variable `{var}` read back as {other}"))),
                }
            }
        };
        self.sizes.insert(var.id(), value);
        Ok(())
    }
}

/// The resolved size variables of a run: a handful, so a list searched
/// from the start beats hashing each id (sizes are evaluated on every
/// launch, note [host work per run]).
#[derive(Default)]
struct SizeValues(Vec<(VarId, i64)>);

impl SizeValues {
    fn get(&self, id: &VarId) -> Option<&i64> {
        self.0.iter().find(|(var, _)| var == id).map(|(_, value)| value)
    }

    fn contains_key(&self, id: &VarId) -> bool {
        self.get(id).is_some()
    }

    fn insert(&mut self, id: VarId, value: i64) {
        match self.0.iter_mut().find(|(var, _)| *var == id) {
            Some(slot) => slot.1 = value,
            None => self.0.push((id, value)),
        }
    }
}

/// A scalar parameter as a kernel argument (see the module essay).
fn scalar_arg(value: ScalarValue) -> Arg<'static> {
    match value {
        ScalarValue::Int(x) => Arg::I64(x),
        ScalarValue::Float(x) => Arg::F64(x),
        ScalarValue::Bool(x) => Arg::I32(i32::from(x)),
        ScalarValue::Char(x) => Arg::I32(i32::from(x)),
    }
}
