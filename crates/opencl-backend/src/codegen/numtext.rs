//! Numbers to text and back on the device: an exact OpenCL C library that
//! gives, bit for bit, what the interpreter's Rust gives
//! (`nesl_frontend::value::format_float`, `eval::strings`):
//!
//! - `nessie_float_shortest(x)` and `nt_float_text_at(w, e, j)`: `@x` of a
//!   float, Rust's `{:?}` (the shortest digits that read back, `1e16`,
//!   `1e-7`, `0.0001`, `NaN`, `inf`), in two steps (note [float digits] in
//!   `flatten::numtext`): the digits once per number, then the text's
//!   length (`j < 0`) or its character `j` from them by a few integer
//!   operations;
//! - `nessie_exp_digits(bits, d)` and `nessie_exp_text_char(w, place)`:
//!   `exp_string(x, d)`, Rust's `{:.*e}` with `d` digits after the point
//!   (the exact digits of the double, rounded half to even); for `d <= 16`
//!   in two steps like `@x`, for more digits `nessie_exp_text(x, d, j)`,
//!   its length for `j < 0`, else its character `j`;
//! - `nessie_parse_int(s, n, &ok)` and `nessie_parse_float(s, n, &ok)` of
//!   the `n` characters at `s`, as `eval::strings` accepts them (spaces
//!   around, an optional sign; `parse_float` correctly rounded).
//!
//! The choice of algorithms is the simplest exact one, with a fixed-size
//! big integer of 32-bit limbs in private memory (`nt_big`, 124 limbs: the
//! largest number any of them builds has under 3 760 bits):
//!
//! - shortest digits: Steele and White's free-format algorithm with the
//!   fix-ups of Burger and Dybvig, step for step as Rust's `dragon`
//!   `format_shortest` (the boundaries, `inclusive` for even mantissas and
//!   for every subnormal, the scaling estimate, ties rounding up), so the
//!   digits are Rust's;
//! - `exp_string`: the exact expansion `r / s` of the double, one digit per
//!   step, then round half to even on the remainder (Rust's
//!   `format_exact`); up to 16 digits once per number, beyond that again
//!   for each of its characters (a text of `d` digits costs `O(d^2)`
//!   steps);
//! - parsing: Clinger's fast path (at most 19 digits, a value below 2^53,
//!   a power of ten in `[-22, 22]`: one correctly rounded IEEE operation);
//!   else the exact quotient of big integers: the first 768 significant
//!   digits and a sticky digit for any non-zero digit after them (a
//!   halfway point between doubles has at most 767 significant digits),
//!   times or divided by a power of ten, 64 bits of quotient and a sticky
//!   bit, rounded half to even, subnormals included.
//!
//! The library is emitted only into programs that use it
//! (`user_fun::uses_numtext`). `tests/integration/numtext.rs` checks it on PoCL against
//! Rust on random doubles, digit counts and strings.

/// The library's C source, guarded so a file may include it once.
pub const NUMTEXT_C: &str = r#"/* nessie numbers <-> text (opencl-backend::codegen::numtext): exact,
   the interpreter's Rust texts bit for bit. */
#ifndef NESSIE_NUMTEXT
#define NESSIE_NUMTEXT
#define NT_LIMBS 124
/* The big functions are not inlined: their big integers live in their own
   frames, not in every kernel that calls them (PoCL keeps a kernel's
   private arrays per work-item of a work-group). */

/* A natural number: n limbs, little-endian, d[n - 1] != 0 (n = 0 for 0). */
typedef struct { int n; uint d[NT_LIMBS]; } nt_big;

static void nt_from(nt_big* a, ulong v) {
    a->n = 0;
    while (v != 0) { a->d[a->n] = (uint)v; a->n += 1; v >>= 32; }
}

static void nt_copy(nt_big* a, const nt_big* b) {
    a->n = b->n;
    for (int i = 0; i < b->n; i++) a->d[i] = b->d[i];
}

/* a = a * m + c */
static void nt_mul_add(nt_big* a, uint m, uint c) {
    ulong carry = c;
    for (int i = 0; i < a->n; i++) {
        ulong t = (ulong)a->d[i] * m + carry;
        a->d[i] = (uint)t;
        carry = t >> 32;
    }
    if (carry != 0) { a->d[a->n] = (uint)carry; a->n += 1; }
}

static void nt_mul_pow10(nt_big* a, int k) {
    while (k >= 9) { nt_mul_add(a, 1000000000u, 0u); k -= 9; }
    uint p = 1u;
    while (k > 0) { p *= 10u; k -= 1; }
    if (p != 1u) nt_mul_add(a, p, 0u);
}

/* a = a * 2^s, s >= 0 */
static void nt_shl(nt_big* a, int s) {
    if (a->n == 0) return;
    int w = s >> 5, b = s & 31;
    if (b != 0) {
        uint top = a->d[a->n - 1] >> (32 - b);
        for (int i = a->n - 1; i > 0; i--) a->d[i] = (a->d[i] << b) | (a->d[i - 1] >> (32 - b));
        a->d[0] <<= b;
        if (top != 0u) { a->d[a->n] = top; a->n += 1; }
    }
    if (w != 0) {
        for (int i = a->n - 1; i >= 0; i--) a->d[i + w] = a->d[i];
        for (int i = 0; i < w; i++) a->d[i] = 0u;
        a->n += w;
    }
}

/* a = floor(a / 2) */
static void nt_shr1(nt_big* a) {
    for (int i = 0; i < a->n; i++) a->d[i] = (a->d[i] >> 1) | (i + 1 < a->n ? a->d[i + 1] << 31 : 0u);
    while (a->n > 0 && a->d[a->n - 1] == 0u) a->n -= 1;
}

static int nt_cmp(const nt_big* a, const nt_big* b) {
    if (a->n != b->n) return a->n < b->n ? -1 : 1;
    for (int i = a->n - 1; i >= 0; i--) {
        if (a->d[i] != b->d[i]) return a->d[i] < b->d[i] ? -1 : 1;
    }
    return 0;
}

/* r = a + b (r may be a) */
static void nt_add(nt_big* r, const nt_big* a, const nt_big* b) {
    int n = a->n > b->n ? a->n : b->n;
    ulong carry = 0;
    for (int i = 0; i < n; i++) {
        ulong t = carry + (ulong)(i < a->n ? a->d[i] : 0u) + (ulong)(i < b->n ? b->d[i] : 0u);
        r->d[i] = (uint)t;
        carry = t >> 32;
    }
    r->n = n;
    if (carry != 0) { r->d[n] = (uint)carry; r->n = n + 1; }
}

/* a = a - b, a >= b */
static void nt_sub(nt_big* a, const nt_big* b) {
    ulong borrow = 0;
    for (int i = 0; i < a->n; i++) {
        ulong t = (ulong)a->d[i] - (ulong)(i < b->n ? b->d[i] : 0u) - borrow;
        a->d[i] = (uint)t;
        borrow = t >> 63;
    }
    while (a->n > 0 && a->d[a->n - 1] == 0u) a->n -= 1;
}

static int nt_bitlen(const nt_big* a) {
    return a->n == 0 ? 0 : 32 * a->n - (int)clz(a->d[a->n - 1]);
}

/* floor(e * log10(2)), Rust's estimate (1292913986 / 2^32). */
static int nt_floor_log10_pow2(int e) {
    long t = (long)e * 1292913986L;
    return (int)(t >= 0 ? t >> 32 : -((-t + 0xFFFFFFFFL) >> 32));
}

/* The digit floor(r / s) < 10, r becoming the remainder. */
static int nt_digit(nt_big* r, const nt_big* s) {
    int d = 0;
    while (nt_cmp(r, s) >= 0) { nt_sub(r, s); d += 1; }
    return d;
}

/* The shortest digits of x > 0, finite (Rust's dragon format_shortest):
   digit values in buf (at most 18), x = 0.b0 b1 ... * 10^k. */
static int nt_shortest(double x, uchar* buf, int* kout) {
    ulong bits = as_ulong(x);
    int be = (int)((bits >> 52) & 0x7FFUL);
    ulong frac = bits & 0xFFFFFFFFFFFFFUL;
    ulong mant, plus = 1UL;
    int exp, inclusive;
    if (be == 0) {
        mant = frac << 1; exp = -1075; inclusive = 1;
    } else {
        ulong m = frac | (1UL << 52);
        int e = be - 1075;
        inclusive = (m & 1UL) == 0UL;
        if (m == (1UL << 52)) { mant = m << 2; plus = 2UL; exp = e - 2; }
        else { mant = m << 1; exp = e - 1; }
    }
    int k = nt_floor_log10_pow2(64 - (int)clz(mant + plus - 1UL) + exp);
    nt_big r, s, mn, pl, t;
    nt_from(&r, mant); nt_from(&mn, 1UL); nt_from(&pl, plus); nt_from(&s, 1UL);
    if (exp < 0) nt_shl(&s, -exp);
    else { nt_shl(&r, exp); nt_shl(&mn, exp); nt_shl(&pl, exp); }
    if (k >= 0) nt_mul_pow10(&s, k);
    else { nt_mul_pow10(&r, -k); nt_mul_pow10(&mn, -k); nt_mul_pow10(&pl, -k); }
    nt_add(&t, &r, &pl);
    int c = nt_cmp(&s, &t);
    if (inclusive ? c <= 0 : c < 0) k += 1;
    else { nt_mul_add(&r, 10u, 0u); nt_mul_add(&mn, 10u, 0u); nt_mul_add(&pl, 10u, 0u); }
    int n = 0, down, up;
    for (;;) {
        buf[n] = (uchar)nt_digit(&r, &s);
        n += 1;
        c = nt_cmp(&r, &mn);
        down = inclusive ? c <= 0 : c < 0;
        nt_add(&t, &r, &pl);
        c = nt_cmp(&s, &t);
        up = inclusive ? c <= 0 : c < 0;
        if (down || up || n >= 18) break;
        nt_mul_add(&r, 10u, 0u); nt_mul_add(&mn, 10u, 0u); nt_mul_add(&pl, 10u, 0u);
    }
    if (up) {
        int round = !down;
        if (!round) { nt_copy(&t, &r); nt_shl(&t, 1); round = nt_cmp(&t, &s) >= 0; }
        if (round) {
            int i = n - 1;
            while (i >= 0 && buf[i] == 9) i -= 1;
            if (i >= 0) {
                buf[i] += 1;
                for (int j = i + 1; j < n; j++) buf[j] = 0;
            } else {
                buf[0] = 1;
                for (int j = 1; j < n; j++) buf[j] = 0;
                buf[n] = 0; n += 1; k += 1;
            }
        }
    }
    *kout = k;
    return n;
}

/* Writes v >= 0 in decimal at out[at]; returns the end. */
static int nt_put_uint(uchar* out, int at, int v) {
    uchar tmp[8];
    int n = 0;
    do { tmp[n] = (uchar)('0' + v % 10); n += 1; v /= 10; } while (v != 0);
    while (n > 0) { n -= 1; out[at] = tmp[n]; at += 1; }
    return at;
}

static int nt_put_special(uchar* out, int at, double x) {
    if (isnan(x)) { out[0] = 'N'; out[1] = 'a'; out[2] = 'N'; return 3; }
    out[at] = 'i'; out[at + 1] = 'n'; out[at + 2] = 'f';
    return at + 3;
}

/* The powers of ten of a long. */
__constant ulong nt_pow10[19] = {1UL, 10UL, 100UL, 1000UL, 10000UL, 100000UL, 1000000UL, 10000000UL,
    100000000UL, 1000000000UL, 10000000000UL, 100000000000UL, 1000000000000UL, 10000000000000UL,
    100000000000000UL, 1000000000000000UL, 10000000000000000UL, 100000000000000000UL,
    1000000000000000000UL};

/* The estimate of the decimal exponent of the doubles of exponent field b
   (flatten::numtext, note [float digits]). */
static int nt_digits_base(int b) { return b == 0 ? -324 : nt_floor_log10_pow2(b - 1022); }

/* @x's digits word (flatten::numtext, note [float digits]): D * 32 +
   (k - base) for the shortest digits D of |x| = 0.D * 10^k; 0, 1, 2 for
   zeros, infinities, NaN. The one digit generation of a number's text. */
__attribute__((noinline)) static long nessie_float_shortest(double x) {
    ulong a = as_ulong(x) & 0x7FFFFFFFFFFFFFFFUL;
    if (isnan(x)) return 2L;
    if (a == 0x7FF0000000000000UL) return 1L;
    if (a == 0UL) return 0L;
    uchar buf[20];
    int k;
    int n = nt_shortest(as_double(a), buf, &k);
    long d = 0;
    for (int i = 0; i < n; i++) d = d * 10L + (long)buf[i];
    return d * 32L + (long)(k - nt_digits_base((int)(a >> 52)));
}

/* @x from its digits word w and e = x's bits >> 52 (sign and exponent
   field), Rust's {:?} layout: its length if j < 0, else its character j
   (0 past the end). A few integer operations, no digit generation. */
static long nt_float_text_at(long w, long e, long j) {
    int neg = e < 0, b = (int)(e & 2047L);
    if (b == 2047 && w == 2L) {
        if (j < 0) return 3L;
        return j == 0 ? 'N' : j == 1 ? 'a' : j == 2 ? 'N' : 0L;
    }
    if (neg && j == 0) return '-';
    long p = j - neg;
    if (b == 2047 || w == 0L) {
        /* inf, 0.0 */
        if (j < 0) return neg + 3L;
        if (b == 2047) return p == 0 ? 'i' : p == 1 ? 'n' : p == 2 ? 'f' : 0L;
        return p == 0 ? '0' : p == 1 ? '.' : p == 2 ? '0' : 0L;
    }
    ulong d = (ulong)w >> 5;
    int k = (int)(w & 31L) + nt_digits_base(b);
    int n = 1;
    while (n < 19 && d >= nt_pow10[n]) n += 1;
    /* The index in D of the digit at p, or -1 for a '0' written around
       the digits, -2 for '.', -3 for the exponent. */
    long len, i;
    if (k <= -4 || k >= 17) {
        int e10 = k - 1, ae = e10 < 0 ? -e10 : e10;
        int elen = (e10 < 0) + (ae >= 100 ? 3 : ae >= 10 ? 2 : 1);
        long mant = n > 1 ? n + 1 : 1;
        len = neg + mant + 1 + elen;
        if (j < 0) return len;
        if (j >= len) return 0L;
        if (p == 0) i = 0;
        else if (p < mant) i = p == 1 ? -2 : p - 1;
        else if (p == mant) return 'e';
        else {
            long q = p - mant - 1;
            if (e10 < 0) {
                if (q == 0) return '-';
                q -= 1;
            }
            int digits = elen - (e10 < 0);
            return (long)('0' + (ae / (int)nt_pow10[digits - 1 - q]) % 10);
        }
    } else if (k <= 0) {
        len = neg + 2 - k + n;
        if (j < 0) return len;
        if (j >= len) return 0L;
        i = p == 1 ? -2 : p < 2 - k ? -1 : p - (2 - k);
    } else if (k < n) {
        len = neg + n + 1;
        if (j < 0) return len;
        if (j >= len) return 0L;
        i = p < k ? p : p == k ? -2 : p - 1;
    } else {
        len = neg + k + 2;
        if (j < 0) return len;
        if (j >= len) return 0L;
        i = p < n ? p : p == k ? -2 : -1;
    }
    if (i == -2) return '.';
    if (i == -1) return '0';
    return (long)('0' + (d / nt_pow10[n - 1 - i]) % 10UL);
}

/* The exact expansion of a > 0 finite: r and s with s <= r < 10 s and
   a = (r / s) * 10^k; returns k. */
static int nt_exact_start(ulong a, nt_big* r, nt_big* s) {
    int be = (int)(a >> 52);
    ulong m = a & 0xFFFFFFFFFFFFFUL;
    int e = -1074;
    if (be != 0) { m |= 1UL << 52; e = be - 1075; }
    nt_big t;
    nt_from(r, m); nt_from(s, 1UL);
    if (e >= 0) nt_shl(r, e); else nt_shl(s, -e);
    int k = nt_floor_log10_pow2(63 - (int)clz(m) + e);
    if (k >= 0) nt_mul_pow10(s, k); else nt_mul_pow10(r, -k);
    for (;;) {
        nt_copy(&t, s); nt_mul_add(&t, 10u, 0u);
        if (nt_cmp(r, &t) < 0) break;
        nt_copy(s, &t); k += 1;
    }
    while (nt_cmp(r, s) < 0) { nt_mul_add(r, 10u, 0u); k -= 1; }
    return k;
}

/* exp_string(x, d) for d in [0, 1000] (Rust's {:.*e}): its length if
   j < 0, else its character j (0 past the end). */
__attribute__((noinline)) static long nessie_exp_text(double x, long dl, long j) {
    int d = (int)clamp(dl, 0L, 1000L);
    ulong bits = as_ulong(x);
    ulong a = bits & 0x7FFFFFFFFFFFFFFFUL;
    int neg = (bits >> 63) != 0UL && !isnan(x);
    if (isnan(x) || a == 0x7FF0000000000000UL) {
        uchar out[4];
        if (neg) out[0] = '-';
        int len = nt_put_special(out, neg, x);
        if (j < 0) return len;
        return j < len ? (long)out[j] : 0L;
    }
    /* The text: [-] D0 [. D1 .. Dd] e [-] E. The digit wanted, if any. */
    long p = j - neg;
    int q = -1;
    if (j >= 0 && p == 0) q = 0;
    if (j >= 0 && d > 0 && p >= 2 && p <= d + 1) q = (int)p - 1;
    int k = 0, dq = 0, carry = 0;
    if (a != 0UL) {
        nt_big r, s;
        k = nt_exact_start(a, &r, &s);
        int last = -1, dig = 0;
        for (int i = 0; i <= d; i++) {
            if (i > 0) nt_mul_add(&r, 10u, 0u);
            dig = nt_digit(&r, &s);
            if (i == q) dq = dig;
            if (dig != 9) last = i;
            if (r.n == 0) {
                /* The rest of the digits are zeros. */
                if (q > i) dq = 0;
                if (i < d) { last = d; dig = 0; }
                break;
            }
        }
        nt_shl(&r, 1);
        int c = nt_cmp(&r, &s);
        if (c > 0 || (c == 0 && (dig & 1) != 0)) {
            if (last < 0) { carry = 1; k += 1; dq = q == 0 ? 1 : 0; }
            else if (q == last) dq += 1;
            else if (q > last) dq = 0;
        }
    }
    /* The exponent's text. */
    uchar ex[8];
    int exlen = 0, ev = k;
    if (ev < 0) { ex[0] = '-'; exlen = 1; ev = -ev; }
    exlen = nt_put_uint(ex, exlen, ev);
    long before = (long)neg + 1 + (d > 0 ? d + 1 : 0);
    long len = before + 1 + exlen;
    if (j < 0) return len;
    if (j >= len) return 0L;
    if (q >= 0) return (long)('0' + dq);
    if (neg && j == 0) return (long)'-';
    if (j < before) return (long)'.';
    if (j == before) return (long)'e';
    return (long)ex[j - before - 1];
}

/* exp_string(x, d)'s word (flatten::numtext, note [float digits]): for
   d <= 16, D * 32 + (k - base) for its d + 1 digits D, exactly rounded half
   to even, and k one more than the exponent written; 0, 1, 2 for zeros,
   infinities, NaN. For more digits, x's bits. */
__attribute__((noinline)) static long nessie_exp_digits(long bits, long dl) {
    if (dl > 16L) return bits;
    int d = (int)clamp(dl, 0L, 16L);
    double x = as_double(bits);
    ulong a = as_ulong(x) & 0x7FFFFFFFFFFFFFFFUL;
    if (isnan(x)) return 2L;
    if (a == 0x7FF0000000000000UL) return 1L;
    if (a == 0UL) return 0L;
    nt_big r, s;
    int k = nt_exact_start(a, &r, &s);
    uchar buf[17];
    for (int i = 0; i <= d; i++) {
        if (i > 0) nt_mul_add(&r, 10u, 0u);
        buf[i] = (uchar)nt_digit(&r, &s);
        if (r.n == 0) {
            for (int z = i + 1; z <= d; z++) buf[z] = 0;
            break;
        }
    }
    if (r.n != 0) {
        nt_shl(&r, 1);
        int c = nt_cmp(&r, &s);
        if (c > 0 || (c == 0 && (buf[d] & 1) != 0)) {
            int i = d;
            while (i >= 0 && buf[i] == 9) { buf[i] = 0; i -= 1; }
            if (i < 0) { buf[0] = 1; k += 1; } else buf[i] += 1;
        }
    }
    long digits = 0;
    for (int i = 0; i <= d; i++) digits = digits * 10L + (long)buf[i];
    return digits * 32L + (long)(k + 1 - nt_digits_base((int)(a >> 52)));
}

/* exp_string(x, d) for d <= 16 from its word w and e = x's bits >> 52: its
   length if j < 0, else its character j (0 past the end). */
static long nt_exp_text_at(long w, long e, int d, long j) {
    int neg = e < 0, b = (int)(e & 2047L);
    if (b == 2047 && w == 2L) {
        if (j < 0) return 3L;
        return j == 0 ? 'N' : j == 1 ? 'a' : j == 2 ? 'N' : 0L;
    }
    if (neg && j == 0) return '-';
    long p = j - neg;
    if (b == 2047) {
        if (j < 0) return neg + 3L;
        return p == 0 ? 'i' : p == 1 ? 'n' : p == 2 ? 'f' : 0L;
    }
    ulong digits = (ulong)w >> 5;
    int e10 = w == 0L ? 0 : (int)(w & 31L) + nt_digits_base(b) - 1;
    int ae = e10 < 0 ? -e10 : e10;
    int elen = (e10 < 0) + (ae >= 100 ? 3 : ae >= 10 ? 2 : 1);
    long mant = d > 0 ? d + 2 : 1;
    long len = neg + mant + 1 + elen;
    if (j < 0) return len;
    if (j >= len) return 0L;
    if (p < mant) {
        if (p == 1) return '.';
        long i = p == 0 ? 0 : p - 1;
        return (long)('0' + (digits / nt_pow10[d - i]) % 10UL);
    }
    if (p == mant) return 'e';
    long q = p - mant - 1;
    if (e10 < 0) {
        if (q == 0) return '-';
        q -= 1;
    }
    int count = elen - (e10 < 0);
    return (long)('0' + (ae / (int)nt_pow10[count - 1 - q]) % 10);
}

/* The powers of ten that doubles hold exactly. */
__constant double nt_tens[23] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

static int nt_space(uchar c) { return c == ' ' || c == '\t' || c == '\n' || c == 12 || c == '\r'; }

static int nt_is_digit(uchar c) { return c >= '0' && c <= '9'; }

/* parse_int of the n characters at s: the int, and *ok; (0, 0) if the
   text is not an optionally signed decimal int with spaces around. */
static long nessie_parse_int(__global const uchar* s, long n, int* ok) {
    long i = 0;
    *ok = 0;
    while (i < n && nt_space(s[i])) i += 1;
    while (n > i && nt_space(s[n - 1])) n -= 1;
    int neg = 0;
    if (i < n && (s[i] == '+' || s[i] == '-')) { neg = s[i] == '-'; i += 1; }
    if (i >= n) return 0L;
    long acc = 0;
    const long lowest = -9223372036854775807L - 1L;
    for (; i < n; i++) {
        if (!nt_is_digit(s[i])) return 0L;
        long digit = (long)(s[i] - '0');
        if (acc < (lowest + digit) / 10L) return 0L;
        acc = acc * 10L - digit;
    }
    if (!neg) {
        if (acc == lowest) return 0L;
        acc = -acc;
    }
    *ok = 1;
    return acc;
}

/* (q + f) * 2^e2 rounded to the nearest double, ties to even, where
   0 <= f < 1 is non-zero iff sticky, and q has at least 54 bits. */
static double nt_round(ulong q, int sticky, int e2) {
    int l = 64 - (int)clz(q);
    int lead = l - 1 + e2;
    int keep = lead < -1022 ? 1075 + lead : 53;
    int drop = l - keep;
    if (drop > 64) return 0.0;
    ulong m, rem, mid;
    if (drop == 64) { m = 0UL; rem = q; mid = 1UL << 63; }
    else { m = q >> drop; rem = q & ((1UL << drop) - 1UL); mid = 1UL << (drop - 1); }
    if (rem > mid || (rem == mid && (sticky || (m & 1UL) != 0UL))) m += 1UL;
    if (m == 0UL) return 0.0;
    int e = e2 + drop;
    if (m == (1UL << 53)) { m >>= 1; e += 1; }
    if (m < (1UL << 52)) return as_double(m); /* subnormal: e is -1074 */
    int biased = e + 52 + 1023;
    if (biased >= 2047) return as_double(0x7FF0000000000000UL);
    return as_double(((ulong)biased << 52) | (m & 0xFFFFFFFFFFFFFUL));
}

/* The double nearest to a natural number a > 0 times 2^e2. */
static double nt_big_to_double(const nt_big* a, int sticky, int e2) {
    int l = nt_bitlen(a);
    if (l <= 64) {
        ulong q = (ulong)a->d[0] | (a->n > 1 ? (ulong)a->d[1] << 32 : 0UL);
        int sh = 64 - l;
        return nt_round(q << sh, sticky, e2 - sh);
    }
    /* The top 64 bits, the rest sticky. */
    int drop = l - 64, w = drop >> 5, b = drop & 31;
    for (int i = 0; i < w; i++) if (a->d[i] != 0u) sticky = 1;
    if (b != 0 && (a->d[w] << (32 - b)) != 0u) sticky = 1;
    ulong lo = (ulong)a->d[w] | ((ulong)a->d[w + 1] << 32);
    ulong hi = w + 2 < a->n ? (ulong)a->d[w + 2] : 0UL;
    ulong q = b == 0 ? lo : (lo >> b) | (hi << (64 - b));
    return nt_round(q, sticky, e2 + drop);
}

/* parse_float of the n characters at s: the float, and *ok; (0.0, 0) if
   the text is not a float literal with spaces around. Correctly rounded. */
__attribute__((noinline)) static double nessie_parse_float(__global const uchar* s, long n, int* ok) {
    long i = 0;
    *ok = 0;
    while (i < n && nt_space(s[i])) i += 1;
    while (n > i && nt_space(s[n - 1])) n -= 1;
    if (n - i == 3 && s[i] == 'N' && s[i + 1] == 'a' && s[i + 2] == 'N') {
        *ok = 1;
        return as_double(0x7FF8000000000000UL);
    }
    int neg = 0;
    if (i < n && (s[i] == '+' || s[i] == '-')) { neg = s[i] == '-'; i += 1; }
    if (n - i == 3 && s[i] == 'i' && s[i + 1] == 'n' && s[i + 2] == 'f') {
        *ok = 1;
        return as_double(0x7FF0000000000000UL | (neg ? 1UL << 63 : 0UL));
    }
    long start = i;
    while (i < n && nt_is_digit(s[i])) i += 1;
    long whole = i - start, fraction = 0;
    if (i < n && s[i] == '.') {
        i += 1;
        long f = i;
        while (i < n && nt_is_digit(s[i])) i += 1;
        fraction = i - f;
    }
    long end = i;
    if (whole == 0 && fraction == 0) return 0.0;
    long exp10 = 0;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i += 1;
        int eneg = 0;
        if (i < n && (s[i] == '+' || s[i] == '-')) { eneg = s[i] == '-'; i += 1; }
        if (i >= n) return 0.0;
        for (; i < n; i++) {
            if (!nt_is_digit(s[i])) return 0.0;
            if (exp10 < 100000000L) exp10 = exp10 * 10L + (long)(s[i] - '0');
        }
        if (eneg) exp10 = -exp10;
    }
    if (i != n) return 0.0;
    *ok = 1;
    /* The significant digits: w holds the first 19. */
    long sig = 0;
    int beyond = 0;
    ulong w = 0;
    for (long p = start; p < end; p++) {
        uchar c = s[p];
        if (c == '.' || (sig == 0 && c == '0')) continue;
        if (sig < 19) w = w * 10UL + (ulong)(c - '0');
        else if (sig >= 768 && c != '0') beyond = 1;
        sig += 1;
    }
    double sign = neg ? -1.0 : 1.0;
    if (sig == 0) return sign * 0.0;
    long e10 = exp10 - fraction;
    if (sig + e10 > 310) return sign * as_double(0x7FF0000000000000UL);
    if (sig + e10 < -343) return sign * 0.0;
    if (sig <= 19 && w < (1UL << 53) && e10 >= -22 && e10 <= 22) {
        double v = (double)w;
        v = e10 >= 0 ? v * nt_tens[e10] : v / nt_tens[-e10];
        return sign * v;
    }
    /* Exact: D = the first 768 significant digits (and a sticky 1), x = D * 10^e. */
    nt_big big, t;
    nt_from(&big, 0UL);
    long kept = 0;
    uint chunk = 0u, scale = 1u;
    for (long p = start; p < end && kept < 768; p++) {
        uchar c = s[p];
        if (c == '.' || (kept == 0 && c == '0')) continue;
        chunk = chunk * 10u + (uint)(c - '0');
        scale *= 10u;
        kept += 1;
        if (scale == 1000000000u) { nt_mul_add(&big, scale, chunk); chunk = 0u; scale = 1u; }
    }
    if (beyond) { chunk = chunk * 10u + 1u; scale *= 10u; kept += 1; }
    if (scale != 1u) nt_mul_add(&big, scale, chunk);
    int e = (int)(e10 + sig - kept);
    if (e >= 0) {
        nt_mul_pow10(&big, e);
        return sign * nt_big_to_double(&big, 0, 0);
    }
    /* D / 10^-e: a quotient of 62 to 64 bits, the remainder sticky. */
    nt_from(&t, 1UL);
    nt_mul_pow10(&t, -e);
    int sh = nt_bitlen(&t) - nt_bitlen(&big) + 62;
    if (sh >= 0) nt_shl(&big, sh); else nt_shl(&t, -sh);
    nt_shl(&t, 63);
    ulong q = 0UL;
    for (int b = 63; b >= 0; b--) {
        if (nt_cmp(&big, &t) >= 0) { nt_sub(&big, &t); q |= 1UL << b; }
        nt_shr1(&t);
    }
    return sign * nt_round(q, big.n != 0, -sh);
}

/* The flat IR's text operations (flatten::ir::UnaryOp::FloatShortest and
   BinaryOp::FloatTextLength, FloatTextChar, ExpTextLength, ExpTextChar). */
static long nessie_float_text_length(long w, long e) { return nt_float_text_at(w, e, -1L); }
static int nessie_float_text_char(long w, long place) { return (int)nt_float_text_at(w, place >> 5, place & 31L); }
static long nessie_exp_text_length(long w, long place) {
    long d = place & 1023L;
    return d > 16L ? nessie_exp_text(as_double(w), d, -1L) : nt_exp_text_at(w, place >> 10, (int)d, -1L);
}
static int nessie_exp_text_char(long w, long place) {
    long d = place & 1023L, j = (place >> 10) & 2047L;
    return (int)(d > 16L ? nessie_exp_text(as_double(w), d, j) : nt_exp_text_at(w, place >> 21, (int)d, j));
}

/* GExpr::ParseNumber: the number, or whether the text is one. */
static long nessie_parse_int_value(__global const uchar* s, long start, long n) {
    int ok;
    return nessie_parse_int(s + start, n, &ok);
}
static int nessie_parse_int_ok(__global const uchar* s, long start, long n) {
    int ok;
    nessie_parse_int(s + start, n, &ok);
    return ok;
}
static double nessie_parse_float_value(__global const uchar* s, long start, long n) {
    int ok;
    return nessie_parse_float(s + start, n, &ok);
}
static int nessie_parse_float_ok(__global const uchar* s, long start, long n) {
    int ok;
    nessie_parse_float(s + start, n, &ok);
    return ok;
}
#endif
"#;

/// Whether generated C calls the library (so its file must include it).
pub fn uses_numtext(source: &str) -> bool {
    source.contains("nessie_float_") || source.contains("nessie_exp_") || source.contains("nessie_parse_")
}
