#!/usr/bin/env python3
"""The merge kernel's variants (note [where the merge's time goes] in
crates/opencl-backend/src/codegen/seg_merge.rs) on SpMV's power-law rows
(7e6 rows of 4096/j, spmv.nesl's SHAPE 2), against cuSPARSE (`mat @ v`),
CuPy's gather `take(v, cols)` and a copy on the same device, in one call.

Run on the GPU machine from the repository root, beside bench.py and
primitives/ (copy them with this script into a carried folder):

    NESSIE=path/to/nessie NESSIE_BASE=path/to/main/nessie \
        VARIANTS=nogather,items7 REPEAT=base,mine BUDGET_S=120 \
        python3 merge_variants.py

Each variant is a set of environment variables for NESSIE (the `extra`
table below); "base" is NESSIE_BASE and "mine" NESSIE as they are. Every
variant runs once, then those of REPEAT again in rounds until BUDGET_S
seconds have passed; each run prints the smvm kernels' device time per
call (from --stats), whether the result is NumPy's, and on its first run
the merge kernel's registers and local memory (its PTX, from nessie's
binary cache, loaded through CuPy); PTX names variants whose PTX is kept
in $OUT. The medians come last."""
import glob, os, subprocess, sys, time
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from bench import DEVICE, numbers, result_line, stats_rows  # noqa: E402
START = time.time()
OUT = os.environ.get("OUT", "/tmp/out")
os.makedirs(OUT, exist_ok=True)
LOG = open(os.path.join(OUT, "variants.log"), "a")
def say(s=""):
    print(s, flush=True); LOG.write(s + "\n"); LOG.flush()
NESSIE = os.environ["NESSIE"]; BASE = os.environ["NESSIE_BASE"]
BUDGET = float(os.environ.get("BUDGET_S", "125"))
import numpy as np, cupy as cp
from cupyx.scipy import sparse
def rnd(i, a):
    return (i * a + 12345) % 1000003
rows_n = 7000000
r = np.arange(rows_n, dtype=np.int64)
lengths = 4096 // (1 + rnd(r, 1299709) % 4096)
offsets = np.zeros(rows_n + 1, dtype=np.int64); np.cumsum(lengths, out=offsets[1:])
nnz = int(offsets[-1])
row_of = np.repeat(r, lengths)
k = np.arange(nnz, dtype=np.int64) - offsets[row_of]
cols = (rnd(row_of + 4096 * k, 7919) * 7 + row_of) % rows_n
vals = ((rnd(4096 * row_of + k, 104729) % 2001) - 1000) / 1024.0
del k
vec = 1.0 + 0.25 * (np.arange(rows_n) % 8)
colsg = cp.asarray(cols.astype(np.int32)); valsg = cp.asarray(vals)
mat = sparse.csr_matrix((valsg, colsg, cp.asarray(offsets.astype(np.int32))), shape=(rows_n, rows_n))
vg = cp.asarray(vec)
def batch(fn, b=20, n=7):
    fn(); cp.cuda.Device().synchronize(); ts = []
    for _ in range(n):
        s, e = cp.cuda.Event(), cp.cuda.Event(); s.record()
        for _ in range(b): fn()
        e.record(); e.synchronize(); ts.append(cp.cuda.get_elapsed_time(s, e) / b)
    ts.sort(); return ts[len(ts) // 2]
yg = None
cus = batch(lambda: mat @ vg)
expected = [nnz, float((mat @ vg).sum())]
big = cp.empty(nnz, dtype=cp.float64); big2 = cp.empty(nnz, dtype=cp.float64)
copy = batch(lambda: cp.copyto(big2, big))
gbuf = cp.empty(nnz, dtype=cp.float64)
gather = batch(lambda: cp.take(vg, colsg, out=gbuf))
seqc = cp.arange(nnz, dtype=cp.int32) % rows_n
gather_seq = batch(lambda: cp.take(vg, seqc, out=gbuf))
del seqc
fmul = cp.ElementwiseKernel("T x, raw T v, int32 c", "T y", "y = x * v[c]", "gmul")
gmul = batch(lambda: fmul(valsg, vg, colsg, gbuf))
say("cuSPARSE as `mat @ vg` (batched)"); say(f"device {cp.cuda.runtime.getDeviceProperties(0)['name'].decode()}; nnz {nnz}; setup {time.time()-START:.1f}s")
say(f"cuSPARSE spmv {cus:.3f} ms; copy {nnz*8/1e6:.0f} MB {copy:.3f} ms = {2*nnz*8/copy/1e6:.0f} GB/s; "
    f"take(v, cols) {gather:.3f} ms; take sequential {gather_seq:.3f} ms; vals*v[cols] {gmul:.3f} ms")
del big, big2, gbuf, mat, yg
src = open(os.path.join(HERE, "primitives", "spmv.nesl")).read().replace("SHAPE", "2")
prog = "/tmp/spmv_powerlaw.nesl"; open(prog, "w").write(src)
V = [("base", BASE, {}), ("mine", NESSIE, {})]
extra = {
 "items6": {"NESSIE_MERGE_ITEMS": "6"},
 "nogather": {"NESSIE_MERGE_PROBE": "nogather"},
 "items4": {"NESSIE_MERGE_ITEMS": "4"},
 "items7": {"NESSIE_MERGE_ITEMS": "7"},
 "items16": {"NESSIE_MERGE_ITEMS": "16"},
 "group128": {"NESSIE_MERGE_GROUP": "128"},
 "group64": {"NESSIE_MERGE_GROUP": "64"},
}
for name in os.environ.get("VARIANTS", ",".join(extra)).split(","):
    if name in extra: V.append((name, NESSIE, extra[name]))
results = {n: [] for n, _, _ in V}
seen = set()
def attrs(label, cache):
    for f in glob.glob(cache + "/*.clbin"):
        b = open(f, "rb").read()
        if b"smvm_fused_sum_3" not in b: continue
        m = len(b"nessie OpenCL program binary, format 1\n")
        kl = int.from_bytes(b[m:m + 8], "little"); q = m + 8 + kl
        bl = int.from_bytes(b[q:q + 8], "little"); ptx = b[q + 8:q + 8 + bl].rstrip(b"\x00")
        if b"smvm_fused_sum_3" not in ptx: continue
        path = os.path.join(OUT if label in os.environ.get("PTX", "mine").split(",") else "/tmp", f"{label}.ptx"); open(path, "wb").write(ptx)
        try:
            fn = cp.RawModule(path=path).get_function("smvm_fused_sum_3")
            a = fn.attributes
            return f"regs {a.get('num_regs')} local {a.get('local_size_bytes')} shared {a.get('shared_size_bytes')} maxthreads {a.get('max_threads_per_block')}"
        except Exception as e:  # noqa: BLE001
            return f"(attributes: {str(e)[:120]})"
    return "(no binary)"
rnd_i = 0
while True:
    for label, binary, env in V:
        if time.time() - START > BUDGET: break
        if rnd_i > 0 and label not in os.environ.get("REPEAT", "base,mine").split(","): continue
        cache = f"/tmp/nc_{label}"
        e = dict(os.environ, NESSIE_CACHE_DIR=cache, **env)
        t0 = time.time()
        p = subprocess.run([binary, "run", prog, "--device", DEVICE, "--stats"], capture_output=True, text=True, env=e, timeout=120)
        line = result_line(p.stdout); rows = stats_rows(p.stderr)
        got = numbers(", ".join(line[1][:-1])) if line else None
        ks = [(n, l, ms / 10) for n, l, ms, _, _ in rows if n.startswith("smvm")]
        tot = sum(ms for _, _, ms in ks); results[label].append(tot)
        extra_s = ""
        if label not in seen:
            seen.add(label); extra_s = " | " + attrs(label, cache)
        ok = "ok" if got and abs(got[1] - expected[1]) < 1e-6 * abs(expected[1]) + 1e-6 and got[0] == nnz else f"DIFF {got}"
        say(f"[{label}] {tot:.3f} ms/run ({cus/tot if tot else 0:.3f}x cuSPARSE) {ok} rc {p.returncode} {time.time()-t0:.1f}s: "
            + ", ".join(f"{n} {ms:.3f}" for n, _, ms in ks) + extra_s)
        if p.returncode != 0: say(p.stderr[-1500:])
    rnd_i += 1
    if time.time() - START > BUDGET or rnd_i > 6: break
say("== medians (ms/run of smvm kernels) ==")
for label, xs in results.items():
    if xs:
        xs2 = sorted(xs); m = xs2[len(xs2) // 2]
        say(f"{label}: median {m:.3f} of {len(xs)} {['%.3f' % x for x in xs]}; {cus/m:.3f}x cuSPARSE {cus:.3f}")
