#!/usr/bin/env python3
"""One NESL program's kernels under several nessie binaries, in turn, in
one call: `--stats`' total device time of the kernels (and launches) of
each run, then each binary's median.

    python3 scripts/gpu/ab.py PROGRAM.nesl LABEL=BINARY... [ROUNDS]

Each binary runs once to fill its own binary cache (not counted), then
ROUNDS times (default 5), the binaries alternating within each round, so
that a drift of the device's clock or temperature falls on all alike."""
import os, re, subprocess, sys, tempfile
from statistics import median

DEVICE = os.environ.get("NESSIE_DEVICE", "nvidia")


def kernels(binary, program, cache):
    env = dict(os.environ, NESSIE_CACHE_DIR=cache)
    p = subprocess.run([binary, "run", program, "--device", DEVICE, "--stats"],
                       capture_output=True, text=True, env=env, timeout=300)
    if p.returncode != 0:
        sys.exit(f"{binary} failed (exit {p.returncode}):\n{p.stderr[-2000:]}")
    m = re.search(r"^total\s+(\d+)\s+([\d.]+) ms", p.stderr, re.M)
    return p.stdout.strip(), float(m.group(2)), int(m.group(1))


def main(args):
    program, pairs = args[0], [a.split("=", 1) for a in args[1:] if "=" in a]
    rounds = int(next((a for a in args[1:] if "=" not in a), "5"))
    caches = {label: tempfile.mkdtemp(prefix=f"nc_{label}_") for label, _ in pairs}
    outputs = {label: kernels(b, program, caches[label])[0] for label, b in pairs}
    if len(set(outputs.values())) != 1:
        print("the binaries print different results:", outputs)
    times = {label: [] for label, _ in pairs}
    for r in range(rounds):
        for label, binary in pairs:
            _, ms, launches = kernels(binary, program, caches[label])
            times[label].append(ms)
            print(f"round {r + 1} {label}: {ms:.3f} ms of kernels in {launches} launches", flush=True)
    for label, xs in times.items():
        print(f"{label}: median {median(xs):.3f} ms ({' / '.join(f'{x:.3f}' for x in xs)})")


if __name__ == "__main__":
    main(sys.argv[1:])
