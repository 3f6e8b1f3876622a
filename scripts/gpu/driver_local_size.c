/* Issue 10: what work-group size the driver picks when a launch leaves it
   open (local_work_size = NULL), and what that costs a memory-bound map.
   For global sizes with different factors it prints the size the driver
   chose (get_local_size(0), read back from the device) and the device
   time of a copy of n longs and of a gather through ids, once with the
   driver's choice and once with 256 (the global size rounded up):
       gcc -O2 -o /tmp/driver_local_size scripts/gpu/driver_local_size.c -l:libOpenCL.so.1
       /tmp/driver_local_size [N ...]
   (default: sizes near 10^7 that are a prime, a product of two primes,
   7 times a prime, 2^7 5^7). opencl-backend's note [map work-groups]
   quotes its figures.

   Measured on the H100 (best of 5):
            n   driver local    copy NULL     copy 256  gather NULL   gather 256
     10000000      250 x 40000     0.0597 ms    0.0592 ms    0.0899 ms    0.0895 ms
      9999991        1 x 9999991   6.0132 ms    0.0586 ms    6.0125 ms    0.0885 ms
      9999989      223 x 44843     0.0606 ms    0.0589 ms    0.0903 ms    0.0883 ms
      9999997        7 x 1428571   0.8642 ms    0.0596 ms    0.8647 ms    0.0882 ms
      9999999      239 x 41841     0.0604 ms    0.0597 ms    0.0928 ms    0.0885 ms
      9999998        2 x 4999999   3.0101 ms    0.0587 ms    3.0111 ms    0.0874 ms
   (PoCL also takes 1 for 99991: 0.41 ms against 0.027 ms in groups of 256.) */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

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

extern cl_int clGetPlatformIDs(cl_uint, cl_platform_id *, cl_uint *);
extern cl_int clGetDeviceInfo(cl_device_id, cl_uint, size_t, void *, size_t *);
extern cl_int clGetDeviceIDs(cl_platform_id, cl_bitfield, cl_uint, cl_device_id *, cl_uint *);
extern cl_context clCreateContext(const intptr_t *, cl_uint, const cl_device_id *, void *, void *, cl_int *);
extern cl_command_queue clCreateCommandQueue(cl_context, cl_device_id, cl_bitfield, cl_int *);
extern cl_mem clCreateBuffer(cl_context, cl_bitfield, size_t, void *, cl_int *);
extern cl_program clCreateProgramWithSource(cl_context, cl_uint, const char **, const size_t *, cl_int *);
extern cl_int clBuildProgram(cl_program, cl_uint, const cl_device_id *, const char *, void *, void *);
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

#define CHECK(x) do { cl_int e_ = (x); if (e_) { fprintf(stderr, "%s:%d: %s = %d\n", __FILE__, __LINE__, #x, e_); exit(1); } } while (0)

static const char *SOURCE =
"__kernel void shape(long n, __global const long* a, __global const long* ids, __global long* out) {\n"
"    long p = get_global_id(0); if (p == 0) { out[0] = get_local_size(0); out[1] = get_num_groups(0); } }\n"
"__kernel void copy(long n, __global const long* a, __global const long* ids, __global long* out) {\n"
"    long p = get_global_id(0); if (p < n) out[p] = a[p]; }\n"
"__kernel void gather(long n, __global const long* a, __global const long* ids, __global long* out) {\n"
"    long p = get_global_id(0); if (p < n) { long s = ids[p]; out[p] = a[p - s]; } }\n";

static cl_command_queue queue;
static cl_program program;

/* Best of 5 device times in ms; `local` 0 leaves the work-group size to the driver. */
static double run(const char *name, cl_mem *bufs, long n, size_t local) {
    cl_int err;
    cl_kernel k = clCreateKernel(program, name, &err);
    CHECK(err);
    CHECK(clSetKernelArg(k, 0, 8, &n));
    for (int i = 0; i < 3; i++) CHECK(clSetKernelArg(k, i + 1, sizeof(cl_mem), &bufs[i]));
    size_t g = local ? (n + local - 1) / local * local : (size_t)n;
    double best = 1e30;
    for (int r = 0; r < 5; r++) {
        cl_event ev;
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

int main(int argc, char **argv) {
    long defaults[] = {10000000, 9999991, 9999989, 9999997, 9999999, 9999998};
    int count = argc > 1 ? argc - 1 : 6;
    long sizes[64];
    for (int i = 0; i < count && i < 64; i++) sizes[i] = argc > 1 ? atol(argv[i + 1]) : defaults[i];
    long most = 0;
    for (int i = 0; i < count; i++) most = sizes[i] > most ? sizes[i] : most;
    cl_platform_id platforms[8];
    cl_uint np = 0;
    cl_device_id device;
    cl_int err;
    CHECK(clGetPlatformIDs(8, platforms, &np));
    int found = 0;
    for (cl_uint i = 0; i < np && !found; i++)
        found = clGetDeviceIDs(platforms[i], CL_DEVICE_TYPE_GPU, 1, &device, NULL) == 0;
    if (!found) CHECK(clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_ALL, 1, &device, NULL));
    char name[256] = "";
    clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof name, name, NULL);
    printf("# device: %s\n", name);
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    CHECK(err);
    queue = clCreateCommandQueue(ctx, device, CL_QUEUE_PROFILING_ENABLE, &err);
    CHECK(err);
    program = clCreateProgramWithSource(ctx, 1, &SOURCE, NULL, &err);
    CHECK(err);
    CHECK(clBuildProgram(program, 1, &device, "", NULL, NULL));
    long *host = malloc(8 * most);
    for (long i = 0; i < most; i++) host[i] = i % 7;
    cl_mem bufs[3];
    for (int i = 0; i < 3; i++) {
        bufs[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 8 * most, NULL, &err);
        CHECK(err);
        CHECK(clEnqueueWriteBuffer(queue, bufs[i], CL_TRUE, 0, 8 * most, host, 0, NULL, NULL));
    }
    printf("%10s %14s %12s %12s %12s %12s\n", "n", "driver local", "copy NULL", "copy 256", "gather NULL", "gather 256");
    for (int i = 0; i < count; i++) {
        long n = sizes[i];
        run("shape", bufs, n, 0);
        long shape[2];
        CHECK(clEnqueueReadBuffer(queue, bufs[2], CL_TRUE, 0, 16, shape, 0, NULL, NULL));
        double c0 = run("copy", bufs, n, 0), c1 = run("copy", bufs, n, 256);
        double g0 = run("gather", bufs, n, 0), g1 = run("gather", bufs, n, 256);
        printf("%10ld %8ld x %-5ld %9.4f ms %9.4f ms %9.4f ms %9.4f ms\n", n, shape[0], shape[1], c0, c1, g0, g1);
    }
    free(host);
    return 0;
}
