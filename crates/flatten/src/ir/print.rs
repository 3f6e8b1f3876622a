//! Prints the flat IR as text in λcu's notation (`--emit flat`,
//! `--emit fused`, golden files).
//!
//! ```text
//! kernel dotp_reduce(xs : [float], ys : [float]) -> (s : float) {
//!   let s : float = REDUCE { i => (xs[i] * ys[i]) } (0.0) { (a, b) => (a + b) } (#xs)
//!   return (s)
//! }
//! ```
//!
//! Variables print by name; a name used by several variables of one
//! function or kernel gets the variable's number as a suffix (`x_3`).

use std::collections::HashMap;
use std::fmt::Write;

use nesl_frontend::types::NoData;

use crate::ir::gpu::GExpr;
use crate::ir::host::{Atom, Block, HostExpr, HostFunction, HostOp, HostVar, Repr, SeqRepr, Stmt};
use crate::ir::kernel::{KVar, Kernel, Soac, Thunk};
use crate::ir::{FlatProgram, SegDesc};

pub fn print_program(program: &FlatProgram) -> String {
    let mut out = String::new();
    for kernel in &program.kernels {
        out.push_str(&print_kernel(kernel));
        out.push('\n');
    }
    for function in &program.functions {
        out.push_str(&print_function(program, function, false));
        out.push('\n');
    }
    out.push_str(&print_function(program, &program.main, true));
    if !program.fault_sites.is_empty() {
        out.push_str("\nfaults {\n");
        for (i, site) in program.fault_sites.iter().enumerate() {
            let _ = writeln!(out, "  @{i}: {:?}", site.message);
        }
        out.push_str("}\n");
    }
    out
}

/// Unique printed names for the variables of one scope.
struct Names(Vec<String>);

impl Names {
    fn new<'a>(names: impl Iterator<Item = &'a str>) -> Names {
        let names: Vec<&str> = names.collect();
        let mut count: HashMap<&str, usize> = HashMap::new();
        for n in &names {
            *count.entry(n).or_default() += 1;
        }
        Names(
            names
                .iter()
                .enumerate()
                .map(|(i, n)| if count[n] > 1 || n.is_empty() { format!("{n}_{i}") } else { n.to_string() })
                .collect(),
        )
    }

    fn get(&self, i: u32) -> &str {
        &self.0[i as usize]
    }
}

pub fn print_kernel(kernel: &Kernel) -> String {
    let names = Names::new(kernel.vars.iter().map(|v| v.name.as_str()));
    let p = KernelPrinter { kernel, names: &names };
    let mut out = String::new();
    let params: Vec<String> = kernel.params.iter().map(|&v| p.typed(v)).collect();
    let results: Vec<String> = kernel.results.iter().map(|&v| p.typed(v)).collect();
    let _ = writeln!(out, "kernel {}({}) -> ({}) {{", kernel.name, params.join(", "), results.join(", "));
    for binding in &kernel.body {
        let results: Vec<String> = binding.results.iter().map(|&v| p.typed(v)).collect();
        let lhs = if results.len() == 1 { results[0].clone() } else { format!("({})", results.join(", ")) };
        let _ = writeln!(out, "  let {lhs} = {}", p.soac(&binding.soac));
    }
    let results: Vec<&str> = kernel.results.iter().map(|v| names.get(v.0)).collect();
    let _ = writeln!(out, "  return ({})", results.join(", "));
    out.push_str("}\n");
    out
}

struct KernelPrinter<'a> {
    kernel: &'a Kernel,
    names: &'a Names,
}

impl KernelPrinter<'_> {
    fn name(&self, v: KVar) -> &str {
        self.names.get(v.0)
    }

    fn typed(&self, v: KVar) -> String {
        match self.kernel.var(v) {
            info if info.is_narrow => format!("{} : [int32]", self.name(v)),
            info => format!("{} : {}", self.name(v), info.ty),
        }
    }

    fn thunk(&self, t: &Thunk) -> String {
        let params: Vec<&str> = t.params.iter().map(|&v| self.name(v)).collect();
        let params = if params.len() == 1 { params[0].to_string() } else { format!("({})", params.join(", ")) };
        format!("{{ {params} => {} }}", self.expr(&t.body))
    }

    fn consts(&self, cs: &[crate::ir::Const]) -> String {
        let cs: Vec<String> = cs.iter().map(|c| c.to_string()).collect();
        format!("({})", cs.join(", "))
    }

    fn segs(&self, s: &SegDesc) -> String {
        format!("<{}, {}>", self.name(s.lengths), self.name(s.offsets))
    }

    fn soac(&self, soac: &Soac) -> String {
        match soac {
            Soac::Map { size, pull } => format!("MAP {} ({})", self.thunk(pull), self.expr(size)),
            Soac::Permute { size, values, index, check } => format!(
                "PERMUTE {} {} ({}){}",
                self.thunk(values),
                self.thunk(index),
                self.expr(size),
                check.map_or(String::new(), |c| format!(" checked @{}", c.0))
            ),
            Soac::Scatter { size, base, values, index, site } => {
                let base: Vec<&str> = base.iter().map(|&v| self.name(v)).collect();
                format!(
                    "SCATTER ({}) {} {} ({}) checked @{}",
                    base.join(", "),
                    self.thunk(values),
                    self.thunk(index),
                    self.expr(size),
                    site.0
                )
            }
            Soac::Reduce { size, pull, neutral, op } => {
                format!("REDUCE {} {} {} ({})", self.thunk(pull), self.consts(neutral), self.thunk(op), self.expr(size))
            }
            Soac::Scan { size, pull, neutral, op } => {
                format!("SCAN {} {} {} ({})", self.thunk(pull), self.consts(neutral), self.thunk(op), self.expr(size))
            }
            Soac::RadixPass { size, values, digit, bits } => {
                format!("RADIX_PASS {} {} {bits} ({})", self.thunk(values), self.thunk(digit), self.expr(size))
            }
            Soac::SegmentIds { size, offsets } => {
                format!("SEGMENT_IDS {} ({})", self.name(*offsets), self.expr(size))
            }
            Soac::Filter { size, pull, pred, before } => {
                let filter = format!("FILTER {} {} ({})", self.thunk(pull), self.thunk(pred), self.expr(size));
                match before {
                    Some(offsets) => format!("{filter} BEFORE {}", self.name(*offsets)),
                    None => filter,
                }
            }
            Soac::Once { body } => format!("ONCE {{ {} }}", self.expr(body)),
            Soac::SegReduce { segments, pull, neutral, op } => format!(
                "SEG_REDUCE {} {} {} {}",
                self.thunk(pull),
                self.consts(neutral),
                self.thunk(op),
                self.segs(segments)
            ),
            Soac::SegScan { segments, elements, pull, neutral, op } => format!(
                "SEG_SCAN {} {} {} {} ({})",
                self.thunk(pull),
                self.consts(neutral),
                self.thunk(op),
                self.segs(segments),
                self.expr(elements)
            ),
        }
    }

    fn expr(&self, e: &GExpr) -> String {
        match e {
            GExpr::Var(v) => self.name(*v).to_string(),
            GExpr::Const(c) => c.to_string(),
            GExpr::Read { array, index } => format!("{}[{}]", self.name(*array), self.expr(index)),
            GExpr::Length(v) => format!("#{}", self.name(*v)),
            GExpr::SegmentOf { offsets, index } => {
                format!("segment_of({}, {})", self.name(*offsets), self.expr(index))
            }
            GExpr::ParseNumber { ty, flag, chars, start, length } => {
                let what = if *flag { "ok" } else { "value" };
                let name = if *ty == crate::ir::Scalar::Float { "parse_float" } else { "parse_int" };
                format!("{name}_{what}({}, {}, {})", self.name(*chars), self.expr(start), self.expr(length))
            }
            GExpr::Unary { op, arg, .. } => format!("{}({})", op.name(), self.expr(arg)),
            GExpr::Binary { op, lhs, rhs, .. } => {
                if op.is_infix() {
                    format!("({} {} {})", self.expr(lhs), op.symbol(), self.expr(rhs))
                } else {
                    format!("{}({}, {})", op.symbol(), self.expr(lhs), self.expr(rhs))
                }
            }
            GExpr::If { cond, then_branch, else_branch } => {
                format!("(if {} then {} else {})", self.expr(cond), self.expr(then_branch), self.expr(else_branch))
            }
            GExpr::Let { vars, value, body } => {
                let vars: Vec<&str> = vars.iter().map(|&v| self.name(v)).collect();
                let lhs = if vars.len() == 1 { vars[0].to_string() } else { format!("({})", vars.join(", ")) };
                format!("let {lhs} = {} in {}", self.expr(value), self.expr(body))
            }
            GExpr::Tuple(items) => {
                let items: Vec<String> = items.iter().map(|i| self.expr(i)).collect();
                format!("({})", items.join(", "))
            }
            GExpr::Assert { cond, site, payload, body } => {
                let payload: Vec<String> = payload.iter().map(|p| self.expr(p)).collect();
                format!("assert {} else @{}({}); {}", self.expr(cond), site.0, payload.join(", "), self.expr(body))
            }
            GExpr::Loop { vars, init, cond, step, result } => {
                let vars: Vec<&str> = vars.iter().map(|&v| self.name(v)).collect();
                let init: Vec<String> = init.iter().map(|i| self.expr(i)).collect();
                format!(
                    "loop ({}) = ({}) while {} step {} result {}",
                    vars.join(", "),
                    init.join(", "),
                    self.expr(cond),
                    self.expr(step),
                    self.expr(result)
                )
            }
        }
    }
}

/// One SOAC of `kernel`, as [`print_kernel`] writes it (for error messages).
pub fn print_soac(kernel: &Kernel, soac: &Soac) -> String {
    let names = Names::new(kernel.vars.iter().map(|v| v.name.as_str()));
    KernelPrinter { kernel, names: &names }.soac(soac)
}

/// One GPU expression of `kernel`, as [`print_kernel`] writes it (for error
/// messages).
pub fn print_gexpr(kernel: &Kernel, expr: &GExpr) -> String {
    let names = Names::new(kernel.vars.iter().map(|v| v.name.as_str()));
    KernelPrinter { kernel, names: &names }.expr(expr)
}

/// One statement of `function`, as [`print_function`] writes it, without
/// indentation or final newline (for error messages).
pub fn print_stmt(program: &FlatProgram, function: &HostFunction, stmt: &Stmt) -> String {
    let names = Names::new(function.vars.iter().map(|v| v.name.as_str()));
    let p = HostPrinter { program, function, names: &names };
    let mut out = String::new();
    p.block(&Block { stmts: vec![stmt.clone()], results: vec![] }, 0, &mut out);
    out.truncate(out.trim_end().len());
    out
}

pub fn print_function(program: &FlatProgram, function: &HostFunction, is_main: bool) -> String {
    let names = Names::new(function.vars.iter().map(|v| v.name.as_str()));
    let p = HostPrinter { program, function, names: &names };
    let mut out = String::new();
    if is_main {
        out.push_str("main {\n");
    } else {
        let params: Vec<String> = function.params.iter().map(|&v| p.typed(v)).collect();
        let _ = writeln!(out, "function {}({}) {{", function.name, params.join(", "));
    }
    p.block(&function.body, 1, &mut out);
    out.push_str("}\n");
    out
}

struct HostPrinter<'a> {
    program: &'a FlatProgram,
    function: &'a HostFunction,
    names: &'a Names,
}

impl HostPrinter<'_> {
    fn name(&self, v: HostVar) -> &str {
        self.names.get(v.0)
    }

    fn typed(&self, v: HostVar) -> String {
        format!("{} : {}", self.name(v), self.function.var(v).ty)
    }

    fn atom(&self, a: &Atom) -> String {
        match a {
            Atom::Var(v) => self.name(*v).to_string(),
            Atom::Const(c) => c.to_string(),
        }
    }

    fn atoms(&self, atoms: &[Atom]) -> String {
        atoms.iter().map(|a| self.atom(a)).collect::<Vec<_>>().join(", ")
    }

    fn block(&self, block: &Block, depth: usize, out: &mut String) {
        let indent = "  ".repeat(depth);
        for stmt in &block.stmts {
            match stmt {
                Stmt::Let { vars, expr } => {
                    let vars: Vec<String> = vars.iter().map(|&v| self.typed(v)).collect();
                    let lhs = if vars.len() == 1 { vars[0].clone() } else { format!("({})", vars.join(", ")) };
                    let _ = write!(out, "{indent}let {lhs} = ");
                    self.expr(expr, depth, out);
                    out.push('\n');
                }
                Stmt::Assert { cond, site, payload } => {
                    let _ =
                        writeln!(out, "{indent}assert {} else @{}({})", self.atom(cond), site.0, self.atoms(payload));
                }
                Stmt::Print { text } => {
                    let _ = writeln!(out, "{indent}print {}", self.name(*text));
                }
                Stmt::Emit { item, ty, value } => {
                    let _ = writeln!(out, "{indent}emit {item} {} : {}", self.repr(value), ty.display(&NoData));
                }
                Stmt::Free { vars } => {
                    let names: Vec<&str> = vars.iter().map(|&v| self.name(v)).collect();
                    let _ = writeln!(out, "{indent}free {}", names.join(", "));
                }
            }
        }
        if !block.results.is_empty() {
            let _ = writeln!(out, "{indent}return ({})", self.atoms(&block.results));
        }
    }

    fn expr(&self, expr: &HostExpr, depth: usize, out: &mut String) {
        match expr {
            HostExpr::Atom(a) => out.push_str(&self.atom(a)),
            HostExpr::Unary { op, arg, .. } => {
                let _ = write!(out, "{}({})", op.name(), self.atom(arg));
            }
            HostExpr::Binary { op, lhs, rhs, .. } => {
                if op.is_infix() {
                    let _ = write!(out, "{} {} {}", self.atom(lhs), op.symbol(), self.atom(rhs));
                } else {
                    let _ = write!(out, "{}({}, {})", op.symbol(), self.atom(lhs), self.atom(rhs));
                }
            }
            HostExpr::Bound(a) => {
                let _ = write!(out, "bound {}", self.atom(a));
            }
            HostExpr::Length(v) => {
                let _ = write!(out, "#{}", self.name(*v));
            }
            HostExpr::Array { elem, items } => {
                let _ = write!(out, "array {elem} [{}]", self.atoms(items));
            }
            HostExpr::HostOp { op, args } => {
                let _ = write!(out, "host {}({})", op.name(), self.atoms(args));
                if let HostOp::ToString { ty, shape, is_segmented } = op {
                    let each = if *is_segmented { " each" } else { "" };
                    let _ = write!(out, " as {}{each} : {}", shape_text(shape), ty.display(&NoData));
                }
                if let Some(site) = op.site() {
                    let _ = write!(out, " else @{}", site.0);
                }
            }
            HostExpr::Run { kernel, args } => {
                let _ = write!(out, "run {}({})", self.program.kernel(*kernel).name, self.atoms(args));
            }
            HostExpr::Call { func, args } => {
                let _ = write!(out, "{}({})", self.program.function(*func).name, self.atoms(args));
            }
            HostExpr::If { cond, then_block, else_block } => {
                let indent = "  ".repeat(depth);
                let _ = writeln!(out, "if {} then {{", self.atom(cond));
                self.block(then_block, depth + 1, out);
                let _ = writeln!(out, "{indent}}} else {{");
                self.block(else_block, depth + 1, out);
                let _ = write!(out, "{indent}}}");
            }
            HostExpr::Time { block } => {
                let indent = "  ".repeat(depth);
                out.push_str("time {\n");
                self.block(block, depth + 1, out);
                let _ = write!(out, "{indent}}}");
            }
        }
    }

    fn repr(&self, r: &Repr) -> String {
        match r {
            Repr::Scalar(a) => self.atom(a),
            Repr::Tuple(items) => {
                format!("({})", items.iter().map(|i| self.repr(i)).collect::<Vec<_>>().join(", "))
            }
            Repr::Seq(s) => format!("seq {}", self.seq_repr(s)),
        }
    }

    fn seq_repr(&self, s: &SeqRepr) -> String {
        match s {
            SeqRepr::Array(v) => self.name(*v).to_string(),
            SeqRepr::Tuple(cols) => {
                format!("({})", cols.iter().map(|c| self.seq_repr(c)).collect::<Vec<_>>().join(", "))
            }
            SeqRepr::Nested { lengths, offsets, elements } => {
                format!("<{}, {}> {}", self.name(*lengths), self.name(*offsets), self.seq_repr(elements))
            }
        }
    }
}

/// The shape of a `host to_string`'s argument: `$k` is argument `k`.
fn shape_text(r: &Repr) -> String {
    fn seq(s: &SeqRepr) -> String {
        match s {
            SeqRepr::Array(v) => format!("${}", v.0),
            SeqRepr::Tuple(cols) => format!("({})", cols.iter().map(seq).collect::<Vec<_>>().join(", ")),
            SeqRepr::Nested { lengths, offsets, elements } => {
                format!("<${}, ${}> {}", lengths.0, offsets.0, seq(elements))
            }
        }
    }
    match r {
        Repr::Scalar(Atom::Var(v)) => format!("${}", v.0),
        Repr::Scalar(Atom::Const(c)) => c.to_string(),
        Repr::Tuple(items) => format!("({})", items.iter().map(shape_text).collect::<Vec<_>>().join(", ")),
        Repr::Seq(s) => format!("seq {}", seq(s)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{BinaryOp, Const, Scalar, SoacBinding, VarType};
    use nesl_frontend::Type;

    /// The dot product: one REDUCE kernel and a main that runs it.
    fn dotp() -> FlatProgram {
        let mut k = Kernel { name: "dotp_reduce".into(), params: vec![], body: vec![], results: vec![], vars: vec![] };
        let xs = k.new_var("xs", VarType::Array(Scalar::Float));
        let ys = k.new_var("ys", VarType::Array(Scalar::Float));
        let s = k.new_var("s", VarType::Scalar(Scalar::Float));
        let i = k.new_var("i", VarType::Scalar(Scalar::Int));
        let a = k.new_var("a", VarType::Scalar(Scalar::Float));
        let b = k.new_var("b", VarType::Scalar(Scalar::Float));
        k.params = vec![xs, ys];
        k.body.push(SoacBinding {
            results: vec![s],
            soac: Soac::Reduce {
                size: GExpr::Length(xs),
                pull: Thunk {
                    params: vec![i],
                    body: GExpr::binary(
                        BinaryOp::Mul,
                        Scalar::Float,
                        GExpr::read(xs, GExpr::var(i)),
                        GExpr::read(ys, GExpr::var(i)),
                    ),
                },
                neutral: vec![Const::Float(0.0)],
                op: Thunk {
                    params: vec![a, b],
                    body: GExpr::binary(BinaryOp::Add, Scalar::Float, GExpr::var(a), GExpr::var(b)),
                },
            },
        });
        k.results = vec![s];
        let mut main = HostFunction { name: "main".into(), params: vec![], body: Block::default(), vars: vec![] };
        let hx = main.new_var("xs", VarType::Array(Scalar::Float));
        let hy = main.new_var("ys", VarType::Array(Scalar::Float));
        let hs = main.new_var("s", VarType::Scalar(Scalar::Float));
        main.body.stmts.push(Stmt::Let {
            vars: vec![hs],
            expr: HostExpr::Run { kernel: crate::ir::KernelId(0), args: vec![Atom::Var(hx), Atom::Var(hy)] },
        });
        main.body.stmts.push(Stmt::Emit { item: 0, ty: Type::Float, value: Repr::Scalar(Atom::Var(hs)) });
        FlatProgram { kernels: vec![k], functions: vec![], main, fault_sites: vec![], datatypes: vec![] }
    }

    #[test]
    fn prints_in_lambda_cu_notation() {
        let text = print_program(&dotp());
        let expected = "\
kernel dotp_reduce(xs : [float], ys : [float]) -> (s : float) {
  let s : float = REDUCE { i => (xs[i] * ys[i]) } (0.0) { (a, b) => (a + b) } (#xs)
  return (s)
}

main {
  let s : float = run dotp_reduce(xs, ys)
  emit 0 s : float
}
";
        assert_eq!(text, expected);
    }
}
