//! The forms of NESL 3.1's own parser (`parse.lisp`) that real NESL
//! programs use, checked through the `--emit ast` printer: patterns at the
//! pair operator's precedence, every apply-to-each form, `3.` as a float,
//! and word operators used as names.

use nesl_frontend::SourceMap;
use nesl_frontend::syntax::ast::Module;
use nesl_frontend::syntax::{parse_file, print_module};

fn parse(text: &str) -> Result<Module, String> {
    let mut sources = SourceMap::new();
    let file = sources.add("test.nesl", text, false);
    parse_file(&sources, file)
        .map_err(|diagnostics| diagnostics.iter().map(|d| d.render(&sources, false)).collect::<Vec<_>>().join("\n"))
}

fn ast(text: &str) -> String {
    print_module(&parse(text).unwrap_or_else(|e| panic!("{text:?} does not parse:\n{e}")))
}

fn expr(text: &str) -> String {
    let printed = ast(&format!("{text};"));
    let inner = printed.strip_prefix("(expr ").and_then(|p| p.strip_suffix(")\n"));
    inner.unwrap_or_else(|| panic!("{text:?} is not one expression: {printed}")).to_string()
}

#[test]
fn let_patterns_need_no_parentheses() {
    assert_eq!(expr("let a, b = h(x) in a"), expr("let (a, b) = h(x) in a"));
    assert_eq!(expr("let a, b = h(x) in a"), "(let (bind (pair a b) (call h x)) (body a))");
    assert_eq!(
        expr("let a, (b, c), d = g(y); e = a in e"),
        "(let (bind (pair a (pair (pair b c) d)) (call g y)) (bind e a) (body e))"
    );
    assert_eq!(expr("let p, q = 1, 2 in p"), "(let (bind (pair p q) (pair 1 2)) (body p))");
}

#[test]
fn generator_patterns_need_no_parentheses() {
    assert_eq!(expr("{i + j : i, j in ts}"), "(apply-to-each (+ i j) (in (pair i j) ts))");
    assert_eq!(expr("{i + j, x : i, j, x in ts}"), "(apply-to-each (pair (+ i j) x) (in (pair i (pair j x)) ts))");
    assert_eq!(expr("{x : i, x in ts; y in u}"), "(apply-to-each x (in (pair i x) ts) (in y u))");
}

#[test]
fn top_level_binding_patterns_need_no_parentheses() {
    assert_eq!(ast("er, o = r;"), ast("(er, o) = r;"));
}

#[test]
fn an_apply_to_each_without_colon_takes_its_body_from_the_first_binding() {
    assert_eq!(
        expr("{i in [0:n]; fl in flags | fl}"),
        "(apply-to-each i (in i (range 0 n)) (in fl flags) (filter fl))"
    );
    assert_eq!(
        expr("{i in [0:n]; flags | flags}"),
        "(apply-to-each i (in i (range 0 n)) (in flags flags) (filter flags))"
    );
    assert_eq!(expr("{s; d in ds | d > 0}"), "(apply-to-each s (in s s) (in d ds) (filter (> d 0)))");
    assert_eq!(expr("{x in s}"), "(apply-to-each x (in x s))");
    assert_eq!(expr("{s}"), "(apply-to-each s (in s s))");
    assert_eq!(expr("{s | s > 0}"), "(apply-to-each s (in s s) (filter (> s 0)))");
}

#[test]
fn the_serial_apply_to_each_means_the_same() {
    assert_eq!(expr("{* x + 1 : x in s}"), expr("{x + 1 : x in s}"));
    assert_eq!(expr("{* x in s | x > 0}"), expr("{x in s | x > 0}"));
}

#[test]
fn a_binding_that_is_not_a_name_needs_in() {
    let error = parse("{x : (a, b); y in u};").unwrap_err();
    assert!(error.contains("expected `in`"), "{error}");
    let error = parse("{x + 1; y in u};").unwrap_err();
    assert!(error.contains("expected `:` or `in`"), "{error}");
}

#[test]
fn a_dot_after_digits_makes_a_float() {
    assert_eq!(expr("3."), "3.0");
    assert_eq!(expr("3. * x"), "(* 3.0 x)");
    assert_eq!(expr("expt(x, 2.)"), "(call expt x 2.0)");
    assert_eq!(expr("[1:3]"), "(range 1 3)");
}

#[test]
fn word_operators_are_names_where_an_operand_begins() {
    assert_eq!(expr("let er, or = r in or ++ er"), "(let (bind (pair er or) r) (body (++ or er)))");
    assert_eq!(expr("{o : o in or}"), "(apply-to-each o (in o or))");
    assert_eq!(expr("a or b"), "(or a b)");
}

/// A fresh folder for files that load each other.
fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("nessie-load-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The printed forms of the program at `main`, with its loads read, or the
/// rendered errors.
fn program(main: &std::path::Path) -> Result<String, String> {
    let mut sources = SourceMap::new();
    let text = std::fs::read_to_string(main).unwrap();
    let file = sources.add(main.to_string_lossy().to_string(), text, false);
    match nesl_frontend::syntax::parse_program(&mut sources, file) {
        Ok(module) => Ok(print_module(&module)),
        Err(diagnostics) => Err(diagnostics.iter().map(|d| d.render(&sources, false)).collect::<Vec<_>>().join("\n")),
    }
}

#[test]
fn load_reads_a_file_in_place() {
    let dir = folder("in-place");
    std::fs::write(dir.join("lib.nesl"), "function g(x) = x + 1;\ng(0);").unwrap();
    std::fs::write(dir.join("other.nesl"), "h = 2;").unwrap();
    std::fs::write(
        dir.join("main.nesl"),
        "a = 1;\nload \"lib\";\nd = \"/afs/elsewhere/\";\nload d ++ \"other.nesl\";\ng(h);",
    )
    .unwrap();
    assert_eq!(
        program(&dir.join("main.nesl")).unwrap(),
        "(bind a 1)\n(function g (params x) (body (+ x 1)))\n(expr (call g 0))\n\
         (bind d \"/afs/elsewhere/\")\n(bind h 2)\n(expr (call g h))\n"
    );
    assert_eq!(ast("load \"lib\";"), "(load \"lib\")\n");
}

#[test]
fn load_of_a_missing_file_or_of_itself_is_an_error() {
    let dir = folder("errors");
    std::fs::write(dir.join("main.nesl"), "load \"nothing\";").unwrap();
    let error = program(&dir.join("main.nesl")).unwrap_err();
    assert!(error.contains("`load`: no file `nothing`"), "{error}");
    std::fs::write(dir.join("a.nesl"), "load \"b\";").unwrap();
    std::fs::write(dir.join("b.nesl"), "load \"a\";").unwrap();
    let error = program(&dir.join("a.nesl")).unwrap_err();
    assert!(error.contains("loads itself"), "{error}");
    std::fs::write(dir.join("c.nesl"), "load read_string_from_file(\"x\");").unwrap();
    let error = program(&dir.join("c.nesl")).unwrap_err();
    assert!(error.contains("cannot tell which file"), "{error}");
}

#[test]
fn anonymous_functions_bind_tighter_than_pairs() {
    // parse.lisp: `=>` has left binding power 5 and right 4, so the body
    // stops at a `,` and a `=>` in the body nests to the right.
    assert_eq!(expr("(s, v) => s ++ v"), "(lambda s v (body (++ s v)))");
    assert_eq!(expr("x => x + 1, 2"), "(pair (lambda x (body (+ x 1))) 2)");
    assert_eq!(expr("x => y => x"), "(lambda x (body (lambda y (body x))))");
    assert_eq!(
        expr("let format = (str, val) => (str ++ val) in format(a, b)"),
        "(let (bind format (lambda str val (body (++ str val)))) (body (call format a b)))"
    );
    assert_eq!(expr("g(x => x * 2, s)"), "(call g (lambda x (body (* x 2))) s)");
}

#[test]
fn an_anonymous_function_needs_a_pattern_before_its_arrow() {
    let error = parse("1 + 2 => 3;").unwrap_err();
    assert!(error.contains("expected a pattern, found an expression with the operator `+`"), "{error}");
}

#[test]
fn an_escape_to_nesl_internal_library_is_named() {
    // `!len-put` has a meaning at the level of values: a call of `!len-put`.
    assert!(parse("x = !len-put(v, i, 3);").is_ok());
    let error = parse("x = !prim-rank_up(v, s);").unwrap_err();
    assert!(
        error.starts_with("error: test.nesl:1:5: `!prim-rank_up` is an escape to NESL 3.1's internal library"),
        "{error}"
    );
}
