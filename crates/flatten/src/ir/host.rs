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

impl Block {
    /// Renames every host variable the block mentions, bound or used, in
    /// nested blocks too: `rename(v)` gives the new name, or `None` to
    /// keep `v`; a `free` drops the variables it gets `None` for (they
    /// are bound nowhere any more).
    pub fn rename_vars(&mut self, rename: &mut impl FnMut(HostVar) -> Option<HostVar>) {
        for stmt in &mut self.stmts {
            match stmt {
                Stmt::Let { vars, expr } => {
                    vars.iter_mut().for_each(|v| rename_var(v, rename));
                    match expr {
                        HostExpr::Atom(a) | HostExpr::Unary { arg: a, .. } | HostExpr::Bound(a) => a.rename_var(rename),
                        HostExpr::Binary { lhs, rhs, .. } => {
                            lhs.rename_var(rename);
                            rhs.rename_var(rename);
                        }
                        HostExpr::Length(v) => rename_var(v, rename),
                        HostExpr::Array { items: atoms, .. }
                        | HostExpr::Run { args: atoms, .. }
                        | HostExpr::Call { args: atoms, .. }
                        | HostExpr::HostOp { args: atoms, .. } => atoms.iter_mut().for_each(|a| a.rename_var(rename)),
                        HostExpr::If { cond, then_block, else_block } => {
                            cond.rename_var(rename);
                            then_block.rename_vars(rename);
                            else_block.rename_vars(rename);
                        }
                        HostExpr::Time { block } => block.rename_vars(rename),
                    }
                }
                Stmt::Assert { cond, payload, .. } => {
                    cond.rename_var(rename);
                    payload.iter_mut().for_each(|a| a.rename_var(rename));
                }
                Stmt::Print { text } => rename_var(text, rename),
                Stmt::Emit { value, .. } => value.rename_vars(rename),
                Stmt::Free { vars } => vars.retain_mut(|v| match rename(*v) {
                    Some(new) => {
                        *v = new;
                        true
                    }
                    None => false,
                }),
            }
        }
        self.results.iter_mut().for_each(|a| a.rename_var(rename));
    }
}

impl Atom {
    /// Renames a variable atom as [`Block::rename_vars`] does.
    pub fn rename_var(&mut self, rename: &mut impl FnMut(HostVar) -> Option<HostVar>) {
        if let Atom::Var(v) = self {
            rename_var(v, rename);
        }
    }
}

fn rename_var(v: &mut HostVar, rename: &mut impl FnMut(HostVar) -> Option<HostVar>) {
    if let Some(new) = rename(*v) {
        *v = new;
    }
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
    /// `bound x`: an upper bound of the int `x` that the host knows
    /// without waiting for the device: `x` itself where the host knows it,
    /// else the bound of a count still on the device (runtime's note
    /// [pending integers]). Only a choice between computations of equal
    /// results may depend on it (a heuristic such as
    /// `materialize-segment-ids`'s): the flat evaluator gives `x`, the
    /// OpenCL executor may give more, and the program must print the
    /// same either way.
    Bound(Atom),
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
    /// An operation the host performs itself on whole values: NESL's file
    /// I/O and the formatting and parsing of numbers in strings. The
    /// arguments' arrays are read back from the device, the host computes
    /// the results (`crate::host_ops`, the one definition both executors
    /// call) and uploads the arrays among them. See [`HostOp`] for each
    /// operation's arguments and results.
    HostOp {
        op: HostOp,
        args: Vec<Atom>,
    },
}

/// The operations of [`HostExpr::HostOp`]. The string operations come in
/// two forms: on one value (a `[char]` is one array) and *segmented*, on
/// every element of a sequence at once (a `[[char]]` is its `lengths`,
/// `offsets` and characters), which is how an apply-to-each runs them.
#[derive(Clone, Debug, PartialEq)]
pub enum HostOp {
    /// `__read_file(name)`: `[char] -> [char]`; or segmented, `[[char]] ->
    /// [[char]]`, each file read in element order. A file that cannot be
    /// read faults at `site`.
    ReadFile { site: FaultId },
    /// `__write_file(text, name, append)`: `([char], [char], bool) -> bool`;
    /// or segmented, `([[char]], [[char]], [bool]) -> [bool]`, each element
    /// written in element order. A file that cannot be written faults at
    /// `site`.
    WriteFile { site: FaultId },
    /// `__error(message)` of a computed message: `[char] -> ()`, a fault at
    /// `site` with the text; or segmented, `([int], [int], [char]) -> ()`,
    /// a fault with the first text, if there is one (the first instance of
    /// an apply-to-each that reaches the error).
    Error { site: FaultId },
    /// The texts several prints of one apply-to-each print, in the order
    /// the interpreter prints them: every print's text of the first
    /// element, in order, then of the second element, and so on. One
    /// argument group per print: with `is_segmented[k]`, a text per element
    /// (lengths, offsets, characters), else one character per element (a
    /// `[char]` column); every print has the same number of elements.
    /// The result is one `[char]`.
    Interleave { is_segmented: Vec<bool> },
    /// `@` of a value of type `ty` held by the arguments as `shape` says
    /// (its variables are argument positions: `HostVar(k)` is `args[k]`):
    /// one `[char]`; or, when `is_segmented`, `shape` holds a sequence of
    /// `ty` and the result is the text of each element (lengths, offsets,
    /// characters).
    ToString { ty: Type, shape: Repr, is_segmented: bool },
}

impl HostOp {
    /// The name the IR printer shows (`host parse_int`).
    pub fn name(&self) -> &'static str {
        match self {
            HostOp::ReadFile { .. } => "read_file",
            HostOp::WriteFile { .. } => "write_file",
            HostOp::ToString { .. } => "to_string",
            HostOp::Error { .. } => "error",
            HostOp::Interleave { .. } => "interleave",
        }
    }

    /// Whether running the operation does more than compute its results:
    /// file I/O, and operations that can fault. Such a statement is never
    /// removed or reordered.
    pub fn has_effect(&self) -> bool {
        self.site().is_some()
    }

    /// The fault site of an operation that can fail.
    pub fn site(&self) -> Option<FaultId> {
        match self {
            HostOp::ReadFile { site } | HostOp::WriteFile { site } | HostOp::Error { site } => Some(*site),
            _ => None,
        }
    }

    /// The fault site, to renumber.
    pub fn site_mut(&mut self) -> Option<&mut FaultId> {
        match self {
            HostOp::ReadFile { site } | HostOp::WriteFile { site } | HostOp::Error { site } => Some(site),
            _ => None,
        }
    }
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

impl Repr {
    /// Renames the variables of the value as [`Block::rename_vars`] does.
    pub fn rename_vars(&mut self, rename: &mut impl FnMut(HostVar) -> Option<HostVar>) {
        match self {
            Repr::Scalar(a) => a.rename_var(rename),
            Repr::Tuple(items) => items.iter_mut().for_each(|r| r.rename_vars(rename)),
            Repr::Seq(s) => s.rename_vars(rename),
        }
    }
}

impl SeqRepr {
    /// Renames the arrays of the sequence as [`Block::rename_vars`] does.
    pub fn rename_vars(&mut self, rename: &mut impl FnMut(HostVar) -> Option<HostVar>) {
        match self {
            SeqRepr::Array(v) => rename_var(v, rename),
            SeqRepr::Tuple(cols) => cols.iter_mut().for_each(|c| c.rename_vars(rename)),
            SeqRepr::Nested { lengths, offsets, elements } => {
                rename_var(lengths, rename);
                rename_var(offsets, rename);
                elements.rename_vars(rename);
            }
        }
    }
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
