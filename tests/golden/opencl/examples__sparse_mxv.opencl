// ===== index_total.cl =====
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

static inline long index_total_once_total(__global const long* lengths, long lengths_len, __global const long* offsets) {
    long t;
    if (lengths_len == 0L) {
        t = 0L;
    } else {
        long last = nessie_sub(lengths_len, 1L);
        t = nessie_add(offsets[last], lengths[last]);
    }
    return t;
}

__kernel void index_total_total(__global const long* lengths, long n_lengths_arg, __global const long* n_lengths_word, __global const long* offsets, __global long* total) {
    const long n_lengths = n_lengths_arg >= 0 ? n_lengths_arg : clamp(n_lengths_word[0], 0L, (-1 - n_lengths_arg) & 0xFFFFFFFFL) + ((-1 - n_lengths_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < 1) {
        long once_total_r = index_total_once_total(lengths, n_lengths, offsets);
        total[0] = once_total_r;
    }
}


// ===== index_map_2.cl =====
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

static inline long index_map_2_pull_iseq(long i, __global const long* offsets, long offsets_len) {
    long segment = nessie_segment_of(offsets, offsets_len, i);
    long s = segment;
    long w = nessie_sub(i, offsets[s]);
    return w;
}

static inline long index_map_2_pull_iseq_by_tile(long i, long segment, __global const long* offsets) {
    long s = segment;
    long w = nessie_sub(i, offsets[s]);
    return w;
}

__kernel void index_map_2_iseq(long total_2_arg, __global const long* total_2_word, __global const long* offsets, long n_offsets_arg, __global const long* n_offsets_word, __global long* iseq) {
    const long total_2 = total_2_arg >= 0 ? total_2_arg : clamp(total_2_word[0], 0L, (-1 - total_2_arg) & 0xFFFFFFFFL) + ((-1 - total_2_arg) >> 32);
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < total_2) {
        long pull_iseq_r = index_map_2_pull_iseq(gid, offsets, n_offsets);
        iseq[gid] = pull_iseq_r;
    }
}

__kernel void index_map_2_iseq_tiles(__global const long* offsets, long n_offsets_arg, __global const long* n_offsets_word, long total_2_arg, __global const long* total_2_word, __global long* iseq) {
    __local int counts[2048];
    __local long sums[256];
    __local long range[4];
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    const long total_2 = total_2_arg >= 0 ? total_2_arg : clamp(total_2_word[0], 0L, (-1 - total_2_arg) & 0xFFFFFFFFL) + ((-1 - total_2_arg) >> 32);
    const long l = get_local_id(0);
    const long start = get_group_id(0) * 2048;
    if (start >= total_2) return;
    if (l == 0) {
        range[0] = 0;
        range[1] = n_offsets;
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo = range[0];
        const long hi = range[1];
        if (hi - lo > 1) {
            const long step = (hi - lo + 255) / 256;
            const long p = lo + l * step;
            if (p < hi && offsets[p] <= start) {
                const long q = p + step;
                if (q >= hi || offsets[q] > start) {
                    range[2] = p;
                    range[3] = min(q, hi);
                }
            }
            if (l == 0 && offsets[lo] > start) {
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
            if (p_1 < hi_1 && offsets[p_1] <= start) {
                const long q_1 = p_1 + step_1;
                if (q_1 >= hi_1 || offsets[q_1] > start) {
                    range[0] = p_1;
                    range[1] = min(q_1, hi_1);
                }
            }
            if (l == 0 && offsets[lo_1] > start) {
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
            if (p_2 < hi_2 && offsets[p_2] <= start) {
                const long q_2 = p_2 + step_2;
                if (q_2 >= hi_2 || offsets[q_2] > start) {
                    range[2] = p_2;
                    range[3] = min(q_2, hi_2);
                }
            }
            if (l == 0 && offsets[lo_2] > start) {
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
            if (p_3 < hi_3 && offsets[p_3] <= start) {
                const long q_3 = p_3 + step_3;
                if (q_3 >= hi_3 || offsets[q_3] > start) {
                    range[0] = p_3;
                    range[1] = min(q_3, hi_3);
                }
            }
            if (l == 0 && offsets[lo_3] > start) {
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
    const int whole = first + 1 >= n_offsets || offsets[first + 1] - start >= 2048;
    if (!whole) {
        for (long i_1 = l; i_1 < 2048; i_1 += 256) counts[i_1] = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long s_1 = first + 1 + l; s_1 < n_offsets; s_1 += 256) {
            const long o = offsets[s_1] - start;
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
        const long i_2 = k_1 * 256 + l;
        const long g = start + i_2;
        if (g < total_2) {
            long pull_iseq_by_tile_r = index_map_2_pull_iseq_by_tile(g, (whole ? first : first + counts[i_2]), offsets);
            pulled[k_1] = pull_iseq_by_tile_r;
        }
    }
    #pragma unroll
    for (int k_2 = 0; k_2 < 8; k_2++) {
        const long g_1 = start + k_2 * 256 + l;
        if (g_1 < total_2) {
            iseq[g_1] = pulled[k_2];
        }
    }
}


// ===== main_reduce_sum_2.cl =====
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

static inline double main_reduce_sum_2_pull_sum(long i, __global const double* r) {
    return r[i];
}

static inline double main_reduce_sum_2_op_sum(double a, double b) {
    return a + b;
}

__kernel void main_reduce_sum_2_sum_partial(long groups, long chunk, long n_r_arg, __global const long* n_r_word, __global const double* r, __global double* sum_partials) {
    __local double group_values[256];
    __local double group_swap[256];
    const long n_r = n_r_arg >= 0 ? n_r_arg : clamp(n_r_word[0], 0L, (-1 - n_r_arg) & 0xFFFFFFFFL) + ((-1 - n_r_arg) >> 32);
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            double acc = 0.0;
            for (long k = 0; k < chunk; k++) {
                double x;
                if (l + 256 * wg + 256 * groups * k < n_r) {
                    double pull_sum_r = main_reduce_sum_2_pull_sum(l + 256 * wg + 256 * groups * k, r);
                    x = pull_sum_r;
                } else {
                    x = 0.0;
                }
                double op_sum_r = main_reduce_sum_2_op_sum(acc, x);
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
                    double op_sum_r_1 = main_reduce_sum_2_op_sum(acc_1, group_values_in[k_1 + 2 * l_1]);
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

__kernel void main_reduce_sum_2_sum_final(__global const double* sum_partials, long final_chunk, long groups, __global double* sum) {
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
                double op_sum_r = main_reduce_sum_2_op_sum(acc, x);
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
                    double op_sum_r_1 = main_reduce_sum_2_op_sum(acc_1, group_values_in[k_1 + 2 * l_1]);
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


// ===== sparse_matrix_map_fused.cl =====
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

static inline void sparse_matrix_map_fused_pull_iseq(long i, long* r0, long* r1) {
    long v = i;
    long iseq = i;
    long x = iseq;
    long v_1 = nessie_add(1L, nessie_rem(nessie_rem(nessie_add(nessie_mul(x, 1299709L), 12345L), 1000003L), 31L));
    *r0 = v;
    *r1 = v_1;
}

__kernel void sparse_matrix_map_fused_iseq(long t_1_arg, __global const long* t_1_word, __global int* iseq_1, __global int* mapped) {
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < t_1) {
        long pull_iseq_r;
        long pull_iseq_r_1;
        sparse_matrix_map_fused_pull_iseq(gid, &pull_iseq_r, &pull_iseq_r_1);
        iseq_1[gid] = pull_iseq_r;
        mapped[gid] = pull_iseq_r_1;
    }
}

__kernel void sparse_matrix_map_fused_iseq_idx32(long t_1_arg, __global const long* t_1_word, __global int* iseq_1, __global int* mapped) {
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long gid = (long)(uint)get_global_id(0);
    if (gid < t_1) {
        long pull_iseq_r;
        long pull_iseq_r_1;
        sparse_matrix_map_fused_pull_iseq(gid, &pull_iseq_r, &pull_iseq_r_1);
        iseq_1[gid] = pull_iseq_r;
        mapped[gid] = pull_iseq_r_1;
    }
}


// ===== sparse_matrix_map_fused_2.cl =====
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

static inline void sparse_matrix_map_fused_2_pull_mapped(long i, __global const long* index_offsets, long index_offsets_len, __global const int* r, __global const long* k, long cols, __global long* err, long* r0, double* r1) {
    long segment = nessie_segment_of(index_offsets, index_offsets_len, i);
    long s = segment;
    long x = nessie_add(nessie_mul(64L, (long)r[s]), k[i]);
    if (cols == 0L) {
        nessie_fail(err, 1, 2, 0, 0);
        *r0 = 0L;
        *r1 = 0.0;
        return;
    }
    long v = nessie_rem(nessie_rem(nessie_add(nessie_mul(x, 7919L), 12345L), 1000003L), cols);
    long s_1 = segment;
    long x_1 = nessie_add(nessie_mul(64L, (long)r[s_1]), k[i]);
    double v_1 = (double)nessie_sub(nessie_rem(nessie_rem(nessie_add(nessie_mul(x_1, 104729L), 12345L), 1000003L), 2001L), 1000L) / 1024.0;
    *r0 = v;
    *r1 = v_1;
}

static inline void sparse_matrix_map_fused_2_pull_mapped_by_tile(long i, long segment, __global const int* r, __global const long* k, long cols, __global long* err, long* r0, double* r1) {
    long s = segment;
    long x = nessie_add(nessie_mul(64L, (long)r[s]), k[i]);
    if (cols == 0L) {
        nessie_fail(err, 1, 2, 0, 0);
        *r0 = 0L;
        *r1 = 0.0;
        return;
    }
    long v = nessie_rem(nessie_rem(nessie_add(nessie_mul(x, 7919L), 12345L), 1000003L), cols);
    long s_1 = segment;
    long x_1 = nessie_add(nessie_mul(64L, (long)r[s_1]), k[i]);
    double v_1 = (double)nessie_sub(nessie_rem(nessie_rem(nessie_add(nessie_mul(x_1, 104729L), 12345L), 1000003L), 2001L), 1000L) / 1024.0;
    *r0 = v;
    *r1 = v_1;
}

__kernel void sparse_matrix_map_fused_2_mapped(long n_k_arg, __global const long* n_k_word, __global const long* index_offsets, long n_index_offsets_arg, __global const long* n_index_offsets_word, __global const int* r, __global const long* k, long cols, __global int* mapped_4, __global double* mapped_8, __global long* err) {
    const long n_k = n_k_arg >= 0 ? n_k_arg : clamp(n_k_word[0], 0L, (-1 - n_k_arg) & 0xFFFFFFFFL) + ((-1 - n_k_arg) >> 32);
    const long n_index_offsets = n_index_offsets_arg >= 0 ? n_index_offsets_arg : clamp(n_index_offsets_word[0], 0L, (-1 - n_index_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_index_offsets_arg) >> 32);
    if (nessie_failed(err)) return;
    const long gid = get_global_id(0);
    if (gid < n_k) {
        long pull_mapped_r;
        double pull_mapped_r_1;
        sparse_matrix_map_fused_2_pull_mapped(gid, index_offsets, n_index_offsets, r, k, cols, err, &pull_mapped_r, &pull_mapped_r_1);
        mapped_4[gid] = pull_mapped_r;
        mapped_8[gid] = pull_mapped_r_1;
    }
}

__kernel void sparse_matrix_map_fused_2_mapped_idx32(long n_k_arg, __global const long* n_k_word, __global const long* index_offsets, long n_index_offsets_arg, __global const long* n_index_offsets_word, __global const int* r, __global const long* k, long cols, __global int* mapped_4, __global double* mapped_8, __global long* err) {
    const long n_k = n_k_arg >= 0 ? n_k_arg : clamp(n_k_word[0], 0L, (-1 - n_k_arg) & 0xFFFFFFFFL) + ((-1 - n_k_arg) >> 32);
    const long n_index_offsets = n_index_offsets_arg >= 0 ? n_index_offsets_arg : clamp(n_index_offsets_word[0], 0L, (-1 - n_index_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_index_offsets_arg) >> 32);
    if (nessie_failed(err)) return;
    const long gid = (long)(uint)get_global_id(0);
    if (gid < n_k) {
        long pull_mapped_r;
        double pull_mapped_r_1;
        sparse_matrix_map_fused_2_pull_mapped(gid, index_offsets, n_index_offsets, r, k, cols, err, &pull_mapped_r, &pull_mapped_r_1);
        mapped_4[gid] = pull_mapped_r;
        mapped_8[gid] = pull_mapped_r_1;
    }
}

__kernel void sparse_matrix_map_fused_2_mapped_tiles(__global const long* index_offsets, long n_index_offsets_arg, __global const long* n_index_offsets_word, long n_k_arg, __global const long* n_k_word, __global const int* r, __global const long* k, long cols, __global int* mapped_4, __global double* mapped_8, __global long* err) {
    __local int counts[2048];
    __local long sums[256];
    __local long range[4];
    const long n_index_offsets = n_index_offsets_arg >= 0 ? n_index_offsets_arg : clamp(n_index_offsets_word[0], 0L, (-1 - n_index_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_index_offsets_arg) >> 32);
    const long n_k = n_k_arg >= 0 ? n_k_arg : clamp(n_k_word[0], 0L, (-1 - n_k_arg) & 0xFFFFFFFFL) + ((-1 - n_k_arg) >> 32);
    const long l = get_local_id(0);
    const long start = get_group_id(0) * 2048;
    if (start >= n_k) return;
    if (l == 0) {
        range[0] = 0;
        range[1] = n_index_offsets;
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo = range[0];
        const long hi = range[1];
        if (hi - lo > 1) {
            const long step = (hi - lo + 255) / 256;
            const long p = lo + l * step;
            if (p < hi && index_offsets[p] <= start) {
                const long q = p + step;
                if (q >= hi || index_offsets[q] > start) {
                    range[2] = p;
                    range[3] = min(q, hi);
                }
            }
            if (l == 0 && index_offsets[lo] > start) {
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
            if (p_1 < hi_1 && index_offsets[p_1] <= start) {
                const long q_1 = p_1 + step_1;
                if (q_1 >= hi_1 || index_offsets[q_1] > start) {
                    range[0] = p_1;
                    range[1] = min(q_1, hi_1);
                }
            }
            if (l == 0 && index_offsets[lo_1] > start) {
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
            if (p_2 < hi_2 && index_offsets[p_2] <= start) {
                const long q_2 = p_2 + step_2;
                if (q_2 >= hi_2 || index_offsets[q_2] > start) {
                    range[2] = p_2;
                    range[3] = min(q_2, hi_2);
                }
            }
            if (l == 0 && index_offsets[lo_2] > start) {
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
            if (p_3 < hi_3 && index_offsets[p_3] <= start) {
                const long q_3 = p_3 + step_3;
                if (q_3 >= hi_3 || index_offsets[q_3] > start) {
                    range[0] = p_3;
                    range[1] = min(q_3, hi_3);
                }
            }
            if (l == 0 && index_offsets[lo_3] > start) {
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
    const int whole = first + 1 >= n_index_offsets || index_offsets[first + 1] - start >= 2048;
    if (!whole) {
        for (long i = l; i < 2048; i += 256) counts[i] = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long s = first + 1 + l; s < n_index_offsets; s += 256) {
            const long o = index_offsets[s] - start;
            if (o >= 2048) break;
            if (o > 0) atomic_inc(&counts[o]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        long mine = 0;
        for (long k_1 = 0; k_1 < 8; k_1++) mine += counts[l * 8 + k_1];
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
        for (long k_1 = 0; k_1 < 8; k_1++) {
            run += counts[l * 8 + k_1];
            counts[l * 8 + k_1] = (int)run;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    long pulled[8];
    double pulled_1[8];
    #pragma unroll
    for (int k_2 = 0; k_2 < 8; k_2++) {
        const long i_1 = k_2 * 256 + l;
        const long g = start + i_1;
        if (g < n_k) {
            long pull_mapped_by_tile_r;
            double pull_mapped_by_tile_r_1;
            sparse_matrix_map_fused_2_pull_mapped_by_tile(g, (whole ? first : first + counts[i_1]), r, k, cols, err, &pull_mapped_by_tile_r, &pull_mapped_by_tile_r_1);
            pulled[k_2] = pull_mapped_by_tile_r;
            pulled_1[k_2] = pull_mapped_by_tile_r_1;
        }
    }
    #pragma unroll
    for (int k_3 = 0; k_3 < 8; k_3++) {
        const long g_1 = start + k_3 * 256 + l;
        if (g_1 < n_k) {
            mapped_4[g_1] = pulled[k_3];
            mapped_8[g_1] = pulled_1[k_3];
        }
    }
}


// ===== index_fused.cl =====
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

static inline long index_fused_pull_offsets(long i, __global const int* n, __global long* err) {
    if (1L == 0L) {
        nessie_fail(err, 1, 0, 0, 0);
        return 0L;
    }
    long x = 1L > 0L ? nessie_sub((long)n[i], 0L) : nessie_sub(0L, (long)n[i]);
    long x_1 = nessie_abs(1L);
    long count = x <= 0L ? 0L : nessie_div(nessie_add(x, nessie_sub(x_1, 1L)), x_1);
    if (count > 2147483648L) {
        nessie_fail(err, 1, 1, count, 0);
        return 0L;
    }
    long lengths = count;
    return lengths;
}

static inline long index_fused_op_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline long index_fused_pull_lengths(long i, __global const int* n, __global long* err) {
    if (1L == 0L) {
        nessie_fail(err, 1, 0, 0, 0);
        return 0L;
    }
    long x = 1L > 0L ? nessie_sub((long)n[i], 0L) : nessie_sub(0L, (long)n[i]);
    long x_1 = nessie_abs(1L);
    long count = x <= 0L ? 0L : nessie_div(nessie_add(x, nessie_sub(x_1, 1L)), x_1);
    if (count > 2147483648L) {
        nessie_fail(err, 1, 1, count, 0);
        return 0L;
    }
    return count;
}

__kernel void index_fused_offsets(__global int* offsets_status, uint offsets_status_epoch, uint offsets_status_base, long instances_2_arg, __global const long* instances_2_word, __global const int* n, __global long* offsets, __global long* lengths_2, __global long* err) {
    __local long tile[4864];
    __local long vals[306];
    __local long flags[35];
    const long instances_2 = instances_2_arg >= 0 ? instances_2_arg : clamp(instances_2_word[0], 0L, (-1 - instances_2_arg) & 0xFFFFFFFFL) + ((-1 - instances_2_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(offsets_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(offsets_status) - offsets_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 4864;
    for (long j = 0; j < 19; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < instances_2) {
            long pull_offsets_r = index_fused_pull_offsets(g, n, err);
            long pull_lengths_r = index_fused_pull_lengths(g, n, err);
            tile[p] = pull_offsets_r;
            lengths_2[g] = pull_lengths_r;
        } else {
            tile[p] = 0L;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long acc = 0L;
    for (long j = 0; j < 19; j++) {
        long op_offsets_r = index_fused_op_offsets(acc, tile[l * 19 + j]);
        long c = op_offsets_r;
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
                long op_offsets_r_1 = index_fused_op_offsets(sh, incl);
                long c_1 = op_offsets_r_1;
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
                long op_offsets_r_2 = index_fused_op_offsets(offset, vals[256 + r]);
                long c_2 = op_offsets_r_2;
                offset = c_2;
            }
        }
        long op_offsets_r_3 = index_fused_op_offsets(offset, sh_1);
        long c_3 = op_offsets_r_3;
        offset = c_3;
        if (l < 32) {
            long agg = 0L;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long op_offsets_r_4 = index_fused_op_offsets(agg, vals[256 + r]);
                long c_4 = op_offsets_r_4;
                agg = c_4;
            }
            if (lane == 0) {
                vals[305] = agg;
                if (tile_no == 0) {
                    const ulong bits = (ulong)(agg);
                    const ulong tag = (ulong)offsets_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag | (bits & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag | (bits >> 32);
                } else {
                    const ulong bits_1 = (ulong)(agg);
                    const ulong tag_1 = (ulong)offsets_status_epoch << 32;
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
                        if ((lo_2 >> 32) == offsets_status_epoch && (hi_2 >> 32) == offsets_status_epoch) {
                            fl = 2;
                            win = (long)((lo_2 & 0xffffffffUL) | ((hi_2 & 0xffffffffUL) << 32));
                        } else {
                            if ((lo_3 >> 32) == offsets_status_epoch && (hi_3 >> 32) == offsets_status_epoch) {
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
                                long op_offsets_r_5 = index_fused_op_offsets(sh_2, win);
                                long c_5 = op_offsets_r_5;
                                win = c_5;
                            }
                        }
                        long op_offsets_r_6 = index_fused_op_offsets(win, prefix);
                        long c_6 = op_offsets_r_6;
                        prefix = c_6;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_1 = prefix;
                    long op_offsets_r_7 = index_fused_op_offsets(incl_1, agg);
                    long c_7 = op_offsets_r_7;
                    incl_1 = c_7;
                    const ulong bits_2 = (ulong)(incl_1);
                    const ulong tag_2 = (ulong)offsets_status_epoch << 32;
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
                long op_offsets_r_8 = index_fused_op_offsets(row, vals[l * 16 + c_8]);
                long c_9 = op_offsets_r_8;
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
                long op_offsets_r_9 = index_fused_op_offsets(total, x);
                long c_10 = op_offsets_r_9;
                total = c_10;
            }
            vals[305] = total;
            vals[304] = 0L;
            if (tile_no == 0) {
                const ulong bits_3 = (ulong)(total);
                const ulong tag_3 = (ulong)offsets_status_epoch << 32;
                status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_3 | (bits_3 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_3 | (bits_3 >> 32);
            } else {
                const ulong bits_4 = (ulong)(total);
                const ulong tag_4 = (ulong)offsets_status_epoch << 32;
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
                long op_offsets_r_10 = index_fused_op_offsets(row_1, x_1);
                long c_11 = op_offsets_r_10;
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
                    if ((lo_5 >> 32) == offsets_status_epoch && (hi_5 >> 32) == offsets_status_epoch) {
                        fl_1 = 2;
                        vals[272 + l] = (long)((lo_5 & 0xffffffffUL) | ((hi_5 & 0xffffffffUL) << 32));
                    } else {
                        if ((lo_6 >> 32) == offsets_status_epoch && (hi_6 >> 32) == offsets_status_epoch) {
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
                    long op_offsets_r_11 = index_fused_op_offsets(vals[272 + k], excl);
                    long c_12 = op_offsets_r_11;
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
                    long op_offsets_r_12 = index_fused_op_offsets(incl_2, vals[305]);
                    long c_13 = op_offsets_r_12;
                    incl_2 = c_13;
                    const ulong bits_5 = (ulong)(incl_2);
                    const ulong tag_5 = (ulong)offsets_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_5 | (bits_5 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_5 | (bits_5 >> 32);
                }
            }
        }
    }
    #endif
    long off = vals[304];
    long op_offsets_r_13 = index_fused_op_offsets(off, vals[l]);
    long c_14 = op_offsets_r_13;
    off = c_14;
    for (long j = 0; j < 19; j++) {
        long x_2 = tile[l * 19 + j];
        tile[l * 19 + j] = off;
        long op_offsets_r_14 = index_fused_op_offsets(off, x_2);
        long c_15 = op_offsets_r_14;
        off = c_15;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long j = 0; j < 19; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < instances_2) {
            offsets[g] = tile[p];
        }
    }
}


// ===== dense_vector_map_fused.cl =====
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

static inline double dense_vector_map_fused_pull_mapped(long i) {
    long iseq = i;
    return 1.0 + 0.25 * (double)nessie_rem(iseq, 8L);
}

__kernel void dense_vector_map_fused_mapped(long t_1_arg, __global const long* t_1_word, __global double* mapped) {
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < t_1) {
        double pull_mapped_r = dense_vector_map_fused_pull_mapped(gid);
        mapped[gid] = pull_mapped_r;
    }
}

__kernel void dense_vector_map_fused_mapped_idx32(long t_1_arg, __global const long* t_1_word, __global double* mapped) {
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long gid = (long)(uint)get_global_id(0);
    if (gid < t_1) {
        double pull_mapped_r = dense_vector_map_fused_pull_mapped(gid);
        mapped[gid] = pull_mapped_r;
    }
}


// ===== main_fused.cl =====
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

static inline long main_fused_pull_sum(long i, __global const long* m_lengths) {
    long mapped = m_lengths[i];
    return mapped;
}

static inline long main_fused_op_sum(long a, long b) {
    return nessie_add(a, b);
}

__kernel void main_fused_sum_partial(long groups, long chunk, long n_m_lengths_arg, __global const long* n_m_lengths_word, __global const long* m_lengths, __global long* sum_partials) {
    __local long group_values[256];
    __local long group_swap[256];
    const long n_m_lengths = n_m_lengths_arg >= 0 ? n_m_lengths_arg : clamp(n_m_lengths_word[0], 0L, (-1 - n_m_lengths_arg) & 0xFFFFFFFFL) + ((-1 - n_m_lengths_arg) >> 32);
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (l + 256 * wg + 256 * groups * k < n_m_lengths) {
                    long pull_sum_r = main_fused_pull_sum(l + 256 * wg + 256 * groups * k, m_lengths);
                    x = pull_sum_r;
                } else {
                    x = 0L;
                }
                long op_sum_r = main_fused_op_sum(acc, x);
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
                    long op_sum_r_1 = main_fused_op_sum(acc_1, group_values_in[k_1 + 2 * l_1]);
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

__kernel void main_fused_sum_final(__global const long* sum_partials, long final_chunk, long groups, __global long* sum) {
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
                long op_sum_r = main_fused_op_sum(acc, x);
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
                    long op_sum_r_1 = main_fused_op_sum(acc_1, group_values_in[k_1 + 2 * l_1]);
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


// ===== smvm_fused.cl =====
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

static inline double smvm_fused_pull_sum(long p, __global const int* m_elements_1, __global const double* v, long v_len, __global const double* m_elements_2, __global long* err) {
    long j = (long)m_elements_1[p];
    if (j < 0L || j >= v_len) {
        nessie_fail(err, 1, 3, j, v_len);
        return 0.0;
    }
    double mapped = m_elements_2[p] * v[j];
    return mapped;
}

static inline double smvm_fused_op_sum(double a, double b) {
    return a + b;
}

static inline double smvm_fused_pull_sum_hoisted(long p, long m_elements_1_at, double m_elements_2_at, __global const double* v, long v_len, long* fault) {
    long j = m_elements_1_at;
    const int ok = j >= 0L && j < v_len;
    const int first = !ok && fault[0] == 0;
    fault[0] = first ? 4 : fault[0];
    fault[1] = first ? j : fault[1];
    fault[2] = first ? v_len : fault[2];
    double mapped = m_elements_2_at * v[ok ? j : 0];
    return ok ? mapped : 0.0;
}

static inline long smvm_fused_split_sum_within(long p, long lo0, long hi0, __global const long* m_lengths, long m_lengths_len, __global const long* m_offsets, long m_offsets_len) {
    long n = m_lengths_len > 0L ? nessie_add(m_offsets[nessie_sub(m_lengths_len, 1L)], m_lengths[nessie_sub(m_lengths_len, 1L)]) : 0L;
    long d = min(nessie_mul(p, 1024L), nessie_add(m_offsets_len, n));
    long lo = max(max(nessie_sub(d, n), 0L), lo0);
    long hi = min(min(d, m_offsets_len), hi0);
    while (1) {
        if (lo >= hi) break;
        long mid = nessie_add(lo, nessie_div(nessie_sub(hi, lo), 2L));
        long t;
        long t_1;
        if ((nessie_add(mid, 1L) < m_offsets_len ? m_offsets[nessie_add(mid, 1L)] : n) < nessie_sub(d, mid)) {
            t = nessie_add(mid, 1L);
            t_1 = hi;
        } else {
            t = lo;
            t_1 = mid;
        }
        long lo_next = t;
        long hi_next = t_1;
        lo = lo_next;
        hi = hi_next;
    }
    return lo;
}

__kernel void smvm_fused_sum_chunks(__global const long* m_offsets, __global const long* m_lengths, long n_m_offsets_arg, __global const long* n_m_offsets_word, long long_chunks, __global const int* m_elements_1, __global const double* m_elements_2, __global const double* v, long n_v_arg, __global const long* n_v_word, __global double* sum_partials_0, __global long* err) {
    __local double team_values[256];
    const long n_m_offsets = n_m_offsets_arg >= 0 ? n_m_offsets_arg : clamp(n_m_offsets_word[0], 0L, (-1 - n_m_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_m_offsets_arg) >> 32);
    const long n_v = n_v_arg >= 0 ? n_v_arg : clamp(n_v_word[0], 0L, (-1 - n_v_arg) & 0xFFFFFFFFL) + ((-1 - n_v_arg) >> 32);
    const long l = get_local_id(0);
    const long segs = n_m_offsets;
    const long n_1 = segs > 0 ? m_offsets[segs - 1] + m_lengths[segs - 1] : 0;
    for (long c = get_group_id(0); c < long_chunks; c += get_num_groups(0)) {
        const long hi_1 = (c + 1) * 8192;
        long a_1 = 0, b_1 = hi_1 <= n_1 ? segs : 0;
        while (a_1 < b_1) {
            const long mid_1 = a_1 + (b_1 - a_1) / 2;
            if (m_offsets[mid_1] < hi_1) a_1 = mid_1 + 1; else b_1 = mid_1;
        }
        const long start = a_1 > 0 ? m_offsets[a_1 - 1] : 0;
        const long end = a_1 < segs ? m_offsets[a_1] : n_1;
        if (a_1 > 0 && hi_1 <= n_1 && end - start >= 16384) {
            const long lo_1 = max(c * 8192, start);
            const long len = hi_1 - lo_1;
            double acc = 0.0;
            long k = l;
            for (; k + 3 * 256 < len; k += 4 * 256) {
                const long at = m_elements_1[lo_1 + k + 0 * 256];
                const double at_1 = m_elements_2[lo_1 + k + 0 * 256];
                const long at_2 = m_elements_1[lo_1 + k + 1 * 256];
                const double at_3 = m_elements_2[lo_1 + k + 1 * 256];
                const long at_4 = m_elements_1[lo_1 + k + 2 * 256];
                const double at_5 = m_elements_2[lo_1 + k + 2 * 256];
                const long at_6 = m_elements_1[lo_1 + k + 3 * 256];
                const double at_7 = m_elements_2[lo_1 + k + 3 * 256];
                long fault[3] = {0, 0, 0};
                double pull_sum_hoisted_r = smvm_fused_pull_sum_hoisted(lo_1 + k + 0 * 256, at, at_1, v, n_v, fault);
                double pull_sum_hoisted_r_1 = smvm_fused_pull_sum_hoisted(lo_1 + k + 1 * 256, at_2, at_3, v, n_v, fault);
                double pull_sum_hoisted_r_2 = smvm_fused_pull_sum_hoisted(lo_1 + k + 2 * 256, at_4, at_5, v, n_v, fault);
                double pull_sum_hoisted_r_3 = smvm_fused_pull_sum_hoisted(lo_1 + k + 3 * 256, at_6, at_7, v, n_v, fault);
                if (fault[0] != 0) nessie_fail(err, 1, fault[0] - 1, fault[1], fault[2]);
                double op_sum_r = smvm_fused_op_sum(acc, pull_sum_hoisted_r);
                acc = op_sum_r;
                double op_sum_r_1 = smvm_fused_op_sum(acc, pull_sum_hoisted_r_1);
                acc = op_sum_r_1;
                double op_sum_r_2 = smvm_fused_op_sum(acc, pull_sum_hoisted_r_2);
                acc = op_sum_r_2;
                double op_sum_r_3 = smvm_fused_op_sum(acc, pull_sum_hoisted_r_3);
                acc = op_sum_r_3;
            }
            for (; k < len; k += 256) {
                const long at_8 = m_elements_1[lo_1 + k];
                const double at_9 = m_elements_2[lo_1 + k];
                long fault_1[3] = {0, 0, 0};
                double pull_sum_hoisted_r_4 = smvm_fused_pull_sum_hoisted(lo_1 + k, at_8, at_9, v, n_v, fault_1);
                if (fault_1[0] != 0) nessie_fail(err, 1, fault_1[0] - 1, fault_1[1], fault_1[2]);
                double op_sum_r_4 = smvm_fused_op_sum(acc, pull_sum_hoisted_r_4);
                acc = op_sum_r_4;
            }
            team_values[l] = acc;
            barrier(CLK_LOCAL_MEM_FENCE);
            for (long h = 1; h < 256; h *= 2) {
                if ((l & (2 * h - 1)) == 0) {
                    double op_sum_r_5 = smvm_fused_op_sum(team_values[l], team_values[l + h]);
                    team_values[l] = op_sum_r_5;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            double acc_1 = 0.0;
            acc_1 = team_values[0];
            barrier(CLK_LOCAL_MEM_FENCE);
            if (l == 0) {
                sum_partials_0[c] = acc_1;
            }
        } else if (l == 0) {
            sum_partials_0[c] = 0.0;
        }
    }
}

__kernel void smvm_fused_sum(__global const long* m_offsets, __global const long* m_lengths, __global int* sum_gave_up, long lanes, long short_segments, long lanes_1, long n_m_offsets_arg, __global const long* n_m_offsets_word, __global int* sum_team_tickets, uint sum_team_tickets_epoch, uint sum_team_tickets_base, __global const int* m_elements_1, __global const double* m_elements_2, __global const double* v, long n_v_arg, __global const long* n_v_word, __global long* sum_splits, long merge_tiles, long n_m_lengths_arg, __global const long* n_m_lengths_word, __global double* sum, __global long* err) {
    __local double team_values[512];
    __local int stopped[3];
    __local long tickets[3];
    __local long chunk_at[2];
    __local long sampled[256];
    const long n_m_offsets = n_m_offsets_arg >= 0 ? n_m_offsets_arg : clamp(n_m_offsets_word[0], 0L, (-1 - n_m_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_m_offsets_arg) >> 32);
    const long n_v = n_v_arg >= 0 ? n_v_arg : clamp(n_v_word[0], 0L, (-1 - n_v_arg) & 0xFFFFFFFFL) + ((-1 - n_v_arg) >> 32);
    const long n_m_lengths = n_m_lengths_arg >= 0 ? n_m_lengths_arg : clamp(n_m_lengths_word[0], 0L, (-1 - n_m_lengths_arg) & 0xFFFFFFFFL) + ((-1 - n_m_lengths_arg) >> 32);
    const long l = get_local_id(0);
    const long lane = l & (lanes - 1);
    const long team = l / lanes;
    const long teams = 256 / lanes;
    if (l == 0) tickets[2] = (n_m_offsets + teams - 1) / teams;
    const long n_1 = n_m_offsets > 0 ? m_offsets[n_m_offsets - 1] + m_lengths[n_m_offsets - 1] : 0;
    if (l == 0) {
        stopped[0] = ((volatile __global int *)sum_gave_up)[0];
        stopped[1] = 0;
        stopped[2] = 0;
    }
    if (l == 0) {
        const uint raw = (uint)atomic_inc(sum_team_tickets) - sum_team_tickets_base;
        if ((long)raw == tickets[2] + (long)get_num_groups(0) - 1) atomic_sub(sum_team_tickets, (int)tickets[2]);
        tickets[0] = (long)raw < tickets[2] ? (long)raw : -1;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long ticket = tickets[0];
    uint step = 0;
    for (; ticket >= 0; step++) {
        const long first = ticket * teams;
        if (stopped[step % 3] != 0) break;
        const int next = l == 0 ? ((volatile __global int *)sum_gave_up)[0] : 0;
        if (l == 0) stopped[(step + 2) % 3] = 0;
        const uint raw_1 = l == 0 ? (uint)atomic_inc(sum_team_tickets) - sum_team_tickets_base : 0;
        const long s = first + team;
        int is_long = 0;
        double acc = 0.0;
        if (s < n_m_offsets) {
            const long offset = m_offsets[s];
            const long length = (s + 1 < n_m_offsets ? m_offsets[s + 1] : n_1) - offset;
            if (length > 16 * lanes - 16 * lanes * short_segments + 20 * lanes_1 * short_segments) {
                is_long = 1;
                if (lane == 0) {
                    atomic_max(&sum_gave_up[0], 1);
                    stopped[(step + 1) % 3] = 1;
                }
            } else {
                {
                    long k = lane;
                    for (; k + 3 * lanes < length; k += 4 * lanes) {
                        #ifdef __NV_CL_C_VERSION
                        int streamed;
                        asm("ld.global.cs.s32 %0, [%1];" : "=r"(streamed) : "l"(m_elements_1 + (offset + k + 0 * lanes)));
                        #else
                        const int streamed = m_elements_1[offset + k + 0 * lanes];
                        #endif
                        const long at = streamed;
                        #ifdef __NV_CL_C_VERSION
                        double streamed_1;
                        asm("ld.global.cs.f64 %0, [%1];" : "=d"(streamed_1) : "l"(m_elements_2 + (offset + k + 0 * lanes)));
                        #else
                        const double streamed_1 = m_elements_2[offset + k + 0 * lanes];
                        #endif
                        const double at_1 = streamed_1;
                        #ifdef __NV_CL_C_VERSION
                        int streamed_2;
                        asm("ld.global.cs.s32 %0, [%1];" : "=r"(streamed_2) : "l"(m_elements_1 + (offset + k + 1 * lanes)));
                        #else
                        const int streamed_2 = m_elements_1[offset + k + 1 * lanes];
                        #endif
                        const long at_2 = streamed_2;
                        #ifdef __NV_CL_C_VERSION
                        double streamed_3;
                        asm("ld.global.cs.f64 %0, [%1];" : "=d"(streamed_3) : "l"(m_elements_2 + (offset + k + 1 * lanes)));
                        #else
                        const double streamed_3 = m_elements_2[offset + k + 1 * lanes];
                        #endif
                        const double at_3 = streamed_3;
                        #ifdef __NV_CL_C_VERSION
                        int streamed_4;
                        asm("ld.global.cs.s32 %0, [%1];" : "=r"(streamed_4) : "l"(m_elements_1 + (offset + k + 2 * lanes)));
                        #else
                        const int streamed_4 = m_elements_1[offset + k + 2 * lanes];
                        #endif
                        const long at_4 = streamed_4;
                        #ifdef __NV_CL_C_VERSION
                        double streamed_5;
                        asm("ld.global.cs.f64 %0, [%1];" : "=d"(streamed_5) : "l"(m_elements_2 + (offset + k + 2 * lanes)));
                        #else
                        const double streamed_5 = m_elements_2[offset + k + 2 * lanes];
                        #endif
                        const double at_5 = streamed_5;
                        #ifdef __NV_CL_C_VERSION
                        int streamed_6;
                        asm("ld.global.cs.s32 %0, [%1];" : "=r"(streamed_6) : "l"(m_elements_1 + (offset + k + 3 * lanes)));
                        #else
                        const int streamed_6 = m_elements_1[offset + k + 3 * lanes];
                        #endif
                        const long at_6 = streamed_6;
                        #ifdef __NV_CL_C_VERSION
                        double streamed_7;
                        asm("ld.global.cs.f64 %0, [%1];" : "=d"(streamed_7) : "l"(m_elements_2 + (offset + k + 3 * lanes)));
                        #else
                        const double streamed_7 = m_elements_2[offset + k + 3 * lanes];
                        #endif
                        const double at_7 = streamed_7;
                        long fault[3] = {0, 0, 0};
                        double pull_sum_hoisted_r = smvm_fused_pull_sum_hoisted(offset + k + 0 * lanes, at, at_1, v, n_v, fault);
                        double pull_sum_hoisted_r_1 = smvm_fused_pull_sum_hoisted(offset + k + 1 * lanes, at_2, at_3, v, n_v, fault);
                        double pull_sum_hoisted_r_2 = smvm_fused_pull_sum_hoisted(offset + k + 2 * lanes, at_4, at_5, v, n_v, fault);
                        double pull_sum_hoisted_r_3 = smvm_fused_pull_sum_hoisted(offset + k + 3 * lanes, at_6, at_7, v, n_v, fault);
                        if (fault[0] != 0) nessie_fail(err, 1, fault[0] - 1, fault[1], fault[2]);
                        double op_sum_r = smvm_fused_op_sum(acc, pull_sum_hoisted_r);
                        acc = op_sum_r;
                        double op_sum_r_1 = smvm_fused_op_sum(acc, pull_sum_hoisted_r_1);
                        acc = op_sum_r_1;
                        double op_sum_r_2 = smvm_fused_op_sum(acc, pull_sum_hoisted_r_2);
                        acc = op_sum_r_2;
                        double op_sum_r_3 = smvm_fused_op_sum(acc, pull_sum_hoisted_r_3);
                        acc = op_sum_r_3;
                    }
                    for (; k < length; k += lanes) {
                        #ifdef __NV_CL_C_VERSION
                        int streamed_8;
                        asm("ld.global.cs.s32 %0, [%1];" : "=r"(streamed_8) : "l"(m_elements_1 + (offset + k)));
                        #else
                        const int streamed_8 = m_elements_1[offset + k];
                        #endif
                        const long at_8 = streamed_8;
                        #ifdef __NV_CL_C_VERSION
                        double streamed_9;
                        asm("ld.global.cs.f64 %0, [%1];" : "=d"(streamed_9) : "l"(m_elements_2 + (offset + k)));
                        #else
                        const double streamed_9 = m_elements_2[offset + k];
                        #endif
                        const double at_9 = streamed_9;
                        long fault_1[3] = {0, 0, 0};
                        double pull_sum_hoisted_r_4 = smvm_fused_pull_sum_hoisted(offset + k, at_8, at_9, v, n_v, fault_1);
                        if (fault_1[0] != 0) nessie_fail(err, 1, fault_1[0] - 1, fault_1[1], fault_1[2]);
                        double op_sum_r_4 = smvm_fused_op_sum(acc, pull_sum_hoisted_r_4);
                        acc = op_sum_r_4;
                    }
                }
            }
        }
        const long at_10 = (step & 1) * 256 + l;
        team_values[at_10] = acc;
        if (l == 0 && next != 0) stopped[(step + 1) % 3] = 1;
        if (l == 0) {
            if ((long)raw_1 == tickets[2] + (long)get_num_groups(0) - 1) atomic_sub(sum_team_tickets, (int)tickets[2]);
            tickets[(step + 1) & 1] = (long)raw_1 < tickets[2] ? (long)raw_1 : -1;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        ticket = tickets[(step + 1) & 1];
        if (lanes > 8) {
            for (long h = 1; h < lanes; h *= 2) {
                if ((lane & (2 * h - 1)) == 0) {
                    double op_sum_r_5 = smvm_fused_op_sum(team_values[at_10], team_values[at_10 + h]);
                    team_values[at_10] = op_sum_r_5;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            acc = team_values[at_10];
        } else if (lanes > 1 && lane == 0) {
            for (long h_1 = 1; h_1 < lanes; h_1 *= 2) {
                for (long j = 0; j < lanes; j += 2 * h_1) {
                    double op_sum_r_6 = smvm_fused_op_sum(team_values[at_10 + j], team_values[at_10 + j + h_1]);
                    team_values[at_10 + j] = op_sum_r_6;
                }
            }
            acc = team_values[at_10];
        }
        if (lane == 0 && s < n_m_offsets && !is_long) {
            sum[s] = acc;
        }
    }
    if (stopped[step % 3] != 0) {
        for (int i_1 = 0;; i_1++) {
            if (l == 0) chunk_at[i_1 & 1] = (long)(atomic_add(&sum_gave_up[0], 2) >> 1);
            barrier(CLK_LOCAL_MEM_FENCE);
            const long chunk = chunk_at[i_1 & 1];
            if (i_1 == 0) {
                if (l == 224 && ticket >= 0) {
                    volatile __global uint* w_at = (volatile __global uint*)sum_team_tickets;
                    uint w = w_at[0];
                    while ((long)(w - sum_team_tickets_base) < tickets[2]) {
                        const uint old = atomic_cmpxchg(w_at, w, sum_team_tickets_base + (uint)tickets[2]);
                        if (old == w) break;
                        w = old;
                    }
                    const uint raw_2 = (uint)atomic_inc(sum_team_tickets) - sum_team_tickets_base;
                    if ((long)raw_2 == tickets[2] + (long)get_num_groups(0) - 1) atomic_sub(sum_team_tickets, (int)tickets[2]);
                    tickets[0] = (long)raw_2 < tickets[2] ? (long)raw_2 : -1;
                }
            }
            if (chunk * 224 > merge_tiles) break;
            const long t = chunk * 224 + l;
            const long d_1 = min(t * 1024, (long)((n_m_offsets) + n_1));
            const long q = ((l) + 1) * (n_m_offsets) / 256 - 1;
            sampled[l] = (q + 1 < (n_m_offsets) ? m_offsets[q + 1] : n_1) + q;
            barrier(CLK_LOCAL_MEM_FENCE);
            int x = 0, y = 256;
            while (x < y) {
                const int mid_1 = x + (y - x) / 2;
                if (sampled[mid_1] < d_1) x = mid_1 + 1; else y = mid_1;
            }
            const long lo_1 = x > 0 ? ((x - 1) + 1) * (n_m_offsets) / 256 - 1 + 1 : 0;
            const long hi_1 = x < 256 ? ((x) + 1) * (n_m_offsets) / 256 - 1 : (n_m_offsets);
            if (l < 224 && t <= merge_tiles) {
                long split_sum_within_r = smvm_fused_split_sum_within(t, lo_1, hi_1, m_lengths, n_m_lengths, m_offsets, n_m_offsets);
                sum_splits[t] = split_sum_within_r;
            }
        }
    }
}

__kernel void smvm_fused_sum_1(__global const long* m_offsets, __global const long* m_lengths, __global int* sum_gave_up, long lanes, long short_segments, long lanes_1, long n_m_offsets_arg, __global const long* n_m_offsets_word, __global int* sum_team_tickets, uint sum_team_tickets_epoch, uint sum_team_tickets_base, __global const int* m_elements_1, __global const double* m_elements_2, __global const double* v, long n_v_arg, __global const long* n_v_word, __global long* sum_splits, long merge_tiles, long n_m_lengths_arg, __global const long* n_m_lengths_word, __global double* sum, __global long* err) {
    __local double team_values[512];
    __local int stopped[3];
    __local long tickets[3];
    __local long chunk_at[2];
    __local long sampled[256];
    const long n_m_offsets = n_m_offsets_arg >= 0 ? n_m_offsets_arg : clamp(n_m_offsets_word[0], 0L, (-1 - n_m_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_m_offsets_arg) >> 32);
    const long n_v = n_v_arg >= 0 ? n_v_arg : clamp(n_v_word[0], 0L, (-1 - n_v_arg) & 0xFFFFFFFFL) + ((-1 - n_v_arg) >> 32);
    const long n_m_lengths = n_m_lengths_arg >= 0 ? n_m_lengths_arg : clamp(n_m_lengths_word[0], 0L, (-1 - n_m_lengths_arg) & 0xFFFFFFFFL) + ((-1 - n_m_lengths_arg) >> 32);
    const long l = get_local_id(0);
    const long lane = l & (lanes_1 - 1);
    const long team = l / lanes_1;
    const long teams = 256 / lanes_1;
    if (l == 0) tickets[2] = (n_m_offsets + teams - 1) / teams;
    const long n_1 = n_m_offsets > 0 ? m_offsets[n_m_offsets - 1] + m_lengths[n_m_offsets - 1] : 0;
    if (l == 0) {
        stopped[0] = ((volatile __global int *)sum_gave_up)[0];
        stopped[1] = 0;
        stopped[2] = 0;
    }
    if (l == 0) {
        const uint raw = (uint)atomic_inc(sum_team_tickets) - sum_team_tickets_base;
        if ((long)raw == tickets[2] + (long)get_num_groups(0) - 1) atomic_sub(sum_team_tickets, (int)tickets[2]);
        tickets[0] = (long)raw < tickets[2] ? (long)raw : -1;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long ticket = tickets[0];
    uint step = 0;
    for (; ticket >= 0; step++) {
        const long first = ticket * teams;
        if (stopped[step % 3] != 0) break;
        const int next = l == 0 ? ((volatile __global int *)sum_gave_up)[0] : 0;
        if (l == 0) stopped[(step + 2) % 3] = 0;
        const uint raw_1 = l == 0 ? (uint)atomic_inc(sum_team_tickets) - sum_team_tickets_base : 0;
        const long s = first + team;
        int is_long = 0;
        double acc = 0.0;
        if (s < n_m_offsets) {
            const long offset = m_offsets[s];
            const long length = (s + 1 < n_m_offsets ? m_offsets[s + 1] : n_1) - offset;
            if (length > 16 * lanes - 16 * lanes * short_segments + 20 * lanes_1 * short_segments) {
                is_long = 1;
                if (lane == 0) {
                    atomic_max(&sum_gave_up[0], 1);
                    stopped[(step + 1) % 3] = 1;
                }
            } else {
                {
                    long k = lane;
                    for (; k + 4 * lanes_1 < length; k += 5 * lanes_1) {
                        const long at = m_elements_1[offset + k + 0 * lanes_1];
                        const double at_1 = m_elements_2[offset + k + 0 * lanes_1];
                        const long at_2 = m_elements_1[offset + k + 1 * lanes_1];
                        const double at_3 = m_elements_2[offset + k + 1 * lanes_1];
                        const long at_4 = m_elements_1[offset + k + 2 * lanes_1];
                        const double at_5 = m_elements_2[offset + k + 2 * lanes_1];
                        const long at_6 = m_elements_1[offset + k + 3 * lanes_1];
                        const double at_7 = m_elements_2[offset + k + 3 * lanes_1];
                        const long at_8 = m_elements_1[offset + k + 4 * lanes_1];
                        const double at_9 = m_elements_2[offset + k + 4 * lanes_1];
                        long fault[3] = {0, 0, 0};
                        double pull_sum_hoisted_r = smvm_fused_pull_sum_hoisted(offset + k + 0 * lanes_1, at, at_1, v, n_v, fault);
                        double pull_sum_hoisted_r_1 = smvm_fused_pull_sum_hoisted(offset + k + 1 * lanes_1, at_2, at_3, v, n_v, fault);
                        double pull_sum_hoisted_r_2 = smvm_fused_pull_sum_hoisted(offset + k + 2 * lanes_1, at_4, at_5, v, n_v, fault);
                        double pull_sum_hoisted_r_3 = smvm_fused_pull_sum_hoisted(offset + k + 3 * lanes_1, at_6, at_7, v, n_v, fault);
                        double pull_sum_hoisted_r_4 = smvm_fused_pull_sum_hoisted(offset + k + 4 * lanes_1, at_8, at_9, v, n_v, fault);
                        if (fault[0] != 0) nessie_fail(err, 1, fault[0] - 1, fault[1], fault[2]);
                        double op_sum_r = smvm_fused_op_sum(acc, pull_sum_hoisted_r);
                        acc = op_sum_r;
                        double op_sum_r_1 = smvm_fused_op_sum(acc, pull_sum_hoisted_r_1);
                        acc = op_sum_r_1;
                        double op_sum_r_2 = smvm_fused_op_sum(acc, pull_sum_hoisted_r_2);
                        acc = op_sum_r_2;
                        double op_sum_r_3 = smvm_fused_op_sum(acc, pull_sum_hoisted_r_3);
                        acc = op_sum_r_3;
                        double op_sum_r_4 = smvm_fused_op_sum(acc, pull_sum_hoisted_r_4);
                        acc = op_sum_r_4;
                    }
                    for (; k < length; k += lanes_1) {
                        const long at_10 = m_elements_1[offset + k];
                        const double at_11 = m_elements_2[offset + k];
                        long fault_1[3] = {0, 0, 0};
                        double pull_sum_hoisted_r_5 = smvm_fused_pull_sum_hoisted(offset + k, at_10, at_11, v, n_v, fault_1);
                        if (fault_1[0] != 0) nessie_fail(err, 1, fault_1[0] - 1, fault_1[1], fault_1[2]);
                        double op_sum_r_5 = smvm_fused_op_sum(acc, pull_sum_hoisted_r_5);
                        acc = op_sum_r_5;
                    }
                }
            }
        }
        const long at_12 = (step & 1) * 256 + l;
        team_values[at_12] = acc;
        if (l == 0 && next != 0) stopped[(step + 1) % 3] = 1;
        if (l == 0) {
            if ((long)raw_1 == tickets[2] + (long)get_num_groups(0) - 1) atomic_sub(sum_team_tickets, (int)tickets[2]);
            tickets[(step + 1) & 1] = (long)raw_1 < tickets[2] ? (long)raw_1 : -1;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        ticket = tickets[(step + 1) & 1];
        if (lanes_1 > 8) {
            for (long h = 1; h < lanes_1; h *= 2) {
                if ((lane & (2 * h - 1)) == 0) {
                    double op_sum_r_6 = smvm_fused_op_sum(team_values[at_12], team_values[at_12 + h]);
                    team_values[at_12] = op_sum_r_6;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            acc = team_values[at_12];
        } else if (lanes_1 > 1 && lane == 0) {
            for (long h_1 = 1; h_1 < lanes_1; h_1 *= 2) {
                for (long j = 0; j < lanes_1; j += 2 * h_1) {
                    double op_sum_r_7 = smvm_fused_op_sum(team_values[at_12 + j], team_values[at_12 + j + h_1]);
                    team_values[at_12 + j] = op_sum_r_7;
                }
            }
            acc = team_values[at_12];
        }
        if (lane == 0 && s < n_m_offsets && !is_long) {
            sum[s] = acc;
        }
    }
    if (stopped[step % 3] != 0) {
        for (int i_1 = 0;; i_1++) {
            if (l == 0) chunk_at[i_1 & 1] = (long)(atomic_add(&sum_gave_up[0], 2) >> 1);
            barrier(CLK_LOCAL_MEM_FENCE);
            const long chunk = chunk_at[i_1 & 1];
            if (i_1 == 0) {
                if (l == 224 && ticket >= 0) {
                    volatile __global uint* w_at = (volatile __global uint*)sum_team_tickets;
                    uint w = w_at[0];
                    while ((long)(w - sum_team_tickets_base) < tickets[2]) {
                        const uint old = atomic_cmpxchg(w_at, w, sum_team_tickets_base + (uint)tickets[2]);
                        if (old == w) break;
                        w = old;
                    }
                    const uint raw_2 = (uint)atomic_inc(sum_team_tickets) - sum_team_tickets_base;
                    if ((long)raw_2 == tickets[2] + (long)get_num_groups(0) - 1) atomic_sub(sum_team_tickets, (int)tickets[2]);
                    tickets[0] = (long)raw_2 < tickets[2] ? (long)raw_2 : -1;
                }
            }
            if (chunk * 224 > merge_tiles) break;
            const long t = chunk * 224 + l;
            const long d_1 = min(t * 1024, (long)((n_m_offsets) + n_1));
            const long q = ((l) + 1) * (n_m_offsets) / 256 - 1;
            sampled[l] = (q + 1 < (n_m_offsets) ? m_offsets[q + 1] : n_1) + q;
            barrier(CLK_LOCAL_MEM_FENCE);
            int x = 0, y = 256;
            while (x < y) {
                const int mid_1 = x + (y - x) / 2;
                if (sampled[mid_1] < d_1) x = mid_1 + 1; else y = mid_1;
            }
            const long lo_1 = x > 0 ? ((x - 1) + 1) * (n_m_offsets) / 256 - 1 + 1 : 0;
            const long hi_1 = x < 256 ? ((x) + 1) * (n_m_offsets) / 256 - 1 : (n_m_offsets);
            if (l < 224 && t <= merge_tiles) {
                long split_sum_within_r = smvm_fused_split_sum_within(t, lo_1, hi_1, m_lengths, n_m_lengths, m_offsets, n_m_offsets);
                sum_splits[t] = split_sum_within_r;
            }
        }
    }
}

__kernel void smvm_fused_sum_2(__global const long* m_offsets, __global const long* m_lengths, long lanes, long n_m_offsets_arg, __global const long* n_m_offsets_word, __global const int* m_elements_1, __global const double* m_elements_2, __global const double* v, long n_v_arg, __global const long* n_v_word, __global const double* sum_partials_0, __global double* sum, __global long* err) {
    __local double team_values[512];
    __local int long_teams[259];
    const long n_m_offsets = n_m_offsets_arg >= 0 ? n_m_offsets_arg : clamp(n_m_offsets_word[0], 0L, (-1 - n_m_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_m_offsets_arg) >> 32);
    const long n_v = n_v_arg >= 0 ? n_v_arg : clamp(n_v_word[0], 0L, (-1 - n_v_arg) & 0xFFFFFFFFL) + ((-1 - n_v_arg) >> 32);
    const long l = get_local_id(0);
    const long lane = l & (lanes - 1);
    const long team = l / lanes;
    const long teams = 256 / lanes;
    const long n_1 = n_m_offsets > 0 ? m_offsets[n_m_offsets - 1] + m_lengths[n_m_offsets - 1] : 0;
    if (l < 3) long_teams[256 + l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    long step = 0;
    for (long first = get_group_id(0) * teams; first < n_m_offsets; first += get_num_groups(0) * teams, step++) {
        const long s = first + team;
        const long counter = 256 + step % 3;
        int is_long = 0;
        double acc = 0.0;
        if (s < n_m_offsets) {
            const long offset = m_offsets[s];
            const long length = (s + 1 < n_m_offsets ? m_offsets[s + 1] : n_1) - offset;
            is_long = (lanes < 256 && length > 32 * lanes) || length >= 16384;
            if (is_long) {
                if (lane == 0) long_teams[atomic_inc(&long_teams[counter])] = (int)team;
            } else {
                long k = lane;
                for (; k + 3 * lanes < length; k += 4 * lanes) {
                    const long at = m_elements_1[offset + k + 0 * lanes];
                    const double at_1 = m_elements_2[offset + k + 0 * lanes];
                    const long at_2 = m_elements_1[offset + k + 1 * lanes];
                    const double at_3 = m_elements_2[offset + k + 1 * lanes];
                    const long at_4 = m_elements_1[offset + k + 2 * lanes];
                    const double at_5 = m_elements_2[offset + k + 2 * lanes];
                    const long at_6 = m_elements_1[offset + k + 3 * lanes];
                    const double at_7 = m_elements_2[offset + k + 3 * lanes];
                    long fault[3] = {0, 0, 0};
                    double pull_sum_hoisted_r = smvm_fused_pull_sum_hoisted(offset + k + 0 * lanes, at, at_1, v, n_v, fault);
                    double pull_sum_hoisted_r_1 = smvm_fused_pull_sum_hoisted(offset + k + 1 * lanes, at_2, at_3, v, n_v, fault);
                    double pull_sum_hoisted_r_2 = smvm_fused_pull_sum_hoisted(offset + k + 2 * lanes, at_4, at_5, v, n_v, fault);
                    double pull_sum_hoisted_r_3 = smvm_fused_pull_sum_hoisted(offset + k + 3 * lanes, at_6, at_7, v, n_v, fault);
                    if (fault[0] != 0) nessie_fail(err, 1, fault[0] - 1, fault[1], fault[2]);
                    double op_sum_r = smvm_fused_op_sum(acc, pull_sum_hoisted_r);
                    acc = op_sum_r;
                    double op_sum_r_1 = smvm_fused_op_sum(acc, pull_sum_hoisted_r_1);
                    acc = op_sum_r_1;
                    double op_sum_r_2 = smvm_fused_op_sum(acc, pull_sum_hoisted_r_2);
                    acc = op_sum_r_2;
                    double op_sum_r_3 = smvm_fused_op_sum(acc, pull_sum_hoisted_r_3);
                    acc = op_sum_r_3;
                }
                for (; k < length; k += lanes) {
                    const long at_8 = m_elements_1[offset + k];
                    const double at_9 = m_elements_2[offset + k];
                    long fault_1[3] = {0, 0, 0};
                    double pull_sum_hoisted_r_4 = smvm_fused_pull_sum_hoisted(offset + k, at_8, at_9, v, n_v, fault_1);
                    if (fault_1[0] != 0) nessie_fail(err, 1, fault_1[0] - 1, fault_1[1], fault_1[2]);
                    double op_sum_r_4 = smvm_fused_op_sum(acc, pull_sum_hoisted_r_4);
                    acc = op_sum_r_4;
                }
            }
        }
        const long at_10 = (step & 1) * 256 + l;
        team_values[at_10] = acc;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) long_teams[256 + (step + 2) % 3] = 0;
        if (lanes > 8) {
            for (long h = 1; h < lanes; h *= 2) {
                if ((lane & (2 * h - 1)) == 0) {
                    double op_sum_r_5 = smvm_fused_op_sum(team_values[at_10], team_values[at_10 + h]);
                    team_values[at_10] = op_sum_r_5;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            acc = team_values[at_10];
        } else if (lanes > 1 && lane == 0) {
            for (long h_1 = 1; h_1 < lanes; h_1 *= 2) {
                for (long j = 0; j < lanes; j += 2 * h_1) {
                    double op_sum_r_6 = smvm_fused_op_sum(team_values[at_10 + j], team_values[at_10 + j + h_1]);
                    team_values[at_10 + j] = op_sum_r_6;
                }
            }
            acc = team_values[at_10];
        }
        if (lane == 0 && s < n_m_offsets && !is_long) {
            sum[s] = acc;
        }
        const int n_long = long_teams[counter];
        if (n_long > 0) barrier(CLK_LOCAL_MEM_FENCE);
        for (int i_1 = 0; i_1 < n_long; i_1++) {
            const long s_1 = first + long_teams[i_1];
            const long offset_1 = m_offsets[s_1];
            const long length_1 = (s_1 + 1 < n_m_offsets ? m_offsets[s_1 + 1] : n_1) - offset_1;
            const int is_long_1 = length_1 >= 16384;
            long from = 0, count = 0, at_11 = offset_1, len = length_1;
            if (is_long_1) {
                from = offset_1 / 8192;
                count = (offset_1 + length_1) / 8192 - from;
                at_11 = (from + count) * 8192;
                len = offset_1 + length_1 - at_11;
            }
            double acc_1 = 0.0;
            if (is_long_1) {
                double acc_2 = 0.0;
                for (long k_1 = l; k_1 < count; k_1 += 256) {
                    double op_sum_r_7 = smvm_fused_op_sum(acc_2, sum_partials_0[from + k_1]);
                    acc_2 = op_sum_r_7;
                }
                team_values[l] = acc_2;
                barrier(CLK_LOCAL_MEM_FENCE);
                for (long h_2 = 1; h_2 < 256; h_2 *= 2) {
                    if ((l & (2 * h_2 - 1)) == 0) {
                        double op_sum_r_8 = smvm_fused_op_sum(team_values[l], team_values[l + h_2]);
                        team_values[l] = op_sum_r_8;
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                double acc_3 = 0.0;
                acc_3 = team_values[0];
                barrier(CLK_LOCAL_MEM_FENCE);
                acc_1 = acc_3;
            }
            double acc_4 = 0.0;
            long k_2 = l;
            for (; k_2 + 3 * 256 < len; k_2 += 4 * 256) {
                const long at_12 = m_elements_1[at_11 + k_2 + 0 * 256];
                const double at_13 = m_elements_2[at_11 + k_2 + 0 * 256];
                const long at_14 = m_elements_1[at_11 + k_2 + 1 * 256];
                const double at_15 = m_elements_2[at_11 + k_2 + 1 * 256];
                const long at_16 = m_elements_1[at_11 + k_2 + 2 * 256];
                const double at_17 = m_elements_2[at_11 + k_2 + 2 * 256];
                const long at_18 = m_elements_1[at_11 + k_2 + 3 * 256];
                const double at_19 = m_elements_2[at_11 + k_2 + 3 * 256];
                long fault_2[3] = {0, 0, 0};
                double pull_sum_hoisted_r_5 = smvm_fused_pull_sum_hoisted(at_11 + k_2 + 0 * 256, at_12, at_13, v, n_v, fault_2);
                double pull_sum_hoisted_r_6 = smvm_fused_pull_sum_hoisted(at_11 + k_2 + 1 * 256, at_14, at_15, v, n_v, fault_2);
                double pull_sum_hoisted_r_7 = smvm_fused_pull_sum_hoisted(at_11 + k_2 + 2 * 256, at_16, at_17, v, n_v, fault_2);
                double pull_sum_hoisted_r_8 = smvm_fused_pull_sum_hoisted(at_11 + k_2 + 3 * 256, at_18, at_19, v, n_v, fault_2);
                if (fault_2[0] != 0) nessie_fail(err, 1, fault_2[0] - 1, fault_2[1], fault_2[2]);
                double op_sum_r_9 = smvm_fused_op_sum(acc_4, pull_sum_hoisted_r_5);
                acc_4 = op_sum_r_9;
                double op_sum_r_10 = smvm_fused_op_sum(acc_4, pull_sum_hoisted_r_6);
                acc_4 = op_sum_r_10;
                double op_sum_r_11 = smvm_fused_op_sum(acc_4, pull_sum_hoisted_r_7);
                acc_4 = op_sum_r_11;
                double op_sum_r_12 = smvm_fused_op_sum(acc_4, pull_sum_hoisted_r_8);
                acc_4 = op_sum_r_12;
            }
            for (; k_2 < len; k_2 += 256) {
                const long at_20 = m_elements_1[at_11 + k_2];
                const double at_21 = m_elements_2[at_11 + k_2];
                long fault_3[3] = {0, 0, 0};
                double pull_sum_hoisted_r_9 = smvm_fused_pull_sum_hoisted(at_11 + k_2, at_20, at_21, v, n_v, fault_3);
                if (fault_3[0] != 0) nessie_fail(err, 1, fault_3[0] - 1, fault_3[1], fault_3[2]);
                double op_sum_r_13 = smvm_fused_op_sum(acc_4, pull_sum_hoisted_r_9);
                acc_4 = op_sum_r_13;
            }
            team_values[l] = acc_4;
            barrier(CLK_LOCAL_MEM_FENCE);
            for (long h_3 = 1; h_3 < 256; h_3 *= 2) {
                if ((l & (2 * h_3 - 1)) == 0) {
                    double op_sum_r_14 = smvm_fused_op_sum(team_values[l], team_values[l + h_3]);
                    team_values[l] = op_sum_r_14;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            double acc_5 = 0.0;
            acc_5 = team_values[0];
            barrier(CLK_LOCAL_MEM_FENCE);
            double op_sum_r_15 = smvm_fused_op_sum(acc_1, acc_5);
            double acc_6 = 0.0;
            acc_6 = is_long_1 ? op_sum_r_15 : acc_5;
            if (l == 0) {
                sum[s_1] = acc_6;
            }
        }
    }
}

__kernel void smvm_fused_sum_3(__global const long* m_offsets, __global const long* m_lengths, long n_m_offsets_arg, __global const long* n_m_offsets_word, long merge_tiles, __global const long* sum_splits, __global int* sum_merge_status, uint sum_merge_status_epoch, uint sum_merge_status_base, __global const int* m_elements_1, __global const double* m_elements_2, __global const double* v, long n_v_arg, __global const long* n_v_word, __global const int* sum_gave_up, __global double* sum, __global long* err) {
    __local double merge_values[1153];
    __local int merge_ends[1152];
    const long n_m_offsets = n_m_offsets_arg >= 0 ? n_m_offsets_arg : clamp(n_m_offsets_word[0], 0L, (-1 - n_m_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_m_offsets_arg) >> 32);
    const long n_v = n_v_arg >= 0 ? n_v_arg : clamp(n_v_word[0], 0L, (-1 - n_v_arg) & 0xFFFFFFFFL) + ((-1 - n_v_arg) >> 32);
    if (!(sum_gave_up[0] > 0)) {
        if (get_group_id(0) == 0 && get_local_id(0) == 0) atomic_add(sum_merge_status, (int)get_num_groups(0));
        return;
    }
    volatile __global ulong* status = (volatile __global ulong*)(sum_merge_status + 2);
    const int t = get_local_id(0);
    const long segs = n_m_offsets;
    const long n_1 = segs > 0 ? m_offsets[segs - 1] + m_lengths[segs - 1] : 0;
    if (t == 0) {
        const uint raw = (uint)atomic_inc(sum_merge_status) - sum_merge_status_base;
        if ((long)raw == merge_tiles + (long)get_num_groups(0) - 1) atomic_sub(sum_merge_status, (int)merge_tiles);
        merge_ends[1024] = (int)min((long)raw, merge_tiles);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long g = merge_ends[1024];
    int lag_g = -1, has_p = 0;
    long lag_a = 0, lag_h = 0;
    double acc = 0.0;
    while (g < merge_tiles || lag_g >= 0) {
        const int live = g < merge_tiles;
        const long a_1 = live ? sum_splits[g] : 0, b_1 = live ? sum_splits[g + 1] : 0;
        const long j0 = g * 1024 - a_1;
        const int nr = (int)(b_1 - a_1);
        const int ne = live ? (int)(min((g + 1) * 1024, segs + n_1) - b_1 - j0) : 0;
        const int cl = ne + nr;
        if (has_p) {
            merge_values[1152] = acc;
            has_p = 0;
        }
        const int k = t + 0 * 128;
        const int k_1 = t + 1 * 128;
        const int k_2 = t + 2 * 128;
        const int k_3 = t + 3 * 128;
        const int k_4 = t + 4 * 128;
        const int k_5 = t + 5 * 128;
        const int k_6 = t + 6 * 128;
        const int k_7 = t + 7 * 128;
        double x = 0.0;
        double x_1 = 0.0;
        double x_2 = 0.0;
        double x_3 = 0.0;
        double x_4 = 0.0;
        double x_5 = 0.0;
        double x_6 = 0.0;
        double x_7 = 0.0;
        long fault[3] = {0, 0, 0};
        if (ne > 0) {
            int at = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.s32 %0, [%1], pol; }" : "=r"(at) : "l"(m_elements_1 + (j0 + min(k, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.s32 %0, [%1];" : "=r"(at) : "l"(m_elements_1 + (j0 + min(k, ne - 1))));
            #else
            at = m_elements_1[j0 + min(k, ne - 1)];
            #endif
            double at_1 = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.f64 %0, [%1], pol; }" : "=d"(at_1) : "l"(m_elements_2 + (j0 + min(k, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.f64 %0, [%1];" : "=d"(at_1) : "l"(m_elements_2 + (j0 + min(k, ne - 1))));
            #else
            at_1 = m_elements_2[j0 + min(k, ne - 1)];
            #endif
            int at_2 = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.s32 %0, [%1], pol; }" : "=r"(at_2) : "l"(m_elements_1 + (j0 + min(k_1, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.s32 %0, [%1];" : "=r"(at_2) : "l"(m_elements_1 + (j0 + min(k_1, ne - 1))));
            #else
            at_2 = m_elements_1[j0 + min(k_1, ne - 1)];
            #endif
            double at_3 = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.f64 %0, [%1], pol; }" : "=d"(at_3) : "l"(m_elements_2 + (j0 + min(k_1, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.f64 %0, [%1];" : "=d"(at_3) : "l"(m_elements_2 + (j0 + min(k_1, ne - 1))));
            #else
            at_3 = m_elements_2[j0 + min(k_1, ne - 1)];
            #endif
            int at_4 = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.s32 %0, [%1], pol; }" : "=r"(at_4) : "l"(m_elements_1 + (j0 + min(k_2, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.s32 %0, [%1];" : "=r"(at_4) : "l"(m_elements_1 + (j0 + min(k_2, ne - 1))));
            #else
            at_4 = m_elements_1[j0 + min(k_2, ne - 1)];
            #endif
            double at_5 = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.f64 %0, [%1], pol; }" : "=d"(at_5) : "l"(m_elements_2 + (j0 + min(k_2, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.f64 %0, [%1];" : "=d"(at_5) : "l"(m_elements_2 + (j0 + min(k_2, ne - 1))));
            #else
            at_5 = m_elements_2[j0 + min(k_2, ne - 1)];
            #endif
            int at_6 = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.s32 %0, [%1], pol; }" : "=r"(at_6) : "l"(m_elements_1 + (j0 + min(k_3, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.s32 %0, [%1];" : "=r"(at_6) : "l"(m_elements_1 + (j0 + min(k_3, ne - 1))));
            #else
            at_6 = m_elements_1[j0 + min(k_3, ne - 1)];
            #endif
            double at_7 = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.f64 %0, [%1], pol; }" : "=d"(at_7) : "l"(m_elements_2 + (j0 + min(k_3, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.f64 %0, [%1];" : "=d"(at_7) : "l"(m_elements_2 + (j0 + min(k_3, ne - 1))));
            #else
            at_7 = m_elements_2[j0 + min(k_3, ne - 1)];
            #endif
            int at_8 = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.s32 %0, [%1], pol; }" : "=r"(at_8) : "l"(m_elements_1 + (j0 + min(k_4, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.s32 %0, [%1];" : "=r"(at_8) : "l"(m_elements_1 + (j0 + min(k_4, ne - 1))));
            #else
            at_8 = m_elements_1[j0 + min(k_4, ne - 1)];
            #endif
            double at_9 = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.f64 %0, [%1], pol; }" : "=d"(at_9) : "l"(m_elements_2 + (j0 + min(k_4, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.f64 %0, [%1];" : "=d"(at_9) : "l"(m_elements_2 + (j0 + min(k_4, ne - 1))));
            #else
            at_9 = m_elements_2[j0 + min(k_4, ne - 1)];
            #endif
            int at_10 = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.s32 %0, [%1], pol; }" : "=r"(at_10) : "l"(m_elements_1 + (j0 + min(k_5, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.s32 %0, [%1];" : "=r"(at_10) : "l"(m_elements_1 + (j0 + min(k_5, ne - 1))));
            #else
            at_10 = m_elements_1[j0 + min(k_5, ne - 1)];
            #endif
            double at_11 = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.f64 %0, [%1], pol; }" : "=d"(at_11) : "l"(m_elements_2 + (j0 + min(k_5, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.f64 %0, [%1];" : "=d"(at_11) : "l"(m_elements_2 + (j0 + min(k_5, ne - 1))));
            #else
            at_11 = m_elements_2[j0 + min(k_5, ne - 1)];
            #endif
            int at_12 = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.s32 %0, [%1], pol; }" : "=r"(at_12) : "l"(m_elements_1 + (j0 + min(k_6, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.s32 %0, [%1];" : "=r"(at_12) : "l"(m_elements_1 + (j0 + min(k_6, ne - 1))));
            #else
            at_12 = m_elements_1[j0 + min(k_6, ne - 1)];
            #endif
            double at_13 = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.f64 %0, [%1], pol; }" : "=d"(at_13) : "l"(m_elements_2 + (j0 + min(k_6, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.f64 %0, [%1];" : "=d"(at_13) : "l"(m_elements_2 + (j0 + min(k_6, ne - 1))));
            #else
            at_13 = m_elements_2[j0 + min(k_6, ne - 1)];
            #endif
            int at_14 = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.s32 %0, [%1], pol; }" : "=r"(at_14) : "l"(m_elements_1 + (j0 + min(k_7, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.s32 %0, [%1];" : "=r"(at_14) : "l"(m_elements_1 + (j0 + min(k_7, ne - 1))));
            #else
            at_14 = m_elements_1[j0 + min(k_7, ne - 1)];
            #endif
            double at_15 = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.f64 %0, [%1], pol; }" : "=d"(at_15) : "l"(m_elements_2 + (j0 + min(k_7, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.f64 %0, [%1];" : "=d"(at_15) : "l"(m_elements_2 + (j0 + min(k_7, ne - 1))));
            #else
            at_15 = m_elements_2[j0 + min(k_7, ne - 1)];
            #endif
            double pull_sum_hoisted_r = smvm_fused_pull_sum_hoisted(j0 + min(k, ne - 1), at, at_1, v, n_v, fault);
            x = pull_sum_hoisted_r;
            double pull_sum_hoisted_r_1 = smvm_fused_pull_sum_hoisted(j0 + min(k_1, ne - 1), at_2, at_3, v, n_v, fault);
            x_1 = pull_sum_hoisted_r_1;
            double pull_sum_hoisted_r_2 = smvm_fused_pull_sum_hoisted(j0 + min(k_2, ne - 1), at_4, at_5, v, n_v, fault);
            x_2 = pull_sum_hoisted_r_2;
            double pull_sum_hoisted_r_3 = smvm_fused_pull_sum_hoisted(j0 + min(k_3, ne - 1), at_6, at_7, v, n_v, fault);
            x_3 = pull_sum_hoisted_r_3;
            double pull_sum_hoisted_r_4 = smvm_fused_pull_sum_hoisted(j0 + min(k_4, ne - 1), at_8, at_9, v, n_v, fault);
            x_4 = pull_sum_hoisted_r_4;
            double pull_sum_hoisted_r_5 = smvm_fused_pull_sum_hoisted(j0 + min(k_5, ne - 1), at_10, at_11, v, n_v, fault);
            x_5 = pull_sum_hoisted_r_5;
            double pull_sum_hoisted_r_6 = smvm_fused_pull_sum_hoisted(j0 + min(k_6, ne - 1), at_12, at_13, v, n_v, fault);
            x_6 = pull_sum_hoisted_r_6;
            double pull_sum_hoisted_r_7 = smvm_fused_pull_sum_hoisted(j0 + min(k_7, ne - 1), at_14, at_15, v, n_v, fault);
            x_7 = pull_sum_hoisted_r_7;
        }
        if (fault[0] != 0) nessie_fail(err, 1, fault[0] - 1, fault[1], fault[2]);
        for (int k_8 = t; k_8 < nr; k_8 += 128) {
            const long r = a_1 + k_8;
            long end = 0;
            if (r + 1 < segs) {
                #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
                asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.s64 %0, [%1], pol; }" : "=l"(end) : "l"(m_offsets + (r + 1)));
                #elif defined(__NV_CL_C_VERSION)
                asm("ld.global.cs.s64 %0, [%1];" : "=l"(end) : "l"(m_offsets + (r + 1)));
                #else
                end = m_offsets[r + 1];
                #endif
            }
            merge_ends[k_8] = (int)((r + 1 < segs ? (long)end : n_1) - j0);
        }
        if (k < ne) {
            merge_values[k] = x;
        }
        if (k_1 < ne) {
            merge_values[k_1] = x_1;
        }
        if (k_2 < ne) {
            merge_values[k_2] = x_2;
        }
        if (k_3 < ne) {
            merge_values[k_3] = x_3;
        }
        if (k_4 < ne) {
            merge_values[k_4] = x_4;
        }
        if (k_5 < ne) {
            merge_values[k_5] = x_5;
        }
        if (k_6 < ne) {
            merge_values[k_6] = x_6;
        }
        if (k_7 < ne) {
            merge_values[k_7] = x_7;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        const int dlo = min(t * 8, cl);
        const int dhi = min(dlo + 8, cl);
        int lo_1 = max(dlo - ne, 0), hi_1 = min(dlo, nr);
        while (lo_1 < hi_1) {
            const int mid_1 = lo_1 + (hi_1 - lo_1) / 2;
            if (merge_ends[mid_1] < dlo - mid_1) lo_1 = mid_1 + 1; else hi_1 = mid_1;
        }
        int ii = lo_1, jj = dlo - lo_1, head = -1;
        double acc_1 = 0.0;
        double acc_2 = 0.0;
        for (int d_1 = dlo; d_1 < dhi; d_1++) {
            if (ii < nr && merge_ends[ii] <= jj) {
                if (head < 0) {
                    head = ii;
                    acc_2 = acc_1;
                } else {
                    const long row = a_1 + ii;
                    sum[row] = acc_1;
                }
                acc_1 = 0.0;
                ii++;
            } else {
                double op_sum_r = smvm_fused_op_sum(acc_1, merge_values[jj]);
                acc_1 = op_sum_r;
                jj++;
            }
        }
        merge_values[1024 + t] = acc_1;
        merge_ends[1024 + t] = head >= 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (live && t == 0) {
            int u = 128 - 1;
            while (u >= 0 && !merge_ends[1024 + u]) u--;
            double acc_3 = u >= 0 ? merge_values[1024 + u] : 0.0;
            for (int w = u + 1; w < 128; w++) {
                double op_sum_r_1 = smvm_fused_op_sum(acc_3, merge_values[1024 + w]);
                acc_3 = op_sum_r_1;
            }
            const ulong tag = (ulong)sum_merge_status_epoch << 32;
            const ulong bits = as_ulong(acc_3);
            status[(g * 1 + 0) * 2] = tag | (bits & 0xffffffffUL);
            status[(g * 1 + 0) * 2 + 1] = tag | (bits >> 32);
        }
        const long e0 = a_1 < segs ? m_offsets[a_1] : n_1;
        const int look = a_1 < b_1 && a_1 + e0 < g * 1024;
        if (head >= 0) {
            int u_1 = t - 1;
            while (u_1 >= 0 && !merge_ends[1024 + u_1]) u_1--;
            double acc_4 = u_1 >= 0 ? merge_values[1024 + u_1] : 0.0;
            for (int w_1 = u_1 + 1; w_1 < t; w_1++) {
                double op_sum_r_2 = smvm_fused_op_sum(acc_4, merge_values[1024 + w_1]);
                acc_4 = op_sum_r_2;
            }
            double op_sum_r_3 = smvm_fused_op_sum(acc_4, acc_2);
            if (head == 0 && look) {
                acc = op_sum_r_3;
                has_p = 1;
            } else {
                const long row_1 = a_1 + head;
                sum[row_1] = op_sum_r_3;
            }
        }
        const long mtp = lag_g >= 0 ? lag_g - lag_h : 0;
        const long perp = max((mtp + 128 - 1) / 128, 1L);
        const long x0 = min(lag_h + t * perp, lag_h + mtp), x1 = min(x0 + perp, lag_h + mtp);
        double acc_5 = 0.0;
        for (long x_8 = x0; x_8 < x1; x_8++) {
            ulong lo_2, hi_2;
            do {
                lo_2 = status[(x_8 * 1 + 0) * 2];
                hi_2 = status[(x_8 * 1 + 0) * 2 + 1];
            } while ((lo_2 >> 32) != sum_merge_status_epoch || (hi_2 >> 32) != sum_merge_status_epoch);
            const double y = as_double((lo_2 & 0xffffffffUL) | ((hi_2 & 0xffffffffUL) << 32));
            double op_sum_r_4 = smvm_fused_op_sum(acc_5, y);
            acc_5 = x_8 == x0 ? y : op_sum_r_4;
        }
        if (x0 < x1) {
            merge_values[t] = acc_5;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (t == 0) {
            if (lag_g >= 0) {
                double acc_6 = merge_values[0];
                const long runs = (mtp + perp - 1) / perp;
                for (long w_2 = 1; w_2 < runs; w_2++) {
                    double op_sum_r_5 = smvm_fused_op_sum(acc_6, merge_values[w_2]);
                    acc_6 = op_sum_r_5;
                }
                double op_sum_r_6 = smvm_fused_op_sum(acc_6, merge_values[1152]);
                sum[lag_a] = op_sum_r_6;
            }
            if (live) {
                const uint raw_1 = (uint)atomic_inc(sum_merge_status) - sum_merge_status_base;
                if ((long)raw_1 == merge_tiles + (long)get_num_groups(0) - 1) atomic_sub(sum_merge_status, (int)merge_tiles);
                merge_ends[1024] = (int)min((long)raw_1, merge_tiles);
            } else {
                merge_ends[1024] = (int)merge_tiles;
            }
        }
        lag_g = look ? (int)g : -1;
        if (look) {
            lag_a = a_1;
            lag_h = (a_1 + e0) / 1024;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        g = merge_ends[1024];
    }
}


