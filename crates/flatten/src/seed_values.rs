//! `rand_seed` inside an apply-to-each becomes a value the elements return:
//! a rewrite of the typed program before flattening (note [seeds of
//! elements]).
//!
//! Note [seeds of elements]
//! ------------------------
//! The reference interpreter runs an apply-to-each element by element,
//! depth first, so after it the seed of the next top-level form is the one
//! the *last* `rand_seed` of that order set (or the seed from before, if
//! none ran). Flattening runs all elements at once and has no global
//! state, so here each expression inside an apply-to-each that may call
//! `rand_seed` (directly or through its calls) returns, beside its value,
//! its *seed effect* `(set, seed)`: whether it called `rand_seed`, and the
//! seed the last call set. Effects combine "last set wins": `a` then `b`
//! is `b` when `b` is set, else `a`; this is associative, with `(F, 0)` as
//! its unit. Within an effect version of an expression (the analogue of
//! the text versions of note [printing functions], `print_texts.rs`):
//!
//! - `rand_seed(s)` is `(T, (T, s))`;
//! - the parts of an expression are evaluated in their order (`let`s of
//!   each operand), and their effects combined in that order;
//! - a call of a function that seeds calls its *effect version* (same
//!   name and body, returning `(result, effect)`), recursive ones included;
//! - `if` has the effect of its condition, then of the branch it takes;
//! - an apply-to-each whose body seeds makes a pair per element, then
//!   `({v : (v, e) in r}, LAST({e : (v, e) in r}))`, where `LAST(es)` is the
//!   last set effect of `es` (`let c = [0] ++ {s : (b, s) in es | b} in
//!   (#c > 1, c[#c - 1])`: a segmented filter where nested), or `(F, 0)`
//!   when no element set one;
//! - an apply-to-each whose filter seeds makes, per element, the filter's
//!   effect and then the body's if the element is kept, with a sequence of
//!   zero or one values, flattened after.
//!
//! In host code (the top-level forms and the function bodies the host
//! runs), an apply-to-each whose filter or body seeds becomes
//! `let (r, (set, s)) = EFFECT VERSION OF IT in let _ = (if set then
//! rand_seed(s) else T) in r`, a `rand_seed` of the host, which note
//! [rand_seed on the host] (`random_keys.rs`) threads on. A seed equal to
//! the incoming one is still a set seed: `(T, s)` wins over earlier
//! elements' seeds whatever `s` is.
//!
//! The rewrite keeps the calls and `rand`s of every body in their order
//! (it adds only primitives), so the sites of `rand` (`Sites`, numbered by
//! function name and position) and the keys `random_keys.rs` threads are
//! those of the interpreter. Faults keep their order: operands are bound
//! in evaluation order and an element's filter still runs before its body.
//! The texts of prints are made after this rewrite (`print_texts.rs` sees
//! the effect versions as ordinary functions). The rewrite adds
//! expressions, locals and functions; nothing of the original program
//! changes but the bodies of host code it rewrites. A program with no
//! `rand_seed` inside an apply-to-each is not copied.

use std::collections::HashMap;

use crate::error::FlattenError;
use crate::typed_builder::TypedBuilder;
use nesl_frontend::Type;
use nesl_frontend::builtins::Prim;
use nesl_frontend::source::Span;
use nesl_frontend::tast::{
    ExprId, ExprKind, FuncId, Function, Generator, Local, LocalId, Pattern, Program, TopItemKind,
};

/// The program with `rand_seed` inside apply-to-each made values (see the
/// note), or `None` when no apply-to-each seeds. The result is checked by
/// the typed program's verifier: a failure is a compiler bug.
pub fn rewrite(program: &Program) -> Result<Option<Program>, FlattenError> {
    let seeds = seeding_functions(program);
    let mut rewriter = Rewriter { program: program.clone(), seeds, versions: HashMap::new(), locals: Vec::new() };
    let needed = program.exprs.iter().any(|(e, _)| rewriter.seeds_in_parallel(e));
    if !needed {
        return Ok(None);
    }
    rewriter.run()?;
    nesl_frontend::tast::verify(&rewriter.program).map_err(|error| {
        FlattenError::bug(format!("the typed program with elements' seeds as values is invalid: {}", error.message))
    })?;
    Ok(Some(rewriter.program))
}

/// The functions that call `rand_seed`, directly or through the functions
/// they call.
fn seeding_functions(program: &Program) -> HashMap<FuncId, bool> {
    let mut seeds: HashMap<FuncId, bool> = program.functions.iter().map(|(f, _)| (f, false)).collect();
    loop {
        let mut changed = false;
        for (f, func) in program.functions.iter() {
            if !seeds[&f] && expr_seeds(program, &seeds, func.body) {
                seeds.insert(f, true);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    seeds.retain(|_, s| *s);
    seeds
}

fn expr_seeds(program: &Program, seeds: &HashMap<FuncId, bool>, e: ExprId) -> bool {
    let own = match &program.exprs[e].kind {
        ExprKind::Prim { prim: Prim::RandSeed, .. } => true,
        ExprKind::Call { func, .. } => seeds.get(func).copied().unwrap_or(false),
        _ => false,
    };
    own || program.exprs[e].kind.children().into_iter().any(|c| expr_seeds(program, seeds, c))
}

/// The seed effect of an evaluated part, as two locals: whether it called
/// `rand_seed`, and the seed the last call set.
#[derive(Clone, Copy)]
struct Effect {
    set: LocalId,
    seed: LocalId,
}

struct Rewriter {
    program: Program,
    /// The seeding functions of the original program.
    seeds: HashMap<FuncId, bool>,
    /// The effect version of each seeding function.
    versions: HashMap<FuncId, FuncId>,
    /// The locals of the function or form being rewritten.
    locals: Vec<Local>,
}

fn effect_type() -> Type {
    Type::pair(Type::Bool, Type::Int)
}

impl TypedBuilder for Rewriter {
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

impl Rewriter {
    fn run(&mut self) -> Result<(), FlattenError> {
        // Effect versions first (their ids are needed by the calls),
        // bodies after.
        let seeding: Vec<FuncId> = {
            let mut fs: Vec<FuncId> = self.seeds.keys().copied().collect();
            fs.sort_by_key(|f| u32::from(f.into_raw()));
            fs
        };
        for &f in &seeding {
            let original = &self.program.functions[f];
            let version = Function {
                name: original.name.clone(),
                instance: format!("{}_seed", original.instance),
                params: original.params.clone(),
                result: Type::pair(original.result.clone(), effect_type()),
                body: original.body,
                locals: original.locals.clone(),
                span: original.span,
                is_library: original.is_library,
                is_recursive: original.is_recursive,
            };
            let id = self.program.functions.alloc(version);
            self.versions.insert(f, id);
        }
        for &f in &seeding {
            let id = self.versions[&f];
            let body = self.program.functions[id].body;
            self.locals = std::mem::take(&mut self.program.functions[id].locals);
            let span = self.span(body);
            let new_body = self.effect_or_none(body, span)?;
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

    // ----- what seeds -----

    fn seeds(&self, e: ExprId) -> bool {
        expr_seeds(&self.program, &self.seeds, e)
    }

    /// Whether `e` is an apply-to-each whose filter or body may call
    /// `rand_seed` (its generators' sequences are code of its context).
    fn seeds_in_parallel(&self, e: ExprId) -> bool {
        match &self.program.exprs[e].kind {
            ExprKind::ApplyToEach { body, filter, .. } => self.seeds(*body) || filter.is_some_and(|f| self.seeds(f)),
            _ => false,
        }
    }

    /// Whether `e` is or holds an apply-to-each whose elements seed.
    fn holds_seeds_in_parallel(&self, e: ExprId) -> bool {
        self.seeds_in_parallel(e)
            || self.program.exprs[e].kind.children().into_iter().any(|c| self.holds_seeds_in_parallel(c))
    }

    // ----- building expressions -----

    fn int(&mut self, x: i64, span: Span) -> ExprId {
        self.alloc(ExprKind::Int(x), Type::Int, span)
    }

    fn bool(&mut self, b: bool, span: Span) -> ExprId {
        self.alloc(ExprKind::Bool(b), Type::Bool, span)
    }

    /// Fresh locals for an effect, and the pattern `(set, seed)` binding
    /// them.
    fn fresh_effect(&mut self, span: Span) -> (Effect, Pattern) {
        let set = self.local("seed_set", Type::Bool, span);
        let seed = self.local("seed", Type::Int, span);
        let pattern = Self::pair_pattern(self.bind_pattern(set, span), self.bind_pattern(seed, span), span);
        (Effect { set, seed }, pattern)
    }

    /// The effect of `effects` run in order, as a `(bool, int)` expression:
    /// `(s1 or ... or sn, if sn then dn else ... if s2 then d2 else d1)`,
    /// `(F, 0)` for none.
    fn combine(&mut self, effects: &[Effect], span: Span) -> ExprId {
        let Some((first, rest)) = effects.split_first() else {
            let (f, zero) = (self.bool(false, span), self.int(0, span));
            return self.pair(f, zero, span);
        };
        let mut set = self.var(first.set, span);
        let mut seed = self.var(first.seed, span);
        for effect in rest {
            let later = self.var(effect.set, span);
            set = self.prim(Prim::Or, vec![set, later], Type::Bool, span);
            let (cond, later_seed) = (self.var(effect.set, span), self.var(effect.seed, span));
            seed = self.alloc(ExprKind::If { cond, then_branch: later_seed, else_branch: seed }, Type::Int, span);
        }
        self.pair(set, seed, span)
    }

    /// `e` as a `(value, effect)` pair: its effect version, or `(e, (F, 0))`.
    fn effect_or_none(&mut self, e: ExprId, span: Span) -> Result<ExprId, FlattenError> {
        match self.effect(e)? {
            Some(version) => Ok(version),
            None => {
                let none = self.combine(&[], span);
                Ok(self.pair(e, none, span))
            }
        }
    }

    // ----- host code -----

    /// Host code with each apply-to-each whose elements seed computing the
    /// seed they leave, then setting it.
    fn host(&mut self, e: ExprId) -> Result<ExprId, FlattenError> {
        let span = self.span(e);
        if self.seeds_in_parallel(e) {
            let ty = self.ty(e);
            let version = self.effect_or_none(e, span)?;
            let r = self.local("result", ty, span);
            let (effect, effect_pattern) = self.fresh_effect(span);
            let (cond, seed) = (self.var(effect.set, span), self.var(effect.seed, span));
            let set = self.prim(Prim::RandSeed, vec![seed], Type::Bool, span);
            let kept = self.bool(true, span);
            let reseed = self.alloc(ExprKind::If { cond, then_branch: set, else_branch: kept }, Type::Bool, span);
            let done = self.local("seeded", Type::Bool, span);
            let r_var = self.var(r, span);
            let body = self.let_(self.bind_pattern(done, span), reseed, r_var, span);
            let pattern = Self::pair_pattern(self.bind_pattern(r, span), effect_pattern, span);
            return Ok(self.let_(pattern, version, body, span));
        }
        let kind = self.program.exprs[e].kind.clone();
        if !kind.children().iter().any(|c| self.holds_seeds_in_parallel(*c)) {
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
                // (they are host code; the elements do not seed).
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

    fn host_all(&mut self, es: Vec<ExprId>) -> Result<Vec<ExprId>, FlattenError> {
        es.into_iter().map(|e| self.host(e)).collect()
    }

    // ----- effect versions -----

    /// The effect version of `e`, of type `(type of e, (bool, int))`, or
    /// `None` when `e` does not seed.
    fn effect(&mut self, e: ExprId) -> Result<Option<ExprId>, FlattenError> {
        if !self.seeds(e) {
            return Ok(None);
        }
        let kind = self.program.exprs[e].kind.clone();
        let ty = self.ty(e);
        let span = self.span(e);
        let result = match kind {
            ExprKind::Prim { prim: Prim::RandSeed, args } => {
                // Its own effect is set, so it wins over its operand's.
                self.operands(args, span, &mut |this, xs, _| {
                    let (t, set) = (this.bool(true, span), this.bool(true, span));
                    let effect = this.pair(set, xs[0], span);
                    Ok(this.pair(t, effect, span))
                })?
            }
            ExprKind::Call { func, args } if self.seeds.contains_key(&func) => {
                let version = self.versions[&func];
                let result_ty = ty.clone();
                self.operands(args, span, &mut |this, xs, effects| {
                    let call_ty = Type::pair(result_ty.clone(), effect_type());
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
                let then_version = self.effect_or_none(then_branch, span)?;
                let else_version = self.effect_or_none(else_branch, span)?;
                let pair_ty = Type::pair(ty.clone(), effect_type());
                self.operands(vec![cond], span, &mut |this, xs, effects| {
                    let chosen = this.alloc(
                        ExprKind::If { cond: xs[0], then_branch: then_version, else_branch: else_version },
                        pair_ty.clone(),
                        span,
                    );
                    Ok(this.with_effects_before(chosen, ty.clone(), effects, span))
                })?
            }
            ExprKind::Let { pattern, value, body } => match self.effect(value)? {
                None => {
                    let body = self.effect_or_none(body, span)?;
                    self.let_(pattern, value, body, span)
                }
                Some(value_version) => {
                    let (effect, effect_pattern) = self.fresh_effect(span);
                    let body_version = self.effect_or_none(body, span)?;
                    let inner = self.with_effects_before(body_version, ty.clone(), vec![effect], span);
                    let pattern = Self::pair_pattern(pattern, effect_pattern, span);
                    self.let_(pattern, value_version, inner, span)
                }
            },
            ExprKind::ApplyToEach { body, generators, filter: Some(filter) } if self.seeds(filter) => {
                self.filtered(body, generators, filter, ty, span)?
            }
            ExprKind::ApplyToEach { body, generators, filter } => {
                let Type::Seq(elem_ty) = &ty else {
                    return Err(FlattenError::bug("an apply-to-each whose type is no sequence type"));
                };
                let elem_ty = (**elem_ty).clone();
                let seqs: Vec<ExprId> = generators.iter().map(|g| g.seq).collect();
                self.operands(seqs, span, &mut |this, xs, effects| {
                    let gens: Vec<Generator> = generators
                        .iter()
                        .zip(&xs)
                        .map(|(g, seq)| Generator { pattern: g.pattern.clone(), seq: *seq })
                        .collect();
                    let body_version = this.effect_or_none(body, span)?;
                    let pairs = this.alloc(
                        ExprKind::ApplyToEach { body: body_version, generators: gens, filter },
                        Type::seq(Type::pair(elem_ty.clone(), effect_type())),
                        span,
                    );
                    let split = this.unzip_effects(pairs, elem_ty.clone(), span);
                    Ok(this.with_effects_before(split, ty.clone(), effects, span))
                })?
            }
            ExprKind::Time(inner) => {
                let Some(inner_version) = self.effect(inner)? else { return Ok(None) };
                let inner_ty = self.ty(inner);
                let timed_ty = Type::pair(Type::pair(inner_ty.clone(), effect_type()), Type::Float);
                let timed = self.alloc(ExprKind::Time(inner_version), timed_ty, span);
                let r = self.local("result", inner_ty, span);
                let s = self.local("seconds", Type::Float, span);
                let (effect, effect_pattern) = self.fresh_effect(span);
                let (r_var, s_var) = (self.var(r, span), self.var(s, span));
                let value = self.pair(r_var, s_var, span);
                let effect_value = self.combine(&[effect], span);
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
    /// seeds: each element's effect is the filter's, then the body's when
    /// the element is kept. Every element makes a sequence of at most one
    /// value, flattened after:
    /// `{let (c, ef) = FILTER in if c then (let (v, eb) = BODY in ([v], ef then eb)) else ([] T, ef) : generators}`.
    fn filtered(
        &mut self,
        body: ExprId,
        generators: Vec<Generator>,
        filter: ExprId,
        ty: Type,
        span: Span,
    ) -> Result<ExprId, FlattenError> {
        let Type::Seq(elem_ty) = &ty else {
            return Err(FlattenError::bug("an apply-to-each whose type is no sequence type"));
        };
        let elem_ty = (**elem_ty).clone();
        let some_ty = Type::seq(elem_ty.clone());
        let seqs: Vec<ExprId> = generators.iter().map(|g| g.seq).collect();
        self.operands(seqs, span, &mut |this, xs, effects| {
            let gens: Vec<Generator> = generators
                .iter()
                .zip(&xs)
                .map(|(g, seq)| Generator { pattern: g.pattern.clone(), seq: *seq })
                .collect();
            let filter_version = this.effect_or_none(filter, span)?;
            let body_version = this.effect_or_none(body, span)?;
            let kept = this.local("kept", Type::Bool, span);
            let (filter_effect, filter_pattern) = this.fresh_effect(span);
            let v = this.local("value", elem_ty.clone(), span);
            let (body_effect, body_pattern) = this.fresh_effect(span);
            let v_var = this.var(v, span);
            let one = this.alloc(ExprKind::Seq(vec![v_var]), some_ty.clone(), span);
            let both = this.combine(&[filter_effect, body_effect], span);
            let kept_pair = this.pair(one, both, span);
            let pattern = Self::pair_pattern(this.bind_pattern(v, span), body_pattern, span);
            let kept_branch = this.let_(pattern, body_version, kept_pair, span);
            let none = this.alloc(ExprKind::Seq(Vec::new()), some_ty.clone(), span);
            let filter_only = this.combine(&[filter_effect], span);
            let dropped = this.pair(none, filter_only, span);
            let c_var = this.var(kept, span);
            let pair_ty = Type::pair(some_ty.clone(), effect_type());
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
            let split = this.unzip_effects(pairs, some_ty.clone(), span);
            let vs = this.local("values", Type::seq(some_ty.clone()), span);
            let (effect, effect_pattern) = this.fresh_effect(span);
            let vs_var = this.var(vs, span);
            let flat = this.prim(Prim::Flatten, vec![vs_var], ty.clone(), span);
            let effect_value = this.combine(&[effect], span);
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
    ) -> Result<ExprId, FlattenError> {
        self.operands(operands, span, &mut |this, xs, effects| {
            let value = this.alloc(kind(xs), ty.clone(), span);
            let effect = this.combine(&effects, span);
            Ok(this.pair(value, effect, span))
        })
    }

    /// Evaluates `operands` in order, each bound to a fresh local when any
    /// of them seeds (so their order is kept), and calls `k` with the
    /// operands' values and the effects of those that seed, in order.
    #[allow(clippy::type_complexity)]
    fn operands(
        &mut self,
        operands: Vec<ExprId>,
        span: Span,
        k: &mut dyn FnMut(&mut Self, Vec<ExprId>, Vec<Effect>) -> Result<ExprId, FlattenError>,
    ) -> Result<ExprId, FlattenError> {
        if !operands.iter().any(|o| self.seeds(*o)) {
            return k(self, operands, Vec::new());
        }
        // let x1 = o1 (or (x1, e1) = effect version of o1) in ... in k(x1..xn, effects)
        let mut bindings = Vec::with_capacity(operands.len());
        let mut values = Vec::with_capacity(operands.len());
        let mut effects = Vec::new();
        for o in operands {
            let o_ty = self.ty(o);
            let x = self.local("operand", o_ty, span);
            match self.effect(o)? {
                Some(o_version) => {
                    let (effect, effect_pattern) = self.fresh_effect(span);
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
    fn with_effects_before(&mut self, pair: ExprId, ty: Type, effects: Vec<Effect>, span: Span) -> ExprId {
        if effects.is_empty() {
            return pair;
        }
        let r = self.local("result", ty, span);
        let (effect, effect_pattern) = self.fresh_effect(span);
        let mut effects = effects;
        effects.push(effect);
        let combined = self.combine(&effects, span);
        let r_var = self.var(r, span);
        let body = self.pair(r_var, combined, span);
        let pattern = Self::pair_pattern(self.bind_pattern(r, span), effect_pattern, span);
        self.let_(pattern, pair, body, span)
    }

    /// `let rs = pairs in ({v : (v, e) in rs}, LAST({e : (v, e) in rs}))`,
    /// where `LAST(es)` is `let c = [0] ++ {d : (s, d) in es | s} in (#c > 1,
    /// c[#c - 1])`: the seed of the last element that set one (the leading
    /// 0 keeps the index in range when none did).
    fn unzip_effects(&mut self, pairs: ExprId, elem_ty: Type, span: Span) -> ExprId {
        let pairs_ty = self.ty(pairs);
        let rs = self.local("results", pairs_ty, span);
        // {v : (v, (s, d)) in rs} and {d : (v, (s, d)) in rs | s}.
        let column = |this: &mut Self, seeds: bool| {
            let v = this.local("value", elem_ty.clone(), span);
            let (effect, effect_pattern) = this.fresh_effect(span);
            let pattern = Self::pair_pattern(this.bind_pattern(v, span), effect_pattern, span);
            let seq = this.var(rs, span);
            let body = this.var(if seeds { effect.seed } else { v }, span);
            let filter = seeds.then(|| this.var(effect.set, span));
            let body_ty = this.ty(body);
            this.alloc(
                ExprKind::ApplyToEach { body, generators: vec![Generator { pattern, seq }], filter },
                Type::seq(body_ty),
                span,
            )
        };
        let values = column(self, false);
        let set_seeds = column(self, true);
        let zero = self.int(0, span);
        let leading = self.alloc(ExprKind::Seq(vec![zero]), Type::seq(Type::Int), span);
        let all = self.prim(Prim::Append, vec![leading, set_seeds], Type::seq(Type::Int), span);
        let c = self.local("seeds", Type::seq(Type::Int), span);
        let length = |this: &mut Self| {
            let c_var = this.var(c, span);
            this.prim(Prim::Length, vec![c_var], Type::Int, span)
        };
        let (n, one) = (length(self), self.int(1, span));
        let any = self.prim(Prim::Gt, vec![n, one], Type::Bool, span);
        let (n, one) = (length(self), self.int(1, span));
        let last_index = self.prim(Prim::Sub, vec![n, one], Type::Int, span);
        let c_var = self.var(c, span);
        let last = self.prim(Prim::Elt, vec![c_var, last_index], Type::Int, span);
        let effect = self.pair(any, last, span);
        let effect = self.let_(self.bind_pattern(c, span), all, effect, span);
        let body = self.pair(values, effect, span);
        let pattern = self.bind_pattern(rs, span);
        self.let_(pattern, pairs, body, span)
    }
}

#[cfg(test)]
mod tests {
    use nesl_frontend::SourceMap;
    use nesl_frontend::builtins::Prim;
    use nesl_frontend::eval::{Output, run};
    use nesl_frontend::tast::{ExprId, ExprKind, Program};
    use nesl_frontend::value::Value;

    /// What a run prints and the values of its items, in order.
    #[derive(Default)]
    struct Recorded(String);

    impl Output for Recorded {
        fn print(&mut self, text: &[u8]) {
            self.0.push_str(&String::from_utf8_lossy(text));
        }
        fn item(&mut self, item: usize, value: &Value) {
            self.0.push_str(&format!("[{item}] {value:?}\n"));
        }
    }

    fn compile(source: &str) -> (Program, SourceMap) {
        let mut sources = SourceMap::new();
        let file = sources.add("test.nesl", source, false);
        let compiled = nesl_frontend::compile(&mut sources, file).unwrap_or_else(|d| panic!("{}", d[0].message));
        (compiled.program, sources)
    }

    fn recorded(program: &Program, sources: &SourceMap) -> String {
        let mut out = Recorded::default();
        run(program, sources, &mut out).unwrap_or_else(|d| panic!("{}", d.message));
        out.0
    }

    /// Whether a `rand_seed` runs inside an apply-to-each under `e`
    /// (`inside`: `e` is in one), not counting calls.
    fn seeds_inside(program: &Program, e: ExprId, inside: bool) -> bool {
        let kind = &program.exprs[e].kind;
        if inside && matches!(kind, ExprKind::Prim { prim: Prim::RandSeed, .. }) {
            return true;
        }
        match kind {
            ExprKind::ApplyToEach { body, generators, filter } => {
                generators.iter().any(|g| seeds_inside(program, g.seq, inside))
                    || filter.is_some_and(|f| seeds_inside(program, f, true))
                    || seeds_inside(program, *body, true)
            }
            _ => kind.children().into_iter().any(|c| seeds_inside(program, c, inside)),
        }
    }

    /// The rewritten program, run by the interpreter, prints what the
    /// original prints (the seeds of the later forms included: each form
    /// draws), and no `rand_seed` is left inside an apply-to-each: the
    /// effect versions, the only functions called there that seeded, have
    /// none.
    #[test]
    fn the_rewrite_keeps_what_the_interpreter_prints() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/programs/builtins");
        for name in ["partial", "nested", "recursive", "edges", "host"] {
            let text = std::fs::read_to_string(format!("{root}/rand_seed_in_parallel_{name}.nesl")).expect("program");
            let source = text.splitn(3, '%').nth(2).expect("a header");
            let (program, sources) = compile(source);
            let rewritten = super::rewrite(&program).expect("rewrites").expect("seeds in parallel");
            assert_eq!(recorded(&rewritten, &sources), recorded(&program, &sources), "{name}");
            // The effect versions come after the original functions.
            for (_, func) in rewritten.functions.iter().skip(program.functions.len()) {
                assert!(!super::expr_seeds(&rewritten, &Default::default(), func.body), "{name}: {}", func.instance);
            }
            let items = rewritten.items.iter().map(|item| match &item.kind {
                nesl_frontend::tast::TopItemKind::Bind { value, .. }
                | nesl_frontend::tast::TopItemKind::Expr { value } => *value,
            });
            for value in items {
                assert!(!seeds_inside(&rewritten, value, false), "{name}: a rand_seed left in parallel");
            }
        }
    }

    /// A program whose `rand_seed`s all run on the host is not copied.
    #[test]
    fn seeds_on_the_host_only_are_not_rewritten() {
        let (program, _) = compile(
            "function reseed(s) = rand_seed(s);\nreseed(3);\nif 1 > 0 then rand_seed(4) else f;\n{x + 1 : x in [1, 2]};",
        );
        assert!(super::rewrite(&program).expect("rewrites").is_none());
    }
}
