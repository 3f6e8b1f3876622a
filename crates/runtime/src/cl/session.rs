//! A session on one OpenCL device: the context, the queue, and every
//! operation the plan executor performs through them.
//!
//! A [`Session`] owns:
//! - a context for the one device and an **in-order** command queue, so
//!   commands run in the order they are enqueued; with profiling enabled
//!   (each command then has a device time) only when the session measures
//!   times ([`CommandTiming`]);
//! - the [`DeviceLimits`] the executor plans with (work-group and local
//!   memory sizes, compute units, the largest allocation, vector widths,
//!   fp64);
//! - a cache of built programs, keyed by a hash of source and options, in
//!   front of the on-disk cache of their binaries ([`super::binary_cache`],
//!   chosen by `NESSIE_CACHE_DIR`; [`Session::set_binary_cache`]): the
//!   [`KEPT_PROGRAMS`] used last;
//! - the profile of the commands it enqueued (`profile.rs`);
//! - the error flag buffer that checked kernels write (`error_flag.rs`).
//!
//! Operations, in the order a plan uses them: [`Session::build_program`];
//! [`Session::alloc`] / [`Session::upload`]; [`Session::write`],
//! [`Session::fill`], [`Session::copy`]; [`Session::launch`];
//! [`Session::read`] (blocking: a synchronisation point);
//! [`Session::read_elements_checked`] (several scalars and the error flag
//! in one synchronisation);
//! [`Session::check_error_flag`]; [`Session::stats`].
//!
//! Synchronisation: transfers between host and device are blocking, so no
//! host memory is ever borrowed by the driver after a call returns (a batch
//! of element reads copies them side by side on the device and reads them
//! back with one blocking read, note [packed reads], or enqueues them
//! without blocking and waits for them before it returns); launches,
//! fills and copies are only enqueued. Because the queue is in order, a
//! blocking read sees the results of everything enqueued before it.
//!
//! All operations take `&mut self` except allocation and the queries: one
//! session is driven by one executor, and kernels hold their argument
//! values between `set_arg` and the launch, so launches must not interleave.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use std::time::Duration;

use cl3::OpenClRuntime;
use opencl3::command_queue::{CL_QUEUE_PROFILING_ENABLE, CommandQueue};
use opencl3::context::Context;
use opencl3::device::{CL_LOCAL, Device};
use opencl3::error_codes as codes;
use opencl3::event::Event;
use opencl3::memory::{Buffer, CL_MEM_READ_WRITE, ClMem};
use opencl3::types::{CL_BLOCKING, CL_NON_BLOCKING, cl_event, cl_int, cl_mem};

use super::binary_cache::BinaryCache;
use super::buffer::{
    BufferPool, DeviceBuffer, Element, Home, POOL_LARGER_CLASSES, READ_SLOTS, ReadSlots, SMALL_FIT_BYTES,
    SMALL_FIT_CLASSES, Slab, allocated_elements, note_slab_carved, note_slab_created, release, size_class_bytes,
};
use super::error_flag::{self, DeviceFault, ERROR_FLAG_WORDS};
use super::host_time::{HostActivity, timed};
use super::launch::{Arg, Launch, check_args};
use super::profile::{CommandKind, Profiler, Stats};
use super::program::{self, BuildTarget, Kernel, Program};
use super::trace::{LaunchShape, LaunchTrace};
use super::{ClError, driver_error};
use crate::EnvironmentError;
use crate::device::{DeviceInfo, choose_device, list_devices};

/// One element to read in a batch ([`Session::read_elements_checked`]):
/// a buffer and the element's index.
#[derive(Copy, Clone, Debug)]
pub enum ElementRead<'a> {
    I64(&'a DeviceBuffer<i64>, usize),
    F64(&'a DeviceBuffer<f64>, usize),
    U8(&'a DeviceBuffer<u8>, usize),
    I32(&'a DeviceBuffer<i32>, usize),
}

/// The values of a batch of element reads, and the error flag's words.
type ReadBatch = (Vec<ElementValue>, [i64; ERROR_FLAG_WORDS]);

/// The value of an [`ElementRead`], of its buffer's element type.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum ElementValue {
    I64(i64),
    F64(f64),
    U8(u8),
    I32(i32),
}

impl ElementRead<'_> {
    /// The buffer's handle and length, the element's index and its bytes.
    fn source(&self) -> (cl_mem, usize, usize, usize) {
        match self {
            ElementRead::I64(buffer, index) => (buffer.mem(), buffer.len(), *index, 8),
            ElementRead::F64(buffer, index) => (buffer.mem(), buffer.len(), *index, 8),
            ElementRead::U8(buffer, index) => (buffer.mem(), buffer.len(), *index, 1),
            ElementRead::I32(buffer, index) => (buffer.mem(), buffer.len(), *index, 4),
        }
    }

    /// The read's value from the first bytes of `word`, its element in
    /// the device's byte order.
    fn decode(&self, word: [u8; 8]) -> ElementValue {
        match self {
            ElementRead::I64(..) => ElementValue::I64(i64::from_ne_bytes(word)),
            ElementRead::F64(..) => ElementValue::F64(f64::from_ne_bytes(word)),
            ElementRead::U8(..) => ElementValue::U8(word[0]),
            ElementRead::I32(..) => ElementValue::I32(i32::from_ne_bytes([word[0], word[1], word[2], word[3]])),
        }
    }

    /// A zero of the read's element type, for the driver to overwrite.
    fn placeholder(&self) -> ElementValue {
        match self {
            ElementRead::I64(..) => ElementValue::I64(0),
            ElementRead::F64(..) => ElementValue::F64(0.0),
            ElementRead::U8(..) => ElementValue::U8(0),
            ElementRead::I32(..) => ElementValue::I32(0),
        }
    }
}

// Note [packed reads]
// ~~~~~~~~~~~~~~~~~~~~
// A recursion level waits for the device about four times (quicksort: the
// then/else instance counts, the totals of each branch, the three filter
// counts, the totals on the way up), and each wait read several words:
// two or three counts or scalars and the error flag, each its own
// device-to-host command (PoCL, quicksort of 3000: 252 reads in 117
// waits over 27 levels; since flatten's note [host-known totals], two
// waits a level: the counts with the branches' totals, and the filter
// counts). A small read from the device is a transfer of
// its own for the driver (on NVIDIA through a staging copy into pinned
// memory), so a batch of reads is packed: each word is copied on the
// device (`clEnqueueCopyBuffer`, no host memory involved, nothing to
// wait for) into a slot of 8 bytes of one staging buffer the session
// keeps, the flag's words after them, and one blocking read brings all
// slots back (PoCL: 252 -> 112 device-to-host reads, 306 device copies).
// On the H200 at 10^7 (quicksort, 254 waits): 560 -> 248 reads, 436
// non-blocking read enqueues (6.3 ms) -> 781 copy enqueues (15.6 ms),
// blocking calls 145.8 -> 129.4 ms; the program's `time` without
// `--stats` 240 / 215 ms unpacked, 213 / 213 ms packed (two runs each).
// `NESSIE_PACKED_READS=0` reads each word on its own, as before. Words
// that a launch plan reads back now live in read slots (note [read slots]
// in `buffer.rs`), read with no copy; the packed path serves the rest.
//
// Reading into pinned memory does not make the wait cheaper: reading the
// read arena into a `CL_MEM_ALLOC_HOST_PTR` buffer mapped once per
// session (so the transfer lands in place, with no staging copy) against
// a vector, on the H200 in one device call (the program's `time`,
// medians): quicksort 10^7 48.5 / 49.4 ms (six runs each, main 48.3),
// 10^6 30.6 / 25.7 ms, quickhull 10^7 10.2 / 9.7 ms (three runs each).
// The words are a few hundred bytes; the reads stay in vectors.

// Note [spin waits]
// ~~~~~~~~~~~~~~~~~~
// In the launch trace of quicksort 10^7 on the H100, the first command
// after each recursion level's read starts 100 to 140 us after the read
// ends on the device, while the host has little to do between them: how
// soon a blocking read returns is the driver's choice (it may sleep until
// an interrupt wakes it). We tried making the read of the read slots
// (note [read slots] in `buffer.rs`: the wait of almost every level) a
// non-blocking read whose event the host polls until it completes, so
// that it returns as soon as the driver marks it done, and removed it: on
// the H100 in one device call, alternating with blocking reads of the
// same code (the program's `time`, medians), quicksort 10^7 took 36.6 ms against
// 35.2 (ten runs each), quickhull 10^7 8.4 against 7.5 and primes 10^8
// 10.1 against 9.6 (three runs each); the host profile's waits were not
// shorter (70 waits 15.9 / 16.2 ms against 11.7 / 14.3). NVIDIA's blocking
// read returns as soon as polling would; the gap after a read is not the
// wait's. On PoCL the polling thread also takes a core the kernels run on.

// Note [flushes]
// ~~~~~~~~~~~~~~~
// OpenCL promises that enqueued commands reach the device only at a flush
// (`clFlush`) or a blocking call; a driver may hold them back until then,
// and the device idles while the host enqueues a recursion level's
// launches behind a read. `NESSIE_FLUSH_EVERY=k` flushes the queue after
// the first command enqueued after a blocking call (the device is idle
// then) and after every k commands since the last flush (0: never,
// leaving submission to the driver); `FLUSH_EVERY` is the default. The
// host profile counts the flushes (`queue flushes`).
//
// NVIDIA's driver does not hold commands back: on the H200 (quicksort
// 10^7, the program's `time`, six runs of each variant alternating with
// main's binary in one device call, medians) no flush took 48.5 ms (main
// 48.3), a flush after every command 53.2 ms and after every 4 commands
// 49.2 ms; quicksort 10^6 30.6 / 29.2 / 29.8 ms, quickhull 10^7 10.2 /
// 11.0 / 10.8 ms (three runs each). A flush costs the host 1.7 us (1665
// flushes took 2.9 ms of the host profile with k = 1), and the waits did
// not get shorter by more (blocking calls 13.9 ms against main's 15.2).
// So the default is never.

/// After how many commands a session flushes its queue by default (note
/// \[flushes\]; 0: never).
pub const FLUSH_EVERY: usize = 0;

/// Whether a session measures the device time of each command.
///
/// `Measured` (`--stats`, and every session of the tests) creates the
/// queue with profiling enabled and keeps each command's event until its
/// times are read. `CountsOnly` (a plain `nessie run`) creates the queue
/// without profiling and releases each event as the command is enqueued:
/// the profile still counts the commands, their bytes and the host's waits,
/// with no device time. On NVIDIA's OpenCL a profiled launch costs the host
/// more than one without events to collect (see note [cheap launches] in
/// `launch.rs`). A command that fails on the device is then reported by
/// the next blocking call (a read, `finish`), not by its event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommandTiming {
    Measured,
    CountsOnly,
}

impl CommandTiming {
    /// The environment variable that turns device times off (`0`, `off`)
    /// even with `--stats`: the table then counts commands and waits only,
    /// and the host profile shows what launches cost without events.
    pub const VARIABLE: &'static str = "NESSIE_DEVICE_TIMES";

    /// What a run asks for: device times if `has_stats`, unless
    /// `NESSIE_DEVICE_TIMES` turns them off.
    pub fn for_run(has_stats: bool) -> CommandTiming {
        let is_off = std::env::var(Self::VARIABLE)
            .is_ok_and(|v| matches!(v.trim().to_ascii_lowercase().as_str(), "0" | "off" | "false" | "no"));
        if has_stats && !is_off { CommandTiming::Measured } else { CommandTiming::CountsOnly }
    }
}

/// What the device allows, as the plan executor needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceLimits {
    /// Work-items per work-group, at most (each kernel may allow fewer:
    /// [`Kernel::max_work_group_size`]).
    pub max_work_group_size: usize,
    /// Work-items per work-group in each dimension, at most.
    pub max_work_item_sizes: Vec<usize>,
    /// Local memory per work-group, in bytes.
    pub local_mem_bytes: u64,
    /// Whether local memory is dedicated on-chip memory (`CL_LOCAL`) rather
    /// than emulated in global memory (CPUs).
    pub has_dedicated_local_mem: bool,
    pub compute_units: u32,
    /// The largest single buffer, in bytes (`CL_DEVICE_MAX_MEM_ALLOC_SIZE`).
    pub max_alloc_bytes: u64,
    pub global_mem_bytes: u64,
    /// Preferred vector widths (`CL_DEVICE_PREFERRED_VECTOR_WIDTH_*`) for
    /// `long`, `double` (0 without fp64), `int` and `char`.
    pub preferred_vector_width_long: u32,
    pub preferred_vector_width_double: u32,
    pub preferred_vector_width_int: u32,
    pub preferred_vector_width_char: u32,
    /// Whether the device computes with `double` (`cl_khr_fp64`).
    pub has_fp64: bool,
    /// Whether 64-bit atomics are available (`cl_khr_int64_base_atomics`).
    pub has_int64_atomics: bool,
    /// The device's OpenCL version (`CL_DEVICE_VERSION`), such as (3, 0).
    pub opencl_version: (u32, u32),
    /// The highest OpenCL C version the compiler accepts by default, such
    /// as (1, 2).
    pub opencl_c_version: (u32, u32),
    /// Buffers start at a multiple of this many bytes.
    pub base_address_alignment_bytes: u32,
    pub global_mem_cacheline_bytes: u32,
}

/// A session on one device (see the file essay).
pub struct Session {
    device: DeviceInfo,
    limits: DeviceLimits,
    timing: CommandTiming,
    // Fields drop in order: everything made in the context before it.
    profiler: Profiler,
    programs: HashMap<u64, Vec<CachedProgram>>,
    /// How many builds and cache hits [`Session::build_program`] has
    /// served: each cached program's `used` is one of these.
    program_uses: u64,
    /// How many built programs it keeps: [`KEPT_PROGRAMS`], or
    /// [`Session::set_kept_programs`].
    kept_programs: usize,
    binary_cache: BinaryCache,
    /// `CL_DEVICE_VERSION` and `CL_DRIVER_VERSION`, for the binary cache's
    /// keys.
    device_version: String,
    driver_version: String,
    error_flag: DeviceBuffer<i64>,
    /// The ticket and statuses of look-back launches (`lookback_arena.rs`).
    pub(super) lookback: super::lookback_arena::LookbackArena,
    /// Whether a batch of element reads is packed into one read (note
    /// [packed reads]); `NESSIE_PACKED_READS=0` turns it off.
    packs_reads: bool,
    /// How many classes above its own an allocation may take a pooled
    /// buffer from: [`POOL_LARGER_CLASSES`], or `NESSIE_POOL_FIT`.
    pool_larger_classes: usize,
    /// The slab pool misses are carved from (note [slabs] in `buffer.rs`).
    slab: RefCell<Option<Slab>>,
    /// Whether pool misses are carved from slabs (`NESSIE_SLABS=0` turns
    /// them off).
    uses_slabs: bool,
    /// The bytes of this session's slabs, current and past, still counted
    /// as held in [`buffer_memory`] (not carved into chunks: tails and
    /// alignment gaps; note [slabs]), until [`Session::release_held_memory`].
    slab_held_bytes: Cell<u64>,
    /// The slots of packed reads, made at the first one.
    staging: Option<DeviceBuffer<u8>>,
    /// The arena of read-back words, the error flag its slot 0 (note [read
    /// slots] in `buffer.rs`); `None` where the driver makes no sub-buffers
    /// or `NESSIE_READ_SLOTS=0`.
    slots: Option<Rc<RefCell<ReadSlots>>>,
    /// Whether launches, fills and copies are enqueued with an event even
    /// when no device time is measured (`NESSIE_COMMAND_EVENTS=1`, for
    /// comparison: note [cheap launches] in `launch.rs`).
    command_events: bool,
    /// After how many commands enqueued since the last flush the queue is
    /// flushed (`clFlush`), 0 never: [`FLUSH_EVERY`], or
    /// `NESSIE_FLUSH_EVERY` (note [flushes]).
    flush_every: usize,
    /// Commands enqueued since the last flush or blocking call.
    unflushed: Cell<usize>,
    /// What building programs has cost this session ([`Session::build_stats`]).
    builds: BuildStats,
    program_layout: ProgramLayout,
    /// Options added to every build: `NESSIE_CL_OPTIONS`
    /// ([`Session::EXTRA_OPTIONS_VARIABLE`]).
    extra_build_options: String,
    /// Released buffers for reuse (note [buffer pool] in `buffer.rs`).
    pool: Rc<RefCell<BufferPool>>,
    queue: CommandQueue,
    context: Context,
}

/// How the executor turns a compiled program's kernels into OpenCL
/// programs ([`Session::program_layout`]).
///
/// `Merged`, the default, builds every kernel of a NESL program as one
/// OpenCL program: one driver build (or one binary-cache load) per run
/// instead of one per kernel. On NVIDIA every build is a call into the
/// driver, even from a cached binary; on PoCL each build pays a fixed
/// cost (the front end, linking the kernel library) whatever its size:
/// `tests/programs/builtins/lifted_misc.nesl`, cold caches, took 76 s of
/// CPU separate and 48 s merged. `Separate` builds each kernel's source
/// on its own, so that identical kernels of different programs (the
/// fusion schedules of one program) share a build in PoCL's own cache.
/// The environment variable `NESSIE_PROGRAMS` (`merged` or `separate`)
/// chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProgramLayout {
    Merged,
    Separate,
}

impl ProgramLayout {
    /// The environment variable that overrides the default layout.
    pub const VARIABLE: &'static str = "NESSIE_PROGRAMS";

    /// The layout `NESSIE_PROGRAMS` asks for, `Merged` unless it says
    /// `separate`.
    pub fn from_env() -> ProgramLayout {
        match std::env::var(Self::VARIABLE).map(|v| v.trim().to_ascii_lowercase()) {
            Ok(v) if v == "merged" => ProgramLayout::Merged,
            Ok(v) if v == "separate" => ProgramLayout::Separate,
            _ => ProgramLayout::Merged,
        }
    }
}

/// The programs a session has built, and the wall time it took: the
/// start-up cost `--stats` reports besides the kernels' own time.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct BuildStats {
    /// Programs built from source by the driver.
    pub compiled: usize,
    /// Programs loaded from the on-disk binary cache.
    pub from_cache: usize,
    /// Wall time spent in the driver building or loading them.
    pub seconds: f64,
}

struct CachedProgram {
    source: String,
    options: String,
    program: Rc<Program>,
    /// The [`Session::program_uses`] count of its last build or hit.
    used: u64,
}

// Note [kept programs]
// ~~~~~~~~~~~~~~~~~~~~
// A session keeps the programs it built, so that a later build of the same
// source and options (the next run in `nessie serve`, a program run twice
// in one process) takes no time. It keeps at most `KEPT_PROGRAMS` of them,
// the least recently used going first: a built program holds the driver's
// memory (PoCL keeps each program's bitcode and its kernels' shared
// objects), so a long-lived `nessie serve` grew with every new program it
// ran. One server ran the 178 test programs of `tests/programs` outside
// `corpus/` and `examples/` one after another on PoCL: from the 110th to
// the 170th its resident size grew by 231 MB keeping every program and by
// 46 MB keeping 64 (1.97 against 1.78 GB at the 170th; most of the rest is
// one program's host recursion to its depth limit, not programs). A run
// holds the programs it uses itself (the executor's own `Rc`s), so one
// dropped from the cache during a run stays built for it; a later build of
// it loads its binary from the on-disk cache where that is on
// (`binary_cache.rs`).

/// How many built programs a session keeps (note [kept programs]): more
/// than any one run builds (a run builds its kernels as one program, or
/// each on its own: the largest example has 33).
pub const KEPT_PROGRAMS: usize = 64;

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session").field("device", &self.device.name).field("limits", &self.limits).finish()
    }
}

impl Session {
    /// The environment variable whose options are added to every program
    /// build, e.g. `-cl-opt-disable`: the test suite uses it on PoCL,
    /// where unoptimised kernels build about three times faster.
    pub const EXTRA_OPTIONS_VARIABLE: &'static str = "NESSIE_CL_OPTIONS";

    /// A session on the device `spec` names (see [`choose_device`]; `None`
    /// is the default device), measuring device times.
    pub fn open(spec: Option<&str>) -> Result<Session, ClError> {
        Session::open_with(spec, CommandTiming::Measured)
    }

    /// A session on the device `spec` names, measuring device times or not.
    pub fn open_with(spec: Option<&str>, timing: CommandTiming) -> Result<Session, ClError> {
        let devices = list_devices()?;
        let index = choose_device(&devices, spec)?;
        Session::new_with(&devices[index], timing)
    }

    /// A session on `device`, measuring device times.
    pub fn new(device: &DeviceInfo) -> Result<Session, ClError> {
        Session::new_with(device, CommandTiming::Measured)
    }

    /// A session on `device`, measuring device times or not.
    pub fn new_with(device: &DeviceInfo, timing: CommandTiming) -> Result<Session, ClError> {
        let opencl_device = Device::new(device.id);
        let on_device = |what: &str| format!("{what} on {}", device.name);
        if !opencl_device.available().unwrap_or(false) {
            return Err(EnvironmentError::DriverFailure {
                operation: on_device("opening the device"),
                code: "the device reports that it is not available".to_string(),
            }
            .into());
        }
        let limits = query_limits(&opencl_device, device)?;
        let device_version = opencl_device.version().unwrap_or_default().trim().to_string();
        let driver_version = opencl_device.driver_version().unwrap_or_default().trim().to_string();
        let context = Context::from_device(&opencl_device)
            .map_err(|e| driver_error(on_device("creating an OpenCL context"), e.0, 0))?;
        let queue = create_queue(&context, device, &limits, timing)?;
        // A quarter of the device's memory at most in released buffers.
        let pool = BufferPool::new(limits.global_mem_bytes / 4);
        let is_off =
            |variable: &str| std::env::var(variable).is_ok_and(|v| matches!(v.trim(), "0" | "off" | "false" | "no"));
        let is_on =
            |variable: &str| std::env::var(variable).is_ok_and(|v| matches!(v.trim(), "1" | "on" | "true" | "yes"));
        let slots = if is_off("NESSIE_READ_SLOTS") { None } else { read_slots(&context, &limits) };
        let error_flag = match &slots {
            Some(slots) => slot_buffer::<i64>(slots, ERROR_FLAG_WORDS)
                .ok_or_else(|| ClError::internal("the error flag's read slot is taken in a new session".to_string()))?,
            None => allocate::<i64>(
                &context,
                &limits,
                ERROR_FLAG_WORDS,
                ERROR_FLAG_WORDS,
                Home::Pool(Rc::downgrade(&pool)),
            )?,
        };
        let mut session = Session {
            device: device.clone(),
            limits,
            timing,
            profiler: Profiler::with_trace(LaunchTrace::from_env()),
            programs: HashMap::new(),
            program_uses: 0,
            kept_programs: KEPT_PROGRAMS,
            binary_cache: BinaryCache::from_env(device),
            device_version,
            driver_version,
            error_flag,
            lookback: Default::default(),
            packs_reads: !std::env::var("NESSIE_PACKED_READS").is_ok_and(|v| matches!(v.trim(), "0" | "off" | "false")),
            staging: None,
            slots,
            command_events: is_on("NESSIE_COMMAND_EVENTS"),
            pool_larger_classes: std::env::var("NESSIE_POOL_FIT")
                .ok()
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(POOL_LARGER_CLASSES)
                .min(16),
            slab: RefCell::new(None),
            uses_slabs: !is_off("NESSIE_SLABS"),
            slab_held_bytes: Cell::new(0),
            flush_every: std::env::var("NESSIE_FLUSH_EVERY")
                .ok()
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(FLUSH_EVERY),
            unflushed: Cell::new(0),
            builds: BuildStats::default(),
            program_layout: ProgramLayout::from_env(),
            extra_build_options: std::env::var(Self::EXTRA_OPTIONS_VARIABLE).unwrap_or_default().trim().to_string(),
            pool,
            queue,
            context,
        };
        session.unflushed.set(session.flush_every.saturating_sub(1));
        session.clear_error_flag()?;
        Ok(session)
    }

    pub fn device(&self) -> &DeviceInfo {
        &self.device
    }

    pub fn limits(&self) -> &DeviceLimits {
        &self.limits
    }

    /// Whether the session measures device times.
    pub fn timing(&self) -> CommandTiming {
        self.timing
    }

    /// Measures device times from now on, or stops: waits for the device,
    /// forgets the profile so far and replaces the command queue by one
    /// made with or without profiling. Programs, kernels and buffers
    /// belong to the context and stay. `nessie serve` lends one session to
    /// runs with and without `--stats`.
    pub fn set_timing(&mut self, timing: CommandTiming) -> Result<(), ClError> {
        if timing != self.timing {
            self.reset_stats()?;
            self.queue = create_queue(&self.context, &self.device, &self.limits, timing)?;
            self.timing = timing;
        }
        Ok(())
    }

    /// Enqueues launches, fills and copies with an event even where no
    /// device time is measured (`on`), or only where one is (note [cheap
    /// launches] in `launch.rs`); `NESSIE_COMMAND_EVENTS=1` turns it on.
    pub fn set_command_events(&mut self, on: bool) {
        self.command_events = on;
    }

    /// Flushes the queue at the next command and then after every `every`
    /// commands (0: never; note \[flushes\]); `NESSIE_FLUSH_EVERY` sets it.
    pub fn set_flush_every(&mut self, every: usize) {
        self.flush_every = every;
        self.unflushed.set(every.saturating_sub(1));
    }

    /// Fails with [`EnvironmentError::NoFp64`] if the device cannot compute
    /// with `double`. `build_program` checks this itself for sources that
    /// use `double`; the executor may call it before uploading any input.
    pub fn require_fp64(&self) -> Result<(), ClError> {
        if self.limits.has_fp64 {
            Ok(())
        } else {
            Err(EnvironmentError::NoFp64 { device: self.device.name.clone() }.into())
        }
    }

    // ---------------------------------------------------------------- programs

    /// Builds OpenCL C `source` with `options` (`-cl-kernel-arg-info` is
    /// always added), or returns the program built earlier in this session
    /// from the same source and options, or loads its binary from the
    /// on-disk cache ([`Session::set_binary_cache`]). `name` names the
    /// program in messages.
    ///
    /// Errors: [`EnvironmentError::BuildFailure`] with the trimmed build
    /// log; [`EnvironmentError::NoFp64`] if the source uses `double` and
    /// the device has no fp64; [`ClError::Internal`] for options the driver
    /// rejects.
    pub fn build_program(&mut self, name: &str, source: &str, options: &str) -> Result<Rc<Program>, ClError> {
        let key = {
            let mut hasher = std::collections::hash_map::DefaultHasher::new();
            (source, options).hash(&mut hasher);
            hasher.finish()
        };
        self.program_uses += 1;
        let mut bucket = self.programs.get_mut(&key).into_iter().flatten();
        if let Some(cached) = bucket.find(|c| c.source == source && c.options == options) {
            cached.used = self.program_uses;
            return Ok(Rc::clone(&cached.program));
        }
        let target = BuildTarget {
            context: &self.context,
            device: &self.device,
            cache: &self.binary_cache,
            device_version: &self.device_version,
            driver_version: &self.driver_version,
            extra_options: &self.extra_build_options,
        };
        let started = std::time::Instant::now();
        let program = Rc::new(program::build(&target, name, source, options)?);
        self.builds.seconds += started.elapsed().as_secs_f64();
        if program.is_from_binary_cache() {
            self.builds.from_cache += 1;
        } else {
            self.builds.compiled += 1;
        }
        self.programs.entry(key).or_default().push(CachedProgram {
            source: source.to_string(),
            options: options.to_string(),
            program: Rc::clone(&program),
            used: self.program_uses,
        });
        self.forget_least_used_programs();
        Ok(program)
    }

    /// Drops the least recently used programs of the cache beyond
    /// the number it keeps (note [kept programs]).
    fn forget_least_used_programs(&mut self) {
        let mut kept = self.built_program_count();
        while kept > self.kept_programs {
            let oldest = self.programs.values().flatten().map(|c| c.used).min();
            let Some(oldest) = oldest else { break };
            for bucket in self.programs.values_mut() {
                bucket.retain(|c| c.used != oldest);
            }
            self.programs.retain(|_, bucket| !bucket.is_empty());
            kept -= 1;
        }
    }

    /// Where this session keeps built binaries: by default what
    /// [`BinaryCache::from_env`] says.
    pub fn set_binary_cache(&mut self, cache: BinaryCache) {
        self.binary_cache = cache;
    }

    pub fn binary_cache(&self) -> &BinaryCache {
        &self.binary_cache
    }

    /// Whether the executor builds a program's kernels as one OpenCL
    /// program or each on its own.
    pub fn program_layout(&self) -> ProgramLayout {
        self.program_layout
    }

    pub fn set_program_layout(&mut self, layout: ProgramLayout) {
        self.program_layout = layout;
    }

    /// Options added to every later build, in place of what
    /// `NESSIE_CL_OPTIONS` said.
    pub fn set_extra_build_options(&mut self, options: &str) {
        self.extra_build_options = options.trim().to_string();
    }

    /// The programs this session has built and the time it took.
    pub fn build_stats(&self) -> BuildStats {
        self.builds
    }

    /// How many built programs this session keeps (at most
    /// [`KEPT_PROGRAMS`], or what [`Session::set_kept_programs`] set: note
    /// [kept programs]).
    pub fn built_program_count(&self) -> usize {
        self.programs.values().map(Vec::len).sum()
    }

    /// Keeps at most `count` (at least one) built programs from now on,
    /// the least recently used going first (note [kept programs]).
    pub fn set_kept_programs(&mut self, count: usize) {
        self.kept_programs = count.max(1);
        self.forget_least_used_programs();
    }

    // ----------------------------------------------------------------- buffers

    /// A buffer of `len` elements (possibly zero) with undefined contents.
    ///
    /// Errors: [`EnvironmentError::OutOfMemory`] if the size exceeds the
    /// device's largest allocation or the driver cannot allocate it.
    pub fn alloc<T: Element>(&self, len: usize) -> Result<DeviceBuffer<T>, ClError> {
        let pool = Rc::downgrade(&self.pool);
        // The size class, unless it is too large where the exact size is not
        // (note [buffer pool]).
        let class = allocated_elements(len)
            .checked_mul(size_of::<T>())
            .and_then(size_class_bytes)
            .filter(|&bytes| bytes as u64 <= self.limits.max_alloc_bytes);
        // The class, or one of the next `POOL_LARGER_CLASSES`, or of the
        // next `SMALL_FIT_CLASSES` for a small class (note [buffer pool]).
        let hit = class.and_then(|class| {
            let mut pooled = self.pool.borrow_mut();
            let mut candidate = Some(class);
            let larger = if class <= SMALL_FIT_BYTES {
                self.pool_larger_classes.max(SMALL_FIT_CLASSES)
            } else {
                self.pool_larger_classes
            };
            for _ in 0..=larger {
                let bytes = candidate.filter(|&bytes| bytes as u64 <= self.limits.max_alloc_bytes)?;
                if let Some(mem) = pooled.take(bytes) {
                    return Some((mem, bytes));
                }
                candidate = bytes.checked_add(1).and_then(size_class_bytes);
            }
            None
        });
        if let Some((mem, bytes)) = hit {
            super::host_time::add(HostActivity::PoolHit, std::time::Duration::ZERO);
            return Ok(DeviceBuffer::from_raw(Buffer::new(mem), len, bytes, Home::Pool(pool)));
        }
        if let Some(buffer) = class.and_then(|class| self.alloc_in_slab::<T>(len, class, &pool)) {
            return Ok(buffer);
        }
        let elements = class.map_or(allocated_elements(len), |bytes| bytes / size_of::<T>());
        let mut result = allocate(&self.context, &self.limits, len, elements, Home::Pool(pool.clone()));
        // The pool's memory may be what is missing, then the class's extra.
        if matches!(result, Err(ClError::Environment(EnvironmentError::OutOfMemory { .. }))) {
            // The current slab's tail is freed with its last chunk.
            *self.slab.borrow_mut() = None;
            if !self.pool.borrow().is_empty() {
                self.pool.borrow_mut().clear();
                result = allocate(&self.context, &self.limits, len, elements, Home::Pool(pool.clone()));
            }
            if result.is_err() && elements != allocated_elements(len) {
                result = allocate(&self.context, &self.limits, len, allocated_elements(len), Home::Pool(pool));
            }
        }
        result
    }

    /// A buffer of `len` elements carved from the current slab as a chunk
    /// of `class` bytes, or from a new slab if it has no room (note [slabs]
    /// in `buffer.rs`); `None` if slabs are off, the class is too large to
    /// carve, or the driver makes no slab or sub-buffer: the caller then
    /// creates a buffer.
    fn alloc_in_slab<T: Element>(
        &self,
        len: usize,
        class: usize,
        pool: &std::rc::Weak<RefCell<BufferPool>>,
    ) -> Option<DeviceBuffer<T>> {
        if !self.uses_slabs {
            return None;
        }
        let align = self.limits.base_address_alignment_bytes as usize;
        let largest = usize::try_from(self.limits.max_alloc_bytes).unwrap_or(usize::MAX);
        let mut slab = self.slab.borrow_mut();
        let fits = slab.as_ref().and_then(|slab| slab.origin_for(class, align));
        let origin = match fits {
            Some(origin) => origin,
            None => {
                let last = slab.as_ref().map_or(0, |slab| slab.bytes);
                let bytes = Slab::bytes_for(class, last, largest)?;
                // The full slab lives on while its chunks do; its tail
                // stays counted as held (note [slabs]).
                *slab = None;
                *slab = Some(self.new_slab(bytes)?);
                0
            }
        };
        let current = slab.as_mut()?;
        // SAFETY: the region lies inside the slab (`origin_for`, or a new
        // slab of at least `SLAB_CHUNKS` chunks), at a multiple of the base
        // address alignment.
        let sub = timed(HostActivity::BufferCreate, || unsafe {
            current.buffer.create_sub_buffer(CL_MEM_READ_WRITE, origin, class)
        })
        .ok()?;
        current.carved = origin + class;
        let mem = sub.get();
        std::mem::forget(sub);
        note_slab_carved(class as u64);
        self.slab_held_bytes.set(self.slab_held_bytes.get().saturating_sub(class as u64));
        let buffer = DeviceBuffer::from_raw(Buffer::<T>::new(mem), len, class, Home::Pool(pool.clone()));
        // Its first use is cheap (the slab's was paid); the host profile
        // still counts it apart, to show that it is.
        buffer.is_unused.set(true);
        Some(buffer)
    }

    /// A slab of `bytes`, touched by a one-byte fill so that the driver
    /// allocates it now (note [slabs] in `buffer.rs`); `None` if the driver
    /// cannot make it.
    fn new_slab(&self, bytes: usize) -> Option<Slab> {
        // SAFETY: no host pointer; at least one byte.
        let created = timed(HostActivity::BufferCreate, || unsafe {
            Buffer::<u8>::create(&self.context, CL_MEM_READ_WRITE, bytes, std::ptr::null_mut())
        });
        let buffer = created.ok()?;
        let (queue, mem) = (self.queue.get(), buffer.get());
        let zero = 0u8;
        // SAFETY: one byte at offset 0 of a buffer of `bytes` >= 1 bytes;
        // the driver copies the pattern before the call returns.
        let enqueue = |driver: &OpenClRuntime, _event: *mut cl_event| {
            driver.clEnqueueFillBuffer(
                queue,
                mem,
                (&raw const zero).cast(),
                1,
                0,
                1,
                0,
                std::ptr::null(),
                std::ptr::null_mut(),
            )
        };
        let failed = |code| driver_error(format!("touching a slab of {bytes} bytes"), code, bytes as u64);
        self.enqueue_command(HostActivity::FirstTouch, false, enqueue, failed).ok()?;
        note_slab_created(bytes as u64);
        self.slab_held_bytes.set(self.slab_held_bytes.get() + bytes as u64);
        Some(Slab { buffer, carved: 0, bytes })
    }

    /// A buffer of `len` elements (possibly zero) with undefined contents,
    /// for words the host will read back: a free read slot if it fits one
    /// (note [read slots] in `buffer.rs`), else as [`Session::alloc`].
    pub fn alloc_read_slot<T: Element>(&self, len: usize) -> Result<DeviceBuffer<T>, ClError> {
        match &self.slots {
            Some(slots) => match slot_buffer(slots, len) {
                Some(buffer) => Ok(buffer),
                None => self.alloc(len),
            },
            None => self.alloc(len),
        }
    }

    /// A buffer of `len` raw bytes.
    pub fn alloc_bytes(&self, len: usize) -> Result<DeviceBuffer<u8>, ClError> {
        self.alloc(len)
    }

    /// A buffer holding a copy of `data`.
    pub fn upload<T: Element>(&mut self, data: &[T]) -> Result<DeviceBuffer<T>, ClError> {
        let mut buffer = self.alloc(data.len())?;
        self.write(&mut buffer, data)?;
        Ok(buffer)
    }

    /// Copies `data` into the first `data.len()` elements of `buffer`
    /// (blocking).
    pub fn write<T: Element>(&mut self, buffer: &mut DeviceBuffer<T>, data: &[T]) -> Result<(), ClError> {
        self.write_at(buffer, 0, data)
    }

    /// Copies `data` into `buffer` from element `offset` on (blocking).
    pub fn write_at<T: Element>(
        &mut self,
        buffer: &mut DeviceBuffer<T>,
        offset: usize,
        data: &[T],
    ) -> Result<(), ClError> {
        check_range("write", buffer.len(), offset, data.len())?;
        if data.is_empty() {
            return Ok(());
        }
        let bytes = size_of_val(data);
        buffer.is_unused.set(false);
        self.release_evicted();
        // SAFETY: the write is blocking, so the driver no longer reads
        // `data` when the call returns; the range lies inside the buffer
        // (checked above).
        let event = timed(HostActivity::Wait, || unsafe {
            self.queue.enqueue_write_buffer(&mut buffer.raw, CL_BLOCKING, offset * size_of::<T>(), data, &[])
        })
        .map_err(|e| driver_error(format!("writing {bytes} bytes to the device"), e.0, bytes as u64))?;
        self.profiler.note_wait();
        self.record(CommandKind::Write, None, bytes as u64, event)
    }

    /// The contents of `buffer` (blocking: waits for every command enqueued
    /// before).
    pub fn read<T: Element>(&mut self, buffer: &DeviceBuffer<T>) -> Result<Vec<T>, ClError> {
        self.read_range(buffer, 0, buffer.len())
    }

    /// Elements `offset .. offset + len` of `buffer` (blocking).
    pub fn read_range<T: Element>(
        &mut self,
        buffer: &DeviceBuffer<T>,
        offset: usize,
        len: usize,
    ) -> Result<Vec<T>, ClError> {
        let mut data = vec![T::default(); len];
        self.read_into(buffer, offset, &mut data)?;
        Ok(data)
    }

    /// Fills `data` from `buffer`, starting at element `offset` (blocking).
    pub fn read_into<T: Element>(
        &mut self,
        buffer: &DeviceBuffer<T>,
        offset: usize,
        data: &mut [T],
    ) -> Result<(), ClError> {
        self.release_evicted();
        match blocking_read(&self.queue, buffer, offset, data)? {
            Some(event) => {
                self.profiler.note_wait();
                self.record(CommandKind::Read, None, size_of_val(data) as u64, event)
            }
            None => Ok(()),
        }
    }

    /// Reads one element of each buffer in `reads` and the error flag, in
    /// one round trip: packed (note [packed reads]), one device-to-host
    /// read of the elements and the flag copied side by side on the
    /// device; or, with packing off, the element reads are enqueued
    /// without blocking and the blocking read of the flag, enqueued last
    /// on the in-order queue, waits for all of them (each element read
    /// then counts as a device-to-host command). Returns the values in the
    /// order of `reads` and the fault a kernel reported since the flag was
    /// last cleared (the flag is cleared when it holds one, as in
    /// [`Session::check_error_flag`]); the whole batch is one host wait.
    pub fn read_elements_checked(
        &mut self,
        reads: &[ElementRead<'_>],
    ) -> Result<(Vec<ElementValue>, Option<DeviceFault>), ClError> {
        self.release_evicted();
        if let Some((values, words)) = self.read_slots(reads, true)? {
            let fault = error_flag::decode(&words);
            if fault.is_some() {
                self.clear_error_flag()?;
            }
            return Ok((values, fault));
        }
        if self.packs_reads && !reads.is_empty() {
            let (values, words) = self.read_packed(reads, true)?;
            let fault = error_flag::decode(&words);
            if fault.is_some() {
                self.clear_error_flag()?;
            }
            return Ok((values, fault));
        }
        let mut values: Vec<ElementValue> = reads.iter().map(ElementRead::placeholder).collect();
        // `values` is neither moved nor resized until the wait below: the
        // driver writes into its elements until then.
        let enqueued = self.enqueue_element_reads(reads, &mut values, false);
        let mut words = [0i64; ERROR_FLAG_WORDS];
        let waited = blocking_read(&self.queue, &self.error_flag, 0, &mut words);
        if enqueued.is_err() || waited.is_err() {
            // Nothing may still write into `values` when it is dropped.
            let _ = self.queue.finish();
        }
        enqueued?;
        waited?;
        self.profiler.note_wait();
        // The blocking read waited for every earlier command: collect them.
        self.profiler.collect(false)?;
        let fault = error_flag::decode(&words);
        if fault.is_some() {
            self.clear_error_flag()?;
        }
        Ok((values, fault))
    }

    /// Reads one element of each buffer in `reads`, in one round trip,
    /// without the error flag: for reads after kernels that cannot write
    /// it. Several are packed into one read (note [packed reads]); with
    /// packing off, the reads but the last are enqueued without blocking,
    /// the last one blocks (on the in-order queue it waits for all of
    /// them), each a device-to-host command. The batch is one host wait.
    pub fn read_elements(&mut self, reads: &[ElementRead<'_>]) -> Result<Vec<ElementValue>, ClError> {
        if reads.is_empty() {
            return Ok(Vec::new());
        }
        self.release_evicted();
        if let Some((values, _)) = self.read_slots(reads, false)? {
            return Ok(values);
        }
        if self.packs_reads && reads.len() > 1 {
            return Ok(self.read_packed(reads, false)?.0);
        }
        let mut values: Vec<ElementValue> = reads.iter().map(ElementRead::placeholder).collect();
        // As in `read_elements_checked`, `values` stays in place until the
        // last read, which blocks, has returned.
        let enqueued = self.enqueue_element_reads(reads, &mut values, true);
        if enqueued.is_err() {
            // Nothing may still write into `values` when it is dropped.
            let _ = self.queue.finish();
        }
        enqueued?;
        self.profiler.note_wait();
        self.profiler.collect(false)?;
        Ok(values)
    }

    /// Reads one element of each buffer of `reads`, and the error flag's
    /// words if `with_flag` (else zeros), with one device-to-host read
    /// (note [packed reads]): each element is copied on the device into a
    /// slot of 8 bytes of the session's staging buffer, the flag after
    /// them, and the slots are read back with one blocking read, which
    /// waits for the copies and everything before them.
    fn read_packed(
        &mut self,
        reads: &[ElementRead<'_>],
        with_flag: bool,
    ) -> Result<(Vec<ElementValue>, [i64; ERROR_FLAG_WORDS]), ClError> {
        const SLOT: usize = size_of::<i64>();
        let slots = reads.len() + if with_flag { ERROR_FLAG_WORDS } else { 0 };
        if self.staging.as_ref().is_none_or(|staging| staging.len() < slots * SLOT) {
            self.staging = Some(self.alloc::<u8>((slots * SLOT).next_power_of_two().max(256))?);
        }
        let Some(staging) = self.staging.take() else {
            return Err(ClError::internal("the staging buffer of packed reads is missing"));
        };
        let result = self.copy_and_read_slots(&staging, reads, with_flag, slots);
        self.staging = Some(staging);
        let (bytes, words) = result?;
        let slot = |k: usize| -> [u8; SLOT] {
            let mut word = [0u8; SLOT];
            word.copy_from_slice(&bytes[k * SLOT..(k + 1) * SLOT]);
            word
        };
        let values = reads.iter().enumerate().map(|(k, read)| read.decode(slot(k))).collect();
        Ok((values, words))
    }

    /// Reads one element of each buffer of `reads`, and the error flag's
    /// words if `with_flag` (else zeros), with one device-to-host read of
    /// the read arena and no copy, if every buffer is a read slot (note
    /// [read slots] in `buffer.rs`); `None` (nothing done) if one is not.
    fn read_slots(&mut self, reads: &[ElementRead<'_>], with_flag: bool) -> Result<Option<ReadBatch>, ClError> {
        let Some(slots) = &self.slots else { return Ok(None) };
        if self.error_flag.slot_of(slots) != Some(0) {
            return Ok(None);
        }
        // Each word's byte offset in the arena and its size.
        let slot_bytes = slots.borrow().slot_bytes;
        let mut words = Vec::with_capacity(reads.len());
        for read in reads {
            let slot = match read {
                ElementRead::I64(buffer, _) => buffer.slot_of(slots),
                ElementRead::F64(buffer, _) => buffer.slot_of(slots),
                ElementRead::U8(buffer, _) => buffer.slot_of(slots),
                ElementRead::I32(buffer, _) => buffer.slot_of(slots),
            };
            let Some(slot) = slot else { return Ok(None) };
            let (_, len, index, bytes) = read.source();
            check_range("read", len, index, 1)?;
            words.push((slot * slot_bytes + index * bytes, bytes));
        }
        let flag_bytes = ERROR_FLAG_WORDS * size_of::<i64>();
        let ranges = words.iter().copied().chain(with_flag.then_some((0, flag_bytes)));
        let (Some(start), Some(end)) =
            (ranges.clone().map(|(at, _)| at).min(), ranges.map(|(at, bytes)| at + bytes).max())
        else {
            return Ok(None);
        };
        let mut data = vec![0u8; end - start];
        let arena = Rc::clone(slots);
        let arena = arena.borrow();
        // SAFETY: the read is blocking, so the driver has finished writing
        // `data` when the call returns; the range lies inside the arena
        // (every slot does); on the in-order queue the read runs after
        // every kernel that wrote a slot has finished.
        let event = timed(HostActivity::Wait, || unsafe {
            self.queue.enqueue_read_buffer(&arena.arena, CL_BLOCKING, start, &mut data, &[])
        })
        .map_err(|e| driver_error(format!("reading {} bytes from the device", end - start), e.0, 0))?;
        drop(arena);
        self.profiler.note_wait();
        self.record(CommandKind::Read, None, data.len() as u64, event)?;
        // The blocking read waited for every earlier command: collect them.
        self.profiler.collect(false)?;
        let word = |at: usize| -> [u8; 8] {
            let mut word = [0u8; 8];
            let available = data.len().saturating_sub(at - start).min(8);
            word[..available].copy_from_slice(&data[at - start..at - start + available]);
            word
        };
        let values = reads.iter().zip(&words).map(|(read, &(at, _))| read.decode(word(at))).collect();
        let mut flag = [0i64; ERROR_FLAG_WORDS];
        if with_flag {
            for (w, value) in flag.iter_mut().enumerate() {
                *value = i64::from_ne_bytes(word(w * size_of::<i64>()));
            }
        }
        Ok(Some((values, flag)))
    }

    /// The copies and the read of [`Session::read_packed`]: the slots'
    /// bytes and the flag's words (zeros without the flag).
    fn copy_and_read_slots(
        &mut self,
        staging: &DeviceBuffer<u8>,
        reads: &[ElementRead<'_>],
        with_flag: bool,
        slots: usize,
    ) -> Result<(Vec<u8>, [i64; ERROR_FLAG_WORDS]), ClError> {
        const SLOT: usize = size_of::<i64>();
        let flag = (self.error_flag.mem(), 0, ERROR_FLAG_WORDS * SLOT);
        let sources: Vec<(cl_mem, usize, usize)> = reads
            .iter()
            .map(|read| {
                let (mem, len, index, bytes) = read.source();
                check_range("read", len, index, 1).map(|()| (mem, index * bytes, bytes))
            })
            .chain(with_flag.then_some(Ok(flag)))
            .collect::<Result<_, _>>()?;
        for (k, &(mem, offset, bytes)) in sources.iter().enumerate() {
            // Both ranges lie inside their buffers (the source's checked
            // above, the slots inside the staging buffer, which has room
            // for `slots` of them), and they are distinct buffers.
            self.enqueue_copy(mem, offset, staging.mem(), k * SLOT, bytes)?;
        }
        let mut data = vec![0u8; slots * SLOT];
        if let Some(event) = blocking_read(&self.queue, staging, 0, &mut data)? {
            self.profiler.note_wait();
            self.record(CommandKind::Read, None, data.len() as u64, event)?;
        }
        // The blocking read waited for every earlier command: collect them.
        self.profiler.collect(false)?;
        let mut words = [0i64; ERROR_FLAG_WORDS];
        if with_flag {
            for (w, word) in words.iter_mut().enumerate() {
                let at = (reads.len() + w) * SLOT;
                let mut bytes = [0u8; SLOT];
                bytes.copy_from_slice(&data[at..at + SLOT]);
                *word = i64::from_ne_bytes(bytes);
            }
        }
        Ok((data, words))
    }

    /// Enqueues a read of each of `reads` into `values` (placeholders of
    /// the reads' types), the last one blocking if `is_last_blocking`.
    /// Stops at the first failure.
    fn enqueue_element_reads(
        &mut self,
        reads: &[ElementRead<'_>],
        values: &mut [ElementValue],
        is_last_blocking: bool,
    ) -> Result<(), ClError> {
        let last = reads.len().saturating_sub(1);
        for (position, (read, value)) in reads.iter().zip(values.iter_mut()).enumerate() {
            let blocking = is_last_blocking && position == last;
            match (read, value) {
                (ElementRead::I64(buffer, index), ElementValue::I64(value)) => {
                    self.enqueue_read_one(buffer, *index, value, blocking)
                }
                (ElementRead::F64(buffer, index), ElementValue::F64(value)) => {
                    self.enqueue_read_one(buffer, *index, value, blocking)
                }
                (ElementRead::U8(buffer, index), ElementValue::U8(value)) => {
                    self.enqueue_read_one(buffer, *index, value, blocking)
                }
                (ElementRead::I32(buffer, index), ElementValue::I32(value)) => {
                    self.enqueue_read_one(buffer, *index, value, blocking)
                }
                _ => Err(ClError::internal("an element read and its value differ in type")),
            }?;
        }
        Ok(())
    }

    /// Enqueues a read of `buffer[index]` into `value`, waiting for it if
    /// `blocking`. Without waiting, the caller waits for the queue (a
    /// blocking command enqueued later, or `finish`) before it reads,
    /// moves or drops `value`.
    fn enqueue_read_one<T: Element>(
        &mut self,
        buffer: &DeviceBuffer<T>,
        index: usize,
        value: &mut T,
        blocking: bool,
    ) -> Result<(), ClError> {
        check_range("read", buffer.len(), index, 1)?;
        let bytes = size_of::<T>();
        let (blocking, activity) =
            if blocking { (CL_BLOCKING, HostActivity::Wait) } else { (CL_NON_BLOCKING, HostActivity::ReadEnqueue) };
        // SAFETY: the element lies inside the buffer (checked above); `T`
        // is plain data for which any bytes are a value (`Element` is
        // sealed to such types); the caller keeps `value` in place until
        // the queue has passed this command (see above).
        let event = timed(activity, || unsafe {
            self.queue.enqueue_read_buffer(&buffer.raw, blocking, index * bytes, std::slice::from_mut(value), &[])
        })
        .map_err(|e| driver_error(format!("reading {bytes} bytes from the device"), e.0, bytes as u64))?;
        self.record(CommandKind::Read, None, bytes as u64, event)
    }

    /// Sets every element of `buffer` to `value` (enqueued).
    pub fn fill<T: Element>(&mut self, buffer: &mut DeviceBuffer<T>, value: T) -> Result<(), ClError> {
        let len = buffer.len();
        self.fill_range(buffer, 0, len, value)
    }

    /// Sets elements `offset .. offset + len` of `buffer` to `value`
    /// (enqueued).
    pub fn fill_range<T: Element>(
        &mut self,
        buffer: &mut DeviceBuffer<T>,
        offset: usize,
        len: usize,
        value: T,
    ) -> Result<(), ClError> {
        check_range("fill", buffer.len(), offset, len)?;
        if len == 0 {
            return Ok(());
        }
        let bytes = len * size_of::<T>();
        let (queue, mem) = (self.queue.get(), buffer.mem());
        let pattern: *const T = &value;
        // SAFETY: the driver copies the pattern before the call returns
        // (OpenCL 1.2, clEnqueueFillBuffer); offset and size are multiples
        // of the pattern size and lie inside the buffer (checked above).
        let enqueue = |driver: &OpenClRuntime, event: *mut cl_event| {
            driver.clEnqueueFillBuffer(
                queue,
                mem,
                pattern.cast(),
                size_of::<T>(),
                offset * size_of::<T>(),
                bytes,
                0,
                std::ptr::null(),
                event,
            )
        };
        let failed = |code| driver_error(format!("filling {bytes} bytes on the device"), code, bytes as u64);
        let activity =
            if buffer.is_unused.replace(false) { HostActivity::FirstUseFillEnqueue } else { HostActivity::FillEnqueue };
        let event = self.enqueue_command(activity, self.keeps_events(), enqueue, failed)?;
        self.record_command(CommandKind::Fill, None, bytes as u64, event, None)
    }

    /// Whether launches, fills and copies are enqueued with an event: only
    /// to measure their device time, or when `NESSIE_COMMAND_EVENTS=1`
    /// (note [cheap launches] in `launch.rs`).
    fn keeps_events(&self) -> bool {
        self.timing == CommandTiming::Measured || self.command_events
    }

    /// Calls `enqueue` (an OpenCL enqueue of the loaded driver, given where
    /// to write the command's event, or null for none), timed under
    /// `activity`; its event if `with_event`. A status other than success
    /// is `failed(status)`.
    fn enqueue_command(
        &self,
        activity: HostActivity,
        with_event: bool,
        enqueue: impl FnOnce(&OpenClRuntime, *mut cl_event) -> Option<cl_int>,
        failed: impl FnOnce(cl_int) -> ClError,
    ) -> Result<Option<Event>, ClError> {
        let driver = match cl3::load_library() {
            Ok(driver) => driver,
            Err(e) => return Err(ClError::from(EnvironmentError::NoPlatform { detail: e.to_string() })),
        };
        let mut event: cl_event = std::ptr::null_mut();
        let out = if with_event { &raw mut event } else { std::ptr::null_mut() };
        let status = timed(activity, || enqueue(driver, out)).unwrap_or(codes::DLOPEN_FUNCTION_NOT_AVAILABLE);
        if status != codes::CL_SUCCESS {
            return Err(failed(status));
        }
        let event = (!event.is_null()).then(|| Event::new(event));
        self.count_unflushed()?;
        Ok(event)
    }

    /// Counts an enqueued command, and flushes the queue when
    /// `flush_every` have been enqueued since the last flush or wait (note
    /// [flushes]).
    fn count_unflushed(&self) -> Result<(), ClError> {
        if self.flush_every == 0 {
            return Ok(());
        }
        let unflushed = self.unflushed.get() + 1;
        if unflushed < self.flush_every {
            self.unflushed.set(unflushed);
            return Ok(());
        }
        self.unflushed.set(0);
        timed(HostActivity::Flush, || self.queue.flush())
            .map_err(|e| driver_error("flushing the command queue", e.0, 0))
    }

    /// Counts an enqueued command, with its event if it has one.
    fn record_command(
        &mut self,
        kind: CommandKind,
        group: Option<&str>,
        bytes: u64,
        event: Option<Event>,
        shape: Option<LaunchShape>,
    ) -> Result<(), ClError> {
        let group = group.unwrap_or(kind.transfer_group_name());
        match (event, self.timing) {
            (Some(event), CommandTiming::Measured) => self.profiler.record(kind, group, bytes, event, shape),
            _ => {
                self.profiler.count(kind, group, bytes, shape);
                Ok(())
            }
        }
    }

    /// Copies all of `source` into the start of `destination` (enqueued).
    pub fn copy<T: Element>(
        &mut self,
        source: &DeviceBuffer<T>,
        destination: &mut DeviceBuffer<T>,
    ) -> Result<(), ClError> {
        self.copy_range(source, 0, destination, 0, source.len())
    }

    /// Copies `len` elements from `source[source_offset..]` to
    /// `destination[destination_offset..]` (enqueued).
    pub fn copy_range<T: Element>(
        &mut self,
        source: &DeviceBuffer<T>,
        source_offset: usize,
        destination: &mut DeviceBuffer<T>,
        destination_offset: usize,
        len: usize,
    ) -> Result<(), ClError> {
        check_range("copy from", source.len(), source_offset, len)?;
        check_range("copy to", destination.len(), destination_offset, len)?;
        if len == 0 {
            return Ok(());
        }
        let bytes = len * size_of::<T>();
        let element = size_of::<T>();
        source.is_unused.set(false);
        destination.is_unused.set(false);
        self.enqueue_copy(source.mem(), source_offset * element, destination.mem(), destination_offset * element, bytes)
    }

    /// Enqueues a copy of `bytes` bytes from `source` at byte
    /// `source_offset` to `destination` at `destination_offset`, and counts
    /// it. The caller has checked that both ranges lie inside their
    /// buffers, and that the buffers are distinct.
    fn enqueue_copy(
        &mut self,
        source: cl_mem,
        source_offset: usize,
        destination: cl_mem,
        destination_offset: usize,
        bytes: usize,
    ) -> Result<(), ClError> {
        let queue = self.queue.get();
        let enqueue = |driver: &OpenClRuntime, event: *mut cl_event| {
            driver.clEnqueueCopyBuffer(
                queue,
                source,
                destination,
                source_offset,
                destination_offset,
                bytes,
                0,
                std::ptr::null(),
                event,
            )
        };
        let failed = |code| driver_error(format!("copying {bytes} bytes on the device"), code, bytes as u64);
        let event = self.enqueue_command(HostActivity::CopyEnqueue, self.keeps_events(), enqueue, failed)?;
        // A copy reads and writes every byte.
        self.record_command(CommandKind::Copy, None, 2 * bytes as u64, event, None)
    }

    // ---------------------------------------------------------------- launches

    /// Enqueues `launch` with `args` and records it in the profile under
    /// its group, with the bytes it declares. Does not wait.
    ///
    /// The global size is rounded up to a multiple of the local size (see
    /// `launch.rs`); a grid without work-items enqueues nothing.
    pub fn launch(&mut self, launch: &Launch<'_>, args: &[Arg<'_>]) -> Result<(), ClError> {
        let shape = self.profiler.is_tracing().then(|| launch_shape(launch));
        match self.enqueue_launch(launch, args, self.keeps_events())? {
            Some(event) => {
                let (group, bytes) = (Some(launch.group_name()), launch.bytes_moved);
                self.record_command(CommandKind::Kernel, group, bytes, event, shape)
            }
            None => Ok(()),
        }
    }

    /// Enqueues `launch`, waits for it, and returns its device time,
    /// without recording it in the profile (for measurements such as the
    /// copy-bandwidth probe).
    pub fn launch_and_time(&mut self, launch: &Launch<'_>, args: &[Arg<'_>]) -> Result<Duration, ClError> {
        if self.timing != CommandTiming::Measured {
            return Err(ClError::internal("a timed launch on a session that does not measure device times"));
        }
        let Some(event) = self.enqueue_launch(launch, args, true)? else { return Ok(Duration::ZERO) };
        let Some(event) = event else {
            return Err(ClError::internal("a timed launch was enqueued without an event"));
        };
        let running = || format!("running kernel `{}`", launch.kernel.name());
        event.wait().map_err(|e| driver_error(running(), e.0, launch.bytes_moved))?;
        let start = event.profiling_command_start().map_err(|e| driver_error(running(), e.0, 0))?;
        let end = event.profiling_command_end().map_err(|e| driver_error(running(), e.0, 0))?;
        Ok(Duration::from_nanos(end.saturating_sub(start)))
    }

    /// Enqueues `launch` with `args`, with an event if `with_event`:
    /// `None` if the grid is empty (nothing enqueued), else the event.
    fn enqueue_launch(
        &mut self,
        launch: &Launch<'_>,
        args: &[Arg<'_>],
        with_event: bool,
    ) -> Result<Option<Option<Event>>, ClError> {
        let kernel = launch.kernel;
        check_args(kernel, args)?;
        let grid = launch.grid;
        if grid.is_empty() {
            return Ok(None);
        }
        let global = grid.enqueued_global().ok_or_else(|| {
            ClError::internal(format!("kernel `{}`: the grid {grid:?} has no valid global size", kernel.name()))
        })?;
        let local = grid.local().map(|sizes| {
            let mut padded = [1usize; 3];
            padded[..sizes.len()].copy_from_slice(sizes);
            padded
        });
        if let Some(local) = &local {
            self.check_work_group(kernel, &local[..grid.dimensions()])?;
        }
        // Only the arguments that differ from what the kernel holds (note
        // [cheap launches] in `launch.rs`).
        let error_flag = self.error_flag.mem();
        let mut keys = kernel.arg_keys.borrow_mut();
        keys.resize(args.len(), None);
        for (index, arg) in args.iter().enumerate() {
            let key = arg.key(error_flag);
            if keys[index] == Some(key) {
                continue;
            }
            keys[index] = None;
            timed(HostActivity::SetArgs, || self.set_arg(kernel, index, arg))?;
            keys[index] = Some(key);
        }
        drop(keys);
        let local_pointer = local.as_ref().map_or(std::ptr::null(), |sizes| sizes.as_ptr());
        let (queue, raw_kernel, dimensions) = (self.queue.get(), kernel.raw.get(), grid.dimensions() as u32);
        // Every argument has been set (the count was checked); the size
        // arrays hold `dimensions` entries and outlive the call; the
        // buffers the arguments name are alive (borrowed by `args`) and
        // OpenCL retains them until the kernel has run.
        let enqueue = |driver: &OpenClRuntime, event: *mut cl_event| {
            driver.clEnqueueNDRangeKernel(
                queue,
                raw_kernel,
                dimensions,
                std::ptr::null(),
                global.as_ptr(),
                local_pointer,
                0,
                std::ptr::null(),
                event,
            )
        };
        let failed = |code| driver_error(format!("launching kernel `{}`", kernel.name()), code, launch.bytes_moved);
        let mut activity = HostActivity::LaunchEnqueue;
        for arg in args {
            if let Arg::Buffer(buffer) = arg
                && buffer.is_unused.replace(false)
            {
                activity = HostActivity::FirstUseLaunchEnqueue;
            }
        }
        Ok(Some(self.enqueue_command(activity, with_event, enqueue, failed)?))
    }

    fn check_work_group(&self, kernel: &Kernel, local: &[usize]) -> Result<(), ClError> {
        let work_group_size: usize = local.iter().product();
        let kernel_limit = kernel.max_work_group_size().min(self.limits.max_work_group_size);
        if work_group_size > kernel_limit {
            return Err(ClError::internal(format!(
                "kernel `{}`: a work-group of {work_group_size} work-items exceeds the limit of {kernel_limit} on {}",
                kernel.name(),
                self.device.name
            )));
        }
        for (dimension, (&size, &limit)) in local.iter().zip(&self.limits.max_work_item_sizes).enumerate() {
            if size > limit {
                return Err(ClError::internal(format!(
                    "kernel `{}`: a local size of {size} in dimension {dimension} exceeds the limit of {limit} on {}",
                    kernel.name(),
                    self.device.name
                )));
            }
        }
        Ok(())
    }

    fn set_arg(&self, kernel: &Kernel, index: usize, arg: &Arg<'_>) -> Result<(), ClError> {
        let raw = &kernel.raw;
        let position = index as u32;
        // SAFETY (every arm): `check_args` matched the argument against the
        // parameter's kind (pointer, local or scalar) and, where the driver
        // describes parameters, its size; the driver copies the value
        // before returning; buffer handles are alive (borrowed by `args`,
        // or owned by the session for the error flag).
        let result = unsafe {
            match arg {
                Arg::Buffer(buffer) => raw.set_arg(position, &buffer.mem),
                Arg::I64(value) => raw.set_arg(position, value),
                Arg::U64(value) => raw.set_arg(position, value),
                Arg::F64(value) => raw.set_arg(position, value),
                Arg::I32(value) => raw.set_arg(position, value),
                Arg::U32(value) => raw.set_arg(position, value),
                Arg::LocalBytes(bytes) => raw.set_arg_local_buffer(position, *bytes),
                Arg::ErrorFlag => {
                    let mem: cl_mem = self.error_flag.mem();
                    raw.set_arg(position, &mem)
                }
            }
        };
        result.map_err(|e| driver_error(format!("setting argument {index} of kernel `{}`", kernel.name()), e.0, 0))
    }

    // ---------------------------------------------------- synchronisation

    /// Waits for every enqueued command, and collects their times.
    pub fn finish(&mut self) -> Result<(), ClError> {
        self.release_evicted();
        timed(HostActivity::Wait, || self.queue.finish())
            .map_err(|e| driver_error("waiting for the device to finish", e.0, 0))?;
        self.profiler.note_wait();
        self.profiler.collect(true)
    }

    /// Waits for the device and reads the error flag: the first failed
    /// safety check since the flag was last cleared, if any. A fault is
    /// reported once: the flag is cleared when it is read.
    pub fn check_error_flag(&mut self) -> Result<Option<DeviceFault>, ClError> {
        self.release_evicted();
        let mut words = [0i64; ERROR_FLAG_WORDS];
        blocking_read(&self.queue, &self.error_flag, 0, &mut words)?;
        self.profiler.note_wait();
        // The blocking read waited for every earlier command: collect them.
        self.profiler.collect(false)?;
        let fault = error_flag::decode(&words);
        if fault.is_some() {
            self.clear_error_flag()?;
        }
        Ok(fault)
    }

    /// Releases the buffers the pool evicted since the last blocking call:
    /// here, right before the host waits for the device, a release that
    /// waits for the device too costs no extra wait (note [buffer pool]).
    fn release_evicted(&mut self) {
        // The blocking call flushes the queue; the next command is flushed
        // at once, to end the device's wait (note [flushes]).
        self.unflushed.set(self.flush_every.saturating_sub(1));
        let evicted = self.pool.borrow_mut().take_evicted();
        for mem in evicted {
            release(mem);
        }
    }

    fn clear_error_flag(&mut self) -> Result<(), ClError> {
        let zeros = [0i64; ERROR_FLAG_WORDS];
        // SAFETY: blocking write of the whole flag buffer, which has
        // exactly ERROR_FLAG_WORDS elements.
        timed(HostActivity::Wait, || unsafe {
            self.queue.enqueue_write_buffer(&mut self.error_flag.raw, CL_BLOCKING, 0, &zeros, &[])
        })
        .map_err(|e| driver_error("clearing the error flag", e.0, 0))?;
        Ok(())
    }

    // ---------------------------------------------------------------- profile

    /// Waits for the device and returns the profile of every command
    /// recorded since the session opened (or since `reset_stats`).
    pub fn stats(&mut self) -> Result<Stats, ClError> {
        self.finish()?;
        Ok(self.profiler.stats())
    }

    /// Waits for the device and forgets the profile so far.
    pub fn reset_stats(&mut self) -> Result<(), ClError> {
        self.finish()?;
        self.profiler.reset();
        Ok(())
    }

    /// Releases the device memory the session holds for reuse between
    /// allocations: the pool's released buffers (note [buffer pool] in
    /// `buffer.rs`) and the current slab's unused tail (note \[slabs\]). A
    /// session kept across programs (`nessie serve`) calls it after each
    /// run, so that a program's buffers do not outlive it. Buffers still
    /// alive are untouched. The look-back arena goes too (note [look-back
    /// arena]): the next program zeroes a new one, as a fresh session does,
    /// so that a run through the server commands what a local run does.
    pub fn release_held_memory(&mut self) {
        self.lookback = Default::default();
        *self.slab.borrow_mut() = None;
        self.pool.borrow_mut().clear();
        // The slabs' uncarved bytes go with their last chunk.
        note_slab_carved(self.slab_held_bytes.replace(0));
    }

    /// Counts an enqueued command; keeps its event for its times only if
    /// the session measures them (else the event is released here).
    fn record(&mut self, kind: CommandKind, group: Option<&str>, bytes: u64, event: Event) -> Result<(), ClError> {
        let group = group.unwrap_or(kind.transfer_group_name());
        match self.timing {
            CommandTiming::Measured => self.profiler.record(kind, group, bytes, event, None),
            CommandTiming::CountsOnly => {
                self.profiler.count(kind, group, bytes, None);
                Ok(())
            }
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // Let enqueued work end before the queue and context are released;
        // a failure here has no one left to report to.
        let _ = self.queue.finish();
    }
}

/// The session's in-order command queue on `device`, with profiling where
/// `timing` measures device times.
fn create_queue(
    context: &Context,
    device: &DeviceInfo,
    limits: &DeviceLimits,
    timing: CommandTiming,
) -> Result<CommandQueue, ClError> {
    let properties = match timing {
        CommandTiming::Measured => CL_QUEUE_PROFILING_ENABLE,
        CommandTiming::CountsOnly => 0,
    };
    if limits.opencl_version >= (2, 0) {
        // SAFETY: the device is the one the context was created for.
        unsafe { CommandQueue::create_with_properties(context, device.id, properties, 0) }
    } else {
        // SAFETY: as above; clCreateCommandQueue is the OpenCL 1.2 call.
        unsafe { CommandQueue::create(context, device.id, properties) }
    }
    .map_err(|e| driver_error(format!("creating a command queue on {}", device.name), e.0, 0))
}

/// How `launch` is enqueued, for the launch trace (`trace.rs`).
fn launch_shape(launch: &Launch<'_>) -> LaunchShape {
    let dimensions = launch.grid.dimensions();
    let global =
        launch.grid.enqueued_global().map_or_else(|| launch.grid.global().to_vec(), |g| g[..dimensions].to_vec());
    LaunchShape { kernel: launch.kernel.name().to_string(), global, local: launch.grid.local().map(<[usize]>::to_vec) }
}

/// Allocates `count` elements (at least `max(len, 1)`; see `buffer.rs`)
/// for a buffer of `len`. An error names the bytes of `len` elements.
fn allocate<T: Element>(
    context: &Context,
    limits: &DeviceLimits,
    len: usize,
    count: usize,
    home: Home,
) -> Result<DeviceBuffer<T>, ClError> {
    let out_of_memory = |bytes: u64, detail: String| ClError::from(EnvironmentError::OutOfMemory { bytes, detail });
    let Some(bytes) = count.checked_mul(size_of::<T>()) else {
        return Err(out_of_memory(u64::MAX, format!("{len} elements of {} bytes overflow", size_of::<T>())));
    };
    let bytes = bytes as u64;
    let limit_text = || {
        format!(
            "the device's largest allocation is {} bytes, its global memory {} bytes",
            limits.max_alloc_bytes, limits.global_mem_bytes
        )
    };
    if bytes > limits.max_alloc_bytes {
        return Err(out_of_memory(bytes, limit_text()));
    }
    // SAFETY: no host pointer is passed (so no flags refer to one), and the
    // element count is at least one.
    let raw = timed(HostActivity::BufferCreate, || unsafe {
        Buffer::<T>::create(context, CL_MEM_READ_WRITE, count, std::ptr::null_mut())
    });
    match raw {
        Ok(raw) => {
            let buffer = DeviceBuffer::from_raw(raw, len, bytes as usize, home);
            buffer.is_unused.set(true);
            Ok(buffer)
        }
        Err(e) => match e.0 {
            codes::CL_MEM_OBJECT_ALLOCATION_FAILURE | codes::CL_OUT_OF_RESOURCES | codes::CL_INVALID_BUFFER_SIZE => {
                Err(out_of_memory(bytes, format!("{}; {}", super::status_name(e.0), limit_text())))
            }
            code => Err(driver_error(format!("allocating {bytes} bytes"), code, bytes)),
        },
    }
}

/// The read arena of a new session (note [read slots] in `buffer.rs`):
/// `READ_SLOTS` slots of the device's base address alignment (at least the
/// error flag's bytes), or `None` if the driver cannot make it.
fn read_slots(context: &Context, limits: &DeviceLimits) -> Option<Rc<RefCell<ReadSlots>>> {
    let slot_bytes = (limits.base_address_alignment_bytes as usize).max(ERROR_FLAG_WORDS * size_of::<i64>());
    if !slot_bytes.is_power_of_two() {
        return None;
    }
    // SAFETY: no host pointer is passed, and the size is not zero.
    let arena =
        unsafe { Buffer::<u8>::create(context, CL_MEM_READ_WRITE, READ_SLOTS * slot_bytes, std::ptr::null_mut()) };
    let slots = ReadSlots::new(arena.ok()?, slot_bytes)?;
    Some(Rc::new(RefCell::new(slots)))
}

/// A buffer of `len` elements in a free slot of `slots`, if it fits one
/// and one is free.
fn slot_buffer<T: Element>(slots: &Rc<RefCell<ReadSlots>>, len: usize) -> Option<DeviceBuffer<T>> {
    let bytes = allocated_elements(len).checked_mul(size_of::<T>())?;
    let mut arena = slots.borrow_mut();
    if bytes > arena.slot_bytes {
        return None;
    }
    let slot_bytes = arena.slot_bytes;
    let (slot, mem) = arena.take()?;
    drop(arena);
    Some(DeviceBuffer::from_raw(Buffer::new(mem), len, slot_bytes, Home::Slot(Rc::downgrade(slots), slot)))
}

/// A blocking read of `data.len()` elements from `buffer[offset..]`,
/// unrecorded. `None` when there is nothing to read.
fn blocking_read<T: Element>(
    queue: &CommandQueue,
    buffer: &DeviceBuffer<T>,
    offset: usize,
    data: &mut [T],
) -> Result<Option<Event>, ClError> {
    check_range("read", buffer.len(), offset, data.len())?;
    if data.is_empty() {
        return Ok(None);
    }
    let bytes = size_of_val(data);
    // SAFETY: the read is blocking, so the driver has finished writing
    // `data` when the call returns; the range lies inside the buffer
    // (checked above); `T` is plain data for which any bytes are a value
    // (`Element` is sealed to such types).
    let event = timed(HostActivity::Wait, || unsafe {
        queue.enqueue_read_buffer(&buffer.raw, CL_BLOCKING, offset * size_of::<T>(), data, &[])
    })
    .map_err(|e| driver_error(format!("reading {bytes} bytes from the device"), e.0, bytes as u64))?;
    Ok(Some(event))
}

/// An internal error unless `offset .. offset + len` lies within `buffer_len`.
fn check_range(operation: &str, buffer_len: usize, offset: usize, len: usize) -> Result<(), ClError> {
    match offset.checked_add(len) {
        Some(end) if end <= buffer_len => Ok(()),
        _ => Err(ClError::internal(format!(
            "{operation} of elements {offset}..{offset}+{len} is outside a buffer of {buffer_len} elements"
        ))),
    }
}

fn query_limits(device: &Device, info: &DeviceInfo) -> Result<DeviceLimits, ClError> {
    let failed = |what: &str, code: i32| driver_error(format!("querying the {what} of {}", info.name), code, 0);
    let extensions = device.extensions().unwrap_or_default();
    let has_extension = |name: &str| extensions.split_whitespace().any(|e| e == name);
    Ok(DeviceLimits {
        max_work_group_size: device.max_work_group_size().map_err(|e| failed("work-group size", e.0))?,
        max_work_item_sizes: device.max_work_item_sizes().map_err(|e| failed("work-item sizes", e.0))?,
        local_mem_bytes: device.local_mem_size().map_err(|e| failed("local memory size", e.0))?,
        has_dedicated_local_mem: device.local_mem_type().map(|t| t == CL_LOCAL).unwrap_or(false),
        compute_units: device.max_compute_units().map_err(|e| failed("compute units", e.0))?,
        max_alloc_bytes: device.max_mem_alloc_size().map_err(|e| failed("largest allocation", e.0))?,
        global_mem_bytes: device.global_mem_size().map_err(|e| failed("global memory size", e.0))?,
        preferred_vector_width_long: device.max_preferred_vector_width_long().unwrap_or(1),
        preferred_vector_width_double: device.max_preferred_vector_width_double().unwrap_or(0),
        preferred_vector_width_int: device.max_preferred_vector_width_int().unwrap_or(1),
        preferred_vector_width_char: device.max_preferred_vector_width_char().unwrap_or(1),
        has_fp64: info.has_fp64,
        has_int64_atomics: has_extension("cl_khr_int64_base_atomics"),
        opencl_version: device.version().ok().and_then(|v| parse_version(&v, "OpenCL ")).unwrap_or((1, 2)),
        opencl_c_version: parse_version(&info.opencl_c_version, "OpenCL C ").unwrap_or((1, 2)),
        base_address_alignment_bytes: device.mem_base_addr_align().map(|bits| bits / 8).unwrap_or(128),
        global_mem_cacheline_bytes: device.global_mem_cacheline_size().unwrap_or(0),
    })
}

/// `(major, minor)` from a version string such as `OpenCL 3.0 PoCL` or
/// `OpenCL C 1.2 PoCL`, after `prefix`.
fn parse_version(text: &str, prefix: &str) -> Option<(u32, u32)> {
    let number = text.trim().strip_prefix(prefix)?.split_whitespace().next()?;
    let (major, minor) = number.split_once('.')?;
    Some((major.parse().ok()?, minor.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cl::buffer::{MIN_SLAB_BYTES, SLAB_CHUNKS};

    #[test]
    fn versions_are_read_from_the_drivers_strings() {
        assert_eq!(parse_version("OpenCL 3.0 PoCL HSTR: pthread", "OpenCL "), Some((3, 0)));
        assert_eq!(parse_version("OpenCL C 1.2 PoCL", "OpenCL C "), Some((1, 2)));
        assert_eq!(parse_version("OpenCL 3.0 CUDA", "OpenCL "), Some((3, 0)));
        assert_eq!(parse_version("garbage", "OpenCL "), None);
    }

    #[test]
    fn ranges_past_the_end_of_a_buffer_are_internal_errors() {
        assert!(check_range("read", 10, 0, 10).is_ok());
        assert!(check_range("read", 0, 0, 0).is_ok());
        assert!(check_range("read", 10, 5, 6).is_err());
        assert!(check_range("read", 10, usize::MAX, 2).is_err());
    }

    /// Note [buffer pool]: a dropped buffer is handed back for the next
    /// allocation of its size class, of any element type, and only for that.
    #[test]
    fn a_released_buffer_is_reused_for_an_allocation_of_its_size_class() {
        let mut session = Session::open(std::env::var("NESSIE_DEVICE").ok().as_deref()).expect("an OpenCL device");
        let a = session.upload(&[1.5f64; 10_000]).expect("uploads");
        let mem = a.mem();
        drop(a);
        // The pooled buffer still exists, so no new one can have its handle.
        // 80000 bytes are in the class of 73729..=81920; 73728 and 81921
        // are not (and are above the classes that take larger buffers).
        let smaller = session.alloc::<u8>(73728).expect("allocates");
        let larger = session.alloc::<i32>(20481).expect("allocates");
        assert_ne!(smaller.mem(), mem);
        assert_ne!(larger.mem(), mem);
        let mut again = session.alloc::<i64>(10_200).expect("allocates");
        assert_eq!(again.mem(), mem);
        assert_eq!(again.len(), 10_200);
        let values: Vec<i64> = (0..10_200).collect();
        session.write(&mut again, &values).expect("writes");
        assert_eq!(session.read(&again).expect("reads"), values);
        let fresh = session.alloc::<i64>(10_200).expect("allocates");
        assert_ne!(fresh.mem(), mem);
    }

    /// A session kept across runs (`nessie serve`): `release_held_memory`
    /// leaves the thread holding no pooled memory, slabs' uncarved bytes
    /// included, and `set_timing` makes the queue again; the session still
    /// computes, with and without device times.
    #[test]
    fn a_session_kept_across_runs_releases_what_it_held_and_changes_its_timing() {
        let spec = std::env::var("NESSIE_DEVICE").ok();
        let mut session = Session::open_with(spec.as_deref(), CommandTiming::CountsOnly).expect("an OpenCL device");
        let before = crate::cl::buffer_memory();
        for round in 0..2 {
            let buffers: Vec<DeviceBuffer<i64>> =
                (0..5).map(|i| session.upload(&vec![i; 1000 + 300 * i as usize]).expect("uploads")).collect();
            drop(buffers);
            assert!(crate::cl::buffer_memory().pooled_bytes > before.pooled_bytes, "round {round}");
            session.release_held_memory();
            let after = crate::cl::buffer_memory();
            assert_eq!(
                (after.live_bytes, after.pooled_bytes),
                (before.live_bytes, before.pooled_bytes),
                "round {round}"
            );
        }
        // Each change of timing starts a new profile: every round counts
        // its own fill and read only.
        let mut counted = Vec::new();
        for timing in [CommandTiming::Measured, CommandTiming::CountsOnly, CommandTiming::Measured] {
            session.set_timing(timing).expect("a new queue");
            assert_eq!(session.timing(), timing);
            let mut buffer = session.alloc::<i64>(3).expect("allocates");
            session.fill(&mut buffer, 7).expect("fills");
            assert_eq!(session.read(&buffer).expect("reads"), vec![7, 7, 7]);
            counted.push(session.stats().expect("stats").transfer_totals().launches);
        }
        assert!(counted[0] >= 2 && counted.iter().all(|&c| c == counted[0]), "{counted:?}");
    }

    /// Note [buffer pool]: an allocation of a small class takes a pooled
    /// buffer of up to twice its class when its own class has none; a
    /// larger one only its own class.
    #[test]
    fn small_allocations_take_pooled_buffers_of_up_to_twice_their_class() {
        let mut session = Session::open(std::env::var("NESSIE_DEVICE").ok().as_deref()).expect("an OpenCL device");
        let a = session.alloc::<i64>(1024).expect("allocates");
        let (b, c) = (session.alloc::<u8>(8192).expect("allocates"), session.alloc::<u8>(8192).expect("allocates"));
        let (a_mem, b_mem, c_mem) = (a.mem(), b.mem(), c.mem());
        drop((a, b, c));
        // 8192 bytes are pooled three times. 4096 bytes is half their
        // class: taken; 3840 bytes is the class below: a new buffer.
        let half = session.alloc::<u8>(4096).expect("allocates");
        assert!([a_mem, b_mem, c_mem].contains(&half.mem()));
        let below_half = session.alloc::<u8>(3840).expect("allocates");
        assert!(![a_mem, b_mem, c_mem].contains(&below_half.mem()));
        // Its own class first, when it has one: the 4096-byte buffer
        // dropped now is taken again.
        let half_mem = half.mem();
        drop(half);
        let mut again = session.alloc::<i32>(1000).expect("allocates");
        assert_eq!(again.mem(), half_mem);
        let values: Vec<i32> = (0..1000).collect();
        session.write(&mut again, &values).expect("writes");
        assert_eq!(session.read(&again).expect("reads"), values);
        // Above `SMALL_FIT_BYTES` a class takes only its own.
        let big = session.alloc::<u8>(4 * SMALL_FIT_BYTES).expect("allocates");
        let big_mem = big.mem();
        drop(big);
        let three_quarters = session.alloc::<u8>(3 * SMALL_FIT_BYTES).expect("allocates");
        assert_ne!(three_quarters.mem(), big_mem);
    }

    /// Note [buffer pool]: a buffer evicted beyond the pool's limit is
    /// released at the next blocking call, not when it is evicted; an
    /// allocation takes the buffer put last of its class.
    #[test]
    fn evicted_buffers_are_released_at_the_next_blocking_call() {
        let mut session = Session::open(std::env::var("NESSIE_DEVICE").ok().as_deref()).expect("an OpenCL device");
        session.uses_slabs = false;
        session.pool.borrow_mut().clear();
        // Room for two buffers of 8192 bytes.
        session.pool.borrow_mut().limit_bytes = 2 * 8192;
        let buffers: Vec<DeviceBuffer<i64>> = (0..4).map(|_| session.alloc::<i64>(1000).expect("allocates")).collect();
        let mems: Vec<cl_mem> = buffers.iter().map(DeviceBuffer::mem).collect();
        drop(buffers);
        assert_eq!(session.pool.borrow().evicted.len(), 2, "the two oldest are evicted");
        let before = crate::cl::buffer_memory().pooled_bytes;
        let mut flag = session.alloc::<i64>(1).expect("allocates");
        session.write(&mut flag, &[7]).expect("writes");
        assert!(session.pool.borrow().evicted.is_empty(), "a blocking call releases them");
        assert_eq!(crate::cl::buffer_memory().pooled_bytes, before - 2 * 8192);
        // The last one put comes back first.
        let again = session.alloc::<f64>(1024).expect("allocates");
        assert_eq!(again.mem(), mems[3]);
        assert_eq!(session.read(&flag).expect("reads"), vec![7]);
    }

    /// Note [slabs]: pool misses are chunks of one slab, which hold their
    /// values apart; a released chunk serves its class again; a chunk that
    /// does not fit starts a slab twice as large; a class too large to
    /// carve is a buffer of its own, and one beyond the device is out of
    /// memory with the bytes asked for (the current slab then dropped).
    #[test]
    fn pool_misses_are_carved_from_a_slab() {
        let mut session = Session::open(std::env::var("NESSIE_DEVICE").ok().as_deref()).expect("an OpenCL device");
        session.uses_slabs = true;
        session.pool.borrow_mut().clear();
        *session.slab.borrow_mut() = None;
        let slab_of = |session: &Session| session.slab.borrow().as_ref().map(|slab| (slab.buffer.get(), slab.bytes));
        let mut a = session.alloc::<i64>(1000).expect("allocates");
        let (first, first_bytes) = slab_of(&session).expect("a slab was made");
        assert_eq!(first_bytes, MIN_SLAB_BYTES);
        let mut b = session.alloc::<u8>(5).expect("allocates");
        let mut c = session.alloc::<f64>(3000).expect("allocates");
        assert_eq!(slab_of(&session).map(|s| s.0), Some(first), "the same slab");
        let a_values: Vec<i64> = (0..1000).map(|i| i * 7 - 3).collect();
        let c_values: Vec<f64> = (0..3000).map(|i| f64::from(i) * 0.5).collect();
        session.write(&mut a, &a_values).expect("writes");
        session.write(&mut b, &[1, 2, 3, 4, 5]).expect("writes");
        session.write(&mut c, &c_values).expect("writes");
        session.fill(&mut b, 9).expect("fills");
        assert_eq!(session.read(&a).expect("reads"), a_values);
        assert_eq!(session.read(&b).expect("reads"), vec![9; 5]);
        assert_eq!(session.read(&c).expect("reads"), c_values);
        // A released chunk comes back from the pool for its class.
        let a_mem = a.mem();
        drop(a);
        let again = session.alloc::<f64>(1024).expect("allocates");
        assert_eq!(again.mem(), a_mem);
        // Chunks until one does not fit in what is left: a new slab, twice
        // the last.
        let mut chunks = Vec::new();
        while slab_of(&session).map(|s| s.0) == Some(first) {
            chunks.push(session.alloc::<u8>(400 << 10).expect("allocates"));
            assert!(chunks.len() <= MIN_SLAB_BYTES / (400 << 10) + 1);
        }
        assert_eq!(chunks.len(), MIN_SLAB_BYTES / (448 << 10) + 1, "chunks of 448 KiB filled the slab");
        let (second, second_bytes) = slab_of(&session).expect("a slab");
        assert_eq!(second_bytes, 2 * MIN_SLAB_BYTES);
        let last = chunks.last_mut().expect("a chunk");
        session.fill(last, 3).expect("fills");
        assert_eq!(session.read(last).expect("reads"), vec![3; 400 << 10]);
        // The first slab's chunks live on, values intact.
        assert_eq!(session.read(&c).expect("reads"), c_values);
        // Too large to carve: a buffer of its own, the slab unchanged.
        // (A device whose largest allocation is 64 MiB.)
        session.limits.max_alloc_bytes = session.limits.max_alloc_bytes.min(64 << 20);
        let largest = session.limits.max_alloc_bytes as usize;
        let alone = session.alloc::<u8>(largest / SLAB_CHUNKS + 1).expect("allocates");
        assert_eq!(slab_of(&session).map(|s| s.0), Some(second));
        drop(alone);
        // Beyond the device: out of memory, naming the bytes asked for.
        let elements = (session.limits.max_alloc_bytes / 8 + 1) as usize;
        match session.alloc::<i64>(elements) {
            Err(ClError::Environment(EnvironmentError::OutOfMemory { bytes, .. })) => {
                assert_eq!(bytes, elements as u64 * 8)
            }
            other => panic!("expected out of memory, got {other:?}"),
        }
        // Out of memory drops the current slab; its chunks live on.
        assert_eq!(slab_of(&session), None);
        assert_eq!(session.read(&c).expect("reads"), c_values);
        assert_eq!(session.read(&chunks[chunks.len() - 1]).expect("reads"), vec![3; 400 << 10]);
        // Slabs off: a buffer of its own, no slab made.
        session.uses_slabs = false;
        let own = session.alloc::<i64>(12345).expect("allocates");
        assert_eq!(slab_of(&session), None);
        drop(own);
    }

    /// Note [read slots]: words read back from slots come back in one read
    /// with the error flag, and a batch with a buffer that is no slot, or
    /// an arena with every slot taken, falls back to the packed read.
    #[test]
    fn words_in_read_slots_are_read_in_one_read() {
        let mut session = Session::open(std::env::var("NESSIE_DEVICE").ok().as_deref()).expect("an OpenCL device");
        if session.slots.is_none() {
            return;
        }
        let mut a = session.alloc_read_slot::<i64>(1).expect("allocates");
        let mut b = session.alloc_read_slot::<i32>(2).expect("allocates");
        let mut c = session.alloc_read_slot::<f64>(1).expect("allocates");
        let slots = session.slots.clone().expect("slots");
        assert_eq!([a.slot_of(&slots), b.slot_of(&slots), c.slot_of(&slots)], [Some(1), Some(2), Some(3)]);
        session.write(&mut a, &[-7]).expect("writes");
        session.write(&mut b, &[11, 12]).expect("writes");
        session.write(&mut c, &[2.5]).expect("writes");
        let reads = [ElementRead::I64(&a, 0), ElementRead::I32(&b, 1), ElementRead::F64(&c, 0)];
        let before = session.profiler.stats();
        let (values, fault) = session.read_elements_checked(&reads).expect("reads");
        assert_eq!(values, vec![ElementValue::I64(-7), ElementValue::I32(12), ElementValue::F64(2.5)]);
        assert_eq!(fault, None);
        let after = session.profiler.stats();
        let commands = |stats: &Stats, kind: CommandKind| {
            stats.groups.iter().filter(|g| g.kind == kind).map(|g| g.launches).sum::<u64>()
        };
        assert_eq!(commands(&after, CommandKind::Read) - commands(&before, CommandKind::Read), 1);
        assert_eq!(commands(&after, CommandKind::Copy), commands(&before, CommandKind::Copy), "no copy");
        // A buffer that is no slot: the packed read, same values.
        let other = session.upload(&[5i64]).expect("uploads");
        let values = session.read_elements(&[ElementRead::I64(&a, 0), ElementRead::I64(&other, 0)]).expect("reads");
        assert_eq!(values, vec![ElementValue::I64(-7), ElementValue::I64(5)]);
        // Every slot taken: the next one is an ordinary buffer.
        let taken: Vec<DeviceBuffer<u8>> =
            (4..READ_SLOTS).map(|_| session.alloc_read_slot(1).expect("allocates")).collect();
        assert!(taken.iter().all(|buffer| buffer.slot_of(&slots).is_some()));
        let spare = session.alloc_read_slot::<i64>(1).expect("allocates");
        assert_eq!(spare.slot_of(&slots), None);
        drop(taken);
        drop(b);
        let reused = session.alloc_read_slot::<i64>(1).expect("allocates");
        assert_eq!(reused.slot_of(&slots), Some(2), "the lowest free slot");
    }
}
