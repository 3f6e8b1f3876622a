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

use std::cell::Cell;

use opencl3::memory::{Buffer, ClMem};
use opencl3::types::cl_mem;

/// Device memory held by the buffers of the current thread, in bytes.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct BufferMemory {
    /// Allocated now.
    pub live_bytes: u64,
    /// The most allocated at once since the last reset.
    pub peak_bytes: u64,
}

thread_local! {
    static BUFFER_MEMORY: Cell<BufferMemory> = const { Cell::new(BufferMemory { live_bytes: 0, peak_bytes: 0 }) };
}

/// The device memory the current thread's buffers hold.
pub fn buffer_memory() -> BufferMemory {
    BUFFER_MEMORY.with(Cell::get)
}

/// Starts a new peak: the peak becomes what is live now.
pub fn reset_peak_buffer_memory() {
    BUFFER_MEMORY.with(|m| m.set(BufferMemory { live_bytes: m.get().live_bytes, peak_bytes: m.get().live_bytes }));
}

fn count_buffer_memory(allocated: u64, released: u64) {
    BUFFER_MEMORY.with(|m| {
        let before = m.get();
        let live_bytes = (before.live_bytes + allocated).saturating_sub(released);
        m.set(BufferMemory { live_bytes, peak_bytes: before.peak_bytes.max(live_bytes) });
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
}

/// A buffer of raw bytes.
pub type ByteBuffer = DeviceBuffer<u8>;

impl<T: Element> DeviceBuffer<T> {
    pub(crate) fn from_raw(raw: Buffer<T>, len: usize) -> DeviceBuffer<T> {
        count_buffer_memory(Self::allocated_bytes(len), 0);
        DeviceBuffer { raw, len }
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
        // `raw` releases the OpenCL object when it drops, after this.
        count_buffer_memory(0, Self::allocated_bytes(self.len));
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
