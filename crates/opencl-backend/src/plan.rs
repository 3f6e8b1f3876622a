//! The launch plan of one compiled kernel: the contract between code
//! generation and the runtime's executor.
//!
//! One kernel of the flat IR (after fusion) becomes one OpenCL program (one
//! `.cl` file) with one or more `__kernel` functions, and a list of
//! [`Step`]s that run them: a reduction is a partial-reduction launch and a
//! final launch; a scan of ints or a filter is one (look-back), a float
//! scan three. Everything the executor needs
//! to size buffers and grids is an [`ArithExpr`] over the plan's
//! [`SizeVar`]s, whose values come from the kernel's arguments (the length
//! of an array parameter, the value of an int parameter) or from the device
//! (a count an earlier step wrote, such as the number of elements a filter
//! kept).
//!
//! The executor, for each `run K args` of the host program:
//! 1. binds the parameters to the arguments (device buffers and scalars);
//! 2. runs the steps in order; before each launch it evaluates the sizes it
//!    needs (reading back [`SizeSource::ReadBack`] values when first
//!    needed) and allocates any buffer the launch uses that is not yet
//!    allocated, with the length its [`BufferDecl`] gives;
//! 3. returns the [`KernelResult`]s: arrays (buffers with their logical
//!    length) and scalars (read back from one-element buffers).

use flatten::ir::{Scalar, VarType};
use lift_ir::arith::{ArithExpr, Var};

/// A size evaluated when the kernel runs.
pub type SizeExpr = ArithExpr;

#[derive(Clone, Debug)]
pub struct CompiledKernel {
    /// The flat kernel's name; also names the `.cl` file (`{name}.cl`).
    pub name: String,
    /// The OpenCL C 1.2 source of every `__kernel` function the steps
    /// launch. Compiles on its own.
    pub source: String,
    /// The flat kernel's parameters, in the order `run` passes them.
    pub params: Vec<KernelParam>,
    /// The variables the size expressions use.
    pub size_vars: Vec<SizeVar>,
    /// Device buffers other than the parameters: temporaries and results.
    pub buffers: Vec<BufferDecl>,
    pub steps: Vec<Step>,
    /// The flat kernel's results, in order.
    pub results: Vec<KernelResult>,
}

impl CompiledKernel {
    /// The name of the `.cl` file this kernel's source is written to.
    pub fn file_name(&self) -> String {
        format!("{}.cl", self.name)
    }
}

/// A parameter of the kernel. The executor passes it to a launch
/// ([`LaunchArg::Param`]) as: an array, its buffer (`__global long*`,
/// `double*` or `uchar*` for `bool` and `char`); an `int`, a `long`; a
/// `float`, a `double`; a `bool` or a `char`, an `int` (0 or 1, the
/// character code). Kernels never write the buffers of their parameters.
#[derive(Clone, Debug)]
pub struct KernelParam {
    pub name: String,
    pub ty: VarType,
    /// An int array stored as 32-bit `int`s (`__global int*`, a
    /// [`BufferElem::I32`] buffer; see `storage_width`): the argument's
    /// buffer must be one.
    pub is_narrow: bool,
}

/// A variable of the size expressions and where its value comes from.
#[derive(Clone, Debug)]
pub struct SizeVar {
    pub var: Var,
    pub source: SizeSource,
}

#[derive(Clone, Debug)]
pub enum SizeSource {
    /// The length of array parameter `i`.
    LengthOf(usize),
    /// The value of int parameter `i`.
    ValueOf(usize),
    /// Element `index` of buffer `buffer` (an int buffer), read from the
    /// device after the steps that write it. The executor reads it when a
    /// size first needs it, after the launches before that point, and
    /// checks the error flag before using it.
    ReadBack { buffer: usize, index: SizeExpr },
}

/// The element type of a device buffer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BufferElem {
    Scalar(Scalar),
    /// A 32-bit int: counters and flags updated with OpenCL 1.2 atomics,
    /// and int arrays whose values fit (`storage_width`).
    I32,
}

#[derive(Clone, Debug)]
pub struct BufferDecl {
    /// A readable name, used in the generated code and in plan.json.
    pub name: String,
    pub elem: BufferElem,
    /// The number of elements.
    pub length: SizeExpr,
    /// Whether the buffer must start zeroed (counters).
    pub zeroed: bool,
}

#[derive(Clone, Debug)]
pub enum Step {
    Launch(Launch),
}

/// One enqueue of a `__kernel` function.
#[derive(Clone, Debug)]
pub struct Launch {
    /// The `__kernel` function's name in [`CompiledKernel::source`].
    pub kernel: String,
    /// Global work size per dimension (1 to 3 dimensions); the executor
    /// rounds it up to a multiple of the local size, so kernels guard their
    /// index. A launch with zero work-items in some dimension is skipped
    /// (its other sizes are not even evaluated), so a step whose result is
    /// needed even for empty inputs (a reduction's final step writing the
    /// neutral element) must not have a global size that can be zero.
    pub global: Vec<SizeExpr>,
    /// A size the launch runs under (lift-ir's `Stage::when`): where it is
    /// 0 the launch is skipped and its results keep what another launch
    /// of the kernel wrote, one of two lowerings of a SOAC that write the
    /// same result, chosen from the sizes. Because either choice is right,
    /// a size still on the device may be taken at its bound here
    /// (flatten's note [pending integers]). `None`: always.
    pub when: Option<SizeExpr>,
    /// Local work size per dimension; `None` lets the driver choose.
    pub local: Option<Vec<SizeExpr>>,
    /// A `__kernel` function of the same source computing the same values
    /// with its work-item index in 32 bits: launched instead of `kernel`
    /// where the enqueued global size (rounded up to the local size) is
    /// at most 2^32, as `kernel` is named in `--stats` (see `codegen`'s note
    /// [narrow index]).
    pub narrow: Option<String>,
    pub args: Vec<LaunchArg>,
    /// Bytes of global memory the launch reads and writes, for `--stats`.
    pub bytes_moved: SizeExpr,
}

#[derive(Clone, Debug)]
pub enum LaunchArg {
    /// Parameter `i` of the kernel: its buffer, or its scalar value.
    Param(usize),
    /// Buffer `i` of [`CompiledKernel::buffers`].
    Buffer(usize),
    /// A size, passed as a `long`.
    Size(SizeExpr),
    /// The length of array parameter `i` (size variable `var`, whose
    /// source is `LengthOf(i)`), or the value of int parameter `i` (a
    /// size, source `ValueOf(i)`), passed as a `long` and a buffer: the
    /// size, and any buffer, where the host knows it; else `-1 - bound`
    /// and the buffer whose element 0 holds it (codegen's note [device
    /// lengths]).
    Length { param: usize, var: lift_ir::arith::Var },
    /// `__local` memory of this many bytes.
    LocalBytes(SizeExpr),
    /// The session's error-flag buffer (see `runtime::cl`'s error-flag
    /// protocol): fault code 1 with site = the flat program's `FaultId`.
    /// The payload words `a` and `b` are the `Assert`'s first two payload
    /// values: an `int` as it is, a `float` as its bits (`as_long(x)`), a
    /// `bool` as 0 or 1, a `char` as its code.
    ErrorFlag,
    /// A look-back's ticket and statuses: three arguments, the session's
    /// look-back arena (`__global int*`, at least `words` 32-bit words,
    /// zeroed once when the session makes it), the launch's epoch (`uint`,
    /// never 0) and its ticket base (`uint`: what the arena's ticket word
    /// holds when the launch starts). The executor advances both for
    /// every launch that takes them; no fill. See note [look-back arena]
    /// in `runtime::cl::lookback_arena`.
    Lookback { words: SizeExpr },
}

#[derive(Clone, Debug)]
pub enum KernelResult {
    /// Buffer `buffer`, of which the first `length` elements are the result.
    Array { buffer: usize, length: SizeExpr },
    /// Element 0 of buffer `buffer`, read back to the host. Some launch
    /// that ran (or the zero fill of a `zeroed` buffer) must have written
    /// it; reading a buffer nothing wrote is an internal error.
    Scalar { buffer: usize },
    /// Parameter `i`, returned unchanged.
    Param(usize),
}
