//! Inference of each construct, polymorphism and instances, classes,
//! datatypes, recursion, scoping and desugaring.

use crate::check_support::{check, check_real};
use nesl_frontend::builtins::Prim;
use nesl_frontend::tast::{ExprKind, Program};

fn types(src: &str) -> Vec<String> {
    check(src).item_types()
}

/// The kinds of expression the program contains, as short names.
fn has_expr(program: &Program, wanted: impl Fn(&ExprKind) -> bool) -> bool {
    program.exprs.iter().any(|(_, e)| wanted(&e.kind))
}

#[test]
fn literals_are_monomorphic() {
    assert_eq!(
        types("1; 1.5; t; `a; \"ab\"; pi; max_int;"),
        ["int", "float", "bool", "char", "[char]", "float", "int"]
    );
}

#[test]
fn pairs_sequences_and_empty_sequences() {
    assert_eq!(
        types("(1, 2.0, t); [1, 2, 3]; [(1, `a)]; [] float; [[] int, [1]]; #([] [char]);"),
        ["(int, float, bool)", "[int]", "[(int, char)]", "[float]", "[[int]]", "int"]
    );
}

#[test]
fn operators_ranges_and_indexing_desugar_to_primitives() {
    let c = check("x = [2:10:3]; y = [0:4]; x[1] + #y * 2; @3.5; -x[0]; x -> [0, 1]; x <- [(0, 5)]; x ++ y;");
    assert_eq!(c.item_types(), ["[int]", "[int]", "int", "[char]", "int", "[int]", "[int]", "[int]"]);
    let program = c.program();
    for prim in
        [Prim::Iseq, Prim::Elt, Prim::Length, Prim::ToString, Prim::Negate, Prim::Read, Prim::Write, Prim::Append]
    {
        assert!(has_expr(program, |k| matches!(k, ExprKind::Prim { prim: p, .. } if *p == prim)), "{prim:?}");
    }
    // `[2:10:3]` is iseq(2, 3, 10); `[0:4]` gets the stride 1.
    let printed = c.print();
    assert!(printed.contains("iseq(2, 3, 10)"), "{printed}");
    assert!(printed.contains("iseq(0, 1, 4)"), "{printed}");
}

#[test]
fn pad_operator_calls_the_library() {
    let c = check("\"ab\" || 4;");
    assert_eq!(c.item_types(), ["[char]"]);
    assert!(c.function("__pad").is_library);
}

#[test]
fn if_let_and_apply_to_each() {
    assert_eq!(
        types(
            "if 1 < 2 then 1.0 else 2.0;
             let x = 1; (y, z) = (x, [x]) in z ++ [y];
             {x * 2.0 : x in [1.0, 2.0]};
             {(x, y) : x in [1, 2]; y in \"ab\" | x > 1};
             {x in [1, 2, 3] | x > 1};
             {{y : y in [1:x]} : x in [1:4]};"
        ),
        ["float", "[int]", "[float]", "[(int, char)]", "[int]", "[[int]]"]
    );
}

#[test]
fn filters_stay_on_the_apply_to_each() {
    let c = check("{x : x in [1, 2, 3] | x > 1};");
    assert!(has_expr(c.program(), |k| matches!(k, ExprKind::ApplyToEach { filter: Some(_), .. })));
}

#[test]
fn multi_binding_lets_become_nested_lets() {
    let c = check("let a = 1; b = a + 1; c = b * 2 in c;");
    let lets = c.program().exprs.iter().filter(|(_, e)| matches!(e.kind, ExprKind::Let { .. })).count();
    assert_eq!(lets, 3);
}

#[test]
fn time_returns_the_value_and_seconds() {
    let c = check("time(sum([1, 2]));");
    assert_eq!(c.item_types(), ["(int, float)"]);
    assert!(has_expr(c.program(), |k| matches!(k, ExprKind::Time(_))));
    // A user function called `time` is an ordinary call.
    let c = check("function time(x) = x + 1; time(2);");
    assert_eq!(c.item_types(), ["int"]);
    assert!(!has_expr(c.program(), |k| matches!(k, ExprKind::Time(_))));
}

#[test]
fn nullary_primitives_are_constants() {
    let c = check("pi * 2.0; min_int;");
    assert!(has_expr(c.program(), |k| matches!(k, ExprKind::Prim { prim: Prim::Pi, args } if args.is_empty())));
}

#[test]
fn polymorphic_functions_get_one_instance_per_type() {
    let c = check(
        "function sq(x) = x * x;
         function pair_up(x, y) = (y, x);
         sq(3); sq(1.5); sq(4);
         pair_up(1, \"a\"); pair_up([t], 2.0);",
    );
    assert_eq!(c.instances(), ["pair_up<[bool], float>", "pair_up<int, [char]>", "sq<float>", "sq<int>"]);
    assert_eq!(c.item_types(), ["int", "float", "int", "([char], int)", "(float, [bool])"]);
    let sq = c.function("sq<float>");
    assert_eq!(sq.params[0].ty, nesl_frontend::Type::Float);
    assert!(!sq.is_library && !sq.is_recursive);
}

#[test]
fn instances_of_library_functions_are_marked() {
    let c = check("twice(2); twice(2.5);");
    let names = c.instances();
    assert_eq!(names, ["__double<float>", "__double<int>", "twice<float>", "twice<int>"]);
    assert!(c.function("twice<int>").is_library);
}

#[test]
fn only_reachable_functions_are_instantiated() {
    let c = check("function unused(x) = x; function used(x) = x + 1; used(1);");
    assert_eq!(c.instances(), ["used"]);
}

#[test]
fn callees_come_before_callers() {
    let c = check("function a(x) = b(x) + 1; function b(x) = c(x) * 2; function c(x) = x * 3; a(1);");
    let order: Vec<&str> = c.program().functions.iter().map(|(_, f)| f.instance.as_str()).collect();
    assert_eq!(order, ["c", "b", "a"]);
}

#[test]
fn class_restrictions_follow_the_primitives() {
    // `<` needs an ordinal: chars are fine.
    let c = check("function smaller(x, y) = if x < y then x else y; smaller(`a, `b); smaller(1.5, 2.0);");
    assert_eq!(c.item_types(), ["char", "float"]);
    assert_eq!(c.instances(), ["smaller<char>", "smaller<float>"]);
}

#[test]
fn number_meets_logical_in_int() {
    // `+` wants a number, `not` a logical: only int is both.
    let c = check("function both(x) = (x + x, not(x)); both(3);");
    assert_eq!(c.instances(), ["both"]);
    assert_eq!(c.function("both").params[0].ty, nesl_frontend::Type::Int);
    // ordinal with logical, too.
    let c = check("function g(x, y) = if x < y then x and y else y; g(1, 2);");
    assert_eq!(c.instances(), ["g"]);
}

#[test]
fn ambiguous_types_default_to_int() {
    // `g`'s result type is never fixed; its uses default it to int.
    let c = check("function g(n) = if n == 0 then g(n) else g(n - 1); x = g(1); #[g(2)];");
    assert_eq!(c.item_types(), ["int", "int"]);
    assert_eq!(c.instances(), ["g<int>"]);
}

#[test]
fn declared_signatures_fix_the_scheme() {
    let c = check(
        "function first(x, y) : (a, b) -> a :: (a in any; b in any) = x;
         function only_ints(x) : int -> int = x;
         function num(x) : a -> a :: (a in number) = x;
         first(1, t); first(\"a\", 2.0); only_ints(3); num(2.5);",
    );
    assert_eq!(c.item_types(), ["int", "[char]", "int", "float"]);
    assert_eq!(c.instances(), ["first<[char], float>", "first<int, bool>", "num<float>", "only_ints"]);
}

#[test]
fn a_complete_signature_allows_use_at_several_types_within_a_recursive_group() {
    let c = check(
        "function wrap(x, n) : (a, int) -> [a] :: (a in any) =
           if n == 0 then [x] else let ignored = wrap(1, 0) in wrap(x, n - 1);
         wrap(`a, 2);",
    );
    assert_eq!(c.instances(), ["wrap<char>", "wrap<int>"]);
    // wrap<char> calls wrap<int> and itself; wrap<int> calls only itself.
    assert!(c.function("wrap<char>").is_recursive && c.function("wrap<int>").is_recursive);
}

#[test]
fn mutual_recursion_is_inferred_together() {
    let c = check(
        "function is_even(n) = if n == 0 then t else is_odd(n - 1);
         function is_odd(n) = if n == 0 then f else is_even(n - 1);
         is_even(10);",
    );
    assert_eq!(c.instances(), ["is_even", "is_odd"]);
    assert!(c.function("is_even").is_recursive && c.function("is_odd").is_recursive);

    let c = check(
        "function down(x, n) = if n == 0 then x else across(x, n - 1);
         function across(x, n) = down(x, n);
         down(1.5, 3); down([1], 2);",
    );
    assert_eq!(c.instances(), ["across<[int]>", "across<float>", "down<[int]>", "down<float>"]);
}

#[test]
fn recursion_through_apply_to_each() {
    let c = check(
        "function qs(s) =
           if #s < 2 then s
           else let p = s[0];
                    parts = [{x in s | x < p}, {x in s | x > p}];
                    sorted = {qs(v) : v in parts}
                in sorted[0] ++ {x in s | x == p} ++ sorted[1];
         qs([3, 1, 2]); qs([2.5, 1.5]);",
    );
    assert_eq!(c.item_types(), ["[int]", "[float]"]);
    assert!(c.function("qs<int>").is_recursive);
}

#[test]
fn datatypes_and_constructor_patterns() {
    let c = check(
        "datatype point(float, float);
         function norm(point(x, y)) = sqrt(x * x + y * y);
         p = point(3.0, 4.0);
         norm(p);
         let point(a, b) = p in a + b;
         {norm(q) : q in [p, point(1.0, 0.0)]};",
    );
    assert_eq!(c.item_types(), ["point", "float", "float", "[float]"]);
    let program = c.program();
    assert_eq!(program.datatypes.len(), 1);
    assert_eq!(program.datatypes[0].fields, [nesl_frontend::Type::Float, nesl_frontend::Type::Float]);
}

#[test]
fn polymorphic_datatypes_get_one_instance_per_type() {
    let c = check(
        "datatype pair_of(a, a) :: (a in number);
         datatype tagged(int, b);
         function first(pair_of(x, y)) = x;
         first(pair_of(1, 2)); first(pair_of(1.5, 2.5)); tagged(1, \"one\"); tagged(2, t);",
    );
    assert_eq!(c.item_types(), ["int", "float", "tagged", "tagged"]);
    let program = c.program();
    assert_eq!(program.datatypes.len(), 4);
    assert_eq!(c.instances(), ["first<float>", "first<int>"]);
    // A polymorphic datatype argument shows in instance names.
    let c = check("datatype box(a); function open(box(x)) = x; open(box(1)); open(box(t));");
    assert_eq!(c.instances(), ["open<bool>", "open<int>"]);
    let c = check("datatype box(a); function id(x) = x; id(box(1)); id(box(`c));");
    assert_eq!(c.instances(), ["id<box(char)>", "id<box(int)>"]);
}

#[test]
fn datatypes_in_signatures_and_empty_sequences() {
    let c = check(
        "datatype point(float, float);
         function origin(n) : int -> [point] = if n == 0 then [] point else [point(0.0, 0.0)];
         origin(1);",
    );
    assert_eq!(c.item_types(), ["[point]"]);
    // A polymorphic datatype's bare name stands for it at inferred types.
    let c = check(
        "datatype box(a);
         function unbox(b) : box -> int = let box(x) = b in x;
         unbox(box(1));",
    );
    assert_eq!(c.item_types(), ["int"]);
}

#[test]
fn datatype_fields_may_name_other_datatypes() {
    let c = check(
        "datatype point(float, float);
         datatype segment(point, point);
         function length_of(segment(point(a, b), point(c, d))) = sqrt((a - c) * (a - c) + (b - d) * (b - d));
         length_of(segment(point(0.0, 0.0), point(3.0, 4.0)));",
    );
    assert_eq!(c.item_types(), ["float"]);
    assert_eq!(c.program().datatypes.len(), 2);
}

#[test]
fn globals_are_sequential_and_shadowable() {
    let c = check("x = 1; y = x + 1; x = [x, y]; #x;");
    assert_eq!(c.item_types(), ["int", "int", "[int]", "int"]);
    let program = c.program();
    assert_eq!(program.globals.len(), 3);
    assert_eq!(program.globals[2].ty, nesl_frontend::Type::seq(nesl_frontend::Type::Int));
}

#[test]
fn functions_read_the_globals_bound_before_them() {
    let c = check("scale = 2.5; function scaled(x) = x * scale; scaled(2.0); scale = 1; scaled(1.0);");
    assert_eq!(c.item_types(), ["float", "float", "int", "float"]);
}

#[test]
fn top_level_patterns_bind_several_globals() {
    let c = check("datatype point(float, float); (a, b) = (1, \"x\"); point(u, v) = point(1.0, 2.0); (a, b, u);");
    assert_eq!(c.item_types(), ["(int, [char])", "point", "(int, [char], float)"]);
    let labels: Vec<String> = c.program().items.iter().map(|i| c.program().item_label(i)).collect();
    assert_eq!(labels, ["(a, b)", "point(u, v)", "it"]);
}

#[test]
fn user_definitions_shadow_builtins_in_user_code_only() {
    // A user `sum` shadows the primitive.
    let c = check("function sum(s) = 42; sum([1, 2]);");
    assert_eq!(c.instances(), ["sum<[int]>"]);
    // A user `reverse` does not change the prelude's own use of `reverse`.
    let c =
        check_real("function reverse(s) = s; function rotate_back(s) = rotate(s, 1); reverse([1]); union([1], [2]);");
    let names = c.instances();
    assert!(names.contains(&"reverse<[int]>".to_string()), "{names:?}");
    // A user function named like a prelude function the prelude itself uses.
    let c = check_real("function index(n) = [n + 1]; index(3); rotate([1, 2, 3], 1);");
    let names = c.instances();
    assert!(names.contains(&"index".to_string()) && names.contains(&"prelude.index".to_string()), "{names:?}");
    assert!(c.function("prelude.index").is_library);
}

#[test]
fn variables_and_functions_have_separate_namespaces() {
    let c = check("function g(max, sum) = max(max, sum); g(1, 2);");
    assert_eq!(c.item_types(), ["int"]);
}

#[test]
fn generic_helpers_of_the_real_prelude_work_at_several_types() {
    let c = check_real(
        "reverse([1, 2]); reverse(\"ab\"); take([1.5], 1); zip3([1], [t], \"a\"); collect([(1, 2.0), (1, 3.0)]);
         transpose([[1, 2], [3, 4]]); kth_smallest([3, 1, 2], 1); median([2.5, 1.0]); \"x\" || 3;
         remove_duplicates([1, 1, 2]); union(\"ab\", \"bc\"); find(2, [1, 2]); plusp(2.0); log(8.0, 2.0);",
    );
    assert_eq!(
        c.item_types(),
        [
            "[int]",
            "[char]",
            "[float]",
            "[(int, bool, char)]",
            "[(int, [float])]",
            "[[int]]",
            "int",
            "float",
            "[char]",
            "[int]",
            "[char]",
            "int",
            "bool",
            "float"
        ]
    );
}

#[test]
fn a_negated_literal_is_a_negative_literal() {
    let c = check("-1; -2.5; let x = 3 in -x;");
    let program = c.program();
    assert!(has_expr(program, |k| matches!(k, ExprKind::Int(-1))));
    assert!(has_expr(program, |k| matches!(k, ExprKind::Float(v) if *v == -2.5)));
    // Only the variable's negation is a primitive.
    let negations =
        program.exprs.iter().filter(|(_, e)| matches!(e.kind, ExprKind::Prim { prim: Prim::Negate, .. })).count();
    assert_eq!(negations, 1);
}

#[test]
fn empty_sequences_may_use_the_signatures_type_variables() {
    let c = check("function none(x) : a -> [a] :: (a in any) = [] a; none(1); none(\"s\");");
    assert_eq!(c.item_types(), ["[int]", "[[char]]"]);
}
