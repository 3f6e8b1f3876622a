//! Building host functions: statements in A-normal form, nested blocks for
//! `if` and `time`, and a little constant folding of host arithmetic.

use std::collections::HashMap;

use crate::context::Size;
use crate::ir::{Atom, BinaryOp, Block, Const, FaultId, HostExpr, HostFunction, HostVar, Scalar, Stmt, VarType};

/// A host function under construction. Statements go to the innermost open
/// block.
pub(crate) struct FunctionBuilder {
    pub function: HostFunction,
    /// The open blocks, outermost first; never empty.
    blocks: Vec<OpenBlock>,
    /// The number of blocks opened so far.
    opened: u32,
}

/// Identifies a block of a function being built: what is bound in it is
/// visible while it is open.
pub(crate) type BlockId = u32;

#[derive(Default)]
struct OpenBlock {
    id: BlockId,
    stmts: Vec<Stmt>,
    /// `#xs` already bound in this block or an enclosing one.
    lengths: HashMap<HostVar, HostVar>,
}

impl FunctionBuilder {
    pub fn new(name: impl Into<String>) -> FunctionBuilder {
        FunctionBuilder {
            function: HostFunction { name: name.into(), params: Vec::new(), body: Block::default(), vars: Vec::new() },
            blocks: vec![OpenBlock::default()],
            opened: 1,
        }
    }

    pub fn var(&mut self, name: impl Into<String>, ty: VarType) -> HostVar {
        self.function.new_var(name, ty)
    }

    pub fn var_type(&self, v: HostVar) -> VarType {
        self.function.var(v).ty
    }

    pub fn push(&mut self, stmt: Stmt) {
        self.blocks.last_mut().expect("an open block").stmts.push(stmt);
    }

    /// `let name : ty = expr`
    pub fn let_(&mut self, name: &str, ty: VarType, expr: HostExpr) -> HostVar {
        let v = self.var(name, ty);
        self.push(Stmt::Let { vars: vec![v], expr });
        v
    }

    pub fn assert(&mut self, cond: Atom, site: FaultId, payload: Vec<Atom>) {
        if cond != Atom::Const(Const::Bool(true)) {
            self.push(Stmt::Assert { cond, site, payload });
        }
    }

    /// Opens a nested block (a branch of an `if`, the body of a `time`).
    pub fn begin_block(&mut self) {
        let lengths = self.blocks.last().map(|b| b.lengths.clone()).unwrap_or_default();
        self.blocks.push(OpenBlock { id: self.opened, stmts: Vec::new(), lengths });
        self.opened += 1;
    }

    /// Closes the innermost block, whose values are `results`.
    pub fn end_block(&mut self, results: Vec<Atom>) -> Block {
        let block = self.blocks.pop().expect("an open block");
        debug_assert!(!self.blocks.is_empty(), "closed the function's body");
        Block { stmts: block.stmts, results }
    }

    pub fn finish(mut self, results: Vec<Atom>) -> HostFunction {
        debug_assert_eq!(self.blocks.len(), 1, "a block left open");
        let block = self.blocks.pop().expect("the body");
        self.function.body = Block { stmts: block.stmts, results };
        self.function
    }

    /// The innermost open block.
    pub fn current_block(&self) -> BlockId {
        self.blocks.last().map_or(0, |b| b.id)
    }

    /// Whether what block `id` binds is visible here.
    pub fn is_open(&self, id: BlockId) -> bool {
        self.blocks.iter().any(|b| b.id == id)
    }

    /// `#array`, bound once per block.
    pub fn length(&mut self, array: HostVar) -> Atom {
        if let Some(n) = self.blocks.last().and_then(|b| b.lengths.get(&array)) {
            return Atom::Var(*n);
        }
        let name = format!("n_{}", self.function.var(array).name);
        let n = self.let_(&name, VarType::Scalar(Scalar::Int), HostExpr::Length(array));
        self.blocks.last_mut().expect("an open block").lengths.insert(array, n);
        Atom::Var(n)
    }

    /// The number of instances of a level, as a host int.
    pub fn size(&mut self, size: &Size) -> Atom {
        match size {
            Size::LengthOf(v) => self.length(*v),
            Size::Count(a) => *a,
        }
    }

    /// `lhs op rhs` on the host, folded when both are constants.
    pub fn binary(&mut self, op: BinaryOp, ty: Scalar, lhs: Atom, rhs: Atom) -> Atom {
        if let (Atom::Const(Const::Int(a)), Atom::Const(Const::Int(b))) = (lhs, rhs) {
            let folded = match op {
                BinaryOp::Add => Some(Const::Int(a.wrapping_add(b))),
                BinaryOp::Sub => Some(Const::Int(a.wrapping_sub(b))),
                BinaryOp::Mul => Some(Const::Int(a.wrapping_mul(b))),
                BinaryOp::Eq => Some(Const::Bool(a == b)),
                BinaryOp::Ne => Some(Const::Bool(a != b)),
                BinaryOp::Lt => Some(Const::Bool(a < b)),
                BinaryOp::Le => Some(Const::Bool(a <= b)),
                BinaryOp::Gt => Some(Const::Bool(a > b)),
                BinaryOp::Ge => Some(Const::Bool(a >= b)),
                BinaryOp::Max => Some(Const::Int(a.max(b))),
                BinaryOp::Min => Some(Const::Int(a.min(b))),
                _ => None,
            };
            if let Some(c) = folded {
                return Atom::Const(c);
            }
        }
        match (op, lhs, rhs) {
            (BinaryOp::Mul, Atom::Const(Const::Int(1)), x)
            | (BinaryOp::Mul, x, Atom::Const(Const::Int(1)))
            | (BinaryOp::Div, x, Atom::Const(Const::Int(1)))
            | (BinaryOp::Sub, x, Atom::Const(Const::Int(0))) => {
                return x;
            }
            (BinaryOp::Add, Atom::Const(Const::Int(0)), x) | (BinaryOp::Add, x, Atom::Const(Const::Int(0))) => {
                return x;
            }
            (BinaryOp::Or, Atom::Const(Const::Bool(false)), x) | (BinaryOp::Or, x, Atom::Const(Const::Bool(false))) => {
                return x;
            }
            (BinaryOp::Or, Atom::Const(Const::Bool(true)), _) | (BinaryOp::Or, _, Atom::Const(Const::Bool(true))) => {
                return Atom::Const(Const::Bool(true));
            }
            _ => {}
        }
        let result = VarType::Scalar(op.result(ty));
        Atom::Var(self.let_("t", result, HostExpr::Binary { op, ty, lhs, rhs }))
    }
}
