//! The verifier of the flat IR: checks every invariant the IR's doc comments
//! state, so that a pass that breaks one is caught right after it runs
//! rather than as a wrong answer three stages later.
//!
//! # What it checks
//!
//! In two phases, so that the second may index and print freely:
//!
//! 1. **References** ([`check_references`]): every [`KVar`], [`HostVar`],
//!    [`crate::ir::KernelId`], [`crate::ir::FuncId`] and [`FaultId`] that
//!    the program mentions exists. Errors of this phase show the offending
//!    node in its `Debug` form, since the printer cannot name what does not
//!    exist.
//! 2. **Scopes and types**, kernel by kernel (`KernelChecker`) and function
//!    by function (`HostChecker`); errors show the node as the IR printer
//!    writes it ([`crate::ir::print`]).
//!
//! Kernels: each variable is bound exactly once (a parameter, a SOAC result,
//! a thunk parameter or a `let`) and used only where it is visible: the
//! parameters and the results of earlier SOACs everywhere after them, a
//! thunk's parameters and its `let`s only inside it. Thunk parameters and
//! `let`-bound variables are scalars. Each SOAC has the signature its doc
//! gives, generalised to `k` results: pull thunks take one int and yield the
//! `k` element types of the results, operators take `2k` scalars and yield
//! `k` of the neutral values' types, predicates take the `k` pulled values
//! and yield a bool, index thunks yield an int; sizes are int expressions;
//! segment descriptors are int arrays; `SCATTER`'s bases are arrays of the
//! result types. GPU expressions are typed bottom-up ([`UnaryOp`] and
//! [`BinaryOp`] operand types by [`unary_accepts`] and [`binary_accepts`]);
//! a [`GExpr::Tuple`] may appear only where several values are expected: a
//! thunk's or `ONCE`'s body, a `let`'s value, a `loop`'s step and result,
//! and the bodies and branches of `let`, `if` and `assert` in those places.
//! An `assert` has a bool condition and at most three scalar payload values.
//! A `loop` binds its scalar variables (once, like a `let`), visible in its
//! condition, step and result; it has one initial value of each variable's
//! type, a bool condition, and a step yielding the variables' types.
//!
//! Host functions: each variable is bound exactly once (a parameter or a
//! `let`) and used only after its binding and inside the block that binds it
//! (an `if` branch or a `time` block is a scope). Every expression is typed:
//! operators as above, `run` and calls against the callee's parameters, the
//! `let`'s variables against the callee's results (a kernel's `results`, a
//! function's body results), `if` branches agree, `time` adds a float.
//! `assert` takes a bool and up to three scalar payload values, `print` a
//! `[char]` array, `array` items of its element type. `emit`
//! appears only in `main`, and its [`Repr`] matches its NESL type as note
//! [segment descriptors] says, with datatypes from
//! [`FlatProgram::datatypes`]. `main` has no parameters and no results.
//! Kernel names and function names are unique.
//!
//! # Where to start reading
//! [`verify`], then `KernelChecker::check_soac` and
//! `HostChecker::check_expr`.

use std::fmt;

use nesl_frontend::Type;

use crate::ir::print::{print_gexpr, print_soac, print_stmt};
use crate::ir::{
    Atom, BinaryOp, Block, Const, FaultId, FlatProgram, GExpr, HostExpr, HostFunction, HostVar, KVar, Kernel, Repr,
    Scalar, SegDesc, SeqRepr, Soac, SoacBinding, Stmt, Thunk, UnaryOp, VarType,
};

/// A broken invariant: where, what, and the offending node.
#[derive(Clone, Debug, PartialEq)]
pub struct VerifyError {
    /// The kernel or function (`kernel \`dotp_reduce\`, SOAC 0 (REDUCE)`,
    /// `function \`f\``, `main`), or `program` for program-wide tables.
    pub place: String,
    pub message: String,
    /// The offending node as the IR printer writes it (its `Debug` form when
    /// it refers to something that does not exist); empty when there is
    /// none.
    pub node: String,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ill-formed flat IR in {}: {}", self.place, self.message)?;
        if !self.node.is_empty() {
            write!(f, "\n  at: {}", self.node)?;
        }
        Ok(())
    }
}

impl std::error::Error for VerifyError {}

type Checked<T = ()> = Result<T, VerifyError>;

/// The most payload values an `assert` may carry (`{0}` to `{2}` in a
/// fault site's message).
const MAX_PAYLOAD_VALUES: usize = 3;

/// Checks every invariant of the flat IR (see the module's documentation).
pub fn verify(program: &FlatProgram) -> Result<(), VerifyError> {
    check_references(program)?;
    check_unique_names(program)?;
    for kernel in &program.kernels {
        KernelChecker::new(kernel).check()?;
    }
    for function in &program.functions {
        HostChecker::new(program, function, false).check()?;
    }
    HostChecker::new(program, &program.main, true).check()
}

/// Whether `op` is defined on operands of type `operand`.
pub fn unary_accepts(op: UnaryOp, operand: Scalar) -> bool {
    use Scalar::*;
    use UnaryOp::*;
    match op {
        Neg | Abs => matches!(operand, Int | Float),
        Not => matches!(operand, Int | Bool),
        Sqrt | Exp | Ln | Sin | Cos | Tan | Asin | Acos | Atan | Sinh | Cosh | Tanh => operand == Float,
        Floor | Ceil | Trunc | Round | FloatBits | FloatShortest => operand == Float,
        ToFloat | Isqrt | IntToChar => operand == Int,
        BoolToInt => operand == Bool,
        CharToInt => operand == Char,
    }
}

/// Whether `op` is defined on two operands of type `operand`. Comparisons,
/// `min` and `max` accept every scalar type (bools order `F < T`).
pub fn binary_accepts(op: BinaryOp, operand: Scalar) -> bool {
    use BinaryOp::*;
    use Scalar::*;
    match op {
        Add | Sub | Mul | Div => matches!(operand, Int | Float),
        Rem | Shl | Shr | FloatTextLength | FloatTextChar | ExpDigits | ExpTextLength | ExpTextChar => operand == Int,
        Min | Max | Eq | Ne | Lt | Le | Gt | Ge => true,
        And | Or | Xor => matches!(operand, Int | Bool),
        Pow => operand == Float,
    }
}

fn error(place: impl Into<String>, message: impl Into<String>, node: impl Into<String>) -> VerifyError {
    VerifyError { place: place.into(), message: message.into(), node: node.into() }
}

/// A node's `Debug` form, shortened: for nodes the printer cannot print.
fn debug_node(node: &impl fmt::Debug) -> String {
    const MAX_CHARS: usize = 400;
    let text = format!("{node:?}");
    match text.char_indices().nth(MAX_CHARS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

fn types_text(types: &[Scalar]) -> String {
    let names: Vec<&str> = types.iter().map(|s| s.name()).collect();
    format!("({})", names.join(", "))
}

fn var_types_text(types: &[VarType]) -> String {
    let names: Vec<String> = types.iter().map(|t| t.to_string()).collect();
    format!("({})", names.join(", "))
}

// ---------------------------------------------------------------------------
// Phase 1: every reference names something that exists.

/// Checks that every variable, kernel, function and fault site the program
/// mentions exists, so that the rest of the verifier and the printer may
/// index without checking.
pub fn check_references(program: &FlatProgram) -> Result<(), VerifyError> {
    for kernel in &program.kernels {
        KernelReferences { kernel, fault_sites: program.fault_sites.len() }.check()?;
    }
    for function in &program.functions {
        HostReferences { program, function }.check()?;
    }
    HostReferences { program, function: &program.main }.check()
}

struct KernelReferences<'a> {
    kernel: &'a Kernel,
    fault_sites: usize,
}

impl KernelReferences<'_> {
    fn place(&self) -> String {
        format!("kernel `{}`", self.kernel.name)
    }

    fn var(&self, v: KVar, node: &impl fmt::Debug) -> Checked {
        if (v.0 as usize) < self.kernel.vars.len() {
            return Ok(());
        }
        Err(error(
            self.place(),
            format!("variable {} does not exist (the kernel has {})", v.0, self.kernel.vars.len()),
            debug_node(node),
        ))
    }

    fn site(&self, site: FaultId, node: &impl fmt::Debug) -> Checked {
        if (site.0 as usize) < self.fault_sites {
            return Ok(());
        }
        Err(error(
            self.place(),
            format!("fault site @{} does not exist (the program has {})", site.0, self.fault_sites),
            debug_node(node),
        ))
    }

    fn check(&self) -> Checked {
        let kernel = self.kernel;
        for &v in &kernel.params {
            self.var(v, &kernel.params)?;
        }
        for binding in &kernel.body {
            for &v in &binding.results {
                self.var(v, binding)?;
            }
            self.soac(&binding.soac)?;
        }
        for &v in &kernel.results {
            self.var(v, &kernel.results)?;
        }
        // Only int arrays are stored in 32 bits.
        if let Some(info) =
            kernel.vars.iter().find(|info| info.is_narrow && info.ty != VarType::Array(crate::ir::Scalar::Int))
        {
            return Err(error(
                self.place(),
                format!("`{}` is 32-bit but not an int array", info.name),
                debug_node(info),
            ));
        }
        Ok(())
    }

    fn soac(&self, soac: &Soac) -> Checked {
        match soac {
            Soac::Map { size, pull } => {
                self.expr(size)?;
                self.thunk(pull)
            }
            Soac::Permute { size, values, index, check } => {
                self.expr(size)?;
                self.thunk(values)?;
                self.thunk(index)?;
                check.map_or(Ok(()), |site| self.site(site, soac))
            }
            Soac::RadixPass { size, values, digit, .. } => {
                self.expr(size)?;
                self.thunk(values)?;
                self.thunk(digit)
            }
            Soac::Scatter { size, base, values, index, site } => {
                self.expr(size)?;
                for &v in base {
                    self.var(v, soac)?;
                }
                self.thunk(values)?;
                self.thunk(index)?;
                self.site(*site, soac)
            }
            Soac::Reduce { size, pull, op, .. } | Soac::Scan { size, pull, op, .. } => {
                self.expr(size)?;
                self.thunk(pull)?;
                self.thunk(op)
            }
            Soac::Filter { size, pull, pred, before } => {
                self.expr(size)?;
                self.thunk(pull)?;
                self.thunk(pred)?;
                match before {
                    Some(offsets) => self.var(*offsets, soac),
                    None => Ok(()),
                }
            }
            Soac::Once { body } => self.expr(body),
            Soac::SegmentIds { size, offsets } => {
                self.expr(size)?;
                self.var(*offsets, soac)
            }
            Soac::SegReduce { segments, pull, op, .. } => {
                self.segments(segments, soac)?;
                self.thunk(pull)?;
                self.thunk(op)
            }
            Soac::SegScan { segments, elements, pull, op, .. } => {
                self.segments(segments, soac)?;
                self.expr(elements)?;
                self.thunk(pull)?;
                self.thunk(op)
            }
        }
    }

    fn segments(&self, segments: &SegDesc, soac: &Soac) -> Checked {
        self.var(segments.lengths, soac)?;
        self.var(segments.offsets, soac)
    }

    fn thunk(&self, thunk: &Thunk) -> Checked {
        for &v in &thunk.params {
            self.var(v, thunk)?;
        }
        self.expr(&thunk.body)
    }

    fn expr(&self, expr: &GExpr) -> Checked {
        match expr {
            GExpr::Var(v) | GExpr::Length(v) => self.var(*v, expr)?,
            GExpr::Read { array, .. } => self.var(*array, expr)?,
            GExpr::SegmentOf { offsets, .. } => self.var(*offsets, expr)?,
            GExpr::ParseNumber { chars, .. } => self.var(*chars, expr)?,
            GExpr::Let { vars, .. } | GExpr::Loop { vars, .. } => {
                for &v in vars {
                    self.var(v, expr)?;
                }
            }
            GExpr::Assert { site, .. } => self.site(*site, expr)?,
            GExpr::Const(_) | GExpr::Unary { .. } | GExpr::Binary { .. } | GExpr::If { .. } | GExpr::Tuple(_) => {}
        }
        let mut result = Ok(());
        expr.for_each_child(|child| {
            if result.is_ok() {
                result = self.expr(child);
            }
        });
        result
    }
}

struct HostReferences<'a> {
    program: &'a FlatProgram,
    function: &'a HostFunction,
}

impl HostReferences<'_> {
    fn place(&self) -> String {
        function_place(self.program, self.function)
    }

    fn var(&self, v: HostVar, node: &impl fmt::Debug) -> Checked {
        if (v.0 as usize) < self.function.vars.len() {
            return Ok(());
        }
        Err(error(
            self.place(),
            format!("variable {} does not exist (the function has {})", v.0, self.function.vars.len()),
            debug_node(node),
        ))
    }

    fn atom(&self, atom: &Atom, node: &impl fmt::Debug) -> Checked {
        match atom {
            Atom::Var(v) => self.var(*v, node),
            Atom::Const(_) => Ok(()),
        }
    }

    fn check(&self) -> Checked {
        for &v in &self.function.params {
            self.var(v, &self.function.params)?;
        }
        self.block(&self.function.body)
    }

    fn block(&self, block: &Block) -> Checked {
        for stmt in &block.stmts {
            self.stmt(stmt)?;
        }
        for atom in &block.results {
            self.atom(atom, &block.results)?;
        }
        Ok(())
    }

    fn stmt(&self, stmt: &Stmt) -> Checked {
        match stmt {
            Stmt::Let { vars, expr } => {
                for &v in vars {
                    self.var(v, stmt)?;
                }
                self.expr(expr, stmt)
            }
            Stmt::Assert { cond, site, payload } => {
                self.atom(cond, stmt)?;
                for atom in payload {
                    self.atom(atom, stmt)?;
                }
                if (site.0 as usize) < self.program.fault_sites.len() {
                    return Ok(());
                }
                Err(error(
                    self.place(),
                    format!(
                        "fault site @{} does not exist (the program has {})",
                        site.0,
                        self.program.fault_sites.len()
                    ),
                    debug_node(stmt),
                ))
            }
            Stmt::Print { text } => self.var(*text, stmt),
            Stmt::Emit { value, .. } => self.repr(value, stmt),
            Stmt::Free { vars } => vars.iter().try_for_each(|&v| self.var(v, stmt)),
        }
    }

    fn expr(&self, expr: &HostExpr, stmt: &Stmt) -> Checked {
        match expr {
            HostExpr::Atom(atom) | HostExpr::Unary { arg: atom, .. } | HostExpr::Bound(atom) => self.atom(atom, stmt),
            HostExpr::Binary { lhs, rhs, .. } => {
                self.atom(lhs, stmt)?;
                self.atom(rhs, stmt)
            }
            HostExpr::Length(v) => self.var(*v, stmt),
            HostExpr::Array { items, .. } => items.iter().try_for_each(|a| self.atom(a, stmt)),
            HostExpr::HostOp { op, args } => {
                if let Some(site) = op.site()
                    && (site.0 as usize) >= self.program.fault_sites.len()
                {
                    return Err(error(
                        self.place(),
                        format!(
                            "fault site @{} does not exist (the program has {})",
                            site.0,
                            self.program.fault_sites.len()
                        ),
                        debug_node(stmt),
                    ));
                }
                args.iter().try_for_each(|a| self.atom(a, stmt))
            }
            HostExpr::Run { kernel, args } => {
                if (kernel.0 as usize) >= self.program.kernels.len() {
                    return Err(error(
                        self.place(),
                        format!("kernel {} does not exist (the program has {})", kernel.0, self.program.kernels.len()),
                        debug_node(stmt),
                    ));
                }
                args.iter().try_for_each(|a| self.atom(a, stmt))
            }
            HostExpr::Call { func, args } => {
                if (func.0 as usize) >= self.program.functions.len() {
                    return Err(error(
                        self.place(),
                        format!(
                            "function {} does not exist (the program has {})",
                            func.0,
                            self.program.functions.len()
                        ),
                        debug_node(stmt),
                    ));
                }
                args.iter().try_for_each(|a| self.atom(a, stmt))
            }
            HostExpr::If { cond, then_block, else_block } => {
                self.atom(cond, stmt)?;
                self.block(then_block)?;
                self.block(else_block)
            }
            HostExpr::Time { block } => self.block(block),
        }
    }

    fn repr(&self, repr: &Repr, stmt: &Stmt) -> Checked {
        match repr {
            Repr::Scalar(atom) => self.atom(atom, stmt),
            Repr::Tuple(items) => items.iter().try_for_each(|r| self.repr(r, stmt)),
            Repr::Seq(seq) => self.seq_repr(seq, stmt),
        }
    }

    fn seq_repr(&self, seq: &SeqRepr, stmt: &Stmt) -> Checked {
        match seq {
            SeqRepr::Array(v) => self.var(*v, stmt),
            SeqRepr::Tuple(columns) => columns.iter().try_for_each(|c| self.seq_repr(c, stmt)),
            SeqRepr::Nested { lengths, offsets, elements } => {
                self.var(*lengths, stmt)?;
                self.var(*offsets, stmt)?;
                self.seq_repr(elements, stmt)
            }
        }
    }
}

fn function_place(program: &FlatProgram, function: &HostFunction) -> String {
    if std::ptr::eq(function, &program.main) { "main".to_string() } else { format!("function `{}`", function.name) }
}

fn check_unique_names(program: &FlatProgram) -> Checked {
    let mut kernel_names = std::collections::HashSet::new();
    for kernel in &program.kernels {
        if !kernel_names.insert(kernel.name.as_str()) {
            return Err(error("program", format!("two kernels are named `{}`", kernel.name), ""));
        }
    }
    let mut function_names = std::collections::HashSet::new();
    for function in &program.functions {
        if !function_names.insert(function.name.as_str()) {
            return Err(error("program", format!("two functions are named `{}`", function.name), ""));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Phase 2: kernels.

/// Checks scopes and types in one kernel.
struct KernelChecker<'a> {
    kernel: &'a Kernel,
    /// Indexed by [`KVar`]: whether the variable has been bound already.
    is_bound: Vec<bool>,
    /// Indexed by [`KVar`]: whether the variable may be used here.
    is_visible: Vec<bool>,
    /// The position of the SOAC being checked, for messages.
    current_soac: Option<usize>,
}

/// Where an expression stands: whether it may yield several values.
#[derive(Copy, Clone, PartialEq)]
enum Yields {
    One,
    Several,
}

impl<'a> KernelChecker<'a> {
    fn new(kernel: &'a Kernel) -> KernelChecker<'a> {
        let n = kernel.vars.len();
        KernelChecker { kernel, is_bound: vec![false; n], is_visible: vec![false; n], current_soac: None }
    }

    fn place(&self) -> String {
        match self.current_soac {
            Some(i) => {
                let name = self.kernel.body.get(i).map_or("?", |b| b.soac.name());
                format!("kernel `{}`, SOAC {i} ({name})", self.kernel.name)
            }
            None => format!("kernel `{}`", self.kernel.name),
        }
    }

    /// The variable's name as the printer writes it, quoted.
    fn name(&self, v: KVar) -> String {
        format!("`{}`", print_gexpr(self.kernel, &GExpr::Var(v)))
    }

    fn ty(&self, v: KVar) -> VarType {
        self.kernel.var(v).ty
    }

    fn expr_error(&self, message: impl Into<String>, expr: &GExpr) -> VerifyError {
        error(self.place(), message, print_gexpr(self.kernel, expr))
    }

    fn soac_error(&self, message: impl Into<String>, soac: &Soac) -> VerifyError {
        error(self.place(), message, print_soac(self.kernel, soac))
    }

    /// Binds `v`, which must not have been bound before, and makes it
    /// visible.
    fn bind(&mut self, v: KVar, node: impl FnOnce() -> String) -> Checked {
        let i = v.0 as usize;
        if self.is_bound[i] {
            return Err(error(self.place(), format!("variable {} is bound twice", self.name(v)), node()));
        }
        self.is_bound[i] = true;
        self.is_visible[i] = true;
        Ok(())
    }

    fn hide(&mut self, v: KVar) {
        self.is_visible[v.0 as usize] = false;
    }

    fn check(mut self) -> Checked {
        let kernel = self.kernel;
        for &v in &kernel.params {
            self.bind(v, || format!("parameter {}", print_gexpr(kernel, &GExpr::Var(v))))?;
        }
        for (i, binding) in kernel.body.iter().enumerate() {
            self.current_soac = Some(i);
            self.check_binding(binding)?;
        }
        self.current_soac = None;
        for &v in &kernel.results {
            if !self.is_visible[v.0 as usize] {
                return Err(error(
                    self.place(),
                    format!("the result {} is not a parameter or a SOAC result", self.name(v)),
                    "",
                ));
            }
        }
        Ok(())
    }

    fn check_binding(&mut self, binding: &SoacBinding) -> Checked {
        let types: Vec<VarType> = binding.results.iter().map(|&v| self.ty(v)).collect();
        self.check_soac(&binding.soac, &types)?;
        for &v in &binding.results {
            self.bind(v, || print_soac(self.kernel, &binding.soac))?;
        }
        Ok(())
    }

    /// The element types of the results, which must all be arrays
    /// (`is_array`) or all scalars.
    fn result_elements(&self, soac: &Soac, results: &[VarType], is_array: bool) -> Checked<Vec<Scalar>> {
        let mut elements = Vec::with_capacity(results.len());
        for ty in results {
            if ty.is_array() != is_array {
                let want = if is_array { "arrays" } else { "scalars" };
                return Err(self.soac_error(
                    format!("{} yields {want}, but its results are {}", soac.name(), var_types_text(results)),
                    soac,
                ));
            }
            elements.push(ty.scalar());
        }
        Ok(elements)
    }

    /// Checks a SOAC whose results have the types `results`.
    fn check_soac(&mut self, soac: &Soac, results: &[VarType]) -> Checked {
        match soac {
            Soac::Map { size, pull } => {
                let elements = self.result_elements(soac, results, true)?;
                self.check_size(size, "size")?;
                self.check_thunk(pull, "pull thunk", &[Scalar::Int], &elements)
            }
            Soac::Permute { size, values, index, check: _ } => {
                let elements = self.result_elements(soac, results, true)?;
                self.check_size(size, "size")?;
                self.check_thunk(values, "value thunk", &[Scalar::Int], &elements)?;
                self.check_thunk(index, "index thunk", &[Scalar::Int], &[Scalar::Int])
            }
            Soac::SegmentIds { size, offsets } => {
                let elements = self.result_elements(soac, results, true)?;
                if elements != [Scalar::Int] {
                    return Err(
                        self.soac_error(format!("SEGMENT_IDS yields one [int], not {}", types_text(&elements)), soac)
                    );
                }
                self.check_size(size, "size")?;
                self.check_visible(*offsets, || print_soac(self.kernel, soac))?;
                if self.ty(*offsets) != VarType::Array(Scalar::Int) {
                    return Err(self.soac_error(
                        format!(
                            "the segment offsets {} have type {}, not [int]",
                            self.name(*offsets),
                            self.ty(*offsets)
                        ),
                        soac,
                    ));
                }
                Ok(())
            }
            Soac::RadixPass { size, values, digit, bits } => {
                let elements = self.result_elements(soac, results, true)?;
                if *bits == 0 || *bits > crate::ir::RADIX_BITS {
                    return Err(self.soac_error(
                        format!("RADIX_PASS of {bits}-bit digits (1 to {} bits)", crate::ir::RADIX_BITS),
                        soac,
                    ));
                }
                self.check_size(size, "size")?;
                self.check_thunk(values, "value thunk", &[Scalar::Int], &elements)?;
                self.check_thunk(digit, "digit thunk", &[Scalar::Int], &[Scalar::Int])
            }
            Soac::Scatter { size, base, values, index, site: _ } => {
                let elements = self.result_elements(soac, results, true)?;
                self.check_size(size, "size")?;
                if base.len() != elements.len() {
                    return Err(self.soac_error(
                        format!("SCATTER has {} base arrays for {} results", base.len(), elements.len()),
                        soac,
                    ));
                }
                for (&array, &element) in base.iter().zip(&elements) {
                    self.check_visible(array, || print_soac(self.kernel, soac))?;
                    if self.ty(array) != VarType::Array(element) {
                        return Err(self.soac_error(
                            format!(
                                "the base {} has type {}, but the result has type [{element}]",
                                self.name(array),
                                self.ty(array)
                            ),
                            soac,
                        ));
                    }
                }
                self.check_thunk(values, "value thunk", &[Scalar::Int], &elements)?;
                self.check_thunk(index, "index thunk", &[Scalar::Int], &[Scalar::Int])
            }
            Soac::Reduce { size, pull, neutral, op } | Soac::Scan { size, pull, neutral, op } => {
                let is_array = matches!(soac, Soac::Scan { .. });
                let elements = self.result_elements(soac, results, is_array)?;
                self.check_size(size, "size")?;
                self.check_thunk(pull, "pull thunk", &[Scalar::Int], &elements)?;
                self.check_monoid(soac, neutral, op, &elements)
            }
            Soac::Filter { size, pull, pred, before } => {
                let mut elements = self.result_elements(soac, results, true)?;
                if let Some(offsets) = before {
                    // The counts before the offsets, after the columns.
                    if elements.pop() != Some(Scalar::Int) {
                        return Err(self.soac_error("FILTER's counts before the offsets are not ints", soac));
                    }
                    self.check_visible(*offsets, || print_soac(self.kernel, soac))?;
                    if self.ty(*offsets) != VarType::Array(Scalar::Int) {
                        let message = format!("FILTER's offsets {} are not an [int]", self.name(*offsets));
                        return Err(self.soac_error(message, soac));
                    }
                }
                self.check_size(size, "size")?;
                self.check_thunk(pull, "pull thunk", &[Scalar::Int], &elements)?;
                self.check_thunk(pred, "predicate", &elements, &[Scalar::Bool])
            }
            Soac::Once { body } => {
                let elements = self.result_elements(soac, results, false)?;
                let yields = self.check_expr(body, Yields::Several)?;
                if yields != elements {
                    return Err(self.soac_error(
                        format!("ONCE yields {} but its results are {}", types_text(&yields), types_text(&elements)),
                        soac,
                    ));
                }
                Ok(())
            }
            Soac::SegReduce { segments, pull, neutral, op } => {
                let elements = self.result_elements(soac, results, true)?;
                self.check_segments(segments, soac)?;
                self.check_thunk(pull, "pull thunk", &[Scalar::Int], &elements)?;
                self.check_monoid(soac, neutral, op, &elements)
            }
            Soac::SegScan { segments, elements: total, pull, neutral, op } => {
                let elements = self.result_elements(soac, results, true)?;
                self.check_segments(segments, soac)?;
                self.check_size(total, "element count")?;
                self.check_thunk(pull, "pull thunk", &[Scalar::Int], &elements)?;
                self.check_monoid(soac, neutral, op, &elements)
            }
        }
    }

    fn check_monoid(&mut self, soac: &Soac, neutral: &[Const], op: &Thunk, elements: &[Scalar]) -> Checked {
        let neutral_types: Vec<Scalar> = neutral.iter().map(|c| c.scalar()).collect();
        if neutral_types != elements {
            return Err(self.soac_error(
                format!(
                    "the neutral values have types {}, but the results' elements are {}",
                    types_text(&neutral_types),
                    types_text(elements)
                ),
                soac,
            ));
        }
        let operands: Vec<Scalar> = elements.iter().chain(elements).copied().collect();
        self.check_thunk(op, "operator", &operands, elements)
    }

    fn check_segments(&mut self, segments: &SegDesc, soac: &Soac) -> Checked {
        for (what, v) in [("lengths", segments.lengths), ("offsets", segments.offsets)] {
            self.check_visible(v, || print_soac(self.kernel, soac))?;
            if self.ty(v) != VarType::Array(Scalar::Int) {
                return Err(self.soac_error(
                    format!("the segment {what} {} have type {}, not [int]", self.name(v), self.ty(v)),
                    soac,
                ));
            }
        }
        Ok(())
    }

    fn check_size(&mut self, size: &GExpr, what: &str) -> Checked {
        let ty = self.check_scalar(size)?;
        if ty != Scalar::Int {
            return Err(self.expr_error(format!("the {what} has type {ty}, not int"), size));
        }
        Ok(())
    }

    /// Checks a thunk taking `params` and yielding `yields`; its parameters
    /// are visible only inside it.
    fn check_thunk(&mut self, thunk: &Thunk, role: &str, params: &[Scalar], yields: &[Scalar]) -> Checked {
        let body = &thunk.body;
        if thunk.params.len() != params.len() {
            return Err(self.expr_error(
                format!("the {role} takes {} parameters, not {}", thunk.params.len(), params.len()),
                body,
            ));
        }
        for (&v, &want) in thunk.params.iter().zip(params) {
            if self.ty(v) != VarType::Scalar(want) {
                return Err(self.expr_error(
                    format!("the {role}'s parameter {} has type {}, not {want}", self.name(v), self.ty(v)),
                    body,
                ));
            }
            self.bind(v, || print_gexpr(self.kernel, body))?;
        }
        let result = self.check_expr(body, Yields::Several);
        for &v in &thunk.params {
            self.hide(v);
        }
        let got = result?;
        if got != yields {
            return Err(
                self.expr_error(format!("the {role} yields {}, not {}", types_text(&got), types_text(yields)), body)
            );
        }
        Ok(())
    }

    fn check_visible(&self, v: KVar, node: impl FnOnce() -> String) -> Checked {
        if self.is_visible[v.0 as usize] {
            return Ok(());
        }
        let why = if self.is_bound[v.0 as usize] { "out of its scope" } else { "before it is bound" };
        Err(error(self.place(), format!("variable {} is used {why}", self.name(v)), node()))
    }

    fn check_scalar(&mut self, expr: &GExpr) -> Checked<Scalar> {
        let types = self.check_expr(expr, Yields::One)?;
        match types[..] {
            [ty] => Ok(ty),
            _ => Err(self.expr_error(format!("expected one value, found {}", types_text(&types)), expr)),
        }
    }

    /// The types of the values `expr` yields: one unless `yields` allows
    /// several.
    fn check_expr(&mut self, expr: &GExpr, yields: Yields) -> Checked<Vec<Scalar>> {
        match expr {
            GExpr::Var(v) => {
                self.check_visible(*v, || print_gexpr(self.kernel, expr))?;
                match self.ty(*v) {
                    VarType::Scalar(s) => Ok(vec![s]),
                    VarType::Array(_) => Err(self.expr_error(
                        format!("the array {} is used as a scalar (read it with an index)", self.name(*v)),
                        expr,
                    )),
                }
            }
            GExpr::Const(c) => Ok(vec![c.scalar()]),
            GExpr::Read { array, index } => {
                let element = self.check_array(*array, expr)?;
                self.check_int(index, "index")?;
                Ok(vec![element])
            }
            GExpr::Length(array) => {
                self.check_array(*array, expr)?;
                Ok(vec![Scalar::Int])
            }
            GExpr::ParseNumber { ty, flag, chars, start, length } => {
                if self.check_array(*chars, expr)? != Scalar::Char || !matches!(ty, Scalar::Int | Scalar::Float) {
                    return Err(self.expr_error(
                        format!("a parse of {} from {}, not of a number from chars", ty, self.name(*chars)),
                        expr,
                    ));
                }
                self.check_int(start, "start")?;
                self.check_int(length, "length")?;
                Ok(vec![if *flag { Scalar::Bool } else { *ty }])
            }
            GExpr::SegmentOf { offsets, index } => {
                let element = self.check_array(*offsets, expr)?;
                if element != Scalar::Int {
                    return Err(self.expr_error(
                        format!("the offsets {} of `segment_of` are not an int array", self.name(*offsets)),
                        expr,
                    ));
                }
                self.check_int(index, "index")?;
                Ok(vec![Scalar::Int])
            }
            GExpr::Unary { op, ty, arg } => {
                let got = self.check_scalar(arg)?;
                if got != *ty {
                    return Err(self.expr_error(format!("`{}` on {ty} has an operand of type {got}", op.name()), expr));
                }
                if !unary_accepts(*op, *ty) {
                    return Err(self.expr_error(format!("`{}` is not defined on {ty}", op.name()), expr));
                }
                Ok(vec![op.result(*ty)])
            }
            GExpr::Binary { op, ty, lhs, rhs } => {
                for operand in [lhs, rhs] {
                    let got = self.check_scalar(operand)?;
                    if got != *ty {
                        return Err(
                            self.expr_error(format!("`{}` on {ty} has an operand of type {got}", op.symbol()), expr)
                        );
                    }
                }
                if !binary_accepts(*op, *ty) {
                    return Err(self.expr_error(format!("`{}` is not defined on {ty}", op.symbol()), expr));
                }
                Ok(vec![op.result(*ty)])
            }
            GExpr::If { cond, then_branch, else_branch } => {
                self.check_bool(cond, "condition of `if`")?;
                let then_types = self.check_expr(then_branch, yields)?;
                let else_types = self.check_expr(else_branch, yields)?;
                if then_types != else_types {
                    return Err(self.expr_error(
                        format!(
                            "the branches of `if` yield {} and {}",
                            types_text(&then_types),
                            types_text(&else_types)
                        ),
                        expr,
                    ));
                }
                Ok(then_types)
            }
            GExpr::Let { vars, value, body } => {
                let types = self.check_expr(value, Yields::Several)?;
                if types.len() != vars.len() {
                    return Err(self
                        .expr_error(format!("`let` binds {} variables to {} values", vars.len(), types.len()), expr));
                }
                for (&v, &ty) in vars.iter().zip(&types) {
                    if self.ty(v) != VarType::Scalar(ty) {
                        return Err(self.expr_error(
                            format!("`let` binds {} of type {} to a value of type {ty}", self.name(v), self.ty(v)),
                            expr,
                        ));
                    }
                    self.bind(v, || print_gexpr(self.kernel, expr))?;
                }
                let result = self.check_expr(body, yields);
                for &v in vars {
                    self.hide(v);
                }
                result
            }
            GExpr::Tuple(items) => {
                if yields == Yields::One {
                    return Err(self.expr_error("a tuple where one value is expected", expr));
                }
                items.iter().map(|item| self.check_scalar(item)).collect()
            }
            GExpr::Assert { cond, site: _, payload, body } => {
                self.check_bool(cond, "condition of `assert`")?;
                if payload.len() > MAX_PAYLOAD_VALUES {
                    return Err(self.expr_error(
                        format!("`assert` has {} payload values (at most {MAX_PAYLOAD_VALUES})", payload.len()),
                        expr,
                    ));
                }
                for value in payload {
                    self.check_scalar(value)?;
                }
                self.check_expr(body, yields)
            }
            GExpr::Loop { vars, init, cond, step, result } => {
                if init.len() != vars.len() {
                    return Err(self.expr_error(
                        format!("`loop` binds {} variables to {} initial values", vars.len(), init.len()),
                        expr,
                    ));
                }
                let mut types = Vec::with_capacity(vars.len());
                for (&v, value) in vars.iter().zip(init) {
                    let ty = self.check_scalar(value)?;
                    if self.ty(v) != VarType::Scalar(ty) {
                        return Err(self.expr_error(
                            format!("`loop` binds {} of type {} to a value of type {ty}", self.name(v), self.ty(v)),
                            expr,
                        ));
                    }
                    types.push(ty);
                }
                for &v in vars {
                    self.bind(v, || print_gexpr(self.kernel, expr))?;
                }
                let checked = (|| {
                    self.check_bool(cond, "condition of `loop`")?;
                    let stepped = self.check_expr(step, Yields::Several)?;
                    if stepped != types {
                        return Err(self.expr_error(
                            format!("the step of `loop` yields {}, not {}", types_text(&stepped), types_text(&types)),
                            expr,
                        ));
                    }
                    self.check_expr(result, yields)
                })();
                for &v in vars {
                    self.hide(v);
                }
                checked
            }
        }
    }

    /// Checks that `v` is a visible array and returns its element type.
    fn check_array(&self, v: KVar, expr: &GExpr) -> Checked<Scalar> {
        self.check_visible(v, || print_gexpr(self.kernel, expr))?;
        match self.ty(v) {
            VarType::Array(element) => Ok(element),
            VarType::Scalar(s) => {
                Err(self.expr_error(format!("{} has type {s}, not an array type", self.name(v)), expr))
            }
        }
    }

    fn check_int(&mut self, expr: &GExpr, what: &str) -> Checked {
        let ty = self.check_scalar(expr)?;
        if ty != Scalar::Int {
            return Err(self.expr_error(format!("the {what} has type {ty}, not int"), expr));
        }
        Ok(())
    }

    fn check_bool(&mut self, expr: &GExpr, what: &str) -> Checked {
        let ty = self.check_scalar(expr)?;
        if ty != Scalar::Bool {
            return Err(self.expr_error(format!("the {what} has type {ty}, not bool"), expr));
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// Phase 2: host functions.

/// Checks scopes and types in one host function.
struct HostChecker<'a> {
    program: &'a FlatProgram,
    function: &'a HostFunction,
    is_main: bool,
    /// Indexed by [`HostVar`]: whether the variable has been bound already.
    is_bound: Vec<bool>,
    /// Indexed by [`HostVar`]: whether the variable may be used here.
    is_visible: Vec<bool>,
    /// The variables bound so far, innermost block last; a nested block
    /// hides what it bound when it ends.
    bound_in_order: Vec<HostVar>,
    /// The statement being checked, for messages.
    current_stmt: Option<&'a Stmt>,
}

impl<'a> HostChecker<'a> {
    fn new(program: &'a FlatProgram, function: &'a HostFunction, is_main: bool) -> HostChecker<'a> {
        let n = function.vars.len();
        HostChecker {
            program,
            function,
            is_main,
            is_bound: vec![false; n],
            is_visible: vec![false; n],
            bound_in_order: Vec::new(),
            current_stmt: None,
        }
    }

    fn fail<T>(&self, message: impl Into<String>) -> Checked<T> {
        let node = self.current_stmt.map_or(String::new(), |stmt| print_stmt(self.program, self.function, stmt));
        Err(error(function_place(self.program, self.function), message, node))
    }

    fn name(&self, v: HostVar) -> String {
        format!("`{}` (variable {})", self.function.var(v).name, v.0)
    }

    fn ty(&self, v: HostVar) -> VarType {
        self.function.var(v).ty
    }

    fn bind(&mut self, v: HostVar) -> Checked {
        let i = v.0 as usize;
        if self.is_bound[i] {
            return self.fail(format!("variable {} is bound twice", self.name(v)));
        }
        self.is_bound[i] = true;
        self.is_visible[i] = true;
        self.bound_in_order.push(v);
        Ok(())
    }

    fn check_visible(&self, v: HostVar) -> Checked {
        if self.is_visible[v.0 as usize] {
            return Ok(());
        }
        let why = if self.is_bound[v.0 as usize] { "out of its scope" } else { "before it is bound" };
        self.fail(format!("variable {} is used {why}", self.name(v)))
    }

    fn atom_type(&self, atom: &Atom) -> Checked<VarType> {
        match atom {
            Atom::Var(v) => {
                self.check_visible(*v)?;
                Ok(self.ty(*v))
            }
            Atom::Const(c) => Ok(VarType::Scalar(c.scalar())),
        }
    }

    fn check_atom(&self, atom: &Atom, want: VarType, what: &str) -> Checked {
        let ty = self.atom_type(atom)?;
        if ty != want {
            return self.fail(format!("the {what} has type {ty}, not {want}"));
        }
        Ok(())
    }

    fn check(mut self) -> Checked {
        if self.is_main && !self.function.params.is_empty() {
            return self.fail("`main` has parameters");
        }
        for &v in &self.function.params {
            self.bind(v)?;
        }
        let function = self.function;
        let results = self.check_block(&function.body)?;
        if self.is_main && !results.is_empty() {
            return self.fail("`main` has results");
        }
        Ok(())
    }

    /// Checks a block and returns the types of its results.
    fn check_block(&mut self, block: &'a Block) -> Checked<Vec<VarType>> {
        for stmt in &block.stmts {
            self.current_stmt = Some(stmt);
            self.check_stmt(stmt)?;
        }
        self.current_stmt = None;
        block.results.iter().map(|atom| self.atom_type(atom)).collect()
    }

    /// Checks a block whose bindings are visible only inside it.
    fn check_nested_block(&mut self, block: &'a Block) -> Checked<Vec<VarType>> {
        let outer_stmt = self.current_stmt;
        let mark = self.bound_in_order.len();
        let result = self.check_block(block);
        for v in self.bound_in_order.drain(mark..) {
            self.is_visible[v.0 as usize] = false;
        }
        if result.is_ok() {
            self.current_stmt = outer_stmt;
        }
        result
    }

    fn check_stmt(&mut self, stmt: &'a Stmt) -> Checked {
        match stmt {
            Stmt::Let { vars, expr } => {
                let types = self.check_expr(expr)?;
                if types.len() != vars.len() {
                    return self.fail(format!("`let` binds {} variables to {} values", vars.len(), types.len()));
                }
                for (&v, &ty) in vars.iter().zip(&types) {
                    if self.ty(v) != ty {
                        return self.fail(format!(
                            "`let` binds {} of type {} to a value of type {ty}",
                            self.name(v),
                            self.ty(v)
                        ));
                    }
                    self.bind(v)?;
                }
                Ok(())
            }
            Stmt::Assert { cond, site: _, payload } => {
                self.check_atom(cond, VarType::Scalar(Scalar::Bool), "condition of `assert`")?;
                if payload.len() > MAX_PAYLOAD_VALUES {
                    return self
                        .fail(format!("`assert` has {} payload values (at most {MAX_PAYLOAD_VALUES})", payload.len()));
                }
                for atom in payload {
                    if self.atom_type(atom)?.is_array() {
                        return self.fail("an array as a payload value of `assert`");
                    }
                }
                Ok(())
            }
            Stmt::Print { text } => {
                self.check_visible(*text)?;
                if self.ty(*text) != VarType::Array(Scalar::Char) {
                    return self.fail(format!(
                        "`print` of {} of type {}, not [char]",
                        self.name(*text),
                        self.ty(*text)
                    ));
                }
                Ok(())
            }
            Stmt::Emit { item: _, ty, value } => {
                if !self.is_main {
                    return self.fail("`emit` outside `main`");
                }
                self.check_repr(ty, value)
            }
            Stmt::Free { vars } => {
                // A `free` may name a variable of a nested block that has
                // ended (a branch's result) or one not bound on this path:
                // it only has to be an array of this function.
                for &v in vars {
                    if !self.ty(v).is_array() {
                        return self.fail(format!("`free` of {} of type {}, not an array", self.name(v), self.ty(v)));
                    }
                }
                Ok(())
            }
        }
    }

    /// The types of the values `expr` yields.
    fn check_expr(&mut self, expr: &'a HostExpr) -> Checked<Vec<VarType>> {
        match expr {
            HostExpr::Atom(atom) => Ok(vec![self.atom_type(atom)?]),
            HostExpr::Unary { op, ty, arg } => {
                self.check_atom(arg, VarType::Scalar(*ty), &format!("operand of `{}`", op.name()))?;
                if !unary_accepts(*op, *ty) {
                    return self.fail(format!("`{}` is not defined on {ty}", op.name()));
                }
                Ok(vec![VarType::Scalar(op.result(*ty))])
            }
            HostExpr::Binary { op, ty, lhs, rhs } => {
                for operand in [lhs, rhs] {
                    self.check_atom(operand, VarType::Scalar(*ty), &format!("operand of `{}`", op.symbol()))?;
                }
                if !binary_accepts(*op, *ty) {
                    return self.fail(format!("`{}` is not defined on {ty}", op.symbol()));
                }
                Ok(vec![VarType::Scalar(op.result(*ty))])
            }
            HostExpr::Bound(atom) => {
                self.check_atom(atom, VarType::Scalar(Scalar::Int), "operand of `bound`")?;
                Ok(vec![VarType::Scalar(Scalar::Int)])
            }
            HostExpr::Length(v) => {
                self.check_visible(*v)?;
                if !self.ty(*v).is_array() {
                    return self.fail(format!("`#` of {}, which is not an array", self.name(*v)));
                }
                Ok(vec![VarType::Scalar(Scalar::Int)])
            }
            HostExpr::Array { elem, items } => {
                for item in items {
                    self.check_atom(item, VarType::Scalar(*elem), "array item")?;
                }
                Ok(vec![VarType::Array(*elem)])
            }
            HostExpr::HostOp { op, args } => {
                let types = args.iter().map(|a| self.atom_type(a)).collect::<Checked<Vec<_>>>()?;
                match crate::host_ops::signature(op, &types) {
                    Ok(results) => Ok(results),
                    Err(message) => self.fail(message),
                }
            }
            HostExpr::Run { kernel, args } => {
                let kernel = self.program.kernel(*kernel);
                let params: Vec<VarType> = kernel.params.iter().map(|&v| kernel.var(v).ty).collect();
                self.check_args(args, &params, &format!("kernel `{}`", kernel.name))?;
                Ok(kernel.results.iter().map(|&v| kernel.var(v).ty).collect())
            }
            HostExpr::Call { func, args } => {
                let callee = self.program.function(*func);
                let params: Vec<VarType> = callee.params.iter().map(|&v| callee.var(v).ty).collect();
                self.check_args(args, &params, &format!("function `{}`", callee.name))?;
                Ok(callee
                    .body
                    .results
                    .iter()
                    .map(|atom| match atom {
                        Atom::Var(v) => callee.var(*v).ty,
                        Atom::Const(c) => VarType::Scalar(c.scalar()),
                    })
                    .collect())
            }
            HostExpr::If { cond, then_block, else_block } => {
                self.check_atom(cond, VarType::Scalar(Scalar::Bool), "condition of `if`")?;
                let then_types = self.check_nested_block(then_block)?;
                let else_types = self.check_nested_block(else_block)?;
                if then_types != else_types {
                    return self.fail(format!(
                        "the branches of `if` yield {} and {}",
                        var_types_text(&then_types),
                        var_types_text(&else_types)
                    ));
                }
                Ok(then_types)
            }
            HostExpr::Time { block } => {
                let mut types = self.check_nested_block(block)?;
                types.push(VarType::Scalar(Scalar::Float));
                Ok(types)
            }
        }
    }

    fn check_args(&self, args: &[Atom], params: &[VarType], callee: &str) -> Checked {
        if args.len() != params.len() {
            return self.fail(format!("{callee} takes {} arguments, not {}", params.len(), args.len()));
        }
        for (i, (arg, &want)) in args.iter().zip(params).enumerate() {
            self.check_atom(arg, want, &format!("argument {i} of {callee}"))?;
        }
        Ok(())
    }

    /// Checks that `repr` represents a NESL value of type `ty` (note
    /// [segment descriptors]).
    fn check_repr(&self, ty: &Type, repr: &Repr) -> Checked {
        match (ty, repr) {
            (Type::Int | Type::Float | Type::Bool | Type::Char, Repr::Scalar(atom)) => {
                let want = Scalar::of(ty).map_or(VarType::Scalar(Scalar::Int), VarType::Scalar);
                self.check_atom(atom, want, "emitted scalar")
            }
            (Type::Pair(a, b), Repr::Tuple(items)) if items.len() == 2 => {
                self.check_repr(a, &items[0])?;
                self.check_repr(b, &items[1])
            }
            (Type::Data(id), Repr::Tuple(items)) => {
                let fields = self.datatype_fields(id.0)?;
                if fields.len() != items.len() {
                    return self.fail(format!(
                        "the datatype {} has {} fields, but its representation has {}",
                        id.0,
                        fields.len(),
                        items.len()
                    ));
                }
                fields.iter().zip(items).try_for_each(|(field, item)| self.check_repr(field, item))
            }
            (Type::Seq(element), Repr::Seq(seq)) => self.check_seq_repr(element, seq),
            _ => self.fail(format!(
                "the representation does not fit the type {}",
                ty.display(&nesl_frontend::types::NoData)
            )),
        }
    }

    fn datatype_fields(&self, id: u32) -> Checked<&'a [Type]> {
        match self.program.datatypes.get(id as usize) {
            Some(def) => Ok(&def.fields),
            None => self
                .fail(format!("the datatype {id} does not exist (the program has {})", self.program.datatypes.len())),
        }
    }

    /// Checks that `seq` represents a sequence of elements of type `element`.
    fn check_seq_repr(&self, element: &Type, seq: &SeqRepr) -> Checked {
        match (element, seq) {
            (Type::Int | Type::Float | Type::Bool | Type::Char, SeqRepr::Array(v)) => {
                let want = Scalar::of(element).map_or(VarType::Array(Scalar::Int), VarType::Array);
                self.check_atom(&Atom::Var(*v), want, "emitted column")
            }
            (Type::Pair(a, b), SeqRepr::Tuple(columns)) if columns.len() == 2 => {
                self.check_seq_repr(a, &columns[0])?;
                self.check_seq_repr(b, &columns[1])
            }
            (Type::Data(id), SeqRepr::Tuple(columns)) => {
                let fields = self.datatype_fields(id.0)?;
                if fields.len() != columns.len() {
                    return self.fail(format!(
                        "the datatype {} has {} fields, but its sequence representation has {} columns",
                        id.0,
                        fields.len(),
                        columns.len()
                    ));
                }
                if columns.is_empty() {
                    return self.fail("a sequence of a datatype without fields has no column to give its length");
                }
                fields.iter().zip(columns).try_for_each(|(field, column)| self.check_seq_repr(field, column))
            }
            (Type::Seq(inner), SeqRepr::Nested { lengths, offsets, elements }) => {
                self.check_atom(&Atom::Var(*lengths), VarType::Array(Scalar::Int), "segment lengths")?;
                self.check_atom(&Atom::Var(*offsets), VarType::Array(Scalar::Int), "segment offsets")?;
                self.check_seq_repr(inner, elements)
            }
            _ => self.fail(format!(
                "the sequence representation does not fit the element type {}",
                element.display(&nesl_frontend::types::NoData)
            )),
        }
    }
}
