//! The primitives the host runs itself (`HostExpr::HostOp`, defined in
//! `host_ops.rs`): file I/O (`__read_file`, `__write_file`) and `@` of
//! sequences, pairs and datatypes (`string_prims.rs` does ints, bools,
//! chars and floats on the device). Here too, on the device: `exp_string`
//! (its lengths, then a `MAP` over its characters, `string_prims.rs`) and
//! `parse_int`/`parse_float` (`GExpr::ParseNumber` over each text's range,
//! a `ONCE` in the host context, a `MAP` over the instances when lifted).
//!
//! In the host context each host operation is one `host` statement on the
//! value's variables. Inside an apply-to-each `@` runs once for all
//! instances, segmented: the argument is made dense over the level's
//! instances (`dense_at`), and the results are a text per instance as a
//! segment descriptor over the characters. File I/O inside an
//! apply-to-each is one host operation over all instances too, which reads
//! (or writes) each instance's file in instance order, so a fault names the
//! first file, in element order, that cannot be read or written, after the
//! earlier elements' files were written, as in the interpreter (note
//! [file I/O in parallel]).
//!
//! Note [file I/O in parallel]
//! ---------------------------
//! The interpreter runs an apply-to-each element by element, each
//! element's I/O calls in the order it meets them. The flat backends run
//! each I/O call of the body once for all elements, segmented, in element
//! order, and the calls one after the other. The two orders are the same
//! unless one element's call touches a file another call of the same
//! apply-to-each reads or writes for a later element (two calls in the
//! body, or the two branches of a conditional, on one file), or a part of
//! the body before the I/O faults for a later element (the interpreter
//! has written the earlier elements' files by then; the flat backends
//! fault before any of the call's I/O).

use nesl_frontend::builtins::Prim;
use nesl_frontend::tast::ExprId;

use crate::context::Size;
use crate::error::{FlattenError, Result};
use crate::flatten_program::FnCx;
use crate::ir::{
    Atom, BinaryOp, Const, GExpr, HostExpr, HostOp, HostVar, Repr, Scalar, SeqRepr, Soac, Stmt, UnaryOp, VarType,
};
use crate::kernel_code::KernelBuilder;
use crate::representation::{LiftedScalar, LiftedSeq, Val, scalar_type};
use crate::scalar_code::{HostEmitter, ThunkEmitter};
use crate::scalar_prims::ScalarEmitter;
use crate::segmented_prims::position_in_segment;
use crate::string_prims;

/// Whether `prim` of arguments of these types is handled here (a host
/// operation, or `exp_string`/`parse_*` on the device).
fn is_host_prim(program: &nesl_frontend::tast::Program, prim: Prim, args: &[ExprId]) -> bool {
    match prim {
        Prim::ReadFile | Prim::WriteFile | Prim::ParseInt | Prim::ParseFloat | Prim::ExpString => true,
        Prim::ToString => !matches!(scalar_type(&program.exprs[args[0]].ty), Ok(ty) if string_prims::formats(ty)),
        _ => false,
    }
}

/// A value's representation with its variables renumbered as argument
/// positions (`HostOp::ToString`'s shape), and the arguments.
struct Shape {
    args: Vec<Atom>,
}

impl Shape {
    fn var(&mut self, v: HostVar) -> HostVar {
        self.args.push(Atom::Var(v));
        HostVar(self.args.len() as u32 - 1)
    }

    fn repr(&mut self, repr: &Repr) -> Repr {
        match repr {
            Repr::Scalar(Atom::Var(v)) => Repr::Scalar(Atom::Var(self.var(*v))),
            Repr::Scalar(c @ Atom::Const(_)) => Repr::Scalar(*c),
            Repr::Tuple(items) => Repr::Tuple(items.iter().map(|r| self.repr(r)).collect()),
            Repr::Seq(seq) => Repr::Seq(self.seq(seq)),
        }
    }

    fn seq(&mut self, seq: &SeqRepr) -> SeqRepr {
        match seq {
            SeqRepr::Array(v) => SeqRepr::Array(self.var(*v)),
            SeqRepr::Tuple(columns) => SeqRepr::Tuple(columns.iter().map(|c| self.seq(c)).collect()),
            SeqRepr::Nested { lengths, offsets, elements } => {
                let (lengths, offsets) = (self.var(*lengths), self.var(*offsets));
                SeqRepr::Nested { lengths, offsets, elements: Box::new(self.seq(elements)) }
            }
        }
    }
}

fn chars_of(repr: Repr) -> Result<Atom> {
    match repr {
        Repr::Seq(SeqRepr::Array(v)) => Ok(Atom::Var(v)),
        _ => Err(FlattenError::bug("a string that is not one char array")),
    }
}

fn scalar_of(repr: Repr) -> Result<Atom> {
    match repr {
        Repr::Scalar(a) => Ok(a),
        _ => Err(FlattenError::bug("a scalar argument that is not a scalar")),
    }
}

/// The interpreter's message for `exp_string` of a digit count out of
/// range, with the count as payload `{0}`.
fn exp_string_range() -> String {
    format!("`exp_string`: {{0}} digits asked for (0 to {} allowed)", crate::numtext::MAX_EXP_DIGITS)
}

const INTS: VarType = VarType::Array(Scalar::Int);
const CHARS: VarType = VarType::Array(Scalar::Char);
const BOOLS: VarType = VarType::Array(Scalar::Bool);

/// The lengths, offsets and characters of a dense lifted string.
fn lifted_texts(seq: SeqRepr) -> Result<(Atom, Atom, Atom)> {
    let SeqRepr::Nested { lengths, offsets, elements } = seq else {
        return Err(FlattenError::bug("lifted strings that are not nested"));
    };
    Ok((Atom::Var(lengths), Atom::Var(offsets), chars_of(Repr::Seq(*elements))?))
}

/// The text of one print of an apply-to-each that prints more than once
/// per element, kept until the apply-to-each ends: one character per
/// element (`print_char`), or a text per element (`print_string`).
pub(crate) enum PendingPrint {
    Chars(HostVar),
    Texts { lengths: HostVar, offsets: HostVar, chars: HostVar },
}

impl FnCx<'_, '_> {
    /// A print of an apply-to-each of the host context that prints more
    /// than once per element, directly in its body (every element runs
    /// it once): its texts wait for the region's end ([`Self::print_pending`]).
    pub(crate) fn defer_print(&mut self, prim: Prim, args: &[ExprId]) -> Result<Val> {
        let value = self.compile(args[0])?;
        let level = self.levels.current();
        let pending = match (prim, self.dense_at(&value, level)?) {
            (Prim::PrintChar, SeqRepr::Array(chars)) => PendingPrint::Chars(chars),
            (Prim::PrintString, SeqRepr::Nested { lengths, offsets, elements }) => match *elements {
                SeqRepr::Array(chars) => PendingPrint::Texts { lengths, offsets, chars },
                _ => return Err(FlattenError::bug("lifted strings whose characters are not one array")),
            },
            _ => return Err(FlattenError::bug("a print of a value that is not a char or a string")),
        };
        self.pending_prints.push(pending);
        Ok(Val::Uniform(Repr::Scalar(Atom::Const(crate::ir::Const::Bool(true)))))
    }

    /// Prints the texts of the region's prints, interleaved by element.
    pub(crate) fn print_pending(&mut self) -> Result<()> {
        if self.pending_prints.is_empty() {
            return Ok(());
        }
        let mut args = Vec::new();
        let mut is_segmented = Vec::new();
        for pending in std::mem::take(&mut self.pending_prints) {
            match pending {
                PendingPrint::Chars(chars) => {
                    args.push(Atom::Var(chars));
                    is_segmented.push(false);
                }
                PendingPrint::Texts { lengths, offsets, chars } => {
                    args.extend([Atom::Var(lengths), Atom::Var(offsets), Atom::Var(chars)]);
                    is_segmented.push(true);
                }
            }
        }
        let text = self.host_op(HostOp::Interleave { is_segmented }, args, &[("text", CHARS)])[0];
        self.fb.push(Stmt::Print { text });
        Ok(())
    }

    /// `__error(message)` of a computed message: the host faults with the
    /// text.
    pub(crate) fn host_computed_error(&mut self, e: ExprId, args: &[ExprId]) -> Result<Repr> {
        let text = chars_of(self.compile_host(args[0])?)?;
        let site = self.fault(e, "`__error`".to_string());
        self.host_op(HostOp::Error { site }, vec![text], &[]);
        let ty = self.expr(e).ty.clone();
        self.default_repr(&ty)
    }

    /// `__error(message)` of a computed message for every instance: the
    /// host faults with the first instance's text, if any instance gets
    /// here.
    pub(crate) fn lifted_computed_error(&mut self, e: ExprId, args: &[ExprId]) -> Result<Val> {
        let level = self.levels.current();
        let value = self.compile(args[0])?;
        let SeqRepr::Nested { lengths, offsets, elements } = self.dense_at(&value, level)? else {
            return Err(FlattenError::bug("lifted strings that are not nested"));
        };
        let text = chars_of(Repr::Seq(*elements))?;
        let site = self.fault(e, "`__error`".to_string());
        self.host_op(HostOp::Error { site }, vec![Atom::Var(lengths), Atom::Var(offsets), text], &[]);
        let ty = self.expr(e).ty.clone();
        Ok(Val::Uniform(self.default_repr(&ty)?))
    }

    /// Binds fresh variables of `types` to `host op(args)`.
    fn host_op(&mut self, op: HostOp, args: Vec<Atom>, names: &[(&str, VarType)]) -> Vec<HostVar> {
        let vars: Vec<HostVar> = names.iter().map(|(name, ty)| self.fb.var(*name, *ty)).collect();
        self.fb.push(Stmt::Let { vars: vars.clone(), expr: HostExpr::HostOp { op, args } });
        vars
    }

    /// `prim(args)` in the host context, if the host runs it.
    pub(crate) fn host_op_prim(&mut self, e: ExprId, prim: Prim, args: &[ExprId]) -> Result<Option<Repr>> {
        if !is_host_prim(self.program(), prim, args) {
            return Ok(None);
        }
        let repr = match prim {
            Prim::ReadFile => {
                let name = chars_of(self.compile_host(args[0])?)?;
                let site = self.fault(e, "`__read_file`: the file cannot be read".to_string());
                let [text] = self.host_op(HostOp::ReadFile { site }, vec![name], &[("text", CHARS)])[..] else {
                    return Err(FlattenError::bug("`host read_file` without its result"));
                };
                Repr::Seq(SeqRepr::Array(text))
            }
            Prim::WriteFile => {
                let text = chars_of(self.compile_host(args[0])?)?;
                let name = chars_of(self.compile_host(args[1])?)?;
                let append = scalar_of(self.compile_host(args[2])?)?;
                let site = self.fault(e, "`__write_file`: the file cannot be written".to_string());
                let vars = self.host_op(
                    HostOp::WriteFile { site },
                    vec![text, name, append],
                    &[("written", VarType::Scalar(Scalar::Bool))],
                );
                Repr::Scalar(Atom::Var(vars[0]))
            }
            Prim::ParseInt | Prim::ParseFloat => {
                // One work-item parses the text (`GExpr::ParseNumber`).
                let Atom::Var(text) = chars_of(self.compile_host(args[0])?)? else {
                    return Err(FlattenError::bug("a string that is not an array"));
                };
                let ty = if prim == Prim::ParseInt { Scalar::Int } else { Scalar::Float };
                let host = &self.fb.function;
                let mut kb = KernelBuilder::new();
                let chars = kb.param(host, text);
                let length = kb.length(host, text);
                let parse = |flag| GExpr::ParseNumber {
                    ty,
                    flag,
                    chars,
                    start: Box::new(GExpr::int(0)),
                    length: Box::new(length.clone()),
                };
                let body = GExpr::Tuple(vec![parse(false), parse(true)]);
                let results =
                    [("parsed".to_string(), VarType::Scalar(ty)), ("ok".to_string(), VarType::Scalar(Scalar::Bool))];
                let vars = self.run_kernel(kb, prim.name(), Soac::Once { body }, &results);
                Repr::Tuple(vec![Repr::Scalar(Atom::Var(vars[0])), Repr::Scalar(Atom::Var(vars[1]))])
            }
            Prim::ExpString => {
                // The length on the host, the characters by a `MAP`.
                let x = scalar_of(self.compile_host(args[0])?)?;
                let digits = scalar_of(self.compile_host(args[1])?)?;
                let site = self.fault(e, exp_string_range());
                let mut em = HostEmitter { fb: &mut self.fb };
                let (word, e) = string_prims::exp_word(&mut em, x, digits, site);
                let length = string_prims::exp_length(&mut em, word, e, digits);
                let elements = self.map_column(&Size::Count(length), "exp_string", Scalar::Char, &|tc, host, j| {
                    let (word, e) = (tc.kb.atom(host, word), tc.kb.atom(host, e));
                    let digits = tc.kb.atom(host, digits);
                    string_prims::exp_char(&mut ThunkEmitter { tc }, word, e, digits, j)
                })?;
                Repr::Seq(SeqRepr::Array(elements))
            }
            Prim::ToString => {
                let ty = self.expr(args[0]).ty.clone();
                let value = self.compile_host(args[0])?;
                let mut shape = Shape { args: Vec::new() };
                let shape_repr = shape.repr(&value);
                let op = HostOp::ToString { ty, shape: shape_repr, is_segmented: false };
                let vars = self.host_op(op, shape.args, &[("text", CHARS)]);
                Repr::Seq(SeqRepr::Array(vars[0]))
            }
            _ => return Err(FlattenError::bug(format!("`{}` as a host operation", prim.name()))),
        };
        Ok(Some(repr))
    }

    /// `prim(args)` for every instance of the current level, if the host
    /// runs it.
    pub(crate) fn lifted_host_op_prim(&mut self, e: ExprId, prim: Prim, args: &[ExprId]) -> Result<Option<Val>> {
        if !is_host_prim(self.program(), prim, args) {
            return Ok(None);
        }
        let level = self.levels.current();
        let texts = |this: &mut Self, op: HostOp, args: Vec<Atom>| {
            let vars = this.host_op(op, args, &[("lengths", INTS), ("offsets", INTS), ("text", CHARS)]);
            Val::Seq(LiftedSeq::dense(level, vars[0], vars[1], SeqRepr::Array(vars[2])))
        };
        let val = match prim {
            Prim::ReadFile => {
                // One host operation reads every instance's file, in
                // instance order.
                let value = self.compile(args[0])?;
                let (lengths, offsets, names) = lifted_texts(self.dense_at(&value, level)?)?;
                let site = self.fault(e, "`__read_file`: the file cannot be read".to_string());
                texts(self, HostOp::ReadFile { site }, vec![lengths, offsets, names])
            }
            Prim::WriteFile => {
                // One host operation writes every instance's text, in
                // instance order.
                let mut op_args = Vec::with_capacity(7);
                for arg in &args[..2] {
                    let value = self.compile(*arg)?;
                    let (lengths, offsets, chars) = lifted_texts(self.dense_at(&value, level)?)?;
                    op_args.extend([lengths, offsets, chars]);
                }
                let append = self.compile(args[2])?;
                let SeqRepr::Array(append) = self.dense_at(&append, level)? else {
                    return Err(FlattenError::bug("lifted bools that are not one array"));
                };
                op_args.push(Atom::Var(append));
                let site = self.fault(e, "`__write_file`: the file cannot be written".to_string());
                let vars = self.host_op(HostOp::WriteFile { site }, op_args, &[("written", BOOLS)]);
                Val::Scalar(LiftedScalar { level, array: vars[0], path: Vec::new() })
            }
            Prim::ParseInt | Prim::ParseFloat => {
                // A `MAP` over the instances parses each one's text.
                let value = self.compile(args[0])?;
                let SeqRepr::Nested { lengths, offsets, elements } = self.dense_at(&value, level)? else {
                    return Err(FlattenError::bug("lifted strings that are not nested"));
                };
                let Atom::Var(text) = chars_of(Repr::Seq(*elements))? else {
                    return Err(FlattenError::bug("lifted strings whose characters are not an array"));
                };
                let ty = if prim == Prim::ParseInt { Scalar::Int } else { Scalar::Float };
                let vars =
                    self.map_instances(prim.name(), &[("parsed", ty), ("ok", Scalar::Bool)], &|tc, host, i| {
                        let i = tc.share("i", Scalar::Int, i);
                        let start = tc.kb.read(host, offsets, i.clone());
                        let start = tc.share("start", Scalar::Int, start);
                        let length = tc.kb.read(host, lengths, i);
                        let length = tc.share("len", Scalar::Int, length);
                        let chars = tc.kb.param(host, text);
                        let parse = |flag| GExpr::ParseNumber {
                            ty,
                            flag,
                            chars,
                            start: Box::new(start.clone()),
                            length: Box::new(length.clone()),
                        };
                        vec![parse(false), parse(true)]
                    })?;
                let lifted = |array| Val::Scalar(LiftedScalar { level, array, path: Vec::new() });
                Val::Tuple(vec![lifted(vars[0]), lifted(vars[1])])
            }
            Prim::ExpString => {
                // The lengths per instance, then the characters by a `MAP`
                // over their flat positions.
                let x = self.compile(args[0])?;
                let digits = self.compile(args[1])?;
                let (x, digits) = (self.instance_scalar(&x)?, self.instance_scalar(&digits)?);
                let site = self.fault(e, exp_string_range());
                // One kernel per instance makes the texts' words (their
                // digits, once per number) and lengths.
                let results = [("words", Scalar::Int), ("lengths", Scalar::Int)];
                let vars = self.map_instances("map_lengths", &results, &|tc, host, i| {
                    let i = tc.share("i", Scalar::Int, i);
                    let (x, digits) = (x.at(tc, host, i.clone()), digits.at(tc, host, i));
                    let mut em = ThunkEmitter { tc: &mut *tc };
                    let (word, e) = string_prims::exp_word(&mut em, x, digits.clone(), site);
                    let length = string_prims::exp_length(&mut em, word.clone(), e, digits);
                    vec![word, length]
                })?;
                let (words, lengths) = (vars[0], vars[1]);
                let (offsets, total) = self.offsets_and_total(lengths)?;
                let elements = self.map_column(&Size::Count(total), "exp_string", Scalar::Char, &|tc, host, q| {
                    let (segment, within) = position_in_segment(tc, host, offsets, q);
                    let segment = tc.share("segment", Scalar::Int, segment);
                    let (x, digits) = (x.at(tc, host, segment.clone()), digits.at(tc, host, segment.clone()));
                    let word = tc.kb.read(host, words, segment);
                    let mut em = ThunkEmitter { tc: &mut *tc };
                    let bits = em.unary(UnaryOp::FloatBits, Scalar::Float, x);
                    let fifty_two = em.constant(Const::Int(52));
                    let e = em.binary(BinaryOp::Shr, Scalar::Int, bits, fifty_two);
                    string_prims::exp_char(&mut em, word, e, digits, within)
                })?;
                Val::Seq(LiftedSeq::dense(level, lengths, offsets, SeqRepr::Array(elements)))
            }
            Prim::ToString => {
                let ty = self.expr(args[0]).ty.clone();
                let value = self.compile(args[0])?;
                let dense = self.dense_at(&value, level)?;
                let mut shape = Shape { args: Vec::new() };
                let shape_repr = Repr::Seq(shape.seq(&dense));
                texts(self, HostOp::ToString { ty, shape: shape_repr, is_segmented: true }, shape.args)
            }
            _ => return Err(FlattenError::bug(format!("`{}` as a host operation", prim.name()))),
        };
        Ok(Some(val))
    }
}
