//! Facts about the typed program that flattening decides by.
//!
//! - **may fail**: whether evaluating an expression or calling a function
//!   can fault or fail to terminate. Only such computations need care when
//!   moved: a computation that cannot fail may be hoisted out of a branch of
//!   a conditional and computed for every instance (see `scalar_code.rs`),
//!   and a uniform one needs no guard in a possibly empty context.
//! - **has effect**: printing and the random generator; such code is
//!   flattened only in the host context, where its order is the program's.
//! - **globals**: the top-level variables a function reads, directly or
//!   through the functions it calls; flattened functions take them as
//!   parameters.
//! - **inlinable**: scalar functions (GPU-typed parameters and result, a
//!   body of scalar code only, not recursive) are inlined into thunks, up to
//!   a size that keeps inlining linear in practice.
//! - **loop groups**: recursive scalar functions whose recursive calls are
//!   all tail calls become loops inside the thunk (`scalar_loops.rs`). A
//!   group is a strongly connected component of the call graph (one
//!   function, or mutually recursive ones such as `even`/`odd`) whose
//!   members have GPU-typed parameters and one result type, and whose bodies
//!   are scalar code calling each other only in tail position (calls of
//!   other inlinable functions and of other groups may be anywhere). Other
//!   recursion (`fib`'s two calls, a call under an operator) keeps the
//!   flattened form of `lift_functions.rs`: a host recursion of the lifted
//!   version, one level per call depth.
//! - **free locals** of an expression, to tell uniform expressions from
//!   lifted ones.
//!
//! Function facts are computed once, by fixpoint over the call graph; the
//! expression facts are memoised per expression.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::rc::Rc;

use nesl_frontend::builtins::Prim;
use nesl_frontend::tast::{ExprId, ExprKind, FuncId, GlobalId, LocalId, Pattern, PatternKind, Program, Var};

use crate::representation::is_gpu_type;

/// The most GPU-expression nodes a scalar function may inline to.
const INLINE_LIMIT: usize = 2000;

/// Scalar functions that call each other only by tail calls: they compile
/// together to one loop (see the module doc).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct LoopGroup {
    /// In order of [`FuncId`].
    pub members: Vec<FuncId>,
    /// The number of GPU-expression nodes of all the members' bodies, with
    /// the functions they call inlined.
    pub size: usize,
}

pub(crate) struct Analysis {
    fn_may_fail: HashMap<FuncId, bool>,
    fn_has_effect: HashMap<FuncId, bool>,
    /// Whether the function prints or calls `rand_seed`, directly or
    /// through its calls: effects whose order a call in parallel cannot
    /// keep by itself.
    fn_prints_or_seeds: HashMap<FuncId, bool>,
    /// Whether the function calls `rand_seed`, directly or through its
    /// calls (see `random_keys.rs`).
    fn_seeds: HashMap<FuncId, bool>,
    fn_globals: HashMap<FuncId, Rc<[GlobalId]>>,
    inline_size: HashMap<FuncId, Option<usize>>,
    loop_groups: HashMap<FuncId, Option<Rc<LoopGroup>>>,
    expr_may_fail: HashMap<ExprId, bool>,
    expr_has_effect: HashMap<ExprId, bool>,
    free_locals: HashMap<ExprId, Rc<[LocalId]>>,
}

/// The direct subexpressions of an expression, in evaluation order.
pub(crate) fn children(program: &Program, e: ExprId) -> Vec<ExprId> {
    program.exprs[e].kind.children()
}

/// The locals a pattern binds.
pub(crate) fn pattern_locals(pattern: &Pattern, out: &mut Vec<LocalId>) {
    match &pattern.kind {
        PatternKind::Bind(Var::Local(l)) => out.push(*l),
        PatternKind::Bind(Var::Global(_)) => {}
        PatternKind::Pair(a, b) => {
            pattern_locals(a, out);
            pattern_locals(b, out);
        }
        PatternKind::Data { fields, .. } => fields.iter().for_each(|f| pattern_locals(f, out)),
    }
}

/// Whether a primitive computes a scalar from scalars (GPU code).
pub(crate) fn is_scalar_prim(prim: Prim) -> bool {
    use Prim::*;
    matches!(
        prim,
        Not | Or
            | And
            | Xor
            | Nor
            | Nand
            | Eq
            | Ne
            | Lt
            | Gt
            | Le
            | Ge
            | Add
            | Sub
            | Mul
            | Div
            | Negate
            | Abs
            | Max
            | Min
            | Rem
            | Lshift
            | Rshift
            | Pow
            | Sqrt
            | Ln
            | Exp
            | Sin
            | Cos
            | Tan
            | Asin
            | Acos
            | Atan
            | Sinh
            | Cosh
            | Tanh
            | Expt
            | Isqrt
            | Btoi
            | CodeChar
            | CharCode
            | ToFloat
            | Ceil
            | Floor
            | Trunc
            | Round
            | Pi
            | MaxInt
            | MinInt
            | RandMix
            | RandDraw
    )
}

/// Whether a primitive is a reduction (`sum` and company).
pub(crate) fn is_reduction(prim: Prim) -> bool {
    use Prim::*;
    matches!(prim, Sum | Product | MaxVal | MinVal | Any | All | Parity)
}

fn int_literal(program: &Program, e: ExprId) -> Option<i64> {
    match program.exprs[e].kind {
        ExprKind::Int(x) => Some(x),
        _ => None,
    }
}

/// `sum(dist(x, 0))` and the other reductions of an empty `dist` (the
/// prelude's `__zero`): the reduction's identity, with nothing to compute.
pub(crate) fn is_reduction_of_nothing(program: &Program, prim: Prim, args: &[ExprId]) -> bool {
    if !is_reduction(prim) || args.len() != 1 {
        return false;
    }
    match &program.exprs[args[0]].kind {
        ExprKind::Prim { prim: Prim::Dist, args: dist_args } => {
            int_literal(program, dist_args[1]) == Some(0)
                && matches!(
                    program.exprs[dist_args[0]].kind,
                    ExprKind::Var(_) | ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Bool(_) | ExprKind::Char(_)
                )
        }
        _ => false,
    }
}

impl Analysis {
    pub fn new(program: &Program) -> Analysis {
        let mut analysis = Analysis {
            fn_may_fail: HashMap::new(),
            fn_has_effect: HashMap::new(),
            fn_prints_or_seeds: HashMap::new(),
            fn_seeds: HashMap::new(),
            fn_globals: HashMap::new(),
            inline_size: HashMap::new(),
            loop_groups: HashMap::new(),
            expr_may_fail: HashMap::new(),
            expr_has_effect: HashMap::new(),
            free_locals: HashMap::new(),
        };
        analysis.function_fixpoints(program);
        analysis
    }

    fn function_fixpoints(&mut self, program: &Program) {
        for (f, func) in program.functions.iter() {
            // A recursive function may not terminate: treat it as failing.
            self.fn_may_fail.insert(f, func.is_recursive);
            self.fn_has_effect.insert(f, false);
            self.fn_prints_or_seeds.insert(f, false);
            self.fn_seeds.insert(f, false);
            self.fn_globals.insert(f, Rc::from(Vec::new()));
        }
        loop {
            let mut changed = false;
            for (f, func) in program.functions.iter() {
                let fails = self.fn_may_fail[&f] || self.walk_may_fail(program, func.body);
                let effect = self.walk_has_effect(program, func.body);
                let prints_or_seeds = self.walk_prints_or_seeds(program, func.body);
                let seeds = self.seeds(program, func.body);
                let mut globals = BTreeSet::new();
                self.walk_globals(program, func.body, &mut globals);
                let globals: Rc<[GlobalId]> = globals.into_iter().collect::<Vec<_>>().into();
                changed |=
                    fails != self.fn_may_fail[&f] || effect != self.fn_has_effect[&f] || globals != self.fn_globals[&f];
                changed |= prints_or_seeds != self.fn_prints_or_seeds[&f];
                self.fn_prints_or_seeds.insert(f, prints_or_seeds);
                changed |= seeds != self.fn_seeds[&f];
                self.fn_seeds.insert(f, seeds);
                self.fn_may_fail.insert(f, fails);
                self.fn_has_effect.insert(f, effect);
                self.fn_globals.insert(f, globals);
            }
            if !changed {
                break;
            }
        }
    }

    fn walk_may_fail(&self, program: &Program, e: ExprId) -> bool {
        let expr = &program.exprs[e];
        let own = match &expr.kind {
            ExprKind::Prim { prim, args } => prim_may_fail(program, *prim, args),
            ExprKind::Call { func, .. } => self.fn_may_fail[func],
            ExprKind::ApplyToEach { generators, .. } => generators.len() > 1,
            _ => false,
        };
        own || children(program, e).into_iter().any(|c| self.walk_may_fail(program, c))
    }

    fn walk_has_effect(&self, program: &Program, e: ExprId) -> bool {
        let own = match &program.exprs[e].kind {
            ExprKind::Prim { prim, .. } => prim.has_effect() && *prim != Prim::Error,
            ExprKind::Call { func, .. } => self.fn_has_effect[func],
            ExprKind::Time(_) => true,
            _ => false,
        };
        own || children(program, e).into_iter().any(|c| self.walk_has_effect(program, c))
    }

    fn walk_prints_or_seeds(&self, program: &Program, e: ExprId) -> bool {
        let own = match &program.exprs[e].kind {
            ExprKind::Prim { prim, .. } => matches!(prim, Prim::PrintString | Prim::PrintChar | Prim::RandSeed),
            ExprKind::Call { func, .. } => self.fn_prints_or_seeds[func],
            _ => false,
        };
        own || children(program, e).into_iter().any(|c| self.walk_prints_or_seeds(program, c))
    }

    /// Whether evaluating `e` may call `rand_seed`.
    pub fn seeds(&self, program: &Program, e: ExprId) -> bool {
        let own = match &program.exprs[e].kind {
            ExprKind::Prim { prim, .. } => *prim == Prim::RandSeed,
            ExprKind::Call { func, .. } => self.fn_seeds[func],
            _ => false,
        };
        own || children(program, e).into_iter().any(|c| self.seeds(program, c))
    }

    fn walk_globals(&self, program: &Program, e: ExprId, out: &mut BTreeSet<GlobalId>) {
        match &program.exprs[e].kind {
            ExprKind::Var(Var::Global(g)) => {
                out.insert(*g);
            }
            ExprKind::Call { func, .. } => out.extend(self.fn_globals[func].iter().copied()),
            _ => {}
        }
        for c in children(program, e) {
            self.walk_globals(program, c, out);
        }
    }

    /// Whether calling the function may fault or not terminate.
    pub fn function_may_fail(&self, f: FuncId) -> bool {
        self.fn_may_fail[&f]
    }

    /// Whether the function prints or calls `rand_seed`, directly or
    /// through its calls.
    pub fn function_prints_or_seeds(&self, f: FuncId) -> bool {
        self.fn_prints_or_seeds[&f]
    }

    /// Whether the function calls `rand_seed`, directly or through its
    /// calls.
    pub fn function_seeds(&self, f: FuncId) -> bool {
        self.fn_seeds[&f]
    }

    /// The globals the function reads, directly or through calls, sorted.
    pub fn function_globals(&self, f: FuncId) -> Rc<[GlobalId]> {
        self.fn_globals[&f].clone()
    }

    pub fn may_fail(&mut self, program: &Program, e: ExprId) -> bool {
        if let Some(b) = self.expr_may_fail.get(&e) {
            return *b;
        }
        let b = self.walk_may_fail(program, e);
        self.expr_may_fail.insert(e, b);
        b
    }

    pub fn has_effect(&mut self, program: &Program, e: ExprId) -> bool {
        if let Some(b) = self.expr_has_effect.get(&e) {
            return *b;
        }
        let b = self.walk_has_effect(program, e);
        self.expr_has_effect.insert(e, b);
        b
    }

    /// The locals an expression reads that are bound outside it, sorted.
    pub fn free_locals(&mut self, program: &Program, e: ExprId) -> Rc<[LocalId]> {
        if let Some(s) = self.free_locals.get(&e) {
            return s.clone();
        }
        let mut read = BTreeSet::new();
        let mut bound = Vec::new();
        collect_locals(program, e, &mut read, &mut bound);
        for b in bound {
            read.remove(&b);
        }
        let set: Rc<[LocalId]> = read.into_iter().collect::<Vec<_>>().into();
        self.free_locals.insert(e, set.clone());
        set
    }

    /// The number of GPU-expression nodes a call of `f` inlines to, if `f`
    /// is a scalar function small enough to inline.
    pub fn inline_size(&mut self, program: &Program, f: FuncId) -> Option<usize> {
        if let Some(s) = self.inline_size.get(&f) {
            return *s;
        }
        let func = &program.functions[f];
        let size = if func.is_recursive
            || !is_gpu_type(program, &func.result)
            || !func.params.iter().all(|p| is_gpu_type(program, &p.ty))
        {
            None
        } else {
            self.gpu_size(program, func.body, &[], false).filter(|s| *s <= INLINE_LIMIT)
        };
        self.inline_size.insert(f, size);
        size
    }

    /// Whether a call of `f` is scalar code: `f` is inlined, or it is a
    /// member of a loop group.
    pub fn is_scalar_function(&mut self, program: &Program, f: FuncId) -> bool {
        self.inline_size(program, f).is_some() || self.loop_group(program, f).is_some()
    }

    /// The loop group `f` belongs to, if its recursion compiles to a loop.
    pub fn loop_group(&mut self, program: &Program, f: FuncId) -> Option<Rc<LoopGroup>> {
        if let Some(g) = self.loop_groups.get(&f) {
            return g.clone();
        }
        if !program.functions[f].is_recursive {
            self.loop_groups.insert(f, None);
            return None;
        }
        let members = strongly_connected(program, f);
        // Calls of other groups are sized while this one is decided; they
        // cannot call back (they are other components).
        for &m in &members {
            self.loop_groups.insert(m, None);
        }
        let group = self.check_loop_group(program, &members).map(|size| Rc::new(LoopGroup { members, size }));
        if let Some(g) = &group {
            for &m in &g.members {
                self.loop_groups.insert(m, Some(g.clone()));
            }
        }
        group
    }

    /// The size of a loop group made of `members`, if it is one.
    fn check_loop_group(&mut self, program: &Program, members: &[FuncId]) -> Option<usize> {
        let result = &program.functions[members[0]].result;
        let mut size = 0usize;
        for &m in members {
            let func = &program.functions[m];
            if func.result != *result
                || !is_gpu_type(program, &func.result)
                || !func.params.iter().all(|p| is_gpu_type(program, &p.ty))
            {
                return None;
            }
            size += self.gpu_size(program, func.body, members, true)?;
        }
        (size <= INLINE_LIMIT).then_some(size)
    }

    /// The size of an expression made only of scalar code (no leaves), if
    /// it is one. Calls of the functions of `group` (a loop group being
    /// checked) are allowed where `tail` says the expression is in tail
    /// position of its function's body.
    fn gpu_size(&mut self, program: &Program, e: ExprId, group: &[FuncId], tail: bool) -> Option<usize> {
        let expr = &program.exprs[e];
        if !is_gpu_type(program, &expr.ty) {
            return None;
        }
        let sum = |this: &mut Analysis, items: &[ExprId]| -> Option<usize> {
            items.iter().try_fold(1usize, |acc, &c| Some(acc + this.gpu_size(program, c, group, false)?))
        };
        match &expr.kind {
            ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Bool(_) | ExprKind::Char(_) | ExprKind::Var(_) => Some(1),
            ExprKind::Pair(a, b) => sum(self, &[*a, *b]),
            ExprKind::Construct { args, .. } => sum(self, args),
            ExprKind::Prim { prim, args } if is_scalar_prim(*prim) => sum(self, args),
            ExprKind::Prim { prim: Prim::Eql | Prim::Hash, args }
                if is_gpu_type(program, &program.exprs[args[0]].ty) =>
            {
                sum(self, args)
            }
            ExprKind::Prim { prim: Prim::Length, args } if is_var(program, args[0]) => Some(1),
            ExprKind::Prim { prim: Prim::Elt, args } if is_var(program, args[0]) => sum(self, &args[1..]),
            ExprKind::Prim { prim, args } if is_reduction_of_nothing(program, *prim, args) => Some(1),
            ExprKind::If { cond, then_branch, else_branch } => {
                let cond = self.gpu_size(program, *cond, group, false)?;
                let then_size = self.gpu_size(program, *then_branch, group, tail)?;
                let else_size = self.gpu_size(program, *else_branch, group, tail)?;
                Some(1 + cond + then_size + else_size)
            }
            ExprKind::Let { pattern, value, body } if is_gpu_type(program, &pattern.ty) => {
                let value = self.gpu_size(program, *value, group, false)?;
                Some(1 + value + self.gpu_size(program, *body, group, tail)?)
            }
            ExprKind::Call { func, args } if group.contains(func) => {
                if tail {
                    sum(self, args)
                } else {
                    None
                }
            }
            ExprKind::Call { func, args } => {
                let callee = match self.inline_size(program, *func) {
                    Some(size) => size,
                    None => self.loop_group(program, *func)?.size,
                };
                Some(callee + sum(self, args)?)
            }
            _ => None,
        }
    }
}

/// The functions that call `f` and that `f` calls, directly or not, and
/// `f` itself (its strongly connected component of the call graph), in
/// order of [`FuncId`].
fn strongly_connected(program: &Program, f: FuncId) -> Vec<FuncId> {
    let reach = reachable(program, f);
    let mut members: Vec<FuncId> =
        reach.iter().copied().filter(|&g| g == f || reachable(program, g).contains(&f)).collect();
    members.sort();
    members
}

/// The functions `f` calls, directly or not.
fn reachable(program: &Program, f: FuncId) -> HashSet<FuncId> {
    let mut seen = HashSet::new();
    let mut work = vec![f];
    while let Some(g) = work.pop() {
        let mut stack = vec![program.functions[g].body];
        while let Some(e) = stack.pop() {
            if let ExprKind::Call { func, .. } = &program.exprs[e].kind
                && seen.insert(*func)
            {
                work.push(*func);
            }
            stack.extend(children(program, e));
        }
    }
    seen
}

fn is_var(program: &Program, e: ExprId) -> bool {
    matches!(program.exprs[e].kind, ExprKind::Var(_))
}

fn collect_locals(program: &Program, e: ExprId, read: &mut BTreeSet<LocalId>, bound: &mut Vec<LocalId>) {
    match &program.exprs[e].kind {
        ExprKind::Var(Var::Local(l)) => {
            read.insert(*l);
        }
        ExprKind::Let { pattern, .. } => pattern_locals(pattern, bound),
        ExprKind::ApplyToEach { generators, .. } => generators.iter().for_each(|g| pattern_locals(&g.pattern, bound)),
        _ => {}
    }
    for c in children(program, e) {
        collect_locals(program, c, read, bound);
    }
}

/// Whether a primitive applied to these arguments may fault.
fn prim_may_fail(program: &Program, prim: Prim, args: &[ExprId]) -> bool {
    use Prim::*;
    let arg_type = |k: usize| &program.exprs[args[k]].ty;
    let literal = |k: usize| int_literal(program, args[k]);
    match prim {
        Div | Rem => *arg_type(0) == nesl_frontend::Type::Int && literal(1).is_none_or(|d| d == 0),
        Pow => *arg_type(0) == nesl_frontend::Type::Int && literal(1).is_none_or(|n| n < 0),
        Isqrt => literal(0).is_none_or(|n| n < 0),
        CodeChar => literal(0).is_none_or(|c| !(0..256).contains(&c)),
        Ceil | Floor | Trunc | Round => true,
        Dist => literal(1).is_none_or(|n| n < 0),
        Iseq => literal(1).is_none_or(|d| d == 0),
        Elt | Zip | MaxIndex | MinIndex | Read | Permute | Write | Subseq | Partition | Error | Hash | ExpString
        | ReadFile | WriteFile => true,
        _ => false,
    }
}
