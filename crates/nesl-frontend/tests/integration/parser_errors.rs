//! Every kind of syntax error the parser reports: its message, where its
//! labels point (`line:col`), its help line, and recovery when a file has
//! several.

use nesl_frontend::syntax::parse_file;
use nesl_frontend::{Diagnostic, ErrorClass, SourceMap};

/// The errors of a file that must not parse.
fn errors(text: &str) -> (SourceMap, Vec<Diagnostic>) {
    let mut sources = SourceMap::new();
    let file = sources.add("bad.nesl", text, false);
    match parse_file(&sources, file) {
        Ok(module) => panic!("{text:?} parsed: {module:?}"),
        Err(diagnostics) => {
            for diagnostic in &diagnostics {
                assert_eq!(diagnostic.class, ErrorClass::Syntax);
            }
            (sources, diagnostics)
        }
    }
}

/// One error, as the user sees it.
#[derive(Debug)]
struct Reported {
    /// `line:col: message` of the primary label.
    headline: String,
    /// `line:col label` of every label, primary first.
    labels: Vec<String>,
    help: Option<String>,
}

fn report(sources: &SourceMap, diagnostic: &Diagnostic) -> Reported {
    let position = |span| sources.location(span).trim_start_matches("bad.nesl:").to_string();
    let primary = diagnostic.primary_span().expect("points somewhere");
    let mut labels: Vec<_> = diagnostic.labels.iter().collect();
    labels.sort_by_key(|label| !label.is_primary);
    Reported {
        headline: format!("{}: {}", position(primary), diagnostic.message),
        labels: labels.iter().map(|label| format!("{} {}", position(label.span), label.message)).collect(),
        help: diagnostic.help.clone(),
    }
}

/// The only error of a file.
fn error(text: &str) -> Reported {
    let (sources, diagnostics) = errors(text);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    report(&sources, &diagnostics[0])
}

/// The headlines of all the errors of a file.
fn headlines(text: &str) -> Vec<String> {
    let (sources, diagnostics) = errors(text);
    diagnostics.iter().map(|d| report(&sources, d).headline).collect()
}

fn help(reported: &Reported) -> &str {
    reported.help.as_deref().unwrap_or("")
}

// ----- Lexical errors -----------------------------------------------------------

#[test]
fn unterminated_comment() {
    let e = error("x = 1;\ny = 2; % never closed\nz = 3;");
    assert_eq!(e.headline, "2:8: unterminated comment");
    assert_eq!(e.labels, ["2:8 this comment is never closed"]);
    assert_eq!(help(&e), "unterminated comment: `%` comments end at the next `%`");
}

#[test]
fn unterminated_string() {
    let e = error("x = 1;\ny = \"abc;\nz = 3;");
    assert_eq!(e.headline, "2:5: unterminated string");
    assert!(help(&e).starts_with("unterminated string: a string ends at the next `\"`"), "{e:?}");
}

#[test]
fn unknown_escape_in_a_string() {
    let e = error(r#"s = "tab\there\q";"#);
    assert_eq!(e.headline, r"1:15: unknown escape `\q` in a string");
    assert_eq!(e.labels, ["1:15 unknown escape"]);
    assert_eq!(help(&e), r#"the escapes are `\"`, `\\`, `\n` and `\t`"#);
}

#[test]
fn integer_literals_out_of_range() {
    let e = error("x = 9223372036854775808;");
    assert_eq!(e.headline, "1:5: the integer `9223372036854775808` does not fit in 64 bits");
    assert_eq!(e.labels, ["1:5 integer literal out of range"]);
    assert_eq!(help(&e), "an int is 64-bit: from -9223372036854775808 to 9223372036854775807");
    let e = error("x = -9223372036854775809;");
    assert_eq!(e.headline, "1:5: the integer `-9223372036854775809` does not fit in 64 bits");
    let e = error("x = 123456789012345678901234567890123456789012345678901234567890;");
    assert_eq!(e.headline, "1:5: the integer `123456789012345678901234...` does not fit in 64 bits");
}

#[test]
fn float_literals() {
    let e = error("x = 1e999;");
    assert_eq!(e.headline, "1:5: float literal out of range");
}

#[test]
fn character_literals() {
    let e = error("c = `é;");
    assert_eq!(e.headline, "1:5: `é` is not an ASCII character");
    let e = error("c = `");
    assert_eq!(e.headline, "1:5: expected a character after `` ` ``, found the end of the file");
}

#[test]
fn non_ascii_outside_strings_chars_and_comments() {
    let e = error("x = 1 + λ;");
    assert_eq!(e.headline, "1:9: expected an expression, found `λ`");
    assert_eq!(e.labels, ["1:9 expected an expression"]);
    assert_eq!(help(&e), "non-ASCII characters may appear only inside strings, character literals and comments");
    assert_eq!(error("x = \u{7};").headline, "1:5: expected an expression, found the control character U+0007");
    let e = error("x\u{a0}= 1;");
    assert_eq!(e.headline, "1:2: expected `;`, found `\u{a0}`");
}

// ----- Grammar errors -----------------------------------------------------------

#[test]
fn unclosed_call() {
    let e = error("x = g(1, 2;\ny = 3;");
    assert_eq!(e.headline, "1:11: expected `)` to close the call of `g`, found `;`");
    assert_eq!(e.labels, ["1:11 expected `)`", "1:6 unclosed `(`"]);
}

#[test]
fn unclosed_brackets_of_every_kind() {
    assert_eq!(error("x = (1 + 2;").headline, "1:11: expected `)` to close the parenthesised expression, found `;`");
    assert_eq!(error("x = [1, 2 3];").headline, "1:11: expected `]` to close the sequence, found `3`");
    assert_eq!(error("x = [1 : 2 3];").headline, "1:12: expected `]` to close the range, found `3`");
    assert_eq!(error("x = s[1, 2];").headline, "1:8: expected `]` to close the index, found `,`");
    assert_eq!(error("x = {a : a in s b};").headline, "1:17: expected `}` to close the apply-to-each, found `b`");
    assert_eq!(error("function g(a, b = a;").headline, "1:17: expected `)` to close the parameters of `g`, found `=`");
    assert_eq!(error("datatype d(int;").headline, "1:15: expected `)` to close the fields of `d`, found `;`");
    assert_eq!(error("(a, b = p;").headline, "1:7: expected `)` to close the parenthesised expression, found `=`");
    assert_eq!(error("x = [] [int;").headline, "1:12: expected `]` to close the sequence type, found `;`");
}

#[test]
fn missing_semicolon_between_forms() {
    let e = error("x = 1\ny = 2;");
    assert_eq!(e.headline, "2:1: expected `;`, found `y`");
    assert_eq!(e.labels, ["2:1 expected `;`"]);
    assert_eq!(help(&e), "a top-level form ends with `;` (or `$`)");
}

#[test]
fn missing_expression() {
    assert_eq!(error("x = ;").headline, "1:5: expected an expression, found `;`");
    assert_eq!(error("x = 1 + ;").headline, "1:9: expected an expression, found `;`");
    assert_eq!(error("x = g(1, );").headline, "1:10: expected an expression, found `)`");
    assert_eq!(error("x = ();").headline, "1:6: expected an expression, found `)`");
    assert_eq!(error("x = 1 +").headline, "1:8: expected an expression, found the end of the file");
    assert_eq!(error("x = #;").headline, "1:6: expected an expression, found `;`");
}

#[test]
fn a_form_that_cannot_begin() {
    let e = error(") x;");
    assert_eq!(e.headline, "1:1: expected a definition or an expression, found `)`");
    assert_eq!(error("then;").headline, "1:1: expected a definition or an expression, found the keyword `then`");
}

#[test]
fn if_without_then_or_else() {
    let e = error("function g(x) =\n  if x > 0 x else 0;");
    assert_eq!(e.headline, "2:12: expected `then` after the condition of `if`, found `x`");
    assert_eq!(e.labels, ["2:12 expected `then`", "2:3 this `if`"]);
    let e = error("y = if c then 1;");
    assert_eq!(e.headline, "1:16: expected `else` after the `then` branch, found `;`");
    assert_eq!(e.labels, ["1:16 expected `else`", "1:5 this `if`"]);
    assert_eq!(help(&e), "in NESL every `if` has an `else`");
}

#[test]
fn let_without_in() {
    let e = error("z = let a = 1 b = 2 in a;");
    assert_eq!(e.headline, "1:15: expected `in` after the bindings of `let`, found `b`");
    assert_eq!(e.labels, ["1:15 expected `in`", "1:5 this `let`"]);
    assert_eq!(help(&e), "separate the bindings of a `let` with `;`, and end them with `in`");
    assert_eq!(error("z = let a 1 in a;").headline, "1:11: expected `=`, found `1`");
}

#[test]
fn apply_to_each_without_colon_or_in() {
    assert_eq!(error("x = {a b};").headline, "1:8: expected `:` or `in`, found `b`");
    assert_eq!(error("x = {a : (b, c)};").headline, "1:16: expected `in`, found `}`");
    assert_eq!(error("x = {a : a in s;};").headline, "1:17: expected a pattern, found `}`");
}

#[test]
fn empty_sequence_without_its_type() {
    let e = error("x = [];");
    assert_eq!(e.headline, "1:7: expected the element type of the empty sequence (as in `[] int`), found `;`");
}

#[test]
fn keywords_and_booleans_are_not_names() {
    let e = error("function if(x) = x;");
    assert_eq!(e.headline, "1:10: expected a function name, found the keyword `if`");
    assert_eq!(help(&e), "keywords cannot be used as names");
    let e = error("function g(let) = 1;");
    assert_eq!(e.headline, "1:12: expected a pattern, found the keyword `let`");
    assert_eq!(help(&e), "keywords cannot be used as names");
    let e = error("function g(t) = 1;");
    assert_eq!(e.headline, "1:12: expected a pattern, found `t`");
    assert_eq!(help(&e), "`t` and `f` (in any case) are the boolean literals and cannot be used as names");
    let e = error("function f(x) = x;");
    assert_eq!(e.headline, "1:10: expected a function name, found `f`");
    let e = error("datatype in(int);");
    assert_eq!(e.headline, "1:10: expected a datatype name, found the keyword `in`");
    let e = error("function g(x) : t -> int = x;");
    assert_eq!(e.headline, "1:17: expected a type, found `t`");
    assert_eq!(help(&e), "`t` and `f` (in any case) are the boolean literals and cannot be used as names");
    let e = error("function g(x) : a -> a :: (else in any) = x;");
    assert_eq!(e.headline, "1:28: expected a type variable, found the keyword `else`");
    assert_eq!(help(&e), "keywords cannot be used as names");
    // Where an expression is wanted, a keyword is just misplaced.
    assert_eq!(error("x = then;").help, None);
}

#[test]
fn only_names_can_be_called() {
    let e = error("x = (g)(1);");
    assert_eq!(e.headline, "1:8: only a function or constructor name can be called");
    assert_eq!(e.labels, ["1:8 a call needs a name before its `(`", "1:5 this is not a name"]);
    let e = error("x = F(1);");
    assert_eq!(help(&e), "`t` and `f` (in any case) are the boolean literals, so they cannot name a function");
}

#[test]
fn only_patterns_can_be_bound() {
    let e = error("x + 1 = 2;");
    assert_eq!(e.headline, "1:1: expected a pattern, found an expression with the operator `+`");
    assert_eq!(e.labels, ["1:1 not a pattern"]);
    assert_eq!(help(&e), "a pattern is a name `x`, a tuple `(a, b)` or a constructor `point(x, y)`");
    assert_eq!(error("(a, 1) = p;").headline, "1:5: expected a pattern, found a literal");
    assert_eq!(
        error("y = {x + 1 in s};").headline,
        "1:6: expected a pattern, found an expression with the operator `+`"
    );
}

#[test]
fn function_definition_errors() {
    let e = error("function g = 3;");
    assert_eq!(e.headline, "1:12: expected `(` to begin the parameters of `g`, found `=`");
    assert_eq!(e.labels, ["1:12 expected `(`", "1:10 the function's name"]);
    assert_eq!(help(&e), "a function without parameters is written `function name() = ...`");
    assert_eq!(error("function g(x) x;").headline, "1:15: expected `=`, found `x`");
    assert_eq!(error("function g(x) = x").headline, "1:18: expected `;`, found the end of the file");
}

#[test]
fn signature_errors() {
    assert_eq!(
        error("function g(x) : (int -> int = x;").headline,
        "1:22: expected `)` to close the parenthesised types, found `->`"
    );
    let e = error("function g(x) : a -> a :: a in any = x;");
    assert_eq!(e.headline, "1:27: expected `(` to begin the type-class constraints, found `a`");
    assert_eq!(e.labels, ["1:27 expected `(`", "1:24 constraints follow `::`"]);
    assert_eq!(
        error("function g(x) : a -> a :: (a in any, b in any) = x;").headline,
        "1:36: expected `)` to close the type-class constraints, found `,`"
    );
    assert_eq!(error("function g(x) : -> int = x;").headline, "1:17: expected a type, found `->`");
    assert_eq!(error("datatype d(int) :: (a number);").headline, "1:23: expected `in`, found `number`");
}

#[test]
fn unsupported_form_without_its_end() {
    assert_eq!(error("load \"x.nesl\"").headline, "1:14: expected `;`, found the end of the file");
}

#[test]
fn nesting_too_deep() {
    let text = format!("x = 1;\ny = {}1{};", "(".repeat(300), ")".repeat(300));
    let e = error(&text);
    assert_eq!(e.headline, "2:205: expression nested too deeply");
    assert_eq!(e.labels, ["2:205 more than 200 levels of nesting here"]);
}

#[test]
fn diagnostics_render_with_the_position_first() {
    let (sources, diagnostics) = errors("x = g(1, 2;\n");
    let rendered = diagnostics[0].render(&sources, false);
    assert!(
        rendered.starts_with("error: bad.nesl:1:11: expected `)` to close the call of `g`, found `;`\n"),
        "{rendered}"
    );
    assert!(rendered.contains("unclosed `(`"), "{rendered}");
}

// ----- Several errors -------------------------------------------------------------

#[test]
fn independent_errors_in_one_file_are_all_reported() {
    let text = "\
x = 1 + ;
function ok(a) = a;
y = g(1, 2;
z = let a = 1; b = in a;
w = {a : a in s; (b, c)};
datatype d(int) :: a;
v = 2;
u = )
;
";
    assert_eq!(
        headlines(text),
        [
            "1:9: expected an expression, found `;`",
            "3:11: expected `)` to close the call of `g`, found `;`",
            "4:20: expected an expression, found the keyword `in`",
            "5:24: expected `in`, found `}`",
            "6:20: expected `(` to begin the type-class constraints, found `a`",
            "8:5: expected an expression, found `)`",
        ]
    );
}

#[test]
fn recovery_skips_semicolons_inside_braces_and_lets() {
    // The error is before the `;` inside `{ }` and the `;` of the `let`:
    // the rest of each form must not be reported again.
    let text = "a = {x y : x in s; y in t};\nb = let p = q r; s = 1 in s;\nc = 1 +;";
    assert_eq!(
        headlines(text),
        [
            "1:8: expected `:` or `in`, found `y`",
            "2:15: expected `in` after the bindings of `let`, found `r`",
            "3:8: expected an expression, found `;`",
        ]
    );
}

#[test]
fn recovery_stops_at_the_next_definition() {
    let text = "x = (1 + 2\nfunction g(a) = a +;\ndatatype d(int) :: a;";
    assert_eq!(
        headlines(text),
        [
            "2:1: expected `)` to close the parenthesised expression, found the keyword `function`",
            "2:20: expected an expression, found `;`",
            "3:20: expected `(` to begin the type-class constraints, found `a`",
        ]
    );
}

#[test]
fn lexical_errors_recover_at_the_end_of_their_form() {
    let text = "a = 1e999;\nb = \"\\q\";\nc = `é;\nd = 99999999999999999999;\ne = ok;\nf1 = @;";
    assert_eq!(
        headlines(text),
        [
            "1:5: float literal out of range",
            "2:6: unknown escape `\\q` in a string",
            "3:5: `é` is not an ASCII character",
            "4:5: the integer `99999999999999999999` does not fit in 64 bits",
            "6:7: expected an expression, found `;`",
        ]
    );
}

#[test]
fn at_most_twenty_errors_are_reported() {
    let text = "x = ;\n".repeat(30);
    let (_, diagnostics) = errors(&text);
    assert_eq!(diagnostics.len(), 20);
    assert_eq!(diagnostics[19].notes, ["stopped after 20 syntax errors"]);
    // Exactly twenty errors need no note.
    let (_, diagnostics) = errors(&"x = ;\n".repeat(20));
    assert_eq!(diagnostics.len(), 20);
    assert!(diagnostics[19].notes.is_empty());
}
