//! What a kernel launch is made of: the grid of work-items, the arguments,
//! and the profiling group the launch is counted under.
//!
//! ```ignore
//! let launch = Launch::new(kernel, Grid::linear(n).with_local(256)).bytes_moved(24 * n as u64);
//! session.launch(&launch, &[Arg::from(&xs), Arg::from(&ys), Arg::from(&out), Arg::I64(n as i64), Arg::ErrorFlag])?;
//! ```
//!
//! **Global sizes are rounded up by the session**: a [`Grid`] holds the
//! number of work-items the caller needs in each dimension; when a local
//! size is given, the session enqueues the next multiple of it (OpenCL 1.2
//! requires the global size to be a multiple of the local size). Kernels
//! must therefore guard their work-item index (`if (i >= n) return;`), or
//! be grid-stride loops. A grid with zero work-items in some dimension
//! enqueues nothing and records nothing (OpenCL 1.2 rejects empty ranges).
//!
//! Arguments are checked against the kernel's parameters before anything
//! is set (`check_args`): the count always, and, where the driver
//! describes the parameters, that buffers go to `__global`/`__constant`
//! pointers of a compatible element type, local memory to `__local`
//! pointers and scalars to scalar parameters of the same size. A mismatch
//! is a [`ClError::Internal`] naming the kernel and the parameter. A
//! kernel remembers the kinds of the last argument list it accepted
//! (element and scalar types), and a list of the same kinds is not checked
//! again (note [cheap launches]).

use std::borrow::Cow;

use super::ClError;
use super::buffer::{DeviceBuffer, Element, ElementType, release_count};
use super::program::{Kernel, ParamKind};
use opencl3::types::cl_mem;

/// The work-items of a launch: 1 to 3 dimensions, and optionally the
/// work-group (local) size. Global sizes are the work-items needed; the
/// session rounds them up to multiples of the local size.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    dimensions: usize,
    global: [usize; 3],
    local: Option<[usize; 3]>,
}

impl Grid {
    /// `work_items` work-items in one dimension, the local size left to the
    /// driver.
    pub fn linear(work_items: usize) -> Grid {
        Grid { dimensions: 1, global: [work_items, 1, 1], local: None }
    }

    pub fn two_d(x: usize, y: usize) -> Grid {
        Grid { dimensions: 2, global: [x, y, 1], local: None }
    }

    pub fn three_d(x: usize, y: usize, z: usize) -> Grid {
        Grid { dimensions: 3, global: [x, y, z], local: None }
    }

    /// Sets the work-group size of the first dimension (the others are 1).
    pub fn with_local(self, local_x: usize) -> Grid {
        Grid { local: Some([local_x, 1, 1]), ..self }
    }

    /// Sets the work-group size in every dimension; entries beyond the
    /// grid's dimensions are ignored.
    pub fn with_local_sizes(self, local: [usize; 3]) -> Grid {
        let mut sizes = [1; 3];
        sizes[..self.dimensions].copy_from_slice(&local[..self.dimensions]);
        Grid { local: Some(sizes), ..self }
    }

    pub fn dimensions(&self) -> usize {
        self.dimensions
    }

    /// The work-items asked for, per dimension.
    pub fn global(&self) -> &[usize] {
        &self.global[..self.dimensions]
    }

    pub fn local(&self) -> Option<&[usize]> {
        self.local.as_ref().map(|sizes| &sizes[..self.dimensions])
    }

    /// Whether the grid has no work-items.
    pub fn is_empty(&self) -> bool {
        self.global().contains(&0)
    }

    /// The global sizes actually enqueued: each rounded up to a multiple of
    /// the local size. `None` if a local size is zero or the rounding
    /// overflows.
    pub fn enqueued_global(&self) -> Option<[usize; 3]> {
        let mut sizes = self.global;
        if let Some(local) = self.local {
            for (size, local) in sizes.iter_mut().zip(local) {
                if local == 0 {
                    return None;
                }
                *size = size.checked_next_multiple_of(local)?;
            }
        }
        Some(sizes)
    }

    /// Whether every global id in dimension `dim` fits in a `uint`: the
    /// enqueued global size there is at most 2^32 (no global offset is
    /// ever passed). A kernel's narrow variant needs it (opencl-backend's
    /// `plan::Launch::narrow`).
    pub fn ids_fit_u32(&self, dim: usize) -> bool {
        dim < self.dimensions && self.enqueued_global().is_some_and(|sizes| sizes[dim] as u64 <= 1 << 32)
    }

    /// Work-items per work-group, if a local size is set.
    pub fn work_group_size(&self) -> Option<usize> {
        self.local().map(|sizes| sizes.iter().product())
    }
}

/// One kernel launch: the kernel, its grid, and how it is counted in the
/// session's profile.
#[derive(Clone, Debug)]
pub struct Launch<'k> {
    pub kernel: &'k Kernel,
    pub grid: Grid,
    /// The profiling group; `None` counts the launch under the kernel's name.
    /// Borrowed where the caller has the name (a launch plan's, at every
    /// launch: no copy).
    pub group: Option<Cow<'k, str>>,
    /// Bytes of global memory the launch reads and writes, as the caller
    /// computes it (the executor knows the sizes; the session cannot).
    pub bytes_moved: u64,
}

impl<'k> Launch<'k> {
    pub fn new(kernel: &'k Kernel, grid: Grid) -> Launch<'k> {
        Launch { kernel, grid, group: None, bytes_moved: 0 }
    }

    /// Counts the launch under `group` instead of the kernel's name.
    pub fn group(self, group: impl Into<Cow<'k, str>>) -> Launch<'k> {
        Launch { group: Some(group.into()), ..self }
    }

    pub fn bytes_moved(self, bytes: u64) -> Launch<'k> {
        Launch { bytes_moved: bytes, ..self }
    }

    /// The name of the profiling group.
    pub fn group_name(&self) -> &str {
        self.group.as_deref().unwrap_or(&self.kernel.name)
    }
}

/// A kernel argument.
#[derive(Copy, Clone, Debug)]
pub enum Arg<'a> {
    /// A device buffer, for a `__global` or `__constant` pointer parameter.
    Buffer(BufferArg<'a>),
    /// `long` (also accepted for `ulong`).
    I64(i64),
    /// `ulong` (also accepted for `long`).
    U64(u64),
    /// `double`.
    F64(f64),
    /// `int` (also accepted for `uint`).
    I32(i32),
    /// `uint` (also accepted for `int`).
    U32(u32),
    /// `__local` memory of this many bytes (more than zero).
    LocalBytes(usize),
    /// The session's error flag, for a `__global long*` parameter (see
    /// `error_flag.rs`).
    ErrorFlag,
}

/// A borrowed buffer as a kernel argument. The borrow only has to last
/// until the launch is enqueued: OpenCL keeps the memory alive for commands
/// that use it.
#[derive(Copy, Clone, Debug)]
pub struct BufferArg<'a> {
    pub(crate) mem: cl_mem,
    pub(crate) element_type: ElementType,
    /// The buffer's `is_unused`: whether this launch is its first use.
    pub(crate) is_unused: &'a std::cell::Cell<bool>,
}

impl<'a, T: Element> From<&'a DeviceBuffer<T>> for Arg<'a> {
    fn from(buffer: &'a DeviceBuffer<T>) -> Arg<'a> {
        Arg::Buffer(BufferArg { mem: buffer.mem(), element_type: T::TYPE, is_unused: &buffer.is_unused })
    }
}

impl Arg<'_> {
    /// How the argument reads in an error message.
    fn describe(&self) -> String {
        match self {
            Arg::Buffer(b) => format!("a buffer of {}", b.element_type.opencl_name()),
            Arg::I64(_) => "a long".to_string(),
            Arg::U64(_) => "a ulong".to_string(),
            Arg::F64(_) => "a double".to_string(),
            Arg::I32(_) => "an int".to_string(),
            Arg::U32(_) => "a uint".to_string(),
            Arg::LocalBytes(bytes) => format!("{bytes} bytes of local memory"),
            Arg::ErrorFlag => "the error flag".to_string(),
        }
    }
}

// Note [cheap launches]
// ~~~~~~~~~~~~~~~~~~~~~~
// A recursion level of quicksort is ~27 launches of small grids, so what
// the host spends per launch is what the GPU waits for: on the H100 at
// 10^7, 1512 launch enqueues took 51 ms (~33 us each) of a 249 ms run
// whose kernels ran 170 ms. Two costs go when nothing asks for them:
// - profiling events: a session that does not measure device times
//   (`CommandTiming::CountsOnly`, a run without `--stats`) creates its
//   queue without profiling and asks for no event at all: launches,
//   fills and copies pass the driver a null event pointer, through the
//   entry points `cl3` loaded (opencl3's wrappers always ask for one).
//   On the H100 (`examples/enqueue_costs.rs`, per enqueue, with an event
//   released at once against none): a launch of 2 arguments 15.7 -> 5.9
//   us, of 16 arguments 28.7 -> 13.3 us, a fill of one word 9.3 -> 7.0
//   us, a copy of one word 9.0 -> 9.5 us; in quicksort 10^7 the 685
//   launches that are no buffer's first use took 10.0 ms with events and
//   9.4 / 7.6 ms without (two device calls). `NESSIE_COMMAND_EVENTS=1`
//   asks for the events again. Before, the events were released at once
//   instead of kept (up to 512) to read their times. On the H200
//   (quicksort 10^7, `NESSIE_HOST_PROFILE=1`, `NESSIE_DEVICE_TIMES=0`
//   against device times, same binary and call): launch enqueues 45.2 ->
//   34.2 ms, fills 11.6 -> 6.9 ms, copies 15.2 -> 8.0 ms, event
//   collection 5.1 -> 0.0 ms, the program's `time` 225 -> 200 ms; in an
//   earlier call the enqueues did not move (48.5 / 49.8 ms): the driver's
//   cost per command varies from run to run. What remains of a launch's
//   cost is mostly a new buffer's first use (note [buffer pool]);
// - setting arguments: an OpenCL kernel object keeps its arguments after
//   a launch, and a recursion launches the same kernels level after level
//   with mostly the same buffers (the pool hands back the same `cl_mem`,
//   note [buffer pool]), the error flag and often the same scalars; the
//   session remembers what each argument holds (`ArgKey`) and calls
//   `clSetKernelArg` only for those that differ. A buffer is remembered by
//   its handle and by how many buffers the thread had really released
//   then (`buffer::release_count`): once any buffer is released, a new
//   buffer may get the same handle, so no remembered buffer argument
//   matches any more and all are set again;
// - checking arguments against the parameters' type names: whether a
//   parameter takes an argument depends only on the argument's kind (a
//   buffer's element type, a scalar's type), and a kernel is launched
//   level after level with the same kinds, so the kernel keeps the kinds
//   of the list it last accepted (`checked_kinds`) and a list of the same
//   kinds skips the string comparisons (the count and empty local memory
//   are still checked every time).

/// What a kernel argument was set to, to skip setting it again to the same
/// (note [cheap launches]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum ArgKey {
    /// A buffer's handle, and `release_count()` when it was set.
    Buffer(usize, u64),
    /// A scalar's bytes (little-endian, zero-padded) and size.
    Scalar(u64, u8),
    LocalBytes(usize),
    ErrorFlag(u64),
}

impl Arg<'_> {
    /// The key of this argument as set now (`error_flag` is the session's
    /// flag buffer).
    pub(crate) fn key(&self, error_flag: cl_mem) -> ArgKey {
        match self {
            Arg::Buffer(buffer) => ArgKey::Buffer(buffer.mem as usize, release_count()),
            Arg::I64(value) => ArgKey::Scalar(*value as u64, 8),
            Arg::U64(value) => ArgKey::Scalar(*value, 8),
            Arg::F64(value) => ArgKey::Scalar(value.to_bits(), 8),
            Arg::I32(value) => ArgKey::Scalar(u64::from(*value as u32), 4),
            Arg::U32(value) => ArgKey::Scalar(u64::from(*value), 4),
            Arg::LocalBytes(bytes) => ArgKey::LocalBytes(*bytes),
            Arg::ErrorFlag => ArgKey::ErrorFlag(error_flag as usize as u64),
        }
    }
}

/// Checks `args` against the parameters of `kernel` (see the file essay).
pub(crate) fn check_args(kernel: &Kernel, args: &[Arg<'_>]) -> Result<(), ClError> {
    if args.len() != kernel.num_args as usize {
        return Err(ClError::internal(format!(
            "kernel `{}` of program `{}` takes {} arguments but the launch passes {}",
            kernel.name,
            kernel.program_name(),
            kernel.num_args,
            args.len()
        )));
    }
    if args.iter().any(|arg| matches!(arg, Arg::LocalBytes(0))) {
        return Err(ClError::internal(format!("kernel `{}`: local memory arguments cannot be empty", kernel.name)));
    }
    let Some(params) = &kernel.params else { return Ok(()) };
    // Whether a parameter accepts an argument depends only on the
    // argument's kind: the kernel's last accepted list is not checked again
    // (note [cheap launches]).
    let mut checked = kernel.checked_kinds.borrow_mut();
    if checked.len() == args.len() && checked.iter().zip(args).all(|(&kind, arg)| kind == arg_kind(arg)) {
        return Ok(());
    }
    checked.clear();
    for (index, (param, arg)) in params.iter().zip(args).enumerate() {
        if !is_compatible(&param.kind, arg) {
            return Err(ClError::internal(format!(
                "kernel `{}`: parameter {index} (`{}`, {}) cannot take {}",
                kernel.name,
                param.name,
                describe_param(&param.kind),
                arg.describe()
            )));
        }
    }
    checked.extend(args.iter().map(arg_kind));
    Ok(())
}

/// What `is_compatible` looks at in an argument, as one byte: a buffer's
/// element type, a scalar's type, local memory or the error flag.
fn arg_kind(arg: &Arg<'_>) -> u8 {
    match arg {
        Arg::Buffer(buffer) => match buffer.element_type {
            ElementType::I64 => 0,
            ElementType::F64 => 1,
            ElementType::U8 => 2,
            ElementType::I32 => 3,
            ElementType::U32 => 4,
        },
        Arg::I64(_) => 5,
        Arg::U64(_) => 6,
        Arg::F64(_) => 7,
        Arg::I32(_) => 8,
        Arg::U32(_) => 9,
        Arg::LocalBytes(_) => 10,
        Arg::ErrorFlag => 11,
    }
}

fn describe_param(kind: &ParamKind) -> String {
    match kind {
        ParamKind::GlobalPointer { pointee } => format!("__global {pointee}*"),
        ParamKind::ConstantPointer { pointee } => format!("__constant {pointee}*"),
        ParamKind::LocalPointer => "a __local pointer".to_string(),
        ParamKind::Scalar { type_name } => type_name.clone(),
    }
}

fn is_compatible(kind: &ParamKind, arg: &Arg<'_>) -> bool {
    match (kind, arg) {
        (ParamKind::GlobalPointer { pointee } | ParamKind::ConstantPointer { pointee }, Arg::Buffer(buffer)) => {
            pointee_fits(pointee, buffer.element_type)
        }
        (ParamKind::GlobalPointer { pointee }, Arg::ErrorFlag) => pointee_fits(pointee, ElementType::I64),
        (ParamKind::LocalPointer, Arg::LocalBytes(_)) => true,
        (ParamKind::Scalar { type_name }, scalar) => scalar_fits(type_name, scalar),
        _ => false,
    }
}

/// Whether a buffer of `element` may be passed for a pointer to `pointee`:
/// the same scalar, possibly as a vector (`long4*` for a buffer of `long`),
/// or a type nessie does not know (`void`, a struct), which is accepted.
fn pointee_fits(pointee: &str, element: ElementType) -> bool {
    let pointee = pointee.trim_start_matches("const ").trim_start_matches("volatile ").trim();
    let scalar = pointee.trim_end_matches(|c: char| c.is_ascii_digit());
    let Some(pointee_size) = scalar_size(scalar) else { return true };
    if pointee_size != element.size_in_bytes() {
        return false;
    }
    let pointee_is_float = matches!(scalar, "double" | "float" | "half");
    pointee_is_float == (element == ElementType::F64)
}

fn scalar_size(name: &str) -> Option<usize> {
    Some(match name {
        "long" | "ulong" | "double" => 8,
        "int" | "uint" | "float" => 4,
        "short" | "ushort" | "half" => 2,
        "char" | "uchar" | "bool" => 1,
        _ => return None,
    })
}

fn scalar_fits(type_name: &str, arg: &Arg<'_>) -> bool {
    match arg {
        Arg::I64(_) | Arg::U64(_) => matches!(type_name, "long" | "ulong" | "size_t" | "ptrdiff_t" | "intptr_t"),
        Arg::F64(_) => type_name == "double",
        Arg::I32(_) | Arg::U32(_) => matches!(type_name, "int" | "uint"),
        Arg::Buffer(_) | Arg::LocalBytes(_) | Arg::ErrorFlag => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_enqueued_global_size_is_rounded_up_to_the_local_size() {
        assert_eq!(Grid::linear(1000).with_local(256).enqueued_global(), Some([1024, 1, 1]));
        assert_eq!(Grid::linear(1024).with_local(256).enqueued_global(), Some([1024, 1, 1]));
        assert_eq!(Grid::linear(1000).enqueued_global(), Some([1000, 1, 1]));
        assert_eq!(Grid::two_d(10, 7).with_local_sizes([4, 4, 9]).enqueued_global(), Some([12, 8, 1]));
        assert_eq!(Grid::two_d(10, 7).with_local_sizes([4, 4, 9]).local(), Some(&[4, 4][..]));
        assert_eq!(Grid::linear(10).with_local(0).enqueued_global(), None);
        assert_eq!(Grid::linear(usize::MAX).with_local(256).enqueued_global(), None);
        assert!(Grid::linear(1 << 32).ids_fit_u32(0));
        assert!(!Grid::linear((1 << 32) + 1).ids_fit_u32(0));
        assert!(Grid::linear((1 << 32) - 1).with_local(256).ids_fit_u32(0), "rounded up to 2^32");
        assert!(!Grid::linear((1 << 32) - 1).with_local(7).ids_fit_u32(0), "rounded up to 2^32 + 3");
        assert!(!Grid::linear(usize::MAX).with_local(256).ids_fit_u32(0));
        assert!(!Grid::linear(10).ids_fit_u32(1), "a dimension the grid does not have");
        assert!(Grid::three_d(4, 0, 2).is_empty());
        assert_eq!(Grid::three_d(4, 2, 2).with_local_sizes([2, 2, 2]).work_group_size(), Some(8));
    }

    #[test]
    fn buffers_fit_pointers_to_their_scalar_or_its_vectors() {
        assert!(pointee_fits("long", ElementType::I64));
        assert!(pointee_fits("long4", ElementType::I64));
        assert!(pointee_fits("ulong", ElementType::I64));
        assert!(pointee_fits("const double", ElementType::F64));
        assert!(pointee_fits("uchar16", ElementType::U8));
        assert!(pointee_fits("my_struct", ElementType::U8));
        assert!(!pointee_fits("double", ElementType::I64));
        assert!(!pointee_fits("long", ElementType::F64));
        assert!(!pointee_fits("int", ElementType::I64));
        assert!(scalar_fits("ulong", &Arg::I64(3)));
        assert!(!scalar_fits("int", &Arg::I64(3)));
        assert!(!scalar_fits("long", &Arg::F64(3.0)));
    }
}
