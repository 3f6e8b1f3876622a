//! `segReduceChunks` as C (see `lift_ir::seg_reduce`,
//! `segReduce-long-chunks`): work-group `g` takes chunks `g, g + G, ...`
//! of `K` consecutive flat elements; for each, every work-item finds the
//! segment of the chunk's last element by the same binary search of the
//! offsets (the last segment starting before the chunk's end), and where
//! that segment is two chunks long at least the group folds its part of
//! the chunk (each work-item its share in the order of
//! `lift_ir::seg_reduce::TeamOrder`, then the tree) and work-item 0
//! writes the partial (`lift_ir::seg_reduce::chunk_piece`); other chunks
//! get the neutral element. The condition is the same for the whole
//! group, so every work-item meets every barrier or none.

use lift_ir::address_space::AddressSpace;
use lift_ir::arith::{ArithExpr, Range, Var};
use lift_ir::ir::{Expr, Fun, LongChunks, Type};
use lift_ir::memory::AllocKind;

use super::seg_reduce::{Reduction, SegInputs};
use super::{Generator, Out, Val, internal};
use crate::compile::CodegenError;
use crate::user_fun::c_type;

impl Generator<'_> {
    pub(super) fn seg_reduce_chunks(
        &mut self,
        f: &Fun,
        op: &Fun,
        spec: &LongChunks,
        args: &[Expr],
        dest: Option<Out>,
    ) -> Result<Val, CodegenError> {
        let SegInputs { out, init, offsets, lengths, count, pull } =
            self.seg_reduce_inputs("segReduceChunks", args, dest)?;
        let comps = self.allocation(f, AllocKind::Accumulator, AddressSpace::Private)?.components;
        let group = spec.group_size;
        let tree = self.allocation(f, AllocKind::TeamTree, AddressSpace::Local)?;
        if tree.size.as_cst() != Some(group) || tree.components != comps || spec.chunk < 1 {
            return internal("the chunks' tree differs from the memory table's");
        }
        self.groups = Some(spec.groups.clone());
        self.local = Some(ArithExpr::cst(group));
        self.has_barrier = true;
        let tree: Vec<String> = comps.iter().map(|_| self.fresh("team_values")).collect();
        for (n, s) in tree.iter().zip(&comps) {
            self.local_decls.push(format!("__local {} {n}[{group}];", c_type(*s)));
        }
        let red = Reduction {
            pull,
            op,
            acc_ty: Type::of_components(&comps),
            init: init.clone(),
            comps,
            tree,
            strided: spec.strided,
            batch: spec.batch,
            hoisted: spec.hoisted.clone(),
        };
        let (count_c, chunks_c, k) = (self.c(&count), self.c(&spec.chunks), spec.chunk);
        let names = ["l", "segs", "n", "c", "hi", "a", "b", "start", "end", "lo", "len"];
        let [l, segs, n, c, hi, a, b, start, end, lo, len] = names.map(|x| self.fresh(x));
        self.line(format!("const long {l} = get_local_id(0);"));
        self.line(format!("const long {segs} = {count_c};"));
        self.line(format!("const long {n} = {segs} > 0 ? {offsets}[{segs} - 1] + {lengths}[{segs} - 1] : 0;"));
        self.open(format!("for (long {c} = get_group_id(0); {c} < {chunks_c}; {c} += get_num_groups(0))"));
        self.line(format!("const long {hi} = ({c} + 1) * {k};"));
        // The segments starting before the chunk's end: the last holds
        // its last element.
        self.line(format!("long {a} = 0, {b} = {hi} <= {n} ? {segs} : 0;"));
        self.lower_bound("long", (&a, &b), |mid| format!("{offsets}[{mid}] < {hi}"));
        self.line(format!("const long {start} = {a} > 0 ? {offsets}[{a} - 1] : 0;"));
        self.line(format!("const long {end} = {a} < {segs} ? {offsets}[{a}] : {n};"));
        let at = ArithExpr::var(&Var::new(c.clone(), Range::below(spec.chunks.clone())));
        self.open(format!("if ({a} > 0 && {hi} <= {n} && {end} - {start} >= {})", 2 * k));
        self.line(format!("const long {lo} = max({c} * {k}, {start});"));
        self.line(format!("const long {len} = {hi} - {lo};"));
        let value = self.group_run(&red, (&lo, &len), (&l, group), None)?;
        self.open(format!("if ({l} == 0)"));
        self.write(&out, std::slice::from_ref(&at), &value)?;
        self.close();
        self.indent -= 1;
        self.open(format!("}} else if ({l} == 0)"));
        self.write(&out, &[at], &init)?;
        self.close();
        self.close();
        Ok(Val::Array(Self::out_view(&out)))
    }
}
