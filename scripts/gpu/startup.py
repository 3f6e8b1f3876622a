#!/usr/bin/env python3
"""Issue 11's start-up row: what `nessie run` adds around a program's own
time on the NVIDIA GPU, cold (empty binary cache) and warm, with a program's
kernels built as one OpenCL program (`NESSIE_PROGRAMS=merged`, the GPU
default) and each on its own (`separate`).

Run on the GPU machine (through the `device` tool) from the repository
root, after registering NVIDIA's ICD (scripts/gpu/run.sh does that):

    python3 scripts/gpu/startup.py [EXAMPLE ...]
    python3 scripts/gpu/startup.py --serve [WORKLOAD ...]

For each example and layout it runs `nessie run EXAMPLE --stats` three
times with a fresh binary cache folder (the first run is cold, the next two
warm) and reports the process's wall time, the phase table of --stats
(front end, flatten, fuse, codegen, opening the device while compiling,
program builds, the host program, closing the device), what is left for
starting and ending the process (wall time minus the table's total), and
the overhead: wall time minus the host program's own phase. The issue's target is an overhead of at most 0.3 s warm.

Beside nessie it times the driver's own floor: scripts/gpu/opencl_floor.c,
the smallest OpenCL program that runs one kernel (platform, context, a
one-line kernel built from source, one launch and read, release), built
with gcc there or taken from $OPENCL_FLOOR, run five times as a whole
process. What nessie adds beyond that floor is the part nessie can cut.

With `--serve` it measures instead what a warm run adds through `nessie
serve`, which keeps the device open: it starts a server, then for each
workload (default: quicksort and quickhull of 10^6 from
scripts/gpu/recursion, examples/sparse_mxv.nesl; `recursion/NAME:SIZE`
names a program of scripts/gpu/recursion with its size) runs it once
locally (filling the binary cache) and once through the server, then three
times each through the server and locally (and with main's binary where
$NESSIE_BASE names one), all with --stats, and reports the wall time minus
the program's own time (the phase `running the host program`).
"""

import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import DEVICE, NESSIE, REPORT, run, say  # noqa: E402

EXAMPLES = ["examples/dotp.nesl", "examples/quicksort.nesl", "examples/quickhull.nesl"]
PHASE = re.compile(r"^(\S.*?)\s+([\d.]+) ms$")


def phases(stderr):
    """The rows of the phase table of --stats, name -> ms, in order."""
    rows, inside = {}, False
    for line in stderr.splitlines():
        if line.startswith("phase"):
            inside = True
            continue
        m = PHASE.match(line)
        if inside and m:
            rows[m.group(1)] = float(m.group(2))
    return rows


def floor_binary():
    """The opencl_floor program: $OPENCL_FLOOR, or built here with gcc."""
    given = os.environ.get("OPENCL_FLOOR")
    if given:
        return given
    target = os.path.join(tempfile.gettempdir(), "opencl_floor")
    here = os.path.dirname(os.path.abspath(__file__))
    code, _, err, _ = run(["gcc", "-O2", "-o", target, os.path.join(here, "opencl_floor.c"), "-l:libOpenCL.so.1"],
                          timeout=120)
    if code != 0:
        say(f"- opencl_floor could not be built: {err.strip()[-300:]}")
        return None
    return target


def driver_floor():
    """Wall ms of five runs of the floor program (the first may be cold)."""
    binary = floor_binary()
    if binary is None:
        return None
    walls = []
    for _ in range(5):
        code, _, err, wall = run([binary], timeout=120)
        if code != 0:
            say(f"- opencl_floor exits {code}: {err.strip()[-300:]}")
            return None
        walls.append(wall * 1e3)
    say("## The driver's floor: the smallest OpenCL program running one kernel (scripts/gpu/opencl_floor.c)")
    say()
    say("runs: " + ", ".join(f"{w:.0f} ms" for w in walls) + f"; its last run's phases:")
    say()
    for line in err.strip().splitlines():
        say(f"    {line}")
    say()
    return min(walls[1:])


def main(selected):
    examples = selected or EXAMPLES
    say("# Start-up of `nessie run` (issue 11, item 8)")
    say()
    say("| example | layout | run | wall | front end | flatten | fuse | codegen | open device | builds | program | close | process start and exit | overhead |")
    say("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    floor = driver_floor()
    warm_overheads = []
    failures = 0
    for example in examples:
        for layout in ("merged", "separate"):
            cache = tempfile.mkdtemp(prefix="nessie-cache-")
            env = {"NESSIE_CACHE_DIR": cache, "NESSIE_PROGRAMS": layout}
            for attempt in ("cold", "warm", "warm"):
                os.environ.update(env)
                code, out, err, wall = run([NESSIE, "run", example, "--device", DEVICE, "--stats"], timeout=300)
                if code != 0:
                    say(f"| {example} | {layout} | {attempt} | exit {code} | {err.strip()[-200:]} |")
                    failures += 1
                    break
                p = phases(err)
                builds = next((v for k, v in p.items() if k.startswith("building programs")), 0.0)
                built = next((k[len("building programs "):] for k in p if k.startswith("building programs")), "")
                program = p.get("running the host program", 0.0)
                cells = [p.get("front end (parse, check)", 0.0), p.get("flatten", 0.0), p.get("fuse", 0.0),
                         p.get("lift and OpenCL code generation", 0.0), p.get("opening the device (at the same time)", 0.0)]
                say(f"| {example} | {layout} | {attempt} | {wall * 1e3:.0f} ms | "
                    + " | ".join(f"{c:.1f}" for c in cells)
                    + f" | {builds:.1f} {built} | {program:.1f} | {p.get('closing the device', 0.0):.1f}"
                    + f" | {wall * 1e3 - p.get('total', 0.0):.0f} | **{wall * 1e3 - program:.0f} ms** |")
                if attempt == "warm" and layout == "merged":
                    warm_overheads.append((example, wall * 1e3 - program))
            shutil.rmtree(cache, ignore_errors=True)
    if floor is not None and warm_overheads:
        say()
        say(f"Warm overhead (merged) against the driver's floor of {floor:.0f} ms (best warm run of opencl_floor):")
        say()
        for example, overhead in warm_overheads:
            say(f"- {example}: {overhead:.0f} ms, of which {overhead - floor:.0f} ms beyond the floor")
    for key in ("NESSIE_CACHE_DIR", "NESSIE_PROGRAMS"):
        os.environ.pop(key, None)
    return failures


SERVE_WORKLOADS = ["recursion/quicksort:1000000", "recursion/quickhull:1000000", "examples/sparse_mxv.nesl"]


def workload_path(workload):
    """A workload's file: `recursion/NAME:SIZE` is scripts/gpu/recursion/NAME.nesl
    with SIZE substituted (as recursion.py does), anything else a path."""
    if ":" not in workload:
        return workload
    name, size = workload.split(":")
    here = os.path.dirname(os.path.abspath(__file__))
    text = open(os.path.join(here, name + ".nesl")).read().replace("SIZE", size)
    path = os.path.join(tempfile.gettempdir(), f"nessie_{name.replace('/', '_')}_{size}.nesl")
    with open(path, "w") as f:
        f.write(text)
    return path


def serve(selected):
    """Warm runs through `nessie serve` against warm local runs: wall time
    minus the program's own time (the phase `running the host program`)."""
    import socket as sockets
    import statistics
    import subprocess
    import time

    workloads = selected or SERVE_WORKLOADS
    base = os.environ.get("NESSIE_BASE")
    cache = tempfile.mkdtemp(prefix="nessie-cache-")
    os.environ["NESSIE_CACHE_DIR"] = cache
    os.environ.pop("NESSIE_SERVER", None)
    sock = os.path.join(tempfile.mkdtemp(prefix="nessie-serve-"), "nessie.sock")
    log = open(os.path.join(tempfile.gettempdir(), "nessie-serve.log"), "w")
    started = time.time()
    server = subprocess.Popen([NESSIE, "serve", "--device", DEVICE, "--socket", sock], stderr=log,
                              stdout=subprocess.DEVNULL)
    while True:
        try:
            probe = sockets.socket(sockets.AF_UNIX)
            probe.connect(sock)
            probe.close()
            break
        except OSError:
            if server.poll() is not None or time.time() - started > 60:
                say(f"- nessie serve did not start: {open(log.name).read()[-500:]}")
                return 1
            time.sleep(0.02)
    say(f"# `nessie run` through `nessie serve` (issue 11, item 8): server up after {(time.time() - started) * 1e3:.0f} ms")
    say()
    say("Overhead: the process's wall time minus the program's own time (`--stats` phase `running the host"
        " program`). Warm: the binary cache filled by a first local run; the server has run the program once.")
    say()
    say("| workload | how | runs: wall / program / overhead (ms) | median overhead |")
    say("|---|---|---|---|")
    failures = 0
    summary = []
    for workload in workloads:
        path = workload_path(workload)
        args = ["run", path, "--device", DEVICE, "--stats"]
        run([NESSIE] + args, timeout=300)  # cold: fills the binary cache
        os.environ["NESSIE_SERVER"] = sock
        run([NESSIE] + args + ["--server"], timeout=300)  # the server's first run of it
        os.environ.pop("NESSIE_SERVER")
        rows = [("served", NESSIE, ["--server"]), ("local", NESSIE, [])]
        if base:
            rows.append(("local (main's binary)", base, []))
        medians = {}
        for how, binary, extra in rows:
            if how == "served":
                os.environ["NESSIE_SERVER"] = sock
            cells, overheads = [], []
            for _ in range(3):
                code, out, err, wall = run([binary] + args + extra, timeout=300)
                if code != 0:
                    cells.append(f"exit {code}: {err.strip()[-200:]}")
                    failures += 1
                    break
                program = phases(err).get("running the host program", 0.0)
                overheads.append(wall * 1e3 - program)
                cells.append(f"{wall * 1e3:.0f} / {program:.0f} / {wall * 1e3 - program:.0f}")
            os.environ.pop("NESSIE_SERVER", None)
            median = statistics.median(overheads) if overheads else float("nan")
            medians[how] = median
            say(f"| {workload} | {how} | " + "; ".join(cells) + f" | **{median:.0f} ms** |")
        summary.append((workload, medians))
    say()
    for workload, medians in summary:
        served, local = medians.get("served"), medians.get("local")
        say(f"- {workload}: overhead served {served:.0f} ms, local {local:.0f} ms"
            + (f" ({local / served:.1f}x less through the server)" if served and served > 0 else ""))
    code, _, err, _ = run([NESSIE, "serve", "--stop", "--socket", sock], timeout=60)
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
    say(f"- `nessie serve --stop`: exit {code}, server exit {server.returncode}")
    log.close()
    shutil.rmtree(cache, ignore_errors=True)
    return failures


if __name__ == "__main__":
    if sys.argv[1:2] == ["--serve"]:
        failures = serve(sys.argv[2:])
    else:
        failures = main(sys.argv[1:])
    out_dir = os.environ.get("OUT")
    if out_dir:
        with open(os.path.join(out_dir, "startup.md"), "w") as f:
            f.write("\n".join(REPORT) + "\n")
    sys.exit(1 if failures else 0)
