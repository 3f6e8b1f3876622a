// ===== linefit_reduce_sum.cl =====
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

/* x / d for a constant d, rounded as `/` rounds it (note [division by a
   constant] in opencl-backend's user_fun): y = 1/d rounded, |x| between
   the bits lo (excluded) and lo + span (included) keeps every step
   normal, hd = |d| * 2^-53. Where q's residual r = x - d*q (exact) is
   below half the spacing of the floats around q, times |d|, q is x / d
   rounded; elsewhere (0, NaN, infinities, the ends of the range, and
   quotients too near a midpoint for q to be sure) the division. */
static inline double nessie_fdiv_const(double x, double d, double y, ulong lo, ulong span, ulong hd) {
    ulong ax = as_ulong(x) & 0x7FFFFFFFFFFFFFFFUL;
    if (ax - lo - 1UL < span) {
        double q0 = x * y;
        double q = fma(fma(-q0, d, x), y, q0);
        double r = fma(-q, d, x);
        ulong below = ((as_ulong(q) & 0x7FFFFFFFFFFFFFFFUL) - 1UL) & 0x7FF0000000000000UL;
        if ((as_ulong(r) & 0x7FFFFFFFFFFFFFFFUL) < hd + below - 0x3FF0000000000000UL) return q;
    }
    return x / d;
}

/* x / d for a constant d whose odd significand is below 2^50 (note
   [division by a constant]): two Newton steps from x * y, y = 1/d rounded,
   give x / d rounded for |x| in [2^-800, 2^800) (the high word's exponent
   in one unsigned comparison); the division elsewhere. */
static inline double nessie_fdiv_short(double x, double d, double y) {
    if (((uint)(as_ulong(x) >> 32) & 0x7FFFFFFFu) - 0x0DF00000u < 0x64000000u) {
        double q0 = x * y;
        double q1 = fma(fma(-q0, d, x), y, q0);
        return fma(fma(-q1, d, x), y, q1);
    }
    return x / d;
}

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

static inline double linefit_reduce_sum_pull_sum(long i, __global const double* x) {
    return x[i];
}

static inline double linefit_reduce_sum_op_sum(double a, double b) {
    return a + b;
}

__kernel void linefit_reduce_sum_sum_partial(long groups, long chunk, long n_x_arg, __global const long* n_x_word, __global const double* x, __global double* sum_partials) {
    __local double group_values[256];
    __local double group_swap[256];
    const long n_x = n_x_arg >= 0 ? n_x_arg : clamp(n_x_word[0], 0L, (-1 - n_x_arg) & 0xFFFFFFFFL) + ((-1 - n_x_arg) >> 32);
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            double acc = 0.0;
            for (long k = 0; k < chunk; k++) {
                double x_1;
                if (l + 256 * wg + 256 * groups * k < n_x) {
                    double pull_sum_r = linefit_reduce_sum_pull_sum(l + 256 * wg + 256 * groups * k, x);
                    x_1 = pull_sum_r;
                } else {
                    x_1 = 0.0;
                }
                double op_sum_r = linefit_reduce_sum_op_sum(acc, x_1);
                acc = op_sum_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local double* group_values_in = group_values;
        __local double* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                double acc_1 = 0.0;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    double op_sum_r_1 = linefit_reduce_sum_op_sum(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_sum_r_1;
                }
                {
                    group_values_out[l_1] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local double* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                sum_partials[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void linefit_reduce_sum_sum_final(__global const double* sum_partials, long final_chunk, long groups, __global double* sum) {
    __local double group_values[256];
    __local double group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            double acc = 0.0;
            for (long k = 0; k < final_chunk; k++) {
                double x_1;
                if (256 * k + l < groups) {
                    x_1 = sum_partials[256 * k + l];
                } else {
                    x_1 = 0.0;
                }
                double op_sum_r = linefit_reduce_sum_op_sum(acc, x_1);
                acc = op_sum_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local double* group_values_in = group_values;
        __local double* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                double acc_1 = 0.0;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    double op_sum_r_1 = linefit_reduce_sum_op_sum(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_sum_r_1;
                }
                {
                    group_values_out[l_1] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local double* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                sum[0] = group_values_in[0];
            }
        }
    }
}


// ===== sample_map_3_fused.cl =====
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

/* x / d for a constant d, rounded as `/` rounds it (note [division by a
   constant] in opencl-backend's user_fun): y = 1/d rounded, |x| between
   the bits lo (excluded) and lo + span (included) keeps every step
   normal, hd = |d| * 2^-53. Where q's residual r = x - d*q (exact) is
   below half the spacing of the floats around q, times |d|, q is x / d
   rounded; elsewhere (0, NaN, infinities, the ends of the range, and
   quotients too near a midpoint for q to be sure) the division. */
static inline double nessie_fdiv_const(double x, double d, double y, ulong lo, ulong span, ulong hd) {
    ulong ax = as_ulong(x) & 0x7FFFFFFFFFFFFFFFUL;
    if (ax - lo - 1UL < span) {
        double q0 = x * y;
        double q = fma(fma(-q0, d, x), y, q0);
        double r = fma(-q, d, x);
        ulong below = ((as_ulong(q) & 0x7FFFFFFFFFFFFFFFUL) - 1UL) & 0x7FF0000000000000UL;
        if ((as_ulong(r) & 0x7FFFFFFFFFFFFFFFUL) < hd + below - 0x3FF0000000000000UL) return q;
    }
    return x / d;
}

/* x / d for a constant d whose odd significand is below 2^50 (note
   [division by a constant]): two Newton steps from x * y, y = 1/d rounded,
   give x / d rounded for |x| in [2^-800, 2^800) (the high word's exponent
   in one unsigned comparison); the division elsewhere. */
static inline double nessie_fdiv_short(double x, double d, double y) {
    if (((uint)(as_ulong(x) >> 32) & 0x7FFFFFFFu) - 0x0DF00000u < 0x64000000u) {
        double q0 = x * y;
        double q1 = fma(fma(-q0, d, x), y, q0);
        return fma(fma(-q1, d, x), y, q1);
    }
    return x / d;
}

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

static inline void sample_map_3_fused_pull_xs(long i, long n, double* r0, double* r1) {
    long iseq = i;
    double v = 10.0 * (double)iseq / (double)n;
    long iseq_1 = i;
    long x = iseq_1;
    double noise = nessie_fdiv_short((double)nessie_sub(nessie_rem(nessie_rem(nessie_add(nessie_mul(x, 7919L), 12345L), 1000003L), 1001L), 500L), 1000.0, 0.001);
    long iseq_2 = i;
    double xs = 10.0 * (double)iseq_2 / (double)n;
    double v_1 = 2.0 + 3.0 * xs + noise;
    *r0 = v;
    *r1 = v_1;
}

__kernel void sample_map_3_fused_xs(long t_1_arg, __global const long* t_1_word, long n, __global double* xs_4, __global double* mapped) {
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < t_1) {
        double pull_xs_r;
        double pull_xs_r_1;
        sample_map_3_fused_pull_xs(gid, n, &pull_xs_r, &pull_xs_r_1);
        xs_4[gid] = pull_xs_r;
        mapped[gid] = pull_xs_r_1;
    }
}

__kernel void sample_map_3_fused_xs_idx32(long t_1_arg, __global const long* t_1_word, long n, __global double* xs_4, __global double* mapped) {
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long gid = (long)(uint)get_global_id(0);
    if (gid < t_1) {
        double pull_xs_r;
        double pull_xs_r_1;
        sample_map_3_fused_pull_xs(gid, n, &pull_xs_r, &pull_xs_r_1);
        xs_4[gid] = pull_xs_r;
        mapped[gid] = pull_xs_r_1;
    }
}


// ===== linefit_fused.cl =====
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

/* x / d for a constant d, rounded as `/` rounds it (note [division by a
   constant] in opencl-backend's user_fun): y = 1/d rounded, |x| between
   the bits lo (excluded) and lo + span (included) keeps every step
   normal, hd = |d| * 2^-53. Where q's residual r = x - d*q (exact) is
   below half the spacing of the floats around q, times |d|, q is x / d
   rounded; elsewhere (0, NaN, infinities, the ends of the range, and
   quotients too near a midpoint for q to be sure) the division. */
static inline double nessie_fdiv_const(double x, double d, double y, ulong lo, ulong span, ulong hd) {
    ulong ax = as_ulong(x) & 0x7FFFFFFFFFFFFFFFUL;
    if (ax - lo - 1UL < span) {
        double q0 = x * y;
        double q = fma(fma(-q0, d, x), y, q0);
        double r = fma(-q, d, x);
        ulong below = ((as_ulong(q) & 0x7FFFFFFFFFFFFFFFUL) - 1UL) & 0x7FF0000000000000UL;
        if ((as_ulong(r) & 0x7FFFFFFFFFFFFFFFUL) < hd + below - 0x3FF0000000000000UL) return q;
    }
    return x / d;
}

/* x / d for a constant d whose odd significand is below 2^50 (note
   [division by a constant]): two Newton steps from x * y, y = 1/d rounded,
   give x / d rounded for |x| in [2^-800, 2^800) (the high word's exponent
   in one unsigned comparison); the division elsewhere. */
static inline double nessie_fdiv_short(double x, double d, double y) {
    if (((uint)(as_ulong(x) >> 32) & 0x7FFFFFFFu) - 0x0DF00000u < 0x64000000u) {
        double q0 = x * y;
        double q1 = fma(fma(-q0, d, x), y, q0);
        return fma(fma(-q1, d, x), y, q1);
    }
    return x / d;
}

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

static inline void linefit_fused_pull_sum(long i, __global const double* x, double xa, __global const double* y, double* r0, double* r1) {
    double x_1 = x[i] - xa;
    double x_2 = x_1 * x_1;
    double mapped = x_2;
    double v = mapped;
    double mapped_1 = (x[i] - xa) * y[i];
    double v_1 = mapped_1;
    *r0 = v;
    *r1 = v_1;
}

static inline void linefit_fused_op_sum(double a, double a_1, double b, double b_1, double* r0, double* r1) {
    *r0 = a + b;
    *r1 = a_1 + b_1;
}

__kernel void linefit_fused_sum_partial(long groups, long chunk, long n_x_arg, __global const long* n_x_word, __global const double* x_0, double xa, __global const double* y, __global double* sum_partials_23, __global double* sum_partials_24) {
    __local double group_values[256];
    __local double group_values_1[256];
    __local double group_swap[256];
    __local double group_swap_1[256];
    const long n_x = n_x_arg >= 0 ? n_x_arg : clamp(n_x_word[0], 0L, (-1 - n_x_arg) & 0xFFFFFFFFL) + ((-1 - n_x_arg) >> 32);
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            double acc = 0.0;
            double acc_1 = 0.0;
            for (long k = 0; k < chunk; k++) {
                double x;
                double x_1;
                if (l + 256 * wg + 256 * groups * k < n_x) {
                    double pull_sum_r;
                    double pull_sum_r_1;
                    linefit_fused_pull_sum(l + 256 * wg + 256 * groups * k, x_0, xa, y, &pull_sum_r, &pull_sum_r_1);
                    x = pull_sum_r;
                    x_1 = pull_sum_r_1;
                } else {
                    x = 0.0;
                    x_1 = 0.0;
                }
                double op_sum_r;
                double op_sum_r_1;
                linefit_fused_op_sum(acc, acc_1, x, x_1, &op_sum_r, &op_sum_r_1);
                acc = op_sum_r;
                acc_1 = op_sum_r_1;
            }
            {
                group_values[l] = acc;
                group_values_1[l] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local double* group_values_in = group_values;
        __local double* group_values_out = group_swap;
        __local double* group_values_1_in = group_values_1;
        __local double* group_values_1_out = group_swap_1;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                double acc_2 = 0.0;
                double acc_3 = 0.0;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    double op_sum_r_2;
                    double op_sum_r_3;
                    linefit_fused_op_sum(acc_2, acc_3, group_values_in[k_1 + 2 * l_1], group_values_1_in[k_1 + 2 * l_1], &op_sum_r_2, &op_sum_r_3);
                    acc_2 = op_sum_r_2;
                    acc_3 = op_sum_r_3;
                }
                {
                    group_values_out[l_1] = acc_2;
                    group_values_1_out[l_1] = acc_3;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local double* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            {
                __local double* t = group_values_1_in;
                group_values_1_in = group_values_1_out;
                group_values_1_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                sum_partials_23[wg] = group_values_in[0];
                sum_partials_24[wg] = group_values_1_in[0];
            }
        }
    }
}

__kernel void linefit_fused_sum_final(__global const double* sum_partials_23, __global const double* sum_partials_24, long final_chunk, long groups, __global double* sum_6, __global double* sum_13) {
    __local double group_values[256];
    __local double group_values_1[256];
    __local double group_swap[256];
    __local double group_swap_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            double acc = 0.0;
            double acc_1 = 0.0;
            for (long k = 0; k < final_chunk; k++) {
                double x;
                double x_1;
                if (256 * k + l < groups) {
                    x = sum_partials_23[256 * k + l];
                    x_1 = sum_partials_24[256 * k + l];
                } else {
                    x = 0.0;
                    x_1 = 0.0;
                }
                double op_sum_r;
                double op_sum_r_1;
                linefit_fused_op_sum(acc, acc_1, x, x_1, &op_sum_r, &op_sum_r_1);
                acc = op_sum_r;
                acc_1 = op_sum_r_1;
            }
            {
                group_values[l] = acc;
                group_values_1[l] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local double* group_values_in = group_values;
        __local double* group_values_out = group_swap;
        __local double* group_values_1_in = group_values_1;
        __local double* group_values_1_out = group_swap_1;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                double acc_2 = 0.0;
                double acc_3 = 0.0;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    double op_sum_r_2;
                    double op_sum_r_3;
                    linefit_fused_op_sum(acc_2, acc_3, group_values_in[k_1 + 2 * l_1], group_values_1_in[k_1 + 2 * l_1], &op_sum_r_2, &op_sum_r_3);
                    acc_2 = op_sum_r_2;
                    acc_3 = op_sum_r_3;
                }
                {
                    group_values_out[l_1] = acc_2;
                    group_values_1_out[l_1] = acc_3;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local double* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            {
                __local double* t = group_values_1_in;
                group_values_1_in = group_values_1_out;
                group_values_1_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                sum_6[0] = group_values_in[0];
                sum_13[0] = group_values_1_in[0];
            }
        }
    }
}


// ===== linefit_fused_2.cl =====
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

/* x / d for a constant d, rounded as `/` rounds it (note [division by a
   constant] in opencl-backend's user_fun): y = 1/d rounded, |x| between
   the bits lo (excluded) and lo + span (included) keeps every step
   normal, hd = |d| * 2^-53. Where q's residual r = x - d*q (exact) is
   below half the spacing of the floats around q, times |d|, q is x / d
   rounded; elsewhere (0, NaN, infinities, the ends of the range, and
   quotients too near a midpoint for q to be sure) the division. */
static inline double nessie_fdiv_const(double x, double d, double y, ulong lo, ulong span, ulong hd) {
    ulong ax = as_ulong(x) & 0x7FFFFFFFFFFFFFFFUL;
    if (ax - lo - 1UL < span) {
        double q0 = x * y;
        double q = fma(fma(-q0, d, x), y, q0);
        double r = fma(-q, d, x);
        ulong below = ((as_ulong(q) & 0x7FFFFFFFFFFFFFFFUL) - 1UL) & 0x7FF0000000000000UL;
        if ((as_ulong(r) & 0x7FFFFFFFFFFFFFFFUL) < hd + below - 0x3FF0000000000000UL) return q;
    }
    return x / d;
}

/* x / d for a constant d whose odd significand is below 2^50 (note
   [division by a constant]): two Newton steps from x * y, y = 1/d rounded,
   give x / d rounded for |x| in [2^-800, 2^800) (the high word's exponent
   in one unsigned comparison); the division elsewhere. */
static inline double nessie_fdiv_short(double x, double d, double y) {
    if (((uint)(as_ulong(x) >> 32) & 0x7FFFFFFFu) - 0x0DF00000u < 0x64000000u) {
        double q0 = x * y;
        double q1 = fma(fma(-q0, d, x), y, q0);
        return fma(fma(-q1, d, x), y, q1);
    }
    return x / d;
}

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

static inline double linefit_fused_2_pull_sum(long i, __global const double* y, double a, double b, __global const double* x) {
    double x_1 = y[i] - a - b * x[i];
    double x_2 = x_1 * x_1;
    double mapped = x_2;
    return mapped;
}

static inline double linefit_fused_2_op_sum(double a, double b) {
    return a + b;
}

__kernel void linefit_fused_2_sum_partial(long groups, long chunk, long n_x_arg, __global const long* n_x_word, __global const double* y, double a_1, double b_2, __global const double* x_3, __global double* sum_partials) {
    __local double group_values[256];
    __local double group_swap[256];
    const long n_x = n_x_arg >= 0 ? n_x_arg : clamp(n_x_word[0], 0L, (-1 - n_x_arg) & 0xFFFFFFFFL) + ((-1 - n_x_arg) >> 32);
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            double acc = 0.0;
            for (long k = 0; k < chunk; k++) {
                double x;
                if (l + 256 * wg + 256 * groups * k < n_x) {
                    double pull_sum_r = linefit_fused_2_pull_sum(l + 256 * wg + 256 * groups * k, y, a_1, b_2, x_3);
                    x = pull_sum_r;
                } else {
                    x = 0.0;
                }
                double op_sum_r = linefit_fused_2_op_sum(acc, x);
                acc = op_sum_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local double* group_values_in = group_values;
        __local double* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                double acc_1 = 0.0;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    double op_sum_r_1 = linefit_fused_2_op_sum(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_sum_r_1;
                }
                {
                    group_values_out[l_1] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local double* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                sum_partials[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void linefit_fused_2_sum_final(__global const double* sum_partials, long final_chunk, long groups, __global double* sum) {
    __local double group_values[256];
    __local double group_swap[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            double acc = 0.0;
            for (long k = 0; k < final_chunk; k++) {
                double x;
                if (256 * k + l < groups) {
                    x = sum_partials[256 * k + l];
                } else {
                    x = 0.0;
                }
                double op_sum_r = linefit_fused_2_op_sum(acc, x);
                acc = op_sum_r;
            }
            {
                group_values[l] = acc;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local double* group_values_in = group_values;
        __local double* group_values_out = group_swap;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                double acc_1 = 0.0;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    double op_sum_r_1 = linefit_fused_2_op_sum(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_sum_r_1;
                }
                {
                    group_values_out[l_1] = acc_1;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            {
                __local double* t = group_values_in;
                group_values_in = group_values_out;
                group_values_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                sum[0] = group_values_in[0];
            }
        }
    }
}


