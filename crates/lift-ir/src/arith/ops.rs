//! Operator traits: `+`, `-`, `*`, unary `-`, `/` (truncating) and `%`
//! (remainder with the sign of the dividend), each a smart constructor.
//!
//! Every binary operator takes anything `Into<ArithExpr>` on the right
//! (`ArithExpr`, `&ArithExpr`, `i64`, `Var`, `&Var`), works on `&ArithExpr`
//! on the left, and `i64 op ArithExpr` works too. `/` and `%` follow Rust's
//! (and C's) integer semantics, so `x / 2` means what it means on an `i64`.

use std::ops::{Add, Div, Mul, Neg, Rem, Sub};

use super::ArithExpr;

macro_rules! binary_operator {
    ($trait:ident, $method:ident, $build:path) => {
        impl<Rhs: Into<ArithExpr>> $trait<Rhs> for ArithExpr {
            type Output = ArithExpr;
            fn $method(self, rhs: Rhs) -> ArithExpr {
                $build(self, rhs.into())
            }
        }

        impl<Rhs: Into<ArithExpr>> $trait<Rhs> for &ArithExpr {
            type Output = ArithExpr;
            fn $method(self, rhs: Rhs) -> ArithExpr {
                $build(self.clone(), rhs.into())
            }
        }

        impl $trait<ArithExpr> for i64 {
            type Output = ArithExpr;
            fn $method(self, rhs: ArithExpr) -> ArithExpr {
                $build(ArithExpr::cst(self), rhs)
            }
        }

        impl $trait<&ArithExpr> for i64 {
            type Output = ArithExpr;
            fn $method(self, rhs: &ArithExpr) -> ArithExpr {
                $build(ArithExpr::cst(self), rhs.clone())
            }
        }
    };
}

fn add(lhs: ArithExpr, rhs: ArithExpr) -> ArithExpr {
    ArithExpr::sum([lhs, rhs])
}

fn subtract(lhs: ArithExpr, rhs: ArithExpr) -> ArithExpr {
    ArithExpr::sum([lhs, negate(rhs)])
}

fn multiply(lhs: ArithExpr, rhs: ArithExpr) -> ArithExpr {
    ArithExpr::product([lhs, rhs])
}

fn negate(operand: ArithExpr) -> ArithExpr {
    ArithExpr::product([ArithExpr::cst(-1), operand])
}

fn divide(numerator: ArithExpr, denominator: ArithExpr) -> ArithExpr {
    super::simplify_div::divide(numerator, denominator)
}

fn remainder(numerator: ArithExpr, modulus: ArithExpr) -> ArithExpr {
    super::simplify_mod::modulo(numerator, modulus)
}

binary_operator!(Add, add, add);
binary_operator!(Sub, sub, subtract);
binary_operator!(Mul, mul, multiply);
binary_operator!(Div, div, divide);
binary_operator!(Rem, rem, remainder);

impl Neg for ArithExpr {
    type Output = ArithExpr;
    fn neg(self) -> ArithExpr {
        negate(self)
    }
}

impl Neg for &ArithExpr {
    type Output = ArithExpr;
    fn neg(self) -> ArithExpr {
        negate(self.clone())
    }
}
