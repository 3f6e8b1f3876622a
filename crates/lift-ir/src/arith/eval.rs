//! Evaluation, free variables, substitution and rebuilding.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use super::{ArithExpr, ArithKind, Var, VarId};

impl ArithExpr {
    /// The value of the expression with each variable's value given by
    /// `env`. `None` when a variable is unbound, on division or `mod` by
    /// zero, a negative exponent, `log2` of a non-positive number, or
    /// overflow of `i64`. Strict: an undefined operand makes the whole
    /// expression undefined, even under `min`, `max` or `* 0`.
    pub fn eval(&self, env: &dyn Fn(VarId) -> Option<i64>) -> Option<i64> {
        // Folds the operands' values left to right without collecting them
        // (the runtime evaluates sizes on every launch): `None` as soon as
        // one is undefined or the fold overflows, as when all were
        // evaluated first. `start` is `None` for `min` and `max` (of no
        // operands: undefined).
        let fold = |operands: &[ArithExpr], start: Option<i64>, step: fn(i64, i64) -> Option<i64>| {
            operands.iter().try_fold(start, |acc, operand| {
                let value = operand.eval(env)?;
                Some(Some(match acc {
                    Some(acc) => step(acc, value)?,
                    None => value,
                }))
            })?
        };
        match self.kind() {
            ArithKind::Cst(value) => Some(*value),
            ArithKind::Var(var) => env(var.id()),
            ArithKind::Sum(terms) => fold(terms, Some(0), i64::checked_add),
            ArithKind::Prod(factors) => fold(factors, Some(1), i64::checked_mul),
            ArithKind::Div(numerator, denominator) => numerator.eval(env)?.checked_div(denominator.eval(env)?),
            ArithKind::Mod(numerator, modulus) => numerator.eval(env)?.checked_rem(modulus.eval(env)?),
            ArithKind::Min(values) => fold(values, None, |a, b| Some(a.min(b))),
            ArithKind::Max(values) => fold(values, None, |a, b| Some(a.max(b))),
            ArithKind::Pow(base, exponent) => {
                let base = base.eval(env)?;
                base.checked_pow(u32::try_from(exponent.eval(env)?).ok()?)
            }
            ArithKind::Log2(operand) => {
                let operand = operand.eval(env)?;
                (operand > 0).then(|| i64::from(operand.ilog2()))
            }
        }
    }

    /// The variables the expression mentions (not those only in their
    /// ranges).
    pub fn free_vars(&self) -> BTreeSet<Var> {
        let mut vars = BTreeSet::new();
        let mut pending = vec![self];
        while let Some(expr) = pending.pop() {
            match expr.kind() {
                ArithKind::Var(var) => {
                    vars.insert(var.clone());
                }
                _ => pending.extend(expr.children()),
            }
        }
        vars
    }

    /// Whether `pred` holds for some variable the expression mentions,
    /// visited in place: no set and no list of children is built, for
    /// callers that ask on every launch (the runtime's sizes).
    pub fn any_var<'a>(&'a self, pred: &mut dyn FnMut(&'a Var) -> bool) -> bool {
        match self.kind() {
            ArithKind::Cst(_) => false,
            ArithKind::Var(var) => pred(var),
            ArithKind::Log2(operand) => operand.any_var(pred),
            ArithKind::Pow(a, b) | ArithKind::Div(a, b) | ArithKind::Mod(a, b) => a.any_var(pred) || b.any_var(pred),
            ArithKind::Prod(operands)
            | ArithKind::Min(operands)
            | ArithKind::Max(operands)
            | ArithKind::Sum(operands) => operands.iter().any(|operand| operand.any_var(pred)),
        }
    }

    /// [`Self::free_vars`] as borrowed variables, each once, in the same
    /// order, without cloning the shared handles into a set.
    pub fn vars(&self) -> Vec<&Var> {
        let mut vars = Vec::new();
        self.any_var(&mut |var| {
            vars.push(var);
            false
        });
        vars.sort();
        vars.dedup();
        vars
    }

    /// Replaces the variables in `replacements` and rebuilds through the
    /// smart constructors, so the result is simplified again.
    pub fn substitute(&self, replacements: &HashMap<VarId, ArithExpr>) -> ArithExpr {
        self.substitute_with(&|var| replacements.get(&var.id()).cloned())
    }

    /// Replaces each variable for which `replacement` answers, and rebuilds
    /// through the smart constructors.
    pub fn substitute_with(&self, replacement: &dyn Fn(&Var) -> Option<ArithExpr>) -> ArithExpr {
        rewrite(self, &|expr| expr.as_var().and_then(replacement), &mut HashMap::new())
    }

    /// Replaces every occurrence of the subexpression `target`.
    pub(super) fn replace_subexpression(&self, target: &ArithExpr, replacement: &ArithExpr) -> ArithExpr {
        rewrite(self, &|expr| (expr == target).then(|| replacement.clone()), &mut HashMap::new())
    }

    /// The same kind of node with new operands (in the order of
    /// [`ArithExpr::children`]), built by the smart constructor of the kind.
    pub fn with_children(&self, children: Vec<ArithExpr>) -> ArithExpr {
        let mut children = children;
        let mut pair = || {
            let right = children.pop().expect("two operands");
            let left = children.pop().expect("two operands");
            (left, right)
        };
        match self.kind() {
            ArithKind::Cst(_) | ArithKind::Var(_) => self.clone(),
            ArithKind::Sum(_) => ArithExpr::sum(children),
            ArithKind::Prod(_) => ArithExpr::product(children),
            ArithKind::Min(_) => ArithExpr::minimum(children),
            ArithKind::Max(_) => ArithExpr::maximum(children),
            ArithKind::Div(..) => {
                let (numerator, denominator) = pair();
                numerator / denominator
            }
            ArithKind::Mod(..) => {
                let (numerator, modulus) = pair();
                numerator.modulo(modulus)
            }
            ArithKind::Pow(..) => {
                let (base, exponent) = pair();
                base.pow(exponent)
            }
            ArithKind::Log2(_) => children.pop().expect("one operand").log2(),
        }
    }
}

/// Rebuilds `expr` bottom-up with `replace` tried on every node first.
/// Unchanged subtrees are returned as they are (they are canonical); shared
/// subtrees are rewritten once (`memo`, by address).
fn rewrite(
    expr: &ArithExpr,
    replace: &dyn Fn(&ArithExpr) -> Option<ArithExpr>,
    memo: &mut HashMap<*const ArithKind, ArithExpr>,
) -> ArithExpr {
    let address = Arc::as_ptr(&expr.0);
    if let Some(done) = memo.get(&address) {
        return done.clone();
    }
    let result = if let Some(replaced) = replace(expr) {
        replaced
    } else {
        let children: Vec<ArithExpr> = expr.children().into_iter().map(|child| rewrite(child, replace, memo)).collect();
        let is_unchanged = children.iter().zip(expr.children()).all(|(new, old)| Arc::ptr_eq(&new.0, &old.0));
        if is_unchanged { expr.clone() } else { expr.with_children(children) }
    };
    memo.insert(address, result.clone());
    result
}
