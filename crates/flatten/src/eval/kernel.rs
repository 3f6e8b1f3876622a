//! Runs one kernel: its SOACs in order, each thunk evaluated element by
//! element in index order, GPU expressions by a tree walk over a register
//! file.
//!
//! # The register file and the value stack
//! A kernel's variables live in `slots`, a vector indexed by [`KVar`]:
//! parameters and SOAC results (scalars or arrays), and the scalars that
//! thunk parameters and `let`s bind, overwritten at every element. Values in
//! flight live on `stack`, a vector of scalars: a thunk takes its arguments
//! from the top of the stack and leaves its results there. Both are
//! allocated once per kernel run, so the per-element work allocates
//! nothing. A REDUCE keeps its accumulator on the stack: `[acc]`, push the
//! index and apply the pull thunk to get `[acc, x]`, apply the operator to
//! get `[acc']`.

use std::sync::Arc;

use crate::eval::scalar;
use crate::eval::values::{ArrayValue, ColumnBuilder, FlatValue, ScalarValue};
use crate::eval::{Flow, MAX_ARRAY_LENGTH, MAX_LOOP_ITERATIONS, Stop, check_segment_descriptor, internal};
use crate::ir::{Const, FaultId, GExpr, KVar, Kernel, Scalar, SegDesc, Soac, SoacBinding, Thunk, VarType};

/// Runs `kernel` on `args` and returns its results.
pub(crate) fn run_kernel(kernel: &Kernel, args: Vec<FlatValue>) -> Flow<Vec<FlatValue>> {
    let place = || format!("kernel `{}`", kernel.name);
    let mut machine = KernelMachine { kernel, slots: vec![None; kernel.vars.len()], stack: Vec::new() };
    if args.len() != kernel.params.len() {
        return Err(internal(format!("`run` passes {} arguments for {} parameters", args.len(), kernel.params.len()))
            .within(place));
    }
    for (&param, arg) in kernel.params.iter().zip(args) {
        let declared = machine.var_type(param).map_err(|e| e.within(place))?;
        if arg.var_type() != declared {
            let message = format!("the parameter {} of type {declared} receives a {}", param.0, arg.var_type());
            return Err(internal(message).within(place));
        }
        machine.set(param, arg).map_err(|e| e.within(place))?;
    }
    for (i, binding) in kernel.body.iter().enumerate() {
        machine
            .run_binding(binding)
            .map_err(|e| e.within(|| format!("kernel `{}`, SOAC {i} ({})", kernel.name, binding.soac.name())))?;
    }
    kernel.results.iter().map(|&v| machine.value(v).cloned()).collect::<Flow<_>>().map_err(|e| e.within(place))
}

/// An int array shared with the kernel's variables.
type SharedInts = Arc<Vec<i64>>;

struct KernelMachine<'k> {
    kernel: &'k Kernel,
    /// Indexed by [`KVar`]: the variable's value, once bound.
    slots: Vec<Option<FlatValue>>,
    /// Scalars in flight: thunk arguments and results, accumulators.
    stack: Vec<ScalarValue>,
}

impl<'k> KernelMachine<'k> {
    fn name(&self, v: KVar) -> &str {
        self.kernel.vars.get(v.0 as usize).map_or("?", |info| info.name.as_str())
    }

    fn var_type(&self, v: KVar) -> Flow<VarType> {
        match self.kernel.vars.get(v.0 as usize) {
            Some(info) => Ok(info.ty),
            None => Err(internal(format!("variable {} does not exist", v.0))),
        }
    }

    fn value(&self, v: KVar) -> Flow<&FlatValue> {
        match self.slots.get(v.0 as usize) {
            Some(Some(value)) => Ok(value),
            _ => Err(self.misused(v, "read before it is bound")),
        }
    }

    fn set(&mut self, v: KVar, value: FlatValue) -> Flow<()> {
        match self.slots.get_mut(v.0 as usize) {
            Some(slot) => {
                *slot = Some(value);
                Ok(())
            }
            None => Err(self.misused(v, "bound but does not exist")),
        }
    }

    /// [`KernelMachine::set`] for a scalar, overwriting in place when the
    /// slot already holds one (as a thunk parameter's does from the second
    /// element on).
    #[inline]
    fn set_scalar(&mut self, v: KVar, value: ScalarValue) -> Flow<()> {
        match self.slots.get_mut(v.0 as usize) {
            Some(Some(FlatValue::Scalar(slot))) => {
                *slot = value;
                Ok(())
            }
            Some(slot) => {
                *slot = Some(FlatValue::Scalar(value));
                Ok(())
            }
            None => Err(self.misused(v, "bound but does not exist")),
        }
    }

    #[inline]
    fn scalar(&self, v: KVar) -> Flow<ScalarValue> {
        match self.slots.get(v.0 as usize) {
            Some(Some(FlatValue::Scalar(s))) => Ok(*s),
            Some(Some(FlatValue::Array(_))) => Err(self.misused(v, "an array used as a scalar")),
            _ => Err(self.misused(v, "read before it is bound")),
        }
    }

    #[inline]
    fn array(&self, v: KVar) -> Flow<&ArrayValue> {
        match self.slots.get(v.0 as usize) {
            Some(Some(FlatValue::Array(a))) => Ok(a),
            Some(Some(FlatValue::Scalar(_))) => Err(self.misused(v, "a scalar used as an array")),
            _ => Err(self.misused(v, "read before it is bound")),
        }
    }

    /// The internal error for a variable used wrongly. Cold, so that the
    /// per-element paths stay small.
    #[cold]
    #[inline(never)]
    fn misused(&self, v: KVar, how: &str) -> Box<Stop> {
        internal(format!("variable `{}` ({}) is {how}", self.name(v), v.0))
    }

    fn int_array(&self, v: KVar) -> Flow<&[i64]> {
        self.array(v)?.as_ints().ok_or_else(|| internal(format!("`{}` ({}) is not an int array", self.name(v), v.0)))
    }

    /// The element types of the SOAC's results, which must be arrays
    /// (`is_array`) or scalars.
    fn result_elements(&self, binding: &SoacBinding, is_array: bool) -> Flow<Vec<Scalar>> {
        binding
            .results
            .iter()
            .map(|&v| match self.var_type(v)? {
                VarType::Array(s) if is_array => Ok(s),
                VarType::Scalar(s) if !is_array => Ok(s),
                other => Err(internal(format!("the result `{}` has type {other}", self.name(v)))),
            })
            .collect()
    }

    fn run_binding(&mut self, binding: &SoacBinding) -> Flow<()> {
        let is_array = !matches!(binding.soac, Soac::Reduce { .. } | Soac::Once { .. });
        let elements = self.result_elements(binding, is_array)?;
        let values = match &binding.soac {
            Soac::Map { size, pull } => self.map(size, pull, &elements)?,
            Soac::Permute { size, values, index, check } => self.permute(size, values, index, *check, &elements)?,
            Soac::Scatter { size, base, values, index, site } => self.scatter(size, base, values, index, *site)?,
            Soac::RadixPass { size, values, digit, bits } => self.radix_pass(size, values, digit, *bits, &elements)?,
            Soac::Reduce { size, pull, neutral, op } => self.reduce(size, pull, neutral, op)?,
            Soac::Scan { size, pull, neutral, op } => self.scan(size, pull, neutral, op, &elements)?,
            Soac::Filter { size, pull, pred, before: None } => self.filter(size, pull, pred, &elements, None)?,
            Soac::Filter { size, pull, pred, before: Some(offsets) } => {
                let columns = &elements[..elements.len().saturating_sub(1)];
                self.filter(size, pull, pred, columns, Some(*offsets))?
            }
            Soac::Once { body } => self.once(body)?,
            Soac::SegmentIds { size, offsets } => self.segment_ids(size, *offsets)?,
            Soac::SegReduce { segments, pull, neutral, op } => {
                self.seg_reduce(segments, pull, neutral, op, &elements)?
            }
            Soac::SegScan { segments, elements: total, pull, neutral, op } => {
                self.seg_scan(segments, total, pull, neutral, op, &elements)?
            }
        };
        if values.len() != binding.results.len() {
            let message = format!("the SOAC yields {} values for {} results", values.len(), binding.results.len());
            return Err(internal(message));
        }
        for (&v, value) in binding.results.iter().zip(values) {
            if value.var_type() != self.var_type(v)? {
                let message = format!(
                    "the result `{}` of type {} receives a {}",
                    self.name(v),
                    self.var_type(v)?,
                    value.var_type()
                );
                return Err(internal(message));
            }
            self.set(v, value)?;
        }
        Ok(())
    }

    // --- SOACs -------------------------------------------------------------

    fn map(&mut self, size: &GExpr, pull: &Thunk, elements: &[Scalar]) -> Flow<Vec<FlatValue>> {
        let n = self.size(size)?;
        let mut columns = new_columns(elements, n)?;
        self.stack.clear();
        for i in 0..n {
            self.pull(pull, i, elements.len())?;
            self.pop_into(&mut columns)?;
        }
        Ok(finish(columns))
    }

    /// `SEGMENT_IDS offsets n`: the segment of each position below `n`, as
    /// [`GExpr::SegmentOf`] finds it (one walk over the offsets).
    fn segment_ids(&mut self, size: &GExpr, offsets: KVar) -> Flow<Vec<FlatValue>> {
        let n = self.size(size)?;
        let starts = self.int_array(offsets)?;
        let mut ids = Vec::new();
        ids.try_reserve_exact(n).map_err(|e| internal(format!("{n} segment ids: {e}")))?;
        // The number of segments starting at or before the position, less
        // one (0 where none does).
        let mut starting = 0;
        for position in 0..n as i64 {
            while starting < starts.len() && starts[starting] <= position {
                starting += 1;
            }
            ids.push(starting.saturating_sub(1) as i64);
        }
        Ok(vec![FlatValue::Array(ArrayValue::Int(std::sync::Arc::new(ids)))])
    }

    fn permute(
        &mut self,
        size: &GExpr,
        values: &Thunk,
        index: &Thunk,
        check: Option<FaultId>,
        elements: &[Scalar],
    ) -> Flow<Vec<FlatValue>> {
        let n = self.size(size)?;
        let k = elements.len();
        let mut columns = elements
            .iter()
            .map(|&element| ColumnBuilder::zeros(element, n).map_err(internal))
            .collect::<Flow<Vec<_>>>()?;
        let mut is_written = all_false(n)?;
        self.stack.clear();
        for i in 0..n {
            self.pull(values, i, k)?;
            self.pull(index, i, 1)?;
            let target = self.pop_int()?;
            let Some(position) = usize::try_from(target).ok().filter(|&p| p < n) else {
                // The flattener checks the range itself, in the index thunk.
                return Err(internal(format!(
                    "PERMUTE: the index {target} at position {i} is outside [0, {n}) (compiler bug: unguarded)"
                )));
            };
            if is_written[position] {
                return Err(match check {
                    Some(site) => fault(site, vec![Const::Int(target)]),
                    None => internal(format!(
                        "unchecked PERMUTE: the index {target} at position {i} is repeated (compiler bug)"
                    )),
                });
            }
            is_written[position] = true;
            self.pop_into_at(&mut columns, position)?;
        }
        Ok(finish(columns))
    }

    /// A counting sort by digit: the digits' counts, their exclusive scan
    /// (where each digit's values start), then every value in order at
    /// the next place of its digit.
    fn radix_pass(
        &mut self,
        size: &GExpr,
        values: &Thunk,
        digit: &Thunk,
        bits: u32,
        elements: &[Scalar],
    ) -> Flow<Vec<FlatValue>> {
        let n = self.size(size)?;
        let k = elements.len();
        let digits = 1usize << bits.min(crate::ir::RADIX_BITS);
        let mut of = Vec::with_capacity(n);
        self.stack.clear();
        for i in 0..n {
            self.pull(digit, i, 1)?;
            let d = self.pop_int()?;
            match usize::try_from(d).ok().filter(|&d| d < digits) {
                Some(d) => of.push(d),
                None => {
                    return Err(internal(format!(
                        "RADIX_PASS: the digit {d} at position {i} is outside [0, {digits}) (compiler bug)"
                    )));
                }
            }
        }
        let mut next = vec![0usize; digits];
        for &d in &of {
            next[d] += 1;
        }
        let mut start = 0;
        for count in &mut next {
            (*count, start) = (start, start + *count);
        }
        let mut columns = elements
            .iter()
            .map(|&element| ColumnBuilder::zeros(element, n).map_err(internal))
            .collect::<Flow<Vec<_>>>()?;
        for (i, &d) in of.iter().enumerate() {
            self.pull(values, i, k)?;
            self.pop_into_at(&mut columns, next[d])?;
            next[d] += 1;
        }
        Ok(finish(columns))
    }

    fn scatter(
        &mut self,
        size: &GExpr,
        base: &[KVar],
        values: &Thunk,
        index: &Thunk,
        site: FaultId,
    ) -> Flow<Vec<FlatValue>> {
        let n = self.size(size)?;
        let mut columns = Vec::with_capacity(base.len());
        for &array in base {
            columns.push(ColumnBuilder::copy_of(self.array(array)?).map_err(internal)?);
        }
        let length = columns.first().map_or(0, ColumnBuilder::len);
        if columns.iter().any(|c| c.len() != length) {
            return Err(internal("the base arrays of SCATTER have different lengths"));
        }
        self.stack.clear();
        for i in 0..n {
            self.pull(values, i, base.len())?;
            self.pull(index, i, 1)?;
            let target = self.pop_int()?;
            let Some(position) = usize::try_from(target).ok().filter(|&p| p < length) else {
                return Err(fault(site, vec![Const::Int(target), Const::Int(length as i64)]));
            };
            // In index order, so the largest `i` writes last and wins.
            self.pop_into_at(&mut columns, position)?;
        }
        Ok(finish(columns))
    }

    fn reduce(&mut self, size: &GExpr, pull: &Thunk, neutral: &[Const], op: &Thunk) -> Flow<Vec<FlatValue>> {
        let n = self.size(size)?;
        let k = neutral.len();
        self.stack.clear();
        self.stack.extend(neutral.iter().map(|&c| ScalarValue::of_const(c)));
        for i in 0..n {
            self.pull(pull, i, k)?;
            self.apply(op, k)?;
        }
        Ok(self.stack.drain(..).map(FlatValue::Scalar).collect())
    }

    fn scan(
        &mut self,
        size: &GExpr,
        pull: &Thunk,
        neutral: &[Const],
        op: &Thunk,
        elements: &[Scalar],
    ) -> Flow<Vec<FlatValue>> {
        let n = self.size(size)?;
        let mut columns = new_columns(elements, n)?;
        self.stack.clear();
        self.stack.extend(neutral.iter().map(|&c| ScalarValue::of_const(c)));
        for i in 0..n {
            self.copy_top_into(&mut columns)?;
            self.pull(pull, i, neutral.len())?;
            self.apply(op, neutral.len())?;
        }
        self.stack.clear();
        Ok(finish(columns))
    }

    /// `FILTER`; with `before`, the number kept before each of its offsets
    /// after the columns.
    fn filter(
        &mut self,
        size: &GExpr,
        pull: &Thunk,
        pred: &Thunk,
        elements: &[Scalar],
        before: Option<KVar>,
    ) -> Flow<Vec<FlatValue>> {
        let n = self.size(size)?;
        let k = elements.len();
        let mut columns = new_columns(elements, 0)?;
        // The offsets, and the next whose count is due.
        let offsets = match before {
            Some(v) => self.int_array(v)?.to_vec(),
            None => Vec::new(),
        };
        if offsets.windows(2).any(|w| w[0] > w[1]) {
            return Err(internal(format!("FILTER's offsets `{}` decrease", self.name(before.unwrap_or(KVar(0))))));
        }
        let (mut counts, mut kept) = (Vec::with_capacity(offsets.len()), 0i64);
        self.stack.clear();
        for i in 0..n {
            while counts.len() < offsets.len() && offsets[counts.len()] <= i as i64 {
                counts.push(kept);
            }
            self.pull(pull, i, k)?;
            // [x] -> [x, x] -> [x, keep]
            self.stack.extend_from_within(..k);
            self.apply(pred, 1)?;
            let keep = match self.stack.pop() {
                Some(ScalarValue::Bool(keep)) => keep,
                other => return Err(internal(format!("the FILTER predicate yields {other:?}, not a bool"))),
            };
            if keep {
                self.pop_into(&mut columns)?;
                kept += 1;
            } else {
                self.stack.clear();
            }
        }
        let mut values = finish(columns);
        if before.is_some() {
            counts.resize(offsets.len(), kept);
            values.push(FlatValue::Array(ArrayValue::Int(Arc::new(counts))));
        }
        Ok(values)
    }

    fn once(&mut self, body: &GExpr) -> Flow<Vec<FlatValue>> {
        self.stack.clear();
        self.eval_several(body)?;
        Ok(self.stack.drain(..).map(FlatValue::Scalar).collect())
    }

    /// The `lengths` and `offsets` of a segment descriptor, checked (note
    /// [segment descriptors]); `elements` is the length of the data when
    /// known. Shared, so holding them while thunks run costs nothing.
    fn segments(&self, segments: &SegDesc, elements: Option<usize>) -> Flow<(SharedInts, SharedInts)> {
        let shared = |v: KVar| match self.array(v)? {
            ArrayValue::Int(values) => Ok(values.clone()),
            _ => Err(internal(format!("the segment array `{}` is not an int array", self.name(v)))),
        };
        let (lengths, offsets) = (shared(segments.lengths)?, shared(segments.offsets)?);
        check_segment_descriptor(&lengths, &offsets, elements).map_err(internal)?;
        Ok((lengths, offsets))
    }

    fn seg_reduce(
        &mut self,
        segments: &SegDesc,
        pull: &Thunk,
        neutral: &[Const],
        op: &Thunk,
        elements: &[Scalar],
    ) -> Flow<Vec<FlatValue>> {
        let (lengths, offsets) = self.segments(segments, None)?;
        let mut columns = new_columns(elements, lengths.len())?;
        for (&start, &length) in offsets.iter().zip(lengths.iter()) {
            self.stack.clear();
            self.stack.extend(neutral.iter().map(|&c| ScalarValue::of_const(c)));
            for position in start..start + length {
                self.pull(pull, position as usize, neutral.len())?;
                self.apply(op, neutral.len())?;
            }
            self.pop_into(&mut columns)?;
        }
        Ok(finish(columns))
    }

    fn seg_scan(
        &mut self,
        segments: &SegDesc,
        total: &GExpr,
        pull: &Thunk,
        neutral: &[Const],
        op: &Thunk,
        elements: &[Scalar],
    ) -> Flow<Vec<FlatValue>> {
        let total = self.size(total)?;
        let (lengths, offsets) = self.segments(segments, Some(total))?;
        let mut columns = new_columns(elements, total)?;
        for (&start, &length) in offsets.iter().zip(lengths.iter()) {
            self.stack.clear();
            self.stack.extend(neutral.iter().map(|&c| ScalarValue::of_const(c)));
            // Segments are dense and in order (checked above), so pushing
            // fills the positions in order.
            for position in start..start + length {
                self.copy_top_into(&mut columns)?;
                self.pull(pull, position as usize, neutral.len())?;
                self.apply(op, neutral.len())?;
            }
        }
        self.stack.clear();
        Ok(finish(columns))
    }

    // --- Thunks and the stack ---------------------------------------------

    /// The value of a size expression: an int in `[0, MAX_ARRAY_LENGTH]`.
    fn size(&mut self, size: &GExpr) -> Flow<usize> {
        let n = match self.eval(size)? {
            ScalarValue::Int(n) => n,
            other => return Err(internal(format!("a size of type {}", other.scalar()))),
        };
        match usize::try_from(n) {
            Ok(n) if n <= MAX_ARRAY_LENGTH => Ok(n),
            Ok(_) => Err(internal(format!("an array size of {n}, over the limit of 2^31 (compiler bug: unguarded)"))),
            Err(_) => Err(internal(format!("a negative array size, {n} (compiler bug: unguarded)"))),
        }
    }

    /// Pushes the `yields` values of the pull thunk at index `i`.
    fn pull(&mut self, thunk: &Thunk, i: usize, yields: usize) -> Flow<()> {
        self.stack.push(ScalarValue::Int(i as i64));
        self.apply(thunk, yields)
    }

    /// Applies `thunk` to the values on top of the stack (one per
    /// parameter), which it replaces with the `yields` values of its body.
    fn apply(&mut self, thunk: &Thunk, yields: usize) -> Flow<()> {
        let Some(base) = self.stack.len().checked_sub(thunk.params.len()) else {
            return Err(internal("a thunk is applied to too few arguments (evaluator bug)"));
        };
        for (j, &param) in thunk.params.iter().enumerate() {
            let value = self.stack[base + j];
            self.set_scalar(param, value)?;
        }
        self.stack.truncate(base);
        self.eval_several(&thunk.body)?;
        let produced = self.stack.len() - base;
        if produced != yields {
            return Err(internal(format!("a thunk yields {produced} values where {yields} are expected")));
        }
        Ok(())
    }

    fn pop_int(&mut self) -> Flow<i64> {
        match self.stack.pop() {
            Some(ScalarValue::Int(x)) => Ok(x),
            other => Err(internal(format!("an index thunk yields {other:?}, not an int"))),
        }
    }

    /// Moves the top `columns.len()` values of the stack to the ends of the
    /// columns.
    fn pop_into(&mut self, columns: &mut [ColumnBuilder]) -> Flow<()> {
        self.copy_top_into(columns)?;
        self.stack.truncate(self.stack.len() - columns.len());
        Ok(())
    }

    /// Appends the top `columns.len()` values of the stack to the columns,
    /// leaving them on the stack.
    fn copy_top_into(&mut self, columns: &mut [ColumnBuilder]) -> Flow<()> {
        let Some(base) = self.stack.len().checked_sub(columns.len()) else {
            return Err(internal("too few values on the stack (evaluator bug)"));
        };
        for (column, &value) in columns.iter_mut().zip(&self.stack[base..]) {
            column.push(value).map_err(internal)?;
        }
        Ok(())
    }

    /// Moves the top `columns.len()` values of the stack to position
    /// `position` of the columns.
    fn pop_into_at(&mut self, columns: &mut [ColumnBuilder], position: usize) -> Flow<()> {
        let Some(base) = self.stack.len().checked_sub(columns.len()) else {
            return Err(internal("too few values on the stack (evaluator bug)"));
        };
        for (column, &value) in columns.iter_mut().zip(&self.stack[base..]) {
            column.set(position, value).map_err(internal)?;
        }
        self.stack.truncate(base);
        Ok(())
    }

    // --- GPU expressions ----------------------------------------------------

    #[cold]
    #[inline(never)]
    fn read_out_of_range(&self, array: KVar, index: i64) -> Box<Stop> {
        let length = self.array(array).map_or(0, ArrayValue::len);
        internal(format!(
            "unguarded read of `{}`[{index}], outside its length {length} (compiler bug)",
            self.name(array)
        ))
    }

    /// Evaluates an expression that yields one scalar.
    fn eval(&mut self, expr: &GExpr) -> Flow<ScalarValue> {
        match expr {
            GExpr::Var(v) => self.scalar(*v),
            GExpr::Const(c) => Ok(ScalarValue::of_const(*c)),
            GExpr::Read { array, index } => {
                let i = self.eval_int(index)?;
                let values = self.array(*array)?;
                match usize::try_from(i).ok().and_then(|i| values.get(i)) {
                    Some(value) => Ok(value),
                    None => Err(self.read_out_of_range(*array, i)),
                }
            }
            GExpr::Length(array) => Ok(ScalarValue::Int(self.array(*array)?.len() as i64)),
            GExpr::SegmentOf { offsets, index } => self.segment_of(*offsets, index),
            GExpr::ParseNumber { ty, flag, chars, start, length } => {
                let (start, length) = (self.eval_int(start)?, self.eval_int(length)?);
                let text = crate::numtext::text_of(self.array(*chars)?, start, length).map_err(internal)?;
                crate::numtext::parse(*ty, *flag, &text).map(ScalarValue::of_const).map_err(internal)
            }
            GExpr::Unary { op, ty: _, arg } => {
                let arg = self.operand(arg)?;
                scalar::unary(*op, arg).map_err(|e| internal(e.message()))
            }
            GExpr::Binary { op, ty: _, lhs, rhs } => {
                let lhs = self.operand(lhs)?;
                let rhs = self.operand(rhs)?;
                scalar::binary(*op, lhs, rhs).map_err(|e| internal(e.message()))
            }
            GExpr::If { cond, then_branch, else_branch } => {
                let branch = if self.eval_bool(cond)? { then_branch } else { else_branch };
                self.eval(branch)
            }
            GExpr::Let { vars, value, body } => {
                self.bind_let(vars, value)?;
                self.eval(body)
            }
            GExpr::Tuple(items) => match &items[..] {
                [item] => self.eval(item),
                _ => Err(internal(format!("a tuple of {} values where one is expected", items.len()))),
            },
            GExpr::Assert { cond, site, payload, body } => {
                self.check_assert(cond, *site, payload)?;
                self.eval(body)
            }
            GExpr::Loop { vars, init, cond, step, result } => {
                self.run_loop(vars, init, cond, step)?;
                self.eval(result)
            }
        }
    }

    /// Runs a `loop` to its end, leaving its variables bound to their final
    /// values.
    fn run_loop(&mut self, vars: &[KVar], init: &[GExpr], cond: &GExpr, step: &GExpr) -> Flow<()> {
        if init.len() != vars.len() {
            return Err(internal(format!("`loop` binds {} variables to {} values", vars.len(), init.len())));
        }
        let base = self.stack.len();
        for value in init {
            let value = self.operand(value)?;
            self.stack.push(value);
        }
        for (j, &v) in vars.iter().enumerate() {
            let value = self.stack[base + j];
            self.set_scalar(v, value)?;
        }
        self.stack.truncate(base);
        let mut iterations = 0usize;
        while self.eval_bool(cond)? {
            iterations += 1;
            if iterations > MAX_LOOP_ITERATIONS {
                return Err(internal(format!(
                    "a loop ran past {MAX_LOOP_ITERATIONS} iterations (flattening bounds every loop it makes by \
                     the recursion depth limit; compiler bug)"
                )));
            }
            self.bind_let(vars, step)?;
        }
        Ok(())
    }

    /// [`KernelMachine::eval`] with the leaves (variables and constants,
    /// half of all operands) handled without a recursive call.
    #[inline(always)]
    fn operand(&mut self, expr: &GExpr) -> Flow<ScalarValue> {
        match expr {
            GExpr::Var(v) => self.scalar(*v),
            GExpr::Const(c) => Ok(ScalarValue::of_const(*c)),
            _ => self.eval(expr),
        }
    }

    /// `segment_of(offsets, index)`: the last segment starting at or before
    /// the position.
    #[inline(never)]
    fn segment_of(&mut self, offsets: KVar, index: &GExpr) -> Flow<ScalarValue> {
        let position = self.eval_int(index)?;
        let starts = self.int_array(offsets)?;
        // The number of segments starting at or before `position`.
        let starting = starts.partition_point(|&start| start <= position);
        match starting.checked_sub(1) {
            Some(segment) => Ok(ScalarValue::Int(segment as i64)),
            None => Err(internal(format!(
                "`segment_of({}, {position})`: no segment starts at or before the position",
                self.name(offsets)
            ))),
        }
    }

    /// Evaluates an expression that may yield several scalars (a thunk's
    /// body), pushing them on the stack.
    fn eval_several(&mut self, expr: &GExpr) -> Flow<()> {
        match expr {
            GExpr::Tuple(items) => {
                for item in items {
                    let value = self.operand(item)?;
                    self.stack.push(value);
                }
                Ok(())
            }
            GExpr::If { cond, then_branch, else_branch } => {
                let branch = if self.eval_bool(cond)? { then_branch } else { else_branch };
                self.eval_several(branch)
            }
            GExpr::Let { vars, value, body } => {
                self.bind_let(vars, value)?;
                self.eval_several(body)
            }
            GExpr::Assert { cond, site, payload, body } => {
                self.check_assert(cond, *site, payload)?;
                self.eval_several(body)
            }
            GExpr::Loop { vars, init, cond, step, result } => {
                self.run_loop(vars, init, cond, step)?;
                self.eval_several(result)
            }
            _ => {
                let value = self.operand(expr)?;
                self.stack.push(value);
                Ok(())
            }
        }
    }

    fn eval_int(&mut self, expr: &GExpr) -> Flow<i64> {
        match self.operand(expr)? {
            ScalarValue::Int(x) => Ok(x),
            other => Err(unexpected("an int", other)),
        }
    }

    fn eval_bool(&mut self, expr: &GExpr) -> Flow<bool> {
        match self.eval(expr)? {
            ScalarValue::Bool(x) => Ok(x),
            other => Err(unexpected("a bool condition", other)),
        }
    }

    /// Binds `vars` to the values of `value`.
    fn bind_let(&mut self, vars: &[KVar], value: &GExpr) -> Flow<()> {
        let base = self.stack.len();
        self.eval_several(value)?;
        if self.stack.len() - base != vars.len() {
            let message = format!("`let` binds {} variables to {} values", vars.len(), self.stack.len() - base);
            return Err(internal(message));
        }
        for (j, &v) in vars.iter().enumerate() {
            let value = self.stack[base + j];
            self.set_scalar(v, value)?;
        }
        self.stack.truncate(base);
        Ok(())
    }

    /// Faults at `site` with the payload's values unless `cond` holds.
    fn check_assert(&mut self, cond: &GExpr, site: FaultId, payload: &[GExpr]) -> Flow<()> {
        if self.eval_bool(cond)? {
            return Ok(());
        }
        let values = payload.iter().map(|p| Ok(self.eval(p)?.to_const())).collect::<Flow<Vec<Const>>>()?;
        Err(fault(site, values))
    }
}

/// The internal error for a value of the wrong type.
#[cold]
#[inline(never)]
fn unexpected(expected: &str, found: ScalarValue) -> Box<Stop> {
    internal(format!("{expected} expected, found a {}", found.scalar()))
}

fn fault(site: FaultId, payload: Vec<Const>) -> Box<Stop> {
    Box::new(Stop::Fault { site, payload })
}

/// `n` flags, all false, allocated fallibly.
fn all_false(n: usize) -> Flow<Vec<bool>> {
    let mut flags = Vec::new();
    flags.try_reserve_exact(n).map_err(|_| internal(format!("out of memory for {n} flags")))?;
    flags.resize(n, false);
    Ok(flags)
}

fn new_columns(elements: &[Scalar], capacity: usize) -> Flow<Vec<ColumnBuilder>> {
    elements.iter().map(|&element| ColumnBuilder::with_capacity(element, capacity).map_err(internal)).collect()
}

fn finish(columns: Vec<ColumnBuilder>) -> Vec<FlatValue> {
    columns.into_iter().map(|c| FlatValue::Array(c.finish())).collect()
}

// --- Scalar code alone ---------------------------------------------------------

/// Why a thunk or `ONCE` body run alone by a [`ScalarRunner`] stopped.
#[derive(Clone, Debug, PartialEq)]
pub enum ScalarStop {
    /// The NESL program faulted at `site` with these payload values (the
    /// program's [`crate::ir::FaultSite`] makes the message).
    Fault { site: FaultId, payload: Vec<Const> },
    /// The kernel is ill-formed (a compiler bug).
    Internal(crate::eval::InternalError),
}

impl std::fmt::Display for ScalarStop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScalarStop::Fault { site, payload } => {
                write!(f, "fault at site @{} with payload {payload:?}", site.0)
            }
            ScalarStop::Internal(error) => write!(f, "{error}"),
        }
    }
}

impl From<Box<Stop>> for ScalarStop {
    fn from(stop: Box<Stop>) -> ScalarStop {
        match *stop {
            Stop::Fault { site, payload } => ScalarStop::Fault { site, payload },
            Stop::Internal(error) => ScalarStop::Internal(error),
            Stop::FaultText { site, message } => ScalarStop::Internal(crate::eval::InternalError {
                message: format!("a host operation's fault at site @{} inside a kernel: {message}", site.0),
                place: None,
            }),
            Stop::TooDeep { depth, function } => ScalarStop::Internal(crate::eval::InternalError {
                message: format!("a host call {depth} deep (of `{function}`) inside a kernel"),
                place: None,
            }),
        }
    }
}

/// The scalar code of one kernel (its thunks, `ONCE` bodies) run outside
/// its SOACs, for another interpreter of the kernel (lift-ir's evaluator):
/// bind the kernel variables the code reads, then apply thunks to scalar
/// arguments. Exactly the meaning the SOACs give them.
pub struct ScalarRunner<'k> {
    machine: KernelMachine<'k>,
}

impl<'k> ScalarRunner<'k> {
    pub fn new(kernel: &'k Kernel) -> ScalarRunner<'k> {
        ScalarRunner { machine: KernelMachine { kernel, slots: vec![None; kernel.vars.len()], stack: Vec::new() } }
    }

    /// Binds a variable of the kernel (a parameter or a SOAC result) to a
    /// value of its declared type.
    pub fn bind(&mut self, v: KVar, value: FlatValue) -> Result<(), ScalarStop> {
        let declared = self.machine.var_type(v).map_err(ScalarStop::from)?;
        if value.var_type() != declared {
            let message = format!("`{}` of type {declared} bound to a {}", self.machine.name(v), value.var_type());
            return Err(ScalarStop::from(internal(message)));
        }
        self.machine.set(v, value).map_err(ScalarStop::from)
    }

    /// `thunk` applied to `args` (one per parameter), its `yields` results.
    pub fn apply(
        &mut self,
        thunk: &Thunk,
        args: &[ScalarValue],
        yields: usize,
    ) -> Result<Vec<ScalarValue>, ScalarStop> {
        if args.len() != thunk.params.len() {
            let message = format!("a thunk of {} parameters applied to {} values", thunk.params.len(), args.len());
            return Err(ScalarStop::from(internal(message)));
        }
        self.machine.stack.clear();
        self.machine.stack.extend_from_slice(args);
        self.machine.apply(thunk, yields).map_err(ScalarStop::from)?;
        Ok(self.machine.stack.drain(..).collect())
    }

    /// The values of a GPU expression (`ONCE`'s body): one, or a tuple's.
    pub fn eval(&mut self, body: &GExpr) -> Result<Vec<ScalarValue>, ScalarStop> {
        self.machine.stack.clear();
        self.machine.eval_several(body).map_err(ScalarStop::from)?;
        Ok(self.machine.stack.drain(..).collect())
    }
}
