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

# Programs run through nessie, with the positions (in the printed top-level
# tuple) of values that are timings and so are not compared.
EXAMPLES = {
    "examples/dotp.nesl": [1],
    "examples/norm2.nesl": [2],
    "examples/sparse_mxv.nesl": [2],
    "examples/line_fit.nesl": None,
    "examples/black_scholes.nesl": None,
    "examples/primes.nesl": None,
    "examples/quicksort.nesl": None,
    "examples/quickhull.nesl": None,
}

REPORT = []


def say(line=""):
    REPORT.append(line)
    print(line, flush=True)


def run(args, timeout=900):
    started = time.time()
    proc = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
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


def masked(stdout, timing_positions):
    """The program's output with timing values replaced by `<time>`."""
    if not timing_positions:
        return stdout
    lines = []
    for line in stdout.splitlines():
        m = re.match(r"^(\w+) = \((.*)\) : (.*)$", line)
        if m:
            parts = split_top(m.group(2))
            for p in timing_positions:
                if p < len(parts):
                    parts[p] = "<time>"
            line = f"{m.group(1)} = ({', '.join(parts)}) : {m.group(3)}"
        lines.append(line)
    return "\n".join(lines)


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


def rnd(np, i, a):
    return (i * a + 12345) % 1000003


def baselines(np, cp, cupyx_sparse):
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
    dot_kernel = cp.ReductionKernel("float64 x, float64 y", "float64 z", "x * y", "a + b", "z = a", "0", "nessie_dot")
    ms = cupy_timer(cp, lambda: dot_kernel(u, v))
    out["dotp_cub"] = (ms, 2 * u.nbytes / ms / 1e6, float(dot_kernel(u, v)))
    ms = cupy_timer(cp, lambda: cp.dot(u, v))
    out["dotp_cublas"] = (ms, 2 * u.nbytes / ms / 1e6)
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
    for program, timing in EXAMPLES.items():
        code, out, err, wall = run([NESSIE, "run", program, "--device", DEVICE, "--stats"])
        icode, iout, ierr, iwall = run([NESSIE, "run", program, "--backend", "interp"])
        same = code == icode and masked(out, timing) == masked(iout, timing)
        failures += 0 if same else 1
        verdict = "equal" if same else "DIFFERENT"
        say(f"### {program}: {verdict} (exit {code}, {wall:.1f} s wall; interpreter exit {icode}, {iwall:.1f} s)")
        say("```")
        say(out.strip())
        if not same:
            say("-- interpreter --")
            say(iout.strip() + ierr.strip()[:2000])
        say(err.strip()[:6000])
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
        if gbps is None or launches == 0:
            continue
        per_launch = ms / launches
        line = f"- `{name}`: {launches} launches, {per_launch:.3f} ms each, {gbps:.0f} GB/s"
        if copy_nessie:
            line += f" = {gbps / copy_nessie:.2f} × nessie's copy"
        line += f", {gbps / copy_gbps:.2f} × CuPy's copy"
        say(line)
    cub_ms, cub_gbps, cub_value = base["dotp_cub"]
    blas_ms, blas_gbps = base["dotp_cublas"]
    say(f"- CuPy ReductionKernel (CUB) dot: {cub_ms:.3f} ms, {cub_gbps:.0f} GB/s ({cub_gbps / copy_gbps:.2f} × copy)")
    say(f"- cupy.dot (cuBLAS): {blas_ms:.3f} ms, {blas_gbps:.0f} GB/s")
    dot_kernels = [r for r in dotp_rows if r[4] is not None and "dotp" in r[0]]
    if dot_kernels:
        nessie_ms = sum(r[2] / max(r[1], 1) for r in dot_kernels)
        say(f"- nessie's dot product (all its launches) / CuPy CUB dot: {nessie_ms / cub_ms:.2f} × the time")

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
