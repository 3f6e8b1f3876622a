//! Printing: [`Display`](std::fmt::Display) in math notation,
//! [`Debug`](std::fmt::Debug) the same with variable ids, and
//! [`ArithExpr::to_opencl`] as C.
//!
//! Parentheses are minimal: an operand is parenthesised only when its
//! precedence is lower than its position needs (`*`, `/`, `%` are
//! left-associative, so a right operand of the same precedence needs them:
//! `x / (2 * y)`, `N * (i / 2)`). Sums print negative terms with `-`
//! (`x - 3`, `N - l_id`, never `x + -3`), positive terms first. A negated
//! quotient prints as `-x / y`, which C reads as `(-x) / y`: the same value,
//! since truncating division is odd-symmetric.
//!
//! OpenCL C: every variable name given by the caller must denote a `long`
//! (or be a parenthesised expression of that type); literals then promote
//! and the arithmetic is `long` arithmetic, whose `/` and `%` truncate like
//! ours. `min`/`max` are the OpenCL built-ins, `2^e` is `(1L << e)`,
//! `x^k` for a constant `k <= 8` is an unrolled product, `log2(x)` is
//! `(63 - clz(x))`. Any other power prints as `nessie_pow(b, e)`, which the
//! code generator must then define.

use std::fmt;

use super::monomial::{split_coefficient, with_coefficient};
use super::{ArithExpr, ArithKind, Var};

/// Binding strength, loosest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Precedence {
    Additive,
    Multiplicative,
    Power,
    Atom,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Dialect {
    Math,
    OpenCl,
}

/// Powers with a constant exponent up to this are unrolled in OpenCL.
const MAX_UNROLLED_EXPONENT: i64 = 8;

struct Printer<'a> {
    dialect: Dialect,
    name_of: &'a dyn Fn(&Var) -> String,
}

impl ArithExpr {
    /// The expression as OpenCL C over `long`s; `names` gives the C
    /// expression of each variable (see the module documentation).
    pub fn to_opencl(&self, names: &dyn Fn(&Var) -> String) -> String {
        let mut out = String::new();
        Printer { dialect: Dialect::OpenCl, name_of: names }.write(self, &mut out);
        out
    }
}

impl fmt::Display for ArithExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        Printer { dialect: Dialect::Math, name_of: &|var| var.name().to_string() }.write(self, &mut out);
        f.write_str(&out)
    }
}

impl fmt::Debug for ArithExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        Printer { dialect: Dialect::Math, name_of: &|var| format!("{var:?}") }.write(self, &mut out);
        f.write_str(&out)
    }
}

/// A term of a sum printed after `-`: a negative constant or a product with
/// a negative coefficient, negated. `i64::MIN` cannot be negated and prints
/// with `+`.
fn negated_term(term: &ArithExpr) -> Option<ArithExpr> {
    let (coefficient, key) = split_coefficient(term);
    (coefficient < 0 && coefficient != i64::MIN).then(|| with_coefficient(-coefficient, key))
}

impl Printer<'_> {
    fn precedence(&self, expr: &ArithExpr) -> Precedence {
        match expr.kind() {
            ArithKind::Sum(_) => Precedence::Additive,
            ArithKind::Prod(_) | ArithKind::Div(..) | ArithKind::Mod(..) => Precedence::Multiplicative,
            ArithKind::Cst(value) if *value < 0 => Precedence::Multiplicative,
            ArithKind::Pow(..) if self.dialect == Dialect::Math => Precedence::Power,
            _ => Precedence::Atom,
        }
    }

    fn write_operand(&self, expr: &ArithExpr, at_least: Precedence, out: &mut String) {
        if self.precedence(expr) < at_least {
            out.push('(');
            self.write(expr, out);
            out.push(')');
        } else {
            self.write(expr, out);
        }
    }

    fn write(&self, expr: &ArithExpr, out: &mut String) {
        match expr.kind() {
            ArithKind::Cst(value) => self.write_constant(*value, out),
            ArithKind::Var(var) => out.push_str(&(self.name_of)(var)),
            ArithKind::Sum(terms) => self.write_sum(terms, out),
            ArithKind::Prod(factors) => self.write_product(factors, out),
            ArithKind::Div(numerator, denominator) => self.write_binary(numerator, " / ", denominator, out),
            ArithKind::Mod(numerator, modulus) => {
                let operator = if self.dialect == Dialect::Math { " mod " } else { " % " };
                self.write_binary(numerator, operator, modulus, out)
            }
            ArithKind::Min(operands) => self.write_call("min", operands, out),
            ArithKind::Max(operands) => self.write_call("max", operands, out),
            ArithKind::Pow(base, exponent) => self.write_power(base, exponent, out),
            ArithKind::Log2(operand) => match self.dialect {
                Dialect::Math => self.write_call("log2", std::slice::from_ref(operand), out),
                Dialect::OpenCl => {
                    out.push_str("(63 - clz(");
                    self.write(operand, out);
                    out.push_str("))");
                }
            },
        }
    }

    fn write_constant(&self, value: i64, out: &mut String) {
        if value == i64::MIN && self.dialect == Dialect::OpenCl {
            // `-9223372036854775808` is unary minus on a literal too large for `long`.
            out.push_str("(-9223372036854775807L - 1)");
        } else {
            out.push_str(&value.to_string());
        }
    }

    fn write_sum(&self, terms: &[ArithExpr], out: &mut String) {
        // Start with a positive term when there is one: `N - l_id`, not `-l_id + N`.
        let first = terms.iter().position(|term| negated_term(term).is_none()).unwrap_or(0);
        self.write(&terms[first], out);
        for (index, term) in terms.iter().enumerate() {
            if index == first {
                continue;
            }
            match negated_term(term) {
                Some(negated) => {
                    out.push_str(" - ");
                    self.write_operand(&negated, Precedence::Multiplicative, out);
                }
                None => {
                    out.push_str(" + ");
                    self.write_operand(term, Precedence::Multiplicative, out);
                }
            }
        }
    }

    fn write_product(&self, factors: &[ArithExpr], out: &mut String) {
        let (coefficient, rest) = match factors[0].as_cst() {
            Some(coefficient) => (Some(coefficient), &factors[1..]),
            None => (None, factors),
        };
        let mut needs_operator = false;
        match coefficient {
            Some(-1) => out.push('-'),
            Some(coefficient) => {
                self.write_constant(coefficient, out);
                needs_operator = true;
            }
            None => {}
        }
        for factor in rest {
            if needs_operator {
                out.push_str(" * ");
                self.write_operand(factor, Precedence::Power, out);
            } else {
                self.write_operand(factor, Precedence::Multiplicative, out);
                needs_operator = true;
            }
        }
    }

    fn write_binary(&self, left: &ArithExpr, operator: &str, right: &ArithExpr, out: &mut String) {
        self.write_operand(left, Precedence::Multiplicative, out);
        out.push_str(operator);
        self.write_operand(right, Precedence::Power, out);
    }

    fn write_call(&self, function: &str, operands: &[ArithExpr], out: &mut String) {
        out.push_str(function);
        out.push('(');
        if self.dialect == Dialect::OpenCl && operands.len() > 2 {
            // OpenCL's min and max take two operands: min(a, min(b, c)).
            self.write_argument(&operands[0], out);
            out.push_str(", ");
            self.write_call(function, &operands[1..], out);
        } else {
            for (index, operand) in operands.iter().enumerate() {
                if index > 0 {
                    out.push_str(", ");
                }
                self.write_argument(operand, out);
            }
        }
        out.push(')');
    }

    /// An operand of `min` or `max`. In OpenCL C a constant is a `long`
    /// (`4L`): the built-ins are overloaded, and `min(long, int)` is
    /// ambiguous (both one-conversion candidates match), so the build
    /// fails.
    fn write_argument(&self, operand: &ArithExpr, out: &mut String) {
        self.write(operand, out);
        if self.dialect == Dialect::OpenCl
            && let ArithKind::Cst(value) = operand.kind()
            && *value != i64::MIN
        {
            out.push('L');
        }
    }

    fn write_power(&self, base: &ArithExpr, exponent: &ArithExpr, out: &mut String) {
        if self.dialect == Dialect::Math {
            self.write_operand(base, Precedence::Atom, out);
            out.push('^');
            self.write_operand(exponent, Precedence::Atom, out);
            return;
        }
        if let Some(base_value) = base.as_cst()
            && base_value > 1
            && base_value.count_ones() == 1
        {
            let shift = ArithExpr::cst(i64::from(base_value.ilog2())) * exponent;
            out.push_str("(1L << ");
            self.write_operand(&shift, Precedence::Multiplicative, out);
            out.push(')');
            return;
        }
        if let Some(times) = exponent.as_cst()
            && (2..=MAX_UNROLLED_EXPONENT).contains(&times)
        {
            out.push('(');
            for index in 0..times {
                if index > 0 {
                    out.push_str(" * ");
                }
                self.write_operand(base, Precedence::Power, out);
            }
            out.push(')');
            return;
        }
        self.write_call("nessie_pow", &[base.clone(), exponent.clone()], out);
    }
}
