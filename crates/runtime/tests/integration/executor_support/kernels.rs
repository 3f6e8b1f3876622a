//! Hand-compiled kernels: a flat kernel and the launch plan and OpenCL C a
//! code generator could have produced for it. Each exercises a part of the
//! plan contract: a MAP with a scalar parameter, a REDUCE in two steps with
//! a scalar result, a FILTER whose output length is read back from a
//! zeroed 32-bit counter, a SEG_REDUCE over a segment descriptor, and
//! checked kernels that report faults through the error flag.

use flatten::ir::{BinaryOp, Const, FaultId, GExpr, Kernel, Soac, UnaryOp};
use opencl_backend::plan::{BufferElem, CompiledKernel, KernelResult, LaunchArg};

use super::*;

/// `ys = MAP { i => xs[i] * a + 1 } (#xs)` over ints, with `a` a scalar
/// parameter; launched in work-groups of 64.
pub fn map_affine() -> (Kernel, CompiledKernel) {
    let mut k = KernelBuilder::new("map_affine");
    let xs = k.param("xs", array(INT));
    let a = k.param("a", scalar(INT));
    let pull =
        k.thunk(&[INT], |p| bin(BinaryOp::Add, INT, bin(BinaryOp::Mul, INT, read(xs, var(p[0])), var(a)), int(1)));
    k.result("ys", array(INT), Soac::Map { size: GExpr::Length(xs), pull });
    let n = size_var("n");
    let plan = compiled(
        "map_affine",
        r#"
__kernel void map_affine(__global const long* xs, long n, long a, __global long* ys) {
    long i = get_global_id(0);
    if (i >= n) return;
    ys[i] = xs[i] * a + 1;
}
"#,
        vec![param("xs", array(INT)), param("a", scalar(INT))],
        vec![length_of(&n, 0)],
        vec![buffer("ys", BufferElem::Scalar(INT), size(&n), false)],
        vec![launch(
            "map_affine",
            vec![size(&n)],
            Some(vec![cst(64)]),
            vec![LaunchArg::Param(0), LaunchArg::Size(size(&n)), LaunchArg::Param(1), LaunchArg::Buffer(0)],
            16 * size(&n),
        )],
        vec![KernelResult::Array { buffer: 0, length: size(&n) }],
    );
    (k.finish(), plan)
}

/// The group size of [`sum_squares`]'s partial step.
pub const SUM_GROUP: i64 = 64;
/// At most this many groups: each work-item strides over the rest.
pub const SUM_MAX_GROUPS: i64 = 8;

/// `s = REDUCE { i => xs[i] * xs[i] } (0) (+) (#xs)` over ints, in two
/// steps: per-group partial sums in local memory, then one work-item adds
/// the partials into a one-element result buffer.
pub fn sum_squares() -> (Kernel, CompiledKernel) {
    let mut k = KernelBuilder::new("sum_squares");
    let xs = k.param("xs", array(INT));
    let pull = k.thunk(&[INT], |p| bin(BinaryOp::Mul, INT, read(xs, var(p[0])), read(xs, var(p[0]))));
    let op = k.thunk(&[INT, INT], |p| bin(BinaryOp::Add, INT, var(p[0]), var(p[1])));
    k.result("s", scalar(INT), Soac::Reduce { size: GExpr::Length(xs), pull, neutral: vec![Const::Int(0)], op });
    let n = size_var("n");
    let groups = size(&n).ceil_div(SUM_GROUP).min(SUM_MAX_GROUPS);
    let plan = compiled(
        "sum_squares",
        r#"
__kernel void sum_squares_partial(__global const long* xs, long n, __global long* partials,
                                  __local long* scratch) {
    size_t l = get_local_id(0);
    long acc = 0;
    for (long i = get_global_id(0); i < n; i += get_global_size(0)) acc += xs[i] * xs[i];
    scratch[l] = acc;
    for (size_t stride = get_local_size(0) / 2; stride > 0; stride /= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < stride) scratch[l] += scratch[l + stride];
    }
    if (l == 0) partials[get_group_id(0)] = scratch[0];
}
__kernel void sum_squares_final(__global const long* partials, long groups, __global long* result) {
    long acc = 0;
    for (long g = 0; g < groups; g++) acc += partials[g];
    result[0] = acc;
}
"#,
        vec![param("xs", array(INT))],
        vec![length_of(&n, 0)],
        vec![
            buffer("partials", BufferElem::Scalar(INT), groups.clone(), false),
            buffer("result", BufferElem::Scalar(INT), cst(1), false),
        ],
        vec![
            launch(
                "sum_squares_partial",
                vec![&groups * SUM_GROUP],
                Some(vec![cst(SUM_GROUP)]),
                vec![
                    LaunchArg::Param(0),
                    LaunchArg::Size(size(&n)),
                    LaunchArg::Buffer(0),
                    LaunchArg::LocalBytes(cst(SUM_GROUP * 8)),
                ],
                8 * size(&n) + 8 * &groups,
            ),
            launch(
                "sum_squares_final",
                vec![cst(1)],
                None,
                vec![LaunchArg::Buffer(0), LaunchArg::Size(groups.clone()), LaunchArg::Buffer(1)],
                8 * &groups + 8,
            ),
        ],
        vec![KernelResult::Scalar { buffer: 1 }],
    );
    (k.finish(), plan)
}

/// `ys = FILTER { i => xs[i] } { x => x rem 2 == 0 } (#xs)`: flags and a
/// zeroed 32-bit counter (atomics), a sequential exclusive scan of the
/// flags, then a scatter into an output buffer. With
/// `is_output_sized_by_count`, the output buffer has the counter's length,
/// read back between the second and the third launch; otherwise it has the
/// input's length and the result is its first `kept` elements, read back
/// at the end.
pub fn keep_even(is_output_sized_by_count: bool) -> (Kernel, CompiledKernel) {
    let mut k = KernelBuilder::new("keep_even");
    let xs = k.param("xs", array(INT));
    let pull = k.thunk(&[INT], |p| read(xs, var(p[0])));
    let pred = k.thunk(&[INT], |p| bin(BinaryOp::Eq, INT, bin(BinaryOp::Rem, INT, var(p[0]), int(2)), int(0)));
    k.result("ys", array(INT), Soac::Filter { size: GExpr::Length(xs), pull, pred, before: None });
    let n = size_var("n");
    let kept = size_var("kept");
    let plan = compiled(
        "keep_even",
        r#"
__kernel void keep_even_flags(__global const long* xs, long n, __global long* flags, __global int* kept) {
    long i = get_global_id(0);
    if (i >= n) return;
    long keep = xs[i] % 2 == 0;
    flags[i] = keep;
    if (keep) atomic_inc(kept);
}
__kernel void keep_even_scan(__global const long* flags, long n, __global long* positions) {
    long sum = 0;
    for (long i = 0; i < n; i++) { positions[i] = sum; sum += flags[i]; }
}
__kernel void keep_even_scatter(__global const long* xs, long n, __global const long* flags,
                                __global const long* positions, __global long* out) {
    long i = get_global_id(0);
    if (i >= n) return;
    if (flags[i]) out[positions[i]] = xs[i];
}
"#,
        vec![param("xs", array(INT))],
        vec![length_of(&n, 0), read_back(&kept, 1, cst(0))],
        vec![
            buffer("flags", BufferElem::Scalar(INT), size(&n), false),
            buffer("kept", BufferElem::I32, cst(1), true),
            buffer("positions", BufferElem::Scalar(INT), size(&n), false),
            buffer(
                "out",
                BufferElem::Scalar(INT),
                if is_output_sized_by_count { size(&kept) } else { size(&n) },
                false,
            ),
        ],
        vec![
            launch(
                "keep_even_flags",
                vec![size(&n)],
                None,
                vec![LaunchArg::Param(0), LaunchArg::Size(size(&n)), LaunchArg::Buffer(0), LaunchArg::Buffer(1)],
                16 * size(&n),
            ),
            launch(
                "keep_even_scan",
                vec![cst(1)],
                None,
                vec![LaunchArg::Buffer(0), LaunchArg::Size(size(&n)), LaunchArg::Buffer(2)],
                16 * size(&n),
            ),
            launch(
                "keep_even_scatter",
                vec![size(&n)],
                None,
                vec![
                    LaunchArg::Param(0),
                    LaunchArg::Size(size(&n)),
                    LaunchArg::Buffer(0),
                    LaunchArg::Buffer(2),
                    LaunchArg::Buffer(3),
                ],
                24 * size(&n) + 8 * size(&kept),
            ),
        ],
        vec![KernelResult::Array { buffer: 3, length: size(&kept) }],
    );
    (k.finish(), plan)
}

/// `sums = SEG_REDUCE { k => xs[k] } (0) (+) <lengths, offsets>`: one
/// work-item per segment.
pub fn segment_sums() -> (Kernel, CompiledKernel) {
    let mut k = KernelBuilder::new("segment_sums");
    let lengths = k.param("lengths", array(INT));
    let offsets = k.param("offsets", array(INT));
    let xs = k.param("xs", array(INT));
    let pull = k.thunk(&[INT], |p| read(xs, var(p[0])));
    let op = k.thunk(&[INT, INT], |p| bin(BinaryOp::Add, INT, var(p[0]), var(p[1])));
    let segments = flatten::ir::SegDesc { lengths, offsets };
    k.result("sums", array(INT), Soac::SegReduce { segments, pull, neutral: vec![Const::Int(0)], op });
    let m = size_var("m");
    let plan = compiled(
        "segment_sums",
        r#"
__kernel void segment_sums(__global const long* lengths, __global const long* offsets, long segments,
                           __global const long* xs, __global long* sums) {
    long j = get_global_id(0);
    if (j >= segments) return;
    long acc = 0;
    for (long k = offsets[j]; k < offsets[j] + lengths[j]; k++) acc += xs[k];
    sums[j] = acc;
}
"#,
        vec![param("lengths", array(INT)), param("offsets", array(INT)), param("xs", array(INT))],
        vec![length_of(&m, 0)],
        vec![buffer("sums", BufferElem::Scalar(INT), size(&m), false)],
        vec![launch(
            "segment_sums",
            vec![size(&m)],
            None,
            vec![
                LaunchArg::Param(0),
                LaunchArg::Param(1),
                LaunchArg::Size(size(&m)),
                LaunchArg::Param(2),
                LaunchArg::Buffer(0),
            ],
            24 * size(&m),
        )],
        vec![KernelResult::Array { buffer: 0, length: size(&m) }],
    );
    (k.finish(), plan)
}

/// `ys = MAP { i => assert (is[i] >= 0 and is[i] < #xs) else @site(is[i],
/// #xs) in xs[is[i]] } (#is)`: a checked gather (`elt` lifted).
pub fn gather(site: FaultId) -> (Kernel, CompiledKernel) {
    let mut k = KernelBuilder::new("gather");
    let xs = k.param("xs", array(INT));
    let is = k.param("is", array(INT));
    let pull = k.thunk(&[INT], |p| {
        let index = || read(is, var(p[0]));
        let cond = bin(
            BinaryOp::And,
            BOOL,
            bin(BinaryOp::Ge, INT, index(), int(0)),
            bin(BinaryOp::Lt, INT, index(), GExpr::Length(xs)),
        );
        GExpr::Assert {
            cond: Box::new(cond),
            site,
            payload: vec![index(), GExpr::Length(xs)],
            body: Box::new(read(xs, index())),
        }
    });
    k.result("ys", array(INT), Soac::Map { size: GExpr::Length(is), pull });
    let (n, m) = (size_var("n"), size_var("m"));
    let source = r#"
__kernel void gather(__global const long* xs, long n, __global const long* is, long m, __global long* out,
                     __global long* err) {
    long k = get_global_id(0);
    if (k >= m || nessie_failed(err)) return;
    long i = is[k];
    if (!(i >= 0 && i < n)) { nessie_fail(err, 1, SITE, i, n); return; }
    out[k] = xs[i];
}
"#
    .replace("SITE", &site.0.to_string());
    let plan = compiled(
        "gather",
        &source,
        vec![param("xs", array(INT)), param("is", array(INT))],
        vec![length_of(&n, 0), length_of(&m, 1)],
        vec![buffer("out", BufferElem::Scalar(INT), size(&m), false)],
        vec![launch(
            "gather",
            vec![size(&m)],
            None,
            vec![
                LaunchArg::Param(0),
                LaunchArg::Size(size(&n)),
                LaunchArg::Param(1),
                LaunchArg::Size(size(&m)),
                LaunchArg::Buffer(0),
                LaunchArg::ErrorFlag,
            ],
            24 * size(&m),
        )],
        vec![KernelResult::Array { buffer: 0, length: size(&m) }],
    );
    (k.finish(), plan)
}

/// `ys = MAP { i => assert (xs[i] >= -2^63 and xs[i] < 2^63) else
/// @site(xs[i]) in floor(xs[i]) } (#xs)`: a check with a float payload,
/// passed by its bits.
pub fn floor_all(site: FaultId) -> (Kernel, CompiledKernel) {
    let mut k = KernelBuilder::new("floor_all");
    let xs = k.param("xs", array(FLOAT));
    let pull = k.thunk(&[INT], |p| {
        let x = || read(xs, var(p[0]));
        let limit = 9_223_372_036_854_775_808.0;
        let cond = bin(
            BinaryOp::And,
            BOOL,
            bin(BinaryOp::Ge, FLOAT, x(), GExpr::Const(Const::Float(-limit))),
            bin(BinaryOp::Lt, FLOAT, x(), GExpr::Const(Const::Float(limit))),
        );
        GExpr::Assert {
            cond: Box::new(cond),
            site,
            payload: vec![x()],
            body: Box::new(GExpr::unary(UnaryOp::Floor, FLOAT, x())),
        }
    });
    k.result("ys", array(INT), Soac::Map { size: GExpr::Length(xs), pull });
    let n = size_var("n");
    let source = r#"
__kernel void floor_all(__global const double* xs, long n, __global long* out, __global long* err) {
    long i = get_global_id(0);
    if (i >= n || nessie_failed(err)) return;
    double x = xs[i];
    if (!(x >= -9223372036854775808.0 && x < 9223372036854775808.0)) {
        nessie_fail(err, 1, SITE, as_long(x), 0);
        return;
    }
    out[i] = (long)floor(x);
}
"#
    .replace("SITE", &site.0.to_string());
    let plan = compiled(
        "floor_all",
        &source,
        vec![param("xs", array(FLOAT))],
        vec![length_of(&n, 0)],
        vec![buffer("out", BufferElem::Scalar(INT), size(&n), false)],
        vec![launch(
            "floor_all",
            vec![size(&n)],
            None,
            vec![LaunchArg::Param(0), LaunchArg::Size(size(&n)), LaunchArg::Buffer(0), LaunchArg::ErrorFlag],
            16 * size(&n),
        )],
        vec![KernelResult::Array { buffer: 0, length: size(&n) }],
    );
    (k.finish(), plan)
}

/// `ys = MAP { i => (if negate then -1.0 else 1.0) * (float(i) * step) }
/// (count)` and `marks = MAP { i => mark } (count)`: sized by the value of
/// an int parameter, with `float`, `bool` and `char` scalar parameters
/// (the last two passed as `int`), two results from one launch.
pub fn iota_scaled() -> (Kernel, CompiledKernel) {
    let mut k = KernelBuilder::new("iota_scaled");
    let count = k.param("count", scalar(INT));
    let step = k.param("step", scalar(FLOAT));
    let negate = k.param("negate", scalar(BOOL));
    let mark = k.param("mark", scalar(CHAR));
    let pull = k.thunk(&[INT], |p| {
        let sign = GExpr::if_(var(negate), GExpr::Const(Const::Float(-1.0)), GExpr::Const(Const::Float(1.0)));
        let scaled = bin(BinaryOp::Mul, FLOAT, GExpr::unary(UnaryOp::ToFloat, INT, var(p[0])), var(step));
        bin(BinaryOp::Mul, FLOAT, sign, scaled)
    });
    k.result("ys", array(FLOAT), Soac::Map { size: var(count), pull });
    let pull = k.thunk(&[INT], |_| var(mark));
    k.result("marks", array(CHAR), Soac::Map { size: var(count), pull });
    let m = size_var("m");
    let plan = compiled(
        "iota_scaled",
        r#"
__kernel void iota_scaled(long count, double step, int negate, int mark, __global double* ys,
                          __global uchar* marks) {
    long i = get_global_id(0);
    if (i >= count) return;
    ys[i] = (negate ? -1.0 : 1.0) * ((double)i * step);
    marks[i] = (uchar)mark;
}
"#,
        vec![
            param("count", scalar(INT)),
            param("step", scalar(FLOAT)),
            param("negate", scalar(BOOL)),
            param("mark", scalar(CHAR)),
        ],
        vec![value_of(&m, 0)],
        vec![
            buffer("ys", BufferElem::Scalar(FLOAT), size(&m), false),
            buffer("marks", BufferElem::Scalar(CHAR), size(&m), false),
        ],
        vec![launch(
            "iota_scaled",
            vec![size(&m)],
            None,
            vec![
                LaunchArg::Size(size(&m)),
                LaunchArg::Param(1),
                LaunchArg::Param(2),
                LaunchArg::Param(3),
                LaunchArg::Buffer(0),
                LaunchArg::Buffer(1),
            ],
            9 * size(&m),
        )],
        vec![KernelResult::Array { buffer: 0, length: size(&m) }, KernelResult::Array { buffer: 1, length: size(&m) }],
    );
    (k.finish(), plan)
}
