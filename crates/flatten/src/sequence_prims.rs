//! The primitives in the host context: each a trivial kernel of one SOAC
//! (or a few), plus host checks with the interpreter's fault messages.
//! Their lifted forms are in `segmented_prims.rs`; both share the
//! reorderings at the end of this file, which work for any element type
//! (nested elements through `gather.rs`).

use nesl_frontend::builtins::Prim;
use nesl_frontend::tast::{ExprId, ExprKind};

use crate::analysis::{is_reduction, is_reduction_of_nothing, is_scalar_prim};
use crate::context::Size;
use crate::error::{FlattenError, Result};
use crate::faults;
use crate::flatten_program::FnCx;
use crate::gather::{Choice, Route};
use crate::ir::{
    Atom, BinaryOp, Const, FaultId, GExpr, HostExpr, HostFunction, HostVar, Repr, Scalar, SeqRepr, Soac, Stmt, Thunk,
    UnaryOp, VarType,
};
use crate::kernel_code::{KernelBuilder, ThunkCx, add, and, cmp, index_param, int, mul, sub};
use crate::representation::scalar_type;
use crate::scalar_code::{HostEmitter, ThunkEmitter};
use crate::scalar_prims::ScalarEmitter;
use crate::segmented_prims::{extreme_index_thunk, monoid, monoid_thunk};
use crate::string_prims;

/// Computes the position of source element `j` in the result (a thunk
/// being built): the target of a permutation or a write.
pub(crate) type TargetFn<'t> = &'t dyn Fn(&mut ThunkCx, &HostFunction, GExpr) -> GExpr;

pub(crate) fn as_seq(repr: Repr) -> Result<SeqRepr> {
    match repr {
        Repr::Seq(s) => Ok(s),
        _ => Err(FlattenError::bug("a sequence primitive applied to a non-sequence")),
    }
}

fn as_atom(repr: Repr) -> Result<Atom> {
    match repr {
        Repr::Scalar(a) => Ok(a),
        _ => Err(FlattenError::bug("a scalar argument that is not a scalar")),
    }
}

fn as_array(seq: &SeqRepr) -> Result<HostVar> {
    match seq {
        SeqRepr::Array(v) => Ok(*v),
        _ => Err(FlattenError::bug("a sequence of scalars that is not one array")),
    }
}

/// The scalar columns of a sequence of GPU values, or `None` if it has
/// nested columns.
pub(crate) fn scalar_columns(seq: &SeqRepr) -> Option<Vec<HostVar>> {
    match seq {
        SeqRepr::Array(v) => Some(vec![*v]),
        SeqRepr::Tuple(columns) => {
            let mut out = Vec::new();
            for c in columns {
                out.extend(scalar_columns(c)?);
            }
            Some(out)
        }
        SeqRepr::Nested { .. } => None,
    }
}

/// Rebuilds a sequence of the shape of `shape` (scalar columns only) from
/// new columns.
pub(crate) fn rebuild_columns(shape: &SeqRepr, columns: &mut impl Iterator<Item = HostVar>) -> SeqRepr {
    match shape {
        SeqRepr::Array(_) | SeqRepr::Nested { .. } => SeqRepr::Array(columns.next().expect("a column per column")),
        SeqRepr::Tuple(items) => SeqRepr::Tuple(items.iter().map(|c| rebuild_columns(c, columns)).collect()),
    }
}

impl FnCx<'_, '_> {
    pub fn host_prim(&mut self, e: ExprId, prim: Prim, args: &[ExprId]) -> Result<Repr> {
        let program = self.program();
        if is_scalar_prim(prim) {
            return self.host_scalar_prim(e, prim, args);
        }
        if is_reduction_of_nothing(program, prim, args) {
            let ty = scalar_type(&self.expr(e).ty)?;
            return Ok(Repr::Scalar(Atom::Const(monoid(prim, ty)?.neutral)));
        }
        if prim == Prim::Eql {
            return self.host_eql(args);
        }
        if prim == Prim::Hash {
            return self.host_hash(e, args);
        }
        if matches!(prim, Prim::Sort | Prim::Rank) {
            return self.host_sort(prim, args);
        }
        if prim == Prim::Error {
            return self.host_error(e, args);
        }
        if matches!(prim, Prim::RandKey | Prim::RandSeed) {
            return self.host_random_state(e, prim, args);
        }
        if let Some(repr) = self.host_op_prim(e, prim, args)? {
            return Ok(repr);
        }
        if prim == Prim::ToString {
            return self.host_to_string(e, args[0]);
        }
        if let Some(what) = unsupported_prim(prim) {
            return Err(self.unsupported(what, e));
        }
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            values.push(self.compile_host(*a)?);
        }
        let ty = self.expr(e).ty.clone();
        let mut values = values.into_iter();
        let mut next = || values.next().ok_or_else(|| FlattenError::bug("a primitive with too few arguments"));
        Ok(match prim {
            Prim::Length => Repr::Scalar(self.fb.length(as_seq(next()?)?.length_witness())),
            Prim::Dist => {
                let (value, count) = (next()?, as_atom(next()?)?);
                let ok = self.fb.binary(BinaryOp::Ge, Scalar::Int, count, Atom::Const(Const::Int(0)));
                let site = self.fault(e, faults::negative_dist());
                self.fb.assert(ok, site, vec![count]);
                self.check_dist_size(e, &value, count)?;
                Repr::Seq(self.replicate(&value, &Size::Count(count))?)
            }
            Prim::Elt => {
                let (seq, index) = (as_seq(next()?)?, as_atom(next()?)?);
                self.host_elt(e, &seq, index)?
            }
            Prim::Zip => {
                let (a, b) = (as_seq(next()?)?, as_seq(next()?)?);
                let (na, nb) = (self.fb.length(a.length_witness()), self.fb.length(b.length_witness()));
                let equal = self.fb.binary(BinaryOp::Eq, Scalar::Int, na, nb);
                let site = self.fault(e, faults::zip_lengths());
                self.fb.assert(equal, site, vec![na, nb]);
                Repr::Seq(SeqRepr::Tuple(vec![a, b]))
            }
            Prim::Iseq => {
                let (start, stride, end) = (as_atom(next()?)?, as_atom(next()?)?, as_atom(next()?)?);
                self.host_iseq(e, start, stride, end)?
            }
            Prim::PlusScan | Prim::MultScan | Prim::MaxScan | Prim::MinScan | Prim::OrScan | Prim::AndScan => {
                let seq = as_array(&as_seq(next()?)?)?;
                Repr::Seq(SeqRepr::Array(self.host_scan(prim, seq)?))
            }
            _ if is_reduction(prim) => {
                let seq = as_array(&as_seq(next()?)?)?;
                Repr::Scalar(self.host_reduce(prim, seq)?)
            }
            Prim::MaxIndex | Prim::MinIndex => {
                let seq = as_array(&as_seq(next()?)?)?;
                self.host_extreme_index(e, prim, seq)?
            }
            Prim::Read => {
                let (seq, indices) = (as_seq(next()?)?, as_array(&as_seq(next()?)?)?);
                let n = self.fb.length(seq.length_witness());
                let site = self.fault(e, faults::index_out_of_range("->"));
                let route = move |tc: &mut ThunkCx, host: &HostFunction, p: GExpr| {
                    let index = tc.kb.read(host, indices, p);
                    let index = tc.share("j", Scalar::Int, index);
                    let n = tc.kb.atom(host, n);
                    tc.assert(in_range(index.clone(), n.clone()), site, vec![index.clone(), n]);
                    Route { choice: Choice::Only, index }
                };
                Repr::Seq(self.gather(std::slice::from_ref(&seq), Size::LengthOf(indices), &route)?)
            }
            Prim::Permute => {
                let (seq, indices) = (as_seq(next()?)?, as_array(&as_seq(next()?)?)?);
                let n = self.fb.length(seq.length_witness());
                let m = self.fb.length(indices);
                let equal = self.fb.binary(BinaryOp::Eq, Scalar::Int, m, n);
                let site = self.fault(e, faults::permute_lengths());
                self.fb.assert(equal, site, vec![m, n]);
                let out_of_range = self.fault(e, faults::index_out_of_range("permute"));
                let repeated = self.fault(e, faults::permute_repeated());
                let target = move |tc: &mut ThunkCx, host: &HostFunction, j: GExpr| {
                    let index = tc.kb.read(host, indices, j);
                    let index = tc.share("t", Scalar::Int, index);
                    let n = tc.kb.atom(host, n);
                    tc.assert(in_range(index.clone(), n.clone()), out_of_range, vec![index.clone(), n]);
                    index
                };
                Repr::Seq(self.permute_by(&seq, Size::LengthOf(indices), &target, repeated)?)
            }
            Prim::Write => {
                let (seq, pairs) = (as_seq(next()?)?, as_seq(next()?)?);
                let SeqRepr::Tuple(mut parts) = pairs else {
                    return Err(FlattenError::bug("`<-` of a sequence that is not of pairs"));
                };
                let values = parts.pop().ok_or_else(|| FlattenError::bug("`<-` pairs without values"))?;
                let indices = as_array(&parts.pop().ok_or_else(|| FlattenError::bug("`<-` pairs without indices"))?)?;
                let site = self.fault(e, faults::index_out_of_range("<-"));
                let target = move |tc: &mut ThunkCx, host: &HostFunction, q: GExpr| tc.kb.read(host, indices, q);
                Repr::Seq(self.write_by(&seq, &values, Size::LengthOf(indices), &target, site)?)
            }
            Prim::Pack => {
                let pairs = as_seq(next()?)?;
                let SeqRepr::Tuple(mut parts) = pairs else {
                    return Err(FlattenError::bug("`pack` of a sequence that is not of pairs"));
                };
                let flags = as_array(&parts.pop().ok_or_else(|| FlattenError::bug("`pack` without flags"))?)?;
                let values = parts.pop().ok_or_else(|| FlattenError::bug("`pack` without values"))?;
                Repr::Seq(self.pack_by(&values, flags)?)
            }
            Prim::Append => {
                let (a, b) = (as_seq(next()?)?, as_seq(next()?)?);
                let (na, nb) = (self.fb.length(a.length_witness()), self.fb.length(b.length_witness()));
                let total = self.fb.binary(BinaryOp::Add, Scalar::Int, na, nb);
                let route = move |tc: &mut ThunkCx, host: &HostFunction, p: GExpr| {
                    let p = tc.share("p", Scalar::Int, p);
                    let na = tc.kb.atom(host, na);
                    let first = tc.share("c", Scalar::Bool, cmp(BinaryOp::Lt, p.clone(), na.clone()));
                    Route { index: GExpr::if_(first.clone(), p.clone(), sub(p, na)), choice: Choice::First(first) }
                };
                Repr::Seq(self.gather(&[a, b], Size::Count(total), &route)?)
            }
            Prim::Subseq => {
                let (seq, start, end) = (as_seq(next()?)?, as_atom(next()?)?, as_atom(next()?)?);
                let n = self.fb.length(seq.length_witness());
                let zero = Atom::Const(Const::Int(0));
                let low = self.fb.binary(BinaryOp::Le, Scalar::Int, zero, start);
                let ordered = self.fb.binary(BinaryOp::Le, Scalar::Int, start, end);
                let high = self.fb.binary(BinaryOp::Le, Scalar::Int, end, n);
                let ok = self.fb.binary(BinaryOp::And, Scalar::Bool, low, ordered);
                let ok = self.fb.binary(BinaryOp::And, Scalar::Bool, ok, high);
                let site = self.fault(e, faults::subseq_range());
                self.fb.assert(ok, site, vec![start, end, n]);
                let length = self.fb.binary(BinaryOp::Sub, Scalar::Int, end, start);
                let route = move |tc: &mut ThunkCx, host: &HostFunction, p: GExpr| Route {
                    choice: Choice::Only,
                    index: add(tc.kb.atom(host, start), p),
                };
                Repr::Seq(self.gather(std::slice::from_ref(&seq), Size::Count(length), &route)?)
            }
            Prim::Partition => {
                let (seq, lengths) = (as_seq(next()?)?, as_array(&as_seq(next()?)?)?);
                let negative = self.fault(e, faults::partition_negative());
                self.check_nonnegative(lengths, negative)?;
                let (offsets, total) = self.offsets_and_total(lengths)?;
                let n = self.fb.length(seq.length_witness());
                let equal = self.fb.binary(BinaryOp::Eq, Scalar::Int, total, n);
                let site = self.fault(e, faults::partition_total());
                self.fb.assert(equal, site, vec![total, n]);
                Repr::Seq(SeqRepr::Nested { lengths, offsets, elements: Box::new(seq) })
            }
            Prim::Flatten => match as_seq(next()?)? {
                SeqRepr::Nested { elements, .. } => Repr::Seq(*elements),
                _ => return Err(FlattenError::bug("`flatten` of a sequence that is not nested")),
            },
            Prim::PrintString => {
                let text = as_array(&as_seq(next()?)?)?;
                self.fb.push(Stmt::Print { text });
                Repr::Scalar(Atom::Const(Const::Bool(true)))
            }
            Prim::PrintChar => {
                let c = as_atom(next()?)?;
                let text = self.fb.let_(
                    "text",
                    VarType::Array(Scalar::Char),
                    HostExpr::Array { elem: Scalar::Char, items: vec![c] },
                );
                self.fb.push(Stmt::Print { text });
                Repr::Scalar(Atom::Const(Const::Bool(true)))
            }
            _ => {
                return Err(FlattenError::bug(format!(
                    "primitive `{}` of type {ty:?} in the host context",
                    prim.name()
                )));
            }
        })
    }

    /// `dist(value, count)` makes `count` copies of each of the value's
    /// columns: the widest copy must stay within the interpreter's limit.
    fn check_dist_size(&mut self, e: ExprId, value: &Repr, count: Atom) -> Result<()> {
        let mut arrays = Vec::new();
        if let Repr::Seq(seq) = value {
            crate::representation::seq_vars(seq, &mut |v| arrays.push(v));
        }
        let mut widest = Atom::Const(Const::Int(1));
        for array in arrays {
            let n = self.fb.length(array);
            widest = self.fb.binary(BinaryOp::Max, Scalar::Int, widest, n);
        }
        let limit = Atom::Const(Const::Int(faults::MAX_SEQUENCE_LENGTH));
        let most = match widest {
            Atom::Const(Const::Int(1)) => limit,
            _ => self.fb.binary(BinaryOp::Div, Scalar::Int, limit, widest),
        };
        let small = self.fb.binary(BinaryOp::Le, Scalar::Int, count, most);
        let total = self.fb.binary(BinaryOp::Mul, Scalar::Int, count, widest);
        let site = self.fault(e, faults::too_large("dist"));
        self.fb.assert(small, site, vec![total]);
        Ok(())
    }

    /// `__error(message)`: a fault with the literal message.
    fn host_error(&mut self, e: ExprId, args: &[ExprId]) -> Result<Repr> {
        if !matches!(self.expr(args[0]).kind, ExprKind::String(_)) {
            return self.host_computed_error(e, args);
        }
        let site = self.error_site(e, args)?;
        self.fb.assert(Atom::Const(Const::Bool(false)), site, Vec::new());
        let ty = self.expr(e).ty.clone();
        self.default_repr(&ty)
    }

    /// The fault site of `__error(message)`, whose message must be a
    /// literal.
    pub fn error_site(&mut self, e: ExprId, args: &[ExprId]) -> Result<FaultId> {
        match &self.expr(args[0]).kind {
            ExprKind::String(bytes) => {
                let message = String::from_utf8_lossy(bytes).into_owned();
                Ok(self.fault(e, message))
            }
            _ => Err(self.unsupported("`__error` with a computed message", e)),
        }
    }

    /// `s[i]` on the host: the element's scalars and its sequences' bounds
    /// by a `ONCE` kernel (bounds-checked), and its sequences' elements
    /// gathered.
    fn host_elt(&mut self, e: ExprId, seq: &SeqRepr, index: Atom) -> Result<Repr> {
        let site = self.fault(e, faults::index_out_of_range("elt"));
        let host = &self.fb.function;
        let mut tc = ThunkCx::new(KernelBuilder::new());
        let i = tc.kb.atom(host, index);
        let n = tc.kb.length(host, seq.length_witness());
        tc.assert(in_range(i.clone(), n.clone()), site, vec![i.clone(), n]);
        let mut reads = Vec::new();
        let mut results = Vec::new();
        collect_element_reads(&mut tc, host, seq, &i, &mut reads, &mut results);
        let body = if reads.len() == 1 { reads.remove(0) } else { GExpr::Tuple(reads) };
        let (body, kb) = tc.finish(body);
        let values = self.run_kernel(kb, "elt", Soac::Once { body }, &results);
        let mut values = values.into_iter();
        self.element_of(seq, &mut values)
    }

    /// The element read by `host_elt`, from the `ONCE`'s results.
    fn element_of(&mut self, seq: &SeqRepr, values: &mut impl Iterator<Item = HostVar>) -> Result<Repr> {
        Ok(match seq {
            SeqRepr::Array(_) => Repr::Scalar(Atom::Var(values.next().expect("a value per column"))),
            SeqRepr::Tuple(columns) => {
                Repr::Tuple(columns.iter().map(|c| self.element_of(c, values)).collect::<Result<_>>()?)
            }
            SeqRepr::Nested { elements, .. } => {
                let length = values.next().expect("a length");
                let start = values.next().expect("an offset");
                let route = move |tc: &mut ThunkCx, host: &HostFunction, p: GExpr| Route {
                    choice: Choice::Only,
                    index: add(GExpr::Var(tc.kb.param(host, start)), p),
                };
                Repr::Seq(self.gather(std::slice::from_ref(&**elements), Size::Count(Atom::Var(length)), &route)?)
            }
        })
    }

    /// `@x` of a host int, bool or char: the text's length on the host, its
    /// characters by a `MAP` (`string_prims.rs`).
    fn host_to_string(&mut self, e: ExprId, arg: ExprId) -> Result<Repr> {
        let ty = match scalar_type(&self.expr(arg).ty) {
            Ok(ty) if string_prims::formats(ty) => ty,
            _ => return Err(self.unsupported(to_string_refusal(self.program(), &self.expr(arg).ty), e)),
        };
        let Repr::Scalar(x) = self.compile_host(arg)? else {
            return Err(FlattenError::bug("`@` of a scalar that is not one atom"));
        };
        let digits = string_prims::text_digits(&mut HostEmitter { fb: &mut self.fb }, ty, x);
        let length = string_prims::text_length(&mut HostEmitter { fb: &mut self.fb }, ty, x, digits);
        let elements = self.map_column(&Size::Count(length), "to_string", Scalar::Char, &|tc, host, j| {
            let (x, length) = (tc.kb.atom(host, x), tc.kb.atom(host, length));
            let digits = digits.map(|digits| tc.kb.atom(host, digits));
            string_prims::text_char(&mut ThunkEmitter { tc }, ty, x, digits, j, length)
        })?;
        Ok(Repr::Seq(SeqRepr::Array(elements)))
    }

    fn host_iseq(&mut self, e: ExprId, start: Atom, stride: Atom, end: Atom) -> Result<Repr> {
        let site = self.fault(e, faults::zero_stride());
        let nonzero = self.fb.binary(BinaryOp::Ne, Scalar::Int, stride, Atom::Const(Const::Int(0)));
        self.fb.assert(nonzero, site, Vec::new());
        let count = iseq_count(&mut HostEmitter { fb: &mut self.fb }, start, stride, end);
        let limit = Atom::Const(Const::Int(faults::MAX_SEQUENCE_LENGTH));
        let small = self.fb.binary(BinaryOp::Le, Scalar::Int, count, limit);
        let site = self.fault(e, faults::too_large("iseq"));
        self.fb.assert(small, site, vec![count]);
        let elements = self.map_column(&Size::Count(count), "iseq", Scalar::Int, &|tc, host, i| {
            add(tc.kb.atom(host, start), mul(i, tc.kb.atom(host, stride)))
        })?;
        Ok(Repr::Seq(SeqRepr::Array(elements)))
    }

    fn host_scan(&mut self, prim: Prim, seq: HostVar) -> Result<HostVar> {
        let host = &self.fb.function;
        let ty = host.var(seq).ty.scalar();
        let m = monoid(prim, ty)?;
        let mut kb = KernelBuilder::new();
        let i = index_param(&mut kb, "i");
        let pull = Thunk { params: vec![i], body: kb.read(host, seq, GExpr::Var(i)) };
        let op = monoid_thunk(&mut kb, &m, ty);
        let size = kb.length(host, seq);
        let scan = Soac::Scan { size, pull, neutral: vec![m.neutral], op };
        let op_name = format!("scan_{}", m.name);
        Ok(self.run_kernel(kb, &op_name, scan, &[("scanned".to_string(), VarType::Array(ty))])[0])
    }

    fn host_reduce(&mut self, prim: Prim, seq: HostVar) -> Result<Atom> {
        let host = &self.fb.function;
        let ty = host.var(seq).ty.scalar();
        let m = monoid(prim, ty)?;
        let mut kb = KernelBuilder::new();
        let i = index_param(&mut kb, "i");
        let pull = Thunk { params: vec![i], body: kb.read(host, seq, GExpr::Var(i)) };
        let op = monoid_thunk(&mut kb, &m, ty);
        let size = kb.length(host, seq);
        let reduce = Soac::Reduce { size, pull, neutral: vec![m.neutral], op };
        let op_name = format!("reduce_{}", m.name);
        Ok(Atom::Var(self.run_kernel(kb, &op_name, reduce, &[(m.name.to_string(), VarType::Scalar(ty))])[0]))
    }

    fn host_extreme_index(&mut self, e: ExprId, prim: Prim, seq: HostVar) -> Result<Repr> {
        let name = prim.name();
        let n = self.fb.length(seq);
        let nonempty = self.fb.binary(BinaryOp::Gt, Scalar::Int, n, Atom::Const(Const::Int(0)));
        let site = self.fault(e, faults::empty_extreme_index(name));
        self.fb.assert(nonempty, site, Vec::new());
        let host = &self.fb.function;
        let ty = host.var(seq).ty.scalar();
        let mut kb = KernelBuilder::new();
        let i = index_param(&mut kb, "i");
        let pull =
            Thunk { params: vec![i], body: GExpr::Tuple(vec![kb.read(host, seq, GExpr::Var(i)), GExpr::Var(i)]) };
        let op = extreme_index_thunk(&mut kb, ty, prim == Prim::MaxIndex);
        let size = kb.length(host, seq);
        let neutral = vec![zero_of(ty), Const::Int(-1)];
        let reduce = Soac::Reduce { size, pull, neutral, op };
        let results =
            [("extreme".to_string(), VarType::Scalar(ty)), ("index".to_string(), VarType::Scalar(Scalar::Int))];
        let out = self.run_kernel(kb, &format!("reduce_{name}"), reduce, &results);
        Ok(Repr::Scalar(Atom::Var(out[1])))
    }

    /// Faults at `site` with the first negative element of `array`.
    pub fn check_nonnegative(&mut self, array: HostVar, site: FaultId) -> Result<()> {
        let host = &self.fb.function;
        let mut kb = KernelBuilder::new();
        let i = index_param(&mut kb, "i");
        let mut tc = ThunkCx::new(kb);
        let x = tc.kb.read(host, array, GExpr::Var(i));
        let x = tc.share("x", Scalar::Int, x);
        tc.assert(cmp(BinaryOp::Ge, x.clone(), int(0)), site, vec![x]);
        let (body, mut kb) = tc.finish(GExpr::Tuple(Vec::new()));
        let size = kb.length(host, array);
        self.run_kernel(kb, "check", Soac::Map { size, pull: Thunk { params: vec![i], body } }, &[]);
        Ok(())
    }

    /// The sequence whose element `target(j)` is element `j` of `seq`, for
    /// `j` in `[0, size)`; faults at `repeated` unless the targets are a
    /// permutation.
    pub fn permute_by(&mut self, seq: &SeqRepr, size: Size, target: TargetFn, repeated: FaultId) -> Result<SeqRepr> {
        let host = &self.fb.function;
        let mut kb = KernelBuilder::new();
        let j = index_param(&mut kb, "j");
        let columns = scalar_columns(seq);
        let values_body = match &columns {
            Some(cols) => {
                let reads: Vec<GExpr> = cols.iter().map(|c| kb.read(host, *c, GExpr::Var(j))).collect();
                if reads.len() == 1 { reads.into_iter().next().expect("a read") } else { GExpr::Tuple(reads) }
            }
            None => GExpr::Var(j),
        };
        let k = index_param(&mut kb, "k");
        let mut tc = ThunkCx::new(kb);
        let t = target(&mut tc, host, GExpr::Var(k));
        let (index_body, mut kb) = tc.finish(t);
        let size_expr = kb.size(host, &size);
        let soac = Soac::Permute {
            size: size_expr,
            values: Thunk { params: vec![j], body: values_body },
            index: Thunk { params: vec![k], body: index_body },
            check: Some(repeated),
        };
        match columns {
            Some(cols) => {
                let results: Vec<(String, VarType)> =
                    cols.iter().map(|c| (host.var(*c).name.clone(), host.var(*c).ty)).collect();
                let out = self.run_kernel(kb, "permute", soac, &results);
                Ok(rebuild_columns(seq, &mut out.into_iter()))
            }
            None => {
                let inverse =
                    self.run_kernel(kb, "permute", soac, &[("source".to_string(), VarType::Array(Scalar::Int))])[0];
                let route = move |tc: &mut ThunkCx, host: &HostFunction, p: GExpr| Route {
                    choice: Choice::Only,
                    index: tc.kb.read(host, inverse, p),
                };
                self.gather(std::slice::from_ref(seq), size, &route)
            }
        }
    }

    /// A copy of `seq` with element `target(q)` replaced by element `q` of
    /// `values`, for `q` in `[0, size)`, the last write winning; faults at
    /// `site` for a target outside `seq`.
    pub fn write_by(
        &mut self,
        seq: &SeqRepr,
        values: &SeqRepr,
        size: Size,
        target: TargetFn,
        site: FaultId,
    ) -> Result<SeqRepr> {
        let host = &self.fb.function;
        let mut kb = KernelBuilder::new();
        let q = index_param(&mut kb, "q");
        let (base, values_body, results) = match (scalar_columns(seq), scalar_columns(values)) {
            (Some(base), Some(cols)) => {
                let reads: Vec<GExpr> = cols.iter().map(|c| kb.read(host, *c, GExpr::Var(q))).collect();
                let body =
                    if reads.len() == 1 { reads.into_iter().next().expect("a read") } else { GExpr::Tuple(reads) };
                let results: Vec<(String, VarType)> =
                    base.iter().map(|c| (host.var(*c).name.clone(), host.var(*c).ty)).collect();
                (Some(base), body, results)
            }
            _ => (None, GExpr::Var(q), vec![("writer".to_string(), VarType::Array(Scalar::Int))]),
        };
        let base_vars = match &base {
            Some(b) => b.clone(),
            None => {
                let n = Size::LengthOf(seq.length_witness());
                vec![self.map_column(&n, "writer", Scalar::Int, &|_, _, _| int(-1))?]
            }
        };
        let host = &self.fb.function;
        let base_params = base_vars.iter().map(|v| kb.param(host, *v)).collect();
        let k = index_param(&mut kb, "k");
        let mut tc = ThunkCx::new(kb);
        let t = target(&mut tc, host, GExpr::Var(k));
        let (index_body, mut kb) = tc.finish(t);
        let size_expr = kb.size(host, &size);
        let soac = Soac::Scatter {
            size: size_expr,
            base: base_params,
            values: Thunk { params: vec![q], body: values_body },
            index: Thunk { params: vec![k], body: index_body },
            site,
        };
        let out = self.run_kernel(kb, "scatter", soac, &results);
        if base.is_some() {
            return Ok(rebuild_columns(seq, &mut out.into_iter()));
        }
        let writer = out[0];
        let route = move |tc: &mut ThunkCx, host: &HostFunction, p: GExpr| {
            let p = tc.share("p", Scalar::Int, p);
            let w = tc.kb.read(host, writer, p.clone());
            let w = tc.share("w", Scalar::Int, w);
            let kept = tc.share("c", Scalar::Bool, cmp(BinaryOp::Lt, w.clone(), int(0)));
            Route { index: GExpr::if_(kept.clone(), p, w), choice: Choice::First(kept) }
        };
        self.gather(&[seq.clone(), values.clone()], Size::LengthOf(seq.length_witness()), &route)
    }

    /// The elements of `values` whose flag is true, in order.
    pub fn pack_by(&mut self, values: &SeqRepr, flags: HostVar) -> Result<SeqRepr> {
        let host = &self.fb.function;
        let columns = scalar_columns(values).unwrap_or_default();
        let mut kb = KernelBuilder::new();
        let i = index_param(&mut kb, "i");
        let mut pull = vec![GExpr::Var(i)];
        pull.extend(columns.iter().map(|c| kb.read(host, *c, GExpr::Var(i))));
        let j = index_param(&mut kb, "j");
        let mut pred_params = vec![j];
        for c in &columns {
            pred_params.push(kb.var(&host.var(*c).name, VarType::Scalar(host.var(*c).ty.scalar())));
        }
        let pred = Thunk { params: pred_params, body: kb.read(host, flags, GExpr::Var(j)) };
        let size = kb.length(host, flags);
        let pull_body = if pull.len() == 1 { pull.remove(0) } else { GExpr::Tuple(pull) };
        let filter = Soac::Filter { size, pull: Thunk { params: vec![i], body: pull_body }, pred, before: None };
        let mut results = vec![("kept".to_string(), VarType::Array(Scalar::Int))];
        results.extend(columns.iter().map(|c| (host.var(*c).name.clone(), host.var(*c).ty)));
        let out = self.run_kernel(kb, "filter_pack", filter, &results);
        if scalar_columns(values).is_some() {
            return Ok(rebuild_columns(values, &mut out[1..].iter().copied()));
        }
        let kept = out[0];
        let route = move |tc: &mut ThunkCx, host: &HostFunction, p: GExpr| Route {
            choice: Choice::Only,
            index: tc.kb.read(host, kept, p),
        };
        self.gather(std::slice::from_ref(values), Size::LengthOf(kept), &route)
    }
}

/// The reads of one element's scalars, and of its sequences' lengths and
/// offsets, in the order `element_of` takes them back.
fn collect_element_reads(
    tc: &mut ThunkCx,
    host: &HostFunction,
    seq: &SeqRepr,
    index: &GExpr,
    reads: &mut Vec<GExpr>,
    results: &mut Vec<(String, VarType)>,
) {
    match seq {
        SeqRepr::Array(v) => {
            reads.push(tc.kb.read(host, *v, index.clone()));
            results.push((host.var(*v).name.clone(), VarType::Scalar(host.var(*v).ty.scalar())));
        }
        SeqRepr::Tuple(columns) => {
            columns.iter().for_each(|c| collect_element_reads(tc, host, c, index, reads, results))
        }
        SeqRepr::Nested { lengths, offsets, .. } => {
            reads.push(tc.kb.read(host, *lengths, index.clone()));
            reads.push(tc.kb.read(host, *offsets, index.clone()));
            results.push(("length".to_string(), VarType::Scalar(Scalar::Int)));
            results.push(("start".to_string(), VarType::Scalar(Scalar::Int)));
        }
    }
}

/// `0 <= index < length`
pub(crate) fn in_range(index: GExpr, length: GExpr) -> GExpr {
    and(cmp(BinaryOp::Ge, index.clone(), int(0)), cmp(BinaryOp::Lt, index, length))
}

/// The number of elements of `iseq(start, stride, end)` (stride nonzero).
pub(crate) fn iseq_count<E: ScalarEmitter>(em: &mut E, start: E::V, stride: E::V, end: E::V) -> E::V {
    let zero = em.constant(Const::Int(0));
    let upward = em.binary(BinaryOp::Gt, Scalar::Int, stride.clone(), zero.clone());
    let up = em.binary(BinaryOp::Sub, Scalar::Int, end.clone(), start.clone());
    let down = em.binary(BinaryOp::Sub, Scalar::Int, start, end);
    let distance = em.select(Scalar::Int, upward, up, down);
    let distance = em.share(Scalar::Int, distance);
    let step = em.unary(UnaryOp::Abs, Scalar::Int, stride);
    let step = em.share(Scalar::Int, step);
    let one = em.constant(Const::Int(1));
    let rounded_up = em.binary(BinaryOp::Sub, Scalar::Int, step.clone(), one);
    let padded = em.binary(BinaryOp::Add, Scalar::Int, distance.clone(), rounded_up);
    let steps = em.binary(BinaryOp::Div, Scalar::Int, padded, step);
    let empty = em.binary(BinaryOp::Le, Scalar::Int, distance, zero.clone());
    em.select(Scalar::Int, empty, zero, steps)
}

/// A zero of a scalar type (the neutral value of an unused component).
pub(crate) fn zero_of(ty: Scalar) -> Const {
    match ty {
        Scalar::Int => Const::Int(0),
        Scalar::Float => Const::Float(0.0),
        Scalar::Bool => Const::Bool(false),
        Scalar::Char => Const::Char(0),
    }
}

/// Why `@` of a value of type `ty` is refused.
pub(crate) fn to_string_refusal(program: &nesl_frontend::tast::Program, ty: &nesl_frontend::Type) -> String {
    format!("`@` (conversion to a string) of a value of type {}", program.type_name(ty))
}

/// The primitives flattening does not support yet, with what to call them.
pub(crate) fn unsupported_prim(prim: Prim) -> Option<&'static str> {
    Some(match prim {
        Prim::Rand => "`rand`",
        Prim::RandSeed => "`rand_seed`",
        _ => return None,
    })
}
