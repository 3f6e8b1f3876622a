//! NESL 3.1's function values: a function passed as an argument, bound by
//! `let`, or written anonymously (`p => e`), specialised at
//! monomorphisation (one instance per function passed), and the
//! diagnostics for their misuse.

use crate::check_support::{check, check_real};
use nesl_frontend::ErrorClass;
use nesl_frontend::tast::ExprKind;

#[test]
fn a_function_argument_gives_an_instance_per_function() {
    let c = check(
        "function twice(g, x) = g(g(x));\n\
         function inc(x) = x + 1;\n\
         function half(x) = x / 2.0;\n\
         twice(inc, 5); twice(half, 3.0);",
    );
    assert_eq!(c.item_types(), ["int", "float"]);
    let instances = c.instances();
    assert!(instances.contains(&"twice<inc, int>".to_string()), "{instances:?}");
    assert!(instances.contains(&"twice<half, float>".to_string()), "{instances:?}");
    // The function parameter is erased: each instance takes only `x`, and
    // calls the function it was made for.
    let twice = c.function("twice<inc, int>");
    assert_eq!(twice.params.len(), 1);
    let program = c.program();
    let inc = program.functions.iter().find(|(_, f)| f.instance == "inc").map(|(id, _)| id).unwrap();
    assert!(program.exprs.iter().any(|(_, e)| matches!(&e.kind, ExprKind::Call { func, .. } if *func == inc)));
}

#[test]
fn a_function_argument_is_passed_on_and_called_inside_an_apply_to_each() {
    let c = check(
        "function each(g, s) = {g(x) : x in s};\n\
         function outer(g, s) = each(g, s);\n\
         function sq(x) = x * x;\n\
         outer(sq, [1, 2, 3]);",
    );
    assert_eq!(c.item_types(), ["[int]"]);
    assert!(c.instances().iter().any(|i| i.starts_with("each<sq")), "{:?}", c.instances());
}

#[test]
fn a_polymorphic_function_is_instantiated_at_the_call_of_its_value() {
    let c = check(
        "function ap(g, x) = g(x);\n\
         function pair_up(x) = (x, x);\n\
         ap(pair_up, 1); ap(pair_up, 2.5);",
    );
    assert_eq!(c.item_types(), ["(int, int)", "(float, float)"]);
    let instances = c.instances();
    assert!(instances.contains(&"pair_up<int>".to_string()), "{instances:?}");
    assert!(instances.contains(&"pair_up<float>".to_string()), "{instances:?}");
}

#[test]
fn arguments_are_fitted_to_the_parameters_around_a_function_argument() {
    // adaptive-integration.nesl of NESL 3.1: `adaptive2(func, depth + 1,
    // interval)` for `adaptive2(func, depth, a, b)`.
    let c = check(
        "function area(g, d, a, b) = if d == 0 then g(a) * (b - a) else sum({area(g, d - 1, iv) : iv in [(a, (a + b) / 2.0), ((a + b) / 2.0, b)]});\n\
         function id(x) = x;\n\
         area(id, 2, (0.0, 1.0));",
    );
    assert_eq!(c.item_types(), ["float"]);
}

#[test]
fn let_bound_and_anonymous_functions() {
    let c = check_real(
        "let h = (a, b) => a * 10 + b in h(3, 4);\n\
         function each(g, s) = {g(x) : x in s};\n\
         each(x => x * 2, [4, 5]);\n\
         let fmt = (s, v) => s ++ \"=\" ++ @v in fmt(\"x\", 3) ++ fmt(\"y\", 4);",
    );
    assert_eq!(c.item_types(), ["int", "[int]", "[char]"]);
    assert!(c.instances().iter().any(|i| i.starts_with("lambda")), "{:?}", c.instances());
}

#[test]
fn a_function_where_a_value_is_expected() {
    let c = check("function inc(x) = x + 1;\ninc(inc);");
    let rendered = c.render();
    assert_eq!(c.diagnostics()[0].class, ErrorClass::Type, "{rendered}");
    assert!(rendered.contains("the argument of `inc` has type `(int -> int)`, but `inc` expects `int`"), "{rendered}");
}

#[test]
fn a_value_where_a_function_is_expected() {
    let c = check("function ap(g) = g(1);\nap(3);");
    let rendered = c.render();
    assert!(rendered.starts_with("error: test.nesl:2:4: "), "{rendered}");
    assert!(rendered.contains("has type `int`, but `ap` expects `(int -> a)`"), "{rendered}");
}

#[test]
fn a_function_value_called_with_the_wrong_number_of_arguments() {
    let c = check("function ap(g) = g(1, 2);\nfunction inc(x) = x + 1;\nap(inc);");
    let rendered = c.render();
    assert!(rendered.starts_with("error: test.nesl:3:4: "), "{rendered}");
    assert!(rendered.contains("`ap` expects `((int, int) -> a)`"), "{rendered}");
}

#[test]
fn two_functions_are_two_types() {
    // As in NESL 3.1, a function's identity is part of its type.
    let c = check("function inc(x) = x + 1;\nfunction dbl(x) = 2 * x;\nfunction pick(b) = if b then inc else dbl;");
    let rendered = c.render();
    assert_eq!(c.diagnostics()[0].class, ErrorClass::Type, "{rendered}");
    assert!(rendered.contains("`inc` and `dbl` differ"), "{rendered}");
}

#[test]
fn an_anonymous_function_may_not_use_the_locals_around_it() {
    let c = check("function k(y) = let g = x => x + y in g(1);");
    let rendered = c.render();
    assert_eq!(c.diagnostics()[0].class, ErrorClass::Unsupported, "{rendered}");
    assert!(rendered.contains("an anonymous function that uses `y` of the code around it"), "{rendered}");
    assert!(rendered.starts_with("error: test.nesl:1:34: "), "{rendered}");
}

#[test]
fn a_function_value_inside_a_value_is_not_supported_yet() {
    let c = check("function inc(x) = x + 1;\nfunction both(x) = (inc, x);\nboth(1);");
    let rendered = c.render();
    assert_eq!(c.diagnostics()[0].class, ErrorClass::Unsupported, "{rendered}");
    assert!(rendered.contains("not supported yet: a function value"), "{rendered}");
}
