//! OpenCL C from low-level Lift: one `__kernel` function per stage.
//!
//! The generator walks a stage's expression once, as the paper's code
//! generator does, with two kinds of values:
//! - **views** (`View`): arrays that are not materialised (`generate`,
//!   `split`, `join`, `gather`, `pad`, `zip`, a segment of `segments`) or
//!   are in memory. Reading element `[i][j]` of a view walks it down to a
//!   memory access or a user-function call, building the flat index as an
//!   [`ArithExpr`], which the simplifier reduces with the ranges of the
//!   loop variables (`wg * 256 + l` rather than `((wg * 256 + l) / 1) * 1`);
//! - **output views** (`Out`): where a pattern writes. The stage writes
//!   its result buffers; `toLocal(f)` gives `f` a fresh `__local` array;
//!   `join`, `split` and the maps transform the output view for the
//!   patterns below them (Lift's output views), so the innermost `id`
//!   writes `partials[wg] = tree[0]` directly.
//!
//! Private memory holds accumulators (`reduceSeq`) and user-function
//! results; `iterate` swaps two buffers of its input's memory. The
//! `__local` arrays, `iterate`'s second buffers and the accumulators are
//! the allocations of `lift_ir::memory`, in the spaces
//! `lift_ir::address_space` infers (an internal error where the generator
//! would declare something else). Barriers
//! follow the `mapLcl`s that `lift_ir::barriers` left one on. Launch sizes
//! are inferred from the maps (lift-patterns-and-rules.txt, 2.4): a
//! `mapGlb` over `n` elements launches `n` work-items, a `mapWrg` over `G`
//! with `mapLcl`s over `L` launches `G` groups of `L`.

use std::collections::{HashMap, HashSet};
use std::fmt::Write;

use flatten::ir::{Const, FlatProgram, KVar, Scalar, VarType};
use lift_ir::address_space::{self, AddressSpace, NodeId, Nodes};
use lift_ir::arith::{ArithExpr, ArithKind, Range, Var, VarId};
use lift_ir::ir::{Expr, Fun, LiftKernel, ParamId, SizeDef, Stage, Type, UserFunDef, UserFunId};
use lift_ir::memory::{self, AllocKind, Allocation, Memory};
use lift_ir::typecheck::TypeChecker;

use crate::compile::CodegenError;
use crate::user_fun::{self, CFunction, CParam, c_elem_type, c_type};

mod lookback;
pub mod numtext;
mod radix;
mod seg_chunks;
mod seg_merge;
mod seg_reduce;
mod seg_teams;
mod segment_ids;

/// What a stage's `__kernel` function takes, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum KernelArg {
    /// An array of the flat kernel read (`__global const T*`) or written
    /// (the stage's results).
    Array {
        var: KVar,
        written: bool,
    },
    /// A kernel-level scalar passed by value (a parameter).
    Scalar(KVar),
    /// A size variable, as a `long`.
    Size(Var),
    /// A size variable that is the length of an array parameter, as a
    /// `long` and a `__global const long*`: the length may still be on the
    /// device (note [device lengths]).
    Length(Var),
    ErrorFlag,
    /// A look-back's ticket and statuses (`status`, a look-back's
    /// [`lift_ir::ir::Lookback::status`]): the session's look-back arena
    /// as `__global int*`, then the launch's epoch and ticket base as
    /// `uint`s, named after it ([`lookback_epoch`], [`lookback_base`]).
    Lookback(KVar),
}

/// The C name of a look-back's epoch argument, after its status's.
pub fn lookback_epoch(status: &str) -> String {
    format!("{status}_epoch")
}

/// The C name of a look-back's ticket base argument, after its status's.
pub fn lookback_base(status: &str) -> String {
    format!("{status}_base")
}

/// A ticket of the look-back arena `arena` less the launch's base, for a
/// launch whose groups take tickets until one fails (a `uint`: note
/// [look-back arena] in `runtime::cl::lookback_arena`).
fn arena_ticket(arena: &str) -> String {
    format!("(uint)atomic_inc({arena}) - {}", lookback_base(arena))
}

/// The line by which the group that took ticket `raw`, the launch's last
/// of `count` that succeed and one that fails a group, gives the `count`
/// back, so that the arena's ticket word ends one a group past the base.
fn give_back_tickets(arena: &str, raw: &str, count: &str) -> String {
    format!("if ((long){raw} == {count} + (long)get_num_groups(0) - 1) atomic_sub({arena}, (int){count});")
}

// Note [device lengths]
// ~~~~~~~~~~~~~~~~~~~~~
// The length of an array parameter used inside a kernel (`#kept` in the
// lengths of a segmented filter's segments, `before[s + 1]` or `#kept`
// past the last) may be a count another kernel left on the device: the
// executor keeps a `FILTER`'s count there until the host needs it
// (`runtime::executor`, note [pending lengths]), so a level of a
// recursion does not wait for it. So may an int parameter that is a size
// (a SOAC's size, >= 0: `#lesser + #greater` sizing quicksort's gather,
// flatten's note [pending integers]); the executor then launches the
// kernel at the bound (its global size and buffers are non-decreasing in
// the size) and the body's guard reads the value. Such a size is passed as two
// arguments: `NAME_arg`, the length when the host knows it (>= 0), else
// `-1 - (bound + 2^32 offset)` where the word `NAME_word[0]` plus
// `offset` holds it (an offset the host added: `#equal + n` with `n`
// known) and `bound + offset` is at most the capacity of the array's
// buffer; `NAME_word` is that word's buffer, or any buffer (the error
// flag) when unused. The kernel reads the word once, clamped to `[0,
// bound]`, so even a count a faulting kernel left behind indexes nothing
// outside the buffer. Only the body reads it:
// launch sizes, buffer lengths and results are host sizes, and the
// executor materialises a pending length before it evaluates one that
// mentions it.

/// One generated `__kernel` function and how to launch it.
#[derive(Clone, Debug)]
pub struct StageCode {
    pub name: String,
    pub source: String,
    pub args: Vec<KernelArg>,
    /// Work-items per dimension (dimension 0 only, so far).
    pub global: ArithExpr,
    /// Work-group size, when a `mapLcl` fixes it.
    pub local: Option<ArithExpr>,
    /// The name of a second `__kernel` function in `source`, the same
    /// kernel with its work-item index computed in 32 bits, for launches of
    /// at most 2^32 work-items (see note [narrow index]).
    pub narrow: Option<String>,
}

/// An array that may not be in memory (see the module doc).
#[derive(Clone, Debug)]
enum View {
    /// Row-major over `dims`; one buffer per tuple component.
    Mem {
        names: Vec<String>,
        dims: Vec<ArithExpr>,
    },
    Generate {
        len: ArithExpr,
        f: UserFunId,
    },
    Segments {
        offsets: String,
        lengths: String,
        count: ArithExpr,
        f: UserFunId,
    },
    /// One segment of `Segments`: element `k` is `f(offset + k)`.
    Segment {
        offset: String,
        len: ArithExpr,
        f: UserFunId,
    },
    Pad {
        len: ArithExpr,
        inner: Box<View>,
        value: Vec<Const>,
    },
    Split {
        chunk: ArithExpr,
        inner: Box<View>,
    },
    Join {
        inner_len: ArithExpr,
        inner: Box<View>,
    },
    Gather {
        stride: ArithExpr,
        inner: Box<View>,
    },
    Zip(Vec<View>),
    Access {
        index: ArithExpr,
        inner: Box<View>,
    },
    /// `[t]_1` in private variables (an accumulator).
    Private {
        names: Vec<String>,
    },
}

#[derive(Clone, Debug)]
enum Val {
    Scalar(Vec<String>),
    Array(View),
}

/// Where a pattern writes.
#[derive(Clone, Debug)]
enum Out {
    Mem {
        names: Vec<String>,
        dims: Vec<ArithExpr>,
    },
    Access {
        index: ArithExpr,
        inner: Box<Out>,
    },
    /// The argument of a `join` writes `[i][j]` at `[i * m + j]`.
    JoinArg {
        m: ArithExpr,
        inner: Box<Out>,
    },
    /// The argument of a `split` writes `[k]` at `[k / c][k mod c]`.
    SplitArg {
        c: ArithExpr,
        inner: Box<Out>,
    },
    /// The argument of a `scatter` writes `[i]` at `[target(i)]`, or
    /// nowhere when that is negative.
    Scatter {
        target: UserFunId,
        guard: Option<lift_ir::ir::Guard>,
        inner: Box<Out>,
    },
    /// The argument of a `joinSegments` writes `[j][k]` at
    /// `[offsets[j] + k]`.
    Segments {
        offsets: String,
        inner: Box<Out>,
    },
    /// The argument (of length `len`) of `gather(reorderStride(stride))`
    /// writes `[p]` at `[(p mod m) * stride + p / m]`, `m = len / stride`:
    /// where the gather reads it from, so the memory holds the gathered
    /// order (`tile-coalesced`).
    Gathered {
        stride: ArithExpr,
        len: ArithExpr,
        inner: Box<Out>,
    },
}

// Note [map work-groups]
// ~~~~~~~~~~~~~~~~~~~~~~
// A stage whose launch only a `mapGlb` fixes (a map, a gather, the
// per-element pull of a segmented gather) used to leave the work-group
// size to the driver (`local_work_size = NULL`). OpenCL 1.2 then needs a
// size that divides the global size, and the drivers take one: NVIDIA's
// and PoCL's take 1 for a prime count, 7 for 7 x 1428571, 2 for
// 2 x 4999999 (scripts/gpu/driver_local_size.c on the H100: a copy of
// ~10^7 longs takes 6.01 / 0.86 / 3.01 ms so, 0.059 ms in groups of 256).
// A recursion's live counts are arbitrary numbers, so each level's maps
// ran at whatever the factors of that level's count allowed: quicksort's
// segment gathers of 10^7 ints averaged 104 to 245 GB/s.
// Rule `map-work-group`: such a stage is launched in groups of
// `MAP_WORK_GROUP` work-items and the executor rounds the global size up
// to a multiple (the map already guards `gid < n`, or is a grid-stride
// loop); a constant global size below that keeps the driver's choice,
// which is then the size itself. On the H100 (quicksort of 10^7 ints,
// `--stats`, one call, same binary but for this rule): the kernels took
// 43.4 ms instead of 114.8, `time` 128 ms instead of 196; the gathers
// `gather_7_by_ids` 22.7 -> 2.3 ms, `gather_10_by_ids` 22.9 -> 2.5 ms,
// `gather_8_by_ids` 5.9 -> 2.5 ms, `gather_7` / `gather_8` /
// `gather_10` (searching) 9.4 -> 0.7 ms each, now 2200 to 2400 GB/s by
// ids. Quickhull 10^7 (29.8 -> 29.0 ms) and primes 10^8 (10.0 -> 9.8 ms)
// hardly move: their maps' counts had large factors. In a second call
// (scripts/gpu/recursion.py, main's binary then this rule's): quicksort
// 10^7 260.6 -> 96.2 ms by `time` (kernels 118.8 -> 42.8 ms), 10^8
// 1332 -> 479 ms (kernels 1164 -> 317 ms), 10^6 61.6 -> 55.1 ms.

/// The work-group size of a stage that only `mapGlb`s shape (note
/// [map work-groups]).
pub const MAP_WORK_GROUP: i64 = 256;

/// The local size of rule `map-work-group` for a stage whose `mapGlb`s
/// launch `global` work-items and that fixes no work-group size itself.
fn map_work_group(global: Option<&ArithExpr>) -> Option<ArithExpr> {
    let global = global?;
    match global.as_cst() {
        Some(n) if n < MAP_WORK_GROUP => None,
        _ => Some(ArithExpr::cst(MAP_WORK_GROUP)),
    }
}

fn internal<T>(message: impl Into<String>) -> Result<T, CodegenError> {
    Err(CodegenError::Internal(message.into()))
}

/// The C name of every variable of the flat kernel: its name made a C
/// identifier, with its number appended where two share a name (and more
/// where that is another variable's name: `guarded`, `guarded` and
/// `guarded_1` become `guarded_0`, `guarded_1_1` and `guarded_1`).
pub fn var_names(kernel: &flatten::ir::Kernel) -> Vec<String> {
    let clean: Vec<String> = kernel.vars.iter().map(|v| user_fun::c_identifier(&v.name)).collect();
    let mut count: HashMap<&str, usize> = HashMap::new();
    for name in &clean {
        *count.entry(name.as_str()).or_default() += 1;
    }
    let mut taken: HashSet<String> = clean.iter().filter(|n| count[n.as_str()] == 1).cloned().collect();
    clean
        .iter()
        .enumerate()
        .map(|(i, n)| {
            if count[n.as_str()] == 1 {
                return n.clone();
            }
            let mut name = format!("{n}_{i}");
            let mut k = 1;
            while taken.contains(&name) {
                name = format!("{n}_{i}_{k}");
                k += 1;
            }
            taken.insert(name.clone());
            name
        })
        .collect()
}

/// The compiled user functions of a kernel, by id; `int32` are the arrays
/// of 32-bit `int`s (counters and narrowed arrays), read as `long`s.
pub fn user_functions(
    program: &FlatProgram,
    lift: &LiftKernel,
    int32: &[KVar],
) -> Result<Vec<CFunction>, CodegenError> {
    let mut out = Vec::new();
    let mut deferred = Vec::new();
    for stage in &lift.stages {
        seg_reduce::hoisted_pulls(&stage.body, &mut deferred);
    }
    for (i, uf) in lift.user_funs.iter().enumerate() {
        let name = user_fun::c_identifier(&format!("{}_{}", lift.name, uf.name));
        out.push(match &uf.def {
            // Note [deferred faults] in `seg_reduce`.
            UserFunDef::Thunk(thunk) if deferred.contains(&UserFunId(i as u32)) => {
                user_fun::thunk_function_deferred(program, &lift.flat, &name, thunk, int32)?
            }
            UserFunDef::Thunk(thunk) => {
                user_fun::thunk_function_with_counters(program, &lift.flat, &name, thunk, int32)?
            }
            UserFunDef::Once(body) => user_fun::expr_function_with_counters(program, &lift.flat, &name, body, int32)?,
        });
    }
    Ok(out)
}

pub struct Generator<'a> {
    lift: &'a LiftKernel,
    /// The arrays of 32-bit `int`s: the kernel's counters and its arrays
    /// `storage_width` narrowed.
    int32: &'a [KVar],
    funs: &'a [CFunction],
    names: &'a [String],
    body: String,
    indent: usize,
    local_decls: Vec<String>,
    taken: HashSet<String>,
    env: HashMap<ParamId, Val>,
    types: HashMap<ParamId, Type>,
    args: Vec<KernelArg>,
    size_vars: HashMap<VarId, Var>,
    /// Launch shape found so far: (global items, local size).
    global: Option<ArithExpr>,
    groups: Option<ArithExpr>,
    local: Option<ArithExpr>,
    has_barrier: bool,
    /// The work-item indices `const long gid = get_global_id(0);` of the
    /// stage's `mapGlb`s without a loop, and whether a user function the
    /// stage applies to one of them multiplies or divides ints (see note
    /// [narrow index]).
    narrow_gids: Vec<String>,
    int_arith: bool,
    /// Inside `atomicMax`: writes are atomic maxima.
    atomic: bool,
    /// The private fault record of the batch being pulled, which a
    /// deferred-fault function's calls take (note [deferred faults] in
    /// `seg_reduce`).
    fault: Option<String>,
    /// The stage's nodes and the memory `lift_ir::memory` gave them.
    nodes: Nodes<'a>,
    memory: Memory,
}

impl<'a> Generator<'a> {
    pub fn new(lift: &'a LiftKernel, int32: &'a [KVar], funs: &'a [CFunction], names: &'a [String]) -> Generator<'a> {
        let mut taken: HashSet<String> = names.iter().cloned().collect();
        taken.extend(funs.iter().map(|f| f.name.clone()));
        taken.extend(lift.sizes.iter().map(|s| s.var.name().to_string()));
        taken.extend(lift.stages.iter().map(|s| s.name.clone()));
        taken.insert("err".into());
        let size_vars = lift.sizes.iter().map(|s| (s.var.id(), s.var.clone())).collect();
        Generator {
            lift,
            int32,
            funs,
            names,
            body: String::new(),
            indent: 1,
            local_decls: Vec::new(),
            taken,
            env: HashMap::new(),
            types: HashMap::new(),
            args: Vec::new(),
            size_vars,
            global: None,
            groups: None,
            local: None,
            has_barrier: false,
            narrow_gids: Vec::new(),
            int_arith: false,
            atomic: false,
            fault: None,
            nodes: Nodes::default(),
            memory: Memory::default(),
        }
    }

    fn fresh(&mut self, base: &str) -> String {
        let mut name = base.to_string();
        let mut k = 1;
        while self.taken.contains(&name) {
            name = format!("{base}_{k}");
            k += 1;
        }
        self.taken.insert(name.clone());
        name
    }

    fn line(&mut self, text: impl AsRef<str>) {
        for _ in 0..self.indent {
            self.body.push_str("    ");
        }
        self.body.push_str(text.as_ref());
        self.body.push('\n');
    }

    fn open(&mut self, text: impl AsRef<str>) {
        match text.as_ref() {
            "" => self.line("{"),
            text => self.line(format!("{text} {{")),
        }
        self.indent += 1;
    }

    fn close(&mut self) {
        self.indent -= 1;
        self.line("}");
    }

    /// A lower-bound search: `while (lo < hi)` halves `[lo, hi)` (C
    /// variables of type `ty`), keeping the upper half where `below(m)`,
    /// the C condition at the midpoint `m`, holds; `lo` ends at the first
    /// position where it does not (the condition must be monotone: true,
    /// then false).
    fn lower_bound(&mut self, ty: &str, (lo, hi): (&str, &str), below: impl FnOnce(&str) -> String) {
        let m = self.fresh("mid");
        self.open(format!("while ({lo} < {hi})"));
        self.line(format!("const {ty} {m} = {lo} + ({hi} - {lo}) / 2;"));
        self.line(format!("if ({}) {lo} = {m} + 1; else {hi} = {m};", below(&m)));
        self.close();
    }

    fn need(&mut self, arg: KernelArg) {
        if !self.args.contains(&arg) {
            self.args.push(arg);
        }
    }

    /// An index or size as C; records the size variables it uses.
    fn c(&mut self, e: &ArithExpr) -> String {
        self.note_vars(e);
        e.to_opencl(&|v| v.name().to_string())
    }

    fn note_vars(&mut self, e: &ArithExpr) {
        if let ArithKind::Var(v) = e.kind()
            && let Some(var) = self.size_vars.get(&v.id()).cloned()
        {
            // The length of an array parameter, or the value of an int
            // parameter (a size, so >= 0): either may be on the device.
            let is_length = self.lift.sizes.iter().any(|s| {
                s.var == var
                    && match s.def {
                        SizeDef::LengthOf(_) => true,
                        SizeDef::ValueOf(v) => self.lift.flat.params.contains(&v),
                        SizeDef::Derived(_) => false,
                    }
            });
            self.need(if is_length { KernelArg::Length(var) } else { KernelArg::Size(var) });
        }
        for child in e.children() {
            self.note_vars(child);
        }
    }

    fn kvar(&self, v: KVar) -> String {
        self.names[v.0 as usize].clone()
    }

    fn type_of(&self, e: &Expr) -> Result<Type, CodegenError> {
        let mut checker = TypeChecker::with_params(self.lift, self.types.clone());
        checker.expr(e).map_err(|e| CodegenError::Internal(e.to_string()))
    }

    fn fun_type(&self, f: &Fun, args: Vec<Type>) -> Result<Type, CodegenError> {
        let mut checker = TypeChecker::with_params(self.lift, self.types.clone());
        checker.apply(f, args).map_err(|e| CodegenError::Internal(e.to_string()))
    }

    /// Generates the `__kernel` function of one stage.
    pub fn stage(mut self, stage: &'a Stage) -> Result<StageCode, CodegenError> {
        self.allocate(stage)?;
        let ty = self.type_of(&stage.body)?;
        let Type::Array(_, len) = &ty else {
            return internal(format!("stage `{}` is not an array", stage.name));
        };
        self.check_result(stage, &ty)?;
        let dest = Out::Mem { names: stage.result.iter().map(|v| self.kvar(*v)).collect(), dims: vec![len.clone()] };
        self.gen_expr(&stage.body, Some(dest))?;
        // A device guard (`Stage::guard`): one value for the whole launch,
        // so every work-group returns before its first barrier or none does.
        let guard = match &stage.guard {
            Some(g) => {
                let value = self.scalar_input(g.value);
                let (bound, unless) = (self.c(&g.bound), self.c(&g.unless));
                let op = if g.at_most { "<=" } else { ">" };
                let test = format!("{value} {op} {bound}");
                let test = if g.unless.is_cst(0) { test } else { format!("{unless} != 0 || {test}") };
                // A look-back launch's groups take one ticket each (note
                // [look-back arena] in `runtime::cl::lookback_arena`):
                // where the guard fails, one work-item takes them all.
                let arena = self.args.iter().find_map(|a| match a {
                    KernelArg::Lookback(status) => Some(self.kvar(*status)),
                    _ => None,
                });
                match arena {
                    Some(arena) => format!(
                        "    if (!({test})) {{\n        if (get_group_id(0) == 0 && get_local_id(0) == 0) atomic_add({arena}, (int)get_num_groups(0));\n        return;\n    }}\n"
                    ),
                    None => format!("    if (!({test})) return;\n"),
                }
            }
            None => String::new(),
        };
        for v in &stage.result {
            self.need(KernelArg::Array { var: *v, written: true });
        }
        let global = match (&self.global, &self.groups, &self.local) {
            (Some(g), _, _) => g.clone(),
            (None, Some(groups), Some(local)) => groups * local,
            _ => ArithExpr::one(),
        };
        let local = self.local.clone().or_else(|| map_work_group(self.global.as_ref()));
        // The error flag goes last; kernels without barriers stop early when
        // an earlier kernel failed.
        let uses_err = self.args.contains(&KernelArg::ErrorFlag);
        self.args.retain(|a| *a != KernelArg::ErrorFlag);
        if uses_err {
            self.args.push(KernelArg::ErrorFlag);
        }
        let mut params = Vec::new();
        // The lengths of note [device lengths], read before anything else.
        let mut lengths = String::new();
        let args = self.args.clone();
        for arg in &args {
            params.push(match arg {
                KernelArg::Array { var, written } => {
                    let elem = if self.int32.contains(var) {
                        "int"
                    } else {
                        c_elem_type(self.lift.flat.var(*var).ty.scalar())
                    };
                    let konst = if *written { "" } else { "const " };
                    format!("__global {konst}{elem}* {}", self.kvar(*var))
                }
                KernelArg::Scalar(v) => format!("{} {}", c_type(self.lift.flat.var(*v).ty.scalar()), self.kvar(*v)),
                KernelArg::Size(v) => format!("long {}", v.name()),
                KernelArg::Length(v) => {
                    let (arg, word) =
                        (self.fresh(&format!("{}_arg", v.name())), self.fresh(&format!("{}_word", v.name())));
                    let name = v.name();
                    lengths.push_str(&format!(
                        "    const long {name} = {arg} >= 0 ? {arg} : clamp({word}[0], 0L, (-1 - {arg}) & 0xFFFFFFFFL) + ((-1 - {arg}) >> 32);\n"
                    ));
                    format!("long {arg}, __global const long* {word}")
                }
                KernelArg::ErrorFlag => "__global long* err".to_string(),
                KernelArg::Lookback(status) => {
                    let status = self.kvar(*status);
                    format!("__global int* {status}, uint {}, uint {}", lookback_epoch(&status), lookback_base(&status))
                }
            });
        }
        let mut source = String::new();
        let _ = writeln!(source, "__kernel void {}({}) {{", stage.name, params.join(", "));
        for decl in &self.local_decls {
            let _ = writeln!(source, "    {decl}");
        }
        source.push_str(&lengths);
        if uses_err && !self.has_barrier {
            source.push_str("    if (nessie_failed(err)) return;\n");
        }
        source.push_str(&guard);
        source.push_str(&self.body);
        source.push_str("}\n");
        let narrow = match self.narrow_variant(&stage.name, &source) {
            Some((name, text)) => {
                source.push('\n');
                source.push_str(&text);
                Some(name)
            }
            None => None,
        };
        Ok(StageCode { name: stage.name.clone(), source, args: self.args, global, local, narrow })
    }

    // Note [narrow index]
    // ~~~~~~~~~~~~~~~~~~~
    // NESL's ints are 64-bit and wrap, so a map's index is a `long` and
    // `rem(i * 7919 + 12345, 1000003)` is `nessie_rem` of wrapping `ulong`
    // products: the OpenCL compiler cannot tell that the dividend is not
    // negative, and divides signed (NVIDIA's `get_global_id` is even a sum
    // of sign-extended 32-bit parts). With the index known to be below
    // 2^32 (`(long)(uint)get_global_id(0)`) it multiplies 32 by 32 bits and
    // divides unsigned. That is exact only where the launch has at most
    // 2^32 work-items (nessie never passes a global offset), which only
    // the host knows: so a stage whose `mapGlb`s take their index without
    // a loop and that applies a user function multiplying or dividing ints
    // to such an index (an argument that mentions it) gets a second
    // `__kernel` function, `NAME_idx32`, the same text with
    // each such index narrowed, and the executor launches it instead of
    // `NAME` when the enqueued global size fits in 32 bits
    // (`plan::Launch::narrow`). Both compute the same values. Measured on
    // the H200 (black-scholes of 2^25 options, OpenCL events, one run of
    // scripts/gpu/black_scholes_probe.py): 0.682 ms wide, 0.668 ms narrow,
    // where the hand-fused CUDA kernel takes 0.669 ms (0.685 ms with
    // `--fmad=false`, whose results are the same bits). One kernel with
    // both paths behind a uniform branch took 0.677 ms: the driver's
    // compiler seems to merge the paths' common code before it narrows the
    // divisions.

    /// The narrow variant of the stage's kernel function `source`, named
    /// `NAME_idx32` (see note [narrow index]).
    fn narrow_variant(&self, name: &str, source: &str) -> Option<(String, String)> {
        if self.narrow_gids.is_empty() || !self.int_arith {
            return None;
        }
        let narrow = format!("{name}_idx32");
        let header = format!("__kernel void {name}(");
        if !source.starts_with(&header) || self.taken.contains(&narrow) {
            return None;
        }
        let mut text = source.replacen(&header, &format!("__kernel void {narrow}("), 1);
        for gid in &self.narrow_gids {
            let wide = format!("const long {gid} = get_global_id(0);");
            if !text.contains(&wide) {
                return None;
            }
            text = text.replace(&wide, &format!("const long {gid} = (long)(uint)get_global_id(0);"));
        }
        Some((narrow, text))
    }

    fn gen_expr(&mut self, e: &Expr, dest: Option<Out>) -> Result<Val, CodegenError> {
        let val = match e {
            Expr::Param(p) => match self.env.get(p) {
                Some(v) => v.clone(),
                None => return internal("a Lift parameter used outside its lambda"),
            },
            Expr::Input(v) => match self.lift.flat.var(*v).ty {
                VarType::Array(_) => {
                    self.need(KernelArg::Array { var: *v, written: false });
                    let Type::Array(_, len) = self.type_of(e)? else { return internal("input type") };
                    Val::Array(View::Mem { names: vec![self.kvar(*v)], dims: vec![len] })
                }
                VarType::Scalar(_) => Val::Scalar(vec![self.scalar_input(*v)]),
            },
            Expr::Value(cs) => Val::Scalar(cs.iter().map(|c| user_fun::c_const(*c)).collect()),
            Expr::Apply(f, args) => return self.gen_apply(f, args, dest),
        };
        match dest {
            Some(out) => self.write_val(&out, val),
            None => Ok(val),
        }
    }

    /// A kernel-level scalar: a parameter by value, an earlier result from
    /// its one-element buffer.
    fn scalar_input(&mut self, v: KVar) -> String {
        if self.lift.flat.params.contains(&v) {
            self.need(KernelArg::Scalar(v));
            self.kvar(v)
        } else {
            self.need(KernelArg::Array { var: v, written: false });
            format!("{}[0]", self.kvar(v))
        }
    }

    fn write_val(&mut self, out: &Out, val: Val) -> Result<Val, CodegenError> {
        match val {
            Val::Scalar(comps) => {
                self.write(out, &[], &comps)?;
                Ok(Val::Scalar(comps))
            }
            Val::Array(_) => internal("an array value written without a map"),
        }
    }

    fn write(&mut self, out: &Out, idx: &[ArithExpr], comps: &[String]) -> Result<(), CodegenError> {
        match out {
            Out::Mem { names, dims } => {
                let flat = self.flat_index(dims, idx)?;
                let at = self.c(&flat);
                if names.len() != comps.len() {
                    return internal("a write of the wrong number of components");
                }
                for (name, comp) in names.iter().zip(comps) {
                    if self.atomic {
                        self.line(format!("atomic_max((volatile __global int*)&{name}[{at}], (int)({comp}));"));
                    } else {
                        self.line(format!("{name}[{at}] = {comp};"));
                    }
                }
                Ok(())
            }
            Out::Access { index, inner } => {
                let mut all = vec![index.clone()];
                all.extend_from_slice(idx);
                self.write(inner, &all, comps)
            }
            Out::JoinArg { m, inner } => match idx {
                [i, j, rest @ ..] => {
                    let mut all = vec![i * m + j];
                    all.extend_from_slice(rest);
                    self.write(inner, &all, comps)
                }
                _ => internal("a write into a join without two indices"),
            },
            Out::SplitArg { c, inner } => match idx {
                [k, rest @ ..] => {
                    let mut all = vec![k / c, k.clone().modulo(c.clone())];
                    all.extend_from_slice(rest);
                    self.write(inner, &all, comps)
                }
                _ => internal("a write into a split without an index"),
            },
            Out::Segments { offsets, inner } => match idx {
                [j, k, rest @ ..] => {
                    let j = self.c(j);
                    let start = ArithExpr::var(&Var::new(format!("{offsets}[{j}]"), Range::at_least(0)));
                    let mut all = vec![start + k.clone()];
                    all.extend_from_slice(rest);
                    self.write(inner, &all, comps)
                }
                _ => internal("a write into joined segments without two indices"),
            },
            Out::Gathered { stride, len, inner } => match idx {
                [p, rest @ ..] => {
                    let m = len / stride;
                    let mut all = vec![p.clone().modulo(m.clone()) * stride.clone() + p / &m];
                    all.extend_from_slice(rest);
                    self.write(inner, &all, comps)
                }
                _ => internal("a write into a gather without an index"),
            },
            Out::Scatter { target, guard, inner } => match idx {
                [i, rest @ ..] => {
                    let i = self.c(i);
                    let t = self.call(*target, vec![i.clone()])?;
                    let [t] = &t[..] else { return internal("a scatter target of several values") };
                    let mut cond = format!("{t} >= 0");
                    if let Some(g) = guard {
                        let at = self.call(g.at, vec![i.clone()])?;
                        let key = self.call(g.key, vec![i])?;
                        self.need(KernelArg::Array { var: g.counter, written: false });
                        let counter = self.kvar(g.counter);
                        let op = if g.equal { "==" } else { "!=" };
                        cond = format!("{cond} && {counter}[{}] {op} {}", at[0], key[0]);
                    }
                    self.open(format!("if ({cond})"));
                    let tv = ArithExpr::var(&Var::new(t.clone(), Range::at_least(0)));
                    let mut all = vec![tv];
                    all.extend_from_slice(rest);
                    self.write(inner, &all, comps)?;
                    self.close();
                    Ok(())
                }
                _ => internal("a write into a scatter without an index"),
            },
        }
    }

    fn flat_index(&self, dims: &[ArithExpr], idx: &[ArithExpr]) -> Result<ArithExpr, CodegenError> {
        // A scalar element written at a prefix of the dimensions writes the
        // first element of the rest ([t]_1 values).
        if idx.len() > dims.len() {
            return internal("an access with more indices than dimensions");
        }
        let mut flat = ArithExpr::zero();
        for (d, dim) in dims.iter().enumerate() {
            let i = idx.get(d).cloned().unwrap_or_else(ArithExpr::zero);
            flat = flat * dim.clone() + i;
        }
        Ok(flat)
    }

    fn out_view(out: &Out) -> View {
        match out {
            Out::Mem { names, dims } => View::Mem { names: names.clone(), dims: dims.clone() },
            Out::Access { index, inner } => {
                View::Access { index: index.clone(), inner: Box::new(Self::out_view(inner)) }
            }
            Out::JoinArg { m, inner } => View::Split { chunk: m.clone(), inner: Box::new(Self::out_view(inner)) },
            Out::SplitArg { c, inner } => View::Join { inner_len: c.clone(), inner: Box::new(Self::out_view(inner)) },
            // What a scatter wrote is read in the scattered order, joined
            // segments in order.
            Out::Scatter { inner, .. } | Out::Segments { inner, .. } => Self::out_view(inner),
            Out::Gathered { stride, len, inner } => {
                View::Gather { stride: len / stride, inner: Box::new(Self::out_view(inner)) }
            }
        }
    }

    fn shape(&self, view: &View) -> Result<Vec<ArithExpr>, CodegenError> {
        Ok(match view {
            View::Mem { dims, .. } => dims.clone(),
            View::Generate { len, .. } => vec![len.clone()],
            View::Segments { count, .. } => vec![count.clone()],
            View::Segment { len, .. } => vec![len.clone()],
            View::Pad { len, inner, .. } => {
                let mut s = self.shape(inner)?;
                s[0] = len.clone();
                s
            }
            View::Split { chunk, inner } => {
                let s = self.shape(inner)?;
                let mut out = vec![&s[0] / chunk, chunk.clone()];
                out.extend_from_slice(&s[1..]);
                out
            }
            View::Join { inner_len, inner } => {
                let s = self.shape(inner)?;
                if s.len() < 2 {
                    return internal("join of a flat array");
                }
                let mut out = vec![&s[0] * inner_len];
                out.extend_from_slice(&s[2..]);
                out
            }
            View::Gather { inner, .. } => self.shape(inner)?,
            View::Zip(views) => match views.first() {
                Some(v) => self.shape(v)?,
                None => return internal("zip of nothing"),
            },
            View::Access { inner, .. } => {
                let s = self.shape(inner)?;
                s[1..].to_vec()
            }
            View::Private { .. } => vec![ArithExpr::one()],
        })
    }

    /// Reads the scalar element at `idx` (outermost first) of a view.
    fn read(&mut self, view: &View, idx: &[ArithExpr]) -> Result<Vec<String>, CodegenError> {
        match view {
            View::Mem { names, dims } => {
                let flat = self.flat_index(dims, idx)?;
                let at = self.c(&flat);
                Ok(names.iter().map(|n| format!("{n}[{at}]")).collect())
            }
            View::Private { names } => Ok(names.clone()),
            View::Generate { f, .. } => {
                let i = match idx {
                    [i] => self.c(i),
                    [] => "0".to_string(),
                    _ => return internal("generate read with several indices"),
                };
                let takes_index = self.lift.user_fun(*f).params.len() == 1;
                self.call(*f, if takes_index { vec![i] } else { vec![] })
            }
            View::Segment { offset, f, .. } => match idx {
                [k] => {
                    let k = self.c(k);
                    self.call(*f, vec![format!("{offset} + {k}")])
                }
                _ => internal("a segment read with several indices"),
            },
            View::Segments { .. } => internal("segments read without a map over them"),
            View::Pad { inner, value, .. } => {
                let (i, rest) = idx.split_first().ok_or_else(|| CodegenError::Internal("pad read".into()))?;
                let n = self.shape(inner)?[0].clone();
                let comps: Vec<Scalar> = value.iter().map(|c| c.scalar()).collect();
                let vars: Vec<String> = comps.iter().map(|_| self.fresh("x")).collect();
                for (v, s) in vars.iter().zip(&comps) {
                    self.line(format!("{} {v};", c_type(*s)));
                }
                let cond = format!("{} < {}", self.c(i), self.c(&n));
                self.open(format!("if ({cond})"));
                let mut all = vec![i.clone()];
                all.extend_from_slice(rest);
                let got = self.read(inner, &all)?;
                for (v, g) in vars.iter().zip(&got) {
                    self.line(format!("{v} = {g};"));
                }
                self.indent -= 1;
                self.open("} else");
                for (v, c) in vars.iter().zip(value) {
                    self.line(format!("{v} = {};", user_fun::c_const(*c)));
                }
                self.close();
                Ok(vars)
            }
            View::Split { chunk, inner } => match idx {
                [i, j, rest @ ..] => {
                    let mut all = vec![i * chunk + j];
                    all.extend_from_slice(rest);
                    self.read(inner, &all)
                }
                _ => internal("a split read without two indices"),
            },
            View::Join { inner_len, inner } => match idx {
                [k, rest @ ..] => {
                    let mut all = vec![k / inner_len, k.clone().modulo(inner_len.clone())];
                    all.extend_from_slice(rest);
                    self.read(inner, &all)
                }
                _ => internal("a join read without an index"),
            },
            View::Gather { stride, inner } => match idx {
                [p, rest @ ..] => {
                    let n = self.shape(inner)?[0].clone();
                    let mut all = vec![p.clone().modulo(stride.clone()) * (&n / stride) + p / stride];
                    all.extend_from_slice(rest);
                    self.read(inner, &all)
                }
                _ => internal("a gather read without an index"),
            },
            View::Zip(views) => {
                let mut out = Vec::new();
                for v in views {
                    out.extend(self.read(v, idx)?);
                }
                Ok(out)
            }
            View::Access { index, inner } => {
                let mut all = vec![index.clone()];
                all.extend_from_slice(idx);
                self.read(inner, &all)
            }
        }
    }

    /// Calls user function `f` on `args` (its parameters, as C), returning
    /// the result components (private variables).
    fn call(&mut self, f: UserFunId, args: Vec<String>) -> Result<Vec<String>, CodegenError> {
        let cf = self.funs[f.0 as usize].clone();
        // An argument that mentions a `mapGlb`'s index (note [narrow index]).
        let mentions_gid = |arg: &String| {
            arg.split(|c: char| !c.is_ascii_alphanumeric() && c != '_').any(|t| self.narrow_gids.iter().any(|g| g == t))
        };
        self.int_arith |= cf.int_arith && args.iter().any(mentions_gid);
        let mut args = args.into_iter();
        let mut actual = Vec::new();
        for p in &cf.params {
            actual.push(match p {
                CParam::Arg { .. } => match args.next() {
                    Some(a) => a,
                    None => return internal(format!("too few arguments for `{}`", cf.name)),
                },
                CParam::Array { var, .. } => {
                    self.need(KernelArg::Array { var: *var, written: false });
                    self.kvar(*var)
                }
                CParam::Length { var } => match lift_ir::typecheck::input_length(self.lift, *var) {
                    Some(len) => self.c(&len),
                    None => return internal(format!("no length for `{}`", self.kvar(*var))),
                },
                CParam::Scalar { var, .. } => self.scalar_input(*var),
                CParam::ErrorFlag => {
                    self.need(KernelArg::ErrorFlag);
                    "err".to_string()
                }
                CParam::Fault => match &self.fault {
                    Some(fault) => fault.clone(),
                    None => return internal(format!("`{}` called outside a batch with a fault record", cf.name)),
                },
            });
        }
        let base = self.lift.user_fun(f).name.clone();
        let results: Vec<String> = cf.results.iter().map(|_| self.fresh(&format!("{base}_r"))).collect();
        match &results[..] {
            [r] => self.line(format!("{} {r} = {}({});", c_type(cf.results[0]), cf.name, actual.join(", "))),
            _ => {
                for (r, ty) in results.iter().zip(&cf.results) {
                    self.line(format!("{} {r};", c_type(*ty)));
                }
                actual.extend(results.iter().map(|r| format!("&{r}")));
                self.line(format!("{}({});", cf.name, actual.join(", ")));
            }
        }
        Ok(results)
    }

    fn gen_args(&mut self, args: &[Expr]) -> Result<Vec<Val>, CodegenError> {
        args.iter().map(|a| self.gen_expr(a, None)).collect()
    }

    fn gen_apply(&mut self, f: &Fun, args: &[Expr], dest: Option<Out>) -> Result<Val, CodegenError> {
        match f {
            Fun::Join => {
                let [x] = args else { return internal("join arity") };
                let ty = self.type_of(x)?;
                let m = match &ty {
                    Type::Array(inner, _) => match &**inner {
                        Type::Array(_, m) => m.clone(),
                        _ => return internal("join of a flat array"),
                    },
                    _ => return internal("join of a non-array"),
                };
                match dest {
                    Some(out) => {
                        let inner = Out::JoinArg { m: m.clone(), inner: Box::new(out.clone()) };
                        self.gen_expr(x, Some(inner))?;
                        Ok(Val::Array(Self::out_view(&out)))
                    }
                    None => match self.array(x)? {
                        // Joining rows of row-major memory is the same memory.
                        View::Mem { names, dims } if dims.len() >= 2 => {
                            let mut joined = vec![&dims[0] * &dims[1]];
                            joined.extend_from_slice(&dims[2..]);
                            Ok(Val::Array(View::Mem { names, dims: joined }))
                        }
                        v => Ok(Val::Array(View::Join { inner_len: m, inner: Box::new(v) })),
                    },
                }
            }
            Fun::Split(c) => {
                let [x] = args else { return internal("split arity") };
                match dest {
                    Some(out) => {
                        let inner = Out::SplitArg { c: c.clone(), inner: Box::new(out.clone()) };
                        self.gen_expr(x, Some(inner))?;
                        Ok(Val::Array(Self::out_view(&out)))
                    }
                    None => match self.array(x)? {
                        View::Mem { names, dims } if !dims.is_empty() => {
                            let mut split = vec![&dims[0] / c, c.clone()];
                            split.extend_from_slice(&dims[1..]);
                            Ok(Val::Array(View::Mem { names, dims: split }))
                        }
                        v => Ok(Val::Array(View::Split { chunk: c.clone(), inner: Box::new(v) })),
                    },
                }
            }
            Fun::JoinSegments(_, offsets) => {
                let [x] = args else { return internal("joinSegments arity") };
                let Some(out) = dest else {
                    return Err(CodegenError::Unsupported {
                        kernel: self.lift.name.clone(),
                        what: "joined segments whose result has no memory".into(),
                    });
                };
                self.need(KernelArg::Array { var: *offsets, written: false });
                let offsets = self.kvar(*offsets);
                self.gen_expr(x, Some(Out::Segments { offsets, inner: Box::new(out.clone()) }))?;
                Ok(Val::Array(Self::out_view(&out)))
            }
            Fun::AtomicMax(g) => {
                let outer = std::mem::replace(&mut self.atomic, true);
                let result = self.gen_apply(g, args, dest);
                self.atomic = outer;
                result
            }
            Fun::Scatter(target, _, guard) => {
                let [x] = args else { return internal("scatter arity") };
                let Some(out) = dest else {
                    return Err(CodegenError::Unsupported {
                        kernel: self.lift.name.clone(),
                        what: "a scatter whose result has no memory".into(),
                    });
                };
                let guard = guard.clone();
                self.gen_expr(x, Some(Out::Scatter { target: *target, guard, inner: Box::new(out.clone()) }))?;
                Ok(Val::Array(Self::out_view(&out)))
            }
            // A gather of what a pattern writes: the writes go where the
            // gather reads them from (`tile-coalesced`).
            Fun::GatherStride(stride) if dest.is_some() || local_writer(args).is_some() => {
                let [x] = args else { return internal("gather arity") };
                let Type::Array(_, len) = self.type_of(x)? else { return internal("gather of a non-array") };
                let gathered =
                    |out: Out| Out::Gathered { stride: stride.clone(), len: len.clone(), inner: Box::new(out) };
                match (dest, local_writer(args)) {
                    (Some(out), _) => {
                        self.gen_expr(x, Some(gathered(out.clone())))?;
                        Ok(Val::Array(Self::out_view(&out)))
                    }
                    (None, Some((to_local, g, a, joined))) => {
                        let view = self.gen_to_local(to_local, g, a, |dims, out| {
                            // The local array as the gather's result: flat.
                            let flat = Out::Mem { names: out.0.clone(), dims: vec![len.clone()] };
                            let inner = gathered(flat);
                            match (joined, dims) {
                                (true, [_, m, ..]) => Out::JoinArg { m: m.clone(), inner: Box::new(inner) },
                                _ => inner,
                            }
                        })?;
                        match view {
                            View::Mem { names, .. } => Ok(Val::Array(View::Mem { names, dims: vec![len] })),
                            _ => internal("a local array that is not memory"),
                        }
                    }
                    (None, None) => internal("gather of nothing written"),
                }
            }
            Fun::GatherStride(_) | Fun::Pad(..) | Fun::Zip | Fun::Generate(..) | Fun::Segments(_) | Fun::Get(_) => {
                let view = self.view_pattern(f, args)?;
                match dest {
                    Some(out) => self.write_val(&out, view),
                    None => Ok(view),
                }
            }
            Fun::Id => {
                let vals = self.gen_args(args)?;
                let [Val::Scalar(comps)] = &vals[..] else { return internal("id of a non-scalar") };
                let val = Val::Scalar(comps.clone());
                match dest {
                    Some(out) => self.write_val(&out, val),
                    None => Ok(val),
                }
            }
            Fun::User(id) => {
                let vals = self.gen_args(args)?;
                let mut comps = Vec::new();
                for v in vals {
                    match v {
                        Val::Scalar(c) => comps.extend(c),
                        Val::Array(_) => return internal("a user function applied to an array"),
                    }
                }
                let res = self.call(*id, comps)?;
                match dest {
                    Some(out) => self.write_val(&out, Val::Scalar(res)),
                    None => Ok(Val::Scalar(res)),
                }
            }
            Fun::Lambda(params, body) => {
                if params.len() != args.len() {
                    return internal("lambda arity");
                }
                let types: Vec<Type> = args.iter().map(|a| self.type_of(a)).collect::<Result<_, _>>()?;
                let vals = self.gen_args(args)?;
                for ((p, v), t) in params.iter().zip(vals).zip(types) {
                    self.env.insert(*p, v);
                    self.types.insert(*p, t);
                }
                self.gen_expr(body, dest)
            }
            Fun::ToGlobal(g) => match dest {
                Some(out) => self.gen_apply(g, args, Some(out)),
                None => Err(CodegenError::Unsupported {
                    kernel: self.lift.name.clone(),
                    what: "a global temporary inside a stage".into(),
                }),
            },
            Fun::ToLocal(g) => {
                if dest.is_some() {
                    return internal("toLocal inside a write");
                }
                let view = self.gen_to_local(f, g, args, |_, (names, dims)| Out::Mem { names, dims })?;
                Ok(Val::Array(view))
            }
            Fun::ToPrivate(_) => {
                Err(CodegenError::Unsupported { kernel: self.lift.name.clone(), what: "toPrivate of arrays".into() })
            }
            Fun::MapGlb(_, g) | Fun::MapWrg(_, g) | Fun::MapSeq(g) | Fun::MapLcl { f: g, .. } => {
                self.gen_map(f, g, args, dest)
            }
            Fun::ReduceSeq(g) | Fun::ScanSeq(g) => {
                let is_scan = matches!(f, Fun::ScanSeq(_));
                let [z, xs] = args else { return internal("reduceSeq arity") };
                let Val::Scalar(init) = self.gen_expr(z, None)? else { return internal("reduceSeq init") };
                let Type::Array(acc_ty, _) = self.type_of(&Expr::Apply(f.clone(), args.to_vec()))? else {
                    return internal("reduceSeq type");
                };
                // The accumulator: private variables, as the memory table says.
                let comps = self.allocation(f, AllocKind::Accumulator, AddressSpace::Private)?.components;
                if acc_ty.components().as_ref() != Some(&comps) {
                    return internal("an accumulator of other components than the memory table's");
                }
                let xs_ty = self.type_of(xs)?;
                let view = self.array(xs)?;
                let n = self.shape(&view)?[0].clone();
                let accs: Vec<String> = comps.iter().map(|_| self.fresh("acc")).collect();
                for ((a, s), i) in accs.iter().zip(&comps).zip(&init) {
                    self.line(format!("{} {a} = {i};", c_type(*s)));
                }
                let k = self.fresh("k");
                let kv = ArithExpr::var(&Var::new(k.clone(), Range::below(n.clone())));
                let n_c = self.c(&n);
                self.open(format!("for (long {k} = 0; {k} < {n_c}; {k}++)"));
                if is_scan {
                    let Some(out) = &dest else {
                        return Err(CodegenError::Unsupported {
                            kernel: self.lift.name.clone(),
                            what: "a scanSeq whose result has no memory".into(),
                        });
                    };
                    self.write(out, std::slice::from_ref(&kv), &accs)?;
                }
                let x = self.read(&view, &[kv])?;
                // The operator, applied to (acc, x).
                let acc_p = Val::Scalar(accs.clone());
                let elem_ty = match xs_ty {
                    Type::Array(e, _) => *e,
                    _ => return internal("reduceSeq over a non-array"),
                };
                let res =
                    self.apply_scalar_fun(g, vec![(acc_p, acc_ty.as_ref().clone()), (Val::Scalar(x), elem_ty)])?;
                for (a, r) in accs.iter().zip(&res) {
                    self.line(format!("{a} = {r};"));
                }
                self.close();
                if is_scan {
                    return match dest {
                        Some(out) => Ok(Val::Array(Self::out_view(&out))),
                        None => internal("scanSeq without memory"),
                    };
                }
                let view = View::Private { names: accs };
                match dest {
                    Some(out) => {
                        let comps = self.read(&view, &[ArithExpr::zero()])?;
                        self.write(&out, &[ArithExpr::zero()], &comps)?;
                        Ok(Val::Array(Self::out_view(&out)))
                    }
                    None => Ok(Val::Array(view)),
                }
            }
            Fun::SegReduceTeams(g, teams) => self.seg_reduce_teams(f, g, teams, args, dest),
            Fun::SegReduceMerge(g, tiles) => self.seg_reduce_merge(f, g, tiles, args, dest),
            Fun::SegReduceChunks(g, spec) => self.seg_reduce_chunks(f, g, spec, args, dest),
            Fun::RadixCounts(tiles) => self.radix_counts(tiles, args, dest),
            Fun::RadixScatter(tiles, starts) => self.radix_scatter(tiles, *starts, args, dest),
            Fun::SegmentIds(tiles) => self.segment_ids(tiles, args, dest),
            Fun::MapTileSegmentIds(tiles, g) => self.map_tile_segment_ids(tiles, *g, args, dest),
            Fun::ScanLookback(g, chain) => self.scan_lookback(f, g, chain, args, dest),
            Fun::FilterLookback(keep, chain) => self.filter_lookback(f, keep, chain, args, dest),
            Fun::FiltersLookback(keeps, chain) => self.filters_lookback(f, keeps, chain, args, dest),
            Fun::HorizontalLookback(parts, chain) => self.horizontal_lookback(f, parts, chain, args, dest),
            Fun::Iterate(times, g) => {
                let [x] = args else { return internal("iterate arity") };
                let Some(times) = times.as_cst() else {
                    return Err(CodegenError::Unsupported {
                        kernel: self.lift.name.clone(),
                        what: "iterate a number of times not known when compiling".into(),
                    });
                };
                let x_ty = self.type_of(x)?;
                let Val::Array(View::Mem { names, dims }) = self.gen_expr(x, None)? else {
                    return Err(CodegenError::Unsupported {
                        kernel: self.lift.name.clone(),
                        what: "iterate over an array not in local memory".into(),
                    });
                };
                let (elem, len) = match &x_ty {
                    Type::Array(e, l) => ((**e).clone(), l.clone()),
                    _ => return internal("iterate of a non-array"),
                };
                let comps = elem.components().ok_or_else(|| CodegenError::Internal("iterate elements".into()))?;
                let Some(size) = len.as_cst() else { return internal("iterate over a local array of unknown size") };
                // The body's factor: length m to m / c.
                let m_name = self.fresh("m");
                let m = Var::new(m_name.clone(), Range::between(1, size));
                let body_ty = self.fun_type(g, vec![Type::array(elem.clone(), ArithExpr::var(&m))])?;
                let Type::Array(_, out_len) = body_ty else { return internal("iterate body type") };
                let Some(factor) = (1..=64).find(|c| out_len == ArithExpr::var(&m) / *c) else {
                    return internal("iterate body does not divide its length");
                };
                let mem = self.allocation(f, AllocKind::IterateBuffer, AddressSpace::Local)?;
                if mem.size.as_cst() != Some(size) || mem.components != comps {
                    return internal("iterate's second buffer differs from the memory table's");
                }
                let other: Vec<String> = comps.iter().map(|_| self.fresh("group_swap")).collect();
                for (n, s) in other.iter().zip(&comps) {
                    self.local_decls.push(format!("__local {} {n}[{size}];", c_type(*s)));
                }
                let ins: Vec<String> = names.iter().map(|n| self.fresh(&format!("{n}_in"))).collect();
                let outs: Vec<String> = names.iter().map(|n| self.fresh(&format!("{n}_out"))).collect();
                for (((i, o), (a, b)), s) in ins.iter().zip(&outs).zip(names.iter().zip(&other)).zip(&comps) {
                    self.line(format!("__local {}* {i} = {a};", c_type(*s)));
                    self.line(format!("__local {}* {o} = {b};", c_type(*s)));
                }
                let _ = dims;
                let it = self.fresh("step");
                self.line(format!("long {m_name} = {size};"));
                self.open(format!("for (long {it} = 0; {it} < {times}; {it}++)"));
                let input = View::Mem { names: ins.clone(), dims: vec![ArithExpr::var(&m)] };
                let out = Out::Mem { names: outs.clone(), dims: vec![out_len.clone()] };
                self.apply_fun_to_val(
                    g,
                    vec![(Val::Array(input), Type::array(elem.clone(), ArithExpr::var(&m)))],
                    Some(out),
                )?;
                for ((i, o), s) in ins.iter().zip(&outs).zip(&comps) {
                    self.open("");
                    self.line(format!("__local {}* t = {i};", c_type(*s)));
                    self.line(format!("{i} = {o};"));
                    self.line(format!("{o} = t;"));
                    self.close();
                }
                self.line(format!("{m_name} /= {factor};"));
                self.close();
                let final_len = &len / ArithExpr::cst(factor).pow(ArithExpr::cst(times));
                let view = View::Mem { names: ins, dims: vec![final_len] };
                match dest {
                    Some(_) => internal("iterate inside a write"),
                    None => Ok(Val::Array(view)),
                }
            }
            Fun::Map(_)
            | Fun::Reduce(_)
            | Fun::PartRed(..)
            | Fun::Scan(_)
            | Fun::Filter(_)
            | Fun::Filters(_)
            | Fun::Horizontal(_) => {
                Err(CodegenError::Internal(format!("high-level pattern `{}` left in low-level Lift", f.name())))
            }
        }
    }

    /// `toLocal(g) $ args` (`f` is the `toLocal`): a fresh `__local` array
    /// that `g` writes through the output view `out` makes of it (from the
    /// dimensions of `g`'s result and the array's names and dimensions);
    /// the array, as those dimensions.
    fn gen_to_local(
        &mut self,
        f: &Fun,
        g: &Fun,
        args: &[Expr],
        out: impl FnOnce(&[ArithExpr], (Vec<String>, Vec<ArithExpr>)) -> Out,
    ) -> Result<View, CodegenError> {
        let types: Vec<Type> = args.iter().map(|a| self.type_of(a)).collect::<Result<_, _>>()?;
        let ty = self.fun_type(g, types)?;
        let (dims, comps) = flat_dims(&ty)?;
        let mem = self.allocation(f, AllocKind::To, AddressSpace::Local)?;
        let size = dims.iter().fold(ArithExpr::one(), |acc, d| acc * d.clone());
        if size != mem.size || comps != mem.components {
            return internal(format!("a local array of {size} elements given {} by the memory table", mem.size));
        }
        let Some(count) = mem.size.as_cst() else {
            return Err(CodegenError::Unsupported {
                kernel: self.lift.name.clone(),
                what: format!("local memory of a size not known when compiling ({size})"),
            });
        };
        let names: Vec<String> = mem.components.iter().map(|_| self.fresh("group_values")).collect();
        for (n, s) in names.iter().zip(&mem.components) {
            self.local_decls.push(format!("__local {} {n}[{count}];", c_type(*s)));
        }
        let target = out(&dims, (names.clone(), dims.clone()));
        self.gen_apply(g, args, Some(target))?;
        Ok(View::Mem { names, dims })
    }

    /// Applies a function to values already computed (the operator of a
    /// reduction, the body of a map or an iterate).
    fn apply_fun_to_val(&mut self, f: &Fun, args: Vec<(Val, Type)>, dest: Option<Out>) -> Result<Val, CodegenError> {
        // Bind the values to fresh parameters of a lambda-like call.
        match f {
            Fun::Lambda(params, body) => {
                if params.len() != args.len() {
                    return internal("lambda arity");
                }
                for (p, (v, t)) in params.iter().zip(args) {
                    self.env.insert(*p, v);
                    self.types.insert(*p, t);
                }
                self.gen_expr(body, dest)
            }
            _ => {
                // A pattern or user function: apply it to parameters bound
                // to the values.
                let mut exprs = Vec::new();
                for (v, t) in args {
                    let p = ParamId(u32::MAX - self.env.len() as u32);
                    self.env.insert(p, v);
                    self.types.insert(p, t);
                    exprs.push(Expr::Param(p));
                }
                self.gen_apply(f, &exprs, dest)
            }
        }
    }

    fn apply_scalar_fun(&mut self, f: &Fun, args: Vec<(Val, Type)>) -> Result<Vec<String>, CodegenError> {
        match self.apply_fun_to_val(f, args, None)? {
            Val::Scalar(c) => Ok(c),
            Val::Array(_) => internal("an operator returning an array"),
        }
    }

    fn array(&mut self, x: &Expr) -> Result<View, CodegenError> {
        match self.gen_expr(x, None)? {
            Val::Array(v) => Ok(v),
            Val::Scalar(_) => internal("a scalar where an array was expected"),
        }
    }

    fn view_pattern(&mut self, f: &Fun, args: &[Expr]) -> Result<Val, CodegenError> {
        Ok(match f {
            Fun::GatherStride(s) => {
                let [x] = args else { return internal("gather arity") };
                Val::Array(View::Gather { stride: s.clone(), inner: Box::new(self.array(x)?) })
            }
            Fun::Pad(n, z) => {
                let [x] = args else { return internal("pad arity") };
                Val::Array(View::Pad { len: n.clone(), inner: Box::new(self.array(x)?), value: z.clone() })
            }
            Fun::Zip => {
                let views = args.iter().map(|a| self.array(a)).collect::<Result<Vec<_>, _>>()?;
                Val::Array(View::Zip(views))
            }
            Fun::Generate(n, id) => Val::Array(View::Generate { len: n.clone(), f: *id }),
            Fun::Segments(id) => {
                let [offsets, lengths] = args else { return internal("segments arity") };
                let (Val::Array(View::Mem { names: o, dims }), Val::Array(View::Mem { names: l, .. })) =
                    (self.gen_expr(offsets, None)?, self.gen_expr(lengths, None)?)
                else {
                    return internal("segments of arrays not in memory");
                };
                Val::Array(View::Segments {
                    offsets: o[0].clone(),
                    lengths: l[0].clone(),
                    count: dims[0].clone(),
                    f: *id,
                })
            }
            Fun::Get(i) => {
                let [x] = args else { return internal("get arity") };
                let ty = self.type_of(&Expr::apply1(f.clone(), x.clone()))?;
                match self.gen_expr(x, None)? {
                    Val::Scalar(c) if *i < c.len() => Val::Scalar(vec![c[*i].clone()]),
                    Val::Array(View::Zip(vs)) if *i < vs.len() => Val::Array(vs[*i].clone()),
                    // An element of a zip: the component's element.
                    Val::Array(View::Access { index, inner }) => match *inner {
                        View::Zip(vs) if *i < vs.len() => {
                            let view = View::Access { index, inner: Box::new(vs[*i].clone()) };
                            if ty.components().is_some() {
                                Val::Scalar(self.read(&view, &[])?)
                            } else {
                                Val::Array(view)
                            }
                        }
                        _ => return internal("get of a non-tuple"),
                    },
                    _ => return internal("get of a non-tuple"),
                }
            }
            _ => return internal("not a view pattern"),
        })
    }

    fn gen_map(&mut self, map: &Fun, g: &Fun, args: &[Expr], dest: Option<Out>) -> Result<Val, CodegenError> {
        let [x] = args else { return internal("map arity") };
        let Some(dest) = dest else {
            return Err(CodegenError::Unsupported {
                kernel: self.lift.name.clone(),
                what: format!("a `{}` whose result has no memory", map.name()),
            });
        };
        let x_ty = self.type_of(x)?;
        let elem_ty = match &x_ty {
            Type::Array(e, _) => (**e).clone(),
            Type::Segmented(e, _) => Type::array((**e).clone(), ArithExpr::var(&Var::new("len_j", Range::at_least(0)))),
            _ => return internal("map over a non-array"),
        };
        let view = self.array(x)?;
        let n = self.shape(&view)?[0].clone();
        let n_c = self.c(&n);
        // The loop (or guard) of the map's kind; `i` its index.
        let (i_name, close_barrier) = match map {
            Fun::MapGlb(d, _) => {
                let i = self.fresh("gid");
                if self.global.is_none() {
                    self.global = Some(n.clone());
                }
                if self.global.as_ref() == Some(&n) {
                    self.line(format!("const long {i} = get_global_id({d});"));
                    if *d == 0 {
                        self.narrow_gids.push(i.clone());
                    }
                    self.open(format!("if ({i} < {n_c})"));
                } else {
                    self.open(format!("for (long {i} = get_global_id({d}); {i} < {n_c}; {i} += get_global_size({d}))"));
                }
                (i, false)
            }
            Fun::MapWrg(d, _) => {
                let i = self.fresh("wg");
                if self.groups.is_none() {
                    self.groups = Some(n.clone());
                }
                if self.groups.as_ref() == Some(&n) {
                    self.open("");
                    self.line(format!("const long {i} = get_group_id({d});"));
                } else {
                    self.open(format!("for (long {i} = get_group_id({d}); {i} < {n_c}; {i} += get_num_groups({d}))"));
                }
                (i, false)
            }
            Fun::MapLcl { dim, barrier, .. } => {
                let i = self.fresh("l");
                if self.local.is_none() {
                    self.local = n.as_cst().map(ArithExpr::cst);
                }
                if self.local.as_ref() == Some(&n) {
                    self.open("");
                    self.line(format!("const long {i} = get_local_id({dim});"));
                } else {
                    self.open(format!(
                        "for (long {i} = get_local_id({dim}); {i} < {n_c}; {i} += get_local_size({dim}))"
                    ));
                }
                (i, *barrier)
            }
            _ => {
                let i = self.fresh("j");
                if n.is_cst(1) {
                    self.open("");
                } else {
                    self.open(format!("for (long {i} = 0; {i} < {n_c}; {i}++)"));
                }
                (i, false)
            }
        };
        let iv = if n.is_cst(1) {
            ArithExpr::zero()
        } else {
            ArithExpr::var(&Var::new(i_name.clone(), Range::below(n.clone())))
        };
        // The element: a segment, a scalar read, or a sub-array view.
        let elem = match &view {
            View::Segments { offsets, lengths, f, .. } => {
                let off = self.fresh("offset");
                let len = self.fresh("length");
                self.line(format!("const long {off} = {offsets}[{i_name}];"));
                self.line(format!("const long {len} = {lengths}[{i_name}];"));
                let len_var = Var::new(len.clone(), Range::at_least(0));
                Val::Array(View::Segment { offset: off, len: ArithExpr::var(&len_var), f: *f })
            }
            _ if elem_ty.components().is_some() => Val::Scalar(self.read(&view, std::slice::from_ref(&iv))?),
            _ => Val::Array(View::Access { index: iv.clone(), inner: Box::new(view.clone()) }),
        };
        let out = Out::Access { index: iv, inner: Box::new(dest.clone()) };
        self.apply_fun_to_val(g, vec![(elem, elem_ty)], Some(out))?;
        self.close();
        if close_barrier {
            self.line("barrier(CLK_LOCAL_MEM_FENCE);");
            self.has_barrier = true;
        }
        Ok(Val::Array(Self::out_view(&dest)))
    }
}

/// The memory tables of `lift_ir::address_space` and `lift_ir::memory`:
/// the generator declares the arrays and accumulators they give.
impl<'a> Generator<'a> {
    /// Infers the stage's address spaces, verifies them and allocates.
    fn allocate(&mut self, stage: &'a Stage) -> Result<(), CodegenError> {
        let bug = |e: &dyn std::fmt::Display| CodegenError::Internal(e.to_string());
        self.nodes = Nodes::new(&stage.body);
        let spaces = address_space::infer(self.lift, stage, &self.nodes).map_err(|e| bug(&e))?;
        address_space::verify(stage, &self.nodes, &spaces).map_err(|e| bug(&e))?;
        self.memory = memory::allocate(self.lift, stage, &self.nodes, &spaces).map_err(|e| bug(&e))?;
        Ok(())
    }

    /// The stage writes its result buffers: global, one per component,
    /// of the stage type's size.
    fn check_result(&self, stage: &Stage, ty: &Type) -> Result<(), CodegenError> {
        let (dims, comps) = flat_dims(ty)?;
        let size = dims.iter().fold(ArithExpr::one(), |acc, d| acc * d.clone());
        match self.memory.find(NodeId(0), AllocKind::StageResult) {
            Some(m) if m.space == AddressSpace::Global && m.components == comps && m.size == size => Ok(()),
            Some(m) => {
                internal(format!("stage `{}`: the memory table's result {m:?} is not what it writes", stage.name))
            }
            None => internal(format!("stage `{}`: no result in the memory table", stage.name)),
        }
    }

    /// The memory of `kind` the table gives pattern `f`, which the
    /// generator declares in `space`.
    fn allocation(&self, f: &Fun, kind: AllocKind, space: AddressSpace) -> Result<Allocation, CodegenError> {
        let Some(node) = self.nodes.fun_id(f) else {
            return internal(format!("a `{}` outside the stage's tree", f.name()));
        };
        match self.memory.find(node, kind) {
            Some(m) if m.space == space => Ok(m.clone()),
            Some(m) => {
                internal(format!("the {kind} of `{}` is {} memory in the table, not {space}", f.name(), m.space))
            }
            None => internal(format!("no {kind} memory for the `{}` at node {}", f.name(), node.0)),
        }
    }
}

/// The argument of a gather when it is `toLocal(g) $ a` or `join $
/// toLocal(g) $ a`: the `toLocal`, `g`, `a` and whether it is joined.
fn local_writer(args: &[Expr]) -> Option<(&Fun, &Fun, &[Expr], bool)> {
    let [x] = args else { return None };
    match x {
        Expr::Apply(tl @ Fun::ToLocal(g), a) => Some((tl, &**g, &a[..], false)),
        Expr::Apply(Fun::Join, inner) => match &inner[..] {
            [Expr::Apply(tl @ Fun::ToLocal(g), a)] => Some((tl, &**g, &a[..], true)),
            _ => None,
        },
        _ => None,
    }
}

/// The dimensions of an array type of scalars or tuples, and the scalar
/// components of its elements.
fn flat_dims(ty: &Type) -> Result<(Vec<ArithExpr>, Vec<Scalar>), CodegenError> {
    match ty {
        Type::Array(e, len) => {
            let (mut dims, comps) = flat_dims(e)?;
            dims.insert(0, len.clone());
            Ok((dims, comps))
        }
        _ => match ty.components() {
            Some(c) => Ok((vec![], c)),
            None => internal("memory for a segmented array"),
        },
    }
}

/// The size definitions of a kernel with the derived ones expanded: every
/// size as an expression of the variables the plan knows.
pub fn expand_sizes(lift: &LiftKernel, e: &ArithExpr) -> ArithExpr {
    let mut cur = e.clone();
    for _ in 0..8 {
        let next = cur.substitute_with(&|v| match lift.size_def(v) {
            Some(SizeDef::Derived(def)) => Some(def.clone()),
            _ => None,
        });
        if next == cur {
            break;
        }
        cur = next;
    }
    cur
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_work_group_fixes_groups_of_256_unless_the_count_is_a_small_constant() {
        let n = ArithExpr::var(&Var::new("n", Range::at_least(0)));
        assert_eq!(map_work_group(Some(&n)), Some(ArithExpr::cst(MAP_WORK_GROUP)));
        assert_eq!(map_work_group(Some(&ArithExpr::cst(1_000_003))), Some(ArithExpr::cst(MAP_WORK_GROUP)));
        assert_eq!(map_work_group(Some(&ArithExpr::cst(256))), Some(ArithExpr::cst(MAP_WORK_GROUP)));
        assert_eq!(map_work_group(Some(&ArithExpr::cst(255))), None, "the driver takes the count itself");
        assert_eq!(map_work_group(Some(&ArithExpr::one())), None);
        assert_eq!(map_work_group(None), None, "no mapGlb: nothing to group");
    }
}
