//! Tools over GPU expressions, thunks and SOACs that the analyses and the
//! rewrite rules share: walking every expression of a SOAC with its rôle,
//! finding the variables an expression reads, copying an expression with
//! fresh binders, and substituting bottom-up.
//!
//! Binders are unique per kernel (see [`flatten::ir::Thunk`]), so a copy of
//! a thunk body placed elsewhere in the same kernel must get fresh
//! variables: [`fresh_copy`] does that.

use std::collections::HashMap;

use flatten::ir::{Const, GExpr, KVar, Kernel, Scalar, Soac, Thunk, VarType};

/// What an expression of a SOAC is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// An iteration size (`n` of `MAP pull n`, `elements` of `SEG_SCAN`).
    Size,
    /// The body of a thunk over the index space (a pull thunk, or the values
    /// and index thunks of `PERMUTE` and `SCATTER`); `index` is its
    /// parameter.
    IndexThunk { index: KVar },
    /// The body of an operator of `REDUCE`, `SCAN` and the segmented forms.
    Operator,
    /// The body of a `FILTER` predicate (over the pulled values).
    Predicate,
    /// The body of `ONCE`.
    OnceBody,
}

/// Calls `f` on every expression of `soac` with its rôle.
pub fn for_each_expr<'a>(soac: &'a Soac, mut f: impl FnMut(Role, &'a GExpr)) {
    let index_thunk = |t: &'a Thunk, f: &mut dyn FnMut(Role, &'a GExpr)| match t.params.first() {
        Some(&index) => f(Role::IndexThunk { index }, &t.body),
        None => f(Role::OnceBody, &t.body),
    };
    match soac {
        Soac::Map { size, pull } => {
            f(Role::Size, size);
            index_thunk(pull, &mut f);
        }
        Soac::Permute { size, values, index, .. }
        | Soac::Scatter { size, values, index, .. }
        | Soac::RadixPass { size, values, digit: index, .. } => {
            f(Role::Size, size);
            index_thunk(values, &mut f);
            index_thunk(index, &mut f);
        }
        Soac::Reduce { size, pull, op, .. } | Soac::Scan { size, pull, op, .. } => {
            f(Role::Size, size);
            index_thunk(pull, &mut f);
            f(Role::Operator, &op.body);
        }
        Soac::Filter { size, pull, pred, .. } => {
            f(Role::Size, size);
            index_thunk(pull, &mut f);
            f(Role::Predicate, &pred.body);
        }
        Soac::Once { body } => f(Role::OnceBody, body),
        Soac::SegmentIds { size, .. } => f(Role::Size, size),
        Soac::SegReduce { pull, op, .. } => {
            index_thunk(pull, &mut f);
            f(Role::Operator, &op.body);
        }
        Soac::SegScan { elements, pull, op, .. } => {
            f(Role::Size, elements);
            index_thunk(pull, &mut f);
            f(Role::Operator, &op.body);
        }
    }
}

/// Replaces every expression of `soac` by `f(role, expr)`.
pub fn map_exprs(soac: &mut Soac, mut f: impl FnMut(Role, &GExpr) -> GExpr) {
    fn thunk(t: &mut Thunk, f: &mut dyn FnMut(Role, &GExpr) -> GExpr) {
        let role = match t.params.first() {
            Some(&index) => Role::IndexThunk { index },
            None => Role::OnceBody,
        };
        t.body = f(role, &t.body);
    }
    match soac {
        Soac::Map { size, pull } => {
            *size = f(Role::Size, size);
            thunk(pull, &mut f);
        }
        Soac::Permute { size, values, index, .. }
        | Soac::Scatter { size, values, index, .. }
        | Soac::RadixPass { size, values, digit: index, .. } => {
            *size = f(Role::Size, size);
            thunk(values, &mut f);
            thunk(index, &mut f);
        }
        Soac::Reduce { size, pull, op, .. } | Soac::Scan { size, pull, op, .. } => {
            *size = f(Role::Size, size);
            thunk(pull, &mut f);
            op.body = f(Role::Operator, &op.body);
        }
        Soac::Filter { size, pull, pred, .. } => {
            *size = f(Role::Size, size);
            thunk(pull, &mut f);
            pred.body = f(Role::Predicate, &pred.body);
        }
        Soac::Once { body } => *body = f(Role::OnceBody, body),
        Soac::SegmentIds { size, .. } => *size = f(Role::Size, size),
        Soac::SegReduce { pull, op, .. } => {
            thunk(pull, &mut f);
            op.body = f(Role::Operator, &op.body);
        }
        Soac::SegScan { elements, pull, op, .. } => {
            *elements = f(Role::Size, elements);
            thunk(pull, &mut f);
            op.body = f(Role::Operator, &op.body);
        }
    }
}

/// The variables a SOAC uses outside its expressions: the segment
/// descriptor of the segmented forms and the bases of `SCATTER`. These need
/// the arrays in memory, whole.
pub fn structural_uses(soac: &Soac) -> Vec<KVar> {
    match soac {
        Soac::SegReduce { segments, .. } | Soac::SegScan { segments, .. } => vec![segments.lengths, segments.offsets],
        Soac::Scatter { base, .. } => base.clone(),
        Soac::SegmentIds { offsets, .. } | Soac::Filter { before: Some(offsets), .. } => vec![*offsets],
        _ => Vec::new(),
    }
}

/// Calls `f` on every variable `expr` reads (not the variables it binds).
pub fn for_each_use(expr: &GExpr, f: &mut impl FnMut(KVar)) {
    match expr {
        GExpr::Var(v) | GExpr::Length(v) => f(*v),
        GExpr::Read { array, .. } => f(*array),
        GExpr::SegmentOf { offsets, .. } => f(*offsets),
        GExpr::ParseNumber { chars, .. } => f(*chars),
        _ => {}
    }
    expr.for_each_child(|child| for_each_use(child, f));
}

/// Every variable the SOAC reads, its thunks' own binders included (they
/// are never results of other SOACs, so callers that look for results of
/// other SOACs may ignore them).
pub fn soac_uses(soac: &Soac) -> Vec<KVar> {
    let mut uses = structural_uses(soac);
    for_each_expr(soac, |_, e| for_each_use(e, &mut |v| uses.push(v)));
    uses
}

/// Whether `expr` reads `v`.
pub fn mentions(expr: &GExpr, v: KVar) -> bool {
    let mut found = false;
    for_each_use(expr, &mut |u| found |= u == v);
    found
}

/// Whether `soac` reads `v` anywhere.
pub fn soac_mentions(soac: &Soac, v: KVar) -> bool {
    soac_uses(soac).contains(&v)
}

/// Whether evaluating `expr` may fault (it checks something).
pub fn can_fault(expr: &GExpr) -> bool {
    if matches!(expr, GExpr::Assert { .. }) {
        return true;
    }
    let mut found = false;
    expr.for_each_child(|c| found |= can_fault(c));
    found
}

/// Whether `expr` contains a loop.
pub fn has_loop(expr: &GExpr) -> bool {
    if matches!(expr, GExpr::Loop { .. }) {
        return true;
    }
    let mut found = false;
    expr.for_each_child(|c| found |= has_loop(c));
    found
}

/// Whether running `soac` may fault: a check in a thunk, a checked
/// `PERMUTE`, or any `SCATTER` (it checks its indices).
pub fn soac_can_fault(soac: &Soac) -> bool {
    let mut found = match soac {
        Soac::Permute { check, .. } => check.is_some(),
        Soac::Scatter { .. } => true,
        _ => false,
    };
    for_each_expr(soac, |_, e| found |= can_fault(e));
    found
}

/// Whether `expr` itself generates a float's digits (`float_shortest`,
/// `exp_digits`: loops over big integers, note [float digits] in
/// `flatten::numtext`).
fn is_digit_generation(expr: &GExpr) -> bool {
    matches!(
        expr,
        GExpr::Unary { op: flatten::ir::UnaryOp::FloatShortest, .. }
            | GExpr::Binary { op: flatten::ir::BinaryOp::ExpDigits, .. }
    )
}

/// Whether `expr` generates a float's digits somewhere.
pub fn generates_digits(expr: &GExpr) -> bool {
    if is_digit_generation(expr) {
        return true;
    }
    let mut found = false;
    expr.for_each_child(|c| found |= generates_digits(c));
    found
}

/// A rough cost of evaluating `expr` once: its number of nodes, with a
/// segment search (a binary search) counting as eight, a number's parse or
/// digit generation as 64, and a loop's condition and step as
/// [`LOOP_ITERATIONS`] iterations.
pub fn cost(expr: &GExpr) -> usize {
    let own = match expr {
        GExpr::SegmentOf { .. } => 8,
        GExpr::ParseNumber { .. } => 64,
        _ if is_digit_generation(expr) => 64,
        GExpr::Loop { cond, step, .. } => return loop_cost(expr, cond, step),
        _ => 1,
    };
    let mut total = own;
    expr.for_each_child(|c| total += cost(c));
    total
}

/// How many iterations [`cost`] assumes of a loop (its count is not known
/// before it runs): enough that recomputing a loop is never cheaper than
/// storing its value.
pub const LOOP_ITERATIONS: usize = 1000;

fn loop_cost(expr: &GExpr, cond: &GExpr, step: &GExpr) -> usize {
    let mut once = 1;
    let mut iterated = 0;
    expr.for_each_child(|c| {
        if std::ptr::eq(c, cond) || std::ptr::eq(c, step) {
            iterated += cost(c);
        } else {
            once += cost(c);
        }
    });
    once.saturating_add(iterated.saturating_mul(LOOP_ITERATIONS))
}

/// Rebuilds `expr` bottom-up: children first, then `f` on the rebuilt node.
pub fn rebuild(expr: &GExpr, f: &mut impl FnMut(GExpr) -> GExpr) -> GExpr {
    let node = match expr {
        GExpr::Var(_) | GExpr::Const(_) | GExpr::Length(_) => expr.clone(),
        GExpr::Read { array, index } => GExpr::Read { array: *array, index: Box::new(rebuild(index, f)) },
        GExpr::SegmentOf { offsets, index } => {
            GExpr::SegmentOf { offsets: *offsets, index: Box::new(rebuild(index, f)) }
        }
        GExpr::ParseNumber { ty, flag, chars, start, length } => GExpr::ParseNumber {
            ty: *ty,
            flag: *flag,
            chars: *chars,
            start: Box::new(rebuild(start, f)),
            length: Box::new(rebuild(length, f)),
        },
        GExpr::Unary { op, ty, arg } => GExpr::Unary { op: *op, ty: *ty, arg: Box::new(rebuild(arg, f)) },
        GExpr::Binary { op, ty, lhs, rhs } => {
            GExpr::Binary { op: *op, ty: *ty, lhs: Box::new(rebuild(lhs, f)), rhs: Box::new(rebuild(rhs, f)) }
        }
        GExpr::If { cond, then_branch, else_branch } => GExpr::If {
            cond: Box::new(rebuild(cond, f)),
            then_branch: Box::new(rebuild(then_branch, f)),
            else_branch: Box::new(rebuild(else_branch, f)),
        },
        GExpr::Let { vars, value, body } => {
            GExpr::Let { vars: vars.clone(), value: Box::new(rebuild(value, f)), body: Box::new(rebuild(body, f)) }
        }
        GExpr::Tuple(items) => GExpr::Tuple(items.iter().map(|i| rebuild(i, f)).collect()),
        GExpr::Assert { cond, site, payload, body } => GExpr::Assert {
            cond: Box::new(rebuild(cond, f)),
            site: *site,
            payload: payload.iter().map(|p| rebuild(p, f)).collect(),
            body: Box::new(rebuild(body, f)),
        },
        GExpr::Loop { vars, init, cond, step, result } => GExpr::Loop {
            vars: vars.clone(),
            init: init.iter().map(|i| rebuild(i, f)).collect(),
            cond: Box::new(rebuild(cond, f)),
            step: Box::new(rebuild(step, f)),
            result: Box::new(rebuild(result, f)),
        },
    };
    f(node)
}

/// Renames every variable of `expr`, used or bound, through `map`.
pub fn rename(expr: &GExpr, map: &mut impl FnMut(KVar) -> KVar) -> GExpr {
    match expr {
        GExpr::Var(v) => GExpr::Var(map(*v)),
        GExpr::Const(c) => GExpr::Const(*c),
        GExpr::Length(v) => GExpr::Length(map(*v)),
        GExpr::Read { array, index } => GExpr::Read { array: map(*array), index: Box::new(rename(index, map)) },
        GExpr::SegmentOf { offsets, index } => {
            GExpr::SegmentOf { offsets: map(*offsets), index: Box::new(rename(index, map)) }
        }
        GExpr::ParseNumber { ty, flag, chars, start, length } => GExpr::ParseNumber {
            ty: *ty,
            flag: *flag,
            chars: map(*chars),
            start: Box::new(rename(start, map)),
            length: Box::new(rename(length, map)),
        },
        GExpr::Unary { op, ty, arg } => GExpr::Unary { op: *op, ty: *ty, arg: Box::new(rename(arg, map)) },
        GExpr::Binary { op, ty, lhs, rhs } => {
            GExpr::Binary { op: *op, ty: *ty, lhs: Box::new(rename(lhs, map)), rhs: Box::new(rename(rhs, map)) }
        }
        GExpr::If { cond, then_branch, else_branch } => GExpr::If {
            cond: Box::new(rename(cond, map)),
            then_branch: Box::new(rename(then_branch, map)),
            else_branch: Box::new(rename(else_branch, map)),
        },
        GExpr::Let { vars, value, body } => {
            let value = Box::new(rename(value, map));
            let vars = vars.iter().map(|v| map(*v)).collect();
            GExpr::Let { vars, value, body: Box::new(rename(body, map)) }
        }
        GExpr::Tuple(items) => GExpr::Tuple(items.iter().map(|i| rename(i, map)).collect()),
        GExpr::Assert { cond, site, payload, body } => GExpr::Assert {
            cond: Box::new(rename(cond, map)),
            site: *site,
            payload: payload.iter().map(|p| rename(p, map)).collect(),
            body: Box::new(rename(body, map)),
        },
        GExpr::Loop { vars, init, cond, step, result } => {
            let init = init.iter().map(|i| rename(i, map)).collect();
            let vars = vars.iter().map(|v| map(*v)).collect();
            GExpr::Loop {
                vars,
                init,
                cond: Box::new(rename(cond, map)),
                step: Box::new(rename(step, map)),
                result: Box::new(rename(result, map)),
            }
        }
    }
}

/// A copy of `expr` for use elsewhere in `kernel`: every variable it binds
/// gets a fresh one, the free variables in `subst` become their images,
/// and the other free variables stay.
pub fn fresh_copy(kernel: &mut Kernel, expr: &GExpr, subst: &HashMap<KVar, KVar>) -> GExpr {
    let mut map = subst.clone();
    let mut binders = Vec::new();
    collect_binders(expr, &mut binders);
    for b in binders {
        let info = kernel.var(b).clone();
        let fresh = kernel.new_var(info.name, info.ty);
        map.insert(b, fresh);
    }
    rename(expr, &mut |v| map.get(&v).copied().unwrap_or(v))
}

/// The variables `expr` binds with `let` and `loop`.
pub fn collect_binders(expr: &GExpr, out: &mut Vec<KVar>) {
    if let GExpr::Let { vars, .. } | GExpr::Loop { vars, .. } = expr {
        out.extend(vars.iter().copied());
    }
    expr.for_each_child(|c| collect_binders(c, out));
}

/// The number of values `expr` yields when it is a thunk body: the length
/// of the tuple it ends in (through `let`, `assert` and `if`), else one.
pub fn arity(expr: &GExpr) -> usize {
    match expr {
        GExpr::Tuple(items) => items.len(),
        GExpr::Let { body, .. } | GExpr::Assert { body, .. } => arity(body),
        GExpr::If { then_branch, .. } => arity(then_branch),
        _ => 1,
    }
}

/// A value of `k` components as one expression: the scalar itself for one
/// component, a tuple otherwise.
pub fn tuple_or_single(mut items: Vec<GExpr>) -> GExpr {
    if items.len() == 1 { items.remove(0) } else { GExpr::Tuple(items) }
}

/// The components of a multi-valued expression `e` followed by those of
/// `f`, as one expression: `(a.., b..)` when both are plain tuples (or
/// single values), else `let (u..) = e in let (w..) = f in (u.., w..)`
/// with fresh scalars of the given types. Both are evaluated, `e` first.
pub fn concat_values(
    kernel: &mut Kernel,
    first: GExpr,
    first_types: &[Scalar],
    second: GExpr,
    second_types: &[Scalar],
) -> GExpr {
    let plain = |e: &GExpr, k: usize| match e {
        GExpr::Tuple(items) => Some(items.clone()),
        _ if k == 1 && !matches!(e, GExpr::Let { .. } | GExpr::Assert { .. } | GExpr::If { .. }) => {
            Some(vec![e.clone()])
        }
        _ => None,
    };
    if let (Some(mut a), Some(b)) = (plain(&first, first_types.len()), plain(&second, second_types.len())) {
        a.extend(b);
        return tuple_or_single(a);
    }
    let bind = |kernel: &mut Kernel, value: GExpr, types: &[Scalar]| -> (Vec<KVar>, GExpr) {
        let vars: Vec<KVar> = types.iter().map(|&s| kernel.new_var("v", VarType::Scalar(s))).collect();
        (vars, value)
    };
    let (us, first) = bind(kernel, first, first_types);
    let (ws, second) = bind(kernel, second, second_types);
    let items: Vec<GExpr> = us.iter().chain(&ws).map(|&v| GExpr::Var(v)).collect();
    let mut body = tuple_or_single(items);
    if !ws.is_empty() {
        body = GExpr::let_(ws, second, body);
    } else {
        body = GExpr::let_(Vec::new(), second, body);
    }
    if !us.is_empty() {
        body = GExpr::let_(us, first, body);
    } else {
        body = GExpr::let_(Vec::new(), first, body);
    }
    body
}

/// A constant as an expression.
pub fn constant(c: Const) -> GExpr {
    GExpr::Const(c)
}

/// The neutral values of a reduction as one expression.
pub fn neutral_value(neutral: &[Const]) -> GExpr {
    tuple_or_single(neutral.iter().map(|&c| constant(c)).collect())
}

/// A value of type `s` to stand in where none is used (a filtered-out
/// element's columns).
pub fn placeholder(s: Scalar) -> GExpr {
    constant(match s {
        Scalar::Int => Const::Int(0),
        Scalar::Float => Const::Float(0.0),
        Scalar::Bool => Const::Bool(false),
        Scalar::Char => Const::Char(0),
    })
}
