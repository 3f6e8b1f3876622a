//! Fault sites: where and how a runtime fault of the flat program is
//! reported, exactly as the reference interpreter reports it.
//!
//! Every operation that can fail gets a [`FaultSite`] with the
//! interpreter's message for that operation (the functions below hold the
//! wording, copied from `nesl_frontend::eval`) and a position. A fault in
//! user code points at the operation. A fault inside the prelude points at
//! the innermost call in user code that led to it, with the interpreter's
//! label and note (note [library attribution] in the interpreter's
//! `faults.rs`). The interpreter finds that call on its call stack at run
//! time; the flattener knows it statically, because a library function that
//! can fault is flattened once per user call site ([`Attribution`] is part
//! of the key of every flattened function, see `lift_functions.rs`).

use std::collections::HashMap;

use nesl_frontend::{SourceMap, Span};

use crate::ir::{FaultId, FaultSite};

/// The call in user code that a fault inside the library is reported at.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Attribution {
    pub call_span: Span,
    /// The library function called there.
    pub called: String,
}

/// The fault sites of the program being built, shared when equal.
#[derive(Default)]
pub(crate) struct FaultSites {
    pub sites: Vec<FaultSite>,
    index: HashMap<(String, Span, String, Option<String>), FaultId>,
}

impl FaultSites {
    /// The site of an operation at `span` that fails with `message`, inside
    /// the body of `running` (a function name) flattened for `attribution`.
    pub fn site(
        &mut self,
        sources: &SourceMap,
        span: Span,
        message: String,
        running: &str,
        attribution: Option<&Attribution>,
    ) -> FaultId {
        let in_library = sources.file(span.file).is_library;
        let (span, label, note) = match attribution {
            Some(call) if in_library => {
                let note = if running == call.called {
                    format!("the fault happened inside `{running}`, a function of nessie's NESL library")
                } else {
                    format!(
                        "the fault happened inside `{running}`, called by `{}` (functions of nessie's NESL library)",
                        call.called
                    )
                };
                (call.call_span, format!("in this call of `{}`", call.called), Some(note))
            }
            _ => (span, "the program failed here".to_string(), None),
        };
        let key = (message, span, label, note);
        if let Some(id) = self.index.get(&key) {
            return *id;
        }
        let id = FaultId(self.sites.len() as u32);
        let (message, span, label, note) = key.clone();
        self.sites.push(FaultSite { message, span, label, note });
        self.index.insert(key, id);
        id
    }
}

/// The attribution of the body of `callee` (a library function or not)
/// called at `call_span` from a body flattened for `caller`.
pub(crate) fn callee_attribution(
    sources: &SourceMap,
    caller: Option<&Attribution>,
    call_span: Span,
    callee_is_library: bool,
    callee_name: &str,
) -> Option<Attribution> {
    if !callee_is_library {
        return None;
    }
    if sources.file(call_span.file).is_library {
        caller.cloned()
    } else {
        Some(Attribution { call_span, called: callee_name.to_string() })
    }
}

// The interpreter's messages. `{0}`, `{1}`, `{2}` are payload values.

pub(crate) fn division_by_zero(op: &str) -> String {
    format!("division by zero in `{op}`")
}

pub(crate) fn negative_exponent() -> String {
    "negative exponent in `^`: {0}".to_string()
}

pub(crate) fn negative_isqrt() -> String {
    "`isqrt` of a negative number: {0}".to_string()
}

pub(crate) fn bad_char_code() -> String {
    "`code_char`: {0} is not a character code (0 to 255)".to_string()
}

pub(crate) fn float_to_int(op: &str) -> String {
    format!("`{op}`: {{0}} does not fit in an int")
}

pub(crate) fn index_out_of_range(op: &str) -> String {
    format!("index out of range in `{op}`: index {{0}}, length {{1}}")
}

pub(crate) fn generators_of_different_lengths() -> String {
    "generators of different lengths: {0} and {1}".to_string()
}

pub(crate) fn zip_lengths() -> String {
    "`zip` of sequences of different lengths: {0} and {1}".to_string()
}

pub(crate) fn negative_dist() -> String {
    "`dist`: negative count {0}".to_string()
}

/// The most elements a sequence built from data may have (the
/// interpreter's `MAX_SEQUENCE_LENGTH`).
pub(crate) const MAX_SEQUENCE_LENGTH: i64 = 1 << 31;

pub(crate) fn too_large(op: &str) -> String {
    format!("sequence too large in `{op}`: {{0}} elements (the limit is 2^31)")
}

pub(crate) fn zero_stride() -> String {
    "`iseq`: the stride is zero".to_string()
}

pub(crate) fn empty_extreme_index(op: &str) -> String {
    format!("`{op}` of an empty sequence")
}

pub(crate) fn permute_lengths() -> String {
    "`permute`: {0} indices for a sequence of {1} elements".to_string()
}

pub(crate) fn permute_repeated() -> String {
    "`permute`: index {0} appears twice".to_string()
}

pub(crate) fn subseq_range() -> String {
    "`subseq`: [{0}, {1}) is not a range of positions of a sequence of length {2}".to_string()
}

pub(crate) fn partition_negative() -> String {
    "`partition`: negative segment length {0}".to_string()
}

pub(crate) fn partition_total() -> String {
    "`partition`: segment lengths add up to {0}, but the sequence has {1} elements".to_string()
}
