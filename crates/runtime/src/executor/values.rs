//! What host variables hold while the executor runs: scalars on the host,
//! arrays on the device.
//!
//! A [`HostValue::Array`] is a [`DeviceArray`]: a device buffer shared by
//! reference counting plus a logical length, which may be shorter than the
//! buffer (a `FILTER` result is the first `count` elements of a buffer as
//! long as its input). Binding, passing and returning an array share the
//! buffer; nothing is copied. Kernels never write the buffers of their
//! parameters (the launch-plan contract: parameters are inputs, results
//! are fresh buffers or parameters returned unchanged), so sharing is safe.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use flatten::eval::{ArrayHandle, ScalarValue};
use flatten::ir::Scalar;
use opencl_backend::plan::BufferElem;

use super::{ExecError, internal};
use crate::cl::{Arg, DeviceBuffer, Element, ElementRead, ElementValue, Session};

/// The value of a host variable: a scalar, or an array on the device.
pub(crate) type HostValue = flatten::eval::HostValue<DeviceArray>;

/// A flat array on the device: the first `len` elements of a buffer,
/// `len` known on the host or still on the device (note [pending
/// lengths] in `device.rs`).
#[derive(Clone, Debug)]
pub(crate) struct DeviceArray {
    pub elem: Scalar,
    extent: Extent,
}

#[derive(Clone, Debug)]
enum Extent {
    Known { len: usize, data: Rc<DeviceData> },
    Pending(Rc<PendingArray>),
}

/// An array whose length is a count still on the device. Every clone of
/// the array shares it, so the buffer can move to a smaller one for all
/// of them when the count arrives ([`PendingArray::settle`]).
#[derive(Debug)]
pub(crate) struct PendingArray {
    pub count: Rc<PendingCount>,
    data: RefCell<Rc<DeviceData>>,
}

/// A count a kernel left on the device: element 0 of `word` (an `int`
/// buffer) plus `offset`, at most `bound` (the word at most `bound -
/// offset`); `value` once read. The offset is what the host added to the
/// count (`#equal + n` with `n` known: flatten's note [pending integers]).
#[derive(Debug)]
pub(crate) struct PendingCount {
    word: RefCell<Option<Rc<DeviceData>>>,
    pub bound: usize,
    pub offset: usize,
    value: Cell<Option<usize>>,
}

/// The most a word's bound and an offset may be for a kernel to take the
/// count on the device (opencl-backend's note [device lengths] packs both
/// in one `long`).
const MAX_WORD_BOUND: usize = (1 << 32) - 1;
const MAX_OFFSET: usize = (1 << 30) - 1;

impl PendingCount {
    pub(crate) fn new(word: Rc<DeviceData>, bound: usize) -> PendingCount {
        PendingCount { word: RefCell::new(Some(word)), bound, offset: 0, value: Cell::new(None) }
    }

    /// This count plus `k`, sharing its word, while it is unread; `None`
    /// past the packing's limits.
    pub(crate) fn plus(&self, k: usize) -> Option<PendingCount> {
        let word = self.word()?;
        let offset = self.offset.checked_add(k).filter(|&offset| offset <= MAX_OFFSET)?;
        let bound = self.bound.checked_add(k)?;
        Some(PendingCount { word: RefCell::new(Some(word)), bound, offset, value: Cell::new(None) })
    }

    /// The bound of the word alone.
    pub(crate) fn word_bound(&self) -> usize {
        self.bound - self.offset
    }

    /// The count as a kernel's device length (opencl-backend's note
    /// [device lengths]): `-1 - (word bound + 2^32 offset)` and the word's
    /// buffer, while it is unread and within the packing's limits.
    pub(crate) fn device_arg(&self) -> Option<(i64, Rc<DeviceData>)> {
        let word = self.word()?;
        if self.word_bound() > MAX_WORD_BOUND || self.offset > MAX_OFFSET {
            return None;
        }
        Some((-1 - (self.word_bound() as i64 + ((self.offset as i64) << 32)), word))
    }

    pub(crate) fn value(&self) -> Option<usize> {
        self.value.get()
    }

    /// The buffer whose element 0 holds the count, while it is unread.
    pub(crate) fn word(&self) -> Option<Rc<DeviceData>> {
        self.word.borrow().clone()
    }

    /// The count read back: the word `raw`, which must be within `[0,
    /// bound - offset]`, plus the offset.
    pub(crate) fn resolve(&self, raw: i64) -> Result<usize, ExecError> {
        match usize::try_from(raw) {
            Ok(word) if word <= self.word_bound() => {
                let value = word + self.offset;
                self.value.set(Some(value));
                self.word.borrow_mut().take();
                Ok(value)
            }
            _ => Err(internal(format!("a count read back as {raw}, outside [0, {}]", self.word_bound()))),
        }
    }
}

impl PendingArray {
    /// Once the count is read: the buffer, replaced by `shrink` (a new
    /// buffer of the first `len` elements) if it returns one.
    pub(crate) fn settle(
        &self,
        shrink: impl FnOnce(&DeviceData, usize) -> Result<Option<DeviceData>, ExecError>,
    ) -> Result<(), ExecError> {
        let Some(len) = self.count.value() else { return Ok(()) };
        let smaller = shrink(&self.data.borrow(), len)?;
        if let Some(smaller) = smaller {
            *self.data.borrow_mut() = Rc::new(smaller);
        }
        Ok(())
    }
}

impl DeviceArray {
    pub(crate) fn known(elem: Scalar, len: usize, data: Rc<DeviceData>) -> DeviceArray {
        DeviceArray { elem, extent: Extent::Known { len, data } }
    }

    /// An array whose length `count` is still on the device, and the
    /// handle the executor settles it by.
    pub(crate) fn pending(
        elem: Scalar,
        count: Rc<PendingCount>,
        data: Rc<DeviceData>,
    ) -> (DeviceArray, Rc<PendingArray>) {
        let pending = Rc::new(PendingArray { count, data: RefCell::new(data) });
        (DeviceArray { elem, extent: Extent::Pending(Rc::clone(&pending)) }, pending)
    }

    /// The length, if the host knows it.
    pub(crate) fn known_len(&self) -> Option<usize> {
        match &self.extent {
            Extent::Known { len, .. } => Some(*len),
            Extent::Pending(pending) => pending.count.value(),
        }
    }

    /// The count on the device that is the length, while it is unread.
    pub(crate) fn pending_count(&self) -> Option<&Rc<PendingCount>> {
        match &self.extent {
            Extent::Pending(pending) if pending.count.value().is_none() => Some(&pending.count),
            _ => None,
        }
    }

    /// The buffer holding the elements.
    pub(crate) fn data(&self) -> Rc<DeviceData> {
        match &self.extent {
            Extent::Known { data, .. } => Rc::clone(data),
            Extent::Pending(pending) => Rc::clone(&pending.data.borrow()),
        }
    }
}

impl ArrayHandle for DeviceArray {
    fn elem(&self) -> Scalar {
        self.elem
    }
}

/// A device buffer of one of the element types a plan uses.
#[derive(Debug)]
pub(crate) enum DeviceData {
    /// `int` (OpenCL `long`).
    I64(DeviceBuffer<i64>),
    /// `float` (OpenCL `double`).
    F64(DeviceBuffer<f64>),
    /// `bool` and `char` (OpenCL `uchar`).
    U8(DeviceBuffer<u8>),
    /// A plan's 32-bit counters and flags, and `int` arrays whose values
    /// fit 32 bits (OpenCL `int`, see `opencl_backend::storage_width`).
    I32(DeviceBuffer<i32>),
}

impl DeviceData {
    /// A buffer of `len` elements of `elem`, zero-filled if `is_zeroed`
    /// (the fill is enqueued); in a read slot if `is_read_back` and it fits
    /// one (note [read slots] in `runtime::cl::buffer`).
    pub(crate) fn alloc(
        session: &mut Session,
        elem: BufferElem,
        len: usize,
        is_zeroed: bool,
        is_read_back: bool,
    ) -> Result<DeviceData, ExecError> {
        fn make<T: Element>(
            session: &mut Session,
            len: usize,
            is_zeroed: bool,
            is_read_back: bool,
        ) -> Result<DeviceBuffer<T>, ExecError> {
            let mut buffer = if is_read_back { session.alloc_read_slot::<T>(len)? } else { session.alloc::<T>(len)? };
            if is_zeroed {
                session.fill(&mut buffer, T::default())?;
            }
            Ok(buffer)
        }
        Ok(match elem {
            BufferElem::Scalar(Scalar::Int) => DeviceData::I64(make(session, len, is_zeroed, is_read_back)?),
            BufferElem::Scalar(Scalar::Float) => DeviceData::F64(make(session, len, is_zeroed, is_read_back)?),
            BufferElem::Scalar(Scalar::Bool | Scalar::Char) => {
                DeviceData::U8(make(session, len, is_zeroed, is_read_back)?)
            }
            BufferElem::I32 => DeviceData::I32(make(session, len, is_zeroed, is_read_back)?),
        })
    }

    /// The number of elements.
    pub(crate) fn len(&self) -> usize {
        match self {
            DeviceData::I64(b) => b.len(),
            DeviceData::F64(b) => b.len(),
            DeviceData::U8(b) => b.len(),
            DeviceData::I32(b) => b.len(),
        }
    }

    /// The buffer as a kernel argument.
    pub(crate) fn arg(&self) -> Arg<'_> {
        match self {
            DeviceData::I64(b) => Arg::from(b),
            DeviceData::F64(b) => Arg::from(b),
            DeviceData::U8(b) => Arg::from(b),
            DeviceData::I32(b) => Arg::from(b),
        }
    }

    /// Whether the buffer can hold the elements of an array of `elem`: an
    /// `int` array in 64 or, narrowed, 32 bits (`storage_width`).
    pub(crate) fn holds(&self, elem: Scalar) -> bool {
        matches!(
            (self, elem),
            (DeviceData::I64(_) | DeviceData::I32(_), Scalar::Int)
                | (DeviceData::F64(_), Scalar::Float)
                | (DeviceData::U8(_), Scalar::Bool | Scalar::Char)
        )
    }

    /// A read of element `index` for a batch
    /// ([`super::device::Executor::read_checked`]).
    pub(crate) fn element_read(&self, index: usize) -> Result<ElementRead<'_>, ExecError> {
        let len = self.len();
        if index >= len {
            return Err(internal(format!("a read of element {index} of a buffer of {len} elements")));
        }
        Ok(match self {
            DeviceData::I64(b) => ElementRead::I64(b, index),
            DeviceData::F64(b) => ElementRead::F64(b, index),
            DeviceData::U8(b) => ElementRead::U8(b, index),
            DeviceData::I32(b) => ElementRead::I32(b, index),
        })
    }

    /// A new buffer holding the first `len` elements (a device-to-device
    /// copy, enqueued).
    pub(crate) fn prefix(&self, session: &mut Session, len: usize) -> Result<DeviceData, ExecError> {
        fn copy<T: Element>(
            session: &mut Session,
            source: &DeviceBuffer<T>,
            len: usize,
        ) -> Result<DeviceBuffer<T>, ExecError> {
            if len > source.len() {
                return Err(internal(format!("a prefix of {len} elements of a buffer of {}", source.len())));
            }
            let mut buffer = session.alloc::<T>(len)?;
            session.copy_range(source, 0, &mut buffer, 0, len)?;
            Ok(buffer)
        }
        Ok(match self {
            DeviceData::I64(b) => DeviceData::I64(copy(session, b, len)?),
            DeviceData::F64(b) => DeviceData::F64(copy(session, b, len)?),
            DeviceData::U8(b) => DeviceData::U8(copy(session, b, len)?),
            DeviceData::I32(b) => DeviceData::I32(copy(session, b, len)?),
        })
    }

    /// The size of the buffer in bytes.
    pub(crate) fn bytes(&self) -> usize {
        match self {
            DeviceData::I64(b) => b.len() * 8,
            DeviceData::F64(b) => b.len() * 8,
            DeviceData::U8(b) => b.len(),
            DeviceData::I32(b) => b.len() * 4,
        }
    }

    /// "a buffer of long", for messages.
    pub(crate) fn describe(&self) -> String {
        let type_name = match self {
            DeviceData::I64(_) => "long",
            DeviceData::F64(_) => "double",
            DeviceData::U8(_) => "uchar",
            DeviceData::I32(_) => "int",
        };
        format!("a buffer of {type_name}")
    }
}

/// An element read from a buffer as a scalar of type `ty`, as
/// a kernel result or a size read back.
pub(crate) fn element_scalar(value: ElementValue, ty: Scalar) -> Result<ScalarValue, ExecError> {
    Ok(match (value, ty) {
        (ElementValue::I64(x), Scalar::Int) => ScalarValue::Int(x),
        (ElementValue::I32(x), Scalar::Int) => ScalarValue::Int(i64::from(x)),
        (ElementValue::F64(x), Scalar::Float) => ScalarValue::Float(x),
        (ElementValue::U8(x), Scalar::Bool) => ScalarValue::Bool(x != 0),
        (ElementValue::U8(x), Scalar::Char) => ScalarValue::Char(x),
        (value, ty) => return Err(internal(format!("a {ty} read as {value:?}"))),
    })
}
