#!/usr/bin/env python3
"""Issue 10's recursive programs on the NVIDIA GPU, each against what a
GPU user would call instead, on the same data, in one run.

    python3 scripts/gpu/recursion.py [NAME ...]     (NAME: quicksort, quickhull, primes, collatz)

Each program of scripts/gpu/recursion/ takes its size from the SIZE
placeholder, builds its data from index formulas and times the recursive
function with `time`; the printed values are checked against NumPy (or
SciPy's Qhull). The report gives the program's `time`, the launches, the
blocking device-to-host reads and the kernels' device time from --stats,
and the baseline's time (CUDA events or wall clock), measured in this run.
The `time` is the median of three runs (`NESSIE_RUNS`) without --stats, as users run it
(--stats gives every command a profiling event), each its own process; the
baselines take a warm-up and the median of repeated runs too. A run with
--stats gives the table, and its `time` is reported beside. A variant of
the program that makes its timed call `NESSIE_WARM_CALLS` times in one
process gives the warm figure, timed as the baselines are: the median of
the calls after the first.
"""

import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import DEVICE, NESSIE, REPORT, cupy_timer, numbers, result_line, run, say  # noqa: E402

HERE = "scripts/gpu/recursion"
# Runs of each program without --stats; the median `time` is reported
# (`NESSIE_RUNS`, default 3).
RUNS = max(1, int(os.environ.get("NESSIE_RUNS", "3")))
# Timed calls of the recursive function in one process for the warm
# figure (`NESSIE_WARM_CALLS`, default 6; 0 leaves it out): the first is
# a cold call like the runs above, the median of the others is reported.
WARM_CALLS = int(os.environ.get("NESSIE_WARM_CALLS", "6"))
TIMED = re.compile(r"\((\w+), secs\) = time\((.*)\)$", re.M)


def warm_variant(text, calls):
    """The program with its timed call made `calls` times in one process,
    printing its own result, the lengths of every call's result (so that
    none is dead code) and the list of the calls' times, first to last.

    The baselines are timed warm (a warm-up, then the median of repeated
    calls in one process); the runs of `run_program` are each a fresh
    process, whose first call also pays the buffer pool's first
    allocations and first launches. The later calls here are timed as
    the baselines are."""
    m = TIMED.search(text)
    if m is None or calls < 2:
        return None
    name, expr = m.group(1), m.group(2)
    earlier = [f"(w_{k}, s_{k}) = time({expr});" for k in range(1, calls)]
    body = " ".join(earlier) + f" ({name}, secs) = time({expr})"
    text = text[: m.start()] + body + text[m.end() :]
    # The program's result is `in (VALUES, secs);` on its last lines.
    tail = text.rstrip()
    if not tail.endswith(", secs);"):
        return None
    lengths = " + ".join(f"#w_{k}" for k in range(1, calls))
    times = ", ".join([f"s_{k}" for k in range(1, calls)] + ["secs"])
    return tail[: -len(", secs);")] + f", {lengths}, [{times}]);\n"


def run_warm(name, size, timeout=240):
    """(cold ms, warm ms, every call's ms) of the warm variant, or None."""
    text = warm_variant(open(f"{HERE}/{name}.nesl").read().replace("SIZE", str(size)), WARM_CALLS)
    if text is None:
        return None
    path = f"/tmp/nessie_{name}_{size}_warm.nesl"
    with open(path, "w") as f:
        f.write(text)
    code, out, err, wall = run([NESSIE, "run", path, "--device", DEVICE], timeout=timeout)
    line = result_line(out)
    if code != 0 or line is None:
        return None
    times = [t * 1e3 for t in numbers(line[1][-1])]
    if len(times) != WARM_CALLS:
        return None
    warm = sorted(times[1:])
    return times[0], warm[len(warm) // 2], times
def run_program(name, size, timeout=240):
    text = open(f"{HERE}/{name}.nesl").read().replace("SIZE", str(size))
    path = f"/tmp/nessie_{name}_{size}.nesl"
    with open(path, "w") as f:
        f.write(text)
    # The program's `time` from runs as users run them: `--stats` measures
    # every command's device time with a profiling event, which costs the
    # host per command. Like the baselines (a warm-up, then the median of
    # repeated runs), the median of RUNS runs, each its own process; all
    # are reported. The table (launches, reads, kernel time, memory) comes
    # from a run with `--stats`, whose `time` is reported too.
    times = []
    for _ in range(RUNS):
        code, out, err, wall = run([NESSIE, "run", path, "--device", DEVICE], timeout=timeout)
        plain = result_line(out)
        if code != 0 or plain is None:
            return None, None, {}, wall, (out + err)[-2000:]
        times.append(float(plain[1][-1]))
    code, out, err, wall = run([NESSIE, "run", path, "--device", DEVICE, "--stats"], timeout=timeout)
    line = result_line(out)
    totals = {}
    for row in err.splitlines():
        m = re.match(r"^(total|device-to-host|total transfers)\s+(\d+)\s+([\d.]+) ms", row)
        if m:
            totals[m.group(1)] = (int(m.group(2)), float(m.group(3)))
        m = re.match(r"^peak device memory\s+(\d+) bytes", row)
        if m:
            totals["peak"] = int(m.group(1))
    if code != 0 or line is None:
        return None, None, totals, wall, (out + err)[-2000:]
    if plain[1][:-1] != line[1][:-1]:
        return None, None, totals, wall, f"the runs with and without --stats differ: {plain} / {line}"
    totals["stats_secs"] = float(line[1][-1])
    totals["runs"] = times
    totals["warm"] = run_warm(name, size, timeout)
    return numbers(", ".join(plain[1][:-1])), sorted(times)[len(times) // 2], totals, wall, ""


def row(title, got, expected, secs, totals, wall, err, base_ms, base_name):
    if got is None:
        say(f"### {title}: nessie failed or timed out after {wall:.0f} s\n```\n{err}\n```")
        return False
    ok = len(got) == len(expected) and all(
        (a == b) if isinstance(b, int) else abs(a - b) <= 1e-12 * max(1.0, abs(b)) for a, b in zip(got, expected)
    )
    launches, kernel_ms = totals.get("total", (0, 0.0))
    reads = totals.get("device-to-host", (0, 0.0))[0]
    say(f"### {title}: {'equal' if ok else 'DIFFERENT'} (nessie {got}, reference {expected})")
    say(
        f"- nessie: {secs * 1e3:.2f} ms by `time`, the median of "
        f"{' / '.join(f'{t * 1e3:.2f}' for t in totals.get('runs', []))} ms "
        f"(with `--stats`: {totals.get('stats_secs', 0.0) * 1e3:.2f} ms, "
        f"{kernel_ms:.2f} ms in {launches} launches, {reads} device-to-host "
        f"reads; wall {wall:.1f} s with compilation; peak device memory {totals.get('peak', 0) / 2**20:.0f} MiB); "
        f"{base_name}: {base_ms:.3f} ms; "
        f"**ratio (baseline / nessie) {base_ms / (secs * 1e3):.4f}×**"
    )
    warm = totals.get("warm")
    if warm:
        cold_ms, warm_ms, calls = warm
        say(
            f"- warm, as the baseline is timed: {WARM_CALLS} calls in one process, "
            f"{' / '.join(f'{t:.2f}' for t in calls)} ms; the first (cold) {cold_ms:.2f} ms, "
            f"**the median of the others {warm_ms:.2f} ms, ratio {base_ms / warm_ms:.4f}×**"
        )
    return ok


def main(selected):
    os.environ.setdefault("CUPY_ACCELERATORS", "cub")
    import numpy as np
    import cupy as cp

    say("# Recursive programs on the GPU (issue 10)")
    code, out, _, _ = run(["nvidia-smi", "--query-gpu=name,memory.total,driver_version", "--format=csv,noheader"])
    say(f"GPU: {out.strip()}")
    failures = 0

    def hash_int(i):
        x = (i * 1103515245 + 12345) % 2147483648
        y = x ^ (x >> 11)
        return (y * 1103515245 + 12345) % 2147483648

    def want(name):
        return not selected or name in selected

    if want("quicksort"):
        for n in (10**6, 10**7, 10**8):
            xs_h = hash_int(np.arange(n, dtype=np.int64)) % 1000000000
            s = np.sort(xs_h)
            expected = [int(s[0]), int(s[n // 2]), int(s[-1])]
            xs = cp.asarray(xs_h)
            base = cupy_timer(cp, lambda: cp.sort(xs))
            del xs
            got, secs, totals, wall, err = run_program("quicksort", n)
            failures += not row(f"quicksort of {n} ints", got, expected, secs, totals, wall, err, base,
                                "cupy.sort (CUB radix sort)")

    if want("quickhull"):
        n = 10**7
        i = np.arange(n, dtype=np.int64)
        pts = np.stack([(hash_int(2 * i) % 1048576) / 1048576.0, (hash_int(2 * i + 1) % 1048576) / 1048576.0], 1)
        try:
            from scipy.spatial import ConvexHull

            started = time.time()
            hull = ConvexHull(pts)
            base = (time.time() - started) * 1e3
            expected_count = len(hull.vertices)
        except ImportError:
            base, expected_count = float("nan"), None
        got, secs, totals, wall, err = run_program("quickhull", n)
        # The points lie on a 2^20 grid, so some hull edges hold several
        # points: NESL's quickhull keeps points that Qhull drops as
        # collinear or coincident (at 10^7 points the interpreter also
        # counts 41 where Qhull counts 39). The leftmost vertex (the first
        # point of least x) is checked; the counts are reported.
        first = int(np.argmin(pts[:, 0]))
        expected = [got[0] if got else None, float(pts[first, 0]), float(pts[first, 1])]
        say(f"(hull vertices: nessie {got[0] if got else '-'}, Qhull {expected_count})")
        failures += not row(f"quickhull of {n} points", got, expected, secs, totals, wall, err, base,
                            "SciPy ConvexHull (Qhull, one CPU core, wall)")

    if want("primes"):
        n = 10**8
        sieve = np.ones(n, dtype=bool)
        sieve[:2] = False
        for p in range(2, int(n**0.5) + 1):
            if sieve[p]:
                sieve[p * p :: p] = False
        ps = np.nonzero(sieve)[0]
        expected = [int(ps.size), int(ps[-1]), int(ps.sum())]

        def cupy_sieve():
            flags = cp.ones(n, dtype=cp.bool_)
            flags[:2] = False
            for p in ps[ps <= int(n**0.5)]:
                flags[int(p) * int(p) :: int(p)] = False
            return cp.nonzero(flags)[0]

        base = cupy_timer(cp, cupy_sieve, repeats=3)
        got, secs, totals, wall, err = run_program("primes", n)
        failures += not row(f"primes below {n}", got, expected, secs, totals, wall, err, base, "CuPy sieve")

    if want("collatz"):
        n = 10**6
        src = r"""
        extern "C" __global__ void steps(long long n, long long* out) {
            long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
            if (i >= n) return;
            long long x = i + 1, k = 0;
            while (x != 1) { x = (x % 2 == 0) ? x / 2 : 3 * x + 1; k++; }
            out[i] = k;
        }
        """
        kernel = cp.RawKernel(src, "steps")
        out = cp.empty(n, dtype=cp.int64)
        base = cupy_timer(cp, lambda: kernel(((n + 255) // 256,), (256,), (cp.int64(n), out)))
        expected = [int(out.max()), int(out.sum())]
        got, secs, totals, wall, err = run_program("collatz", n, timeout=120)
        failures += not row(f"Collatz steps of 1..{n}", got, expected, secs, totals, wall, err, base,
                            "a CUDA loop per element")
    return failures


if __name__ == "__main__":
    failures = main(sys.argv[1:])
    out_dir = os.environ.get("OUT")
    if out_dir:
        with open(os.path.join(out_dir, "recursion.md"), "w") as f:
            f.write("\n".join(REPORT) + "\n")
    sys.exit(1 if failures else 0)
