//! The copy-bandwidth probe: how fast this device moves memory, measured in
//! the same run as the program, so that a memory-bound kernel's speed can be
//! judged against it (see shared/gpu/README.md: a kernel is judged against
//! the copy bandwidth measured in the same run).
//!
//! [`measure_copy`] copies a buffer with a grid-stride kernel of `long2`
//! loads and stores, a warm-up launch and then [`COPY_RUNS`] timed
//! launches, and reports the median and fastest device time. Bandwidth
//! counts bytes read plus bytes written, the convention of the ceilings
//! table in the GPU notes.
//!
//! The shape was chosen by measurement on an H100 through NVIDIA's OpenCL
//! (1 GiB, median of 9): 16-byte vectors with about one work-item per
//! vector reached 3008 GB/s, 32-byte `long4` 2939 GB/s, scalar `long`
//! 2907 GB/s, `long8` 2326 GB/s; a grid of 8 work-groups per compute unit
//! striding over the buffer lost 5–15 %. So the grid covers the buffer, up
//! to [`MAX_WORK_ITEMS`], and the loop only strides beyond that.
//!
//! The probe's launches are timed directly (`Session::launch_and_time`) and
//! do not appear in the session's `--stats` profile.

use std::time::Duration;

use super::ClError;
use super::launch::{Arg, Grid, Launch};
use super::session::Session;

/// Timed launches per measurement (after one warm-up launch).
pub const COPY_RUNS: usize = 9;

/// Bytes per `long2`, the unit the probe copies.
const VECTOR_BYTES: usize = 16;

/// The most work-items a probe launches; larger buffers are strided over.
pub const MAX_WORK_ITEMS: usize = 1 << 26;

const COPY_PROBE_SOURCE: &str = r#"/* nessie copy-bandwidth probe (runtime::cl::bandwidth) */
__kernel void nessie_copy_probe(__global const long2* source, __global long2* destination, ulong count) {
    for (size_t i = get_global_id(0); i < count; i += get_global_size(0)) {
        destination[i] = source[i];
    }
}
"#;

/// The result of a copy-bandwidth measurement.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct CopyBandwidth {
    /// Bytes copied per run (read once and written once).
    pub bytes_copied: u64,
    /// Timed runs.
    pub runs: usize,
    pub median_time: Duration,
    pub fastest_time: Duration,
    /// `2 × bytes_copied / median_time`, in GB/s (10⁹ bytes per second).
    pub gigabytes_per_second: f64,
}

/// Measures device-to-device copy bandwidth on `bytes` bytes (rounded up to
/// a multiple of 16; at least 16). Allocates two buffers of that size.
pub fn measure_copy(session: &mut Session, bytes: usize) -> Result<CopyBandwidth, ClError> {
    let vectors = bytes.div_ceil(VECTOR_BYTES).max(1);
    let longs = vectors * (VECTOR_BYTES / size_of::<i64>());
    let program = session.build_program("nessie_copy_probe", COPY_PROBE_SOURCE, "")?;
    let kernel = program.kernel("nessie_copy_probe")?;
    // The contents do not matter, and filling them would show in the
    // session's profile; the warm-up launch touches every page.
    let source = session.alloc::<i64>(longs)?;
    let destination = session.alloc::<i64>(longs)?;

    let local = kernel.max_work_group_size().min(session.limits().max_work_group_size).clamp(1, 256);
    let work_items = vectors.min(MAX_WORK_ITEMS);
    let bytes_copied = (vectors * VECTOR_BYTES) as u64;
    let launch = Launch::new(kernel, Grid::linear(work_items).with_local(local)).bytes_moved(2 * bytes_copied);
    let args = [Arg::from(&source), Arg::from(&destination), Arg::U64(vectors as u64)];

    session.launch_and_time(&launch, &args)?;
    let mut times = Vec::with_capacity(COPY_RUNS);
    for _ in 0..COPY_RUNS {
        times.push(session.launch_and_time(&launch, &args)?);
    }
    times.sort();
    let median_time = times[COPY_RUNS / 2];
    let fastest_time = times[0];
    // A device whose timer cannot resolve the copy still gets a finite
    // figure: one nanosecond is the floor.
    let median_ns = median_time.as_nanos().max(1) as f64;
    Ok(CopyBandwidth {
        bytes_copied,
        runs: COPY_RUNS,
        median_time,
        fastest_time,
        gigabytes_per_second: 2.0 * bytes_copied as f64 / median_ns,
    })
}
