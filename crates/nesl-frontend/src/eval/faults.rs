//! Runtime faults: building the [`Diagnostic`] and choosing where it points.
//!
//! The interpreter keeps a [`CallStack`] of the calls in progress. A fault is
//! built the moment it is found, from the span of the faulting expression
//! and this stack. See note [library attribution].
//!
//! The stack also guards the interpreter's own (Rust) stack: every call
//! checks how much of it is in use, so that unbounded recursion in a NESL
//! program becomes the fault "recursion too deep" instead of a crash. See
//! note [recursion depth].

// Note [library attribution]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~
// Half of NESL's library is NESL code (the prelude), so a fault such as an
// out-of-range `subseq` often happens in a prelude function that the user
// never wrote. Pointing into the prelude would show the user text they have
// never seen. Instead, a fault whose expression lies in a library file is
// reported at the innermost call, in the call stack, whose call expression
// lies in user code: "in this call of `take`", with a note naming the
// library function that was running. Faults in user code point at the
// faulting expression itself.

// Note [recursion depth]
// ~~~~~~~~~~~~~~~~~~~~~~~
// The interpreter recurses on the host stack, a few host frames per NESL
// call, so unbounded recursion in a NESL program must be stopped before it
// overflows that stack. Two limits, checked at every call:
// * the number of nested calls, `MAX_CALL_DEPTH` (2^18): deterministic, the
//   same in every build, and well above the depth of legitimate NESL
//   programs (recursion on the length of a list of 10^5 elements works);
// * the host stack in use, measured as the distance from the stack's base
//   to a local variable, against `STACK_BUDGET_BYTES`. The interpreter runs
//   on a thread of its own with a large stack (`INTERPRETER_STACK_BYTES`,
//   1 GiB, reserved but only touched as used), so this limit is reached first
//   only when calls are nested unusually deeply inside expressions, or in
//   an unoptimised build (about 3.7 KiB of host stack per call there,
//   against about 0.6 KiB in an optimised one).
// Either way the call faults with "recursion too deep", naming the function.

use crate::diagnostic::{Diagnostic, ErrorClass};
use crate::source::{SourceMap, Span};
use crate::tast::{FuncId, Program};

/// A runtime fault on its way out of the interpreter. Boxed so that the
/// interpreter's `Result`s stay small on the hot path.
pub(super) type Fault = Box<Diagnostic>;

/// The host stack the interpreter thread gets.
pub(super) const INTERPRETER_STACK_BYTES: usize = 1 << 30;

/// The most calls that may be in progress at once.
const MAX_CALL_DEPTH: usize = 1 << 18;

/// How much of it the nested calls of a NESL program may use; the rest is
/// headroom for the expressions and primitives evaluated between two calls.
const STACK_BUDGET_BYTES: usize = INTERPRETER_STACK_BYTES - (64 << 20);

/// One call in progress: where it was written and what it called.
struct CallSite {
    span: Span,
    func: FuncId,
}

/// The calls in progress, innermost last.
pub(super) struct CallStack<'a> {
    program: &'a Program,
    /// Indexed by file: whether the file is part of nessie's library.
    is_library_file: Vec<bool>,
    sites: Vec<CallSite>,
    /// The address of a local of the interpreter thread's outermost frame.
    stack_base: usize,
}

impl<'a> CallStack<'a> {
    /// Must be created on the interpreter's thread, near the base of its
    /// stack.
    pub(super) fn new(program: &'a Program, sources: &SourceMap) -> CallStack<'a> {
        let is_library_file = sources.files().map(|(_, file)| file.is_library).collect();
        CallStack { program, is_library_file, sites: Vec::new(), stack_base: stack_address() }
    }

    /// Records the start of a call of `func` written at `span`, or faults if
    /// the recursion is too deep (note [recursion depth]).
    pub(super) fn enter(&mut self, span: Span, func: FuncId) -> Result<(), Fault> {
        let depth = self.sites.len() + 1;
        if depth > MAX_CALL_DEPTH || self.stack_base.abs_diff(stack_address()) > STACK_BUDGET_BYTES {
            let name = &self.program.functions[func].name;
            return Err(self.fault(span, format!("recursion too deep: {depth} nested calls, the last of `{name}`")));
        }
        self.sites.push(CallSite { span, func });
        Ok(())
    }

    /// Records the end of the innermost call.
    pub(super) fn leave(&mut self) {
        self.sites.pop();
    }

    /// A runtime fault of the expression at `span`, attributed to user code
    /// (note [library attribution]).
    pub(super) fn fault(&self, span: Span, message: impl Into<String>) -> Fault {
        let diagnostic = Diagnostic::new(ErrorClass::Runtime, message);
        if !self.is_library(span) {
            return Box::new(diagnostic.with_primary(span, "the program failed here"));
        }
        let Some(user_call) = self.sites.iter().rev().find(|site| !self.is_library(site.span)) else {
            return Box::new(diagnostic.with_primary(span, "the program failed here"));
        };
        let called = &self.program.functions[user_call.func].name;
        let running = self.sites.last().map_or(called, |site| &self.program.functions[site.func].name);
        let note = if running == called {
            format!("the fault happened inside `{called}`, a function of nessie's NESL library")
        } else {
            format!("the fault happened inside `{running}`, called by `{called}` (functions of nessie's NESL library)")
        };
        Box::new(diagnostic.with_primary(user_call.span, format!("in this call of `{called}`")).with_note(note))
    }

    fn is_library(&self, span: Span) -> bool {
        self.is_library_file.get(span.file.0 as usize).copied().unwrap_or(false)
    }
}

/// The address of a local variable of the caller's frame: where the stack
/// is now.
#[inline(never)]
fn stack_address() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

/// An error that a well-typed program cannot cause: the typed program broke
/// one of its invariants. Reported where it was noticed, without
/// attribution.
pub(super) fn compiler_bug(span: Span, what: &str) -> Fault {
    Box::new(
        Diagnostic::new(ErrorClass::Runtime, format!("compiler bug: the interpreter met {what}"))
            .with_primary(span, "while evaluating this"),
    )
}
