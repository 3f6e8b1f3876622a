#!/usr/bin/env python3
"""nessie on the NVIDIA GPU, against the interpreter and against CuPy.

Run on the GPU machine by scripts/gpu/run.sh (through the `device` tool).
For each program it

1. runs `nessie run PROGRAM --device nvidia --stats` and keeps stdout and
   the --stats table (stderr);
2. checks the results: the example programs against the reference
   interpreter (`--backend interp`) on the same machine, the large dot
   product against NumPy (its data are exact multiples of 1/256, so the
   result does not depend on the order of the additions);
3. measures the baseline a user would otherwise write, in CuPy (CUB
   reductions, cuSPARSE SpMV), on the same data, in the same run;

and measures the device's copy bandwidth twice (nessie's OpenCL probe,
`nessie devices --bandwidth`, and a CuPy device-to-device copy), so that
every figure can be given as a ratio measured in one run.

Writes a Markdown report to stdout (and to $OUT/report.md when OUT is set).
"""

import os
import re
import subprocess
import sys
import time

NESSIE = os.environ.get("NESSIE", "./target/release/nessie")
DEVICE = os.environ.get("NESSIE_GPU", "nvidia")

# Programs run through nessie. Each prints a tuple whose last component is
# the time its `time` block took: that one is not compared but reported.
EXAMPLES = [
    "examples/dotp.nesl",
    "examples/norm2.nesl",
    "examples/sparse_mxv.nesl",
    "examples/line_fit.nesl",
    "examples/black_scholes.nesl",
    "examples/primes.nesl",
    "examples/quicksort.nesl",
    "examples/quickhull.nesl",
]

# Floats may differ from the interpreter's in the last digits: a tree
# reduction adds in another order than the interpreter's left fold, and
# exp/log/sqrt come from the device's libm. Everything else is compared
# exactly.
FLOAT_TOLERANCE = 1e-9

REPORT = []


def say(line=""):
    REPORT.append(line)
    print(line, flush=True)


def run(args, timeout=900):
    started = time.time()
    try:
        proc = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as e:
        return 127, "", f"{args[0]}: {e}", time.time() - started
    return proc.returncode, proc.stdout, proc.stderr, time.time() - started


def split_top(text):
    """Splits a printed tuple's inside at its top-level commas."""
    parts, depth, current = [], 0, ""
    for ch in text:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += ch
    parts.append(current.strip())
    return parts


def result_line(stdout):
    """(name, components, type) of the `it = (...) : type` line, or None."""
    for line in stdout.splitlines():
        m = re.match(r"^(\w+) = \((.*)\) : (.*)$", line)
        if m:
            return m.group(1), split_top(m.group(2)), m.group(3)
    return None


NUMBER = re.compile(r"-?(?:\d+\.\d*(?:e[-+]?\d+)?|\d+e[-+]?\d+|\d+|inf|nan)")


def numbers(text):
    """The numbers of a printed value, ints as ints and floats as floats."""
    return [int(x) if x.lstrip("-").isdigit() else float(x) for x in NUMBER.findall(text)]


def compare(out, ref):
    """(verdict, largest relative float difference, program time, reference time).

    The last component of each result (the time) is left out; float tokens
    agree within FLOAT_TOLERANCE, every other character exactly."""
    a, b = result_line(out), result_line(ref)
    if a is None or b is None or len(a[1]) != len(b[1]) or a[0] != b[0] or a[2] != b[2]:
        return "DIFFERENT", None, None, None
    worst = 0.0
    for x, y in zip(a[1][:-1], b[1][:-1]):
        if NUMBER.sub("#", x) != NUMBER.sub("#", y):
            return "DIFFERENT", None, a[1][-1], b[1][-1]
        for u, v in zip(NUMBER.findall(x), NUMBER.findall(y)):
            if u == v:
                continue
            is_float = any(c in u + v for c in ".e")
            if not is_float:
                return "DIFFERENT", None, a[1][-1], b[1][-1]
            fu, fv = float(u), float(v)
            rel = abs(fu - fv) / max(abs(fu), abs(fv), 1e-300)
            worst = max(worst, rel)
    if worst > FLOAT_TOLERANCE:
        return "DIFFERENT", worst, a[1][-1], b[1][-1]
    return ("equal" if worst == 0.0 else "equal within float rounding"), worst, a[1][-1], b[1][-1]


def stats_rows(stderr):
    """(kernel, launches, ms, bytes, GB/s) rows of the --stats table."""
    rows = []
    for line in stderr.splitlines():
        m = re.match(r"^(\S.*?)\s+(\d+)\s+([\d.]+) ms\s+(\d+)\s+([\d.]+|-)$", line)
        if m and m.group(1) not in ("kernel", "transfer"):
            gbps = None if m.group(5) == "-" else float(m.group(5))
            rows.append((m.group(1), int(m.group(2)), float(m.group(3)), int(m.group(4)), gbps))
    return rows


def nessie_copy_bandwidth():
    code, out, err, _ = run([NESSIE, "devices", "--device", DEVICE, "--bandwidth"])
    m = re.search(r"copy bandwidth: ([\d.]+) GB/s", out + err)
    if code != 0 or not m:
        say(f"nessie copy probe failed (exit {code}): {(out + err).strip()[:400]}")
        return None
    return float(m.group(1))


# ---------------------------------------------------------------- baselines

def cupy_timer(cp, fn, repeats=20):
    """Median device time of fn() in ms, after a warm-up, with CUDA events."""
    fn()
    cp.cuda.Device().synchronize()
    times = []
    for _ in range(repeats):
        start, stop = cp.cuda.Event(), cp.cuda.Event()
        start.record()
        fn()
        stop.record()
        stop.synchronize()
        times.append(cp.cuda.get_elapsed_time(start, stop))
    times.sort()
    return times[len(times) // 2]


def cupy_batch_timer(cp, fn, batch=50, batches=9):
    """Device time per call of fn() in ms, robust to launch gaps and noise:
    a warm-up batch, then `batches` batches of `batch` back-to-back calls
    between two CUDA events (the host stays ahead of the device, so host
    overhead between calls is hidden), the median batch divided by
    `batch`; also the fastest batch's time per call."""
    for _ in range(batch):
        fn()
    cp.cuda.Device().synchronize()
    times = []
    for _ in range(batches):
        start, stop = cp.cuda.Event(), cp.cuda.Event()
        start.record()
        for _ in range(batch):
            fn()
        stop.record()
        stop.synchronize()
        times.append(cp.cuda.get_elapsed_time(start, stop) / batch)
    times.sort()
    return times[len(times) // 2], times[0]


def rnd(np, i, a):
    return (i * a + 12345) % 1000003


def baselines(np, cp, cupyx_sparse):
    """Baselines in CuPy, with CUB for reductions (CUPY_ACCELERATORS)."""
    out = {}
    # Copy bandwidth: 1 GiB device to device, bytes read plus written.
    n = 1 << 27
    a = cp.ones(n, dtype=cp.float64)
    b = cp.empty_like(a)
    ms = cupy_timer(cp, lambda: cp.copyto(b, a))
    out["copy"] = (ms, 2 * a.nbytes / ms / 1e6)
    del a, b

    # Dot product, 2^25 doubles each (as scripts/gpu/dotp_big.nesl).
    n = 1 << 25
    i = np.arange(n, dtype=np.int64)
    u_h = ((rnd(np, i, 7919) % 1025) - 512) / 256.0
    v_h = ((rnd(np, i, 104729) % 1025) - 512) / 256.0
    out["dotp_expected"] = float(np.dot(u_h, v_h))
    u, v = cp.asarray(u_h), cp.asarray(v_h)
    # cuBLAS's dot, and the two-pass expression a CuPy user writes (an
    # elementwise product, then CUB's device-wide sum).
    ms = cupy_timer(cp, lambda: cp.dot(u, v))
    out["dotp_cublas"] = (ms, 2 * u.nbytes / ms / 1e6, float(cp.dot(u, v)))
    ms = cupy_timer(cp, lambda: (u * v).sum())
    out["dotp_cupy"] = (ms, float((u * v).sum()))
    # CUB's sum over the same number of bytes (2^26 doubles): the ceiling
    # of a one-pass reduction with a library's tuning.
    both = cp.concatenate([u, v])
    ms = cupy_timer(cp, lambda: both.sum())
    out["sum_cub"] = (ms, both.nbytes / ms / 1e6)
    del both
    del u, v

    # norm2 on 10^6 floats (examples/norm2.nesl).
    n = 1000000
    i = np.arange(n, dtype=np.int64)
    xs = cp.asarray(((rnd(np, i, 7919) % 4096) - 1024) / 1024.0)

    def norm2():
        s1 = xs.sum()
        s2 = xs[xs > 0.0].sum()
        return xs / s1, xs / s2

    out["norm2"] = (cupy_timer(cp, norm2),)

    # Sparse matrix times vector (examples/sparse_mxv.nesl), cuSPARSE CSR.
    rows = 65536
    r = np.arange(rows, dtype=np.int64)
    lengths = 1 + rnd(np, r, 1299709) % 31
    offsets = np.zeros(rows + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    row_of = np.repeat(r, lengths)
    k = np.arange(offsets[-1], dtype=np.int64) - offsets[row_of]
    seed = 64 * row_of + k
    cols = rnd(np, seed, 7919) % rows
    vals = ((rnd(np, seed, 104729) % 2001) - 1000) / 1024.0
    vec = 1.0 + 0.25 * (np.arange(rows) % 8)
    m = cupyx_sparse.csr_matrix(
        (cp.asarray(vals), cp.asarray(cols.astype(np.int32)), cp.asarray(offsets.astype(np.int32))),
        shape=(rows, rows),
    )
    vg = cp.asarray(vec)
    ms = cupy_timer(cp, lambda: m @ vg)
    nnz = int(offsets[-1])
    # Bytes: values and column indices once, row offsets, result; the vector
    # gathers are not counted (they mostly hit the cache).
    moved = nnz * (8 + 4) + (rows + 1) * 4 + rows * 8
    out["smvm"] = (ms, moved / ms / 1e6, float((m @ vg).sum()), nnz)
    return out


# --------------------------------------------------------------------- main

def main():
    say("# nessie on the GPU")
    code, out, err, _ = run(["nvidia-smi", "--query-gpu=name,memory.total,driver_version", "--format=csv,noheader"])
    say(f"GPU: {out.strip()}")
    code, out, err, _ = run([NESSIE, "devices"])
    say("```")
    say(out.strip() or err.strip())
    say("```")

    copy_nessie = nessie_copy_bandwidth()
    say(f"nessie OpenCL copy probe: {copy_nessie} GB/s" if copy_nessie else "")

    failures = 0
    say("")
    say("## Examples: OpenCL on the GPU against the interpreter")
    all_stats = {}
    for program in EXAMPLES:
        code, out, err, wall = run([NESSIE, "run", program, "--device", DEVICE, "--stats"])
        icode, iout, ierr, iwall = run([NESSIE, "run", program, "--backend", "interp"])
        verdict, worst, secs, isecs = compare(out, iout)
        if code != 0 or icode != 0:
            verdict = "DIFFERENT"
        failures += 0 if verdict.startswith("equal") else 1
        detail = f"; largest relative float difference {worst:.1e}" if worst else ""
        say(f"### {program}: {verdict}{detail}")
        say(f"exit {code} (interpreter {icode}); the program's time: {secs} s on the GPU, {isecs} s in the interpreter;")
        say(f"wall time with compilation: {wall:.1f} s (interpreter {iwall:.1f} s)")
        say("```")
        say(out.strip())
        if not verdict.startswith("equal"):
            say("-- interpreter --")
            say(iout.strip() + ierr.strip()[:2000])
        say(err.strip()[:30000])
        say("```")
        all_stats[program] = stats_rows(err)

    say("")
    say("## The large dot product (2^25 doubles, 10 products)")
    code, out, err, wall = run([NESSIE, "run", "scripts/gpu/dotp_big.nesl", "--device", DEVICE, "--stats"])
    say("```")
    say(out.strip())
    say(err.strip()[:6000])
    say("```")
    dotp_rows = stats_rows(err)

    # Without CUB, CuPy reduces a whole array in one thread block.
    os.environ.setdefault("CUPY_ACCELERATORS", "cub")
    try:
        import numpy as np
        import cupy as cp
        import cupyx.scipy.sparse as cupyx_sparse
    except ImportError as e:
        say(f"CuPy is not available: {e}")
        return failures

    base = baselines(np, cp, cupyx_sparse)
    m = re.search(r"\(([-\d.e]+),", out)
    got = float(m.group(1)) if m else None
    exact = got == base["dotp_expected"]
    failures += 0 if exact else 1
    say(f"result {got}, NumPy {base['dotp_expected']}: {'equal' if exact else 'DIFFERENT'}")

    say("")
    say("## Ratios, all measured in this run")
    copy_ms, copy_gbps = base["copy"]
    say(f"- CuPy device-to-device copy, 1 GiB: {copy_gbps:.0f} GB/s; nessie's OpenCL copy probe: {copy_nessie} GB/s")
    for name, launches, ms, moved, gbps in dotp_rows:
        if gbps is None or launches == 0 or name.startswith("total") or "-to-" in name:
            continue
        per_launch = ms / launches
        line = f"- `{name}`: {launches} launches, {per_launch:.3f} ms each, {gbps:.0f} GB/s"
        if copy_nessie:
            line += f" = {gbps / copy_nessie:.2f} × nessie's copy"
        line += f", {gbps / copy_gbps:.2f} × CuPy's copy"
        say(line)
    blas_ms, blas_gbps, _ = base["dotp_cublas"]
    cupy_ms, _ = base["dotp_cupy"]
    cub_ms, cub_gbps = base["sum_cub"]
    say(f"- CUB sum of 2^26 doubles (the same bytes): {cub_ms:.3f} ms, {cub_gbps:.0f} GB/s ({cub_gbps / copy_gbps:.2f} × copy)")
    say(f"- cupy.dot (cuBLAS): {blas_ms:.3f} ms, {blas_gbps:.0f} GB/s")
    say(f"- CuPy `(u * v).sum()` (an elementwise kernel, then CUB): {cupy_ms:.3f} ms")
    dot_kernels = [r for r in dotp_rows if r[4] is not None and r[0].startswith("dotp")]
    if dot_kernels:
        nessie_ms = sum(r[2] / max(r[1], 1) for r in dot_kernels)
        say(
            f"- nessie's dot product (its {len(dot_kernels)} kernels, per product): {nessie_ms:.3f} ms = "
            f"{nessie_ms / cub_ms:.2f} × CUB's sum, {nessie_ms / blas_ms:.2f} × cuBLAS's dot, "
            f"{nessie_ms / cupy_ms:.2f} × CuPy's (u * v).sum()"
        )
        first = max(dot_kernels, key=lambda r: r[3])
        first_ms = first[2] / max(first[1], 1)
        say(f"- its first stage alone (`{first[0]}`, reading both vectors): {first_ms:.3f} ms = {first_ms / cub_ms:.2f} × CUB's sum")

    smvm_ms, smvm_gbps, smvm_sum, nnz = base["smvm"]
    say(f"- cuSPARSE CSR SpMV, {nnz} nonzeros: {smvm_ms:.3f} ms ({smvm_gbps:.0f} GB/s of matrix traffic), checksum {smvm_sum}")
    smvm_rows = [r for r in all_stats.get("examples/sparse_mxv.nesl", []) if "smvm" in r[0]]
    if smvm_rows:
        nessie_ms = sum(r[2] / max(r[1], 1) for r in smvm_rows)
        say(f"- nessie's smvm kernels: {nessie_ms:.3f} ms = {nessie_ms / smvm_ms:.2f} × cuSPARSE's time")
    (norm2_ms,) = base["norm2"]
    norm2_rows = [r for r in all_stats.get("examples/norm2.nesl", []) if "norm2" in r[0]]
    say(f"- CuPy norm2 (5 library calls): {norm2_ms:.3f} ms")
    if norm2_rows:
        nessie_ms = sum(r[2] / max(r[1], 1) for r in norm2_rows)
        say(f"- nessie's norm2 kernels: {nessie_ms:.3f} ms = {nessie_ms / norm2_ms:.2f} × CuPy's time")
    return failures


if __name__ == "__main__":
    failures = main()
    out_dir = os.environ.get("OUT")
    if out_dir:
        with open(os.path.join(out_dir, "report.md"), "w") as f:
            f.write("\n".join(REPORT) + "\n")
    sys.exit(1 if failures else 0)
