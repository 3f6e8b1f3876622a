//! Global-memory traffic: how many bytes each kernel launch reads and
//! writes, as a formula of the host sizes ([`Poly`]), and its value for
//! actual sizes.
//!
//! The estimate of one `run`:
//!
//! - **reads**: each SOAC reads, per element of its index space, each
//!   distinct `A[e]` of its thunks once (an operator's or a predicate's
//!   reads once per element too, a `ONCE`'s once), but FILTERs that pull
//!   their elements together (`horizontal-filters`,
//!   [`crate::shared_traversals`]) read the pull once; a segmented SOAC reads
//!   its segment descriptor once (a segment search counts as one read);
//!   a `SCATTER` reads its base. Lengths (`#A`) cost nothing: the host
//!   knows them.
//! - **writes**: every array a SOAC binds, at its length (a `FILTER`'s at
//!   the length of its result), and every scalar.
//!
//! The sizes are the host's: a kernel's `#xs` is the length of the array
//! `run` passes, resolved through host `let`s as [`crate::sizes`] does, so
//! formulas read like `24·#xs + 16`. A formula that is not a polynomial of
//! lengths and scalars keeps the rest as a symbol.

use std::collections::{BTreeMap, HashMap};
use std::fmt;

use flatten::ir::{
    Atom, BinaryOp, Block, FlatProgram, GExpr, HostExpr, HostFunction, HostVar, KVar, Kernel, Soac, Stmt,
};

use crate::gexpr::{Role, for_each_expr, structural_uses};
use crate::sizes::{ArgResolver, FunctionSizes, SymSize};

/// A variable of a traffic formula.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symbol {
    /// The value of a host int scalar.
    Value(HostVar),
    /// The length of a host array.
    Length(HostVar),
    /// Anything else, by its text.
    Opaque(String),
}

/// A product of symbols (sorted), the empty product being 1.
type Monomial = Vec<Symbol>;

/// A polynomial with integer coefficients over [`Symbol`]s, kept
/// canonical: no zero coefficients, monomials sorted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Poly {
    terms: BTreeMap<Monomial, i64>,
}

impl Poly {
    pub fn zero() -> Poly {
        Poly::default()
    }

    pub fn constant(c: i64) -> Poly {
        let mut p = Poly::zero();
        p.add_term(Vec::new(), c);
        p
    }

    pub fn symbol(s: Symbol) -> Poly {
        let mut p = Poly::zero();
        p.add_term(vec![s], 1);
        p
    }

    fn add_term(&mut self, monomial: Monomial, coefficient: i64) {
        let entry = self.terms.entry(monomial).or_insert(0);
        *entry = entry.saturating_add(coefficient);
        self.terms.retain(|_, c| *c != 0);
    }

    pub fn plus(&self, other: &Poly) -> Poly {
        let mut sum = self.clone();
        for (m, &c) in &other.terms {
            sum.add_term(m.clone(), c);
        }
        sum
    }

    pub fn minus(&self, other: &Poly) -> Poly {
        self.plus(&other.scaled(-1))
    }

    pub fn scaled(&self, k: i64) -> Poly {
        let mut p = Poly::zero();
        for (m, &c) in &self.terms {
            p.add_term(m.clone(), c.saturating_mul(k));
        }
        p
    }

    pub fn times(&self, other: &Poly) -> Poly {
        let mut p = Poly::zero();
        for (ma, &ca) in &self.terms {
            for (mb, &cb) in &other.terms {
                let mut m: Monomial = ma.iter().chain(mb).cloned().collect();
                m.sort();
                p.add_term(m, ca.saturating_mul(cb));
            }
        }
        p
    }

    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    /// Every symbol the formula uses.
    pub fn symbols(&self) -> Vec<Symbol> {
        let mut symbols: Vec<Symbol> = self.terms.keys().flatten().cloned().collect();
        symbols.sort();
        symbols.dedup();
        symbols
    }

    /// The value for the symbols' values `value` gives; `None` if one is
    /// missing.
    pub fn evaluate(&self, value: &dyn Fn(&Symbol) -> Option<f64>) -> Option<f64> {
        let mut total = 0.0;
        for (m, &c) in &self.terms {
            let mut term = c as f64;
            for s in m {
                term *= value(s)?;
            }
            total += term;
        }
        Some(total)
    }

    /// The formula as text (`24·#xs + 8`), symbols named by `name`.
    pub fn display<'a>(&'a self, name: &'a dyn Fn(&Symbol) -> String) -> impl fmt::Display + 'a {
        DisplayPoly { poly: self, name }
    }

    /// The polynomial of a symbolic size.
    pub fn of_size(size: &SymSize) -> Poly {
        match size {
            SymSize::Const(c) => Poly::constant(*c),
            SymSize::Var(v) => Poly::symbol(Symbol::Value(*v)),
            SymSize::Length(v) => Poly::symbol(Symbol::Length(*v)),
            SymSize::KernelLocal(text) => Poly::symbol(Symbol::Opaque(text.clone())),
            SymSize::Binary(op, lhs, rhs) => match op {
                BinaryOp::Add => Poly::of_size(lhs).plus(&Poly::of_size(rhs)),
                BinaryOp::Sub => Poly::of_size(lhs).minus(&Poly::of_size(rhs)),
                BinaryOp::Mul => Poly::of_size(lhs).times(&Poly::of_size(rhs)),
                _ => Poly::symbol(Symbol::Opaque(format!("{size:?}"))),
            },
        }
    }
}

struct DisplayPoly<'a> {
    poly: &'a Poly,
    name: &'a dyn Fn(&Symbol) -> String,
}

impl fmt::Display for DisplayPoly<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.poly.terms.is_empty() {
            return f.write_str("0");
        }
        // Highest degree first, constants last.
        let mut terms: Vec<(&Monomial, &i64)> = self.poly.terms.iter().collect();
        terms.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then_with(|| a.0.cmp(b.0)));
        for (k, (monomial, &coefficient)) in terms.into_iter().enumerate() {
            let magnitude = coefficient.unsigned_abs();
            match (k, coefficient < 0) {
                (0, true) => f.write_str("-")?,
                (0, false) => {}
                (_, true) => f.write_str(" - ")?,
                (_, false) => f.write_str(" + ")?,
            }
            let factors: Vec<String> = monomial.iter().map(|s| (self.name)(s)).collect();
            match (magnitude, factors.is_empty()) {
                (m, true) => write!(f, "{m}")?,
                (1, false) => write!(f, "{}", factors.join("·"))?,
                (m, false) => write!(f, "{m}·{}", factors.join("·"))?,
            }
        }
        Ok(())
    }
}

/// The names host variables print with (as the flat-IR printer names
/// them: a name several variables share gets the variable's number).
pub fn host_var_names(function: &HostFunction) -> Vec<String> {
    let mut count: HashMap<&str, usize> = HashMap::new();
    for v in &function.vars {
        *count.entry(v.name.as_str()).or_default() += 1;
    }
    function
        .vars
        .iter()
        .enumerate()
        .map(
            |(i, v)| {
                if count[v.name.as_str()] > 1 || v.name.is_empty() { format!("{}_{i}", v.name) } else { v.name.clone() }
            },
        )
        .collect()
}

/// A namer for the symbols of one function's formulas.
pub fn symbol_namer(function: &HostFunction) -> impl Fn(&Symbol) -> String {
    let names = host_var_names(function);
    move |s: &Symbol| match s {
        Symbol::Value(v) => names.get(v.0 as usize).cloned().unwrap_or_else(|| format!("v{}", v.0)),
        Symbol::Length(v) => format!("#{}", names.get(v.0 as usize).cloned().unwrap_or_else(|| format!("v{}", v.0))),
        Symbol::Opaque(text) => text.clone(),
    }
}

/// The traffic of one `run` statement.
#[derive(Clone, Debug)]
pub struct RunTraffic {
    pub kernel: String,
    pub bytes_read: Poly,
    pub bytes_written: Poly,
}

impl RunTraffic {
    pub fn total(&self) -> Poly {
        self.bytes_read.plus(&self.bytes_written)
    }
}

/// The traffic of every run of one host function (all its regions).
#[derive(Clone, Debug)]
pub struct FunctionTraffic {
    pub function: String,
    pub runs: Vec<RunTraffic>,
    /// The sum over the runs (each counted once).
    pub total: Poly,
    /// How its symbols print.
    pub symbol_names: HashMap<Symbol, String>,
}

impl FunctionTraffic {
    /// The total as text.
    pub fn formula(&self) -> String {
        let name = |s: &Symbol| self.symbol_names.get(s).cloned().unwrap_or_else(|| format!("{s:?}"));
        self.total.display(&name).to_string()
    }
}

/// The static traffic estimate of a program, function by function (`main`
/// last).
#[derive(Clone, Debug)]
pub struct TrafficEstimate {
    pub functions: Vec<FunctionTraffic>,
}

impl TrafficEstimate {
    pub fn of_program(program: &FlatProgram) -> TrafficEstimate {
        let functions = program
            .functions
            .iter()
            .chain(std::iter::once(&program.main))
            .map(|f| function_traffic(program, f))
            .collect();
        TrafficEstimate { functions }
    }

    /// The estimate of the function named `name`.
    pub fn function(&self, name: &str) -> Option<&FunctionTraffic> {
        self.functions.iter().find(|f| f.function == name)
    }

    /// The program's total, every run counted once, with each function's
    /// symbols given the function's name (`norm2:#xs`).
    pub fn total_formula(&self) -> String {
        let parts: Vec<String> = self
            .functions
            .iter()
            .filter(|f| !f.total.is_zero())
            .map(|f| {
                let name = |s: &Symbol| {
                    let plain = f.symbol_names.get(s).cloned().unwrap_or_else(|| format!("{s:?}"));
                    if f.function == "main" { plain } else { format!("{}:{plain}", f.function) }
                };
                f.total.display(&name).to_string()
            })
            .collect();
        if parts.is_empty() { "0".to_string() } else { parts.join(" + ") }
    }
}

fn function_traffic(program: &FlatProgram, function: &HostFunction) -> FunctionTraffic {
    let sizes = FunctionSizes::of_function(program, function);
    let mut runs = Vec::new();
    collect_run_traffic(program, &sizes, &function.body, &mut runs);
    let total = runs.iter().fold(Poly::zero(), |sum, r| sum.plus(&r.total()));
    let namer = symbol_namer(function);
    let mut symbol_names = HashMap::new();
    for run in &runs {
        for s in run.total().symbols() {
            let name = namer(&s);
            symbol_names.insert(s, name);
        }
    }
    FunctionTraffic { function: function.name.clone(), runs, total, symbol_names }
}

fn collect_run_traffic(program: &FlatProgram, sizes: &FunctionSizes, block: &Block, out: &mut Vec<RunTraffic>) {
    for stmt in &block.stmts {
        let Stmt::Let { vars, expr } = stmt else { continue };
        match expr {
            HostExpr::Run { kernel, args } => out.push(run_traffic(program.kernel(*kernel), args, vars, sizes)),
            HostExpr::If { then_block, else_block, .. } => {
                collect_run_traffic(program, sizes, then_block, out);
                collect_run_traffic(program, sizes, else_block, out);
            }
            HostExpr::Time { block } => collect_run_traffic(program, sizes, block, out),
            _ => {}
        }
    }
}

/// The traffic of `run kernel(args)` binding `results`.
pub fn run_traffic(kernel: &Kernel, args: &[Atom], results: &[HostVar], sizes: &FunctionSizes) -> RunTraffic {
    let resolver = ArgResolver { kernel, args, sizes };
    let size_poly = |e: &GExpr| resolver.resolve(e).map(|s| Poly::of_size(&s));
    let length_poly = |v: KVar| -> Poly {
        // A result the run returns is named by its host variable.
        if let Some(position) = kernel.results.iter().position(|&r| r == v)
            && let Some(&host) = results.get(position)
            && matches!(resolver.result_length(v), Some(SymSize::KernelLocal(_)) | None)
        {
            return Poly::symbol(Symbol::Length(sizes.canonical_array(host)));
        }
        match resolver.length_of(v) {
            Some(size) => Poly::of_size(&size),
            None => Poly::symbol(Symbol::Opaque(format!("#{}", kernel.var(v).name))),
        }
    };
    let bytes = |v: KVar| kernel.var(v).ty.scalar().size_bytes() as i64;
    let is_global = |v: KVar| kernel.var(v).ty.is_array();
    let mut read = Poly::zero();
    let mut written = Poly::zero();
    // The FILTERs whose pull another of their group reads for them.
    let pulled_by_another: Vec<usize> =
        crate::shared_traversals::filter_groups(kernel).into_iter().flat_map(|g| g.into_iter().skip(1)).collect();
    for (position, binding) in kernel.body.iter().enumerate() {
        let soac = &binding.soac;
        let shares_its_pull = pulled_by_another.contains(&position);
        let elements = match soac {
            Soac::Map { size, .. }
            | Soac::Reduce { size, .. }
            | Soac::Scan { size, .. }
            | Soac::Filter { size, .. }
            | Soac::Permute { size, .. }
            | Soac::Scatter { size, .. }
            | Soac::RadixPass { size, .. }
            | Soac::SegmentIds { size, .. } => size_poly(size),
            Soac::SegScan { elements, .. } => size_poly(elements),
            Soac::SegReduce { segments, pull, .. } => {
                // The flat elements: the length of what the pull reads at
                // its own index, else the symbol of the segments' total.
                let mut own = None;
                own_index_array(&pull.body, pull.params[0], &mut own);
                Some(match own {
                    Some(array) => length_poly(array),
                    None => Poly::symbol(Symbol::Opaque(format!("Σ#{}", kernel.var(segments.lengths).name))),
                })
            }
            Soac::Once { .. } => Some(Poly::constant(1)),
        }
        .unwrap_or_else(|| Poly::symbol(Symbol::Opaque(format!("n({})", soac.name()))));
        for_each_expr(soac, |role, expr| {
            let per_evaluation = match role {
                Role::Size => return,
                Role::IndexThunk { .. } if shares_its_pull => return,
                Role::OnceBody => Poly::constant(1),
                _ => elements.clone(),
            };
            let mut sites: Vec<(KVar, GExpr)> = Vec::new();
            collect_reads(expr, &mut sites);
            sites.sort_by_key(|(v, e)| (v.0, format!("{e:?}")));
            sites.dedup();
            for (array, _) in sites {
                if is_global(array) {
                    read = read.plus(&per_evaluation.scaled(bytes(array)));
                }
            }
        });
        for v in structural_uses(soac) {
            read = read.plus(&length_poly(v).scaled(bytes(v)));
        }
        for &r in &binding.results {
            if is_global(r) {
                written = written.plus(&length_poly(r).scaled(bytes(r)));
            } else {
                written = written.plus(&Poly::constant(bytes(r)));
            }
        }
    }
    RunTraffic { kernel: kernel.name.clone(), bytes_read: read, bytes_written: written }
}

/// Every `(array, index)` read in `expr` (segment searches as reads of the
/// offsets).
fn collect_reads(expr: &GExpr, out: &mut Vec<(KVar, GExpr)>) {
    match expr {
        GExpr::Read { array, index } => out.push((*array, (**index).clone())),
        GExpr::SegmentOf { offsets, index } => out.push((*offsets, (**index).clone())),
        GExpr::ParseNumber { chars, start, .. } => out.push((*chars, (**start).clone())),
        _ => {}
    }
    expr.for_each_child(|c| collect_reads(c, out));
}

fn own_index_array(expr: &GExpr, index: KVar, out: &mut Option<KVar>) {
    if let GExpr::Read { array, index: at } = expr
        && **at == GExpr::Var(index)
        && out.is_none()
    {
        *out = Some(*array);
    }
    expr.for_each_child(|c| own_index_array(c, index, out));
}
