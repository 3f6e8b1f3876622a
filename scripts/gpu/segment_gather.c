/* Issue 10, item 1: why a segmented gather runs at a fraction of the
   bandwidth at quicksort's deep levels. A/B variants of the generated
   `quicksort_gather_8` kernel (the `sorted[0] ++ equal ++ sorted[1]`
   append) and of the filters' pull on one shape, timed with OpenCL
   profiling events (best of REPS):
       gcc -O2 -o /tmp/segment_gather scripts/gpu/segment_gather.c -l:libOpenCL.so.1
       /tmp/segment_gather [N] [MAXLEN]
   N elements in segments of 1..MAXLEN elements (uniform), and once more in
   one segment. Every variant's output is checked against the host's.

   Measured on the H100 (segids branch, 10^7 elements, best of 5, ms):
                         segments of 1..10   1..2     ~500    one
       generated              0.285          0.331    0.188   0.065
       search in 32 bits      0.278          0.329    0.173   0.064
       segment ids given      0.132          0.190    0.101   0.081
       coarse index (+build)  0.167 (+0.010) 0.231    0.112
       window, local memory   0.306          0.360    0.182
       copy                   0.061          0.060    0.060   0.058
   The work-group size (64 to 1024) moves `generated` by under 10 %; the
   L2 flushed before each run and a new output buffer change nothing. The
   search is about half of the kernel; its dependent loads, not its
   arithmetic, cost it. The real quicksort gathers (`--stats`) take about
   1.3 ms per 10^7 elements and level, four to five times this replica. */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int32_t cl_int;
typedef uint32_t cl_uint;
typedef uint64_t cl_ulong;
typedef cl_ulong cl_bitfield;
typedef struct opaque *cl_handle;
typedef cl_handle cl_platform_id, cl_device_id, cl_context, cl_command_queue, cl_mem, cl_program, cl_kernel, cl_event;

#define CL_DEVICE_TYPE_ALL 0xFFFFFFFF
#define CL_DEVICE_TYPE_GPU (1 << 2)
#define CL_DEVICE_NAME 0x102B
#define CL_MEM_READ_WRITE (1 << 0)
#define CL_TRUE 1
#define CL_QUEUE_PROFILING_ENABLE (1 << 1)
#define CL_PROFILING_COMMAND_START 0x1282
#define CL_PROFILING_COMMAND_END 0x1283
#define CL_PROGRAM_BUILD_LOG 0x1183

extern cl_int clGetPlatformIDs(cl_uint, cl_platform_id *, cl_uint *);
extern cl_int clGetDeviceInfo(cl_device_id, cl_uint, size_t, void *, size_t *);
extern cl_int clGetDeviceIDs(cl_platform_id, cl_bitfield, cl_uint, cl_device_id *, cl_uint *);
extern cl_context clCreateContext(const intptr_t *, cl_uint, const cl_device_id *, void *, void *, cl_int *);
extern cl_command_queue clCreateCommandQueue(cl_context, cl_device_id, cl_bitfield, cl_int *);
extern cl_mem clCreateBuffer(cl_context, cl_bitfield, size_t, void *, cl_int *);
extern cl_program clCreateProgramWithSource(cl_context, cl_uint, const char **, const size_t *, cl_int *);
extern cl_int clBuildProgram(cl_program, cl_uint, const cl_device_id *, const char *, void *, void *);
extern cl_int clGetProgramBuildInfo(cl_program, cl_device_id, cl_uint, size_t, void *, size_t *);
extern cl_kernel clCreateKernel(cl_program, const char *, cl_int *);
extern cl_int clSetKernelArg(cl_kernel, cl_uint, size_t, const void *);
extern cl_int clEnqueueNDRangeKernel(cl_command_queue, cl_kernel, cl_uint, const size_t *, const size_t *,
                                     const size_t *, cl_uint, const cl_event *, cl_event *);
extern cl_int clEnqueueReadBuffer(cl_command_queue, cl_mem, cl_uint, size_t, size_t, void *, cl_uint,
                                  const cl_event *, cl_event *);
extern cl_int clEnqueueWriteBuffer(cl_command_queue, cl_mem, cl_uint, size_t, size_t, const void *, cl_uint,
                                   const cl_event *, cl_event *);
extern cl_int clWaitForEvents(cl_uint, const cl_event *);
extern cl_int clGetEventProfilingInfo(cl_event, cl_uint, size_t, void *, size_t *);
extern cl_int clReleaseEvent(cl_event);
extern cl_int clFinish(cl_command_queue);
extern cl_int clReleaseMemObject(cl_mem);

#define CHECK(x) do { cl_int e_ = (x); if (e_) { fprintf(stderr, "%s:%d: %s = %d\n", __FILE__, __LINE__, #x, e_); exit(1); } } while (0)

static const char *SOURCE =
"#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
"static inline long seg_of(__global const long* o, long n, long p) {\n"
"    long lo = 0, hi = n;\n"
"    while (lo < hi) { long mid = lo + (hi - lo) / 2; if (o[mid] <= p) lo = mid + 1; else hi = mid; }\n"
"    return lo > 0 ? lo - 1 : 0;\n"
"}\n"
"static inline int seg_of32(__global const long* o, int n, int p) {\n"
"    int lo = 0, hi = n;\n"
"    while (lo < hi) { int mid = (lo + hi) >> 1; if (o[mid] <= p) lo = mid + 1; else hi = mid; }\n"
"    return lo > 0 ? lo - 1 : 0;\n"
"}\n"
/* The append's body once its segment s is known. */
"#define APPEND(s) \\\n"
"    long w = p - off[s]; long start = st0[s]; long len = ln0[s]; long start_1 = st1[s]; long len_1 = ln1[s];\\\n"
"    long start_2 = st2[s]; long len_2 = ln2[s]; long e = len_1 + len_2; int c = w < e; int c_1 = w < len_1;\\\n"
"    long q = c_1 ? start_1 + w : (c ? start_2 + (w - len_1) : start + (w - e));\\\n"
"    out[p] = (c_1 || !c) ? a[q] : b[q];\n"
"#define ARGS long n, __global const long* off, long nseg, __global const long* st0, __global const long* ln0, "
"__global const long* st1, __global const long* ln1, __global const long* st2, __global const long* ln2, "
"__global const long* a, __global const long* b, __global long* out, __global const int* ids\n"
/* A coarse index: the segment of every 256th position (one search each), then each position searched
   between its block's segment and the next block's. */
"__kernel void coarse_build(ARGS, __global int* coarse) { long k = get_global_id(0); if (k * 256 < n) coarse[k] = (int)seg_of(off, nseg, k * 256); }\n"
"__kernel void coarse_gather(ARGS, __global const int* coarse) { long p = get_global_id(0); if (p < n) { long k = p >> 8;\n"
"    long lo = coarse[k], hi = (k + 1) * 256 < n ? coarse[k + 1] + 1 : nseg;\n"
"    while (lo < hi) { long mid = lo + (hi - lo) / 2; if (off[mid] <= p) lo = mid + 1; else hi = mid; }\n"
"    long s = lo > 0 ? lo - 1 : 0; APPEND(s) } }\n"
"__kernel void flush(__global long* x, long n) { long p = get_global_id(0); if (p < n) x[p] = x[p] + 1; }\n"
"__kernel void copy(ARGS) { long p = get_global_id(0); if (p < n) out[p] = a[p]; }\n"
"__kernel void generated(ARGS) { long p = get_global_id(0); if (p < n) { long s = seg_of(off, nseg, p); APPEND(s) } }\n"
"__kernel void search32(ARGS) { long p = get_global_id(0); if (p < n) { long s = seg_of32(off, (int)nseg, (int)p); APPEND(s) } }\n"
"__kernel void given_ids(ARGS) { long p = get_global_id(0); if (p < n) { long s = ids[p]; APPEND(s) } }\n"
"__kernel void given_ids32(ARGS) { int p = get_global_id(0); if (p < n) { int s = ids[p];\n"
"    int w = p - (int)off[s]; int start = st0[s]; int len = ln0[s]; int start_1 = st1[s]; int len_1 = ln1[s];\n"
"    int start_2 = st2[s]; int len_2 = ln2[s]; int e = len_1 + len_2; int c = w < e; int c_1 = w < len_1;\n"
"    int q = c_1 ? start_1 + w : (c ? start_2 + (w - len_1) : start + (w - e));\n"
"    out[p] = (c_1 || !c) ? a[q] : b[q]; } }\n"
/* The search alone: the value read at p (a copy) once the search is done. */
"__kernel void search_only(ARGS) { long p = get_global_id(0); if (p < n) { long s = seg_of(off, nseg, p); out[p] = a[p] + (s & 1) * 0 + (s < 0); } }\n"
/* The per-segment loads alone: the ids given, then the 7 loads (no value read). */
"__kernel void segloads_only(ARGS) { long p = get_global_id(0); if (p < n) { long s = ids[p];\n"
"    out[p] = off[s] + st0[s] + ln0[s] + st1[s] + ln1[s] + st2[s] + ln2[s] + a[p]; } }\n"
/* The builders of the ids: a search per element, or a loop per segment. */
"__kernel void build_search(ARGS, __global int* ids_out) { long p = get_global_id(0); if (p < n) ids_out[p] = (int)seg_of(off, nseg, p); }\n"
"__kernel void build_loop(ARGS, __global int* ids_out) { long s = get_global_id(0); if (s < nseg) {\n"
"    long e = s + 1 < nseg ? off[s + 1] : n; for (long p = off[s]; p < e; p++) ids_out[p] = (int)s; } }\n"
/* heads: ids_out[off[s]] = s for each nonempty s (ids_out zero before), then a max-scan. */
"__kernel void build_heads(ARGS, __global int* ids_out) { long s = get_global_id(0); if (s < nseg) {\n"
"    long e = s + 1 < nseg ? off[s + 1] : n; if (off[s] < e) ids_out[off[s]] = (int)s; } }\n"
"__kernel void zero(ARGS, __global int* ids_out) { long p = get_global_id(0); if (p < n) ids_out[p] = 0; }\n"
/* A window per work-group: the group's first and last segments by one search each, then a search in the window. */
"__kernel void windowed(ARGS) { __local long bounds[2]; long p = get_global_id(0); long g0 = get_group_id(0) * get_local_size(0);\n"
"    if (get_local_id(0) == 0) { bounds[0] = seg_of(off, nseg, g0); long last = g0 + get_local_size(0) - 1; bounds[1] = seg_of(off, nseg, last < n ? last : n - 1) + 1; }\n"
"    barrier(CLK_LOCAL_MEM_FENCE);\n"
"    if (p < n) { long lo = bounds[0], hi = bounds[1]; while (lo < hi) { long mid = lo + (hi - lo) / 2; if (off[mid] <= p) lo = mid + 1; else hi = mid; }\n"
"    long s = lo > 0 ? lo - 1 : 0; APPEND(s) } }\n"
/* A window per work-group in local memory: the group's first and last segments by two searches, the offsets
   between them loaded coalesced, each position searched there (the global search past WIN segments). */
"#define WIN 1024\n"
"__kernel void local_window(ARGS) { __local long win[WIN]; __local long bounds[2]; long p = get_global_id(0); long l = get_local_id(0);\n"
"    long g0 = get_group_id(0) * get_local_size(0); long last = g0 + get_local_size(0) - 1; if (last >= n) last = n - 1;\n"
"    if (l < 2) bounds[l] = seg_of(off, nseg, l == 0 ? g0 : last);\n"
"    barrier(CLK_LOCAL_MEM_FENCE);\n"
"    long s0 = bounds[0], cnt = bounds[1] - bounds[0] + 1;\n"
"    if (cnt <= WIN) for (long i = l; i < cnt; i += get_local_size(0)) win[i] = off[s0 + i];\n"
"    barrier(CLK_LOCAL_MEM_FENCE);\n"
"    if (p < n) { long s; if (cnt <= WIN) { long lo = 0, hi = cnt; while (lo < hi) { long mid = (lo + hi) >> 1; if (win[mid] <= p) lo = mid + 1; else hi = mid; } s = s0 + lo - 1; }\n"
"    else s = seg_of(off, nseg, p); APPEND(s) } }\n";

static cl_context ctx;
static cl_command_queue queue;
static cl_program program;
static int reps = 7;
/* Cold: before each timed run, a kernel rewrites FLUSH_LONGS longs (256 MiB, five times the H100's L2). */
static int cold = 0;
static cl_mem flush_buf;
static cl_kernel flush_kernel;
#define FLUSH_LONGS (32L << 20)

static double launch(const char *name, cl_mem *bufs, int nbufs, long n, long nseg, size_t global, size_t local) {
    cl_int err;
    cl_kernel k = clCreateKernel(program, name, &err);
    CHECK(err);
    int arg = 0;
    CHECK(clSetKernelArg(k, arg++, 8, &n));
    CHECK(clSetKernelArg(k, arg++, sizeof(cl_mem), &bufs[0]));
    CHECK(clSetKernelArg(k, arg++, 8, &nseg));
    for (int i = 1; i < nbufs; i++) CHECK(clSetKernelArg(k, arg++, sizeof(cl_mem), &bufs[i]));
    size_t g = global;
    if (local) g = (global + local - 1) / local * local;
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        cl_event ev;
        if (cold) {
            size_t fg = FLUSH_LONGS;
            CHECK(clEnqueueNDRangeKernel(queue, flush_kernel, 1, NULL, &fg, NULL, 0, NULL, NULL));
        }
        CHECK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, local ? &local : NULL, 0, NULL, &ev));
        CHECK(clWaitForEvents(1, &ev));
        cl_ulong t0, t1;
        CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &t0, NULL));
        CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &t1, NULL));
        clReleaseEvent(ev);
        double ms = (t1 - t0) / 1e6;
        if (ms < best) best = ms;
    }
    return best;
}

static cl_mem upload(const void *data, size_t bytes) {
    cl_int err;
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes ? bytes : 8, NULL, &err);
    CHECK(err);
    if (data && bytes) CHECK(clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, bytes, data, 0, NULL, NULL));
    return m;
}

static uint64_t rng = 88172645463325252ULL;
static uint64_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

static void shape(long n, long maxlen) {
    /* Segments of 1..maxlen (maxlen 0: one segment), each cut into three parts. */
    long cap = maxlen ? n : 1;
    long *off = malloc(8 * (cap + 1)), *st0 = malloc(8 * cap), *ln0 = malloc(8 * cap), *st1 = malloc(8 * cap),
         *ln1 = malloc(8 * cap), *st2 = malloc(8 * cap), *ln2 = malloc(8 * cap);
    long nseg = 0, at = 0, a_at = 0, b_at = 0;
    while (at < n) {
        long len = maxlen ? 1 + (long)(next() % maxlen) : n;
        if (len > n - at) len = n - at;
        long l1 = (long)(next() % (len + 1)), l2 = (long)(next() % (len - l1 + 1)), l0 = len - l1 - l2;
        off[nseg] = at;
        /* sorted (a) holds lesser and greater of each segment in turn; equal (b) its own. */
        st1[nseg] = a_at; ln1[nseg] = l1; a_at += l1;
        st0[nseg] = a_at; ln0[nseg] = l0; a_at += l0;
        st2[nseg] = b_at; ln2[nseg] = l2; b_at += l2;
        nseg++;
        at += len;
    }
    long *a = malloc(8 * n), *b = malloc(8 * n), *want = malloc(8 * n), *got = malloc(8 * n);
    int *ids = malloc(4 * n);
    for (long i = 0; i < n; i++) { a[i] = (long)(next() >> 1); b[i] = (long)(next() >> 1); }
    for (long s = 0; s < nseg; s++) {
        long e = s + 1 < nseg ? off[s + 1] : n;
        for (long p = off[s]; p < e; p++) {
            long w = p - off[s];
            ids[p] = (int)s;
            want[p] = w < ln1[s] ? a[st1[s] + w] : w < ln1[s] + ln2[s] ? b[st2[s] + w - ln1[s]] : a[st0[s] + w - ln1[s] - ln2[s]];
        }
    }
    cl_mem bufs[12];
    bufs[0] = upload(off, 8 * nseg);
    bufs[1] = upload(st0, 8 * nseg); bufs[2] = upload(ln0, 8 * nseg); bufs[3] = upload(st1, 8 * nseg);
    bufs[4] = upload(ln1, 8 * nseg); bufs[5] = upload(st2, 8 * nseg); bufs[6] = upload(ln2, 8 * nseg);
    bufs[7] = upload(a, 8 * n); bufs[8] = upload(b, 8 * n); bufs[9] = upload(NULL, 8 * n); bufs[10] = upload(ids, 4 * n);
    bufs[11] = upload(NULL, 4 * n);
    double per_seg = 7.0 * 8 * nseg / n;
    printf("## n = %ld, %ld segments (mean length %.2f), maxlen %ld; per-segment arrays %.1f B/element, offsets %.0f MB\n",
           n, nseg, (double)n / nseg, maxlen, per_seg, 8.0 * nseg / 1e6);
    printf("%-16s %6s %10s %10s  %s\n", "variant", "local", "ms", "GB/s*", "(GB/s*: 16 B per element, a copy's bytes)");
    const char *checked[] = {"generated", "search32", "given_ids", "given_ids32", "windowed", "local_window"};
    size_t locals[] = {0, 64, 128, 256, 512, 1024};
    for (int v = 0; v < 6; v++) {
        for (int li = 0; li < 6; li++) {
            if (strcmp(checked[v], "generated") && li != 0 && li != 3) continue;
            size_t local = locals[li];
            if ((!strcmp(checked[v], "windowed") || !strcmp(checked[v], "local_window")) && !local) continue;
            memset(got, 0, 8 * n);
            CHECK(clEnqueueWriteBuffer(queue, bufs[9], CL_TRUE, 0, 8 * n, got, 0, NULL, NULL));
            double ms = launch(checked[v], bufs, 11, n, nseg, n, local);
            CHECK(clEnqueueReadBuffer(queue, bufs[9], CL_TRUE, 0, 8 * n, got, 0, NULL, NULL));
            long bad = 0;
            for (long i = 0; i < n; i++) bad += got[i] != want[i];
            printf("%-16s %6zu %10.4f %10.1f  %s\n", checked[v], local, ms, 16.0 * n / ms / 1e6, bad ? "WRONG" : "ok");
        }
    }
    const char *plain[] = {"copy", "search_only", "segloads_only"};
    for (int v = 0; v < 3; v++) {
        double ms = launch(plain[v], bufs, 11, n, nseg, n, 256);
        printf("%-16s %6d %10.4f %10.1f\n", plain[v], 256, ms, 16.0 * n / ms / 1e6);
    }
    /* The same kernels with the L2 flushed before each run, as in a program where every kernel reads what
       the one before it wrote long ago; then once into a freshly created output buffer, never touched. */
    const char *again[] = {"copy", "generated", "given_ids", "search_only", "segloads_only"};
    cold = 1;
    for (int v = 0; v < 5; v++) {
        double ms = launch(again[v], bufs, 11, n, nseg, n, 256);
        printf("%-16s %6s %10.4f %10.1f  (L2 flushed first)\n", again[v], "256", ms, 16.0 * n / ms / 1e6);
    }
    cold = 0;
    for (int v = 0; v < 2; v++) {
        cl_mem keep = bufs[9];
        bufs[9] = upload(NULL, 8 * n);
        int saved = reps;
        reps = 1;
        double first = launch(again[v], bufs, 11, n, nseg, n, 256);
        double second = launch(again[v], bufs, 11, n, nseg, n, 256);
        reps = saved;
        printf("%-16s %6s %10.4f %10.4f  (into a new output buffer: first run, second run)\n", again[v], "256", first, second);
        clReleaseMemObject(bufs[9]);
        bufs[9] = keep;
    }
    {
        /* The coarse index (4 B per 256 elements) and the gather through it, warm then cold. */
        long nb = (n + 255) / 256;
        cl_mem coarse = upload(NULL, 4 * nb);
        cl_mem cb[12];
        memcpy(cb, bufs, sizeof cb);
        cb[11] = coarse;
        double build = launch("coarse_build", cb, 12, n, nseg, nb, 256);
        memset(got, 0, 8 * n);
        CHECK(clEnqueueWriteBuffer(queue, bufs[9], CL_TRUE, 0, 8 * n, got, 0, NULL, NULL));
        double warm = launch("coarse_gather", cb, 12, n, nseg, n, 256);
        cold = 1;
        double chill = launch("coarse_gather", cb, 12, n, nseg, n, 256);
        cold = 0;
        CHECK(clEnqueueReadBuffer(queue, bufs[9], CL_TRUE, 0, 8 * n, got, 0, NULL, NULL));
        long bad = 0;
        for (long i = 0; i < n; i++) bad += got[i] != want[i];
        printf("%-16s %6s %10.4f %10.4f %10.4f  (build, gather warm, gather cold) %s\n", "coarse_index", "256", build, warm, chill,
               bad ? "WRONG" : "ok");
        clReleaseMemObject(coarse);
    }
    const char *builders[] = {"build_search", "build_loop", "zero", "build_heads"};
    for (int v = 0; v < 4; v++) {
        long items = (v == 1 || v == 3) ? nseg : n;
        double ms = launch(builders[v], bufs, 12, n, nseg, items, 256);
        int *gi = malloc(4 * n);
        CHECK(clEnqueueReadBuffer(queue, bufs[11], CL_TRUE, 0, 4 * n, gi, 0, NULL, NULL));
        long bad = 0;
        if (v < 2) for (long i = 0; i < n; i++) bad += gi[i] != ids[i];
        free(gi);
        printf("%-16s %6d %10.4f %10.1f  %s\n", builders[v], 256, ms, 4.0 * n / ms / 1e6, v < 2 ? (bad ? "WRONG" : "ok") : "(GB/s: 4 B per element)");
    }
    fflush(stdout);
    free(off); free(st0); free(ln0); free(st1); free(ln1); free(st2); free(ln2); free(a); free(b); free(want); free(got); free(ids);
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 10000000;
    long maxlen = argc > 2 ? atol(argv[2]) : 10;
    cl_platform_id platform;
    cl_device_id device;
    cl_int err;
    /* The first GPU of any platform (the machine may have PoCL too), else the first device. */
    cl_platform_id platforms[8];
    cl_uint np = 0;
    CHECK(clGetPlatformIDs(8, platforms, &np));
    int found = 0;
    for (cl_uint i = 0; i < np && !found; i++)
        if (clGetDeviceIDs(platforms[i], CL_DEVICE_TYPE_GPU, 1, &device, NULL) == 0) { platform = platforms[i]; found = 1; }
    if (!found) { platform = platforms[0]; CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL)); }
    char name[256] = "";
    clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof name, name, NULL);
    printf("# device: %s\n", name);
    ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    CHECK(err);
    queue = clCreateCommandQueue(ctx, device, CL_QUEUE_PROFILING_ENABLE, &err);
    CHECK(err);
    program = clCreateProgramWithSource(ctx, 1, &SOURCE, NULL, &err);
    CHECK(err);
    if (clBuildProgram(program, 1, &device, "", NULL, NULL)) {
        static char log[65536];
        clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "%s\n", log);
        return 1;
    }
    if (getenv("REPS")) reps = atoi(getenv("REPS"));
    flush_buf = upload(NULL, 8 * FLUSH_LONGS);
    flush_kernel = clCreateKernel(program, "flush", &err);
    CHECK(err);
    long flush_n = FLUSH_LONGS;
    CHECK(clSetKernelArg(flush_kernel, 0, sizeof(cl_mem), &flush_buf));
    CHECK(clSetKernelArg(flush_kernel, 1, 8, &flush_n));
    shape(n, maxlen);
    for (int i = 3; i < argc; i++) shape(n, atol(argv[i]));
    return 0;
}
