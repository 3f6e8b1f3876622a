//! The parser never panics: on random bytes, on random soups of NESL
//! tokens, on damaged programs, on huge and deeply nested inputs. Whatever
//! it returns is well formed: spans inside the text and on character
//! boundaries, at most 20 diagnostics, each renderable.
//!
//! Each property runs 500 cases by default; set `PROPTEST_CASES` for more.

use std::time::Instant;

use nesl_frontend::SourceMap;
use nesl_frontend::syntax::ast::{
    Expr, ExprKind, Generator, Ident, Item, ItemKind, Module, Pattern, PatternKind, TypeExpr, TypeExprKind,
    TypeSignature,
};
use nesl_frontend::syntax::{parse_file, print_module};
use nesl_frontend::{Diagnostic, ErrorClass, Span};
use proptest::prelude::*;

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|cases| cases.parse().ok()).unwrap_or(500);
    ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() }
}

/// Parses `text` and checks everything that came back.
fn parse_and_check(text: &str) -> Result<Module, Vec<Diagnostic>> {
    let mut sources = SourceMap::new();
    let file = sources.add("fuzz.nesl", text, false);
    let result = parse_file(&sources, file);
    match &result {
        Ok(module) => {
            let mut spans = SpanChecker { text, count: 0 };
            for item in &module.items {
                spans.item(item);
            }
            let printed = print_module(module);
            assert_eq!(printed.lines().filter(|line| !line.starts_with(' ')).count(), module.items.len());
        }
        Err(diagnostics) => {
            assert!(!diagnostics.is_empty());
            assert!(diagnostics.len() <= 20, "{} diagnostics", diagnostics.len());
            for diagnostic in diagnostics {
                assert_eq!(diagnostic.class, ErrorClass::Syntax);
                let primary = diagnostic.primary_span().expect("a syntax error points somewhere");
                check_span(text, primary);
                for label in &diagnostic.labels {
                    check_span(text, label.span);
                }
                let rendered = diagnostic.render(&sources, false);
                assert!(rendered.starts_with("error: fuzz.nesl:"), "{rendered}");
            }
        }
    }
    result
}

fn check_span(text: &str, span: Span) {
    assert!(span.lo <= span.hi && span.hi as usize <= text.len(), "span {span:?} outside a text of {}", text.len());
    assert!(text.is_char_boundary(span.lo as usize) && text.is_char_boundary(span.hi as usize), "span {span:?}");
}

/// Visits every node, checking its span, and that a parent's span covers
/// its children's.
struct SpanChecker<'a> {
    text: &'a str,
    count: usize,
}

impl SpanChecker<'_> {
    fn within(&mut self, outer: Span, inner: Span) {
        check_span(self.text, inner);
        assert!(outer.lo <= inner.lo && inner.hi <= outer.hi, "{inner:?} not within {outer:?}");
        self.count += 1;
    }

    fn item(&mut self, item: &Item) {
        check_span(self.text, item.span);
        let text = &self.text[item.span.range()];
        assert!(text.ends_with(';') || text.ends_with('$'), "item {text:?}");
        match &item.kind {
            ItemKind::Function(def) => {
                self.ident(item.span, &def.name);
                for param in &def.params {
                    self.pattern(item.span, param);
                }
                if let Some(signature) = &def.signature {
                    self.signature(item.span, signature);
                }
                if let Some(body) = &def.body {
                    self.expr(item.span, body);
                }
            }
            ItemKind::Datatype(def) => {
                self.ident(item.span, &def.name);
                for field in &def.fields {
                    self.type_expr(item.span, field);
                }
                for constraint in &def.constraints {
                    self.within(item.span, constraint.span);
                }
            }
            ItemKind::Binding { pattern, value } => {
                self.pattern(item.span, pattern);
                self.expr(item.span, value);
            }
            ItemKind::Expr(expr) | ItemKind::Load { path: expr } => self.expr(item.span, expr),
            ItemKind::Unsupported { what } => assert!(!what.is_empty()),
        }
    }

    fn ident(&mut self, outer: Span, ident: &Ident) {
        self.within(outer, ident.span);
        assert_eq!(ident.name, ident.name.to_ascii_lowercase());
        assert!(!ident.name.is_empty());
    }

    fn signature(&mut self, outer: Span, signature: &TypeSignature) {
        self.within(outer, signature.span);
        for param in &signature.params {
            self.type_expr(signature.span, param);
        }
        self.type_expr(signature.span, &signature.result);
        for constraint in &signature.constraints {
            self.within(signature.span, constraint.span);
            self.ident(constraint.span, &constraint.var);
            self.ident(constraint.span, &constraint.class);
        }
    }

    fn type_expr(&mut self, outer: Span, ty: &TypeExpr) {
        self.within(outer, ty.span);
        match &ty.kind {
            TypeExprKind::Name(name) => self.ident(ty.span, name),
            TypeExprKind::Seq(element) => self.type_expr(ty.span, element),
            TypeExprKind::Pair(left, right) => {
                self.type_expr(ty.span, left);
                self.type_expr(ty.span, right);
            }
        }
    }

    fn pattern(&mut self, outer: Span, pattern: &Pattern) {
        self.within(outer, pattern.span);
        match &pattern.kind {
            PatternKind::Var(name) => self.ident(pattern.span, name),
            PatternKind::Pair(left, right) => {
                self.pattern(pattern.span, left);
                self.pattern(pattern.span, right);
            }
            PatternKind::Constructor { name, fields } => {
                self.ident(pattern.span, name);
                for field in fields {
                    self.pattern(pattern.span, field);
                }
            }
        }
    }

    fn generator(&mut self, outer: Span, generator: &Generator) {
        self.within(outer, generator.span);
        self.pattern(generator.span, &generator.pattern);
        self.expr(generator.span, &generator.seq);
    }

    fn expr(&mut self, outer: Span, expr: &Expr) {
        self.within(outer, expr.span);
        let span = expr.span;
        match &expr.kind {
            ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Bool(_) | ExprKind::Char(_) | ExprKind::String(_) => {}
            ExprKind::Var(name) => self.ident(span, name),
            ExprKind::Pair(left, right) => {
                self.expr(span, left);
                self.expr(span, right);
            }
            ExprKind::Seq(elements) => {
                assert!(!elements.is_empty());
                for element in elements {
                    self.expr(span, element);
                }
            }
            ExprKind::EmptySeq(element) => self.type_expr(span, element),
            ExprKind::Range { start, end, stride } => {
                self.expr(span, start);
                self.expr(span, end);
                if let Some(stride) = stride {
                    self.expr(span, stride);
                }
            }
            ExprKind::Call { func, args } => {
                self.ident(span, func);
                for arg in args {
                    self.expr(span, arg);
                }
            }
            ExprKind::Index { seq, index } => {
                self.expr(span, seq);
                self.expr(span, index);
            }
            ExprKind::Binary { op_span, lhs, rhs, .. } => {
                self.within(span, *op_span);
                self.expr(span, lhs);
                self.expr(span, rhs);
            }
            ExprKind::Unary { op_span, operand, .. } => {
                self.within(span, *op_span);
                self.expr(span, operand);
            }
            ExprKind::If { cond, then_branch, else_branch } => {
                self.expr(span, cond);
                self.expr(span, then_branch);
                self.expr(span, else_branch);
            }
            ExprKind::Let { bindings, body } => {
                for (pattern, value) in bindings {
                    self.pattern(span, pattern);
                    self.expr(span, value);
                }
                self.expr(span, body);
            }
            ExprKind::Lambda(def) => {
                self.within(span, def.name.span);
                assert!(!def.params.is_empty());
                for param in &def.params {
                    self.pattern(span, param);
                }
                self.expr(span, def.body.as_ref().unwrap());
            }
            ExprKind::ApplyToEach { body, generators, filter } => {
                self.expr(span, body);
                assert!(!generators.is_empty());
                for generator in generators {
                    self.generator(span, generator);
                }
                if let Some(filter) = filter {
                    self.expr(span, filter);
                }
            }
        }
    }
}

/// Pieces of NESL, valid and not: every keyword, operator and bracket,
/// names, literals of every kind, and the lexical traps (lone quotes,
/// comment marks, backquotes, non-ASCII).
const TOKENS: &[&str] = &[
    "function",
    "=>",
    "FUNCTION",
    "datatype",
    "if",
    "then",
    "else",
    "let",
    "in",
    "or",
    "xor",
    "nor",
    "and",
    "nand",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ";",
    "$",
    ":",
    "::",
    "=",
    "==",
    "/=",
    "<",
    ">",
    "<=",
    ">=",
    "++",
    "+",
    "-",
    "*",
    "/",
    "||",
    "|",
    "^",
    "<-",
    "->",
    "#",
    "@",
    "&=",
    "|=",
    "&",
    "x",
    "y",
    "xs",
    "f",
    "t",
    "T",
    "F",
    "iffy",
    "andx",
    "_",
    "__pad",
    "point",
    "int",
    "float",
    "bool",
    "char",
    "a",
    "number",
    "any",
    "load",
    "set",
    "time",
    "sum",
    "0",
    "42",
    "9223372036854775807",
    "9223372036854775808",
    "99999999999999999999999",
    "3.5",
    ".5",
    "1e10",
    "2.5e-3",
    "1e999",
    "5.",
    "`a",
    "` ",
    "`\n",
    "`",
    "`é",
    "\"abc\"",
    "\"a\\\"b\"",
    "\"\\q\"",
    "\"",
    "%",
    "% c %",
    "é",
    "λ",
    "\u{0}",
    "\\",
    "!",
    ".",
    "'",
    "?",
    "~",
    "\t",
    "\r\n",
];

const SEPARATORS: &[&str] = &[" ", "", "", "\n", "  ", "% comment %"];

fn token_soup() -> impl Strategy<Value = String> {
    prop::collection::vec((prop::sample::select(TOKENS), prop::sample::select(SEPARATORS)), 0..80)
        .prop_map(|pieces| pieces.into_iter().flat_map(|(token, separator)| [token, separator]).collect())
}

/// A real program, to be damaged.
const PROGRAM: &str = r#"% A quicksort. %
function qsort(a) : [a] -> [a] :: (a in ordinal) =
  if #a < 2 then a
  else
    let pivot = a[#a / 2];
        lesser = {e in a | e < pivot};
        equal = {e in a | e == pivot};
        greater = {e in a | e > pivot};
        result = {qsort(v) : v in [lesser, greater]}
    in result[0] ++ equal ++ result[1];
datatype point(float, float);
function smvp(m, v) = {sum({x * v[i] : (i, x) in row}) : row in m};
(a, b) = (1, [] int);
qsort([3, 1, 2]), "done\n", `x, -9223372036854775808, [0:10:2];
"#;

/// The program with a few characters deleted, replaced or inserted.
fn damaged_program() -> impl Strategy<Value = String> {
    let edit = (0..PROGRAM.len(), 0..3u8, prop::sample::select(TOKENS));
    prop::collection::vec(edit, 1..6).prop_map(|edits| {
        let mut text = PROGRAM.to_string();
        for (position, kind, token) in edits {
            let mut position = position.min(text.len());
            while !text.is_char_boundary(position) {
                position -= 1;
            }
            let next = text[position..].chars().next().map_or(0, char::len_utf8);
            match kind {
                0 => text.replace_range(position..position + next, ""),
                1 => text.replace_range(position..position + next, token),
                _ => text.insert_str(position, token),
            }
        }
        text
    })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let _ = parse_and_check(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn random_text_never_panics(text in "\\PC{0,200}") {
        let _ = parse_and_check(&text);
    }

    #[test]
    fn token_soups_never_panic(text in token_soup()) {
        let _ = parse_and_check(&text);
    }

    #[test]
    fn damaged_programs_never_panic(text in damaged_program()) {
        let _ = parse_and_check(&text);
    }
}

#[test]
fn the_undamaged_program_parses() {
    let module = parse_and_check(PROGRAM).expect("the program is valid");
    assert_eq!(module.items.len(), 5);
}

/// `open` repeated `n` times, then `middle`, then `close` repeated, as a
/// top-level expression.
fn nested(open: &str, middle: &str, close: &str, n: usize) -> String {
    format!("{}{middle}{};", open.repeat(n), close.repeat(n))
}

fn assert_too_deep(text: &str) {
    let diagnostics = parse_and_check(text).expect_err("nested too deeply");
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0].message, "expression nested too deeply");
}

#[test]
fn a_hundred_thousand_open_parentheses_are_too_deep() {
    assert_too_deep(&"(".repeat(100_000));
    assert_too_deep(&nested("(", "1", ")", 100_000));
}

#[test]
fn every_kind_of_deep_nesting_is_caught() {
    let n = 100_000;
    assert_too_deep(&nested("[", "1", "]", n));
    assert_too_deep(&nested("{", "x", " : x in s}", n));
    assert_too_deep(&nested("g(", "1", ")", n));
    assert_too_deep(&nested("-", "x", "", n));
    assert_too_deep(&nested("#", "x", "", n));
    assert_too_deep(&nested("@ -", "x", "", n));
    assert_too_deep(&nested("if t then 1 else ", "2", "", n));
    assert_too_deep(&nested("let x = 1 in ", "x", "", n));
    assert_too_deep(&nested("let x = ", "1", " in x", n));
    assert_too_deep(&format!("x{};", "[0]".repeat(n)));
    assert_too_deep(&format!("1{};", " + 1".repeat(n)));
    assert_too_deep(&format!("1{};", ", 1".repeat(n)));
    assert_too_deep(&format!("x = [] {}int{};", "[".repeat(n), "]".repeat(n)));
    assert_too_deep(&format!("function g({}x{}) = 1;", "(".repeat(n), ")".repeat(n)));
    assert_too_deep(&format!("function g(x) : {}int{} = 1;", "[".repeat(n), "]".repeat(n)));
    assert_too_deep(&format!("function g(x) : ({}) -> int = 1;", vec!["int"; n].join(", ")));
}

#[test]
fn nesting_up_to_the_limit_parses_and_prints() {
    let module = parse_and_check(&nested("(", "1", ")", 199)).expect("199 parentheses are fine");
    assert_eq!(print_module(&module), "(expr 1)\n");
    let module = parse_and_check(&nested("[", "1", "]", 150)).expect("150 brackets are fine");
    assert!(print_module(&module).starts_with("(expr\n  (seq\n    (seq"));
    assert!(parse_and_check(&format!("1{};", " + 1".repeat(150))).is_ok());
}

#[test]
fn long_flat_sequences_are_not_nesting() {
    let elements = vec!["1"; 100_000].join(", ");
    let module = parse_and_check(&format!("[{elements}];")).expect("a long sequence is flat");
    let ItemKind::Expr(Expr { kind: ExprKind::Seq(elements), .. }) = &module.items[0].kind else {
        panic!("expected a sequence");
    };
    assert_eq!(elements.len(), 100_000);
}

#[test]
fn a_megabyte_of_program_parses_quickly() {
    let mut text = String::new();
    let mut copies = 0;
    while text.len() < 1 << 20 {
        text.push_str(PROGRAM);
        copies += 1;
    }
    let mut sources = SourceMap::new();
    let file = sources.add("big.nesl", text.as_str(), false);
    let start = Instant::now();
    let module = parse_file(&sources, file).expect("valid");
    let elapsed = start.elapsed();
    assert_eq!(module.items.len(), 5 * copies);
    // Well under a second in practice; generous for slow CI machines.
    println!("parsing {} bytes took {elapsed:?}", text.len());
    assert!(elapsed.as_secs_f64() < 3.0, "parsing 1 MB took {elapsed:?}");
}

#[test]
fn a_megabyte_of_garbage_is_cut_off_at_twenty_errors() {
    let text = "x y;\n".repeat(1 << 18);
    let diagnostics = parse_and_check(&text).expect_err("garbage");
    assert_eq!(diagnostics.len(), 20);
    assert!(diagnostics[19].notes.iter().any(|note| note.contains("stopped after 20")));
}
