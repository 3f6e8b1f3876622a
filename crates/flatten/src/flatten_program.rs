//! The driver of flattening: the program's state ([`Flattener`]), the state
//! of one host function being built ([`FnCx`]), and `main`, built from the
//! top-level items in order.
//!
//! Every other file adds the methods of [`FnCx`] for one construct.
//! Functions are flattened on demand, when a call needs them, and memoised
//! by [`FunctionKey`] (see `lift_functions.rs`), so each host version and
//! each lifted version of a function exists once.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use nesl_frontend::SourceMap;
use nesl_frontend::tast::{self, ExprId, FuncId as TastFuncId, TopItemKind};

use crate::analysis::Analysis;
use crate::context::{Levels, SourceScope};
use crate::error::{FlattenError, Result};
use crate::faults::{Attribution, FaultSites};
use crate::host_code::FunctionBuilder;
use crate::ir::{
    Atom, Const, FaultId, FlatProgram, FuncId, HostExpr, HostFunction, HostVar, Kernel, KernelId, Soac, Stmt, VarType,
};
use crate::kernel_code::KernelBuilder;
use crate::representation::{Shape, Val};

/// Identifies one flattened version of a source function.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct FunctionKey {
    pub func: TastFuncId,
    /// `None` for the host version; for a lifted version, the shape of each
    /// argument.
    pub shapes: Option<Vec<Shape>>,
    /// For a library function that may fault: the user call site its faults
    /// are reported at.
    pub attribution: Option<Attribution>,
}

/// The whole program's state while flattening.
pub(crate) struct Flattener<'p> {
    pub program: &'p tast::Program,
    pub sources: &'p SourceMap,
    pub analysis: Analysis,
    pub faults: FaultSites,
    pub kernels: Vec<Kernel>,
    /// Indexed by [`FuncId`]; `None` while the function is being built.
    pub functions: Vec<Option<HostFunction>>,
    pub memo: HashMap<FunctionKey, FuncId>,
    /// The leaves of the thunk of a scalar expression, memoised (see
    /// `scalar_code.rs`).
    pub plans: HashMap<ExprId, Option<Rc<[ExprId]>>>,
    /// The host functions of the radix sort's passes, once built
    /// (`sort_prims.rs`): of keys alone, and of keys with an order.
    pub radix_sort_pass: [Option<FuncId>; 2],
    kernel_names: HashSet<String>,
    function_names: HashSet<String>,
}

impl<'p> Flattener<'p> {
    fn new(program: &'p tast::Program, sources: &'p SourceMap) -> Flattener<'p> {
        Flattener {
            program,
            sources,
            analysis: Analysis::new(program),
            faults: FaultSites::default(),
            kernels: Vec::new(),
            functions: Vec::new(),
            memo: HashMap::new(),
            plans: HashMap::new(),
            radix_sort_pass: [None, None],
            kernel_names: HashSet::new(),
            // `main` is the top-level forms' function (`random_keys.rs`
            // tells it by name).
            function_names: HashSet::from(["main".to_string()]),
        }
    }

    /// A kernel name not taken yet: `dotp_map`, then `dotp_map_2`.
    fn kernel_name(&mut self, function: &str, op: &str) -> String {
        let base: String = format!("{function}_{op}")
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' })
            .collect();
        unique_name(&mut self.kernel_names, base)
    }

    /// A host function name not taken yet.
    pub fn function_name(&mut self, base: String) -> String {
        unique_name(&mut self.function_names, base)
    }

    /// Reserves the id of a function about to be built.
    pub fn reserve_function(&mut self) -> FuncId {
        self.functions.push(None);
        FuncId(self.functions.len() as u32 - 1)
    }
}

fn unique_name(taken: &mut HashSet<String>, base: String) -> String {
    let mut name = base.clone();
    let mut k = 2;
    while taken.contains(&name) {
        name = format!("{base}_{k}");
        k += 1;
    }
    taken.insert(name.clone());
    name
}

/// One host function being built from one source body.
pub(crate) struct FnCx<'a, 'p> {
    pub fl: &'a mut Flattener<'p>,
    pub fb: FunctionBuilder,
    pub levels: Levels,
    pub scope: SourceScope,
    /// The apply-to-each of the host context being flattened, if any: the
    /// region printing inside an apply-to-each is judged by
    /// (`segmented_prims.rs`).
    pub parallel_region: Option<ExprId>,
    /// The texts of the prints of `parallel_region` so far, when it prints
    /// more than once per element: printed together, interleaved by
    /// element, when the region ends (`host_prims.rs`).
    pub pending_prints: Vec<crate::host_prims::PendingPrint>,
    /// The level of the instances that run `parallel_region`'s body (after
    /// its filter): where code runs once per element.
    pub region_body_level: Option<crate::context::LevelId>,
    /// The seed of the top-level forms' random keys as this function has
    /// it now, and the block where it may change: `main`'s (from 0), and
    /// that of every host version of a function that calls `rand_seed`
    /// (a parameter, returned after the result), `None` elsewhere (see
    /// note [rand_seed on the host] in `random_keys.rs`).
    pub seed: Option<crate::random_keys::SeedState>,
    /// What is known of some arrays this function binds, for element
    /// totals the host knows without reading the device (note [host-known
    /// totals] in `gather.rs`).
    pub facts: crate::gather::ArrayFacts,
}

impl<'a, 'p> FnCx<'a, 'p> {
    pub fn new(fl: &'a mut Flattener<'p>, fb: FunctionBuilder, levels: Levels, scope: SourceScope) -> FnCx<'a, 'p> {
        FnCx {
            fl,
            fb,
            levels,
            scope,
            parallel_region: None,
            pending_prints: Vec::new(),
            region_body_level: None,
            seed: None,
            facts: crate::gather::ArrayFacts::default(),
        }
    }

    pub fn program(&self) -> &'p tast::Program {
        self.fl.program
    }

    pub fn expr(&self, e: ExprId) -> &'p tast::Expr {
        &self.fl.program.exprs[e]
    }

    /// "not supported yet: `construct` at file:line:col", at the user's
    /// call when the construct is in the library.
    pub fn unsupported(&self, construct: impl Into<String>, e: ExprId) -> FlattenError {
        let span = self.expr(e).span;
        match &self.scope.called_from {
            Some(call) if self.fl.sources.file(span.file).is_library => FlattenError::not_supported(
                self.fl.sources,
                format!("{} (inside `{}`, a function of nessie's NESL library)", construct.into(), self.scope.name),
                call.call_span,
            ),
            _ => FlattenError::not_supported(self.fl.sources, construct, span),
        }
    }

    /// The fault site of the operation `e` failing with `message`.
    pub fn fault(&mut self, e: ExprId, message: String) -> FaultId {
        let span = self.expr(e).span;
        self.fault_at(span, message, None)
    }

    /// A fault site at `span`; `running` overrides the name of the function
    /// whose body the operation is in (for inlined functions).
    pub fn fault_at(
        &mut self,
        span: nesl_frontend::Span,
        message: String,
        inlined: Option<(&str, Option<&Attribution>)>,
    ) -> FaultId {
        let (running, attribution) = match inlined {
            Some((running, attribution)) => (running.to_string(), attribution),
            None => (self.scope.name.clone(), self.scope.attribution.as_ref()),
        };
        self.fl.faults.site(self.fl.sources, span, message, &running, attribution)
    }

    /// Runs the one-SOAC kernel `soac` built with `kb`; binds and returns
    /// its results.
    pub fn run_kernel(
        &mut self,
        kb: KernelBuilder,
        op: &str,
        soac: Soac,
        results: &[(String, VarType)],
    ) -> Vec<HostVar> {
        let (mut kernel, args) = kb.finish(soac, results);
        kernel.name = self.fl.kernel_name(&self.scope.name, op);
        let id = KernelId(self.fl.kernels.len() as u32);
        self.fl.kernels.push(kernel);
        let vars: Vec<HostVar> = results.iter().map(|(name, ty)| self.fb.var(name.clone(), *ty)).collect();
        self.fb.push(Stmt::Let { vars: vars.clone(), expr: HostExpr::Run { kernel: id, args } });
        vars
    }
}

/// Flattens the typed program: `main` from the top-level items, and every
/// function it reaches.
pub(crate) fn flatten(program: &tast::Program, sources: &SourceMap) -> Result<FlatProgram> {
    let keyed = crate::random_keys::thread_keys(program);
    let program = keyed.as_ref().unwrap_or(program);
    let mut fl = Flattener::new(program, sources);
    let scope = SourceScope {
        name: "main".to_string(),
        attribution: None,
        called_from: None,
        locals: Vec::new(),
        local_names: Vec::new(),
        globals: HashMap::new(),
    };
    let mut main = FnCx::new(&mut fl, FunctionBuilder::new("main"), Levels::host(), scope);
    main.seed =
        Some(crate::random_keys::SeedState { seed: Atom::Const(Const::Int(0)), block: main.fb.current_block() });
    for (index, item) in program.items.iter().enumerate() {
        main.scope.locals = vec![None; item.locals.len()];
        main.scope.local_names = item.locals.iter().map(|l| l.name.clone()).collect();
        let value = match &item.kind {
            TopItemKind::Bind { value, .. } | TopItemKind::Expr { value } => *value,
        };
        let first_var = main.fb.function.vars.len() as u32;
        let repr = main.compile_host(value)?;
        if let TopItemKind::Bind { pattern, .. } = &item.kind {
            main.bind_pattern(pattern, Val::Uniform(repr.clone()), first_var)?;
        }
        main.fb.push(Stmt::Emit { item: index, ty: program.item_type(item).clone(), value: repr });
    }
    let mut main = main.fb.finish(Vec::new());
    let mut functions = fl
        .functions
        .into_iter()
        .map(|f| f.ok_or_else(|| FlattenError::bug("a function was reserved and never built")))
        .collect::<Result<Vec<_>>>()?;
    for f in functions.iter_mut().chain(std::iter::once(&mut main)) {
        name_kernel_vars_after(&mut fl.kernels, f, &f.body.clone());
    }
    Ok(FlatProgram {
        kernels: fl.kernels,
        functions,
        main,
        fault_sites: fl.faults.sites,
        datatypes: program.datatypes.clone(),
    })
}

/// Names each kernel's parameters and results after the host variables its
/// `run` passes and binds (the host names are final only once the `let`s
/// that bind them are flattened). Flattening runs each kernel once.
fn name_kernel_vars_after(kernels: &mut [Kernel], function: &HostFunction, block: &crate::ir::Block) {
    for stmt in &block.stmts {
        let Stmt::Let { vars, expr } = stmt else { continue };
        match expr {
            HostExpr::Run { kernel, args } => {
                let kernel = &mut kernels[kernel.0 as usize];
                for (param, arg) in kernel.params.clone().iter().zip(args) {
                    if let crate::ir::Atom::Var(v) = arg {
                        kernel.vars[param.0 as usize].name = function.var(*v).name.clone();
                    }
                }
                for (result, v) in kernel.results.clone().iter().zip(vars) {
                    kernel.vars[result.0 as usize].name = function.var(*v).name.clone();
                }
            }
            HostExpr::If { then_block, else_block, .. } => {
                name_kernel_vars_after(kernels, function, then_block);
                name_kernel_vars_after(kernels, function, else_block);
            }
            HostExpr::Time { block } => name_kernel_vars_after(kernels, function, block),
            _ => {}
        }
    }
}
