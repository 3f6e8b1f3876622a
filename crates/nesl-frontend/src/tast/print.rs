//! Prints the typed program (`--emit typed`) as NESL-like text.
//!
//! The print is meant for golden files and for reading: deterministic, one
//! section per kind of definition, every binder typed.
//! - datatype instances: `datatype point(float, float);` (an instance of a
//!   polymorphic datatype whose name several instances share is written
//!   `name#k`, `k` its [`DataId`], wherever it appears);
//! - function instances in arena order, each headed by
//!   `function name<inst>(x : [float], (a : int, b : int)) : float =`, its
//!   body indented below; a `% library %` / `% recursive %` line before the
//!   header says where it comes from and whether it recurses;
//! - the top-level items in program order: `x : [int] = [1, 2, 3];` for a
//!   binding, `it : int = sum(x);` for an expression.
//!
//! Bodies are in NESL syntax: calls by instance name, primitives by their
//! NESL name (`plus_scan(xs)`), operators infix and parenthesised
//! (`(x + y)`), prefix `#` and `@`; `let` and generator patterns carry the
//! type of each variable (`{(x * x) : x : float in xs}`); an empty
//! sequence shows its element type (`[] int`), and `__error` its result
//! type. Locals print by their source name (shadowing follows the program's
//! own scoping); globals sharing a name print as `name'k` (`k` the global's
//! id).

use std::collections::HashMap;

use crate::builtins::Prim;
use crate::tast::{ExprId, ExprKind, Local, Pattern, PatternKind, Program, TopItemKind, Var};
use crate::types::{DataId, DataNames, Type};

/// Lines longer than this are broken where the layout allows.
const WIDTH: usize = 100;

pub fn print_program(program: &Program) -> String {
    let printer = Printer::new(program);
    let mut out = String::new();
    if !program.datatypes.is_empty() {
        for (index, data) in program.datatypes.iter().enumerate() {
            let fields: Vec<String> = data.fields.iter().map(|f| printer.ty(f)).collect();
            let name = printer.data_name(DataId(index as u32));
            out.push_str(&format!("datatype {name}({});\n", fields.join(", ")));
        }
        out.push('\n');
    }
    for (_, function) in program.functions.iter() {
        let mut notes = Vec::new();
        if function.is_library {
            notes.push("library");
        }
        if function.is_recursive {
            notes.push("recursive");
        }
        if !notes.is_empty() {
            out.push_str(&format!("% {} %\n", notes.join(", ")));
        }
        let params: Vec<String> = function.params.iter().map(|p| printer.pattern(p, &function.locals)).collect();
        out.push_str(&format!(
            "function {}({}) : {} =\n  ",
            function.instance,
            params.join(", "),
            printer.ty(&function.result)
        ));
        out.push_str(&printer.expr(function.body, &function.locals, 2));
        out.push_str(";\n\n");
    }
    for item in &program.items {
        match &item.kind {
            TopItemKind::Bind { pattern, value } => {
                let pattern = printer.pattern(pattern, &item.locals);
                let indent = pattern.len() + 3;
                out.push_str(&format!("{pattern} = {};\n", printer.expr(*value, &item.locals, indent)));
            }
            TopItemKind::Expr { value } => {
                let ty = printer.ty(&program.exprs[*value].ty);
                let head = format!("it : {ty} = ");
                let indent = head.len();
                out.push_str(&format!("{head}{};\n", printer.expr(*value, &item.locals, indent)));
            }
        }
    }
    out
}

/// One expression on one line (at most `limit` characters), for messages.
pub(crate) fn expr_summary(program: &Program, locals: &[Local], id: ExprId, limit: usize) -> String {
    let printer = Printer::new(program);
    let text = printer.expr(id, locals, 0).split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() > limit {
        let cut: String = text.chars().take(limit).collect();
        format!("{cut}...")
    } else {
        text
    }
}

struct Printer<'a> {
    program: &'a Program,
    /// The printed name of each datatype instance.
    data_names: Vec<String>,
    /// The printed name of each global.
    global_names: Vec<String>,
}

impl DataNames for Printer<'_> {
    fn data_name(&self, id: DataId) -> &str {
        self.data_names.get(id.0 as usize).map_or("?", String::as_str)
    }
}

/// Appends `'k` / `#k` to the names several entries share.
fn disambiguate<'n>(names: impl Iterator<Item = &'n str> + Clone, mark: char) -> Vec<String> {
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for name in names.clone() {
        *counts.entry(name).or_default() += 1;
    }
    names.enumerate().map(|(i, n)| if counts[n] > 1 { format!("{n}{mark}{i}") } else { n.to_string() }).collect()
}

impl<'a> Printer<'a> {
    fn new(program: &'a Program) -> Printer<'a> {
        Printer {
            program,
            data_names: disambiguate(program.datatypes.iter().map(|d| d.name.as_str()), '#'),
            global_names: disambiguate(program.globals.iter().map(|g| g.name.as_str()), '\''),
        }
    }

    fn ty(&self, ty: &Type) -> String {
        ty.display(self).to_string()
    }

    fn var(&self, var: Var, locals: &[Local]) -> String {
        match var {
            Var::Local(l) => locals.get(l.0 as usize).map_or_else(|| format!("?local{}", l.0), |l| l.name.clone()),
            Var::Global(g) => self.global_names.get(g.0 as usize).cloned().unwrap_or_else(|| format!("?global{}", g.0)),
        }
    }

    /// A pattern with the type of every variable: `(a : int, b : float)`.
    fn pattern(&self, pattern: &Pattern, locals: &[Local]) -> String {
        match &pattern.kind {
            PatternKind::Bind(var) => format!("{} : {}", self.var(*var, locals), self.ty(&pattern.ty)),
            PatternKind::Pair(a, b) => {
                let mut parts = vec![self.pattern(a, locals)];
                let mut rest = &**b;
                while let PatternKind::Pair(x, y) = &rest.kind {
                    parts.push(self.pattern(x, locals));
                    rest = y;
                }
                parts.push(self.pattern(rest, locals));
                format!("({})", parts.join(", "))
            }
            PatternKind::Data { data, fields } => {
                let fields: Vec<String> = fields.iter().map(|f| self.pattern(f, locals)).collect();
                format!("{}({})", self.data_name(*data), fields.join(", "))
            }
        }
    }

    fn lookup(&self, id: ExprId) -> Option<&crate::tast::Expr> {
        ((id.into_raw().into_u32() as usize) < self.program.exprs.len()).then(|| &self.program.exprs[id])
    }

    /// Operand `child` of expression `parent`; a corrupt program (an operand
    /// that does not come before its user) prints `?` instead of looping.
    fn sub(&self, parent: ExprId, child: ExprId, locals: &[Local], indent: usize) -> String {
        if child < parent { self.expr(child, locals, indent) } else { "?".to_string() }
    }

    fn subs(&self, parent: ExprId, ids: &[ExprId], locals: &[Local], indent: usize) -> Vec<String> {
        ids.iter().map(|id| self.sub(parent, *id, locals, indent)).collect()
    }

    /// The expression as text whose continuation lines start at column
    /// `indent`.
    fn expr(&self, id: ExprId, locals: &[Local], indent: usize) -> String {
        let Some(expr) = self.lookup(id) else {
            return "?".to_string();
        };
        match &expr.kind {
            ExprKind::Int(v) => v.to_string(),
            ExprKind::Float(v) => float_text(*v),
            ExprKind::Bool(true) => "t".to_string(),
            ExprKind::Bool(false) => "f".to_string(),
            ExprKind::Char(c) => char_text(*c),
            ExprKind::String(bytes) => string_text(bytes),
            ExprKind::Var(var) => self.var(*var, locals),
            ExprKind::Pair(a, b) => {
                let mut parts = vec![self.sub(id, *a, locals, indent + 1)];
                let mut rest = *b;
                while let Some(ExprKind::Pair(x, y)) = self.lookup(rest).filter(|_| rest < id).map(|e| &e.kind) {
                    parts.push(self.sub(id, *x, locals, indent + 1));
                    rest = *y;
                }
                parts.push(self.sub(id, rest, locals, indent + 1));
                format!("({})", parts.join(", "))
            }
            ExprKind::Seq(elems) if elems.is_empty() => match &expr.ty {
                Type::Seq(elem) => format!("[] {}", self.ty(elem)),
                other => format!("[] ?{}", self.ty(other)),
            },
            ExprKind::Seq(elems) => format!("[{}]", self.subs(id, elems, locals, indent + 1).join(", ")),
            ExprKind::Call { func, args } => {
                let name = match func.into_raw().into_u32() as usize {
                    i if i < self.program.functions.len() => self.program.functions[*func].instance.clone(),
                    _ => "?".to_string(),
                };
                let indent = indent + name.len() + 1;
                format!("{name}({})", self.subs(id, args, locals, indent).join(", "))
            }
            ExprKind::Prim { prim, args } => self.prim(id, *prim, args, &expr.ty, locals, indent),
            ExprKind::Construct { data, args } => {
                let name = self.data_name(*data);
                let indent = indent + name.len() + 1;
                format!("{name}({})", self.subs(id, args, locals, indent).join(", "))
            }
            ExprKind::If { cond, then_branch, else_branch } => {
                let c = self.sub(id, *cond, locals, indent + 3);
                let t = self.sub(id, *then_branch, locals, indent + 5);
                let e = self.sub(id, *else_branch, locals, indent + 5);
                let one_line = format!("if {c} then {t} else {e}");
                if fits(&one_line, indent) {
                    one_line
                } else {
                    let pad = " ".repeat(indent);
                    format!("if {c}\n{pad}then {t}\n{pad}else {e}")
                }
            }
            ExprKind::Let { .. } => self.let_chain(id, locals, indent),
            ExprKind::ApplyToEach { body, generators, filter } => {
                let body_text = self.sub(id, *body, locals, indent + 1);
                let generators: Vec<String> = generators
                    .iter()
                    .map(|g| {
                        format!("{} in {}", self.pattern(&g.pattern, locals), self.sub(id, g.seq, locals, indent + 3))
                    })
                    .collect();
                let filter = filter.map(|f| self.sub(id, f, locals, indent + 3));
                let mut one_line = format!("{{{body_text} : {}", generators.join("; "));
                if let Some(filter) = &filter {
                    one_line.push_str(&format!(" | {filter}"));
                }
                one_line.push('}');
                if fits(&one_line, indent) {
                    return one_line;
                }
                let pad = " ".repeat(indent + 1);
                let mut text = format!("{{{body_text}\n{pad}: {}", generators.join(&format!(";\n{pad}  ")));
                if let Some(filter) = &filter {
                    text.push_str(&format!("\n{pad}| {filter}"));
                }
                text.push('}');
                text
            }
            ExprKind::Time(inner) => format!("time({})", self.sub(id, *inner, locals, indent + 5)),
        }
    }

    /// `let p1 = v1;\n    p2 = v2\nin body`, for a chain of nested lets.
    fn let_chain(&self, id: ExprId, locals: &[Local], indent: usize) -> String {
        let mut bindings = Vec::new();
        let mut current = id;
        while let Some(ExprKind::Let { pattern, value, body }) = self.lookup(current).map(|e| &e.kind) {
            let pattern = self.pattern(pattern, locals);
            let value_indent = indent + 4 + pattern.len() + 3;
            bindings.push(format!("{pattern} = {}", self.sub(current, *value, locals, value_indent)));
            if *body >= current {
                current = ExprId::from_raw(u32::MAX.into());
                break;
            }
            current = *body;
        }
        let body = self.expr(current, locals, indent + 3);
        let pad = " ".repeat(indent);
        format!("let {}\n{pad}in {body}", bindings.join(&format!(";\n{pad}    ")))
    }

    fn prim(&self, id: ExprId, prim: Prim, args: &[ExprId], ty: &Type, locals: &[Local], indent: usize) -> String {
        let name = prim.name();
        match (prim, args) {
            (_, []) => name.to_string(),
            (Prim::Length | Prim::ToString, [operand]) => {
                let text = self.sub(id, *operand, locals, indent + 2);
                if is_atomic(&text) { format!("{name}{text}") } else { format!("{name}({text})") }
            }
            (Prim::Error, _) => {
                let args = self.subs(id, args, locals, indent + name.len() + 2);
                format!("({name}({}) : {})", args.join(", "), self.ty(ty))
            }
            (_, [a, b]) if is_infix(prim) => {
                let a = self.sub(id, *a, locals, indent + 1);
                let b = self.sub(id, *b, locals, indent + 1);
                format!("({a} {name} {b})")
            }
            _ => {
                let args = self.subs(id, args, locals, indent + name.len() + 1);
                format!("{name}({})", args.join(", "))
            }
        }
    }
}

/// Primitives written between their operands.
fn is_infix(prim: Prim) -> bool {
    use Prim::*;
    matches!(
        prim,
        Or | And | Xor | Nor | Nand | Eq | Ne | Lt | Gt | Le | Ge | Add | Sub | Mul | Div | Pow | Append | Read | Write
    )
}

fn fits(text: &str, indent: usize) -> bool {
    !text.contains('\n') && indent + text.len() <= WIDTH
}

/// A name, a number or a bracketed form: safe after a prefix operator.
fn is_atomic(text: &str) -> bool {
    text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
        || (text.starts_with('(') && text.ends_with(')'))
        || (text.starts_with('[') && text.ends_with(']') && !text.starts_with("[] "))
}

/// A float in NESL syntax, always with a `.` or an exponent.
fn float_text(v: f64) -> String {
    if v.is_nan() {
        "nan".to_string()
    } else if v.is_infinite() {
        if v > 0.0 { "inf".to_string() } else { "-inf".to_string() }
    } else {
        let text = format!("{v:?}");
        if text.contains(['.', 'e', 'E']) { text } else { format!("{text}.0") }
    }
}

fn char_text(c: u8) -> String {
    if c.is_ascii_graphic() { format!("`{}", c as char) } else { format!("code_char({c})") }
}

fn string_text(bytes: &[u8]) -> String {
    let mut out = String::from("\"");
    for &b in bytes {
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\{b:03}")),
        }
    }
    out.push('"');
    out
}
