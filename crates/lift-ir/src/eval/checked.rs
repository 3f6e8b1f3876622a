//! The checked evaluator of Lift: the oracle for the rewrite rules that
//! needs no evaluator of its own for the scalar code and checks every
//! length.
//!
//! Runs a [`LiftKernel`] at either level on given values of the flat
//! kernel's parameters, stage by stage, with each pattern's functional
//! meaning (lift-patterns-and-rules.txt): `mapGlb`, `mapWrg`, `mapLcl` and
//! `mapSeq` are `map`; `reduceSeq` is `reduce` (a left fold from the
//! initial value); `toGlobal`, `toLocal` and `toPrivate` are their
//! function (address spaces do not change values); `iterate(n, f)` is `f`
//! applied `n` times; `split`, `join`, `gather`, `pad` and `zip` reshape;
//! `scatter(target, m)` writes element `i` at `target(i)` unless negative;
//! `joinSegments(n, offsets)` writes segment `j` from `offsets[j]`.
//! User functions run the flat kernel's scalar code with the flat IR's own
//! evaluator ([`flatten::eval::ScalarRunner`]), so they mean exactly what
//! the thunks mean in the flat IR.
//!
//! A value ([`Value`]) is a scalar, a tuple, or a nested array. Each stage
//! is type checked ([`crate::typecheck::check_stage`]) and its value is
//! checked against its type, every length the size variables determine
//! evaluated ([`ArithExpr::eval`]); its result goes to the stage's result
//! variables, which later stages (and user functions) read. Size variables
//! get their values from their [`SizeDef`]s and are checked against their
//! ranges. The patterns check what their meaning needs: `split(c)` of a
//! length that is a multiple of `c`, `zip` of equal lengths, `pad` to at
//! least the length, `gather`'s stride dividing the length, `scatter` and
//! `joinSegments` writing every position of their result exactly once, user functions
//! applied to values of their parameter types. Anything else is an
//! [`EvalError`], never a panic.
//!
//! Unlike [`super::Evaluator`], which takes the user functions' meaning
//! as a callback, this one runs them with `flatten`'s evaluator, keeps
//! tuples nested as `zip` builds them, and takes and returns the flat
//! kernel's values ([`FlatValue`]), so that a kernel's Lift can be
//! compared with the flat kernel it came from.

use std::collections::HashMap;

use flatten::eval::{ArrayValue, FlatValue, ScalarRunner, ScalarStop, ScalarValue};
use flatten::ir::{Const, FaultId, KVar, Scalar, VarType};

use crate::arith::{ArithExpr, Var, VarId};
use crate::ir::{Expr, Fun, LiftKernel, ParamId, SizeDef, Stage, Type, UserFunDef, UserFunId};

/// The most elements one array may have (a `generate` or `pad` of a huge
/// length is an error, not an allocation failure).
pub const MAX_ELEMENTS: i64 = 1 << 26;

/// A Lift value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Scalar(Const),
    Tuple(Vec<Value>),
    Array(Vec<Value>),
}

impl Value {
    /// A scalar for one constant, a tuple for several.
    pub fn of_consts(consts: &[Const]) -> Value {
        match consts {
            [c] => Value::Scalar(*c),
            _ => Value::Tuple(consts.iter().map(|c| Value::Scalar(*c)).collect()),
        }
    }

    /// The scalar components of a scalar or a tuple (of tuples) of scalars.
    pub fn components(&self) -> Option<Vec<Const>> {
        let mut out = Vec::new();
        self.push_components(&mut out).then_some(out)
    }

    fn push_components(&self, out: &mut Vec<Const>) -> bool {
        match self {
            Value::Scalar(c) => {
                out.push(*c);
                true
            }
            Value::Tuple(items) => items.iter().all(|item| item.push_components(out)),
            Value::Array(_) => false,
        }
    }

    /// A flat array as a Lift array of scalars.
    pub fn of_array(array: &ArrayValue) -> Value {
        Value::Array((0..array.len()).filter_map(|i| array.get(i)).map(|s| Value::Scalar(s.to_const())).collect())
    }

    fn describe(&self) -> &'static str {
        match self {
            Value::Scalar(_) => "a scalar",
            Value::Tuple(_) => "a tuple",
            Value::Array(_) => "an array",
        }
    }
}

/// Why evaluation stopped.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum EvalError {
    /// The NESL program faulted inside a user function (an assertion of
    /// the flat kernel's scalar code), with the payload's values.
    #[error("the program faulted at site @{} (payload {payload:?})", site.0)]
    Fault { site: FaultId, payload: Vec<Const> },
    /// The Lift is ill-formed or breaks a pattern's requirement.
    #[error("Lift evaluation of kernel `{kernel}`: {message}")]
    Error { kernel: String, message: String },
}

type Eval<T> = Result<T, EvalError>;

/// Runs every stage of `kernel` on `args` (one per parameter of the flat
/// kernel) and returns the flat kernel's results.
pub fn eval_kernel(kernel: &LiftKernel, args: Vec<FlatValue>) -> Eval<Vec<FlatValue>> {
    let mut machine = Evaluator::new(kernel, args)?;
    for stage in &kernel.stages {
        machine.run_stage(stage)?;
    }
    kernel.flat.results.iter().map(|v| machine.flat_value(*v).cloned()).collect()
}

/// The state of one evaluation: the flat kernel's variables bound so far,
/// the lambda parameters in scope, and the scalar code's runner.
pub struct Evaluator<'k> {
    kernel: &'k LiftKernel,
    scalars: ScalarRunner<'k>,
    flat: HashMap<KVar, FlatValue>,
    params: HashMap<ParamId, Value>,
    /// Inside `atomicMax`: `scatter` combines writes by `max` into counters
    /// that start at zero.
    atomic: bool,
    /// The results of the stage being run: what a guarded `scatter` leaves
    /// unwritten keeps their values from an earlier stage.
    stage_results: Vec<KVar>,
}

impl<'k> Evaluator<'k> {
    /// An evaluator with the flat kernel's parameters bound to `args`.
    pub fn new(kernel: &'k LiftKernel, args: Vec<FlatValue>) -> Eval<Evaluator<'k>> {
        let mut machine = Evaluator {
            kernel,
            scalars: ScalarRunner::new(&kernel.flat),
            flat: HashMap::new(),
            params: HashMap::new(),
            atomic: false,
            stage_results: Vec::new(),
        };
        if args.len() != kernel.flat.params.len() {
            return machine.fail(format!("{} arguments for {} parameters", args.len(), kernel.flat.params.len()));
        }
        for (&v, arg) in kernel.flat.params.iter().zip(args) {
            machine.bind(v, arg)?;
        }
        Ok(machine)
    }

    fn fail<T>(&self, message: impl Into<String>) -> Eval<T> {
        Err(EvalError::Error { kernel: self.kernel.name.clone(), message: message.into() })
    }

    fn var_name(&self, v: KVar) -> String {
        self.kernel.flat.vars.get(v.0 as usize).map_or_else(|| format!("#{}", v.0), |info| info.name.clone())
    }

    /// Binds a variable of the flat kernel (a parameter, or a result).
    pub fn bind(&mut self, v: KVar, value: FlatValue) -> Eval<()> {
        self.scalars.bind(v, value.clone()).map_err(|stop| self.stop(stop))?;
        self.flat.insert(v, value);
        Ok(())
    }

    pub fn flat_value(&self, v: KVar) -> Eval<&FlatValue> {
        match self.flat.get(&v) {
            Some(value) => Ok(value),
            None => self.fail(format!("`{}` is read before it is bound", self.var_name(v))),
        }
    }

    fn stop(&self, stop: ScalarStop) -> EvalError {
        match stop {
            ScalarStop::Fault { site, payload } => EvalError::Fault { site, payload },
            ScalarStop::Internal(error) => {
                EvalError::Error { kernel: self.kernel.name.clone(), message: format!("in a user function: {error}") }
            }
        }
    }

    // --- Sizes -----------------------------------------------------------------

    /// The value of a size variable of the kernel, checked against its range.
    pub fn size(&self, var: &Var) -> Eval<i64> {
        self.size_at_depth(var.id(), 0)
    }

    fn size_at_depth(&self, id: VarId, depth: usize) -> Eval<i64> {
        if depth > self.kernel.sizes.len() {
            return self.fail("the size variables are defined in a cycle");
        }
        let Some(def) = self.kernel.sizes.iter().find(|s| s.var.id() == id) else {
            return self.fail(format!("size variable {} is not a size variable of the kernel", id.index()));
        };
        let name = def.var.name();
        let value = match &def.def {
            SizeDef::LengthOf(v) => match self.flat_value(*v)? {
                FlatValue::Array(a) => a.len() as i64,
                FlatValue::Scalar(_) => return self.fail(format!("size `{name}` is the length of a scalar")),
            },
            SizeDef::ValueOf(v) => match self.flat_value(*v)? {
                FlatValue::Scalar(ScalarValue::Int(x)) => *x,
                _ => return self.fail(format!("size `{name}` is the value of `{}`, not an int", self.var_name(*v))),
            },
            SizeDef::Derived(e) => self.arith_at_depth(e, depth + 1)?,
        };
        let range = def.var.range();
        let bound = |b: &Option<ArithExpr>| b.as_ref().map(|b| self.arith_at_depth(b, depth + 1)).transpose();
        if let Some(min) = bound(&range.min)?
            && value < min
        {
            return self.fail(format!("size `{name}` = {value} is below its range's minimum {min}"));
        }
        if let Some(max) = bound(&range.max)?
            && value > max
        {
            return self.fail(format!("size `{name}` = {value} is above its range's maximum {max}"));
        }
        Ok(value)
    }

    /// The value of an expression of the size variables.
    pub fn arith(&self, e: &ArithExpr) -> Eval<i64> {
        self.arith_at_depth(e, 0)
    }

    fn arith_at_depth(&self, e: &ArithExpr, depth: usize) -> Eval<i64> {
        let mut values = HashMap::new();
        for var in e.free_vars() {
            values.insert(var.id(), self.size_at_depth(var.id(), depth)?);
        }
        match e.eval(&|id| values.get(&id).copied()) {
            Some(x) => Ok(x),
            None => self.fail(format!("`{e}` is undefined (division by zero, overflow, or log2 of 0)")),
        }
    }

    /// The value of `e` if all its variables are size variables with
    /// values now (a length in a type may mention a pattern's variable).
    fn arith_if_known(&self, e: &ArithExpr) -> Option<i64> {
        let mut values = HashMap::new();
        for var in e.free_vars() {
            values.insert(var.id(), self.size(&var).ok()?);
        }
        e.eval(&|id| values.get(&id).copied())
    }

    fn length(&self, what: &str, e: &ArithExpr) -> Eval<usize> {
        let n = self.arith(e)?;
        if !(0..=MAX_ELEMENTS).contains(&n) {
            return self.fail(format!("{what} of length {n} (`{e}`)"));
        }
        Ok(n as usize)
    }

    // --- Stages ------------------------------------------------------------------

    /// Evaluates `stage` and binds its result variables.
    pub fn run_stage(&mut self, stage: &Stage) -> Eval<()> {
        let ty = crate::typecheck::check_stage(self.kernel, stage)
            .map_err(|e| EvalError::Error { kernel: self.kernel.name.clone(), message: e.to_string() })?;
        // A lowering not chosen for these sizes (`Stage::when`): the
        // other one writes the results.
        if let Some(when) = &stage.when
            && self.arith(when)? == 0
        {
            return Ok(());
        }
        // Its device guard (`Stage::guard`): every work-group returns at
        // once, the value read only where `unless` is 0.
        if let Some(g) = &stage.guard {
            let value = || match self.flat_value(g.value)? {
                FlatValue::Scalar(ScalarValue::Int(x)) => Ok(*x),
                _ => self.fail(format!("a guard's value `{}` is not an int", self.var_name(g.value))),
            };
            if !g.holds(self.arith(&g.unless)?, self.arith(&g.bound)?, value)? {
                return Ok(());
            }
        }
        self.stage_results = stage.result.clone();
        let value = self.expr(&stage.body)?;
        self.check_type(&value, &ty).map_err(|e| self.in_stage(stage, e))?;
        // A teams' stage that gave up wrote nothing the kernel reads.
        let flag = |v| !matches!(self.flat.get(&v), Some(FlatValue::Scalar(ScalarValue::Int(0))));
        if crate::seg_reduce::gave_up(stage, flag) {
            return Ok(());
        }
        let Value::Array(elems) = value else {
            return self.fail(format!("stage `{}` yields {}", stage.name, value.describe()));
        };
        let mut columns: Vec<Vec<ScalarValue>> = vec![Vec::with_capacity(elems.len()); stage.result.len()];
        for elem in &elems {
            let comps = match elem.components() {
                Some(c) if c.len() == stage.result.len() => c,
                _ => return self.fail(format!("stage `{}` yields an element of the wrong shape", stage.name)),
            };
            for (column, c) in columns.iter_mut().zip(comps) {
                column.push(ScalarValue::of_const(c));
            }
        }
        for (&v, column) in stage.result.iter().zip(columns) {
            let value = if stage.scalar_result {
                match column[..] {
                    [s] => FlatValue::Scalar(s),
                    _ => {
                        return self.fail(format!(
                            "stage `{}` yields {} values for a scalar",
                            stage.name,
                            column.len()
                        ));
                    }
                }
            } else {
                let column = self.result_column(stage, v, column)?;
                let scalar = match self.kernel.flat.vars.get(v.0 as usize).map(|info| info.ty) {
                    Some(VarType::Array(s)) => s,
                    _ => return self.fail(format!("the result `{}` is not an array variable", self.var_name(v))),
                };
                FlatValue::Array(self.array_of(scalar, column)?)
            };
            self.bind(v, value)?;
        }
        Ok(())
    }

    fn in_stage(&self, stage: &Stage, e: EvalError) -> EvalError {
        match e {
            EvalError::Error { kernel, message } => {
                EvalError::Error { kernel, message: format!("stage `{}`: {message}", stage.name) }
            }
            fault => fault,
        }
    }

    /// The elements of an array result: as many as its length says. A
    /// stage may write past the length up to the buffer's capacity (a
    /// scan's padding), which the array does not include.
    fn result_column(&self, stage: &Stage, v: KVar, mut column: Vec<ScalarValue>) -> Eval<Vec<ScalarValue>> {
        let Some((_, len)) = self.kernel.lengths.iter().find(|(w, _)| *w == v) else {
            return self.fail(format!("no length is known for the result `{}`", self.var_name(v)));
        };
        let len = self.length("a result", len)?;
        let capacity = match self.kernel.capacities.iter().find(|(w, _)| *w == v) {
            Some((_, c)) => self.length("a buffer", c)?,
            None => len,
        };
        if column.len() < len || column.len() > capacity {
            return self.fail(format!(
                "stage `{}` writes {} elements to `{}` of length {len} (capacity {capacity})",
                stage.name,
                column.len(),
                self.var_name(v)
            ));
        }
        column.truncate(len);
        Ok(column)
    }

    fn array_of(&self, scalar: Scalar, column: Vec<ScalarValue>) -> Eval<ArrayValue> {
        let wrong = || format!("a {scalar} array receives a value of another type");
        Ok(match scalar {
            Scalar::Int => ArrayValue::ints(
                column
                    .into_iter()
                    .map(|s| if let ScalarValue::Int(x) = s { Ok(x) } else { Err(()) })
                    .collect::<Result<_, _>>()
                    .or_else(|_| self.fail(wrong()))?,
            ),
            Scalar::Float => ArrayValue::floats(
                column
                    .into_iter()
                    .map(|s| if let ScalarValue::Float(x) = s { Ok(x) } else { Err(()) })
                    .collect::<Result<_, _>>()
                    .or_else(|_| self.fail(wrong()))?,
            ),
            Scalar::Bool => ArrayValue::bools(
                &column
                    .into_iter()
                    .map(|s| if let ScalarValue::Bool(x) = s { Ok(x) } else { Err(()) })
                    .collect::<Result<Vec<_>, _>>()
                    .or_else(|_| self.fail(wrong()))?,
            ),
            Scalar::Char => ArrayValue::chars(
                column
                    .into_iter()
                    .map(|s| if let ScalarValue::Char(x) = s { Ok(x) } else { Err(()) })
                    .collect::<Result<_, _>>()
                    .or_else(|_| self.fail(wrong()))?,
            ),
        })
    }

    /// Checks that `value` has type `ty`, every length that the size
    /// variables determine included.
    pub fn check_type(&self, value: &Value, ty: &Type) -> Eval<()> {
        let printed = || crate::print::print_type(ty);
        match (ty, value) {
            (Type::Scalar(s), Value::Scalar(c)) if c.scalar() == *s => Ok(()),
            (Type::Tuple(types), Value::Tuple(items)) if types.len() == items.len() => {
                types.iter().zip(items).try_for_each(|(t, v)| self.check_type(v, t))
            }
            (Type::Array(elem, len), Value::Array(items)) => {
                if let Some(n) = self.arith_if_known(len)
                    && n != items.len() as i64
                {
                    return self.fail(format!("an array of {} elements has type {}", items.len(), printed()));
                }
                items.iter().try_for_each(|item| self.check_type(item, elem))
            }
            (Type::Segmented(elem, count), Value::Array(segments)) => {
                if let Some(n) = self.arith_if_known(count)
                    && n != segments.len() as i64
                {
                    return self.fail(format!("{} segments have type {}", segments.len(), printed()));
                }
                for segment in segments {
                    let Value::Array(items) = segment else {
                        return self.fail(format!("a segment of type {} is {}", printed(), segment.describe()));
                    };
                    items.iter().try_for_each(|item| self.check_type(item, elem))?;
                }
                Ok(())
            }
            _ => self.fail(format!("{} has type {}", value.describe(), printed())),
        }
    }

    // --- Expressions -------------------------------------------------------------

    pub fn expr(&mut self, expr: &Expr) -> Eval<Value> {
        match expr {
            Expr::Param(p) => match self.params.get(p) {
                Some(v) => Ok(v.clone()),
                None => {
                    let name = self.kernel.params.get(p.0 as usize).map_or("?", |info| info.name.as_str());
                    self.fail(format!("parameter `{name}` used outside its lambda"))
                }
            },
            Expr::Input(v) => Ok(match self.flat_value(*v)? {
                FlatValue::Scalar(s) => Value::Scalar(s.to_const()),
                FlatValue::Array(a) => Value::of_array(a),
            }),
            Expr::Value(consts) => {
                if consts.is_empty() {
                    return self.fail("an empty literal");
                }
                Ok(Value::of_consts(consts))
            }
            Expr::Apply(f, args) => {
                let args = args.iter().map(|a| self.expr(a)).collect::<Eval<Vec<_>>>()?;
                self.apply(f, args)
            }
        }
    }

    fn one(&self, f: &Fun, args: Vec<Value>) -> Eval<Value> {
        match <[Value; 1]>::try_from(args) {
            Ok([v]) => Ok(v),
            Err(args) => self.fail(format!("`{}` takes one argument, got {}", f.name(), args.len())),
        }
    }

    fn array(&self, f: &Fun, v: Value) -> Eval<Vec<Value>> {
        match v {
            Value::Array(items) => Ok(items),
            other => self.fail(format!("`{}` expects an array, got {}", f.name(), other.describe())),
        }
    }

    fn init_and_array(&self, f: &Fun, args: Vec<Value>) -> Eval<(Value, Vec<Value>)> {
        match <[Value; 2]>::try_from(args) {
            Ok([z, xs]) => Ok((z, self.array(f, xs)?)),
            Err(_) => self.fail(format!("`{}` takes (init, array)", f.name())),
        }
    }

    fn fold(&mut self, g: &Fun, z: Value, xs: Vec<Value>) -> Eval<Value> {
        xs.into_iter().try_fold(z, |acc, x| self.apply(g, vec![acc, x]))
    }

    /// `items` reduced by `g` as a team reduces them: each lane folds its
    /// elements from `z`, then the lanes combine in the order's tree.
    fn fold_in_team_order(
        &mut self,
        g: &Fun,
        z: &Value,
        items: &[Value],
        order: &crate::seg_reduce::TeamOrder,
    ) -> Eval<Value> {
        let mut accs = Vec::with_capacity(order.lanes());
        for lane in 0..order.lanes() {
            let part = order.elements(lane).map(|k| items[k].clone()).collect();
            accs.push(self.fold(g, z.clone(), part)?);
        }
        for (into, from) in order.tree() {
            accs[into] = self.apply(g, vec![accs[into].clone(), accs[from].clone()])?;
        }
        Ok(accs.swap_remove(0))
    }

    /// A long run (`items` from its first element) as the whole group
    /// folds it with chunk partials (as `crate::eval`'s).
    fn fold_long_run(
        &mut self,
        g: &Fun,
        z: &Value,
        items: &[Value],
        run: &crate::seg_reduce::LongRun,
        group: i64,
        strided: bool,
    ) -> Eval<Value> {
        let order = |len| crate::seg_reduce::TeamOrder::new(len, group, group, strided).or_else(|e| self.fail(e));
        let orders = (0..run.chunks).map(|i| order(run.piece(i).len())).collect::<Eval<Vec<_>>>()?;
        let (chunks_order, rest_order) = (order(run.chunks)?, order(run.rest.len())?);
        let mut partials = Vec::with_capacity(run.chunks);
        for (i, o) in orders.iter().enumerate() {
            let piece = run.piece(i);
            let at = piece.start - run.start..piece.end - run.start;
            partials.push(self.fold_in_team_order(g, z, &items[at], o)?);
        }
        let chunks = self.fold_in_team_order(g, z, &partials, &chunks_order)?;
        let rest = self.fold_in_team_order(g, z, &items[run.rest.clone()], &rest_order)?;
        self.apply(g, vec![chunks, rest])
    }

    /// `f` applied to `args`.
    pub fn apply(&mut self, f: &Fun, args: Vec<Value>) -> Eval<Value> {
        match f {
            Fun::Lambda(params, body) => {
                if params.len() != args.len() {
                    return self.fail(format!("a lambda of {} parameters applied to {}", params.len(), args.len()));
                }
                let saved: Vec<_> = params.iter().zip(args).map(|(p, v)| (*p, self.params.insert(*p, v))).collect();
                let result = self.expr(body);
                for (p, old) in saved.into_iter().rev() {
                    match old {
                        Some(v) => self.params.insert(p, v),
                        None => self.params.remove(&p),
                    };
                }
                result
            }
            Fun::User(id) => {
                let mut comps = Vec::new();
                for a in &args {
                    match a.components() {
                        Some(c) => comps.extend(c),
                        None => return self.fail("a user function applied to an array"),
                    }
                }
                self.call_user(*id, &comps)
            }
            Fun::Id => {
                let v = self.one(f, args)?;
                if v.components().is_none() {
                    return self.fail("`id` applied to an array");
                }
                Ok(v)
            }
            Fun::ToGlobal(g) | Fun::ToLocal(g) | Fun::ToPrivate(g) => self.apply(g, args),
            Fun::Map(g) | Fun::MapGlb(_, g) | Fun::MapWrg(_, g) | Fun::MapSeq(g) | Fun::MapLcl { f: g, .. } => {
                let xs = self.one(f, args)?;
                let xs = self.array(f, xs)?;
                Ok(Value::Array(xs.into_iter().map(|x| self.apply(g, vec![x])).collect::<Eval<_>>()?))
            }
            Fun::Reduce(g) | Fun::ReduceSeq(g) => {
                let (z, xs) = self.init_and_array(f, args)?;
                Ok(Value::Array(vec![self.fold(g, z, xs)?]))
            }
            Fun::PartRed(g, m) => {
                // m contiguous chunks of ⌈n / m⌉ elements (the last ones
                // shorter or empty), each reduced from z.
                let (z, xs) = self.init_and_array(f, args)?;
                let m = self.length("partRed", m)?;
                if m == 0 {
                    return self.fail("`partRed` to 0 values");
                }
                let chunk = xs.len().div_ceil(m).max(1);
                let mut chunks = xs.chunks(chunk).map(<[Value]>::to_vec).collect::<Vec<_>>();
                chunks.resize(m, Vec::new());
                Ok(Value::Array(chunks.into_iter().map(|c| self.fold(g, z.clone(), c)).collect::<Eval<_>>()?))
            }
            Fun::Filter(k) | Fun::FilterLookback(k, _) => {
                let xs = self.one(f, args)?;
                let xs = self.array(f, xs)?;
                let mut kept = Vec::new();
                let mut flags = Vec::new();
                for x in xs {
                    let Some(comps) = x.components() else { return self.fail("`filter` of an array of arrays") };
                    match self.call_user(k.keep, &comps)? {
                        Value::Scalar(Const::Int(0)) => flags.push(false),
                        Value::Scalar(Const::Int(_)) => {
                            kept.push(match &k.columns {
                                None => x,
                                Some(_) => Value::of_consts(&k.project(&comps)),
                            });
                            flags.push(true);
                        }
                        _ => return self.fail("a keep function that does not give an int"),
                    }
                }
                self.bind(k.count, FlatValue::Scalar(ScalarValue::Int(kept.len() as i64)))?;
                self.counts_before(f, k, &flags)?;
                Ok(Value::Array(kept))
            }
            // Each filter's kept elements from position 0, padded with the
            // element at the position (the result's length is the count).
            Fun::Filters(keeps) | Fun::FiltersLookback(keeps, _) => {
                let xs = self.one(f, args)?;
                let xs = self.array(f, xs)?;
                let mut elems = Vec::new();
                for x in &xs {
                    let Some(comps) = x.components() else { return self.fail("`filters` of an array of arrays") };
                    elems.push(comps);
                }
                let mut groups = Vec::new();
                for k in keeps {
                    let mut kept = Vec::new();
                    let mut flags = Vec::new();
                    for comps in &elems {
                        match self.call_user(k.keep, comps)? {
                            Value::Scalar(Const::Int(0)) => flags.push(false),
                            Value::Scalar(Const::Int(_)) => {
                                kept.push(k.project(comps));
                                flags.push(true);
                            }
                            _ => return self.fail("a keep function that does not give an int"),
                        }
                    }
                    self.bind(k.count, FlatValue::Scalar(ScalarValue::Int(kept.len() as i64)))?;
                    self.counts_before(f, k, &flags)?;
                    groups.push(kept);
                }
                let mut out = Vec::new();
                for (p, comps) in elems.iter().enumerate() {
                    let mut all = Vec::new();
                    for (kept, k) in groups.iter().zip(keeps) {
                        match kept.get(p) {
                            Some(c) => all.extend_from_slice(c),
                            None => all.extend(k.project(comps)),
                        }
                    }
                    out.push(Value::of_consts(&all));
                }
                Ok(Value::Array(out))
            }
            // A segmented look-back scan: restarted from z at each head
            // (a position some segment's offset names); the offsets are
            // the descriptor's, nondecreasing and at most the length.
            Fun::ScanLookback(g, crate::ir::Lookback { heads: Some(h), .. }) => {
                let (z, xs) = self.init_and_array(f, args)?;
                let offsets = self.expr(&Expr::Input(h.offsets))?;
                let offsets = self.ints(f, offsets)?;
                let count = self.arith(&h.count)?;
                if offsets.len() as i64 != count {
                    return self.fail(format!(
                        "a segmented `scanLookback` of {count} segments with {} offsets",
                        offsets.len()
                    ));
                }
                if offsets.windows(2).any(|w| w[0] > w[1]) || offsets.iter().any(|&o| o < 0 || o > xs.len() as i64) {
                    return self.fail("a segmented `scanLookback` whose offsets are not a dense descriptor's");
                }
                let heads: std::collections::HashSet<i64> = offsets.into_iter().collect();
                let mut out = Vec::with_capacity(xs.len());
                let mut acc = z.clone();
                for (p, x) in xs.into_iter().enumerate() {
                    if heads.contains(&(p as i64)) {
                        acc = z.clone();
                    }
                    out.push(acc.clone());
                    acc = self.apply(g, vec![acc, x])?;
                }
                Ok(Value::Array(out))
            }
            // Any order of combination gives the scan for the operators
            // `scan-lookback` takes (exact on ints).
            // Each part as its own pattern, their values side by side (a
            // reduction's to its scalars).
            Fun::Horizontal(parts) | Fun::HorizontalLookback(parts, _) => {
                use crate::ir::Part;
                if parts.len() != args.len() {
                    return self.fail("a traversal with another number of arrays than parts");
                }
                let mut columns: Vec<Vec<Value>> = Vec::new();
                let mut n = None;
                for (part, xs) in parts.iter().zip(args) {
                    let len = self.array(f, xs.clone())?.len();
                    if *n.get_or_insert(len) != len {
                        return self.fail("a traversal of arrays of different lengths");
                    }
                    let values = match part {
                        Part::Scan { op, neutral } => {
                            let scan = Fun::Scan(Box::new(op.clone()));
                            let r = self.apply(&scan, vec![Value::of_consts(neutral), xs])?;
                            self.array(f, r)?
                        }
                        Part::Reduce { op, neutral, results } => {
                            let reduce = Fun::Reduce(Box::new(op.clone()));
                            let r = self.apply(&reduce, vec![Value::of_consts(neutral), xs])?;
                            let total = self.array(f, r)?;
                            let Some(comps) = total.first().and_then(Value::components) else {
                                return self.fail("a traversal's reduction of no value");
                            };
                            for (v, c) in results.iter().zip(comps) {
                                self.bind(*v, FlatValue::Scalar(ScalarValue::of_const(c)))?;
                            }
                            continue;
                        }
                        Part::Filters { keeps, .. } => {
                            let r = self.apply(&Fun::Filters(keeps.clone()), vec![xs])?;
                            self.array(f, r)?
                        }
                        Part::Map => self.array(f, xs)?,
                    };
                    columns.push(values);
                }
                let mut out = Vec::new();
                for p in 0..n.unwrap_or(0) {
                    let mut comps = Vec::new();
                    for column in &columns {
                        match column.get(p).and_then(Value::components) {
                            Some(c) => comps.extend(c),
                            None => return self.fail("a traversal's part of arrays"),
                        }
                    }
                    out.push(Value::of_consts(&comps));
                }
                Ok(Value::Array(out))
            }
            Fun::Scan(g) | Fun::ScanSeq(g) | Fun::ScanLookback(g, _) => {
                let (z, xs) = self.init_and_array(f, args)?;
                let mut out = Vec::with_capacity(xs.len());
                let mut acc = z;
                for x in xs {
                    out.push(acc.clone());
                    acc = self.apply(g, vec![acc, x])?;
                }
                // A map along the scan: its values after the prefix's.
                if let Fun::ScanLookback(_, crate::ir::Lookback { along: Some(along), .. }) = f {
                    for (i, prefix) in out.iter_mut().enumerate() {
                        let Some(mut comps) = prefix.components() else {
                            return self.fail("a scan along a map of arrays");
                        };
                        let Some(more) = self.call_user(*along, &[Const::Int(i as i64)])?.components() else {
                            return self.fail("a map along a scan giving arrays");
                        };
                        comps.extend(more);
                        *prefix = Value::of_consts(&comps);
                    }
                }
                Ok(Value::Array(out))
            }
            Fun::SegReduceTeams(g, teams) => {
                let (z, segs) = self.init_and_array(f, args)?;
                let lanes = self.arith(&teams.lanes)?;
                let groups = self.arith(&teams.groups)?;
                if groups < 1 || teams.group_size % lanes.max(1) != 0 {
                    return self.fail(format!(
                        "`segReduceTeams` of {groups} groups of {} in teams of {lanes}",
                        teams.group_size
                    ));
                }
                let bound = match &teams.list {
                    Some(list) => self.arith(&list.bound)?,
                    None => 0,
                };
                let mut items_of = Vec::with_capacity(segs.len());
                for seg in segs {
                    items_of.push(self.array(f, seg)?);
                }
                // segReduce-by-shape: a stage that gives up sets its flag
                // and leaves every segment to the later stage (the stage
                // discards the values: `crate::seg_reduce::gave_up`).
                if let Some(g) = &teams.gives_up {
                    let flag = crate::ir::GiveUp::flag_of(items_of.iter().map(|i| i.len()), self.arith(&g.bound)?);
                    self.bind(g.flag, FlatValue::Scalar(ScalarValue::Int(flag)))?;
                }
                let mut out = Vec::with_capacity(items_of.len());
                let mut start = 0;
                for (r, items) in items_of.into_iter().enumerate() {
                    let fold = crate::seg_reduce::teams_fold(teams, start, items.len(), lanes, bound)
                        .or_else(|e| self.fail(e))?;
                    start += items.len();
                    out.push(match fold {
                        crate::seg_reduce::TeamsFold::Order(order) => self.fold_in_team_order(g, &z, &items, &order)?,
                        crate::seg_reduce::TeamsFold::Run(run, group) => {
                            self.fold_long_run(g, &z, &items, &run, group, teams.strided)?
                        }
                        crate::seg_reduce::TeamsFold::Held => self.held(r)?,
                    });
                }
                Ok(Value::Array(out))
            }
            Fun::SegReduceChunks(g, spec) => {
                let (z, segs) = self.init_and_array(f, args)?;
                let groups = self.arith(&spec.groups)?;
                let chunks = self.arith(&spec.chunks)?;
                if groups < 1 || chunks < 1 || spec.chunk < 1 {
                    return self
                        .fail(format!("`segReduceChunks` of {groups} groups, {chunks} chunks of {}", spec.chunk));
                }
                let mut offsets = vec![0usize];
                let mut flat = Vec::new();
                for seg in segs {
                    flat.extend(self.array(f, seg)?);
                    offsets.push(flat.len());
                }
                let chunk = spec.chunk as usize;
                let mut out = Vec::with_capacity(chunks as usize);
                for c in 0..chunks as usize {
                    out.push(match crate::seg_reduce::chunk_piece(&offsets, chunk, c) {
                        Some(piece) => {
                            let order = crate::seg_reduce::TeamOrder::new(
                                piece.len(),
                                spec.group_size,
                                spec.group_size,
                                spec.strided,
                            )
                            .or_else(|e| self.fail(e))?;
                            self.fold_in_team_order(g, &z, &flat[piece], &order)?
                        }
                        None => z.clone(),
                    });
                }
                Ok(Value::Array(out))
            }
            Fun::SegReduceMerge(g, tiles) => {
                let (z, segs) = self.init_and_array(f, args)?;
                let groups = self.arith(&tiles.groups)?;
                if groups < 1 {
                    return self.fail(format!("`segReduceMerge` of {groups} groups"));
                }
                let mut segments = Vec::with_capacity(segs.len());
                for seg in segs {
                    segments.push(self.array(f, seg)?);
                }
                let lengths: Vec<usize> = segments.iter().map(Vec::len).collect();
                let pieces = crate::seg_reduce::merge_pieces(&lengths, tiles).or_else(|e| self.fail(e))?;
                let mut out = Vec::with_capacity(segments.len());
                for (items, list) in segments.iter().zip(pieces) {
                    let value = crate::seg_reduce::fold_merge_pieces(&list, &mut |step| match step {
                        crate::seg_reduce::MergeStep::Elements(range) => self.fold(g, z.clone(), items[range].to_vec()),
                        crate::seg_reduce::MergeStep::Combine(a, b) => self.apply(g, vec![a, b]),
                    })?;
                    match value {
                        Some(v) => out.push(v),
                        None => return self.fail("`segReduceMerge` gives a segment no value"),
                    }
                }
                Ok(Value::Array(out))
            }
            Fun::Generate(n, id) => {
                if !args.is_empty() {
                    return self.fail("`generate` takes no argument");
                }
                let n = self.length("generate", n)?;
                let indexed = !self.kernel.user_fun(*id).params.is_empty();
                let mut out = Vec::with_capacity(n);
                for i in 0..n {
                    let args = if indexed { vec![Const::Int(i as i64)] } else { vec![] };
                    out.push(self.call_user(*id, &args)?);
                }
                Ok(Value::Array(out))
            }
            Fun::Segments(id) => {
                let [offsets, lengths] = <[Value; 2]>::try_from(args)
                    .or_else(|_| self.fail("`segments` takes (offsets, lengths)"))?
                    .map(|v| self.ints(f, v));
                let (offsets, lengths) = (offsets?, lengths?);
                if offsets.len() != lengths.len() {
                    return self.fail(format!("{} segment offsets for {} lengths", offsets.len(), lengths.len()));
                }
                let mut out = Vec::with_capacity(lengths.len());
                for (&start, &len) in offsets.iter().zip(&lengths) {
                    if !(0..=MAX_ELEMENTS).contains(&len) || start.checked_add(len).is_none() {
                        return self.fail(format!("a segment of length {len} at {start}"));
                    }
                    let segment = (start..start + len)
                        .map(|p| self.call_user(*id, &[Const::Int(p)]))
                        .collect::<Eval<Vec<_>>>()?;
                    out.push(Value::Array(segment));
                }
                Ok(Value::Array(out))
            }
            Fun::Iterate(times, g) => {
                let times = self.arith(times)?;
                if !(0..=64).contains(&times) {
                    return self.fail(format!("`iterate` {times} times"));
                }
                let mut v = self.one(f, args)?;
                for _ in 0..times {
                    v = self.apply(g, vec![v])?;
                }
                Ok(v)
            }
            Fun::Split(c) => {
                let xs = self.one(f, args)?;
                let xs = self.array(f, xs)?;
                let c = self.arith(c)?;
                if c <= 0 || xs.len() as i64 % c != 0 {
                    return self.fail(format!("`split({c})` of an array of length {}", xs.len()));
                }
                Ok(Value::Array(xs.chunks(c as usize).map(|chunk| Value::Array(chunk.to_vec())).collect()))
            }
            Fun::Join => {
                let xss = self.one(f, args)?;
                let mut out = Vec::new();
                for xs in self.array(f, xss)? {
                    out.extend(self.array(f, xs)?);
                }
                Ok(Value::Array(out))
            }
            Fun::RadixCounts(tiles) => {
                let digits = self.one(f, args)?;
                let digits = self.ints(f, digits)?;
                let ntiles = self.length("radixCounts", &tiles.tiles)?;
                let counts = crate::radix::tile_counts(&digits, tiles, ntiles).or_else(|e| self.fail(e))?;
                Ok(Value::Array(counts.into_iter().map(|c| Value::Scalar(Const::Int(c))).collect()))
            }
            Fun::SegmentIds(tiles) => {
                if !args.is_empty() {
                    return self.fail("`segmentIds` takes no arguments");
                }
                let offsets = self.expr(&Expr::Input(tiles.offsets))?;
                let offsets = self.ints(f, offsets)?;
                let n = self.length("segmentIds", &tiles.n)?;
                let ids = crate::segment_ids::segment_ids(&offsets, n);
                Ok(Value::Array(ids.into_iter().map(|c| Value::Scalar(Const::Int(c))).collect()))
            }
            Fun::MapTileSegmentIds(tiles, id) => {
                if !args.is_empty() {
                    return self.fail("`mapTileSegmentIds` takes no arguments");
                }
                let offsets = self.expr(&Expr::Input(tiles.offsets))?;
                let offsets = self.ints(f, offsets)?;
                let n = self.length("mapTileSegmentIds", &tiles.n)?;
                let ids = crate::segment_ids::segment_ids(&offsets, n);
                let mut out = Vec::with_capacity(n);
                for (p, s) in ids.into_iter().enumerate() {
                    out.push(self.call_user(*id, &[Const::Int(p as i64), Const::Int(s)])?);
                }
                Ok(Value::Array(out))
            }
            Fun::RadixScatter(tiles, starts) => {
                // Every position of the result written exactly once.
                let Ok([digits, values]) = <[Value; 2]>::try_from(args) else {
                    return self.fail("`radixScatter` takes (digits, values)");
                };
                let digits = self.ints(f, digits)?;
                let values = self.array(f, values)?;
                let starts = self.expr(&Expr::Input(*starts))?;
                let starts = self.ints(f, starts)?;
                let ntiles = self.length("radixScatter", &tiles.tiles)?;
                let targets =
                    crate::radix::scatter_targets(&digits, &starts, tiles, ntiles).or_else(|e| self.fail(e))?;
                let n = values.len();
                let mut out: Vec<Option<Value>> = vec![None; n];
                for (x, t) in values.into_iter().zip(targets) {
                    match usize::try_from(t).ok().and_then(|t| out.get_mut(t)) {
                        Some(slot @ None) => *slot = Some(x),
                        Some(Some(_)) => return self.fail(format!("`radixScatter` writes position {t} twice")),
                        None => return self.fail(format!("`radixScatter` to position {t} of {n}")),
                    }
                }
                match out.into_iter().collect::<Option<Vec<_>>>() {
                    Some(items) => Ok(Value::Array(items)),
                    None => self.fail("`radixScatter` leaves a position of its result unwritten"),
                }
            }
            Fun::JoinSegments(n, offsets) => {
                // Segment j from position offsets[j]: every position of
                // the n written exactly once.
                let xss = self.one(f, args)?;
                let xss = self.array(f, xss)?;
                let n = self.length("joinSegments", n)?;
                let offsets = self.expr(&Expr::Input(*offsets))?;
                let offsets = self.ints(f, offsets)?;
                if offsets.len() != xss.len() {
                    return self.fail(format!(
                        "`joinSegments` of {} segments with {} offsets",
                        xss.len(),
                        offsets.len()
                    ));
                }
                let mut out: Vec<Option<Value>> = vec![None; n];
                for (xs, start) in xss.into_iter().zip(offsets) {
                    for (k, x) in self.array(f, xs)?.into_iter().enumerate() {
                        let p = start.checked_add(k as i64).unwrap_or(-1);
                        match usize::try_from(p).ok().and_then(|p| out.get_mut(p)) {
                            Some(slot @ None) => *slot = Some(x),
                            Some(Some(_)) => return self.fail(format!("`joinSegments` writes position {p} twice")),
                            None => return self.fail(format!("`joinSegments` to position {p} of {n}")),
                        }
                    }
                }
                match out.into_iter().collect::<Option<Vec<_>>>() {
                    Some(items) => Ok(Value::Array(items)),
                    None => self.fail("`joinSegments` leaves a position of its result unwritten"),
                }
            }
            Fun::GatherStride(s) => {
                let xs = self.one(f, args)?;
                let xs = self.array(f, xs)?;
                let s = self.arith(s)?;
                let n = xs.len() as i64;
                if s <= 0 || n % s != 0 {
                    return self.fail(format!("`gather(reorderStride({s}))` of an array of length {n}"));
                }
                let rows = n / s;
                Ok(Value::Array((0..n).map(|p| xs[((p % s) * rows + p / s) as usize].clone()).collect()))
            }
            Fun::Pad(n, z) => {
                let xs = self.one(f, args)?;
                let mut xs = self.array(f, xs)?;
                let n = self.length("pad", n)?;
                if n < xs.len() {
                    return self.fail(format!("`pad` of an array of length {} to {n}", xs.len()));
                }
                xs.resize(n, Value::of_consts(z));
                Ok(Value::Array(xs))
            }
            Fun::AtomicMax(g) => {
                let outer = std::mem::replace(&mut self.atomic, true);
                let result = self.apply(g, args);
                self.atomic = outer;
                result
            }
            Fun::Scatter(target, m, guard) => {
                let xs = self.one(f, args)?;
                let xs = self.array(f, xs)?;
                let m = self.length("scatter", m)?;
                let mut out: Vec<Option<Value>> = vec![None; m];
                for (i, x) in xs.into_iter().enumerate() {
                    let index = [Const::Int(i as i64)];
                    let t = self.int_user(*target, &index, "target")?;
                    if t < 0 {
                        continue;
                    }
                    if let Some(g) = guard {
                        let at = self.int_user(g.at, &index, "guard position")?;
                        let key = self.int_user(g.key, &index, "guard key")?;
                        let held = match self.flat_value(g.counter)? {
                            FlatValue::Array(a) => match a.get(at as usize) {
                                Some(ScalarValue::Int(h)) => h,
                                _ => return self.fail(format!("a guard reads counter position {at}")),
                            },
                            FlatValue::Scalar(_) => return self.fail("a guard's counter is a scalar"),
                        };
                        if (held == key) != g.equal {
                            continue;
                        }
                    }
                    let atomic = self.atomic;
                    match (out.get_mut(t as usize), atomic) {
                        (Some(slot @ None), _) => *slot = Some(x),
                        (Some(Some(old)), true) => match (&*old, &x) {
                            (Value::Scalar(Const::Int(a)), Value::Scalar(Const::Int(b))) => {
                                *old = Value::Scalar(Const::Int(*a.max(b)))
                            }
                            _ => return self.fail("`atomicMax` of values that are not ints"),
                        },
                        (Some(Some(_)), false) => return self.fail(format!("`scatter` writes position {t} twice")),
                        (None, _) => return self.fail(format!("`scatter` to position {t} of {m}")),
                    }
                }
                // Unwritten positions keep what the memory held: zero in a
                // counter, an earlier stage's value under a guard.
                let mut items = Vec::with_capacity(m);
                for (t, slot) in out.into_iter().enumerate() {
                    items.push(match slot {
                        Some(v) => v,
                        None if self.atomic => Value::Scalar(Const::Int(0)),
                        None if guard.is_some() => self.held(t)?,
                        None => return self.fail("`scatter` leaves a position of its result unwritten"),
                    });
                }
                Ok(Value::Array(items))
            }
            Fun::Zip => {
                if args.is_empty() {
                    return self.fail("`zip` of nothing");
                }
                let columns = args.into_iter().map(|a| self.array(f, a)).collect::<Eval<Vec<_>>>()?;
                let n = columns[0].len();
                if columns.iter().any(|c| c.len() != n) {
                    let lens: Vec<_> = columns.iter().map(Vec::len).collect();
                    return self.fail(format!("`zip` of arrays of lengths {lens:?}"));
                }
                let mut iters: Vec<_> = columns.into_iter().map(Vec::into_iter).collect();
                Ok(Value::Array(
                    (0..n).map(|_| Value::Tuple(iters.iter_mut().filter_map(Iterator::next).collect())).collect(),
                ))
            }
            Fun::Get(i) => match self.one(f, args)? {
                Value::Tuple(mut items) if *i < items.len() => Ok(items.swap_remove(*i)),
                other => self.fail(format!("`get({i})` of {}", other.describe())),
            },
        }
    }

    fn int_user(&mut self, id: UserFunId, args: &[Const], what: &str) -> Eval<i64> {
        match self.call_user(id, args)? {
            Value::Scalar(Const::Int(t)) => Ok(t),
            other => self.fail(format!("a `scatter` {what} is {}, not an int", other.describe())),
        }
    }

    /// Element `t` of the current stage's results as an earlier stage left
    /// them.
    fn held(&self, t: usize) -> Eval<Value> {
        let mut comps = Vec::new();
        for v in &self.stage_results {
            match self.flat_value(*v)? {
                FlatValue::Array(a) => match a.get(t) {
                    Some(s) => comps.push(s.to_const()),
                    None => return self.fail(format!("`scatter` leaves position {t} past the earlier result")),
                },
                FlatValue::Scalar(_) => return self.fail("a guarded `scatter` into a scalar"),
            }
        }
        Ok(Value::of_consts(&comps))
    }

    /// A filter's counts before its offsets (`k.before`) from its flags:
    /// the offsets nondecreasing, as many as `segments` says.
    fn counts_before(&mut self, f: &Fun, k: &crate::ir::Filter, flags: &[bool]) -> Eval<()> {
        let Some(before) = &k.before else { return Ok(()) };
        let offsets = self.expr(&Expr::Input(before.offsets))?;
        let offsets = self.ints(f, offsets)?;
        if self.arith(&before.segments)? != offsets.len() as i64 || offsets.windows(2).any(|w| w[0] > w[1]) {
            return self.fail(format!("`{}` counting before offsets that are not a descriptor's", f.name()));
        }
        let counts: Vec<i64> = offsets
            .iter()
            .map(|&o| flags.iter().take(o.clamp(0, flags.len() as i64) as usize).filter(|k| **k).count() as i64)
            .collect();
        self.bind(before.counts, FlatValue::Array(ArrayValue::Int(std::sync::Arc::new(counts))))
    }

    fn ints(&self, f: &Fun, v: Value) -> Eval<Vec<i64>> {
        self.array(f, v)?
            .into_iter()
            .map(|x| match x {
                Value::Scalar(Const::Int(i)) => Ok(i),
                other => self.fail(format!("`{}` expects ints, got {}", f.name(), other.describe())),
            })
            .collect()
    }

    /// A user function applied to scalar arguments.
    fn call_user(&mut self, id: UserFunId, args: &[Const]) -> Eval<Value> {
        let Some(uf) = self.kernel.user_funs.get(id.0 as usize) else {
            return self.fail(format!("user function {} does not exist", id.0));
        };
        let types: Vec<Scalar> = args.iter().map(|c| c.scalar()).collect();
        if types != uf.params {
            return self.fail(format!("user function `{}` applied to arguments of types {types:?}", uf.name));
        }
        let args: Vec<ScalarValue> = args.iter().map(|c| ScalarValue::of_const(*c)).collect();
        let results = match &uf.def {
            UserFunDef::Thunk(thunk) => self.scalars.apply(thunk, &args, uf.results.len()),
            UserFunDef::Once(body) => self.scalars.eval(body),
        }
        .map_err(|stop| self.stop(stop))?;
        let results: Vec<Const> = results.into_iter().map(ScalarValue::to_const).collect();
        if results.iter().map(|c| c.scalar()).collect::<Vec<_>>() != uf.results {
            return self.fail(format!("user function `{}` returns values of the wrong types", uf.name));
        }
        Ok(Value::of_consts(&results))
    }
}
