//! `sort` and `rank`: a stable least-significant-bit radix sort.
//!
//! Each ordinal becomes a 64-bit key whose order as an unsigned word is the
//! interpreter's order (note [primitive semantics]): ints with the sign bit
//! flipped, chars by code, floats by their bit pattern made monotone, with
//! `-0.0` keyed as `0.0` and every NaN as one NaN above every number (so
//! values the sort calls equal keep their order). One pass per digit of
//! [`RADIX_BITS`] bits, from the least significant, orders the elements
//! stably by that digit (`RADIX_PASS`: per-tile digit counts, their scan,
//! a stable scatter; see `lift_ir::radix`); the passes stop after the
//! digit holding the highest bit in which two keys differ (one `REDUCE`
//! of `key xor key[0]` by `or`). The passes are a host function that
//! calls itself once per digit, `radix_sort_pass`, built once per
//! program: keys below 2^30 take four passes, not a loop over the
//! elements.
//!
//! The sort carries the permutation (`order`): `sort(s)` gathers `s` by it,
//! `rank(s)` is its inverse. In a lifted context, a second sort by segment
//! index (stable, so the values stay ordered inside each segment) sorts
//! every instance's sequence at once.

use nesl_frontend::builtins::Prim;
use nesl_frontend::tast::ExprId;

use crate::context::{Levels, Size, SourceScope};
use crate::error::{FlattenError, Result};
use crate::flatten_program::FnCx;
use crate::gather::{Choice, Route};
use crate::host_code::FunctionBuilder;
use crate::ir::{
    Atom, BinaryOp, Const, FuncId, GExpr, HostExpr, HostFunction, HostVar, RADIX_BITS, Repr, Scalar, SeqRepr, Soac,
    Stmt, Thunk, UnaryOp, VarType,
};
use crate::kernel_code::{KernelBuilder, ThunkCx, binary_thunk, index_param, int, sub};
use crate::representation::{LiftedSeq, Val};

fn nested(seq: SeqRepr) -> Result<(HostVar, HostVar, HostVar)> {
    match seq {
        SeqRepr::Nested { lengths, offsets, elements } => match *elements {
            SeqRepr::Array(e) => Ok((lengths, offsets, e)),
            _ => Err(FlattenError::bug("a sort of a sequence that is not of ordinals")),
        },
        _ => Err(FlattenError::bug("a lifted sequence that is not nested")),
    }
}

impl FnCx<'_, '_> {
    /// `sort(s)` or `rank(s)` in the host context.
    pub fn host_sort(&mut self, prim: Prim, args: &[ExprId]) -> Result<Repr> {
        let Repr::Seq(SeqRepr::Array(values)) = self.compile_host(args[0])? else {
            return Err(FlattenError::bug("a sort of a sequence that is not of ordinals"));
        };
        let keys = self.sort_keys(values)?;
        let identity = self.map_column(&Size::LengthOf(values), "order", Scalar::Int, &|_, _, i| i)?;
        let order = self.sort_order(keys, identity)?;
        Ok(Repr::Seq(SeqRepr::Array(if prim == Prim::Sort {
            self.gather_by(values, order)?
        } else {
            self.inverse(order)?
        })))
    }

    /// `sort(s)` or `rank(s)` in a lifted context: every segment at once.
    pub fn lifted_sort(&mut self, prim: Prim, seq: &Val) -> Result<Val> {
        let level = self.levels.current();
        let (lengths, offsets, values) = nested(self.dense_at(seq, level)?)?;
        let keys = self.sort_keys(values)?;
        let identity = self.map_column(&Size::LengthOf(values), "order", Scalar::Int, &|_, _, i| i)?;
        let by_value = self.sort_order(keys, identity)?;
        let segments = self.map_column(&Size::LengthOf(values), "segment", Scalar::Int, &|tc, host, p| {
            let source = tc.kb.read(host, by_value, p);
            GExpr::SegmentOf { offsets: tc.kb.param(host, offsets), index: Box::new(source) }
        })?;
        let order = self.sort_order(segments, by_value)?;
        let elements = if prim == Prim::Sort {
            self.gather_by(values, order)?
        } else {
            let ranks = self.inverse(order)?;
            self.map_column(&Size::LengthOf(values), "rank", Scalar::Int, &|tc, host, p| {
                let p = tc.share("p", Scalar::Int, p);
                let offsets = tc.kb.param(host, offsets);
                let segment = GExpr::SegmentOf { offsets, index: Box::new(p.clone()) };
                sub(tc.kb.read(host, ranks, p), GExpr::read(offsets, segment))
            })?
        };
        Ok(Val::Seq(LiftedSeq::dense(level, lengths, offsets, SeqRepr::Array(elements))))
    }

    /// The sort keys of ordinals: unsigned order is the interpreter's order.
    fn sort_keys(&mut self, values: HostVar) -> Result<HostVar> {
        let ty = self.fb.var_type(values).scalar();
        self.map_column(&Size::LengthOf(values), "key", Scalar::Int, &|tc, host, i| {
            let x = tc.kb.read(host, values, i);
            match ty {
                Scalar::Char => GExpr::unary(UnaryOp::CharToInt, ty, x),
                Scalar::Float => {
                    let x = tc.share("x", ty, x);
                    let is_zero = GExpr::binary(BinaryOp::Eq, ty, x.clone(), GExpr::Const(Const::Float(0.0)));
                    let is_nan = GExpr::binary(BinaryOp::Ne, ty, x.clone(), x.clone());
                    let bits = GExpr::unary(UnaryOp::FloatBits, ty, x);
                    let canonical =
                        GExpr::if_(is_zero, int(0), GExpr::if_(is_nan, int(f64::NAN.to_bits() as i64), bits));
                    let b = tc.share("b", Scalar::Int, canonical);
                    // Positive floats above negative ones; negative ones in
                    // reverse order of their bits.
                    GExpr::if_(
                        GExpr::binary(BinaryOp::Ge, Scalar::Int, b.clone(), int(0)),
                        GExpr::binary(BinaryOp::Xor, Scalar::Int, b.clone(), int(i64::MIN)),
                        GExpr::unary(UnaryOp::Not, Scalar::Int, b),
                    )
                }
                _ => GExpr::binary(BinaryOp::Xor, Scalar::Int, x, int(i64::MIN)),
            }
        })
    }

    /// `order` permuted stably by `keys` (both as long as each other).
    fn sort_order(&mut self, keys: HostVar, order: HostVar) -> Result<HostVar> {
        // The bits in which some key differs from the first.
        let host = &self.fb.function;
        let mut kb = KernelBuilder::new();
        let i = index_param(&mut kb, "i");
        let body =
            GExpr::binary(BinaryOp::Xor, Scalar::Int, kb.read(host, keys, GExpr::Var(i)), kb.read(host, keys, int(0)));
        let op = binary_thunk(&mut kb, BinaryOp::Or, Scalar::Int);
        let size = kb.length(host, keys);
        let reduce = Soac::Reduce { size, pull: Thunk { params: vec![i], body }, neutral: vec![Const::Int(0)], op };
        let mask =
            self.run_kernel(kb, "reduce_differing_bits", reduce, &[("mask".into(), VarType::Scalar(Scalar::Int))])[0];
        let pass = self.radix_sort_pass()?;
        let sorted_keys = self.fb.var("sorted_keys", VarType::Array(Scalar::Int));
        let sorted = self.fb.var("sorted_order", VarType::Array(Scalar::Int));
        let args = vec![Atom::Var(keys), Atom::Var(order), Atom::Const(Const::Int(0)), Atom::Var(mask)];
        self.fb.push(Stmt::Let { vars: vec![sorted_keys, sorted], expr: HostExpr::Call { func: pass, args } });
        Ok(sorted)
    }

    /// The host function of one radix pass, built on first use.
    fn radix_sort_pass(&mut self) -> Result<FuncId> {
        if let Some(id) = self.fl.radix_sort_pass {
            return Ok(id);
        }
        let id = self.fl.reserve_function();
        self.fl.radix_sort_pass = Some(id);
        let name = self.fl.function_name("radix_sort_pass".to_string());
        let mut fb = FunctionBuilder::new(name);
        let keys = fb.var("keys", VarType::Array(Scalar::Int));
        let order = fb.var("order", VarType::Array(Scalar::Int));
        let bit = fb.var("bit", VarType::Scalar(Scalar::Int));
        let mask = fb.var("mask", VarType::Scalar(Scalar::Int));
        fb.function.params = vec![keys, order, bit, mask];
        let scope = SourceScope {
            name: "sort".to_string(),
            attribution: None,
            called_from: None,
            locals: Vec::new(),
            local_names: Vec::new(),
            globals: Default::default(),
        };
        let mut cx = FnCx::new(&mut *self.fl, fb, Levels::host(), scope);
        let (bit_atom, mask_atom) = (Atom::Var(bit), Atom::Var(mask));
        let rest = cx.fb.binary(BinaryOp::Shr, Scalar::Int, mask_atom, bit_atom);
        let all_bits = cx.fb.binary(BinaryOp::Eq, Scalar::Int, bit_atom, Atom::Const(Const::Int(64)));
        let no_more = cx.fb.binary(BinaryOp::Eq, Scalar::Int, rest, Atom::Const(Const::Int(0)));
        let finished = cx.fb.binary(BinaryOp::Or, Scalar::Bool, all_bits, no_more);
        cx.fb.begin_block();
        let then_block = cx.fb.end_block(vec![Atom::Var(keys), Atom::Var(order)]);
        cx.fb.begin_block();
        let (next_keys, next_order) = cx.radix_pass_step(keys, order, bit)?;
        let next_bit = cx.fb.binary(BinaryOp::Add, Scalar::Int, bit_atom, Atom::Const(Const::Int(RADIX_BITS as i64)));
        let sorted_keys = cx.fb.var("sorted_keys", VarType::Array(Scalar::Int));
        let sorted_order = cx.fb.var("sorted_order", VarType::Array(Scalar::Int));
        let args = vec![Atom::Var(next_keys), Atom::Var(next_order), next_bit, mask_atom];
        cx.fb.push(Stmt::Let { vars: vec![sorted_keys, sorted_order], expr: HostExpr::Call { func: id, args } });
        let else_block = cx.fb.end_block(vec![Atom::Var(sorted_keys), Atom::Var(sorted_order)]);
        let result_keys = cx.fb.var("keys", VarType::Array(Scalar::Int));
        let result_order = cx.fb.var("order", VarType::Array(Scalar::Int));
        cx.fb.push(Stmt::Let {
            vars: vec![result_keys, result_order],
            expr: HostExpr::If { cond: finished, then_block, else_block },
        });
        let function = cx.fb.finish(vec![Atom::Var(result_keys), Atom::Var(result_order)]);
        self.fl.functions[id.0 as usize] = Some(function);
        Ok(id)
    }

    /// One pass: keys and order stably ordered by the digit of
    /// [`RADIX_BITS`] bits from `bit` (`RADIX_PASS`).
    fn radix_pass_step(&mut self, keys: HostVar, order: HostVar, bit: HostVar) -> Result<(HostVar, HostVar)> {
        let host = &self.fb.function;
        let mut kb = KernelBuilder::new();
        let j = index_param(&mut kb, "j");
        let values = Thunk {
            params: vec![j],
            body: GExpr::Tuple(vec![kb.read(host, keys, GExpr::Var(j)), kb.read(host, order, GExpr::Var(j))]),
        };
        let k = index_param(&mut kb, "k");
        let shift = GExpr::Var(kb.param(host, bit));
        let key = kb.read(host, keys, GExpr::Var(k));
        let digit = GExpr::binary(
            BinaryOp::And,
            Scalar::Int,
            GExpr::binary(BinaryOp::Shr, Scalar::Int, key, shift),
            int((1 << RADIX_BITS) - 1),
        );
        let size = kb.length(host, keys);
        let pass = Soac::RadixPass { size, values, digit: Thunk { params: vec![k], body: digit }, bits: RADIX_BITS };
        let results =
            [("keys".to_string(), VarType::Array(Scalar::Int)), ("order".to_string(), VarType::Array(Scalar::Int))];
        let out = self.run_kernel(kb, "radix_pass", pass, &results);
        Ok((out[0], out[1]))
    }

    /// `values -> order`, known in range.
    fn gather_by(&mut self, values: HostVar, order: HostVar) -> Result<HostVar> {
        let route = move |tc: &mut ThunkCx, host: &HostFunction, p: GExpr| Route {
            choice: Choice::Only,
            index: tc.kb.read(host, order, p),
        };
        match self.gather(&[SeqRepr::Array(values)], Size::LengthOf(order), &route)? {
            SeqRepr::Array(v) => Ok(v),
            _ => Err(FlattenError::bug("a gather of one column gave several")),
        }
    }

    /// The inverse of a permutation.
    fn inverse(&mut self, order: HostVar) -> Result<HostVar> {
        let host = &self.fb.function;
        let mut kb = KernelBuilder::new();
        let j = index_param(&mut kb, "j");
        let k = index_param(&mut kb, "k");
        let index = Thunk { params: vec![k], body: kb.read(host, order, GExpr::Var(k)) };
        let size = kb.length(host, order);
        let permute =
            Soac::Permute { size, values: Thunk { params: vec![j], body: GExpr::Var(j) }, index, check: None };
        Ok(self.run_kernel(kb, "permute_rank", permute, &[("rank".into(), VarType::Array(Scalar::Int))])[0])
    }
}
