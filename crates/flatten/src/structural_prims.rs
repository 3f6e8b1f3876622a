//! `eql` and `hash`: the primitives that look at a value of any type as a
//! whole (the interpreter's `structural.rs`).
//!
//! - `eql` of GPU values compares their scalars (scalar code). `eql` of
//!   sequences in the host context compares lengths, then every column of
//!   one level with a `REDUCE` of `and`, then the next level down where the
//!   lengths agreed, so no kernel reads past an element that does not exist.
//!   In a lifted context, sequences of GPU values compare by a
//!   `SEG_REDUCE`.
//! - `hash` of GPU values is the interpreter's fold of SplitMix64's mixing
//!   step over the value's words (note [hash] in `builtins.rs`), unrolled in
//!   scalar code, with the unsigned arithmetic spelled in signed operations.
//!   A sequence hashes its length and the sum of its elements' hashes
//!   mixed with their positions: a `REDUCE` on the host, a `SEG_REDUCE` per
//!   instance (`segmented_prims.rs`). Elements that hold sequences first get
//!   their own states, one column per level from the innermost up
//!   ([`FnCx::element_states`]); a lifted value of any other type is such a
//!   column of its instances, reduced to the range.
//! - `eql` of lifted values holding sequences compares the two values level
//!   by level, each element of one paired with its partner in the other
//!   (or with none, below a pair of sequences whose lengths differ):
//!   note [eql by partners].

use nesl_frontend::Type;
use nesl_frontend::tast::ExprId;

use crate::context::Size;
use crate::error::{FlattenError, Result};
use crate::flatten_program::FnCx;
use crate::ir::{
    Atom, BinaryOp, Const, FaultId, GExpr, HostExpr, HostVar, Repr, Scalar, SegDesc, SeqRepr, Soac, Stmt, Thunk,
    UnaryOp, VarType,
};
use crate::kernel_code::{KernelBuilder, ThunkCx, add, binary_thunk, cmp, index_param, int, sub};
use crate::representation::{LiftedScalar, Val, components, elem_type, scalar_type};
use crate::scalar_prims::ScalarEmitter;
use crate::sequence_prims::scalar_columns;

/// SplitMix64's increment, added with every word.
const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The message of `hash` with a range that is not positive.
pub(crate) fn hash_range() -> String {
    "`hash`: the range must be positive, but it is {0}".to_string()
}

/// `hash(v, range)` of a GPU value whose scalars are `words` (with their
/// types): the fold of the mixing step, reduced to `[0, range)`.
pub(crate) fn emit_hash<E: ScalarEmitter>(em: &mut E, words: Vec<(E::V, Scalar)>, range: E::V, site: FaultId) -> E::V {
    let range = em.share(Scalar::Int, range);
    let zero = em.constant(Const::Int(0));
    let positive = em.binary(BinaryOp::Gt, Scalar::Int, range.clone(), zero);
    em.check(positive, site, vec![range.clone()]);
    let mut state = em.constant(Const::Int(0));
    for (value, ty) in words {
        state = absorb(em, state, value, ty);
    }
    unsigned_rem(em, state, range)
}

/// `hash(v, range)` from the state of `v` (its words folded into 0).
pub(crate) fn emit_hash_of_state<E: ScalarEmitter>(em: &mut E, state: E::V, range: E::V, site: FaultId) -> E::V {
    let range = em.share(Scalar::Int, range);
    let zero = em.constant(Const::Int(0));
    let positive = em.binary(BinaryOp::Gt, Scalar::Int, range.clone(), zero);
    em.check(positive, site, vec![range.clone()]);
    unsigned_rem(em, state, range)
}

/// One step of the fold: `mix(state + word + γ)` for the word of `value`.
fn absorb<E: ScalarEmitter>(em: &mut E, state: E::V, value: E::V, ty: Scalar) -> E::V {
    let word = hash_word(em, value, ty);
    let gamma = em.constant(Const::Int(GOLDEN_GAMMA as i64));
    let sum = em.binary(BinaryOp::Add, Scalar::Int, state, word);
    let sum = em.binary(BinaryOp::Add, Scalar::Int, sum, gamma);
    mix64(em, sum)
}

/// The word a scalar contributes: ints as they are, bools and chars by
/// code, floats by bit pattern with `0.0 = -0.0` and one word for every NaN.
fn hash_word<E: ScalarEmitter>(em: &mut E, value: E::V, ty: Scalar) -> E::V {
    match ty {
        Scalar::Int => value,
        Scalar::Bool => em.unary(UnaryOp::BoolToInt, ty, value),
        Scalar::Char => em.unary(UnaryOp::CharToInt, ty, value),
        Scalar::Float => {
            let x = em.share(ty, value);
            let zero = em.constant(Const::Float(0.0));
            let is_zero = em.binary(BinaryOp::Eq, ty, x.clone(), zero);
            let is_nan = em.binary(BinaryOp::Ne, ty, x.clone(), x.clone());
            let bits = em.unary(UnaryOp::FloatBits, ty, x);
            let nan = em.constant(Const::Int(f64::NAN.to_bits() as i64));
            let word = em.select(Scalar::Int, is_nan, nan, bits);
            let none = em.constant(Const::Int(0));
            em.select(Scalar::Int, is_zero, none, word)
        }
    }
}

/// Where the states of a sequence's elements (each element's words folded
/// into 0) come from: GPU elements fold their scalar columns where they are
/// read; elements holding sequences have a column of states computed
/// beforehand ([`FnCx::element_states`]).
pub(crate) enum ElementWords {
    Columns(Vec<HostVar>),
    States(HostVar),
}

/// The term a sequence's element adds to the sum its hash absorbs: the
/// element's own state (read at `position`) mixed with its index `within`
/// the sequence.
pub(crate) fn element_hash_term(
    tc: &mut ThunkCx,
    host: &crate::ir::HostFunction,
    words: &ElementWords,
    position: GExpr,
    within: GExpr,
) -> GExpr {
    let position = tc.share("p", Scalar::Int, position);
    let mut em = crate::scalar_code::ThunkEmitter { tc };
    let state = match words {
        ElementWords::Columns(columns) => {
            let mut state = em.constant(Const::Int(0));
            for column in columns {
                let ty = host.var(*column).ty.scalar();
                let value = em.tc.kb.read(host, *column, position.clone());
                state = absorb(&mut em, state, value, ty);
            }
            state
        }
        ElementWords::States(states) => em.tc.kb.read(host, *states, position),
    };
    let index = mix64(&mut em, within);
    crate::random_keys::emit_mix(&mut em, state, index)
}

/// `x >> k` on the bits of `x` as an unsigned word (`0 < k < 64`).
pub(crate) fn logical_shift_right<E: ScalarEmitter>(em: &mut E, x: E::V, k: u32) -> E::V {
    let shift = em.constant(Const::Int(i64::from(k)));
    let shifted = em.binary(BinaryOp::Shr, Scalar::Int, x, shift);
    let mask = em.constant(Const::Int(((1u64 << (64 - k)) - 1) as i64));
    em.binary(BinaryOp::And, Scalar::Int, shifted, mask)
}

/// SplitMix64's output function (the interpreter's `mix64`).
pub(crate) fn mix64<E: ScalarEmitter>(em: &mut E, z: E::V) -> E::V {
    let mut z = em.share(Scalar::Int, z);
    for (shift, multiplier) in [(30, 0xBF58_476D_1CE4_E5B9u64), (27, 0x94D0_49BB_1331_11EB)] {
        let shifted = logical_shift_right(em, z.clone(), shift);
        let mixed = em.binary(BinaryOp::Xor, Scalar::Int, z, shifted);
        let factor = em.constant(Const::Int(multiplier as i64));
        let product = em.binary(BinaryOp::Mul, Scalar::Int, mixed, factor);
        z = em.share(Scalar::Int, product);
    }
    let shifted = logical_shift_right(em, z.clone(), 31);
    let mixed = em.binary(BinaryOp::Xor, Scalar::Int, z, shifted);
    em.share(Scalar::Int, mixed)
}

/// `x mod range` with `x` read as an unsigned word and `range > 0`.
fn unsigned_rem<E: ScalarEmitter>(em: &mut E, x: E::V, range: E::V) -> E::V {
    let x = em.share(Scalar::Int, x);
    let zero = em.constant(Const::Int(0));
    let is_small = em.binary(BinaryOp::Ge, Scalar::Int, x.clone(), zero);
    let small = em.binary(BinaryOp::Rem, Scalar::Int, x.clone(), range.clone());
    // x = 2^63 + low, where low = x and max_int.
    let max = em.constant(Const::Int(i64::MAX));
    let low = em.binary(BinaryOp::And, Scalar::Int, x, max.clone());
    let low = em.binary(BinaryOp::Rem, Scalar::Int, low, range.clone());
    let low = em.share(Scalar::Int, low);
    let max_rem = em.binary(BinaryOp::Rem, Scalar::Int, max, range.clone());
    let one = em.constant(Const::Int(1));
    let high = em.binary(BinaryOp::Add, Scalar::Int, max_rem, one);
    let high = em.binary(BinaryOp::Rem, Scalar::Int, high, range.clone());
    let high = em.share(Scalar::Int, high);
    // (low + high) mod range without overflow.
    let room = em.binary(BinaryOp::Sub, Scalar::Int, range, high.clone());
    let room = em.share(Scalar::Int, room);
    let wraps = em.binary(BinaryOp::Ge, Scalar::Int, low.clone(), room.clone());
    let wrapped = em.binary(BinaryOp::Sub, Scalar::Int, low.clone(), room);
    let plain = em.binary(BinaryOp::Add, Scalar::Int, low, high);
    let large = em.select(Scalar::Int, wraps, wrapped, plain);
    em.select(Scalar::Int, is_small, small, large)
}

impl FnCx<'_, '_> {
    /// `eql(a, b)` in the host context.
    pub fn host_eql(&mut self, args: &[ExprId]) -> Result<Repr> {
        let ty = self.expr(args[0]).ty.clone();
        let a = self.compile_host(args[0])?;
        let b = self.compile_host(args[1])?;
        Ok(Repr::Scalar(self.eql_reprs(&ty, &a, &b)?))
    }

    /// `hash(v, n)` in the host context: the fold of `v`'s words, a
    /// sequence's (its length and the sum of its elements' terms) from a
    /// `REDUCE`.
    pub fn host_hash(&mut self, e: ExprId, args: &[ExprId]) -> Result<Repr> {
        let ty = self.expr(args[0]).ty.clone();
        let value = self.compile_host(args[0])?;
        let Repr::Scalar(range) = self.compile_host(args[1])? else {
            return Err(FlattenError::bug("`hash` with a range that is not a scalar"));
        };
        let mut words = Vec::new();
        self.host_hash_words(&ty, &value, &mut words)?;
        let site = self.fault(e, hash_range());
        let hash = emit_hash(&mut crate::scalar_code::HostEmitter { fb: &mut self.fb }, words, range, site);
        Ok(Repr::Scalar(hash))
    }

    /// The words of a host value of type `ty`, in note [hash]'s order.
    fn host_hash_words(&mut self, ty: &Type, value: &Repr, out: &mut Vec<(Atom, Scalar)>) -> Result<()> {
        if crate::representation::is_gpu_type(self.program(), ty) {
            let mut atoms = Vec::new();
            crate::representation::repr_atoms(value, &mut atoms);
            let types = crate::scalar_code::scalar_components(self.program(), ty)?;
            out.extend(atoms.into_iter().zip(types));
            return Ok(());
        }
        match value {
            Repr::Scalar(a) => out.push((*a, scalar_type(ty)?)),
            Repr::Tuple(items) => {
                let parts = components(self.program(), ty)
                    .ok_or_else(|| FlattenError::bug("a tuple representation of a type without components"))?;
                for (t, item) in parts.iter().zip(items) {
                    self.host_hash_words(t, item, out)?;
                }
            }
            Repr::Seq(seq) => {
                out.push((self.fb.length(seq.length_witness()), Scalar::Int));
                let words = self.element_words(seq)?;
                let host = &self.fb.function;
                let mut kb = KernelBuilder::new();
                let p = index_param(&mut kb, "p");
                let mut tc = ThunkCx::new(kb);
                let term = element_hash_term(&mut tc, host, &words, GExpr::Var(p), GExpr::Var(p));
                let (body, mut kb) = tc.finish(term);
                let op = binary_thunk(&mut kb, BinaryOp::Add, Scalar::Int);
                let size = kb.length(host, seq.length_witness());
                let reduce =
                    Soac::Reduce { size, pull: Thunk { params: vec![p], body }, neutral: vec![Const::Int(0)], op };
                let results = [("hash_sum".to_string(), VarType::Scalar(Scalar::Int))];
                let sum = self.run_kernel(kb, "reduce_hash", reduce, &results)[0];
                out.push((Atom::Var(sum), Scalar::Int));
            }
        }
        Ok(())
    }

    /// How the states of `seq`'s elements are read.
    pub(crate) fn element_words(&mut self, seq: &SeqRepr) -> Result<ElementWords> {
        match scalar_columns(seq) {
            Some(columns) => Ok(ElementWords::Columns(columns)),
            None => Ok(ElementWords::States(self.element_states(seq)?)),
        }
    }

    /// The state of each element of `seq` (its words folded into 0), as a
    /// column: a scalar column gives its word, a nested one two (the
    /// inner sequence's length and the sum of its elements' terms, a
    /// `SEG_REDUCE` over the states one level down).
    pub(crate) fn element_states(&mut self, seq: &SeqRepr) -> Result<HostVar> {
        let mut columns = Vec::new();
        self.state_columns(seq, &mut columns)?;
        self.map_column(&Size::LengthOf(seq.length_witness()), "state", Scalar::Int, &|tc, host, i| {
            let i = tc.share("i", Scalar::Int, i);
            let mut em = crate::scalar_code::ThunkEmitter { tc };
            let mut state = em.constant(Const::Int(0));
            for column in &columns {
                let ty = host.var(*column).ty.scalar();
                let value = em.tc.kb.read(host, *column, i.clone());
                state = absorb(&mut em, state, value, ty);
            }
            state
        })
    }

    /// The columns whose values are the words of each element of `seq`.
    fn state_columns(&mut self, seq: &SeqRepr, out: &mut Vec<HostVar>) -> Result<()> {
        match seq {
            SeqRepr::Array(x) => out.push(*x),
            SeqRepr::Tuple(columns) => {
                for column in columns {
                    self.state_columns(column, out)?;
                }
            }
            SeqRepr::Nested { lengths, offsets, elements } => {
                out.push(*lengths);
                let sums = self.segment_hash_sums(*lengths, *offsets, elements)?;
                out.push(sums);
            }
        }
        Ok(())
    }

    /// For each segment of a dense descriptor over `elements`, the sum of
    /// its elements' terms.
    pub(crate) fn segment_hash_sums(
        &mut self,
        lengths: HostVar,
        offsets: HostVar,
        elements: &SeqRepr,
    ) -> Result<HostVar> {
        let words = self.element_words(elements)?;
        let host = &self.fb.function;
        let mut kb = KernelBuilder::new();
        let p = index_param(&mut kb, "p");
        let mut tc = ThunkCx::new(kb);
        let offsets_param = tc.kb.param(host, offsets);
        let segment = GExpr::SegmentOf { offsets: offsets_param, index: Box::new(GExpr::Var(p)) };
        let segment = tc.share("s", Scalar::Int, segment);
        let within = tc.share("w", Scalar::Int, sub(GExpr::Var(p), GExpr::read(offsets_param, segment)));
        let term = element_hash_term(&mut tc, host, &words, GExpr::Var(p), within);
        let (body, mut kb) = tc.finish(term);
        let op = binary_thunk(&mut kb, BinaryOp::Add, Scalar::Int);
        let segments = SegDesc { lengths: kb.param(host, lengths), offsets: kb.param(host, offsets) };
        let reduce =
            Soac::SegReduce { segments, pull: Thunk { params: vec![p], body }, neutral: vec![Const::Int(0)], op };
        let results = [("hash_sum".to_string(), VarType::Array(Scalar::Int))];
        Ok(self.run_kernel(kb, "seg_reduce_hash", reduce, &results)[0])
    }

    fn eql_reprs(&mut self, ty: &Type, a: &Repr, b: &Repr) -> Result<Atom> {
        match (a, b) {
            (Repr::Scalar(x), Repr::Scalar(y)) => Ok(self.fb.binary(BinaryOp::Eq, scalar_type(ty)?, *x, *y)),
            (Repr::Tuple(xs), Repr::Tuple(ys)) => {
                let parts = components(self.program(), ty).unwrap_or_default();
                let mut result = Atom::Const(Const::Bool(true));
                for ((x, y), t) in xs.iter().zip(ys).zip(&parts) {
                    let equal = self.eql_reprs(t, x, y)?;
                    result = self.and_atoms(result, equal);
                }
                Ok(result)
            }
            (Repr::Seq(x), Repr::Seq(y)) => self.eql_seqs(x, y),
            _ => Err(FlattenError::bug("`eql` of values of different shapes")),
        }
    }

    fn and_atoms(&mut self, a: Atom, b: Atom) -> Atom {
        match a {
            Atom::Const(Const::Bool(true)) => b,
            _ => self.fb.binary(BinaryOp::And, Scalar::Bool, a, b),
        }
    }

    /// Two host sequences are equal when their lengths are, and then their
    /// columns.
    fn eql_seqs(&mut self, a: &SeqRepr, b: &SeqRepr) -> Result<Atom> {
        let (na, nb) = (self.fb.length(a.length_witness()), self.fb.length(b.length_witness()));
        let same = self.fb.binary(BinaryOp::Eq, Scalar::Int, na, nb);
        self.if_then_else_false(same, &mut |this| this.eql_columns(a, b))
    }

    /// `if cond then (what) else f` on the host.
    fn if_then_else_false(&mut self, cond: Atom, what: &mut dyn FnMut(&mut Self) -> Result<Atom>) -> Result<Atom> {
        self.fb.begin_block();
        let value = what(self)?;
        let then_block = self.fb.end_block(vec![value]);
        self.fb.begin_block();
        let else_block = self.fb.end_block(vec![Atom::Const(Const::Bool(false))]);
        let result = self.fb.var("equal", VarType::Scalar(Scalar::Bool));
        self.fb.push(Stmt::Let { vars: vec![result], expr: HostExpr::If { cond, then_block, else_block } });
        Ok(Atom::Var(result))
    }

    /// Sequences of one length are equal when every column of this level
    /// is (a `REDUCE`), and then their nested columns.
    fn eql_columns(&mut self, a: &SeqRepr, b: &SeqRepr) -> Result<Atom> {
        let mut pairs = Vec::new();
        let mut nested = Vec::new();
        level_columns(a, b, &mut pairs, &mut nested)?;
        let host = &self.fb.function;
        let mut kb = KernelBuilder::new();
        let i = index_param(&mut kb, "i");
        let mut equal = GExpr::Const(Const::Bool(true));
        for (x, y) in &pairs {
            let ty = host.var(*x).ty.scalar();
            let e = GExpr::binary(BinaryOp::Eq, ty, kb.read(host, *x, GExpr::Var(i)), kb.read(host, *y, GExpr::Var(i)));
            equal = if equal == GExpr::Const(Const::Bool(true)) { e } else { crate::kernel_code::and(equal, e) };
        }
        let op = binary_thunk(&mut kb, BinaryOp::And, Scalar::Bool);
        let size = kb.length(host, a.length_witness());
        let reduce =
            Soac::Reduce { size, pull: Thunk { params: vec![i], body: equal }, neutral: vec![Const::Bool(true)], op };
        let columns_equal = Atom::Var(
            self.run_kernel(kb, "reduce_eql", reduce, &[("equal".to_string(), VarType::Scalar(Scalar::Bool))])[0],
        );
        if nested.is_empty() {
            return Ok(columns_equal);
        }
        self.if_then_else_false(columns_equal, &mut |this| {
            let mut result = Atom::Const(Const::Bool(true));
            for (_, _, x, y) in &nested {
                let equal = this.eql_columns(x, y)?;
                result = this.and_atoms(result, equal);
            }
            Ok(result)
        })
    }

    /// `eql(a, b)` in a lifted context, of values that are not GPU values
    /// (those are compared by the scalar code): sequences of GPU values,
    /// and pairs and datatypes holding them.
    pub fn lifted_eql(&mut self, e: ExprId, a: &Val, b: &Val) -> Result<Val> {
        let ty = self.expr(self.eql_arg(e)?).ty.clone();
        self.lifted_eql_at(&ty, a, b)
    }

    /// `eql` of two lifted values of type `ty`, one bool per instance:
    /// componentwise for pairs and datatypes (a datatype holding a
    /// sequence is no GPU value, but its fields may be).
    fn lifted_eql_at(&mut self, ty: &Type, a: &Val, b: &Val) -> Result<Val> {
        let level = self.levels.current();
        let size = self.levels.get(level).size.clone();
        if crate::representation::is_gpu_type(self.program(), ty) {
            let (xs, ys) = (self.dense_at(a, level)?, self.dense_at(b, level)?);
            let (Some(xs), Some(ys)) = (scalar_columns(&xs), scalar_columns(&ys)) else {
                return Err(FlattenError::bug("GPU values with nested columns"));
            };
            let pairs: Vec<(HostVar, HostVar)> = xs.into_iter().zip(ys).collect();
            let equal = self.map_column(&size, "equal", Scalar::Bool, &|tc, host, i| {
                let i = tc.share("i", Scalar::Int, i);
                let mut equal = GExpr::Const(Const::Bool(true));
                for (x, y) in &pairs {
                    let ty = host.var(*x).ty.scalar();
                    let (here, there) = (tc.kb.read(host, *x, i.clone()), tc.kb.read(host, *y, i.clone()));
                    let eq = GExpr::binary(BinaryOp::Eq, ty, here, there);
                    equal =
                        if equal == GExpr::Const(Const::Bool(true)) { eq } else { crate::kernel_code::and(equal, eq) };
                }
                equal
            })?;
            return Ok(Val::Scalar(LiftedScalar { level, array: equal, path: Vec::new() }));
        }
        if let Some(parts) = components(self.program(), ty) {
            let (xs, ys) = (a.clone().into_components()?, b.clone().into_components()?);
            let mut columns = Vec::new();
            for ((t, x), y) in parts.iter().zip(&xs).zip(&ys) {
                let equal = self.lifted_eql_at(t, x, y)?;
                let SeqRepr::Array(column) = self.dense_at(&equal, level)? else {
                    return Err(FlattenError::bug("an `eql` column that is not one array"));
                };
                columns.push(column);
            }
            let all = self.map_column(&size, "equal", Scalar::Bool, &|tc, host, i| {
                let i = tc.share("i", Scalar::Int, i);
                let mut all = GExpr::Const(Const::Bool(true));
                for column in &columns {
                    let equal = tc.kb.read(host, *column, i.clone());
                    all = if all == GExpr::Const(Const::Bool(true)) {
                        equal
                    } else {
                        crate::kernel_code::and(all, equal)
                    };
                }
                all
            })?;
            return Ok(Val::Scalar(LiftedScalar { level, array: all, path: Vec::new() }));
        }
        let elem = elem_type(ty)?.clone();
        if !crate::representation::is_gpu_type(self.program(), &elem) {
            let (xs, ys) = (self.dense_at(a, level)?, self.dense_at(b, level)?);
            let equal = self.eql_by_partners(&xs, &ys, None)?;
            return Ok(Val::Scalar(LiftedScalar { level, array: equal, path: Vec::new() }));
        }
        let SeqRepr::Nested { lengths, offsets, elements } = self.dense_at(a, level)? else {
            return Err(FlattenError::bug("a lifted sequence that is not nested"));
        };
        let source = self.seg_source(b)?;
        let (Some(xs), Some(ys)) = (scalar_columns(&elements), scalar_columns(&source.data)) else {
            return Err(FlattenError::bug("GPU elements with nested columns"));
        };
        let host = &self.fb.function;
        let mut kb = KernelBuilder::new();
        let p = index_param(&mut kb, "p");
        let mut tc = ThunkCx::new(kb);
        let offsets_param = tc.kb.param(host, offsets);
        let segment = GExpr::SegmentOf { offsets: offsets_param, index: Box::new(GExpr::Var(p)) };
        let segment = tc.share("s", Scalar::Int, segment);
        let within = sub(GExpr::Var(p), GExpr::read(offsets_param, segment.clone()));
        let (start, length) = source.at(&mut tc, host, segment.clone());
        let own_length = tc.kb.read(host, lengths, segment);
        let mut equal = GExpr::Const(Const::Bool(true));
        for (x, y) in xs.iter().zip(&ys) {
            let ty = host.var(*x).ty.scalar();
            let there = tc.kb.read(host, *y, add(start.clone(), within.clone()));
            let here = tc.kb.read(host, *x, GExpr::Var(p));
            let eq = GExpr::binary(BinaryOp::Eq, ty, here, there);
            equal = if equal == GExpr::Const(Const::Bool(true)) { eq } else { crate::kernel_code::and(equal, eq) };
        }
        let body = GExpr::if_(cmp(BinaryOp::Eq, own_length, length), equal, GExpr::Const(Const::Bool(true)));
        let (body, mut kb) = tc.finish(body);
        let op = binary_thunk(&mut kb, BinaryOp::And, Scalar::Bool);
        let segments = SegDesc { lengths: kb.param(host, lengths), offsets: kb.param(host, offsets) };
        let reduce =
            Soac::SegReduce { segments, pull: Thunk { params: vec![p], body }, neutral: vec![Const::Bool(true)], op };
        let elements_equal =
            self.run_kernel(kb, "seg_reduce_eql", reduce, &[("equal".to_string(), VarType::Array(Scalar::Bool))])[0];
        let both = self.map_column(&self.levels.get(level).size.clone(), "equal", Scalar::Bool, &|tc, host, i| {
            let i = tc.share("i", Scalar::Int, i);
            let (_, length) = source.at(tc, host, i.clone());
            let same = cmp(BinaryOp::Eq, tc.kb.read(host, lengths, i.clone()), length);
            crate::kernel_code::and(same, tc.kb.read(host, elements_equal, i))
        })?;
        Ok(Val::Scalar(LiftedScalar { level, array: both, path: Vec::new() }))
    }

    /// For each element `p` of `a`: whether it equals element
    /// `partner[p]` of `b`, or true where `partner[p]` is -1 (no partner).
    /// `None` pairs each element with the one at its own position (`a`
    /// and `b` of one length). See note [eql by partners].
    fn eql_by_partners(&mut self, a: &SeqRepr, b: &SeqRepr, partner: Option<HostVar>) -> Result<HostVar> {
        let mut pairs = Vec::new();
        let mut nested = Vec::new();
        level_columns(a, b, &mut pairs, &mut nested)?;
        let mut nested_equal = Vec::new();
        for (outer_a, outer_b, inner_a, inner_b) in &nested {
            let (la, oa, lb, ob) = (outer_a.0, outer_a.1, outer_b.0, outer_b.1);
            // Element `r` of the inner level of `a`, at `w` in segment `p`,
            // pairs with `ob[partner[p]] + w` where the two segments have
            // one length.
            let inner_partner =
                self.map_column(&Size::LengthOf(inner_a.length_witness()), "partner", Scalar::Int, &|tc, host, r| {
                    let r = tc.share("r", Scalar::Int, r);
                    let offsets = tc.kb.param(host, oa);
                    let segment = GExpr::SegmentOf { offsets, index: Box::new(r.clone()) };
                    let p = tc.share("s", Scalar::Int, segment);
                    let within = sub(r, GExpr::read(offsets, p.clone()));
                    let partner_of_p = match partner {
                        Some(partner) => tc.kb.read(host, partner, p.clone()),
                        None => p.clone(),
                    };
                    let q = tc.share("q", Scalar::Int, partner_of_p);
                    let same_length = cmp(BinaryOp::Eq, tc.kb.read(host, la, p), tc.kb.read(host, lb, q.clone()));
                    let paired = GExpr::if_(same_length, add(tc.kb.read(host, ob, q.clone()), within), int(-1));
                    GExpr::if_(cmp(BinaryOp::Ge, q, int(0)), paired, int(-1))
                })?;
            let inner_equal = self.eql_by_partners(inner_a, inner_b, Some(inner_partner))?;
            nested_equal.push(self.segments_all(inner_equal, la, oa)?);
        }
        self.map_column(&Size::LengthOf(a.length_witness()), "equal", Scalar::Bool, &|tc, host, p| {
            let p = tc.share("p", Scalar::Int, p);
            let q = match partner {
                Some(partner) => {
                    let q = tc.kb.read(host, partner, p.clone());
                    tc.share("q", Scalar::Int, q)
                }
                None => p.clone(),
            };
            let mut equal = GExpr::Const(Const::Bool(true));
            for column in &nested_equal {
                equal = and_gexpr(equal, tc.kb.read(host, *column, p.clone()));
            }
            for (x, y) in &pairs {
                let ty = host.var(*x).ty.scalar();
                let (here, there) = (tc.kb.read(host, *x, p.clone()), tc.kb.read(host, *y, q.clone()));
                equal = and_gexpr(equal, GExpr::binary(BinaryOp::Eq, ty, here, there));
            }
            match partner {
                Some(_) => GExpr::if_(cmp(BinaryOp::Ge, q, int(0)), equal, GExpr::Const(Const::Bool(true))),
                None => equal,
            }
        })
    }

    /// For each segment of a dense descriptor, whether all its flags hold.
    fn segments_all(&mut self, flags: HostVar, lengths: HostVar, offsets: HostVar) -> Result<HostVar> {
        let host = &self.fb.function;
        let mut kb = KernelBuilder::new();
        let p = index_param(&mut kb, "p");
        let pull = Thunk { params: vec![p], body: kb.read(host, flags, GExpr::Var(p)) };
        let op = binary_thunk(&mut kb, BinaryOp::And, Scalar::Bool);
        let segments = SegDesc { lengths: kb.param(host, lengths), offsets: kb.param(host, offsets) };
        let reduce = Soac::SegReduce { segments, pull, neutral: vec![Const::Bool(true)], op };
        Ok(self.run_kernel(kb, "seg_reduce_and", reduce, &[("and".to_string(), VarType::Array(Scalar::Bool))])[0])
    }

    fn eql_arg(&self, e: ExprId) -> Result<ExprId> {
        match &self.expr(e).kind {
            nesl_frontend::tast::ExprKind::Prim { args, .. } => Ok(args[0]),
            _ => Err(FlattenError::bug("`eql` that is not a primitive application")),
        }
    }
}

/// `a and b`, without a `true and`.
fn and_gexpr(a: GExpr, b: GExpr) -> GExpr {
    if a == GExpr::Const(Const::Bool(true)) { b } else { crate::kernel_code::and(a, b) }
}

/// The descriptors (lengths, offsets) of a nested column of each of two
/// sequences, and its element sequences.
type NestedPair = ((HostVar, HostVar), (HostVar, HostVar), SeqRepr, SeqRepr);

/// The pairs of columns of one level of two sequences of one shape (scalar
/// columns and the lengths of nested ones), and the pairs of their nested
/// columns.
fn level_columns(
    a: &SeqRepr,
    b: &SeqRepr,
    pairs: &mut Vec<(HostVar, HostVar)>,
    nested: &mut Vec<NestedPair>,
) -> Result<()> {
    match (a, b) {
        (SeqRepr::Array(x), SeqRepr::Array(y)) => pairs.push((*x, *y)),
        (SeqRepr::Tuple(xs), SeqRepr::Tuple(ys)) => {
            for (x, y) in xs.iter().zip(ys) {
                level_columns(x, y, pairs, nested)?;
            }
        }
        (
            SeqRepr::Nested { lengths: la, offsets: oa, elements: ea },
            SeqRepr::Nested { lengths: lb, offsets: ob, elements: eb },
        ) => {
            pairs.push((*la, *lb));
            nested.push(((*la, *oa), (*lb, *ob), (**ea).clone(), (**eb).clone()));
        }
        _ => return Err(FlattenError::bug("`eql` of sequences of different shapes")),
    }
    Ok(())
}

// Note [eql by partners]
// ~~~~~~~~~~~~~~~~~~~~~~
// `eql` of one pair of values per instance, when the values hold sequences
// of sequences: both are made dense at the level (one element per
// instance), and each level of their representations is compared at once.
// Element `p` of a level of `a` has a partner in the same level of `b`: at
// the top, the element of the same instance; one level down, element `r`
// at position `w` of `a`'s inner segment `p` pairs with position `w` of
// `b`'s inner segment `partner[p]`, when that segment has the same length
// (otherwise `r` has no partner, -1, and the lengths' mismatch already
// makes `p` unequal). An element is equal to its partner when its scalar
// columns and inner lengths are, and every element of each of its inner
// segments is (a `SEG_REDUCE` of `and` over the flags one level down); an
// element without partner counts as equal. No kernel reads past an element
// that does not exist, whatever the shapes: a read of `b` is made only
// through a partner that exists.
