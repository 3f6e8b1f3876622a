//! The checker on inputs nobody would write: random token soups, random
//! expression trees, deep nesting, long `let` chains, thousands of
//! functions. It must never panic, and must stay fast.

use crate::check_support;

use std::time::{Duration, Instant};

use crate::check_support::{check, check_with};
use nesl_frontend::source::{SourceMap, Span};
use nesl_frontend::syntax::ast::{Expr, ExprKind, Item, ItemKind, Module, UnaryOp};
use nesl_frontend::tast::{print_program, verify};
use proptest::prelude::*;

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(300)
}

const TOKENS: &[&str] = &[
    "function",
    "datatype",
    "if",
    "then",
    "else",
    "let",
    "in",
    "x",
    "y",
    "s",
    "g",
    "h",
    "sum",
    "plus_scan",
    "point",
    "pair_of",
    "a",
    "b",
    "int",
    "float",
    "bool",
    "time",
    "pi",
    "__pad",
    "display",
    "w_plot",
    "zip",
    "dist",
    "#",
    "@",
    "1",
    "2.5",
    "0",
    "t",
    "`c",
    "\"str\"",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ";",
    ":",
    "|",
    "=",
    "==",
    "+",
    "-",
    "*",
    "/",
    "->",
    "<-",
    "++",
    "||",
    "^",
    "::",
    "<",
    "<=",
    "and",
    "or",
    "not",
    "number",
    "any",
    "ordinal",
];

/// A prelude-like context that the soups can refer to.
const CONTEXT: &str = "
datatype point(float, float);
datatype pair_of(a, a) :: (a in number);
function g(x) = x + 1;
function h(s) = {g(v) : v in s};
";

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn token_soups_never_panic(tokens in prop::collection::vec(prop::sample::select(TOKENS), 1..40)) {
        let soup = tokens.join(" ");
        let program = format!("{CONTEXT}{soup};");
        let checked = check(&program);
        if let Ok(p) = &checked.result {
            verify(p).unwrap();
            print_program(p);
        } else {
            checked.render();
        }
    }

    #[test]
    fn random_expressions_never_panic(expr in expression()) {
        let program = format!("{CONTEXT}function k(x, s) = {expr};\nk(1, [1, 2]);\nk(2.5, [0.5]);\n{expr};");
        let checked = check(&program);
        if let Ok(p) = &checked.result {
            verify(p).unwrap();
            print_program(p);
        } else {
            checked.render();
        }
    }
}

/// Random, mostly well-formed NESL expressions over a few names.
fn expression() -> impl Strategy<Value = String> {
    let leaf = prop::sample::select(vec!["x", "s", "1", "2.5", "t", "`a", "\"ab\"", "pi", "[] int", "[1, 2]", "y"])
        .prop_map(str::to_string);
    leaf.prop_recursive(5, 40, 3, |inner| {
        prop_oneof![
            (inner.clone(), prop::sample::select(vec!["+", "*", "==", "<", "++", "and", "->", "||"]), inner.clone())
                .prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            (inner.clone(), inner.clone(), inner.clone()).prop_map(|(c, a, b)| format!("(if {c} then {a} else {b})")),
            (inner.clone(), inner.clone()).prop_map(|(v, b)| format!("(let x = {v} in {b})")),
            (inner.clone(), inner.clone()).prop_map(|(b, s)| format!("{{{b} : x in {s}}}")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}, {b})")),
            inner.clone().prop_map(|a| format!("#{a}")),
            inner.clone().prop_map(|a| format!("sum({a})")),
            inner.clone().prop_map(|a| format!("h({a})")),
            inner.clone().prop_map(|a| format!("g({a})")),
            inner.clone().prop_map(|a| format!("[{a}]")),
            (inner.clone(), inner).prop_map(|(a, b)| format!("pair_of({a}, {b})")),
        ]
    })
}

#[test]
fn a_let_with_thousands_of_bindings() {
    let n = 20_000;
    let mut src = String::from("let x0 = 1");
    for i in 1..n {
        src.push_str(&format!("; x{i} = x{} + 1", i - 1));
    }
    src.push_str(&format!(" in x{};", n - 1));
    let checked = check(&src);
    assert_eq!(checked.item_types(), ["int"]);
    verify(checked.program()).unwrap();
    assert!(print_program(checked.program()).contains("x19999 : int"));
}

#[test]
fn nesting_at_the_parsers_limit_fits_a_small_stack() {
    // 180 levels of brackets and operators (the parser allows 200), parsed
    // here and checked on a 1 MiB stack (the checker needs about 4 KiB a
    // level without optimisation).
    let src = format!("{}[1]{};", "[#(".repeat(60), ")]".repeat(60));
    let mut sources = SourceMap::new();
    let prelude_file = sources.add("<prelude>", check_support::MINI_PRELUDE, true);
    let user_file = sources.add("deep.nesl", src.as_str(), false);
    let prelude = nesl_frontend::syntax::parse_file(&sources, prelude_file).unwrap();
    let user = nesl_frontend::syntax::parse_file(&sources, user_file).unwrap();
    std::thread::scope(|scope| {
        let checker = std::thread::Builder::new().stack_size(1 << 20).spawn_scoped(scope, || {
            let program = nesl_frontend::check::check_program(&sources, &prelude, &user).unwrap();
            verify(&program).unwrap();
            print_program(&program).len()
        });
        assert!(checker.unwrap().join().unwrap() > 0);
    });
}

#[test]
fn a_hand_built_tree_deeper_than_the_parser_allows_is_reported() {
    let mut sources = SourceMap::new();
    let file = sources.add("deep.nesl", "-1;", false);
    let span = Span::new(file, 0, 3);
    let mut expr = Expr { kind: ExprKind::Int(1), span };
    for _ in 0..3_000 {
        expr = Expr { kind: ExprKind::Unary { op: UnaryOp::Negate, op_span: span, operand: Box::new(expr) }, span };
    }
    let user = Module { items: vec![Item { kind: ItemKind::Expr(expr), span }] };
    let prelude = Module { items: Vec::new() };
    let result = nesl_frontend::check::check_program(&sources, &prelude, &user);
    let diags = result.expect_err("too deep");
    assert!(diags[0].message.contains("nested too deeply"), "{}", diags[0].message);
    // Drop the deep tree without recursion blowing the stack.
    let mut items = user.items;
    if let Some(Item { kind: ItemKind::Expr(mut e), .. }) = items.pop() {
        while let ExprKind::Unary { operand, .. } = e.kind {
            e = *operand;
        }
    }
}

#[test]
fn thousands_of_functions_check_quickly() {
    let n = 3_000;
    let mut src = String::from("function f0(x) = x;\n");
    for i in 1..n {
        // A chain of monomorphic calls, polymorphic helpers, and a
        // recursive pair every hundred functions.
        src.push_str(&format!("function f{i}(x) = f{}(x) + {i};\n", i - 1));
        src.push_str(&format!("function p{i}(x, y) = if #x > {i} then (y, x) else (y, x);\n"));
        if i % 100 == 0 {
            src.push_str(&format!(
                "function r{i}(n) = if n == 0 then 0 else q{i}(n - 1);\nfunction q{i}(n) = r{i}(n) + f{i}(n);\n"
            ));
        }
    }
    for i in (1..n).step_by(7) {
        src.push_str(&format!("p{i}([{i}], {i}.5); f{i}(1);\n"));
    }
    src.push_str("r2900(3);\n");
    let start = Instant::now();
    let checked = check_with("", &src);
    let elapsed = start.elapsed();
    let program = checked.program();
    assert!(program.functions.len() > 3_000, "{}", program.functions.len());
    eprintln!("checked {} functions ({} instances) in {elapsed:?}", 2 * n, program.functions.len());
    assert!(elapsed < Duration::from_secs(5), "checking took {elapsed:?}");
}

#[test]
fn types_that_double_at_each_step_are_stopped() {
    // Each step doubles the type: (x, x), ((x, x), (x, x)), ... Sixty steps
    // would need 2^60 nodes; the checker stops at a bound instead.
    let mut src = String::from("function dup(x) = (x, x);\nlet a0 = 1");
    for i in 1..60 {
        src.push_str(&format!("; a{i} = dup(a{})", i - 1));
    }
    src.push_str(" in a59;");
    let start = Instant::now();
    let checked = check(&src);
    assert!(checked.render().contains("the type of this expression is too large"), "{}", checked.render());
    assert!(start.elapsed() < Duration::from_secs(5));
    // Ten steps are fine.
    let mut src = String::from("function dup(x) = (x, x);\nlet a0 = 1");
    for i in 1..10 {
        src.push_str(&format!("; a{i} = dup(a{})", i - 1));
    }
    src.push_str(" in a9;");
    check(&src).program();
}
