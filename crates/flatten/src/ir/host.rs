//! The host program (λcu's first level): functions, `let`, `if`, calls,
//! host scalars, and `run K args`.
//!
//! Host code is in A-normal form: every operand is an [`Atom`] (a variable
//! or a constant), and every intermediate result is named by a `let`. A
//! [`Block`] is one control region of the program-dependence graph that
//! fusion builds.

use nesl_frontend::Type;

use crate::ir::gpu::{BinaryOp, Const, FaultId, UnaryOp};
use crate::ir::kernel::KernelId;
use crate::ir::types::{Scalar, VarType};

/// A variable of one host function. Indexes [`HostFunction::vars`]; each is
/// bound exactly once (a parameter or a `let`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HostVar(pub u32);

#[derive(Clone, Debug, PartialEq)]
pub struct HostVarInfo {
    pub name: String,
    pub ty: VarType,
}

/// Identifies a host function of a [`crate::ir::FlatProgram`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncId(pub u32);

#[derive(Clone, Debug, PartialEq)]
pub struct HostFunction {
    /// Unique in the program (`dotp`, `qsort^` for a lifted version).
    pub name: String,
    pub params: Vec<HostVar>,
    pub body: Block,
    /// Indexed by [`HostVar`].
    pub vars: Vec<HostVarInfo>,
}

impl HostFunction {
    pub fn var(&self, v: HostVar) -> &HostVarInfo {
        &self.vars[v.0 as usize]
    }

    pub fn new_var(&mut self, name: impl Into<String>, ty: VarType) -> HostVar {
        self.vars.push(HostVarInfo { name: name.into(), ty });
        HostVar(self.vars.len() as u32 - 1)
    }
}

#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Atom {
    Var(HostVar),
    Const(Const),
}

/// Statements run in order; `results` are the block's values.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub results: Vec<Atom>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// Binds the values of `expr` (one per variable).
    Let { vars: Vec<HostVar>, expr: HostExpr },
    /// Faults at `site` unless `cond` (a host bool) holds; the payload
    /// values (up to three scalars) fill in the site's message.
    Assert { cond: Atom, site: FaultId, payload: Vec<Atom> },
    /// Writes a `[char]` array to stdout (`print_string`).
    Print { text: HostVar },
    /// Reports the value of top-level item `item` (only in `main`): the
    /// NESL value of type `ty` represented by `value`.
    Emit { item: usize, ty: Type, value: Repr },
    /// Drops the frame's reference to each array (`free xs, ys`): its
    /// device buffer is released once no other variable or frame holds it.
    /// Inserted by the pass `free-dead-buffers` after a variable's last
    /// use; reading a freed variable is a compiler bug (the flat-IR
    /// evaluator reports it). Freeing a variable that is not bound (one
    /// bound in the branch not taken) or already freed does nothing. A
    /// `free` that directly follows a `let` of a call releases the call's
    /// arguments among its variables when the call starts, not when it
    /// returns: the caller's frame is not read while the callee runs, so
    /// the two are the same but for the memory a recursion holds.
    Free { vars: Vec<HostVar> },
}

#[derive(Clone, Debug, PartialEq)]
pub enum HostExpr {
    Atom(Atom),
    Unary {
        op: UnaryOp,
        ty: Scalar,
        arg: Atom,
    },
    Binary {
        op: BinaryOp,
        ty: Scalar,
        lhs: Atom,
        rhs: Atom,
    },
    /// `#xs` of an array variable.
    Length(HostVar),
    /// A new array of the given scalars, in order, built by the host and
    /// copied to the device (sequence and string literals; `items` may be
    /// empty). Every item has type `elem`.
    Array {
        elem: Scalar,
        items: Vec<Atom>,
    },
    /// Runs a kernel; binds its results.
    Run {
        kernel: KernelId,
        args: Vec<Atom>,
    },
    Call {
        func: FuncId,
        args: Vec<Atom>,
    },
    If {
        cond: Atom,
        then_block: Block,
        else_block: Block,
    },
    /// Runs `block` and binds its results followed by the seconds it took
    /// (a float), the device work included.
    Time {
        block: Block,
    },
}

/// How a NESL value is held in host variables. See note [segment
/// descriptors].
#[derive(Clone, Debug, PartialEq)]
pub enum Repr {
    /// An `int`, `float`, `bool` or `char`.
    Scalar(Atom),
    /// A pair (two components) or a datatype (one per field).
    Tuple(Vec<Repr>),
    Seq(SeqRepr),
}

/// How the elements of a sequence are held: by columns.
#[derive(Clone, Debug, PartialEq)]
pub enum SeqRepr {
    /// Scalars: one array.
    Array(HostVar),
    /// Pairs or datatypes: one column per component (at least one), all of
    /// the sequence's length.
    Tuple(Vec<SeqRepr>),
    /// Sequences: a segment descriptor over the concatenated elements.
    Nested { lengths: HostVar, offsets: HostVar, elements: Box<SeqRepr> },
}

impl SeqRepr {
    /// An array whose length is the sequence's length.
    pub fn length_witness(&self) -> HostVar {
        match self {
            SeqRepr::Array(v) => *v,
            SeqRepr::Tuple(cols) => cols[0].length_witness(),
            SeqRepr::Nested { lengths, .. } => *lengths,
        }
    }
}
