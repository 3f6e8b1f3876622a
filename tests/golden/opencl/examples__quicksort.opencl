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

static inline long quicksort_filter_fused_count_lesser(__global const long* lesser_flags, long lesser_flags_len, __global const long* lesser_positions) {
    return lesser_flags_len > 0L ? nessie_add(lesser_positions[nessie_sub(lesser_flags_len, 1L)], lesser_flags[nessie_sub(lesser_flags_len, 1L)]) : 0L;
}

static inline long quicksort_filter_fused_target_lesser(long j, __global const long* lesser_flags, __global const long* lesser_positions) {
    return lesser_flags[j] != 0L ? lesser_positions[j] : -1L;
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

static inline long quicksort_filter_fused_count_equal(__global const long* equal_flags, long equal_flags_len, __global const long* equal_positions) {
    return equal_flags_len > 0L ? nessie_add(equal_positions[nessie_sub(equal_flags_len, 1L)], equal_flags[nessie_sub(equal_flags_len, 1L)]) : 0L;
}

static inline long quicksort_filter_fused_target_equal(long j, __global const long* equal_flags, __global const long* equal_positions) {
    return equal_flags[j] != 0L ? equal_positions[j] : -1L;
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

static inline long quicksort_filter_fused_count_greater(__global const long* greater_flags, long greater_flags_len, __global const long* greater_positions) {
    return greater_flags_len > 0L ? nessie_add(greater_positions[nessie_sub(greater_flags_len, 1L)], greater_flags[nessie_sub(greater_flags_len, 1L)]) : 0L;
}

static inline long quicksort_filter_fused_target_greater(long j, __global const long* greater_flags, __global const long* greater_positions) {
    return greater_flags[j] != 0L ? greater_positions[j] : -1L;
}

static inline long quicksort_filter_fused_pull_greater(long i, __global const long* s) {
    return s[i];
}

__kernel void quicksort_filter_fused_lesser_flags(long n_s, __global const long* s, long pivot, __global long* lesser_flags) {
    const long gid = get_global_id(0);
    if (gid < n_s) {
        long flag_lesser_r = quicksort_filter_fused_flag_lesser(gid, s, pivot);
        lesser_flags[gid] = flag_lesser_r;
    }
}

__kernel void quicksort_filter_fused_lesser_positions_block_totals(__global const long* lesser_flags, long groups, long chunk, long n_s, __global long* lesser_positions_block_totals) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (k + chunk * l + 256 * chunk * wg < n_s) {
                    x = lesser_flags[k + chunk * l + 256 * chunk * wg];
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
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long add_lesser_r_1 = quicksort_filter_fused_add_lesser(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = add_lesser_r_1;
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
                lesser_positions_block_totals[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_filter_fused_lesser_positions_block_offsets(__global const long* lesser_positions_block_totals, long final_chunk, long groups, __global long* lesser_positions_block_offsets) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < final_chunk; k++) {
                long x;
                if (k + final_chunk * l < groups) {
                    x = lesser_positions_block_totals[k + final_chunk * l];
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
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long add_lesser_r_1 = quicksort_filter_fused_add_lesser(acc_1, group_values[k_1]);
                acc_1 = add_lesser_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < final_chunk; k_2++) {
                lesser_positions_block_offsets[k_2 + final_chunk * l_2] = acc_2;
                long x_1;
                if (k_2 + final_chunk * l_2 < groups) {
                    x_1 = lesser_positions_block_totals[k_2 + final_chunk * l_2];
                } else {
                    x_1 = 0L;
                }
                long add_lesser_r_2 = quicksort_filter_fused_add_lesser(acc_2, x_1);
                acc_2 = add_lesser_r_2;
            }
        }
    }
}

__kernel void quicksort_filter_fused_lesser_positions_scan(__global const long* lesser_flags, __global const long* lesser_positions_block_offsets, long groups, long chunk, long n_s, __global long* lesser_positions) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (k + chunk * l + 256 * chunk * wg < n_s) {
                    x = lesser_flags[k + chunk * l + 256 * chunk * wg];
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
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = lesser_positions_block_offsets[wg];
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long add_lesser_r_1 = quicksort_filter_fused_add_lesser(acc_1, group_values[k_1]);
                acc_1 = add_lesser_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < chunk; k_2++) {
                lesser_positions[k_2 + chunk * l_2 + 256 * chunk * wg] = acc_2;
                long x_1;
                if (k_2 + chunk * l_2 + 256 * chunk * wg < n_s) {
                    x_1 = lesser_flags[k_2 + chunk * l_2 + 256 * chunk * wg];
                } else {
                    x_1 = 0L;
                }
                long add_lesser_r_2 = quicksort_filter_fused_add_lesser(acc_2, x_1);
                acc_2 = add_lesser_r_2;
            }
        }
    }
}

__kernel void quicksort_filter_fused_lesser_count(__global const long* lesser_flags, long n_s, __global const long* lesser_positions, __global long* lesser_kept) {
    const long gid = get_global_id(0);
    if (gid < 1) {
        long count_lesser_r = quicksort_filter_fused_count_lesser(lesser_flags, n_s, lesser_positions);
        lesser_kept[0] = count_lesser_r;
    }
}

__kernel void quicksort_filter_fused_lesser(long n_s, __global const long* s, __global const long* lesser_flags, __global const long* lesser_positions, __global long* lesser) {
    const long gid = get_global_id(0);
    if (gid < n_s) {
        long pull_lesser_r = quicksort_filter_fused_pull_lesser(gid, s);
        long target_lesser_r = quicksort_filter_fused_target_lesser(gid, lesser_flags, lesser_positions);
        if (target_lesser_r >= 0) {
            lesser[target_lesser_r] = pull_lesser_r;
        }
    }
}

__kernel void quicksort_filter_fused_equal_flags(long n_s, __global const long* s, long pivot, __global long* equal_flags) {
    const long gid = get_global_id(0);
    if (gid < n_s) {
        long flag_equal_r = quicksort_filter_fused_flag_equal(gid, s, pivot);
        equal_flags[gid] = flag_equal_r;
    }
}

__kernel void quicksort_filter_fused_equal_positions_block_totals(__global const long* equal_flags, long groups, long chunk, long n_s, __global long* equal_positions_block_totals) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (k + chunk * l + 256 * chunk * wg < n_s) {
                    x = equal_flags[k + chunk * l + 256 * chunk * wg];
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
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long add_equal_r_1 = quicksort_filter_fused_add_equal(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = add_equal_r_1;
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
                equal_positions_block_totals[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_filter_fused_equal_positions_block_offsets(__global const long* equal_positions_block_totals, long final_chunk, long groups, __global long* equal_positions_block_offsets) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < final_chunk; k++) {
                long x;
                if (k + final_chunk * l < groups) {
                    x = equal_positions_block_totals[k + final_chunk * l];
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
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long add_equal_r_1 = quicksort_filter_fused_add_equal(acc_1, group_values[k_1]);
                acc_1 = add_equal_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < final_chunk; k_2++) {
                equal_positions_block_offsets[k_2 + final_chunk * l_2] = acc_2;
                long x_1;
                if (k_2 + final_chunk * l_2 < groups) {
                    x_1 = equal_positions_block_totals[k_2 + final_chunk * l_2];
                } else {
                    x_1 = 0L;
                }
                long add_equal_r_2 = quicksort_filter_fused_add_equal(acc_2, x_1);
                acc_2 = add_equal_r_2;
            }
        }
    }
}

__kernel void quicksort_filter_fused_equal_positions_scan(__global const long* equal_flags, __global const long* equal_positions_block_offsets, long groups, long chunk, long n_s, __global long* equal_positions) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (k + chunk * l + 256 * chunk * wg < n_s) {
                    x = equal_flags[k + chunk * l + 256 * chunk * wg];
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
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = equal_positions_block_offsets[wg];
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long add_equal_r_1 = quicksort_filter_fused_add_equal(acc_1, group_values[k_1]);
                acc_1 = add_equal_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < chunk; k_2++) {
                equal_positions[k_2 + chunk * l_2 + 256 * chunk * wg] = acc_2;
                long x_1;
                if (k_2 + chunk * l_2 + 256 * chunk * wg < n_s) {
                    x_1 = equal_flags[k_2 + chunk * l_2 + 256 * chunk * wg];
                } else {
                    x_1 = 0L;
                }
                long add_equal_r_2 = quicksort_filter_fused_add_equal(acc_2, x_1);
                acc_2 = add_equal_r_2;
            }
        }
    }
}

__kernel void quicksort_filter_fused_equal_count(__global const long* equal_flags, long n_s, __global const long* equal_positions, __global long* equal_kept) {
    const long gid = get_global_id(0);
    if (gid < 1) {
        long count_equal_r = quicksort_filter_fused_count_equal(equal_flags, n_s, equal_positions);
        equal_kept[0] = count_equal_r;
    }
}

__kernel void quicksort_filter_fused_equal(long n_s, __global const long* s, __global const long* equal_flags, __global const long* equal_positions, __global long* equal) {
    const long gid = get_global_id(0);
    if (gid < n_s) {
        long pull_equal_r = quicksort_filter_fused_pull_equal(gid, s);
        long target_equal_r = quicksort_filter_fused_target_equal(gid, equal_flags, equal_positions);
        if (target_equal_r >= 0) {
            equal[target_equal_r] = pull_equal_r;
        }
    }
}

__kernel void quicksort_filter_fused_greater_flags(long n_s, __global const long* s, long pivot, __global long* greater_flags) {
    const long gid = get_global_id(0);
    if (gid < n_s) {
        long flag_greater_r = quicksort_filter_fused_flag_greater(gid, s, pivot);
        greater_flags[gid] = flag_greater_r;
    }
}

__kernel void quicksort_filter_fused_greater_positions_block_totals(__global const long* greater_flags, long groups, long chunk, long n_s, __global long* greater_positions_block_totals) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (k + chunk * l + 256 * chunk * wg < n_s) {
                    x = greater_flags[k + chunk * l + 256 * chunk * wg];
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
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long add_greater_r_1 = quicksort_filter_fused_add_greater(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = add_greater_r_1;
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
                greater_positions_block_totals[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_filter_fused_greater_positions_block_offsets(__global const long* greater_positions_block_totals, long final_chunk, long groups, __global long* greater_positions_block_offsets) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < final_chunk; k++) {
                long x;
                if (k + final_chunk * l < groups) {
                    x = greater_positions_block_totals[k + final_chunk * l];
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
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long add_greater_r_1 = quicksort_filter_fused_add_greater(acc_1, group_values[k_1]);
                acc_1 = add_greater_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < final_chunk; k_2++) {
                greater_positions_block_offsets[k_2 + final_chunk * l_2] = acc_2;
                long x_1;
                if (k_2 + final_chunk * l_2 < groups) {
                    x_1 = greater_positions_block_totals[k_2 + final_chunk * l_2];
                } else {
                    x_1 = 0L;
                }
                long add_greater_r_2 = quicksort_filter_fused_add_greater(acc_2, x_1);
                acc_2 = add_greater_r_2;
            }
        }
    }
}

__kernel void quicksort_filter_fused_greater_positions_scan(__global const long* greater_flags, __global const long* greater_positions_block_offsets, long groups, long chunk, long n_s, __global long* greater_positions) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (k + chunk * l + 256 * chunk * wg < n_s) {
                    x = greater_flags[k + chunk * l + 256 * chunk * wg];
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
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = greater_positions_block_offsets[wg];
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long add_greater_r_1 = quicksort_filter_fused_add_greater(acc_1, group_values[k_1]);
                acc_1 = add_greater_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < chunk; k_2++) {
                greater_positions[k_2 + chunk * l_2 + 256 * chunk * wg] = acc_2;
                long x_1;
                if (k_2 + chunk * l_2 + 256 * chunk * wg < n_s) {
                    x_1 = greater_flags[k_2 + chunk * l_2 + 256 * chunk * wg];
                } else {
                    x_1 = 0L;
                }
                long add_greater_r_2 = quicksort_filter_fused_add_greater(acc_2, x_1);
                acc_2 = add_greater_r_2;
            }
        }
    }
}

__kernel void quicksort_filter_fused_greater_count(__global const long* greater_flags, long n_s, __global const long* greater_positions, __global long* greater_kept) {
    const long gid = get_global_id(0);
    if (gid < 1) {
        long count_greater_r = quicksort_filter_fused_count_greater(greater_flags, n_s, greater_positions);
        greater_kept[0] = count_greater_r;
    }
}

__kernel void quicksort_filter_fused_greater(long n_s, __global const long* s, __global const long* greater_flags, __global const long* greater_positions, __global long* greater) {
    const long gid = get_global_id(0);
    if (gid < n_s) {
        long pull_greater_r = quicksort_filter_fused_pull_greater(gid, s);
        long target_greater_r = quicksort_filter_fused_target_greater(gid, greater_flags, greater_positions);
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
    if (0L < 0L || 0L >= sorted_lengths_len) {
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

static inline long quicksort_fused_count_then_instances(__global const long* then_instances_flags, long then_instances_flags_len, __global const long* then_instances_positions) {
    return then_instances_flags_len > 0L ? nessie_add(then_instances_positions[nessie_sub(then_instances_flags_len, 1L)], then_instances_flags[nessie_sub(then_instances_flags_len, 1L)]) : 0L;
}

static inline long quicksort_fused_target_then_instances(long j, __global const long* then_instances_flags, __global const long* then_instances_positions) {
    return then_instances_flags[j] != 0L ? then_instances_positions[j] : -1L;
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

static inline long quicksort_fused_count_else_instances(__global const long* else_instances_flags, long else_instances_flags_len, __global const long* else_instances_positions) {
    return else_instances_flags_len > 0L ? nessie_add(else_instances_positions[nessie_sub(else_instances_flags_len, 1L)], else_instances_flags[nessie_sub(else_instances_flags_len, 1L)]) : 0L;
}

static inline long quicksort_fused_target_else_instances(long j, __global const long* else_instances_flags, __global const long* else_instances_positions) {
    return else_instances_flags[j] != 0L ? else_instances_positions[j] : -1L;
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

__kernel void quicksort_fused_rank_block_totals(long groups, long chunk, long instances_2, __global const long* s_lengths, __global long* rank_block_totals) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (k + chunk * l + 256 * chunk * wg < instances_2) {
                    long pull_rank_r = quicksort_fused_pull_rank(k + chunk * l + 256 * chunk * wg, s_lengths);
                    x = pull_rank_r;
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
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long op_rank_r_1 = quicksort_fused_op_rank(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_rank_r_1;
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
                rank_block_totals[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_rank_block_offsets(__global const long* rank_block_totals, long final_chunk, long groups, __global long* rank_block_offsets) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < final_chunk; k++) {
                long x;
                if (k + final_chunk * l < groups) {
                    x = rank_block_totals[k + final_chunk * l];
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
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long op_rank_r_1 = quicksort_fused_op_rank(acc_1, group_values[k_1]);
                acc_1 = op_rank_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < final_chunk; k_2++) {
                rank_block_offsets[k_2 + final_chunk * l_2] = acc_2;
                long x_1;
                if (k_2 + final_chunk * l_2 < groups) {
                    x_1 = rank_block_totals[k_2 + final_chunk * l_2];
                } else {
                    x_1 = 0L;
                }
                long op_rank_r_2 = quicksort_fused_op_rank(acc_2, x_1);
                acc_2 = op_rank_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_rank_scan(__global const long* rank_block_offsets, long groups, long chunk, long instances_2, __global const long* s_lengths, __global long* rank) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (k + chunk * l + 256 * chunk * wg < instances_2) {
                    long pull_rank_r = quicksort_fused_pull_rank(k + chunk * l + 256 * chunk * wg, s_lengths);
                    x = pull_rank_r;
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
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = rank_block_offsets[wg];
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long op_rank_r_1 = quicksort_fused_op_rank(acc_1, group_values[k_1]);
                acc_1 = op_rank_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < chunk; k_2++) {
                rank[k_2 + chunk * l_2 + 256 * chunk * wg] = acc_2;
                long x_1;
                if (k_2 + chunk * l_2 + 256 * chunk * wg < instances_2) {
                    long pull_rank_r_1 = quicksort_fused_pull_rank(k_2 + chunk * l_2 + 256 * chunk * wg, s_lengths);
                    x_1 = pull_rank_r_1;
                } else {
                    x_1 = 0L;
                }
                long op_rank_r_2 = quicksort_fused_op_rank(acc_2, x_1);
                acc_2 = op_rank_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_then_instances_flags(long instances_2, __global const long* s_lengths, __global long* then_instances_flags) {
    const long gid = get_global_id(0);
    if (gid < instances_2) {
        long flag_then_instances_r = quicksort_fused_flag_then_instances(gid, s_lengths);
        then_instances_flags[gid] = flag_then_instances_r;
    }
}

__kernel void quicksort_fused_then_instances_positions_block_totals(__global const long* then_instances_flags, long groups, long chunk, long instances_2, __global long* then_instances_positions_block_totals) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (k + chunk * l + 256 * chunk * wg < instances_2) {
                    x = then_instances_flags[k + chunk * l + 256 * chunk * wg];
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
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long add_then_instances_r_1 = quicksort_fused_add_then_instances(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = add_then_instances_r_1;
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
                then_instances_positions_block_totals[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_then_instances_positions_block_offsets(__global const long* then_instances_positions_block_totals, long final_chunk, long groups, __global long* then_instances_positions_block_offsets) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < final_chunk; k++) {
                long x;
                if (k + final_chunk * l < groups) {
                    x = then_instances_positions_block_totals[k + final_chunk * l];
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
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long add_then_instances_r_1 = quicksort_fused_add_then_instances(acc_1, group_values[k_1]);
                acc_1 = add_then_instances_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < final_chunk; k_2++) {
                then_instances_positions_block_offsets[k_2 + final_chunk * l_2] = acc_2;
                long x_1;
                if (k_2 + final_chunk * l_2 < groups) {
                    x_1 = then_instances_positions_block_totals[k_2 + final_chunk * l_2];
                } else {
                    x_1 = 0L;
                }
                long add_then_instances_r_2 = quicksort_fused_add_then_instances(acc_2, x_1);
                acc_2 = add_then_instances_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_then_instances_positions_scan(__global const long* then_instances_flags, __global const long* then_instances_positions_block_offsets, long groups, long chunk, long instances_2, __global long* then_instances_positions) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (k + chunk * l + 256 * chunk * wg < instances_2) {
                    x = then_instances_flags[k + chunk * l + 256 * chunk * wg];
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
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = then_instances_positions_block_offsets[wg];
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long add_then_instances_r_1 = quicksort_fused_add_then_instances(acc_1, group_values[k_1]);
                acc_1 = add_then_instances_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < chunk; k_2++) {
                then_instances_positions[k_2 + chunk * l_2 + 256 * chunk * wg] = acc_2;
                long x_1;
                if (k_2 + chunk * l_2 + 256 * chunk * wg < instances_2) {
                    x_1 = then_instances_flags[k_2 + chunk * l_2 + 256 * chunk * wg];
                } else {
                    x_1 = 0L;
                }
                long add_then_instances_r_2 = quicksort_fused_add_then_instances(acc_2, x_1);
                acc_2 = add_then_instances_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_then_instances_count(__global const long* then_instances_flags, long instances_2, __global const long* then_instances_positions, __global long* then_instances_kept) {
    const long gid = get_global_id(0);
    if (gid < 1) {
        long count_then_instances_r = quicksort_fused_count_then_instances(then_instances_flags, instances_2, then_instances_positions);
        then_instances_kept[0] = count_then_instances_r;
    }
}

__kernel void quicksort_fused_then_instances(long instances_2, __global const long* then_instances_flags, __global const long* then_instances_positions, __global long* then_instances) {
    const long gid = get_global_id(0);
    if (gid < instances_2) {
        long pull_then_instances_r = quicksort_fused_pull_then_instances(gid);
        long target_then_instances_r = quicksort_fused_target_then_instances(gid, then_instances_flags, then_instances_positions);
        if (target_then_instances_r >= 0) {
            then_instances[target_then_instances_r] = pull_then_instances_r;
        }
    }
}

__kernel void quicksort_fused_else_instances_flags(long instances_2, __global const long* s_lengths, __global long* else_instances_flags) {
    const long gid = get_global_id(0);
    if (gid < instances_2) {
        long flag_else_instances_r = quicksort_fused_flag_else_instances(gid, s_lengths);
        else_instances_flags[gid] = flag_else_instances_r;
    }
}

__kernel void quicksort_fused_else_instances_positions_block_totals(__global const long* else_instances_flags, long groups, long chunk, long instances_2, __global long* else_instances_positions_block_totals) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (k + chunk * l + 256 * chunk * wg < instances_2) {
                    x = else_instances_flags[k + chunk * l + 256 * chunk * wg];
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
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long add_else_instances_r_1 = quicksort_fused_add_else_instances(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = add_else_instances_r_1;
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
                else_instances_positions_block_totals[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_else_instances_positions_block_offsets(__global const long* else_instances_positions_block_totals, long final_chunk, long groups, __global long* else_instances_positions_block_offsets) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < final_chunk; k++) {
                long x;
                if (k + final_chunk * l < groups) {
                    x = else_instances_positions_block_totals[k + final_chunk * l];
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
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long add_else_instances_r_1 = quicksort_fused_add_else_instances(acc_1, group_values[k_1]);
                acc_1 = add_else_instances_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < final_chunk; k_2++) {
                else_instances_positions_block_offsets[k_2 + final_chunk * l_2] = acc_2;
                long x_1;
                if (k_2 + final_chunk * l_2 < groups) {
                    x_1 = else_instances_positions_block_totals[k_2 + final_chunk * l_2];
                } else {
                    x_1 = 0L;
                }
                long add_else_instances_r_2 = quicksort_fused_add_else_instances(acc_2, x_1);
                acc_2 = add_else_instances_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_else_instances_positions_scan(__global const long* else_instances_flags, __global const long* else_instances_positions_block_offsets, long groups, long chunk, long instances_2, __global long* else_instances_positions) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (k + chunk * l + 256 * chunk * wg < instances_2) {
                    x = else_instances_flags[k + chunk * l + 256 * chunk * wg];
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
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = else_instances_positions_block_offsets[wg];
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long add_else_instances_r_1 = quicksort_fused_add_else_instances(acc_1, group_values[k_1]);
                acc_1 = add_else_instances_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < chunk; k_2++) {
                else_instances_positions[k_2 + chunk * l_2 + 256 * chunk * wg] = acc_2;
                long x_1;
                if (k_2 + chunk * l_2 + 256 * chunk * wg < instances_2) {
                    x_1 = else_instances_flags[k_2 + chunk * l_2 + 256 * chunk * wg];
                } else {
                    x_1 = 0L;
                }
                long add_else_instances_r_2 = quicksort_fused_add_else_instances(acc_2, x_1);
                acc_2 = add_else_instances_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_else_instances_count(__global const long* else_instances_flags, long instances_2, __global const long* else_instances_positions, __global long* else_instances_kept) {
    const long gid = get_global_id(0);
    if (gid < 1) {
        long count_else_instances_r = quicksort_fused_count_else_instances(else_instances_flags, instances_2, else_instances_positions);
        else_instances_kept[0] = count_else_instances_r;
    }
}

__kernel void quicksort_fused_else_instances(long instances_2, __global const long* else_instances_flags, __global const long* else_instances_positions, __global long* else_instances) {
    const long gid = get_global_id(0);
    if (gid < instances_2) {
        long pull_else_instances_r = quicksort_fused_pull_else_instances(gid);
        long target_else_instances_r = quicksort_fused_target_else_instances(gid, else_instances_flags, else_instances_positions);
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

static inline void quicksort_fused_2_pull_pivot(long i, __global const long* else_instances, __global const long* s_lengths, __global const long* s_offsets, __global const long* s_elements, __global long* err, long* r0, long* r1) {
    long s = else_instances[i];
    long j = nessie_div(s_lengths[s], 2L);
    long len = s_lengths[s];
    if (j < 0L || j >= len) {
        nessie_fail(err, 1, 1, j, len);
        *r0 = 0L;
        *r1 = 0L;
        return;
    }
    long k = nessie_add(s_offsets[s], j);
    long v = s_elements[k];
    long q = else_instances[i];
    long v_1 = s_lengths[q];
    *r0 = v;
    *r1 = v_1;
}

static inline long quicksort_fused_2_pull_s_offsets(long i, __global const long* else_instances, __global const long* s_lengths) {
    long q = else_instances[i];
    long s_lengths_1 = s_lengths[q];
    return s_lengths_1;
}

static inline long quicksort_fused_2_op_s_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_2_pull_total(long i, __global const long* else_instances, __global const long* s_lengths) {
    long q = else_instances[i];
    long s_lengths_1 = s_lengths[q];
    return s_lengths_1;
}

static inline long quicksort_fused_2_op_total(long a, long b) {
    return nessie_add(a, b);
}

__kernel void quicksort_fused_2_pivot(long n_else_instances, __global const long* else_instances, __global const long* s_lengths_1, __global const long* s_offsets_2, __global const long* s_elements, __global long* pivot, __global long* s_lengths_10, __global long* err) {
    if (nessie_failed(err)) return;
    const long gid = get_global_id(0);
    if (gid < n_else_instances) {
        long pull_pivot_r;
        long pull_pivot_r_1;
        quicksort_fused_2_pull_pivot(gid, else_instances, s_lengths_1, s_offsets_2, s_elements, err, &pull_pivot_r, &pull_pivot_r_1);
        pivot[gid] = pull_pivot_r;
        s_lengths_10[gid] = pull_pivot_r_1;
    }
}

__kernel void quicksort_fused_2_s_offsets_block_totals(long groups, long chunk, long n_else_instances, __global const long* else_instances, __global const long* s_lengths_1, __global long* s_offsets_block_totals) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k_1 = 0; k_1 < chunk; k_1++) {
                long x;
                if (k_1 + chunk * l + 256 * chunk * wg < n_else_instances) {
                    long pull_s_offsets_r = quicksort_fused_2_pull_s_offsets(k_1 + chunk * l + 256 * chunk * wg, else_instances, s_lengths_1);
                    x = pull_s_offsets_r;
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
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_2 = 0; k_2 < 2; k_2++) {
                    long op_s_offsets_r_1 = quicksort_fused_2_op_s_offsets(acc_1, group_values_in[k_2 + 2 * l_1]);
                    acc_1 = op_s_offsets_r_1;
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
                s_offsets_block_totals[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_2_s_offsets_block_offsets(__global const long* s_offsets_block_totals, long final_chunk, long groups, __global long* s_offsets_block_offsets) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k_1 = 0; k_1 < final_chunk; k_1++) {
                long x;
                if (k_1 + final_chunk * l < groups) {
                    x = s_offsets_block_totals[k_1 + final_chunk * l];
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
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_2 = 0; k_2 < 256; k_2++) {
                group_values_1[k_2] = acc_1;
                long op_s_offsets_r_1 = quicksort_fused_2_op_s_offsets(acc_1, group_values[k_2]);
                acc_1 = op_s_offsets_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_3 = 0; k_3 < final_chunk; k_3++) {
                s_offsets_block_offsets[k_3 + final_chunk * l_2] = acc_2;
                long x_1;
                if (k_3 + final_chunk * l_2 < groups) {
                    x_1 = s_offsets_block_totals[k_3 + final_chunk * l_2];
                } else {
                    x_1 = 0L;
                }
                long op_s_offsets_r_2 = quicksort_fused_2_op_s_offsets(acc_2, x_1);
                acc_2 = op_s_offsets_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_2_s_offsets_scan(__global const long* s_offsets_block_offsets, long groups, long chunk, long n_else_instances, __global const long* else_instances, __global const long* s_lengths_1, __global long* s_offsets_13) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k_1 = 0; k_1 < chunk; k_1++) {
                long x;
                if (k_1 + chunk * l + 256 * chunk * wg < n_else_instances) {
                    long pull_s_offsets_r = quicksort_fused_2_pull_s_offsets(k_1 + chunk * l + 256 * chunk * wg, else_instances, s_lengths_1);
                    x = pull_s_offsets_r;
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
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = s_offsets_block_offsets[wg];
            for (long k_2 = 0; k_2 < 256; k_2++) {
                group_values_1[k_2] = acc_1;
                long op_s_offsets_r_1 = quicksort_fused_2_op_s_offsets(acc_1, group_values[k_2]);
                acc_1 = op_s_offsets_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_3 = 0; k_3 < chunk; k_3++) {
                s_offsets_13[k_3 + chunk * l_2 + 256 * chunk * wg] = acc_2;
                long x_1;
                if (k_3 + chunk * l_2 + 256 * chunk * wg < n_else_instances) {
                    long pull_s_offsets_r_1 = quicksort_fused_2_pull_s_offsets(k_3 + chunk * l_2 + 256 * chunk * wg, else_instances, s_lengths_1);
                    x_1 = pull_s_offsets_r_1;
                } else {
                    x_1 = 0L;
                }
                long op_s_offsets_r_2 = quicksort_fused_2_op_s_offsets(acc_2, x_1);
                acc_2 = op_s_offsets_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_2_total_partial(long groups, long chunk, long n_else_instances, __global const long* else_instances, __global const long* s_lengths_1, __global long* total_partials) {
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
                    long pull_total_r = quicksort_fused_2_pull_total(l + 256 * wg + 256 * groups * k_1, else_instances, s_lengths_1);
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
                for (long k_2 = 0; k_2 < 2; k_2++) {
                    long op_total_r_1 = quicksort_fused_2_op_total(acc_1, group_values_in[k_2 + 2 * l_1]);
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
            for (long k_1 = 0; k_1 < final_chunk; k_1++) {
                long x;
                if (256 * k_1 + l < groups) {
                    x = total_partials[256 * k_1 + l];
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
                for (long k_2 = 0; k_2 < 2; k_2++) {
                    long op_total_r_1 = quicksort_fused_2_op_total(acc_1, group_values_in[k_2 + 2 * l_1]);
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

static inline long quicksort_fused_3_flag_kept(long i, __global const long* s_offsets, long s_offsets_len, __global const long* then_instances, __global const long* s_offsets_1, __global const long* s_elements, __global const long* pivot) {
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

static inline long quicksort_fused_3_add_kept(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_3_count_kept(__global const long* kept_flags, long kept_flags_len, __global const long* kept_positions) {
    return kept_flags_len > 0L ? nessie_add(kept_positions[nessie_sub(kept_flags_len, 1L)], kept_flags[nessie_sub(kept_flags_len, 1L)]) : 0L;
}

static inline long quicksort_fused_3_target_kept(long j, __global const long* kept_flags, __global const long* kept_positions) {
    return kept_flags[j] != 0L ? kept_positions[j] : -1L;
}

static inline void quicksort_fused_3_pull_kept(long i, __global const long* s_offsets, long s_offsets_len, __global const long* then_instances, __global const long* s_offsets_1, __global const long* s_elements, long* r0, long* r1) {
    long s = nessie_segment_of(s_offsets, s_offsets_len, i);
    long r = then_instances[s];
    long q = nessie_add(s_offsets_1[r], nessie_sub(i, s_offsets[s]));
    long s_elements_1 = s_elements[q];
    *r0 = i;
    *r1 = s_elements_1;
}

static inline void quicksort_fused_3_pull_lesser_lengths(long p, __global const long* s_offsets, long s_offsets_len, __global const long* then_instances, __global const long* s_offsets_1, __global const long* s_elements, __global const long* pivot, long* r0, long* r1, long* r2) {
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

static inline void quicksort_fused_3_op_lesser_lengths(long a, long a_1, long a_2, long b, long b_1, long b_2, long* r0, long* r1, long* r2) {
    *r0 = nessie_add(a, b);
    *r1 = nessie_add(a_1, b_1);
    *r2 = nessie_add(a_2, b_2);
}

static inline long quicksort_fused_3_flag_kept_1(long i, __global const long* s_offsets, long s_offsets_len, __global const long* then_instances, __global const long* s_offsets_1, __global const long* s_elements, __global const long* pivot) {
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

static inline long quicksort_fused_3_add_kept_1(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_3_count_kept_1(__global const long* kept_flags, long kept_flags_len, __global const long* kept_positions) {
    return kept_flags_len > 0L ? nessie_add(kept_positions[nessie_sub(kept_flags_len, 1L)], kept_flags[nessie_sub(kept_flags_len, 1L)]) : 0L;
}

static inline long quicksort_fused_3_target_kept_1(long j, __global const long* kept_flags, __global const long* kept_positions) {
    return kept_flags[j] != 0L ? kept_positions[j] : -1L;
}

static inline void quicksort_fused_3_pull_kept_1(long i, __global const long* s_offsets, long s_offsets_len, __global const long* then_instances, __global const long* s_offsets_1, __global const long* s_elements, long* r0, long* r1) {
    long s = nessie_segment_of(s_offsets, s_offsets_len, i);
    long r = then_instances[s];
    long q = nessie_add(s_offsets_1[r], nessie_sub(i, s_offsets[s]));
    long s_elements_1 = s_elements[q];
    *r0 = i;
    *r1 = s_elements_1;
}

static inline long quicksort_fused_3_flag_kept_2(long i, __global const long* s_offsets, long s_offsets_len, __global const long* then_instances, __global const long* s_offsets_1, __global const long* s_elements, __global const long* pivot) {
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

static inline long quicksort_fused_3_add_kept_2(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_3_count_kept_2(__global const long* kept_flags, long kept_flags_len, __global const long* kept_positions) {
    return kept_flags_len > 0L ? nessie_add(kept_positions[nessie_sub(kept_flags_len, 1L)], kept_flags[nessie_sub(kept_flags_len, 1L)]) : 0L;
}

static inline long quicksort_fused_3_target_kept_2(long j, __global const long* kept_flags, __global const long* kept_positions) {
    return kept_flags[j] != 0L ? kept_positions[j] : -1L;
}

static inline void quicksort_fused_3_pull_kept_2(long i, __global const long* s_offsets, long s_offsets_len, __global const long* then_instances, __global const long* s_offsets_1, __global const long* s_elements, long* r0, long* r1) {
    long s = nessie_segment_of(s_offsets, s_offsets_len, i);
    long r = then_instances[s];
    long q = nessie_add(s_offsets_1[r], nessie_sub(i, s_offsets[s]));
    long s_elements_1 = s_elements[q];
    *r0 = i;
    *r1 = s_elements_1;
}

static inline long quicksort_fused_3_elements_lesser_lengths(__global const long* s_lengths, long s_lengths_len, __global const long* s_offsets) {
    return s_lengths_len > 0L ? nessie_add(s_offsets[nessie_sub(s_lengths_len, 1L)], s_lengths[nessie_sub(s_lengths_len, 1L)]) : 0L;
}

__kernel void quicksort_fused_3_kept_flags(long total_1, __global const long* s_offsets_0, long n_s_offsets, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global const long* pivot, __global long* kept_flags_113) {
    const long gid = get_global_id(0);
    if (gid < total_1) {
        long flag_kept_r = quicksort_fused_3_flag_kept(gid, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, pivot);
        kept_flags_113[gid] = flag_kept_r;
    }
}

__kernel void quicksort_fused_3_kept_positions_block_totals(__global const long* kept_flags_113, long groups, long chunk, long total_1, __global long* kept_positions_block_totals_131) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (k + chunk * l + 256 * chunk * wg < total_1) {
                    x = kept_flags_113[k + chunk * l + 256 * chunk * wg];
                } else {
                    x = 0L;
                }
                long add_kept_r = quicksort_fused_3_add_kept(acc, x);
                acc = add_kept_r;
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
                    long add_kept_r_1 = quicksort_fused_3_add_kept(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = add_kept_r_1;
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
                kept_positions_block_totals_131[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_3_kept_positions_block_offsets(__global const long* kept_positions_block_totals_131, long final_chunk, long groups, __global long* kept_positions_block_offsets_132) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < final_chunk; k++) {
                long x;
                if (k + final_chunk * l < groups) {
                    x = kept_positions_block_totals_131[k + final_chunk * l];
                } else {
                    x = 0L;
                }
                long add_kept_r = quicksort_fused_3_add_kept(acc, x);
                acc = add_kept_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long add_kept_r_1 = quicksort_fused_3_add_kept(acc_1, group_values[k_1]);
                acc_1 = add_kept_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < final_chunk; k_2++) {
                kept_positions_block_offsets_132[k_2 + final_chunk * l_2] = acc_2;
                long x_1;
                if (k_2 + final_chunk * l_2 < groups) {
                    x_1 = kept_positions_block_totals_131[k_2 + final_chunk * l_2];
                } else {
                    x_1 = 0L;
                }
                long add_kept_r_2 = quicksort_fused_3_add_kept(acc_2, x_1);
                acc_2 = add_kept_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_3_kept_positions_scan(__global const long* kept_flags_113, __global const long* kept_positions_block_offsets_132, long groups, long chunk, long total_1, __global long* kept_positions_114) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (k + chunk * l + 256 * chunk * wg < total_1) {
                    x = kept_flags_113[k + chunk * l + 256 * chunk * wg];
                } else {
                    x = 0L;
                }
                long add_kept_r = quicksort_fused_3_add_kept(acc, x);
                acc = add_kept_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = kept_positions_block_offsets_132[wg];
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long add_kept_r_1 = quicksort_fused_3_add_kept(acc_1, group_values[k_1]);
                acc_1 = add_kept_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < chunk; k_2++) {
                kept_positions_114[k_2 + chunk * l_2 + 256 * chunk * wg] = acc_2;
                long x_1;
                if (k_2 + chunk * l_2 + 256 * chunk * wg < total_1) {
                    x_1 = kept_flags_113[k_2 + chunk * l_2 + 256 * chunk * wg];
                } else {
                    x_1 = 0L;
                }
                long add_kept_r_2 = quicksort_fused_3_add_kept(acc_2, x_1);
                acc_2 = add_kept_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_3_kept_count(__global const long* kept_flags_113, long total_1, __global const long* kept_positions_114, __global long* kept_kept_115) {
    const long gid = get_global_id(0);
    if (gid < 1) {
        long count_kept_r = quicksort_fused_3_count_kept(kept_flags_113, total_1, kept_positions_114);
        kept_kept_115[0] = count_kept_r;
    }
}

__kernel void quicksort_fused_3_kept(long total_1, __global const long* s_offsets_0, long n_s_offsets, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global const long* kept_flags_113, __global const long* kept_positions_114, __global long* kept_14, __global long* lesser_elements_15) {
    const long gid = get_global_id(0);
    if (gid < total_1) {
        long pull_kept_r;
        long pull_kept_r_1;
        quicksort_fused_3_pull_kept(gid, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, &pull_kept_r, &pull_kept_r_1);
        long target_kept_r = quicksort_fused_3_target_kept(gid, kept_flags_113, kept_positions_114);
        if (target_kept_r >= 0) {
            kept_14[target_kept_r] = pull_kept_r;
            lesser_elements_15[target_kept_r] = pull_kept_r_1;
        }
    }
}

__kernel void quicksort_fused_3_lesser_lengths_elements(__global const long* s_lengths, long n_s_lengths, __global const long* s_offsets_0, __global long* lesser_lengths_elements) {
    const long gid = get_global_id(0);
    if (gid < 1) {
        long elements_lesser_lengths_r = quicksort_fused_3_elements_lesser_lengths(s_lengths, n_s_lengths, s_offsets_0);
        lesser_lengths_elements[0] = elements_lesser_lengths_r;
    }
}

__kernel void quicksort_fused_3_lesser_lengths(__global const long* s_offsets_0, __global const long* s_lengths, long lanes, long n_s_offsets, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global const long* pivot, __global long* lesser_lengths_20, __global long* lesser_lengths_32, __global long* lesser_lengths_44) {
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
                    quicksort_fused_3_pull_lesser_lengths(offset + k, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, pivot, &pull_lesser_lengths_r, &pull_lesser_lengths_r_1, &pull_lesser_lengths_r_2);
                    long op_lesser_lengths_r;
                    long op_lesser_lengths_r_1;
                    long op_lesser_lengths_r_2;
                    quicksort_fused_3_op_lesser_lengths(acc, acc_1, acc_2, pull_lesser_lengths_r, pull_lesser_lengths_r_1, pull_lesser_lengths_r_2, &op_lesser_lengths_r, &op_lesser_lengths_r_1, &op_lesser_lengths_r_2);
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
                    quicksort_fused_3_op_lesser_lengths(team_values[l], team_values_1[l], team_values_2[l], team_values[l + h], team_values_1[l + h], team_values_2[l + h], &op_lesser_lengths_r_3, &op_lesser_lengths_r_4, &op_lesser_lengths_r_5);
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
                quicksort_fused_3_pull_lesser_lengths(offset_1 + k_1, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, pivot, &pull_lesser_lengths_r_3, &pull_lesser_lengths_r_4, &pull_lesser_lengths_r_5);
                long op_lesser_lengths_r_6;
                long op_lesser_lengths_r_7;
                long op_lesser_lengths_r_8;
                quicksort_fused_3_op_lesser_lengths(acc_3, acc_4, acc_5, pull_lesser_lengths_r_3, pull_lesser_lengths_r_4, pull_lesser_lengths_r_5, &op_lesser_lengths_r_6, &op_lesser_lengths_r_7, &op_lesser_lengths_r_8);
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
                    quicksort_fused_3_op_lesser_lengths(team_values[l], team_values_1[l], team_values_2[l], team_values[l + h_1], team_values_1[l + h_1], team_values_2[l + h_1], &op_lesser_lengths_r_9, &op_lesser_lengths_r_10, &op_lesser_lengths_r_11);
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

__kernel void quicksort_fused_3_kept_flags_1(long total_1, __global const long* s_offsets_0, long n_s_offsets, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global const long* pivot, __global long* kept_flags_119) {
    const long gid = get_global_id(0);
    if (gid < total_1) {
        long flag_kept_1_r = quicksort_fused_3_flag_kept_1(gid, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, pivot);
        kept_flags_119[gid] = flag_kept_1_r;
    }
}

__kernel void quicksort_fused_3_kept_positions_block_totals_1(__global const long* kept_flags_119, long groups, long chunk, long total_1, __global long* kept_positions_block_totals_134) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (k + chunk * l + 256 * chunk * wg < total_1) {
                    x = kept_flags_119[k + chunk * l + 256 * chunk * wg];
                } else {
                    x = 0L;
                }
                long add_kept_1_r = quicksort_fused_3_add_kept_1(acc, x);
                acc = add_kept_1_r;
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
                    long add_kept_1_r_1 = quicksort_fused_3_add_kept_1(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = add_kept_1_r_1;
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
                kept_positions_block_totals_134[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_3_kept_positions_block_offsets_1(__global const long* kept_positions_block_totals_134, long final_chunk, long groups, __global long* kept_positions_block_offsets_135) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < final_chunk; k++) {
                long x;
                if (k + final_chunk * l < groups) {
                    x = kept_positions_block_totals_134[k + final_chunk * l];
                } else {
                    x = 0L;
                }
                long add_kept_1_r = quicksort_fused_3_add_kept_1(acc, x);
                acc = add_kept_1_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long add_kept_1_r_1 = quicksort_fused_3_add_kept_1(acc_1, group_values[k_1]);
                acc_1 = add_kept_1_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < final_chunk; k_2++) {
                kept_positions_block_offsets_135[k_2 + final_chunk * l_2] = acc_2;
                long x_1;
                if (k_2 + final_chunk * l_2 < groups) {
                    x_1 = kept_positions_block_totals_134[k_2 + final_chunk * l_2];
                } else {
                    x_1 = 0L;
                }
                long add_kept_1_r_2 = quicksort_fused_3_add_kept_1(acc_2, x_1);
                acc_2 = add_kept_1_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_3_kept_positions_scan_1(__global const long* kept_flags_119, __global const long* kept_positions_block_offsets_135, long groups, long chunk, long total_1, __global long* kept_positions_120) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (k + chunk * l + 256 * chunk * wg < total_1) {
                    x = kept_flags_119[k + chunk * l + 256 * chunk * wg];
                } else {
                    x = 0L;
                }
                long add_kept_1_r = quicksort_fused_3_add_kept_1(acc, x);
                acc = add_kept_1_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = kept_positions_block_offsets_135[wg];
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long add_kept_1_r_1 = quicksort_fused_3_add_kept_1(acc_1, group_values[k_1]);
                acc_1 = add_kept_1_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < chunk; k_2++) {
                kept_positions_120[k_2 + chunk * l_2 + 256 * chunk * wg] = acc_2;
                long x_1;
                if (k_2 + chunk * l_2 + 256 * chunk * wg < total_1) {
                    x_1 = kept_flags_119[k_2 + chunk * l_2 + 256 * chunk * wg];
                } else {
                    x_1 = 0L;
                }
                long add_kept_1_r_2 = quicksort_fused_3_add_kept_1(acc_2, x_1);
                acc_2 = add_kept_1_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_3_kept_count_1(__global const long* kept_flags_119, long total_1, __global const long* kept_positions_120, __global long* kept_kept_121) {
    const long gid = get_global_id(0);
    if (gid < 1) {
        long count_kept_1_r = quicksort_fused_3_count_kept_1(kept_flags_119, total_1, kept_positions_120);
        kept_kept_121[0] = count_kept_1_r;
    }
}

__kernel void quicksort_fused_3_kept_1(long total_1, __global const long* s_offsets_0, long n_s_offsets, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global const long* kept_flags_119, __global const long* kept_positions_120, __global long* kept_27, __global long* lesser_elements_28) {
    const long gid = get_global_id(0);
    if (gid < total_1) {
        long pull_kept_1_r;
        long pull_kept_1_r_1;
        quicksort_fused_3_pull_kept_1(gid, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, &pull_kept_1_r, &pull_kept_1_r_1);
        long target_kept_1_r = quicksort_fused_3_target_kept_1(gid, kept_flags_119, kept_positions_120);
        if (target_kept_1_r >= 0) {
            kept_27[target_kept_1_r] = pull_kept_1_r;
            lesser_elements_28[target_kept_1_r] = pull_kept_1_r_1;
        }
    }
}

__kernel void quicksort_fused_3_kept_flags_2(long total_1, __global const long* s_offsets_0, long n_s_offsets, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global const long* pivot, __global long* kept_flags_125) {
    const long gid = get_global_id(0);
    if (gid < total_1) {
        long flag_kept_2_r = quicksort_fused_3_flag_kept_2(gid, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, pivot);
        kept_flags_125[gid] = flag_kept_2_r;
    }
}

__kernel void quicksort_fused_3_kept_positions_block_totals_2(__global const long* kept_flags_125, long groups, long chunk, long total_1, __global long* kept_positions_block_totals_136) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (k + chunk * l + 256 * chunk * wg < total_1) {
                    x = kept_flags_125[k + chunk * l + 256 * chunk * wg];
                } else {
                    x = 0L;
                }
                long add_kept_2_r = quicksort_fused_3_add_kept_2(acc, x);
                acc = add_kept_2_r;
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
                    long add_kept_2_r_1 = quicksort_fused_3_add_kept_2(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = add_kept_2_r_1;
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
                kept_positions_block_totals_136[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_3_kept_positions_block_offsets_2(__global const long* kept_positions_block_totals_136, long final_chunk, long groups, __global long* kept_positions_block_offsets_137) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < final_chunk; k++) {
                long x;
                if (k + final_chunk * l < groups) {
                    x = kept_positions_block_totals_136[k + final_chunk * l];
                } else {
                    x = 0L;
                }
                long add_kept_2_r = quicksort_fused_3_add_kept_2(acc, x);
                acc = add_kept_2_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long add_kept_2_r_1 = quicksort_fused_3_add_kept_2(acc_1, group_values[k_1]);
                acc_1 = add_kept_2_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < final_chunk; k_2++) {
                kept_positions_block_offsets_137[k_2 + final_chunk * l_2] = acc_2;
                long x_1;
                if (k_2 + final_chunk * l_2 < groups) {
                    x_1 = kept_positions_block_totals_136[k_2 + final_chunk * l_2];
                } else {
                    x_1 = 0L;
                }
                long add_kept_2_r_2 = quicksort_fused_3_add_kept_2(acc_2, x_1);
                acc_2 = add_kept_2_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_3_kept_positions_scan_2(__global const long* kept_flags_125, __global const long* kept_positions_block_offsets_137, long groups, long chunk, long total_1, __global long* kept_positions_126) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (k + chunk * l + 256 * chunk * wg < total_1) {
                    x = kept_flags_125[k + chunk * l + 256 * chunk * wg];
                } else {
                    x = 0L;
                }
                long add_kept_2_r = quicksort_fused_3_add_kept_2(acc, x);
                acc = add_kept_2_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = kept_positions_block_offsets_137[wg];
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long add_kept_2_r_1 = quicksort_fused_3_add_kept_2(acc_1, group_values[k_1]);
                acc_1 = add_kept_2_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < chunk; k_2++) {
                kept_positions_126[k_2 + chunk * l_2 + 256 * chunk * wg] = acc_2;
                long x_1;
                if (k_2 + chunk * l_2 + 256 * chunk * wg < total_1) {
                    x_1 = kept_flags_125[k_2 + chunk * l_2 + 256 * chunk * wg];
                } else {
                    x_1 = 0L;
                }
                long add_kept_2_r_2 = quicksort_fused_3_add_kept_2(acc_2, x_1);
                acc_2 = add_kept_2_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_3_kept_count_2(__global const long* kept_flags_125, long total_1, __global const long* kept_positions_126, __global long* kept_kept_127) {
    const long gid = get_global_id(0);
    if (gid < 1) {
        long count_kept_2_r = quicksort_fused_3_count_kept_2(kept_flags_125, total_1, kept_positions_126);
        kept_kept_127[0] = count_kept_2_r;
    }
}

__kernel void quicksort_fused_3_kept_2(long total_1, __global const long* s_offsets_0, long n_s_offsets, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global const long* kept_flags_125, __global const long* kept_positions_126, __global long* kept_39, __global long* lesser_elements_40) {
    const long gid = get_global_id(0);
    if (gid < total_1) {
        long pull_kept_2_r;
        long pull_kept_2_r_1;
        quicksort_fused_3_pull_kept_2(gid, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, &pull_kept_2_r, &pull_kept_2_r_1);
        long target_kept_2_r = quicksort_fused_3_target_kept_2(gid, kept_flags_125, kept_positions_126);
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

__kernel void quicksort_scan_sum_fused_s_offsets_block_totals(long groups, long chunk, long n_s_lengths, __global const long* s_lengths_0, __global const long* s_lengths_5, __global const long* s_lengths_10, __global long* s_offsets_block_totals_15, __global long* s_offsets_block_totals_16, __global long* s_offsets_block_totals_17) {
    __local long group_values[256];
    __local long group_values_1[256];
    __local long group_values_2[256];
    __local long group_swap[256];
    __local long group_swap_1[256];
    __local long group_swap_2[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            long acc_1 = 0L;
            long acc_2 = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                long x_1;
                long x_2;
                if (k + chunk * l + 256 * chunk * wg < n_s_lengths) {
                    long pull_s_offsets_r;
                    long pull_s_offsets_r_1;
                    long pull_s_offsets_r_2;
                    quicksort_scan_sum_fused_pull_s_offsets(k + chunk * l + 256 * chunk * wg, s_lengths_0, s_lengths_5, s_lengths_10, &pull_s_offsets_r, &pull_s_offsets_r_1, &pull_s_offsets_r_2);
                    x = pull_s_offsets_r;
                    x_1 = pull_s_offsets_r_1;
                    x_2 = pull_s_offsets_r_2;
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
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        __local long* group_values_1_in = group_values_1;
        __local long* group_values_1_out = group_swap_1;
        __local long* group_values_2_in = group_values_2;
        __local long* group_values_2_out = group_swap_2;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_3 = 0L;
                long acc_4 = 0L;
                long acc_5 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long op_s_offsets_r_3;
                    long op_s_offsets_r_4;
                    long op_s_offsets_r_5;
                    quicksort_scan_sum_fused_op_s_offsets(acc_3, acc_4, acc_5, group_values_in[k_1 + 2 * l_1], group_values_1_in[k_1 + 2 * l_1], group_values_2_in[k_1 + 2 * l_1], &op_s_offsets_r_3, &op_s_offsets_r_4, &op_s_offsets_r_5);
                    acc_3 = op_s_offsets_r_3;
                    acc_4 = op_s_offsets_r_4;
                    acc_5 = op_s_offsets_r_5;
                }
                {
                    group_values_out[l_1] = acc_3;
                    group_values_1_out[l_1] = acc_4;
                    group_values_2_out[l_1] = acc_5;
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
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                s_offsets_block_totals_15[wg] = group_values_in[0];
                s_offsets_block_totals_16[wg] = group_values_1_in[0];
                s_offsets_block_totals_17[wg] = group_values_2_in[0];
            }
        }
    }
}

__kernel void quicksort_scan_sum_fused_s_offsets_block_offsets(__global const long* s_offsets_block_totals_15, __global const long* s_offsets_block_totals_16, __global const long* s_offsets_block_totals_17, long final_chunk, long groups, __global long* s_offsets_block_offsets_18, __global long* s_offsets_block_offsets_19, __global long* s_offsets_block_offsets_20) {
    __local long group_values[256];
    __local long group_values_1[256];
    __local long group_values_2[256];
    __local long group_values_3[256];
    __local long group_values_4[256];
    __local long group_values_5[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            long acc_1 = 0L;
            long acc_2 = 0L;
            for (long k = 0; k < final_chunk; k++) {
                long x;
                long x_1;
                long x_2;
                if (k + final_chunk * l < groups) {
                    x = s_offsets_block_totals_15[k + final_chunk * l];
                    x_1 = s_offsets_block_totals_16[k + final_chunk * l];
                    x_2 = s_offsets_block_totals_17[k + final_chunk * l];
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
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_3 = 0L;
            long acc_4 = 0L;
            long acc_5 = 0L;
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_3[k_1] = acc_3;
                group_values_4[k_1] = acc_4;
                group_values_5[k_1] = acc_5;
                long op_s_offsets_r_3;
                long op_s_offsets_r_4;
                long op_s_offsets_r_5;
                quicksort_scan_sum_fused_op_s_offsets(acc_3, acc_4, acc_5, group_values[k_1], group_values_1[k_1], group_values_2[k_1], &op_s_offsets_r_3, &op_s_offsets_r_4, &op_s_offsets_r_5);
                acc_3 = op_s_offsets_r_3;
                acc_4 = op_s_offsets_r_4;
                acc_5 = op_s_offsets_r_5;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_6 = group_values_3[l_2];
            long acc_7 = group_values_4[l_2];
            long acc_8 = group_values_5[l_2];
            for (long k_2 = 0; k_2 < final_chunk; k_2++) {
                s_offsets_block_offsets_18[k_2 + final_chunk * l_2] = acc_6;
                s_offsets_block_offsets_19[k_2 + final_chunk * l_2] = acc_7;
                s_offsets_block_offsets_20[k_2 + final_chunk * l_2] = acc_8;
                long x_3;
                long x_4;
                long x_5;
                if (k_2 + final_chunk * l_2 < groups) {
                    x_3 = s_offsets_block_totals_15[k_2 + final_chunk * l_2];
                    x_4 = s_offsets_block_totals_16[k_2 + final_chunk * l_2];
                    x_5 = s_offsets_block_totals_17[k_2 + final_chunk * l_2];
                } else {
                    x_3 = 0L;
                    x_4 = 0L;
                    x_5 = 0L;
                }
                long op_s_offsets_r_6;
                long op_s_offsets_r_7;
                long op_s_offsets_r_8;
                quicksort_scan_sum_fused_op_s_offsets(acc_6, acc_7, acc_8, x_3, x_4, x_5, &op_s_offsets_r_6, &op_s_offsets_r_7, &op_s_offsets_r_8);
                acc_6 = op_s_offsets_r_6;
                acc_7 = op_s_offsets_r_7;
                acc_8 = op_s_offsets_r_8;
            }
        }
    }
}

__kernel void quicksort_scan_sum_fused_s_offsets_scan(__global const long* s_offsets_block_offsets_18, __global const long* s_offsets_block_offsets_19, __global const long* s_offsets_block_offsets_20, long groups, long chunk, long n_s_lengths, __global const long* s_lengths_0, __global const long* s_lengths_5, __global const long* s_lengths_10, __global long* s_offsets_1, __global long* s_offsets_6, __global long* s_offsets_11) {
    __local long group_values[256];
    __local long group_values_1[256];
    __local long group_values_2[256];
    __local long group_values_3[256];
    __local long group_values_4[256];
    __local long group_values_5[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            long acc_1 = 0L;
            long acc_2 = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                long x_1;
                long x_2;
                if (k + chunk * l + 256 * chunk * wg < n_s_lengths) {
                    long pull_s_offsets_r;
                    long pull_s_offsets_r_1;
                    long pull_s_offsets_r_2;
                    quicksort_scan_sum_fused_pull_s_offsets(k + chunk * l + 256 * chunk * wg, s_lengths_0, s_lengths_5, s_lengths_10, &pull_s_offsets_r, &pull_s_offsets_r_1, &pull_s_offsets_r_2);
                    x = pull_s_offsets_r;
                    x_1 = pull_s_offsets_r_1;
                    x_2 = pull_s_offsets_r_2;
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
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_3 = s_offsets_block_offsets_18[wg];
            long acc_4 = s_offsets_block_offsets_19[wg];
            long acc_5 = s_offsets_block_offsets_20[wg];
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_3[k_1] = acc_3;
                group_values_4[k_1] = acc_4;
                group_values_5[k_1] = acc_5;
                long op_s_offsets_r_3;
                long op_s_offsets_r_4;
                long op_s_offsets_r_5;
                quicksort_scan_sum_fused_op_s_offsets(acc_3, acc_4, acc_5, group_values[k_1], group_values_1[k_1], group_values_2[k_1], &op_s_offsets_r_3, &op_s_offsets_r_4, &op_s_offsets_r_5);
                acc_3 = op_s_offsets_r_3;
                acc_4 = op_s_offsets_r_4;
                acc_5 = op_s_offsets_r_5;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_6 = group_values_3[l_2];
            long acc_7 = group_values_4[l_2];
            long acc_8 = group_values_5[l_2];
            for (long k_2 = 0; k_2 < chunk; k_2++) {
                s_offsets_1[k_2 + chunk * l_2 + 256 * chunk * wg] = acc_6;
                s_offsets_6[k_2 + chunk * l_2 + 256 * chunk * wg] = acc_7;
                s_offsets_11[k_2 + chunk * l_2 + 256 * chunk * wg] = acc_8;
                long x_3;
                long x_4;
                long x_5;
                if (k_2 + chunk * l_2 + 256 * chunk * wg < n_s_lengths) {
                    long pull_s_offsets_r_3;
                    long pull_s_offsets_r_4;
                    long pull_s_offsets_r_5;
                    quicksort_scan_sum_fused_pull_s_offsets(k_2 + chunk * l_2 + 256 * chunk * wg, s_lengths_0, s_lengths_5, s_lengths_10, &pull_s_offsets_r_3, &pull_s_offsets_r_4, &pull_s_offsets_r_5);
                    x_3 = pull_s_offsets_r_3;
                    x_4 = pull_s_offsets_r_4;
                    x_5 = pull_s_offsets_r_5;
                } else {
                    x_3 = 0L;
                    x_4 = 0L;
                    x_5 = 0L;
                }
                long op_s_offsets_r_6;
                long op_s_offsets_r_7;
                long op_s_offsets_r_8;
                quicksort_scan_sum_fused_op_s_offsets(acc_6, acc_7, acc_8, x_3, x_4, x_5, &op_s_offsets_r_6, &op_s_offsets_r_7, &op_s_offsets_r_8);
                acc_6 = op_s_offsets_r_6;
                acc_7 = op_s_offsets_r_7;
                acc_8 = op_s_offsets_r_8;
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

static inline long quicksort_fused_4_pull_v_lengths(long p, __global const long* lesser_lengths, __global const long* greater_lengths) {
    long c = nessie_rem(p, 2L);
    long q = nessie_div(p, 2L);
    return c == 0L ? lesser_lengths[q] : greater_lengths[q];
}

static inline long quicksort_fused_4_pull_s_offsets(long i, __global const long* lesser_lengths, __global const long* greater_lengths) {
    long c = nessie_rem(i, 2L);
    long q = nessie_div(i, 2L);
    long v_lengths = c == 0L ? lesser_lengths[q] : greater_lengths[q];
    return v_lengths;
}

static inline long quicksort_fused_4_op_s_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_4_pull_total(long i, __global const long* lesser_lengths, __global const long* greater_lengths) {
    long c = nessie_rem(i, 2L);
    long q = nessie_div(i, 2L);
    long v_lengths = c == 0L ? lesser_lengths[q] : greater_lengths[q];
    return v_lengths;
}

static inline long quicksort_fused_4_op_total(long a, long b) {
    return nessie_add(a, b);
}

__kernel void quicksort_fused_4_v_lengths(long t_1, __global const long* lesser_lengths, __global const long* greater_lengths, __global long* v_lengths_3) {
    const long gid = get_global_id(0);
    if (gid < t_1) {
        long pull_v_lengths_r = quicksort_fused_4_pull_v_lengths(gid, lesser_lengths, greater_lengths);
        v_lengths_3[gid] = pull_v_lengths_r;
    }
}

__kernel void quicksort_fused_4_s_offsets_block_totals(long groups, long chunk, long t_1, __global const long* lesser_lengths, __global const long* greater_lengths, __global long* s_offsets_block_totals) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (k + chunk * l + 256 * chunk * wg < t_1) {
                    long pull_s_offsets_r = quicksort_fused_4_pull_s_offsets(k + chunk * l + 256 * chunk * wg, lesser_lengths, greater_lengths);
                    x = pull_s_offsets_r;
                } else {
                    x = 0L;
                }
                long op_s_offsets_r = quicksort_fused_4_op_s_offsets(acc, x);
                acc = op_s_offsets_r;
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
                    long op_s_offsets_r_1 = quicksort_fused_4_op_s_offsets(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_s_offsets_r_1;
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
                s_offsets_block_totals[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_4_s_offsets_block_offsets(__global const long* s_offsets_block_totals, long final_chunk, long groups, __global long* s_offsets_block_offsets) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < final_chunk; k++) {
                long x;
                if (k + final_chunk * l < groups) {
                    x = s_offsets_block_totals[k + final_chunk * l];
                } else {
                    x = 0L;
                }
                long op_s_offsets_r = quicksort_fused_4_op_s_offsets(acc, x);
                acc = op_s_offsets_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long op_s_offsets_r_1 = quicksort_fused_4_op_s_offsets(acc_1, group_values[k_1]);
                acc_1 = op_s_offsets_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < final_chunk; k_2++) {
                s_offsets_block_offsets[k_2 + final_chunk * l_2] = acc_2;
                long x_1;
                if (k_2 + final_chunk * l_2 < groups) {
                    x_1 = s_offsets_block_totals[k_2 + final_chunk * l_2];
                } else {
                    x_1 = 0L;
                }
                long op_s_offsets_r_2 = quicksort_fused_4_op_s_offsets(acc_2, x_1);
                acc_2 = op_s_offsets_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_4_s_offsets_scan(__global const long* s_offsets_block_offsets, long groups, long chunk, long t_1, __global const long* lesser_lengths, __global const long* greater_lengths, __global long* s_offsets) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (k + chunk * l + 256 * chunk * wg < t_1) {
                    long pull_s_offsets_r = quicksort_fused_4_pull_s_offsets(k + chunk * l + 256 * chunk * wg, lesser_lengths, greater_lengths);
                    x = pull_s_offsets_r;
                } else {
                    x = 0L;
                }
                long op_s_offsets_r = quicksort_fused_4_op_s_offsets(acc, x);
                acc = op_s_offsets_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = s_offsets_block_offsets[wg];
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long op_s_offsets_r_1 = quicksort_fused_4_op_s_offsets(acc_1, group_values[k_1]);
                acc_1 = op_s_offsets_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < chunk; k_2++) {
                s_offsets[k_2 + chunk * l_2 + 256 * chunk * wg] = acc_2;
                long x_1;
                if (k_2 + chunk * l_2 + 256 * chunk * wg < t_1) {
                    long pull_s_offsets_r_1 = quicksort_fused_4_pull_s_offsets(k_2 + chunk * l_2 + 256 * chunk * wg, lesser_lengths, greater_lengths);
                    x_1 = pull_s_offsets_r_1;
                } else {
                    x_1 = 0L;
                }
                long op_s_offsets_r_2 = quicksort_fused_4_op_s_offsets(acc_2, x_1);
                acc_2 = op_s_offsets_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_4_total_partial(long groups, long chunk, long t_1, __global const long* lesser_lengths, __global const long* greater_lengths, __global long* total_partials) {
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
                    long pull_total_r = quicksort_fused_4_pull_total(l + 256 * wg + 256 * groups * k, lesser_lengths, greater_lengths);
                    x = pull_total_r;
                } else {
                    x = 0L;
                }
                long op_total_r = quicksort_fused_4_op_total(acc, x);
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
                    long op_total_r_1 = quicksort_fused_4_op_total(acc_1, group_values_in[k_1 + 2 * l_1]);
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

__kernel void quicksort_fused_4_total_final(__global const long* total_partials, long final_chunk, long groups, __global long* total) {
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
                long op_total_r = quicksort_fused_4_op_total(acc, x);
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
                    long op_total_r_1 = quicksort_fused_4_op_total(acc_1, group_values_in[k_1 + 2 * l_1]);
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

static inline void quicksort_fused_5_pull_lengths(long i, __global const long* sorted_elements_lengths, __global const long* sorted_elements_offsets, __global const long* equal_offsets, __global const long* equal_lengths, __global long* err, long* r0, long* r1, long* r2, long* r3, long* r4) {
    long sorted_offsets = nessie_mul(i, 2L);
    long sorted_lengths = 2L;
    long start = sorted_offsets;
    long len = sorted_lengths;
    if (0L < 0L || 0L >= len) {
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
    long sorted_offsets_1 = nessie_mul(i, 2L);
    long sorted_lengths_1 = 2L;
    long start_1 = sorted_offsets_1;
    long len_1 = sorted_lengths_1;
    if (0L < 0L || 0L >= len_1) {
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
    long sorted_offsets_2 = nessie_mul(i, 2L);
    long sorted_lengths_2 = 2L;
    long start_4 = sorted_offsets_2;
    long len_4 = sorted_lengths_2;
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

static inline long quicksort_fused_5_pull_s_offsets(long i, __global const long* sorted_elements_lengths, __global const long* sorted_elements_offsets, __global const long* equal_offsets, __global const long* equal_lengths, __global long* err) {
    long sorted_offsets = nessie_mul(i, 2L);
    long sorted_lengths = 2L;
    long start = sorted_offsets;
    long len = sorted_lengths;
    if (0L < 0L || 0L >= len) {
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

static inline long quicksort_fused_5_op_s_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_5_pull_total(long i, __global const long* sorted_elements_lengths, __global const long* sorted_elements_offsets, __global const long* equal_offsets, __global const long* equal_lengths, __global long* err) {
    long sorted_offsets = nessie_mul(i, 2L);
    long sorted_lengths = 2L;
    long start = sorted_offsets;
    long len = sorted_lengths;
    if (0L < 0L || 0L >= len) {
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

static inline long quicksort_fused_5_op_total(long a, long b) {
    return nessie_add(a, b);
}

__kernel void quicksort_fused_5_lengths(long n_else_instances, __global const long* sorted_elements_lengths, __global const long* sorted_elements_offsets, __global const long* equal_offsets, __global const long* equal_lengths, __global long* lengths_7, __global long* starts_8, __global long* lengths_14, __global long* lengths_28, __global long* starts_29, __global long* err) {
    if (nessie_failed(err)) return;
    const long gid = get_global_id(0);
    if (gid < n_else_instances) {
        long pull_lengths_r;
        long pull_lengths_r_1;
        long pull_lengths_r_2;
        long pull_lengths_r_3;
        long pull_lengths_r_4;
        quicksort_fused_5_pull_lengths(gid, sorted_elements_lengths, sorted_elements_offsets, equal_offsets, equal_lengths, err, &pull_lengths_r, &pull_lengths_r_1, &pull_lengths_r_2, &pull_lengths_r_3, &pull_lengths_r_4);
        lengths_7[gid] = pull_lengths_r;
        starts_8[gid] = pull_lengths_r_1;
        lengths_14[gid] = pull_lengths_r_2;
        lengths_28[gid] = pull_lengths_r_3;
        starts_29[gid] = pull_lengths_r_4;
    }
}

__kernel void quicksort_fused_5_s_offsets_block_totals(long groups, long chunk, long n_else_instances, __global const long* sorted_elements_lengths, __global const long* sorted_elements_offsets, __global const long* equal_offsets, __global const long* equal_lengths, __global long* s_offsets_block_totals, __global long* err) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k_1 = 0; k_1 < chunk; k_1++) {
                long x;
                if (k_1 + chunk * l + 256 * chunk * wg < n_else_instances) {
                    long pull_s_offsets_r = quicksort_fused_5_pull_s_offsets(k_1 + chunk * l + 256 * chunk * wg, sorted_elements_lengths, sorted_elements_offsets, equal_offsets, equal_lengths, err);
                    x = pull_s_offsets_r;
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
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_2 = 0; k_2 < 2; k_2++) {
                    long op_s_offsets_r_1 = quicksort_fused_5_op_s_offsets(acc_1, group_values_in[k_2 + 2 * l_1]);
                    acc_1 = op_s_offsets_r_1;
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
                s_offsets_block_totals[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_5_s_offsets_block_offsets(__global const long* s_offsets_block_totals, long final_chunk, long groups, __global long* s_offsets_block_offsets) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k_1 = 0; k_1 < final_chunk; k_1++) {
                long x;
                if (k_1 + final_chunk * l < groups) {
                    x = s_offsets_block_totals[k_1 + final_chunk * l];
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
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_2 = 0; k_2 < 256; k_2++) {
                group_values_1[k_2] = acc_1;
                long op_s_offsets_r_1 = quicksort_fused_5_op_s_offsets(acc_1, group_values[k_2]);
                acc_1 = op_s_offsets_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_3 = 0; k_3 < final_chunk; k_3++) {
                s_offsets_block_offsets[k_3 + final_chunk * l_2] = acc_2;
                long x_1;
                if (k_3 + final_chunk * l_2 < groups) {
                    x_1 = s_offsets_block_totals[k_3 + final_chunk * l_2];
                } else {
                    x_1 = 0L;
                }
                long op_s_offsets_r_2 = quicksort_fused_5_op_s_offsets(acc_2, x_1);
                acc_2 = op_s_offsets_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_5_s_offsets_scan(__global const long* s_offsets_block_offsets, long groups, long chunk, long n_else_instances, __global const long* sorted_elements_lengths, __global const long* sorted_elements_offsets, __global const long* equal_offsets, __global const long* equal_lengths, __global long* s_offsets, __global long* err) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k_1 = 0; k_1 < chunk; k_1++) {
                long x;
                if (k_1 + chunk * l + 256 * chunk * wg < n_else_instances) {
                    long pull_s_offsets_r = quicksort_fused_5_pull_s_offsets(k_1 + chunk * l + 256 * chunk * wg, sorted_elements_lengths, sorted_elements_offsets, equal_offsets, equal_lengths, err);
                    x = pull_s_offsets_r;
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
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = s_offsets_block_offsets[wg];
            for (long k_2 = 0; k_2 < 256; k_2++) {
                group_values_1[k_2] = acc_1;
                long op_s_offsets_r_1 = quicksort_fused_5_op_s_offsets(acc_1, group_values[k_2]);
                acc_1 = op_s_offsets_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_3 = 0; k_3 < chunk; k_3++) {
                s_offsets[k_3 + chunk * l_2 + 256 * chunk * wg] = acc_2;
                long x_1;
                if (k_3 + chunk * l_2 + 256 * chunk * wg < n_else_instances) {
                    long pull_s_offsets_r_1 = quicksort_fused_5_pull_s_offsets(k_3 + chunk * l_2 + 256 * chunk * wg, sorted_elements_lengths, sorted_elements_offsets, equal_offsets, equal_lengths, err);
                    x_1 = pull_s_offsets_r_1;
                } else {
                    x_1 = 0L;
                }
                long op_s_offsets_r_2 = quicksort_fused_5_op_s_offsets(acc_2, x_1);
                acc_2 = op_s_offsets_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_5_total_partial(long groups, long chunk, long n_else_instances, __global const long* sorted_elements_lengths, __global const long* sorted_elements_offsets, __global const long* equal_offsets, __global const long* equal_lengths, __global long* total_partials, __global long* err) {
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
                    long pull_total_r = quicksort_fused_5_pull_total(l + 256 * wg + 256 * groups * k_1, sorted_elements_lengths, sorted_elements_offsets, equal_offsets, equal_lengths, err);
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
                for (long k_2 = 0; k_2 < 2; k_2++) {
                    long op_total_r_1 = quicksort_fused_5_op_total(acc_1, group_values_in[k_2 + 2 * l_1]);
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
            for (long k_1 = 0; k_1 < final_chunk; k_1++) {
                long x;
                if (256 * k_1 + l < groups) {
                    x = total_partials[256 * k_1 + l];
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
                for (long k_2 = 0; k_2 < 2; k_2++) {
                    long op_total_r_1 = quicksort_fused_5_op_total(acc_1, group_values_in[k_2 + 2 * l_1]);
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

static inline long quicksort_fused_6_pull_s_offsets(long i, __global const long* then_instances, __global const long* s_lengths) {
    long q = then_instances[i];
    long s_lengths_1 = s_lengths[q];
    return s_lengths_1;
}

static inline long quicksort_fused_6_op_s_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_6_pull_total(long i, __global const long* then_instances, __global const long* s_lengths) {
    long q = then_instances[i];
    long s_lengths_1 = s_lengths[q];
    return s_lengths_1;
}

static inline long quicksort_fused_6_op_total(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_6_pull_s_offsets_1(long i, __global const long* starts, __global const long* lengths, __global const long* equal_offsets, __global const long* equal_lengths) {
    long start = starts[i];
    long len = lengths[i];
    long start_1 = equal_offsets[i];
    long len_1 = equal_lengths[i];
    long lengths_1 = nessie_add(len, len_1);
    return lengths_1;
}

static inline long quicksort_fused_6_op_s_offsets_1(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_6_pull_total_1(long i, __global const long* starts, __global const long* lengths, __global const long* equal_offsets, __global const long* equal_lengths) {
    long start = starts[i];
    long len = lengths[i];
    long start_1 = equal_offsets[i];
    long len_1 = equal_lengths[i];
    long lengths_1 = nessie_add(len, len_1);
    return lengths_1;
}

static inline long quicksort_fused_6_op_total_1(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_6_pull_s_lengths(long p, __global const uchar* mapped, __global const long* rank, __global const long* then_instances, __global const long* s_lengths, __global const long* starts, __global const long* lengths, __global const long* equal_offsets, __global const long* equal_lengths) {
    int f = (int)mapped[p];
    long r = rank[p];
    long q = f ? r : nessie_sub(p, r);
    long t;
    if (f) {
        long p_1 = q;
        long q_1 = then_instances[p_1];
        t = s_lengths[q_1];
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

static inline long quicksort_fused_6_pull_s_offsets_2(long i, __global const uchar* mapped, __global const long* rank, __global const long* then_instances, __global const long* s_lengths, __global const long* starts, __global const long* lengths, __global const long* equal_offsets, __global const long* equal_lengths) {
    int f = (int)mapped[i];
    long r = rank[i];
    long q = f ? r : nessie_sub(i, r);
    long t;
    if (f) {
        long p = q;
        long q_1 = then_instances[p];
        t = s_lengths[q_1];
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

static inline long quicksort_fused_6_op_s_offsets_2(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_6_pull_total_2(long i, __global const uchar* mapped, __global const long* rank, __global const long* then_instances, __global const long* s_lengths, __global const long* starts, __global const long* lengths, __global const long* equal_offsets, __global const long* equal_lengths) {
    int f = (int)mapped[i];
    long r = rank[i];
    long q = f ? r : nessie_sub(i, r);
    long t;
    if (f) {
        long p = q;
        long q_1 = then_instances[p];
        t = s_lengths[q_1];
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

static inline long quicksort_fused_6_op_total_2(long a, long b) {
    return nessie_add(a, b);
}

__kernel void quicksort_fused_6_s_offsets_block_totals(long groups, long chunk, long n_then_instances, __global const long* then_instances, __global const long* s_lengths_1, __global long* s_offsets_block_totals_91) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (k + chunk * l + 256 * chunk * wg < n_then_instances) {
                    long pull_s_offsets_r = quicksort_fused_6_pull_s_offsets(k + chunk * l + 256 * chunk * wg, then_instances, s_lengths_1);
                    x = pull_s_offsets_r;
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
        __local long* group_values_in = group_values;
        __local long* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                long acc_1 = 0L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long op_s_offsets_r_1 = quicksort_fused_6_op_s_offsets(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_s_offsets_r_1;
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
                s_offsets_block_totals_91[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_6_s_offsets_block_offsets(__global const long* s_offsets_block_totals_91, long final_chunk, long groups, __global long* s_offsets_block_offsets_92) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < final_chunk; k++) {
                long x;
                if (k + final_chunk * l < groups) {
                    x = s_offsets_block_totals_91[k + final_chunk * l];
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
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long op_s_offsets_r_1 = quicksort_fused_6_op_s_offsets(acc_1, group_values[k_1]);
                acc_1 = op_s_offsets_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < final_chunk; k_2++) {
                s_offsets_block_offsets_92[k_2 + final_chunk * l_2] = acc_2;
                long x_1;
                if (k_2 + final_chunk * l_2 < groups) {
                    x_1 = s_offsets_block_totals_91[k_2 + final_chunk * l_2];
                } else {
                    x_1 = 0L;
                }
                long op_s_offsets_r_2 = quicksort_fused_6_op_s_offsets(acc_2, x_1);
                acc_2 = op_s_offsets_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_6_s_offsets_scan(__global const long* s_offsets_block_offsets_92, long groups, long chunk, long n_then_instances, __global const long* then_instances, __global const long* s_lengths_1, __global long* s_offsets_5) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (k + chunk * l + 256 * chunk * wg < n_then_instances) {
                    long pull_s_offsets_r = quicksort_fused_6_pull_s_offsets(k + chunk * l + 256 * chunk * wg, then_instances, s_lengths_1);
                    x = pull_s_offsets_r;
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
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = s_offsets_block_offsets_92[wg];
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long op_s_offsets_r_1 = quicksort_fused_6_op_s_offsets(acc_1, group_values[k_1]);
                acc_1 = op_s_offsets_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < chunk; k_2++) {
                s_offsets_5[k_2 + chunk * l_2 + 256 * chunk * wg] = acc_2;
                long x_1;
                if (k_2 + chunk * l_2 + 256 * chunk * wg < n_then_instances) {
                    long pull_s_offsets_r_1 = quicksort_fused_6_pull_s_offsets(k_2 + chunk * l_2 + 256 * chunk * wg, then_instances, s_lengths_1);
                    x_1 = pull_s_offsets_r_1;
                } else {
                    x_1 = 0L;
                }
                long op_s_offsets_r_2 = quicksort_fused_6_op_s_offsets(acc_2, x_1);
                acc_2 = op_s_offsets_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_6_total_partial(long groups, long chunk, long n_then_instances, __global const long* then_instances, __global const long* s_lengths_1, __global long* total_partials_93) {
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
                    long pull_total_r = quicksort_fused_6_pull_total(l + 256 * wg + 256 * groups * k, then_instances, s_lengths_1);
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
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long op_total_r_1 = quicksort_fused_6_op_total(acc_1, group_values_in[k_1 + 2 * l_1]);
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
                total_partials_93[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_6_total_final(__global const long* total_partials_93, long final_chunk, long groups, __global long* total_9) {
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
                    x = total_partials_93[256 * k + l];
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
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    long op_total_r_1 = quicksort_fused_6_op_total(acc_1, group_values_in[k_1 + 2 * l_1]);
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
                total_9[0] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_6_s_offsets_block_totals_1(long groups_1, long chunk_1, long n_else_instances, __global const long* starts, __global const long* lengths_14, __global const long* equal_offsets, __global const long* equal_lengths, __global long* s_offsets_block_totals_94) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk_1; k++) {
                long x;
                if (k + chunk_1 * l + 256 * chunk_1 * wg < n_else_instances) {
                    long pull_s_offsets_1_r = quicksort_fused_6_pull_s_offsets_1(k + chunk_1 * l + 256 * chunk_1 * wg, starts, lengths_14, equal_offsets, equal_lengths);
                    x = pull_s_offsets_1_r;
                } else {
                    x = 0L;
                }
                long op_s_offsets_1_r = quicksort_fused_6_op_s_offsets_1(acc, x);
                acc = op_s_offsets_1_r;
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
                    long op_s_offsets_1_r_1 = quicksort_fused_6_op_s_offsets_1(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_s_offsets_1_r_1;
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
                s_offsets_block_totals_94[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_6_s_offsets_block_offsets_1(__global const long* s_offsets_block_totals_94, long final_chunk_1, long groups_1, __global long* s_offsets_block_offsets_95) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < final_chunk_1; k++) {
                long x;
                if (k + final_chunk_1 * l < groups_1) {
                    x = s_offsets_block_totals_94[k + final_chunk_1 * l];
                } else {
                    x = 0L;
                }
                long op_s_offsets_1_r = quicksort_fused_6_op_s_offsets_1(acc, x);
                acc = op_s_offsets_1_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long op_s_offsets_1_r_1 = quicksort_fused_6_op_s_offsets_1(acc_1, group_values[k_1]);
                acc_1 = op_s_offsets_1_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < final_chunk_1; k_2++) {
                s_offsets_block_offsets_95[k_2 + final_chunk_1 * l_2] = acc_2;
                long x_1;
                if (k_2 + final_chunk_1 * l_2 < groups_1) {
                    x_1 = s_offsets_block_totals_94[k_2 + final_chunk_1 * l_2];
                } else {
                    x_1 = 0L;
                }
                long op_s_offsets_1_r_2 = quicksort_fused_6_op_s_offsets_1(acc_2, x_1);
                acc_2 = op_s_offsets_1_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_6_s_offsets_scan_1(__global const long* s_offsets_block_offsets_95, long groups_1, long chunk_1, long n_else_instances, __global const long* starts, __global const long* lengths_14, __global const long* equal_offsets, __global const long* equal_lengths, __global long* s_offsets_24) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk_1; k++) {
                long x;
                if (k + chunk_1 * l + 256 * chunk_1 * wg < n_else_instances) {
                    long pull_s_offsets_1_r = quicksort_fused_6_pull_s_offsets_1(k + chunk_1 * l + 256 * chunk_1 * wg, starts, lengths_14, equal_offsets, equal_lengths);
                    x = pull_s_offsets_1_r;
                } else {
                    x = 0L;
                }
                long op_s_offsets_1_r = quicksort_fused_6_op_s_offsets_1(acc, x);
                acc = op_s_offsets_1_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = s_offsets_block_offsets_95[wg];
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long op_s_offsets_1_r_1 = quicksort_fused_6_op_s_offsets_1(acc_1, group_values[k_1]);
                acc_1 = op_s_offsets_1_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < chunk_1; k_2++) {
                s_offsets_24[k_2 + chunk_1 * l_2 + 256 * chunk_1 * wg] = acc_2;
                long x_1;
                if (k_2 + chunk_1 * l_2 + 256 * chunk_1 * wg < n_else_instances) {
                    long pull_s_offsets_1_r_1 = quicksort_fused_6_pull_s_offsets_1(k_2 + chunk_1 * l_2 + 256 * chunk_1 * wg, starts, lengths_14, equal_offsets, equal_lengths);
                    x_1 = pull_s_offsets_1_r_1;
                } else {
                    x_1 = 0L;
                }
                long op_s_offsets_1_r_2 = quicksort_fused_6_op_s_offsets_1(acc_2, x_1);
                acc_2 = op_s_offsets_1_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_6_total_partial_1(long groups_1, long chunk_1, long n_else_instances, __global const long* starts, __global const long* lengths_14, __global const long* equal_offsets, __global const long* equal_lengths, __global long* total_partials_96) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk_1; k++) {
                long x;
                if (l + 256 * wg + 256 * groups_1 * k < n_else_instances) {
                    long pull_total_1_r = quicksort_fused_6_pull_total_1(l + 256 * wg + 256 * groups_1 * k, starts, lengths_14, equal_offsets, equal_lengths);
                    x = pull_total_1_r;
                } else {
                    x = 0L;
                }
                long op_total_1_r = quicksort_fused_6_op_total_1(acc, x);
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
                    long op_total_1_r_1 = quicksort_fused_6_op_total_1(acc_1, group_values_in[k_1 + 2 * l_1]);
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
                total_partials_96[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_6_total_final_1(__global const long* total_partials_96, long final_chunk_1, long groups_1, __global long* total_28) {
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
                    x = total_partials_96[256 * k + l];
                } else {
                    x = 0L;
                }
                long op_total_1_r = quicksort_fused_6_op_total_1(acc, x);
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
                    long op_total_1_r_1 = quicksort_fused_6_op_total_1(acc_1, group_values_in[k_1 + 2 * l_1]);
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
                total_28[0] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_6_s_lengths(long instances_1, __global const uchar* mapped, __global const long* rank, __global const long* then_instances, __global const long* s_lengths_1, __global const long* starts, __global const long* lengths_14, __global const long* equal_offsets, __global const long* equal_lengths, __global long* s_lengths_35) {
    const long gid = get_global_id(0);
    if (gid < instances_1) {
        long pull_s_lengths_r = quicksort_fused_6_pull_s_lengths(gid, mapped, rank, then_instances, s_lengths_1, starts, lengths_14, equal_offsets, equal_lengths);
        s_lengths_35[gid] = pull_s_lengths_r;
    }
}

__kernel void quicksort_fused_6_s_offsets_block_totals_2(long groups_2, long chunk_2, long instances_1, __global const uchar* mapped, __global const long* rank, __global const long* then_instances, __global const long* s_lengths_1, __global const long* starts, __global const long* lengths_14, __global const long* equal_offsets, __global const long* equal_lengths, __global long* s_offsets_block_totals_97) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk_2; k++) {
                long x;
                if (k + chunk_2 * l + 256 * chunk_2 * wg < instances_1) {
                    long pull_s_offsets_2_r = quicksort_fused_6_pull_s_offsets_2(k + chunk_2 * l + 256 * chunk_2 * wg, mapped, rank, then_instances, s_lengths_1, starts, lengths_14, equal_offsets, equal_lengths);
                    x = pull_s_offsets_2_r;
                } else {
                    x = 0L;
                }
                long op_s_offsets_2_r = quicksort_fused_6_op_s_offsets_2(acc, x);
                acc = op_s_offsets_2_r;
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
                    long op_s_offsets_2_r_1 = quicksort_fused_6_op_s_offsets_2(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_s_offsets_2_r_1;
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
                s_offsets_block_totals_97[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_6_s_offsets_block_offsets_2(__global const long* s_offsets_block_totals_97, long final_chunk_2, long groups_2, __global long* s_offsets_block_offsets_98) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < final_chunk_2; k++) {
                long x;
                if (k + final_chunk_2 * l < groups_2) {
                    x = s_offsets_block_totals_97[k + final_chunk_2 * l];
                } else {
                    x = 0L;
                }
                long op_s_offsets_2_r = quicksort_fused_6_op_s_offsets_2(acc, x);
                acc = op_s_offsets_2_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = 0L;
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long op_s_offsets_2_r_1 = quicksort_fused_6_op_s_offsets_2(acc_1, group_values[k_1]);
                acc_1 = op_s_offsets_2_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < final_chunk_2; k_2++) {
                s_offsets_block_offsets_98[k_2 + final_chunk_2 * l_2] = acc_2;
                long x_1;
                if (k_2 + final_chunk_2 * l_2 < groups_2) {
                    x_1 = s_offsets_block_totals_97[k_2 + final_chunk_2 * l_2];
                } else {
                    x_1 = 0L;
                }
                long op_s_offsets_2_r_2 = quicksort_fused_6_op_s_offsets_2(acc_2, x_1);
                acc_2 = op_s_offsets_2_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_6_s_offsets_scan_2(__global const long* s_offsets_block_offsets_98, long groups_2, long chunk_2, long instances_1, __global const uchar* mapped, __global const long* rank, __global const long* then_instances, __global const long* s_lengths_1, __global const long* starts, __global const long* lengths_14, __global const long* equal_offsets, __global const long* equal_lengths, __global long* s_offsets_40) {
    __local long group_values[256];
    __local long group_values_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk_2; k++) {
                long x;
                if (k + chunk_2 * l + 256 * chunk_2 * wg < instances_1) {
                    long pull_s_offsets_2_r = quicksort_fused_6_pull_s_offsets_2(k + chunk_2 * l + 256 * chunk_2 * wg, mapped, rank, then_instances, s_lengths_1, starts, lengths_14, equal_offsets, equal_lengths);
                    x = pull_s_offsets_2_r;
                } else {
                    x = 0L;
                }
                long op_s_offsets_2_r = quicksort_fused_6_op_s_offsets_2(acc, x);
                acc = op_s_offsets_2_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long l_1 = get_local_id(0); l_1 < 1; l_1 += get_local_size(0)) {
            long acc_1 = s_offsets_block_offsets_98[wg];
            for (long k_1 = 0; k_1 < 256; k_1++) {
                group_values_1[k_1] = acc_1;
                long op_s_offsets_2_r_1 = quicksort_fused_6_op_s_offsets_2(acc_1, group_values[k_1]);
                acc_1 = op_s_offsets_2_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        {
            const long l_2 = get_local_id(0);
            long acc_2 = group_values_1[l_2];
            for (long k_2 = 0; k_2 < chunk_2; k_2++) {
                s_offsets_40[k_2 + chunk_2 * l_2 + 256 * chunk_2 * wg] = acc_2;
                long x_1;
                if (k_2 + chunk_2 * l_2 + 256 * chunk_2 * wg < instances_1) {
                    long pull_s_offsets_2_r_1 = quicksort_fused_6_pull_s_offsets_2(k_2 + chunk_2 * l_2 + 256 * chunk_2 * wg, mapped, rank, then_instances, s_lengths_1, starts, lengths_14, equal_offsets, equal_lengths);
                    x_1 = pull_s_offsets_2_r_1;
                } else {
                    x_1 = 0L;
                }
                long op_s_offsets_2_r_2 = quicksort_fused_6_op_s_offsets_2(acc_2, x_1);
                acc_2 = op_s_offsets_2_r_2;
            }
        }
    }
}

__kernel void quicksort_fused_6_total_partial_2(long groups_2, long chunk_2, long instances_1, __global const uchar* mapped, __global const long* rank, __global const long* then_instances, __global const long* s_lengths_1, __global const long* starts, __global const long* lengths_14, __global const long* equal_offsets, __global const long* equal_lengths, __global long* total_partials_99) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk_2; k++) {
                long x;
                if (l + 256 * wg + 256 * groups_2 * k < instances_1) {
                    long pull_total_2_r = quicksort_fused_6_pull_total_2(l + 256 * wg + 256 * groups_2 * k, mapped, rank, then_instances, s_lengths_1, starts, lengths_14, equal_offsets, equal_lengths);
                    x = pull_total_2_r;
                } else {
                    x = 0L;
                }
                long op_total_2_r = quicksort_fused_6_op_total_2(acc, x);
                acc = op_total_2_r;
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
                    long op_total_2_r_1 = quicksort_fused_6_op_total_2(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_total_2_r_1;
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
                total_partials_99[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void quicksort_fused_6_total_final_2(__global const long* total_partials_99, long final_chunk_2, long groups_2, __global long* total_44) {
    __local long group_values[256];
    __local long group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < final_chunk_2; k++) {
                long x;
                if (256 * k + l < groups_2) {
                    x = total_partials_99[256 * k + l];
                } else {
                    x = 0L;
                }
                long op_total_2_r = quicksort_fused_6_op_total_2(acc, x);
                acc = op_total_2_r;
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
                    long op_total_2_r_1 = quicksort_fused_6_op_total_2(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_total_2_r_1;
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
                total_44[0] = group_values_in[0];
            }
        }
    }
}


// ===== quicksort_gather_fused.cl =====
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

static inline long quicksort_gather_fused_pull_s_elements(long p, __global const long* s_offsets, long s_offsets_len, __global const uchar* mapped, __global const long* rank, __global const long* s_offsets_1, long s_offsets_1_len, __global const long* offsets, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements, __global const long* sorted_elements_elements) {
    long s = nessie_segment_of(s_offsets, s_offsets_len, p);
    int f = (int)mapped[s];
    long r = rank[s];
    long r_1 = f ? r : nessie_sub(s, r);
    long q = nessie_add(f ? s_offsets_1[r_1] : offsets[r_1], nessie_sub(p, s_offsets[s]));
    long t;
    if (f) {
        long p_1 = q;
        long s_1 = nessie_segment_of(s_offsets_1, s_offsets_1_len, p_1);
        long r_2 = then_instances[s_1];
        long q_1 = nessie_add(s_offsets_2[r_2], nessie_sub(p_1, s_offsets_1[s_1]));
        t = s_elements[q_1];
    } else {
        t = sorted_elements_elements[q];
    }
    return t;
}

__kernel void quicksort_gather_fused_s_elements(long total_1, __global const long* s_offsets_10, long n_s_offsets_2, __global const uchar* mapped, __global const long* rank, __global const long* s_offsets_0, long n_s_offsets, __global const long* offsets, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global const long* sorted_elements_elements, __global long* s_elements_16) {
    const long gid = get_global_id(0);
    if (gid < total_1) {
        long pull_s_elements_r = quicksort_gather_fused_pull_s_elements(gid, s_offsets_10, n_s_offsets_2, mapped, rank, s_offsets_0, n_s_offsets, offsets, then_instances, s_offsets_2, s_elements_3, sorted_elements_elements);
        s_elements_16[gid] = pull_s_elements_r;
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


