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
//! The rewrite adds expressions, locals and functions; nothing of the
//! original program changes but the bodies of host code it rewrites. A
//! program with no printing call inside an apply-to-each is not copied.

use std::collections::HashMap;

use crate::error::FlattenError;
use crate::typed_builder::TypedBuilder;
use nesl_frontend::Type;
use nesl_frontend::builtins::Prim;
use nesl_frontend::source::Span;
use nesl_frontend::tast::{ExprId, ExprKind, FuncId, Function, Generator, Local, Program, TopItemKind};

/// The program with its printing functions given text versions (see the
/// note), or `None` when no apply-to-each needs its texts (or one does in
/// a way the rewrite does not handle). The result is checked by the typed
/// program's verifier: a failure is a compiler bug.
pub fn rewrite(program: &Program) -> Result<Option<Program>, FlattenError> {
    let Some(rewritten) = rewrite_unchecked(program) else { return Ok(None) };
    nesl_frontend::tast::verify(&rewritten).map_err(|error| {
        FlattenError::bug(format!("the typed program with printing functions' texts is invalid: {}", error.message))
    })?;
    Ok(Some(rewritten))
}

fn rewrite_unchecked(program: &Program) -> Option<Program> {
    let prints = printing_functions(program);
    let mut rewriter = Rewriter { program: program.clone(), prints, text_versions: HashMap::new(), locals: Vec::new() };
    let needed = program.exprs.iter().any(|(e, _)| rewriter.needs_texts(e));
    if !needed {
        return None;
    }
    rewriter.run().ok()?;
    Some(rewriter.program)
}

/// The functions that print, directly or through the functions they call.
fn printing_functions(program: &Program) -> HashMap<FuncId, bool> {
    let mut prints: HashMap<FuncId, bool> = program.functions.iter().map(|(f, _)| (f, false)).collect();
    loop {
        let mut changed = false;
        for (f, func) in program.functions.iter() {
            if !prints[&f] && expr_prints(program, &prints, func.body) {
                prints.insert(f, true);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    prints.retain(|_, p| *p);
    prints
}

fn expr_prints(program: &Program, prints: &HashMap<FuncId, bool>, e: ExprId) -> bool {
    let own = match &program.exprs[e].kind {
        ExprKind::Prim { prim: Prim::PrintString | Prim::PrintChar, .. } => true,
        ExprKind::Call { func, .. } => prints.get(func).copied().unwrap_or(false),
        _ => false,
    };
    own || program.exprs[e].kind.children().into_iter().any(|c| expr_prints(program, prints, c))
}

/// The rewrite does not handle this program (an apply-to-each whose type
/// is no sequence type: the typed program is broken).
struct Unhandled;

type Rewrite<T> = Result<T, Unhandled>;

struct Rewriter {
    program: Program,
    /// The printing functions of the original program.
    prints: HashMap<FuncId, bool>,
    text_versions: HashMap<FuncId, FuncId>,
    /// The locals of the function or form being rewritten.
    locals: Vec<Local>,
}

fn text_type() -> Type {
    Type::seq(Type::Char)
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
    fn run(&mut self) -> Rewrite<()> {
        // Text versions first (their ids are needed by the calls), bodies
        // after.
        let printing: Vec<FuncId> = {
            let mut fs: Vec<FuncId> = self.prints.keys().copied().collect();
            fs.sort_by_key(|f| u32::from(f.into_raw()));
            fs
        };
        for &f in &printing {
            let original = &self.program.functions[f];
            let version = Function {
                name: original.name.clone(),
                instance: format!("{}_texts", original.instance),
                params: original.params.clone(),
                result: Type::pair(original.result.clone(), text_type()),
                body: original.body,
                locals: original.locals.clone(),
                span: original.span,
                is_library: original.is_library,
                is_recursive: original.is_recursive,
            };
            let id = self.program.functions.alloc(version);
            self.text_versions.insert(f, id);
        }
        for &f in &printing {
            let id = self.text_versions[&f];
            let body = self.program.functions[id].body;
            self.locals = std::mem::take(&mut self.program.functions[id].locals);
            let span = self.program.exprs[body].span;
            let new_body = self.text_or_empty(body, span)?;
            self.program.functions[id].body = new_body;
            self.program.functions[id].locals = std::mem::take(&mut self.locals);
        }
        let originals: Vec<FuncId> = self.program.functions.iter().map(|(f, _)| f).collect();
        for f in originals {
            if self.text_versions.values().any(|v| *v == f) {
                continue;
            }
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

    // ----- what prints -----

    fn prints(&self, e: ExprId) -> bool {
        expr_prints(&self.program, &self.prints, e)
    }

    /// Whether the apply-to-each `e`, run from host code, computes its
    /// elements' texts (note [printing functions]): when it calls a
    /// printing function, prints in a filter, or prints other than
    /// straight in its body. The flattener holds the rest itself: prints at
    /// the level of the body's instances, interleaved by element
    /// (`defer_print`).
    fn needs_texts(&self, e: ExprId) -> bool {
        let kind = &self.program.exprs[e].kind;
        let ExprKind::ApplyToEach { body, filter, .. } = kind else { return false };
        if kind.children().iter().any(|c| self.calls_printing(*c)) {
            return true;
        }
        if filter.is_some_and(|f| self.prints(f)) || self.prints_in_a_filter(*body) {
            return true;
        }
        let (mut straight, mut deeper) = (0, 0);
        self.count_prints(*body, true, &mut straight, &mut deeper);
        deeper > 0
    }

    /// Whether a filter of an apply-to-each inside `e` prints.
    fn prints_in_a_filter(&self, e: ExprId) -> bool {
        let kind = &self.program.exprs[e].kind;
        if let ExprKind::ApplyToEach { filter: Some(f), .. } = kind
            && self.prints(*f)
        {
            return true;
        }
        kind.children().into_iter().any(|c| self.prints_in_a_filter(c))
    }

    /// Counts the print primitives of `e`: `straight` those run once per
    /// instance of the enclosing body's level (through `let`s, operands
    /// and conditions), `deeper` those under a branch, an apply-to-each or
    /// `time`.
    fn count_prints(&self, e: ExprId, is_straight: bool, straight: &mut usize, deeper: &mut usize) {
        let kind = &self.program.exprs[e].kind;
        if let ExprKind::Prim { prim: Prim::PrintString | Prim::PrintChar, .. } = kind {
            *(if is_straight { &mut *straight } else { &mut *deeper }) += 1;
        }
        match kind {
            ExprKind::If { cond, then_branch, else_branch } => {
                self.count_prints(*cond, is_straight, straight, deeper);
                self.count_prints(*then_branch, false, straight, deeper);
                self.count_prints(*else_branch, false, straight, deeper);
            }
            ExprKind::ApplyToEach { .. } | ExprKind::Time(_) => {
                for c in kind.children() {
                    self.count_prints(c, false, straight, deeper);
                }
            }
            _ => {
                for c in kind.children() {
                    self.count_prints(c, is_straight, straight, deeper);
                }
            }
        }
    }

    /// Whether `e` calls a printing function (of the original program).
    fn calls_printing(&self, e: ExprId) -> bool {
        let own = matches!(&self.program.exprs[e].kind, ExprKind::Call { func, .. } if self.prints.contains_key(func));
        own || self.program.exprs[e].kind.children().into_iter().any(|c| self.calls_printing(c))
    }

    // ----- building expressions -----

    fn empty_text(&mut self, span: Span) -> ExprId {
        self.alloc(ExprKind::String(Vec::new()), text_type(), span)
    }

    /// `t1 ++ ... ++ tn` of the texts (the empty text for none).
    fn append(&mut self, texts: Vec<ExprId>, span: Span) -> ExprId {
        let mut texts = texts.into_iter();
        let Some(mut acc) = texts.next() else { return self.empty_text(span) };
        for t in texts {
            acc = self.alloc(ExprKind::Prim { prim: Prim::Append, args: vec![acc, t] }, text_type(), span);
        }
        acc
    }

    /// `e` as a `(value, text)` pair: its text version, or `(e, "")`.
    fn text_or_empty(&mut self, e: ExprId, span: Span) -> Rewrite<ExprId> {
        match self.text(e)? {
            Some(t) => Ok(t),
            None => {
                let empty = self.empty_text(span);
                Ok(self.pair(e, empty, span))
            }
        }
    }

    // ----- host code -----

    /// Host code with each apply-to-each that calls a printing function
    /// computing its texts, then printing them.
    fn host(&mut self, e: ExprId) -> Rewrite<ExprId> {
        let kind = self.program.exprs[e].kind.clone();
        let span = self.span(e);
        if self.needs_texts(e) {
            let ty = self.ty(e);
            let texts = self.text_or_empty(e, span)?;
            let r = self.local("result", ty, span);
            let t = self.local("text", text_type(), span);
            let printed = self.local("printed", Type::Bool, span);
            let t_var = self.var(t, span);
            let print = self.alloc(ExprKind::Prim { prim: Prim::PrintString, args: vec![t_var] }, Type::Bool, span);
            let r_var = self.var(r, span);
            let body = self.let_(self.bind_pattern(printed, span), print, r_var, span);
            let pattern = Self::pair_pattern(self.bind_pattern(r, span), self.bind_pattern(t, span), span);
            return Ok(self.let_(pattern, texts, body, span));
        }
        if !kind.children().iter().any(|c| self.has_texts(*c)) {
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
                // Only the generators' sequences have texts (host code).
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

    /// Whether `e` is or holds an apply-to-each that computes its texts.
    fn has_texts(&self, e: ExprId) -> bool {
        self.needs_texts(e) || self.program.exprs[e].kind.children().into_iter().any(|c| self.has_texts(c))
    }

    fn host_all(&mut self, es: Vec<ExprId>) -> Rewrite<Vec<ExprId>> {
        es.into_iter().map(|e| self.host(e)).collect()
    }

    // ----- text versions -----

    /// The text version of `e`, of type `(type of e, [char])`, or `None`
    /// when `e` prints nothing.
    fn text(&mut self, e: ExprId) -> Rewrite<Option<ExprId>> {
        if !self.prints(e) {
            return Ok(None);
        }
        let kind = self.program.exprs[e].kind.clone();
        let ty = self.ty(e);
        let span = self.span(e);
        let result = match kind {
            ExprKind::Prim { prim: prim @ (Prim::PrintString | Prim::PrintChar), args } => {
                self.operands(args, span, &mut |this, xs, texts| {
                    let printed = match prim {
                        Prim::PrintChar => this.alloc(ExprKind::Seq(vec![xs[0]]), text_type(), span),
                        _ => xs[0],
                    };
                    let mut texts = texts;
                    texts.push(printed);
                    let text = this.append(texts, span);
                    let t = this.alloc(ExprKind::Bool(true), Type::Bool, span);
                    Ok(this.pair(t, text, span))
                })?
            }
            ExprKind::Call { func, args } if self.prints.contains_key(&func) => {
                let version = self.text_versions[&func];
                let result_ty = ty.clone();
                self.operands(args, span, &mut |this, xs, texts| {
                    let call = this.alloc(
                        ExprKind::Call { func: version, args: xs },
                        Type::pair(result_ty.clone(), text_type()),
                        span,
                    );
                    this.with_texts_before(call, result_ty.clone(), texts, span)
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
                let then_text = self.text_or_empty(then_branch, span)?;
                let else_text = self.text_or_empty(else_branch, span)?;
                let pair_ty = Type::pair(ty.clone(), text_type());
                self.operands(vec![cond], span, &mut |this, xs, texts| {
                    let chosen = this.alloc(
                        ExprKind::If { cond: xs[0], then_branch: then_text, else_branch: else_text },
                        pair_ty.clone(),
                        span,
                    );
                    this.with_texts_before(chosen, ty.clone(), texts, span)
                })?
            }
            ExprKind::Let { pattern, value, body } => match self.text(value)? {
                None => {
                    let body = self.text_or_empty(body, span)?;
                    self.let_(pattern, value, body, span)
                }
                Some(value_text) => {
                    let t = self.local("text", text_type(), span);
                    let body_text = self.text_or_empty(body, span)?;
                    let t_var = self.var(t, span);
                    let inner = self.with_texts_before(body_text, ty.clone(), vec![t_var], span)?;
                    let pattern = Self::pair_pattern(pattern, self.bind_pattern(t, span), span);
                    self.let_(pattern, value_text, inner, span)
                }
            },
            ExprKind::ApplyToEach { body, generators, filter: Some(filter) } if self.prints(filter) => {
                self.filtered_texts(body, generators, filter, ty, span)?
            }
            ExprKind::ApplyToEach { body, generators, filter } => {
                let seqs: Vec<ExprId> = generators.iter().map(|g| g.seq).collect();
                let elem_ty = match &ty {
                    Type::Seq(elem) => (**elem).clone(),
                    _ => return Err(Unhandled),
                };
                self.operands(seqs, span, &mut |this, xs, texts| {
                    let gens: Vec<Generator> = generators
                        .iter()
                        .zip(&xs)
                        .map(|(g, seq)| Generator { pattern: g.pattern.clone(), seq: *seq })
                        .collect();
                    let pairs = match this.text(body)? {
                        None => {
                            let all =
                                this.alloc(ExprKind::ApplyToEach { body, generators: gens, filter }, ty.clone(), span);
                            let empty = this.empty_text(span);
                            let pair = this.pair(all, empty, span);
                            return this.with_texts_before(pair, ty.clone(), texts, span);
                        }
                        Some(body_text) => this.alloc(
                            ExprKind::ApplyToEach { body: body_text, generators: gens, filter },
                            Type::seq(Type::pair(elem_ty.clone(), text_type())),
                            span,
                        ),
                    };
                    let split = this.unzip_texts(pairs, elem_ty.clone(), span);
                    this.with_texts_before(split, ty.clone(), texts, span)
                })?
            }
            ExprKind::Time(inner) => {
                let Some(inner_text) = self.text(inner)? else { return Ok(None) };
                let inner_ty = self.ty(inner);
                let timed_ty = Type::pair(Type::pair(inner_ty.clone(), text_type()), Type::Float);
                let timed = self.alloc(ExprKind::Time(inner_text), timed_ty, span);
                let r = self.local("result", inner_ty, span);
                let t = self.local("text", text_type(), span);
                let s = self.local("seconds", Type::Float, span);
                let (r_var, s_var) = (self.var(r, span), self.var(s, span));
                let value = self.pair(r_var, s_var, span);
                let t_var = self.var(t, span);
                let body = self.pair(value, t_var, span);
                let pattern = Self::pair_pattern(
                    Self::pair_pattern(self.bind_pattern(r, span), self.bind_pattern(t, span), span),
                    self.bind_pattern(s, span),
                    span,
                );
                self.let_(pattern, timed, body, span)
            }
            _ => return Ok(None),
        };
        Ok(Some(result))
    }

    /// The text version of `{body : generators | filter}` whose filter
    /// prints: each element's text is the filter's, then the body's when
    /// the element is kept. Every element makes a sequence of at most one
    /// value, flattened after:
    /// `{let (c, tf) = FILTER in if c then (let (v, tb) = BODY in ([v], tf ++ tb)) else ([] T, tf) : generators}`.
    fn filtered_texts(
        &mut self,
        body: ExprId,
        generators: Vec<Generator>,
        filter: ExprId,
        ty: Type,
        span: Span,
    ) -> Rewrite<ExprId> {
        let Type::Seq(elem_ty) = &ty else { return Err(Unhandled) };
        let elem_ty = (**elem_ty).clone();
        let some_ty = Type::seq(elem_ty.clone());
        let seqs: Vec<ExprId> = generators.iter().map(|g| g.seq).collect();
        self.operands(seqs, span, &mut |this, xs, texts| {
            let gens: Vec<Generator> = generators
                .iter()
                .zip(&xs)
                .map(|(g, seq)| Generator { pattern: g.pattern.clone(), seq: *seq })
                .collect();
            let filter_text = this.text_or_empty(filter, span)?;
            let body_text = this.text_or_empty(body, span)?;
            let (c, tf) = (this.local("kept", Type::Bool, span), this.local("text", text_type(), span));
            let (v, tb) = (this.local("value", elem_ty.clone(), span), this.local("text", text_type(), span));
            let v_var = this.var(v, span);
            let one = this.alloc(ExprKind::Seq(vec![v_var]), some_ty.clone(), span);
            let (tf_var, tb_var) = (this.var(tf, span), this.var(tb, span));
            let both = this.append(vec![tf_var, tb_var], span);
            let kept = this.pair(one, both, span);
            let pattern = Self::pair_pattern(this.bind_pattern(v, span), this.bind_pattern(tb, span), span);
            let kept = this.let_(pattern, body_text, kept, span);
            let none = this.alloc(ExprKind::Seq(Vec::new()), some_ty.clone(), span);
            let tf_var = this.var(tf, span);
            let dropped = this.pair(none, tf_var, span);
            let c_var = this.var(c, span);
            let pair_ty = Type::pair(some_ty.clone(), text_type());
            let chosen = this.alloc(
                ExprKind::If { cond: c_var, then_branch: kept, else_branch: dropped },
                pair_ty.clone(),
                span,
            );
            let pattern = Self::pair_pattern(this.bind_pattern(c, span), this.bind_pattern(tf, span), span);
            let element = this.let_(pattern, filter_text, chosen, span);
            let pairs = this.alloc(
                ExprKind::ApplyToEach { body: element, generators: gens, filter: None },
                Type::seq(pair_ty),
                span,
            );
            // (values, text) = the split pairs; the values are flattened.
            let split = this.unzip_texts(pairs, some_ty.clone(), span);
            let (vs, t) =
                (this.local("values", Type::seq(some_ty.clone()), span), this.local("text", text_type(), span));
            let vs_var = this.var(vs, span);
            let flat = this.alloc(ExprKind::Prim { prim: Prim::Flatten, args: vec![vs_var] }, ty.clone(), span);
            let t_var = this.var(t, span);
            let result = this.pair(flat, t_var, span);
            let pattern = Self::pair_pattern(this.bind_pattern(vs, span), this.bind_pattern(t, span), span);
            let result = this.let_(pattern, split, result, span);
            this.with_texts_before(result, ty.clone(), texts, span)
        })
    }

    /// `kind(x1, ..., xn)` of the operands' values, with their texts.
    fn rebuild(
        &mut self,
        operands: Vec<ExprId>,
        ty: Type,
        span: Span,
        kind: impl Fn(Vec<ExprId>) -> ExprKind,
    ) -> Rewrite<ExprId> {
        self.operands(operands, span, &mut |this, xs, texts| {
            let value = this.alloc(kind(xs), ty.clone(), span);
            let text = this.append(texts, span);
            Ok(this.pair(value, text, span))
        })
    }

    /// Evaluates `operands` in order, each bound to a fresh local when any
    /// of them prints (so their order is kept), and calls `k` with the
    /// operands' values and the texts of those that print, in order.
    #[allow(clippy::type_complexity)]
    fn operands(
        &mut self,
        operands: Vec<ExprId>,
        span: Span,
        k: &mut dyn FnMut(&mut Self, Vec<ExprId>, Vec<ExprId>) -> Rewrite<ExprId>,
    ) -> Rewrite<ExprId> {
        if !operands.iter().any(|o| self.prints(*o)) {
            return k(self, operands, Vec::new());
        }
        // let x1 = o1 (or (x1, t1) = text of o1) in ... in k(x1..xn, texts)
        let mut bindings = Vec::with_capacity(operands.len());
        let mut values = Vec::with_capacity(operands.len());
        let mut texts = Vec::new();
        for o in operands {
            let o_ty = self.ty(o);
            let x = self.local("operand", o_ty, span);
            match self.text(o)? {
                Some(o_text) => {
                    let t = self.local("text", text_type(), span);
                    let pattern = Self::pair_pattern(self.bind_pattern(x, span), self.bind_pattern(t, span), span);
                    bindings.push((pattern, o_text));
                    texts.push(t);
                }
                None => bindings.push((self.bind_pattern(x, span), o)),
            }
            values.push(x);
        }
        let xs: Vec<ExprId> = values.into_iter().map(|x| self.var(x, span)).collect();
        let ts: Vec<ExprId> = texts.into_iter().map(|t| self.var(t, span)).collect();
        let mut body = k(self, xs, ts)?;
        for (pattern, value) in bindings.into_iter().rev() {
            body = self.let_(pattern, value, body, span);
        }
        Ok(body)
    }

    /// `(value, texts ++ text)` of a `(value, text)` pair `pair`.
    fn with_texts_before(&mut self, pair: ExprId, ty: Type, texts: Vec<ExprId>, span: Span) -> Rewrite<ExprId> {
        if texts.is_empty() {
            return Ok(pair);
        }
        let r = self.local("result", ty, span);
        let t = self.local("text", text_type(), span);
        let mut texts = texts;
        texts.push(self.var(t, span));
        let text = self.append(texts, span);
        let r_var = self.var(r, span);
        let body = self.pair(r_var, text, span);
        let pattern = Self::pair_pattern(self.bind_pattern(r, span), self.bind_pattern(t, span), span);
        Ok(self.let_(pattern, pair, body, span))
    }

    /// `let rs = pairs in ({v : (v, t) in rs}, flatten({t : (v, t) in rs}))`.
    fn unzip_texts(&mut self, pairs: ExprId, elem_ty: Type, span: Span) -> ExprId {
        let pairs_ty = self.ty(pairs);
        let rs = self.local("results", pairs_ty, span);
        let column = |this: &mut Self, take_text: bool| {
            let v = this.local("value", elem_ty.clone(), span);
            let t = this.local("text", text_type(), span);
            let pattern = Self::pair_pattern(this.bind_pattern(v, span), this.bind_pattern(t, span), span);
            let seq = this.var(rs, span);
            let body = this.var(if take_text { t } else { v }, span);
            let body_ty = this.ty(body);
            this.alloc(
                ExprKind::ApplyToEach { body, generators: vec![Generator { pattern, seq }], filter: None },
                Type::seq(body_ty),
                span,
            )
        };
        let values = column(self, false);
        let texts = column(self, true);
        let text = self.alloc(ExprKind::Prim { prim: Prim::Flatten, args: vec![texts] }, text_type(), span);
        let body = self.pair(values, text, span);
        let pattern = self.bind_pattern(rs, span);
        self.let_(pattern, pairs, body, span)
    }
}
