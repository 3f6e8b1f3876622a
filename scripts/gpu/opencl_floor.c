/* The floor under `nessie run`'s start-up (issue 11, item 8): the smallest
   OpenCL program that runs one kernel on the GPU. It finds the platform and
   the device, makes a context and a queue, builds a one-line kernel from
   source, runs it on one work-item, reads the result back, releases
   everything and exits. startup.py times it as a whole process beside
   `nessie run`, so that what the driver costs (initialising CUDA under
   OpenCL, tearing the context down) is told apart from what nessie adds.

   Built with its own declarations of the nine OpenCL calls it makes (the
   GPU machine has the ICD loader but no OpenCL headers):
       gcc -O2 -o /tmp/opencl_floor scripts/gpu/opencl_floor.c -l:libOpenCL.so.1
   Prints each phase's milliseconds on stderr; exit 0 when the kernel wrote
   42. */

#include <stdint.h>
#include <stdio.h>
#include <time.h>

typedef int32_t cl_int;
typedef uint32_t cl_uint;
typedef uint64_t cl_ulong;
typedef cl_ulong cl_bitfield;
typedef cl_bitfield cl_device_type;
typedef cl_bitfield cl_mem_flags;
typedef struct opaque *cl_handle;
typedef cl_handle cl_platform_id, cl_device_id, cl_context, cl_command_queue, cl_mem, cl_program, cl_kernel, cl_event;

#define CL_DEVICE_TYPE_GPU (1 << 2)
#define CL_DEVICE_TYPE_ALL 0xFFFFFFFF
#define CL_MEM_WRITE_ONLY (1 << 1)
#define CL_TRUE 1

extern cl_int clGetPlatformIDs(cl_uint, cl_platform_id *, cl_uint *);
extern cl_int clGetDeviceIDs(cl_platform_id, cl_device_type, cl_uint, cl_device_id *, cl_uint *);
extern cl_context clCreateContext(const intptr_t *, cl_uint, const cl_device_id *, void *, void *, cl_int *);
extern cl_command_queue clCreateCommandQueue(cl_context, cl_device_id, cl_bitfield, cl_int *);
extern cl_mem clCreateBuffer(cl_context, cl_mem_flags, size_t, void *, cl_int *);
extern cl_program clCreateProgramWithSource(cl_context, cl_uint, const char **, const size_t *, cl_int *);
extern cl_int clBuildProgram(cl_program, cl_uint, const cl_device_id *, const char *, void *, void *);
extern cl_kernel clCreateKernel(cl_program, const char *, cl_int *);
extern cl_int clSetKernelArg(cl_kernel, cl_uint, size_t, const void *);
extern cl_int clEnqueueNDRangeKernel(cl_command_queue, cl_kernel, cl_uint, const size_t *, const size_t *,
                                     const size_t *, cl_uint, const cl_event *, cl_event *);
extern cl_int clEnqueueReadBuffer(cl_command_queue, cl_mem, cl_uint, size_t, size_t, void *, cl_uint,
                                  const cl_event *, cl_event *);
extern cl_int clReleaseKernel(cl_kernel);
extern cl_int clReleaseProgram(cl_program);
extern cl_int clReleaseMemObject(cl_mem);
extern cl_int clReleaseCommandQueue(cl_command_queue);
extern cl_int clReleaseContext(cl_context);

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static double mark;
static void phase(const char *name) {
    double t = now_ms();
    fprintf(stderr, "%-28s %8.1f ms\n", name, t - mark);
    mark = t;
}

#define CHECK(what, call)                                                                                  \
    do {                                                                                                   \
        cl_int status_ = (call);                                                                           \
        if (status_ != 0) {                                                                                \
            fprintf(stderr, "opencl_floor: %s failed with %d\n", what, status_);                          \
            return 1;                                                                                      \
        }                                                                                                  \
    } while (0)

int main(void) {
    mark = now_ms();
    cl_platform_id platforms[8];
    cl_uint platform_count = 0;
    CHECK("clGetPlatformIDs", clGetPlatformIDs(8, platforms, &platform_count));
    cl_device_id device = 0;
    for (cl_uint p = 0; p < platform_count && !device; p++) {
        cl_uint n = 0;
        if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_GPU, 1, &device, &n) != 0 || n == 0) device = 0;
    }
    if (!device) {
        cl_uint n = 0;
        CHECK("clGetDeviceIDs", clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_ALL, 1, &device, &n));
    }
    phase("platform and device");
    cl_int err = 0;
    cl_context context = clCreateContext(0, 1, &device, 0, 0, &err);
    CHECK("clCreateContext", err);
    cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
    CHECK("clCreateCommandQueue", err);
    phase("context and queue");
    const char *source = "__kernel void answer(__global int *out) { out[0] = 42; }";
    cl_program program = clCreateProgramWithSource(context, 1, &source, 0, &err);
    CHECK("clCreateProgramWithSource", err);
    CHECK("clBuildProgram", clBuildProgram(program, 1, &device, "", 0, 0));
    cl_kernel kernel = clCreateKernel(program, "answer", &err);
    CHECK("clCreateKernel", err);
    phase("building one kernel");
    cl_mem out = clCreateBuffer(context, CL_MEM_WRITE_ONLY, sizeof(cl_int), 0, &err);
    CHECK("clCreateBuffer", err);
    CHECK("clSetKernelArg", clSetKernelArg(kernel, 0, sizeof(cl_mem), &out));
    size_t global = 1;
    CHECK("clEnqueueNDRangeKernel", clEnqueueNDRangeKernel(queue, kernel, 1, 0, &global, 0, 0, 0, 0));
    cl_int answer = 0;
    CHECK("clEnqueueReadBuffer", clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof answer, &answer, 0, 0, 0));
    phase("one launch and one read");
    clReleaseMemObject(out);
    clReleaseKernel(kernel);
    clReleaseProgram(program);
    clReleaseCommandQueue(queue);
    clReleaseContext(context);
    phase("releasing");
    return answer == 42 ? 0 : 1;
}
