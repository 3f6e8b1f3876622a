//! Effects of the elements of an apply-to-each made values: the rewrite of
//! the typed program that `print_texts.rs` (texts of prints) and
//! `seed_values.rs` (seeds of `rand_seed`) each instantiate with their
//! effect (note [effect versions]).
//!
//! Note [effect versions]
//! ----------------------
//! The reference interpreter runs an apply-to-each element by element,
//! depth first; flattening runs all elements of a level at once and has
//! no global state. An effect whose order matters (the text a print adds
//! to the output, the seed a `rand_seed` leaves) is therefore made a value
//! where it happens inside an apply-to-each: each expression that may have
//! the effect (directly or through its calls) gets an *effect version*
//! returning `(value, effect)`. An [`Effect`] says what the effect is: its
//! type, how two effects in a row combine (an associative operation with a
//! unit: texts append, seeds "last set wins"), what its primitives make,
//! how the elements' effects of an apply-to-each become one, and how host
//! code performs one. Within an effect version:
//!
//! - an effect primitive (`print_string`, `rand_seed`) makes its value and
//!   effect ([`Effect::primitive`]);
//! - the parts of an expression are evaluated in their order (a `let` of
//!   each operand that has the effect), their effects combined in order;
//! - a call of a function with the effect calls its effect version (same
//!   name and body, suffixed [`Effect::SUFFIX`]), recursive ones included;
//! - `if` has the effect of its condition, then of the branch it takes;
//! - an apply-to-each whose body has the effect makes a pair per element,
//!   and the elements' effects are collected in element order
//!   ([`Effect::collect`]);
//! - an apply-to-each whose filter has the effect makes, per element, the
//!   filter's effect and then the body's if the element is kept, with a
//!   sequence of zero or one values, flattened after.
//!
//! In host code (the top-level forms and the function bodies the host
//! runs) an apply-to-each that needs its effects ([`Effect::needs_version`])
//! becomes `let (r, e) = EFFECT VERSION OF IT in let _ = PERFORM(e) in r`
//! ([`Effect::perform`]). Operands are bound in evaluation order and an
//! element's filter still runs before its body, so faults, calls and
//! `rand`s keep their order. The rewrite adds expressions, locals and
//! functions; nothing of the original program changes but the bodies of
//! host code it rewrites.

use std::collections::HashMap;
use std::marker::PhantomData;

use crate::error::FlattenError;
use crate::typed_builder::TypedBuilder;
use nesl_frontend::Type;
use nesl_frontend::builtins::Prim;
use nesl_frontend::source::Span;
use nesl_frontend::tast::{
    ExprId, ExprKind, FuncId, Function, Generator, Local, LocalId, Pattern, Program, TopItemKind,
};

type Rewrite<T> = Result<T, FlattenError>;

/// An effect made a value (note [effect versions]).
pub(crate) trait Effect: Sized {
    /// An evaluated part's effect, bound by a pattern.
    type Bound: Copy;
    /// The suffix of effect versions' instance names.
    const SUFFIX: &'static str;
    /// What the rewrite is of, for a compiler-bug message.
    const WHAT: &'static str;

    fn effect_type() -> Type;
    /// Whether `prim` has the effect itself.
    fn is_primitive(prim: Prim) -> bool;
    /// Fresh locals for an effect, and the pattern binding them.
    fn fresh(r: &mut Rewriter<Self>, span: Span) -> (Self::Bound, Pattern);
    /// The effect of `effects` in order, as an expression (the unit for none).
    fn combine(r: &mut Rewriter<Self>, effects: &[Self::Bound], span: Span) -> ExprId;
    /// The `(value, effect)` of the effect primitive `prim` applied to the
    /// operands' values `xs`, after the operands' own `effects`.
    fn primitive(r: &mut Rewriter<Self>, prim: Prim, xs: Vec<ExprId>, effects: Vec<Self::Bound>, span: Span) -> ExprId;
    /// `(values, effect)` of a sequence of `(value, effect)` pairs: the
    /// elements' effects in element order.
    fn collect(r: &mut Rewriter<Self>, pairs: ExprId, elem_ty: Type, span: Span) -> ExprId;
    /// Host code performing the effect `bound`, a `bool` expression.
    fn perform(r: &mut Rewriter<Self>, bound: Self::Bound, span: Span) -> ExprId;
    /// Whether host code must run the effect version of `e` (an
    /// apply-to-each whose elements have the effect, as the effect says).
    fn needs_version(r: &Rewriter<Self>, e: ExprId) -> bool;
}

/// The program with the effect `E` of apply-to-each made values, or `None`
/// when no host code needs an effect version. The result is checked by the
/// typed program's verifier: a failure is a compiler bug.
pub(crate) fn rewrite<E: Effect>(program: &Program) -> Rewrite<Option<Program>> {
    let has_effect = functions_with::<E>(program);
    let mut rewriter = Rewriter {
        program: program.clone(),
        has_effect,
        versions: HashMap::new(),
        locals: Vec::new(),
        effect: PhantomData,
    };
    let needed = program.exprs.iter().any(|(e, _)| E::needs_version(&rewriter, e));
    if !needed {
        return Ok(None);
    }
    rewriter.run()?;
    nesl_frontend::tast::verify(&rewriter.program).map_err(|error| {
        FlattenError::bug(format!("the typed program with {} is invalid: {}", E::WHAT, error.message))
    })?;
    Ok(Some(rewriter.program))
}

/// The functions with the effect, directly or through the functions they call.
fn functions_with<E: Effect>(program: &Program) -> HashMap<FuncId, bool> {
    let mut has: HashMap<FuncId, bool> = program.functions.iter().map(|(f, _)| (f, false)).collect();
    loop {
        let mut changed = false;
        for (f, func) in program.functions.iter() {
            if !has[&f] && has_effect::<E>(program, &has, func.body) {
                has.insert(f, true);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    has.retain(|_, h| *h);
    has
}

/// Whether `e` may have the effect: an effect primitive or a call of a
/// function of `has` in it.
pub(crate) fn has_effect<E: Effect>(program: &Program, has: &HashMap<FuncId, bool>, e: ExprId) -> bool {
    let own = match &program.exprs[e].kind {
        ExprKind::Prim { prim, .. } => E::is_primitive(*prim),
        ExprKind::Call { func, .. } => has.get(func).copied().unwrap_or(false),
        _ => false,
    };
    own || program.exprs[e].kind.children().into_iter().any(|c| has_effect::<E>(program, has, c))
}

pub(crate) struct Rewriter<E> {
    pub(crate) program: Program,
    /// The functions of the original program with the effect.
    pub(crate) has_effect: HashMap<FuncId, bool>,
    /// The effect version of each of them.
    versions: HashMap<FuncId, FuncId>,
    /// The locals of the function or form being rewritten.
    locals: Vec<Local>,
    effect: PhantomData<E>,
}

impl<E> TypedBuilder for Rewriter<E> {
    fn program_mut(&mut self) -> &mut Program {
        &mut self.program
    }

    fn program_ref(&self) -> &Program {
        &self.program
    }

    fn locals_mut(&mut self) -> &mut Vec<Local> {
        &mut self.locals
    }

    fn locals_ref(&self) -> &[Local] {
        &self.locals
    }
}

impl<E: Effect> Rewriter<E> {
    fn run(&mut self) -> Rewrite<()> {
        // Effect versions first (their ids are needed by the calls),
        // bodies after.
        let with_effect: Vec<FuncId> = {
            let mut fs: Vec<FuncId> = self.has_effect.keys().copied().collect();
            fs.sort_by_key(|f| u32::from(f.into_raw()));
            fs
        };
        for &f in &with_effect {
            let original = &self.program.functions[f];
            let version = Function {
                name: original.name.clone(),
                instance: format!("{}_{}", original.instance, E::SUFFIX),
                params: original.params.clone(),
                result: Type::pair(original.result.clone(), E::effect_type()),
                body: original.body,
                locals: original.locals.clone(),
                span: original.span,
                is_library: original.is_library,
                is_recursive: original.is_recursive,
            };
            let id = self.program.functions.alloc(version);
            self.versions.insert(f, id);
        }
        for &f in &with_effect {
            let id = self.versions[&f];
            let body = self.program.functions[id].body;
            self.locals = std::mem::take(&mut self.program.functions[id].locals);
            let span = self.span(body);
            let new_body = self.version_or_none(body, span)?;
            self.program.functions[id].body = new_body;
            self.program.functions[id].locals = std::mem::take(&mut self.locals);
        }
        let originals: Vec<FuncId> =
            self.program.functions.iter().map(|(f, _)| f).filter(|f| !self.versions.values().any(|v| v == f)).collect();
        for f in originals {
            let body = self.program.functions[f].body;
            self.locals = std::mem::take(&mut self.program.functions[f].locals);
            let new_body = self.host(body)?;
            self.program.functions[f].body = new_body;
            self.program.functions[f].locals = std::mem::take(&mut self.locals);
        }
        for i in 0..self.program.items.len() {
            self.locals = std::mem::take(&mut self.program.items[i].locals);
            let kind = self.program.items[i].kind.clone();
            let kind = match kind {
                TopItemKind::Bind { pattern, value } => TopItemKind::Bind { pattern, value: self.host(value)? },
                TopItemKind::Expr { value } => TopItemKind::Expr { value: self.host(value)? },
            };
            self.program.items[i].kind = kind;
            self.program.items[i].locals = std::mem::take(&mut self.locals);
        }
        Ok(())
    }

    /// Whether `e` may have the effect.
    pub(crate) fn has(&self, e: ExprId) -> bool {
        has_effect::<E>(&self.program, &self.has_effect, e)
    }

    /// Whether `e` calls a function with the effect (of the original program).
    pub(crate) fn calls_effect_function(&self, e: ExprId) -> bool {
        let own =
            matches!(&self.program.exprs[e].kind, ExprKind::Call { func, .. } if self.has_effect.contains_key(func));
        own || self.program.exprs[e].kind.children().into_iter().any(|c| self.calls_effect_function(c))
    }

    /// `e` as a `(value, effect)` pair: its effect version, or `(e, unit)`.
    fn version_or_none(&mut self, e: ExprId, span: Span) -> Rewrite<ExprId> {
        match self.version(e)? {
            Some(version) => Ok(version),
            None => {
                let none = E::combine(self, &[], span);
                Ok(self.pair(e, none, span))
            }
        }
    }

    // ----- host code -----

    /// Host code with each apply-to-each that needs its effects computing
    /// them, then performing them.
    fn host(&mut self, e: ExprId) -> Rewrite<ExprId> {
        let span = self.span(e);
        if E::needs_version(self, e) {
            let ty = self.ty(e);
            let version = self.version_or_none(e, span)?;
            let r = self.local("result", ty, span);
            let (effect, effect_pattern) = E::fresh(self, span);
            let performed = E::perform(self, effect, span);
            let done = self.local("performed", Type::Bool, span);
            let r_var = self.var(r, span);
            let body = self.let_(self.bind_pattern(done, span), performed, r_var, span);
            let pattern = Self::pair_pattern(self.bind_pattern(r, span), effect_pattern, span);
            return Ok(self.let_(pattern, version, body, span));
        }
        let kind = self.program.exprs[e].kind.clone();
        if !kind.children().iter().any(|c| self.holds_versions(*c)) {
            return Ok(e);
        }
        let kind = match kind {
            ExprKind::Pair(a, b) => ExprKind::Pair(self.host(a)?, self.host(b)?),
            ExprKind::Seq(items) => ExprKind::Seq(self.host_all(items)?),
            ExprKind::Call { func, args } => ExprKind::Call { func, args: self.host_all(args)? },
            ExprKind::Prim { prim, args } => ExprKind::Prim { prim, args: self.host_all(args)? },
            ExprKind::Construct { data, args } => ExprKind::Construct { data, args: self.host_all(args)? },
            ExprKind::If { cond, then_branch, else_branch } => ExprKind::If {
                cond: self.host(cond)?,
                then_branch: self.host(then_branch)?,
                else_branch: self.host(else_branch)?,
            },
            ExprKind::Let { pattern, value, body } => {
                ExprKind::Let { pattern, value: self.host(value)?, body: self.host(body)? }
            }
            ExprKind::ApplyToEach { body, generators, filter } => {
                // Only the generators' sequences hold such apply-to-each
                // (they are host code; the elements need no version).
                let mut gens = Vec::with_capacity(generators.len());
                for g in generators {
                    gens.push(Generator { pattern: g.pattern, seq: self.host(g.seq)? });
                }
                ExprKind::ApplyToEach { body, generators: gens, filter }
            }
            ExprKind::Time(inner) => ExprKind::Time(self.host(inner)?),
            leaf => leaf,
        };
        let ty = self.ty(e);
        Ok(self.alloc(kind, ty, span))
    }

    /// Whether `e` is or holds an apply-to-each host code runs the effect version of.
    fn holds_versions(&self, e: ExprId) -> bool {
        E::needs_version(self, e) || self.program.exprs[e].kind.children().into_iter().any(|c| self.holds_versions(c))
    }

    fn host_all(&mut self, es: Vec<ExprId>) -> Rewrite<Vec<ExprId>> {
        es.into_iter().map(|e| self.host(e)).collect()
    }

    // ----- effect versions -----

    /// The effect version of `e`, of type `(type of e, effect)`, or `None`
    /// when `e` has no effect.
    fn version(&mut self, e: ExprId) -> Rewrite<Option<ExprId>> {
        if !self.has(e) {
            return Ok(None);
        }
        let kind = self.program.exprs[e].kind.clone();
        let ty = self.ty(e);
        let span = self.span(e);
        let result = match kind {
            ExprKind::Prim { prim, args } if E::is_primitive(prim) => {
                self.operands(args, span, &mut |this, xs, effects| Ok(E::primitive(this, prim, xs, effects, span)))?
            }
            ExprKind::Call { func, args } if self.has_effect.contains_key(&func) => {
                let version = self.versions[&func];
                let result_ty = ty.clone();
                self.operands(args, span, &mut |this, xs, effects| {
                    let call_ty = Type::pair(result_ty.clone(), E::effect_type());
                    let call = this.alloc(ExprKind::Call { func: version, args: xs }, call_ty, span);
                    Ok(this.with_effects_before(call, result_ty.clone(), effects, span))
                })?
            }
            ExprKind::Pair(a, b) => self.rebuild(vec![a, b], ty, span, |xs| ExprKind::Pair(xs[0], xs[1]))?,
            ExprKind::Seq(items) => self.rebuild(items, ty, span, ExprKind::Seq)?,
            ExprKind::Call { func, args } => self.rebuild(args, ty, span, |xs| ExprKind::Call { func, args: xs })?,
            ExprKind::Prim { prim, args } => self.rebuild(args, ty, span, |xs| ExprKind::Prim { prim, args: xs })?,
            ExprKind::Construct { data, args } => {
                self.rebuild(args, ty, span, |xs| ExprKind::Construct { data, args: xs })?
            }
            ExprKind::If { cond, then_branch, else_branch } => {
                let then_version = self.version_or_none(then_branch, span)?;
                let else_version = self.version_or_none(else_branch, span)?;
                let pair_ty = Type::pair(ty.clone(), E::effect_type());
                self.operands(vec![cond], span, &mut |this, xs, effects| {
                    let chosen = this.alloc(
                        ExprKind::If { cond: xs[0], then_branch: then_version, else_branch: else_version },
                        pair_ty.clone(),
                        span,
                    );
                    Ok(this.with_effects_before(chosen, ty.clone(), effects, span))
                })?
            }
            ExprKind::Let { pattern, value, body } => match self.version(value)? {
                None => {
                    let body = self.version_or_none(body, span)?;
                    self.let_(pattern, value, body, span)
                }
                Some(value_version) => {
                    let (effect, effect_pattern) = E::fresh(self, span);
                    let body_version = self.version_or_none(body, span)?;
                    let inner = self.with_effects_before(body_version, ty.clone(), vec![effect], span);
                    let pattern = Self::pair_pattern(pattern, effect_pattern, span);
                    self.let_(pattern, value_version, inner, span)
                }
            },
            ExprKind::ApplyToEach { body, generators, filter: Some(filter) } if self.has(filter) => {
                self.filtered(body, generators, filter, ty, span)?
            }
            ExprKind::ApplyToEach { body, generators, filter } => {
                let elem_ty = element_type(&ty)?;
                let seqs: Vec<ExprId> = generators.iter().map(|g| g.seq).collect();
                self.operands(seqs, span, &mut |this, xs, effects| {
                    let gens = with_sequences(&generators, &xs);
                    let pairs = match this.version(body)? {
                        None => {
                            // Only the sequences have the effect.
                            let all =
                                this.alloc(ExprKind::ApplyToEach { body, generators: gens, filter }, ty.clone(), span);
                            let none = E::combine(this, &[], span);
                            let pair = this.pair(all, none, span);
                            return Ok(this.with_effects_before(pair, ty.clone(), effects, span));
                        }
                        Some(body_version) => this.alloc(
                            ExprKind::ApplyToEach { body: body_version, generators: gens, filter },
                            Type::seq(Type::pair(elem_ty.clone(), E::effect_type())),
                            span,
                        ),
                    };
                    let split = E::collect(this, pairs, elem_ty.clone(), span);
                    Ok(this.with_effects_before(split, ty.clone(), effects, span))
                })?
            }
            ExprKind::Time(inner) => {
                let Some(inner_version) = self.version(inner)? else { return Ok(None) };
                let inner_ty = self.ty(inner);
                let timed_ty = Type::pair(Type::pair(inner_ty.clone(), E::effect_type()), Type::Float);
                let timed = self.alloc(ExprKind::Time(inner_version), timed_ty, span);
                let r = self.local("result", inner_ty, span);
                let s = self.local("seconds", Type::Float, span);
                let (effect, effect_pattern) = E::fresh(self, span);
                let (r_var, s_var) = (self.var(r, span), self.var(s, span));
                let value = self.pair(r_var, s_var, span);
                let effect_value = E::combine(self, &[effect], span);
                let body = self.pair(value, effect_value, span);
                let pattern = Self::pair_pattern(
                    Self::pair_pattern(self.bind_pattern(r, span), effect_pattern, span),
                    self.bind_pattern(s, span),
                    span,
                );
                self.let_(pattern, timed, body, span)
            }
            _ => return Ok(None),
        };
        Ok(Some(result))
    }

    /// The effect version of `{body : generators | filter}` whose filter
    /// has the effect: each element's effect is the filter's, then the
    /// body's when the element is kept. Every element makes a sequence of
    /// at most one value, flattened after:
    /// `{let (c, ef) = FILTER in if c then (let (v, eb) = BODY in ([v], ef then eb)) else ([] T, ef) : generators}`.
    fn filtered(
        &mut self,
        body: ExprId,
        generators: Vec<Generator>,
        filter: ExprId,
        ty: Type,
        span: Span,
    ) -> Rewrite<ExprId> {
        let elem_ty = element_type(&ty)?;
        let some_ty = Type::seq(elem_ty.clone());
        let seqs: Vec<ExprId> = generators.iter().map(|g| g.seq).collect();
        self.operands(seqs, span, &mut |this, xs, effects| {
            let gens = with_sequences(&generators, &xs);
            let filter_version = this.version_or_none(filter, span)?;
            let body_version = this.version_or_none(body, span)?;
            let kept = this.local("kept", Type::Bool, span);
            let (filter_effect, filter_pattern) = E::fresh(this, span);
            let v = this.local("value", elem_ty.clone(), span);
            let (body_effect, body_pattern) = E::fresh(this, span);
            let v_var = this.var(v, span);
            let one = this.alloc(ExprKind::Seq(vec![v_var]), some_ty.clone(), span);
            let both = E::combine(this, &[filter_effect, body_effect], span);
            let kept_pair = this.pair(one, both, span);
            let pattern = Self::pair_pattern(this.bind_pattern(v, span), body_pattern, span);
            let kept_branch = this.let_(pattern, body_version, kept_pair, span);
            let none = this.alloc(ExprKind::Seq(Vec::new()), some_ty.clone(), span);
            let filter_only = E::combine(this, &[filter_effect], span);
            let dropped = this.pair(none, filter_only, span);
            let c_var = this.var(kept, span);
            let pair_ty = Type::pair(some_ty.clone(), E::effect_type());
            let chosen = this.alloc(
                ExprKind::If { cond: c_var, then_branch: kept_branch, else_branch: dropped },
                pair_ty.clone(),
                span,
            );
            let pattern = Self::pair_pattern(this.bind_pattern(kept, span), filter_pattern, span);
            let element = this.let_(pattern, filter_version, chosen, span);
            let pairs = this.alloc(
                ExprKind::ApplyToEach { body: element, generators: gens, filter: None },
                Type::seq(pair_ty),
                span,
            );
            // (values, effect) = the split pairs; the values are flattened.
            let split = E::collect(this, pairs, some_ty.clone(), span);
            let vs = this.local("values", Type::seq(some_ty.clone()), span);
            let (effect, effect_pattern) = E::fresh(this, span);
            let vs_var = this.var(vs, span);
            let flat = this.prim(Prim::Flatten, vec![vs_var], ty.clone(), span);
            let effect_value = E::combine(this, &[effect], span);
            let result = this.pair(flat, effect_value, span);
            let pattern = Self::pair_pattern(this.bind_pattern(vs, span), effect_pattern, span);
            let result = this.let_(pattern, split, result, span);
            Ok(this.with_effects_before(result, ty.clone(), effects, span))
        })
    }

    /// `kind(x1, ..., xn)` of the operands' values, with their effects.
    fn rebuild(
        &mut self,
        operands: Vec<ExprId>,
        ty: Type,
        span: Span,
        kind: impl Fn(Vec<ExprId>) -> ExprKind,
    ) -> Rewrite<ExprId> {
        self.operands(operands, span, &mut |this, xs, effects| {
            let value = this.alloc(kind(xs), ty.clone(), span);
            let effect = E::combine(this, &effects, span);
            Ok(this.pair(value, effect, span))
        })
    }

    /// Evaluates `operands` in order, each bound to a fresh local when any
    /// of them has the effect (so their order is kept), and calls `k` with
    /// the operands' values and the effects of those that have it, in order.
    #[allow(clippy::type_complexity)]
    fn operands(
        &mut self,
        operands: Vec<ExprId>,
        span: Span,
        k: &mut dyn FnMut(&mut Self, Vec<ExprId>, Vec<E::Bound>) -> Rewrite<ExprId>,
    ) -> Rewrite<ExprId> {
        if !operands.iter().any(|o| self.has(*o)) {
            return k(self, operands, Vec::new());
        }
        // let x1 = o1 (or (x1, e1) = effect version of o1) in ... in k(x1..xn, effects)
        let mut bindings = Vec::with_capacity(operands.len());
        let mut values = Vec::with_capacity(operands.len());
        let mut effects = Vec::new();
        for o in operands {
            let o_ty = self.ty(o);
            let x = self.local("operand", o_ty, span);
            match self.version(o)? {
                Some(o_version) => {
                    let (effect, effect_pattern) = E::fresh(self, span);
                    let pattern = Self::pair_pattern(self.bind_pattern(x, span), effect_pattern, span);
                    bindings.push((pattern, o_version));
                    effects.push(effect);
                }
                None => bindings.push((self.bind_pattern(x, span), o)),
            }
            values.push(x);
        }
        let xs: Vec<ExprId> = values.into_iter().map(|x| self.var(x, span)).collect();
        let mut body = k(self, xs, effects)?;
        for (pattern, value) in bindings.into_iter().rev() {
            body = self.let_(pattern, value, body, span);
        }
        Ok(body)
    }

    /// `(value, effects then effect)` of a `(value, effect)` pair `pair`.
    pub(crate) fn with_effects_before(&mut self, pair: ExprId, ty: Type, effects: Vec<E::Bound>, span: Span) -> ExprId {
        if effects.is_empty() {
            return pair;
        }
        let r = self.local("result", ty, span);
        let (effect, effect_pattern) = E::fresh(self, span);
        let mut effects = effects;
        effects.push(effect);
        let combined = E::combine(self, &effects, span);
        let r_var = self.var(r, span);
        let body = self.pair(r_var, combined, span);
        let pattern = Self::pair_pattern(self.bind_pattern(r, span), effect_pattern, span);
        self.let_(pattern, pair, body, span)
    }

    /// `{body : (v, e) in rs | filter}` over the `(value, effect)` pairs of
    /// the local `rs`, `body` and `filter` made from `v` and the bound `e`:
    /// the columns [`Effect::collect`] takes apart.
    pub(crate) fn column(
        &mut self,
        rs: LocalId,
        elem_ty: &Type,
        span: Span,
        part: impl FnOnce(&mut Self, LocalId, E::Bound) -> (ExprId, Option<ExprId>),
    ) -> ExprId {
        let v = self.local("value", elem_ty.clone(), span);
        let (effect, effect_pattern) = E::fresh(self, span);
        let pattern = Self::pair_pattern(self.bind_pattern(v, span), effect_pattern, span);
        let seq = self.var(rs, span);
        let (body, filter) = part(self, v, effect);
        let body_ty = self.ty(body);
        self.alloc(
            ExprKind::ApplyToEach { body, generators: vec![Generator { pattern, seq }], filter },
            Type::seq(body_ty),
            span,
        )
    }
}

/// The generators with their sequences replaced by `seqs`.
fn with_sequences(generators: &[Generator], seqs: &[ExprId]) -> Vec<Generator> {
    generators.iter().zip(seqs).map(|(g, seq)| Generator { pattern: g.pattern.clone(), seq: *seq }).collect()
}

fn element_type(ty: &Type) -> Rewrite<Type> {
    match ty {
        Type::Seq(elem) => Ok((**elem).clone()),
        _ => Err(FlattenError::bug("an apply-to-each whose type is no sequence type")),
    }
}
