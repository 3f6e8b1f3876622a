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
//!   allocation holds `max(len, 1)` elements, because OpenCL forbids
//!   buffers of zero bytes. Reads, writes and copies only ever touch the
//!   first `len` elements.
//! - The buffer is released when the value is dropped (RAII). OpenCL keeps
//!   the memory alive until commands already enqueued on it have finished,
//!   so dropping a buffer right after a launch that uses it is safe.
//! - A buffer a session allocated goes back to that session's
//!   [`BufferPool`] when dropped (while the session lives), and the
//!   session's next allocation of the same element type and count takes
//!   it from there instead of creating one. The session's queue is in
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
use std::rc::{Rc, Weak};

use opencl3::memory::{Buffer, ClMem};
use opencl3::types::cl_mem;

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
// of exactly its element type and count; an allocation that fails empties
// the pool and tries again. Pooled buffers are not counted in
// `buffer_memory`'s live bytes (they hold no value of the program), but
// its `peak_held_bytes` counts them: what the process held on the device.

/// The most buffers a session's pool keeps.
pub const POOL_BUFFERS: usize = 64;

/// Released buffers of a session, for its next allocations (see note
/// [buffer pool]). Owns one OpenCL reference to each.
#[derive(Debug, Default)]
pub(crate) struct BufferPool {
    free: Vec<(ElementType, usize, cl_mem)>,
    bytes: u64,
    limit_bytes: u64,
}

impl BufferPool {
    pub(crate) fn new(limit_bytes: u64) -> Rc<RefCell<BufferPool>> {
        Rc::new(RefCell::new(BufferPool { free: Vec::new(), bytes: 0, limit_bytes }))
    }

    fn size(ty: ElementType, elements: usize) -> u64 {
        (elements * ty.size_in_bytes()) as u64
    }

    /// A pooled buffer of `elements` elements of `ty`, its reference now
    /// the caller's.
    pub(crate) fn take(&mut self, ty: ElementType, elements: usize) -> Option<cl_mem> {
        let at = self.free.iter().rposition(|(t, n, _)| *t == ty && *n == elements)?;
        let (_, _, mem) = self.free.remove(at);
        self.bytes -= Self::size(ty, elements);
        count_pool_memory(0, Self::size(ty, elements));
        Some(mem)
    }

    /// Keeps `mem` (whose reference the pool takes over), releasing the
    /// oldest buffers beyond the limits.
    fn put(&mut self, ty: ElementType, elements: usize, mem: cl_mem) {
        self.free.push((ty, elements, mem));
        self.bytes += Self::size(ty, elements);
        count_pool_memory(Self::size(ty, elements), 0);
        while self.free.len() > POOL_BUFFERS || (self.bytes > self.limit_bytes && !self.free.is_empty()) {
            let (t, n, old) = self.free.remove(0);
            self.bytes -= Self::size(t, n);
            count_pool_memory(0, Self::size(t, n));
            release(old);
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.free.is_empty()
    }

    /// Releases every pooled buffer.
    pub(crate) fn clear(&mut self) {
        for (_, _, mem) in self.free.drain(..) {
            release(mem);
        }
        count_pool_memory(0, self.bytes);
        self.bytes = 0;
    }
}

impl Drop for BufferPool {
    fn drop(&mut self) {
        self.clear();
    }
}

fn release(mem: cl_mem) {
    // SAFETY: the pool owns one reference to `mem`; a failure leaves
    // nothing to do.
    let _ = unsafe { opencl3::memory::release_mem_object(mem) };
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
    /// The pool of the session that allocated it, if that still lives.
    pool: Weak<RefCell<BufferPool>>,
}

/// A buffer of raw bytes.
pub type ByteBuffer = DeviceBuffer<u8>;

impl<T: Element> DeviceBuffer<T> {
    pub(crate) fn from_raw(raw: Buffer<T>, len: usize, pool: Weak<RefCell<BufferPool>>) -> DeviceBuffer<T> {
        count_buffer_memory(Self::allocated_bytes(len), 0);
        DeviceBuffer { raw, len, pool }
    }

    /// The bytes of the OpenCL allocation for a logical length.
    fn allocated_bytes(len: usize) -> u64 {
        (allocated_elements(len) * std::mem::size_of::<T>()) as u64
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
        count_buffer_memory(0, Self::allocated_bytes(self.len));
        if let Some(pool) = self.pool.upgrade() {
            let mem = self.raw.get();
            // SAFETY: `mem` is a valid buffer object until `raw` drops.
            if unsafe { opencl3::memory::retain_mem_object(mem) }.is_ok() {
                pool.borrow_mut().put(T::TYPE, allocated_elements(self.len), mem);
            }
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
}
