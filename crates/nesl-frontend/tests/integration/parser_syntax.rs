//! What the parser builds for each form of LANGUAGE.md, checked through
//! the `--emit ast` printer: lexical rules, top-level forms, every
//! precedence level, desugarings, spans, type signatures (including every
//! builtin's), and a few whole programs.

use nesl_frontend::builtins::PRIMS;
use nesl_frontend::syntax::ast::{ExprKind, ItemKind, Module, PatternKind, TypeExpr, TypeExprKind, TypeSignature};
use nesl_frontend::syntax::{parse_file, parse_type_signature, print_module};
use nesl_frontend::{FileId, SourceMap};

/// Parses `text` as a file, or fails the test with the rendered errors.
fn parse(text: &str) -> (SourceMap, Module) {
    let mut sources = SourceMap::new();
    let file = sources.add("test.nesl", text, false);
    match parse_file(&sources, file) {
        Ok(module) => (sources, module),
        Err(diagnostics) => {
            let rendered: Vec<String> = diagnostics.iter().map(|d| d.render(&sources, false)).collect();
            panic!("{text:?} does not parse:\n{}", rendered.join("\n"));
        }
    }
}

/// The printed AST of a file.
fn ast(text: &str) -> String {
    print_module(&parse(text).1)
}

/// The printed AST of one top-level expression, without `(expr ...)`.
fn expr(text: &str) -> String {
    let printed = ast(&format!("{text};"));
    let inner = printed.strip_prefix("(expr ").and_then(|p| p.strip_suffix(")\n"));
    inner.unwrap_or_else(|| panic!("{text:?} is not one expression: {printed}")).to_string()
}

/// The text of the span of the first item's expression.
fn expr_snippet(text: &str) -> String {
    let (sources, module) = parse(text);
    match &module.items[0].kind {
        ItemKind::Expr(e) => sources.snippet(e.span).to_string(),
        other => panic!("not an expression: {other:?}"),
    }
}

// ----- Lexical ---------------------------------------------------------------

#[test]
fn keywords_and_identifiers_are_case_insensitive() {
    assert_eq!(
        ast("FUNCTION Twice(X) = IF X > 0 Then X + X ELSE x;"),
        "(function twice (params x) (body (if (> x 0) (+ x x) x)))\n"
    );
    assert_eq!(expr("MyVar AND Other"), "(and myvar other)");
    assert_eq!(expr("Let A = 1 IN a"), "(let (bind a 1) (body a))");
}

#[test]
fn words_that_begin_with_keywords_are_names() {
    assert_eq!(
        expr("iffy + andx + orx + letter + inner + thence + elsewhere"),
        "(+ (+ (+ (+ (+ (+ iffy andx) orx) letter) inner) thence) elsewhere)"
    );
    assert_eq!(ast("functional = datatypes;"), "(bind functional datatypes)\n");
    assert_eq!(expr("_x + __pad + a_1 + x9"), "(+ (+ (+ _x __pad) a_1) x9)");
}

#[test]
fn booleans_are_t_and_f_in_any_case() {
    assert_eq!(expr("t, T, f, F"), "(pair T (pair T (pair F F)))");
    assert_eq!(expr("tt, ff"), "(pair tt ff)");
}

#[test]
fn integer_literals() {
    assert_eq!(expr("0"), "0");
    assert_eq!(expr("42"), "42");
    assert_eq!(expr("9223372036854775807"), "9223372036854775807");
}

#[test]
fn a_minus_directly_before_an_int_literal_is_part_of_it() {
    assert_eq!(expr("-5"), "-5");
    assert_eq!(expr("- % a comment % 5"), "-5");
    assert_eq!(expr("-9223372036854775808"), "-9223372036854775808");
    assert_eq!(expr("--5"), "(neg -5)");
    assert_eq!(expr("x - 5"), "(- x 5)");
    assert_eq!(expr("x-5"), "(- x 5)");
    assert_eq!(expr("-5 ^ 2"), "(^ -5 2)");
    // An indexed literal keeps the negation outside the index.
    assert_eq!(expr("-5[0]"), "(neg (index 5 0))");
    assert_eq!(expr("-x"), "(neg x)");
    assert_eq!(expr("-2.5"), "(neg 2.5)");
    assert_eq!(expr_snippet("-  7;"), "-  7");
}

#[test]
fn float_literals() {
    assert_eq!(expr("3.0"), "3.0");
    assert_eq!(expr(".5"), "0.5");
    assert_eq!(expr("1e10"), "10000000000.0");
    assert_eq!(expr("2.5e-3"), "0.0025");
    assert_eq!(expr("1E+3"), "1000.0");
    assert_eq!(expr("1.5e300"), "1.5e300");
    assert_eq!(expr("1e-400"), "0.0");
}

#[test]
fn an_e_without_digits_ends_a_number() {
    assert_eq!(expr("if c then 1else 2"), "(if c 1 2)");
}

#[test]
fn character_literals_take_any_one_character() {
    assert_eq!(expr("`a"), "`a");
    assert_eq!(expr("`A"), "`A");
    assert_eq!(expr("``"), "``");
    assert_eq!(expr("`%"), "`%");
    assert_eq!(expr("`\""), "`\"");
    assert_eq!(expr("` "), "(char 32)");
    assert_eq!(expr("`\n"), "(char 10)");
    assert_eq!(expr("`\t"), "(char 9)");
    assert_eq!(expr("[`a,`b]"), "(seq `a `b)");
}

#[test]
fn strings_and_their_escapes() {
    assert_eq!(expr(r#""abc""#), r#""abc""#);
    assert_eq!(expr(r#""""#), r#""""#);
    assert_eq!(expr(r#""a\"b\\c\nd\te""#), r#""a\"b\\c\nd\te""#);
    assert_eq!(expr("\"two\nlines\""), r#""two\nlines""#);
    assert_eq!(expr(r#""% not a comment %""#), r#""% not a comment %""#);
    assert_eq!(expr(r#""héllo""#), r#""héllo""#);
    let (_, module) = parse(r#""a\tb";"#);
    let ItemKind::Expr(e) = &module.items[0].kind else { panic!() };
    assert_eq!(e.kind, ExprKind::String(b"a\tb".to_vec()));
}

#[test]
fn comments_are_whitespace_anywhere() {
    assert_eq!(ast("% comment % x = 1; % trailing %"), "(bind x 1)\n");
    assert_eq!(ast("function%c%f1(%c%x%c%)%c%=%c%x%c%;"), "(function f1 (params x) (body x))\n");
    assert_eq!(expr("1 % spans\nlines, ; and \"quotes %+ 2"), "(+ 1 2)");
    assert_eq!(expr("a%%+%%b"), "(+ a b)");
    assert_eq!(expr("[1 % é λ %, 2]"), "(seq 1 2)");
}

#[test]
fn an_empty_file_or_one_of_comments_has_no_items() {
    assert_eq!(ast(""), "");
    assert_eq!(ast("  \n\t% only a comment %\n"), "");
    assert_eq!(ast(";;$"), "");
}

#[test]
fn operators_are_read_longest_first() {
    assert_eq!(expr("a<-b"), "(<- a b)");
    assert_eq!(expr("a < -b"), "(< a (neg b))");
    assert_eq!(expr("a->b"), "(-> a b)");
    assert_eq!(expr("a-(-b)"), "(- a (neg b))");
    assert_eq!(expr("a/=b"), "(/= a b)");
    assert_eq!(expr("a/b"), "(/ a b)");
    assert_eq!(expr("a==b"), "(== a b)");
    assert_eq!(expr("a<=b"), "(<= a b)");
    assert_eq!(expr("a>=b"), "(>= a b)");
    assert_eq!(expr("a++b"), "(++ a b)");
    assert_eq!(expr("a||b"), "(|| a b)");
    assert_eq!(expr("{x : x in s || u}"), "(apply-to-each x (in x (|| s u)))");
    assert_eq!(expr("{x : x in s | t}"), "(apply-to-each x (in x s) (filter T))");
    assert_eq!(ast("x=1;"), "(bind x 1)\n");
}

#[test]
fn forms_end_with_semicolon_or_dollar() {
    assert_eq!(ast("x = 1$ y = 2;"), "(bind x 1)\n(bind y 2)\n");
}

// ----- Precedence ------------------------------------------------------------

#[test]
fn pairs_are_right_associative_and_loosest() {
    assert_eq!(expr("a, b, c"), "(pair a (pair b c))");
    assert_eq!(expr("(a, b), c"), "(pair (pair a b) c)");
    assert_eq!(expr("a or b, c"), "(pair (or a b) c)");
}

#[test]
fn each_level_binds_tighter_than_the_one_before() {
    assert_eq!(expr("a or b and c"), "(or a (and b c))");
    assert_eq!(expr("a and b == c"), "(and a (== b c))");
    assert_eq!(expr("a == b ++ c"), "(== a (++ b c))");
    assert_eq!(expr("a + b * c"), "(+ a (* b c))");
    assert_eq!(expr("a * b ^ c"), "(* a (^ b c))");
    assert_eq!(expr("a ^ b <- c"), "(^ a (<- b c))");
    assert_eq!(expr("a <- b -> c"), "(<- a (-> b c))");
    assert_eq!(expr("#a -> b"), "(-> (# a) b)");
    assert_eq!(expr("-a[1]"), "(neg (index a 1))");
    assert_eq!(expr("#g(x)"), "(# (call g x))");
    // And the other way round.
    assert_eq!(expr("a and b or c"), "(or (and a b) c)");
    assert_eq!(expr("a * b + c"), "(+ (* a b) c)");
    assert_eq!(expr("a -> b ^ c"), "(^ (-> a b) c)");
}

#[test]
fn every_operator_of_a_level_is_left_associative() {
    assert_eq!(expr("a or b xor c nor d"), "(nor (xor (or a b) c) d)");
    assert_eq!(expr("a and b nand c"), "(nand (and a b) c)");
    assert_eq!(expr("a == b /= c < d > e <= g >= h"), "(>= (<= (> (< (/= (== a b) c) d) e) g) h)");
    assert_eq!(expr("a ++ b + c - d"), "(- (+ (++ a b) c) d)");
    assert_eq!(expr("a * b / c || d"), "(|| (/ (* a b) c) d)");
    assert_eq!(expr("a ^ b ^ c"), "(^ (^ a b) c)");
    assert_eq!(expr("a <- b <- c"), "(<- (<- a b) c)");
    assert_eq!(expr("a -> b -> c"), "(-> (-> a b) c)");
    assert_eq!(expr("a - b - c"), "(- (- a b) c)");
}

#[test]
fn prefix_operators_nest() {
    assert_eq!(expr("#@-x"), "(# (@ (neg x)))");
    assert_eq!(expr("- - x"), "(neg (neg x))");
    assert_eq!(expr("@ 1 ++ \"s\""), "(++ (@ 1) \"s\")");
}

#[test]
fn calls_and_indexing_chain() {
    assert_eq!(expr("g(x)[1][2]"), "(index (index (call g x) 1) 2)");
    assert_eq!(expr("s[i][j]"), "(index (index s i) j)");
    assert_eq!(expr("s[i + 1]"), "(index s (+ i 1))");
    assert_eq!(expr("g()"), "(call g)");
    assert_eq!(expr("g(1, 2, 3)"), "(call g 1 2 3)");
    assert_eq!(expr("g((1, 2))"), "(call g (pair 1 2))");
    assert_eq!(expr("g (x)"), "(call g x)");
    assert_eq!(expr("time(g(x))"), "(call time (call g x))");
    assert_eq!(expr("g(h(x), s[0])"), "(call g (call h x) (index s 0))");
}

#[test]
fn parentheses_group() {
    assert_eq!(expr("(a + b) * c"), "(* (+ a b) c)");
    assert_eq!(expr("((a))"), "a");
    assert_eq!(expr("a - (b - c)"), "(- a (- b c))");
}

#[test]
fn if_and_let_extend_as_far_right_as_they_can() {
    assert_eq!(expr("1 + if c then 2 else 3 + 4"), "(+ 1 (if c 2 (+ 3 4)))");
    assert_eq!(expr("if a then b else c, d"), "(if a b (pair c d))");
    assert_eq!(expr("let x = 1 in x + 1"), "(let (bind x 1) (body (+ x 1)))");
    assert_eq!(expr("let x = 1 in x, 2"), "(let (bind x 1) (body (pair x 2)))");
    assert_eq!(expr("(if a then b else c) + 1"), "(+ (if a b c) 1)");
    assert_eq!(expr("if a then if b then c else d else e"), "(if a (if b c d) e)");
    assert_eq!(expr("if a then b else if c then d else e"), "(if a b (if c d e))");
}

#[test]
fn inside_arguments_and_elements_a_comma_ends_if_and_let() {
    assert_eq!(expr("g(if a then b else c, d)"), "(call g (if a b c) d)");
    assert_eq!(expr("[let x = 1 in x, 2]"), "(seq (let (bind x 1) (body x)) 2)");
    assert_eq!(expr("(if a then b else c, d)"), "(if a b (pair c d))");
}

#[test]
fn let_bindings_see_the_earlier_ones_and_take_patterns() {
    assert_eq!(
        expr("let (a, b) = p; point(x, y) = q; c = a + x in c"),
        "(let (bind (pair a b) p) (bind (constructor point x y) q) (bind c (+ a x)) (body c))"
    );
    assert_eq!(expr("let x = 1; in x"), "(let (bind x 1) (body x))");
    assert_eq!(expr("let x = 1, 2 in x"), "(let (bind x (pair 1 2)) (body x))");
    assert_eq!(expr("let x = if a then b else c; y = 2 in x"), "(let (bind x (if a b c)) (bind y 2) (body x))");
}

// ----- Sequences and apply-to-each -----------------------------------------------

#[test]
fn sequences_ranges_and_typed_empty_sequences() {
    assert_eq!(expr("[1, 2, 3]"), "(seq 1 2 3)");
    assert_eq!(expr("[1]"), "(seq 1)");
    assert_eq!(expr("[(1, 2), (3, 4)]"), "(seq (pair 1 2) (pair 3 4))");
    assert_eq!(expr("[] int"), "(empty-seq int)");
    assert_eq!(expr("[] [int]"), "(empty-seq [int])");
    assert_eq!(expr("[] (int, float)"), "(empty-seq (int, float))");
    assert_eq!(expr("[](int, float, bool)"), "(empty-seq (int, (float, bool)))");
    assert_eq!(expr("[] [(char, point)]"), "(empty-seq [(char, point)])");
    assert_eq!(expr("[0:10]"), "(range 0 10)");
    assert_eq!(expr("[0 : 10 : 2]"), "(range 0 10 2)");
    assert_eq!(expr("[a + 1 : #s - 1]"), "(range (+ a 1) (- (# s) 1))");
    assert_eq!(expr("[[1], [] int]"), "(seq (seq 1) (empty-seq int))");
}

#[test]
fn apply_to_each_with_generators_and_filter() {
    assert_eq!(expr("{x + 1 : x in s}"), "(apply-to-each (+ x 1) (in x s))");
    assert_eq!(expr("{x * y : x in xs; y in ys}"), "(apply-to-each (* x y) (in x xs) (in y ys))");
    assert_eq!(expr("{x : x in s | x > 0}"), "(apply-to-each x (in x s) (filter (> x 0)))");
    assert_eq!(expr("{a + b : (a, b) in zip(s, u)}"), "(apply-to-each (+ a b) (in (pair a b) (call zip s u)))");
    assert_eq!(expr("{x : point(x, y) in ps}"), "(apply-to-each x (in (constructor point x y) ps))");
    assert_eq!(expr("{a, b : a in s}"), "(apply-to-each (pair a b) (in a s))");
    assert_eq!(expr("{{y : y in x} : x in s}"), "(apply-to-each (apply-to-each y (in y x)) (in x s))");
}

#[test]
fn a_bare_variable_generator_means_x_in_x() {
    assert_eq!(expr("{x + 1 : x}"), "(apply-to-each (+ x 1) (in x x))");
    assert_eq!(expr("{x * y : x; y in u | y > 0}"), "(apply-to-each (* x y) (in x x) (in y u) (filter (> y 0)))");
    let (sources, module) = parse("{x : xs};");
    let ItemKind::Expr(e) = &module.items[0].kind else { panic!() };
    let ExprKind::ApplyToEach { generators, .. } = &e.kind else { panic!() };
    assert_eq!(sources.snippet(generators[0].span), "xs");
    assert_eq!(sources.snippet(generators[0].seq.span), "xs");
}

#[test]
fn the_filter_shorthand_has_the_pattern_as_body() {
    assert_eq!(expr("{x in s | x > 0}"), "(apply-to-each x (in x s) (filter (> x 0)))");
    assert_eq!(expr("{(i, x) in s | x > i}"), "(apply-to-each (pair i x) (in (pair i x) s) (filter (> x i)))");
    assert_eq!(expr("{x in s}"), "(apply-to-each x (in x s))");
}

// ----- Top-level forms ---------------------------------------------------------

#[test]
fn function_definitions() {
    assert_eq!(ast("function inc(x) = x + 1;"), "(function inc (params x) (body (+ x 1)))\n");
    assert_eq!(ast("function zero() = 0;"), "(function zero (params) (body 0))\n");
    assert_eq!(
        ast("function g((a, b), point(x, y), c) = a;"),
        "(function g (params (pair a b) (constructor point x y) c) (body a))\n"
    );
    assert_eq!(
        ast("function inc(x) : int -> int = x + 1;"),
        "(function inc (params x) (signature (params int) (result int)) (body (+ x 1)))\n"
    );
    assert_eq!(
        ast(r#"function inc(x) "Adds one." = x + 1;"#),
        "(function inc (params x) (doc \"Adds one.\") (body (+ x 1)))\n"
    );
    assert_eq!(
        ast("function g(x, n) : (a, int) -> [a] :: (a in number; b in any) \"doc\" = dist(x, n);"),
        "(function g\n  (params x n)\n  (signature (params a int) (result [a]) (where (a in number) (b in any)))\n  \
         (doc \"doc\")\n  (body (call dist x n)))\n"
    );
}

#[test]
fn datatype_definitions() {
    assert_eq!(ast("datatype point(float, float);"), "(datatype point (fields float float))\n");
    assert_eq!(
        ast("datatype tagged(a, [int]) :: (a in any);"),
        "(datatype tagged (fields a [int]) (where (a in any)))\n"
    );
    assert_eq!(ast("datatype unit();"), "(datatype unit (fields))\n");
    assert_eq!(ast("DataType P((int, bool));"), "(datatype p (fields (int, bool)))\n");
}

#[test]
fn bindings_take_patterns() {
    assert_eq!(ast("x = 1;"), "(bind x 1)\n");
    assert_eq!(ast("(a, b) = (1, 2);"), "(bind (pair a b) (pair 1 2))\n");
    assert_eq!(ast("(a, b, c) = g(x);"), "(bind (pair a (pair b c)) (call g x))\n");
    assert_eq!(ast("point(x, y) = p;"), "(bind (constructor point x y) p)\n");
    assert_eq!(ast("x = y == z;"), "(bind x (== y z))\n");
}

#[test]
fn unsupported_forms_are_recognised() {
    assert_eq!(ast("load \"other.nesl\";"), "(load \"other.nesl\")\n");
    assert_eq!(ast("set verbose on;"), "(unsupported \"NESL's interactive command `set`\")\n");
    assert_eq!(ast("SET arg_check off $"), "(unsupported \"NESL's interactive command `set`\")\n");
    assert_eq!(ast("show code qsort;"), "(unsupported \"NESL's interactive command `show`\")\n");
    assert_eq!(ast("describe qsort;"), "(unsupported \"NESL's interactive command `describe`\")\n");
    assert_eq!(ast("x &= g(1);"), "(unsupported \"background bindings (`name &= expression`)\")\n");
    assert_eq!(ast("x |= \"file\";"), "(unsupported \"file bindings (`name |= expression`)\")\n");
    // The skipped form may hold strings, comments and brackets with `;`.
    assert_eq!(
        ast("set x \"a;b\" % ; % {1 ; 2};\ny = 1;"),
        "(unsupported \"NESL's interactive command `set`\")\n(bind y 1)\n"
    );
    // `load` begins a load form whatever follows (NESL's top level reads
    // `load("x")` as `load "x"`); the other words are ordinary names where
    // they make an expression.
    assert_eq!(ast("load(\"x\");"), "(load \"x\")\n");
    assert_eq!(ast("set = 1; help;"), "(bind set 1)\n(expr help)\n");
}

// ----- Spans -------------------------------------------------------------------

#[test]
fn spans_cover_what_was_written() {
    let text = "x = (1 + 2) ;\nfunction g(a) = a;";
    let (sources, module) = parse(text);
    assert_eq!(sources.snippet(module.items[0].span), "x = (1 + 2) ;");
    assert_eq!(sources.snippet(module.items[1].span), "function g(a) = a;");
    let ItemKind::Binding { pattern, value } = &module.items[0].kind else { panic!() };
    assert_eq!(sources.snippet(pattern.span), "x");
    // Parentheses widen the span of what they hold.
    assert_eq!(sources.snippet(value.span), "(1 + 2)");
    let ExprKind::Binary { op_span, lhs, .. } = &value.kind else { panic!() };
    assert_eq!(sources.snippet(*op_span), "+");
    assert_eq!(sources.snippet(lhs.span), "1");
    assert_eq!(sources.location(module.items[1].span), "test.nesl:2:1");

    assert_eq!(expr_snippet("g(x)[1] ;"), "g(x)[1]");
    assert_eq!(expr_snippet("{x : x in s} ;"), "{x : x in s}");
    assert_eq!(expr_snippet("[] [int] ;"), "[] [int]");
    assert_eq!(expr_snippet("if a then b else c ;"), "if a then b else c");
    assert_eq!(expr_snippet("(a, b) ;"), "(a, b)");

    let (sources, module) = parse("(a, (b)) = p;");
    let ItemKind::Binding { pattern, .. } = &module.items[0].kind else { panic!() };
    let PatternKind::Pair(_, right) = &pattern.kind else { panic!() };
    assert_eq!(sources.snippet(pattern.span), "(a, (b))");
    assert_eq!(sources.snippet(right.span), "(b)");
}

// ----- Type signatures -------------------------------------------------------------

fn type_text(ty: &TypeExpr) -> String {
    match &ty.kind {
        TypeExprKind::Name(name) => name.name.clone(),
        TypeExprKind::Seq(element) => format!("[{}]", type_text(element)),
        TypeExprKind::Pair(left, right) => format!("({}, {})", type_text(left), type_text(right)),
    }
}

/// A signature written back: `(p1; p2) -> r :: a in c, ...`.
fn signature_text(signature: &TypeSignature) -> String {
    let params: Vec<String> = signature.params.iter().map(type_text).collect();
    let constraints: Vec<String> =
        signature.constraints.iter().map(|c| format!("{} in {}", c.var.name, c.class.name)).collect();
    format!("({}) -> {} :: {}", params.join("; "), type_text(&signature.result), constraints.join(", "))
}

fn signature(text: &str) -> String {
    match parse_type_signature(text, FileId(0)) {
        Ok(signature) => signature_text(&signature),
        Err(diagnostic) => panic!("{text:?}: {}", diagnostic.message),
    }
}

#[test]
fn every_builtin_signature_parses() {
    for prim in PRIMS {
        let parsed = parse_type_signature(prim.signature, FileId(0))
            .unwrap_or_else(|d| panic!("{:?}: {:?} does not parse: {}", prim.prim, prim.signature, d.message));
        assert_eq!(parsed.params.is_empty(), !prim.signature.contains("->"), "{}", prim.signature);
        assert_eq!(parsed.span.lo, 0);
        assert_eq!(parsed.span.hi as usize, prim.signature.len());
    }
}

#[test]
fn signature_forms() {
    assert_eq!(signature("(a, int) -> [a] :: (a in number)"), "(a; int) -> [a] :: a in number");
    assert_eq!(signature("[a] -> int :: (a in any)"), "([a]) -> int :: a in any");
    assert_eq!(signature("float -> float"), "(float) -> float :: ");
    assert_eq!(signature("(int) -> int"), "(int) -> int :: ");
    assert_eq!(signature("((int, float)) -> int"), "((int, float)) -> int :: ");
    assert_eq!(signature("() -> int"), "() -> int :: ");
    assert_eq!(signature("[char] -> (int, bool)"), "([char]) -> (int, bool) :: ");
    assert_eq!(
        signature("([a], [b]) -> [(a, b)] :: (a in any; b in any)"),
        "([a]; [b]) -> [(a, b)] :: a in any, b in any"
    );
    assert_eq!(signature("(Int, Float, A) -> A"), "(int; float; a) -> a :: ");
    assert_eq!(signature(" % comment % int -> int "), "(int) -> int :: ");
}

#[test]
fn a_bare_type_is_a_signature_without_parameters() {
    assert_eq!(signature("float"), "() -> float :: ");
    assert_eq!(signature("[int]"), "() -> [int] :: ");
    assert_eq!(signature("(int, bool)"), "() -> (int, bool) :: ");
    assert_eq!(signature("a :: (a in number)"), "() -> a :: a in number");
}

#[test]
fn malformed_signatures_are_diagnosed() {
    let message = |text: &str| parse_type_signature(text, FileId(0)).expect_err(text).message;
    assert_eq!(message("int ->"), "expected a type, found the end of the file");
    assert_eq!(message("(int, float"), "expected `)` to close the parenthesised types, found the end of the file");
    assert_eq!(message("int int"), "expected the end of the signature, found `int`");
    assert_eq!(message("()"), "expected `->`, found the end of the file");
    assert_eq!(message("a :: a in any"), "expected `(` to begin the type-class constraints, found `a`");
    assert_eq!(message("a :: (a number)"), "expected `in`, found `number`");
    assert_eq!(message(""), "expected a type, found the end of the file");
}

// ----- Whole programs --------------------------------------------------------------

#[test]
fn quicksort() {
    let program = r#"
% Quicksort, from the NESL manual. %
function qsort(a) =
  if (#a < 2) then a
  else
    let pivot   = a[#a/2];
        lesser  = {e in a | e < pivot};
        equal   = {e in a | e == pivot};
        greater = {e in a | e > pivot};
        result  = {qsort(v): v in [lesser, greater]}
    in result[0] ++ equal ++ result[1];

qsort([8, 14, -9, 0, 3]);
"#;
    assert_eq!(
        ast(program),
        r#"(function qsort
  (params a)
  (body
    (if
      (< (# a) 2)
      a
      (let
        (bind pivot (index a (/ (# a) 2)))
        (bind lesser (apply-to-each e (in e a) (filter (< e pivot))))
        (bind equal (apply-to-each e (in e a) (filter (== e pivot))))
        (bind greater (apply-to-each e (in e a) (filter (> e pivot))))
        (bind result (apply-to-each (call qsort v) (in v (seq lesser greater))))
        (body (++ (++ (index result 0) equal) (index result 1)))))))
(expr (call qsort (seq 8 14 -9 0 3)))
"#
    );
}

#[test]
fn sparse_matrix_vector_product() {
    let program = r#"
function smvp(m, v) : ([[(int, float)]], [float]) -> [float] =
  {sum({x * v[i] : (i, x) in row}) : row in m};

m = [[(0, 1.0), (2, 2.0)], [(1, 3.0)], [] (int, float)];
smvp(m, [1.0, 2.0, 3.0]);
"#;
    assert_eq!(
        ast(program),
        r#"(function smvp
  (params m v)
  (signature (params [[(int, float)]] [float]) (result [float]))
  (body (apply-to-each (call sum (apply-to-each (* x (index v i)) (in (pair i x) row))) (in row m))))
(bind m (seq (seq (pair 0 1.0) (pair 2 2.0)) (seq (pair 1 3.0)) (empty-seq (int, float))))
(expr (call smvp m (seq 1.0 2.0 3.0)))
"#
    );
}

#[test]
fn datatypes_in_a_program() {
    let program = r#"
datatype point(float, float);
datatype labelled(a, [char]) :: (a in any);

function norm(point(x, y)) : point -> float = sqrt(x * x + y * y);
function label(p) = labelled(p, "origin" ++ @norm(p));

norm(point(3.0, 4.0));
labelled(v, name) = label(point(0.0, 0.0));
"#;
    assert_eq!(
        ast(program),
        r#"(datatype point (fields float float))
(datatype labelled (fields a [char]) (where (a in any)))
(function norm
  (params (constructor point x y))
  (signature (params point) (result float))
  (body (call sqrt (+ (* x x) (* y y)))))
(function label (params p) (body (call labelled p (++ "origin" (@ (call norm p))))))
(expr (call norm (call point 3.0 4.0)))
(bind (constructor labelled v name) (call label (call point 0.0 0.0)))
"#
    );
}

#[test]
fn the_printer_breaks_long_lines_and_indents() {
    let long = format!("x = g({});", ["a_rather_long_argument_name"; 6].join(", "));
    assert_eq!(
        ast(&long),
        "(bind x\n  (call g\n    a_rather_long_argument_name\n    a_rather_long_argument_name\n    \
         a_rather_long_argument_name\n    a_rather_long_argument_name\n    a_rather_long_argument_name\n    \
         a_rather_long_argument_name))\n"
    );
}
