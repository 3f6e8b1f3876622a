//! The flat IR: λcu's three levels.
//!
//! - [`host`]: the host program. Functions in A-normal form with `let`,
//!   `if`, calls, host scalars, and `run K args`.
//! - [`kernel`]: kernels as sequences of SOACs (`MAP`, `PERMUTE`,
//!   `SCATTER`, `REDUCE`, `SCAN`, `FILTER`, `ONCE`, `SEG_REDUCE`,
//!   `SEG_SCAN`, `RADIX_PASS`) whose thunks pull values over an index
//!   space.
//! - [`gpu`]: GPU expressions over scalars and tuples, the bodies of
//!   thunks.
//!
//! All data is flat: a host or kernel variable is a scalar or a flat array
//! of scalars ([`types`]). NESL values map onto groups of variables as note
//! [segment descriptors] says; [`Repr`] records the mapping for the values
//! the program prints.
//!
//! The IR is plain data: [`print`](mod@print) prints it (`--emit flat`, `--emit
//! fused`), [`verify`] checks its invariants after every pass, and the
//! crate's [`crate::eval`] runs it (the flat-IR oracle).

// Note [segment descriptors]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~
// A NESL value of type t is represented by variables, column by column:
//
//   int, float, bool, char   one scalar
//   (a, b), datatype         the variables of each component, in order
//   [s] for a scalar s       one array of the elements
//   [(a, b)]                 the representation of [a] and of [b], same length
//   [[a]]                    a segment descriptor plus the representation of
//                            the concatenated elements, [a]
//
// A segment descriptor for n segments is two int arrays of length n:
// `lengths` and `offsets`, with the invariants
//   offsets[0] = 0 (when n > 0),  offsets[j+1] = offsets[j] + lengths[j],
//   lengths[j] >= 0,  and  sum(lengths) = the length of the element data.
// So segments are dense and in order: segment j is elements
// [offsets[j], offsets[j] + lengths[j]). Empty segments share their offset
// with the next segment; `SegmentOf` returns the last segment whose offset
// is <= a position, which skips empty ones.
//
// Inside an apply-to-each, a value of type t that varies with the element
// is "lifted": represented as a sequence [t] over the instances of the
// apply-to-each (so a lifted int is an array, a lifted [int] is a segment
// descriptor plus data). Values that do not vary (uniform values: free
// variables from outside) keep their unlifted representation and are read
// directly by thunks.

pub mod gpu;
pub mod host;
pub mod kernel;
pub mod print;
pub mod types;
pub mod verify;

pub use gpu::{BinaryOp, Const, FaultId, GExpr, UnaryOp};
pub use host::{Atom, Block, FuncId, HostExpr, HostFunction, HostOp, HostVar, HostVarInfo, Repr, SeqRepr, Stmt};
pub use kernel::{KVar, KVarInfo, Kernel, KernelId, RADIX_BITS, SegDesc, Soac, SoacBinding, Thunk};
pub use types::{Scalar, VarType};

use nesl_frontend::tast::DataDef;
use nesl_frontend::{Diagnostic, ErrorClass, Span};

/// A whole flattened program.
#[derive(Clone, Debug, PartialEq)]
pub struct FlatProgram {
    /// Indexed by [`KernelId`].
    pub kernels: Vec<Kernel>,
    /// Indexed by [`FuncId`].
    pub functions: Vec<HostFunction>,
    /// The top-level forms, in order; no parameters, no results. Its
    /// [`Stmt::Emit`]s report the items' values.
    pub main: HostFunction,
    /// Indexed by [`FaultId`].
    pub fault_sites: Vec<FaultSite>,
    /// The datatypes of the source program, to rebuild values.
    pub datatypes: Vec<DataDef>,
}

impl FlatProgram {
    pub fn kernel(&self, id: KernelId) -> &Kernel {
        &self.kernels[id.0 as usize]
    }

    pub fn function(&self, id: FuncId) -> &HostFunction {
        &self.functions[id.0 as usize]
    }

    pub fn fault_site(&self, id: FaultId) -> &FaultSite {
        &self.fault_sites[id.0 as usize]
    }
}

/// An operation of the source program that can fail at run time.
///
/// A fault is reported exactly as the reference interpreter reports it
/// (`nesl_frontend::eval`): the same message, pointing at the same span with
/// the same label, with the same note. [`FaultSite::diagnostic`] builds it.
#[derive(Clone, Debug, PartialEq)]
pub struct FaultSite {
    /// The message, with `{0}`, `{1}`, `{2}` standing for the payload values
    /// (`index out of range in \`elt\`: index {0}, length {1}`).
    pub message: String,
    /// Where the operation is in the source (attributed to the user's call
    /// site when the operation is in the prelude).
    pub span: Span,
    /// The label of the span: "the program failed here", or, for a fault
    /// inside the prelude, "in this call of `take`".
    pub label: String,
    /// For a fault inside the prelude, the note naming the library function
    /// that was running.
    pub note: Option<String>,
}

impl FaultSite {
    /// The message with the payload filled in. Payload values are scalars of
    /// any type, printed as NESL prints them (`3`, `2.5`, `NaN`).
    pub fn format(&self, payload: &[Const]) -> String {
        let mut text = self.message.clone();
        for (i, value) in payload.iter().enumerate() {
            text = text.replace(&format!("{{{i}}}"), &value.to_string());
        }
        text
    }

    /// The runtime fault as the user sees it (exit code 3).
    pub fn diagnostic(&self, payload: &[Const]) -> Diagnostic {
        self.diagnostic_with_message(self.format(payload))
    }

    /// The runtime fault with `message` instead of the site's own: a host
    /// operation's fault (`HostExpr::HostOp`), whose message names what
    /// only the run knows (a file and why it cannot be read).
    pub fn diagnostic_with_message(&self, message: String) -> Diagnostic {
        let diagnostic = Diagnostic::new(ErrorClass::Runtime, message).with_primary(self.span, self.label.clone());
        match &self.note {
            Some(note) => diagnostic.with_note(note.clone()),
            None => diagnostic,
        }
    }
}
