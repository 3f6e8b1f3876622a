//! `plan.json`: the host plan that `nessie compile -o DIR` writes next to
//! the `.cl` files.
//!
//! It shows how the program drives the device: every host function (and
//! `main`) with its statements in order, the host control flow (`if` with
//! its two blocks, calls, `time` blocks) and, at each `run`, the compiled
//! kernel's launches in order: the `__kernel` function and the `.cl` file
//! it is in, global and local sizes as expressions of the input sizes, the
//! arguments, the buffers and the results. Size expressions are
//! [`ArithExpr`]s printed in math notation (`16 * n`, `64 * min(8, (n +
//! 63) / 64)`), and each run explains its size variables in terms of its
//! own arguments: `n = #xs (argument 0)`.
//!
//! Keys keep the order written here (serde_json's `preserve_order`), so
//! the file reads top to bottom and diffs stay small. A `run` inlines the
//! kernel's whole plan at each place it runs, with the host variables of
//! that place; `kernel_files` lists each `.cl` file once. Variable names
//! are those of the flat IR's printer (`--emit flat`): a name that occurs
//! twice in a function gets its number appended (`s_3`). A launch with
//! a narrow variant (codegen's note [narrow index]) names it too:
//! `"narrow": "NAME_idx32"`, launched instead where the global size is at
//! most 2^32.
//!
//! ## Example
//! `main` of a program that filters the even numbers of a literal and sums
//! their squares:
//!
//! ```text
//! {
//!   "format": "nessie host plan",
//!   "version": 1,
//!   "kernel_files": [
//!     { "file": "keep_even.cl", "kernels": ["keep_even_flags", "keep_even_scan", "keep_even_scatter"] },
//!     { "file": "sum_squares.cl", "kernels": ["sum_squares_partial", "sum_squares_final"] }
//!   ],
//!   "main": {
//!     "name": "main",
//!     "params": [],
//!     "body": [
//!       { "kind": "let", "vars": ["xs : [int]"], "value": "array int [1, 2, 3, 4]" },
//!       {
//!         "kind": "run",
//!         "vars": ["evens : [int]"],
//!         "kernel": "keep_even",
//!         "file": "keep_even.cl",
//!         "args": ["xs"],
//!         "sizes": ["n = #xs (argument 0)", "kept = kept[0], read back from the device"],
//!         "buffers": [
//!           { "name": "flags", "elem": "long", "length": "n", "zeroed": false },
//!           { "name": "kept", "elem": "int", "length": "1", "zeroed": true },
//!           ...
//!         ],
//!         "launches": [
//!           {
//!             "kernel": "keep_even_flags",
//!             "global": ["n"],
//!             "local": null,
//!             "args": [{ "param": "xs", "value": "xs" }, { "size": "n" }, { "buffer": "flags" }, { "buffer": "kept" }],
//!             "bytes_moved": "16 * n"
//!           },
//!           ...
//!         ],
//!         "results": [{ "var": "evens", "value": "out[0 .. kept]" }]
//!       },
//!       { "kind": "run", "vars": ["s : int"], "kernel": "sum_squares", ... },
//!       { "kind": "emit", "item": 0, "type": "int", "value": "s" }
//!     ],
//!     "results": []
//!   },
//!   "functions": []
//! }
//! ```
//!
//! Every statement that binds variables lists them in `vars` as
//! `name : type`, the flat IR's notation. Statement kinds: `let` (a host
//! scalar computation, an atom, a length or
//! an array literal: `value` in the flat IR's notation), `run`, `call`
//! (`function`, `args`), `if` (`cond`, `then` and `else` blocks), `time`
//! (`block`; its last variable is the seconds), `assert` (`cond`, the fault
//! site's `message` and `payload`), `print` (`text`) and `emit` (`item`,
//! NESL `type`, `value` as the flat IR prints a representation). A block is
//! `{ "body": [...], "results": [...] }`.
//!
//! Launch arguments: `{ "param": name, "value": host atom }` for a kernel
//! parameter, `{ "buffer": name }`, `{ "size": expression }` (a `long`),
//! `{ "local_bytes": expression }`, `{ "error_flag": true }` and
//! `{ "lookback_words": expression }` (the look-back arena, its epoch and
//! its ticket base: three arguments).

use std::collections::HashMap;
use std::fmt::Write as _;

use flatten::ir::{Atom, Block, FlatProgram, HostExpr, HostFunction, HostVar, Repr, SeqRepr, Stmt};
use lift_ir::arith::ArithExpr;
use nesl_frontend::tast::DataDef;
use nesl_frontend::types::{DataId, DataNames};
use serde_json::{Value, json};

use crate::plan::{BufferElem, CompiledKernel, KernelResult, LaunchArg, SizeSource, Step};

/// The value of the `format` key.
pub const FORMAT: &str = "nessie host plan";
/// The value of the `version` key; bumped when a key changes meaning.
pub const VERSION: u32 = 1;

/// Array literals longer than this show their first items and a count.
const MAX_LITERAL_ITEMS: usize = 16;

/// The host plan of `program`, whose kernel `k` is compiled as
/// `kernels[k]` (see the module essay).
pub fn write_plan(program: &FlatProgram, kernels: &[CompiledKernel]) -> Value {
    let writer = PlanWriter { program, kernels };
    json!({
        "format": FORMAT,
        "version": VERSION,
        "kernel_files": writer.kernel_files(),
        "main": writer.function(&program.main),
        "functions": program.functions.iter().map(|f| writer.function(f)).collect::<Vec<_>>(),
    })
}

/// [`write_plan`] as indented text, ending with a newline.
pub fn write_plan_pretty(program: &FlatProgram, kernels: &[CompiledKernel]) -> String {
    format!("{:#}\n", write_plan(program, kernels))
}

struct PlanWriter<'a> {
    program: &'a FlatProgram,
    kernels: &'a [CompiledKernel],
}

/// Printed names of one function's variables: unique, as `--emit flat`
/// prints them.
struct VarNames(Vec<String>);

impl VarNames {
    fn new(function: &HostFunction) -> VarNames {
        let mut count: HashMap<&str, usize> = HashMap::new();
        for info in &function.vars {
            *count.entry(info.name.as_str()).or_default() += 1;
        }
        VarNames(
            function
                .vars
                .iter()
                .enumerate()
                .map(|(i, info)| {
                    let name = info.name.as_str();
                    if count[name] > 1 || name.is_empty() { format!("{name}_{i}") } else { name.to_string() }
                })
                .collect(),
        )
    }

    fn get(&self, var: HostVar) -> String {
        self.0.get(var.0 as usize).cloned().unwrap_or_else(|| format!("?{}", var.0))
    }
}

struct Datatypes<'a>(&'a [DataDef]);

impl DataNames for Datatypes<'_> {
    fn data_name(&self, id: DataId) -> &str {
        self.0.get(id.0 as usize).map_or("?", |def| def.name.as_str())
    }
}

/// One function being written.
struct FunctionWriter<'a> {
    plan: &'a PlanWriter<'a>,
    function: &'a HostFunction,
    names: VarNames,
}

impl PlanWriter<'_> {
    fn kernel_files(&self) -> Vec<Value> {
        self.kernels
            .iter()
            .map(|kernel| {
                let mut entry_points: Vec<&str> = Vec::new();
                for Step::Launch(launch) in &kernel.steps {
                    if !entry_points.contains(&launch.kernel.as_str()) {
                        entry_points.push(&launch.kernel);
                    }
                }
                json!({ "file": kernel.file_name(), "kernels": entry_points })
            })
            .collect()
    }

    fn function(&self, function: &HostFunction) -> Value {
        let writer = FunctionWriter { plan: self, function, names: VarNames::new(function) };
        json!({
            "name": function.name,
            "params": function.params.iter().map(|&v| writer.typed_var(v)).collect::<Vec<_>>(),
            "body": writer.stmts(&function.body.stmts),
            "results": writer.atoms(&function.body.results),
        })
    }
}

impl FunctionWriter<'_> {
    fn var(&self, var: HostVar) -> String {
        self.names.get(var)
    }

    /// `name : type`, as the flat IR prints a binding.
    fn typed_var(&self, var: HostVar) -> String {
        let ty = self.function.vars.get(var.0 as usize).map_or_else(|| "?".to_string(), |info| info.ty.to_string());
        format!("{} : {ty}", self.var(var))
    }

    fn typed_vars(&self, vars: &[HostVar]) -> Vec<String> {
        vars.iter().map(|&v| self.typed_var(v)).collect()
    }

    fn atom(&self, atom: &Atom) -> String {
        match atom {
            Atom::Var(var) => self.var(*var),
            Atom::Const(value) => value.to_string(),
        }
    }

    fn atoms(&self, atoms: &[Atom]) -> Vec<String> {
        atoms.iter().map(|a| self.atom(a)).collect()
    }

    fn block(&self, block: &Block) -> Value {
        json!({ "body": self.stmts(&block.stmts), "results": self.atoms(&block.results) })
    }

    fn stmts(&self, stmts: &[Stmt]) -> Vec<Value> {
        stmts.iter().map(|stmt| self.stmt(stmt)).collect()
    }

    fn stmt(&self, stmt: &Stmt) -> Value {
        match stmt {
            Stmt::Let { vars, expr } => self.let_(vars, expr),
            Stmt::Assert { cond, site, payload } => {
                let message = self.plan.program.fault_sites.get(site.0 as usize).map(|s| s.message.clone());
                json!({
                    "kind": "assert",
                    "cond": self.atom(cond),
                    "site": site.0,
                    "message": message,
                    "payload": self.atoms(payload),
                })
            }
            Stmt::Print { text } => json!({ "kind": "print", "text": self.var(*text) }),
            Stmt::Free { vars } => {
                json!({ "kind": "free", "vars": vars.iter().map(|&v| self.var(v)).collect::<Vec<_>>() })
            }
            Stmt::Emit { item, ty, value } => json!({
                "kind": "emit",
                "item": item,
                "type": ty.display(&Datatypes(&self.plan.program.datatypes)).to_string(),
                "value": self.repr(value),
            }),
        }
    }

    fn let_(&self, vars: &[HostVar], expr: &HostExpr) -> Value {
        let vars = self.typed_vars(vars);
        let scalar = |value: String| json!({ "kind": "let", "vars": vars, "value": value });
        match expr {
            HostExpr::Atom(atom) => scalar(self.atom(atom)),
            HostExpr::Unary { op, arg, .. } => scalar(format!("{}({})", op.name(), self.atom(arg))),
            HostExpr::Binary { op, lhs, rhs, .. } => scalar(if op.is_infix() {
                format!("{} {} {}", self.atom(lhs), op.symbol(), self.atom(rhs))
            } else {
                format!("{}({}, {})", op.symbol(), self.atom(lhs), self.atom(rhs))
            }),
            HostExpr::Length(var) => scalar(format!("#{}", self.var(*var))),
            HostExpr::Bound(atom) => scalar(format!("bound {}", self.atom(atom))),
            HostExpr::Array { elem, items } => {
                let shown: Vec<String> = items.iter().take(MAX_LITERAL_ITEMS).map(|a| self.atom(a)).collect();
                let mut text = format!("array {elem} [{}", shown.join(", "));
                if items.len() > MAX_LITERAL_ITEMS {
                    let _ = write!(text, ", … ({} items)", items.len());
                }
                text.push(']');
                scalar(text)
            }
            HostExpr::Run { kernel, args } => self.run(vars, kernel.0 as usize, args),
            HostExpr::Call { func, args } => {
                let name = self.plan.program.functions.get(func.0 as usize).map_or("?", |f| f.name.as_str());
                json!({ "kind": "call", "vars": vars, "function": name, "args": self.atoms(args) })
            }
            HostExpr::If { cond, then_block, else_block } => json!({
                "kind": "if",
                "vars": vars,
                "cond": self.atom(cond),
                "then": self.block(then_block),
                "else": self.block(else_block),
            }),
            HostExpr::Time { block } => json!({ "kind": "time", "vars": vars, "block": self.block(block) }),
            HostExpr::HostOp { op, args } => {
                json!({ "kind": "host", "vars": vars, "op": op.name(), "args": self.atoms(args) })
            }
        }
    }

    /// A `run` with its kernel's plan, explained with this run's arguments.
    fn run(&self, vars: Vec<String>, kernel_index: usize, args: &[Atom]) -> Value {
        let flat_name = self.plan.program.kernels.get(kernel_index).map_or("?", |k| k.name.as_str());
        let Some(kernel) = self.plan.kernels.get(kernel_index) else {
            return json!({
                "kind": "run",
                "vars": vars,
                "kernel": flat_name,
                "args": self.atoms(args),
                "error": "no compiled kernel",
            });
        };
        let arg_text = |i: usize| args.get(i).map_or_else(|| "?".to_string(), |a| self.atom(a));
        let buffer_name = |i: usize| kernel.buffers.get(i).map_or_else(|| format!("?{i}"), |b| b.name.clone());
        let sizes: Vec<String> = kernel
            .size_vars
            .iter()
            .map(|size_var| match &size_var.source {
                SizeSource::LengthOf(i) => format!("{} = #{} (argument {i})", size_var.var, arg_text(*i)),
                SizeSource::ValueOf(i) => format!("{} = {} (argument {i})", size_var.var, arg_text(*i)),
                SizeSource::ReadBack { buffer, index } => {
                    format!("{} = {}[{index}], read back from the device", size_var.var, buffer_name(*buffer))
                }
            })
            .collect();
        let buffers: Vec<Value> = kernel
            .buffers
            .iter()
            .map(|buffer| {
                json!({
                    "name": buffer.name,
                    "elem": elem_name(buffer.elem),
                    "length": buffer.length.to_string(),
                    "zeroed": buffer.zeroed,
                })
            })
            .collect();
        let launches: Vec<Value> = kernel
            .steps
            .iter()
            .map(|Step::Launch(launch)| {
                let launch_args: Vec<Value> = launch
                    .args
                    .iter()
                    .map(|arg| match arg {
                        LaunchArg::Param(i) => {
                            let name = kernel.params.get(*i).map_or("?", |p| p.name.as_str());
                            json!({ "param": name, "value": arg_text(*i) })
                        }
                        LaunchArg::Buffer(i) => json!({ "buffer": buffer_name(*i) }),
                        LaunchArg::Size(size) => json!({ "size": size.to_string() }),
                        LaunchArg::Length { var, .. } => json!({ "length": var.to_string() }),
                        LaunchArg::LocalBytes(size) => json!({ "local_bytes": size.to_string() }),
                        LaunchArg::ErrorFlag => json!({ "error_flag": true }),
                        LaunchArg::Lookback { words } => json!({ "lookback_words": words.to_string() }),
                    })
                    .collect();
                let mut entry = json!({
                    "kernel": launch.kernel,
                    "global": expressions(&launch.global),
                    "local": launch.local.as_deref().map(expressions),
                    "args": launch_args,
                    "bytes_moved": launch.bytes_moved.to_string(),
                });
                // Only where there is one, so that other launches read as before.
                if let Some(narrow) = &launch.narrow {
                    entry["narrow"] = json!(narrow);
                }
                if let Some(when) = &launch.when {
                    entry["when"] = json!(when.to_string());
                }
                entry
            })
            .collect();
        let result_vars: Vec<&str> = vars.iter().map(|v| v.split(" : ").next().unwrap_or("?")).collect();
        let results: Vec<Value> = kernel
            .results
            .iter()
            .enumerate()
            .map(|(position, result)| {
                let value = match result {
                    KernelResult::Array { buffer, length } => format!("{}[0 .. {length}]", buffer_name(*buffer)),
                    KernelResult::Scalar { buffer } => {
                        format!("{}[0], read back from the device", buffer_name(*buffer))
                    }
                    KernelResult::Param(i) => format!("{} (argument {i}), unchanged", arg_text(*i)),
                };
                let var = result_vars.get(position).copied().unwrap_or("?");
                json!({ "var": var, "value": value })
            })
            .collect();
        json!({
            "kind": "run",
            "vars": vars,
            "kernel": kernel.name,
            "file": kernel.file_name(),
            "args": self.atoms(args),
            "sizes": sizes,
            "buffers": buffers,
            "launches": launches,
            "results": results,
        })
    }

    fn repr(&self, repr: &Repr) -> String {
        match repr {
            Repr::Scalar(atom) => self.atom(atom),
            Repr::Tuple(items) => format!("({})", items.iter().map(|i| self.repr(i)).collect::<Vec<_>>().join(", ")),
            Repr::Seq(seq) => format!("seq {}", self.seq_repr(seq)),
        }
    }

    fn seq_repr(&self, seq: &SeqRepr) -> String {
        match seq {
            SeqRepr::Array(var) => self.var(*var),
            SeqRepr::Tuple(columns) => {
                format!("({})", columns.iter().map(|c| self.seq_repr(c)).collect::<Vec<_>>().join(", "))
            }
            SeqRepr::Nested { lengths, offsets, elements } => {
                format!("<{}, {}> {}", self.var(*lengths), self.var(*offsets), self.seq_repr(elements))
            }
        }
    }
}

fn expressions(sizes: &[ArithExpr]) -> Vec<String> {
    sizes.iter().map(ArithExpr::to_string).collect()
}

/// The OpenCL C type of a buffer's elements, as the `.cl` files name it.
fn elem_name(elem: BufferElem) -> &'static str {
    use flatten::ir::Scalar;
    match elem {
        BufferElem::Scalar(Scalar::Int) => "long",
        BufferElem::Scalar(Scalar::Float) => "double",
        BufferElem::Scalar(Scalar::Bool | Scalar::Char) => "uchar",
        BufferElem::I32 => "int",
    }
}

#[cfg(test)]
mod tests {
    use flatten::ir::{
        BinaryOp, Const, FaultSite, FuncId, GExpr, Kernel, KernelId, Scalar, Soac, SoacBinding, Thunk, VarType,
    };
    use lift_ir::arith::{Range, Var};
    use nesl_frontend::{Span, Type};

    use super::*;
    use crate::plan::{BufferDecl, KernelParam, Launch, SizeVar};

    /// `ys = MAP { i => xs[i] * 2 } (#xs)` and a plan for it.
    fn double() -> (Kernel, CompiledKernel) {
        let mut kernel = Kernel { name: "double".into(), params: vec![], body: vec![], results: vec![], vars: vec![] };
        let xs = kernel.new_var("xs", VarType::Array(Scalar::Int));
        let ys = kernel.new_var("ys", VarType::Array(Scalar::Int));
        let i = kernel.new_var("i", VarType::Scalar(Scalar::Int));
        kernel.params = vec![xs];
        let body = GExpr::binary(BinaryOp::Mul, Scalar::Int, GExpr::read(xs, GExpr::Var(i)), GExpr::int(2));
        kernel.body.push(SoacBinding {
            results: vec![ys],
            soac: Soac::Map { size: GExpr::Length(xs), pull: Thunk { params: vec![i], body } },
        });
        kernel.results = vec![ys];
        let n = Var::new("n", Range::at_least(0));
        let n_expr = ArithExpr::var(&n);
        let plan = CompiledKernel {
            name: "double".into(),
            source: "__kernel void double_map(__global const long* xs, long n, __global long* ys) {}".into(),
            params: vec![KernelParam { name: "xs".into(), ty: VarType::Array(Scalar::Int), is_narrow: false }],
            size_vars: vec![SizeVar { var: n.clone(), source: SizeSource::LengthOf(0) }],
            buffers: vec![BufferDecl {
                name: "ys".into(),
                elem: BufferElem::Scalar(Scalar::Int),
                length: n_expr.clone(),
                zeroed: false,
            }],
            steps: vec![Step::Launch(Launch {
                kernel: "double_map".into(),
                global: vec![n_expr.clone().ceil_div(64) * 64],
                when: None,
                local: Some(vec![ArithExpr::cst(64)]),
                narrow: None,
                args: vec![LaunchArg::Param(0), LaunchArg::Size(n_expr.clone()), LaunchArg::Buffer(0)],
                bytes_moved: 16 * &n_expr,
            })],
            results: vec![KernelResult::Array { buffer: 0, length: n_expr }],
        };
        (kernel, plan)
    }

    /// main: xs = array; ys = if #xs > 2 then twice(xs) else xs; (zs, t) =
    /// time { run double(ys) }; print s; emit 0 zs.
    /// twice(v) = run double(run double(v)).
    fn program() -> (FlatProgram, Vec<CompiledKernel>) {
        let (kernel, plan) = double();
        let array = VarType::Array(Scalar::Int);
        let mut twice = HostFunction { name: "twice".into(), params: vec![], body: Block::default(), vars: vec![] };
        let v = twice.new_var("v", array);
        let w = twice.new_var("w", array);
        let x = twice.new_var("x", array);
        twice.params = vec![v];
        twice.body.stmts = vec![
            Stmt::Let { vars: vec![w], expr: HostExpr::Run { kernel: KernelId(0), args: vec![Atom::Var(v)] } },
            Stmt::Let { vars: vec![x], expr: HostExpr::Run { kernel: KernelId(0), args: vec![Atom::Var(w)] } },
        ];
        twice.body.results = vec![Atom::Var(x)];

        let mut main = HostFunction { name: "main".into(), params: vec![], body: Block::default(), vars: vec![] };
        let xs = main.new_var("xs", array);
        let n = main.new_var("n", VarType::Scalar(Scalar::Int));
        let is_long = main.new_var("is_long", VarType::Scalar(Scalar::Bool));
        let ys = main.new_var("ys", array);
        let twice_result = main.new_var("r", array);
        let zs = main.new_var("zs", array);
        let doubled = main.new_var("doubled", array);
        let seconds = main.new_var("t", VarType::Scalar(Scalar::Float));
        let text = main.new_var("s", VarType::Array(Scalar::Char));
        let items = (1..=20).map(|x| Atom::Const(Const::Int(x))).collect();
        let then_block = Block {
            stmts: vec![Stmt::Let {
                vars: vec![twice_result],
                expr: HostExpr::Call { func: FuncId(0), args: vec![Atom::Var(xs)] },
            }],
            results: vec![Atom::Var(twice_result)],
        };
        let time_block = Block {
            stmts: vec![Stmt::Let {
                vars: vec![doubled],
                expr: HostExpr::Run { kernel: KernelId(0), args: vec![Atom::Var(ys)] },
            }],
            results: vec![Atom::Var(doubled)],
        };
        main.body.stmts = vec![
            Stmt::Let { vars: vec![xs], expr: HostExpr::Array { elem: Scalar::Int, items } },
            Stmt::Let { vars: vec![n], expr: HostExpr::Length(xs) },
            Stmt::Let {
                vars: vec![is_long],
                expr: HostExpr::Binary {
                    op: BinaryOp::Gt,
                    ty: Scalar::Int,
                    lhs: Atom::Var(n),
                    rhs: Atom::Const(Const::Int(2)),
                },
            },
            Stmt::Assert { cond: Atom::Var(is_long), site: flatten::ir::FaultId(0), payload: vec![Atom::Var(n)] },
            Stmt::Let {
                vars: vec![ys],
                expr: HostExpr::If {
                    cond: Atom::Var(is_long),
                    then_block,
                    else_block: Block { stmts: vec![], results: vec![Atom::Var(xs)] },
                },
            },
            Stmt::Let { vars: vec![zs, seconds], expr: HostExpr::Time { block: time_block } },
            Stmt::Let {
                vars: vec![text],
                expr: HostExpr::Array { elem: Scalar::Char, items: vec![Atom::Const(Const::Char(b'!'))] },
            },
            Stmt::Print { text },
            Stmt::Emit { item: 0, ty: Type::seq(Type::Int), value: Repr::Seq(SeqRepr::Array(zs)) },
        ];
        let fault = FaultSite {
            message: "too short: {0}".into(),
            span: Span::default(),
            label: "the program failed here".into(),
            note: None,
        };
        let program = FlatProgram {
            kernels: vec![kernel],
            functions: vec![twice],
            main,
            fault_sites: vec![fault],
            datatypes: vec![],
        };
        (program, vec![plan])
    }

    fn kinds(body: &Value) -> Vec<&str> {
        body.as_array().map(|stmts| stmts.iter().filter_map(|s| s["kind"].as_str()).collect()).unwrap_or_default()
    }

    #[test]
    fn the_plan_lists_statements_in_order_with_the_launches_of_each_run() {
        let (program, kernels) = program();
        let plan = write_plan(&program, &kernels);
        assert_eq!(plan["format"], FORMAT);
        assert_eq!(plan["version"], VERSION);
        assert_eq!(plan["kernel_files"], json!([{ "file": "double.cl", "kernels": ["double_map"] }]));

        let main = &plan["main"];
        assert_eq!(main["name"], "main");
        assert_eq!(kinds(&main["body"]), ["let", "let", "let", "assert", "if", "time", "let", "print", "emit"]);
        let body = &main["body"];
        let literal = body[0]["value"].as_str().unwrap_or_default();
        assert!(literal.starts_with("array int [1, 2, 3,") && literal.ends_with(", … (20 items)]"), "{literal}");
        assert_eq!(body[1]["value"], "#xs");
        assert_eq!(body[2]["value"], "n > 2");
        assert_eq!(body[2]["vars"], json!(["is_long : bool"]));
        assert_eq!(body[3]["message"], "too short: {0}");
        assert_eq!(body[3]["payload"], json!(["n"]));

        let branch = &body[4];
        assert_eq!(branch["cond"], "is_long");
        assert_eq!(kinds(&branch["then"]["body"]), ["call"]);
        assert_eq!(branch["then"]["body"][0]["function"], "twice");
        assert_eq!(branch["else"], json!({ "body": [], "results": ["xs"] }));

        let time = &body[5];
        assert_eq!(time["vars"], json!(["zs : [int]", "t : float"]));
        let run = &time["block"]["body"][0];
        assert_eq!(run["kind"], "run");
        assert_eq!(run["kernel"], "double");
        assert_eq!(run["file"], "double.cl");
        assert_eq!(run["args"], json!(["ys"]));
        assert_eq!(run["sizes"], json!(["n = #ys (argument 0)"]));
        assert_eq!(run["buffers"], json!([{ "name": "ys", "elem": "long", "length": "n", "zeroed": false }]));
        let launch = &run["launches"][0];
        assert_eq!(launch["kernel"], "double_map");
        assert_eq!(launch["local"], json!(["64"]));
        assert_eq!(launch["global"].as_array().map(Vec::len), Some(1));
        assert!(launch["global"][0].as_str().is_some_and(|g| g.contains('n') && g.contains("64")), "{launch}");
        assert_eq!(launch["args"], json!([{ "param": "xs", "value": "ys" }, { "size": "n" }, { "buffer": "ys" }]));
        assert_eq!(launch["bytes_moved"], "16 * n");
        assert_eq!(run["results"], json!([{ "var": "doubled", "value": "ys[0 .. n]" }]));

        assert_eq!(body[8], json!({ "kind": "emit", "item": 0, "type": "[int]", "value": "seq zs" }));

        let twice = &plan["functions"][0];
        assert_eq!(twice["params"], json!(["v : [int]"]));
        assert_eq!(kinds(&twice["body"]), ["run", "run"]);
        assert_eq!(twice["body"][1]["sizes"], json!(["n = #w (argument 0)"]));
        assert_eq!(twice["results"], json!(["x"]));
    }

    #[test]
    fn the_text_keeps_the_documented_key_order_and_reads_back() {
        let (program, kernels) = program();
        let text = write_plan_pretty(&program, &kernels);
        let position = |key: &str| text.find(&format!("\"{key}\"")).unwrap_or(usize::MAX);
        assert!(position("format") < position("version"));
        assert!(position("version") < position("kernel_files"));
        assert!(position("kernel_files") < position("main"));
        assert!(position("main") < position("functions"));
        assert!(position("kind") < position("vars") && position("vars") < position("value"));
        assert!(text.ends_with("}\n") && text.lines().count() > 50, "{text}");
        let parsed: Value = serde_json::from_str(&text).unwrap_or_default();
        assert_eq!(parsed, write_plan(&program, &kernels));
    }

    #[test]
    fn a_run_without_a_compiled_kernel_is_marked_not_a_panic() {
        let (program, _) = program();
        let plan = write_plan(&program, &[]);
        assert_eq!(plan["kernel_files"], json!([]));
        assert_eq!(plan["functions"][0]["body"][0]["error"], "no compiled kernel");
    }
}
