#!/usr/bin/env python3
"""Issue 11, item 7: why nessie's black-scholes map kernel is not faster
than primitives.py's hand-fused CUDA kernel. A/B variants of the
generated kernel, built and timed through OpenCL (ctypes, no headers
needed), beside the CUDA kernel (CuPy), with what the drivers say of each:

    python3 scripts/gpu/black_scholes_probe.py [N]

- the kernel nessie generates (`$NESSIE compile` of
  scripts/gpu/primitives/black_scholes.nesl) and variants of its text
  (one change each, named below), built with `-cl-nv-verbose` on NVIDIA so
  that the build log has ptxas's registers and spills; nessie's own narrow
  variant (`NAME_idx32`, codegen's note [narrow index]) where there is one;
  the PTX of those two is written to $OUT/NAME.ptx (the others' to /tmp);
- each timed with OpenCL profiling events (median of REPS) and its output
  compared bit for bit with the generated kernel's;
- the CUDA kernel with nvcc's default (FMA contraction) and with
  `--fmad=false`, its registers (`num_regs`), PTX instruction counts and,
  where nvcc, ptxas and cuobjdump are there, SASS opcode counts, timed
  as primitives.py times it (events around one launch) and over batches of
  back-to-back launches; the generated kernel's PTX is loaded through CuPy
  too, for its registers after the CUDA JIT and a timing by the same events.

Writes a Markdown report to stdout and $OUT/probe.md.

Measured on the H200 (2^25 options, medians, ms; OpenCL events unless
said; the CUDA kernel timed by CuPy over batches of launches):
    generated (main's kernel, 34 registers)           0.682
    narrow (its `_idx32` kernel, 34 registers)        0.668
    u32gid / urem / both (hand edits)                 0.670 / 0.678 / 0.671
    split32 (both paths in one kernel)                0.677
    stride2 (54 registers) / stride4                  0.688 / 0.686
    contract (not allowed: changes outputs)           0.663
    cuda-port (56 registers)                          0.717
    CUDA default (38 registers; 46 % of outputs       0.669 (CuPy batches)
      differ from generated's by its FMAs)
    CUDA --fmad=false (bit-identical to generated)    0.685 (CuPy batches)
    generated / narrow PTX through CuPy               0.678 / 0.666 (CuPy batches)
The generated kernel and CUDA's differ in the index and the three `rem`s
only: `mul.hi.s64` and sign fix-ups where CUDA, knowing its index is not
negative, divides unsigned (`mul.hi.u64`); the libm calls and divisions
are the same code (bit-identical results with --fmad=false).
"""

import ctypes
import os
import re
import shutil
import subprocess
import sys
import time

OUT = os.environ.get("OUT", "/tmp/black_scholes_probe")
NESSIE = os.environ.get("NESSIE", "./target/release/nessie")
HERE = os.path.dirname(os.path.abspath(__file__))
REPS = 20
REPORT = []


def say(line=""):
    REPORT.append(line)
    print(line, flush=True)


# ------------------------------------------------------------------ OpenCL

CL_DEVICE_TYPE_ALL = 0xFFFFFFFF
CL_PLATFORM_NAME = 0x0902
CL_DEVICE_NAME = 0x102B
CL_QUEUE_PROFILING_ENABLE = 2
CL_MEM_READ_WRITE = 1
CL_PROGRAM_BUILD_LOG = 0x1183
CL_PROGRAM_BINARY_SIZES = 0x1165
CL_PROGRAM_BINARIES = 0x1166
CL_KERNEL_WORK_GROUP_SIZE = 0x11B0
CL_KERNEL_PRIVATE_MEM_SIZE = 0x11B4
CL_PROFILING_COMMAND_START = 0x1282
CL_PROFILING_COMMAND_END = 0x1283

vp = ctypes.c_void_p
cl = ctypes.CDLL("libOpenCL.so.1")
for name in ("clCreateContext", "clCreateCommandQueue", "clCreateBuffer", "clCreateProgramWithSource", "clCreateKernel"):
    getattr(cl, name).restype = vp


def check(code, what):
    if code != 0:
        raise RuntimeError(f"{what}: OpenCL error {code}")


def info_string(fn, obj, param, *extra):
    size = ctypes.c_size_t()
    check(fn(obj, *extra, param, 0, None, ctypes.byref(size)), "info size")
    buf = ctypes.create_string_buffer(size.value)
    check(fn(obj, *extra, param, size.value, buf, None), "info")
    return buf.value.decode(errors="replace")


class OpenCL:
    def __init__(self, want):
        count = ctypes.c_uint()
        check(cl.clGetPlatformIDs(0, None, ctypes.byref(count)), "platforms")
        platforms = (vp * count.value)()
        check(cl.clGetPlatformIDs(count.value, platforms, None), "platforms")
        chosen = None
        for p in platforms:
            pname = info_string(cl.clGetPlatformInfo, vp(p), CL_PLATFORM_NAME)
            if want.lower() in pname.lower() or chosen is None:
                chosen = (vp(p), pname)
        self.platform, self.platform_name = chosen
        self.nvidia = "nvidia" in self.platform_name.lower()
        dev = vp()
        check(cl.clGetDeviceIDs(self.platform, CL_DEVICE_TYPE_ALL, 1, ctypes.byref(dev), None), "device")
        self.device = dev
        self.device_name = info_string(cl.clGetDeviceInfo, dev, CL_DEVICE_NAME)
        err = ctypes.c_int()
        self.ctx = vp(cl.clCreateContext(None, 1, ctypes.byref(dev), None, None, ctypes.byref(err)))
        check(err.value, "context")
        self.queue = vp(cl.clCreateCommandQueue(self.ctx, dev, ctypes.c_ulong(CL_QUEUE_PROFILING_ENABLE),
                                                ctypes.byref(err)))
        check(err.value, "queue")

    def buffer(self, nbytes):
        err = ctypes.c_int()
        b = vp(cl.clCreateBuffer(self.ctx, ctypes.c_ulong(CL_MEM_READ_WRITE), ctypes.c_size_t(nbytes), None,
                                 ctypes.byref(err)))
        check(err.value, "buffer")
        return b

    def build(self, source, options):
        """(program, build log, binary bytes)."""
        err = ctypes.c_int()
        src = ctypes.c_char_p(source.encode())
        length = ctypes.c_size_t(len(source.encode()))
        prog = vp(cl.clCreateProgramWithSource(self.ctx, 1, ctypes.byref(src), ctypes.byref(length),
                                               ctypes.byref(err)))
        check(err.value, "program")
        code = cl.clBuildProgram(prog, 1, ctypes.byref(self.device), options.encode(), None, None)
        log = info_string(cl.clGetProgramBuildInfo, prog, CL_PROGRAM_BUILD_LOG, self.device)
        if code != 0:
            raise RuntimeError(f"build failed ({code}):\n{log}")
        size = ctypes.c_size_t()
        check(cl.clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, ctypes.sizeof(size), ctypes.byref(size), None),
              "binary size")
        binary = ctypes.create_string_buffer(size.value)
        pointers = (ctypes.c_char_p * 1)(ctypes.cast(binary, ctypes.c_char_p))
        check(cl.clGetProgramInfo(prog, CL_PROGRAM_BINARIES, ctypes.sizeof(pointers), pointers, None), "binary")
        return prog, log, binary.raw

    def kernel(self, prog, name):
        err = ctypes.c_int()
        k = vp(cl.clCreateKernel(prog, name.encode(), ctypes.byref(err)))
        check(err.value, f"kernel {name}")
        return k

    def work_group_info(self, k, param):
        value = ctypes.c_ulong()
        check(cl.clGetKernelWorkGroupInfo(k, self.device, param, ctypes.sizeof(value), ctypes.byref(value), None),
              "work-group info")
        return value.value

    def launch_ms(self, k, args, global_size, local_size):
        for i, a in enumerate(args):
            if isinstance(a, int):
                v = ctypes.c_long(a)
                check(cl.clSetKernelArg(k, i, 8, ctypes.byref(v)), "arg")
            else:
                check(cl.clSetKernelArg(k, i, ctypes.sizeof(vp), ctypes.byref(a)), "arg")
        g = ctypes.c_size_t(global_size)
        loc = ctypes.c_size_t(local_size) if local_size else None
        event = vp()
        check(cl.clEnqueueNDRangeKernel(self.queue, k, 1, None, ctypes.byref(g),
                                        ctypes.byref(loc) if loc else None, 0, None, ctypes.byref(event)), "launch")
        check(cl.clWaitForEvents(1, ctypes.byref(event)), "wait")
        start, end = ctypes.c_ulong(), ctypes.c_ulong()
        check(cl.clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_START, 8, ctypes.byref(start), None), "start")
        check(cl.clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_END, 8, ctypes.byref(end), None), "end")
        cl.clReleaseEvent(event)
        return (end.value - start.value) / 1e6

    def read(self, buf, nbytes):
        host = ctypes.create_string_buffer(nbytes)
        check(cl.clEnqueueReadBuffer(self.queue, buf, 1, ctypes.c_size_t(0), ctypes.c_size_t(nbytes), host, 0, None,
                                     None), "read")
        return host.raw


# ---------------------------------------------------------------- variants

CUDA_SOURCE = r"""
__device__ double cnd(double x) {
    double l = fabs(x);
    double k = 1.0 / (1.0 + 0.2316419 * l);
    double poly = k * (0.31938153 + k * (-0.356563782 + k * (1.781477937
                + k * (-1.821255978 + k * 1.330274429))));
    double w = 1.0 - 0.3989422804014327 * exp(-0.5 * l * l) * poly;
    return x < 0.0 ? 1.0 - w : w;
}
__device__ long long rnd(long long i, long long a) { return (i * a + 12345) % 1000003; }
extern "C" __global__ void bs(long long n, double* call, double* put) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
         i += (long long)gridDim.x * blockDim.x) {
        double s = 5.0 + 25.0 * (double)rnd(i, 7919) / 1000003.0;
        double x = 1.0 + 99.0 * (double)rnd(i, 104729) / 1000003.0;
        double tm = 0.25 + 9.75 * (double)rnd(i, 1299709) / 1000003.0;
        double r = 0.02, v = 0.30;
        double sqrt_tm = sqrt(tm);
        double d1 = (log(s / x) + (r + 0.5 * v * v) * tm) / (v * sqrt_tm);
        double d2 = d1 - v * sqrt_tm;
        double strike_now = x * exp(-r * tm);
        double c = s * cnd(d1) - strike_now * cnd(d2);
        call[i] = c;
        put[i] = c - s + strike_now;
    }
}
"""

# The CUDA kernel word for word in OpenCL C (contraction off, as nessie's).
CUDA_PORT = r"""
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF
double cnd(double x) {
    double l = fabs(x);
    double k = 1.0 / (1.0 + 0.2316419 * l);
    double poly = k * (0.31938153 + k * (-0.356563782 + k * (1.781477937
                + k * (-1.821255978 + k * 1.330274429))));
    double w = 1.0 - 0.3989422804014327 * exp(-0.5 * l * l) * poly;
    return x < 0.0 ? 1.0 - w : w;
}
long rnd(long i, long a) { return (i * a + 12345) % 1000003; }
__kernel void bs(long n, __global double* call, __global double* put) {
    for (long i = get_group_id(0) * (long)get_local_size(0) + get_local_id(0); i < n;
         i += (long)get_num_groups(0) * get_local_size(0)) {
        double s = 5.0 + 25.0 * (double)rnd(i, 7919) / 1000003.0;
        double x = 1.0 + 99.0 * (double)rnd(i, 104729) / 1000003.0;
        double tm = 0.25 + 9.75 * (double)rnd(i, 1299709) / 1000003.0;
        double r = 0.02, v = 0.30;
        double sqrt_tm = sqrt(tm);
        double d1 = (log(s / x) + (r + 0.5 * v * v) * tm) / (v * sqrt_tm);
        double d2 = d1 - v * sqrt_tm;
        double strike_now = x * exp(-r * tm);
        double c = s * cnd(d1) - strike_now * cnd(d2);
        call[i] = c;
        put[i] = c - s + strike_now;
    }
}
"""

GID = "const long gid = get_global_id(0);"
GUARD = "if (gid < t_1) {"
UREM = ("static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }",
        "static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : (long)(as_ulong(a) % as_ulong(b)); }")


def variants(generated, kernel):
    """(name, what changed, source, kernel name, extra build options, work-items per work-item)."""
    def sub(text, a, b):
        if a not in text:
            raise RuntimeError(f"variant text not found: {a}")
        return text.replace(a, b)

    loop = sub(sub(generated, GID + "\n", ""), GUARD,
               "for (long gid = get_global_id(0); gid < t_1; gid += get_global_size(0)) {")
    # The body twice: with a 32-bit index where the launch has fewer than
    # 2^32 work-items (a uniform branch), as generated elsewhere.
    start, end = generated.index(GID), generated.rindex("}")
    body = generated[start:end]
    split = (generated[:start] + "if (get_global_size(0) <= 4294967295UL) {\n"
             + body.replace(GID, "const long gid = (long)(uint)get_global_id(0);") + "} else {\n" + body + "}\n"
             + generated[end:])
    out = [
        ("generated", "nessie's kernel as generated", generated, kernel, "", 1),
        ("u32gid", "gid = (long)(uint)get_global_id(0): the index known to be below 2^32",
         sub(generated, GID, "const long gid = (long)(uint)get_global_id(0);"), kernel, "", 1),
        ("urem", "rem in ulong (a sign-free dividend)", sub(generated, *UREM), kernel, "", 1),
        ("u32gid+urem", "both", sub(sub(generated, GID, "const long gid = (long)(uint)get_global_id(0);"), *UREM),
         kernel, "", 1),
        ("split32", "the body twice, a 32-bit index where the global size < 2^32", split, kernel, "", 1),
        ("int-guard", "gid < t_1 as (ulong) compare, gid >= 0 asserted by the guard",
         sub(generated, GUARD, "if (gid >= 0 && gid < t_1) {"), kernel, "", 1),
        ("stride2", "grid-stride loop, half the work-items", loop, kernel, "", 2),
        ("stride4", "grid-stride loop, a quarter of the work-items", loop, kernel, "", 4),
        ("contract", "(not allowed) FP_CONTRACT left on", sub(generated, "#pragma OPENCL FP_CONTRACT OFF", ""),
         kernel, "", 1),
        ("cuda-port", "the CUDA kernel in OpenCL C, contraction off", CUDA_PORT, "bs", "", 1),
    ]
    return out


# ------------------------------------------------------------------- main

def ptx_stats(ptx):
    """Counts of the PTX instructions that matter here."""
    body = re.sub(r"//.*", "", ptx)
    counts = {}
    for pat in ("fma.rn.f64", "mul.rn.f64|mul.f64", "add.rn.f64|add.f64|sub.f64|sub.rn.f64", "div.rn.f64",
                "rcp.", "sqrt.", "ex2|lg2", "rem.s64", "rem.u64", "mul.hi.s64", "mul.hi.u64", "mul.lo.s64",
                "mul.wide", "setp.", "bra", "st.global", "ld.", "cvt.rn.f64.s64", "call"):
        counts[pat] = len(re.findall(r"\b(?:" + pat.replace(".", r"\.") + r")", body))
    counts["instructions"] = len([l for l in body.splitlines() if l.strip().endswith(";") and not l.strip().startswith(".")])
    return counts


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1 << 25
    os.makedirs(OUT, exist_ok=True)
    say("# black-scholes probe (issue 11, item 7)")
    tools = {t: shutil.which(t) for t in ("nvcc", "ptxas", "cuobjdump", "nvdisasm")}
    say(f"tools: {tools}")
    tmp = "/tmp/black_scholes_probe_kernels"
    shutil.rmtree(tmp, ignore_errors=True)
    code = subprocess.run([NESSIE, "compile", os.path.join(HERE, "primitives", "black_scholes.nesl"), "-o", tmp],
                          capture_output=True, text=True)
    if code.returncode != 0:
        say(f"nessie compile failed: {code.stderr}")
        return 1
    whole = open(os.path.join(tmp, "price_batch_map_fused.cl")).read()
    kernel = re.search(r"__kernel void (price_batch\w*)\(", whole).group(1)
    # The variants change the wide kernel; nessie's own narrow one (codegen's
    # note [narrow index]), where there is one, is a variant of its own.
    narrow_at = whole.find(f"__kernel void {kernel}_idx32(")
    generated = whole if narrow_at < 0 else whole[:narrow_at]

    ocl = OpenCL(os.environ.get("NESSIE_GPU", "nvidia"))
    say(f"OpenCL: {ocl.platform_name} / {ocl.device_name}; n = {n}")
    call, put = ocl.buffer(8 * n), ocl.buffer(8 * n)
    verbose = " -cl-nv-verbose" if ocl.nvidia else ""
    reference = None
    rows = []
    found = variants(generated, kernel)
    if narrow_at >= 0:
        found.insert(1, ("narrow", "nessie's `_idx32` kernel (note [narrow index])", whole, f"{kernel}_idx32", "", 1))
    for name, what, source, kname, options, per_item in found:
        try:
            prog, log, binary = ocl.build(source, "-cl-kernel-arg-info" + options + verbose)
        except RuntimeError as e:
            say(f"- {name}: {e}")
            continue
        # Only a few files: the device tool brings back a limited number.
        where = OUT if name in ("generated", "narrow") else tmp
        with open(os.path.join(where, f"{name}.ptx" if ocl.nvidia else f"{name}.bin"), "wb") as f:
            # NVIDIA's binary is the PTX text and its NUL, which ptxas refuses.
            f.write(binary.rstrip(b"\0") if ocl.nvidia else binary)
        regs = re.findall(r"Used (\d+) registers", log)
        spills = re.findall(r"(\d+) bytes spill stores", log)
        k = ocl.kernel(prog, kname)
        private = ocl.work_group_info(k, CL_KERNEL_PRIVATE_MEM_SIZE)
        items = (n + per_item - 1) // per_item
        locals_ = [None, 256] if name != "generated" else [None, 128, 256, 512, 1024]
        for local in locals_:
            g = items if local is None else (items + local - 1) // local * local
            ocl.launch_ms(k, [n, call, put], g, local)
            times = sorted(ocl.launch_ms(k, [n, call, put], g, local) for _ in range(REPS))
            same = None
            if local is None:
                data = ocl.read(call, 8 * n) + ocl.read(put, 8 * n)
                if reference is None:
                    reference = data
                same = data == reference
            rows.append((name, local, times[len(times) // 2], times[0], regs, spills, private, same, what))
        if ocl.nvidia:
            say(f"- {name} build log: {' '.join(log.split())[:600]}")
        ocl.queue and cl.clFinish(ocl.queue)
    say("")
    say("| variant | local | median ms | best ms | registers | spill bytes | private | output = generated | change |")
    say("|---|---|---|---|---|---|---|---|---|")
    for name, local, med, best, regs, spills, private, same, what in rows:
        say(f"| {name} | {local or 'NULL'} | {med:.4f} | {best:.4f} | {','.join(regs)} | {','.join(spills)} | "
            f"{private} | {'' if same is None else same} | {what} |")

    if ocl.nvidia:
        for name in ("generated", "narrow", "cuda-port"):
            path = os.path.join(OUT if name != "cuda-port" else tmp, f"{name}.ptx")
            if os.path.exists(path):
                say(f"- PTX counts of {name}: {ptx_stats(open(path, errors='replace').read())}")

    try:
        cuda_side(n, reference)
    except Exception as e:  # noqa: BLE001 (a report, whatever failed)
        say(f"CUDA side failed: {type(e).__name__}: {e}")
    with open(os.path.join(OUT, "probe.md"), "w") as f:
        f.write("\n".join(REPORT) + "\n")
    return 0


def cuda_side(n, reference):
    os.environ.setdefault("CUPY_ACCELERATORS", "cub")
    import cupy as cp
    import numpy as np
    sys.path.insert(0, HERE)
    from bench import cupy_batch_timer, cupy_timer

    say("")
    say("## CUDA")
    call = cp.empty(n, dtype=cp.float64)
    put = cp.empty(n, dtype=cp.float64)
    blocks = (n + 255) // 256
    ref = None
    if reference is not None:
        ref = np.frombuffer(reference, dtype=np.float64)

    def report(name, fn, regs, local_bytes, cfg=""):
        single = cupy_timer(cp, fn)
        batch = cupy_batch_timer(cp, fn)
        got = np.concatenate([cp.asnumpy(call), cp.asnumpy(put)])
        diff = "" if ref is None else f"{int((got.view(np.int64) != ref.view(np.int64)).sum())} of {2 * n} differ"
        say(f"- {name}{cfg}: {regs} registers, {local_bytes} B local; one launch {single:.4f} ms; "
            f"batches {batch[0]:.4f} ms (best {batch[1]:.4f}); vs generated: {diff}")

    for options in ((), ("--fmad=false",)):
        k = cp.RawKernel(CUDA_SOURCE, "bs", options=options)
        report(f"CUDA {' '.join(options) or 'default'}", lambda: k((blocks,), (256,), (cp.int64(n), call, put)),
               k.num_regs, k.local_size_bytes)
        try:
            from cupy_backends.cuda.libs import nvrtc
            major, minor = cp.cuda.Device().compute_capability[:1], cp.cuda.Device().compute_capability[1:]
            prog = nvrtc.createProgram(CUDA_SOURCE, "bs.cu", [], [])
            nvrtc.compileProgram(prog, [f"--gpu-architecture=compute_{major}{minor}", *options])
            ptx = nvrtc.getPTX(prog)
            ptx = ptx.decode() if isinstance(ptx, bytes) else ptx
            tag = "cuda" + ("-nofma" if options else "")
            with open(f"/tmp/black_scholes_probe_{tag}.ptx", "w") as f:
                f.write(ptx)
            say(f"- PTX counts of {tag}: {ptx_stats(ptx)}")
        except Exception as e:  # noqa: BLE001
            say(f"- nvrtc PTX failed: {type(e).__name__}: {e}")

    # The OpenCL kernels' PTX through the CUDA driver: registers after the
    # same JIT, and a timing by the same events as the CUDA kernel.
    # (cuda-port's get_num_groups reads an environment register that a CUDA
    # launch does not set: it is not launched so.)
    for name, suffix in (("generated", ""), ("narrow", "_idx32")):
        path = os.path.join(OUT, f"{name}.ptx")
        if not os.path.exists(path):
            continue
        try:
            text = open(path, errors="replace").read()
            entry = [e for e in re.findall(r"\.entry\s+(\w+)", text) if e.endswith("mapped" + suffix)][0]
            mod = cp.RawModule(path=path)
            f = mod.get_function(entry)
            report(f"OpenCL `{name}` PTX through CuPy", lambda: f((blocks,), (256,), (cp.int64(n), call, put)),
                   f.num_regs, f.local_size_bytes)
        except Exception as e:  # noqa: BLE001
            say(f"- OpenCL `{name}` PTX through CuPy failed: {type(e).__name__}: {e}")
        target = re.search(r"\.target\s+(sm_\w+)", text)
        sass_summary(name, entry, ["ptxas", f"-arch={target.group(1) if target else 'sm_90'}", path])
    src = "/tmp/black_scholes_probe.cu"
    with open(src, "w") as f:
        f.write(CUDA_SOURCE)
    arch = f"-arch=sm_{cp.cuda.Device().compute_capability}"
    sass_summary("cuda", "bs", ["nvcc", "-cubin", arch, src])
    sass_summary("cuda --fmad=false", "bs", ["nvcc", "-cubin", arch, "--fmad=false", src])


def sass_summary(name, function, build):
    """Registers (ptxas -v) and the SASS opcodes (cuobjdump) of `function`
    in the cubin of a build (`build` without its -o)."""
    try:
        sass_opcodes(name, function, build)
    except Exception as e:  # noqa: BLE001
        say(f"- SASS of {name} failed: {type(e).__name__}: {e}")


def sass_opcodes(name, function, build):
    if not (shutil.which(build[0]) and shutil.which("cuobjdump")):
        return
    cubin = "/tmp/black_scholes_probe.cubin"
    made = subprocess.run([*build, "-v", "-o", cubin], capture_output=True, text=True)
    if made.returncode != 0:
        say(f"- SASS of {name}: {build[0]} failed: {made.stderr.strip()[-300:]}")
        return
    log = made.stdout + made.stderr
    regs = re.findall(r"Compiling entry function '" + function + r"'.*?Used (\d+) registers", log, re.S)[:1]
    sass = subprocess.run(["cuobjdump", "-sass", cubin], capture_output=True, text=True).stdout
    parts = [p for p in re.split(r"\n\s*Function : ", sass) if p.startswith(function + "\n")]
    sass = parts[0] if parts else sass
    ops = {}
    for m in re.finditer(r"/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_]*)(\.[A-Z0-9_.]+)?", sass):
        op = m.group(1)
        ops[op] = ops.get(op, 0) + 1
    total = sum(ops.values())
    top = ", ".join(f"{k} {v}" for k, v in sorted(ops.items(), key=lambda kv: -kv[1])[:22])
    say(f"- SASS of {name}: {regs} registers, {total} instructions: {top}")


if __name__ == "__main__":
    started = time.time()
    code = main()
    say(f"({time.time() - started:.1f} s)")
    sys.exit(code)
