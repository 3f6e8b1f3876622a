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

static inline long quicksort_elt_once_pivot(long t, __global const long* s, long s_len, __global long* err) {
    if (t < 0L || t >= s_len) {
        nessie_fail(err, 1, 1, t, s_len);
        return 0L;
    }
    return s[t];
}

__kernel void quicksort_elt_pivot(long t, __global const long* s, long n_s_arg, __global const long* n_s_word, __global long* pivot, __global long* err) {
    const long n_s = n_s_arg >= 0 ? n_s_arg : clamp(n_s_word[0], 0L, (-1 - n_s_arg) & 0xFFFFFFFFL) + ((-1 - n_s_arg) >> 32);
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

static inline long quicksort_gather_pull_v_elements(long p, __global const long* v_offsets, long v_offsets_len, __global const long* lesser, __global const long* greater) {
    long segment = nessie_segment_of(v_offsets, v_offsets_len, p);
    long s = segment;
    long q = nessie_sub(p, v_offsets[s]);
    return s == 0L ? lesser[q] : greater[q];
}

static inline long quicksort_gather_pull_v_elements_by_tile(long p, long segment, __global const long* v_offsets, __global const long* lesser, __global const long* greater) {
    long s = segment;
    long q = nessie_sub(p, v_offsets[s]);
    return s == 0L ? lesser[q] : greater[q];
}

__kernel void quicksort_gather_v_elements(long t_1_arg, __global const long* t_1_word, __global const long* v_offsets, long n_v_offsets_arg, __global const long* n_v_offsets_word, __global const long* lesser, __global const long* greater, __global long* v_elements) {
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long n_v_offsets = n_v_offsets_arg >= 0 ? n_v_offsets_arg : clamp(n_v_offsets_word[0], 0L, (-1 - n_v_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_v_offsets_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < t_1) {
        long pull_v_elements_r = quicksort_gather_pull_v_elements(gid, v_offsets, n_v_offsets, lesser, greater);
        v_elements[gid] = pull_v_elements_r;
    }
}

__kernel void quicksort_gather_v_elements_tiles(__global const long* v_offsets, long n_v_offsets_arg, __global const long* n_v_offsets_word, long t_1_arg, __global const long* t_1_word, __global const long* lesser, __global const long* greater, __global long* v_elements) {
    __local int counts[2048];
    __local long sums[256];
    __local long range[4];
    const long n_v_offsets = n_v_offsets_arg >= 0 ? n_v_offsets_arg : clamp(n_v_offsets_word[0], 0L, (-1 - n_v_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_v_offsets_arg) >> 32);
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long l = get_local_id(0);
    const long start = get_group_id(0) * 2048;
    if (start >= t_1) return;
    if (l == 0) {
        range[0] = 0;
        range[1] = n_v_offsets;
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo = range[0];
        const long hi = range[1];
        if (hi - lo > 1) {
            const long step = (hi - lo + 255) / 256;
            const long p_1 = lo + l * step;
            if (p_1 < hi && v_offsets[p_1] <= start) {
                const long q_1 = p_1 + step;
                if (q_1 >= hi || v_offsets[q_1] > start) {
                    range[2] = p_1;
                    range[3] = min(q_1, hi);
                }
            }
            if (l == 0 && v_offsets[lo] > start) {
                range[2] = lo;
                range[3] = lo + 1;
            }
        } else if (l == 0) {
            range[2] = lo;
            range[3] = hi;
        }
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo_1 = range[2];
        const long hi_1 = range[3];
        if (hi_1 - lo_1 > 1) {
            const long step_1 = (hi_1 - lo_1 + 255) / 256;
            const long p_2 = lo_1 + l * step_1;
            if (p_2 < hi_1 && v_offsets[p_2] <= start) {
                const long q_2 = p_2 + step_1;
                if (q_2 >= hi_1 || v_offsets[q_2] > start) {
                    range[0] = p_2;
                    range[1] = min(q_2, hi_1);
                }
            }
            if (l == 0 && v_offsets[lo_1] > start) {
                range[0] = lo_1;
                range[1] = lo_1 + 1;
            }
        } else if (l == 0) {
            range[0] = lo_1;
            range[1] = hi_1;
        }
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo_2 = range[0];
        const long hi_2 = range[1];
        if (hi_2 - lo_2 > 1) {
            const long step_2 = (hi_2 - lo_2 + 255) / 256;
            const long p_3 = lo_2 + l * step_2;
            if (p_3 < hi_2 && v_offsets[p_3] <= start) {
                const long q_3 = p_3 + step_2;
                if (q_3 >= hi_2 || v_offsets[q_3] > start) {
                    range[2] = p_3;
                    range[3] = min(q_3, hi_2);
                }
            }
            if (l == 0 && v_offsets[lo_2] > start) {
                range[2] = lo_2;
                range[3] = lo_2 + 1;
            }
        } else if (l == 0) {
            range[2] = lo_2;
            range[3] = hi_2;
        }
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo_3 = range[2];
        const long hi_3 = range[3];
        if (hi_3 - lo_3 > 1) {
            const long step_3 = (hi_3 - lo_3 + 255) / 256;
            const long p_4 = lo_3 + l * step_3;
            if (p_4 < hi_3 && v_offsets[p_4] <= start) {
                const long q_4 = p_4 + step_3;
                if (q_4 >= hi_3 || v_offsets[q_4] > start) {
                    range[0] = p_4;
                    range[1] = min(q_4, hi_3);
                }
            }
            if (l == 0 && v_offsets[lo_3] > start) {
                range[0] = lo_3;
                range[1] = lo_3 + 1;
            }
        } else if (l == 0) {
            range[0] = lo_3;
            range[1] = hi_3;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const long first = range[0];
    const int whole = first + 1 >= n_v_offsets || v_offsets[first + 1] - start >= 2048;
    if (!whole) {
        for (long i = l; i < 2048; i += 256) counts[i] = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long s_1 = first + 1 + l; s_1 < n_v_offsets; s_1 += 256) {
            const long o = v_offsets[s_1] - start;
            if (o >= 2048) break;
            if (o > 0) atomic_inc(&counts[o]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        long mine = 0;
        for (long k = 0; k < 8; k++) mine += counts[l * 8 + k];
        sums[l] = mine;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v = l >= 1 ? sums[l - 1] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_1 = l >= 2 ? sums[l - 2] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_1;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_2 = l >= 4 ? sums[l - 4] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_2;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_3 = l >= 8 ? sums[l - 8] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_3;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_4 = l >= 16 ? sums[l - 16] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_4;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_5 = l >= 32 ? sums[l - 32] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_5;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_6 = l >= 64 ? sums[l - 64] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_6;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_7 = l >= 128 ? sums[l - 128] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_7;
        barrier(CLK_LOCAL_MEM_FENCE);
        long run = sums[l] - mine;
        for (long k = 0; k < 8; k++) {
            run += counts[l * 8 + k];
            counts[l * 8 + k] = (int)run;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    long pulled[8];
    #pragma unroll
    for (int k_1 = 0; k_1 < 8; k_1++) {
        const long i_1 = k_1 * 256 + l;
        const long g = start + i_1;
        if (g < t_1) {
            long pull_v_elements_by_tile_r = quicksort_gather_pull_v_elements_by_tile(g, (whole ? first : first + counts[i_1]), v_offsets, lesser, greater);
            pulled[k_1] = pull_v_elements_by_tile_r;
        }
    }
    #pragma unroll
    for (int k_2 = 0; k_2 < 8; k_2++) {
        const long g_1 = start + k_2 * 256 + l;
        if (g_1 < t_1) {
            v_elements[g_1] = pulled[k_2];
        }
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

static inline long quicksort_gather_3_pull_s_elements(long p, __global const long* s_offsets, long s_offsets_len, __global const long* then_instances, __global const long* s_offsets_1, __global const long* s_elements) {
    long segment = nessie_segment_of(s_offsets, s_offsets_len, p);
    long s = segment;
    long r = then_instances[s];
    long q = nessie_add(s_offsets_1[r], nessie_sub(p, s_offsets[s]));
    return s_elements[q];
}

static inline long quicksort_gather_3_pull_s_elements_by_tile(long p, long segment, __global const long* then_instances, __global const long* s_offsets, __global const long* s_offsets_1, __global const long* s_elements) {
    long s = segment;
    long r = then_instances[s];
    long q = nessie_add(s_offsets[r], nessie_sub(p, s_offsets_1[s]));
    return s_elements[q];
}

__kernel void quicksort_gather_3_s_elements(long total_1_arg, __global const long* total_1_word, __global const long* s_offsets_0, long n_s_offsets_arg, __global const long* n_s_offsets_word, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global long* s_elements_9) {
    const long total_1 = total_1_arg >= 0 ? total_1_arg : clamp(total_1_word[0], 0L, (-1 - total_1_arg) & 0xFFFFFFFFL) + ((-1 - total_1_arg) >> 32);
    const long n_s_offsets = n_s_offsets_arg >= 0 ? n_s_offsets_arg : clamp(n_s_offsets_word[0], 0L, (-1 - n_s_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_s_offsets_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < total_1) {
        long pull_s_elements_r = quicksort_gather_3_pull_s_elements(gid, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3);
        s_elements_9[gid] = pull_s_elements_r;
    }
}

__kernel void quicksort_gather_3_s_elements_tiles(__global const long* s_offsets_0, long n_s_offsets_arg, __global const long* n_s_offsets_word, long total_1_arg, __global const long* total_1_word, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global long* s_elements_9) {
    __local int counts[2048];
    __local long sums[256];
    __local long range[4];
    const long n_s_offsets = n_s_offsets_arg >= 0 ? n_s_offsets_arg : clamp(n_s_offsets_word[0], 0L, (-1 - n_s_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_s_offsets_arg) >> 32);
    const long total_1 = total_1_arg >= 0 ? total_1_arg : clamp(total_1_word[0], 0L, (-1 - total_1_arg) & 0xFFFFFFFFL) + ((-1 - total_1_arg) >> 32);
    const long l = get_local_id(0);
    const long start = get_group_id(0) * 2048;
    if (start >= total_1) return;
    if (l == 0) {
        range[0] = 0;
        range[1] = n_s_offsets;
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo = range[0];
        const long hi = range[1];
        if (hi - lo > 1) {
            const long step = (hi - lo + 255) / 256;
            const long p_1 = lo + l * step;
            if (p_1 < hi && s_offsets_0[p_1] <= start) {
                const long q_1 = p_1 + step;
                if (q_1 >= hi || s_offsets_0[q_1] > start) {
                    range[2] = p_1;
                    range[3] = min(q_1, hi);
                }
            }
            if (l == 0 && s_offsets_0[lo] > start) {
                range[2] = lo;
                range[3] = lo + 1;
            }
        } else if (l == 0) {
            range[2] = lo;
            range[3] = hi;
        }
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo_1 = range[2];
        const long hi_1 = range[3];
        if (hi_1 - lo_1 > 1) {
            const long step_1 = (hi_1 - lo_1 + 255) / 256;
            const long p_2 = lo_1 + l * step_1;
            if (p_2 < hi_1 && s_offsets_0[p_2] <= start) {
                const long q_2 = p_2 + step_1;
                if (q_2 >= hi_1 || s_offsets_0[q_2] > start) {
                    range[0] = p_2;
                    range[1] = min(q_2, hi_1);
                }
            }
            if (l == 0 && s_offsets_0[lo_1] > start) {
                range[0] = lo_1;
                range[1] = lo_1 + 1;
            }
        } else if (l == 0) {
            range[0] = lo_1;
            range[1] = hi_1;
        }
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo_2 = range[0];
        const long hi_2 = range[1];
        if (hi_2 - lo_2 > 1) {
            const long step_2 = (hi_2 - lo_2 + 255) / 256;
            const long p_3 = lo_2 + l * step_2;
            if (p_3 < hi_2 && s_offsets_0[p_3] <= start) {
                const long q_3 = p_3 + step_2;
                if (q_3 >= hi_2 || s_offsets_0[q_3] > start) {
                    range[2] = p_3;
                    range[3] = min(q_3, hi_2);
                }
            }
            if (l == 0 && s_offsets_0[lo_2] > start) {
                range[2] = lo_2;
                range[3] = lo_2 + 1;
            }
        } else if (l == 0) {
            range[2] = lo_2;
            range[3] = hi_2;
        }
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo_3 = range[2];
        const long hi_3 = range[3];
        if (hi_3 - lo_3 > 1) {
            const long step_3 = (hi_3 - lo_3 + 255) / 256;
            const long p_4 = lo_3 + l * step_3;
            if (p_4 < hi_3 && s_offsets_0[p_4] <= start) {
                const long q_4 = p_4 + step_3;
                if (q_4 >= hi_3 || s_offsets_0[q_4] > start) {
                    range[0] = p_4;
                    range[1] = min(q_4, hi_3);
                }
            }
            if (l == 0 && s_offsets_0[lo_3] > start) {
                range[0] = lo_3;
                range[1] = lo_3 + 1;
            }
        } else if (l == 0) {
            range[0] = lo_3;
            range[1] = hi_3;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const long first = range[0];
    const int whole = first + 1 >= n_s_offsets || s_offsets_0[first + 1] - start >= 2048;
    if (!whole) {
        for (long i = l; i < 2048; i += 256) counts[i] = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long s_1 = first + 1 + l; s_1 < n_s_offsets; s_1 += 256) {
            const long o = s_offsets_0[s_1] - start;
            if (o >= 2048) break;
            if (o > 0) atomic_inc(&counts[o]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        long mine = 0;
        for (long k = 0; k < 8; k++) mine += counts[l * 8 + k];
        sums[l] = mine;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v = l >= 1 ? sums[l - 1] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_1 = l >= 2 ? sums[l - 2] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_1;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_2 = l >= 4 ? sums[l - 4] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_2;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_3 = l >= 8 ? sums[l - 8] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_3;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_4 = l >= 16 ? sums[l - 16] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_4;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_5 = l >= 32 ? sums[l - 32] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_5;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_6 = l >= 64 ? sums[l - 64] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_6;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_7 = l >= 128 ? sums[l - 128] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_7;
        barrier(CLK_LOCAL_MEM_FENCE);
        long run = sums[l] - mine;
        for (long k = 0; k < 8; k++) {
            run += counts[l * 8 + k];
            counts[l * 8 + k] = (int)run;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    long pulled[8];
    #pragma unroll
    for (int k_1 = 0; k_1 < 8; k_1++) {
        const long i_1 = k_1 * 256 + l;
        const long g = start + i_1;
        if (g < total_1) {
            long pull_s_elements_by_tile_r = quicksort_gather_3_pull_s_elements_by_tile(g, (whole ? first : first + counts[i_1]), then_instances, s_offsets_2, s_offsets_0, s_elements_3);
            pulled[k_1] = pull_s_elements_by_tile_r;
        }
    }
    #pragma unroll
    for (int k_2 = 0; k_2 < 8; k_2++) {
        const long g_1 = start + k_2 * 256 + l;
        if (g_1 < total_1) {
            s_elements_9[g_1] = pulled[k_2];
        }
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

static inline long quicksort_gather_7_pull_v_elements(long p, __global const long* v_offsets, long v_offsets_len, __global const long* lesser_offsets, __global const long* greater_offsets, __global const long* lesser_elements, __global const long* greater_elements) {
    long segment = nessie_segment_of(v_offsets, v_offsets_len, p);
    long s = segment;
    long c = nessie_rem(s, 2L);
    long r = nessie_div(s, 2L);
    long q = nessie_add(c == 0L ? lesser_offsets[r] : greater_offsets[r], nessie_sub(p, v_offsets[s]));
    return c == 0L ? lesser_elements[q] : greater_elements[q];
}

static inline long quicksort_gather_7_pull_v_elements_by_tile(long p, long segment, __global const long* lesser_offsets, __global const long* greater_offsets, __global const long* v_offsets, __global const long* lesser_elements, __global const long* greater_elements) {
    long s = segment;
    long c = nessie_rem(s, 2L);
    long r = nessie_div(s, 2L);
    long q = nessie_add(c == 0L ? lesser_offsets[r] : greater_offsets[r], nessie_sub(p, v_offsets[s]));
    return c == 0L ? lesser_elements[q] : greater_elements[q];
}

__kernel void quicksort_gather_7_v_elements(long t_1_arg, __global const long* t_1_word, __global const long* v_offsets, long n_v_offsets_arg, __global const long* n_v_offsets_word, __global const long* lesser_offsets, __global const long* greater_offsets, __global const long* lesser_elements, __global const long* greater_elements, __global long* v_elements) {
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long n_v_offsets = n_v_offsets_arg >= 0 ? n_v_offsets_arg : clamp(n_v_offsets_word[0], 0L, (-1 - n_v_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_v_offsets_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < t_1) {
        long pull_v_elements_r = quicksort_gather_7_pull_v_elements(gid, v_offsets, n_v_offsets, lesser_offsets, greater_offsets, lesser_elements, greater_elements);
        v_elements[gid] = pull_v_elements_r;
    }
}

__kernel void quicksort_gather_7_v_elements_idx32(long t_1_arg, __global const long* t_1_word, __global const long* v_offsets, long n_v_offsets_arg, __global const long* n_v_offsets_word, __global const long* lesser_offsets, __global const long* greater_offsets, __global const long* lesser_elements, __global const long* greater_elements, __global long* v_elements) {
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long n_v_offsets = n_v_offsets_arg >= 0 ? n_v_offsets_arg : clamp(n_v_offsets_word[0], 0L, (-1 - n_v_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_v_offsets_arg) >> 32);
    const long gid = (long)(uint)get_global_id(0);
    if (gid < t_1) {
        long pull_v_elements_r = quicksort_gather_7_pull_v_elements(gid, v_offsets, n_v_offsets, lesser_offsets, greater_offsets, lesser_elements, greater_elements);
        v_elements[gid] = pull_v_elements_r;
    }
}

__kernel void quicksort_gather_7_v_elements_tiles(__global const long* v_offsets, long n_v_offsets_arg, __global const long* n_v_offsets_word, long t_1_arg, __global const long* t_1_word, __global const long* lesser_offsets, __global const long* greater_offsets, __global const long* lesser_elements, __global const long* greater_elements, __global long* v_elements) {
    __local int counts[2048];
    __local long sums[256];
    __local long range[4];
    const long n_v_offsets = n_v_offsets_arg >= 0 ? n_v_offsets_arg : clamp(n_v_offsets_word[0], 0L, (-1 - n_v_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_v_offsets_arg) >> 32);
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long l = get_local_id(0);
    const long start = get_group_id(0) * 2048;
    if (start >= t_1) return;
    if (l == 0) {
        range[0] = 0;
        range[1] = n_v_offsets;
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo = range[0];
        const long hi = range[1];
        if (hi - lo > 1) {
            const long step = (hi - lo + 255) / 256;
            const long p_1 = lo + l * step;
            if (p_1 < hi && v_offsets[p_1] <= start) {
                const long q_1 = p_1 + step;
                if (q_1 >= hi || v_offsets[q_1] > start) {
                    range[2] = p_1;
                    range[3] = min(q_1, hi);
                }
            }
            if (l == 0 && v_offsets[lo] > start) {
                range[2] = lo;
                range[3] = lo + 1;
            }
        } else if (l == 0) {
            range[2] = lo;
            range[3] = hi;
        }
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo_1 = range[2];
        const long hi_1 = range[3];
        if (hi_1 - lo_1 > 1) {
            const long step_1 = (hi_1 - lo_1 + 255) / 256;
            const long p_2 = lo_1 + l * step_1;
            if (p_2 < hi_1 && v_offsets[p_2] <= start) {
                const long q_2 = p_2 + step_1;
                if (q_2 >= hi_1 || v_offsets[q_2] > start) {
                    range[0] = p_2;
                    range[1] = min(q_2, hi_1);
                }
            }
            if (l == 0 && v_offsets[lo_1] > start) {
                range[0] = lo_1;
                range[1] = lo_1 + 1;
            }
        } else if (l == 0) {
            range[0] = lo_1;
            range[1] = hi_1;
        }
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo_2 = range[0];
        const long hi_2 = range[1];
        if (hi_2 - lo_2 > 1) {
            const long step_2 = (hi_2 - lo_2 + 255) / 256;
            const long p_3 = lo_2 + l * step_2;
            if (p_3 < hi_2 && v_offsets[p_3] <= start) {
                const long q_3 = p_3 + step_2;
                if (q_3 >= hi_2 || v_offsets[q_3] > start) {
                    range[2] = p_3;
                    range[3] = min(q_3, hi_2);
                }
            }
            if (l == 0 && v_offsets[lo_2] > start) {
                range[2] = lo_2;
                range[3] = lo_2 + 1;
            }
        } else if (l == 0) {
            range[2] = lo_2;
            range[3] = hi_2;
        }
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo_3 = range[2];
        const long hi_3 = range[3];
        if (hi_3 - lo_3 > 1) {
            const long step_3 = (hi_3 - lo_3 + 255) / 256;
            const long p_4 = lo_3 + l * step_3;
            if (p_4 < hi_3 && v_offsets[p_4] <= start) {
                const long q_4 = p_4 + step_3;
                if (q_4 >= hi_3 || v_offsets[q_4] > start) {
                    range[0] = p_4;
                    range[1] = min(q_4, hi_3);
                }
            }
            if (l == 0 && v_offsets[lo_3] > start) {
                range[0] = lo_3;
                range[1] = lo_3 + 1;
            }
        } else if (l == 0) {
            range[0] = lo_3;
            range[1] = hi_3;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const long first = range[0];
    const int whole = first + 1 >= n_v_offsets || v_offsets[first + 1] - start >= 2048;
    if (!whole) {
        for (long i = l; i < 2048; i += 256) counts[i] = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long s_1 = first + 1 + l; s_1 < n_v_offsets; s_1 += 256) {
            const long o = v_offsets[s_1] - start;
            if (o >= 2048) break;
            if (o > 0) atomic_inc(&counts[o]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        long mine = 0;
        for (long k = 0; k < 8; k++) mine += counts[l * 8 + k];
        sums[l] = mine;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v = l >= 1 ? sums[l - 1] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_1 = l >= 2 ? sums[l - 2] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_1;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_2 = l >= 4 ? sums[l - 4] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_2;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_3 = l >= 8 ? sums[l - 8] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_3;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_4 = l >= 16 ? sums[l - 16] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_4;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_5 = l >= 32 ? sums[l - 32] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_5;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_6 = l >= 64 ? sums[l - 64] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_6;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_7 = l >= 128 ? sums[l - 128] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_7;
        barrier(CLK_LOCAL_MEM_FENCE);
        long run = sums[l] - mine;
        for (long k = 0; k < 8; k++) {
            run += counts[l * 8 + k];
            counts[l * 8 + k] = (int)run;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    long pulled[8];
    #pragma unroll
    for (int k_1 = 0; k_1 < 8; k_1++) {
        const long i_1 = k_1 * 256 + l;
        const long g = start + i_1;
        if (g < t_1) {
            long pull_v_elements_by_tile_r = quicksort_gather_7_pull_v_elements_by_tile(g, (whole ? first : first + counts[i_1]), lesser_offsets, greater_offsets, v_offsets, lesser_elements, greater_elements);
            pulled[k_1] = pull_v_elements_by_tile_r;
        }
    }
    #pragma unroll
    for (int k_2 = 0; k_2 < 8; k_2++) {
        const long g_1 = start + k_2 * 256 + l;
        if (g_1 < t_1) {
            v_elements[g_1] = pulled[k_2];
        }
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

static inline long quicksort_gather_11_pull_sorted_elements(long p, long start, __global const long* sorted_elements) {
    long q = nessie_add(start, p);
    return sorted_elements[q];
}

__kernel void quicksort_gather_11_sorted_elements(long length_1_arg, __global const long* length_1_word, long start, __global const long* sorted_elements_1, __global long* sorted_elements_5) {
    const long length_1 = length_1_arg >= 0 ? length_1_arg : clamp(length_1_word[0], 0L, (-1 - length_1_arg) & 0xFFFFFFFFL) + ((-1 - length_1_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < length_1) {
        long pull_sorted_elements_r = quicksort_gather_11_pull_sorted_elements(gid, start, sorted_elements_1);
        sorted_elements_5[gid] = pull_sorted_elements_r;
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

static inline long take_gather_pull_s(long p, __global const long* s) {
    return s[p];
}

__kernel void take_gather_s(long n_2_arg, __global const long* n_2_word, __global const long* s_0, __global long* s_3) {
    const long n_2 = n_2_arg >= 0 ? n_2_arg : clamp(n_2_word[0], 0L, (-1 - n_2_arg) & 0xFFFFFFFFL) + ((-1 - n_2_arg) >> 32);
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

static inline long quicksort_filter_fused_pull_lesser(long i, __global const long* s) {
    return s[i];
}

static inline long quicksort_filter_fused_keep_lesser(long x, long pivot) {
    return x < pivot ? 1L : 0L;
}

static inline long quicksort_filter_fused_keep_equal(long x, long pivot) {
    return x == pivot ? 1L : 0L;
}

static inline long quicksort_filter_fused_keep_greater(long x, long pivot) {
    return x > pivot ? 1L : 0L;
}

__kernel void quicksort_filter_fused_lesser(__global int* lesser_status, uint lesser_status_epoch, uint lesser_status_base, long n_s_arg, __global const long* n_s_word, __global const long* s, long pivot, long lookback_tiles, __global long* lesser_kept, __global long* equal_kept, __global long* greater_kept, __global long* lesser, __global long* equal, __global long* greater) {
    __local long tile[3840];
    __local long vals[306];
    __local long vals_1[306];
    __local long vals_2[306];
    __local long flags[35];
    const long n_s = n_s_arg >= 0 ? n_s_arg : clamp(n_s_word[0], 0L, (-1 - n_s_arg) & 0xFFFFFFFFL) + ((-1 - n_s_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(lesser_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(lesser_status) - lesser_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 3840;
    for (long j = 0; j < 15; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < n_s) {
            long pull_lesser_r = quicksort_filter_fused_pull_lesser(g, s);
            tile[p] = pull_lesser_r;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint mask = 0;
    uint mask_1 = 0;
    uint mask_2 = 0;
    for (long j = 0; j < 15; j++) {
        if (start + l * 15 + j < n_s) {
            long keep_lesser_r = quicksort_filter_fused_keep_lesser(tile[l * 15 + j], pivot);
            if (keep_lesser_r != 0) {
                mask |= 1u << j;
            }
            long keep_equal_r = quicksort_filter_fused_keep_equal(tile[l * 15 + j], pivot);
            if (keep_equal_r != 0) {
                mask_1 |= 1u << j;
            }
            long keep_greater_r = quicksort_filter_fused_keep_greater(tile[l * 15 + j], pivot);
            if (keep_greater_r != 0) {
                mask_2 |= 1u << j;
            }
        }
    }
    vals[l] = (long)popcount(mask);
    vals_1[l] = (long)popcount(mask_1);
    vals_2[l] = (long)popcount(mask_2);
    barrier(CLK_LOCAL_MEM_FENCE);
    #ifdef __NV_CL_C_VERSION
    {
        const int lane = (int)(l & 31);
        const int warp = (int)(l / 32);
        long incl = vals[l];
        long incl_1 = vals_1[l];
        long incl_2 = vals_2[l];
        #pragma unroll
        for (int h = 1; h < 32; h *= 2) {
            const int2 w = as_int2(incl);
            int lo, hi;
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo) : "r"(w.x), "r"(h));
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi) : "r"(w.y), "r"(h));
            long sh = as_long((int2)(lo, hi));
            const int2 w_1 = as_int2(incl_1);
            int lo_1, hi_1;
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_1) : "r"(w_1.x), "r"(h));
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_1) : "r"(w_1.y), "r"(h));
            long sh_1 = as_long((int2)(lo_1, hi_1));
            const int2 w_2 = as_int2(incl_2);
            int lo_2, hi_2;
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_2) : "r"(w_2.x), "r"(h));
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_2) : "r"(w_2.y), "r"(h));
            long sh_2 = as_long((int2)(lo_2, hi_2));
            if (lane >= h) {
                long c = (sh) + (incl);
                long c_1 = (sh_1) + (incl_1);
                long c_2 = (sh_2) + (incl_2);
                incl = c;
                incl_1 = c_1;
                incl_2 = c_2;
            }
        }
        if (lane == 31) {
            vals[256 + warp] = incl;
            vals_1[256 + warp] = incl_1;
            vals_2[256 + warp] = incl_2;
        }
        const int2 w_3 = as_int2(incl);
        int lo_3, hi_3;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_3) : "r"(w_3.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_3) : "r"(w_3.y), "r"(1));
        long sh_3 = as_long((int2)(lo_3, hi_3));
        const int2 w_4 = as_int2(incl_1);
        int lo_4, hi_4;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_4) : "r"(w_4.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_4) : "r"(w_4.y), "r"(1));
        long sh_4 = as_long((int2)(lo_4, hi_4));
        const int2 w_5 = as_int2(incl_2);
        int lo_5, hi_5;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_5) : "r"(w_5.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_5) : "r"(w_5.y), "r"(1));
        long sh_5 = as_long((int2)(lo_5, hi_5));
        if (lane == 0) {
            sh_3 = 0;
            sh_4 = 0;
            sh_5 = 0;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        long offset = 0;
        long offset_1 = 0;
        long offset_2 = 0;
        #pragma unroll
        for (long r = 0; r < 8; r++) {
            if (r < warp) {
                long c_3 = (offset) + (vals[256 + r]);
                long c_4 = (offset_1) + (vals_1[256 + r]);
                long c_5 = (offset_2) + (vals_2[256 + r]);
                offset = c_3;
                offset_1 = c_4;
                offset_2 = c_5;
            }
        }
        long c_6 = (offset) + (sh_3);
        long c_7 = (offset_1) + (sh_4);
        long c_8 = (offset_2) + (sh_5);
        offset = c_6;
        offset_1 = c_7;
        offset_2 = c_8;
        if (l < 32) {
            long agg = 0;
            long agg_1 = 0;
            long agg_2 = 0;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long c_9 = (agg) + (vals[256 + r]);
                long c_10 = (agg_1) + (vals_1[256 + r]);
                long c_11 = (agg_2) + (vals_2[256 + r]);
                agg = c_9;
                agg_1 = c_10;
                agg_2 = c_11;
            }
            if (lane == 0) {
                vals[305] = agg;
                vals_1[305] = agg_1;
                vals_2[305] = agg_2;
                if (tile_no == 0) {
                    const ulong bits = (ulong)(agg);
                    const ulong tag = (ulong)lesser_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 0) * 2] = tag | (bits & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 0) * 2 + 1] = tag | (bits >> 32);
                    const ulong bits_1 = (ulong)(agg_1);
                    const ulong tag_1 = (ulong)lesser_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 1) * 2] = tag_1 | (bits_1 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 1) * 2 + 1] = tag_1 | (bits_1 >> 32);
                    const ulong bits_2 = (ulong)(agg_2);
                    const ulong tag_2 = (ulong)lesser_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 2) * 2] = tag_2 | (bits_2 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 2) * 2 + 1] = tag_2 | (bits_2 >> 32);
                } else {
                    const ulong bits_3 = (ulong)(agg);
                    const ulong tag_3 = (ulong)lesser_status_epoch << 32;
                    status[((2 * tile_no + 0) * 3 + 0) * 2] = tag_3 | (bits_3 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 3 + 0) * 2 + 1] = tag_3 | (bits_3 >> 32);
                    const ulong bits_4 = (ulong)(agg_1);
                    const ulong tag_4 = (ulong)lesser_status_epoch << 32;
                    status[((2 * tile_no + 0) * 3 + 1) * 2] = tag_4 | (bits_4 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 3 + 1) * 2 + 1] = tag_4 | (bits_4 >> 32);
                    const ulong bits_5 = (ulong)(agg_2);
                    const ulong tag_5 = (ulong)lesser_status_epoch << 32;
                    status[((2 * tile_no + 0) * 3 + 2) * 2] = tag_5 | (bits_5 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 3 + 2) * 2 + 1] = tag_5 | (bits_5 >> 32);
                }
            }
            long prefix = 0;
            long prefix_1 = 0;
            long prefix_2 = 0;
            if (tile_no > 0) {
                long at = tile_no - 1;
                for (;;) {
                    const long jt = at - lane;
                    int fl = 0;
                    long win = 0;
                    long win_1 = 0;
                    long win_2 = 0;
                    if (jt >= 0) {
                        const ulong lo_6 = status[((2 * jt + 1) * 3 + 0) * 2];
                        const ulong hi_6 = status[((2 * jt + 1) * 3 + 0) * 2 + 1];
                        const ulong lo_7 = status[((2 * jt + 1) * 3 + 1) * 2];
                        const ulong hi_7 = status[((2 * jt + 1) * 3 + 1) * 2 + 1];
                        const ulong lo_8 = status[((2 * jt + 1) * 3 + 2) * 2];
                        const ulong hi_8 = status[((2 * jt + 1) * 3 + 2) * 2 + 1];
                        if ((lo_6 >> 32) == lesser_status_epoch && (hi_6 >> 32) == lesser_status_epoch && (lo_7 >> 32) == lesser_status_epoch && (hi_7 >> 32) == lesser_status_epoch && (lo_8 >> 32) == lesser_status_epoch && (hi_8 >> 32) == lesser_status_epoch) {
                            fl = 2;
                            win = (long)((lo_6 & 0xffffffffUL) | ((hi_6 & 0xffffffffUL) << 32));
                            win_1 = (long)((lo_7 & 0xffffffffUL) | ((hi_7 & 0xffffffffUL) << 32));
                            win_2 = (long)((lo_8 & 0xffffffffUL) | ((hi_8 & 0xffffffffUL) << 32));
                        }
                        if (fl == 0) {
                            const ulong lo_9 = status[((2 * jt + 0) * 3 + 0) * 2];
                            const ulong hi_9 = status[((2 * jt + 0) * 3 + 0) * 2 + 1];
                            const ulong lo_10 = status[((2 * jt + 0) * 3 + 1) * 2];
                            const ulong hi_10 = status[((2 * jt + 0) * 3 + 1) * 2 + 1];
                            const ulong lo_11 = status[((2 * jt + 0) * 3 + 2) * 2];
                            const ulong hi_11 = status[((2 * jt + 0) * 3 + 2) * 2 + 1];
                            if ((lo_9 >> 32) == lesser_status_epoch && (hi_9 >> 32) == lesser_status_epoch && (lo_10 >> 32) == lesser_status_epoch && (hi_10 >> 32) == lesser_status_epoch && (lo_11 >> 32) == lesser_status_epoch && (hi_11 >> 32) == lesser_status_epoch) {
                                fl = 1;
                                win = (long)((lo_9 & 0xffffffffUL) | ((hi_9 & 0xffffffffUL) << 32));
                                win_1 = (long)((lo_10 & 0xffffffffUL) | ((hi_10 & 0xffffffffUL) << 32));
                                win_2 = (long)((lo_11 & 0xffffffffUL) | ((hi_11 & 0xffffffffUL) << 32));
                            }
                        }
                    }
                    uint prefixes, missing;
                    asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }" : "=r"(prefixes) : "r"((uint)(fl == 2)));
                    asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }" : "=r"(missing) : "r"((uint)(fl == 0)));
                    const uint stops = prefixes | missing;
                    const int first = stops == 0 ? 32 : (int)popcount((stops & (0u - stops)) - 1u);
                    const int found = first < 32 && ((prefixes >> first) & 1u);
                    const int take = first + found;
                    if (take > 0) {
                        if (lane >= take) {
                            win = 0;
                            win_1 = 0;
                            win_2 = 0;
                        }
                        #pragma unroll
                        for (int h_1 = 1; h_1 < 32; h_1 *= 2) {
                            const int2 w_6 = as_int2(win);
                            int lo_12, hi_12;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_12) : "r"(w_6.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_12) : "r"(w_6.y), "r"(h_1));
                            long sh_6 = as_long((int2)(lo_12, hi_12));
                            const int2 w_7 = as_int2(win_1);
                            int lo_13, hi_13;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_13) : "r"(w_7.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_13) : "r"(w_7.y), "r"(h_1));
                            long sh_7 = as_long((int2)(lo_13, hi_13));
                            const int2 w_8 = as_int2(win_2);
                            int lo_14, hi_14;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_14) : "r"(w_8.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_14) : "r"(w_8.y), "r"(h_1));
                            long sh_8 = as_long((int2)(lo_14, hi_14));
                            if (lane + h_1 < 32) {
                                long c_12 = (sh_6) + (win);
                                long c_13 = (sh_7) + (win_1);
                                long c_14 = (sh_8) + (win_2);
                                win = c_12;
                                win_1 = c_13;
                                win_2 = c_14;
                            }
                        }
                        long c_15 = (win) + (prefix);
                        long c_16 = (win_1) + (prefix_1);
                        long c_17 = (win_2) + (prefix_2);
                        prefix = c_15;
                        prefix_1 = c_16;
                        prefix_2 = c_17;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_3 = prefix;
                    long incl_4 = prefix_1;
                    long incl_5 = prefix_2;
                    long c_18 = (incl_3) + (agg);
                    long c_19 = (incl_4) + (agg_1);
                    long c_20 = (incl_5) + (agg_2);
                    incl_3 = c_18;
                    incl_4 = c_19;
                    incl_5 = c_20;
                    const ulong bits_6 = (ulong)(incl_3);
                    const ulong tag_6 = (ulong)lesser_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 0) * 2] = tag_6 | (bits_6 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 0) * 2 + 1] = tag_6 | (bits_6 >> 32);
                    const ulong bits_7 = (ulong)(incl_4);
                    const ulong tag_7 = (ulong)lesser_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 1) * 2] = tag_7 | (bits_7 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 1) * 2 + 1] = tag_7 | (bits_7 >> 32);
                    const ulong bits_8 = (ulong)(incl_5);
                    const ulong tag_8 = (ulong)lesser_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 2) * 2] = tag_8 | (bits_8 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 2) * 2 + 1] = tag_8 | (bits_8 >> 32);
                }
            }
            if (lane == 0) {
                vals[304] = prefix;
                vals_1[304] = prefix_1;
                vals_2[304] = prefix_2;
            }
        }
        vals[l] = offset;
        vals_1[l] = offset_1;
        vals_2[l] = offset_2;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    #else
    {
        if (l < 16) {
            long row = 0;
            long row_1 = 0;
            long row_2 = 0;
            for (long c_21 = 0; c_21 < 16; c_21++) {
                long c_22 = (row) + (vals[l * 16 + c_21]);
                long c_23 = (row_1) + (vals_1[l * 16 + c_21]);
                long c_24 = (row_2) + (vals_2[l * 16 + c_21]);
                row = c_22;
                row_1 = c_23;
                row_2 = c_24;
            }
            vals[256 + l] = row;
            vals_1[256 + l] = row_1;
            vals_2[256 + l] = row_2;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) {
            long total = 0;
            long total_1 = 0;
            long total_2 = 0;
            for (long r_1 = 0; r_1 < 16; r_1++) {
                long x = vals[256 + r_1];
                long x_1 = vals_1[256 + r_1];
                long x_2 = vals_2[256 + r_1];
                long c_25 = (total) + (x);
                long c_26 = (total_1) + (x_1);
                long c_27 = (total_2) + (x_2);
                total = c_25;
                total_1 = c_26;
                total_2 = c_27;
            }
            vals[305] = total;
            vals_1[305] = total_1;
            vals_2[305] = total_2;
            vals[304] = 0;
            vals_1[304] = 0;
            vals_2[304] = 0;
            if (tile_no == 0) {
                const ulong bits_9 = (ulong)(total);
                const ulong tag_9 = (ulong)lesser_status_epoch << 32;
                status[((2 * tile_no + 1) * 3 + 0) * 2] = tag_9 | (bits_9 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 3 + 0) * 2 + 1] = tag_9 | (bits_9 >> 32);
                const ulong bits_10 = (ulong)(total_1);
                const ulong tag_10 = (ulong)lesser_status_epoch << 32;
                status[((2 * tile_no + 1) * 3 + 1) * 2] = tag_10 | (bits_10 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 3 + 1) * 2 + 1] = tag_10 | (bits_10 >> 32);
                const ulong bits_11 = (ulong)(total_2);
                const ulong tag_11 = (ulong)lesser_status_epoch << 32;
                status[((2 * tile_no + 1) * 3 + 2) * 2] = tag_11 | (bits_11 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 3 + 2) * 2 + 1] = tag_11 | (bits_11 >> 32);
            } else {
                const ulong bits_12 = (ulong)(total);
                const ulong tag_12 = (ulong)lesser_status_epoch << 32;
                status[((2 * tile_no + 0) * 3 + 0) * 2] = tag_12 | (bits_12 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 3 + 0) * 2 + 1] = tag_12 | (bits_12 >> 32);
                const ulong bits_13 = (ulong)(total_1);
                const ulong tag_13 = (ulong)lesser_status_epoch << 32;
                status[((2 * tile_no + 0) * 3 + 1) * 2] = tag_13 | (bits_13 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 3 + 1) * 2 + 1] = tag_13 | (bits_13 >> 32);
                const ulong bits_14 = (ulong)(total_2);
                const ulong tag_14 = (ulong)lesser_status_epoch << 32;
                status[((2 * tile_no + 0) * 3 + 2) * 2] = tag_14 | (bits_14 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 3 + 2) * 2 + 1] = tag_14 | (bits_14 >> 32);
            }
            flags[33] = tile_no > 0;
            flags[34] = tile_no - 1;
        }
        long excl = 0;
        long excl_1 = 0;
        long excl_2 = 0;
        const long my_row = l / 16;
        const long my_col = l - my_row * 16;
        #pragma unroll
        for (long r_1 = 0; r_1 < 16; r_1++) {
            if (r_1 < my_row) {
                long c_28 = (excl) + (vals[256 + r_1]);
                long c_29 = (excl_1) + (vals_1[256 + r_1]);
                long c_30 = (excl_2) + (vals_2[256 + r_1]);
                excl = c_28;
                excl_1 = c_29;
                excl_2 = c_30;
            }
        }
        #pragma unroll
        for (long c_21 = 0; c_21 < 16; c_21++) {
            if (c_21 < my_col) {
                long c_31 = (excl) + (vals[my_row * 16 + c_21]);
                long c_32 = (excl_1) + (vals_1[my_row * 16 + c_21]);
                long c_33 = (excl_2) + (vals_2[my_row * 16 + c_21]);
                excl = c_31;
                excl_1 = c_32;
                excl_2 = c_33;
            }
        }
        for (;;) {
            barrier(CLK_LOCAL_MEM_FENCE);
            if (!flags[33]) break;
            const long at_1 = flags[34];
            if (l < 32) {
                const long jt_1 = at_1 - l;
                long fl_1 = 0;
                if (jt_1 >= 0) {
                    const ulong lo_15 = status[((2 * jt_1 + 1) * 3 + 0) * 2];
                    const ulong hi_15 = status[((2 * jt_1 + 1) * 3 + 0) * 2 + 1];
                    const ulong lo_16 = status[((2 * jt_1 + 1) * 3 + 1) * 2];
                    const ulong hi_16 = status[((2 * jt_1 + 1) * 3 + 1) * 2 + 1];
                    const ulong lo_17 = status[((2 * jt_1 + 1) * 3 + 2) * 2];
                    const ulong hi_17 = status[((2 * jt_1 + 1) * 3 + 2) * 2 + 1];
                    if ((lo_15 >> 32) == lesser_status_epoch && (hi_15 >> 32) == lesser_status_epoch && (lo_16 >> 32) == lesser_status_epoch && (hi_16 >> 32) == lesser_status_epoch && (lo_17 >> 32) == lesser_status_epoch && (hi_17 >> 32) == lesser_status_epoch) {
                        fl_1 = 2;
                        vals[272 + l] = (long)((lo_15 & 0xffffffffUL) | ((hi_15 & 0xffffffffUL) << 32));
                        vals_1[272 + l] = (long)((lo_16 & 0xffffffffUL) | ((hi_16 & 0xffffffffUL) << 32));
                        vals_2[272 + l] = (long)((lo_17 & 0xffffffffUL) | ((hi_17 & 0xffffffffUL) << 32));
                    }
                    if (fl_1 == 0) {
                        const ulong lo_18 = status[((2 * jt_1 + 0) * 3 + 0) * 2];
                        const ulong hi_18 = status[((2 * jt_1 + 0) * 3 + 0) * 2 + 1];
                        const ulong lo_19 = status[((2 * jt_1 + 0) * 3 + 1) * 2];
                        const ulong hi_19 = status[((2 * jt_1 + 0) * 3 + 1) * 2 + 1];
                        const ulong lo_20 = status[((2 * jt_1 + 0) * 3 + 2) * 2];
                        const ulong hi_20 = status[((2 * jt_1 + 0) * 3 + 2) * 2 + 1];
                        if ((lo_18 >> 32) == lesser_status_epoch && (hi_18 >> 32) == lesser_status_epoch && (lo_19 >> 32) == lesser_status_epoch && (hi_19 >> 32) == lesser_status_epoch && (lo_20 >> 32) == lesser_status_epoch && (hi_20 >> 32) == lesser_status_epoch) {
                            fl_1 = 1;
                            vals[272 + l] = (long)((lo_18 & 0xffffffffUL) | ((hi_18 & 0xffffffffUL) << 32));
                            vals_1[272 + l] = (long)((lo_19 & 0xffffffffUL) | ((hi_19 & 0xffffffffUL) << 32));
                            vals_2[272 + l] = (long)((lo_20 & 0xffffffffUL) | ((hi_20 & 0xffffffffUL) << 32));
                        }
                    }
                }
                flags[l] = fl_1;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            if (l == 0) {
                long excl_3 = vals[304];
                long excl_4 = vals_1[304];
                long excl_5 = vals_2[304];
                long more = 1;
                long k = 0;
                for (; k < 32; k++) {
                    if (flags[k] == 0) break;
                    long c_34 = (vals[272 + k]) + (excl_3);
                    long c_35 = (vals_1[272 + k]) + (excl_4);
                    long c_36 = (vals_2[272 + k]) + (excl_5);
                    excl_3 = c_34;
                    excl_4 = c_35;
                    excl_5 = c_36;
                    if (flags[k] == 2) {
                        more = 0;
                        k++;
                        break;
                    }
                }
                vals[304] = excl_3;
                vals_1[304] = excl_4;
                vals_2[304] = excl_5;
                flags[33] = more;
                flags[34] = at_1 - k;
                if (!more) {
                    long incl_6 = excl_3;
                    long incl_7 = excl_4;
                    long incl_8 = excl_5;
                    long c_37 = (incl_6) + (vals[305]);
                    long c_38 = (incl_7) + (vals_1[305]);
                    long c_39 = (incl_8) + (vals_2[305]);
                    incl_6 = c_37;
                    incl_7 = c_38;
                    incl_8 = c_39;
                    const ulong bits_15 = (ulong)(incl_6);
                    const ulong tag_15 = (ulong)lesser_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 0) * 2] = tag_15 | (bits_15 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 0) * 2 + 1] = tag_15 | (bits_15 >> 32);
                    const ulong bits_16 = (ulong)(incl_7);
                    const ulong tag_16 = (ulong)lesser_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 1) * 2] = tag_16 | (bits_16 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 1) * 2 + 1] = tag_16 | (bits_16 >> 32);
                    const ulong bits_17 = (ulong)(incl_8);
                    const ulong tag_17 = (ulong)lesser_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 2) * 2] = tag_17 | (bits_17 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 2) * 2 + 1] = tag_17 | (bits_17 >> 32);
                }
            }
        }
        vals[l] = excl;
        vals_1[l] = excl_1;
        vals_2[l] = excl_2;
    }
    #endif
    vals[l] = (vals[l] << 32) | mask;
    vals_1[l] = (vals_1[l] << 32) | mask_1;
    vals_2[l] = (vals_2[l] << 32) | mask_2;
    barrier(CLK_LOCAL_MEM_FENCE);
    const long base = vals[304];
    const long base_1 = vals_1[304];
    const long base_2 = vals_2[304];
    #pragma unroll
    for (long j = 0; j < 15; j++) {
        const long p = j * 256 + l;
        const long owner = p / 15;
        const uint bit = (uint)(p - owner * 15);
        const long packed = vals[owner];
        const uint kmask = (uint)packed;
        if ((kmask >> bit) & 1u) {
            lesser[base + (packed >> 32) + (long)popcount(kmask & ((1u << bit) - 1u))] = tile[p];
        }
        const long packed_1 = vals_1[owner];
        const uint kmask_1 = (uint)packed_1;
        if ((kmask_1 >> bit) & 1u) {
            equal[base_1 + (packed_1 >> 32) + (long)popcount(kmask_1 & ((1u << bit) - 1u))] = tile[p];
        }
        const long packed_2 = vals_2[owner];
        const uint kmask_2 = (uint)packed_2;
        if ((kmask_2 >> bit) & 1u) {
            greater[base_2 + (packed_2 >> 32) + (long)popcount(kmask_2 & ((1u << bit) - 1u))] = tile[p];
        }
    }
    if (l == 0 && tile_no == lookback_tiles - 1) {
        lesser_kept[0] = base + vals[305];
        equal_kept[0] = base_1 + vals_1[305];
        greater_kept[0] = base_2 + vals_2[305];
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

__kernel void quicksort_elt_fused_length(__global const long* sorted_lengths, long n_sorted_lengths_arg, __global const long* n_sorted_lengths_word, __global const long* sorted_offsets, __global long* length_2, __global long* start_3, __global long* length_4, __global long* start_5, __global long* err) {
    const long n_sorted_lengths = n_sorted_lengths_arg >= 0 ? n_sorted_lengths_arg : clamp(n_sorted_lengths_word[0], 0L, (-1 - n_sorted_lengths_arg) & 0xFFFFFFFFL) + ((-1 - n_sorted_lengths_arg) >> 32);
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

static inline long quicksort_gather_fused_pull_sorted_elements(long p, long n_sorted_elements, long n_sorted_elements_1, long start, __global const long* sorted_elements, __global const long* equal, long start_1) {
    int c = p < n_sorted_elements;
    long q = c ? p : nessie_sub(p, n_sorted_elements);
    long t_1;
    if (c) {
        long p_1 = q;
        int c_1 = p_1 < n_sorted_elements_1;
        long q_1 = c_1 ? p_1 : nessie_sub(p_1, n_sorted_elements_1);
        long t;
        if (c_1) {
            long p_2 = q_1;
            long q_2 = nessie_add(start, p_2);
            t = sorted_elements[q_2];
        } else {
            t = equal[q_1];
        }
        t_1 = t;
    } else {
        long p_3 = q;
        long q_3 = nessie_add(start_1, p_3);
        t_1 = sorted_elements[q_3];
    }
    return t_1;
}

__kernel void quicksort_gather_fused_sorted_elements(long t_1_arg, __global const long* t_1_word, long n_sorted_elements_18, long n_sorted_elements_6, long start_0, __global const long* sorted_elements_1, __global const long* equal, long start_13, __global long* sorted_elements_20) {
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < t_1) {
        long pull_sorted_elements_r = quicksort_gather_fused_pull_sorted_elements(gid, n_sorted_elements_18, n_sorted_elements_6, start_0, sorted_elements_1, equal, start_13);
        sorted_elements_20[gid] = pull_sorted_elements_r;
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

static inline long quicksort_fused_keep_then_instances(long j, __global const long* s_lengths) {
    long i = j;
    return s_lengths[i] <= 1L ? 1L : 0L;
}

static inline long quicksort_fused_pull_then_instances(long i) {
    return i;
}

static inline long quicksort_fused_keep_else_instances(long j, __global const long* s_lengths) {
    long i = j;
    return !(s_lengths[i] <= 1L) ? 1L : 0L;
}

static inline void quicksort_fused_pull_total(long i, __global const long* s_lengths, long* r0, long* r1) {
    int mapped = s_lengths[i] <= 1L;
    long v = mapped ? s_lengths[i] : 0L;
    int mapped_1 = s_lengths[i] <= 1L;
    long v_1 = !mapped_1 ? s_lengths[i] : 0L;
    *r0 = v;
    *r1 = v_1;
}

static inline void quicksort_fused_op_total(long a, long a_1, long b, long b_1, long* r0, long* r1) {
    *r0 = nessie_add(a, b);
    *r1 = nessie_add(a_1, b_1);
}

__kernel void quicksort_fused_mapped(__global int* mapped_status, uint mapped_status_epoch, uint mapped_status_base, long instances_2_arg, __global const long* instances_2_word, __global const long* s_lengths, long lookback_tiles, __global long* then_instances_kept, __global long* else_instances_kept, __global long* total_14, __global long* total_18, __global uchar* mapped_2, __global long* rank, __global long* then_instances, __global long* else_instances) {
    __local long tile[768];
    __local long tile_1[768];
    __local long tile_2[768];
    __local long vals[306];
    __local long vals_1[306];
    __local long vals_2[306];
    __local long vals_3[306];
    __local long vals_4[306];
    __local long flags[35];
    __local uchar kept[768];
    __local uchar kept_1[768];
    const long instances_2 = instances_2_arg >= 0 ? instances_2_arg : clamp(instances_2_word[0], 0L, (-1 - instances_2_arg) & 0xFFFFFFFFL) + ((-1 - instances_2_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(mapped_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(mapped_status) - mapped_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 768;
    for (long j = 0; j < 3; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < instances_2) {
            int pull_mapped_r = quicksort_fused_pull_mapped(g, s_lengths);
            const int x = pull_mapped_r;
            long pull_rank_r = quicksort_fused_pull_rank(g, s_lengths);
            const long x_1 = pull_rank_r;
            long pull_then_instances_r = quicksort_fused_pull_then_instances(g);
            const long x_2 = pull_then_instances_r;
            long pull_total_r;
            long pull_total_r_1;
            quicksort_fused_pull_total(g, s_lengths, &pull_total_r, &pull_total_r_1);
            const long x_3 = pull_total_r;
            const long x_4 = pull_total_r_1;
            long keep_then_instances_r = quicksort_fused_keep_then_instances(x_2, s_lengths);
            long keep_else_instances_r = quicksort_fused_keep_else_instances(x_2, s_lengths);
            mapped_2[g] = x;
            tile[p] = x_1;
            kept[p] = (keep_then_instances_r) != 0;
            kept_1[p] = (keep_else_instances_r) != 0;
            tile_1[p] = x_3;
            tile_2[p] = x_4;
        } else {
            tile[p] = 0L;
            kept[p] = 0;
            kept_1[p] = 0;
            tile_1[p] = 0L;
            tile_2[p] = 0L;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint mask = 0;
    #pragma unroll
    for (long j = 0; j < 3; j++) mask |= (uint)kept[l * 3 + j] << j;
    uint mask_1 = 0;
    #pragma unroll
    for (long j = 0; j < 3; j++) mask_1 |= (uint)kept_1[l * 3 + j] << j;
    long acc = 0L;
    long acc_1 = 0L;
    long acc_2 = 0L;
    long acc_3 = 0L;
    long acc_4 = 0L;
    for (long j = 0; j < 3; j++) {
        long op_rank_r = quicksort_fused_op_rank(acc, tile[l * 3 + j]);
        long op_total_r;
        long op_total_r_1;
        quicksort_fused_op_total(acc_3, acc_4, tile_1[l * 3 + j], tile_2[l * 3 + j], &op_total_r, &op_total_r_1);
        long c = op_rank_r;
        long c_1 = (acc_1) + ((long)((mask >> j) & 1u));
        long c_2 = (acc_2) + ((long)((mask_1 >> j) & 1u));
        long c_3 = op_total_r;
        long c_4 = op_total_r_1;
        acc = c;
        acc_1 = c_1;
        acc_2 = c_2;
        acc_3 = c_3;
        acc_4 = c_4;
    }
    vals[l] = acc;
    vals_1[l] = acc_1;
    vals_2[l] = acc_2;
    vals_3[l] = acc_3;
    vals_4[l] = acc_4;
    barrier(CLK_LOCAL_MEM_FENCE);
    #ifdef __NV_CL_C_VERSION
    {
        const int lane = (int)(l & 31);
        const int warp = (int)(l / 32);
        long incl = vals[l];
        long incl_1 = vals_1[l];
        long incl_2 = vals_2[l];
        long incl_3 = vals_3[l];
        long incl_4 = vals_4[l];
        #pragma unroll
        for (int h = 1; h < 32; h *= 2) {
            const int2 w = as_int2(incl);
            int lo, hi;
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo) : "r"(w.x), "r"(h));
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi) : "r"(w.y), "r"(h));
            long sh = as_long((int2)(lo, hi));
            const int2 w_1 = as_int2(incl_1);
            int lo_1, hi_1;
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_1) : "r"(w_1.x), "r"(h));
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_1) : "r"(w_1.y), "r"(h));
            long sh_1 = as_long((int2)(lo_1, hi_1));
            const int2 w_2 = as_int2(incl_2);
            int lo_2, hi_2;
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_2) : "r"(w_2.x), "r"(h));
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_2) : "r"(w_2.y), "r"(h));
            long sh_2 = as_long((int2)(lo_2, hi_2));
            const int2 w_3 = as_int2(incl_3);
            int lo_3, hi_3;
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_3) : "r"(w_3.x), "r"(h));
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_3) : "r"(w_3.y), "r"(h));
            long sh_3 = as_long((int2)(lo_3, hi_3));
            const int2 w_4 = as_int2(incl_4);
            int lo_4, hi_4;
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_4) : "r"(w_4.x), "r"(h));
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_4) : "r"(w_4.y), "r"(h));
            long sh_4 = as_long((int2)(lo_4, hi_4));
            if (lane >= h) {
                long op_rank_r_1 = quicksort_fused_op_rank(sh, incl);
                long op_total_r_2;
                long op_total_r_3;
                quicksort_fused_op_total(sh_3, sh_4, incl_3, incl_4, &op_total_r_2, &op_total_r_3);
                long c_5 = op_rank_r_1;
                long c_6 = (sh_1) + (incl_1);
                long c_7 = (sh_2) + (incl_2);
                long c_8 = op_total_r_2;
                long c_9 = op_total_r_3;
                incl = c_5;
                incl_1 = c_6;
                incl_2 = c_7;
                incl_3 = c_8;
                incl_4 = c_9;
            }
        }
        if (lane == 31) {
            vals[256 + warp] = incl;
            vals_1[256 + warp] = incl_1;
            vals_2[256 + warp] = incl_2;
            vals_3[256 + warp] = incl_3;
            vals_4[256 + warp] = incl_4;
        }
        const int2 w_5 = as_int2(incl);
        int lo_5, hi_5;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_5) : "r"(w_5.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_5) : "r"(w_5.y), "r"(1));
        long sh_5 = as_long((int2)(lo_5, hi_5));
        const int2 w_6 = as_int2(incl_1);
        int lo_6, hi_6;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_6) : "r"(w_6.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_6) : "r"(w_6.y), "r"(1));
        long sh_6 = as_long((int2)(lo_6, hi_6));
        const int2 w_7 = as_int2(incl_2);
        int lo_7, hi_7;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_7) : "r"(w_7.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_7) : "r"(w_7.y), "r"(1));
        long sh_7 = as_long((int2)(lo_7, hi_7));
        const int2 w_8 = as_int2(incl_3);
        int lo_8, hi_8;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_8) : "r"(w_8.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_8) : "r"(w_8.y), "r"(1));
        long sh_8 = as_long((int2)(lo_8, hi_8));
        const int2 w_9 = as_int2(incl_4);
        int lo_9, hi_9;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_9) : "r"(w_9.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_9) : "r"(w_9.y), "r"(1));
        long sh_9 = as_long((int2)(lo_9, hi_9));
        if (lane == 0) {
            sh_5 = 0L;
            sh_6 = 0L;
            sh_7 = 0L;
            sh_8 = 0L;
            sh_9 = 0L;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        long offset = 0L;
        long offset_1 = 0L;
        long offset_2 = 0L;
        long offset_3 = 0L;
        long offset_4 = 0L;
        #pragma unroll
        for (long r = 0; r < 8; r++) {
            if (r < warp) {
                long op_rank_r_2 = quicksort_fused_op_rank(offset, vals[256 + r]);
                long op_total_r_4;
                long op_total_r_5;
                quicksort_fused_op_total(offset_3, offset_4, vals_3[256 + r], vals_4[256 + r], &op_total_r_4, &op_total_r_5);
                long c_10 = op_rank_r_2;
                long c_11 = (offset_1) + (vals_1[256 + r]);
                long c_12 = (offset_2) + (vals_2[256 + r]);
                long c_13 = op_total_r_4;
                long c_14 = op_total_r_5;
                offset = c_10;
                offset_1 = c_11;
                offset_2 = c_12;
                offset_3 = c_13;
                offset_4 = c_14;
            }
        }
        long op_rank_r_3 = quicksort_fused_op_rank(offset, sh_5);
        long op_total_r_6;
        long op_total_r_7;
        quicksort_fused_op_total(offset_3, offset_4, sh_8, sh_9, &op_total_r_6, &op_total_r_7);
        long c_15 = op_rank_r_3;
        long c_16 = (offset_1) + (sh_6);
        long c_17 = (offset_2) + (sh_7);
        long c_18 = op_total_r_6;
        long c_19 = op_total_r_7;
        offset = c_15;
        offset_1 = c_16;
        offset_2 = c_17;
        offset_3 = c_18;
        offset_4 = c_19;
        if (l < 32) {
            long agg = 0L;
            long agg_1 = 0L;
            long agg_2 = 0L;
            long agg_3 = 0L;
            long agg_4 = 0L;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long op_rank_r_4 = quicksort_fused_op_rank(agg, vals[256 + r]);
                long op_total_r_8;
                long op_total_r_9;
                quicksort_fused_op_total(agg_3, agg_4, vals_3[256 + r], vals_4[256 + r], &op_total_r_8, &op_total_r_9);
                long c_20 = op_rank_r_4;
                long c_21 = (agg_1) + (vals_1[256 + r]);
                long c_22 = (agg_2) + (vals_2[256 + r]);
                long c_23 = op_total_r_8;
                long c_24 = op_total_r_9;
                agg = c_20;
                agg_1 = c_21;
                agg_2 = c_22;
                agg_3 = c_23;
                agg_4 = c_24;
            }
            if (lane == 0) {
                vals[305] = agg;
                vals_1[305] = agg_1;
                vals_2[305] = agg_2;
                vals_3[305] = agg_3;
                vals_4[305] = agg_4;
                if (tile_no == 0) {
                    const ulong bits = (ulong)(agg);
                    const ulong tag = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 5 + 0) * 2] = tag | (bits & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 5 + 0) * 2 + 1] = tag | (bits >> 32);
                    const ulong bits_1 = (ulong)(agg_1);
                    const ulong tag_1 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 5 + 1) * 2] = tag_1 | (bits_1 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 5 + 1) * 2 + 1] = tag_1 | (bits_1 >> 32);
                    const ulong bits_2 = (ulong)(agg_2);
                    const ulong tag_2 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 5 + 2) * 2] = tag_2 | (bits_2 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 5 + 2) * 2 + 1] = tag_2 | (bits_2 >> 32);
                    const ulong bits_3 = (ulong)(agg_3);
                    const ulong tag_3 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 5 + 3) * 2] = tag_3 | (bits_3 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 5 + 3) * 2 + 1] = tag_3 | (bits_3 >> 32);
                    const ulong bits_4 = (ulong)(agg_4);
                    const ulong tag_4 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 5 + 4) * 2] = tag_4 | (bits_4 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 5 + 4) * 2 + 1] = tag_4 | (bits_4 >> 32);
                } else {
                    const ulong bits_5 = (ulong)(agg);
                    const ulong tag_5 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 0) * 5 + 0) * 2] = tag_5 | (bits_5 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 5 + 0) * 2 + 1] = tag_5 | (bits_5 >> 32);
                    const ulong bits_6 = (ulong)(agg_1);
                    const ulong tag_6 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 0) * 5 + 1) * 2] = tag_6 | (bits_6 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 5 + 1) * 2 + 1] = tag_6 | (bits_6 >> 32);
                    const ulong bits_7 = (ulong)(agg_2);
                    const ulong tag_7 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 0) * 5 + 2) * 2] = tag_7 | (bits_7 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 5 + 2) * 2 + 1] = tag_7 | (bits_7 >> 32);
                    const ulong bits_8 = (ulong)(agg_3);
                    const ulong tag_8 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 0) * 5 + 3) * 2] = tag_8 | (bits_8 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 5 + 3) * 2 + 1] = tag_8 | (bits_8 >> 32);
                    const ulong bits_9 = (ulong)(agg_4);
                    const ulong tag_9 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 0) * 5 + 4) * 2] = tag_9 | (bits_9 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 5 + 4) * 2 + 1] = tag_9 | (bits_9 >> 32);
                }
            }
            long prefix = 0L;
            long prefix_1 = 0L;
            long prefix_2 = 0L;
            long prefix_3 = 0L;
            long prefix_4 = 0L;
            if (tile_no > 0) {
                long at = tile_no - 1;
                for (;;) {
                    const long jt = at - lane;
                    int fl = 0;
                    long win = 0L;
                    long win_1 = 0L;
                    long win_2 = 0L;
                    long win_3 = 0L;
                    long win_4 = 0L;
                    if (jt >= 0) {
                        const ulong lo_10 = status[((2 * jt + 1) * 5 + 0) * 2];
                        const ulong hi_10 = status[((2 * jt + 1) * 5 + 0) * 2 + 1];
                        const ulong lo_11 = status[((2 * jt + 1) * 5 + 1) * 2];
                        const ulong hi_11 = status[((2 * jt + 1) * 5 + 1) * 2 + 1];
                        const ulong lo_12 = status[((2 * jt + 1) * 5 + 2) * 2];
                        const ulong hi_12 = status[((2 * jt + 1) * 5 + 2) * 2 + 1];
                        const ulong lo_13 = status[((2 * jt + 1) * 5 + 3) * 2];
                        const ulong hi_13 = status[((2 * jt + 1) * 5 + 3) * 2 + 1];
                        const ulong lo_14 = status[((2 * jt + 1) * 5 + 4) * 2];
                        const ulong hi_14 = status[((2 * jt + 1) * 5 + 4) * 2 + 1];
                        if ((lo_10 >> 32) == mapped_status_epoch && (hi_10 >> 32) == mapped_status_epoch && (lo_11 >> 32) == mapped_status_epoch && (hi_11 >> 32) == mapped_status_epoch && (lo_12 >> 32) == mapped_status_epoch && (hi_12 >> 32) == mapped_status_epoch && (lo_13 >> 32) == mapped_status_epoch && (hi_13 >> 32) == mapped_status_epoch && (lo_14 >> 32) == mapped_status_epoch && (hi_14 >> 32) == mapped_status_epoch) {
                            fl = 2;
                            win = (long)((lo_10 & 0xffffffffUL) | ((hi_10 & 0xffffffffUL) << 32));
                            win_1 = (long)((lo_11 & 0xffffffffUL) | ((hi_11 & 0xffffffffUL) << 32));
                            win_2 = (long)((lo_12 & 0xffffffffUL) | ((hi_12 & 0xffffffffUL) << 32));
                            win_3 = (long)((lo_13 & 0xffffffffUL) | ((hi_13 & 0xffffffffUL) << 32));
                            win_4 = (long)((lo_14 & 0xffffffffUL) | ((hi_14 & 0xffffffffUL) << 32));
                        }
                        if (fl == 0) {
                            const ulong lo_15 = status[((2 * jt + 0) * 5 + 0) * 2];
                            const ulong hi_15 = status[((2 * jt + 0) * 5 + 0) * 2 + 1];
                            const ulong lo_16 = status[((2 * jt + 0) * 5 + 1) * 2];
                            const ulong hi_16 = status[((2 * jt + 0) * 5 + 1) * 2 + 1];
                            const ulong lo_17 = status[((2 * jt + 0) * 5 + 2) * 2];
                            const ulong hi_17 = status[((2 * jt + 0) * 5 + 2) * 2 + 1];
                            const ulong lo_18 = status[((2 * jt + 0) * 5 + 3) * 2];
                            const ulong hi_18 = status[((2 * jt + 0) * 5 + 3) * 2 + 1];
                            const ulong lo_19 = status[((2 * jt + 0) * 5 + 4) * 2];
                            const ulong hi_19 = status[((2 * jt + 0) * 5 + 4) * 2 + 1];
                            if ((lo_15 >> 32) == mapped_status_epoch && (hi_15 >> 32) == mapped_status_epoch && (lo_16 >> 32) == mapped_status_epoch && (hi_16 >> 32) == mapped_status_epoch && (lo_17 >> 32) == mapped_status_epoch && (hi_17 >> 32) == mapped_status_epoch && (lo_18 >> 32) == mapped_status_epoch && (hi_18 >> 32) == mapped_status_epoch && (lo_19 >> 32) == mapped_status_epoch && (hi_19 >> 32) == mapped_status_epoch) {
                                fl = 1;
                                win = (long)((lo_15 & 0xffffffffUL) | ((hi_15 & 0xffffffffUL) << 32));
                                win_1 = (long)((lo_16 & 0xffffffffUL) | ((hi_16 & 0xffffffffUL) << 32));
                                win_2 = (long)((lo_17 & 0xffffffffUL) | ((hi_17 & 0xffffffffUL) << 32));
                                win_3 = (long)((lo_18 & 0xffffffffUL) | ((hi_18 & 0xffffffffUL) << 32));
                                win_4 = (long)((lo_19 & 0xffffffffUL) | ((hi_19 & 0xffffffffUL) << 32));
                            }
                        }
                    }
                    uint prefixes, missing;
                    asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }" : "=r"(prefixes) : "r"((uint)(fl == 2)));
                    asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }" : "=r"(missing) : "r"((uint)(fl == 0)));
                    const uint stops = prefixes | missing;
                    const int first = stops == 0 ? 32 : (int)popcount((stops & (0u - stops)) - 1u);
                    const int found = first < 32 && ((prefixes >> first) & 1u);
                    const int take = first + found;
                    if (take > 0) {
                        if (lane >= take) {
                            win = 0L;
                            win_1 = 0L;
                            win_2 = 0L;
                            win_3 = 0L;
                            win_4 = 0L;
                        }
                        #pragma unroll
                        for (int h_1 = 1; h_1 < 32; h_1 *= 2) {
                            const int2 w_10 = as_int2(win);
                            int lo_20, hi_20;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_20) : "r"(w_10.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_20) : "r"(w_10.y), "r"(h_1));
                            long sh_10 = as_long((int2)(lo_20, hi_20));
                            const int2 w_11 = as_int2(win_1);
                            int lo_21, hi_21;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_21) : "r"(w_11.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_21) : "r"(w_11.y), "r"(h_1));
                            long sh_11 = as_long((int2)(lo_21, hi_21));
                            const int2 w_12 = as_int2(win_2);
                            int lo_22, hi_22;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_22) : "r"(w_12.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_22) : "r"(w_12.y), "r"(h_1));
                            long sh_12 = as_long((int2)(lo_22, hi_22));
                            const int2 w_13 = as_int2(win_3);
                            int lo_23, hi_23;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_23) : "r"(w_13.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_23) : "r"(w_13.y), "r"(h_1));
                            long sh_13 = as_long((int2)(lo_23, hi_23));
                            const int2 w_14 = as_int2(win_4);
                            int lo_24, hi_24;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_24) : "r"(w_14.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_24) : "r"(w_14.y), "r"(h_1));
                            long sh_14 = as_long((int2)(lo_24, hi_24));
                            if (lane + h_1 < 32) {
                                long op_rank_r_5 = quicksort_fused_op_rank(sh_10, win);
                                long op_total_r_10;
                                long op_total_r_11;
                                quicksort_fused_op_total(sh_13, sh_14, win_3, win_4, &op_total_r_10, &op_total_r_11);
                                long c_25 = op_rank_r_5;
                                long c_26 = (sh_11) + (win_1);
                                long c_27 = (sh_12) + (win_2);
                                long c_28 = op_total_r_10;
                                long c_29 = op_total_r_11;
                                win = c_25;
                                win_1 = c_26;
                                win_2 = c_27;
                                win_3 = c_28;
                                win_4 = c_29;
                            }
                        }
                        long op_rank_r_6 = quicksort_fused_op_rank(win, prefix);
                        long op_total_r_12;
                        long op_total_r_13;
                        quicksort_fused_op_total(win_3, win_4, prefix_3, prefix_4, &op_total_r_12, &op_total_r_13);
                        long c_30 = op_rank_r_6;
                        long c_31 = (win_1) + (prefix_1);
                        long c_32 = (win_2) + (prefix_2);
                        long c_33 = op_total_r_12;
                        long c_34 = op_total_r_13;
                        prefix = c_30;
                        prefix_1 = c_31;
                        prefix_2 = c_32;
                        prefix_3 = c_33;
                        prefix_4 = c_34;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_5 = prefix;
                    long incl_6 = prefix_1;
                    long incl_7 = prefix_2;
                    long incl_8 = prefix_3;
                    long incl_9 = prefix_4;
                    long op_rank_r_7 = quicksort_fused_op_rank(incl_5, agg);
                    long op_total_r_14;
                    long op_total_r_15;
                    quicksort_fused_op_total(incl_8, incl_9, agg_3, agg_4, &op_total_r_14, &op_total_r_15);
                    long c_35 = op_rank_r_7;
                    long c_36 = (incl_6) + (agg_1);
                    long c_37 = (incl_7) + (agg_2);
                    long c_38 = op_total_r_14;
                    long c_39 = op_total_r_15;
                    incl_5 = c_35;
                    incl_6 = c_36;
                    incl_7 = c_37;
                    incl_8 = c_38;
                    incl_9 = c_39;
                    const ulong bits_10 = (ulong)(incl_5);
                    const ulong tag_10 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 5 + 0) * 2] = tag_10 | (bits_10 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 5 + 0) * 2 + 1] = tag_10 | (bits_10 >> 32);
                    const ulong bits_11 = (ulong)(incl_6);
                    const ulong tag_11 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 5 + 1) * 2] = tag_11 | (bits_11 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 5 + 1) * 2 + 1] = tag_11 | (bits_11 >> 32);
                    const ulong bits_12 = (ulong)(incl_7);
                    const ulong tag_12 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 5 + 2) * 2] = tag_12 | (bits_12 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 5 + 2) * 2 + 1] = tag_12 | (bits_12 >> 32);
                    const ulong bits_13 = (ulong)(incl_8);
                    const ulong tag_13 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 5 + 3) * 2] = tag_13 | (bits_13 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 5 + 3) * 2 + 1] = tag_13 | (bits_13 >> 32);
                    const ulong bits_14 = (ulong)(incl_9);
                    const ulong tag_14 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 5 + 4) * 2] = tag_14 | (bits_14 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 5 + 4) * 2 + 1] = tag_14 | (bits_14 >> 32);
                }
            }
            if (lane == 0) {
                vals[304] = prefix;
                vals_1[304] = prefix_1;
                vals_2[304] = prefix_2;
                vals_3[304] = prefix_3;
                vals_4[304] = prefix_4;
            }
        }
        vals[l] = offset;
        vals_1[l] = offset_1;
        vals_2[l] = offset_2;
        vals_3[l] = offset_3;
        vals_4[l] = offset_4;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    #else
    {
        if (l < 16) {
            long row = 0L;
            long row_1 = 0L;
            long row_2 = 0L;
            long row_3 = 0L;
            long row_4 = 0L;
            for (long c_40 = 0; c_40 < 16; c_40++) {
                long op_rank_r_8 = quicksort_fused_op_rank(row, vals[l * 16 + c_40]);
                long op_total_r_16;
                long op_total_r_17;
                quicksort_fused_op_total(row_3, row_4, vals_3[l * 16 + c_40], vals_4[l * 16 + c_40], &op_total_r_16, &op_total_r_17);
                long c_41 = op_rank_r_8;
                long c_42 = (row_1) + (vals_1[l * 16 + c_40]);
                long c_43 = (row_2) + (vals_2[l * 16 + c_40]);
                long c_44 = op_total_r_16;
                long c_45 = op_total_r_17;
                row = c_41;
                row_1 = c_42;
                row_2 = c_43;
                row_3 = c_44;
                row_4 = c_45;
            }
            vals[256 + l] = row;
            vals_1[256 + l] = row_1;
            vals_2[256 + l] = row_2;
            vals_3[256 + l] = row_3;
            vals_4[256 + l] = row_4;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) {
            long total = 0L;
            long total_1 = 0L;
            long total_2 = 0L;
            long total_3 = 0L;
            long total_4 = 0L;
            for (long r_1 = 0; r_1 < 16; r_1++) {
                long x_5 = vals[256 + r_1];
                long x_6 = vals_1[256 + r_1];
                long x_7 = vals_2[256 + r_1];
                long x_8 = vals_3[256 + r_1];
                long x_9 = vals_4[256 + r_1];
                long op_rank_r_9 = quicksort_fused_op_rank(total, x_5);
                long op_total_r_18;
                long op_total_r_19;
                quicksort_fused_op_total(total_3, total_4, x_8, x_9, &op_total_r_18, &op_total_r_19);
                long c_46 = op_rank_r_9;
                long c_47 = (total_1) + (x_6);
                long c_48 = (total_2) + (x_7);
                long c_49 = op_total_r_18;
                long c_50 = op_total_r_19;
                total = c_46;
                total_1 = c_47;
                total_2 = c_48;
                total_3 = c_49;
                total_4 = c_50;
            }
            vals[305] = total;
            vals_1[305] = total_1;
            vals_2[305] = total_2;
            vals_3[305] = total_3;
            vals_4[305] = total_4;
            vals[304] = 0L;
            vals_1[304] = 0L;
            vals_2[304] = 0L;
            vals_3[304] = 0L;
            vals_4[304] = 0L;
            if (tile_no == 0) {
                const ulong bits_15 = (ulong)(total);
                const ulong tag_15 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 1) * 5 + 0) * 2] = tag_15 | (bits_15 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 5 + 0) * 2 + 1] = tag_15 | (bits_15 >> 32);
                const ulong bits_16 = (ulong)(total_1);
                const ulong tag_16 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 1) * 5 + 1) * 2] = tag_16 | (bits_16 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 5 + 1) * 2 + 1] = tag_16 | (bits_16 >> 32);
                const ulong bits_17 = (ulong)(total_2);
                const ulong tag_17 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 1) * 5 + 2) * 2] = tag_17 | (bits_17 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 5 + 2) * 2 + 1] = tag_17 | (bits_17 >> 32);
                const ulong bits_18 = (ulong)(total_3);
                const ulong tag_18 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 1) * 5 + 3) * 2] = tag_18 | (bits_18 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 5 + 3) * 2 + 1] = tag_18 | (bits_18 >> 32);
                const ulong bits_19 = (ulong)(total_4);
                const ulong tag_19 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 1) * 5 + 4) * 2] = tag_19 | (bits_19 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 5 + 4) * 2 + 1] = tag_19 | (bits_19 >> 32);
            } else {
                const ulong bits_20 = (ulong)(total);
                const ulong tag_20 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 0) * 5 + 0) * 2] = tag_20 | (bits_20 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 5 + 0) * 2 + 1] = tag_20 | (bits_20 >> 32);
                const ulong bits_21 = (ulong)(total_1);
                const ulong tag_21 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 0) * 5 + 1) * 2] = tag_21 | (bits_21 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 5 + 1) * 2 + 1] = tag_21 | (bits_21 >> 32);
                const ulong bits_22 = (ulong)(total_2);
                const ulong tag_22 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 0) * 5 + 2) * 2] = tag_22 | (bits_22 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 5 + 2) * 2 + 1] = tag_22 | (bits_22 >> 32);
                const ulong bits_23 = (ulong)(total_3);
                const ulong tag_23 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 0) * 5 + 3) * 2] = tag_23 | (bits_23 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 5 + 3) * 2 + 1] = tag_23 | (bits_23 >> 32);
                const ulong bits_24 = (ulong)(total_4);
                const ulong tag_24 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 0) * 5 + 4) * 2] = tag_24 | (bits_24 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 5 + 4) * 2 + 1] = tag_24 | (bits_24 >> 32);
            }
            flags[33] = tile_no > 0;
            flags[34] = tile_no - 1;
        }
        long excl = 0L;
        long excl_1 = 0L;
        long excl_2 = 0L;
        long excl_3 = 0L;
        long excl_4 = 0L;
        const long my_row = l / 16;
        const long my_col = l - my_row * 16;
        #pragma unroll
        for (long r_1 = 0; r_1 < 16; r_1++) {
            if (r_1 < my_row) {
                long op_rank_r_10 = quicksort_fused_op_rank(excl, vals[256 + r_1]);
                long op_total_r_20;
                long op_total_r_21;
                quicksort_fused_op_total(excl_3, excl_4, vals_3[256 + r_1], vals_4[256 + r_1], &op_total_r_20, &op_total_r_21);
                long c_51 = op_rank_r_10;
                long c_52 = (excl_1) + (vals_1[256 + r_1]);
                long c_53 = (excl_2) + (vals_2[256 + r_1]);
                long c_54 = op_total_r_20;
                long c_55 = op_total_r_21;
                excl = c_51;
                excl_1 = c_52;
                excl_2 = c_53;
                excl_3 = c_54;
                excl_4 = c_55;
            }
        }
        #pragma unroll
        for (long c_40 = 0; c_40 < 16; c_40++) {
            if (c_40 < my_col) {
                long op_rank_r_11 = quicksort_fused_op_rank(excl, vals[my_row * 16 + c_40]);
                long op_total_r_22;
                long op_total_r_23;
                quicksort_fused_op_total(excl_3, excl_4, vals_3[my_row * 16 + c_40], vals_4[my_row * 16 + c_40], &op_total_r_22, &op_total_r_23);
                long c_56 = op_rank_r_11;
                long c_57 = (excl_1) + (vals_1[my_row * 16 + c_40]);
                long c_58 = (excl_2) + (vals_2[my_row * 16 + c_40]);
                long c_59 = op_total_r_22;
                long c_60 = op_total_r_23;
                excl = c_56;
                excl_1 = c_57;
                excl_2 = c_58;
                excl_3 = c_59;
                excl_4 = c_60;
            }
        }
        for (;;) {
            barrier(CLK_LOCAL_MEM_FENCE);
            if (!flags[33]) break;
            const long at_1 = flags[34];
            if (l < 32) {
                const long jt_1 = at_1 - l;
                long fl_1 = 0;
                if (jt_1 >= 0) {
                    const ulong lo_25 = status[((2 * jt_1 + 1) * 5 + 0) * 2];
                    const ulong hi_25 = status[((2 * jt_1 + 1) * 5 + 0) * 2 + 1];
                    const ulong lo_26 = status[((2 * jt_1 + 1) * 5 + 1) * 2];
                    const ulong hi_26 = status[((2 * jt_1 + 1) * 5 + 1) * 2 + 1];
                    const ulong lo_27 = status[((2 * jt_1 + 1) * 5 + 2) * 2];
                    const ulong hi_27 = status[((2 * jt_1 + 1) * 5 + 2) * 2 + 1];
                    const ulong lo_28 = status[((2 * jt_1 + 1) * 5 + 3) * 2];
                    const ulong hi_28 = status[((2 * jt_1 + 1) * 5 + 3) * 2 + 1];
                    const ulong lo_29 = status[((2 * jt_1 + 1) * 5 + 4) * 2];
                    const ulong hi_29 = status[((2 * jt_1 + 1) * 5 + 4) * 2 + 1];
                    if ((lo_25 >> 32) == mapped_status_epoch && (hi_25 >> 32) == mapped_status_epoch && (lo_26 >> 32) == mapped_status_epoch && (hi_26 >> 32) == mapped_status_epoch && (lo_27 >> 32) == mapped_status_epoch && (hi_27 >> 32) == mapped_status_epoch && (lo_28 >> 32) == mapped_status_epoch && (hi_28 >> 32) == mapped_status_epoch && (lo_29 >> 32) == mapped_status_epoch && (hi_29 >> 32) == mapped_status_epoch) {
                        fl_1 = 2;
                        vals[272 + l] = (long)((lo_25 & 0xffffffffUL) | ((hi_25 & 0xffffffffUL) << 32));
                        vals_1[272 + l] = (long)((lo_26 & 0xffffffffUL) | ((hi_26 & 0xffffffffUL) << 32));
                        vals_2[272 + l] = (long)((lo_27 & 0xffffffffUL) | ((hi_27 & 0xffffffffUL) << 32));
                        vals_3[272 + l] = (long)((lo_28 & 0xffffffffUL) | ((hi_28 & 0xffffffffUL) << 32));
                        vals_4[272 + l] = (long)((lo_29 & 0xffffffffUL) | ((hi_29 & 0xffffffffUL) << 32));
                    }
                    if (fl_1 == 0) {
                        const ulong lo_30 = status[((2 * jt_1 + 0) * 5 + 0) * 2];
                        const ulong hi_30 = status[((2 * jt_1 + 0) * 5 + 0) * 2 + 1];
                        const ulong lo_31 = status[((2 * jt_1 + 0) * 5 + 1) * 2];
                        const ulong hi_31 = status[((2 * jt_1 + 0) * 5 + 1) * 2 + 1];
                        const ulong lo_32 = status[((2 * jt_1 + 0) * 5 + 2) * 2];
                        const ulong hi_32 = status[((2 * jt_1 + 0) * 5 + 2) * 2 + 1];
                        const ulong lo_33 = status[((2 * jt_1 + 0) * 5 + 3) * 2];
                        const ulong hi_33 = status[((2 * jt_1 + 0) * 5 + 3) * 2 + 1];
                        const ulong lo_34 = status[((2 * jt_1 + 0) * 5 + 4) * 2];
                        const ulong hi_34 = status[((2 * jt_1 + 0) * 5 + 4) * 2 + 1];
                        if ((lo_30 >> 32) == mapped_status_epoch && (hi_30 >> 32) == mapped_status_epoch && (lo_31 >> 32) == mapped_status_epoch && (hi_31 >> 32) == mapped_status_epoch && (lo_32 >> 32) == mapped_status_epoch && (hi_32 >> 32) == mapped_status_epoch && (lo_33 >> 32) == mapped_status_epoch && (hi_33 >> 32) == mapped_status_epoch && (lo_34 >> 32) == mapped_status_epoch && (hi_34 >> 32) == mapped_status_epoch) {
                            fl_1 = 1;
                            vals[272 + l] = (long)((lo_30 & 0xffffffffUL) | ((hi_30 & 0xffffffffUL) << 32));
                            vals_1[272 + l] = (long)((lo_31 & 0xffffffffUL) | ((hi_31 & 0xffffffffUL) << 32));
                            vals_2[272 + l] = (long)((lo_32 & 0xffffffffUL) | ((hi_32 & 0xffffffffUL) << 32));
                            vals_3[272 + l] = (long)((lo_33 & 0xffffffffUL) | ((hi_33 & 0xffffffffUL) << 32));
                            vals_4[272 + l] = (long)((lo_34 & 0xffffffffUL) | ((hi_34 & 0xffffffffUL) << 32));
                        }
                    }
                }
                flags[l] = fl_1;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            if (l == 0) {
                long excl_5 = vals[304];
                long excl_6 = vals_1[304];
                long excl_7 = vals_2[304];
                long excl_8 = vals_3[304];
                long excl_9 = vals_4[304];
                long more = 1;
                long k = 0;
                for (; k < 32; k++) {
                    if (flags[k] == 0) break;
                    long op_rank_r_12 = quicksort_fused_op_rank(vals[272 + k], excl_5);
                    long op_total_r_24;
                    long op_total_r_25;
                    quicksort_fused_op_total(vals_3[272 + k], vals_4[272 + k], excl_8, excl_9, &op_total_r_24, &op_total_r_25);
                    long c_61 = op_rank_r_12;
                    long c_62 = (vals_1[272 + k]) + (excl_6);
                    long c_63 = (vals_2[272 + k]) + (excl_7);
                    long c_64 = op_total_r_24;
                    long c_65 = op_total_r_25;
                    excl_5 = c_61;
                    excl_6 = c_62;
                    excl_7 = c_63;
                    excl_8 = c_64;
                    excl_9 = c_65;
                    if (flags[k] == 2) {
                        more = 0;
                        k++;
                        break;
                    }
                }
                vals[304] = excl_5;
                vals_1[304] = excl_6;
                vals_2[304] = excl_7;
                vals_3[304] = excl_8;
                vals_4[304] = excl_9;
                flags[33] = more;
                flags[34] = at_1 - k;
                if (!more) {
                    long incl_10 = excl_5;
                    long incl_11 = excl_6;
                    long incl_12 = excl_7;
                    long incl_13 = excl_8;
                    long incl_14 = excl_9;
                    long op_rank_r_13 = quicksort_fused_op_rank(incl_10, vals[305]);
                    long op_total_r_26;
                    long op_total_r_27;
                    quicksort_fused_op_total(incl_13, incl_14, vals_3[305], vals_4[305], &op_total_r_26, &op_total_r_27);
                    long c_66 = op_rank_r_13;
                    long c_67 = (incl_11) + (vals_1[305]);
                    long c_68 = (incl_12) + (vals_2[305]);
                    long c_69 = op_total_r_26;
                    long c_70 = op_total_r_27;
                    incl_10 = c_66;
                    incl_11 = c_67;
                    incl_12 = c_68;
                    incl_13 = c_69;
                    incl_14 = c_70;
                    const ulong bits_25 = (ulong)(incl_10);
                    const ulong tag_25 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 5 + 0) * 2] = tag_25 | (bits_25 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 5 + 0) * 2 + 1] = tag_25 | (bits_25 >> 32);
                    const ulong bits_26 = (ulong)(incl_11);
                    const ulong tag_26 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 5 + 1) * 2] = tag_26 | (bits_26 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 5 + 1) * 2 + 1] = tag_26 | (bits_26 >> 32);
                    const ulong bits_27 = (ulong)(incl_12);
                    const ulong tag_27 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 5 + 2) * 2] = tag_27 | (bits_27 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 5 + 2) * 2 + 1] = tag_27 | (bits_27 >> 32);
                    const ulong bits_28 = (ulong)(incl_13);
                    const ulong tag_28 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 5 + 3) * 2] = tag_28 | (bits_28 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 5 + 3) * 2 + 1] = tag_28 | (bits_28 >> 32);
                    const ulong bits_29 = (ulong)(incl_14);
                    const ulong tag_29 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 5 + 4) * 2] = tag_29 | (bits_29 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 5 + 4) * 2 + 1] = tag_29 | (bits_29 >> 32);
                }
            }
        }
        vals[l] = excl;
        vals_1[l] = excl_1;
        vals_2[l] = excl_2;
        vals_3[l] = excl_3;
        vals_4[l] = excl_4;
    }
    #endif
    long off = vals[304];
    long off_1 = vals_1[304];
    long off_2 = vals_2[304];
    long off_3 = vals_3[304];
    long off_4 = vals_4[304];
    long op_rank_r_14 = quicksort_fused_op_rank(off, vals[l]);
    long op_total_r_28;
    long op_total_r_29;
    quicksort_fused_op_total(off_3, off_4, vals_3[l], vals_4[l], &op_total_r_28, &op_total_r_29);
    long c_71 = op_rank_r_14;
    long c_72 = (off_1) + (vals_1[l]);
    long c_73 = (off_2) + (vals_2[l]);
    long c_74 = op_total_r_28;
    long c_75 = op_total_r_29;
    off = c_71;
    off_1 = c_72;
    off_2 = c_73;
    off_3 = c_74;
    off_4 = c_75;
    for (long j = 0; j < 3; j++) {
        long x_10 = tile[l * 3 + j];
        tile[l * 3 + j] = off;
        long op_rank_r_15 = quicksort_fused_op_rank(off, x_10);
        long c_76 = op_rank_r_15;
        off = c_76;
    }
    vals_1[l] = (vals_1[l] << 32) | mask;
    vals_2[l] = (vals_2[l] << 32) | mask_1;
    barrier(CLK_LOCAL_MEM_FENCE);
    const long base = vals_1[304];
    const long base_1 = vals_2[304];
    #pragma unroll
    for (long j = 0; j < 3; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        const long owner = p / 3;
        const uint bit = (uint)(p - owner * 3);
        if (g < instances_2) {
            rank[g] = tile[p];
        }
        const long packed = vals_1[owner];
        const uint kmask = (uint)packed;
        if ((kmask >> bit) & 1u) {
            then_instances[base + (packed >> 32) + (long)popcount(kmask & ((1u << bit) - 1u))] = g;
        }
        const long packed_1 = vals_2[owner];
        const uint kmask_1 = (uint)packed_1;
        if ((kmask_1 >> bit) & 1u) {
            else_instances[base_1 + (packed_1 >> 32) + (long)popcount(kmask_1 & ((1u << bit) - 1u))] = g;
        }
    }
    if (l == 0 && tile_no == lookback_tiles - 1) {
        then_instances_kept[0] = base + vals_1[305];
        else_instances_kept[0] = base_1 + vals_2[305];
        long op_total_r_30;
        long op_total_r_31;
        quicksort_fused_op_total(vals_3[304], vals_4[304], vals_3[305], vals_4[305], &op_total_r_30, &op_total_r_31);
        total_14[0] = op_total_r_30;
        total_18[0] = op_total_r_31;
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

static inline long quicksort_fused_2_pull_s_offsets(long i, __global const long* then_instances, __global const long* s_lengths) {
    long q = then_instances[i];
    long s_lengths_1 = s_lengths[q];
    return s_lengths_1;
}

static inline long quicksort_fused_2_op_s_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_2_pull_s_lengths(long p, __global const long* then_instances, __global const long* s_lengths) {
    long q = then_instances[p];
    return s_lengths[q];
}

__kernel void quicksort_fused_2_s_offsets(__global int* s_offsets_status, uint s_offsets_status_epoch, uint s_offsets_status_base, long n_then_instances_arg, __global const long* n_then_instances_word, __global const long* then_instances, __global const long* s_lengths_1, __global long* s_offsets, __global long* s_lengths_2) {
    __local long tile[768];
    __local long vals[306];
    __local long flags[35];
    const long n_then_instances = n_then_instances_arg >= 0 ? n_then_instances_arg : clamp(n_then_instances_word[0], 0L, (-1 - n_then_instances_arg) & 0xFFFFFFFFL) + ((-1 - n_then_instances_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(s_offsets_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(s_offsets_status) - s_offsets_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 768;
    for (long j = 0; j < 3; j++) {
        const long p_1 = j * 256 + l;
        const long g = start + p_1;
        if (g < n_then_instances) {
            long pull_s_offsets_r = quicksort_fused_2_pull_s_offsets(g, then_instances, s_lengths_1);
            long pull_s_lengths_r = quicksort_fused_2_pull_s_lengths(g, then_instances, s_lengths_1);
            tile[p_1] = pull_s_offsets_r;
            s_lengths_2[g] = pull_s_lengths_r;
        } else {
            tile[p_1] = 0L;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long acc = 0L;
    for (long j = 0; j < 3; j++) {
        long op_s_offsets_r = quicksort_fused_2_op_s_offsets(acc, tile[l * 3 + j]);
        long c = op_s_offsets_r;
        acc = c;
    }
    vals[l] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    #ifdef __NV_CL_C_VERSION
    {
        const int lane = (int)(l & 31);
        const int warp = (int)(l / 32);
        long incl = vals[l];
        #pragma unroll
        for (int h = 1; h < 32; h *= 2) {
            const int2 w = as_int2(incl);
            int lo, hi;
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo) : "r"(w.x), "r"(h));
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi) : "r"(w.y), "r"(h));
            long sh = as_long((int2)(lo, hi));
            if (lane >= h) {
                long op_s_offsets_r_1 = quicksort_fused_2_op_s_offsets(sh, incl);
                long c_1 = op_s_offsets_r_1;
                incl = c_1;
            }
        }
        if (lane == 31) {
            vals[256 + warp] = incl;
        }
        const int2 w_1 = as_int2(incl);
        int lo_1, hi_1;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_1) : "r"(w_1.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_1) : "r"(w_1.y), "r"(1));
        long sh_1 = as_long((int2)(lo_1, hi_1));
        if (lane == 0) {
            sh_1 = 0L;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        long offset = 0L;
        #pragma unroll
        for (long r = 0; r < 8; r++) {
            if (r < warp) {
                long op_s_offsets_r_2 = quicksort_fused_2_op_s_offsets(offset, vals[256 + r]);
                long c_2 = op_s_offsets_r_2;
                offset = c_2;
            }
        }
        long op_s_offsets_r_3 = quicksort_fused_2_op_s_offsets(offset, sh_1);
        long c_3 = op_s_offsets_r_3;
        offset = c_3;
        if (l < 32) {
            long agg = 0L;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long op_s_offsets_r_4 = quicksort_fused_2_op_s_offsets(agg, vals[256 + r]);
                long c_4 = op_s_offsets_r_4;
                agg = c_4;
            }
            if (lane == 0) {
                vals[305] = agg;
                if (tile_no == 0) {
                    const ulong bits = (ulong)(agg);
                    const ulong tag = (ulong)s_offsets_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag | (bits & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag | (bits >> 32);
                } else {
                    const ulong bits_1 = (ulong)(agg);
                    const ulong tag_1 = (ulong)s_offsets_status_epoch << 32;
                    status[((2 * tile_no + 0) * 1 + 0) * 2] = tag_1 | (bits_1 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 1 + 0) * 2 + 1] = tag_1 | (bits_1 >> 32);
                }
            }
            long prefix = 0L;
            if (tile_no > 0) {
                long at = tile_no - 1;
                for (;;) {
                    const long jt = at - lane;
                    int fl = 0;
                    long win = 0L;
                    if (jt >= 0) {
                        const ulong lo_2 = status[((2 * jt + 1) * 1 + 0) * 2];
                        const ulong hi_2 = status[((2 * jt + 1) * 1 + 0) * 2 + 1];
                        const ulong lo_3 = status[((2 * jt + 0) * 1 + 0) * 2];
                        const ulong hi_3 = status[((2 * jt + 0) * 1 + 0) * 2 + 1];
                        if ((lo_2 >> 32) == s_offsets_status_epoch && (hi_2 >> 32) == s_offsets_status_epoch) {
                            fl = 2;
                            win = (long)((lo_2 & 0xffffffffUL) | ((hi_2 & 0xffffffffUL) << 32));
                        } else {
                            if ((lo_3 >> 32) == s_offsets_status_epoch && (hi_3 >> 32) == s_offsets_status_epoch) {
                                fl = 1;
                                win = (long)((lo_3 & 0xffffffffUL) | ((hi_3 & 0xffffffffUL) << 32));
                            }
                        }
                    }
                    uint prefixes, missing;
                    asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }" : "=r"(prefixes) : "r"((uint)(fl == 2)));
                    asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }" : "=r"(missing) : "r"((uint)(fl == 0)));
                    const uint stops = prefixes | missing;
                    const int first = stops == 0 ? 32 : (int)popcount((stops & (0u - stops)) - 1u);
                    const int found = first < 32 && ((prefixes >> first) & 1u);
                    const int take = first + found;
                    if (take > 0) {
                        if (lane >= take) {
                            win = 0L;
                        }
                        #pragma unroll
                        for (int h_1 = 1; h_1 < 32; h_1 *= 2) {
                            const int2 w_2 = as_int2(win);
                            int lo_4, hi_4;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_4) : "r"(w_2.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_4) : "r"(w_2.y), "r"(h_1));
                            long sh_2 = as_long((int2)(lo_4, hi_4));
                            if (lane + h_1 < 32) {
                                long op_s_offsets_r_5 = quicksort_fused_2_op_s_offsets(sh_2, win);
                                long c_5 = op_s_offsets_r_5;
                                win = c_5;
                            }
                        }
                        long op_s_offsets_r_6 = quicksort_fused_2_op_s_offsets(win, prefix);
                        long c_6 = op_s_offsets_r_6;
                        prefix = c_6;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_1 = prefix;
                    long op_s_offsets_r_7 = quicksort_fused_2_op_s_offsets(incl_1, agg);
                    long c_7 = op_s_offsets_r_7;
                    incl_1 = c_7;
                    const ulong bits_2 = (ulong)(incl_1);
                    const ulong tag_2 = (ulong)s_offsets_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_2 | (bits_2 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_2 | (bits_2 >> 32);
                }
            }
            if (lane == 0) {
                vals[304] = prefix;
            }
        }
        vals[l] = offset;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    #else
    {
        if (l < 16) {
            long row = 0L;
            for (long c_8 = 0; c_8 < 16; c_8++) {
                long op_s_offsets_r_8 = quicksort_fused_2_op_s_offsets(row, vals[l * 16 + c_8]);
                long c_9 = op_s_offsets_r_8;
                row = c_9;
            }
            vals[256 + l] = row;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) {
            long total = 0L;
            for (long r_1 = 0; r_1 < 16; r_1++) {
                long x = vals[256 + r_1];
                vals[256 + r_1] = total;
                long op_s_offsets_r_9 = quicksort_fused_2_op_s_offsets(total, x);
                long c_10 = op_s_offsets_r_9;
                total = c_10;
            }
            vals[305] = total;
            vals[304] = 0L;
            if (tile_no == 0) {
                const ulong bits_3 = (ulong)(total);
                const ulong tag_3 = (ulong)s_offsets_status_epoch << 32;
                status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_3 | (bits_3 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_3 | (bits_3 >> 32);
            } else {
                const ulong bits_4 = (ulong)(total);
                const ulong tag_4 = (ulong)s_offsets_status_epoch << 32;
                status[((2 * tile_no + 0) * 1 + 0) * 2] = tag_4 | (bits_4 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 1 + 0) * 2 + 1] = tag_4 | (bits_4 >> 32);
            }
            flags[33] = tile_no > 0;
            flags[34] = tile_no - 1;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < 16) {
            long row_1 = vals[256 + l];
            for (long c_8 = 0; c_8 < 16; c_8++) {
                long x_1 = vals[l * 16 + c_8];
                vals[l * 16 + c_8] = row_1;
                long op_s_offsets_r_10 = quicksort_fused_2_op_s_offsets(row_1, x_1);
                long c_11 = op_s_offsets_r_10;
                row_1 = c_11;
            }
        }
        for (;;) {
            barrier(CLK_LOCAL_MEM_FENCE);
            if (!flags[33]) break;
            const long at_1 = flags[34];
            if (l < 32) {
                const long jt_1 = at_1 - l;
                long fl_1 = 0;
                if (jt_1 >= 0) {
                    const ulong lo_5 = status[((2 * jt_1 + 1) * 1 + 0) * 2];
                    const ulong hi_5 = status[((2 * jt_1 + 1) * 1 + 0) * 2 + 1];
                    const ulong lo_6 = status[((2 * jt_1 + 0) * 1 + 0) * 2];
                    const ulong hi_6 = status[((2 * jt_1 + 0) * 1 + 0) * 2 + 1];
                    if ((lo_5 >> 32) == s_offsets_status_epoch && (hi_5 >> 32) == s_offsets_status_epoch) {
                        fl_1 = 2;
                        vals[272 + l] = (long)((lo_5 & 0xffffffffUL) | ((hi_5 & 0xffffffffUL) << 32));
                    } else {
                        if ((lo_6 >> 32) == s_offsets_status_epoch && (hi_6 >> 32) == s_offsets_status_epoch) {
                            fl_1 = 1;
                            vals[272 + l] = (long)((lo_6 & 0xffffffffUL) | ((hi_6 & 0xffffffffUL) << 32));
                        }
                    }
                }
                flags[l] = fl_1;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            if (l == 0) {
                long excl = vals[304];
                long more = 1;
                long k = 0;
                for (; k < 32; k++) {
                    if (flags[k] == 0) break;
                    long op_s_offsets_r_11 = quicksort_fused_2_op_s_offsets(vals[272 + k], excl);
                    long c_12 = op_s_offsets_r_11;
                    excl = c_12;
                    if (flags[k] == 2) {
                        more = 0;
                        k++;
                        break;
                    }
                }
                vals[304] = excl;
                flags[33] = more;
                flags[34] = at_1 - k;
                if (!more) {
                    long incl_2 = excl;
                    long op_s_offsets_r_12 = quicksort_fused_2_op_s_offsets(incl_2, vals[305]);
                    long c_13 = op_s_offsets_r_12;
                    incl_2 = c_13;
                    const ulong bits_5 = (ulong)(incl_2);
                    const ulong tag_5 = (ulong)s_offsets_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_5 | (bits_5 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_5 | (bits_5 >> 32);
                }
            }
        }
    }
    #endif
    long off = vals[304];
    long op_s_offsets_r_13 = quicksort_fused_2_op_s_offsets(off, vals[l]);
    long c_14 = op_s_offsets_r_13;
    off = c_14;
    for (long j = 0; j < 3; j++) {
        long x_2 = tile[l * 3 + j];
        tile[l * 3 + j] = off;
        long op_s_offsets_r_14 = quicksort_fused_2_op_s_offsets(off, x_2);
        long c_15 = op_s_offsets_r_14;
        off = c_15;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long j = 0; j < 3; j++) {
        const long p_1 = j * 256 + l;
        const long g = start + p_1;
        if (g < n_then_instances) {
            s_offsets[g] = tile[p_1];
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

static inline long quicksort_fused_3_pull_s_offsets(long i, __global const long* else_instances, __global const long* s_lengths) {
    long q = else_instances[i];
    long s_lengths_1 = s_lengths[q];
    return s_lengths_1;
}

static inline long quicksort_fused_3_op_s_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_3_pull_pivot(long i, __global const long* else_instances, __global const long* s_lengths, __global const long* s_offsets, __global const long* s_elements, __global long* err) {
    long s = else_instances[i];
    long j = nessie_div(s_lengths[s], 2L);
    long len = s_lengths[s];
    if (j < 0L || j >= len) {
        nessie_fail(err, 1, 1, j, len);
        return 0L;
    }
    long k = nessie_add(s_offsets[s], j);
    return s_elements[k];
}

__kernel void quicksort_fused_3_s_offsets(__global int* s_offsets_status, uint s_offsets_status_epoch, uint s_offsets_status_base, long n_else_instances_arg, __global const long* n_else_instances_word, __global const long* else_instances, __global const long* s_lengths_1, __global const long* s_offsets_2, __global const long* s_elements, __global long* s_offsets_13, __global long* pivot, __global long* err) {
    __local long tile[768];
    __local long vals[306];
    __local long flags[35];
    const long n_else_instances = n_else_instances_arg >= 0 ? n_else_instances_arg : clamp(n_else_instances_word[0], 0L, (-1 - n_else_instances_arg) & 0xFFFFFFFFL) + ((-1 - n_else_instances_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(s_offsets_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(s_offsets_status) - s_offsets_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 768;
    for (long j_1 = 0; j_1 < 3; j_1++) {
        const long p_1 = j_1 * 256 + l;
        const long g = start + p_1;
        if (g < n_else_instances) {
            long pull_s_offsets_r = quicksort_fused_3_pull_s_offsets(g, else_instances, s_lengths_1);
            long pull_pivot_r = quicksort_fused_3_pull_pivot(g, else_instances, s_lengths_1, s_offsets_2, s_elements, err);
            tile[p_1] = pull_s_offsets_r;
            pivot[g] = pull_pivot_r;
        } else {
            tile[p_1] = 0L;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long acc = 0L;
    for (long j_1 = 0; j_1 < 3; j_1++) {
        long op_s_offsets_r = quicksort_fused_3_op_s_offsets(acc, tile[l * 3 + j_1]);
        long c = op_s_offsets_r;
        acc = c;
    }
    vals[l] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    #ifdef __NV_CL_C_VERSION
    {
        const int lane = (int)(l & 31);
        const int warp = (int)(l / 32);
        long incl = vals[l];
        #pragma unroll
        for (int h = 1; h < 32; h *= 2) {
            const int2 w = as_int2(incl);
            int lo, hi;
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo) : "r"(w.x), "r"(h));
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi) : "r"(w.y), "r"(h));
            long sh = as_long((int2)(lo, hi));
            if (lane >= h) {
                long op_s_offsets_r_1 = quicksort_fused_3_op_s_offsets(sh, incl);
                long c_1 = op_s_offsets_r_1;
                incl = c_1;
            }
        }
        if (lane == 31) {
            vals[256 + warp] = incl;
        }
        const int2 w_1 = as_int2(incl);
        int lo_1, hi_1;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_1) : "r"(w_1.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_1) : "r"(w_1.y), "r"(1));
        long sh_1 = as_long((int2)(lo_1, hi_1));
        if (lane == 0) {
            sh_1 = 0L;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        long offset = 0L;
        #pragma unroll
        for (long r = 0; r < 8; r++) {
            if (r < warp) {
                long op_s_offsets_r_2 = quicksort_fused_3_op_s_offsets(offset, vals[256 + r]);
                long c_2 = op_s_offsets_r_2;
                offset = c_2;
            }
        }
        long op_s_offsets_r_3 = quicksort_fused_3_op_s_offsets(offset, sh_1);
        long c_3 = op_s_offsets_r_3;
        offset = c_3;
        if (l < 32) {
            long agg = 0L;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long op_s_offsets_r_4 = quicksort_fused_3_op_s_offsets(agg, vals[256 + r]);
                long c_4 = op_s_offsets_r_4;
                agg = c_4;
            }
            if (lane == 0) {
                vals[305] = agg;
                if (tile_no == 0) {
                    const ulong bits = (ulong)(agg);
                    const ulong tag = (ulong)s_offsets_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag | (bits & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag | (bits >> 32);
                } else {
                    const ulong bits_1 = (ulong)(agg);
                    const ulong tag_1 = (ulong)s_offsets_status_epoch << 32;
                    status[((2 * tile_no + 0) * 1 + 0) * 2] = tag_1 | (bits_1 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 1 + 0) * 2 + 1] = tag_1 | (bits_1 >> 32);
                }
            }
            long prefix = 0L;
            if (tile_no > 0) {
                long at = tile_no - 1;
                for (;;) {
                    const long jt = at - lane;
                    int fl = 0;
                    long win = 0L;
                    if (jt >= 0) {
                        const ulong lo_2 = status[((2 * jt + 1) * 1 + 0) * 2];
                        const ulong hi_2 = status[((2 * jt + 1) * 1 + 0) * 2 + 1];
                        const ulong lo_3 = status[((2 * jt + 0) * 1 + 0) * 2];
                        const ulong hi_3 = status[((2 * jt + 0) * 1 + 0) * 2 + 1];
                        if ((lo_2 >> 32) == s_offsets_status_epoch && (hi_2 >> 32) == s_offsets_status_epoch) {
                            fl = 2;
                            win = (long)((lo_2 & 0xffffffffUL) | ((hi_2 & 0xffffffffUL) << 32));
                        } else {
                            if ((lo_3 >> 32) == s_offsets_status_epoch && (hi_3 >> 32) == s_offsets_status_epoch) {
                                fl = 1;
                                win = (long)((lo_3 & 0xffffffffUL) | ((hi_3 & 0xffffffffUL) << 32));
                            }
                        }
                    }
                    uint prefixes, missing;
                    asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }" : "=r"(prefixes) : "r"((uint)(fl == 2)));
                    asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }" : "=r"(missing) : "r"((uint)(fl == 0)));
                    const uint stops = prefixes | missing;
                    const int first = stops == 0 ? 32 : (int)popcount((stops & (0u - stops)) - 1u);
                    const int found = first < 32 && ((prefixes >> first) & 1u);
                    const int take = first + found;
                    if (take > 0) {
                        if (lane >= take) {
                            win = 0L;
                        }
                        #pragma unroll
                        for (int h_1 = 1; h_1 < 32; h_1 *= 2) {
                            const int2 w_2 = as_int2(win);
                            int lo_4, hi_4;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_4) : "r"(w_2.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_4) : "r"(w_2.y), "r"(h_1));
                            long sh_2 = as_long((int2)(lo_4, hi_4));
                            if (lane + h_1 < 32) {
                                long op_s_offsets_r_5 = quicksort_fused_3_op_s_offsets(sh_2, win);
                                long c_5 = op_s_offsets_r_5;
                                win = c_5;
                            }
                        }
                        long op_s_offsets_r_6 = quicksort_fused_3_op_s_offsets(win, prefix);
                        long c_6 = op_s_offsets_r_6;
                        prefix = c_6;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_1 = prefix;
                    long op_s_offsets_r_7 = quicksort_fused_3_op_s_offsets(incl_1, agg);
                    long c_7 = op_s_offsets_r_7;
                    incl_1 = c_7;
                    const ulong bits_2 = (ulong)(incl_1);
                    const ulong tag_2 = (ulong)s_offsets_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_2 | (bits_2 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_2 | (bits_2 >> 32);
                }
            }
            if (lane == 0) {
                vals[304] = prefix;
            }
        }
        vals[l] = offset;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    #else
    {
        if (l < 16) {
            long row = 0L;
            for (long c_8 = 0; c_8 < 16; c_8++) {
                long op_s_offsets_r_8 = quicksort_fused_3_op_s_offsets(row, vals[l * 16 + c_8]);
                long c_9 = op_s_offsets_r_8;
                row = c_9;
            }
            vals[256 + l] = row;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) {
            long total = 0L;
            for (long r_1 = 0; r_1 < 16; r_1++) {
                long x = vals[256 + r_1];
                vals[256 + r_1] = total;
                long op_s_offsets_r_9 = quicksort_fused_3_op_s_offsets(total, x);
                long c_10 = op_s_offsets_r_9;
                total = c_10;
            }
            vals[305] = total;
            vals[304] = 0L;
            if (tile_no == 0) {
                const ulong bits_3 = (ulong)(total);
                const ulong tag_3 = (ulong)s_offsets_status_epoch << 32;
                status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_3 | (bits_3 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_3 | (bits_3 >> 32);
            } else {
                const ulong bits_4 = (ulong)(total);
                const ulong tag_4 = (ulong)s_offsets_status_epoch << 32;
                status[((2 * tile_no + 0) * 1 + 0) * 2] = tag_4 | (bits_4 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 1 + 0) * 2 + 1] = tag_4 | (bits_4 >> 32);
            }
            flags[33] = tile_no > 0;
            flags[34] = tile_no - 1;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < 16) {
            long row_1 = vals[256 + l];
            for (long c_8 = 0; c_8 < 16; c_8++) {
                long x_1 = vals[l * 16 + c_8];
                vals[l * 16 + c_8] = row_1;
                long op_s_offsets_r_10 = quicksort_fused_3_op_s_offsets(row_1, x_1);
                long c_11 = op_s_offsets_r_10;
                row_1 = c_11;
            }
        }
        for (;;) {
            barrier(CLK_LOCAL_MEM_FENCE);
            if (!flags[33]) break;
            const long at_1 = flags[34];
            if (l < 32) {
                const long jt_1 = at_1 - l;
                long fl_1 = 0;
                if (jt_1 >= 0) {
                    const ulong lo_5 = status[((2 * jt_1 + 1) * 1 + 0) * 2];
                    const ulong hi_5 = status[((2 * jt_1 + 1) * 1 + 0) * 2 + 1];
                    const ulong lo_6 = status[((2 * jt_1 + 0) * 1 + 0) * 2];
                    const ulong hi_6 = status[((2 * jt_1 + 0) * 1 + 0) * 2 + 1];
                    if ((lo_5 >> 32) == s_offsets_status_epoch && (hi_5 >> 32) == s_offsets_status_epoch) {
                        fl_1 = 2;
                        vals[272 + l] = (long)((lo_5 & 0xffffffffUL) | ((hi_5 & 0xffffffffUL) << 32));
                    } else {
                        if ((lo_6 >> 32) == s_offsets_status_epoch && (hi_6 >> 32) == s_offsets_status_epoch) {
                            fl_1 = 1;
                            vals[272 + l] = (long)((lo_6 & 0xffffffffUL) | ((hi_6 & 0xffffffffUL) << 32));
                        }
                    }
                }
                flags[l] = fl_1;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            if (l == 0) {
                long excl = vals[304];
                long more = 1;
                long k_1 = 0;
                for (; k_1 < 32; k_1++) {
                    if (flags[k_1] == 0) break;
                    long op_s_offsets_r_11 = quicksort_fused_3_op_s_offsets(vals[272 + k_1], excl);
                    long c_12 = op_s_offsets_r_11;
                    excl = c_12;
                    if (flags[k_1] == 2) {
                        more = 0;
                        k_1++;
                        break;
                    }
                }
                vals[304] = excl;
                flags[33] = more;
                flags[34] = at_1 - k_1;
                if (!more) {
                    long incl_2 = excl;
                    long op_s_offsets_r_12 = quicksort_fused_3_op_s_offsets(incl_2, vals[305]);
                    long c_13 = op_s_offsets_r_12;
                    incl_2 = c_13;
                    const ulong bits_5 = (ulong)(incl_2);
                    const ulong tag_5 = (ulong)s_offsets_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_5 | (bits_5 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_5 | (bits_5 >> 32);
                }
            }
        }
    }
    #endif
    long off = vals[304];
    long op_s_offsets_r_13 = quicksort_fused_3_op_s_offsets(off, vals[l]);
    long c_14 = op_s_offsets_r_13;
    off = c_14;
    for (long j_1 = 0; j_1 < 3; j_1++) {
        long x_2 = tile[l * 3 + j_1];
        tile[l * 3 + j_1] = off;
        long op_s_offsets_r_14 = quicksort_fused_3_op_s_offsets(off, x_2);
        long c_15 = op_s_offsets_r_14;
        off = c_15;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long j_1 = 0; j_1 < 3; j_1++) {
        const long p_1 = j_1 * 256 + l;
        const long g = start + p_1;
        if (g < n_else_instances) {
            s_offsets_13[g] = tile[p_1];
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

static inline void quicksort_fused_4_pull_lesser_elements(long i, __global const long* s_offsets, long s_offsets_len, __global const long* then_instances, __global const long* s_offsets_1, __global const long* s_elements, long* r0, long* r1) {
    long segment = nessie_segment_of(s_offsets, s_offsets_len, i);
    long s = segment;
    long r = then_instances[s];
    long q = nessie_add(s_offsets_1[r], nessie_sub(i, s_offsets[s]));
    long s_elements_1 = s_elements[q];
    *r0 = s_elements_1;
    *r1 = s;
}

static inline long quicksort_fused_4_keep_lesser_elements(long x, long s_p, __global const long* pivot) {
    return x < pivot[s_p] ? 1L : 0L;
}

static inline long quicksort_fused_4_keep_lesser_elements_1(long x, long s_p, __global const long* pivot) {
    return x == pivot[s_p] ? 1L : 0L;
}

static inline long quicksort_fused_4_keep_lesser_elements_2(long x, long s_p, __global const long* pivot) {
    return x > pivot[s_p] ? 1L : 0L;
}

__kernel void quicksort_fused_4_lesser_elements(__global int* lesser_elements_status, uint lesser_elements_status_epoch, uint lesser_elements_status_base, long total_1_arg, __global const long* total_1_word, __global const long* s_offsets_0, long n_s_offsets_arg, __global const long* n_s_offsets_word, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_elements_3, __global const long* pivot, long lookback_tiles, __global long* lesser_elements_kept_86, __global long* lesser_elements_kept_87, __global long* lesser_elements_kept_88, __global long* lesser_offsets_16, __global long* lesser_offsets_25, __global long* lesser_offsets_34, __global long* lesser_elements_15, __global long* lesser_elements_24, __global long* lesser_elements_33) {
    __local long tile[1792];
    __local long tile_1[1792];
    __local long vals[306];
    __local long vals_1[306];
    __local long vals_2[306];
    __local long flags[35];
    __local uint masks[256];
    __local uint masks_1[256];
    __local uint masks_2[256];
    __local long range[4];
    const long total_1 = total_1_arg >= 0 ? total_1_arg : clamp(total_1_word[0], 0L, (-1 - total_1_arg) & 0xFFFFFFFFL) + ((-1 - total_1_arg) >> 32);
    const long n_s_offsets = n_s_offsets_arg >= 0 ? n_s_offsets_arg : clamp(n_s_offsets_word[0], 0L, (-1 - n_s_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_s_offsets_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(lesser_elements_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(lesser_elements_status) - lesser_elements_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 1792;
    masks[l] = 0;
    masks_1[l] = 0;
    masks_2[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long j = 0; j < 7; j++) {
        const long p_1 = j * 256 + l;
        const long g = start + p_1;
        if (g < total_1) {
            long pull_lesser_elements_r;
            long pull_lesser_elements_r_1;
            quicksort_fused_4_pull_lesser_elements(g, s_offsets_0, n_s_offsets, then_instances, s_offsets_2, s_elements_3, &pull_lesser_elements_r, &pull_lesser_elements_r_1);
            const long x = pull_lesser_elements_r;
            const long x_1 = pull_lesser_elements_r_1;
            long keep_lesser_elements_r = quicksort_fused_4_keep_lesser_elements(x, x_1, pivot);
            long keep_lesser_elements_1_r = quicksort_fused_4_keep_lesser_elements_1(x, x_1, pivot);
            long keep_lesser_elements_2_r = quicksort_fused_4_keep_lesser_elements_2(x, x_1, pivot);
            tile[p_1] = x;
            if (keep_lesser_elements_r != 0) {
                atomic_or(&masks[p_1 / 7], 1u << (p_1 % 7));
            }
            if (keep_lesser_elements_1_r != 0) {
                atomic_or(&masks_1[p_1 / 7], 1u << (p_1 % 7));
            }
            if (keep_lesser_elements_2_r != 0) {
                atomic_or(&masks_2[p_1 / 7], 1u << (p_1 % 7));
            }
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint mask = masks[l];
    vals[l] = (long)popcount(mask);
    const uint mask_1 = masks_1[l];
    vals_1[l] = (long)popcount(mask_1);
    const uint mask_2 = masks_2[l];
    vals_2[l] = (long)popcount(mask_2);
    barrier(CLK_LOCAL_MEM_FENCE);
    #ifdef __NV_CL_C_VERSION
    {
        const int lane = (int)(l & 31);
        const int warp = (int)(l / 32);
        long incl = vals[l];
        long incl_1 = vals_1[l];
        long incl_2 = vals_2[l];
        #pragma unroll
        for (int h = 1; h < 32; h *= 2) {
            const int2 w = as_int2(incl);
            int lo, hi;
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo) : "r"(w.x), "r"(h));
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi) : "r"(w.y), "r"(h));
            long sh = as_long((int2)(lo, hi));
            const int2 w_1 = as_int2(incl_1);
            int lo_1, hi_1;
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_1) : "r"(w_1.x), "r"(h));
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_1) : "r"(w_1.y), "r"(h));
            long sh_1 = as_long((int2)(lo_1, hi_1));
            const int2 w_2 = as_int2(incl_2);
            int lo_2, hi_2;
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_2) : "r"(w_2.x), "r"(h));
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_2) : "r"(w_2.y), "r"(h));
            long sh_2 = as_long((int2)(lo_2, hi_2));
            if (lane >= h) {
                long c = (sh) + (incl);
                long c_1 = (sh_1) + (incl_1);
                long c_2 = (sh_2) + (incl_2);
                incl = c;
                incl_1 = c_1;
                incl_2 = c_2;
            }
        }
        if (lane == 31) {
            vals[256 + warp] = incl;
            vals_1[256 + warp] = incl_1;
            vals_2[256 + warp] = incl_2;
        }
        const int2 w_3 = as_int2(incl);
        int lo_3, hi_3;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_3) : "r"(w_3.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_3) : "r"(w_3.y), "r"(1));
        long sh_3 = as_long((int2)(lo_3, hi_3));
        const int2 w_4 = as_int2(incl_1);
        int lo_4, hi_4;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_4) : "r"(w_4.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_4) : "r"(w_4.y), "r"(1));
        long sh_4 = as_long((int2)(lo_4, hi_4));
        const int2 w_5 = as_int2(incl_2);
        int lo_5, hi_5;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_5) : "r"(w_5.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_5) : "r"(w_5.y), "r"(1));
        long sh_5 = as_long((int2)(lo_5, hi_5));
        if (lane == 0) {
            sh_3 = 0;
            sh_4 = 0;
            sh_5 = 0;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        long offset = 0;
        long offset_1 = 0;
        long offset_2 = 0;
        #pragma unroll
        for (long r = 0; r < 8; r++) {
            if (r < warp) {
                long c_3 = (offset) + (vals[256 + r]);
                long c_4 = (offset_1) + (vals_1[256 + r]);
                long c_5 = (offset_2) + (vals_2[256 + r]);
                offset = c_3;
                offset_1 = c_4;
                offset_2 = c_5;
            }
        }
        long c_6 = (offset) + (sh_3);
        long c_7 = (offset_1) + (sh_4);
        long c_8 = (offset_2) + (sh_5);
        offset = c_6;
        offset_1 = c_7;
        offset_2 = c_8;
        if (l < 32) {
            long agg = 0;
            long agg_1 = 0;
            long agg_2 = 0;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long c_9 = (agg) + (vals[256 + r]);
                long c_10 = (agg_1) + (vals_1[256 + r]);
                long c_11 = (agg_2) + (vals_2[256 + r]);
                agg = c_9;
                agg_1 = c_10;
                agg_2 = c_11;
            }
            if (lane == 0) {
                vals[305] = agg;
                vals_1[305] = agg_1;
                vals_2[305] = agg_2;
                if (tile_no == 0) {
                    const ulong bits = (ulong)(agg);
                    const ulong tag = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 0) * 2] = tag | (bits & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 0) * 2 + 1] = tag | (bits >> 32);
                    const ulong bits_1 = (ulong)(agg_1);
                    const ulong tag_1 = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 1) * 2] = tag_1 | (bits_1 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 1) * 2 + 1] = tag_1 | (bits_1 >> 32);
                    const ulong bits_2 = (ulong)(agg_2);
                    const ulong tag_2 = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 2) * 2] = tag_2 | (bits_2 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 2) * 2 + 1] = tag_2 | (bits_2 >> 32);
                } else {
                    const ulong bits_3 = (ulong)(agg);
                    const ulong tag_3 = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 0) * 3 + 0) * 2] = tag_3 | (bits_3 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 3 + 0) * 2 + 1] = tag_3 | (bits_3 >> 32);
                    const ulong bits_4 = (ulong)(agg_1);
                    const ulong tag_4 = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 0) * 3 + 1) * 2] = tag_4 | (bits_4 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 3 + 1) * 2 + 1] = tag_4 | (bits_4 >> 32);
                    const ulong bits_5 = (ulong)(agg_2);
                    const ulong tag_5 = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 0) * 3 + 2) * 2] = tag_5 | (bits_5 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 3 + 2) * 2 + 1] = tag_5 | (bits_5 >> 32);
                }
            }
            long prefix = 0;
            long prefix_1 = 0;
            long prefix_2 = 0;
            if (tile_no > 0) {
                long at = tile_no - 1;
                for (;;) {
                    const long jt = at - lane;
                    int fl = 0;
                    long win = 0;
                    long win_1 = 0;
                    long win_2 = 0;
                    if (jt >= 0) {
                        const ulong lo_6 = status[((2 * jt + 1) * 3 + 0) * 2];
                        const ulong hi_6 = status[((2 * jt + 1) * 3 + 0) * 2 + 1];
                        const ulong lo_7 = status[((2 * jt + 1) * 3 + 1) * 2];
                        const ulong hi_7 = status[((2 * jt + 1) * 3 + 1) * 2 + 1];
                        const ulong lo_8 = status[((2 * jt + 1) * 3 + 2) * 2];
                        const ulong hi_8 = status[((2 * jt + 1) * 3 + 2) * 2 + 1];
                        if ((lo_6 >> 32) == lesser_elements_status_epoch && (hi_6 >> 32) == lesser_elements_status_epoch && (lo_7 >> 32) == lesser_elements_status_epoch && (hi_7 >> 32) == lesser_elements_status_epoch && (lo_8 >> 32) == lesser_elements_status_epoch && (hi_8 >> 32) == lesser_elements_status_epoch) {
                            fl = 2;
                            win = (long)((lo_6 & 0xffffffffUL) | ((hi_6 & 0xffffffffUL) << 32));
                            win_1 = (long)((lo_7 & 0xffffffffUL) | ((hi_7 & 0xffffffffUL) << 32));
                            win_2 = (long)((lo_8 & 0xffffffffUL) | ((hi_8 & 0xffffffffUL) << 32));
                        }
                        if (fl == 0) {
                            const ulong lo_9 = status[((2 * jt + 0) * 3 + 0) * 2];
                            const ulong hi_9 = status[((2 * jt + 0) * 3 + 0) * 2 + 1];
                            const ulong lo_10 = status[((2 * jt + 0) * 3 + 1) * 2];
                            const ulong hi_10 = status[((2 * jt + 0) * 3 + 1) * 2 + 1];
                            const ulong lo_11 = status[((2 * jt + 0) * 3 + 2) * 2];
                            const ulong hi_11 = status[((2 * jt + 0) * 3 + 2) * 2 + 1];
                            if ((lo_9 >> 32) == lesser_elements_status_epoch && (hi_9 >> 32) == lesser_elements_status_epoch && (lo_10 >> 32) == lesser_elements_status_epoch && (hi_10 >> 32) == lesser_elements_status_epoch && (lo_11 >> 32) == lesser_elements_status_epoch && (hi_11 >> 32) == lesser_elements_status_epoch) {
                                fl = 1;
                                win = (long)((lo_9 & 0xffffffffUL) | ((hi_9 & 0xffffffffUL) << 32));
                                win_1 = (long)((lo_10 & 0xffffffffUL) | ((hi_10 & 0xffffffffUL) << 32));
                                win_2 = (long)((lo_11 & 0xffffffffUL) | ((hi_11 & 0xffffffffUL) << 32));
                            }
                        }
                    }
                    uint prefixes, missing;
                    asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }" : "=r"(prefixes) : "r"((uint)(fl == 2)));
                    asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }" : "=r"(missing) : "r"((uint)(fl == 0)));
                    const uint stops = prefixes | missing;
                    const int first = stops == 0 ? 32 : (int)popcount((stops & (0u - stops)) - 1u);
                    const int found = first < 32 && ((prefixes >> first) & 1u);
                    const int take = first + found;
                    if (take > 0) {
                        if (lane >= take) {
                            win = 0;
                            win_1 = 0;
                            win_2 = 0;
                        }
                        #pragma unroll
                        for (int h_1 = 1; h_1 < 32; h_1 *= 2) {
                            const int2 w_6 = as_int2(win);
                            int lo_12, hi_12;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_12) : "r"(w_6.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_12) : "r"(w_6.y), "r"(h_1));
                            long sh_6 = as_long((int2)(lo_12, hi_12));
                            const int2 w_7 = as_int2(win_1);
                            int lo_13, hi_13;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_13) : "r"(w_7.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_13) : "r"(w_7.y), "r"(h_1));
                            long sh_7 = as_long((int2)(lo_13, hi_13));
                            const int2 w_8 = as_int2(win_2);
                            int lo_14, hi_14;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_14) : "r"(w_8.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_14) : "r"(w_8.y), "r"(h_1));
                            long sh_8 = as_long((int2)(lo_14, hi_14));
                            if (lane + h_1 < 32) {
                                long c_12 = (sh_6) + (win);
                                long c_13 = (sh_7) + (win_1);
                                long c_14 = (sh_8) + (win_2);
                                win = c_12;
                                win_1 = c_13;
                                win_2 = c_14;
                            }
                        }
                        long c_15 = (win) + (prefix);
                        long c_16 = (win_1) + (prefix_1);
                        long c_17 = (win_2) + (prefix_2);
                        prefix = c_15;
                        prefix_1 = c_16;
                        prefix_2 = c_17;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_3 = prefix;
                    long incl_4 = prefix_1;
                    long incl_5 = prefix_2;
                    long c_18 = (incl_3) + (agg);
                    long c_19 = (incl_4) + (agg_1);
                    long c_20 = (incl_5) + (agg_2);
                    incl_3 = c_18;
                    incl_4 = c_19;
                    incl_5 = c_20;
                    const ulong bits_6 = (ulong)(incl_3);
                    const ulong tag_6 = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 0) * 2] = tag_6 | (bits_6 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 0) * 2 + 1] = tag_6 | (bits_6 >> 32);
                    const ulong bits_7 = (ulong)(incl_4);
                    const ulong tag_7 = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 1) * 2] = tag_7 | (bits_7 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 1) * 2 + 1] = tag_7 | (bits_7 >> 32);
                    const ulong bits_8 = (ulong)(incl_5);
                    const ulong tag_8 = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 2) * 2] = tag_8 | (bits_8 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 2) * 2 + 1] = tag_8 | (bits_8 >> 32);
                }
            }
            if (lane == 0) {
                vals[304] = prefix;
                vals_1[304] = prefix_1;
                vals_2[304] = prefix_2;
            }
        }
        vals[l] = offset;
        vals_1[l] = offset_1;
        vals_2[l] = offset_2;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    #else
    {
        if (l < 16) {
            long row = 0;
            long row_1 = 0;
            long row_2 = 0;
            for (long c_21 = 0; c_21 < 16; c_21++) {
                long c_22 = (row) + (vals[l * 16 + c_21]);
                long c_23 = (row_1) + (vals_1[l * 16 + c_21]);
                long c_24 = (row_2) + (vals_2[l * 16 + c_21]);
                row = c_22;
                row_1 = c_23;
                row_2 = c_24;
            }
            vals[256 + l] = row;
            vals_1[256 + l] = row_1;
            vals_2[256 + l] = row_2;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) {
            long total_2 = 0;
            long total_3 = 0;
            long total_4 = 0;
            for (long r_1 = 0; r_1 < 16; r_1++) {
                long x_2 = vals[256 + r_1];
                long x_3 = vals_1[256 + r_1];
                long x_4 = vals_2[256 + r_1];
                long c_25 = (total_2) + (x_2);
                long c_26 = (total_3) + (x_3);
                long c_27 = (total_4) + (x_4);
                total_2 = c_25;
                total_3 = c_26;
                total_4 = c_27;
            }
            vals[305] = total_2;
            vals_1[305] = total_3;
            vals_2[305] = total_4;
            vals[304] = 0;
            vals_1[304] = 0;
            vals_2[304] = 0;
            if (tile_no == 0) {
                const ulong bits_9 = (ulong)(total_2);
                const ulong tag_9 = (ulong)lesser_elements_status_epoch << 32;
                status[((2 * tile_no + 1) * 3 + 0) * 2] = tag_9 | (bits_9 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 3 + 0) * 2 + 1] = tag_9 | (bits_9 >> 32);
                const ulong bits_10 = (ulong)(total_3);
                const ulong tag_10 = (ulong)lesser_elements_status_epoch << 32;
                status[((2 * tile_no + 1) * 3 + 1) * 2] = tag_10 | (bits_10 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 3 + 1) * 2 + 1] = tag_10 | (bits_10 >> 32);
                const ulong bits_11 = (ulong)(total_4);
                const ulong tag_11 = (ulong)lesser_elements_status_epoch << 32;
                status[((2 * tile_no + 1) * 3 + 2) * 2] = tag_11 | (bits_11 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 3 + 2) * 2 + 1] = tag_11 | (bits_11 >> 32);
            } else {
                const ulong bits_12 = (ulong)(total_2);
                const ulong tag_12 = (ulong)lesser_elements_status_epoch << 32;
                status[((2 * tile_no + 0) * 3 + 0) * 2] = tag_12 | (bits_12 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 3 + 0) * 2 + 1] = tag_12 | (bits_12 >> 32);
                const ulong bits_13 = (ulong)(total_3);
                const ulong tag_13 = (ulong)lesser_elements_status_epoch << 32;
                status[((2 * tile_no + 0) * 3 + 1) * 2] = tag_13 | (bits_13 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 3 + 1) * 2 + 1] = tag_13 | (bits_13 >> 32);
                const ulong bits_14 = (ulong)(total_4);
                const ulong tag_14 = (ulong)lesser_elements_status_epoch << 32;
                status[((2 * tile_no + 0) * 3 + 2) * 2] = tag_14 | (bits_14 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 3 + 2) * 2 + 1] = tag_14 | (bits_14 >> 32);
            }
            flags[33] = tile_no > 0;
            flags[34] = tile_no - 1;
        }
        long excl = 0;
        long excl_1 = 0;
        long excl_2 = 0;
        const long my_row = l / 16;
        const long my_col = l - my_row * 16;
        #pragma unroll
        for (long r_1 = 0; r_1 < 16; r_1++) {
            if (r_1 < my_row) {
                long c_28 = (excl) + (vals[256 + r_1]);
                long c_29 = (excl_1) + (vals_1[256 + r_1]);
                long c_30 = (excl_2) + (vals_2[256 + r_1]);
                excl = c_28;
                excl_1 = c_29;
                excl_2 = c_30;
            }
        }
        #pragma unroll
        for (long c_21 = 0; c_21 < 16; c_21++) {
            if (c_21 < my_col) {
                long c_31 = (excl) + (vals[my_row * 16 + c_21]);
                long c_32 = (excl_1) + (vals_1[my_row * 16 + c_21]);
                long c_33 = (excl_2) + (vals_2[my_row * 16 + c_21]);
                excl = c_31;
                excl_1 = c_32;
                excl_2 = c_33;
            }
        }
        for (;;) {
            barrier(CLK_LOCAL_MEM_FENCE);
            if (!flags[33]) break;
            const long at_1 = flags[34];
            if (l < 32) {
                const long jt_1 = at_1 - l;
                long fl_1 = 0;
                if (jt_1 >= 0) {
                    const ulong lo_15 = status[((2 * jt_1 + 1) * 3 + 0) * 2];
                    const ulong hi_15 = status[((2 * jt_1 + 1) * 3 + 0) * 2 + 1];
                    const ulong lo_16 = status[((2 * jt_1 + 1) * 3 + 1) * 2];
                    const ulong hi_16 = status[((2 * jt_1 + 1) * 3 + 1) * 2 + 1];
                    const ulong lo_17 = status[((2 * jt_1 + 1) * 3 + 2) * 2];
                    const ulong hi_17 = status[((2 * jt_1 + 1) * 3 + 2) * 2 + 1];
                    if ((lo_15 >> 32) == lesser_elements_status_epoch && (hi_15 >> 32) == lesser_elements_status_epoch && (lo_16 >> 32) == lesser_elements_status_epoch && (hi_16 >> 32) == lesser_elements_status_epoch && (lo_17 >> 32) == lesser_elements_status_epoch && (hi_17 >> 32) == lesser_elements_status_epoch) {
                        fl_1 = 2;
                        vals[272 + l] = (long)((lo_15 & 0xffffffffUL) | ((hi_15 & 0xffffffffUL) << 32));
                        vals_1[272 + l] = (long)((lo_16 & 0xffffffffUL) | ((hi_16 & 0xffffffffUL) << 32));
                        vals_2[272 + l] = (long)((lo_17 & 0xffffffffUL) | ((hi_17 & 0xffffffffUL) << 32));
                    }
                    if (fl_1 == 0) {
                        const ulong lo_18 = status[((2 * jt_1 + 0) * 3 + 0) * 2];
                        const ulong hi_18 = status[((2 * jt_1 + 0) * 3 + 0) * 2 + 1];
                        const ulong lo_19 = status[((2 * jt_1 + 0) * 3 + 1) * 2];
                        const ulong hi_19 = status[((2 * jt_1 + 0) * 3 + 1) * 2 + 1];
                        const ulong lo_20 = status[((2 * jt_1 + 0) * 3 + 2) * 2];
                        const ulong hi_20 = status[((2 * jt_1 + 0) * 3 + 2) * 2 + 1];
                        if ((lo_18 >> 32) == lesser_elements_status_epoch && (hi_18 >> 32) == lesser_elements_status_epoch && (lo_19 >> 32) == lesser_elements_status_epoch && (hi_19 >> 32) == lesser_elements_status_epoch && (lo_20 >> 32) == lesser_elements_status_epoch && (hi_20 >> 32) == lesser_elements_status_epoch) {
                            fl_1 = 1;
                            vals[272 + l] = (long)((lo_18 & 0xffffffffUL) | ((hi_18 & 0xffffffffUL) << 32));
                            vals_1[272 + l] = (long)((lo_19 & 0xffffffffUL) | ((hi_19 & 0xffffffffUL) << 32));
                            vals_2[272 + l] = (long)((lo_20 & 0xffffffffUL) | ((hi_20 & 0xffffffffUL) << 32));
                        }
                    }
                }
                flags[l] = fl_1;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            if (l == 0) {
                long excl_3 = vals[304];
                long excl_4 = vals_1[304];
                long excl_5 = vals_2[304];
                long more = 1;
                long k = 0;
                for (; k < 32; k++) {
                    if (flags[k] == 0) break;
                    long c_34 = (vals[272 + k]) + (excl_3);
                    long c_35 = (vals_1[272 + k]) + (excl_4);
                    long c_36 = (vals_2[272 + k]) + (excl_5);
                    excl_3 = c_34;
                    excl_4 = c_35;
                    excl_5 = c_36;
                    if (flags[k] == 2) {
                        more = 0;
                        k++;
                        break;
                    }
                }
                vals[304] = excl_3;
                vals_1[304] = excl_4;
                vals_2[304] = excl_5;
                flags[33] = more;
                flags[34] = at_1 - k;
                if (!more) {
                    long incl_6 = excl_3;
                    long incl_7 = excl_4;
                    long incl_8 = excl_5;
                    long c_37 = (incl_6) + (vals[305]);
                    long c_38 = (incl_7) + (vals_1[305]);
                    long c_39 = (incl_8) + (vals_2[305]);
                    incl_6 = c_37;
                    incl_7 = c_38;
                    incl_8 = c_39;
                    const ulong bits_15 = (ulong)(incl_6);
                    const ulong tag_15 = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 0) * 2] = tag_15 | (bits_15 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 0) * 2 + 1] = tag_15 | (bits_15 >> 32);
                    const ulong bits_16 = (ulong)(incl_7);
                    const ulong tag_16 = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 1) * 2] = tag_16 | (bits_16 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 1) * 2 + 1] = tag_16 | (bits_16 >> 32);
                    const ulong bits_17 = (ulong)(incl_8);
                    const ulong tag_17 = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 2) * 2] = tag_17 | (bits_17 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 2) * 2 + 1] = tag_17 | (bits_17 >> 32);
                }
            }
        }
        vals[l] = excl;
        vals_1[l] = excl_1;
        vals_2[l] = excl_2;
    }
    #endif
    vals[l] = (vals[l] << 32) | mask;
    vals_1[l] = (vals_1[l] << 32) | mask_1;
    vals_2[l] = (vals_2[l] << 32) | mask_2;
    barrier(CLK_LOCAL_MEM_FENCE);
    const long base = vals[304];
    const long base_1 = vals_1[304];
    const long base_2 = vals_2[304];
    #pragma unroll
    for (long j = 0; j < 7; j++) {
        const long p_1 = j * 256 + l;
        const long owner = p_1 / 7;
        const uint bit = (uint)(p_1 - owner * 7);
        const long packed = vals[owner];
        const uint kmask = (uint)packed;
        if ((kmask >> bit) & 1u) {
            lesser_elements_15[base + (packed >> 32) + (long)popcount(kmask & ((1u << bit) - 1u))] = tile[p_1];
        }
        const long packed_1 = vals_1[owner];
        const uint kmask_1 = (uint)packed_1;
        if ((kmask_1 >> bit) & 1u) {
            lesser_elements_24[base_1 + (packed_1 >> 32) + (long)popcount(kmask_1 & ((1u << bit) - 1u))] = tile[p_1];
        }
        const long packed_2 = vals_2[owner];
        const uint kmask_2 = (uint)packed_2;
        if ((kmask_2 >> bit) & 1u) {
            lesser_elements_33[base_2 + (packed_2 >> 32) + (long)popcount(kmask_2 & ((1u << bit) - 1u))] = tile[p_1];
        }
    }
    if (l == 0 && tile_no == lookback_tiles - 1) {
        lesser_elements_kept_86[0] = base + vals[305];
        lesser_elements_kept_87[0] = base_1 + vals_1[305];
        lesser_elements_kept_88[0] = base_2 + vals_2[305];
    }
    {
        const long lo_21 = 0, hi_21 = n_s_offsets;
        const long step = (hi_21 - lo_21 + 256 - 1) / 256;
        const long p_2 = lo_21 + l * step;
        if (lo_21 < hi_21) {
            if (p_2 < hi_21 && s_offsets_0[p_2] < start) {
                const long r_2 = p_2 + step;
                if (r_2 >= hi_21 || s_offsets_0[r_2] >= start) {
                    range[0] = p_2 + 1;
                    range[1] = min(r_2, hi_21);
                }
            }
            if (l == 0 && s_offsets_0[lo_21] >= start) {
                range[0] = lo_21;
                range[1] = lo_21;
            }
        } else if (l == 0) {
            range[0] = lo_21;
            range[1] = hi_21;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    {
        const long lo_22 = range[0], hi_22 = range[1];
        const long step_1 = (hi_22 - lo_22 + 256 - 1) / 256;
        const long p_3 = lo_22 + l * step_1;
        if (lo_22 < hi_22) {
            if (p_3 < hi_22 && s_offsets_0[p_3] < start) {
                const long r_3 = p_3 + step_1;
                if (r_3 >= hi_22 || s_offsets_0[r_3] >= start) {
                    range[2] = p_3 + 1;
                    range[3] = min(r_3, hi_22);
                }
            }
            if (l == 0 && s_offsets_0[lo_22] >= start) {
                range[2] = lo_22;
                range[3] = lo_22;
            }
        } else if (l == 0) {
            range[2] = lo_22;
            range[3] = hi_22;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long a = range[2], b = range[3];
    while (a < b) {
        const long mid = a + (b - a) / 2;
        if (s_offsets_0[mid] < start) a = mid + 1; else b = mid;
    }
    for (long s = a + l; s < n_s_offsets && (tile_no == lookback_tiles - 1 || s_offsets_0[s] < start + 1792); s += 256) {
        const long q = min(s_offsets_0[s], (long)(total_1)) - start;
        const long owner_1 = min(q, (long)1792 - 1) / 7;
        const uint bit_1 = (uint)(q - owner_1 * 7);
        const long packed_3 = vals[owner_1];
        lesser_offsets_16[s] = q >= 1792 ? base + vals[305] : base + (packed_3 >> 32) + (long)popcount((uint)packed_3 & ((1u << bit_1) - 1u));
        const long packed_4 = vals_1[owner_1];
        lesser_offsets_25[s] = q >= 1792 ? base_1 + vals_1[305] : base_1 + (packed_4 >> 32) + (long)popcount((uint)packed_4 & ((1u << bit_1) - 1u));
        const long packed_5 = vals_2[owner_1];
        lesser_offsets_34[s] = q >= 1792 ? base_2 + vals_2[305] : base_2 + (packed_5 >> 32) + (long)popcount((uint)packed_5 & ((1u << bit_1) - 1u));
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

static inline long quicksort_fused_5_pull_s_offsets(long i, __global const long* lesser_offsets, long lesser_offsets_len, long lesser_elements_len, __global const long* lesser_offsets_1, long lesser_offsets_1_len, long lesser_elements_len_1) {
    long c = nessie_rem(i, 2L);
    long q = nessie_div(i, 2L);
    long t;
    if (c == 0L) {
        long s = q;
        t = nessie_sub(nessie_add(s, 1L) < lesser_offsets_len ? lesser_offsets[nessie_add(s, 1L)] : lesser_elements_len, lesser_offsets[s]);
    } else {
        long s_1 = q;
        t = nessie_sub(nessie_add(s_1, 1L) < lesser_offsets_1_len ? lesser_offsets_1[nessie_add(s_1, 1L)] : lesser_elements_len_1, lesser_offsets_1[s_1]);
    }
    long v_lengths = t;
    return v_lengths;
}

static inline long quicksort_fused_5_op_s_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_5_pull_v_lengths(long p, __global const long* lesser_offsets, long lesser_offsets_len, long lesser_elements_len, __global const long* lesser_offsets_1, long lesser_offsets_1_len, long lesser_elements_len_1) {
    long c = nessie_rem(p, 2L);
    long q = nessie_div(p, 2L);
    long t;
    if (c == 0L) {
        long s = q;
        t = nessie_sub(nessie_add(s, 1L) < lesser_offsets_len ? lesser_offsets[nessie_add(s, 1L)] : lesser_elements_len, lesser_offsets[s]);
    } else {
        long s_1 = q;
        t = nessie_sub(nessie_add(s_1, 1L) < lesser_offsets_1_len ? lesser_offsets_1[nessie_add(s_1, 1L)] : lesser_elements_len_1, lesser_offsets_1[s_1]);
    }
    return t;
}

__kernel void quicksort_fused_5_s_offsets(__global int* s_offsets_status, uint s_offsets_status_epoch, uint s_offsets_status_base, long t_1_arg, __global const long* t_1_word, __global const long* lesser_offsets_0, long n_lesser_offsets_arg, __global const long* n_lesser_offsets_word, long n_lesser_elements_arg, __global const long* n_lesser_elements_word, __global const long* lesser_offsets_4, long n_lesser_offsets_1_arg, __global const long* n_lesser_offsets_1_word, long n_lesser_elements_1_arg, __global const long* n_lesser_elements_1_word, __global long* s_offsets, __global long* v_lengths_9) {
    __local long tile[4864];
    __local long vals[306];
    __local long flags[35];
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long n_lesser_offsets = n_lesser_offsets_arg >= 0 ? n_lesser_offsets_arg : clamp(n_lesser_offsets_word[0], 0L, (-1 - n_lesser_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_lesser_offsets_arg) >> 32);
    const long n_lesser_elements = n_lesser_elements_arg >= 0 ? n_lesser_elements_arg : clamp(n_lesser_elements_word[0], 0L, (-1 - n_lesser_elements_arg) & 0xFFFFFFFFL) + ((-1 - n_lesser_elements_arg) >> 32);
    const long n_lesser_offsets_1 = n_lesser_offsets_1_arg >= 0 ? n_lesser_offsets_1_arg : clamp(n_lesser_offsets_1_word[0], 0L, (-1 - n_lesser_offsets_1_arg) & 0xFFFFFFFFL) + ((-1 - n_lesser_offsets_1_arg) >> 32);
    const long n_lesser_elements_1 = n_lesser_elements_1_arg >= 0 ? n_lesser_elements_1_arg : clamp(n_lesser_elements_1_word[0], 0L, (-1 - n_lesser_elements_1_arg) & 0xFFFFFFFFL) + ((-1 - n_lesser_elements_1_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(s_offsets_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(s_offsets_status) - s_offsets_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 4864;
    for (long j = 0; j < 19; j++) {
        const long p_1 = j * 256 + l;
        const long g = start + p_1;
        if (g < t_1) {
            long pull_s_offsets_r = quicksort_fused_5_pull_s_offsets(g, lesser_offsets_0, n_lesser_offsets, n_lesser_elements, lesser_offsets_4, n_lesser_offsets_1, n_lesser_elements_1);
            long pull_v_lengths_r = quicksort_fused_5_pull_v_lengths(g, lesser_offsets_0, n_lesser_offsets, n_lesser_elements, lesser_offsets_4, n_lesser_offsets_1, n_lesser_elements_1);
            tile[p_1] = pull_s_offsets_r;
            v_lengths_9[g] = pull_v_lengths_r;
        } else {
            tile[p_1] = 0L;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long acc = 0L;
    for (long j = 0; j < 19; j++) {
        long op_s_offsets_r = quicksort_fused_5_op_s_offsets(acc, tile[l * 19 + j]);
        long c = op_s_offsets_r;
        acc = c;
    }
    vals[l] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    #ifdef __NV_CL_C_VERSION
    {
        const int lane = (int)(l & 31);
        const int warp = (int)(l / 32);
        long incl = vals[l];
        #pragma unroll
        for (int h = 1; h < 32; h *= 2) {
            const int2 w = as_int2(incl);
            int lo, hi;
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo) : "r"(w.x), "r"(h));
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi) : "r"(w.y), "r"(h));
            long sh = as_long((int2)(lo, hi));
            if (lane >= h) {
                long op_s_offsets_r_1 = quicksort_fused_5_op_s_offsets(sh, incl);
                long c_1 = op_s_offsets_r_1;
                incl = c_1;
            }
        }
        if (lane == 31) {
            vals[256 + warp] = incl;
        }
        const int2 w_1 = as_int2(incl);
        int lo_1, hi_1;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_1) : "r"(w_1.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_1) : "r"(w_1.y), "r"(1));
        long sh_1 = as_long((int2)(lo_1, hi_1));
        if (lane == 0) {
            sh_1 = 0L;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        long offset = 0L;
        #pragma unroll
        for (long r = 0; r < 8; r++) {
            if (r < warp) {
                long op_s_offsets_r_2 = quicksort_fused_5_op_s_offsets(offset, vals[256 + r]);
                long c_2 = op_s_offsets_r_2;
                offset = c_2;
            }
        }
        long op_s_offsets_r_3 = quicksort_fused_5_op_s_offsets(offset, sh_1);
        long c_3 = op_s_offsets_r_3;
        offset = c_3;
        if (l < 32) {
            long agg = 0L;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long op_s_offsets_r_4 = quicksort_fused_5_op_s_offsets(agg, vals[256 + r]);
                long c_4 = op_s_offsets_r_4;
                agg = c_4;
            }
            if (lane == 0) {
                vals[305] = agg;
                if (tile_no == 0) {
                    const ulong bits = (ulong)(agg);
                    const ulong tag = (ulong)s_offsets_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag | (bits & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag | (bits >> 32);
                } else {
                    const ulong bits_1 = (ulong)(agg);
                    const ulong tag_1 = (ulong)s_offsets_status_epoch << 32;
                    status[((2 * tile_no + 0) * 1 + 0) * 2] = tag_1 | (bits_1 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 1 + 0) * 2 + 1] = tag_1 | (bits_1 >> 32);
                }
            }
            long prefix = 0L;
            if (tile_no > 0) {
                long at = tile_no - 1;
                for (;;) {
                    const long jt = at - lane;
                    int fl = 0;
                    long win = 0L;
                    if (jt >= 0) {
                        const ulong lo_2 = status[((2 * jt + 1) * 1 + 0) * 2];
                        const ulong hi_2 = status[((2 * jt + 1) * 1 + 0) * 2 + 1];
                        const ulong lo_3 = status[((2 * jt + 0) * 1 + 0) * 2];
                        const ulong hi_3 = status[((2 * jt + 0) * 1 + 0) * 2 + 1];
                        if ((lo_2 >> 32) == s_offsets_status_epoch && (hi_2 >> 32) == s_offsets_status_epoch) {
                            fl = 2;
                            win = (long)((lo_2 & 0xffffffffUL) | ((hi_2 & 0xffffffffUL) << 32));
                        } else {
                            if ((lo_3 >> 32) == s_offsets_status_epoch && (hi_3 >> 32) == s_offsets_status_epoch) {
                                fl = 1;
                                win = (long)((lo_3 & 0xffffffffUL) | ((hi_3 & 0xffffffffUL) << 32));
                            }
                        }
                    }
                    uint prefixes, missing;
                    asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }" : "=r"(prefixes) : "r"((uint)(fl == 2)));
                    asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }" : "=r"(missing) : "r"((uint)(fl == 0)));
                    const uint stops = prefixes | missing;
                    const int first = stops == 0 ? 32 : (int)popcount((stops & (0u - stops)) - 1u);
                    const int found = first < 32 && ((prefixes >> first) & 1u);
                    const int take = first + found;
                    if (take > 0) {
                        if (lane >= take) {
                            win = 0L;
                        }
                        #pragma unroll
                        for (int h_1 = 1; h_1 < 32; h_1 *= 2) {
                            const int2 w_2 = as_int2(win);
                            int lo_4, hi_4;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_4) : "r"(w_2.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_4) : "r"(w_2.y), "r"(h_1));
                            long sh_2 = as_long((int2)(lo_4, hi_4));
                            if (lane + h_1 < 32) {
                                long op_s_offsets_r_5 = quicksort_fused_5_op_s_offsets(sh_2, win);
                                long c_5 = op_s_offsets_r_5;
                                win = c_5;
                            }
                        }
                        long op_s_offsets_r_6 = quicksort_fused_5_op_s_offsets(win, prefix);
                        long c_6 = op_s_offsets_r_6;
                        prefix = c_6;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_1 = prefix;
                    long op_s_offsets_r_7 = quicksort_fused_5_op_s_offsets(incl_1, agg);
                    long c_7 = op_s_offsets_r_7;
                    incl_1 = c_7;
                    const ulong bits_2 = (ulong)(incl_1);
                    const ulong tag_2 = (ulong)s_offsets_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_2 | (bits_2 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_2 | (bits_2 >> 32);
                }
            }
            if (lane == 0) {
                vals[304] = prefix;
            }
        }
        vals[l] = offset;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    #else
    {
        if (l < 16) {
            long row = 0L;
            for (long c_8 = 0; c_8 < 16; c_8++) {
                long op_s_offsets_r_8 = quicksort_fused_5_op_s_offsets(row, vals[l * 16 + c_8]);
                long c_9 = op_s_offsets_r_8;
                row = c_9;
            }
            vals[256 + l] = row;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) {
            long total = 0L;
            for (long r_1 = 0; r_1 < 16; r_1++) {
                long x = vals[256 + r_1];
                vals[256 + r_1] = total;
                long op_s_offsets_r_9 = quicksort_fused_5_op_s_offsets(total, x);
                long c_10 = op_s_offsets_r_9;
                total = c_10;
            }
            vals[305] = total;
            vals[304] = 0L;
            if (tile_no == 0) {
                const ulong bits_3 = (ulong)(total);
                const ulong tag_3 = (ulong)s_offsets_status_epoch << 32;
                status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_3 | (bits_3 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_3 | (bits_3 >> 32);
            } else {
                const ulong bits_4 = (ulong)(total);
                const ulong tag_4 = (ulong)s_offsets_status_epoch << 32;
                status[((2 * tile_no + 0) * 1 + 0) * 2] = tag_4 | (bits_4 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 1 + 0) * 2 + 1] = tag_4 | (bits_4 >> 32);
            }
            flags[33] = tile_no > 0;
            flags[34] = tile_no - 1;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < 16) {
            long row_1 = vals[256 + l];
            for (long c_8 = 0; c_8 < 16; c_8++) {
                long x_1 = vals[l * 16 + c_8];
                vals[l * 16 + c_8] = row_1;
                long op_s_offsets_r_10 = quicksort_fused_5_op_s_offsets(row_1, x_1);
                long c_12 = op_s_offsets_r_10;
                row_1 = c_12;
            }
        }
        for (;;) {
            barrier(CLK_LOCAL_MEM_FENCE);
            if (!flags[33]) break;
            const long at_1 = flags[34];
            if (l < 32) {
                const long jt_1 = at_1 - l;
                long fl_1 = 0;
                if (jt_1 >= 0) {
                    const ulong lo_5 = status[((2 * jt_1 + 1) * 1 + 0) * 2];
                    const ulong hi_5 = status[((2 * jt_1 + 1) * 1 + 0) * 2 + 1];
                    const ulong lo_6 = status[((2 * jt_1 + 0) * 1 + 0) * 2];
                    const ulong hi_6 = status[((2 * jt_1 + 0) * 1 + 0) * 2 + 1];
                    if ((lo_5 >> 32) == s_offsets_status_epoch && (hi_5 >> 32) == s_offsets_status_epoch) {
                        fl_1 = 2;
                        vals[272 + l] = (long)((lo_5 & 0xffffffffUL) | ((hi_5 & 0xffffffffUL) << 32));
                    } else {
                        if ((lo_6 >> 32) == s_offsets_status_epoch && (hi_6 >> 32) == s_offsets_status_epoch) {
                            fl_1 = 1;
                            vals[272 + l] = (long)((lo_6 & 0xffffffffUL) | ((hi_6 & 0xffffffffUL) << 32));
                        }
                    }
                }
                flags[l] = fl_1;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            if (l == 0) {
                long excl = vals[304];
                long more = 1;
                long k = 0;
                for (; k < 32; k++) {
                    if (flags[k] == 0) break;
                    long op_s_offsets_r_11 = quicksort_fused_5_op_s_offsets(vals[272 + k], excl);
                    long c_13 = op_s_offsets_r_11;
                    excl = c_13;
                    if (flags[k] == 2) {
                        more = 0;
                        k++;
                        break;
                    }
                }
                vals[304] = excl;
                flags[33] = more;
                flags[34] = at_1 - k;
                if (!more) {
                    long incl_2 = excl;
                    long op_s_offsets_r_12 = quicksort_fused_5_op_s_offsets(incl_2, vals[305]);
                    long c_14 = op_s_offsets_r_12;
                    incl_2 = c_14;
                    const ulong bits_5 = (ulong)(incl_2);
                    const ulong tag_5 = (ulong)s_offsets_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_5 | (bits_5 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_5 | (bits_5 >> 32);
                }
            }
        }
    }
    #endif
    long off = vals[304];
    long op_s_offsets_r_13 = quicksort_fused_5_op_s_offsets(off, vals[l]);
    long c_15 = op_s_offsets_r_13;
    off = c_15;
    for (long j = 0; j < 19; j++) {
        long x_2 = tile[l * 19 + j];
        tile[l * 19 + j] = off;
        long op_s_offsets_r_14 = quicksort_fused_5_op_s_offsets(off, x_2);
        long c_16 = op_s_offsets_r_14;
        off = c_16;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long j = 0; j < 19; j++) {
        const long p_1 = j * 256 + l;
        const long g = start + p_1;
        if (g < t_1) {
            s_offsets[g] = tile[p_1];
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

static inline long quicksort_fused_6_pull_s_offsets(long i, __global const long* sorted_elements_lengths, __global const long* sorted_elements_offsets, __global const long* lesser_offsets, long lesser_offsets_len, long lesser_elements_len, __global long* err) {
    long sorted_offsets = nessie_mul(i, 2L);
    long sorted_lengths = 2L;
    long start = sorted_offsets;
    long len = sorted_lengths;
    if (1L < 0L || 1L >= len) {
        nessie_fail(err, 1, 3, 1L, len);
        return 0L;
    }
    long k = nessie_add(start, 1L);
    long lengths = sorted_elements_lengths[k];
    long starts = sorted_elements_offsets[k];
    long sorted_offsets_1 = nessie_mul(i, 2L);
    long sorted_lengths_1 = 2L;
    long start_1 = sorted_offsets_1;
    long len_1 = sorted_lengths_1;
    if (0 || 0L >= len_1) {
        nessie_fail(err, 1, 2, 0L, len_1);
        return 0L;
    }
    long lengths_1 = sorted_elements_lengths[start_1];
    long starts_1 = sorted_elements_offsets[start_1];
    long lesser_lengths = nessie_sub(nessie_add(i, 1L) < lesser_offsets_len ? lesser_offsets[nessie_add(i, 1L)] : lesser_elements_len, lesser_offsets[i]);
    long start_2 = starts_1;
    long len_2 = lengths_1;
    long start_3 = lesser_offsets[i];
    long len_3 = lesser_lengths;
    long start_4 = starts;
    long len_4 = lengths;
    long lengths_2 = nessie_add(nessie_add(len_2, len_3), len_4);
    return lengths_2;
}

static inline long quicksort_fused_6_op_s_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline void quicksort_fused_6_pull_lesser_lengths(long s, __global const long* lesser_offsets, long lesser_offsets_len, long lesser_elements_len, __global const long* sorted_elements_lengths, __global const long* sorted_elements_offsets, __global long* err, long* r0, long* r1, long* r2, long* r3, long* r4, long* r5) {
    long v = nessie_sub(nessie_add(s, 1L) < lesser_offsets_len ? lesser_offsets[nessie_add(s, 1L)] : lesser_elements_len, lesser_offsets[s]);
    long sorted_offsets = nessie_mul(s, 2L);
    long sorted_lengths = 2L;
    long start = sorted_offsets;
    long len = sorted_lengths;
    if (0 || 0L >= len) {
        nessie_fail(err, 1, 2, 0L, len);
        *r0 = 0L;
        *r1 = 0L;
        *r2 = 0L;
        *r3 = 0L;
        *r4 = 0L;
        *r5 = 0L;
        return;
    }
    long v_1 = sorted_elements_lengths[start];
    long v_2 = sorted_elements_offsets[start];
    long v_3 = v;
    long v_4 = v_1;
    long v_5 = v_2;
    long sorted_offsets_1 = nessie_mul(s, 2L);
    long sorted_lengths_1 = 2L;
    long start_1 = sorted_offsets_1;
    long len_1 = sorted_lengths_1;
    if (1L < 0L || 1L >= len_1) {
        nessie_fail(err, 1, 3, 1L, len_1);
        *r0 = 0L;
        *r1 = 0L;
        *r2 = 0L;
        *r3 = 0L;
        *r4 = 0L;
        *r5 = 0L;
        return;
    }
    long k = nessie_add(start_1, 1L);
    long v_6 = sorted_elements_lengths[k];
    long v_7 = sorted_elements_offsets[k];
    long v_8 = v_3;
    long v_9 = v_4;
    long v_10 = v_5;
    long v_11 = v_6;
    long v_12 = v_7;
    long sorted_offsets_2 = nessie_mul(s, 2L);
    long sorted_lengths_2 = 2L;
    long start_2 = sorted_offsets_2;
    long len_2 = sorted_lengths_2;
    if (1L < 0L || 1L >= len_2) {
        nessie_fail(err, 1, 3, 1L, len_2);
        *r0 = 0L;
        *r1 = 0L;
        *r2 = 0L;
        *r3 = 0L;
        *r4 = 0L;
        *r5 = 0L;
        return;
    }
    long k_1 = nessie_add(start_2, 1L);
    long lengths = sorted_elements_lengths[k_1];
    long starts = sorted_elements_offsets[k_1];
    long sorted_offsets_3 = nessie_mul(s, 2L);
    long sorted_lengths_3 = 2L;
    long start_3 = sorted_offsets_3;
    long len_3 = sorted_lengths_3;
    if (0 || 0L >= len_3) {
        nessie_fail(err, 1, 2, 0L, len_3);
        *r0 = 0L;
        *r1 = 0L;
        *r2 = 0L;
        *r3 = 0L;
        *r4 = 0L;
        *r5 = 0L;
        return;
    }
    long lengths_1 = sorted_elements_lengths[start_3];
    long starts_1 = sorted_elements_offsets[start_3];
    long lesser_lengths = nessie_sub(nessie_add(s, 1L) < lesser_offsets_len ? lesser_offsets[nessie_add(s, 1L)] : lesser_elements_len, lesser_offsets[s]);
    long start_4 = starts_1;
    long len_4 = lengths_1;
    long start_5 = lesser_offsets[s];
    long len_5 = lesser_lengths;
    long start_6 = starts;
    long len_6 = lengths;
    long v_13 = nessie_add(nessie_add(len_4, len_5), len_6);
    *r0 = v_8;
    *r1 = v_9;
    *r2 = v_10;
    *r3 = v_11;
    *r4 = v_12;
    *r5 = v_13;
}

__kernel void quicksort_fused_6_s_offsets(__global int* s_offsets_status, uint s_offsets_status_epoch, uint s_offsets_status_base, long n_lesser_offsets_arg, __global const long* n_lesser_offsets_word, __global const long* sorted_elements_lengths, __global const long* sorted_elements_offsets, __global const long* lesser_offsets, long n_lesser_elements_arg, __global const long* n_lesser_elements_word, __global long* s_offsets, __global long* lesser_lengths_2, __global long* lengths_11, __global long* starts_12, __global long* lengths_16, __global long* starts_17, __global long* lengths_22, __global long* err) {
    __local long tile[4864];
    __local long vals[306];
    __local long flags[35];
    const long n_lesser_offsets = n_lesser_offsets_arg >= 0 ? n_lesser_offsets_arg : clamp(n_lesser_offsets_word[0], 0L, (-1 - n_lesser_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_lesser_offsets_arg) >> 32);
    const long n_lesser_elements = n_lesser_elements_arg >= 0 ? n_lesser_elements_arg : clamp(n_lesser_elements_word[0], 0L, (-1 - n_lesser_elements_arg) & 0xFFFFFFFFL) + ((-1 - n_lesser_elements_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(s_offsets_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(s_offsets_status) - s_offsets_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 4864;
    for (long j = 0; j < 19; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < n_lesser_offsets) {
            long pull_s_offsets_r = quicksort_fused_6_pull_s_offsets(g, sorted_elements_lengths, sorted_elements_offsets, lesser_offsets, n_lesser_offsets, n_lesser_elements, err);
            long pull_lesser_lengths_r;
            long pull_lesser_lengths_r_1;
            long pull_lesser_lengths_r_2;
            long pull_lesser_lengths_r_3;
            long pull_lesser_lengths_r_4;
            long pull_lesser_lengths_r_5;
            quicksort_fused_6_pull_lesser_lengths(g, lesser_offsets, n_lesser_offsets, n_lesser_elements, sorted_elements_lengths, sorted_elements_offsets, err, &pull_lesser_lengths_r, &pull_lesser_lengths_r_1, &pull_lesser_lengths_r_2, &pull_lesser_lengths_r_3, &pull_lesser_lengths_r_4, &pull_lesser_lengths_r_5);
            tile[p] = pull_s_offsets_r;
            lesser_lengths_2[g] = pull_lesser_lengths_r;
            lengths_11[g] = pull_lesser_lengths_r_1;
            starts_12[g] = pull_lesser_lengths_r_2;
            lengths_16[g] = pull_lesser_lengths_r_3;
            starts_17[g] = pull_lesser_lengths_r_4;
            lengths_22[g] = pull_lesser_lengths_r_5;
        } else {
            tile[p] = 0L;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long acc = 0L;
    for (long j = 0; j < 19; j++) {
        long op_s_offsets_r = quicksort_fused_6_op_s_offsets(acc, tile[l * 19 + j]);
        long c = op_s_offsets_r;
        acc = c;
    }
    vals[l] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    #ifdef __NV_CL_C_VERSION
    {
        const int lane = (int)(l & 31);
        const int warp = (int)(l / 32);
        long incl = vals[l];
        #pragma unroll
        for (int h = 1; h < 32; h *= 2) {
            const int2 w = as_int2(incl);
            int lo, hi;
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo) : "r"(w.x), "r"(h));
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi) : "r"(w.y), "r"(h));
            long sh = as_long((int2)(lo, hi));
            if (lane >= h) {
                long op_s_offsets_r_1 = quicksort_fused_6_op_s_offsets(sh, incl);
                long c_1 = op_s_offsets_r_1;
                incl = c_1;
            }
        }
        if (lane == 31) {
            vals[256 + warp] = incl;
        }
        const int2 w_1 = as_int2(incl);
        int lo_1, hi_1;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_1) : "r"(w_1.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_1) : "r"(w_1.y), "r"(1));
        long sh_1 = as_long((int2)(lo_1, hi_1));
        if (lane == 0) {
            sh_1 = 0L;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        long offset = 0L;
        #pragma unroll
        for (long r = 0; r < 8; r++) {
            if (r < warp) {
                long op_s_offsets_r_2 = quicksort_fused_6_op_s_offsets(offset, vals[256 + r]);
                long c_2 = op_s_offsets_r_2;
                offset = c_2;
            }
        }
        long op_s_offsets_r_3 = quicksort_fused_6_op_s_offsets(offset, sh_1);
        long c_3 = op_s_offsets_r_3;
        offset = c_3;
        if (l < 32) {
            long agg = 0L;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long op_s_offsets_r_4 = quicksort_fused_6_op_s_offsets(agg, vals[256 + r]);
                long c_4 = op_s_offsets_r_4;
                agg = c_4;
            }
            if (lane == 0) {
                vals[305] = agg;
                if (tile_no == 0) {
                    const ulong bits = (ulong)(agg);
                    const ulong tag = (ulong)s_offsets_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag | (bits & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag | (bits >> 32);
                } else {
                    const ulong bits_1 = (ulong)(agg);
                    const ulong tag_1 = (ulong)s_offsets_status_epoch << 32;
                    status[((2 * tile_no + 0) * 1 + 0) * 2] = tag_1 | (bits_1 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 1 + 0) * 2 + 1] = tag_1 | (bits_1 >> 32);
                }
            }
            long prefix = 0L;
            if (tile_no > 0) {
                long at = tile_no - 1;
                for (;;) {
                    const long jt = at - lane;
                    int fl = 0;
                    long win = 0L;
                    if (jt >= 0) {
                        const ulong lo_2 = status[((2 * jt + 1) * 1 + 0) * 2];
                        const ulong hi_2 = status[((2 * jt + 1) * 1 + 0) * 2 + 1];
                        const ulong lo_3 = status[((2 * jt + 0) * 1 + 0) * 2];
                        const ulong hi_3 = status[((2 * jt + 0) * 1 + 0) * 2 + 1];
                        if ((lo_2 >> 32) == s_offsets_status_epoch && (hi_2 >> 32) == s_offsets_status_epoch) {
                            fl = 2;
                            win = (long)((lo_2 & 0xffffffffUL) | ((hi_2 & 0xffffffffUL) << 32));
                        } else {
                            if ((lo_3 >> 32) == s_offsets_status_epoch && (hi_3 >> 32) == s_offsets_status_epoch) {
                                fl = 1;
                                win = (long)((lo_3 & 0xffffffffUL) | ((hi_3 & 0xffffffffUL) << 32));
                            }
                        }
                    }
                    uint prefixes, missing;
                    asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }" : "=r"(prefixes) : "r"((uint)(fl == 2)));
                    asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }" : "=r"(missing) : "r"((uint)(fl == 0)));
                    const uint stops = prefixes | missing;
                    const int first = stops == 0 ? 32 : (int)popcount((stops & (0u - stops)) - 1u);
                    const int found = first < 32 && ((prefixes >> first) & 1u);
                    const int take = first + found;
                    if (take > 0) {
                        if (lane >= take) {
                            win = 0L;
                        }
                        #pragma unroll
                        for (int h_1 = 1; h_1 < 32; h_1 *= 2) {
                            const int2 w_2 = as_int2(win);
                            int lo_4, hi_4;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_4) : "r"(w_2.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_4) : "r"(w_2.y), "r"(h_1));
                            long sh_2 = as_long((int2)(lo_4, hi_4));
                            if (lane + h_1 < 32) {
                                long op_s_offsets_r_5 = quicksort_fused_6_op_s_offsets(sh_2, win);
                                long c_5 = op_s_offsets_r_5;
                                win = c_5;
                            }
                        }
                        long op_s_offsets_r_6 = quicksort_fused_6_op_s_offsets(win, prefix);
                        long c_6 = op_s_offsets_r_6;
                        prefix = c_6;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_1 = prefix;
                    long op_s_offsets_r_7 = quicksort_fused_6_op_s_offsets(incl_1, agg);
                    long c_7 = op_s_offsets_r_7;
                    incl_1 = c_7;
                    const ulong bits_2 = (ulong)(incl_1);
                    const ulong tag_2 = (ulong)s_offsets_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_2 | (bits_2 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_2 | (bits_2 >> 32);
                }
            }
            if (lane == 0) {
                vals[304] = prefix;
            }
        }
        vals[l] = offset;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    #else
    {
        if (l < 16) {
            long row = 0L;
            for (long c_8 = 0; c_8 < 16; c_8++) {
                long op_s_offsets_r_8 = quicksort_fused_6_op_s_offsets(row, vals[l * 16 + c_8]);
                long c_9 = op_s_offsets_r_8;
                row = c_9;
            }
            vals[256 + l] = row;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) {
            long total = 0L;
            for (long r_1 = 0; r_1 < 16; r_1++) {
                long x = vals[256 + r_1];
                vals[256 + r_1] = total;
                long op_s_offsets_r_9 = quicksort_fused_6_op_s_offsets(total, x);
                long c_10 = op_s_offsets_r_9;
                total = c_10;
            }
            vals[305] = total;
            vals[304] = 0L;
            if (tile_no == 0) {
                const ulong bits_3 = (ulong)(total);
                const ulong tag_3 = (ulong)s_offsets_status_epoch << 32;
                status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_3 | (bits_3 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_3 | (bits_3 >> 32);
            } else {
                const ulong bits_4 = (ulong)(total);
                const ulong tag_4 = (ulong)s_offsets_status_epoch << 32;
                status[((2 * tile_no + 0) * 1 + 0) * 2] = tag_4 | (bits_4 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 1 + 0) * 2 + 1] = tag_4 | (bits_4 >> 32);
            }
            flags[33] = tile_no > 0;
            flags[34] = tile_no - 1;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < 16) {
            long row_1 = vals[256 + l];
            for (long c_8 = 0; c_8 < 16; c_8++) {
                long x_1 = vals[l * 16 + c_8];
                vals[l * 16 + c_8] = row_1;
                long op_s_offsets_r_10 = quicksort_fused_6_op_s_offsets(row_1, x_1);
                long c_11 = op_s_offsets_r_10;
                row_1 = c_11;
            }
        }
        for (;;) {
            barrier(CLK_LOCAL_MEM_FENCE);
            if (!flags[33]) break;
            const long at_1 = flags[34];
            if (l < 32) {
                const long jt_1 = at_1 - l;
                long fl_1 = 0;
                if (jt_1 >= 0) {
                    const ulong lo_5 = status[((2 * jt_1 + 1) * 1 + 0) * 2];
                    const ulong hi_5 = status[((2 * jt_1 + 1) * 1 + 0) * 2 + 1];
                    const ulong lo_6 = status[((2 * jt_1 + 0) * 1 + 0) * 2];
                    const ulong hi_6 = status[((2 * jt_1 + 0) * 1 + 0) * 2 + 1];
                    if ((lo_5 >> 32) == s_offsets_status_epoch && (hi_5 >> 32) == s_offsets_status_epoch) {
                        fl_1 = 2;
                        vals[272 + l] = (long)((lo_5 & 0xffffffffUL) | ((hi_5 & 0xffffffffUL) << 32));
                    } else {
                        if ((lo_6 >> 32) == s_offsets_status_epoch && (hi_6 >> 32) == s_offsets_status_epoch) {
                            fl_1 = 1;
                            vals[272 + l] = (long)((lo_6 & 0xffffffffUL) | ((hi_6 & 0xffffffffUL) << 32));
                        }
                    }
                }
                flags[l] = fl_1;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            if (l == 0) {
                long excl = vals[304];
                long more = 1;
                long k = 0;
                for (; k < 32; k++) {
                    if (flags[k] == 0) break;
                    long op_s_offsets_r_11 = quicksort_fused_6_op_s_offsets(vals[272 + k], excl);
                    long c_12 = op_s_offsets_r_11;
                    excl = c_12;
                    if (flags[k] == 2) {
                        more = 0;
                        k++;
                        break;
                    }
                }
                vals[304] = excl;
                flags[33] = more;
                flags[34] = at_1 - k;
                if (!more) {
                    long incl_2 = excl;
                    long op_s_offsets_r_12 = quicksort_fused_6_op_s_offsets(incl_2, vals[305]);
                    long c_13 = op_s_offsets_r_12;
                    incl_2 = c_13;
                    const ulong bits_5 = (ulong)(incl_2);
                    const ulong tag_5 = (ulong)s_offsets_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_5 | (bits_5 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_5 | (bits_5 >> 32);
                }
            }
        }
    }
    #endif
    long off = vals[304];
    long op_s_offsets_r_13 = quicksort_fused_6_op_s_offsets(off, vals[l]);
    long c_14 = op_s_offsets_r_13;
    off = c_14;
    for (long j = 0; j < 19; j++) {
        long x_2 = tile[l * 19 + j];
        tile[l * 19 + j] = off;
        long op_s_offsets_r_14 = quicksort_fused_6_op_s_offsets(off, x_2);
        long c_15 = op_s_offsets_r_14;
        off = c_15;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long j = 0; j < 19; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < n_lesser_offsets) {
            s_offsets[g] = tile[p];
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

static inline long quicksort_fused_7_pull_s_offsets(long i, __global const uchar* mapped, __global const long* rank, __global const long* s_lengths, __global const long* lengths) {
    int f = (int)mapped[i];
    long r = rank[i];
    long q = f ? r : nessie_sub(i, r);
    long s_lengths_1 = f ? s_lengths[q] : lengths[q];
    return s_lengths_1;
}

static inline long quicksort_fused_7_op_s_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline long quicksort_fused_7_pull_s_lengths(long p, __global const uchar* mapped, __global const long* rank, __global const long* s_lengths, __global const long* lengths) {
    int f = (int)mapped[p];
    long r = rank[p];
    long q = f ? r : nessie_sub(p, r);
    return f ? s_lengths[q] : lengths[q];
}

__kernel void quicksort_fused_7_s_offsets(__global int* s_offsets_status, uint s_offsets_status_epoch, uint s_offsets_status_base, long instances_1_arg, __global const long* instances_1_word, __global const uchar* mapped, __global const long* rank, __global const long* s_lengths_2, __global const long* lengths, __global long* s_offsets, __global long* s_lengths_5) {
    __local long tile[768];
    __local long vals[306];
    __local long flags[35];
    const long instances_1 = instances_1_arg >= 0 ? instances_1_arg : clamp(instances_1_word[0], 0L, (-1 - instances_1_arg) & 0xFFFFFFFFL) + ((-1 - instances_1_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(s_offsets_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(s_offsets_status) - s_offsets_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 768;
    for (long j = 0; j < 3; j++) {
        const long p_1 = j * 256 + l;
        const long g = start + p_1;
        if (g < instances_1) {
            long pull_s_offsets_r = quicksort_fused_7_pull_s_offsets(g, mapped, rank, s_lengths_2, lengths);
            long pull_s_lengths_r = quicksort_fused_7_pull_s_lengths(g, mapped, rank, s_lengths_2, lengths);
            tile[p_1] = pull_s_offsets_r;
            s_lengths_5[g] = pull_s_lengths_r;
        } else {
            tile[p_1] = 0L;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long acc = 0L;
    for (long j = 0; j < 3; j++) {
        long op_s_offsets_r = quicksort_fused_7_op_s_offsets(acc, tile[l * 3 + j]);
        long c = op_s_offsets_r;
        acc = c;
    }
    vals[l] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    #ifdef __NV_CL_C_VERSION
    {
        const int lane = (int)(l & 31);
        const int warp = (int)(l / 32);
        long incl = vals[l];
        #pragma unroll
        for (int h = 1; h < 32; h *= 2) {
            const int2 w = as_int2(incl);
            int lo, hi;
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo) : "r"(w.x), "r"(h));
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi) : "r"(w.y), "r"(h));
            long sh = as_long((int2)(lo, hi));
            if (lane >= h) {
                long op_s_offsets_r_1 = quicksort_fused_7_op_s_offsets(sh, incl);
                long c_1 = op_s_offsets_r_1;
                incl = c_1;
            }
        }
        if (lane == 31) {
            vals[256 + warp] = incl;
        }
        const int2 w_1 = as_int2(incl);
        int lo_1, hi_1;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_1) : "r"(w_1.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_1) : "r"(w_1.y), "r"(1));
        long sh_1 = as_long((int2)(lo_1, hi_1));
        if (lane == 0) {
            sh_1 = 0L;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        long offset = 0L;
        #pragma unroll
        for (long r = 0; r < 8; r++) {
            if (r < warp) {
                long op_s_offsets_r_2 = quicksort_fused_7_op_s_offsets(offset, vals[256 + r]);
                long c_2 = op_s_offsets_r_2;
                offset = c_2;
            }
        }
        long op_s_offsets_r_3 = quicksort_fused_7_op_s_offsets(offset, sh_1);
        long c_3 = op_s_offsets_r_3;
        offset = c_3;
        if (l < 32) {
            long agg = 0L;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long op_s_offsets_r_4 = quicksort_fused_7_op_s_offsets(agg, vals[256 + r]);
                long c_4 = op_s_offsets_r_4;
                agg = c_4;
            }
            if (lane == 0) {
                vals[305] = agg;
                if (tile_no == 0) {
                    const ulong bits = (ulong)(agg);
                    const ulong tag = (ulong)s_offsets_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag | (bits & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag | (bits >> 32);
                } else {
                    const ulong bits_1 = (ulong)(agg);
                    const ulong tag_1 = (ulong)s_offsets_status_epoch << 32;
                    status[((2 * tile_no + 0) * 1 + 0) * 2] = tag_1 | (bits_1 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 1 + 0) * 2 + 1] = tag_1 | (bits_1 >> 32);
                }
            }
            long prefix = 0L;
            if (tile_no > 0) {
                long at = tile_no - 1;
                for (;;) {
                    const long jt = at - lane;
                    int fl = 0;
                    long win = 0L;
                    if (jt >= 0) {
                        const ulong lo_2 = status[((2 * jt + 1) * 1 + 0) * 2];
                        const ulong hi_2 = status[((2 * jt + 1) * 1 + 0) * 2 + 1];
                        const ulong lo_3 = status[((2 * jt + 0) * 1 + 0) * 2];
                        const ulong hi_3 = status[((2 * jt + 0) * 1 + 0) * 2 + 1];
                        if ((lo_2 >> 32) == s_offsets_status_epoch && (hi_2 >> 32) == s_offsets_status_epoch) {
                            fl = 2;
                            win = (long)((lo_2 & 0xffffffffUL) | ((hi_2 & 0xffffffffUL) << 32));
                        } else {
                            if ((lo_3 >> 32) == s_offsets_status_epoch && (hi_3 >> 32) == s_offsets_status_epoch) {
                                fl = 1;
                                win = (long)((lo_3 & 0xffffffffUL) | ((hi_3 & 0xffffffffUL) << 32));
                            }
                        }
                    }
                    uint prefixes, missing;
                    asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }" : "=r"(prefixes) : "r"((uint)(fl == 2)));
                    asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }" : "=r"(missing) : "r"((uint)(fl == 0)));
                    const uint stops = prefixes | missing;
                    const int first = stops == 0 ? 32 : (int)popcount((stops & (0u - stops)) - 1u);
                    const int found = first < 32 && ((prefixes >> first) & 1u);
                    const int take = first + found;
                    if (take > 0) {
                        if (lane >= take) {
                            win = 0L;
                        }
                        #pragma unroll
                        for (int h_1 = 1; h_1 < 32; h_1 *= 2) {
                            const int2 w_2 = as_int2(win);
                            int lo_4, hi_4;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_4) : "r"(w_2.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_4) : "r"(w_2.y), "r"(h_1));
                            long sh_2 = as_long((int2)(lo_4, hi_4));
                            if (lane + h_1 < 32) {
                                long op_s_offsets_r_5 = quicksort_fused_7_op_s_offsets(sh_2, win);
                                long c_5 = op_s_offsets_r_5;
                                win = c_5;
                            }
                        }
                        long op_s_offsets_r_6 = quicksort_fused_7_op_s_offsets(win, prefix);
                        long c_6 = op_s_offsets_r_6;
                        prefix = c_6;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_1 = prefix;
                    long op_s_offsets_r_7 = quicksort_fused_7_op_s_offsets(incl_1, agg);
                    long c_7 = op_s_offsets_r_7;
                    incl_1 = c_7;
                    const ulong bits_2 = (ulong)(incl_1);
                    const ulong tag_2 = (ulong)s_offsets_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_2 | (bits_2 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_2 | (bits_2 >> 32);
                }
            }
            if (lane == 0) {
                vals[304] = prefix;
            }
        }
        vals[l] = offset;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    #else
    {
        if (l < 16) {
            long row = 0L;
            for (long c_8 = 0; c_8 < 16; c_8++) {
                long op_s_offsets_r_8 = quicksort_fused_7_op_s_offsets(row, vals[l * 16 + c_8]);
                long c_9 = op_s_offsets_r_8;
                row = c_9;
            }
            vals[256 + l] = row;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) {
            long total = 0L;
            for (long r_1 = 0; r_1 < 16; r_1++) {
                long x = vals[256 + r_1];
                vals[256 + r_1] = total;
                long op_s_offsets_r_9 = quicksort_fused_7_op_s_offsets(total, x);
                long c_10 = op_s_offsets_r_9;
                total = c_10;
            }
            vals[305] = total;
            vals[304] = 0L;
            if (tile_no == 0) {
                const ulong bits_3 = (ulong)(total);
                const ulong tag_3 = (ulong)s_offsets_status_epoch << 32;
                status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_3 | (bits_3 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_3 | (bits_3 >> 32);
            } else {
                const ulong bits_4 = (ulong)(total);
                const ulong tag_4 = (ulong)s_offsets_status_epoch << 32;
                status[((2 * tile_no + 0) * 1 + 0) * 2] = tag_4 | (bits_4 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 1 + 0) * 2 + 1] = tag_4 | (bits_4 >> 32);
            }
            flags[33] = tile_no > 0;
            flags[34] = tile_no - 1;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < 16) {
            long row_1 = vals[256 + l];
            for (long c_8 = 0; c_8 < 16; c_8++) {
                long x_1 = vals[l * 16 + c_8];
                vals[l * 16 + c_8] = row_1;
                long op_s_offsets_r_10 = quicksort_fused_7_op_s_offsets(row_1, x_1);
                long c_11 = op_s_offsets_r_10;
                row_1 = c_11;
            }
        }
        for (;;) {
            barrier(CLK_LOCAL_MEM_FENCE);
            if (!flags[33]) break;
            const long at_1 = flags[34];
            if (l < 32) {
                const long jt_1 = at_1 - l;
                long fl_1 = 0;
                if (jt_1 >= 0) {
                    const ulong lo_5 = status[((2 * jt_1 + 1) * 1 + 0) * 2];
                    const ulong hi_5 = status[((2 * jt_1 + 1) * 1 + 0) * 2 + 1];
                    const ulong lo_6 = status[((2 * jt_1 + 0) * 1 + 0) * 2];
                    const ulong hi_6 = status[((2 * jt_1 + 0) * 1 + 0) * 2 + 1];
                    if ((lo_5 >> 32) == s_offsets_status_epoch && (hi_5 >> 32) == s_offsets_status_epoch) {
                        fl_1 = 2;
                        vals[272 + l] = (long)((lo_5 & 0xffffffffUL) | ((hi_5 & 0xffffffffUL) << 32));
                    } else {
                        if ((lo_6 >> 32) == s_offsets_status_epoch && (hi_6 >> 32) == s_offsets_status_epoch) {
                            fl_1 = 1;
                            vals[272 + l] = (long)((lo_6 & 0xffffffffUL) | ((hi_6 & 0xffffffffUL) << 32));
                        }
                    }
                }
                flags[l] = fl_1;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            if (l == 0) {
                long excl = vals[304];
                long more = 1;
                long k = 0;
                for (; k < 32; k++) {
                    if (flags[k] == 0) break;
                    long op_s_offsets_r_11 = quicksort_fused_7_op_s_offsets(vals[272 + k], excl);
                    long c_12 = op_s_offsets_r_11;
                    excl = c_12;
                    if (flags[k] == 2) {
                        more = 0;
                        k++;
                        break;
                    }
                }
                vals[304] = excl;
                flags[33] = more;
                flags[34] = at_1 - k;
                if (!more) {
                    long incl_2 = excl;
                    long op_s_offsets_r_12 = quicksort_fused_7_op_s_offsets(incl_2, vals[305]);
                    long c_13 = op_s_offsets_r_12;
                    incl_2 = c_13;
                    const ulong bits_5 = (ulong)(incl_2);
                    const ulong tag_5 = (ulong)s_offsets_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_5 | (bits_5 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_5 | (bits_5 >> 32);
                }
            }
        }
    }
    #endif
    long off = vals[304];
    long op_s_offsets_r_13 = quicksort_fused_7_op_s_offsets(off, vals[l]);
    long c_14 = op_s_offsets_r_13;
    off = c_14;
    for (long j = 0; j < 3; j++) {
        long x_2 = tile[l * 3 + j];
        tile[l * 3 + j] = off;
        long op_s_offsets_r_14 = quicksort_fused_7_op_s_offsets(off, x_2);
        long c_15 = op_s_offsets_r_14;
        off = c_15;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long j = 0; j < 3; j++) {
        const long p_1 = j * 256 + l;
        const long g = start + p_1;
        if (g < instances_1) {
            s_offsets[g] = tile[p_1];
        }
    }
}


// ===== quicksort_gather_fused_2.cl =====
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

static inline long quicksort_gather_fused_2_pull_s_elements(long p, __global const long* s_offsets, long s_offsets_len, __global const uchar* mapped, __global const long* rank, __global const long* s_offsets_1, __global const long* offsets, long offsets_len, __global const long* s_elements, __global const long* starts, __global const long* lengths, __global const long* starts_1, __global const long* lengths_1, __global const long* equal_offsets, __global const long* equal_lengths, __global const long* sorted_elements_elements, __global const long* equal_elements) {
    long segment = nessie_segment_of(s_offsets, s_offsets_len, p);
    long s = segment;
    int f = (int)mapped[s];
    long r = rank[s];
    long r_1 = f ? r : nessie_sub(s, r);
    long q = nessie_add(f ? s_offsets_1[r_1] : offsets[r_1], nessie_sub(p, s_offsets[s]));
    long t;
    if (f) {
        t = s_elements[q];
    } else {
        long p_1 = q;
        long s_1 = (0L <= r_1 ? (r_1 < offsets_len ? (offsets[r_1] <= p_1 ? (nessie_add(r_1, 1L) < offsets_len ? p_1 < offsets[nessie_add(r_1, 1L)] : 1) : 0) : 0) : 0) ? r_1 : nessie_segment_of(offsets, offsets_len, p_1);
        long w = nessie_sub(p_1, offsets[s_1]);
        long start = starts[s_1];
        long len = lengths[s_1];
        long start_1 = starts_1[s_1];
        long len_1 = lengths_1[s_1];
        long start_2 = equal_offsets[s_1];
        long len_2 = equal_lengths[s_1];
        long e = nessie_add(len_1, len_2);
        int c = w < e;
        int c_1 = w < len_1;
        long c_2 = c_1 ? 0L : (c ? 1L : 2L);
        long q_1 = c_1 ? nessie_add(start_1, w) : (c ? nessie_add(start_2, nessie_sub(w, len_1)) : nessie_add(start, nessie_sub(w, e)));
        t = c_2 == 0L ? sorted_elements_elements[q_1] : (c_2 == 1L ? equal_elements[q_1] : sorted_elements_elements[q_1]);
    }
    return t;
}

static inline long quicksort_gather_fused_2_pull_s_elements_by_tile(long p, long segment, __global const uchar* mapped, __global const long* rank, __global const long* s_offsets, __global const long* offsets, long offsets_len, __global const long* s_offsets_1, __global const long* s_elements, __global const long* starts, __global const long* lengths, __global const long* starts_1, __global const long* lengths_1, __global const long* equal_offsets, __global const long* equal_lengths, __global const long* sorted_elements_elements, __global const long* equal_elements) {
    long s = segment;
    int f = (int)mapped[s];
    long r = rank[s];
    long r_1 = f ? r : nessie_sub(s, r);
    long q = nessie_add(f ? s_offsets[r_1] : offsets[r_1], nessie_sub(p, s_offsets_1[s]));
    long t;
    if (f) {
        t = s_elements[q];
    } else {
        long p_1 = q;
        long s_1 = (0L <= r_1 ? (r_1 < offsets_len ? (offsets[r_1] <= p_1 ? (nessie_add(r_1, 1L) < offsets_len ? p_1 < offsets[nessie_add(r_1, 1L)] : 1) : 0) : 0) : 0) ? r_1 : nessie_segment_of(offsets, offsets_len, p_1);
        long w = nessie_sub(p_1, offsets[s_1]);
        long start = starts[s_1];
        long len = lengths[s_1];
        long start_1 = starts_1[s_1];
        long len_1 = lengths_1[s_1];
        long start_2 = equal_offsets[s_1];
        long len_2 = equal_lengths[s_1];
        long e = nessie_add(len_1, len_2);
        int c = w < e;
        int c_1 = w < len_1;
        long c_2 = c_1 ? 0L : (c ? 1L : 2L);
        long q_1 = c_1 ? nessie_add(start_1, w) : (c ? nessie_add(start_2, nessie_sub(w, len_1)) : nessie_add(start, nessie_sub(w, e)));
        t = c_2 == 0L ? sorted_elements_elements[q_1] : (c_2 == 1L ? equal_elements[q_1] : sorted_elements_elements[q_1]);
    }
    return t;
}

__kernel void quicksort_gather_fused_2_s_elements(long t_1_arg, __global const long* t_1_word, __global const long* s_offsets_25, long n_s_offsets_arg, __global const long* n_s_offsets_word, __global const uchar* mapped, __global const long* rank, __global const long* s_offsets_28, __global const long* offsets, long n_offsets_arg, __global const long* n_offsets_word, __global const long* s_elements_29, __global const long* starts_1, __global const long* lengths_2, __global const long* starts_3, __global const long* lengths_4, __global const long* equal_offsets, __global const long* equal_lengths, __global const long* sorted_elements_elements_7, __global const long* equal_elements, __global long* s_elements_31) {
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long n_s_offsets = n_s_offsets_arg >= 0 ? n_s_offsets_arg : clamp(n_s_offsets_word[0], 0L, (-1 - n_s_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_s_offsets_arg) >> 32);
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < t_1) {
        long pull_s_elements_r = quicksort_gather_fused_2_pull_s_elements(gid, s_offsets_25, n_s_offsets, mapped, rank, s_offsets_28, offsets, n_offsets, s_elements_29, starts_1, lengths_2, starts_3, lengths_4, equal_offsets, equal_lengths, sorted_elements_elements_7, equal_elements);
        s_elements_31[gid] = pull_s_elements_r;
    }
}

__kernel void quicksort_gather_fused_2_s_elements_tiles(__global const long* s_offsets_25, long n_s_offsets_arg, __global const long* n_s_offsets_word, long t_1_arg, __global const long* t_1_word, __global const uchar* mapped, __global const long* rank, __global const long* s_offsets_28, __global const long* offsets, long n_offsets_arg, __global const long* n_offsets_word, __global const long* s_elements_29, __global const long* starts_1, __global const long* lengths_2, __global const long* starts_3, __global const long* lengths_4, __global const long* equal_offsets, __global const long* equal_lengths, __global const long* sorted_elements_elements_7, __global const long* equal_elements, __global long* s_elements_31) {
    __local int counts[2048];
    __local long sums[256];
    __local long range[4];
    const long n_s_offsets = n_s_offsets_arg >= 0 ? n_s_offsets_arg : clamp(n_s_offsets_word[0], 0L, (-1 - n_s_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_s_offsets_arg) >> 32);
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    const long l = get_local_id(0);
    const long start = get_group_id(0) * 2048;
    if (start >= t_1) return;
    if (l == 0) {
        range[0] = 0;
        range[1] = n_s_offsets;
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo = range[0];
        const long hi = range[1];
        if (hi - lo > 1) {
            const long step = (hi - lo + 255) / 256;
            const long p = lo + l * step;
            if (p < hi && s_offsets_25[p] <= start) {
                const long q = p + step;
                if (q >= hi || s_offsets_25[q] > start) {
                    range[2] = p;
                    range[3] = min(q, hi);
                }
            }
            if (l == 0 && s_offsets_25[lo] > start) {
                range[2] = lo;
                range[3] = lo + 1;
            }
        } else if (l == 0) {
            range[2] = lo;
            range[3] = hi;
        }
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo_1 = range[2];
        const long hi_1 = range[3];
        if (hi_1 - lo_1 > 1) {
            const long step_1 = (hi_1 - lo_1 + 255) / 256;
            const long p_1 = lo_1 + l * step_1;
            if (p_1 < hi_1 && s_offsets_25[p_1] <= start) {
                const long q_1 = p_1 + step_1;
                if (q_1 >= hi_1 || s_offsets_25[q_1] > start) {
                    range[0] = p_1;
                    range[1] = min(q_1, hi_1);
                }
            }
            if (l == 0 && s_offsets_25[lo_1] > start) {
                range[0] = lo_1;
                range[1] = lo_1 + 1;
            }
        } else if (l == 0) {
            range[0] = lo_1;
            range[1] = hi_1;
        }
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo_2 = range[0];
        const long hi_2 = range[1];
        if (hi_2 - lo_2 > 1) {
            const long step_2 = (hi_2 - lo_2 + 255) / 256;
            const long p_2 = lo_2 + l * step_2;
            if (p_2 < hi_2 && s_offsets_25[p_2] <= start) {
                const long q_2 = p_2 + step_2;
                if (q_2 >= hi_2 || s_offsets_25[q_2] > start) {
                    range[2] = p_2;
                    range[3] = min(q_2, hi_2);
                }
            }
            if (l == 0 && s_offsets_25[lo_2] > start) {
                range[2] = lo_2;
                range[3] = lo_2 + 1;
            }
        } else if (l == 0) {
            range[2] = lo_2;
            range[3] = hi_2;
        }
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo_3 = range[2];
        const long hi_3 = range[3];
        if (hi_3 - lo_3 > 1) {
            const long step_3 = (hi_3 - lo_3 + 255) / 256;
            const long p_3 = lo_3 + l * step_3;
            if (p_3 < hi_3 && s_offsets_25[p_3] <= start) {
                const long q_3 = p_3 + step_3;
                if (q_3 >= hi_3 || s_offsets_25[q_3] > start) {
                    range[0] = p_3;
                    range[1] = min(q_3, hi_3);
                }
            }
            if (l == 0 && s_offsets_25[lo_3] > start) {
                range[0] = lo_3;
                range[1] = lo_3 + 1;
            }
        } else if (l == 0) {
            range[0] = lo_3;
            range[1] = hi_3;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const long first = range[0];
    const int whole = first + 1 >= n_s_offsets || s_offsets_25[first + 1] - start >= 2048;
    if (!whole) {
        for (long i = l; i < 2048; i += 256) counts[i] = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long s = first + 1 + l; s < n_s_offsets; s += 256) {
            const long o = s_offsets_25[s] - start;
            if (o >= 2048) break;
            if (o > 0) atomic_inc(&counts[o]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        long mine = 0;
        for (long k = 0; k < 8; k++) mine += counts[l * 8 + k];
        sums[l] = mine;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v = l >= 1 ? sums[l - 1] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_1 = l >= 2 ? sums[l - 2] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_1;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_2 = l >= 4 ? sums[l - 4] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_2;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_3 = l >= 8 ? sums[l - 8] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_3;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_4 = l >= 16 ? sums[l - 16] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_4;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_5 = l >= 32 ? sums[l - 32] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_5;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_6 = l >= 64 ? sums[l - 64] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_6;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_7 = l >= 128 ? sums[l - 128] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_7;
        barrier(CLK_LOCAL_MEM_FENCE);
        long run = sums[l] - mine;
        for (long k = 0; k < 8; k++) {
            run += counts[l * 8 + k];
            counts[l * 8 + k] = (int)run;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    long pulled[8];
    #pragma unroll
    for (int k_1 = 0; k_1 < 8; k_1++) {
        const long i_1 = k_1 * 256 + l;
        const long g = start + i_1;
        if (g < t_1) {
            long pull_s_elements_by_tile_r = quicksort_gather_fused_2_pull_s_elements_by_tile(g, (whole ? first : first + counts[i_1]), mapped, rank, s_offsets_28, offsets, n_offsets, s_offsets_25, s_elements_29, starts_1, lengths_2, starts_3, lengths_4, equal_offsets, equal_lengths, sorted_elements_elements_7, equal_elements);
            pulled[k_1] = pull_s_elements_by_tile_r;
        }
    }
    #pragma unroll
    for (int k_2 = 0; k_2 < 8; k_2++) {
        const long g_1 = start + k_2 * 256 + l;
        if (g_1 < t_1) {
            s_elements_31[g_1] = pulled[k_2];
        }
    }
}


// ===== checksum_reduce_sum_fused.cl =====
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

static inline long checksum_reduce_sum_fused_pull_sum(long i, __global const long* s) {
    long iseq = i;
    long mapped = nessie_rem(nessie_mul(s[i], nessie_add(iseq, 1L)), 1000000007L);
    return mapped;
}

static inline long checksum_reduce_sum_fused_op_sum(long a, long b) {
    return nessie_add(a, b);
}

__kernel void checksum_reduce_sum_fused_sum_partial(long groups, long chunk, long n_s_arg, __global const long* n_s_word, __global const long* s, __global long* sum_partials) {
    __local long group_values[256];
    __local long group_swap[256];
    const long n_s = n_s_arg >= 0 ? n_s_arg : clamp(n_s_word[0], 0L, (-1 - n_s_arg) & 0xFFFFFFFFL) + ((-1 - n_s_arg) >> 32);
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (l + 256 * wg + 256 * groups * k < n_s) {
                    long pull_sum_r = checksum_reduce_sum_fused_pull_sum(l + 256 * wg + 256 * groups * k, s);
                    x = pull_sum_r;
                } else {
                    x = 0L;
                }
                long op_sum_r = checksum_reduce_sum_fused_op_sum(acc, x);
                acc = op_sum_r;
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
                    long op_sum_r_1 = checksum_reduce_sum_fused_op_sum(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_sum_r_1;
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
                sum_partials[wg] = group_values_in[0];
            }
        }
    }
}

__kernel void checksum_reduce_sum_fused_sum_final(__global const long* sum_partials, long final_chunk, long groups, __global long* sum) {
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
                    x = sum_partials[256 * k + l];
                } else {
                    x = 0L;
                }
                long op_sum_r = checksum_reduce_sum_fused_op_sum(acc, x);
                acc = op_sum_r;
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
                    long op_sum_r_1 = checksum_reduce_sum_fused_op_sum(acc_1, group_values_in[k_1 + 2 * l_1]);
                    acc_1 = op_sum_r_1;
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
                sum[0] = group_values_in[0];
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

static inline int is_sorted_fused_pull_and(long i, __global const long* a, __global const long* b) {
    int mapped = a[i] <= b[i];
    return mapped;
}

static inline int is_sorted_fused_op_and(int a, int b) {
    return a && b;
}

__kernel void is_sorted_fused_and_partial(long groups, long chunk, long n_a_arg, __global const long* n_a_word, __global const long* a_0, __global const long* b_1, __global uchar* and_partials) {
    __local int group_values[256];
    __local int group_swap[256];
    const long n_a = n_a_arg >= 0 ? n_a_arg : clamp(n_a_word[0], 0L, (-1 - n_a_arg) & 0xFFFFFFFFL) + ((-1 - n_a_arg) >> 32);
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


// ===== main_map_fused.cl =====
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

static inline long main_map_fused_pull_data(long i) {
    long iseq = i;
    long x = iseq;
    long x_1 = nessie_rem(nessie_add(nessie_mul(x, 1103515245L), 12345L), 2147483648L);
    long x_2 = x_1 ^ nessie_shr(x_1, 11L);
    return nessie_rem(nessie_rem(nessie_add(nessie_mul(x_2, 1103515245L), 12345L), 2147483648L), 1000000L);
}

__kernel void main_map_fused_data(long t_1_arg, __global const long* t_1_word, __global long* data) {
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < t_1) {
        long pull_data_r = main_map_fused_pull_data(gid);
        data[gid] = pull_data_r;
    }
}

__kernel void main_map_fused_data_idx32(long t_1_arg, __global const long* t_1_word, __global long* data) {
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long gid = (long)(uint)get_global_id(0);
    if (gid < t_1) {
        long pull_data_r = main_map_fused_pull_data(gid);
        data[gid] = pull_data_r;
    }
}


// ===== quicksort_fused_4_by_ids.cl =====
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

static inline void quicksort_fused_4_by_ids_pull_lesser_elements(long i, __global const int* s_offsets_ids, __global const long* then_instances, __global const long* s_offsets, __global const long* s_offsets_1, __global const long* s_elements, long* r0, long* r1) {
    long s = (long)s_offsets_ids[i];
    long r = then_instances[s];
    long q = nessie_add(s_offsets[r], nessie_sub(i, s_offsets_1[s]));
    long s_elements_1 = s_elements[q];
    *r0 = s_elements_1;
    *r1 = s;
}

static inline long quicksort_fused_4_by_ids_keep_lesser_elements(long x, long s_p, __global const long* pivot) {
    return x < pivot[s_p] ? 1L : 0L;
}

static inline long quicksort_fused_4_by_ids_keep_lesser_elements_1(long x, long s_p, __global const long* pivot) {
    return x == pivot[s_p] ? 1L : 0L;
}

static inline long quicksort_fused_4_by_ids_keep_lesser_elements_2(long x, long s_p, __global const long* pivot) {
    return x > pivot[s_p] ? 1L : 0L;
}

__kernel void quicksort_fused_4_by_ids_lesser_elements(__global int* lesser_elements_status, uint lesser_elements_status_epoch, uint lesser_elements_status_base, long total_1_arg, __global const long* total_1_word, __global const int* s_offsets_ids, __global const long* then_instances, __global const long* s_offsets_2, __global const long* s_offsets_0, __global const long* s_elements_3, __global const long* pivot, long lookback_tiles, __global long* lesser_elements_kept_87, __global long* lesser_elements_kept_88, __global long* lesser_elements_kept_89, long n_s_offsets_arg, __global const long* n_s_offsets_word, __global long* lesser_offsets_16, __global long* lesser_offsets_25, __global long* lesser_offsets_34, __global long* lesser_elements_15, __global long* lesser_elements_24, __global long* lesser_elements_33) {
    __local long tile[1792];
    __local long tile_1[1792];
    __local long vals[306];
    __local long vals_1[306];
    __local long vals_2[306];
    __local long flags[35];
    __local uint masks[256];
    __local uint masks_1[256];
    __local uint masks_2[256];
    __local long range[4];
    const long total_1 = total_1_arg >= 0 ? total_1_arg : clamp(total_1_word[0], 0L, (-1 - total_1_arg) & 0xFFFFFFFFL) + ((-1 - total_1_arg) >> 32);
    const long n_s_offsets = n_s_offsets_arg >= 0 ? n_s_offsets_arg : clamp(n_s_offsets_word[0], 0L, (-1 - n_s_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_s_offsets_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(lesser_elements_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(lesser_elements_status) - lesser_elements_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 1792;
    masks[l] = 0;
    masks_1[l] = 0;
    masks_2[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long j = 0; j < 7; j++) {
        const long p_1 = j * 256 + l;
        const long g = start + p_1;
        if (g < total_1) {
            long pull_lesser_elements_r;
            long pull_lesser_elements_r_1;
            quicksort_fused_4_by_ids_pull_lesser_elements(g, s_offsets_ids, then_instances, s_offsets_2, s_offsets_0, s_elements_3, &pull_lesser_elements_r, &pull_lesser_elements_r_1);
            const long x = pull_lesser_elements_r;
            const long x_1 = pull_lesser_elements_r_1;
            long keep_lesser_elements_r = quicksort_fused_4_by_ids_keep_lesser_elements(x, x_1, pivot);
            long keep_lesser_elements_1_r = quicksort_fused_4_by_ids_keep_lesser_elements_1(x, x_1, pivot);
            long keep_lesser_elements_2_r = quicksort_fused_4_by_ids_keep_lesser_elements_2(x, x_1, pivot);
            tile[p_1] = x;
            if (keep_lesser_elements_r != 0) {
                atomic_or(&masks[p_1 / 7], 1u << (p_1 % 7));
            }
            if (keep_lesser_elements_1_r != 0) {
                atomic_or(&masks_1[p_1 / 7], 1u << (p_1 % 7));
            }
            if (keep_lesser_elements_2_r != 0) {
                atomic_or(&masks_2[p_1 / 7], 1u << (p_1 % 7));
            }
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint mask = masks[l];
    vals[l] = (long)popcount(mask);
    const uint mask_1 = masks_1[l];
    vals_1[l] = (long)popcount(mask_1);
    const uint mask_2 = masks_2[l];
    vals_2[l] = (long)popcount(mask_2);
    barrier(CLK_LOCAL_MEM_FENCE);
    #ifdef __NV_CL_C_VERSION
    {
        const int lane = (int)(l & 31);
        const int warp = (int)(l / 32);
        long incl = vals[l];
        long incl_1 = vals_1[l];
        long incl_2 = vals_2[l];
        #pragma unroll
        for (int h = 1; h < 32; h *= 2) {
            const int2 w = as_int2(incl);
            int lo, hi;
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo) : "r"(w.x), "r"(h));
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi) : "r"(w.y), "r"(h));
            long sh = as_long((int2)(lo, hi));
            const int2 w_1 = as_int2(incl_1);
            int lo_1, hi_1;
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_1) : "r"(w_1.x), "r"(h));
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_1) : "r"(w_1.y), "r"(h));
            long sh_1 = as_long((int2)(lo_1, hi_1));
            const int2 w_2 = as_int2(incl_2);
            int lo_2, hi_2;
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_2) : "r"(w_2.x), "r"(h));
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_2) : "r"(w_2.y), "r"(h));
            long sh_2 = as_long((int2)(lo_2, hi_2));
            if (lane >= h) {
                long c = (sh) + (incl);
                long c_1 = (sh_1) + (incl_1);
                long c_2 = (sh_2) + (incl_2);
                incl = c;
                incl_1 = c_1;
                incl_2 = c_2;
            }
        }
        if (lane == 31) {
            vals[256 + warp] = incl;
            vals_1[256 + warp] = incl_1;
            vals_2[256 + warp] = incl_2;
        }
        const int2 w_3 = as_int2(incl);
        int lo_3, hi_3;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_3) : "r"(w_3.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_3) : "r"(w_3.y), "r"(1));
        long sh_3 = as_long((int2)(lo_3, hi_3));
        const int2 w_4 = as_int2(incl_1);
        int lo_4, hi_4;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_4) : "r"(w_4.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_4) : "r"(w_4.y), "r"(1));
        long sh_4 = as_long((int2)(lo_4, hi_4));
        const int2 w_5 = as_int2(incl_2);
        int lo_5, hi_5;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_5) : "r"(w_5.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_5) : "r"(w_5.y), "r"(1));
        long sh_5 = as_long((int2)(lo_5, hi_5));
        if (lane == 0) {
            sh_3 = 0;
            sh_4 = 0;
            sh_5 = 0;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        long offset = 0;
        long offset_1 = 0;
        long offset_2 = 0;
        #pragma unroll
        for (long r = 0; r < 8; r++) {
            if (r < warp) {
                long c_3 = (offset) + (vals[256 + r]);
                long c_4 = (offset_1) + (vals_1[256 + r]);
                long c_5 = (offset_2) + (vals_2[256 + r]);
                offset = c_3;
                offset_1 = c_4;
                offset_2 = c_5;
            }
        }
        long c_6 = (offset) + (sh_3);
        long c_7 = (offset_1) + (sh_4);
        long c_8 = (offset_2) + (sh_5);
        offset = c_6;
        offset_1 = c_7;
        offset_2 = c_8;
        if (l < 32) {
            long agg = 0;
            long agg_1 = 0;
            long agg_2 = 0;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long c_9 = (agg) + (vals[256 + r]);
                long c_10 = (agg_1) + (vals_1[256 + r]);
                long c_11 = (agg_2) + (vals_2[256 + r]);
                agg = c_9;
                agg_1 = c_10;
                agg_2 = c_11;
            }
            if (lane == 0) {
                vals[305] = agg;
                vals_1[305] = agg_1;
                vals_2[305] = agg_2;
                if (tile_no == 0) {
                    const ulong bits = (ulong)(agg);
                    const ulong tag = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 0) * 2] = tag | (bits & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 0) * 2 + 1] = tag | (bits >> 32);
                    const ulong bits_1 = (ulong)(agg_1);
                    const ulong tag_1 = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 1) * 2] = tag_1 | (bits_1 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 1) * 2 + 1] = tag_1 | (bits_1 >> 32);
                    const ulong bits_2 = (ulong)(agg_2);
                    const ulong tag_2 = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 2) * 2] = tag_2 | (bits_2 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 2) * 2 + 1] = tag_2 | (bits_2 >> 32);
                } else {
                    const ulong bits_3 = (ulong)(agg);
                    const ulong tag_3 = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 0) * 3 + 0) * 2] = tag_3 | (bits_3 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 3 + 0) * 2 + 1] = tag_3 | (bits_3 >> 32);
                    const ulong bits_4 = (ulong)(agg_1);
                    const ulong tag_4 = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 0) * 3 + 1) * 2] = tag_4 | (bits_4 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 3 + 1) * 2 + 1] = tag_4 | (bits_4 >> 32);
                    const ulong bits_5 = (ulong)(agg_2);
                    const ulong tag_5 = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 0) * 3 + 2) * 2] = tag_5 | (bits_5 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 3 + 2) * 2 + 1] = tag_5 | (bits_5 >> 32);
                }
            }
            long prefix = 0;
            long prefix_1 = 0;
            long prefix_2 = 0;
            if (tile_no > 0) {
                long at = tile_no - 1;
                for (;;) {
                    const long jt = at - lane;
                    int fl = 0;
                    long win = 0;
                    long win_1 = 0;
                    long win_2 = 0;
                    if (jt >= 0) {
                        const ulong lo_6 = status[((2 * jt + 1) * 3 + 0) * 2];
                        const ulong hi_6 = status[((2 * jt + 1) * 3 + 0) * 2 + 1];
                        const ulong lo_7 = status[((2 * jt + 1) * 3 + 1) * 2];
                        const ulong hi_7 = status[((2 * jt + 1) * 3 + 1) * 2 + 1];
                        const ulong lo_8 = status[((2 * jt + 1) * 3 + 2) * 2];
                        const ulong hi_8 = status[((2 * jt + 1) * 3 + 2) * 2 + 1];
                        if ((lo_6 >> 32) == lesser_elements_status_epoch && (hi_6 >> 32) == lesser_elements_status_epoch && (lo_7 >> 32) == lesser_elements_status_epoch && (hi_7 >> 32) == lesser_elements_status_epoch && (lo_8 >> 32) == lesser_elements_status_epoch && (hi_8 >> 32) == lesser_elements_status_epoch) {
                            fl = 2;
                            win = (long)((lo_6 & 0xffffffffUL) | ((hi_6 & 0xffffffffUL) << 32));
                            win_1 = (long)((lo_7 & 0xffffffffUL) | ((hi_7 & 0xffffffffUL) << 32));
                            win_2 = (long)((lo_8 & 0xffffffffUL) | ((hi_8 & 0xffffffffUL) << 32));
                        }
                        if (fl == 0) {
                            const ulong lo_9 = status[((2 * jt + 0) * 3 + 0) * 2];
                            const ulong hi_9 = status[((2 * jt + 0) * 3 + 0) * 2 + 1];
                            const ulong lo_10 = status[((2 * jt + 0) * 3 + 1) * 2];
                            const ulong hi_10 = status[((2 * jt + 0) * 3 + 1) * 2 + 1];
                            const ulong lo_11 = status[((2 * jt + 0) * 3 + 2) * 2];
                            const ulong hi_11 = status[((2 * jt + 0) * 3 + 2) * 2 + 1];
                            if ((lo_9 >> 32) == lesser_elements_status_epoch && (hi_9 >> 32) == lesser_elements_status_epoch && (lo_10 >> 32) == lesser_elements_status_epoch && (hi_10 >> 32) == lesser_elements_status_epoch && (lo_11 >> 32) == lesser_elements_status_epoch && (hi_11 >> 32) == lesser_elements_status_epoch) {
                                fl = 1;
                                win = (long)((lo_9 & 0xffffffffUL) | ((hi_9 & 0xffffffffUL) << 32));
                                win_1 = (long)((lo_10 & 0xffffffffUL) | ((hi_10 & 0xffffffffUL) << 32));
                                win_2 = (long)((lo_11 & 0xffffffffUL) | ((hi_11 & 0xffffffffUL) << 32));
                            }
                        }
                    }
                    uint prefixes, missing;
                    asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }" : "=r"(prefixes) : "r"((uint)(fl == 2)));
                    asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }" : "=r"(missing) : "r"((uint)(fl == 0)));
                    const uint stops = prefixes | missing;
                    const int first = stops == 0 ? 32 : (int)popcount((stops & (0u - stops)) - 1u);
                    const int found = first < 32 && ((prefixes >> first) & 1u);
                    const int take = first + found;
                    if (take > 0) {
                        if (lane >= take) {
                            win = 0;
                            win_1 = 0;
                            win_2 = 0;
                        }
                        #pragma unroll
                        for (int h_1 = 1; h_1 < 32; h_1 *= 2) {
                            const int2 w_6 = as_int2(win);
                            int lo_12, hi_12;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_12) : "r"(w_6.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_12) : "r"(w_6.y), "r"(h_1));
                            long sh_6 = as_long((int2)(lo_12, hi_12));
                            const int2 w_7 = as_int2(win_1);
                            int lo_13, hi_13;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_13) : "r"(w_7.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_13) : "r"(w_7.y), "r"(h_1));
                            long sh_7 = as_long((int2)(lo_13, hi_13));
                            const int2 w_8 = as_int2(win_2);
                            int lo_14, hi_14;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_14) : "r"(w_8.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_14) : "r"(w_8.y), "r"(h_1));
                            long sh_8 = as_long((int2)(lo_14, hi_14));
                            if (lane + h_1 < 32) {
                                long c_12 = (sh_6) + (win);
                                long c_13 = (sh_7) + (win_1);
                                long c_14 = (sh_8) + (win_2);
                                win = c_12;
                                win_1 = c_13;
                                win_2 = c_14;
                            }
                        }
                        long c_15 = (win) + (prefix);
                        long c_16 = (win_1) + (prefix_1);
                        long c_17 = (win_2) + (prefix_2);
                        prefix = c_15;
                        prefix_1 = c_16;
                        prefix_2 = c_17;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_3 = prefix;
                    long incl_4 = prefix_1;
                    long incl_5 = prefix_2;
                    long c_18 = (incl_3) + (agg);
                    long c_19 = (incl_4) + (agg_1);
                    long c_20 = (incl_5) + (agg_2);
                    incl_3 = c_18;
                    incl_4 = c_19;
                    incl_5 = c_20;
                    const ulong bits_6 = (ulong)(incl_3);
                    const ulong tag_6 = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 0) * 2] = tag_6 | (bits_6 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 0) * 2 + 1] = tag_6 | (bits_6 >> 32);
                    const ulong bits_7 = (ulong)(incl_4);
                    const ulong tag_7 = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 1) * 2] = tag_7 | (bits_7 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 1) * 2 + 1] = tag_7 | (bits_7 >> 32);
                    const ulong bits_8 = (ulong)(incl_5);
                    const ulong tag_8 = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 2) * 2] = tag_8 | (bits_8 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 2) * 2 + 1] = tag_8 | (bits_8 >> 32);
                }
            }
            if (lane == 0) {
                vals[304] = prefix;
                vals_1[304] = prefix_1;
                vals_2[304] = prefix_2;
            }
        }
        vals[l] = offset;
        vals_1[l] = offset_1;
        vals_2[l] = offset_2;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    #else
    {
        if (l < 16) {
            long row = 0;
            long row_1 = 0;
            long row_2 = 0;
            for (long c_21 = 0; c_21 < 16; c_21++) {
                long c_22 = (row) + (vals[l * 16 + c_21]);
                long c_23 = (row_1) + (vals_1[l * 16 + c_21]);
                long c_24 = (row_2) + (vals_2[l * 16 + c_21]);
                row = c_22;
                row_1 = c_23;
                row_2 = c_24;
            }
            vals[256 + l] = row;
            vals_1[256 + l] = row_1;
            vals_2[256 + l] = row_2;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) {
            long total_2 = 0;
            long total_3 = 0;
            long total_4 = 0;
            for (long r_1 = 0; r_1 < 16; r_1++) {
                long x_2 = vals[256 + r_1];
                long x_3 = vals_1[256 + r_1];
                long x_4 = vals_2[256 + r_1];
                long c_25 = (total_2) + (x_2);
                long c_26 = (total_3) + (x_3);
                long c_27 = (total_4) + (x_4);
                total_2 = c_25;
                total_3 = c_26;
                total_4 = c_27;
            }
            vals[305] = total_2;
            vals_1[305] = total_3;
            vals_2[305] = total_4;
            vals[304] = 0;
            vals_1[304] = 0;
            vals_2[304] = 0;
            if (tile_no == 0) {
                const ulong bits_9 = (ulong)(total_2);
                const ulong tag_9 = (ulong)lesser_elements_status_epoch << 32;
                status[((2 * tile_no + 1) * 3 + 0) * 2] = tag_9 | (bits_9 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 3 + 0) * 2 + 1] = tag_9 | (bits_9 >> 32);
                const ulong bits_10 = (ulong)(total_3);
                const ulong tag_10 = (ulong)lesser_elements_status_epoch << 32;
                status[((2 * tile_no + 1) * 3 + 1) * 2] = tag_10 | (bits_10 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 3 + 1) * 2 + 1] = tag_10 | (bits_10 >> 32);
                const ulong bits_11 = (ulong)(total_4);
                const ulong tag_11 = (ulong)lesser_elements_status_epoch << 32;
                status[((2 * tile_no + 1) * 3 + 2) * 2] = tag_11 | (bits_11 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 3 + 2) * 2 + 1] = tag_11 | (bits_11 >> 32);
            } else {
                const ulong bits_12 = (ulong)(total_2);
                const ulong tag_12 = (ulong)lesser_elements_status_epoch << 32;
                status[((2 * tile_no + 0) * 3 + 0) * 2] = tag_12 | (bits_12 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 3 + 0) * 2 + 1] = tag_12 | (bits_12 >> 32);
                const ulong bits_13 = (ulong)(total_3);
                const ulong tag_13 = (ulong)lesser_elements_status_epoch << 32;
                status[((2 * tile_no + 0) * 3 + 1) * 2] = tag_13 | (bits_13 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 3 + 1) * 2 + 1] = tag_13 | (bits_13 >> 32);
                const ulong bits_14 = (ulong)(total_4);
                const ulong tag_14 = (ulong)lesser_elements_status_epoch << 32;
                status[((2 * tile_no + 0) * 3 + 2) * 2] = tag_14 | (bits_14 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 3 + 2) * 2 + 1] = tag_14 | (bits_14 >> 32);
            }
            flags[33] = tile_no > 0;
            flags[34] = tile_no - 1;
        }
        long excl = 0;
        long excl_1 = 0;
        long excl_2 = 0;
        const long my_row = l / 16;
        const long my_col = l - my_row * 16;
        #pragma unroll
        for (long r_1 = 0; r_1 < 16; r_1++) {
            if (r_1 < my_row) {
                long c_28 = (excl) + (vals[256 + r_1]);
                long c_29 = (excl_1) + (vals_1[256 + r_1]);
                long c_30 = (excl_2) + (vals_2[256 + r_1]);
                excl = c_28;
                excl_1 = c_29;
                excl_2 = c_30;
            }
        }
        #pragma unroll
        for (long c_21 = 0; c_21 < 16; c_21++) {
            if (c_21 < my_col) {
                long c_31 = (excl) + (vals[my_row * 16 + c_21]);
                long c_32 = (excl_1) + (vals_1[my_row * 16 + c_21]);
                long c_33 = (excl_2) + (vals_2[my_row * 16 + c_21]);
                excl = c_31;
                excl_1 = c_32;
                excl_2 = c_33;
            }
        }
        for (;;) {
            barrier(CLK_LOCAL_MEM_FENCE);
            if (!flags[33]) break;
            const long at_1 = flags[34];
            if (l < 32) {
                const long jt_1 = at_1 - l;
                long fl_1 = 0;
                if (jt_1 >= 0) {
                    const ulong lo_15 = status[((2 * jt_1 + 1) * 3 + 0) * 2];
                    const ulong hi_15 = status[((2 * jt_1 + 1) * 3 + 0) * 2 + 1];
                    const ulong lo_16 = status[((2 * jt_1 + 1) * 3 + 1) * 2];
                    const ulong hi_16 = status[((2 * jt_1 + 1) * 3 + 1) * 2 + 1];
                    const ulong lo_17 = status[((2 * jt_1 + 1) * 3 + 2) * 2];
                    const ulong hi_17 = status[((2 * jt_1 + 1) * 3 + 2) * 2 + 1];
                    if ((lo_15 >> 32) == lesser_elements_status_epoch && (hi_15 >> 32) == lesser_elements_status_epoch && (lo_16 >> 32) == lesser_elements_status_epoch && (hi_16 >> 32) == lesser_elements_status_epoch && (lo_17 >> 32) == lesser_elements_status_epoch && (hi_17 >> 32) == lesser_elements_status_epoch) {
                        fl_1 = 2;
                        vals[272 + l] = (long)((lo_15 & 0xffffffffUL) | ((hi_15 & 0xffffffffUL) << 32));
                        vals_1[272 + l] = (long)((lo_16 & 0xffffffffUL) | ((hi_16 & 0xffffffffUL) << 32));
                        vals_2[272 + l] = (long)((lo_17 & 0xffffffffUL) | ((hi_17 & 0xffffffffUL) << 32));
                    }
                    if (fl_1 == 0) {
                        const ulong lo_18 = status[((2 * jt_1 + 0) * 3 + 0) * 2];
                        const ulong hi_18 = status[((2 * jt_1 + 0) * 3 + 0) * 2 + 1];
                        const ulong lo_19 = status[((2 * jt_1 + 0) * 3 + 1) * 2];
                        const ulong hi_19 = status[((2 * jt_1 + 0) * 3 + 1) * 2 + 1];
                        const ulong lo_20 = status[((2 * jt_1 + 0) * 3 + 2) * 2];
                        const ulong hi_20 = status[((2 * jt_1 + 0) * 3 + 2) * 2 + 1];
                        if ((lo_18 >> 32) == lesser_elements_status_epoch && (hi_18 >> 32) == lesser_elements_status_epoch && (lo_19 >> 32) == lesser_elements_status_epoch && (hi_19 >> 32) == lesser_elements_status_epoch && (lo_20 >> 32) == lesser_elements_status_epoch && (hi_20 >> 32) == lesser_elements_status_epoch) {
                            fl_1 = 1;
                            vals[272 + l] = (long)((lo_18 & 0xffffffffUL) | ((hi_18 & 0xffffffffUL) << 32));
                            vals_1[272 + l] = (long)((lo_19 & 0xffffffffUL) | ((hi_19 & 0xffffffffUL) << 32));
                            vals_2[272 + l] = (long)((lo_20 & 0xffffffffUL) | ((hi_20 & 0xffffffffUL) << 32));
                        }
                    }
                }
                flags[l] = fl_1;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            if (l == 0) {
                long excl_3 = vals[304];
                long excl_4 = vals_1[304];
                long excl_5 = vals_2[304];
                long more = 1;
                long k = 0;
                for (; k < 32; k++) {
                    if (flags[k] == 0) break;
                    long c_34 = (vals[272 + k]) + (excl_3);
                    long c_35 = (vals_1[272 + k]) + (excl_4);
                    long c_36 = (vals_2[272 + k]) + (excl_5);
                    excl_3 = c_34;
                    excl_4 = c_35;
                    excl_5 = c_36;
                    if (flags[k] == 2) {
                        more = 0;
                        k++;
                        break;
                    }
                }
                vals[304] = excl_3;
                vals_1[304] = excl_4;
                vals_2[304] = excl_5;
                flags[33] = more;
                flags[34] = at_1 - k;
                if (!more) {
                    long incl_6 = excl_3;
                    long incl_7 = excl_4;
                    long incl_8 = excl_5;
                    long c_37 = (incl_6) + (vals[305]);
                    long c_38 = (incl_7) + (vals_1[305]);
                    long c_39 = (incl_8) + (vals_2[305]);
                    incl_6 = c_37;
                    incl_7 = c_38;
                    incl_8 = c_39;
                    const ulong bits_15 = (ulong)(incl_6);
                    const ulong tag_15 = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 0) * 2] = tag_15 | (bits_15 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 0) * 2 + 1] = tag_15 | (bits_15 >> 32);
                    const ulong bits_16 = (ulong)(incl_7);
                    const ulong tag_16 = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 1) * 2] = tag_16 | (bits_16 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 1) * 2 + 1] = tag_16 | (bits_16 >> 32);
                    const ulong bits_17 = (ulong)(incl_8);
                    const ulong tag_17 = (ulong)lesser_elements_status_epoch << 32;
                    status[((2 * tile_no + 1) * 3 + 2) * 2] = tag_17 | (bits_17 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 3 + 2) * 2 + 1] = tag_17 | (bits_17 >> 32);
                }
            }
        }
        vals[l] = excl;
        vals_1[l] = excl_1;
        vals_2[l] = excl_2;
    }
    #endif
    vals[l] = (vals[l] << 32) | mask;
    vals_1[l] = (vals_1[l] << 32) | mask_1;
    vals_2[l] = (vals_2[l] << 32) | mask_2;
    barrier(CLK_LOCAL_MEM_FENCE);
    const long base = vals[304];
    const long base_1 = vals_1[304];
    const long base_2 = vals_2[304];
    #pragma unroll
    for (long j = 0; j < 7; j++) {
        const long p_1 = j * 256 + l;
        const long owner = p_1 / 7;
        const uint bit = (uint)(p_1 - owner * 7);
        const long packed = vals[owner];
        const uint kmask = (uint)packed;
        if ((kmask >> bit) & 1u) {
            lesser_elements_15[base + (packed >> 32) + (long)popcount(kmask & ((1u << bit) - 1u))] = tile[p_1];
        }
        const long packed_1 = vals_1[owner];
        const uint kmask_1 = (uint)packed_1;
        if ((kmask_1 >> bit) & 1u) {
            lesser_elements_24[base_1 + (packed_1 >> 32) + (long)popcount(kmask_1 & ((1u << bit) - 1u))] = tile[p_1];
        }
        const long packed_2 = vals_2[owner];
        const uint kmask_2 = (uint)packed_2;
        if ((kmask_2 >> bit) & 1u) {
            lesser_elements_33[base_2 + (packed_2 >> 32) + (long)popcount(kmask_2 & ((1u << bit) - 1u))] = tile[p_1];
        }
    }
    if (l == 0 && tile_no == lookback_tiles - 1) {
        lesser_elements_kept_87[0] = base + vals[305];
        lesser_elements_kept_88[0] = base_1 + vals_1[305];
        lesser_elements_kept_89[0] = base_2 + vals_2[305];
    }
    {
        const long lo_21 = 0, hi_21 = n_s_offsets;
        const long step = (hi_21 - lo_21 + 256 - 1) / 256;
        const long p_2 = lo_21 + l * step;
        if (lo_21 < hi_21) {
            if (p_2 < hi_21 && s_offsets_0[p_2] < start) {
                const long r_2 = p_2 + step;
                if (r_2 >= hi_21 || s_offsets_0[r_2] >= start) {
                    range[0] = p_2 + 1;
                    range[1] = min(r_2, hi_21);
                }
            }
            if (l == 0 && s_offsets_0[lo_21] >= start) {
                range[0] = lo_21;
                range[1] = lo_21;
            }
        } else if (l == 0) {
            range[0] = lo_21;
            range[1] = hi_21;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    {
        const long lo_22 = range[0], hi_22 = range[1];
        const long step_1 = (hi_22 - lo_22 + 256 - 1) / 256;
        const long p_3 = lo_22 + l * step_1;
        if (lo_22 < hi_22) {
            if (p_3 < hi_22 && s_offsets_0[p_3] < start) {
                const long r_3 = p_3 + step_1;
                if (r_3 >= hi_22 || s_offsets_0[r_3] >= start) {
                    range[2] = p_3 + 1;
                    range[3] = min(r_3, hi_22);
                }
            }
            if (l == 0 && s_offsets_0[lo_22] >= start) {
                range[2] = lo_22;
                range[3] = lo_22;
            }
        } else if (l == 0) {
            range[2] = lo_22;
            range[3] = hi_22;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long a = range[2], b = range[3];
    while (a < b) {
        const long mid = a + (b - a) / 2;
        if (s_offsets_0[mid] < start) a = mid + 1; else b = mid;
    }
    for (long s = a + l; s < n_s_offsets && (tile_no == lookback_tiles - 1 || s_offsets_0[s] < start + 1792); s += 256) {
        const long q = min(s_offsets_0[s], (long)(total_1)) - start;
        const long owner_1 = min(q, (long)1792 - 1) / 7;
        const uint bit_1 = (uint)(q - owner_1 * 7);
        const long packed_3 = vals[owner_1];
        lesser_offsets_16[s] = q >= 1792 ? base + vals[305] : base + (packed_3 >> 32) + (long)popcount((uint)packed_3 & ((1u << bit_1) - 1u));
        const long packed_4 = vals_1[owner_1];
        lesser_offsets_25[s] = q >= 1792 ? base_1 + vals_1[305] : base_1 + (packed_4 >> 32) + (long)popcount((uint)packed_4 & ((1u << bit_1) - 1u));
        const long packed_5 = vals_2[owner_1];
        lesser_offsets_34[s] = q >= 1792 ? base_2 + vals_2[305] : base_2 + (packed_5 >> 32) + (long)popcount((uint)packed_5 & ((1u << bit_1) - 1u));
    }
}


// ===== quicksort_fused_4_segment_ids.cl =====
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

__kernel void quicksort_fused_4_segment_ids_ids(__global const long* s_offsets, long n_s_offsets_arg, __global const long* n_s_offsets_word, long n_2_arg, __global const long* n_2_word, __global int* ids) {
    __local int counts[2048];
    __local long sums[256];
    __local long range[4];
    const long n_s_offsets = n_s_offsets_arg >= 0 ? n_s_offsets_arg : clamp(n_s_offsets_word[0], 0L, (-1 - n_s_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_s_offsets_arg) >> 32);
    const long n_2 = n_2_arg >= 0 ? n_2_arg : clamp(n_2_word[0], 0L, (-1 - n_2_arg) & 0xFFFFFFFFL) + ((-1 - n_2_arg) >> 32);
    const long l = get_local_id(0);
    const long start = get_group_id(0) * 2048;
    if (start >= n_2) return;
    if (l == 0) {
        range[0] = 0;
        range[1] = n_s_offsets;
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo = range[0];
        const long hi = range[1];
        if (hi - lo > 1) {
            const long step = (hi - lo + 255) / 256;
            const long p = lo + l * step;
            if (p < hi && s_offsets[p] <= start) {
                const long q = p + step;
                if (q >= hi || s_offsets[q] > start) {
                    range[2] = p;
                    range[3] = min(q, hi);
                }
            }
            if (l == 0 && s_offsets[lo] > start) {
                range[2] = lo;
                range[3] = lo + 1;
            }
        } else if (l == 0) {
            range[2] = lo;
            range[3] = hi;
        }
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo_1 = range[2];
        const long hi_1 = range[3];
        if (hi_1 - lo_1 > 1) {
            const long step_1 = (hi_1 - lo_1 + 255) / 256;
            const long p_1 = lo_1 + l * step_1;
            if (p_1 < hi_1 && s_offsets[p_1] <= start) {
                const long q_1 = p_1 + step_1;
                if (q_1 >= hi_1 || s_offsets[q_1] > start) {
                    range[0] = p_1;
                    range[1] = min(q_1, hi_1);
                }
            }
            if (l == 0 && s_offsets[lo_1] > start) {
                range[0] = lo_1;
                range[1] = lo_1 + 1;
            }
        } else if (l == 0) {
            range[0] = lo_1;
            range[1] = hi_1;
        }
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo_2 = range[0];
        const long hi_2 = range[1];
        if (hi_2 - lo_2 > 1) {
            const long step_2 = (hi_2 - lo_2 + 255) / 256;
            const long p_2 = lo_2 + l * step_2;
            if (p_2 < hi_2 && s_offsets[p_2] <= start) {
                const long q_2 = p_2 + step_2;
                if (q_2 >= hi_2 || s_offsets[q_2] > start) {
                    range[2] = p_2;
                    range[3] = min(q_2, hi_2);
                }
            }
            if (l == 0 && s_offsets[lo_2] > start) {
                range[2] = lo_2;
                range[3] = lo_2 + 1;
            }
        } else if (l == 0) {
            range[2] = lo_2;
            range[3] = hi_2;
        }
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo_3 = range[2];
        const long hi_3 = range[3];
        if (hi_3 - lo_3 > 1) {
            const long step_3 = (hi_3 - lo_3 + 255) / 256;
            const long p_3 = lo_3 + l * step_3;
            if (p_3 < hi_3 && s_offsets[p_3] <= start) {
                const long q_3 = p_3 + step_3;
                if (q_3 >= hi_3 || s_offsets[q_3] > start) {
                    range[0] = p_3;
                    range[1] = min(q_3, hi_3);
                }
            }
            if (l == 0 && s_offsets[lo_3] > start) {
                range[0] = lo_3;
                range[1] = lo_3 + 1;
            }
        } else if (l == 0) {
            range[0] = lo_3;
            range[1] = hi_3;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const long first = range[0];
    const int whole = first + 1 >= n_s_offsets || s_offsets[first + 1] - start >= 2048;
    if (!whole) {
        for (long i = l; i < 2048; i += 256) counts[i] = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long s = first + 1 + l; s < n_s_offsets; s += 256) {
            const long o = s_offsets[s] - start;
            if (o >= 2048) break;
            if (o > 0) atomic_inc(&counts[o]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        long mine = 0;
        for (long k = 0; k < 8; k++) mine += counts[l * 8 + k];
        sums[l] = mine;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v = l >= 1 ? sums[l - 1] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_1 = l >= 2 ? sums[l - 2] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_1;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_2 = l >= 4 ? sums[l - 4] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_2;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_3 = l >= 8 ? sums[l - 8] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_3;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_4 = l >= 16 ? sums[l - 16] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_4;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_5 = l >= 32 ? sums[l - 32] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_5;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_6 = l >= 64 ? sums[l - 64] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_6;
        barrier(CLK_LOCAL_MEM_FENCE);
        const long v_7 = l >= 128 ? sums[l - 128] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        sums[l] += v_7;
        barrier(CLK_LOCAL_MEM_FENCE);
        long run = sums[l] - mine;
        for (long k = 0; k < 8; k++) {
            run += counts[l * 8 + k];
            counts[l * 8 + k] = (int)run;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (long i_1 = l; i_1 < 2048; i_1 += 256) {
        const long g = start + i_1;
        if (g < n_2) ids[g] = (whole ? first : first + counts[i_1]);
    }
}


