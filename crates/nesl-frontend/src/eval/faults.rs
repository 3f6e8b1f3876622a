//! Runtime faults: building the [`Diagnostic`] and choosing where it points.
//!
//! The interpreter keeps a [`CallStack`] of the calls in progress. A fault is
//! built the moment it is found, from the span of the faulting expression
//! and this stack. See note [library attribution].
//!
//! The stack also bounds the depth of recursion, so that unbounded
//! recursion in a NESL program becomes the fault "recursion too deep"
//! instead of a crash. See note [recursion depth].

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
// call (about 0.6 KiB of stack per call in an optimised build, 3.7 KiB in an
// unoptimised one). Two measures keep deep recursion from crashing it:
// * every call evaluates the callee's body through `stacker::maybe_grow`,
//   which moves evaluation to a freshly allocated stack segment
//   (`STACK_SEGMENT_BYTES`) whenever less than `STACK_RED_ZONE_BYTES`
//   remain, so the depth of NESL recursion does not depend on the stack
//   the caller of `eval::run` happens to have, and no extra thread is needed;
// * the number of nested calls is limited to `MAX_CALL_DEPTH` (2^18), the
//   same in every build and well above the depth of legitimate NESL
//   programs (recursion on the length of a list of 10^5 elements works).
//   Past it, the call faults with "recursion too deep", naming the function.
// The red zone covers the host recursion between two calls: one function
// body's nesting of expressions and the primitives it applies.

use crate::diagnostic::{Diagnostic, ErrorClass};
use crate::source::{SourceMap, Span};
use crate::tast::{FuncId, Program};

/// A runtime fault on its way out of the interpreter. Boxed so that the
/// interpreter's `Result`s stay small on the hot path.
pub(super) type Fault = Box<Diagnostic>;

/// The most calls that may be in progress at once.
const MAX_CALL_DEPTH: usize = 1 << 18;

/// A call continues on a new stack segment when less than this remains.
pub(super) const STACK_RED_ZONE_BYTES: usize = 1 << 20;

/// The size of each new stack segment.
pub(super) const STACK_SEGMENT_BYTES: usize = 64 << 20;

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
}

impl<'a> CallStack<'a> {
    pub(super) fn new(program: &'a Program, sources: &SourceMap) -> CallStack<'a> {
        let is_library_file = sources.files().map(|(_, file)| file.is_library).collect();
        CallStack { program, is_library_file, sites: Vec::new() }
    }

    /// Records the start of a call of `func` written at `span`, or faults if
    /// the recursion is too deep (note [recursion depth]).
    pub(super) fn enter(&mut self, span: Span, func: FuncId) -> Result<(), Fault> {
        let depth = self.sites.len() + 1;
        if depth > MAX_CALL_DEPTH {
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

/// An error that a well-typed program cannot cause: the typed program broke
/// one of its invariants. Reported where it was noticed, without
/// attribution.
pub(super) fn compiler_bug(span: Span, what: &str) -> Fault {
    Box::new(
        Diagnostic::new(ErrorClass::Runtime, format!("compiler bug: the interpreter met {what}"))
            .with_primary(span, "while evaluating this"),
    )
}
