//! # The flat-IR evaluator: the oracle for flattening and fusion
//!
//! Runs a [`FlatProgram`] sequentially on the CPU with the exact meaning of
//! every construct, so that flattening can be tested against the reference
//! interpreter (`nesl_frontend::eval`) and every fusion step against the
//! program before it: same printed output, same item values, same faults.
//!
//! ## What it does
//! [`run`] verifies the program ([`crate::ir::verify`]) and runs `main`:
//! statements in order, kernels when `run`, functions when called.
//! `print` reaches [`Output::print`] and `emit` reaches [`Output::item`] in
//! program order, the item's NESL [`Value`](nesl_frontend::value::Value) rebuilt from its [`Repr`] with
//! columnar sequences (`emit.rs`). [`run_kernel`] and [`call_function`] run
//! one kernel or one function on given values, for testing a rewrite on
//! random inputs. [`ScalarRunner`] runs one kernel's thunks alone, for
//! interpreters of other IRs built from the kernel (lift-ir's).
//!
//! Each SOAC evaluates its thunks element by element **in index order**,
//! exactly as its doc in [`crate::ir::kernel`] says: `REDUCE` and `SCAN`
//! fold from `neutral` left to right (so float results equal the sequential
//! interpreter's), `SCATTER`'s later writes win, `PERMUTE` and `SCATTER`
//! check their indices, and the segmented SOACs check their segment
//! descriptor (note [segment descriptors]) before using it. At each index,
//! `PERMUTE` and `SCATTER` evaluate the value thunk before the index thunk
//! and `FILTER` the pull thunk before the predicate, so when several
//! elements would fault, the first in that order does. Scalar operations
//! mean exactly what note [primitive semantics] in `nesl-frontend` says
//! (`scalar.rs`).
//!
//! ## One host interpreter, two kernel executors
//! Host code (functions, `let`, `if`, calls, `time`, `free`, `assert`,
//! host operations, `print`, `emit`) is run by one interpreter,
//! [`HostMachine`] (`host.rs`), generic over a [`Device`]: what runs
//! kernels and holds arrays. This evaluator's device runs kernels with
//! `kernel.rs` on arrays in host memory; `runtime::executor`'s launches
//! OpenCL kernels on device buffers. So every host statement, its scalar
//! semantics (`scalar.rs`), the rebuilding of values (`emit.rs`) and the
//! recursion limit are written once, and the OpenCL executor differs
//! from this oracle only in how kernels run.
//!
//! ## Two kinds of error
//! An [`EvalError`] is either a **fault of the NESL program**, the
//! [`Diagnostic`] (of class `ErrorClass::Runtime`) that the
//! [`crate::ir::FaultSite`] that was hit builds with the payload's values
//! ([`crate::ir::FaultSite::diagnostic`], exactly as the reference
//! interpreter reports it), or an **internal error**: the IR is
//! ill-formed, or does something that flattening promised to guard
//! (division by zero, an out-of-range read or conversion, a bad segment
//! descriptor), which is a compiler bug. The evaluator never panics on any
//! input: every lookup is checked.
//!
//! ## Performance
//! Arrays are `Arc`-shared vectors, so binding and passing them never
//! copies. GPU expressions are evaluated by a tree walk over a register
//! file indexed by [`crate::ir::KVar`] with a scalar stack for values in
//! flight (see `kernel.rs`); nothing is allocated per element. About
//! 100 ns per element and SOAC in a release build (a MAP, a REDUCE or a
//! dot product over 10^6 floats takes 65 to 120 ms; `tests/integration/eval_perf.rs`).
//!
//! ## Threads
//! Host recursion (a NESL recursive function) recurses in the evaluator, so
//! it runs on a thread with a large stack ([`EVALUATOR_STACK_BYTES`]) and
//! limits the depth of calls to [`MAX_CALL_DEPTH`] (the reference
//! interpreter's), and the stack they use to most of the thread's: too deep
//! a recursion is the program's fault "recursion too deep" naming the
//! function and the depth, as in the interpreter, never a stack overflow. Values are built and
//! handed to the [`Output`] on the caller's thread: the evaluator thread
//! sends each `print` and `emit` over a channel and waits for it to be
//! delivered, so output stays in program order and the [`Output`] need not
//! be `Send`.
//!
//! ## Where to start reading
//! [`run`]; then `host.rs` (statements, calls, the [`Device`] trait), `kernel.rs` (SOACs and GPU
//! expressions), `scalar.rs` (the operators), `emit.rs` (values).

pub(crate) mod emit;
mod host;
mod kernel;
mod scalar;
pub(crate) mod values;

use std::fmt;
use std::sync::{Arc, mpsc};

use nesl_frontend::eval::Output;
use nesl_frontend::{Diagnostic, ErrorClass, Type};

use crate::ir::verify::verify;
use crate::ir::{Const, FaultId, FlatProgram, FuncId, KernelId, Repr};

pub use host::{Device, DeviceInt, HostError, HostMachine, OutputSink, RunArg, Sink};
pub use kernel::{ScalarRunner, ScalarStop};
pub use values::{ArrayHandle, ArrayValue, FlatValue, HostValue, ScalarValue};

/// The deepest nesting of host calls the evaluator allows: 2^18, as the
/// reference interpreter. Deeper recursion is the program's fault
/// "recursion too deep" (exit 3), naming the function and the depth.
pub const MAX_CALL_DEPTH: usize = 1 << 18;

/// The most iterations of one `loop` the evaluator runs before it stops
/// with an internal error: flattening's loops (scalar recursion) assert the
/// recursion depth limit, [`MAX_CALL_DEPTH`], on every iteration, so a loop
/// that runs longer is not one flattening made.
pub const MAX_LOOP_ITERATIONS: usize = 4 * MAX_CALL_DEPTH;

/// The stack of the evaluator's thread: room for [`MAX_CALL_DEPTH`] nested
/// calls of a simple recursive function even in an unoptimised build. Calls
/// nested in many `if` blocks use more per call; a call also stops with
/// "recursion too deep" when the stack is nearly used up, whatever the
/// depth.
pub const EVALUATOR_STACK_BYTES: usize = 1 << 30;

/// The longest array a kernel may create: 2^31 elements, as on the GPU
/// backends (and as `nesl_frontend::eval::MAX_SEQUENCE_LENGTH`). Flattening
/// guards sizes computed from data.
pub const MAX_ARRAY_LENGTH: usize = 1 << 31;

/// Why evaluation stopped.
#[derive(Debug)]
pub enum EvalError {
    /// The NESL program faulted: a runtime error of the user's program.
    Fault(Diagnostic),
    /// The flat IR is ill-formed or broke a promise of flattening: a
    /// compiler bug.
    Internal(InternalError),
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::Fault(diagnostic) => write!(f, "{diagnostic}"),
            EvalError::Internal(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for EvalError {}

/// A compiler bug found while evaluating: what and where.
#[derive(Clone, Debug, PartialEq)]
pub struct InternalError {
    pub message: String,
    /// The innermost kernel (and SOAC) or function running, if any.
    pub place: Option<String>,
}

impl fmt::Display for InternalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("internal error of the flat-IR evaluator (compiler bug)")?;
        if let Some(place) = &self.place {
            write!(f, " in {place}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for InternalError {}

/// Runs `main` of `program`, reporting its `print`s and `emit`s to `out` in
/// program order.
pub fn run(program: &FlatProgram, out: &mut dyn Output) -> Result<(), EvalError> {
    check_well_formed(program)?;
    on_evaluator_thread(program, out, |machine| machine.call(&program.main, Vec::new()).map(|_| ()))
}

/// Calls function `func` of `program` with `args`, reporting its `print`s
/// to `out`, and returns its results.
pub fn call_function(
    program: &FlatProgram,
    func: FuncId,
    args: Vec<FlatValue>,
    out: &mut dyn Output,
) -> Result<Vec<FlatValue>, EvalError> {
    check_well_formed(program)?;
    let Some(function) = program.functions.get(func.0 as usize) else {
        return Err(internal_error(format!("function {} does not exist", func.0)));
    };
    on_evaluator_thread(program, out, move |machine| machine.call(function, args))
}

/// Runs kernel `kernel` of `program` on `args` and returns its results.
pub fn run_kernel(program: &FlatProgram, kernel: KernelId, args: Vec<FlatValue>) -> Result<Vec<FlatValue>, EvalError> {
    check_well_formed(program)?;
    let Some(kernel) = program.kernels.get(kernel.0 as usize) else {
        return Err(internal_error(format!("kernel {} does not exist", kernel.0)));
    };
    kernel::run_kernel(kernel, args).map_err(|stop| stop_to_error(program, *stop))
}

fn internal_error(message: String) -> EvalError {
    EvalError::Internal(InternalError { message, place: None })
}

fn check_well_formed(program: &FlatProgram) -> Result<(), EvalError> {
    verify(program).map_err(|error| internal_error(format!("the program does not verify: {error}")))
}

// --- Stopping ----------------------------------------------------------------

/// Why evaluation stopped early, on its way out. Boxed in [`Flow`] so that
/// results stay small on the per-element paths.
#[derive(Debug)]
pub(crate) enum Stop {
    /// A fault of the NESL program at `site`, with the values for its
    /// message.
    Fault {
        site: FaultId,
        payload: Vec<Const>,
    },
    /// A fault of a host operation at `site`, with its own message (a file
    /// that cannot be read names the file and the system's reason).
    FaultText {
        site: FaultId,
        message: String,
    },
    Internal(InternalError),
    /// A call `depth` calls deep, past [`MAX_CALL_DEPTH`] or the stack, of
    /// the NESL function `function`.
    TooDeep {
        depth: usize,
        function: String,
    },
}

/// The fault of too deep a recursion, worded as the reference interpreter
/// words it.
pub fn recursion_too_deep(depth: usize, function: &str) -> Diagnostic {
    Diagnostic::new(
        ErrorClass::Runtime,
        format!("recursion too deep: {depth} nested calls, the last of `{}`", source_function_name(function)),
    )
}

/// The NESL name of a host function: `quicksort` for `quicksort<int>^`
/// (the instance's types and the lifted version's mark dropped).
pub fn source_function_name(host_name: &str) -> &str {
    host_name.split(['<', '^']).next().unwrap_or(host_name)
}

pub(crate) type Flow<T> = Result<T, Box<Stop>>;

/// An internal error, to be placed by whoever catches it first.
pub(crate) fn internal(message: impl Into<String>) -> Box<Stop> {
    Box::new(Stop::Internal(InternalError { message: message.into(), place: None }))
}

impl Stop {
    /// Records where an internal error happened, unless an inner place
    /// already did.
    pub(crate) fn within(mut self: Box<Self>, place: impl FnOnce() -> String) -> Box<Stop> {
        if let Stop::Internal(InternalError { place: slot @ None, .. }) = &mut *self {
            *slot = Some(place());
        }
        self
    }
}

impl HostError for Box<Stop> {
    fn internal(message: String) -> Box<Stop> {
        internal(message)
    }

    fn too_deep(depth: usize, function: &str) -> Box<Stop> {
        Box::new(Stop::TooDeep { depth, function: function.to_string() })
    }

    fn within(self, place: impl FnOnce() -> String) -> Box<Stop> {
        Stop::within(self, place)
    }
}

// --- The evaluator as a device -----------------------------------------------

/// The flat evaluator's kernel executor: kernels run by `kernel.rs` on
/// arrays held on the host, for the one host interpreter
/// ([`HostMachine`]). Uploads and reads share the elements; nothing waits.
pub(crate) struct Evaluator<'p> {
    program: &'p FlatProgram,
    /// The address of a local of the evaluator's creator: where the stack
    /// of the evaluator's thread starts, near enough.
    stack_base: usize,
}

impl<'p> Evaluator<'p> {
    /// An evaluator of `program`'s kernels, its stack the stack of the
    /// thread that creates it (see "Threads" in the module's essay).
    fn new(program: &'p FlatProgram) -> Evaluator<'p> {
        Evaluator { program, stack_base: stack_address() }
    }
}

impl Device for Evaluator<'_> {
    type Array = ArrayValue;
    type Error = Box<Stop>;
    /// Every int is on the host: none is pending.
    type Int = std::convert::Infallible;

    fn run_kernel(&mut self, kernel: KernelId, args: Vec<RunArg<ArrayValue, Self::Int>>) -> Flow<Vec<FlatValue>> {
        let Some(kernel) = self.program.kernels.get(kernel.0 as usize) else {
            return Err(internal(format!("`run` of kernel {}, which does not exist", kernel.0)));
        };
        let args = args
            .into_iter()
            .map(|arg| match arg {
                RunArg::Value(value) => value,
                RunArg::Pending(never) => match never {},
            })
            .collect();
        kernel::run_kernel(kernel, args)
    }

    fn settle(&mut self, int: &Self::Int) -> Flow<i64> {
        match *int {}
    }

    fn bound(&mut self, int: &Self::Int) -> Flow<i64> {
        match *int {}
    }

    fn upload(&mut self, items: ArrayValue) -> Flow<ArrayValue> {
        Ok(items)
    }

    fn read(&mut self, array: &ArrayValue) -> Flow<ArrayValue> {
        Ok(array.clone())
    }

    fn length(&mut self, array: &ArrayValue) -> Flow<usize> {
        Ok(array.len())
    }

    fn check(&mut self) -> Flow<()> {
        Ok(())
    }

    fn finish(&mut self) -> Flow<()> {
        Ok(())
    }

    fn fault(&mut self, site: FaultId, payload: Vec<Const>) -> Box<Stop> {
        Box::new(Stop::Fault { site, payload })
    }

    fn fault_text(&mut self, site: FaultId, message: String) -> Box<Stop> {
        Box::new(Stop::FaultText { site, message })
    }

    fn has_stack_for_call(&self) -> bool {
        self.stack_base.abs_diff(stack_address()) <= STACK_BUDGET_BYTES
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

fn stop_to_error(program: &FlatProgram, stop: Stop) -> EvalError {
    match stop {
        Stop::Fault { site, payload } => match program.fault_sites.get(site.0 as usize) {
            Some(fault_site) => EvalError::Fault(fault_site.diagnostic(&payload)),
            None => internal_error(format!("a fault at site @{}, which does not exist", site.0)),
        },
        Stop::FaultText { site, message } => match program.fault_sites.get(site.0 as usize) {
            Some(fault_site) => EvalError::Fault(fault_site.diagnostic_with_message(message)),
            None => internal_error(format!("a fault at site @{}, which does not exist", site.0)),
        },
        Stop::Internal(error) => EvalError::Internal(error),
        Stop::TooDeep { depth, function } => EvalError::Fault(recursion_too_deep(depth, &function)),
    }
}

/// Checks a segment descriptor (note [segment descriptors]): `lengths` and
/// `offsets` of one length, lengths non-negative, offsets dense from 0,
/// and, when `elements` is known, lengths adding up to it.
pub(crate) fn check_segment_descriptor(
    lengths: &[i64],
    offsets: &[i64],
    elements: Option<usize>,
) -> Result<(), String> {
    if lengths.len() != offsets.len() {
        return Err(format!(
            "a segment descriptor with {} lengths and {} offsets (compiler bug)",
            lengths.len(),
            offsets.len()
        ));
    }
    let mut next_offset: i64 = 0;
    for (j, (&length, &offset)) in lengths.iter().zip(offsets).enumerate() {
        if length < 0 {
            return Err(format!("a segment descriptor with length {length} for segment {j} (compiler bug)"));
        }
        if offset != next_offset {
            return Err(format!(
                "a segment descriptor whose segment {j} starts at {offset}, not at {next_offset} (compiler bug)"
            ));
        }
        next_offset = next_offset
            .checked_add(length)
            .ok_or_else(|| "a segment descriptor whose lengths overflow (compiler bug)".to_string())?;
    }
    match elements {
        Some(total) if next_offset as u64 != total as u64 => Err(format!(
            "a segment descriptor whose lengths add up to {next_offset} over {total} elements (compiler bug)"
        )),
        _ => Ok(()),
    }
}

// --- The evaluator's thread ----------------------------------------------------

/// Output on its way from the evaluator's thread to the caller's.
enum Event<'p> {
    Print(Arc<Vec<u8>>),
    Item { item: usize, ty: &'p Type, repr: &'p Repr, values: Vec<Option<FlatValue>> },
}

/// The evaluator's end of the output channel: sends an event, then waits
/// until it has been delivered (or failed to be).
struct ChannelSink<'p> {
    events: mpsc::Sender<Event<'p>>,
    deliveries: mpsc::Receiver<Result<(), String>>,
}

impl<'p> ChannelSink<'p> {
    fn deliver(&mut self, event: Event<'p>) -> Result<(), String> {
        self.events.send(event).map_err(|_| "the output channel closed (evaluator bug)".to_string())?;
        match self.deliveries.recv() {
            Ok(delivered) => delivered,
            Err(_) => Err("the output channel closed (evaluator bug)".to_string()),
        }
    }
}

impl<'p> Sink<'p> for ChannelSink<'p> {
    fn print(&mut self, text: Arc<Vec<u8>>) -> Result<(), String> {
        self.deliver(Event::Print(text))
    }

    fn item(
        &mut self,
        item: usize,
        ty: &'p Type,
        repr: &'p Repr,
        values: Vec<Option<FlatValue>>,
    ) -> Result<(), String> {
        self.deliver(Event::Item { item, ty, repr, values })
    }
}

/// Runs `work` on a thread with a large stack, delivering its output to
/// `out` on this thread.
fn on_evaluator_thread<'p, T: Send>(
    program: &'p FlatProgram,
    out: &mut dyn Output,
    work: impl for<'m> FnOnce(&mut HostMachine<'p, 'm, Evaluator<'p>>) -> Flow<T> + Send,
) -> Result<T, EvalError> {
    std::thread::scope(|scope| {
        // Owned by this closure, so that if `out` panics, unwinding drops
        // this thread's ends of the channels and the evaluator stops rather
        // than waiting forever for a delivery.
        let (event_sender, events) = mpsc::channel::<Event<'p>>();
        let (delivery_sender, deliveries) = mpsc::channel::<Result<(), String>>();
        let evaluator = std::thread::Builder::new()
            .name("flat-ir-evaluator".to_string())
            .stack_size(EVALUATOR_STACK_BYTES)
            .spawn_scoped(scope, move || {
                let mut sink = ChannelSink { events: event_sender, deliveries };
                let mut evaluator = Evaluator::new(program);
                let mut machine = HostMachine::new(program, &mut evaluator, &mut sink);
                work(&mut machine).map_err(|stop| *stop)
            });
        let evaluator = match evaluator {
            Ok(evaluator) => evaluator,
            Err(error) => return Err(internal_error(format!("could not start the evaluator's thread: {error}"))),
        };
        // Until the evaluator finishes and drops its sender.
        let mut sink = OutputSink { datatypes: &program.datatypes, out };
        for event in events {
            let delivered = match event {
                Event::Print(text) => sink.print(text),
                Event::Item { item, ty, repr, values } => sink.item(item, ty, repr, values),
            };
            if delivery_sender.send(delivered).is_err() {
                break;
            }
        }
        match evaluator.join() {
            Ok(result) => result.map_err(|stop| stop_to_error(program, stop)),
            Err(panic) => {
                let what = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                Err(internal_error(format!("the evaluator panicked (evaluator bug): {what}")))
            }
        }
    })
}
