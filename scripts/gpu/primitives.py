#!/usr/bin/env python3
"""Issue 11's irregular primitives on the NVIDIA GPU, each against the
library a GPU user would call instead, on the same data, in one run.

Run on the GPU machine (through the `device` tool) from the repository
root, after registering NVIDIA's ICD (scripts/gpu/run.sh does that):

    python3 scripts/gpu/primitives.py [NAME ...]

Each program of scripts/gpu/primitives/ builds its data on the device from
index formulas, runs the primitive several times in a host-level loop, and
prints values that NumPy recomputes here from the same formulas (every
float in them is exact, so the check is equality). For each row the report
gives nessie's time per run (the sum of the device times of the
primitive's kernels from --stats, and the program's own `time` divided by
the repetitions, which adds launch gaps and host round trips), the
baseline's time (CUDA events, median of 20), their ratio, and the GB/s of
the primitive's essential traffic against the copy ceiling measured in the
same run.
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import DEVICE, NESSIE, REPORT, cupy_batch_timer, cupy_timer, nessie_copy_bandwidth, numbers, result_line, run, say, stats_rows  # noqa: E402,E501

# The programs beside this script (a copy carried to the device runs its own).
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "primitives")
def run_nessie(program, substitutions=(), nessie=None):
    """(printed numbers without the time, the time, --stats rows, exit, stderr tail)."""
    path = f"{HERE}/{program}"
    if substitutions:
        text = open(path).read()
        for a, b in substitutions:
            text = text.replace(a, b)
        path = f"/tmp/nessie_{program.replace('.nesl', '')}_{'_'.join(b for _, b in substitutions)}.nesl"
        with open(path, "w") as f:
            f.write(text)
    code, out, err, wall = run([nessie or NESSIE, "run", path, "--device", DEVICE, "--stats"], timeout=600)
    line = result_line(out)
    if code != 0 or line is None:
        return None, None, [], code, (out + err)[-3000:]
    values = numbers(", ".join(line[1][:-1]))
    return values, float(line[1][-1]), stats_rows(err), code, ""


def kernel_ms(rows, pattern, repeats):
    chosen = [r for r in rows if re.match(pattern, r[0])]
    return sum(r[2] for r in chosen) / repeats, chosen


def report_row(name, got, expected, ms_kernels, ms_time, base_ms, base_name, traffic_bytes, copy_gbps, chosen):
    ok = got is not None and len(got) == len(expected) and all(
        (a == b) if isinstance(b, int) else abs(a - b) <= 1e-9 * max(1.0, abs(b)) for a, b in zip(got, expected)
    )
    say(f"### {name}: {'equal to NumPy' if ok else 'DIFFERENT'}")
    say(f"- nessie printed {got}; NumPy {expected}")
    if ms_kernels is not None:
        gbps = traffic_bytes / ms_kernels / 1e6 if ms_kernels else 0.0
        say(
            f"- nessie: {ms_kernels:.3f} ms of kernels per run ({ms_time:.3f} ms by `time`); "
            f"{base_name}: {base_ms:.3f} ms; **ratio (baseline / nessie) {base_ms / ms_kernels:.3f}×** "
            f"(by `time`: {base_ms / ms_time:.3f}×)"
        )
        say(
            f"- essential traffic {traffic_bytes / 1e6:.0f} MB: nessie {gbps:.0f} GB/s = "
            f"{gbps / copy_gbps:.2f} × copy ceiling; baseline {traffic_bytes / base_ms / 1e6:.0f} GB/s"
        )
        for k, launches, ms, moved, g in chosen:
            say(f"  - `{k}`: {launches} launches, {ms / max(launches, 1):.3f} ms each, {g if g is not None else '-'} GB/s")
    return ok


def measure(title, program, pattern, reps, expected, base_ms, base_name, traffic_bytes, copy_gbps, substitutions=(),
            nessie=None):
    """Runs `program` and reports its row: (whether it ran and matched, its kernel ms per run or None)."""
    got, secs, rows, code, err = run_nessie(program, substitutions, nessie)
    if got is None:
        say(f"### {title}: nessie failed (exit {code})\n```\n{err}\n```")
        return False, None
    ms, chosen = kernel_ms(rows, pattern, reps)
    ok = report_row(title, got, expected, ms, secs * 1e3 / reps, base_ms, base_name, traffic_bytes, copy_gbps, chosen)
    return ok, ms


def main(selected):
    os.environ.setdefault("CUPY_ACCELERATORS", "cub")
    import numpy as np
    import cupy as cp
    import cupyx.scipy.sparse as sparse

    say("# Irregular primitives on the GPU (issue 11)")
    code, out, _, _ = run(["nvidia-smi", "--query-gpu=name,memory.total,driver_version", "--format=csv,noheader"])
    say(f"GPU: {out.strip()}")
    copy_nessie = nessie_copy_bandwidth()
    a = cp.ones(1 << 27, dtype=cp.float64)
    b = cp.empty_like(a)
    copy_ms = cupy_timer(cp, lambda: cp.copyto(b, a))
    copy_gbps = 2 * a.nbytes / copy_ms / 1e6
    del a, b
    say(f"Copy ceiling: CuPy device-to-device {copy_gbps:.0f} GB/s; nessie's OpenCL probe {copy_nessie} GB/s")
    failures = 0

    def rnd(i, a):
        return (i * a + 12345) % 1000003

    def want(name):
        return not selected or name in selected

    if want("sum"):
        n, reps = 1 << 27, 10
        xs_h = ((rnd(np.arange(n, dtype=np.int64), 7919) % 1025) - 512) / 256.0
        expected = [float(xs_h.sum())]
        xs = cp.asarray(xs_h)
        base = cupy_timer(cp, lambda: xs.sum())
        del xs, xs_h
        ok, _ = measure("sum of 2^27 floats", "sum.nesl", r"bench_sum", reps, expected, base, "CUB sum (cupy.sum)", n * 8, copy_gbps)
        failures += not ok

    if want("scan"):
        n, reps = 1 << 27, 10
        xs_h = rnd(np.arange(n, dtype=np.int64), 7919) % 1000
        excl = np.cumsum(xs_h) - xs_h
        expected = [int(excl[-1]), int(excl[n // 3])]
        del excl
        xs = cp.asarray(xs_h)
        base = cupy_timer(cp, lambda: cp.cumsum(xs))
        del xs, xs_h
        ok, _ = measure("plus_scan of 2^27 ints", "scan.nesl", r"bench_scan", reps, expected, base, "CUB inclusive scan (cupy.cumsum)", 2 * n * 8, copy_gbps)
        failures += not ok

    if want("filter"):
        n, reps = 1 << 27, 10
        xs_h = ((rnd(np.arange(n, dtype=np.int64), 7919) % 1024) - 512) / 256.0
        kept = xs_h[xs_h >= 0.0]
        expected = [int(kept.size), float(kept[-1])]
        xs = cp.asarray(xs_h)
        base = cupy_timer(cp, lambda: xs[xs >= 0.0])
        del xs, xs_h
        ok, _ = measure("filter of 2^27 floats, half kept", "filter.nesl", r"bench_filter", reps, expected, base, "CuPy boolean mask xs[xs >= 0]", n * 8 + kept.size * 8, copy_gbps)
        failures += not ok

    for shape, shape_name in ((0, "2^22 segments of 8"), (1, "power-law: 2^22 segments of 4096/j")):
        if not want("segscan") and not want(f"segscan{shape}"):
            continue
        segs, reps = 1 << 22, 10
        r = np.arange(segs, dtype=np.int64)
        lengths = np.full(segs, 8, dtype=np.int64) if shape == 0 else 4096 // (1 + rnd(r, 1299709) % 4096)
        offsets = np.zeros(segs + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        n = int(offsets[-1])
        row_of = np.repeat(r, lengths)
        k = np.arange(n, dtype=np.int64) - offsets[row_of]
        xs_h = rnd((8 if shape == 0 else 4096) * row_of + k, 7919) % 1000
        del k
        starts_h = offsets[row_of]
        del row_of
        c = np.cumsum(xs_h)
        excl = c - xs_h - (c[starts_h] - xs_h[starts_h])
        del c
        lasts = excl[offsets[1:] - 1]
        m = segs // 3
        expected = [int(lasts.sum()), int(lasts[m])]
        del excl, lasts
        xs = cp.asarray(xs_h)
        starts = cp.asarray(starts_h)
        del xs_h, starts_h

        def seg_scan():
            c = cp.cumsum(xs)
            return c - xs - (c[starts] - xs[starts])

        base = cupy_timer(cp, seg_scan)
        del xs, starts
        # One read and one write of the elements, one read of the offsets.
        ok, _ = measure(f"segmented plus_scan, {shape_name} ({n} elements)", "segscan.nesl", r"bench_segscan", reps,
                        expected, base, "CuPy cumsum minus segment starts (4 passes)", 2 * n * 8 + segs * 8,
                        copy_gbps, [("SHAPE", str(shape))])
        failures += not ok

    if want("sort"):
        n, reps = 10000000, 5
        i = np.arange(n, dtype=np.int64)
        x = (i * 1103515245 + 12345) % 2147483648
        y = x ^ (x >> 11)
        xs_h = ((y * 1103515245 + 12345) % 2147483648) % 1073741824
        s = np.sort(xs_h)
        expected = [int(s[0]), int(s[n // 2]), int(s[-1])]
        xs = cp.asarray(xs_h)
        base = cupy_timer(cp, lambda: cp.sort(xs))
        del xs
        ok, _ = measure("sort of 10^7 ints below 2^30", "sort.nesl", r"(bench_sort|sort_|radix)", reps, expected, base, "cupy.sort (CUB radix sort)", 2 * n * 8, copy_gbps)
        failures += not ok

    for shape, shape_name in ((0, "uniform: 2^22 rows of 8"), (1, "banded: 2^22 rows of 5"),
                              (2, "power-law: 7e6 rows of 4096/j")):
        if not want("spmv") and not want(f"spmv{shape}"):
            continue
        rows_n = 7000000 if shape == 2 else 1 << 22
        r = np.arange(rows_n, dtype=np.int64)
        if shape == 0:
            lengths = np.full(rows_n, 8, dtype=np.int64)
        elif shape == 1:
            lengths = np.full(rows_n, 5, dtype=np.int64)
        else:
            lengths = 4096 // (1 + rnd(r, 1299709) % 4096)
        offsets = np.zeros(rows_n + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        nnz = int(offsets[-1])
        row_of = np.repeat(r, lengths)
        k = np.arange(nnz, dtype=np.int64) - offsets[row_of]
        if shape == 0:
            cols = (rnd(8 * row_of + k, 7919) * 7 + row_of) % rows_n
        elif shape == 1:
            cols = (row_of + k - 2 + rows_n) % rows_n
        else:
            cols = (rnd(row_of + 4096 * k, 7919) * 7 + row_of) % rows_n
        vals = ((rnd(4096 * row_of + k, 104729) % 2001) - 1000) / 1024.0
        del k
        vec = 1.0 + 0.25 * (np.arange(rows_n) % 8)
        mat = sparse.csr_matrix(
            (cp.asarray(vals), cp.asarray(cols.astype(np.int32)), cp.asarray(offsets.astype(np.int32))),
            shape=(rows_n, rows_n),
        )
        del row_of, cols
        vg = cp.asarray(vec)
        # The baseline, three ways: `mat @ vg` one call at a time (median
        # of 20, as before: noisy, since CuPy's descriptor set-up and
        # allocation of the result happen between the events), the same
        # in batches of 50 back-to-back calls (median and fastest batch),
        # and cuSPARSE's generic SpMV called explicitly into a
        # preallocated result, batched.
        single = cupy_timer(cp, lambda: mat @ vg)
        batched, fastest = cupy_batch_timer(cp, lambda: mat @ vg)
        say(f"- baseline `mat @ vg`: single calls median {single:.3f} ms; batched median {batched:.3f} ms, "
            f"fastest batch {fastest:.3f} ms")
        try:
            import cupyx.cusparse as cusparse
            yg = cp.empty(rows_n, dtype=cp.float64)
            explicit, explicit_fastest = cupy_batch_timer(cp, lambda: cusparse.spmv(mat, vg, y=yg))
            say(f"- baseline cupyx.cusparse.spmv (generic cuSPARSE SpMV): batched median {explicit:.3f} ms, "
                f"fastest batch {explicit_fastest:.3f} ms")
            del yg
        except Exception as e:  # noqa: BLE001
            explicit = None
            say(f"- baseline cupyx.cusparse.spmv unavailable: {e}")
        # The gathers alone: `take(v, cols)` reads the 32-bit columns, gathers
        # v and writes the products' worth of doubles. cuSPARSE runs at about
        # this cost on all three shapes (an SpMV must gather as it does).
        gathered = cp.empty(nnz, dtype=cp.float64)
        gather_floor, _ = cupy_batch_timer(cp, lambda: cp.take(vg, mat.indices, out=gathered))
        del gathered
        say(f"- the gathers alone, `cp.take(v, cols)`: batched median {gather_floor:.3f} ms")
        base = min(batched, explicit) if explicit else batched
        expected = [nnz, float((mat @ vg).sum())]
        del mat, vg
        # Values once, column indices once (32-bit since storage-width
        # proves them below 2^31; 64-bit with NESSIE_NARROW_INTS=0), 64-bit
        # row offsets once and the result (the vector's gathers are not
        # counted, as for cuSPARSE, whose floor is nnz * (8 + 4) + rows * (4 + 8)).
        moved = nnz * (8 + 4) + rows_n * 8 * 2
        say(f"- traffic floors: nessie (32-bit columns, 64-bit offsets) {moved / 1e6:.0f} MB; "
            f"cuSPARSE (32-bit) {(nnz * 12 + rows_n * 12) / 1e6:.0f} MB: the 64-bit offsets cap the ratio at "
            f"{(nnz * 12 + rows_n * 12) / moved:.3f}x at equal bandwidth")
        # NESSIE_OTHERS="path,...": other nessie binaries (main's, variants)
        # on the same matrices against the same baseline, labelled by path.
        # A variant of a knob (NESSIE_SEG_STREAM=0, NESSIE_SEG_WARP=4, ...)
        # is a two-line script beside the binary, `export KNOB=VALUE` then
        # `exec "$(dirname "$0")/nessie" "$@"`, named in the list.
        others = [o for o in os.environ.get("NESSIE_OTHERS", "").split(",") if o]
        for label, binary in [("", None)] + [(f" [{path}]", path) for path in others]:
            ok, ms = measure(f"SpMV {shape_name} ({nnz} nonzeros){label}", "spmv.nesl", r"smvm", 10, expected, base,
                             "the faster batched baseline", moved, copy_gbps, [("SHAPE", str(shape))], binary)
            if ms:
                say(f"- ratios: batched `mat @ vg` {batched / ms:.3f}x, single calls {single / ms:.3f}x"
                    + (f", explicit cuSPARSE {explicit / ms:.3f}x" if explicit else "")
                    + f"; nessie takes {ms / gather_floor:.3f}x the gathers' time")
            failures += not ok

    if want("norm2"):
        n, reps = 1 << 26, 5
        xs_h = ((rnd(np.arange(n, dtype=np.int64), 7919) % 4096) - 1024) / 1024.0
        s1, s2 = xs_h.sum(), xs_h[xs_h > 0.0].sum()
        expected = [float(xs_h[0] / s1), float(xs_h[-1] / s2)]
        xs = cp.asarray(xs_h)

        def norm2():
            a1 = xs.sum()
            a2 = xs[xs > 0.0].sum()
            return xs / a1, xs / a2

        base_cupy = cupy_timer(cp, norm2)
        del xs
        # The fused floor: one read of xs for both sums, then one read and
        # two writes for both quotients.
        floor_bytes = 4 * n * 8
        floor_ms = floor_bytes / copy_gbps / 1e6
        ok, ms = measure("norm2 of 2^26 floats", "norm2.nesl", r"norm2", reps, expected, floor_ms, "fused traffic floor at the copy ceiling", floor_bytes, copy_gbps)
        failures += not ok
        if ms is not None:
            say(f"- CuPy's five calls: {base_cupy:.3f} ms = {base_cupy / ms:.2f} × nessie's time")

    if want("black_scholes"):
        n, reps = 1 << 25, 5
        src = r"""
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
        kernel = cp.RawKernel(src, "bs")
        call = cp.empty(n, dtype=cp.float64)
        put = cp.empty(n, dtype=cp.float64)
        blocks = (n + 255) // 256
        base = cupy_timer(cp, lambda: kernel((blocks,), (256,), (cp.int64(n), call, put)))
        expected = [float(call.sum()), float(put.sum())]
        del call, put
        # The sums are not part of the hand-fused kernel: only the pricing
        # kernel is compared. exp and log come from two libms: the sums
        # agree within rounding.
        ok, _ = measure("black-scholes, 2^25 options", "black_scholes.nesl", r"(price_batch|black_scholes)", reps, expected, base, "hand-fused CUDA kernel (same arithmetic)", n * 16, copy_gbps)
        failures += not ok
    return failures


if __name__ == "__main__":
    failures = main(sys.argv[1:])
    out_dir = os.environ.get("OUT")
    if out_dir:
        with open(os.path.join(out_dir, "primitives.md"), "w") as f:
            f.write("\n".join(REPORT) + "\n")
    sys.exit(1 if failures else 0)
