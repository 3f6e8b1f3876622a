//! The OpenCL kernel executor: what `flatten::eval`'s host interpreter
//! needs from a device ([`Device`]), on an OpenCL [`Session`]. Kernels are
//! built once and launched by `kernel.rs`; arrays are [`DeviceArray`]s;
//! reads, uploads and the error flag go through the session, which counts
//! them for `--stats`.

use std::rc::{Rc, Weak};
use std::sync::Arc;

use flatten::eval::{ArrayValue, Device, DeviceInt, HostError, RunArg};
use flatten::ir::{Const, FaultId, FlatProgram, KernelId, Scalar};
use opencl_backend::plan::{BufferElem, CompiledKernel};

use super::faults::{check_device, fault_error};
use super::kernel::{run_kernel, takes_pending};
use super::values::{DeviceArray, DeviceData, HostValue, PendingArray, PendingCount};
use super::{ExecError, internal};
use crate::cl::{Arg, DeviceBuffer, Element, ElementRead, ElementValue, Grid, Launch, Program, ProgramLayout, Session};

/// Stack left before a call grows the stack (`stacker`), and by how much.
const STACK_RED_ZONE_BYTES: usize = 256 << 10;
const STACK_GROWTH_BYTES: usize = 4 << 20;

/// The state of one program run on the device.
pub(crate) struct Executor<'p, 's> {
    pub program: &'p FlatProgram,
    /// Indexed by the flat `KernelId`.
    pub kernels: &'p [CompiledKernel],
    pub session: &'s mut Session,
    /// The OpenCL program of each compiled kernel, once built (the session
    /// caches builds too; this saves hashing the source at every `run`).
    built: Vec<Option<Rc<Program>>>,
    /// Whether a kernel was enqueued since the error flag was last read:
    /// only kernels set the flag, so without one there is nothing to check
    /// and no reason to wait for the device.
    has_unchecked_launches: bool,
    /// Whether a kernel that takes the error flag (one with safety checks)
    /// was enqueued since the flag was last read: a read of sizes and
    /// scalars reads the flag with them only then (no other kernel can
    /// write it).
    may_have_faulted: bool,
    /// The arrays whose length is a count still on the device (note
    /// [pending lengths]); dropped ones are skipped.
    pending: Vec<Weak<PendingArray>>,
    /// The host program's ints still on the device (flatten's note
    /// [pending integers]), read with the pending lengths.
    pending_ints: Vec<Weak<PendingCount>>,
    /// The program of [`PENDING_SUM_KERNEL`], once built.
    sum_program: Option<Rc<Program>>,
    /// Indexed by the flat `KernelId` and the parameter, once asked:
    /// whether the parameter may stay on the device (`takes_pending` in
    /// `kernel.rs`, a walk over every size of the plan: the same at every
    /// `run`).
    takes_pending: Vec<Vec<Option<bool>>>,
}

/// The `__kernel` that adds ints still on the device (flatten's note
/// [pending integers]): one work-item writes `a + b + k` to `sum[0]`, each
/// word clamped to its bound (a count a faulting kernel left behind must
/// not make the sum exceed the sum of the bounds).
const PENDING_SUM_KERNEL: &str = "nessie_pending_sum";
const PENDING_SUM_SOURCE: &str = "__kernel void nessie_pending_sum(__global long* sum, \
__global const long* a, long a_bound, __global const long* b, long b_bound, long k) {
    sum[0] = clamp(a[0], 0L, a_bound) + clamp(b[0], 0L, b_bound) + k;
}
";

// Note [pending lengths]
// ~~~~~~~~~~~~~~~~~~~~~~
// A `FILTER`'s count sizes its results: reading it back at the end of the
// `run` is a blocking read, and in a recursion a read per level. Often
// nothing on the host needs it before the next wait: the next kernel only
// reads it inside its body (the lengths of a segmented filter's segments,
// `#kept` past the last `before`). So a `run` whose only reads would be
// such counts (each element 0 of a 64-bit buffer a launch wrote, the
// length of one or more array results) reads nothing: its arrays are
// *pending*, their length the count on the device, bounded by the
// capacity of their buffers (`values.rs`). A kernel that reads a pending
// length in its body gets the count's buffer and reads it there
// (opencl-backend's note [device lengths]). The count is read when the
// host needs it (`#xs`, a launch size, a buffer's length, a result's
// length, `print`), and then with every other pending count and the
// error flag in one read; every other read of sizes and scalars, and
// every check of the error flag, reads all pending counts with it. So a
// count costs no wait of its own as long as something else waits first.
// A settled array whose count fills at most a quarter of a large buffer
// moves to a buffer of its own size, as a result read at once does
// (`should_shrink` in `kernel.rs`). A count a faulting kernel wrote is
// read with the flag, so the fault is reported before the count sizes
// anything on the host; on the device it is clamped to its bound. A
// count also stays on the device through the host code (`#xs`, sums of
// counts) and into kernels sized by it: flatten's note [pending
// integers]; such ints are read with the pending counts (`pending_ints`).

impl<'p, 's> Executor<'p, 's> {
    pub(crate) fn new(
        program: &'p FlatProgram,
        kernels: &'p [CompiledKernel],
        session: &'s mut Session,
    ) -> Executor<'p, 's> {
        Executor {
            program,
            kernels,
            session,
            built: vec![None; kernels.len()],
            has_unchecked_launches: false,
            may_have_faulted: false,
            pending: Vec::new(),
            pending_ints: Vec::new(),
            sum_program: None,
            takes_pending: kernels.iter().map(|plan| vec![None; plan.params.len()]).collect(),
        }
    }

    /// Whether parameter `param` of compiled kernel `index` may be an int
    /// still on the device (`takes_pending` in `kernel.rs`), worked out
    /// once per parameter (only those that are ever pending).
    pub(crate) fn takes_pending(&mut self, index: usize, param: usize) -> bool {
        let (Some(plan), Some(slot)) =
            (self.kernels.get(index), self.takes_pending.get_mut(index).and_then(|params| params.get_mut(param)))
        else {
            return false;
        };
        *slot.get_or_insert_with(|| takes_pending(plan, param))
    }

    /// Records an int of the host program still on the device.
    pub(crate) fn note_pending_int(&mut self, count: &Rc<PendingCount>) {
        if count.value().is_none() && !self.pending_ints.iter().any(|weak| weak.as_ptr() == Rc::as_ptr(count)) {
            self.pending_ints.push(Rc::downgrade(count));
        }
    }

    /// The value of a count still on the device: read with every other
    /// (and the error flag) unless it was read already.
    pub(crate) fn settle_count(&mut self, count: &Rc<PendingCount>) -> Result<usize, ExecError> {
        if let Some(value) = count.value() {
            return Ok(value);
        }
        self.note_pending_int(count);
        self.materialize()?;
        count.value().ok_or_else(|| internal("a pending int is unread after the pending counts were read"))
    }

    /// `a + b` on the device (flatten's note [pending integers]), each
    /// operand a count still there or a known int >= 0; `None` where the
    /// host should read them instead (a negative operand, a bound past
    /// `i64`).
    fn pending_sum(
        &mut self,
        a: &DeviceInt<Rc<PendingCount>>,
        b: &DeviceInt<Rc<PendingCount>>,
    ) -> Result<Option<Rc<PendingCount>>, ExecError> {
        // (word, its bound) of each pending operand, and the known sum
        // (offsets included).
        let mut words = Vec::new();
        let mut counts = Vec::new();
        let mut known: i64 = 0;
        for operand in [a, b] {
            match operand {
                DeviceInt::Pending(count) => match (count.value(), count.word()) {
                    (Some(value), _) => known = known.saturating_add(value as i64),
                    (None, Some(word)) => {
                        words.push((word, count.word_bound()));
                        counts.push(Rc::clone(count));
                        known = known.saturating_add(count.offset as i64);
                    }
                    (None, None) => return Err(internal("a pending int without its word")),
                },
                DeviceInt::Known(value) if *value >= 0 => known = known.saturating_add(*value),
                DeviceInt::Known(_) => return Ok(None),
            }
        }
        // One count plus a known int: the same word, a larger offset (no
        // kernel).
        if let [count] = counts.as_slice() {
            let added = usize::try_from(known).ok().and_then(|known| known.checked_sub(count.offset));
            if let Some(sum) = added.and_then(|k| count.plus(k)) {
                let sum = Rc::new(sum);
                self.note_pending_int(&sum);
                return Ok(Some(sum));
            }
        }
        let bound = words.iter().try_fold(known, |sum, (_, bound)| sum.checked_add(i64::try_from(*bound).ok()?));
        let (Some(bound), Some((first, first_bound))) = (bound, words.first().cloned()) else {
            return Ok(None);
        };
        if bound >= i64::from(i32::MAX) {
            return Ok(None);
        }
        // A single pending word is added to itself with bound 0.
        let (second, second_bound) = words.get(1).cloned().unwrap_or((Rc::clone(&first), 0));
        let program = match &self.sum_program {
            Some(program) => Rc::clone(program),
            None => {
                let program = self.session.build_program(PENDING_SUM_KERNEL, PENDING_SUM_SOURCE, "")?;
                self.sum_program = Some(Rc::clone(&program));
                program
            }
        };
        let sum = Rc::new(DeviceData::alloc(self.session, BufferElem::Scalar(Scalar::Int), 1, false, true)?);
        let args = [
            sum.arg(),
            first.arg(),
            Arg::I64(first_bound as i64),
            second.arg(),
            Arg::I64(second_bound as i64),
            Arg::I64(known),
        ];
        self.session
            .launch(&Launch::new(program.kernel(PENDING_SUM_KERNEL)?, Grid::linear(1)).bytes_moved(48), &args)?;
        self.note_launch(false);
        let count = Rc::new(PendingCount::new(sum, bound as usize));
        self.note_pending_int(&count);
        Ok(Some(count))
    }

    /// Records an array whose length is still on the device.
    pub(crate) fn note_pending(&mut self, array: &Rc<PendingArray>) {
        self.pending.push(Rc::downgrade(array));
    }

    /// Whether some live array's length is still on the device.
    fn has_pending(&mut self) -> bool {
        self.pending.retain(|weak| weak.upgrade().is_some_and(|array| array.count.value().is_none()));
        self.pending_ints.retain(|weak| weak.upgrade().is_some_and(|count| count.value().is_none()));
        !self.pending.is_empty() || !self.pending_ints.is_empty()
    }

    /// Reads every pending count (with the error flag, if a kernel that
    /// may set it ran), in one read.
    pub(crate) fn materialize(&mut self) -> Result<(), ExecError> {
        if self.has_pending() {
            self.read_checked(&[])?;
        }
        Ok(())
    }

    /// `#array`, read from the device (with every pending count) if it is
    /// still there.
    pub(crate) fn known_length(&mut self, array: &DeviceArray) -> Result<usize, ExecError> {
        if let Some(len) = array.known_len() {
            return Ok(len);
        }
        self.materialize()?;
        array.known_len().ok_or_else(|| internal("a pending length is unread after the pending counts were read"))
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
            // The kernel that adds pending ints goes along (note [host
            // work per run] in `kernel.rs`): built on its own at its first
            // use, it was a build inside the program's run (and inside a
            // `time` around it), where the kernels' launches wait behind it.
            let has_sum = !names.contains(PENDING_SUM_KERNEL);
            if has_sum {
                merged.push_str(PENDING_SUM_SOURCE);
            }
            let name = format!("{} kernels", members.len());
            let program = self.session.build_program(&name, &merged, "")?;
            for index in members {
                self.built[index] = Some(Rc::clone(&program));
            }
            if has_sum {
                self.sum_program = Some(program);
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

    /// Records that a kernel was enqueued, and whether it takes the error
    /// flag.
    pub(crate) fn note_launch(&mut self, takes_error_flag: bool) {
        self.has_unchecked_launches = true;
        self.may_have_faulted |= takes_error_flag;
    }

    /// Reads the error flag (a synchronisation point), unless no kernel
    /// was enqueued since it was last read: a fault a kernel reported
    /// becomes the program's error.
    pub(crate) fn check_device(&mut self) -> Result<(), ExecError> {
        if !self.has_unchecked_launches {
            return Ok(());
        }
        // The pending counts come along (note [pending lengths]).
        if self.has_pending() {
            self.may_have_faulted = true;
            return self.read_checked(&[]).map(|_| ());
        }
        let checked = check_device(self.session, self.program);
        if !matches!(checked, Err(ExecError::Environment(_))) {
            self.has_unchecked_launches = false;
            self.may_have_faulted = false;
        }
        checked
    }

    /// Reads the elements of `reads` and the error flag in one round trip
    /// (see [`Session::read_elements_checked`]): the values, or the fault a
    /// kernel reported (values a faulting kernel wrote must size nothing).
    pub(crate) fn read_checked(&mut self, reads: &[ElementRead<'_>]) -> Result<Vec<ElementValue>, ExecError> {
        // Every pending count comes along (note [pending lengths]).
        let mut counts = Vec::new();
        let mut words = Vec::new();
        if self.has_pending() {
            let arrays = self.pending.iter().filter_map(Weak::upgrade).map(|array| Rc::clone(&array.count));
            for pending in arrays.chain(self.pending_ints.iter().filter_map(Weak::upgrade)) {
                if let Some(word) = pending.word()
                    && !counts.iter().any(|count| Rc::ptr_eq(count, &pending))
                {
                    counts.push(pending);
                    words.push(word);
                }
            }
        }
        let mut all = reads.to_vec();
        for word in &words {
            all.push(word.element_read(0)?);
        }
        let mut values = if !self.may_have_faulted {
            // No kernel that can write the flag ran since it was read: the
            // elements alone, one read fewer.
            let values = if all.is_empty() { Vec::new() } else { self.session.read_elements(&all)? };
            self.has_unchecked_launches = false;
            values
        } else {
            let (values, fault) = self.session.read_elements_checked(&all)?;
            self.has_unchecked_launches = false;
            self.may_have_faulted = false;
            if let Some(fault) = fault {
                return Err(fault_error(self.program, fault));
            }
            values
        };
        let count_values = values.split_off(reads.len());
        for (count, value) in counts.iter().zip(count_values) {
            let raw = match value {
                ElementValue::I64(x) => x,
                ElementValue::I32(x) => i64::from(x),
                other => return Err(internal(format!("a count read back as {other:?}"))),
            };
            count.resolve(raw)?;
        }
        if !counts.is_empty() {
            self.settle_pending()?;
        }
        Ok(values)
    }

    /// The pending arrays whose counts were read: each moves to a buffer
    /// of its own size if it fills little of its own (note [pending
    /// lengths]), and leaves the pending list.
    fn settle_pending(&mut self) -> Result<(), ExecError> {
        let arrays: Vec<Rc<PendingArray>> = self.pending.iter().filter_map(Weak::upgrade).collect();
        self.pending.clear();
        for array in arrays {
            if array.count.value().is_none() {
                self.pending.push(Rc::downgrade(&array));
                continue;
            }
            let session = &mut *self.session;
            array.settle(|data, len| {
                if super::kernel::should_shrink(data, len) { Ok(Some(data.prefix(session, len)?)) } else { Ok(None) }
            })?;
        }
        Ok(())
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
}

impl Device for Executor<'_, '_> {
    type Array = DeviceArray;
    type Error = ExecError;
    type Int = Rc<PendingCount>;

    fn run_kernel(
        &mut self,
        kernel: KernelId,
        args: Vec<RunArg<DeviceArray, Rc<PendingCount>>>,
    ) -> Result<Vec<HostValue>, ExecError> {
        run_kernel(self, kernel, args)
    }

    fn length_of(&mut self, array: &DeviceArray) -> Result<DeviceInt<Rc<PendingCount>>, ExecError> {
        match array.pending_count() {
            Some(count) => {
                let count = Rc::clone(count);
                self.note_pending_int(&count);
                Ok(DeviceInt::Pending(count))
            }
            None => Ok(DeviceInt::Known(self.known_length(array)? as i64)),
        }
    }

    fn add(
        &mut self,
        a: &DeviceInt<Rc<PendingCount>>,
        b: &DeviceInt<Rc<PendingCount>>,
    ) -> Result<Option<Rc<PendingCount>>, ExecError> {
        self.pending_sum(a, b)
    }

    fn settle(&mut self, int: &Rc<PendingCount>) -> Result<i64, ExecError> {
        Ok(self.settle_count(int)? as i64)
    }

    fn bound(&mut self, int: &Rc<PendingCount>) -> Result<i64, ExecError> {
        let bound = int.value().unwrap_or(int.bound);
        i64::try_from(bound).map_err(|_| internal(format!("a pending int's bound {bound} is past i64")))
    }

    /// A blocking write.
    fn upload(&mut self, items: ArrayValue) -> Result<DeviceArray, ExecError> {
        let (elem, len) = (items.scalar(), items.len());
        let data = match items {
            ArrayValue::Int(values) => DeviceData::I64(self.session.upload(&values)?),
            ArrayValue::Float(values) => DeviceData::F64(self.session.upload(&values)?),
            ArrayValue::Bool(bytes) | ArrayValue::Char(bytes) => DeviceData::U8(self.session.upload(&bytes)?),
        };
        Ok(DeviceArray::known(elem, len, Rc::new(data)))
    }

    /// One blocking read of the array's `len` elements (after its length,
    /// if that is still on the device).
    fn read(&mut self, array: &DeviceArray) -> Result<ArrayValue, ExecError> {
        let len = self.known_length(array)?;
        let data = array.data();
        Ok(match (array.elem, &*data) {
            (Scalar::Int, DeviceData::I64(buffer)) => ArrayValue::ints(self.read_prefix(buffer, len)?),
            // A narrowed int array, widened as it is read.
            (Scalar::Int, DeviceData::I32(buffer)) => {
                ArrayValue::ints(self.read_prefix(buffer, len)?.into_iter().map(i64::from).collect())
            }
            (Scalar::Float, DeviceData::F64(buffer)) => ArrayValue::floats(self.read_prefix(buffer, len)?),
            (Scalar::Bool, DeviceData::U8(buffer)) => {
                let bytes = self.read_prefix(buffer, len)?;
                ArrayValue::Bool(Arc::new(bytes.into_iter().map(|byte| u8::from(byte != 0)).collect()))
            }
            (Scalar::Char, DeviceData::U8(buffer)) => ArrayValue::chars(self.read_prefix(buffer, len)?),
            (elem, data) => return Err(internal(format!("a [{elem}] array in {}", data.describe()))),
        })
    }

    fn length(&mut self, array: &DeviceArray) -> Result<usize, ExecError> {
        self.known_length(array)
    }

    fn check(&mut self) -> Result<(), ExecError> {
        self.check_device()
    }

    fn finish(&mut self) -> Result<(), ExecError> {
        Ok(self.session.finish()?)
    }

    fn fault(&mut self, site: FaultId, payload: Vec<Const>) -> ExecError {
        let fault = match self.program.fault_sites.get(site.0 as usize) {
            Some(fault_site) => ExecError::Fault(fault_site.diagnostic(&payload)),
            None => internal(format!("an `assert` at fault site @{}, which does not exist", site.0)),
        };
        // A kernel enqueued before this statement may have failed first.
        match self.check_device() {
            Err(error) => error,
            Ok(()) => fault,
        }
    }

    fn fault_text(&mut self, site: FaultId, message: String) -> ExecError {
        match self.program.fault_sites.get(site.0 as usize) {
            Some(fault_site) => ExecError::Fault(fault_site.diagnostic_with_message(message)),
            None => internal(format!("a fault at site @{}, which does not exist: {message}", site.0)),
        }
    }

    /// Deep NESL recursion recurses here: grow the stack on the heap
    /// rather than overflow it.
    fn nested<R>(body: impl FnOnce() -> R) -> R {
        stacker::maybe_grow(STACK_RED_ZONE_BYTES, STACK_GROWTH_BYTES, body)
    }
}

impl Executor<'_, '_> {
    /// The first `len` elements of `buffer` (blocking).
    fn read_prefix<T: Element>(&mut self, buffer: &DeviceBuffer<T>, len: usize) -> Result<Vec<T>, ExecError> {
        if len > buffer.len() {
            return Err(internal(format!("an array of {len} elements in a buffer of {}", buffer.len())));
        }
        Ok(self.session.read_range(buffer, 0, len)?)
    }
}

impl HostError for ExecError {
    fn internal(message: String) -> ExecError {
        internal(message)
    }

    fn too_deep(depth: usize, function: &str) -> ExecError {
        ExecError::Fault(flatten::eval::recursion_too_deep(depth, function))
    }

    fn within(self, place: impl FnOnce() -> String) -> ExecError {
        ExecError::within(self, place)
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
