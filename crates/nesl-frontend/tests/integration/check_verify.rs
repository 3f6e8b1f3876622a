//! `tast::verify` accepts what the checker produces and rejects programs
//! corrupted by hand, naming the offending node.

use crate::check_support::{check, check_real};
use la_arena::{Idx, RawIdx};
use nesl_frontend::Type;
use nesl_frontend::tast::{ExprId, ExprKind, LocalId, Program, Var, verify};

fn program(src: &str) -> Program {
    check(src).program().clone()
}

fn find(program: &Program, wanted: impl Fn(&ExprKind) -> bool) -> ExprId {
    program.exprs.iter().find(|(_, e)| wanted(&e.kind)).map(|(id, _)| id).expect("no such expression")
}

#[track_caller]
fn rejected(program: &Program, words: &[&str]) {
    let error = verify(program).expect_err("the corrupted program was accepted");
    for word in words {
        assert!(error.message.contains(word), "the error lacks {word:?}: {}", error.message);
    }
}

const SOURCE: &str = "
function g(x, y) = if x < y then (x, [y]) else (y, [x]);
function h(s) = {a * 2 : a in s | a > 0};
datatype point(float, float);
p = point(1.0, 2.0);
g(1, 2); h([1, 2]); let point(u, v) = p in u + v;
";

#[test]
fn accepts_what_the_checker_produces() {
    verify(&program(SOURCE)).unwrap();
    let real = check_real(
        "collect([(1, \"a\"), (2, \"b\")]); transpose([[1, 2]]); wordify(\"a b\"); \"a\" || 3; median([1.0]);
         int_collect([(1, 2)]); search_for_subseqs(\"a\", \"abab\"); histogram([1, 2], 3); name([t, f, t]);",
    );
    verify(real.program()).unwrap();
}

#[test]
fn rejects_a_wrongly_typed_literal() {
    let mut p = program(SOURCE);
    let id = find(&p, |k| matches!(k, ExprKind::Int(2)));
    p.exprs[id].ty = Type::Float;
    rejected(&p, &["has type `float`, expected `int`", "`2`"]);
    let error = verify(&p).unwrap_err();
    assert!(error.span.is_some());
}

#[test]
fn rejects_an_operand_after_its_user() {
    let mut p = program(SOURCE);
    let id = find(&p, |k| matches!(k, ExprKind::Pair(..)));
    let later: ExprId = Idx::from_raw(RawIdx::from(p.exprs.len() as u32 - 1));
    if let ExprKind::Pair(a, _) = &mut p.exprs[id].kind {
        *a = later;
    }
    rejected(&p, &["does not come before it"]);
}

#[test]
fn rejects_a_local_out_of_range() {
    let mut p = program(SOURCE);
    let id = find(&p, |k| matches!(k, ExprKind::Var(Var::Local(_))));
    p.exprs[id].kind = ExprKind::Var(Var::Local(LocalId(999)));
    rejected(&p, &["local 999 does not exist"]);
}

#[test]
fn rejects_an_argument_of_the_wrong_type() {
    let mut p = program(SOURCE);
    let (_, g) = p.functions.iter_mut().find(|(_, f)| f.instance.starts_with("g")).unwrap();
    g.params[0].ty = Type::Bool;
    rejected(&p, &["bool"]);
}

#[test]
fn rejects_a_primitive_outside_its_class() {
    // `a * 2` at bool: consistent types, but `*` needs a number.
    let mut p = program("function h(a, b) = a * b; h(1, 2);");
    let id = find(&p, |k| matches!(k, ExprKind::Prim { .. }));
    let args = match &p.exprs[id].kind {
        ExprKind::Prim { args, .. } => args.clone(),
        _ => unreachable!(),
    };
    for arg in args {
        p.exprs[arg].ty = Type::Bool;
    }
    p.exprs[id].ty = Type::Bool;
    for (_, f) in p.functions.iter_mut() {
        for param in &mut f.params {
            param.ty = Type::Bool;
        }
        for local in &mut f.locals {
            local.ty = Type::Bool;
        }
        f.result = Type::Bool;
    }
    rejected(&p, &["`*` is used at `bool`, which is not in class `number`"]);
}

#[test]
fn rejects_disagreeing_branches_and_names_the_node() {
    let mut p = program(SOURCE);
    let id = find(&p, |k| matches!(k, ExprKind::If { .. }));
    let else_branch = match &p.exprs[id].kind {
        ExprKind::If { else_branch, .. } => *else_branch,
        _ => unreachable!(),
    };
    p.exprs[else_branch].ty = Type::Int;
    let error = verify(&p).unwrap_err();
    // The error names a node by its printed form.
    assert!(error.message.contains("`"), "{}", error.message);
    assert!(error.span.is_some());
}

#[test]
fn rejects_duplicate_instance_names() {
    let mut p = program("function a1(x) = x + 1; function a2(x) = x * 2; a1(1) + a2(2);");
    for (_, f) in p.functions.iter_mut() {
        f.instance = "same".into();
    }
    rejected(&p, &["two function instances are named `same`"]);
}

#[test]
fn rejects_a_datatype_out_of_range() {
    let mut p = program(SOURCE);
    p.datatypes.clear();
    rejected(&p, &["does not exist"]);
}

/// Note [function values]: a function-typed parameter is erased from its
/// instance's parameters but keeps its local's place, so the parameters
/// skip that local; the verifier accepts the gap and nothing else.
const HIGHER_ORDER: &str = "
function twice(g, x) = g(g(x));
function inc(x) = x + 1;
twice(inc, 3); {twice(inc, i) : i in [1, 2]};
";

#[test]
fn accepts_an_erased_function_parameter() {
    let p = program(HIGHER_ORDER);
    let (_, twice) = p.functions.iter().find(|(_, f)| f.name == "twice").expect("an instance of twice");
    assert_eq!(twice.params.len(), 1, "the function parameter is erased");
    verify(&p).unwrap();
}

#[test]
fn rejects_a_read_of_an_erased_parameter() {
    let mut p = program(HIGHER_ORDER);
    let (_, twice) = p.functions.iter().find(|(_, f)| f.name == "twice").expect("an instance of twice");
    let x_local = match &twice.params[0].kind {
        nesl_frontend::tast::PatternKind::Bind(Var::Local(l)) => *l,
        other => panic!("twice's parameter is {other:?}"),
    };
    assert!(x_local.0 > 0, "x comes after the erased g");
    let id = find(&p, |k| matches!(k, ExprKind::Var(Var::Local(l)) if *l == x_local));
    p.exprs[id].kind = ExprKind::Var(Var::Local(LocalId(0)));
    rejected(&p, &["no parameter binds"]);
}
