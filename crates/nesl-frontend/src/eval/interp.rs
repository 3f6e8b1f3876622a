//! The tree walk: expressions, patterns, calls, apply-to-each, and the
//! dispatch of primitives to their implementations.

use std::cmp::Ordering;
use std::rc::Rc;
use std::time::Instant;

use crate::builtins::Prim;
use crate::source::{SourceMap, Span};
use crate::tast::{ExprId, ExprKind, FuncId, Generator, Pattern, PatternKind, Program, TopItemKind, Var};
use crate::types::Type;
use crate::value::{Seq, SeqBuilder, Value};

use super::Output;
use super::faults::{CallStack, Fault, STACK_RED_ZONE_BYTES, STACK_SEGMENT_BYTES, compiler_bug};
use super::files;
use super::prims_scalar::{self as scalar, PrimResult};
use super::prims_seq as seq;
use super::random;
use super::strings;
use super::structural;

/// What a variable holds before it is bound. A well-typed program never
/// reads it.
const UNBOUND: Value = Value::Int(0);

/// Evaluates every top-level item in order, handing each value to `out`.
pub(super) fn run_items(program: &Program, sources: &SourceMap, out: &mut dyn Output) -> Result<(), Fault> {
    let mut interp = Interp {
        program,
        out,
        globals: vec![UNBOUND; program.globals.len()],
        calls: CallStack::new(program, sources),
        sites: random::Sites::of(program),
        seed: 0,
        key: 0,
        spare_frames: Vec::new(),
    };
    for (index, item) in program.items.iter().enumerate() {
        let mut frame = vec![UNBOUND; item.locals.len()];
        interp.key = random::form_key(interp.seed);
        let value = match &item.kind {
            TopItemKind::Bind { pattern, value } => {
                let value = interp.eval(&mut frame, *value)?;
                interp.bind(&mut frame, pattern, value.clone())?;
                value
            }
            TopItemKind::Expr { value } => interp.eval(&mut frame, *value)?,
        };
        interp.out.item(index, &value);
    }
    Ok(())
}

/// The interpreter's state while a program runs.
struct Interp<'a> {
    program: &'a Program,
    out: &'a mut dyn Output,
    /// Indexed by `GlobalId`.
    globals: Vec<Value>,
    calls: CallStack<'a>,
    /// The site of every call and `rand`.
    sites: random::Sites,
    /// The seed of the next top-level form's key (`rand_seed`).
    seed: i64,
    /// The key of the running context (see `random.rs`).
    key: u64,
    /// The frames of finished calls, emptied, to be reused by later calls.
    spare_frames: Vec<Vec<Value>>,
}

impl Interp<'_> {
    /// Evaluates expression `id` with the current function's locals in
    /// `frame` (indexed by `LocalId`).
    fn eval(&mut self, frame: &mut [Value], id: ExprId) -> Result<Value, Fault> {
        let program = self.program;
        let expr = &program.exprs[id];
        match &expr.kind {
            ExprKind::Int(x) => Ok(Value::Int(*x)),
            ExprKind::Float(x) => Ok(Value::Float(*x)),
            ExprKind::Bool(x) => Ok(Value::Bool(*x)),
            ExprKind::Char(x) => Ok(Value::Char(*x)),
            ExprKind::String(bytes) => Ok(Value::string(bytes)),
            ExprKind::Var(Var::Local(local)) => Ok(frame[local.0 as usize].clone()),
            ExprKind::Var(Var::Global(global)) => Ok(self.globals[global.0 as usize].clone()),
            ExprKind::Pair(a, b) => {
                let a = self.eval(frame, *a)?;
                let b = self.eval(frame, *b)?;
                Ok(Value::pair(a, b))
            }
            ExprKind::Seq(elements) => {
                let mut builder = SeqBuilder::new(elem_type(&expr.ty, expr.span)?, &program.datatypes);
                builder.reserve(elements.len());
                for element in elements {
                    builder.push(&self.eval(frame, *element)?);
                }
                Ok(Value::Seq(builder.finish()))
            }
            ExprKind::Call { func, args } => self.call(frame, id, *func, args),
            ExprKind::Prim { prim: Prim::Rand, args } if args.len() == 1 => {
                let bound = self.operand(frame, args[0])?;
                let z = random::mix_key(self.key, self.sites.get(id));
                random::draw(z, &bound).ok_or_else(|| compiler_bug(expr.span, "`rand` of a value that is not a number"))
            }
            ExprKind::Prim { prim, args } => self.prim(frame, expr.span, &expr.ty, *prim, args),
            ExprKind::Construct { data, args } => {
                let fields = args.iter().map(|arg| self.eval(frame, *arg)).collect::<Result<Rc<[Value]>, _>>()?;
                Ok(Value::Data(*data, fields))
            }
            ExprKind::If { cond, then_branch, else_branch } => {
                let taken = if self.eval_bool(frame, *cond)? { then_branch } else { else_branch };
                self.eval(frame, *taken)
            }
            ExprKind::Let { pattern, value, body } => {
                let value = self.eval(frame, *value)?;
                self.bind(frame, pattern, value)?;
                self.eval(frame, *body)
            }
            ExprKind::ApplyToEach { body, generators, filter } => {
                self.apply_to_each(frame, expr.span, &expr.ty, *body, generators, *filter)
            }
            ExprKind::Time(timed) => {
                let start = Instant::now();
                let value = self.eval(frame, *timed)?;
                Ok(Value::pair(value, Value::Float(start.elapsed().as_secs_f64())))
            }
        }
    }

    fn eval_bool(&mut self, frame: &mut [Value], id: ExprId) -> Result<bool, Fault> {
        match self.eval(frame, id)? {
            Value::Bool(b) => Ok(b),
            _ => Err(compiler_bug(self.program.exprs[id].span, "a condition that is not a bool")),
        }
    }

    /// Binds the variables of `pattern` to the parts of `value`: locals in
    /// `frame`, globals in the global table.
    fn bind(&mut self, frame: &mut [Value], pattern: &Pattern, value: Value) -> Result<(), Fault> {
        match (&pattern.kind, value) {
            (PatternKind::Bind(Var::Local(local)), value) => frame[local.0 as usize] = value,
            (PatternKind::Bind(Var::Global(global)), value) => self.globals[global.0 as usize] = value,
            (PatternKind::Pair(a, b), Value::Pair(pair)) => {
                let (x, y) = Rc::unwrap_or_clone(pair);
                self.bind(frame, a, x)?;
                self.bind(frame, b, y)?;
            }
            (PatternKind::Data { fields: patterns, .. }, Value::Data(_, fields)) => {
                for (p, field) in patterns.iter().zip(fields.iter()) {
                    self.bind(frame, p, field.clone())?;
                }
            }
            _ => return Err(compiler_bug(pattern.span, "a pattern that does not match its value's shape")),
        }
        Ok(())
    }

    /// Binds `pattern` to element `i` of `seq`, taking tuple and datatype
    /// patterns apart column by column instead of building the element.
    fn bind_element(&mut self, frame: &mut [Value], pattern: &Pattern, seq: &Seq, i: usize) -> Result<(), Fault> {
        match (&pattern.kind, seq) {
            (PatternKind::Pair(a, b), Seq::Pair(xs, ys)) => {
                self.bind_element(frame, a, xs, i)?;
                self.bind_element(frame, b, ys, i)
            }
            (PatternKind::Data { fields: patterns, .. }, Seq::Data { fields, .. }) => {
                for (p, column) in patterns.iter().zip(fields.iter()) {
                    self.bind_element(frame, p, column, i)?;
                }
                Ok(())
            }
            (PatternKind::Bind(Var::Local(local)), _) => {
                frame[local.0 as usize] = seq.get(i);
                Ok(())
            }
            _ => self.bind(frame, pattern, seq.get(i)),
        }
    }

    /// A call of a function instance: a fresh frame with the parameters
    /// bound to the arguments, evaluated in the caller's frame.
    fn call(&mut self, frame: &mut [Value], id: ExprId, func_id: FuncId, args: &[ExprId]) -> Result<Value, Fault> {
        let span = self.program.exprs[id].span;
        let func = &self.program.functions[func_id];
        if func.params.len() != args.len() {
            return Err(compiler_bug(span, "a call with the wrong number of arguments"));
        }
        let mut callee = self.spare_frames.pop().unwrap_or_default();
        callee.resize(func.locals.len(), UNBOUND);
        for (param, arg) in func.params.iter().zip(args) {
            let value = self.eval(frame, *arg)?;
            self.bind(&mut callee, param, value)?;
        }
        self.calls.enter(span, func_id)?;
        let caller_key = self.key;
        self.key = random::mix_key(caller_key, self.sites.get(id));
        // See note [recursion depth].
        let result =
            stacker::maybe_grow(STACK_RED_ZONE_BYTES, STACK_SEGMENT_BYTES, || self.eval(&mut callee, func.body));
        self.key = caller_key;
        self.calls.leave();
        callee.clear();
        self.spare_frames.push(callee);
        result
    }

    /// `{ body : p1 in s1; ...; pn in sn | filter }`: the generators are
    /// zipped, and the body is evaluated for each selected element in order,
    /// reusing the current frame.
    fn apply_to_each(
        &mut self,
        frame: &mut [Value],
        span: Span,
        ty: &Type,
        body: ExprId,
        generators: &[Generator],
        filter: Option<ExprId>,
    ) -> Result<Value, Fault> {
        let mut seqs = Vec::with_capacity(generators.len());
        for generator in generators {
            match self.eval(frame, generator.seq)? {
                Value::Seq(s) => seqs.push(s),
                _ => return Err(compiler_bug(span, "a generator over a value that is not a sequence")),
            }
        }
        let Some(length) = seqs.first().map(Seq::len) else {
            return Err(compiler_bug(span, "an apply-to-each without generators"));
        };
        if let Some(other) = seqs.iter().find(|s| s.len() != length) {
            let message = format!("generators of different lengths: {length} and {}", other.len());
            return Err(self.calls.fault(span, message));
        }
        let mut results = SeqBuilder::new(elem_type(ty, span)?, &self.program.datatypes);
        if filter.is_none() {
            results.reserve(length);
        }
        let outer_key = self.key;
        for i in 0..length {
            for (generator, s) in generators.iter().zip(&seqs) {
                self.bind_element(frame, &generator.pattern, s, i)?;
            }
            self.key = random::element_key(outer_key, i);
            if let Some(filter) = filter
                && !self.eval_bool(frame, filter)?
            {
                continue;
            }
            results.push(&self.eval(frame, body)?);
        }
        self.key = outer_key;
        Ok(Value::Seq(results.finish()))
    }

    /// A primitive applied to its arguments, evaluated left to right into a
    /// small array (no allocation per call). Operators on two scalars go
    /// straight to `prims_scalar::binary`, the rest through the dispatch of
    /// `apply_prim`.
    fn prim(
        &mut self,
        frame: &mut [Value],
        span: Span,
        ty: &Type,
        prim: Prim,
        args: &[ExprId],
    ) -> Result<Value, Fault> {
        let result = match *args {
            [] => self.apply_prim(prim, &[], ty),
            [a] => {
                let a = self.operand(frame, a)?;
                self.apply_prim(prim, &[a], ty)
            }
            [a, b] => {
                let a = self.operand(frame, a)?;
                let b = self.operand(frame, b)?;
                match scalar::binary(prim, &a, &b) {
                    Some(result) => result,
                    None => self.apply_prim(prim, &[a, b], ty),
                }
            }
            [a, b, c] => {
                let a = self.operand(frame, a)?;
                let b = self.operand(frame, b)?;
                let c = self.operand(frame, c)?;
                self.apply_prim(prim, &[a, b, c], ty)
            }
            _ => return Err(compiler_bug(span, "a primitive with more than three arguments")),
        };
        result.map_err(|message| self.calls.fault(span, message))
    }

    /// Evaluates a primitive's operand, reading variables and literals in
    /// place instead of through a recursive `eval` (most operands are
    /// such leaves, and this is the interpreter's hottest path).
    #[inline(always)]
    fn operand(&mut self, frame: &mut [Value], id: ExprId) -> Result<Value, Fault> {
        match &self.program.exprs[id].kind {
            ExprKind::Var(Var::Local(local)) => Ok(frame[local.0 as usize].clone()),
            ExprKind::Int(x) => Ok(Value::Int(*x)),
            ExprKind::Float(x) => Ok(Value::Float(*x)),
            _ => self.eval(frame, id),
        }
    }

    /// Applies `prim` to argument values; `result_ty` is the type of the
    /// application.
    fn apply_prim(&mut self, prim: Prim, args: &[Value], result_ty: &Type) -> PrimResult {
        self.try_apply_prim(prim, args, result_ty)
            .unwrap_or_else(|| Err(format!("compiler bug: `{}` applied to arguments of the wrong types", prim.name())))
    }

    /// The dispatch of every primitive; `None` for argument values of the
    /// wrong types.
    fn try_apply_prim(&mut self, prim: Prim, args: &[Value], result_ty: &Type) -> Option<PrimResult> {
        use Ordering::{Greater, Less};
        use Prim as P;
        use Value::{Char, Float, Int};
        let datatypes = &self.program.datatypes;
        let elem = || result_ty.elem();
        match (prim, args) {
            // The operators on two scalars are in `prims_scalar::binary`, which
            // `prim` tries first.
            (P::Not, [a]) => scalar::not(a).map(Ok),
            (P::Negate, [a]) => scalar::negate(a).map(Ok),
            (P::Abs, [a]) => scalar::abs(a).map(Ok),
            (P::Sqrt, [a]) => scalar::float_function(a, f64::sqrt).map(Ok),
            (P::Ln, [a]) => scalar::float_function(a, f64::ln).map(Ok),
            (P::Exp, [a]) => scalar::float_function(a, f64::exp).map(Ok),
            (P::Sin, [a]) => scalar::float_function(a, f64::sin).map(Ok),
            (P::Cos, [a]) => scalar::float_function(a, f64::cos).map(Ok),
            (P::Tan, [a]) => scalar::float_function(a, f64::tan).map(Ok),
            (P::Asin, [a]) => scalar::float_function(a, f64::asin).map(Ok),
            (P::Acos, [a]) => scalar::float_function(a, f64::acos).map(Ok),
            (P::Atan, [a]) => scalar::float_function(a, f64::atan).map(Ok),
            (P::Sinh, [a]) => scalar::float_function(a, f64::sinh).map(Ok),
            (P::Cosh, [a]) => scalar::float_function(a, f64::cosh).map(Ok),
            (P::Tanh, [a]) => scalar::float_function(a, f64::tanh).map(Ok),
            (P::Isqrt, [a]) => scalar::isqrt(a),
            // Conversions and constants.
            (P::Btoi, [a]) => scalar::btoi(a).map(Ok),
            (P::CodeChar, [a]) => scalar::code_char(a),
            (P::CharCode, [a]) => scalar::char_code(a).map(Ok),
            (P::ToFloat, [a]) => scalar::to_float(a).map(Ok),
            (P::Ceil, [a]) => scalar::float_to_int("ceil", a, f64::ceil),
            (P::Floor, [a]) => scalar::float_to_int("floor", a, f64::floor),
            (P::Trunc, [a]) => scalar::float_to_int("trunc", a, f64::trunc),
            (P::Round, [a]) => scalar::float_to_int("round", a, f64::round),
            (P::Pi, []) => Some(Ok(Float(std::f64::consts::PI))),
            (P::MaxInt, []) => Some(Ok(Int(i64::MAX))),
            (P::MinInt, []) => Some(Ok(Int(i64::MIN))),
            // Random numbers.
            // Random numbers (`rand` itself is in `eval`, which knows its site).
            (P::RandSeed, [Int(seed)]) => {
                self.seed = *seed;
                Some(Ok(Value::Bool(true)))
            }
            (P::RandKey, []) => Some(Ok(Int(random::form_key(self.seed) as i64))),
            (P::RandMix, [Int(a), Int(b)]) => Some(Ok(Int(random::mix_key(*a as u64, *b as u64) as i64))),
            (P::RandDraw, [Int(z), bound]) => random::draw(*z as u64, bound).map(Ok),
            // Sequences.
            (P::Length, [Value::Seq(s)]) => Some(Ok(Int(s.len() as i64))),
            (P::Dist, [value, Int(count)]) => Some(seq::dist(value, *count, elem()?, datatypes)),
            (P::Elt, [Value::Seq(s), Int(i)]) => Some(seq::elt(s, *i)),
            (P::Zip, [Value::Seq(a), Value::Seq(b)]) => Some(seq::zip(a, b)),
            (P::Iseq, [Int(start), Int(stride), Int(end)]) => Some(seq::iseq(*start, *stride, *end)),
            (P::PlusScan | P::MultScan | P::MaxScan | P::MinScan | P::OrScan | P::AndScan, [Value::Seq(s)]) => {
                seq::scan(prim, s).map(Ok)
            }
            (P::Sum | P::Product | P::MaxVal | P::MinVal | P::Any | P::All | P::Parity, [Value::Seq(s)]) => {
                seq::reduction(prim, s).map(Ok)
            }
            (P::MaxIndex, [Value::Seq(s)]) => seq::extreme_index("max_index", s, Greater),
            (P::MinIndex, [Value::Seq(s)]) => seq::extreme_index("min_index", s, Less),
            (P::Read, [Value::Seq(s), Value::Seq(Seq::Int(indices))]) => Some(seq::read(s, indices.as_slice())),
            (P::Permute, [Value::Seq(s), Value::Seq(Seq::Int(indices))]) => Some(seq::permute(s, indices.as_slice())),
            (P::Write, [Value::Seq(s), Value::Seq(pairs)]) => seq::write(s, pairs, elem()?, datatypes),
            (P::Pack, [Value::Seq(pairs)]) => seq::pack(pairs),
            (P::Append, [Value::Seq(a), Value::Seq(b)]) => Some(Ok(seq::append(a, b, elem()?, datatypes))),
            (P::Subseq, [Value::Seq(s), Int(start), Int(end)]) => Some(seq::subseq(s, *start, *end)),
            (P::Partition, [Value::Seq(s), Value::Seq(Seq::Int(lengths))]) => {
                Some(seq::partition(s, lengths.as_slice()))
            }
            (P::Flatten, [Value::Seq(s)]) => seq::flatten(s).map(Ok),
            (P::Sort, [Value::Seq(s)]) => seq::sort(s).map(Ok),
            (P::Rank, [Value::Seq(s)]) => seq::rank(s).map(Ok),
            // Any type.
            (P::Eql, [a, b]) => Some(Ok(Value::Bool(a.deep_eq(b)))),
            (P::Hash, [value, Int(range)]) => Some(structural::hash(value, *range)),
            // Strings and output.
            (P::ToString, [value]) => Some(Ok(strings::to_string(value, self.program))),
            (P::ExpString, [Float(x), Int(digits)]) => Some(strings::exp_string(*x, *digits)),
            (P::ParseInt, [Value::Seq(Seq::Char(text))]) => Some(Ok(strings::parse_int(text.as_slice()))),
            (P::ParseFloat, [Value::Seq(Seq::Char(text))]) => Some(Ok(strings::parse_float(text.as_slice()))),
            (P::PrintString, [Value::Seq(Seq::Char(text))]) => {
                self.out.print(text.as_slice());
                Some(Ok(Value::Bool(true)))
            }
            (P::PrintChar, [Char(c)]) => {
                self.out.print(&[*c]);
                Some(Ok(Value::Bool(true)))
            }
            (P::ReadFile, [Value::Seq(Seq::Char(name))]) => Some(files::read_file(name.as_slice())),
            (P::WriteFile, [Value::Seq(Seq::Char(text)), Value::Seq(Seq::Char(name)), Value::Bool(append)]) => {
                Some(files::write_file(text.as_slice(), name.as_slice(), *append))
            }
            (P::Error, [Value::Seq(Seq::Char(message))]) => {
                Some(Err(String::from_utf8_lossy(message.as_slice()).into_owned()))
            }
            _ => None,
        }
    }
}

/// The element type of a sequence type, or a compiler bug.
fn elem_type(ty: &Type, span: Span) -> Result<&Type, Fault> {
    ty.elem().ok_or_else(|| compiler_bug(span, "a sequence expression whose type is not a sequence type"))
}
