//! Prints inside functions called in parallel become texts: a rewrite of
//! the typed program before flattening (note [printing functions]).
//!
//! Note [printing functions]
//! -------------------------
//! The reference interpreter runs an apply-to-each element by element, so
//! a function that prints (`separator.nesl`'s `separator` prints a line
//! per call and recurses in an apply-to-each) prints in the order of a
//! sequential, depth-first run. Flattening runs all elements of a level at
//! once, and the calls of a recursive function level by level, so printing
//! where the print happens would print breadth-first. Instead, each
//! function that prints (directly or through the functions it calls) gets
//! a *text version* returning `(result, text)`: the text is everything the
//! call would print, in the interpreter's order. Within a text version:
//!
//! - `print_string(s)` is `(t, s)`, `print_char(c)` is `(t, [c])`;
//! - the parts of an expression are evaluated in their order (`let`s of
//!   each operand), and their texts are appended in that order;
//! - a call of a printing function calls its text version;
//! - an apply-to-each whose body prints makes a pair per element, then
//!   `({v : (v, t) in r}, flatten({t : (v, t) in r}))`: the elements'
//!   texts in element order;
//! - `if` takes the text of the branch it takes, after the condition's.
//!
//! - an apply-to-each whose filter prints makes, per element, the
//!   filter's text and then the body's if the element is kept, with a
//!   sequence of zero or one values, flattened after.
//!
//! In host code (the top-level forms, and the function bodies the host
//! runs), an apply-to-each whose elements call a printing function, print
//! in a filter, or print other than straight in the body (under a branch,
//! in a nested apply-to-each or `time`; `Rewriter::needs_texts`) becomes
//! `let (r, t) = TEXT VERSION OF IT in let _ = print_string(t) in r`: the
//! texts are printed when the apply-to-each has finished, all at once, in
//! the interpreter's order. Prints straight in the body are left to the
//! flattener, which holds them to the end of the apply-to-each too and
//! prints them interleaved by element (`defer_print`). So a fault inside
//! the apply-to-each prints none of its texts, where the interpreter
//! printed those of the elements before the faulting one and the faulting
//! element's up to its fault (the README says why): the flat backends'
//! output is a prefix of the interpreter's, never a text of an element
//! the interpreter did not reach.
//! Elements' `rand_seed`s were made values before (`seed_values.rs`): a
//! function that both seeds and prints has an effect version, which gets
//! a text version here.
//!
//! The rewrite is note [effect versions] (`effect_versions.rs`) with
//! [`Texts`] as its effect. A program with no printing call inside an
//! apply-to-each is not copied.

use crate::effect_versions::{self, Effect, Rewriter};
use crate::error::FlattenError;
use crate::typed_builder::TypedBuilder;
use nesl_frontend::Type;
use nesl_frontend::builtins::Prim;
use nesl_frontend::source::Span;
use nesl_frontend::tast::{ExprId, ExprKind, LocalId, Pattern, Program};

/// The program with its printing functions given text versions (see the
/// note), or `None` when no apply-to-each needs its texts. The result is
/// checked by the typed program's verifier: a failure is a compiler bug.
pub fn rewrite(program: &Program) -> Result<Option<Program>, FlattenError> {
    effect_versions::rewrite::<Texts>(program)
}

/// The effect of printing: the text printed, a `[char]` bound to a local.
/// Texts combine by appending; the empty text is the unit.
pub(crate) struct Texts;

fn text_type() -> Type {
    Type::seq(Type::Char)
}

impl Effect for Texts {
    type Bound = LocalId;
    const SUFFIX: &'static str = "texts";
    const WHAT: &'static str = "printing functions' texts";

    fn effect_type() -> Type {
        text_type()
    }

    fn is_primitive(prim: Prim) -> bool {
        matches!(prim, Prim::PrintString | Prim::PrintChar)
    }

    fn fresh(r: &mut Rewriter<Texts>, span: Span) -> (LocalId, Pattern) {
        let t = r.local("text", text_type(), span);
        (t, r.bind_pattern(t, span))
    }

    /// `t1 ++ ... ++ tn` (the empty text for none).
    fn combine(r: &mut Rewriter<Texts>, effects: &[LocalId], span: Span) -> ExprId {
        let texts = effects.iter().map(|t| r.var(*t, span)).collect();
        append(r, texts, span)
    }

    /// `(t, texts ++ s)` for `print_string(s)`, `(t, texts ++ [c])` for
    /// `print_char(c)`.
    fn primitive(r: &mut Rewriter<Texts>, prim: Prim, xs: Vec<ExprId>, effects: Vec<LocalId>, span: Span) -> ExprId {
        let printed = match prim {
            Prim::PrintChar => r.alloc(ExprKind::Seq(vec![xs[0]]), text_type(), span),
            _ => xs[0],
        };
        let mut texts: Vec<ExprId> = effects.iter().map(|t| r.var(*t, span)).collect();
        texts.push(printed);
        let text = append(r, texts, span);
        let t = r.alloc(ExprKind::Bool(true), Type::Bool, span);
        r.pair(t, text, span)
    }

    /// `let rs = pairs in ({v : (v, t) in rs}, flatten({t : (v, t) in rs}))`.
    fn collect(r: &mut Rewriter<Texts>, pairs: ExprId, elem_ty: Type, span: Span) -> ExprId {
        let pairs_ty = r.ty(pairs);
        let rs = r.local("results", pairs_ty, span);
        let values = r.column(rs, &elem_ty, span, |r, v, _| (r.var(v, span), None));
        let texts = r.column(rs, &elem_ty, span, |r, _, t| (r.var(t, span), None));
        let text = r.alloc(ExprKind::Prim { prim: Prim::Flatten, args: vec![texts] }, text_type(), span);
        let body = r.pair(values, text, span);
        let pattern = r.bind_pattern(rs, span);
        r.let_(pattern, pairs, body, span)
    }

    /// `print_string(t)`.
    fn perform(r: &mut Rewriter<Texts>, t: LocalId, span: Span) -> ExprId {
        let t_var = r.var(t, span);
        r.alloc(ExprKind::Prim { prim: Prim::PrintString, args: vec![t_var] }, Type::Bool, span)
    }

    /// Whether the apply-to-each `e`, run from host code, computes its
    /// elements' texts (note [printing functions]): when it calls a
    /// printing function, prints in a filter, or prints other than
    /// straight in its body. The flattener holds the rest itself: prints at
    /// the level of the body's instances, interleaved by element
    /// (`defer_print`).
    fn needs_version(r: &Rewriter<Texts>, e: ExprId) -> bool {
        let kind = &r.program.exprs[e].kind;
        let ExprKind::ApplyToEach { body, filter, .. } = kind else { return false };
        if kind.children().iter().any(|c| r.calls_effect_function(*c)) {
            return true;
        }
        if filter.is_some_and(|f| r.has(f)) || prints_in_a_filter(r, *body) {
            return true;
        }
        let (mut straight, mut deeper) = (0, 0);
        count_prints(&r.program, *body, true, &mut straight, &mut deeper);
        deeper > 0
    }
}

/// `t1 ++ ... ++ tn` of the texts (the empty text for none).
fn append(r: &mut Rewriter<Texts>, texts: Vec<ExprId>, span: Span) -> ExprId {
    let mut texts = texts.into_iter();
    let Some(mut acc) = texts.next() else { return r.alloc(ExprKind::String(Vec::new()), text_type(), span) };
    for t in texts {
        acc = r.alloc(ExprKind::Prim { prim: Prim::Append, args: vec![acc, t] }, text_type(), span);
    }
    acc
}

/// Whether a filter of an apply-to-each inside `e` prints.
fn prints_in_a_filter(r: &Rewriter<Texts>, e: ExprId) -> bool {
    let kind = &r.program.exprs[e].kind;
    if let ExprKind::ApplyToEach { filter: Some(f), .. } = kind
        && r.has(*f)
    {
        return true;
    }
    kind.children().into_iter().any(|c| prints_in_a_filter(r, c))
}

/// Counts the print primitives of `e`: `straight` those run once per
/// instance of the enclosing body's level (through `let`s, operands and
/// conditions), `deeper` those under a branch, an apply-to-each or `time`.
fn count_prints(program: &Program, e: ExprId, is_straight: bool, straight: &mut usize, deeper: &mut usize) {
    let kind = &program.exprs[e].kind;
    if let ExprKind::Prim { prim: Prim::PrintString | Prim::PrintChar, .. } = kind {
        *(if is_straight { &mut *straight } else { &mut *deeper }) += 1;
    }
    match kind {
        ExprKind::If { cond, then_branch, else_branch } => {
            count_prints(program, *cond, is_straight, straight, deeper);
            count_prints(program, *then_branch, false, straight, deeper);
            count_prints(program, *else_branch, false, straight, deeper);
        }
        ExprKind::ApplyToEach { .. } | ExprKind::Time(_) => {
            for c in kind.children() {
                count_prints(program, c, false, straight, deeper);
            }
        }
        _ => {
            for c in kind.children() {
                count_prints(program, c, is_straight, straight, deeper);
            }
        }
    }
}
