// ===== hsplit_gather.cl =====
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

static inline void hsplit_gather_pull_literal(long p, long n_literal, __global const double* literal, __global const double* packed_1, __global const double* literal_1, __global const double* packed_2, double* r0, double* r1) {
    int c = p < n_literal;
    long q = c ? p : nessie_sub(p, n_literal);
    *r0 = c ? literal[q] : packed_1[q];
    *r1 = c ? literal_1[q] : packed_2[q];
}

__kernel void hsplit_gather_literal(long t_1_arg, __global const long* t_1_word, long n_literal, __global const double* literal_1, __global const double* packed_1, __global const double* literal_3, __global const double* packed_2, __global double* literal_9, __global double* literal_10) {
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < t_1) {
        double pull_literal_r;
        double pull_literal_r_1;
        hsplit_gather_pull_literal(gid, n_literal, literal_1, packed_1, literal_3, packed_2, &pull_literal_r, &pull_literal_r_1);
        literal_9[gid] = pull_literal_r;
        literal_10[gid] = pull_literal_r_1;
    }
}


// ===== cross_products_map_4.cl =====
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

static inline double cross_products_map_4_pull_mapped(long i, __global const long* offsets, long offsets_len, __global const double* x1, __global const double* points_1, __global const double* y2, __global const double* points_2, __global const double* y1, __global const double* x2) {
    long segment = nessie_segment_of(offsets, offsets_len, i);
    long s = segment;
    return (x1[s] - points_1[nessie_sub(i, offsets[segment])]) * (y2[s] - points_2[nessie_sub(i, offsets[segment])]) - (y1[s] - points_2[nessie_sub(i, offsets[segment])]) * (x2[s] - points_1[nessie_sub(i, offsets[segment])]);
}

static inline double cross_products_map_4_pull_mapped_by_tile(long i, long segment, __global const double* x1, __global const long* offsets, __global const double* points_1, __global const double* y2, __global const double* points_2, __global const double* y1, __global const double* x2) {
    long s = segment;
    return (x1[s] - points_1[nessie_sub(i, offsets[segment])]) * (y2[s] - points_2[nessie_sub(i, offsets[segment])]) - (y1[s] - points_2[nessie_sub(i, offsets[segment])]) * (x2[s] - points_1[nessie_sub(i, offsets[segment])]);
}

__kernel void cross_products_map_4_mapped(long t_1_arg, __global const long* t_1_word, __global const long* offsets, long n_offsets_arg, __global const long* n_offsets_word, __global const double* x1, __global const double* points_1, __global const double* y2, __global const double* points_2, __global const double* y1, __global const double* x2, __global double* mapped) {
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < t_1) {
        double pull_mapped_r = cross_products_map_4_pull_mapped(gid, offsets, n_offsets, x1, points_1, y2, points_2, y1, x2);
        mapped[gid] = pull_mapped_r;
    }
}

__kernel void cross_products_map_4_mapped_tiles(__global const long* offsets, long n_offsets_arg, __global const long* n_offsets_word, long t_1_arg, __global const long* t_1_word, __global const double* x1, __global const double* points_1, __global const double* y2, __global const double* points_2, __global const double* y1, __global const double* x2, __global double* mapped) {
    __local int counts[2048];
    __local long sums[256];
    __local long range[4];
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long l = get_local_id(0);
    const long start = get_group_id(0) * 2048;
    if (start >= t_1) return;
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
    double pulled[8];
    #pragma unroll
    for (int k_1 = 0; k_1 < 8; k_1++) {
        const long i_2 = k_1 * 256 + l;
        const long g = start + i_2;
        if (g < t_1) {
            double pull_mapped_by_tile_r = cross_products_map_4_pull_mapped_by_tile(g, (whole ? first : first + counts[i_2]), x1, offsets, points_1, y2, points_2, y1, x2);
            pulled[k_1] = pull_mapped_by_tile_r;
        }
    }
    #pragma unroll
    for (int k_2 = 0; k_2 < 8; k_2++) {
        const long g_1 = start + k_2 * 256 + l;
        if (g_1 < t_1) {
            mapped[g_1] = pulled[k_2];
        }
    }
}


// ===== hsplit_scan_sum.cl =====
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

static inline long hsplit_scan_sum_pull_offsets(long i, __global const long* lengths) {
    return lengths[i];
}

static inline long hsplit_scan_sum_op_offsets(long a, long b) {
    return nessie_add(a, b);
}

__kernel void hsplit_scan_sum_offsets(__global int* offsets_status, uint offsets_status_epoch, uint offsets_status_base, long n_lengths_arg, __global const long* n_lengths_word, __global const long* lengths, __global long* offsets) {
    __local long tile[4864];
    __local long vals[306];
    __local long flags[35];
    const long n_lengths = n_lengths_arg >= 0 ? n_lengths_arg : clamp(n_lengths_word[0], 0L, (-1 - n_lengths_arg) & 0xFFFFFFFFL) + ((-1 - n_lengths_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(offsets_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(offsets_status) - offsets_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 4864;
    for (long j = 0; j < 19; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < n_lengths) {
            long pull_offsets_r = hsplit_scan_sum_pull_offsets(g, lengths);
            tile[p] = pull_offsets_r;
        } else {
            tile[p] = 0L;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long acc = 0L;
    for (long j = 0; j < 19; j++) {
        long op_offsets_r = hsplit_scan_sum_op_offsets(acc, tile[l * 19 + j]);
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
                long op_offsets_r_1 = hsplit_scan_sum_op_offsets(sh, incl);
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
                long op_offsets_r_2 = hsplit_scan_sum_op_offsets(offset, vals[256 + r]);
                long c_2 = op_offsets_r_2;
                offset = c_2;
            }
        }
        long op_offsets_r_3 = hsplit_scan_sum_op_offsets(offset, sh_1);
        long c_3 = op_offsets_r_3;
        offset = c_3;
        if (l < 32) {
            long agg = 0L;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long op_offsets_r_4 = hsplit_scan_sum_op_offsets(agg, vals[256 + r]);
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
                                long op_offsets_r_5 = hsplit_scan_sum_op_offsets(sh_2, win);
                                long c_5 = op_offsets_r_5;
                                win = c_5;
                            }
                        }
                        long op_offsets_r_6 = hsplit_scan_sum_op_offsets(win, prefix);
                        long c_6 = op_offsets_r_6;
                        prefix = c_6;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_1 = prefix;
                    long op_offsets_r_7 = hsplit_scan_sum_op_offsets(incl_1, agg);
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
                long op_offsets_r_8 = hsplit_scan_sum_op_offsets(row, vals[l * 16 + c_8]);
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
                long op_offsets_r_9 = hsplit_scan_sum_op_offsets(total, x);
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
                long op_offsets_r_10 = hsplit_scan_sum_op_offsets(row_1, x_1);
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
                    long op_offsets_r_11 = hsplit_scan_sum_op_offsets(vals[272 + k], excl);
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
                    long op_offsets_r_12 = hsplit_scan_sum_op_offsets(incl_2, vals[305]);
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
    long op_offsets_r_13 = hsplit_scan_sum_op_offsets(off, vals[l]);
    long c_14 = op_offsets_r_13;
    off = c_14;
    for (long j = 0; j < 19; j++) {
        long x_2 = tile[l * 19 + j];
        tile[l * 19 + j] = off;
        long op_offsets_r_14 = hsplit_scan_sum_op_offsets(off, x_2);
        long c_15 = op_offsets_r_14;
        off = c_15;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long j = 0; j < 19; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < n_lengths) {
            offsets[g] = tile[p];
        }
    }
}


// ===== hsplit_gather_7.cl =====
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

static inline void hsplit_gather_7_pull_p1_1(long p, __global const long* offsets, long offsets_len, __global const long* offsets_1, __global const int* lengths, __global const long* then_instances, __global const long* packed_offsets, __global const long* packed_lengths, __global const double* p1_1, __global const double* packed_elements_1, __global const double* p1_2, __global const double* packed_elements_2, double* r0, double* r1) {
    long segment = nessie_segment_of(offsets, offsets_len, p);
    long s = segment;
    long w = nessie_sub(p, offsets[s]);
    long start = offsets_1[s];
    long len = (long)lengths[s];
    long s_1 = then_instances[s];
    long start_1 = packed_offsets[s_1];
    long len_1 = packed_lengths[s_1];
    int c = w < len;
    long q = c ? nessie_add(start, w) : nessie_add(start_1, nessie_sub(w, len));
    *r0 = c ? p1_1[q] : packed_elements_1[q];
    *r1 = c ? p1_2[q] : packed_elements_2[q];
}

static inline void hsplit_gather_7_pull_p1_1_by_tile(long p, long segment, __global const long* offsets, __global const long* offsets_1, __global const int* lengths, __global const long* then_instances, __global const long* packed_offsets, __global const long* packed_lengths, __global const double* p1_1, __global const double* packed_elements_1, __global const double* p1_2, __global const double* packed_elements_2, double* r0, double* r1) {
    long s = segment;
    long w = nessie_sub(p, offsets[s]);
    long start = offsets_1[s];
    long len = (long)lengths[s];
    long s_1 = then_instances[s];
    long start_1 = packed_offsets[s_1];
    long len_1 = packed_lengths[s_1];
    int c = w < len;
    long q = c ? nessie_add(start, w) : nessie_add(start_1, nessie_sub(w, len));
    *r0 = c ? p1_1[q] : packed_elements_1[q];
    *r1 = c ? p1_2[q] : packed_elements_2[q];
}

__kernel void hsplit_gather_7_p1_1(long t_1_arg, __global const long* t_1_word, __global const long* offsets_0, long n_offsets_arg, __global const long* n_offsets_word, __global const long* offsets_1, __global const int* lengths, __global const long* then_instances, __global const long* packed_offsets, __global const long* packed_lengths, __global const double* p1_1_6, __global const double* packed_elements_1, __global const double* p1_2_8, __global const double* packed_elements_2, __global double* p1_1_21, __global double* p1_2_22) {
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < t_1) {
        double pull_p1_1_r;
        double pull_p1_1_r_1;
        hsplit_gather_7_pull_p1_1(gid, offsets_0, n_offsets, offsets_1, lengths, then_instances, packed_offsets, packed_lengths, p1_1_6, packed_elements_1, p1_2_8, packed_elements_2, &pull_p1_1_r, &pull_p1_1_r_1);
        p1_1_21[gid] = pull_p1_1_r;
        p1_2_22[gid] = pull_p1_1_r_1;
    }
}

__kernel void hsplit_gather_7_p1_1_tiles(__global const long* offsets_0, long n_offsets_arg, __global const long* n_offsets_word, long t_1_arg, __global const long* t_1_word, __global const long* offsets_1, __global const int* lengths, __global const long* then_instances, __global const long* packed_offsets, __global const long* packed_lengths, __global const double* p1_1_6, __global const double* packed_elements_1, __global const double* p1_2_8, __global const double* packed_elements_2, __global double* p1_1_21, __global double* p1_2_22) {
    __local int counts[2048];
    __local long sums[256];
    __local long range[4];
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long l = get_local_id(0);
    const long start = get_group_id(0) * 2048;
    if (start >= t_1) return;
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
            const long p_1 = lo + l * step;
            if (p_1 < hi && offsets_0[p_1] <= start) {
                const long q_1 = p_1 + step;
                if (q_1 >= hi || offsets_0[q_1] > start) {
                    range[2] = p_1;
                    range[3] = min(q_1, hi);
                }
            }
            if (l == 0 && offsets_0[lo] > start) {
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
            if (p_2 < hi_1 && offsets_0[p_2] <= start) {
                const long q_2 = p_2 + step_1;
                if (q_2 >= hi_1 || offsets_0[q_2] > start) {
                    range[0] = p_2;
                    range[1] = min(q_2, hi_1);
                }
            }
            if (l == 0 && offsets_0[lo_1] > start) {
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
            if (p_3 < hi_2 && offsets_0[p_3] <= start) {
                const long q_3 = p_3 + step_2;
                if (q_3 >= hi_2 || offsets_0[q_3] > start) {
                    range[2] = p_3;
                    range[3] = min(q_3, hi_2);
                }
            }
            if (l == 0 && offsets_0[lo_2] > start) {
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
            if (p_4 < hi_3 && offsets_0[p_4] <= start) {
                const long q_4 = p_4 + step_3;
                if (q_4 >= hi_3 || offsets_0[q_4] > start) {
                    range[0] = p_4;
                    range[1] = min(q_4, hi_3);
                }
            }
            if (l == 0 && offsets_0[lo_3] > start) {
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
    const int whole = first + 1 >= n_offsets || offsets_0[first + 1] - start >= 2048;
    if (!whole) {
        for (long i = l; i < 2048; i += 256) counts[i] = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long s = first + 1 + l; s < n_offsets; s += 256) {
            const long o = offsets_0[s] - start;
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
    double pulled[8];
    double pulled_1[8];
    #pragma unroll
    for (int k_1 = 0; k_1 < 8; k_1++) {
        const long i_1 = k_1 * 256 + l;
        const long g = start + i_1;
        if (g < t_1) {
            double pull_p1_1_by_tile_r;
            double pull_p1_1_by_tile_r_1;
            hsplit_gather_7_pull_p1_1_by_tile(g, (whole ? first : first + counts[i_1]), offsets_0, offsets_1, lengths, then_instances, packed_offsets, packed_lengths, p1_1_6, packed_elements_1, p1_2_8, packed_elements_2, &pull_p1_1_by_tile_r, &pull_p1_1_by_tile_r_1);
            pulled[k_1] = pull_p1_1_by_tile_r;
            pulled_1[k_1] = pull_p1_1_by_tile_r_1;
        }
    }
    #pragma unroll
    for (int k_2 = 0; k_2 < 8; k_2++) {
        const long g_1 = start + k_2 * 256 + l;
        if (g_1 < t_1) {
            p1_1_21[g_1] = pulled[k_2];
            p1_2_22[g_1] = pulled_1[k_2];
        }
    }
}


// ===== cross_products_map_5.cl =====
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

static inline double cross_products_map_5_pull_mapped(long i, __global const long* points_offsets, long points_offsets_len, __global const double* x1, __global const double* points_elements_1, __global const double* y2, __global const double* points_elements_2, __global const double* y1, __global const double* x2) {
    long segment = nessie_segment_of(points_offsets, points_offsets_len, i);
    long s = segment;
    return (x1[s] - points_elements_1[i]) * (y2[s] - points_elements_2[i]) - (y1[s] - points_elements_2[i]) * (x2[s] - points_elements_1[i]);
}

static inline double cross_products_map_5_pull_mapped_by_tile(long i, long segment, __global const double* x1, __global const double* points_elements_1, __global const double* y2, __global const double* points_elements_2, __global const double* y1, __global const double* x2) {
    long s = segment;
    return (x1[s] - points_elements_1[i]) * (y2[s] - points_elements_2[i]) - (y1[s] - points_elements_2[i]) * (x2[s] - points_elements_1[i]);
}

__kernel void cross_products_map_5_mapped(long n_points_elements_1_arg, __global const long* n_points_elements_1_word, __global const long* points_offsets, long n_points_offsets_arg, __global const long* n_points_offsets_word, __global const double* x1, __global const double* points_elements_1, __global const double* y2, __global const double* points_elements_2, __global const double* y1, __global const double* x2, __global double* mapped) {
    const long n_points_elements_1 = n_points_elements_1_arg >= 0 ? n_points_elements_1_arg : clamp(n_points_elements_1_word[0], 0L, (-1 - n_points_elements_1_arg) & 0xFFFFFFFFL) + ((-1 - n_points_elements_1_arg) >> 32);
    const long n_points_offsets = n_points_offsets_arg >= 0 ? n_points_offsets_arg : clamp(n_points_offsets_word[0], 0L, (-1 - n_points_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_points_offsets_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < n_points_elements_1) {
        double pull_mapped_r = cross_products_map_5_pull_mapped(gid, points_offsets, n_points_offsets, x1, points_elements_1, y2, points_elements_2, y1, x2);
        mapped[gid] = pull_mapped_r;
    }
}

__kernel void cross_products_map_5_mapped_tiles(__global const long* points_offsets, long n_points_offsets_arg, __global const long* n_points_offsets_word, long n_points_elements_1_arg, __global const long* n_points_elements_1_word, __global const double* x1, __global const double* points_elements_1, __global const double* y2, __global const double* points_elements_2, __global const double* y1, __global const double* x2, __global double* mapped) {
    __local int counts[2048];
    __local long sums[256];
    __local long range[4];
    const long n_points_offsets = n_points_offsets_arg >= 0 ? n_points_offsets_arg : clamp(n_points_offsets_word[0], 0L, (-1 - n_points_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_points_offsets_arg) >> 32);
    const long n_points_elements_1 = n_points_elements_1_arg >= 0 ? n_points_elements_1_arg : clamp(n_points_elements_1_word[0], 0L, (-1 - n_points_elements_1_arg) & 0xFFFFFFFFL) + ((-1 - n_points_elements_1_arg) >> 32);
    const long l = get_local_id(0);
    const long start = get_group_id(0) * 2048;
    if (start >= n_points_elements_1) return;
    if (l == 0) {
        range[0] = 0;
        range[1] = n_points_offsets;
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo = range[0];
        const long hi = range[1];
        if (hi - lo > 1) {
            const long step = (hi - lo + 255) / 256;
            const long p = lo + l * step;
            if (p < hi && points_offsets[p] <= start) {
                const long q = p + step;
                if (q >= hi || points_offsets[q] > start) {
                    range[2] = p;
                    range[3] = min(q, hi);
                }
            }
            if (l == 0 && points_offsets[lo] > start) {
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
            if (p_1 < hi_1 && points_offsets[p_1] <= start) {
                const long q_1 = p_1 + step_1;
                if (q_1 >= hi_1 || points_offsets[q_1] > start) {
                    range[0] = p_1;
                    range[1] = min(q_1, hi_1);
                }
            }
            if (l == 0 && points_offsets[lo_1] > start) {
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
            if (p_2 < hi_2 && points_offsets[p_2] <= start) {
                const long q_2 = p_2 + step_2;
                if (q_2 >= hi_2 || points_offsets[q_2] > start) {
                    range[2] = p_2;
                    range[3] = min(q_2, hi_2);
                }
            }
            if (l == 0 && points_offsets[lo_2] > start) {
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
            if (p_3 < hi_3 && points_offsets[p_3] <= start) {
                const long q_3 = p_3 + step_3;
                if (q_3 >= hi_3 || points_offsets[q_3] > start) {
                    range[0] = p_3;
                    range[1] = min(q_3, hi_3);
                }
            }
            if (l == 0 && points_offsets[lo_3] > start) {
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
    const int whole = first + 1 >= n_points_offsets || points_offsets[first + 1] - start >= 2048;
    if (!whole) {
        for (long i_1 = l; i_1 < 2048; i_1 += 256) counts[i_1] = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long s_1 = first + 1 + l; s_1 < n_points_offsets; s_1 += 256) {
            const long o = points_offsets[s_1] - start;
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
    double pulled[8];
    #pragma unroll
    for (int k_1 = 0; k_1 < 8; k_1++) {
        const long i_2 = k_1 * 256 + l;
        const long g = start + i_2;
        if (g < n_points_elements_1) {
            double pull_mapped_by_tile_r = cross_products_map_5_pull_mapped_by_tile(g, (whole ? first : first + counts[i_2]), x1, points_elements_1, y2, points_elements_2, y1, x2);
            pulled[k_1] = pull_mapped_by_tile_r;
        }
    }
    #pragma unroll
    for (int k_2 = 0; k_2 < 8; k_2++) {
        const long g_1 = start + k_2 * 256 + l;
        if (g_1 < n_points_elements_1) {
            mapped[g_1] = pulled[k_2];
        }
    }
}


// ===== hsplit_gather_27.cl =====
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

static inline void hsplit_gather_27_pull_packed_elements_1(long p, __global const long* packed_offsets, long packed_offsets_len, __global const long* offsets, long offsets_len, __global const long* else_instances, __global const long* packed_offsets_1, __global const double* packed_elements_1, __global const double* packed_elements_2, double* r0, double* r1) {
    long segment = nessie_segment_of(packed_offsets, packed_offsets_len, p);
    long s = segment;
    long segment_1 = nessie_segment_of(offsets, offsets_len, s);
    long r = else_instances[segment_1];
    long q = nessie_add(packed_offsets_1[r], nessie_sub(p, packed_offsets[s]));
    *r0 = packed_elements_1[q];
    *r1 = packed_elements_2[q];
}

static inline void hsplit_gather_27_pull_packed_elements_1_by_tile(long p, long segment, __global const long* offsets, long offsets_len, __global const long* else_instances, __global const long* packed_offsets, __global const long* packed_offsets_1, __global const double* packed_elements_1, __global const double* packed_elements_2, double* r0, double* r1) {
    long s = segment;
    long segment_1 = nessie_segment_of(offsets, offsets_len, s);
    long r = else_instances[segment_1];
    long q = nessie_add(packed_offsets[r], nessie_sub(p, packed_offsets_1[s]));
    *r0 = packed_elements_1[q];
    *r1 = packed_elements_2[q];
}

__kernel void hsplit_gather_27_packed_elements_1(long t_1_arg, __global const long* t_1_word, __global const long* packed_offsets_0, long n_packed_offsets_arg, __global const long* n_packed_offsets_word, __global const long* offsets, long n_offsets_arg, __global const long* n_offsets_word, __global const long* else_instances, __global const long* packed_offsets_3, __global const double* packed_elements_1_4, __global const double* packed_elements_2_5, __global double* packed_elements_1_11, __global double* packed_elements_2_12) {
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long n_packed_offsets = n_packed_offsets_arg >= 0 ? n_packed_offsets_arg : clamp(n_packed_offsets_word[0], 0L, (-1 - n_packed_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_packed_offsets_arg) >> 32);
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < t_1) {
        double pull_packed_elements_1_r;
        double pull_packed_elements_1_r_1;
        hsplit_gather_27_pull_packed_elements_1(gid, packed_offsets_0, n_packed_offsets, offsets, n_offsets, else_instances, packed_offsets_3, packed_elements_1_4, packed_elements_2_5, &pull_packed_elements_1_r, &pull_packed_elements_1_r_1);
        packed_elements_1_11[gid] = pull_packed_elements_1_r;
        packed_elements_2_12[gid] = pull_packed_elements_1_r_1;
    }
}

__kernel void hsplit_gather_27_packed_elements_1_tiles(__global const long* packed_offsets_0, long n_packed_offsets_arg, __global const long* n_packed_offsets_word, long t_1_arg, __global const long* t_1_word, __global const long* offsets, long n_offsets_arg, __global const long* n_offsets_word, __global const long* else_instances, __global const long* packed_offsets_3, __global const double* packed_elements_1_4, __global const double* packed_elements_2_5, __global double* packed_elements_1_11, __global double* packed_elements_2_12) {
    __local int counts[2048];
    __local long sums[256];
    __local long range[4];
    const long n_packed_offsets = n_packed_offsets_arg >= 0 ? n_packed_offsets_arg : clamp(n_packed_offsets_word[0], 0L, (-1 - n_packed_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_packed_offsets_arg) >> 32);
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    const long l = get_local_id(0);
    const long start = get_group_id(0) * 2048;
    if (start >= t_1) return;
    if (l == 0) {
        range[0] = 0;
        range[1] = n_packed_offsets;
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo = range[0];
        const long hi = range[1];
        if (hi - lo > 1) {
            const long step = (hi - lo + 255) / 256;
            const long p_1 = lo + l * step;
            if (p_1 < hi && packed_offsets_0[p_1] <= start) {
                const long q_1 = p_1 + step;
                if (q_1 >= hi || packed_offsets_0[q_1] > start) {
                    range[2] = p_1;
                    range[3] = min(q_1, hi);
                }
            }
            if (l == 0 && packed_offsets_0[lo] > start) {
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
            if (p_2 < hi_1 && packed_offsets_0[p_2] <= start) {
                const long q_2 = p_2 + step_1;
                if (q_2 >= hi_1 || packed_offsets_0[q_2] > start) {
                    range[0] = p_2;
                    range[1] = min(q_2, hi_1);
                }
            }
            if (l == 0 && packed_offsets_0[lo_1] > start) {
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
            if (p_3 < hi_2 && packed_offsets_0[p_3] <= start) {
                const long q_3 = p_3 + step_2;
                if (q_3 >= hi_2 || packed_offsets_0[q_3] > start) {
                    range[2] = p_3;
                    range[3] = min(q_3, hi_2);
                }
            }
            if (l == 0 && packed_offsets_0[lo_2] > start) {
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
            if (p_4 < hi_3 && packed_offsets_0[p_4] <= start) {
                const long q_4 = p_4 + step_3;
                if (q_4 >= hi_3 || packed_offsets_0[q_4] > start) {
                    range[0] = p_4;
                    range[1] = min(q_4, hi_3);
                }
            }
            if (l == 0 && packed_offsets_0[lo_3] > start) {
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
    const int whole = first + 1 >= n_packed_offsets || packed_offsets_0[first + 1] - start >= 2048;
    if (!whole) {
        for (long i = l; i < 2048; i += 256) counts[i] = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long s_1 = first + 1 + l; s_1 < n_packed_offsets; s_1 += 256) {
            const long o = packed_offsets_0[s_1] - start;
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
    double pulled[8];
    double pulled_1[8];
    #pragma unroll
    for (int k_1 = 0; k_1 < 8; k_1++) {
        const long i_1 = k_1 * 256 + l;
        const long g = start + i_1;
        if (g < t_1) {
            double pull_packed_elements_1_by_tile_r;
            double pull_packed_elements_1_by_tile_r_1;
            hsplit_gather_27_pull_packed_elements_1_by_tile(g, (whole ? first : first + counts[i_1]), offsets, n_offsets, else_instances, packed_offsets_3, packed_offsets_0, packed_elements_1_4, packed_elements_2_5, &pull_packed_elements_1_by_tile_r, &pull_packed_elements_1_by_tile_r_1);
            pulled[k_1] = pull_packed_elements_1_by_tile_r;
            pulled_1[k_1] = pull_packed_elements_1_by_tile_r_1;
        }
    }
    #pragma unroll
    for (int k_2 = 0; k_2 < 8; k_2++) {
        const long g_1 = start + k_2 * 256 + l;
        if (g_1 < t_1) {
            packed_elements_1_11[g_1] = pulled[k_2];
            packed_elements_2_12[g_1] = pulled_1[k_2];
        }
    }
}


// ===== hsplit_seg_reduce_sum.cl =====
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

static inline long hsplit_seg_reduce_sum_pull_sum(long p, __global const long* hsplit_lengths) {
    return hsplit_lengths[p];
}

static inline long hsplit_seg_reduce_sum_op_sum(long a, long b) {
    return nessie_add(a, b);
}

static inline long hsplit_seg_reduce_sum_pull_sum_hoisted(long p, long hsplit_lengths_at) {
    return hsplit_lengths_at;
}

static inline long hsplit_seg_reduce_sum_split_sum_within(long p, long lo0, long hi0, __global const long* lengths, long lengths_len, __global const long* offsets, long offsets_len) {
    long n = lengths_len > 0L ? nessie_add(offsets[nessie_sub(lengths_len, 1L)], lengths[nessie_sub(lengths_len, 1L)]) : 0L;
    long d = min(nessie_mul(p, 1024L), nessie_add(offsets_len, n));
    long lo = max(max(nessie_sub(d, n), 0L), lo0);
    long hi = min(min(d, offsets_len), hi0);
    while (1) {
        if (lo >= hi) break;
        long mid = nessie_add(lo, nessie_div(nessie_sub(hi, lo), 2L));
        long t;
        long t_1;
        if ((nessie_add(mid, 1L) < offsets_len ? offsets[nessie_add(mid, 1L)] : n) < nessie_sub(d, mid)) {
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

__kernel void hsplit_seg_reduce_sum_sum_chunks(__global const long* offsets, __global const long* lengths, long n_offsets_arg, __global const long* n_offsets_word, long long_chunks, __global const long* hsplit_lengths, __global long* sum_partials_0) {
    __local long team_values[256];
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    const long l = get_local_id(0);
    const long segs = n_offsets;
    const long n_1 = segs > 0 ? offsets[segs - 1] + lengths[segs - 1] : 0;
    for (long c = get_group_id(0); c < long_chunks; c += get_num_groups(0)) {
        const long hi_1 = (c + 1) * 8192;
        long a_1 = 0, b_1 = hi_1 <= n_1 ? segs : 0;
        while (a_1 < b_1) {
            const long mid_1 = a_1 + (b_1 - a_1) / 2;
            if (offsets[mid_1] < hi_1) a_1 = mid_1 + 1; else b_1 = mid_1;
        }
        const long start = a_1 > 0 ? offsets[a_1 - 1] : 0;
        const long end = a_1 < segs ? offsets[a_1] : n_1;
        if (a_1 > 0 && hi_1 <= n_1 && end - start >= 16384) {
            const long lo_1 = max(c * 8192, start);
            const long len = hi_1 - lo_1;
            long acc = 0L;
            long k = l;
            for (; k + 3 * 256 < len; k += 4 * 256) {
                const long at = hsplit_lengths[lo_1 + k + 0 * 256];
                const long at_1 = hsplit_lengths[lo_1 + k + 1 * 256];
                const long at_2 = hsplit_lengths[lo_1 + k + 2 * 256];
                const long at_3 = hsplit_lengths[lo_1 + k + 3 * 256];
                long pull_sum_hoisted_r = hsplit_seg_reduce_sum_pull_sum_hoisted(lo_1 + k + 0 * 256, at);
                long pull_sum_hoisted_r_1 = hsplit_seg_reduce_sum_pull_sum_hoisted(lo_1 + k + 1 * 256, at_1);
                long pull_sum_hoisted_r_2 = hsplit_seg_reduce_sum_pull_sum_hoisted(lo_1 + k + 2 * 256, at_2);
                long pull_sum_hoisted_r_3 = hsplit_seg_reduce_sum_pull_sum_hoisted(lo_1 + k + 3 * 256, at_3);
                long op_sum_r = hsplit_seg_reduce_sum_op_sum(acc, pull_sum_hoisted_r);
                acc = op_sum_r;
                long op_sum_r_1 = hsplit_seg_reduce_sum_op_sum(acc, pull_sum_hoisted_r_1);
                acc = op_sum_r_1;
                long op_sum_r_2 = hsplit_seg_reduce_sum_op_sum(acc, pull_sum_hoisted_r_2);
                acc = op_sum_r_2;
                long op_sum_r_3 = hsplit_seg_reduce_sum_op_sum(acc, pull_sum_hoisted_r_3);
                acc = op_sum_r_3;
            }
            for (; k < len; k += 256) {
                const long at_4 = hsplit_lengths[lo_1 + k];
                long pull_sum_hoisted_r_4 = hsplit_seg_reduce_sum_pull_sum_hoisted(lo_1 + k, at_4);
                long op_sum_r_4 = hsplit_seg_reduce_sum_op_sum(acc, pull_sum_hoisted_r_4);
                acc = op_sum_r_4;
            }
            team_values[l] = acc;
            barrier(CLK_LOCAL_MEM_FENCE);
            for (long h = 1; h < 256; h *= 2) {
                if ((l & (2 * h - 1)) == 0) {
                    long op_sum_r_5 = hsplit_seg_reduce_sum_op_sum(team_values[l], team_values[l + h]);
                    team_values[l] = op_sum_r_5;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            long acc_1 = 0L;
            acc_1 = team_values[0];
            barrier(CLK_LOCAL_MEM_FENCE);
            if (l == 0) {
                sum_partials_0[c] = acc_1;
            }
        } else if (l == 0) {
            sum_partials_0[c] = 0L;
        }
    }
}

__kernel void hsplit_seg_reduce_sum_sum(__global const long* offsets, __global const long* lengths, __global int* sum_gave_up, long lanes, long short_segments, long lanes_1, long n_offsets_arg, __global const long* n_offsets_word, __global int* sum_team_tickets, uint sum_team_tickets_epoch, uint sum_team_tickets_base, __global const long* hsplit_lengths, __global long* sum_splits, long merge_tiles, long n_lengths_arg, __global const long* n_lengths_word, __global long* sum) {
    __local long team_values[512];
    __local int stopped[3];
    __local long tickets[3];
    __local long chunk_at[2];
    __local long sampled[256];
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    const long n_lengths = n_lengths_arg >= 0 ? n_lengths_arg : clamp(n_lengths_word[0], 0L, (-1 - n_lengths_arg) & 0xFFFFFFFFL) + ((-1 - n_lengths_arg) >> 32);
    const long l = get_local_id(0);
    const long lane = l & (lanes - 1);
    const long team = l / lanes;
    const long teams = 256 / lanes;
    if (l == 0) tickets[2] = (n_offsets + teams - 1) / teams;
    const long n_1 = n_offsets > 0 ? offsets[n_offsets - 1] + lengths[n_offsets - 1] : 0;
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
        long acc = 0L;
        if (s < n_offsets) {
            const long offset = offsets[s];
            const long length = (s + 1 < n_offsets ? offsets[s + 1] : n_1) - offset;
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
                        long streamed;
                        asm("ld.global.cs.s64 %0, [%1];" : "=l"(streamed) : "l"(hsplit_lengths + (offset + k + 0 * lanes)));
                        #else
                        const long streamed = hsplit_lengths[offset + k + 0 * lanes];
                        #endif
                        const long at = streamed;
                        #ifdef __NV_CL_C_VERSION
                        long streamed_1;
                        asm("ld.global.cs.s64 %0, [%1];" : "=l"(streamed_1) : "l"(hsplit_lengths + (offset + k + 1 * lanes)));
                        #else
                        const long streamed_1 = hsplit_lengths[offset + k + 1 * lanes];
                        #endif
                        const long at_1 = streamed_1;
                        #ifdef __NV_CL_C_VERSION
                        long streamed_2;
                        asm("ld.global.cs.s64 %0, [%1];" : "=l"(streamed_2) : "l"(hsplit_lengths + (offset + k + 2 * lanes)));
                        #else
                        const long streamed_2 = hsplit_lengths[offset + k + 2 * lanes];
                        #endif
                        const long at_2 = streamed_2;
                        #ifdef __NV_CL_C_VERSION
                        long streamed_3;
                        asm("ld.global.cs.s64 %0, [%1];" : "=l"(streamed_3) : "l"(hsplit_lengths + (offset + k + 3 * lanes)));
                        #else
                        const long streamed_3 = hsplit_lengths[offset + k + 3 * lanes];
                        #endif
                        const long at_3 = streamed_3;
                        long pull_sum_hoisted_r = hsplit_seg_reduce_sum_pull_sum_hoisted(offset + k + 0 * lanes, at);
                        long pull_sum_hoisted_r_1 = hsplit_seg_reduce_sum_pull_sum_hoisted(offset + k + 1 * lanes, at_1);
                        long pull_sum_hoisted_r_2 = hsplit_seg_reduce_sum_pull_sum_hoisted(offset + k + 2 * lanes, at_2);
                        long pull_sum_hoisted_r_3 = hsplit_seg_reduce_sum_pull_sum_hoisted(offset + k + 3 * lanes, at_3);
                        long op_sum_r = hsplit_seg_reduce_sum_op_sum(acc, pull_sum_hoisted_r);
                        acc = op_sum_r;
                        long op_sum_r_1 = hsplit_seg_reduce_sum_op_sum(acc, pull_sum_hoisted_r_1);
                        acc = op_sum_r_1;
                        long op_sum_r_2 = hsplit_seg_reduce_sum_op_sum(acc, pull_sum_hoisted_r_2);
                        acc = op_sum_r_2;
                        long op_sum_r_3 = hsplit_seg_reduce_sum_op_sum(acc, pull_sum_hoisted_r_3);
                        acc = op_sum_r_3;
                    }
                    for (; k < length; k += lanes) {
                        #ifdef __NV_CL_C_VERSION
                        long streamed_4;
                        asm("ld.global.cs.s64 %0, [%1];" : "=l"(streamed_4) : "l"(hsplit_lengths + (offset + k)));
                        #else
                        const long streamed_4 = hsplit_lengths[offset + k];
                        #endif
                        const long at_4 = streamed_4;
                        long pull_sum_hoisted_r_4 = hsplit_seg_reduce_sum_pull_sum_hoisted(offset + k, at_4);
                        long op_sum_r_4 = hsplit_seg_reduce_sum_op_sum(acc, pull_sum_hoisted_r_4);
                        acc = op_sum_r_4;
                    }
                }
            }
        }
        const long at_5 = (step & 1) * 256 + l;
        team_values[at_5] = acc;
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
                    long op_sum_r_5 = hsplit_seg_reduce_sum_op_sum(team_values[at_5], team_values[at_5 + h]);
                    team_values[at_5] = op_sum_r_5;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            acc = team_values[at_5];
        } else if (lanes > 1 && lane == 0) {
            for (long h_1 = 1; h_1 < lanes; h_1 *= 2) {
                for (long j = 0; j < lanes; j += 2 * h_1) {
                    long op_sum_r_6 = hsplit_seg_reduce_sum_op_sum(team_values[at_5 + j], team_values[at_5 + j + h_1]);
                    team_values[at_5 + j] = op_sum_r_6;
                }
            }
            acc = team_values[at_5];
        }
        if (lane == 0 && s < n_offsets && !is_long) {
            sum[s] = acc;
        }
    }
    if (stopped[step % 3] != 0) {
        for (int i = 0;; i++) {
            if (l == 0) chunk_at[i & 1] = (long)(atomic_add(&sum_gave_up[0], 2) >> 1);
            barrier(CLK_LOCAL_MEM_FENCE);
            const long chunk = chunk_at[i & 1];
            if (i == 0) {
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
            const long d_1 = min(t * 1024, (long)((n_offsets) + n_1));
            const long q = ((l) + 1) * (n_offsets) / 256 - 1;
            sampled[l] = (q + 1 < (n_offsets) ? offsets[q + 1] : n_1) + q;
            barrier(CLK_LOCAL_MEM_FENCE);
            int x = 0, y = 256;
            while (x < y) {
                const int mid_1 = x + (y - x) / 2;
                if (sampled[mid_1] < d_1) x = mid_1 + 1; else y = mid_1;
            }
            const long lo_1 = x > 0 ? ((x - 1) + 1) * (n_offsets) / 256 - 1 + 1 : 0;
            const long hi_1 = x < 256 ? ((x) + 1) * (n_offsets) / 256 - 1 : (n_offsets);
            if (l < 224 && t <= merge_tiles) {
                long split_sum_within_r = hsplit_seg_reduce_sum_split_sum_within(t, lo_1, hi_1, lengths, n_lengths, offsets, n_offsets);
                sum_splits[t] = split_sum_within_r;
            }
        }
    }
}

__kernel void hsplit_seg_reduce_sum_sum_1(__global const long* offsets, __global const long* lengths, __global int* sum_gave_up, long lanes, long short_segments, long lanes_1, long n_offsets_arg, __global const long* n_offsets_word, __global int* sum_team_tickets, uint sum_team_tickets_epoch, uint sum_team_tickets_base, __global const long* hsplit_lengths, __global long* sum_splits, long merge_tiles, long n_lengths_arg, __global const long* n_lengths_word, __global long* sum) {
    __local long team_values[512];
    __local int stopped[3];
    __local long tickets[3];
    __local long chunk_at[2];
    __local long sampled[256];
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    const long n_lengths = n_lengths_arg >= 0 ? n_lengths_arg : clamp(n_lengths_word[0], 0L, (-1 - n_lengths_arg) & 0xFFFFFFFFL) + ((-1 - n_lengths_arg) >> 32);
    const long l = get_local_id(0);
    const long lane = l & (lanes_1 - 1);
    const long team = l / lanes_1;
    const long teams = 256 / lanes_1;
    if (l == 0) tickets[2] = (n_offsets + teams - 1) / teams;
    const long n_1 = n_offsets > 0 ? offsets[n_offsets - 1] + lengths[n_offsets - 1] : 0;
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
        long acc = 0L;
        if (s < n_offsets) {
            const long offset = offsets[s];
            const long length = (s + 1 < n_offsets ? offsets[s + 1] : n_1) - offset;
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
                        const long at = hsplit_lengths[offset + k + 0 * lanes_1];
                        const long at_1 = hsplit_lengths[offset + k + 1 * lanes_1];
                        const long at_2 = hsplit_lengths[offset + k + 2 * lanes_1];
                        const long at_3 = hsplit_lengths[offset + k + 3 * lanes_1];
                        const long at_4 = hsplit_lengths[offset + k + 4 * lanes_1];
                        long pull_sum_hoisted_r = hsplit_seg_reduce_sum_pull_sum_hoisted(offset + k + 0 * lanes_1, at);
                        long pull_sum_hoisted_r_1 = hsplit_seg_reduce_sum_pull_sum_hoisted(offset + k + 1 * lanes_1, at_1);
                        long pull_sum_hoisted_r_2 = hsplit_seg_reduce_sum_pull_sum_hoisted(offset + k + 2 * lanes_1, at_2);
                        long pull_sum_hoisted_r_3 = hsplit_seg_reduce_sum_pull_sum_hoisted(offset + k + 3 * lanes_1, at_3);
                        long pull_sum_hoisted_r_4 = hsplit_seg_reduce_sum_pull_sum_hoisted(offset + k + 4 * lanes_1, at_4);
                        long op_sum_r = hsplit_seg_reduce_sum_op_sum(acc, pull_sum_hoisted_r);
                        acc = op_sum_r;
                        long op_sum_r_1 = hsplit_seg_reduce_sum_op_sum(acc, pull_sum_hoisted_r_1);
                        acc = op_sum_r_1;
                        long op_sum_r_2 = hsplit_seg_reduce_sum_op_sum(acc, pull_sum_hoisted_r_2);
                        acc = op_sum_r_2;
                        long op_sum_r_3 = hsplit_seg_reduce_sum_op_sum(acc, pull_sum_hoisted_r_3);
                        acc = op_sum_r_3;
                        long op_sum_r_4 = hsplit_seg_reduce_sum_op_sum(acc, pull_sum_hoisted_r_4);
                        acc = op_sum_r_4;
                    }
                    for (; k < length; k += lanes_1) {
                        const long at_5 = hsplit_lengths[offset + k];
                        long pull_sum_hoisted_r_5 = hsplit_seg_reduce_sum_pull_sum_hoisted(offset + k, at_5);
                        long op_sum_r_5 = hsplit_seg_reduce_sum_op_sum(acc, pull_sum_hoisted_r_5);
                        acc = op_sum_r_5;
                    }
                }
            }
        }
        const long at_6 = (step & 1) * 256 + l;
        team_values[at_6] = acc;
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
                    long op_sum_r_6 = hsplit_seg_reduce_sum_op_sum(team_values[at_6], team_values[at_6 + h]);
                    team_values[at_6] = op_sum_r_6;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            acc = team_values[at_6];
        } else if (lanes_1 > 1 && lane == 0) {
            for (long h_1 = 1; h_1 < lanes_1; h_1 *= 2) {
                for (long j = 0; j < lanes_1; j += 2 * h_1) {
                    long op_sum_r_7 = hsplit_seg_reduce_sum_op_sum(team_values[at_6 + j], team_values[at_6 + j + h_1]);
                    team_values[at_6 + j] = op_sum_r_7;
                }
            }
            acc = team_values[at_6];
        }
        if (lane == 0 && s < n_offsets && !is_long) {
            sum[s] = acc;
        }
    }
    if (stopped[step % 3] != 0) {
        for (int i = 0;; i++) {
            if (l == 0) chunk_at[i & 1] = (long)(atomic_add(&sum_gave_up[0], 2) >> 1);
            barrier(CLK_LOCAL_MEM_FENCE);
            const long chunk = chunk_at[i & 1];
            if (i == 0) {
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
            const long d_1 = min(t * 1024, (long)((n_offsets) + n_1));
            const long q = ((l) + 1) * (n_offsets) / 256 - 1;
            sampled[l] = (q + 1 < (n_offsets) ? offsets[q + 1] : n_1) + q;
            barrier(CLK_LOCAL_MEM_FENCE);
            int x = 0, y = 256;
            while (x < y) {
                const int mid_1 = x + (y - x) / 2;
                if (sampled[mid_1] < d_1) x = mid_1 + 1; else y = mid_1;
            }
            const long lo_1 = x > 0 ? ((x - 1) + 1) * (n_offsets) / 256 - 1 + 1 : 0;
            const long hi_1 = x < 256 ? ((x) + 1) * (n_offsets) / 256 - 1 : (n_offsets);
            if (l < 224 && t <= merge_tiles) {
                long split_sum_within_r = hsplit_seg_reduce_sum_split_sum_within(t, lo_1, hi_1, lengths, n_lengths, offsets, n_offsets);
                sum_splits[t] = split_sum_within_r;
            }
        }
    }
}

__kernel void hsplit_seg_reduce_sum_sum_2(__global const long* offsets, __global const long* lengths, long lanes, long n_offsets_arg, __global const long* n_offsets_word, __global const long* hsplit_lengths, __global const long* sum_partials_0, __global long* sum) {
    __local long team_values[512];
    __local int long_teams[259];
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    const long l = get_local_id(0);
    const long lane = l & (lanes - 1);
    const long team = l / lanes;
    const long teams = 256 / lanes;
    const long n_1 = n_offsets > 0 ? offsets[n_offsets - 1] + lengths[n_offsets - 1] : 0;
    if (l < 3) long_teams[256 + l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    long step = 0;
    for (long first = get_group_id(0) * teams; first < n_offsets; first += get_num_groups(0) * teams, step++) {
        const long s = first + team;
        const long counter = 256 + step % 3;
        int is_long = 0;
        long acc = 0L;
        if (s < n_offsets) {
            const long offset = offsets[s];
            const long length = (s + 1 < n_offsets ? offsets[s + 1] : n_1) - offset;
            is_long = (lanes < 256 && length > 32 * lanes) || length >= 16384;
            if (is_long) {
                if (lane == 0) long_teams[atomic_inc(&long_teams[counter])] = (int)team;
            } else {
                long k = lane;
                for (; k + 3 * lanes < length; k += 4 * lanes) {
                    const long at = hsplit_lengths[offset + k + 0 * lanes];
                    const long at_1 = hsplit_lengths[offset + k + 1 * lanes];
                    const long at_2 = hsplit_lengths[offset + k + 2 * lanes];
                    const long at_3 = hsplit_lengths[offset + k + 3 * lanes];
                    long pull_sum_hoisted_r = hsplit_seg_reduce_sum_pull_sum_hoisted(offset + k + 0 * lanes, at);
                    long pull_sum_hoisted_r_1 = hsplit_seg_reduce_sum_pull_sum_hoisted(offset + k + 1 * lanes, at_1);
                    long pull_sum_hoisted_r_2 = hsplit_seg_reduce_sum_pull_sum_hoisted(offset + k + 2 * lanes, at_2);
                    long pull_sum_hoisted_r_3 = hsplit_seg_reduce_sum_pull_sum_hoisted(offset + k + 3 * lanes, at_3);
                    long op_sum_r = hsplit_seg_reduce_sum_op_sum(acc, pull_sum_hoisted_r);
                    acc = op_sum_r;
                    long op_sum_r_1 = hsplit_seg_reduce_sum_op_sum(acc, pull_sum_hoisted_r_1);
                    acc = op_sum_r_1;
                    long op_sum_r_2 = hsplit_seg_reduce_sum_op_sum(acc, pull_sum_hoisted_r_2);
                    acc = op_sum_r_2;
                    long op_sum_r_3 = hsplit_seg_reduce_sum_op_sum(acc, pull_sum_hoisted_r_3);
                    acc = op_sum_r_3;
                }
                for (; k < length; k += lanes) {
                    const long at_4 = hsplit_lengths[offset + k];
                    long pull_sum_hoisted_r_4 = hsplit_seg_reduce_sum_pull_sum_hoisted(offset + k, at_4);
                    long op_sum_r_4 = hsplit_seg_reduce_sum_op_sum(acc, pull_sum_hoisted_r_4);
                    acc = op_sum_r_4;
                }
            }
        }
        const long at_5 = (step & 1) * 256 + l;
        team_values[at_5] = acc;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) long_teams[256 + (step + 2) % 3] = 0;
        if (lanes > 8) {
            for (long h = 1; h < lanes; h *= 2) {
                if ((lane & (2 * h - 1)) == 0) {
                    long op_sum_r_5 = hsplit_seg_reduce_sum_op_sum(team_values[at_5], team_values[at_5 + h]);
                    team_values[at_5] = op_sum_r_5;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            acc = team_values[at_5];
        } else if (lanes > 1 && lane == 0) {
            for (long h_1 = 1; h_1 < lanes; h_1 *= 2) {
                for (long j = 0; j < lanes; j += 2 * h_1) {
                    long op_sum_r_6 = hsplit_seg_reduce_sum_op_sum(team_values[at_5 + j], team_values[at_5 + j + h_1]);
                    team_values[at_5 + j] = op_sum_r_6;
                }
            }
            acc = team_values[at_5];
        }
        if (lane == 0 && s < n_offsets && !is_long) {
            sum[s] = acc;
        }
        const int n_long = long_teams[counter];
        if (n_long > 0) barrier(CLK_LOCAL_MEM_FENCE);
        for (int i = 0; i < n_long; i++) {
            const long s_1 = first + long_teams[i];
            const long offset_1 = offsets[s_1];
            const long length_1 = (s_1 + 1 < n_offsets ? offsets[s_1 + 1] : n_1) - offset_1;
            const int is_long_1 = length_1 >= 16384;
            long from = 0, count = 0, at_6 = offset_1, len = length_1;
            if (is_long_1) {
                from = offset_1 / 8192;
                count = (offset_1 + length_1) / 8192 - from;
                at_6 = (from + count) * 8192;
                len = offset_1 + length_1 - at_6;
            }
            long acc_1 = 0L;
            if (is_long_1) {
                long acc_2 = 0L;
                for (long k_1 = l; k_1 < count; k_1 += 256) {
                    long op_sum_r_7 = hsplit_seg_reduce_sum_op_sum(acc_2, sum_partials_0[from + k_1]);
                    acc_2 = op_sum_r_7;
                }
                team_values[l] = acc_2;
                barrier(CLK_LOCAL_MEM_FENCE);
                for (long h_2 = 1; h_2 < 256; h_2 *= 2) {
                    if ((l & (2 * h_2 - 1)) == 0) {
                        long op_sum_r_8 = hsplit_seg_reduce_sum_op_sum(team_values[l], team_values[l + h_2]);
                        team_values[l] = op_sum_r_8;
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                long acc_3 = 0L;
                acc_3 = team_values[0];
                barrier(CLK_LOCAL_MEM_FENCE);
                acc_1 = acc_3;
            }
            long acc_4 = 0L;
            long k_2 = l;
            for (; k_2 + 3 * 256 < len; k_2 += 4 * 256) {
                const long at_7 = hsplit_lengths[at_6 + k_2 + 0 * 256];
                const long at_8 = hsplit_lengths[at_6 + k_2 + 1 * 256];
                const long at_9 = hsplit_lengths[at_6 + k_2 + 2 * 256];
                const long at_10 = hsplit_lengths[at_6 + k_2 + 3 * 256];
                long pull_sum_hoisted_r_5 = hsplit_seg_reduce_sum_pull_sum_hoisted(at_6 + k_2 + 0 * 256, at_7);
                long pull_sum_hoisted_r_6 = hsplit_seg_reduce_sum_pull_sum_hoisted(at_6 + k_2 + 1 * 256, at_8);
                long pull_sum_hoisted_r_7 = hsplit_seg_reduce_sum_pull_sum_hoisted(at_6 + k_2 + 2 * 256, at_9);
                long pull_sum_hoisted_r_8 = hsplit_seg_reduce_sum_pull_sum_hoisted(at_6 + k_2 + 3 * 256, at_10);
                long op_sum_r_9 = hsplit_seg_reduce_sum_op_sum(acc_4, pull_sum_hoisted_r_5);
                acc_4 = op_sum_r_9;
                long op_sum_r_10 = hsplit_seg_reduce_sum_op_sum(acc_4, pull_sum_hoisted_r_6);
                acc_4 = op_sum_r_10;
                long op_sum_r_11 = hsplit_seg_reduce_sum_op_sum(acc_4, pull_sum_hoisted_r_7);
                acc_4 = op_sum_r_11;
                long op_sum_r_12 = hsplit_seg_reduce_sum_op_sum(acc_4, pull_sum_hoisted_r_8);
                acc_4 = op_sum_r_12;
            }
            for (; k_2 < len; k_2 += 256) {
                const long at_11 = hsplit_lengths[at_6 + k_2];
                long pull_sum_hoisted_r_9 = hsplit_seg_reduce_sum_pull_sum_hoisted(at_6 + k_2, at_11);
                long op_sum_r_13 = hsplit_seg_reduce_sum_op_sum(acc_4, pull_sum_hoisted_r_9);
                acc_4 = op_sum_r_13;
            }
            team_values[l] = acc_4;
            barrier(CLK_LOCAL_MEM_FENCE);
            for (long h_3 = 1; h_3 < 256; h_3 *= 2) {
                if ((l & (2 * h_3 - 1)) == 0) {
                    long op_sum_r_14 = hsplit_seg_reduce_sum_op_sum(team_values[l], team_values[l + h_3]);
                    team_values[l] = op_sum_r_14;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            long acc_5 = 0L;
            acc_5 = team_values[0];
            barrier(CLK_LOCAL_MEM_FENCE);
            long op_sum_r_15 = hsplit_seg_reduce_sum_op_sum(acc_1, acc_5);
            long acc_6 = 0L;
            acc_6 = is_long_1 ? op_sum_r_15 : acc_5;
            if (l == 0) {
                sum[s_1] = acc_6;
            }
        }
    }
}

__kernel void hsplit_seg_reduce_sum_sum_3(__global const long* offsets, __global const long* lengths, long n_offsets_arg, __global const long* n_offsets_word, long merge_tiles, __global const long* sum_splits, __global int* sum_merge_status, uint sum_merge_status_epoch, uint sum_merge_status_base, __global const long* hsplit_lengths, __global const int* sum_gave_up, __global long* sum) {
    __local long merge_values[1153];
    __local int merge_ends[1152];
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    if (!(sum_gave_up[0] > 0)) {
        if (get_group_id(0) == 0 && get_local_id(0) == 0) atomic_add(sum_merge_status, (int)get_num_groups(0));
        return;
    }
    volatile __global ulong* status = (volatile __global ulong*)(sum_merge_status + 2);
    const int t = get_local_id(0);
    const long segs = n_offsets;
    const long n_1 = segs > 0 ? offsets[segs - 1] + lengths[segs - 1] : 0;
    if (t == 0) {
        const uint raw = (uint)atomic_inc(sum_merge_status) - sum_merge_status_base;
        if ((long)raw == merge_tiles + (long)get_num_groups(0) - 1) atomic_sub(sum_merge_status, (int)merge_tiles);
        merge_ends[1024] = (int)min((long)raw, merge_tiles);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long g = merge_ends[1024];
    int lag_g = -1, has_p = 0;
    long lag_a = 0, lag_h = 0;
    long acc = 0L;
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
        long x = 0L;
        long x_1 = 0L;
        long x_2 = 0L;
        long x_3 = 0L;
        long x_4 = 0L;
        long x_5 = 0L;
        long x_6 = 0L;
        long x_7 = 0L;
        if (ne > 0) {
            long at = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.s64 %0, [%1], pol; }" : "=l"(at) : "l"(hsplit_lengths + (j0 + min(k, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.s64 %0, [%1];" : "=l"(at) : "l"(hsplit_lengths + (j0 + min(k, ne - 1))));
            #else
            at = hsplit_lengths[j0 + min(k, ne - 1)];
            #endif
            long at_1 = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.s64 %0, [%1], pol; }" : "=l"(at_1) : "l"(hsplit_lengths + (j0 + min(k_1, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.s64 %0, [%1];" : "=l"(at_1) : "l"(hsplit_lengths + (j0 + min(k_1, ne - 1))));
            #else
            at_1 = hsplit_lengths[j0 + min(k_1, ne - 1)];
            #endif
            long at_2 = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.s64 %0, [%1], pol; }" : "=l"(at_2) : "l"(hsplit_lengths + (j0 + min(k_2, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.s64 %0, [%1];" : "=l"(at_2) : "l"(hsplit_lengths + (j0 + min(k_2, ne - 1))));
            #else
            at_2 = hsplit_lengths[j0 + min(k_2, ne - 1)];
            #endif
            long at_3 = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.s64 %0, [%1], pol; }" : "=l"(at_3) : "l"(hsplit_lengths + (j0 + min(k_3, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.s64 %0, [%1];" : "=l"(at_3) : "l"(hsplit_lengths + (j0 + min(k_3, ne - 1))));
            #else
            at_3 = hsplit_lengths[j0 + min(k_3, ne - 1)];
            #endif
            long at_4 = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.s64 %0, [%1], pol; }" : "=l"(at_4) : "l"(hsplit_lengths + (j0 + min(k_4, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.s64 %0, [%1];" : "=l"(at_4) : "l"(hsplit_lengths + (j0 + min(k_4, ne - 1))));
            #else
            at_4 = hsplit_lengths[j0 + min(k_4, ne - 1)];
            #endif
            long at_5 = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.s64 %0, [%1], pol; }" : "=l"(at_5) : "l"(hsplit_lengths + (j0 + min(k_5, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.s64 %0, [%1];" : "=l"(at_5) : "l"(hsplit_lengths + (j0 + min(k_5, ne - 1))));
            #else
            at_5 = hsplit_lengths[j0 + min(k_5, ne - 1)];
            #endif
            long at_6 = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.s64 %0, [%1], pol; }" : "=l"(at_6) : "l"(hsplit_lengths + (j0 + min(k_6, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.s64 %0, [%1];" : "=l"(at_6) : "l"(hsplit_lengths + (j0 + min(k_6, ne - 1))));
            #else
            at_6 = hsplit_lengths[j0 + min(k_6, ne - 1)];
            #endif
            long at_7 = 0;
            #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
            asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.s64 %0, [%1], pol; }" : "=l"(at_7) : "l"(hsplit_lengths + (j0 + min(k_7, ne - 1))));
            #elif defined(__NV_CL_C_VERSION)
            asm("ld.global.cs.s64 %0, [%1];" : "=l"(at_7) : "l"(hsplit_lengths + (j0 + min(k_7, ne - 1))));
            #else
            at_7 = hsplit_lengths[j0 + min(k_7, ne - 1)];
            #endif
            long pull_sum_hoisted_r = hsplit_seg_reduce_sum_pull_sum_hoisted(j0 + min(k, ne - 1), at);
            x = pull_sum_hoisted_r;
            long pull_sum_hoisted_r_1 = hsplit_seg_reduce_sum_pull_sum_hoisted(j0 + min(k_1, ne - 1), at_1);
            x_1 = pull_sum_hoisted_r_1;
            long pull_sum_hoisted_r_2 = hsplit_seg_reduce_sum_pull_sum_hoisted(j0 + min(k_2, ne - 1), at_2);
            x_2 = pull_sum_hoisted_r_2;
            long pull_sum_hoisted_r_3 = hsplit_seg_reduce_sum_pull_sum_hoisted(j0 + min(k_3, ne - 1), at_3);
            x_3 = pull_sum_hoisted_r_3;
            long pull_sum_hoisted_r_4 = hsplit_seg_reduce_sum_pull_sum_hoisted(j0 + min(k_4, ne - 1), at_4);
            x_4 = pull_sum_hoisted_r_4;
            long pull_sum_hoisted_r_5 = hsplit_seg_reduce_sum_pull_sum_hoisted(j0 + min(k_5, ne - 1), at_5);
            x_5 = pull_sum_hoisted_r_5;
            long pull_sum_hoisted_r_6 = hsplit_seg_reduce_sum_pull_sum_hoisted(j0 + min(k_6, ne - 1), at_6);
            x_6 = pull_sum_hoisted_r_6;
            long pull_sum_hoisted_r_7 = hsplit_seg_reduce_sum_pull_sum_hoisted(j0 + min(k_7, ne - 1), at_7);
            x_7 = pull_sum_hoisted_r_7;
        }
        for (int k_8 = t; k_8 < nr; k_8 += 128) {
            const long r = a_1 + k_8;
            long end = 0;
            if (r + 1 < segs) {
                #if defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80
                asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0; ld.global.L1::no_allocate.L2::cache_hint.s64 %0, [%1], pol; }" : "=l"(end) : "l"(offsets + (r + 1)));
                #elif defined(__NV_CL_C_VERSION)
                asm("ld.global.cs.s64 %0, [%1];" : "=l"(end) : "l"(offsets + (r + 1)));
                #else
                end = offsets[r + 1];
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
        long acc_1 = 0L;
        long acc_2 = 0L;
        for (int d_1 = dlo; d_1 < dhi; d_1++) {
            if (ii < nr && merge_ends[ii] <= jj) {
                if (head < 0) {
                    head = ii;
                    acc_2 = acc_1;
                } else {
                    const long row = a_1 + ii;
                    sum[row] = acc_1;
                }
                acc_1 = 0L;
                ii++;
            } else {
                long op_sum_r = hsplit_seg_reduce_sum_op_sum(acc_1, merge_values[jj]);
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
            long acc_3 = u >= 0 ? merge_values[1024 + u] : 0L;
            for (int w = u + 1; w < 128; w++) {
                long op_sum_r_1 = hsplit_seg_reduce_sum_op_sum(acc_3, merge_values[1024 + w]);
                acc_3 = op_sum_r_1;
            }
            const ulong tag = (ulong)sum_merge_status_epoch << 32;
            const ulong bits = (ulong)(acc_3);
            status[(g * 1 + 0) * 2] = tag | (bits & 0xffffffffUL);
            status[(g * 1 + 0) * 2 + 1] = tag | (bits >> 32);
        }
        const long e0 = a_1 < segs ? offsets[a_1] : n_1;
        const int look = a_1 < b_1 && a_1 + e0 < g * 1024;
        if (head >= 0) {
            int u_1 = t - 1;
            while (u_1 >= 0 && !merge_ends[1024 + u_1]) u_1--;
            long acc_4 = u_1 >= 0 ? merge_values[1024 + u_1] : 0L;
            for (int w_1 = u_1 + 1; w_1 < t; w_1++) {
                long op_sum_r_2 = hsplit_seg_reduce_sum_op_sum(acc_4, merge_values[1024 + w_1]);
                acc_4 = op_sum_r_2;
            }
            long op_sum_r_3 = hsplit_seg_reduce_sum_op_sum(acc_4, acc_2);
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
        long acc_5 = 0L;
        for (long x_8 = x0; x_8 < x1; x_8++) {
            ulong lo_2, hi_2;
            do {
                lo_2 = status[(x_8 * 1 + 0) * 2];
                hi_2 = status[(x_8 * 1 + 0) * 2 + 1];
            } while ((lo_2 >> 32) != sum_merge_status_epoch || (hi_2 >> 32) != sum_merge_status_epoch);
            const long y = (long)((lo_2 & 0xffffffffUL) | ((hi_2 & 0xffffffffUL) << 32));
            long op_sum_r_4 = hsplit_seg_reduce_sum_op_sum(acc_5, y);
            acc_5 = x_8 == x0 ? y : op_sum_r_4;
        }
        if (x0 < x1) {
            merge_values[t] = acc_5;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (t == 0) {
            if (lag_g >= 0) {
                long acc_6 = merge_values[0];
                const long runs = (mtp + perp - 1) / perp;
                for (long w_2 = 1; w_2 < runs; w_2++) {
                    long op_sum_r_5 = hsplit_seg_reduce_sum_op_sum(acc_6, merge_values[w_2]);
                    acc_6 = op_sum_r_5;
                }
                long op_sum_r_6 = hsplit_seg_reduce_sum_op_sum(acc_6, merge_values[1152]);
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


// ===== hsplit_gather_29.cl =====
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

static inline void hsplit_gather_29_pull_p1_1(long p, __global const long* offsets, long offsets_len, __global const uchar* mapped, __global const long* rank, __global const long* offsets_1, __global const long* offsets_2, __global const double* p1_1, __global const double* hsplit_elements_1, __global const double* p1_2, __global const double* hsplit_elements_2, double* r0, double* r1) {
    long segment = nessie_segment_of(offsets, offsets_len, p);
    long s = segment;
    int f = (int)mapped[s];
    long r = rank[s];
    long r_1 = f ? r : nessie_sub(s, r);
    long q = nessie_add(f ? offsets_1[r_1] : offsets_2[r_1], nessie_sub(p, offsets[s]));
    *r0 = f ? p1_1[q] : hsplit_elements_1[q];
    *r1 = f ? p1_2[q] : hsplit_elements_2[q];
}

static inline void hsplit_gather_29_pull_p1_1_by_tile(long p, long segment, __global const uchar* mapped, __global const long* rank, __global const long* offsets, __global const long* offsets_1, __global const long* offsets_2, __global const double* p1_1, __global const double* hsplit_elements_1, __global const double* p1_2, __global const double* hsplit_elements_2, double* r0, double* r1) {
    long s = segment;
    int f = (int)mapped[s];
    long r = rank[s];
    long r_1 = f ? r : nessie_sub(s, r);
    long q = nessie_add(f ? offsets[r_1] : offsets_1[r_1], nessie_sub(p, offsets_2[s]));
    *r0 = f ? p1_1[q] : hsplit_elements_1[q];
    *r1 = f ? p1_2[q] : hsplit_elements_2[q];
}

__kernel void hsplit_gather_29_p1_1(long t_1_arg, __global const long* t_1_word, __global const long* offsets_0, long n_offsets_arg, __global const long* n_offsets_word, __global const uchar* mapped, __global const long* rank, __global const long* offsets_3, __global const long* offsets_4, __global const double* p1_1_5, __global const double* hsplit_elements_1, __global const double* p1_2_7, __global const double* hsplit_elements_2, __global double* p1_1_16, __global double* p1_2_17) {
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < t_1) {
        double pull_p1_1_r;
        double pull_p1_1_r_1;
        hsplit_gather_29_pull_p1_1(gid, offsets_0, n_offsets, mapped, rank, offsets_3, offsets_4, p1_1_5, hsplit_elements_1, p1_2_7, hsplit_elements_2, &pull_p1_1_r, &pull_p1_1_r_1);
        p1_1_16[gid] = pull_p1_1_r;
        p1_2_17[gid] = pull_p1_1_r_1;
    }
}

__kernel void hsplit_gather_29_p1_1_tiles(__global const long* offsets_0, long n_offsets_arg, __global const long* n_offsets_word, long t_1_arg, __global const long* t_1_word, __global const uchar* mapped, __global const long* rank, __global const long* offsets_3, __global const long* offsets_4, __global const double* p1_1_5, __global const double* hsplit_elements_1, __global const double* p1_2_7, __global const double* hsplit_elements_2, __global double* p1_1_16, __global double* p1_2_17) {
    __local int counts[2048];
    __local long sums[256];
    __local long range[4];
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long l = get_local_id(0);
    const long start = get_group_id(0) * 2048;
    if (start >= t_1) return;
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
            const long p_1 = lo + l * step;
            if (p_1 < hi && offsets_0[p_1] <= start) {
                const long q_1 = p_1 + step;
                if (q_1 >= hi || offsets_0[q_1] > start) {
                    range[2] = p_1;
                    range[3] = min(q_1, hi);
                }
            }
            if (l == 0 && offsets_0[lo] > start) {
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
            if (p_2 < hi_1 && offsets_0[p_2] <= start) {
                const long q_2 = p_2 + step_1;
                if (q_2 >= hi_1 || offsets_0[q_2] > start) {
                    range[0] = p_2;
                    range[1] = min(q_2, hi_1);
                }
            }
            if (l == 0 && offsets_0[lo_1] > start) {
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
            if (p_3 < hi_2 && offsets_0[p_3] <= start) {
                const long q_3 = p_3 + step_2;
                if (q_3 >= hi_2 || offsets_0[q_3] > start) {
                    range[2] = p_3;
                    range[3] = min(q_3, hi_2);
                }
            }
            if (l == 0 && offsets_0[lo_2] > start) {
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
            if (p_4 < hi_3 && offsets_0[p_4] <= start) {
                const long q_4 = p_4 + step_3;
                if (q_4 >= hi_3 || offsets_0[q_4] > start) {
                    range[0] = p_4;
                    range[1] = min(q_4, hi_3);
                }
            }
            if (l == 0 && offsets_0[lo_3] > start) {
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
    const int whole = first + 1 >= n_offsets || offsets_0[first + 1] - start >= 2048;
    if (!whole) {
        for (long i = l; i < 2048; i += 256) counts[i] = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long s_1 = first + 1 + l; s_1 < n_offsets; s_1 += 256) {
            const long o = offsets_0[s_1] - start;
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
    double pulled[8];
    double pulled_1[8];
    #pragma unroll
    for (int k_1 = 0; k_1 < 8; k_1++) {
        const long i_1 = k_1 * 256 + l;
        const long g = start + i_1;
        if (g < t_1) {
            double pull_p1_1_by_tile_r;
            double pull_p1_1_by_tile_r_1;
            hsplit_gather_29_pull_p1_1_by_tile(g, (whole ? first : first + counts[i_1]), mapped, rank, offsets_3, offsets_4, offsets_0, p1_1_5, hsplit_elements_1, p1_2_7, hsplit_elements_2, &pull_p1_1_by_tile_r, &pull_p1_1_by_tile_r_1);
            pulled[k_1] = pull_p1_1_by_tile_r;
            pulled_1[k_1] = pull_p1_1_by_tile_r_1;
        }
    }
    #pragma unroll
    for (int k_2 = 0; k_2 < 8; k_2++) {
        const long g_1 = start + k_2 * 256 + l;
        if (g_1 < t_1) {
            p1_1_16[g_1] = pulled[k_2];
            p1_2_17[g_1] = pulled_1[k_2];
        }
    }
}


// ===== main_elt.cl =====
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

static inline void main_elt_once_hull_1(__global const double* hull_1, long hull_1_len, __global const double* hull_2, __global long* err, double* r0, double* r1) {
    if (0 || 0L >= hull_1_len) {
        nessie_fail(err, 1, 8, 0L, hull_1_len);
        *r0 = 0.0;
        *r1 = 0.0;
        return;
    }
    *r0 = hull_1[0L];
    *r1 = hull_2[0L];
}

__kernel void main_elt_hull_1(__global const double* hull_1_0, long n_hull_1_arg, __global const long* n_hull_1_word, __global const double* hull_2_1, __global double* hull_1_2, __global double* hull_2_3, __global long* err) {
    const long n_hull_1 = n_hull_1_arg >= 0 ? n_hull_1_arg : clamp(n_hull_1_word[0], 0L, (-1 - n_hull_1_arg) & 0xFFFFFFFFL) + ((-1 - n_hull_1_arg) >> 32);
    if (nessie_failed(err)) return;
    const long gid = get_global_id(0);
    if (gid < 1) {
        double once_hull_1_r;
        double once_hull_1_r_1;
        main_elt_once_hull_1(hull_1_0, n_hull_1, hull_2_1, err, &once_hull_1_r, &once_hull_1_r_1);
        hull_1_2[0] = once_hull_1_r;
        hull_2_3[0] = once_hull_1_r_1;
    }
}


// ===== random_points_map_2_fused.cl =====
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

static inline void random_points_map_2_fused_pull_mapped(long i, double* r0, double* r1) {
    long iseq = i;
    long x = nessie_mul(2L, iseq);
    long x_1 = nessie_rem(nessie_add(nessie_mul(x, 1103515245L), 12345L), 2147483648L);
    long x_2 = x_1 ^ nessie_shr(x_1, 11L);
    double v = (double)nessie_rem(nessie_rem(nessie_add(nessie_mul(x_2, 1103515245L), 12345L), 2147483648L), 1048576L) / 1048576.0;
    long iseq_1 = i;
    long x_3 = nessie_add(nessie_mul(2L, iseq_1), 1L);
    long x_4 = nessie_rem(nessie_add(nessie_mul(x_3, 1103515245L), 12345L), 2147483648L);
    long x_5 = x_4 ^ nessie_shr(x_4, 11L);
    double v_1 = (double)nessie_rem(nessie_rem(nessie_add(nessie_mul(x_5, 1103515245L), 12345L), 2147483648L), 1048576L) / 1048576.0;
    *r0 = v;
    *r1 = v_1;
}

__kernel void random_points_map_2_fused_mapped(long t_1_arg, __global const long* t_1_word, __global double* mapped_3, __global double* mapped_8) {
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < t_1) {
        double pull_mapped_r;
        double pull_mapped_r_1;
        random_points_map_2_fused_pull_mapped(gid, &pull_mapped_r, &pull_mapped_r_1);
        mapped_3[gid] = pull_mapped_r;
        mapped_8[gid] = pull_mapped_r_1;
    }
}

__kernel void random_points_map_2_fused_mapped_idx32(long t_1_arg, __global const long* t_1_word, __global double* mapped_3, __global double* mapped_8) {
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long gid = (long)(uint)get_global_id(0);
    if (gid < t_1) {
        double pull_mapped_r;
        double pull_mapped_r_1;
        random_points_map_2_fused_pull_mapped(gid, &pull_mapped_r, &pull_mapped_r_1);
        mapped_3[gid] = pull_mapped_r;
        mapped_8[gid] = pull_mapped_r_1;
    }
}


// ===== quick_hull_fused.cl =====
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

static inline void quick_hull_fused_pull_extreme(long i, __global const double* points_1, double* r0, long* r1) {
    *r0 = points_1[i];
    *r1 = i;
}

static inline void quick_hull_fused_op_extreme(double av, long ai, double bv, long bi, double* r0, long* r1) {
    double t_4;
    long t_5;
    if (ai < 0L) {
        t_4 = bv;
        t_5 = bi;
    } else {
        double t_2;
        long t_3;
        if (bi < 0L) {
            t_2 = av;
            t_3 = ai;
        } else {
            double t;
            long t_1;
            if (bv < av || (av != av && bv == bv)) {
                t = bv;
                t_1 = bi;
            } else {
                t = av;
                t_1 = ai;
            }
            t_2 = t;
            t_3 = t_1;
        }
        t_4 = t_2;
        t_5 = t_3;
    }
    *r0 = t_4;
    *r1 = t_5;
}

static inline void quick_hull_fused_once_minx_1(long index, __global const double* points_1, long points_1_len, __global const double* points_2, __global long* err, double* r0, double* r1) {
    if (index < 0L || index >= points_1_len) {
        nessie_fail(err, 1, 2, index, points_1_len);
        *r0 = 0.0;
        *r1 = 0.0;
        return;
    }
    *r0 = points_1[index];
    *r1 = points_2[index];
}

__kernel void quick_hull_fused_extreme_partial(long groups, long chunk, long n_points_1_arg, __global const long* n_points_1_word, __global const double* points_1, __global double* extreme_partials, __global long* index_partials) {
    __local double group_values[256];
    __local long group_values_1[256];
    __local double group_swap[256];
    __local long group_swap_1[256];
    const long n_points_1 = n_points_1_arg >= 0 ? n_points_1_arg : clamp(n_points_1_word[0], 0L, (-1 - n_points_1_arg) & 0xFFFFFFFFL) + ((-1 - n_points_1_arg) >> 32);
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            double acc = 0.0;
            long acc_1 = -1L;
            for (long k = 0; k < chunk; k++) {
                double x;
                long x_1;
                if (k + chunk * l + 256 * chunk * wg < n_points_1) {
                    double pull_extreme_r;
                    long pull_extreme_r_1;
                    quick_hull_fused_pull_extreme(k + chunk * l + 256 * chunk * wg, points_1, &pull_extreme_r, &pull_extreme_r_1);
                    x = pull_extreme_r;
                    x_1 = pull_extreme_r_1;
                } else {
                    x = 0.0;
                    x_1 = -1L;
                }
                double op_extreme_r;
                long op_extreme_r_1;
                quick_hull_fused_op_extreme(acc, acc_1, x, x_1, &op_extreme_r, &op_extreme_r_1);
                acc = op_extreme_r;
                acc_1 = op_extreme_r_1;
            }
            {
                group_values[l] = acc;
                group_values_1[l] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local double* group_values_in = group_values;
        __local double* group_values_out = group_swap;
        __local long* group_values_1_in = group_values_1;
        __local long* group_values_1_out = group_swap_1;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                double acc_2 = 0.0;
                long acc_3 = -1L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    double op_extreme_r_2;
                    long op_extreme_r_3;
                    quick_hull_fused_op_extreme(acc_2, acc_3, group_values_in[k_1 + 2 * l_1], group_values_1_in[k_1 + 2 * l_1], &op_extreme_r_2, &op_extreme_r_3);
                    acc_2 = op_extreme_r_2;
                    acc_3 = op_extreme_r_3;
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
                __local long* t = group_values_1_in;
                group_values_1_in = group_values_1_out;
                group_values_1_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                extreme_partials[wg] = group_values_in[0];
                index_partials[wg] = group_values_1_in[0];
            }
        }
    }
}

__kernel void quick_hull_fused_extreme_final(__global const double* extreme_partials, __global const long* index_partials, long final_chunk, long groups, __global double* extreme, __global long* index) {
    __local double group_values[256];
    __local long group_values_1[256];
    __local double group_swap[256];
    __local long group_swap_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            double acc = 0.0;
            long acc_1 = -1L;
            for (long k = 0; k < final_chunk; k++) {
                double x;
                long x_1;
                if (k + final_chunk * l < groups) {
                    x = extreme_partials[k + final_chunk * l];
                    x_1 = index_partials[k + final_chunk * l];
                } else {
                    x = 0.0;
                    x_1 = -1L;
                }
                double op_extreme_r;
                long op_extreme_r_1;
                quick_hull_fused_op_extreme(acc, acc_1, x, x_1, &op_extreme_r, &op_extreme_r_1);
                acc = op_extreme_r;
                acc_1 = op_extreme_r_1;
            }
            {
                group_values[l] = acc;
                group_values_1[l] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local double* group_values_in = group_values;
        __local double* group_values_out = group_swap;
        __local long* group_values_1_in = group_values_1;
        __local long* group_values_1_out = group_swap_1;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                double acc_2 = 0.0;
                long acc_3 = -1L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    double op_extreme_r_2;
                    long op_extreme_r_3;
                    quick_hull_fused_op_extreme(acc_2, acc_3, group_values_in[k_1 + 2 * l_1], group_values_1_in[k_1 + 2 * l_1], &op_extreme_r_2, &op_extreme_r_3);
                    acc_2 = op_extreme_r_2;
                    acc_3 = op_extreme_r_3;
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
                __local long* t = group_values_1_in;
                group_values_1_in = group_values_1_out;
                group_values_1_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                extreme[0] = group_values_in[0];
                index[0] = group_values_1_in[0];
            }
        }
    }
}

__kernel void quick_hull_fused_minx_1(__global const long* index, __global const double* points_1, long n_points_1_arg, __global const long* n_points_1_word, __global const double* points_2, __global double* minx_1, __global double* minx_2, __global long* err) {
    const long n_points_1 = n_points_1_arg >= 0 ? n_points_1_arg : clamp(n_points_1_word[0], 0L, (-1 - n_points_1_arg) & 0xFFFFFFFFL) + ((-1 - n_points_1_arg) >> 32);
    if (nessie_failed(err)) return;
    const long gid = get_global_id(0);
    if (gid < 1) {
        double once_minx_1_r;
        double once_minx_1_r_1;
        quick_hull_fused_once_minx_1(index[0], points_1, n_points_1, points_2, err, &once_minx_1_r, &once_minx_1_r_1);
        minx_1[0] = once_minx_1_r;
        minx_2[0] = once_minx_1_r_1;
    }
}


// ===== quick_hull_fused_2.cl =====
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

static inline void quick_hull_fused_2_pull_extreme(long i, __global const double* points_1, double* r0, long* r1) {
    *r0 = points_1[i];
    *r1 = i;
}

static inline void quick_hull_fused_2_op_extreme(double av, long ai, double bv, long bi, double* r0, long* r1) {
    double t_4;
    long t_5;
    if (ai < 0L) {
        t_4 = bv;
        t_5 = bi;
    } else {
        double t_2;
        long t_3;
        if (bi < 0L) {
            t_2 = av;
            t_3 = ai;
        } else {
            double t;
            long t_1;
            if (bv > av || (bv != bv && av == av)) {
                t = bv;
                t_1 = bi;
            } else {
                t = av;
                t_1 = ai;
            }
            t_2 = t;
            t_3 = t_1;
        }
        t_4 = t_2;
        t_5 = t_3;
    }
    *r0 = t_4;
    *r1 = t_5;
}

static inline void quick_hull_fused_2_once_maxx_1(long index, __global const double* points_1, long points_1_len, __global const double* points_2, __global long* err, double* r0, double* r1) {
    if (index < 0L || index >= points_1_len) {
        nessie_fail(err, 1, 4, index, points_1_len);
        *r0 = 0.0;
        *r1 = 0.0;
        return;
    }
    *r0 = points_1[index];
    *r1 = points_2[index];
}

__kernel void quick_hull_fused_2_extreme_partial(long groups, long chunk, long n_points_1_arg, __global const long* n_points_1_word, __global const double* points_1, __global double* extreme_partials, __global long* index_partials) {
    __local double group_values[256];
    __local long group_values_1[256];
    __local double group_swap[256];
    __local long group_swap_1[256];
    const long n_points_1 = n_points_1_arg >= 0 ? n_points_1_arg : clamp(n_points_1_word[0], 0L, (-1 - n_points_1_arg) & 0xFFFFFFFFL) + ((-1 - n_points_1_arg) >> 32);
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            double acc = 0.0;
            long acc_1 = -1L;
            for (long k = 0; k < chunk; k++) {
                double x;
                long x_1;
                if (k + chunk * l + 256 * chunk * wg < n_points_1) {
                    double pull_extreme_r;
                    long pull_extreme_r_1;
                    quick_hull_fused_2_pull_extreme(k + chunk * l + 256 * chunk * wg, points_1, &pull_extreme_r, &pull_extreme_r_1);
                    x = pull_extreme_r;
                    x_1 = pull_extreme_r_1;
                } else {
                    x = 0.0;
                    x_1 = -1L;
                }
                double op_extreme_r;
                long op_extreme_r_1;
                quick_hull_fused_2_op_extreme(acc, acc_1, x, x_1, &op_extreme_r, &op_extreme_r_1);
                acc = op_extreme_r;
                acc_1 = op_extreme_r_1;
            }
            {
                group_values[l] = acc;
                group_values_1[l] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local double* group_values_in = group_values;
        __local double* group_values_out = group_swap;
        __local long* group_values_1_in = group_values_1;
        __local long* group_values_1_out = group_swap_1;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                double acc_2 = 0.0;
                long acc_3 = -1L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    double op_extreme_r_2;
                    long op_extreme_r_3;
                    quick_hull_fused_2_op_extreme(acc_2, acc_3, group_values_in[k_1 + 2 * l_1], group_values_1_in[k_1 + 2 * l_1], &op_extreme_r_2, &op_extreme_r_3);
                    acc_2 = op_extreme_r_2;
                    acc_3 = op_extreme_r_3;
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
                __local long* t = group_values_1_in;
                group_values_1_in = group_values_1_out;
                group_values_1_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                extreme_partials[wg] = group_values_in[0];
                index_partials[wg] = group_values_1_in[0];
            }
        }
    }
}

__kernel void quick_hull_fused_2_extreme_final(__global const double* extreme_partials, __global const long* index_partials, long final_chunk, long groups, __global double* extreme, __global long* index) {
    __local double group_values[256];
    __local long group_values_1[256];
    __local double group_swap[256];
    __local long group_swap_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            double acc = 0.0;
            long acc_1 = -1L;
            for (long k = 0; k < final_chunk; k++) {
                double x;
                long x_1;
                if (k + final_chunk * l < groups) {
                    x = extreme_partials[k + final_chunk * l];
                    x_1 = index_partials[k + final_chunk * l];
                } else {
                    x = 0.0;
                    x_1 = -1L;
                }
                double op_extreme_r;
                long op_extreme_r_1;
                quick_hull_fused_2_op_extreme(acc, acc_1, x, x_1, &op_extreme_r, &op_extreme_r_1);
                acc = op_extreme_r;
                acc_1 = op_extreme_r_1;
            }
            {
                group_values[l] = acc;
                group_values_1[l] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local double* group_values_in = group_values;
        __local double* group_values_out = group_swap;
        __local long* group_values_1_in = group_values_1;
        __local long* group_values_1_out = group_swap_1;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                double acc_2 = 0.0;
                long acc_3 = -1L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    double op_extreme_r_2;
                    long op_extreme_r_3;
                    quick_hull_fused_2_op_extreme(acc_2, acc_3, group_values_in[k_1 + 2 * l_1], group_values_1_in[k_1 + 2 * l_1], &op_extreme_r_2, &op_extreme_r_3);
                    acc_2 = op_extreme_r_2;
                    acc_3 = op_extreme_r_3;
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
                __local long* t = group_values_1_in;
                group_values_1_in = group_values_1_out;
                group_values_1_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                extreme[0] = group_values_in[0];
                index[0] = group_values_1_in[0];
            }
        }
    }
}

__kernel void quick_hull_fused_2_maxx_1(__global const long* index, __global const double* points_1, long n_points_1_arg, __global const long* n_points_1_word, __global const double* points_2, __global double* maxx_1, __global double* maxx_2, __global long* err) {
    const long n_points_1 = n_points_1_arg >= 0 ? n_points_1_arg : clamp(n_points_1_word[0], 0L, (-1 - n_points_1_arg) & 0xFFFFFFFFL) + ((-1 - n_points_1_arg) >> 32);
    if (nessie_failed(err)) return;
    const long gid = get_global_id(0);
    if (gid < 1) {
        double once_maxx_1_r;
        double once_maxx_1_r_1;
        quick_hull_fused_2_once_maxx_1(index[0], points_1, n_points_1, points_2, err, &once_maxx_1_r, &once_maxx_1_r_1);
        maxx_1[0] = once_maxx_1_r;
        maxx_2[0] = once_maxx_1_r_1;
    }
}


// ===== hsplit_filter_fused.cl =====
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

static inline double hsplit_filter_fused_pull_mapped(long i, double x1, __global const double* points_1, double y2, __global const double* points_2, double y1, double x2) {
    return (x1 - points_1[i]) * (y2 - points_2[i]) - (y1 - points_2[i]) * (x2 - points_1[i]);
}

static inline long hsplit_filter_fused_keep_packed_1(double points_1, double points_2, double c) {
    return c > -c ? 1L : 0L;
}

static inline void hsplit_filter_fused_pull_packed_1(long i, double x1, __global const double* points_1, double y2, __global const double* points_2, double y1, double x2, double* r0, double* r1, double* r2) {
    double mapped = (x1 - points_1[i]) * (y2 - points_2[i]) - (y1 - points_2[i]) * (x2 - points_1[i]);
    *r0 = points_1[i];
    *r1 = points_2[i];
    *r2 = mapped;
}

__kernel void hsplit_filter_fused_mapped(long n_points_1_arg, __global const long* n_points_1_word, double x1, __global const double* points_1_1, double y2, __global const double* points_2_3, double y1, double x2, __global double* mapped_6) {
    const long n_points_1 = n_points_1_arg >= 0 ? n_points_1_arg : clamp(n_points_1_word[0], 0L, (-1 - n_points_1_arg) & 0xFFFFFFFFL) + ((-1 - n_points_1_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < n_points_1) {
        double pull_mapped_r = hsplit_filter_fused_pull_mapped(gid, x1, points_1_1, y2, points_2_3, y1, x2);
        mapped_6[gid] = pull_mapped_r;
    }
}

__kernel void hsplit_filter_fused_packed_1(__global int* packed_1_status, uint packed_1_status_epoch, uint packed_1_status_base, long n_points_1_arg, __global const long* n_points_1_word, double x1, __global const double* points_1_1, double y2, __global const double* points_2_3, double y1, double x2, __global long* packed_1_kept, long lookback_tiles, __global double* packed_1, __global double* packed_2) {
    __local double tile[1280];
    __local double tile_1[1280];
    __local double tile_2[1280];
    __local long vals[306];
    __local long flags[35];
    const long n_points_1 = n_points_1_arg >= 0 ? n_points_1_arg : clamp(n_points_1_word[0], 0L, (-1 - n_points_1_arg) & 0xFFFFFFFFL) + ((-1 - n_points_1_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(packed_1_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(packed_1_status) - packed_1_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 1280;
    for (long j = 0; j < 5; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < n_points_1) {
            double pull_packed_1_r;
            double pull_packed_1_r_1;
            double pull_packed_1_r_2;
            hsplit_filter_fused_pull_packed_1(g, x1, points_1_1, y2, points_2_3, y1, x2, &pull_packed_1_r, &pull_packed_1_r_1, &pull_packed_1_r_2);
            tile[p] = pull_packed_1_r;
            tile_1[p] = pull_packed_1_r_1;
            tile_2[p] = pull_packed_1_r_2;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint mask = 0;
    long count = 0;
    for (long j = 0; j < 5; j++) {
        if (start + l * 5 + j < n_points_1) {
            long keep_packed_1_r = hsplit_filter_fused_keep_packed_1(tile[l * 5 + j], tile_1[l * 5 + j], tile_2[l * 5 + j]);
            if (keep_packed_1_r != 0) {
                mask |= 1u << j;
                count++;
            }
        }
    }
    vals[l] = count;
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
                long c = (sh) + (incl);
                incl = c;
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
            sh_1 = 0;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        long offset = 0;
        #pragma unroll
        for (long r = 0; r < 8; r++) {
            if (r < warp) {
                long c_1 = (offset) + (vals[256 + r]);
                offset = c_1;
            }
        }
        long c_2 = (offset) + (sh_1);
        offset = c_2;
        if (l < 32) {
            long agg = 0;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long c_3 = (agg) + (vals[256 + r]);
                agg = c_3;
            }
            if (lane == 0) {
                vals[305] = agg;
                if (tile_no == 0) {
                    const ulong bits = (ulong)(agg);
                    const ulong tag = (ulong)packed_1_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag | (bits & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag | (bits >> 32);
                } else {
                    const ulong bits_1 = (ulong)(agg);
                    const ulong tag_1 = (ulong)packed_1_status_epoch << 32;
                    status[((2 * tile_no + 0) * 1 + 0) * 2] = tag_1 | (bits_1 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 1 + 0) * 2 + 1] = tag_1 | (bits_1 >> 32);
                }
            }
            long prefix = 0;
            if (tile_no > 0) {
                long at = tile_no - 1;
                for (;;) {
                    const long jt = at - lane;
                    int fl = 0;
                    long win = 0;
                    if (jt >= 0) {
                        const ulong lo_2 = status[((2 * jt + 1) * 1 + 0) * 2];
                        const ulong hi_2 = status[((2 * jt + 1) * 1 + 0) * 2 + 1];
                        const ulong lo_3 = status[((2 * jt + 0) * 1 + 0) * 2];
                        const ulong hi_3 = status[((2 * jt + 0) * 1 + 0) * 2 + 1];
                        if ((lo_2 >> 32) == packed_1_status_epoch && (hi_2 >> 32) == packed_1_status_epoch) {
                            fl = 2;
                            win = (long)((lo_2 & 0xffffffffUL) | ((hi_2 & 0xffffffffUL) << 32));
                        } else {
                            if ((lo_3 >> 32) == packed_1_status_epoch && (hi_3 >> 32) == packed_1_status_epoch) {
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
                            win = 0;
                        }
                        #pragma unroll
                        for (int h_1 = 1; h_1 < 32; h_1 *= 2) {
                            const int2 w_2 = as_int2(win);
                            int lo_4, hi_4;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_4) : "r"(w_2.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_4) : "r"(w_2.y), "r"(h_1));
                            long sh_2 = as_long((int2)(lo_4, hi_4));
                            if (lane + h_1 < 32) {
                                long c_4 = (sh_2) + (win);
                                win = c_4;
                            }
                        }
                        long c_5 = (win) + (prefix);
                        prefix = c_5;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_1 = prefix;
                    long c_6 = (incl_1) + (agg);
                    incl_1 = c_6;
                    const ulong bits_2 = (ulong)(incl_1);
                    const ulong tag_2 = (ulong)packed_1_status_epoch << 32;
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
            long row = 0;
            for (long c_7 = 0; c_7 < 16; c_7++) {
                long c_8 = (row) + (vals[l * 16 + c_7]);
                row = c_8;
            }
            vals[256 + l] = row;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) {
            long total = 0;
            for (long r_1 = 0; r_1 < 16; r_1++) {
                long x = vals[256 + r_1];
                long c_9 = (total) + (x);
                total = c_9;
            }
            vals[305] = total;
            vals[304] = 0;
            if (tile_no == 0) {
                const ulong bits_3 = (ulong)(total);
                const ulong tag_3 = (ulong)packed_1_status_epoch << 32;
                status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_3 | (bits_3 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_3 | (bits_3 >> 32);
            } else {
                const ulong bits_4 = (ulong)(total);
                const ulong tag_4 = (ulong)packed_1_status_epoch << 32;
                status[((2 * tile_no + 0) * 1 + 0) * 2] = tag_4 | (bits_4 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 1 + 0) * 2 + 1] = tag_4 | (bits_4 >> 32);
            }
            flags[33] = tile_no > 0;
            flags[34] = tile_no - 1;
        }
        long excl = 0;
        const long my_row = l / 16;
        const long my_col = l - my_row * 16;
        #pragma unroll
        for (long r_1 = 0; r_1 < 16; r_1++) {
            if (r_1 < my_row) {
                long c_11 = (excl) + (vals[256 + r_1]);
                excl = c_11;
            }
        }
        #pragma unroll
        for (long c_7 = 0; c_7 < 16; c_7++) {
            if (c_7 < my_col) {
                long c_12 = (excl) + (vals[my_row * 16 + c_7]);
                excl = c_12;
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
                    if ((lo_5 >> 32) == packed_1_status_epoch && (hi_5 >> 32) == packed_1_status_epoch) {
                        fl_1 = 2;
                        vals[272 + l] = (long)((lo_5 & 0xffffffffUL) | ((hi_5 & 0xffffffffUL) << 32));
                    } else {
                        if ((lo_6 >> 32) == packed_1_status_epoch && (hi_6 >> 32) == packed_1_status_epoch) {
                            fl_1 = 1;
                            vals[272 + l] = (long)((lo_6 & 0xffffffffUL) | ((hi_6 & 0xffffffffUL) << 32));
                        }
                    }
                }
                flags[l] = fl_1;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            if (l == 0) {
                long excl_1 = vals[304];
                long more = 1;
                long k = 0;
                for (; k < 32; k++) {
                    if (flags[k] == 0) break;
                    long c_13 = (vals[272 + k]) + (excl_1);
                    excl_1 = c_13;
                    if (flags[k] == 2) {
                        more = 0;
                        k++;
                        break;
                    }
                }
                vals[304] = excl_1;
                flags[33] = more;
                flags[34] = at_1 - k;
                if (!more) {
                    long incl_2 = excl_1;
                    long c_15 = (incl_2) + (vals[305]);
                    incl_2 = c_15;
                    const ulong bits_5 = (ulong)(incl_2);
                    const ulong tag_5 = (ulong)packed_1_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_5 | (bits_5 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_5 | (bits_5 >> 32);
                }
            }
        }
        vals[l] = excl;
    }
    #endif
    vals[l] = (vals[l] << 32) | mask;
    barrier(CLK_LOCAL_MEM_FENCE);
    const long base = vals[304];
    #pragma unroll
    for (long j = 0; j < 5; j++) {
        const long p = j * 256 + l;
        const long owner = p / 5;
        const uint bit = (uint)(p - owner * 5);
        const long packed = vals[owner];
        const uint kmask = (uint)packed;
        if ((kmask >> bit) & 1u) {
            packed_1[base + (packed >> 32) + (long)popcount(kmask & ((1u << bit) - 1u))] = tile[p];
            packed_2[base + (packed >> 32) + (long)popcount(kmask & ((1u << bit) - 1u))] = tile_1[p];
        }
    }
    if (l == 0 && tile_no == lookback_tiles - 1) {
        packed_1_kept[0] = base + vals[305];
    }
}


// ===== hsplit_elt_fused.cl =====
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

static inline void hsplit_elt_fused_pull_extreme(long i, __global const double* points_1, double* r0, long* r1) {
    *r0 = points_1[i];
    *r1 = i;
}

static inline void hsplit_elt_fused_op_extreme(double av, long ai, double bv, long bi, double* r0, long* r1) {
    double t_4;
    long t_5;
    if (ai < 0L) {
        t_4 = bv;
        t_5 = bi;
    } else {
        double t_2;
        long t_3;
        if (bi < 0L) {
            t_2 = av;
            t_3 = ai;
        } else {
            double t;
            long t_1;
            if (bv > av || (bv != bv && av == av)) {
                t = bv;
                t_1 = bi;
            } else {
                t = av;
                t_1 = ai;
            }
            t_2 = t;
            t_3 = t_1;
        }
        t_4 = t_2;
        t_5 = t_3;
    }
    *r0 = t_4;
    *r1 = t_5;
}

static inline void hsplit_elt_fused_once_pm_1(long index, __global const double* points_1, long points_1_len, __global const double* points_2, __global long* err, double* r0, double* r1) {
    if (index < 0L || index >= points_1_len) {
        nessie_fail(err, 1, 7, index, points_1_len);
        *r0 = 0.0;
        *r1 = 0.0;
        return;
    }
    *r0 = points_1[index];
    *r1 = points_2[index];
}

__kernel void hsplit_elt_fused_extreme_partial(long groups, long chunk, long n_points_1_arg, __global const long* n_points_1_word, __global const double* points_1_0, __global double* extreme_partials, __global long* index_partials) {
    __local double group_values[256];
    __local long group_values_1[256];
    __local double group_swap[256];
    __local long group_swap_1[256];
    const long n_points_1 = n_points_1_arg >= 0 ? n_points_1_arg : clamp(n_points_1_word[0], 0L, (-1 - n_points_1_arg) & 0xFFFFFFFFL) + ((-1 - n_points_1_arg) >> 32);
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            double acc = 0.0;
            long acc_1 = -1L;
            for (long k = 0; k < chunk; k++) {
                double x;
                long x_1;
                if (k + chunk * l + 256 * chunk * wg < n_points_1) {
                    double pull_extreme_r;
                    long pull_extreme_r_1;
                    hsplit_elt_fused_pull_extreme(k + chunk * l + 256 * chunk * wg, points_1_0, &pull_extreme_r, &pull_extreme_r_1);
                    x = pull_extreme_r;
                    x_1 = pull_extreme_r_1;
                } else {
                    x = 0.0;
                    x_1 = -1L;
                }
                double op_extreme_r;
                long op_extreme_r_1;
                hsplit_elt_fused_op_extreme(acc, acc_1, x, x_1, &op_extreme_r, &op_extreme_r_1);
                acc = op_extreme_r;
                acc_1 = op_extreme_r_1;
            }
            {
                group_values[l] = acc;
                group_values_1[l] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local double* group_values_in = group_values;
        __local double* group_values_out = group_swap;
        __local long* group_values_1_in = group_values_1;
        __local long* group_values_1_out = group_swap_1;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                double acc_2 = 0.0;
                long acc_3 = -1L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    double op_extreme_r_2;
                    long op_extreme_r_3;
                    hsplit_elt_fused_op_extreme(acc_2, acc_3, group_values_in[k_1 + 2 * l_1], group_values_1_in[k_1 + 2 * l_1], &op_extreme_r_2, &op_extreme_r_3);
                    acc_2 = op_extreme_r_2;
                    acc_3 = op_extreme_r_3;
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
                __local long* t = group_values_1_in;
                group_values_1_in = group_values_1_out;
                group_values_1_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                extreme_partials[wg] = group_values_in[0];
                index_partials[wg] = group_values_1_in[0];
            }
        }
    }
}

__kernel void hsplit_elt_fused_extreme_final(__global const double* extreme_partials, __global const long* index_partials, long final_chunk, long groups, __global double* extreme, __global long* index) {
    __local double group_values[256];
    __local long group_values_1[256];
    __local double group_swap[256];
    __local long group_swap_1[256];
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            double acc = 0.0;
            long acc_1 = -1L;
            for (long k = 0; k < final_chunk; k++) {
                double x;
                long x_1;
                if (k + final_chunk * l < groups) {
                    x = extreme_partials[k + final_chunk * l];
                    x_1 = index_partials[k + final_chunk * l];
                } else {
                    x = 0.0;
                    x_1 = -1L;
                }
                double op_extreme_r;
                long op_extreme_r_1;
                hsplit_elt_fused_op_extreme(acc, acc_1, x, x_1, &op_extreme_r, &op_extreme_r_1);
                acc = op_extreme_r;
                acc_1 = op_extreme_r_1;
            }
            {
                group_values[l] = acc;
                group_values_1[l] = acc_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local double* group_values_in = group_values;
        __local double* group_values_out = group_swap;
        __local long* group_values_1_in = group_values_1;
        __local long* group_values_1_out = group_swap_1;
        long m = 256;
        for (long step = 0; step < 8; step++) {
            for (long l_1 = get_local_id(0); l_1 < m / 2; l_1 += get_local_size(0)) {
                double acc_2 = 0.0;
                long acc_3 = -1L;
                for (long k_1 = 0; k_1 < 2; k_1++) {
                    double op_extreme_r_2;
                    long op_extreme_r_3;
                    hsplit_elt_fused_op_extreme(acc_2, acc_3, group_values_in[k_1 + 2 * l_1], group_values_1_in[k_1 + 2 * l_1], &op_extreme_r_2, &op_extreme_r_3);
                    acc_2 = op_extreme_r_2;
                    acc_3 = op_extreme_r_3;
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
                __local long* t = group_values_1_in;
                group_values_1_in = group_values_1_out;
                group_values_1_out = t;
            }
            m /= 2;
        }
        for (long l_2 = get_local_id(0); l_2 < 1; l_2 += get_local_size(0)) {
            {
                extreme[0] = group_values_in[0];
                index[0] = group_values_1_in[0];
            }
        }
    }
}

__kernel void hsplit_elt_fused_pm_1(__global const long* index, __global const double* points_1_8, long n_points_1_1_arg, __global const long* n_points_1_1_word, __global const double* points_2, __global double* pm_1, __global double* pm_2, __global long* err) {
    const long n_points_1_1 = n_points_1_1_arg >= 0 ? n_points_1_1_arg : clamp(n_points_1_1_word[0], 0L, (-1 - n_points_1_1_arg) & 0xFFFFFFFFL) + ((-1 - n_points_1_1_arg) >> 32);
    if (nessie_failed(err)) return;
    const long gid = get_global_id(0);
    if (gid < 1) {
        double once_pm_1_r;
        double once_pm_1_r_1;
        hsplit_elt_fused_once_pm_1(index[0], points_1_8, n_points_1_1, points_2, err, &once_pm_1_r, &once_pm_1_r_1);
        pm_1[0] = once_pm_1_r;
        pm_2[0] = once_pm_1_r_1;
    }
}


// ===== hsplit_fused.cl =====
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

static inline long hsplit_fused_keep_kept(long j, double c, __global const double* cross_elements) {
    long i = j;
    double x = cross_elements[i];
    return x > -x ? 1L : 0L;
}

static inline void hsplit_fused_pull_kept(long i, __global const double* cross_elements, long* r0, double* r1) {
    *r0 = i;
    *r1 = cross_elements[i];
}

__kernel void hsplit_fused_kept(__global int* kept_status, uint kept_status_epoch, uint kept_status_base, long n_cross_elements_arg, __global const long* n_cross_elements_word, __global const double* cross_elements, __global long* kept_kept, long lookback_tiles, __global const long* cross_offsets, long n_cross_offsets_arg, __global const long* n_cross_offsets_word, __global long* packed_offsets, __global long* kept, __global double* c_6) {
    __local long tile[2304];
    __local double tile_1[2304];
    __local long vals[306];
    __local long flags[35];
    __local uint masks[256];
    __local long range[4];
    const long n_cross_elements = n_cross_elements_arg >= 0 ? n_cross_elements_arg : clamp(n_cross_elements_word[0], 0L, (-1 - n_cross_elements_arg) & 0xFFFFFFFFL) + ((-1 - n_cross_elements_arg) >> 32);
    const long n_cross_offsets = n_cross_offsets_arg >= 0 ? n_cross_offsets_arg : clamp(n_cross_offsets_word[0], 0L, (-1 - n_cross_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_cross_offsets_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(kept_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(kept_status) - kept_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 2304;
    masks[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long j_1 = 0; j_1 < 9; j_1++) {
        const long p = j_1 * 256 + l;
        const long g = start + p;
        if (g < n_cross_elements) {
            long pull_kept_r;
            double pull_kept_r_1;
            hsplit_fused_pull_kept(g, cross_elements, &pull_kept_r, &pull_kept_r_1);
            const long x = pull_kept_r;
            const double x_1 = pull_kept_r_1;
            tile[p] = x;
            tile_1[p] = x_1;
            long keep_kept_r = hsplit_fused_keep_kept(x, x_1, cross_elements);
            if (keep_kept_r != 0) {
                atomic_or(&masks[p / 9], 1u << (p % 9));
            }
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint mask = masks[l];
    vals[l] = (long)popcount(mask);
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
                long c = (sh) + (incl);
                incl = c;
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
            sh_1 = 0;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        long offset = 0;
        #pragma unroll
        for (long r = 0; r < 8; r++) {
            if (r < warp) {
                long c_1 = (offset) + (vals[256 + r]);
                offset = c_1;
            }
        }
        long c_2 = (offset) + (sh_1);
        offset = c_2;
        if (l < 32) {
            long agg = 0;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long c_3 = (agg) + (vals[256 + r]);
                agg = c_3;
            }
            if (lane == 0) {
                vals[305] = agg;
                if (tile_no == 0) {
                    const ulong bits = (ulong)(agg);
                    const ulong tag = (ulong)kept_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag | (bits & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag | (bits >> 32);
                } else {
                    const ulong bits_1 = (ulong)(agg);
                    const ulong tag_1 = (ulong)kept_status_epoch << 32;
                    status[((2 * tile_no + 0) * 1 + 0) * 2] = tag_1 | (bits_1 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 1 + 0) * 2 + 1] = tag_1 | (bits_1 >> 32);
                }
            }
            long prefix = 0;
            if (tile_no > 0) {
                long at = tile_no - 1;
                for (;;) {
                    const long jt = at - lane;
                    int fl = 0;
                    long win = 0;
                    if (jt >= 0) {
                        const ulong lo_2 = status[((2 * jt + 1) * 1 + 0) * 2];
                        const ulong hi_2 = status[((2 * jt + 1) * 1 + 0) * 2 + 1];
                        const ulong lo_3 = status[((2 * jt + 0) * 1 + 0) * 2];
                        const ulong hi_3 = status[((2 * jt + 0) * 1 + 0) * 2 + 1];
                        if ((lo_2 >> 32) == kept_status_epoch && (hi_2 >> 32) == kept_status_epoch) {
                            fl = 2;
                            win = (long)((lo_2 & 0xffffffffUL) | ((hi_2 & 0xffffffffUL) << 32));
                        } else {
                            if ((lo_3 >> 32) == kept_status_epoch && (hi_3 >> 32) == kept_status_epoch) {
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
                            win = 0;
                        }
                        #pragma unroll
                        for (int h_1 = 1; h_1 < 32; h_1 *= 2) {
                            const int2 w_2 = as_int2(win);
                            int lo_4, hi_4;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_4) : "r"(w_2.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_4) : "r"(w_2.y), "r"(h_1));
                            long sh_2 = as_long((int2)(lo_4, hi_4));
                            if (lane + h_1 < 32) {
                                long c_4 = (sh_2) + (win);
                                win = c_4;
                            }
                        }
                        long c_5 = (win) + (prefix);
                        prefix = c_5;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_1 = prefix;
                    long c_7 = (incl_1) + (agg);
                    incl_1 = c_7;
                    const ulong bits_2 = (ulong)(incl_1);
                    const ulong tag_2 = (ulong)kept_status_epoch << 32;
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
            long row = 0;
            for (long c_8 = 0; c_8 < 16; c_8++) {
                long c_9 = (row) + (vals[l * 16 + c_8]);
                row = c_9;
            }
            vals[256 + l] = row;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) {
            long total = 0;
            for (long r_1 = 0; r_1 < 16; r_1++) {
                long x_2 = vals[256 + r_1];
                long c_11 = (total) + (x_2);
                total = c_11;
            }
            vals[305] = total;
            vals[304] = 0;
            if (tile_no == 0) {
                const ulong bits_3 = (ulong)(total);
                const ulong tag_3 = (ulong)kept_status_epoch << 32;
                status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_3 | (bits_3 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_3 | (bits_3 >> 32);
            } else {
                const ulong bits_4 = (ulong)(total);
                const ulong tag_4 = (ulong)kept_status_epoch << 32;
                status[((2 * tile_no + 0) * 1 + 0) * 2] = tag_4 | (bits_4 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 1 + 0) * 2 + 1] = tag_4 | (bits_4 >> 32);
            }
            flags[33] = tile_no > 0;
            flags[34] = tile_no - 1;
        }
        long excl = 0;
        const long my_row = l / 16;
        const long my_col = l - my_row * 16;
        #pragma unroll
        for (long r_1 = 0; r_1 < 16; r_1++) {
            if (r_1 < my_row) {
                long c_12 = (excl) + (vals[256 + r_1]);
                excl = c_12;
            }
        }
        #pragma unroll
        for (long c_8 = 0; c_8 < 16; c_8++) {
            if (c_8 < my_col) {
                long c_13 = (excl) + (vals[my_row * 16 + c_8]);
                excl = c_13;
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
                    if ((lo_5 >> 32) == kept_status_epoch && (hi_5 >> 32) == kept_status_epoch) {
                        fl_1 = 2;
                        vals[272 + l] = (long)((lo_5 & 0xffffffffUL) | ((hi_5 & 0xffffffffUL) << 32));
                    } else {
                        if ((lo_6 >> 32) == kept_status_epoch && (hi_6 >> 32) == kept_status_epoch) {
                            fl_1 = 1;
                            vals[272 + l] = (long)((lo_6 & 0xffffffffUL) | ((hi_6 & 0xffffffffUL) << 32));
                        }
                    }
                }
                flags[l] = fl_1;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            if (l == 0) {
                long excl_1 = vals[304];
                long more = 1;
                long k = 0;
                for (; k < 32; k++) {
                    if (flags[k] == 0) break;
                    long c_14 = (vals[272 + k]) + (excl_1);
                    excl_1 = c_14;
                    if (flags[k] == 2) {
                        more = 0;
                        k++;
                        break;
                    }
                }
                vals[304] = excl_1;
                flags[33] = more;
                flags[34] = at_1 - k;
                if (!more) {
                    long incl_2 = excl_1;
                    long c_15 = (incl_2) + (vals[305]);
                    incl_2 = c_15;
                    const ulong bits_5 = (ulong)(incl_2);
                    const ulong tag_5 = (ulong)kept_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_5 | (bits_5 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_5 | (bits_5 >> 32);
                }
            }
        }
        vals[l] = excl;
    }
    #endif
    vals[l] = (vals[l] << 32) | mask;
    barrier(CLK_LOCAL_MEM_FENCE);
    const long base = vals[304];
    #pragma unroll
    for (long j_1 = 0; j_1 < 9; j_1++) {
        const long p = j_1 * 256 + l;
        const long owner = p / 9;
        const uint bit = (uint)(p - owner * 9);
        const long packed = vals[owner];
        const uint kmask = (uint)packed;
        if ((kmask >> bit) & 1u) {
            kept[base + (packed >> 32) + (long)popcount(kmask & ((1u << bit) - 1u))] = tile[p];
            c_6[base + (packed >> 32) + (long)popcount(kmask & ((1u << bit) - 1u))] = tile_1[p];
        }
    }
    if (l == 0 && tile_no == lookback_tiles - 1) {
        kept_kept[0] = base + vals[305];
    }
    {
        const long lo_7 = 0, hi_7 = n_cross_offsets;
        const long step = (hi_7 - lo_7 + 256 - 1) / 256;
        const long p_1 = lo_7 + l * step;
        if (lo_7 < hi_7) {
            if (p_1 < hi_7 && cross_offsets[p_1] < start) {
                const long r_2 = p_1 + step;
                if (r_2 >= hi_7 || cross_offsets[r_2] >= start) {
                    range[0] = p_1 + 1;
                    range[1] = min(r_2, hi_7);
                }
            }
            if (l == 0 && cross_offsets[lo_7] >= start) {
                range[0] = lo_7;
                range[1] = lo_7;
            }
        } else if (l == 0) {
            range[0] = lo_7;
            range[1] = hi_7;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    {
        const long lo_8 = range[0], hi_8 = range[1];
        const long step_1 = (hi_8 - lo_8 + 256 - 1) / 256;
        const long p_2 = lo_8 + l * step_1;
        if (lo_8 < hi_8) {
            if (p_2 < hi_8 && cross_offsets[p_2] < start) {
                const long r_3 = p_2 + step_1;
                if (r_3 >= hi_8 || cross_offsets[r_3] >= start) {
                    range[2] = p_2 + 1;
                    range[3] = min(r_3, hi_8);
                }
            }
            if (l == 0 && cross_offsets[lo_8] >= start) {
                range[2] = lo_8;
                range[3] = lo_8;
            }
        } else if (l == 0) {
            range[2] = lo_8;
            range[3] = hi_8;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long a = range[2], b = range[3];
    while (a < b) {
        const long mid = a + (b - a) / 2;
        if (cross_offsets[mid] < start) a = mid + 1; else b = mid;
    }
    for (long s = a + l; s < n_cross_offsets && (tile_no == lookback_tiles - 1 || cross_offsets[s] < start + 2304); s += 256) {
        const long q = min(cross_offsets[s], (long)(n_cross_elements)) - start;
        const long owner_1 = min(q, (long)2304 - 1) / 9;
        const uint bit_1 = (uint)(q - owner_1 * 9);
        const long packed_1 = vals[owner_1];
        packed_offsets[s] = q >= 2304 ? base + vals[305] : base + (packed_1 >> 32) + (long)popcount((uint)packed_1 & ((1u << bit_1) - 1u));
    }
}


// ===== hsplit_fused_2.cl =====
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

static inline int hsplit_fused_2_pull_mapped(long i, long points_1_len, __global const long* cross_lengths, __global const long* packed_offsets, long packed_offsets_len, long c_len, __global long* err) {
    long len = points_1_len;
    long len_1 = cross_lengths[i];
    if (len != len_1) {
        nessie_fail(err, 1, 5, len, len_1);
        return 0;
    }
    long packed_lengths = nessie_sub(nessie_add(i, 1L) < packed_offsets_len ? packed_offsets[nessie_add(i, 1L)] : c_len, packed_offsets[i]);
    int v = packed_lengths < 2L;
    return v;
}

static inline long hsplit_fused_2_pull_rank(long i, __global const long* packed_offsets, long packed_offsets_len, long c_len) {
    long packed_lengths = nessie_sub(nessie_add(i, 1L) < packed_offsets_len ? packed_offsets[nessie_add(i, 1L)] : c_len, packed_offsets[i]);
    int mapped = packed_lengths < 2L;
    return (long)mapped;
}

static inline long hsplit_fused_2_op_rank(long a, long b) {
    return nessie_add(a, b);
}

static inline long hsplit_fused_2_keep_then_instances(long j, __global const long* packed_offsets, long packed_offsets_len, long c_len) {
    long i = j;
    long packed_lengths = nessie_sub(nessie_add(i, 1L) < packed_offsets_len ? packed_offsets[nessie_add(i, 1L)] : c_len, packed_offsets[i]);
    return packed_lengths < 2L ? 1L : 0L;
}

static inline long hsplit_fused_2_pull_then_instances(long i) {
    return i;
}

static inline long hsplit_fused_2_keep_else_instances(long j, __global const long* packed_offsets, long packed_offsets_len, long c_len) {
    long i = j;
    long packed_lengths = nessie_sub(nessie_add(i, 1L) < packed_offsets_len ? packed_offsets[nessie_add(i, 1L)] : c_len, packed_offsets[i]);
    return !(packed_lengths < 2L) ? 1L : 0L;
}

static inline void hsplit_fused_2_pull_total(long i, __global const long* packed_offsets, long packed_offsets_len, long c_len, __global const long* cross_lengths, long* r0, long* r1, long* r2) {
    long packed_lengths = nessie_sub(nessie_add(i, 1L) < packed_offsets_len ? packed_offsets[nessie_add(i, 1L)] : c_len, packed_offsets[i]);
    int mapped = packed_lengths < 2L;
    long packed_lengths_1 = nessie_sub(nessie_add(i, 1L) < packed_offsets_len ? packed_offsets[nessie_add(i, 1L)] : c_len, packed_offsets[i]);
    long v = mapped ? packed_lengths_1 : 0L;
    long packed_lengths_2 = nessie_sub(nessie_add(i, 1L) < packed_offsets_len ? packed_offsets[nessie_add(i, 1L)] : c_len, packed_offsets[i]);
    int mapped_1 = packed_lengths_2 < 2L;
    long v_1 = !mapped_1 ? cross_lengths[i] : 0L;
    long v_2 = v;
    long v_3 = v_1;
    long packed_lengths_3 = nessie_sub(nessie_add(i, 1L) < packed_offsets_len ? packed_offsets[nessie_add(i, 1L)] : c_len, packed_offsets[i]);
    int mapped_2 = packed_lengths_3 < 2L;
    long packed_lengths_4 = nessie_sub(nessie_add(i, 1L) < packed_offsets_len ? packed_offsets[nessie_add(i, 1L)] : c_len, packed_offsets[i]);
    long v_4 = !mapped_2 ? packed_lengths_4 : 0L;
    *r0 = v_2;
    *r1 = v_3;
    *r2 = v_4;
}

static inline void hsplit_fused_2_op_total(long a, long a_1, long a_2, long b, long b_1, long b_2, long* r0, long* r1, long* r2) {
    *r0 = nessie_add(a, b);
    *r1 = nessie_add(a_1, b_1);
    *r2 = nessie_add(a_2, b_2);
}

static inline long hsplit_fused_2_pull_packed_lengths(long s, __global const long* packed_offsets, long packed_offsets_len, long c_len) {
    return nessie_sub(nessie_add(s, 1L) < packed_offsets_len ? packed_offsets[nessie_add(s, 1L)] : c_len, packed_offsets[s]);
}

__kernel void hsplit_fused_2_mapped(__global int* mapped_status, uint mapped_status_epoch, uint mapped_status_base, long instances_1_arg, __global const long* instances_1_word, long n_points_1_arg, __global const long* n_points_1_word, __global const long* cross_lengths, __global const long* packed_offsets, long n_packed_offsets_arg, __global const long* n_packed_offsets_word, long n_c_arg, __global const long* n_c_word, long lookback_tiles, __global long* then_instances_kept, __global long* else_instances_kept, __global long* total_22, __global long* total_26, __global long* total_30, __global uchar* mapped_10, __global long* rank, __global long* then_instances, __global long* else_instances, __global long* err) {
    __local long tile[768];
    __local long tile_1[768];
    __local long tile_2[768];
    __local long tile_3[768];
    __local long vals[306];
    __local long vals_1[306];
    __local long vals_2[306];
    __local long vals_3[306];
    __local long vals_4[306];
    __local long vals_5[306];
    __local long flags[35];
    __local uchar kept[768];
    __local uchar kept_1[768];
    const long instances_1 = instances_1_arg >= 0 ? instances_1_arg : clamp(instances_1_word[0], 0L, (-1 - instances_1_arg) & 0xFFFFFFFFL) + ((-1 - instances_1_arg) >> 32);
    const long n_points_1 = n_points_1_arg >= 0 ? n_points_1_arg : clamp(n_points_1_word[0], 0L, (-1 - n_points_1_arg) & 0xFFFFFFFFL) + ((-1 - n_points_1_arg) >> 32);
    const long n_packed_offsets = n_packed_offsets_arg >= 0 ? n_packed_offsets_arg : clamp(n_packed_offsets_word[0], 0L, (-1 - n_packed_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_packed_offsets_arg) >> 32);
    const long n_c = n_c_arg >= 0 ? n_c_arg : clamp(n_c_word[0], 0L, (-1 - n_c_arg) & 0xFFFFFFFFL) + ((-1 - n_c_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(mapped_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(mapped_status) - mapped_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 768;
    for (long j = 0; j < 3; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < instances_1) {
            int pull_mapped_r = hsplit_fused_2_pull_mapped(g, n_points_1, cross_lengths, packed_offsets, n_packed_offsets, n_c, err);
            const int x = pull_mapped_r;
            long pull_rank_r = hsplit_fused_2_pull_rank(g, packed_offsets, n_packed_offsets, n_c);
            const long x_1 = pull_rank_r;
            long pull_then_instances_r = hsplit_fused_2_pull_then_instances(g);
            const long x_2 = pull_then_instances_r;
            long pull_total_r;
            long pull_total_r_1;
            long pull_total_r_2;
            hsplit_fused_2_pull_total(g, packed_offsets, n_packed_offsets, n_c, cross_lengths, &pull_total_r, &pull_total_r_1, &pull_total_r_2);
            const long x_3 = pull_total_r;
            const long x_4 = pull_total_r_1;
            const long x_5 = pull_total_r_2;
            long keep_then_instances_r = hsplit_fused_2_keep_then_instances(x_2, packed_offsets, n_packed_offsets, n_c);
            long keep_else_instances_r = hsplit_fused_2_keep_else_instances(x_2, packed_offsets, n_packed_offsets, n_c);
            mapped_10[g] = x;
            tile[p] = x_1;
            kept[p] = (keep_then_instances_r) != 0;
            kept_1[p] = (keep_else_instances_r) != 0;
            tile_1[p] = x_3;
            tile_2[p] = x_4;
            tile_3[p] = x_5;
        } else {
            tile[p] = 0L;
            kept[p] = 0;
            kept_1[p] = 0;
            tile_1[p] = 0L;
            tile_2[p] = 0L;
            tile_3[p] = 0L;
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
    long acc_5 = 0L;
    for (long j = 0; j < 3; j++) {
        long op_rank_r = hsplit_fused_2_op_rank(acc, tile[l * 3 + j]);
        long op_total_r;
        long op_total_r_1;
        long op_total_r_2;
        hsplit_fused_2_op_total(acc_3, acc_4, acc_5, tile_1[l * 3 + j], tile_2[l * 3 + j], tile_3[l * 3 + j], &op_total_r, &op_total_r_1, &op_total_r_2);
        long c_1 = op_rank_r;
        long c_2 = (acc_1) + ((long)((mask >> j) & 1u));
        long c_3 = (acc_2) + ((long)((mask_1 >> j) & 1u));
        long c_4 = op_total_r;
        long c_5 = op_total_r_1;
        long c_6 = op_total_r_2;
        acc = c_1;
        acc_1 = c_2;
        acc_2 = c_3;
        acc_3 = c_4;
        acc_4 = c_5;
        acc_5 = c_6;
    }
    vals[l] = acc;
    vals_1[l] = acc_1;
    vals_2[l] = acc_2;
    vals_3[l] = acc_3;
    vals_4[l] = acc_4;
    vals_5[l] = acc_5;
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
        long incl_5 = vals_5[l];
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
            const int2 w_5 = as_int2(incl_5);
            int lo_5, hi_5;
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_5) : "r"(w_5.x), "r"(h));
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_5) : "r"(w_5.y), "r"(h));
            long sh_5 = as_long((int2)(lo_5, hi_5));
            if (lane >= h) {
                long op_rank_r_1 = hsplit_fused_2_op_rank(sh, incl);
                long op_total_r_3;
                long op_total_r_4;
                long op_total_r_5;
                hsplit_fused_2_op_total(sh_3, sh_4, sh_5, incl_3, incl_4, incl_5, &op_total_r_3, &op_total_r_4, &op_total_r_5);
                long c_7 = op_rank_r_1;
                long c_8 = (sh_1) + (incl_1);
                long c_9 = (sh_2) + (incl_2);
                long c_10 = op_total_r_3;
                long c_11 = op_total_r_4;
                long c_12 = op_total_r_5;
                incl = c_7;
                incl_1 = c_8;
                incl_2 = c_9;
                incl_3 = c_10;
                incl_4 = c_11;
                incl_5 = c_12;
            }
        }
        if (lane == 31) {
            vals[256 + warp] = incl;
            vals_1[256 + warp] = incl_1;
            vals_2[256 + warp] = incl_2;
            vals_3[256 + warp] = incl_3;
            vals_4[256 + warp] = incl_4;
            vals_5[256 + warp] = incl_5;
        }
        const int2 w_6 = as_int2(incl);
        int lo_6, hi_6;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_6) : "r"(w_6.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_6) : "r"(w_6.y), "r"(1));
        long sh_6 = as_long((int2)(lo_6, hi_6));
        const int2 w_7 = as_int2(incl_1);
        int lo_7, hi_7;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_7) : "r"(w_7.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_7) : "r"(w_7.y), "r"(1));
        long sh_7 = as_long((int2)(lo_7, hi_7));
        const int2 w_8 = as_int2(incl_2);
        int lo_8, hi_8;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_8) : "r"(w_8.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_8) : "r"(w_8.y), "r"(1));
        long sh_8 = as_long((int2)(lo_8, hi_8));
        const int2 w_9 = as_int2(incl_3);
        int lo_9, hi_9;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_9) : "r"(w_9.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_9) : "r"(w_9.y), "r"(1));
        long sh_9 = as_long((int2)(lo_9, hi_9));
        const int2 w_10 = as_int2(incl_4);
        int lo_10, hi_10;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_10) : "r"(w_10.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_10) : "r"(w_10.y), "r"(1));
        long sh_10 = as_long((int2)(lo_10, hi_10));
        const int2 w_11 = as_int2(incl_5);
        int lo_11, hi_11;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_11) : "r"(w_11.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_11) : "r"(w_11.y), "r"(1));
        long sh_11 = as_long((int2)(lo_11, hi_11));
        if (lane == 0) {
            sh_6 = 0L;
            sh_7 = 0L;
            sh_8 = 0L;
            sh_9 = 0L;
            sh_10 = 0L;
            sh_11 = 0L;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        long offset = 0L;
        long offset_1 = 0L;
        long offset_2 = 0L;
        long offset_3 = 0L;
        long offset_4 = 0L;
        long offset_5 = 0L;
        #pragma unroll
        for (long r = 0; r < 8; r++) {
            if (r < warp) {
                long op_rank_r_2 = hsplit_fused_2_op_rank(offset, vals[256 + r]);
                long op_total_r_6;
                long op_total_r_7;
                long op_total_r_8;
                hsplit_fused_2_op_total(offset_3, offset_4, offset_5, vals_3[256 + r], vals_4[256 + r], vals_5[256 + r], &op_total_r_6, &op_total_r_7, &op_total_r_8);
                long c_13 = op_rank_r_2;
                long c_14 = (offset_1) + (vals_1[256 + r]);
                long c_15 = (offset_2) + (vals_2[256 + r]);
                long c_16 = op_total_r_6;
                long c_17 = op_total_r_7;
                long c_18 = op_total_r_8;
                offset = c_13;
                offset_1 = c_14;
                offset_2 = c_15;
                offset_3 = c_16;
                offset_4 = c_17;
                offset_5 = c_18;
            }
        }
        long op_rank_r_3 = hsplit_fused_2_op_rank(offset, sh_6);
        long op_total_r_9;
        long op_total_r_10;
        long op_total_r_11;
        hsplit_fused_2_op_total(offset_3, offset_4, offset_5, sh_9, sh_10, sh_11, &op_total_r_9, &op_total_r_10, &op_total_r_11);
        long c_19 = op_rank_r_3;
        long c_20 = (offset_1) + (sh_7);
        long c_21 = (offset_2) + (sh_8);
        long c_22 = op_total_r_9;
        long c_23 = op_total_r_10;
        long c_24 = op_total_r_11;
        offset = c_19;
        offset_1 = c_20;
        offset_2 = c_21;
        offset_3 = c_22;
        offset_4 = c_23;
        offset_5 = c_24;
        if (l < 32) {
            long agg = 0L;
            long agg_1 = 0L;
            long agg_2 = 0L;
            long agg_3 = 0L;
            long agg_4 = 0L;
            long agg_5 = 0L;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long op_rank_r_4 = hsplit_fused_2_op_rank(agg, vals[256 + r]);
                long op_total_r_12;
                long op_total_r_13;
                long op_total_r_14;
                hsplit_fused_2_op_total(agg_3, agg_4, agg_5, vals_3[256 + r], vals_4[256 + r], vals_5[256 + r], &op_total_r_12, &op_total_r_13, &op_total_r_14);
                long c_25 = op_rank_r_4;
                long c_26 = (agg_1) + (vals_1[256 + r]);
                long c_27 = (agg_2) + (vals_2[256 + r]);
                long c_28 = op_total_r_12;
                long c_29 = op_total_r_13;
                long c_30 = op_total_r_14;
                agg = c_25;
                agg_1 = c_26;
                agg_2 = c_27;
                agg_3 = c_28;
                agg_4 = c_29;
                agg_5 = c_30;
            }
            if (lane == 0) {
                vals[305] = agg;
                vals_1[305] = agg_1;
                vals_2[305] = agg_2;
                vals_3[305] = agg_3;
                vals_4[305] = agg_4;
                vals_5[305] = agg_5;
                if (tile_no == 0) {
                    const ulong bits = (ulong)(agg);
                    const ulong tag = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 0) * 2] = tag | (bits & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 0) * 2 + 1] = tag | (bits >> 32);
                    const ulong bits_1 = (ulong)(agg_1);
                    const ulong tag_1 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 1) * 2] = tag_1 | (bits_1 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 1) * 2 + 1] = tag_1 | (bits_1 >> 32);
                    const ulong bits_2 = (ulong)(agg_2);
                    const ulong tag_2 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 2) * 2] = tag_2 | (bits_2 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 2) * 2 + 1] = tag_2 | (bits_2 >> 32);
                    const ulong bits_3 = (ulong)(agg_3);
                    const ulong tag_3 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 3) * 2] = tag_3 | (bits_3 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 3) * 2 + 1] = tag_3 | (bits_3 >> 32);
                    const ulong bits_4 = (ulong)(agg_4);
                    const ulong tag_4 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 4) * 2] = tag_4 | (bits_4 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 4) * 2 + 1] = tag_4 | (bits_4 >> 32);
                    const ulong bits_5 = (ulong)(agg_5);
                    const ulong tag_5 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 5) * 2] = tag_5 | (bits_5 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 5) * 2 + 1] = tag_5 | (bits_5 >> 32);
                } else {
                    const ulong bits_6 = (ulong)(agg);
                    const ulong tag_6 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 0) * 6 + 0) * 2] = tag_6 | (bits_6 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 6 + 0) * 2 + 1] = tag_6 | (bits_6 >> 32);
                    const ulong bits_7 = (ulong)(agg_1);
                    const ulong tag_7 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 0) * 6 + 1) * 2] = tag_7 | (bits_7 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 6 + 1) * 2 + 1] = tag_7 | (bits_7 >> 32);
                    const ulong bits_8 = (ulong)(agg_2);
                    const ulong tag_8 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 0) * 6 + 2) * 2] = tag_8 | (bits_8 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 6 + 2) * 2 + 1] = tag_8 | (bits_8 >> 32);
                    const ulong bits_9 = (ulong)(agg_3);
                    const ulong tag_9 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 0) * 6 + 3) * 2] = tag_9 | (bits_9 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 6 + 3) * 2 + 1] = tag_9 | (bits_9 >> 32);
                    const ulong bits_10 = (ulong)(agg_4);
                    const ulong tag_10 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 0) * 6 + 4) * 2] = tag_10 | (bits_10 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 6 + 4) * 2 + 1] = tag_10 | (bits_10 >> 32);
                    const ulong bits_11 = (ulong)(agg_5);
                    const ulong tag_11 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 0) * 6 + 5) * 2] = tag_11 | (bits_11 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 6 + 5) * 2 + 1] = tag_11 | (bits_11 >> 32);
                }
            }
            long prefix = 0L;
            long prefix_1 = 0L;
            long prefix_2 = 0L;
            long prefix_3 = 0L;
            long prefix_4 = 0L;
            long prefix_5 = 0L;
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
                    long win_5 = 0L;
                    if (jt >= 0) {
                        const ulong lo_12 = status[((2 * jt + 1) * 6 + 0) * 2];
                        const ulong hi_12 = status[((2 * jt + 1) * 6 + 0) * 2 + 1];
                        const ulong lo_13 = status[((2 * jt + 1) * 6 + 1) * 2];
                        const ulong hi_13 = status[((2 * jt + 1) * 6 + 1) * 2 + 1];
                        const ulong lo_14 = status[((2 * jt + 1) * 6 + 2) * 2];
                        const ulong hi_14 = status[((2 * jt + 1) * 6 + 2) * 2 + 1];
                        const ulong lo_15 = status[((2 * jt + 1) * 6 + 3) * 2];
                        const ulong hi_15 = status[((2 * jt + 1) * 6 + 3) * 2 + 1];
                        const ulong lo_16 = status[((2 * jt + 1) * 6 + 4) * 2];
                        const ulong hi_16 = status[((2 * jt + 1) * 6 + 4) * 2 + 1];
                        const ulong lo_17 = status[((2 * jt + 1) * 6 + 5) * 2];
                        const ulong hi_17 = status[((2 * jt + 1) * 6 + 5) * 2 + 1];
                        if ((lo_12 >> 32) == mapped_status_epoch && (hi_12 >> 32) == mapped_status_epoch && (lo_13 >> 32) == mapped_status_epoch && (hi_13 >> 32) == mapped_status_epoch && (lo_14 >> 32) == mapped_status_epoch && (hi_14 >> 32) == mapped_status_epoch && (lo_15 >> 32) == mapped_status_epoch && (hi_15 >> 32) == mapped_status_epoch && (lo_16 >> 32) == mapped_status_epoch && (hi_16 >> 32) == mapped_status_epoch && (lo_17 >> 32) == mapped_status_epoch && (hi_17 >> 32) == mapped_status_epoch) {
                            fl = 2;
                            win = (long)((lo_12 & 0xffffffffUL) | ((hi_12 & 0xffffffffUL) << 32));
                            win_1 = (long)((lo_13 & 0xffffffffUL) | ((hi_13 & 0xffffffffUL) << 32));
                            win_2 = (long)((lo_14 & 0xffffffffUL) | ((hi_14 & 0xffffffffUL) << 32));
                            win_3 = (long)((lo_15 & 0xffffffffUL) | ((hi_15 & 0xffffffffUL) << 32));
                            win_4 = (long)((lo_16 & 0xffffffffUL) | ((hi_16 & 0xffffffffUL) << 32));
                            win_5 = (long)((lo_17 & 0xffffffffUL) | ((hi_17 & 0xffffffffUL) << 32));
                        }
                        if (fl == 0) {
                            const ulong lo_18 = status[((2 * jt + 0) * 6 + 0) * 2];
                            const ulong hi_18 = status[((2 * jt + 0) * 6 + 0) * 2 + 1];
                            const ulong lo_19 = status[((2 * jt + 0) * 6 + 1) * 2];
                            const ulong hi_19 = status[((2 * jt + 0) * 6 + 1) * 2 + 1];
                            const ulong lo_20 = status[((2 * jt + 0) * 6 + 2) * 2];
                            const ulong hi_20 = status[((2 * jt + 0) * 6 + 2) * 2 + 1];
                            const ulong lo_21 = status[((2 * jt + 0) * 6 + 3) * 2];
                            const ulong hi_21 = status[((2 * jt + 0) * 6 + 3) * 2 + 1];
                            const ulong lo_22 = status[((2 * jt + 0) * 6 + 4) * 2];
                            const ulong hi_22 = status[((2 * jt + 0) * 6 + 4) * 2 + 1];
                            const ulong lo_23 = status[((2 * jt + 0) * 6 + 5) * 2];
                            const ulong hi_23 = status[((2 * jt + 0) * 6 + 5) * 2 + 1];
                            if ((lo_18 >> 32) == mapped_status_epoch && (hi_18 >> 32) == mapped_status_epoch && (lo_19 >> 32) == mapped_status_epoch && (hi_19 >> 32) == mapped_status_epoch && (lo_20 >> 32) == mapped_status_epoch && (hi_20 >> 32) == mapped_status_epoch && (lo_21 >> 32) == mapped_status_epoch && (hi_21 >> 32) == mapped_status_epoch && (lo_22 >> 32) == mapped_status_epoch && (hi_22 >> 32) == mapped_status_epoch && (lo_23 >> 32) == mapped_status_epoch && (hi_23 >> 32) == mapped_status_epoch) {
                                fl = 1;
                                win = (long)((lo_18 & 0xffffffffUL) | ((hi_18 & 0xffffffffUL) << 32));
                                win_1 = (long)((lo_19 & 0xffffffffUL) | ((hi_19 & 0xffffffffUL) << 32));
                                win_2 = (long)((lo_20 & 0xffffffffUL) | ((hi_20 & 0xffffffffUL) << 32));
                                win_3 = (long)((lo_21 & 0xffffffffUL) | ((hi_21 & 0xffffffffUL) << 32));
                                win_4 = (long)((lo_22 & 0xffffffffUL) | ((hi_22 & 0xffffffffUL) << 32));
                                win_5 = (long)((lo_23 & 0xffffffffUL) | ((hi_23 & 0xffffffffUL) << 32));
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
                            win_5 = 0L;
                        }
                        #pragma unroll
                        for (int h_1 = 1; h_1 < 32; h_1 *= 2) {
                            const int2 w_12 = as_int2(win);
                            int lo_24, hi_24;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_24) : "r"(w_12.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_24) : "r"(w_12.y), "r"(h_1));
                            long sh_12 = as_long((int2)(lo_24, hi_24));
                            const int2 w_13 = as_int2(win_1);
                            int lo_25, hi_25;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_25) : "r"(w_13.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_25) : "r"(w_13.y), "r"(h_1));
                            long sh_13 = as_long((int2)(lo_25, hi_25));
                            const int2 w_14 = as_int2(win_2);
                            int lo_26, hi_26;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_26) : "r"(w_14.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_26) : "r"(w_14.y), "r"(h_1));
                            long sh_14 = as_long((int2)(lo_26, hi_26));
                            const int2 w_15 = as_int2(win_3);
                            int lo_27, hi_27;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_27) : "r"(w_15.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_27) : "r"(w_15.y), "r"(h_1));
                            long sh_15 = as_long((int2)(lo_27, hi_27));
                            const int2 w_16 = as_int2(win_4);
                            int lo_28, hi_28;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_28) : "r"(w_16.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_28) : "r"(w_16.y), "r"(h_1));
                            long sh_16 = as_long((int2)(lo_28, hi_28));
                            const int2 w_17 = as_int2(win_5);
                            int lo_29, hi_29;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_29) : "r"(w_17.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_29) : "r"(w_17.y), "r"(h_1));
                            long sh_17 = as_long((int2)(lo_29, hi_29));
                            if (lane + h_1 < 32) {
                                long op_rank_r_5 = hsplit_fused_2_op_rank(sh_12, win);
                                long op_total_r_15;
                                long op_total_r_16;
                                long op_total_r_17;
                                hsplit_fused_2_op_total(sh_15, sh_16, sh_17, win_3, win_4, win_5, &op_total_r_15, &op_total_r_16, &op_total_r_17);
                                long c_31 = op_rank_r_5;
                                long c_32 = (sh_13) + (win_1);
                                long c_33 = (sh_14) + (win_2);
                                long c_34 = op_total_r_15;
                                long c_35 = op_total_r_16;
                                long c_36 = op_total_r_17;
                                win = c_31;
                                win_1 = c_32;
                                win_2 = c_33;
                                win_3 = c_34;
                                win_4 = c_35;
                                win_5 = c_36;
                            }
                        }
                        long op_rank_r_6 = hsplit_fused_2_op_rank(win, prefix);
                        long op_total_r_18;
                        long op_total_r_19;
                        long op_total_r_20;
                        hsplit_fused_2_op_total(win_3, win_4, win_5, prefix_3, prefix_4, prefix_5, &op_total_r_18, &op_total_r_19, &op_total_r_20);
                        long c_37 = op_rank_r_6;
                        long c_38 = (win_1) + (prefix_1);
                        long c_39 = (win_2) + (prefix_2);
                        long c_40 = op_total_r_18;
                        long c_41 = op_total_r_19;
                        long c_42 = op_total_r_20;
                        prefix = c_37;
                        prefix_1 = c_38;
                        prefix_2 = c_39;
                        prefix_3 = c_40;
                        prefix_4 = c_41;
                        prefix_5 = c_42;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_6 = prefix;
                    long incl_7 = prefix_1;
                    long incl_8 = prefix_2;
                    long incl_9 = prefix_3;
                    long incl_10 = prefix_4;
                    long incl_11 = prefix_5;
                    long op_rank_r_7 = hsplit_fused_2_op_rank(incl_6, agg);
                    long op_total_r_21;
                    long op_total_r_22;
                    long op_total_r_23;
                    hsplit_fused_2_op_total(incl_9, incl_10, incl_11, agg_3, agg_4, agg_5, &op_total_r_21, &op_total_r_22, &op_total_r_23);
                    long c_43 = op_rank_r_7;
                    long c_44 = (incl_7) + (agg_1);
                    long c_45 = (incl_8) + (agg_2);
                    long c_46 = op_total_r_21;
                    long c_47 = op_total_r_22;
                    long c_48 = op_total_r_23;
                    incl_6 = c_43;
                    incl_7 = c_44;
                    incl_8 = c_45;
                    incl_9 = c_46;
                    incl_10 = c_47;
                    incl_11 = c_48;
                    const ulong bits_12 = (ulong)(incl_6);
                    const ulong tag_12 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 0) * 2] = tag_12 | (bits_12 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 0) * 2 + 1] = tag_12 | (bits_12 >> 32);
                    const ulong bits_13 = (ulong)(incl_7);
                    const ulong tag_13 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 1) * 2] = tag_13 | (bits_13 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 1) * 2 + 1] = tag_13 | (bits_13 >> 32);
                    const ulong bits_14 = (ulong)(incl_8);
                    const ulong tag_14 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 2) * 2] = tag_14 | (bits_14 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 2) * 2 + 1] = tag_14 | (bits_14 >> 32);
                    const ulong bits_15 = (ulong)(incl_9);
                    const ulong tag_15 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 3) * 2] = tag_15 | (bits_15 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 3) * 2 + 1] = tag_15 | (bits_15 >> 32);
                    const ulong bits_16 = (ulong)(incl_10);
                    const ulong tag_16 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 4) * 2] = tag_16 | (bits_16 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 4) * 2 + 1] = tag_16 | (bits_16 >> 32);
                    const ulong bits_17 = (ulong)(incl_11);
                    const ulong tag_17 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 5) * 2] = tag_17 | (bits_17 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 5) * 2 + 1] = tag_17 | (bits_17 >> 32);
                }
            }
            if (lane == 0) {
                vals[304] = prefix;
                vals_1[304] = prefix_1;
                vals_2[304] = prefix_2;
                vals_3[304] = prefix_3;
                vals_4[304] = prefix_4;
                vals_5[304] = prefix_5;
            }
        }
        vals[l] = offset;
        vals_1[l] = offset_1;
        vals_2[l] = offset_2;
        vals_3[l] = offset_3;
        vals_4[l] = offset_4;
        vals_5[l] = offset_5;
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
            long row_5 = 0L;
            for (long c_49 = 0; c_49 < 16; c_49++) {
                long op_rank_r_8 = hsplit_fused_2_op_rank(row, vals[l * 16 + c_49]);
                long op_total_r_24;
                long op_total_r_25;
                long op_total_r_26;
                hsplit_fused_2_op_total(row_3, row_4, row_5, vals_3[l * 16 + c_49], vals_4[l * 16 + c_49], vals_5[l * 16 + c_49], &op_total_r_24, &op_total_r_25, &op_total_r_26);
                long c_50 = op_rank_r_8;
                long c_51 = (row_1) + (vals_1[l * 16 + c_49]);
                long c_52 = (row_2) + (vals_2[l * 16 + c_49]);
                long c_53 = op_total_r_24;
                long c_54 = op_total_r_25;
                long c_55 = op_total_r_26;
                row = c_50;
                row_1 = c_51;
                row_2 = c_52;
                row_3 = c_53;
                row_4 = c_54;
                row_5 = c_55;
            }
            vals[256 + l] = row;
            vals_1[256 + l] = row_1;
            vals_2[256 + l] = row_2;
            vals_3[256 + l] = row_3;
            vals_4[256 + l] = row_4;
            vals_5[256 + l] = row_5;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) {
            long total = 0L;
            long total_1 = 0L;
            long total_2 = 0L;
            long total_3 = 0L;
            long total_4 = 0L;
            long total_5 = 0L;
            for (long r_1 = 0; r_1 < 16; r_1++) {
                long x_6 = vals[256 + r_1];
                long x_7 = vals_1[256 + r_1];
                long x_8 = vals_2[256 + r_1];
                long x_9 = vals_3[256 + r_1];
                long x_10 = vals_4[256 + r_1];
                long x_11 = vals_5[256 + r_1];
                long op_rank_r_9 = hsplit_fused_2_op_rank(total, x_6);
                long op_total_r_27;
                long op_total_r_28;
                long op_total_r_29;
                hsplit_fused_2_op_total(total_3, total_4, total_5, x_9, x_10, x_11, &op_total_r_27, &op_total_r_28, &op_total_r_29);
                long c_56 = op_rank_r_9;
                long c_57 = (total_1) + (x_7);
                long c_58 = (total_2) + (x_8);
                long c_59 = op_total_r_27;
                long c_60 = op_total_r_28;
                long c_61 = op_total_r_29;
                total = c_56;
                total_1 = c_57;
                total_2 = c_58;
                total_3 = c_59;
                total_4 = c_60;
                total_5 = c_61;
            }
            vals[305] = total;
            vals_1[305] = total_1;
            vals_2[305] = total_2;
            vals_3[305] = total_3;
            vals_4[305] = total_4;
            vals_5[305] = total_5;
            vals[304] = 0L;
            vals_1[304] = 0L;
            vals_2[304] = 0L;
            vals_3[304] = 0L;
            vals_4[304] = 0L;
            vals_5[304] = 0L;
            if (tile_no == 0) {
                const ulong bits_18 = (ulong)(total);
                const ulong tag_18 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 1) * 6 + 0) * 2] = tag_18 | (bits_18 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 6 + 0) * 2 + 1] = tag_18 | (bits_18 >> 32);
                const ulong bits_19 = (ulong)(total_1);
                const ulong tag_19 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 1) * 6 + 1) * 2] = tag_19 | (bits_19 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 6 + 1) * 2 + 1] = tag_19 | (bits_19 >> 32);
                const ulong bits_20 = (ulong)(total_2);
                const ulong tag_20 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 1) * 6 + 2) * 2] = tag_20 | (bits_20 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 6 + 2) * 2 + 1] = tag_20 | (bits_20 >> 32);
                const ulong bits_21 = (ulong)(total_3);
                const ulong tag_21 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 1) * 6 + 3) * 2] = tag_21 | (bits_21 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 6 + 3) * 2 + 1] = tag_21 | (bits_21 >> 32);
                const ulong bits_22 = (ulong)(total_4);
                const ulong tag_22 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 1) * 6 + 4) * 2] = tag_22 | (bits_22 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 6 + 4) * 2 + 1] = tag_22 | (bits_22 >> 32);
                const ulong bits_23 = (ulong)(total_5);
                const ulong tag_23 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 1) * 6 + 5) * 2] = tag_23 | (bits_23 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 6 + 5) * 2 + 1] = tag_23 | (bits_23 >> 32);
            } else {
                const ulong bits_24 = (ulong)(total);
                const ulong tag_24 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 0) * 6 + 0) * 2] = tag_24 | (bits_24 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 6 + 0) * 2 + 1] = tag_24 | (bits_24 >> 32);
                const ulong bits_25 = (ulong)(total_1);
                const ulong tag_25 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 0) * 6 + 1) * 2] = tag_25 | (bits_25 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 6 + 1) * 2 + 1] = tag_25 | (bits_25 >> 32);
                const ulong bits_26 = (ulong)(total_2);
                const ulong tag_26 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 0) * 6 + 2) * 2] = tag_26 | (bits_26 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 6 + 2) * 2 + 1] = tag_26 | (bits_26 >> 32);
                const ulong bits_27 = (ulong)(total_3);
                const ulong tag_27 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 0) * 6 + 3) * 2] = tag_27 | (bits_27 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 6 + 3) * 2 + 1] = tag_27 | (bits_27 >> 32);
                const ulong bits_28 = (ulong)(total_4);
                const ulong tag_28 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 0) * 6 + 4) * 2] = tag_28 | (bits_28 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 6 + 4) * 2 + 1] = tag_28 | (bits_28 >> 32);
                const ulong bits_29 = (ulong)(total_5);
                const ulong tag_29 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 0) * 6 + 5) * 2] = tag_29 | (bits_29 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 6 + 5) * 2 + 1] = tag_29 | (bits_29 >> 32);
            }
            flags[33] = tile_no > 0;
            flags[34] = tile_no - 1;
        }
        long excl = 0L;
        long excl_1 = 0L;
        long excl_2 = 0L;
        long excl_3 = 0L;
        long excl_4 = 0L;
        long excl_5 = 0L;
        const long my_row = l / 16;
        const long my_col = l - my_row * 16;
        #pragma unroll
        for (long r_1 = 0; r_1 < 16; r_1++) {
            if (r_1 < my_row) {
                long op_rank_r_10 = hsplit_fused_2_op_rank(excl, vals[256 + r_1]);
                long op_total_r_30;
                long op_total_r_31;
                long op_total_r_32;
                hsplit_fused_2_op_total(excl_3, excl_4, excl_5, vals_3[256 + r_1], vals_4[256 + r_1], vals_5[256 + r_1], &op_total_r_30, &op_total_r_31, &op_total_r_32);
                long c_62 = op_rank_r_10;
                long c_63 = (excl_1) + (vals_1[256 + r_1]);
                long c_64 = (excl_2) + (vals_2[256 + r_1]);
                long c_65 = op_total_r_30;
                long c_66 = op_total_r_31;
                long c_67 = op_total_r_32;
                excl = c_62;
                excl_1 = c_63;
                excl_2 = c_64;
                excl_3 = c_65;
                excl_4 = c_66;
                excl_5 = c_67;
            }
        }
        #pragma unroll
        for (long c_49 = 0; c_49 < 16; c_49++) {
            if (c_49 < my_col) {
                long op_rank_r_11 = hsplit_fused_2_op_rank(excl, vals[my_row * 16 + c_49]);
                long op_total_r_33;
                long op_total_r_34;
                long op_total_r_35;
                hsplit_fused_2_op_total(excl_3, excl_4, excl_5, vals_3[my_row * 16 + c_49], vals_4[my_row * 16 + c_49], vals_5[my_row * 16 + c_49], &op_total_r_33, &op_total_r_34, &op_total_r_35);
                long c_68 = op_rank_r_11;
                long c_69 = (excl_1) + (vals_1[my_row * 16 + c_49]);
                long c_70 = (excl_2) + (vals_2[my_row * 16 + c_49]);
                long c_71 = op_total_r_33;
                long c_72 = op_total_r_34;
                long c_73 = op_total_r_35;
                excl = c_68;
                excl_1 = c_69;
                excl_2 = c_70;
                excl_3 = c_71;
                excl_4 = c_72;
                excl_5 = c_73;
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
                    const ulong lo_30 = status[((2 * jt_1 + 1) * 6 + 0) * 2];
                    const ulong hi_30 = status[((2 * jt_1 + 1) * 6 + 0) * 2 + 1];
                    const ulong lo_31 = status[((2 * jt_1 + 1) * 6 + 1) * 2];
                    const ulong hi_31 = status[((2 * jt_1 + 1) * 6 + 1) * 2 + 1];
                    const ulong lo_32 = status[((2 * jt_1 + 1) * 6 + 2) * 2];
                    const ulong hi_32 = status[((2 * jt_1 + 1) * 6 + 2) * 2 + 1];
                    const ulong lo_33 = status[((2 * jt_1 + 1) * 6 + 3) * 2];
                    const ulong hi_33 = status[((2 * jt_1 + 1) * 6 + 3) * 2 + 1];
                    const ulong lo_34 = status[((2 * jt_1 + 1) * 6 + 4) * 2];
                    const ulong hi_34 = status[((2 * jt_1 + 1) * 6 + 4) * 2 + 1];
                    const ulong lo_35 = status[((2 * jt_1 + 1) * 6 + 5) * 2];
                    const ulong hi_35 = status[((2 * jt_1 + 1) * 6 + 5) * 2 + 1];
                    if ((lo_30 >> 32) == mapped_status_epoch && (hi_30 >> 32) == mapped_status_epoch && (lo_31 >> 32) == mapped_status_epoch && (hi_31 >> 32) == mapped_status_epoch && (lo_32 >> 32) == mapped_status_epoch && (hi_32 >> 32) == mapped_status_epoch && (lo_33 >> 32) == mapped_status_epoch && (hi_33 >> 32) == mapped_status_epoch && (lo_34 >> 32) == mapped_status_epoch && (hi_34 >> 32) == mapped_status_epoch && (lo_35 >> 32) == mapped_status_epoch && (hi_35 >> 32) == mapped_status_epoch) {
                        fl_1 = 2;
                        vals[272 + l] = (long)((lo_30 & 0xffffffffUL) | ((hi_30 & 0xffffffffUL) << 32));
                        vals_1[272 + l] = (long)((lo_31 & 0xffffffffUL) | ((hi_31 & 0xffffffffUL) << 32));
                        vals_2[272 + l] = (long)((lo_32 & 0xffffffffUL) | ((hi_32 & 0xffffffffUL) << 32));
                        vals_3[272 + l] = (long)((lo_33 & 0xffffffffUL) | ((hi_33 & 0xffffffffUL) << 32));
                        vals_4[272 + l] = (long)((lo_34 & 0xffffffffUL) | ((hi_34 & 0xffffffffUL) << 32));
                        vals_5[272 + l] = (long)((lo_35 & 0xffffffffUL) | ((hi_35 & 0xffffffffUL) << 32));
                    }
                    if (fl_1 == 0) {
                        const ulong lo_36 = status[((2 * jt_1 + 0) * 6 + 0) * 2];
                        const ulong hi_36 = status[((2 * jt_1 + 0) * 6 + 0) * 2 + 1];
                        const ulong lo_37 = status[((2 * jt_1 + 0) * 6 + 1) * 2];
                        const ulong hi_37 = status[((2 * jt_1 + 0) * 6 + 1) * 2 + 1];
                        const ulong lo_38 = status[((2 * jt_1 + 0) * 6 + 2) * 2];
                        const ulong hi_38 = status[((2 * jt_1 + 0) * 6 + 2) * 2 + 1];
                        const ulong lo_39 = status[((2 * jt_1 + 0) * 6 + 3) * 2];
                        const ulong hi_39 = status[((2 * jt_1 + 0) * 6 + 3) * 2 + 1];
                        const ulong lo_40 = status[((2 * jt_1 + 0) * 6 + 4) * 2];
                        const ulong hi_40 = status[((2 * jt_1 + 0) * 6 + 4) * 2 + 1];
                        const ulong lo_41 = status[((2 * jt_1 + 0) * 6 + 5) * 2];
                        const ulong hi_41 = status[((2 * jt_1 + 0) * 6 + 5) * 2 + 1];
                        if ((lo_36 >> 32) == mapped_status_epoch && (hi_36 >> 32) == mapped_status_epoch && (lo_37 >> 32) == mapped_status_epoch && (hi_37 >> 32) == mapped_status_epoch && (lo_38 >> 32) == mapped_status_epoch && (hi_38 >> 32) == mapped_status_epoch && (lo_39 >> 32) == mapped_status_epoch && (hi_39 >> 32) == mapped_status_epoch && (lo_40 >> 32) == mapped_status_epoch && (hi_40 >> 32) == mapped_status_epoch && (lo_41 >> 32) == mapped_status_epoch && (hi_41 >> 32) == mapped_status_epoch) {
                            fl_1 = 1;
                            vals[272 + l] = (long)((lo_36 & 0xffffffffUL) | ((hi_36 & 0xffffffffUL) << 32));
                            vals_1[272 + l] = (long)((lo_37 & 0xffffffffUL) | ((hi_37 & 0xffffffffUL) << 32));
                            vals_2[272 + l] = (long)((lo_38 & 0xffffffffUL) | ((hi_38 & 0xffffffffUL) << 32));
                            vals_3[272 + l] = (long)((lo_39 & 0xffffffffUL) | ((hi_39 & 0xffffffffUL) << 32));
                            vals_4[272 + l] = (long)((lo_40 & 0xffffffffUL) | ((hi_40 & 0xffffffffUL) << 32));
                            vals_5[272 + l] = (long)((lo_41 & 0xffffffffUL) | ((hi_41 & 0xffffffffUL) << 32));
                        }
                    }
                }
                flags[l] = fl_1;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            if (l == 0) {
                long excl_6 = vals[304];
                long excl_7 = vals_1[304];
                long excl_8 = vals_2[304];
                long excl_9 = vals_3[304];
                long excl_10 = vals_4[304];
                long excl_11 = vals_5[304];
                long more = 1;
                long k = 0;
                for (; k < 32; k++) {
                    if (flags[k] == 0) break;
                    long op_rank_r_12 = hsplit_fused_2_op_rank(vals[272 + k], excl_6);
                    long op_total_r_36;
                    long op_total_r_37;
                    long op_total_r_38;
                    hsplit_fused_2_op_total(vals_3[272 + k], vals_4[272 + k], vals_5[272 + k], excl_9, excl_10, excl_11, &op_total_r_36, &op_total_r_37, &op_total_r_38);
                    long c_74 = op_rank_r_12;
                    long c_75 = (vals_1[272 + k]) + (excl_7);
                    long c_76 = (vals_2[272 + k]) + (excl_8);
                    long c_77 = op_total_r_36;
                    long c_78 = op_total_r_37;
                    long c_79 = op_total_r_38;
                    excl_6 = c_74;
                    excl_7 = c_75;
                    excl_8 = c_76;
                    excl_9 = c_77;
                    excl_10 = c_78;
                    excl_11 = c_79;
                    if (flags[k] == 2) {
                        more = 0;
                        k++;
                        break;
                    }
                }
                vals[304] = excl_6;
                vals_1[304] = excl_7;
                vals_2[304] = excl_8;
                vals_3[304] = excl_9;
                vals_4[304] = excl_10;
                vals_5[304] = excl_11;
                flags[33] = more;
                flags[34] = at_1 - k;
                if (!more) {
                    long incl_12 = excl_6;
                    long incl_13 = excl_7;
                    long incl_14 = excl_8;
                    long incl_15 = excl_9;
                    long incl_16 = excl_10;
                    long incl_17 = excl_11;
                    long op_rank_r_13 = hsplit_fused_2_op_rank(incl_12, vals[305]);
                    long op_total_r_39;
                    long op_total_r_40;
                    long op_total_r_41;
                    hsplit_fused_2_op_total(incl_15, incl_16, incl_17, vals_3[305], vals_4[305], vals_5[305], &op_total_r_39, &op_total_r_40, &op_total_r_41);
                    long c_80 = op_rank_r_13;
                    long c_81 = (incl_13) + (vals_1[305]);
                    long c_82 = (incl_14) + (vals_2[305]);
                    long c_83 = op_total_r_39;
                    long c_84 = op_total_r_40;
                    long c_85 = op_total_r_41;
                    incl_12 = c_80;
                    incl_13 = c_81;
                    incl_14 = c_82;
                    incl_15 = c_83;
                    incl_16 = c_84;
                    incl_17 = c_85;
                    const ulong bits_30 = (ulong)(incl_12);
                    const ulong tag_30 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 0) * 2] = tag_30 | (bits_30 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 0) * 2 + 1] = tag_30 | (bits_30 >> 32);
                    const ulong bits_31 = (ulong)(incl_13);
                    const ulong tag_31 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 1) * 2] = tag_31 | (bits_31 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 1) * 2 + 1] = tag_31 | (bits_31 >> 32);
                    const ulong bits_32 = (ulong)(incl_14);
                    const ulong tag_32 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 2) * 2] = tag_32 | (bits_32 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 2) * 2 + 1] = tag_32 | (bits_32 >> 32);
                    const ulong bits_33 = (ulong)(incl_15);
                    const ulong tag_33 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 3) * 2] = tag_33 | (bits_33 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 3) * 2 + 1] = tag_33 | (bits_33 >> 32);
                    const ulong bits_34 = (ulong)(incl_16);
                    const ulong tag_34 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 4) * 2] = tag_34 | (bits_34 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 4) * 2 + 1] = tag_34 | (bits_34 >> 32);
                    const ulong bits_35 = (ulong)(incl_17);
                    const ulong tag_35 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 5) * 2] = tag_35 | (bits_35 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 5) * 2 + 1] = tag_35 | (bits_35 >> 32);
                }
            }
        }
        vals[l] = excl;
        vals_1[l] = excl_1;
        vals_2[l] = excl_2;
        vals_3[l] = excl_3;
        vals_4[l] = excl_4;
        vals_5[l] = excl_5;
    }
    #endif
    long off = vals[304];
    long off_1 = vals_1[304];
    long off_2 = vals_2[304];
    long off_3 = vals_3[304];
    long off_4 = vals_4[304];
    long off_5 = vals_5[304];
    long op_rank_r_14 = hsplit_fused_2_op_rank(off, vals[l]);
    long op_total_r_42;
    long op_total_r_43;
    long op_total_r_44;
    hsplit_fused_2_op_total(off_3, off_4, off_5, vals_3[l], vals_4[l], vals_5[l], &op_total_r_42, &op_total_r_43, &op_total_r_44);
    long c_86 = op_rank_r_14;
    long c_87 = (off_1) + (vals_1[l]);
    long c_88 = (off_2) + (vals_2[l]);
    long c_89 = op_total_r_42;
    long c_90 = op_total_r_43;
    long c_91 = op_total_r_44;
    off = c_86;
    off_1 = c_87;
    off_2 = c_88;
    off_3 = c_89;
    off_4 = c_90;
    off_5 = c_91;
    for (long j = 0; j < 3; j++) {
        long x_12 = tile[l * 3 + j];
        tile[l * 3 + j] = off;
        long op_rank_r_15 = hsplit_fused_2_op_rank(off, x_12);
        long c_92 = op_rank_r_15;
        off = c_92;
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
        if (g < instances_1) {
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
        long op_total_r_45;
        long op_total_r_46;
        long op_total_r_47;
        hsplit_fused_2_op_total(vals_3[304], vals_4[304], vals_5[304], vals_3[305], vals_4[305], vals_5[305], &op_total_r_45, &op_total_r_46, &op_total_r_47);
        total_22[0] = op_total_r_45;
        total_26[0] = op_total_r_46;
        total_30[0] = op_total_r_47;
    }
}

__kernel void hsplit_fused_2_packed_lengths(long n_packed_offsets_arg, __global const long* n_packed_offsets_word, __global const long* packed_offsets, long n_c_arg, __global const long* n_c_word, __global long* packed_lengths_8) {
    const long n_packed_offsets = n_packed_offsets_arg >= 0 ? n_packed_offsets_arg : clamp(n_packed_offsets_word[0], 0L, (-1 - n_packed_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_packed_offsets_arg) >> 32);
    const long n_c = n_c_arg >= 0 ? n_c_arg : clamp(n_c_word[0], 0L, (-1 - n_c_arg) & 0xFFFFFFFFL) + ((-1 - n_c_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < n_packed_offsets) {
        long pull_packed_lengths_r = hsplit_fused_2_pull_packed_lengths(gid, packed_offsets, n_packed_offsets, n_c);
        packed_lengths_8[gid] = pull_packed_lengths_r;
    }
}


// ===== hsplit_fused_3.cl =====
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

static inline long hsplit_fused_3_pull_offsets(long i, __global const long* then_instances, __global const long* packed_offsets, __global const long* packed_lengths) {
    long offsets = nessie_mul(i, 1L);
    long lengths = 1L;
    long start = offsets;
    long len = lengths;
    long s = then_instances[i];
    long start_1 = packed_offsets[s];
    long len_1 = packed_lengths[s];
    long lengths_1 = nessie_add(len, len_1);
    return lengths_1;
}

static inline long hsplit_fused_3_op_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline void hsplit_fused_3_pull_lengths(long i, __global const long* then_instances, __global const double* p1_1, __global const double* p1_1_1, __global const long* packed_offsets, __global const long* packed_lengths, long* r0, long* r1, double* r2, double* r3, long* r4) {
    long v = 1L;
    long v_1 = nessie_mul(i, 1L);
    long q = nessie_div(i, 1L);
    long p = q;
    long q_1 = then_instances[p];
    long p_1 = q;
    long q_2 = then_instances[p_1];
    double v_2 = p1_1[q_1];
    double v_3 = p1_1_1[q_2];
    long v_4 = v;
    long v_5 = v_1;
    double v_6 = v_2;
    double v_7 = v_3;
    long offsets = nessie_mul(i, 1L);
    long lengths = 1L;
    long start = offsets;
    long len = lengths;
    long s = then_instances[i];
    long start_1 = packed_offsets[s];
    long len_1 = packed_lengths[s];
    long v_8 = nessie_add(len, len_1);
    *r0 = v_4;
    *r1 = v_5;
    *r2 = v_6;
    *r3 = v_7;
    *r4 = v_8;
}

__kernel void hsplit_fused_3_offsets(__global int* offsets_status, uint offsets_status_epoch, uint offsets_status_base, long n_then_instances_1_arg, __global const long* n_then_instances_1_word, __global const long* then_instances, __global const long* packed_offsets, __global const long* packed_lengths, __global const double* p1_1_1, __global const double* p1_1_5, __global long* offsets_27, __global int* lengths_9, __global long* offsets_11, __global double* p1_1_14, __global double* p1_2, __global long* lengths_20) {
    __local long tile[768];
    __local long vals[306];
    __local long flags[35];
    const long n_then_instances_1 = n_then_instances_1_arg >= 0 ? n_then_instances_1_arg : clamp(n_then_instances_1_word[0], 0L, (-1 - n_then_instances_1_arg) & 0xFFFFFFFFL) + ((-1 - n_then_instances_1_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(offsets_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(offsets_status) - offsets_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 768;
    for (long j = 0; j < 3; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < n_then_instances_1) {
            long pull_offsets_r = hsplit_fused_3_pull_offsets(g, then_instances, packed_offsets, packed_lengths);
            long pull_lengths_r;
            long pull_lengths_r_1;
            double pull_lengths_r_2;
            double pull_lengths_r_3;
            long pull_lengths_r_4;
            hsplit_fused_3_pull_lengths(g, then_instances, p1_1_1, p1_1_5, packed_offsets, packed_lengths, &pull_lengths_r, &pull_lengths_r_1, &pull_lengths_r_2, &pull_lengths_r_3, &pull_lengths_r_4);
            tile[p] = pull_offsets_r;
            lengths_9[g] = pull_lengths_r;
            offsets_11[g] = pull_lengths_r_1;
            p1_1_14[g] = pull_lengths_r_2;
            p1_2[g] = pull_lengths_r_3;
            lengths_20[g] = pull_lengths_r_4;
        } else {
            tile[p] = 0L;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long acc = 0L;
    for (long j = 0; j < 3; j++) {
        long op_offsets_r = hsplit_fused_3_op_offsets(acc, tile[l * 3 + j]);
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
                long op_offsets_r_1 = hsplit_fused_3_op_offsets(sh, incl);
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
                long op_offsets_r_2 = hsplit_fused_3_op_offsets(offset, vals[256 + r]);
                long c_2 = op_offsets_r_2;
                offset = c_2;
            }
        }
        long op_offsets_r_3 = hsplit_fused_3_op_offsets(offset, sh_1);
        long c_3 = op_offsets_r_3;
        offset = c_3;
        if (l < 32) {
            long agg = 0L;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long op_offsets_r_4 = hsplit_fused_3_op_offsets(agg, vals[256 + r]);
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
                                long op_offsets_r_5 = hsplit_fused_3_op_offsets(sh_2, win);
                                long c_5 = op_offsets_r_5;
                                win = c_5;
                            }
                        }
                        long op_offsets_r_6 = hsplit_fused_3_op_offsets(win, prefix);
                        long c_6 = op_offsets_r_6;
                        prefix = c_6;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_1 = prefix;
                    long op_offsets_r_7 = hsplit_fused_3_op_offsets(incl_1, agg);
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
                long op_offsets_r_8 = hsplit_fused_3_op_offsets(row, vals[l * 16 + c_8]);
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
                long op_offsets_r_9 = hsplit_fused_3_op_offsets(total, x);
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
                long op_offsets_r_10 = hsplit_fused_3_op_offsets(row_1, x_1);
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
                    long op_offsets_r_11 = hsplit_fused_3_op_offsets(vals[272 + k], excl);
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
                    long op_offsets_r_12 = hsplit_fused_3_op_offsets(incl_2, vals[305]);
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
    long op_offsets_r_13 = hsplit_fused_3_op_offsets(off, vals[l]);
    long c_14 = op_offsets_r_13;
    off = c_14;
    for (long j = 0; j < 3; j++) {
        long x_2 = tile[l * 3 + j];
        tile[l * 3 + j] = off;
        long op_offsets_r_14 = hsplit_fused_3_op_offsets(off, x_2);
        long c_15 = op_offsets_r_14;
        off = c_15;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long j = 0; j < 3; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < n_then_instances_1) {
            offsets_27[g] = tile[p];
        }
    }
}


// ===== hsplit_fused_4.cl =====
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

static inline long hsplit_fused_4_pull_offsets(long i, __global const long* else_instances, __global const long* cross_lengths) {
    long q = else_instances[i];
    long cross_lengths_1 = cross_lengths[q];
    return cross_lengths_1;
}

static inline long hsplit_fused_4_op_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline long hsplit_fused_4_pull_cross_lengths(long p, __global const long* else_instances, __global const long* cross_lengths) {
    long q = else_instances[p];
    return cross_lengths[q];
}

__kernel void hsplit_fused_4_offsets(__global int* offsets_status, uint offsets_status_epoch, uint offsets_status_base, long n_else_instances_arg, __global const long* n_else_instances_word, __global const long* else_instances, __global const long* cross_lengths_1, __global long* offsets, __global long* cross_lengths_2) {
    __local long tile[768];
    __local long vals[306];
    __local long flags[35];
    const long n_else_instances = n_else_instances_arg >= 0 ? n_else_instances_arg : clamp(n_else_instances_word[0], 0L, (-1 - n_else_instances_arg) & 0xFFFFFFFFL) + ((-1 - n_else_instances_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(offsets_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(offsets_status) - offsets_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 768;
    for (long j = 0; j < 3; j++) {
        const long p_1 = j * 256 + l;
        const long g = start + p_1;
        if (g < n_else_instances) {
            long pull_offsets_r = hsplit_fused_4_pull_offsets(g, else_instances, cross_lengths_1);
            long pull_cross_lengths_r = hsplit_fused_4_pull_cross_lengths(g, else_instances, cross_lengths_1);
            tile[p_1] = pull_offsets_r;
            cross_lengths_2[g] = pull_cross_lengths_r;
        } else {
            tile[p_1] = 0L;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long acc = 0L;
    for (long j = 0; j < 3; j++) {
        long op_offsets_r = hsplit_fused_4_op_offsets(acc, tile[l * 3 + j]);
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
                long op_offsets_r_1 = hsplit_fused_4_op_offsets(sh, incl);
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
                long op_offsets_r_2 = hsplit_fused_4_op_offsets(offset, vals[256 + r]);
                long c_2 = op_offsets_r_2;
                offset = c_2;
            }
        }
        long op_offsets_r_3 = hsplit_fused_4_op_offsets(offset, sh_1);
        long c_3 = op_offsets_r_3;
        offset = c_3;
        if (l < 32) {
            long agg = 0L;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long op_offsets_r_4 = hsplit_fused_4_op_offsets(agg, vals[256 + r]);
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
                                long op_offsets_r_5 = hsplit_fused_4_op_offsets(sh_2, win);
                                long c_5 = op_offsets_r_5;
                                win = c_5;
                            }
                        }
                        long op_offsets_r_6 = hsplit_fused_4_op_offsets(win, prefix);
                        long c_6 = op_offsets_r_6;
                        prefix = c_6;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_1 = prefix;
                    long op_offsets_r_7 = hsplit_fused_4_op_offsets(incl_1, agg);
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
                long op_offsets_r_8 = hsplit_fused_4_op_offsets(row, vals[l * 16 + c_8]);
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
                long op_offsets_r_9 = hsplit_fused_4_op_offsets(total, x);
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
                long op_offsets_r_10 = hsplit_fused_4_op_offsets(row_1, x_1);
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
                    long op_offsets_r_11 = hsplit_fused_4_op_offsets(vals[272 + k], excl);
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
                    long op_offsets_r_12 = hsplit_fused_4_op_offsets(incl_2, vals[305]);
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
    long op_offsets_r_13 = hsplit_fused_4_op_offsets(off, vals[l]);
    long c_14 = op_offsets_r_13;
    off = c_14;
    for (long j = 0; j < 3; j++) {
        long x_2 = tile[l * 3 + j];
        tile[l * 3 + j] = off;
        long op_offsets_r_14 = hsplit_fused_4_op_offsets(off, x_2);
        long c_15 = op_offsets_r_14;
        off = c_15;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long j = 0; j < 3; j++) {
        const long p_1 = j * 256 + l;
        const long g = start + p_1;
        if (g < n_else_instances) {
            offsets[g] = tile[p_1];
        }
    }
}


// ===== hsplit_fused_5.cl =====
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

static inline void hsplit_fused_5_pull_extreme(long p, __global const long* cross_offsets, long cross_offsets_len, __global const long* else_instances, __global const long* cross_offsets_1, __global const double* cross_elements, double* r0, long* r1) {
    long segment = nessie_segment_of(cross_offsets, cross_offsets_len, p);
    long s = segment;
    long r = else_instances[s];
    long q = nessie_add(cross_offsets_1[r], nessie_sub(p, cross_offsets[s]));
    double cross_elements_1 = cross_elements[q];
    *r0 = cross_elements_1;
    *r1 = p;
}

static inline void hsplit_fused_5_op_extreme(double av, long ai, double bv, long bi, double* r0, long* r1) {
    double t_4;
    long t_5;
    if (ai < 0L) {
        t_4 = bv;
        t_5 = bi;
    } else {
        double t_2;
        long t_3;
        if (bi < 0L) {
            t_2 = av;
            t_3 = ai;
        } else {
            double t;
            long t_1;
            if (bv > av || (bv != bv && av == av)) {
                t = bv;
                t_1 = bi;
            } else {
                t = av;
                t_1 = ai;
            }
            t_2 = t;
            t_3 = t_1;
        }
        t_4 = t_2;
        t_5 = t_3;
    }
    *r0 = t_4;
    *r1 = t_5;
}

static inline long hsplit_fused_5_elements_extreme(__global const long* cross_lengths, long cross_lengths_len, __global const long* cross_offsets) {
    return cross_lengths_len > 0L ? nessie_add(cross_offsets[nessie_sub(cross_lengths_len, 1L)], cross_lengths[nessie_sub(cross_lengths_len, 1L)]) : 0L;
}

static inline long hsplit_fused_5_split_extreme_within(long p, long lo0, long hi0, __global const long* cross_lengths, long cross_lengths_len, __global const long* cross_offsets, long cross_offsets_len) {
    long n = cross_lengths_len > 0L ? nessie_add(cross_offsets[nessie_sub(cross_lengths_len, 1L)], cross_lengths[nessie_sub(cross_lengths_len, 1L)]) : 0L;
    long d = min(nessie_mul(p, 512L), nessie_add(cross_offsets_len, n));
    long lo = max(max(nessie_sub(d, n), 0L), lo0);
    long hi = min(min(d, cross_offsets_len), hi0);
    while (1) {
        if (lo >= hi) break;
        long mid = nessie_add(lo, nessie_div(nessie_sub(hi, lo), 2L));
        long t;
        long t_1;
        if ((nessie_add(mid, 1L) < cross_offsets_len ? cross_offsets[nessie_add(mid, 1L)] : n) < nessie_sub(d, mid)) {
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

__kernel void hsplit_fused_5_extreme_elements(__global const long* cross_lengths, long n_cross_lengths_arg, __global const long* n_cross_lengths_word, __global const long* cross_offsets_0, __global long* extreme_elements) {
    const long n_cross_lengths = n_cross_lengths_arg >= 0 ? n_cross_lengths_arg : clamp(n_cross_lengths_word[0], 0L, (-1 - n_cross_lengths_arg) & 0xFFFFFFFFL) + ((-1 - n_cross_lengths_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < 1) {
        long elements_extreme_r = hsplit_fused_5_elements_extreme(cross_lengths, n_cross_lengths, cross_offsets_0);
        extreme_elements[0] = elements_extreme_r;
    }
}

__kernel void hsplit_fused_5_extreme_chunks(__global const long* cross_offsets_0, __global const long* cross_lengths, long n_cross_offsets_arg, __global const long* n_cross_offsets_word, long long_chunks, __global const long* else_instances, __global const long* cross_offsets_2, __global const double* cross_elements_3, __global double* extreme_partials_0, __global long* extreme_partials_1) {
    __local double team_values[256];
    __local long team_values_1[256];
    const long n_cross_offsets = n_cross_offsets_arg >= 0 ? n_cross_offsets_arg : clamp(n_cross_offsets_word[0], 0L, (-1 - n_cross_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_cross_offsets_arg) >> 32);
    const long l = get_local_id(0);
    const long segs = n_cross_offsets;
    const long n_1 = segs > 0 ? cross_offsets_0[segs - 1] + cross_lengths[segs - 1] : 0;
    for (long c = get_group_id(0); c < long_chunks; c += get_num_groups(0)) {
        const long hi_1 = (c + 1) * 8192;
        long a = 0, b = hi_1 <= n_1 ? segs : 0;
        while (a < b) {
            const long mid_1 = a + (b - a) / 2;
            if (cross_offsets_0[mid_1] < hi_1) a = mid_1 + 1; else b = mid_1;
        }
        const long start = a > 0 ? cross_offsets_0[a - 1] : 0;
        const long end = a < segs ? cross_offsets_0[a] : n_1;
        if (a > 0 && hi_1 <= n_1 && end - start >= 16384) {
            const long lo_1 = max(c * 8192, start);
            const long len = hi_1 - lo_1;
            double acc = 0.0;
            long acc_1 = -1L;
            const long chunk = (len + 256 - 1) / 256;
            const long lo_2 = min(l * chunk, (long)(len));
            const long hi_2 = min(lo_2 + chunk, (long)(len));
            long k = lo_2;
            for (; k + 3 * 1 < hi_2; k += 4 * 1) {
                double pull_extreme_r;
                long pull_extreme_r_1;
                hsplit_fused_5_pull_extreme(lo_1 + k + 0 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r, &pull_extreme_r_1);
                double pull_extreme_r_2;
                long pull_extreme_r_3;
                hsplit_fused_5_pull_extreme(lo_1 + k + 1 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_2, &pull_extreme_r_3);
                double pull_extreme_r_4;
                long pull_extreme_r_5;
                hsplit_fused_5_pull_extreme(lo_1 + k + 2 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_4, &pull_extreme_r_5);
                double pull_extreme_r_6;
                long pull_extreme_r_7;
                hsplit_fused_5_pull_extreme(lo_1 + k + 3 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_6, &pull_extreme_r_7);
                double op_extreme_r;
                long op_extreme_r_1;
                hsplit_fused_5_op_extreme(acc, acc_1, pull_extreme_r, pull_extreme_r_1, &op_extreme_r, &op_extreme_r_1);
                acc = op_extreme_r;
                acc_1 = op_extreme_r_1;
                double op_extreme_r_2;
                long op_extreme_r_3;
                hsplit_fused_5_op_extreme(acc, acc_1, pull_extreme_r_2, pull_extreme_r_3, &op_extreme_r_2, &op_extreme_r_3);
                acc = op_extreme_r_2;
                acc_1 = op_extreme_r_3;
                double op_extreme_r_4;
                long op_extreme_r_5;
                hsplit_fused_5_op_extreme(acc, acc_1, pull_extreme_r_4, pull_extreme_r_5, &op_extreme_r_4, &op_extreme_r_5);
                acc = op_extreme_r_4;
                acc_1 = op_extreme_r_5;
                double op_extreme_r_6;
                long op_extreme_r_7;
                hsplit_fused_5_op_extreme(acc, acc_1, pull_extreme_r_6, pull_extreme_r_7, &op_extreme_r_6, &op_extreme_r_7);
                acc = op_extreme_r_6;
                acc_1 = op_extreme_r_7;
            }
            for (; k < hi_2; k += 1) {
                double pull_extreme_r_8;
                long pull_extreme_r_9;
                hsplit_fused_5_pull_extreme(lo_1 + k, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_8, &pull_extreme_r_9);
                double op_extreme_r_8;
                long op_extreme_r_9;
                hsplit_fused_5_op_extreme(acc, acc_1, pull_extreme_r_8, pull_extreme_r_9, &op_extreme_r_8, &op_extreme_r_9);
                acc = op_extreme_r_8;
                acc_1 = op_extreme_r_9;
            }
            team_values[l] = acc;
            team_values_1[l] = acc_1;
            barrier(CLK_LOCAL_MEM_FENCE);
            for (long h = 1; h < 256; h *= 2) {
                if ((l & (2 * h - 1)) == 0) {
                    double op_extreme_r_10;
                    long op_extreme_r_11;
                    hsplit_fused_5_op_extreme(team_values[l], team_values_1[l], team_values[l + h], team_values_1[l + h], &op_extreme_r_10, &op_extreme_r_11);
                    team_values[l] = op_extreme_r_10;
                    team_values_1[l] = op_extreme_r_11;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            double acc_2 = 0.0;
            long acc_3 = -1L;
            acc_2 = team_values[0];
            acc_3 = team_values_1[0];
            barrier(CLK_LOCAL_MEM_FENCE);
            if (l == 0) {
                extreme_partials_0[c] = acc_2;
                extreme_partials_1[c] = acc_3;
            }
        } else if (l == 0) {
            extreme_partials_0[c] = 0.0;
            extreme_partials_1[c] = -1L;
        }
    }
}

__kernel void hsplit_fused_5_extreme(__global const long* cross_offsets_0, __global const long* cross_lengths, __global int* extreme_gave_up, long lanes, long short_segments, long lanes_1, long n_cross_offsets_arg, __global const long* n_cross_offsets_word, __global int* extreme_team_tickets, uint extreme_team_tickets_epoch, uint extreme_team_tickets_base, __global const long* else_instances, __global const long* cross_offsets_2, __global const double* cross_elements_3, __global long* extreme_splits, long merge_tiles, long n_cross_lengths_arg, __global const long* n_cross_lengths_word, __global double* extreme, __global long* position) {
    __local double team_values[512];
    __local long team_values_1[512];
    __local int stopped[3];
    __local long tickets[3];
    __local long chunk_at[2];
    __local long sampled[256];
    const long n_cross_offsets = n_cross_offsets_arg >= 0 ? n_cross_offsets_arg : clamp(n_cross_offsets_word[0], 0L, (-1 - n_cross_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_cross_offsets_arg) >> 32);
    const long n_cross_lengths = n_cross_lengths_arg >= 0 ? n_cross_lengths_arg : clamp(n_cross_lengths_word[0], 0L, (-1 - n_cross_lengths_arg) & 0xFFFFFFFFL) + ((-1 - n_cross_lengths_arg) >> 32);
    const long l = get_local_id(0);
    const long lane = l & (lanes - 1);
    const long team = l / lanes;
    const long teams = 256 / lanes;
    if (l == 0) tickets[2] = (n_cross_offsets + teams - 1) / teams;
    const long n_1 = n_cross_offsets > 0 ? cross_offsets_0[n_cross_offsets - 1] + cross_lengths[n_cross_offsets - 1] : 0;
    if (l == 0) {
        stopped[0] = ((volatile __global int *)extreme_gave_up)[0];
        stopped[1] = 0;
        stopped[2] = 0;
    }
    if (l == 0) {
        const uint raw = (uint)atomic_inc(extreme_team_tickets) - extreme_team_tickets_base;
        if ((long)raw == tickets[2] + (long)get_num_groups(0) - 1) atomic_sub(extreme_team_tickets, (int)tickets[2]);
        tickets[0] = (long)raw < tickets[2] ? (long)raw : -1;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long ticket = tickets[0];
    uint step = 0;
    for (; ticket >= 0; step++) {
        const long first = ticket * teams;
        if (stopped[step % 3] != 0) break;
        const int next = l == 0 ? ((volatile __global int *)extreme_gave_up)[0] : 0;
        if (l == 0) stopped[(step + 2) % 3] = 0;
        const uint raw_1 = l == 0 ? (uint)atomic_inc(extreme_team_tickets) - extreme_team_tickets_base : 0;
        const long s = first + team;
        int is_long = 0;
        double acc = 0.0;
        long acc_1 = -1L;
        if (s < n_cross_offsets) {
            const long offset = cross_offsets_0[s];
            const long length = (s + 1 < n_cross_offsets ? cross_offsets_0[s + 1] : n_1) - offset;
            if (length > 16 * lanes - 16 * lanes * short_segments + 20 * lanes_1 * short_segments) {
                is_long = 1;
                if (lane == 0) {
                    atomic_max(&extreme_gave_up[0], 1);
                    stopped[(step + 1) % 3] = 1;
                }
            } else {
                {
                    const long chunk = (length + lanes - 1) / lanes;
                    const long lo_1 = min(lane * chunk, (long)(length));
                    const long hi_1 = min(lo_1 + chunk, (long)(length));
                    long k = lo_1;
                    for (; k + 3 * 1 < hi_1; k += 4 * 1) {
                        double pull_extreme_r;
                        long pull_extreme_r_1;
                        hsplit_fused_5_pull_extreme(offset + k + 0 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r, &pull_extreme_r_1);
                        double pull_extreme_r_2;
                        long pull_extreme_r_3;
                        hsplit_fused_5_pull_extreme(offset + k + 1 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_2, &pull_extreme_r_3);
                        double pull_extreme_r_4;
                        long pull_extreme_r_5;
                        hsplit_fused_5_pull_extreme(offset + k + 2 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_4, &pull_extreme_r_5);
                        double pull_extreme_r_6;
                        long pull_extreme_r_7;
                        hsplit_fused_5_pull_extreme(offset + k + 3 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_6, &pull_extreme_r_7);
                        double op_extreme_r;
                        long op_extreme_r_1;
                        hsplit_fused_5_op_extreme(acc, acc_1, pull_extreme_r, pull_extreme_r_1, &op_extreme_r, &op_extreme_r_1);
                        acc = op_extreme_r;
                        acc_1 = op_extreme_r_1;
                        double op_extreme_r_2;
                        long op_extreme_r_3;
                        hsplit_fused_5_op_extreme(acc, acc_1, pull_extreme_r_2, pull_extreme_r_3, &op_extreme_r_2, &op_extreme_r_3);
                        acc = op_extreme_r_2;
                        acc_1 = op_extreme_r_3;
                        double op_extreme_r_4;
                        long op_extreme_r_5;
                        hsplit_fused_5_op_extreme(acc, acc_1, pull_extreme_r_4, pull_extreme_r_5, &op_extreme_r_4, &op_extreme_r_5);
                        acc = op_extreme_r_4;
                        acc_1 = op_extreme_r_5;
                        double op_extreme_r_6;
                        long op_extreme_r_7;
                        hsplit_fused_5_op_extreme(acc, acc_1, pull_extreme_r_6, pull_extreme_r_7, &op_extreme_r_6, &op_extreme_r_7);
                        acc = op_extreme_r_6;
                        acc_1 = op_extreme_r_7;
                    }
                    for (; k < hi_1; k += 1) {
                        double pull_extreme_r_8;
                        long pull_extreme_r_9;
                        hsplit_fused_5_pull_extreme(offset + k, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_8, &pull_extreme_r_9);
                        double op_extreme_r_8;
                        long op_extreme_r_9;
                        hsplit_fused_5_op_extreme(acc, acc_1, pull_extreme_r_8, pull_extreme_r_9, &op_extreme_r_8, &op_extreme_r_9);
                        acc = op_extreme_r_8;
                        acc_1 = op_extreme_r_9;
                    }
                }
            }
        }
        const long at = (step & 1) * 256 + l;
        team_values[at] = acc;
        team_values_1[at] = acc_1;
        if (l == 0 && next != 0) stopped[(step + 1) % 3] = 1;
        if (l == 0) {
            if ((long)raw_1 == tickets[2] + (long)get_num_groups(0) - 1) atomic_sub(extreme_team_tickets, (int)tickets[2]);
            tickets[(step + 1) & 1] = (long)raw_1 < tickets[2] ? (long)raw_1 : -1;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        ticket = tickets[(step + 1) & 1];
        if (lanes > 8) {
            for (long h = 1; h < lanes; h *= 2) {
                if ((lane & (2 * h - 1)) == 0) {
                    double op_extreme_r_10;
                    long op_extreme_r_11;
                    hsplit_fused_5_op_extreme(team_values[at], team_values_1[at], team_values[at + h], team_values_1[at + h], &op_extreme_r_10, &op_extreme_r_11);
                    team_values[at] = op_extreme_r_10;
                    team_values_1[at] = op_extreme_r_11;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            acc = team_values[at];
            acc_1 = team_values_1[at];
        } else if (lanes > 1 && lane == 0) {
            for (long h_1 = 1; h_1 < lanes; h_1 *= 2) {
                for (long j = 0; j < lanes; j += 2 * h_1) {
                    double op_extreme_r_12;
                    long op_extreme_r_13;
                    hsplit_fused_5_op_extreme(team_values[at + j], team_values_1[at + j], team_values[at + j + h_1], team_values_1[at + j + h_1], &op_extreme_r_12, &op_extreme_r_13);
                    team_values[at + j] = op_extreme_r_12;
                    team_values_1[at + j] = op_extreme_r_13;
                }
            }
            acc = team_values[at];
            acc_1 = team_values_1[at];
        }
        if (lane == 0 && s < n_cross_offsets && !is_long) {
            extreme[s] = acc;
            position[s] = acc_1;
        }
    }
    if (stopped[step % 3] != 0) {
        for (int i = 0;; i++) {
            if (l == 0) chunk_at[i & 1] = (long)(atomic_add(&extreme_gave_up[0], 2) >> 1);
            barrier(CLK_LOCAL_MEM_FENCE);
            const long chunk_1 = chunk_at[i & 1];
            if (i == 0) {
                if (l == 224 && ticket >= 0) {
                    volatile __global uint* w_at = (volatile __global uint*)extreme_team_tickets;
                    uint w = w_at[0];
                    while ((long)(w - extreme_team_tickets_base) < tickets[2]) {
                        const uint old = atomic_cmpxchg(w_at, w, extreme_team_tickets_base + (uint)tickets[2]);
                        if (old == w) break;
                        w = old;
                    }
                    const uint raw_2 = (uint)atomic_inc(extreme_team_tickets) - extreme_team_tickets_base;
                    if ((long)raw_2 == tickets[2] + (long)get_num_groups(0) - 1) atomic_sub(extreme_team_tickets, (int)tickets[2]);
                    tickets[0] = (long)raw_2 < tickets[2] ? (long)raw_2 : -1;
                }
            }
            if (chunk_1 * 224 > merge_tiles) break;
            const long t = chunk_1 * 224 + l;
            const long d_1 = min(t * 512, (long)((n_cross_offsets) + n_1));
            const long q = ((l) + 1) * (n_cross_offsets) / 256 - 1;
            sampled[l] = (q + 1 < (n_cross_offsets) ? cross_offsets_0[q + 1] : n_1) + q;
            barrier(CLK_LOCAL_MEM_FENCE);
            int x = 0, y = 256;
            while (x < y) {
                const int mid_1 = x + (y - x) / 2;
                if (sampled[mid_1] < d_1) x = mid_1 + 1; else y = mid_1;
            }
            const long lo_2 = x > 0 ? ((x - 1) + 1) * (n_cross_offsets) / 256 - 1 + 1 : 0;
            const long hi_2 = x < 256 ? ((x) + 1) * (n_cross_offsets) / 256 - 1 : (n_cross_offsets);
            if (l < 224 && t <= merge_tiles) {
                long split_extreme_within_r = hsplit_fused_5_split_extreme_within(t, lo_2, hi_2, cross_lengths, n_cross_lengths, cross_offsets_0, n_cross_offsets);
                extreme_splits[t] = split_extreme_within_r;
            }
        }
    }
}

__kernel void hsplit_fused_5_extreme_1(__global const long* cross_offsets_0, __global const long* cross_lengths, __global int* extreme_gave_up, long lanes, long short_segments, long lanes_1, long n_cross_offsets_arg, __global const long* n_cross_offsets_word, __global int* extreme_team_tickets, uint extreme_team_tickets_epoch, uint extreme_team_tickets_base, __global const long* else_instances, __global const long* cross_offsets_2, __global const double* cross_elements_3, __global long* extreme_splits, long merge_tiles, long n_cross_lengths_arg, __global const long* n_cross_lengths_word, __global double* extreme, __global long* position) {
    __local double team_values[512];
    __local long team_values_1[512];
    __local int stopped[3];
    __local long tickets[3];
    __local long chunk_at[2];
    __local long sampled[256];
    const long n_cross_offsets = n_cross_offsets_arg >= 0 ? n_cross_offsets_arg : clamp(n_cross_offsets_word[0], 0L, (-1 - n_cross_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_cross_offsets_arg) >> 32);
    const long n_cross_lengths = n_cross_lengths_arg >= 0 ? n_cross_lengths_arg : clamp(n_cross_lengths_word[0], 0L, (-1 - n_cross_lengths_arg) & 0xFFFFFFFFL) + ((-1 - n_cross_lengths_arg) >> 32);
    const long l = get_local_id(0);
    const long lane = l & (lanes_1 - 1);
    const long team = l / lanes_1;
    const long teams = 256 / lanes_1;
    if (l == 0) tickets[2] = (n_cross_offsets + teams - 1) / teams;
    const long n_1 = n_cross_offsets > 0 ? cross_offsets_0[n_cross_offsets - 1] + cross_lengths[n_cross_offsets - 1] : 0;
    if (l == 0) {
        stopped[0] = ((volatile __global int *)extreme_gave_up)[0];
        stopped[1] = 0;
        stopped[2] = 0;
    }
    if (l == 0) {
        const uint raw = (uint)atomic_inc(extreme_team_tickets) - extreme_team_tickets_base;
        if ((long)raw == tickets[2] + (long)get_num_groups(0) - 1) atomic_sub(extreme_team_tickets, (int)tickets[2]);
        tickets[0] = (long)raw < tickets[2] ? (long)raw : -1;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long ticket = tickets[0];
    uint step = 0;
    for (; ticket >= 0; step++) {
        const long first = ticket * teams;
        if (stopped[step % 3] != 0) break;
        const int next = l == 0 ? ((volatile __global int *)extreme_gave_up)[0] : 0;
        if (l == 0) stopped[(step + 2) % 3] = 0;
        const uint raw_1 = l == 0 ? (uint)atomic_inc(extreme_team_tickets) - extreme_team_tickets_base : 0;
        const long s = first + team;
        int is_long = 0;
        double acc = 0.0;
        long acc_1 = -1L;
        if (s < n_cross_offsets) {
            const long offset = cross_offsets_0[s];
            const long length = (s + 1 < n_cross_offsets ? cross_offsets_0[s + 1] : n_1) - offset;
            if (length > 16 * lanes - 16 * lanes * short_segments + 20 * lanes_1 * short_segments) {
                is_long = 1;
                if (lane == 0) {
                    atomic_max(&extreme_gave_up[0], 1);
                    stopped[(step + 1) % 3] = 1;
                }
            } else {
                {
                    const long chunk = (length + lanes_1 - 1) / lanes_1;
                    const long lo_1 = min(lane * chunk, (long)(length));
                    const long hi_1 = min(lo_1 + chunk, (long)(length));
                    long k = lo_1;
                    for (; k + 4 * 1 < hi_1; k += 5 * 1) {
                        double pull_extreme_r;
                        long pull_extreme_r_1;
                        hsplit_fused_5_pull_extreme(offset + k + 0 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r, &pull_extreme_r_1);
                        double pull_extreme_r_2;
                        long pull_extreme_r_3;
                        hsplit_fused_5_pull_extreme(offset + k + 1 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_2, &pull_extreme_r_3);
                        double pull_extreme_r_4;
                        long pull_extreme_r_5;
                        hsplit_fused_5_pull_extreme(offset + k + 2 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_4, &pull_extreme_r_5);
                        double pull_extreme_r_6;
                        long pull_extreme_r_7;
                        hsplit_fused_5_pull_extreme(offset + k + 3 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_6, &pull_extreme_r_7);
                        double pull_extreme_r_8;
                        long pull_extreme_r_9;
                        hsplit_fused_5_pull_extreme(offset + k + 4 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_8, &pull_extreme_r_9);
                        double op_extreme_r;
                        long op_extreme_r_1;
                        hsplit_fused_5_op_extreme(acc, acc_1, pull_extreme_r, pull_extreme_r_1, &op_extreme_r, &op_extreme_r_1);
                        acc = op_extreme_r;
                        acc_1 = op_extreme_r_1;
                        double op_extreme_r_2;
                        long op_extreme_r_3;
                        hsplit_fused_5_op_extreme(acc, acc_1, pull_extreme_r_2, pull_extreme_r_3, &op_extreme_r_2, &op_extreme_r_3);
                        acc = op_extreme_r_2;
                        acc_1 = op_extreme_r_3;
                        double op_extreme_r_4;
                        long op_extreme_r_5;
                        hsplit_fused_5_op_extreme(acc, acc_1, pull_extreme_r_4, pull_extreme_r_5, &op_extreme_r_4, &op_extreme_r_5);
                        acc = op_extreme_r_4;
                        acc_1 = op_extreme_r_5;
                        double op_extreme_r_6;
                        long op_extreme_r_7;
                        hsplit_fused_5_op_extreme(acc, acc_1, pull_extreme_r_6, pull_extreme_r_7, &op_extreme_r_6, &op_extreme_r_7);
                        acc = op_extreme_r_6;
                        acc_1 = op_extreme_r_7;
                        double op_extreme_r_8;
                        long op_extreme_r_9;
                        hsplit_fused_5_op_extreme(acc, acc_1, pull_extreme_r_8, pull_extreme_r_9, &op_extreme_r_8, &op_extreme_r_9);
                        acc = op_extreme_r_8;
                        acc_1 = op_extreme_r_9;
                    }
                    for (; k < hi_1; k += 1) {
                        double pull_extreme_r_10;
                        long pull_extreme_r_11;
                        hsplit_fused_5_pull_extreme(offset + k, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_10, &pull_extreme_r_11);
                        double op_extreme_r_10;
                        long op_extreme_r_11;
                        hsplit_fused_5_op_extreme(acc, acc_1, pull_extreme_r_10, pull_extreme_r_11, &op_extreme_r_10, &op_extreme_r_11);
                        acc = op_extreme_r_10;
                        acc_1 = op_extreme_r_11;
                    }
                }
            }
        }
        const long at = (step & 1) * 256 + l;
        team_values[at] = acc;
        team_values_1[at] = acc_1;
        if (l == 0 && next != 0) stopped[(step + 1) % 3] = 1;
        if (l == 0) {
            if ((long)raw_1 == tickets[2] + (long)get_num_groups(0) - 1) atomic_sub(extreme_team_tickets, (int)tickets[2]);
            tickets[(step + 1) & 1] = (long)raw_1 < tickets[2] ? (long)raw_1 : -1;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        ticket = tickets[(step + 1) & 1];
        if (lanes_1 > 8) {
            for (long h = 1; h < lanes_1; h *= 2) {
                if ((lane & (2 * h - 1)) == 0) {
                    double op_extreme_r_12;
                    long op_extreme_r_13;
                    hsplit_fused_5_op_extreme(team_values[at], team_values_1[at], team_values[at + h], team_values_1[at + h], &op_extreme_r_12, &op_extreme_r_13);
                    team_values[at] = op_extreme_r_12;
                    team_values_1[at] = op_extreme_r_13;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            acc = team_values[at];
            acc_1 = team_values_1[at];
        } else if (lanes_1 > 1 && lane == 0) {
            for (long h_1 = 1; h_1 < lanes_1; h_1 *= 2) {
                for (long j = 0; j < lanes_1; j += 2 * h_1) {
                    double op_extreme_r_14;
                    long op_extreme_r_15;
                    hsplit_fused_5_op_extreme(team_values[at + j], team_values_1[at + j], team_values[at + j + h_1], team_values_1[at + j + h_1], &op_extreme_r_14, &op_extreme_r_15);
                    team_values[at + j] = op_extreme_r_14;
                    team_values_1[at + j] = op_extreme_r_15;
                }
            }
            acc = team_values[at];
            acc_1 = team_values_1[at];
        }
        if (lane == 0 && s < n_cross_offsets && !is_long) {
            extreme[s] = acc;
            position[s] = acc_1;
        }
    }
    if (stopped[step % 3] != 0) {
        for (int i = 0;; i++) {
            if (l == 0) chunk_at[i & 1] = (long)(atomic_add(&extreme_gave_up[0], 2) >> 1);
            barrier(CLK_LOCAL_MEM_FENCE);
            const long chunk_1 = chunk_at[i & 1];
            if (i == 0) {
                if (l == 224 && ticket >= 0) {
                    volatile __global uint* w_at = (volatile __global uint*)extreme_team_tickets;
                    uint w = w_at[0];
                    while ((long)(w - extreme_team_tickets_base) < tickets[2]) {
                        const uint old = atomic_cmpxchg(w_at, w, extreme_team_tickets_base + (uint)tickets[2]);
                        if (old == w) break;
                        w = old;
                    }
                    const uint raw_2 = (uint)atomic_inc(extreme_team_tickets) - extreme_team_tickets_base;
                    if ((long)raw_2 == tickets[2] + (long)get_num_groups(0) - 1) atomic_sub(extreme_team_tickets, (int)tickets[2]);
                    tickets[0] = (long)raw_2 < tickets[2] ? (long)raw_2 : -1;
                }
            }
            if (chunk_1 * 224 > merge_tiles) break;
            const long t = chunk_1 * 224 + l;
            const long d_1 = min(t * 512, (long)((n_cross_offsets) + n_1));
            const long q = ((l) + 1) * (n_cross_offsets) / 256 - 1;
            sampled[l] = (q + 1 < (n_cross_offsets) ? cross_offsets_0[q + 1] : n_1) + q;
            barrier(CLK_LOCAL_MEM_FENCE);
            int x = 0, y = 256;
            while (x < y) {
                const int mid_1 = x + (y - x) / 2;
                if (sampled[mid_1] < d_1) x = mid_1 + 1; else y = mid_1;
            }
            const long lo_2 = x > 0 ? ((x - 1) + 1) * (n_cross_offsets) / 256 - 1 + 1 : 0;
            const long hi_2 = x < 256 ? ((x) + 1) * (n_cross_offsets) / 256 - 1 : (n_cross_offsets);
            if (l < 224 && t <= merge_tiles) {
                long split_extreme_within_r = hsplit_fused_5_split_extreme_within(t, lo_2, hi_2, cross_lengths, n_cross_lengths, cross_offsets_0, n_cross_offsets);
                extreme_splits[t] = split_extreme_within_r;
            }
        }
    }
}

__kernel void hsplit_fused_5_extreme_2(__global const long* cross_offsets_0, __global const long* cross_lengths, long lanes, long n_cross_offsets_arg, __global const long* n_cross_offsets_word, __global const long* else_instances, __global const long* cross_offsets_2, __global const double* cross_elements_3, __global const double* extreme_partials_0, __global const long* extreme_partials_1, __global double* extreme, __global long* position) {
    __local double team_values[512];
    __local long team_values_1[512];
    __local int long_teams[259];
    const long n_cross_offsets = n_cross_offsets_arg >= 0 ? n_cross_offsets_arg : clamp(n_cross_offsets_word[0], 0L, (-1 - n_cross_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_cross_offsets_arg) >> 32);
    const long l = get_local_id(0);
    const long lane = l & (lanes - 1);
    const long team = l / lanes;
    const long teams = 256 / lanes;
    const long n_1 = n_cross_offsets > 0 ? cross_offsets_0[n_cross_offsets - 1] + cross_lengths[n_cross_offsets - 1] : 0;
    if (l < 3) long_teams[256 + l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    long step = 0;
    for (long first = get_group_id(0) * teams; first < n_cross_offsets; first += get_num_groups(0) * teams, step++) {
        const long s = first + team;
        const long counter = 256 + step % 3;
        int is_long = 0;
        double acc = 0.0;
        long acc_1 = -1L;
        if (s < n_cross_offsets) {
            const long offset = cross_offsets_0[s];
            const long length = (s + 1 < n_cross_offsets ? cross_offsets_0[s + 1] : n_1) - offset;
            is_long = (lanes < 256 && length > 32 * lanes) || length >= 16384;
            if (is_long) {
                if (lane == 0) long_teams[atomic_inc(&long_teams[counter])] = (int)team;
            } else {
                const long chunk = (length + lanes - 1) / lanes;
                const long lo_1 = min(lane * chunk, (long)(length));
                const long hi_1 = min(lo_1 + chunk, (long)(length));
                long k = lo_1;
                for (; k + 3 * 1 < hi_1; k += 4 * 1) {
                    double pull_extreme_r;
                    long pull_extreme_r_1;
                    hsplit_fused_5_pull_extreme(offset + k + 0 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r, &pull_extreme_r_1);
                    double pull_extreme_r_2;
                    long pull_extreme_r_3;
                    hsplit_fused_5_pull_extreme(offset + k + 1 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_2, &pull_extreme_r_3);
                    double pull_extreme_r_4;
                    long pull_extreme_r_5;
                    hsplit_fused_5_pull_extreme(offset + k + 2 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_4, &pull_extreme_r_5);
                    double pull_extreme_r_6;
                    long pull_extreme_r_7;
                    hsplit_fused_5_pull_extreme(offset + k + 3 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_6, &pull_extreme_r_7);
                    double op_extreme_r;
                    long op_extreme_r_1;
                    hsplit_fused_5_op_extreme(acc, acc_1, pull_extreme_r, pull_extreme_r_1, &op_extreme_r, &op_extreme_r_1);
                    acc = op_extreme_r;
                    acc_1 = op_extreme_r_1;
                    double op_extreme_r_2;
                    long op_extreme_r_3;
                    hsplit_fused_5_op_extreme(acc, acc_1, pull_extreme_r_2, pull_extreme_r_3, &op_extreme_r_2, &op_extreme_r_3);
                    acc = op_extreme_r_2;
                    acc_1 = op_extreme_r_3;
                    double op_extreme_r_4;
                    long op_extreme_r_5;
                    hsplit_fused_5_op_extreme(acc, acc_1, pull_extreme_r_4, pull_extreme_r_5, &op_extreme_r_4, &op_extreme_r_5);
                    acc = op_extreme_r_4;
                    acc_1 = op_extreme_r_5;
                    double op_extreme_r_6;
                    long op_extreme_r_7;
                    hsplit_fused_5_op_extreme(acc, acc_1, pull_extreme_r_6, pull_extreme_r_7, &op_extreme_r_6, &op_extreme_r_7);
                    acc = op_extreme_r_6;
                    acc_1 = op_extreme_r_7;
                }
                for (; k < hi_1; k += 1) {
                    double pull_extreme_r_8;
                    long pull_extreme_r_9;
                    hsplit_fused_5_pull_extreme(offset + k, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_8, &pull_extreme_r_9);
                    double op_extreme_r_8;
                    long op_extreme_r_9;
                    hsplit_fused_5_op_extreme(acc, acc_1, pull_extreme_r_8, pull_extreme_r_9, &op_extreme_r_8, &op_extreme_r_9);
                    acc = op_extreme_r_8;
                    acc_1 = op_extreme_r_9;
                }
            }
        }
        const long at = (step & 1) * 256 + l;
        team_values[at] = acc;
        team_values_1[at] = acc_1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) long_teams[256 + (step + 2) % 3] = 0;
        if (lanes > 8) {
            for (long h = 1; h < lanes; h *= 2) {
                if ((lane & (2 * h - 1)) == 0) {
                    double op_extreme_r_10;
                    long op_extreme_r_11;
                    hsplit_fused_5_op_extreme(team_values[at], team_values_1[at], team_values[at + h], team_values_1[at + h], &op_extreme_r_10, &op_extreme_r_11);
                    team_values[at] = op_extreme_r_10;
                    team_values_1[at] = op_extreme_r_11;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            acc = team_values[at];
            acc_1 = team_values_1[at];
        } else if (lanes > 1 && lane == 0) {
            for (long h_1 = 1; h_1 < lanes; h_1 *= 2) {
                for (long j = 0; j < lanes; j += 2 * h_1) {
                    double op_extreme_r_12;
                    long op_extreme_r_13;
                    hsplit_fused_5_op_extreme(team_values[at + j], team_values_1[at + j], team_values[at + j + h_1], team_values_1[at + j + h_1], &op_extreme_r_12, &op_extreme_r_13);
                    team_values[at + j] = op_extreme_r_12;
                    team_values_1[at + j] = op_extreme_r_13;
                }
            }
            acc = team_values[at];
            acc_1 = team_values_1[at];
        }
        if (lane == 0 && s < n_cross_offsets && !is_long) {
            extreme[s] = acc;
            position[s] = acc_1;
        }
        const int n_long = long_teams[counter];
        if (n_long > 0) barrier(CLK_LOCAL_MEM_FENCE);
        for (int i = 0; i < n_long; i++) {
            const long s_1 = first + long_teams[i];
            const long offset_1 = cross_offsets_0[s_1];
            const long length_1 = (s_1 + 1 < n_cross_offsets ? cross_offsets_0[s_1 + 1] : n_1) - offset_1;
            const int is_long_1 = length_1 >= 16384;
            long from = 0, count = 0, at_1 = offset_1, len = length_1;
            if (is_long_1) {
                from = offset_1 / 8192;
                count = (offset_1 + length_1) / 8192 - from;
                at_1 = (from + count) * 8192;
                len = offset_1 + length_1 - at_1;
            }
            double acc_2 = 0.0;
            long acc_3 = -1L;
            if (is_long_1) {
                double acc_4 = 0.0;
                long acc_5 = -1L;
                const long chunk_1 = (count + 256 - 1) / 256;
                const long lo_2 = min(l * chunk_1, (long)(count));
                const long hi_2 = min(lo_2 + chunk_1, (long)(count));
                for (long k_1 = lo_2; k_1 < hi_2; k_1 += 1) {
                    double op_extreme_r_14;
                    long op_extreme_r_15;
                    hsplit_fused_5_op_extreme(acc_4, acc_5, extreme_partials_0[from + k_1], extreme_partials_1[from + k_1], &op_extreme_r_14, &op_extreme_r_15);
                    acc_4 = op_extreme_r_14;
                    acc_5 = op_extreme_r_15;
                }
                team_values[l] = acc_4;
                team_values_1[l] = acc_5;
                barrier(CLK_LOCAL_MEM_FENCE);
                for (long h_2 = 1; h_2 < 256; h_2 *= 2) {
                    if ((l & (2 * h_2 - 1)) == 0) {
                        double op_extreme_r_16;
                        long op_extreme_r_17;
                        hsplit_fused_5_op_extreme(team_values[l], team_values_1[l], team_values[l + h_2], team_values_1[l + h_2], &op_extreme_r_16, &op_extreme_r_17);
                        team_values[l] = op_extreme_r_16;
                        team_values_1[l] = op_extreme_r_17;
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                double acc_6 = 0.0;
                long acc_7 = -1L;
                acc_6 = team_values[0];
                acc_7 = team_values_1[0];
                barrier(CLK_LOCAL_MEM_FENCE);
                acc_2 = acc_6;
                acc_3 = acc_7;
            }
            double acc_8 = 0.0;
            long acc_9 = -1L;
            const long chunk_2 = (len + 256 - 1) / 256;
            const long lo_3 = min(l * chunk_2, (long)(len));
            const long hi_3 = min(lo_3 + chunk_2, (long)(len));
            long k_2 = lo_3;
            for (; k_2 + 3 * 1 < hi_3; k_2 += 4 * 1) {
                double pull_extreme_r_10;
                long pull_extreme_r_11;
                hsplit_fused_5_pull_extreme(at_1 + k_2 + 0 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_10, &pull_extreme_r_11);
                double pull_extreme_r_12;
                long pull_extreme_r_13;
                hsplit_fused_5_pull_extreme(at_1 + k_2 + 1 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_12, &pull_extreme_r_13);
                double pull_extreme_r_14;
                long pull_extreme_r_15;
                hsplit_fused_5_pull_extreme(at_1 + k_2 + 2 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_14, &pull_extreme_r_15);
                double pull_extreme_r_16;
                long pull_extreme_r_17;
                hsplit_fused_5_pull_extreme(at_1 + k_2 + 3 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_16, &pull_extreme_r_17);
                double op_extreme_r_18;
                long op_extreme_r_19;
                hsplit_fused_5_op_extreme(acc_8, acc_9, pull_extreme_r_10, pull_extreme_r_11, &op_extreme_r_18, &op_extreme_r_19);
                acc_8 = op_extreme_r_18;
                acc_9 = op_extreme_r_19;
                double op_extreme_r_20;
                long op_extreme_r_21;
                hsplit_fused_5_op_extreme(acc_8, acc_9, pull_extreme_r_12, pull_extreme_r_13, &op_extreme_r_20, &op_extreme_r_21);
                acc_8 = op_extreme_r_20;
                acc_9 = op_extreme_r_21;
                double op_extreme_r_22;
                long op_extreme_r_23;
                hsplit_fused_5_op_extreme(acc_8, acc_9, pull_extreme_r_14, pull_extreme_r_15, &op_extreme_r_22, &op_extreme_r_23);
                acc_8 = op_extreme_r_22;
                acc_9 = op_extreme_r_23;
                double op_extreme_r_24;
                long op_extreme_r_25;
                hsplit_fused_5_op_extreme(acc_8, acc_9, pull_extreme_r_16, pull_extreme_r_17, &op_extreme_r_24, &op_extreme_r_25);
                acc_8 = op_extreme_r_24;
                acc_9 = op_extreme_r_25;
            }
            for (; k_2 < hi_3; k_2 += 1) {
                double pull_extreme_r_18;
                long pull_extreme_r_19;
                hsplit_fused_5_pull_extreme(at_1 + k_2, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_18, &pull_extreme_r_19);
                double op_extreme_r_26;
                long op_extreme_r_27;
                hsplit_fused_5_op_extreme(acc_8, acc_9, pull_extreme_r_18, pull_extreme_r_19, &op_extreme_r_26, &op_extreme_r_27);
                acc_8 = op_extreme_r_26;
                acc_9 = op_extreme_r_27;
            }
            team_values[l] = acc_8;
            team_values_1[l] = acc_9;
            barrier(CLK_LOCAL_MEM_FENCE);
            for (long h_3 = 1; h_3 < 256; h_3 *= 2) {
                if ((l & (2 * h_3 - 1)) == 0) {
                    double op_extreme_r_28;
                    long op_extreme_r_29;
                    hsplit_fused_5_op_extreme(team_values[l], team_values_1[l], team_values[l + h_3], team_values_1[l + h_3], &op_extreme_r_28, &op_extreme_r_29);
                    team_values[l] = op_extreme_r_28;
                    team_values_1[l] = op_extreme_r_29;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            double acc_10 = 0.0;
            long acc_11 = -1L;
            acc_10 = team_values[0];
            acc_11 = team_values_1[0];
            barrier(CLK_LOCAL_MEM_FENCE);
            double op_extreme_r_30;
            long op_extreme_r_31;
            hsplit_fused_5_op_extreme(acc_2, acc_3, acc_10, acc_11, &op_extreme_r_30, &op_extreme_r_31);
            double acc_12 = 0.0;
            long acc_13 = -1L;
            acc_12 = is_long_1 ? op_extreme_r_30 : acc_10;
            acc_13 = is_long_1 ? op_extreme_r_31 : acc_11;
            if (l == 0) {
                extreme[s_1] = acc_12;
                position[s_1] = acc_13;
            }
        }
    }
}

__kernel void hsplit_fused_5_extreme_3(__global const long* cross_offsets_0, __global const long* cross_lengths, long n_cross_offsets_arg, __global const long* n_cross_offsets_word, long merge_tiles, __global const long* extreme_splits, __global int* extreme_merge_status, uint extreme_merge_status_epoch, uint extreme_merge_status_base, __global const long* else_instances, __global const long* cross_offsets_2, __global const double* cross_elements_3, __global const int* extreme_gave_up, __global double* extreme, __global long* position) {
    __local double merge_values[641];
    __local long merge_values_1[641];
    __local int merge_ends[640];
    const long n_cross_offsets = n_cross_offsets_arg >= 0 ? n_cross_offsets_arg : clamp(n_cross_offsets_word[0], 0L, (-1 - n_cross_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_cross_offsets_arg) >> 32);
    if (!(extreme_gave_up[0] > 0)) {
        if (get_group_id(0) == 0 && get_local_id(0) == 0) atomic_add(extreme_merge_status, (int)get_num_groups(0));
        return;
    }
    volatile __global ulong* status = (volatile __global ulong*)(extreme_merge_status + 2);
    const int t = get_local_id(0);
    const long segs = n_cross_offsets;
    const long n_1 = segs > 0 ? cross_offsets_0[segs - 1] + cross_lengths[segs - 1] : 0;
    if (t == 0) {
        const uint raw = (uint)atomic_inc(extreme_merge_status) - extreme_merge_status_base;
        if ((long)raw == merge_tiles + (long)get_num_groups(0) - 1) atomic_sub(extreme_merge_status, (int)merge_tiles);
        merge_ends[512] = (int)min((long)raw, merge_tiles);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long g = merge_ends[512];
    int lag_g = -1, has_p = 0;
    long lag_a = 0, lag_h = 0;
    double acc = 0.0;
    long acc_1 = -1L;
    while (g < merge_tiles || lag_g >= 0) {
        const int live = g < merge_tiles;
        const long a = live ? extreme_splits[g] : 0, b = live ? extreme_splits[g + 1] : 0;
        const long j0 = g * 512 - a;
        const int nr = (int)(b - a);
        const int ne = live ? (int)(min((g + 1) * 512, segs + n_1) - b - j0) : 0;
        const int cl = ne + nr;
        if (has_p) {
            merge_values[640] = acc;
            merge_values_1[640] = acc_1;
            has_p = 0;
        }
        for (int k = t; k < nr; k += 128) {
            const long r = a + k;
            merge_ends[k] = (int)((r + 1 < segs ? cross_offsets_0[r + 1] : n_1) - j0);
        }
        #pragma unroll
        for (int i = 0; i < 4; i++) {
            const int k_1 = t + i * 128;
            if (k_1 < ne) {
                double pull_extreme_r;
                long pull_extreme_r_1;
                hsplit_fused_5_pull_extreme(j0 + k_1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r, &pull_extreme_r_1);
                merge_values[k_1] = pull_extreme_r;
                merge_values_1[k_1] = pull_extreme_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        const int dlo = min(t * 4, cl);
        const int dhi = min(dlo + 4, cl);
        int lo_1 = max(dlo - ne, 0), hi_1 = min(dlo, nr);
        while (lo_1 < hi_1) {
            const int mid_1 = lo_1 + (hi_1 - lo_1) / 2;
            if (merge_ends[mid_1] < dlo - mid_1) lo_1 = mid_1 + 1; else hi_1 = mid_1;
        }
        int ii = lo_1, jj = dlo - lo_1, head = -1;
        double acc_2 = 0.0;
        long acc_3 = -1L;
        double acc_4 = 0.0;
        long acc_5 = -1L;
        for (int d_1 = dlo; d_1 < dhi; d_1++) {
            if (ii < nr && merge_ends[ii] <= jj) {
                if (head < 0) {
                    head = ii;
                    acc_4 = acc_2;
                    acc_5 = acc_3;
                } else {
                    const long row = a + ii;
                    extreme[row] = acc_2;
                    position[row] = acc_3;
                }
                acc_2 = 0.0;
                acc_3 = -1L;
                ii++;
            } else {
                double op_extreme_r;
                long op_extreme_r_1;
                hsplit_fused_5_op_extreme(acc_2, acc_3, merge_values[jj], merge_values_1[jj], &op_extreme_r, &op_extreme_r_1);
                acc_2 = op_extreme_r;
                acc_3 = op_extreme_r_1;
                jj++;
            }
        }
        merge_values[512 + t] = acc_2;
        merge_values_1[512 + t] = acc_3;
        merge_ends[512 + t] = head >= 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (live && t == 0) {
            int u = 128 - 1;
            while (u >= 0 && !merge_ends[512 + u]) u--;
            double acc_6 = u >= 0 ? merge_values[512 + u] : 0.0;
            long acc_7 = u >= 0 ? merge_values_1[512 + u] : -1L;
            for (int w = u + 1; w < 128; w++) {
                double op_extreme_r_2;
                long op_extreme_r_3;
                hsplit_fused_5_op_extreme(acc_6, acc_7, merge_values[512 + w], merge_values_1[512 + w], &op_extreme_r_2, &op_extreme_r_3);
                acc_6 = op_extreme_r_2;
                acc_7 = op_extreme_r_3;
            }
            const ulong tag = (ulong)extreme_merge_status_epoch << 32;
            const ulong bits = as_ulong(acc_6);
            status[(g * 2 + 0) * 2] = tag | (bits & 0xffffffffUL);
            status[(g * 2 + 0) * 2 + 1] = tag | (bits >> 32);
            const ulong bits_1 = (ulong)(acc_7);
            status[(g * 2 + 1) * 2] = tag | (bits_1 & 0xffffffffUL);
            status[(g * 2 + 1) * 2 + 1] = tag | (bits_1 >> 32);
        }
        const long e0 = a < segs ? cross_offsets_0[a] : n_1;
        const int look = a < b && a + e0 < g * 512;
        if (head >= 0) {
            int u_1 = t - 1;
            while (u_1 >= 0 && !merge_ends[512 + u_1]) u_1--;
            double acc_8 = u_1 >= 0 ? merge_values[512 + u_1] : 0.0;
            long acc_9 = u_1 >= 0 ? merge_values_1[512 + u_1] : -1L;
            for (int w_1 = u_1 + 1; w_1 < t; w_1++) {
                double op_extreme_r_4;
                long op_extreme_r_5;
                hsplit_fused_5_op_extreme(acc_8, acc_9, merge_values[512 + w_1], merge_values_1[512 + w_1], &op_extreme_r_4, &op_extreme_r_5);
                acc_8 = op_extreme_r_4;
                acc_9 = op_extreme_r_5;
            }
            double op_extreme_r_6;
            long op_extreme_r_7;
            hsplit_fused_5_op_extreme(acc_8, acc_9, acc_4, acc_5, &op_extreme_r_6, &op_extreme_r_7);
            if (head == 0 && look) {
                acc = op_extreme_r_6;
                acc_1 = op_extreme_r_7;
                has_p = 1;
            } else {
                const long row_1 = a + head;
                extreme[row_1] = op_extreme_r_6;
                position[row_1] = op_extreme_r_7;
            }
        }
        const long mtp = lag_g >= 0 ? lag_g - lag_h : 0;
        const long perp = max((mtp + 128 - 1) / 128, 1L);
        const long x0 = min(lag_h + t * perp, lag_h + mtp), x1 = min(x0 + perp, lag_h + mtp);
        double acc_10 = 0.0;
        long acc_11 = -1L;
        for (long x = x0; x < x1; x++) {
            ulong lo_2, hi_2;
            do {
                lo_2 = status[(x * 2 + 0) * 2];
                hi_2 = status[(x * 2 + 0) * 2 + 1];
            } while ((lo_2 >> 32) != extreme_merge_status_epoch || (hi_2 >> 32) != extreme_merge_status_epoch);
            const double y = as_double((lo_2 & 0xffffffffUL) | ((hi_2 & 0xffffffffUL) << 32));
            ulong lo_3, hi_3;
            do {
                lo_3 = status[(x * 2 + 1) * 2];
                hi_3 = status[(x * 2 + 1) * 2 + 1];
            } while ((lo_3 >> 32) != extreme_merge_status_epoch || (hi_3 >> 32) != extreme_merge_status_epoch);
            const long y_1 = (long)((lo_3 & 0xffffffffUL) | ((hi_3 & 0xffffffffUL) << 32));
            double op_extreme_r_8;
            long op_extreme_r_9;
            hsplit_fused_5_op_extreme(acc_10, acc_11, y, y_1, &op_extreme_r_8, &op_extreme_r_9);
            acc_10 = x == x0 ? y : op_extreme_r_8;
            acc_11 = x == x0 ? y_1 : op_extreme_r_9;
        }
        if (x0 < x1) {
            merge_values[t] = acc_10;
            merge_values_1[t] = acc_11;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (t == 0) {
            if (lag_g >= 0) {
                double acc_12 = merge_values[0];
                long acc_13 = merge_values_1[0];
                const long runs = (mtp + perp - 1) / perp;
                for (long w_2 = 1; w_2 < runs; w_2++) {
                    double op_extreme_r_10;
                    long op_extreme_r_11;
                    hsplit_fused_5_op_extreme(acc_12, acc_13, merge_values[w_2], merge_values_1[w_2], &op_extreme_r_10, &op_extreme_r_11);
                    acc_12 = op_extreme_r_10;
                    acc_13 = op_extreme_r_11;
                }
                double op_extreme_r_12;
                long op_extreme_r_13;
                hsplit_fused_5_op_extreme(acc_12, acc_13, merge_values[640], merge_values_1[640], &op_extreme_r_12, &op_extreme_r_13);
                extreme[lag_a] = op_extreme_r_12;
                position[lag_a] = op_extreme_r_13;
            }
            if (live) {
                const uint raw_1 = (uint)atomic_inc(extreme_merge_status) - extreme_merge_status_base;
                if ((long)raw_1 == merge_tiles + (long)get_num_groups(0) - 1) atomic_sub(extreme_merge_status, (int)merge_tiles);
                merge_ends[512] = (int)min((long)raw_1, merge_tiles);
            } else {
                merge_ends[512] = (int)merge_tiles;
            }
        }
        lag_g = look ? (int)g : -1;
        if (look) {
            lag_a = a;
            lag_h = (a + e0) / 512;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        g = merge_ends[512];
    }
}


// ===== hsplit_fused_6.cl =====
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

static inline void hsplit_fused_6_pull_pm_1(long i, __global const long* cross_lengths, __global const long* position, __global const long* cross_offsets, __global const double* points_1, long points_1_len, __global const double* points_2, __global const long* else_instances, __global const double* p1_1, __global const double* p1_1_1, __global const double* p1_1_2, __global const double* p1_1_3, __global long* err, double* r0, double* r1, double* r2, double* r3, double* r4, double* r5, long* r6, long* r7) {
    if (cross_lengths[i] <= 0L) {
        nessie_fail(err, 1, 6, 0, 0);
        *r0 = 0.0;
        *r1 = 0.0;
        *r2 = 0.0;
        *r3 = 0.0;
        *r4 = 0.0;
        *r5 = 0.0;
        *r6 = 0L;
        *r7 = 0L;
        return;
    }
    long index = nessie_sub(position[i], cross_offsets[i]);
    long j = index;
    if (j < 0L || j >= points_1_len) {
        nessie_fail(err, 1, 7, j, points_1_len);
        *r0 = 0.0;
        *r1 = 0.0;
        *r2 = 0.0;
        *r3 = 0.0;
        *r4 = 0.0;
        *r5 = 0.0;
        *r6 = 0L;
        *r7 = 0L;
        return;
    }
    double v = points_1[j];
    double v_1 = points_2[j];
    long q = else_instances[i];
    double v_2 = p1_1[q];
    double v_3 = v;
    double v_4 = v_1;
    double v_5 = v_2;
    long q_1 = else_instances[i];
    double v_6 = p1_1_1[q_1];
    double v_7 = v_3;
    double v_8 = v_4;
    double v_9 = v_5;
    double v_10 = v_6;
    long q_2 = else_instances[i];
    double v_11 = p1_1_2[q_2];
    double v_12 = v_7;
    double v_13 = v_8;
    double v_14 = v_9;
    double v_15 = v_10;
    double v_16 = v_11;
    long q_3 = else_instances[i];
    double v_17 = p1_1_3[q_3];
    double v_18 = v_12;
    double v_19 = v_13;
    double v_20 = v_14;
    double v_21 = v_15;
    double v_22 = v_16;
    double v_23 = v_17;
    long v_24 = 2L;
    double v_25 = v_18;
    double v_26 = v_19;
    double v_27 = v_20;
    double v_28 = v_21;
    double v_29 = v_22;
    double v_30 = v_23;
    long v_31 = v_24;
    long v_32 = nessie_mul(i, 2L);
    *r0 = v_25;
    *r1 = v_26;
    *r2 = v_27;
    *r3 = v_28;
    *r4 = v_29;
    *r5 = v_30;
    *r6 = v_31;
    *r7 = v_32;
}

__kernel void hsplit_fused_6_pm_1(long n_else_instances_arg, __global const long* n_else_instances_word, __global const long* cross_lengths, __global const long* position, __global const long* cross_offsets, __global const double* points_1, long n_points_1_arg, __global const long* n_points_1_word, __global const double* points_2, __global const long* else_instances, __global const double* p1_1_12, __global const double* p1_1_16, __global const double* p1_1_20, __global const double* p1_1_24, __global double* pm_1, __global double* pm_2, __global double* p1_1_13, __global double* p1_1_17, __global double* p1_1_21, __global double* p1_1_25, __global long* lengths, __global long* offsets, __global long* err) {
    const long n_else_instances = n_else_instances_arg >= 0 ? n_else_instances_arg : clamp(n_else_instances_word[0], 0L, (-1 - n_else_instances_arg) & 0xFFFFFFFFL) + ((-1 - n_else_instances_arg) >> 32);
    const long n_points_1 = n_points_1_arg >= 0 ? n_points_1_arg : clamp(n_points_1_word[0], 0L, (-1 - n_points_1_arg) & 0xFFFFFFFFL) + ((-1 - n_points_1_arg) >> 32);
    if (nessie_failed(err)) return;
    const long gid = get_global_id(0);
    if (gid < n_else_instances) {
        double pull_pm_1_r;
        double pull_pm_1_r_1;
        double pull_pm_1_r_2;
        double pull_pm_1_r_3;
        double pull_pm_1_r_4;
        double pull_pm_1_r_5;
        long pull_pm_1_r_6;
        long pull_pm_1_r_7;
        hsplit_fused_6_pull_pm_1(gid, cross_lengths, position, cross_offsets, points_1, n_points_1, points_2, else_instances, p1_1_12, p1_1_16, p1_1_20, p1_1_24, err, &pull_pm_1_r, &pull_pm_1_r_1, &pull_pm_1_r_2, &pull_pm_1_r_3, &pull_pm_1_r_4, &pull_pm_1_r_5, &pull_pm_1_r_6, &pull_pm_1_r_7);
        pm_1[gid] = pull_pm_1_r;
        pm_2[gid] = pull_pm_1_r_1;
        p1_1_13[gid] = pull_pm_1_r_2;
        p1_1_17[gid] = pull_pm_1_r_3;
        p1_1_21[gid] = pull_pm_1_r_4;
        p1_1_25[gid] = pull_pm_1_r_5;
        lengths[gid] = pull_pm_1_r_6;
        offsets[gid] = pull_pm_1_r_7;
    }
}

__kernel void hsplit_fused_6_pm_1_idx32(long n_else_instances_arg, __global const long* n_else_instances_word, __global const long* cross_lengths, __global const long* position, __global const long* cross_offsets, __global const double* points_1, long n_points_1_arg, __global const long* n_points_1_word, __global const double* points_2, __global const long* else_instances, __global const double* p1_1_12, __global const double* p1_1_16, __global const double* p1_1_20, __global const double* p1_1_24, __global double* pm_1, __global double* pm_2, __global double* p1_1_13, __global double* p1_1_17, __global double* p1_1_21, __global double* p1_1_25, __global long* lengths, __global long* offsets, __global long* err) {
    const long n_else_instances = n_else_instances_arg >= 0 ? n_else_instances_arg : clamp(n_else_instances_word[0], 0L, (-1 - n_else_instances_arg) & 0xFFFFFFFFL) + ((-1 - n_else_instances_arg) >> 32);
    const long n_points_1 = n_points_1_arg >= 0 ? n_points_1_arg : clamp(n_points_1_word[0], 0L, (-1 - n_points_1_arg) & 0xFFFFFFFFL) + ((-1 - n_points_1_arg) >> 32);
    if (nessie_failed(err)) return;
    const long gid = (long)(uint)get_global_id(0);
    if (gid < n_else_instances) {
        double pull_pm_1_r;
        double pull_pm_1_r_1;
        double pull_pm_1_r_2;
        double pull_pm_1_r_3;
        double pull_pm_1_r_4;
        double pull_pm_1_r_5;
        long pull_pm_1_r_6;
        long pull_pm_1_r_7;
        hsplit_fused_6_pull_pm_1(gid, cross_lengths, position, cross_offsets, points_1, n_points_1, points_2, else_instances, p1_1_12, p1_1_16, p1_1_20, p1_1_24, err, &pull_pm_1_r, &pull_pm_1_r_1, &pull_pm_1_r_2, &pull_pm_1_r_3, &pull_pm_1_r_4, &pull_pm_1_r_5, &pull_pm_1_r_6, &pull_pm_1_r_7);
        pm_1[gid] = pull_pm_1_r;
        pm_2[gid] = pull_pm_1_r_1;
        p1_1_13[gid] = pull_pm_1_r_2;
        p1_1_17[gid] = pull_pm_1_r_3;
        p1_1_21[gid] = pull_pm_1_r_4;
        p1_1_25[gid] = pull_pm_1_r_5;
        lengths[gid] = pull_pm_1_r_6;
        offsets[gid] = pull_pm_1_r_7;
    }
}


// ===== hsplit_fused_7.cl =====
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

static inline long hsplit_fused_7_pull_offsets(long i, __global const long* offsets, long offsets_len, __global const long* else_instances, __global const long* packed_lengths) {
    long segment = nessie_segment_of(offsets, offsets_len, i);
    long q = else_instances[segment];
    long packed_lengths_1 = packed_lengths[q];
    return packed_lengths_1;
}

static inline long hsplit_fused_7_op_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline void hsplit_fused_7_pull_ends_1_1(long p, __global const double* p1_1, __global const double* pm_1, __global const double* p1_2, __global const double* pm_2, __global const double* p2_1, __global const double* p2_2, __global const long* offsets, long offsets_len, __global const long* else_instances, __global const long* packed_lengths, double* r0, double* r1, double* r2, double* r3, long* r4) {
    long c = nessie_rem(p, 2L);
    long q = nessie_div(p, 2L);
    double v = c == 0L ? p1_1[q] : pm_1[q];
    double v_1 = c == 0L ? p1_2[q] : pm_2[q];
    double v_2 = c == 0L ? pm_1[q] : p2_1[q];
    double v_3 = c == 0L ? pm_2[q] : p2_2[q];
    long segment = nessie_segment_of(offsets, offsets_len, p);
    long q_1 = else_instances[segment];
    long v_4 = packed_lengths[q_1];
    *r0 = v;
    *r1 = v_1;
    *r2 = v_2;
    *r3 = v_3;
    *r4 = v_4;
}

__kernel void hsplit_fused_7_offsets(__global int* offsets_status, uint offsets_status_epoch, uint offsets_status_base, long t_1_arg, __global const long* t_1_word, __global const long* offsets_14, long n_offsets_arg, __global const long* n_offsets_word, __global const long* else_instances, __global const long* packed_lengths_16, __global const double* p1_1, __global const double* pm_1, __global const double* p1_2, __global const double* pm_2, __global const double* p2_1, __global const double* p2_2, __global long* offsets_20, __global double* ends_1_1, __global double* ends_1_2, __global double* ends_2_1, __global double* ends_2_2, __global long* packed_lengths_17) {
    __local long tile[768];
    __local long vals[306];
    __local long flags[35];
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(offsets_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(offsets_status) - offsets_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 768;
    for (long j = 0; j < 3; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < t_1) {
            long pull_offsets_r = hsplit_fused_7_pull_offsets(g, offsets_14, n_offsets, else_instances, packed_lengths_16);
            double pull_ends_1_1_r;
            double pull_ends_1_1_r_1;
            double pull_ends_1_1_r_2;
            double pull_ends_1_1_r_3;
            long pull_ends_1_1_r_4;
            hsplit_fused_7_pull_ends_1_1(g, p1_1, pm_1, p1_2, pm_2, p2_1, p2_2, offsets_14, n_offsets, else_instances, packed_lengths_16, &pull_ends_1_1_r, &pull_ends_1_1_r_1, &pull_ends_1_1_r_2, &pull_ends_1_1_r_3, &pull_ends_1_1_r_4);
            tile[p] = pull_offsets_r;
            ends_1_1[g] = pull_ends_1_1_r;
            ends_1_2[g] = pull_ends_1_1_r_1;
            ends_2_1[g] = pull_ends_1_1_r_2;
            ends_2_2[g] = pull_ends_1_1_r_3;
            packed_lengths_17[g] = pull_ends_1_1_r_4;
        } else {
            tile[p] = 0L;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long acc = 0L;
    for (long j = 0; j < 3; j++) {
        long op_offsets_r = hsplit_fused_7_op_offsets(acc, tile[l * 3 + j]);
        long c_1 = op_offsets_r;
        acc = c_1;
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
                long op_offsets_r_1 = hsplit_fused_7_op_offsets(sh, incl);
                long c_2 = op_offsets_r_1;
                incl = c_2;
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
                long op_offsets_r_2 = hsplit_fused_7_op_offsets(offset, vals[256 + r]);
                long c_3 = op_offsets_r_2;
                offset = c_3;
            }
        }
        long op_offsets_r_3 = hsplit_fused_7_op_offsets(offset, sh_1);
        long c_4 = op_offsets_r_3;
        offset = c_4;
        if (l < 32) {
            long agg = 0L;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long op_offsets_r_4 = hsplit_fused_7_op_offsets(agg, vals[256 + r]);
                long c_5 = op_offsets_r_4;
                agg = c_5;
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
                                long op_offsets_r_5 = hsplit_fused_7_op_offsets(sh_2, win);
                                long c_6 = op_offsets_r_5;
                                win = c_6;
                            }
                        }
                        long op_offsets_r_6 = hsplit_fused_7_op_offsets(win, prefix);
                        long c_7 = op_offsets_r_6;
                        prefix = c_7;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_1 = prefix;
                    long op_offsets_r_7 = hsplit_fused_7_op_offsets(incl_1, agg);
                    long c_8 = op_offsets_r_7;
                    incl_1 = c_8;
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
            for (long c_9 = 0; c_9 < 16; c_9++) {
                long op_offsets_r_8 = hsplit_fused_7_op_offsets(row, vals[l * 16 + c_9]);
                long c_10 = op_offsets_r_8;
                row = c_10;
            }
            vals[256 + l] = row;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) {
            long total = 0L;
            for (long r_1 = 0; r_1 < 16; r_1++) {
                long x = vals[256 + r_1];
                vals[256 + r_1] = total;
                long op_offsets_r_9 = hsplit_fused_7_op_offsets(total, x);
                long c_11 = op_offsets_r_9;
                total = c_11;
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
            for (long c_9 = 0; c_9 < 16; c_9++) {
                long x_1 = vals[l * 16 + c_9];
                vals[l * 16 + c_9] = row_1;
                long op_offsets_r_10 = hsplit_fused_7_op_offsets(row_1, x_1);
                long c_12 = op_offsets_r_10;
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
                    long op_offsets_r_11 = hsplit_fused_7_op_offsets(vals[272 + k], excl);
                    long c_13 = op_offsets_r_11;
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
                    long op_offsets_r_12 = hsplit_fused_7_op_offsets(incl_2, vals[305]);
                    long c_14 = op_offsets_r_12;
                    incl_2 = c_14;
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
    long op_offsets_r_13 = hsplit_fused_7_op_offsets(off, vals[l]);
    long c_15 = op_offsets_r_13;
    off = c_15;
    for (long j = 0; j < 3; j++) {
        long x_2 = tile[l * 3 + j];
        tile[l * 3 + j] = off;
        long op_offsets_r_14 = hsplit_fused_7_op_offsets(off, x_2);
        long c_16 = op_offsets_r_14;
        off = c_16;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long j = 0; j < 3; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < t_1) {
            offsets_20[g] = tile[p];
        }
    }
}


// ===== hsplit_gather_fused.cl =====
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

static inline void hsplit_gather_fused_pull_p1_1(long p, __global const long* offsets, long offsets_len, __global const long* offsets_1, __global const int* lengths, __global const long* then_instances, __global const long* packed_offsets, __global const long* packed_lengths, __global const double* p1_1, __global const long* kept, __global const long* cross_offsets, long cross_offsets_len, __global const double* points_1, __global const double* p1_2, __global const double* points_1_1, double* r0, double* r1) {
    long segment = nessie_segment_of(offsets, offsets_len, p);
    long s = segment;
    long w = nessie_sub(p, offsets[s]);
    long start = offsets_1[s];
    long len = (long)lengths[s];
    long s_1 = then_instances[s];
    long start_1 = packed_offsets[s_1];
    long len_1 = packed_lengths[s_1];
    int c = w < len;
    long q = c ? nessie_add(start, w) : nessie_add(start_1, nessie_sub(w, len));
    double t;
    if (c) {
        t = p1_1[q];
    } else {
        long p_1 = q;
        long p_2 = kept[p_1];
        long q_1 = nessie_sub(p_2, cross_offsets[nessie_segment_of(cross_offsets, cross_offsets_len, p_2)]);
        t = points_1[q_1];
    }
    double t_1;
    if (c) {
        t_1 = p1_2[q];
    } else {
        long p_3 = q;
        long p_4 = kept[p_3];
        long q_2 = nessie_sub(p_4, cross_offsets[nessie_segment_of(cross_offsets, cross_offsets_len, p_4)]);
        t_1 = points_1_1[q_2];
    }
    *r0 = t;
    *r1 = t_1;
}

static inline void hsplit_gather_fused_pull_packed_elements_1(long p, __global const long* packed_offsets, long packed_offsets_len, __global const long* offsets, long offsets_len, __global const long* else_instances, __global const long* packed_offsets_1, __global const long* kept, __global const long* cross_offsets, long cross_offsets_len, __global const double* points_1, __global const double* points_1_1, double* r0, double* r1) {
    long segment = nessie_segment_of(packed_offsets, packed_offsets_len, p);
    long s = segment;
    long segment_1 = nessie_segment_of(offsets, offsets_len, s);
    long r = else_instances[segment_1];
    long q = nessie_add(packed_offsets_1[r], nessie_sub(p, packed_offsets[s]));
    long p_1 = q;
    long p_2 = kept[p_1];
    long segment_2 = nessie_segment_of(cross_offsets, cross_offsets_len, p_2);
    long q_1 = nessie_sub(p_2, cross_offsets[segment_2]);
    long p_3 = q;
    long p_4 = kept[p_3];
    long segment_3 = nessie_segment_of(cross_offsets, cross_offsets_len, p_4);
    long q_2 = nessie_sub(p_4, cross_offsets[segment_3]);
    *r0 = points_1[q_1];
    *r1 = points_1_1[q_2];
}

static inline void hsplit_gather_fused_pull_p1_1_by_tile(long p, long segment, __global const long* offsets, __global const long* offsets_1, __global const int* lengths, __global const long* then_instances, __global const long* packed_offsets, __global const long* packed_lengths, __global const double* p1_1, __global const long* kept, __global const long* cross_offsets, long cross_offsets_len, __global const double* points_1, __global const double* p1_2, __global const double* points_1_1, double* r0, double* r1) {
    long s = segment;
    long w = nessie_sub(p, offsets[s]);
    long start = offsets_1[s];
    long len = (long)lengths[s];
    long s_1 = then_instances[s];
    long start_1 = packed_offsets[s_1];
    long len_1 = packed_lengths[s_1];
    int c = w < len;
    long q = c ? nessie_add(start, w) : nessie_add(start_1, nessie_sub(w, len));
    double t;
    if (c) {
        t = p1_1[q];
    } else {
        long p_1 = q;
        long p_2 = kept[p_1];
        long q_1 = nessie_sub(p_2, cross_offsets[nessie_segment_of(cross_offsets, cross_offsets_len, p_2)]);
        t = points_1[q_1];
    }
    double t_1;
    if (c) {
        t_1 = p1_2[q];
    } else {
        long p_3 = q;
        long p_4 = kept[p_3];
        long q_2 = nessie_sub(p_4, cross_offsets[nessie_segment_of(cross_offsets, cross_offsets_len, p_4)]);
        t_1 = points_1_1[q_2];
    }
    *r0 = t;
    *r1 = t_1;
}

static inline void hsplit_gather_fused_pull_packed_elements_1_by_tile(long p, long segment, __global const long* offsets, long offsets_len, __global const long* else_instances, __global const long* packed_offsets, __global const long* packed_offsets_1, __global const long* kept, __global const long* cross_offsets, long cross_offsets_len, __global const double* points_1, __global const double* points_1_1, double* r0, double* r1) {
    long s = segment;
    long segment_1 = nessie_segment_of(offsets, offsets_len, s);
    long r = else_instances[segment_1];
    long q = nessie_add(packed_offsets[r], nessie_sub(p, packed_offsets_1[s]));
    long p_1 = q;
    long p_2 = kept[p_1];
    long segment_2 = nessie_segment_of(cross_offsets, cross_offsets_len, p_2);
    long q_1 = nessie_sub(p_2, cross_offsets[segment_2]);
    long p_3 = q;
    long p_4 = kept[p_3];
    long segment_3 = nessie_segment_of(cross_offsets, cross_offsets_len, p_4);
    long q_2 = nessie_sub(p_4, cross_offsets[segment_3]);
    *r0 = points_1[q_1];
    *r1 = points_1_1[q_2];
}

__kernel void hsplit_gather_fused_p1_1(long t_1_arg, __global const long* t_1_word, __global const long* offsets_13, long n_offsets_arg, __global const long* n_offsets_word, __global const long* offsets_14, __global const int* lengths, __global const long* then_instances, __global const long* packed_offsets_17, __global const long* packed_lengths, __global const double* p1_1_19, __global const long* kept, __global const long* cross_offsets, long n_cross_offsets_arg, __global const long* n_cross_offsets_word, __global const double* points_1_2, __global const double* p1_2_20, __global const double* points_1_8, __global double* p1_1_22, __global double* p1_2_23) {
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    const long n_cross_offsets = n_cross_offsets_arg >= 0 ? n_cross_offsets_arg : clamp(n_cross_offsets_word[0], 0L, (-1 - n_cross_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_cross_offsets_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < t_1) {
        double pull_p1_1_r;
        double pull_p1_1_r_1;
        hsplit_gather_fused_pull_p1_1(gid, offsets_13, n_offsets, offsets_14, lengths, then_instances, packed_offsets_17, packed_lengths, p1_1_19, kept, cross_offsets, n_cross_offsets, points_1_2, p1_2_20, points_1_8, &pull_p1_1_r, &pull_p1_1_r_1);
        p1_1_22[gid] = pull_p1_1_r;
        p1_2_23[gid] = pull_p1_1_r_1;
    }
}

__kernel void hsplit_gather_fused_p1_1_tiles(__global const long* offsets_13, long n_offsets_arg, __global const long* n_offsets_word, long t_1_arg, __global const long* t_1_word, __global const long* offsets_14, __global const int* lengths, __global const long* then_instances, __global const long* packed_offsets_17, __global const long* packed_lengths, __global const double* p1_1_19, __global const long* kept, __global const long* cross_offsets, long n_cross_offsets_arg, __global const long* n_cross_offsets_word, __global const double* points_1_2, __global const double* p1_2_20, __global const double* points_1_8, __global double* p1_1_22, __global double* p1_2_23) {
    __local int counts[2048];
    __local long sums[256];
    __local long range[4];
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long n_cross_offsets = n_cross_offsets_arg >= 0 ? n_cross_offsets_arg : clamp(n_cross_offsets_word[0], 0L, (-1 - n_cross_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_cross_offsets_arg) >> 32);
    const long l = get_local_id(0);
    const long start = get_group_id(0) * 2048;
    if (start >= t_1) return;
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
            if (p < hi && offsets_13[p] <= start) {
                const long q = p + step;
                if (q >= hi || offsets_13[q] > start) {
                    range[2] = p;
                    range[3] = min(q, hi);
                }
            }
            if (l == 0 && offsets_13[lo] > start) {
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
            if (p_1 < hi_1 && offsets_13[p_1] <= start) {
                const long q_1 = p_1 + step_1;
                if (q_1 >= hi_1 || offsets_13[q_1] > start) {
                    range[0] = p_1;
                    range[1] = min(q_1, hi_1);
                }
            }
            if (l == 0 && offsets_13[lo_1] > start) {
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
            if (p_2 < hi_2 && offsets_13[p_2] <= start) {
                const long q_2 = p_2 + step_2;
                if (q_2 >= hi_2 || offsets_13[q_2] > start) {
                    range[2] = p_2;
                    range[3] = min(q_2, hi_2);
                }
            }
            if (l == 0 && offsets_13[lo_2] > start) {
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
            if (p_3 < hi_3 && offsets_13[p_3] <= start) {
                const long q_3 = p_3 + step_3;
                if (q_3 >= hi_3 || offsets_13[q_3] > start) {
                    range[0] = p_3;
                    range[1] = min(q_3, hi_3);
                }
            }
            if (l == 0 && offsets_13[lo_3] > start) {
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
    const int whole = first + 1 >= n_offsets || offsets_13[first + 1] - start >= 2048;
    if (!whole) {
        for (long i = l; i < 2048; i += 256) counts[i] = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long s = first + 1 + l; s < n_offsets; s += 256) {
            const long o = offsets_13[s] - start;
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
    double pulled[8];
    double pulled_1[8];
    #pragma unroll
    for (int k_1 = 0; k_1 < 8; k_1++) {
        const long i_1 = k_1 * 256 + l;
        const long g = start + i_1;
        if (g < t_1) {
            double pull_p1_1_by_tile_r;
            double pull_p1_1_by_tile_r_1;
            hsplit_gather_fused_pull_p1_1_by_tile(g, (whole ? first : first + counts[i_1]), offsets_13, offsets_14, lengths, then_instances, packed_offsets_17, packed_lengths, p1_1_19, kept, cross_offsets, n_cross_offsets, points_1_2, p1_2_20, points_1_8, &pull_p1_1_by_tile_r, &pull_p1_1_by_tile_r_1);
            pulled[k_1] = pull_p1_1_by_tile_r;
            pulled_1[k_1] = pull_p1_1_by_tile_r_1;
        }
    }
    #pragma unroll
    for (int k_2 = 0; k_2 < 8; k_2++) {
        const long g_1 = start + k_2 * 256 + l;
        if (g_1 < t_1) {
            p1_1_22[g_1] = pulled[k_2];
            p1_2_23[g_1] = pulled_1[k_2];
        }
    }
}

__kernel void hsplit_gather_fused_packed_elements_1(long t_2_arg, __global const long* t_2_word, __global const long* packed_offsets_34, long n_packed_offsets_1_arg, __global const long* n_packed_offsets_1_word, __global const long* offsets_35, long n_offsets_2_arg, __global const long* n_offsets_2_word, __global const long* else_instances, __global const long* packed_offsets_17, __global const long* kept, __global const long* cross_offsets, long n_cross_offsets_arg, __global const long* n_cross_offsets_word, __global const double* points_1_2, __global const double* points_1_8, __global double* packed_elements_1_38, __global double* packed_elements_2) {
    const long t_2 = t_2_arg >= 0 ? t_2_arg : clamp(t_2_word[0], 0L, (-1 - t_2_arg) & 0xFFFFFFFFL) + ((-1 - t_2_arg) >> 32);
    const long n_packed_offsets_1 = n_packed_offsets_1_arg >= 0 ? n_packed_offsets_1_arg : clamp(n_packed_offsets_1_word[0], 0L, (-1 - n_packed_offsets_1_arg) & 0xFFFFFFFFL) + ((-1 - n_packed_offsets_1_arg) >> 32);
    const long n_offsets_2 = n_offsets_2_arg >= 0 ? n_offsets_2_arg : clamp(n_offsets_2_word[0], 0L, (-1 - n_offsets_2_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_2_arg) >> 32);
    const long n_cross_offsets = n_cross_offsets_arg >= 0 ? n_cross_offsets_arg : clamp(n_cross_offsets_word[0], 0L, (-1 - n_cross_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_cross_offsets_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < t_2) {
        double pull_packed_elements_1_r;
        double pull_packed_elements_1_r_1;
        hsplit_gather_fused_pull_packed_elements_1(gid, packed_offsets_34, n_packed_offsets_1, offsets_35, n_offsets_2, else_instances, packed_offsets_17, kept, cross_offsets, n_cross_offsets, points_1_2, points_1_8, &pull_packed_elements_1_r, &pull_packed_elements_1_r_1);
        packed_elements_1_38[gid] = pull_packed_elements_1_r;
        packed_elements_2[gid] = pull_packed_elements_1_r_1;
    }
}

__kernel void hsplit_gather_fused_packed_elements_1_tiles(__global const long* packed_offsets_34, long n_packed_offsets_1_arg, __global const long* n_packed_offsets_1_word, long t_2_arg, __global const long* t_2_word, __global const long* offsets_35, long n_offsets_2_arg, __global const long* n_offsets_2_word, __global const long* else_instances, __global const long* packed_offsets_17, __global const long* kept, __global const long* cross_offsets, long n_cross_offsets_arg, __global const long* n_cross_offsets_word, __global const double* points_1_2, __global const double* points_1_8, __global double* packed_elements_1_38, __global double* packed_elements_2) {
    __local int counts[2048];
    __local long sums[256];
    __local long range[4];
    const long n_packed_offsets_1 = n_packed_offsets_1_arg >= 0 ? n_packed_offsets_1_arg : clamp(n_packed_offsets_1_word[0], 0L, (-1 - n_packed_offsets_1_arg) & 0xFFFFFFFFL) + ((-1 - n_packed_offsets_1_arg) >> 32);
    const long t_2 = t_2_arg >= 0 ? t_2_arg : clamp(t_2_word[0], 0L, (-1 - t_2_arg) & 0xFFFFFFFFL) + ((-1 - t_2_arg) >> 32);
    const long n_offsets_2 = n_offsets_2_arg >= 0 ? n_offsets_2_arg : clamp(n_offsets_2_word[0], 0L, (-1 - n_offsets_2_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_2_arg) >> 32);
    const long n_cross_offsets = n_cross_offsets_arg >= 0 ? n_cross_offsets_arg : clamp(n_cross_offsets_word[0], 0L, (-1 - n_cross_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_cross_offsets_arg) >> 32);
    const long l = get_local_id(0);
    const long start = get_group_id(0) * 2048;
    if (start >= t_2) return;
    if (l == 0) {
        range[0] = 0;
        range[1] = n_packed_offsets_1;
    }
    {
        barrier(CLK_LOCAL_MEM_FENCE);
        const long lo = range[0];
        const long hi = range[1];
        if (hi - lo > 1) {
            const long step = (hi - lo + 255) / 256;
            const long p = lo + l * step;
            if (p < hi && packed_offsets_34[p] <= start) {
                const long q = p + step;
                if (q >= hi || packed_offsets_34[q] > start) {
                    range[2] = p;
                    range[3] = min(q, hi);
                }
            }
            if (l == 0 && packed_offsets_34[lo] > start) {
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
            if (p_1 < hi_1 && packed_offsets_34[p_1] <= start) {
                const long q_1 = p_1 + step_1;
                if (q_1 >= hi_1 || packed_offsets_34[q_1] > start) {
                    range[0] = p_1;
                    range[1] = min(q_1, hi_1);
                }
            }
            if (l == 0 && packed_offsets_34[lo_1] > start) {
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
            if (p_2 < hi_2 && packed_offsets_34[p_2] <= start) {
                const long q_2 = p_2 + step_2;
                if (q_2 >= hi_2 || packed_offsets_34[q_2] > start) {
                    range[2] = p_2;
                    range[3] = min(q_2, hi_2);
                }
            }
            if (l == 0 && packed_offsets_34[lo_2] > start) {
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
            if (p_3 < hi_3 && packed_offsets_34[p_3] <= start) {
                const long q_3 = p_3 + step_3;
                if (q_3 >= hi_3 || packed_offsets_34[q_3] > start) {
                    range[0] = p_3;
                    range[1] = min(q_3, hi_3);
                }
            }
            if (l == 0 && packed_offsets_34[lo_3] > start) {
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
    const int whole = first + 1 >= n_packed_offsets_1 || packed_offsets_34[first + 1] - start >= 2048;
    if (!whole) {
        for (long i = l; i < 2048; i += 256) counts[i] = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long s = first + 1 + l; s < n_packed_offsets_1; s += 256) {
            const long o = packed_offsets_34[s] - start;
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
    double pulled[8];
    double pulled_1[8];
    #pragma unroll
    for (int k_1 = 0; k_1 < 8; k_1++) {
        const long i_1 = k_1 * 256 + l;
        const long g = start + i_1;
        if (g < t_2) {
            double pull_packed_elements_1_by_tile_r;
            double pull_packed_elements_1_by_tile_r_1;
            hsplit_gather_fused_pull_packed_elements_1_by_tile(g, (whole ? first : first + counts[i_1]), offsets_35, n_offsets_2, else_instances, packed_offsets_17, packed_offsets_34, kept, cross_offsets, n_cross_offsets, points_1_2, points_1_8, &pull_packed_elements_1_by_tile_r, &pull_packed_elements_1_by_tile_r_1);
            pulled[k_1] = pull_packed_elements_1_by_tile_r;
            pulled_1[k_1] = pull_packed_elements_1_by_tile_r_1;
        }
    }
    #pragma unroll
    for (int k_2 = 0; k_2 < 8; k_2++) {
        const long g_1 = start + k_2 * 256 + l;
        if (g_1 < t_2) {
            packed_elements_1_38[g_1] = pulled[k_2];
            packed_elements_2[g_1] = pulled_1[k_2];
        }
    }
}


// ===== hsplit_fused_8.cl =====
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

static inline long hsplit_fused_8_pull_offsets(long i, __global const uchar* mapped, __global const long* rank, __global const long* lengths, __global const long* sum) {
    int f = (int)mapped[i];
    long r = rank[i];
    long q = f ? r : nessie_sub(i, r);
    long lengths_1 = f ? lengths[q] : sum[q];
    return lengths_1;
}

static inline long hsplit_fused_8_op_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline long hsplit_fused_8_pull_lengths(long p, __global const uchar* mapped, __global const long* rank, __global const long* lengths, __global const long* sum) {
    int f = (int)mapped[p];
    long r = rank[p];
    long q = f ? r : nessie_sub(p, r);
    return f ? lengths[q] : sum[q];
}

__kernel void hsplit_fused_8_offsets(__global int* offsets_status, uint offsets_status_epoch, uint offsets_status_base, long instances_1_arg, __global const long* instances_1_word, __global const uchar* mapped, __global const long* rank, __global const long* lengths_2, __global const long* sum, __global long* offsets, __global long* lengths_5) {
    __local long tile[768];
    __local long vals[306];
    __local long flags[35];
    const long instances_1 = instances_1_arg >= 0 ? instances_1_arg : clamp(instances_1_word[0], 0L, (-1 - instances_1_arg) & 0xFFFFFFFFL) + ((-1 - instances_1_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(offsets_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(offsets_status) - offsets_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 768;
    for (long j = 0; j < 3; j++) {
        const long p_1 = j * 256 + l;
        const long g = start + p_1;
        if (g < instances_1) {
            long pull_offsets_r = hsplit_fused_8_pull_offsets(g, mapped, rank, lengths_2, sum);
            long pull_lengths_r = hsplit_fused_8_pull_lengths(g, mapped, rank, lengths_2, sum);
            tile[p_1] = pull_offsets_r;
            lengths_5[g] = pull_lengths_r;
        } else {
            tile[p_1] = 0L;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long acc = 0L;
    for (long j = 0; j < 3; j++) {
        long op_offsets_r = hsplit_fused_8_op_offsets(acc, tile[l * 3 + j]);
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
                long op_offsets_r_1 = hsplit_fused_8_op_offsets(sh, incl);
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
                long op_offsets_r_2 = hsplit_fused_8_op_offsets(offset, vals[256 + r]);
                long c_2 = op_offsets_r_2;
                offset = c_2;
            }
        }
        long op_offsets_r_3 = hsplit_fused_8_op_offsets(offset, sh_1);
        long c_3 = op_offsets_r_3;
        offset = c_3;
        if (l < 32) {
            long agg = 0L;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long op_offsets_r_4 = hsplit_fused_8_op_offsets(agg, vals[256 + r]);
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
                                long op_offsets_r_5 = hsplit_fused_8_op_offsets(sh_2, win);
                                long c_5 = op_offsets_r_5;
                                win = c_5;
                            }
                        }
                        long op_offsets_r_6 = hsplit_fused_8_op_offsets(win, prefix);
                        long c_6 = op_offsets_r_6;
                        prefix = c_6;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_1 = prefix;
                    long op_offsets_r_7 = hsplit_fused_8_op_offsets(incl_1, agg);
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
                long op_offsets_r_8 = hsplit_fused_8_op_offsets(row, vals[l * 16 + c_8]);
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
                long op_offsets_r_9 = hsplit_fused_8_op_offsets(total, x);
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
                long op_offsets_r_10 = hsplit_fused_8_op_offsets(row_1, x_1);
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
                    long op_offsets_r_11 = hsplit_fused_8_op_offsets(vals[272 + k], excl);
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
                    long op_offsets_r_12 = hsplit_fused_8_op_offsets(incl_2, vals[305]);
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
    long op_offsets_r_13 = hsplit_fused_8_op_offsets(off, vals[l]);
    long c_14 = op_offsets_r_13;
    off = c_14;
    for (long j = 0; j < 3; j++) {
        long x_2 = tile[l * 3 + j];
        tile[l * 3 + j] = off;
        long op_offsets_r_14 = hsplit_fused_8_op_offsets(off, x_2);
        long c_15 = op_offsets_r_14;
        off = c_15;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long j = 0; j < 3; j++) {
        const long p_1 = j * 256 + l;
        const long g = start + p_1;
        if (g < instances_1) {
            offsets[g] = tile[p_1];
        }
    }
}


// ===== cross_products_map_fused.cl =====
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

static inline void cross_products_map_fused_pull_lengths(long i, long n_points_1, long* r0, long* r1) {
    *r0 = n_points_1;
    *r1 = nessie_mul(i, n_points_1);
}

__kernel void cross_products_map_fused_lengths(long instances_2_arg, __global const long* instances_2_word, long n_points_1, __global long* lengths, __global long* offsets) {
    const long instances_2 = instances_2_arg >= 0 ? instances_2_arg : clamp(instances_2_word[0], 0L, (-1 - instances_2_arg) & 0xFFFFFFFFL) + ((-1 - instances_2_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < instances_2) {
        long pull_lengths_r;
        long pull_lengths_r_1;
        cross_products_map_fused_pull_lengths(gid, n_points_1, &pull_lengths_r, &pull_lengths_r_1);
        lengths[gid] = pull_lengths_r;
        offsets[gid] = pull_lengths_r_1;
    }
}

__kernel void cross_products_map_fused_lengths_idx32(long instances_2_arg, __global const long* instances_2_word, long n_points_1, __global long* lengths, __global long* offsets) {
    const long instances_2 = instances_2_arg >= 0 ? instances_2_arg : clamp(instances_2_word[0], 0L, (-1 - instances_2_arg) & 0xFFFFFFFFL) + ((-1 - instances_2_arg) >> 32);
    const long gid = (long)(uint)get_global_id(0);
    if (gid < instances_2) {
        long pull_lengths_r;
        long pull_lengths_r_1;
        cross_products_map_fused_pull_lengths(gid, n_points_1, &pull_lengths_r, &pull_lengths_r_1);
        lengths[gid] = pull_lengths_r;
        offsets[gid] = pull_lengths_r_1;
    }
}


// ===== hsplit_fused_9.cl =====
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

static inline long hsplit_fused_9_keep_kept(long j, double points_elements_1, double points_elements_2, double c, __global const double* cross_elements) {
    long i = j;
    double x = cross_elements[i];
    return x > -x ? 1L : 0L;
}

static inline void hsplit_fused_9_pull_kept(long i, __global const double* points_elements_1, __global const double* points_elements_2, __global const double* cross_elements, long* r0, double* r1, double* r2, double* r3) {
    *r0 = i;
    *r1 = points_elements_1[i];
    *r2 = points_elements_2[i];
    *r3 = cross_elements[i];
}

__kernel void hsplit_fused_9_kept(__global int* packed_elements_1_status, uint packed_elements_1_status_epoch, uint packed_elements_1_status_base, long n_points_elements_1_arg, __global const long* n_points_elements_1_word, __global const double* points_elements_1_1, __global const double* points_elements_2_5, __global const double* cross_elements, __global long* kept_kept, long lookback_tiles, __global const long* points_offsets, long n_points_offsets_arg, __global const long* n_points_offsets_word, __global long* packed_offsets, __global double* packed_elements_1, __global double* packed_elements_2) {
    __local long tile[1280];
    __local double tile_1[1280];
    __local double tile_2[1280];
    __local double tile_3[1280];
    __local long vals[306];
    __local long flags[35];
    __local uint masks[256];
    __local long range[4];
    const long n_points_elements_1 = n_points_elements_1_arg >= 0 ? n_points_elements_1_arg : clamp(n_points_elements_1_word[0], 0L, (-1 - n_points_elements_1_arg) & 0xFFFFFFFFL) + ((-1 - n_points_elements_1_arg) >> 32);
    const long n_points_offsets = n_points_offsets_arg >= 0 ? n_points_offsets_arg : clamp(n_points_offsets_word[0], 0L, (-1 - n_points_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_points_offsets_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(packed_elements_1_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(packed_elements_1_status) - packed_elements_1_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 1280;
    masks[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long j_1 = 0; j_1 < 5; j_1++) {
        const long p = j_1 * 256 + l;
        const long g = start + p;
        if (g < n_points_elements_1) {
            long pull_kept_r;
            double pull_kept_r_1;
            double pull_kept_r_2;
            double pull_kept_r_3;
            hsplit_fused_9_pull_kept(g, points_elements_1_1, points_elements_2_5, cross_elements, &pull_kept_r, &pull_kept_r_1, &pull_kept_r_2, &pull_kept_r_3);
            const long x = pull_kept_r;
            const double x_1 = pull_kept_r_1;
            const double x_2 = pull_kept_r_2;
            const double x_3 = pull_kept_r_3;
            tile_1[p] = x_1;
            tile_2[p] = x_2;
            long keep_kept_r = hsplit_fused_9_keep_kept(x, x_1, x_2, x_3, cross_elements);
            if (keep_kept_r != 0) {
                atomic_or(&masks[p / 5], 1u << (p % 5));
            }
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint mask = masks[l];
    vals[l] = (long)popcount(mask);
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
                long c = (sh) + (incl);
                incl = c;
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
            sh_1 = 0;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        long offset = 0;
        #pragma unroll
        for (long r = 0; r < 8; r++) {
            if (r < warp) {
                long c_1 = (offset) + (vals[256 + r]);
                offset = c_1;
            }
        }
        long c_2 = (offset) + (sh_1);
        offset = c_2;
        if (l < 32) {
            long agg = 0;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long c_3 = (agg) + (vals[256 + r]);
                agg = c_3;
            }
            if (lane == 0) {
                vals[305] = agg;
                if (tile_no == 0) {
                    const ulong bits = (ulong)(agg);
                    const ulong tag = (ulong)packed_elements_1_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag | (bits & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag | (bits >> 32);
                } else {
                    const ulong bits_1 = (ulong)(agg);
                    const ulong tag_1 = (ulong)packed_elements_1_status_epoch << 32;
                    status[((2 * tile_no + 0) * 1 + 0) * 2] = tag_1 | (bits_1 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 1 + 0) * 2 + 1] = tag_1 | (bits_1 >> 32);
                }
            }
            long prefix = 0;
            if (tile_no > 0) {
                long at = tile_no - 1;
                for (;;) {
                    const long jt = at - lane;
                    int fl = 0;
                    long win = 0;
                    if (jt >= 0) {
                        const ulong lo_2 = status[((2 * jt + 1) * 1 + 0) * 2];
                        const ulong hi_2 = status[((2 * jt + 1) * 1 + 0) * 2 + 1];
                        const ulong lo_3 = status[((2 * jt + 0) * 1 + 0) * 2];
                        const ulong hi_3 = status[((2 * jt + 0) * 1 + 0) * 2 + 1];
                        if ((lo_2 >> 32) == packed_elements_1_status_epoch && (hi_2 >> 32) == packed_elements_1_status_epoch) {
                            fl = 2;
                            win = (long)((lo_2 & 0xffffffffUL) | ((hi_2 & 0xffffffffUL) << 32));
                        } else {
                            if ((lo_3 >> 32) == packed_elements_1_status_epoch && (hi_3 >> 32) == packed_elements_1_status_epoch) {
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
                            win = 0;
                        }
                        #pragma unroll
                        for (int h_1 = 1; h_1 < 32; h_1 *= 2) {
                            const int2 w_2 = as_int2(win);
                            int lo_4, hi_4;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_4) : "r"(w_2.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_4) : "r"(w_2.y), "r"(h_1));
                            long sh_2 = as_long((int2)(lo_4, hi_4));
                            if (lane + h_1 < 32) {
                                long c_4 = (sh_2) + (win);
                                win = c_4;
                            }
                        }
                        long c_5 = (win) + (prefix);
                        prefix = c_5;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_1 = prefix;
                    long c_6 = (incl_1) + (agg);
                    incl_1 = c_6;
                    const ulong bits_2 = (ulong)(incl_1);
                    const ulong tag_2 = (ulong)packed_elements_1_status_epoch << 32;
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
            long row = 0;
            for (long c_7 = 0; c_7 < 16; c_7++) {
                long c_8 = (row) + (vals[l * 16 + c_7]);
                row = c_8;
            }
            vals[256 + l] = row;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) {
            long total = 0;
            for (long r_1 = 0; r_1 < 16; r_1++) {
                long x_5 = vals[256 + r_1];
                long c_9 = (total) + (x_5);
                total = c_9;
            }
            vals[305] = total;
            vals[304] = 0;
            if (tile_no == 0) {
                const ulong bits_3 = (ulong)(total);
                const ulong tag_3 = (ulong)packed_elements_1_status_epoch << 32;
                status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_3 | (bits_3 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_3 | (bits_3 >> 32);
            } else {
                const ulong bits_4 = (ulong)(total);
                const ulong tag_4 = (ulong)packed_elements_1_status_epoch << 32;
                status[((2 * tile_no + 0) * 1 + 0) * 2] = tag_4 | (bits_4 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 1 + 0) * 2 + 1] = tag_4 | (bits_4 >> 32);
            }
            flags[33] = tile_no > 0;
            flags[34] = tile_no - 1;
        }
        long excl = 0;
        const long my_row = l / 16;
        const long my_col = l - my_row * 16;
        #pragma unroll
        for (long r_1 = 0; r_1 < 16; r_1++) {
            if (r_1 < my_row) {
                long c_11 = (excl) + (vals[256 + r_1]);
                excl = c_11;
            }
        }
        #pragma unroll
        for (long c_7 = 0; c_7 < 16; c_7++) {
            if (c_7 < my_col) {
                long c_12 = (excl) + (vals[my_row * 16 + c_7]);
                excl = c_12;
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
                    if ((lo_5 >> 32) == packed_elements_1_status_epoch && (hi_5 >> 32) == packed_elements_1_status_epoch) {
                        fl_1 = 2;
                        vals[272 + l] = (long)((lo_5 & 0xffffffffUL) | ((hi_5 & 0xffffffffUL) << 32));
                    } else {
                        if ((lo_6 >> 32) == packed_elements_1_status_epoch && (hi_6 >> 32) == packed_elements_1_status_epoch) {
                            fl_1 = 1;
                            vals[272 + l] = (long)((lo_6 & 0xffffffffUL) | ((hi_6 & 0xffffffffUL) << 32));
                        }
                    }
                }
                flags[l] = fl_1;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            if (l == 0) {
                long excl_1 = vals[304];
                long more = 1;
                long k = 0;
                for (; k < 32; k++) {
                    if (flags[k] == 0) break;
                    long c_13 = (vals[272 + k]) + (excl_1);
                    excl_1 = c_13;
                    if (flags[k] == 2) {
                        more = 0;
                        k++;
                        break;
                    }
                }
                vals[304] = excl_1;
                flags[33] = more;
                flags[34] = at_1 - k;
                if (!more) {
                    long incl_2 = excl_1;
                    long c_14 = (incl_2) + (vals[305]);
                    incl_2 = c_14;
                    const ulong bits_5 = (ulong)(incl_2);
                    const ulong tag_5 = (ulong)packed_elements_1_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_5 | (bits_5 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_5 | (bits_5 >> 32);
                }
            }
        }
        vals[l] = excl;
    }
    #endif
    vals[l] = (vals[l] << 32) | mask;
    barrier(CLK_LOCAL_MEM_FENCE);
    const long base = vals[304];
    #pragma unroll
    for (long j_1 = 0; j_1 < 5; j_1++) {
        const long p = j_1 * 256 + l;
        const long owner = p / 5;
        const uint bit = (uint)(p - owner * 5);
        const long packed = vals[owner];
        const uint kmask = (uint)packed;
        if ((kmask >> bit) & 1u) {
            packed_elements_1[base + (packed >> 32) + (long)popcount(kmask & ((1u << bit) - 1u))] = tile_1[p];
            packed_elements_2[base + (packed >> 32) + (long)popcount(kmask & ((1u << bit) - 1u))] = tile_2[p];
        }
    }
    if (l == 0 && tile_no == lookback_tiles - 1) {
        kept_kept[0] = base + vals[305];
    }
    {
        const long lo_7 = 0, hi_7 = n_points_offsets;
        const long step = (hi_7 - lo_7 + 256 - 1) / 256;
        const long p_1 = lo_7 + l * step;
        if (lo_7 < hi_7) {
            if (p_1 < hi_7 && points_offsets[p_1] < start) {
                const long r_2 = p_1 + step;
                if (r_2 >= hi_7 || points_offsets[r_2] >= start) {
                    range[0] = p_1 + 1;
                    range[1] = min(r_2, hi_7);
                }
            }
            if (l == 0 && points_offsets[lo_7] >= start) {
                range[0] = lo_7;
                range[1] = lo_7;
            }
        } else if (l == 0) {
            range[0] = lo_7;
            range[1] = hi_7;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    {
        const long lo_8 = range[0], hi_8 = range[1];
        const long step_1 = (hi_8 - lo_8 + 256 - 1) / 256;
        const long p_2 = lo_8 + l * step_1;
        if (lo_8 < hi_8) {
            if (p_2 < hi_8 && points_offsets[p_2] < start) {
                const long r_3 = p_2 + step_1;
                if (r_3 >= hi_8 || points_offsets[r_3] >= start) {
                    range[2] = p_2 + 1;
                    range[3] = min(r_3, hi_8);
                }
            }
            if (l == 0 && points_offsets[lo_8] >= start) {
                range[2] = lo_8;
                range[3] = lo_8;
            }
        } else if (l == 0) {
            range[2] = lo_8;
            range[3] = hi_8;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long a = range[2], b = range[3];
    while (a < b) {
        const long mid = a + (b - a) / 2;
        if (points_offsets[mid] < start) a = mid + 1; else b = mid;
    }
    for (long s = a + l; s < n_points_offsets && (tile_no == lookback_tiles - 1 || points_offsets[s] < start + 1280); s += 256) {
        const long q = min(points_offsets[s], (long)(n_points_elements_1)) - start;
        const long owner_1 = min(q, (long)1280 - 1) / 5;
        const uint bit_1 = (uint)(q - owner_1 * 5);
        const long packed_1 = vals[owner_1];
        packed_offsets[s] = q >= 1280 ? base + vals[305] : base + (packed_1 >> 32) + (long)popcount((uint)packed_1 & ((1u << bit_1) - 1u));
    }
}


// ===== hsplit_fused_10.cl =====
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

static inline int hsplit_fused_10_pull_mapped(long i, __global const long* points_lengths, __global const long* cross_lengths, __global const long* packed_offsets, long packed_offsets_len, long c_len, __global long* err) {
    long len = points_lengths[i];
    long len_1 = cross_lengths[i];
    if (len != len_1) {
        nessie_fail(err, 1, 5, len, len_1);
        return 0;
    }
    long packed_lengths = nessie_sub(nessie_add(i, 1L) < packed_offsets_len ? packed_offsets[nessie_add(i, 1L)] : c_len, packed_offsets[i]);
    int v = packed_lengths < 2L;
    return v;
}

static inline long hsplit_fused_10_pull_rank(long i, __global const long* packed_offsets, long packed_offsets_len, long c_len) {
    long packed_lengths = nessie_sub(nessie_add(i, 1L) < packed_offsets_len ? packed_offsets[nessie_add(i, 1L)] : c_len, packed_offsets[i]);
    int mapped = packed_lengths < 2L;
    return (long)mapped;
}

static inline long hsplit_fused_10_op_rank(long a, long b) {
    return nessie_add(a, b);
}

static inline long hsplit_fused_10_keep_then_instances(long j, __global const long* packed_offsets, long packed_offsets_len, long c_len) {
    long i = j;
    long packed_lengths = nessie_sub(nessie_add(i, 1L) < packed_offsets_len ? packed_offsets[nessie_add(i, 1L)] : c_len, packed_offsets[i]);
    return packed_lengths < 2L ? 1L : 0L;
}

static inline long hsplit_fused_10_pull_then_instances(long i) {
    return i;
}

static inline long hsplit_fused_10_keep_else_instances(long j, __global const long* packed_offsets, long packed_offsets_len, long c_len) {
    long i = j;
    long packed_lengths = nessie_sub(nessie_add(i, 1L) < packed_offsets_len ? packed_offsets[nessie_add(i, 1L)] : c_len, packed_offsets[i]);
    return !(packed_lengths < 2L) ? 1L : 0L;
}

static inline void hsplit_fused_10_pull_total(long i, __global const long* packed_offsets, long packed_offsets_len, long c_len, __global const long* cross_lengths, long* r0, long* r1, long* r2) {
    long packed_lengths = nessie_sub(nessie_add(i, 1L) < packed_offsets_len ? packed_offsets[nessie_add(i, 1L)] : c_len, packed_offsets[i]);
    int mapped = packed_lengths < 2L;
    long packed_lengths_1 = nessie_sub(nessie_add(i, 1L) < packed_offsets_len ? packed_offsets[nessie_add(i, 1L)] : c_len, packed_offsets[i]);
    long v = mapped ? packed_lengths_1 : 0L;
    long packed_lengths_2 = nessie_sub(nessie_add(i, 1L) < packed_offsets_len ? packed_offsets[nessie_add(i, 1L)] : c_len, packed_offsets[i]);
    int mapped_1 = packed_lengths_2 < 2L;
    long v_1 = !mapped_1 ? cross_lengths[i] : 0L;
    long v_2 = v;
    long v_3 = v_1;
    long packed_lengths_3 = nessie_sub(nessie_add(i, 1L) < packed_offsets_len ? packed_offsets[nessie_add(i, 1L)] : c_len, packed_offsets[i]);
    int mapped_2 = packed_lengths_3 < 2L;
    long packed_lengths_4 = nessie_sub(nessie_add(i, 1L) < packed_offsets_len ? packed_offsets[nessie_add(i, 1L)] : c_len, packed_offsets[i]);
    long v_4 = !mapped_2 ? packed_lengths_4 : 0L;
    *r0 = v_2;
    *r1 = v_3;
    *r2 = v_4;
}

static inline void hsplit_fused_10_op_total(long a, long a_1, long a_2, long b, long b_1, long b_2, long* r0, long* r1, long* r2) {
    *r0 = nessie_add(a, b);
    *r1 = nessie_add(a_1, b_1);
    *r2 = nessie_add(a_2, b_2);
}

static inline long hsplit_fused_10_pull_packed_lengths(long s, __global const long* packed_offsets, long packed_offsets_len, long c_len) {
    return nessie_sub(nessie_add(s, 1L) < packed_offsets_len ? packed_offsets[nessie_add(s, 1L)] : c_len, packed_offsets[s]);
}

__kernel void hsplit_fused_10_mapped(__global int* mapped_status, uint mapped_status_epoch, uint mapped_status_base, long instances_1_arg, __global const long* instances_1_word, __global const long* points_lengths, __global const long* cross_lengths, __global const long* packed_offsets, long n_packed_offsets_arg, __global const long* n_packed_offsets_word, long n_c_arg, __global const long* n_c_word, long lookback_tiles, __global long* then_instances_kept, __global long* else_instances_kept, __global long* total_22, __global long* total_26, __global long* total_30, __global uchar* mapped_10, __global long* rank, __global long* then_instances, __global long* else_instances, __global long* err) {
    __local long tile[768];
    __local long tile_1[768];
    __local long tile_2[768];
    __local long tile_3[768];
    __local long vals[306];
    __local long vals_1[306];
    __local long vals_2[306];
    __local long vals_3[306];
    __local long vals_4[306];
    __local long vals_5[306];
    __local long flags[35];
    __local uchar kept[768];
    __local uchar kept_1[768];
    const long instances_1 = instances_1_arg >= 0 ? instances_1_arg : clamp(instances_1_word[0], 0L, (-1 - instances_1_arg) & 0xFFFFFFFFL) + ((-1 - instances_1_arg) >> 32);
    const long n_packed_offsets = n_packed_offsets_arg >= 0 ? n_packed_offsets_arg : clamp(n_packed_offsets_word[0], 0L, (-1 - n_packed_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_packed_offsets_arg) >> 32);
    const long n_c = n_c_arg >= 0 ? n_c_arg : clamp(n_c_word[0], 0L, (-1 - n_c_arg) & 0xFFFFFFFFL) + ((-1 - n_c_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(mapped_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(mapped_status) - mapped_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 768;
    for (long j = 0; j < 3; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < instances_1) {
            int pull_mapped_r = hsplit_fused_10_pull_mapped(g, points_lengths, cross_lengths, packed_offsets, n_packed_offsets, n_c, err);
            const int x = pull_mapped_r;
            long pull_rank_r = hsplit_fused_10_pull_rank(g, packed_offsets, n_packed_offsets, n_c);
            const long x_1 = pull_rank_r;
            long pull_then_instances_r = hsplit_fused_10_pull_then_instances(g);
            const long x_2 = pull_then_instances_r;
            long pull_total_r;
            long pull_total_r_1;
            long pull_total_r_2;
            hsplit_fused_10_pull_total(g, packed_offsets, n_packed_offsets, n_c, cross_lengths, &pull_total_r, &pull_total_r_1, &pull_total_r_2);
            const long x_3 = pull_total_r;
            const long x_4 = pull_total_r_1;
            const long x_5 = pull_total_r_2;
            long keep_then_instances_r = hsplit_fused_10_keep_then_instances(x_2, packed_offsets, n_packed_offsets, n_c);
            long keep_else_instances_r = hsplit_fused_10_keep_else_instances(x_2, packed_offsets, n_packed_offsets, n_c);
            mapped_10[g] = x;
            tile[p] = x_1;
            kept[p] = (keep_then_instances_r) != 0;
            kept_1[p] = (keep_else_instances_r) != 0;
            tile_1[p] = x_3;
            tile_2[p] = x_4;
            tile_3[p] = x_5;
        } else {
            tile[p] = 0L;
            kept[p] = 0;
            kept_1[p] = 0;
            tile_1[p] = 0L;
            tile_2[p] = 0L;
            tile_3[p] = 0L;
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
    long acc_5 = 0L;
    for (long j = 0; j < 3; j++) {
        long op_rank_r = hsplit_fused_10_op_rank(acc, tile[l * 3 + j]);
        long op_total_r;
        long op_total_r_1;
        long op_total_r_2;
        hsplit_fused_10_op_total(acc_3, acc_4, acc_5, tile_1[l * 3 + j], tile_2[l * 3 + j], tile_3[l * 3 + j], &op_total_r, &op_total_r_1, &op_total_r_2);
        long c_1 = op_rank_r;
        long c_2 = (acc_1) + ((long)((mask >> j) & 1u));
        long c_3 = (acc_2) + ((long)((mask_1 >> j) & 1u));
        long c_4 = op_total_r;
        long c_5 = op_total_r_1;
        long c_6 = op_total_r_2;
        acc = c_1;
        acc_1 = c_2;
        acc_2 = c_3;
        acc_3 = c_4;
        acc_4 = c_5;
        acc_5 = c_6;
    }
    vals[l] = acc;
    vals_1[l] = acc_1;
    vals_2[l] = acc_2;
    vals_3[l] = acc_3;
    vals_4[l] = acc_4;
    vals_5[l] = acc_5;
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
        long incl_5 = vals_5[l];
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
            const int2 w_5 = as_int2(incl_5);
            int lo_5, hi_5;
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_5) : "r"(w_5.x), "r"(h));
            asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_5) : "r"(w_5.y), "r"(h));
            long sh_5 = as_long((int2)(lo_5, hi_5));
            if (lane >= h) {
                long op_rank_r_1 = hsplit_fused_10_op_rank(sh, incl);
                long op_total_r_3;
                long op_total_r_4;
                long op_total_r_5;
                hsplit_fused_10_op_total(sh_3, sh_4, sh_5, incl_3, incl_4, incl_5, &op_total_r_3, &op_total_r_4, &op_total_r_5);
                long c_7 = op_rank_r_1;
                long c_8 = (sh_1) + (incl_1);
                long c_9 = (sh_2) + (incl_2);
                long c_10 = op_total_r_3;
                long c_11 = op_total_r_4;
                long c_12 = op_total_r_5;
                incl = c_7;
                incl_1 = c_8;
                incl_2 = c_9;
                incl_3 = c_10;
                incl_4 = c_11;
                incl_5 = c_12;
            }
        }
        if (lane == 31) {
            vals[256 + warp] = incl;
            vals_1[256 + warp] = incl_1;
            vals_2[256 + warp] = incl_2;
            vals_3[256 + warp] = incl_3;
            vals_4[256 + warp] = incl_4;
            vals_5[256 + warp] = incl_5;
        }
        const int2 w_6 = as_int2(incl);
        int lo_6, hi_6;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_6) : "r"(w_6.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_6) : "r"(w_6.y), "r"(1));
        long sh_6 = as_long((int2)(lo_6, hi_6));
        const int2 w_7 = as_int2(incl_1);
        int lo_7, hi_7;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_7) : "r"(w_7.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_7) : "r"(w_7.y), "r"(1));
        long sh_7 = as_long((int2)(lo_7, hi_7));
        const int2 w_8 = as_int2(incl_2);
        int lo_8, hi_8;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_8) : "r"(w_8.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_8) : "r"(w_8.y), "r"(1));
        long sh_8 = as_long((int2)(lo_8, hi_8));
        const int2 w_9 = as_int2(incl_3);
        int lo_9, hi_9;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_9) : "r"(w_9.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_9) : "r"(w_9.y), "r"(1));
        long sh_9 = as_long((int2)(lo_9, hi_9));
        const int2 w_10 = as_int2(incl_4);
        int lo_10, hi_10;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_10) : "r"(w_10.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_10) : "r"(w_10.y), "r"(1));
        long sh_10 = as_long((int2)(lo_10, hi_10));
        const int2 w_11 = as_int2(incl_5);
        int lo_11, hi_11;
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(lo_11) : "r"(w_11.x), "r"(1));
        asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(hi_11) : "r"(w_11.y), "r"(1));
        long sh_11 = as_long((int2)(lo_11, hi_11));
        if (lane == 0) {
            sh_6 = 0L;
            sh_7 = 0L;
            sh_8 = 0L;
            sh_9 = 0L;
            sh_10 = 0L;
            sh_11 = 0L;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        long offset = 0L;
        long offset_1 = 0L;
        long offset_2 = 0L;
        long offset_3 = 0L;
        long offset_4 = 0L;
        long offset_5 = 0L;
        #pragma unroll
        for (long r = 0; r < 8; r++) {
            if (r < warp) {
                long op_rank_r_2 = hsplit_fused_10_op_rank(offset, vals[256 + r]);
                long op_total_r_6;
                long op_total_r_7;
                long op_total_r_8;
                hsplit_fused_10_op_total(offset_3, offset_4, offset_5, vals_3[256 + r], vals_4[256 + r], vals_5[256 + r], &op_total_r_6, &op_total_r_7, &op_total_r_8);
                long c_13 = op_rank_r_2;
                long c_14 = (offset_1) + (vals_1[256 + r]);
                long c_15 = (offset_2) + (vals_2[256 + r]);
                long c_16 = op_total_r_6;
                long c_17 = op_total_r_7;
                long c_18 = op_total_r_8;
                offset = c_13;
                offset_1 = c_14;
                offset_2 = c_15;
                offset_3 = c_16;
                offset_4 = c_17;
                offset_5 = c_18;
            }
        }
        long op_rank_r_3 = hsplit_fused_10_op_rank(offset, sh_6);
        long op_total_r_9;
        long op_total_r_10;
        long op_total_r_11;
        hsplit_fused_10_op_total(offset_3, offset_4, offset_5, sh_9, sh_10, sh_11, &op_total_r_9, &op_total_r_10, &op_total_r_11);
        long c_19 = op_rank_r_3;
        long c_20 = (offset_1) + (sh_7);
        long c_21 = (offset_2) + (sh_8);
        long c_22 = op_total_r_9;
        long c_23 = op_total_r_10;
        long c_24 = op_total_r_11;
        offset = c_19;
        offset_1 = c_20;
        offset_2 = c_21;
        offset_3 = c_22;
        offset_4 = c_23;
        offset_5 = c_24;
        if (l < 32) {
            long agg = 0L;
            long agg_1 = 0L;
            long agg_2 = 0L;
            long agg_3 = 0L;
            long agg_4 = 0L;
            long agg_5 = 0L;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long op_rank_r_4 = hsplit_fused_10_op_rank(agg, vals[256 + r]);
                long op_total_r_12;
                long op_total_r_13;
                long op_total_r_14;
                hsplit_fused_10_op_total(agg_3, agg_4, agg_5, vals_3[256 + r], vals_4[256 + r], vals_5[256 + r], &op_total_r_12, &op_total_r_13, &op_total_r_14);
                long c_25 = op_rank_r_4;
                long c_26 = (agg_1) + (vals_1[256 + r]);
                long c_27 = (agg_2) + (vals_2[256 + r]);
                long c_28 = op_total_r_12;
                long c_29 = op_total_r_13;
                long c_30 = op_total_r_14;
                agg = c_25;
                agg_1 = c_26;
                agg_2 = c_27;
                agg_3 = c_28;
                agg_4 = c_29;
                agg_5 = c_30;
            }
            if (lane == 0) {
                vals[305] = agg;
                vals_1[305] = agg_1;
                vals_2[305] = agg_2;
                vals_3[305] = agg_3;
                vals_4[305] = agg_4;
                vals_5[305] = agg_5;
                if (tile_no == 0) {
                    const ulong bits = (ulong)(agg);
                    const ulong tag = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 0) * 2] = tag | (bits & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 0) * 2 + 1] = tag | (bits >> 32);
                    const ulong bits_1 = (ulong)(agg_1);
                    const ulong tag_1 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 1) * 2] = tag_1 | (bits_1 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 1) * 2 + 1] = tag_1 | (bits_1 >> 32);
                    const ulong bits_2 = (ulong)(agg_2);
                    const ulong tag_2 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 2) * 2] = tag_2 | (bits_2 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 2) * 2 + 1] = tag_2 | (bits_2 >> 32);
                    const ulong bits_3 = (ulong)(agg_3);
                    const ulong tag_3 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 3) * 2] = tag_3 | (bits_3 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 3) * 2 + 1] = tag_3 | (bits_3 >> 32);
                    const ulong bits_4 = (ulong)(agg_4);
                    const ulong tag_4 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 4) * 2] = tag_4 | (bits_4 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 4) * 2 + 1] = tag_4 | (bits_4 >> 32);
                    const ulong bits_5 = (ulong)(agg_5);
                    const ulong tag_5 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 5) * 2] = tag_5 | (bits_5 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 5) * 2 + 1] = tag_5 | (bits_5 >> 32);
                } else {
                    const ulong bits_6 = (ulong)(agg);
                    const ulong tag_6 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 0) * 6 + 0) * 2] = tag_6 | (bits_6 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 6 + 0) * 2 + 1] = tag_6 | (bits_6 >> 32);
                    const ulong bits_7 = (ulong)(agg_1);
                    const ulong tag_7 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 0) * 6 + 1) * 2] = tag_7 | (bits_7 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 6 + 1) * 2 + 1] = tag_7 | (bits_7 >> 32);
                    const ulong bits_8 = (ulong)(agg_2);
                    const ulong tag_8 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 0) * 6 + 2) * 2] = tag_8 | (bits_8 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 6 + 2) * 2 + 1] = tag_8 | (bits_8 >> 32);
                    const ulong bits_9 = (ulong)(agg_3);
                    const ulong tag_9 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 0) * 6 + 3) * 2] = tag_9 | (bits_9 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 6 + 3) * 2 + 1] = tag_9 | (bits_9 >> 32);
                    const ulong bits_10 = (ulong)(agg_4);
                    const ulong tag_10 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 0) * 6 + 4) * 2] = tag_10 | (bits_10 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 6 + 4) * 2 + 1] = tag_10 | (bits_10 >> 32);
                    const ulong bits_11 = (ulong)(agg_5);
                    const ulong tag_11 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 0) * 6 + 5) * 2] = tag_11 | (bits_11 & 0xffffffffUL);
                    status[((2 * tile_no + 0) * 6 + 5) * 2 + 1] = tag_11 | (bits_11 >> 32);
                }
            }
            long prefix = 0L;
            long prefix_1 = 0L;
            long prefix_2 = 0L;
            long prefix_3 = 0L;
            long prefix_4 = 0L;
            long prefix_5 = 0L;
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
                    long win_5 = 0L;
                    if (jt >= 0) {
                        const ulong lo_12 = status[((2 * jt + 1) * 6 + 0) * 2];
                        const ulong hi_12 = status[((2 * jt + 1) * 6 + 0) * 2 + 1];
                        const ulong lo_13 = status[((2 * jt + 1) * 6 + 1) * 2];
                        const ulong hi_13 = status[((2 * jt + 1) * 6 + 1) * 2 + 1];
                        const ulong lo_14 = status[((2 * jt + 1) * 6 + 2) * 2];
                        const ulong hi_14 = status[((2 * jt + 1) * 6 + 2) * 2 + 1];
                        const ulong lo_15 = status[((2 * jt + 1) * 6 + 3) * 2];
                        const ulong hi_15 = status[((2 * jt + 1) * 6 + 3) * 2 + 1];
                        const ulong lo_16 = status[((2 * jt + 1) * 6 + 4) * 2];
                        const ulong hi_16 = status[((2 * jt + 1) * 6 + 4) * 2 + 1];
                        const ulong lo_17 = status[((2 * jt + 1) * 6 + 5) * 2];
                        const ulong hi_17 = status[((2 * jt + 1) * 6 + 5) * 2 + 1];
                        if ((lo_12 >> 32) == mapped_status_epoch && (hi_12 >> 32) == mapped_status_epoch && (lo_13 >> 32) == mapped_status_epoch && (hi_13 >> 32) == mapped_status_epoch && (lo_14 >> 32) == mapped_status_epoch && (hi_14 >> 32) == mapped_status_epoch && (lo_15 >> 32) == mapped_status_epoch && (hi_15 >> 32) == mapped_status_epoch && (lo_16 >> 32) == mapped_status_epoch && (hi_16 >> 32) == mapped_status_epoch && (lo_17 >> 32) == mapped_status_epoch && (hi_17 >> 32) == mapped_status_epoch) {
                            fl = 2;
                            win = (long)((lo_12 & 0xffffffffUL) | ((hi_12 & 0xffffffffUL) << 32));
                            win_1 = (long)((lo_13 & 0xffffffffUL) | ((hi_13 & 0xffffffffUL) << 32));
                            win_2 = (long)((lo_14 & 0xffffffffUL) | ((hi_14 & 0xffffffffUL) << 32));
                            win_3 = (long)((lo_15 & 0xffffffffUL) | ((hi_15 & 0xffffffffUL) << 32));
                            win_4 = (long)((lo_16 & 0xffffffffUL) | ((hi_16 & 0xffffffffUL) << 32));
                            win_5 = (long)((lo_17 & 0xffffffffUL) | ((hi_17 & 0xffffffffUL) << 32));
                        }
                        if (fl == 0) {
                            const ulong lo_18 = status[((2 * jt + 0) * 6 + 0) * 2];
                            const ulong hi_18 = status[((2 * jt + 0) * 6 + 0) * 2 + 1];
                            const ulong lo_19 = status[((2 * jt + 0) * 6 + 1) * 2];
                            const ulong hi_19 = status[((2 * jt + 0) * 6 + 1) * 2 + 1];
                            const ulong lo_20 = status[((2 * jt + 0) * 6 + 2) * 2];
                            const ulong hi_20 = status[((2 * jt + 0) * 6 + 2) * 2 + 1];
                            const ulong lo_21 = status[((2 * jt + 0) * 6 + 3) * 2];
                            const ulong hi_21 = status[((2 * jt + 0) * 6 + 3) * 2 + 1];
                            const ulong lo_22 = status[((2 * jt + 0) * 6 + 4) * 2];
                            const ulong hi_22 = status[((2 * jt + 0) * 6 + 4) * 2 + 1];
                            const ulong lo_23 = status[((2 * jt + 0) * 6 + 5) * 2];
                            const ulong hi_23 = status[((2 * jt + 0) * 6 + 5) * 2 + 1];
                            if ((lo_18 >> 32) == mapped_status_epoch && (hi_18 >> 32) == mapped_status_epoch && (lo_19 >> 32) == mapped_status_epoch && (hi_19 >> 32) == mapped_status_epoch && (lo_20 >> 32) == mapped_status_epoch && (hi_20 >> 32) == mapped_status_epoch && (lo_21 >> 32) == mapped_status_epoch && (hi_21 >> 32) == mapped_status_epoch && (lo_22 >> 32) == mapped_status_epoch && (hi_22 >> 32) == mapped_status_epoch && (lo_23 >> 32) == mapped_status_epoch && (hi_23 >> 32) == mapped_status_epoch) {
                                fl = 1;
                                win = (long)((lo_18 & 0xffffffffUL) | ((hi_18 & 0xffffffffUL) << 32));
                                win_1 = (long)((lo_19 & 0xffffffffUL) | ((hi_19 & 0xffffffffUL) << 32));
                                win_2 = (long)((lo_20 & 0xffffffffUL) | ((hi_20 & 0xffffffffUL) << 32));
                                win_3 = (long)((lo_21 & 0xffffffffUL) | ((hi_21 & 0xffffffffUL) << 32));
                                win_4 = (long)((lo_22 & 0xffffffffUL) | ((hi_22 & 0xffffffffUL) << 32));
                                win_5 = (long)((lo_23 & 0xffffffffUL) | ((hi_23 & 0xffffffffUL) << 32));
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
                            win_5 = 0L;
                        }
                        #pragma unroll
                        for (int h_1 = 1; h_1 < 32; h_1 *= 2) {
                            const int2 w_12 = as_int2(win);
                            int lo_24, hi_24;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_24) : "r"(w_12.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_24) : "r"(w_12.y), "r"(h_1));
                            long sh_12 = as_long((int2)(lo_24, hi_24));
                            const int2 w_13 = as_int2(win_1);
                            int lo_25, hi_25;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_25) : "r"(w_13.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_25) : "r"(w_13.y), "r"(h_1));
                            long sh_13 = as_long((int2)(lo_25, hi_25));
                            const int2 w_14 = as_int2(win_2);
                            int lo_26, hi_26;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_26) : "r"(w_14.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_26) : "r"(w_14.y), "r"(h_1));
                            long sh_14 = as_long((int2)(lo_26, hi_26));
                            const int2 w_15 = as_int2(win_3);
                            int lo_27, hi_27;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_27) : "r"(w_15.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_27) : "r"(w_15.y), "r"(h_1));
                            long sh_15 = as_long((int2)(lo_27, hi_27));
                            const int2 w_16 = as_int2(win_4);
                            int lo_28, hi_28;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_28) : "r"(w_16.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_28) : "r"(w_16.y), "r"(h_1));
                            long sh_16 = as_long((int2)(lo_28, hi_28));
                            const int2 w_17 = as_int2(win_5);
                            int lo_29, hi_29;
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(lo_29) : "r"(w_17.x), "r"(h_1));
                            asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(hi_29) : "r"(w_17.y), "r"(h_1));
                            long sh_17 = as_long((int2)(lo_29, hi_29));
                            if (lane + h_1 < 32) {
                                long op_rank_r_5 = hsplit_fused_10_op_rank(sh_12, win);
                                long op_total_r_15;
                                long op_total_r_16;
                                long op_total_r_17;
                                hsplit_fused_10_op_total(sh_15, sh_16, sh_17, win_3, win_4, win_5, &op_total_r_15, &op_total_r_16, &op_total_r_17);
                                long c_31 = op_rank_r_5;
                                long c_32 = (sh_13) + (win_1);
                                long c_33 = (sh_14) + (win_2);
                                long c_34 = op_total_r_15;
                                long c_35 = op_total_r_16;
                                long c_36 = op_total_r_17;
                                win = c_31;
                                win_1 = c_32;
                                win_2 = c_33;
                                win_3 = c_34;
                                win_4 = c_35;
                                win_5 = c_36;
                            }
                        }
                        long op_rank_r_6 = hsplit_fused_10_op_rank(win, prefix);
                        long op_total_r_18;
                        long op_total_r_19;
                        long op_total_r_20;
                        hsplit_fused_10_op_total(win_3, win_4, win_5, prefix_3, prefix_4, prefix_5, &op_total_r_18, &op_total_r_19, &op_total_r_20);
                        long c_37 = op_rank_r_6;
                        long c_38 = (win_1) + (prefix_1);
                        long c_39 = (win_2) + (prefix_2);
                        long c_40 = op_total_r_18;
                        long c_41 = op_total_r_19;
                        long c_42 = op_total_r_20;
                        prefix = c_37;
                        prefix_1 = c_38;
                        prefix_2 = c_39;
                        prefix_3 = c_40;
                        prefix_4 = c_41;
                        prefix_5 = c_42;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_6 = prefix;
                    long incl_7 = prefix_1;
                    long incl_8 = prefix_2;
                    long incl_9 = prefix_3;
                    long incl_10 = prefix_4;
                    long incl_11 = prefix_5;
                    long op_rank_r_7 = hsplit_fused_10_op_rank(incl_6, agg);
                    long op_total_r_21;
                    long op_total_r_22;
                    long op_total_r_23;
                    hsplit_fused_10_op_total(incl_9, incl_10, incl_11, agg_3, agg_4, agg_5, &op_total_r_21, &op_total_r_22, &op_total_r_23);
                    long c_43 = op_rank_r_7;
                    long c_44 = (incl_7) + (agg_1);
                    long c_45 = (incl_8) + (agg_2);
                    long c_46 = op_total_r_21;
                    long c_47 = op_total_r_22;
                    long c_48 = op_total_r_23;
                    incl_6 = c_43;
                    incl_7 = c_44;
                    incl_8 = c_45;
                    incl_9 = c_46;
                    incl_10 = c_47;
                    incl_11 = c_48;
                    const ulong bits_12 = (ulong)(incl_6);
                    const ulong tag_12 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 0) * 2] = tag_12 | (bits_12 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 0) * 2 + 1] = tag_12 | (bits_12 >> 32);
                    const ulong bits_13 = (ulong)(incl_7);
                    const ulong tag_13 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 1) * 2] = tag_13 | (bits_13 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 1) * 2 + 1] = tag_13 | (bits_13 >> 32);
                    const ulong bits_14 = (ulong)(incl_8);
                    const ulong tag_14 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 2) * 2] = tag_14 | (bits_14 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 2) * 2 + 1] = tag_14 | (bits_14 >> 32);
                    const ulong bits_15 = (ulong)(incl_9);
                    const ulong tag_15 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 3) * 2] = tag_15 | (bits_15 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 3) * 2 + 1] = tag_15 | (bits_15 >> 32);
                    const ulong bits_16 = (ulong)(incl_10);
                    const ulong tag_16 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 4) * 2] = tag_16 | (bits_16 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 4) * 2 + 1] = tag_16 | (bits_16 >> 32);
                    const ulong bits_17 = (ulong)(incl_11);
                    const ulong tag_17 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 5) * 2] = tag_17 | (bits_17 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 5) * 2 + 1] = tag_17 | (bits_17 >> 32);
                }
            }
            if (lane == 0) {
                vals[304] = prefix;
                vals_1[304] = prefix_1;
                vals_2[304] = prefix_2;
                vals_3[304] = prefix_3;
                vals_4[304] = prefix_4;
                vals_5[304] = prefix_5;
            }
        }
        vals[l] = offset;
        vals_1[l] = offset_1;
        vals_2[l] = offset_2;
        vals_3[l] = offset_3;
        vals_4[l] = offset_4;
        vals_5[l] = offset_5;
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
            long row_5 = 0L;
            for (long c_49 = 0; c_49 < 16; c_49++) {
                long op_rank_r_8 = hsplit_fused_10_op_rank(row, vals[l * 16 + c_49]);
                long op_total_r_24;
                long op_total_r_25;
                long op_total_r_26;
                hsplit_fused_10_op_total(row_3, row_4, row_5, vals_3[l * 16 + c_49], vals_4[l * 16 + c_49], vals_5[l * 16 + c_49], &op_total_r_24, &op_total_r_25, &op_total_r_26);
                long c_50 = op_rank_r_8;
                long c_51 = (row_1) + (vals_1[l * 16 + c_49]);
                long c_52 = (row_2) + (vals_2[l * 16 + c_49]);
                long c_53 = op_total_r_24;
                long c_54 = op_total_r_25;
                long c_55 = op_total_r_26;
                row = c_50;
                row_1 = c_51;
                row_2 = c_52;
                row_3 = c_53;
                row_4 = c_54;
                row_5 = c_55;
            }
            vals[256 + l] = row;
            vals_1[256 + l] = row_1;
            vals_2[256 + l] = row_2;
            vals_3[256 + l] = row_3;
            vals_4[256 + l] = row_4;
            vals_5[256 + l] = row_5;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) {
            long total = 0L;
            long total_1 = 0L;
            long total_2 = 0L;
            long total_3 = 0L;
            long total_4 = 0L;
            long total_5 = 0L;
            for (long r_1 = 0; r_1 < 16; r_1++) {
                long x_6 = vals[256 + r_1];
                long x_7 = vals_1[256 + r_1];
                long x_8 = vals_2[256 + r_1];
                long x_9 = vals_3[256 + r_1];
                long x_10 = vals_4[256 + r_1];
                long x_11 = vals_5[256 + r_1];
                long op_rank_r_9 = hsplit_fused_10_op_rank(total, x_6);
                long op_total_r_27;
                long op_total_r_28;
                long op_total_r_29;
                hsplit_fused_10_op_total(total_3, total_4, total_5, x_9, x_10, x_11, &op_total_r_27, &op_total_r_28, &op_total_r_29);
                long c_56 = op_rank_r_9;
                long c_57 = (total_1) + (x_7);
                long c_58 = (total_2) + (x_8);
                long c_59 = op_total_r_27;
                long c_60 = op_total_r_28;
                long c_61 = op_total_r_29;
                total = c_56;
                total_1 = c_57;
                total_2 = c_58;
                total_3 = c_59;
                total_4 = c_60;
                total_5 = c_61;
            }
            vals[305] = total;
            vals_1[305] = total_1;
            vals_2[305] = total_2;
            vals_3[305] = total_3;
            vals_4[305] = total_4;
            vals_5[305] = total_5;
            vals[304] = 0L;
            vals_1[304] = 0L;
            vals_2[304] = 0L;
            vals_3[304] = 0L;
            vals_4[304] = 0L;
            vals_5[304] = 0L;
            if (tile_no == 0) {
                const ulong bits_18 = (ulong)(total);
                const ulong tag_18 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 1) * 6 + 0) * 2] = tag_18 | (bits_18 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 6 + 0) * 2 + 1] = tag_18 | (bits_18 >> 32);
                const ulong bits_19 = (ulong)(total_1);
                const ulong tag_19 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 1) * 6 + 1) * 2] = tag_19 | (bits_19 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 6 + 1) * 2 + 1] = tag_19 | (bits_19 >> 32);
                const ulong bits_20 = (ulong)(total_2);
                const ulong tag_20 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 1) * 6 + 2) * 2] = tag_20 | (bits_20 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 6 + 2) * 2 + 1] = tag_20 | (bits_20 >> 32);
                const ulong bits_21 = (ulong)(total_3);
                const ulong tag_21 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 1) * 6 + 3) * 2] = tag_21 | (bits_21 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 6 + 3) * 2 + 1] = tag_21 | (bits_21 >> 32);
                const ulong bits_22 = (ulong)(total_4);
                const ulong tag_22 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 1) * 6 + 4) * 2] = tag_22 | (bits_22 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 6 + 4) * 2 + 1] = tag_22 | (bits_22 >> 32);
                const ulong bits_23 = (ulong)(total_5);
                const ulong tag_23 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 1) * 6 + 5) * 2] = tag_23 | (bits_23 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 6 + 5) * 2 + 1] = tag_23 | (bits_23 >> 32);
            } else {
                const ulong bits_24 = (ulong)(total);
                const ulong tag_24 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 0) * 6 + 0) * 2] = tag_24 | (bits_24 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 6 + 0) * 2 + 1] = tag_24 | (bits_24 >> 32);
                const ulong bits_25 = (ulong)(total_1);
                const ulong tag_25 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 0) * 6 + 1) * 2] = tag_25 | (bits_25 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 6 + 1) * 2 + 1] = tag_25 | (bits_25 >> 32);
                const ulong bits_26 = (ulong)(total_2);
                const ulong tag_26 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 0) * 6 + 2) * 2] = tag_26 | (bits_26 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 6 + 2) * 2 + 1] = tag_26 | (bits_26 >> 32);
                const ulong bits_27 = (ulong)(total_3);
                const ulong tag_27 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 0) * 6 + 3) * 2] = tag_27 | (bits_27 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 6 + 3) * 2 + 1] = tag_27 | (bits_27 >> 32);
                const ulong bits_28 = (ulong)(total_4);
                const ulong tag_28 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 0) * 6 + 4) * 2] = tag_28 | (bits_28 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 6 + 4) * 2 + 1] = tag_28 | (bits_28 >> 32);
                const ulong bits_29 = (ulong)(total_5);
                const ulong tag_29 = (ulong)mapped_status_epoch << 32;
                status[((2 * tile_no + 0) * 6 + 5) * 2] = tag_29 | (bits_29 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 6 + 5) * 2 + 1] = tag_29 | (bits_29 >> 32);
            }
            flags[33] = tile_no > 0;
            flags[34] = tile_no - 1;
        }
        long excl = 0L;
        long excl_1 = 0L;
        long excl_2 = 0L;
        long excl_3 = 0L;
        long excl_4 = 0L;
        long excl_5 = 0L;
        const long my_row = l / 16;
        const long my_col = l - my_row * 16;
        #pragma unroll
        for (long r_1 = 0; r_1 < 16; r_1++) {
            if (r_1 < my_row) {
                long op_rank_r_10 = hsplit_fused_10_op_rank(excl, vals[256 + r_1]);
                long op_total_r_30;
                long op_total_r_31;
                long op_total_r_32;
                hsplit_fused_10_op_total(excl_3, excl_4, excl_5, vals_3[256 + r_1], vals_4[256 + r_1], vals_5[256 + r_1], &op_total_r_30, &op_total_r_31, &op_total_r_32);
                long c_62 = op_rank_r_10;
                long c_63 = (excl_1) + (vals_1[256 + r_1]);
                long c_64 = (excl_2) + (vals_2[256 + r_1]);
                long c_65 = op_total_r_30;
                long c_66 = op_total_r_31;
                long c_67 = op_total_r_32;
                excl = c_62;
                excl_1 = c_63;
                excl_2 = c_64;
                excl_3 = c_65;
                excl_4 = c_66;
                excl_5 = c_67;
            }
        }
        #pragma unroll
        for (long c_49 = 0; c_49 < 16; c_49++) {
            if (c_49 < my_col) {
                long op_rank_r_11 = hsplit_fused_10_op_rank(excl, vals[my_row * 16 + c_49]);
                long op_total_r_33;
                long op_total_r_34;
                long op_total_r_35;
                hsplit_fused_10_op_total(excl_3, excl_4, excl_5, vals_3[my_row * 16 + c_49], vals_4[my_row * 16 + c_49], vals_5[my_row * 16 + c_49], &op_total_r_33, &op_total_r_34, &op_total_r_35);
                long c_68 = op_rank_r_11;
                long c_69 = (excl_1) + (vals_1[my_row * 16 + c_49]);
                long c_70 = (excl_2) + (vals_2[my_row * 16 + c_49]);
                long c_71 = op_total_r_33;
                long c_72 = op_total_r_34;
                long c_73 = op_total_r_35;
                excl = c_68;
                excl_1 = c_69;
                excl_2 = c_70;
                excl_3 = c_71;
                excl_4 = c_72;
                excl_5 = c_73;
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
                    const ulong lo_30 = status[((2 * jt_1 + 1) * 6 + 0) * 2];
                    const ulong hi_30 = status[((2 * jt_1 + 1) * 6 + 0) * 2 + 1];
                    const ulong lo_31 = status[((2 * jt_1 + 1) * 6 + 1) * 2];
                    const ulong hi_31 = status[((2 * jt_1 + 1) * 6 + 1) * 2 + 1];
                    const ulong lo_32 = status[((2 * jt_1 + 1) * 6 + 2) * 2];
                    const ulong hi_32 = status[((2 * jt_1 + 1) * 6 + 2) * 2 + 1];
                    const ulong lo_33 = status[((2 * jt_1 + 1) * 6 + 3) * 2];
                    const ulong hi_33 = status[((2 * jt_1 + 1) * 6 + 3) * 2 + 1];
                    const ulong lo_34 = status[((2 * jt_1 + 1) * 6 + 4) * 2];
                    const ulong hi_34 = status[((2 * jt_1 + 1) * 6 + 4) * 2 + 1];
                    const ulong lo_35 = status[((2 * jt_1 + 1) * 6 + 5) * 2];
                    const ulong hi_35 = status[((2 * jt_1 + 1) * 6 + 5) * 2 + 1];
                    if ((lo_30 >> 32) == mapped_status_epoch && (hi_30 >> 32) == mapped_status_epoch && (lo_31 >> 32) == mapped_status_epoch && (hi_31 >> 32) == mapped_status_epoch && (lo_32 >> 32) == mapped_status_epoch && (hi_32 >> 32) == mapped_status_epoch && (lo_33 >> 32) == mapped_status_epoch && (hi_33 >> 32) == mapped_status_epoch && (lo_34 >> 32) == mapped_status_epoch && (hi_34 >> 32) == mapped_status_epoch && (lo_35 >> 32) == mapped_status_epoch && (hi_35 >> 32) == mapped_status_epoch) {
                        fl_1 = 2;
                        vals[272 + l] = (long)((lo_30 & 0xffffffffUL) | ((hi_30 & 0xffffffffUL) << 32));
                        vals_1[272 + l] = (long)((lo_31 & 0xffffffffUL) | ((hi_31 & 0xffffffffUL) << 32));
                        vals_2[272 + l] = (long)((lo_32 & 0xffffffffUL) | ((hi_32 & 0xffffffffUL) << 32));
                        vals_3[272 + l] = (long)((lo_33 & 0xffffffffUL) | ((hi_33 & 0xffffffffUL) << 32));
                        vals_4[272 + l] = (long)((lo_34 & 0xffffffffUL) | ((hi_34 & 0xffffffffUL) << 32));
                        vals_5[272 + l] = (long)((lo_35 & 0xffffffffUL) | ((hi_35 & 0xffffffffUL) << 32));
                    }
                    if (fl_1 == 0) {
                        const ulong lo_36 = status[((2 * jt_1 + 0) * 6 + 0) * 2];
                        const ulong hi_36 = status[((2 * jt_1 + 0) * 6 + 0) * 2 + 1];
                        const ulong lo_37 = status[((2 * jt_1 + 0) * 6 + 1) * 2];
                        const ulong hi_37 = status[((2 * jt_1 + 0) * 6 + 1) * 2 + 1];
                        const ulong lo_38 = status[((2 * jt_1 + 0) * 6 + 2) * 2];
                        const ulong hi_38 = status[((2 * jt_1 + 0) * 6 + 2) * 2 + 1];
                        const ulong lo_39 = status[((2 * jt_1 + 0) * 6 + 3) * 2];
                        const ulong hi_39 = status[((2 * jt_1 + 0) * 6 + 3) * 2 + 1];
                        const ulong lo_40 = status[((2 * jt_1 + 0) * 6 + 4) * 2];
                        const ulong hi_40 = status[((2 * jt_1 + 0) * 6 + 4) * 2 + 1];
                        const ulong lo_41 = status[((2 * jt_1 + 0) * 6 + 5) * 2];
                        const ulong hi_41 = status[((2 * jt_1 + 0) * 6 + 5) * 2 + 1];
                        if ((lo_36 >> 32) == mapped_status_epoch && (hi_36 >> 32) == mapped_status_epoch && (lo_37 >> 32) == mapped_status_epoch && (hi_37 >> 32) == mapped_status_epoch && (lo_38 >> 32) == mapped_status_epoch && (hi_38 >> 32) == mapped_status_epoch && (lo_39 >> 32) == mapped_status_epoch && (hi_39 >> 32) == mapped_status_epoch && (lo_40 >> 32) == mapped_status_epoch && (hi_40 >> 32) == mapped_status_epoch && (lo_41 >> 32) == mapped_status_epoch && (hi_41 >> 32) == mapped_status_epoch) {
                            fl_1 = 1;
                            vals[272 + l] = (long)((lo_36 & 0xffffffffUL) | ((hi_36 & 0xffffffffUL) << 32));
                            vals_1[272 + l] = (long)((lo_37 & 0xffffffffUL) | ((hi_37 & 0xffffffffUL) << 32));
                            vals_2[272 + l] = (long)((lo_38 & 0xffffffffUL) | ((hi_38 & 0xffffffffUL) << 32));
                            vals_3[272 + l] = (long)((lo_39 & 0xffffffffUL) | ((hi_39 & 0xffffffffUL) << 32));
                            vals_4[272 + l] = (long)((lo_40 & 0xffffffffUL) | ((hi_40 & 0xffffffffUL) << 32));
                            vals_5[272 + l] = (long)((lo_41 & 0xffffffffUL) | ((hi_41 & 0xffffffffUL) << 32));
                        }
                    }
                }
                flags[l] = fl_1;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            if (l == 0) {
                long excl_6 = vals[304];
                long excl_7 = vals_1[304];
                long excl_8 = vals_2[304];
                long excl_9 = vals_3[304];
                long excl_10 = vals_4[304];
                long excl_11 = vals_5[304];
                long more = 1;
                long k = 0;
                for (; k < 32; k++) {
                    if (flags[k] == 0) break;
                    long op_rank_r_12 = hsplit_fused_10_op_rank(vals[272 + k], excl_6);
                    long op_total_r_36;
                    long op_total_r_37;
                    long op_total_r_38;
                    hsplit_fused_10_op_total(vals_3[272 + k], vals_4[272 + k], vals_5[272 + k], excl_9, excl_10, excl_11, &op_total_r_36, &op_total_r_37, &op_total_r_38);
                    long c_74 = op_rank_r_12;
                    long c_75 = (vals_1[272 + k]) + (excl_7);
                    long c_76 = (vals_2[272 + k]) + (excl_8);
                    long c_77 = op_total_r_36;
                    long c_78 = op_total_r_37;
                    long c_79 = op_total_r_38;
                    excl_6 = c_74;
                    excl_7 = c_75;
                    excl_8 = c_76;
                    excl_9 = c_77;
                    excl_10 = c_78;
                    excl_11 = c_79;
                    if (flags[k] == 2) {
                        more = 0;
                        k++;
                        break;
                    }
                }
                vals[304] = excl_6;
                vals_1[304] = excl_7;
                vals_2[304] = excl_8;
                vals_3[304] = excl_9;
                vals_4[304] = excl_10;
                vals_5[304] = excl_11;
                flags[33] = more;
                flags[34] = at_1 - k;
                if (!more) {
                    long incl_12 = excl_6;
                    long incl_13 = excl_7;
                    long incl_14 = excl_8;
                    long incl_15 = excl_9;
                    long incl_16 = excl_10;
                    long incl_17 = excl_11;
                    long op_rank_r_13 = hsplit_fused_10_op_rank(incl_12, vals[305]);
                    long op_total_r_39;
                    long op_total_r_40;
                    long op_total_r_41;
                    hsplit_fused_10_op_total(incl_15, incl_16, incl_17, vals_3[305], vals_4[305], vals_5[305], &op_total_r_39, &op_total_r_40, &op_total_r_41);
                    long c_80 = op_rank_r_13;
                    long c_81 = (incl_13) + (vals_1[305]);
                    long c_82 = (incl_14) + (vals_2[305]);
                    long c_83 = op_total_r_39;
                    long c_84 = op_total_r_40;
                    long c_85 = op_total_r_41;
                    incl_12 = c_80;
                    incl_13 = c_81;
                    incl_14 = c_82;
                    incl_15 = c_83;
                    incl_16 = c_84;
                    incl_17 = c_85;
                    const ulong bits_30 = (ulong)(incl_12);
                    const ulong tag_30 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 0) * 2] = tag_30 | (bits_30 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 0) * 2 + 1] = tag_30 | (bits_30 >> 32);
                    const ulong bits_31 = (ulong)(incl_13);
                    const ulong tag_31 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 1) * 2] = tag_31 | (bits_31 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 1) * 2 + 1] = tag_31 | (bits_31 >> 32);
                    const ulong bits_32 = (ulong)(incl_14);
                    const ulong tag_32 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 2) * 2] = tag_32 | (bits_32 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 2) * 2 + 1] = tag_32 | (bits_32 >> 32);
                    const ulong bits_33 = (ulong)(incl_15);
                    const ulong tag_33 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 3) * 2] = tag_33 | (bits_33 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 3) * 2 + 1] = tag_33 | (bits_33 >> 32);
                    const ulong bits_34 = (ulong)(incl_16);
                    const ulong tag_34 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 4) * 2] = tag_34 | (bits_34 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 4) * 2 + 1] = tag_34 | (bits_34 >> 32);
                    const ulong bits_35 = (ulong)(incl_17);
                    const ulong tag_35 = (ulong)mapped_status_epoch << 32;
                    status[((2 * tile_no + 1) * 6 + 5) * 2] = tag_35 | (bits_35 & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 6 + 5) * 2 + 1] = tag_35 | (bits_35 >> 32);
                }
            }
        }
        vals[l] = excl;
        vals_1[l] = excl_1;
        vals_2[l] = excl_2;
        vals_3[l] = excl_3;
        vals_4[l] = excl_4;
        vals_5[l] = excl_5;
    }
    #endif
    long off = vals[304];
    long off_1 = vals_1[304];
    long off_2 = vals_2[304];
    long off_3 = vals_3[304];
    long off_4 = vals_4[304];
    long off_5 = vals_5[304];
    long op_rank_r_14 = hsplit_fused_10_op_rank(off, vals[l]);
    long op_total_r_42;
    long op_total_r_43;
    long op_total_r_44;
    hsplit_fused_10_op_total(off_3, off_4, off_5, vals_3[l], vals_4[l], vals_5[l], &op_total_r_42, &op_total_r_43, &op_total_r_44);
    long c_86 = op_rank_r_14;
    long c_87 = (off_1) + (vals_1[l]);
    long c_88 = (off_2) + (vals_2[l]);
    long c_89 = op_total_r_42;
    long c_90 = op_total_r_43;
    long c_91 = op_total_r_44;
    off = c_86;
    off_1 = c_87;
    off_2 = c_88;
    off_3 = c_89;
    off_4 = c_90;
    off_5 = c_91;
    for (long j = 0; j < 3; j++) {
        long x_12 = tile[l * 3 + j];
        tile[l * 3 + j] = off;
        long op_rank_r_15 = hsplit_fused_10_op_rank(off, x_12);
        long c_92 = op_rank_r_15;
        off = c_92;
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
        if (g < instances_1) {
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
        long op_total_r_45;
        long op_total_r_46;
        long op_total_r_47;
        hsplit_fused_10_op_total(vals_3[304], vals_4[304], vals_5[304], vals_3[305], vals_4[305], vals_5[305], &op_total_r_45, &op_total_r_46, &op_total_r_47);
        total_22[0] = op_total_r_45;
        total_26[0] = op_total_r_46;
        total_30[0] = op_total_r_47;
    }
}

__kernel void hsplit_fused_10_packed_lengths(long n_packed_offsets_arg, __global const long* n_packed_offsets_word, __global const long* packed_offsets, long n_c_arg, __global const long* n_c_word, __global long* packed_lengths_8) {
    const long n_packed_offsets = n_packed_offsets_arg >= 0 ? n_packed_offsets_arg : clamp(n_packed_offsets_word[0], 0L, (-1 - n_packed_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_packed_offsets_arg) >> 32);
    const long n_c = n_c_arg >= 0 ? n_c_arg : clamp(n_c_word[0], 0L, (-1 - n_c_arg) & 0xFFFFFFFFL) + ((-1 - n_c_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < n_packed_offsets) {
        long pull_packed_lengths_r = hsplit_fused_10_pull_packed_lengths(gid, packed_offsets, n_packed_offsets, n_c);
        packed_lengths_8[gid] = pull_packed_lengths_r;
    }
}


// ===== hsplit_fused_11.cl =====
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

static inline long hsplit_fused_11_pull_offsets(long i, __global const long* then_instances, __global const long* packed_offsets, __global const long* packed_lengths) {
    long offsets = nessie_mul(i, 1L);
    long lengths = 1L;
    long start = offsets;
    long len = lengths;
    long s = then_instances[i];
    long start_1 = packed_offsets[s];
    long len_1 = packed_lengths[s];
    long lengths_1 = nessie_add(len, len_1);
    return lengths_1;
}

static inline long hsplit_fused_11_op_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline void hsplit_fused_11_pull_lengths(long i, __global const long* then_instances, __global const double* p1_1, __global const double* p1_1_1, __global const long* packed_offsets, __global const long* packed_lengths, long* r0, long* r1, double* r2, double* r3, long* r4) {
    long v = 1L;
    long v_1 = nessie_mul(i, 1L);
    long q = nessie_div(i, 1L);
    long p = q;
    long q_1 = then_instances[p];
    long p_1 = q;
    long q_2 = then_instances[p_1];
    double v_2 = p1_1[q_1];
    double v_3 = p1_1_1[q_2];
    long v_4 = v;
    long v_5 = v_1;
    double v_6 = v_2;
    double v_7 = v_3;
    long offsets = nessie_mul(i, 1L);
    long lengths = 1L;
    long start = offsets;
    long len = lengths;
    long s = then_instances[i];
    long start_1 = packed_offsets[s];
    long len_1 = packed_lengths[s];
    long v_8 = nessie_add(len, len_1);
    *r0 = v_4;
    *r1 = v_5;
    *r2 = v_6;
    *r3 = v_7;
    *r4 = v_8;
}

__kernel void hsplit_fused_11_offsets(__global int* offsets_status, uint offsets_status_epoch, uint offsets_status_base, long n_then_instances_1_arg, __global const long* n_then_instances_1_word, __global const long* then_instances, __global const long* packed_offsets, __global const long* packed_lengths, __global const double* p1_1_1, __global const double* p1_1_5, __global long* offsets_27, __global int* lengths_9, __global long* offsets_11, __global double* p1_1_14, __global double* p1_2, __global long* lengths_20) {
    __local long tile[768];
    __local long vals[306];
    __local long flags[35];
    const long n_then_instances_1 = n_then_instances_1_arg >= 0 ? n_then_instances_1_arg : clamp(n_then_instances_1_word[0], 0L, (-1 - n_then_instances_1_arg) & 0xFFFFFFFFL) + ((-1 - n_then_instances_1_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(offsets_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(offsets_status) - offsets_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 768;
    for (long j = 0; j < 3; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < n_then_instances_1) {
            long pull_offsets_r = hsplit_fused_11_pull_offsets(g, then_instances, packed_offsets, packed_lengths);
            long pull_lengths_r;
            long pull_lengths_r_1;
            double pull_lengths_r_2;
            double pull_lengths_r_3;
            long pull_lengths_r_4;
            hsplit_fused_11_pull_lengths(g, then_instances, p1_1_1, p1_1_5, packed_offsets, packed_lengths, &pull_lengths_r, &pull_lengths_r_1, &pull_lengths_r_2, &pull_lengths_r_3, &pull_lengths_r_4);
            tile[p] = pull_offsets_r;
            lengths_9[g] = pull_lengths_r;
            offsets_11[g] = pull_lengths_r_1;
            p1_1_14[g] = pull_lengths_r_2;
            p1_2[g] = pull_lengths_r_3;
            lengths_20[g] = pull_lengths_r_4;
        } else {
            tile[p] = 0L;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long acc = 0L;
    for (long j = 0; j < 3; j++) {
        long op_offsets_r = hsplit_fused_11_op_offsets(acc, tile[l * 3 + j]);
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
                long op_offsets_r_1 = hsplit_fused_11_op_offsets(sh, incl);
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
                long op_offsets_r_2 = hsplit_fused_11_op_offsets(offset, vals[256 + r]);
                long c_2 = op_offsets_r_2;
                offset = c_2;
            }
        }
        long op_offsets_r_3 = hsplit_fused_11_op_offsets(offset, sh_1);
        long c_3 = op_offsets_r_3;
        offset = c_3;
        if (l < 32) {
            long agg = 0L;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long op_offsets_r_4 = hsplit_fused_11_op_offsets(agg, vals[256 + r]);
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
                                long op_offsets_r_5 = hsplit_fused_11_op_offsets(sh_2, win);
                                long c_5 = op_offsets_r_5;
                                win = c_5;
                            }
                        }
                        long op_offsets_r_6 = hsplit_fused_11_op_offsets(win, prefix);
                        long c_6 = op_offsets_r_6;
                        prefix = c_6;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_1 = prefix;
                    long op_offsets_r_7 = hsplit_fused_11_op_offsets(incl_1, agg);
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
                long op_offsets_r_8 = hsplit_fused_11_op_offsets(row, vals[l * 16 + c_8]);
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
                long op_offsets_r_9 = hsplit_fused_11_op_offsets(total, x);
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
                long op_offsets_r_10 = hsplit_fused_11_op_offsets(row_1, x_1);
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
                    long op_offsets_r_11 = hsplit_fused_11_op_offsets(vals[272 + k], excl);
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
                    long op_offsets_r_12 = hsplit_fused_11_op_offsets(incl_2, vals[305]);
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
    long op_offsets_r_13 = hsplit_fused_11_op_offsets(off, vals[l]);
    long c_14 = op_offsets_r_13;
    off = c_14;
    for (long j = 0; j < 3; j++) {
        long x_2 = tile[l * 3 + j];
        tile[l * 3 + j] = off;
        long op_offsets_r_14 = hsplit_fused_11_op_offsets(off, x_2);
        long c_15 = op_offsets_r_14;
        off = c_15;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long j = 0; j < 3; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < n_then_instances_1) {
            offsets_27[g] = tile[p];
        }
    }
}


// ===== hsplit_fused_12.cl =====
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

static inline long hsplit_fused_12_pull_offsets(long i, __global const long* else_instances, __global const long* cross_lengths) {
    long q = else_instances[i];
    long cross_lengths_1 = cross_lengths[q];
    return cross_lengths_1;
}

static inline long hsplit_fused_12_op_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline long hsplit_fused_12_pull_cross_lengths(long p, __global const long* else_instances, __global const long* cross_lengths) {
    long q = else_instances[p];
    return cross_lengths[q];
}

__kernel void hsplit_fused_12_offsets(__global int* offsets_status, uint offsets_status_epoch, uint offsets_status_base, long n_else_instances_arg, __global const long* n_else_instances_word, __global const long* else_instances, __global const long* cross_lengths_1, __global long* offsets, __global long* cross_lengths_2) {
    __local long tile[768];
    __local long vals[306];
    __local long flags[35];
    const long n_else_instances = n_else_instances_arg >= 0 ? n_else_instances_arg : clamp(n_else_instances_word[0], 0L, (-1 - n_else_instances_arg) & 0xFFFFFFFFL) + ((-1 - n_else_instances_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(offsets_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(offsets_status) - offsets_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 768;
    for (long j = 0; j < 3; j++) {
        const long p_1 = j * 256 + l;
        const long g = start + p_1;
        if (g < n_else_instances) {
            long pull_offsets_r = hsplit_fused_12_pull_offsets(g, else_instances, cross_lengths_1);
            long pull_cross_lengths_r = hsplit_fused_12_pull_cross_lengths(g, else_instances, cross_lengths_1);
            tile[p_1] = pull_offsets_r;
            cross_lengths_2[g] = pull_cross_lengths_r;
        } else {
            tile[p_1] = 0L;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long acc = 0L;
    for (long j = 0; j < 3; j++) {
        long op_offsets_r = hsplit_fused_12_op_offsets(acc, tile[l * 3 + j]);
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
                long op_offsets_r_1 = hsplit_fused_12_op_offsets(sh, incl);
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
                long op_offsets_r_2 = hsplit_fused_12_op_offsets(offset, vals[256 + r]);
                long c_2 = op_offsets_r_2;
                offset = c_2;
            }
        }
        long op_offsets_r_3 = hsplit_fused_12_op_offsets(offset, sh_1);
        long c_3 = op_offsets_r_3;
        offset = c_3;
        if (l < 32) {
            long agg = 0L;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long op_offsets_r_4 = hsplit_fused_12_op_offsets(agg, vals[256 + r]);
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
                                long op_offsets_r_5 = hsplit_fused_12_op_offsets(sh_2, win);
                                long c_5 = op_offsets_r_5;
                                win = c_5;
                            }
                        }
                        long op_offsets_r_6 = hsplit_fused_12_op_offsets(win, prefix);
                        long c_6 = op_offsets_r_6;
                        prefix = c_6;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_1 = prefix;
                    long op_offsets_r_7 = hsplit_fused_12_op_offsets(incl_1, agg);
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
                long op_offsets_r_8 = hsplit_fused_12_op_offsets(row, vals[l * 16 + c_8]);
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
                long op_offsets_r_9 = hsplit_fused_12_op_offsets(total, x);
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
                long op_offsets_r_10 = hsplit_fused_12_op_offsets(row_1, x_1);
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
                    long op_offsets_r_11 = hsplit_fused_12_op_offsets(vals[272 + k], excl);
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
                    long op_offsets_r_12 = hsplit_fused_12_op_offsets(incl_2, vals[305]);
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
    long op_offsets_r_13 = hsplit_fused_12_op_offsets(off, vals[l]);
    long c_14 = op_offsets_r_13;
    off = c_14;
    for (long j = 0; j < 3; j++) {
        long x_2 = tile[l * 3 + j];
        tile[l * 3 + j] = off;
        long op_offsets_r_14 = hsplit_fused_12_op_offsets(off, x_2);
        long c_15 = op_offsets_r_14;
        off = c_15;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long j = 0; j < 3; j++) {
        const long p_1 = j * 256 + l;
        const long g = start + p_1;
        if (g < n_else_instances) {
            offsets[g] = tile[p_1];
        }
    }
}


// ===== hsplit_fused_13.cl =====
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

static inline void hsplit_fused_13_pull_extreme(long p, __global const long* cross_offsets, long cross_offsets_len, __global const long* else_instances, __global const long* cross_offsets_1, __global const double* cross_elements, double* r0, long* r1) {
    long segment = nessie_segment_of(cross_offsets, cross_offsets_len, p);
    long s = segment;
    long r = else_instances[s];
    long q = nessie_add(cross_offsets_1[r], nessie_sub(p, cross_offsets[s]));
    double cross_elements_1 = cross_elements[q];
    *r0 = cross_elements_1;
    *r1 = p;
}

static inline void hsplit_fused_13_op_extreme(double av, long ai, double bv, long bi, double* r0, long* r1) {
    double t_4;
    long t_5;
    if (ai < 0L) {
        t_4 = bv;
        t_5 = bi;
    } else {
        double t_2;
        long t_3;
        if (bi < 0L) {
            t_2 = av;
            t_3 = ai;
        } else {
            double t;
            long t_1;
            if (bv > av || (bv != bv && av == av)) {
                t = bv;
                t_1 = bi;
            } else {
                t = av;
                t_1 = ai;
            }
            t_2 = t;
            t_3 = t_1;
        }
        t_4 = t_2;
        t_5 = t_3;
    }
    *r0 = t_4;
    *r1 = t_5;
}

static inline long hsplit_fused_13_elements_extreme(__global const long* cross_lengths, long cross_lengths_len, __global const long* cross_offsets) {
    return cross_lengths_len > 0L ? nessie_add(cross_offsets[nessie_sub(cross_lengths_len, 1L)], cross_lengths[nessie_sub(cross_lengths_len, 1L)]) : 0L;
}

static inline long hsplit_fused_13_split_extreme_within(long p, long lo0, long hi0, __global const long* cross_lengths, long cross_lengths_len, __global const long* cross_offsets, long cross_offsets_len) {
    long n = cross_lengths_len > 0L ? nessie_add(cross_offsets[nessie_sub(cross_lengths_len, 1L)], cross_lengths[nessie_sub(cross_lengths_len, 1L)]) : 0L;
    long d = min(nessie_mul(p, 512L), nessie_add(cross_offsets_len, n));
    long lo = max(max(nessie_sub(d, n), 0L), lo0);
    long hi = min(min(d, cross_offsets_len), hi0);
    while (1) {
        if (lo >= hi) break;
        long mid = nessie_add(lo, nessie_div(nessie_sub(hi, lo), 2L));
        long t;
        long t_1;
        if ((nessie_add(mid, 1L) < cross_offsets_len ? cross_offsets[nessie_add(mid, 1L)] : n) < nessie_sub(d, mid)) {
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

__kernel void hsplit_fused_13_extreme_elements(__global const long* cross_lengths, long n_cross_lengths_arg, __global const long* n_cross_lengths_word, __global const long* cross_offsets_0, __global long* extreme_elements) {
    const long n_cross_lengths = n_cross_lengths_arg >= 0 ? n_cross_lengths_arg : clamp(n_cross_lengths_word[0], 0L, (-1 - n_cross_lengths_arg) & 0xFFFFFFFFL) + ((-1 - n_cross_lengths_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < 1) {
        long elements_extreme_r = hsplit_fused_13_elements_extreme(cross_lengths, n_cross_lengths, cross_offsets_0);
        extreme_elements[0] = elements_extreme_r;
    }
}

__kernel void hsplit_fused_13_extreme_chunks(__global const long* cross_offsets_0, __global const long* cross_lengths, long n_cross_offsets_arg, __global const long* n_cross_offsets_word, long long_chunks, __global const long* else_instances, __global const long* cross_offsets_2, __global const double* cross_elements_3, __global double* extreme_partials_0, __global long* extreme_partials_1) {
    __local double team_values[256];
    __local long team_values_1[256];
    const long n_cross_offsets = n_cross_offsets_arg >= 0 ? n_cross_offsets_arg : clamp(n_cross_offsets_word[0], 0L, (-1 - n_cross_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_cross_offsets_arg) >> 32);
    const long l = get_local_id(0);
    const long segs = n_cross_offsets;
    const long n_1 = segs > 0 ? cross_offsets_0[segs - 1] + cross_lengths[segs - 1] : 0;
    for (long c = get_group_id(0); c < long_chunks; c += get_num_groups(0)) {
        const long hi_1 = (c + 1) * 8192;
        long a = 0, b = hi_1 <= n_1 ? segs : 0;
        while (a < b) {
            const long mid_1 = a + (b - a) / 2;
            if (cross_offsets_0[mid_1] < hi_1) a = mid_1 + 1; else b = mid_1;
        }
        const long start = a > 0 ? cross_offsets_0[a - 1] : 0;
        const long end = a < segs ? cross_offsets_0[a] : n_1;
        if (a > 0 && hi_1 <= n_1 && end - start >= 16384) {
            const long lo_1 = max(c * 8192, start);
            const long len = hi_1 - lo_1;
            double acc = 0.0;
            long acc_1 = -1L;
            const long chunk = (len + 256 - 1) / 256;
            const long lo_2 = min(l * chunk, (long)(len));
            const long hi_2 = min(lo_2 + chunk, (long)(len));
            long k = lo_2;
            for (; k + 3 * 1 < hi_2; k += 4 * 1) {
                double pull_extreme_r;
                long pull_extreme_r_1;
                hsplit_fused_13_pull_extreme(lo_1 + k + 0 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r, &pull_extreme_r_1);
                double pull_extreme_r_2;
                long pull_extreme_r_3;
                hsplit_fused_13_pull_extreme(lo_1 + k + 1 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_2, &pull_extreme_r_3);
                double pull_extreme_r_4;
                long pull_extreme_r_5;
                hsplit_fused_13_pull_extreme(lo_1 + k + 2 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_4, &pull_extreme_r_5);
                double pull_extreme_r_6;
                long pull_extreme_r_7;
                hsplit_fused_13_pull_extreme(lo_1 + k + 3 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_6, &pull_extreme_r_7);
                double op_extreme_r;
                long op_extreme_r_1;
                hsplit_fused_13_op_extreme(acc, acc_1, pull_extreme_r, pull_extreme_r_1, &op_extreme_r, &op_extreme_r_1);
                acc = op_extreme_r;
                acc_1 = op_extreme_r_1;
                double op_extreme_r_2;
                long op_extreme_r_3;
                hsplit_fused_13_op_extreme(acc, acc_1, pull_extreme_r_2, pull_extreme_r_3, &op_extreme_r_2, &op_extreme_r_3);
                acc = op_extreme_r_2;
                acc_1 = op_extreme_r_3;
                double op_extreme_r_4;
                long op_extreme_r_5;
                hsplit_fused_13_op_extreme(acc, acc_1, pull_extreme_r_4, pull_extreme_r_5, &op_extreme_r_4, &op_extreme_r_5);
                acc = op_extreme_r_4;
                acc_1 = op_extreme_r_5;
                double op_extreme_r_6;
                long op_extreme_r_7;
                hsplit_fused_13_op_extreme(acc, acc_1, pull_extreme_r_6, pull_extreme_r_7, &op_extreme_r_6, &op_extreme_r_7);
                acc = op_extreme_r_6;
                acc_1 = op_extreme_r_7;
            }
            for (; k < hi_2; k += 1) {
                double pull_extreme_r_8;
                long pull_extreme_r_9;
                hsplit_fused_13_pull_extreme(lo_1 + k, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_8, &pull_extreme_r_9);
                double op_extreme_r_8;
                long op_extreme_r_9;
                hsplit_fused_13_op_extreme(acc, acc_1, pull_extreme_r_8, pull_extreme_r_9, &op_extreme_r_8, &op_extreme_r_9);
                acc = op_extreme_r_8;
                acc_1 = op_extreme_r_9;
            }
            team_values[l] = acc;
            team_values_1[l] = acc_1;
            barrier(CLK_LOCAL_MEM_FENCE);
            for (long h = 1; h < 256; h *= 2) {
                if ((l & (2 * h - 1)) == 0) {
                    double op_extreme_r_10;
                    long op_extreme_r_11;
                    hsplit_fused_13_op_extreme(team_values[l], team_values_1[l], team_values[l + h], team_values_1[l + h], &op_extreme_r_10, &op_extreme_r_11);
                    team_values[l] = op_extreme_r_10;
                    team_values_1[l] = op_extreme_r_11;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            double acc_2 = 0.0;
            long acc_3 = -1L;
            acc_2 = team_values[0];
            acc_3 = team_values_1[0];
            barrier(CLK_LOCAL_MEM_FENCE);
            if (l == 0) {
                extreme_partials_0[c] = acc_2;
                extreme_partials_1[c] = acc_3;
            }
        } else if (l == 0) {
            extreme_partials_0[c] = 0.0;
            extreme_partials_1[c] = -1L;
        }
    }
}

__kernel void hsplit_fused_13_extreme(__global const long* cross_offsets_0, __global const long* cross_lengths, __global int* extreme_gave_up, long lanes, long short_segments, long lanes_1, long n_cross_offsets_arg, __global const long* n_cross_offsets_word, __global int* extreme_team_tickets, uint extreme_team_tickets_epoch, uint extreme_team_tickets_base, __global const long* else_instances, __global const long* cross_offsets_2, __global const double* cross_elements_3, __global long* extreme_splits, long merge_tiles, long n_cross_lengths_arg, __global const long* n_cross_lengths_word, __global double* extreme, __global long* position) {
    __local double team_values[512];
    __local long team_values_1[512];
    __local int stopped[3];
    __local long tickets[3];
    __local long chunk_at[2];
    __local long sampled[256];
    const long n_cross_offsets = n_cross_offsets_arg >= 0 ? n_cross_offsets_arg : clamp(n_cross_offsets_word[0], 0L, (-1 - n_cross_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_cross_offsets_arg) >> 32);
    const long n_cross_lengths = n_cross_lengths_arg >= 0 ? n_cross_lengths_arg : clamp(n_cross_lengths_word[0], 0L, (-1 - n_cross_lengths_arg) & 0xFFFFFFFFL) + ((-1 - n_cross_lengths_arg) >> 32);
    const long l = get_local_id(0);
    const long lane = l & (lanes - 1);
    const long team = l / lanes;
    const long teams = 256 / lanes;
    if (l == 0) tickets[2] = (n_cross_offsets + teams - 1) / teams;
    const long n_1 = n_cross_offsets > 0 ? cross_offsets_0[n_cross_offsets - 1] + cross_lengths[n_cross_offsets - 1] : 0;
    if (l == 0) {
        stopped[0] = ((volatile __global int *)extreme_gave_up)[0];
        stopped[1] = 0;
        stopped[2] = 0;
    }
    if (l == 0) {
        const uint raw = (uint)atomic_inc(extreme_team_tickets) - extreme_team_tickets_base;
        if ((long)raw == tickets[2] + (long)get_num_groups(0) - 1) atomic_sub(extreme_team_tickets, (int)tickets[2]);
        tickets[0] = (long)raw < tickets[2] ? (long)raw : -1;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long ticket = tickets[0];
    uint step = 0;
    for (; ticket >= 0; step++) {
        const long first = ticket * teams;
        if (stopped[step % 3] != 0) break;
        const int next = l == 0 ? ((volatile __global int *)extreme_gave_up)[0] : 0;
        if (l == 0) stopped[(step + 2) % 3] = 0;
        const uint raw_1 = l == 0 ? (uint)atomic_inc(extreme_team_tickets) - extreme_team_tickets_base : 0;
        const long s = first + team;
        int is_long = 0;
        double acc = 0.0;
        long acc_1 = -1L;
        if (s < n_cross_offsets) {
            const long offset = cross_offsets_0[s];
            const long length = (s + 1 < n_cross_offsets ? cross_offsets_0[s + 1] : n_1) - offset;
            if (length > 16 * lanes - 16 * lanes * short_segments + 20 * lanes_1 * short_segments) {
                is_long = 1;
                if (lane == 0) {
                    atomic_max(&extreme_gave_up[0], 1);
                    stopped[(step + 1) % 3] = 1;
                }
            } else {
                {
                    const long chunk = (length + lanes - 1) / lanes;
                    const long lo_1 = min(lane * chunk, (long)(length));
                    const long hi_1 = min(lo_1 + chunk, (long)(length));
                    long k = lo_1;
                    for (; k + 3 * 1 < hi_1; k += 4 * 1) {
                        double pull_extreme_r;
                        long pull_extreme_r_1;
                        hsplit_fused_13_pull_extreme(offset + k + 0 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r, &pull_extreme_r_1);
                        double pull_extreme_r_2;
                        long pull_extreme_r_3;
                        hsplit_fused_13_pull_extreme(offset + k + 1 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_2, &pull_extreme_r_3);
                        double pull_extreme_r_4;
                        long pull_extreme_r_5;
                        hsplit_fused_13_pull_extreme(offset + k + 2 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_4, &pull_extreme_r_5);
                        double pull_extreme_r_6;
                        long pull_extreme_r_7;
                        hsplit_fused_13_pull_extreme(offset + k + 3 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_6, &pull_extreme_r_7);
                        double op_extreme_r;
                        long op_extreme_r_1;
                        hsplit_fused_13_op_extreme(acc, acc_1, pull_extreme_r, pull_extreme_r_1, &op_extreme_r, &op_extreme_r_1);
                        acc = op_extreme_r;
                        acc_1 = op_extreme_r_1;
                        double op_extreme_r_2;
                        long op_extreme_r_3;
                        hsplit_fused_13_op_extreme(acc, acc_1, pull_extreme_r_2, pull_extreme_r_3, &op_extreme_r_2, &op_extreme_r_3);
                        acc = op_extreme_r_2;
                        acc_1 = op_extreme_r_3;
                        double op_extreme_r_4;
                        long op_extreme_r_5;
                        hsplit_fused_13_op_extreme(acc, acc_1, pull_extreme_r_4, pull_extreme_r_5, &op_extreme_r_4, &op_extreme_r_5);
                        acc = op_extreme_r_4;
                        acc_1 = op_extreme_r_5;
                        double op_extreme_r_6;
                        long op_extreme_r_7;
                        hsplit_fused_13_op_extreme(acc, acc_1, pull_extreme_r_6, pull_extreme_r_7, &op_extreme_r_6, &op_extreme_r_7);
                        acc = op_extreme_r_6;
                        acc_1 = op_extreme_r_7;
                    }
                    for (; k < hi_1; k += 1) {
                        double pull_extreme_r_8;
                        long pull_extreme_r_9;
                        hsplit_fused_13_pull_extreme(offset + k, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_8, &pull_extreme_r_9);
                        double op_extreme_r_8;
                        long op_extreme_r_9;
                        hsplit_fused_13_op_extreme(acc, acc_1, pull_extreme_r_8, pull_extreme_r_9, &op_extreme_r_8, &op_extreme_r_9);
                        acc = op_extreme_r_8;
                        acc_1 = op_extreme_r_9;
                    }
                }
            }
        }
        const long at = (step & 1) * 256 + l;
        team_values[at] = acc;
        team_values_1[at] = acc_1;
        if (l == 0 && next != 0) stopped[(step + 1) % 3] = 1;
        if (l == 0) {
            if ((long)raw_1 == tickets[2] + (long)get_num_groups(0) - 1) atomic_sub(extreme_team_tickets, (int)tickets[2]);
            tickets[(step + 1) & 1] = (long)raw_1 < tickets[2] ? (long)raw_1 : -1;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        ticket = tickets[(step + 1) & 1];
        if (lanes > 8) {
            for (long h = 1; h < lanes; h *= 2) {
                if ((lane & (2 * h - 1)) == 0) {
                    double op_extreme_r_10;
                    long op_extreme_r_11;
                    hsplit_fused_13_op_extreme(team_values[at], team_values_1[at], team_values[at + h], team_values_1[at + h], &op_extreme_r_10, &op_extreme_r_11);
                    team_values[at] = op_extreme_r_10;
                    team_values_1[at] = op_extreme_r_11;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            acc = team_values[at];
            acc_1 = team_values_1[at];
        } else if (lanes > 1 && lane == 0) {
            for (long h_1 = 1; h_1 < lanes; h_1 *= 2) {
                for (long j = 0; j < lanes; j += 2 * h_1) {
                    double op_extreme_r_12;
                    long op_extreme_r_13;
                    hsplit_fused_13_op_extreme(team_values[at + j], team_values_1[at + j], team_values[at + j + h_1], team_values_1[at + j + h_1], &op_extreme_r_12, &op_extreme_r_13);
                    team_values[at + j] = op_extreme_r_12;
                    team_values_1[at + j] = op_extreme_r_13;
                }
            }
            acc = team_values[at];
            acc_1 = team_values_1[at];
        }
        if (lane == 0 && s < n_cross_offsets && !is_long) {
            extreme[s] = acc;
            position[s] = acc_1;
        }
    }
    if (stopped[step % 3] != 0) {
        for (int i = 0;; i++) {
            if (l == 0) chunk_at[i & 1] = (long)(atomic_add(&extreme_gave_up[0], 2) >> 1);
            barrier(CLK_LOCAL_MEM_FENCE);
            const long chunk_1 = chunk_at[i & 1];
            if (i == 0) {
                if (l == 224 && ticket >= 0) {
                    volatile __global uint* w_at = (volatile __global uint*)extreme_team_tickets;
                    uint w = w_at[0];
                    while ((long)(w - extreme_team_tickets_base) < tickets[2]) {
                        const uint old = atomic_cmpxchg(w_at, w, extreme_team_tickets_base + (uint)tickets[2]);
                        if (old == w) break;
                        w = old;
                    }
                    const uint raw_2 = (uint)atomic_inc(extreme_team_tickets) - extreme_team_tickets_base;
                    if ((long)raw_2 == tickets[2] + (long)get_num_groups(0) - 1) atomic_sub(extreme_team_tickets, (int)tickets[2]);
                    tickets[0] = (long)raw_2 < tickets[2] ? (long)raw_2 : -1;
                }
            }
            if (chunk_1 * 224 > merge_tiles) break;
            const long t = chunk_1 * 224 + l;
            const long d_1 = min(t * 512, (long)((n_cross_offsets) + n_1));
            const long q = ((l) + 1) * (n_cross_offsets) / 256 - 1;
            sampled[l] = (q + 1 < (n_cross_offsets) ? cross_offsets_0[q + 1] : n_1) + q;
            barrier(CLK_LOCAL_MEM_FENCE);
            int x = 0, y = 256;
            while (x < y) {
                const int mid_1 = x + (y - x) / 2;
                if (sampled[mid_1] < d_1) x = mid_1 + 1; else y = mid_1;
            }
            const long lo_2 = x > 0 ? ((x - 1) + 1) * (n_cross_offsets) / 256 - 1 + 1 : 0;
            const long hi_2 = x < 256 ? ((x) + 1) * (n_cross_offsets) / 256 - 1 : (n_cross_offsets);
            if (l < 224 && t <= merge_tiles) {
                long split_extreme_within_r = hsplit_fused_13_split_extreme_within(t, lo_2, hi_2, cross_lengths, n_cross_lengths, cross_offsets_0, n_cross_offsets);
                extreme_splits[t] = split_extreme_within_r;
            }
        }
    }
}

__kernel void hsplit_fused_13_extreme_1(__global const long* cross_offsets_0, __global const long* cross_lengths, __global int* extreme_gave_up, long lanes, long short_segments, long lanes_1, long n_cross_offsets_arg, __global const long* n_cross_offsets_word, __global int* extreme_team_tickets, uint extreme_team_tickets_epoch, uint extreme_team_tickets_base, __global const long* else_instances, __global const long* cross_offsets_2, __global const double* cross_elements_3, __global long* extreme_splits, long merge_tiles, long n_cross_lengths_arg, __global const long* n_cross_lengths_word, __global double* extreme, __global long* position) {
    __local double team_values[512];
    __local long team_values_1[512];
    __local int stopped[3];
    __local long tickets[3];
    __local long chunk_at[2];
    __local long sampled[256];
    const long n_cross_offsets = n_cross_offsets_arg >= 0 ? n_cross_offsets_arg : clamp(n_cross_offsets_word[0], 0L, (-1 - n_cross_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_cross_offsets_arg) >> 32);
    const long n_cross_lengths = n_cross_lengths_arg >= 0 ? n_cross_lengths_arg : clamp(n_cross_lengths_word[0], 0L, (-1 - n_cross_lengths_arg) & 0xFFFFFFFFL) + ((-1 - n_cross_lengths_arg) >> 32);
    const long l = get_local_id(0);
    const long lane = l & (lanes_1 - 1);
    const long team = l / lanes_1;
    const long teams = 256 / lanes_1;
    if (l == 0) tickets[2] = (n_cross_offsets + teams - 1) / teams;
    const long n_1 = n_cross_offsets > 0 ? cross_offsets_0[n_cross_offsets - 1] + cross_lengths[n_cross_offsets - 1] : 0;
    if (l == 0) {
        stopped[0] = ((volatile __global int *)extreme_gave_up)[0];
        stopped[1] = 0;
        stopped[2] = 0;
    }
    if (l == 0) {
        const uint raw = (uint)atomic_inc(extreme_team_tickets) - extreme_team_tickets_base;
        if ((long)raw == tickets[2] + (long)get_num_groups(0) - 1) atomic_sub(extreme_team_tickets, (int)tickets[2]);
        tickets[0] = (long)raw < tickets[2] ? (long)raw : -1;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long ticket = tickets[0];
    uint step = 0;
    for (; ticket >= 0; step++) {
        const long first = ticket * teams;
        if (stopped[step % 3] != 0) break;
        const int next = l == 0 ? ((volatile __global int *)extreme_gave_up)[0] : 0;
        if (l == 0) stopped[(step + 2) % 3] = 0;
        const uint raw_1 = l == 0 ? (uint)atomic_inc(extreme_team_tickets) - extreme_team_tickets_base : 0;
        const long s = first + team;
        int is_long = 0;
        double acc = 0.0;
        long acc_1 = -1L;
        if (s < n_cross_offsets) {
            const long offset = cross_offsets_0[s];
            const long length = (s + 1 < n_cross_offsets ? cross_offsets_0[s + 1] : n_1) - offset;
            if (length > 16 * lanes - 16 * lanes * short_segments + 20 * lanes_1 * short_segments) {
                is_long = 1;
                if (lane == 0) {
                    atomic_max(&extreme_gave_up[0], 1);
                    stopped[(step + 1) % 3] = 1;
                }
            } else {
                {
                    const long chunk = (length + lanes_1 - 1) / lanes_1;
                    const long lo_1 = min(lane * chunk, (long)(length));
                    const long hi_1 = min(lo_1 + chunk, (long)(length));
                    long k = lo_1;
                    for (; k + 4 * 1 < hi_1; k += 5 * 1) {
                        double pull_extreme_r;
                        long pull_extreme_r_1;
                        hsplit_fused_13_pull_extreme(offset + k + 0 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r, &pull_extreme_r_1);
                        double pull_extreme_r_2;
                        long pull_extreme_r_3;
                        hsplit_fused_13_pull_extreme(offset + k + 1 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_2, &pull_extreme_r_3);
                        double pull_extreme_r_4;
                        long pull_extreme_r_5;
                        hsplit_fused_13_pull_extreme(offset + k + 2 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_4, &pull_extreme_r_5);
                        double pull_extreme_r_6;
                        long pull_extreme_r_7;
                        hsplit_fused_13_pull_extreme(offset + k + 3 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_6, &pull_extreme_r_7);
                        double pull_extreme_r_8;
                        long pull_extreme_r_9;
                        hsplit_fused_13_pull_extreme(offset + k + 4 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_8, &pull_extreme_r_9);
                        double op_extreme_r;
                        long op_extreme_r_1;
                        hsplit_fused_13_op_extreme(acc, acc_1, pull_extreme_r, pull_extreme_r_1, &op_extreme_r, &op_extreme_r_1);
                        acc = op_extreme_r;
                        acc_1 = op_extreme_r_1;
                        double op_extreme_r_2;
                        long op_extreme_r_3;
                        hsplit_fused_13_op_extreme(acc, acc_1, pull_extreme_r_2, pull_extreme_r_3, &op_extreme_r_2, &op_extreme_r_3);
                        acc = op_extreme_r_2;
                        acc_1 = op_extreme_r_3;
                        double op_extreme_r_4;
                        long op_extreme_r_5;
                        hsplit_fused_13_op_extreme(acc, acc_1, pull_extreme_r_4, pull_extreme_r_5, &op_extreme_r_4, &op_extreme_r_5);
                        acc = op_extreme_r_4;
                        acc_1 = op_extreme_r_5;
                        double op_extreme_r_6;
                        long op_extreme_r_7;
                        hsplit_fused_13_op_extreme(acc, acc_1, pull_extreme_r_6, pull_extreme_r_7, &op_extreme_r_6, &op_extreme_r_7);
                        acc = op_extreme_r_6;
                        acc_1 = op_extreme_r_7;
                        double op_extreme_r_8;
                        long op_extreme_r_9;
                        hsplit_fused_13_op_extreme(acc, acc_1, pull_extreme_r_8, pull_extreme_r_9, &op_extreme_r_8, &op_extreme_r_9);
                        acc = op_extreme_r_8;
                        acc_1 = op_extreme_r_9;
                    }
                    for (; k < hi_1; k += 1) {
                        double pull_extreme_r_10;
                        long pull_extreme_r_11;
                        hsplit_fused_13_pull_extreme(offset + k, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_10, &pull_extreme_r_11);
                        double op_extreme_r_10;
                        long op_extreme_r_11;
                        hsplit_fused_13_op_extreme(acc, acc_1, pull_extreme_r_10, pull_extreme_r_11, &op_extreme_r_10, &op_extreme_r_11);
                        acc = op_extreme_r_10;
                        acc_1 = op_extreme_r_11;
                    }
                }
            }
        }
        const long at = (step & 1) * 256 + l;
        team_values[at] = acc;
        team_values_1[at] = acc_1;
        if (l == 0 && next != 0) stopped[(step + 1) % 3] = 1;
        if (l == 0) {
            if ((long)raw_1 == tickets[2] + (long)get_num_groups(0) - 1) atomic_sub(extreme_team_tickets, (int)tickets[2]);
            tickets[(step + 1) & 1] = (long)raw_1 < tickets[2] ? (long)raw_1 : -1;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        ticket = tickets[(step + 1) & 1];
        if (lanes_1 > 8) {
            for (long h = 1; h < lanes_1; h *= 2) {
                if ((lane & (2 * h - 1)) == 0) {
                    double op_extreme_r_12;
                    long op_extreme_r_13;
                    hsplit_fused_13_op_extreme(team_values[at], team_values_1[at], team_values[at + h], team_values_1[at + h], &op_extreme_r_12, &op_extreme_r_13);
                    team_values[at] = op_extreme_r_12;
                    team_values_1[at] = op_extreme_r_13;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            acc = team_values[at];
            acc_1 = team_values_1[at];
        } else if (lanes_1 > 1 && lane == 0) {
            for (long h_1 = 1; h_1 < lanes_1; h_1 *= 2) {
                for (long j = 0; j < lanes_1; j += 2 * h_1) {
                    double op_extreme_r_14;
                    long op_extreme_r_15;
                    hsplit_fused_13_op_extreme(team_values[at + j], team_values_1[at + j], team_values[at + j + h_1], team_values_1[at + j + h_1], &op_extreme_r_14, &op_extreme_r_15);
                    team_values[at + j] = op_extreme_r_14;
                    team_values_1[at + j] = op_extreme_r_15;
                }
            }
            acc = team_values[at];
            acc_1 = team_values_1[at];
        }
        if (lane == 0 && s < n_cross_offsets && !is_long) {
            extreme[s] = acc;
            position[s] = acc_1;
        }
    }
    if (stopped[step % 3] != 0) {
        for (int i = 0;; i++) {
            if (l == 0) chunk_at[i & 1] = (long)(atomic_add(&extreme_gave_up[0], 2) >> 1);
            barrier(CLK_LOCAL_MEM_FENCE);
            const long chunk_1 = chunk_at[i & 1];
            if (i == 0) {
                if (l == 224 && ticket >= 0) {
                    volatile __global uint* w_at = (volatile __global uint*)extreme_team_tickets;
                    uint w = w_at[0];
                    while ((long)(w - extreme_team_tickets_base) < tickets[2]) {
                        const uint old = atomic_cmpxchg(w_at, w, extreme_team_tickets_base + (uint)tickets[2]);
                        if (old == w) break;
                        w = old;
                    }
                    const uint raw_2 = (uint)atomic_inc(extreme_team_tickets) - extreme_team_tickets_base;
                    if ((long)raw_2 == tickets[2] + (long)get_num_groups(0) - 1) atomic_sub(extreme_team_tickets, (int)tickets[2]);
                    tickets[0] = (long)raw_2 < tickets[2] ? (long)raw_2 : -1;
                }
            }
            if (chunk_1 * 224 > merge_tiles) break;
            const long t = chunk_1 * 224 + l;
            const long d_1 = min(t * 512, (long)((n_cross_offsets) + n_1));
            const long q = ((l) + 1) * (n_cross_offsets) / 256 - 1;
            sampled[l] = (q + 1 < (n_cross_offsets) ? cross_offsets_0[q + 1] : n_1) + q;
            barrier(CLK_LOCAL_MEM_FENCE);
            int x = 0, y = 256;
            while (x < y) {
                const int mid_1 = x + (y - x) / 2;
                if (sampled[mid_1] < d_1) x = mid_1 + 1; else y = mid_1;
            }
            const long lo_2 = x > 0 ? ((x - 1) + 1) * (n_cross_offsets) / 256 - 1 + 1 : 0;
            const long hi_2 = x < 256 ? ((x) + 1) * (n_cross_offsets) / 256 - 1 : (n_cross_offsets);
            if (l < 224 && t <= merge_tiles) {
                long split_extreme_within_r = hsplit_fused_13_split_extreme_within(t, lo_2, hi_2, cross_lengths, n_cross_lengths, cross_offsets_0, n_cross_offsets);
                extreme_splits[t] = split_extreme_within_r;
            }
        }
    }
}

__kernel void hsplit_fused_13_extreme_2(__global const long* cross_offsets_0, __global const long* cross_lengths, long lanes, long n_cross_offsets_arg, __global const long* n_cross_offsets_word, __global const long* else_instances, __global const long* cross_offsets_2, __global const double* cross_elements_3, __global const double* extreme_partials_0, __global const long* extreme_partials_1, __global double* extreme, __global long* position) {
    __local double team_values[512];
    __local long team_values_1[512];
    __local int long_teams[259];
    const long n_cross_offsets = n_cross_offsets_arg >= 0 ? n_cross_offsets_arg : clamp(n_cross_offsets_word[0], 0L, (-1 - n_cross_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_cross_offsets_arg) >> 32);
    const long l = get_local_id(0);
    const long lane = l & (lanes - 1);
    const long team = l / lanes;
    const long teams = 256 / lanes;
    const long n_1 = n_cross_offsets > 0 ? cross_offsets_0[n_cross_offsets - 1] + cross_lengths[n_cross_offsets - 1] : 0;
    if (l < 3) long_teams[256 + l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    long step = 0;
    for (long first = get_group_id(0) * teams; first < n_cross_offsets; first += get_num_groups(0) * teams, step++) {
        const long s = first + team;
        const long counter = 256 + step % 3;
        int is_long = 0;
        double acc = 0.0;
        long acc_1 = -1L;
        if (s < n_cross_offsets) {
            const long offset = cross_offsets_0[s];
            const long length = (s + 1 < n_cross_offsets ? cross_offsets_0[s + 1] : n_1) - offset;
            is_long = (lanes < 256 && length > 32 * lanes) || length >= 16384;
            if (is_long) {
                if (lane == 0) long_teams[atomic_inc(&long_teams[counter])] = (int)team;
            } else {
                const long chunk = (length + lanes - 1) / lanes;
                const long lo_1 = min(lane * chunk, (long)(length));
                const long hi_1 = min(lo_1 + chunk, (long)(length));
                long k = lo_1;
                for (; k + 3 * 1 < hi_1; k += 4 * 1) {
                    double pull_extreme_r;
                    long pull_extreme_r_1;
                    hsplit_fused_13_pull_extreme(offset + k + 0 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r, &pull_extreme_r_1);
                    double pull_extreme_r_2;
                    long pull_extreme_r_3;
                    hsplit_fused_13_pull_extreme(offset + k + 1 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_2, &pull_extreme_r_3);
                    double pull_extreme_r_4;
                    long pull_extreme_r_5;
                    hsplit_fused_13_pull_extreme(offset + k + 2 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_4, &pull_extreme_r_5);
                    double pull_extreme_r_6;
                    long pull_extreme_r_7;
                    hsplit_fused_13_pull_extreme(offset + k + 3 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_6, &pull_extreme_r_7);
                    double op_extreme_r;
                    long op_extreme_r_1;
                    hsplit_fused_13_op_extreme(acc, acc_1, pull_extreme_r, pull_extreme_r_1, &op_extreme_r, &op_extreme_r_1);
                    acc = op_extreme_r;
                    acc_1 = op_extreme_r_1;
                    double op_extreme_r_2;
                    long op_extreme_r_3;
                    hsplit_fused_13_op_extreme(acc, acc_1, pull_extreme_r_2, pull_extreme_r_3, &op_extreme_r_2, &op_extreme_r_3);
                    acc = op_extreme_r_2;
                    acc_1 = op_extreme_r_3;
                    double op_extreme_r_4;
                    long op_extreme_r_5;
                    hsplit_fused_13_op_extreme(acc, acc_1, pull_extreme_r_4, pull_extreme_r_5, &op_extreme_r_4, &op_extreme_r_5);
                    acc = op_extreme_r_4;
                    acc_1 = op_extreme_r_5;
                    double op_extreme_r_6;
                    long op_extreme_r_7;
                    hsplit_fused_13_op_extreme(acc, acc_1, pull_extreme_r_6, pull_extreme_r_7, &op_extreme_r_6, &op_extreme_r_7);
                    acc = op_extreme_r_6;
                    acc_1 = op_extreme_r_7;
                }
                for (; k < hi_1; k += 1) {
                    double pull_extreme_r_8;
                    long pull_extreme_r_9;
                    hsplit_fused_13_pull_extreme(offset + k, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_8, &pull_extreme_r_9);
                    double op_extreme_r_8;
                    long op_extreme_r_9;
                    hsplit_fused_13_op_extreme(acc, acc_1, pull_extreme_r_8, pull_extreme_r_9, &op_extreme_r_8, &op_extreme_r_9);
                    acc = op_extreme_r_8;
                    acc_1 = op_extreme_r_9;
                }
            }
        }
        const long at = (step & 1) * 256 + l;
        team_values[at] = acc;
        team_values_1[at] = acc_1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) long_teams[256 + (step + 2) % 3] = 0;
        if (lanes > 8) {
            for (long h = 1; h < lanes; h *= 2) {
                if ((lane & (2 * h - 1)) == 0) {
                    double op_extreme_r_10;
                    long op_extreme_r_11;
                    hsplit_fused_13_op_extreme(team_values[at], team_values_1[at], team_values[at + h], team_values_1[at + h], &op_extreme_r_10, &op_extreme_r_11);
                    team_values[at] = op_extreme_r_10;
                    team_values_1[at] = op_extreme_r_11;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            acc = team_values[at];
            acc_1 = team_values_1[at];
        } else if (lanes > 1 && lane == 0) {
            for (long h_1 = 1; h_1 < lanes; h_1 *= 2) {
                for (long j = 0; j < lanes; j += 2 * h_1) {
                    double op_extreme_r_12;
                    long op_extreme_r_13;
                    hsplit_fused_13_op_extreme(team_values[at + j], team_values_1[at + j], team_values[at + j + h_1], team_values_1[at + j + h_1], &op_extreme_r_12, &op_extreme_r_13);
                    team_values[at + j] = op_extreme_r_12;
                    team_values_1[at + j] = op_extreme_r_13;
                }
            }
            acc = team_values[at];
            acc_1 = team_values_1[at];
        }
        if (lane == 0 && s < n_cross_offsets && !is_long) {
            extreme[s] = acc;
            position[s] = acc_1;
        }
        const int n_long = long_teams[counter];
        if (n_long > 0) barrier(CLK_LOCAL_MEM_FENCE);
        for (int i = 0; i < n_long; i++) {
            const long s_1 = first + long_teams[i];
            const long offset_1 = cross_offsets_0[s_1];
            const long length_1 = (s_1 + 1 < n_cross_offsets ? cross_offsets_0[s_1 + 1] : n_1) - offset_1;
            const int is_long_1 = length_1 >= 16384;
            long from = 0, count = 0, at_1 = offset_1, len = length_1;
            if (is_long_1) {
                from = offset_1 / 8192;
                count = (offset_1 + length_1) / 8192 - from;
                at_1 = (from + count) * 8192;
                len = offset_1 + length_1 - at_1;
            }
            double acc_2 = 0.0;
            long acc_3 = -1L;
            if (is_long_1) {
                double acc_4 = 0.0;
                long acc_5 = -1L;
                const long chunk_1 = (count + 256 - 1) / 256;
                const long lo_2 = min(l * chunk_1, (long)(count));
                const long hi_2 = min(lo_2 + chunk_1, (long)(count));
                for (long k_1 = lo_2; k_1 < hi_2; k_1 += 1) {
                    double op_extreme_r_14;
                    long op_extreme_r_15;
                    hsplit_fused_13_op_extreme(acc_4, acc_5, extreme_partials_0[from + k_1], extreme_partials_1[from + k_1], &op_extreme_r_14, &op_extreme_r_15);
                    acc_4 = op_extreme_r_14;
                    acc_5 = op_extreme_r_15;
                }
                team_values[l] = acc_4;
                team_values_1[l] = acc_5;
                barrier(CLK_LOCAL_MEM_FENCE);
                for (long h_2 = 1; h_2 < 256; h_2 *= 2) {
                    if ((l & (2 * h_2 - 1)) == 0) {
                        double op_extreme_r_16;
                        long op_extreme_r_17;
                        hsplit_fused_13_op_extreme(team_values[l], team_values_1[l], team_values[l + h_2], team_values_1[l + h_2], &op_extreme_r_16, &op_extreme_r_17);
                        team_values[l] = op_extreme_r_16;
                        team_values_1[l] = op_extreme_r_17;
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                double acc_6 = 0.0;
                long acc_7 = -1L;
                acc_6 = team_values[0];
                acc_7 = team_values_1[0];
                barrier(CLK_LOCAL_MEM_FENCE);
                acc_2 = acc_6;
                acc_3 = acc_7;
            }
            double acc_8 = 0.0;
            long acc_9 = -1L;
            const long chunk_2 = (len + 256 - 1) / 256;
            const long lo_3 = min(l * chunk_2, (long)(len));
            const long hi_3 = min(lo_3 + chunk_2, (long)(len));
            long k_2 = lo_3;
            for (; k_2 + 3 * 1 < hi_3; k_2 += 4 * 1) {
                double pull_extreme_r_10;
                long pull_extreme_r_11;
                hsplit_fused_13_pull_extreme(at_1 + k_2 + 0 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_10, &pull_extreme_r_11);
                double pull_extreme_r_12;
                long pull_extreme_r_13;
                hsplit_fused_13_pull_extreme(at_1 + k_2 + 1 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_12, &pull_extreme_r_13);
                double pull_extreme_r_14;
                long pull_extreme_r_15;
                hsplit_fused_13_pull_extreme(at_1 + k_2 + 2 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_14, &pull_extreme_r_15);
                double pull_extreme_r_16;
                long pull_extreme_r_17;
                hsplit_fused_13_pull_extreme(at_1 + k_2 + 3 * 1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_16, &pull_extreme_r_17);
                double op_extreme_r_18;
                long op_extreme_r_19;
                hsplit_fused_13_op_extreme(acc_8, acc_9, pull_extreme_r_10, pull_extreme_r_11, &op_extreme_r_18, &op_extreme_r_19);
                acc_8 = op_extreme_r_18;
                acc_9 = op_extreme_r_19;
                double op_extreme_r_20;
                long op_extreme_r_21;
                hsplit_fused_13_op_extreme(acc_8, acc_9, pull_extreme_r_12, pull_extreme_r_13, &op_extreme_r_20, &op_extreme_r_21);
                acc_8 = op_extreme_r_20;
                acc_9 = op_extreme_r_21;
                double op_extreme_r_22;
                long op_extreme_r_23;
                hsplit_fused_13_op_extreme(acc_8, acc_9, pull_extreme_r_14, pull_extreme_r_15, &op_extreme_r_22, &op_extreme_r_23);
                acc_8 = op_extreme_r_22;
                acc_9 = op_extreme_r_23;
                double op_extreme_r_24;
                long op_extreme_r_25;
                hsplit_fused_13_op_extreme(acc_8, acc_9, pull_extreme_r_16, pull_extreme_r_17, &op_extreme_r_24, &op_extreme_r_25);
                acc_8 = op_extreme_r_24;
                acc_9 = op_extreme_r_25;
            }
            for (; k_2 < hi_3; k_2 += 1) {
                double pull_extreme_r_18;
                long pull_extreme_r_19;
                hsplit_fused_13_pull_extreme(at_1 + k_2, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r_18, &pull_extreme_r_19);
                double op_extreme_r_26;
                long op_extreme_r_27;
                hsplit_fused_13_op_extreme(acc_8, acc_9, pull_extreme_r_18, pull_extreme_r_19, &op_extreme_r_26, &op_extreme_r_27);
                acc_8 = op_extreme_r_26;
                acc_9 = op_extreme_r_27;
            }
            team_values[l] = acc_8;
            team_values_1[l] = acc_9;
            barrier(CLK_LOCAL_MEM_FENCE);
            for (long h_3 = 1; h_3 < 256; h_3 *= 2) {
                if ((l & (2 * h_3 - 1)) == 0) {
                    double op_extreme_r_28;
                    long op_extreme_r_29;
                    hsplit_fused_13_op_extreme(team_values[l], team_values_1[l], team_values[l + h_3], team_values_1[l + h_3], &op_extreme_r_28, &op_extreme_r_29);
                    team_values[l] = op_extreme_r_28;
                    team_values_1[l] = op_extreme_r_29;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            double acc_10 = 0.0;
            long acc_11 = -1L;
            acc_10 = team_values[0];
            acc_11 = team_values_1[0];
            barrier(CLK_LOCAL_MEM_FENCE);
            double op_extreme_r_30;
            long op_extreme_r_31;
            hsplit_fused_13_op_extreme(acc_2, acc_3, acc_10, acc_11, &op_extreme_r_30, &op_extreme_r_31);
            double acc_12 = 0.0;
            long acc_13 = -1L;
            acc_12 = is_long_1 ? op_extreme_r_30 : acc_10;
            acc_13 = is_long_1 ? op_extreme_r_31 : acc_11;
            if (l == 0) {
                extreme[s_1] = acc_12;
                position[s_1] = acc_13;
            }
        }
    }
}

__kernel void hsplit_fused_13_extreme_3(__global const long* cross_offsets_0, __global const long* cross_lengths, long n_cross_offsets_arg, __global const long* n_cross_offsets_word, long merge_tiles, __global const long* extreme_splits, __global int* extreme_merge_status, uint extreme_merge_status_epoch, uint extreme_merge_status_base, __global const long* else_instances, __global const long* cross_offsets_2, __global const double* cross_elements_3, __global const int* extreme_gave_up, __global double* extreme, __global long* position) {
    __local double merge_values[641];
    __local long merge_values_1[641];
    __local int merge_ends[640];
    const long n_cross_offsets = n_cross_offsets_arg >= 0 ? n_cross_offsets_arg : clamp(n_cross_offsets_word[0], 0L, (-1 - n_cross_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_cross_offsets_arg) >> 32);
    if (!(extreme_gave_up[0] > 0)) {
        if (get_group_id(0) == 0 && get_local_id(0) == 0) atomic_add(extreme_merge_status, (int)get_num_groups(0));
        return;
    }
    volatile __global ulong* status = (volatile __global ulong*)(extreme_merge_status + 2);
    const int t = get_local_id(0);
    const long segs = n_cross_offsets;
    const long n_1 = segs > 0 ? cross_offsets_0[segs - 1] + cross_lengths[segs - 1] : 0;
    if (t == 0) {
        const uint raw = (uint)atomic_inc(extreme_merge_status) - extreme_merge_status_base;
        if ((long)raw == merge_tiles + (long)get_num_groups(0) - 1) atomic_sub(extreme_merge_status, (int)merge_tiles);
        merge_ends[512] = (int)min((long)raw, merge_tiles);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long g = merge_ends[512];
    int lag_g = -1, has_p = 0;
    long lag_a = 0, lag_h = 0;
    double acc = 0.0;
    long acc_1 = -1L;
    while (g < merge_tiles || lag_g >= 0) {
        const int live = g < merge_tiles;
        const long a = live ? extreme_splits[g] : 0, b = live ? extreme_splits[g + 1] : 0;
        const long j0 = g * 512 - a;
        const int nr = (int)(b - a);
        const int ne = live ? (int)(min((g + 1) * 512, segs + n_1) - b - j0) : 0;
        const int cl = ne + nr;
        if (has_p) {
            merge_values[640] = acc;
            merge_values_1[640] = acc_1;
            has_p = 0;
        }
        for (int k = t; k < nr; k += 128) {
            const long r = a + k;
            merge_ends[k] = (int)((r + 1 < segs ? cross_offsets_0[r + 1] : n_1) - j0);
        }
        #pragma unroll
        for (int i = 0; i < 4; i++) {
            const int k_1 = t + i * 128;
            if (k_1 < ne) {
                double pull_extreme_r;
                long pull_extreme_r_1;
                hsplit_fused_13_pull_extreme(j0 + k_1, cross_offsets_0, n_cross_offsets, else_instances, cross_offsets_2, cross_elements_3, &pull_extreme_r, &pull_extreme_r_1);
                merge_values[k_1] = pull_extreme_r;
                merge_values_1[k_1] = pull_extreme_r_1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        const int dlo = min(t * 4, cl);
        const int dhi = min(dlo + 4, cl);
        int lo_1 = max(dlo - ne, 0), hi_1 = min(dlo, nr);
        while (lo_1 < hi_1) {
            const int mid_1 = lo_1 + (hi_1 - lo_1) / 2;
            if (merge_ends[mid_1] < dlo - mid_1) lo_1 = mid_1 + 1; else hi_1 = mid_1;
        }
        int ii = lo_1, jj = dlo - lo_1, head = -1;
        double acc_2 = 0.0;
        long acc_3 = -1L;
        double acc_4 = 0.0;
        long acc_5 = -1L;
        for (int d_1 = dlo; d_1 < dhi; d_1++) {
            if (ii < nr && merge_ends[ii] <= jj) {
                if (head < 0) {
                    head = ii;
                    acc_4 = acc_2;
                    acc_5 = acc_3;
                } else {
                    const long row = a + ii;
                    extreme[row] = acc_2;
                    position[row] = acc_3;
                }
                acc_2 = 0.0;
                acc_3 = -1L;
                ii++;
            } else {
                double op_extreme_r;
                long op_extreme_r_1;
                hsplit_fused_13_op_extreme(acc_2, acc_3, merge_values[jj], merge_values_1[jj], &op_extreme_r, &op_extreme_r_1);
                acc_2 = op_extreme_r;
                acc_3 = op_extreme_r_1;
                jj++;
            }
        }
        merge_values[512 + t] = acc_2;
        merge_values_1[512 + t] = acc_3;
        merge_ends[512 + t] = head >= 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (live && t == 0) {
            int u = 128 - 1;
            while (u >= 0 && !merge_ends[512 + u]) u--;
            double acc_6 = u >= 0 ? merge_values[512 + u] : 0.0;
            long acc_7 = u >= 0 ? merge_values_1[512 + u] : -1L;
            for (int w = u + 1; w < 128; w++) {
                double op_extreme_r_2;
                long op_extreme_r_3;
                hsplit_fused_13_op_extreme(acc_6, acc_7, merge_values[512 + w], merge_values_1[512 + w], &op_extreme_r_2, &op_extreme_r_3);
                acc_6 = op_extreme_r_2;
                acc_7 = op_extreme_r_3;
            }
            const ulong tag = (ulong)extreme_merge_status_epoch << 32;
            const ulong bits = as_ulong(acc_6);
            status[(g * 2 + 0) * 2] = tag | (bits & 0xffffffffUL);
            status[(g * 2 + 0) * 2 + 1] = tag | (bits >> 32);
            const ulong bits_1 = (ulong)(acc_7);
            status[(g * 2 + 1) * 2] = tag | (bits_1 & 0xffffffffUL);
            status[(g * 2 + 1) * 2 + 1] = tag | (bits_1 >> 32);
        }
        const long e0 = a < segs ? cross_offsets_0[a] : n_1;
        const int look = a < b && a + e0 < g * 512;
        if (head >= 0) {
            int u_1 = t - 1;
            while (u_1 >= 0 && !merge_ends[512 + u_1]) u_1--;
            double acc_8 = u_1 >= 0 ? merge_values[512 + u_1] : 0.0;
            long acc_9 = u_1 >= 0 ? merge_values_1[512 + u_1] : -1L;
            for (int w_1 = u_1 + 1; w_1 < t; w_1++) {
                double op_extreme_r_4;
                long op_extreme_r_5;
                hsplit_fused_13_op_extreme(acc_8, acc_9, merge_values[512 + w_1], merge_values_1[512 + w_1], &op_extreme_r_4, &op_extreme_r_5);
                acc_8 = op_extreme_r_4;
                acc_9 = op_extreme_r_5;
            }
            double op_extreme_r_6;
            long op_extreme_r_7;
            hsplit_fused_13_op_extreme(acc_8, acc_9, acc_4, acc_5, &op_extreme_r_6, &op_extreme_r_7);
            if (head == 0 && look) {
                acc = op_extreme_r_6;
                acc_1 = op_extreme_r_7;
                has_p = 1;
            } else {
                const long row_1 = a + head;
                extreme[row_1] = op_extreme_r_6;
                position[row_1] = op_extreme_r_7;
            }
        }
        const long mtp = lag_g >= 0 ? lag_g - lag_h : 0;
        const long perp = max((mtp + 128 - 1) / 128, 1L);
        const long x0 = min(lag_h + t * perp, lag_h + mtp), x1 = min(x0 + perp, lag_h + mtp);
        double acc_10 = 0.0;
        long acc_11 = -1L;
        for (long x = x0; x < x1; x++) {
            ulong lo_2, hi_2;
            do {
                lo_2 = status[(x * 2 + 0) * 2];
                hi_2 = status[(x * 2 + 0) * 2 + 1];
            } while ((lo_2 >> 32) != extreme_merge_status_epoch || (hi_2 >> 32) != extreme_merge_status_epoch);
            const double y = as_double((lo_2 & 0xffffffffUL) | ((hi_2 & 0xffffffffUL) << 32));
            ulong lo_3, hi_3;
            do {
                lo_3 = status[(x * 2 + 1) * 2];
                hi_3 = status[(x * 2 + 1) * 2 + 1];
            } while ((lo_3 >> 32) != extreme_merge_status_epoch || (hi_3 >> 32) != extreme_merge_status_epoch);
            const long y_1 = (long)((lo_3 & 0xffffffffUL) | ((hi_3 & 0xffffffffUL) << 32));
            double op_extreme_r_8;
            long op_extreme_r_9;
            hsplit_fused_13_op_extreme(acc_10, acc_11, y, y_1, &op_extreme_r_8, &op_extreme_r_9);
            acc_10 = x == x0 ? y : op_extreme_r_8;
            acc_11 = x == x0 ? y_1 : op_extreme_r_9;
        }
        if (x0 < x1) {
            merge_values[t] = acc_10;
            merge_values_1[t] = acc_11;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (t == 0) {
            if (lag_g >= 0) {
                double acc_12 = merge_values[0];
                long acc_13 = merge_values_1[0];
                const long runs = (mtp + perp - 1) / perp;
                for (long w_2 = 1; w_2 < runs; w_2++) {
                    double op_extreme_r_10;
                    long op_extreme_r_11;
                    hsplit_fused_13_op_extreme(acc_12, acc_13, merge_values[w_2], merge_values_1[w_2], &op_extreme_r_10, &op_extreme_r_11);
                    acc_12 = op_extreme_r_10;
                    acc_13 = op_extreme_r_11;
                }
                double op_extreme_r_12;
                long op_extreme_r_13;
                hsplit_fused_13_op_extreme(acc_12, acc_13, merge_values[640], merge_values_1[640], &op_extreme_r_12, &op_extreme_r_13);
                extreme[lag_a] = op_extreme_r_12;
                position[lag_a] = op_extreme_r_13;
            }
            if (live) {
                const uint raw_1 = (uint)atomic_inc(extreme_merge_status) - extreme_merge_status_base;
                if ((long)raw_1 == merge_tiles + (long)get_num_groups(0) - 1) atomic_sub(extreme_merge_status, (int)merge_tiles);
                merge_ends[512] = (int)min((long)raw_1, merge_tiles);
            } else {
                merge_ends[512] = (int)merge_tiles;
            }
        }
        lag_g = look ? (int)g : -1;
        if (look) {
            lag_a = a;
            lag_h = (a + e0) / 512;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        g = merge_ends[512];
    }
}


// ===== hsplit_fused_14.cl =====
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

static inline void hsplit_fused_14_pull_pm_1(long i, __global const long* cross_lengths, __global const long* position, __global const long* cross_offsets, __global const long* else_instances, __global const long* points_lengths, __global const long* points_offsets, __global const double* points_elements_1, __global const double* points_elements_2, __global const double* p1_1, __global const double* p1_1_1, __global const double* p1_1_2, __global const double* p1_1_3, __global long* err, double* r0, double* r1, double* r2, double* r3, double* r4, double* r5, long* r6, long* r7) {
    if (cross_lengths[i] <= 0L) {
        nessie_fail(err, 1, 6, 0, 0);
        *r0 = 0.0;
        *r1 = 0.0;
        *r2 = 0.0;
        *r3 = 0.0;
        *r4 = 0.0;
        *r5 = 0.0;
        *r6 = 0L;
        *r7 = 0L;
        return;
    }
    long index = nessie_sub(position[i], cross_offsets[i]);
    long j = index;
    long s = else_instances[i];
    long len = points_lengths[s];
    if (j < 0L || j >= len) {
        nessie_fail(err, 1, 7, j, len);
        *r0 = 0.0;
        *r1 = 0.0;
        *r2 = 0.0;
        *r3 = 0.0;
        *r4 = 0.0;
        *r5 = 0.0;
        *r6 = 0L;
        *r7 = 0L;
        return;
    }
    long k = nessie_add(points_offsets[s], j);
    double v = points_elements_1[k];
    double v_1 = points_elements_2[k];
    long q = else_instances[i];
    double v_2 = p1_1[q];
    double v_3 = v;
    double v_4 = v_1;
    double v_5 = v_2;
    long q_1 = else_instances[i];
    double v_6 = p1_1_1[q_1];
    double v_7 = v_3;
    double v_8 = v_4;
    double v_9 = v_5;
    double v_10 = v_6;
    long q_2 = else_instances[i];
    double v_11 = p1_1_2[q_2];
    double v_12 = v_7;
    double v_13 = v_8;
    double v_14 = v_9;
    double v_15 = v_10;
    double v_16 = v_11;
    long q_3 = else_instances[i];
    double v_17 = p1_1_3[q_3];
    double v_18 = v_12;
    double v_19 = v_13;
    double v_20 = v_14;
    double v_21 = v_15;
    double v_22 = v_16;
    double v_23 = v_17;
    long v_24 = 2L;
    double v_25 = v_18;
    double v_26 = v_19;
    double v_27 = v_20;
    double v_28 = v_21;
    double v_29 = v_22;
    double v_30 = v_23;
    long v_31 = v_24;
    long v_32 = nessie_mul(i, 2L);
    *r0 = v_25;
    *r1 = v_26;
    *r2 = v_27;
    *r3 = v_28;
    *r4 = v_29;
    *r5 = v_30;
    *r6 = v_31;
    *r7 = v_32;
}

__kernel void hsplit_fused_14_pm_1(long n_else_instances_arg, __global const long* n_else_instances_word, __global const long* cross_lengths, __global const long* position, __global const long* cross_offsets, __global const long* else_instances, __global const long* points_lengths, __global const long* points_offsets, __global const double* points_elements_1, __global const double* points_elements_2, __global const double* p1_1_17, __global const double* p1_1_21, __global const double* p1_1_25, __global const double* p1_1_29, __global double* pm_1, __global double* pm_2, __global double* p1_1_18, __global double* p1_1_22, __global double* p1_1_26, __global double* p1_1_30, __global long* lengths, __global long* offsets, __global long* err) {
    const long n_else_instances = n_else_instances_arg >= 0 ? n_else_instances_arg : clamp(n_else_instances_word[0], 0L, (-1 - n_else_instances_arg) & 0xFFFFFFFFL) + ((-1 - n_else_instances_arg) >> 32);
    if (nessie_failed(err)) return;
    const long gid = get_global_id(0);
    if (gid < n_else_instances) {
        double pull_pm_1_r;
        double pull_pm_1_r_1;
        double pull_pm_1_r_2;
        double pull_pm_1_r_3;
        double pull_pm_1_r_4;
        double pull_pm_1_r_5;
        long pull_pm_1_r_6;
        long pull_pm_1_r_7;
        hsplit_fused_14_pull_pm_1(gid, cross_lengths, position, cross_offsets, else_instances, points_lengths, points_offsets, points_elements_1, points_elements_2, p1_1_17, p1_1_21, p1_1_25, p1_1_29, err, &pull_pm_1_r, &pull_pm_1_r_1, &pull_pm_1_r_2, &pull_pm_1_r_3, &pull_pm_1_r_4, &pull_pm_1_r_5, &pull_pm_1_r_6, &pull_pm_1_r_7);
        pm_1[gid] = pull_pm_1_r;
        pm_2[gid] = pull_pm_1_r_1;
        p1_1_18[gid] = pull_pm_1_r_2;
        p1_1_22[gid] = pull_pm_1_r_3;
        p1_1_26[gid] = pull_pm_1_r_4;
        p1_1_30[gid] = pull_pm_1_r_5;
        lengths[gid] = pull_pm_1_r_6;
        offsets[gid] = pull_pm_1_r_7;
    }
}

__kernel void hsplit_fused_14_pm_1_idx32(long n_else_instances_arg, __global const long* n_else_instances_word, __global const long* cross_lengths, __global const long* position, __global const long* cross_offsets, __global const long* else_instances, __global const long* points_lengths, __global const long* points_offsets, __global const double* points_elements_1, __global const double* points_elements_2, __global const double* p1_1_17, __global const double* p1_1_21, __global const double* p1_1_25, __global const double* p1_1_29, __global double* pm_1, __global double* pm_2, __global double* p1_1_18, __global double* p1_1_22, __global double* p1_1_26, __global double* p1_1_30, __global long* lengths, __global long* offsets, __global long* err) {
    const long n_else_instances = n_else_instances_arg >= 0 ? n_else_instances_arg : clamp(n_else_instances_word[0], 0L, (-1 - n_else_instances_arg) & 0xFFFFFFFFL) + ((-1 - n_else_instances_arg) >> 32);
    if (nessie_failed(err)) return;
    const long gid = (long)(uint)get_global_id(0);
    if (gid < n_else_instances) {
        double pull_pm_1_r;
        double pull_pm_1_r_1;
        double pull_pm_1_r_2;
        double pull_pm_1_r_3;
        double pull_pm_1_r_4;
        double pull_pm_1_r_5;
        long pull_pm_1_r_6;
        long pull_pm_1_r_7;
        hsplit_fused_14_pull_pm_1(gid, cross_lengths, position, cross_offsets, else_instances, points_lengths, points_offsets, points_elements_1, points_elements_2, p1_1_17, p1_1_21, p1_1_25, p1_1_29, err, &pull_pm_1_r, &pull_pm_1_r_1, &pull_pm_1_r_2, &pull_pm_1_r_3, &pull_pm_1_r_4, &pull_pm_1_r_5, &pull_pm_1_r_6, &pull_pm_1_r_7);
        pm_1[gid] = pull_pm_1_r;
        pm_2[gid] = pull_pm_1_r_1;
        p1_1_18[gid] = pull_pm_1_r_2;
        p1_1_22[gid] = pull_pm_1_r_3;
        p1_1_26[gid] = pull_pm_1_r_4;
        p1_1_30[gid] = pull_pm_1_r_5;
        lengths[gid] = pull_pm_1_r_6;
        offsets[gid] = pull_pm_1_r_7;
    }
}


// ===== hsplit_fused_15.cl =====
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

static inline long hsplit_fused_15_pull_offsets(long i, __global const long* offsets, long offsets_len, __global const long* else_instances, __global const long* packed_lengths) {
    long segment = nessie_segment_of(offsets, offsets_len, i);
    long q = else_instances[segment];
    long packed_lengths_1 = packed_lengths[q];
    return packed_lengths_1;
}

static inline long hsplit_fused_15_op_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline void hsplit_fused_15_pull_ends_1_1(long p, __global const double* p1_1, __global const double* pm_1, __global const double* p1_2, __global const double* pm_2, __global const double* p2_1, __global const double* p2_2, __global const long* offsets, long offsets_len, __global const long* else_instances, __global const long* packed_lengths, double* r0, double* r1, double* r2, double* r3, long* r4) {
    long c = nessie_rem(p, 2L);
    long q = nessie_div(p, 2L);
    double v = c == 0L ? p1_1[q] : pm_1[q];
    double v_1 = c == 0L ? p1_2[q] : pm_2[q];
    double v_2 = c == 0L ? pm_1[q] : p2_1[q];
    double v_3 = c == 0L ? pm_2[q] : p2_2[q];
    long segment = nessie_segment_of(offsets, offsets_len, p);
    long q_1 = else_instances[segment];
    long v_4 = packed_lengths[q_1];
    *r0 = v;
    *r1 = v_1;
    *r2 = v_2;
    *r3 = v_3;
    *r4 = v_4;
}

__kernel void hsplit_fused_15_offsets(__global int* offsets_status, uint offsets_status_epoch, uint offsets_status_base, long t_1_arg, __global const long* t_1_word, __global const long* offsets_14, long n_offsets_arg, __global const long* n_offsets_word, __global const long* else_instances, __global const long* packed_lengths_16, __global const double* p1_1, __global const double* pm_1, __global const double* p1_2, __global const double* pm_2, __global const double* p2_1, __global const double* p2_2, __global long* offsets_20, __global double* ends_1_1, __global double* ends_1_2, __global double* ends_2_1, __global double* ends_2_2, __global long* packed_lengths_17) {
    __local long tile[768];
    __local long vals[306];
    __local long flags[35];
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(offsets_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(offsets_status) - offsets_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 768;
    for (long j = 0; j < 3; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < t_1) {
            long pull_offsets_r = hsplit_fused_15_pull_offsets(g, offsets_14, n_offsets, else_instances, packed_lengths_16);
            double pull_ends_1_1_r;
            double pull_ends_1_1_r_1;
            double pull_ends_1_1_r_2;
            double pull_ends_1_1_r_3;
            long pull_ends_1_1_r_4;
            hsplit_fused_15_pull_ends_1_1(g, p1_1, pm_1, p1_2, pm_2, p2_1, p2_2, offsets_14, n_offsets, else_instances, packed_lengths_16, &pull_ends_1_1_r, &pull_ends_1_1_r_1, &pull_ends_1_1_r_2, &pull_ends_1_1_r_3, &pull_ends_1_1_r_4);
            tile[p] = pull_offsets_r;
            ends_1_1[g] = pull_ends_1_1_r;
            ends_1_2[g] = pull_ends_1_1_r_1;
            ends_2_1[g] = pull_ends_1_1_r_2;
            ends_2_2[g] = pull_ends_1_1_r_3;
            packed_lengths_17[g] = pull_ends_1_1_r_4;
        } else {
            tile[p] = 0L;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long acc = 0L;
    for (long j = 0; j < 3; j++) {
        long op_offsets_r = hsplit_fused_15_op_offsets(acc, tile[l * 3 + j]);
        long c_1 = op_offsets_r;
        acc = c_1;
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
                long op_offsets_r_1 = hsplit_fused_15_op_offsets(sh, incl);
                long c_2 = op_offsets_r_1;
                incl = c_2;
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
                long op_offsets_r_2 = hsplit_fused_15_op_offsets(offset, vals[256 + r]);
                long c_3 = op_offsets_r_2;
                offset = c_3;
            }
        }
        long op_offsets_r_3 = hsplit_fused_15_op_offsets(offset, sh_1);
        long c_4 = op_offsets_r_3;
        offset = c_4;
        if (l < 32) {
            long agg = 0L;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long op_offsets_r_4 = hsplit_fused_15_op_offsets(agg, vals[256 + r]);
                long c_5 = op_offsets_r_4;
                agg = c_5;
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
                                long op_offsets_r_5 = hsplit_fused_15_op_offsets(sh_2, win);
                                long c_6 = op_offsets_r_5;
                                win = c_6;
                            }
                        }
                        long op_offsets_r_6 = hsplit_fused_15_op_offsets(win, prefix);
                        long c_7 = op_offsets_r_6;
                        prefix = c_7;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_1 = prefix;
                    long op_offsets_r_7 = hsplit_fused_15_op_offsets(incl_1, agg);
                    long c_8 = op_offsets_r_7;
                    incl_1 = c_8;
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
            for (long c_9 = 0; c_9 < 16; c_9++) {
                long op_offsets_r_8 = hsplit_fused_15_op_offsets(row, vals[l * 16 + c_9]);
                long c_10 = op_offsets_r_8;
                row = c_10;
            }
            vals[256 + l] = row;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) {
            long total = 0L;
            for (long r_1 = 0; r_1 < 16; r_1++) {
                long x = vals[256 + r_1];
                vals[256 + r_1] = total;
                long op_offsets_r_9 = hsplit_fused_15_op_offsets(total, x);
                long c_11 = op_offsets_r_9;
                total = c_11;
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
            for (long c_9 = 0; c_9 < 16; c_9++) {
                long x_1 = vals[l * 16 + c_9];
                vals[l * 16 + c_9] = row_1;
                long op_offsets_r_10 = hsplit_fused_15_op_offsets(row_1, x_1);
                long c_12 = op_offsets_r_10;
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
                    long op_offsets_r_11 = hsplit_fused_15_op_offsets(vals[272 + k], excl);
                    long c_13 = op_offsets_r_11;
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
                    long op_offsets_r_12 = hsplit_fused_15_op_offsets(incl_2, vals[305]);
                    long c_14 = op_offsets_r_12;
                    incl_2 = c_14;
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
    long op_offsets_r_13 = hsplit_fused_15_op_offsets(off, vals[l]);
    long c_15 = op_offsets_r_13;
    off = c_15;
    for (long j = 0; j < 3; j++) {
        long x_2 = tile[l * 3 + j];
        tile[l * 3 + j] = off;
        long op_offsets_r_14 = hsplit_fused_15_op_offsets(off, x_2);
        long c_16 = op_offsets_r_14;
        off = c_16;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long j = 0; j < 3; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < t_1) {
            offsets_20[g] = tile[p];
        }
    }
}


// ===== hsplit_fused_16.cl =====
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

static inline long hsplit_fused_16_pull_offsets(long i, __global const uchar* mapped, __global const long* rank, __global const long* lengths, __global const long* sum) {
    int f = (int)mapped[i];
    long r = rank[i];
    long q = f ? r : nessie_sub(i, r);
    long lengths_1 = f ? lengths[q] : sum[q];
    return lengths_1;
}

static inline long hsplit_fused_16_op_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline long hsplit_fused_16_pull_lengths(long p, __global const uchar* mapped, __global const long* rank, __global const long* lengths, __global const long* sum) {
    int f = (int)mapped[p];
    long r = rank[p];
    long q = f ? r : nessie_sub(p, r);
    return f ? lengths[q] : sum[q];
}

__kernel void hsplit_fused_16_offsets(__global int* offsets_status, uint offsets_status_epoch, uint offsets_status_base, long instances_1_arg, __global const long* instances_1_word, __global const uchar* mapped, __global const long* rank, __global const long* lengths_2, __global const long* sum, __global long* offsets, __global long* lengths_5) {
    __local long tile[768];
    __local long vals[306];
    __local long flags[35];
    const long instances_1 = instances_1_arg >= 0 ? instances_1_arg : clamp(instances_1_word[0], 0L, (-1 - instances_1_arg) & 0xFFFFFFFFL) + ((-1 - instances_1_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(offsets_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(offsets_status) - offsets_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 768;
    for (long j = 0; j < 3; j++) {
        const long p_1 = j * 256 + l;
        const long g = start + p_1;
        if (g < instances_1) {
            long pull_offsets_r = hsplit_fused_16_pull_offsets(g, mapped, rank, lengths_2, sum);
            long pull_lengths_r = hsplit_fused_16_pull_lengths(g, mapped, rank, lengths_2, sum);
            tile[p_1] = pull_offsets_r;
            lengths_5[g] = pull_lengths_r;
        } else {
            tile[p_1] = 0L;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long acc = 0L;
    for (long j = 0; j < 3; j++) {
        long op_offsets_r = hsplit_fused_16_op_offsets(acc, tile[l * 3 + j]);
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
                long op_offsets_r_1 = hsplit_fused_16_op_offsets(sh, incl);
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
                long op_offsets_r_2 = hsplit_fused_16_op_offsets(offset, vals[256 + r]);
                long c_2 = op_offsets_r_2;
                offset = c_2;
            }
        }
        long op_offsets_r_3 = hsplit_fused_16_op_offsets(offset, sh_1);
        long c_3 = op_offsets_r_3;
        offset = c_3;
        if (l < 32) {
            long agg = 0L;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long op_offsets_r_4 = hsplit_fused_16_op_offsets(agg, vals[256 + r]);
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
                                long op_offsets_r_5 = hsplit_fused_16_op_offsets(sh_2, win);
                                long c_5 = op_offsets_r_5;
                                win = c_5;
                            }
                        }
                        long op_offsets_r_6 = hsplit_fused_16_op_offsets(win, prefix);
                        long c_6 = op_offsets_r_6;
                        prefix = c_6;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_1 = prefix;
                    long op_offsets_r_7 = hsplit_fused_16_op_offsets(incl_1, agg);
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
                long op_offsets_r_8 = hsplit_fused_16_op_offsets(row, vals[l * 16 + c_8]);
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
                long op_offsets_r_9 = hsplit_fused_16_op_offsets(total, x);
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
                long op_offsets_r_10 = hsplit_fused_16_op_offsets(row_1, x_1);
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
                    long op_offsets_r_11 = hsplit_fused_16_op_offsets(vals[272 + k], excl);
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
                    long op_offsets_r_12 = hsplit_fused_16_op_offsets(incl_2, vals[305]);
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
    long op_offsets_r_13 = hsplit_fused_16_op_offsets(off, vals[l]);
    long c_14 = op_offsets_r_13;
    off = c_14;
    for (long j = 0; j < 3; j++) {
        long x_2 = tile[l * 3 + j];
        tile[l * 3 + j] = off;
        long op_offsets_r_14 = hsplit_fused_16_op_offsets(off, x_2);
        long c_15 = op_offsets_r_14;
        off = c_15;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long j = 0; j < 3; j++) {
        const long p_1 = j * 256 + l;
        const long g = start + p_1;
        if (g < instances_1) {
            offsets[g] = tile[p_1];
        }
    }
}


// ===== hsplit_fused_7_by_ids.cl =====
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

static inline long hsplit_fused_7_by_ids_pull_offsets(long i, __global const int* offsets_ids, __global const long* else_instances, __global const long* packed_lengths) {
    long q = else_instances[(long)offsets_ids[i]];
    long packed_lengths_1 = packed_lengths[q];
    return packed_lengths_1;
}

static inline long hsplit_fused_7_by_ids_op_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline void hsplit_fused_7_by_ids_pull_ends_1_1(long p, __global const double* p1_1, __global const double* pm_1, __global const double* p1_2, __global const double* pm_2, __global const double* p2_1, __global const double* p2_2, __global const long* offsets, long offsets_len, __global const long* else_instances, __global const long* packed_lengths, double* r0, double* r1, double* r2, double* r3, long* r4) {
    long c = nessie_rem(p, 2L);
    long q = nessie_div(p, 2L);
    double v = c == 0L ? p1_1[q] : pm_1[q];
    double v_1 = c == 0L ? p1_2[q] : pm_2[q];
    double v_2 = c == 0L ? pm_1[q] : p2_1[q];
    double v_3 = c == 0L ? pm_2[q] : p2_2[q];
    long segment = nessie_segment_of(offsets, offsets_len, p);
    long q_1 = else_instances[segment];
    long v_4 = packed_lengths[q_1];
    *r0 = v;
    *r1 = v_1;
    *r2 = v_2;
    *r3 = v_3;
    *r4 = v_4;
}

__kernel void hsplit_fused_7_by_ids_offsets(__global int* offsets_status, uint offsets_status_epoch, uint offsets_status_base, long t_1_arg, __global const long* t_1_word, __global const int* offsets_ids, __global const long* else_instances, __global const long* packed_lengths_16, __global const double* p1_1, __global const double* pm_1, __global const double* p1_2, __global const double* pm_2, __global const double* p2_1, __global const double* p2_2, __global const long* offsets_14, long n_offsets_arg, __global const long* n_offsets_word, __global long* offsets_20, __global double* ends_1_1, __global double* ends_1_2, __global double* ends_2_1, __global double* ends_2_2, __global long* packed_lengths_17) {
    __local long tile[768];
    __local long vals[306];
    __local long flags[35];
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(offsets_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(offsets_status) - offsets_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 768;
    for (long j = 0; j < 3; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < t_1) {
            long pull_offsets_r = hsplit_fused_7_by_ids_pull_offsets(g, offsets_ids, else_instances, packed_lengths_16);
            double pull_ends_1_1_r;
            double pull_ends_1_1_r_1;
            double pull_ends_1_1_r_2;
            double pull_ends_1_1_r_3;
            long pull_ends_1_1_r_4;
            hsplit_fused_7_by_ids_pull_ends_1_1(g, p1_1, pm_1, p1_2, pm_2, p2_1, p2_2, offsets_14, n_offsets, else_instances, packed_lengths_16, &pull_ends_1_1_r, &pull_ends_1_1_r_1, &pull_ends_1_1_r_2, &pull_ends_1_1_r_3, &pull_ends_1_1_r_4);
            tile[p] = pull_offsets_r;
            ends_1_1[g] = pull_ends_1_1_r;
            ends_1_2[g] = pull_ends_1_1_r_1;
            ends_2_1[g] = pull_ends_1_1_r_2;
            ends_2_2[g] = pull_ends_1_1_r_3;
            packed_lengths_17[g] = pull_ends_1_1_r_4;
        } else {
            tile[p] = 0L;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long acc = 0L;
    for (long j = 0; j < 3; j++) {
        long op_offsets_r = hsplit_fused_7_by_ids_op_offsets(acc, tile[l * 3 + j]);
        long c_1 = op_offsets_r;
        acc = c_1;
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
                long op_offsets_r_1 = hsplit_fused_7_by_ids_op_offsets(sh, incl);
                long c_2 = op_offsets_r_1;
                incl = c_2;
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
                long op_offsets_r_2 = hsplit_fused_7_by_ids_op_offsets(offset, vals[256 + r]);
                long c_3 = op_offsets_r_2;
                offset = c_3;
            }
        }
        long op_offsets_r_3 = hsplit_fused_7_by_ids_op_offsets(offset, sh_1);
        long c_4 = op_offsets_r_3;
        offset = c_4;
        if (l < 32) {
            long agg = 0L;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long op_offsets_r_4 = hsplit_fused_7_by_ids_op_offsets(agg, vals[256 + r]);
                long c_5 = op_offsets_r_4;
                agg = c_5;
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
                                long op_offsets_r_5 = hsplit_fused_7_by_ids_op_offsets(sh_2, win);
                                long c_6 = op_offsets_r_5;
                                win = c_6;
                            }
                        }
                        long op_offsets_r_6 = hsplit_fused_7_by_ids_op_offsets(win, prefix);
                        long c_7 = op_offsets_r_6;
                        prefix = c_7;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_1 = prefix;
                    long op_offsets_r_7 = hsplit_fused_7_by_ids_op_offsets(incl_1, agg);
                    long c_8 = op_offsets_r_7;
                    incl_1 = c_8;
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
            for (long c_9 = 0; c_9 < 16; c_9++) {
                long op_offsets_r_8 = hsplit_fused_7_by_ids_op_offsets(row, vals[l * 16 + c_9]);
                long c_10 = op_offsets_r_8;
                row = c_10;
            }
            vals[256 + l] = row;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) {
            long total = 0L;
            for (long r_1 = 0; r_1 < 16; r_1++) {
                long x = vals[256 + r_1];
                vals[256 + r_1] = total;
                long op_offsets_r_9 = hsplit_fused_7_by_ids_op_offsets(total, x);
                long c_11 = op_offsets_r_9;
                total = c_11;
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
            for (long c_9 = 0; c_9 < 16; c_9++) {
                long x_1 = vals[l * 16 + c_9];
                vals[l * 16 + c_9] = row_1;
                long op_offsets_r_10 = hsplit_fused_7_by_ids_op_offsets(row_1, x_1);
                long c_12 = op_offsets_r_10;
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
                    long op_offsets_r_11 = hsplit_fused_7_by_ids_op_offsets(vals[272 + k], excl);
                    long c_13 = op_offsets_r_11;
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
                    long op_offsets_r_12 = hsplit_fused_7_by_ids_op_offsets(incl_2, vals[305]);
                    long c_14 = op_offsets_r_12;
                    incl_2 = c_14;
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
    long op_offsets_r_13 = hsplit_fused_7_by_ids_op_offsets(off, vals[l]);
    long c_15 = op_offsets_r_13;
    off = c_15;
    for (long j = 0; j < 3; j++) {
        long x_2 = tile[l * 3 + j];
        tile[l * 3 + j] = off;
        long op_offsets_r_14 = hsplit_fused_7_by_ids_op_offsets(off, x_2);
        long c_16 = op_offsets_r_14;
        off = c_16;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long j = 0; j < 3; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < t_1) {
            offsets_20[g] = tile[p];
        }
    }
}


// ===== hsplit_fused_15_by_ids.cl =====
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

static inline long hsplit_fused_15_by_ids_pull_offsets(long i, __global const int* offsets_ids, __global const long* else_instances, __global const long* packed_lengths) {
    long q = else_instances[(long)offsets_ids[i]];
    long packed_lengths_1 = packed_lengths[q];
    return packed_lengths_1;
}

static inline long hsplit_fused_15_by_ids_op_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline void hsplit_fused_15_by_ids_pull_ends_1_1(long p, __global const double* p1_1, __global const double* pm_1, __global const double* p1_2, __global const double* pm_2, __global const double* p2_1, __global const double* p2_2, __global const long* offsets, long offsets_len, __global const long* else_instances, __global const long* packed_lengths, double* r0, double* r1, double* r2, double* r3, long* r4) {
    long c = nessie_rem(p, 2L);
    long q = nessie_div(p, 2L);
    double v = c == 0L ? p1_1[q] : pm_1[q];
    double v_1 = c == 0L ? p1_2[q] : pm_2[q];
    double v_2 = c == 0L ? pm_1[q] : p2_1[q];
    double v_3 = c == 0L ? pm_2[q] : p2_2[q];
    long segment = nessie_segment_of(offsets, offsets_len, p);
    long q_1 = else_instances[segment];
    long v_4 = packed_lengths[q_1];
    *r0 = v;
    *r1 = v_1;
    *r2 = v_2;
    *r3 = v_3;
    *r4 = v_4;
}

__kernel void hsplit_fused_15_by_ids_offsets(__global int* offsets_status, uint offsets_status_epoch, uint offsets_status_base, long t_1_arg, __global const long* t_1_word, __global const int* offsets_ids, __global const long* else_instances, __global const long* packed_lengths_16, __global const double* p1_1, __global const double* pm_1, __global const double* p1_2, __global const double* pm_2, __global const double* p2_1, __global const double* p2_2, __global const long* offsets_14, long n_offsets_arg, __global const long* n_offsets_word, __global long* offsets_20, __global double* ends_1_1, __global double* ends_1_2, __global double* ends_2_1, __global double* ends_2_2, __global long* packed_lengths_17) {
    __local long tile[768];
    __local long vals[306];
    __local long flags[35];
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(offsets_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(offsets_status) - offsets_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 768;
    for (long j = 0; j < 3; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < t_1) {
            long pull_offsets_r = hsplit_fused_15_by_ids_pull_offsets(g, offsets_ids, else_instances, packed_lengths_16);
            double pull_ends_1_1_r;
            double pull_ends_1_1_r_1;
            double pull_ends_1_1_r_2;
            double pull_ends_1_1_r_3;
            long pull_ends_1_1_r_4;
            hsplit_fused_15_by_ids_pull_ends_1_1(g, p1_1, pm_1, p1_2, pm_2, p2_1, p2_2, offsets_14, n_offsets, else_instances, packed_lengths_16, &pull_ends_1_1_r, &pull_ends_1_1_r_1, &pull_ends_1_1_r_2, &pull_ends_1_1_r_3, &pull_ends_1_1_r_4);
            tile[p] = pull_offsets_r;
            ends_1_1[g] = pull_ends_1_1_r;
            ends_1_2[g] = pull_ends_1_1_r_1;
            ends_2_1[g] = pull_ends_1_1_r_2;
            ends_2_2[g] = pull_ends_1_1_r_3;
            packed_lengths_17[g] = pull_ends_1_1_r_4;
        } else {
            tile[p] = 0L;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long acc = 0L;
    for (long j = 0; j < 3; j++) {
        long op_offsets_r = hsplit_fused_15_by_ids_op_offsets(acc, tile[l * 3 + j]);
        long c_1 = op_offsets_r;
        acc = c_1;
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
                long op_offsets_r_1 = hsplit_fused_15_by_ids_op_offsets(sh, incl);
                long c_2 = op_offsets_r_1;
                incl = c_2;
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
                long op_offsets_r_2 = hsplit_fused_15_by_ids_op_offsets(offset, vals[256 + r]);
                long c_3 = op_offsets_r_2;
                offset = c_3;
            }
        }
        long op_offsets_r_3 = hsplit_fused_15_by_ids_op_offsets(offset, sh_1);
        long c_4 = op_offsets_r_3;
        offset = c_4;
        if (l < 32) {
            long agg = 0L;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long op_offsets_r_4 = hsplit_fused_15_by_ids_op_offsets(agg, vals[256 + r]);
                long c_5 = op_offsets_r_4;
                agg = c_5;
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
                                long op_offsets_r_5 = hsplit_fused_15_by_ids_op_offsets(sh_2, win);
                                long c_6 = op_offsets_r_5;
                                win = c_6;
                            }
                        }
                        long op_offsets_r_6 = hsplit_fused_15_by_ids_op_offsets(win, prefix);
                        long c_7 = op_offsets_r_6;
                        prefix = c_7;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_1 = prefix;
                    long op_offsets_r_7 = hsplit_fused_15_by_ids_op_offsets(incl_1, agg);
                    long c_8 = op_offsets_r_7;
                    incl_1 = c_8;
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
            for (long c_9 = 0; c_9 < 16; c_9++) {
                long op_offsets_r_8 = hsplit_fused_15_by_ids_op_offsets(row, vals[l * 16 + c_9]);
                long c_10 = op_offsets_r_8;
                row = c_10;
            }
            vals[256 + l] = row;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l == 0) {
            long total = 0L;
            for (long r_1 = 0; r_1 < 16; r_1++) {
                long x = vals[256 + r_1];
                vals[256 + r_1] = total;
                long op_offsets_r_9 = hsplit_fused_15_by_ids_op_offsets(total, x);
                long c_11 = op_offsets_r_9;
                total = c_11;
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
            for (long c_9 = 0; c_9 < 16; c_9++) {
                long x_1 = vals[l * 16 + c_9];
                vals[l * 16 + c_9] = row_1;
                long op_offsets_r_10 = hsplit_fused_15_by_ids_op_offsets(row_1, x_1);
                long c_12 = op_offsets_r_10;
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
                    long op_offsets_r_11 = hsplit_fused_15_by_ids_op_offsets(vals[272 + k], excl);
                    long c_13 = op_offsets_r_11;
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
                    long op_offsets_r_12 = hsplit_fused_15_by_ids_op_offsets(incl_2, vals[305]);
                    long c_14 = op_offsets_r_12;
                    incl_2 = c_14;
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
    long op_offsets_r_13 = hsplit_fused_15_by_ids_op_offsets(off, vals[l]);
    long c_15 = op_offsets_r_13;
    off = c_15;
    for (long j = 0; j < 3; j++) {
        long x_2 = tile[l * 3 + j];
        tile[l * 3 + j] = off;
        long op_offsets_r_14 = hsplit_fused_15_by_ids_op_offsets(off, x_2);
        long c_16 = op_offsets_r_14;
        off = c_16;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long j = 0; j < 3; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < t_1) {
            offsets_20[g] = tile[p];
        }
    }
}


// ===== hsplit_fused_7_segment_ids.cl =====
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

__kernel void hsplit_fused_7_segment_ids_ids(__global const long* offsets, long n_offsets_arg, __global const long* n_offsets_word, long n_2_arg, __global const long* n_2_word, __global int* ids) {
    __local int counts[2048];
    __local long sums[256];
    __local long range[4];
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    const long n_2 = n_2_arg >= 0 ? n_2_arg : clamp(n_2_word[0], 0L, (-1 - n_2_arg) & 0xFFFFFFFFL) + ((-1 - n_2_arg) >> 32);
    const long l = get_local_id(0);
    const long start = get_group_id(0) * 2048;
    if (start >= n_2) return;
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
        for (long i = l; i < 2048; i += 256) counts[i] = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long s = first + 1 + l; s < n_offsets; s += 256) {
            const long o = offsets[s] - start;
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


// ===== hsplit_fused_15_segment_ids.cl =====
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

__kernel void hsplit_fused_15_segment_ids_ids(__global const long* offsets, long n_offsets_arg, __global const long* n_offsets_word, long n_2_arg, __global const long* n_2_word, __global int* ids) {
    __local int counts[2048];
    __local long sums[256];
    __local long range[4];
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    const long n_2 = n_2_arg >= 0 ? n_2_arg : clamp(n_2_word[0], 0L, (-1 - n_2_arg) & 0xFFFFFFFFL) + ((-1 - n_2_arg) >> 32);
    const long l = get_local_id(0);
    const long start = get_group_id(0) * 2048;
    if (start >= n_2) return;
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
        for (long i = l; i < 2048; i += 256) counts[i] = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long s = first + 1 + l; s < n_offsets; s += 256) {
            const long o = offsets[s] - start;
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


