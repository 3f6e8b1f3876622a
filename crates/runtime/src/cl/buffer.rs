//! Typed device buffers.
//!
//! A [`DeviceBuffer<T>`] is one OpenCL buffer object holding elements of a
//! plain scalar type: the NESL types `int` (`i64`, OpenCL `long`), `float`
//! (`f64`, `double`) and `bool`/`char` (`u8`, `uchar`), plus `i32`/`u32`
//! for the executor's own scratch data (flags, counters). A raw byte buffer
//! is a `DeviceBuffer<u8>` ([`ByteBuffer`]).
//!
//! Invariants, owned by the type:
//! - `len` is the logical number of elements, and may be zero; the OpenCL
//!   allocation holds at least `max(len, 1)` elements, because OpenCL
//!   forbids buffers of zero bytes: a session rounds its allocations up to
//!   a size class ([`size_class_bytes`], note [buffer pool]). Reads, writes,
//!   fills and copies only ever touch the first `len` elements.
//! - The buffer is released when the value is dropped (RAII). OpenCL keeps
//!   the memory alive until commands already enqueued on it have finished,
//!   so dropping a buffer right after a launch that uses it is safe.
//! - A buffer a session allocated goes back to that session's
//!   `BufferPool` when dropped (while the session lives), and the
//!   session's next allocation of the same size class (of any element
//!   type) takes it from there instead of creating one. The session's queue is in
//!   order, so commands that use the new owner run after those of the old.
//!   See note [buffer pool].
//!
//! - Every buffer alive on a thread counts towards that thread's
//!   [`buffer_memory`]: the bytes allocated now and the most allocated at
//!   once since [`reset_peak_buffer_memory`] (`--stats` prints the peak).
//!   Sessions are not `Send`, so a thread's buffers are its sessions'.
//!
//! Buffers are created, written and read through the [`Session`] that owns
//! the context (`Session::alloc`, `upload`, `write`, `read`, `fill`,
//! `copy`); this file holds the type and the element-type descriptions.
//!
//! [`Session`]: super::Session

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::{Rc, Weak};

use opencl3::memory::{Buffer, ClMem};
use opencl3::types::cl_mem;

use super::quick_hash::QuickMap;

// Note [buffer pool]
// ~~~~~~~~~~~~~~~~~~
// A program that runs a kernel in a loop (a recursion, a benchmark's
// repetitions) allocates buffers of the same sizes again and again, and
// `free-dead-buffers` releases each as soon as it is dead. On the H100,
// releasing and creating 512 MB buffers between runs made the kernels of
// norm2 (2^26 floats) 13 % slower (0.875 against 0.776 ms a run, measured
// in one device call with and without the frees): the driver's work on
// released memory competes with the kernels. The session keeps released
// buffers (at most `POOL_BUFFERS` of them and a quarter of the device's
// memory, the oldest released first) and hands one back for an allocation
// of its size class; an allocation that fails empties the pool and tries
// again (then at the exact size, if the class was larger). Pooled buffers
// are not counted in `buffer_memory`'s live bytes (they hold no value of
// the program), but its `peak_held_bytes` counts them: what the process
// held on the device.
//
// Size classes: a recursion's levels ask for sizes that differ a little
// from level to level (quicksort's elements shrink as segments finish, its
// instances double), so a pool of exact sizes never hit there: every
// level created its ~60 buffers and released the previous level's, and on
// NVIDIA a release waits for the device, so the host could not run ahead
// of the kernels. Allocations are rounded up to eight classes per octave
// (at most 1/8 more bytes, 1/16 on average; 256 bytes at least), and the
// class is counted in bytes, not elements, so an `int` buffer's memory
// serves a `float` or `bool` one of the same class. Measured on the H100
// in one device call against the exact-size pool (quicksort of int64, the
// program's `time` less its kernels' device time, i.e. the time the GPU
// waited for the host): 10^7 214 ms -> 120 to 169 ms, 10^8 546 ms -> 241
// to 301 ms (two runs each). The classes cost live memory: quicksort's
// peak 642 -> 678 MB at 10^7 and 6286 -> 6663 MB at 10^8 (+6 %); with
// the pool's released buffers 25.6 -> 27.6 GB held at 10^8.
//
// Releases wait: evicting a buffer from the pool released it in the
// driver at once, and NVIDIA's release waits for the device (a release is
// a host wait that `--stats` did not count). With 256 buffers at most,
// quicksort's stale size classes (its instance arrays double each level)
// were evicted all along: on the H100 at 10^7, 1360 releases took 103 to
// 120 ms of the program's 294 to 354 ms (`NESSIE_HOST_PROFILE`), about
// the whole time the GPU waited for the host beyond the 315 counted
// waits; at 10^8 1599 releases took 1.0 s. So the pool now keeps up to
// `POOL_BUFFERS` = 4096 buffers (the bytes limit is what bounds its
// memory; small buffers cost little), and an evicted buffer is not
// released at once but at the session's next blocking call
// ([`BufferPool::take_evicted`]), where the host waits for the device
// anyway, unless `EVICTED_BUFFERS` are waiting already. On PoCL at 10^5
// the releases fell from 527 to none, the memory held by the pool stayed
// the same (49.8 MB). On the H100, in one device call against main's
// binary (recursion.py, the program's `time`): quicksort 10^6 129.5 ->
// 99.7 ms, 10^7 305.9 -> 263.0 ms (250 to 279 ms in two more runs, main
// 307 to 313 ms), 10^8 1941 -> 1865 ms, quickhull 10^7 62.0 -> 53.1 ms;
// no release left at 10^7, live peaks unchanged (65 / 647 / 6354 MiB),
// held 4906 -> 5086 MB at 10^7 (+3.7 %).
//
// A larger class may serve (`NESSIE_POOL_FIT=k`: the own class or one of
// the next k): quicksort's instance arrays double from level to level, so
// their classes are new at each level and miss. On PoCL at 10^6, of 2944
// allocations 916 missed with k = 0, 780 with k = 1 and 729 with k = 2,
// for a live peak of 68.2, 72.0 and 73.3 MB (+5.6 %, +7.5 %); held
// memory fell from 568 to 375 and 296 MB. A miss costs a buffer creation,
// and on NVIDIA, which allocates at a buffer's first use, also part of
// the first command that uses it. On the H200 at 10^7 (quicksort, no
// device times) k = 2 took misses 1194 -> 946 and launch enqueues 34.2
// -> 31.1 ms, `time` 200 -> 197 ms, but the live peak 647 -> 729 MiB
// (+12.7 %, over the 10 % that memory may grow): k stays 0 by default.
// Small classes are different: a buffer of at most `SMALL_FIT_BYTES` (16
// KiB) that finds none of its class takes one of up to twice its class
// (`SMALL_FIT_CLASSES`), wasting at most 16 KiB a buffer, while a miss
// costs a new `cl_mem`, its creation (5.1 us on the H200 at 10^7, 1046
// creations in 5.4 ms) and its first launch (14.4 against 9.5 us for the
// others). On PoCL, quicksort (`NESSIE_HOST_PROFILE`): 10^5 605 -> 518
// creations, live peak 6.42 -> 6.67 MB (+3.8 %); 10^6 814 -> 732, peak
// 62.58 -> 62.70 MB (+0.2 %); 10^7 1046 -> 949, first-use launches 419
// -> 393 and fills 71 -> 42, peak unchanged (627.2 MB); quickhull 10^6
// 134 -> 117 creations: at 10^7 on the H200 about 0.8 ms of the host's
// 52 ms, under the run-to-run spread, so not measured there. With
// 64 KiB the creations fell further (10^6: 700) but the peak at 10^5 grew
// 15.7 %; with 4 KiB 10^6 made 755.
//
// First uses: NVIDIA's OpenCL allocates a buffer's memory at the first
// command that uses it and charges that command's enqueue. On the H100
// (`examples/enqueue_costs.rs`) a launch that is the first use of a new
// buffer of 1 to 128 MiB took 59 to 72 us to enqueue, its second use 6 us
// (4 KiB: 9 against 6 us); a fill as first use 53 to 74 us. Quicksort's
// misses are structural: each level's frame keeps about a dozen buffers
// alive across its recursive call, so on the way down no released buffer
// of their class exists. At 10^7 the 374 launches that were a buffer's
// first use took 26.9 to 32.0 ms of the 34.5 to 41.4 ms of launch
// enqueues (the host profile's row `launch enqueues with a buffer's first
// use`, two device calls), with the GPU idle behind them after each
// level's read. Carving the misses out of slabs (sub-buffers of buffers of
// 1 to 64 MiB that earlier chunks had used, but no command directly) took
// the misses from 1182 to 135 (76 with 256 MiB slabs) but not the cost:
// the 374 first uses still took 26.9 (27.8) ms. A sub-buffer of a buffer
// that a command has used is cheap at its first use, though: see note
// [slabs], which carves the misses out of slabs touched at creation.

// Note [slabs]
// ~~~~~~~~~~~~~~
// What a first use costs, on the H100 (`examples/first_use.rs`, host
// wall time per enqueue, no events): a launch that is the first command
// on a new buffer of 1, 8 or 64 MiB took 55, 56 and 47 us to enqueue,
// then 4 to 6 us as its second use, by the same kernel or another (64 KiB:
// 12 against 5.5 us). The cost is the buffer's, not the command's: a
// one-byte fill, an 8-byte write or a `clEnqueueMigrateMemObjects` as the
// first command took 42 to 68 us themselves and the launch after them 4 to
// 6 us, so touching every new buffer only moves the cost (quicksort 10^7:
// 1184 one-byte fills at creation took 28.9 ms, against 28.3 ms for the
// 389 first launches and 85 first fills they replaced). One migrate of 4
// or 16 new buffers cost 33 to 57 us a buffer: no batching. Behind a busy
// device the same (50 us a first launch). A sub-buffer
// (`clCreateSubBuffer`) pays it too if no command has used its parent
// directly (71 us at its first launch, 8 MiB regions of a new 256 MiB
// buffer), as the earlier slabs of note [buffer pool] did; but a
// sub-buffer of a buffer that a command has used costs 1.4 to 2.6 us to
// create and 4.4 to 6.8 us at its first launch, the same as a second use,
// even when that command is a one-byte fill the busy device has not run
// yet (the fill itself: 223 us for 256 MiB). The driver allocates the
// parent at its first use, and a region of it needs nothing more.
//
// So a pool miss carves its buffer out of the session's current slab, a
// buffer that a one-byte fill touched when it was created (the one first
// use that is paid, once per slab): a sub-buffer of the size class at
// the next multiple of the device's base address alignment. A chunk is an
// ordinary buffer of its class from then on: it goes back to the pool and
// serves the class again, and the slab lives on (OpenCL keeps a buffer
// while a sub-buffer of it lives) when the session has moved to the next.
// A slab is at least `SLAB_CHUNKS` times the class that asked for it and
// twice the last, from `MIN_SLAB_BYTES` to `MAX_SLAB_BYTES` (and the
// device's largest allocation); a larger class is a buffer of its own. A
// slab's bytes not carved count as pooled (held, never live) for as long
// as the session lives: what a slab frees when its chunks are released is
// not tracked. A slab the driver cannot allocate (its touch fails) is not
// made, and the allocation takes the ordinary path: out of memory there
// is still exit 4 with the size asked for (and the session drops its
// current slab, so that its tail goes with its last chunk).
// `NESSIE_SLABS=0` turns slabs off.
//
// Measured on the H100 in one device call against main's binary (645e6a3)
// and `NESSIE_SLABS=0`: quicksort 10^7 (`NESSIE_HOST_PROFILE=1
// NESSIE_DEVICE_TIMES=0`) makes 4 slabs (1.1 to 1.4 ms of touches); the
// 389 launches that are a buffer's first use took 5.4 and 6.7 ms instead
// of 33.8 (main 32.1), fills' first uses 0.8 instead of 1.4 ms, the host
// program 60.7 and 69.2 ms instead of 94.1 (main 90.4). By `time` without
// `--stats` (recursion.py, medians of three runs): quicksort 10^6 32.75
// ms (main 43.65), 10^7 61.16 ms (main 78.96), 10^8 321.85 ms (main
// 425.85), quickhull 10^7 8.78 ms (main 15.33, whose runs spread from
// 14.1 to 41.7 ms). Live peaks unchanged (71 / 715 / 7030 MiB); held
// memory at 10^7 5.9 -> 9.0 GB (4 slabs, doubling).

/// The least bytes of a slab (note \[slabs\]).
pub const MIN_SLAB_BYTES: usize = 4 << 20;

/// The most bytes of a slab (note \[slabs\]), unless the device's largest
/// allocation is less.
pub const MAX_SLAB_BYTES: usize = 4 << 30;

/// A slab holds at least this many chunks of the class that made it; a
/// class too large for that in the largest slab is a buffer of its own
/// (note \[slabs\]).
pub const SLAB_CHUNKS: usize = 8;

/// The slab a session carves its pool misses from (note [slabs]).
#[derive(Debug)]
pub(crate) struct Slab {
    pub(crate) buffer: Buffer<u8>,
    /// The bytes carved so far, from the start (alignment gaps included).
    pub(crate) carved: usize,
    /// The slab's size in bytes.
    pub(crate) bytes: usize,
}

impl Slab {
    /// The bytes of a new slab for a chunk of `class` bytes after a slab of
    /// `last` bytes (0: none yet), at most `largest` (`None`: the class
    /// is too large to carve).
    pub(crate) fn bytes_for(class: usize, last: usize, largest: usize) -> Option<usize> {
        let largest = largest.min(MAX_SLAB_BYTES);
        if class.checked_mul(SLAB_CHUNKS)? > largest {
            return None;
        }
        Some((2 * last).max(SLAB_CHUNKS * class).clamp(MIN_SLAB_BYTES.min(largest), largest))
    }

    /// Where a chunk of `class` bytes would start, at a multiple of
    /// `align`, if it fits.
    pub(crate) fn origin_for(&self, class: usize, align: usize) -> Option<usize> {
        chunk_origin(self.carved, self.bytes, class, align)
    }
}

/// Where a chunk of `class` bytes starts in a slab of `bytes` of which
/// `carved` are taken: the next multiple of `align`, if the chunk fits.
pub(crate) fn chunk_origin(carved: usize, bytes: usize, class: usize, align: usize) -> Option<usize> {
    let origin = carved.checked_next_multiple_of(align.max(1))?;
    (origin.checked_add(class)? <= bytes).then_some(origin)
}

/// Counts a new slab of `bytes` as held (pooled).
pub(crate) fn note_slab_created(bytes: u64) {
    count_pool_memory(bytes, 0);
}

/// Counts a chunk of `bytes` carved from a slab as no longer pooled (its
/// buffer then counts as live).
pub(crate) fn note_slab_carved(bytes: u64) {
    count_pool_memory(0, bytes);
}

/// How many size classes above its own an allocation may take a pooled
/// buffer from, by default (note [buffer pool]; `NESSIE_POOL_FIT`).
pub const POOL_LARGER_CLASSES: usize = 0;

/// A size class of at most this many bytes may take a pooled buffer of one
/// of the next [`SMALL_FIT_CLASSES`] when its own has none (note [buffer
/// pool]).
pub const SMALL_FIT_BYTES: usize = 16 << 10;

/// How many classes above its own a small class may take a pooled buffer
/// from: one octave, twice its bytes at most.
pub const SMALL_FIT_CLASSES: usize = 8;

/// The most buffers a session's pool keeps.
pub const POOL_BUFFERS: usize = 4096;

/// The most evicted buffers that wait for the session's next blocking
/// call to be released (note [buffer pool]); more are released at once.
pub const EVICTED_BUFFERS: usize = 1024;

/// The smallest allocation, in bytes (note [buffer pool]).
pub const MIN_CLASS_BYTES: usize = 256;

/// The bytes a session allocates for a buffer of `bytes` bytes: `bytes`
/// rounded up to one of eight classes per octave, at least
/// [`MIN_CLASS_BYTES`] (note [buffer pool]). `None` on overflow.
pub fn size_class_bytes(bytes: usize) -> Option<usize> {
    if bytes <= MIN_CLASS_BYTES {
        return Some(MIN_CLASS_BYTES);
    }
    // The octave of `bytes - 1` is [2^k, 2^(k+1)); its classes step by 2^(k-3).
    let k = usize::BITS - 1 - (bytes - 1).leading_zeros();
    let step = 1usize << (k - 3);
    bytes.checked_next_multiple_of(step)
}

/// Released buffers of a session, for its next allocations (see note
/// [buffer pool]), each with its size in bytes. Owns one OpenCL reference
/// to each.
#[derive(Debug, Default)]
pub(crate) struct BufferPool {
    /// The pooled buffers of each size class (in bytes), each with the
    /// number of its `put`, oldest first.
    free: QuickMap<usize, VecDeque<(u64, cl_mem)>>,
    /// How many buffers `free` holds.
    count: usize,
    /// How many buffers were ever put (the next one's number).
    puts: u64,
    bytes: u64,
    pub(crate) limit_bytes: u64,
    /// Buffers evicted from `free`, not yet released, with their bytes
    /// (see note [buffer pool]): the pool owns one reference to each.
    pub(crate) evicted: Vec<(usize, cl_mem)>,
}

impl BufferPool {
    pub(crate) fn new(limit_bytes: u64) -> Rc<RefCell<BufferPool>> {
        let mut pool = BufferPool::default();
        pool.limit_bytes = limit_bytes;
        Rc::new(RefCell::new(pool))
    }

    /// A pooled buffer of exactly `bytes` bytes, the one put last, its
    /// reference now the caller's.
    pub(crate) fn take(&mut self, bytes: usize) -> Option<cl_mem> {
        let class = self.free.get_mut(&bytes)?;
        let (_, mem) = class.pop_back()?;
        if class.is_empty() {
            self.free.remove(&bytes);
        }
        self.count -= 1;
        self.bytes -= bytes as u64;
        count_pool_memory(0, bytes as u64);
        Some(mem)
    }

    /// Keeps `mem` of `bytes` bytes (whose reference the pool takes over),
    /// evicting the oldest buffers beyond the limits.
    fn put(&mut self, bytes: usize, mem: cl_mem) {
        self.free.entry(bytes).or_default().push_back((self.puts, mem));
        self.puts += 1;
        self.count += 1;
        self.bytes += bytes as u64;
        count_pool_memory(bytes as u64, 0);
        while self.count > POOL_BUFFERS || (self.bytes > self.limit_bytes && self.count > 0) {
            let Some(oldest) = self.free.iter().min_by_key(|(_, class)| class.front().map_or(u64::MAX, |b| b.0)) else {
                break;
            };
            let class_bytes = *oldest.0;
            let Some((_, old)) = self.free.get_mut(&class_bytes).and_then(VecDeque::pop_front) else { break };
            if self.free.get(&class_bytes).is_some_and(VecDeque::is_empty) {
                self.free.remove(&class_bytes);
            }
            self.count -= 1;
            self.bytes -= class_bytes as u64;
            if self.evicted.len() >= EVICTED_BUFFERS {
                count_pool_memory(0, class_bytes as u64);
                release(old);
            } else {
                // Still held (and counted as pooled) until released.
                self.evicted.push((class_bytes, old));
            }
        }
    }

    /// Whether the pool holds no buffer, pooled or evicted.
    pub(crate) fn is_empty(&self) -> bool {
        self.count == 0 && self.evicted.is_empty()
    }

    /// The evicted buffers, for the session to release before its next
    /// blocking call (each release may wait for the device).
    pub(crate) fn take_evicted(&mut self) -> Vec<cl_mem> {
        let bytes: usize = self.evicted.iter().map(|(bytes, _)| bytes).sum();
        count_pool_memory(0, bytes as u64);
        self.evicted.drain(..).map(|(_, mem)| mem).collect()
    }

    /// Releases every pooled and evicted buffer.
    pub(crate) fn clear(&mut self) {
        for (_, class) in self.free.drain() {
            for (_, mem) in class {
                release(mem);
            }
        }
        for mem in self.take_evicted() {
            release(mem);
        }
        count_pool_memory(0, self.bytes);
        self.bytes = 0;
        self.count = 0;
    }
}

impl Drop for BufferPool {
    fn drop(&mut self) {
        self.clear();
    }
}

// Note [read slots]
// ~~~~~~~~~~~~~~~~~~~
// A recursion level reads its counts and totals back four times, and each
// packed read (note [packed reads] in `session.rs`) copied every word into
// the staging buffer before the one read: on the H100 at 10^7, quicksort's
// 248 reads took 782 copies, 13 a level, each a command for the host to
// enqueue (14 us) and for the device to run (5 us) while the host waits.
// (The other commands of a level: 17 launches and 9 fills, the zeros of
// the look-back status of each scan and filter.)
// So the words that are read back live where one read finds them: the
// session keeps one small arena of `READ_SLOTS` slots, each a sub-buffer
// (`clCreateSubBuffer`) at a multiple of the device's base address
// alignment, made once; slot 0 is the error flag. A buffer a launch plan
// reads back (a size's `ReadBack`, a scalar result) that fits a slot is
// allocated as a free slot ([`Session::alloc_read_slot`]), lowest first;
// a batch of reads whose buffers are all slots is one blocking read of the
// arena's bytes from the lowest word to the highest, flag included, with no
// copy. OpenCL leaves concurrent use of a buffer and its sub-buffers
// undefined; the session's queue is in order, so the read runs after the
// kernels that wrote the slots have finished. A slot is handed back when
// its buffer drops; with every slot taken, a buffer comes from the pool
// and its reads take the packed path. On the H100, quicksort 10^7
// (`NESSIE_HOST_PROFILE=1 NESSIE_DEVICE_TIMES=0`): device copies 782 -> 97
// (the rest copy out shrunk results), copy enqueues 11.2 -> 3.3 ms, the
// copies' device time 4.1 -> 0.9 ms; 248 reads either way, of 226 KB in
// all instead of 12 KB. `NESSIE_READ_SLOTS=0` turns the slots off.
//
// [`Session::alloc_read_slot`]: super::Session::alloc_read_slot

/// How many slots a session's read arena has (note [read slots]); slot 0
/// is the error flag.
pub const READ_SLOTS: usize = 64;

/// A session's read arena (note [read slots]): the sub-buffer of each slot,
/// whose references it owns, and which slots are taken.
#[derive(Debug)]
pub(crate) struct ReadSlots {
    /// The arena itself: `READ_SLOTS × slot_bytes` bytes.
    pub(crate) arena: opencl3::memory::Buffer<u8>,
    /// The bytes of a slot: the device's base address alignment, at least
    /// the error flag's bytes.
    pub(crate) slot_bytes: usize,
    subs: Vec<cl_mem>,
    /// Bit `k` is set while slot `k` is handed out.
    taken: u64,
}

impl ReadSlots {
    /// The arena `arena` of `READ_SLOTS` slots of `slot_bytes` bytes, with
    /// the sub-buffer of each slot made now (`None` if the driver makes
    /// none: the session then reads through copies).
    pub(crate) fn new(arena: opencl3::memory::Buffer<u8>, slot_bytes: usize) -> Option<ReadSlots> {
        let mut slots = ReadSlots { arena, slot_bytes, subs: Vec::with_capacity(READ_SLOTS), taken: 0 };
        for slot in 0..READ_SLOTS {
            // SAFETY: the region lies inside the arena, and its origin is a
            // multiple of the base address alignment (the caller's
            // `slot_bytes`).
            let sub = unsafe {
                slots.arena.create_sub_buffer(opencl3::memory::CL_MEM_READ_WRITE, slot * slot_bytes, slot_bytes)
            };
            // A failure drops the sub-buffers made so far with `slots`.
            let sub = sub.ok()?;
            let mem = sub.get();
            std::mem::forget(sub);
            slots.subs.push(mem);
        }
        Some(slots)
    }

    /// The lowest free slot, now taken, and its sub-buffer with a new
    /// reference for the caller.
    pub(crate) fn take(&mut self) -> Option<(usize, cl_mem)> {
        let slot = (!self.taken).trailing_zeros() as usize;
        let mem = *self.subs.get(slot)?;
        // SAFETY: the arena owns a reference to `mem`, so it is valid.
        unsafe { opencl3::memory::retain_mem_object(mem) }.ok()?;
        self.taken |= 1 << slot;
        Some((slot, mem))
    }

    fn give_back(&mut self, slot: usize) {
        self.taken &= !(1u64 << slot);
    }
}

impl Drop for ReadSlots {
    fn drop(&mut self) {
        for mem in self.subs.drain(..) {
            release(mem);
        }
    }
}

pub(crate) fn release(mem: cl_mem) {
    note_release();
    // SAFETY: the pool owns one reference to `mem`; a failure leaves
    // nothing to do.
    let _ = super::host_time::timed(super::host_time::HostActivity::BufferRelease, || unsafe {
        opencl3::memory::release_mem_object(mem)
    });
}

thread_local! {
    /// Buffers of this thread released (or about to be) in the driver.
    static RELEASES: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many buffers this thread has released in the driver, or is about
/// to: a buffer handle remembered as a kernel argument stays valid only
/// while this count is unchanged (note [cheap launches] in `launch.rs`).
pub(crate) fn release_count() -> u64 {
    RELEASES.with(std::cell::Cell::get)
}

fn note_release() {
    RELEASES.with(|count| count.set(count.get() + 1));
}

/// Device memory held by the buffers of the current thread, in bytes.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct BufferMemory {
    /// Allocated now.
    pub live_bytes: u64,
    /// The most allocated at once since the last reset.
    pub peak_bytes: u64,
    /// Released buffers kept by a session's pool now (note [buffer pool]).
    pub pooled_bytes: u64,
    /// The most held at once, allocated and pooled, since the last reset.
    pub peak_held_bytes: u64,
}

thread_local! {
    static BUFFER_MEMORY: Cell<BufferMemory> = const {
        Cell::new(BufferMemory { live_bytes: 0, peak_bytes: 0, pooled_bytes: 0, peak_held_bytes: 0 })
    };
}

/// The device memory the current thread's buffers hold.
pub fn buffer_memory() -> BufferMemory {
    BUFFER_MEMORY.with(Cell::get)
}

/// Starts a new peak: the peak becomes what is live now.
pub fn reset_peak_buffer_memory() {
    BUFFER_MEMORY.with(|m| {
        let now = m.get();
        m.set(BufferMemory { peak_bytes: now.live_bytes, peak_held_bytes: now.live_bytes + now.pooled_bytes, ..now })
    });
}

fn count_buffer_memory(allocated: u64, released: u64) {
    BUFFER_MEMORY.with(|m| {
        let before = m.get();
        let live_bytes = (before.live_bytes + allocated).saturating_sub(released);
        m.set(BufferMemory {
            live_bytes,
            peak_bytes: before.peak_bytes.max(live_bytes),
            peak_held_bytes: before.peak_held_bytes.max(live_bytes + before.pooled_bytes),
            ..before
        });
    });
}

fn count_pool_memory(added: u64, removed: u64) {
    BUFFER_MEMORY.with(|m| {
        let before = m.get();
        let pooled_bytes = (before.pooled_bytes + added).saturating_sub(removed);
        m.set(BufferMemory {
            pooled_bytes,
            peak_held_bytes: before.peak_held_bytes.max(before.live_bytes + pooled_bytes),
            ..before
        });
    });
}

/// The scalar types a device buffer can hold, with their OpenCL C names.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ElementType {
    /// NESL `int`: OpenCL `long`.
    I64,
    /// NESL `float`: OpenCL `double`.
    F64,
    /// NESL `bool` and `char`, and raw bytes: OpenCL `uchar`.
    U8,
    /// OpenCL `int` (executor scratch: flags, counters, offsets).
    I32,
    /// OpenCL `uint`.
    U32,
}

impl ElementType {
    /// The OpenCL C name of the scalar type.
    pub fn opencl_name(self) -> &'static str {
        match self {
            ElementType::I64 => "long",
            ElementType::F64 => "double",
            ElementType::U8 => "uchar",
            ElementType::I32 => "int",
            ElementType::U32 => "uint",
        }
    }

    /// Bytes per element.
    pub fn size_in_bytes(self) -> usize {
        match self {
            ElementType::I64 | ElementType::F64 => 8,
            ElementType::U8 => 1,
            ElementType::I32 | ElementType::U32 => 4,
        }
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for i64 {}
    impl Sealed for f64 {}
    impl Sealed for u8 {}
    impl Sealed for i32 {}
    impl Sealed for u32 {}
}

/// A Rust type that can live in a device buffer. Sealed: only the types of
/// [`ElementType`], all plain data for which every bit pattern is a value,
/// so reading device memory into them is always sound.
pub trait Element: Copy + Default + PartialEq + std::fmt::Debug + sealed::Sealed + 'static {
    const TYPE: ElementType;
}

impl Element for i64 {
    const TYPE: ElementType = ElementType::I64;
}
impl Element for f64 {
    const TYPE: ElementType = ElementType::F64;
}
impl Element for u8 {
    const TYPE: ElementType = ElementType::U8;
}
impl Element for i32 {
    const TYPE: ElementType = ElementType::I32;
}
impl Element for u32 {
    const TYPE: ElementType = ElementType::U32;
}

/// A buffer of `len` elements of `T` on the session's device.
#[derive(Debug)]
pub struct DeviceBuffer<T: Element> {
    /// The OpenCL allocation: `max(len, 1)` elements.
    pub(crate) raw: Buffer<T>,
    /// The logical length; may be zero.
    len: usize,
    /// The bytes of the OpenCL allocation (at least `max(len, 1)`
    /// elements' worth).
    allocated_bytes: usize,
    /// Where the memory goes when the buffer is dropped.
    home: Home,
    /// Whether no command has used the OpenCL allocation yet: a buffer the
    /// driver just created (a pool miss), which NVIDIA allocates at its
    /// first use (note [buffer pool]); the host profile counts first uses
    /// apart.
    pub(crate) is_unused: Cell<bool>,
}

/// Where a [`DeviceBuffer`]'s memory goes back to when it is dropped.
#[derive(Debug, Clone)]
pub(crate) enum Home {
    /// The pool of the session that allocated it, if that still lives
    /// (note [buffer pool]).
    Pool(Weak<RefCell<BufferPool>>),
    /// Slot `.1` of a session's read slots (note [read slots]).
    Slot(Weak<RefCell<ReadSlots>>, usize),
}

/// A buffer of raw bytes.
pub type ByteBuffer = DeviceBuffer<u8>;

impl<T: Element> DeviceBuffer<T> {
    /// Wraps an allocation of `allocated_bytes` bytes, which must hold at
    /// least `max(len, 1)` elements.
    pub(crate) fn from_raw(raw: Buffer<T>, len: usize, allocated_bytes: usize, home: Home) -> DeviceBuffer<T> {
        debug_assert!(allocated_bytes >= allocated_elements(len) * std::mem::size_of::<T>());
        count_buffer_memory(allocated_bytes as u64, 0);
        DeviceBuffer { raw, len, allocated_bytes, home, is_unused: Cell::new(false) }
    }

    /// The read slot this buffer is, if it is one of `slots` (note [read
    /// slots]).
    pub(crate) fn slot_of(&self, slots: &Rc<RefCell<ReadSlots>>) -> Option<usize> {
        match &self.home {
            Home::Slot(home, slot) if std::ptr::eq(home.as_ptr(), Rc::as_ptr(slots)) => Some(*slot),
            _ => None,
        }
    }

    /// The logical number of elements.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The logical size in bytes (`len × size_of::<T>()`).
    pub fn size_in_bytes(&self) -> usize {
        self.len * std::mem::size_of::<T>()
    }

    pub fn element_type(&self) -> ElementType {
        T::TYPE
    }

    /// The OpenCL handle, for setting kernel arguments.
    pub(crate) fn mem(&self) -> cl_mem {
        self.raw.get()
    }
}

impl<T: Element> Drop for DeviceBuffer<T> {
    fn drop(&mut self) {
        // `raw` releases the OpenCL object when it drops, after this; the
        // pool keeps a reference of its own.
        count_buffer_memory(0, self.allocated_bytes as u64);
        let mut is_pooled = false;
        match &self.home {
            Home::Pool(pool) => {
                if let Some(pool) = pool.upgrade() {
                    let mem = self.raw.get();
                    // SAFETY: `mem` is a valid buffer object until `raw` drops.
                    if unsafe { opencl3::memory::retain_mem_object(mem) }.is_ok() {
                        pool.borrow_mut().put(self.allocated_bytes, mem);
                        is_pooled = true;
                    }
                }
            }
            Home::Slot(slots, slot) => {
                // The slots keep their own reference to the sub-buffer:
                // `raw` releases the one this buffer was handed.
                if let Some(slots) = slots.upgrade() {
                    slots.borrow_mut().give_back(*slot);
                    is_pooled = true;
                }
            }
        }
        if !is_pooled {
            // `raw` releases the last reference.
            note_release();
        }
    }
}

/// The number of elements actually allocated for a logical length: OpenCL
/// buffers cannot be empty.
pub(crate) fn allocated_elements(len: usize) -> usize {
    len.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn element_types_name_their_opencl_scalar_and_size() {
        assert_eq!(i64::TYPE.opencl_name(), "long");
        assert_eq!(f64::TYPE.opencl_name(), "double");
        assert_eq!(u8::TYPE.opencl_name(), "uchar");
        for ty in [ElementType::I64, ElementType::F64, ElementType::U8, ElementType::I32, ElementType::U32] {
            let rust_size = match ty {
                ElementType::I64 => size_of::<i64>(),
                ElementType::F64 => size_of::<f64>(),
                ElementType::U8 => size_of::<u8>(),
                ElementType::I32 => size_of::<i32>(),
                ElementType::U32 => size_of::<u32>(),
            };
            assert_eq!(ty.size_in_bytes(), rust_size);
        }
        assert_eq!(allocated_elements(0), 1);
        assert_eq!(allocated_elements(5), 5);
    }

    /// Note [slabs]: a slab holds `SLAB_CHUNKS` chunks of the class that
    /// made it and is twice the last, within its bounds; a class too large
    /// for that is not carved.
    #[test]
    fn slabs_grow_and_hold_eight_chunks_of_their_class() {
        let huge = usize::MAX;
        assert_eq!(Slab::bytes_for(256, 0, huge), Some(MIN_SLAB_BYTES));
        assert_eq!(Slab::bytes_for(1 << 20, 0, huge), Some(8 << 20));
        assert_eq!(Slab::bytes_for(1 << 20, 8 << 20, huge), Some(16 << 20));
        assert_eq!(Slab::bytes_for(256, MAX_SLAB_BYTES, huge), Some(MAX_SLAB_BYTES));
        assert_eq!(Slab::bytes_for(MAX_SLAB_BYTES / SLAB_CHUNKS, 0, huge), Some(MAX_SLAB_BYTES));
        assert_eq!(Slab::bytes_for(MAX_SLAB_BYTES / SLAB_CHUNKS + 8, 0, huge), None);
        assert_eq!(Slab::bytes_for(usize::MAX / 4, 0, huge), None, "no overflow");
        // The device's largest allocation bounds a slab, below the minimum too.
        assert_eq!(Slab::bytes_for(1 << 20, 0, 16 << 20), Some(8 << 20));
        assert_eq!(Slab::bytes_for(4 << 20, 0, 16 << 20), None);
        assert_eq!(Slab::bytes_for(256, 0, 1 << 20), Some(1 << 20));
    }

    /// Note [slabs]: chunks start at multiples of the alignment, one after
    /// another, and one that does not fit in what is left is refused.
    #[test]
    fn chunks_are_aligned_and_never_pass_the_slab_end() {
        assert_eq!(chunk_origin(0, 4096, 1000, 512), Some(0));
        assert_eq!(chunk_origin(1000, 4096, 1000, 512), Some(1024));
        assert_eq!(chunk_origin(2024, 4096, 2048, 512), Some(2048), "an exact fit at the end");
        assert_eq!(chunk_origin(2025, 4096, 2049, 512), None, "the gap to the alignment leaves no room");
        assert_eq!(chunk_origin(4096, 4096, 256, 512), None);
        assert_eq!(chunk_origin(3, 4096, 256, 0), Some(3), "an alignment of 0 is 1");
        assert_eq!(chunk_origin(usize::MAX - 10, usize::MAX, 256, 512), None, "no overflow");
        // A run of random classes never overlaps and stays inside.
        let (bytes, align) = (1 << 20, 256);
        let mut carved = 0;
        let mut chunks = Vec::new();
        let mut seed = 12345u64;
        loop {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let class = size_class_bytes((seed >> 40) as usize % 60_000).expect("a class");
            let Some(origin) = chunk_origin(carved, bytes, class, align) else { break };
            assert!(origin >= carved && origin.is_multiple_of(align) && origin + class <= bytes);
            chunks.push((origin, class));
            carved = origin + class;
        }
        assert!(chunks.len() > 10 && bytes - carved < 61_440 + align);
    }

    /// Note [buffer pool]: eight classes per octave, never less than asked,
    /// at most an eighth more, multiples of every element size.
    #[test]
    fn size_classes_round_up_by_at_most_an_eighth() {
        assert_eq!(size_class_bytes(0), Some(MIN_CLASS_BYTES));
        assert_eq!(size_class_bytes(1), Some(MIN_CLASS_BYTES));
        assert_eq!(size_class_bytes(256), Some(256));
        assert_eq!(size_class_bytes(257), Some(288));
        assert_eq!(size_class_bytes(512), Some(512));
        assert_eq!(size_class_bytes(513), Some(576));
        assert_eq!(size_class_bytes(80_000_000), Some(83_886_080));
        assert_eq!(size_class_bytes(usize::MAX), None);
        let mut classes = std::collections::BTreeSet::new();
        for bytes in (1..5000).chain((1..2000).map(|i| i * 7919 + 13)).chain([1 << 30, (1 << 30) + 1, 800_000_008]) {
            let class = size_class_bytes(bytes).expect("no overflow");
            assert!(class >= bytes && class.is_multiple_of(8), "{bytes} -> {class}");
            assert!(bytes <= MIN_CLASS_BYTES || class - bytes <= bytes / 8, "{bytes} -> {class}");
            assert_eq!(size_class_bytes(class), Some(class), "a class is its own class");
            if bytes < 4096 {
                classes.insert(class);
            }
        }
        // 256 and 8 per octave from 256 to 4096.
        assert_eq!(classes.len(), 1 + 8 * 4);
    }
}
