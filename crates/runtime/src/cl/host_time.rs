//! Where the host's wall time goes while a program runs: an opt-in
//! profile of the host side (`NESSIE_HOST_PROFILE=1` with `--stats`).
//!
//! The device profile (`profile.rs`) says how long the kernels ran; the
//! program's `time` minus that is time the device waited for the host
//! (a recursion level's sizes, read back, decide its next launches). This
//! profile splits the host's side of that gap by what the host was doing:
//! waiting in a blocking call for the device, enqueueing launches (setting
//! arguments included), reads, fills and copies, collecting profiling
//! events, creating and releasing buffers, and the executor's own work
//! around the kernels of a `run` (a launch plan's sizes and buffers). What
//! no row covers is the host interpreter's statements.
//!
//! Each measured activity costs two clock reads, so the profile is off
//! unless asked for ([`enable`]); when off, [`timed`] is one thread-local
//! read.

use std::cell::Cell;
use std::io::{self, Write};
use std::time::{Duration, Instant};

/// What the host is doing, as the profile counts it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HostActivity {
    /// A `run` of a launch plan, inclusive of everything below that it
    /// does (the executor's own work is this less those).
    KernelRun,
    /// Setting one kernel argument (only those that changed since the
    /// kernel last ran: note [cheap launches] in `launch.rs`).
    SetArgs,
    /// Enqueueing a kernel.
    LaunchEnqueue,
    /// Enqueueing a kernel that is the first command to use one of its
    /// buffers (a pool miss: NVIDIA allocates a buffer at its first use,
    /// but a chunk of a slab costs no more than a second use: note \[slabs\]
    /// in `buffer.rs`).
    FirstUseLaunchEnqueue,
    /// Enqueueing a non-blocking read (a batch's elements).
    ReadEnqueue,
    /// Inside a blocking call (read, write, `finish`) until it returns:
    /// the device's remaining work and the transfer.
    Wait,
    /// Enqueueing a fill (a counter's zeros).
    FillEnqueue,
    /// Enqueueing a fill that is the first command to use its buffer.
    FirstUseFillEnqueue,
    /// Enqueueing a device-to-device copy.
    CopyEnqueue,
    /// Reading completed events' status and profiling times.
    EventCollect,
    /// Creating a buffer in the driver (a pool miss: a new buffer, a slab,
    /// or a sub-buffer carved from one).
    BufferCreate,
    /// Enqueueing the one-byte fill that touches a new slab (note \[slabs\]
    /// in `buffer.rs`): its first use, where NVIDIA allocates it.
    FirstTouch,
    /// Taking a released buffer from the pool (a pool hit).
    PoolHit,
    /// Releasing a buffer in the driver (a pool eviction or overflow).
    BufferRelease,
    /// Flushing the command queue (note \[flushes\] in `session.rs`).
    Flush,
}

impl HostActivity {
    const ALL: [HostActivity; 15] = [
        HostActivity::KernelRun,
        HostActivity::SetArgs,
        HostActivity::LaunchEnqueue,
        HostActivity::FirstUseLaunchEnqueue,
        HostActivity::ReadEnqueue,
        HostActivity::Wait,
        HostActivity::FillEnqueue,
        HostActivity::FirstUseFillEnqueue,
        HostActivity::CopyEnqueue,
        HostActivity::EventCollect,
        HostActivity::BufferCreate,
        HostActivity::FirstTouch,
        HostActivity::PoolHit,
        HostActivity::BufferRelease,
        HostActivity::Flush,
    ];

    fn name(self) -> &'static str {
        match self {
            HostActivity::KernelRun => "`run`s of launch plans (inclusive)",
            HostActivity::SetArgs => "kernel arguments set (those that changed)",
            HostActivity::LaunchEnqueue => "launch enqueues",
            HostActivity::FirstUseLaunchEnqueue => "launch enqueues with a buffer's first use",
            HostActivity::ReadEnqueue => "non-blocking read enqueues",
            HostActivity::Wait => "blocking calls (waiting for the device)",
            HostActivity::FillEnqueue => "fill enqueues",
            HostActivity::FirstUseFillEnqueue => "fill enqueues with the buffer's first use",
            HostActivity::CopyEnqueue => "copy enqueues",
            HostActivity::EventCollect => "profiling event collection",
            HostActivity::BufferCreate => "buffer creations (pool misses, slabs' chunks included)",
            HostActivity::FirstTouch => "slab touches (a new slab's first use)",
            HostActivity::PoolHit => "pool hits",
            HostActivity::BufferRelease => "buffer releases in the driver",
            HostActivity::Flush => "queue flushes",
        }
    }
}

const ACTIVITIES: usize = HostActivity::ALL.len();

thread_local! {
    static ENABLED: Cell<bool> = const { Cell::new(false) };
    static TOTALS: Cell<[(u64, u64); ACTIVITIES]> = const { Cell::new([(0, 0); ACTIVITIES]) };
    /// Whether a `run` is being timed, and the nanoseconds of the other
    /// activities inside `run`s.
    static IN_RUN: Cell<bool> = const { Cell::new(false) };
    static INSIDE_RUNS: Cell<u64> = const { Cell::new(0) };
}

/// The environment variable that turns the profile on (`1`).
pub const VARIABLE: &str = "NESSIE_HOST_PROFILE";

/// Whether `NESSIE_HOST_PROFILE` asks for the profile.
pub fn is_requested() -> bool {
    std::env::var(VARIABLE).is_ok_and(|v| matches!(v.trim(), "1" | "on" | "true" | "yes"))
}

/// Turns the profile of this thread on or off, and clears it.
pub fn enable(on: bool) {
    ENABLED.with(|e| e.set(on));
    TOTALS.with(|t| t.set([(0, 0); ACTIVITIES]));
    INSIDE_RUNS.with(|t| t.set(0));
}

/// Turns the profile of this thread on or off, keeping what it counted.
pub fn enable_keeping(on: bool) {
    ENABLED.with(|e| e.set(on));
}

pub fn is_enabled() -> bool {
    ENABLED.with(Cell::get)
}

/// Runs `body`, counting its wall time under `activity` if the profile is on.
#[inline]
pub fn timed<R>(activity: HostActivity, body: impl FnOnce() -> R) -> R {
    if !is_enabled() {
        return body();
    }
    let is_run = activity == HostActivity::KernelRun;
    let was_in_run = IN_RUN.with(|r| r.replace(is_run || r.get()));
    let started = Instant::now();
    let result = body();
    let elapsed = started.elapsed();
    IN_RUN.with(|r| r.set(was_in_run));
    add(activity, elapsed);
    if was_in_run && !is_run {
        INSIDE_RUNS.with(|t| t.set(t.get() + elapsed.as_nanos() as u64));
    }
    result
}

/// Counts `elapsed` (and one occurrence) under `activity`.
pub fn add(activity: HostActivity, elapsed: Duration) {
    if !is_enabled() {
        return;
    }
    TOTALS.with(|t| {
        let mut totals = t.get();
        let slot = &mut totals[activity as usize];
        slot.0 += 1;
        slot.1 += elapsed.as_nanos() as u64;
        t.set(totals);
    });
}

/// The counts and times so far, per activity.
pub fn totals() -> Vec<(HostActivity, u64, Duration)> {
    let totals = TOTALS.with(Cell::get);
    HostActivity::ALL.iter().map(|&a| (a, totals[a as usize].0, Duration::from_nanos(totals[a as usize].1))).collect()
}

/// Prints the profile: one row per activity, then the executor's own work
/// in `run`s and the rest of `host_program` (the host interpreter's
/// statements, uploads and `print`s).
pub fn write_table(out: &mut dyn Write, host_program: Duration) -> io::Result<()> {
    let rows = totals();
    let time_of = |activity: HostActivity| rows.iter().find(|r| r.0 == activity).map_or(Duration::ZERO, |r| r.2);
    writeln!(out, "{:<60} {:>9} {:>12}", "host activity", "count", "wall time")?;
    for (activity, count, time) in &rows {
        writeln!(out, "{:<60} {count:>9} {:>9.3} ms", activity.name(), time.as_secs_f64() * 1e3)?;
    }
    let inside_runs = Duration::from_nanos(INSIDE_RUNS.with(Cell::get));
    let runs = time_of(HostActivity::KernelRun);
    let own = runs.saturating_sub(inside_runs);
    writeln!(out, "{:<60} {:>9} {:>9.3} ms", "the executor's own work in `run`s", "", own.as_secs_f64() * 1e3)?;
    let outside = host_program.saturating_sub(runs);
    let what = "outside `run`s (interpreter, frees, uploads, checks)";
    writeln!(out, "{what:<60} {:>9} {:>9.3} ms", "", outside.as_secs_f64() * 1e3)
}
