//! Every kind of diagnostic the checker reports: its class, the `line:col`
//! of its primary label, and what the rendered text says (both types and
//! both places for mismatches).

use crate::check_support::{Checked, check};
use nesl_frontend::ErrorClass;

/// Checks `src`, expecting exactly `count` diagnostics, the first of class
/// `class` at `position` (`line:col`), whose rendering contains every one
/// of `words`. Returns the result for further checks.
#[track_caller]
fn expect_errors(src: &str, count: usize, class: ErrorClass, position: &str, words: &[&str]) -> Checked {
    let checked = check(src);
    let rendered = checked.render();
    let diags = checked.diagnostics();
    assert_eq!(diags.len(), count, "expected {count} diagnostics:\n{rendered}");
    assert_eq!(diags[0].class, class, "{rendered}");
    let first = &checked.positions()[0];
    assert!(first.starts_with(&format!("{position}:")), "expected the error at {position}:\n{rendered}");
    assert!(rendered.starts_with(&format!("error: test.nesl:{position}: ")), "{rendered}");
    for word in words {
        assert!(rendered.contains(word), "the rendering lacks {word:?}:\n{rendered}");
    }
    checked
}

#[track_caller]
fn expect_error(src: &str, class: ErrorClass, position: &str, words: &[&str]) -> Checked {
    expect_errors(src, 1, class, position, words)
}

// ----- names -----

#[test]
fn unbound_variable_with_a_suggestion() {
    expect_error(
        "function add_total(total) =\n  totl + 1;",
        ErrorClass::Name,
        "2:3",
        &["unbound variable `totl`", "did you mean `total`?"],
    );
    expect_error("x = 1;\ny = xs + 1;", ErrorClass::Name, "2:5", &["unbound variable `xs`", "did you mean `x`?"]);
}

#[test]
fn unbound_function_with_a_suggestion() {
    expect_error(
        "x = [1, 2, 3];\nidentiy(x);",
        ErrorClass::Name,
        "2:1",
        &["unbound function `identiy`", "did you mean `identity`?"],
    );
    expect_error("lenght([1]);", ErrorClass::Name, "1:1", &["did you mean `length`?"]);
    expect_error("function scale(x) = x;\nscael(2);", ErrorClass::Name, "2:1", &["did you mean `scale`?"]);
}

#[test]
fn library_private_names_are_unbound_in_user_code() {
    expect_error("x = __double(2);", ErrorClass::Name, "1:5", &["unbound function `__double`"]);
}

#[test]
fn a_global_is_not_visible_before_its_binding() {
    expect_error(
        "function show(x) = x + limit;\nlimit = 3;",
        ErrorClass::Name,
        "1:24",
        &["unbound variable `limit`", "bound only later, here", "visible only to the forms after it"],
    );
}

#[test]
fn a_form_cannot_call_a_function_that_reads_a_later_global() {
    expect_error(
        "limit = 1;\ny = show(1);\nlimit = 2;\nfunction show(x) = x + limit;",
        ErrorClass::Name,
        "2:5",
        &["`show` uses the global `limit` before it is bound", "read here", "bound here, after the form"],
    );
}

#[test]
fn duplicate_definitions_show_both() {
    // A function may be redefined (NESL 3.1's top level); a datatype may not.
    let c = expect_error(
        "datatype twice(int);\ndatatype twice(int);\ntwice(3);",
        ErrorClass::Name,
        "2:10",
        &["duplicate definition of `twice`", "first defined here", "defined again here"],
    );
    let labels = &c.diagnostics()[0].labels;
    assert_eq!(labels.len(), 2);
    expect_error("datatype d(int);\nfunction d(x) = x;", ErrorClass::Name, "2:10", &["duplicate definition of `d`"]);
    expect_error("datatype d(int);\ndatatype d(float);", ErrorClass::Name, "2:10", &["duplicate definition"]);
    expect_error("function d(x) = x;\ndatatype d(int);", ErrorClass::Name, "2:10", &["duplicate definition of `d`"]);
}

#[test]
fn a_name_bound_twice_in_one_pattern() {
    expect_error("(a, a) = (1, 2);", ErrorClass::Name, "1:5", &["`a` is bound twice", "first bound here"]);
    expect_error("function g(x, x) = x;", ErrorClass::Name, "1:15", &["`x` is bound twice"]);
    expect_error("{a : a in [1]; a in [2]};", ErrorClass::Name, "1:16", &["`a` is bound twice"]);
}

#[test]
fn unknown_types_and_classes() {
    expect_error("[] flaot;", ErrorClass::Name, "1:4", &["unknown type `flaot`", "did you mean `float`?"]);
    expect_error(
        "function g(x) : a -> a :: (a in numbr) = x;",
        ErrorClass::Name,
        "1:33",
        &["unknown type class `numbr`", "did you mean `number`?"],
    );
    expect_error("datatype point(float, float);\n[] pont;", ErrorClass::Name, "2:4", &["did you mean `point`?"]);
}

#[test]
fn unknown_constructor_in_a_pattern() {
    expect_error(
        "datatype point(float, float);\nfunction g(piont(x, y)) = x;",
        ErrorClass::Name,
        "2:12",
        &["unknown datatype constructor `piont`", "did you mean `point`?"],
    );
}

// ----- function values -----

#[test]
fn functions_as_values_only_where_nessie_erases_them() {
    expect_error(
        "function inc(x) = x + 1;\ny = inc;",
        ErrorClass::Unsupported,
        "2:1",
        &["not supported yet: a function value", "bound at the top level"],
    );
    expect_error("y = sum;", ErrorClass::Type, "1:5", &["`sum` is a builtin function, not a value", "sum(x)`"]);
    expect_error("datatype point(float, float);\ny = point;", ErrorClass::Type, "2:5", &["datatype constructor"]);
}

#[test]
fn only_function_values_can_be_called() {
    expect_error(
        "x = 3;\nx(2);",
        ErrorClass::Type,
        "2:1",
        &["`x` has type `int`, but this call needs a function of type `(int -> a)`"],
    );
    expect_error("function g(h) = (h(1), h + 1);", ErrorClass::Class, "1:24", &["is not in class `number`"]);
    expect_error("pi(2);", ErrorClass::Type, "1:1", &["`pi` is a constant, not a function"]);
}

// ----- arity -----

#[test]
fn a_tuple_argument_must_supply_the_parameters_left() {
    // NESL matches the tuple of the arguments against the parameters: a
    // tuple argument of the wrong shape is a type error at the argument.
    expect_error(
        "function connect(a, b, c) = a + b * c;\nlet p = (1, 2) in connect(p);",
        ErrorClass::Type,
        "2:27",
        &["`(a, b, c)`", "`(int, int)`"],
    );
}

#[test]
fn wrong_arity_labels_the_call_and_the_definition() {
    let c = expect_error(
        "function g(x, y) : (int, int) -> int = x + y;\ng(1, 2, 3);",
        ErrorClass::Arity,
        "2:1",
        &["`g` expects 2 arguments, but this call passes 3", "defined here with 2 parameters"],
    );
    let labels = &c.diagnostics()[0].labels;
    assert!(labels.iter().any(|l| !l.is_primary), "a secondary label at the definition");
    expect_error("x = rem(7, 2, 1);", ErrorClass::Arity, "1:5", &["`rem` expects 2 arguments", "(int, int) -> int"]);
    expect_error(
        "datatype point(float, float);\npoint(1.0);",
        ErrorClass::Arity,
        "2:1",
        &["`point` expects 2 arguments", "declared here with 2 fields"],
    );
    expect_error(
        "datatype point(float, float);\nfunction g(point(x)) = x;",
        ErrorClass::Arity,
        "2:12",
        &["has 2 fields, but this pattern has 1 field"],
    );
    expect_error("time(1, 2);", ErrorClass::Arity, "1:1", &["`time` expects 1 argument"]);
}

#[test]
fn a_signature_with_the_wrong_number_of_parameters() {
    expect_error(
        "function g(x) : (int, int) -> int = x;",
        ErrorClass::Arity,
        "1:17",
        &["declares 2 parameters, but the definition has 1"],
    );
}

// ----- type mismatches: both types, both places -----

#[test]
fn if_branches_of_different_types() {
    let c = expect_error(
        "x = if t\n    then 1\n    else 2.5;",
        ErrorClass::Type,
        "3:10",
        &[
            "the branches of `if` have different types: `int` and `float`",
            "the then-branch has type `int`",
            "the else-branch has type `float`",
        ],
    );
    let rendered = c.render();
    assert!(rendered.contains("2 │     then 1") && rendered.contains("3 │     else 2.5"), "{rendered}");
}

#[test]
fn argument_against_declared_parameter() {
    expect_error(
        "function half(x) : float -> float = x / 2.0;\nhalf(3);",
        ErrorClass::Type,
        "2:6",
        &[
            "the argument of `half` has type `int`, but `half` expects `float`",
            "this has type `int`",
            "the parameter has type `float`",
        ],
    );
    // Without a signature, the parameter's inferred type and where it is bound.
    expect_error(
        "function g(x, y) = x + y;\ng(1.5, 2);",
        ErrorClass::Type,
        "2:8",
        &["argument 2 of `g` has type `int`, but `g` expects `float`", "the parameter has type `float`"],
    );
}

#[test]
fn operands_of_different_types() {
    expect_error(
        "x = 1 + 2.5;",
        ErrorClass::Type,
        "1:9",
        &[
            "the right operand of `+` has type `float`, but `+` expects `int`",
            "this has type `int`",
            "this has type `float`",
        ],
    );
    expect_error("x = #1;", ErrorClass::Type, "1:6", &["the operand of `#` has type `int`"]);
    expect_error("x = [1] ++ \"a\";", ErrorClass::Type, "1:12", &["`[int]`", "`[char]`"]);
}

#[test]
fn sequence_elements_of_different_types() {
    expect_error(
        "[1, 2, 3.0];",
        ErrorClass::Type,
        "1:8",
        &["the elements of a sequence have different types: `int` and `float`", "the first element has type `int`"],
    );
}

#[test]
fn conditions_filters_and_generators() {
    expect_error("if 1 then 2 else 3;", ErrorClass::Type, "1:4", &["the condition of `if` must be `bool`"]);
    expect_error("{x : x in [1] | 3};", ErrorClass::Type, "1:17", &["the filter of an apply-to-each must be `bool`"]);
    expect_error(
        "{x : x in 5};",
        ErrorClass::Type,
        "1:11",
        &["the generator needs a sequence", "this has type `int`", "each element is bound to this pattern"],
    );
    expect_error("{a : (a, b) in [1, 2]};", ErrorClass::Type, "1:16", &["`[(a, b)]`", "`[int]`"]);
}

#[test]
fn patterns_against_values() {
    expect_error(
        "let (a, b) = 1 in a;",
        ErrorClass::Type,
        "1:5",
        &["the pattern has type `(a, b)`, but the value bound to it has type `int`", "the value has type `int`"],
    );
    expect_error("(a, b) = 1;", ErrorClass::Type, "1:1", &["the pattern has type `(a, b)`"]);
    expect_error(
        "datatype point(float, float);\nfunction g(point(x, (a, b))) = x;",
        ErrorClass::Type,
        "2:21",
        &["field 2 of the pattern `point(...)`", "the field is declared `float` here"],
    );
}

#[test]
fn constructor_arguments_against_field_types() {
    expect_error(
        "datatype point(float, float);\npoint(1, 2.0);",
        ErrorClass::Type,
        "2:7",
        &["argument 1 of `point` has type `int`, but `point` expects `float`", "the parameter has type `float`"],
    );
}

#[test]
fn a_nested_mismatch_names_the_differing_parts() {
    expect_error(
        "function g(s) = s[0] + 1;\ng([t]);",
        ErrorClass::Type,
        "2:3",
        &["has type `[bool]`, but `g` expects `[int]`", "`int` and `bool` differ"],
    );
}

#[test]
fn recursive_types_fail_the_occurs_check() {
    expect_error(
        "function grow(x) = grow([x]);",
        ErrorClass::Type,
        "1:25",
        &["recursive type: `a` would have to equal `[a]`"],
    );
}

#[test]
fn a_recursive_use_that_disagrees_with_the_body() {
    expect_error(
        "function g(x) = if x then g(x) + 1 else [1];",
        ErrorClass::Type,
        "1:41",
        &["different types: `int` and `[int]`"],
    );
}

// ----- classes -----

#[test]
fn class_violations_name_the_type_the_class_and_the_origin() {
    expect_error(
        "sum([t, f]);",
        ErrorClass::Class,
        "1:5",
        &[
            "`bool` is not in class `number`, required by `sum`",
            "`sum` requires class `number` here",
            "`int` or `float`",
        ],
    );
    expect_error(
        "plus_scan(\"abc\");",
        ErrorClass::Class,
        "1:11",
        &["`char` is not in class `number`, required by `plus_scan`"],
    );
    expect_error("(1, 2) == (1, 2);", ErrorClass::Class, "1:1", &["`(int, int)` is not in class `ordinal`"]);
    expect_error(
        "function smaller(x, y) : (a, a) -> a :: (a in ordinal) = min(x, y);\nsmaller(1, 2);\nsmaller(t, f);",
        ErrorClass::Class,
        "3:9",
        &["`bool` is not in class `ordinal`, required by `smaller`"],
    );
    // A class inferred for a user function travels with its scheme.
    expect_error("function g(x) = x * 2.0 + x;\ng(`a);", ErrorClass::Type, "2:3", &["`char`", "`float`"]);
    expect_error(
        "function h(x) = x + x;\nh(t);",
        ErrorClass::Class,
        "2:3",
        &["`bool` is not in class `number`, required by `h`"],
    );
}

// ----- signatures -----

#[test]
fn the_body_disagrees_with_the_declared_result() {
    expect_error(
        "function h(x) : int -> float = x + 1;",
        ErrorClass::Type,
        "1:32",
        &["the body of `h` has type `int`, but its signature declares `float`", "declared `float` here"],
    );
}

#[test]
fn a_parameter_pattern_disagrees_with_the_signature() {
    expect_error(
        "function k((a, b)) : int -> int = a;",
        ErrorClass::Type,
        "1:12",
        &["the parameter of `k` is declared `int`, but its pattern has type `(a, b)`", "declared `int` here"],
    );
}

#[test]
fn a_rigid_variable_made_concrete() {
    expect_error(
        "function g(x) : a -> a :: (a in number) = x + 1;",
        ErrorClass::Type,
        "1:47",
        &[
            "the signature of `g` declares the type variable `a`, but the body requires it to be `int`",
            "`a` is declared here",
        ],
    );
}

#[test]
fn two_rigid_variables_made_equal() {
    expect_error(
        "function p(x, y) : (a, b) -> a = y;",
        ErrorClass::Type,
        "1:34",
        &["declares the type variable `a`, but the body requires it to be `b`", "declared `a` here"],
    );
}

#[test]
fn a_rigid_variable_given_a_smaller_class() {
    expect_error(
        "function g(x) : a -> a = x + x;",
        ErrorClass::Class,
        "1:26",
        &[
            "declares `a` in class `any`, but class `number` is required by `+`",
            "restrict the signature with `:: (a in number)`",
        ],
    );
    // A smaller declared class is fine.
    check("function g(x) : a -> a :: (a in number) = x + x; g(1);").program();
}

// ----- datatypes -----

#[test]
fn recursive_datatypes_are_unsupported() {
    expect_error(
        "datatype tree(int, [tree]);",
        ErrorClass::Unsupported,
        "1:10",
        &["recursive datatypes are not supported"],
    );
    expect_errors("datatype a1(b1);\ndatatype b1(a1);", 2, ErrorClass::Unsupported, "1:10", &["contains itself"]);
}

#[test]
fn a_constraint_on_a_variable_the_fields_do_not_use() {
    expect_error(
        "datatype box(a) :: (b in number);",
        ErrorClass::Name,
        "1:21",
        &["`b` is not a parameter of the datatype `box`"],
    );
}

// ----- unsupported features -----

#[test]
fn unsupported_builtins_give_the_reason() {
    expect_error("display(1);", ErrorClass::Unsupported, "1:1", &["`display` is not supported", "plotting"]);
    expect_error("w_make_window(1);", ErrorClass::Unsupported, "1:1", &["window functions are not supported"]);
    expect_error("x = shell_command(\"ls\");", ErrorClass::Unsupported, "1:5", &["shell access is not supported"]);
    expect_error("x = read_line;", ErrorClass::Unsupported, "1:5", &["file I/O"]);
}

#[test]
fn unsupported_forms() {
    let c = check("x &= 1 + 2;");
    let diags = c.diagnostics();
    assert_eq!(diags.len(), 1, "{}", c.render());
    assert_eq!(diags[0].class, ErrorClass::Unsupported);
    assert!(c.positions()[0].starts_with("1:1:"), "{}", c.render());
}

// ----- several errors, no cascades -----

#[test]
fn independent_errors_are_all_reported_in_source_order() {
    let c = expect_errors(
        "function g(x) = x + 1.5;\nfunction k(y) = g(y) + 1;\nfunction h(z) = zz;\na = 1 + t;\nb = a * 2;",
        3,
        ErrorClass::Type,
        "2:24",
        &[],
    );
    let positions = c.positions();
    assert!(positions[1].starts_with("3:17:"), "{positions:?}");
    assert!(positions[2].starts_with("4:9:"), "{positions:?}");
}

#[test]
fn a_failed_function_does_not_cascade_into_its_callers() {
    // `broken` fails; the calls of it report nothing more.
    let c = expect_errors(
        "function broken(x) = x + t;\nfunction caller(y) = broken(y) ++ [1];\ncaller(2); broken(1.5);",
        1,
        ErrorClass::Class,
        "1:26",
        &[],
    );
    drop(c);
    // A failed top-level binding makes its globals unconstrained.
    expect_errors("x = undefined_thing;\ny = x + 1;\nz = x ++ [1];", 1, ErrorClass::Name, "1:5", &[]);
}

#[test]
fn a_function_with_a_signature_keeps_it_even_when_its_body_is_wrong() {
    // The call is checked against the declared type: `t` is not an int.
    expect_errors("function g(x) : int -> int = x ++ [1];\ny = g(t);", 2, ErrorClass::Type, "1:30", &[]);
}

#[test]
fn every_diagnostic_of_a_corrupt_looking_program_has_a_position() {
    let c = check("function g(x = 1;\nh(;");
    for d in c.diagnostics() {
        assert!(d.primary_span().is_some(), "{}", c.render());
    }
}
