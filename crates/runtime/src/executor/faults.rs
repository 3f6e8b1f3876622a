//! Device faults: from the session's error flag to the NESL program's
//! runtime error.
//!
//! A checked kernel reports a failed `assert` of the flat IR with
//! `nessie_fail(err, 1, site, a, b)` (see `runtime::cl::error_flag`): code
//! [`FAULT_CODE`], the site is the flat program's [`FaultId`], and `a`, `b`
//! are the first two payload values of the `assert` (the values its
//! [`flatten::ir::FaultSite`] message fills in). Payload words carry their
//! value by type, as the `assert`'s payload expressions have it:
//!
//! | payload type | word |
//! |---|---|
//! | `int` | the value |
//! | `float` | its IEEE bits, `as_long(x)` |
//! | `bool` | 0 or 1 |
//! | `char` | the character code |
//!
//! The executor finds the payload types by looking the site up in the flat
//! program's kernels (the `Assert`s, `PERMUTE` checks and `SCATTER` sites
//! that name it), and builds the diagnostic with the site's own builder,
//! [`flatten::ir::FaultSite::diagnostic`]: the same message, span, label
//! and note as the reference interpreter. A site whose message has a third
//! payload value (`{2}`) gets only the two the flag carries.

use flatten::ir::{Const, FaultId, FlatProgram, GExpr, Kernel, Scalar, Soac};

use super::{ExecError, internal};
use crate::cl::{DeviceFault, Session};

/// The fault code of a failed `assert` of the flat IR.
pub const FAULT_CODE: i64 = 1;

/// Waits for the device and reads the error flag: the fault of the NESL
/// program that a kernel reported since the last check, if any, as an
/// error. A synchronisation point.
pub(crate) fn check_device(session: &mut Session, program: &FlatProgram) -> Result<(), ExecError> {
    match session.check_error_flag()? {
        None => Ok(()),
        Some(fault) => Err(fault_error(program, fault)),
    }
}

/// The error a device fault stands for.
pub(crate) fn fault_error(program: &FlatProgram, fault: DeviceFault) -> ExecError {
    if fault.code != FAULT_CODE {
        return internal(format!(
            "a kernel reported fault code {} at site {}; generated kernels only report code {FAULT_CODE}",
            fault.code, fault.site
        ));
    }
    let Some(site) = usize::try_from(fault.site).ok().and_then(|index| program.fault_sites.get(index)) else {
        return internal(format!(
            "a kernel reported a fault at site @{}, which does not exist (the program has {})",
            fault.site,
            program.fault_sites.len()
        ));
    };
    let types = u32::try_from(fault.site).ok().and_then(|id| payload_types(program, FaultId(id)));
    let types = types.unwrap_or_else(|| vec![Scalar::Int, Scalar::Int]);
    let payload: Vec<Const> = types.iter().zip([fault.a, fault.b]).map(|(&ty, word)| decode_word(ty, word)).collect();
    ExecError::Fault(site.diagnostic(&payload))
}

/// A payload word as a value of type `ty` (see the module's table).
pub(crate) fn decode_word(ty: Scalar, word: i64) -> Const {
    match ty {
        Scalar::Int => Const::Int(word),
        Scalar::Float => Const::Float(f64::from_bits(word as u64)),
        Scalar::Bool => Const::Bool(word != 0),
        Scalar::Char => Const::Char(word as u8),
    }
}

/// The types of the payload values of fault site `site`, from the first
/// check in the program's kernels that names it; `None` if none does.
pub(crate) fn payload_types(program: &FlatProgram, site: FaultId) -> Option<Vec<Scalar>> {
    program.kernels.iter().find_map(|kernel| {
        kernel.body.iter().find_map(|binding| match &binding.soac {
            Soac::Permute { check: Some(check), .. } if *check == site => Some(vec![Scalar::Int]),
            Soac::Scatter { site: scatter_site, .. } if *scatter_site == site => Some(vec![Scalar::Int, Scalar::Int]),
            soac => soac_expressions(soac).into_iter().find_map(|expr| assert_payload_types(kernel, expr, site)),
        })
    })
}

/// Every GPU expression of a SOAC: its sizes and its thunks' bodies.
fn soac_expressions(soac: &Soac) -> Vec<&GExpr> {
    match soac {
        Soac::Map { size, pull } => vec![size, &pull.body],
        Soac::Permute { size, values, index, .. }
        | Soac::Scatter { size, values, index, .. }
        | Soac::RadixPass { size, values, digit: index, .. } => {
            vec![size, &values.body, &index.body]
        }
        Soac::Reduce { size, pull, op, .. } | Soac::Scan { size, pull, op, .. } => vec![size, &pull.body, &op.body],
        Soac::Filter { size, pull, pred, .. } => vec![size, &pull.body, &pred.body],
        Soac::Once { body } => vec![body],
        Soac::SegmentIds { size, .. } => vec![size],
        Soac::SegReduce { pull, op, .. } => vec![&pull.body, &op.body],
        Soac::SegScan { elements, pull, op, .. } => vec![elements, &pull.body, &op.body],
    }
}

/// The payload types of the first `Assert` at `site` inside `expr`.
fn assert_payload_types(kernel: &Kernel, expr: &GExpr, site: FaultId) -> Option<Vec<Scalar>> {
    if let GExpr::Assert { site: assert_site, payload, .. } = expr
        && *assert_site == site
    {
        return Some(payload.iter().map(|value| scalar_type(kernel, value).unwrap_or(Scalar::Int)).collect());
    }
    let mut found = None;
    expr.for_each_child(|child| {
        if found.is_none() {
            found = assert_payload_types(kernel, child, site);
        }
    });
    found
}

/// The scalar type of a GPU expression; `None` for a tuple or a variable
/// that does not exist.
fn scalar_type(kernel: &Kernel, expr: &GExpr) -> Option<Scalar> {
    match expr {
        GExpr::Var(v) => kernel.vars.get(v.0 as usize).map(|info| info.ty.scalar()),
        GExpr::Const(c) => Some(c.scalar()),
        GExpr::Read { array, .. } => kernel.vars.get(array.0 as usize).map(|info| info.ty.scalar()),
        GExpr::Length(_) | GExpr::SegmentOf { .. } => Some(Scalar::Int),
        GExpr::ParseNumber { ty, flag, .. } => Some(if *flag { Scalar::Bool } else { *ty }),
        GExpr::Unary { op, ty, .. } => Some(op.result(*ty)),
        GExpr::Binary { op, ty, .. } => Some(op.result(*ty)),
        GExpr::If { then_branch, .. } => scalar_type(kernel, then_branch),
        GExpr::Let { body, .. } | GExpr::Assert { body, .. } => scalar_type(kernel, body),
        GExpr::Loop { result, .. } => scalar_type(kernel, result),
        GExpr::Tuple(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payload_words_decode_by_type() {
        assert_eq!(decode_word(Scalar::Int, -3), Const::Int(-3));
        assert_eq!(decode_word(Scalar::Float, 2.5f64.to_bits() as i64), Const::Float(2.5));
        assert!(matches!(decode_word(Scalar::Float, f64::NAN.to_bits() as i64), Const::Float(x) if x.is_nan()));
        assert_eq!(decode_word(Scalar::Bool, 1), Const::Bool(true));
        assert_eq!(decode_word(Scalar::Char, 97), Const::Char(b'a'));
    }
}
