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
//! the effect versions as ordinary functions). The rewrite is note
//! [effect versions] (`effect_versions.rs`) with [`Seeds`] as its effect.
//! A program with no `rand_seed` inside an apply-to-each is not copied.

use crate::effect_versions::{self, Effect, Rewriter};
use crate::error::FlattenError;
use crate::typed_builder::TypedBuilder;
use nesl_frontend::Type;
use nesl_frontend::builtins::Prim;
use nesl_frontend::source::Span;
use nesl_frontend::tast::{ExprId, ExprKind, LocalId, Pattern, Program};

/// The program with `rand_seed` inside apply-to-each made values (see the
/// note), or `None` when no apply-to-each seeds. The result is checked by
/// the typed program's verifier: a failure is a compiler bug.
pub fn rewrite(program: &Program) -> Result<Option<Program>, FlattenError> {
    effect_versions::rewrite::<Seeds>(program)
}

/// The seed effect `(set, seed)` of an evaluated part, bound to two
/// locals: whether it called `rand_seed`, and the seed the last call set.
/// Effects combine "last set wins"; `(F, 0)` is the unit.
pub(crate) struct Seeds;

#[derive(Clone, Copy)]
pub(crate) struct SeedEffect {
    set: LocalId,
    seed: LocalId,
}

fn int(r: &mut Rewriter<Seeds>, x: i64, span: Span) -> ExprId {
    r.alloc(ExprKind::Int(x), Type::Int, span)
}

fn bool(r: &mut Rewriter<Seeds>, b: bool, span: Span) -> ExprId {
    r.alloc(ExprKind::Bool(b), Type::Bool, span)
}

impl Effect for Seeds {
    type Bound = SeedEffect;
    const SUFFIX: &'static str = "seed";
    const WHAT: &'static str = "elements' seeds as values";

    fn effect_type() -> Type {
        Type::pair(Type::Bool, Type::Int)
    }

    fn is_primitive(prim: Prim) -> bool {
        prim == Prim::RandSeed
    }

    fn fresh(r: &mut Rewriter<Seeds>, span: Span) -> (SeedEffect, Pattern) {
        let set = r.local("seed_set", Type::Bool, span);
        let seed = r.local("seed", Type::Int, span);
        let pattern = Rewriter::<Seeds>::pair_pattern(r.bind_pattern(set, span), r.bind_pattern(seed, span), span);
        (SeedEffect { set, seed }, pattern)
    }

    /// `(s1 or ... or sn, if sn then dn else ... if s2 then d2 else d1)`,
    /// `(F, 0)` for none.
    fn combine(r: &mut Rewriter<Seeds>, effects: &[SeedEffect], span: Span) -> ExprId {
        let Some((first, rest)) = effects.split_first() else {
            let (f, zero) = (bool(r, false, span), int(r, 0, span));
            return r.pair(f, zero, span);
        };
        let mut set = r.var(first.set, span);
        let mut seed = r.var(first.seed, span);
        for effect in rest {
            let later = r.var(effect.set, span);
            set = r.prim(Prim::Or, vec![set, later], Type::Bool, span);
            let (cond, later_seed) = (r.var(effect.set, span), r.var(effect.seed, span));
            seed = r.alloc(ExprKind::If { cond, then_branch: later_seed, else_branch: seed }, Type::Int, span);
        }
        r.pair(set, seed, span)
    }

    /// `(T, (T, s))` for `rand_seed(s)`: its own effect is set, so it wins
    /// over its operand's.
    fn primitive(r: &mut Rewriter<Seeds>, _: Prim, xs: Vec<ExprId>, _: Vec<SeedEffect>, span: Span) -> ExprId {
        let (t, set) = (bool(r, true, span), bool(r, true, span));
        let effect = r.pair(set, xs[0], span);
        r.pair(t, effect, span)
    }

    /// `let rs = pairs in ({v : (v, e) in rs}, LAST({e : (v, e) in rs}))`,
    /// where `LAST(es)` is `let c = [0] ++ {d : (s, d) in es | s} in (#c > 1,
    /// c[#c - 1])`: the seed of the last element that set one (the leading
    /// 0 keeps the index in range when none did).
    fn collect(r: &mut Rewriter<Seeds>, pairs: ExprId, elem_ty: Type, span: Span) -> ExprId {
        let pairs_ty = r.ty(pairs);
        let rs = r.local("results", pairs_ty, span);
        // {v : (v, (s, d)) in rs} and {d : (v, (s, d)) in rs | s}.
        let values = r.column(rs, &elem_ty, span, |r, v, _| (r.var(v, span), None));
        let set_seeds =
            r.column(rs, &elem_ty, span, |r, _, effect| (r.var(effect.seed, span), Some(r.var(effect.set, span))));
        let zero = int(r, 0, span);
        let leading = r.alloc(ExprKind::Seq(vec![zero]), Type::seq(Type::Int), span);
        let all = r.prim(Prim::Append, vec![leading, set_seeds], Type::seq(Type::Int), span);
        let c = r.local("seeds", Type::seq(Type::Int), span);
        let length = |r: &mut Rewriter<Seeds>| {
            let c_var = r.var(c, span);
            r.prim(Prim::Length, vec![c_var], Type::Int, span)
        };
        let (n, one) = (length(r), int(r, 1, span));
        let any = r.prim(Prim::Gt, vec![n, one], Type::Bool, span);
        let (n, one) = (length(r), int(r, 1, span));
        let last_index = r.prim(Prim::Sub, vec![n, one], Type::Int, span);
        let c_var = r.var(c, span);
        let last = r.prim(Prim::Elt, vec![c_var, last_index], Type::Int, span);
        let effect = r.pair(any, last, span);
        let effect = r.let_(r.bind_pattern(c, span), all, effect, span);
        let body = r.pair(values, effect, span);
        let pattern = r.bind_pattern(rs, span);
        r.let_(pattern, pairs, body, span)
    }

    /// `if set then rand_seed(seed) else T`: a `rand_seed` of the host.
    fn perform(r: &mut Rewriter<Seeds>, effect: SeedEffect, span: Span) -> ExprId {
        let (cond, seed) = (r.var(effect.set, span), r.var(effect.seed, span));
        let set = r.prim(Prim::RandSeed, vec![seed], Type::Bool, span);
        let kept = bool(r, true, span);
        r.alloc(ExprKind::If { cond, then_branch: set, else_branch: kept }, Type::Bool, span)
    }

    /// Whether `e` is an apply-to-each whose filter or body may call
    /// `rand_seed` (its generators' sequences are code of its context).
    fn needs_version(r: &Rewriter<Seeds>, e: ExprId) -> bool {
        match &r.program.exprs[e].kind {
            ExprKind::ApplyToEach { body, filter, .. } => r.has(*body) || filter.is_some_and(|f| r.has(f)),
            _ => false,
        }
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
                assert!(
                    !crate::effect_versions::has_effect::<super::Seeds>(&rewritten, &Default::default(), func.body),
                    "{name}: {}",
                    func.instance
                );
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
