//! Prints the surface AST (`--emit ast`) as S-expressions.
//!
//! Every node is a parenthesised list headed by its kind, except the atoms:
//! variables and variable patterns print as their (lower-cased) name,
//! literals as NESL writes them (`42`, `-7`, `2.5`, `T`, `` `a ``,
//! `"text"`), and types in NESL's own notation (`int`, `[a]`,
//! `(int, (float, bool))`, pairs kept as nested as the tree is). One form
//! per top-level item:
//!
//! ```text
//! (function dotp (params xs ys)
//!   (signature (params [a] [a]) (result a) (where (a in number)))
//!   (body (call sum (apply-to-each (* x y) (in (pair x y) (call zip xs ys))))))
//! (datatype point (fields float float))
//! (bind (pair a b) (pair 1 2))
//! (expr (+ 1 (* 2 3)))
//! (unsupported "NESL's interactive command `load`")
//! ```
//!
//! | node | printed as |
//! |---|---|
//! | binary operator | `(OP lhs rhs)`, `OP` as written: `+`, `or`, `<-`, `->` |
//! | prefix operator | `(neg e)`, `(# e)`, `(@ e)` |
//! | pair | `(pair a b)` |
//! | sequence, empty, range | `(seq a b)`, `(empty-seq TYPE)`, `(range s e)`, `(range s e stride)` |
//! | call, index | `(call f a b)`, `(index s i)` |
//! | `if`, `let` | `(if c a b)`, `(let (bind p e) ... (body e))` |
//! | apply-to-each | `(apply-to-each BODY (in p s) ... (filter c))` |
//! | patterns | `x`, `(pair p q)`, `(constructor point x y)` |
//! | chars that are not graphic | `(char CODE)` |
//!
//! A list that fits in [`WIDTH`] columns is printed on one line; a longer
//! one puts its head (and the atoms right after it, if they fit) on the
//! first line and each further part on its own line, indented two
//! spaces. The output depends only on the
//! tree (no spans), so it is stable for golden files.

use std::fmt::Write;

use crate::syntax::ast::{
    ClassConstraint, Expr, ExprKind, Generator, Item, ItemKind, Module, Pattern, PatternKind, TypeExpr, TypeExprKind,
    TypeSignature, UnaryOp,
};

/// The column a printed line should not pass, where it can be avoided.
const WIDTH: usize = 100;

/// The `--emit ast` text of a module: one S-expression per item, each
/// ending with a newline.
pub fn print_module(module: &Module) -> String {
    let mut out = String::new();
    for item in &module.items {
        write_sexp(&mut out, &item_sexp(item), 0);
        out.push('\n');
    }
    out
}

/// A printed tree before layout.
enum Sexp {
    Atom(String),
    /// `(items...)`, whose first `head` items are never split over lines.
    List {
        head: usize,
        items: Vec<Sexp>,
    },
}

fn atom(text: impl Into<String>) -> Sexp {
    Sexp::Atom(text.into())
}

/// `(head parts...)`.
fn list(head: &str, parts: impl IntoIterator<Item = Sexp>) -> Sexp {
    let mut items = vec![atom(head)];
    items.extend(parts);
    Sexp::List { head: 1, items }
}

/// `(head name parts...)`, with the name kept on the head's line.
fn named(head: &str, name: &str, parts: impl IntoIterator<Item = Sexp>) -> Sexp {
    let mut items = vec![atom(head), atom(name)];
    items.extend(parts);
    Sexp::List { head: 2, items }
}

fn item_sexp(item: &Item) -> Sexp {
    match &item.kind {
        ItemKind::Function(definition) => {
            let mut parts = vec![list("params", definition.params.iter().map(pattern_sexp))];
            if let Some(signature) = &definition.signature {
                parts.push(signature_sexp(signature));
            }
            if let Some(doc) = &definition.doc {
                parts.push(list("doc", [atom(quote_string(doc.as_bytes()))]));
            }
            if let Some(body) = &definition.body {
                parts.push(list("body", [expr_sexp(body)]));
            }
            named("function", &definition.name.name, parts)
        }
        ItemKind::Datatype(definition) => {
            let mut parts = vec![list("fields", definition.fields.iter().map(|t| atom(type_text(t))))];
            if !definition.constraints.is_empty() {
                parts.push(constraints_sexp(&definition.constraints));
            }
            named("datatype", &definition.name.name, parts)
        }
        ItemKind::Binding { pattern, value } => list("bind", [pattern_sexp(pattern), expr_sexp(value)]),
        ItemKind::Expr(expr) => list("expr", [expr_sexp(expr)]),
        ItemKind::Load { path } => list("load", [expr_sexp(path)]),
        ItemKind::Unsupported { what } => list("unsupported", [atom(quote_string(what.as_bytes()))]),
    }
}

fn signature_sexp(signature: &TypeSignature) -> Sexp {
    let mut parts = vec![
        list("params", signature.params.iter().map(|t| atom(type_text(t)))),
        list("result", [atom(type_text(&signature.result))]),
    ];
    if !signature.constraints.is_empty() {
        parts.push(constraints_sexp(&signature.constraints));
    }
    list("signature", parts)
}

fn constraints_sexp(constraints: &[ClassConstraint]) -> Sexp {
    list("where", constraints.iter().map(|c| list(&c.var.name, [atom("in"), atom(&c.class.name)])))
}

/// A type in NESL notation, pairs nested as in the tree.
fn type_text(ty: &TypeExpr) -> String {
    match &ty.kind {
        TypeExprKind::Name(name) => name.name.clone(),
        TypeExprKind::Seq(element) => format!("[{}]", type_text(element)),
        TypeExprKind::Pair(left, right) => format!("({}, {})", type_text(left), type_text(right)),
    }
}

fn pattern_sexp(pattern: &Pattern) -> Sexp {
    match &pattern.kind {
        PatternKind::Var(name) => atom(&name.name),
        PatternKind::Pair(left, right) => list("pair", [pattern_sexp(left), pattern_sexp(right)]),
        PatternKind::Constructor { name, fields } => named("constructor", &name.name, fields.iter().map(pattern_sexp)),
    }
}

fn expr_sexp(expr: &Expr) -> Sexp {
    match &expr.kind {
        ExprKind::Int(value) => atom(value.to_string()),
        ExprKind::Float(value) => atom(format!("{value:?}")),
        ExprKind::Bool(value) => atom(if *value { "T" } else { "F" }),
        ExprKind::Char(code) if code.is_ascii_graphic() => atom(format!("`{}", *code as char)),
        ExprKind::Char(code) => list("char", [atom(code.to_string())]),
        ExprKind::String(bytes) => atom(quote_string(bytes)),
        ExprKind::Var(name) => atom(&name.name),
        ExprKind::Pair(left, right) => list("pair", [expr_sexp(left), expr_sexp(right)]),
        ExprKind::Seq(elements) => list("seq", elements.iter().map(expr_sexp)),
        ExprKind::EmptySeq(element) => list("empty-seq", [atom(type_text(element))]),
        ExprKind::Range { start, end, stride } => {
            list("range", [start, end].into_iter().chain(stride).map(|e| expr_sexp(e)))
        }
        ExprKind::Call { func, args } => named("call", &func.name, args.iter().map(expr_sexp)),
        ExprKind::Index { seq, index } => list("index", [expr_sexp(seq), expr_sexp(index)]),
        ExprKind::Binary { op, lhs, rhs, .. } => list(op.symbol(), [expr_sexp(lhs), expr_sexp(rhs)]),
        ExprKind::Unary { op, operand, .. } => {
            let head = match op {
                UnaryOp::Negate => "neg",
                UnaryOp::Length | UnaryOp::ToString => op.symbol(),
            };
            list(head, [expr_sexp(operand)])
        }
        ExprKind::If { cond, then_branch, else_branch } => {
            list("if", [expr_sexp(cond), expr_sexp(then_branch), expr_sexp(else_branch)])
        }
        ExprKind::Let { bindings, body } => list(
            "let",
            bindings
                .iter()
                .map(|(pattern, value)| list("bind", [pattern_sexp(pattern), expr_sexp(value)]))
                .chain([list("body", [expr_sexp(body)])]),
        ),
        ExprKind::Lambda(def) => list(
            "lambda",
            def.params.iter().map(pattern_sexp).chain(def.body.iter().map(|body| list("body", [expr_sexp(body)]))),
        ),
        ExprKind::ApplyToEach { body, generators, filter } => list(
            "apply-to-each",
            std::iter::once(expr_sexp(body))
                .chain(generators.iter().map(generator_sexp))
                .chain(filter.iter().map(|f| list("filter", [expr_sexp(f)]))),
        ),
    }
}

fn generator_sexp(generator: &Generator) -> Sexp {
    list("in", [pattern_sexp(&generator.pattern), expr_sexp(&generator.seq)])
}

/// A string literal as NESL would write it, with `\"`, `\\`, `\n`, `\t`,
/// and `\xNN` for other control characters.
fn quote_string(bytes: &[u8]) -> String {
    let mut out = String::from("\"");
    for c in String::from_utf8_lossy(bytes).chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Writes `sexp` at column `indent` (the cursor is already there).
fn write_sexp(out: &mut String, sexp: &Sexp, indent: usize) {
    let (head, items) = match sexp {
        Sexp::Atom(text) => return out.push_str(text),
        Sexp::List { head, items } => (*head, items),
    };
    if fits(sexp, WIDTH.saturating_sub(indent)) {
        write_flat(out, sexp);
        return;
    }
    // The head stays on the first line, with the atoms right after it if
    // they all fit there.
    let head = head.min(items.len());
    let leading_atoms = head + items[head..].iter().take_while(|item| matches!(item, Sexp::Atom(_))).count();
    let leading_width: usize = items[..leading_atoms].iter().map(|item| flat_width(item) + 1).sum();
    let inline = if indent + leading_width <= WIDTH { leading_atoms } else { head };
    out.push('(');
    for (i, item) in items[..inline].iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        write_flat(out, item);
    }
    for item in &items[inline..] {
        out.push('\n');
        out.extend(std::iter::repeat_n(' ', indent + 2));
        write_sexp(out, item, indent + 2);
    }
    out.push(')');
}

fn write_flat(out: &mut String, sexp: &Sexp) {
    match sexp {
        Sexp::Atom(text) => out.push_str(text),
        Sexp::List { items, .. } => {
            out.push('(');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                write_flat(out, item);
            }
            out.push(')');
        }
    }
}

fn flat_width(sexp: &Sexp) -> usize {
    match sexp {
        Sexp::Atom(text) => text.chars().count(),
        Sexp::List { items, .. } => 1 + items.iter().map(|item| flat_width(item) + 1).sum::<usize>(),
    }
}

/// Whether `sexp` printed on one line takes at most `budget` columns.
/// Stops counting once over the budget, so that layout stays linear.
fn fits(sexp: &Sexp, budget: usize) -> bool {
    fn width(sexp: &Sexp, budget: usize) -> Option<usize> {
        match sexp {
            Sexp::Atom(text) => Some(text.chars().count()).filter(|w| *w <= budget),
            Sexp::List { items, .. } => {
                let mut used = 2 + items.len().saturating_sub(1);
                for item in items {
                    if used > budget {
                        return None;
                    }
                    used += width(item, budget - used)?;
                }
                Some(used).filter(|w| *w <= budget)
            }
        }
    }
    width(sexp, budget).is_some()
}
