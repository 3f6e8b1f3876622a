//! `sort` and `rank`: a stable least-significant-digit radix sort.
//!
//! Each ordinal becomes a 64-bit key whose order as an unsigned word is the
//! interpreter's order (note [primitive semantics]): ints and char codes
//! with the sign bit flipped, floats by their bit pattern made monotone, with
//! `-0.0` keyed as `0.0` and every NaN as one NaN above every number (so
//! values the sort calls equal keep their order). One pass per digit of
//! [`RADIX_BITS`] bits, from the least significant, orders the elements
//! stably by that digit (`RADIX_PASS`: per-tile digit counts, their scan,
//! a stable scatter; see `lift_ir::radix`); the passes stop after the
//! digit holding the highest bit in which two keys differ (one `REDUCE`
//! of `key xor key[0]` by `or`), and skip the digits in which no two keys
//! differ. The passes are a host function that
//! calls itself once per digit, `radix_sort_pass`, built once per
//! program: keys below 2^30 take four passes, not a loop over the
//! elements.
//!
//! `sort` of ints or chars moves the keys alone (`radix_sort_keys_pass`)
//! and decodes the sorted keys. Otherwise the sort carries the
//! permutation (`order`): `sort(s)` of floats gathers `s` by it (`-0.0`
//! and `0.0` share a key), `rank(s)` is its inverse. In a lifted context, a second sort by segment
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
    /// `sort(s)` or `rank(s)` in the host context. A sort of ints or
    /// chars sorts their keys alone and decodes them (equal keys are equal
    /// values); a sort of floats carries the order, since `-0.0` and `0.0`
    /// (and NaNs) share keys but print differently.
    pub fn host_sort(&mut self, prim: Prim, args: &[ExprId]) -> Result<Repr> {
        let Repr::Seq(SeqRepr::Array(values)) = self.compile_host(args[0])? else {
            return Err(FlattenError::bug("a sort of a sequence that is not of ordinals"));
        };
        let keys = self.sort_keys(values)?;
        let ty = self.fb.var_type(values).scalar();
        if prim == Prim::Sort && ty != Scalar::Float {
            let (sorted, _) = self.sort_order(keys, None)?;
            let decoded = self.map_column(&Size::LengthOf(sorted), "sorted", ty, &|tc, host, i| {
                let key = tc.kb.read(host, sorted, i);
                let x = GExpr::binary(BinaryOp::Xor, Scalar::Int, key, int(i64::MIN));
                match ty {
                    Scalar::Char => GExpr::unary(UnaryOp::IntToChar, Scalar::Int, x),
                    _ => x,
                }
            })?;
            return Ok(Repr::Seq(SeqRepr::Array(decoded)));
        }
        let identity = self.map_column(&Size::LengthOf(values), "order", Scalar::Int, &|_, _, i| i)?;
        let order = self.ordered(keys, identity)?;
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
        let by_value = self.ordered(keys, identity)?;
        let segments = self.map_column(&Size::LengthOf(values), "segment", Scalar::Int, &|tc, host, p| {
            let source = tc.kb.read(host, by_value, p);
            GExpr::SegmentOf { offsets: tc.kb.param(host, offsets), index: Box::new(source) }
        })?;
        let order = self.ordered(segments, by_value)?;
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
                // Codes are below 256: the sign bit flipped, as for ints.
                Scalar::Char => {
                    GExpr::binary(BinaryOp::Xor, Scalar::Int, GExpr::unary(UnaryOp::CharToInt, ty, x), int(i64::MIN))
                }
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
    fn ordered(&mut self, keys: HostVar, order: HostVar) -> Result<HostVar> {
        let (_, sorted) = self.sort_order(keys, Some(order))?;
        sorted.ok_or_else(|| FlattenError::bug("a radix sort with an order that returned none"))
    }

    /// `keys` sorted, with `order` (as long) permuted stably by them.
    fn sort_order(&mut self, keys: HostVar, order: Option<HostVar>) -> Result<(HostVar, Option<HostVar>)> {
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
        let pass = self.radix_sort_pass(order.is_some())?;
        let sorted_keys = self.fb.var("sorted_keys", VarType::Array(Scalar::Int));
        let mut vars = vec![sorted_keys];
        let mut args = vec![Atom::Var(keys)];
        if let Some(order) = order {
            vars.push(self.fb.var("sorted_order", VarType::Array(Scalar::Int)));
            args.push(Atom::Var(order));
        }
        args.extend([Atom::Const(Const::Int(0)), Atom::Var(mask)]);
        self.fb.push(Stmt::Let { vars: vars.clone(), expr: HostExpr::Call { func: pass, args } });
        Ok((sorted_keys, vars.get(1).copied()))
    }

    /// The host function of one radix pass over keys (and an order, with
    /// `with_order`), built on first use: it returns its arguments when
    /// no digit from `bit` on differs (`mask >> bit == 0`), else it sorts
    /// by the digit at `bit` (unless no two keys differ in it: the low
    /// mantissa bits of floats made from ints, say) and calls itself for
    /// the next.
    fn radix_sort_pass(&mut self, with_order: bool) -> Result<FuncId> {
        let slot = usize::from(with_order);
        if let Some(id) = self.fl.radix_sort_pass[slot] {
            return Ok(id);
        }
        let id = self.fl.reserve_function();
        self.fl.radix_sort_pass[slot] = Some(id);
        let name = if with_order { "radix_sort_pass" } else { "radix_sort_keys_pass" };
        let name = self.fl.function_name(name.to_string());
        let mut fb = FunctionBuilder::new(name);
        let mut columns = vec![fb.var("keys", VarType::Array(Scalar::Int))];
        if with_order {
            columns.push(fb.var("order", VarType::Array(Scalar::Int)));
        }
        let bit = fb.var("bit", VarType::Scalar(Scalar::Int));
        let mask = fb.var("mask", VarType::Scalar(Scalar::Int));
        fb.function.params = columns.iter().copied().chain([bit, mask]).collect();
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
        let atoms = |vs: &[HostVar]| vs.iter().map(|&v| Atom::Var(v)).collect::<Vec<_>>();
        cx.fb.begin_block();
        let then_block = cx.fb.end_block(atoms(&columns));
        cx.fb.begin_block();
        // A digit in which no two keys differ orders nothing: skip its pass.
        let digit_mask = Atom::Const(Const::Int((1 << RADIX_BITS) - 1));
        let digit_bits = cx.fb.binary(BinaryOp::And, Scalar::Int, rest, digit_mask);
        let same = cx.fb.binary(BinaryOp::Eq, Scalar::Int, digit_bits, Atom::Const(Const::Int(0)));
        let next_bit = cx.fb.binary(BinaryOp::Add, Scalar::Int, bit_atom, Atom::Const(Const::Int(RADIX_BITS as i64)));
        // Fresh variables for the sorted columns.
        let sorted_vars = |cx: &mut FnCx<'_, '_>| -> Vec<HostVar> {
            columns
                .iter()
                .map(|&c| {
                    let name = format!("sorted_{}", cx.fb.function.vars[c.0 as usize].name);
                    cx.fb.var(&name, VarType::Array(Scalar::Int))
                })
                .collect()
        };
        let recurse = |cx: &mut FnCx<'_, '_>, from: &[HostVar]| {
            let sorted = sorted_vars(cx);
            let mut args = atoms(from);
            args.extend([next_bit, mask_atom]);
            cx.fb.push(Stmt::Let { vars: sorted.clone(), expr: HostExpr::Call { func: id, args } });
            cx.fb.end_block(atoms(&sorted))
        };
        cx.fb.begin_block();
        let skip_block = recurse(&mut cx, &columns);
        cx.fb.begin_block();
        let next = cx.radix_pass_step(&columns, bit)?;
        let pass_block = recurse(&mut cx, &next);
        let sorted = sorted_vars(&mut cx);
        cx.fb.push(Stmt::Let {
            vars: sorted.clone(),
            expr: HostExpr::If { cond: same, then_block: skip_block, else_block: pass_block },
        });
        let else_block = cx.fb.end_block(atoms(&sorted));
        let results: Vec<HostVar> = columns
            .iter()
            .map(|&c| {
                let name = cx.fb.function.vars[c.0 as usize].name.clone();
                cx.fb.var(&name, VarType::Array(Scalar::Int))
            })
            .collect();
        cx.fb.push(Stmt::Let { vars: results.clone(), expr: HostExpr::If { cond: finished, then_block, else_block } });
        let function = cx.fb.finish(atoms(&results));
        self.fl.functions[id.0 as usize] = Some(function);
        Ok(id)
    }

    /// One pass: the columns (keys first) stably ordered by the digit of
    /// [`RADIX_BITS`] bits from `bit` of the keys (`RADIX_PASS`).
    fn radix_pass_step(&mut self, columns: &[HostVar], bit: HostVar) -> Result<Vec<HostVar>> {
        let host = &self.fb.function;
        let mut kb = KernelBuilder::new();
        let j = index_param(&mut kb, "j");
        let items = columns.iter().map(|&c| kb.read(host, c, GExpr::Var(j))).collect::<Vec<_>>();
        let body = if items.len() == 1 { items.into_iter().next().unwrap_or(int(0)) } else { GExpr::Tuple(items) };
        let values = Thunk { params: vec![j], body };
        let k = index_param(&mut kb, "k");
        let shift = GExpr::Var(kb.param(host, bit));
        let key = kb.read(host, columns[0], GExpr::Var(k));
        let digit = GExpr::binary(
            BinaryOp::And,
            Scalar::Int,
            GExpr::binary(BinaryOp::Shr, Scalar::Int, key, shift),
            int((1 << RADIX_BITS) - 1),
        );
        let size = kb.length(host, columns[0]);
        let pass = Soac::RadixPass { size, values, digit: Thunk { params: vec![k], body: digit }, bits: RADIX_BITS };
        let results: Vec<(String, VarType)> =
            columns.iter().map(|&c| (host.vars[c.0 as usize].name.clone(), VarType::Array(Scalar::Int))).collect();
        Ok(self.run_kernel(kb, "radix_pass", pass, &results))
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
