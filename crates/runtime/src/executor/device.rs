//! The OpenCL kernel executor: what `flatten::eval`'s host interpreter
//! needs from a device ([`Device`]), on an OpenCL [`Session`]. Kernels are
//! built once and launched by `kernel.rs`; arrays are [`DeviceArray`]s;
//! reads, uploads and the error flag go through the session, which counts
//! them for `--stats`.

use std::rc::Rc;
use std::sync::Arc;

use flatten::eval::{ArrayValue, Device, HostError};
use flatten::ir::{Const, FaultId, FlatProgram, KernelId, Scalar};
use opencl_backend::plan::CompiledKernel;

use super::faults::{check_device, fault_error};
use super::kernel::run_kernel;
use super::values::{DeviceArray, DeviceData, HostValue};
use super::{ExecError, internal};
use crate::cl::{DeviceBuffer, Element, ElementRead, ElementValue, Program, ProgramLayout, Session};

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
}

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
        if !self.may_have_faulted {
            // No kernel that can write the flag ran since it was read: the
            // elements alone, one read fewer.
            let values = self.session.read_elements(reads)?;
            self.has_unchecked_launches = false;
            return Ok(values);
        }
        let (values, fault) = self.session.read_elements_checked(reads)?;
        self.has_unchecked_launches = false;
        self.may_have_faulted = false;
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
}

impl Device for Executor<'_, '_> {
    type Array = DeviceArray;
    type Error = ExecError;

    fn run_kernel(&mut self, kernel: KernelId, args: Vec<HostValue>) -> Result<Vec<HostValue>, ExecError> {
        run_kernel(self, kernel, args)
    }

    /// A blocking write.
    fn upload(&mut self, items: ArrayValue) -> Result<DeviceArray, ExecError> {
        let (elem, len) = (items.scalar(), items.len());
        let data = match items {
            ArrayValue::Int(values) => DeviceData::I64(self.session.upload(&values)?),
            ArrayValue::Float(values) => DeviceData::F64(self.session.upload(&values)?),
            ArrayValue::Bool(bytes) | ArrayValue::Char(bytes) => DeviceData::U8(self.session.upload(&bytes)?),
        };
        Ok(DeviceArray { elem, len, data: Rc::new(data) })
    }

    /// One blocking read of the array's `len` elements.
    fn read(&mut self, array: &DeviceArray) -> Result<ArrayValue, ExecError> {
        Ok(match (array.elem, &*array.data) {
            (Scalar::Int, DeviceData::I64(buffer)) => ArrayValue::ints(self.read_prefix(buffer, array.len)?),
            // A narrowed int array, widened as it is read.
            (Scalar::Int, DeviceData::I32(buffer)) => {
                ArrayValue::ints(self.read_prefix(buffer, array.len)?.into_iter().map(i64::from).collect())
            }
            (Scalar::Float, DeviceData::F64(buffer)) => ArrayValue::floats(self.read_prefix(buffer, array.len)?),
            (Scalar::Bool, DeviceData::U8(buffer)) => {
                let bytes = self.read_prefix(buffer, array.len)?;
                ArrayValue::Bool(Arc::new(bytes.into_iter().map(|byte| u8::from(byte != 0)).collect()))
            }
            (Scalar::Char, DeviceData::U8(buffer)) => ArrayValue::chars(self.read_prefix(buffer, array.len)?),
            (elem, data) => return Err(internal(format!("a [{elem}] array in {}", data.describe()))),
        })
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
