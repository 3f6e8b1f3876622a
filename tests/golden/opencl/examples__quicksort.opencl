// ===== index_map.cl =====
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif

/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif

static inline long index_map_pull_iseq(long i) {
    return i;
}

__kernel void index_map_iseq(long t_1, __global long* iseq) {
    const long gid = get_global_id(0);
    if (gid < t_1) {
        long pull_iseq_r = index_map_pull_iseq(gid);
        iseq[gid] = pull_iseq_r;
    }
}


// ===== main_map.cl =====
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif

/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif

static inline long main_map_pull_data(long i, __global const long* i_1) {
    long x = i_1[i];
    long x_1 = nessie_rem(nessie_add(nessie_mul(x, 1103515245L), 12345L), 2147483648L);
    long x_2 = x_1 ^ nessie_shr(x_1, 11L);
    return nessie_rem(nessie_rem(nessie_add(nessie_mul(x_2, 1103515245L), 12345L), 2147483648L), 1000000L);
}

__kernel void main_map_data(long n_i, __global const long* i_0, __global long* data) {
    const long gid = get_global_id(0);
    if (gid < n_i) {
        long pull_data_r = main_map_pull_data(gid, i_0);
        data[gid] = pull_data_r;
    }
}


// ===== quicksort_elt.cl =====
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif

/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif

static inline long quicksort_elt_once_pivot(long t, __global const long* s, long s_len, __global long* err) {
    if (t < 0L || t >= s_len) {
        nessie_fail(err, 1, 1, t, s_len);
        return 0L;
    }
    return s[t];
}

__kernel void quicksort_elt_pivot(long t, __global const long* s, long n_s, __global long* pivot, __global long* err) {
    if (nessie_failed(err)) return;
    const long gid = get_global_id(0);
    if (gid < 1) {
        long once_pivot_r = quicksort_elt_once_pivot(t, s, n_s, err);
        pivot[0] = once_pivot_r;
    }
}


// ===== quicksort_gather.cl =====
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif

/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif

static inline long quicksort_gather_pull_v_elements(long p, __global const long* v_offsets, long v_offsets_len, __global const long* lesser, __global const long* greater) {
    long s = nessie_segment_of(v_offsets, v_offsets_len, p);
    long q = nessie_sub(p, v_offsets[s]);
    return s == 0L ? lesser[q] : greater[q];
}

__kernel void quicksort_gather_v_elements(long t_1, __global const long* v_offsets, long n_v_offsets, __global const long* lesser, __global const long* greater, __global long* v_elements) {
    const long gid = get_global_id(0);
    if (gid < t_1) {
        long pull_v_elements_r = quicksort_gather_pull_v_elements(gid, v_offsets, n_v_offsets, lesser, greater);
        v_elements[gid] = pull_v_elements_r;
    }
}


// ===== quicksort_gather_3.cl =====
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif

/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif

static inline long quicksort_gather_3_pull_s_elements(long p, __global const long* s_offsets, long s_offsets_len, __global const long* then_instances, __global const long* s_offsets_1, __global const long* s_elements) {
    long s = nessie_segment_of(s_offsets, s_offsets_len, p);
    long r = then_instances[s];
    long q = nessie_add(s_offsets_1[r], nessie_sub(p, s_offsets[s]));
    return s_elements[q];
}

__kernel void quicksort_gather_3_s_elements(long total_1, __global const long* s_offsets_0, long n_s_offsets, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global long* s_elements_9) {
    const long gid = get_global_id(0);
    if (gid < total_1) {
        long pull_s_elements_r = quicksort_gather_3_pull_s_elements(gid, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3);
        s_elements_9[gid] = pull_s_elements_r;
    }
}


// ===== quicksort_gather_7.cl =====
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif

/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif

static inline long quicksort_gather_7_pull_v_elements(long p, __global const long* v_offsets, long v_offsets_len, __global const long* lesser_offsets, __global const long* greater_offsets, __global const long* lesser_elements, __global const long* greater_elements) {
    long s = nessie_segment_of(v_offsets, v_offsets_len, p);
    long c = nessie_rem(s, 2L);
    long r = nessie_div(s, 2L);
    long q = nessie_add(c == 0L ? lesser_offsets[r] : greater_offsets[r], nessie_sub(p, v_offsets[s]));
    return c == 0L ? lesser_elements[q] : greater_elements[q];
}

__kernel void quicksort_gather_7_v_elements(long total_1, __global const long* v_offsets, long n_v_offsets, __global const long* lesser_offsets, __global const long* greater_offsets, __global const long* lesser_elements, __global const long* greater_elements, __global long* v_elements) {
    const long gid = get_global_id(0);
    if (gid < total_1) {
        long pull_v_elements_r = quicksort_gather_7_pull_v_elements(gid, v_offsets, n_v_offsets, lesser_offsets, greater_offsets, lesser_elements, greater_elements);
        v_elements[gid] = pull_v_elements_r;
    }
}


// ===== quicksort_gather_8.cl =====
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif

/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif

static inline long quicksort_gather_8_pull_sorted_elements_elements(long p, __global const long* offsets, long offsets_len, __global const long* starts, __global const long* lengths, __global const long* equal_offsets, __global const long* equal_lengths, __global const long* sorted_elements_elements, __global const long* equal_elements) {
    long s = nessie_segment_of(offsets, offsets_len, p);
    long w = nessie_sub(p, offsets[s]);
    long start = starts[s];
    long len = lengths[s];
    long start_1 = equal_offsets[s];
    long len_1 = equal_lengths[s];
    int c = w < len;
    long q = c ? nessie_add(start, w) : nessie_add(start_1, nessie_sub(w, len));
    return c ? sorted_elements_elements[q] : equal_elements[q];
}

__kernel void quicksort_gather_8_sorted_elements_elements(long total_1, __global const long* offsets, long n_offsets, __global const long* starts, __global const long* lengths, __global const long* equal_offsets, __global const long* equal_lengths, __global const long* sorted_elements_elements_5, __global const long* equal_elements, __global long* sorted_elements_elements_17) {
    const long gid = get_global_id(0);
    if (gid < total_1) {
        long pull_sorted_elements_elements_r = quicksort_gather_8_pull_sorted_elements_elements(gid, offsets, n_offsets, starts, lengths, equal_offsets, equal_lengths, sorted_elements_elements_5, equal_elements);
        sorted_elements_elements_17[gid] = pull_sorted_elements_elements_r;
    }
}


// ===== quicksort_gather_11.cl =====
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif

/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif

static inline long quicksort_gather_11_pull_s_elements(long p, __global const long* s_offsets, long s_offsets_len, __global const uchar* mapped, __global const long* rank, __global const long* s_offsets_1, __global const long* offsets, __global const long* s_elements, __global const long* sorted_elements_elements) {
    long s = nessie_segment_of(s_offsets, s_offsets_len, p);
    int f = (int)mapped[s];
    long r = rank[s];
    long r_1 = f ? r : nessie_sub(s, r);
    long q = nessie_add(f ? s_offsets_1[r_1] : offsets[r_1], nessie_sub(p, s_offsets[s]));
    return f ? s_elements[q] : sorted_elements_elements[q];
}

__kernel void quicksort_gather_11_s_elements(long total_1, __global const long* s_offsets_0, long n_s_offsets, __global const uchar* mapped, __global const long* rank, __global const long* s_offsets_3, __global const long* offsets, __global const long* s_elements_5, __global const long* sorted_elements_elements, __global long* s_elements_14) {
    const long gid = get_global_id(0);
    if (gid < total_1) {
        long pull_s_elements_r = quicksort_gather_11_pull_s_elements(gid, s_offsets_0, n_s_offsets, mapped, rank, s_offsets_3, offsets, s_elements_5, sorted_elements_elements);
        s_elements_14[gid] = pull_s_elements_r;
    }
}


// ===== quicksort_gather_12.cl =====
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif

/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif

static inline long quicksort_gather_12_pull_sorted_elements(long p, long start, __global const long* sorted_elements) {
    long q = nessie_add(start, p);
    return sorted_elements[q];
}

__kernel void quicksort_gather_12_sorted_elements(long length_1, long start, __global const long* sorted_elements_1, __global long* sorted_elements_5) {
    const long gid = get_global_id(0);
    if (gid < length_1) {
        long pull_sorted_elements_r = quicksort_gather_12_pull_sorted_elements(gid, start, sorted_elements_1);
        sorted_elements_5[gid] = pull_sorted_elements_r;
    }
}


// ===== quicksort_gather_13.cl =====
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif

/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif

static inline long quicksort_gather_13_pull_sorted_elements(long p, long n_sorted_elements, __global const long* sorted_elements, __global const long* equal) {
    int c = p < n_sorted_elements;
    long q = c ? p : nessie_sub(p, n_sorted_elements);
    return c ? sorted_elements[q] : equal[q];
}

__kernel void quicksort_gather_13_sorted_elements(long t_1, long n_sorted_elements, __global const long* sorted_elements_1, __global const long* equal, __global long* sorted_elements_7) {
    const long gid = get_global_id(0);
    if (gid < t_1) {
        long pull_sorted_elements_r = quicksort_gather_13_pull_sorted_elements(gid, n_sorted_elements, sorted_elements_1, equal);
        sorted_elements_7[gid] = pull_sorted_elements_r;
    }
}


// ===== take_gather.cl =====
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif

/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif

static inline long take_gather_pull_s(long p, __global const long* s) {
    return s[p];
}

__kernel void take_gather_s(long n_2, __global const long* s_0, __global long* s_3) {
    const long gid = get_global_id(0);
    if (gid < n_2) {
        long pull_s_r = take_gather_pull_s(gid, s_0);
        s_3[gid] = pull_s_r;
    }
}


// ===== quicksort_filter_fused.cl =====
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif

/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif

static inline long quicksort_filter_fused_flag_lesser(long i, __global const long* s, long pivot) {
    long x = s[i];
    return x < pivot ? 1L : 0L;
}

static inline long quicksort_filter_fused_add_lesser(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_filter_fused_count_lesser(__global const long* lesser_positions, long lesser_positions_len, __global const long* s, long pivot) {
    long t;
    if (lesser_positions_len > 0L) {
        long i = nessie_sub(lesser_positions_len, 1L);
        long x = s[i];
        t = nessie_add(lesser_positions[nessie_sub(lesser_positions_len, 1L)], x < pivot ? 1L : 0L);
    } else {
        t = 0L;
    }
    return t;
}

static inline long quicksort_filter_fused_target_lesser(long i, __global const long* s, long pivot, __global const long* lesser_positions) {
    long x = s[i];
    return (x < pivot ? 1L : 0L) != 0L ? lesser_positions[i] : -1L;
}

static inline long quicksort_filter_fused_pull_lesser(long i, __global const long* s) {
    return s[i];
}

static inline long quicksort_filter_fused_flag_equal(long i, __global const long* s, long pivot) {
    long x = s[i];
    return x == pivot ? 1L : 0L;
}

static inline long quicksort_filter_fused_add_equal(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_filter_fused_count_equal(__global const long* equal_positions, long equal_positions_len, __global const long* s, long pivot) {
    long t;
    if (equal_positions_len > 0L) {
        long i = nessie_sub(equal_positions_len, 1L);
        long x = s[i];
        t = nessie_add(equal_positions[nessie_sub(equal_positions_len, 1L)], x == pivot ? 1L : 0L);
    } else {
        t = 0L;
    }
    return t;
}

static inline long quicksort_filter_fused_target_equal(long i, __global const long* s, long pivot, __global const long* equal_positions) {
    long x = s[i];
    return (x == pivot ? 1L : 0L) != 0L ? equal_positions[i] : -1L;
}

static inline long quicksort_filter_fused_pull_equal(long i, __global const long* s) {
    return s[i];
}

static inline long quicksort_filter_fused_flag_greater(long i, __global const long* s, long pivot) {
    long x = s[i];
    return x > pivot ? 1L : 0L;
}

static inline long quicksort_filter_fused_add_greater(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_filter_fused_count_greater(__global const long* greater_positions, long greater_positions_len, __global const long* s, long pivot) {
    long t;
    if (greater_positions_len > 0L) {
        long i = nessie_sub(greater_positions_len, 1L);
        long x = s[i];
        t = nessie_add(greater_positions[nessie_sub(greater_positions_len, 1L)], x > pivot ? 1L : 0L);
    } else {
        t = 0L;
    }
    return t;
}

static inline long quicksort_filter_fused_target_greater(long i, __global const long* s, long pivot, __global const long* greater_positions) {
    long x = s[i];
    return (x > pivot ? 1L : 0L) != 0L ? greater_positions[i] : -1L;
}

static inline long quicksort_filter_fused_pull_greater(long i, __global const long* s) {
    return s[i];
}

__kernel void quicksort_filter_fused_lesser_positions_tile_totals(long tiles, long n_s, __global const long* s, long pivot, __global long* lesser_positions_tile_totals) {
    __local long group_values[256];
    __local long group_values_1[2304];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < n_s) {
                    long flag_lesser_r = quicksort_filter_fused_flag_lesser(256 * j + l + 2304 * wg, s, pivot);
                    x = flag_lesser_r;
                } else {
                    x = 0L;
                }
                group_values_1[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long add_lesser_r = quicksort_filter_fused_add_lesser(acc, group_values_1[k + 9 * l_1]);
                acc = add_lesser_r;
            }
            {
                group_values[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_2 = get_local_id(0); l_2 < m / 2; l_2 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long add_lesser_r_1 = quicksort_filter_fused_add_lesser(acc_1, group_values_in[k_1 + 2 * l_2]);
                    acc_1 = add_lesser_r_1;
                }
                {
                    group_values_out[l_2] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            {
                lesser_positions_tile_totals[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_filter_fused_lesser_positions_tile_offsets(__global const long* lesser_positions_tile_totals, long tile_chunk, long tiles, __global long* lesser_positions_tile_offsets) {
    __local long group_values[256];
    __local long group_values_1[16];
    __local long group_values_2[16];
    __local long group_values_3[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < tile_chunk; k++) {
                long x;
                if (k + l * tile_chunk < tiles) {
                    x = lesser_positions_tile_totals[k + l * tile_chunk];
                } else {
                    x = 0L;
                }
                long add_lesser_r = quicksort_filter_fused_add_lesser(acc, x);
                acc = add_lesser_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 16; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long add_lesser_r_1 = quicksort_filter_fused_add_lesser(acc_1, group_values[k_1 + 16 * l_1]);
                acc_1 = add_lesser_r_1;
            }
            {
                group_values_2[l_1] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            long acc_2 = 0L;
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_1[k_2] = acc_2;
                long add_lesser_r_2 = quicksort_filter_fused_add_lesser(acc_2, group_values_2[k_2]);
                acc_2 = add_lesser_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 16; l_3 += get_local_size(0)) {
            long acc_3 = group_values_1[l_3];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_3[k_3 + 16 * l_3] = acc_3;
                long add_lesser_r_3 = quicksort_filter_fused_add_lesser(acc_3, group_values[k_3 + 16 * l_3]);
                acc_3 = add_lesser_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_4 = get_local_id(0);
            long acc_4 = group_values_3[l_4];
            for (long k_4 = 0; k_4 < tile_chunk; k_4++) {
                lesser_positions_tile_offsets[k_4 + l_4 * tile_chunk] = acc_4;
                long x_1;
                if (k_4 + l_4 * tile_chunk < tiles) {
                    x_1 = lesser_positions_tile_totals[k_4 + l_4 * tile_chunk];
                } else {
                    x_1 = 0L;
                }
                long add_lesser_r_4 = quicksort_filter_fused_add_lesser(acc_4, x_1);
                acc_4 = add_lesser_r_4;
            }
        }
    }
}

__kernel void quicksort_filter_fused_lesser_positions_scan(__global const long* lesser_positions_tile_offsets, long tiles, long n_s, __global const long* s, long pivot, __global long* lesser_positions) {
    __local long group_values[2304];
    __local long group_values_1[256];
    __local long group_values_2[16];
    __local long group_values_3[16];
    __local long group_values_4[256];
    __local long group_values_5[2304];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < n_s) {
                    long flag_lesser_r = quicksort_filter_fused_flag_lesser(256 * j + l + 2304 * wg, s, pivot);
                    x = flag_lesser_r;
                } else {
                    x = 0L;
                }
                group_values[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long add_lesser_r = quicksort_filter_fused_add_lesser(acc, group_values[k + 9 * l_1]);
                acc = add_lesser_r;
            }
            {
                group_values_1[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 16; l_2 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long add_lesser_r_1 = quicksort_filter_fused_add_lesser(acc_1, group_values_1[k_1 + 16 * l_2]);
                acc_1 = add_lesser_r_1;
            }
            {
                group_values_3[l_2] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            long acc_2 = lesser_positions_tile_offsets[wg];
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_2[k_2] = acc_2;
                long add_lesser_r_2 = quicksort_filter_fused_add_lesser(acc_2, group_values_3[k_2]);
                acc_2 = add_lesser_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_4 = get_local_id(0); l_4 < 16; l_4 += get_local_size(0)) {
            long acc_3 = group_values_2[l_4];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_4[k_3 + 16 * l_4] = acc_3;
                long add_lesser_r_3 = quicksort_filter_fused_add_lesser(acc_3, group_values_1[k_3 + 16 * l_4]);
                acc_3 = add_lesser_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_5 = get_local_id(0);
            long acc_4 = group_values_4[l_5];
            for (long k_4 = 0; k_4 < 9; k_4++) {
                group_values_5[(k_4 + 9 * l_5) / 256 + 9 * ((k_4 + 9 * l_5) % 256)] = acc_4;
                long add_lesser_r_4 = quicksort_filter_fused_add_lesser(acc_4, group_values[k_4 + 9 * l_5]);
                acc_4 = add_lesser_r_4;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_6 = get_local_id(0);
            for (long j_3 = 0; j_3 < 9; j_3++) {
                lesser_positions[256 * j_3 + l_6 + 2304 * wg] = group_values_5[j_3 + 9 * l_6];
            }
        }
    }
}

__kernel void quicksort_filter_fused_lesser_count(__global const long* lesser_positions, long n_s, __global const long* s, long pivot, __global long* lesser_kept) {
    const long gid = get_global_id(0);
    if (gid < 1) {
        long count_lesser_r = quicksort_filter_fused_count_lesser(lesser_positions, n_s, s, pivot);
        lesser_kept[0] = count_lesser_r;
    }
}

__kernel void quicksort_filter_fused_lesser(long n_s, __global const long* s, long pivot, __global const long* lesser_positions, __global long* lesser) {
    const long gid = get_global_id(0);
    if (gid < n_s) {
        long pull_lesser_r = quicksort_filter_fused_pull_lesser(gid, s);
        long target_lesser_r = quicksort_filter_fused_target_lesser(gid, s, pivot, lesser_positions);
        if (target_lesser_r >= 0) {
            lesser[target_lesser_r] = pull_lesser_r;
        }
    }
}

__kernel void quicksort_filter_fused_equal_positions_tile_totals(long tiles, long n_s, __global const long* s, long pivot, __global long* equal_positions_tile_totals) {
    __local long group_values[256];
    __local long group_values_1[2304];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < n_s) {
                    long flag_equal_r = quicksort_filter_fused_flag_equal(256 * j + l + 2304 * wg, s, pivot);
                    x = flag_equal_r;
                } else {
                    x = 0L;
                }
                group_values_1[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long add_equal_r = quicksort_filter_fused_add_equal(acc, group_values_1[k + 9 * l_1]);
                acc = add_equal_r;
            }
            {
                group_values[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_2 = get_local_id(0); l_2 < m / 2; l_2 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long add_equal_r_1 = quicksort_filter_fused_add_equal(acc_1, group_values_in[k_1 + 2 * l_2]);
                    acc_1 = add_equal_r_1;
                }
                {
                    group_values_out[l_2] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            {
                equal_positions_tile_totals[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_filter_fused_equal_positions_tile_offsets(__global const long* equal_positions_tile_totals, long tile_chunk, long tiles, __global long* equal_positions_tile_offsets) {
    __local long group_values[256];
    __local long group_values_1[16];
    __local long group_values_2[16];
    __local long group_values_3[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < tile_chunk; k++) {
                long x;
                if (k + l * tile_chunk < tiles) {
                    x = equal_positions_tile_totals[k + l * tile_chunk];
                } else {
                    x = 0L;
                }
                long add_equal_r = quicksort_filter_fused_add_equal(acc, x);
                acc = add_equal_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 16; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long add_equal_r_1 = quicksort_filter_fused_add_equal(acc_1, group_values[k_1 + 16 * l_1]);
                acc_1 = add_equal_r_1;
            }
            {
                group_values_2[l_1] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            long acc_2 = 0L;
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_1[k_2] = acc_2;
                long add_equal_r_2 = quicksort_filter_fused_add_equal(acc_2, group_values_2[k_2]);
                acc_2 = add_equal_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 16; l_3 += get_local_size(0)) {
            long acc_3 = group_values_1[l_3];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_3[k_3 + 16 * l_3] = acc_3;
                long add_equal_r_3 = quicksort_filter_fused_add_equal(acc_3, group_values[k_3 + 16 * l_3]);
                acc_3 = add_equal_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_4 = get_local_id(0);
            long acc_4 = group_values_3[l_4];
            for (long k_4 = 0; k_4 < tile_chunk; k_4++) {
                equal_positions_tile_offsets[k_4 + l_4 * tile_chunk] = acc_4;
                long x_1;
                if (k_4 + l_4 * tile_chunk < tiles) {
                    x_1 = equal_positions_tile_totals[k_4 + l_4 * tile_chunk];
                } else {
                    x_1 = 0L;
                }
                long add_equal_r_4 = quicksort_filter_fused_add_equal(acc_4, x_1);
                acc_4 = add_equal_r_4;
            }
        }
    }
}

__kernel void quicksort_filter_fused_equal_positions_scan(__global const long* equal_positions_tile_offsets, long tiles, long n_s, __global const long* s, long pivot, __global long* equal_positions) {
    __local long group_values[2304];
    __local long group_values_1[256];
    __local long group_values_2[16];
    __local long group_values_3[16];
    __local long group_values_4[256];
    __local long group_values_5[2304];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < n_s) {
                    long flag_equal_r = quicksort_filter_fused_flag_equal(256 * j + l + 2304 * wg, s, pivot);
                    x = flag_equal_r;
                } else {
                    x = 0L;
                }
                group_values[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long add_equal_r = quicksort_filter_fused_add_equal(acc, group_values[k + 9 * l_1]);
                acc = add_equal_r;
            }
            {
                group_values_1[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 16; l_2 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long add_equal_r_1 = quicksort_filter_fused_add_equal(acc_1, group_values_1[k_1 + 16 * l_2]);
                acc_1 = add_equal_r_1;
            }
            {
                group_values_3[l_2] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            long acc_2 = equal_positions_tile_offsets[wg];
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_2[k_2] = acc_2;
                long add_equal_r_2 = quicksort_filter_fused_add_equal(acc_2, group_values_3[k_2]);
                acc_2 = add_equal_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_4 = get_local_id(0); l_4 < 16; l_4 += get_local_size(0)) {
            long acc_3 = group_values_2[l_4];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_4[k_3 + 16 * l_4] = acc_3;
                long add_equal_r_3 = quicksort_filter_fused_add_equal(acc_3, group_values_1[k_3 + 16 * l_4]);
                acc_3 = add_equal_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_5 = get_local_id(0);
            long acc_4 = group_values_4[l_5];
            for (long k_4 = 0; k_4 < 9; k_4++) {
                group_values_5[(k_4 + 9 * l_5) / 256 + 9 * ((k_4 + 9 * l_5) % 256)] = acc_4;
                long add_equal_r_4 = quicksort_filter_fused_add_equal(acc_4, group_values[k_4 + 9 * l_5]);
                acc_4 = add_equal_r_4;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_6 = get_local_id(0);
            for (long j_3 = 0; j_3 < 9; j_3++) {
                equal_positions[256 * j_3 + l_6 + 2304 * wg] = group_values_5[j_3 + 9 * l_6];
            }
        }
    }
}

__kernel void quicksort_filter_fused_equal_count(__global const long* equal_positions, long n_s, __global const long* s, long pivot, __global long* equal_kept) {
    const long gid = get_global_id(0);
    if (gid < 1) {
        long count_equal_r = quicksort_filter_fused_count_equal(equal_positions, n_s, s, pivot);
        equal_kept[0] = count_equal_r;
    }
}

__kernel void quicksort_filter_fused_equal(long n_s, __global const long* s, long pivot, __global const long* equal_positions, __global long* equal) {
    const long gid = get_global_id(0);
    if (gid < n_s) {
        long pull_equal_r = quicksort_filter_fused_pull_equal(gid, s);
        long target_equal_r = quicksort_filter_fused_target_equal(gid, s, pivot, equal_positions);
        if (target_equal_r >= 0) {
            equal[target_equal_r] = pull_equal_r;
        }
    }
}

__kernel void quicksort_filter_fused_greater_positions_tile_totals(long tiles, long n_s, __global const long* s, long pivot, __global long* greater_positions_tile_totals) {
    __local long group_values[256];
    __local long group_values_1[2304];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < n_s) {
                    long flag_greater_r = quicksort_filter_fused_flag_greater(256 * j + l + 2304 * wg, s, pivot);
                    x = flag_greater_r;
                } else {
                    x = 0L;
                }
                group_values_1[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long add_greater_r = quicksort_filter_fused_add_greater(acc, group_values_1[k + 9 * l_1]);
                acc = add_greater_r;
            }
            {
                group_values[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_2 = get_local_id(0); l_2 < m / 2; l_2 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long add_greater_r_1 = quicksort_filter_fused_add_greater(acc_1, group_values_in[k_1 + 2 * l_2]);
                    acc_1 = add_greater_r_1;
                }
                {
                    group_values_out[l_2] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            {
                greater_positions_tile_totals[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_filter_fused_greater_positions_tile_offsets(__global const long* greater_positions_tile_totals, long tile_chunk, long tiles, __global long* greater_positions_tile_offsets) {
    __local long group_values[256];
    __local long group_values_1[16];
    __local long group_values_2[16];
    __local long group_values_3[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < tile_chunk; k++) {
                long x;
                if (k + l * tile_chunk < tiles) {
                    x = greater_positions_tile_totals[k + l * tile_chunk];
                } else {
                    x = 0L;
                }
                long add_greater_r = quicksort_filter_fused_add_greater(acc, x);
                acc = add_greater_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 16; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long add_greater_r_1 = quicksort_filter_fused_add_greater(acc_1, group_values[k_1 + 16 * l_1]);
                acc_1 = add_greater_r_1;
            }
            {
                group_values_2[l_1] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            long acc_2 = 0L;
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_1[k_2] = acc_2;
                long add_greater_r_2 = quicksort_filter_fused_add_greater(acc_2, group_values_2[k_2]);
                acc_2 = add_greater_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 16; l_3 += get_local_size(0)) {
            long acc_3 = group_values_1[l_3];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_3[k_3 + 16 * l_3] = acc_3;
                long add_greater_r_3 = quicksort_filter_fused_add_greater(acc_3, group_values[k_3 + 16 * l_3]);
                acc_3 = add_greater_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_4 = get_local_id(0);
            long acc_4 = group_values_3[l_4];
            for (long k_4 = 0; k_4 < tile_chunk; k_4++) {
                greater_positions_tile_offsets[k_4 + l_4 * tile_chunk] = acc_4;
                long x_1;
                if (k_4 + l_4 * tile_chunk < tiles) {
                    x_1 = greater_positions_tile_totals[k_4 + l_4 * tile_chunk];
                } else {
                    x_1 = 0L;
                }
                long add_greater_r_4 = quicksort_filter_fused_add_greater(acc_4, x_1);
                acc_4 = add_greater_r_4;
            }
        }
    }
}

__kernel void quicksort_filter_fused_greater_positions_scan(__global const long* greater_positions_tile_offsets, long tiles, long n_s, __global const long* s, long pivot, __global long* greater_positions) {
    __local long group_values[2304];
    __local long group_values_1[256];
    __local long group_values_2[16];
    __local long group_values_3[16];
    __local long group_values_4[256];
    __local long group_values_5[2304];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < n_s) {
                    long flag_greater_r = quicksort_filter_fused_flag_greater(256 * j + l + 2304 * wg, s, pivot);
                    x = flag_greater_r;
                } else {
                    x = 0L;
                }
                group_values[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long add_greater_r = quicksort_filter_fused_add_greater(acc, group_values[k + 9 * l_1]);
                acc = add_greater_r;
            }
            {
                group_values_1[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 16; l_2 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long add_greater_r_1 = quicksort_filter_fused_add_greater(acc_1, group_values_1[k_1 + 16 * l_2]);
                acc_1 = add_greater_r_1;
            }
            {
                group_values_3[l_2] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            long acc_2 = greater_positions_tile_offsets[wg];
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_2[k_2] = acc_2;
                long add_greater_r_2 = quicksort_filter_fused_add_greater(acc_2, group_values_3[k_2]);
                acc_2 = add_greater_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_4 = get_local_id(0); l_4 < 16; l_4 += get_local_size(0)) {
            long acc_3 = group_values_2[l_4];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_4[k_3 + 16 * l_4] = acc_3;
                long add_greater_r_3 = quicksort_filter_fused_add_greater(acc_3, group_values_1[k_3 + 16 * l_4]);
                acc_3 = add_greater_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_5 = get_local_id(0);
            long acc_4 = group_values_4[l_5];
            for (long k_4 = 0; k_4 < 9; k_4++) {
                group_values_5[(k_4 + 9 * l_5) / 256 + 9 * ((k_4 + 9 * l_5) % 256)] = acc_4;
                long add_greater_r_4 = quicksort_filter_fused_add_greater(acc_4, group_values[k_4 + 9 * l_5]);
                acc_4 = add_greater_r_4;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_6 = get_local_id(0);
            for (long j_3 = 0; j_3 < 9; j_3++) {
                greater_positions[256 * j_3 + l_6 + 2304 * wg] = group_values_5[j_3 + 9 * l_6];
            }
        }
    }
}

__kernel void quicksort_filter_fused_greater_count(__global const long* greater_positions, long n_s, __global const long* s, long pivot, __global long* greater_kept) {
    const long gid = get_global_id(0);
    if (gid < 1) {
        long count_greater_r = quicksort_filter_fused_count_greater(greater_positions, n_s, s, pivot);
        greater_kept[0] = count_greater_r;
    }
}

__kernel void quicksort_filter_fused_greater(long n_s, __global const long* s, long pivot, __global const long* greater_positions, __global long* greater) {
    const long gid = get_global_id(0);
    if (gid < n_s) {
        long pull_greater_r = quicksort_filter_fused_pull_greater(gid, s);
        long target_greater_r = quicksort_filter_fused_target_greater(gid, s, pivot, greater_positions);
        if (target_greater_r >= 0) {
            greater[target_greater_r] = pull_greater_r;
        }
    }
}


// ===== quicksort_elt_fused.cl =====
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif

/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif

static inline void quicksort_elt_fused_once_length(__global const long* sorted_lengths, long sorted_lengths_len, __global const long* sorted_offsets, __global long* err, long* r0, long* r1, long* r2, long* r3) {
    if (0 || 0L >= sorted_lengths_len) {
        nessie_fail(err, 1, 2, 0L, sorted_lengths_len);
        *r0 = 0L;
        *r1 = 0L;
        *r2 = 0L;
        *r3 = 0L;
        return;
    }
    long v = sorted_lengths[0L];
    long v_1 = sorted_offsets[0L];
    if (1L < 0L || 1L >= sorted_lengths_len) {
        nessie_fail(err, 1, 3, 1L, sorted_lengths_len);
        *r0 = 0L;
        *r1 = 0L;
        *r2 = 0L;
        *r3 = 0L;
        return;
    }
    long v_2 = sorted_lengths[1L];
    long v_3 = sorted_offsets[1L];
    *r0 = v;
    *r1 = v_1;
    *r2 = v_2;
    *r3 = v_3;
}

__kernel void quicksort_elt_fused_length(__global const long* sorted_lengths, long n_sorted_lengths, __global const long* sorted_offsets, __global long* length_2, __global long* start_3, __global long* length_4, __global long* start_5, __global long* err) {
    if (nessie_failed(err)) return;
    const long gid = get_global_id(0);
    if (gid < 1) {
        long once_length_r;
        long once_length_r_1;
        long once_length_r_2;
        long once_length_r_3;
        quicksort_elt_fused_once_length(sorted_lengths, n_sorted_lengths, sorted_offsets, err, &once_length_r, &once_length_r_1, &once_length_r_2, &once_length_r_3);
        length_2[0] = once_length_r;
        start_3[0] = once_length_r_1;
        length_4[0] = once_length_r_2;
        start_5[0] = once_length_r_3;
    }
}


// ===== quicksort_fused.cl =====
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif

/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif

static inline int quicksort_fused_pull_mapped(long i, __global const long* s_lengths) {
    return s_lengths[i] <= 1L;
}

static inline long quicksort_fused_pull_rank(long i, __global const long* s_lengths) {
    int mapped = s_lengths[i] <= 1L;
    return (long)mapped;
}

static inline long quicksort_fused_op_rank(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_flag_then_instances(long i, __global const long* s_lengths) {
    long j = i;
    long i_1 = j;
    return s_lengths[i_1] <= 1L ? 1L : 0L;
}

static inline long quicksort_fused_add_then_instances(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_count_then_instances(__global const long* then_instances_positions, long then_instances_positions_len, __global const long* s_lengths) {
    long t;
    if (then_instances_positions_len > 0L) {
        long i = nessie_sub(then_instances_positions_len, 1L);
        long j = i;
        long i_1 = j;
        t = nessie_add(then_instances_positions[nessie_sub(then_instances_positions_len, 1L)], s_lengths[i_1] <= 1L ? 1L : 0L);
    } else {
        t = 0L;
    }
    return t;
}

static inline long quicksort_fused_target_then_instances(long i, __global const long* s_lengths, __global const long* then_instances_positions) {
    long j = i;
    long i_1 = j;
    return (s_lengths[i_1] <= 1L ? 1L : 0L) != 0L ? then_instances_positions[i] : -1L;
}

static inline long quicksort_fused_pull_then_instances(long i) {
    return i;
}

static inline long quicksort_fused_flag_else_instances(long i, __global const long* s_lengths) {
    long j = i;
    long i_1 = j;
    return !(s_lengths[i_1] <= 1L) ? 1L : 0L;
}

static inline long quicksort_fused_add_else_instances(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_count_else_instances(__global const long* else_instances_positions, long else_instances_positions_len, __global const long* s_lengths) {
    long t;
    if (else_instances_positions_len > 0L) {
        long i = nessie_sub(else_instances_positions_len, 1L);
        long j = i;
        long i_1 = j;
        t = nessie_add(else_instances_positions[nessie_sub(else_instances_positions_len, 1L)], !(s_lengths[i_1] <= 1L) ? 1L : 0L);
    } else {
        t = 0L;
    }
    return t;
}

static inline long quicksort_fused_target_else_instances(long i, __global const long* s_lengths, __global const long* else_instances_positions) {
    long j = i;
    long i_1 = j;
    return (!(s_lengths[i_1] <= 1L) ? 1L : 0L) != 0L ? else_instances_positions[i] : -1L;
}

static inline long quicksort_fused_pull_else_instances(long i) {
    return i;
}

__kernel void quicksort_fused_mapped(long instances_2, __global const long* s_lengths, __global uchar* mapped_2) {
    const long gid = get_global_id(0);
    if (gid < instances_2) {
        int pull_mapped_r = quicksort_fused_pull_mapped(gid, s_lengths);
        mapped_2[gid] = pull_mapped_r;
    }
}

__kernel void quicksort_fused_rank_tile_totals(long tiles, long instances_2, __global const long* s_lengths, __global long* rank_tile_totals) {
    __local long group_values[256];
    __local long group_values_1[2304];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < instances_2) {
                    long pull_rank_r = quicksort_fused_pull_rank(256 * j + l + 2304 * wg, s_lengths);
                    x = pull_rank_r;
                } else {
                    x = 0L;
                }
                group_values_1[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long op_rank_r = quicksort_fused_op_rank(acc, group_values_1[k + 9 * l_1]);
                acc = op_rank_r;
            }
            {
                group_values[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_2 = get_local_id(0); l_2 < m / 2; l_2 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long op_rank_r_1 = quicksort_fused_op_rank(acc_1, group_values_in[k_1 + 2 * l_2]);
                    acc_1 = op_rank_r_1;
                }
                {
                    group_values_out[l_2] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            {
                rank_tile_totals[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_rank_tile_offsets(__global const long* rank_tile_totals, long tile_chunk, long tiles, __global long* rank_tile_offsets) {
    __local long group_values[256];
    __local long group_values_1[16];
    __local long group_values_2[16];
    __local long group_values_3[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < tile_chunk; k++) {
                long x;
                if (k + l * tile_chunk < tiles) {
                    x = rank_tile_totals[k + l * tile_chunk];
                } else {
                    x = 0L;
                }
                long op_rank_r = quicksort_fused_op_rank(acc, x);
                acc = op_rank_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 16; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long op_rank_r_1 = quicksort_fused_op_rank(acc_1, group_values[k_1 + 16 * l_1]);
                acc_1 = op_rank_r_1;
            }
            {
                group_values_2[l_1] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            long acc_2 = 0L;
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_1[k_2] = acc_2;
                long op_rank_r_2 = quicksort_fused_op_rank(acc_2, group_values_2[k_2]);
                acc_2 = op_rank_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 16; l_3 += get_local_size(0)) {
            long acc_3 = group_values_1[l_3];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_3[k_3 + 16 * l_3] = acc_3;
                long op_rank_r_3 = quicksort_fused_op_rank(acc_3, group_values[k_3 + 16 * l_3]);
                acc_3 = op_rank_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_4 = get_local_id(0);
            long acc_4 = group_values_3[l_4];
            for (long k_4 = 0; k_4 < tile_chunk; k_4++) {
                rank_tile_offsets[k_4 + l_4 * tile_chunk] = acc_4;
                long x_1;
                if (k_4 + l_4 * tile_chunk < tiles) {
                    x_1 = rank_tile_totals[k_4 + l_4 * tile_chunk];
                } else {
                    x_1 = 0L;
                }
                long op_rank_r_4 = quicksort_fused_op_rank(acc_4, x_1);
                acc_4 = op_rank_r_4;
            }
        }
    }
}

__kernel void quicksort_fused_rank_scan(__global const long* rank_tile_offsets, long tiles, long instances_2, __global const long* s_lengths, __global long* rank) {
    __local long group_values[2304];
    __local long group_values_1[256];
    __local long group_values_2[16];
    __local long group_values_3[16];
    __local long group_values_4[256];
    __local long group_values_5[2304];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < instances_2) {
                    long pull_rank_r = quicksort_fused_pull_rank(256 * j + l + 2304 * wg, s_lengths);
                    x = pull_rank_r;
                } else {
                    x = 0L;
                }
                group_values[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long op_rank_r = quicksort_fused_op_rank(acc, group_values[k + 9 * l_1]);
                acc = op_rank_r;
            }
            {
                group_values_1[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 16; l_2 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long op_rank_r_1 = quicksort_fused_op_rank(acc_1, group_values_1[k_1 + 16 * l_2]);
                acc_1 = op_rank_r_1;
            }
            {
                group_values_3[l_2] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            long acc_2 = rank_tile_offsets[wg];
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_2[k_2] = acc_2;
                long op_rank_r_2 = quicksort_fused_op_rank(acc_2, group_values_3[k_2]);
                acc_2 = op_rank_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_4 = get_local_id(0); l_4 < 16; l_4 += get_local_size(0)) {
            long acc_3 = group_values_2[l_4];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_4[k_3 + 16 * l_4] = acc_3;
                long op_rank_r_3 = quicksort_fused_op_rank(acc_3, group_values_1[k_3 + 16 * l_4]);
                acc_3 = op_rank_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_5 = get_local_id(0);
            long acc_4 = group_values_4[l_5];
            for (long k_4 = 0; k_4 < 9; k_4++) {
                group_values_5[(k_4 + 9 * l_5) / 256 + 9 * ((k_4 + 9 * l_5) % 256)] = acc_4;
                long op_rank_r_4 = quicksort_fused_op_rank(acc_4, group_values[k_4 + 9 * l_5]);
                acc_4 = op_rank_r_4;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_6 = get_local_id(0);
            for (long j_3 = 0; j_3 < 9; j_3++) {
                rank[256 * j_3 + l_6 + 2304 * wg] = group_values_5[j_3 + 9 * l_6];
            }
        }
    }
}

__kernel void quicksort_fused_then_instances_positions_tile_totals(long tiles, long instances_2, __global const long* s_lengths, __global long* then_instances_positions_tile_totals) {
    __local long group_values[256];
    __local long group_values_1[2304];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < instances_2) {
                    long flag_then_instances_r = quicksort_fused_flag_then_instances(256 * j + l + 2304 * wg, s_lengths);
                    x = flag_then_instances_r;
                } else {
                    x = 0L;
                }
                group_values_1[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long add_then_instances_r = quicksort_fused_add_then_instances(acc, group_values_1[k + 9 * l_1]);
                acc = add_then_instances_r;
            }
            {
                group_values[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_2 = get_local_id(0); l_2 < m / 2; l_2 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long add_then_instances_r_1 = quicksort_fused_add_then_instances(acc_1, group_values_in[k_1 + 2 * l_2]);
                    acc_1 = add_then_instances_r_1;
                }
                {
                    group_values_out[l_2] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            {
                then_instances_positions_tile_totals[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_then_instances_positions_tile_offsets(__global const long* then_instances_positions_tile_totals, long tile_chunk, long tiles, __global long* then_instances_positions_tile_offsets) {
    __local long group_values[256];
    __local long group_values_1[16];
    __local long group_values_2[16];
    __local long group_values_3[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < tile_chunk; k++) {
                long x;
                if (k + l * tile_chunk < tiles) {
                    x = then_instances_positions_tile_totals[k + l * tile_chunk];
                } else {
                    x = 0L;
                }
                long add_then_instances_r = quicksort_fused_add_then_instances(acc, x);
                acc = add_then_instances_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 16; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long add_then_instances_r_1 = quicksort_fused_add_then_instances(acc_1, group_values[k_1 + 16 * l_1]);
                acc_1 = add_then_instances_r_1;
            }
            {
                group_values_2[l_1] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            long acc_2 = 0L;
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_1[k_2] = acc_2;
                long add_then_instances_r_2 = quicksort_fused_add_then_instances(acc_2, group_values_2[k_2]);
                acc_2 = add_then_instances_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 16; l_3 += get_local_size(0)) {
            long acc_3 = group_values_1[l_3];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_3[k_3 + 16 * l_3] = acc_3;
                long add_then_instances_r_3 = quicksort_fused_add_then_instances(acc_3, group_values[k_3 + 16 * l_3]);
                acc_3 = add_then_instances_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_4 = get_local_id(0);
            long acc_4 = group_values_3[l_4];
            for (long k_4 = 0; k_4 < tile_chunk; k_4++) {
                then_instances_positions_tile_offsets[k_4 + l_4 * tile_chunk] = acc_4;
                long x_1;
                if (k_4 + l_4 * tile_chunk < tiles) {
                    x_1 = then_instances_positions_tile_totals[k_4 + l_4 * tile_chunk];
                } else {
                    x_1 = 0L;
                }
                long add_then_instances_r_4 = quicksort_fused_add_then_instances(acc_4, x_1);
                acc_4 = add_then_instances_r_4;
            }
        }
    }
}

__kernel void quicksort_fused_then_instances_positions_scan(__global const long* then_instances_positions_tile_offsets, long tiles, long instances_2, __global const long* s_lengths, __global long* then_instances_positions) {
    __local long group_values[2304];
    __local long group_values_1[256];
    __local long group_values_2[16];
    __local long group_values_3[16];
    __local long group_values_4[256];
    __local long group_values_5[2304];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < instances_2) {
                    long flag_then_instances_r = quicksort_fused_flag_then_instances(256 * j + l + 2304 * wg, s_lengths);
                    x = flag_then_instances_r;
                } else {
                    x = 0L;
                }
                group_values[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long add_then_instances_r = quicksort_fused_add_then_instances(acc, group_values[k + 9 * l_1]);
                acc = add_then_instances_r;
            }
            {
                group_values_1[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 16; l_2 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long add_then_instances_r_1 = quicksort_fused_add_then_instances(acc_1, group_values_1[k_1 + 16 * l_2]);
                acc_1 = add_then_instances_r_1;
            }
            {
                group_values_3[l_2] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            long acc_2 = then_instances_positions_tile_offsets[wg];
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_2[k_2] = acc_2;
                long add_then_instances_r_2 = quicksort_fused_add_then_instances(acc_2, group_values_3[k_2]);
                acc_2 = add_then_instances_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_4 = get_local_id(0); l_4 < 16; l_4 += get_local_size(0)) {
            long acc_3 = group_values_2[l_4];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_4[k_3 + 16 * l_4] = acc_3;
                long add_then_instances_r_3 = quicksort_fused_add_then_instances(acc_3, group_values_1[k_3 + 16 * l_4]);
                acc_3 = add_then_instances_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_5 = get_local_id(0);
            long acc_4 = group_values_4[l_5];
            for (long k_4 = 0; k_4 < 9; k_4++) {
                group_values_5[(k_4 + 9 * l_5) / 256 + 9 * ((k_4 + 9 * l_5) % 256)] = acc_4;
                long add_then_instances_r_4 = quicksort_fused_add_then_instances(acc_4, group_values[k_4 + 9 * l_5]);
                acc_4 = add_then_instances_r_4;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_6 = get_local_id(0);
            for (long j_3 = 0; j_3 < 9; j_3++) {
                then_instances_positions[256 * j_3 + l_6 + 2304 * wg] = group_values_5[j_3 + 9 * l_6];
            }
        }
    }
}

__kernel void quicksort_fused_then_instances_count(__global const long* then_instances_positions, long instances_2, __global const long* s_lengths, __global long* then_instances_kept) {
    const long gid = get_global_id(0);
    if (gid < 1) {
        long count_then_instances_r = quicksort_fused_count_then_instances(then_instances_positions, instances_2, s_lengths);
        then_instances_kept[0] = count_then_instances_r;
    }
}

__kernel void quicksort_fused_then_instances(long instances_2, __global const long* s_lengths, __global const long* then_instances_positions, __global long* then_instances) {
    const long gid = get_global_id(0);
    if (gid < instances_2) {
        long pull_then_instances_r = quicksort_fused_pull_then_instances(gid);
        long target_then_instances_r = quicksort_fused_target_then_instances(gid, s_lengths, then_instances_positions);
        if (target_then_instances_r >= 0) {
            then_instances[target_then_instances_r] = pull_then_instances_r;
        }
    }
}

__kernel void quicksort_fused_else_instances_positions_tile_totals(long tiles, long instances_2, __global const long* s_lengths, __global long* else_instances_positions_tile_totals) {
    __local long group_values[256];
    __local long group_values_1[2304];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < instances_2) {
                    long flag_else_instances_r = quicksort_fused_flag_else_instances(256 * j + l + 2304 * wg, s_lengths);
                    x = flag_else_instances_r;
                } else {
                    x = 0L;
                }
                group_values_1[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long add_else_instances_r = quicksort_fused_add_else_instances(acc, group_values_1[k + 9 * l_1]);
                acc = add_else_instances_r;
            }
            {
                group_values[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_2 = get_local_id(0); l_2 < m / 2; l_2 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long add_else_instances_r_1 = quicksort_fused_add_else_instances(acc_1, group_values_in[k_1 + 2 * l_2]);
                    acc_1 = add_else_instances_r_1;
                }
                {
                    group_values_out[l_2] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            {
                else_instances_positions_tile_totals[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_else_instances_positions_tile_offsets(__global const long* else_instances_positions_tile_totals, long tile_chunk, long tiles, __global long* else_instances_positions_tile_offsets) {
    __local long group_values[256];
    __local long group_values_1[16];
    __local long group_values_2[16];
    __local long group_values_3[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < tile_chunk; k++) {
                long x;
                if (k + l * tile_chunk < tiles) {
                    x = else_instances_positions_tile_totals[k + l * tile_chunk];
                } else {
                    x = 0L;
                }
                long add_else_instances_r = quicksort_fused_add_else_instances(acc, x);
                acc = add_else_instances_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 16; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long add_else_instances_r_1 = quicksort_fused_add_else_instances(acc_1, group_values[k_1 + 16 * l_1]);
                acc_1 = add_else_instances_r_1;
            }
            {
                group_values_2[l_1] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            long acc_2 = 0L;
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_1[k_2] = acc_2;
                long add_else_instances_r_2 = quicksort_fused_add_else_instances(acc_2, group_values_2[k_2]);
                acc_2 = add_else_instances_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 16; l_3 += get_local_size(0)) {
            long acc_3 = group_values_1[l_3];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_3[k_3 + 16 * l_3] = acc_3;
                long add_else_instances_r_3 = quicksort_fused_add_else_instances(acc_3, group_values[k_3 + 16 * l_3]);
                acc_3 = add_else_instances_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_4 = get_local_id(0);
            long acc_4 = group_values_3[l_4];
            for (long k_4 = 0; k_4 < tile_chunk; k_4++) {
                else_instances_positions_tile_offsets[k_4 + l_4 * tile_chunk] = acc_4;
                long x_1;
                if (k_4 + l_4 * tile_chunk < tiles) {
                    x_1 = else_instances_positions_tile_totals[k_4 + l_4 * tile_chunk];
                } else {
                    x_1 = 0L;
                }
                long add_else_instances_r_4 = quicksort_fused_add_else_instances(acc_4, x_1);
                acc_4 = add_else_instances_r_4;
            }
        }
    }
}

__kernel void quicksort_fused_else_instances_positions_scan(__global const long* else_instances_positions_tile_offsets, long tiles, long instances_2, __global const long* s_lengths, __global long* else_instances_positions) {
    __local long group_values[2304];
    __local long group_values_1[256];
    __local long group_values_2[16];
    __local long group_values_3[16];
    __local long group_values_4[256];
    __local long group_values_5[2304];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < instances_2) {
                    long flag_else_instances_r = quicksort_fused_flag_else_instances(256 * j + l + 2304 * wg, s_lengths);
                    x = flag_else_instances_r;
                } else {
                    x = 0L;
                }
                group_values[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long add_else_instances_r = quicksort_fused_add_else_instances(acc, group_values[k + 9 * l_1]);
                acc = add_else_instances_r;
            }
            {
                group_values_1[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 16; l_2 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long add_else_instances_r_1 = quicksort_fused_add_else_instances(acc_1, group_values_1[k_1 + 16 * l_2]);
                acc_1 = add_else_instances_r_1;
            }
            {
                group_values_3[l_2] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            long acc_2 = else_instances_positions_tile_offsets[wg];
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_2[k_2] = acc_2;
                long add_else_instances_r_2 = quicksort_fused_add_else_instances(acc_2, group_values_3[k_2]);
                acc_2 = add_else_instances_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_4 = get_local_id(0); l_4 < 16; l_4 += get_local_size(0)) {
            long acc_3 = group_values_2[l_4];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_4[k_3 + 16 * l_4] = acc_3;
                long add_else_instances_r_3 = quicksort_fused_add_else_instances(acc_3, group_values_1[k_3 + 16 * l_4]);
                acc_3 = add_else_instances_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_5 = get_local_id(0);
            long acc_4 = group_values_4[l_5];
            for (long k_4 = 0; k_4 < 9; k_4++) {
                group_values_5[(k_4 + 9 * l_5) / 256 + 9 * ((k_4 + 9 * l_5) % 256)] = acc_4;
                long add_else_instances_r_4 = quicksort_fused_add_else_instances(acc_4, group_values[k_4 + 9 * l_5]);
                acc_4 = add_else_instances_r_4;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_6 = get_local_id(0);
            for (long j_3 = 0; j_3 < 9; j_3++) {
                else_instances_positions[256 * j_3 + l_6 + 2304 * wg] = group_values_5[j_3 + 9 * l_6];
            }
        }
    }
}

__kernel void quicksort_fused_else_instances_count(__global const long* else_instances_positions, long instances_2, __global const long* s_lengths, __global long* else_instances_kept) {
    const long gid = get_global_id(0);
    if (gid < 1) {
        long count_else_instances_r = quicksort_fused_count_else_instances(else_instances_positions, instances_2, s_lengths);
        else_instances_kept[0] = count_else_instances_r;
    }
}

__kernel void quicksort_fused_else_instances(long instances_2, __global const long* s_lengths, __global const long* else_instances_positions, __global long* else_instances) {
    const long gid = get_global_id(0);
    if (gid < instances_2) {
        long pull_else_instances_r = quicksort_fused_pull_else_instances(gid);
        long target_else_instances_r = quicksort_fused_target_else_instances(gid, s_lengths, else_instances_positions);
        if (target_else_instances_r >= 0) {
            else_instances[target_else_instances_r] = pull_else_instances_r;
        }
    }
}


// ===== quicksort_fused_2.cl =====
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif

/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif

static inline long quicksort_fused_2_pull_s_lengths(long p, __global const long* then_instances, __global const long* s_lengths) {
    long q = then_instances[p];
    return s_lengths[q];
}

static inline long quicksort_fused_2_pull_s_offsets(long i, __global const long* then_instances, __global const long* s_lengths) {
    long q = then_instances[i];
    long s_lengths_1 = s_lengths[q];
    return s_lengths_1;
}

static inline long quicksort_fused_2_op_s_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_2_pull_total(long i, __global const long* then_instances, __global const long* s_lengths) {
    long q = then_instances[i];
    long s_lengths_1 = s_lengths[q];
    return s_lengths_1;
}

static inline long quicksort_fused_2_op_total(long a, long b) {
    return nessie_add(a, b);
}

__kernel void quicksort_fused_2_s_lengths(long n_then_instances, __global const long* then_instances, __global const long* s_lengths_1, __global long* s_lengths_2) {
    const long gid = get_global_id(0);
    if (gid < n_then_instances) {
        long pull_s_lengths_r = quicksort_fused_2_pull_s_lengths(gid, then_instances, s_lengths_1);
        s_lengths_2[gid] = pull_s_lengths_r;
    }
}

__kernel void quicksort_fused_2_s_offsets_tile_totals(long tiles, long n_then_instances, __global const long* then_instances, __global const long* s_lengths_1, __global long* s_offsets_tile_totals) {
    __local long group_values[256];
    __local long group_values_1[2304];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < n_then_instances) {
                    long pull_s_offsets_r = quicksort_fused_2_pull_s_offsets(256 * j + l + 2304 * wg, then_instances, s_lengths_1);
                    x = pull_s_offsets_r;
                } else {
                    x = 0L;
                }
                group_values_1[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long op_s_offsets_r = quicksort_fused_2_op_s_offsets(acc, group_values_1[k + 9 * l_1]);
                acc = op_s_offsets_r;
            }
            {
                group_values[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_2 = get_local_id(0); l_2 < m / 2; l_2 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long op_s_offsets_r_1 = quicksort_fused_2_op_s_offsets(acc_1, group_values_in[k_1 + 2 * l_2]);
                    acc_1 = op_s_offsets_r_1;
                }
                {
                    group_values_out[l_2] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            {
                s_offsets_tile_totals[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_2_s_offsets_tile_offsets(__global const long* s_offsets_tile_totals, long tile_chunk, long tiles, __global long* s_offsets_tile_offsets) {
    __local long group_values[256];
    __local long group_values_1[16];
    __local long group_values_2[16];
    __local long group_values_3[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < tile_chunk; k++) {
                long x;
                if (k + l * tile_chunk < tiles) {
                    x = s_offsets_tile_totals[k + l * tile_chunk];
                } else {
                    x = 0L;
                }
                long op_s_offsets_r = quicksort_fused_2_op_s_offsets(acc, x);
                acc = op_s_offsets_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 16; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long op_s_offsets_r_1 = quicksort_fused_2_op_s_offsets(acc_1, group_values[k_1 + 16 * l_1]);
                acc_1 = op_s_offsets_r_1;
            }
            {
                group_values_2[l_1] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            long acc_2 = 0L;
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_1[k_2] = acc_2;
                long op_s_offsets_r_2 = quicksort_fused_2_op_s_offsets(acc_2, group_values_2[k_2]);
                acc_2 = op_s_offsets_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 16; l_3 += get_local_size(0)) {
            long acc_3 = group_values_1[l_3];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_3[k_3 + 16 * l_3] = acc_3;
                long op_s_offsets_r_3 = quicksort_fused_2_op_s_offsets(acc_3, group_values[k_3 + 16 * l_3]);
                acc_3 = op_s_offsets_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_4 = get_local_id(0);
            long acc_4 = group_values_3[l_4];
            for (long k_4 = 0; k_4 < tile_chunk; k_4++) {
                s_offsets_tile_offsets[k_4 + l_4 * tile_chunk] = acc_4;
                long x_1;
                if (k_4 + l_4 * tile_chunk < tiles) {
                    x_1 = s_offsets_tile_totals[k_4 + l_4 * tile_chunk];
                } else {
                    x_1 = 0L;
                }
                long op_s_offsets_r_4 = quicksort_fused_2_op_s_offsets(acc_4, x_1);
                acc_4 = op_s_offsets_r_4;
            }
        }
    }
}

__kernel void quicksort_fused_2_s_offsets_scan(__global const long* s_offsets_tile_offsets, long tiles, long n_then_instances, __global const long* then_instances, __global const long* s_lengths_1, __global long* s_offsets) {
    __local long group_values[2304];
    __local long group_values_1[256];
    __local long group_values_2[16];
    __local long group_values_3[16];
    __local long group_values_4[256];
    __local long group_values_5[2304];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < n_then_instances) {
                    long pull_s_offsets_r = quicksort_fused_2_pull_s_offsets(256 * j + l + 2304 * wg, then_instances, s_lengths_1);
                    x = pull_s_offsets_r;
                } else {
                    x = 0L;
                }
                group_values[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long op_s_offsets_r = quicksort_fused_2_op_s_offsets(acc, group_values[k + 9 * l_1]);
                acc = op_s_offsets_r;
            }
            {
                group_values_1[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 16; l_2 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long op_s_offsets_r_1 = quicksort_fused_2_op_s_offsets(acc_1, group_values_1[k_1 + 16 * l_2]);
                acc_1 = op_s_offsets_r_1;
            }
            {
                group_values_3[l_2] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            long acc_2 = s_offsets_tile_offsets[wg];
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_2[k_2] = acc_2;
                long op_s_offsets_r_2 = quicksort_fused_2_op_s_offsets(acc_2, group_values_3[k_2]);
                acc_2 = op_s_offsets_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_4 = get_local_id(0); l_4 < 16; l_4 += get_local_size(0)) {
            long acc_3 = group_values_2[l_4];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_4[k_3 + 16 * l_4] = acc_3;
                long op_s_offsets_r_3 = quicksort_fused_2_op_s_offsets(acc_3, group_values_1[k_3 + 16 * l_4]);
                acc_3 = op_s_offsets_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_5 = get_local_id(0);
            long acc_4 = group_values_4[l_5];
            for (long k_4 = 0; k_4 < 9; k_4++) {
                group_values_5[(k_4 + 9 * l_5) / 256 + 9 * ((k_4 + 9 * l_5) % 256)] = acc_4;
                long op_s_offsets_r_4 = quicksort_fused_2_op_s_offsets(acc_4, group_values[k_4 + 9 * l_5]);
                acc_4 = op_s_offsets_r_4;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_6 = get_local_id(0);
            for (long j_3 = 0; j_3 < 9; j_3++) {
                s_offsets[256 * j_3 + l_6 + 2304 * wg] = group_values_5[j_3 + 9 * l_6];
            }
        }
    }
}

__kernel void quicksort_fused_2_total_partial(long groups, long chunk, long n_then_instances, __global const long* then_instances, __global const long* s_lengths_1, __global long* total_partials) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (l + 256 * wg + 256 * groups * k < n_then_instances) {
                    long pull_total_r = quicksort_fused_2_pull_total(l + 256 * wg + 256 * groups * k, then_instances, s_lengths_1);
                    x = pull_total_r;
                } else {
                    x = 0L;
                }
                long op_total_r = quicksort_fused_2_op_total(acc, x);
                acc = op_total_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long op_total_r_1 = quicksort_fused_2_op_total(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_total_r_1;
                }
                {
                    group_values_out[l_1] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                total_partials[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_2_total_final(__global const long* total_partials, long final_chunk, long groups, __global long* total) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < final_chunk; k++) {
                long x;
                if (256 * k + l < groups) {
                    x = total_partials[256 * k + l];
                } else {
                    x = 0L;
                }
                long op_total_r = quicksort_fused_2_op_total(acc, x);
                acc = op_total_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long op_total_r_1 = quicksort_fused_2_op_total(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_total_r_1;
                }
                {
                    group_values_out[l_1] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                total[0] = group_values_in[0];
            }
        }
    }
}


// ===== quicksort_fused_3.cl =====
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif

/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif

static inline void quicksort_fused_3_pull_pivot(long i, __global const long* else_instances, __global const long* s_lengths, __global const long* s_offsets, __global const long* s_elements, __global long* err, long* r0, long* r1, long* r2, long* r3) {
    long s = else_instances[i];
    long j = nessie_div(s_lengths[s], 2L);
    long len = s_lengths[s];
    if (j < 0L || j >= len) {
        nessie_fail(err, 1, 1, j, len);
        *r0 = 0L;
        *r1 = 0L;
        *r2 = 0L;
        *r3 = 0L;
        return;
    }
    long k = nessie_add(s_offsets[s], j);
    long v = s_elements[k];
    long q = else_instances[i];
    long v_1 = s_lengths[q];
    long v_2 = v;
    long v_3 = v_1;
    long v_4 = 2L;
    long v_5 = v_2;
    long v_6 = v_3;
    long v_7 = v_4;
    long v_8 = nessie_mul(i, 2L);
    *r0 = v_5;
    *r1 = v_6;
    *r2 = v_7;
    *r3 = v_8;
}

static inline long quicksort_fused_3_pull_s_offsets(long i, __global const long* else_instances, __global const long* s_lengths) {
    long q = else_instances[i];
    long s_lengths_1 = s_lengths[q];
    return s_lengths_1;
}

static inline long quicksort_fused_3_op_s_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_3_pull_total(long i, __global const long* else_instances, __global const long* s_lengths) {
    long q = else_instances[i];
    long s_lengths_1 = s_lengths[q];
    return s_lengths_1;
}

static inline long quicksort_fused_3_op_total(long a, long b) {
    return nessie_add(a, b);
}

__kernel void quicksort_fused_3_pivot(long n_else_instances, __global const long* else_instances, __global const long* s_lengths_1, __global const long* s_offsets_2, __global const long* s_elements, __global long* pivot, __global long* s_lengths_10, __global long* sorted_lengths, __global long* sorted_offsets, __global long* err) {
    if (nessie_failed(err)) return;
    const long gid = get_global_id(0);
    if (gid < n_else_instances) {
        long pull_pivot_r;
        long pull_pivot_r_1;
        long pull_pivot_r_2;
        long pull_pivot_r_3;
        quicksort_fused_3_pull_pivot(gid, else_instances, s_lengths_1, s_offsets_2, s_elements, err, &pull_pivot_r, &pull_pivot_r_1, &pull_pivot_r_2, &pull_pivot_r_3);
        pivot[gid] = pull_pivot_r;
        s_lengths_10[gid] = pull_pivot_r_1;
        sorted_lengths[gid] = pull_pivot_r_2;
        sorted_offsets[gid] = pull_pivot_r_3;
    }
}

__kernel void quicksort_fused_3_s_offsets_tile_totals(long tiles, long n_else_instances, __global const long* else_instances, __global const long* s_lengths_1, __global long* s_offsets_tile_totals) {
    __local long group_values[256];
    __local long group_values_1[2304];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j_1 = 0; j_1 < 9; j_1++) {
                long x;
                if (256 * j_1 + l + 2304 * wg < n_else_instances) {
                    long pull_s_offsets_r = quicksort_fused_3_pull_s_offsets(256 * j_1 + l + 2304 * wg, else_instances, s_lengths_1);
                    x = pull_s_offsets_r;
                } else {
                    x = 0L;
                }
                group_values_1[256 * j_1 + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k_1 = 0; k_1 < 9; k_1++) {
                long op_s_offsets_r = quicksort_fused_3_op_s_offsets(acc, group_values_1[k_1 + 9 * l_1]);
                acc = op_s_offsets_r;
            }
            {
                group_values[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_2 = get_local_id(0); l_2 < m / 2; l_2 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_2 = 0; k_2 < 2; k_2++) {
                    long op_s_offsets_r_1 = quicksort_fused_3_op_s_offsets(acc_1, group_values_in[k_2 + 2 * l_2]);
                    acc_1 = op_s_offsets_r_1;
                }
                {
                    group_values_out[l_2] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            {
                s_offsets_tile_totals[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_3_s_offsets_tile_offsets(__global const long* s_offsets_tile_totals, long tile_chunk, long tiles, __global long* s_offsets_tile_offsets) {
    __local long group_values[256];
    __local long group_values_1[16];
    __local long group_values_2[16];
    __local long group_values_3[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k_1 = 0; k_1 < tile_chunk; k_1++) {
                long x;
                if (k_1 + l * tile_chunk < tiles) {
                    x = s_offsets_tile_totals[k_1 + l * tile_chunk];
                } else {
                    x = 0L;
                }
                long op_s_offsets_r = quicksort_fused_3_op_s_offsets(acc, x);
                acc = op_s_offsets_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 16; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_2 = 0; k_2 < 16; k_2++) {
                long op_s_offsets_r_1 = quicksort_fused_3_op_s_offsets(acc_1, group_values[k_2 + 16 * l_1]);
                acc_1 = op_s_offsets_r_1;
            }
            {
                group_values_2[l_1] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            long acc_2 = 0L;
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_1[k_3] = acc_2;
                long op_s_offsets_r_2 = quicksort_fused_3_op_s_offsets(acc_2, group_values_2[k_3]);
                acc_2 = op_s_offsets_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 16; l_3 += get_local_size(0)) {
            long acc_3 = group_values_1[l_3];
            for (long k_4 = 0; k_4 < 16; k_4++) {
                group_values_3[k_4 + 16 * l_3] = acc_3;
                long op_s_offsets_r_3 = quicksort_fused_3_op_s_offsets(acc_3, group_values[k_4 + 16 * l_3]);
                acc_3 = op_s_offsets_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_4 = get_local_id(0);
            long acc_4 = group_values_3[l_4];
            for (long k_5 = 0; k_5 < tile_chunk; k_5++) {
                s_offsets_tile_offsets[k_5 + l_4 * tile_chunk] = acc_4;
                long x_1;
                if (k_5 + l_4 * tile_chunk < tiles) {
                    x_1 = s_offsets_tile_totals[k_5 + l_4 * tile_chunk];
                } else {
                    x_1 = 0L;
                }
                long op_s_offsets_r_4 = quicksort_fused_3_op_s_offsets(acc_4, x_1);
                acc_4 = op_s_offsets_r_4;
            }
        }
    }
}

__kernel void quicksort_fused_3_s_offsets_scan(__global const long* s_offsets_tile_offsets, long tiles, long n_else_instances, __global const long* else_instances, __global const long* s_lengths_1, __global long* s_offsets_13) {
    __local long group_values[2304];
    __local long group_values_1[256];
    __local long group_values_2[16];
    __local long group_values_3[16];
    __local long group_values_4[256];
    __local long group_values_5[2304];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j_1 = 0; j_1 < 9; j_1++) {
                long x;
                if (256 * j_1 + l + 2304 * wg < n_else_instances) {
                    long pull_s_offsets_r = quicksort_fused_3_pull_s_offsets(256 * j_1 + l + 2304 * wg, else_instances, s_lengths_1);
                    x = pull_s_offsets_r;
                } else {
                    x = 0L;
                }
                group_values[256 * j_1 + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k_1 = 0; k_1 < 9; k_1++) {
                long op_s_offsets_r = quicksort_fused_3_op_s_offsets(acc, group_values[k_1 + 9 * l_1]);
                acc = op_s_offsets_r;
            }
            {
                group_values_1[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 16; l_2 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_2 = 0; k_2 < 16; k_2++) {
                long op_s_offsets_r_1 = quicksort_fused_3_op_s_offsets(acc_1, group_values_1[k_2 + 16 * l_2]);
                acc_1 = op_s_offsets_r_1;
            }
            {
                group_values_3[l_2] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            long acc_2 = s_offsets_tile_offsets[wg];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_2[k_3] = acc_2;
                long op_s_offsets_r_2 = quicksort_fused_3_op_s_offsets(acc_2, group_values_3[k_3]);
                acc_2 = op_s_offsets_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_4 = get_local_id(0); l_4 < 16; l_4 += get_local_size(0)) {
            long acc_3 = group_values_2[l_4];
            for (long k_4 = 0; k_4 < 16; k_4++) {
                group_values_4[k_4 + 16 * l_4] = acc_3;
                long op_s_offsets_r_3 = quicksort_fused_3_op_s_offsets(acc_3, group_values_1[k_4 + 16 * l_4]);
                acc_3 = op_s_offsets_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_5 = get_local_id(0);
            long acc_4 = group_values_4[l_5];
            for (long k_5 = 0; k_5 < 9; k_5++) {
                group_values_5[(k_5 + 9 * l_5) / 256 + 9 * ((k_5 + 9 * l_5) % 256)] = acc_4;
                long op_s_offsets_r_4 = quicksort_fused_3_op_s_offsets(acc_4, group_values[k_5 + 9 * l_5]);
                acc_4 = op_s_offsets_r_4;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_6 = get_local_id(0);
            for (long j_4 = 0; j_4 < 9; j_4++) {
                s_offsets_13[256 * j_4 + l_6 + 2304 * wg] = group_values_5[j_4 + 9 * l_6];
            }
        }
    }
}

__kernel void quicksort_fused_3_total_partial(long groups, long chunk, long n_else_instances, __global const long* else_instances, __global const long* s_lengths_1, __global long* total_partials) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k_1 = 0; k_1 < chunk; k_1++) {
                long x;
                if (l + 256 * wg + 256 * groups * k_1 < n_else_instances) {
                    long pull_total_r = quicksort_fused_3_pull_total(l + 256 * wg + 256 * groups * k_1, else_instances, s_lengths_1);
                    x = pull_total_r;
                } else {
                    x = 0L;
                }
                long op_total_r = quicksort_fused_3_op_total(acc, x);
                acc = op_total_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_2 = 0; k_2 < 2; k_2++) {
                    long op_total_r_1 = quicksort_fused_3_op_total(acc_1, group_values_in[k_2 + 2 * l_1]);
                    acc_1 = op_total_r_1;
                }
                {
                    group_values_out[l_1] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                total_partials[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_3_total_final(__global const long* total_partials, long final_chunk, long groups, __global long* total) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k_1 = 0; k_1 < final_chunk; k_1++) {
                long x;
                if (256 * k_1 + l < groups) {
                    x = total_partials[256 * k_1 + l];
                } else {
                    x = 0L;
                }
                long op_total_r = quicksort_fused_3_op_total(acc, x);
                acc = op_total_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_2 = 0; k_2 < 2; k_2++) {
                    long op_total_r_1 = quicksort_fused_3_op_total(acc_1, group_values_in[k_2 + 2 * l_1]);
                    acc_1 = op_total_r_1;
                }
                {
                    group_values_out[l_1] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                total[0] = group_values_in[0];
            }
        }
    }
}


// ===== quicksort_fused_4.cl =====
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif

/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif

static inline long quicksort_fused_4_flag_kept(long i, __global const long* s_offsets, long s_offsets_len, __global const long* then_instances, __global const long* s_offsets_1, __global const long* s_elements, __global const long* pivot) {
    long s = nessie_segment_of(s_offsets, s_offsets_len, i);
    long r = then_instances[s];
    long q = nessie_add(s_offsets_1[r], nessie_sub(i, s_offsets[s]));
    long s_elements_1 = s_elements[q];
    long j = i;
    long x = s_elements_1;
    long i_1 = j;
    long s_1 = nessie_segment_of(s_offsets, s_offsets_len, i_1);
    long r_1 = then_instances[s_1];
    long q_1 = nessie_add(s_offsets_1[r_1], nessie_sub(i_1, s_offsets[s_1]));
    long s_elements_2 = s_elements[q_1];
    long s_2 = nessie_segment_of(s_offsets, s_offsets_len, i_1);
    return s_elements_2 < pivot[s_2] ? 1L : 0L;
}

static inline long quicksort_fused_4_add_kept(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_4_count_kept(__global const long* kept_positions, long kept_positions_len, __global const long* s_offsets, long s_offsets_len, __global const long* then_instances, __global const long* s_offsets_1, __global const long* s_elements, __global const long* pivot) {
    long t;
    if (kept_positions_len > 0L) {
        long i = nessie_sub(kept_positions_len, 1L);
        long s = nessie_segment_of(s_offsets, s_offsets_len, i);
        long r = then_instances[s];
        long q = nessie_add(s_offsets_1[r], nessie_sub(i, s_offsets[s]));
        long s_elements_1 = s_elements[q];
        long j = i;
        long x = s_elements_1;
        long i_1 = j;
        long s_1 = nessie_segment_of(s_offsets, s_offsets_len, i_1);
        long r_1 = then_instances[s_1];
        long q_1 = nessie_add(s_offsets_1[r_1], nessie_sub(i_1, s_offsets[s_1]));
        long s_elements_2 = s_elements[q_1];
        long s_2 = nessie_segment_of(s_offsets, s_offsets_len, i_1);
        t = nessie_add(kept_positions[nessie_sub(kept_positions_len, 1L)], s_elements_2 < pivot[s_2] ? 1L : 0L);
    } else {
        t = 0L;
    }
    return t;
}

static inline long quicksort_fused_4_target_kept(long i, __global const long* s_offsets, long s_offsets_len, __global const long* then_instances, __global const long* s_offsets_1, __global const long* s_elements, __global const long* pivot, __global const long* kept_positions) {
    long s = nessie_segment_of(s_offsets, s_offsets_len, i);
    long r = then_instances[s];
    long q = nessie_add(s_offsets_1[r], nessie_sub(i, s_offsets[s]));
    long s_elements_1 = s_elements[q];
    long j = i;
    long x = s_elements_1;
    long i_1 = j;
    long s_1 = nessie_segment_of(s_offsets, s_offsets_len, i_1);
    long r_1 = then_instances[s_1];
    long q_1 = nessie_add(s_offsets_1[r_1], nessie_sub(i_1, s_offsets[s_1]));
    long s_elements_2 = s_elements[q_1];
    long s_2 = nessie_segment_of(s_offsets, s_offsets_len, i_1);
    return (s_elements_2 < pivot[s_2] ? 1L : 0L) != 0L ? kept_positions[i] : -1L;
}

static inline void quicksort_fused_4_pull_kept(long i, __global const long* s_offsets, long s_offsets_len, __global const long* then_instances, __global const long* s_offsets_1, __global const long* s_elements, long* r0, long* r1) {
    long s = nessie_segment_of(s_offsets, s_offsets_len, i);
    long r = then_instances[s];
    long q = nessie_add(s_offsets_1[r], nessie_sub(i, s_offsets[s]));
    long s_elements_1 = s_elements[q];
    *r0 = i;
    *r1 = s_elements_1;
}

static inline void quicksort_fused_4_pull_lesser_lengths(long p, __global const long* s_offsets, long s_offsets_len, __global const long* then_instances, __global const long* s_offsets_1, __global const long* s_elements, __global const long* pivot, long* r0, long* r1, long* r2) {
    long s = nessie_segment_of(s_offsets, s_offsets_len, p);
    long r = then_instances[s];
    long q = nessie_add(s_offsets_1[r], nessie_sub(p, s_offsets[s]));
    long s_elements_1 = s_elements[q];
    long s_1 = nessie_segment_of(s_offsets, s_offsets_len, p);
    int mapped = s_elements_1 < pivot[s_1];
    long v = (long)mapped;
    long s_2 = nessie_segment_of(s_offsets, s_offsets_len, p);
    long r_1 = then_instances[s_2];
    long q_1 = nessie_add(s_offsets_1[r_1], nessie_sub(p, s_offsets[s_2]));
    long s_elements_2 = s_elements[q_1];
    long s_3 = nessie_segment_of(s_offsets, s_offsets_len, p);
    int mapped_1 = s_elements_2 == pivot[s_3];
    long v_1 = (long)mapped_1;
    long v_2 = v;
    long v_3 = v_1;
    long s_4 = nessie_segment_of(s_offsets, s_offsets_len, p);
    long r_2 = then_instances[s_4];
    long q_2 = nessie_add(s_offsets_1[r_2], nessie_sub(p, s_offsets[s_4]));
    long s_elements_3 = s_elements[q_2];
    long s_5 = nessie_segment_of(s_offsets, s_offsets_len, p);
    int mapped_2 = s_elements_3 > pivot[s_5];
    long v_4 = (long)mapped_2;
    *r0 = v_2;
    *r1 = v_3;
    *r2 = v_4;
}

static inline void quicksort_fused_4_op_lesser_lengths(long a, long a_1, long a_2, long b, long b_1, long b_2, long* r0, long* r1, long* r2) {
    *r0 = nessie_add(a, b);
    *r1 = nessie_add(a_1, b_1);
    *r2 = nessie_add(a_2, b_2);
}

static inline long quicksort_fused_4_flag_kept_1(long i, __global const long* s_offsets, long s_offsets_len, __global const long* then_instances, __global const long* s_offsets_1, __global const long* s_elements, __global const long* pivot) {
    long s = nessie_segment_of(s_offsets, s_offsets_len, i);
    long r = then_instances[s];
    long q = nessie_add(s_offsets_1[r], nessie_sub(i, s_offsets[s]));
    long s_elements_1 = s_elements[q];
    long j = i;
    long x = s_elements_1;
    long i_1 = j;
    long s_1 = nessie_segment_of(s_offsets, s_offsets_len, i_1);
    long r_1 = then_instances[s_1];
    long q_1 = nessie_add(s_offsets_1[r_1], nessie_sub(i_1, s_offsets[s_1]));
    long s_elements_2 = s_elements[q_1];
    long s_2 = nessie_segment_of(s_offsets, s_offsets_len, i_1);
    return s_elements_2 == pivot[s_2] ? 1L : 0L;
}

static inline long quicksort_fused_4_add_kept_1(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_4_count_kept_1(__global const long* kept_positions, long kept_positions_len, __global const long* s_offsets, long s_offsets_len, __global const long* then_instances, __global const long* s_offsets_1, __global const long* s_elements, __global const long* pivot) {
    long t;
    if (kept_positions_len > 0L) {
        long i = nessie_sub(kept_positions_len, 1L);
        long s = nessie_segment_of(s_offsets, s_offsets_len, i);
        long r = then_instances[s];
        long q = nessie_add(s_offsets_1[r], nessie_sub(i, s_offsets[s]));
        long s_elements_1 = s_elements[q];
        long j = i;
        long x = s_elements_1;
        long i_1 = j;
        long s_1 = nessie_segment_of(s_offsets, s_offsets_len, i_1);
        long r_1 = then_instances[s_1];
        long q_1 = nessie_add(s_offsets_1[r_1], nessie_sub(i_1, s_offsets[s_1]));
        long s_elements_2 = s_elements[q_1];
        long s_2 = nessie_segment_of(s_offsets, s_offsets_len, i_1);
        t = nessie_add(kept_positions[nessie_sub(kept_positions_len, 1L)], s_elements_2 == pivot[s_2] ? 1L : 0L);
    } else {
        t = 0L;
    }
    return t;
}

static inline long quicksort_fused_4_target_kept_1(long i, __global const long* s_offsets, long s_offsets_len, __global const long* then_instances, __global const long* s_offsets_1, __global const long* s_elements, __global const long* pivot, __global const long* kept_positions) {
    long s = nessie_segment_of(s_offsets, s_offsets_len, i);
    long r = then_instances[s];
    long q = nessie_add(s_offsets_1[r], nessie_sub(i, s_offsets[s]));
    long s_elements_1 = s_elements[q];
    long j = i;
    long x = s_elements_1;
    long i_1 = j;
    long s_1 = nessie_segment_of(s_offsets, s_offsets_len, i_1);
    long r_1 = then_instances[s_1];
    long q_1 = nessie_add(s_offsets_1[r_1], nessie_sub(i_1, s_offsets[s_1]));
    long s_elements_2 = s_elements[q_1];
    long s_2 = nessie_segment_of(s_offsets, s_offsets_len, i_1);
    return (s_elements_2 == pivot[s_2] ? 1L : 0L) != 0L ? kept_positions[i] : -1L;
}

static inline void quicksort_fused_4_pull_kept_1(long i, __global const long* s_offsets, long s_offsets_len, __global const long* then_instances, __global const long* s_offsets_1, __global const long* s_elements, long* r0, long* r1) {
    long s = nessie_segment_of(s_offsets, s_offsets_len, i);
    long r = then_instances[s];
    long q = nessie_add(s_offsets_1[r], nessie_sub(i, s_offsets[s]));
    long s_elements_1 = s_elements[q];
    *r0 = i;
    *r1 = s_elements_1;
}

static inline long quicksort_fused_4_flag_kept_2(long i, __global const long* s_offsets, long s_offsets_len, __global const long* then_instances, __global const long* s_offsets_1, __global const long* s_elements, __global const long* pivot) {
    long s = nessie_segment_of(s_offsets, s_offsets_len, i);
    long r = then_instances[s];
    long q = nessie_add(s_offsets_1[r], nessie_sub(i, s_offsets[s]));
    long s_elements_1 = s_elements[q];
    long j = i;
    long x = s_elements_1;
    long i_1 = j;
    long s_1 = nessie_segment_of(s_offsets, s_offsets_len, i_1);
    long r_1 = then_instances[s_1];
    long q_1 = nessie_add(s_offsets_1[r_1], nessie_sub(i_1, s_offsets[s_1]));
    long s_elements_2 = s_elements[q_1];
    long s_2 = nessie_segment_of(s_offsets, s_offsets_len, i_1);
    return s_elements_2 > pivot[s_2] ? 1L : 0L;
}

static inline long quicksort_fused_4_add_kept_2(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_4_count_kept_2(__global const long* kept_positions, long kept_positions_len, __global const long* s_offsets, long s_offsets_len, __global const long* then_instances, __global const long* s_offsets_1, __global const long* s_elements, __global const long* pivot) {
    long t;
    if (kept_positions_len > 0L) {
        long i = nessie_sub(kept_positions_len, 1L);
        long s = nessie_segment_of(s_offsets, s_offsets_len, i);
        long r = then_instances[s];
        long q = nessie_add(s_offsets_1[r], nessie_sub(i, s_offsets[s]));
        long s_elements_1 = s_elements[q];
        long j = i;
        long x = s_elements_1;
        long i_1 = j;
        long s_1 = nessie_segment_of(s_offsets, s_offsets_len, i_1);
        long r_1 = then_instances[s_1];
        long q_1 = nessie_add(s_offsets_1[r_1], nessie_sub(i_1, s_offsets[s_1]));
        long s_elements_2 = s_elements[q_1];
        long s_2 = nessie_segment_of(s_offsets, s_offsets_len, i_1);
        t = nessie_add(kept_positions[nessie_sub(kept_positions_len, 1L)], s_elements_2 > pivot[s_2] ? 1L : 0L);
    } else {
        t = 0L;
    }
    return t;
}

static inline long quicksort_fused_4_target_kept_2(long i, __global const long* s_offsets, long s_offsets_len, __global const long* then_instances, __global const long* s_offsets_1, __global const long* s_elements, __global const long* pivot, __global const long* kept_positions) {
    long s = nessie_segment_of(s_offsets, s_offsets_len, i);
    long r = then_instances[s];
    long q = nessie_add(s_offsets_1[r], nessie_sub(i, s_offsets[s]));
    long s_elements_1 = s_elements[q];
    long j = i;
    long x = s_elements_1;
    long i_1 = j;
    long s_1 = nessie_segment_of(s_offsets, s_offsets_len, i_1);
    long r_1 = then_instances[s_1];
    long q_1 = nessie_add(s_offsets_1[r_1], nessie_sub(i_1, s_offsets[s_1]));
    long s_elements_2 = s_elements[q_1];
    long s_2 = nessie_segment_of(s_offsets, s_offsets_len, i_1);
    return (s_elements_2 > pivot[s_2] ? 1L : 0L) != 0L ? kept_positions[i] : -1L;
}

static inline void quicksort_fused_4_pull_kept_2(long i, __global const long* s_offsets, long s_offsets_len, __global const long* then_instances, __global const long* s_offsets_1, __global const long* s_elements, long* r0, long* r1) {
    long s = nessie_segment_of(s_offsets, s_offsets_len, i);
    long r = then_instances[s];
    long q = nessie_add(s_offsets_1[r], nessie_sub(i, s_offsets[s]));
    long s_elements_1 = s_elements[q];
    *r0 = i;
    *r1 = s_elements_1;
}

static inline long quicksort_fused_4_elements_lesser_lengths(__global const long* s_lengths, long s_lengths_len, __global const long* s_offsets) {
    return s_lengths_len > 0L ? nessie_add(s_offsets[nessie_sub(s_lengths_len, 1L)], s_lengths[nessie_sub(s_lengths_len, 1L)]) : 0L;
}

__kernel void quicksort_fused_4_kept_positions_tile_totals(long tiles, long total_1, __global const long* s_offsets_0, long n_s_offsets, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global const long* pivot, __global long* kept_positions_tile_totals_125) {
    __local long group_values[256];
    __local long group_values_1[2304];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < total_1) {
                    long flag_kept_r = quicksort_fused_4_flag_kept(256 * j + l + 2304 * wg, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, pivot);
                    x = flag_kept_r;
                } else {
                    x = 0L;
                }
                group_values_1[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long add_kept_r = quicksort_fused_4_add_kept(acc, group_values_1[k + 9 * l_1]);
                acc = add_kept_r;
            }
            {
                group_values[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_2 = get_local_id(0); l_2 < m / 2; l_2 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long add_kept_r_1 = quicksort_fused_4_add_kept(acc_1, group_values_in[k_1 + 2 * l_2]);
                    acc_1 = add_kept_r_1;
                }
                {
                    group_values_out[l_2] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            {
                kept_positions_tile_totals_125[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_4_kept_positions_tile_offsets(__global const long* kept_positions_tile_totals_125, long tile_chunk, long tiles, __global long* kept_positions_tile_offsets_126) {
    __local long group_values[256];
    __local long group_values_1[16];
    __local long group_values_2[16];
    __local long group_values_3[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < tile_chunk; k++) {
                long x;
                if (k + l * tile_chunk < tiles) {
                    x = kept_positions_tile_totals_125[k + l * tile_chunk];
                } else {
                    x = 0L;
                }
                long add_kept_r = quicksort_fused_4_add_kept(acc, x);
                acc = add_kept_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 16; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long add_kept_r_1 = quicksort_fused_4_add_kept(acc_1, group_values[k_1 + 16 * l_1]);
                acc_1 = add_kept_r_1;
            }
            {
                group_values_2[l_1] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            long acc_2 = 0L;
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_1[k_2] = acc_2;
                long add_kept_r_2 = quicksort_fused_4_add_kept(acc_2, group_values_2[k_2]);
                acc_2 = add_kept_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 16; l_3 += get_local_size(0)) {
            long acc_3 = group_values_1[l_3];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_3[k_3 + 16 * l_3] = acc_3;
                long add_kept_r_3 = quicksort_fused_4_add_kept(acc_3, group_values[k_3 + 16 * l_3]);
                acc_3 = add_kept_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_4 = get_local_id(0);
            long acc_4 = group_values_3[l_4];
            for (long k_4 = 0; k_4 < tile_chunk; k_4++) {
                kept_positions_tile_offsets_126[k_4 + l_4 * tile_chunk] = acc_4;
                long x_1;
                if (k_4 + l_4 * tile_chunk < tiles) {
                    x_1 = kept_positions_tile_totals_125[k_4 + l_4 * tile_chunk];
                } else {
                    x_1 = 0L;
                }
                long add_kept_r_4 = quicksort_fused_4_add_kept(acc_4, x_1);
                acc_4 = add_kept_r_4;
            }
        }
    }
}

__kernel void quicksort_fused_4_kept_positions_scan(__global const long* kept_positions_tile_offsets_126, long tiles, long total_1, __global const long* s_offsets_0, long n_s_offsets, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global const long* pivot, __global long* kept_positions_113) {
    __local long group_values[2304];
    __local long group_values_1[256];
    __local long group_values_2[16];
    __local long group_values_3[16];
    __local long group_values_4[256];
    __local long group_values_5[2304];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < total_1) {
                    long flag_kept_r = quicksort_fused_4_flag_kept(256 * j + l + 2304 * wg, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, pivot);
                    x = flag_kept_r;
                } else {
                    x = 0L;
                }
                group_values[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long add_kept_r = quicksort_fused_4_add_kept(acc, group_values[k + 9 * l_1]);
                acc = add_kept_r;
            }
            {
                group_values_1[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 16; l_2 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long add_kept_r_1 = quicksort_fused_4_add_kept(acc_1, group_values_1[k_1 + 16 * l_2]);
                acc_1 = add_kept_r_1;
            }
            {
                group_values_3[l_2] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            long acc_2 = kept_positions_tile_offsets_126[wg];
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_2[k_2] = acc_2;
                long add_kept_r_2 = quicksort_fused_4_add_kept(acc_2, group_values_3[k_2]);
                acc_2 = add_kept_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_4 = get_local_id(0); l_4 < 16; l_4 += get_local_size(0)) {
            long acc_3 = group_values_2[l_4];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_4[k_3 + 16 * l_4] = acc_3;
                long add_kept_r_3 = quicksort_fused_4_add_kept(acc_3, group_values_1[k_3 + 16 * l_4]);
                acc_3 = add_kept_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_5 = get_local_id(0);
            long acc_4 = group_values_4[l_5];
            for (long k_4 = 0; k_4 < 9; k_4++) {
                group_values_5[(k_4 + 9 * l_5) / 256 + 9 * ((k_4 + 9 * l_5) % 256)] = acc_4;
                long add_kept_r_4 = quicksort_fused_4_add_kept(acc_4, group_values[k_4 + 9 * l_5]);
                acc_4 = add_kept_r_4;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_6 = get_local_id(0);
            for (long j_3 = 0; j_3 < 9; j_3++) {
                kept_positions_113[256 * j_3 + l_6 + 2304 * wg] = group_values_5[j_3 + 9 * l_6];
            }
        }
    }
}

__kernel void quicksort_fused_4_kept_count(__global const long* kept_positions_113, long total_1, __global const long* s_offsets_0, long n_s_offsets, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global const long* pivot, __global long* kept_kept_114) {
    const long gid = get_global_id(0);
    if (gid < 1) {
        long count_kept_r = quicksort_fused_4_count_kept(kept_positions_113, total_1, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, pivot);
        kept_kept_114[0] = count_kept_r;
    }
}

__kernel void quicksort_fused_4_kept(long total_1, __global const long* s_offsets_0, long n_s_offsets, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global const long* pivot, __global const long* kept_positions_113, __global long* kept_14, __global long* lesser_elements_15) {
    const long gid = get_global_id(0);
    if (gid < total_1) {
        long pull_kept_r;
        long pull_kept_r_1;
        quicksort_fused_4_pull_kept(gid, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, &pull_kept_r, &pull_kept_r_1);
        long target_kept_r = quicksort_fused_4_target_kept(gid, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, pivot, kept_positions_113);
        if (target_kept_r >= 0) {
            kept_14[target_kept_r] = pull_kept_r;
            lesser_elements_15[target_kept_r] = pull_kept_r_1;
        }
    }
}

__kernel void quicksort_fused_4_lesser_lengths_elements(__global const long* s_lengths, long n_s_lengths, __global const long* s_offsets_0, __global long* lesser_lengths_elements) {
    const long gid = get_global_id(0);
    if (gid < 1) {
        long elements_lesser_lengths_r = quicksort_fused_4_elements_lesser_lengths(s_lengths, n_s_lengths, s_offsets_0);
        lesser_lengths_elements[0] = elements_lesser_lengths_r;
    }
}

__kernel void quicksort_fused_4_lesser_lengths(__global const long* s_offsets_0, __global const long* s_lengths, long lanes, long n_s_offsets, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global const long* pivot, __global long* lesser_lengths_20, __global long* lesser_lengths_32, __global long* lesser_lengths_44) {
    __local long team_values[256];
    __local long team_values_1[256];
    __local long team_values_2[256];
    __local int long_teams[259];
    const long l = get_local_id(0);
    const long lane = l & (lanes - 1);
    const long team = l / lanes;
    const long teams = 256 / lanes;
    if (l < 3) long_teams[256 + l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long first = get_group_id(0) * teams, step = 0; first < n_s_offsets; first += get_num_groups(0) * teams, step++) {
        const long s = first + team;
        const long counter = 256 + step % 3;
        int is_long = 0;
        long acc = 0L;
        long acc_1 = 0L;
        long acc_2 = 0L;
        if (s < n_s_offsets) {
            const long offset = s_offsets_0[s];
            const long length = s_lengths[s];
            is_long = lanes < 256 && length > 32 * lanes;
            if (is_long) {
                if (lane == 0) long_teams[atomic_inc(&long_teams[counter])] = (int)team;
            } else {
                for (long k = lane; k < length; k += lanes) {
                    long pull_lesser_lengths_r;
                    long pull_lesser_lengths_r_1;
                    long pull_lesser_lengths_r_2;
                    quicksort_fused_4_pull_lesser_lengths(offset + k, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, pivot, &pull_lesser_lengths_r, &pull_lesser_lengths_r_1, &pull_lesser_lengths_r_2);
                    long op_lesser_lengths_r;
                    long op_lesser_lengths_r_1;
                    long op_lesser_lengths_r_2;
                    quicksort_fused_4_op_lesser_lengths(acc, acc_1, acc_2, pull_lesser_lengths_r, pull_lesser_lengths_r_1, pull_lesser_lengths_r_2, &op_lesser_lengths_r, &op_lesser_lengths_r_1, &op_lesser_lengths_r_2);
                    acc = op_lesser_lengths_r;
                    acc_1 = op_lesser_lengths_r_1;
                    acc_2 = op_lesser_lengths_r_2;
                }
            }
        }
        team_values[l] = acc;
        team_values_1[l] = acc_1;
        team_values_2[l] = acc_2;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) long_teams[256 + (step + 2) % 3] = 0;
        if (lanes > 1) {
            for (long h = 1; h < lanes; h *= 2) {
                if ((lane & (2 * h - 1)) == 0) {
                    long op_lesser_lengths_r_3;
                    long op_lesser_lengths_r_4;
                    long op_lesser_lengths_r_5;
                    quicksort_fused_4_op_lesser_lengths(team_values[l], team_values_1[l], team_values_2[l], team_values[l + h], team_values_1[l + h], team_values_2[l + h], &op_lesser_lengths_r_3, &op_lesser_lengths_r_4, &op_lesser_lengths_r_5);
                    team_values[l] = op_lesser_lengths_r_3;
                    team_values_1[l] = op_lesser_lengths_r_4;
                    team_values_2[l] = op_lesser_lengths_r_5;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            acc = team_values[l];
            acc_1 = team_values_1[l];
            acc_2 = team_values_2[l];
        }
        if (lane == 0 && s < n_s_offsets && !is_long) {
            lesser_lengths_20[s] = acc;
            lesser_lengths_32[s] = acc_1;
            lesser_lengths_44[s] = acc_2;
        }
        const int n_long = long_teams[counter];
        for (int i = 0; i < n_long; i++) {
            const long s_1 = first + long_teams[i];
            const long offset_1 = s_offsets_0[s_1];
            const long length_1 = s_lengths[s_1];
            long acc_3 = 0L;
            long acc_4 = 0L;
            long acc_5 = 0L;
            for (long k_1 = l; k_1 < length_1; k_1 += 256) {
                long pull_lesser_lengths_r_3;
                long pull_lesser_lengths_r_4;
                long pull_lesser_lengths_r_5;
                quicksort_fused_4_pull_lesser_lengths(offset_1 + k_1, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, pivot, &pull_lesser_lengths_r_3, &pull_lesser_lengths_r_4, &pull_lesser_lengths_r_5);
                long op_lesser_lengths_r_6;
                long op_lesser_lengths_r_7;
                long op_lesser_lengths_r_8;
                quicksort_fused_4_op_lesser_lengths(acc_3, acc_4, acc_5, pull_lesser_lengths_r_3, pull_lesser_lengths_r_4, pull_lesser_lengths_r_5, &op_lesser_lengths_r_6, &op_lesser_lengths_r_7, &op_lesser_lengths_r_8);
                acc_3 = op_lesser_lengths_r_6;
                acc_4 = op_lesser_lengths_r_7;
                acc_5 = op_lesser_lengths_r_8;
            }
            team_values[l] = acc_3;
            team_values_1[l] = acc_4;
            team_values_2[l] = acc_5;
            barrier(CLK_LOCAL_MEM_FENCE);
            for (long h_1 = 1; h_1 < 256; h_1 *= 2) {
                if ((l & (2 * h_1 - 1)) == 0) {
                    long op_lesser_lengths_r_9;
                    long op_lesser_lengths_r_10;
                    long op_lesser_lengths_r_11;
                    quicksort_fused_4_op_lesser_lengths(team_values[l], team_values_1[l], team_values_2[l], team_values[l + h_1], team_values_1[l + h_1], team_values_2[l + h_1], &op_lesser_lengths_r_9, &op_lesser_lengths_r_10, &op_lesser_lengths_r_11);
                    team_values[l] = op_lesser_lengths_r_9;
                    team_values_1[l] = op_lesser_lengths_r_10;
                    team_values_2[l] = op_lesser_lengths_r_11;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            if (l == 0) {
                lesser_lengths_20[s_1] = team_values[0];
                lesser_lengths_32[s_1] = team_values_1[0];
                lesser_lengths_44[s_1] = team_values_2[0];
            }
        }
    }
}

__kernel void quicksort_fused_4_kept_positions_tile_totals_1(long tiles, long total_1, __global const long* s_offsets_0, long n_s_offsets, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global const long* pivot, __global long* kept_positions_tile_totals_128) {
    __local long group_values[256];
    __local long group_values_1[2304];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < total_1) {
                    long flag_kept_1_r = quicksort_fused_4_flag_kept_1(256 * j + l + 2304 * wg, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, pivot);
                    x = flag_kept_1_r;
                } else {
                    x = 0L;
                }
                group_values_1[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long add_kept_1_r = quicksort_fused_4_add_kept_1(acc, group_values_1[k + 9 * l_1]);
                acc = add_kept_1_r;
            }
            {
                group_values[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_2 = get_local_id(0); l_2 < m / 2; l_2 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long add_kept_1_r_1 = quicksort_fused_4_add_kept_1(acc_1, group_values_in[k_1 + 2 * l_2]);
                    acc_1 = add_kept_1_r_1;
                }
                {
                    group_values_out[l_2] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            {
                kept_positions_tile_totals_128[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_4_kept_positions_tile_offsets_1(__global const long* kept_positions_tile_totals_128, long tile_chunk, long tiles, __global long* kept_positions_tile_offsets_129) {
    __local long group_values[256];
    __local long group_values_1[16];
    __local long group_values_2[16];
    __local long group_values_3[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < tile_chunk; k++) {
                long x;
                if (k + l * tile_chunk < tiles) {
                    x = kept_positions_tile_totals_128[k + l * tile_chunk];
                } else {
                    x = 0L;
                }
                long add_kept_1_r = quicksort_fused_4_add_kept_1(acc, x);
                acc = add_kept_1_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 16; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long add_kept_1_r_1 = quicksort_fused_4_add_kept_1(acc_1, group_values[k_1 + 16 * l_1]);
                acc_1 = add_kept_1_r_1;
            }
            {
                group_values_2[l_1] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            long acc_2 = 0L;
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_1[k_2] = acc_2;
                long add_kept_1_r_2 = quicksort_fused_4_add_kept_1(acc_2, group_values_2[k_2]);
                acc_2 = add_kept_1_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 16; l_3 += get_local_size(0)) {
            long acc_3 = group_values_1[l_3];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_3[k_3 + 16 * l_3] = acc_3;
                long add_kept_1_r_3 = quicksort_fused_4_add_kept_1(acc_3, group_values[k_3 + 16 * l_3]);
                acc_3 = add_kept_1_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_4 = get_local_id(0);
            long acc_4 = group_values_3[l_4];
            for (long k_4 = 0; k_4 < tile_chunk; k_4++) {
                kept_positions_tile_offsets_129[k_4 + l_4 * tile_chunk] = acc_4;
                long x_1;
                if (k_4 + l_4 * tile_chunk < tiles) {
                    x_1 = kept_positions_tile_totals_128[k_4 + l_4 * tile_chunk];
                } else {
                    x_1 = 0L;
                }
                long add_kept_1_r_4 = quicksort_fused_4_add_kept_1(acc_4, x_1);
                acc_4 = add_kept_1_r_4;
            }
        }
    }
}

__kernel void quicksort_fused_4_kept_positions_scan_1(__global const long* kept_positions_tile_offsets_129, long tiles, long total_1, __global const long* s_offsets_0, long n_s_offsets, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global const long* pivot, __global long* kept_positions_117) {
    __local long group_values[2304];
    __local long group_values_1[256];
    __local long group_values_2[16];
    __local long group_values_3[16];
    __local long group_values_4[256];
    __local long group_values_5[2304];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < total_1) {
                    long flag_kept_1_r = quicksort_fused_4_flag_kept_1(256 * j + l + 2304 * wg, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, pivot);
                    x = flag_kept_1_r;
                } else {
                    x = 0L;
                }
                group_values[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long add_kept_1_r = quicksort_fused_4_add_kept_1(acc, group_values[k + 9 * l_1]);
                acc = add_kept_1_r;
            }
            {
                group_values_1[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 16; l_2 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long add_kept_1_r_1 = quicksort_fused_4_add_kept_1(acc_1, group_values_1[k_1 + 16 * l_2]);
                acc_1 = add_kept_1_r_1;
            }
            {
                group_values_3[l_2] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            long acc_2 = kept_positions_tile_offsets_129[wg];
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_2[k_2] = acc_2;
                long add_kept_1_r_2 = quicksort_fused_4_add_kept_1(acc_2, group_values_3[k_2]);
                acc_2 = add_kept_1_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_4 = get_local_id(0); l_4 < 16; l_4 += get_local_size(0)) {
            long acc_3 = group_values_2[l_4];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_4[k_3 + 16 * l_4] = acc_3;
                long add_kept_1_r_3 = quicksort_fused_4_add_kept_1(acc_3, group_values_1[k_3 + 16 * l_4]);
                acc_3 = add_kept_1_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_5 = get_local_id(0);
            long acc_4 = group_values_4[l_5];
            for (long k_4 = 0; k_4 < 9; k_4++) {
                group_values_5[(k_4 + 9 * l_5) / 256 + 9 * ((k_4 + 9 * l_5) % 256)] = acc_4;
                long add_kept_1_r_4 = quicksort_fused_4_add_kept_1(acc_4, group_values[k_4 + 9 * l_5]);
                acc_4 = add_kept_1_r_4;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_6 = get_local_id(0);
            for (long j_3 = 0; j_3 < 9; j_3++) {
                kept_positions_117[256 * j_3 + l_6 + 2304 * wg] = group_values_5[j_3 + 9 * l_6];
            }
        }
    }
}

__kernel void quicksort_fused_4_kept_count_1(__global const long* kept_positions_117, long total_1, __global const long* s_offsets_0, long n_s_offsets, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global const long* pivot, __global long* kept_kept_118) {
    const long gid = get_global_id(0);
    if (gid < 1) {
        long count_kept_1_r = quicksort_fused_4_count_kept_1(kept_positions_117, total_1, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, pivot);
        kept_kept_118[0] = count_kept_1_r;
    }
}

__kernel void quicksort_fused_4_kept_1(long total_1, __global const long* s_offsets_0, long n_s_offsets, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global const long* pivot, __global const long* kept_positions_117, __global long* kept_27, __global long* lesser_elements_28) {
    const long gid = get_global_id(0);
    if (gid < total_1) {
        long pull_kept_1_r;
        long pull_kept_1_r_1;
        quicksort_fused_4_pull_kept_1(gid, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, &pull_kept_1_r, &pull_kept_1_r_1);
        long target_kept_1_r = quicksort_fused_4_target_kept_1(gid, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, pivot, kept_positions_117);
        if (target_kept_1_r >= 0) {
            kept_27[target_kept_1_r] = pull_kept_1_r;
            lesser_elements_28[target_kept_1_r] = pull_kept_1_r_1;
        }
    }
}

__kernel void quicksort_fused_4_kept_positions_tile_totals_2(long tiles, long total_1, __global const long* s_offsets_0, long n_s_offsets, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global const long* pivot, __global long* kept_positions_tile_totals_130) {
    __local long group_values[256];
    __local long group_values_1[2304];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < total_1) {
                    long flag_kept_2_r = quicksort_fused_4_flag_kept_2(256 * j + l + 2304 * wg, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, pivot);
                    x = flag_kept_2_r;
                } else {
                    x = 0L;
                }
                group_values_1[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long add_kept_2_r = quicksort_fused_4_add_kept_2(acc, group_values_1[k + 9 * l_1]);
                acc = add_kept_2_r;
            }
            {
                group_values[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_2 = get_local_id(0); l_2 < m / 2; l_2 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long add_kept_2_r_1 = quicksort_fused_4_add_kept_2(acc_1, group_values_in[k_1 + 2 * l_2]);
                    acc_1 = add_kept_2_r_1;
                }
                {
                    group_values_out[l_2] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            {
                kept_positions_tile_totals_130[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_4_kept_positions_tile_offsets_2(__global const long* kept_positions_tile_totals_130, long tile_chunk, long tiles, __global long* kept_positions_tile_offsets_131) {
    __local long group_values[256];
    __local long group_values_1[16];
    __local long group_values_2[16];
    __local long group_values_3[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < tile_chunk; k++) {
                long x;
                if (k + l * tile_chunk < tiles) {
                    x = kept_positions_tile_totals_130[k + l * tile_chunk];
                } else {
                    x = 0L;
                }
                long add_kept_2_r = quicksort_fused_4_add_kept_2(acc, x);
                acc = add_kept_2_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 16; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long add_kept_2_r_1 = quicksort_fused_4_add_kept_2(acc_1, group_values[k_1 + 16 * l_1]);
                acc_1 = add_kept_2_r_1;
            }
            {
                group_values_2[l_1] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            long acc_2 = 0L;
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_1[k_2] = acc_2;
                long add_kept_2_r_2 = quicksort_fused_4_add_kept_2(acc_2, group_values_2[k_2]);
                acc_2 = add_kept_2_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 16; l_3 += get_local_size(0)) {
            long acc_3 = group_values_1[l_3];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_3[k_3 + 16 * l_3] = acc_3;
                long add_kept_2_r_3 = quicksort_fused_4_add_kept_2(acc_3, group_values[k_3 + 16 * l_3]);
                acc_3 = add_kept_2_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_4 = get_local_id(0);
            long acc_4 = group_values_3[l_4];
            for (long k_4 = 0; k_4 < tile_chunk; k_4++) {
                kept_positions_tile_offsets_131[k_4 + l_4 * tile_chunk] = acc_4;
                long x_1;
                if (k_4 + l_4 * tile_chunk < tiles) {
                    x_1 = kept_positions_tile_totals_130[k_4 + l_4 * tile_chunk];
                } else {
                    x_1 = 0L;
                }
                long add_kept_2_r_4 = quicksort_fused_4_add_kept_2(acc_4, x_1);
                acc_4 = add_kept_2_r_4;
            }
        }
    }
}

__kernel void quicksort_fused_4_kept_positions_scan_2(__global const long* kept_positions_tile_offsets_131, long tiles, long total_1, __global const long* s_offsets_0, long n_s_offsets, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global const long* pivot, __global long* kept_positions_121) {
    __local long group_values[2304];
    __local long group_values_1[256];
    __local long group_values_2[16];
    __local long group_values_3[16];
    __local long group_values_4[256];
    __local long group_values_5[2304];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < total_1) {
                    long flag_kept_2_r = quicksort_fused_4_flag_kept_2(256 * j + l + 2304 * wg, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, pivot);
                    x = flag_kept_2_r;
                } else {
                    x = 0L;
                }
                group_values[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long add_kept_2_r = quicksort_fused_4_add_kept_2(acc, group_values[k + 9 * l_1]);
                acc = add_kept_2_r;
            }
            {
                group_values_1[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 16; l_2 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long add_kept_2_r_1 = quicksort_fused_4_add_kept_2(acc_1, group_values_1[k_1 + 16 * l_2]);
                acc_1 = add_kept_2_r_1;
            }
            {
                group_values_3[l_2] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            long acc_2 = kept_positions_tile_offsets_131[wg];
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_2[k_2] = acc_2;
                long add_kept_2_r_2 = quicksort_fused_4_add_kept_2(acc_2, group_values_3[k_2]);
                acc_2 = add_kept_2_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_4 = get_local_id(0); l_4 < 16; l_4 += get_local_size(0)) {
            long acc_3 = group_values_2[l_4];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_4[k_3 + 16 * l_4] = acc_3;
                long add_kept_2_r_3 = quicksort_fused_4_add_kept_2(acc_3, group_values_1[k_3 + 16 * l_4]);
                acc_3 = add_kept_2_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_5 = get_local_id(0);
            long acc_4 = group_values_4[l_5];
            for (long k_4 = 0; k_4 < 9; k_4++) {
                group_values_5[(k_4 + 9 * l_5) / 256 + 9 * ((k_4 + 9 * l_5) % 256)] = acc_4;
                long add_kept_2_r_4 = quicksort_fused_4_add_kept_2(acc_4, group_values[k_4 + 9 * l_5]);
                acc_4 = add_kept_2_r_4;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_6 = get_local_id(0);
            for (long j_3 = 0; j_3 < 9; j_3++) {
                kept_positions_121[256 * j_3 + l_6 + 2304 * wg] = group_values_5[j_3 + 9 * l_6];
            }
        }
    }
}

__kernel void quicksort_fused_4_kept_count_2(__global const long* kept_positions_121, long total_1, __global const long* s_offsets_0, long n_s_offsets, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global const long* pivot, __global long* kept_kept_122) {
    const long gid = get_global_id(0);
    if (gid < 1) {
        long count_kept_2_r = quicksort_fused_4_count_kept_2(kept_positions_121, total_1, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, pivot);
        kept_kept_122[0] = count_kept_2_r;
    }
}

__kernel void quicksort_fused_4_kept_2(long total_1, __global const long* s_offsets_0, long n_s_offsets, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global const long* pivot, __global const long* kept_positions_121, __global long* kept_39, __global long* lesser_elements_40) {
    const long gid = get_global_id(0);
    if (gid < total_1) {
        long pull_kept_2_r;
        long pull_kept_2_r_1;
        quicksort_fused_4_pull_kept_2(gid, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, &pull_kept_2_r, &pull_kept_2_r_1);
        long target_kept_2_r = quicksort_fused_4_target_kept_2(gid, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, pivot, kept_positions_121);
        if (target_kept_2_r >= 0) {
            kept_39[target_kept_2_r] = pull_kept_2_r;
            lesser_elements_40[target_kept_2_r] = pull_kept_2_r_1;
        }
    }
}


// ===== quicksort_scan_sum_fused.cl =====
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif

/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif

static inline void quicksort_scan_sum_fused_pull_s_offsets(long i, __global const long* s_lengths, __global const long* s_lengths_1, __global const long* s_lengths_2, long* r0, long* r1, long* r2) {
    *r0 = s_lengths[i];
    *r1 = s_lengths_1[i];
    *r2 = s_lengths_2[i];
}

static inline void quicksort_scan_sum_fused_op_s_offsets(long a, long a_1, long a_2, long b, long b_1, long b_2, long* r0, long* r1, long* r2) {
    *r0 = nessie_add(a, b);
    *r1 = nessie_add(a_1, b_1);
    *r2 = nessie_add(a_2, b_2);
}

__kernel void quicksort_scan_sum_fused_s_offsets_tile_totals(long tiles, long n_s_lengths, __global const long* s_lengths_0, __global const long* s_lengths_5, __global const long* s_lengths_10, __global long* s_offsets_tile_totals_15, __global long* s_offsets_tile_totals_16, __global long* s_offsets_tile_totals_17) {
    __local long group_values[256];
    __local long group_values_1[256];
    __local long group_values_2[256];
    __local long group_values_3[256];
    __local long group_values_4[256];
    __local long group_values_5[256];
    __local long group_swap[256];
    __local long group_swap_1[256];
    __local long group_swap_2[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            {
                long x;
                long x_1;
                long x_2;
                if (l + 256 * wg < n_s_lengths) {
                    long pull_s_offsets_r;
                    long pull_s_offsets_r_1;
                    long pull_s_offsets_r_2;
                    quicksort_scan_sum_fused_pull_s_offsets(l + 256 * wg, s_lengths_0, s_lengths_5, s_lengths_10, &pull_s_offsets_r, &pull_s_offsets_r_1, &pull_s_offsets_r_2);
                    x = pull_s_offsets_r;
                    x_1 = pull_s_offsets_r_1;
                    x_2 = pull_s_offsets_r_2;
                } else {
                    x = 0L;
                    x_1 = 0L;
                    x_2 = 0L;
                }
                group_values_3[l] = x;
                group_values_4[l] = x_1;
                group_values_5[l] = x_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            long acc_1 = 0L;
            long acc_2 = 0L;
            for (long k = 0; k < 1; k++) {
                long op_s_offsets_r;
                long op_s_offsets_r_1;
                long op_s_offsets_r_2;
                quicksort_scan_sum_fused_op_s_offsets(acc, acc_1, acc_2, group_values_3[k + l_1], group_values_4[k + l_1], group_values_5[k + l_1], &op_s_offsets_r, &op_s_offsets_r_1, &op_s_offsets_r_2);
                acc = op_s_offsets_r;
                acc_1 = op_s_offsets_r_1;
                acc_2 = op_s_offsets_r_2;
            }
            {
                group_values[l_1] = acc;
                group_values_1[l_1] = acc_1;
                group_values_2[l_1] = acc_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        __local long* group_values_1_in = group_values_1;
        __local long* group_values_1_out = group_swap_1;
        __local long* group_values_2_in = group_values_2;
        __local long* group_values_2_out = group_swap_2;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_2 = get_local_id(0); l_2 < m / 2; l_2 += get_local_size(0)) {
                long acc_3 = 0L;
                long acc_4 = 0L;
                long acc_5 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long op_s_offsets_r_3;
                    long op_s_offsets_r_4;
                    long op_s_offsets_r_5;
                    quicksort_scan_sum_fused_op_s_offsets(acc_3, acc_4, acc_5, group_values_in[k_1 + 2 * l_2], group_values_1_in[k_1 + 2 * l_2], group_values_2_in[k_1 + 2 * l_2], &op_s_offsets_r_3, &op_s_offsets_r_4, &op_s_offsets_r_5);
                    acc_3 = op_s_offsets_r_3;
                    acc_4 = op_s_offsets_r_4;
                    acc_5 = op_s_offsets_r_5;
                }
                {
                    group_values_out[l_2] = acc_3;
                    group_values_1_out[l_2] = acc_4;
                    group_values_2_out[l_2] = acc_5;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            {
                __local long* t = group_values_1_in;
                group_values_1_in = group_values_1_out;
                group_values_1_out = t;
            }
            {
                __local long* t = group_values_2_in;
                group_values_2_in = group_values_2_out;
                group_values_2_out = t;
            }
            m /= 2;
        }
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            {
                s_offsets_tile_totals_15[wg] = group_values_in[0];
                s_offsets_tile_totals_16[wg] = group_values_1_in[0];
                s_offsets_tile_totals_17[wg] = group_values_2_in[0];
            }
        }
    }
}

__kernel void quicksort_scan_sum_fused_s_offsets_tile_offsets(__global const long* s_offsets_tile_totals_15, __global const long* s_offsets_tile_totals_16, __global const long* s_offsets_tile_totals_17, long tile_chunk, long tiles, __global long* s_offsets_tile_offsets_18, __global long* s_offsets_tile_offsets_19, __global long* s_offsets_tile_offsets_20) {
    __local long group_values[256];
    __local long group_values_1[256];
    __local long group_values_2[256];
    __local long group_values_3[16];
    __local long group_values_4[16];
    __local long group_values_5[16];
    __local long group_values_6[16];
    __local long group_values_7[16];
    __local long group_values_8[16];
    __local long group_values_9[256];
    __local long group_values_10[256];
    __local long group_values_11[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            long acc_1 = 0L;
            long acc_2 = 0L;
            for (long k = 0; k < tile_chunk; k++) {
                long x;
                long x_1;
                long x_2;
                if (k + l * tile_chunk < tiles) {
                    x = s_offsets_tile_totals_15[k + l * tile_chunk];
                    x_1 = s_offsets_tile_totals_16[k + l * tile_chunk];
                    x_2 = s_offsets_tile_totals_17[k + l * tile_chunk];
                } else {
                    x = 0L;
                    x_1 = 0L;
                    x_2 = 0L;
                }
                long op_s_offsets_r;
                long op_s_offsets_r_1;
                long op_s_offsets_r_2;
                quicksort_scan_sum_fused_op_s_offsets(acc, acc_1, acc_2, x, x_1, x_2, &op_s_offsets_r, &op_s_offsets_r_1, &op_s_offsets_r_2);
                acc = op_s_offsets_r;
                acc_1 = op_s_offsets_r_1;
                acc_2 = op_s_offsets_r_2;
            }
            {
                group_values[l] = acc;
                group_values_1[l] = acc_1;
                group_values_2[l] = acc_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 16; l_1 += get_local_size(0)) {
            long acc_3 = 0L;
            long acc_4 = 0L;
            long acc_5 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long op_s_offsets_r_3;
                long op_s_offsets_r_4;
                long op_s_offsets_r_5;
                quicksort_scan_sum_fused_op_s_offsets(acc_3, acc_4, acc_5, group_values[k_1 + 16 * l_1], group_values_1[k_1 + 16 * l_1], group_values_2[k_1 + 16 * l_1], &op_s_offsets_r_3, &op_s_offsets_r_4, &op_s_offsets_r_5);
                acc_3 = op_s_offsets_r_3;
                acc_4 = op_s_offsets_r_4;
                acc_5 = op_s_offsets_r_5;
            }
            {
                group_values_6[l_1] = acc_3;
                group_values_7[l_1] = acc_4;
                group_values_8[l_1] = acc_5;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            long acc_6 = 0L;
            long acc_7 = 0L;
            long acc_8 = 0L;
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_3[k_2] = acc_6;
                group_values_4[k_2] = acc_7;
                group_values_5[k_2] = acc_8;
                long op_s_offsets_r_6;
                long op_s_offsets_r_7;
                long op_s_offsets_r_8;
                quicksort_scan_sum_fused_op_s_offsets(acc_6, acc_7, acc_8, group_values_6[k_2], group_values_7[k_2], group_values_8[k_2], &op_s_offsets_r_6, &op_s_offsets_r_7, &op_s_offsets_r_8);
                acc_6 = op_s_offsets_r_6;
                acc_7 = op_s_offsets_r_7;
                acc_8 = op_s_offsets_r_8;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 16; l_3 += get_local_size(0)) {
            long acc_9 = group_values_3[l_3];
            long acc_10 = group_values_4[l_3];
            long acc_11 = group_values_5[l_3];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_9[k_3 + 16 * l_3] = acc_9;
                group_values_10[k_3 + 16 * l_3] = acc_10;
                group_values_11[k_3 + 16 * l_3] = acc_11;
                long op_s_offsets_r_9;
                long op_s_offsets_r_10;
                long op_s_offsets_r_11;
                quicksort_scan_sum_fused_op_s_offsets(acc_9, acc_10, acc_11, group_values[k_3 + 16 * l_3], group_values_1[k_3 + 16 * l_3], group_values_2[k_3 + 16 * l_3], &op_s_offsets_r_9, &op_s_offsets_r_10, &op_s_offsets_r_11);
                acc_9 = op_s_offsets_r_9;
                acc_10 = op_s_offsets_r_10;
                acc_11 = op_s_offsets_r_11;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_4 = get_local_id(0);
            long acc_12 = group_values_9[l_4];
            long acc_13 = group_values_10[l_4];
            long acc_14 = group_values_11[l_4];
            for (long k_4 = 0; k_4 < tile_chunk; k_4++) {
                s_offsets_tile_offsets_18[k_4 + l_4 * tile_chunk] = acc_12;
                s_offsets_tile_offsets_19[k_4 + l_4 * tile_chunk] = acc_13;
                s_offsets_tile_offsets_20[k_4 + l_4 * tile_chunk] = acc_14;
                long x_3;
                long x_4;
                long x_5;
                if (k_4 + l_4 * tile_chunk < tiles) {
                    x_3 = s_offsets_tile_totals_15[k_4 + l_4 * tile_chunk];
                    x_4 = s_offsets_tile_totals_16[k_4 + l_4 * tile_chunk];
                    x_5 = s_offsets_tile_totals_17[k_4 + l_4 * tile_chunk];
                } else {
                    x_3 = 0L;
                    x_4 = 0L;
                    x_5 = 0L;
                }
                long op_s_offsets_r_12;
                long op_s_offsets_r_13;
                long op_s_offsets_r_14;
                quicksort_scan_sum_fused_op_s_offsets(acc_12, acc_13, acc_14, x_3, x_4, x_5, &op_s_offsets_r_12, &op_s_offsets_r_13, &op_s_offsets_r_14);
                acc_12 = op_s_offsets_r_12;
                acc_13 = op_s_offsets_r_13;
                acc_14 = op_s_offsets_r_14;
            }
        }
    }
}

__kernel void quicksort_scan_sum_fused_s_offsets_scan(__global const long* s_offsets_tile_offsets_18, __global const long* s_offsets_tile_offsets_19, __global const long* s_offsets_tile_offsets_20, long tiles, long n_s_lengths, __global const long* s_lengths_0, __global const long* s_lengths_5, __global const long* s_lengths_10, __global long* s_offsets_1, __global long* s_offsets_6, __global long* s_offsets_11) {
    __local long group_values[256];
    __local long group_values_1[256];
    __local long group_values_2[256];
    __local long group_values_3[256];
    __local long group_values_4[256];
    __local long group_values_5[256];
    __local long group_values_6[16];
    __local long group_values_7[16];
    __local long group_values_8[16];
    __local long group_values_9[16];
    __local long group_values_10[16];
    __local long group_values_11[16];
    __local long group_values_12[256];
    __local long group_values_13[256];
    __local long group_values_14[256];
    __local long group_values_15[256];
    __local long group_values_16[256];
    __local long group_values_17[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            {
                long x;
                long x_1;
                long x_2;
                if (l + 256 * wg < n_s_lengths) {
                    long pull_s_offsets_r;
                    long pull_s_offsets_r_1;
                    long pull_s_offsets_r_2;
                    quicksort_scan_sum_fused_pull_s_offsets(l + 256 * wg, s_lengths_0, s_lengths_5, s_lengths_10, &pull_s_offsets_r, &pull_s_offsets_r_1, &pull_s_offsets_r_2);
                    x = pull_s_offsets_r;
                    x_1 = pull_s_offsets_r_1;
                    x_2 = pull_s_offsets_r_2;
                } else {
                    x = 0L;
                    x_1 = 0L;
                    x_2 = 0L;
                }
                group_values[l] = x;
                group_values_1[l] = x_1;
                group_values_2[l] = x_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            long acc_1 = 0L;
            long acc_2 = 0L;
            for (long k = 0; k < 1; k++) {
                long op_s_offsets_r;
                long op_s_offsets_r_1;
                long op_s_offsets_r_2;
                quicksort_scan_sum_fused_op_s_offsets(acc, acc_1, acc_2, group_values[k + l_1], group_values_1[k + l_1], group_values_2[k + l_1], &op_s_offsets_r, &op_s_offsets_r_1, &op_s_offsets_r_2);
                acc = op_s_offsets_r;
                acc_1 = op_s_offsets_r_1;
                acc_2 = op_s_offsets_r_2;
            }
            {
                group_values_3[l_1] = acc;
                group_values_4[l_1] = acc_1;
                group_values_5[l_1] = acc_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 16; l_2 += get_local_size(0)) {
            long acc_3 = 0L;
            long acc_4 = 0L;
            long acc_5 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long op_s_offsets_r_3;
                long op_s_offsets_r_4;
                long op_s_offsets_r_5;
                quicksort_scan_sum_fused_op_s_offsets(acc_3, acc_4, acc_5, group_values_3[k_1 + 16 * l_2], group_values_4[k_1 + 16 * l_2], group_values_5[k_1 + 16 * l_2], &op_s_offsets_r_3, &op_s_offsets_r_4, &op_s_offsets_r_5);
                acc_3 = op_s_offsets_r_3;
                acc_4 = op_s_offsets_r_4;
                acc_5 = op_s_offsets_r_5;
            }
            {
                group_values_9[l_2] = acc_3;
                group_values_10[l_2] = acc_4;
                group_values_11[l_2] = acc_5;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            long acc_6 = s_offsets_tile_offsets_18[wg];
            long acc_7 = s_offsets_tile_offsets_19[wg];
            long acc_8 = s_offsets_tile_offsets_20[wg];
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_6[k_2] = acc_6;
                group_values_7[k_2] = acc_7;
                group_values_8[k_2] = acc_8;
                long op_s_offsets_r_6;
                long op_s_offsets_r_7;
                long op_s_offsets_r_8;
                quicksort_scan_sum_fused_op_s_offsets(acc_6, acc_7, acc_8, group_values_9[k_2], group_values_10[k_2], group_values_11[k_2], &op_s_offsets_r_6, &op_s_offsets_r_7, &op_s_offsets_r_8);
                acc_6 = op_s_offsets_r_6;
                acc_7 = op_s_offsets_r_7;
                acc_8 = op_s_offsets_r_8;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_4 = get_local_id(0); l_4 < 16; l_4 += get_local_size(0)) {
            long acc_9 = group_values_6[l_4];
            long acc_10 = group_values_7[l_4];
            long acc_11 = group_values_8[l_4];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_12[k_3 + 16 * l_4] = acc_9;
                group_values_13[k_3 + 16 * l_4] = acc_10;
                group_values_14[k_3 + 16 * l_4] = acc_11;
                long op_s_offsets_r_9;
                long op_s_offsets_r_10;
                long op_s_offsets_r_11;
                quicksort_scan_sum_fused_op_s_offsets(acc_9, acc_10, acc_11, group_values_3[k_3 + 16 * l_4], group_values_4[k_3 + 16 * l_4], group_values_5[k_3 + 16 * l_4], &op_s_offsets_r_9, &op_s_offsets_r_10, &op_s_offsets_r_11);
                acc_9 = op_s_offsets_r_9;
                acc_10 = op_s_offsets_r_10;
                acc_11 = op_s_offsets_r_11;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_5 = get_local_id(0);
            long acc_12 = group_values_12[l_5];
            long acc_13 = group_values_13[l_5];
            long acc_14 = group_values_14[l_5];
            for (long k_4 = 0; k_4 < 1; k_4++) {
                group_values_15[k_4 + l_5] = acc_12;
                group_values_16[k_4 + l_5] = acc_13;
                group_values_17[k_4 + l_5] = acc_14;
                long op_s_offsets_r_12;
                long op_s_offsets_r_13;
                long op_s_offsets_r_14;
                quicksort_scan_sum_fused_op_s_offsets(acc_12, acc_13, acc_14, group_values[k_4 + l_5], group_values_1[k_4 + l_5], group_values_2[k_4 + l_5], &op_s_offsets_r_12, &op_s_offsets_r_13, &op_s_offsets_r_14);
                acc_12 = op_s_offsets_r_12;
                acc_13 = op_s_offsets_r_13;
                acc_14 = op_s_offsets_r_14;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_6 = get_local_id(0);
            {
                s_offsets_1[l_6 + 256 * wg] = group_values_15[l_6];
                s_offsets_6[l_6 + 256 * wg] = group_values_16[l_6];
                s_offsets_11[l_6 + 256 * wg] = group_values_17[l_6];
            }
        }
    }
}


// ===== quicksort_fused_5.cl =====
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif

/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif

static inline long quicksort_fused_5_pull_v_lengths(long p, __global const long* lesser_lengths, __global const long* greater_lengths) {
    long c = nessie_rem(p, 2L);
    long q = nessie_div(p, 2L);
    return c == 0L ? lesser_lengths[q] : greater_lengths[q];
}

static inline long quicksort_fused_5_pull_s_offsets(long i, __global const long* lesser_lengths, __global const long* greater_lengths) {
    long c = nessie_rem(i, 2L);
    long q = nessie_div(i, 2L);
    long v_lengths = c == 0L ? lesser_lengths[q] : greater_lengths[q];
    return v_lengths;
}

static inline long quicksort_fused_5_op_s_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_5_pull_total(long i, __global const long* lesser_lengths, __global const long* greater_lengths) {
    long c = nessie_rem(i, 2L);
    long q = nessie_div(i, 2L);
    long v_lengths = c == 0L ? lesser_lengths[q] : greater_lengths[q];
    return v_lengths;
}

static inline long quicksort_fused_5_op_total(long a, long b) {
    return nessie_add(a, b);
}

__kernel void quicksort_fused_5_v_lengths(long t_1, __global const long* lesser_lengths, __global const long* greater_lengths, __global long* v_lengths_3) {
    const long gid = get_global_id(0);
    if (gid < t_1) {
        long pull_v_lengths_r = quicksort_fused_5_pull_v_lengths(gid, lesser_lengths, greater_lengths);
        v_lengths_3[gid] = pull_v_lengths_r;
    }
}

__kernel void quicksort_fused_5_s_offsets_tile_totals(long tiles, long t_1, __global const long* lesser_lengths, __global const long* greater_lengths, __global long* s_offsets_tile_totals) {
    __local long group_values[256];
    __local long group_values_1[2304];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < t_1) {
                    long pull_s_offsets_r = quicksort_fused_5_pull_s_offsets(256 * j + l + 2304 * wg, lesser_lengths, greater_lengths);
                    x = pull_s_offsets_r;
                } else {
                    x = 0L;
                }
                group_values_1[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long op_s_offsets_r = quicksort_fused_5_op_s_offsets(acc, group_values_1[k + 9 * l_1]);
                acc = op_s_offsets_r;
            }
            {
                group_values[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_2 = get_local_id(0); l_2 < m / 2; l_2 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long op_s_offsets_r_1 = quicksort_fused_5_op_s_offsets(acc_1, group_values_in[k_1 + 2 * l_2]);
                    acc_1 = op_s_offsets_r_1;
                }
                {
                    group_values_out[l_2] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            {
                s_offsets_tile_totals[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_5_s_offsets_tile_offsets(__global const long* s_offsets_tile_totals, long tile_chunk, long tiles, __global long* s_offsets_tile_offsets) {
    __local long group_values[256];
    __local long group_values_1[16];
    __local long group_values_2[16];
    __local long group_values_3[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < tile_chunk; k++) {
                long x;
                if (k + l * tile_chunk < tiles) {
                    x = s_offsets_tile_totals[k + l * tile_chunk];
                } else {
                    x = 0L;
                }
                long op_s_offsets_r = quicksort_fused_5_op_s_offsets(acc, x);
                acc = op_s_offsets_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 16; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long op_s_offsets_r_1 = quicksort_fused_5_op_s_offsets(acc_1, group_values[k_1 + 16 * l_1]);
                acc_1 = op_s_offsets_r_1;
            }
            {
                group_values_2[l_1] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            long acc_2 = 0L;
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_1[k_2] = acc_2;
                long op_s_offsets_r_2 = quicksort_fused_5_op_s_offsets(acc_2, group_values_2[k_2]);
                acc_2 = op_s_offsets_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 16; l_3 += get_local_size(0)) {
            long acc_3 = group_values_1[l_3];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_3[k_3 + 16 * l_3] = acc_3;
                long op_s_offsets_r_3 = quicksort_fused_5_op_s_offsets(acc_3, group_values[k_3 + 16 * l_3]);
                acc_3 = op_s_offsets_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_4 = get_local_id(0);
            long acc_4 = group_values_3[l_4];
            for (long k_4 = 0; k_4 < tile_chunk; k_4++) {
                s_offsets_tile_offsets[k_4 + l_4 * tile_chunk] = acc_4;
                long x_1;
                if (k_4 + l_4 * tile_chunk < tiles) {
                    x_1 = s_offsets_tile_totals[k_4 + l_4 * tile_chunk];
                } else {
                    x_1 = 0L;
                }
                long op_s_offsets_r_4 = quicksort_fused_5_op_s_offsets(acc_4, x_1);
                acc_4 = op_s_offsets_r_4;
            }
        }
    }
}

__kernel void quicksort_fused_5_s_offsets_scan(__global const long* s_offsets_tile_offsets, long tiles, long t_1, __global const long* lesser_lengths, __global const long* greater_lengths, __global long* s_offsets) {
    __local long group_values[2304];
    __local long group_values_1[256];
    __local long group_values_2[16];
    __local long group_values_3[16];
    __local long group_values_4[256];
    __local long group_values_5[2304];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < t_1) {
                    long pull_s_offsets_r = quicksort_fused_5_pull_s_offsets(256 * j + l + 2304 * wg, lesser_lengths, greater_lengths);
                    x = pull_s_offsets_r;
                } else {
                    x = 0L;
                }
                group_values[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long op_s_offsets_r = quicksort_fused_5_op_s_offsets(acc, group_values[k + 9 * l_1]);
                acc = op_s_offsets_r;
            }
            {
                group_values_1[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 16; l_2 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long op_s_offsets_r_1 = quicksort_fused_5_op_s_offsets(acc_1, group_values_1[k_1 + 16 * l_2]);
                acc_1 = op_s_offsets_r_1;
            }
            {
                group_values_3[l_2] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            long acc_2 = s_offsets_tile_offsets[wg];
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_2[k_2] = acc_2;
                long op_s_offsets_r_2 = quicksort_fused_5_op_s_offsets(acc_2, group_values_3[k_2]);
                acc_2 = op_s_offsets_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_4 = get_local_id(0); l_4 < 16; l_4 += get_local_size(0)) {
            long acc_3 = group_values_2[l_4];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_4[k_3 + 16 * l_4] = acc_3;
                long op_s_offsets_r_3 = quicksort_fused_5_op_s_offsets(acc_3, group_values_1[k_3 + 16 * l_4]);
                acc_3 = op_s_offsets_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_5 = get_local_id(0);
            long acc_4 = group_values_4[l_5];
            for (long k_4 = 0; k_4 < 9; k_4++) {
                group_values_5[(k_4 + 9 * l_5) / 256 + 9 * ((k_4 + 9 * l_5) % 256)] = acc_4;
                long op_s_offsets_r_4 = quicksort_fused_5_op_s_offsets(acc_4, group_values[k_4 + 9 * l_5]);
                acc_4 = op_s_offsets_r_4;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_6 = get_local_id(0);
            for (long j_3 = 0; j_3 < 9; j_3++) {
                s_offsets[256 * j_3 + l_6 + 2304 * wg] = group_values_5[j_3 + 9 * l_6];
            }
        }
    }
}

__kernel void quicksort_fused_5_total_partial(long groups, long chunk, long t_1, __global const long* lesser_lengths, __global const long* greater_lengths, __global long* total_partials) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (l + 256 * wg + 256 * groups * k < t_1) {
                    long pull_total_r = quicksort_fused_5_pull_total(l + 256 * wg + 256 * groups * k, lesser_lengths, greater_lengths);
                    x = pull_total_r;
                } else {
                    x = 0L;
                }
                long op_total_r = quicksort_fused_5_op_total(acc, x);
                acc = op_total_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long op_total_r_1 = quicksort_fused_5_op_total(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_total_r_1;
                }
                {
                    group_values_out[l_1] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                total_partials[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_5_total_final(__global const long* total_partials, long final_chunk, long groups, __global long* total) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < final_chunk; k++) {
                long x;
                if (256 * k + l < groups) {
                    x = total_partials[256 * k + l];
                } else {
                    x = 0L;
                }
                long op_total_r = quicksort_fused_5_op_total(acc, x);
                acc = op_total_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long op_total_r_1 = quicksort_fused_5_op_total(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_total_r_1;
                }
                {
                    group_values_out[l_1] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                total[0] = group_values_in[0];
            }
        }
    }
}


// ===== quicksort_fused_6.cl =====
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif

/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif

static inline void quicksort_fused_6_pull_lengths(long i, __global const long* sorted_offsets, __global const long* sorted_lengths, __global const long* sorted_elements_lengths, __global const long* sorted_elements_offsets, __global const long* equal_offsets, __global const long* equal_lengths, __global long* err, long* r0, long* r1, long* r2, long* r3, long* r4) {
    long start = sorted_offsets[i];
    long len = sorted_lengths[i];
    if (0 || 0L >= len) {
        nessie_fail(err, 1, 2, 0L, len);
        *r0 = 0L;
        *r1 = 0L;
        *r2 = 0L;
        *r3 = 0L;
        *r4 = 0L;
        return;
    }
    long v = sorted_elements_lengths[start];
    long v_1 = sorted_elements_offsets[start];
    long start_1 = sorted_offsets[i];
    long len_1 = sorted_lengths[i];
    if (0 || 0L >= len_1) {
        nessie_fail(err, 1, 2, 0L, len_1);
        *r0 = 0L;
        *r1 = 0L;
        *r2 = 0L;
        *r3 = 0L;
        *r4 = 0L;
        return;
    }
    long lengths = sorted_elements_lengths[start_1];
    long starts = sorted_elements_offsets[start_1];
    long start_2 = starts;
    long len_2 = lengths;
    long start_3 = equal_offsets[i];
    long len_3 = equal_lengths[i];
    long v_2 = nessie_add(len_2, len_3);
    long v_3 = v;
    long v_4 = v_1;
    long v_5 = v_2;
    long start_4 = sorted_offsets[i];
    long len_4 = sorted_lengths[i];
    if (1L < 0L || 1L >= len_4) {
        nessie_fail(err, 1, 3, 1L, len_4);
        *r0 = 0L;
        *r1 = 0L;
        *r2 = 0L;
        *r3 = 0L;
        *r4 = 0L;
        return;
    }
    long k = nessie_add(start_4, 1L);
    long v_6 = sorted_elements_lengths[k];
    long v_7 = sorted_elements_offsets[k];
    *r0 = v_3;
    *r1 = v_4;
    *r2 = v_5;
    *r3 = v_6;
    *r4 = v_7;
}

static inline long quicksort_fused_6_pull_s_offsets(long i, __global const long* sorted_offsets, __global const long* sorted_lengths, __global const long* sorted_elements_lengths, __global const long* sorted_elements_offsets, __global const long* equal_offsets, __global const long* equal_lengths, __global long* err) {
    long start = sorted_offsets[i];
    long len = sorted_lengths[i];
    if (0 || 0L >= len) {
        nessie_fail(err, 1, 2, 0L, len);
        return 0L;
    }
    long lengths = sorted_elements_lengths[start];
    long starts = sorted_elements_offsets[start];
    long start_1 = starts;
    long len_1 = lengths;
    long start_2 = equal_offsets[i];
    long len_2 = equal_lengths[i];
    long lengths_1 = nessie_add(len_1, len_2);
    return lengths_1;
}

static inline long quicksort_fused_6_op_s_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_6_pull_total(long i, __global const long* sorted_offsets, __global const long* sorted_lengths, __global const long* sorted_elements_lengths, __global const long* sorted_elements_offsets, __global const long* equal_offsets, __global const long* equal_lengths, __global long* err) {
    long start = sorted_offsets[i];
    long len = sorted_lengths[i];
    if (0 || 0L >= len) {
        nessie_fail(err, 1, 2, 0L, len);
        return 0L;
    }
    long lengths = sorted_elements_lengths[start];
    long starts = sorted_elements_offsets[start];
    long start_1 = starts;
    long len_1 = lengths;
    long start_2 = equal_offsets[i];
    long len_2 = equal_lengths[i];
    long lengths_1 = nessie_add(len_1, len_2);
    return lengths_1;
}

static inline long quicksort_fused_6_op_total(long a, long b) {
    return nessie_add(a, b);
}

__kernel void quicksort_fused_6_lengths(long n_else_instances, __global const long* sorted_offsets, __global const long* sorted_lengths, __global const long* sorted_elements_lengths, __global const long* sorted_elements_offsets, __global const long* equal_offsets, __global const long* equal_lengths, __global long* lengths_5, __global long* starts_6, __global long* lengths_12, __global long* lengths_26, __global long* starts_27, __global long* err) {
    if (nessie_failed(err)) return;
    const long gid = get_global_id(0);
    if (gid < n_else_instances) {
        long pull_lengths_r;
        long pull_lengths_r_1;
        long pull_lengths_r_2;
        long pull_lengths_r_3;
        long pull_lengths_r_4;
        quicksort_fused_6_pull_lengths(gid, sorted_offsets, sorted_lengths, sorted_elements_lengths, sorted_elements_offsets, equal_offsets, equal_lengths, err, &pull_lengths_r, &pull_lengths_r_1, &pull_lengths_r_2, &pull_lengths_r_3, &pull_lengths_r_4);
        lengths_5[gid] = pull_lengths_r;
        starts_6[gid] = pull_lengths_r_1;
        lengths_12[gid] = pull_lengths_r_2;
        lengths_26[gid] = pull_lengths_r_3;
        starts_27[gid] = pull_lengths_r_4;
    }
}

__kernel void quicksort_fused_6_s_offsets_tile_totals(long tiles, long n_else_instances, __global const long* sorted_offsets, __global const long* sorted_lengths, __global const long* sorted_elements_lengths, __global const long* sorted_elements_offsets, __global const long* equal_offsets, __global const long* equal_lengths, __global long* s_offsets_tile_totals, __global long* err) {
    __local long group_values[256];
    __local long group_values_1[2304];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < n_else_instances) {
                    long pull_s_offsets_r = quicksort_fused_6_pull_s_offsets(256 * j + l + 2304 * wg, sorted_offsets, sorted_lengths, sorted_elements_lengths, sorted_elements_offsets, equal_offsets, equal_lengths, err);
                    x = pull_s_offsets_r;
                } else {
                    x = 0L;
                }
                group_values_1[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k_1 = 0; k_1 < 9; k_1++) {
                long op_s_offsets_r = quicksort_fused_6_op_s_offsets(acc, group_values_1[k_1 + 9 * l_1]);
                acc = op_s_offsets_r;
            }
            {
                group_values[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_2 = get_local_id(0); l_2 < m / 2; l_2 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_2 = 0; k_2 < 2; k_2++) {
                    long op_s_offsets_r_1 = quicksort_fused_6_op_s_offsets(acc_1, group_values_in[k_2 + 2 * l_2]);
                    acc_1 = op_s_offsets_r_1;
                }
                {
                    group_values_out[l_2] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            {
                s_offsets_tile_totals[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_6_s_offsets_tile_offsets(__global const long* s_offsets_tile_totals, long tile_chunk, long tiles, __global long* s_offsets_tile_offsets) {
    __local long group_values[256];
    __local long group_values_1[16];
    __local long group_values_2[16];
    __local long group_values_3[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k_1 = 0; k_1 < tile_chunk; k_1++) {
                long x;
                if (k_1 + l * tile_chunk < tiles) {
                    x = s_offsets_tile_totals[k_1 + l * tile_chunk];
                } else {
                    x = 0L;
                }
                long op_s_offsets_r = quicksort_fused_6_op_s_offsets(acc, x);
                acc = op_s_offsets_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 16; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_2 = 0; k_2 < 16; k_2++) {
                long op_s_offsets_r_1 = quicksort_fused_6_op_s_offsets(acc_1, group_values[k_2 + 16 * l_1]);
                acc_1 = op_s_offsets_r_1;
            }
            {
                group_values_2[l_1] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            long acc_2 = 0L;
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_1[k_3] = acc_2;
                long op_s_offsets_r_2 = quicksort_fused_6_op_s_offsets(acc_2, group_values_2[k_3]);
                acc_2 = op_s_offsets_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 16; l_3 += get_local_size(0)) {
            long acc_3 = group_values_1[l_3];
            for (long k_4 = 0; k_4 < 16; k_4++) {
                group_values_3[k_4 + 16 * l_3] = acc_3;
                long op_s_offsets_r_3 = quicksort_fused_6_op_s_offsets(acc_3, group_values[k_4 + 16 * l_3]);
                acc_3 = op_s_offsets_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_4 = get_local_id(0);
            long acc_4 = group_values_3[l_4];
            for (long k_5 = 0; k_5 < tile_chunk; k_5++) {
                s_offsets_tile_offsets[k_5 + l_4 * tile_chunk] = acc_4;
                long x_1;
                if (k_5 + l_4 * tile_chunk < tiles) {
                    x_1 = s_offsets_tile_totals[k_5 + l_4 * tile_chunk];
                } else {
                    x_1 = 0L;
                }
                long op_s_offsets_r_4 = quicksort_fused_6_op_s_offsets(acc_4, x_1);
                acc_4 = op_s_offsets_r_4;
            }
        }
    }
}

__kernel void quicksort_fused_6_s_offsets_scan(__global const long* s_offsets_tile_offsets, long tiles, long n_else_instances, __global const long* sorted_offsets, __global const long* sorted_lengths, __global const long* sorted_elements_lengths, __global const long* sorted_elements_offsets, __global const long* equal_offsets, __global const long* equal_lengths, __global long* s_offsets, __global long* err) {
    __local long group_values[2304];
    __local long group_values_1[256];
    __local long group_values_2[16];
    __local long group_values_3[16];
    __local long group_values_4[256];
    __local long group_values_5[2304];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < n_else_instances) {
                    long pull_s_offsets_r = quicksort_fused_6_pull_s_offsets(256 * j + l + 2304 * wg, sorted_offsets, sorted_lengths, sorted_elements_lengths, sorted_elements_offsets, equal_offsets, equal_lengths, err);
                    x = pull_s_offsets_r;
                } else {
                    x = 0L;
                }
                group_values[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k_1 = 0; k_1 < 9; k_1++) {
                long op_s_offsets_r = quicksort_fused_6_op_s_offsets(acc, group_values[k_1 + 9 * l_1]);
                acc = op_s_offsets_r;
            }
            {
                group_values_1[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 16; l_2 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_2 = 0; k_2 < 16; k_2++) {
                long op_s_offsets_r_1 = quicksort_fused_6_op_s_offsets(acc_1, group_values_1[k_2 + 16 * l_2]);
                acc_1 = op_s_offsets_r_1;
            }
            {
                group_values_3[l_2] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            long acc_2 = s_offsets_tile_offsets[wg];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_2[k_3] = acc_2;
                long op_s_offsets_r_2 = quicksort_fused_6_op_s_offsets(acc_2, group_values_3[k_3]);
                acc_2 = op_s_offsets_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_4 = get_local_id(0); l_4 < 16; l_4 += get_local_size(0)) {
            long acc_3 = group_values_2[l_4];
            for (long k_4 = 0; k_4 < 16; k_4++) {
                group_values_4[k_4 + 16 * l_4] = acc_3;
                long op_s_offsets_r_3 = quicksort_fused_6_op_s_offsets(acc_3, group_values_1[k_4 + 16 * l_4]);
                acc_3 = op_s_offsets_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_5 = get_local_id(0);
            long acc_4 = group_values_4[l_5];
            for (long k_5 = 0; k_5 < 9; k_5++) {
                group_values_5[(k_5 + 9 * l_5) / 256 + 9 * ((k_5 + 9 * l_5) % 256)] = acc_4;
                long op_s_offsets_r_4 = quicksort_fused_6_op_s_offsets(acc_4, group_values[k_5 + 9 * l_5]);
                acc_4 = op_s_offsets_r_4;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_6 = get_local_id(0);
            for (long j_3 = 0; j_3 < 9; j_3++) {
                s_offsets[256 * j_3 + l_6 + 2304 * wg] = group_values_5[j_3 + 9 * l_6];
            }
        }
    }
}

__kernel void quicksort_fused_6_total_partial(long groups, long chunk, long n_else_instances, __global const long* sorted_offsets, __global const long* sorted_lengths, __global const long* sorted_elements_lengths, __global const long* sorted_elements_offsets, __global const long* equal_offsets, __global const long* equal_lengths, __global long* total_partials, __global long* err) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k_1 = 0; k_1 < chunk; k_1++) {
                long x;
                if (l + 256 * wg + 256 * groups * k_1 < n_else_instances) {
                    long pull_total_r = quicksort_fused_6_pull_total(l + 256 * wg + 256 * groups * k_1, sorted_offsets, sorted_lengths, sorted_elements_lengths, sorted_elements_offsets, equal_offsets, equal_lengths, err);
                    x = pull_total_r;
                } else {
                    x = 0L;
                }
                long op_total_r = quicksort_fused_6_op_total(acc, x);
                acc = op_total_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_2 = 0; k_2 < 2; k_2++) {
                    long op_total_r_1 = quicksort_fused_6_op_total(acc_1, group_values_in[k_2 + 2 * l_1]);
                    acc_1 = op_total_r_1;
                }
                {
                    group_values_out[l_1] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                total_partials[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_6_total_final(__global const long* total_partials, long final_chunk, long groups, __global long* total) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k_1 = 0; k_1 < final_chunk; k_1++) {
                long x;
                if (256 * k_1 + l < groups) {
                    x = total_partials[256 * k_1 + l];
                } else {
                    x = 0L;
                }
                long op_total_r = quicksort_fused_6_op_total(acc, x);
                acc = op_total_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_2 = 0; k_2 < 2; k_2++) {
                    long op_total_r_1 = quicksort_fused_6_op_total(acc_1, group_values_in[k_2 + 2 * l_1]);
                    acc_1 = op_total_r_1;
                }
                {
                    group_values_out[l_1] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                total[0] = group_values_in[0];
            }
        }
    }
}


// ===== quicksort_fused_7.cl =====
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif

/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif

static inline long quicksort_fused_7_pull_s_offsets(long i, __global const long* starts, __global const long* lengths, __global const long* equal_offsets, __global const long* equal_lengths) {
    long start = starts[i];
    long len = lengths[i];
    long start_1 = equal_offsets[i];
    long len_1 = equal_lengths[i];
    long lengths_1 = nessie_add(len, len_1);
    return lengths_1;
}

static inline long quicksort_fused_7_op_s_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_7_pull_total(long i, __global const long* starts, __global const long* lengths, __global const long* equal_offsets, __global const long* equal_lengths) {
    long start = starts[i];
    long len = lengths[i];
    long start_1 = equal_offsets[i];
    long len_1 = equal_lengths[i];
    long lengths_1 = nessie_add(len, len_1);
    return lengths_1;
}

static inline long quicksort_fused_7_op_total(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_7_pull_s_lengths(long p, __global const uchar* mapped, __global const long* rank, __global const long* s_lengths, __global const long* starts, __global const long* lengths, __global const long* equal_offsets, __global const long* equal_lengths) {
    int f = (int)mapped[p];
    long r = rank[p];
    long q = f ? r : nessie_sub(p, r);
    long t;
    if (f) {
        t = s_lengths[q];
    } else {
        long i = q;
        long start = starts[i];
        long len = lengths[i];
        long start_1 = equal_offsets[i];
        long len_1 = equal_lengths[i];
        t = nessie_add(len, len_1);
    }
    return t;
}

static inline long quicksort_fused_7_pull_s_offsets_1(long i, __global const uchar* mapped, __global const long* rank, __global const long* s_lengths, __global const long* starts, __global const long* lengths, __global const long* equal_offsets, __global const long* equal_lengths) {
    int f = (int)mapped[i];
    long r = rank[i];
    long q = f ? r : nessie_sub(i, r);
    long t;
    if (f) {
        t = s_lengths[q];
    } else {
        long i_1 = q;
        long start = starts[i_1];
        long len = lengths[i_1];
        long start_1 = equal_offsets[i_1];
        long len_1 = equal_lengths[i_1];
        t = nessie_add(len, len_1);
    }
    long s_lengths_1 = t;
    return s_lengths_1;
}

static inline long quicksort_fused_7_op_s_offsets_1(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_7_pull_total_1(long i, __global const uchar* mapped, __global const long* rank, __global const long* s_lengths, __global const long* starts, __global const long* lengths, __global const long* equal_offsets, __global const long* equal_lengths) {
    int f = (int)mapped[i];
    long r = rank[i];
    long q = f ? r : nessie_sub(i, r);
    long t;
    if (f) {
        t = s_lengths[q];
    } else {
        long i_1 = q;
        long start = starts[i_1];
        long len = lengths[i_1];
        long start_1 = equal_offsets[i_1];
        long len_1 = equal_lengths[i_1];
        t = nessie_add(len, len_1);
    }
    long s_lengths_1 = t;
    return s_lengths_1;
}

static inline long quicksort_fused_7_op_total_1(long a, long b) {
    return nessie_add(a, b);
}

__kernel void quicksort_fused_7_s_offsets_tile_totals(long tiles, long n_else_instances, __global const long* starts, __global const long* lengths_1, __global const long* equal_offsets, __global const long* equal_lengths, __global long* s_offsets_tile_totals_69) {
    __local long group_values[256];
    __local long group_values_1[2304];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < n_else_instances) {
                    long pull_s_offsets_r = quicksort_fused_7_pull_s_offsets(256 * j + l + 2304 * wg, starts, lengths_1, equal_offsets, equal_lengths);
                    x = pull_s_offsets_r;
                } else {
                    x = 0L;
                }
                group_values_1[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long op_s_offsets_r = quicksort_fused_7_op_s_offsets(acc, group_values_1[k + 9 * l_1]);
                acc = op_s_offsets_r;
            }
            {
                group_values[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_2 = get_local_id(0); l_2 < m / 2; l_2 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long op_s_offsets_r_1 = quicksort_fused_7_op_s_offsets(acc_1, group_values_in[k_1 + 2 * l_2]);
                    acc_1 = op_s_offsets_r_1;
                }
                {
                    group_values_out[l_2] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            {
                s_offsets_tile_totals_69[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_7_s_offsets_tile_offsets(__global const long* s_offsets_tile_totals_69, long tile_chunk, long tiles, __global long* s_offsets_tile_offsets_70) {
    __local long group_values[256];
    __local long group_values_1[16];
    __local long group_values_2[16];
    __local long group_values_3[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < tile_chunk; k++) {
                long x;
                if (k + l * tile_chunk < tiles) {
                    x = s_offsets_tile_totals_69[k + l * tile_chunk];
                } else {
                    x = 0L;
                }
                long op_s_offsets_r = quicksort_fused_7_op_s_offsets(acc, x);
                acc = op_s_offsets_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 16; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long op_s_offsets_r_1 = quicksort_fused_7_op_s_offsets(acc_1, group_values[k_1 + 16 * l_1]);
                acc_1 = op_s_offsets_r_1;
            }
            {
                group_values_2[l_1] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            long acc_2 = 0L;
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_1[k_2] = acc_2;
                long op_s_offsets_r_2 = quicksort_fused_7_op_s_offsets(acc_2, group_values_2[k_2]);
                acc_2 = op_s_offsets_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 16; l_3 += get_local_size(0)) {
            long acc_3 = group_values_1[l_3];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_3[k_3 + 16 * l_3] = acc_3;
                long op_s_offsets_r_3 = quicksort_fused_7_op_s_offsets(acc_3, group_values[k_3 + 16 * l_3]);
                acc_3 = op_s_offsets_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_4 = get_local_id(0);
            long acc_4 = group_values_3[l_4];
            for (long k_4 = 0; k_4 < tile_chunk; k_4++) {
                s_offsets_tile_offsets_70[k_4 + l_4 * tile_chunk] = acc_4;
                long x_1;
                if (k_4 + l_4 * tile_chunk < tiles) {
                    x_1 = s_offsets_tile_totals_69[k_4 + l_4 * tile_chunk];
                } else {
                    x_1 = 0L;
                }
                long op_s_offsets_r_4 = quicksort_fused_7_op_s_offsets(acc_4, x_1);
                acc_4 = op_s_offsets_r_4;
            }
        }
    }
}

__kernel void quicksort_fused_7_s_offsets_scan(__global const long* s_offsets_tile_offsets_70, long tiles, long n_else_instances, __global const long* starts, __global const long* lengths_1, __global const long* equal_offsets, __global const long* equal_lengths, __global long* s_offsets_11) {
    __local long group_values[2304];
    __local long group_values_1[256];
    __local long group_values_2[16];
    __local long group_values_3[16];
    __local long group_values_4[256];
    __local long group_values_5[2304];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < n_else_instances) {
                    long pull_s_offsets_r = quicksort_fused_7_pull_s_offsets(256 * j + l + 2304 * wg, starts, lengths_1, equal_offsets, equal_lengths);
                    x = pull_s_offsets_r;
                } else {
                    x = 0L;
                }
                group_values[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long op_s_offsets_r = quicksort_fused_7_op_s_offsets(acc, group_values[k + 9 * l_1]);
                acc = op_s_offsets_r;
            }
            {
                group_values_1[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 16; l_2 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long op_s_offsets_r_1 = quicksort_fused_7_op_s_offsets(acc_1, group_values_1[k_1 + 16 * l_2]);
                acc_1 = op_s_offsets_r_1;
            }
            {
                group_values_3[l_2] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            long acc_2 = s_offsets_tile_offsets_70[wg];
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_2[k_2] = acc_2;
                long op_s_offsets_r_2 = quicksort_fused_7_op_s_offsets(acc_2, group_values_3[k_2]);
                acc_2 = op_s_offsets_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_4 = get_local_id(0); l_4 < 16; l_4 += get_local_size(0)) {
            long acc_3 = group_values_2[l_4];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_4[k_3 + 16 * l_4] = acc_3;
                long op_s_offsets_r_3 = quicksort_fused_7_op_s_offsets(acc_3, group_values_1[k_3 + 16 * l_4]);
                acc_3 = op_s_offsets_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_5 = get_local_id(0);
            long acc_4 = group_values_4[l_5];
            for (long k_4 = 0; k_4 < 9; k_4++) {
                group_values_5[(k_4 + 9 * l_5) / 256 + 9 * ((k_4 + 9 * l_5) % 256)] = acc_4;
                long op_s_offsets_r_4 = quicksort_fused_7_op_s_offsets(acc_4, group_values[k_4 + 9 * l_5]);
                acc_4 = op_s_offsets_r_4;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_6 = get_local_id(0);
            for (long j_3 = 0; j_3 < 9; j_3++) {
                s_offsets_11[256 * j_3 + l_6 + 2304 * wg] = group_values_5[j_3 + 9 * l_6];
            }
        }
    }
}

__kernel void quicksort_fused_7_total_partial(long groups, long chunk, long n_else_instances, __global const long* starts, __global const long* lengths_1, __global const long* equal_offsets, __global const long* equal_lengths, __global long* total_partials_71) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (l + 256 * wg + 256 * groups * k < n_else_instances) {
                    long pull_total_r = quicksort_fused_7_pull_total(l + 256 * wg + 256 * groups * k, starts, lengths_1, equal_offsets, equal_lengths);
                    x = pull_total_r;
                } else {
                    x = 0L;
                }
                long op_total_r = quicksort_fused_7_op_total(acc, x);
                acc = op_total_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long op_total_r_1 = quicksort_fused_7_op_total(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_total_r_1;
                }
                {
                    group_values_out[l_1] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                total_partials_71[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_7_total_final(__global const long* total_partials_71, long final_chunk, long groups, __global long* total_15) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < final_chunk; k++) {
                long x;
                if (256 * k + l < groups) {
                    x = total_partials_71[256 * k + l];
                } else {
                    x = 0L;
                }
                long op_total_r = quicksort_fused_7_op_total(acc, x);
                acc = op_total_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long op_total_r_1 = quicksort_fused_7_op_total(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_total_r_1;
                }
                {
                    group_values_out[l_1] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                total_15[0] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_7_s_lengths(long instances_1, __global const uchar* mapped, __global const long* rank, __global const long* s_lengths_21, __global const long* starts, __global const long* lengths_1, __global const long* equal_offsets, __global const long* equal_lengths, __global long* s_lengths_23) {
    const long gid = get_global_id(0);
    if (gid < instances_1) {
        long pull_s_lengths_r = quicksort_fused_7_pull_s_lengths(gid, mapped, rank, s_lengths_21, starts, lengths_1, equal_offsets, equal_lengths);
        s_lengths_23[gid] = pull_s_lengths_r;
    }
}

__kernel void quicksort_fused_7_s_offsets_tile_totals_1(long tiles_1, long instances_1, __global const uchar* mapped, __global const long* rank, __global const long* s_lengths_21, __global const long* starts, __global const long* lengths_1, __global const long* equal_offsets, __global const long* equal_lengths, __global long* s_offsets_tile_totals_72) {
    __local long group_values[256];
    __local long group_values_1[2304];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < instances_1) {
                    long pull_s_offsets_1_r = quicksort_fused_7_pull_s_offsets_1(256 * j + l + 2304 * wg, mapped, rank, s_lengths_21, starts, lengths_1, equal_offsets, equal_lengths);
                    x = pull_s_offsets_1_r;
                } else {
                    x = 0L;
                }
                group_values_1[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long op_s_offsets_1_r = quicksort_fused_7_op_s_offsets_1(acc, group_values_1[k + 9 * l_1]);
                acc = op_s_offsets_1_r;
            }
            {
                group_values[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_2 = get_local_id(0); l_2 < m / 2; l_2 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long op_s_offsets_1_r_1 = quicksort_fused_7_op_s_offsets_1(acc_1, group_values_in[k_1 + 2 * l_2]);
                    acc_1 = op_s_offsets_1_r_1;
                }
                {
                    group_values_out[l_2] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            {
                s_offsets_tile_totals_72[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_7_s_offsets_tile_offsets_1(__global const long* s_offsets_tile_totals_72, long tile_chunk_1, long tiles_1, __global long* s_offsets_tile_offsets_73) {
    __local long group_values[256];
    __local long group_values_1[16];
    __local long group_values_2[16];
    __local long group_values_3[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < tile_chunk_1; k++) {
                long x;
                if (k + l * tile_chunk_1 < tiles_1) {
                    x = s_offsets_tile_totals_72[k + l * tile_chunk_1];
                } else {
                    x = 0L;
                }
                long op_s_offsets_1_r = quicksort_fused_7_op_s_offsets_1(acc, x);
                acc = op_s_offsets_1_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 16; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long op_s_offsets_1_r_1 = quicksort_fused_7_op_s_offsets_1(acc_1, group_values[k_1 + 16 * l_1]);
                acc_1 = op_s_offsets_1_r_1;
            }
            {
                group_values_2[l_1] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            long acc_2 = 0L;
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_1[k_2] = acc_2;
                long op_s_offsets_1_r_2 = quicksort_fused_7_op_s_offsets_1(acc_2, group_values_2[k_2]);
                acc_2 = op_s_offsets_1_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 16; l_3 += get_local_size(0)) {
            long acc_3 = group_values_1[l_3];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_3[k_3 + 16 * l_3] = acc_3;
                long op_s_offsets_1_r_3 = quicksort_fused_7_op_s_offsets_1(acc_3, group_values[k_3 + 16 * l_3]);
                acc_3 = op_s_offsets_1_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_4 = get_local_id(0);
            long acc_4 = group_values_3[l_4];
            for (long k_4 = 0; k_4 < tile_chunk_1; k_4++) {
                s_offsets_tile_offsets_73[k_4 + l_4 * tile_chunk_1] = acc_4;
                long x_1;
                if (k_4 + l_4 * tile_chunk_1 < tiles_1) {
                    x_1 = s_offsets_tile_totals_72[k_4 + l_4 * tile_chunk_1];
                } else {
                    x_1 = 0L;
                }
                long op_s_offsets_1_r_4 = quicksort_fused_7_op_s_offsets_1(acc_4, x_1);
                acc_4 = op_s_offsets_1_r_4;
            }
        }
    }
}

__kernel void quicksort_fused_7_s_offsets_scan_1(__global const long* s_offsets_tile_offsets_73, long tiles_1, long instances_1, __global const uchar* mapped, __global const long* rank, __global const long* s_lengths_21, __global const long* starts, __global const long* lengths_1, __global const long* equal_offsets, __global const long* equal_lengths, __global long* s_offsets_28) {
    __local long group_values[2304];
    __local long group_values_1[256];
    __local long group_values_2[16];
    __local long group_values_3[16];
    __local long group_values_4[256];
    __local long group_values_5[2304];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            for (long j = 0; j < 9; j++) {
                long x;
                if (256 * j + l + 2304 * wg < instances_1) {
                    long pull_s_offsets_1_r = quicksort_fused_7_pull_s_offsets_1(256 * j + l + 2304 * wg, mapped, rank, s_lengths_21, starts, lengths_1, equal_offsets, equal_lengths);
                    x = pull_s_offsets_1_r;
                } else {
                    x = 0L;
                }
                group_values[256 * j + l] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_1 = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < 9; k++) {
                long op_s_offsets_1_r = quicksort_fused_7_op_s_offsets_1(acc, group_values[k + 9 * l_1]);
                acc = op_s_offsets_1_r;
            }
            {
                group_values_1[l_1] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_2 = get_local_id(0); l_2 < 16; l_2 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 16; k_1++) {
                long op_s_offsets_1_r_1 = quicksort_fused_7_op_s_offsets_1(acc_1, group_values_1[k_1 + 16 * l_2]);
                acc_1 = op_s_offsets_1_r_1;
            }
            {
                group_values_3[l_2] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_3 = get_local_id(0); l_3 < 1; l_3 += get_local_size(0)) {
            long acc_2 = s_offsets_tile_offsets_73[wg];
            for (long k_2 = 0; k_2 < 16; k_2++) {
                group_values_2[k_2] = acc_2;
                long op_s_offsets_1_r_2 = quicksort_fused_7_op_s_offsets_1(acc_2, group_values_3[k_2]);
                acc_2 = op_s_offsets_1_r_2;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_4 = get_local_id(0); l_4 < 16; l_4 += get_local_size(0)) {
            long acc_3 = group_values_2[l_4];
            for (long k_3 = 0; k_3 < 16; k_3++) {
                group_values_4[k_3 + 16 * l_4] = acc_3;
                long op_s_offsets_1_r_3 = quicksort_fused_7_op_s_offsets_1(acc_3, group_values_1[k_3 + 16 * l_4]);
                acc_3 = op_s_offsets_1_r_3;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_5 = get_local_id(0);
            long acc_4 = group_values_4[l_5];
            for (long k_4 = 0; k_4 < 9; k_4++) {
                group_values_5[(k_4 + 9 * l_5) / 256 + 9 * ((k_4 + 9 * l_5) % 256)] = acc_4;
                long op_s_offsets_1_r_4 = quicksort_fused_7_op_s_offsets_1(acc_4, group_values[k_4 + 9 * l_5]);
                acc_4 = op_s_offsets_1_r_4;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_6 = get_local_id(0);
            for (long j_3 = 0; j_3 < 9; j_3++) {
                s_offsets_28[256 * j_3 + l_6 + 2304 * wg] = group_values_5[j_3 + 9 * l_6];
            }
        }
    }
}

__kernel void quicksort_fused_7_total_partial_1(long groups_1, long chunk_1, long instances_1, __global const uchar* mapped, __global const long* rank, __global const long* s_lengths_21, __global const long* starts, __global const long* lengths_1, __global const long* equal_offsets, __global const long* equal_lengths, __global long* total_partials_74) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk_1; k++) {
                long x;
                if (l + 256 * wg + 256 * groups_1 * k < instances_1) {
                    long pull_total_1_r = quicksort_fused_7_pull_total_1(l + 256 * wg + 256 * groups_1 * k, mapped, rank, s_lengths_21, starts, lengths_1, equal_offsets, equal_lengths);
                    x = pull_total_1_r;
                } else {
                    x = 0L;
                }
                long op_total_1_r = quicksort_fused_7_op_total_1(acc, x);
                acc = op_total_1_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long op_total_1_r_1 = quicksort_fused_7_op_total_1(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_total_1_r_1;
                }
                {
                    group_values_out[l_1] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                total_partials_74[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_7_total_final_1(__global const long* total_partials_74, long final_chunk_1, long groups_1, __global long* total_32) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < final_chunk_1; k++) {
                long x;
                if (256 * k + l < groups_1) {
                    x = total_partials_74[256 * k + l];
                } else {
                    x = 0L;
                }
                long op_total_1_r = quicksort_fused_7_op_total_1(acc, x);
                acc = op_total_1_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long op_total_1_r_1 = quicksort_fused_7_op_total_1(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_total_1_r_1;
                }
                {
                    group_values_out[l_1] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                total_32[0] = group_values_in[0];
            }
        }
    }
}


// ===== checksum_map_fused.cl =====
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif

/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif

static inline long checksum_map_fused_pull_total(long i, __global const long* s, __global const long* i_1) {
    long mapped = nessie_rem(nessie_mul(s[i], nessie_add(i_1[i], 1L)), 1000000007L);
    return mapped;
}

static inline long checksum_map_fused_op_total(long a, long b) {
    return nessie_add(a, b);
}

__kernel void checksum_map_fused_total_partial(long groups, long chunk, long n_s, __global const long* s, __global const long* i_1, __global long* total_partials) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (l + 256 * wg + 256 * groups * k < n_s) {
                    long pull_total_r = checksum_map_fused_pull_total(l + 256 * wg + 256 * groups * k, s, i_1);
                    x = pull_total_r;
                } else {
                    x = 0L;
                }
                long op_total_r = checksum_map_fused_op_total(acc, x);
                acc = op_total_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long op_total_r_1 = checksum_map_fused_op_total(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_total_r_1;
                }
                {
                    group_values_out[l_1] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                total_partials[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void checksum_map_fused_total_final(__global const long* total_partials, long final_chunk, long groups, __global long* total) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < final_chunk; k++) {
                long x;
                if (256 * k + l < groups) {
                    x = total_partials[256 * k + l];
                } else {
                    x = 0L;
                }
                long op_total_r = checksum_map_fused_op_total(acc, x);
                acc = op_total_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long op_total_r_1 = checksum_map_fused_op_total(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_total_r_1;
                }
                {
                    group_values_out[l_1] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local long* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                total[0] = group_values_in[0];
            }
        }
    }
}


// ===== is_sorted_fused.cl =====
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
   err[2] site, err[3..4] payload. The first failing work-item wins. */
#ifndef NESSIE_ERROR_FLAG_HELPERS
#define NESSIE_ERROR_FLAG_HELPERS
void nessie_fail(__global long* err, long code, long site, long a, long b) {
    if (atomic_cmpxchg((volatile __global int*)err, 0, 1) == 0) {
        err[1] = code;
        err[2] = site;
        err[3] = a;
        err[4] = b;
    }
}

int nessie_failed(__global long* err) {
    return *(volatile __global int*)err != 0;
}
#endif

/* nessie scalar helpers (opencl-backend::user_fun): the flat IR's
   operators with the evaluator's exact meaning. */
#ifndef NESSIE_SCALAR_HELPERS
#define NESSIE_SCALAR_HELPERS
#pragma OPENCL FP_CONTRACT OFF

/* Ints wrap (computed in ulong: signed overflow is undefined in C). */
static inline long nessie_add(long a, long b) { return as_long(as_ulong(a) + as_ulong(b)); }
static inline long nessie_sub(long a, long b) { return as_long(as_ulong(a) - as_ulong(b)); }
static inline long nessie_mul(long a, long b) { return as_long(as_ulong(a) * as_ulong(b)); }
static inline long nessie_neg(long a) { return as_long(0UL - as_ulong(a)); }
static inline long nessie_abs(long a) { return a < 0 ? nessie_neg(a) : a; }

/* Truncating division and the dividend's sign for rem; min_int / -1 wraps
   and min_int rem -1 is 0. A zero divisor is guarded by the flattener; if
   one got through it gives 0 instead of trapping. */
static inline long nessie_div(long a, long b) { return b == 0 ? 0 : b == -1 ? nessie_neg(a) : a / b; }
static inline long nessie_rem(long a, long b) { return b == 0 || b == -1 ? 0 : a % b; }

/* Shifts count mod 64; rshift is arithmetic. */
static inline long nessie_shl(long a, long n) { return as_long(as_ulong(a) << (n & 63)); }
static inline long nessie_shr(long a, long n) { return a >> (n & 63); }

/* Float min and max: NaN is above every number; ties keep the first. */
static inline double nessie_fmin(double x, double y) { return !isnan(y) && (isnan(x) || y < x) ? y : x; }
static inline double nessie_fmax(double x, double y) { return (isnan(y) && !isnan(x)) || y > x ? y : x; }

/* Rounds half away from zero (x - trunc(x) is exact). */
static inline double nessie_round(double x) {
    double t = trunc(x);
    return fabs(x - t) >= 0.5 ? t + copysign(1.0, x) : t;
}

/* The floor of the square root of n >= 0 (0 for a negative n). */
static inline long nessie_isqrt(long n) {
    if (n <= 0) return 0;
    ulong u = (ulong)n;
    ulong r = (ulong)sqrt((double)n);
    while (r * r > u) r--;
    while ((r + 1) * (r + 1) <= u) r++;
    return (long)r;
}

/* segment_of: the last j with offsets[j] <= position (0 if none). */
static inline long nessie_segment_of(__global const long* offsets, long segments, long position) {
    long lo = 0, hi = segments;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo > 0 ? lo - 1 : 0;
}
#endif

static inline int is_sorted_fused_pull_and(long i, __global const long* a, __global const long* b) {
    int mapped = a[i] <= b[i];
    return mapped;
}

static inline int is_sorted_fused_op_and(int a, int b) {
    return a && b;
}

__kernel void is_sorted_fused_and_partial(long groups, long chunk, long n_a, __global const long* a_0, __global const long* b_1, __global uchar* and_partials) {
    __local int group_values[256];
    __local int group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            int acc = 1;
            for (long k = 0; k < chunk; k++) {
                int x;
                if (l + 256 * wg + 256 * groups * k < n_a) {
                    int pull_and_r = is_sorted_fused_pull_and(l + 256 * wg + 256 * groups * k, a_0, b_1);
                    x = pull_and_r;
                } else {
                    x = 1;
                }
                int op_and_r = is_sorted_fused_op_and(acc, x);
                acc = op_and_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local int* group_values_in = group_values;
        __local int* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                int acc_1 = 1;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    int op_and_r_1 = is_sorted_fused_op_and(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_and_r_1;
                }
                {
                    group_values_out[l_1] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local int* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                and_partials[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void is_sorted_fused_and_final(__global const uchar* and_partials, long final_chunk, long groups, __global uchar* and) {
    __local int group_values[256];
    __local int group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            int acc = 1;
            for (long k = 0; k < final_chunk; k++) {
                int x;
                if (256 * k + l < groups) {
                    x = and_partials[256 * k + l];
                } else {
                    x = 1;
                }
                int op_and_r = is_sorted_fused_op_and(acc, x);
                acc = op_and_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local int* group_values_in = group_values;
        __local int* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                int acc_1 = 1;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    int op_and_r_1 = is_sorted_fused_op_and(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_and_r_1;
                }
                {
                    group_values_out[l_1] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local int* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                and[0] = group_values_in[0];
            }
        }
    }
}


