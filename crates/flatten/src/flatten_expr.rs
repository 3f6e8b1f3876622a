//! Flattening one expression in the current context: the dispatch over the
//! constructs of the typed program, in the host context and in lifted
//! contexts, and the constructs too small for a file of their own
//! (variables, tuples, `let`, sequence literals, `time`).
//!
//! In a lifted context an expression is, in this order:
//! 1. a variable: its value, uniform or lifted, as bound;
//! 2. uniform (it reads only uniform variables and has no effect): computed
//!    once, on the host, as in the host context (guarded by `n > 0` when it
//!    may fault in a level that may be empty, see `context.rs`);
//! 3. scalar code: compiled into one `MAP` thunk (`scalar_code.rs`);
//! 4. otherwise flattened construct by construct.
//!
//! Note [time in parallel]
//! -----------------------
//! `time(e)` is `(e, seconds)`, the seconds a float `>= 0` that no two
//! runs share. In the host context every backend times `e` alone. Inside
//! an apply-to-each the flat backends run `e` once for all instances (the
//! kernels of every element at once), so they time that: one host `time`
//! around the flattened `e`, and every instance gets the same seconds, the
//! wall time of the whole parallel step (in a function called in parallel,
//! of each call's step; in a recursive one, of each depth's). The
//! interpreter runs the elements one by one and gives each element the
//! time of its own `e`. Everything but the number agrees across the
//! backends: the values, the prints and faults inside `e`, and their order.

use nesl_frontend::Type;
use nesl_frontend::tast::{ExprId, ExprKind, Pattern, PatternKind, Var};

use crate::context::{Levels, Size};
use crate::error::{FlattenError, Result};
use crate::flatten_program::FnCx;
use crate::gather::{Choice, Route};
use crate::ir::{Atom, BinaryOp, Const, GExpr, HostExpr, HostFunction, HostVar, Repr, Scalar, SeqRepr, Stmt, VarType};
use crate::kernel_code::{ThunkCx, sub};
use crate::representation::{
    LiftedSeq, Val, components, elem_type, fresh_repr, fresh_seq, name_after, repr_atoms, repr_vars, scalar_type,
    seq_vars,
};

impl FnCx<'_, '_> {
    /// Flattens `e` in the current level.
    pub fn compile(&mut self, e: ExprId) -> Result<Val> {
        if self.levels.current() == 0 { Ok(Val::Uniform(self.compile_host(e)?)) } else { self.compile_lifted(e) }
    }

    /// Flattens `e` in the host context (level 0).
    pub fn compile_host(&mut self, e: ExprId) -> Result<Repr> {
        debug_assert_eq!(self.levels.current(), 0);
        let expr = self.expr(e);
        Ok(match &expr.kind {
            ExprKind::Int(x) => Repr::Scalar(Atom::Const(Const::Int(*x))),
            ExprKind::Float(x) => Repr::Scalar(Atom::Const(Const::Float(*x))),
            ExprKind::Bool(x) => Repr::Scalar(Atom::Const(Const::Bool(*x))),
            ExprKind::Char(x) => Repr::Scalar(Atom::Const(Const::Char(*x))),
            ExprKind::String(bytes) => {
                let items = bytes.iter().map(|b| Atom::Const(Const::Char(*b))).collect();
                Repr::Seq(SeqRepr::Array(self.fb.let_(
                    "text",
                    VarType::Array(Scalar::Char),
                    HostExpr::Array { elem: Scalar::Char, items },
                )))
            }
            ExprKind::Var(v) => self.lookup(*v)?.into_uniform()?,
            ExprKind::Pair(a, b) => Repr::Tuple(vec![self.compile_host(*a)?, self.compile_host(*b)?]),
            ExprKind::Construct { args, .. } => {
                Repr::Tuple(args.iter().map(|a| self.compile_host(*a)).collect::<Result<_>>()?)
            }
            ExprKind::Seq(items) => {
                let elem = elem_type(&expr.ty)?;
                if matches!(elem, Type::Seq(_)) && items.iter().all(|i| self.is_nested_literal(*i)) {
                    let items: Vec<LiteralItem> = items.iter().map(|i| LiteralItem::Expr(*i)).collect();
                    return Ok(Repr::Seq(self.nested_literal(elem, &items)?));
                }
                let reprs = items.iter().map(|i| self.compile_host(*i)).collect::<Result<Vec<_>>>()?;
                Repr::Seq(self.literal_seq(elem, reprs)?)
            }
            ExprKind::Let { pattern, value, body } => {
                let first_var = self.fb.function.vars.len() as u32;
                let v = self.compile(*value)?;
                self.bind_pattern(pattern, v, first_var)?;
                self.compile_host(*body)?
            }
            ExprKind::If { cond, then_branch, else_branch } => {
                self.compile_if(e, *cond, *then_branch, *else_branch)?.into_uniform()?
            }
            ExprKind::ApplyToEach { body, generators, filter } => {
                self.compile_apply_to_each(e, *body, generators, *filter)?.into_uniform()?
            }
            ExprKind::Call { func, args } => self.compile_call(e, *func, args)?.into_uniform()?,
            ExprKind::Prim { prim, args } => self.host_prim(e, *prim, args)?,
            ExprKind::Time(timed) => self.host_time(*timed)?,
        })
    }

    /// Flattens `e` in a lifted level.
    fn compile_lifted(&mut self, e: ExprId) -> Result<Val> {
        let program = self.program();
        let expr = self.expr(e);
        if let ExprKind::Var(v) = &expr.kind {
            return self.lookup(*v);
        }
        let has_effect = self.fl.analysis.has_effect(program, e);
        if !has_effect && self.is_uniform(e) {
            let level = self.levels.current();
            let may_fail = self.fl.analysis.may_fail(program, e);
            // Uniform scalar code that may fault in a possibly empty level is
            // cheaper per instance, in a thunk, than guarded on the host.
            let in_thunk = may_fail && !self.levels.get(level).known_nonempty && self.plan(e).is_some();
            if !in_thunk {
                return Ok(Val::Uniform(self.compile_uniform(e)?));
            }
        }
        if let Some(leaves) = self.plan(e) {
            return self.compile_thunk(e, &leaves);
        }
        match &expr.kind {
            ExprKind::Pair(a, b) => Ok(Val::Tuple(vec![self.compile(*a)?, self.compile(*b)?])),
            ExprKind::Construct { args, .. } => {
                Ok(Val::Tuple(args.iter().map(|a| self.compile(*a)).collect::<Result<_>>()?))
            }
            ExprKind::Seq(items) => self.lifted_literal_seq(items),
            ExprKind::Let { pattern, value, body } => {
                let first_var = self.fb.function.vars.len() as u32;
                let v = self.compile(*value)?;
                self.bind_pattern(pattern, v, first_var)?;
                self.compile(*body)
            }
            ExprKind::If { cond, then_branch, else_branch } => self.compile_if(e, *cond, *then_branch, *else_branch),
            ExprKind::ApplyToEach { body, generators, filter } => {
                self.compile_apply_to_each(e, *body, generators, *filter)
            }
            ExprKind::Call { func, args } => self.compile_call(e, *func, args),
            ExprKind::Prim { prim, args } => self.lifted_prim(e, *prim, args),
            ExprKind::Time(timed) => self.lifted_time(*timed),
            ExprKind::Int(_)
            | ExprKind::Float(_)
            | ExprKind::Bool(_)
            | ExprKind::Char(_)
            | ExprKind::String(_)
            | ExprKind::Var(_) => Err(FlattenError::bug("a constant that was not flattened as uniform")),
        }
    }

    /// Whether every variable `e` reads is uniform in the current context.
    fn is_uniform(&mut self, e: ExprId) -> bool {
        let program = self.program();
        let free = self.fl.analysis.free_locals(program, e);
        free.iter().all(|l| self.scope.locals[l.0 as usize].as_ref().is_some_and(Val::is_uniform))
    }

    /// Flattens a uniform expression of a lifted level on the host, once,
    /// guarded by `n > 0` when it may fault and the level may be empty.
    fn compile_uniform(&mut self, e: ExprId) -> Result<Repr> {
        let program = self.program();
        let level = self.levels.current();
        let guard = !self.levels.get(level).known_nonempty && self.fl.analysis.may_fail(program, e);
        let n = if guard { Some(self.fb.size(&self.levels.get(level).size.clone())) } else { None };
        let lifted_levels = std::mem::replace(&mut self.levels, Levels::host());
        let result = match n {
            None => self.compile_host(e),
            Some(n) => self.guarded(n, e),
        };
        self.levels = lifted_levels;
        result
    }

    /// `if n > 0 then e else (a default value)` on the host.
    fn guarded(&mut self, n: Atom, e: ExprId) -> Result<Repr> {
        let ty = &self.expr(e).ty;
        let cond = self.fb.binary(BinaryOp::Gt, Scalar::Int, n, Atom::Const(Const::Int(0)));
        self.fb.begin_block();
        let value = self.compile_host(e)?;
        let mut atoms = Vec::new();
        repr_atoms(&value, &mut atoms);
        let then_block = self.fb.end_block(atoms);
        self.fb.begin_block();
        let default = self.default_repr(ty)?;
        let mut atoms = Vec::new();
        repr_atoms(&default, &mut atoms);
        let else_block = self.fb.end_block(atoms);
        let result = fresh_repr(self.program(), &mut self.fb.function, ty, "guarded")?;
        let vars = repr_vars(&result)?;
        self.fb.push(Stmt::Let { vars, expr: HostExpr::If { cond, then_block, else_block } });
        Ok(result)
    }

    /// Some value of type `ty`, for code paths no instance takes (zeros and
    /// empty sequences).
    pub fn default_repr(&mut self, ty: &Type) -> Result<Repr> {
        Ok(match ty {
            Type::Int => Repr::Scalar(Atom::Const(Const::Int(0))),
            Type::Float => Repr::Scalar(Atom::Const(Const::Float(0.0))),
            Type::Bool => Repr::Scalar(Atom::Const(Const::Bool(false))),
            Type::Char => Repr::Scalar(Atom::Const(Const::Char(0))),
            Type::Seq(elem) => Repr::Seq(self.empty_seq(elem)?),
            _ => {
                let parts = components(self.program(), ty).unwrap_or_default();
                Repr::Tuple(parts.iter().map(|t| self.default_repr(t)).collect::<Result<_>>()?)
            }
        })
    }

    /// The empty sequence of elements of type `elem`.
    pub fn empty_seq(&mut self, elem: &Type) -> Result<SeqRepr> {
        let shape = fresh_seq(self.program(), &mut self.fb.function, elem, "empty")?;
        let mut vars = Vec::new();
        crate::representation::seq_vars(&shape, &mut |v| vars.push(v));
        for v in vars {
            let elem = self.fb.var_type(v).scalar();
            self.fb.push(Stmt::Let { vars: vec![v], expr: HostExpr::Array { elem, items: Vec::new() } });
        }
        Ok(shape)
    }

    /// The value of a variable.
    pub fn lookup(&self, var: Var) -> Result<Val> {
        match var {
            Var::Local(l) => self.scope.locals[l.0 as usize]
                .clone()
                .ok_or_else(|| FlattenError::bug(format!("local {} read before it is bound", l.0))),
            Var::Global(g) => self
                .scope
                .globals
                .get(&g)
                .cloned()
                .map(Val::Uniform)
                .ok_or_else(|| FlattenError::bug(format!("global {} is not in scope", g.0))),
        }
    }

    /// Binds the variables of `pattern` to the parts of `val`, naming the
    /// host variables created since `first_var` after them.
    pub fn bind_pattern(&mut self, pattern: &Pattern, val: Val, first_var: u32) -> Result<()> {
        match &pattern.kind {
            PatternKind::Bind(Var::Local(l)) => {
                let name = self.program_local_name(*l);
                name_after(&mut self.fb.function, &val, first_var, &name);
                self.scope.locals[l.0 as usize] = Some(val);
            }
            PatternKind::Bind(Var::Global(g)) => {
                let name = self.program().global(*g).name.clone();
                name_after(&mut self.fb.function, &val, first_var, &name);
                self.scope.globals.insert(*g, val.into_uniform()?);
            }
            PatternKind::Pair(a, b) => {
                let mut parts = val.into_components()?.into_iter();
                let (x, y) = (parts.next(), parts.next());
                let (Some(x), Some(y)) = (x, y) else {
                    return Err(FlattenError::bug("a pair pattern bound to a value without two components"));
                };
                self.bind_pattern(a, x, first_var)?;
                self.bind_pattern(b, y, first_var)?;
            }
            PatternKind::Data { fields, .. } => {
                let parts = val.into_components()?;
                if parts.len() != fields.len() {
                    return Err(FlattenError::bug("a datatype pattern with the wrong number of fields"));
                }
                for (p, v) in fields.iter().zip(parts) {
                    self.bind_pattern(p, v, first_var)?;
                }
            }
        }
        Ok(())
    }

    /// The source name of a local of the body being flattened.
    fn program_local_name(&self, l: nesl_frontend::tast::LocalId) -> String {
        self.scope.local_names.get(l.0 as usize).cloned().unwrap_or_else(|| "x".to_string())
    }

    /// A sequence literal on the host: scalars as one host-built array per
    /// column; sequences by their lengths and the concatenation of their
    /// elements.
    pub fn literal_seq(&mut self, elem: &Type, items: Vec<Repr>) -> Result<SeqRepr> {
        if items.is_empty() {
            return self.empty_seq(elem);
        }
        if let Type::Seq(_) = elem {
            let seqs: Vec<SeqRepr> = items
                .into_iter()
                .map(|r| match r {
                    Repr::Seq(s) => Ok(s),
                    _ => Err(FlattenError::bug("a sequence literal's element is not a sequence")),
                })
                .collect::<Result<_>>()?;
            let lengths: Vec<Atom> = seqs.iter().map(|s| self.fb.length(s.length_witness())).collect();
            let mut offsets = Vec::with_capacity(lengths.len());
            let mut total = Atom::Const(Const::Int(0));
            for l in &lengths {
                offsets.push(total);
                total = self.fb.binary(BinaryOp::Add, Scalar::Int, total, *l);
            }
            let lengths_var = self.fb.let_(
                "lengths",
                VarType::Array(Scalar::Int),
                HostExpr::Array { elem: Scalar::Int, items: lengths },
            );
            let offsets_var = self.fb.let_(
                "offsets",
                VarType::Array(Scalar::Int),
                HostExpr::Array { elem: Scalar::Int, items: offsets },
            );
            let elements = self.concat(seqs, offsets_var, total)?;
            return Ok(SeqRepr::Nested { lengths: lengths_var, offsets: offsets_var, elements: Box::new(elements) });
        }
        match components(self.program(), elem) {
            Some(parts) => {
                let mut columns: Vec<Vec<Repr>> = vec![Vec::new(); parts.len()];
                for item in items {
                    let Repr::Tuple(fields) = item else {
                        return Err(FlattenError::bug("a tuple literal's element is not a tuple"));
                    };
                    for (column, field) in columns.iter_mut().zip(fields) {
                        column.push(field);
                    }
                }
                Ok(SeqRepr::Tuple(
                    parts.iter().zip(columns).map(|(t, c)| self.literal_seq(t, c)).collect::<Result<_>>()?,
                ))
            }
            None => {
                let scalar = scalar_type(elem)?;
                let atoms = items
                    .into_iter()
                    .map(|r| match r {
                        Repr::Scalar(a) => Ok(a),
                        _ => Err(FlattenError::bug("a scalar literal's element is not a scalar")),
                    })
                    .collect::<Result<_>>()?;
                Ok(SeqRepr::Array(self.fb.let_(
                    "literal",
                    VarType::Array(scalar),
                    HostExpr::Array { elem: scalar, items: atoms },
                )))
            }
        }
    }

    /// Whether `e` is a sequence literal (or string) all of whose nested
    /// sequences are literals too.
    fn is_nested_literal(&self, e: ExprId) -> bool {
        match &self.expr(e).kind {
            ExprKind::String(_) => true,
            ExprKind::Seq(items) => match elem_type(&self.expr(e).ty) {
                Ok(Type::Seq(_)) => items.iter().all(|i| self.is_nested_literal(*i)),
                Ok(_) => true,
                Err(_) => false,
            },
            _ => false,
        }
    }

    /// A sequence of sequence literals, built level by level on the host:
    /// the lengths are known, so every descriptor is a host array.
    fn nested_literal(&mut self, elem: &Type, items: &[LiteralItem]) -> Result<SeqRepr> {
        let Type::Seq(inner) = elem else {
            let reprs = items
                .iter()
                .map(|item| match item {
                    LiteralItem::Expr(e) => self.compile_host(*e),
                    LiteralItem::Char(c) => Ok(Repr::Scalar(Atom::Const(Const::Char(*c)))),
                })
                .collect::<Result<Vec<_>>>()?;
            return self.literal_seq(elem, reprs);
        };
        let mut lengths = Vec::with_capacity(items.len());
        let mut offsets = Vec::with_capacity(items.len());
        let mut children = Vec::new();
        for item in items {
            let LiteralItem::Expr(e) = item else {
                return Err(FlattenError::bug("a character where a sequence literal was expected"));
            };
            let start = children.len();
            offsets.push(Atom::Const(Const::Int(start as i64)));
            match &self.expr(*e).kind {
                ExprKind::Seq(sub) => children.extend(sub.iter().map(|s| LiteralItem::Expr(*s))),
                ExprKind::String(bytes) => children.extend(bytes.iter().map(|b| LiteralItem::Char(*b))),
                _ => return Err(FlattenError::bug("a nested literal whose item is not a literal")),
            }
            lengths.push(Atom::Const(Const::Int((children.len() - start) as i64)));
        }
        let lengths =
            self.fb.let_("lengths", VarType::Array(Scalar::Int), HostExpr::Array { elem: Scalar::Int, items: lengths });
        let offsets =
            self.fb.let_("offsets", VarType::Array(Scalar::Int), HostExpr::Array { elem: Scalar::Int, items: offsets });
        let elements = self.nested_literal(inner, &children)?;
        Ok(SeqRepr::Nested { lengths, offsets, elements: Box::new(elements) })
    }

    /// The concatenation of host sequences whose lengths' exclusive prefix
    /// sums are the host array `offsets`.
    fn concat(&mut self, seqs: Vec<SeqRepr>, offsets: HostVar, total: Atom) -> Result<SeqRepr> {
        if seqs.len() == 1 {
            return Ok(seqs.into_iter().next().expect("one sequence"));
        }
        let route = move |tc: &mut ThunkCx, host: &HostFunction, p: GExpr| {
            let p = tc.share("p", Scalar::Int, p);
            let offsets = tc.kb.param(host, offsets);
            let which = GExpr::SegmentOf { offsets, index: Box::new(p.clone()) };
            let which = tc.share("s", Scalar::Int, which);
            Route { index: sub(p, GExpr::read(offsets, which.clone())), choice: Choice::Number(which) }
        };
        self.gather(&seqs, Size::Count(total), &route)
    }

    /// A sequence literal in a lifted context: each instance's sequence has
    /// the literal's length; element `j` of instance `i` is at `i * k + j`.
    fn lifted_literal_seq(&mut self, items: &[ExprId]) -> Result<Val> {
        let level = self.levels.current();
        let k = items.len() as i64;
        let mut sources = Vec::with_capacity(items.len());
        for item in items {
            let v = self.compile(*item)?;
            sources.push(self.dense_at(&v, level)?);
        }
        let size = self.levels.get(level).size.clone();
        let lengths = self.map_column(&size, "lengths", Scalar::Int, &|_, _, _| GExpr::int(k))?;
        let offsets = self.map_column(&size, "offsets", Scalar::Int, &|_, _, i| {
            GExpr::binary(BinaryOp::Mul, Scalar::Int, i, GExpr::int(k))
        })?;
        self.facts.constant_segments.insert(offsets, Atom::Const(Const::Int(k)));
        let n = self.fb.size(&size);
        let total = self.fb.binary(BinaryOp::Mul, Scalar::Int, n, Atom::Const(Const::Int(k)));
        let route = move |tc: &mut ThunkCx, _: &HostFunction, q: GExpr| {
            let q = tc.share("q", Scalar::Int, q);
            let instance = GExpr::binary(BinaryOp::Div, Scalar::Int, q.clone(), GExpr::int(k));
            let choice = if k == 1 {
                Choice::Only
            } else {
                Choice::Number(GExpr::binary(BinaryOp::Rem, Scalar::Int, q, GExpr::int(k)))
            };
            Route { choice, index: instance }
        };
        // Instance `i` takes item `j`'s sequence `i` for each `j`: every
        // element of every source once.
        let elements = self.gather_each_once(&sources, Size::Count(total), &route)?;
        Ok(Val::Seq(LiftedSeq::dense(level, lengths, offsets, elements)))
    }

    /// `time(e)` on the host.
    fn host_time(&mut self, timed: ExprId) -> Result<Repr> {
        let seeds = self.fl.analysis.seeds(self.program(), timed);
        self.fb.begin_block();
        let saved = seeds.then(|| self.enter_seed_block());
        let value = self.compile_host(timed)?;
        let mut atoms = Vec::new();
        repr_atoms(&value, &mut atoms);
        if let Some(saved) = saved {
            self.leave_seed_block(saved, &mut atoms)?;
        }
        let block = self.fb.end_block(atoms);
        let ty = self.expr(timed).ty.clone();
        let result = fresh_repr(self.program(), &mut self.fb.function, &ty, "timed")?;
        let seconds = self.fb.var("seconds", VarType::Scalar(Scalar::Float));
        let mut vars = repr_vars(&result)?;
        if seeds {
            self.bind_seed_result(&mut vars);
        }
        vars.push(seconds);
        self.fb.push(Stmt::Let { vars, expr: HostExpr::Time { block } });
        Ok(Repr::Tuple(vec![result, Repr::Scalar(Atom::Var(seconds))]))
    }

    /// `time(e)` inside an apply-to-each: one host `time` around the
    /// flattened `e` of every instance, so each instance gets the wall time
    /// of the whole parallel step (note [time in parallel]).
    fn lifted_time(&mut self, timed: ExprId) -> Result<Val> {
        let level = self.levels.current();
        self.fb.begin_block();
        let value = self.compile(timed)?;
        let dense = self.dense_at(&value, level)?;
        let mut atoms = Vec::new();
        seq_vars(&dense, &mut |v| atoms.push(Atom::Var(v)));
        let block = self.fb.end_block(atoms);
        let ty = self.expr(timed).ty.clone();
        let result = fresh_seq(self.program(), &mut self.fb.function, &ty, "timed")?;
        let mut vars = Vec::new();
        seq_vars(&result, &mut |v| vars.push(v));
        let seconds = self.fb.var("seconds", VarType::Scalar(Scalar::Float));
        vars.push(seconds);
        self.fb.push(Stmt::Let { vars, expr: HostExpr::Time { block } });
        Ok(Val::Tuple(vec![Val::from_seq(result, level), Val::Uniform(Repr::Scalar(Atom::Var(seconds)))]))
    }
}

/// An item of a nested sequence literal: an expression, or a character of
/// a string literal.
enum LiteralItem {
    Expr(ExprId),
    Char(u8),
}
