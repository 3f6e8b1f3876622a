//! Iteration sizes, symbolically, in terms of a host function's variables.
//!
//! Two kernels may be fused horizontally only if they iterate over the same
//! space, and a vertical rule may need the consumer to iterate exactly over
//! the producer's elements. Sizes are compared as [`SymSize`]s: a kernel's
//! size expression (`#xs`, `n`, `n * 2`) with its parameters replaced by the
//! host atoms `run` passes, and host `let`s replaced by their definitions
//! (`let n = #xs` makes `n` the length of `xs`; the length of a `MAP`'s
//! result is the `MAP`'s size). What cannot be resolved stays a symbol: a
//! function parameter, the result of a call, the length of a `FILTER`'s
//! result.
//!
//! [`SymSize::binary`] is the only way to combine sizes, and it folds
//! constants and orders the operands of `+` and `*`, so equal sizes
//! compare equal structurally.

use std::collections::HashMap;
use std::fmt;

use flatten::ir::{
    Atom, BinaryOp, Block, Const, FlatProgram, GExpr, HostExpr, HostFunction, HostVar, KVar, Kernel, Soac, Stmt,
};

/// A host integer, symbolically.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SymSize {
    Const(i64),
    /// A host scalar that is not defined from other sizes: a parameter, the
    /// result of a call, a run or an `if`.
    Var(HostVar),
    /// The length of a host array whose length is not known otherwise (a
    /// parameter, a `FILTER` result, a call result).
    Length(HostVar),
    Binary(BinaryOp, Box<SymSize>, Box<SymSize>),
    /// A length no host variable names: the result of a `FILTER` inside a
    /// kernel, named by the kernel variable that holds it.
    KernelLocal(String),
}

impl SymSize {
    /// The summands of a size: the operands of its nested `+`s, in order
    /// (a size that is no sum is its own one summand).
    pub fn summands(&self) -> Vec<&SymSize> {
        match self {
            SymSize::Binary(BinaryOp::Add, lhs, rhs) => {
                let mut terms = lhs.summands();
                terms.extend(rhs.summands());
                terms
            }
            other => vec![other],
        }
    }

    /// Whether `self` is `part` plus at least one more summand: every
    /// summand of `part` is one of `self`'s (counted with multiplicity),
    /// and `self` has more.
    pub fn strictly_contains_sum(&self, part: &SymSize) -> bool {
        let mut rest = self.summands();
        for term in part.summands() {
            match rest.iter().position(|t| *t == term) {
                Some(at) => {
                    rest.remove(at);
                }
                None => return false,
            }
        }
        !rest.is_empty()
    }

    /// `lhs op rhs`, folded and ordered.
    pub fn binary(op: BinaryOp, lhs: SymSize, rhs: SymSize) -> SymSize {
        use BinaryOp::*;
        if let (SymSize::Const(a), SymSize::Const(b)) = (&lhs, &rhs) {
            let folded = match op {
                Add => a.checked_add(*b),
                Sub => a.checked_sub(*b),
                Mul => a.checked_mul(*b),
                Div if *b != 0 => a.checked_div(*b),
                Min => Some(*a.min(b)),
                Max => Some(*a.max(b)),
                _ => None,
            };
            if let Some(value) = folded {
                return SymSize::Const(value);
            }
        }
        match (op, &lhs, &rhs) {
            (Add, _, SymSize::Const(0)) | (Sub, _, SymSize::Const(0)) => return lhs,
            (Add, SymSize::Const(0), _) => return rhs,
            (Mul, _, SymSize::Const(1)) | (Div, _, SymSize::Const(1)) => return lhs,
            (Mul, SymSize::Const(1), _) => return rhs,
            _ => {}
        }
        let (lhs, rhs) = if matches!(op, Add | Mul | Min | Max) && order_key(&rhs) < order_key(&lhs) {
            (rhs, lhs)
        } else {
            (lhs, rhs)
        };
        SymSize::Binary(op, Box::new(lhs), Box::new(rhs))
    }

    /// The size as text, with host variables named by `name`.
    pub fn display<'a>(&'a self, name: &'a dyn Fn(HostVar) -> String) -> impl fmt::Display + 'a {
        DisplaySize { size: self, name }
    }
}

fn order_key(s: &SymSize) -> String {
    format!("{s:?}")
}

struct DisplaySize<'a> {
    size: &'a SymSize,
    name: &'a dyn Fn(HostVar) -> String,
}

impl fmt::Display for DisplaySize<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.name;
        match self.size {
            SymSize::Const(c) => write!(f, "{c}"),
            SymSize::Var(v) => f.write_str(&name(*v)),
            SymSize::Length(v) => write!(f, "#{}", name(*v)),
            SymSize::KernelLocal(text) => f.write_str(text),
            SymSize::Binary(op, lhs, rhs) => {
                let (l, r) = (lhs.display(name), rhs.display(name));
                if op.is_infix() {
                    write!(f, "({l} {} {r})", op.symbol())
                } else {
                    write!(f, "{}({l}, {r})", op.symbol())
                }
            }
        }
    }
}

/// The sizes a host function's variables stand for: the value of each int
/// scalar and the length of each array, as far as they are known.
#[derive(Clone, Debug, Default)]
pub struct FunctionSizes {
    values: HashMap<HostVar, SymSize>,
    lengths: HashMap<HostVar, SymSize>,
    /// Array aliases (`let ys = xs`) resolved to the first name.
    aliases: HashMap<HostVar, HostVar>,
}

impl FunctionSizes {
    /// Walks every block of `function` (variables are bound once per
    /// function, so one table serves all its regions).
    pub fn of_function(program: &FlatProgram, function: &HostFunction) -> FunctionSizes {
        let mut sizes = FunctionSizes::default();
        sizes.walk_block(program, function, &function.body);
        sizes
    }

    /// The value of an int atom.
    pub fn value(&self, atom: &Atom) -> SymSize {
        match atom {
            Atom::Const(Const::Int(c)) => SymSize::Const(*c),
            Atom::Const(other) => SymSize::KernelLocal(other.to_string()),
            Atom::Var(v) => self.values.get(v).cloned().unwrap_or(SymSize::Var(*v)),
        }
    }

    /// The length of an array variable.
    pub fn length(&self, array: HostVar) -> SymSize {
        let array = self.canonical_array(array);
        self.lengths.get(&array).cloned().unwrap_or(SymSize::Length(array))
    }

    /// The variable an array is an alias of (itself if none).
    pub fn canonical_array(&self, array: HostVar) -> HostVar {
        self.aliases.get(&array).copied().unwrap_or(array)
    }

    fn walk_block(&mut self, program: &FlatProgram, function: &HostFunction, block: &Block) {
        for stmt in &block.stmts {
            let Stmt::Let { vars, expr } = stmt else { continue };
            match expr {
                HostExpr::Atom(Atom::Var(w)) if vars.len() == 1 => {
                    if function.var(*w).ty.is_array() {
                        let target = self.canonical_array(*w);
                        self.aliases.insert(vars[0], target);
                    } else {
                        let value = self.value(&Atom::Var(*w));
                        self.values.insert(vars[0], value);
                    }
                }
                HostExpr::Atom(Atom::Const(Const::Int(c))) if vars.len() == 1 => {
                    self.values.insert(vars[0], SymSize::Const(*c));
                }
                HostExpr::Binary { op, ty: flatten::ir::Scalar::Int, lhs, rhs } if vars.len() == 1 => {
                    if matches!(op, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div) {
                        let value = SymSize::binary(*op, self.value(lhs), self.value(rhs));
                        self.values.insert(vars[0], value);
                    }
                }
                HostExpr::Length(a) if vars.len() == 1 => {
                    let length = self.length(*a);
                    self.values.insert(vars[0], length);
                }
                HostExpr::Array { items, .. } if vars.len() == 1 => {
                    self.lengths.insert(vars[0], SymSize::Const(items.len() as i64));
                }
                HostExpr::Run { kernel, args } => {
                    let kernel = program.kernel(*kernel);
                    let resolver = ArgResolver { kernel, args, sizes: self };
                    let lengths: Vec<Option<SymSize>> =
                        kernel.results.iter().map(|&r| resolver.result_length(r)).collect();
                    for (&var, length) in vars.iter().zip(lengths) {
                        match length {
                            // A FILTER's result is named by its host variable.
                            Some(SymSize::KernelLocal(_)) | None => {}
                            Some(length) => {
                                self.lengths.insert(var, length);
                            }
                        }
                    }
                }
                HostExpr::If { then_block, else_block, .. } => {
                    self.walk_block(program, function, then_block);
                    self.walk_block(program, function, else_block);
                }
                HostExpr::Time { block } => self.walk_block(program, function, block),
                _ => {}
            }
        }
    }
}

/// Resolves a kernel's expressions to host sizes through the atoms that
/// `run` passes for its parameters.
pub struct ArgResolver<'a> {
    pub kernel: &'a Kernel,
    pub args: &'a [Atom],
    pub sizes: &'a FunctionSizes,
}

impl ArgResolver<'_> {
    fn arg_of(&self, param: KVar) -> Option<&Atom> {
        let position = self.kernel.params.iter().position(|&p| p == param)?;
        self.args.get(position)
    }

    /// The host size of an int expression of the kernel (outside thunks:
    /// parameters, lengths, constants and arithmetic).
    pub fn resolve(&self, expr: &GExpr) -> Option<SymSize> {
        match expr {
            GExpr::Const(Const::Int(c)) => Some(SymSize::Const(*c)),
            GExpr::Var(v) => Some(self.sizes.value(self.arg_of(*v)?)),
            GExpr::Length(v) => self.length_of(*v),
            GExpr::Binary { op, ty: flatten::ir::Scalar::Int, lhs, rhs } => {
                Some(SymSize::binary(*op, self.resolve(lhs)?, self.resolve(rhs)?))
            }
            _ => None,
        }
    }

    /// The length of an array variable of the kernel: a parameter's through
    /// its argument, a result's through the SOAC that binds it.
    pub fn length_of(&self, v: KVar) -> Option<SymSize> {
        if let Some(atom) = self.arg_of(v) {
            return match atom {
                Atom::Var(h) => Some(self.sizes.length(*h)),
                Atom::Const(_) => None,
            };
        }
        self.result_length(v)
    }

    /// The length of a result of the kernel's SOACs, when the SOAC fixes
    /// it; a `FILTER`'s result has a length of its own.
    pub fn result_length(&self, v: KVar) -> Option<SymSize> {
        if self.kernel.params.contains(&v) {
            return self.length_of(v);
        }
        let binding = self.kernel.body.iter().find(|b| b.results.contains(&v))?;
        if !self.kernel.var(v).ty.is_array() {
            return None;
        }
        match &binding.soac {
            Soac::Map { size, .. }
            | Soac::Scan { size, .. }
            | Soac::Permute { size, .. }
            | Soac::RadixPass { size, .. }
            | Soac::SegmentIds { size, .. } => self.resolve(size),
            Soac::Scatter { base, .. } => base.first().and_then(|&b| self.length_of(b)),
            Soac::SegReduce { segments, .. } => self.length_of(segments.lengths),
            Soac::SegScan { elements, .. } => self.resolve(elements),
            // The counts before the offsets, one per offset.
            Soac::Filter { before: Some(offsets), .. } if binding.results.last() == Some(&v) => {
                self.length_of(*offsets)
            }
            Soac::Filter { .. } => Some(SymSize::KernelLocal(format!(
                "#{}_{}",
                self.kernel.var(binding.results[0]).name,
                binding.results[0].0
            ))),
            Soac::Reduce { .. } | Soac::Once { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use flatten::ir::{BinaryOp, HostVar};

    use super::SymSize;

    fn sum(terms: &[SymSize]) -> SymSize {
        terms.iter().cloned().reduce(|a, b| SymSize::binary(BinaryOp::Add, a, b)).unwrap_or(SymSize::Const(0))
    }

    /// `#a + #b + t` strictly contains `#b + #a` (any order), not itself,
    /// not `#a + #a`, and not a product it does not hold as a summand.
    #[test]
    fn a_sum_contains_the_sums_of_its_summands() {
        let (a, b, t) = (SymSize::Length(HostVar(0)), SymSize::Length(HostVar(1)), SymSize::Var(HostVar(2)));
        let whole = sum(&[a.clone(), b.clone(), t.clone()]);
        assert_eq!(whole.summands().len(), 3);
        assert!(whole.strictly_contains_sum(&sum(&[b.clone(), a.clone()])));
        assert!(whole.strictly_contains_sum(&t));
        assert!(!whole.strictly_contains_sum(&whole));
        assert!(!whole.strictly_contains_sum(&sum(&[a.clone(), a.clone()])));
        assert!(!whole.strictly_contains_sum(&SymSize::binary(BinaryOp::Mul, a, b)));
    }
}
