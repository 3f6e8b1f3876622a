//! The host operations ([`HostOp`]): what `let ... = host OP(args)` means,
//! defined once for both executors of the flat IR (this crate's evaluator
//! and the OpenCL runtime, which reads the arguments' arrays back from the
//! device, calls [`apply`] and uploads the results).
//!
//! Each operation is the reference interpreter's own primitive
//! (`nesl_frontend::eval::files`, `nesl_frontend::eval::strings`, and the
//! value printer for `@`), applied to one value or, segmented, to every
//! element of a sequence: so the texts and numbers are exactly the
//! interpreter's (shortest round-trip floats, correctly rounded parsing)
//! on every backend.

use nesl_frontend::Type;
use nesl_frontend::tast::DataDef;
use nesl_frontend::types::{DataId, DataNames};
use nesl_frontend::value::Value;

use crate::eval::values::{ArrayValue, FlatValue, ScalarValue};
use crate::ir::{HostOp, HostVar, Repr, Scalar, SeqRepr, VarType};

/// Why a host operation did not produce its results.
#[derive(Clone, Debug, PartialEq)]
pub enum HostOpError {
    /// The program's fault, at the operation's fault site, with the
    /// interpreter's message.
    Fault(String),
    /// The arguments do not fit the operation: a compiler bug.
    Internal(String),
}

fn bug(message: impl Into<String>) -> HostOpError {
    HostOpError::Internal(message.into())
}

const BOOL: VarType = VarType::Scalar(Scalar::Bool);
const BOOLS: VarType = VarType::Array(Scalar::Bool);
const INTS: VarType = VarType::Array(Scalar::Int);
const CHARS: VarType = VarType::Array(Scalar::Char);

/// The types of the results of `op` applied to arguments of types `args`,
/// or why the arguments do not fit (the verifier's check).
pub fn signature(op: &HostOp, args: &[VarType]) -> Result<Vec<VarType>, String> {
    let fits = |want: &[VarType]| args == want;
    let results = match op {
        HostOp::ReadFile { .. } if fits(&[CHARS]) => vec![CHARS],
        HostOp::ReadFile { .. } if fits(&[INTS, INTS, CHARS]) => vec![INTS, INTS, CHARS],
        HostOp::WriteFile { .. } if fits(&[CHARS, CHARS, BOOL]) => vec![BOOL],
        HostOp::WriteFile { .. } if fits(&[INTS, INTS, CHARS, INTS, INTS, CHARS, BOOLS]) => vec![BOOLS],
        HostOp::Error { .. } if fits(&[CHARS]) || fits(&[INTS, INTS, CHARS]) => vec![],
        HostOp::Interleave { is_segmented } => {
            let want: Vec<VarType> =
                is_segmented.iter().flat_map(|&s| if s { vec![INTS, INTS, CHARS] } else { vec![CHARS] }).collect();
            if !fits(&want) {
                return Err(format!(
                    "`host interleave` of {} prints does not take {} arguments",
                    is_segmented.len(),
                    args.len()
                ));
            }
            vec![CHARS]
        }
        HostOp::ToString { shape, is_segmented, .. } => {
            let mut vars = Vec::new();
            repr_vars(shape, &mut vars);
            if let Some(v) = vars.iter().find(|v| v.0 as usize >= args.len()) {
                return Err(format!("`host to_string`'s shape names argument {} of {}", v.0, args.len()));
            }
            if *is_segmented { vec![INTS, INTS, CHARS] } else { vec![CHARS] }
        }
        _ => {
            let types: Vec<String> = args.iter().map(|t| t.to_string()).collect();
            return Err(format!("`host {}` does not take ({})", op.name(), types.join(", ")));
        }
    };
    Ok(results)
}

fn repr_vars(repr: &Repr, out: &mut Vec<HostVar>) {
    match repr {
        Repr::Scalar(crate::ir::Atom::Var(v)) => out.push(*v),
        Repr::Scalar(crate::ir::Atom::Const(_)) => {}
        Repr::Tuple(items) => items.iter().for_each(|r| repr_vars(r, out)),
        Repr::Seq(seq) => seq_vars(seq, out),
    }
}

fn seq_vars(seq: &SeqRepr, out: &mut Vec<HostVar>) {
    match seq {
        SeqRepr::Array(v) => out.push(*v),
        SeqRepr::Tuple(columns) => columns.iter().for_each(|c| seq_vars(c, out)),
        SeqRepr::Nested { lengths, offsets, elements } => {
            out.extend([*lengths, *offsets]);
            seq_vars(elements, out);
        }
    }
}

/// The datatypes' names, for `@` of a datatype (`pt(1, 2)`).
struct Names<'a>(&'a [DataDef]);

impl DataNames for Names<'_> {
    fn data_name(&self, id: DataId) -> &str {
        self.0.get(id.0 as usize).map_or("?", |d| d.name.as_str())
    }
}

/// Runs `op` on `args` (whose types [`signature`] accepts).
pub fn apply(op: &HostOp, datatypes: &[DataDef], args: &[FlatValue]) -> Result<Vec<FlatValue>, HostOpError> {
    let types: Vec<VarType> = args.iter().map(FlatValue::var_type).collect();
    signature(op, &types).map_err(HostOpError::Internal)?;
    match op {
        HostOp::ReadFile { .. } if args.len() == 3 => {
            let names = segments(&args[0], &args[1], chars(&args[2])?)?;
            texts_value(names.into_iter().map(|name| {
                let text = nesl_frontend::eval::files::read_file(name).map_err(HostOpError::Fault)?;
                string_of(&text)
            }))
        }
        HostOp::ReadFile { .. } => {
            let text = nesl_frontend::eval::files::read_file(chars(&args[0])?).map_err(HostOpError::Fault)?;
            Ok(vec![FlatValue::Array(ArrayValue::chars(string_of(&text)?))])
        }
        HostOp::WriteFile { .. } if args.len() == 7 => {
            let texts = segments(&args[0], &args[1], chars(&args[2])?)?;
            let names = segments(&args[3], &args[4], chars(&args[5])?)?;
            let FlatValue::Array(ArrayValue::Bool(appends)) = &args[6] else {
                return Err(bug("`host write_file`'s appends that are not a bool array"));
            };
            if names.len() != texts.len() || appends.len() != texts.len() {
                return Err(bug("`host write_file` of columns of different lengths"));
            }
            for ((text, name), &append) in texts.iter().zip(&names).zip(appends.iter()) {
                nesl_frontend::eval::files::write_file(text, name, append != 0).map_err(HostOpError::Fault)?;
            }
            Ok(vec![FlatValue::Array(ArrayValue::bools(&vec![true; texts.len()]))])
        }
        HostOp::WriteFile { .. } => {
            let append = matches!(args[2], FlatValue::Scalar(ScalarValue::Bool(true)));
            nesl_frontend::eval::files::write_file(chars(&args[0])?, chars(&args[1])?, append)
                .map_err(HostOpError::Fault)?;
            Ok(vec![FlatValue::Scalar(ScalarValue::Bool(true))])
        }
        HostOp::Error { .. } => {
            let text = if args.len() == 1 {
                Some(chars(&args[0])?)
            } else {
                segments(&args[0], &args[1], chars(&args[2])?)?.first().copied()
            };
            match text {
                Some(text) => Err(HostOpError::Fault(String::from_utf8_lossy(text).into_owned())),
                None => Ok(vec![]),
            }
        }
        HostOp::Interleave { is_segmented } => {
            let mut prints: Vec<Vec<&[u8]>> = Vec::with_capacity(is_segmented.len());
            let mut next = 0;
            for &segmented in is_segmented {
                if segmented {
                    prints.push(segments(&args[next], &args[next + 1], chars(&args[next + 2])?)?);
                    next += 3;
                } else {
                    prints.push(chars(&args[next])?.chunks(1).collect());
                    next += 1;
                }
            }
            let elements = prints.first().map_or(0, Vec::len);
            if prints.iter().any(|p| p.len() != elements) {
                return Err(bug("`host interleave` of prints of different element counts"));
            }
            let mut text = Vec::new();
            for i in 0..elements {
                for print in &prints {
                    text.extend_from_slice(print[i]);
                }
            }
            Ok(vec![FlatValue::Array(ArrayValue::chars(text))])
        }
        HostOp::ToString { ty, shape, is_segmented } => {
            let frame: Vec<Option<FlatValue>> = args.iter().cloned().map(Some).collect();
            let names = Names(datatypes);
            if !*is_segmented {
                let value = crate::eval::emit::build_value(datatypes, ty, shape, frame).map_err(bug)?;
                let text = value.display(&names).to_string().into_bytes();
                return Ok(vec![FlatValue::Array(ArrayValue::chars(text))]);
            }
            let seq_type = Type::Seq(Box::new(ty.clone()));
            let value = crate::eval::emit::build_value(datatypes, &seq_type, shape, frame).map_err(bug)?;
            let Value::Seq(seq) = value else { return Err(bug("`host to_string` of a segmented non-sequence")) };
            texts_value(seq.iter().map(|element| Ok(element.display(&names).to_string().into_bytes())))
        }
    }
}

/// The characters of a `[char]` argument.
fn chars(value: &FlatValue) -> Result<&[u8], HostOpError> {
    match value {
        FlatValue::Array(ArrayValue::Char(text)) => Ok(text.as_slice()),
        _ => Err(bug("a `[char]` argument that is not a char array")),
    }
}

/// The bytes of a string value of the interpreter.
fn string_of(value: &Value) -> Result<Vec<u8>, HostOpError> {
    value.as_seq().and_then(|s| s.as_chars()).map(<[u8]>::to_vec).ok_or_else(|| bug("a text that is not a string"))
}

/// The texts of a `[[char]]` held as lengths, offsets and characters.
fn segments<'a>(lengths: &FlatValue, offsets: &FlatValue, text: &'a [u8]) -> Result<Vec<&'a [u8]>, HostOpError> {
    let (FlatValue::Array(ArrayValue::Int(lengths)), FlatValue::Array(ArrayValue::Int(offsets))) = (lengths, offsets)
    else {
        return Err(bug("a segment descriptor that is not two int arrays"));
    };
    crate::eval::check_segment_descriptor(lengths, offsets, Some(text.len())).map_err(bug)?;
    Ok(lengths.iter().zip(offsets.iter()).map(|(&n, &o)| &text[o as usize..(o + n) as usize]).collect())
}

/// A `[[char]]` of texts as lengths, offsets and characters.
fn texts_value(texts: impl Iterator<Item = Result<Vec<u8>, HostOpError>>) -> Result<Vec<FlatValue>, HostOpError> {
    let (mut lengths, mut offsets, mut all) = (Vec::new(), Vec::new(), Vec::new());
    for text in texts {
        let text = text?;
        offsets.push(all.len() as i64);
        lengths.push(text.len() as i64);
        all.extend_from_slice(&text);
    }
    Ok(vec![
        FlatValue::Array(ArrayValue::ints(lengths)),
        FlatValue::Array(ArrayValue::ints(offsets)),
        FlatValue::Array(ArrayValue::chars(all)),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::FaultId;

    fn texts(lengths: Vec<i64>, text: &[u8]) -> Vec<FlatValue> {
        let mut offsets = Vec::with_capacity(lengths.len());
        let mut at = 0;
        for &n in &lengths {
            offsets.push(at);
            at += n;
        }
        vec![
            FlatValue::Array(ArrayValue::ints(lengths)),
            FlatValue::Array(ArrayValue::ints(offsets)),
            FlatValue::Array(ArrayValue::chars(text.to_vec())),
        ]
    }

    #[test]
    fn interleaving_takes_each_elements_texts_in_order() {
        let mut args = vec![FlatValue::Array(ArrayValue::chars(b"ab".to_vec()))];
        args.extend(texts(vec![1, 0], b"x"));
        let op = HostOp::Interleave { is_segmented: vec![false, true] };
        assert_eq!(apply(&op, &[], &args).unwrap(), vec![FlatValue::Array(ArrayValue::chars(b"axb".to_vec()))]);
    }

    #[test]
    fn faults_carry_the_interpreters_message_and_bad_arguments_are_bugs() {
        let site = FaultId(0);
        let error = apply(&HostOp::Error { site }, &[], &texts(vec![0, 2], b"no")).unwrap_err();
        assert_eq!(error, HostOpError::Fault("".to_string()));
        assert_eq!(apply(&HostOp::Error { site }, &[], &texts(vec![], b"")).unwrap(), vec![]);
        let error = apply(&HostOp::Error { site }, &[], &[FlatValue::Scalar(ScalarValue::Int(1))]).unwrap_err();
        assert!(matches!(error, HostOpError::Internal(_)));
        let missing =
            apply(&HostOp::ReadFile { site }, &[], &[FlatValue::Array(ArrayValue::chars(b"/nonexistent/x".to_vec()))]);
        assert!(matches!(missing, Err(HostOpError::Fault(m)) if m.contains("cannot read the file")));
    }
}
