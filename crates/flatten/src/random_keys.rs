//! `rand` on every backend: the generator's key made an ordinary value.
//!
//! The interpreter draws `rand(b)` as a hash of a *key* that names the
//! dynamic context of the draw (the module doc of
//! `nesl_frontend::eval::random` defines it): a top-level form starts with
//! `__rand_key` (`mix(seed + γ)`), a call at site `c` runs its callee with
//! `mix(key ⊕ c)`, element `i` of an apply-to-each runs with
//! `mix(key ⊕ mix(i))`, and the draw is `mix(key ⊕ c)` mapped into range.
//!
//! Before flattening, [`thread_keys`] rewrites the typed program so that the
//! key is a variable like any other:
//! - every function that draws, directly or through its calls (a fixpoint
//!   over the call graph), takes the key as a last, hidden parameter, and
//!   each call of it passes `__rand_mix(key, c)`;
//! - a top-level form that draws binds `__key = __rand_key` around its
//!   value;
//! - an apply-to-each whose filter or body draws gets one more generator,
//!   `__i in iseq(0, 1, #s)` over its first sequence `s` (bound to a
//!   variable first when it is not one), and its filter and body bind
//!   `__key = __rand_mix(key, __rand_mix(__i, 0))`;
//! - `rand(b)` at site `c` becomes `__rand_draw(__rand_mix(key, c), b)`.
//!
//! After the rewrite nothing draws: `__rand_mix` and `__rand_draw` are pure
//! scalar primitives ([`emit_mix`], [`emit_draw`], spelled in 64-bit signed
//! operations like `hash`), so the key is uniform on the host, a column in
//! lifted code, and an index expression in a kernel, and the rest of
//! flattening (lifted functions, split conditionals, recursion, inlining)
//! carries it without knowing. `rand_seed` stays an effect of the host
//! context: `main` tracks the seed as a host value, and `__rand_key` reads
//! it (`sequence_prims.rs`; note [rand_seed on the host]). Programs that
//! never call `rand` are not rewritten.
//!
//! Note [rand_seed on the host]
//! ----------------------------
//! `rand_seed(s)` sets the seed of the top-level forms after the one that
//! runs it (the interpreter's `seed`, read by the next form's
//! `__rand_key`), wherever it runs: at the top of a form, in a branch of a
//! conditional, inside `time`, or in a function the form calls. The flat
//! IR has no global state, so the seed is a value the flattener passes
//! along ([`SeedState`]): `main` starts with 0; a host version of a
//! function that may call `rand_seed` (directly or through its calls)
//! takes the seed as a last parameter and returns the seed it leaves
//! after its result; a conditional or a `time` whose parts may call it
//! returns the seed each branch (or the timed body) leaves as one more
//! result. So the seed the next form reads is the one the interpreter's
//! run of this form left. Inside an apply-to-each no `rand_seed` is left
//! by the time the flattener runs: a rewrite of the typed program makes
//! the elements return the seed they set, and the host runs one
//! `rand_seed` of the last one set after the apply-to-each (note [seeds
//! of elements] in `seed_values.rs`).

use std::collections::HashMap;

use la_arena::Arena;
use nesl_frontend::Type;
use nesl_frontend::builtins::Prim;
use nesl_frontend::eval::random::{GOLDEN_GAMMA, Sites};
use nesl_frontend::tast::{
    Expr, ExprId, ExprKind, FuncId, Generator, Local, LocalId, Pattern, PatternKind, Program, Var,
};

use crate::analysis::children;
use crate::error::{FlattenError, Result};
use crate::flatten_program::FnCx;
use crate::ir::{Atom, BinaryOp, Const, HostVar, Repr, Scalar, UnaryOp, VarType};
use crate::scalar_code::HostEmitter;
use crate::scalar_prims::ScalarEmitter;
use crate::structural_prims::{logical_shift_right, mix64};

/// The program with the generator's key threaded through it, or `None` when
/// nothing calls `rand` (then there is nothing to rewrite).
pub(crate) fn thread_keys(program: &Program) -> Option<Program> {
    let draws_at_all = program.exprs.iter().any(|(_, e)| matches!(e.kind, ExprKind::Prim { prim: Prim::Rand, .. }));
    if !draws_at_all {
        return None;
    }
    let draws = Draws::new(program);
    let sites = Sites::of(program);
    let mut rewrite = Rewrite { old: program, draws: &draws, sites: &sites, exprs: Arena::new(), locals: Vec::new() };
    let mut functions = program.functions.clone();
    for (f, func) in program.functions.iter() {
        rewrite.locals = func.locals.clone();
        let new = &mut functions[f];
        if draws.function(f) {
            let key = rewrite.local("__key", func.span);
            new.params.push(Pattern { kind: PatternKind::Bind(Var::Local(key)), ty: Type::Int, span: func.span });
            new.body = rewrite.copy(func.body, Some(key));
        } else {
            new.body = rewrite.copy(func.body, None);
        }
        new.locals = std::mem::take(&mut rewrite.locals);
    }
    let mut items = program.items.clone();
    for item in items.iter_mut() {
        rewrite.locals = std::mem::take(&mut item.locals);
        let value = match &mut item.kind {
            nesl_frontend::tast::TopItemKind::Bind { value, .. } | nesl_frontend::tast::TopItemKind::Expr { value } => {
                value
            }
        };
        *value = if draws.expr(*value) {
            let key = rewrite.local("__key", item.span);
            let span = program.exprs[*value].span;
            let start = rewrite.push(ExprKind::Prim { prim: Prim::RandKey, args: vec![] }, Type::Int, span);
            let body = rewrite.copy(*value, Some(key));
            let ty = program.exprs[*value].ty.clone();
            rewrite.push(ExprKind::Let { pattern: rewrite.bind(key, span), value: start, body }, ty, span)
        } else {
            rewrite.copy(*value, None)
        };
        item.locals = std::mem::take(&mut rewrite.locals);
    }
    Some(Program {
        datatypes: program.datatypes.clone(),
        functions,
        globals: program.globals.clone(),
        items,
        exprs: rewrite.exprs,
    })
}

/// Which functions and expressions draw, directly or through calls.
struct Draws {
    functions: HashMap<FuncId, bool>,
    exprs: Vec<bool>,
}

impl Draws {
    fn new(program: &Program) -> Draws {
        let mut draws = Draws {
            functions: program.functions.iter().map(|(f, _)| (f, false)).collect(),
            exprs: vec![false; program.exprs.len()],
        };
        loop {
            // Operands come before their users in the arena, so one pass in
            // arena order sees every child's fact first.
            for (id, expr) in program.exprs.iter() {
                let own = match &expr.kind {
                    ExprKind::Prim { prim, .. } => *prim == Prim::Rand,
                    ExprKind::Call { func, .. } => draws.functions[func],
                    _ => false,
                };
                let any_child = children(program, id).iter().any(|c| draws.expr(*c));
                draws.exprs[u32::from(id.into_raw()) as usize] = own || any_child;
            }
            let mut changed = false;
            for (f, func) in program.functions.iter() {
                let now = draws.expr(func.body);
                changed |= now != draws.functions[&f];
                draws.functions.insert(f, now);
            }
            if !changed {
                return draws;
            }
        }
    }

    fn function(&self, f: FuncId) -> bool {
        self.functions[&f]
    }

    fn expr(&self, e: ExprId) -> bool {
        self.exprs[u32::from(e.into_raw()) as usize]
    }
}

/// The rewrite of one program: a new arena, built operands first, and the
/// locals of the function or form being copied.
struct Rewrite<'p> {
    old: &'p Program,
    draws: &'p Draws,
    sites: &'p Sites,
    exprs: Arena<Expr>,
    locals: Vec<Local>,
}

impl Rewrite<'_> {
    fn push(&mut self, kind: ExprKind, ty: Type, span: nesl_frontend::Span) -> ExprId {
        self.exprs.alloc(Expr { kind, ty, span })
    }

    fn local(&mut self, name: &str, span: nesl_frontend::Span) -> LocalId {
        self.locals.push(Local { name: name.to_string(), ty: Type::Int, span });
        LocalId(self.locals.len() as u32 - 1)
    }

    fn bind(&self, local: LocalId, span: nesl_frontend::Span) -> Pattern {
        let ty = self.locals[local.0 as usize].ty.clone();
        Pattern { kind: PatternKind::Bind(Var::Local(local)), ty, span }
    }

    fn var(&mut self, local: LocalId, span: nesl_frontend::Span) -> ExprId {
        let ty = self.locals[local.0 as usize].ty.clone();
        self.push(ExprKind::Var(Var::Local(local)), ty, span)
    }

    fn int(&mut self, x: i64, span: nesl_frontend::Span) -> ExprId {
        self.push(ExprKind::Int(x), Type::Int, span)
    }

    fn mix(&mut self, a: ExprId, b: ExprId, span: nesl_frontend::Span) -> ExprId {
        self.push(ExprKind::Prim { prim: Prim::RandMix, args: vec![a, b] }, Type::Int, span)
    }

    /// `__rand_mix(key, c)` for the site `c` of the call or `rand` `e`.
    fn key_at(&mut self, key: LocalId, e: ExprId, span: nesl_frontend::Span) -> ExprId {
        let k = self.var(key, span);
        let c = self.int(self.sites.get(e) as i64, span);
        self.mix(k, c, span)
    }

    /// Copies `e` into the new arena, in a context whose key is `key` (a
    /// local of the current table; `None` where nothing draws).
    fn copy(&mut self, e: ExprId, key: Option<LocalId>) -> ExprId {
        let expr = &self.old.exprs[e];
        let (span, ty) = (expr.span, expr.ty.clone());
        let key = key.filter(|_| self.draws.expr(e));
        let Some(key) = key else {
            let kind = self.copy_kind(&expr.kind, None);
            return self.push(kind, ty, span);
        };
        match &expr.kind {
            ExprKind::Prim { prim: Prim::Rand, args } => {
                let bound = self.copy(args[0], Some(key));
                let z = self.key_at(key, e, span);
                self.push(ExprKind::Prim { prim: Prim::RandDraw, args: vec![z, bound] }, ty, span)
            }
            ExprKind::Call { func, args } if self.draws.function(*func) => {
                let mut args: Vec<ExprId> = args.iter().map(|a| self.copy(*a, Some(key))).collect();
                args.push(self.key_at(key, e, span));
                self.push(ExprKind::Call { func: *func, args }, ty, span)
            }
            ExprKind::ApplyToEach { body, generators, filter } => {
                self.apply_to_each(key, (*body, generators, *filter), ty, span)
            }
            kind => {
                let kind = self.copy_kind(kind, Some(key));
                self.push(kind, ty, span)
            }
        }
    }

    /// An apply-to-each that draws: an index generator, and a key per
    /// element for the filter and the body.
    fn apply_to_each(
        &mut self,
        key: LocalId,
        (body, generators, filter): (ExprId, &[Generator], Option<ExprId>),
        ty: Type,
        span: nesl_frontend::Span,
    ) -> ExprId {
        let mut copied: Vec<Generator> = generators
            .iter()
            .map(|g| Generator { pattern: g.pattern.clone(), seq: self.copy(g.seq, Some(key)) })
            .collect();
        // The first sequence, as a variable its length can be read from.
        let first = copied[0].seq;
        let first_ty = self.exprs[first].ty.clone();
        let (sequence, binding) = match self.exprs[first].kind {
            ExprKind::Var(Var::Local(l)) => (l, None),
            _ => {
                self.locals.push(Local { name: "__each".to_string(), ty: first_ty.clone(), span });
                let l = LocalId(self.locals.len() as u32 - 1);
                copied[0].seq = self.push(ExprKind::Var(Var::Local(l)), first_ty.clone(), span);
                (l, Some(first))
            }
        };
        let index = self.local("__i", span);
        let s = self.push(ExprKind::Var(Var::Local(sequence)), first_ty, span);
        let n = self.push(ExprKind::Prim { prim: Prim::Length, args: vec![s] }, Type::Int, span);
        let (zero, one) = (self.int(0, span), self.int(1, span));
        let indices = self.push(
            ExprKind::Prim { prim: Prim::Iseq, args: vec![zero, one, n] },
            Type::Seq(Box::new(Type::Int)),
            span,
        );
        let index_pattern = Pattern { kind: PatternKind::Bind(Var::Local(index)), ty: Type::Int, span };
        copied.push(Generator { pattern: index_pattern, seq: indices });
        let keyed = |this: &mut Self, e: ExprId| {
            let element_key = this.local("__key", span);
            let (k, i, zero) = (this.var(key, span), this.var(index, span), this.int(0, span));
            let mixed_index = this.mix(i, zero, span);
            let value = this.mix(k, mixed_index, span);
            let inner = this.copy(e, Some(element_key));
            let inner_ty = this.exprs[inner].ty.clone();
            let pattern = this.bind(element_key, span);
            this.push(ExprKind::Let { pattern, value, body: inner }, inner_ty, span)
        };
        let filter = filter.map(|f| keyed(self, f));
        let body = keyed(self, body);
        let each = self.push(ExprKind::ApplyToEach { body, generators: copied, filter }, ty.clone(), span);
        match binding {
            None => each,
            Some(value) => {
                let pattern = self.bind(sequence, span);
                self.push(ExprKind::Let { pattern, value, body: each }, ty, span)
            }
        }
    }

    /// The same construct over copied operands.
    fn copy_kind(&mut self, kind: &ExprKind, key: Option<LocalId>) -> ExprKind {
        let mut copy = |e: &ExprId| self.copy(*e, key);
        match kind {
            ExprKind::Int(_)
            | ExprKind::Float(_)
            | ExprKind::Bool(_)
            | ExprKind::Char(_)
            | ExprKind::String(_)
            | ExprKind::Var(_) => kind.clone(),
            ExprKind::Pair(a, b) => ExprKind::Pair(copy(a), copy(b)),
            ExprKind::Seq(items) => ExprKind::Seq(items.iter().map(copy).collect()),
            ExprKind::Call { func, args } => ExprKind::Call { func: *func, args: args.iter().map(copy).collect() },
            ExprKind::Prim { prim, args } => ExprKind::Prim { prim: *prim, args: args.iter().map(copy).collect() },
            ExprKind::Construct { data, args } => {
                ExprKind::Construct { data: *data, args: args.iter().map(copy).collect() }
            }
            ExprKind::If { cond, then_branch, else_branch } => {
                ExprKind::If { cond: copy(cond), then_branch: copy(then_branch), else_branch: copy(else_branch) }
            }
            ExprKind::Let { pattern, value, body } => {
                ExprKind::Let { pattern: pattern.clone(), value: copy(value), body: copy(body) }
            }
            ExprKind::ApplyToEach { body, generators, filter } => {
                // Generators first: the arena keeps evaluation order.
                let generators =
                    generators.iter().map(|g| Generator { pattern: g.pattern.clone(), seq: copy(&g.seq) }).collect();
                let filter = filter.as_ref().map(&mut copy);
                ExprKind::ApplyToEach { generators, filter, body: copy(body) }
            }
            ExprKind::Time(e) => ExprKind::Time(copy(e)),
        }
    }
}

/// `__rand_mix(a, b)`: SplitMix64's output function of `a xor b`.
pub(crate) fn emit_mix<E: ScalarEmitter>(em: &mut E, a: E::V, b: E::V) -> E::V {
    let x = em.binary(BinaryOp::Xor, Scalar::Int, a, b);
    mix64(em, x)
}

/// `__rand_key` under `seed`: `mix(seed + γ)`.
pub(crate) fn emit_form_key<E: ScalarEmitter>(em: &mut E, seed: E::V) -> E::V {
    let gamma = em.constant(Const::Int(GOLDEN_GAMMA as i64));
    let x = em.binary(BinaryOp::Add, Scalar::Int, seed, gamma);
    mix64(em, x)
}

/// `__rand_draw(z, bound)` for a bound of type `ty`: for ints the high word
/// of the unsigned 128-bit product `z · |bound|` (from 32-bit halves),
/// negated for a negative bound; for floats `(z >> 11) · 2^-53 · bound`.
pub(crate) fn emit_draw<E: ScalarEmitter>(em: &mut E, ty: Scalar, z: E::V, bound: E::V) -> E::V {
    let z = em.share(Scalar::Int, z);
    if ty == Scalar::Float {
        let top = logical_shift_right(em, z, 11);
        let top = em.unary(UnaryOp::ToFloat, Scalar::Int, top);
        let scale = em.constant(Const::Float(1.0 / (1u64 << 53) as f64));
        let unit = em.binary(BinaryOp::Mul, Scalar::Float, top, scale);
        return em.binary(BinaryOp::Mul, Scalar::Float, unit, bound);
    }
    let bound = em.share(Scalar::Int, bound);
    let zero = em.constant(Const::Int(0));
    let negative = em.binary(BinaryOp::Lt, Scalar::Int, bound.clone(), zero.clone());
    let negative = em.share(Scalar::Bool, negative);
    // |bound| as an unsigned word (wrapping: |min_int| is 2^63).
    let flipped = em.binary(BinaryOp::Sub, Scalar::Int, zero, bound.clone());
    let magnitude = em.select(Scalar::Int, negative.clone(), flipped, bound);
    let magnitude = em.share(Scalar::Int, magnitude);
    let high = multiply_high(em, z, magnitude);
    let high = em.share(Scalar::Int, high);
    let zero = em.constant(Const::Int(0));
    let negated = em.binary(BinaryOp::Sub, Scalar::Int, zero, high.clone());
    em.select(Scalar::Int, negative, negated, high)
}

/// The high 64 bits of the unsigned product of two 64-bit words, in signed
/// wrapping operations on their 32-bit halves.
fn multiply_high<E: ScalarEmitter>(em: &mut E, a: E::V, b: E::V) -> E::V {
    let low_mask = || Const::Int(0xFFFF_FFFF);
    let halves = |em: &mut E, x: E::V| {
        let mask = em.constant(low_mask());
        let low = em.binary(BinaryOp::And, Scalar::Int, x.clone(), mask);
        let low = em.share(Scalar::Int, low);
        let high = logical_shift_right(em, x, 32);
        let high = em.share(Scalar::Int, high);
        (low, high)
    };
    let (a_low, a_high) = halves(em, a);
    let (b_low, b_high) = halves(em, b);
    let product = |em: &mut E, x: &E::V, y: &E::V| {
        let p = em.binary(BinaryOp::Mul, Scalar::Int, x.clone(), y.clone());
        em.share(Scalar::Int, p)
    };
    let low_low = product(em, &a_low, &b_low);
    let low_high = product(em, &a_low, &b_high);
    let high_low = product(em, &a_high, &b_low);
    let high_high = product(em, &a_high, &b_high);
    // The middle column: at most 3 (2^32 - 1), so it does not overflow.
    let carry = logical_shift_right(em, low_low, 32);
    let mask = em.constant(low_mask());
    let middle_a = em.binary(BinaryOp::And, Scalar::Int, low_high.clone(), mask);
    let mask = em.constant(low_mask());
    let middle_b = em.binary(BinaryOp::And, Scalar::Int, high_low.clone(), mask);
    let middle = em.binary(BinaryOp::Add, Scalar::Int, carry, middle_a);
    let middle = em.binary(BinaryOp::Add, Scalar::Int, middle, middle_b);
    let middle_carry = logical_shift_right(em, middle, 32);
    let upper_a = logical_shift_right(em, low_high, 32);
    let upper_b = logical_shift_right(em, high_low, 32);
    let sum = em.binary(BinaryOp::Add, Scalar::Int, high_high, upper_a);
    let sum = em.binary(BinaryOp::Add, Scalar::Int, sum, upper_b);
    em.binary(BinaryOp::Add, Scalar::Int, sum, middle_carry)
}

/// The seed of the top-level forms' random keys as the function being
/// flattened has it (note [rand_seed on the host]).
#[derive(Clone, Debug)]
pub(crate) struct SeedState {
    /// The seed now: a host int of the function.
    pub seed: Atom,
    /// The block whose code may set it: the function's body, or the branch
    /// or `time` body being flattened.
    pub block: crate::host_code::BlockId,
}

impl FnCx<'_, '_> {
    /// Before flattening a block (just opened) of a conditional or `time`
    /// whose code may call `rand_seed`: the block gets the seed as it is
    /// now; returns the state to restore after it.
    pub(crate) fn enter_seed_block(&mut self) -> Option<SeedState> {
        let saved = self.seed.clone();
        let block = self.fb.current_block();
        if let Some(state) = &mut self.seed {
            state.block = block;
        }
        saved
    }

    /// After flattening such a block (before closing it): appends the seed
    /// it leaves to its results and restores `saved`.
    pub(crate) fn leave_seed_block(&mut self, saved: Option<SeedState>, results: &mut Vec<Atom>) -> Result<()> {
        let state = std::mem::replace(&mut self.seed, saved);
        let state = state.ok_or_else(|| FlattenError::bug("a block that sets the seed outside a seed's function"))?;
        results.push(state.seed);
        Ok(())
    }

    /// After the statement of such a conditional or `time`, or a call of
    /// a function that may call `rand_seed`: a fresh variable for the seed
    /// it leaves, added to `vars`, is the seed from now on.
    pub(crate) fn bind_seed_result(&mut self, vars: &mut Vec<HostVar>) {
        let seed = self.fb.var("seed", VarType::Scalar(Scalar::Int));
        vars.push(seed);
        let block = self.fb.current_block();
        self.seed = Some(SeedState { seed: Atom::Var(seed), block });
    }

    /// The seed to pass to a call of a function that may call `rand_seed`.
    pub(crate) fn seed_argument(&self) -> Result<Atom> {
        match &self.seed {
            Some(state) if state.block == self.fb.current_block() => Ok(state.seed),
            _ => Err(FlattenError::bug("a call that sets the seed where the seed is not kept")),
        }
    }

    /// `__rand_key` and `rand_seed(s)` in the host context. `rand_seed` sets
    /// the seed of the forms after it (note [rand_seed on the host]).
    pub fn host_random_state(&mut self, e: ExprId, prim: Prim, args: &[ExprId]) -> Result<Repr> {
        if prim == Prim::RandKey {
            let Some(state) = &self.seed else {
                return Err(FlattenError::bug("`__rand_key` outside `main`"));
            };
            let seed = state.seed;
            let mut em = HostEmitter { fb: &mut self.fb };
            return Ok(Repr::Scalar(emit_form_key(&mut em, seed)));
        }
        let seed = match self.compile_host(args[0])? {
            Repr::Scalar(seed) => seed,
            _ => return Err(FlattenError::bug("`rand_seed` of a value that is not an int")),
        };
        let block = self.fb.current_block();
        match &mut self.seed {
            Some(state) if state.block == block => state.seed = seed,
            _ => return Err(self.unsupported("`rand_seed` where the flattener does not keep the seed", e)),
        }
        Ok(Repr::Scalar(Atom::Const(Const::Bool(true))))
    }
}
