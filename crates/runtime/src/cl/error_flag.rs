//! The device-side error flag: how a kernel reports a failed safety check.
//!
//! Following Futhark's "bounds checking on GPU" (see papers.md, "Safety
//! checks on the GPU"): a kernel that finds an index out of range, a length
//! mismatch or a division by zero does not trap; it writes an error code, a
//! site id and two payload values into a small buffer, and returns. The
//! host reads the buffer at its next synchronisation point
//! (`Session::check_error_flag`) and turns (code, site) into a message with
//! a source position; this layer does not interpret them.
//!
//! ## Layout
//! One buffer per session, [`ERROR_FLAG_WORDS`] × `long`, passed to every
//! kernel with checks as `__global long* err` ([`Arg::ErrorFlag`]):
//!
//! | word | content |
//! |------|---------|
//! | 0 | the claim: 0 while no check has failed; its first 32-bit half is set to 1, atomically, by the first failing work-item |
//! | 1 | error code (chosen by the code generator; nonzero) |
//! | 2 | site id (chosen by the code generator) |
//! | 3, 4 | payload `a`, `b` (for example the index and the length) |
//! | 5 – 7 | reserved, zero |
//!
//! ## Protocol
//! - **First error wins.** The claim uses the 32-bit `atomic_cmpxchg` of
//!   OpenCL C 1.1 on the first half of word 0 (64-bit atomics are an
//!   extension, `cl_khr_int64_base_atomics`, that nessie does not require).
//!   Only the work-item that moved it from 0 to 1 writes words 1–4, with
//!   plain stores; nobody on the device reads them, and the host reads them
//!   only after the kernel has completed, when every store is visible.
//! - **The failing work-item returns** right after `nessie_fail`; other
//!   work-items carry on (they may fail too, and lose the claim).
//! - **Later kernels may stop early**: `nessie_failed(err)` is true once a
//!   check has failed since the host last cleared the flag; a kernel may
//!   return at its start if it is set, so that results computed from a
//!   failed step are not used to index memory.
//! - **The host clears the flag** when it reads a fault, so every fault is
//!   reported once.
//!
//! The word 0 read as a whole `long` is nonzero exactly when the claim is
//! taken, whatever the device's byte order, because its other half stays
//! zero.
//!
//! [`Arg::ErrorFlag`]: super::Arg::ErrorFlag

/// Number of `long` words in the error flag buffer.
pub const ERROR_FLAG_WORDS: usize = 8;

/// OpenCL C helper functions for checked kernels, to be included in every
/// program whose kernels take the error flag (guarded, so a program may
/// include it more than once). OpenCL C 1.1 or later; no extension needed.
///
/// ```c
/// __kernel void gather(__global const long* xs, long n, __global const long* is,
///                      __global long* out, long m, __global long* err) {
///     size_t k = get_global_id(0);
///     if (k >= m || nessie_failed(err)) return;
///     long i = is[k];
///     if (i < 0 || i >= n) { nessie_fail(err, 1, 42, i, n); return; }
///     out[k] = xs[i];
/// }
/// ```
pub const ERROR_FLAG_HELPERS_OPENCL_C: &str = r#"/* nessie error flag (runtime::cl::error_flag): err[0] claim, err[1] code,
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
"#;

/// A failed safety check, as the device reported it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DeviceFault {
    /// What failed, in the code generator's numbering.
    pub code: i64,
    /// Where, in the code generator's numbering of check sites.
    pub site: i64,
    /// First payload value (for example the index).
    pub a: i64,
    /// Second payload value (for example the length).
    pub b: i64,
}

/// Decodes the flag words read from the device; `None` if no check failed.
pub(crate) fn decode(words: &[i64]) -> Option<DeviceFault> {
    match words {
        [claim, code, site, a, b, ..] if *claim != 0 => Some(DeviceFault { code: *code, site: *site, a: *a, b: *b }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clear_flag_decodes_to_no_fault_and_a_claimed_one_to_its_payload() {
        assert_eq!(decode(&[0; ERROR_FLAG_WORDS]), None);
        assert_eq!(decode(&[1, 7, 42, -3, 10, 0, 0, 0]), Some(DeviceFault { code: 7, site: 42, a: -3, b: 10 }));
        assert_eq!(decode(&[1 << 32, 7, 1, 2, 3, 0, 0, 0]).map(|f| f.code), Some(7), "big-endian claim half");
    }
}
