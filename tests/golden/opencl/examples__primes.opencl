// ===== primes_total.cl =====
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

static inline long primes_total_once_total(__global const long* lengths, long lengths_len, __global const long* offsets) {
    long t;
    if (lengths_len == 0L) {
        t = 0L;
    } else {
        long last = nessie_sub(lengths_len, 1L);
        t = nessie_add(offsets[last], lengths[last]);
    }
    return t;
}

__kernel void primes_total_total(__global const long* lengths, long n_lengths_arg, __global const long* n_lengths_word, __global const long* offsets, __global long* total) {
    const long n_lengths = n_lengths_arg >= 0 ? n_lengths_arg : clamp(n_lengths_word[0], 0L, (-1 - n_lengths_arg) & 0xFFFFFFFFL) + ((-1 - n_lengths_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < 1) {
        long once_total_r = primes_total_once_total(lengths, n_lengths, offsets);
        total[0] = once_total_r;
    }
}


// ===== primes_map_3.cl =====
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

static inline int primes_map_3_pull_copies(long i) {
    return 1;
}

__kernel void primes_map_3_copies(long n_1_arg, __global const long* n_1_word, __global uchar* copies) {
    const long n_1 = n_1_arg >= 0 ? n_1_arg : clamp(n_1_word[0], 0L, (-1 - n_1_arg) & 0xFFFFFFFFL) + ((-1 - n_1_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < n_1) {
        int pull_copies_r = primes_map_3_pull_copies(gid);
        copies[gid] = pull_copies_r;
    }
}


// ===== drop_gather.cl =====
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

static inline long drop_gather_pull_s(long p, long n, __global const long* s) {
    long q = nessie_add(n, p);
    return s[q];
}

__kernel void drop_gather_s(long t_1_arg, __global const long* t_1_word, long n, __global const long* s_1, __global long* s_5) {
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < t_1) {
        long pull_s_r = drop_gather_pull_s(gid, n, s_1);
        s_5[gid] = pull_s_r;
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

static inline long main_elt_once_ps(long t, __global const long* ps, long ps_len, __global long* err) {
    if (t < 0L || t >= ps_len) {
        nessie_fail(err, 1, 10, t, ps_len);
        return 0L;
    }
    return ps[t];
}

__kernel void main_elt_ps(long t, __global const long* ps_1, long n_ps_arg, __global const long* n_ps_word, __global long* ps_2, __global long* err) {
    const long n_ps = n_ps_arg >= 0 ? n_ps_arg : clamp(n_ps_word[0], 0L, (-1 - n_ps_arg) & 0xFFFFFFFFL) + ((-1 - n_ps_arg) >> 32);
    if (nessie_failed(err)) return;
    const long gid = get_global_id(0);
    if (gid < 1) {
        long once_ps_r = main_elt_once_ps(t, ps_1, n_ps, err);
        ps_2[0] = once_ps_r;
    }
}


// ===== main_reduce_sum.cl =====
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

static inline long main_reduce_sum_pull_sum(long i, __global const long* ps) {
    return ps[i];
}

static inline long main_reduce_sum_op_sum(long a, long b) {
    return nessie_add(a, b);
}

__kernel void main_reduce_sum_sum_partial(long groups, long chunk, long n_ps_arg, __global const long* n_ps_word, __global const long* ps, __global long* sum_partials) {
    __local long group_values[256];
    __local long group_swap[256];
    const long n_ps = n_ps_arg >= 0 ? n_ps_arg : clamp(n_ps_word[0], 0L, (-1 - n_ps_arg) & 0xFFFFFFFFL) + ((-1 - n_ps_arg) >> 32);
    {
        const long wg = get_group_id(0);
        {
            const long l = get_local_id(0);
            long acc = 0L;
            for (long k = 0; k < chunk; k++) {
                long x;
                if (l + 256 * wg + 256 * groups * k < n_ps) {
                    long pull_sum_r = main_reduce_sum_pull_sum(l + 256 * wg + 256 * groups * k, ps);
                    x = pull_sum_r;
                } else {
                    x = 0L;
                }
                long op_sum_r = main_reduce_sum_op_sum(acc, x);
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
                    long op_sum_r_1 = main_reduce_sum_op_sum(acc_1, group_values_in[k_1 + 2 * l_1]);
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

__kernel void main_reduce_sum_sum_final(__global const long* sum_partials, long final_chunk, long groups, __global long* sum) {
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
                long op_sum_r = main_reduce_sum_op_sum(acc, x);
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
                    long op_sum_r_1 = main_reduce_sum_op_sum(acc_1, group_values_in[k_1 + 2 * l_1]);
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


// ===== primes_fused.cl =====
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

static inline long primes_fused_pull_offsets(long i, __global const long* sqr_primes, long n, __global long* err) {
    long mapped = nessie_mul(2L, sqr_primes[i]);
    long d = sqr_primes[i];
    if (d == 0L) {
        nessie_fail(err, 1, 1, 0, 0);
        return 0L;
    }
    long x = d > 0L ? nessie_sub(n, mapped) : nessie_sub(mapped, n);
    long x_1 = nessie_abs(d);
    long count = x <= 0L ? 0L : nessie_div(nessie_add(x, nessie_sub(x_1, 1L)), x_1);
    if (count > 2147483648L) {
        nessie_fail(err, 1, 2, count, 0);
        return 0L;
    }
    long lengths = count;
    return lengths;
}

static inline long primes_fused_op_offsets(long a, long b) {
    return nessie_add(a, b);
}

static inline void primes_fused_pull_mapped(long i, __global const long* sqr_primes, long n, __global long* err, long* r0, long* r1) {
    long v = nessie_mul(2L, sqr_primes[i]);
    long mapped = nessie_mul(2L, sqr_primes[i]);
    long d = sqr_primes[i];
    if (d == 0L) {
        nessie_fail(err, 1, 1, 0, 0);
        *r0 = 0L;
        *r1 = 0L;
        return;
    }
    long x = d > 0L ? nessie_sub(n, mapped) : nessie_sub(mapped, n);
    long x_1 = nessie_abs(d);
    long count = x <= 0L ? 0L : nessie_div(nessie_add(x, nessie_sub(x_1, 1L)), x_1);
    if (count > 2147483648L) {
        nessie_fail(err, 1, 2, count, 0);
        *r0 = 0L;
        *r1 = 0L;
        return;
    }
    long v_1 = count;
    *r0 = v;
    *r1 = v_1;
}

__kernel void primes_fused_offsets(__global int* offsets_status, uint offsets_status_epoch, uint offsets_status_base, long n_sqr_primes_arg, __global const long* n_sqr_primes_word, __global const long* sqr_primes, long n, __global long* offsets, __global long* mapped_1, __global long* lengths_4, __global long* err) {
    __local long tile[4864];
    __local long vals[306];
    __local long flags[35];
    const long n_sqr_primes = n_sqr_primes_arg >= 0 ? n_sqr_primes_arg : clamp(n_sqr_primes_word[0], 0L, (-1 - n_sqr_primes_arg) & 0xFFFFFFFFL) + ((-1 - n_sqr_primes_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(offsets_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags[32] = (long)(uint)((uint)atomic_inc(offsets_status) - offsets_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags[32];
    const long start = tile_no * 4864;
    for (long j = 0; j < 19; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < n_sqr_primes) {
            long pull_offsets_r = primes_fused_pull_offsets(g, sqr_primes, n, err);
            long pull_mapped_r;
            long pull_mapped_r_1;
            primes_fused_pull_mapped(g, sqr_primes, n, err, &pull_mapped_r, &pull_mapped_r_1);
            tile[p] = pull_offsets_r;
            mapped_1[g] = pull_mapped_r;
            lengths_4[g] = pull_mapped_r_1;
        } else {
            tile[p] = 0L;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    long acc = 0L;
    for (long j = 0; j < 19; j++) {
        long op_offsets_r = primes_fused_op_offsets(acc, tile[l * 19 + j]);
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
                long op_offsets_r_1 = primes_fused_op_offsets(sh, incl);
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
                long op_offsets_r_2 = primes_fused_op_offsets(offset, vals[256 + r]);
                long c_2 = op_offsets_r_2;
                offset = c_2;
            }
        }
        long op_offsets_r_3 = primes_fused_op_offsets(offset, sh_1);
        long c_3 = op_offsets_r_3;
        offset = c_3;
        if (l < 32) {
            long agg = 0L;
            #pragma unroll
            for (int r = 0; r < 8; r++) {
                long op_offsets_r_4 = primes_fused_op_offsets(agg, vals[256 + r]);
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
                                long op_offsets_r_5 = primes_fused_op_offsets(sh_2, win);
                                long c_5 = op_offsets_r_5;
                                win = c_5;
                            }
                        }
                        long op_offsets_r_6 = primes_fused_op_offsets(win, prefix);
                        long c_6 = op_offsets_r_6;
                        prefix = c_6;
                        at -= take;
                    }
                    if (found) break;
                }
                if (lane == 0) {
                    long incl_1 = prefix;
                    long op_offsets_r_7 = primes_fused_op_offsets(incl_1, agg);
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
                long op_offsets_r_8 = primes_fused_op_offsets(row, vals[l * 16 + c_8]);
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
                long op_offsets_r_9 = primes_fused_op_offsets(total, x);
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
                long op_offsets_r_10 = primes_fused_op_offsets(row_1, x_1);
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
                    long op_offsets_r_11 = primes_fused_op_offsets(vals[272 + k], excl);
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
                    long op_offsets_r_12 = primes_fused_op_offsets(incl_2, vals[305]);
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
    long op_offsets_r_13 = primes_fused_op_offsets(off, vals[l]);
    long c_14 = op_offsets_r_13;
    off = c_14;
    for (long j = 0; j < 19; j++) {
        long x_2 = tile[l * 19 + j];
        tile[l * 19 + j] = off;
        long op_offsets_r_14 = primes_fused_op_offsets(off, x_2);
        long c_15 = op_offsets_r_14;
        off = c_15;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long j = 0; j < 19; j++) {
        const long p = j * 256 + l;
        const long g = start + p;
        if (g < n_sqr_primes) {
            offsets[g] = tile[p];
        }
    }
}


// ===== primes_fused_2.cl =====
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

static inline long primes_fused_2_target_flags(long k, __global const long* offsets, long offsets_len, __global const long* mapped, __global const long* sqr_primes, long copies_len, __global long* err) {
    long segment = nessie_segment_of(offsets, offsets_len, k);
    long s = segment;
    long w = nessie_sub(k, offsets[s]);
    long composites = nessie_add(mapped[s], nessie_mul(w, sqr_primes[s]));
    long t = composites;
    if (t < 0L || t >= copies_len) {
        nessie_fail(err, 1, 5, t, copies_len);
        return 0L;
    }
    return t;
}

static inline int primes_fused_2_values_flags(long q) {
    int copies = 0;
    return copies;
}

__kernel void primes_fused_2_flags_copy(__global const uchar* copies_10, long n_copies_arg, __global const long* n_copies_word, __global uchar* flags) {
    const long n_copies = n_copies_arg >= 0 ? n_copies_arg : clamp(n_copies_word[0], 0L, (-1 - n_copies_arg) & 0xFFFFFFFFL) + ((-1 - n_copies_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < n_copies) {
        flags[gid] = copies_10[gid];
    }
}

__kernel void primes_fused_2_flags(long total_1_arg, __global const long* total_1_word, __global const long* offsets, long n_offsets_arg, __global const long* n_offsets_word, __global const long* mapped, __global const long* sqr_primes, long n_copies_arg, __global const long* n_copies_word, __global uchar* flags, __global long* err) {
    const long total_1 = total_1_arg >= 0 ? total_1_arg : clamp(total_1_word[0], 0L, (-1 - total_1_arg) & 0xFFFFFFFFL) + ((-1 - total_1_arg) >> 32);
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    const long n_copies = n_copies_arg >= 0 ? n_copies_arg : clamp(n_copies_word[0], 0L, (-1 - n_copies_arg) & 0xFFFFFFFFL) + ((-1 - n_copies_arg) >> 32);
    if (nessie_failed(err)) return;
    const long gid = get_global_id(0);
    if (gid < total_1) {
        int values_flags_r = primes_fused_2_values_flags(gid);
        long target_flags_r = primes_fused_2_target_flags(gid, offsets, n_offsets, mapped, sqr_primes, n_copies, err);
        if (target_flags_r >= 0) {
            flags[target_flags_r] = values_flags_r;
        }
    }
}

__kernel void primes_fused_2_flags_idx32(long total_1_arg, __global const long* total_1_word, __global const long* offsets, long n_offsets_arg, __global const long* n_offsets_word, __global const long* mapped, __global const long* sqr_primes, long n_copies_arg, __global const long* n_copies_word, __global uchar* flags, __global long* err) {
    const long total_1 = total_1_arg >= 0 ? total_1_arg : clamp(total_1_word[0], 0L, (-1 - total_1_arg) & 0xFFFFFFFFL) + ((-1 - total_1_arg) >> 32);
    const long n_offsets = n_offsets_arg >= 0 ? n_offsets_arg : clamp(n_offsets_word[0], 0L, (-1 - n_offsets_arg) & 0xFFFFFFFFL) + ((-1 - n_offsets_arg) >> 32);
    const long n_copies = n_copies_arg >= 0 ? n_copies_arg : clamp(n_copies_word[0], 0L, (-1 - n_copies_arg) & 0xFFFFFFFFL) + ((-1 - n_copies_arg) >> 32);
    if (nessie_failed(err)) return;
    const long gid = (long)(uint)get_global_id(0);
    if (gid < total_1) {
        int values_flags_r = primes_fused_2_values_flags(gid);
        long target_flags_r = primes_fused_2_target_flags(gid, offsets, n_offsets, mapped, sqr_primes, n_copies, err);
        if (target_flags_r >= 0) {
            flags[target_flags_r] = values_flags_r;
        }
    }
}


// ===== primes_fused_3.cl =====
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

static inline long primes_fused_3_keep_kept(long j, long i, __global const uchar* flags) {
    return (int)flags[j] ? 1L : 0L;
}

static inline void primes_fused_3_pull_kept(long i, long* r0, long* r1) {
    long i_1 = i;
    *r0 = i;
    *r1 = i_1;
}

__kernel void primes_fused_3_kept(__global int* indices_status, uint indices_status_epoch, uint indices_status_base, long t_1_arg, __global const long* t_1_word, __global const uchar* flags, __global long* kept_kept, long lookback_tiles, __global long* indices) {
    __local long tile[2304];
    __local long tile_1[2304];
    __local long vals[306];
    __local long flags_1[35];
    __local uint masks[256];
    const long t_1 = t_1_arg >= 0 ? t_1_arg : clamp(t_1_word[0], 0L, (-1 - t_1_arg) & 0xFFFFFFFFL) + ((-1 - t_1_arg) >> 32);
    volatile __global ulong* status = (volatile __global ulong*)(indices_status + 2);
    const long l = get_local_id(0);
    if (l == 0) flags_1[32] = (long)(uint)((uint)atomic_inc(indices_status) - indices_status_base);
    barrier(CLK_LOCAL_MEM_FENCE);
    const long tile_no = flags_1[32];
    const long start = tile_no * 2304;
    masks[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long j_1 = 0; j_1 < 9; j_1++) {
        const long p = j_1 * 256 + l;
        const long g = start + p;
        if (g < t_1) {
            long pull_kept_r;
            long pull_kept_r_1;
            primes_fused_3_pull_kept(g, &pull_kept_r, &pull_kept_r_1);
            const long x = pull_kept_r;
            const long x_1 = pull_kept_r_1;
            tile_1[p] = x_1;
            long keep_kept_r = primes_fused_3_keep_kept(x, x_1, flags);
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
                    const ulong tag = (ulong)indices_status_epoch << 32;
                    status[((2 * tile_no + 1) * 1 + 0) * 2] = tag | (bits & 0xffffffffUL);
                    status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag | (bits >> 32);
                } else {
                    const ulong bits_1 = (ulong)(agg);
                    const ulong tag_1 = (ulong)indices_status_epoch << 32;
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
                        if ((lo_2 >> 32) == indices_status_epoch && (hi_2 >> 32) == indices_status_epoch) {
                            fl = 2;
                            win = (long)((lo_2 & 0xffffffffUL) | ((hi_2 & 0xffffffffUL) << 32));
                        } else {
                            if ((lo_3 >> 32) == indices_status_epoch && (hi_3 >> 32) == indices_status_epoch) {
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
                    const ulong tag_2 = (ulong)indices_status_epoch << 32;
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
                long x_2 = vals[256 + r_1];
                long c_9 = (total) + (x_2);
                total = c_9;
            }
            vals[305] = total;
            vals[304] = 0;
            if (tile_no == 0) {
                const ulong bits_3 = (ulong)(total);
                const ulong tag_3 = (ulong)indices_status_epoch << 32;
                status[((2 * tile_no + 1) * 1 + 0) * 2] = tag_3 | (bits_3 & 0xffffffffUL);
                status[((2 * tile_no + 1) * 1 + 0) * 2 + 1] = tag_3 | (bits_3 >> 32);
            } else {
                const ulong bits_4 = (ulong)(total);
                const ulong tag_4 = (ulong)indices_status_epoch << 32;
                status[((2 * tile_no + 0) * 1 + 0) * 2] = tag_4 | (bits_4 & 0xffffffffUL);
                status[((2 * tile_no + 0) * 1 + 0) * 2 + 1] = tag_4 | (bits_4 >> 32);
            }
            flags_1[33] = tile_no > 0;
            flags_1[34] = tile_no - 1;
        }
        long excl = 0;
        const long my_row = l / 16;
        const long my_col = l - my_row * 16;
        #pragma unroll
        for (long r_1 = 0; r_1 < 16; r_1++) {
            if (r_1 < my_row) {
                long c_10 = (excl) + (vals[256 + r_1]);
                excl = c_10;
            }
        }
        #pragma unroll
        for (long c_7 = 0; c_7 < 16; c_7++) {
            if (c_7 < my_col) {
                long c_11 = (excl) + (vals[my_row * 16 + c_7]);
                excl = c_11;
            }
        }
        for (;;) {
            barrier(CLK_LOCAL_MEM_FENCE);
            if (!flags_1[33]) break;
            const long at_1 = flags_1[34];
            if (l < 32) {
                const long jt_1 = at_1 - l;
                long fl_1 = 0;
                if (jt_1 >= 0) {
                    const ulong lo_5 = status[((2 * jt_1 + 1) * 1 + 0) * 2];
                    const ulong hi_5 = status[((2 * jt_1 + 1) * 1 + 0) * 2 + 1];
                    const ulong lo_6 = status[((2 * jt_1 + 0) * 1 + 0) * 2];
                    const ulong hi_6 = status[((2 * jt_1 + 0) * 1 + 0) * 2 + 1];
                    if ((lo_5 >> 32) == indices_status_epoch && (hi_5 >> 32) == indices_status_epoch) {
                        fl_1 = 2;
                        vals[272 + l] = (long)((lo_5 & 0xffffffffUL) | ((hi_5 & 0xffffffffUL) << 32));
                    } else {
                        if ((lo_6 >> 32) == indices_status_epoch && (hi_6 >> 32) == indices_status_epoch) {
                            fl_1 = 1;
                            vals[272 + l] = (long)((lo_6 & 0xffffffffUL) | ((hi_6 & 0xffffffffUL) << 32));
                        }
                    }
                }
                flags_1[l] = fl_1;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            if (l == 0) {
                long excl_1 = vals[304];
                long more = 1;
                long k = 0;
                for (; k < 32; k++) {
                    if (flags_1[k] == 0) break;
                    long c_12 = (vals[272 + k]) + (excl_1);
                    excl_1 = c_12;
                    if (flags_1[k] == 2) {
                        more = 0;
                        k++;
                        break;
                    }
                }
                vals[304] = excl_1;
                flags_1[33] = more;
                flags_1[34] = at_1 - k;
                if (!more) {
                    long incl_2 = excl_1;
                    long c_13 = (incl_2) + (vals[305]);
                    incl_2 = c_13;
                    const ulong bits_5 = (ulong)(incl_2);
                    const ulong tag_5 = (ulong)indices_status_epoch << 32;
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
            indices[base + (packed >> 32) + (long)popcount(kmask & ((1u << bit) - 1u))] = tile_1[p];
        }
    }
    if (l == 0 && tile_no == lookback_tiles - 1) {
        kept_kept[0] = base + vals[305];
    }
}


// ===== primes_fused_2_by_ids.cl =====
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

static inline long primes_fused_2_by_ids_target_flags(long k, __global const int* offsets_ids, __global const long* offsets, __global const long* mapped, __global const long* sqr_primes, long copies_len, __global long* err) {
    long s = (long)offsets_ids[k];
    long w = nessie_sub(k, offsets[s]);
    long composites = nessie_add(mapped[s], nessie_mul(w, sqr_primes[s]));
    long t = composites;
    if (t < 0L || t >= copies_len) {
        nessie_fail(err, 1, 5, t, copies_len);
        return 0L;
    }
    return t;
}

static inline int primes_fused_2_by_ids_values_flags(long q) {
    int copies = 0;
    return copies;
}

__kernel void primes_fused_2_by_ids_flags_copy(__global const uchar* copies_10, long n_copies_arg, __global const long* n_copies_word, __global uchar* flags) {
    const long n_copies = n_copies_arg >= 0 ? n_copies_arg : clamp(n_copies_word[0], 0L, (-1 - n_copies_arg) & 0xFFFFFFFFL) + ((-1 - n_copies_arg) >> 32);
    const long gid = get_global_id(0);
    if (gid < n_copies) {
        flags[gid] = copies_10[gid];
    }
}

__kernel void primes_fused_2_by_ids_flags(long total_1_arg, __global const long* total_1_word, __global const int* offsets_ids, __global const long* offsets, __global const long* mapped, __global const long* sqr_primes, long n_copies_arg, __global const long* n_copies_word, __global uchar* flags, __global long* err) {
    const long total_1 = total_1_arg >= 0 ? total_1_arg : clamp(total_1_word[0], 0L, (-1 - total_1_arg) & 0xFFFFFFFFL) + ((-1 - total_1_arg) >> 32);
    const long n_copies = n_copies_arg >= 0 ? n_copies_arg : clamp(n_copies_word[0], 0L, (-1 - n_copies_arg) & 0xFFFFFFFFL) + ((-1 - n_copies_arg) >> 32);
    if (nessie_failed(err)) return;
    const long gid = get_global_id(0);
    if (gid < total_1) {
        int values_flags_r = primes_fused_2_by_ids_values_flags(gid);
        long target_flags_r = primes_fused_2_by_ids_target_flags(gid, offsets_ids, offsets, mapped, sqr_primes, n_copies, err);
        if (target_flags_r >= 0) {
            flags[target_flags_r] = values_flags_r;
        }
    }
}

__kernel void primes_fused_2_by_ids_flags_idx32(long total_1_arg, __global const long* total_1_word, __global const int* offsets_ids, __global const long* offsets, __global const long* mapped, __global const long* sqr_primes, long n_copies_arg, __global const long* n_copies_word, __global uchar* flags, __global long* err) {
    const long total_1 = total_1_arg >= 0 ? total_1_arg : clamp(total_1_word[0], 0L, (-1 - total_1_arg) & 0xFFFFFFFFL) + ((-1 - total_1_arg) >> 32);
    const long n_copies = n_copies_arg >= 0 ? n_copies_arg : clamp(n_copies_word[0], 0L, (-1 - n_copies_arg) & 0xFFFFFFFFL) + ((-1 - n_copies_arg) >> 32);
    if (nessie_failed(err)) return;
    const long gid = (long)(uint)get_global_id(0);
    if (gid < total_1) {
        int values_flags_r = primes_fused_2_by_ids_values_flags(gid);
        long target_flags_r = primes_fused_2_by_ids_target_flags(gid, offsets_ids, offsets, mapped, sqr_primes, n_copies, err);
        if (target_flags_r >= 0) {
            flags[target_flags_r] = values_flags_r;
        }
    }
}


// ===== primes_fused_2_segment_ids.cl =====
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

__kernel void primes_fused_2_segment_ids_ids(__global const long* offsets, long n_offsets_arg, __global const long* n_offsets_word, long n_2_arg, __global const long* n_2_word, __global int* ids) {
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


