//! `let ... = host OP(args)` on the OpenCL backend: the arguments' arrays
//! are read back from the device, `flatten::host_ops::apply` (the one
//! definition of each operation, which the flat-IR evaluator runs too)
//! computes the results on the host, and their arrays are uploaded.

use flatten::eval::{ArrayValue, FlatValue, ScalarValue};
use flatten::host_ops::{HostOpError, apply};
use flatten::ir::{Const, FlatProgram, HostOp, Scalar};

use super::emit::read_array;
use super::values::{DeviceArray, HostValue};
use super::{ExecError, internal};
use crate::cl::Session;

/// Runs `op` on `args` (blocking: the arrays are read back first).
pub(crate) fn run_host_op(
    session: &mut Session,
    program: &FlatProgram,
    op: &HostOp,
    args: Vec<HostValue>,
) -> Result<Vec<HostValue>, ExecError> {
    let mut values = Vec::with_capacity(args.len());
    for arg in args {
        values.push(match arg {
            HostValue::Scalar(c) => FlatValue::Scalar(ScalarValue::of_const(c)),
            HostValue::Array(array) => FlatValue::Array(read_array(session, &array)?),
        });
    }
    let results = apply(op, &program.datatypes, &values).map_err(|error| match error {
        HostOpError::Fault(message) => match op.site().and_then(|site| program.fault_sites.get(site.0 as usize)) {
            Some(site) => ExecError::Fault(site.diagnostic_with_message(message)),
            None => internal(format!("`host {}` failed without a fault site: {message}", op.name())),
        },
        HostOpError::Internal(message) => internal(message),
    })?;
    results.into_iter().map(|value| upload(session, value)).collect()
}

fn upload(session: &mut Session, value: FlatValue) -> Result<HostValue, ExecError> {
    let (elem, items): (Scalar, Vec<Const>) = match value {
        FlatValue::Scalar(s) => return Ok(HostValue::Scalar(s.to_const())),
        FlatValue::Array(ArrayValue::Int(v)) => (Scalar::Int, v.iter().map(|&x| Const::Int(x)).collect()),
        FlatValue::Array(ArrayValue::Float(v)) => (Scalar::Float, v.iter().map(|&x| Const::Float(x)).collect()),
        FlatValue::Array(ArrayValue::Bool(v)) => (Scalar::Bool, v.iter().map(|&x| Const::Bool(x != 0)).collect()),
        FlatValue::Array(ArrayValue::Char(v)) => (Scalar::Char, v.iter().map(|&x| Const::Char(x)).collect()),
    };
    Ok(HostValue::Array(DeviceArray::upload(session, elem, &items)?))
}
